/*
 * test_multisample.c - multisample texture images (ARB_texture_multisample
 * TexImage{2,3}DMultisample through tex_image_multisample) and their
 * sampling: TXFMS (NV_explicit_multisample section 2.X.4.4
 * TexelFetchMultisample; NV_texture_multisample's 2DMS / ARRAY2DMS targets)
 * and TXQ.  Sample planes are filled directly through the tex_image fields
 * (the layout tex.h documents), every expected value is written by hand
 * next to its check.  Single thread.
 *
 * covers: TEX.2DMS TEX.ARRAY2DMS EDGE.TXFMS_SAMPLE
 */
#include "tex_test_req.h"

/* The address tex.h documents for sample s of layer z, texel (x, y). */
static uint8_t *ms_texel(tex_image *img, int x, int y, int z, int s)
{
    return (uint8_t *)img->data + (size_t)z * img->slice_stride + (size_t)s * img->sample_stride +
           (size_t)y * img->row_stride + (size_t)x * tex_format_bytes(img->format);
}

/* TXFMS on lane 0 with integer coordinates (x, y, layer, sample). */
static void txfms(const tex_object *t, int target, int x, int y, int z, int s, gp_val o[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TXFMS, target);
    rq_icoord(&r, x, y, z, s);
    tex_sample(t, &r.req, 0.0f, &r.out);
    for (int c = 0; c < 4; c++)
        o[c] = r.out.c[c][0];
}

static void test_define_errors(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_INT(t->target, GL_TEXTURE_2D_MULTISAMPLE);
    CHECK_INT(t->num_faces, 1);
    CHECK(!tex_object_complete(t)); /* nothing defined yet */
    /* samples outside [1, TEX_MAX_SAMPLES] */
    CHECK_INT(tex_image_multisample(t, 0, GL_RGBA8, 4, 4, 1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, TEX_MAX_SAMPLES + 1, GL_RGBA8, 4, 4, 1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, -1, GL_RGBA8, 4, 4, 1), GL_INVALID_VALUE);
    /* sizes outside [0, TEX_MAX_SIZE]; a 2D multisample image has 1 layer */
    CHECK_INT(tex_image_multisample(t, 4, GL_RGBA8, -1, 4, 1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, 4, GL_RGBA8, 4, TEX_MAX_SIZE + 1, 1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, 4, GL_RGBA8, 4, 4, 2), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, 4, GL_RGBA8, 4, 4, 0), GL_INVALID_VALUE);
    /* not renderable: LUMINANCE/ALPHA/INTENSITY bases, compressed, unknown */
    CHECK_INT(tex_image_multisample(t, 4, GL_LUMINANCE8, 4, 4, 1), GL_INVALID_ENUM);
    CHECK_INT(tex_image_multisample(t, 4, GL_ALPHA8, 4, 4, 1), GL_INVALID_ENUM);
    CHECK_INT(tex_image_multisample(t, 4, GL_INTENSITY, 4, 4, 1), GL_INVALID_ENUM);
    CHECK_INT(tex_image_multisample(t, 4, GL_COMPRESSED_RGBA, 4, 4, 1), GL_INVALID_ENUM);
    CHECK_INT(tex_image_multisample(t, 4, 0x1234, 4, 4, 1), GL_INVALID_ENUM);
    /* a failing call defines nothing */
    CHECK(t->image[0][0].data == NULL);
    CHECK_INT(t->image[0][0].samples, 0);
    CHECK(!tex_object_complete(t));
    /* renderable formats of every kind are accepted */
    CHECK_INT(tex_image_multisample(t, 1, GL_RGBA8, 4, 4, 1), GL_NO_ERROR);
    CHECK_INT(tex_image_multisample(t, 2, GL_RGB16F, 4, 4, 1), GL_NO_ERROR);
    CHECK_INT(tex_image_multisample(t, 8, GL_R32UI, 4, 4, 1), GL_NO_ERROR);
    CHECK_INT(tex_image_multisample(t, 4, GL_DEPTH_COMPONENT24, 4, 4, 1), GL_NO_ERROR);
    CHECK_INT(tex_image_multisample(t, 4, GL_DEPTH24_STENCIL8, 3, 2, 1), GL_NO_ERROR);
    CHECK(t->image[0][0].stencil != NULL);
    /* the stencil plane has one byte a sample: the last one is
     * ((0 * 4 + 3) * 2 + 1) * 3 + 2 = 23 (ASan catches a short plane) */
    if (t->image[0][0].stencil)
        t->image[0][0].stencil[23] = 7;
    /* pixel transfers and mipmaps do not apply to multisample objects */
    tex_pixel_store ps = store1();
    float px[4] = {0, 0, 0, 0};
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, px, &ps),
              GL_INVALID_ENUM);
    CHECK_INT(tex_image_sub(t, 0, 0, 0, 0, 0, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, px, &ps),
              GL_INVALID_ENUM);
    CHECK_INT(tex_image_get(t, 0, 0, GL_DEPTH_COMPONENT, GL_FLOAT, px, &ps), GL_INVALID_ENUM);
    CHECK_INT(tex_generate_mipmap(t), GL_INVALID_OPERATION);
    /* a multisample call on another target */
    tex_object *t2 = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_multisample(t2, 4, GL_RGBA8, 4, 4, 1), GL_INVALID_OPERATION);
    CHECK_INT(t2->image[0][0].samples, 0);
    CHECK_INT(tex_image_multisample(NULL, 4, GL_RGBA8, 4, 4, 1), GL_INVALID_OPERATION);
    tex_object_free(t2);
    tex_object_free(t);

    /* array: layers up to the layers limit (TEX_MAX_3D_SIZE) */
    t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
    CHECK(t != NULL);
    if (!t)
        return;
    CHECK_INT(tex_image_multisample(t, 2, GL_RGBA8, 2, 2, TEX_MAX_3D_SIZE + 1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, 2, GL_RGBA8, 2, 2, -1), GL_INVALID_VALUE);
    CHECK_INT(tex_image_multisample(t, 2, GL_RGBA8, 2, 2, 3), GL_NO_ERROR);
    CHECK(tex_object_complete(t));
    tex_object_free(t);
}

