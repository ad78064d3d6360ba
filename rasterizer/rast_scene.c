/*
 * rast_scene.c - the scene: per-frame arena, bins and commands.
 * Stage: binning (tiling accelerator).  Thread: the API thread, except
 * rast_scene_bin_grow, which the executors binning at the flush call
 * (rast_bin.c); workers read a scene only during rast_flush.
 *
 * The arena is a list of chunks (bump allocated, 16-byte aligned) kept across
 * scenes, with a byte cap: an allocation that would pass the cap fails (NULL),
 * and the caller flushes and retries (R9).  Bins are chunked
 * command lists (rast_cmd_block) allocated from the same arena.
 *
 * Large ops are binned at the flush (rast_bin.c), so every op reserves its
 * command blocks when it is made: rast_scene_take allocates them from the
 * arena, in groups the executors take with an atomic counter, and bounds
 * what binning may need (blocks_needed).
 *
 * Layered framebuffers (rast_framebuffer.layers > 1, NV_geometry_program4
 * 4.4.7) get a bin per (layer, tile): bin l * tiles_per_layer + t.  A
 * primitive is binned into its layer's bins (rast_geom.layer); a clear goes
 * to every layer's bins (Clear clears all layers).  A framebuffer without
 * layers has one layer: the same bins as before.
 *
 * A full arena never drops work: an op takes the candidate tiles its
 * reservation has room for, the scene is flushed (its tiles run, R9) and
 * the op goes on from the next candidate in a fresh scene, so one clear or
 * one primitive may span several scenes (a 16384x16384 clear needs 262,144
 * bins, more than the default cap holds).  Each tile still sees its
 * commands in submission order.  Only a fresh scene that cannot take a
 * single candidate (malloc failed) is GL_OUT_OF_MEMORY.
 */
#include <stdlib.h>

#include "rast_priv.h"

#define RAST_CHUNK_BYTES ((size_t)256 << 10)

void rast_scene_init(rast_scene *s)
{
    memset(s, 0, sizeof(*s));
    s->cap = RAST_DEFAULT_SCENE_CAP;
}

/* Sets the number of executors (the context's): with more than one, large
 * ops are binned at the flush, in parallel.  The reservation's slack is
 * that of the most executors in deterministic mode, so that a scene fills
 * up at the same op with any number of them. */
bool rast_scene_set_executors(rast_scene *s, int n, bool deterministic)
{
    size_t bytes = (RAST_MAX_EXECUTORS + 1) * sizeof(*s->sets);
    if (!s->sets && posix_memalign((void **)&s->sets, 64, bytes) != 0) {
        s->sets = NULL;
        return false;
    }
    memset(s->sets, 0, bytes);
    s->binners = deterministic ? RAST_MAX_EXECUTORS : n;
    s->parallel = n > 1;
    return true;
}

static void free_chunk_list(rast_arena_chunk *c)
{
    while (c) {
        rast_arena_chunk *n = c->next;
        free(c);
        c = n;
    }
}

void rast_scene_fini(rast_scene *s)
{
    free_chunk_list(s->chunks);
    free_chunk_list(s->free_chunks);
    free(s->bins);
    free(s->tile_list);
    free(s->groups);
    free(s->sets);
    memset(s, 0, sizeof(*s));
}

bool rast_fb_equal(const rast_framebuffer *a, const rast_framebuffer *b)
{
    if (a->width != b->width || a->height != b->height)
        return false;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS + 2; i++) {
        const rast_surface *sa = i < RAST_MAX_DRAW_BUFFERS ? &a->color[i]
                                 : i == RAST_MAX_DRAW_BUFFERS ? &a->depth : &a->stencil;
        const rast_surface *sb = i < RAST_MAX_DRAW_BUFFERS ? &b->color[i]
                                 : i == RAST_MAX_DRAW_BUFFERS ? &b->depth : &b->stencil;
        if (sa->data != sb->data)
            return false;
        if (sa->data && (sa->width != sb->width || sa->height != sb->height ||
                         sa->stride != sb->stride || sa->format != sb->format ||
                         sa->layers != sb->layers || sa->layer_stride != sb->layer_stride ||
                         sa->samples != sb->samples || sa->sample_stride != sb->sample_stride ||
                         sa->base != sb->base || sa->range != sb->range || sa->srgb != sb->srgb))
            return false;
    }
    return (a->layers > 1 ? a->layers : 1) == (b->layers > 1 ? b->layers : 1);
}

