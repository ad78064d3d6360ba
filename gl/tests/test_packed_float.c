/*
 * test_packed_float.c - EXT_packed_float (R11F_G11F_B10F,
 * UNSIGNED_INT_10F_11F_11F_REV) and EXT_texture_shared_exponent (RGB9_E5,
 * UNSIGNED_INT_5_9_9_9_REV): the words packed and unpacked, textures
 * keeping what the formats keep, the sizes reported, the RGB-only rule.
 *
 * Hand-computed words (5-bit exponents, bias 15):
 *   11-bit 1.0 = 15 << 6 = 0x3c0; 0.5 = 14 << 6 = 0x380; 10-bit 2.0 =
 *   16 << 5 = 0x200; the largest finite 11-bit value (30 << 6 | 63) =
 *   0x7bf, +inf 0x7c0; negatives 0.
 *   1.1 = 1.000110011.. x 2^0: 6 mantissa bits truncated 000110 = 6, so
 *   1 + 6/64 = 1.09375 (5 bits: 00011 = 3, 1 + 3/32 = 1.09375);
 *   0.3 = 1.0011001.. x 2^-2: 6 bits 001100 = 12, 1.1875 / 4 = 0.296875.
 *   Shared exponent of (1, 0.5, 0.25): max 1, exponent floor(log2 1) + 1 +
 *   15 = 16, scale 2^(16 - 15 - 9) = 1/256: mantissas 256, 128, 64.
 *   (1.1, 0.3, 0): the same exponent; 281.6 + 0.5 and 76.8 + 0.5 floor to
 *   282 and 77: 1.1015625 and 0.30078125.
 */
#include "gl_test.h"

#include <math.h>
#include <string.h>

static GLuint tex_from(GLenum ifmt, const float rgb[3])
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, 1, 1, 0, GL_RGB, GL_FLOAT, rgb);
    return t;
}

static GLuint word_of(GLenum ifmt, GLenum type, const float rgb[3])
{
    tex_from(ifmt, rgb);
    GLuint w = 0xdeadbeef;
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, type, &w);
    return w;
}

int main(void)
{
    asmgl_context *ctx = gt_context(4, 4);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(strstr(ext, "GL_EXT_packed_float ") != NULL);
    GT_CHECK(strstr(ext, "GL_EXT_texture_shared_exponent ") != NULL);
    const GLenum pf = GL_UNSIGNED_INT_10F_11F_11F_REV, se = GL_UNSIGNED_INT_5_9_9_9_REV;

    GT_EQ_INT(word_of(GL_R11F_G11F_B10F, pf, (const float[3]){1.0f, 0.5f, 2.0f}),
              0x3c0u | 0x380u << 11 | 0x200u << 22);
    GT_EQ_INT(word_of(GL_RGBA32F, pf, (const float[3]){-3.0f, 1e6f, INFINITY}),
              0u | 0x7bfu << 11 | 0x3e0u << 22);
    GT_EQ_INT(word_of(GL_RGB9_E5, se, (const float[3]){1.0f, 0.5f, 0.25f}),
              256u | 128u << 9 | 64u << 18 | 16u << 27);

    /* the textures keep what the formats keep */
    float back[3];
    tex_from(GL_R11F_G11F_B10F, (const float[3]){1.1f, 0.3f, 1.1f});
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, back);
    GT_NEAR(back[0], 1.09375, 0);
    GT_NEAR(back[1], 0.296875, 0);
    GT_NEAR(back[2], 1.09375, 0);
    tex_from(GL_R11F_G11F_B10F, (const float[3]){-1.0f, 0.0f, 0.0f});
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, back);
    GT_NEAR(back[0], 0.0, 0);
    tex_from(GL_RGB9_E5, (const float[3]){1.1f, 0.3f, 0.0f});
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, back);
    GT_NEAR(back[0], 1.1015625, 0);
    GT_NEAR(back[1], 0.30078125, 0);
    GT_NEAR(back[2], 0.0, 0);

    /* unpacking: a word given as the client's data */
    GLuint w = 0x3c0u | 0x380u << 11 | 0x200u << 22;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16F, 1, 1, 0, GL_RGB, pf, &w);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, back);
    GT_CHECK(back[0] == 1.0f && back[1] == 0.5f && back[2] == 2.0f);
    w = 256u | 128u << 9 | 64u << 18 | 16u << 27;
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB16F, 1, 1, 0, GL_RGB, se, &w);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_FLOAT, back);
    GT_CHECK(back[0] == 1.0f && back[1] == 0.5f && back[2] == 0.25f);
    GT_ERROR(GL_NO_ERROR);

    /* sizes; RGB only */
    GLint v = 0;
    tex_from(GL_R11F_G11F_B10F, (const float[3]){0, 0, 0});
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_BLUE_SIZE, &v);
    GT_EQ_INT(v, 10);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &v);
    GT_EQ_INT(v, GL_FLOAT);
    tex_from(GL_RGB9_E5, (const float[3]){0, 0, 0});
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_SHARED_SIZE, &v);
    GT_EQ_INT(v, 5);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
    GT_EQ_INT(v, 9);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 1, 1, 0, GL_RGBA, se, &w);
    GT_ERROR(GL_INVALID_OPERATION);

    asmgl_context_destroy(ctx);
    return gt_finish("packed_float");
}
