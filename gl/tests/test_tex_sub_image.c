/* test_tex_sub_image.c - ARB_get_texture_sub_image: GetTextureSubImage
 * packs a region of a level (cube maps: faces as the depth), and
 * GetCompressedTextureSubImage copies the S3TC blocks of a block-aligned
 * region; errors as the extension and piglit's arb_get_texture_sub_image
 * tests (run on Mesa llvmpipe) say.
 */
#include <string.h>

#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(8, 8);
    GLuint t[3];
    glGenTextures(3, t);

    /* 4x2 RGBA8: texel (i, j) = (10 i, 100 + j, 7, 255) */
    GLubyte px[2][4][4];
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 4; i++) {
            px[j][i][0] = (GLubyte)(10 * i);
            px[j][i][1] = (GLubyte)(100 + j);
            px[j][i][2] = 7;
            px[j][i][3] = 255;
        }
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GLubyte out[16] = {0};
    glGetTextureSubImage(t[0], 0, 1, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof out, out);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(out[0], 10);  /* (1, 0) */
    GT_EQ_INT(out[4], 20);  /* (2, 0) */
    GT_EQ_INT(out[9], 101); /* (1, 1) green */
    GT_EQ_INT(out[12], 20); /* (2, 1) */

    /* errors: the region (INVALID_VALUE) before the buffer size */
    glGetTextureSubImage(t[0], 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof out, out);
    GT_ERROR(GL_INVALID_VALUE);
    glGetTextureSubImage(t[0], 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, sizeof out, out);
    GT_ERROR(GL_INVALID_VALUE); /* a 2D image is 1 deep */
    glGetTextureSubImage(t[0], 0, 0, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, 15, out);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetTextureSubImage(t[2] + 50, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 16, out);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetTextureSubImage(t[2], 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 16, out);
    GT_ERROR(GL_INVALID_OPERATION); /* generated, never bound */

    /* cube map faces as layers: face f is (f * 40, 0, 0, 255) */
    glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
    for (int f = 0; f < 6; f++) {
        GLubyte texel[4] = {(GLubyte)(f * 40), 0, 0, 255};
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, texel);
    }
    memset(out, 0, sizeof out);
    glGetTextureSubImage(t[1], 0, 0, 0, 2, 1, 1, 3, GL_RGBA, GL_UNSIGNED_BYTE, sizeof out, out);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(out[0], 80);  /* +Y */
    GT_EQ_INT(out[4], 120); /* -Y */
    GT_EQ_INT(out[8], 160); /* +Z */

    /* DXT1 8x8: four 8-byte blocks, block b filled with bytes 16 b + k */
    GLubyte blocks[32], got[16];
    for (int i = 0; i < 32; i++)
        blocks[i] = (GLubyte)(16 * (i / 8) + i % 8);
    glBindTexture(GL_TEXTURE_2D, t[2]);
    glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 0,
                           sizeof blocks, blocks);
    GT_ERROR(GL_NO_ERROR);
    glGetCompressedTextureSubImage(t[2], 0, 4, 4, 0, 4, 4, 1, sizeof got, got);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(memcmp(got, blocks + 24, 8) == 0); /* block (1, 1) */
    glGetCompressedTextureSubImage(t[2], 0, 0, 4, 0, 8, 4, 1, sizeof got, got);
    GT_CHECK(memcmp(got, blocks + 16, 16) == 0); /* block row 1 */
    glGetCompressedTextureSubImage(t[2], 0, 2, 0, 0, 4, 4, 1, sizeof got, got);
    GT_ERROR(GL_INVALID_OPERATION); /* off the block grid */
    glGetCompressedTextureSubImage(t[2], 0, 0, 0, 0, 8, 8, 1, 31, got);
    GT_ERROR(GL_INVALID_OPERATION); /* 32 bytes do not fit in 31 */
    glGetCompressedTextureSubImage(t[0], 0, 0, 0, 0, 4, 2, 1, sizeof got, got);
    GT_ERROR(GL_INVALID_OPERATION); /* not compressed */

    glDeleteTextures(3, t);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_sub_image");
}
