/* test_tess_api.c - the GL side of NV_tessellation_program5 (no drawing
 * stage yet, so no pixels: the entry points, state and errors):
 *   - TESS_CONTROL_PROGRAM_NV / TESS_EVALUATION_PROGRAM_NV in every program
 *     entry point: ProgramStringARB (a program of the other type, or one
 *     missing its VERTICES_OUT / TESS_MODE, is INVALID_OPERATION with the
 *     error position), BindProgramARB, GetProgramivARB (binding, counts,
 *     limits), GetProgramStringARB, env and local parameters; Enable /
 *     Disable / IsEnabled / GetBooleanv, initially FALSE;
 *   - the parameter buffer targets TESS_CONTROL_ / TESS_EVALUATION_PROGRAM_
 *     PARAMETER_BUFFER_NV: BindBufferBaseNV, GetIntegerIndexedvEXT,
 *     GetIntegerv, ProgramBufferParametersfvNV; MAX_PROGRAM_PATCH_ATTRIBS_NV
 *     32 (>= 30);
 *   - MAX_PATCH_VERTICES 32, MAX_TESS_GEN_LEVEL 64;
 *   - PatchParameterfv: PATCH_DEFAULT_OUTER_LEVEL (1, 1, 1, 1) and
 *     PATCH_DEFAULT_INNER_LEVEL (1, 1) initially, set and queried (floats,
 *     unclamped); other pnames INVALID_ENUM;
 *   - draws (EDGE.PRIM_MODE, EDGE.INVALID_PROGRAM_DRAW): with a control or
 *     evaluation program enabled any mode but PATCHES is INVALID_OPERATION,
 *     and so is an enabled target without a valid program; PATCHES needs an
 *     evaluation program (or a geometry program taking PATCHES: a control
 *     program alone is INVALID_OPERATION); a geometry program after an
 *     evaluation program takes TRIANGLES, LINES for ISOLINES, POINTS in
 *     TESS_POINT_MODE;
 *   - GL_NV_tessellation_program5 is advertised, GL_ARB_tessellation_shader
 *     is not (no GLSL: NV_tessellation_program5 "Dependencies on
 *     ARB_tessellation_shader").
 *
 * covers: API.E.TARGETS API.E.TESS5 LIM.TESS5.PATCHATTR LIM.TESS.PATCHVERTS LIM.TESS.GENLEVEL
 * covers: EDGE.PRIM_MODE EDGE.INVALID_PROGRAM_DRAW API.REUSED HDR.NVTCP50 HDR.NVTEP50
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8 };

static const char tcp_text[] = "!!NVtcp5.0\n"
                               "VERTICES_OUT 3;\n"
                               "MOV result.position, vertex[0].position;\n"
                               "MOV result.patch.tessouter[0], program.env[2].x;\n"
                               "END\n";
static const char tep_text[] = "!!NVtep5.0\n"
                               "TESS_MODE TRIANGLES;\n"
                               "MOV result.position, vertex.tesscoord;\n"
                               "END\n";
static const char tep_iso_text[] = "!!NVtep5.0\n"
                                   "TESS_MODE ISOLINES;\n"
                                   "MOV result.position, vertex.tesscoord;\n"
                                   "END\n";
static const char tep_point_text[] = "!!NVtep5.0\n"
                                     "TESS_MODE QUADS;\nTESS_POINT_MODE;\n"
                                     "MOV result.position, vertex.tesscoord;\n"
                                     "END\n";
static const char vp_text[] = "!!NVvp5.0\nMOV result.position, vertex.position;\nEND\n";

static GLint progiv(GLenum target, GLenum pname)
{
    GLint v = -12345;
    glGetProgramivARB(target, pname, &v);
    return v;
}

static void test_targets(void)
{
    static const GLenum targets[2] = { GL_TESS_CONTROL_PROGRAM_NV, GL_TESS_EVALUATION_PROGRAM_NV };
    static const char *const texts[2] = { tcp_text, tep_text };
    for (int i = 0; i < 2; i++) {
        GLenum t = targets[i];
        GT_CHECK(!glIsEnabled(t));
        GLboolean b = GL_TRUE;
        glGetBooleanv(t, &b);
        GT_EQ_INT(b, GL_FALSE);
        glEnable(t);
        GT_CHECK(glIsEnabled(t));
        glDisable(t);
        GT_CHECK(!glIsEnabled(t));
        GT_ERROR(GL_NO_ERROR);
        GT_EQ_INT(progiv(t, GL_PROGRAM_BINDING_ARB), 0);
        GT_EQ_INT(progiv(t, GL_MAX_PROGRAM_PATCH_ATTRIBS_NV), 32);
        GT_CHECK(progiv(t, GL_MAX_PROGRAM_INSTRUCTIONS_ARB) >= 4096);
        GLuint p = 0;
        glGenProgramsARB(1, &p);
        glBindProgramARB(t, p);
        GT_ERROR(GL_NO_ERROR);
        GT_EQ_INT(progiv(t, GL_PROGRAM_BINDING_ARB), (GLint)p);
        /* the other type's program: INVALID_OPERATION at the header */
        const char *other = texts[1 - i];
        glProgramStringARB(t, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(other), other);
        GT_ERROR(GL_INVALID_OPERATION);
        GLint pos = -2;
        glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
        GT_EQ_INT(pos, 0);
        /* a missing declaration: at the first statement */
        static const char *const missing[2] = { "!!NVtcp5.0\nMOV result.position, 0;\nEND\n",
                                                "!!NVtep5.0\nMOV result.position, 0;\nEND\n" };
        glProgramStringARB(t, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(missing[i]), missing[i]);
        GT_ERROR(GL_INVALID_OPERATION);
        glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
        GT_EQ_INT(pos, 11);
        const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
        GT_CHECK(msg && strstr(msg, i ? "TESS_MODE" : "VERTICES_OUT"));
        /* the program */
        glProgramStringARB(t, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(texts[i]), texts[i]);
        GT_ERROR(GL_NO_ERROR);
        glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
        GT_EQ_INT(pos, -1);
        GT_EQ_INT(progiv(t, GL_PROGRAM_INSTRUCTIONS_ARB), 2 - i); /* MOV MOV / MOV */
        GT_EQ_INT(progiv(t, GL_PROGRAM_LENGTH_ARB), (GLint)strlen(texts[i]));
        char buf[256] = { 0 };
        glGetProgramStringARB(t, GL_PROGRAM_STRING_ARB, buf);
        GT_CHECK(strcmp(buf, texts[i]) == 0);
        /* env and local parameters of the target */
        glProgramEnvParameter4fARB(t, 2, 1, 2, 3, 4);
        glProgramLocalParameter4fARB(t, 5, 5, 6, 7, 8);
        float v[4] = { 0 };
        glGetProgramEnvParameterfvARB(t, 2, v);
        GT_CHECK(v[0] == 1 && v[3] == 4);
        glGetProgramLocalParameterfvARB(t, 5, v);
        GT_CHECK(v[0] == 5 && v[3] == 8);
        /* the two targets keep separate env parameters */
        glGetProgramEnvParameterfvARB(targets[1 - i], 2, v);
        GT_CHECK(i == 1 || v[0] == 0);
        GT_ERROR(GL_NO_ERROR);
    }
}

