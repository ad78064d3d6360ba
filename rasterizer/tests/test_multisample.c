/*
 * test_multisample.c - multisample rasterization (rast.h "Multisampling"):
 * per-sample coverage of hand-placed triangles at the documented sample
 * positions, per-sample depth, the sample mask, alpha to coverage, CENTROID,
 * clears of every sample, MULTISAMPLE off, and bit-identical planes for 1, 2
 * and 4 threads.  Expected values come from the position table written out
 * below (the numbers of rast.h) and the hand geometry.
 *
 * (FEATURES.md has no rows for multisample rasterization itself; the
 * CENTROID declaration modifier is the one row exercised.)
 * covers: DT.CENTROID
 */
#include "rast_test.h"

/* rast.h's table, 1/16 pixel from the centre, y up */
static const int POS4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const int POS8[8][2] = {{1, -3}, {-1, 3}, {5, 1}, {-3, -5}, {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
static const int POS2[2][2] = {{4, 4}, {-4, -4}};

#define W 16
#define H 16

typedef struct ms_fb {
    int w, h, n;
    bool f32;
    void *color;
    float *depth;
    uint8_t *stencil;
    rast_framebuffer fb;
} ms_fb;

static void ms_init(ms_fb *m, int w, int h, int n, bool f32)
{
    memset(m, 0, sizeof(*m));
    m->w = w;
    m->h = h;
    m->n = n;
    m->f32 = f32;
    size_t bpp = f32 ? 16 : 4;
    m->color = calloc((size_t)w * h * n, bpp);
    m->depth = calloc((size_t)w * h * n, 4);
    m->stencil = calloc((size_t)w * h * n, 1);
    m->fb.width = w;
    m->fb.height = h;
    m->fb.color[0] = (rast_surface){.data = m->color, .width = w, .height = h, .stride = (size_t)w * bpp,
                                    .format = f32 ? TEX_FMT_RGBA32F : TEX_FMT_RGBA8, .samples = n,
                                    .sample_stride = (size_t)w * h * bpp};
    m->fb.depth = (rast_surface){.data = m->depth, .width = w, .height = h, .stride = (size_t)w * 4,
                                 .format = TEX_FMT_DEPTH32F, .samples = n, .sample_stride = (size_t)w * h * 4};
    m->fb.stencil = (rast_surface){.data = m->stencil, .width = w, .height = h, .stride = (size_t)w,
                                   .format = TEX_FMT_S8, .samples = n, .sample_stride = (size_t)w * h};
}

static void ms_free(ms_fb *m)
{
    free(m->color);
    free(m->depth);
    free(m->stencil);
}

static const uint8_t *px8(const ms_fb *m, int s, int x, int y)
{
    return (const uint8_t *)m->color + ((size_t)s * m->w * m->h + (size_t)y * m->w + x) * 4;
}
static const float *pxf(const ms_fb *m, int s, int x, int y)
{
    return (const float *)m->color + ((size_t)s * m->w * m->h + (size_t)y * m->w + x) * 4;
}
static float dz(const ms_fb *m, int s, int x, int y)
{
    return m->depth[(size_t)s * m->w * m->h + (size_t)y * m->w + x];
}

static void clear_all(rast_context *r, const ms_fb *m, float red, float g, float b, float a, double depth)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH | RAST_CLEAR_STENCIL;
    c.color[0] = red;
    c.color[1] = g;
    c.color[2] = b;
    c.color[3] = a;
    c.depth = depth;
    c.depth_write = true;
    c.stencil_write_mask = 0xff;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(r, &m->fb, &c);
}

static gp_program *vp, *fp_color;
static gp_val (*vpp)[4], (*fpp_color)[4];

/* Vertices: window x, y, z (converted to NDC for a WxH viewport), colour. */
typedef struct vtx {
    float x, y, z;
    float c[4];
} vtx;

static void draw_tris(rast_context *r, const ms_fb *m, const vtx *v, int n, const rast_state *st,
                      const gp_program *fp, const gp_val (*fpp)[4])
{
    float *pos = malloc(sizeof(float) * 4 * (size_t)n), *col = malloc(sizeof(float) * 4 * (size_t)n);
    for (int i = 0; i < n; i++) {
        pos[i * 4 + 0] = rt_ndc(v[i].x, m->w);
        pos[i * 4 + 1] = rt_ndc(v[i].y, m->h);
        pos[i * 4 + 2] = (float)(v[i].z * 2.0 - 1.0);
        pos[i * 4 + 3] = 1.0f;
        memcpy(col + i * 4, v[i].c, sizeof(float) * 4);
    }
    rast_draw d;
    rt_draw_init(&d, &(rt_fb){.w = m->w, .h = m->h}, vp, (const gp_val(*)[4])vpp, fp, fpp);
    d.fb = &m->fb;
    if (st)
        d.state = *st;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rt_attrib(&d, GP_VIN_TEX0, col, 4);
    d.count = n;
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "draw");
    rast_flush(r);
    free(pos);
    free(col);
}

