/*
 * test_fetch.c - the NV_gpu_program4/5 texture instructions beyond plain
 * sampling: TXF on every target (table X.18: coordinates, LOD in w, constant
 * and register offsets, the undefined cases reading 0), TXQ on every target
 * (width; height or 1D-array layers; depth or 2D-array layers; buffer
 * texels), constant texel offsets on TEX/TXP/TXB/TXL/TXD added in texels of
 * the selected level before wrapping (section 3.8.8 edits, issue 30), and
 * TXG/TXGO on textures whose texels encode their own coordinates (texel
 * order T_i0j1, T_i1j1, T_i1j0, T_i0j0 of ARB_texture_gather).  R32F and
 * RGBA32F texels, so every expected value is exact.  Single thread.
 */
#include "tex_test_req.h"

/* 1D, 8 texels, full chain: level l texel i = 100 l + i. */
static tex_object *make_1d(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_1D);
    for (int l = 0; l < 4; l++) {
        float v[8];
        for (int i = 0; i < (8 >> l); i++)
            v[i] = (float)(100 * l + i);
        define_r32f(t, 0, l, 8 >> l, 1, 1, v);
    }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    return t;
}

/* 2D 4x4 with full chain: level l texel (i, j) = 100 l + 10 j + i. */
static tex_object *make_2d(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    for (int l = 0; l < 3; l++) {
        int n = 4 >> l;
        float v[16];
        for (int j = 0; j < n; j++)
            for (int i = 0; i < n; i++)
                v[j * n + i] = (float)(100 * l + 10 * j + i);
        define_r32f(t, 0, l, n, n, 1, v);
    }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    return t;
}

static float txf1(const tex_object *t, int target, int x, int y, int z, int w, int ox, int oy,
                  int oz)
{
    rq r;
    rq_init(&r, GP_TEXOP_TXF, target);
    rq_icoord(&r, x, y, z, w);
    rq_offset(&r, ox, oy, oz);
    float o[4];
    rq_run(&r, t, o);
    return o[0];
}

