/*
 * rast_hsr.c - ISP: coverage, depth/stencil tests and hidden-surface removal.
 * Stage: tile execution.  Thread: worker threads.
 *
 * Per primitive in a tile (R12): coverage gives (block, mask) pairs; then by
 * the state's mode (rast_state.c):
 *   DEFERRED    depth/stencil now; surviving pixels take the primitive's tag
 *               (its index in the tile's pending list) in the tag buffer;
 *               nothing is shaded yet.
 *   DEPTH_ONLY  depth/stencil only.
 *   EARLY_Z     resolve pending tags, depth/stencil, shade survivors in order.
 *   LATE_Z      resolve pending tags, shade every covered pixel, then
 *               kill / alpha test / depth-stencil (rast_shade_task).
 *   PUNCH       the program's decide part (kill, depth) on the covered
 *               pixels, depth/stencil on those it keeps, which take the
 *               primitive's tag as in DEFERRED (hsr_punch); or, in a
 *               nearest-first region, as DEFERRED first and the decide
 *               part only where the primitive ends nearest
 *               (rast_hsr_near_close).
 * Depth planes: a primitive that passes the whole-tile HiZ test and writes
 * depth leaves its plane as the tile's depth, written per pixel only when
 * something reads it (rast_hsr_zplane_expand), so a stack of full-tile
 * layers writes the tile's depth once, not once per layer.
 * Hierarchical Z (PowerVR-style): the tile keeps every block's depth
 * min/max.  For LESS/LEQUAL/GREATER/GEQUAL without stencil, a primitive's
 * depth range over a block (the formula's value at the smallest and largest
 * lane offset: float rounding is monotonic, so these bound every lane's
 * computed depth exactly) is compared with the block's range first: the
 * block is rejected, or accepted whole, without per-pixel compares.
 * Painter runs: deferred primitives with neither depth nor stencil test
 * leave each pixel to the last one covering it, so a run of them (collected
 * by rast_tile.c) is processed backwards: each pixel is claimed once, by the
 * latest primitive, and when the whole tile is claimed everything earlier in
 * the run is skipped unseen.  (fragments_hidden then counts only hidden
 * fragments that were rasterized: a lower bound.)
 * A resolve shades, per pending primitive, exactly the quads that hold its
 * tag (its pixels live, the rest of each quad as helpers), 4 quads a task.
 * Since every tagged pixel belongs to one primitive and those primitives
 * overwrite colour without blending, the order of the resolve is free.
 */
#include "rast_priv.h"

/* Bits of [lo, hi) within 0..3. */
static inline uint32_t rast_span_bits(int lo, int hi)
{
    if (lo < 0) lo = 0;
    if (hi > 4) hi = 4;
    return hi > lo ? ((1u << hi) - 1u) & ~((1u << lo) - 1u) : 0u;
}
/* Lanes of a block whose x (y) is in the 4-bit set. */
static inline uint32_t rast_col_lanes(uint32_t cols)
{
    return ((cols & 1u) ? 0x0505u : 0u) | ((cols & 2u) ? 0x0a0au : 0u) |
           ((cols & 4u) ? 0x5050u : 0u) | ((cols & 8u) ? 0xa0a0u : 0u);
}
static inline uint32_t rast_row_lanes(uint32_t rows)
{
    return ((rows & 1u) ? 0x0033u : 0u) | ((rows & 2u) ? 0x00ccu : 0u) |
           ((rows & 4u) ? 0x3300u : 0u) | ((rows & 8u) ? 0xcc00u : 0u);
}

#define NR_PLANES 0
#include "rast_tile_cover_tmp.h"
#define NR_PLANES 3
#include "rast_tile_cover_tmp.h"
#define NR_PLANES 4
#include "rast_tile_cover_tmp.h"

/* ---- depth / stencil tests (chosen once per state: rast_isp_choose) ---------- */

static uint32_t isp_none(rast_tile_ctx *t, const rast_dstate *ds, const uint16_t qbase[4],
                         const float z[16], uint32_t mask, bool front)
{
    return mask;
}

/* Depth test of 4 quads: each quad is 4 consecutive floats of the tile's
 * depth buffer, so one SSE2 compare per quad. */