static void ms_state(rast_state *st, int w, int h)
{
    rt_state_default(st, w, h);
    st->multisample = true;
    st->depth_test = false;
}

/* Exact inside test of point (px, py) against a CCW triangle of points on the
 * 1/256 grid (all values times 256, integers): >0 inside, 0 on an edge. */
static int inside(const long long X[3], const long long Y[3], long long px, long long py)
{
    int sign = 1;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        long long e = (X[j] - X[i]) * (py - Y[i]) - (Y[j] - Y[i]) * (px - X[i]);
        if (e < 0)
            return -1;
        if (e == 0)
            sign = 0;
    }
    return sign;
}

/* MS.RASTER: a rectangle x in [0, 2.45) of a 4x framebuffer covers pixels 0
 * and 1 wholly, pixel 2 at samples 0 (x 0.375) and 2 (x 0.125) only, pixel 3
 * not; with MULTISAMPLE off the pixel-centre rule (2.5 > 2.45) leaves pixel 2
 * out on every sample. */
static void test_rect_edge(rast_context *r, bool multisample)
{
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 0, 0, 1.0);
    float x1 = 627.0f / 256.0f; /* 2.449..., on the 1/256 grid */
    vtx v[6] = {{0, 0, 0.5f, {1, 0, 0, 1}},  {x1, 0, 0.5f, {1, 0, 0, 1}}, {x1, H, 0.5f, {1, 0, 0, 1}},
                {0, 0, 0.5f, {1, 0, 0, 1}},  {x1, H, 0.5f, {1, 0, 0, 1}}, {0, H, 0.5f, {1, 0, 0, 1}}};
    rast_state st;
    ms_state(&st, W, H);
    st.multisample = multisample;
    draw_tris(r, &m, v, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < 4; x++)
            for (int s = 0; s < 4; s++) {
                bool want;
                if (multisample)
                    want = x < 2 || (x == 2 && (s == 0 || s == 2));
                else
                    want = x < 2;
                CHECK(px8(&m, s, x, y)[0] == (want ? 255 : 0), "ms=%d pixel (%d,%d) sample %d: %d", multisample, x,
                      y, s, px8(&m, s, x, y)[0]);
            }
    ms_free(&m);
}

/* MS.SAMPLE_POSITIONS: general triangles at 2x, 4x, 8x against an exact
 * point-in-triangle test at the documented positions (samples exactly on an
 * edge are skipped: the fill rule decides them). */
static void test_coverage_general(rast_context *r, int n)
{
    const int(*pos)[2] = n == 2 ? POS2 : n == 4 ? POS4 : POS8;
    int cnt;
    const int8_t(*rp)[2] = rast_sample_positions(n, &cnt);
    CHECK(cnt == n, "rast_sample_positions(%d) count %d", n, cnt);
    for (int s = 0; s < cnt && s < n; s++)
        CHECK(rp[s][0] == pos[s][0] && rp[s][1] == pos[s][1], "position %d of %dx", s, n);
    static const long long tris[3][6] = {
        /* window coordinates x 256 (CCW) */
        {100, 90, 3900, 700, 1500, 3950},
        {3000, 300, 3800, 3300, 200, 2100},
        {1234, 1001, 2222, 1500, 1700, 2900},
    };
    for (int t = 0; t < 3; t++) {
        ms_fb m;
        ms_init(&m, W, H, n, false);
        clear_all(r, &m, 0, 0, 0, 0, 1.0);
        long long X[3], Y[3];
        vtx v[3];
        for (int i = 0; i < 3; i++) {
            X[i] = tris[t][i * 2];
            Y[i] = tris[t][i * 2 + 1];
            v[i] = (vtx){(float)X[i] / 256.0f, (float)Y[i] / 256.0f, 0.5f, {0, 1, 0, 1}};
        }
        rast_state st;
        ms_state(&st, W, H);
        draw_tris(r, &m, v, 3, &st, fp_color, (const gp_val(*)[4])fpp_color);
        int checked = 0, partial = 0;
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int cov = 0;
                for (int s = 0; s < n; s++) {
                    long long sx = x * 256 + 128 + pos[s][0] * 16, sy = y * 256 + 128 + pos[s][1] * 16;
                    int in = inside(X, Y, sx, sy);
                    if (in == 0)
                        continue;
                    checked++;
                    cov += in > 0;
                    int got = px8(&m, s, x, y)[1];
                    CHECK(got == (in > 0 ? 255 : 0), "tri %d %dx pixel (%d,%d) sample %d: %d", t, n, x, y, s, got);
                }
                partial += cov > 0 && cov < n;
            }
        CHECK(checked > 100 && partial > 3, "tri %d: %d samples checked, %d partial pixels", t, checked, partial);
        ms_free(&m);
    }
}

