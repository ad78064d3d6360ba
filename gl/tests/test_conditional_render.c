/*
 * test_conditional_render.c - NV_conditional_render / GL 3.0 section 2.14
 * conditional rendering: with a query whose result is 0, draws, Clear,
 * ClearBuffer, DrawPixels, Bitmap and BlitFramebuffer between Begin and
 * EndConditionalRender have no effect; with a non-zero result they run;
 * the result of draws still queued when Begin is called counts; the
 * errors of Begin and End.
 */
#include "gl_test.h"

#include <string.h>

#define W 16

static void quad(float r, float g, float b)
{
    glColor3f(r, g, b);
    glRectf(-1, -1, 1, 1);
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_NV_conditional_render ") != NULL);
    GLuint q[3];
    glGenQueries(3, q);

    /* q[0] counts a quad over the window (its draw still queued when the
     * conditional rendering begins), q[1] counts nothing */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    quad(0, 0, 1);
    glEndQuery(GL_SAMPLES_PASSED);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    glEndQuery(GL_SAMPLES_PASSED);

    /* result 0: every rendering command is discarded */
    glBeginConditionalRender(q[1], GL_QUERY_WAIT);
    quad(1, 0, 0);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    const GLfloat red[4] = {1, 0, 0, 1};
    glClearBufferfv(GL_COLOR, 0, red);
    const GLubyte px[4] = {255, 0, 0, 255};
    glRasterPos2f(0, 0);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    const GLubyte bits[8] = {0xff, 0, 0, 0, 0xff, 0, 0, 0}; /* 2 rows, UNPACK_ALIGNMENT 4 */
    glBitmap(8, 2, 0, 0, 0, 0, bits);
    glBlitFramebuffer(0, 0, 1, 1, 4, 4, 12, 12, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glEndConditionalRender();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(2, 2, 0, 0, 1, 1, 0);
    GT_PROBE(W / 2, W / 2, 0, 0, 1, 1, 0);

    /* non-zero result: they run (NO_WAIT may wait: asmgl always does) */
    glBeginConditionalRender(q[0], GL_QUERY_NO_WAIT);
    quad(0, 1, 0);
    GT_PROBE(2, 2, 0, 1, 0, 1, 0);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEndConditionalRender();
    GT_PROBE(W / 2, W / 2, 1, 1, 0, 1, 0);

    /* outside conditional rendering, a zero query changes nothing */
    quad(1, 0, 1);
    GT_PROBE(W / 2, W / 2, 1, 0, 1, 1, 0);

    /* errors */
    glBeginConditionalRender(q[0], GL_SAMPLES_PASSED);
    GT_ERROR(GL_INVALID_ENUM);
    glBeginConditionalRender(q[2], GL_QUERY_WAIT); /* generated, never begun */
    GT_ERROR(GL_INVALID_VALUE);
    glBeginConditionalRender(0, GL_QUERY_WAIT);
    GT_ERROR(GL_INVALID_VALUE);
    glEndConditionalRender();
    GT_ERROR(GL_INVALID_OPERATION);
    glBeginConditionalRender(q[1], GL_QUERY_BY_REGION_WAIT);
    glBeginConditionalRender(q[0], GL_QUERY_WAIT); /* already active */
    GT_ERROR(GL_INVALID_OPERATION);
    glEndConditionalRender();
    GT_ERROR(GL_NO_ERROR);
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glBeginConditionalRender(q[0], GL_QUERY_WAIT); /* the query is active */
    GT_ERROR(GL_INVALID_OPERATION);
    glEndQuery(GL_SAMPLES_PASSED);
    GT_ERROR(GL_NO_ERROR);

    /* a display list records the commands: the queries' results come
     * from the list's own draws when it runs */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glBeginQuery(GL_SAMPLES_PASSED, q[2]);
    glEndQuery(GL_SAMPLES_PASSED);
    glBeginConditionalRender(q[2], GL_QUERY_WAIT);
    quad(1, 0, 0);
    glEndConditionalRender();
    glEndList();
    GT_CHECK(!glIsQuery(q[2])); /* compiled, not executed */
    quad(0, 1, 1);
    glCallList(list);
    GT_PROBE(W / 2, W / 2, 0, 1, 1, 1, 0);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("conditional_render");
}
