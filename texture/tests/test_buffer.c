/*
 * test_buffer.c - buffer textures (ARB_texture_buffer_object, the
 * NV_gpu_program4 BUFFER target): tex_buffer_attach over caller bytes, TXF
 * for every kind of table X.1 element (normalised, half, float, signed and
 * unsigned integer) and base format, the texel count floor(size / texel
 * bytes), out-of-range and detached fetches, TXQ, the ops and targets a
 * buffer texture refuses, and the image functions it has no part in.
 * Single thread.
 */
#include "tex_test_req.h"

static tex_object *make_buf(GLenum ifmt, const void *data, size_t size)
{
    tex_object *t = tex_object_create(GL_TEXTURE_BUFFER_ARB);
    CHECK(t != NULL);
    CHECK_INT(tex_buffer_attach(t, ifmt, data, size), GL_NO_ERROR);
    return t;
}

/* TXF of texel n in lane 3 (other lanes fetch other texels). */
static void fetch(const tex_object *t, int n, gp_val o[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_BUFFER);
    rq_icoord(&r, 0, 0, 0, 0);
    r.coord.c[0][3].i = n;
    tex_sample(t, &r.req, 0.0f, &r.out);
    for (int c = 0; c < 4; c++)
        o[c] = r.out.c[c][3];
}

static int32_t txq(const tex_object *t)
{
    rq r;
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_BUFFER);
    rq_icoord(&r, 0, 0, 0, 0);
    int32_t q[4];
    rq_run_i(&r, t, q);
    CHECK_INT(q[1], 0);
    CHECK_INT(q[2], 0);
    return q[0];
}

