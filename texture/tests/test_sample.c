/*
 * test_sample.c - tex_sample: wrap modes and NEAREST/LINEAR on a 2x2 texture
 * at hand-computed coordinates, LOD from quad derivatives and mipmap
 * selection (GL 2.1 section 3.8.8-3.8.9, including the c = 0.5 rule), biases
 * and their clamp, TXL/TXD/TXP/TXB, cube face selection (table 3.20), depth
 * compare with every function and LINEAR percentage-closer filtering
 * (ARB_shadow), DEPTH_TEXTURE_MODE, RECT/1D/3D/array targets, TXF/TXQ/TXG,
 * incomplete textures.  Single thread.
 */
#include <stdint.h>
#include <stdlib.h>

#include "tex_test.h"

/* ---- helpers ---------------------------------------------------------------- */

typedef struct rq {
    gp_vec coord, ddx, ddy, out;
    gp_tex_request req;
} rq;

static void rq_init(rq *r, int op, int target)
{
    memset(r, 0, sizeof *r);
    r->req.op = (uint8_t)op;
    r->req.target = (uint8_t)target;
    r->req.coord = &r->coord;
    r->req.lane_mask = 0xffffu;
}

static void set_lane(gp_vec *v, int l, float x, float y, float z, float w)
{
    v->c[0][l].f = x;
    v->c[1][l].f = y;
    v->c[2][l].f = z;
    v->c[3][l].f = w;
}

static void get_lane(const gp_vec *v, int l, float o[4])
{
    for (int c = 0; c < 4; c++)
        o[c] = v->c[c][l].f;
}

/* One lookup, all lanes at the same coordinate, no derivatives (LOD 0). */
static void sample1(const tex_object *t, int op, int target, float x, float y, float z, float w,
                    float o[4])
{
    rq r;
    rq_init(&r, op, target);
    for (int l = 0; l < GP_LANES; l++)
        set_lane(&r.coord, l, x, y, z, w);
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o);
}

/* Pixel position of a lane: lane = quad*4 + (y&1)*2 + (x&1), quads in a row. */
static void lane_xy(int l, int *x, int *y)
{
    *x = 2 * (l / 4) + (l & 1);
    *y = (l >> 1) & 1;
}

static tex_pixel_store store1(void)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    ps.alignment = 1;
    return ps;
}

static void set_filters(tex_object *t, GLenum minf, GLenum magf, GLenum wrap)
{
    t->sampler.min_filter = minf;
    t->sampler.mag_filter = magf;
    t->sampler.wrap_s = t->sampler.wrap_t = t->sampler.wrap_r = wrap;
}

/* 2x2 RGBA8: A red at (0,0), B green at (1,0), C blue at (0,1), D white at (1,1). */
static tex_object *make_abcd(void)
{
    static const uint8_t px[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                   0, 0, 255, 255, 255, 255, 255, 255};
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_image_define(t, 0, 0, GL_RGBA8, 2, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps);
    const float border[4] = {0.2f, 0.4f, 0.6f, 0.8f};
    memcpy(t->sampler.border_color, border, sizeof border);
    return t;
}

/* 64x64 luminance with every level constant: level L = 30 L. */
static tex_object *make_levels(GLenum target)
{
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(target);
    uint8_t *buf = malloc(64 * 64);
    for (int l = 0, s = 64; s >= 1; l++, s /= 2) {
        memset(buf, 30 * l, (size_t)s * s);
        for (int f = 0; f < t->num_faces; f++)
            tex_image_define(t, f, l, GL_LUMINANCE8, s, s, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                             buf, &ps);
    }
    free(buf);
    return t;
}

#define L8(v) ((v) / 255.0)
#define EPS 1e-5

/* ---- wrap modes and filters on 2x2 -------------------------------------------------- */

static void test_wrap_nearest(void)
{
    tex_object *t = make_abcd();
    float o[4];
    CHECK(tex_object_complete(t) == false); /* default min filter wants mipmaps */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK(tex_object_complete(t));

    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.75f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.75f, 0, 1, o); CHECK_VEC4(o, 0, 0, 1, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.75f, 0.75f, 0, 1, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    /* REPEAT: integer part ignored */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, -0.25f, 0, 1, o); CHECK_VEC4(o, 0, 0, 1, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -7.25f, 3.75f, 0, 1, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    /* CLAMP_TO_EDGE */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.5f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -3.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.0f, 1.0f, 0, 1, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    /* CLAMP: s clamped to [0,1], s = 1 selects the last texel */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 2.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    /* CLAMP_TO_BORDER: outside [0,1] is the border colour */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.4, 0.6, 0.8, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -0.1f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.4, 0.6, 0.8, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.99f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    /* MIRRORED_REPEAT: 1.25 -> 0.75, -0.25 -> 0.25, 2.25 -> 0.25, 1.75 -> 0.25 */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_MIRRORED_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 2.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.75f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 1.25f, 0, 1, o); CHECK_VEC4(o, 0, 0, 1, 1, 0);
    tex_object_free(t);
}