#if defined(__SSE2__)
static inline __m128 quad_lanes(uint32_t m4)
{
    const __m128i bits = _mm_set_epi32(8, 4, 2, 1);
    __m128i m = _mm_and_si128(_mm_set1_epi32((int)m4), bits);
    return _mm_castsi128_ps(_mm_cmpeq_epi32(m, bits));
}
#define CMP_never(a, b) _mm_setzero_ps()
#define CMP_less(a, b) _mm_cmplt_ps(a, b)
#define CMP_equal(a, b) _mm_cmpeq_ps(a, b)
#define CMP_lequal(a, b) _mm_cmple_ps(a, b)
#define CMP_greater(a, b) _mm_cmpgt_ps(a, b)
#define CMP_notequal(a, b) _mm_cmpneq_ps(a, b)
#define CMP_gequal(a, b) _mm_cmpge_ps(a, b)
#define CMP_always(a, b) _mm_castsi128_ps(_mm_set1_epi32(-1))
#define DEPTH_FN(NAME, CMP, WRITE)                                                         \
    static uint32_t NAME(rast_tile_ctx *t, const rast_dstate *ds, const uint16_t qbase[4], \
                         const float z[16], uint32_t mask, bool front)                     \
    {                                                                                      \
        uint32_t out = 0;                                                                  \
        for (int k = 0; k < 4; k++) {                                                      \
            uint32_t m4 = (mask >> (k * 4)) & 0xfu;                                        \
            if (!m4)                                                                       \
                continue;                                                                  \
            float *d = t->depth + qbase[k];                                                \
            __m128 zz = _mm_loadu_ps(z + k * 4), dd = _mm_load_ps(d);                      \
            __m128 pass = _mm_and_ps(CMP_##CMP(zz, dd), quad_lanes(m4));                   \
            if (WRITE)                                                                     \
                _mm_store_ps(d, _mm_or_ps(_mm_and_ps(pass, zz), _mm_andnot_ps(pass, dd))); \
            out |= (uint32_t)_mm_movemask_ps(pass) << (k * 4);                             \
        }                                                                                  \
        return out;                                                                        \
    }
#else
#define CMP_never(a, b) 0
#define CMP_less(a, b) ((a) < (b))
#define CMP_equal(a, b) ((a) == (b))
#define CMP_lequal(a, b) ((a) <= (b))
#define CMP_greater(a, b) ((a) > (b))
#define CMP_notequal(a, b) ((a) != (b))
#define CMP_gequal(a, b) ((a) >= (b))
#define CMP_always(a, b) 1
#define DEPTH_FN(NAME, CMP, WRITE)                                                         \
    static uint32_t NAME(rast_tile_ctx *t, const rast_dstate *ds, const uint16_t qbase[4], \
                         const float z[16], uint32_t mask, bool front)                     \
    {                                                                                      \
        uint32_t out = 0;                                                                  \
        for (int l = 0; l < 16; l++) {                                                     \
            float *d = t->depth + qbase[l >> 2] + (l & 3);                                 \
            uint32_t pass = ((mask >> l) & 1u) & (uint32_t)(CMP_##CMP(z[l], *d));          \
            if (WRITE && pass)                                                             \
                *d = z[l];                                                                 \
            out |= pass << l;                                                              \
        }                                                                                  \
        return out;                                                                        \
    }
#endif

DEPTH_FN(isp_never, never, 0)
DEPTH_FN(isp_less, less, 0)
DEPTH_FN(isp_less_w, less, 1)
DEPTH_FN(isp_equal, equal, 0)
DEPTH_FN(isp_equal_w, equal, 1)
DEPTH_FN(isp_lequal, lequal, 0)
DEPTH_FN(isp_lequal_w, lequal, 1)
DEPTH_FN(isp_greater, greater, 0)
DEPTH_FN(isp_greater_w, greater, 1)
DEPTH_FN(isp_notequal, notequal, 0)
DEPTH_FN(isp_notequal_w, notequal, 1)
DEPTH_FN(isp_gequal, gequal, 0)
DEPTH_FN(isp_gequal_w, gequal, 1)
DEPTH_FN(isp_always, always, 0)
DEPTH_FN(isp_always_w, always, 1)

/* Lanes l (of those in `mask`) where a[l] FUNC b[l]. */
static uint32_t cmp_lanes(GLenum f, const float a[16], const float b[16], uint32_t mask)
{
    uint32_t out;
    RAST_FUNC_LANES(out, f, a[l], b[l]);
    return out & mask;
}

/* Lanes l (of those in mask) where "ref FUNC (s[l] & vm)" (ref already
 * masked), GL 2.1 4.1.5, on the 8-bit values. */
static uint32_t stencil_cmp(GLenum f, uint8_t ref, const uint8_t s[16], uint8_t vm, uint32_t mask)
{
    uint32_t out;
    RAST_FUNC_LANES(out, f, ref, (uint8_t)(s[l] & vm));
    return out & mask;
}

/* Applies stencil operation op to the lanes in mask (s: the 16 old values). */
static void stencil_apply(GLenum op, uint8_t s[16], uint8_t ref, uint8_t wm, uint32_t mask)
{
    if (!mask || op == GL_KEEP)
        return;
    uint8_t nv[16];
    int l;
    switch (op) {
    case GL_ZERO: for (l = 0; l < 16; l++) nv[l] = 0; break;
    case GL_REPLACE: for (l = 0; l < 16; l++) nv[l] = ref; break;
    case GL_INCR: for (l = 0; l < 16; l++) nv[l] = s[l] == 255 ? 255 : (uint8_t)(s[l] + 1); break;
    case GL_DECR: for (l = 0; l < 16; l++) nv[l] = s[l] == 0 ? 0 : (uint8_t)(s[l] - 1); break;
    case GL_INVERT: for (l = 0; l < 16; l++) nv[l] = (uint8_t)~s[l]; break;
    case 0x8507 /* GL_INCR_WRAP */: for (l = 0; l < 16; l++) nv[l] = (uint8_t)(s[l] + 1); break;
    case 0x8508 /* GL_DECR_WRAP */: for (l = 0; l < 16; l++) nv[l] = (uint8_t)(s[l] - 1); break;
    default: return;
    }
    for (l = 0; l < 16; l++)
        if ((mask >> l) & 1u)
            s[l] = (uint8_t)((s[l] & ~wm) | (nv[l] & wm));
}

/* Stencil (and depth) test with updates, GL 2.1 4.1.5-4.1.6: stencil fails ->
 * sfail op; depth fails -> dpfail op; both pass -> dppass op, through the
 * face's write mask.  The stencil function compares "ref FUNC stencil". */
static uint32_t isp_stencil(rast_tile_ctx *t, const rast_dstate *ds, const uint16_t qbase[4],
                            const float z[16], uint32_t mask, bool front)
{
    const rast_stencil_face *sf = &ds->stencil[front ? 0 : 1];
    uint8_t ref = (uint8_t)(sf->ref < 0 ? 0 : sf->ref > 255 ? 255 : sf->ref);
    uint8_t vm = sf->value_mask, wm = sf->write_mask;
    /* a quad's 4 pixels are 4 consecutive entries of the tile buffers */
    uint8_t s[16];
    float d[16];
    for (int k = 0; k < 4; k++) {
        memcpy(&s[4 * k], &t->stencil[qbase[k]], 4);
        memcpy(&d[4 * k], &t->depth[qbase[k]], 16);
    }
    uint32_t spass = stencil_cmp(sf->func, (uint8_t)(ref & vm), s, vm, mask);
    uint32_t zpass = ds->depth_test ? cmp_lanes(ds->depth_func, z, d, spass) : spass;
    stencil_apply(sf->fail_op, s, ref, wm, mask & ~spass);
    stencil_apply(sf->zfail_op, s, ref, wm, spass & ~zpass);
    stencil_apply(sf->zpass_op, s, ref, wm, zpass);
    uint32_t zw = ds->depth_write ? zpass : 0;
    for (int k = 0; k < 4; k++) {
        /* a quad with lanes in mask, whole: its other lanes kept the values
         * they had (a task's unused slots repeat quad 0 and have none) */
        if ((mask >> (4 * k)) & 0xfu)
            memcpy(&t->stencil[qbase[k]], &s[4 * k], 4);
        uint32_t qz = (zw >> (4 * k)) & 0xfu;
        if (qz == 0xfu) {
            memcpy(&t->depth[qbase[k]], &z[4 * k], 16);
        } else if (qz) {
            for (int j = 0; j < 4; j++)
                if ((qz >> j) & 1u)
                    t->depth[qbase[k] + j] = z[4 * k + j];
        }
    }
    return zpass;
}

rast_isp_fn rast_isp_choose(const rast_dstate *ds)
{
    if (ds->stencil_test)
        return isp_stencil;
    if (!ds->depth_test)
        return isp_none;
    bool w = ds->depth_write;
    switch (ds->depth_func) {
    case GL_NEVER: return isp_never;
    case GL_LESS: return w ? isp_less_w : isp_less;
    case GL_EQUAL: return w ? isp_equal_w : isp_equal;
    case GL_LEQUAL: return w ? isp_lequal_w : isp_lequal;
    case GL_GREATER: return w ? isp_greater_w : isp_greater;
    case GL_NOTEQUAL: return w ? isp_notequal_w : isp_notequal;
    case GL_GEQUAL: return w ? isp_gequal_w : isp_gequal;
    default: return w ? isp_always_w : isp_always;
    }
}

/* ---- hidden-surface removal ------------------------------------------------------ */

static int cover(const rast_tile_ctx *t, const rast_prim *p, bool full, uint8_t *blocks, uint16_t *masks);

static void block_qbase(int b, uint16_t qbase[4])
{
    for (int k = 0; k < 4; k++)
        qbase[k] = (uint16_t)(b * 16 + k * 4);
}

/* z of the 16 lanes of block b (rast_priv.h formula). */
static inline void block_z(const rast_tile_ctx *t, const rast_prim *p, const float zoff[16], int b,
                           float z[16])
{
    float zb = rast_z_base(t->x, t->y, p, b, rast_zs_x(t, p), rast_zs_y(t, p));
    for (int k = 0; k < 4; k++)
        rast_z_quad(zb, zoff + k * 4, p->ds->zmin, p->ds->zmax, z + k * 4);
}

/* ---- hierarchical Z ---------------------------------------------------------------- */

static inline float clampz(float v, float lo, float hi)
{
    v = v > lo ? v : lo; /* the max/min semantics of rast_z_quad */
    return v < hi ? v : hi;
}

static inline void hiz_bounds(rast_tile_ctx *t, int b)
{
    const float *d = t->depth + b * 16;
#if defined(__SSE2__)
    __m128 mn = _mm_min_ps(_mm_min_ps(_mm_load_ps(d), _mm_load_ps(d + 4)),
                           _mm_min_ps(_mm_load_ps(d + 8), _mm_load_ps(d + 12)));
    __m128 mx = _mm_max_ps(_mm_max_ps(_mm_load_ps(d), _mm_load_ps(d + 4)),
                           _mm_max_ps(_mm_load_ps(d + 8), _mm_load_ps(d + 12)));
    mn = _mm_min_ps(mn, _mm_shuffle_ps(mn, mn, _MM_SHUFFLE(1, 0, 3, 2)));
    mn = _mm_min_ps(mn, _mm_shuffle_ps(mn, mn, _MM_SHUFFLE(2, 3, 0, 1)));
    mx = _mm_max_ps(mx, _mm_shuffle_ps(mx, mx, _MM_SHUFFLE(1, 0, 3, 2)));
    mx = _mm_max_ps(mx, _mm_shuffle_ps(mx, mx, _MM_SHUFFLE(2, 3, 0, 1)));
    t->bzmin[b] = _mm_cvtss_f32(mn);
    t->bzmax[b] = _mm_cvtss_f32(mx);
#else
    float mn = d[0], mx = d[0];
    for (int l = 1; l < 16; l++) {
        mn = d[l] < mn ? d[l] : mn;
        mx = d[l] > mx ? d[l] : mx;
    }
    t->bzmin[b] = mn;
    t->bzmax[b] = mx;
#endif
}

static void hiz_rebuild(rast_tile_ctx *t)
{
    rast_hsr_zplane_expand(t);
    for (int b = 0; b < RAST_TILE_PIXELS / 16; b++)
        hiz_bounds(t, b);
    t->hiz_valid = true;
}

/* Depth range of a primitive over its blocks. */
typedef struct hiz_prim {
    float zoff[16];
    float off_lo, off_hi;
} hiz_prim;

static void hiz_prim_init(const rast_prim *p, hiz_prim *h)
{
    rast_z_offsets(p, h->zoff);
    h->off_lo = h->off_hi = h->zoff[0];
    for (int l = 1; l < 16; l++) {
        h->off_lo = h->zoff[l] < h->off_lo ? h->zoff[l] : h->off_lo;
        h->off_hi = h->zoff[l] > h->off_hi ? h->zoff[l] : h->off_hi;
    }
}

/* Depth (and HiZ) test of block b for a state with ds->hiz; returns the
 * lanes of m that pass. */
static inline uint32_t hiz_block(rast_tile_ctx *t, const rast_prim *p, const rast_dstate *ds,
                                 const hiz_prim *h, int b, uint32_t m)
{
    const float zmin = ds->zmin, zmax = ds->zmax;
    float zb = rast_z_base(t->x, t->y, p, b, rast_zs_x(t, p), rast_zs_y(t, p));
    float lo = clampz(zb + h->off_lo, zmin, zmax);
    float hi = clampz(zb + h->off_hi, zmin, zmax);
    float bmin = t->bzmin[b], bmax = t->bzmax[b];
    bool fail, pass;
    switch (ds->hiz) {
    case RAST_HIZ_LESS: fail = lo >= bmax; pass = hi < bmin; break;
    case RAST_HIZ_LEQUAL: fail = lo > bmax; pass = hi <= bmin; break;
    case RAST_HIZ_GREATER: fail = hi <= bmin; pass = lo > bmax; break;
    default: fail = hi < bmin; pass = lo >= bmax; break; /* GEQUAL */
    }
    if (fail)
        return 0;
    float z[16];
    for (int k = 0; k < 4; k++)
        rast_z_quad(zb, h->zoff + k * 4, zmin, zmax, z + k * 4);
    uint16_t qbase[4];
    block_qbase(b, qbase);
    if (pass) {
        if (ds->depth_write) {
            float *d = t->depth + b * 16;
            if (m == 0xffffu) {
                memcpy(d, z, sizeof(z));
                t->bzmin[b] = lo;
                t->bzmax[b] = hi;
            } else {
                for (int l = 0; l < 16; l++)
                    d[l] = ((m >> l) & 1u) ? z[l] : d[l];
                hiz_bounds(t, b);
            }
        }
        return m;
    }
    m = ds->isp(t, ds, qbase, z, m, p->front);
    if (m && ds->depth_write)
        hiz_bounds(t, b);
    return m;
}

/* Gives the lanes of `m` in block b the tag v; returns how many lanes
 * already held a tag (fragments hidden before being shaded). */
static inline int set_tags(uint16_t *tg, uint32_t m, uint16_t v)
{
#if defined(__SSE2__)
    const __m128i bits = _mm_set_epi16(128, 64, 32, 16, 8, 4, 2, 1);
    const __m128i zero = _mm_setzero_si128(), tv = _mm_set1_epi16((short)v);
    int hidden = 0;
    for (int h = 0; h < 2; h++) {
        __m128i sel = _mm_and_si128(_mm_set1_epi16((short)((m >> (h * 8)) & 0xffu)), bits);
        sel = _mm_cmpeq_epi16(sel, bits);
        __m128i old = _mm_load_si128((const __m128i *)(tg + h * 8));
        __m128i had = _mm_andnot_si128(_mm_cmpeq_epi16(old, zero), sel);
        hidden += rast_popcount((unsigned)_mm_movemask_epi8(had)) >> 1;
        _mm_store_si128((__m128i *)(tg + h * 8), _mm_or_si128(_mm_and_si128(sel, tv), _mm_andnot_si128(sel, old)));
    }
    return hidden;
#else
    int hidden = 0;
    for (int l = 0; l < 16; l++) {
        if ((m >> l) & 1u) {
            hidden += tg[l] != 0;
            tg[l] = v;
        }
    }
    return hidden;
#endif
}

/* The tag of primitive p: a new pending entry, or on multisample tiles the
 * entry p took on an earlier sample plane of the same command (one
 * shading of p for all its samples). */
static inline uint16_t pending_tag(rast_tile_ctx *t, const rast_prim *p)
{
    if (t->nplanes > 1 && t->npending && t->pending[t->npending - 1] == p)
        return (uint16_t)t->npending;
    if (t->npending == RAST_MAX_PENDING)
        rast_hsr_resolve(t);
    t->pending[t->npending++] = p;
    return (uint16_t)t->npending;
}

/* Whole-tile HiZ for a primitive covering every pixel of a full tile
 * (RAST_CMD_PRIM_FULL or a point rectangle): one range test rejects the
 * tile, or accepts it wholesale (depth stored block by block, no per-pixel
 * compare).  The primitive's range over the tile is taken at the corner
 * blocks: the block base is monotonic in x and y (monotonic rounding), so
 * the corners bound every block.  Returns false when neither applies. */
static bool hiz_tile(rast_tile_ctx *t, const rast_prim *p, const rast_dstate *ds, const hiz_prim *h,
                     int mode)
{
    static const uint8_t corner[4] = {0, 7, 56, 63};
    float zlo = 0.0f, zhi = 0.0f;
    for (int i = 0; i < 4; i++) {
        float zb = rast_z_base(t->x, t->y, p, corner[i], rast_zs_x(t, p), rast_zs_y(t, p));
        if (i == 0 || zb < zlo) zlo = zb;
        if (i == 0 || zb > zhi) zhi = zb;
    }
    float lo = clampz(zlo + h->off_lo, ds->zmin, ds->zmax), hi = clampz(zhi + h->off_hi, ds->zmin, ds->zmax);
    float tmin, tmax;
    if (t->zplane) {
        /* the plane's own range, bounding every block's */
        tmin = t->zplane_lo;
        tmax = t->zplane_hi;
    } else {
        tmin = t->bzmin[0];
        tmax = t->bzmax[0];
        for (int b = 1; b < RAST_TILE_PIXELS / 16; b++) {
            tmin = t->bzmin[b] < tmin ? t->bzmin[b] : tmin;
            tmax = t->bzmax[b] > tmax ? t->bzmax[b] : tmax;
        }
    }
    bool fail, pass;
    switch (ds->hiz) {
    case RAST_HIZ_LESS: fail = lo >= tmax; pass = hi < tmin; break;
    case RAST_HIZ_LEQUAL: fail = lo > tmax; pass = hi <= tmin; break;
    case RAST_HIZ_GREATER: fail = hi <= tmin; pass = lo > tmax; break;
    default: fail = hi < tmin; pass = lo >= tmax; break;
    }
    if (fail)
        return true;
    if (!pass || mode == RAST_MODE_EARLY_Z || mode == RAST_MODE_PUNCH)
        return false;
    uint16_t tagv = 0;
    if (mode == RAST_MODE_DEFERRED)
        tagv = pending_tag(t, p);
    uint64_t hidden = 0;
    const float zmin = ds->zmin, zmax = ds->zmax, off_lo = h->off_lo, off_hi = h->off_hi;
    const bool write = ds->depth_write;
    if (write && t->nplanes == 1) {
        /* on a single-sampled tile the depth (and the blocks' HiZ bounds)
         * stay p's plane until something reads them per block or pixel
         * (rast_hsr_zplane_expand): a later primitive passing here too
         * replaces it unwritten */
        t->zplane = p;
        t->zplane_lo = lo;
        t->zplane_hi = hi;
    } else if (write) {
        for (int b = 0; b < RAST_TILE_PIXELS / 16; b++) {
            float zb = rast_z_base(t->x, t->y, p, b, rast_zs_x(t, p), rast_zs_y(t, p));
            float *d = t->depth + b * 16;
            for (int k = 0; k < 4; k++)
                rast_z_quad(zb, h->zoff + k * 4, zmin, zmax, d + k * 4);
            t->bzmin[b] = clampz(zb + off_lo, zmin, zmax);
            t->bzmax[b] = clampz(zb + off_hi, zmin, zmax);
        }
    }
    if (tagv) {
        /* every pixel takes the tag */
        uint16_t *tg = t->tag;
        for (int i = 0; i < RAST_TILE_PIXELS; i++) {
            hidden += tg[i] != 0;
            tg[i] = tagv;
        }
    }
    t->stats.fragments_hidden += hidden;
    return true;
}

/* Writes the depth plane hiz_tile left in place of the tile's depth, and
 * its blocks' HiZ bounds: what hiz_tile would have written. */
void rast_hsr_zplane_expand(rast_tile_ctx *t)
{
    const rast_prim *p = t->zplane;
    if (!p)
        return;
    t->zplane = NULL;
    hiz_prim h;
    hiz_prim_init(p, &h);
    const float zmin = p->ds->zmin, zmax = p->ds->zmax;
    for (int b = 0; b < RAST_TILE_PIXELS / 16; b++) {
        float zb = rast_z_base(t->x, t->y, p, b, rast_zs_x(t, p), rast_zs_y(t, p));
        for (int k = 0; k < 4; k++)
            rast_z_quad(zb, h.zoff + k * 4, zmin, zmax, t->depth + b * 16 + k * 4);
        t->bzmin[b] = clampz(zb + h.off_lo, zmin, zmax);
        t->bzmax[b] = clampz(zb + h.off_hi, zmin, zmax);
    }
}

/* Depth/stencil test of block b: through HiZ when the state allows it. */
static inline uint32_t block_test(rast_tile_ctx *t, const rast_prim *p, const rast_dstate *ds,
                                  const hiz_prim *h, int b, uint32_t m)
{
    if (ds->hiz)
        return hiz_block(t, p, ds, h, b, m);
    uint16_t qbase[4];
    float z[16];
    block_qbase(b, qbase);
    block_z(t, p, h->zoff, b, z);
    return ds->isp(t, ds, qbase, z, m, p->front);
}

static void hsr_deferred(rast_tile_ctx *t, const rast_prim *p, const hiz_prim *h, const uint8_t *blocks,
                         const uint16_t *masks, int n)
{
    const rast_dstate *ds = p->ds;
    bool test = ds->isp != isp_none;
    uint16_t tagv = 0;
    uint64_t hidden = 0;
    for (int i = 0; i < n; i++) {
        int b = blocks[i];
        uint32_t m = masks[i];
        if (test) {
            m = block_test(t, p, ds, h, b, m);
            if (!m)
                continue;
        }
        if (!tagv)
            tagv = pending_tag(t, p);
        hidden += (uint64_t)set_tags(t->tag + b * 16, m, tagv);
    }
    t->stats.fragments_hidden += hidden;
}

/* Punch-through (PowerVR's ATST / DEPTHF feedback): per covered block, the
 * decide program (ds->fp_decide) runs on the covered quads, every covered
 * lane live as in-order shading would run it; the lanes it keeps go
 * through the depth/stencil test and update (with the program's depth when
 * it writes one), and the survivors take p's tag as a deferred
 * primitive's would.  The resolve then runs the whole program on the
 * visible ones only; it decides the same way for them, so the image is
 * that of in-order shading.  Without stencil and program depth, lanes
 * that fail the depth test are left out of the decide run first (HiZ,
 * then ds->isp_test without the write): whatever the program would decide
 * for them, they change nothing.  (Not inlined: hsr_prim_plane's other
 * paths keep their code.) */
static __attribute__((noinline)) void hsr_punch(rast_tile_ctx *t, const rast_prim *p, const hiz_prim *h,
                                                const uint8_t *blocks, const uint16_t *masks, int n)
{
    const rast_dstate *ds = p->ds;
    bool test = ds->isp != isp_none;
    bool pdepth = ds->fpi->writes_depth;
    bool pretest = test && !pdepth && ds->isp_test;
    uint16_t tagv = 0;
    uint64_t hidden = 0;
    for (int i = 0; i < n; i++) {
        int b = blocks[i];
        uint32_t m = masks[i];
        uint16_t qbase[4];
        block_qbase(b, qbase);
        float z[16];
        if (pretest) {
            float zb = rast_z_base(t->x, t->y, p, b, rast_zs_x(t, p), rast_zs_y(t, p));
            for (int q = 0; q < 4; q++)
                rast_z_quad(zb, h->zoff + q * 4, ds->zmin, ds->zmax, z + q * 4);
            if (ds->hiz) {
                /* the block's depth range, as hiz_block takes it */
                float lo = clampz(zb + h->off_lo, ds->zmin, ds->zmax);
                float hi = clampz(zb + h->off_hi, ds->zmin, ds->zmax);
                bool fail;
                switch (ds->hiz) {
                case RAST_HIZ_LESS: fail = lo >= t->bzmax[b]; break;
                case RAST_HIZ_LEQUAL: fail = lo > t->bzmax[b]; break;
                case RAST_HIZ_GREATER: fail = hi <= t->bzmin[b]; break;
                default: fail = hi < t->bzmin[b]; break;
                }
                if (fail)
                    continue;
            }
            m = ds->isp_test(t, ds, qbase, z, m, p->front);
            if (!m)
                continue;
        }
        /* the covered quads of the block as one task */
        rast_task task;
        task.n = 0;
        task.live = 0;
        for (int q = 0; q < 4; q++) {
            uint32_t bits = (m >> (q * 4)) & 0xfu;
            if (!bits)
                continue;
            task.qbase[task.n] = qbase[q];
            task.live |= bits << (task.n * 4);
            task.n++;
        }
        float pz[16];
        uint32_t keep = rast_punch_task(t, p, &task, pz);
        /* back to block lanes */
        uint32_t k = 0;
        for (int s = 0, q = 0; s < task.n; s++, q++) {
            while (!((m >> (q * 4)) & 0xfu))
                q++;
            k |= ((keep >> (s * 4)) & 0xfu) << (q * 4);
            if (pdepth)
                memcpy(z + q * 4, pz + s * 4, 4 * sizeof(float));
        }
        if (!k)
            continue;
        if (pretest) {
            /* k passed the test against this depth, which nothing has
             * changed since: only the write is left (what isp would do) */
            if (ds->depth_write) {
                float *d = t->depth + b * 16;
                if (k == 0xffffu) {
                    memcpy(d, z, sizeof(z));
                } else {
                    for (int l = 0; l < 16; l++)
                        d[l] = ((k >> l) & 1u) ? z[l] : d[l];
                }
                if (ds->hiz)
                    hiz_bounds(t, b);
            }
        } else if (pdepth) {
            if (test) {
                k = ds->isp(t, ds, qbase, z, k, p->front);
                if (k && ds->depth_write && ds->hiz)
                    hiz_bounds(t, b);
            }
        } else if (test) {
            k = block_test(t, p, ds, h, b, k);
        }
        if (!k || !ds->ncbuf)
            continue;
        if (!tagv)
            tagv = pending_tag(t, p);
        hidden += (uint64_t)set_tags(t->tag + b * 16, k, tagv);
    }
    t->stats.fragments_hidden += hidden;
}

static void hsr_prim_ms(rast_tile_ctx *t, const rast_prim *p, bool full);

/* One primitive on the current sample plane (the whole story for
 * single-sampled framebuffers). */
static void hsr_prim_plane(rast_tile_ctx *t, const rast_prim *p, bool full)
{
    uint8_t blocks[64];
    uint16_t masks[64];
    int n;
    const rast_dstate *ds = p->ds;
    /* in an open nearest-first region, punch-through is deferred as if
     * nothing were killed (checked when the region closes) */
    int mode = ds->mode == RAST_MODE_PUNCH && t->nnear ? RAST_MODE_DEFERRED : (int)ds->mode;
    if (ds->hiz && mode != RAST_MODE_LATE_Z &&
        !(mode == RAST_MODE_PUNCH && ds->fpi->writes_depth) && (full || p->nplanes == 0) &&
        !ds->stipple && !t->near_only &&
        t->w == RAST_TILE_SIZE && t->h == RAST_TILE_SIZE && p->x0 <= t->x && p->y0 <= t->y &&
        p->x1 >= t->x + RAST_TILE_SIZE && p->y1 >= t->y + RAST_TILE_SIZE &&
        !(t->debug & RAST_DEBUG_NO_FASTPATH)) {
        hiz_prim h;
        hiz_prim_init(p, &h);
        if (!t->hiz_valid)
            hiz_rebuild(t);
        if (hiz_tile(t, p, ds, &h, mode))
            return;
    }
    rast_hsr_zplane_expand(t); /* everything below reads or writes depth per pixel */
    n = cover(t, p, full, blocks, masks);
    if (!n)
        return;
    bool test = ds->isp != isp_none;
    hiz_prim h;
    if (test && mode != RAST_MODE_LATE_Z) {
        hiz_prim_init(p, &h);
        if (ds->hiz && !t->hiz_valid)
            hiz_rebuild(t);
    }
    switch (mode) {
    case RAST_MODE_DEFERRED:
        hsr_deferred(t, p, &h, blocks, masks, n);
        break;
    case RAST_MODE_PUNCH:
        hsr_punch(t, p, &h, blocks, masks, n);
        break;
    case RAST_MODE_DEPTH_ONLY:
        if (!test)
            break;
        for (int i = 0; i < n; i++)
            block_test(t, p, ds, &h, blocks[i], masks[i]);
        break;
    case RAST_MODE_EARLY_Z:
        rast_hsr_resolve(t);
        for (int i = 0; i < n; i++) {
            uint32_t m = masks[i];
            if (test)
                m = block_test(t, p, ds, &h, blocks[i], m);
            if (m)
                rast_task_add_quads(t, p, blocks[i], m);
        }
        rast_task_flush(t);
        break;
    default: /* RAST_MODE_LATE_Z */
        rast_hsr_resolve(t);
        for (int i = 0; i < n; i++)
            rast_task_add_quads(t, p, blocks[i], masks[i]);
        rast_task_flush(t);
        break;
    }
}

/* ---- nearest-first punch-through ------------------------------------------------
 *
 * In submission order, punch-through decides every layer of a back-to-front
 * stack of alpha-tested primitives: each is nearer than what is there, so
 * the depth test cannot skip it.  The deferred tile knows every primitive
 * first, so it decides the nearest one only.  With one depth function of
 * LESS, LEQUAL, GREATER or GEQUAL, depth writes on and no stencil, a pixel
 * ends with the nearest fragment that survives its program (ties: the first
 * for LESS and GREATER, the last for the others), whatever the order.  The
 * nearest fragment of all, killed or not, is found by deferring the
 * punch-through primitives as if they were opaque; when it survives, it is
 * the nearest that survives, and the pixel is done after one decision.  So
 * a region of consecutive such primitives (punch-through and opaque) is
 * deferred from a snapshot of depth and tags; when it closes, the decide
 * program runs on the pixels each punch-through primitive won, and the
 * pixels where it killed go back to the snapshot and through the region
 * again in submission order, decided as in hsr_punch.  The decision of a
 * lane does not depend on which other lanes run (helper lanes compute the
 * same), so it is the one submission order would make.
 * Where most nearest fragments are killed (dense foliage), deciding them
 * first is extra work: a region of F front decisions, K of them kills, and
 * R decisions in the replay (about K times the layers submission order
 * decides per pixel) saved about (F - K) R / K decisions and cost F.  When
 * it saved less, the decide program of the primitive that opened it (one
 * program serves every draw of, say, a foliage shader) decides in
 * submission order for the rest of the tile. */

/* Whether p can join a region of depth function hiz (0: open one). */
static bool near_joins(const rast_tile_ctx *t, const rast_prim *p, int hiz)
{
    const rast_dstate *ds = p->ds;
    if (t->nplanes > 1 || !ds->hiz || !ds->depth_write || !ds->ncbuf ||
        (hiz && ds->hiz != hiz) || (t->debug & (RAST_DEBUG_NO_FASTPATH | RAST_DEBUG_PUNCH_IN_ORDER)) ||
        t->r->punch_ordered)
        return false;
    if (ds->mode != RAST_MODE_PUNCH)
        return hiz && ds->mode == RAST_MODE_DEFERRED;
    for (int i = 0; i < t->near_nlost && i < 4; i++)
        if (t->near_lost[i] == ds->fp_decide)
            return false;
    return !ds->fpi->writes_depth;
}

void rast_hsr_prim(rast_tile_ctx *t, const rast_prim *p, bool full)
{
    bool in = false;
    if (t->nnear) {
        in = t->nnear < RAST_MAX_NEAR && t->npending < RAST_MAX_PENDING - 1 &&
             near_joins(t, p, t->near[0]->ds->hiz);
        if (!in)
            rast_hsr_near_close(t);
    }
    if (!in && near_joins(t, p, 0)) {
        /* open a region (room for a pending entry per primitive: a
         * resolve inside it would shade undecided tags) */
        if (t->npending >= RAST_MAX_PENDING - 1)
            rast_hsr_resolve(t);
        rast_hsr_zplane_expand(t);
        memcpy(t->near_depth, t->depth, sizeof(t->near_depth));
        memcpy(t->near_tag, t->tag, sizeof(t->near_tag));
        t->near_pending0 = t->npending;
        in = true;
    }
    if (in) {
        t->near[t->nnear] = p;
        t->near_full[t->nnear++] = full;
    }
    if (t->nplanes > 1)
        hsr_prim_ms(t, p, full);
    else
        hsr_prim_plane(t, p, full);
}

/* Multisample tiles (rast.h "Multisampling"): depth/stencil and tags per
 * sample plane, at each sample's position; the program runs once per pixel
 * (or per sample, ds->per_sample) on the union of the planes' lanes, with
 * the per-sample lanes in rast_task.slive.  Deferred and depth-only
 * primitives are plane-by-plane work (the tag is shared: pending_tag). */
static void hsr_prim_ms(rast_tile_ctx *t, const rast_prim *p, bool full)
{
    const rast_dstate *ds = p->ds;
    const int ns = t->nplanes;
    const int cur = t->sample;
    const uint32_t smask = ds->sample_mask;
    if (ds->mode == RAST_MODE_DEFERRED || ds->mode == RAST_MODE_DEPTH_ONLY) {
        for (int s = 0; s < ns; s++) {
            if (!((smask >> s) & 1u))
                continue;
            rast_plane_select(t, s);
            hsr_prim_plane(t, p, full);
        }
        rast_plane_select(t, cur);
        return;
    }
    /* in order: ISP per plane (EARLY_Z) or coverage only (LATE_Z), then one
     * shading of the union */
    rast_hsr_resolve(t);
    uint16_t sm[RAST_TILE_PIXELS / 16][RAST_MAX_PLANES];
    uint64_t used = 0;
    bool test = ds->isp != isp_none && ds->mode == RAST_MODE_EARLY_Z;
    for (int s = 0; s < ns; s++) {
        if (!((smask >> s) & 1u))
            continue;
        rast_plane_select(t, s);
        uint8_t blocks[64];
        uint16_t masks[64];
        int n = cover(t, p, full, blocks, masks);
        if (!n)
            continue;
        hiz_prim h;
        if (test) {
            hiz_prim_init(p, &h);
            if (ds->hiz && !t->hiz_valid)
                hiz_rebuild(t);
        }
        for (int i = 0; i < n; i++) {
            int b = blocks[i];
            uint32_t m = masks[i];
            if (test)
                m = block_test(t, p, ds, &h, b, m);
            if (!m)
                continue;
            if (!((used >> b) & 1u)) {
                used |= 1ull << b;
                memset(sm[b], 0, sizeof(sm[b]));
            }
            sm[b][s] = (uint16_t)m;
        }
    }
    rast_plane_select(t, cur);
    for (int b = 0; b < RAST_TILE_PIXELS / 16; b++)
        if ((used >> b) & 1u)
            rast_task_add_quads_ms(t, p, b, sm[b]);
    rast_task_flush(t);
}

bool rast_hsr_painter(const rast_dstate *ds)
{
    return ds->mode == RAST_MODE_DEFERRED && ds->isp == isp_none;
}

static int cover_planes(const rast_tile_ctx *t, const rast_prim *p, bool full, uint8_t *blocks,
                        uint16_t *masks)
{
    if (full || p->nplanes == 0)
        return rast_cover_0(t, p, blocks, masks);
    if (p->nplanes == 3)
        return rast_cover_3(t, p, blocks, masks);
    return rast_cover_4(t, p, blocks, masks);
}

/* Coverage, with the polygon stipple (GL 2.1 3.5.2) applied to triangles
 * (nplanes 3; points and lines, also those of polygon modes, are not
 * stippled), and during a nearest-first replay only the replayed pixels. */
static int cover(const rast_tile_ctx *t, const rast_prim *p, bool full, uint8_t *blocks, uint16_t *masks)
{
    int n = cover_planes(t, p, full, blocks, masks);
    bool stipple = p->nplanes == 3 && p->ds->stipple;
    if (!stipple && !t->near_only)
        return n;
    int m = 0;
    for (int i = 0; i < n; i++) {
        uint16_t k = masks[i];
        if (stipple)
            k &= p->ds->stipple_mask[blocks[i]];
        if (t->near_only)
            k &= t->near_only[blocks[i]]; /* a nearest-first replay's pixels */
        if (k) {
            blocks[m] = blocks[i];
            masks[m++] = k;
        }
    }
    return m;
}

static void hsr_run_ms(rast_tile_ctx *t, int n);

/* Processes the collected painter run t->run[0..nrun) backwards. */
void rast_hsr_run(rast_tile_ctx *t)
{
    int n = t->nrun;
    t->nrun = 0;
    if (n == 1 || (t->debug & RAST_DEBUG_NO_FASTPATH)) {
        for (int i = 0; i < n; i++)
            rast_hsr_prim(t, t->run[i], t->run_full[i]);
        return;
    }
    if (t->nplanes > 1) {
        hsr_run_ms(t, n);
        return;
    }
    uint16_t claimed[RAST_TILE_PIXELS / 16];
    memset(claimed, 0, sizeof(claimed));
    int remaining = t->w * t->h;
    uint64_t hidden = 0;
    for (int i = n - 1; i >= 0 && remaining > 0; i--) {
        const rast_prim *p = t->run[i];
        uint8_t blocks[64];
        uint16_t masks[64];
        int nb = cover(t, p, t->run_full[i], blocks, masks);
        uint16_t tagv = 0;
        for (int k = 0; k < nb; k++) {
            int b = blocks[k];
            uint32_t m = masks[k] & ~(uint32_t)claimed[b];
            if (!m)
                continue;
            claimed[b] |= (uint16_t)m;
            remaining -= rast_popcount(m);
            if (!tagv) {
                if (t->npending == RAST_MAX_PENDING)
                    rast_hsr_resolve(t);
                t->pending[t->npending++] = p;
                tagv = (uint16_t)t->npending;
            }
            hidden += (uint64_t)set_tags(t->tag + b * 16, m, tagv);
        }
    }
    t->stats.fragments_hidden += hidden;
}

/* The painter run on a multisample tile: per primitive (latest first) and
 * sample plane, the lanes that plane has not claimed yet. */
static void hsr_run_ms(rast_tile_ctx *t, int n)
{
    const int ns = t->nplanes, cur = t->sample;
    uint16_t claimed[RAST_MAX_PLANES][RAST_TILE_PIXELS / 16];
    memset(claimed, 0, sizeof(claimed));
    int remaining = t->w * t->h * ns;
    uint64_t hidden = 0;
    for (int i = n - 1; i >= 0 && remaining > 0; i--) {
        const rast_prim *p = t->run[i];
        uint16_t tagv = 0;
        for (int s = 0; s < ns; s++) {
            if (!((p->ds->sample_mask >> s) & 1u))
                continue;
            rast_plane_select(t, s);
            uint8_t blocks[64];
            uint16_t masks[64];
            int nb = cover(t, p, t->run_full[i], blocks, masks);
            for (int k = 0; k < nb; k++) {
                int b = blocks[k];
                uint32_t m = masks[k] & ~(uint32_t)claimed[s][b];
                if (!m)
                    continue;
                claimed[s][b] |= (uint16_t)m;
                remaining -= rast_popcount(m);
                if (!tagv)
                    tagv = pending_tag(t, p);
                hidden += (uint64_t)set_tags(t->tag + b * 16, m, tagv);
            }
        }
    }
    rast_plane_select(t, cur);
    t->stats.fragments_hidden += hidden;
}

/* Index of tag v among the *n distinct tags found so far; a new tag is
 * appended (index *n, then *n grows) and the caller clears its lanes. */
static inline int tag_slot(uint16_t v, uint16_t *tags, int *n)
{
    int k = 0;
    while (k < *n && tags[k] != v)
        k++;
    if (k == *n)
        tags[(*n)++] = v;
    return k;
}

/* Distinct non-zero tags of a quad, and the lanes holding each. */
static int quad_tags(const uint16_t *tg, uint16_t tags[4], uint8_t lanes[4])
{
    /* the common case: one primitive covers the whole quad */
    uint64_t all;
    memcpy(&all, tg, sizeof(all));
    if (tg[0] && all == tg[0] * 0x0001000100010001ull) {
        tags[0] = tg[0];
        lanes[0] = 0xf;
        return 1;
    }
    int n = 0;
    for (int j = 0; j < 4; j++) {
        if (!tg[j])
            continue;
        int fresh = n, k = tag_slot(tg[j], tags, &n);
        if (k == fresh)
            lanes[k] = 0;
        lanes[k] |= (uint8_t)(1u << j);
    }
    return n;
}

/* Distinct non-zero tags of quad q over every sample plane, and the lanes
 * holding each: lane j of plane s is bit 4s + j. */
static int quad_tags_ms(const rast_tile_ctx *t, int q, uint16_t tags[4 * RAST_MAX_PLANES],
                        uint32_t lanes[4 * RAST_MAX_PLANES])
{
    int n = 0;
    for (int s = 0; s < t->nplanes; s++) {
        const uint16_t *tg = t->planes[s].tag + q * 4;
        if (!(tg[0] | tg[1] | tg[2] | tg[3]))
            continue;
        for (int j = 0; j < 4; j++) {
            if (!tg[j])
                continue;
            int fresh = n, k = tag_slot(tg[j], tags, &n);
            if (k == fresh)
                lanes[k] = 0;
            lanes[k] |= 1u << (s * 4 + j);
        }
    }
    return n;
}

/* rast_hsr_resolve on a multisample tile: each pending primitive shaded
 * once on the quads where any plane holds its tag, with the lanes of each
 * plane in rast_task.slive. */
static void hsr_resolve_ms(rast_tile_ctx *t)
{
    int np = t->npending;
    const int ns = t->nplanes, cur = t->sample;
    uint16_t *start = t->resolve_count;
    memset(start, 0, (size_t)(np + 2) * sizeof(*start));
    uint16_t tags[4 * RAST_MAX_PLANES];
    uint32_t lanes[4 * RAST_MAX_PLANES];
    for (int q = 0; q < RAST_TILE_PIXELS / 4; q++) {
        int n = quad_tags_ms(t, q, tags, lanes);
        for (int k = 0; k < n; k++)
            start[tags[k] + 1]++;
    }
    for (int v = 1; v <= np + 1; v++)
        start[v] += start[v - 1];
    for (int q = 0; q < RAST_TILE_PIXELS / 4; q++) {
        int n = quad_tags_ms(t, q, tags, lanes);
        for (int k = 0; k < n; k++) {
            int pos = start[tags[k]]++;
            t->ms_resolve_list[pos] = (uint16_t)q;
            t->ms_resolve_live[pos] = lanes[k];
        }
    }
    /* the pending list is consumed: a shading that resolves again (none
     * does) would find it empty */
    t->npending = 0;
    int begin = 0;
    for (int v = 1; v <= np; v++) {
        int end = start[v];
        const rast_prim *p = t->pending[v - 1];
        rast_task task;
        memset(&task, 0, sizeof(task));
        for (int i = begin; i < end; i++) {
            uint32_t L = t->ms_resolve_live[i];
            task.qbase[task.n] = (uint16_t)(t->ms_resolve_list[i] * 4);
            for (int s = 0; s < ns; s++) {
                uint32_t l4 = (L >> (s * 4)) & 0xfu;
                task.slive[s] |= l4 << (task.n * 4);
                task.live |= l4 << (task.n * 4);
            }
            if (++task.n == 4) {
                rast_shade_task(t, p, &task, false);
                memset(&task, 0, sizeof(task));
            }
        }
        if (task.n)
            rast_shade_task(t, p, &task, false);
        begin = end;
    }
    for (int s = 0; s < ns; s++)
        memset(t->planes[s].tag, 0, RAST_TILE_PIXELS * sizeof(uint16_t));
    rast_plane_select(t, cur);
}

/* Sorts the (quad, lanes) pairs of the tags above lo by tag (a counting
 * sort): then tag v's pairs, lo < v <= npending, are resolve_list and
 * resolve_live [resolve_count[v - 1], resolve_count[v]). */
static void sort_tags(rast_tile_ctx *t, int lo)
{
    int np = t->npending;
    uint16_t *start = t->resolve_count;
    memset(start, 0, (size_t)(np + 2) * sizeof(*start));
    if (np == lo + 1) {
        /* one tag above lo (a tile one primitive covers, the last one
         * pending): its pairs in quad order, one pass, nothing to sort */
        int n = 0;
        for (int q = 0; q < RAST_TILE_PIXELS / 4; q++) {
            const uint16_t *tg = t->tag + q * 4;
            unsigned m = (unsigned)(tg[0] == np) | (unsigned)(tg[1] == np) << 1 |
                         (unsigned)(tg[2] == np) << 2 | (unsigned)(tg[3] == np) << 3;
            if (m) {
                t->resolve_list[n] = (uint16_t)q;
                t->resolve_live[n++] = (uint8_t)m;
            }
        }
        start[np] = start[np + 1] = (uint16_t)n;
        return;
    }
    for (int q = 0; q < RAST_TILE_PIXELS / 4; q++) {
        const uint16_t *tg = t->tag + q * 4;
        if (!(tg[0] | tg[1] | tg[2] | tg[3]))
            continue;
        uint16_t tags[4];
        uint8_t lanes[4];
        int n = quad_tags(tg, tags, lanes);
        for (int k = 0; k < n; k++)
            if (tags[k] > lo)
                start[tags[k] + 1]++;
    }
    for (int v = 1; v <= np + 1; v++)
        start[v] += start[v - 1];
    /* start[v] is now where tag v's entries begin; fill advances start[v - 1]... */
    for (int q = 0; q < RAST_TILE_PIXELS / 4; q++) {
        const uint16_t *tg = t->tag + q * 4;
        if (!(tg[0] | tg[1] | tg[2] | tg[3]))
            continue;
        uint16_t tags[4];
        uint8_t lanes[4];
        int n = quad_tags(tg, tags, lanes);
        for (int k = 0; k < n; k++) {
            if (tags[k] <= lo)
                continue;
            int pos = start[tags[k]]++;
            t->resolve_list[pos] = (uint16_t)q;
            t->resolve_live[pos] = lanes[k];
        }
    }
    /* after the fill, tag v's entries are [start[v - 1], start[v]) */
}

/* The next task of sorted pairs [*i, end): up to 4 quads. */
static void next_task(const rast_tile_ctx *t, int *i, int end, rast_task *task)
{
    task->n = 0;
    task->live = 0;
    for (; *i < end && task->n < 4; (*i)++) {
        task->qbase[task->n] = (uint16_t)(t->resolve_list[*i] * 4);
        task->live |= (uint32_t)t->resolve_live[*i] << (task->n * 4);
        task->n++;
    }
}

/* Shades every pending tag. */
void rast_hsr_resolve(rast_tile_ctx *t)
{
    rast_hsr_near_close(t);
    int np = t->npending;
    if (!np)
        return;
    if (t->nplanes > 1) {
        hsr_resolve_ms(t);
        return;
    }
    sort_tags(t, 0);
    for (int v = 1; v <= np; v++) {
        const rast_prim *p = t->pending[v - 1];
        bool two = rast_shade_pairs(t, p->ds); /* two at a time: compiled code interleaves them */
        for (int i = t->resolve_count[v - 1], end = t->resolve_count[v]; i < end;) {
            rast_task task, second;
            next_task(t, &i, end, &task);
            if (two && i < end) {
                next_task(t, &i, end, &second);
                rast_shade_pair(t, p, &task, &second, false);
            } else {
                rast_shade_task(t, p, &task, false);
            }
        }
    }
    memset(t->tag, 0, RAST_TILE_PIXELS * sizeof(uint16_t));
    t->npending = 0;
}

/* Closes the open nearest-first region (see above): decides the pixels its
 * punch-through primitives won, and replays the region in submission
 * order on the pixels where they were killed. */
void rast_hsr_near_close(rast_tile_ctx *t)
{
    int n = t->nnear;
    if (!n)
        return;
    t->nnear = 0;
    int lo = t->near_pending0;
    sort_tags(t, lo);
    uint16_t killed[RAST_TILE_PIXELS / 16];
    memset(killed, 0, sizeof(killed));
    bool any = false;
    uint64_t front = t->stats.fragments_punched, nkilled = 0;
    for (int v = lo + 1; v <= t->npending; v++) {
        const rast_prim *p = t->pending[v - 1];
        if (p->ds->mode != RAST_MODE_PUNCH)
            continue;
        for (int i = t->resolve_count[v - 1], end = t->resolve_count[v]; i < end;) {
            rast_task task;
            float z[16];
            next_task(t, &i, end, &task);
            uint32_t k = task.live & ~rast_punch_task(t, p, &task, z);
            nkilled += (uint64_t)rast_popcount(k);
            for (int s = 0; k && s < task.n; s++) {
                uint32_t lanes = (k >> (s * 4)) & 0xfu;
                int q = task.qbase[s] / 4;
                killed[q / 4] |= (uint16_t)(lanes << ((q % 4) * 4));
                any |= lanes != 0;
            }
        }
    }
    if (!any)
        return;
    front = t->stats.fragments_punched - front;
    uint64_t replayed = t->stats.fragments_punched;
    /* the killed pixels as they were when the region opened, then the
     * region again for them alone */
    rast_hsr_zplane_expand(t);
    for (int b = 0; b < RAST_TILE_PIXELS / 16; b++) {
        uint32_t m = killed[b];
        for (int l = 0; m; l++, m >>= 1) {
            if (m & 1u) {
                t->depth[b * 16 + l] = t->near_depth[b * 16 + l];
                t->tag[b * 16 + l] = t->near_tag[b * 16 + l];
            }
        }
    }
    t->hiz_valid = false;
    t->near_only = killed;
    for (int i = 0; i < n; i++)
        hsr_prim_plane(t, t->near[i], t->near_full[i]);
    t->near_only = NULL;
    replayed = t->stats.fragments_punched - replayed;
    if ((front - nkilled) * replayed < front * nkilled) {
        /* lost (see above): the opening state goes in order from now on */
        t->near_lost[t->near_nlost++ % 4] = t->near[0]->ds->fp_decide;
    }
    /* the replay kept HiZ, but the primitive that closed the region may
     * have invalidated it already (rast_tile.c prepare, which ran first) */
    t->hiz_valid = false;
}

/* Drops every pending tag unshaded (a clear overwrote all they could write). */
void rast_hsr_discard(rast_tile_ctx *t)
{
    rast_hsr_near_close(t);
    uint64_t n = 0;
    for (int s = 0; s < t->nplanes; s++) {
        const uint16_t *tg = t->planes[s].tag;
        for (int i = 0; i < RAST_TILE_PIXELS; i++)
            n += tg[i] != 0;
        memset(t->planes[s].tag, 0, RAST_TILE_PIXELS * sizeof(uint16_t));
    }
    t->stats.fragments_hidden += n;
    t->npending = 0;
}
