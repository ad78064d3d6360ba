/*
 * test_object.c - texture objects: defaults, glTexImage/glTexSubImage/
 * glGetTexImage semantics and errors, base-format storage, borders,
 * completeness (GL 2.1 section 3.8.10, cube completeness) and mipmap
 * generation.  Single thread.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "tex_test.h"

static tex_pixel_store store1(void)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    ps.alignment = 1;
    return ps;
}

static const uint8_t *texel8(const tex_image *img, int i, int j, int k)
{
    return (const uint8_t *)img->data + (size_t)k * img->slice_stride +
           (size_t)j * img->row_stride + (size_t)i * 4;
}

static float texelf(const tex_image *img, int i, int j, int c)
{
    const float *p = (const float *)((const uint8_t *)img->data + (size_t)j * img->row_stride) + i * 4;
    return p[c];
}

static void test_defaults(void)
{
    tex_sampler s;
    tex_sampler_default(&s, GL_TEXTURE_2D);
    CHECK_INT(s.min_filter, GL_NEAREST_MIPMAP_LINEAR);
    CHECK_INT(s.mag_filter, GL_LINEAR);
    CHECK_INT(s.wrap_s, GL_REPEAT);
    CHECK_INT(s.wrap_t, GL_REPEAT);
    CHECK_INT(s.wrap_r, GL_REPEAT);
    CHECK_INT(s.compare_mode, GL_NONE);
    CHECK_INT(s.compare_func, GL_LEQUAL);
    CHECK_INT(s.depth_mode, GL_LUMINANCE);
    CHECK_NEAR(s.min_lod, -1000, 0);
    CHECK_NEAR(s.max_lod, 1000, 0);
    CHECK_INT(s.base_level, 0);
    CHECK_INT(s.max_level, 1000);
    CHECK_VEC4(s.border_color, 0, 0, 0, 0, 0);
    tex_sampler_default(&s, GL_TEXTURE_RECTANGLE_ARB);
    CHECK_INT(s.min_filter, GL_LINEAR);
    CHECK_INT(s.wrap_s, GL_CLAMP_TO_EDGE);
    CHECK_INT(s.wrap_t, GL_CLAMP_TO_EDGE);

    /* targets asmgl has no objects for (multisample ones exist now: see
     * test_multisample.c; cube map arrays too, ARB_texture_cube_map_array:
     * square faces, depth 6 * layers) */
    tex_object *ca = tex_object_create(GL_TEXTURE_CUBE_MAP_ARRAY);
    CHECK(ca != NULL);
    if (ca) {
        tex_pixel_store ps;
        tex_pixel_store_default(&ps);
        CHECK_INT(tex_image_define(ca, 0, 0, GL_RGBA8, 4, 4, 12, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps),
                  GL_NO_ERROR);
        CHECK_INT(tex_image_define(ca, 0, 0, GL_RGBA8, 4, 4, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps),
                  GL_INVALID_VALUE);
        CHECK_INT(tex_image_define(ca, 0, 0, GL_RGBA8, 4, 2, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps),
                  GL_INVALID_VALUE);
        CHECK_INT(ca->image[0][0].depth, 12);
        tex_object_free(ca);
    }
    CHECK(tex_object_create(GL_TEXTURE_2D_MULTISAMPLE + 100) == NULL);
    /* ARB_texture_buffer_object: a buffer texture exists, initially LUMINANCE8
     * with no buffer (test_buffer.c covers the rest) */
    tex_object *bt = tex_object_create(GL_TEXTURE_BUFFER);
    CHECK(bt != NULL);
    if (bt) {
        CHECK_INT(bt->buffer.internal_format, GL_LUMINANCE8);
        CHECK(bt->buffer.data == NULL);
        CHECK(!tex_object_complete(bt));
        tex_object_free(bt);
    }
    tex_object *t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    CHECK(t != NULL);
    CHECK_INT(t->num_faces, 6);
    CHECK(!tex_object_complete(t));
    tex_object_free(t);
    tex_object_free(NULL);
    CHECK(!tex_object_complete(NULL));

    GLenum base;
    tex_format st;
    CHECK(tex_internal_format_info(GL_LUMINANCE8, &base, &st));
    CHECK_INT(base, GL_LUMINANCE);
    CHECK_INT(st, TEX_FMT_RGBA8);
    CHECK(tex_internal_format_info(GL_RGBA16F_ARB, &base, &st));
    CHECK_INT(st, TEX_FMT_RGBA32F);
    CHECK(tex_internal_format_info(GL_DEPTH24_STENCIL8, &base, &st));
    CHECK_INT(base, GL_DEPTH_STENCIL);
    CHECK_INT(st, TEX_FMT_DEPTH32F);
    CHECK(!tex_internal_format_info(GL_COMPRESSED_RGB_FXT1_3DFX, &base, &st));
    CHECK_INT(tex_format_bytes(TEX_FMT_RGBA8), 4);
    CHECK_INT(tex_format_bytes(TEX_FMT_RGBA32F), 16);
    CHECK_INT(tex_format_bytes(TEX_FMT_DEPTH32F), 4);
}

