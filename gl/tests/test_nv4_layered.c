/* test_nv4_layered.c - NV_geometry_program4's framebuffer additions:
 * FramebufferTextureEXT (layered attachments of 3D and array textures),
 * FramebufferTextureLayerEXT, FramebufferTextureFaceEXT, their errors, the
 * LAYERED / TEXTURE_LAYER attachment queries, the two layered completeness
 * rules, Clear of every layer (section 4.4.7) and result.layer choosing the
 * layer a geometry program's primitives land on.
 *
 * covers: API.FramebufferTextureEXT API.E.GEO4_FBO BIND.R.LAYER
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8, S = 4, L = 3 };

static GLint att(GLenum attachment, GLenum pname)
{
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
    return v;
}

static GLuint make_tex(GLenum target, GLenum ifmt, GLenum fmt, GLenum type, int layers)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(target, t);
    if (target == GL_TEXTURE_2D)
        glTexImage2D(target, 0, (GLint)ifmt, S, S, 0, fmt, type, NULL);
    else if (target == GL_TEXTURE_1D_ARRAY_EXT)
        glTexImage2D(target, 0, (GLint)ifmt, S, layers, 0, fmt, type, NULL);
    else if (target == GL_TEXTURE_CUBE_MAP)
        for (int f = 0; f < 6; f++)
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, (GLint)ifmt, S, S, 0, fmt, type, NULL);
    else
        glTexImage3D(target, 0, (GLint)ifmt, S, S, layers, 0, fmt, type, NULL);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    return t;
}

/* Texel (x, y) of layer l of the bound 2D array / 3D texture, RGBA8. */
static void texel(GLenum target, int l, int x, int y, GLubyte out[4])
{
    GLubyte all[L][S * S * 4];
    memset(all, 0x77, sizeof all);
    glGetTexImage(target, 0, GL_RGBA, GL_UNSIGNED_BYTE, all);
    memcpy(out, &all[l][(y * S + x) * 4], 4);
}

static void check_texel(GLenum target, int l, int x, int y, int r, int g, int b, int a, int line)
{
    GLubyte t[4];
    texel(target, l, x, y, t);
    if (t[0] != r || t[1] != g || t[2] != b || t[3] != a) {
        fprintf(stderr, "%s:%d: layer %d texel (%d,%d) = (%d,%d,%d,%d), want (%d,%d,%d,%d)\n", __FILE__,
                line, l, x, y, t[0], t[1], t[2], t[3], r, g, b, a);
        gt_failures++;
    }
}
#define CHECK_TEXEL(target, l, x, y, r, g, b, a) check_texel(target, l, x, y, r, g, b, a, __LINE__)

static void test_errors_and_queries(void)
{
    GT_EQ_INT(GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, 0x8DA7);
    GT_EQ_INT(GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT, 0x8CD4);
    GT_EQ_INT(GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT, 0x8DA8);
    GT_EQ_INT(GL_FRAMEBUFFER_INCOMPLETE_LAYER_COUNT_EXT, 0x8DA9);
    GLuint arr = make_tex(GL_TEXTURE_2D_ARRAY_EXT, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, L);
    GLuint tex2d = make_tex(GL_TEXTURE_2D, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 1);
    GLuint cube = make_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 1);
    GLuint tbo;
    glGenTextures(1, &tbo);
    glBindTexture(GL_TEXTURE_BUFFER_ARB, tbo);

    /* the default framebuffer takes no attachments */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);

    /* FramebufferTextureEXT: not a texture -> INVALID_VALUE; a buffer
     * texture -> INVALID_OPERATION; bad level -> INVALID_VALUE; bad
     * attachment -> INVALID_ENUM */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 9999, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tbo, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_TEXTURE_2D, arr, 0);
    GT_ERROR(GL_INVALID_ENUM);
    glFramebufferTextureEXT(GL_TEXTURE_2D, GL_COLOR_ATTACHMENT0, arr, 0);
    GT_ERROR(GL_INVALID_ENUM);
    /* FramebufferTextureLayerEXT: 3D or array only, layer >= 0 */
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 9999, 0, 0);
    GT_ERROR(GL_INVALID_VALUE);
    /* FramebufferTextureFaceEXT: cube maps only, a face enum */
    glFramebufferTextureFaceEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0, GL_TEXTURE_CUBE_MAP_POSITIVE_X);
    GT_ERROR(GL_INVALID_OPERATION);
    glFramebufferTextureFaceEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0, GL_TEXTURE_2D);
    GT_ERROR(GL_INVALID_ENUM);
    glFramebufferTextureFaceEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 9999, 0, GL_TEXTURE_CUBE_MAP_POSITIVE_X);
    GT_ERROR(GL_INVALID_VALUE);

    /* queries of each kind of attachment */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT), GL_TRUE);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT), 0);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), (GLint)arr);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, 2);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT), GL_FALSE);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT), 2);
    glFramebufferTextureFaceEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0, GL_TEXTURE_CUBE_MAP_NEGATIVE_Y);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT), GL_FALSE);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE),
              GL_TEXTURE_CUBE_MAP_NEGATIVE_Y);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    /* FramebufferTextureEXT of a 2D texture is not layered */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT), GL_FALSE);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    /* texture 0 detaches */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);
    GT_ERROR(GL_NO_ERROR);

    /* completeness: layered + non-layered -> LAYER_TARGETS */
    GLuint arr2 = make_tex(GL_TEXTURE_2D_ARRAY_EXT, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, L);
    GLuint arr_short = make_tex(GL_TEXTURE_2D_ARRAY_EXT, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, L - 1);
    GLuint vol = make_tex(GL_TEXTURE_3D, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, L);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex2d, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT);
    /* layered colour attachments of different targets -> LAYER_TARGETS */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, vol, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT);
    /* same target, different layer counts -> LAYER_COUNT */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr_short, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_LAYER_COUNT_EXT);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr2, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    /* an incomplete framebuffer does not draw */
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, arr_short, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    GLuint all[] = {arr, tex2d, cube, tbo, arr2, arr_short, vol};
    glDeleteTextures(7, all);
    GT_ERROR(GL_NO_ERROR);
}