static void test_wrap_linear(void)
{
    tex_object *t = make_abcd();
    float o[4];
    static const GLenum wraps[] = {GL_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP, GL_CLAMP_TO_BORDER,
                                   GL_MIRRORED_REPEAT};
    for (int w = 0; w < 5; w++) {
        set_filters(t, GL_LINEAR, GL_LINEAR, wraps[w]);
        /* the centre weighs the four texels equally */
        sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o);
        CHECK_VEC4(o, 0.5, 0.5, 0.5, 1, EPS);
        /* (0.375, 0.625): u - 1/2 = 0.25, v - 1/2 = 0.75 -> weights
         * A 0.75*0.25, B 0.25*0.25, C 0.75*0.75, D 0.25*0.75 */
        sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.375f, 0.625f, 0, 1, o);
        CHECK_VEC4(o, 0.375, 0.25, 0.75, 1, EPS);
    }
    /* s = 0, t = 0.25 (on row 0): the left edge */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT); /* texel -1 wraps to B */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0, 1, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0, 1, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.0f, 0, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0.5, 1, EPS);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -5.0f, 9.0f, 0, 1, o); CHECK_VEC4(o, 0, 0, 1, 1, EPS);
    /* CLAMP: half border, half A: 0.5*(0.2,0.4,0.6,0.8) + 0.5*(1,0,0,1) */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.6, 0.2, 0.3, 0.9, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.6, 0.2, 0.3, 0.9, EPS);
    /* CLAMP_TO_BORDER: same at s = 0, all border at s = -1/4 (= -1/2N) */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_BORDER);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.6, 0.2, 0.3, 0.9, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.4, 0.6, 0.8, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -3.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.4, 0.6, 0.8, EPS);
    /* MIRRORED_REPEAT: texel -1 mirrors to 0, texel 2 to 1 */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_MIRRORED_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 1, 0, 0, 1, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.0f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 1, 0, 1, EPS);
    /* mixed wraps: s REPEAT, t CLAMP_TO_EDGE at (0, 1): (C + D) / 2 */
    t->sampler.wrap_s = GL_REPEAT;
    t->sampler.wrap_t = GL_CLAMP_TO_EDGE;
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.0f, 1.0f, 0, 1, o); CHECK_VEC4(o, 0.5, 0.5, 1, 1, EPS);

    /* TXP divides by q: (1.5, 0.5) / 2 = (0.75, 0.25) -> B */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    sample1(t, GP_TEXOP_TXP, GP_TEX_2D, 1.5f, 0.5f, 0, 2, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);
    sample1(t, GP_TEXOP_TXP, GP_TEX_2D, -1.5f, -1.5f, 0, -2, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);

    /* constant texel offsets (NV_gpu_program4), added before wrapping */
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    set_lane(&r.coord, 0, 0.25f, 0.25f, 0, 1);
    r.req.lane_mask = 1;
    r.req.offset[0] = 1;
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o);
    CHECK_VEC4(o, 0, 1, 0, 1, 0); /* A + (1,0) = B */
    r.req.offset[0] = -1;
    r.req.offset[1] = 1;
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o);
    CHECK_VEC4(o, 1, 1, 1, 1, 0); /* (0,0) + (-1,1) = (1,1) after REPEAT = D */

    /* only the lanes in lane_mask are written */
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    for (int l = 0; l < GP_LANES; l++) {
        set_lane(&r.coord, l, 0.25f, 0.25f, 0, 1);
        set_lane(&r.out, l, 42, 42, 42, 42);
    }
    r.req.lane_mask = 0x8001u;
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    get_lane(&r.out, 15, o); CHECK_VEC4(o, 1, 0, 0, 1, 0);
    get_lane(&r.out, 1, o); CHECK_VEC4(o, 42, 42, 42, 42, 0);
    tex_object_free(t);
}

/* Non-power-of-two sizes take the remainder path of the wraps. */
static void test_npot_and_targets(void)
{
    tex_pixel_store ps = store1();
    float o[4];
    /* 1D, 3 texels 10 20 30 */
    tex_object *t = tex_object_create(GL_TEXTURE_1D);
    const uint8_t three[3] = {10, 20, 30};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 3, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, three, &ps);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, -0.1f, 0, 0, 1, o); CHECK_VEC4(o, L8(30), L8(30), L8(30), 1, EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 1.4f, 0, 0, 1, o); CHECK_NEAR(o[0], L8(20), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 0.9f, 0, 0, 1, o); CHECK_NEAR(o[0], L8(30), EPS);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_MIRRORED_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 1.5f, 0, 0, 1, o); CHECK_NEAR(o[0], L8(20), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 1.9f, 0, 0, 1, o); CHECK_NEAR(o[0], L8(10), EPS);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT); /* (30 + 10) / 2 */
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 0.0f, 0, 0, 1, o); CHECK_NEAR(o[0], L8(20), EPS);
    /* the 1D target ignores t */
    sample1(t, GP_TEXOP_TEX, GP_TEX_1D, 0.5f, 123.0f, 0, 1, o); CHECK_NEAR(o[0], L8(20), EPS);
    tex_object_free(t);

    /* RECT 4x2, unnormalised: row 0 = 0 10 20 30, row 1 = 100 110 120 130 */
    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    const uint8_t rect[8] = {0, 10, 20, 30, 100, 110, 120, 130};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 4, 2, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, rect, &ps);
    CHECK(tex_object_complete(t));
    t->sampler.min_filter = t->sampler.mag_filter = GL_NEAREST;
    sample1(t, GP_TEXOP_TEX, GP_TEX_RECT, 2.5f, 1.5f, 0, 1, o); CHECK_NEAR(o[0], L8(120), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_RECT, 10.0f, 0.5f, 0, 1, o); CHECK_NEAR(o[0], L8(30), EPS);
    t->sampler.min_filter = t->sampler.mag_filter = GL_LINEAR; /* avg(10, 20, 110, 120) */
    sample1(t, GP_TEXOP_TEX, GP_TEX_RECT, 2.0f, 1.0f, 0, 1, o); CHECK_NEAR(o[0], L8(65), EPS);
    sample1(t, GP_TEXOP_TXP, GP_TEX_RECT, 4.0f, 2.0f, 0, 2, o); CHECK_NEAR(o[0], L8(65), EPS);
    tex_object_free(t);

    /* 3D 2x2x2: value 10 i + 20 j + 40 k */
    t = tex_object_create(GL_TEXTURE_3D);
    const uint8_t vol[8] = {0, 10, 20, 30, 40, 50, 60, 70};
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 2, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, vol, &ps);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_3D, 0.25f, 0.25f, 0.75f, 1, o); CHECK_NEAR(o[0], L8(40), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_3D, 0.75f, 0.75f, 0.25f, 1, o); CHECK_NEAR(o[0], L8(30), EPS);
    t->sampler.wrap_r = GL_CLAMP_TO_EDGE;
    sample1(t, GP_TEXOP_TEX, GP_TEX_3D, 0.75f, 0.25f, 7.0f, 1, o); CHECK_NEAR(o[0], L8(50), EPS);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TEX, GP_TEX_3D, 0.5f, 0.5f, 0.5f, 1, o); CHECK_NEAR(o[0], L8(35), EPS);
    /* (0.25, 0.25, 0.5): k blends 0 and 1 half and half -> (0 + 40) / 2 */
    sample1(t, GP_TEXOP_TEX, GP_TEX_3D, 0.25f, 0.25f, 0.5f, 1, o); CHECK_NEAR(o[0], L8(20), EPS);
    /* a 2D request on a 3D texture is a mismatch: (0,0,0,1) */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.25f, 0.5f, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    tex_object_free(t);

    /* 2D array, 3 layers of 2x2, layer L = 50 L; layer = round(z) clamped */
    t = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    uint8_t layers[12];
    for (int i = 0; i < 12; i++)
        layers[i] = (uint8_t)(50 * (i / 4));
    CHECK_INT(tex_image_define(t, 0, 0, GL_LUMINANCE8, 2, 2, 3, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                               layers, &ps), GL_NO_ERROR);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY2D, 0.3f, 0.6f, 1.4f, 1, o); CHECK_NEAR(o[0], L8(50), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY2D, 0.3f, 0.6f, 1.6f, 1, o); CHECK_NEAR(o[0], L8(100), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY2D, 0.3f, 0.6f, -3.0f, 1, o); CHECK_NEAR(o[0], L8(0), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY2D, 0.3f, 0.6f, 7.0f, 1, o); CHECK_NEAR(o[0], L8(100), EPS);
    tex_object_free(t);

    /* 1D array: 2 texels, 2 layers (height): layer 1 = 70 80 */
    t = tex_object_create(GL_TEXTURE_1D_ARRAY_EXT);
    const uint8_t l1d[4] = {10, 20, 70, 80};
    CHECK_INT(tex_image_define(t, 0, 0, GL_LUMINANCE8, 2, 2, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                               l1d, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY1D, 0.75f, 0.6f, 0, 1, o); CHECK_NEAR(o[0], L8(80), EPS);
    sample1(t, GP_TEXOP_TEX, GP_TEX_ARRAY1D, 0.25f, 0.4f, 0, 1, o); CHECK_NEAR(o[0], L8(10), EPS);
    tex_object_free(t);
}

