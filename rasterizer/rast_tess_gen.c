/*
 * rast_tess_gen.c - the fixed-function tessellation primitive generator
 * (ARB_tessellation_shader section 2.X.2, used by NV_tessellation_program5).
 * Stage: between the tessellation control and evaluation programs (producer
 * side).  Thread: any; every function is pure, allocates nothing and uses
 * about 1 KiB of stack (rows of one ring side's indices).
 *
 * The spec fixes the levels' clamping and rounding, the discard rule, the
 * number of segments per edge and the shape of the result (concentric rings
 * for TRIANGLES and QUADS, rows of segments for ISOLINES) but leaves the
 * fractional segment placement and the triangulation to the implementation.
 * Those follow the Direct3D 11 reference tessellator, so the positions and
 * triangles are the ones hardware and Mesa (llvmpipe) produce:
 *
 *   - every level becomes 16.16 fixed point (round to nearest even) and all
 *     placement is integer arithmetic on it; a coordinate is a multiple of
 *     2^-16 and converts to float exactly;
 *   - a level splits an edge in two mirrored halves.  A half's vertices
 *     blend those of the two whole subdivisions of the level's parity around
 *     it (floor and ceil of level/2 segments per half) by the fraction of
 *     level/2 (rast_tess_edge); the vertex at 1/2 exists for even parity
 *     only.  The second half is 1 - the first, computed in fixed point, so
 *     an edge is exactly symmetric.  Where 1/n rounds up in 16.16, the
 *     vertex next to the middle may land a few 2^-16 past it (n = 30:
 *     FRACTIONAL_EVEN 30.002) and two slivers around the middle turn over;
 *     the reference tessellator and Mesa do the same;
 *   - EQUAL spacing is the integer level taken with its own parity (an inner
 *     level of 1 counts as even, 2 segments);
 *   - rings: the outer ring uses the outer levels, each inner ring the inner
 *     level(s) 2 segments fewer per side.  The outer ring is stitched to the
 *     first inner ring by merging the two subdivisions in the order their
 *     vertices appear as a level grows (stitch_transition); the inner rings
 *     to each other with mirrored diagonals (stitch_ring);
 *   - QUADS with unequal inner levels end in a strip one segment wide, or a
 *     row of points (even parity), which the last ring collapses onto.
 *
 * An outer edge's vertices depend on that edge's level and the spacing only,
 * and mirror exactly, so patches sharing an edge level share its vertices
 * whatever their other levels and orientation: no cracks by construction.
 *
 * Vertex order (mode by mode, the order of rast_tess_gen_coords):
 *   TRIANGLES: the outer ring from (0,1,0) along u==0, v==0, w==0, then each
 *     inner ring from its corner nearest (0,1,0) the same way, the centre
 *     last (even parity);
 *   QUADS: the outer ring from (0,1) down u==0, along v==0, up u==1, back
 *     along v==1, then the inner rings likewise, then the middle row or
 *     column of points (even parity);
 *   ISOLINES: line by line from v = 0, each from u = 0.
 */
#include <float.h>
#include <math.h>

#include "rast_priv.h"

/* ---- 16.16 fixed point ----------------------------------------------------- */

#define FX_BITS 16
#define FX_ONE 0x10000u
#define FX_HALF 0x8000u
#define FX_THIRD 0x5555u
#define FX_TWO_THIRDS 0xaaaau
#define FX_INT_MASK 0x7fff0000u
#define FX_FRAC_MASK 0x0000ffffu

#define ROW_MAX (RAST_TESS_MAX_LEVEL + 2) /* vertices on one edge, with margin */

static uint32_t fx_floor(uint32_t x)
{
    return x & FX_INT_MASK;
}

static uint32_t fx_ceil(uint32_t x)
{
    return (x & FX_FRAC_MASK) ? (x & FX_INT_MASK) + FX_ONE : x;
}

