/*
 * test_integer.c - EXT_texture_integer (and ARB_texture_rg's R*I/RG*I):
 * upload from every *_INTEGER client format and integer type with values
 * kept as integers (clamped to the internal size), base formats, packed
 * types as raw fields, the errors of mixing integer and non-integer data,
 * incompleteness unless both filters are NEAREST(-ish), sampling and TXF/TXG
 * returning raw .i/.u, the integer border colour, NEAREST_MIPMAP_NEAREST
 * level choice, GetTexImage and tex_pixels_pack_int/unpack_int round trips,
 * and mipmap generation.  Every expected value is worked out by hand below.
 * Single thread.
 */
#include "tex_test_req.h"

static tex_object *make_int(GLenum ifmt, int w, int h, GLenum format, GLenum type,
                            const void *px)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, ifmt, w, h, 1, 0, format, type, px, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    return t;
}

/* TEX at the centre of texel (0,0) of a 1x1 or 2x2 texture (NEAREST), .i */
static void tex00(const tex_object *t, int32_t o[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    rq_coord(&r, 0.1f, 0.1f, 0, 1);
    rq_run_i(&r, t, o);
}

static void test_upload_and_sample(void)
{
    int32_t o[4];

    /* RGBA8I from BYTE: -128 stays -128 */
    const int8_t b[4] = {-128, 127, 0, -1};
    tex_object *t = make_int(GL_RGBA8I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_BYTE, b);
    CHECK_INT(t->image[0][0].format, TEX_FMT_RGBA32I);
    CHECK(tex_object_complete(t));
    tex00(t, o);
    CHECK_IVEC4(o, -128, 127, 0, -1);
    tex_object_free(t);

    /* RGBA8I from INT: out-of-range values clamp to [-128, 127] */
    const int32_t i4[4] = {-1000, 1000, 5, -5};
    t = make_int(GL_RGBA8I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, i4);
    tex00(t, o);
    CHECK_IVEC4(o, -128, 127, 5, -5);
    tex_object_free(t);

    /* RGBA8UI from INT: negative -> 0, 300 -> 255 */
    const int32_t u4[4] = {-3, 300, 255, 7};
    t = make_int(GL_RGBA8UI_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, u4);
    CHECK_INT(t->image[0][0].format, TEX_FMT_RGBA32UI);
    tex00(t, o);
    CHECK_IVEC4(o, 0, 255, 255, 7);
    tex_object_free(t);

    /* RGBA32UI keeps the full range; RGBA32I clamps 2^32-1 to 2^31-1 */
    const uint32_t big[4] = {0xffffffffu, 0x80000000u, 1, 0};
    t = make_int(GL_RGBA32UI_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, big);
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    rq_coord(&r, 0.5f, 0.5f, 0, 1);
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_INT(r.out.c[0][5].u, 0xffffffffu);
    CHECK_INT(r.out.c[1][5].u, 0x80000000u);
    CHECK_INT(r.out.c[2][5].u, 1);
    CHECK_INT(r.out.c[3][5].u, 0);
    tex_object_free(t);
    t = make_int(GL_RGBA32I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, big);
    tex00(t, o);
    CHECK_IVEC4(o, 2147483647, 2147483647, 1, 0);
    tex_object_free(t);
    /* and INT into RGBA32I is exact at both ends */
    const int32_t ext[4] = {INT32_MIN, INT32_MAX, -1, 0};
    t = make_int(GL_RGBA32I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, ext);
    tex00(t, o);
    CHECK_IVEC4(o, INT32_MIN, INT32_MAX, -1, 0);
    tex_object_free(t);

    /* 16-bit: SHORT -32768 into RGBA16I exact, USHORT 65535 into RGBA16I -> 32767 */
    const int16_t s4[4] = {-32768, 32767, -2, 2};
    t = make_int(GL_RGBA16I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_SHORT, s4);
    tex00(t, o);
    CHECK_IVEC4(o, -32768, 32767, -2, 2);
    tex_object_free(t);
    const uint16_t us4[4] = {65535, 0, 40000, 1};
    t = make_int(GL_RGBA16I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_SHORT, us4);
    tex00(t, o);
    CHECK_IVEC4(o, 32767, 0, 32767, 1);
    tex_object_free(t);
    t = make_int(GL_RGBA16UI_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_SHORT, us4);
    tex00(t, o);
    CHECK_IVEC4(o, 65535, 0, 40000, 1);
    tex_object_free(t);

    /* base formats (table 3.15 with integer 0 and 1) */
    const int16_t a16 = -7;
    t = make_int(GL_ALPHA16I_EXT, 1, 1, GL_ALPHA_INTEGER_EXT, GL_SHORT, &a16);
    tex00(t, o);
    CHECK_IVEC4(o, 0, 0, 0, -7);
    tex_object_free(t);
    const uint8_t l8 = 200;
    t = make_int(GL_LUMINANCE8UI_EXT, 1, 1, GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_BYTE, &l8);
    tex00(t, o);
    CHECK_IVEC4(o, 200, 200, 200, 1);
    tex_object_free(t);
    const int32_t i9 = -9;
    t = make_int(GL_INTENSITY32I_EXT, 1, 1, GL_RED_INTEGER_EXT, GL_INT, &i9);
    tex00(t, o);
    CHECK_IVEC4(o, -9, -9, -9, -9);
    tex_object_free(t);
    const uint16_t la[2] = {5, 60000};
    t = make_int(GL_LUMINANCE_ALPHA16UI_EXT, 1, 1, GL_LUMINANCE_ALPHA_INTEGER_EXT,
                 GL_UNSIGNED_SHORT, la);
    tex00(t, o);
    CHECK_IVEC4(o, 5, 5, 5, 60000);
    tex_object_free(t);
    const int8_t r8 = -2;
    t = make_int(GL_R8I, 1, 1, GL_RED_INTEGER, GL_BYTE, &r8);
    tex00(t, o);
    CHECK_IVEC4(o, -2, 0, 0, 1);
    tex_object_free(t);
    const uint16_t rg[2] = {1, 2};
    t = make_int(GL_RG16UI, 1, 1, GL_RG_INTEGER, GL_UNSIGNED_SHORT, rg);
    tex00(t, o);
    CHECK_IVEC4(o, 1, 2, 0, 1);
    tex_object_free(t);
    /* BGR_INTEGER: the first component is blue */
    const int32_t bgr[3] = {1, 2, 3};
    t = make_int(GL_RGB32I_EXT, 1, 1, GL_BGR_INTEGER_EXT, GL_INT, bgr);
    tex00(t, o);
    CHECK_IVEC4(o, 3, 2, 1, 1);
    tex_object_free(t);
    /* GREEN_INTEGER into RGBA8UI: (0, G, 0, 1) */
    const uint8_t g8 = 42;
    t = make_int(GL_RGBA8UI_EXT, 1, 1, GL_GREEN_INTEGER_EXT, GL_UNSIGNED_BYTE, &g8);
    tex00(t, o);
    CHECK_IVEC4(o, 0, 42, 0, 1);
    tex_object_free(t);

    /* packed types carry raw fields: 2_10_10_10_REV = R | G<<10 | B<<20 | A<<30
     * with R 1023, G 512, B 3, A 2 -> 0x803803ff */
    const uint32_t p = 0x803803ffu;
    t = make_int(GL_RGBA16UI_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT_2_10_10_10_REV, &p);
    tex00(t, o);
    CHECK_IVEC4(o, 1023, 512, 3, 2);
    tex_object_free(t);
    /* 3_3_2: 0xae = 101 011 10 -> (5, 3, 2) */
    const uint8_t p332 = 0xae;
    t = make_int(GL_RGB8UI_EXT, 1, 1, GL_RGB_INTEGER_EXT, GL_UNSIGNED_BYTE_3_3_2, &p332);
    tex00(t, o);
    CHECK_IVEC4(o, 5, 3, 2, 1);
    tex_object_free(t);

    /* SWAP_BYTES applies to integer elements: bytes 01 02 -> 0x0102 = 258 */
    tex_pixel_store ps = store1();
    ps.swap_bytes = true;
    const uint8_t sw[2] = {0x01, 0x02};
    t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_R16UI, 1, 1, 1, 0, GL_RED_INTEGER,
                               GL_UNSIGNED_SHORT, sw, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    tex00(t, o);
    CHECK_INT(o[0], 258);
    tex_object_free(t);

    /* TexSubImage keeps integers too */
    const int8_t z4[16] = {0};
    t = make_int(GL_RGBA8I_EXT, 2, 2, GL_RGBA_INTEGER_EXT, GL_BYTE, z4);
    const int32_t sub[4] = {-100, 100, -50, 50};
    ps = store1();
    CHECK_INT(tex_image_sub(t, 0, 0, 1, 1, 0, 1, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, sub, &ps),
              GL_NO_ERROR);
    rq r2;
    rq_init(&r2, GP_TEXOP_TEX, GP_TEX_2D);
    rq_coord(&r2, 0.75f, 0.75f, 0, 1);
    rq_run_i(&r2, t, o);
    CHECK_IVEC4(o, -100, 100, -50, 50);
    /* TXF and TXG read integers as well */
    rq_init(&r2, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r2, 1, 1, 0, 0);
    rq_run_i(&r2, t, o);
    CHECK_IVEC4(o, -100, 100, -50, 50);
    rq_init(&r2, GP_TEXOP_TXG, GP_TEX_2D);
    rq_coord(&r2, 0.5f, 0.5f, 0, 1);
    r2.req.component = 0; /* footprint (0..1, 0..1): i0j1 (0,1) 0, i1j1 (1,1), i1j0 0, i0j0 0 */
    rq_run_i(&r2, t, o);
    CHECK_IVEC4(o, 0, -100, 0, 0);
    r2.req.component = 3;
    rq_run_i(&r2, t, o);
    CHECK_IVEC4(o, 0, 50, 0, 0);
    tex_object_free(t);
}

static void test_errors(void)
{
    tex_pixel_store ps = store1();
    const int32_t px[4] = {1, 2, 3, 4};
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    /* EXT_texture_integer: integer internal format with non-integer data and
     * the reverse are INVALID_OPERATION; FLOAT/HALF_FLOAT with an integer
     * format INVALID_ENUM (GL 3.0 section 3.7.2) */
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8I_EXT, 1, 1, 1, 0, GL_RGBA, GL_INT, px, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_INT, px,
                               &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8I_EXT, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_FLOAT, px, &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8I_EXT, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_HALF_FLOAT_ARB, px, &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8I_EXT, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_BITMAP, px, &ps), GL_INVALID_ENUM);
    /* a 3-component packed type needs RGB_INTEGER, 4-component RGBA/BGRA_INTEGER */
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8UI_EXT, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_UNSIGNED_SHORT_5_6_5, px, &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8UI_EXT, 1, 1, 1, 0, GL_RG_INTEGER,
                               GL_UNSIGNED_INT_8_8_8_8, px, &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8UI_EXT, 1, 1, 1, 0, GL_BGRA_INTEGER_EXT,
                               GL_UNSIGNED_INT_8_8_8_8, px, &ps), GL_NO_ERROR);
    /* depth internal format with integer data */
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT24, 1, 1, 1, 0, GL_RED_INTEGER_EXT,
                               GL_INT, px, &ps), GL_INVALID_OPERATION);
    /* the integer level is still there after the failures */
    CHECK_INT(t->image[0][0].internal_format, GL_RGBA8UI_EXT);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_RGBA_INTEGER_EXT, GL_FLOAT, px, &ps),
              GL_INVALID_ENUM);
    uint8_t out[16];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, out, &ps), GL_INVALID_OPERATION);
    tex_object_free(t);
    t = make_int(GL_RGBA8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, out, &ps),
              GL_INVALID_OPERATION);
    tex_object_free(t);

    /* the float transfer functions refuse integer formats and vice versa */
    float f[4];
    int64_t i[4];
    CHECK_INT(tex_pixels_unpack(GL_RGBA_INTEGER_EXT, GL_INT, 1, 1, 1, px, &ps, f),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_pack(GL_RGBA_INTEGER_EXT, GL_INT, 1, 1, f, out, &ps),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_unpack_int(GL_RGBA, GL_INT, 1, 1, 1, px, &ps, i), GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_pack_int(GL_RGBA, GL_INT, 1, 1, i, out, &ps), GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_pack_int(GL_RGBA_INTEGER_EXT, GL_FLOAT, 1, 1, i, out, &ps),
              GL_INVALID_ENUM);
    /* sizes of integer transfers: RGBA_INTEGER SHORT = 8 bytes a pixel */
    GLenum err;
    CHECK_INT(tex_client_image_size(GL_RGBA_INTEGER_EXT, GL_SHORT, 3, 2, 1, &ps, &err), 48);
    CHECK_INT(err, GL_NO_ERROR);

    /* the internal formats are known, with their storage */
    GLenum base;
    tex_format st;
    CHECK(tex_internal_format_info(GL_LUMINANCE_ALPHA16I_EXT, &base, &st));
    CHECK_INT(base, GL_LUMINANCE_ALPHA);
    CHECK_INT(st, TEX_FMT_RGBA32I);
    CHECK(tex_internal_format_info(GL_RG32UI, &base, &st));
    CHECK_INT(base, GL_RG);
    CHECK_INT(st, TEX_FMT_RGBA32UI);
}