/* ---- base formats, borders, sRGB ------------------------------------------------------ */

static void test_base_formats(void)
{
    tex_pixel_store ps = store1();
    float o[4];
    const uint8_t v = 51; /* 0.2 */
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &v, &ps);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.2, 0.2, 1, EPS);
    tex_image_define(t, 0, 0, GL_ALPHA8, 1, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE, &v, &ps);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0, 0, 0, 0.2, EPS);
    tex_image_define(t, 0, 0, GL_INTENSITY8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &v, &ps);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0.2, 0.2, 0.2, 0.2, EPS);
    /* the border colour follows the base format: LUMINANCE -> (R, R, R, 1) */
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &v, &ps);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_BORDER);
    const float border[4] = {0.3f, 0.6f, 0.9f, 0.5f};
    memcpy(t->sampler.border_color, border, sizeof border);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 1.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0.3, 0.3, 0.3, 1, EPS);
    /* float texture keeps values outside [0,1] */
    const float fv[4] = {-2.0f, 0.5f, 3.0f, 1.0f};
    tex_image_define(t, 0, 0, GL_RGBA32F_ARB, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, fv, &ps);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.3f, 0.8f, 0, 1, o); CHECK_VEC4(o, -2, 0.5, 3, 1, EPS);
    /* sRGB: 188 decodes to 0.50289 before filtering */
    const uint8_t s = 188;
    tex_image_define(t, 0, 0, GL_SLUMINANCE8, 1, 1, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, &s, &ps);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0.50289, 0.50289, 0.50289, 1, 2e-4);
    /* ... and each texel is decoded before LINEAR filtering: halfway between
     * sRGB 0 and 255 is linear 0.5 (filtering the encoded values first
     * would give srgb(127.5/255) = 0.212); alpha stays linear */
    const uint8_t s2[8] = {0, 0, 0, 0, 255, 255, 255, 255};
    tex_image_define(t, 0, 0, GL_SRGB8_ALPHA8, 2, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, s2, &ps);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.5f, 0.5f, 0, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0.5, 0.5, EPS);
    tex_object_free(t);
}

/* ---- LOD and mipmaps -------------------------------------------------------------------- */

/* Lanes on a grid: s = s0 + x*ds, t = t0 + y*dt (x, y the lane's pixel). */
static void quad_grid(rq *r, float s0, float ds, float t0, float dt)
{
    for (int l = 0; l < GP_LANES; l++) {
        int x, y;
        lane_xy(l, &x, &y);
        set_lane(&r->coord, l, s0 + (float)x * ds, t0 + (float)y * dt, 0, 1);
    }
    r->req.quad_derivatives = true;
}

static float quad_sample(const tex_object *t, int op, float s0, float ds, float t0, float dt,
                         float w, float unit_bias)
{
    rq r;
    rq_init(&r, op, GP_TEX_2D);
    quad_grid(&r, s0, ds, t0, dt);
    for (int l = 0; l < GP_LANES; l++)
        r.coord.c[3][l].f = w;
    tex_sample(t, &r.req, unit_bias, &r.out);
    /* one LOD per quad: every lane agrees for constant levels */
    for (int l = 1; l < GP_LANES; l++)
        CHECK_NEAR(r.out.c[0][l].f, r.out.c[0][0].f, 1e-6);
    return r.out.c[0][0].f;
}

