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
 * framebuffers (samples n > 1, rast.h "Multisampling"): the tile holds all
 * n sample planes at once (t->planes; plane 0 in the context itself, the
 * others in t->ms_store, allocated on the first such tile) and runs its
 * command list once; loads, stores and clears cover every plane (plane s at
 * data + s * sample_stride), and rast_hsr.c selects planes per sample.
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

/* One row of w 4-byte pixels between the surface (linear) and the tile
 * (row yo = iy(y)): pixels x and x + 1 (x even) are adjacent in both, so
 * they move as one 8-byte word. */
static inline void row_to_tile4(unsigned char *tile, int yo, const unsigned char *row, int w)
{
    int x = 0;
    for (; x + 1 < w; x += 2)
        memcpy(tile + (size_t)(yo + ix(x)) * 4, row + (size_t)x * 4, 8);
    if (x < w)
        memcpy(tile + (size_t)(yo + ix(x)) * 4, row + (size_t)x * 4, 4);
}
static inline void tile_to_row4(unsigned char *row, const unsigned char *tile, int yo, int w)
{
    int x = 0;
    for (; x + 1 < w; x += 2)
        memcpy(row + (size_t)x * 4, tile + (size_t)(yo + ix(x)) * 4, 8);
    if (x < w)
        memcpy(row + (size_t)x * 4, tile + (size_t)(yo + ix(x)) * 4, 4);
}

/* Rows y and y + 1 (y even) at once, pixels x .. x + 3 (x a multiple of 4)
 * as 16-byte moves: their pixels x, x + 1 are quad(x)'s 16 bytes, rows
 * interleaved 8 bytes each, and x + 2, x + 3 the next quad's.  Returns the
 * pixels done (a multiple of 4); the row functions do the rest. */
#if defined(__SSE2__)
#include <emmintrin.h>
static inline int rows_to_tile4(unsigned char *tile, int yo, const unsigned char *r0,
                                const unsigned char *r1, int w)
{
    int x = 0;
    for (; x + 3 < w; x += 4) {
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)(r0 + (size_t)x * 4));
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(r1 + (size_t)x * 4));
        unsigned char *q = tile + (size_t)(yo + ix(x)) * 4; /* quad(x + 2) follows at +16 */
        _mm_storeu_si128((__m128i *)(void *)q, _mm_unpacklo_epi64(a, b));
        _mm_storeu_si128((__m128i *)(void *)(q + 16), _mm_unpackhi_epi64(a, b));
    }
    return x;
}
static inline int tile_to_rows4(unsigned char *r0, unsigned char *r1, const unsigned char *tile,
                                int yo, int w)
{
    int x = 0;
    for (; x + 3 < w; x += 4) {
        const unsigned char *q = tile + (size_t)(yo + ix(x)) * 4;
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)q);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(q + 16));
        _mm_storeu_si128((__m128i *)(void *)(r0 + (size_t)x * 4), _mm_unpacklo_epi64(a, b));
        _mm_storeu_si128((__m128i *)(void *)(r1 + (size_t)x * 4), _mm_unpackhi_epi64(a, b));
    }
    return x;
}
/* The same with streaming stores, for rows of whole cache lines (64-byte
 * aligned, w a multiple of 16): no line is read before it is written. */
static inline void tile_to_rows4_stream(unsigned char *r0, unsigned char *r1,
                                        const unsigned char *tile, int yo, int w)
{
    for (int x = 0; x < w; x += 4) {
        const unsigned char *q = tile + (size_t)(yo + ix(x)) * 4;
        __m128i a = _mm_loadu_si128((const __m128i *)(const void *)q);
        __m128i b = _mm_loadu_si128((const __m128i *)(const void *)(q + 16));
        _mm_stream_si128((__m128i *)(void *)(r0 + (size_t)x * 4), _mm_unpacklo_epi64(a, b));
        _mm_stream_si128((__m128i *)(void *)(r1 + (size_t)x * 4), _mm_unpackhi_epi64(a, b));
    }
}
#define HAVE_STREAM 1
#else
static inline int rows_to_tile4(unsigned char *tile, int yo, const unsigned char *r0,
                                const unsigned char *r1, int w)
{
    (void)tile, (void)yo, (void)r0, (void)r1, (void)w;
    return 0;
}
static inline int tile_to_rows4(unsigned char *r0, unsigned char *r1, const unsigned char *tile,
                                int yo, int w)
{
    (void)r0, (void)r1, (void)tile, (void)yo, (void)w;
    return 0;
}
#endif

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
        t->color[b] = t->planes[0].color[b] = (unsigned char *)c + (size_t)b * RAST_TILE_PIXELS * 16;
    t->depth = t->planes[0].depth = t->depth0;
    t->stencil = t->planes[0].stencil = t->stencil0;
    t->tag = t->planes[0].tag = t->tag0;
    t->bzmin = t->planes[0].bzmin = t->bzmin0;
    t->bzmax = t->planes[0].bzmax = t->bzmax0;
    t->nplanes = 1;
    t->shade_sample = -1;
    t->lanes = rast_lanes();
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
    free(t->planes[0].color[0]);
    free(t->ms_store);
    free(t);
}

