/*
 * test_punch.c - punch-through (rast_hsr.c hsr_punch): programs with KIL or
 * a depth write run their deciding part on every covered fragment and the
 * whole program only on the fragments visible at the end.  Checked: the
 * number of fragments the whole program runs on is the visible count, not
 * layers x pixels (rast_stats.fragments_shaded: the lanes rast_shade_task
 * ran the program on); the number of decisions (fragments_punched) in
 * submission order (RAST_DEBUG_PUNCH_IN_ORDER: every layer) and nearest
 * first (the front layer, then the killed pixels in order), by hand;
 * pixels and depth of alpha-tested layers and of a KIL program writing
 * depth, by hand; blending and the alpha test keep in-order shading;
 * random scenes of KIL, depth-writing, derivative, blended and
 * stencil-writing primitives give the same colour, depth and stencil bits
 * nearest first, in submission order and with RAST_DEBUG_NO_PUNCH, at 1
 * and 3 threads.  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp_color, *fp_kil, *fp_kdepth, *fp_kderiv;
static gp_val(*vpp)[4];

static const char *const FP_KIL =
    "!!ARBfp1.0\n"
    "PARAM thr = program.local[0];\n"
    "TEMP t, c;\n"
    "SUB t, fragment.texcoord[0].x, thr.x;\n"
    "KIL t;\n"
    "MUL c, fragment.color, {1, 1, 1, 1};\n"
    "MOV result.color, c;\n"
    "END\n";
/* kills where texcoord.x < thr.x, writes depth thr.y */
static const char *const FP_KIL_DEPTH =
    "!!ARBfp1.0\n"
    "PARAM thr = program.local[0];\n"
    "TEMP t;\n"
    "SUB t, fragment.texcoord[0].x, thr.x;\n"
    "KIL t;\n"
    "MOV result.depth.z, thr.y;\n"
    "MOV result.color, fragment.color;\n"
    "END\n";
/* the kill depends on derivatives (the quad's other lanes), the colour on
 * values the decision also computes */
static const char *const FP_KIL_DERIV =
    "!!ARBfp1.0\n"
    "OPTION NV_fragment_program;\n"
    "TEMP t, u, c;\n"
    "MUL t, fragment.texcoord[0], fragment.texcoord[0];\n"
    "DDX u, t;\n"
    "SUB c, u, 0.02;\n"
    "KIL c.xyxy;\n"
    "MAD result.color, u, 4.0, fragment.color;\n"
    "END\n";

static gp_val (*params1(const gp_program *p, float x, float y))[4]
{
    float local[1][4] = {{x, y, 0, 0}};
    return rt_params(p, NULL, 0, (const float(*)[4])local, 1);
}

/* A full-window quad at depth z, colour col, texcoord x 0..1 left to right. */
static void draw_layer(rast_context *r, const rt_fb *f, const gp_program *fp, const gp_val (*fpp)[4],
                       float z, const float col[4], bool blend)
{
    float pos[16] = {-1, -1, z, 1, 1, -1, z, 1, 1, 1, z, 1, -1, 1, z, 1};
    float tc[16] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    float c[16];
    for (int k = 0; k < 16; k++)
        c[k] = col[k % 4];
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    d.state.depth_test = true;
    if (blend) {
        d.state.blend_buffers = 0xff;
        d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    }
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, c, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rast_draw_submit(r, &d);
}

/* N alpha-tested layers back to front: layer i kills texcoord.x < i/N, so
 * the band [i/N, (i+1)/N) shows layer i; with `keep`, no layer kills, and
 * the front one shows everywhere.  Returns the stats. */
static rast_stats layers(unsigned debug, int threads, rt_fb *f, bool blend, bool keep)
{
    enum { N = 8 };
    rast_context *r = rast_context_create(threads);
    rast_context_set_debug(r, debug);
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    gp_val(*pp[N])[4];
    for (int i = 0; i < N; i++) {
        pp[i] = params1(fp_kil, i == 0 || keep ? -1.0f : (float)i / N, 0);
        float col[4] = {(float)(i + 1) / N, 1.0f - (float)i / N, 0.5f, 1.0f};
        draw_layer(r, f, fp_kil, (const gp_val(*)[4])pp[i], 0.9f - 0.1f * (float)i, col, blend);
    }
    rast_flush(r);
    rast_stats st;
    rast_stats_get(r, &st);
    rast_context_destroy(r);
    for (int i = 0; i < N; i++)
        free(pp[i]);
    return st;
}

