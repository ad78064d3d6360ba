/*
 * test_scissor.c - scissor rectangle for draws and clears, viewports smaller
 * and larger than the framebuffer, negative offsets, zero-size viewports,
 * framebuffers whose size is not a multiple of the tile, padded strides, and
 * wide points crossing the viewport edge.  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

static void fullscreen(rast_context *r, rt_fb *f, void (*tweak)(rast_draw *))
{
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    static const float col[] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    if (tweak)
        tweak(&d);
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "submit");
    rast_flush(r);
}

static int check_rect(const rt_fb *f, int x0, int y0, int x1, int y1)
{
    int bad = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            bad += rt_px8(f, x, y)[0] != (in ? 255 : 0);
        }
    return bad;
}

static void t_scissor(rast_draw *d)
{
    d->state.scissor_test = true;
    d->state.scissor[0] = 5; d->state.scissor[1] = 7; d->state.scissor[2] = 30; d->state.scissor[3] = 40;
}
static void t_vp_small(rast_draw *d)
{
    d->state.viewport[0] = 8; d->state.viewport[1] = 9; d->state.viewport[2] = 16; d->state.viewport[3] = 20;
}
static void t_vp_big(rast_draw *d)
{
    d->state.viewport[0] = -40; d->state.viewport[1] = -20; d->state.viewport[2] = 300; d->state.viewport[3] = 200;
}
static void t_vp_zero(rast_draw *d) { d->state.viewport[2] = 0; }
/* GL clamps the viewport size to MAX_VIEWPORT_DIMS (16384) */
static void t_vp_huge(rast_draw *d)
{
    d->state.viewport[0] = 0; d->state.viewport[1] = 0; d->state.viewport[2] = 1e7f; d->state.viewport[3] = 50;
}
static void t_vp_far(rast_draw *d)
{
    d->state.viewport[0] = -1e6f; d->state.viewport[1] = 0; d->state.viewport[2] = 1e7f; d->state.viewport[3] = 50;
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    rt_fb f;
    rt_fb_init(&f, 45, 70, RT_RGBA8);

    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_scissor);
    CHECK(check_rect(&f, 5, 7, 35, 47) == 0, "scissor");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_vp_small);
    CHECK(check_rect(&f, 8, 9, 24, 29) == 0, "small viewport");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_vp_big);
    CHECK(check_rect(&f, 0, 0, 45, 70) == 0, "big viewport");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_vp_zero);
    CHECK(check_rect(&f, 0, 0, 0, 0) == 0, "zero viewport");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_vp_huge);
    CHECK(check_rect(&f, 0, 0, 45, 50) == 0, "huge viewport");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    fullscreen(r, &f, t_vp_far);
    CHECK(check_rect(&f, 0, 0, 0, 0) == 0, "far viewport (clamped to 16384 wide)");

    /* scissored clear */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR;
    c.color[0] = 1.0f;
    c.color_mask[0] = 0xf;
    c.scissor_test = true;
    c.scissor[0] = 40; c.scissor[1] = 60; c.scissor[2] = 100; c.scissor[3] = 100;
    rast_clear(r, &f.fb, &c);
    rast_flush(r);
    CHECK(check_rect(&f, 40, 60, 45, 70) == 0, "scissored clear");
    rt_fb_free(&f);

    /* padded stride, and a framebuffer smaller than its surfaces */
    uint8_t *mem = calloc(64 * 40, 4);
    rt_fb g;
    memset(&g, 0, sizeof(g));
    g.w = 33;
    g.h = 20;
    g.c8 = mem;
    g.fb.width = 33;
    g.fb.height = 20;
    g.fb.color[0] = (rast_surface){.data = mem, .width = 64, .height = 40, .stride = 64 * 4, .format = TEX_FMT_RGBA8};
    fullscreen(r, &g, NULL);
    int outside = 0, inside = 0;
    for (int y = 0; y < 40; y++)
        for (int x = 0; x < 64; x++) {
            bool in = x < 33 && y < 20;
            uint8_t v = mem[(y * 64 + x) * 4];
            if (in) inside += v == 255; else outside += v != 0;
        }
    CHECK(inside == 33 * 20 && outside == 0, "stride: inside %d outside %d", inside, outside);
    free(mem);

    /* a size-5 point centred on the right edge of a 16x16 viewport in a 32x32
     * framebuffer: its square crosses the viewport edge (x 14..18) */
    rt_fb p;
    rt_fb_init(&p, 32, 32, RT_RGBA8);
    rt_clear(r, &p, 0, 0, 0, 0, 1.0);
    static const float pt[] = {1.0f, 0.0f, 0, 1};
    static const float col[] = {1, 0, 0, 1};
    rast_draw d;
    rt_draw_init(&d, &p, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_POINTS;
    d.count = 1;
    d.state.viewport[2] = 16;
    d.state.viewport[3] = 16;
    d.state.point_size = 5.0f;
    rt_attrib(&d, GP_VIN_POSITION, pt, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    CHECK(check_rect(&p, 14, 6, 19, 11) == 0, "wide point at the viewport edge");
    rt_fb_free(&p);

    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
