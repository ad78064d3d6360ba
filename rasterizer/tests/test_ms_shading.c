/*
 * test_ms_shading.c - how often the fragment program runs on multisample
 * framebuffers (rast.h "Multisampling"): once per pixel normally, once per
 * covered sample when the program reads fragment.sampleid or declares a
 * SAMPLE attribute; the NV5 sample inputs and result.samplemask; HSR per
 * sample with one shading per pixel; and bit-identical planes for 1, 2, 4
 * threads.  The run count is observed through rast_stats.fragments_shaded
 * (live lanes the program ran on) and through programs that write
 * fragment.sampleid / samplemask into a float colour buffer.
 *
 * The geometry is test_multisample.c's rectangle edge: x in [0, 627/256) of
 * a 16x16 window (one big triangle), so pixels 0 and 1 of each row are covered at all 4 samples
 * and pixel 2 (centre x 2.5, right edge 2.449) only at the samples left of
 * the edge: 4x positions (1/16 pixel, y up) s0 (-2, -6), s1 (6, -2),
 * s2 (-6, 2), s3 (2, 6), i.e. x = 2.375, 2.875, 2.125, 2.625, so samples 0
 * and 2: mask 0x5.  Pixel 2's centre (2.5) is outside, but the pixel is
 * still shaded once, at the centre (its samples' coverage decides).
 *
 * covers: BIND.F.SAMPLEMASK BIND.F.SAMPLEID BIND.R.SAMPLEMASK DT.SAMPLE
 */
#include "rast_test.h"

static const int POS4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};

#define W 16
#define H 16
#define X1 (627.0f / 256.0f)

typedef struct ms_fb {
    int w, h, n;
    float *color;
    float *depth;
    rast_framebuffer fb;
} ms_fb;

/* RGBA32F colour and depth with n samples (n = 0: single-sampled) */
static void ms_init(ms_fb *m, int w, int h, int n)
{
    memset(m, 0, sizeof(*m));
    int planes = n > 1 ? n : 1;
    m->w = w;
    m->h = h;
    m->n = planes;
    m->color = calloc((size_t)w * h * planes, 16);
    m->depth = calloc((size_t)w * h * planes, 4);
    m->fb.width = w;
    m->fb.height = h;
    m->fb.color[0] = (rast_surface){.data = m->color, .width = w, .height = h, .stride = (size_t)w * 16,
                                    .format = TEX_FMT_RGBA32F, .samples = n,
                                    .sample_stride = (size_t)w * h * 16};
    m->fb.depth = (rast_surface){.data = m->depth, .width = w, .height = h, .stride = (size_t)w * 4,
                                 .format = TEX_FMT_DEPTH32F, .samples = n, .sample_stride = (size_t)w * h * 4};
}

static void ms_free(ms_fb *m)
{
    free(m->color);
    free(m->depth);
}

static const float *pxf(const ms_fb *m, int s, int x, int y)
{
    return m->color + ((size_t)s * m->w * m->h + (size_t)y * m->w + x) * 4;
}

static void clear_all(rast_context *r, const ms_fb *m, float v)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH;
    for (int i = 0; i < 4; i++)
        c.color[i] = v;
    c.depth = 1.0;
    c.depth_write = true;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(r, &m->fb, &c);
}

static gp_program *vp;
static gp_val (*vpp)[4];
/* texcoord[0] also to texcoord[1] (unclamped, unlike colours) */
static const char *const VP_SRC = "!!ARBvp1.0\n"
                                  "MOV result.position, vertex.position;\n"
                                  "MOV result.color, vertex.color;\n"
                                  "MOV result.texcoord[0], vertex.texcoord[0];\n"
                                  "MOV result.texcoord[1], vertex.texcoord[0];\n"
                                  "END\n";

typedef struct vtx {
    float x, y, z;
    float c[4];
} vtx;