static void test_layers(void)
{
    enum { W = 128, H = 40, N = 8 };
    rt_fb a, b, c, o;
    rt_fb_init(&a, W, H, RT_RGBA8 | RT_DEPTH);
    rt_fb_init(&b, W, H, RT_RGBA8 | RT_DEPTH);
    rt_fb_init(&c, W, H, RT_RGBA8 | RT_DEPTH);
    rt_fb_init(&o, W, H, RT_RGBA8 | RT_DEPTH);
    rast_stats sa = layers(0, 1, &a, false, false);
    rast_stats sb = layers(RAST_DEBUG_NO_PUNCH, 1, &b, false, false);
    rast_stats sc = layers(0, 3, &c, false, false);
    rast_stats so = layers(RAST_DEBUG_PUNCH_IN_ORDER, 1, &o, false, false);
    /* the whole program runs once per visible pixel */
    CHECK(sa.fragments_shaded == (uint64_t)W * H && so.fragments_shaded == (uint64_t)W * H,
          "layers: shaded %llu and %llu in order, visible %d", (unsigned long long)sa.fragments_shaded,
          (unsigned long long)so.fragments_shaded, W * H);
    /* in submission order the decision runs on every covered fragment of
     * every layer; nearest first on the front layer's (it kills 7/8 of
     * them), then in order on those 7/8 (every layer is nearer than the
     * last): W H + N (7/8) W H */
    CHECK(so.fragments_punched == (uint64_t)N * W * H, "layers in order: decided %llu, want %d",
          (unsigned long long)so.fragments_punched, N * W * H);
    CHECK(sa.fragments_punched == (uint64_t)W * H + (uint64_t)N * (W * 7 / 8) * H,
          "layers nearest first: decided %llu, want %d", (unsigned long long)sa.fragments_punched,
          W * H + N * (W * 7 / 8) * H);
    CHECK(sc.fragments_shaded == (uint64_t)W * H, "layers, 3 threads: shaded %llu",
          (unsigned long long)sc.fragments_shaded);
    CHECK(sb.fragments_shaded == (uint64_t)N * W * H && sb.fragments_punched == 0,
          "layers without punch-through: shaded %llu, decided %llu",
          (unsigned long long)sb.fragments_shaded, (unsigned long long)sb.fragments_punched);
    CHECK(memcmp(a.c8, b.c8, (size_t)W * H * 4) == 0, "layers: colour differs from in-order");
    CHECK(memcmp(a.depth, b.depth, (size_t)W * H * 4) == 0, "layers: depth differs from in-order");
    CHECK(memcmp(a.c8, c.c8, (size_t)W * H * 4) == 0, "layers: colour differs at 3 threads");
    CHECK(memcmp(a.c8, o.c8, (size_t)W * H * 4) == 0 && memcmp(a.depth, o.depth, (size_t)W * H * 4) == 0,
          "layers: nearest first differs from submission order");
    /* nothing killed: nearest first decides the front layer only, which
     * shows everywhere at its depth */
    rast_stats sk = layers(0, 1, &c, false, true);
    rast_stats sko = layers(RAST_DEBUG_PUNCH_IN_ORDER, 1, &o, false, true);
    CHECK(sk.fragments_punched == (uint64_t)W * H && sko.fragments_punched == (uint64_t)N * W * H,
          "layers kept: decided %llu nearest first (want %d), %llu in order (want %d)",
          (unsigned long long)sk.fragments_punched, W * H, (unsigned long long)sko.fragments_punched,
          N * W * H);
    CHECK(memcmp(c.c8, o.c8, (size_t)W * H * 4) == 0 && memcmp(c.depth, o.depth, (size_t)W * H * 4) == 0,
          "layers kept: nearest first differs from submission order");
    {
        int wr = 255, wg = (int)((1.0f - (float)(N - 1) / N) * 255.0f + 0.5f);
        const uint8_t *p = rt_px8(&c, W / 3, H / 2);
        float z = c.depth[(size_t)(H / 2) * W + W / 3], want = (0.9f - 0.1f * (N - 1)) * 0.5f + 0.5f;
        CHECK(p[0] == wr && p[1] == wg && fabsf(z - want) < 1e-5f, "layers kept: (%d %d) depth %g, want (%d %d) %g",
              p[0], p[1], z, wr, wg, want);
    }
    rt_fb_free(&o);
    /* band i (its middle column) shows layer i at its depth */
    for (int i = 0; i < N; i++) {
        int x = i * (W / N) + W / N / 2, y = H / 2;
        const uint8_t *p = rt_px8(&a, x, y);
        int wr = (int)((float)(i + 1) / N * 255.0f + 0.5f), wg = (int)((1.0f - (float)i / N) * 255.0f + 0.5f);
        CHECK(p[0] == wr && p[1] == wg && p[2] == 128, "band %d: (%d %d %d) want (%d %d 128)", i, p[0],
              p[1], p[2], wr, wg);
        float z = a.depth[(size_t)y * W + x], want = (0.9f - 0.1f * (float)i) * 0.5f + 0.5f;
        CHECK(fabsf(z - want) < 1e-5f, "band %d: depth %g want %g", i, z, want);
    }
    /* blending: every layer shaded in order, no decision run */
    rt_fb d;
    rt_fb_init(&d, W, H, RT_RGBA8 | RT_DEPTH);
    rast_stats sd = layers(0, 1, &d, true, false);
    rast_stats se = layers(RAST_DEBUG_NO_PUNCH, 1, &b, true, false);
    CHECK(sd.fragments_punched == 0, "blend: decided %llu", (unsigned long long)sd.fragments_punched);
    CHECK(sd.fragments_shaded == se.fragments_shaded, "blend: shaded %llu vs %llu",
          (unsigned long long)sd.fragments_shaded, (unsigned long long)se.fragments_shaded);
    CHECK(memcmp(d.c8, b.c8, (size_t)W * H * 4) == 0, "blend: colour differs");
    /* the rightmost band adds every layer: red (1 + .. + 8) / 8 > 1 */
    CHECK(rt_px8(&d, W - 4, H / 2)[0] == 255, "blend: red %d", rt_px8(&d, W - 4, H / 2)[0]);
    rt_fb_free(&a);
    rt_fb_free(&b);
    rt_fb_free(&c);
    rt_fb_free(&d);
}

