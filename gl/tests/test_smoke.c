/* test_smoke.c - a first look: clear, one fixed-function triangle, read back. */
#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(64, 64);
    GT_ERROR(GL_NO_ERROR);
    glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(10, 10, 0, 0, 1, 1, 0.002f);
    glColor3f(1, 0, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(-1, 1);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(5, 5, 1, 0, 0, 1, 0.002f);
    GT_PROBE(60, 60, 0, 0, 1, 1, 0.002f);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.smoke");
}