static void test_define_errors(void)
{
    tex_pixel_store ps = store1();
    uint8_t px[256] = {0};
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
#define DEF(lvl, ifmt, w, h, b, fmt, type) \
    tex_image_define(t, 0, lvl, ifmt, w, h, 1, b, fmt, type, px, &ps)
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_NO_ERROR);
    CHECK_INT(DEF(-1, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(TEX_MAX_LEVELS, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, GL_RGBA8, -1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, GL_RGBA8, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE); /* w < 2b */
    CHECK_INT(DEF(0, GL_RGBA8, TEX_MAX_SIZE + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(1, GL_RGBA8, TEX_MAX_SIZE / 2 + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(14, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, 0x1234, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, 5, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_VALUE);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_INTENSITY, GL_UNSIGNED_BYTE), GL_INVALID_ENUM);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_RGBA, 0x1234), GL_INVALID_ENUM);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5), GL_INVALID_OPERATION);
    /* stencil indices match no internal format (GL 3.3 3.8.3; Mesa, piglit
     * teximage-errors) */
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE), GL_INVALID_OPERATION);
    CHECK_INT(DEF(0, GL_DEPTH_COMPONENT16, 2, 2, 0, GL_STENCIL_INDEX, GL_INT), GL_INVALID_OPERATION);
    /* depth internal format needs depth data and the other way round */
    CHECK_INT(DEF(0, GL_DEPTH_COMPONENT24, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE), GL_INVALID_OPERATION);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT), GL_INVALID_OPERATION);
    CHECK_INT(DEF(0, GL_RGBA8, 2, 2, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8), GL_INVALID_OPERATION);
    CHECK_INT(DEF(0, GL_DEPTH_COMPONENT24, 2, 2, 0, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT), GL_NO_ERROR);
    CHECK_INT(DEF(0, GL_DEPTH24_STENCIL8, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT), GL_NO_ERROR);
    /* non-power-of-two sizes are fine (GL 2.0) */
    CHECK_INT(DEF(0, GL_RGB8, 3, 5, 0, GL_RGB, GL_UNSIGNED_BYTE), GL_NO_ERROR);
    /* a failed call leaves the old image alone */
    CHECK_INT(t->image[0][0].width, 3);
    CHECK_INT(tex_image_define(t, 1, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_ENUM);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_define(NULL, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_OPERATION);
    tex_object_free(t);
#undef DEF

    t = tex_object_create(GL_TEXTURE_1D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 4, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 4, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_3D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT, 2, 2, 2, 0, GL_DEPTH_COMPONENT,
                               GL_FLOAT, NULL, &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, TEX_MAX_3D_SIZE + 1, 1, 1, 0, GL_RGBA,
                               GL_UNSIGNED_BYTE, NULL, &ps), GL_INVALID_VALUE);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    CHECK_INT(tex_image_define(t, 2, 0, GL_RGBA8, 2, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_define(t, 6, 0, GL_RGBA8, 2, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_ENUM);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    CHECK_INT(tex_image_define(t, 0, 1, GL_RGBA8, 2, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 3, 7, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    tex_object_free(t);
}

static void test_storage(void)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    const uint8_t rgba[4] = {10, 20, 30, 40};

    /* GL 2.1 table 3.15: L takes R, A takes A, I takes R; RGB drops A */
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    const uint8_t *p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 10 && p[1] == 10 && p[2] == 10 && p[3] == 255);
    tex_image_define(t, 0, 0, GL_ALPHA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 0 && p[1] == 0 && p[2] == 0 && p[3] == 40);
    tex_image_define(t, 0, 0, GL_INTENSITY8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 10 && p[1] == 10 && p[2] == 10 && p[3] == 10);
    tex_image_define(t, 0, 0, GL_LUMINANCE8_ALPHA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 10 && p[1] == 10 && p[2] == 10 && p[3] == 40);
    tex_image_define(t, 0, 0, GL_RGB8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 10 && p[1] == 20 && p[2] == 30 && p[3] == 255);
    tex_image_define(t, 0, 0, GL_R8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 10 && p[1] == 0 && p[2] == 0 && p[3] == 255);
    /* LUMINANCE data into an RGBA texture: (L, L, L, 1) */
    const uint8_t lum = 77;
    tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &lum, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 77 && p[1] == 77 && p[2] == 77 && p[3] == 255);
    /* RGB5 keeps 8 bits (GL chooses the resolution; asmgl never quantises) */
    const uint8_t odd[3] = {0x81, 0x03, 0xFE};
    tex_image_define(t, 0, 0, GL_RGB5, 1, 1, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, odd, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 0x81 && p[1] == 0x03 && p[2] == 0xFE && p[3] == 255);
    CHECK_INT(t->image[0][0].internal_format, GL_RGB5);
    CHECK_INT(t->image[0][0].base_format, GL_RGB);
    /* fixed-point formats clamp, float formats do not */
    const float big[4] = {2.5f, -1.0f, 0.5f, 1.0f};
    tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, big, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 255 && p[1] == 0 && p[2] == 128 && p[3] == 255);
    tex_image_define(t, 0, 0, GL_RGBA32F_ARB, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, big, &ps);
    CHECK_INT(t->image[0][0].format, TEX_FMT_RGBA32F);
    CHECK_NEAR(texelf(&t->image[0][0], 0, 0, 0), 2.5, 0);
    CHECK_NEAR(texelf(&t->image[0][0], 0, 0, 1), -1.0, 0);
    tex_image_define(t, 0, 0, GL_LUMINANCE16F_ARB, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, big, &ps);
    CHECK_NEAR(texelf(&t->image[0][0], 0, 0, 1), 2.5, 0);
    CHECK_NEAR(texelf(&t->image[0][0], 0, 0, 3), 1.0, 0);
    tex_image_define(t, 0, 0, GL_RGBA16, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, big, &ps);
    CHECK_NEAR(texelf(&t->image[0][0], 0, 0, 0), 1.0, 0);
    /* depth: UNSIGNED_SHORT 0x8000 -> 32768/65535, clamped */
    const uint16_t dz = 0x8000;
    tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT16, 1, 1, 1, 0, GL_DEPTH_COMPONENT,
                     GL_UNSIGNED_SHORT, &dz, &ps);
    CHECK_INT(t->image[0][0].format, TEX_FMT_DEPTH32F);
    CHECK_NEAR(*(const float *)t->image[0][0].data, 32768.0 / 65535.0, 1e-7);
    /* NULL pixels: storage defined, contents zero */
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps);
    p = texel8(&t->image[0][0], 1, 1, 0);
    CHECK(p[0] == 0 && p[3] == 0);
    /* sRGB: kept encoded, as given (sampling decodes: texture.sample) */
    const uint8_t srgb[4] = {188, 0, 255, 188};
    tex_image_define(t, 0, 0, GL_SRGB8_ALPHA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, srgb, &ps);
    CHECK_INT(t->image[0][0].format, TEX_FMT_RGBA8);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 188 && p[1] == 0 && p[2] == 255 && p[3] == 188);
    uint8_t back[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, back, &ps), GL_NO_ERROR);
    CHECK(back[0] == 188 && back[1] == 0 && back[2] == 255 && back[3] == 188);
    tex_object_free(t);
}