static void test_fetch_formats(void)
{
    gp_val o[4];

    /* RGBA8: 3 texels in 12 bytes; unsigned normalised c / 255 */
    const uint8_t rgba8[13] = {10, 20, 30, 40, 255, 0, 51, 255, 1, 2, 3, 4, 99};
    tex_object *t = make_buf(GL_RGBA8, rgba8, 12);
    CHECK(tex_object_complete(t));
    CHECK_INT(t->buffer.texels, 3);
    CHECK_INT(txq(t), 3);
    fetch(t, 1, o);
    CHECK_NEAR(o[0].f, 1.0f, 0);
    CHECK_NEAR(o[1].f, 0.0f, 0);
    CHECK_NEAR(o[2].f, 0.2f, 1e-7); /* 51 / 255 */
    CHECK_NEAR(o[3].f, 1.0f, 0);
    fetch(t, 3, o); /* one past the end */
    CHECK(o[0].u == 0 && o[1].u == 0 && o[2].u == 0 && o[3].u == 0);
    fetch(t, -1, o);
    CHECK(o[0].u == 0 && o[3].u == 0);
    fetch(t, INT32_MIN, o);
    CHECK(o[0].u == 0 && o[3].u == 0);
    /* a 13-byte store still holds floor(13 / 4) = 3 texels */
    CHECK_INT(tex_buffer_attach(t, GL_RGBA8, rgba8, 13), GL_NO_ERROR);
    CHECK_INT(txq(t), 3);
    /* re-attached as R8: 13 texels, texel 12 = 99 / 255, read as (R, 0, 0, 1) */
    CHECK_INT(tex_buffer_attach(t, GL_R8, rgba8, 13), GL_NO_ERROR);
    CHECK_INT(txq(t), 13);
    fetch(t, 12, o);
    CHECK_NEAR(o[0].f, 99.0f / 255.0f, 1e-7);
    CHECK(o[1].u == 0 && o[2].u == 0);
    CHECK_NEAR(o[3].f, 1.0f, 0);
    tex_object_free(t); /* does not free the caller's bytes */

    /* R32F: (v, 0, 0, 1) */
    const float f2[2] = {1.5f, -2.25f};
    t = make_buf(GL_R32F, f2, sizeof f2);
    fetch(t, 1, o);
    CHECK_NEAR(o[0].f, -2.25f, 0);
    CHECK_NEAR(o[3].f, 1.0f, 0);
    tex_object_free(t);

    /* RGBA32F exact, RGBA16F from halves 1.0 (0x3c00), -2.0 (0xc000), 0.5 (0x3800), 0 */
    const uint16_t h4[4] = {0x3c00, 0xc000, 0x3800, 0x0000};
    t = make_buf(GL_RGBA16F_ARB, h4, sizeof h4);
    CHECK_INT(txq(t), 1);
    fetch(t, 0, o);
    CHECK_NEAR(o[0].f, 1.0f, 0);
    CHECK_NEAR(o[1].f, -2.0f, 0);
    CHECK_NEAR(o[2].f, 0.5f, 0);
    CHECK_NEAR(o[3].f, 0.0f, 0);
    tex_object_free(t);
    /* RG16F: (1, -2, 0, 1) */
    t = make_buf(GL_RG16F, h4, sizeof h4);
    CHECK_INT(txq(t), 2);
    fetch(t, 0, o);
    CHECK_NEAR(o[0].f, 1.0f, 0);
    CHECK_NEAR(o[1].f, -2.0f, 0);
    CHECK_NEAR(o[2].f, 0.0f, 0);
    CHECK_NEAR(o[3].f, 1.0f, 0);
    tex_object_free(t);

    /* RGBA32I and RGBA32UI: raw integers */
    const int32_t i4[8] = {-1, 2, -3, 4, INT32_MIN, INT32_MAX, 0, 7};
    t = make_buf(GL_RGBA32I_EXT, i4, sizeof i4);
    CHECK_INT(txq(t), 2);
    fetch(t, 1, o);
    CHECK_INT(o[0].i, INT32_MIN);
    CHECK_INT(o[1].i, INT32_MAX);
    CHECK_INT(o[2].i, 0);
    CHECK_INT(o[3].i, 7);
    tex_object_free(t);
    t = make_buf(GL_RGBA32UI_EXT, i4, sizeof i4);
    fetch(t, 0, o);
    CHECK(o[0].u == 0xffffffffu && o[1].u == 2 && o[2].u == 0xfffffffdu && o[3].u == 4);
    tex_object_free(t);

    /* LUMINANCE_ALPHA16UI: (L, L, L, A) */
    const uint16_t la[2] = {7, 65535};
    t = make_buf(GL_LUMINANCE_ALPHA16UI_EXT, la, sizeof la);
    fetch(t, 0, o);
    CHECK(o[0].u == 7 && o[1].u == 7 && o[2].u == 7 && o[3].u == 65535);
    tex_object_free(t);
    /* ALPHA8I: (0, 0, 0, A), sign-extended */
    const int8_t a8[2] = {-5, 6};
    t = make_buf(GL_ALPHA8I_EXT, a8, sizeof a8);
    fetch(t, 0, o);
    CHECK(o[0].i == 0 && o[1].i == 0 && o[2].i == 0 && o[3].i == -5);
    tex_object_free(t);
    /* LUMINANCE8I: (L, L, L, integer 1) */
    t = make_buf(GL_LUMINANCE8I_EXT, a8, sizeof a8);
    fetch(t, 1, o);
    CHECK(o[0].i == 6 && o[2].i == 6 && o[3].i == 1);
    tex_object_free(t);
    /* RG8UI: (R, G, 0, 1) */
    t = make_buf(GL_RG8UI, a8, sizeof a8);
    fetch(t, 0, o);
    CHECK(o[0].u == 251 && o[1].u == 6 && o[2].u == 0 && o[3].u == 1);
    tex_object_free(t);
    /* INTENSITY16: (I, I, I, I) with I = c / 65535 */
    const uint16_t i16[2] = {65535, 13107};
    t = make_buf(GL_INTENSITY16, i16, sizeof i16);
    fetch(t, 1, o);
    for (int c = 0; c < 4; c++)
        CHECK_NEAR(o[c].f, 0.2f, 1e-7); /* 13107 / 65535 = 0.2 */
    fetch(t, 0, o);
    CHECK_NEAR(o[3].f, 1.0f, 0);
    tex_object_free(t);
    /* INTENSITY16I is an intensity too (table X.1 says "A", a typo) */
    const int16_t s1 = -300;
    t = make_buf(GL_INTENSITY16I_EXT, &s1, sizeof s1);
    fetch(t, 0, o);
    CHECK(o[0].i == -300 && o[1].i == -300 && o[2].i == -300 && o[3].i == -300);
    tex_object_free(t);
    /* LUMINANCE32F: (L, L, L, 1); ALPHA16: (0, 0, 0, A) */
    const float lf = 0.5f;
    t = make_buf(GL_LUMINANCE32F_ARB, &lf, sizeof lf);
    fetch(t, 0, o);
    CHECK(o[0].f == 0.5f && o[2].f == 0.5f && o[3].f == 1.0f);
    tex_object_free(t);
    t = make_buf(GL_ALPHA16, i16, sizeof i16);
    fetch(t, 0, o);
    CHECK(o[0].f == 0.0f && o[2].f == 0.0f && o[3].f == 1.0f);
    tex_object_free(t);
    /* RGBA16: c / 65535 */
    const uint16_t u16[4] = {0, 65535, 13107, 52428};
    t = make_buf(GL_RGBA16, u16, sizeof u16);
    fetch(t, 0, o);
    CHECK_NEAR(o[0].f, 0.0f, 0);
    CHECK_NEAR(o[1].f, 1.0f, 0);
    CHECK_NEAR(o[2].f, 0.2f, 1e-7);
    CHECK_NEAR(o[3].f, 0.8f, 1e-7);
    tex_object_free(t);

    /* unaligned views are fine (memcpy reads) */
    uint8_t raw[9] = {0};
    const float one = 1.0f;
    memcpy(raw + 1, &one, 4);
    t = make_buf(GL_R32F, raw + 1, 8);
    fetch(t, 0, o);
    CHECK_NEAR(o[0].f, 1.0f, 0);
    tex_object_free(t);
}

