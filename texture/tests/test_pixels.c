/*
 * test_pixels.c - pixel transfer (tex_pixels_unpack / tex_pixels_pack /
 * tex_client_image_size): every format and type against values computed by
 * hand from GL 2.1 sections 3.6.4 and 4.3.2 (tables 2.9, 3.8, 4.7),
 * glPixelStore layouts, byte swapping and errors.  Single thread.
 */
#include <limits.h>
#include <stdint.h>

#include "tex_test.h"

static tex_pixel_store store(void)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    return ps;
}

/* Unpacks one group of the given bytes. */
static GLenum unpack1(GLenum format, GLenum type, const void *src, float out[4])
{
    tex_pixel_store ps = store();
    ps.alignment = 1;
    return tex_pixels_unpack(format, type, 1, 1, 1, src, &ps, out);
}

static void test_unpack_packed(void)
{
    float v[4];
    uint16_t s;
    uint8_t b;
    uint32_t u;

    /* UNSIGNED_SHORT_5_6_5: R in bits 15-11, G 10-5, B 4-0 */
    s = 0xF800; CHECK_INT(unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, v), GL_NO_ERROR);
    CHECK_VEC4(v, 1, 0, 0, 1, 0);
    s = 0x07E0; unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, v);
    CHECK_VEC4(v, 0, 1, 0, 1, 0);
    s = 0x001F; unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, v);
    CHECK_VEC4(v, 0, 0, 1, 1, 0);
    s = 0x8410; unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &s, v); /* 16, 32, 16 */
    CHECK_VEC4(v, 16.0 / 31, 32.0 / 63, 16.0 / 31, 1, 1e-6);
    /* _REV: R in bits 4-0, B in 15-11 */
    s = 0x001F; unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, &s, v);
    CHECK_VEC4(v, 1, 0, 0, 1, 0);
    s = 0xF800; unpack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5_REV, &s, v);
    CHECK_VEC4(v, 0, 0, 1, 1, 0);

    /* 4_4_4_4: 0x1234 -> 1, 2, 3, 4 (/15); REV: 4, 3, 2, 1 */
    s = 0x1234; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, &s, v);
    CHECK_VEC4(v, 1.0 / 15, 2.0 / 15, 3.0 / 15, 4.0 / 15, 1e-6);
    unpack1(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, &s, v);
    CHECK_VEC4(v, 4.0 / 15, 3.0 / 15, 2.0 / 15, 1.0 / 15, 1e-6);
    /* BGRA: the first field is blue */
    unpack1(GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4, &s, v);
    CHECK_VEC4(v, 3.0 / 15, 2.0 / 15, 1.0 / 15, 4.0 / 15, 1e-6);

    /* 5_5_5_1: R 15-11, G 10-6, B 5-1, A 0 */
    s = 0x0001; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &s, v);
    CHECK_VEC4(v, 0, 0, 0, 1, 0);
    s = 0x07C0; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &s, v);
    CHECK_VEC4(v, 0, 1, 0, 0, 0);
    s = 0x003E; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, &s, v);
    CHECK_VEC4(v, 0, 0, 1, 0, 0);
    /* 1_5_5_5_REV: R 4-0, G 9-5, B 14-10, A 15 */
    s = 0x8000; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &s, v);
    CHECK_VEC4(v, 0, 0, 0, 1, 0);
    s = 0x03E0; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &s, v);
    CHECK_VEC4(v, 0, 1, 0, 0, 0);
    s = 0x7C00; unpack1(GL_RGBA, GL_UNSIGNED_SHORT_1_5_5_5_REV, &s, v);
    CHECK_VEC4(v, 0, 0, 1, 0, 0);

    /* 3_3_2: 0x49 = 010 010 01 -> 2/7, 2/7, 1/3 */
    b = 0x49; unpack1(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, &b, v);
    CHECK_VEC4(v, 2.0 / 7, 2.0 / 7, 1.0 / 3, 1, 1e-6);
    b = 0xE0; unpack1(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, &b, v);
    CHECK_VEC4(v, 1, 0, 0, 1, 0);
    /* 2_3_3_REV: R 2-0, G 5-3, B 7-6 */
    b = 0x07; unpack1(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &b, v);
    CHECK_VEC4(v, 1, 0, 0, 1, 0);
    b = 0xC0; unpack1(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &b, v);
    CHECK_VEC4(v, 0, 0, 1, 1, 0);
    b = 0x38; unpack1(GL_RGB, GL_UNSIGNED_BYTE_2_3_3_REV, &b, v);
    CHECK_VEC4(v, 0, 1, 0, 1, 0);

    /* 8_8_8_8: R 31-24 ... A 7-0 */
    u = 0x11223344u; unpack1(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &u, v);
    CHECK_VEC4(v, 0x11 / 255.0, 0x22 / 255.0, 0x33 / 255.0, 0x44 / 255.0, 1e-6);
    unpack1(GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, &u, v);
    CHECK_VEC4(v, 0x44 / 255.0, 0x33 / 255.0, 0x22 / 255.0, 0x11 / 255.0, 1e-6);
    /* BGRA + 8_8_8_8_REV: 0xAARRGGBB */
    u = 0x80FF3300u; unpack1(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, &u, v);
    CHECK_VEC4(v, 1, 0x33 / 255.0, 0, 0x80 / 255.0, 1e-6);

    /* 10_10_10_2: R 31-22, G 21-12, B 11-2, A 1-0 */
    u = 0xFFC00000u; unpack1(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, &u, v);
    CHECK_VEC4(v, 1, 0, 0, 0, 0);
    u = 0x003FF000u; unpack1(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, &u, v);
    CHECK_VEC4(v, 0, 1, 0, 0, 0);
    u = 0x00000FFDu; unpack1(GL_RGBA, GL_UNSIGNED_INT_10_10_10_2, &u, v);
    CHECK_VEC4(v, 0, 0, 1, 1.0 / 3, 1e-6);
    /* 2_10_10_10_REV: R 9-0, A 31-30 */
    u = 0xC0000200u; unpack1(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, &u, v);
    CHECK_VEC4(v, 512.0 / 1023, 0, 0, 1, 1e-6);
}