/* 1/n rounded to nearest (2^16/n is never halfway between integers). */
static uint32_t fx_recip(uint32_t n)
{
    return n ? (2 * FX_ONE + n) / (2 * n) : 0;
}

/* A clamped level, in [1, 64], to 16.16 rounded to nearest even: x * 2^16
 * is exact in a double. */
static uint32_t fx_from_level(float x)
{
    double d = (double)x * 65536.0;
    uint32_t t = (uint32_t)d;
    double r = d - (double)t;
    if (r > 0.5 || (r == 0.5 && (t & 1)))
        t++;
    return t;
}

static float fx_to_float(int32_t x)
{
    return (float)x * (1.0f / 65536.0f); /* |x| < 2^24: exact */
}

/* ---- one subdivided level ----------------------------------------------------- */

static int32_t clear_top_bit(int32_t v)
{
    if (v <= 0)
        return 0;
    int32_t b = 1;
    while (b <= v / 2)
        b <<= 1;
    return v & ~b;
}

static int32_t edge_points(uint32_t fx, bool odd)
{
    if (odd)
        return (int32_t)((fx_ceil(FX_HALF + (fx + 1) / 2) * 2) >> FX_BITS);
    return (int32_t)((fx_ceil((fx + 1) / 2) * 2) >> FX_BITS) + 1;
}

static void edge_init(rast_tess_edge *e, uint32_t fx, bool odd)
{
    /* Half the level (the + 1 rounds), and for odd parity half a segment
     * more: the middle segment straddles 1/2.  An even level of 1 (EQUAL
     * inner level 1) is taken as 2. */
    uint32_t half = (fx + 1) / 2;
    if (odd || half == FX_HALF)
        half += FX_HALF;
    uint32_t lo = fx_floor(half), hi = fx_ceil(half);
    e->odd = odd;
    e->frac = half - lo;
    e->half_points = (int32_t)(hi >> FX_BITS);
    /* The ceil subdivision has one vertex more on the half-edge: vertices up
     * to split have the same index in both, later ones one index more in
     * the ceil one, so the added vertex grows out of vertex split as the
     * fraction rises from 0. */
    if (hi == lo)
        e->split = e->half_points + 1;
    else if (odd)
        e->split = lo == FX_ONE ? 0 : clear_top_bit((int32_t)(lo >> FX_BITS) - 1) * 2 + 1;
    else
        e->split = clear_top_bit((int32_t)(lo >> FX_BITS)) * 2 + 1;
    uint32_t seg_lo = (lo * 2) >> FX_BITS, seg_hi = (hi * 2) >> FX_BITS;
    if (odd) {
        seg_lo--;
        seg_hi--;
    }
    e->inv_floor = fx_recip(seg_lo);
    e->inv_ceil = fx_recip(seg_hi);
    e->points = edge_points(fx, odd);
}

/* Vertex i of the edge (0 .. 2 * half_points, less one for odd parity), in
 * 16.16 along the edge from 0. */
static uint32_t edge_place(const rast_tess_edge *e, int32_t i)
{
    bool mirror = false;
    if (i >= e->half_points) {
        i = 2 * e->half_points - i - (e->odd ? 1 : 0);
        mirror = true;
    }
    if (i == e->half_points)
        return FX_HALF;
    uint32_t on_hi = (uint32_t)i;
    uint32_t on_lo = (uint32_t)(i > e->split ? i - 1 : i);
    /* Both positions are at most 1/2, so each product is at most 2^31. */
    uint32_t at_lo = on_lo * e->inv_floor, at_hi = on_hi * e->inv_ceil;
    uint32_t t = at_lo * (FX_ONE - e->frac) + at_hi * e->frac;
    t = (t + FX_HALF) >> FX_BITS;
    return mirror ? FX_ONE - t : t;
}

/* ---- levels -> plan ----------------------------------------------------------- */