/* Starts binning for fb if the scene has none yet.  Returns false when the
 * scene belongs to another framebuffer (the caller flushes first) or on OOM. */
bool rast_scene_begin(rast_scene *s, const rast_framebuffer *fb)
{
    if (s->has_fb)
        return rast_fb_equal(&s->fb, fb);
    int w = fb->width > 0 ? fb->width : 0, h = fb->height > 0 ? fb->height : 0;
    if (w > RAST_MAX_VIEWPORT)
        w = RAST_MAX_VIEWPORT;
    if (h > RAST_MAX_VIEWPORT)
        h = RAST_MAX_VIEWPORT;
    int tx = (w + RAST_TILE_SIZE - 1) >> RAST_TILE_SHIFT;
    int ty = (h + RAST_TILE_SIZE - 1) >> RAST_TILE_SHIFT;
    int layers = fb->layers > 1 ? (fb->layers < RAST_MAX_LAYERS ? fb->layers : RAST_MAX_LAYERS) : 1;
    size_t n = (size_t)tx * ty * (size_t)layers;
    if (n > s->bins_cap) {
        rast_bin *b = NULL; /* on cache lines: row sets share none but at their edges */
        if (posix_memalign((void **)&b, 64, n * sizeof(*b)) != 0)
            b = NULL;
        int *l = malloc(2 * n * sizeof(*l));
        if (!b || !l) {
            free(b);
            free(l);
            return false;
        }
        free(s->bins);
        free(s->tile_list);
        s->bins = b;
        s->tile_list = l;
        s->bins_cap = n;
    }
    memset(s->bins, 0, n * sizeof(*s->bins));
    s->fb = *fb;
    s->fb.width = w;
    s->fb.height = h;
    s->has_fb = true;
    s->tiles_x = tx;
    s->tiles_y = ty;
    s->layers = layers;
    s->tiles_per_layer = tx * ty;
    s->now.arena = true;
    s->now.list = s->tile_list;
    s->now.nlisted = 0;
    return true;
}

void *rast_scene_alloc(rast_scene *s, size_t bytes)
{
    bytes = (bytes + 15) & ~(size_t)15;
    rast_arena_chunk *c = s->chunks;
    if (c && c->size - c->used >= bytes) {
        void *p = c->data + c->used;
        c->used += bytes;
        return p;
    }
    /* s->bytes is the size of the chunks in use: what the cap bounds */
    size_t want = bytes > RAST_CHUNK_BYTES ? bytes : RAST_CHUNK_BYTES;
    if (s->chunks && s->bytes + want > s->cap)
        return NULL;
    rast_arena_chunk **pp = &s->free_chunks;
    while (*pp && (*pp)->size < bytes)
        pp = &(*pp)->next;
    if (*pp) {
        c = *pp;
        *pp = c->next;
    } else {
        c = malloc(sizeof(*c) + want);
        if (!c)
            return NULL;
        c->size = want;
    }
    c->used = bytes;
    c->next = s->chunks;
    s->chunks = c;
    s->bytes += c->size;
    return c->data;
}

/* Command blocks binning may need for cmds commands over cands candidate
 * tiles: a bin that gets c of them needs ceil(c / 28) <= (c + 27) / 28
 * blocks, at most min(cands, bins) bins get any, and each binner (every
 * executor at the flush, and the API thread before it) may leave the last
 * group it took unfinished. */
static uint64_t blocks_needed(const rast_scene *s, uint64_t cmds, uint64_t cands)
{
    uint64_t nbins = (uint64_t)s->layers * (uint64_t)s->tiles_per_layer;
    uint64_t touched = cands < nbins ? cands : nbins;
    return (cmds + (RAST_CMD_BLOCK_SIZE - 1) * touched) / RAST_CMD_BLOCK_SIZE +
           (uint64_t)(s->binners + 1) * (RAST_GROUP_BLOCKS - 1);
}

static bool add_group(rast_scene *s)
{
    if (s->ngroups == s->groups_cap) {
        int cap = s->groups_cap ? 2 * s->groups_cap : 256;
        rast_cmd_block **g = realloc(s->groups, (size_t)cap * sizeof(*g));
        if (!g)
            return false;
        s->groups = g;
        s->groups_cap = cap;
    }
    /* on cache lines of their own: two binners write two groups */
    uintptr_t at = (uintptr_t)rast_scene_alloc(s, RAST_GROUP_BLOCKS * sizeof(rast_cmd_block) + 48);
    if (!at)
        return false;
    s->groups[s->ngroups++] = (rast_cmd_block *)((at + 63) & ~(uintptr_t)63);
    return true;
}