static void test_unpack_scalar(void)
{
    float v[4];

    /* UNSIGNED_BYTE c/255 */
    const uint8_t ub[4] = {0, 51, 255, 128};
    unpack1(GL_RGBA, GL_UNSIGNED_BYTE, ub, v);
    CHECK_VEC4(v, 0, 0.2, 1, 128.0 / 255, 1e-7);
    /* BYTE (2c+1)/255 (GL 2.1 table 2.9) */
    const int8_t sb[4] = {-128, 127, 0, 63};
    unpack1(GL_RGBA, GL_BYTE, sb, v);
    CHECK_VEC4(v, -1, 1, 1.0 / 255, 127.0 / 255, 1e-7);
    /* UNSIGNED_SHORT c/65535, SHORT (2c+1)/65535 */
    const uint16_t us[3] = {65535, 0, 13107};
    unpack1(GL_RGB, GL_UNSIGNED_SHORT, us, v);
    CHECK_VEC4(v, 1, 0, 0.2, 1, 1e-7);
    const int16_t ss[2] = {32767, -32768};
    unpack1(GL_LUMINANCE_ALPHA, GL_SHORT, ss, v);
    CHECK_VEC4(v, 1, 1, 1, -1, 1e-7);
    /* UNSIGNED_INT c/(2^32-1), INT (2c+1)/(2^32-1) */
    const uint32_t ui[2] = {0xFFFFFFFFu, 0x80000000u};
    unpack1(GL_RG, GL_UNSIGNED_INT, ui, v);
    CHECK_VEC4(v, 1, 0.5, 0, 1, 1e-7);
    const int32_t si[2] = {INT32_MAX, INT32_MIN};
    unpack1(GL_RG, GL_INT, si, v);
    CHECK_VEC4(v, 1, -1, 0, 1, 1e-7);
    /* FLOAT as is (no clamping) */
    const float fl[4] = {2.5f, -1.0f, 0.25f, 7.0f};
    unpack1(GL_BGRA, GL_FLOAT, fl, v);
    CHECK_VEC4(v, 0.25, -1, 2.5, 7, 0);
    /* HALF_FLOAT: 0x3C00 = 1, 0xC000 = -2, 0x3555 = 0.333251953125, 0x0001 = 2^-24 */
    const uint16_t hf[4] = {0x3C00, 0xC000, 0x3555, 0x0001};
    unpack1(GL_RGBA, GL_HALF_FLOAT_ARB, hf, v);
    CHECK_VEC4(v, 1, -2, 0.333251953125, 5.9604644775390625e-8, 0);
    const uint16_t hinf = 0x7C00;
    unpack1(GL_RED, GL_HALF_FLOAT_ARB, &hinf, v);
    CHECK(isinf(v[0]) && v[0] > 0);

    /* single components and the final expansion to RGBA (0, 0, 0, 1) */
    const uint8_t one = 255;
    unpack1(GL_RED, GL_UNSIGNED_BYTE, &one, v);
    CHECK_VEC4(v, 1, 0, 0, 1, 0);
    unpack1(GL_GREEN, GL_UNSIGNED_BYTE, &one, v);
    CHECK_VEC4(v, 0, 1, 0, 1, 0);
    unpack1(GL_BLUE, GL_UNSIGNED_BYTE, &one, v);
    CHECK_VEC4(v, 0, 0, 1, 1, 0);
    const uint8_t half = 0x33;
    unpack1(GL_ALPHA, GL_UNSIGNED_BYTE, &half, v);
    CHECK_VEC4(v, 0, 0, 0, 0.2, 1e-7);
    /* LUMINANCE -> (L, L, L, 1); LUMINANCE_ALPHA -> (L, L, L, A) */
    unpack1(GL_LUMINANCE, GL_UNSIGNED_BYTE, &half, v);
    CHECK_VEC4(v, 0.2, 0.2, 0.2, 1, 1e-7);
    const uint8_t la[2] = {255, 0x33};
    unpack1(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la, v);
    CHECK_VEC4(v, 1, 1, 1, 0.2, 1e-7);
    /* BGR */
    const uint8_t bgr[3] = {51, 0, 255};
    unpack1(GL_BGR, GL_UNSIGNED_BYTE, bgr, v);
    CHECK_VEC4(v, 1, 0, 0.2, 1, 1e-7);
}