static void test_param_buffers(void)
{
    static const GLenum bt[2] = { GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV,
                                  GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV };
    GLuint b[2];
    glGenBuffers(2, b);
    for (int i = 0; i < 2; i++) {
        glBindBuffer(bt[i], b[i]);
        glBufferData(bt[i], 64, NULL, GL_STATIC_DRAW);
        GT_ERROR(GL_NO_ERROR);
        GLint v = -1;
        glGetIntegerv(bt[i], &v);
        GT_EQ_INT(v, (GLint)b[i]);
        glBindBufferBaseNV(bt[i], 3, b[i]);
        GT_ERROR(GL_NO_ERROR);
        glGetIntegerIndexedvEXT(bt[i], 3, &v);
        GT_EQ_INT(v, (GLint)b[i]);
        glGetIntegerIndexedvEXT(bt[i], 2, &v);
        GT_EQ_INT(v, 0);
        static const float words[2] = { 1.5f, -2.0f };
        glProgramBufferParametersfvNV(bt[i], 3, 1, 2, words);
        GT_ERROR(GL_NO_ERROR);
        float back[4] = { 0 };
        glGetBufferSubData(bt[i], 0, 16, back);
        GT_CHECK(back[1] == 1.5f && back[2] == -2.0f);
        GT_EQ_INT(progiv(i ? GL_TESS_EVALUATION_PROGRAM_NV : GL_TESS_CONTROL_PROGRAM_NV,
                         GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV), 16);
    }
    glDeleteBuffers(2, b);
    GT_ERROR(GL_NO_ERROR);
}