/* Draws n vertices (window coordinates); returns fragments_shaded. */
static uint64_t draw(rast_context *r, const ms_fb *m, const vtx *v, int n, const rast_state *st,
                     const gp_program *fp)
{
    float *pos = malloc(sizeof(float) * 4 * (size_t)n), *col = malloc(sizeof(float) * 4 * (size_t)n);
    for (int i = 0; i < n; i++) {
        pos[i * 4 + 0] = rt_ndc(v[i].x, m->w);
        pos[i * 4 + 1] = rt_ndc(v[i].y, m->h);
        pos[i * 4 + 2] = (float)(v[i].z * 2.0 - 1.0);
        pos[i * 4 + 3] = 1.0f;
        memcpy(col + i * 4, v[i].c, sizeof(float) * 4);
    }
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    rast_draw d;
    rt_draw_init(&d, &(rt_fb){.w = m->w, .h = m->h}, vp, (const gp_val(*)[4])vpp, fp,
                 (const gp_val(*)[4])fpp);
    d.fb = &m->fb;
    d.state = *st;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rt_attrib(&d, GP_VIN_TEX0, col, 4);
    d.count = n;
    rast_flush(r);
    rast_stats_reset(r);
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "draw");
    rast_flush(r);
    rast_stats s;
    rast_stats_get(r, &s);
    free(pos);
    free(col);
    free(fpp);
    return s.fragments_shaded;
}

static void ms_state(rast_state *st)
{
    rt_state_default(st, W, H);
    st->multisample = true;
    st->depth_test = false;
}

/* One triangle (a rectangle's diagonal would split pixels between two
 * primitives, each shaded on its own) covering the window part x < x1,
 * with a vertical right edge at x1; x1 >= W: the whole window.
 * texcoord[0] = window (x, y). */
static void rect_verts(vtx v[3], float x1, float z)
{
    const float xs[3] = {-60, x1, x1}, ys[3] = {8, -40, 56};
    for (int i = 0; i < 3; i++)
        v[i] = (vtx){xs[i], ys[i], z, {xs[i], ys[i], 0, 1}};
}

static gp_program *fp_compile(const char *src)
{
    return rt_compile(GP_STAGE_FRAGMENT, src);
}

/* Per pixel: the program runs once per pixel with a covered sample (48 =
 * 3 pixels x 16 rows, not the 160 covered samples), fragment.samplemask is
 * that pixel's coverage, and every covered sample takes the one result. */
static void test_per_pixel_samplemask(rast_context *r)
{
    gp_program *fp = fp_compile("!!NVfp5.0\n"
                                "I2F.U result.color.x, fragment.samplemask;\n"
                                "MOV result.color.yzw, 1;\n"
                                "END\n");
    ms_fb m;
    ms_init(&m, W, H, 4);
    clear_all(r, &m, -1.0f);
    vtx v[3];
    rect_verts(v, X1, 0.5f);
    rast_state st;
    ms_state(&st);
    uint64_t shaded = draw(r, &m, v, 3, &st, fp);
    CHECK(shaded == 3 * H, "per-pixel shading ran %llu times, want %d", (unsigned long long)shaded, 3 * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < 4; x++)
            for (int s = 0; s < 4; s++) {
                float want = x < 2 ? 15.0f : (x == 2 && (s == 0 || s == 2)) ? 5.0f : -1.0f;
                CHECK(pxf(&m, s, x, y)[0] == want, "pixel (%d,%d) sample %d: %g, want %g", x, y, s,
                      pxf(&m, s, x, y)[0], want);
            }
    ms_free(&m);
    gp_program_free(fp);
}

/* Per sample (fragment.sampleid): once per covered sample (160), sampleid =
 * the plane, samplemask = just that sample's bit (rast.h). */
