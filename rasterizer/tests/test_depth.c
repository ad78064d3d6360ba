/*
 * test_depth.c - depth test functions and submission order, depth range,
 * depth write mask, polygon offset (units exact at r = 2^-23, slope factor),
 * depth clamp, result.depth.z and KIL (late Z).  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];
static const int W = 16, H = 16;

/* A full-viewport quad at ndc depth z with a solid colour. */
static void quad(rast_context *r, rt_fb *f, float z, const float col[4], void (*tweak)(rast_draw *))
{
    float pos[16] = {-1, -1, z, 1, 1, -1, z, 1, 1, 1, z, 1, -1, 1, z, 1};
    float c[16];
    for (int i = 0; i < 4; i++)
        memcpy(c + i * 4, col, 16);
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    d.state.depth_test = true;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, c, 4);
    if (tweak)
        tweak(&d);
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "submit");
}

static const float RED[4] = {1, 0, 0, 1}, GREEN[4] = {0, 1, 0, 1}, BLUE[4] = {0, 0, 1, 1};

static bool all_pixels(const rt_fb *f, const float col[4])
{
    for (int i = 0; i < f->w * f->h; i++)
        for (int c = 0; c < 4; c++)
            if (f->c8[i * 4 + c] != (uint8_t)(col[c] * 255.0f + 0.5f))
                return false;
    return true;
}

static bool all_depth(const rt_fb *f, float z)
{
    for (int i = 0; i < f->w * f->h; i++)
        if (f->depth[i] != z)
            return false;
    return true;
}

static void t_greater(rast_draw *d) { d->state.depth_func = GL_GREATER; }
static void t_equal(rast_draw *d) { d->state.depth_func = GL_EQUAL; }
static void t_nowrite(rast_draw *d) { d->state.depth_write = false; }
static void t_range(rast_draw *d) { d->state.depth_range[0] = 0.25f; d->state.depth_range[1] = 0.75f; }
static void t_offset_m1(rast_draw *d) { d->state.offset_fill = true; d->state.offset_units = -1.0f; }
static void t_offset_p1(rast_draw *d) { d->state.offset_fill = true; d->state.offset_units = 1.0f; }
static void t_clamp(rast_draw *d) { d->state.depth_clamp = true; d->state.depth_func = GL_LEQUAL; }
static void t_lequal(rast_draw *d) { d->state.depth_func = GL_LEQUAL; }

static void test_order(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    /* LESS: the nearer quad wins in either order */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 0.2f, RED, NULL);
    quad(r, &f, -0.2f, GREEN, NULL);
    rast_flush(r);
    CHECK(all_pixels(&f, GREEN), "less far-near");
    CHECK(all_depth(&f, 0.5f + 0.5f * -0.2f), "depth %.9g", f.depth[0]);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, -0.2f, GREEN, NULL);
    quad(r, &f, 0.2f, RED, NULL);
    rast_flush(r);
    CHECK(all_pixels(&f, GREEN), "less near-far");
    /* equal depth with LESS: the first stays */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 0.1f, RED, NULL);
    quad(r, &f, 0.1f, GREEN, NULL);
    rast_flush(r);
    CHECK(all_pixels(&f, RED), "less equal");
    /* EQUAL passes the same quad again */
    quad(r, &f, 0.1f, BLUE, t_equal);
    rast_flush(r);
    CHECK(all_pixels(&f, BLUE), "equal");
    /* GREATER with depth cleared to 0 */
    rt_clear(r, &f, 0, 0, 0, 0, 0.0);
    quad(r, &f, -0.2f, GREEN, t_greater);
    quad(r, &f, 0.2f, RED, t_greater);
    quad(r, &f, 0.0f, BLUE, t_greater);
    rast_flush(r);
    CHECK(all_pixels(&f, RED), "greater");
    /* depth write off: colour written, depth kept */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 0.2f, RED, t_nowrite);
    rast_flush(r);
    CHECK(all_pixels(&f, RED) && all_depth(&f, 1.0f), "no write");
    /* depth range */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 0.5f, RED, t_range);
    rast_flush(r);
    CHECK(all_depth(&f, 0.5f + 0.25f * 0.5f), "range %.9g", f.depth[0]);
    rt_fb_free(&f);
}