/* Buffers of sample planes 1 .. n-1 (n <= RAST_MAX_PLANES) and the
 * multisample resolve lists; false when out of memory. */
static bool ms_planes_alloc(rast_tile_ctx *t, int n)
{
    if (t->ms_cap >= n)
        return true;
    const size_t cbytes = (size_t)RAST_MAX_DRAW_BUFFERS * RAST_TILE_PIXELS * 16;
    const size_t pbytes = cbytes + RAST_TILE_PIXELS * (sizeof(float) + 1 + sizeof(uint16_t)) +
                          2 * (RAST_TILE_PIXELS / 16) * sizeof(float);
    const size_t nlist = (size_t)RAST_TILE_PIXELS / 4 * 4 * RAST_MAX_PLANES;
    size_t bytes = (size_t)(RAST_MAX_PLANES - 1) * pbytes + nlist * (sizeof(uint16_t) + sizeof(uint32_t));
    void *m;
    if (posix_memalign(&m, 64, bytes) != 0)
        return false;
    memset(m, 0, bytes);
    unsigned char *q = m;
    for (int s = 1; s < RAST_MAX_PLANES; s++) {
        rast_plane *pl = &t->planes[s];
        for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
            pl->color[b] = q + (size_t)b * RAST_TILE_PIXELS * 16;
        q += cbytes;
        pl->depth = (float *)q;
        q += RAST_TILE_PIXELS * sizeof(float);
        pl->tag = (uint16_t *)q;
        q += RAST_TILE_PIXELS * sizeof(uint16_t);
        pl->bzmin = (float *)q;
        q += (RAST_TILE_PIXELS / 16) * sizeof(float);
        pl->bzmax = (float *)q;
        q += (RAST_TILE_PIXELS / 16) * sizeof(float);
        pl->stencil = q;
        q += RAST_TILE_PIXELS;
    }
    t->ms_resolve_live = (uint32_t *)q;
    q += nlist * sizeof(uint32_t);
    t->ms_resolve_list = (uint16_t *)q;
    free(t->ms_store);
    t->ms_store = m;
    t->ms_cap = RAST_MAX_PLANES;
    return true;
}

/* ---- load / store ---------------------------------------------------------------- */

static inline int sample_count(const rast_surface *s)
{
    return s->samples > 1 ? s->samples : 1;
}

/* The tile's layer and sample plane smp of surface s; NULL when s has no
 * such layer.  A surface with fewer planes than smp (never in a complete
 * framebuffer) loads plane 0 and is stored from plane 0 only (load = false
 * gives NULL then). */
static inline unsigned char *plane_base(const rast_tile_ctx *t, const rast_surface *s, int smp,
                                        bool load)
{
    unsigned char *d = s->data;
    if (t->layer != 0) {
        if (t->layer >= (s->layers > 1 ? s->layers : 1))
            return NULL;
        d += (size_t)t->layer * s->layer_stride;
    }
    if (smp > 0) {
        if (smp < sample_count(s))
            d += (size_t)smp * s->sample_stride;
        else if (!load)
            return NULL;
    }
    return d;
}
#define layer_base(t, s, smp) plane_base((t), (s), (smp), true)

static void load_color_plane(rast_tile_ctx *t, int b, int smp);
static void load_depth_plane(rast_tile_ctx *t, int smp);
static void load_stencil_plane(rast_tile_ctx *t, int smp);