static void test_per_sample_id(rast_context *r)
{
    gp_program *fp = fp_compile("!!NVfp5.0\n"
                                "I2F.S result.color.x, fragment.sampleid;\n"
                                "I2F.U result.color.y, fragment.samplemask;\n"
                                "MOV result.color.zw, 1;\n"
                                "END\n");
    const gp_program_info *info = gp_program_get_info(fp);
    CHECK(info->inputs_sample == (1ull << GP_VARY_SAMPLE), "inputs_sample %llx",
          (unsigned long long)info->inputs_sample);
    ms_fb m;
    ms_init(&m, W, H, 4);
    clear_all(r, &m, -1.0f);
    vtx v[3];
    rect_verts(v, X1, 0.5f);
    rast_state st;
    ms_state(&st);
    uint64_t shaded = draw(r, &m, v, 3, &st, fp);
    CHECK(shaded == 10 * H, "per-sample shading ran %llu times, want %d", (unsigned long long)shaded, 10 * H);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < 4; x++)
            for (int s = 0; s < 4; s++) {
                bool cov = x < 2 || (x == 2 && (s == 0 || s == 2));
                float wx = cov ? (float)s : -1.0f, wy = cov ? (float)(1 << s) : -1.0f;
                CHECK(pxf(&m, s, x, y)[0] == wx && pxf(&m, s, x, y)[1] == wy,
                      "pixel (%d,%d) sample %d: (%g, %g), want (%g, %g)", x, y, s, pxf(&m, s, x, y)[0],
                      pxf(&m, s, x, y)[1], wx, wy);
            }
    /* MULTISAMPLE off: single-sample rasterization, one run per pixel,
     * sample 0, every sample of the pixel covered */
    clear_all(r, &m, -1.0f);
    st.multisample = false;
    shaded = draw(r, &m, v, 3, &st, fp);
    CHECK(shaded == 2 * H, "multisample off: %llu runs, want %d", (unsigned long long)shaded, 2 * H);
    CHECK(pxf(&m, 3, 1, 4)[0] == 0.0f && pxf(&m, 3, 1, 4)[1] == 15.0f, "multisample off: (%g, %g)",
          pxf(&m, 3, 1, 4)[0], pxf(&m, 3, 1, 4)[1]);
    ms_free(&m);
    gp_program_free(fp);
}

/* SAMPLE attribute: texcoord[0] = window (x, y) is evaluated at the
 * sample, so 16 * (t - fragment.position) is the sample's offset from the
 * centre; the CENTROID / centre attribute of the same program does not
 * move (fragment.position stays the pixel centre). */
static void test_sample_attrib(rast_context *r)
{
    gp_program *fp = fp_compile("!!NVfp5.0\n"
                                "SAMPLE ATTRIB t = fragment.texcoord[0];\n"
                                "ATTRIB c = fragment.texcoord[1];\n"
                                "TEMP d;\n"
                                "SUB d.xy, t, fragment.position;\n"
                                "SUB d.zw, c.xyxy, fragment.position.xyxy;\n"
                                "MUL result.color, d, 16;\n"
                                "END\n");
    const gp_program_info *info = gp_program_get_info(fp);
    CHECK(info->inputs_sample == (1ull << GP_VARY_TEX0), "inputs_sample %llx",
          (unsigned long long)info->inputs_sample);
    ms_fb m;
    ms_init(&m, W, H, 4);
    clear_all(r, &m, -100.0f);
    vtx v[3];
    rect_verts(v, (float)W, 0.5f);
    rast_state st;
    ms_state(&st);
    uint64_t shaded = draw(r, &m, v, 3, &st, fp);
    CHECK(shaded == 4 * W * H, "SAMPLE attribute: %llu runs, want %d", (unsigned long long)shaded, 4 * W * H);
    for (int y = 0; y < H; y += 5)
        for (int x = 0; x < W; x += 3)
            for (int s = 0; s < 4; s++) {
                const float *c = pxf(&m, s, x, y);
                CHECK(fabsf(c[0] - (float)POS4[s][0]) < 1e-3f && fabsf(c[1] - (float)POS4[s][1]) < 1e-3f &&
                          fabsf(c[2]) < 1e-3f && fabsf(c[3]) < 1e-3f,
                      "pixel (%d,%d) sample %d: (%g, %g, %g, %g), want (%d, %d, 0, 0)", x, y, s, c[0], c[1],
                      c[2], c[3], POS4[s][0], POS4[s][1]);
            }
    ms_free(&m);
    gp_program_free(fp);
}

/* result.samplemask ANDs the coverage: 0x5 writes samples 0 and 2 only,
 * an exact 50% resolve of 1.0 over 0.0; on a single-sampled framebuffer bit
 * 0 decides, and fragment.samplemask is 1 (the centre is covered). */
