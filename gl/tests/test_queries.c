/*
 * test_queries.c - glGetProgramivARB counts of known programs and the
 * limits (ARB_vertex_program / ARB_fragment_program section 6.1.12), glGet
 * conversions (GL 2.1 section 6.1.2), strings and entry-point lookup.
 */
#include "gl_test.h"

#include <string.h>

static GLint piv(GLenum target, GLenum pname)
{
    GLint v = -12345;
    glGetProgramivARB(target, pname, &v);
    return v;
}

static void test_fragment_counts(void)
{
    /* 3 instructions: 2 ALU (MUL, ADD), 1 TEX, 1 texture indirection
     * (the TEX reads only an attribute); 1 temporary; 1 parameter
     * (program.local[0]); 2 attributes (texcoord[0], color). */
    static const char fp[] =
        "!!ARBfp1.0\n"
        "TEMP t;\n"
        "TEX t, fragment.texcoord[0], texture[0], 2D;\n"
        "MUL t, t, fragment.color;\n"
        "ADD result.color, t, program.local[0];\n"
        "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    const GLenum T = GL_FRAGMENT_PROGRAM_ARB;
    GT_EQ_INT(piv(T, GL_PROGRAM_INSTRUCTIONS_ARB), 3);
    GT_EQ_INT(piv(T, GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB), 3);
    GT_EQ_INT(piv(T, GL_PROGRAM_ALU_INSTRUCTIONS_ARB), 2);
    GT_EQ_INT(piv(T, GL_PROGRAM_TEX_INSTRUCTIONS_ARB), 1);
    GT_EQ_INT(piv(T, GL_PROGRAM_TEX_INDIRECTIONS_ARB), 1);
    GT_EQ_INT(piv(T, GL_PROGRAM_TEMPORARIES_ARB), 1);
    GT_EQ_INT(piv(T, GL_PROGRAM_PARAMETERS_ARB), 1);
    GT_EQ_INT(piv(T, GL_PROGRAM_ATTRIBS_ARB), 2);
    GT_EQ_INT(piv(T, GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB), 1);
    GT_EQ_INT(piv(T, GL_PROGRAM_LENGTH_ARB), (GLint)strlen(fp));
    GT_EQ_INT(piv(T, GL_PROGRAM_FORMAT_ARB), GL_PROGRAM_FORMAT_ASCII_ARB);
    GT_EQ_INT(piv(T, GL_PROGRAM_BINDING_ARB), (GLint)p);
    /* ARB_fragment_program minimums (section 6.1.12 / Table 6.x) */
    GT_CHECK(piv(T, GL_MAX_PROGRAM_INSTRUCTIONS_ARB) >= 72);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB) >= 48);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB) >= 24);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB) >= 4);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_TEMPORARIES_ARB) >= 16);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_PARAMETERS_ARB) >= 24);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ATTRIBS_ARB) >= 10);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB) >= 24);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB) >= 24);
    GT_EQ_INT(piv(T, GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB), piv(T, GL_MAX_PROGRAM_INSTRUCTIONS_ARB));
    GT_ERROR(GL_NO_ERROR);
}