/* A KIL program writing depth 0.2 where it keeps the fragment (right
 * half), then an opaque layer at window depth 0.75: visible only where the
 * first one was killed. */
static void test_depth_write(void)
{
    enum { W = 64, H = 32 };
    for (int mode = 0; mode < 2; mode++) {
        rt_fb f;
        rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
        rast_context *r = rast_context_create(2);
        rast_context_set_debug(r, mode ? RAST_DEBUG_NO_PUNCH : 0);
        rt_clear(r, &f, 0, 0, 0, 0, 1.0);
        gp_val(*pk)[4] = params1(fp_kdepth, 0.5f, 0.2f);
        gp_val(*pc)[4] = rt_params(fp_color, NULL, 0, NULL, 0);
        const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1};
        draw_layer(r, &f, fp_kdepth, (const gp_val(*)[4])pk, 0.9f, red, false);
        draw_layer(r, &f, fp_color, (const gp_val(*)[4])pc, 0.5f, green, false);
        rast_flush(r);
        rast_stats st;
        rast_stats_get(r, &st);
        const uint8_t *left = rt_px8(&f, 5, 9), *right = rt_px8(&f, W - 5, 9);
        CHECK(left[0] == 0 && left[1] == 255, "depth write (%d): left (%d %d) want green", mode, left[0],
              left[1]);
        CHECK(right[0] == 255 && right[1] == 0, "depth write (%d): right (%d %d) want red", mode,
              right[0], right[1]);
        CHECK(f.depth[9 * W + 5] == 0.75f, "depth write (%d): left depth %g", mode, f.depth[9 * W + 5]);
        CHECK(f.depth[9 * W + W - 5] == 0.2f, "depth write (%d): right depth %g", mode,
              f.depth[9 * W + W - 5]);
        if (mode == 0)
            CHECK(st.fragments_shaded == (uint64_t)W * H && st.fragments_punched == (uint64_t)W * H,
                  "depth write: shaded %llu decided %llu", (unsigned long long)st.fragments_shaded,
                  (unsigned long long)st.fragments_punched);
        rast_context_destroy(r);
        free(pk);
        free(pc);
        rt_fb_free(&f);
    }
}