static bool spacing_odd(rast_tess_spacing s, float level)
{
    if (s == RAST_TESS_EQUAL)
        return ((int)level & 1) != 0;
    return s == RAST_TESS_FRACTIONAL_ODD;
}

static void plan_isolines(rast_tess_plan *pl, rast_tess_spacing spacing, float lo, float hi,
                          const float outer[2])
{
    /* 2.X.2 Isoline Tessellation: the density (outer[0]) is always equal
     * spacing; the detail (outer[1]) follows the spacing. */
    float density = ceilf(rast_clampf(outer[0], 1.0f, (float)RAST_TESS_MAX_LEVEL));
    float detail = rast_clampf(outer[1], lo, hi);
    if (spacing == RAST_TESS_EQUAL)
        detail = ceilf(detail);
    edge_init(&pl->outer[0], fx_from_level(density), ((int)density & 1) != 0);
    edge_init(&pl->outer[1], fx_from_level(detail), spacing_odd(spacing, detail));
    uint32_t lines = (uint32_t)pl->outer[0].points - 1; /* no line at v == 1 */
    uint32_t per_line = (uint32_t)pl->outer[1].points;
    pl->num_vertices = lines * per_line;
    pl->num_prims = pl->point_mode ? pl->num_vertices : lines * (per_line - 1);
}

/* Triangles of the rings of a TRIANGLES (3 sides) or QUADS (4) plan: each
 * side of each ring pair gives inner + outer points - 2 triangles. */
static uint32_t ring_prims(const rast_tess_plan *pl, int sides)
{
    int32_t n_out[4];
    for (int e = 0; e < sides; e++)
        n_out[e] = pl->outer[e].points;
    int32_t nu = pl->inner_points[0], nv = sides == 4 ? pl->inner_points[1] : nu;
    int32_t rings = ((nu < nv ? nu : nv) + 1) >> 1;
    uint32_t prims = 0;
    for (int32_t r = 1; r < rings; r++) {
        for (int e = 0; e < sides; e++) {
            int32_t n_in = (sides == 4 && !(e & 1)) ? nv - 2 * r : nu - 2 * r;
            prims += (uint32_t)(n_in + n_out[e] - 2);
            n_out[e] = n_in;
        }
    }
    return prims;
}

/* The middle strip of a QUADS plan, in quads (0: it ends in a ring, a row of
 * points or one point); *along_u: the strip runs along u. */
static int32_t quad_strip(const rast_tess_plan *pl, bool *along_u)
{
    int32_t nu = pl->inner_points[0], nv = pl->inner_points[1];
    const rast_tess_edge *iu = &pl->inner[0], *iv = &pl->inner[1];
    if (nu > nv && iv->odd) {
        *along_u = true;
        return ((nu >> 1) - (nv >> 1)) * 2 + (iu->odd ? 1 : 2);
    }
    if (nv >= nu && iu->odd) {
        *along_u = false;
        return ((nv >> 1) - (nu >> 1)) * 2 + (iv->odd ? 1 : 2);
    }
    return 0;
}