static void test_txf(void)
{
    /* 1D: i = x, lod = w */
    tex_object *t = make_1d();
    CHECK_NEAR(txf1(t, GP_TEX_1D, 3, 0, 0, 0, 0, 0, 0), 3, 0);
    CHECK_NEAR(txf1(t, GP_TEX_1D, 3, 9, 9, 0, 2, 0, 0), 5, 0); /* y, z ignored */
    CHECK_NEAR(txf1(t, GP_TEX_1D, 3, 0, 0, 0, -4, 0, 0), 0, 0); /* i = -1: out of range */
    CHECK_NEAR(txf1(t, GP_TEX_1D, 1, 0, 0, 1, 0, 0, 0), 101, 0);
    CHECK_NEAR(txf1(t, GP_TEX_1D, 1, 0, 0, 3, 0, 0, 0), 0, 0);  /* level 3 is 1 texel wide */
    CHECK_NEAR(txf1(t, GP_TEX_1D, 0, 0, 0, 3, 0, 0, 0), 300, 0);
    CHECK_NEAR(txf1(t, GP_TEX_1D, 0, 0, 0, 4, 0, 0, 0), 0, 0);  /* no level 4 */
    CHECK_NEAR(txf1(t, GP_TEX_1D, 0, 0, 0, -1, 0, 0, 0), 0, 0); /* below the base */
    CHECK_NEAR(txf1(t, GP_TEX_1D, 0, 0, 0, 99, 0, 0, 0), 0, 0);
    /* LOD is relative to the base level */
    t->sampler.base_level = 1;
    CHECK_NEAR(txf1(t, GP_TEX_1D, 2, 0, 0, 0, 0, 0, 0), 102, 0);
    CHECK_NEAR(txf1(t, GP_TEX_1D, 1, 0, 0, 1, 0, 0, 0), 201, 0);
    /* above MAX_LEVEL reads 0 */
    t->sampler.base_level = 0;
    t->sampler.max_level = 1;
    CHECK_NEAR(txf1(t, GP_TEX_1D, 1, 0, 0, 1, 0, 0, 0), 101, 0);
    CHECK_NEAR(txf1(t, GP_TEX_1D, 0, 0, 0, 2, 0, 0, 0), 0, 0);
    /* huge coordinates and offsets never wrap around */
    CHECK_NEAR(txf1(t, GP_TEX_1D, INT32_MAX, 0, 0, 0, 7, 0, 0), 0, 0);
    /* a mismatched target reads (0, 0, 0, 1) */
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    float o[4];
    rq_run(&r, t, o);
    CHECK_VEC4(o, 0, 0, 0, 1, 0);
    tex_object_free(t);

    /* 2D: (x, y), offsets on both */
    t = make_2d();
    CHECK_NEAR(txf1(t, GP_TEX_2D, 1, 1, 0, 0, 1, 2, 0), 32, 0);
    CHECK_NEAR(txf1(t, GP_TEX_2D, 1, 1, 7, 1, 0, 0, 0), 111, 0); /* z ignored */
    CHECK_NEAR(txf1(t, GP_TEX_2D, 3, 3, 0, 0, 1, 0, 0), 0, 0);   /* no wrap: (4, 3) */
    /* register offsets (NV_gpu_program5) per lane */
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 0);
    r.req.offset_reg = &r.offv;
    for (int l = 0; l < GP_LANES; l++) {
        r.offv.c[0][l].i = l & 3;
        r.offv.c[1][l].i = l >> 2;
        r.offv.c[2][l].i = 99; /* ignored for 2D */
    }
    tex_sample(t, &r.req, 0.0f, &r.out);
    for (int l = 0; l < GP_LANES; l++)
        CHECK_NEAR(r.out.c[0][l].f, 10 * (l >> 2) + (l & 3), 0);
    tex_object_free(t);

    /* 3D 2x2x2: texel = 100 k + 10 j + i; offsets on all three */
    t = tex_object_create(GL_TEXTURE_3D);
    float v[8];
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++)
                v[k * 4 + j * 2 + i] = (float)(100 * k + 10 * j + i);
    define_r32f(t, 0, 0, 2, 2, 2, v);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK_NEAR(txf1(t, GP_TEX_3D, 1, 0, 1, 0, 0, 0, 0), 101, 0);
    CHECK_NEAR(txf1(t, GP_TEX_3D, 1, 0, 1, 0, 0, 1, -1), 11, 0);
    CHECK_NEAR(txf1(t, GP_TEX_3D, 1, 0, 1, 0, 0, 0, 1), 0, 0); /* k = 2 */
    tex_object_free(t);

    /* RECT 3x2: texel = 10 j + i + 1 */
    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 3; i++)
            v[j * 3 + i] = (float)(10 * j + i + 1);
    define_r32f(t, 0, 0, 3, 2, 1, v);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK_NEAR(txf1(t, GP_TEX_RECT, 2, 1, 0, 0, 0, 0, 0), 13, 0);
    CHECK_NEAR(txf1(t, GP_TEX_RECT, 2, 1, 0, 0, -2, -1, 0), 1, 0);
    CHECK_NEAR(txf1(t, GP_TEX_RECT, 2, 1, 0, 1, 0, 0, 0), 0, 0); /* RECT has no level 1 */
    tex_object_free(t);

    /* CUBE: TXF does not exist (table X.18): 0 */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++)
        define_r32f(t, f, 0, 1, 1, 1, v);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK_NEAR(txf1(t, GP_TEX_CUBE, 0, 0, 0, 0, 0, 0, 0), 0, 0);
    tex_object_free(t);

    /* a depth texture fetches its depth through DEPTH_TEXTURE_MODE, no compare */
    t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    const float d = 0.25f;
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT32F, 1, 1, 1, 0, GL_DEPTH_COMPONENT,
                               GL_FLOAT, &d, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    t->sampler.depth_mode = GL_ALPHA;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run(&r, t, o);
    CHECK_VEC4(o, 0, 0, 0, 0.25f, 0);
    tex_object_free(t);
}