/* GL 3.0 section 3.8.10: integer textures are incomplete unless MAG is
 * NEAREST and MIN is NEAREST or NEAREST_MIPMAP_NEAREST. */
static void test_completeness(void)
{
    const uint8_t px[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8UI_EXT, 2, 2, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_UNSIGNED_BYTE, px, &ps), GL_NO_ERROR);
    /* defaults: MIN NEAREST_MIPMAP_LINEAR, MAG LINEAR */
    CHECK(!tex_object_complete(t));
    t->sampler.min_filter = GL_NEAREST;
    CHECK(!tex_object_complete(t)); /* MAG LINEAR */
    t->sampler.mag_filter = GL_NEAREST;
    CHECK(tex_object_complete(t));
    t->sampler.min_filter = GL_LINEAR;
    CHECK(!tex_object_complete(t));
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    CHECK(!tex_object_complete(t)); /* no mipmaps yet */
    CHECK_INT(tex_image_define(t, 0, 1, GL_RGBA8UI_EXT, 1, 1, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_UNSIGNED_BYTE, px, &ps), GL_NO_ERROR);
    CHECK(tex_object_complete(t));
    t->sampler.min_filter = GL_LINEAR_MIPMAP_NEAREST;
    CHECK(!tex_object_complete(t));
    t->sampler.min_filter = GL_NEAREST_MIPMAP_LINEAR;
    CHECK(!tex_object_complete(t));
    /* the same filters are fine for a non-integer texture */
    tex_object *f = make_int(GL_RGBA8, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
    f->sampler.mag_filter = GL_LINEAR;
    f->sampler.min_filter = GL_LINEAR;
    CHECK(tex_object_complete(f));
    tex_object_free(f);

    /* an incomplete integer texture samples as integer (0, 0, 0, 1) */
    t->sampler.min_filter = GL_LINEAR;
    int32_t o[4];
    tex00(t, o);
    CHECK_IVEC4(o, 0, 0, 0, 1);
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, 0, 0, 0, 1);
    tex_object_free(t);
}