static void test_unpack_depth_stencil(void)
{
    float v[4];
    const uint16_t dz = 0xFFFF;
    CHECK_INT(unpack1(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &dz, v), GL_NO_ERROR);
    CHECK_NEAR(v[0], 1.0, 0);
    const uint32_t dzi = 0x40000000u; /* 2^30 / (2^32-1) */
    unpack1(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &dzi, v);
    CHECK_NEAR(v[0], 0.25, 1e-7);
    const float dzf = 0.75f;
    unpack1(GL_DEPTH_COMPONENT, GL_FLOAT, &dzf, v);
    CHECK_NEAR(v[0], 0.75, 0);

    /* stencil indices are integers (masked to 8 bits) */
    const uint8_t st = 0x5A;
    unpack1(GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st, v);
    CHECK_NEAR(v[0], 90, 0);
    const int32_t stm = -1;
    unpack1(GL_STENCIL_INDEX, GL_INT, &stm, v);
    CHECK_NEAR(v[0], 255, 0);
    const float stf = 7.0f;
    unpack1(GL_STENCIL_INDEX, GL_FLOAT, &stf, v);
    CHECK_NEAR(v[0], 7, 0);

    /* BITMAP stencil: 0xA0 = 1010 0000; msb first: 1 0 1 0 0 0 0 0 */
    tex_pixel_store ps = store();
    ps.alignment = 1;
    const uint8_t bits = 0xA0;
    float row[8 * 4];
    CHECK_INT(tex_pixels_unpack(GL_STENCIL_INDEX, GL_BITMAP, 8, 1, 1, &bits, &ps, row), GL_NO_ERROR);
    const int msb[8] = {1, 0, 1, 0, 0, 0, 0, 0};
    for (int i = 0; i < 8; i++)
        CHECK_NEAR(row[i * 4], msb[i], 0);
    ps.lsb_first = true; /* bit 0 first: 0 0 0 0 0 1 0 1 */
    tex_pixels_unpack(GL_STENCIL_INDEX, GL_BITMAP, 8, 1, 1, &bits, &ps, row);
    const int lsb[8] = {0, 0, 0, 0, 0, 1, 0, 1};
    for (int i = 0; i < 8; i++)
        CHECK_NEAR(row[i * 4], lsb[i], 0);
    /* SKIP_PIXELS skips bits */
    ps.lsb_first = false;
    ps.skip_pixels = 2;
    tex_pixels_unpack(GL_STENCIL_INDEX, GL_BITMAP, 1, 1, 1, &bits, &ps, row);
    CHECK_NEAR(row[0], 1, 0);

    /* DEPTH_STENCIL, UNSIGNED_INT_24_8: depth in bits 31-8, stencil 7-0 */
    const uint32_t ds = 0xFFFFFF01u;
    CHECK_INT(unpack1(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds, v), GL_NO_ERROR);
    CHECK_NEAR(v[0], 1.0, 0);
    CHECK_NEAR(v[1], 1.0, 0);
    const uint32_t ds2 = 0x800000ABu;
    unpack1(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds2, v);
    CHECK_NEAR(v[0], 8388608.0 / 16777215.0, 1e-7);
    CHECK_NEAR(v[1], 171, 0);
    /* FLOAT_32_UNSIGNED_INT_24_8_REV: float depth, then stencil in bits 7-0 */
    struct { float d; uint32_t s; } ds32 = {0.25f, 0xFFFFFF0Bu};
    unpack1(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, &ds32, v);
    CHECK_NEAR(v[0], 0.25, 0);
    CHECK_NEAR(v[1], 11, 0);
}