/* TEX_MAX_IMAGE_BYTES: one level (a cube level's six faces together) of at
 * most 1 GiB of storage; larger ones are refused before any allocation. */
static void test_size_limit(void)
{
    tex_pixel_store ps = store1();
    CHECK(tex_image_fits(GL_RGBA8, 16384, 16384, 1, 1));          /* 1 GiB */
    CHECK(!tex_image_fits(GL_RGBA8, 16384, 16384, 1, 6));         /* a cube map level */
    CHECK(!tex_image_fits(GL_RGBA8, 8192, 8192, 1, 6));           /* 1.5 GiB */
    CHECK(tex_image_fits(GL_RGBA8, 4096, 4096, 1, 6));            /* 384 MiB */
    CHECK(!tex_image_fits(GL_RGBA32F_ARB, 16384, 16384, 1, 1));   /* 4 GiB */
    CHECK(tex_image_fits(GL_RGBA32F_ARB, 8192, 8192, 1, 1));      /* 1 GiB */
    CHECK(!tex_image_fits(GL_INTENSITY8, 2048, 2048, 2048, 1));   /* RGBA8 storage: 32 GiB */
    CHECK(tex_image_fits(GL_INTENSITY8, 512, 512, 1024, 1));
    CHECK(!tex_image_fits(GL_DEPTH24_STENCIL8, 16384, 16384, 1, 1)); /* 4 + 1 bytes */
    CHECK(!tex_image_fits(GL_RGBA8, -1, 1, 1, 1));
    CHECK(!tex_image_fits(0x1234, 1, 1, 1, 1));

    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    const uint8_t px[4] = {1, 2, 3, 4};
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA32F_ARB, 16384, 16384, 1, 0, GL_RGBA, GL_FLOAT,
                               NULL, &ps),
              GL_OUT_OF_MEMORY);
    CHECK_INT(t->image[0][0].width, 1); /* the old image stays */
    tex_object_free(t);
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    CHECK_INT(tex_image_define(t, 2, 0, GL_RGBA8, 16384, 16384, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                               NULL, &ps),
              GL_OUT_OF_MEMORY);
    CHECK(t->image[2][0].data == NULL);
    tex_object_free(t);
    t = tex_object_create(GL_TEXTURE_3D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 2048, 2048, 2048, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                               NULL, &ps),
              GL_OUT_OF_MEMORY);
    tex_object_free(t);
}