/* RGBA32F 3x2, 4 samples: sample s of (x, y) = (x, y, s, 1000 + 100 s + 10 y + x). */
static void test_2dms_float(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE);
    CHECK_INT(tex_image_multisample(t, 4, GL_RGBA32F, 3, 2, 1), GL_NO_ERROR);
    tex_image *img = &t->image[0][0];
    /* the layout of tex.h: 16-byte texels, rows of 3, planes of 2 rows */
    CHECK_INT(img->samples, 4);
    CHECK_INT(img->width, 3);
    CHECK_INT(img->height, 2);
    CHECK_INT(img->depth, 1);
    CHECK_INT(img->format, TEX_FMT_RGBA32F);
    CHECK_INT(img->row_stride, 48);
    CHECK_INT(img->sample_stride, 96);
    CHECK_INT(img->slice_stride, 384);
    CHECK(img->data != NULL);
    if (!img->data) {
        tex_object_free(t);
        return;
    }
    /* contents zero */
    gp_val o[4];
    txfms(t, GP_TEX_2DMS, 2, 1, 0, 3, o);
    CHECK_NEAR(o[0].f, 0, 0);
    CHECK_NEAR(o[3].f, 0, 0);
    for (int s = 0; s < 4; s++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++) {
                float v[4] = {(float)x, (float)y, (float)s, (float)(1000 + 100 * s + 10 * y + x)};
                memcpy(ms_texel(img, x, y, 0, s), v, sizeof v);
            }
    CHECK(tex_object_complete(t));
    /* every texel and sample */
    for (int s = 0; s < 4; s++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++) {
                txfms(t, GP_TEX_2DMS, x, y, 0, s, o);
                CHECK_NEAR(o[0].f, x, 0);
                CHECK_NEAR(o[1].f, y, 0);
                CHECK_NEAR(o[2].f, s, 0);
                CHECK_NEAR(o[3].f, 1000 + 100 * s + 10 * y + x, 0);
            }
    /* the layer (z) is ignored for 2DMS */
    txfms(t, GP_TEX_2DMS, 1, 1, 99, 2, o);
    CHECK_NEAR(o[3].f, 1211, 0);
    txfms(t, GP_TEX_2DMS, 1, 1, -5, 2, o);
    CHECK_NEAR(o[3].f, 1211, 0);
    /* out of range texel or sample reads (0, 0, 0, 0) */
    const int bad[][4] = {{-1, 0, 0, 0}, {3, 0, 0, 0}, {0, -1, 0, 0}, {0, 2, 0, 0},
                          {0, 0, 0, 4}, {0, 0, 0, -1}, {INT32_MIN, 0, 0, 0},
                          {0, INT32_MAX, 0, 0}, {0, 0, 0, INT32_MAX}, {0, 0, 0, INT32_MIN}};
    for (size_t n = 0; n < sizeof bad / sizeof bad[0]; n++) {
        txfms(t, GP_TEX_2DMS, bad[n][0], bad[n][1], bad[n][2], bad[n][3], o);
        CHECK_NEAR(o[0].f, 0, 0);
        CHECK_NEAR(o[1].f, 0, 0);
        CHECK_NEAR(o[2].f, 0, 0);
        CHECK_NEAR(o[3].f, 0, 0);
    }
    /* per-lane coordinates, and lanes outside the mask untouched */
    rq r;
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2DMS);
    for (int l = 0; l < GP_LANES; l++) {
        r.coord.c[0][l].i = l % 3;
        r.coord.c[1][l].i = (l / 3) % 2;
        r.coord.c[2][l].i = 0;
        r.coord.c[3][l].i = l % 5; /* sample 4 is out of range */
        for (int c = 0; c < 4; c++)
            r.out.c[c][l].f = -7.0f;
    }
    r.req.lane_mask = 0x7fffu; /* lane 15 not needed */
    tex_sample(t, &r.req, 0.0f, &r.out);
    for (int l = 0; l < 15; l++) {
        int x = l % 3, y = (l / 3) % 2, s = l % 5;
        float w = s < 4 ? (float)(1000 + 100 * s + 10 * y + x) : 0.0f;
        CHECK_NEAR(r.out.c[3][l].f, w, 0);
        CHECK_NEAR(r.out.c[2][l].f, s < 4 ? (float)s : 0.0f, 0);
    }
    CHECK_NEAR(r.out.c[0][15].f, -7.0f, 0);
    CHECK_NEAR(r.out.c[3][15].f, -7.0f, 0);
    /* constant texel offsets move x and y (as TXF), never the sample */
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2DMS);
    rq_icoord(&r, 0, 1, 0, 1);
    rq_offset(&r, 2, -1, 0);
    float f[4];
    rq_run(&r, t, f);
    CHECK_VEC4(f, 2, 0, 1, 1102, 0);
    rq_offset(&r, 3, 0, 0); /* x = 3: outside */
    rq_run(&r, t, f);
    CHECK_VEC4(f, 0, 0, 0, 0, 0);
    /* register offsets */
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2DMS);
    rq_icoord(&r, 1, 0, 0, 3);
    for (int l = 0; l < GP_LANES; l++) {
        r.offv.c[0][l].i = 1;
        r.offv.c[1][l].i = 1;
    }
    r.req.offset_reg = &r.offv;
    rq_run(&r, t, f);
    CHECK_VEC4(f, 2, 1, 3, 1312, 0);

    /* TXQ: (width, height, 0); the LOD operand does not matter */
    int32_t q[4];
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_2DMS);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 3, 2, 0, 0);

    /* every other op on a multisample target: the incomplete (0, 0, 0, 1) */
    const int ops[] = {GP_TEXOP_TEX, GP_TEXOP_TXF, GP_TEXOP_TXL, GP_TEXOP_TXB, GP_TEXOP_TXP};
    for (size_t n = 0; n < sizeof ops / sizeof ops[0]; n++) {
        rq_init(&r, ops[n], GP_TEX_2DMS);
        rq_coord(&r, 0.5f, 0.5f, 0.0f, 1.0f);
        rq_run(&r, t, f);
        CHECK_VEC4(f, 0, 0, 0, 1, 0);
    }
    /* mismatched targets: ARRAY2DMS on a 2DMS object, 2D on a 2DMS object */
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_ARRAY2DMS);
    rq_icoord(&r, 1, 1, 0, 1);
    rq_run(&r, t, f);
    CHECK_VEC4(f, 0, 0, 0, 1, 0);
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 1, 1, 0, 0);
    rq_run(&r, t, f);
    CHECK_VEC4(f, 0, 0, 0, 1, 0);
    /* TXFMS on an ordinary 2D texture */
    tex_object *t2 = tex_object_create(GL_TEXTURE_2D);
    float one = 5.0f;
    define_r32f(t2, 0, 0, 1, 1, 1, &one);
    set_filters(t2, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run(&r, t2, f);
    CHECK_VEC4(f, 0, 0, 0, 1, 0);
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2DMS);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run(&r, t2, f);
    CHECK_VEC4(f, 0, 0, 0, 1, 0);
    tex_object_free(t2);
    /* no texture at all */
    rq_run(&r, NULL, f);
    CHECK_VEC4(f, 0, 0, 0, 1, 0);

    /* sampler state plays no part: still complete with mipmap filters and
     * a base level that would make an ordinary texture incomplete */
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    t->sampler.base_level = 3;
    CHECK(tex_object_complete(t));
    txfms(t, GP_TEX_2DMS, 2, 0, 0, 1, o);
    CHECK_NEAR(o[3].f, 1102, 0);

    /* redefinition replaces the image: 1 sample of 1x1, zero again */
    CHECK_INT(tex_image_multisample(t, 1, GL_RGBA8, 1, 1, 1), GL_NO_ERROR);
    CHECK_INT(img->samples, 1);
    CHECK_INT(img->sample_stride, 4);
    CHECK_INT(img->slice_stride, 4);
    txfms(t, GP_TEX_2DMS, 0, 0, 0, 1, o); /* sample 1 of 1: outside */
    CHECK_NEAR(o[3].f, 0, 0);
    /* RGBA8 texels convert c / 255 */
    uint8_t *p = ms_texel(img, 0, 0, 0, 0);
    p[0] = 255;
    p[1] = 0;
    p[2] = 51;
    p[3] = 102;
    txfms(t, GP_TEX_2DMS, 0, 0, 0, 0, o);
    CHECK_NEAR(o[0].f, 1.0, 0);
    CHECK_NEAR(o[1].f, 0.0, 0);
    CHECK_NEAR(o[2].f, 0.2, 1e-7);
    CHECK_NEAR(o[3].f, 0.4, 1e-7);

    /* an empty image is complete; every fetch is out of range */
    CHECK_INT(tex_image_multisample(t, 2, GL_RGBA32F, 0, 0, 1), GL_NO_ERROR);
    CHECK(tex_object_complete(t));
    txfms(t, GP_TEX_2DMS, 0, 0, 0, 0, o);
    CHECK_NEAR(o[3].f, 0, 0);
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_2DMS);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 0, 0, 0, 0);
    tex_object_free(t);
}