/* NEAREST_MIPMAP_NEAREST level choice, the integer border colour. */
static void test_levels_and_border(void)
{
    /* 4x4 level 0 = 10, 2x2 level 1 = 20, 1x1 level 2 = 30 (R32I) */
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    int32_t v[16];
    for (int l = 0; l < 3; l++) {
        int n = 4 >> l;
        for (int i = 0; i < n * n; i++)
            v[i] = 10 * (l + 1);
        CHECK_INT(tex_image_define(t, 0, l, GL_R32I, n, n, 1, 0, GL_RED_INTEGER, GL_INT, v, &ps),
                  GL_NO_ERROR);
    }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK(tex_object_complete(t));
    /* TXL: d = base if lambda <= 1/2, else ceil(lambda + 1/2) - 1, at most q = 2 */
    static const struct { float lod; int32_t v; } cases[] = {
        {-3.0f, 10}, {0.0f, 10}, {0.5f, 10}, {0.6f, 20}, {1.4f, 20}, {1.6f, 30}, {9.0f, 30},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rq r;
        rq_init(&r, GP_TEXOP_TXL, GP_TEX_2D);
        rq_coord(&r, 0.3f, 0.6f, 0, cases[c].lod);
        int32_t o[4];
        rq_run_i(&r, t, o);
        CHECK_INT(o[0], cases[c].v);
        CHECK_INT(o[3], 1);
    }
    /* TXF level 1 */
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 1, 1, 0, 1);
    int32_t o[4];
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, 20, 0, 0, 1);
    tex_object_free(t);

    /* CLAMP_TO_BORDER reads border_color_int, mapped by the base format */
    const int16_t px[4] = {1, 2, 3, 4};
    t = make_int(GL_RGBA16I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_SHORT, px);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    t->sampler.border_color_int[0] = (uint32_t)-5;
    t->sampler.border_color_int[1] = 6;
    t->sampler.border_color_int[2] = 7;
    t->sampler.border_color_int[3] = 8;
    t->sampler.border_color[0] = 0.25f; /* the float colour is not used */
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    rq_coord(&r, -0.5f, 0.5f, 0, 1);
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, -5, 6, 7, 8);
    rq_coord(&r, 0.5f, 0.5f, 0, 1);
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, 1, 2, 3, 4);
    tex_object_free(t);
    const uint8_t a8 = 9;
    t = make_int(GL_ALPHA8UI_EXT, 1, 1, GL_ALPHA_INTEGER_EXT, GL_UNSIGNED_BYTE, &a8);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    for (int c = 0; c < 4; c++)
        t->sampler.border_color_int[c] = (uint32_t)(c + 1);
    rq_coord(&r, 2.0f, 0.5f, 0, 1);
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, 0, 0, 0, 4); /* ALPHA: (0, 0, 0, A) */
    tex_object_free(t);
}