/* The loads fill every sample plane of the tile. */
void rast_tile_load_color(rast_tile_ctx *t, int b)
{
    for (int smp = 0; smp < t->nplanes; smp++)
        load_color_plane(t, b, smp);
    t->color_valid[b] = true;
}

void rast_tile_load_depth(rast_tile_ctx *t)
{
    for (int smp = 0; smp < t->nplanes; smp++) {
        load_depth_plane(t, smp);
        t->planes[smp].hiz_valid = false;
    }
    t->depth_valid = true;
    t->hiz_valid = false;
}

void rast_tile_load_stencil(rast_tile_ctx *t)
{
    for (int smp = 0; smp < t->nplanes; smp++)
        load_stencil_plane(t, smp);
    t->stencil_valid = true;
}

static void load_color_plane(rast_tile_ctx *t, int b, int smp)
{
    const rast_surface *s = &t->scene->fb.color[b];
    size_t bpp = rast_color_bpp(s->format);
    unsigned char *dst = t->planes[smp].color[b];
    const unsigned char *data = layer_base(t, s, smp);
    if (!data) {
        memset(dst, 0, (size_t)RAST_TILE_PIXELS * bpp);
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const unsigned char *src = data + (size_t)(t->y + y) * s->stride + (size_t)t->x * bpp;
        int yo = iy(y);
        if (bpp == 4 && !(y & 1) && y + 1 < t->h) {
            int done = rows_to_tile4(dst, yo, src, src + s->stride, t->w);
            for (int k = 0; k < 2; k++)
                row_to_tile4(dst + (size_t)ix(done) * 4, yo + 2 * k,
                             src + (size_t)k * s->stride + (size_t)done * 4, t->w - done);
            y++;
        } else if (bpp == 4) {
            row_to_tile4(dst, yo, src, t->w);
        } else {
            for (int x = 0; x < t->w; x++)
                memcpy(dst + (size_t)(yo + ix(x)) * 16, src + (size_t)x * 16, 16);
        }
    }
}

/* ---- colour buffers not loaded (color_lazy) -------------------------------------- *
 *
 * A tile loads a colour buffer only for a writer that reads it or leaves
 * some components as they were (blending, logic ops, colour masks, sRGB,
 * multisampling).  While every writer overwrites (rast_pbe_overwrites),
 * the buffer is lazy: the writers record their pixels in color_written,
 * the end of the tile stores only those, and memory keeps the others.  A
 * frame that draws over the whole screen without clearing the colour first
 * (a sky, a full-screen pass) then never reads its colour buffer.  The
 * first writer that needs the whole buffer loads the pixels not written
 * yet (color_unlazy). */

/* Whether every pixel of the tile inside the framebuffer was written. */
static bool written_all(const rast_tile_ctx *t, int b)
{
    const uint64_t *w = t->color_written[b];
    if (t->w == RAST_TILE_SIZE && t->h == RAST_TILE_SIZE) {
        uint64_t all = ~(uint64_t)0;
        for (int i = 0; i < RAST_TILE_PIXELS / 64; i++)
            all &= w[i];
        return all == ~(uint64_t)0;
    }
    for (int y = 0; y < t->h; y++)
        for (int x = 0; x < t->w; x++) {
            int p = iy(y) + ix(x);
            if (!((w[p >> 6] >> (p & 63)) & 1u))
                return false;
        }
    return true;
}

/* Moves pixels of a lazy buffer between the tile and memory: the written
 * ones to memory (store), or the others from memory (load; zero where the
 * surface has no storage for the layer). */
static void move_written(rast_tile_ctx *t, int b, bool store)
{
    const rast_surface *s = &t->scene->fb.color[b];
    size_t bpp = rast_color_bpp(s->format);
    unsigned char *tile = t->planes[0].color[b];
    unsigned char *data = store ? plane_base(t, s, 0, false) : layer_base(t, s, 0);
    const uint64_t *w = t->color_written[b];
    if (store && !data)
        return;
    for (int y = 0; y < t->h; y++) {
        unsigned char *row = data ? data + (size_t)(t->y + y) * s->stride + (size_t)t->x * bpp : NULL;
        for (int x = 0; x < t->w; x += 2) {
            /* pixels x and x + 1 (x even) are tile pixels p and p + 1 */
            int p = iy(y) + ix(x);
            unsigned m = (unsigned)(w[p >> 6] >> (p & 63)) & 3u;
            if (!store)
                m ^= 3u;
            if (x + 1 >= t->w)
                m &= 1u;
            for (int k = 0; m; k++, m >>= 1) {
                if (!(m & 1u))
                    continue;
                unsigned char *px = tile + (size_t)(p + k) * bpp;
                if (store)
                    memcpy(row + (size_t)(x + k) * bpp, px, bpp);
                else if (row)
                    memcpy(px, row + (size_t)(x + k) * bpp, bpp);
                else
                    memset(px, 0, bpp);
            }
        }
    }
}

