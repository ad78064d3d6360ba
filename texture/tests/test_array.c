/*
 * test_array.c - EXT_texture_array through the NV_gpu_program4 targets:
 * layer = clamp(floor(c + 1/2), 0, layers-1) from y (ARRAY1D) or z
 * (ARRAY2D), mipmaps per layer (never halving the layers), TXF/TXQ on
 * arrays, shadow arrays (SHADOWARRAY1D reference z, SHADOWARRAY2D reference
 * w), SHADOWCUBE (reference w), TXD on arrays and cube maps, and constant
 * offsets that move texels but never the layer.  R32F and DEPTH32F texels
 * so every expected value is exact.  Single thread.
 */
#include "tex_test_req.h"

/* 1D array, 4 texels x 3 layers, texel (i, layer) = 10 * layer + i. */
static tex_object *make_array1d(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_1D_ARRAY_EXT);
    float v[12];
    for (int l = 0; l < 3; l++)
        for (int i = 0; i < 4; i++)
            v[l * 4 + i] = (float)(10 * l + i);
    define_r32f(t, 0, 0, 4, 3, 1, v);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    return t;
}

/* 2D array 2x2 x 3 layers, level 0 texel (i, j, layer) = 100 layer + 2j + i,
 * level 1 (1x1 x 3) = 1000 + layer. */
static tex_object *make_array2d(void)
{
    tex_object *t = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    float v[12];
    for (int l = 0; l < 3; l++)
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++)
                v[l * 4 + j * 2 + i] = (float)(100 * l + 2 * j + i);
    define_r32f(t, 0, 0, 2, 2, 3, v);
    const float v1[3] = {1000, 1001, 1002};
    define_r32f(t, 0, 1, 1, 1, 3, v1);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    return t;
}

static void test_layer_selection(void)
{
    tex_object *t = make_array1d();
    CHECK(tex_object_complete(t));
    /* s = 0.625 is texel 2; the layer from y rounds half up and clamps */
    static const struct { float y; float v; } cases[] = {
        {0.0f, 2}, {0.49f, 2}, {0.5f, 12}, {1.2f, 12}, {1.5f, 22}, {2.49f, 22},
        {2.5f, 22},  /* floor(3.0) = 3 -> clamped to 2 */
        {100.0f, 22}, {-0.5f, 2}, {-0.51f, 2}, /* floor(-0.01) = -1 -> 0 */
        {-1e9f, 2}, {NAN, 2}, {INFINITY, 22},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        rq r;
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY1D);
        rq_coord(&r, 0.625f, cases[c].y, 0.9f, 0.9f); /* z, w unused */
        float o[4];
        rq_run(&r, t, o);
        CHECK_VEC4(o, cases[c].v, 0, 0, 1, 0);
    }
    /* LINEAR filters along s only, never across layers: s = 0.5 is halfway
     * between texels 1 and 2 of layer 1 -> 11.5 */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY1D);
    rq_coord(&r, 0.5f, 1.3f, 0, 1);
    float o[4];
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 11.5f, 0);
    /* TXP divides x, y (and z) by w: (1.0, 2.6) / 2 = (0.5, 1.3) */
    rq_init(&r, GP_TEXOP_TXP, GP_TEX_ARRAY1D);
    rq_coord(&r, 1.0f, 2.6f, 0, 2.0f);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 11.5f, 0);
    tex_object_free(t);

    /* 2D array: the layer from z */
    t = make_array2d();
    CHECK(tex_object_complete(t));
    static const struct { float z; float v; } c2[] = {
        {0.4f, 1}, {0.6f, 101}, {1.5f, 201}, {7.0f, 201}, {-3.0f, 1},
    };
    for (size_t c = 0; c < sizeof c2 / sizeof c2[0]; c++) {
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY2D);
        rq_coord(&r, 0.75f, 0.25f, c2[c].z, 1);
        rq_run(&r, t, o);
        CHECK_NEAR(o[0], c2[c].v, 0);
    }
    tex_object_free(t);
}