static void txq4(const tex_object *t, int target, int lod, int32_t q[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TXQ, target);
    rq_icoord(&r, lod, 0, 0, 0);
    rq_run_i(&r, t, q);
}

static void test_txq(void)
{
    int32_t q[4];
    tex_object *t = make_1d();
    txq4(t, GP_TEX_1D, 0, q);
    CHECK_IVEC4(q, 8, 0, 0, 0);
    txq4(t, GP_TEX_1D, 2, q);
    CHECK_IVEC4(q, 2, 0, 0, 0);
    txq4(t, GP_TEX_1D, 4, q); /* no such level */
    CHECK_IVEC4(q, 0, 0, 0, 0);
    t->sampler.base_level = 1; /* lod is relative to the base level */
    txq4(t, GP_TEX_1D, 0, q);
    CHECK_IVEC4(q, 4, 0, 0, 0);
    tex_object_free(t);

    t = make_2d();
    txq4(t, GP_TEX_2D, 1, q);
    CHECK_IVEC4(q, 2, 2, 0, 0);
    /* TXQ does not need a complete texture */
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    t->image[0][1].width = 3; /* break the chain by hand */
    tex_object_images_changed(t);
    CHECK(!tex_object_complete(t));
    txq4(t, GP_TEX_2D, 0, q);
    CHECK_IVEC4(q, 4, 4, 0, 0);
    t->image[0][1].width = 2;
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_3D);
    float v[24] = {0};
    define_r32f(t, 0, 0, 4, 2, 3, v);
    txq4(t, GP_TEX_3D, 0, q);
    CHECK_IVEC4(q, 4, 2, 3, 0);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++)
        define_r32f(t, f, 0, 2, 2, 1, v);
    txq4(t, GP_TEX_CUBE, 0, q);
    CHECK_IVEC4(q, 2, 2, 0, 0);
    txq4(t, GP_TEX_SHADOWCUBE, 0, q);
    CHECK_IVEC4(q, 2, 2, 0, 0);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    define_r32f(t, 0, 0, 5, 3, 1, v);
    t->sampler.base_level = 2; /* RECT ignores the base level */
    txq4(t, GP_TEX_RECT, 0, q);
    CHECK_IVEC4(q, 5, 3, 0, 0);
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_1D_ARRAY_EXT);
    define_r32f(t, 0, 0, 6, 4, 1, v);
    txq4(t, GP_TEX_ARRAY1D, 0, q);
    CHECK_IVEC4(q, 6, 4, 0, 0); /* layers in y */
    tex_object_free(t);

    t = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    define_r32f(t, 0, 0, 2, 3, 4, v);
    txq4(t, GP_TEX_ARRAY2D, 0, q);
    CHECK_IVEC4(q, 2, 3, 4, 0); /* layers in z */
    tex_object_free(t);

    /* sizes exclude the border */
    t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_R32F, 6, 6, 1, 1, GL_RED, GL_FLOAT, NULL, &ps),
              GL_NO_ERROR);
    txq4(t, GP_TEX_2D, 0, q);
    CHECK_IVEC4(q, 4, 4, 0, 0);
    tex_object_free(t);

    /* buffer textures: x = texels */
    t = tex_object_create(GL_TEXTURE_BUFFER_ARB);
    CHECK_INT(tex_buffer_attach(t, GL_RG16F, v, 20), GL_NO_ERROR);
    txq4(t, GP_TEX_BUFFER, 0, q);
    CHECK_IVEC4(q, 5, 0, 0, 0);
    tex_object_free(t);

    /* no texture: zeros */
    txq4(NULL, GP_TEX_2D, 0, q);
    CHECK_IVEC4(q, 0, 0, 0, 0);
}