/* Makes a lazy buffer whole: memory's pixels where nothing was written. */
static void color_unlazy(rast_tile_ctx *t, int b)
{
    t->color_lazy[b] = false;
    uint64_t any = 0;
    for (int i = 0; i < RAST_TILE_PIXELS / 64; i++)
        any |= t->color_written[b][i];
    if (any)
        move_written(t, b, false);
    else
        rast_tile_load_color(t, b);
}

/* Surfaces from this size up are stored with streaming stores where the
 * rows allow: a frame larger than the caches is not read again before it
 * is evicted, and a line written whole need not be read first. */
#define STREAM_MIN_BYTES ((size_t)4 << 20)

/* Stores the tile's 4-byte pixels src to the surface rows from dst (the
 * tile's first row). */
static void store_tile4(const rast_tile_ctx *t, const rast_surface *s, unsigned char *dst,
                        const unsigned char *src)
{
    size_t stride = s->stride;
#ifdef HAVE_STREAM
    bool stream = t->w == RAST_TILE_SIZE && !((uintptr_t)dst & 63) && !(stride & 63) &&
                  stride * (size_t)s->height >= STREAM_MIN_BYTES;
#endif
    for (int y = 0; y < t->h; y++) {
        unsigned char *row = dst + (size_t)y * stride;
        int yo = iy(y);
        if (!(y & 1) && y + 1 < t->h) {
#ifdef HAVE_STREAM
            if (stream) {
                tile_to_rows4_stream(row, row + stride, src, yo, t->w);
                y++;
                continue;
            }
#endif
            int done = tile_to_rows4(row, row + stride, src, yo, t->w);
            for (int k = 0; k < 2; k++)
                tile_to_row4(row + (size_t)k * stride + (size_t)done * 4,
                             src + (size_t)ix(done) * 4, yo + 2 * k, t->w - done);
            y++;
        } else {
            tile_to_row4(row, src, yo, t->w);
        }
    }
}

static void store_color(rast_tile_ctx *t, int b, int smp)
{
    const rast_surface *s = &t->scene->fb.color[b];
    size_t bpp = rast_color_bpp(s->format);
    const unsigned char *src = t->planes[smp].color[b];
    unsigned char *data = plane_base(t, s, smp, false);
    if (!data)
        return;
    data += (size_t)t->y * s->stride + (size_t)t->x * bpp;
    if (bpp == 4) {
        store_tile4(t, s, data, src);
        return;
    }
    for (int y = 0; y < t->h; y++) {
        unsigned char *dst = data + (size_t)y * s->stride;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            memcpy(dst + (size_t)x * 16, src + (size_t)(yo + ix(x)) * 16, 16);
    }
}

static void load_depth_plane(rast_tile_ctx *t, int smp)
{
    const rast_surface *s = &t->scene->fb.depth;
    const unsigned char *data = layer_base(t, s, smp);
    float *depth = t->planes[smp].depth;
    if (!data) {
        for (int i = 0; i < RAST_TILE_PIXELS; i++)
            depth[i] = 1.0f;
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const float *src = (const float *)(data + (size_t)(t->y + y) * s->stride) + t->x;
        int yo = iy(y);
        row_to_tile4((unsigned char *)depth, yo, (const unsigned char *)src, t->w);
    }
}

static void store_depth(rast_tile_ctx *t, int smp)
{
    const rast_surface *s = &t->scene->fb.depth;
    unsigned char *data = plane_base(t, s, smp, false);
    const float *depth = t->planes[smp].depth;
    if (!data)
        return;
    store_tile4(t, s, data + (size_t)t->y * s->stride + (size_t)t->x * sizeof(float),
                (const unsigned char *)depth);
}