void rast_tess_plan_init(rast_tess_plan *pl, rast_tess_mode mode, rast_tess_spacing spacing,
                         bool cw, bool point_mode, const float outer[4], const float inner[2])
{
    memset(pl, 0, sizeof(*pl));
    pl->mode = mode;
    pl->cw = cw;
    pl->point_mode = point_mode;
    int n_outer = mode == RAST_TESS_TRIANGLES ? 3
                : mode == RAST_TESS_QUADS     ? 4
                : mode == RAST_TESS_ISOLINES  ? 2
                                              : 0;
    float lo, hi;
    switch (spacing) {
    case RAST_TESS_EQUAL: lo = 1.0f, hi = RAST_TESS_MAX_LEVEL; break;
    case RAST_TESS_FRACTIONAL_ODD: lo = 1.0f, hi = RAST_TESS_MAX_LEVEL - 1; break;
    case RAST_TESS_FRACTIONAL_EVEN: lo = 2.0f, hi = RAST_TESS_MAX_LEVEL; break;
    default: n_outer = 0; lo = hi = 0.0f; break;
    }
    if (n_outer)
        pl->verts_per_prim = point_mode ? 1 : mode == RAST_TESS_ISOLINES ? 2 : 3;
    /* 2.X.2: a relevant outer level <= 0 or NaN discards the patch.  A
     * denormal level counts as 0: GL lets any operation flush denormals, and
     * Mesa (llvmpipe, which runs draws with denormals flushed) discards. */
    pl->discard = n_outer == 0;
    for (int i = 0; i < n_outer; i++)
        pl->discard |= !(outer[i] >= FLT_MIN);
    if (pl->discard)
        return;
    if (mode == RAST_TESS_ISOLINES) {
        plan_isolines(pl, spacing, lo, hi, outer);
        return;
    }

    int n_inner = mode == RAST_TESS_QUADS ? 2 : 1;
    float o[4], in[2];
    for (int i = 0; i < n_outer; i++) {
        o[i] = rast_clampf(outer[i], lo, hi);
        if (spacing == RAST_TESS_EQUAL)
            o[i] = ceilf(o[i]);
    }
    /* An inner level of 1 with another level above 1 acts as 1 + epsilon
     * (2.X.2.1, 2.X.2.2): for FRACTIONAL_ODD, 3 segments, the outer two of
     * length 0 (inner vertices on the patch edge).  "Above 1" is above 1 by
     * at least half a fixed-point step, so that it survives rounding. */
    float inner_lo = lo;
    if (spacing == RAST_TESS_FRACTIONAL_ODD) {
        const float above_one = 1.0f + 0x1p-17f;
        bool frame = false;
        for (int i = 0; i < n_outer; i++)
            frame |= o[i] > above_one;
        for (int i = 0; i < n_inner && mode == RAST_TESS_QUADS; i++)
            frame |= inner[i] > above_one;
        if (frame)
            inner_lo = 1.0f + 0x1p-16f;
    }
    for (int i = 0; i < n_inner; i++) {
        in[i] = rast_clampf(inner[i], inner_lo, hi);
        if (spacing == RAST_TESS_EQUAL)
            in[i] = ceilf(in[i]);
    }

    uint32_t fo[4], fi[2];
    bool all_one = spacing != RAST_TESS_FRACTIONAL_EVEN;
    for (int i = 0; i < n_outer; i++) {
        fo[i] = fx_from_level(o[i]);
        all_one &= fo[i] == FX_ONE;
    }
    for (int i = 0; i < n_inner; i++) {
        fi[i] = fx_from_level(in[i]);
        all_one &= fi[i] == FX_ONE;
    }
    if (all_one) {
        /* Every level 1: the domain itself, one triangle or a quad as two. */
        pl->minimal = true;
        pl->num_vertices = (uint32_t)n_outer;
        pl->num_prims = point_mode ? pl->num_vertices : (uint32_t)n_outer - 2;
        return;
    }

    for (int i = 0; i < n_outer; i++)
        edge_init(&pl->outer[i], fo[i], spacing_odd(spacing, o[i]));
    for (int i = 0; i < n_inner; i++) {
        /* An EQUAL inner level of 1 is even (2 segments, a middle vertex). */
        bool odd = spacing_odd(spacing, in[i]) && !(spacing == RAST_TESS_EQUAL && in[i] == 1.0f);
        edge_init(&pl->inner[i], fi[i], odd);
        int32_t least = odd ? 4 : 3;
        pl->inner_points[i] = pl->inner[i].points > least ? pl->inner[i].points : least;
    }

    uint32_t boundary = 0;
    for (int i = 0; i < n_outer; i++)
        boundary += (uint32_t)pl->outer[i].points - 1;
    if (mode == RAST_TESS_TRIANGLES) {
        /* Inner rings of 3 (n - 2r - 1) vertices, and the centre for even
         * parity. */
        int32_t rings = (pl->inner_points[0] >> 1) - 1;
        uint32_t interior = pl->inner[0].odd ? (uint32_t)(3 * rings * rings)
                                             : (uint32_t)(3 * rings * (rings + 1) + 1);
        pl->num_vertices = boundary + interior;
        pl->num_prims = ring_prims(pl, 3) + (pl->inner[0].odd ? 1 : 0);
    } else {
        bool along_u;
        pl->num_vertices =
            boundary + (uint32_t)((pl->inner_points[0] - 2) * (pl->inner_points[1] - 2));
        pl->num_prims = ring_prims(pl, 4) + 2 * (uint32_t)quad_strip(pl, &along_u);
    }
    if (point_mode)
        pl->num_prims = pl->num_vertices;
}

