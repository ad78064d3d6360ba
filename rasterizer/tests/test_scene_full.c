/*
 * test_scene_full.c - a scene whose arena fills up is flushed and binning
 * goes on: no clear or primitive is cut short (rast_scene.c).
 *   - a clear of a 16384x16384 RGBA8 framebuffer (262,144 tiles: more bins
 *     than the default 64 MiB arena holds) clears every pixel, without
 *     GL_OUT_OF_MEMORY, over several scenes;
 *   - a clear of a layered 1024x1024x256 RGBA8 framebuffer clears every
 *     texel of every layer;
 *   - with a 256 KiB arena, a full-screen quad whose two triangles each bin
 *     into more tiles than the arena holds draws every pixel;
 *   - 60,000 small blended triangles in one draw give the same image, byte
 *     for byte, with a 256 KiB arena (many flushes inside the draw) as with
 *     the default arena (one flush).
 * Expected colours: the clear colours and the quad colour by hand (RGBA8
 * stores round(c * 255)); the many-triangle image against itself with one
 * flush.  Memory: at most one 1 GiB framebuffer at a time.
 */
#include "rast_test.h"

static rast_clear_args clear_args(float r, float g, float b, float a)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR;
    c.color[0] = r;
    c.color[1] = g;
    c.color[2] = b;
    c.color[3] = a;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    return c;
}

/* Pixels of n RGBA8 texels at p that differ from rgba. */
static size_t count_other(const uint8_t *p, size_t n, const uint8_t rgba[4])
{
    uint32_t want;
    memcpy(&want, rgba, 4);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v;
        memcpy(&v, p + i * 4, 4);
        bad += v != want;
    }
    return bad;
}

static void test_clear_16k(rast_context *r)
{
    const int W = 16384;
    rt_fb f;
    rt_fb_init(&f, W, W, RT_RGBA8);
    if (!f.c8) {
        fprintf(stderr, "no memory for the 1 GiB framebuffer: not tested\n");
        return;
    }
    rast_stats s0, s1;
    rast_stats_get(r, &s0);
    rast_clear_args c = clear_args(0, 1, 0, 1);
    GLenum e = rast_clear(r, &f.fb, &c);
    rast_flush(r);
    rast_stats_get(r, &s1);
    CHECK(e == GL_NO_ERROR, "16384^2 clear: error 0x%x", e);
    const uint8_t green[4] = {0, 255, 0, 255};
    CHECK(memcmp(rt_px8(&f, 0, 0), green, 4) == 0, "(0, 0) not cleared");
    CHECK(memcmp(rt_px8(&f, W - 1, W - 1), green, 4) == 0, "(16383, 16383) not cleared");
    CHECK(memcmp(rt_px8(&f, W - 1, 0), green, 4) == 0, "(16383, 0) not cleared");
    CHECK(memcmp(rt_px8(&f, 0, W - 1), green, 4) == 0, "(0, 16383) not cleared");
    size_t bad = count_other(f.c8, (size_t)W * W, green);
    CHECK(bad == 0, "%zu of %zu pixels not cleared", bad, (size_t)W * W);
    CHECK(s1.scene_flushes - s0.scene_flushes >= 2, "one clear ran in %llu scene(s): the arena "
          "should have filled up", (unsigned long long)(s1.scene_flushes - s0.scene_flushes));
    rt_fb_free(&f);
}

static void test_layered_clear(rast_context *r)
{
    const int W = 1024, L = 256;
    size_t layer = (size_t)W * W * 4;
    uint8_t *tex = malloc(layer * L);
    if (!tex) {
        fprintf(stderr, "no memory for the 1 GiB layered texture: not tested\n");
        return;
    }
    memset(tex, 0x11, layer * L);
    rast_framebuffer fb;
    memset(&fb, 0, sizeof(fb));
    fb.width = W;
    fb.height = W;
    fb.layers = L;
    fb.color[0] = (rast_surface){.data = tex, .width = W, .height = W, .stride = (size_t)W * 4,
                                 .format = TEX_FMT_RGBA8, .layers = L, .layer_stride = layer};
    rast_clear_args c = clear_args(0, 1, 0, 1);
    GLenum e = rast_clear(r, &fb, &c);
    rast_flush(r);
    CHECK(e == GL_NO_ERROR, "layered clear: error 0x%x", e);
    const uint8_t green[4] = {0, 255, 0, 255};
    size_t bad_total = 0;
    int bad_layers = 0;
    for (int l = 0; l < L; l++) {
        size_t bad = count_other(tex + layer * (size_t)l, (size_t)W * W, green);
        bad_total += bad;
        bad_layers += bad != 0;
    }
    CHECK(bad_total == 0, "%zu texels in %d layers not cleared", bad_total, bad_layers);
    free(tex);
}

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