/* Unsigned-byte uploads into RGBA8 storage take a byte path: the same
 * texels as c / 255 through floats would give, with client formats that
 * reorder (BGRA, BGR, ABGR), expand (LUMINANCE_ALPHA) or miss components,
 * row skips and a sub-image that starts inside the border. */
static void test_byte_uploads(void)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    const uint8_t bgra[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra, &ps);
    const uint8_t *p = texel8(&t->image[0][0], 1, 0, 0);
    CHECK(p[0] == 70 && p[1] == 60 && p[2] == 50 && p[3] == 80);
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_ABGR_EXT, GL_UNSIGNED_BYTE, bgra, &ps);
    p = texel8(&t->image[0][0], 0, 0, 0);
    CHECK(p[0] == 40 && p[1] == 30 && p[2] == 20 && p[3] == 10);
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_BGR, GL_UNSIGNED_BYTE, bgra, &ps);
    p = texel8(&t->image[0][0], 1, 0, 0);
    CHECK(p[0] == 60 && p[1] == 50 && p[2] == 40 && p[3] == 255);
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, bgra, &ps);
    p = texel8(&t->image[0][0], 1, 0, 0);
    CHECK(p[0] == 30 && p[1] == 30 && p[2] == 30 && p[3] == 40);
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_GREEN, GL_UNSIGNED_BYTE, bgra, &ps);
    p = texel8(&t->image[0][0], 1, 0, 0);
    CHECK(p[0] == 0 && p[1] == 20 && p[2] == 0 && p[3] == 255);
    tex_image_define(t, 0, 0, GL_LUMINANCE8_ALPHA8, 2, 1, 1, 0, GL_BGRA, GL_UNSIGNED_BYTE, bgra, &ps);
    p = texel8(&t->image[0][0], 1, 0, 0);
    CHECK(p[0] == 70 && p[1] == 70 && p[2] == 70 && p[3] == 80);

    /* a 4x4 image with a border (2x2 interior); the sub-image at (-1, 0)
     * of 2x2 texels, SKIP_ROWS 1 and ROW_LENGTH 3 in a 3x3 client block:
     * client row r, column c is 10 * r + c */
    uint8_t block[9 * 4];
    for (int i = 0; i < 9; i++)
        block[4 * i] = block[4 * i + 1] = block[4 * i + 2] = block[4 * i + 3] = (uint8_t)(10 * (i / 3) + i % 3);
    tex_image_define(t, 0, 0, GL_RGBA8, 4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps);
    tex_pixel_store sub = ps;
    sub.skip_rows = 1;
    sub.row_length = 3;
    CHECK_INT(tex_image_sub(t, 0, 0, -1, 0, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, block, &sub),
              GL_NO_ERROR);
    /* client column 0 is the border (dropped), column 1 lands on texel 0 */
    CHECK_INT(texel8(&t->image[0][0], 0, 0, 0)[0], 11);
    CHECK_INT(texel8(&t->image[0][0], 0, 1, 0)[2], 21);
    CHECK_INT(texel8(&t->image[0][0], 1, 0, 0)[0], 0);
    tex_object_free(t);
}

/* GL 2.1 section 2.14.9 / 3.8.1: a float component c stored in an 8-bit
 * unsigned normalised texel is clamp(c, 0, 1) * 255 rounded to nearest (a
 * NaN, where the spec says nothing, stores 0 here).  A 37-texel row (the
 * converter takes 4 texels at a time, then the rest) of special values
 * and values at known distances from the rounding ties. */
static void test_float_uploads(void)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    enum { N = 37 };
    float px[N * 4];
    uint8_t want[N * 4];
    const float special[] = {NAN, -NAN, INFINITY, -INFINITY, -0.0f, 0.0f, -1e-30f, 1e-30f,
                             1.0f, 1.0000001f, 0.99999994f, 2.0f, -2.0f, 0.6f / 255.0f};
    const uint8_t special_want[] = {0, 0, 255, 0, 0, 0, 0, 0, 255, 255, 255, 255, 0, 1};
    int ns = (int)(sizeof(special) / sizeof(special[0]));
    for (int i = 0; i < N * 4; i++) {
        if (i < ns) {
            px[i] = special[i];
            want[i] = special_want[i];
            continue;
        }
        /* c / 255 + d / 255 for d of +-0.3: round to c; +-0.7: to c +- 1 */
        int c = (i * 37) % 256;
        double d = (i & 1 ? 0.3 : 0.7) * (i & 2 ? -1.0 : 1.0);
        double v = ((double)c + d) / 255.0;
        px[i] = (float)v;
        double r = floor(fmin(fmax(v, 0.0), 1.0) * 255.0 + 0.5);
        want[i] = (uint8_t)r;
    }
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, N, 1, 1, 0, GL_RGBA, GL_FLOAT, px, &ps), GL_NO_ERROR);
    const uint8_t *p = texel8(&t->image[0][0], 0, 0, 0);
    int bad = 0;
    for (int i = 0; i < N * 4; i++)
        if (p[i] != want[i] && bad++ < 4)
            fprintf(stderr, "float upload: component %d (%.9g): %u, want %u\n", i, px[i], p[i], want[i]);
    CHECK_INT(bad, 0);
    tex_object_free(t);
}

