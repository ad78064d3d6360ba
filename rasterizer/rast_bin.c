/*
 * rast_bin.c - binning: primitives and clears into the tiles' command lists.
 * Stage: tiling accelerator.  Thread: the API thread makes ops
 * (rast_bin_prim, rast_bin_take) and bins the small ones; at the flush
 * every executor bins the row sets it takes (rast_bin_set).
 *
 * With one executor the API thread bins every op as it comes.  With more,
 * an op of many tiles waits in a queue for the flush, where binning runs in
 * parallel: row set j of m holds the bins of the tile rows from
 * j * tiles_y / m to (j + 1) * tiles_y / m - 1, one executor walks every
 * queued op for it, and no other writes those bins.  The sets are bands,
 * not interleaved rows, so that two executors share no cache line of bins
 * but at a band's edge; an executor whose band has less to bin starts on
 * its tiles sooner, and the tiles are shared out as they run.  A small op
 * (RAST_BIN_NOW_CANDS tiles or fewer) is binned at once, while the API
 * thread still has the primitive in its cache: first the queue, if that is
 * short, so that nothing binned at once follows a queued op in submission
 * order.  Each bin therefore gets its commands
 * in submission order, as the tiles need: the API thread's first, then
 * the flush's.
 *
 * Memory (R9): an op's commands are reserved when it is made
 * (rast_scene_take, rast_scene.c), so binning at the flush cannot run out;
 * when the reservation does not fit, the op takes the candidates that fit,
 * the scene is flushed and the next scene goes on from there.
 */
#include "rast_priv.h"

/* The largest (*hi) and smallest (*lo) value of edge e over the pixels
 * [x0, x0 + w] x [y0, y0 + h]: its values at two of the box's corners. */
static inline void edge_range(const rast_edge *e, int64_t x0, int64_t y0, int64_t w, int64_t h,
                              int64_t *hi, int64_t *lo)
{
    int64_t base = e->c + e->dx * x0 + e->dy * y0;
    *hi = base + (e->dx > 0 ? e->dx * w : 0) + (e->dy > 0 ? e->dy * h : 0);
    *lo = base + (e->dx < 0 ? e->dx * w : 0) + (e->dy < 0 ? e->dy * h : 0);
}

/* Classifies the pixels [x0,x1)x[y0,y1) against the prim's edges:
 * 0 = outside, 1 = partly inside, 2 = every pixel inside. */
static int classify(const rast_prim *p, int x0, int y0, int x1, int y1)
{
    int result = 2;
    for (int i = 0; i < p->nplanes; i++) {
        int64_t hi, lo;
        edge_range(&p->e[i], x0, y0, x1 - 1 - x0, y1 - 1 - y0, &hi, &lo);
        if (hi < 0)
            return 0;
        if (lo < 0)
            result = 1;
    }
    return result;
}

/* The candidates of row k0 .. k0 + width - 1 that [first, end) keeps, as
 * tile columns [*txa, *txb]; false when none. */
static inline bool row_span(const rast_bin_op *op, int k0, int width, int *txa, int *txb)
{
    int a = op->first > k0 ? op->first - k0 : 0;
    int b = op->end - k0 < width ? op->end - k0 : width;
    *txa = op->tx0 + a;
    *txb = op->tx0 + b - 1;
    return a < b;
}

/* Rows [*ra, *rb] of a box `width` candidates wide that [first, end) of
 * candidates numbered from `base` reaches, within the band [r0, r1]. */
static inline void row_range(const rast_bin_op *op, int base, int width, int rows, int r0, int r1,
                             int *ra, int *rb)
{
    int first = op->first - base, end = op->end - base;
    *ra = first > 0 ? op->ty0 + first / width : op->ty0; /* a division only when resuming */
    *rb = end < width * rows ? op->ty0 + (end - 1) / width : op->ty1;
    if (*ra < r0)
        *ra = r0;
    if (*rb > r1)
        *rb = r1;
}

/* Bins prim op's candidates in tile rows [r0, r1], with n its edge count (a
 * constant where inlined, so the edge values stay in registers).
 * Returns the candidate it stopped at: op->end, or the first that did not
 * fit in the arena (binning at once only, R9).
 *
 * A tile the box does not clip spans pixels [px0, px0 + 31] x [py0, py1 - 1]
 * of its row: classify's edge_range for it steps by dx * RAST_TILE_SIZE
 * from one tile to the next (both values), so only a row's first tile
 * needs it.  Tiles the box clips (a row's ends) use classify. */
