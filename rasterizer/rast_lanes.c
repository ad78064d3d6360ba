/*
 * rast_lanes.c - the per-lane arithmetic of a 16-lane shading task (rast_priv.h
 * rast_lane_ops): pixel positions, depth, barycentrics, attribute
 * interpolation and RGBA8 packing.
 * Stage: tile execution.  Thread: worker threads (no state).
 *
 * Each operation is a fixed sequence of IEEE operations per lane, written on
 * the compiler's vector extensions: the baseline build runs them 4 lanes a
 * vector (SSE2), rast_lanes_avx2.c compiles this file again for 8 (AVX2
 * and FMA) and rast_lanes_avx512.c for 16, a whole task a vector
 * (AVX-512F).  The rasterizer builds with -ffp-contract=off and no build
 * fuses operations (the FMAs of AVX-512's and AVX2's pack8 compute an
 * exact floor), so all give the same bits and the choice is speed only.
 * ASMGL_EXEC_ISA=base keeps the baseline, as for the program executor and
 * the sampling kernels.
 */
#if defined(__SSE2__)
#include <immintrin.h>
#endif
#include <stdlib.h>

#include "rast_priv.h"

#if defined(RAST_LANES_AVX512)
#define VW 16
#define LANES_NAME(n) n##_avx512
#elif defined(RAST_LANES_AVX2)
#define VW 8
#define LANES_NAME(n) n##_avx2
#else
#define VW 4
#define LANES_NAME(n) n##_base
#endif
#define NV (16 / VW) /* vectors per task */

typedef float vf __attribute__((vector_size(VW * 4)));
typedef int32_t vi __attribute__((vector_size(VW * 4)));
/* unaligned loads and stores of task arrays */
typedef float vfu __attribute__((vector_size(VW * 4), aligned(4), may_alias));
typedef int32_t viu __attribute__((vector_size(VW * 4), aligned(4), may_alias));

#define LANES_INLINE static inline __attribute__((always_inline))
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi" /* vectors pass between inlined helpers only */
#endif

LANES_INLINE vf ld(const float *p)
{
    return *(const vfu *)(const void *)p;
}

LANES_INLINE void st(float *p, vf v)
{
    *(vfu *)(void *)p = v;
}

LANES_INLINE vf splat(float k)
{
    vf v;
    for (int l = 0; l < VW; l++)
        v[l] = k; /* not 0 + k, which makes -0 +0 */
    return v;
}

/* a where m is true (all ones), else b: bits moved, never changed */
LANES_INLINE vf vsel(vi m, vf a, vf b)
{
    return (vf)((m & (vi)a) | (~m & (vi)b));
}

/* pl[0] + pl[1] * dx + pl[2] * dy: a plane at the lanes (rast_priv.h), in
 * the order of the scalar formula */
LANES_INLINE vf plane(const float pl[3], vf dx, vf dy)
{
    return splat(pl[0]) + splat(pl[1]) * dx + splat(pl[2]) * dy;
}

/* Quad k's value v[k] in its four lanes 4k..4k+3, in registers. */
LANES_INLINE void quad_spread(const int32_t v[4], vi out[NV])
{
    typedef int32_t v4i __attribute__((vector_size(16)));
    v4i q = {v[0], v[1], v[2], v[3]};
#if VW == 16 && defined(__AVX512F__)
    const __m512i quad = _mm512_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
    out[0] = (vi)_mm512_permutexvar_epi32(quad, _mm512_broadcast_i32x4((__m128i)q));
#elif VW == 8 && defined(__AVX2__)
    const __m256i lo = _mm256_setr_epi32(0, 0, 0, 0, 1, 1, 1, 1);
    const __m256i hi = _mm256_setr_epi32(2, 2, 2, 2, 3, 3, 3, 3);
    __m256i q2 = _mm256_broadcastsi128_si256((__m128i)q);
    out[0] = (vi)_mm256_permutevar8x32_epi32(q2, lo);
    out[1] = (vi)_mm256_permutevar8x32_epi32(q2, hi);
#elif VW == 16 /* (Clang's target attributes define no __AVX512F__) */
    out[0] = __builtin_shufflevector(q, q, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3);
#elif VW == 8
    out[0] = __builtin_shufflevector(q, q, 0, 0, 0, 0, 1, 1, 1, 1);
    out[1] = __builtin_shufflevector(q, q, 2, 2, 2, 2, 3, 3, 3, 3);
#else /* a quad a vector */
    for (int k = 0; k < 4; k++)
        out[k] = (vi){q[k], q[k], q[k], q[k]};
#endif
}

/* Whether the task is one whole block, its quads in order (qb[k] = 16 b +
 * 4 k): what in-order shading and the resolve make of a covered block. */