static void test_vertex_counts(void)
{
    /* 4 DP4 + MOV: 5 instructions, 0 temporaries, 4 parameters (the mvp
     * rows), 2 attributes, 1 address register. */
    static const char vp[] =
        "!!ARBvp1.0\n"
        "ADDRESS a;\n"
        "PARAM mvp[4] = { state.matrix.mvp };\n"
        "DP4 result.position.x, mvp[0], vertex.position;\n"
        "DP4 result.position.y, mvp[1], vertex.position;\n"
        "DP4 result.position.z, mvp[2], vertex.position;\n"
        "DP4 result.position.w, mvp[3], vertex.position;\n"
        "MOV result.color, vertex.color;\n"
        "END\n";
    gt_program(GL_VERTEX_PROGRAM_ARB, vp);
    const GLenum T = GL_VERTEX_PROGRAM_ARB;
    GT_EQ_INT(piv(T, GL_PROGRAM_INSTRUCTIONS_ARB), 5);
    GT_EQ_INT(piv(T, GL_PROGRAM_TEMPORARIES_ARB), 0);
    GT_EQ_INT(piv(T, GL_PROGRAM_PARAMETERS_ARB), 4);
    GT_EQ_INT(piv(T, GL_PROGRAM_ATTRIBS_ARB), 2);
    GT_EQ_INT(piv(T, GL_PROGRAM_ADDRESS_REGISTERS_ARB), 1);
    /* ARB_vertex_program minimums */
    GT_CHECK(piv(T, GL_MAX_PROGRAM_INSTRUCTIONS_ARB) >= 128);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_TEMPORARIES_ARB) >= 12);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_PARAMETERS_ARB) >= 96);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ATTRIBS_ARB) >= 16);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB) >= 1);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB) >= 96);
    GT_CHECK(piv(T, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB) >= 96);
    GT_ERROR(GL_NO_ERROR);

    /* the default object (name 0) has no program */
    glBindProgramARB(T, 0);
    GT_EQ_INT(piv(T, GL_PROGRAM_LENGTH_ARB), 0);
    GT_EQ_INT(piv(T, GL_PROGRAM_INSTRUCTIONS_ARB), 0);
    GT_EQ_INT(piv(T, GL_PROGRAM_BINDING_ARB), 0);
}

static void test_params(void)
{
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 3, 1.5f, -2, 3, 4);
    double d[4];
    glGetProgramEnvParameterdvARB(GL_VERTEX_PROGRAM_ARB, 3, d);
    GT_NEAR(d[0], 1.5, 0);
    GT_NEAR(d[1], -2, 0);
    /* env parameters are per target */
    float f[4];
    glGetProgramEnvParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 3, f);
    GT_NEAR(f[0], 0, 0);
    /* local parameters belong to the bound object */
    GLuint a = gt_program(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMOV result.color, program.local[2];\nEND\n");
    const float v[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    glProgramLocalParameters4fvEXT(GL_FRAGMENT_PROGRAM_ARB, 1, 2, v);
    GLuint b = gt_program(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\nMOV result.color, program.local[2];\nEND\n");
    glGetProgramLocalParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 2, f);
    GT_NEAR(f[0], 0, 0);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, a);
    glGetProgramLocalParameterfvARB(GL_FRAGMENT_PROGRAM_ARB, 2, f);
    GT_NEAR(f[0], 5, 0);
    GT_NEAR(f[3], 8, 0);
    (void)b;
    GT_ERROR(GL_NO_ERROR);
}