/* Per-sample depth: surface A has z = x / 16 (window); B is flat at
 * z = 2.5 / 16 with LESS.  In pixel 2 the samples right of the centre
 * (4x: samples 1 at x 0.875 and 3 at x 0.625) have A deeper than B: B wins
 * there, A keeps samples 0 and 2.  At the centre the depths are equal (LESS
 * fails), so any centre evaluation would keep A on every sample. */
static void test_depth(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 0, 0, 1.0);
    rast_state st;
    ms_state(&st, W, H);
    st.depth_test = true;
    st.depth_func = GL_LESS;
    vtx a[6] = {{0, 0, 0, {0, 1, 0, 1}}, {W, 0, 1, {0, 1, 0, 1}}, {W, H, 1, {0, 1, 0, 1}},
                {0, 0, 0, {0, 1, 0, 1}}, {W, H, 1, {0, 1, 0, 1}}, {0, H, 0, {0, 1, 0, 1}}};
    draw_tris(r, &m, a, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    const float zb = 2.5f / 16.0f;
    vtx b[6] = {{0, 0, zb, {1, 0, 0, 1}}, {W, 0, zb, {1, 0, 0, 1}}, {W, H, zb, {1, 0, 0, 1}},
                {0, 0, zb, {1, 0, 0, 1}}, {W, H, zb, {1, 0, 0, 1}}, {0, H, zb, {1, 0, 0, 1}}};
    draw_tris(r, &m, b, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int y = 0; y < H; y += 5) {
        for (int s = 0; s < 4; s++) {
            bool red = s == 1 || s == 3;
            const uint8_t *p = px8(&m, s, 2, y);
            CHECK(p[0] == (red ? 255 : 0) && p[1] == (red ? 0 : 255), "depth: pixel (2,%d) sample %d: %d %d", y,
                  s, p[0], p[1]);
            float want = red ? zb : (2.0f + 0.5f + POS4[s][0] / 16.0f) / 16.0f;
            CHECK(dz(&m, s, 2, y) == want, "depth: pixel (2,%d) sample %d z %.9g want %.9g", y, s, dz(&m, s, 2, y),
                  want);
            /* pixel 1: A everywhere (z < 2.5/16 at every sample); pixel 3: B */
            CHECK(px8(&m, s, 1, y)[1] == 255 && px8(&m, s, 3, y)[0] == 255, "depth: pixels 1/3 sample %d", s);
        }
    }
    ms_free(&m);
}

/* Per-sample stencil: the rectangle x < 2.45 writes stencil 1 (REPLACE) at
 * the samples it covers (pixel 2: samples 0 and 2); a full-screen draw with
 * stencil EQUAL 1 then colours exactly those samples. */
