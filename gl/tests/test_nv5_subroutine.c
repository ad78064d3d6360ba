/* test_nv5_subroutine.c - gl.nv5_subroutine: program subroutine parameters
 * (ARB_shader_subroutine, "Dependencies on NV_gpu_program5"):
 * ProgramSubroutineParametersuivNV / GetProgramSubroutineParameteruivNV
 * values and errors, the GetProgramivARB limits, the reset on BindProgram
 * and ProgramString (asmgl's documented default: the smallest
 * SUBROUTINENUM of each live parameter's type, gl_program.c), and CALI
 * drawn in fragment and vertex programs with the context's values.
 * Expected colours by hand from the programs below.
 *
 * covers: API.ProgramSubroutineParametersuivNV API.GetProgramSubroutineParameteruivNV API.E.SUB
 * covers: LIM.SUB.PARAMS LIM.SUB.NUM OP.CALI BIND.P.SUBROUTINE OPT.IMPLIED_SUBROUTINE
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8 };

/* Col = { red 5, green 9, blue 2 }, Half = { half 200 }: c =
 * program.subroutine[0], h[0] = program.subroutine[2]; index 1 is bound
 * to nothing, so the count is 3.  Colour = c's colour, then halved in rgb
 * by h. */
static const char fp[] = "!!NVfp5.0\n"
                         "SUBROUTINETYPE Col { red, green };\n"
                         "SUBROUTINETYPE Col { blue };\n"
                         "SUBROUTINETYPE Half { half };\n"
                         "SUBROUTINE Col c = program.subroutine[0];\n"
                         "SUBROUTINE Half h[] = { program.subroutine[2] };\n"
                         "TEMP r;\n"
                         "red SUBROUTINENUM(5):\nMOV r, {1, 0, 0, 1};\nRET;\n"
                         "green SUBROUTINENUM(9):\nMOV r, {0, 1, 0, 1};\nRET;\n"
                         "blue SUBROUTINENUM(2):\nMOV r, {0, 0, 1, 1};\nRET;\n"
                         "half SUBROUTINENUM(200):\nMUL r.xyz, r, 0.5;\nRET;\n"
                         "main:\nMOV r, 0;\nCALI c;\nCALI h[0];\nMOV result.color, r;\nEND\n";

static GLuint getp(GLenum target, GLuint i)
{
    GLuint v = 0xdeadbeef;
    glGetProgramSubroutineParameteruivNV(target, i, &v);
    return v;
}

static void draw_probe(float r, float g, float b, float a)
{
    glClearColor(0.1f, 0.1f, 0.1f, 0.1f);
    glClear(GL_COLOR_BUFFER_BIT);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(2, 3, r, g, b, a, 0.01f);
}

static void test_limits(void)
{
    GT_EQ_INT(GL_MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV, 0x8F44);
    GT_EQ_INT(GL_MAX_PROGRAM_SUBROUTINE_NUM_NV, 0x8F45);
    static const GLenum t[3] = {GL_VERTEX_PROGRAM_ARB, GL_GEOMETRY_PROGRAM_NV, GL_FRAGMENT_PROGRAM_ARB};
    for (int i = 0; i < 3; i++) {
        GLint n = -1, m = -1;
        glGetProgramivARB(t[i], GL_MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV, &n);
        glGetProgramivARB(t[i], GL_MAX_PROGRAM_SUBROUTINE_NUM_NV, &m);
        GT_CHECK(n >= 1024);
        GT_CHECK(m >= 256);
    }
    GT_ERROR(GL_NO_ERROR);
}

static void test_fragment(void)
{
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    GT_ERROR(GL_NO_ERROR);
    /* defaults after the load: Col's smallest number 2 (blue), Half's 200,
     * the unbound index 0 */
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 2);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 1), 0);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 2), 200);
    draw_probe(0, 0, 0.5f, 1);

    /* red, anything for the unbound index, half */
    static const GLuint ok1[3] = {5, 77, 200};
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, ok1);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 5);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 1), 77);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 2), 200);
    draw_probe(0.5f, 0, 0, 1);

    /* count != 1 + largest index used (2): INVALID_VALUE, nothing changes */
    static const GLuint green4[4] = {9, 0, 200, 0};
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 2, green4);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 4, green4);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, -1, green4);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 5);
    /* a number no label carries, a Half number for a Col, a Col number for
     * a Half: INVALID_OPERATION (the spec's NV_gpu_program5 section) */
    static const GLuint bad1[3] = {7, 0, 200}, bad2[3] = {200, 0, 200}, bad3[3] = {9, 0, 5};
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, bad1);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, bad2);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, bad3);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 5);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 2), 200);
    draw_probe(0.5f, 0, 0, 1);

    /* green, then: the values are read at the draw */
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, green4);
    GT_ERROR(GL_NO_ERROR);
    draw_probe(0, 0.5f, 0, 1);

    /* bad target / index */
    glProgramSubroutineParametersuivNV(GL_TEXTURE_2D, 3, green4);
    GT_ERROR(GL_INVALID_ENUM);
    GLuint v = 1234;
    glGetProgramSubroutineParameteruivNV(GL_TEXTURE_2D, 0, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glGetProgramSubroutineParameteruivNV(GL_FRAGMENT_PROGRAM_ARB, 1024, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(v, 1234);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 1023), 0);
    GT_ERROR(GL_NO_ERROR);

    /* BindProgram, even of the bound program, resets to the defaults */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 2);
    draw_probe(0, 0, 0.5f, 1);
    /* so does respecifying the string */
    glProgramSubroutineParametersuivNV(GL_FRAGMENT_PROGRAM_ARB, 3, ok1);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 5);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(fp), fp);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(getp(GL_FRAGMENT_PROGRAM_ARB, 0), 2);

    /* a program without subroutine parameters takes count 0 only; so does
     * a target with no valid program */
    glProgramSubroutineParametersuivNV(GL_VERTEX_PROGRAM_ARB, 0, NULL);
    GT_ERROR(GL_NO_ERROR);
    glProgramSubroutineParametersuivNV(GL_VERTEX_PROGRAM_ARB, 1, green4);
    GT_ERROR(GL_INVALID_VALUE);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

/* CALI in a vertex program: the colour comes from subroutine a (0) or b (1). */
static void test_vertex(void)
{
    static const char vp[] = "!!NVvp5.0\n"
                             "SUBROUTINETYPE T { a, b };\n"
                             "SUBROUTINE T v = program.subroutine[0];\n"
                             "a SUBROUTINENUM(0):\nMOV result.color, {0.25, 0.5, 0.75, 1};\nRET;\n"
                             "b SUBROUTINENUM(1):\nMOV result.color, {0.75, 0.5, 0.25, 1};\nRET;\n"
                             "main:\nMOV result.position, vertex.position;\nCALI v;\nEND\n";
    GLuint p = gt_program(GL_VERTEX_PROGRAM_ARB, vp);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    draw_probe(0.25f, 0.5f, 0.75f, 1);
    static const GLuint one = 1;
    glProgramSubroutineParametersuivNV(GL_VERTEX_PROGRAM_ARB, 1, &one);
    GT_ERROR(GL_NO_ERROR);
    draw_probe(0.75f, 0.5f, 0.25f, 1);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_limits();
    test_fragment();
    test_vertex();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv5_subroutine");
}
