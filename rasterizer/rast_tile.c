/*
 * rast_tile.c - the per-tile command loop: dispatch (R8), tile buffer load and
 * store, clears.  Stage: tile execution (consumer side).
 * Thread: worker threads (and the API thread acting as executor 0 inside
 * rast_flush); a rast_tile_ctx belongs to one thread.
 *
 * A tile's colour, depth and stencil live in the context's own buffers in
 * block layout (rast_priv.h) while its commands run.  Each buffer is loaded
 * from its surface lazily, only when a command needs its old contents: a tile
 * whose first command is a full-tile clear never reads the surface (the
 * PowerVR "fast clear").  At the end the buffers a command wrote are stored.
 *
 * Layered framebuffers: a bin belongs to one layer (rast_scene.c); its tile
 * loads and stores the images at data + layer * layer_stride.  Multisample
 * framebuffers (samples n > 1, rast.h "Multisampling"): the tile runs its
 * command list n times, pass s loading and storing sample plane s
 * (data + s * sample_stride) with t->sample* set to sample s's position.
 */
#include <stdlib.h>

#include "rast_priv.h"

typedef void (*rast_cmd_fn)(rast_tile_ctx *t, const void *arg);

/* Pixel index of tile-local (x, y) as an x part plus a y part. */
static inline int ix(int x)
{
    return (x >> 2) * 16 + ((x >> 1) & 1) * 4 + (x & 1);
}
static inline int iy(int y)
{
    return (y >> 2) * 128 + ((y >> 1) & 1) * 8 + (y & 1) * 2;
}

rast_tile_ctx *rast_tile_ctx_create(rast_context *r)
{
    rast_tile_ctx *t;
    if (posix_memalign((void **)&t, 64, sizeof(*t)) != 0)
        return NULL;
    memset(t, 0, sizeof(*t));
    t->r = r;
    void *c;
    if (posix_memalign(&c, 64, (size_t)RAST_MAX_DRAW_BUFFERS * RAST_TILE_PIXELS * 16) != 0) {
        free(t);
        return NULL;
    }
    memset(c, 0, (size_t)RAST_MAX_DRAW_BUFFERS * RAST_TILE_PIXELS * 16);
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        t->color[b] = (unsigned char *)c + (size_t)b * RAST_TILE_PIXELS * 16;
    t->machine = gp_machine_create();
    if (!t->machine) {
        free(c);
        free(t);
        return NULL;
    }
    return t;
}

void rast_tile_ctx_free(rast_tile_ctx *t)
{
    if (!t)
        return;
    gp_machine_free(t->machine);
    free(t->color[0]);
    free(t);
}

/* ---- load / store ---------------------------------------------------------------- */

static inline int sample_count(const rast_surface *s)
{
    return s->samples > 1 ? s->samples : 1;
}

/* The tile's layer and sample plane (the pass's) of surface s; NULL when s
 * has no such layer.  A surface with fewer planes than the pass's sample
 * (never in a complete framebuffer) loads plane 0 and is stored by pass 0
 * only (load = false gives NULL then). */
static inline unsigned char *plane_base(const rast_tile_ctx *t, const rast_surface *s, bool load)
{
    unsigned char *d = s->data;
    if (t->layer != 0) {
        if (t->layer >= (s->layers > 1 ? s->layers : 1))
            return NULL;
        d += (size_t)t->layer * s->layer_stride;
    }
    if (t->sample > 0) {
        if (t->sample < sample_count(s))
            d += (size_t)t->sample * s->sample_stride;
        else if (!load)
            return NULL;
    }
    return d;
}
#define layer_base(t, s) plane_base((t), (s), true)

void rast_tile_load_color(rast_tile_ctx *t, int b)
{
    const rast_surface *s = &t->scene->fb.color[b];
    size_t bpp = rast_color_bpp(s->format);
    unsigned char *dst = t->color[b];
    const unsigned char *data = layer_base(t, s);
    t->color_valid[b] = true;
    if (!data) {
        memset(dst, 0, (size_t)RAST_TILE_PIXELS * bpp);
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const unsigned char *src = data + (size_t)(t->y + y) * s->stride + (size_t)t->x * bpp;
        int yo = iy(y);
        if (bpp == 4) {
            for (int x = 0; x < t->w; x++)
                memcpy(dst + (size_t)(yo + ix(x)) * 4, src + (size_t)x * 4, 4);
        } else {
            for (int x = 0; x < t->w; x++)
                memcpy(dst + (size_t)(yo + ix(x)) * 16, src + (size_t)x * 16, 16);
        }
    }
}