static void test_stencil(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 0, 0, 1.0);
    rast_state st;
    ms_state(&st, W, H);
    st.stencil_test = true;
    for (int f = 0; f < 2; f++) {
        st.stencil[f].func = GL_ALWAYS;
        st.stencil[f].ref = 1;
        st.stencil[f].zpass_op = GL_REPLACE;
    }
    st.color_mask[0] = 0;
    float x1 = 627.0f / 256.0f;
    vtx v[6] = {{0, 0, 0.5f, {1, 0, 0, 1}},  {x1, 0, 0.5f, {1, 0, 0, 1}}, {x1, H, 0.5f, {1, 0, 0, 1}},
                {0, 0, 0.5f, {1, 0, 0, 1}},  {x1, H, 0.5f, {1, 0, 0, 1}}, {0, H, 0.5f, {1, 0, 0, 1}}};
    draw_tris(r, &m, v, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int f = 0; f < 2; f++) {
        st.stencil[f].func = GL_EQUAL;
        st.stencil[f].zpass_op = GL_KEEP;
    }
    st.color_mask[0] = 0xf;
    vtx q[6] = {{0, 0, 0.5f, {0, 1, 0, 1}}, {W, 0, 0.5f, {0, 1, 0, 1}}, {W, H, 0.5f, {0, 1, 0, 1}},
                {0, 0, 0.5f, {0, 1, 0, 1}}, {W, H, 0.5f, {0, 1, 0, 1}}, {0, H, 0.5f, {0, 1, 0, 1}}};
    draw_tris(r, &m, q, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int y = 0; y < H; y += 5)
        for (int x = 0; x < 4; x++)
            for (int s = 0; s < 4; s++) {
                bool in = x < 2 || (x == 2 && (s == 0 || s == 2));
                CHECK(px8(&m, s, x, y)[1] == (in ? 255 : 0) && px8(&m, s, x, y)[0] == 0,
                      "stencil: pixel (%d,%d) sample %d", x, y, s);
                CHECK(m.stencil[(size_t)s * W * H + (size_t)y * W + x] == (in ? 1 : 0), "stencil value (%d,%d) sample %d",
                      x, y, s);
            }
    ms_free(&m);
}

/* Sample mask 0x5 (samples 0 and 2) and 0 (nothing). */
static void test_sample_mask(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 1, 1, 1.0);
    rast_state st;
    ms_state(&st, W, H);
    st.sample_mask = true;
    st.sample_mask_value = 0x5;
    vtx v[6] = {{0, 0, 0.5f, {1, 0, 0, 1}}, {W, 0, 0.5f, {1, 0, 0, 1}}, {W, H, 0.5f, {1, 0, 0, 1}},
                {0, 0, 0.5f, {1, 0, 0, 1}}, {W, H, 0.5f, {1, 0, 0, 1}}, {0, H, 0.5f, {1, 0, 0, 1}}};
    st.depth_test = true;
    draw_tris(r, &m, v, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int s = 0; s < 4; s++) {
        bool on = s == 0 || s == 2;
        for (int y = 0; y < H; y += 3)
            for (int x = 0; x < W; x += 3) {
                const uint8_t *p = px8(&m, s, x, y);
                CHECK(p[0] == (on ? 255 : 0) && p[2] == (on ? 0 : 255), "mask 0x5: (%d,%d) sample %d", x, y, s);
                CHECK(dz(&m, s, x, y) == (on ? 0.5f : 1.0f), "mask 0x5 depth (%d,%d) sample %d", x, y, s);
            }
    }
    /* sample mask has no effect with MULTISAMPLE off (GL 2.1 4.1.3) */
    st.multisample = false;
    st.sample_mask_value = 0;
    st.depth_test = false;
    for (int i = 0; i < 6; i++)
        v[i].c[0] = 0, v[i].c[1] = 1;
    draw_tris(r, &m, v, 6, &st, fp_color, (const gp_val(*)[4])fpp_color);
    for (int s = 0; s < 4; s++)
        CHECK(px8(&m, s, 7, 7)[1] == 255, "mask ignored without MULTISAMPLE: sample %d", s);
    ms_free(&m);
}