/* RGBA32UI 2x2, 3 layers, 2 samples: sample s of (x, y) in layer z =
 * (x, y, z, 0x80000000 | 1000 z + 100 s + 10 y + x). */
static void test_array2dms_uint(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
    CHECK_INT(tex_image_multisample(t, 2, GL_RGBA32UI, 2, 2, 3), GL_NO_ERROR);
    tex_image *img = &t->image[0][0];
    CHECK_INT(img->row_stride, 32);
    CHECK_INT(img->sample_stride, 64);
    CHECK_INT(img->slice_stride, 128);
    CHECK_INT(img->depth, 3);
    if (!img->data) {
        tex_object_free(t);
        return;
    }
    for (int z = 0; z < 3; z++)
        for (int s = 0; s < 2; s++)
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++) {
                    uint32_t v[4] = {(uint32_t)x, (uint32_t)y, (uint32_t)z,
                                     0x80000000u | (uint32_t)(1000 * z + 100 * s + 10 * y + x)};
                    memcpy(ms_texel(img, x, y, z, s), v, sizeof v);
                }
    gp_val o[4];
    for (int z = 0; z < 3; z++)
        for (int s = 0; s < 2; s++)
            for (int y = 0; y < 2; y++)
                for (int x = 0; x < 2; x++) {
                    txfms(t, GP_TEX_ARRAY2DMS, x, y, z, s, o);
                    CHECK_INT(o[0].u, x);
                    CHECK_INT(o[1].u, y);
                    CHECK_INT(o[2].u, z);
                    CHECK_INT(o[3].u, 0x80000000u | (uint32_t)(1000 * z + 100 * s + 10 * y + x));
                }
    /* out of range texel, layer or sample: integer (0, 0, 0, 0) */
    const int bad[][4] = {{2, 0, 0, 0}, {0, 2, 0, 0}, {-1, 0, 0, 0}, {0, 0, 3, 0},
                          {0, 0, -1, 0}, {0, 0, 0, 2}, {0, 0, 0, -1}, {0, 0, INT32_MAX, 0}};
    for (size_t n = 0; n < sizeof bad / sizeof bad[0]; n++) {
        txfms(t, GP_TEX_ARRAY2DMS, bad[n][0], bad[n][1], bad[n][2], bad[n][3], o);
        CHECK_INT(o[0].u, 0);
        CHECK_INT(o[1].u, 0);
        CHECK_INT(o[2].u, 0);
        CHECK_INT(o[3].u, 0);
    }
    /* offsets apply to x and y, never to the layer */
    rq r;
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_ARRAY2DMS);
    rq_icoord(&r, 0, 0, 2, 1);
    rq_offset(&r, 1, 1, 1);
    int32_t q[4];
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 1, 1, 2, (int32_t)(0x80000000u | 2111u));
    /* TXQ: (width, height, layers) */
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_ARRAY2DMS);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 2, 2, 3, 0);
    /* a 2DMS request on the array object: the incomplete integer (0,0,0,1) */
    rq_init(&r, GP_TEXOP_TXFMS, GP_TEX_2DMS);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 0, 0, 0, 1);
    tex_object_free(t);
}