static void test_lod(void)
{
    tex_object *t = make_levels(GL_TEXTURE_2D);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT);
    CHECK(tex_object_complete(t));

    /* 64 texels, 1/16 per pixel: du/dx = dv/dy = 4, rho = 4, lambda = 2 */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(60), EPS);
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(60), EPS);
    t->sampler.min_filter = GL_NEAREST_MIPMAP_LINEAR;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(60), EPS);
    /* anisotropic footprint: rho is the larger length (4 vs 1) */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 64, 1, 0), L8(60), EPS);
    /* du = 3: lambda = log2 3 = 1.5849625; LINEAR_MIPMAP_LINEAR blends levels
     * 1 and 2: 30 + 0.5849625 * 30 = 47.548875 */
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 3.0f / 64, 0.2f, 0, 1, 0), 47.548875 / 255, 1e-4);
    /* MIPMAP_NEAREST: ceil(1.585 + 0.5) - 1 = 2 */
    t->sampler.min_filter = GL_LINEAR_MIPMAP_NEAREST;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 3.0f / 64, 0.2f, 0, 1, 0), L8(60), EPS);
    /* lambda = log2(1.4) = 0.485 rounds to level 0, lambda = log2(1.5) = 0.585 to 1 */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.4f / 64, 0.2f, 0, 1, 0), L8(0), EPS);
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.5f / 64, 0.2f, 0, 1, 0), L8(30), EPS);
    /* far minification clamps to the last level (6, the 1x1) */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 100.0f, 0.2f, 0, 1, 0), L8(180), EPS);

    /* TXB in a quad: lambda 2 + bias -1 = 1 */
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TXB, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, -1.0f, 0), L8(30), EPS);
    /* object and unit biases add: 2 + 0.5 + 0.5 = 3 */
    t->sampler.lod_bias = 0.5f;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0.5f), L8(90), EPS);
    t->sampler.lod_bias = 0.0f;
    /* MIN_LOD / MAX_LOD clamp lambda */
    t->sampler.max_lod = 1.0f;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(30), EPS);
    t->sampler.max_lod = 1000.0f;
    t->sampler.min_lod = 3.0f;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(90), EPS);
    t->sampler.min_lod = -1000.0f;
    /* MAX_LEVEL limits q */
    t->sampler.max_level = 1;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(30), EPS);
    t->sampler.max_level = 1000;
    /* BASE_LEVEL 1: sizes scale from level 1 (32): du = 2, lambda = 1,
     * d = 1 + ceil(1.5) - 1 = 2 */
    t->sampler.base_level = 1;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(60), EPS);
    t->sampler.base_level = 0;
    /* TXP: the partials are those of the projected coordinates */
    {
        rq r;
        rq_init(&r, GP_TEXOP_TXP, GP_TEX_2D);
        quad_grid(&r, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16);
        for (int l = 0; l < GP_LANES; l++) {
            r.coord.c[0][l].f *= 2.0f;
            r.coord.c[1][l].f *= 2.0f;
            r.coord.c[3][l].f = 2.0f;
        }
        tex_sample(t, &r.req, 0.0f, &r.out);
        CHECK_NEAR(r.out.c[0][5].f, L8(60), EPS);
    }
    /* one LOD per quad: quad 0 at 1/16 (lambda 2), quad 1 at 1/64 (lambda 0) */
    {
        rq r;
        rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
        quad_grid(&r, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16);
        for (int l = 4; l < 8; l++) {
            int x, y;
            lane_xy(l, &x, &y);
            set_lane(&r.coord, l, 0.5f + (float)x / 64, 0.5f + (float)y / 64, 0, 1);
        }
        tex_sample(t, &r.req, 0.0f, &r.out);
        for (int l = 0; l < 4; l++)
            CHECK_NEAR(r.out.c[0][l].f, L8(60), EPS);
        for (int l = 4; l < 8; l++)
            CHECK_NEAR(r.out.c[0][l].f, L8(0), EPS);
    }

    /* TXL: lambda_base = w.  w = 3 -> level 3; w = 2.5 with LINEAR_MIPMAP_LINEAR
     * -> (60 + 90) / 2 */
    float o[4];
    sample1(t, GP_TEXOP_TXL, GP_TEX_2D, 0.3f, 0.3f, 0, 3.0f, o);
    CHECK_NEAR(o[0], L8(90), EPS);
    t->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    sample1(t, GP_TEXOP_TXL, GP_TEX_2D, 0.3f, 0.3f, 0, 2.5f, o);
    CHECK_NEAR(o[0], L8(75), EPS);
    /* the bias sum is clamped to +-MAX_TEXTURE_LOD_BIAS (15) before it is added:
     * 16 + clamp(-12 - 8) = 16 - 15 = 1 (unclamped it would be -4 -> level 0) */
    t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    t->sampler.lod_bias = -12.0f;
    {
        rq r;
        rq_init(&r, GP_TEXOP_TXL, GP_TEX_2D);
        for (int l = 0; l < GP_LANES; l++)
            set_lane(&r.coord, l, 0.3f, 0.3f, 0, 16.0f);
        tex_sample(t, &r.req, -8.0f, &r.out);
        CHECK_NEAR(r.out.c[0][0].f, L8(30), EPS);
    }
    t->sampler.lod_bias = 0.0f;

    /* TXD: explicit derivatives per lane; lane 0 lambda 2, lane 1 lambda 0,
     * lane 2 lambda log2(8) = 3 */
    {
        rq r;
        rq_init(&r, GP_TEXOP_TXD, GP_TEX_2D);
        r.req.ddx = &r.ddx;
        r.req.ddy = &r.ddy;
        r.req.lane_mask = 0x7;
        for (int l = 0; l < 3; l++)
            set_lane(&r.coord, l, 0.3f, 0.3f, 0, 1);
        set_lane(&r.ddx, 0, 4.0f / 64, 0, 0, 0);
        set_lane(&r.ddy, 0, 0, 4.0f / 64, 0, 0);
        set_lane(&r.ddx, 1, 1.0f / 64, 0, 0, 0);
        set_lane(&r.ddy, 1, 0, 0.5f / 64, 0, 0);
        set_lane(&r.ddx, 2, 0, 0, 0, 0);
        set_lane(&r.ddy, 2, 0, -8.0f / 64, 0, 0);
        tex_sample(t, &r.req, 0.0f, &r.out);
        CHECK_NEAR(r.out.c[0][0].f, L8(60), EPS);
        CHECK_NEAR(r.out.c[0][1].f, L8(0), EPS);
        CHECK_NEAR(r.out.c[0][2].f, L8(90), EPS);
    }

    /* no derivatives (vertex programs): lambda_base = 0 -> level 0; TXB then
     * adds w: level 2 */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.3f, 0.3f, 0, 1, o);
    CHECK_NEAR(o[0], L8(0), EPS);
    sample1(t, GP_TEXOP_TXB, GP_TEX_2D, 0.3f, 0.3f, 0, 2.0f, o);
    CHECK_NEAR(o[0], L8(60), EPS);
    tex_object_free(t);
}

