/*
 * test_half_float.c - ARB_half_float_vertex (GL 3.0 table 2.4: HALF_FLOAT
 * vertex arrays) and ARB_half_float_pixel (HALF_FLOAT pixel data): a
 * triangle whose positions and colours are halves, drawn by DrawArrays
 * and by ArrayElement; half texels in and out.
 *
 * Halves (IEEE 754 binary16): 0x3c00 = 1, 0xbc00 = -1, 0x0000 = 0,
 * 0x3800 = 0.5, 0x3400 = 0.25.
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

#define W 16

/* A triangle over the lower-left half of the window; colour (1, 0.5, 0.25). */
static const uint16_t pos[3][2] = {{0xbc00, 0xbc00}, {0x3c00, 0xbc00}, {0xbc00, 0x3c00}};
static const uint16_t col[3][3] = {{0x3c00, 0x3800, 0x3400}, {0x3c00, 0x3800, 0x3400},
                                   {0x3c00, 0x3800, 0x3400}};

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(strstr(ext, "GL_ARB_half_float_vertex ") != NULL);
    GT_CHECK(strstr(ext, "GL_ARB_half_float_pixel ") != NULL);

    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_HALF_FLOAT, 0, pos);
    glColorPointer(3, GL_HALF_FLOAT, 0, col);
    GT_ERROR(GL_NO_ERROR);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GT_PROBE(2, 2, 1.0f, 0.5f, 0.25f, 1.0f, 1.0f / 255);
    GT_PROBE(W - 2, W - 2, 0, 0, 0, 0, 0);

    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < 3; i++)
        glArrayElement(i);
    glEnd();
    GT_PROBE(2, 2, 1.0f, 0.5f, 0.25f, 1.0f, 1.0f / 255);

    /* generic attribute arrays take it too; integer arrays do not */
    glVertexAttribPointer(1, 2, GL_HALF_FLOAT, GL_FALSE, 0, pos);
    GT_ERROR(GL_NO_ERROR);
    glVertexAttribIPointer(1, 2, GL_HALF_FLOAT, 0, pos);
    GT_ERROR(GL_INVALID_ENUM);

    /* half texels: TexImage from halves, GetTexImage and ReadPixels as halves */
    const uint16_t texel[4] = {0x3800, 0x3400, 0x3c00, 0x3c00};
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 1, 1, 0, GL_RGBA, GL_HALF_FLOAT, texel);
    float back[4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
    GT_NEAR(back[0], 0.5, 0);
    GT_NEAR(back[1], 0.25, 0);
    GT_NEAR(back[2], 1.0, 0);
    uint16_t px[4] = {0, 0, 0, 0};
    glReadPixels(2, 2, 1, 1, GL_RGBA, GL_HALF_FLOAT, px);
    /* the window is RGBA8: 255, 128 and 64 / 255, whose nearest halves are
     * 1, 0.50196 = 0x3804 (mantissa 0.0039 x 1024 = 4.02) and 0.25098 = 0x3404 */
    GT_EQ_INT(px[0], 0x3c00);
    GT_EQ_INT(px[1], 0x3804);
    GT_EQ_INT(px[2], 0x3404);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("half_float");
}