LANES_INLINE bool whole_block(const uint16_t qb[4])
{
    return (qb[0] & 15) == 0 && qb[1] == qb[0] + 4 && qb[2] == qb[0] + 8 && qb[3] == qb[0] + 12;
}

/* The task's lanes k VW .. k VW + VW - 1 (vector k), in registers: a whole
 * block's pixels in block order. */
LANES_INLINE vi lane_index(int k)
{
    vi v;
    for (int l = 0; l < VW; l++)
        v[l] = l;
    return v + k * VW;
}

/* The lanes' pixels: lane 4k + j is pixel j (x + (j & 1), y + (j >> 1))
 * of the quad at block-layout index qb[k] of the tile at (x, y), stored in
 * fx and fy a whole vector at a time (a load wider than the stores that
 * wrote it waits for them to reach the cache); dx, dy: their centres
 * (+ 1/2) less (xr, yr), in registers. */
LANES_INLINE void positions(int x, int y, const uint16_t qb[4], float xr, float yr, float fx[16],
                            float fy[16], vf dx[NV], vf dy[NV])
{
    vi px[NV], py[NV];
    if (whole_block(qb)) {
        /* the same quad origins from the block's: quad k of a block is at
         * (2 (k & 1), 2 (k >> 1)) in it (rast_pix_x, rast_pix_y) */
        int b = qb[0] >> 4, ox = x + RAST_BLOCK_X(b), oy = y + RAST_BLOCK_Y(b);
        for (int k = 0; k < NV; k++) {
            vi q = lane_index(k) >> 2; /* the lanes' quads */
            px[k] = ox + (q & 1) * 2;
            py[k] = oy + (q >> 1) * 2;
        }
    } else {
        int32_t bx[4], by[4];
        for (int k = 0; k < 4; k++) {
            bx[k] = x + rast_pix_x(qb[k]);
            by[k] = y + rast_pix_y(qb[k]);
        }
        quad_spread(bx, px);
        quad_spread(by, py);
    }
    vf jx, jy; /* the pixel within its quad */
    for (int l = 0; l < VW; l++) {
        jx[l] = (float)(l & 1);
        jy[l] = (float)((l >> 1) & 1);
    }
    for (int k = 0; k < NV; k++) {
        vf qx = __builtin_convertvector(px[k], vf) + jx, qy = __builtin_convertvector(py[k], vf) + jy;
        st(fx + k * VW, qx);
        st(fy + k * VW, qy);
        dx[k] = (qx + splat(0.5f)) - splat(xr);
        dy[k] = (qy + splat(0.5f)) - splat(yr);
    }
}

static void LANES_NAME(pos)(int x, int y, const uint16_t qb[4], float xr, float yr, float fx[16],
                            float fy[16], float dx[16], float dy[16])
{
    vf vx[NV], vy[NV];
    positions(x, y, qb, xr, yr, fx, fy, vx, vy);
    for (int k = 0; k < NV; k++) {
        st(dx + k * VW, vx[k]);
        st(dy + k * VW, vy[k]);
    }
}

/* The depth of the lanes' pixels (rast_eval_z): rast_priv.h RAST_Z_PLANE
 * at the origin of each quad's block (sx, sy inside the pixel), plus the
 * pixel's offset in the block (rast_z_offsets), clamped by rast_z_quad's
 * max then min (NaN: zmin), in the order of those formulas. */
static void LANES_NAME(z)(int x, int y, const uint16_t qb[4], const rast_prim *p, float sx,
                          float sy, float zmin, float zmax, float z[16])
{
    /* a whole block: its plane value once, its lanes its pixels in order;
     * else each quad's block and pixel, spread to its lanes */
    bool whole = whole_block(qb);
    vf zwhole = splat(0.0f);
    vi q[NV], j; /* j: the pixel within its quad */
    if (whole) {
        int b = qb[0] >> 4;
        zwhole = splat(RAST_Z_PLANE(p, (float)(x + RAST_BLOCK_X(b)), (float)(y + RAST_BLOCK_Y(b)),
                                    sx, sy));
    } else {
        int32_t q4[4] = {qb[0], qb[1], qb[2], qb[3]};
        quad_spread(q4, q);
        for (int l = 0; l < VW; l++)
            j[l] = l & 3;
    }
    for (int k = 0; k < NV; k++) {
        vi pix; /* the lanes' pixels in their blocks */
        vf zb;
        if (whole) {
            pix = lane_index(k);
            zb = zwhole;
        } else {
            vi block = q[k] >> 4;
            pix = (q[k] & 15) + j;
            zb = RAST_Z_PLANE(p, __builtin_convertvector(x + RAST_BLOCK_X(block), vf),
                              __builtin_convertvector(y + RAST_BLOCK_Y(block), vf), sx, sy);
        }
        /* rast_lane_x and rast_lane_y of the pixel's index in its block */
        vf lx = __builtin_convertvector((pix >> 2 & 1) * 2 + (pix & 1), vf);
        vf ly = __builtin_convertvector((pix >> 3 & 1) * 2 + (pix >> 1 & 1), vf);
        vf v = zb + (p->z[1] * lx + p->z[2] * ly); /* rast_z_offsets */
        v = vsel(v > splat(zmin), v, splat(zmin));
        st(z + k * VW, vsel(v < splat(zmax), v, splat(zmax)));
    }
}