/* Lane 0's red for lanes at s = s0 + x*ds, t = 0.5 (x the lane's pixel). */
static float quad_sample_lane0(const tex_object *t, float s0, float ds)
{
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_2D);
    quad_grid(&r, s0, ds, 0.5f, 0.0f);
    tex_sample(t, &r.req, 0.0f, &r.out);
    return r.out.c[0][0].f;
}

/* The magnification/minification switch point c (GL 2.1 section 3.8.9). */
static void test_switch_point(void)
{
    /* 64x64, level 0 a ramp (texel i = 2i), level 1 and above 200 */
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    uint8_t *buf = malloc(64 * 64);
    for (int j = 0; j < 64; j++)
        for (int i = 0; i < 64; i++)
            buf[j * 64 + i] = (uint8_t)(2 * i);
    tex_image_define(t, 0, 0, GL_LUMINANCE8, 64, 64, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, buf, &ps);
    memset(buf, 200, 64 * 64);
    for (int l = 1, s = 32; s >= 1; l++, s /= 2)
        tex_image_define(t, 0, l, GL_LUMINANCE8, s, s, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, buf, &ps);
    free(buf);
    /* lambda = 0.3: lane 0 at s = 10/64 (u = 10, a texel edge): NEAREST reads
     * texel 10 (20), LINEAR averages texels 9 and 10 (19) */
    const float ds = 1.2311444f / 64; /* 2^0.3 / 64 */
    /* MAG LINEAR + MIN NEAREST_MIPMAP_NEAREST: c = 0.5, lambda 0.3 magnifies */
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT);
    CHECK_NEAR(quad_sample_lane0(t, 10.0f / 64, ds), L8(19), 1e-4);
    /* MAG NEAREST: c = 0, minification; lambda <= 1/2 keeps level 0, NEAREST */
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    CHECK_NEAR(quad_sample_lane0(t, 10.0f / 64, ds), L8(20), 1e-4);
    /* MIN NEAREST_MIPMAP_LINEAR: c = 0 although MAG is LINEAR:
     * 0.7 * 20 + 0.3 * 200 = 74 */
    set_filters(t, GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT);
    CHECK_NEAR(quad_sample_lane0(t, 10.0f / 64, ds), L8(74), 2e-4);
    /* LINEAR_MIPMAP_NEAREST + MAG LINEAR: c = 0.5 again */
    set_filters(t, GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT);
    CHECK_NEAR(quad_sample_lane0(t, 10.0f / 64, ds), L8(19), 1e-4);
    /* lambda = log2(1.6) = 0.678 > 0.5: level 1 */
    CHECK_NEAR(quad_sample_lane0(t, 10.0f / 64, 1.6f / 64), L8(200), 1e-4);
    tex_object_free(t);
}

/* ---- cube maps ---------------------------------------------------------------------- */

/* A quad of a cube-map lookup that straddles a face edge (the helper lanes
 * of a face-aligned primitive lie past its edge, on the next face): each
 * lane's LOD comes from the quad projected onto its own face.  64x64
 * levels of value 30 L; quad 0 on x = -1, z stepping 2/3 a pixel (as a
 * 3-pixel quad over a whole face): lanes 1 and 3 on -X (ds = dt = 1/3,
 * rho = 64/3, lambda = 4.4, NEAREST_MIPMAP_NEAREST -> level 4), lanes 0
 * and 2 past z = -1, on -Z.  Projecting onto lane 0's face instead gave
 * lane 1 lambda 4.58 -> level 5 (piglit cubemap npot). */
static void test_cube_quad_straddle(void)
{
    tex_object *t = make_levels(GL_TEXTURE_CUBE_MAP);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_CUBE);
    r.req.quad_derivatives = true;
    for (int l = 0; l < GP_LANES; l++) {
        int x, y;
        lane_xy(l, &x, &y);
        set_lane(&r.coord, l, -1.0f, 0.667f * (float)y, -1.333f + 0.667f * (float)x, 1.0f);
    }
    tex_sample(t, &r.req, 0.0f, &r.out);
    float o[4];
    get_lane(&r.out, 1, o);
    CHECK_NEAR(o[0], L8(120), EPS);
    get_lane(&r.out, 3, o);
    CHECK_NEAR(o[0], L8(120), EPS);
    tex_object_free(t);
}