static void test_layout(void)
{
    tex_pixel_store ps = store();
    GLenum err;
    float out[6 * 4];

    /* RGB UNSIGNED_BYTE, w = 3, alignment 4: rows of 9 bytes padded to 12 */
    uint8_t buf[32];
    memset(buf, 0xEE, sizeof buf);
    for (int i = 0; i < 9; i++)
        buf[i] = (uint8_t)(i + 1);
    buf[12] = 200; buf[13] = 201; buf[14] = 202;
    CHECK_INT(tex_client_image_size(GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 1, &ps, &err), 12 + 9);
    CHECK_INT(err, GL_NO_ERROR);
    CHECK_INT(tex_pixels_unpack(GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 1, buf, &ps, out), GL_NO_ERROR);
    CHECK_VEC4(out + 8, 7 / 255.0, 8 / 255.0, 9 / 255.0, 1, 1e-7);     /* row 0, pixel 2 */
    CHECK_VEC4(out + 12, 200 / 255.0, 201 / 255.0, 202 / 255.0, 1, 1e-7); /* row 1, pixel 0 */
    /* alignment 1: rows of 9 bytes */
    ps.alignment = 1;
    CHECK_INT(tex_client_image_size(GL_RGB, GL_UNSIGNED_BYTE, 3, 2, 1, &ps, &err), 18);
    /* alignment 8, FLOAT RGB, w = 1: 12-byte rows padded to 16 */
    ps.alignment = 8;
    CHECK_INT(tex_client_image_size(GL_RGB, GL_FLOAT, 1, 3, 1, &ps, &err), 16 * 2 + 12);
    /* alignment 8 with a 1-byte element: k = 8 * ceil(3*1*5 / 8) = 16 */
    CHECK_INT(tex_client_image_size(GL_RGB, GL_UNSIGNED_BYTE, 5, 2, 1, &ps, &err), 16 + 15);
    /* packed 2-byte type, alignment 4: w = 3 -> 6 bytes -> 8 */
    ps.alignment = 4;
    CHECK_INT(tex_client_image_size(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 3, 2, 1, &ps, &err), 8 + 6);

    /* ROW_LENGTH, SKIP_PIXELS, SKIP_ROWS: RGBA UB, row_length 4 -> 16-byte
     * rows; the first group is at 1*16 + 1*4 = 20 */
    ps = store();
    ps.row_length = 4;
    ps.skip_pixels = 1;
    ps.skip_rows = 1;
    uint8_t img[64];
    for (int i = 0; i < 64; i++)
        img[i] = (uint8_t)i;
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 1, img, &ps, out), GL_NO_ERROR);
    CHECK_VEC4(out, 20 / 255.0, 21 / 255.0, 22 / 255.0, 23 / 255.0, 1e-7);
    CHECK_VEC4(out + 4, 24 / 255.0, 25 / 255.0, 26 / 255.0, 27 / 255.0, 1e-7);
    CHECK_VEC4(out + 8, 36 / 255.0, 37 / 255.0, 38 / 255.0, 39 / 255.0, 1e-7);
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 1, &ps, &err), 20 + 16 + 8);

    /* IMAGE_HEIGHT and SKIP_IMAGES (3D only): RGBA UB 1x1x2, image height 3,
     * alignment 1: rows 4 bytes, images 12; first at 12, second at 24 */
    ps = store();
    ps.alignment = 1;
    ps.image_height = 3;
    ps.skip_images = 1;
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 2, img, &ps, out), GL_NO_ERROR);
    CHECK_VEC4(out, 12 / 255.0, 13 / 255.0, 14 / 255.0, 15 / 255.0, 1e-7);
    CHECK_VEC4(out + 4, 24 / 255.0, 25 / 255.0, 26 / 255.0, 27 / 255.0, 1e-7);
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 2, &ps, &err), 28);
    /* d = 1: 2D transfers ignore them */
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 1, &ps, &err), 4);
    CHECK_INT(tex_client_image_extent(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 1, true, &ps, &err), 16);

    /* SWAP_BYTES: a native 0x00FF reads as 0xFF00 = 65280 */
    ps = store();
    ps.swap_bytes = true;
    const uint16_t sw = 0x00FF;
    CHECK_INT(tex_pixels_unpack(GL_RED, GL_UNSIGNED_SHORT, 1, 1, 1, &sw, &ps, out), GL_NO_ERROR);
    CHECK_NEAR(out[0], 65280.0 / 65535.0, 1e-7);
    /* packed types swap the whole element: native 0x00F8 -> 0xF800 = red */
    const uint16_t sw565 = 0x00F8;
    tex_pixels_unpack(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, 1, 1, &sw565, &ps, out);
    CHECK_VEC4(out, 1, 0, 0, 1, 0);
    const uint32_t swf = 0x0000803Fu; /* bytes of 1.0f swapped */
    tex_pixels_unpack(GL_RED, GL_FLOAT, 1, 1, 1, &swf, &ps, out);
    CHECK_NEAR(out[0], 1.0, 0);

    /* empty images touch nothing */
    ps = store();
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_UNSIGNED_BYTE, 0, 5, 1, &ps, &err), 0);
    CHECK_INT(err, GL_NO_ERROR);
}

