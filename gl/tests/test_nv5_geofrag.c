/* test_nv5_geofrag.c - the GL side of NV_gpu_program5's geometry and
 * fragment-output features:
 *   - MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV is 32 (LIM.GP5.INVOC),
 *     MAX_DUAL_SOURCE_DRAW_BUFFERS 1, MAX_PATCH_VERTICES 32;
 *   - glPatchParameteri(GL_PATCH_VERTICES, n): 1..32, default 3, other
 *     pnames INVALID_ENUM, n out of range INVALID_VALUE, queryable;
 *   - GL_PATCHES draws: INVALID_OPERATION without a geometry program (no
 *     tessellation stage) or into one that does not take PATCHES; a
 *     PATCHES program refuses every other mode;
 *   - glBlendFunc / glBlendFuncSeparate take the four SRC1 factors
 *     (ARB_blend_func_extended's enums; no GLSL entry points: asmgl does
 *     not advertise the extension);
 *   - fragment.pointcoord with GL_POINT_SPRITE_COORD_ORIGIN LOWER_LEFT:
 *     t = 1/2 + (y_f + 1/2 - y_w) / size (GL 2.1 3.4.1), probed on an
 *     8-pixel point at window (8, 8) through glReadPixels of RGBA8:
 *     pixel (4, 4): s = 0.0625, t = 0.0625; pixel (11, 11): 0.9375, 0.9375;
 *     and without GL_POINT_SPRITE, (0, 0) (asmgl's value; undefined in the
 *     spec).
 *
 * covers: LIM.GP5.INVOC DECL.PRIMITIVE_IN BIND.F.POINTCOORD OPT.ARB_blend_func_extended
 */
#include "gl_test.h"

#include <string.h>

enum { W = 16, H = 16 };

static const char vp_text[] = "!!NVvp5.0\n"
                              "MOV result.position, vertex.position;\n"
                              "MOV result.pointsize, 8;\n"
                              "END\n";
static const char fp_pc_text[] = "!!NVfp5.0\n"
                                 "MOV result.color, {0, 0, 1, 1};\n"
                                 "MOV result.color.xy, fragment.pointcoord;\n"
                                 "END\n";
static const char gp_patch_text[] = "!!NVgp5.0\n"
                                    "PRIMITIVE_IN PATCHES;\n"
                                    "PRIMITIVE_OUT POINTS;\n"
                                    "VERTICES_OUT 1;\n"
                                    "MOV result.position, vertex[0].position;\n"
                                    "EMIT;\n"
                                    "END\n";
static const char gp_points_text[] = "!!NVgp5.0\n"
                                     "PRIMITIVE_IN POINTS;\n"
                                     "PRIMITIVE_OUT POINTS;\n"
                                     "VERTICES_OUT 1;\n"
                                     "MOV result.position, vertex[0].position;\n"
                                     "EMIT;\n"
                                     "END\n";

static void test_limits(void)
{
    GLint v = -1;
    glGetIntegerv(GL_MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV, &v);
    GT_EQ_INT(v, 32);
    glGetIntegerv(GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, &v);
    GT_EQ_INT(v, 1);
    glGetIntegerv(GL_MAX_PATCH_VERTICES, &v);
    GT_EQ_INT(v, 32);
    glGetIntegerv(GL_PATCH_VERTICES, &v);
    GT_EQ_INT(v, 3);
    GT_ERROR(GL_NO_ERROR);
    glPatchParameteri(GL_PATCH_VERTICES, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glPatchParameteri(GL_PATCH_VERTICES, 33);
    GT_ERROR(GL_INVALID_VALUE);
    glPatchParameteri(GL_PATCH_DEFAULT_OUTER_LEVEL, 4);
    GT_ERROR(GL_INVALID_ENUM);
    glPatchParameteri(GL_PATCH_VERTICES, 32);
    GT_ERROR(GL_NO_ERROR);
    glGetIntegerv(GL_PATCH_VERTICES, &v);
    GT_EQ_INT(v, 32);
    glPatchParameteri(GL_PATCH_VERTICES, 1);
}

static void test_blend_enums(void)
{
    static const GLenum f[] = { GL_SRC1_COLOR, GL_ONE_MINUS_SRC1_COLOR, GL_SRC1_ALPHA, GL_ONE_MINUS_SRC1_ALPHA };
    for (int i = 0; i < 4; i++) {
        glBlendFunc(f[i], f[3 - i]);
        GT_ERROR(GL_NO_ERROR);
        GLint s = 0, d = 0;
        glGetIntegerv(GL_BLEND_SRC_RGB, &s);
        glGetIntegerv(GL_BLEND_DST_ALPHA, &d);
        GT_EQ_INT(s, f[i]);
        GT_EQ_INT(d, f[3 - i]);
        glBlendFuncSeparate(GL_ONE, f[i], f[i], GL_ZERO);
        GT_ERROR(GL_NO_ERROR);
    }
    glBlendFunc(GL_ONE, GL_ZERO);
}

static const float pt[2] = { 0.0f, 0.0f };

static void test_patches(void)
{
    gt_program(GL_VERTEX_PROGRAM_ARB, vp_text);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glVertexPointer(2, GL_FLOAT, 0, pt);
    glEnableClientState(GL_VERTEX_ARRAY);
    /* no geometry program: no stage takes patches */
    glDrawArrays(GL_PATCHES, 0, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    GLuint points = gt_program(GL_GEOMETRY_PROGRAM_NV, gp_points_text);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    glDrawArrays(GL_PATCHES, 0, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glDrawArrays(GL_POINTS, 0, 1);
    GT_ERROR(GL_NO_ERROR);
    GLuint patch = gt_program(GL_GEOMETRY_PROGRAM_NV, gp_patch_text);
    glDrawArrays(GL_POINTS, 0, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glDrawArrays(GL_PATCHES, 0, 1);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDeleteProgramsARB(1, &points);
    glDeleteProgramsARB(1, &patch);
    glFinish();
}

static void test_pointcoord(void)
{
    gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_pc_text);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glEnable(GL_VERTEX_PROGRAM_POINT_SIZE);
    glEnable(GL_POINT_SPRITE);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
    GT_ERROR(GL_NO_ERROR);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, 1);
    /* bytes: 0.0625 * 255 = 15.9, 0.9375 * 255 = 239.1: within 1/255 */
    GT_PROBE(4, 4, 0.0625f, 0.0625f, 1, 1, 1.0f / 255);
    GT_PROBE(11, 11, 0.9375f, 0.9375f, 1, 1, 1.0f / 255);
    GT_PROBE(7, 8, 0.4375f, 0.5625f, 1, 1, 1.0f / 255);
    GT_PROBE(3, 3, 0, 0, 0, 0, 0);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);
    glDrawArrays(GL_POINTS, 0, 1);
    GT_PROBE(4, 4, 0.0625f, 0.9375f, 1, 1, 1.0f / 255);
    glDisable(GL_POINT_SPRITE);
    glDrawArrays(GL_POINTS, 0, 1);
    GT_PROBE(4, 4, 0, 0, 1, 1, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_limits();
    test_blend_enums();
    test_patches();
    test_pointcoord();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv5_geofrag");
}