/* ---- coordinates ------------------------------------------------------------- */

typedef struct tess_coords {
    float (*uvw)[3];
    uint32_t n;
    bool tri;
} tess_coords;

static void put(tess_coords *c, uint32_t u, uint32_t v)
{
    float *p = c->uvw[c->n++];
    p[0] = fx_to_float((int32_t)u);
    p[1] = fx_to_float((int32_t)v);
    p[2] = c->tri ? fx_to_float((int32_t)FX_ONE - (int32_t)u - (int32_t)v) : 0.0f;
}

static void tri_coords(const rast_tess_plan *pl, tess_coords *c)
{
    /* Outer ring: u==0 from v = 1 down, v==0 from u = 0 up, w==0 from u = 1
     * down. */
    for (int e = 0; e < 3; e++) {
        const rast_tess_edge *ed = &pl->outer[e];
        int32_t last = ed->points - 1;
        for (int32_t p = 0; p < last; p++) {
            uint32_t t = edge_place(ed, e == 1 ? p : last - p);
            if (e == 0)
                put(c, 0, t);
            else
                put(c, t, e == 2 ? FX_ONE - t : 0);
        }
    }
    /* Inner ring r: the inner subdivision's vertices r .. n-1-r pushed in by
     * the distance of vertex r; for an equilateral triangle that is 2/3 of
     * its position in barycentric units, half of it along the edge. */
    const rast_tess_edge *ie = &pl->inner[0];
    int32_t n = pl->inner_points[0];
    for (int32_t r = 1; r < (n >> 1); r++) {
        int32_t end = n - 1 - r;
        uint32_t perp = (edge_place(ie, r) * FX_TWO_THIRDS + FX_HALF) >> FX_BITS;
        uint32_t shift = (perp + 1) / 2;
        for (int e = 0; e < 3; e++) {
            for (int32_t p = r; p < end; p++) {
                uint32_t t = edge_place(ie, e == 1 ? p : end - (p - r)) - shift;
                if (e == 0)
                    put(c, perp, t);
                else if (e == 1)
                    put(c, t, perp);
                else
                    put(c, t, FX_ONE - t - perp);
            }
        }
    }
    if (!ie->odd)
        put(c, FX_THIRD, FX_THIRD);
}