static void test_errors(void)
{
    tex_pixel_store ps = store();
    GLenum err;
    float out[4];
    uint8_t src[16] = {0};

    CHECK_INT(tex_pixels_unpack(0x1234, GL_UNSIGNED_BYTE, 1, 1, 1, src, &ps, out), GL_INVALID_ENUM);
    CHECK_INT(tex_pixels_unpack(GL_RGBA, 0x1234, 1, 1, 1, src, &ps, out), GL_INVALID_ENUM);
    CHECK_INT(tex_pixels_unpack(GL_INTENSITY, GL_UNSIGNED_BYTE, 1, 1, 1, src, &ps, out), GL_INVALID_ENUM);
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, 1, 1, 1, src, &ps, out),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_unpack(GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, 1, 1, 1, src, &ps, out),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_unpack(GL_LUMINANCE, GL_UNSIGNED_INT_8_8_8_8, 1, 1, 1, src, &ps, out),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_INT_24_8, 1, 1, 1, src, &ps, out),
              GL_INVALID_OPERATION);
    CHECK_INT(tex_pixels_unpack(GL_DEPTH_STENCIL, GL_UNSIGNED_BYTE, 1, 1, 1, src, &ps, out),
              GL_INVALID_ENUM);
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_BITMAP, 1, 1, 1, src, &ps, out), GL_INVALID_ENUM);
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_BYTE, -1, 1, 1, src, &ps, out), GL_INVALID_VALUE);
    ps.alignment = 3;
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 1, src, &ps, out), GL_INVALID_VALUE);
    ps = store();
    ps.skip_rows = -1;
    CHECK_INT(tex_pixels_unpack(GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 1, src, &ps, out), GL_INVALID_VALUE);
    /* sizes whose byte count overflows */
    ps = store();
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_FLOAT, INT_MAX, INT_MAX, INT_MAX, &ps, &err), 0);
    CHECK_INT(err, GL_INVALID_VALUE);
    ps.row_length = INT_MAX;
    ps.skip_rows = INT_MAX;
    ps.skip_images = INT_MAX;
    ps.image_height = INT_MAX;
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_DOUBLE, 1, 1, 2, &ps, &err), 0);
    CHECK_INT(err, GL_INVALID_ENUM);
    CHECK_INT(tex_client_image_size(GL_RGBA, GL_FLOAT, 1, 1, 2, &ps, &err), 0);
    CHECK_INT(err, GL_INVALID_VALUE);
    CHECK_INT(tex_pixels_pack(GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, 1, 1, out, src, &ps), GL_INVALID_OPERATION);
}

