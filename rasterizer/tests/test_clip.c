/*
 * test_clip.c - clipping: a triangle crossing the near plane becomes the
 * expected trapezoid; triangles behind the eye, with w = 0, NaN or infinite
 * coordinates draw nothing and do not crash; huge coordinates are clipped
 * (guard band) to exactly the viewport; user clip planes (result.clip[n]).
 * Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];
static const int W = 64, H = 64;

static void draw(rast_context *r, rt_fb *f, const float *pos, int n, GLenum mode,
                 void (*tweak)(rast_draw *))
{
    float *col = malloc(sizeof(float) * 4 * (size_t)n);
    for (int i = 0; i < n; i++) {
        col[i * 4 + 0] = 1.0f;
        col[i * 4 + 1] = 0.0f;
        col[i * 4 + 2] = 0.0f;
        col[i * 4 + 3] = 1.0f;
    }
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = mode;
    d.count = n;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    d.state.blend_buffers = 0xff; /* additive: double hits show up */
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    if (tweak)
        tweak(&d);
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "submit");
    rast_flush(r);
    free(col);
}

static int count(const rt_fb *f, float v)
{
    int n = 0;
    for (int i = 0; i < f->w * f->h; i++)
        n += f->cf[i * 4] == v;
    return n;
}

static void test_near(rast_context *r, rt_fb *f)
{
    /* C is in front of the near plane (z < -w): clipped at t = 1/2 on AC and
     * BC, leaving the trapezoid A, B, (0.5, 0), (-0.5, 0) in ndc */
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, 0, 1, -2, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, pos, 3, GL_TRIANGLES, NULL);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            /* window: y < 32, and |x - 32| < 32 - y/2 (no centre lies on an edge) */
            double cx = x + 0.5, cy = y + 0.5;
            bool in = cy < 32.0 && fabs(cx - 32.0) < 32.0 - cy / 2.0;
            if (rt_pxf(f, x, y)[0] != (in ? 1.0f : 0.0f))
                bad++;
        }
    CHECK(bad == 0, "near clip: %d pixels wrong", bad);
}

static void test_degenerate(rast_context *r, rt_fb *f)
{
    const float inf = INFINITY, nan = NAN;
    const float pos[] = {
        /* behind the eye */
        -1, -1, 0, -1, 1, -1, 0, -1, 0, 1, 0, -1,
        /* w = 0 everywhere */
        -1, -1, 0, 0, 1, -1, 0, 0, 0, 1, 0, 0,
        /* NaN, inf */
        nan, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, 1,
        -1, -1, 0, 1, inf, -1, 0, 1, 0, 1, 0, 1,
        -1, -1, 0, 1, 1, -1, 0, 1, 0, 1, 0, inf,
        -1, -1, nan, 1, 1, -1, 0, 1, 0, 1, 0, 1,
        /* all vertices equal (zero area) */
        0.1f, 0.1f, 0, 1, 0.1f, 0.1f, 0, 1, 0.1f, 0.1f, 0, 1,
    };
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, pos, (int)(sizeof(pos) / sizeof(pos[0]) / 4), GL_TRIANGLES, NULL);
    CHECK(count(f, 0.0f) == W * H, "degenerate triangles drew %d pixels", W * H - count(f, 0.0f));
    /* lines and points through the same vertices: whatever finite pairs draw,
     * nothing may crash */
    draw(r, f, pos, (int)(sizeof(pos) / sizeof(pos[0]) / 4), GL_LINE_STRIP, NULL);
    draw(r, f, pos, (int)(sizeof(pos) / sizeof(pos[0]) / 4), GL_POINTS, NULL);

    /* huge but finite: a triangle covering the whole viewport exactly once */
    static const float big[] = {-1e30f, -1e30f, 0, 1, 1e30f, -1e30f, 0, 1, 0, 1e30f, 0, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, big, 3, GL_TRIANGLES, NULL);
    CHECK(count(f, 1.0f) == W * H, "huge triangle: %d pixels once", count(f, 1.0f));
    /* and with w close to 0 (vertex almost at infinity) */
    static const float far[] = {-1, -1, 0, 1, 1, -1, 0, 1e-30f, 0, 1, 0, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, far, 3, GL_TRIANGLES, NULL);
    CHECK(count(f, 2.0f) == 0, "w ~ 0: double hits");
}

static void t_clip0(rast_draw *d) { d->state.clip_planes = 1; }

static void test_user_planes(rast_context *r, rt_fb *f)
{
    gp_program *vpc = rt_compile(GP_STAGE_VERTEX,
                                 "!!ARBvp1.0\n"
                                 "OPTION NV_vertex_program2;\n"
                                 "MOV result.position, vertex.position;\n"
                                 "MOV result.color, vertex.color;\n"
                                 "MOV result.clip[0].x, vertex.position.x;\n"
                                 "END\n");
    gp_val(*vpcp)[4] = rt_params(vpc, NULL, 0, NULL, 0);
    gp_program *save = vp;
    gp_val(*savep)[4] = vpp;
    vp = vpc;
    vpp = vpcp;
    static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, quad, 4, GL_QUADS, t_clip0);
    /* x >= 0 kept: the right half, each pixel once */
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            bad += rt_pxf(f, x, y)[0] != (x >= W / 2 ? 1.0f : 0.0f);
    CHECK(bad == 0, "user plane: %d wrong", bad);
    /* disabled plane: the whole quad */
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, quad, 4, GL_QUADS, NULL);
    CHECK(count(f, 1.0f) == W * H, "plane disabled");
    /* lines and points are clipped too */
    static const float line[] = {-0.99f, 0.1f, 0, 1, 0.99f, 0.1f, 0, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, line, 2, GL_LINES, t_clip0);
    CHECK(count(f, 1.0f) == 31 || count(f, 1.0f) == 32, "clipped line has %d pixels", count(f, 1.0f));
    static const float pts[] = {-0.5f, 0, 0, 1, 0.5f, 0, 0, 1};
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    draw(r, f, pts, 2, GL_POINTS, t_clip0);
    CHECK(count(f, 1.0f) == 1, "clipped points: %d", count(f, 1.0f));
    vp = save;
    vpp = savep;
    gp_program_free(vpc);
    free(vpcp);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    test_near(r, &f);
    test_degenerate(r, &f);
    test_user_planes(r, &f);
    rt_fb_free(&f);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