/* Section 4.4.7: Clear clears every layer; reads use layer 0; a geometry
 * program's result.layer picks the layer. */
static void test_layered_rendering(GLenum target)
{
    GLuint t = make_tex(target, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, L);
    /* a layered depth attachment too where the target has depth formats
     * (3D textures have none) */
    GLuint depth = 0;
    if (target != GL_TEXTURE_3D)
        depth = make_tex(target, GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, L);
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
    if (depth)
        glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, depth, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, S, S);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(1, 1, 0, 0, 1, 1, 0.01f); /* reads: layer 0 */

    /* without a geometry program everything lands on layer 0 */
    glColor4f(1, 1, 1, 1);
    glRectf(-1, -1, 0, 0); /* lower-left 2x2 */
    static const char vp[] = "!!NVvp4.0\nMOV result.position, vertex.position;\n"
                             "MOV result.color, vertex.color;\nEND\n";
    static const char fp[] = "!!NVfp4.0\nMOV result.color, fragment.color;\nEND\n";
    static const char gp[] = "!!NVgp4.0\n"
                             "PRIMITIVE_IN TRIANGLES;\n"
                             "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                             "VERTICES_OUT 3;\n"
                             "INT PARAM layer = program.local[0];\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[0].position;\n"
                             "MOV result.color, vertex[0].color;\n"
                             "EMIT;\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[1].position;\n"
                             "MOV result.color, vertex[1].color;\n"
                             "EMIT;\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[2].position;\n"
                             "MOV result.color, vertex[2].color;\n"
                             "EMIT;\n"
                             "END\n";
    GLuint pv = gt_program(GL_VERTEX_PROGRAM_ARB, vp);
    GLuint pf = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    GLuint pg = gt_program(GL_GEOMETRY_PROGRAM_NV, gp);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    /* layer 2: green, upper-right 2x2 */
    glProgramLocalParameterI4iNV(GL_GEOMETRY_PROGRAM_NV, 0, 2, 0, 0, 0);
    glColor4f(0, 1, 0, 1);
    glRectf(0, 0, 1, 1);
    /* layer 1: red, whole */
    glProgramLocalParameterI4iNV(GL_GEOMETRY_PROGRAM_NV, 0, 1, 0, 0, 0);
    glColor4f(1, 0, 0, 1);
    glRectf(-1, -1, 1, 1);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    glBindTexture(target, t);
    CHECK_TEXEL(target, 0, 0, 0, 255, 255, 255, 255); /* glRect on layer 0 */
    CHECK_TEXEL(target, 0, 3, 3, 0, 0, 255, 255);     /* cleared */
    CHECK_TEXEL(target, 1, 0, 0, 255, 0, 0, 255);
    CHECK_TEXEL(target, 1, 3, 3, 255, 0, 0, 255);
    CHECK_TEXEL(target, 2, 0, 0, 0, 0, 255, 255); /* the clear reached layer 2 */
    CHECK_TEXEL(target, 2, 3, 3, 0, 255, 0, 255);
    CHECK_TEXEL(target, 2, 1, 1, 0, 0, 255, 255);

    GLuint progs[] = {pv, pf, pg};
    glDeleteProgramsARB(3, progs);
    glDeleteFramebuffers(1, &fbo);
    GLuint texs[] = {t, depth};
    glDeleteTextures(2, texs);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