static void test_result_samplemask(rast_context *r)
{
    ms_fb m;
    ms_init(&m, W, H, 4);
    clear_all(r, &m, 0.0f);
    vtx v[3];
    rect_verts(v, (float)W, 0.5f);
    rast_state st;
    ms_state(&st);
    gp_program *fp2 = fp_compile("!!NVfp5.0\n"
                                 "MOV.U result.samplemask.x, 5;\n"
                                 "I2F.U result.color.x, fragment.samplemask;\n"
                                 "MOV result.color.yzw, 1;\n"
                                 "END\n");
    uint64_t shaded = draw(r, &m, v, 3, &st, fp2);
    CHECK(shaded == W * H, "%llu runs, want %d", (unsigned long long)shaded, W * H);
    double sum = 0.0;
    for (int s = 0; s < 4; s++) {
        float want = (s == 0 || s == 2) ? 15.0f : 0.0f;
        CHECK(pxf(&m, s, 7, 7)[0] == want, "sample %d: %g, want %g", s, pxf(&m, s, 7, 7)[0], want);
        sum += pxf(&m, s, 7, 7)[3];
    }
    CHECK(sum / 4.0 == 0.5, "resolve of alpha %g, want 0.5", sum / 4.0);
    ms_free(&m);
    /* single-sampled: samplemask 5 keeps the fragment (bit 0), 6 drops it */
    ms_init(&m, W, H, 0);
    clear_all(r, &m, 0.0f);
    draw(r, &m, v, 3, &st, fp2);
    CHECK(pxf(&m, 0, 3, 3)[0] == 1.0f && pxf(&m, 0, 3, 3)[3] == 1.0f, "single-sample mask 5: (%g, %g)",
          pxf(&m, 0, 3, 3)[0], pxf(&m, 0, 3, 3)[3]);
    gp_program *fp6 = fp_compile("!!NVfp5.0\n"
                                 "MOV.U result.samplemask.x, 6;\n"
                                 "MOV result.color, 1;\n"
                                 "END\n");
    clear_all(r, &m, 0.0f);
    draw(r, &m, v, 3, &st, fp6);
    CHECK(pxf(&m, 0, 3, 3)[3] == 0.0f, "single-sample mask 6 wrote %g", pxf(&m, 0, 3, 3)[3]);
    ms_free(&m);
    gp_program_free(fp2);
    gp_program_free(fp6);
}

/* Hidden-surface removal per sample with one shading per pixel: a far
 * full-window rectangle, then a near one over x < X1 (deferred mode, depth
 * test LESS).  Pixel 2's samples 0 and 2 show the near colour, 1 and 3 the
 * far one; the near rectangle is shaded once per pixel (48), the far one
 * only where some sample stays visible (pixel 2 and x >= 3: 14 pixels a
 * row, 224), not where the near rectangle hides it. */
static void test_hsr(rast_context *r)
{
    gp_program *fp = fp_compile("!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n");
    ms_fb m;
    ms_init(&m, W, H, 4);
    clear_all(r, &m, 0.0f);
    vtx far[3], near[3];
    rect_verts(far, (float)W, 0.75f);
    rect_verts(near, X1, 0.25f);
    for (int i = 0; i < 3; i++) {
        far[i].c[0] = 1.0f, far[i].c[1] = 0.0f, far[i].c[2] = 0.0f;
        near[i].c[0] = 0.0f, near[i].c[1] = 1.0f, near[i].c[2] = 0.0f;
    }
    vtx both[6];
    memcpy(both, far, sizeof(far));
    memcpy(both + 3, near, sizeof(near));
    rast_state st;
    ms_state(&st);
    st.depth_test = true;
    st.depth_func = GL_LESS;
    uint64_t shaded = draw(r, &m, both, 6, &st, fp);
    CHECK(shaded == 3 * H + 14 * H, "HSR: %llu runs, want %d", (unsigned long long)shaded, 17 * H);
    for (int s = 0; s < 4; s++) {
        bool near2 = s == 0 || s == 2;
        CHECK(pxf(&m, s, 2, 6)[1] == (near2 ? 1.0f : 0.0f) && pxf(&m, s, 2, 6)[0] == (near2 ? 0.0f : 1.0f),
              "pixel 2 sample %d: (%g, %g)", s, pxf(&m, s, 2, 6)[0], pxf(&m, s, 2, 6)[1]);
        CHECK(pxf(&m, s, 1, 6)[1] == 1.0f && pxf(&m, s, 5, 6)[0] == 1.0f, "sample %d elsewhere", s);
    }
    ms_free(&m);
    gp_program_free(fp);
}