static void store_color(rast_tile_ctx *t, int b)
{
    const rast_surface *s = &t->scene->fb.color[b];
    size_t bpp = rast_color_bpp(s->format);
    const unsigned char *src = t->color[b];
    unsigned char *data = plane_base(t, s, false);
    if (!data)
        return;
    for (int y = 0; y < t->h; y++) {
        unsigned char *dst = data + (size_t)(t->y + y) * s->stride + (size_t)t->x * bpp;
        int yo = iy(y);
        if (bpp == 4) {
            for (int x = 0; x < t->w; x++)
                memcpy(dst + (size_t)x * 4, src + (size_t)(yo + ix(x)) * 4, 4);
        } else {
            for (int x = 0; x < t->w; x++)
                memcpy(dst + (size_t)x * 16, src + (size_t)(yo + ix(x)) * 16, 16);
        }
    }
}

void rast_tile_load_depth(rast_tile_ctx *t)
{
    const rast_surface *s = &t->scene->fb.depth;
    const unsigned char *data = layer_base(t, s);
    t->depth_valid = true;
    t->hiz_valid = false;
    if (!data) {
        for (int i = 0; i < RAST_TILE_PIXELS; i++)
            t->depth[i] = 1.0f;
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const float *src = (const float *)(data + (size_t)(t->y + y) * s->stride) + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            t->depth[yo + ix(x)] = src[x];
    }
}

static void store_depth(rast_tile_ctx *t)
{
    const rast_surface *s = &t->scene->fb.depth;
    unsigned char *data = plane_base(t, s, false);
    if (!data)
        return;
    for (int y = 0; y < t->h; y++) {
        float *dst = (float *)(data + (size_t)(t->y + y) * s->stride) + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            dst[x] = t->depth[yo + ix(x)];
    }
}

void rast_tile_load_stencil(rast_tile_ctx *t)
{
    const rast_surface *s = &t->scene->fb.stencil;
    const unsigned char *data = layer_base(t, s);
    t->stencil_valid = true;
    if (!data) {
        memset(t->stencil, 0, sizeof(t->stencil));
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const uint8_t *src = data + (size_t)(t->y + y) * s->stride + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            t->stencil[yo + ix(x)] = src[x];
    }
}

static void store_stencil(rast_tile_ctx *t)
{
    const rast_surface *s = &t->scene->fb.stencil;
    unsigned char *data = plane_base(t, s, false);
    if (!data)
        return;
    for (int y = 0; y < t->h; y++) {
        uint8_t *dst = data + (size_t)(t->y + y) * s->stride + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            dst[x] = t->stencil[yo + ix(x)];
    }
}

/* Makes the buffers a primitive of state ds touches valid (R11: decided per
 * command from the state's flags, never per pixel). */
static void prepare(rast_tile_ctx *t, const rast_dstate *ds)
{
    if (ds->depth_test) {
        if (!t->depth_valid)
            rast_tile_load_depth(t);
        if (ds->depth_write) {
            t->depth_dirty = true;
            /* only the block paths of rast_hsr.c keep the HiZ bounds */
            if (!ds->hiz || ds->mode == RAST_MODE_LATE_Z)
                t->hiz_valid = false;
        }
    }
    if (ds->stencil_test) {
        if (!t->stencil_valid)
            rast_tile_load_stencil(t);
        t->stencil_dirty = true;
    }
    if (ds->mode != RAST_MODE_DEPTH_ONLY) {
        for (int i = 0; i < ds->ncbuf; i++) {
            int b = ds->cbuf[i];
            if (!t->color_valid[b])
                rast_tile_load_color(t, b);
            t->color_dirty[b] = true;
        }
    }
}

/* ---- commands -------------------------------------------------------------------- */

