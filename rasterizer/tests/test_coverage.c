/*
 * test_coverage.c - triangle coverage: a hand-computed pixel list with centres
 * exactly on edges (fill rule), winding independence, and the fill rule over
 * shared edges (a jittered mesh drawn with additive blending covers every
 * pixel exactly once).  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

/* Draws window-space triangles (x, y pairs) with additive blending of 1.0
 * into an RGBA32F buffer: afterwards .r counts how often each pixel was hit. */
static void draw_tris(rast_context *r, rt_fb *f, const double *xy, int ntris)
{
    float *pos = calloc((size_t)ntris * 3, 4 * sizeof(float));
    float *col = calloc((size_t)ntris * 3, 4 * sizeof(float));
    for (int i = 0; i < ntris * 3; i++) {
        pos[i * 4 + 0] = rt_ndc(xy[i * 2], f->w);
        pos[i * 4 + 1] = rt_ndc(xy[i * 2 + 1], f->h);
        pos[i * 4 + 2] = 0.0f;
        pos[i * 4 + 3] = 1.0f;
        col[i * 4 + 0] = 1.0f;
        col[i * 4 + 3] = 1.0f;
    }
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    d.count = ntris * 3;
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "submit");
    rast_flush(r);
    free(pos);
    free(col);
}

static void clear_f(rast_context *r, rt_fb *f)
{
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    rast_flush(r);
}

static void test_hand_list(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, 8, 8, RT_RGBA32F);
    /* (0.5,0.5) (6.5,0.5) (0.5,6.5): centres on the left edge are inside,
     * on the bottom edge and on the hypotenuse outside:
     * x >= 0, y >= 1, x + y <= 5  -> 15 pixels */
    static const double ccw[] = {0.5, 0.5, 6.5, 0.5, 0.5, 6.5};
    static const double cw[] = {0.5, 0.5, 0.5, 6.5, 6.5, 0.5};
    for (int pass = 0; pass < 2; pass++) {
        clear_f(r, &f);
        draw_tris(r, &f, pass ? cw : ccw, 1);
        int n = 0;
        for (int y = 0; y < 8; y++)
            for (int x = 0; x < 8; x++) {
                bool want = x >= 0 && y >= 1 && x + y <= 5;
                float got = rt_pxf(&f, x, y)[0];
                CHECK(got == (want ? 1.0f : 0.0f), "pass %d pixel (%d,%d) = %g want %d", pass, x, y,
                      got, want);
                n += got != 0.0f;
            }
        CHECK(n == 15, "covered %d", n);
    }
    /* the complementary triangle: top edge and the hypotenuse inclusive, the
     * right edge exclusive; together exactly x 0..5, y 1..6, once each */
    static const double both[] = {0.5, 0.5, 6.5, 0.5, 0.5, 6.5, 6.5, 0.5, 6.5, 6.5, 0.5, 6.5};
    clear_f(r, &f);
    draw_tris(r, &f, both, 2);
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 8; x++) {
            bool want = x <= 5 && y >= 1 && y <= 6;
            float got = rt_pxf(&f, x, y)[0];
            CHECK(got == (want ? 1.0f : 0.0f), "square pixel (%d,%d) = %g", x, y, got);
        }
    rt_fb_free(&f);
}

/* A grid of cells with jittered inner vertices, each cell split along a
 * random diagonal: the mesh tiles the viewport, so every pixel is hit once. */
static void test_mesh(rast_context *r, int W, int H, int N)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    double *gx = malloc(sizeof(double) * (N + 1) * (N + 1));
    double *gy = malloc(sizeof(double) * (N + 1) * (N + 1));
    for (int j = 0; j <= N; j++)
        for (int i = 0; i <= N; i++) {
            double x = (double)W * i / N, y = (double)H * j / N;
            /* jitter small enough to keep every cell convex (no folds) */
            if (i > 0 && i < N)
                x += rt_randf(-0.2f, 0.2f) * W / N;
            if (j > 0 && j < N)
                y += rt_randf(-0.2f, 0.2f) * H / N;
            /* some vertices exactly on pixel centres (when cells are big enough
             * for that not to fold them) */
            if ((i + j) % 5 == 0 && i > 0 && i < N && j > 0 && j < N && W / N >= 8 && H / N >= 8) {
                x = floor(x) + 0.5;
                y = floor(y) + 0.5;
            }
            gx[j * (N + 1) + i] = x;
            gy[j * (N + 1) + i] = y;
        }
    double *xy = malloc(sizeof(double) * N * N * 12);
    int nt = 0;
    for (int j = 0; j < N; j++)
        for (int i = 0; i < N; i++) {
            int a = j * (N + 1) + i, b = a + 1, c = a + N + 1, d = c + 1;
            int t[6];
            if (rt_rand() & 1) {
                int u[6] = {a, b, d, a, d, c};
                memcpy(t, u, sizeof(t));
            } else {
                int u[6] = {a, b, c, b, d, c};
                memcpy(t, u, sizeof(t));
            }
            if (rt_rand() & 1) { /* random winding */
                int s = t[1]; t[1] = t[2]; t[2] = s;
            }
            for (int k = 0; k < 6; k++) {
                xy[nt * 6 + k * 2] = gx[t[k]];
                xy[nt * 6 + k * 2 + 1] = gy[t[k]];
            }
            nt += 2;
        }
    clear_f(r, &f);
    draw_tris(r, &f, xy, nt);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            if (rt_pxf(&f, x, y)[0] != 1.0f) {
                if (bad < 10)
                    fprintf(stderr, "pixel (%d,%d) hit %g times\n", x, y, rt_pxf(&f, x, y)[0]);
                bad++;
            }
    CHECK(bad == 0, "mesh %dx%d/%d: %d pixels not hit exactly once", W, H, N, bad);
    free(gx);
    free(gy);
    free(xy);
    rt_fb_free(&f);
}

/* A fan of thin triangles around one centre: shared edges in every direction. */
static void test_fan(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, 96, 80, RT_RGBA32F);
    const int n = 37;
    double *xy = malloc(sizeof(double) * n * 6);
    double cx = 47.3, cy = 40.1, R = 200.0; /* far outside: clipped by the viewport */
    for (int i = 0; i < n; i++) {
        double a0 = 2 * M_PI * i / n, a1 = 2 * M_PI * (i + 1) / n;
        xy[i * 6 + 0] = cx;
        xy[i * 6 + 1] = cy;
        xy[i * 6 + 2] = cx + R * cos(a0);
        xy[i * 6 + 3] = cy + R * sin(a0);
        xy[i * 6 + 4] = cx + R * cos(a1);
        xy[i * 6 + 5] = cy + R * sin(a1);
    }
    clear_f(r, &f);
    draw_tris(r, &f, xy, n);
    int bad = 0;
    for (int y = 0; y < f.h; y++)
        for (int x = 0; x < f.w; x++)
            bad += rt_pxf(&f, x, y)[0] != 1.0f;
    CHECK(bad == 0, "fan: %d pixels not hit exactly once", bad);
    free(xy);
    rt_fb_free(&f);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    test_hand_list(r);
    test_mesh(r, 64, 64, 7);
    test_mesh(r, 100, 70, 23);
    test_mesh(r, 33, 97, 40);
    test_fan(r);
    rast_context_set_debug(r, RAST_DEBUG_NO_FASTPATH);
    test_mesh(r, 64, 64, 5);
    test_fan(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