/* ---- random scenes ------------------------------------------------------------- */

typedef struct tri {
    float pos[12], col[12], tc[12];
    int kind; /* 0 opaque, 1 blended, 2 KIL, 3 KIL + depth write, 4 KIL on derivatives */
    float thr[2];
    GLenum func;
    bool stencil;
} tri;

/* one_func: every triangle LEQUAL without stencil, so that long runs of
 * KIL and opaque triangles make nearest-first regions */
static void random_tri(tri *t, bool one_func)
{
    float cx = rt_randf(-1.2f, 1.2f), cy = rt_randf(-1.2f, 1.2f), z = rt_randf(-0.9f, 0.9f);
    for (int i = 0; i < 3; i++) {
        float w = rt_randf(0.5f, 2.0f);
        t->pos[i * 4 + 0] = (cx + rt_randf(-0.8f, 0.8f)) * w;
        t->pos[i * 4 + 1] = (cy + rt_randf(-0.8f, 0.8f)) * w;
        t->pos[i * 4 + 2] = (z + rt_randf(-0.1f, 0.1f)) * w;
        t->pos[i * 4 + 3] = w;
        for (int c = 0; c < 4; c++) {
            t->col[i * 4 + c] = rt_randf(0.0f, 1.0f);
            t->tc[i * 4 + c] = rt_randf(0.0f, 1.0f);
        }
        t->col[i * 4 + 3] = 0.5f;
    }
    t->kind = (int)(rt_rand() % 5);
    t->thr[0] = rt_randf(0.2f, 0.7f);
    t->thr[1] = rt_randf(0.0f, 1.0f);
    t->func = rt_rand() % 4 == 0 ? GL_GREATER : GL_LEQUAL;
    t->stencil = rt_rand() % 3 == 0;
    if (one_func) {
        t->func = GL_LEQUAL;
        t->stencil = false;
        if (t->kind == 1 || t->kind == 3)
            t->kind = 2; /* KIL without depth write, not blended */
    }
}

static void render(unsigned debug, int threads, rt_fb *f, const tri *tris, int n, rast_stats *st)
{
    rast_context *r = rast_context_create(threads);
    rast_context_set_debug(r, debug);
    rt_clear(r, f, 0.1f, 0.2f, 0.3f, 1.0f, 0.5);
    gp_val(*pc)[4] = rt_params(fp_color, NULL, 0, NULL, 0);
    gp_val(*pv)[4] = rt_params(fp_kderiv, NULL, 0, NULL, 0);
    gp_val(**pk)[4] = calloc((size_t)n, sizeof(*pk));
    for (int i = 0; i < n; i++) {
        const tri *t = &tris[i];
        const gp_program *fp = t->kind == 2 ? fp_kil : t->kind == 3 ? fp_kdepth : t->kind == 4 ? fp_kderiv : fp_color;
        const gp_val(*pp)[4] = (const gp_val(*)[4])pc;
        if (t->kind == 2 || t->kind == 3)
            pp = (const gp_val(*)[4])(pk[i] = params1(fp, t->thr[0], t->thr[1]));
        else if (t->kind == 4)
            pp = (const gp_val(*)[4])pv;
        rast_draw d;
        rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, pp);
        rt_attrib(&d, GP_VIN_POSITION, t->pos, 4);
        rt_attrib(&d, GP_VIN_COLOR0, t->col, 4);
        rt_attrib(&d, GP_VIN_TEX0, t->tc, 4);
        d.count = 3;
        d.state.cull_mode = 0;
        d.state.depth_test = true;
        d.state.depth_func = t->func;
        if (t->kind == 1) {
            d.state.blend_buffers = 0xff;
            d.state.blend_src_rgb = d.state.blend_src_alpha = GL_SRC_ALPHA;
            d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
        }
        if (t->stencil) {
            d.state.stencil_test = true;
            for (int s = 0; s < 2; s++) {
                d.state.stencil[s].func = GL_NOTEQUAL;
                d.state.stencil[s].ref = 3;
                d.state.stencil[s].zpass_op = GL_INCR;
                d.state.stencil[s].zfail_op = GL_INVERT;
            }
        }
        rast_draw_submit(r, &d);
    }
    rast_flush(r);
    rast_stats_get(r, st);
    rast_context_destroy(r);
    for (int i = 0; i < n; i++)
        free(pk[i]);
    free(pk);
    free(pc);
    free(pv);
}