static void check_face(int face, int x, int y, int r, int g, int b, int a, int line)
{
    GLubyte all[S * S * 4];
    memset(all, 0x77, sizeof all);
    glGetTexImage(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)face, 0, GL_RGBA, GL_UNSIGNED_BYTE, all);
    const GLubyte *t = &all[(y * S + x) * 4];
    if (t[0] != r || t[1] != g || t[2] != b || t[3] != a) {
        fprintf(stderr, "%s:%d: face %d texel (%d,%d) = (%d,%d,%d,%d), want (%d,%d,%d,%d)\n", __FILE__,
                line, face, x, y, t[0], t[1], t[2], t[3], r, g, b, a);
        gt_failures++;
    }
}
#define CHECK_FACE(f, x, y, r, g, b, a) check_face(f, x, y, r, g, b, a, __LINE__)

/* A layered cube map: six layers in face order (section 4.4.7 table X.4). */
static void test_layered_cube(void)
{
    GLuint cube = make_tex(GL_TEXTURE_CUBE_MAP, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 1);
    /* face 1 (-X) has content before it is attached: it must survive */
    GLubyte px[S * S * 4];
    memset(px, 0x40, sizeof px);
    glTexSubImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_X, 0, 0, 0, S, S, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTextureEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, cube, 0);
    GT_EQ_INT(att(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT), GL_TRUE);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    CHECK_FACE(1, 2, 2, 0x40, 0x40, 0x40, 0x40);

    static const char gp[] = "!!NVgp4.0\n"
                             "PRIMITIVE_IN TRIANGLES;\n"
                             "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                             "VERTICES_OUT 3;\n"
                             "INT PARAM layer = program.local[0];\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[0].position;\n"
                             "MOV result.color, vertex[0].color;\n"
                             "EMIT;\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[1].position;\n"
                             "MOV result.color, vertex[1].color;\n"
                             "EMIT;\n"
                             "MOV.S result.layer.x, layer.x;\n"
                             "MOV result.position, vertex[2].position;\n"
                             "MOV result.color, vertex[2].color;\n"
                             "EMIT;\n"
                             "END\n";
    GLuint pg = gt_program(GL_GEOMETRY_PROGRAM_NV, gp);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glViewport(0, 0, S, S);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT); /* all six faces */
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    glProgramLocalParameterI4iNV(GL_GEOMETRY_PROGRAM_NV, 0, 3, 0, 0, 0); /* -Y */
    glColor4f(1, 0, 0, 1);
    glRectf(-1, -1, 1, 1);
    glProgramLocalParameterI4iNV(GL_GEOMETRY_PROGRAM_NV, 0, 5, 0, 0, 0); /* -Z */
    glColor4f(0, 1, 0, 1);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    GT_ERROR(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    CHECK_FACE(0, 1, 1, 0, 0, 255, 255);
    CHECK_FACE(1, 1, 1, 0, 0, 255, 255);
    CHECK_FACE(2, 1, 1, 0, 0, 255, 255);
    CHECK_FACE(3, 1, 1, 255, 0, 0, 255);
    CHECK_FACE(4, 3, 3, 0, 0, 255, 255);
    CHECK_FACE(5, 3, 3, 0, 255, 0, 255);

    /* redefining a face keeps the others' contents, and the framebuffer
     * still renders to every layer */
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA8, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK_FACE(3, 1, 1, 255, 0, 0, 255);
    CHECK_FACE(2, 1, 1, 0x40, 0x40, 0x40, 0x40);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, S, S);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    for (int f = 0; f < 6; f++)
        CHECK_FACE(f, 0, 0, 255, 255, 255, 255);
    /* a face of another size: not a layered image asmgl can draw */
    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_RGBA8, S / 2, S / 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    GT_CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    glDeleteProgramsARB(1, &pg);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &cube);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_errors_and_queries();
    test_layered_rendering(GL_TEXTURE_2D_ARRAY_EXT);
    test_layered_rendering(GL_TEXTURE_3D);
    test_layered_cube();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_layered");
}