/* 1/w at offsets dx, dy from p's reference point, and the barycentrics
 * l1, l2 (divided by w when p->perspective) where varyings */
LANES_INLINE vf barycentrics(const rast_prim *p, vf dx, vf dy, bool varyings, vf *l1, vf *l2)
{
    vf w = plane(p->iw, dx, dy);
    if (varyings) {
        vf a = plane(p->l1, dx, dy), b = plane(p->l2, dx, dy);
        if (p->perspective) {
            vf r = splat(1.0f) / w;
            a *= r;
            b *= r;
        }
        *l1 = a;
        *l2 = b;
    }
    return w;
}

static void LANES_NAME(bary)(const rast_prim *p, const float dx[16], const float dy[16],
                             bool varyings, float iw[16], float l1[16], float l2[16])
{
    for (int k = 0; k < 16; k += VW) {
        vf a, b;
        st(iw + k, barycentrics(p, ld(dx + k), ld(dy + k), varyings, &a, &b));
        if (varyings) {
            st(l1 + k, a);
            st(l2 + k, b);
        }
    }
}

/* pos, bary and the varyings' a0 + l1 d1 + l2 d2 in one call, positions
 * and barycentrics in registers between them: fx, fy and 1/w (iw) are
 * stored, and the varyings k of vmask (bit k: slot[k], 4 components of
 * (a0, d1, d2) at p->attr + 12 k) go to in[slot[k]]. */
static void LANES_NAME(interp)(int x, int y, const uint16_t qb[4], const rast_prim *p, int nvary,
                               const uint8_t *slot, uint64_t vmask, float fx[16], float fy[16],
                               float iw[16], gp_vec *in)
{
    vf dx[NV], dy[NV], l1[NV], l2[NV];
    positions(x, y, qb, p->xr, p->yr, fx, fy, dx, dy);
    for (int k = 0; k < NV; k++)
        st(iw + k * VW, barycentrics(p, dx[k], dy[k], nvary != 0, &l1[k], &l2[k]));
    const float *a = p->attr;
    for (int v = 0; v < nvary; v++, a += 12) {
        if (!(vmask >> v & 1u))
            continue;
        gp_vec *o = &in[slot[v]];
        for (int c = 0; c < 4; c++) {
            vf a0 = splat(a[3 * c]), d1 = splat(a[3 * c + 1]), d2 = splat(a[3 * c + 2]);
            for (int k = 0; k < NV; k++)
                st(&o->c[c][k * VW].f, a0 + l1[k] * d1 + l2[k] * d2);
        }
    }
}

/* f2u8 of rast_blend.c for a vector: clamped to [0, 1] (NaN: 0), times 255
 * plus 1/2, truncated, exactly: in double (the product is exact there),
 * with AVX-512's FMA rounded down, or with AVX2's FMA and a correction
 * (the same bytes for every float in [0, 1], checked exhaustively when
 * this was written, and by rasterizer.lanes on the halfway points). */