static void test_offset(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    /* z = 0.75: one unit, r = 2^-23, is exact there */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 0.5f, RED, NULL);
    quad(r, &f, 0.5f, GREEN, t_offset_m1);
    rast_flush(r);
    CHECK(all_pixels(&f, GREEN), "offset -1 wins");
    CHECK(all_depth(&f, 0.75f - 1.0f / 8388608.0f), "offset depth %.10g", f.depth[0]);
    quad(r, &f, 0.5f, BLUE, t_offset_p1);
    rast_flush(r);
    CHECK(all_pixels(&f, GREEN), "offset +1 loses");

    /* slope: a triangle with dz/dx = 0.5/16 per pixel, factor 2 */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    float pos[12] = {-1, -1, -0.5f, 1, 1, -1, 0.5f, 1, -1, 1, -0.5f, 1};
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    d.count = 3;
    d.state.depth_test = true;
    d.state.depth_func = GL_ALWAYS;
    rast_draw_submit(r, &d);
    rast_flush(r);
    float *z0 = malloc(sizeof(float) * W * H);
    memcpy(z0, f.depth, sizeof(float) * W * H);
    d.state.offset_fill = true;
    d.state.offset_factor = 2.0f;
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0, n = 0;
    double m = 0.5 / 16.0; /* window z goes 0.25 -> 0.75 over 16 pixels */
    for (int i = 0; i < W * H; i++) {
        if (z0[i] == 1.0f)
            continue;
        n++;
        if (fabs((f.depth[i] - z0[i]) - 2.0 * m) > 1e-6)
            bad++;
    }
    CHECK(n > 50 && bad == 0, "slope offset: %d of %d bad", bad, n);
    free(z0);
    rt_fb_free(&f);
}

static void test_clamp(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, 1.5f, RED, t_lequal); /* beyond far: clipped away */
    rast_flush(r);
    CHECK(all_pixels(&f, (const float[4]){0, 0, 0, 0}), "far clip");
    quad(r, &f, 1.5f, RED, t_clamp); /* depth clamp: drawn at depth 1 */
    rast_flush(r);
    CHECK(all_pixels(&f, RED) && all_depth(&f, 1.0f), "clamp");
    rt_fb_free(&f);
}

/* result.depth.z replaces the interpolated depth (late Z); KIL discards. */
static void test_late(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    gp_program *fpd = rt_compile(GP_STAGE_FRAGMENT,
                                 "!!ARBfp1.0\n"
                                 "MOV result.color, fragment.color;\n"
                                 "MOV result.depth.z, fragment.texcoord[0].x;\n"
                                 "END\n");
    gp_program *fpk = rt_compile(GP_STAGE_FRAGMENT,
                                 "!!ARBfp1.0\n"
                                 "TEMP t;\n"
                                 "SUB t, fragment.texcoord[0], 0.5;\n"
                                 "KIL t.x;\n"
                                 "MOV result.color, fragment.color;\n"
                                 "END\n");
    gp_val(*fpdp)[4] = rt_params(fpd, NULL, 0, NULL, 0);
    gp_val(*fpkp)[4] = rt_params(fpk, NULL, 0, NULL, 0);
    /* texcoord.x: 0 at the left edge, 1 at the right (w = 1) */
    float pos[16] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    float tc[16] = {0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1};
    float col[16] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fpd, (const gp_val(*)[4])fpdp);
    d.mode = GL_QUADS;
    d.count = 4;
    d.state.depth_test = true;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float want = ((float)x + 0.5f) / W; /* exact here: powers of two */
            if (f.depth[y * W + x] != want)
                bad++;
        }
    CHECK(bad == 0, "result.depth: %d bad (d[0] = %.9g)", bad, f.depth[0]);
    /* KIL: only x >= 8 survive (texcoord.x - 0.5 >= 0) and write depth 0.5 */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    d.fp.prog = fpk;
    d.fp.params = (const gp_val(*)[4])fpkp;
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool live = x >= 8;
            const uint8_t *p = rt_px8(&f, x, y);
            if (f.depth[y * W + x] != (live ? 0.5f : 1.0f) || p[1] != (live ? 255 : 0))
                bad++;
        }
    CHECK(bad == 0, "KIL: %d bad", bad);
    rast_stats st;
    rast_stats_get(r, &st);
    CHECK(st.fragments_killed >= (uint64_t)(W * H / 2), "killed %llu", (unsigned long long)st.fragments_killed);
    rt_fb_free(&f);
    gp_program_free(fpd);
    gp_program_free(fpk);
    free(fpdp);
    free(fpkp);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    for (int pass = 0; pass < 2; pass++) {
        rast_context *r = rast_context_create(pass ? 3 : 1);
        if (pass)
            rast_context_set_debug(r, RAST_DEBUG_NO_HSR);
        test_order(r);
        test_offset(r);
        test_clamp(r);
        test_late(r);
        rast_context_destroy(r);
    }
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
