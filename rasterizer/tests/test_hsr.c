/*
 * test_hsr.c - hidden-surface removal: deferred shading gives the same image
 * as in-order shading (RAST_DEBUG_NO_HSR), for opaque layers, for a mix of
 * opaque, blended and KIL primitives, with derivatives, and for painter runs
 * (no depth test: processed backwards per tile); the number of
 * fragments shaded with HSR is the visible count; full clears drop pending
 * tags; tiles whose depth is left as the plane of the last full-tile layer
 * (written only when read: triangles after it, a scissored depth clear, the
 * end of the frame) hold the depth RAST_DEBUG_NO_FASTPATH writes pixel by
 * pixel.  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp, *fpk, *fpd;
static gp_val (*vpp)[4], (*fpp)[4], (*fpkp)[4], (*fpdp)[4];

typedef struct tri {
    float pos[12], col[12], tc[12];
    int kind; /* 0 opaque, 1 blended, 2 KIL, 3 derivatives, 4 opaque without depth test */
} tri;

static void draw_tri(rast_context *r, const rt_fb *f, const tri *t)
{
    rast_draw d;
    const gp_program *p = t->kind == 2 ? fpk : t->kind == 3 ? fpd : fp;
    const gp_val(*pp)[4] = (const gp_val(*)[4])(t->kind == 2 ? fpkp : t->kind == 3 ? fpdp : fpp);
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, p, pp);
    rt_attrib(&d, GP_VIN_POSITION, t->pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, t->col, 4);
    rt_attrib(&d, GP_VIN_TEX0, t->tc, 4);
    d.count = 3;
    d.state.depth_test = t->kind != 4;
    d.state.depth_func = GL_LEQUAL;
    if (t->kind == 1) {
        d.state.blend_buffers = 0xff;
        d.state.blend_src_rgb = d.state.blend_src_alpha = GL_SRC_ALPHA;
        d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
        d.state.depth_write = false;
    }
    rast_draw_submit(r, &d);
}

static void random_tri(tri *t, int kind, float zscale)
{
    float cx = rt_randf(-1.2f, 1.2f), cy = rt_randf(-1.2f, 1.2f), z = rt_randf(-0.9f, 0.9f) * zscale;
    for (int i = 0; i < 3; i++) {
        float w = rt_randf(0.5f, 2.0f);
        t->pos[i * 4 + 0] = (cx + rt_randf(-0.8f, 0.8f)) * w;
        t->pos[i * 4 + 1] = (cy + rt_randf(-0.8f, 0.8f)) * w;
        t->pos[i * 4 + 2] = (z + rt_randf(-0.1f, 0.1f)) * w;
        t->pos[i * 4 + 3] = w;
        for (int c = 0; c < 4; c++) {
            t->col[i * 4 + c] = rt_randf(0.0f, 1.0f);
            t->tc[i * 4 + c] = rt_randf(-2.0f, 2.0f);
        }
        t->col[i * 4 + 3] = kind == 1 ? 0.5f : 1.0f;
    }
    t->kind = kind;
}

static void render(rast_context *r, rt_fb *f, const tri *tris, int n)
{
    rt_clear(r, f, 0.1f, 0.2f, 0.3f, 1.0f, 1.0);
    for (int i = 0; i < n; i++)
        draw_tri(r, f, &tris[i]);
    rast_flush(r);
}

static void compare_modes(const char *name, const tri *tris, int n, int W, int H)
{
    rt_fb a, b;
    rt_fb_init(&a, W, H, RT_RGBA8 | RT_DEPTH);
    rt_fb_init(&b, W, H, RT_RGBA8 | RT_DEPTH);
    rast_context *r = rast_context_create(1);
    render(r, &a, tris, n);
    rast_stats sa;
    rast_stats_get(r, &sa);
    rast_context_set_debug(r, RAST_DEBUG_NO_HSR);
    rast_stats_reset(r);
    render(r, &b, tris, n);
    rast_stats sb;
    rast_stats_get(r, &sb);
    CHECK(memcmp(a.c8, b.c8, (size_t)W * H * 4) == 0, "%s: HSR image differs from in-order", name);
    CHECK(memcmp(a.depth, b.depth, (size_t)W * H * 4) == 0, "%s: HSR depth differs", name);
    CHECK(sa.fragments_shaded <= sb.fragments_shaded, "%s: HSR shaded more (%llu > %llu)", name,
          (unsigned long long)sa.fragments_shaded, (unsigned long long)sb.fragments_shaded);
    printf("%s: shaded %llu with HSR (%llu hidden), %llu in order\n", name,
           (unsigned long long)sa.fragments_shaded, (unsigned long long)sa.fragments_hidden,
           (unsigned long long)sb.fragments_shaded);
    rast_context_destroy(r);
    rt_fb_free(&a);
    rt_fb_free(&b);
}