LANES_INLINE vi to_u8(vf v)
{
#if VW == 16 && defined(__AVX512F__)
    /* clamped (MAXPS with 0 first: NaN and below 0 give +0), then 255 v +
     * 1/2 in one FMA rounded toward -infinity: the result is below an
     * integer exactly when the true sum is (integers are floats), so its
     * truncation is the exact floor */
    __m512 c = _mm512_min_ps(_mm512_max_ps((__m512)v, _mm512_setzero_ps()), _mm512_set1_ps(1.0f));
    __m512 y = _mm512_fmadd_round_ps(c, _mm512_set1_ps(255.0f), _mm512_set1_ps(0.5f),
                                     _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC);
    return (vi)_mm512_cvttps_epi32(y);
#elif VW == 8 && defined(__AVX2__) && defined(__FMA__)
    /* clamped as above; n, the truncation of 255 v + 1/2 rounded to
     * nearest, is the exact floor or one above it (a sum just below an
     * integer rounds up to it); 255 v + (1/2 - n) in one FMA has the sign
     * of the exact sum less n (1/2 - n is exact, and a nonzero difference
     * is at least 2^-149, so it does not round to 0), and a negative one
     * takes the 1 back */
    __m256 c = _mm256_min_ps(_mm256_max_ps((__m256)v, _mm256_setzero_ps()), _mm256_set1_ps(1.0f));
    const __m256 k = _mm256_set1_ps(255.0f), h = _mm256_set1_ps(0.5f);
    __m256i n = _mm256_cvttps_epi32(_mm256_fmadd_ps(c, k, h));
    __m256 r = _mm256_fmadd_ps(c, k, _mm256_sub_ps(h, _mm256_cvtepi32_ps(n)));
    __m256 below = _mm256_cmp_ps(r, _mm256_setzero_ps(), _CMP_LT_OQ); /* all ones: -1 */
    return (vi)_mm256_add_epi32(n, _mm256_castps_si256(below));
#else
    vf zero = splat(0.0f), one = splat(1.0f);
    v = (vf)((vi)(v >= zero) & (vi)v); /* NaN and below 0: +0 */
    v = vsel(v <= one, v, one);
#if VW == 4 && defined(__SSE2__)
    const __m128d k = _mm_set1_pd(255.0), h = _mm_set1_pd(0.5);
    __m128d lo = _mm_add_pd(_mm_mul_pd(_mm_cvtps_pd((__m128)v), k), h);
    __m128d hi = _mm_add_pd(_mm_mul_pd(_mm_cvtps_pd(_mm_movehl_ps((__m128)v, (__m128)v)), k), h);
    return (vi)_mm_unpacklo_epi64(_mm_cvttpd_epi32(lo), _mm_cvttpd_epi32(hi));
#else
    vi r;
    for (int l = 0; l < VW; l++)
        r[l] = (int32_t)((double)v[l] * 255.0 + 0.5);
    return r;
#endif
#endif
}

static void LANES_NAME(pack8)(const float src[4][16], uint32_t px[16])
{
    /* the shift of channel ch that puts it at byte ch of the word in memory */
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define BYTE_SHIFT(ch) (24 - 8 * (ch))
#else
#define BYTE_SHIFT(ch) (8 * (ch))
#endif
    for (int k = 0; k < 16; k += VW) {
        vi w = to_u8(ld(&src[0][k])) << BYTE_SHIFT(0);
        w |= to_u8(ld(&src[1][k])) << BYTE_SHIFT(1);
        w |= to_u8(ld(&src[2][k])) << BYTE_SHIFT(2);
        w |= to_u8(ld(&src[3][k])) << BYTE_SHIFT(3);
        *(viu *)(void *)(px + k) = w;
    }
#undef BYTE_SHIFT
}

#if defined(RAST_LANES_AVX512)
const rast_lane_ops rast_lane_ops_avx512 = {"avx512",      pos_avx512,    z_avx512,
                                            bary_avx512,   interp_avx512, pack8_avx512};
#elif defined(RAST_LANES_AVX2)
const rast_lane_ops rast_lane_ops_avx2 = {"avx2",      pos_avx2,    z_avx2,
                                          bary_avx2,   interp_avx2, pack8_avx2};
#else
static const rast_lane_ops lane_ops_base = {"base",      pos_base,    z_base,
                                            bary_base,   interp_base, pack8_base};

/* The widest build this CPU runs, unless ASMGL_EXEC_ISA=base (the
 * baseline) or =avx2 (nothing wider); chosen once. */
static _Atomic(const rast_lane_ops *) lane_ops_chosen;

const rast_lane_ops *rast_lanes(void)
{
    const rast_lane_ops *o = atomic_load_explicit(&lane_ops_chosen, memory_order_relaxed);
    if (o)
        return o;
    o = &lane_ops_base;
#if RAST_LANES_HAS_AVX2
    const char *isa = getenv("ASMGL_EXEC_ISA");
    __builtin_cpu_init();
    if (!(isa && strcmp(isa, "base") == 0)) {
        if (__builtin_cpu_supports("avx512f") && !(isa && strcmp(isa, "avx2") == 0))
            o = &rast_lane_ops_avx512;
        else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
            o = &rast_lane_ops_avx2;
    }
#endif
    atomic_store_explicit(&lane_ops_chosen, o, memory_order_relaxed);
    return o;
}

const rast_lane_ops *rast_lanes_variant(int i)
{
    if (i == 0)
        return &lane_ops_base;
#if RAST_LANES_HAS_AVX2
    if (i == 1 && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        return &rast_lane_ops_avx2;
    if (i == 2 && __builtin_cpu_supports("avx512f"))
        return &rast_lane_ops_avx512;
#endif
    return NULL;
}
#endif