/* One draw of the triangles pos/col (n vertices) into f. */
static GLenum draw_tris(rast_context *r, rt_fb *f, const float *pos, const float *col, int n, bool blend)
{
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_TRIANGLES;
    d.count = n;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    if (blend) {
        d.state.blend_buffers = 0xff;
        d.state.blend_src_rgb = d.state.blend_src_alpha = GL_SRC_ALPHA;
        d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE_MINUS_SRC_ALPHA;
    }
    return rast_draw_submit(r, &d);
}

static void test_big_prims(void)
{
    const int W = 2048;
    rast_context *r = rast_context_create(2);
    rast_context_set_scene_cap(r, 256 << 10);
    rt_fb f;
    rt_fb_init(&f, W, W, RT_RGBA8);
    rast_clear_args c = clear_args(1, 0, 0, 1);
    rast_clear(r, &f.fb, &c);
    float pos[24] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1,
                     -1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    float col[24];
    for (int i = 0; i < 6; i++) {
        col[i * 4 + 0] = 0.0f;
        col[i * 4 + 1] = 0.0f;
        col[i * 4 + 2] = 1.0f;
        col[i * 4 + 3] = 1.0f;
    }
    rast_stats s0, s1;
    rast_stats_get(r, &s0);
    GLenum e = draw_tris(r, &f, pos, col, 6, false);
    rast_flush(r);
    rast_stats_get(r, &s1);
    CHECK(e == GL_NO_ERROR, "full-screen quad: error 0x%x", e);
    const uint8_t blue[4] = {0, 0, 255, 255};
    size_t bad = count_other(f.c8, (size_t)W * W, blue);
    CHECK(bad == 0, "full-screen quad with a 256 KiB arena: %zu of %d pixels not drawn", bad, W * W);
    CHECK(s1.scene_flushes - s0.scene_flushes >= 4, "the quad ran in %llu scenes",
          (unsigned long long)(s1.scene_flushes - s0.scene_flushes));
    rt_fb_free(&f);
    rast_context_destroy(r);
}

static void test_many_tris(void)
{
    const int W = 2048, N = 60000;
    float *pos = malloc(sizeof(float) * 4 * 3 * N), *col = malloc(sizeof(float) * 4 * 3 * N);
    rt_rand_state = 777;
    for (int t = 0; t < N; t++) {
        float cx = rt_randf(-1, 1), cy = rt_randf(-1, 1);
        float c[4] = {rt_randf(0, 1), rt_randf(0, 1), rt_randf(0, 1), rt_randf(0.2f, 0.8f)};
        for (int v = 0; v < 3; v++) {
            float *p = pos + (t * 3 + v) * 4;
            p[0] = cx + rt_randf(-0.02f, 0.02f);
            p[1] = cy + rt_randf(-0.02f, 0.02f);
            p[2] = 0;
            p[3] = 1;
            memcpy(col + (t * 3 + v) * 4, c, sizeof(c));
        }
    }
    uint8_t *img[2];
    unsigned long long flushes[2], binned[2];
    for (int k = 0; k < 2; k++) {
        rast_context *r = rast_context_create(2);
        if (k == 1)
            rast_context_set_scene_cap(r, 256 << 10);
        rt_fb f;
        rt_fb_init(&f, W, W, RT_RGBA8);
        rast_clear_args c = clear_args(0.5f, 0.5f, 0.5f, 1);
        rast_clear(r, &f.fb, &c);
        rast_stats s0, s1;
        rast_stats_get(r, &s0);
        GLenum e = draw_tris(r, &f, pos, col, 3 * N, true);
        rast_flush(r);
        rast_stats_get(r, &s1);
        CHECK(e == GL_NO_ERROR, "many triangles (arena %s): error 0x%x", k ? "256 KiB" : "default", e);
        flushes[k] = (unsigned long long)(s1.scene_flushes - s0.scene_flushes);
        binned[k] = (unsigned long long)(s1.primitives_binned - s0.primitives_binned);
        img[k] = f.c8;
        rast_context_destroy(r);
    }
    /* (a few triangles cover no pixel centre: never binned, either way) */
    CHECK(binned[0] == binned[1] && binned[0] > (unsigned long long)N * 99 / 100,
          "binned %llu and %llu of %d", binned[0], binned[1], N);
    CHECK(flushes[0] == 1, "default arena: %llu scenes, want 1", flushes[0]);
    CHECK(flushes[1] >= 5, "256 KiB arena: %llu scenes, want several", flushes[1]);
    size_t diff = 0;
    for (size_t i = 0; i < (size_t)W * W * 4; i++)
        diff += img[0][i] != img[1][i];
    CHECK(diff == 0, "%zu bytes differ between one scene and %llu scenes", diff, flushes[1]);
    free(img[0]);
    free(img[1]);
    free(pos);
    free(col);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_clear_16k(r);
    test_layered_clear(r);
    rast_context_destroy(r);
    test_big_prims();
    test_many_tris();
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