/* Full-screen layers: with HSR exactly one fragment per pixel is shaded. */
static void test_layers(void)
{
    const int W = 100, H = 75, N = 12;
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    rast_context *r = rast_context_create(1);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    for (int i = 0; i < N; i++) {
        float z = 0.9f - 0.1f * i; /* back to front: every layer hides the last */
        float pos[16] = {-1, -1, z, 1, 1, -1, z, 1, 1, 1, z, 1, -1, 1, z, 1};
        float col[16];
        for (int k = 0; k < 16; k++)
            col[k] = (float)((i * 7 + k % 4) % 11) / 10.0f;
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        d.mode = GL_QUADS;
        d.count = 4;
        d.state.depth_test = true;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_COLOR0, col, 4);
        rast_draw_submit(r, &d);
    }
    rast_flush(r);
    rast_stats st;
    rast_stats_get(r, &st);
    CHECK(st.fragments_shaded == (uint64_t)W * H, "layers: shaded %llu, visible %d",
          (unsigned long long)st.fragments_shaded, W * H);
    CHECK(st.fragments_hidden == (uint64_t)(N - 1) * W * H, "layers: hidden %llu",
          (unsigned long long)st.fragments_hidden);
    /* the last layer is the nearest */
    const uint8_t *p = rt_px8(&f, 50, 40);
    uint8_t want = (uint8_t)((float)(((N - 1) * 7) % 11) / 10.0f * 255.0f + 0.5f);
    CHECK(p[0] == want, "layers: pixel %d want %d", p[0], want);

    /* a full clear drops everything still pending */
    rast_stats_reset(r);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    for (int i = 0; i < 3; i++) {
        float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
        float col[16] = {0};
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        d.mode = GL_QUADS;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_COLOR0, col, 4);
        rast_draw_submit(r, &d);
    }
    rt_clear(r, &f, 1, 1, 1, 1, 1.0);
    rast_flush(r);
    rast_stats_get(r, &st);
    CHECK(st.fragments_shaded == 0, "clear: shaded %llu", (unsigned long long)st.fragments_shaded);
    CHECK(rt_px8(&f, 3, 3)[0] == 255, "clear colour");
    rast_context_destroy(r);
    rt_fb_free(&f);
}

/* A full-window quad at NDC depth z0 - 0.02 .. z0 + 0.01, sloping with x
 * and y (so a plane's pixels differ; steps of 0.05 put a layer in front
 * of the last over the whole tile); i picks its colour. */
static void sloped_layer(rast_context *r, const rt_fb *f, int i, float z0)
{
    float pos[16] = {-1, -1, z0, 1, 1, -1, z0 - 0.02f, 1, 1, 1, z0 - 0.01f, 1, -1, 1, z0 + 0.01f, 1};
    float col[16];
    for (int k = 0; k < 16; k++)
        col[k] = (float)((i * 5 + k % 4) % 9) / 8.0f;
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    d.state.depth_test = true;
    d.state.depth_func = GL_LEQUAL;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
}

/* whole: the full scene; else up to the triangles */
static void depth_plane_scene(unsigned debug, rt_fb *f, const tri *tris, int n, bool whole)
{
    rast_context *r = rast_context_create(1);
    rast_context_set_debug(r, debug);
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    for (int i = 0; i < 6; i++) /* among the triangles (window depth 0.31 .. 0.69) */
        sloped_layer(r, f, i, 0.1f - 0.05f * (float)i);
    for (int i = 0; i < n; i++) /* read the planes per pixel */
        draw_tri(r, f, &tris[i]);
    /* and a triangle inside the tile at x 64..95, y 0..31 (off the
     * layers' diagonal, so they cover it whole), through the planes */
    tri probe = {.kind = 0};
    const float px[3] = {66, 94, 80}, py[3] = {2, 2, 30}, pz[3] = {-0.2f, 0.95f, 0.6f};
    for (int v = 0; v < 3; v++) {
        probe.pos[v * 4 + 0] = rt_ndc(px[v], f->fb.width);
        probe.pos[v * 4 + 1] = rt_ndc(py[v], f->fb.height);
        probe.pos[v * 4 + 2] = pz[v];
        probe.pos[v * 4 + 3] = 1;
        for (int k = 0; k < 4; k++)
            probe.col[v * 4 + k] = k == 3 ? 1.0f : 0.3f * (float)(v + k) / 4.0f;
    }
    draw_tri(r, f, &probe);
    if (!whole) {
        rast_flush(r);
        rast_context_destroy(r);
        return;
    }
    for (int i = 6; i < 9; i++) /* in front of everything: planes again */
        sloped_layer(r, f, i, -0.45f - 0.05f * (float)(i - 6));
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_DEPTH;
    c.depth = 0.1;
    c.depth_write = true;
    c.scissor_test = true;
    c.scissor[0] = 70; /* in that tile */
    c.scissor[1] = 5;
    c.scissor[2] = 20;
    c.scissor[3] = 20;
    rast_clear(r, &f->fb, &c);
    for (int i = 9; i < 12; i++) /* behind the clear, in front of the rest */
        sloped_layer(r, f, i, -0.65f - 0.05f * (float)(i - 9));
    rast_flush(r);
    rast_context_destroy(r);
}