/* GetTexImage and the integer transfer functions: no float on the way. */
static void test_readback(void)
{
    tex_pixel_store ps = store1();
    const int8_t b[4] = {-128, 127, 0, -1};
    tex_object *t = make_int(GL_RGBA8I_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_BYTE, b);
    int8_t ob[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_BYTE, ob, &ps), GL_NO_ERROR);
    CHECK_IVEC4(ob, -128, 127, 0, -1);
    /* UNSIGNED_BYTE clamps to [0, 255] (GL 3.0 section 4.3.2) */
    uint8_t ub[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, ub, &ps),
              GL_NO_ERROR);
    CHECK_IVEC4(ub, 0, 127, 0, 0);
    int32_t oi[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_BGRA_INTEGER_EXT, GL_INT, oi, &ps), GL_NO_ERROR);
    CHECK_IVEC4(oi, 0, 127, -128, -1);
    tex_object_free(t);

    /* LUMINANCE texels read back as (L, 0, 0, 1): L = R + G + B = L */
    const uint8_t l8 = 200;
    t = make_int(GL_LUMINANCE8UI_EXT, 1, 1, GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_BYTE, &l8);
    uint16_t la[2];
    CHECK_INT(tex_image_get(t, 0, 0, GL_LUMINANCE_ALPHA_INTEGER_EXT, GL_UNSIGNED_SHORT, la, &ps),
              GL_NO_ERROR);
    CHECK_INT(la[0], 200);
    CHECK_INT(la[1], 1);
    tex_object_free(t);

    /* RGBA32UI 0xffffffff into INT clamps to 2^31 - 1; into UNSIGNED_INT is exact */
    const uint32_t big[4] = {0xffffffffu, 3, 0, 0x80000000u};
    t = make_int(GL_RGBA32UI_EXT, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, big);
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_INT, oi, &ps), GL_NO_ERROR);
    CHECK_IVEC4(oi, 2147483647, 3, 0, 2147483647);
    uint32_t ou[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, ou, &ps), GL_NO_ERROR);
    CHECK(ou[0] == 0xffffffffu && ou[3] == 0x80000000u);
    /* packed: 2_10_10_10_REV clamps each field: (1023, 3, 0, 3) */
    uint32_t pk;
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT_2_10_10_10_REV, &pk,
                            &ps), GL_NO_ERROR);
    CHECK_INT(pk, 1023u | (3u << 10) | (3u << 30));
    tex_object_free(t);

    /* ALPHA16I -7 read as RGBA: (0, 0, 0, -7) */
    const int16_t a16 = -7;
    t = make_int(GL_ALPHA16I_EXT, 1, 1, GL_ALPHA_INTEGER_EXT, GL_SHORT, &a16);
    int16_t os[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA_INTEGER_EXT, GL_SHORT, os, &ps), GL_NO_ERROR);
    CHECK_IVEC4(os, 0, 0, 0, -7);
    tex_object_free(t);

    /* tex_pixels_unpack_int: BGRA_INTEGER SHORT (1, -2, 3, -4) -> (3, -2, 1, -4) */
    const int16_t src[4] = {1, -2, 3, -4};
    int64_t rgba[8];
    CHECK_INT(tex_pixels_unpack_int(GL_BGRA_INTEGER_EXT, GL_SHORT, 1, 1, 1, src, &ps, rgba),
              GL_NO_ERROR);
    CHECK_IVEC4(rgba, 3, -2, 1, -4);
    /* UNSIGNED_SHORT 65535 stays 65535 (zero-extended), LUMINANCE -> (L, L, L, 1) */
    const uint16_t us = 65535;
    CHECK_INT(tex_pixels_unpack_int(GL_LUMINANCE_INTEGER_EXT, GL_UNSIGNED_SHORT, 1, 1, 1, &us,
                                    &ps, rgba), GL_NO_ERROR);
    CHECK_IVEC4(rgba, 65535, 65535, 65535, 1);
    /* tex_pixels_pack_int: RGB_INTEGER UNSIGNED_BYTE of (300, -1, 7) -> 255, 0, 7 */
    const int64_t in[8] = {300, -1, 7, 9, 4294967296LL, -4294967296LL, 0, 0};
    uint8_t o3[3];
    CHECK_INT(tex_pixels_pack_int(GL_RGB_INTEGER_EXT, GL_UNSIGNED_BYTE, 1, 1, in, o3, &ps),
              GL_NO_ERROR);
    CHECK_IVEC4(((int[4]){o3[0], o3[1], o3[2], 0}), 255, 0, 7, 0);
    /* INT clamps 2^32 to 2^31 - 1 and -2^32 to -2^31 */
    int32_t o2[2];
    CHECK_INT(tex_pixels_pack_int(GL_RG_INTEGER, GL_INT, 1, 1, in + 4, o2, &ps), GL_NO_ERROR);
    CHECK_INT(o2[0], INT32_MAX);
    CHECK_INT(o2[1], INT32_MIN);
    /* LUMINANCE_INTEGER packs L = R + G + B = 300 - 1 + 7 = 306 */
    int16_t l1;
    CHECK_INT(tex_pixels_pack_int(GL_LUMINANCE_INTEGER_EXT, GL_SHORT, 1, 1, in, &l1, &ps),
              GL_NO_ERROR);
    CHECK_INT(l1, 306);
}