static float sample_off(const tex_object *t, int op, int target, float x, float y, float z,
                        float w, int ox, int oy, int oz)
{
    rq r;
    rq_init(&r, op, target);
    rq_coord(&r, x, y, z, w);
    rq_offset(&r, ox, oy, oz);
    if (op == GP_TEXOP_TXD) {
        r.req.ddx = &r.ddx;
        r.req.ddy = &r.ddy;
        for (int l = 0; l < GP_LANES; l++)
            r.ddx.c[0][l].f = 0.5f; /* rho = 0.5 * 4 = 2: lambda 1 */
    }
    float o[4];
    rq_run(&r, t, o);
    return o[0];
}

/* NV_gpu_program4 section 3.8.8 edits: u = w_t s + offset, before wrapping,
 * the same offset at every level. */
static void test_offsets(void)
{
    tex_object *t = make_2d(); /* REPEAT, NEAREST_MIPMAP_NEAREST */
    /* TEX at texel (0, 0) of level 0 (lambda 0) */
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, 1, 2, 0), 21, 0);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, -1, 0, 0), 3, 0);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, -8, 7, 0), 30, 0);
    /* TXP: (0.25, 0.25) / 2 = texel (0, 0), offset (1, 1) */
    CHECK_NEAR(sample_off(t, GP_TEXOP_TXP, GP_TEX_2D, 0.25f, 0.25f, 0, 2, 1, 1, 0), 11, 0);
    /* TXL lod 1: level 1 texel (0, 0) of 2x2, offset in level-1 texels */
    CHECK_NEAR(sample_off(t, GP_TEXOP_TXL, GP_TEX_2D, 0.25f, 0.25f, 0, 1, 1, 0, 0), 101, 0);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TXL, GP_TEX_2D, 0.25f, 0.25f, 0, 1, 2, 0, 0), 100, 0);
    /* TXB: lambda = bias 1 (no derivatives) -> level 1 */
    CHECK_NEAR(sample_off(t, GP_TEXOP_TXB, GP_TEX_2D, 0.25f, 0.25f, 0, 1, 0, 1, 0), 110, 0);
    /* TXD: lambda 1 -> level 1 */
    CHECK_NEAR(sample_off(t, GP_TEXOP_TXD, GP_TEX_2D, 0.25f, 0.25f, 0, 0, 1, 1, 0), 111, 0);
    /* CLAMP_TO_EDGE clamps after the offset; CLAMP_TO_BORDER reads the border */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, -1, 5, 0), 30, 0);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    t->sampler.border_color[0] = 0.5f;
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, -1, 0, 0), 0.5f, 0);
    /* LINEAR: the footprint moves by whole texels; u = 1.0 + 1 = 2.0 lies
     * halfway between texels 1 and 2 of row 0 -> 1.5 */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.125f, 0, 1, 1, 0, 0), 1.5f, 0);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_2D, 0.125f, 0.125f, 0, 1, 2, 3, 0), 32, 0);
    tex_object_free(t);

    /* 1D: only x moves */
    t = make_1d();
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_1D, 0.0625f, 0, 0, 1, 3, 0, 0), 3, 0);
    tex_object_free(t);

    /* 3D: z moves too */
    t = tex_object_create(GL_TEXTURE_3D);
    float v[8];
    for (int k = 0; k < 2; k++)
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++)
                v[k * 4 + j * 2 + i] = (float)(100 * k + 10 * j + i);
    define_r32f(t, 0, 0, 2, 2, 2, v);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_3D, 0.25f, 0.25f, 0.25f, 1, 0, 1, 1), 110, 0);
    tex_object_free(t);

    /* RECT: unnormalised coordinates, offsets in the same texels */
    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    float rv[6] = {1, 2, 3, 11, 12, 13};
    define_r32f(t, 0, 0, 3, 2, 1, rv);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK_NEAR(sample_off(t, GP_TEXOP_TEX, GP_TEX_RECT, 0.5f, 0.5f, 0, 1, 2, 1, 0), 13, 0);
    tex_object_free(t);

    /* cube maps take no offsets: the result is the offset-free one */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    float cv[4] = {1, 2, 3, 4};
    for (int f = 0; f < 6; f++)
        define_r32f(t, f, 0, 2, 2, 1, cv);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    float a = sample_off(t, GP_TEXOP_TEX, GP_TEX_CUBE, 0, 0, 1, 1, 0, 0, 0);
    float b = sample_off(t, GP_TEXOP_TEX, GP_TEX_CUBE, 0, 0, 1, 1, 1, 1, 0);
    CHECK_NEAR(b, a, 0);
    tex_object_free(t);
}

