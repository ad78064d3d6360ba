/*
 * test_binning.c - binning on several threads keeps each tile's submission
 * order (rast_bin.c): a painter's sequence of opaque rectangles gives every
 * pixel the colour of the last rectangle that covers it.
 *   - large rectangles are queued and binned at the flush, one band of tile
 *     rows per thread; small ones are binned at once after the short queue
 *     before them, or queued behind a long one (a run of 90 large ones);
 *   - with 1, 2, 3 and 4 threads, an explicit flush in the middle;
 *   - with a 256 KiB arena: the scene fills up and is flushed many times,
 *     with ops queued;
 *   - in deterministic mode with 2 threads;
 *   - with 2 threads, a clear of part of the window queued between them.
 * Expected colours by hand: pixel centres (x + 0.5, y + 0.5) against the
 * rectangles' integer edges (far from every centre, so the fill rule does
 * not come in); colour k / 255 stores k (RGBA8 rounding).
 */
#include "rast_test.h"

enum { W = 600, H = 500, NRECT = 700 };

typedef struct rect {
    int x0, y0, x1, y1;
    uint8_t rgba[4];
    bool clear;     /* a clear of the rectangle (scissored) instead of a draw */
} rect;

static rect rects[NRECT];
static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

/* Rectangle i: large (a band of 19 by 2 to 4 tiles or 2 to 4 by 16: queued,
 * and across the edges of the row sets or inside one) or small
 * (at most 2x2 tiles: binned at once unless the queue is long).  Up to
 * 300, one in ten is large, so the small ones after it bin the short queue
 * first; then a run of 90 large ones makes the queue long, and the small
 * ones after them queue behind it until the flush at 550.  The bands leave
 * most small rectangles partly visible. */
static void make_rects(void)
{
    rt_rand_state = 4242;
    for (int i = 0; i < NRECT; i++) {
        bool large = (i >= 300 && i < 390) || rt_rand() % 10 < (i < 300 ? 1 : 3);
        bool wide = rt_rand() % 2;
        int w = !large ? 1 + (int)(rt_rand() % 30) : wide ? W - 60 + (int)(rt_rand() % 60)
                                                          : 40 + (int)(rt_rand() % 60);
        int h = !large ? 1 + (int)(rt_rand() % 30) : wide ? 40 + (int)(rt_rand() % 60)
                                                          : H - 50 + (int)(rt_rand() % 50);
        rect *r = &rects[i];
        r->x0 = (int)(rt_rand() % (W - w + 1));
        r->y0 = (int)(rt_rand() % (H - h + 1));
        r->x1 = r->x0 + w;
        r->y1 = r->y0 + h;
        r->rgba[0] = (uint8_t)(i * 37);
        r->rgba[1] = (uint8_t)(i * 91 >> 2);
        r->rgba[2] = (uint8_t)(i * 53 + 7);
        r->rgba[3] = 255;
        r->clear = false;
    }
}

static void draw_rect(rast_context *r, rt_fb *f, const rect *q)
{
    float x0 = rt_ndc(q->x0, W), x1 = rt_ndc(q->x1, W);
    float y0 = rt_ndc(q->y0, H), y1 = rt_ndc(q->y1, H);
    float c[4] = {q->rgba[0] / 255.0f, q->rgba[1] / 255.0f, q->rgba[2] / 255.0f, 1.0f};
    if (q->clear) {
        rast_clear_args a;
        memset(&a, 0, sizeof(a));
        a.mask = RAST_CLEAR_COLOR;
        memcpy(a.color, c, sizeof(c));
        a.scissor_test = true;
        a.scissor[0] = q->x0;
        a.scissor[1] = q->y0;
        a.scissor[2] = q->x1 - q->x0;
        a.scissor[3] = q->y1 - q->y0;
        for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
            a.color_mask[i] = 0xf;
        rast_clear(r, &f->fb, &a);
        return;
    }
    float pos[24] = {x0, y0, 0, 1, x1, y0, 0, 1, x1, y1, 0, 1,
                     x0, y0, 0, 1, x1, y1, 0, 1, x0, y1, 0, 1};
    float col[24];
    for (int v = 0; v < 6; v++)
        memcpy(col + v * 4, c, sizeof(c));
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.count = 6;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
}

/* Draws the sequence and counts the pixels whose colour is not that of the
 * last rectangle covering them (black where none does). */
static void run(const char *what, int threads, size_t cap, bool deterministic)
{
    rast_context *r = rast_context_create(threads);
    if (cap)
        rast_context_set_scene_cap(r, cap);
    rast_context_set_deterministic(r, deterministic);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);
    rt_clear(r, &f, 0, 0, 0, 1, 1.0);
    rast_stats s0, s1;
    rast_stats_get(r, &s0);
    for (int i = 0; i < NRECT; i++) {
        draw_rect(r, &f, &rects[i]);
        if (i == 550)
            rast_flush(r);
    }
    rast_flush(r);
    rast_stats_get(r, &s1);
    size_t bad = 0;
    int first_x = -1, first_y = -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            uint8_t want[4] = {0, 0, 0, 255};
            for (int i = NRECT - 1; i >= 0; i--) {
                const rect *q = &rects[i];
                if (x >= q->x0 && x < q->x1 && y >= q->y0 && y < q->y1) {
                    memcpy(want, q->rgba, 4);
                    break;
                }
            }
            if (memcmp(rt_px8(&f, x, y), want, 4) != 0 && bad++ == 0) {
                first_x = x;
                first_y = y;
            }
        }
    CHECK(bad == 0, "%s, %d threads: %zu pixels not the last rectangle's colour, first (%d, %d)",
          what, threads, bad, first_x, first_y);
    uint64_t queued = s1.ops_binned_at_flush - s0.ops_binned_at_flush;
    if (rast_context_threads(r) == 1)
        CHECK(queued == 0, "%s: one thread queued %llu ops", what, (unsigned long long)queued);
    else
        CHECK(queued > 100, "%s, %d threads: %llu ops binned at the flush", what, threads,
              (unsigned long long)queued);
    if (cap) /* two explicit flushes, and the arena filled up (test_scene_full
              splits one primitive over several scenes) */
        CHECK(s1.scene_flushes - s0.scene_flushes >= 4, "%s, %d threads: only %llu scenes", what,
              threads, (unsigned long long)(s1.scene_flushes - s0.scene_flushes));
    rt_fb_free(&f);
    rast_context_destroy(r);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    make_rects();
    for (int t = 1; t <= 4; t++) {
        run("default arena", t, 0, false);
        run("256 KiB arena", t, 256 << 10, false);
    }
    run("deterministic", 2, 0, true);
    run("deterministic, 256 KiB arena", 2, 256 << 10, true);
    for (int i = 0; i < NRECT; i += 50)
        rects[i].clear = true;
    run("with clears", 2, 0, false);
    run("with clears, 256 KiB arena", 3, 256 << 10, false);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