static void test_cube(void)
{
    /* face f, texel (i, j): value 40 f + 5 (i + 2 j) */
    tex_pixel_store ps = store1();
    tex_object *t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++) {
        uint8_t px[4];
        for (int k = 0; k < 4; k++)
            px[k] = (uint8_t)(40 * f + 5 * k);
        CHECK_INT(tex_image_define(t, f, 0, GL_LUMINANCE8, 2, 2, 1, 0, GL_LUMINANCE,
                                   GL_UNSIGNED_BYTE, px, &ps), GL_NO_ERROR);
    }
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK(tex_object_complete(t));
    static const struct { float x, y, z; int value; } dirs[] = {
        {1, 0.5f, 0.5f, 0},           /* +X: sc = -rz, tc = -ry -> (0.25, 0.25) */
        {2, -1, -1, 15},              /* +X: (0.75, 0.75) */
        {-1, -0.5f, 0.5f, 40 + 15},   /* -X: sc = +rz, tc = -ry -> (0.75, 0.75) */
        {-1, 0.5f, -0.5f, 40 + 0},    /* -X: (0.25, 0.25) */
        {0.5f, 1, 0.5f, 80 + 15},     /* +Y: sc = +rx, tc = +rz -> (0.75, 0.75) */
        {0.5f, 1, -0.5f, 80 + 5},     /* +Y: (0.75, 0.25) */
        {0.5f, -1, -0.5f, 120 + 15},  /* -Y: sc = +rx, tc = -rz -> (0.75, 0.75) */
        {-0.5f, 0.5f, 1, 160 + 0},    /* +Z: sc = +rx, tc = -ry -> (0.25, 0.25) */
        {0.5f, -0.5f, 3, 160 + 15},   /* +Z: (0.75, 0.75) */
        {0.5f, -0.5f, -1, 200 + 10},  /* -Z: sc = -rx, tc = -ry -> (0.25, 0.75) */
    };
    for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; i++) {
        float o[4];
        sample1(t, GP_TEXOP_TEX, GP_TEX_CUBE, dirs[i].x, dirs[i].y, dirs[i].z, 1, o);
        CHECK_NEAR(o[0] * 255.0f, dirs[i].value, 1e-3);
    }
    /* LINEAR with CLAMP_TO_EDGE stays on the face: the centre of +X */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    float o[4];
    sample1(t, GP_TEXOP_TEX, GP_TEX_CUBE, 1, 0, 0, 1, o);
    CHECK_NEAR(o[0] * 255.0f, 7.5, 1e-3);
    tex_object_free(t);

    /* LOD on a face: 8x8 faces, levels 30 L; on +Z, s = (rx + 1) / 2, so a
     * step of 0.25 in s per pixel is du = 2: lambda = 1 */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    uint8_t buf[64];
    for (int l = 0, s = 8; s >= 1; l++, s /= 2) {
        memset(buf, 30 * l, sizeof buf);
        for (int f = 0; f < 6; f++)
            tex_image_define(t, f, l, GL_LUMINANCE8, s, s, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, buf, &ps);
    }
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    CHECK(tex_object_complete(t));
    rq r;
    rq_init(&r, GP_TEXOP_TEX, GP_TEX_CUBE);
    r.req.quad_derivatives = true;
    for (int l = 0; l < GP_LANES; l++) {
        int x, y;
        lane_xy(l, &x, &y);
        float s = 0.1f + 0.25f * (float)(x & 1), tt = 0.3f + 0.0625f * (float)y;
        set_lane(&r.coord, l, 2 * s - 1, -(2 * tt - 1), 1, 1);
    }
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_NEAR(r.out.c[0][0].f, L8(30), EPS);
    CHECK_NEAR(r.out.c[0][3].f, L8(30), EPS);
    /* TXD: dv = (0.5, 0, 0) at (0, 0, 1): ds = 0.5 * 0.5 = 0.25 -> lambda 1 */
    rq_init(&r, GP_TEXOP_TXD, GP_TEX_CUBE);
    r.req.ddx = &r.ddx;
    r.req.ddy = &r.ddy;
    set_lane(&r.coord, 0, 0, 0, 1, 1);
    set_lane(&r.ddx, 0, 0.5f, 0, 0, 0);
    set_lane(&r.ddy, 0, 0, 0, 0, 0);
    r.req.lane_mask = 1;
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_NEAR(r.out.c[0][0].f, L8(30), EPS);
    tex_object_free(t);
}

/* EXT_texture_filter_anisotropic: levels of constant 30 * l on 64x64; a
 * footprint 4 texels across (du/dx = 4) and 1 high (dv/dy = 1).  Isotropic:
 * rho = 4, lambda = 2.  With MAX_ANISOTROPY a: N = min(ceil(4 / 1), a)
 * probes and lambda = log2(4 / N): a = 2 -> lambda 1, a = 16 -> N = 4,
 * lambda 0.  Every probe of a constant level gives that level's value. */
static void test_anisotropy(void)
{
    tex_object *t = make_levels(GL_TEXTURE_2D);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, GL_REPEAT);
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 64, 1, 0), L8(60), EPS);
    t->sampler.max_anisotropy = 2.0f;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 64, 1, 0), L8(30), EPS);
    t->sampler.max_anisotropy = 16.0f;
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 64, 1, 0), L8(0), EPS);
    /* the major axis may be y: the same footprint turned */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 64, 0.2f, 1.0f / 16, 1, 0), L8(0), EPS);
    /* an isotropic footprint takes one probe at lambda 2 whatever the limit */
    CHECK_NEAR(quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 16, 0.2f, 1.0f / 16, 1, 0), L8(60), EPS);
    tex_object_free(t);

    /* the probes average along the major axis: a 16x1-texel footprint on
     * level 0 of texels alternating 0 / 255 across s averages to about 1/2
     * with anisotropy, where one isotropic probe lands on level 4 */
    tex_pixel_store ps = store1();
    t = tex_object_create(GL_TEXTURE_2D);
    uint8_t *buf = malloc(64 * 64);
    for (int l = 0, sz = 64; sz >= 1; l++, sz /= 2) {
        for (int j = 0; j < sz; j++)
            for (int i = 0; i < sz; i++)
                buf[j * sz + i] = l == 0 ? (uint8_t)((i & 1) * 255) : (uint8_t)(30 * l);
        tex_image_define(t, 0, l, GL_LUMINANCE8, sz, sz, 1, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, buf, &ps);
    }
    free(buf);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    t->sampler.max_anisotropy = 16.0f;
    /* du/dx = 16 texels, dv/dy = 1: N = 16 probes one texel apart, lambda 0 */
    float v = quad_sample(t, GP_TEXOP_TEX, 0.1f, 1.0f / 4, 0.2f, 1.0f / 64, 1, 0);
    CHECK_NEAR(v, 0.5, 1e-6);
    tex_object_free(t);
}