static void quad_coords(const rast_tess_plan *pl, tess_coords *c)
{
    for (int e = 0; e < 4; e++) {
        const rast_tess_edge *ed = &pl->outer[e];
        int32_t last = ed->points - 1;
        for (int32_t p = 0; p < last; p++) {
            uint32_t t = edge_place(ed, (e == 1 || e == 2) ? p : last - p);
            switch (e) {
            case 0: put(c, 0, t); break;
            case 1: put(c, t, 0); break;
            case 2: put(c, FX_ONE, t); break;
            default: put(c, t, FX_ONE); break;
            }
        }
    }
    const rast_tess_edge *iu = &pl->inner[0], *iv = &pl->inner[1];
    int32_t nu = pl->inner_points[0], nv = pl->inner_points[1];
    int32_t rings = (nu < nv ? nu : nv) >> 1;
    for (int32_t r = 1; r < rings; r++) {
        int32_t eu = nu - 1 - r, ev = nv - 1 - r;
        uint32_t u0 = edge_place(iu, r), u1 = edge_place(iu, eu);
        uint32_t v0 = edge_place(iv, r), v1 = edge_place(iv, ev);
        for (int32_t p = ev; p > r; p--)
            put(c, u0, edge_place(iv, p));
        for (int32_t p = r; p < eu; p++)
            put(c, edge_place(iu, p), v0);
        for (int32_t p = r; p < ev; p++)
            put(c, u1, edge_place(iv, p));
        for (int32_t p = eu; p > r; p--)
            put(c, edge_place(iu, p), v1);
    }
    /* Even parity on the narrower axis: the innermost ring is a row (or
     * column, or single point) of vertices through the middle. */
    if (nu > nv && !iv->odd) {
        for (int32_t p = rings; p <= nu - 1 - rings; p++)
            put(c, edge_place(iu, p), FX_HALF);
    } else if (nv >= nu && !iu->odd) {
        for (int32_t p = nv - 1 - rings; p >= rings; p--)
            put(c, FX_HALF, edge_place(iv, p));
    }
}

uint32_t rast_tess_gen_coords(const rast_tess_plan *pl, float (*uvw)[3])
{
    tess_coords c = {uvw, 0, pl->mode == RAST_TESS_TRIANGLES};
    if (pl->discard)
        return 0;
    if (pl->minimal) {
        if (pl->mode == RAST_TESS_TRIANGLES) {
            put(&c, 0, FX_ONE);
            put(&c, 0, 0);
            put(&c, FX_ONE, 0);
        } else {
            put(&c, 0, 0);
            put(&c, FX_ONE, 0);
            put(&c, FX_ONE, FX_ONE);
            put(&c, 0, FX_ONE);
        }
    } else if (pl->mode == RAST_TESS_TRIANGLES) {
        tri_coords(pl, &c);
    } else if (pl->mode == RAST_TESS_QUADS) {
        quad_coords(pl, &c);
    } else {
        int32_t lines = pl->outer[0].points - 1;
        for (int32_t l = 0; l < lines; l++) {
            uint32_t v = edge_place(&pl->outer[0], l);
            for (int32_t p = 0; p < pl->outer[1].points; p++)
                put(&c, edge_place(&pl->outer[1], p), v);
        }
    }
    return c.n;
}

/* ---- primitives -------------------------------------------------------------- */

typedef struct tess_out {
    uint32_t *idx;
    uint32_t n;
    bool cw;
} tess_out;

/* (a, b, c) counter-clockwise in the (u,v) plane of Figure X.1. */
static void tri(tess_out *o, uint32_t a, uint32_t b, uint32_t c)
{
    o->idx[o->n++] = a;
    o->idx[o->n++] = o->cw ? c : b;
    o->idx[o->n++] = o->cw ? b : c;
}

/* A ring of vertices stored consecutively from base, walked side by side in
 * vertex order; side[] counts each side's vertices, both corners included.
 * A line ring (the innermost ring of QUADS with even parity) has collapsed
 * to a row or column of vertices, stored once and walked there and back. */
typedef struct tess_ring {
    uint32_t base;
    int32_t side[4];
    int sides;
    bool line;
} tess_ring;

static int32_t ring_len(const tess_ring *r)
{
    int32_t len = 0;
    for (int s = 0; s < r->sides; s++)
        len += r->side[s] - 1;
    return len;
}

static int32_t ring_row(const tess_ring *r, int side, uint32_t *row)
{
    int32_t len = ring_len(r), start = 0;
    for (int s = 0; s < side; s++)
        start += r->side[s] - 1;
    for (int32_t k = 0; k < r->side[side]; k++) {
        int32_t pos = len ? (start + k) % len : 0;
        if (r->line && pos > len / 2)
            pos = len - pos;
        row[k] = r->base + (uint32_t)pos;
    }
    return r->side[side];
}