static void load_stencil_plane(rast_tile_ctx *t, int smp)
{
    const rast_surface *s = &t->scene->fb.stencil;
    const unsigned char *data = layer_base(t, s, smp);
    uint8_t *stencil = t->planes[smp].stencil;
    if (!data) {
        memset(stencil, 0, RAST_TILE_PIXELS);
        return;
    }
    for (int y = 0; y < t->h; y++) {
        const uint8_t *src = data + (size_t)(t->y + y) * s->stride + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            stencil[yo + ix(x)] = src[x];
    }
}

static void store_stencil(rast_tile_ctx *t, int smp)
{
    const rast_surface *s = &t->scene->fb.stencil;
    unsigned char *data = plane_base(t, s, smp, false);
    const uint8_t *stencil = t->planes[smp].stencil;
    if (!data)
        return;
    for (int y = 0; y < t->h; y++) {
        uint8_t *dst = data + (size_t)(t->y + y) * s->stride + t->x;
        int yo = iy(y);
        for (int x = 0; x < t->w; x++)
            dst[x] = stencil[yo + ix(x)];
    }
}

/* Every plane's HiZ bounds become stale. */
static void hiz_invalidate(rast_tile_ctx *t)
{
    t->hiz_valid = false;
    for (int smp = 0; smp < t->nplanes; smp++)
        t->planes[smp].hiz_valid = false;
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
                hiz_invalidate(t);
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
            bool over = t->nplanes == 1 && (ds->pbe_overwrites >> i & 1u) &&
                        !(t->debug & RAST_DEBUG_NO_FASTPATH);
            if (!t->color_valid[b]) {
                if (over) {
                    t->color_valid[b] = t->color_lazy[b] = true;
                    memset(t->color_written[b], 0, sizeof(t->color_written[b]));
                } else {
                    rast_tile_load_color(t, b);
                }
            } else if (t->color_lazy[b] && !over) {
                color_unlazy(t, b);
            }
            t->color_dirty[b] = true;
        }
    }
}

/* ---- commands -------------------------------------------------------------------- */

static void clear_plane(rast_tile_ctx *t, const rast_clear_data *cd);

/* A clear clears every sample plane (the pending work of all planes is
 * resolved or dropped by the first). */
static void cmd_clear(rast_tile_ctx *t, const void *arg)
{
    if (t->nplanes == 1) {
        clear_plane(t, arg);
        return;
    }
    for (int s = 0; s < t->nplanes; s++) {
        rast_plane_select(t, s);
        clear_plane(t, arg);
    }
    rast_plane_select(t, 0);
}

