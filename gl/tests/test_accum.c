/*
 * test_accum.c - the accumulation buffer (GL 2.1 4.2.4): LOAD, ACCUM,
 * MULT, ADD and RETURN on the default framebuffer, glClearAccum and
 * ACCUM_BUFFER_BIT (signed values, clamped to [0, 1] on RETURN), the
 * scissor box, the bits query and the errors.  Expected colours by hand
 * (RGBA8: 0.5 is stored as 128/255).
 */
#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GLint bits = 0;
    glGetIntegerv(GL_ACCUM_RED_BITS, &bits);
    GT_EQ_INT(bits, 16);

    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glAccum(GL_LOAD, 0.5f);                 /* 0.5 * 128/255 = 0.25098 */
    glClearColor(0.2f, 0.2f, 0.2f, 0.2f);
    glClear(GL_COLOR_BUFFER_BIT);
    glAccum(GL_ACCUM, 1.0f);                /* + 0.2 = 0.45098 */
    glAccum(GL_MULT, 2.0f);                 /* 0.90196 */
    glAccum(GL_RETURN, 1.0f);
    GT_PROBE(3, 3, 0.902f, 0.902f, 0.902f, 0.902f, 0.006f);
    glAccum(GL_ADD, -0.5f);                 /* 0.40196 */
    glAccum(GL_RETURN, 2.0f);               /* 0.80392 */
    GT_PROBE(3, 3, 0.804f, 0.804f, 0.804f, 0.804f, 0.006f);

    /* ClearAccum with negative values; RETURN clamps; scissored clear */
    glClearAccum(1.0f, 0.0f, -1.0f, 0.5f);
    glClear(GL_ACCUM_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 8, 16);
    glClearAccum(0.0f, 1.0f, 0.0f, 1.0f);
    glClear(GL_ACCUM_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glAccum(GL_RETURN, 1.0f);
    GT_PROBE(12, 3, 1, 0, 0, 0.5f, 0.006f);
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.006f);

    glAccum(GL_TEXTURE_2D, 1.0f);
    GT_ERROR(GL_INVALID_ENUM);
    GLuint fbo;
    glGenFramebuffersEXT(1, &fbo);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    glAccum(GL_LOAD, 1.0f);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glDeleteFramebuffersEXT(1, &fbo);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("accum");
}