static void cmd_clear(rast_tile_ctx *t, const void *arg)
{
    const rast_clear_data *cd = arg;
    if (t->nrun)
        rast_hsr_run(t);
    const rast_framebuffer *fb = &t->scene->fb;
    int x0 = cd->rect[0] - t->x, y0 = cd->rect[1] - t->y;
    int x1 = cd->rect[2] - t->x, y1 = cd->rect[3] - t->y;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > t->w) x1 = t->w;
    if (y1 > t->h) y1 = t->h;
    if (x0 >= x1 || y0 >= y1)
        return;
    bool full = x0 == 0 && y0 == 0 && x1 == t->w && y1 == t->h;

    if (cd->mask & RAST_CLEAR_COLOR) {
        if (t->npending) {
            /* pending tags only write colour: if this clear overwrites every
             * colour buffer completely, nobody will ever see them */
            bool all = full;
            for (int b = 0; b < RAST_MAX_DRAW_BUFFERS && all; b++)
                if (fb->color[b].data && cd->color_mask[b] != 0xf)
                    all = false;
            if (all)
                rast_hsr_discard(t);
            else
                rast_hsr_resolve(t);
        }
        for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++) {
            uint8_t cm = cd->color_mask[b];
            if (!cm)
                continue;
            bool f32 = rast_color_bpp(fb->color[b].format) == 16;
            bool whole = full && cm == 0xf;
            if (!whole && !t->color_valid[b])
                rast_tile_load_color(t, b);
            if (f32) {
                /* RGBA32F: the float colour; RGBA32I/UI: color_bits, as words */
                uint32_t w[4];
                if (rast_format_int(fb->color[b].format))
                    memcpy(w, cd->bits, sizeof w);
                else
                    memcpy(w, cd->rgba32f, sizeof w);
                uint32_t(*c)[4] = t->color[b];
                for (int y = whole ? 0 : y0; y < (whole ? RAST_TILE_SIZE : y1); y++)
                    for (int x = whole ? 0 : x0; x < (whole ? RAST_TILE_SIZE : x1); x++) {
                        uint32_t *px = c[iy(y) + ix(x)];
                        for (int ch = 0; ch < 4; ch++)
                            if (cm & (1u << ch))
                                px[ch] = w[ch];
                    }
            } else if (whole) {
                uint32_t v;
                memcpy(&v, cd->rgba8, 4);
                uint32_t *c = t->color[b];
                for (int i = 0; i < RAST_TILE_PIXELS; i++)
                    c[i] = v;
            } else {
                uint8_t(*c)[4] = t->color[b];
                for (int y = y0; y < y1; y++)
                    for (int x = x0; x < x1; x++) {
                        uint8_t *px = c[iy(y) + ix(x)];
                        for (int ch = 0; ch < 4; ch++)
                            if (cm & (1u << ch))
                                px[ch] = cd->rgba8[ch];
                    }
            }
            t->color_valid[b] = true;
            t->color_dirty[b] = true;
        }
    }
    if (cd->mask & RAST_CLEAR_DEPTH) {
        if (full) {
            for (int i = 0; i < RAST_TILE_PIXELS; i++)
                t->depth[i] = cd->depth;
            for (int b = 0; b < RAST_TILE_PIXELS / 16; b++)
                t->bzmin[b] = t->bzmax[b] = cd->depth;
            t->hiz_valid = true;
        } else {
            if (!t->depth_valid)
                rast_tile_load_depth(t);
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++)
                    t->depth[iy(y) + ix(x)] = cd->depth;
            t->hiz_valid = false;
        }
        t->depth_valid = true;
        t->depth_dirty = true;
    }
    if (cd->mask & RAST_CLEAR_STENCIL) {
        uint8_t m = cd->stencil_mask, v = cd->stencil & m;
        if (full && m == 0xff) {
            memset(t->stencil, v, sizeof(t->stencil));
        } else {
            if (!t->stencil_valid)
                rast_tile_load_stencil(t);
            for (int y = y0; y < y1; y++)
                for (int x = x0; x < x1; x++) {
                    uint8_t *s = &t->stencil[iy(y) + ix(x)];
                    *s = (uint8_t)((*s & ~m) | v);
                }
        }
        t->stencil_valid = true;
        t->stencil_dirty = true;
    }
}

static void cmd_set_state(rast_tile_ctx *t, const void *arg)
{
    const rast_dstate *ds = arg;
    t->ds = ds;
    /* every primitive after this command has this state (rast_scene_bin_state) */
    t->masked_out = t->multipass && !((ds->sample_mask >> (t->sample & 31)) & 1u);
}

/* Primitives: painter primitives (deferred, no depth/stencil test) are
 * collected into a run that rast_hsr_run processes backwards; any other
 * command ends the run first. */
static void prim_cmd(rast_tile_ctx *t, const rast_prim *p, bool full)
{
    if (atomic_load_explicit(&p->disabled, memory_order_relaxed))
        return;
    if (t->masked_out)
        return; /* multisample pass of a sample the state's mask removes */
    prepare(t, p->ds);
    if (rast_hsr_painter(p->ds)) {
        if (t->nrun == RAST_MAX_RUN)
            rast_hsr_run(t);
        t->run[t->nrun] = p;
        t->run_full[t->nrun++] = full;
        return;
    }
    if (t->nrun)
        rast_hsr_run(t);
    rast_hsr_prim(t, p, full);
}

static void cmd_prim(rast_tile_ctx *t, const void *arg)
{
    prim_cmd(t, arg, false);
}

static void cmd_prim_full(rast_tile_ctx *t, const void *arg)
{
    prim_cmd(t, arg, true);
}