static void test_random(int W, int H, bool one_func)
{
    enum { N = 300 };
    static tri tris[N];
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], one_func);
    rt_fb a, b, c, o;
    rt_fb_init(&a, W, H, RT_RGBA8 | RT_DEPTH | RT_STENCIL);
    rt_fb_init(&b, W, H, RT_RGBA8 | RT_DEPTH | RT_STENCIL);
    rt_fb_init(&c, W, H, RT_RGBA8 | RT_DEPTH | RT_STENCIL);
    rt_fb_init(&o, W, H, RT_RGBA8 | RT_DEPTH | RT_STENCIL);
    rast_stats sa, sb, sc, so;
    render(0, 1, &a, tris, N, &sa);
    render(RAST_DEBUG_NO_PUNCH, 1, &b, tris, N, &sb);
    render(0, 3, &c, tris, N, &sc);
    render(RAST_DEBUG_PUNCH_IN_ORDER, 1, &o, tris, N, &so);
    CHECK(memcmp(a.c8, b.c8, (size_t)W * H * 4) == 0, "random %dx%d: colour differs", W, H);
    CHECK(memcmp(a.depth, b.depth, (size_t)W * H * 4) == 0, "random %dx%d: depth differs", W, H);
    CHECK(memcmp(a.stencil, b.stencil, (size_t)W * H) == 0, "random %dx%d: stencil differs", W, H);
    CHECK(memcmp(a.c8, c.c8, (size_t)W * H * 4) == 0, "random %dx%d: colour differs at 3 threads", W, H);
    CHECK(memcmp(o.c8, b.c8, (size_t)W * H * 4) == 0 && memcmp(o.depth, b.depth, (size_t)W * H * 4) == 0 &&
              memcmp(o.stencil, b.stencil, (size_t)W * H) == 0,
          "random %dx%d: submission-order punch-through differs", W, H);
    CHECK(sa.fragments_punched > 0 && sa.fragments_shaded < sb.fragments_shaded,
          "random: decided %llu, shaded %llu (in order %llu)", (unsigned long long)sa.fragments_punched,
          (unsigned long long)sa.fragments_shaded, (unsigned long long)sb.fragments_shaded);
    printf("random %dx%d%s: shaded %llu + decided %llu nearest first (%llu + %llu in submission "
           "order), %llu without punch-through\n",
           W, H, one_func ? ", LEQUAL" : "", (unsigned long long)sa.fragments_shaded,
           (unsigned long long)sa.fragments_punched, (unsigned long long)so.fragments_shaded,
           (unsigned long long)so.fragments_punched, (unsigned long long)sb.fragments_shaded);
    rt_fb_free(&o);
    rt_fb_free(&a);
    rt_fb_free(&b);
    rt_fb_free(&c);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp_color = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    fp_kil = rt_compile(GP_STAGE_FRAGMENT, FP_KIL);
    fp_kdepth = rt_compile(GP_STAGE_FRAGMENT, FP_KIL_DEPTH);
    fp_kderiv = rt_compile(GP_STAGE_FRAGMENT, FP_KIL_DERIV);
    vpp = rt_params(vp, NULL, 0, NULL, 0);

    test_layers();
    test_depth_write();
    test_random(160, 120, false);
    test_random(97, 131, false);
    test_random(160, 120, true);
    test_random(97, 131, true);

    gp_program_free(vp);
    gp_program_free(fp_color);
    gp_program_free(fp_kil);
    gp_program_free(fp_kdepth);
    gp_program_free(fp_kderiv);
    free(vpp);
    RT_DONE();
}