/* Alpha to coverage: k = floor(a * n + 0.5) samples 0..k-1, on colour and depth. */
static void test_alpha_to_coverage(rast_context *r)
{
    static const float alphas[] = {0.0f, 0.1f, 0.3f, 0.5f, 0.7f, 0.9f, 1.0f, 2.0f};
    for (int n = 4; n <= 8; n += 4) {
        for (unsigned ai = 0; ai < sizeof alphas / sizeof alphas[0]; ai++) {
            float a = alphas[ai];
            ms_fb m;
            ms_init(&m, W, H, n, false);
            clear_all(r, &m, 0, 0, 0, 0, 1.0);
            rast_state st;
            ms_state(&st, W, H);
            st.sample_alpha_to_coverage = true;
            st.depth_test = true;
            vtx v[3] = {{0, 0, 0.25f, {1, 1, 1, a}}, {2 * W, 0, 0.25f, {1, 1, 1, a}}, {0, 2 * H, 0.25f, {1, 1, 1, a}}};
            draw_tris(r, &m, v, 3, &st, fp_color, (const gp_val(*)[4])fpp_color);
            /* hand values: n = 4: 0 0 1 2 3 4 4 4; n = 8: 0 1 2 4 6 7 8 8 */
            static const int k4[] = {0, 0, 1, 2, 3, 4, 4, 4}, k8[] = {0, 1, 2, 4, 6, 7, 8, 8};
            int k = n == 4 ? k4[ai] : k8[ai];
            for (int s = 0; s < n; s++) {
                bool on = s < k;
                CHECK(px8(&m, s, 5, 9)[0] == (on ? 255 : 0), "a2c %dx a=%g sample %d", n, a, s);
                CHECK(dz(&m, s, 5, 9) == (on ? 0.25f : 1.0f), "a2c depth %dx a=%g sample %d", n, a, s);
            }
            ms_free(&m);
        }
    }
}

/* SAMPLE_COVERAGE (the a2c pattern for the value: 0.5 of 4 -> samples 0, 1;
 * inverted -> 2, 3), ANDed with the sample mask; SAMPLE_ALPHA_TO_ONE. */
static void test_sample_coverage(rast_context *r)
{
    static const struct {
        float value;
        bool invert, use_mask;
        uint32_t mask, want;
    } cases[] = {
        {0.5f, false, false, 0, 0x3}, {0.5f, true, false, 0, 0xc}, {0.5f, false, true, 0x5, 0x1},
        {0.3f, false, false, 0, 0x1}, {1.0f, true, false, 0, 0x0}, {0.9f, false, true, 0xe, 0xe},
    };
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ms_fb m;
        ms_init(&m, W, H, 4, false);
        clear_all(r, &m, 0, 0, 0, 0, 1.0);
        rast_state st;
        ms_state(&st, W, H);
        st.sample_coverage = true;
        st.sample_coverage_value = cases[i].value;
        st.sample_coverage_invert = cases[i].invert;
        st.sample_mask = cases[i].use_mask;
        st.sample_mask_value = cases[i].mask;
        vtx v[3] = {{0, 0, 0.5f, {1, 0, 0, 1}}, {2 * W, 0, 0.5f, {1, 0, 0, 1}}, {0, 2 * H, 0.5f, {1, 0, 0, 1}}};
        draw_tris(r, &m, v, 3, &st, fp_color, (const gp_val(*)[4])fpp_color);
        for (int s = 0; s < 4; s++)
            CHECK(px8(&m, s, 3, 4)[0] == (((cases[i].want >> s) & 1u) ? 255 : 0), "sample coverage case %u sample %d",
                  i, s);
        ms_free(&m);
    }
    /* alpha to one after alpha to coverage: alpha 0.25 covers sample 0
     * (k = 1) and is stored as 1 there */
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 0, 0, 1.0);
    rast_state st;
    ms_state(&st, W, H);
    st.sample_alpha_to_coverage = true;
    st.sample_alpha_to_one = true;
    vtx v[3] = {{0, 0, 0.5f, {1, 0, 0, 0.25f}}, {2 * W, 0, 0.5f, {1, 0, 0, 0.25f}}, {0, 2 * H, 0.5f, {1, 0, 0, 0.25f}}};
    draw_tris(r, &m, v, 3, &st, fp_color, (const gp_val(*)[4])fpp_color);
    CHECK(px8(&m, 0, 3, 4)[0] == 255 && px8(&m, 0, 3, 4)[3] == 255, "alpha to one: sample 0 alpha %d",
          px8(&m, 0, 3, 4)[3]);
    for (int s = 1; s < 4; s++)
        CHECK(px8(&m, s, 3, 4)[0] == 0 && px8(&m, s, 3, 4)[3] == 0, "alpha to one: sample %d uncovered", s);
    ms_free(&m);
}