static void test_limits_and_levels(void)
{
    GLint v = -1;
    glGetIntegerv(GL_MAX_PATCH_VERTICES, &v);
    GT_EQ_INT(v, 32);
    glGetIntegerv(GL_MAX_TESS_GEN_LEVEL, &v);
    GT_EQ_INT(v, 64);
    float f[4] = { 0 };
    glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, f);
    GT_CHECK(f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1);
    f[0] = f[1] = 0;
    glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, f);
    GT_CHECK(f[0] == 1 && f[1] == 1);
    static const float outer[4] = { 2.5f, 3, 100, -1 }, inner[2] = { 7, 0.25f };
    glPatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, outer);
    glPatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, inner);
    GT_ERROR(GL_NO_ERROR);
    glGetFloatv(GL_PATCH_DEFAULT_OUTER_LEVEL, f);
    GT_CHECK(f[0] == 2.5f && f[1] == 3 && f[2] == 100 && f[3] == -1);
    glGetFloatv(GL_PATCH_DEFAULT_INNER_LEVEL, f);
    GT_CHECK(f[0] == 7 && f[1] == 0.25f);
    glPatchParameterfv(GL_PATCH_VERTICES, outer);
    GT_ERROR(GL_INVALID_ENUM);
    glPatchParameterfv(GL_TESS_GEN_MODE, outer);
    GT_ERROR(GL_INVALID_ENUM);
    glPatchParameteri(GL_PATCH_DEFAULT_INNER_LEVEL, 1);
    GT_ERROR(GL_INVALID_ENUM);
    /* the assembly interface only */
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_tessellation_program5") && !strstr(ext, "GL_ARB_tessellation_shader"));
}

static GLuint load(GLenum target, const char *text)
{
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(target, p);
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GT_ERROR(GL_NO_ERROR);
    return p;
}

static const float verts[6] = { 0, 0, 1, 0, 0, 1 };

static void draws(GLenum mode, GLenum want)
{
    static const GLubyte idx[3] = { 0, 1, 2 };
    glDrawArrays(mode, 0, 3);
    GT_ERROR(want);
    glDrawElements(mode, 3, GL_UNSIGNED_BYTE, idx);
    GT_ERROR(want);
    glBegin(mode);
    if (want == GL_NO_ERROR) { /* (GetError between Begin and End is an error itself) */
        glVertex2f(0, 0);
        glEnd();
    }
    GT_ERROR(want);
}

