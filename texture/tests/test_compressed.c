/*
 * test_compressed.c - S3TC images (EXT_texture_compression_s3tc): block
 * decoding against the spec's formulas worked by hand, the block copy
 * GetCompressedTexImage returns, compression of uncompressed uploads, and
 * the block-grid errors.  Single thread.
 */
#include <stdint.h>
#include <string.h>

#include "tex_test.h"

static const uint8_t *texel8(const tex_image *img, int i, int j)
{
    return (const uint8_t *)img->data + (size_t)j * img->row_stride + (size_t)i * 4;
}

/* DXT1 block: color0 = 0xF800 (red), color1 = 0x001F (blue), so color0 >
 * color1 (four-colour mode); texel row j uses index j for all four texels:
 * RGB0 = (255,0,0), RGB1 = (0,0,255), RGB2 = (2 RGB0 + RGB1) / 3 =
 * (170,0,85), RGB3 = (RGB0 + 2 RGB1) / 3 = (85,0,170). */
static const uint8_t dxt1_four[8] = {0x00, 0xF8, 0x1F, 0x00, 0x00, 0x55, 0xAA, 0xFF};
/* color0 = 0x001F <= color1 = 0xF800: three-colour mode, index 3 is black
 * (transparent for RGBA DXT1, opaque for RGB DXT1); every texel index 3. */
static const uint8_t dxt1_three[8] = {0x1F, 0x00, 0x00, 0xF8, 0xFF, 0xFF, 0xFF, 0xFF};

static void test_decode(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK(t != NULL);
    CHECK_INT(tex_compressed_image_size(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 1), 8);
    CHECK_INT(tex_compressed_image_size(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 5, 9, 1), 2 * 3 * 16);
    CHECK_INT(tex_compressed_image_size(GL_RGBA8, 4, 4, 1), 0);
    CHECK_INT(tex_compressed_image_define(t, 0, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 1, 0, 8,
                                          dxt1_four),
              GL_NO_ERROR);
    const tex_image *img = &t->image[0][0];
    static const uint8_t want[4][3] = {{255, 0, 0}, {0, 0, 255}, {170, 0, 85}, {85, 0, 170}};
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            const uint8_t *p = texel8(img, i, j);
            CHECK_INT(p[0], want[j][0]);
            CHECK_INT(p[1], want[j][1]);
            CHECK_INT(p[2], want[j][2]);
            CHECK_INT(p[3], 255);
        }
    uint8_t back[8];
    CHECK_INT(tex_compressed_image_get(t, 0, 0, back), GL_NO_ERROR);
    CHECK(memcmp(back, dxt1_four, 8) == 0);

    /* three-colour black: opaque for RGB, transparent for RGBA */
    CHECK_INT(tex_compressed_image_define(t, 0, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 1, 0, 8,
                                          dxt1_three),
              GL_NO_ERROR);
    CHECK_INT(texel8(&t->image[0][0], 2, 2)[3], 255);
    CHECK_INT(texel8(&t->image[0][0], 2, 2)[0], 0);
    CHECK_INT(tex_compressed_image_define(t, 0, 0, GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 4, 4, 1, 0, 8,
                                          dxt1_three),
              GL_NO_ERROR);
    CHECK_INT(texel8(&t->image[0][0], 2, 2)[3], 0);

    /* errors: wrong size, generic format, undefined level, off-grid sub */
    CHECK_INT(tex_compressed_image_define(t, 0, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 4, 4, 1, 0, 7,
                                          dxt1_four),
              GL_INVALID_VALUE);
    CHECK_INT(tex_compressed_image_define(t, 0, 0, GL_COMPRESSED_RGB, 4, 4, 1, 0, 8, dxt1_four),
              GL_INVALID_ENUM);
    CHECK_INT(tex_compressed_image_sub(t, 0, 1, 0, 0, 0, 4, 4, 1,
                                       GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8, dxt1_four),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_compressed_image_sub(t, 0, 0, 0, 0, 0, 4, 4, 1, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
                                       8, dxt1_four),
              GL_INVALID_OPERATION); /* not the image's format */
    tex_object_free(t);
}

static void test_compress_uploads(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    /* 8x8: left half green, right half (255, 0, 255): each block is one
     * colour, which DXT1's 5:6:5 endpoints hold exactly */
    uint8_t px[8 * 8 * 4];
    for (int j = 0; j < 8; j++)
        for (int i = 0; i < 8; i++) {
            uint8_t *p = px + 4 * (8 * j + i);
            p[0] = i < 4 ? 0 : 255;
            p[1] = i < 4 ? 255 : 0;
            p[2] = i < 4 ? 0 : 255;
            p[3] = 255;
        }
    CHECK_INT(tex_image_define(t, 0, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 1, 0, GL_RGBA,
                               GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    const tex_image *img = &t->image[0][0];
    CHECK(img->blocks != NULL);
    CHECK_INT(texel8(img, 1, 6)[1], 255);
    CHECK_INT(texel8(img, 6, 1)[0], 255);
    CHECK_INT(texel8(img, 6, 1)[1], 0);
    CHECK_INT(texel8(img, 6, 1)[2], 255);
    /* the blocks decode to the texels: re-define from them */
    uint8_t blocks[32];
    CHECK_INT(tex_compressed_image_get(t, 0, 0, blocks), GL_NO_ERROR);
    tex_object *u = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_compressed_image_define(u, 0, 0, GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8, 8, 1, 0, 32,
                                          blocks),
              GL_NO_ERROR);
    CHECK(memcmp(u->image[0][0].data, img->data, 8 * 8 * 4) == 0);
    tex_object_free(u);
    /* TexSubImage: on the block grid, or reaching the edge; else
     * INVALID_OPERATION (EXT_texture_compression_s3tc); the client rows
     * are px's (8 texels), columns 0..3 green */
    ps.row_length = 8;
    CHECK_INT(tex_image_sub(t, 0, 0, 4, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    CHECK_INT(texel8(img, 5, 1)[1], 255); /* now green */
    CHECK_INT(tex_image_sub(t, 0, 0, 2, 0, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_image_sub(t, 0, 0, 4, 4, 0, 3, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_image_sub(t, 0, 0, 4, 4, 0, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    /* not a compressed image: GetCompressedTexImage fails */
    CHECK_INT(tex_image_define(t, 0, 1, GL_RGBA8, 4, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    CHECK_INT(tex_compressed_image_get(t, 0, 1, blocks), GL_INVALID_OPERATION);
    /* S3TC is 2D only */
    tex_object *t3 = tex_object_create(GL_TEXTURE_3D);
    CHECK_INT(tex_image_define(t3, 0, 0, GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 4, 4, 4, 0, GL_RGBA,
                               GL_UNSIGNED_BYTE, NULL, &ps),
              GL_INVALID_OPERATION);
    tex_object_free(t3);
    tex_object_free(t);
}

int main(void)
{
    test_decode();
    test_compress_uploads();
    return tt_finish("texture.compressed");
}