/* Box-filtered integer mipmaps: the average rounded half up. */
static void test_generate_mipmap(void)
{
    /* 2x2 RGBA32I; R: -1 -2 -3 -4 (avg -2.5 -> -2); G: 1 2 3 5 (2.75 -> 3);
     * B: 0 0 0 1 (0.25 -> 0); A: 7 7 7 7 */
    const int32_t px[16] = {-1, 1, 0, 7, -2, 2, 0, 7, -3, 3, 0, 7, -4, 5, 1, 7};
    tex_object *t = make_int(GL_RGBA32I_EXT, 2, 2, GL_RGBA_INTEGER_EXT, GL_INT, px);
    CHECK_INT(tex_generate_mipmap(t), GL_NO_ERROR);
    CHECK_INT(t->image[0][1].width, 1);
    CHECK_INT(t->image[0][1].format, TEX_FMT_RGBA32I);
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 1);
    int32_t o[4];
    rq_run_i(&r, t, o);
    CHECK_IVEC4(o, -2, 3, 0, 7);
    tex_object_free(t);
    /* unsigned sums do not overflow: four 0xffffffff average to 0xffffffff */
    uint32_t ux[16];
    for (int i = 0; i < 16; i++)
        ux[i] = 0xffffffffu;
    t = make_int(GL_RGBA32UI_EXT, 2, 2, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, ux);
    CHECK_INT(tex_generate_mipmap(t), GL_NO_ERROR);
    rq_run_i(&r, t, o);
    CHECK((uint32_t)o[0] == 0xffffffffu && (uint32_t)o[3] == 0xffffffffu);
    tex_object_free(t);
}

int main(void)
{
    test_upload_and_sample();
    test_errors();
    test_completeness();
    test_levels_and_border();
    test_readback();
    test_generate_mipmap();
    return tt_finish("texture.integer");
}