/* Slot k of the finest half-edge (33 vertex slots from the corner to the
 * middle) holds the vertex that exists once a half-edge has more than
 * rank[k] vertices: ranks follow the ruler function (bisection order), slot
 * 0 (the corner) first, slot 1 (next to it) last. */
static void ruler_ranks(int32_t rank[33])
{
    rank[0] = 0;
    rank[1] = 32;
    for (int32_t p = 1; p < 32; p++) {
        int m = 0;
        while ((2 << m) <= p)
            m++;
        rank[((p - (1 << m)) << (5 - m)) + (1 << (4 - m)) + 1] = p;
    }
}

/* Stitches the outer ring (row out, subdivided by oe) to the first inner
 * ring (row in, by ie): both rows are walked together from each end towards
 * the middle, taking their vertices in the slot order of ruler_ranks, and
 * the middle is closed according to the two parities. */
static void stitch_transition(tess_out *o, const uint32_t *out, const rast_tess_edge *oe,
                              const uint32_t *in, const rast_tess_edge *ie)
{
    int32_t rank[33];
    ruler_ranks(rank);
    int32_t oh = oe->half_points - (oe->odd ? 1 : 0);
    int32_t ih = ie->half_points - (ie->odd ? 1 : 0);
    int32_t a = 0, b = 0; /* current vertex of out, in */
#define ADVANCE_OUT() (tri(o, out[a], out[a + 1], in[b]), a++)
#define ADVANCE_IN() (tri(o, in[b], out[a], in[b + 1]), b++)
    if (rank[0] < oh)
        ADVANCE_OUT();
    for (int k = 1; k <= 32; k++) {
        if (rank[k] < ih)
            ADVANCE_IN();
        if (rank[k] < oh)
            ADVANCE_OUT();
    }
    if (ie->odd != oe->odd || ie->odd) {
        if (ie->odd == oe->odd) {
            /* Both odd: a quad across the middle. */
            tri(o, in[b], out[a], in[b + 1]);
            tri(o, in[b + 1], out[a], out[a + 1]);
            a++, b++;
        } else if (!ie->odd) {
            /* A triangle pointing inwards (from its inner vertex). */
            tri(o, in[b], out[a], out[a + 1]);
            a++;
        } else {
            ADVANCE_IN();
        }
    }
    for (int k = 32; k >= 1; k--) {
        if (rank[k] < oh)
            ADVANCE_OUT();
        if (rank[k] < ih)
            ADVANCE_IN();
    }
    if (rank[0] < oh)
        ADVANCE_OUT();
#undef ADVANCE_OUT
#undef ADVANCE_IN
}

/* Stitches two inner rings: out has n_in + 2 vertices on this side.  A
 * triangle at each corner, then quads whose diagonals mirror about the
 * middle of the side. */
static void stitch_ring(tess_out *o, const uint32_t *out, const uint32_t *in, int32_t n_in)
{
    int32_t a = 1, b = 0, p = 0;
    tri(o, out[0], out[1], in[0]);
    for (; p < n_in / 2; p++, a++, b++) {
        tri(o, out[a], in[b + 1], in[b]);
        tri(o, out[a], out[a + 1], in[b + 1]);
    }
    for (; p < n_in - 1; p++, a++, b++) {
        tri(o, in[b], out[a], out[a + 1]);
        tri(o, in[b], out[a + 1], in[b + 1]);
    }
    tri(o, out[a], out[a + 1], in[b]);
}

/* The middle strip of QUADS: quads between two rows of quads + 1 vertices,
 * diagonals from in[p] to out[p + 1], except the middle quad when
 * flip_middle (both inner parities odd). */