/* ---- depth textures ----------------------------------------------------------------------- */

/* 2x2 depths: A 0.2 (0,0), B 0.4 (1,0), C 0.6 (0,1), D 1.0 (1,1). */
static tex_object *make_depth(GLenum target)
{
    tex_pixel_store ps = store1();
    const float dz[4] = {0.2f, 0.4f, 0.6f, 1.0f};
    tex_object *t = tex_object_create(target);
    CHECK_INT(tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT24, 2, 2, 1, 0, GL_DEPTH_COMPONENT,
                               GL_FLOAT, dz, &ps), GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    return t;
}

static void test_shadow(void)
{
    tex_object *t = make_depth(GL_TEXTURE_2D);
    float o[4];
    /* LEQUAL: r <= D passes */
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.25f, 0.25f, 0.5f, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.75f, 0.75f, 0.5f, 1, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    /* every function against texel A (0.2) with r = 0.5 and r = 0.2 */
    static const struct { GLenum func; float r05, r02; } funcs[] = {
        {GL_LEQUAL, 0, 1}, {GL_GEQUAL, 1, 1}, {GL_LESS, 0, 0}, {GL_GREATER, 1, 0},
        {GL_EQUAL, 0, 1}, {GL_NOTEQUAL, 1, 0}, {GL_ALWAYS, 1, 1}, {GL_NEVER, 0, 0},
    };
    for (size_t i = 0; i < sizeof funcs / sizeof funcs[0]; i++) {
        t->sampler.compare_func = funcs[i].func;
        sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.25f, 0.25f, 0.5f, 1, o);
        CHECK_NEAR(o[0], funcs[i].r05, 0);
        sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.25f, 0.25f, 0.2f, 1, o);
        CHECK_NEAR(o[0], funcs[i].r02, 0);
    }
    /* the reference is clamped to [0,1]: 1.5 -> 1 equals D */
    t->sampler.compare_func = GL_EQUAL;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.75f, 0.75f, 1.5f, 1, o); CHECK_NEAR(o[0], 1, 0);
    t->sampler.compare_func = GL_LEQUAL;

    /* LINEAR: percentage closer, r = 0.5 passes C and D of the four -> 0.5 */
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.5f, 0.5f, 0.5f, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0.5, 1, EPS);
    /* (0.5, 0.375): rows weigh 0.75 / 0.25 -> 0.75 * 0 + 0.25 * 1 */
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.5f, 0.375f, 0.5f, 1, o); CHECK_NEAR(o[0], 0.25, EPS);
    /* DEPTH_TEXTURE_MODE */
    t->sampler.depth_mode = GL_INTENSITY;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.5f, 0.5f, 0.5f, 1, o); CHECK_VEC4(o, 0.5, 0.5, 0.5, 0.5, EPS);
    t->sampler.depth_mode = GL_ALPHA;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.5f, 0.5f, 0.5f, 1, o); CHECK_VEC4(o, 0, 0, 0, 0.5, EPS);
    t->sampler.depth_mode = GL_RED;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.5f, 0.5f, 0.5f, 1, o); CHECK_VEC4(o, 0.5, 0, 0, 1, EPS);
    t->sampler.depth_mode = GL_LUMINANCE;

    /* TXP: s, t and the reference r divided by q */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    sample1(t, GP_TEXOP_TXP, GP_TEX_SHADOW2D, 0.5f, 0.5f, 1.0f, 2.0f, o); CHECK_NEAR(o[0], 0, 0);
    sample1(t, GP_TEXOP_TXP, GP_TEX_SHADOW2D, 0.5f, 0.5f, 0.3f, 2.0f, o); CHECK_NEAR(o[0], 1, 0);
    /* SHADOW target with COMPARE_MODE NONE, and a 2D target with compare on:
     * the depth itself (ARB_fragment_program_shadow: undefined / as if NONE) */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.25f, 0.9f, 1, o); CHECK_VEC4(o, 0.2, 0.2, 0.2, 1, EPS);
    t->sampler.compare_mode = GL_NONE;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW2D, 0.75f, 0.25f, 0.9f, 1, o); CHECK_VEC4(o, 0.4, 0.4, 0.4, 1, EPS);
    t->sampler.depth_mode = GL_ALPHA;
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.75f, 0.25f, 0.9f, 1, o); CHECK_VEC4(o, 0, 0, 0, 0.4, EPS);
    tex_object_free(t);

    /* SHADOW1D: s and r (z); t is ignored */
    tex_pixel_store ps = store1();
    t = tex_object_create(GL_TEXTURE_1D);
    const float d1[2] = {0.3f, 0.7f};
    tex_image_define(t, 0, 0, GL_DEPTH_COMPONENT, 2, 1, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, d1, &ps);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW1D, 0.75f, 5.0f, 0.5f, 1, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOW1D, 0.25f, 0.0f, 0.5f, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    tex_object_free(t);

    /* SHADOWRECT: texel (1,0) = 0.4; 0.5 <= 0.4 fails */
    t = make_depth(GL_TEXTURE_RECTANGLE_ARB);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOWRECT, 1.5f, 0.5f, 0.5f, 1, o); CHECK_NEAR(o[0], 0, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOWRECT, 1.5f, 1.5f, 0.5f, 1, o); CHECK_NEAR(o[0], 1, 0);
    tex_object_free(t);

    /* SHADOWCUBE: the reference is w */
    t = tex_object_create(GL_TEXTURE_CUBE_MAP);
    const float dc[4] = {0.25f, 0.25f, 0.25f, 0.25f};
    for (int f = 0; f < 6; f++)
        tex_image_define(t, f, 0, GL_DEPTH_COMPONENT, 2, 2, 1, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dc, &ps);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_CLAMP_TO_EDGE);
    t->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE;
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOWCUBE, 0.3f, -1, 0.2f, 0.1f, o); CHECK_NEAR(o[0], 1, 0);
    sample1(t, GP_TEXOP_TEX, GP_TEX_SHADOWCUBE, 0.3f, -1, 0.2f, 0.3f, o); CHECK_NEAR(o[0], 0, 0);
    tex_object_free(t);
}