static inline __attribute__((always_inline)) int
bin_tiles(rast_scene *s, rast_binner *bn, const rast_bin_op *op, int r0, int r1, const int n)
{
    const rast_prim *p = op->arg;
    const void *ds = p->ds;
    bool fast = op->fast;
    int lbase = op->lbase, tx0 = op->tx0;
    int width = op->tx1 - tx0 + 1, rows = op->ty1 - op->ty0 + 1;
    int ra, rb;
    row_range(op, 0, width, rows, r0, r1, &ra, &rb);
    for (int ty = ra; ty <= rb; ty++) {
        int k0 = (ty - op->ty0) * width, txa, txb;
        if (!row_span(op, k0, width, &txa, &txb))
            continue;
        int py0 = ty << RAST_TILE_SHIFT, py1 = py0 + RAST_TILE_SIZE;
        if (py0 < p->y0) py0 = p->y0;
        if (py1 > p->y1) py1 = p->y1;
        int64_t hi[4] = {0}, lo[4] = {0}, step[4] = {0};
#pragma GCC unroll 4
        for (int i = 0; i < n; i++) {
            edge_range(&p->e[i], (int64_t)txa << RAST_TILE_SHIFT, py0, RAST_TILE_SIZE - 1,
                       py1 - 1 - py0, &hi[i], &lo[i]);
            step[i] = p->e[i].dx * RAST_TILE_SIZE;
        }
        int tile = lbase + ty * s->tiles_x + txa;
        for (int tx = txa; tx <= txb; tx++, tile++) {
            int px0 = tx << RAST_TILE_SHIFT, px1 = px0 + RAST_TILE_SIZE;
            int c;
            if (px0 < p->x0 || px1 > p->x1) {
                if (px0 < p->x0) px0 = p->x0;
                if (px1 > p->x1) px1 = p->x1;
                c = n ? classify(p, px0, py0, px1, py1) : 2;
            } else {
                /* the sign of an OR is negative when any value is */
                int64_t anyhi = 0, anylo = 0;
#pragma GCC unroll 4
                for (int i = 0; i < n; i++) {
                    anyhi |= hi[i];
                    anylo |= lo[i];
                }
                c = anyhi < 0 ? 0 : anylo < 0 ? 1 : 2;
            }
#pragma GCC unroll 4
            for (int i = 0; i < n; i++) {
                hi[i] += step[i];
                lo[i] += step[i];
            }
            if (c == 0)
                continue;
            if (!rast_scene_bin_state(s, bn, tile, ds) ||
                !rast_scene_bin(s, bn, tile, (c == 2 && fast) ? RAST_CMD_PRIM_FULL : RAST_CMD_PRIM, p))
                return k0 + tx - tx0;
        }
    }
    return op->end;
}

/* A clear's candidates run layer by layer, each layer over the box. */
static int bin_clear(rast_scene *s, rast_binner *bn, const rast_bin_op *op, int r0, int r1)
{
    int width = op->tx1 - op->tx0 + 1, rows = op->ty1 - op->ty0 + 1, per_layer = width * rows;
    for (int l = op->first / per_layer; l < s->layers && l * per_layer < op->end; l++) {
        int ra, rb;
        row_range(op, l * per_layer, width, rows, r0, r1, &ra, &rb);
        for (int ty = ra; ty <= rb; ty++) {
            int k0 = l * per_layer + (ty - op->ty0) * width, txa, txb;
            if (!row_span(op, k0, width, &txa, &txb))
                continue;
            int tile = l * s->tiles_per_layer + ty * s->tiles_x + txa;
            for (int tx = txa; tx <= txb; tx++, tile++)
                if (!rast_scene_bin(s, bn, tile, RAST_CMD_CLEAR, op->arg))
                    return k0 + tx - op->tx0;
        }
    }
    return op->end;
}

/* Bins op's candidates that lie in tile rows [r0, r1]; returns where it
 * stopped, as bin_tiles. */
static inline __attribute__((always_inline)) int
bin_op(rast_scene *s, rast_binner *bn, const rast_bin_op *op, int r0, int r1)
{
    switch (op->kind) {
    case RAST_OP_CLEAR:
        return bin_clear(s, bn, op, r0, r1);
    }
    switch (op->nedges) {
    case 0:
        return bin_tiles(s, bn, op, r0, r1, 0); /* a point's rectangle; a multisample triangle */
    case 3:
        return bin_tiles(s, bn, op, r0, r1, 3);
    case 4:
        return bin_tiles(s, bn, op, r0, r1, 4); /* a line */
    default: /* none today */
        return bin_tiles(s, bn, op, r0, r1, op->nedges < 4 ? op->nedges : 4);
    }
}

void rast_bin_set(rast_scene *s, rast_binner *bn, int j, int m)
{
    rast_rowset *set = &s->sets[j];
    int r0 = rast_rowset_first_row(s->tiles_y, j, m);
    int r1 = rast_rowset_first_row(s->tiles_y, j + 1, m) - 1;
    bn->list = set->list;
    bn->nlisted = 0;
    for (const rast_op_block *b = s->ops; b; b = b->next)
        for (int i = 0; i < b->count; i++)
            if (b->op[i].ty0 <= r1 && b->op[i].ty1 >= r0)
                bin_op(s, bn, &b->op[i], r0, r1);
    set->count = bn->nlisted;
    atomic_store_explicit(&set->done, 1, memory_order_release);
}