static void test_array_mipmaps(void)
{
    tex_object *t = make_array2d();
    rq r;
    float o[4];
    /* TXL: lod 1 reads level 1 of the selected layer (d = ceil(1.5) - 1 = 1) */
    for (int l = 0; l < 3; l++) {
        rq_init(&r, GP_TEXOP_TXL, GP_TEX_ARRAY2D);
        rq_coord(&r, 0.75f, 0.75f, (float)l, 1.0f);
        rq_run(&r, t, o);
        CHECK_NEAR(o[0], 1000 + l, 0);
        rq_coord(&r, 0.75f, 0.75f, (float)l, 0.0f);
        rq_run(&r, t, o);
        CHECK_NEAR(o[0], 100 * l + 3, 0);
    }
    /* TXF: (i, j, layer, lod); the layer is not offset; out of range -> 0 */
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_ARRAY2D);
    rq_icoord(&r, 1, 1, 2, 0);
    rq_run(&r, t, o);
    CHECK_VEC4(o, 203, 0, 0, 1, 0);
    rq_icoord(&r, 0, 0, 1, 1);
    rq_run(&r, t, o);
    CHECK_VEC4(o, 1001, 0, 0, 1, 0);
    rq_icoord(&r, 0, 0, 3, 0);
    rq_run(&r, t, o);
    CHECK_VEC4(o, 0, 0, 0, 0, 0);
    rq_icoord(&r, 0, 0, -1, 0);
    rq_run(&r, t, o);
    CHECK_VEC4(o, 0, 0, 0, 0, 0);
    rq_icoord(&r, 0, 1, 1, 0);
    rq_offset(&r, 1, -1, 1); /* (1, 0), layer stays 1 */
    rq_run(&r, t, o);
    CHECK_VEC4(o, 101, 0, 0, 1, 0);
    /* TXQ: (width, height, layers) at every level */
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_ARRAY2D);
    rq_icoord(&r, 0, 0, 0, 0);
    int32_t q[4];
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 2, 2, 3, 0);
    rq_icoord(&r, 1, 0, 0, 0);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 1, 1, 3, 0);

    /* glGenerateMipmap filters each layer alone: level 1 of layer l is the
     * average of 100 l + {0, 1, 2, 3} = 100 l + 1.5 */
    CHECK_INT(tex_generate_mipmap(t), GL_NO_ERROR);
    CHECK_INT(t->image[0][1].depth, 3);
    for (int l = 0; l < 3; l++) {
        rq_init(&r, GP_TEXOP_TXL, GP_TEX_ARRAY2D);
        rq_coord(&r, 0.5f, 0.5f, (float)l, 1.0f);
        rq_run(&r, t, o);
        CHECK_NEAR(o[0], 100 * l + 1.5f, 0);
    }
    tex_object_free(t);

    /* 1D array TXQ: (width, layers) */
    t = make_array1d();
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_ARRAY1D);
    rq_icoord(&r, 0, 0, 0, 0);
    rq_run_i(&r, t, q);
    CHECK_IVEC4(q, 4, 3, 0, 0);
    /* TXF ARRAY1D: (i, layer), offset on i only */
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_ARRAY1D);
    rq_icoord(&r, 1, 2, 0, 0);
    rq_offset(&r, 2, 0, 0);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 23, 0);
    rq_icoord(&r, 1, 1, 0, 0);
    rq_offset(&r, 2, 1, 0); /* a y offset never moves the layer */
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 13, 0);
    tex_object_free(t);
}

/* Depth array texture of DEPTH_COMPONENT32F texels. */
static tex_object *make_depth_array(GLenum target, int w, int h, int d, const float *v)
{
    tex_object *t = tex_object_create(target);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT32F, w, h, d, 0, GL_DEPTH_COMPONENT,
                               GL_FLOAT, v, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    t->sampler.compare_func = GL_LEQUAL;
    return t;
}