/* Bit-identical planes for 1, 2 and 4 threads: random overlapping
 * triangles over several tiles, blended, with a per-sample program and a
 * result.samplemask program. */
static void render_scene(int threads, ms_fb *m, const gp_program *fp_ps, const gp_program *fp_mask)
{
    rast_context *r = rast_context_create(threads);
    clear_all(r, m, 0.25f);
    rt_rand_state = 4242u;
    enum { N = 240 };
    vtx *v = malloc(sizeof(vtx) * N * 3);
    for (int i = 0; i < N * 3; i++) {
        v[i].x = rt_randf(-10.0f, (float)m->w + 10.0f);
        v[i].y = rt_randf(-10.0f, (float)m->h + 10.0f);
        v[i].z = rt_randf(0.0f, 1.0f);
        for (int c = 0; c < 4; c++)
            v[i].c[c] = rt_randf(0.0f, 1.0f);
    }
    rast_state st;
    rt_state_default(&st, m->w, m->h);
    st.viewport[2] = m->w;
    st.viewport[3] = m->h;
    st.multisample = true;
    st.depth_test = true;
    st.depth_func = GL_LEQUAL;
    st.blend_buffers = 0xff;
    st.blend_src_rgb = st.blend_src_alpha = GL_SRC_ALPHA;
    st.blend_dst_rgb = st.blend_dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
    draw(r, m, v, N * 3 / 2, &st, fp_ps);
    st.blend_buffers = 0;
    draw(r, m, v + N * 3 / 2, N * 3 / 2, &st, fp_mask);
    free(v);
    rast_context_destroy(r);
}

static void test_threads(void)
{
    gp_program *fp_ps = fp_compile("!!NVfp5.0\n"
                                   "SAMPLE ATTRIB t = fragment.texcoord[0];\n"
                                   "TEMP c;\n"
                                   "I2F.S c.x, fragment.sampleid;\n"
                                   "MAD result.color, c.x, 0.125, t;\n"
                                   "END\n");
    gp_program *fp_mask = fp_compile("!!NVfp5.0\n"
                                     "TEMP c;\n"
                                     "MUL c, fragment.color, 255;\n"
                                     "TRUNC.U c.x, c.x;\n"
                                     "MOV.U result.samplemask.x, c.x;\n"
                                     "MOV result.color, fragment.color;\n"
                                     "END\n");
    ms_fb ref, m;
    ms_init(&ref, 100, 70, 4);
    render_scene(1, &ref, fp_ps, fp_mask);
    for (int t = 2; t <= 4; t += 2) {
        ms_init(&m, 100, 70, 4);
        render_scene(t, &m, fp_ps, fp_mask);
        CHECK(memcmp(ref.color, m.color, (size_t)100 * 70 * 4 * 16) == 0, "colour planes differ with %d threads", t);
        CHECK(memcmp(ref.depth, m.depth, (size_t)100 * 70 * 4 * 4) == 0, "depth planes differ with %d threads", t);
        ms_free(&m);
    }
    CHECK(memcmp(ref.color, ref.color + 100 * 70 * 4, 100 * 70 * 16) != 0, "planes 0 and 1 equal");
    ms_free(&ref);
    gp_program_free(fp_ps);
    gp_program_free(fp_mask);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, VP_SRC);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_per_pixel_samplemask(r);
    test_per_sample_id(r);
    test_sample_attrib(r);
    test_result_samplemask(r);
    test_hsr(r);
    rast_context_destroy(r);
    test_threads();
    free(vpp);
    gp_program_free(vp);
    RT_DONE();
}