static void test_gets(void)
{
    GLint i[4];
    glGetIntegerv(GL_MAX_TEXTURE_UNITS, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_MAX_TEXTURE_COORDS, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, i);
    GT_EQ_INT(i[0], 16);
    glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, i);
    GT_EQ_INT(i[0], 16);
    glGetIntegerv(GL_MAX_LIGHTS, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_MAX_CLIP_PLANES, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, i);
    GT_EQ_INT(i[0], 16384);
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, i);
    GT_EQ_INT(i[0], 16384);
    GT_EQ_INT(i[1], 16384);
    glGetIntegerv(GL_MAX_PROGRAM_MATRICES_ARB, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_VIEWPORT, i);
    GT_EQ_INT(i[2], 40);
    GT_EQ_INT(i[3], 30);
    glGetIntegerv(GL_DEPTH_BITS, i);
    GT_EQ_INT(i[0], 24);
    glGetIntegerv(GL_STENCIL_BITS, i);
    GT_EQ_INT(i[0], 8);
    glGetIntegerv(GL_RED_BITS, i);
    GT_EQ_INT(i[0], 8);
    GT_ERROR(GL_NO_ERROR);

    /* conversions (GL 2.1 section 6.1.2): colours map [0,1] to [0,MAXINT],
     * other floats round, booleans are non-zero */
    glColor4f(1.0f, 0.5f, 0.0f, 0.25f);
    glGetIntegerv(GL_CURRENT_COLOR, i);
    GT_EQ_INT(i[0], 2147483647);
    GT_EQ_INT(i[2], 0);
    GLboolean bv[4];
    glGetBooleanv(GL_CURRENT_COLOR, bv);
    GT_CHECK(bv[0] && bv[1] && !bv[2] && bv[3]);
    glPointSize(2.6f);
    glGetIntegerv(GL_POINT_SIZE, i);
    GT_EQ_INT(i[0], 3);
    GLfloat fv[16];
    glGetFloatv(GL_DEPTH_TEST, fv);
    GT_NEAR(fv[0], 0, 0);
    glEnable(GL_DEPTH_TEST);
    glGetBooleanv(GL_DEPTH_TEST, bv);
    GT_CHECK(bv[0] == GL_TRUE);
    glDisable(GL_DEPTH_TEST);

    /* matrices and their transposes; the program matrix through
     * CURRENT_MATRIX_ARB */
    glMatrixMode(GL_MATRIX0_ARB + 2);
    glTranslatef(1, 2, 3);
    glGetFloatv(GL_CURRENT_MATRIX_ARB, fv);
    GT_NEAR(fv[12], 1, 0);
    GT_NEAR(fv[14], 3, 0);
    glGetFloatv(GL_TRANSPOSE_CURRENT_MATRIX_ARB, fv);
    GT_NEAR(fv[3], 1, 0);
    GT_NEAR(fv[11], 3, 0);
    glMatrixMode(GL_MODELVIEW);
    glGetIntegerv(GL_MATRIX_MODE, i);
    GT_EQ_INT(i[0], GL_MODELVIEW);
    glRotatef(90, 0, 0, 1);
    glGetFloatv(GL_MODELVIEW_MATRIX, fv);
    GT_NEAR(fv[0], 0, 1e-7);
    GT_NEAR(fv[1], 1, 1e-7);
    GT_NEAR(fv[4], -1, 1e-7);
    glLoadIdentity();

    /* the eye-space light position is stored transformed */
    glTranslatef(0, 0, -5);
    const float lp[4] = {1, 2, 3, 1};
    glLightfv(GL_LIGHT1, GL_POSITION, lp);
    glGetLightfv(GL_LIGHT1, GL_POSITION, fv);
    GT_NEAR(fv[2], -2, 0);
    glLoadIdentity();
    GT_ERROR(GL_NO_ERROR);
}

static void test_strings(void)
{
    GT_CHECK(strcmp((const char *)glGetString(GL_VENDOR), "asmgl") == 0);
    GT_CHECK(strncmp((const char *)glGetString(GL_VERSION), "3.0 asmgl ", 10) == 0);
    GLint major = 0, minor = -1, flags = -1;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    glGetIntegerv(GL_CONTEXT_FLAGS, &flags);
    GT_CHECK(major == 3 && minor == 0 && flags == 0);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_vertex_program ") && strstr(ext, "GL_ARB_fragment_program "));
    GLint n = 0;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    GT_CHECK(n > 10);
    GT_CHECK(strcmp((const char *)glGetStringi(GL_EXTENSIONS, 0), "GL_ARB_multitexture") == 0);
    glGetStringi(GL_EXTENSIONS, (GLuint)n);
    GT_ERROR(GL_INVALID_VALUE);
    /* entry points */
    GT_CHECK(asmgl_get_proc_address("glProgramStringARB") == (void (*)(void))glProgramStringARB);
    GT_CHECK(asmgl_get_proc_address("glBegin") == (void (*)(void))glBegin);
    GT_CHECK(asmgl_get_proc_address("glActiveTextureARB") != NULL);
    /* GL 2.0 shader objects exist (answering "no GLSL", gl_glsl.c), so that
     * libglvnd's no-op stubs never answer for them */
    GT_CHECK(asmgl_get_proc_address("glCompileShader") == (void (*)(void))glCompileShader);
    GT_CHECK(asmgl_get_proc_address("glClearBufferData") == NULL); /* GL 4.3 */
    GT_CHECK(asmgl_get_proc_address("asmgl_context_create") == NULL);
    GT_CHECK(asmgl_get_proc_address(NULL) == NULL);
}

int main(void)
{
    asmgl_context *c = gt_context(40, 30);
    test_fragment_counts();
    test_vertex_counts();
    test_params();
    test_gets();
    test_strings();
    asmgl_context_destroy(c);
    return gt_finish("gl.queries");
}