static void test_border(void)
{
    /* 4x4 with border 1: the interior 2x2 is kept, the ring is dropped */
    tex_pixel_store ps = store1();
    uint8_t px[4 * 4];
    for (int i = 0; i < 16; i++)
        px[i] = (uint8_t)(i * 10);
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 4, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                               px, &ps), GL_NO_ERROR);
    const tex_image *img = &t->image[0][0];
    CHECK_INT(img->width, 2);
    CHECK_INT(img->height, 2);
    CHECK_INT(img->border, 1);
    CHECK_INT(texel8(img, 0, 0, 0)[0], 50); /* client (1,1) = index 5 */
    CHECK_INT(texel8(img, 1, 0, 0)[0], 60);
    CHECK_INT(texel8(img, 0, 1, 0)[0], 90);
    CHECK_INT(texel8(img, 1, 1, 0)[0], 100);
    /* TexSubImage may address the border (x = -1); those texels are dropped */
    const uint8_t two[2] = {1, 2};
    CHECK_INT(tex_image_sub(t, 0, 0, -1, 0, 0, 2, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, two, &ps),
              GL_NO_ERROR);
    CHECK_INT(texel8(img, 0, 0, 0)[0], 2);
    CHECK_INT(tex_image_sub(t, 0, 0, -2, 0, 0, 1, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, two, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, 2, 0, 0, 2, 1, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, two, &ps),
              GL_INVALID_VALUE);
    tex_object_free(t);
}