static void test_shadow_arrays(void)
{
    /* SHADOWARRAY1D: x, layer y, reference z.  Layer 0 = {0.2, 0.4},
     * layer 1 = {0.6, 0.8}; LEQUAL passes when ref <= depth. */
    const float d1[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    tex_object *t = make_depth_array(GL_TEXTURE_1D_ARRAY_EXT, 2, 2, 1, d1);
    static const struct { float x, y, ref; float v; } c1[] = {
        {0.25f, 1, 0.7f, 0}, {0.25f, 1, 0.5f, 1}, {0.75f, 0, 0.3f, 1}, {0.75f, 0, 0.5f, 0},
        {0.75f, 1, 0.8f, 1}, {0.75f, 1, 0.81f, 0},
    };
    rq r;
    float o[4];
    for (size_t c = 0; c < sizeof c1 / sizeof c1[0]; c++) {
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_SHADOWARRAY1D);
        rq_coord(&r, c1[c].x, c1[c].y, c1[c].ref, -5.0f /* w unused */);
        rq_run(&r, t, o);
        CHECK_VEC4(o, c1[c].v, c1[c].v, c1[c].v, 1, 0); /* DEPTH_TEXTURE_MODE LUMINANCE */
    }
    /* GREATER: ref 0.7 > 0.6 passes */
    t->sampler.compare_func = GL_GREATER;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_SHADOWARRAY1D);
    rq_coord(&r, 0.25f, 1, 0.7f, 0);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 1, 0);
    /* TXL takes the LOD from w and still the reference from z */
    t->sampler.compare_func = GL_LEQUAL;
    rq_init(&r, GP_TEXOP_TXL, GP_TEX_SHADOWARRAY1D);
    rq_coord(&r, 0.25f, 1, 0.5f, 0.0f);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 1, 0);
    /* a non-shadow target on the same texture returns the depth (no compare) */
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY1D);
    rq_coord(&r, 0.75f, 1, 0, 1);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 0.8f, 0);
    tex_object_free(t);

    /* SHADOWARRAY2D: (x, y), layer z, reference w.  Layer 0 all 0.3, layer 1
     * all 0.7.  The reference is w: z = 1 as a reference would pass nothing. */
    const float d2[8] = {0.3f, 0.3f, 0.3f, 0.3f, 0.7f, 0.7f, 0.7f, 0.7f};
    t = make_depth_array(GL_TEXTURE_2D_ARRAY_EXT, 2, 2, 2, d2);
    static const struct { float z, ref; float v; } c2[] = {
        {1, 0.5f, 1}, {0, 0.5f, 0}, {1, 0.9f, 0}, {0, 0.3f, 1},
        {1, -2.0f, 1}, /* 32F: the reference is not clamped */
    };
    for (size_t c = 0; c < sizeof c2 / sizeof c2[0]; c++) {
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_SHADOWARRAY2D);
        rq_coord(&r, 0.25f, 0.25f, c2[c].z, c2[c].ref);
        rq_run(&r, t, o);
        CHECK_VEC4(o, c2[c].v, c2[c].v, c2[c].v, 1, 0);
    }
    /* LINEAR percentage-closer filtering inside one layer: layer 1 with its
     * right column raised to 0.9, ref 0.8 at s = 0.5: half the taps pass */
    const float d3[8] = {0.3f, 0.3f, 0.3f, 0.3f, 0.7f, 0.9f, 0.7f, 0.9f};
    tex_object_free(t);
    t = make_depth_array(GL_TEXTURE_2D_ARRAY_EXT, 2, 2, 2, d3);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_SHADOWARRAY2D);
    rq_coord(&r, 0.5f, 0.5f, 1, 0.8f);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 0.5f, 0);
    tex_object_free(t);
}

static void test_shadow_cube(void)
{
    /* 1x1 depth faces: face f holds 0.1 (f + 1) (+X .1, -X .2, +Y .3, -Y .4,
     * +Z .5, -Z .6); reference in w */
    tex_object *t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    tex_pixel_store ps = store1();
    for (int f = 0; f < 6; f++) {
        float d = 0.1f * (float)(f + 1);
        CHECK_INT(tex_image_define(t, f, 0, GL_DEPTH_COMPONENT32F, 1, 1, 1, 0,
                                   GL_DEPTH_COMPONENT, GL_FLOAT, &d, &ps), GL_NO_ERROR);
    }
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    t->sampler.compare_func = GL_LEQUAL;
    CHECK(tex_object_complete(t));
    static const struct { float x, y, z, ref; float v; } c[] = {
        {0, 1, 0, 0.25f, 1},   /* +Y 0.3 */
        {0, 1, 0, 0.35f, 0},
        {0, 0, -1, 0.55f, 1},  /* -Z 0.6 */
        {0, 0, -1, 0.65f, 0},  /* z = -1 as a reference (clamped 0) would pass */
        {-2, 1, 0.5f, 0.15f, 1}, /* -X 0.2 */
        {-2, 1, 0.5f, 0.25f, 0},
    };
    rq r;
    float o[4];
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_SHADOWCUBE);
        rq_coord(&r, c[i].x, c[i].y, c[i].z, c[i].ref);
        rq_run(&r, t, o);
        CHECK_VEC4(o, c[i].v, c[i].v, c[i].v, 1, 0);
    }
    tex_object_free(t);
}

