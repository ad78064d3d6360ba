/* test_nv5_ipa.c - NV_gpu_program5's interpolation limits and a drawn
 * check of IPAO against them: MIN_ / MAX_FRAGMENT_INTERPOLATION_OFFSET_NV
 * (GetFloatv, also through GetIntegerv/GetDoublev/GetBooleanv) and
 * FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV (GetIntegerv) against the
 * spec's minimums (NV_gpu_program5 "New Implementation Dependent State":
 * MIN <= -0.5, MAX >= +0.5, BITS >= 4); an IPAO whose offset is exactly
 * MIN or MAX, one just outside (clamped), and one between two grid points
 * of 2^-BITS (snapped down), drawn on an RGBA32F framebuffer with an
 * attribute equal to window x; the load error of IPAO on fragment.facing
 * (EDGE.IPA_OPERAND) with its position.
 *
 * covers: API.E.GP5 LIM.GP5.IPAO_MIN LIM.GP5.IPAO_MAX LIM.GP5.IPAO_BITS
 * covers: EDGE.IPAO_RANGE EDGE.IPA_OPERAND OP.IPAO
 */
#include "gl_test.h"

#include <math.h>
#include <string.h>

enum { W = 16, H = 16 };

static void test_limits(void)
{
    GT_EQ_INT(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_NV, 0x8E5B);
    GT_EQ_INT(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV, 0x8E5C);
    GT_EQ_INT(GL_FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV, 0x8E5D);
    GLfloat mn = 1, mx = -1;
    glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_NV, &mn);
    glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV, &mx);
    GLint bits = -1;
    glGetIntegerv(GL_FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV, &bits);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(mn <= -0.5f);
    GT_CHECK(mx >= 0.5f);
    GT_CHECK(bits >= 4);
    /* asmgl's values (rast.h RAST_IPAO_*): exactly the spec's minimums */
    GT_NEAR(mn, -0.5, 0);
    GT_NEAR(mx, 0.5, 0);
    GT_EQ_INT(bits, 4);
    /* the other getters convert (GL 2.1 6.1.2): -0.5 rounds to the
     * nearest integer, 0 or -1 (both allowed: it is a tie); 0.5 to 0 or 1 */
    GLdouble d = 0;
    glGetDoublev(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV, &d);
    GT_NEAR(d, 0.5, 0);
    GLint i = -7;
    glGetIntegerv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_NV, &i);
    GT_CHECK(i == 0 || i == -1);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV, &b);
    GT_CHECK(b == GL_TRUE);
    GLfloat fb = -1;
    glGetFloatv(GL_FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV, &fb);
    GT_NEAR(fb, 4, 0);
    GT_ERROR(GL_NO_ERROR);
}

/* red = fragment.position.x at the offset program.local[0].xy (an
 * attribute equal to window x is what fragment.position.x is; the
 * position goes through the same path as any attribute). green = the same
 * for fragment.texcoord[0].x, written by the vertex program as window x:
 * (clip x + 1) * W / 2. */
static const char fp[] = "!!NVfp5.0\n"
                         "TEMP t;\n"
                         "IPAO t, fragment.position, program.local[0];\n"
                         "MOV result.color.x, t.x;\n"
                         "MOV result.color.w, t.y;\n"
                         "IPAO t, fragment.texcoord[0], program.local[0];\n"
                         "MOV result.color.y, t.x;\n"
                         "MOV result.color.z, t.y;\n"
                         "END\n";

static void test_draw(void)
{
    GLuint rb, fbo;
    glGenRenderbuffersEXT(1, &rb);
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_RGBA32F_ARB, W, H);
    glGenFramebuffersEXT(1, &fbo);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_RENDERBUFFER_EXT, rb);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT), GL_FRAMEBUFFER_COMPLETE_EXT);
    glViewport(0, 0, W, H);
    static const char vpt[] = "!!NVvp5.0\n"
                              "TEMP t;\n"
                              "MOV result.position, vertex.position;\n"
                              "ADD t, vertex.position, 1;\n"
                              "MUL result.texcoord[0], t, 8;\n" /* (x + 1) * W / 2, (y + 1) * H / 2 */
                              "END\n";
    GLuint v = gt_program(GL_VERTEX_PROGRAM_ARB, vpt);
    GLuint f = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    GLfloat mn = 0, mx = 0;
    GLint bits = 0;
    glGetFloatv(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_NV, &mn);
    glGetFloatv(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV, &mx);
    glGetIntegerv(GL_FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV, &bits);
    float grid = 1.0f / (float)(1 << bits);
    /* (offset given, offset used): MIN and MAX exactly; beyond them
     * (EDGE.IPAO_RANGE: asmgl clamps); between grid points (snapped down
     * to the grid: 0.2 -> 3/16 = 0.1875, -0.2 -> -4/16 = -0.25) */
    const float cases[][2] = {
        {mn, mn}, {mx, mx}, {mx + 0.75f, mx}, {mn - 3.0f, mn}, {0.2f, 0.1875f}, {-0.2f, -0.25f},
        {3 * grid, 3 * grid},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        float ox = cases[k][0], oy = cases[(k + 3) % 7][0];
        float ux = cases[k][1], uy = cases[(k + 3) % 7][1];
        glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, ox, oy, 0, 0);
        glClearColor(-1, -1, -1, -1);
        glClear(GL_COLOR_BUFFER_BIT);
        glRectf(-1, -1, 1, 1);
        GT_ERROR(GL_NO_ERROR);
        /* pixel (x, y): centre (x + 0.5, y + 0.5); the value at the
         * offset is (x + 0.5 + ux, y + 0.5 + uy), exact in float */
        const int px[3][2] = {{0, 0}, {5, 11}, {15, 15}};
        for (int j = 0; j < 3; j++) {
            float want_x = (float)px[j][0] + 0.5f + ux, want_y = (float)px[j][1] + 0.5f + uy;
            GLfloat got[4];
            glReadPixels(px[j][0], px[j][1], 1, 1, GL_RGBA, GL_FLOAT, got);
            GT_NEAR(got[0], want_x, 0);
            GT_NEAR(got[3], want_y, 0);
            GT_NEAR(got[1], want_x, 0);
            GT_NEAR(got[2], want_y, 0);
        }
    }
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &v);
    glDeleteProgramsARB(1, &f);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fbo);
    glDeleteRenderbuffersEXT(1, &rb);
    GT_ERROR(GL_NO_ERROR);
}

/* EDGE.IPA_OPERAND: IPAO on fragment.facing fails to load, at the operand */
static void test_operand_error(void)
{
    static const char bad[] = "!!NVfp5.0\n"
                              "TEMP t;\n"
                              "IPAO t, fragment.facing, {0.25, 0, 0, 0};\n"
                              "MOV result.color, t;\n"
                              "END\n";
    GLuint p;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad), bad);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint pos = -1;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, (long long)(strstr(bad, "fragment.facing") - bad));
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    GT_CHECK(msg && strstr(msg, "fragment.facing"));
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_limits();
    test_draw();
    test_operand_error();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv5_ipa");
}