/* Clears clear every sample (also scissored), after a partial draw. */
static void test_clear(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 8, false);
    memset(m.color, 0x33, (size_t)W * H * 8 * 4);
    clear_all(r, &m, 1, 0, 0, 1, 0.75);
    rast_flush(r);
    for (int s = 0; s < 8; s++)
        for (int i = 0; i < W * H; i++) {
            const uint8_t *p = px8(&m, s, i % W, i / W);
            if (p[0] != 255 || p[1] != 0 || p[3] != 255 || dz(&m, s, i % W, i / W) != 0.75f) {
                CHECK(0, "clear: sample %d pixel %d", s, i);
                break;
            }
        }
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR;
    c.color[1] = 1.0f;
    c.color[3] = 1.0f;
    c.scissor_test = true;
    c.scissor[0] = 2;
    c.scissor[1] = 3;
    c.scissor[2] = 4;
    c.scissor[3] = 5;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(r, &m.fb, &c);
    rast_flush(r);
    for (int s = 0; s < 8; s++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                bool in = x >= 2 && x < 6 && y >= 3 && y < 8;
                const uint8_t *p = px8(&m, s, x, y);
                CHECK(p[0] == (in ? 0 : 255) && p[1] == (in ? 255 : 0), "scissored clear (%d,%d) sample %d", x, y,
                      s);
            }
    ms_free(&m);
}

/* CENTROID: texcoord[0].x = window x / 16.  The rectangle x < 2.45 covers
 * pixel 2 at samples 0 (x 2.375) and 2 (x 2.125): the centroid input is
 * taken at sample 0, 2.375 / 16; a non-CENTROID input and fully covered
 * pixel 1 give the centre, 2.5 / 16 and 1.5 / 16. */
static void test_centroid(rast_context *r)
{
    gp_program *fpc = rt_compile(GP_STAGE_FRAGMENT, "!!NVfp4.0\n"
                                                     "CENTROID ATTRIB tc = fragment.texcoord[0];\n"
                                                     "ATTRIB col = fragment.color;\n"
                                                     "MOV result.color.x, tc.x;\n"
                                                     "MOV result.color.y, col.x;\n"
                                                     "MOV result.color.zw, {0, 0, 0, 1};\n"
                                                     "END\n");
    gp_val(*fpcp)[4] = rt_params(fpc, NULL, 0, NULL, 0);
    for (int pass = 0; pass < 2; pass++) {
        bool ms = pass == 0;
        ms_fb m;
        ms_init(&m, W, H, 4, true);
        clear_all(r, &m, -1, -1, -1, -1, 1.0);
        float x1 = 627.0f / 256.0f;
        vtx v[6] = {{0, 0, 0.5f, {0, 0, 0, 1}},  {x1, 0, 0.5f, {x1 / 16, 0, 0, 1}}, {x1, H, 0.5f, {x1 / 16, 0, 0, 1}},
                    {0, 0, 0.5f, {0, 0, 0, 1}},  {x1, H, 0.5f, {x1 / 16, 0, 0, 1}}, {0, H, 0.5f, {0, 0, 0, 1}}};
        rast_state st;
        ms_state(&st, W, H);
        st.multisample = ms;
        draw_tris(r, &m, v, 6, &st, fpc, (const gp_val(*)[4])fpcp);
        for (int s = 0; s < 4; s++) {
            const float *p1 = pxf(&m, s, 1, 6), *p2 = pxf(&m, s, 2, 6);
            CHECK(fabsf(p1[0] - 1.5f / 16) < 1e-5f && fabsf(p1[1] - 1.5f / 16) < 1e-5f,
                  "centroid ms=%d pixel 1 sample %d: %g %g", ms, s, p1[0], p1[1]);
            if (!ms) {
                CHECK(p2[0] == -1.0f, "centroid ms=0: pixel 2 uncovered");
                continue;
            }
            bool cov = s == 0 || s == 2;
            if (cov)
                CHECK(fabsf(p2[0] - 2.375f / 16) < 1e-5f && fabsf(p2[1] - 2.5f / 16) < 1e-5f,
                      "centroid pixel 2 sample %d: centroid %g (want %g), centre %g (want %g)", s, p2[0],
                      2.375 / 16, p2[1], 2.5 / 16);
            else
                CHECK(p2[0] == -1.0f, "centroid: pixel 2 sample %d uncovered: %g", s, p2[0]);
        }
        ms_free(&m);
    }
    free(fpcp);
    gp_program_free(fpc);
}

/* Points and lines keep their non-antialiased shapes: every sample of a
 * covered pixel. */