static void test_sub_and_get(void)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, "abcd", &ps),
              GL_INVALID_OPERATION); /* level not defined yet */
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 4, 4, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps),
              GL_NO_ERROR);
    const uint8_t blk[2 * 2 * 4] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    CHECK_INT(tex_image_sub(t, 0, 0, 1, 2, 0, 2, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_NO_ERROR);
    const tex_image *img = &t->image[0][0];
    CHECK_INT(texel8(img, 1, 2, 0)[0], 1);
    CHECK_INT(texel8(img, 2, 2, 0)[1], 6);
    CHECK_INT(texel8(img, 1, 3, 0)[2], 11);
    CHECK_INT(texel8(img, 2, 3, 0)[3], 16);
    CHECK_INT(texel8(img, 0, 2, 0)[0], 0);
    CHECK_INT(tex_image_sub(t, 0, 0, 3, 0, 0, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, -1, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, -1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, INT_MAX, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_VALUE);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, blk, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_image_sub(t, 0, 1, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blk, &ps),
              GL_INVALID_OPERATION);

    /* GetTexImage: a row of the image (row 2) read back as BGRA */
    uint8_t all[4 * 4 * 4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_BGRA, GL_UNSIGNED_BYTE, all, &ps), GL_NO_ERROR);
    const uint8_t *r2 = all + 2 * 16;
    CHECK(r2[4] == 3 && r2[5] == 2 && r2[6] == 1 && r2[7] == 4);
    CHECK_INT(tex_image_get(t, 0, 0, GL_DEPTH_COMPONENT, GL_FLOAT, all, &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_image_get(t, 0, 0, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, all, &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_image_get(t, 0, -1, GL_RGBA, GL_UNSIGNED_BYTE, all, &ps), GL_INVALID_VALUE);
    CHECK_INT(tex_image_get(t, 0, 3, GL_RGBA, GL_UNSIGNED_BYTE, all, &ps), GL_NO_ERROR); /* undefined level */

    /* GL 2.1 table 6.1: LUMINANCE -> (L,0,0,1); ALPHA -> (0,0,0,A);
     * INTENSITY -> (I,0,0,1); read as LUMINANCE: L = R+G+B = L */
    const uint8_t la[2] = {100, 50};
    uint8_t got[4];
    tex_image_define(t, 0, 0, GL_LUMINANCE8_ALPHA8, 1, 1, 1, 0, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la, &ps);
    tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, got, &ps);
    CHECK(got[0] == 100 && got[1] == 0 && got[2] == 0 && got[3] == 50);
    tex_image_get(t, 0, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, got, &ps);
    CHECK_INT(got[0], 100);
    tex_image_define(t, 0, 0, GL_INTENSITY8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, la, &ps);
    tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, got, &ps);
    CHECK(got[0] == 100 && got[1] == 0 && got[2] == 0 && got[3] == 255);
    tex_image_define(t, 0, 0, GL_ALPHA8, 1, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE, la, &ps);
    tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, got, &ps);
    CHECK(got[0] == 0 && got[1] == 0 && got[2] == 0 && got[3] == 100);

    /* depth / stencil round trip with UNSIGNED_INT_24_8 */
    const uint32_t ds[2] = {0xFFFFFF07u, 0x00000080u};
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH24_STENCIL8, 2, 1, 1, 0, GL_DEPTH_STENCIL,
                               GL_UNSIGNED_INT_24_8, ds, &ps), GL_NO_ERROR);
    CHECK(t->image[0][0].stencil != NULL);
    uint32_t dsb[2] = {0, 0};
    CHECK_INT(tex_image_get(t, 0, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, dsb, &ps), GL_NO_ERROR);
    CHECK_INT(dsb[0], 0xFFFFFF07u);
    CHECK_INT(dsb[1], 0x00000080u);
    float dz[2];
    CHECK_INT(tex_image_get(t, 0, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dz, &ps), GL_NO_ERROR);
    CHECK_NEAR(dz[0], 1.0, 0);
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, got, &ps), GL_INVALID_OPERATION);
    /* depth-only data updates the depth and keeps the stencil */
    const float half = 0.5f;
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &half, &ps),
              GL_NO_ERROR);
    tex_image_get(t, 0, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, dsb, &ps);
    CHECK_INT(dsb[0], 0x80000007u); /* round(0.5 * (2^24-1)) = 0x800000 */
    tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT, 2, 1, 1, 0, GL_DEPTH_STENCIL,
                     GL_UNSIGNED_INT_24_8, ds, &ps);
    CHECK(t->image[0][0].stencil == NULL);
    CHECK_INT(tex_image_get(t, 0, 0, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, dsb, &ps), GL_INVALID_OPERATION);
    tex_object_free(t);

    /* 3D: images in order, IMAGE_HEIGHT applies to texture 3D transfers */
    t = tex_object_create(GL_TEXTURE_3D);
    const uint8_t vol[2 * 1 * 2] = {1, 2, 3, 4};
    CHECK_INT(tex_image_define(t, 0, 0, GL_LUMINANCE8, 2, 1, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                               vol, &ps), GL_NO_ERROR);
    CHECK_INT(texel8(&t->image[0][0], 1, 0, 1)[0], 4);
    tex_pixel_store ih = ps;
    ih.image_height = 2; /* images 4 bytes apart: vol[0..1], then vol[4..5] */
    uint8_t vol2[8] = {9, 8, 0, 0, 7, 6, 0, 0};
    tex_image_sub(t, 0, 0, 0, 0, 0, 2, 1, 2, GL_LUMINANCE, GL_UNSIGNED_BYTE, vol2, &ih);
    CHECK_INT(texel8(&t->image[0][0], 0, 0, 1)[0], 7);
    uint8_t vb[8];
    memset(vb, 0, sizeof vb);
    tex_image_get(t, 0, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, vb, &ih);
    CHECK(vb[0] == 9 && vb[1] == 8 && vb[4] == 7 && vb[5] == 6);
    tex_object_free(t);
}

static void define_level(tex_object *t, int face, int level, GLenum ifmt, int w, int h, int d)
{
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, face, level, ifmt, w, h, d, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL, &ps),
              GL_NO_ERROR);
}