/* Reserves the blocks for up to cands more candidate tiles that bin
 * cmds_per_cand commands each at most.  Returns how many candidates it
 * reserved for: all, or as many as the arena's cap has room for. */
int rast_scene_take(rast_scene *s, int cands, int cmds_per_cand)
{
    if (cands <= 0)
        return 0;
    uint64_t cmds = s->res_cmds, done = s->res_cands;
    uint64_t want = blocks_needed(s, cmds + (uint64_t)cands * cmds_per_cand, done + cands);
    int claimed = atomic_load_explicit(&s->next_group, memory_order_relaxed);
    while ((uint64_t)(s->ngroups - claimed) * RAST_GROUP_BLOCKS < want && add_group(s))
        ;
    uint64_t have = (uint64_t)(s->ngroups - claimed) * RAST_GROUP_BLOCKS;
    int got = cands;
    if (have < want) { /* the most that fit: blocks_needed grows with the count */
        int lo = 0, hi = cands - 1;
        while (lo < hi) {
            int mid = lo + (hi - lo + 1) / 2;
            if (blocks_needed(s, cmds + (uint64_t)mid * cmds_per_cand, done + mid) <= have)
                lo = mid;
            else
                hi = mid - 1;
        }
        got = lo;
    }
    s->res_cmds += (uint64_t)got * cmds_per_cand;
    s->res_cands += got;
    return got;
}

/* The queue was binned (or the scene is reset): it is empty, what it
 * reserved is used, and the groups not taken are there for the next ops. */
void rast_scene_queue_binned(rast_scene *s)
{
    s->ops = s->ops_tail = NULL;
    s->queued_cands = s->nqueued = 0;
    s->res_cmds = s->res_cands = 0;
}

/* Makes room for one more op at the end of the queue, which
 * rast_scene_push_op then fills; false when the arena is full. */
bool rast_scene_op_room(rast_scene *s)
{
    rast_op_block *b = s->ops_tail;
    if (!b || b->count == RAST_OPS_PER_BLOCK) {
        b = rast_scene_alloc(s, sizeof(*b));
        if (!b)
            return false;
        b->next = NULL;
        b->count = 0;
        if (s->ops_tail)
            s->ops_tail->next = b;
        else
            s->ops = b;
        s->ops_tail = b;
    }
    return true;
}

void rast_scene_push_op(rast_scene *s, const rast_bin_op *op)
{
    s->ops_tail->op[s->ops_tail->count++] = *op;
    s->queued_cands += (uint64_t)(op->end - op->first);
    s->nqueued++;
}

/* Starts a fresh tail block for b: its first, or after a full one.  The
 * first block also puts the tile on the binner's list.  False when the
 * arena is full (a binner from the arena), or if the reservation was
 * short, which blocks_needed rules out. */
bool rast_scene_bin_grow(rast_scene *s, rast_binner *bn, rast_bin *b)
{
    rast_cmd_block *nb;
    if (bn->arena) {
        nb = rast_scene_alloc(s, sizeof(*nb));
        if (!nb)
            return false;
    } else {
        if (!bn->group || bn->used == RAST_GROUP_BLOCKS) {
            int g = atomic_fetch_add_explicit(&s->next_group, 1, memory_order_relaxed);
            if (g >= s->ngroups)
                return false;
            bn->group = s->groups[g];
            bn->used = 0;
        }
        nb = &bn->group[bn->used++];
    }
    nb->next = NULL;
    if (b->tail)
        b->tail->next = nb;
    else {
        b->head = nb;
        bn->list[bn->nlisted++] = (int)(b - s->bins);
    }
    b->tail = nb;
    b->count = 0;
    return true;
}

void rast_scene_reset(rast_scene *s)
{
    /* keep the chunks for the next scene */
    rast_arena_chunk *c = s->chunks;
    while (c) {
        rast_arena_chunk *n = c->next;
        c->next = s->free_chunks;
        s->free_chunks = c;
        c = n;
    }
    s->chunks = NULL;
    s->bytes = 0;
    s->has_fb = false;
    s->serial = false;
    rast_scene_queue_binned(s);
    s->ngroups = 0;
    atomic_store_explicit(&s->next_group, 0, memory_order_relaxed);
    memset(&s->now, 0, sizeof(s->now));
    s->now.arena = true;
}