/* Packs one group into bytes. */
static GLenum pack1(GLenum format, GLenum type, float r, float g, float b, float a, void *dst)
{
    tex_pixel_store ps = store();
    ps.alignment = 1;
    const float v[4] = {r, g, b, a};
    return tex_pixels_pack(format, type, 1, 1, v, dst, &ps);
}

static void test_pack(void)
{
    uint8_t ub[4];
    int8_t sb[4];
    uint16_t us[4];
    int16_t ss[4];
    uint32_t ui[4];
    int32_t si[4];
    float fl[4];

    /* UNSIGNED_BYTE: round(255 f) after clamping to [0,1] */
    CHECK_INT(pack1(GL_RGBA, GL_UNSIGNED_BYTE, 0.2f, 1.5f, -0.5f, 0.5f, ub), GL_NO_ERROR);
    CHECK_INT(ub[0], 51);
    CHECK_INT(ub[1], 255);
    CHECK_INT(ub[2], 0);
    CHECK_INT(ub[3], 128); /* 127.5 rounds up */
    /* BYTE: ((2^8-1) f - 1) / 2 (table 4.7), clamped to [-1,1] */
    pack1(GL_RGBA, GL_BYTE, 1.0f, -1.0f, 0.5f, -3.0f, sb);
    CHECK_INT(sb[0], 127);
    CHECK_INT(sb[1], -128);
    CHECK_INT(sb[2], 63); /* 63.25 */
    CHECK_INT(sb[3], -128);
    pack1(GL_RGBA, GL_UNSIGNED_SHORT, 1.0f, 0.2f, 0.0f, 0.5f, us);
    CHECK_INT(us[0], 65535);
    CHECK_INT(us[1], 13107);
    CHECK_INT(us[2], 0);
    CHECK_INT(us[3], 32768);
    pack1(GL_RG, GL_SHORT, -1.0f, 1.0f, 0, 0, ss);
    CHECK_INT(ss[0], -32768);
    CHECK_INT(ss[1], 32767);
    pack1(GL_RG, GL_UNSIGNED_INT, 1.0f, 0.0f, 0, 0, ui);
    CHECK_INT(ui[0], 0xFFFFFFFFu);
    CHECK_INT(ui[1], 0);
    pack1(GL_RG, GL_INT, 1.0f, -1.0f, 0, 0, si);
    CHECK_INT(si[0], INT32_MAX);
    CHECK_INT(si[1], INT32_MIN);
    /* FLOAT: no clamping */
    pack1(GL_BGRA, GL_FLOAT, 2.5f, -1.0f, 0.25f, 9.0f, fl);
    CHECK_VEC4(fl, 0.25, -1, 2.5, 9, 0);
    /* HALF_FLOAT: nearest even; 65504 is the largest finite, >= 65520 is inf */
    pack1(GL_RGBA, GL_HALF_FLOAT_ARB, 1.0f, 65504.0f, 65520.0f, 1.0f / 3.0f, us);
    CHECK_INT(us[0], 0x3C00);
    CHECK_INT(us[1], 0x7BFF);
    CHECK_INT(us[2], 0x7C00);
    CHECK_INT(us[3], 0x3555);
    pack1(GL_RG, GL_HALF_FLOAT_ARB, 5.9604644775390625e-8f, -2.0f, 0, 0, us);
    CHECK_INT(us[0], 0x0001);
    CHECK_INT(us[1], 0xC000);
    /* 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even -> 1.0 */
    pack1(GL_RED, GL_HALF_FLOAT_ARB, 1.00048828125f, 0, 0, 0, us);
    CHECK_INT(us[0], 0x3C00);

    /* packed types */
    pack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, 0, 0, 1, us);
    CHECK_INT(us[0], 0xF800);
    pack1(GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 0.5f, 0.5f, 0.5f, 1, us); /* 16, 32, 16 */
    CHECK_INT(us[0], 0x8410);
    pack1(GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4_REV, 1, 0, 0, 0.2f, us); /* A 3 in 15-12, R 15 in 3-0 */
    CHECK_INT(us[0], 0x300F);
    pack1(GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, 1, 0, 0.2f, 1, ui); /* 0xAARRGGBB */
    CHECK_INT(ui[0], 0xFFFF0033u);
    pack1(GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, 0, 1, 1, ui);
    CHECK_INT(ui[0], 0xFFF00000u);
    pack1(GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 0, 0, 0, 1, us);
    CHECK_INT(us[0], 0x0001);
    pack1(GL_RGB, GL_UNSIGNED_BYTE_3_3_2, 1, 0, 1, 1, ub);
    CHECK_INT(ub[0], 0xE3);

    /* LUMINANCE: L = R + G + B (GL 2.1 section 4.3.2), then clamped */
    pack1(GL_LUMINANCE, GL_UNSIGNED_BYTE, 0.2f, 0.3f, 0.1f, 1, ub);
    CHECK_INT(ub[0], 153);
    pack1(GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, 0.6f, 0.6f, 0, 0.2f, ub);
    CHECK_INT(ub[0], 255);
    CHECK_INT(ub[1], 51);
    pack1(GL_ALPHA, GL_UNSIGNED_BYTE, 1, 1, 1, 0.2f, ub);
    CHECK_INT(ub[0], 51);
    pack1(GL_BGR, GL_UNSIGNED_BYTE, 1, 0.2f, 0, 1, ub);
    CHECK_INT(ub[0], 0);
    CHECK_INT(ub[1], 51);
    CHECK_INT(ub[2], 255);

    /* depth and stencil */
    pack1(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 0.5f, 0, 0, 0, us);
    CHECK_INT(us[0], 32768);
    pack1(GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, 1.0f, 0, 0, 0, ui);
    CHECK_INT(ui[0], 0xFFFFFFFFu);
    pack1(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 1.0f, 5.0f, 0, 0, ui);
    CHECK_INT(ui[0], 0xFFFFFF05u);
    pack1(GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 0.5f, 255.0f, 0, 0, ui); /* 8388607.5 -> 8388608 */
    CHECK_INT(ui[0], 0x800000FFu);
    struct { float d; uint32_t s; } ds32;
    pack1(GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 0.25f, 9.0f, 0, 0, &ds32);
    CHECK_NEAR(ds32.d, 0.25, 0);
    CHECK_INT(ds32.s, 9);
    pack1(GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, 200.0f, 0, 0, 0, ub);
    CHECK_INT(ub[0], 200);
    pack1(GL_STENCIL_INDEX, GL_SHORT, 3.0f, 0, 0, 0, ss);
    CHECK_INT(ss[0], 3);

    /* pack honours alignment, row length, skips and swapping: RGB UB 1x2,
     * alignment 4 -> rows of 4 bytes; row_length 2 -> rows of 8; skip 1 */
    tex_pixel_store ps = store();
    ps.row_length = 2;
    ps.skip_pixels = 1;
    uint8_t buf[16];
    memset(buf, 0xEE, sizeof buf);
    const float px[8] = {1, 0, 0, 1, 0, 0.2f, 1, 1};
    CHECK_INT(tex_pixels_pack(GL_RGB, GL_UNSIGNED_BYTE, 1, 2, px, buf, &ps), GL_NO_ERROR);
    CHECK_INT(buf[0], 0xEE);
    CHECK_INT(buf[3], 255);
    CHECK_INT(buf[4], 0);
    CHECK_INT(buf[6], 0xEE);
    CHECK_INT(buf[8 + 3], 0);
    CHECK_INT(buf[8 + 4], 51);
    CHECK_INT(buf[8 + 5], 255);
    ps = store();
    ps.swap_bytes = true;
    const float one[4] = {1, 0, 0, 0};
    tex_pixels_pack(GL_RED, GL_UNSIGNED_SHORT, 1, 1, one, us, &ps);
    CHECK_INT(us[0], 0xFFFF);
    const float dep[4] = {0.5f, 0, 0, 0};
    tex_pixels_pack(GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 1, 1, dep, us, &ps);
    CHECK_INT(us[0], 0x0080); /* 0x8000 swapped */
}

