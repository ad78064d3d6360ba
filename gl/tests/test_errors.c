/*
 * test_errors.c - GL error semantics: first error sticks, bad enums and
 * values, Begin/End rules, matrix stack overflow/underflow, and
 * glProgramStringARB's error position and string (ARB_vertex_program
 * section 2.14.1) with hand-computed offsets.
 */
#include "gl_test.h"

#include <stdio.h>
#include <string.h>

static void test_sticky(void)
{
    /* GL 2.1 section 2.5: the first error is kept until glGetError */
    glEnable(0xdead);        /* INVALID_ENUM */
    glLineWidth(-1.0f);      /* INVALID_VALUE: not recorded */
    GT_ERROR(GL_INVALID_ENUM);
    GT_ERROR(GL_NO_ERROR);
    glLineWidth(-1.0f);
    GT_ERROR(GL_INVALID_VALUE);
}

static void test_enums_values(void)
{
    glMatrixMode(GL_COLOR); /* no imaging subset */
    GT_ERROR(GL_INVALID_ENUM);
    glDepthFunc(GL_ZERO);
    GT_ERROR(GL_INVALID_ENUM);
    glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE); /* source only */
    GT_ERROR(GL_INVALID_ENUM);
    glStencilOp(GL_KEEP, GL_KEEP, GL_ONE);
    GT_ERROR(GL_INVALID_ENUM);
    glViewport(0, 0, -1, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glClear(0x80000000u);
    GT_ERROR(GL_INVALID_VALUE);
    glPointSize(0.0f);
    GT_ERROR(GL_INVALID_VALUE);
    glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 91.0f);
    GT_ERROR(GL_INVALID_VALUE);
    glLightf(GL_LIGHT0 + 8, GL_SPOT_CUTOFF, 45.0f);
    GT_ERROR(GL_INVALID_ENUM);
    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 3.0f);
    GT_ERROR(GL_INVALID_VALUE);
    glActiveTexture(GL_TEXTURE0 + 16);
    GT_ERROR(GL_INVALID_ENUM);
    glDrawArrays(GL_PATCHES + 1, 0, 3); /* GL_POLYGON + 1 is LINES_ADJACENCY_EXT, TRIANGLE_STRIP_ADJACENCY + 1 GL_PATCHES */
    GT_ERROR(GL_INVALID_ENUM);
    glDrawArrays(GL_TRIANGLES, 0, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribPointerARB(16, 4, GL_FLOAT, GL_FALSE, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribPointerARB(1, 5, GL_FLOAT, GL_FALSE, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexPointer(1, GL_FLOAT, 0, NULL); /* size 2..4 */
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttrib4fARB(16, 0, 0, 0, 1);
    GT_ERROR(GL_INVALID_VALUE);
    /* CURRENT_VERTEX_ATTRIB of attribute 0 (ARB_vp section 6.1.12) */
    GLfloat v[4];
    glGetVertexAttribfvARB(0, GL_CURRENT_VERTEX_ATTRIB_ARB, v);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetVertexAttribfvARB(1, GL_CURRENT_VERTEX_ATTRIB_ARB, v);
    GT_ERROR(GL_NO_ERROR);
    GT_NEAR(v[3], 1.0, 0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glBufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW); /* nothing bound */
    GT_ERROR(GL_INVALID_OPERATION);
    glBindTexture(GL_TEXTURE_2D, 7);
    glBindTexture(GL_TEXTURE_1D, 7); /* other target */
    GT_ERROR(GL_INVALID_OPERATION);
    glBindTexture(GL_TEXTURE_2D, 0);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_WRAP_S, GL_REPEAT);
    GT_ERROR(GL_INVALID_ENUM);
    /* an enum-valued parameter given as a negative number names no enum
     * (fuzz/regress/fuzz_gl/enum-param-negative): -1 is neither GL_NONE
     * nor any other enum, and the state keeps its value */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, -1);
    GT_ERROR(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, GL_COMPARE_R_TO_TEXTURE_ARB);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, -1e30f);
    GT_ERROR(GL_INVALID_ENUM);
    GLint cmp = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE_ARB, &cmp);
    GT_CHECK(cmp == GL_COMPARE_R_TO_TEXTURE_ARB);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, -1);
    GT_ERROR(GL_INVALID_ENUM);
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, -1);
    GT_ERROR(GL_INVALID_ENUM);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, -1);
    GT_ERROR(GL_INVALID_ENUM);
    glPixelStorei(GL_PACK_ALIGNMENT, 3);
    GT_ERROR(GL_INVALID_VALUE);
    glDrawBuffer(GL_COLOR_ATTACHMENT0); /* default framebuffer */
    GT_ERROR(GL_INVALID_OPERATION);
    /* no GLSL: a version below every GLSL version (gl_get.c), and no
     * GLSL program can be current */
    const char *glsl = (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION);
    int major = -1, minor = -1;
    GT_CHECK(glsl && sscanf(glsl, "%d.%d", &major, &minor) == 2 && major == 0 && minor == 0);
    GLint prog = -1;
    glGetIntegerv(GL_CURRENT_PROGRAM, &prog);
    GT_CHECK(prog == 0);
    GT_ERROR(GL_NO_ERROR);
    glGetString(GL_SHADING_LANGUAGE_VERSION + 1);
    GT_ERROR(GL_INVALID_ENUM);
}

static void test_begin_end(void)
{
    glBegin(GL_TRIANGLES);
    glEnable(GL_DEPTH_TEST); /* not allowed between Begin and End */
    glColor3f(1, 1, 1);      /* allowed */
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(!glIsEnabled(GL_DEPTH_TEST));
    glEnd(); /* no Begin */
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    glBegin(GL_POINTS);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_PATCHES + 1);
    GT_ERROR(GL_INVALID_ENUM);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
}