static void test_points_lines(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 4, false);
    clear_all(r, &m, 0, 0, 0, 0, 1.0);
    rast_state st;
    ms_state(&st, W, H);
    vtx v[1] = {{5.5f, 6.5f, 0.5f, {1, 0, 0, 1}}};
    float pos[4] = {rt_ndc(5.5, W), rt_ndc(6.5, H), 0.0f, 1.0f}, col[4] = {1, 0, 0, 1};
    (void)v;
    rast_draw d;
    rt_draw_init(&d, &(rt_fb){.w = W, .h = H}, vp, (const gp_val(*)[4])vpp, fp_color,
                 (const gp_val(*)[4])fpp_color);
    d.fb = &m.fb;
    d.state = st;
    d.mode = GL_POINTS;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    d.count = 1;
    rast_draw_submit(r, &d);
    rast_flush(r);
    for (int s = 0; s < 4; s++)
        for (int y = 5; y <= 7; y++)
            for (int x = 4; x <= 6; x++)
                CHECK(px8(&m, s, x, y)[0] == ((x == 5 && y == 6) ? 255 : 0), "point (%d,%d) sample %d", x, y, s);
    ms_free(&m);
}

/* MS.DETERMINISM: many overlapping blended, depth-tested triangles across
 * several tiles: every plane bit-identical for 1, 2 and 4 threads. */
static void render_scene(int threads, ms_fb *m)
{
    rast_context *r = rast_context_create(threads);
    clear_all(r, m, 0.1f, 0.2f, 0.3f, 1.0f, 1.0);
    rt_rand_state = 777u;
    enum { N = 300 };
    vtx *v = malloc(sizeof(vtx) * N * 3);
    for (int i = 0; i < N * 3; i++) {
        v[i].x = rt_randf(-10.0f, (float)m->w + 10.0f);
        v[i].y = rt_randf(-10.0f, (float)m->h + 10.0f);
        v[i].z = rt_randf(0.0f, 1.0f);
        for (int c = 0; c < 4; c++)
            v[i].c[c] = rt_randf(0.0f, 1.0f);
    }
    rast_state st;
    ms_state(&st, m->w, m->h);
    st.depth_test = true;
    st.depth_func = GL_LEQUAL;
    st.blend_buffers = 0xff;
    st.blend_src_rgb = st.blend_src_alpha = GL_SRC_ALPHA;
    st.blend_dst_rgb = st.blend_dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
    draw_tris(r, m, v, N * 3 / 2, &st, fp_color, (const gp_val(*)[4])fpp_color);
    st.blend_buffers = 0;
    st.sample_alpha_to_coverage = true;
    draw_tris(r, m, v + N * 3 / 2, N * 3 / 2, &st, fp_color, (const gp_val(*)[4])fpp_color);
    free(v);
    rast_context_destroy(r);
}

static void test_threads(void)
{
    ms_fb ref, m;
    ms_init(&ref, 100, 70, 4, false);
    render_scene(1, &ref);
    for (int t = 2; t <= 4; t += 2) {
        ms_init(&m, 100, 70, 4, false);
        render_scene(t, &m);
        CHECK(memcmp(ref.color, m.color, (size_t)100 * 70 * 4 * 4) == 0, "colour planes differ with %d threads", t);
        CHECK(memcmp(ref.depth, m.depth, (size_t)100 * 70 * 4 * 4) == 0, "depth planes differ with %d threads", t);
        ms_free(&m);
    }
    /* the planes really differ from each other (edges are multisampled) */
    CHECK(memcmp(ref.color, (uint8_t *)ref.color + 100 * 70 * 4, 100 * 70 * 4) != 0, "planes 0 and 1 equal");
    ms_free(&ref);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp_color = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp_color = rt_params(fp_color, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_rect_edge(r, true);
    test_rect_edge(r, false);
    test_coverage_general(r, 2);
    test_coverage_general(r, 4);
    test_coverage_general(r, 8);
    test_depth(r);
    test_stencil(r);
    test_sample_mask(r);
    test_alpha_to_coverage(r);
    test_sample_coverage(r);
    test_clear(r);
    test_centroid(r);
    test_points_lines(r);
    rast_context_destroy(r);
    test_threads();
    free(vpp);
    free(fpp_color);
    gp_program_free(vp);
    gp_program_free(fp_color);
    RT_DONE();
}