static void test_completeness(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 0, GL_RGBA8, 4, 4, 1);
    CHECK(!tex_object_complete(t)); /* default min filter needs mipmaps */
    t->sampler.min_filter = GL_LINEAR;
    CHECK(tex_object_complete(t));
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    define_level(t, 0, 1, GL_RGBA8, 2, 2, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 1);
    CHECK(tex_object_complete(t));
    /* wrong size, wrong format */
    define_level(t, 0, 1, GL_RGBA8, 2, 1, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 1, GL_RGBA8, 2, 2, 1);
    define_level(t, 0, 2, GL_RGB8, 1, 1, 1);
    CHECK(!tex_object_complete(t));
    /* MAX_LEVEL 1 does not need level 2 */
    t->sampler.max_level = 1;
    CHECK(tex_object_complete(t));
    t->sampler.max_level = 1000;
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 1);
    CHECK(tex_object_complete(t));
    /* BASE_LEVEL 1: levels 1..2 */
    define_level(t, 0, 0, GL_RGB8, 7, 7, 1);
    CHECK(!tex_object_complete(t));
    t->sampler.base_level = 1;
    CHECK(tex_object_complete(t));
    t->sampler.max_level = 0; /* base > max with a mipmap filter */
    CHECK(!tex_object_complete(t));
    t->sampler.min_filter = GL_NEAREST;
    CHECK(tex_object_complete(t));
    t->sampler.base_level = 5; /* undefined base level */
    CHECK(!tex_object_complete(t));
    t->sampler.base_level = TEX_MAX_LEVELS + 3;
    CHECK(!tex_object_complete(t));
    tex_object_free(t);

    /* non-power-of-two: 5x3 -> 2x1 -> 1x1 (floor halving) */
    t = tex_object_create(GL_TEXTURE_2D);
    define_level(t, 0, 0, GL_RGBA8, 5, 3, 1);
    define_level(t, 0, 1, GL_RGBA8, 2, 1, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 1);
    CHECK(tex_object_complete(t));
    /* a zero-size base level is never complete */
    define_level(t, 0, 0, GL_RGBA8, 0, 0, 1);
    t->sampler.min_filter = GL_LINEAR;
    CHECK(!tex_object_complete(t));
    tex_object_free(t);

    /* 3D: 4x2x2 -> 2x1x1 -> 1x1x1 */
    t = tex_object_create(GL_TEXTURE_3D);
    define_level(t, 0, 0, GL_RGBA8, 4, 2, 2);
    define_level(t, 0, 1, GL_RGBA8, 2, 1, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 1);
    CHECK(tex_object_complete(t));
    tex_object_free(t);

    /* 2D array: layers are never halved: 4x4x3 -> 2x2x3 -> 1x1x3 */
    t = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    define_level(t, 0, 0, GL_RGBA8, 4, 4, 3);
    define_level(t, 0, 1, GL_RGBA8, 2, 2, 3);
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 2, GL_RGBA8, 1, 1, 3);
    CHECK(tex_object_complete(t));
    tex_object_free(t);

    /* cube maps: all six faces, square, same size and format */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    t->sampler.min_filter = GL_LINEAR;
    for (int f = 0; f < 5; f++)
        define_level(t, f, 0, GL_RGBA8, 2, 2, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 5, 0, GL_RGBA8, 4, 4, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 5, 0, GL_RGB8, 2, 2, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 5, 0, GL_RGBA8, 2, 2, 1);
    CHECK(tex_object_complete(t));
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    CHECK(!tex_object_complete(t));
    for (int f = 0; f < 5; f++)
        define_level(t, f, 1, GL_RGBA8, 1, 1, 1);
    CHECK(!tex_object_complete(t));
    define_level(t, 5, 1, GL_RGBA8, 1, 1, 1);
    CHECK(tex_object_complete(t));
    tex_object_free(t);

    /* rectangles have no mipmaps: level 0 is enough; a mipmap filter or a
     * repeating wrap, which only a sampler object can put there, makes one
     * incomplete (GL 4.6 section 8.17) */
    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    CHECK(!tex_object_complete(t));
    define_level(t, 0, 0, GL_RGBA8, 3, 5, 1);
    CHECK(tex_object_complete(t));
    tex_sampler so;
    tex_sampler_default(&so, GL_TEXTURE_2D);
    CHECK(!tex_object_complete_with(t, &so)); /* REPEAT, NEAREST_MIPMAP_LINEAR */
    so.min_filter = GL_LINEAR;
    CHECK(!tex_object_complete_with(t, &so)); /* REPEAT */
    so.wrap_s = so.wrap_t = GL_CLAMP;
    CHECK(tex_object_complete_with(t, &so));
    so.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    CHECK(!tex_object_complete_with(t, &so));
    tex_object_free(t);

    /* a sampler object's filters decide mipmap completeness: a 2D texture
     * with level 0 only is complete with NEAREST, not with the default
     * NEAREST_MIPMAP_LINEAR */
    t = tex_object_create(GL_TEXTURE_2D);
    define_level(t, 0, 0, GL_RGBA8, 4, 4, 1);
    CHECK(!tex_object_complete(t));
    tex_sampler_default(&so, GL_TEXTURE_2D);
    CHECK(!tex_object_complete_with(t, &so));
    so.min_filter = GL_NEAREST;
    CHECK(tex_object_complete_with(t, &so));
    CHECK(!tex_object_complete(t));
    tex_object_free(t);
}