static void test_stacks(void)
{
    GLint depth = 0, max = 0;
    glGetIntegerv(GL_MAX_MODELVIEW_STACK_DEPTH, &max);
    GT_CHECK(max >= 32);
    glMatrixMode(GL_MODELVIEW);
    for (int i = 1; i < max; i++)
        glPushMatrix();
    GT_ERROR(GL_NO_ERROR);
    glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
    GT_EQ_INT(depth, max);
    glPushMatrix();
    GT_ERROR(GL_STACK_OVERFLOW);
    for (int i = 1; i < max; i++)
        glPopMatrix();
    GT_ERROR(GL_NO_ERROR);
    glPopMatrix();
    GT_ERROR(GL_STACK_UNDERFLOW);

    /* program matrices (ARB_vertex_program section 2.14.6) */
    GLint pdepth = 0;
    glGetIntegerv(GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB, &pdepth);
    GT_CHECK(pdepth >= 1);
    glMatrixMode(GL_MATRIX0_ARB + 7);
    GT_ERROR(GL_NO_ERROR);
    for (int i = 1; i < pdepth; i++)
        glPushMatrix();
    glPushMatrix();
    GT_ERROR(GL_STACK_OVERFLOW);
    GLint cur = 0;
    glGetIntegerv(GL_CURRENT_MATRIX_STACK_DEPTH_ARB, &cur);
    GT_EQ_INT(cur, pdepth);
    for (int i = 1; i < pdepth; i++)
        glPopMatrix();
    glMatrixMode(GL_MATRIX0_ARB + 8); /* MAX_PROGRAM_MATRICES is 8 */
    GT_ERROR(GL_INVALID_ENUM);
    glMatrixMode(GL_MODELVIEW);

    /* attribute stack */
    glPushAttrib(GL_ENABLE_BIT);
    glEnable(GL_BLEND);
    glPopAttrib();
    GT_CHECK(!glIsEnabled(GL_BLEND));
    glPopAttrib();
    GT_ERROR(GL_STACK_UNDERFLOW);
}

/* A malformed program: the error position is the byte offset of the first
 * offending token, and the string names its line and column. */
static void test_program_errors(void)
{
    GLuint p;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p);
    static const char good[] = "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n";
    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(good), good);
    GT_ERROR(GL_NO_ERROR);
    GLint pos = 0;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, -1);

    /* "!!ARBvp1.0\n" is 11 bytes, "MOV result.position, vertex.position;\n"
     * 38 more: line 3 starts at byte 49; "FOO" is an unknown instruction. */
    static const char bad[] =
        "!!ARBvp1.0\nMOV result.position, vertex.position;\nFOO result.color, vertex.color;\nEND\n";
    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad), bad);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, 49);
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    GT_CHECK(msg && strncmp(msg, "line 3, column 1: ", 18) == 0);

    /* the failed load kept the old program: its length and text remain */
    GLint len = 0;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_LENGTH_ARB, &len);
    GT_EQ_INT(len, (GLint)strlen(good));
    char buf[128] = {0};
    glGetProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_STRING_ARB, buf);
    GT_CHECK(memcmp(buf, good, strlen(good)) == 0);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glBegin(GL_POINTS);
    glVertex2f(0, 0);
    glEnd();
    GT_ERROR(GL_NO_ERROR); /* still a valid program */

    /* an error only known at the end: a missing END gives position len */
    static const char noend[] = "!!ARBvp1.0\nMOV result.position, vertex.position;\n";
    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(noend), noend);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, (GLint)strlen(noend));

    /* a fragment header for the vertex target fails at byte 0 */
    static const char fp[] = "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n";
    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(fp), fp);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, 0);

    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, 0x1234, (GLsizei)strlen(good), good);
    GT_ERROR(GL_INVALID_ENUM);
    glProgramStringARB(GL_TEXTURE_2D, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(good), good);
    GT_ERROR(GL_INVALID_ENUM);

    /* an enabled program object without a valid program cannot draw */
    GLuint empty;
    glGenProgramsARB(1, &empty);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, empty);
    glBegin(GL_POINTS);
    glVertex2f(0, 0);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glDisable(GL_VERTEX_PROGRAM_ARB);

    /* names are shared across targets: binding to the other one fails */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(glIsProgramARB(p));
    GLuint unbound;
    glGenProgramsARB(1, &unbound);
    GT_CHECK(!glIsProgramARB(unbound)); /* generated, never bound */
    glDeleteProgramsARB(1, &p);
    GT_CHECK(!glIsProgramARB(p));
    GLint binding = -1;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &binding);
    GT_EQ_INT(binding, (GLint)empty);

    /* parameter indices */
    GLint max_env = 0;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &max_env);
    GT_CHECK(max_env >= 96);
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, (GLuint)max_env, 0, 0, 0, 0);
    GT_ERROR(GL_INVALID_VALUE);
    float four[8] = {0};
    glProgramEnvParameters4fvEXT(GL_FRAGMENT_PROGRAM_ARB, (GLuint)max_env - 1, 2, four);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 1, 2, 3, 4);
    GT_ERROR(GL_NO_ERROR);
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_ALU_INSTRUCTIONS_ARB, &len); /* fp only */
    GT_ERROR(GL_INVALID_ENUM);
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_ADDRESS_REGISTERS_ARB, &len); /* vp only */
    GT_ERROR(GL_INVALID_ENUM);
}

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    test_sticky();
    test_enums_values();
    test_begin_end();
    test_stacks();
    test_program_errors();
    asmgl_context_destroy(c);
    return gt_finish("gl.errors");
}