/* ---- TXF, TXQ, TXG, incomplete ------------------------------------------------------------ */

static void test_fetch_query_gather(void)
{
    tex_object *t = make_abcd();
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    r.req.lane_mask = 0x3;
    r.coord.c[0][0].i = 1; r.coord.c[1][0].i = 1; r.coord.c[3][0].i = 0;
    r.coord.c[0][1].i = 2; r.coord.c[1][1].i = 0; r.coord.c[3][1].i = 0;
    tex_sample(t, &r.req, 0.0f, &r.out);
    float o[4];
    get_lane(&r.out, 0, o); CHECK_VEC4(o, 1, 1, 1, 1, 0);
    get_lane(&r.out, 1, o); CHECK_VEC4(o, 0, 0, 0, 0, 0); /* out of range */
    /* offsets apply to TXF */
    r.req.offset[0] = 1;
    r.coord.c[0][0].i = 0; r.coord.c[1][0].i = 0;
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o); CHECK_VEC4(o, 0, 1, 0, 1, 0);

    /* TXG at the centre: (T_i0j1, T_i1j1, T_i1j0, T_i0j0) = (C, D, B, A) */
    rq_init(&r, GP_TEXOP_TXG, GP_TEX_2D);
    for (int l = 0; l < GP_LANES; l++)
        set_lane(&r.coord, l, 0.5f, 0.5f, 0, 1);
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o); CHECK_VEC4(o, 0, 1, 0, 1, 0); /* red */
    r.req.component = 1;
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 0, o); CHECK_VEC4(o, 0, 1, 1, 0, 0); /* green */
    tex_object_free(t);

    /* shadow gather: r = 0.5 LEQUAL: C 1, D 1, B 0, A 0 */
    t = make_depth(GL_TEXTURE_2D);
    rq_init(&r, GP_TEXOP_TXG, GP_TEX_SHADOW2D);
    for (int l = 0; l < GP_LANES; l++)
        set_lane(&r.coord, l, 0.5f, 0.5f, 0.5f, 1);
    tex_sample(t, &r.req, 0.0f, &r.out);
    get_lane(&r.out, 3, o); CHECK_VEC4(o, 1, 1, 0, 0, 0);
    tex_object_free(t);

    /* TXF level and TXQ on the mipmapped 64x64 */
    t = make_levels(GL_TEXTURE_2D);
    set_filters(t, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_REPEAT);
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    r.req.lane_mask = 1;
    r.coord.c[0][0].i = 3; r.coord.c[1][0].i = 5; r.coord.c[3][0].i = 2;
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_NEAR(r.out.c[0][0].f, L8(60), EPS);
    rq_init(&r, GP_TEXOP_TXQ, GP_TEX_2D);
    r.req.lane_mask = 0x3;
    r.coord.c[0][0].i = 2;
    r.coord.c[0][1].i = 0;
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_INT(r.out.c[0][0].i, 16);
    CHECK_INT(r.out.c[1][0].i, 16);
    CHECK_INT(r.out.c[0][1].i, 64);
    t->sampler.base_level = 1;
    tex_sample(t, &r.req, 0.0f, &r.out);
    CHECK_INT(r.out.c[0][0].i, 8);
    CHECK_INT(r.out.c[0][1].i, 32);
    tex_object_free(t);

    /* incomplete and missing textures sample as (0, 0, 0, 1) */
    t = make_abcd(); /* default min filter NEAREST_MIPMAP_LINEAR, no mipmaps */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    sample1(NULL, GP_TEXOP_TEX, GP_TEX_2D, 0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    /* not yet supported targets also return (0, 0, 0, 1) */
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2DMS, 0.25f, 0.25f, 0, 1, o); CHECK_VEC4(o, 0, 0, 0, 1, 0);
    /* NaN and infinite coordinates read some texel, never crash */
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, NAN, INFINITY, 0, 1, o);
    CHECK(o[3] == 1.0f);
    sample1(t, GP_TEXOP_TXP, GP_TEX_2D, 1, 1, 0, 0, o);
    CHECK(o[3] == 1.0f);
    set_filters(t, GL_LINEAR, GL_LINEAR, GL_MIRRORED_REPEAT);
    sample1(t, GP_TEXOP_TEX, GP_TEX_2D, -INFINITY, 1e30f, 0, 1, o);
    CHECK(o[3] == 1.0f);
    tex_object_free(t);
}

int main(void)
{
    test_wrap_nearest();
    test_wrap_linear();
    test_npot_and_targets();
    test_base_formats();
    test_lod();
    test_anisotropy();
    test_switch_point();
    test_cube();
    test_cube_quad_straddle();
    test_shadow();
    test_fetch_query_gather();
    return tt_finish("texture.sample");
}
