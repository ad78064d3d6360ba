/*
 * test_pixel_transfer.c - glDrawPixels' pixel transfer (GL 2.1 3.6.5):
 * colour-index images through INDEX_SHIFT / INDEX_OFFSET and the I_TO_*
 * maps (unsigned bytes and GL_BITMAP), RGBA scale and bias, MAP_COLOR's
 * R_TO_R ... A_TO_A, the same transfer in glTexImage, and the map queries.  Expected colours by hand.
 */
#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);

    /* index i -> (i/3, 1 - i/3, 0.5, 1) over 4 entries; offset 1 */
    const float r[4] = {0, 1.0f / 3, 2.0f / 3, 1}, g[4] = {1, 2.0f / 3, 1.0f / 3, 0};
    const float b[4] = {0.5f, 0.5f, 0.5f, 0.5f}, a[4] = {1, 1, 1, 1};
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, r);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 4, g);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 4, b);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 4, a);
    GLint size = 0;
    glGetIntegerv(GL_PIXEL_MAP_I_TO_R_SIZE, &size);
    GT_EQ_INT(size, 4);
    float back[4];
    glGetPixelMapfv(GL_PIXEL_MAP_I_TO_G, back);
    GT_NEAR(back[1], 2.0 / 3, 1e-6);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, r); /* not a power of two */
    GT_ERROR(GL_INVALID_VALUE);

    const GLubyte idx[4] = {0, 1, 2, 5}; /* 5 + 1 = 6, masked by 3: 2 */
    glPixelTransferi(GL_INDEX_OFFSET, 1);
    glWindowPos2i(0, 0);
    glDrawPixels(4, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
    glPixelTransferi(GL_INDEX_OFFSET, 0);
    GT_PROBE(0, 0, 1.0f / 3, 2.0f / 3, 0.5f, 1, 0.01f);
    GT_PROBE(1, 0, 2.0f / 3, 1.0f / 3, 0.5f, 1, 0.01f);
    GT_PROBE(2, 0, 1, 0, 0.5f, 1, 0.01f);
    GT_PROBE(3, 0, 2.0f / 3, 1.0f / 3, 0.5f, 1, 0.01f);

    /* GL_BITMAP indices: 0b10100000 -> 1 0 1 0 */
    const GLubyte bits[1] = {0xa0};
    glWindowPos2i(0, 2);
    glDrawPixels(4, 1, GL_COLOR_INDEX, GL_BITMAP, bits);
    GT_PROBE(0, 2, 1.0f / 3, 2.0f / 3, 0.5f, 1, 0.01f);
    GT_PROBE(1, 2, 0, 1, 0.5f, 1, 0.01f);

    /* RGBA scale and bias: red * 0.5 + 0.25, blue bias -1 */
    const GLubyte rgba[4] = {255, 255, 255, 255};
    glPixelTransferf(GL_RED_SCALE, 0.5f);
    glPixelTransferf(GL_RED_BIAS, 0.25f);
    glPixelTransferf(GL_BLUE_BIAS, -1.0f);
    glWindowPos2i(0, 4);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    GT_PROBE(0, 4, 0.75f, 1, 0, 1, 0.01f);
    glPixelTransferf(GL_RED_SCALE, 1);
    glPixelTransferf(GL_RED_BIAS, 0);
    glPixelTransferf(GL_BLUE_BIAS, 0);

    /* MAP_COLOR: G_TO_G of 2 entries {0.2, 0.6}; green 1 -> entry 1 */
    const float gg[2] = {0.2f, 0.6f};
    glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, gg);
    glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
    glWindowPos2i(0, 6);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
    /* R_TO_R etc. still hold one entry 0 */
    GT_PROBE(0, 6, 0, 0.6f, 0, 0, 0.01f);

    /* texture images take the same transfer (3.8.1): red 1 * 0.5 + 0.25,
     * alpha bias -0.5; read back as floats */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelTransferf(GL_RED_SCALE, 0.5f);
    glPixelTransferf(GL_RED_BIAS, 0.25f);
    glPixelTransferf(GL_ALPHA_BIAS, -0.5f);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    glPixelTransferf(GL_RED_SCALE, 1);
    glPixelTransferf(GL_RED_BIAS, 0);
    glPixelTransferf(GL_ALPHA_BIAS, 0);
    float texel[4] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texel);
    GT_NEAR(texel[0], 0.75, 0.01);
    GT_NEAR(texel[1], 1.0, 0.01);
    GT_NEAR(texel[3], 0.5, 0.01);
    glDeleteTextures(1, &tex);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("pixel_transfer");
}
