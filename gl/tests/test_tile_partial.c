/*
 * test_tile_partial.c - a tile keeps the pixels no write of the scene
 * reached (loaded from the surface before the tile's store), on tiles
 * drawn in part, at the framebuffer's odd-sized edge tiles, and when
 * blending, a scissored clear or a colour mask reads or partly writes the
 * buffer after an opaque draw in the same scene.  Each scene starts from
 * what the previous one left (GL 2.1 4.1: fragments change only the pixels
 * they cover); expected colours by hand.
 */
#include "gl_test.h"

#define W 45 /* two tiles of 32 across, the second 13 wide */
#define H 45

static void rect(float x0, float y0, float x1, float y1, float r, float g, float b)
{
    glColor4f(r, g, b, 1);
    glBegin(GL_QUADS);
    glVertex2f(x0, y0);
    glVertex2f(x1, y0);
    glVertex2f(x1, y1);
    glVertex2f(x0, y1);
    glEnd();
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, W, 0, H, -1, 1);

    /* scene 1: red everywhere */
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(0, 0, 1, 0, 0, 1, 0);

    /* scene 2: green over x < 20 only; the rest of each tile stays red */
    rect(0, 0, 20, H, 0, 1, 0);
    GT_PROBE(10, 10, 0, 1, 0, 1, 0);
    GT_PROBE(19, 40, 0, 1, 0, 1, 0);
    GT_PROBE(20, 10, 1, 0, 0, 1, 0);
    GT_PROBE(31, 40, 1, 0, 0, 1, 0);
    GT_PROBE(44, 44, 1, 0, 0, 1, 0);

    /* scene 3: blue over x < 10, then blue added everywhere: the blend
     * reads the pixels the first draw did not write from the surface */
    rect(0, 0, 10, H, 0, 0, 1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    rect(0, 0, W, H, 0, 0, 1);
    glDisable(GL_BLEND);
    GT_PROBE(5, 5, 0, 0, 1, 1, 0);
    GT_PROBE(15, 5, 0, 1, 1, 1, 0);
    GT_PROBE(25, 5, 1, 0, 1, 1, 0);
    GT_PROBE(40, 30, 1, 0, 1, 1, 0);

    /* scene 4: yellow over x < 16, then a scissored clear to white over
     * 8 <= x < 24, y < 8 */
    rect(0, 0, 16, H, 1, 1, 0);
    glEnable(GL_SCISSOR_TEST);
    glScissor(8, 0, 16, 8);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    GT_PROBE(4, 4, 1, 1, 0, 1, 0);
    GT_PROBE(4, 20, 1, 1, 0, 1, 0);
    GT_PROBE(10, 4, 1, 1, 1, 1, 0);
    GT_PROBE(20, 4, 1, 1, 1, 1, 0);
    GT_PROBE(20, 20, 1, 0, 1, 1, 0);
    GT_PROBE(30, 4, 1, 0, 1, 1, 0);

    /* scene 5: black over the right-hand edge tile (13 wide, odd), then
     * only red written over 36 <= x < 40 */
    rect(32, 0, W, H, 0, 0, 0);
    glColorMask(GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE);
    rect(36, 0, 40, H, 1, 1, 1);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GT_PROBE(33, 10, 0, 0, 0, 1, 0);
    GT_PROBE(37, 10, 1, 0, 0, 1, 0);
    GT_PROBE(44, 44, 0, 0, 0, 1, 0);
    GT_PROBE(31, 10, 1, 0, 1, 1, 0);

    /* scene 6: one pixel of the edge tile */
    rect(44, 44, 45, 45, 0, 1, 0);
    GT_PROBE(44, 44, 0, 1, 0, 1, 0);
    GT_PROBE(43, 44, 0, 0, 0, 1, 0);
    GT_PROBE(44, 43, 0, 0, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("gl.tile_partial");
}