static void stitch_strip(tess_out *o, const uint32_t *out, const uint32_t *in, int32_t quads,
                         bool flip_middle)
{
    int32_t middle = flip_middle ? (quads + 1) / 2 - 1 : -1;
    for (int32_t p = 0; p < quads; p++) {
        if (p == middle) {
            tri(o, out[p], in[p + 1], in[p]);
            tri(o, out[p], out[p + 1], in[p + 1]);
        } else if (flip_middle) {
            tri(o, out[p], out[p + 1], in[p]);
            tri(o, in[p], out[p + 1], in[p + 1]);
        } else {
            tri(o, in[p], out[p], out[p + 1]);
            tri(o, in[p], out[p + 1], in[p + 1]);
        }
    }
}

static void ring_prims_gen(const rast_tess_plan *pl, tess_out *o, int sides)
{
    uint32_t out[ROW_MAX], in[ROW_MAX];
    tess_ring cur = {.base = 0, .sides = sides};
    for (int e = 0; e < sides; e++)
        cur.side[e] = pl->outer[e].points;
    int32_t nu = pl->inner_points[0], nv = sides == 4 ? pl->inner_points[1] : nu;
    int32_t rings = ((nu < nv ? nu : nv) + 1) >> 1;
    uint32_t next = (uint32_t)ring_len(&cur);
    for (int32_t r = 1; r < rings; r++) {
        tess_ring ring = {.base = next, .sides = sides};
        for (int e = 0; e < sides; e++)
            ring.side[e] = (sides == 4 && !(e & 1)) ? nv - 2 * r : nu - 2 * r;
        ring.line = sides == 4 && (ring.side[0] == 1 || ring.side[1] == 1);
        for (int e = 0; e < sides; e++) {
            ring_row(&cur, e, out);
            int32_t n_in = ring_row(&ring, e, in);
            if (r == 1)
                stitch_transition(o, out, &pl->outer[e], in,
                                  &pl->inner[sides == 4 ? (e + 1) & 1 : 0]);
            else
                stitch_ring(o, out, in, n_in);
        }
        next += (uint32_t)ring_len(&ring);
        cur = ring;
    }
    if (sides == 3) {
        if (pl->inner[0].odd)
            tri(o, cur.base, cur.base + 1, cur.base + 2);
        return;
    }
    bool along_u = false;
    int32_t quads = quad_strip(pl, &along_u);
    if (quads > 0) {
        /* The innermost ring is one segment across: its two long sides, both
         * walked in the direction of increasing u (or decreasing v). */
        int long_side = along_u ? 1 : 0;
        uint32_t back[ROW_MAX];
        ring_row(&cur, long_side, out);
        int32_t n = ring_row(&cur, long_side + 2, back);
        for (int32_t k = 0; k < n; k++)
            in[k] = back[n - 1 - k];
        stitch_strip(o, out, in, quads, !along_u && pl->inner[1].odd);
    }
}

uint32_t rast_tess_gen_prims(const rast_tess_plan *pl, uint32_t *indices)
{
    tess_out o = {indices, 0, pl->cw};
    if (pl->discard)
        return 0;
    if (pl->point_mode) {
        for (uint32_t i = 0; i < pl->num_vertices; i++)
            indices[i] = i;
        return pl->num_vertices;
    }
    if (pl->mode == RAST_TESS_ISOLINES) {
        uint32_t per_line = (uint32_t)pl->outer[1].points;
        for (uint32_t v = 0; v < pl->num_vertices; v++) {
            if (v % per_line == 0)
                continue;
            indices[o.n++] = v - 1;
            indices[o.n++] = v;
        }
        return o.n / 2;
    }
    if (pl->minimal) {
        if (pl->mode == RAST_TESS_QUADS) {
            tri(&o, 0, 1, 3);
            tri(&o, 1, 2, 3);
        } else {
            tri(&o, 0, 1, 2);
        }
        return o.n / 3;
    }
    ring_prims_gen(pl, &o, pl->mode == RAST_TESS_QUADS ? 4 : 3);
    return o.n / 3;
}