static void clear_plane(rast_tile_ctx *t, const rast_clear_data *cd)
{
    if (t->nrun)
        rast_hsr_run(t);
    rast_hsr_near_close(t);
    rast_hsr_zplane_expand(t);
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
            else if (!whole && t->color_lazy[b])
                color_unlazy(t, b);
            if (f32) {
                /* RGBA32F: the float colour; RGBA32I/UI: color_bits, as words */
                uint32_t w[4];
                if (rast_format_int(fb->color[b].format))
                    memcpy(w, cd->bits, sizeof w);
                else
                    memcpy(w, cd->rgba32f[b], sizeof w);
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
                memcpy(&v, cd->rgba8[b], 4);
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
                                px[ch] = cd->rgba8[b][ch];
                    }
            }
            if (cm & RAST_MASK_ALPHA_IS_RED) /* an intensity: alpha = red */
                for (int y = y0; y < y1; y++)
                    for (int x = x0; x < x1; x++) {
                        if (f32) {
                            float(*cf)[4] = t->color[b];
                            cf[iy(y) + ix(x)][3] = cf[iy(y) + ix(x)][0];
                        } else {
                            uint8_t(*c8)[4] = t->color[b];
                            c8[iy(y) + ix(x)][3] = c8[iy(y) + ix(x)][0];
                        }
                    }
            t->color_valid[b] = true;
            t->color_lazy[b] = false; /* whole now: cleared, or loaded above */
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
            t->hiz_valid = false; /* this plane's (cmd_clear visits each) */
        }
        t->depth_valid = true;
        t->depth_dirty = true;
    }
    if (cd->mask & RAST_CLEAR_STENCIL) {
        uint8_t m = cd->stencil_mask, v = cd->stencil & m;
        if (full && m == 0xff) {
            memset(t->stencil, v, RAST_TILE_PIXELS);
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
    t->ds = arg;
}

/* Primitives: painter primitives (deferred, no depth/stencil test) are
 * collected into a run that rast_hsr_run processes backwards; any other
 * command ends the run first. */
static void prim_cmd(rast_tile_ctx *t, const rast_prim *p, bool full)
{
    prepare(t, p->ds);
    if (rast_hsr_painter(p->ds)) {
        rast_hsr_near_close(t);
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

/* Runs one tile's commands (worker thread), with every sample plane of a
 * multisample framebuffer in the tile at once. */
void rast_tile_run(rast_tile_ctx *t, const rast_scene *s, int tile)
{
    const rast_bin *bin = &s->bins[tile];
    /* a count without a position table (not 2, 4, 8: never multisample-
     * rasterized, ds->ms) uses the centre for every plane */
    int n = scene_samples(&s->fb), npos;
    if (n > RAST_MAX_PLANES)
        n = RAST_MAX_PLANES;
    const int8_t(*pos)[2] = rast_sample_positions(n, &npos);
    if (n > 1 && !ms_planes_alloc(t, n)) {
        t->stats.tiles_run++; /* out of memory: the tile is left as it was */
        return;
    }
    for (int smp = 0; smp < n; smp++) {
        int k = npos == n ? smp : 0;
        t->planes[smp].ox = pos[k][0];
        t->planes[smp].oy = pos[k][1];
    }
    t->nplanes = n;
    t->sample = 0;
    rast_plane_select(t, 0);
    run_pass(t, s, bin);
    t->stats.tiles_run++;
}

static void run_pass(rast_tile_ctx *t, const rast_scene *s, const rast_bin *bin)
{
    int tile = (int)(bin - s->bins);
    t->scene = s;
    t->debug = t->r->debug;
    t->fenv_ds = NULL; /* a state of an earlier scene may share an address */
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
    t->shade_sample = -1;
    t->depth_valid = t->depth_dirty = t->stencil_valid = t->stencil_dirty = false;
    hiz_invalidate(t);
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        t->color_valid[b] = t->color_dirty[b] = t->color_lazy[b] = false;
    t->npending = 0;
    t->nrun = 0;
    t->nnear = 0;
    t->near_only = NULL;
    t->zplane = NULL;
    t->near_nlost = 0;
    t->task.n = 0;
    t->task.live = 0;
    t->task_prim = NULL;
    t->task_ready.n = 0;
    for (int smp = 0; smp < t->nplanes; smp++)
        memset(t->planes[smp].tag, 0, RAST_TILE_PIXELS * sizeof(uint16_t));

    const rast_cmd_fn *table = (t->debug & RAST_DEBUG_NO_FASTPATH) ? cmd_table_debug : cmd_table;
    for (const rast_cmd_block *blk = bin->head; blk; blk = blk->next) {
        uint32_t n = blk->next ? RAST_CMD_BLOCK_SIZE : bin->count;
        for (uint32_t i = 0; i < n; i++) {
            /* the argument two commands on: in a scene of many small
             * primitives it is rarely in this core's cache (the API thread
             * wrote it), and every command reads its first lines */
            if (i + 2 < n) {
                uintptr_t ahead = (uintptr_t)blk->arg[i + 2]; /* may be a small argument */
                __builtin_prefetch((const void *)ahead);
                __builtin_prefetch((const void *)(ahead + 64));
                __builtin_prefetch((const void *)(ahead + 128));
            }
            table[blk->op[i]](t, blk->arg[i]);
        }
    }
    if (t->nrun)
        rast_hsr_run(t);
    rast_hsr_resolve(t);
    rast_hsr_zplane_expand(t);
    rast_budget_settle(t); /* the scene's records go with it */

    const rast_framebuffer *fb = &s->fb;
    for (int smp = 0; smp < t->nplanes; smp++) {
        for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
            if (t->color_dirty[b] && t->color_valid[b] && fb->color[b].data) {
                if (t->color_lazy[b] && !written_all(t, b))
                    move_written(t, b, true); /* single-sampled: smp 0 */
                else
                    store_color(t, b, smp);
            }
        if (t->depth_dirty && t->depth_valid && fb->depth.data)
            store_depth(t, smp);
        if (t->stencil_dirty && t->stencil_valid && fb->stencil.data)
            store_stencil(t, smp);
    }
#ifdef HAVE_STREAM
    _mm_sfence(); /* the streaming stores (store_tile4) before the flush's end */
#endif
}