/* Ops of at most this many candidate tiles are binned at once, and a queue
 * of at most RAST_BIN_DRAIN_CANDS before them (see above). */
#define RAST_BIN_NOW_CANDS 16
#define RAST_BIN_DRAIN_CANDS 4096

/* Bins the queue on the API thread, from its reservation. */
static void drain(rast_scene *s)
{
    s->now.arena = false;
    for (const rast_op_block *b = s->ops; b; b = b->next)
        for (int i = 0; i < b->count; i++)
            bin_op(s, &s->now, &b->op[i], 0, s->tiles_y - 1);
    s->now.arena = true;
    rast_scene_queue_binned(s);
}

/* rast_bin_take, inline in bin_from: a small primitive is binned right
 * after its setup, as often as primitives come. */
static inline __attribute__((always_inline)) int
take(rast_scene *s, rast_bin_op *op, int cands, int cmds_per_cand)
{
    if (s->parallel && (cands > RAST_BIN_NOW_CANDS || s->queued_cands > RAST_BIN_DRAIN_CANDS)) {
        if (!rast_scene_op_room(s))
            return 0;
        int got = rast_scene_take(s, cands, cmds_per_cand);
        if (got > 0) {
            op->end = op->first + got;
            rast_scene_push_op(s, op);
        }
        return got;
    }
    if (s->ops)
        drain(s);
    op->end = op->first + cands;
    return bin_op(s, &s->now, op, 0, s->tiles_y - 1) - op->first;
}

int rast_bin_take(rast_scene *s, rast_bin_op *op, int cands, int cmds_per_cand)
{
    return take(s, op, cands, cmds_per_cand);
}

/* ---- primitives ---------------------------------------------------------------- */

static bool refresh_state(rast_geom *g)
{
    rast_context *r = g->r;
    if (g->ds_gen == r->scene_gen)
        return true;
    if (!rast_scene_begin(&r->scene, g->d->fb))
        return false;
    rast_dstate *ds = rast_dstate_get(r, g->d);
    if (!ds)
        return false;
    g->ds = ds;
    g->ds_gen = r->scene_gen;
    return true;
}

/* Copies src into the scene and bins or queues its candidates from *next on
 * that the arena has room for; true when none is left. */
static bool bin_from(rast_geom *g, const rast_prim *src, int *next)
{
    rast_context *r = g->r;
    rast_scene *s = &r->scene;
    if (!refresh_state(g))
        return false;
    rast_drawrec *rec = rast_budget_rec(r);
    if (!rec)
        return false;
    if (src->x1 <= src->x0 || src->y1 <= src->y0)
        return true; /* no pixel: nothing to copy or bin */
    size_t size = rast_prim_size(g->dsl.nvary);
    rast_prim *p = rast_scene_alloc(s, size);
    if (!p)
        return false;
    memcpy(p, src, size);
    p->ds = g->ds;
    p->rec = rec;
    /* A multisample triangle goes to every tile of its box as RAST_CMD_PRIM
     * (no edges, no fast path): its coverage is decided per sample in the
     * tile (rast_cover_3), never by classify's pixel-centre test. */
    bool ms = g->dsl.ms && p->nplanes == 3;
    rast_bin_op op = {
        .arg = p,
        .kind = RAST_OP_PRIM,
        .nedges = ms ? 0 : p->nplanes < 4 ? p->nplanes : 4, /* e[] holds at most 4 */
        .fast = !ms && !(r->debug & RAST_DEBUG_NO_FASTPATH),
        .tx0 = (uint16_t)(p->x0 >> RAST_TILE_SHIFT), .tx1 = (uint16_t)((p->x1 - 1) >> RAST_TILE_SHIFT),
        .ty0 = (uint16_t)(p->y0 >> RAST_TILE_SHIFT), .ty1 = (uint16_t)((p->y1 - 1) >> RAST_TILE_SHIFT),
        /* layered framebuffers: the bins of layer g->layer (rast_scene.c) */
        .lbase = g->layer > 0 && g->layer < s->layers ? g->layer * s->tiles_per_layer : 0,
    };
    int total = (op.tx1 - op.tx0 + 1) * (op.ty1 - op.ty0 + 1);
    op.first = *next;
    *next += take(s, &op, total - *next, 2); /* SET_STATE and the prim */
    return *next == total;
}

void rast_bin_prim(rast_geom *g, const rast_prim *src)
{
    if (g->err)
        return;
    int next = 0;
    bool fresh = false; /* the scene was flushed just before this attempt */
    for (;;) {
        int before = next;
        if (bin_from(g, src, &next))
            break;
        if (fresh && next == before) {
            g->err = GL_OUT_OF_MEMORY; /* a fresh scene takes nothing: real exhaustion */
            return;
        }
        rast_flush_internal(g->r); /* R9: run what is binned, go on from next */
        fresh = true;
    }
    g->r->stats.primitives_binned++;
}