/* Every colour format with every type: pack then unpack returns the value
 * within half a step of the type's precision. */
static void test_round_trips(void)
{
    static const GLenum formats[] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_RG, GL_RGB,
                                     GL_BGR, GL_RGBA, GL_BGRA, GL_ABGR_EXT};
    static const struct { GLenum type; double step; bool packed3, packed4, sgn; } types[] = {
        {GL_UNSIGNED_BYTE, 1.0 / 255, 0, 0, 0},
        {GL_BYTE, 2.0 / 255, 0, 0, 1},
        {GL_UNSIGNED_SHORT, 1.0 / 65535, 0, 0, 0},
        {GL_SHORT, 2.0 / 65535, 0, 0, 1},
        {GL_UNSIGNED_INT, 1e-7, 0, 0, 0},
        {GL_INT, 1e-7, 0, 0, 1},
        {GL_FLOAT, 0, 0, 0, 1},
        {GL_HALF_FLOAT_ARB, 1.0 / 2048, 0, 0, 1},
        {GL_UNSIGNED_BYTE_3_3_2, 1.0 / 3, 1, 0, 0},
        {GL_UNSIGNED_BYTE_2_3_3_REV, 1.0 / 3, 1, 0, 0},
        {GL_UNSIGNED_SHORT_5_6_5, 1.0 / 31, 1, 0, 0},
        {GL_UNSIGNED_SHORT_5_6_5_REV, 1.0 / 31, 1, 0, 0},
        {GL_UNSIGNED_SHORT_4_4_4_4, 1.0 / 15, 0, 1, 0},
        {GL_UNSIGNED_SHORT_4_4_4_4_REV, 1.0 / 15, 0, 1, 0},
        {GL_UNSIGNED_SHORT_5_5_5_1, 1.0, 0, 1, 0},
        {GL_UNSIGNED_SHORT_1_5_5_5_REV, 1.0, 0, 1, 0},
        {GL_UNSIGNED_INT_8_8_8_8, 1.0 / 255, 0, 1, 0},
        {GL_UNSIGNED_INT_8_8_8_8_REV, 1.0 / 255, 0, 1, 0},
        {GL_UNSIGNED_INT_10_10_10_2, 1.0 / 3, 0, 1, 0},
        {GL_UNSIGNED_INT_2_10_10_10_REV, 1.0 / 3, 0, 1, 0},
    };
    const float src[3 * 4] = {0.0f, 0.25f, 0.5f, 1.0f, 1.0f, 0.75f, 0.125f, 0.0f,
                              0.6f, 0.4f, 0.9f, 0.3f};
    tex_pixel_store ps = store();
    for (size_t fi = 0; fi < sizeof formats / sizeof formats[0]; fi++)
        for (size_t ti = 0; ti < sizeof types / sizeof types[0]; ti++) {
            GLenum f = formats[fi];
            bool ok = true;
            if (types[ti].packed3 && f != GL_RGB)
                ok = false;
            if (types[ti].packed4 && f != GL_RGBA && f != GL_BGRA)
                ok = false;
            uint8_t buf[256];
            float back[3 * 4];
            GLenum e = tex_pixels_pack(f, types[ti].type, 3, 1, src, buf, &ps);
            if (!ok) {
                CHECK_INT(e, GL_INVALID_OPERATION);
                continue;
            }
            CHECK_INT(e, GL_NO_ERROR);
            CHECK_INT(tex_pixels_unpack(f, types[ti].type, 3, 1, 1, buf, &ps, back), GL_NO_ERROR);
            /* components the format carries come back; the others are 0 (1 for alpha) */
            bool has[4] = {false, false, false, false};
            switch (f) {
            case GL_RED: has[0] = true; break;
            case GL_GREEN: has[1] = true; break;
            case GL_BLUE: has[2] = true; break;
            case GL_ALPHA: has[3] = true; break;
            case GL_RG: has[0] = has[1] = true; break;
            case GL_RGB: case GL_BGR: has[0] = has[1] = has[2] = true; break;
            default: has[0] = has[1] = has[2] = has[3] = true; break;
            }
            double eps = types[ti].step / 2 + 1e-6;
            for (int i = 0; i < 12; i++) {
                int c = i & 3;
                double want = has[c] ? src[i] : (c == 3 ? 1.0 : 0.0);
                if (fabs(back[i] - want) > eps) {
                    fprintf(stderr, "round trip format 0x%x type 0x%x comp %d: %g vs %g\n",
                            f, types[ti].type, i, back[i], want);
                    tt_failures++;
                }
                tt_checks++;
            }
        }
}

int main(void)
{
    test_unpack_packed();
    test_unpack_scalar();
    test_unpack_depth_stencil();
    test_layout();
    test_errors();
    test_pack();
    test_round_trips();
    return tt_finish("texture.pixels");
}