/* DEPTH_COMPONENT32F 2x1, 2 samples: the depth expanded as TXF expands it. */
static void test_depth(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE);
    CHECK_INT(tex_image_multisample(t, 2, GL_DEPTH_COMPONENT32F, 2, 1, 1), GL_NO_ERROR);
    tex_image *img = &t->image[0][0];
    CHECK_INT(img->format, TEX_FMT_DEPTH32F);
    CHECK_INT(img->sample_stride, 8);
    if (!img->data) {
        tex_object_free(t);
        return;
    }
    const float d[2][2] = {{0.25f, 0.5f}, {0.75f, 1.0f}}; /* [sample][x] */
    for (int s = 0; s < 2; s++)
        for (int x = 0; x < 2; x++)
            memcpy(ms_texel(img, x, 0, 0, s), &d[s][x], 4);
    gp_val o[4];
    /* DEPTH_TEXTURE_MODE LUMINANCE (initial): (d, d, d, 1) */
    txfms(t, GP_TEX_2DMS, 1, 0, 0, 1, o);
    CHECK_NEAR(o[0].f, 1.0, 0);
    CHECK_NEAR(o[1].f, 1.0, 0);
    CHECK_NEAR(o[2].f, 1.0, 0);
    CHECK_NEAR(o[3].f, 1.0, 0);
    txfms(t, GP_TEX_2DMS, 0, 0, 0, 1, o);
    CHECK_NEAR(o[0].f, 0.75, 0);
    t->sampler.depth_mode = GL_RED; /* (d, 0, 0, 1) */
    txfms(t, GP_TEX_2DMS, 1, 0, 0, 0, o);
    CHECK_NEAR(o[0].f, 0.5, 0);
    CHECK_NEAR(o[1].f, 0.0, 0);
    CHECK_NEAR(o[2].f, 0.0, 0);
    CHECK_NEAR(o[3].f, 1.0, 0);
    /* out of range: zero, not the expanded depth */
    txfms(t, GP_TEX_2DMS, 0, 0, 0, 2, o);
    CHECK_NEAR(o[3].f, 0.0, 0);
    tex_object_free(t);
}

int main(void)
{
    test_define_errors();
    test_2dms_float();
    test_array2dms_uint();
    test_depth();
    return tt_finish("test_multisample");
}
