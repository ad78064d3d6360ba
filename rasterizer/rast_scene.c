/*
 * rast_scene.c - the scene: per-frame arena, bins and commands.
 * Stage: binning (tiling accelerator).  Thread: API thread only; workers read a
 * scene only between the start and the end of rast_flush, never modify it.
 *
 * The arena is a list of chunks (bump allocated, 16-byte aligned) kept across
 * scenes, with a byte cap: an allocation that would pass the cap fails and
 * sets `full`, and the caller flushes and retries (R9).  Bins are chunked
 * command lists (rast_cmd_block) allocated from the same arena.
 *
 * Layered framebuffers (rast_framebuffer.layers > 1, NV_geometry_program4
 * 4.4.7) get a bin per (layer, tile): bin l * tiles_per_layer + t.  A
 * primitive is binned into its layer's bins (rast_geom.layer); a clear goes
 * to every layer's bins (Clear clears all layers).  A framebuffer without
 * layers has one layer: the same bins as before.
 *
 * A full arena never drops work: binning stops at the bin that did not fit,
 * the scene is flushed (its tiles run, R9) and binning goes on from that bin
 * in a fresh scene, so one clear or one primitive may span several scenes
 * (a 16384x16384 clear needs 262,144 bins, more than the default cap holds).
 * Each tile still sees its commands in submission order.  Only a fresh
 * scene that cannot take a single bin (malloc failed) is GL_OUT_OF_MEMORY.
 */
#include <stdlib.h>

#include "rast_priv.h"

#define RAST_CHUNK_BYTES ((size_t)256 << 10)

void rast_scene_init(rast_scene *s)
{
    memset(s, 0, sizeof(*s));
    s->cap = RAST_DEFAULT_SCENE_CAP;
    s->empty = true;
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
        rast_bin *b = malloc(n * sizeof(*b));
        int *l = malloc(n * sizeof(*l));
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
    s->ntiles = 0;
    s->full = false;
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
    if (s->chunks && s->bytes + want > s->cap) {
        s->full = true;
        return NULL;
    }
    rast_arena_chunk **pp = &s->free_chunks;
    while (*pp && (*pp)->size < bytes)
        pp = &(*pp)->next;
    if (*pp) {
        c = *pp;
        *pp = c->next;
    } else {
        c = malloc(sizeof(*c) + want);
        if (!c) {
            s->full = true;
            return NULL;
        }
        c->size = want;
    }
    c->used = bytes;
    c->next = s->chunks;
    s->chunks = c;
    s->bytes += c->size;
    return c->data;
}

/* Starts a fresh tail block for b: its first, or after a full one.  The
 * first block also puts the tile on the scene's list. */
bool rast_scene_bin_grow(rast_scene *s, rast_bin *b)
{
    rast_cmd_block *nb = rast_scene_alloc(s, sizeof(*nb));
    if (!nb)
        return false;
    nb->next = NULL;
    if (b->tail)
        b->tail->next = nb;
    else {
        b->head = nb;
        s->tile_list[s->ntiles++] = (int)(b - s->bins);
        s->empty = false;
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
    s->full = false;
    s->has_fb = false;
    s->ntiles = 0;
    s->empty = true;
    s->serial = false;
}