/* 4x4 RGBA32F whose texel (i, j) is (i, j, 10 j + i, 1) (layer y adds 100
 * to z for arrays). */
static tex_object *make_coords(GLenum target, int layers)
{
    tex_object *t = tex_object_create(target);
    float v[2 * 16 * 4];
    for (int y = 0; y < layers; y++)
        for (int j = 0; j < 4; j++)
            for (int i = 0; i < 4; i++) {
                float *p = v + ((y * 4 + j) * 4 + i) * 4;
                p[0] = (float)i;
                p[1] = (float)j;
                p[2] = (float)(100 * y + 10 * j + i);
                p[3] = 1.0f;
            }
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA32F_ARB, 4, 4, layers, 0, GL_RGBA, GL_FLOAT, v,
                               &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    return t;
}

static void gather(const tex_object *t, int target, int comp, float x, float y, float z,
                   int ox, int oy, float o[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TXG, target);
    r.req.component = (uint8_t)comp;
    rq_coord(&r, x, y, z, 1);
    rq_offset(&r, ox, oy, 0);
    rq_run(&r, t, o);
}

static void test_gather(void)
{
    float o[4];
    tex_object *t = make_coords(GL_TEXTURE_2D, 1);
    /* (0.5, 0.5): u = v = 2.0 -> i0 = j0 = 1, i1 = j1 = 2; the result is
     * (T_i0j1, T_i1j1, T_i1j0, T_i0j0) = (T(1,2), T(2,2), T(2,1), T(1,1)) */
    gather(t, GP_TEX_2D, 2, 0.5f, 0.5f, 0, 0, 0, o);
    CHECK_VEC4(o, 21, 22, 12, 11, 0);
    gather(t, GP_TEX_2D, 0, 0.5f, 0.5f, 0, 0, 0, o); /* i of each texel */
    CHECK_VEC4(o, 1, 2, 2, 1, 0);
    gather(t, GP_TEX_2D, 1, 0.5f, 0.5f, 0, 0, 0, o); /* j of each texel */
    CHECK_VEC4(o, 2, 2, 1, 1, 0);
    gather(t, GP_TEX_2D, 3, 0.5f, 0.5f, 0, 0, 0, o);
    CHECK_VEC4(o, 1, 1, 1, 1, 0);
    /* the filters do not matter: LINEAR rules always pick the footprint */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT);
    gather(t, GP_TEX_2D, 2, 0.5f, 0.5f, 0, 0, 0, o);
    CHECK_VEC4(o, 21, 22, 12, 11, 0);
    /* REPEAT at (0.1, 0.9): u - 1/2 = -0.1 -> i0 = -1 -> 3, i1 = 0;
     * v - 1/2 = 3.1 -> j0 = 3, j1 = 4 -> 0 */
    gather(t, GP_TEX_2D, 2, 0.1f, 0.9f, 0, 0, 0, o);
    CHECK_VEC4(o, 3, 0, 30, 33, 0);
    /* CLAMP_TO_EDGE there: i0 = 0, i1 = 1; j0 = j1 = 3 */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    gather(t, GP_TEX_2D, 2, 0.1f, 0.9f, 0, 0, 0, o);
    CHECK_VEC4(o, 30, 31, 31, 30, 0);
    /* CLAMP_TO_BORDER: texels outside read the border colour */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    t->sampler.border_color[2] = -1.0f;
    gather(t, GP_TEX_2D, 2, 0.1f, 0.9f, 0, 0, 0, o);
    /* i0 = -1, i1 = 0, j0 = 3, j1 = 4: only T_i1j0 = T(0, 3) is inside */
    CHECK_VEC4(o, -1, -1, 30, -1, 0);
    /* constant offset (1, 0): i0 = 2, i1 = 3 */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    gather(t, GP_TEX_2D, 2, 0.5f, 0.5f, 0, 1, 0, o);
    CHECK_VEC4(o, 22, 23, 13, 12, 0);
    tex_object_free(t);

    /* RECT: unnormalised (2, 2) is the same footprint */
    t = make_coords(GL_TEXTURE_RECTANGLE_ARB, 1);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE); /* REPEAT: incomplete */
    gather(t, GP_TEX_RECT, 2, 2.0f, 2.0f, 0, 0, 0, o);
    CHECK_VEC4(o, 21, 22, 12, 11, 0);
    tex_object_free(t);

    /* ARRAY2D: the layer from z */
    t = make_coords(GL_TEXTURE_2D_ARRAY_EXT, 2);
    gather(t, GP_TEX_ARRAY2D, 2, 0.5f, 0.5f, 0.7f, 0, 0, o);
    CHECK_VEC4(o, 121, 122, 112, 111, 0);
    tex_object_free(t);

    /* integer texels gather as integers */
    t = tex_object_create(GL_TEXTURE_2D);
    uint32_t iv[16 * 4];
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            uint32_t *p = iv + (j * 4 + i) * 4;
            p[0] = (uint32_t)i;
            p[1] = (uint32_t)j;
            p[2] = (uint32_t)(10 * j + i);
            p[3] = 7;
        }
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA32UI_EXT, 4, 4, 1, 0, GL_RGBA_INTEGER_EXT,
                               GL_UNSIGNED_INT, iv, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    rq r;
    rq_init(&r, GP_TEXOP_TXG, GP_TEX_2D);
    rq_coord(&r, 0.5f, 0.5f, 0, 1);
    r.req.component = 2;
    int32_t io[4];
    rq_run_i(&r, t, io);
    CHECK_IVEC4(io, 21, 22, 12, 11);
    r.req.component = 3;
    rq_run_i(&r, t, io);
    CHECK_IVEC4(io, 7, 7, 7, 7);
    tex_object_free(t);

    /* SHADOW2D gather: depth (10 j + i) / 100, reference 0.15, LEQUAL; the
     * component is ignored: (0.15 <= .21, .22, .12, .11) = (1, 1, 0, 0) */
    t = tex_object_create(GL_TEXTURE_2D);
    float dv[16];
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++)
            dv[j * 4 + i] = (float)(10 * j + i) / 100.0f;
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT32F, 4, 4, 1, 0, GL_DEPTH_COMPONENT,
                               GL_FLOAT, dv, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    t->sampler.compare_func = GL_LEQUAL;
    gather(t, GP_TEX_SHADOW2D, 2, 0.5f, 0.5f, 0.15f, 0, 0, o);
    CHECK_VEC4(o, 1, 1, 0, 0, 0);
    t->sampler.compare_func = GL_GREATER;
    gather(t, GP_TEX_SHADOW2D, 0, 0.5f, 0.5f, 0.15f, 0, 0, o);
    CHECK_VEC4(o, 0, 0, 1, 1, 0);
    tex_object_free(t);

    /* incomplete: four (0, 0, 0, 1) texels -> 0s, or 1s for component w
     * (ARB_texture_gather issue 8) */
    t = make_coords(GL_TEXTURE_2D, 1);
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR; /* no mipmaps */
    gather(t, GP_TEX_2D, 0, 0.5f, 0.5f, 0, 0, 0, o);
    CHECK_VEC4(o, 0, 0, 0, 0, 0);
    gather(t, GP_TEX_2D, 3, 0.5f, 0.5f, 0, 0, 0, o);
    CHECK_VEC4(o, 1, 1, 1, 1, 0);
    tex_object_free(t);
}