/* TXD with explicit derivatives: array layers take no derivative, cube maps
 * use the face's s,t derivatives. */
static void test_txd(void)
{
    /* 2D array 4x4 x 2 layers: level l of layer y = 10 (l + 1) + y */
    tex_object *t = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    float v[32];
    for (int l = 0; l < 3; l++) {
        int n = 4 >> l;
        for (int y = 0; y < 2; y++)
            for (int i = 0; i < n * n; i++)
                v[y * n * n + i] = (float)(10 * (l + 1) + y);
        define_r32f(t, 0, l, n, n, 2, v);
    }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK(tex_object_complete(t));
    rq r;
    float o[4];
    rq_init(&r, GP_TEXOP_TXD, GP_TEX_ARRAY2D);
    r.req.ddx = &r.ddx;
    r.req.ddy = &r.ddy;
    rq_coord(&r, 0.3f, 0.3f, 1, 0);
    /* ds/dx = 0.5 -> rho = 0.5 * 4 = 2 -> lambda 1 -> level 1; the huge layer
     * derivative dz/dx = 100 is ignored */
    for (int l = 0; l < GP_LANES; l++) {
        r.ddx.c[0][l].f = 0.5f;
        r.ddx.c[2][l].f = 100.0f;
    }
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 21, 0);
    /* ds/dx = 0.125 -> rho 0.5 -> lambda -1 -> level 0 */
    for (int l = 0; l < GP_LANES; l++)
        r.ddx.c[0][l].f = 0.125f;
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 11, 0);
    /* dt/dy = 1 -> rho 4 -> lambda 2 -> level 2 */
    for (int l = 0; l < GP_LANES; l++)
        r.ddy.c[1][l].f = 1.0f;
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 31, 0);
    tex_object_free(t);

    /* cube 4x4 faces, level l = 10 (l + 1) on every face */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++)
        for (int l = 0; l < 3; l++) {
            int n = 4 >> l;
            for (int i = 0; i < n * n; i++)
                v[i] = (float)(10 * (l + 1));
            define_r32f(t, f, l, n, n, 1, v);
        }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK(tex_object_complete(t));
    rq_init(&r, GP_TEXOP_TXD, GP_TEX_CUBE);
    r.req.ddx = &r.ddx;
    r.req.ddy = &r.ddy;
    rq_coord(&r, 1, 0, 0, 0); /* +X centre: s = (-rz/|rx| + 1) / 2 */
    /* d(rz) = -1 -> ds = 0.5 / rx = 0.5 -> rho = 2 -> level 1 */
    for (int l = 0; l < GP_LANES; l++)
        r.ddx.c[2][l].f = -1.0f;
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 20, 0);
    /* d(rz) = -0.25 -> ds = 0.125 -> rho 0.5 -> level 0 */
    for (int l = 0; l < GP_LANES; l++)
        r.ddx.c[2][l].f = -0.25f;
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 10, 0);
    /* along the major axis: d(rx) moves neither s nor t at the centre -> level 0 */
    for (int l = 0; l < GP_LANES; l++) {
        r.ddx.c[2][l].f = 0.0f;
        r.ddx.c[0][l].f = 5.0f;
    }
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 10, 0);
    tex_object_free(t);
}

/* Offsets move texels in s/t but the layer never (table X.17). */
static void test_array_offsets(void)
{
    tex_object *t = make_array2d();
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    rq r;
    float o[4];
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY2D);
    rq_coord(&r, 0.25f, 0.25f, 1, 1);
    rq_offset(&r, 1, 0, 0);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 101, 0);
    rq_offset(&r, 1, 1, 0);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 103, 0);
    rq_offset(&r, -1, 0, 0); /* REPEAT: -1 -> 1 */
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 101, 0);
    tex_object_free(t);

    t = make_array1d(); /* CLAMP_TO_EDGE */
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_ARRAY1D);
    rq_coord(&r, 0.125f, 2, 0, 1);
    rq_offset(&r, 2, 0, 0);
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 22, 0);
    rq_offset(&r, 7, 0, 0); /* clamped to texel 3 */
    rq_run(&r, t, o);
    CHECK_NEAR(o[0], 23, 0);
    tex_object_free(t);
}

int main(void)
{
    test_layer_selection();
    test_array_mipmaps();
    test_shadow_arrays();
    test_shadow_cube();
    test_txd();
    test_array_offsets();
    return tt_finish("texture.array");
}
