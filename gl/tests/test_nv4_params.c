/* test_nv4_params.c - NV_gpu_program4 integer env/local parameters: stored
 * bit-exact, queried back as int/uint, errors as for the float forms, and
 * the draw-time parameter table copies bits (an ARB program reads integer
 * bits as the float they spell).
 *
 * covers: API.ProgramLocalParameterI4NV API.ProgramLocalParametersI4NV
 * covers: API.ProgramEnvParameterI4NV API.ProgramEnvParametersI4NV
 * covers: API.GetProgramLocalParameterINV API.GetProgramEnvParameterINV
 */
#include "gl_test.h"

#include <string.h>

static void check4i(const GLint *got, GLint x, GLint y, GLint z, GLint w)
{
    GT_EQ_INT(got[0], x);
    GT_EQ_INT(got[1], y);
    GT_EQ_INT(got[2], z);
    GT_EQ_INT(got[3], w);
}

static void check4u(const GLuint *got, GLuint x, GLuint y, GLuint z, GLuint w)
{
    GT_EQ_INT(got[0], x);
    GT_EQ_INT(got[1], y);
    GT_EQ_INT(got[2], z);
    GT_EQ_INT(got[3], w);
}

static void set_get(GLenum target)
{
    GLint iv[4];
    GLuint uv[4];
    GLint max_local = 0, max_env = 0;
    glGetProgramivARB(target, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB, &max_local);
    glGetProgramivARB(target, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &max_env);
    GT_CHECK(max_local > 4 && max_env > 4);

    /* local, signed */
    glProgramLocalParameterI4iNV(target, 1, -1, 2, INT32_MIN, INT32_MAX);
    glGetProgramLocalParameterIivNV(target, 1, iv);
    check4i(iv, -1, 2, INT32_MIN, INT32_MAX);
    const GLint si[4] = {7, -8, 9, -10};
    glProgramLocalParameterI4ivNV(target, 2, si);
    glGetProgramLocalParameterIivNV(target, 2, iv);
    check4i(iv, 7, -8, 9, -10);

    /* local, unsigned, including NaN bit patterns that a float copy could change */
    glProgramLocalParameterI4uiNV(target, 0, 0xffffffffu, 0x7f800001u, 0xff800001u, 0x80000000u);
    glGetProgramLocalParameterIuivNV(target, 0, uv);
    check4u(uv, 0xffffffffu, 0x7f800001u, 0xff800001u, 0x80000000u);
    const GLuint su[4] = {1, 2, 3, 4};
    glProgramLocalParameterI4uivNV(target, 3, su);
    glGetProgramLocalParameterIuivNV(target, 3, uv);
    check4u(uv, 1, 2, 3, 4);

    /* a float set reads back as its bits through the integer query */
    glProgramLocalParameter4fARB(target, 4, 1.0f, -2.0f, 0.0f, 0.5f);
    glGetProgramLocalParameterIuivNV(target, 4, uv);
    check4u(uv, 0x3f800000u, 0xc0000000u, 0u, 0x3f000000u);
    /* and integer bits through the float query */
    GLfloat fv[4];
    glProgramLocalParameterI4uiNV(target, 4, 0x3f800000u, 0x40000000u, 0, 0xbf800000u);
    glGetProgramLocalParameterfvARB(target, 4, fv);
    GT_NEAR(fv[0], 1.0, 0);
    GT_NEAR(fv[1], 2.0, 0);
    GT_NEAR(fv[2], 0.0, 0);
    GT_NEAR(fv[3], -1.0, 0);
    GT_ERROR(GL_NO_ERROR);

    /* multi-set */
    const GLint mi[8] = {1, 2, 3, 4, -5, -6, -7, -8};
    glProgramLocalParametersI4ivNV(target, max_local - 2, 2, mi);
    glGetProgramLocalParameterIivNV(target, max_local - 1, iv);
    check4i(iv, -5, -6, -7, -8);
    const GLuint mu[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    glProgramLocalParametersI4uivNV(target, 5, 2, mu);
    glGetProgramLocalParameterIuivNV(target, 5, uv);
    check4u(uv, 10, 20, 30, 40);
    glGetProgramLocalParameterIuivNV(target, 6, uv);
    check4u(uv, 50, 60, 70, 80);
    GT_ERROR(GL_NO_ERROR);

    /* env */
    glProgramEnvParameterI4iNV(target, 0, -3, -2, -1, 0);
    glGetProgramEnvParameterIivNV(target, 0, iv);
    check4i(iv, -3, -2, -1, 0);
    glProgramEnvParameterI4ivNV(target, 1, si);
    glGetProgramEnvParameterIivNV(target, 1, iv);
    check4i(iv, 7, -8, 9, -10);
    glProgramEnvParameterI4uiNV(target, 2, 0xdeadbeefu, 0x7fc00001u, 5, 6);
    glGetProgramEnvParameterIuivNV(target, 2, uv);
    check4u(uv, 0xdeadbeefu, 0x7fc00001u, 5, 6);
    glProgramEnvParameterI4uivNV(target, 3, su);
    glGetProgramEnvParameterIuivNV(target, 3, uv);
    check4u(uv, 1, 2, 3, 4);
    glProgramEnvParametersI4ivNV(target, max_env - 2, 2, mi);
    glGetProgramEnvParameterIivNV(target, max_env - 2, iv);
    check4i(iv, 1, 2, 3, 4);
    glProgramEnvParametersI4uivNV(target, 4, 2, mu);
    glGetProgramEnvParameterIuivNV(target, 5, uv);
    check4u(uv, 50, 60, 70, 80);
    GT_ERROR(GL_NO_ERROR);

    /* errors: index out of range, count overflow, negative count */
    memset(iv, 0x55, sizeof iv);
    glProgramLocalParameterI4iNV(target, (GLuint)max_local, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramEnvParameterI4uiNV(target, (GLuint)max_env, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramLocalParametersI4ivNV(target, (GLuint)max_local - 1, 2, mi);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramEnvParametersI4uivNV(target, (GLuint)max_env - 1, 2, mu);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramEnvParametersI4ivNV(target, 0, -1, mi);
    GT_ERROR(GL_INVALID_VALUE);
    glGetProgramLocalParameterIivNV(target, (GLuint)max_local, iv);
    GT_ERROR(GL_INVALID_VALUE);
    glGetProgramEnvParameterIuivNV(target, (GLuint)max_env, uv);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(iv[0], 0x55555555);
    /* the failed multi-set left the last row alone */
    glGetProgramLocalParameterIivNV(target, max_local - 1, iv);
    check4i(iv, -5, -6, -7, -8);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);

    set_get(GL_VERTEX_PROGRAM_ARB);
    set_get(GL_FRAGMENT_PROGRAM_ARB);

    /* bad target */
    GLint iv[4];
    glProgramLocalParameterI4iNV(GL_TEXTURE_2D, 0, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_ENUM);
    glGetProgramEnvParameterIivNV(GL_TEXTURE_2D, 0, iv);
    GT_ERROR(GL_INVALID_ENUM);

    /* local parameters belong to the bound object: a new object starts at 0 */
    GLuint fp = gt_program(GL_FRAGMENT_PROGRAM_ARB,
                           "!!ARBfp1.0\n"
                           "PARAM l = program.local[0];\n"
                           "PARAM e = program.env[7];\n"
                           "ADD result.color, l, e;\n"
                           "END\n");
    glGetProgramLocalParameterIivNV(GL_FRAGMENT_PROGRAM_ARB, 1, iv);
    check4i(iv, 0, 0, 0, 0);

    /* the draw reads the stored bits: integer-set local/env as floats */
    glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0x3f800000u, 0, 0x3e800000u, 0);
    glProgramEnvParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 7, 0, 0x3f000000u, 0, 0x3f800000u);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 1.0f, 0.5f, 0.25f, 1.0f, 0.005f);

    /* a local change after a draw is seen by the next one */
    glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0x3f800000u, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    GT_PROBE(8, 8, 0.0f, 0.5f, 1.0f, 1.0f, 0.005f);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &fp);
    GT_ERROR(GL_NO_ERROR);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_params");
}