static void test_rules(void)
{
    const uint8_t px[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    gp_val o[4];
    rq r;

    /* a new buffer texture: LUMINANCE8, nothing attached, incomplete */
    tex_object *t = tex_object_create(GL_TEXTURE_BUFFER_ARB);
    CHECK_INT(t->buffer.internal_format, GL_LUMINANCE8);
    CHECK(!tex_object_complete(t));
    CHECK_INT(txq(t), 0);
    fetch(t, 0, o);
    CHECK(o[0].u == 0 && o[3].u == 0);

    /* errors: formats outside table X.1 (RGB, unsized, depth), other targets */
    CHECK_INT(tex_buffer_attach(t, GL_RGB8, px, 8), GL_INVALID_ENUM);
    CHECK_INT(tex_buffer_attach(t, GL_RGB32F_ARB, px, 8), GL_INVALID_ENUM);
    CHECK_INT(tex_buffer_attach(t, GL_RGBA, px, 8), GL_INVALID_ENUM);
    CHECK_INT(tex_buffer_attach(t, GL_DEPTH_COMPONENT32F, px, 8), GL_INVALID_ENUM);
    CHECK_INT(t->buffer.internal_format, GL_LUMINANCE8); /* unchanged */
    CHECK(t->buffer.data == NULL);
    tex_object *t2 = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_buffer_attach(t2, GL_RGBA8, px, 8), GL_INVALID_OPERATION);
    CHECK_INT(tex_buffer_attach(NULL, GL_RGBA8, px, 8), GL_INVALID_OPERATION);
    size_t tb = 0;
    CHECK(tex_buffer_format_info(GL_RGBA16F_ARB, &tb));
    CHECK_INT(tb, 8);
    CHECK(tex_buffer_format_info(GL_RG32UI, &tb));
    CHECK_INT(tb, 8);
    CHECK(tex_buffer_format_info(GL_LUMINANCE_ALPHA32F_ARB, &tb));
    CHECK_INT(tb, 8);
    CHECK(tex_buffer_format_info(GL_ALPHA8, &tb));
    CHECK_INT(tb, 1);
    CHECK(!tex_buffer_format_info(GL_RGB32F_ARB, &tb));

    /* attached as RGBA8UI: 2 texels */
    CHECK_INT(tex_buffer_attach(t, GL_RGBA8UI_EXT, px, 8), GL_NO_ERROR);
    CHECK(tex_object_complete(t));
    CHECK_INT(txq(t), 2);
    fetch(t, 1, o);
    CHECK(o[0].u == 5 && o[1].u == 6 && o[2].u == 7 && o[3].u == 8);
    /* constant offsets are not applied to BUFFER (they must be zero) */
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_BUFFER);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_offset(&r, 1, 0, 0);
    int32_t oi[4];
    rq_run_i(&r, t, oi);
    CHECK_IVEC4(oi, 1, 2, 3, 4);
    /* w (the LOD of other targets) is ignored: there are no levels */
    rq_icoord(&r, 1, 0, 0, 5);
    rq_run_i(&r, t, oi);
    CHECK_IVEC4(oi, 5, 6, 7, 8);
    /* only TXF and TXQ: TEX on a BUFFER target is (0, 0, 0, 1), integer 1 here */
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_BUFFER);
    rq_coord(&r, 0, 0, 0, 1);
    rq_run_i(&r, t, oi);
    CHECK_IVEC4(oi, 0, 0, 0, 1);
    /* a 2D target on the buffer texture, or BUFFER on a 2D texture: (0,0,0,1) */
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, oi);
    CHECK_IVEC4(oi, 0, 0, 0, 1);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t2, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px,
                               &ps), GL_NO_ERROR);
    set_filters(t2, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_BUFFER);
    rq_icoord(&r, 0, 0, 0, 0);
    float of[4];
    rq_run(&r, t2, of);
    CHECK_VEC4(of, 0, 0, 0, 1, 0);
    rq_run(&r, NULL, of);
    CHECK_VEC4(of, 0, 0, 0, 1, 0);
    tex_object_free(t2);

    /* buffer textures have no images (issue 7) */
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px,
                               &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_INVALID_ENUM);
    uint8_t out[4];
    CHECK_INT(tex_image_get(t, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, out, &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_generate_mipmap(t), GL_INVALID_OPERATION);

    /* detaching (buffer 0): incomplete, size 0, fetches read 0 */
    CHECK_INT(tex_buffer_attach(t, GL_RGBA8UI_EXT, NULL, 8), GL_NO_ERROR);
    CHECK(!tex_object_complete(t));
    CHECK_INT(t->buffer.texels, 0);
    CHECK_INT(txq(t), 0);
    fetch(t, 0, o);
    CHECK(o[0].u == 0 && o[3].u == 0);

    /* the texel count is clamped to MAX_TEXTURE_BUFFER_SIZE (no byte is read) */
    CHECK_INT(tex_buffer_attach(t, GL_R8, px, (size_t)TEX_MAX_BUFFER_TEXELS + 5), GL_NO_ERROR);
    CHECK_INT(t->buffer.texels, TEX_MAX_BUFFER_TEXELS);
    CHECK_INT(txq(t), TEX_MAX_BUFFER_TEXELS);
    fetch(t, TEX_MAX_BUFFER_TEXELS, o);
    CHECK(o[0].u == 0 && o[3].u == 0);
    /* a store smaller than one texel holds none */
    CHECK_INT(tex_buffer_attach(t, GL_RGBA32F_ARB, px, 8), GL_NO_ERROR);
    CHECK_INT(txq(t), 0);
    tex_object_free(t);
}

int main(void)
{
    test_fetch_formats();
    test_rules();
    return tt_finish("texture.buffer");
}
