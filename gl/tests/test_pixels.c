/*
 * test_pixels.c - the raster position (GL 2.1 section 2.13) and pixel
 * rectangles: glRasterPos through fixed function and through a vertex
 * program, glWindowPos, glDrawPixels (colour, depth, stencil, zoom),
 * glBitmap and glCopyPixels, with per-fragment operations applied.
 */
#include "gl_test.h"

#include <string.h>

#define S 16

int main(void)
{
    asmgl_context *c = gt_context(S, S);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);

    /* RasterPos: object (0,0) -> window centre (8,8), z 0 -> 0.5; the raster
     * colour is the current colour */
    glColor4f(0.25f, 0.5f, 0.75f, 1);
    glRasterPos2f(0, 0);
    float rp[4];
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
    GT_NEAR(rp[0], 8, 1e-5);
    GT_NEAR(rp[1], 8, 1e-5);
    GT_NEAR(rp[2], 0.5, 1e-6);
    GT_NEAR(rp[3], 1, 0);
    float rc[4];
    glGetFloatv(GL_CURRENT_RASTER_COLOR, rc);
    GT_NEAR(rc[2], 0.75, 0);
    GLboolean valid = GL_FALSE;
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    GT_CHECK(valid);
    /* outside the view volume: invalid, and drawing does nothing */
    glRasterPos2f(2, 0);
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    GT_CHECK(!valid);
    /* through the modelview */
    glTranslatef(-0.5f, 0.5f, 0);
    glRasterPos2f(0, 0);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
    GT_NEAR(rp[0], 4, 1e-5);
    GT_NEAR(rp[1], 12, 1e-5);
    glLoadIdentity();

    /* through a vertex program: position doubled, colour from env[0] */
    gt_program(GL_VERTEX_PROGRAM_ARB,
               "!!ARBvp1.0\n"
               "MUL result.position, vertex.position, {2, 2, 1, 1};\n"
               "MOV result.color, program.env[0];\n"
               "END\n");
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 1, 0, 0, 1);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glRasterPos2f(0.25f, -0.25f);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
    GT_NEAR(rp[0], 12, 1e-5);
    GT_NEAR(rp[1], 4, 1e-5);
    glGetFloatv(GL_CURRENT_RASTER_COLOR, rc);
    GT_NEAR(rc[0], 1, 0);
    GT_NEAR(rc[1], 0, 0);

    /* DrawPixels at window (2,3): a 2x2 image, bottom row first */
    glWindowPos2i(2, 3);
    const unsigned char img[16] = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255};
    glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(2, 3, 1, 0, 0, 1, 0);
    GT_PROBE(3, 3, 0, 1, 0, 1, 0);
    GT_PROBE(2, 4, 0, 0, 1, 1, 0);
    GT_PROBE(3, 4, 1, 1, 1, 1, 0);
    GT_PROBE(4, 3, 0, 0, 0, 1, 0);
    GT_PROBE(1, 3, 0, 0, 0, 1, 0);

    /* zoom 2: each pixel covers 2x2 */
    glPixelZoom(2, 2);
    glWindowPos2i(8, 8);
    glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glPixelZoom(1, 1);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0);
    GT_PROBE(9, 9, 1, 0, 0, 1, 0);
    GT_PROBE(10, 9, 0, 1, 0, 1, 0);
    GT_PROBE(11, 11, 1, 1, 1, 1, 0);

    /* fragments go through the per-fragment operations: blending */
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glWindowPos2i(2, 3);
    const float half[4] = {0, 0.5f, 0, 0};
    glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, half);
    glDisable(GL_BLEND);
    GT_PROBE(2, 3, 1, 0.5f, 0, 1, 1.0f / 255);

    /* depth pixels write depth through the depth test; colour = raster colour */
    glColor3f(0, 1, 1);
    glWindowPos2i(0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    const float depths[2] = {0.25f, 0.75f};
    glDrawPixels(2, 1, GL_DEPTH_COMPONENT, GL_FLOAT, depths);
    glDisable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    float d[2];
    glReadPixels(0, 0, 2, 1, GL_DEPTH_COMPONENT, GL_FLOAT, d);
    GT_NEAR(d[0], 0.25, 1e-6);
    GT_NEAR(d[1], 0.75, 1e-6);
    GT_PROBE(1, 0, 0, 1, 1, 1, 0);

    /* stencil pixels are written directly, through the write mask */
    glWindowPos2i(5, 0);
    glStencilMask(0x0f);
    const unsigned char st[2] = {0xff, 0x21};
    glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    glStencilMask(0xff);
    unsigned char sb[2];
    glReadPixels(5, 0, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sb);
    GT_EQ_INT(sb[0], 0x0f);
    GT_EQ_INT(sb[1], 0x01);

    /* Bitmap: MSB first, rows padded to UNPACK_ALIGNMENT 4 */
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 1, 0);
    glWindowPos2i(4, 4); /* the raster colour is latched here */
    glColor3f(0, 0, 1);
    const GLubyte bits[8] = {0xa0, 0, 0, 0, 0x40, 0, 0, 0}; /* row0: x=0,2; row1: x=1 */
    glBitmap(3, 2, 0, 0, 5, 1, bits);
    GT_PROBE(4, 4, 1, 1, 0, 1, 0);
    GT_PROBE(5, 4, 0, 0, 0, 1, 0);
    GT_PROBE(6, 4, 1, 1, 0, 1, 0);
    GT_PROBE(5, 5, 1, 1, 0, 1, 0);
    glGetFloatv(GL_CURRENT_RASTER_POSITION, rp);
    GT_NEAR(rp[0], 9, 0);
    GT_NEAR(rp[1], 5, 0);

    /* CopyPixels: the 3x2 bitmap area copied up to (4,10) */
    glWindowPos2i(4, 10);
    glCopyPixels(4, 4, 3, 2, GL_COLOR);
    GT_PROBE(4, 10, 1, 1, 0, 1, 0);
    GT_PROBE(5, 10, 0, 0, 0, 1, 0);
    GT_PROBE(5, 11, 1, 1, 0, 1, 0);
    glCopyPixels(0, 0, 1, 1, GL_COLOR + 5);
    GT_ERROR(GL_INVALID_ENUM);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(c);
    return gt_finish("gl.pixels");
}