static void test_draw_errors(void)
{
    load(GL_VERTEX_PROGRAM_ARB, vp_text);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glVertexPointer(2, GL_FLOAT, 0, verts);
    glEnableClientState(GL_VERTEX_ARRAY);
    glPatchParameteri(GL_PATCH_VERTICES, 3);
    /* an enabled target without a valid program */
    GLuint empty = 0;
    glGenProgramsARB(1, &empty);
    glBindProgramARB(GL_TESS_EVALUATION_PROGRAM_NV, empty);
    glEnable(GL_TESS_EVALUATION_PROGRAM_NV);
    draws(GL_PATCHES, GL_INVALID_OPERATION);
    GLuint tep = load(GL_TESS_EVALUATION_PROGRAM_NV, tep_text);
    draws(GL_PATCHES, GL_NO_ERROR);
    draws(GL_TRIANGLES, GL_INVALID_OPERATION);
    draws(GL_POINTS, GL_INVALID_OPERATION);
    GLuint tcp = load(GL_TESS_CONTROL_PROGRAM_NV, tcp_text);
    glEnable(GL_TESS_CONTROL_PROGRAM_NV);
    draws(GL_PATCHES, GL_NO_ERROR);
    draws(GL_LINES, GL_INVALID_OPERATION);
    /* a control program alone: patches reach no stage that takes them */
    glDisable(GL_TESS_EVALUATION_PROGRAM_NV);
    draws(GL_PATCHES, GL_INVALID_OPERATION);
    draws(GL_TRIANGLES, GL_INVALID_OPERATION);
    /* ... unless a geometry program takes PATCHES */
    GLuint gp_patch = load(GL_GEOMETRY_PROGRAM_NV, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\n"
                                                   "VERTICES_OUT 1;\nMOV result.position, vertex[0].position;\n"
                                                   "EMIT;\nEND\n");
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    draws(GL_PATCHES, GL_NO_ERROR);
    /* after an evaluation program a geometry program takes its primitives */
    glEnable(GL_TESS_EVALUATION_PROGRAM_NV);
    draws(GL_PATCHES, GL_INVALID_OPERATION); /* PATCHES geometry program, triangles made */
    GLuint gp_tri = load(GL_GEOMETRY_PROGRAM_NV, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\n"
                                                 "VERTICES_OUT 1;\nMOV result.position, vertex[0].position;\n"
                                                 "EMIT;\nEND\n");
    draws(GL_PATCHES, GL_NO_ERROR);
    GLuint iso = load(GL_TESS_EVALUATION_PROGRAM_NV, tep_iso_text);
    draws(GL_PATCHES, GL_INVALID_OPERATION); /* lines into a TRIANGLES geometry program */
    GLuint gp_lines = load(GL_GEOMETRY_PROGRAM_NV, "!!NVgp4.0\nPRIMITIVE_IN LINES;\nPRIMITIVE_OUT POINTS;\n"
                                                   "VERTICES_OUT 1;\nMOV result.position, vertex[0].position;\n"
                                                   "EMIT;\nEND\n");
    draws(GL_PATCHES, GL_NO_ERROR);
    GLuint pts = load(GL_TESS_EVALUATION_PROGRAM_NV, tep_point_text);
    draws(GL_PATCHES, GL_INVALID_OPERATION); /* points into LINES */
    GLuint gp_pts = load(GL_GEOMETRY_PROGRAM_NV, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\n"
                                                 "VERTICES_OUT 1;\nMOV result.position, vertex[0].position;\n"
                                                 "EMIT;\nEND\n");
    draws(GL_PATCHES, GL_NO_ERROR);
    /* disabled again: PATCHES needs a stage, other modes draw */
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDisable(GL_TESS_CONTROL_PROGRAM_NV);
    glDisable(GL_TESS_EVALUATION_PROGRAM_NV);
    draws(GL_PATCHES, GL_INVALID_OPERATION);
    draws(GL_TRIANGLES, GL_NO_ERROR);
    GLuint all[] = { empty, tep, tcp, gp_patch, gp_tri, iso, gp_lines, pts, gp_pts };
    glDeleteProgramsARB((GLsizei)(sizeof all / sizeof all[0]), all);
    glFinish();
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_targets();
    test_param_buffers();
    test_limits_and_levels();
    test_draw_errors();
    asmgl_context_destroy(c);
    return gt_finish("gl.tess_api");
}
