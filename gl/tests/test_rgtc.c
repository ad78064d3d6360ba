/*
 * test_rgtc.c - ARB_texture_compression_rgtc: blocks decoded by the spec's
 * formulas (RGTC1 unsigned and signed, both endpoint orders; RGTC2 as two
 * of them), kept and returned as given, and uncompressed uploads
 * compressed.
 *
 * A channel block is e0, e1, then 16 three-bit codes, little-endian, texel
 * t (row-major) at bits 3t.  Texels 0..3 take codes 0, 1, 2, 7 below:
 * bits 0 | 1 << 3 | 2 << 6 | 7 << 9 = 0xe88, bytes 0x88 0x0e.  With e0 > e1
 * the codes are e0, e1, (6 e0 + e1) / 7 ... (e0 + 6 e1) / 7; otherwise e0,
 * e1, (4 e0 + e1) / 5 ... (e0 + 4 e1) / 5, then 0 (-1 signed) and 1.
 *   unsigned e0 = 255, e1 = 0: 1, 0, 6/7, 1/7 (stored in 8 bits)
 *   unsigned e0 = 0, e1 = 255: 0, 1, 1/5, 1
 *   signed e0 = 127, e1 = -127: 1, -1, 5/7, -5/7
 *   signed e0 = -128, e1 = 127: -1 (-128 is -1), 1, -3/5, 1
 */
#include "gl_test.h"

#include <string.h>

static void define(GLenum fmt, const unsigned char *blocks, int bytes)
{
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, fmt, 4, 4, 0, bytes, blocks);
}

/* Red (and green) of texels 0..3 of the level's first row. */
static void expect_row(int line, GLenum fmt, const float r[4], const float *g, float tol)
{
    float px[16][4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    for (int t = 0; t < 4; t++) {
        gt_check_float(__FILE__, line, "red", px[t][0], r[t], tol);
        gt_check_float(__FILE__, line, "green", px[t][1], g ? g[t] : 0.0, tol);
        gt_check_float(__FILE__, line, "blue", px[t][2], 0.0, 0);
        gt_check_float(__FILE__, line, "alpha", px[t][3], 1.0, 0);
    }
    (void)fmt;
}

int main(void)
{
    asmgl_context *ctx = gt_context(4, 4);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_texture_compression_rgtc ") !=
             NULL);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    const float u8 = 0.5f / 255.0f; /* unsigned forms are kept in 8 bits */

    const unsigned char u_hi[8] = {255, 0, 0x88, 0x0e, 0, 0, 0, 0};
    define(GL_COMPRESSED_RED_RGTC1, u_hi, 8);
    expect_row(__LINE__, 0, (const float[4]){1.0f, 0.0f, 6.0f / 7.0f, 1.0f / 7.0f}, NULL, u8);
    const unsigned char u_lo[8] = {0, 255, 0x88, 0x0e, 0, 0, 0, 0};
    define(GL_COMPRESSED_RED_RGTC1, u_lo, 8);
    expect_row(__LINE__, 0, (const float[4]){0.0f, 1.0f, 0.2f, 1.0f}, NULL, u8);

    const unsigned char s_hi[8] = {127, (unsigned char)-127, 0x88, 0x0e, 0, 0, 0, 0};
    define(GL_COMPRESSED_SIGNED_RED_RGTC1, s_hi, 8);
    expect_row(__LINE__, 0, (const float[4]){1.0f, -1.0f, 5.0f / 7.0f, -5.0f / 7.0f}, NULL, 1e-6f);
    const unsigned char s_lo[8] = {(unsigned char)-128, 127, 0x88, 0x0e, 0, 0, 0, 0};
    define(GL_COMPRESSED_SIGNED_RED_RGTC1, s_lo, 8);
    expect_row(__LINE__, 0, (const float[4]){-1.0f, 1.0f, -0.6f, 1.0f}, NULL, 1e-6f);

    /* RGTC2: the red block, then the green one */
    unsigned char rg[16];
    memcpy(rg, u_hi, 8);
    memcpy(rg + 8, u_lo, 8);
    define(GL_COMPRESSED_RG_RGTC2, rg, 16);
    expect_row(__LINE__, 0, (const float[4]){1.0f, 0.0f, 6.0f / 7.0f, 1.0f / 7.0f},
               (const float[4]){0.0f, 1.0f, 0.2f, 1.0f}, u8);
    /* GetCompressedTexImage returns the blocks as given */
    unsigned char back[16];
    glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
    GT_CHECK(memcmp(back, rg, 16) == 0);
    GLint v = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE, &v);
    GT_EQ_INT(v, 16);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
    GT_EQ_INT(v, GL_COMPRESSED_RG_RGTC2);
    GT_ERROR(GL_NO_ERROR);

    /* uncompressed data into the formats: a ramp over the 16 texels comes
     * back within half a code step, (max - min) / 14 */
    float ramp[16], px[16][4];
    for (int i = 0; i < 16; i++)
        ramp[i] = (float)i / 15.0f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, GL_RED, GL_FLOAT, ramp);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    for (int i = 0; i < 16; i++)
        GT_NEAR(px[i][0], ramp[i], 1.0 / 14 + 1.0 / 255);
    for (int i = 0; i < 16; i++)
        ramp[i] = 2.0f * (float)i / 15.0f - 1.0f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, GL_RED, GL_FLOAT, ramp);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    for (int i = 0; i < 16; i++)
        GT_NEAR(px[i][0], ramp[i], 2.0 / 14 + 1e-6);
    /* a constant block is exact */
    for (int i = 0; i < 16; i++)
        ramp[i] = -0.5f;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RED_RGTC1, 4, 4, 0, GL_RED, GL_FLOAT, ramp);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, px);
    GT_NEAR(px[5][0], -0.5, 0.5 / 127);
    GT_ERROR(GL_NO_ERROR);

    /* the wrong size is INVALID_VALUE */
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 16, rg);
    GT_ERROR(GL_INVALID_VALUE);

    asmgl_context_destroy(ctx);
    return gt_finish("rgtc");
}