static void test_depth_planes(const tri *tris, int n, int W, int H)
{
    rt_fb a, b;
    rt_fb_init(&a, W, H, RT_RGBA8 | RT_DEPTH);
    rt_fb_init(&b, W, H, RT_RGBA8 | RT_DEPTH);
    depth_plane_scene(0, &a, tris, n, false);
    depth_plane_scene(RAST_DEBUG_NO_FASTPATH, &b, tris, n, false);
    CHECK(memcmp(a.depth, b.depth, (size_t)W * H * 4) == 0 && memcmp(a.c8, b.c8, (size_t)W * H * 4) == 0,
          "depth planes %dx%d, to the triangles: image differs", W, H);
    depth_plane_scene(0, &a, tris, n, true);
    depth_plane_scene(RAST_DEBUG_NO_FASTPATH, &b, tris, n, true);
    CHECK(memcmp(a.depth, b.depth, (size_t)W * H * 4) == 0, "depth planes %dx%d: depth differs", W, H);
    CHECK(memcmp(a.c8, b.c8, (size_t)W * H * 4) == 0, "depth planes %dx%d: colour differs", W, H);
    /* inside the scissored clear its 0.1 (the last layers, window depth
     * 0.115 .. 0.185, are behind it); outside it, the last layer's */
    CHECK(a.depth[15 * W + 80] == 0.1f, "depth planes: cleared depth %g", a.depth[15 * W + 80]);
    CHECK(a.depth[5 * W + 5] > 0.11f && a.depth[5 * W + 5] < 0.14f, "depth planes: depth %g",
          a.depth[5 * W + 5]);
    rt_fb_free(&a);
    rt_fb_free(&b);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    fpk = rt_compile(GP_STAGE_FRAGMENT,
                     "!!ARBfp1.0\nTEMP t;\nMOV t, fragment.texcoord[0];\nKIL t.xyxy;\n"
                     "MOV result.color, fragment.color;\nEND\n");
    fpd = rt_compile(GP_STAGE_FRAGMENT,
                     "!!ARBfp1.0\nOPTION NV_fragment_program;\nTEMP t, u;\n"
                     "MUL t, fragment.texcoord[0], fragment.texcoord[0];\n"
                     "DDX u, t;\nDDY t, t;\nMAD result.color, u, 4.0, |t|;\nEND\n");
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    fpkp = rt_params(fpk, NULL, 0, NULL, 0);
    fpdp = rt_params(fpd, NULL, 0, NULL, 0);

    test_layers();
    {
        static tri few[40];
        for (int i = 0; i < 40; i++)
            random_tri(&few[i], (int)(rt_rand() % 3), 0.3f); /* window depth 0.3 .. 0.7 */
        test_depth_planes(few, 40, 96, 64);
        test_depth_planes(few, 40, 100, 75);
    }

    enum { N = 300 };
    static tri tris[N];
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], 0, 1.0f);
    compare_modes("opaque", tris, N, 160, 120);
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], rt_rand() % 3, 1.0f);
    compare_modes("mixed", tris, N, 160, 120);
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], (rt_rand() % 4 == 0) ? 1 : 3, 1.0f);
    compare_modes("derivatives", tris, N, 131, 67);
    /* painter runs: no depth test, processed backwards per tile */
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], 4, 1.0f);
    compare_modes("painter", tris, N, 160, 120);
    for (int i = 0; i < N; i++)
        random_tri(&tris[i], (rt_rand() % 3 == 0) ? (int)(rt_rand() % 4) : 4, 1.0f);
    compare_modes("painter mixed", tris, N, 97, 131);

    gp_program_free(vp);
    gp_program_free(fp);
    gp_program_free(fpk);
    gp_program_free(fpd);
    free(vpp);
    free(fpp);
    free(fpkp);
    free(fpdp);
    RT_DONE();
}