static void txgo(const tex_object *t, int target, int comp, float x, float y, const int ox[4],
                 const int oy[4], float o[4])
{
    rq r;
    gp_vec offx, offy;
    rq_init(&r, GP_TEXOP_TXG, target);
    r.req.component = (uint8_t)comp;
    rq_coord(&r, x, y, 0, 1);
    for (int l = 0; l < GP_LANES; l++)
        for (int n = 0; n < 4; n++) {
            offx.c[n][l].i = ox[n];
            offy.c[n][l].i = oy[n];
        }
    tex_sample_gather_offsets(t, &r.req, &offx, &offy, &r.out);
    for (int c = 0; c < 4; c++)
        o[c] = r.out.c[c][0].f;
}

/* TXGO: texel n = T_i0j0 of the footprint moved by (offx.n, offy.n). */
static void test_gather_offsets(void)
{
    float o[4];
    tex_object *t = make_coords(GL_TEXTURE_2D, 1);
    /* at (0.5, 0.5) T_i0j0 = (1, 1) */
    const int ax[4] = {0, 1, 1, 0}, ay[4] = {1, 1, 0, 0};
    txgo(t, GP_TEX_2D, 2, 0.5f, 0.5f, ax, ay, o); /* = TXG's corners */
    CHECK_VEC4(o, 21, 22, 12, 11, 0);
    const int bx[4] = {-1, 2, 0, 31}, by[4] = {0, 0, -1, 2};
    /* (0, 1), (3, 1), (1, 0), (32 -> 0, 3) with REPEAT */
    txgo(t, GP_TEX_2D, 2, 0.5f, 0.5f, bx, by, o);
    CHECK_VEC4(o, 10, 13, 1, 30, 0);
    txgo(t, GP_TEX_2D, 0, 0.5f, 0.5f, bx, by, o);
    CHECK_VEC4(o, 0, 3, 1, 0, 0);
    /* a constant offset in the request is not applied */
    rq r;
    gp_vec offx, offy;
    memset(&offx, 0, sizeof offx);
    memset(&offy, 0, sizeof offy);
    rq_init(&r, GP_TEXOP_TXG, GP_TEX_2D);
    r.req.component = 2;
    rq_coord(&r, 0.5f, 0.5f, 0, 1);
    rq_offset(&r, 1, 1, 0);
    tex_sample_gather_offsets(t, &r.req, &offx, &offy, &r.out);
    CHECK_NEAR(r.out.c[0][0].f, 11, 0);
    CHECK_NEAR(r.out.c[3][0].f, 11, 0);
    tex_object_free(t);

    /* ARRAY2D layer 1 */
    t = make_coords(GL_TEXTURE_2D_ARRAY_EXT, 2);
    rq_init(&r, GP_TEXOP_TXG, GP_TEX_ARRAY2D);
    r.req.component = 2;
    rq_coord(&r, 0.5f, 0.5f, 1, 1);
    for (int l = 0; l < GP_LANES; l++)
        for (int n = 0; n < 4; n++) {
            offx.c[n][l].i = ax[n];
            offy.c[n][l].i = ay[n];
        }
    tex_sample_gather_offsets(t, &r.req, &offx, &offy, &r.out);
    float a[4];
    for (int c = 0; c < 4; c++)
        a[c] = r.out.c[c][9].f;
    CHECK_VEC4(a, 121, 122, 112, 111, 0);
    tex_object_free(t);

    /* incomplete or missing texture: as TXG */
    txgo(NULL, GP_TEX_2D, 3, 0.5f, 0.5f, ax, ay, o);
    CHECK_VEC4(o, 1, 1, 1, 1, 0);
}

int main(void)
{
    test_txf();
    test_txq();
    test_offsets();
    test_gather();
    test_gather_offsets();
    return tt_finish("texture.fetch");
}