static void test_generate_mipmap(void)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_generate_mipmap(t), GL_INVALID_OPERATION); /* no base level */
    /* 4x4 luminance, rows bottom-up:
     *   row 0:  0  10  20  30
     *   row 1: 40  50  60  70
     *   row 2: 80  90 100 110
     *   row 3: 120 130 140 151 */
    const uint8_t lum[16] = {0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 151};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 4, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, &ps);
    CHECK_INT(tex_generate_mipmap(t), GL_NO_ERROR);
    const tex_image *l1 = &t->image[0][1], *l2 = &t->image[0][2];
    CHECK_INT(l1->width, 2);
    CHECK_INT(l1->height, 2);
    CHECK_INT(l1->internal_format, GL_LUMINANCE8);
    /* (0+10+40+50)/4 = 25; (20+30+60+70)/4 = 45; (80+90+120+130)/4 = 105;
     * (100+110+140+151)/4 = 125.25 -> 125 */
    CHECK_INT(texel8(l1, 0, 0, 0)[0], 25);
    CHECK_INT(texel8(l1, 1, 0, 0)[0], 45);
    CHECK_INT(texel8(l1, 0, 1, 0)[0], 105);
    CHECK_INT(texel8(l1, 1, 1, 0)[1], 125);
    CHECK_INT(texel8(l1, 1, 1, 0)[3], 255);
    /* (25+45+105+125)/4 = 75 */
    CHECK_INT(l2->width, 1);
    CHECK_INT(texel8(l2, 0, 0, 0)[0], 75);
    CHECK(t->image[0][3].data == NULL);
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    CHECK(tex_object_complete(t));

    /* non-square: 4x1 -> 2x1 -> 1x1; (10+20)/2 = 15, (30+41)/2 = 35.5 -> 36 */
    const uint8_t row[4] = {10, 20, 30, 41};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, row, &ps);
    tex_generate_mipmap(t);
    CHECK_INT(t->image[0][1].height, 1);
    CHECK_INT(texel8(&t->image[0][1], 0, 0, 0)[0], 15);
    CHECK_INT(texel8(&t->image[0][1], 1, 0, 0)[0], 36);
    CHECK_INT(texel8(&t->image[0][2], 0, 0, 0)[0], 26); /* (15+36)/2 = 25.5 -> 26 */
    CHECK(tex_object_complete(t));

    /* MAX_LEVEL stops generation */
    tex_object_free(t);
    t = tex_object_create(GL_TEXTURE_2D);
    t->sampler.max_level = 1;
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 4, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, &ps);
    tex_generate_mipmap(t);
    CHECK(t->image[0][1].data != NULL);
    CHECK(t->image[0][2].data == NULL);
    tex_object_free(t);

    /* float textures average in float: (1 + 2 + 4 + 8) / 4 = 3.75 */
    t = tex_object_create(GL_TEXTURE_2D);
    const float fv[4] = {1, 2, 4, 8};
    tex_image_define(t, 0, 0, GL_LUMINANCE32F_ARB, 2, 2, 1, 0, GL_LUMINANCE, GL_FLOAT, fv, &ps);
    tex_generate_mipmap(t);
    CHECK_NEAR(texelf(&t->image[0][1], 0, 0, 0), 3.75, 0);
    tex_object_free(t);

    /* SGIS_generate_mipmap: a base-level upload regenerates the chain */
    t = tex_object_create(GL_TEXTURE_2D);
    t->sampler.generate_mipmap = true;
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 4, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, &ps);
    CHECK(tex_object_complete(t));
    CHECK_INT(texel8(&t->image[0][2], 0, 0, 0)[0], 75);
    const uint8_t zero4[4] = {0, 0, 0, 0};
    tex_image_sub(t, 0, 0, 0, 0, 0, 2, 2, 1, GL_LUMINANCE, GL_UNSIGNED_BYTE, zero4, &ps);
    CHECK_INT(texel8(&t->image[0][1], 0, 0, 0)[0], 0);
    CHECK_INT(texel8(&t->image[0][2], 0, 0, 0)[0], 69); /* (0+45+105+125)/4 = 68.75 */
    tex_object_free(t);

    /* cube maps need cube-complete base levels; each face gets its chain */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 5; f++)
        tex_image_define(t, f, 0, GL_LUMINANCE8, 2, 2, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum, &ps);
    CHECK_INT(tex_generate_mipmap(t), GL_INVALID_OPERATION);
    tex_image_define(t, 5, 0, GL_LUMINANCE8, 2, 2, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, lum + 4, &ps);
    CHECK_INT(tex_generate_mipmap(t), GL_NO_ERROR);
    CHECK_INT(texel8(&t->image[0][1], 0, 0, 0)[0], 15); /* (0+10+20+30)/4 */
    CHECK_INT(texel8(&t->image[5][1], 0, 0, 0)[0], 55); /* (40+50+60+70)/4 */
    CHECK(tex_object_complete(t));
    tex_object_free(t);

    /* 3D: 2x2x2 -> 1x1x1 averages all eight */
    t = tex_object_create(GL_TEXTURE_3D);
    const uint8_t v8[8] = {0, 8, 16, 24, 32, 40, 48, 56};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 2, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, v8, &ps);
    tex_generate_mipmap(t);
    CHECK_INT(texel8(&t->image[0][1], 0, 0, 0)[0], 28);
    tex_object_free(t);
}

int main(void)
{
    test_defaults();
    test_define_errors();
    test_storage();
    test_size_limit();
    test_byte_uploads();
    test_float_uploads();
    test_border();
    test_sub_and_get();
    test_completeness();
    test_generate_mipmap();
    return tt_finish("texture.object");
}
