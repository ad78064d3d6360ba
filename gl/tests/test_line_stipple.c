/*
 * test_line_stipple.c - GL 2.1 3.5.2 line stipple: fragment k of a line
 * (counted from the start of a strip, or of each independent segment) is
 * drawn when bit (k / factor) % 16 of the pattern is set; a strip's count
 * runs on across its vertices, GL_LINES restart it, and lines drawn right
 * to left count from their start.  Pattern 0x0f0f, factor 2: fragments
 * 0..7 on, 8..15 off, 16..23 on (expected pixels by hand).
 */
#include "gl_test.h"

static void line(GLenum mode, const float (*v)[2], int n)
{
    glBegin(mode);
    for (int i = 0; i < n; i++)
        glVertex2fv(v[i]);
    glEnd();
}

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 1, 1, 1);
    glEnable(GL_LINE_STIPPLE);
    glLineStipple(2, 0x0f0f);

    static const float h[2][2] = {{0, 4.5f}, {32, 4.5f}};
    line(GL_LINES, h, 2);
    GT_PROBE(0, 4, 1, 1, 1, 1, 0.01f);
    GT_PROBE(7, 4, 1, 1, 1, 1, 0.01f);
    GT_PROBE(8, 4, 0, 0, 0, 0, 0.01f);
    GT_PROBE(15, 4, 0, 0, 0, 0, 0.01f);
    GT_PROBE(16, 4, 1, 1, 1, 1, 0.01f);

    static const float r[2][2] = {{32, 10.5f}, {0, 10.5f}};
    line(GL_LINES, r, 2);
    GT_PROBE(31, 10, 1, 1, 1, 1, 0.01f);
    GT_PROBE(24, 10, 1, 1, 1, 1, 0.01f);
    GT_PROBE(23, 10, 0, 0, 0, 0, 0.01f);

    /* a strip: the second segment starts at fragment 4 */
    static const float s[3][2] = {{0, 16.5f}, {4, 16.5f}, {32, 16.5f}};
    line(GL_LINE_STRIP, s, 3);
    GT_PROBE(5, 16, 1, 1, 1, 1, 0.01f);
    GT_PROBE(8, 16, 0, 0, 0, 0, 0.01f);
    /* independent segments restart: pixel 8 is fragment 4 of the second */
    static const float l[4][2] = {{0, 20.5f}, {4, 20.5f}, {4, 20.5f}, {32, 20.5f}};
    line(GL_LINES, l, 4);
    GT_PROBE(8, 20, 1, 1, 1, 1, 0.01f);
    GT_PROBE(12, 20, 0, 0, 0, 0, 0.01f);

    /* vertical (y-major), stipple off again afterwards */
    static const float v[2][2] = {{26.5f, 0}, {26.5f, 32}};
    line(GL_LINES, v, 2);
    GT_PROBE(26, 3, 1, 1, 1, 1, 0.01f);
    GT_PROBE(26, 9, 0, 0, 0, 0, 0.01f);
    glDisable(GL_LINE_STIPPLE);
    static const float u[2][2] = {{0, 28.5f}, {32, 28.5f}};
    line(GL_LINES, u, 2);
    GT_PROBE(8, 28, 1, 1, 1, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("line_stipple");
}
