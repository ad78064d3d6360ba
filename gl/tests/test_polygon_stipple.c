/*
 * test_polygon_stipple.c - GL 2.1 3.5.2: with POLYGON_STIPPLE a polygon's
 * fragment at window (x, y) is kept when bit (x mod 32, y mod 32) of the
 * pattern is set; the pattern is unpacked like a bitmap (most significant
 * bit first) and read back by glGetPolygonStipple; points and lines are
 * not stippled.  Pattern: even rows 0x55 bytes (odd x), odd rows 0xaa
 * (even x), so fragments with x + y odd remain; 64 x 64 window (four
 * tiles), pixels probed by hand.
 */
#include "gl_test.h"

#include <string.h>

int main(void)
{
    asmgl_context *c = gt_context(64, 64);
    GLubyte pat[128], back[128];
    for (int y = 0; y < 32; y++)
        memset(pat + 4 * y, (y & 1) ? 0xaa : 0x55, 4);
    glPolygonStipple(pat);
    glGetPolygonStipple(back);
    GT_CHECK(memcmp(pat, back, sizeof pat) == 0);
    glEnable(GL_POLYGON_STIPPLE);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 1, 1, 1);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(0, 0, 0, 0, 0, 0, 0.01f);
    GT_PROBE(1, 0, 1, 1, 1, 1, 0.01f);
    GT_PROBE(0, 1, 1, 1, 1, 1, 0.01f);
    GT_PROBE(33, 32, 1, 1, 1, 1, 0.01f);
    GT_PROBE(40, 40, 0, 0, 0, 0, 0.01f);
    GT_PROBE(63, 62, 1, 1, 1, 1, 0.01f);
    /* a point at pixel (10, 10) (x + y even) is not stippled */
    glBegin(GL_POINTS);
    glVertex2f(10.5f / 32 - 1, 10.5f / 32 - 1);
    glEnd();
    GT_PROBE(10, 10, 1, 1, 1, 1, 0.01f);
    /* disabled: everything */
    glDisable(GL_POLYGON_STIPPLE);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(40, 40, 1, 1, 1, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("polygon_stipple");
}