/* Dispatch tables (R8): the normal one and one with every fast path off. */
static const rast_cmd_fn cmd_table[] = {
    [RAST_CMD_CLEAR] = cmd_clear,
    [RAST_CMD_SET_STATE] = cmd_set_state,
    [RAST_CMD_PRIM] = cmd_prim,
    [RAST_CMD_PRIM_FULL] = cmd_prim_full,
};
static const rast_cmd_fn cmd_table_debug[] = {
    [RAST_CMD_CLEAR] = cmd_clear,
    [RAST_CMD_SET_STATE] = cmd_set_state,
    [RAST_CMD_PRIM] = cmd_prim,
    [RAST_CMD_PRIM_FULL] = cmd_prim,
};
_Static_assert(sizeof(cmd_table) / sizeof(cmd_table[0]) == RAST_CMD_COUNT, "cmd_table");
_Static_assert(sizeof(cmd_table_debug) / sizeof(cmd_table_debug[0]) == RAST_CMD_COUNT, "cmd_table_debug");

static void run_pass(rast_tile_ctx *t, const rast_scene *s, const rast_bin *bin);

/* Sample count of the scene's framebuffer (>= 1). */
static int scene_samples(const rast_framebuffer *fb)
{
    int n = 1;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        if (fb->color[b].data && fb->color[b].samples > n)
            n = fb->color[b].samples;
    if (fb->depth.data && fb->depth.samples > n)
        n = fb->depth.samples;
    if (fb->stencil.data && fb->stencil.samples > n)
        n = fb->stencil.samples;
    return n;
}

/* Runs one tile's commands (worker thread): once, or once per sample plane
 * of a multisample framebuffer. */
void rast_tile_run(rast_tile_ctx *t, const rast_scene *s, int tile)
{
    const rast_bin *bin = &s->bins[tile];
    /* one pass per plane; a count without a position table (not 2, 4, 8:
     * never multisample-rasterized, ds->ms) uses the centre for every plane */
    int n = scene_samples(&s->fb), npos;
    const int8_t(*pos)[2] = rast_sample_positions(n, &npos);
    t->multipass = n > 1;
    for (int smp = 0; smp < n; smp++) {
        int k = npos == n ? smp : 0;
        t->sample = smp;
        t->sample_ox = pos[k][0];
        t->sample_oy = pos[k][1];
        t->sample_fx = 0.5f + (float)pos[k][0] / 16.0f;
        t->sample_fy = 0.5f + (float)pos[k][1] / 16.0f;
        run_pass(t, s, bin);
    }
    t->sample = 0;
    t->stats.tiles_run++;
}

static void run_pass(rast_tile_ctx *t, const rast_scene *s, const rast_bin *bin)
{
    int tile = (int)(bin - s->bins);
    t->scene = s;
    t->debug = t->r->debug;
    int in_layer = tile;
    t->layer = 0;
    if (s->layers > 1) {
        t->layer = tile / s->tiles_per_layer;
        in_layer = tile % s->tiles_per_layer;
    }
    t->x = (in_layer % s->tiles_x) << RAST_TILE_SHIFT;
    t->y = (in_layer / s->tiles_x) << RAST_TILE_SHIFT;
    t->w = s->fb.width - t->x < RAST_TILE_SIZE ? s->fb.width - t->x : RAST_TILE_SIZE;
    t->h = s->fb.height - t->y < RAST_TILE_SIZE ? s->fb.height - t->y : RAST_TILE_SIZE;
    t->ds = NULL;
    t->masked_out = false;
    t->depth_valid = t->depth_dirty = t->stencil_valid = t->stencil_dirty = false;
    t->hiz_valid = false;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        t->color_valid[b] = t->color_dirty[b] = false;
    t->npending = 0;
    t->nrun = 0;
    t->task.n = 0;
    t->task.live = 0;
    t->task_prim = NULL;
    memset(t->tag, 0, sizeof(t->tag));

    const rast_cmd_fn *table = (t->debug & RAST_DEBUG_NO_FASTPATH) ? cmd_table_debug : cmd_table;
    for (const rast_cmd_block *blk = bin->head; blk; blk = blk->next)
        for (uint32_t i = 0; i < blk->count; i++)
            table[blk->op[i]](t, blk->arg[i]);
    if (t->nrun)
        rast_hsr_run(t);
    rast_hsr_resolve(t);

    const rast_framebuffer *fb = &s->fb;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        if (t->color_dirty[b] && t->color_valid[b] && fb->color[b].data)
            store_color(t, b);
    if (t->depth_dirty && t->depth_valid && fb->depth.data)
        store_depth(t);
    if (t->stencil_dirty && t->stencil_valid && fb->stencil.data)
        store_stencil(t);
}
