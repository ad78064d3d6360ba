/*
 * test_clear_buffer.c - GL 3.0 section 4.2.3 ClearBuffer{iv,uiv,fv,fi}: one
 * draw buffer, or depth, stencil or both, cleared to the given values with
 * the scissor and that buffer's write masks; the errors of each form; the
 * values a display list records.
 *
 * The framebuffer: draw buffer 0 an RGBA8 texture, draw buffer 1 an
 * RGBA32I one, and a DEPTH24_STENCIL8 renderbuffer; W x W pixels.
 */
#include "gl_test.h"

#define W 8

static void read_int(int x, int y, GLint out[4])
{
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    glReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_INT, out);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
}

static float read_depth(int x, int y)
{
    float d = -1;
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    return d;
}

static int read_stencil(int x, int y)
{
    GLubyte s = 0;
    glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
    return s;
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    GLuint fb, tex[2], rb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenTextures(2, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I, W, W, 0, GL_RGBA_INTEGER, GL_INT, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, tex[1], 0);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, W);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, bufs);
    glReadBuffer(GL_COLOR_ATTACHMENT0);

    /* each colour buffer alone, an integer one with integer values */
    const GLint ival[4] = {-5, 7, 100000, -2};
    glClearBufferiv(GL_COLOR, 1, ival);
    const GLfloat fval[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    glClearBufferfv(GL_COLOR, 0, fval);
    GT_PROBE(3, 3, 0.25f, 0.5f, 0.75f, 1.0f, 1.0f / 255);
    GLint px[4];
    read_int(3, 3, px);
    GT_CHECK(px[0] == -5 && px[1] == 7 && px[2] == 100000 && px[3] == -2);
    const GLuint uval[4] = {1, 2, 3, 4};
    glClearBufferuiv(GL_COLOR, 1, uval);
    read_int(0, 0, px);
    GT_CHECK(px[0] == 1 && px[1] == 2 && px[2] == 3 && px[3] == 4);
    GT_PROBE(0, 0, 0.25f, 0.5f, 0.75f, 1.0f, 1.0f / 255); /* buffer 0 untouched */

    /* the scissor and draw buffer 0's colour mask apply */
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, W / 2, W);
    glColorMaski(0, GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE);
    const GLfloat zero[4] = {0, 0, 0, 0};
    glClearBufferfv(GL_COLOR, 0, zero);
    GT_PROBE(1, 1, 0.0f, 0.5f, 0.75f, 1.0f, 1.0f / 255);
    GT_PROBE(W - 1, 1, 0.25f, 0.5f, 0.75f, 1.0f, 1.0f / 255);
    glColorMaski(0, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisable(GL_SCISSOR_TEST);

    /* depth, stencil, both; ClearDepth and ClearStencil are not changed */
    const GLfloat d = 0.25f;
    glClearBufferfv(GL_DEPTH, 0, &d);
    GT_NEAR(read_depth(2, 2), 0.25, 1e-6);
    const GLint s = 0x5a;
    glClearBufferiv(GL_STENCIL, 0, &s);
    GT_EQ_INT(read_stencil(2, 2), 0x5a);
    glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 3);
    GT_NEAR(read_depth(5, 5), 0.75, 1e-6);
    GT_EQ_INT(read_stencil(5, 5), 3);
    GLfloat cd = -1;
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, &cd);
    GT_NEAR(cd, 1.0, 0);
    /* the stencil write mask applies */
    glStencilMask(0x0f);
    const GLint all = 0xff;
    glClearBufferiv(GL_STENCIL, 0, &all);
    GT_EQ_INT(read_stencil(5, 5), 0x0f);
    glStencilMask(0xff);
    GT_ERROR(GL_NO_ERROR);

    /* a display list keeps the values given when it was compiled */
    GLfloat v[4] = {1.0f, 0.0f, 0.0f, 1.0f};
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glClearBufferfv(GL_COLOR, 0, v);
    glEndList();
    GT_PROBE(4, 4, 0.25f, 0.5f, 0.75f, 1.0f, 1.0f / 255); /* not executed */
    v[0] = 0.0f;
    v[1] = 1.0f;
    glCallList(list);
    GT_PROBE(4, 4, 1.0f, 0.0f, 0.0f, 1.0f, 1.0f / 255);

    /* a draw buffer that is NONE clears nothing */
    const GLenum one[2] = {GL_COLOR_ATTACHMENT0, GL_NONE};
    glDrawBuffers(2, one);
    glClearBufferiv(GL_COLOR, 1, ival);
    read_int(4, 4, px);
    GT_CHECK(px[0] == 1 && px[3] == 4);
    GT_ERROR(GL_NO_ERROR);

    /* errors: a buffer the form does not take; a draw buffer index out of
     * range, or not 0 for depth and stencil */
    glClearBufferiv(GL_DEPTH, 0, &s);
    GT_ERROR(GL_INVALID_ENUM);
    glClearBufferfv(GL_STENCIL, 0, &d);
    GT_ERROR(GL_INVALID_ENUM);
    glClearBufferuiv(GL_DEPTH, 0, uval);
    GT_ERROR(GL_INVALID_ENUM);
    glClearBufferfi(GL_COLOR, 0, 1.0f, 0);
    GT_ERROR(GL_INVALID_ENUM);
    glClearBufferfv(GL_DEPTH_STENCIL, 0, fval);
    GT_ERROR(GL_INVALID_ENUM);
    GLint max_db = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
    glClearBufferfv(GL_COLOR, max_db, fval);
    GT_ERROR(GL_INVALID_VALUE);
    glClearBufferfv(GL_COLOR, -1, fval);
    GT_ERROR(GL_INVALID_VALUE);
    glClearBufferfv(GL_DEPTH, 1, &d);
    GT_ERROR(GL_INVALID_VALUE);
    glClearBufferfi(GL_DEPTH_STENCIL, 1, 1.0f, 0);
    GT_ERROR(GL_INVALID_VALUE);
    GT_NEAR(read_depth(5, 5), 0.75, 1e-6);

    asmgl_context_destroy(ctx);
    return gt_finish("clear_buffer");
}
