/*
 * tex_sample_simd.c - texture lookups over all GP_LANES lanes of a task at
 * once, specialised for the sampler state of a texture unit at draw time.
 * tex_unit_prepare runs where the draw is recorded (API thread); the
 * kernels run on worker threads, read texture objects only and keep no
 * state.
 *
 * tex_unit_prepare reduces a unit's state once (R11): the generic
 * sampler's tex_samp_setup for the texture's own target, completeness, the
 * result map (base format and swizzle), and whether the kernels take the
 * unit at all: complete 2D, RECT, CUBE and 2D array textures of RGBA8
 * (sRGB-encoded too: R8, RG8, RGB8, LUMINANCE... are RGBA8 storage with a
 * result map) or RGBA32F storage, any filters, wraps, LOD range and border
 * colour, without anisotropy.  Per task, tex_unit_sample hands a plain
 * lookup (TEX, TXP, TXB, TXL of a non-shadow target, constant offsets) to
 * the kernel and everything else to the generic sampler (tex_sample.c).
 *
 * The kernel computes exactly what the generic sampler computes, lane for
 * lane and bit for bit: the same float operations in the same order, on
 * the compiler's vector extensions, a task's lanes as NC vectors of the
 * machine's width.  A lookup is the generic chain as stages over all
 * lanes:
 *   coordinates (projection, cube face and s, t; array layer)
 *   -> lambda (only when mipmaps or MIN != MAG make it matter; one per
 *      quad from tex_quad_lambda_base, the generic sampler's own)
 *   -> per lane: magnification or minification, level(s), trilinear
 *      fraction (GL 2.1 sections 3.8.8, 3.8.9)
 *   -> level passes: the lanes that read one image (cube face and level)
 *      with one filter are wrapped, fetched and weighted together; the
 *      wrap mode and texel format are chosen once per pass, not per lane
 *   -> the trilinear blend, the result map, the lanes of the mask.
 * Where the generic sampler has two orders of the same sum (its direct
 * RGBA8 2D path adds the four weighted taps, the general path adds them to
 * 0), the pass takes the one the generic sampler takes for that image.
 * A unit whose every lookup filters the base level of one plain 2D RGBA8
 * image with one filter (no mipmaps, MIN == MAG) skips the passes:
 * one_rgba8 runs the direct path from coordinates to the result one vector
 * at a time, in registers, compiled for the common filters and wraps
 * (tex_kernels.one); tex_unit_prepare picks a unit's kernel function.
 * Texels: the baseline loads one 32-bit word per RGBA8 texel and converts
 * by the generic sampler's tables; the AVX2 and AVX-512 builds gather
 * (texels, sRGB table) and divide by 255 (tex_u8_to_float is that
 * division), or, where every lane of a vector reads one texel (a magnified
 * texture), load it once and take its floats from the tables.  A pass
 * computes every lane and keeps its own; a lane that reads no texel of the
 * image (outside it, or not the pass's) loads texel 0 and drops it.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#if defined(__SSE__)
#include <immintrin.h>
#endif

#include "tex_sample_priv.h"

/* Instruction-set variants: this file is the baseline (SSE, 4 lanes a
 * vector); tex_sample_simd_avx2.c compiles the kernels a second time for
 * AVX2 (8 lanes a vector, gathers) with TEX_SIMD_AVX2 set, and
 * tex_sample_simd_avx512.c a third time for AVX-512F (16 lanes, a whole
 * task a vector) with TEX_SIMD_AVX512 set; tex_unit_prepare takes its
 * kernel from one of the tables (tex_kernels_base, tex_kernels_avx2,
 * tex_kernels_avx512) at run time. */
#if defined(TEX_SIMD_AVX512)
#define TEX_VW 16
#define KERNELS tex_kernels_avx512
#define KERNEL tex_kernel_sample_avx512
#elif defined(TEX_SIMD_AVX2)
#define TEX_VW 8
#define KERNELS tex_kernels_avx2
#define KERNEL tex_kernel_sample_avx2
#else
#define KERNELS tex_kernels_base
#define KERNEL tex_kernel_sample
#endif

/* ---- lane vectors ------------------------------------------------------------------ */

/* A task's lanes as NC vectors of TEX_VW lanes, the machine's own width
 * (SSE: 4, AVX2: 8, AVX-512: 16), so every operation is one instruction.
 * TEX_AVX2 and TEX_AVX512: the build whose intrinsics the code may use. */
#define NL GP_LANES
#ifndef TEX_VW
#define TEX_VW 4
#endif
#if TEX_VW == 8 && defined(__AVX2__)
#define TEX_AVX2 1
#else
#define TEX_AVX2 0
#endif
#if TEX_VW == 16 && defined(__AVX512F__)
#define TEX_AVX512 1
#else
#define TEX_AVX512 0
#endif
#define NC (NL / TEX_VW)
typedef float vf __attribute__((vector_size(TEX_VW * 4)));
typedef int32_t vi __attribute__((vector_size(TEX_VW * 4)));
typedef uint32_t vu __attribute__((vector_size(TEX_VW * 4)));

#define FOR_C for (int c = 0; c < NC; c++)

/* Vector c of a register component (gp_val[GP_LANES]), loaded and stored
 * as one vector (not through memcpy's narrower moves, whose stores a wide
 * load could not forward). */
typedef float vfu __attribute__((vector_size(TEX_VW * 4), aligned(4), may_alias));

static inline vf vld(const gp_val *comp, int c)
{
    return *(const vfu *)(const void *)(comp + c * TEX_VW);
}

static inline void vst(gp_val *comp, int c, vf v)
{
    *(vfu *)(void *)(comp + c * TEX_VW) = v;
}

static inline vf vsplat(float k)
{
    vf v;
    for (int l = 0; l < TEX_VW; l++)
        v[l] = k;
    return v;
}

static inline vi visplat(int32_t k)
{
    vi v;
    for (int l = 0; l < TEX_VW; l++)
        v[l] = k;
    return v;
}

/* m ? a : b per lane, m all ones or zero (a comparison): one blend where
 * the machine has it (AVX), else and, andnot, or (one VPTERNLOGD with
 * AVX-512) */
static inline vf vsel(vi m, vf a, vf b)
{
#if TEX_VW == 8 && defined(__AVX__)
    return (vf)_mm256_blendv_ps((__m256)b, (__m256)a, (__m256)m);
#else
    return (vf)((m & (vi)a) | (~m & (vi)b));
#endif
}

static inline vi visel(vi m, vi a, vi b)
{
#if TEX_VW == 8 && defined(__AVX__)
    return (vi)_mm256_blendv_ps((__m256)b, (__m256)a, (__m256)m);
#else
    return (m & a) | (~m & b);
#endif
}

/* Lanes c * TEX_VW .. of bits as a comparison mask, and back. */
static inline vi vmask(uint32_t bits, int c)
{
    vi bit;
    for (int l = 0; l < TEX_VW; l++)
        bit[l] = 1 << l;
    return (visplat((int32_t)(bits >> (c * TEX_VW))) & bit) != visplat(0);
}

static inline uint32_t vbits(vi m, int c)
{
#if TEX_VW == 4 && defined(__SSE__)
    return (uint32_t)_mm_movemask_ps((__m128)m) << (c * TEX_VW);
#elif TEX_VW == 8 && defined(__AVX__)
    return (uint32_t)_mm256_movemask_ps((__m256)m) << (c * TEX_VW);
#elif TEX_AVX512
    return (uint32_t)_mm512_cmplt_epi32_mask((__m512i)m, _mm512_setzero_si512()) << (c * TEX_VW);
#else
    uint32_t b = 0;
    for (int l = 0; l < TEX_VW; l++)
        b |= (uint32_t)(m[l] & 1) << l;
    return b << (c * TEX_VW);
#endif
}

/* clampf of every lane: v > lo ? v : lo (NaN -> lo), then v < hi ? v : hi.
 * MAXPS and MINPS are exactly those selects, operand order included (the
 * second operand for NaN and for equal values, -0 against +0 too). */
static inline vf vclamp(vf v, float lo, float hi)
{
    vf vlo = vsplat(lo), vhi = vsplat(hi);
#if TEX_VW == 8 && defined(__AVX__)
    return (vf)_mm256_min_ps(_mm256_max_ps((__m256)v, (__m256)vlo), (__m256)vhi);
#elif TEX_VW == 4 && defined(__SSE__)
    return (vf)_mm_min_ps(_mm_max_ps((__m128)v, (__m128)vlo), (__m128)vhi);
#elif TEX_AVX512
    return (vf)_mm512_min_ps(_mm512_max_ps((__m512)v, (__m512)vlo), (__m512)vhi);
#else
    v = vsel(v > vlo, v, vlo);
    return vsel(v < vhi, v, vhi);
#endif
}

/* ifloor of every lane (clamped to int range already) */
static inline vi vifloor(vf v)
{
    vi i = __builtin_convertvector(v, vi);
    return i + (__builtin_convertvector(i, vf) > v); /* true is -1 */
}

static inline vf vtofloat(vi i)
{
    return __builtin_convertvector(i, vf);
}

/* Lane l of an array of vectors. */
#define LANE(a, l) ((a)[(l) / TEX_VW][(l) % TEX_VW])

/* ---- wraps (tex_sample_priv.h wrap_repeat, wrap_mirror, and tex_sample.c
 * axis_nearest, axis_linear over the lanes of a vector) ----------------------------- */

TEX_INLINE vi vwrap_repeat(vi i, int n)
{
    if ((n & (n - 1)) == 0)
        return i & visplat(n - 1);
    vi r;
    for (int l = 0; l < TEX_VW; l++)
        r[l] = wrap_repeat(i[l], n);
    return r;
}

TEX_INLINE vi vwrap_mirror(vi i, int n)
{
    int n2 = 2 * n;
    vi m;
    if ((n2 & (n2 - 1)) == 0) {
        m = i & visplat(n2 - 1);
    } else {
        for (int l = 0; l < TEX_VW; l++)
            m[l] = ((i[l] % n2) + n2) % n2;
    }
    return visel(m >= visplat(n), visplat(n2 - 1) - m, m);
}

TEX_INLINE vi vaxis_nearest(vf u, int n, int mode)
{
    switch (mode) {
    case W_REPEAT: return vwrap_repeat(vifloor(vclamp(u, -COORD_BIG, COORD_BIG)), n);
    case W_MIRROR: return vwrap_mirror(vifloor(vclamp(u, -COORD_BIG, COORD_BIG)), n);
    case W_BORDER: return vifloor(vclamp(u, -1.0f, (float)n + 1.0f));
    default: {
        /* CLAMP and CLAMP_TO_EDGE: s in [0,1]; s = 1 gives texel n-1 */
        vi i = vifloor(vclamp(u, 0.0f, (float)n));
        return visel(i < visplat(n), i, visplat(n - 1));
    }
    }
}

TEX_INLINE void vaxis_linear(vf u, int n, int mode, vi *i0, vi *i1, vf *a)
{
    vf v;
    vi i;
    vf half = vsplat(0.5f);
    switch (mode) {
    case W_REPEAT:
        v = vclamp(u, -COORD_BIG, COORD_BIG) - half;
        i = vifloor(v);
        *a = v - vtofloat(i);
        *i0 = vwrap_repeat(i, n);
        *i1 = vwrap_repeat(i + 1, n);
        return;
    case W_MIRROR:
        v = vclamp(u, -COORD_BIG, COORD_BIG) - half;
        i = vifloor(v);
        *a = v - vtofloat(i);
        *i0 = vwrap_mirror(i, n);
        *i1 = vwrap_mirror(i + 1, n);
        return;
    case W_EDGE:
        v = vclamp(u, 0.5f, (float)n - 0.5f) - half;
        i = vifloor(v);
        *a = v - vtofloat(i);
        *i0 = i;
        *i1 = visel(i + 1 < visplat(n), i + 1, visplat(n - 1));
        return;
    case W_CLAMP: /* s clamped to [0,1]: the outer half texel blends with the border */
        v = vclamp(u, 0.0f, (float)n) - half;
        break;
    default: /* W_BORDER */
        v = vclamp(u, -0.5f, (float)n + 0.5f) - half;
        break;
    }
    i = vifloor(v);
    *a = v - vtofloat(i);
    *i0 = i;
    *i1 = i + 1;
}

/* ---- texel fetch ------------------------------------------------------------------- */

/* The texel formats of a level pass. */
enum { PF_RGBA8, PF_SRGB8, PF_F32 };

/* The RGBA8 texels at byte offsets offs of data as SoA floats: the
 * generic sampler's tables (rgb: tex_u8_to_float, or tex_srgb8_to_linear
 * for sRGB colour; alpha is always linear). */
#if TEX_AVX2 || TEX_AVX512
/* RGBA8 words (bytes R, G, B, A) as SoA floats (texels8). */
TEX_INLINE void words8(vi x, const float *rgb, vf o[4])
{
    vi b = visplat(255);
    /* tex_u8_to_float[c] is c / 255.0f rounded once, as the division
     * here: the same bits without three of the gathers */
    vf d255 = vsplat(255.0f);
    o[3] = vtofloat((vi)((vu)x >> 24)) / d255;
    if (rgb == tex_u8_to_float) {
        o[0] = vtofloat(x & b) / d255;
        o[1] = vtofloat(x >> 8 & b) / d255;
        o[2] = vtofloat(x >> 16 & b) / d255;
    } else {
#if TEX_AVX512
        o[0] = (vf)_mm512_i32gather_ps((__m512i)(x & b), rgb, 4);
        o[1] = (vf)_mm512_i32gather_ps((__m512i)(x >> 8 & b), rgb, 4);
        o[2] = (vf)_mm512_i32gather_ps((__m512i)(x >> 16 & b), rgb, 4);
#else
        o[0] = (vf)_mm256_i32gather_ps(rgb, (__m256i)(x & b), 4);
        o[1] = (vf)_mm256_i32gather_ps(rgb, (__m256i)(x >> 8 & b), 4);
        o[2] = (vf)_mm256_i32gather_ps(rgb, (__m256i)(x >> 16 & b), 4);
#endif
    }
}
#endif

#if TEX_AVX2 || TEX_AVX512
/* Whether every lane of v holds lane 0's value: on a magnified texture a
 * vector's lanes often read one texel, which one load fetches for all,
 * not a gather of TEX_VW. */
TEX_INLINE bool vuniform(vu v)
{
    return !vbits((vi)(v != (vu)visplat((int32_t)v[0])), 0);
}

/* One RGBA8 word (bytes R, G, B, A) in every lane of o: words8's values
 * from the tables (tex_u8_to_float[c] is the division c / 255.0f), no
 * division a lane. */
TEX_INLINE void word_splat(uint32_t x, const float *rgb, vf o[4])
{
    o[0] = vsplat(rgb[x & 255]);
    o[1] = vsplat(rgb[x >> 8 & 255]);
    o[2] = vsplat(rgb[x >> 16 & 255]);
    o[3] = vsplat(tex_u8_to_float[x >> 24]);
}
#endif

TEX_INLINE void texels8(const uint8_t *data, vu offs, const float *rgb, vf o[4])
{
#if TEX_AVX2 || TEX_AVX512
    if (vuniform(offs)) {
        uint32_t x;
        memcpy(&x, data + offs[0], 4);
        word_splat(x, rgb, o);
        return;
    }
#endif
#if TEX_AVX512
    words8((vi)_mm512_i32gather_epi32((__m512i)offs, data, 1), rgb, o);
#elif TEX_AVX2
    words8((vi)_mm256_i32gather_epi32((const int *)(const void *)data, (__m256i)offs, 1), rgb, o);
#else
    const float *alpha = tex_u8_to_float;
    uint32_t x[TEX_VW];
    for (int l = 0; l < TEX_VW; l++)
        memcpy(&x[l], data + offs[l], 4); /* bytes R, G, B, A */
#if TEX_VW == 4 && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* built in registers, not through memory */
    o[0] = (vf){rgb[x[0] & 255], rgb[x[1] & 255], rgb[x[2] & 255], rgb[x[3] & 255]};
    o[1] = (vf){rgb[x[0] >> 8 & 255], rgb[x[1] >> 8 & 255], rgb[x[2] >> 8 & 255],
                rgb[x[3] >> 8 & 255]};
    o[2] = (vf){rgb[x[0] >> 16 & 255], rgb[x[1] >> 16 & 255], rgb[x[2] >> 16 & 255],
                rgb[x[3] >> 16 & 255]};
    o[3] = (vf){alpha[x[0] >> 24], alpha[x[1] >> 24], alpha[x[2] >> 24], alpha[x[3] >> 24]};
#else
    for (int l = 0; l < TEX_VW; l++) {
        const uint8_t *p = (const uint8_t *)&x[l];
        o[0][l] = rgb[p[0]];
        o[1][l] = rgb[p[1]];
        o[2][l] = rgb[p[2]];
        o[3][l] = alpha[p[3]];
    }
#endif
#endif
}

/* One tap of a pass: texel (i, j) of slice k for the lanes of g, as SoA
 * float RGBA in o; a texel outside the image reads the border colour
 * (tex_sample.c fetch_rgba).  Lanes outside g are left undefined.  Byte
 * offsets fit 32 bits: an image is at most TEX_MAX_IMAGE_BYTES; lanes that
 * read no texel read texel 0 (there is one: some lane is inside). */
TEX_INLINE void fetch_tap(const samp *sp, const tex_image *img, int pf, const vi i[NC],
                             const vi j[NC], const vi k[NC], uint32_t g, vf o[4][NC])
{
    vi in[NC];
    vu offs[NC];
    uint32_t load = 0;
    vu w = (vu)visplat(img->width), h = (vu)visplat(img->height), d = (vu)visplat(img->depth);
    uint32_t bpp = pf == PF_F32 ? 16 : 4;
    uint32_t row = (uint32_t)img->row_stride, slice = (uint32_t)img->slice_stride;
    FOR_C {
        in[c] = ((vu)i[c] < w) & ((vu)j[c] < h) & ((vu)k[c] < d) & vmask(g, c);
        load |= vbits(in[c], c);
        offs[c] = ((vu)k[c] * slice + (vu)j[c] * row + (vu)i[c] * bpp) & (vu)in[c];
    }
    vf tx[4][NC];
    if (!load) {
        for (int q = 0; q < 4; q++)
            FOR_C tx[q][c] = vsplat(0.0f);
    } else if (pf != PF_F32) {
        const float *rgb = pf == PF_SRGB8 ? tex_srgb8_to_linear : tex_u8_to_float;
        FOR_C {
            vf o8[4];
            texels8(img->data, offs[c], rgb, o8);
            for (int q = 0; q < 4; q++)
                tx[q][c] = o8[q];
        }
    } else { /* PF_F32 */
        const uint8_t *data = img->data;
#if TEX_AVX512
        for (int q = 0; q < 4; q++)
            FOR_C tx[q][c] = (vf)_mm512_i32gather_ps((__m512i)offs[c], data + 4 * q, 1);
#elif TEX_AVX2
        for (int q = 0; q < 4; q++)
            FOR_C tx[q][c] = (vf)_mm256_i32gather_ps((const float *)(const void *)(data + 4 * q),
                                                     (__m256i)offs[c], 1);
#else
        FOR_C {
            vf t[TEX_VW];
            for (int l = 0; l < TEX_VW; l++)
                memcpy(&t[l], data + offs[c][l], 16);
#if TEX_VW == 4
            /* 4x4 transpose: lanes' RGBA to RGBA's lanes (bits moved, never changed) */
            vf t0 = __builtin_shufflevector(t[0], t[1], 0, 4, 1, 5);
            vf t1 = __builtin_shufflevector(t[0], t[1], 2, 6, 3, 7);
            vf t2 = __builtin_shufflevector(t[2], t[3], 0, 4, 1, 5);
            vf t3 = __builtin_shufflevector(t[2], t[3], 2, 6, 3, 7);
            tx[0][c] = __builtin_shufflevector(t0, t2, 0, 1, 4, 5);
            tx[1][c] = __builtin_shufflevector(t0, t2, 2, 3, 6, 7);
            tx[2][c] = __builtin_shufflevector(t1, t3, 0, 1, 4, 5);
            tx[3][c] = __builtin_shufflevector(t1, t3, 2, 3, 6, 7);
#else
            for (int q = 0; q < 4; q++)
                for (int l = 0; l < TEX_VW; l++)
                    tx[q][c][l] = t[l][q];
#endif
        }
#endif
    }
    for (int q = 0; q < 4; q++) {
        vf bc = vsplat(sp->border[q]);
        FOR_C o[q][c] = vsel(in[c], tx[q][c], bc);
    }
}

/* ---- one level pass ---------------------------------------------------------------- */

/* Tap (i, j) of a plain 2D RGBA8 image for a vector of lanes into o: where
 * the wraps may leave the image (edge: CLAMP, CLAMP_TO_BORDER), lanes
 * outside read texel 0 and take the border colour (fetch_tap). */
TEX_INLINE void tap8(const samp *sp, const tex_image *img, bool edge, vi i, vi j, vf o[4])
{
    vu offs = (vu)j * (vu)visplat(img->row_stride) + (vu)i * (vu)visplat(4);
    if (!edge) {
        texels8(img->data, offs, tex_u8_to_float, o);
        return;
    }
    vi in = ((vu)i < (vu)visplat(img->width)) & ((vu)j < (vu)visplat(img->height));
    texels8(img->data, offs & (vu)in, tex_u8_to_float, o);
#pragma GCC unroll 4
    for (int q = 0; q < 4; q++)
        o[q] = vsel(in, o[q], vsplat(sp->border[q]));
}

/* Whether the wraps may take a plain 2D image's indices outside it (CLAMP,
 * CLAMP_TO_BORDER): vaxis_nearest clamps CLAMP as CLAMP_TO_EDGE,
 * vaxis_linear blends CLAMP with the border. */
static inline bool rgba8_edge(const samp *sp, bool linear)
{
    int inside = 1 << W_REPEAT | 1 << W_MIRROR | 1 << W_EDGE | (linear ? 0 : 1 << W_CLAMP);
    return !(inside >> sp->wrap[0] & 1) || !(inside >> sp->wrap[1] & 1);
}

#if TEX_AVX2 || TEX_AVX512
/* Texels i0 and i0 + 1 of a row for every lane, at byte offsets rr of
 * data (rgba8_filter's pair path): a, b as SoA floats.  Each gather element
 * is a pair (8 bytes), so a row of the lanes is two gathers of half the
 * lanes; a row that every lane reads at one place is one load. */
TEX_INLINE void pair_row(const long long *data, vu rr, vf a[4], vf b[4])
{
    if (vuniform(rr)) {
        uint32_t ab[2];
        memcpy(ab, (const uint8_t *)data + rr[0], 8);
        word_splat(ab[0], tex_u8_to_float, a);
        word_splat(ab[1], tex_u8_to_float, b);
        return;
    }
    vi xa, xb;
#if TEX_AVX512
    /* pairs (a0 b0 a1 b1 ...) of lanes 0-7 and 8-15 to texels a, b of lanes 0-15 */
    const __m512i evens = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28,
                                            30);
    const __m512i odds = _mm512_add_epi32(evens, _mm512_set1_epi32(1));
    __m512i o16 = (__m512i)rr;
    __m512i lo = _mm512_i32gather_epi64(_mm512_castsi512_si256(o16), data, 1);
    __m512i hi = _mm512_i32gather_epi64(_mm512_extracti64x4_epi64(o16, 1), data, 1);
    xa = (vi)_mm512_permutex2var_epi32(lo, evens, hi);
    xb = (vi)_mm512_permutex2var_epi32(lo, odds, hi);
#else
    /* pairs (a0 b0 a1 b1 ...) of lanes 0-3 and 4-7 to texels a, b of lanes 0-7 */
    const __m256i evens_odds = _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7);
    __m256i o8 = (__m256i)rr;
    __m256i lo = _mm256_i32gather_epi64(data, _mm256_castsi256_si128(o8), 1);
    __m256i hi = _mm256_i32gather_epi64(data, _mm256_extracti128_si256(o8, 1), 1);
    lo = _mm256_permutevar8x32_epi32(lo, evens_odds);
    hi = _mm256_permutevar8x32_epi32(hi, evens_odds);
    xa = (vi)_mm256_permute2x128_si256(lo, hi, 0x20);
    xb = (vi)_mm256_permute2x128_si256(lo, hi, 0x31);
#endif
    words8(xa, tex_u8_to_float, a);
    words8(xb, tex_u8_to_float, b);
}
#endif

/* One vector of lanes of a plain 2D RGBA8 image (sp->fast2d), filtered
 * from coordinates s, t (offsets ou, ov) into o, in registers:
 * tex_sample.c level_rgba8_2d, the direct path.  Every lane computes (its
 * indices are in the image, or tested against it, whatever its
 * coordinates). */
TEX_INLINE void rgba8_filter(const samp *sp, const tex_image *img, bool linear, bool edge, int ws,
                             int wt, vf s, vf t, float ou, float ov, vf o[4])
{
    int w = img->width, h = img->height;
    /* tex_sample.c to_texels */
    vf u = (sp->normalized ? s * (float)w : s) + ou;
    vf v = (sp->normalized ? t * (float)h : t) + ov;
    if (!linear) {
        tap8(sp, img, edge, vaxis_nearest(u, w, ws), vaxis_nearest(v, h, wt), o);
        return;
    }
    vi i0, i1, j0, j1;
    vf a, b, one = vsplat(1.0f);
    vaxis_linear(u, w, ws, &i0, &i1, &a);
    vaxis_linear(v, h, wt, &j0, &j1, &b);
    /* GL 2.1 section 3.8.8, LINEAR: (1-a)(1-b) t00 + a(1-b) t10 + (1-a)b t01 + ab t11 */
    vf w00 = (one - a) * (one - b), w10 = a * (one - b);
    vf w01 = (one - a) * b, w11 = a * b;
    vf t00[4], t10[4], t01[4], t11[4];
#if TEX_AVX2 || TEX_AVX512
    /* where every lane's i1 is i0 + 1 (all but the lanes at a wrap), texels
     * i0 and i1 of a row are one 8-byte load (pair_row): half the elements
     * of two gathers of texels */
    if (!edge && !vbits(i1 != i0 + 1, 0)) {
        const long long *data = img->data;
        vu row = (vu)visplat(img->row_stride), four = (vu)visplat(4);
        vu r0 = (vu)j0 * row + (vu)i0 * four, r1 = (vu)j1 * row + (vu)i0 * four;
        pair_row(data, r0, t00, t10);
        pair_row(data, r1, t01, t11);
    } else
#endif
    {
        tap8(sp, img, edge, i0, j0, t00);
        tap8(sp, img, edge, i1, j0, t10);
        tap8(sp, img, edge, i0, j1, t01);
        tap8(sp, img, edge, i1, j1, t11);
    }
#pragma GCC unroll 4
    for (int q = 0; q < 4; q++)
        o[q] = w00 * t00[q] + w10 * t10[q] + w01 * t01[q] + w11 * t11[q];
}


/* Filters image img (one level of one face) for the lanes of g with one
 * filter: tex_sample.c level_rgba8_2d where the generic sampler takes it
 * (direct: RGBA8 2D-shaped images; rgba8_filter, a vector at a time),
 * else level_sample's general path.
 * s, t: coordinates; k: slice (array layer; 0 otherwise); off: constant
 * texel offsets.  Writes the lanes of g of o. */
static void level_pass(const samp *sp, const tex_image *img, bool linear, uint32_t g,
                       const vf s[NC], const vf t[NC], const vi k[NC], const int off[2],
                       vf o[4][NC])
{
    int pf = img->format == TEX_FMT_RGBA32F ? PF_F32 : sp->srgb ? PF_SRGB8 : PF_RGBA8;
    bool direct = sp->fast2d && img->format == TEX_FMT_RGBA8;
    if (direct) { /* vector by vector, those with lanes of g only */
        bool edge = rgba8_edge(sp, linear);
#pragma GCC unroll 8
        FOR_C {
            vi m = vmask(g, c);
            if (!vbits(m, c))
                continue;
            vf oc[4];
            rgba8_filter(sp, img, linear, edge, sp->wrap[0], sp->wrap[1], s[c], t[c], (float)off[0],
                         (float)off[1], oc);
#pragma GCC unroll 4
            for (int q = 0; q < 4; q++)
                o[q][c] = vsel(m, oc[q], o[q][c]);
        }
        return;
    }
    int w = img->width, h = img->height;
    float fw = (float)w, fh = (float)h, ou = (float)off[0], ov = (float)off[1];
    vf r[4][NC];
    if (!linear) {
        vi i[NC], j[NC];
        FOR_C {
            /* tex_sample.c to_texels */
            vf u = (sp->normalized ? s[c] * fw : s[c]) + ou;
            vf v = (sp->normalized ? t[c] * fh : t[c]) + ov;
            i[c] = vaxis_nearest(u, w, sp->wrap[0]);
            j[c] = vaxis_nearest(v, h, sp->wrap[1]);
        }
        fetch_tap(sp, img, pf, i, j, k, g, r);
    } else {
        vi i0[NC], i1[NC], j0[NC], j1[NC];
        vf w00[NC], w10[NC], w01[NC], w11[NC];
        vf one = vsplat(1.0f);
        FOR_C {
            vf u = (sp->normalized ? s[c] * fw : s[c]) + ou;
            vf v = (sp->normalized ? t[c] * fh : t[c]) + ov;
            vf a, b;
            vaxis_linear(u, w, sp->wrap[0], &i0[c], &i1[c], &a);
            vaxis_linear(v, h, sp->wrap[1], &j0[c], &j1[c], &b);
            /* GL 2.1 section 3.8.8, LINEAR: (1-a)(1-b) t00 + a(1-b) t10 + (1-a)b t01 +
             * ab t11; level_sample's weights are the same products (1 * x is x) */
            w00[c] = (one - a) * (one - b);
            w10[c] = a * (one - b);
            w01[c] = (one - a) * b;
            w11[c] = a * b;
        }
        vf t00[4][NC], t10[4][NC], t01[4][NC], t11[4][NC];
        fetch_tap(sp, img, pf, i0, j0, k, g, t00);
        fetch_tap(sp, img, pf, i1, j0, k, g, t10);
        fetch_tap(sp, img, pf, i0, j1, k, g, t01);
        fetch_tap(sp, img, pf, i1, j1, k, g, t11);
        for (int q = 0; q < 4; q++) {
            /* level_sample: the taps added to 0 in turn */
            FOR_C {
                vf acc = vsplat(0.0f);
                acc += w00[c] * t00[q][c];
                acc += w10[c] * t10[q][c];
                acc += w01[c] * t01[q][c];
                acc += w11[c] * t11[q][c];
                r[q][c] = acc;
            }
        }
    }
    FOR_C {
        vi m = vmask(g, c);
        for (int q = 0; q < 4; q++)
            o[q][c] = vsel(m, r[q][c], o[q][c]);
    }
}

/* Runs level passes for the lanes of mask, grouped by (face, level,
 * filter): key = face << 5 | level << 1 | linear.  False when an image is
 * not one the passes read (the caller goes generic). */
static bool level_passes(const samp *sp, uint32_t mask, const vi key[NC], const vf s[NC],
                         const vf t[NC], const vi k[NC], const int off[2], vf o[4][NC])
{
    const tex_object *tx = sp->t;
    while (mask) {
        int kk = LANE(key, __builtin_ctz(mask));
        uint32_t g = 0;
        vi vk = visplat(kk);
        FOR_C g |= vbits(key[c] == vk, c);
        g &= mask;
        mask &= ~g;
        const tex_image *img = &tx->image[kk >> 5][(kk >> 1) & 15];
        if (!img->data || (img->format != TEX_FMT_RGBA8 && img->format != TEX_FMT_RGBA32F))
            return false;
        level_pass(sp, img, kk & 1, g, s, t, k, off, o);
    }
    return true;
}

/* ---- one RGBA8 image, whole vectors ------------------------------------------------ */

/* The result map (base format, swizzle) of filtered RGBA o, into the
 * lanes of mask of out (vector c). */
TEX_INLINE void store_result(const tex_fast *f, uint32_t mask, int c, const vf o[4], gp_vec *out)
{
    vi m = vmask(mask, c);
    if (!f->post) { /* o as it is, kept in registers */
        if ((mask >> (c * TEX_VW) & ((1u << TEX_VW) - 1)) == (1u << TEX_VW) - 1) {
#pragma GCC unroll 4
            for (int q = 0; q < 4; q++)
                vst(out->c[q], c, o[q]);
            return;
        }
#pragma GCC unroll 4
        for (int q = 0; q < 4; q++)
            vst(out->c[q], c, vsel(m, o[q], vld(out->c[q], c)));
        return;
    }
    vf om[4] = {o[0], o[1], o[2], o[3]}; /* indexed by map: o itself stays in registers */
    for (int q = 0; q < 4; q++) {
        int src = f->map[q];
        vf v = src < 4 ? om[src] : vsplat(src == POST_ONE ? 1.0f : 0.0f);
        vst(out->c[q], c, vsel(m, v, vld(out->c[q], c)));
    }
}

/* Whether req's target is one the kernels take for the unit (the rest of
 * tex_unit_takes is the caller's: a plain lookup). */
static inline bool kernel_target(const tex_fast *f, const gp_tex_request *req)
{
    return req->coord && req->target < 32 && (f->targets >> req->target & 1);
}

/* The lookups of a unit whose every lane reads the base level of one
 * plain 2D RGBA8 image with one filter (no mipmaps, MIN == MAG):
 * rgba8_filter, each vector of lanes from coordinates to
 * out without the passes' bookkeeping.  Lanes outside mask
 * compute too (their indices are inside the image, or tested against it,
 * whatever their coordinates) and are not stored.  lin and wrap are the
 * filter (0 nearest, 1 linear) and the wrap mode of both axes where the
 * caller fixes them (compiled with those constants), else -1: the
 * sampler's. */
TEX_INLINE bool one_rgba8_with(const tex_fast *f, const gp_tex_request *req, uint32_t mask,
                               gp_vec *out, int lin, int wrap)
{
    const samp *sp = &f->sp;
    const tex_image *img = &sp->t->image[0][sp->base];
    if (!kernel_target(f, req) || !img->data || img->format != TEX_FMT_RGBA8)
        return false;
    bool linear = lin < 0 ? sp->mag_linear : lin;
    int ws = wrap < 0 ? sp->wrap[0] : wrap, wt = wrap < 0 ? sp->wrap[1] : wrap;
    bool edge = wrap < 0 ? rgba8_edge(sp, linear) : false;
    const gp_vec *cv = req->coord;
    float ou = (float)req->offset[0], ov = (float)req->offset[1];
#pragma GCC unroll 8
    FOR_C {
        /* the kernel's coordinates: s, t; divided by q for TXP */
        vf s = vld(cv->c[0], c), t = vld(cv->c[1], c);
        if (req->op == GP_TEXOP_TXP) {
            vf iw = vsplat(1.0f) / vld(cv->c[3], c);
            s *= iw;
            t *= iw;
        }
        vf o[4];
        rgba8_filter(sp, img, linear, edge, ws, wt, s, t, ou, ov, o);
        store_result(f, mask, c, o, out);
    }
    return true;
}

/* one_rgba8_with for every one_rgba8 unit, and for the common cases with
 * the filter and the wrap mode fixed: nearest or linear, REPEAT or
 * CLAMP_TO_EDGE on both axes (where no texel is outside the image).
 * Nearest CLAMP clamps as CLAMP_TO_EDGE (vaxis_nearest): it takes the
 * CLAMP_TO_EDGE function. */
static bool one_rgba8(const void *f, const gp_tex_request *req, uint32_t mask, gp_vec *out)
{
    return one_rgba8_with(f, req, mask, out, -1, -1);
}
#define ONE_RGBA8_FIXED(NAME, LIN, WRAP)                                                      \
    static bool NAME(const void *f, const gp_tex_request *req, uint32_t mask, gp_vec *out)    \
    {                                                                                         \
        return one_rgba8_with(f, req, mask, out, LIN, WRAP);                                  \
    }
ONE_RGBA8_FIXED(one_nearest_repeat, 0, W_REPEAT)
ONE_RGBA8_FIXED(one_nearest_edge, 0, W_EDGE)
ONE_RGBA8_FIXED(one_linear_repeat, 1, W_REPEAT)
ONE_RGBA8_FIXED(one_linear_edge, 1, W_EDGE)

/* ---- the kernel ---------------------------------------------------------------------- */

/* tex_sample.c lanes_lambda for TEX, TXP, TXB, TXL on f's targets into
 * lam.  ln: s, t, r and the faces (cube maps) of every lane; w: the
 * coordinate's w. */
static void lambda_of(const tex_fast *f, const gp_tex_request *req, lanes *ln, const vf w[NC],
                      vf lam[NC])
{
    const samp *sp = &f->sp;
    vf base[NC];
    FOR_C base[c] = vsplat(0.0f);
    if (req->op == GP_TEXOP_TXL) {
        FOR_C base[c] = w[c];
    } else if (req->quad_derivatives && sp->cube) {
        /* per lane, on its own face; the lanes of a quad on one face share
         * one value (tex_quad_lambda_base depends on the quad and face only) */
        for (int q = 0; q < NL / 4; q++) {
            int done_face = -1;
            float done = 0.0f;
            for (int l = 4 * q; l < 4 * q + 4; l++) {
                if (!(req->lane_mask & (1u << l)))
                    continue;
                if (ln->face[l] != done_face) {
                    done_face = ln->face[l];
                    done = tex_quad_lambda_base(sp, req, ln, q, done_face, ln);
                }
                LANE(base, l) = done;
            }
        }
    } else if (req->quad_derivatives) {
        for (int q = 0; q < NL / 4; q++) {
            float lb = (req->lane_mask >> (4 * q)) & 0xfu
                           ? tex_quad_lambda_base(sp, req, ln, q, 0, ln)
                           : 0.0f;
            for (int l = 4 * q; l < 4 * q + 4; l++)
                LANE(base, l) = lb;
        }
    }
    bool txb = req->op == GP_TEXOP_TXB;
    vf b0 = vsplat(sp->bias), zero = vsplat(0.0f);
    vf lo = vsplat(sp->min_lod), hi = vsplat(sp->max_lod);
    FOR_C {
        vf bias = b0 + (txb ? w[c] : zero);
        bias = vclamp(bias, -TEX_MAX_LOD_BIAS, TEX_MAX_LOD_BIAS);
        vf lp = base[c] + bias;
        /* a NaN lambda' (degenerate partials) takes MIN_LOD */
        lp = vsel(lp > lo, lp, lo);
        lam[c] = vsel(lp < hi, lp, hi);
    }
}

/* The lookup of req (TEX, TXP, TXB, TXL; tex_unit_takes) for the lanes of
 * mask into out.  False when it cannot be done here (nothing written). */
static bool KERNEL(const void *self, const gp_tex_request *req, uint32_t mask, gp_vec *out)
{
    const tex_fast *f = self;
    if (!kernel_target(f, req))
        return false;
    const samp *sp = &f->sp;
    const gp_vec *cv = req->coord;
    vf x[NC], y[NC], z[NC], w[NC], s[NC], t[NC];
    vi face[NC], layer[NC];
    FOR_C {
        x[c] = vld(cv->c[0], c);
        y[c] = vld(cv->c[1], c);
        z[c] = vld(cv->c[2], c);
        w[c] = vld(cv->c[3], c);
    }
    lanes ln;
    /* tex_sample.c lanes_coords */
    if (req->op == GP_TEXOP_TXP) {
        /* ARB_fragment_program 3.11.6.2: s, t, r divided by q */
        vf one = vsplat(1.0f);
        FOR_C {
            vf iw = one / w[c];
            x[c] *= iw;
            y[c] *= iw;
            z[c] *= iw;
        }
    }
    FOR_C {
        s[c] = x[c];
        t[c] = y[c];
        face[c] = layer[c] = visplat(0);
    }
    if (sp->cube) {
        for (int l = 0; l < NL; l++) {
            const float v[3] = {LANE(x, l), LANE(y, l), LANE(z, l)};
            int fc = cube_face(v[0], v[1], v[2]);
            float fs, ft;
            cube_st(fc, v, &fs, &ft);
            LANE(face, l) = fc;
            ln.face[l] = fc;
            LANE(s, l) = fs;
            LANE(t, l) = ft;
        }
    } else if (sp->layer_dim == 2) {
        /* NV_gpu_program4 section 2.X.4.4: round, clamp to [0, layers-1] */
        vi top = visplat(f->layers - 1);
        FOR_C {
            vi i = vifloor(vclamp(z[c], 0.0f, (float)f->layers) + 0.5f);
            layer[c] = visel(i > top, top, i);
        }
    }

    int off[2] = {0, 0};
    if (!sp->cube) {
        off[0] = req->offset[0];
        off[1] = req->offset[1];
    }

    /* tex_sample.c lane_sample: the level(s) and filter of every lane */
    vi linear[NC], level[NC], level2[NC];
    vf frac[NC];
    uint32_t two = 0; /* lanes that blend a second level */
    vi magl = visplat(sp->mag_linear), minl = visplat(sp->min_linear);
    vi vbase = visplat(sp->base), vq = visplat(sp->q);
    if (!f->need_lambda) {
        FOR_C {
            linear[c] = magl; /* one filter, one level, whatever lambda is */
            level[c] = vbase;
        }
    } else {
        vf lam[NC];
        memcpy(ln.s, s, sizeof ln.s);
        memcpy(ln.t, t, sizeof ln.t);
        memcpy(ln.r, z, sizeof ln.r);
        lambda_of(f, req, &ln, w, lam);
        vf vc = vsplat(sp->c), half = vsplat(0.5f), big = vsplat(64.0f), zero = vsplat(0.0f);
        FOR_C {
            vi mag = lam[c] <= vc;
            linear[c] = visel(mag, magl, minl);
            level[c] = vbase;
            if (sp->mip == MIP_NEAREST) {
                /* d = base if lambda <= 1/2, else base + ceil(lambda + 1/2) - 1, at most q */
                vi up = ~mag & (lam[c] > half);
                vf lc = vsel(lam[c] < big, lam[c], big);
                lc = vsel(up, lc, vsplat(1.0f)); /* other lanes: any value in int range */
                vi d = vbase - vifloor(-(lc + half)) - 1;
                d = visel(d > vq, vq, d);
                level[c] = visel(up, d, vbase);
            } else if (sp->mip == MIP_LINEAR) {
                /* d1 = base + floor(lambda), d2 = d1 + 1, both at most q; blend by frac */
                vf lc = vsel(lam[c] < big, lam[c], big);
                lc = vsel(mag, zero, lc); /* lambda > c = 0 where minifying */
                vi fl = vifloor(lc);
                vi d1 = vbase + fl;
                vi top = d1 >= vq;
                level[c] = visel(mag, vbase, visel(top, vq, d1));
                frac[c] = lc - vtofloat(fl);
                two |= vbits(~mag & ~top & (frac[c] > zero), c);
                level2[c] = level[c] + 1;
            }
        }
        two &= mask;
    }

    vf o[4][NC];
    vi key[NC];
    FOR_C key[c] = face[c] << 5 | level[c] << 1 | (linear[c] & 1);
    if (!level_passes(sp, mask, key, s, t, layer, off, o))
        return false;
    if (two) {
        vf o2[4][NC];
        FOR_C key[c] = face[c] << 5 | level2[c] << 1 | (linear[c] & 1);
        if (!level_passes(sp, two, key, s, t, layer, off, o2))
            return false;
        vf one = vsplat(1.0f);
        FOR_C {
            vi m = vmask(two, c);
            for (int q = 0; q < 4; q++)
                o[q][c] = vsel(m, (one - frac[c]) * o[q][c] + frac[c] * o2[q][c], o[q][c]);
        }
    }

    FOR_C {
        vf oc[4] = {o[0][c], o[1][c], o[2][c], o[3][c]};
        store_result(f, mask, c, oc, out);
    }
    return true;
}

const tex_kernels KERNELS = {
    KERNEL, one_rgba8, {{one_nearest_repeat, one_nearest_edge}, {one_linear_repeat, one_linear_edge}},
};

/* ---- preparing and dispatching ---------------------------------------------------- */
#if !defined(TEX_SIMD_AVX2) && !defined(TEX_SIMD_AVX512)

_Static_assert(sizeof(tex_fast) <= sizeof(((tex_unit_state *)0)->priv),
               "TEX_UNIT_STATE_WORDS too small for tex_fast");

static tex_fast *fast_of(tex_unit_state *u)
{
    return (tex_fast *)(void *)u->priv;
}

static const tex_fast *cfast_of(const tex_unit_state *u)
{
    return (const tex_fast *)(const void *)u->priv;
}

/* The kernels' instruction set, chosen once: the widest the CPU has
 * (AVX-512F, AVX2), unless ASMGL_EXEC_ISA=base asks for the baseline
 * everywhere (as it does for the program interpreter) or
 * ASMGL_EXEC_ISA=avx2 for nothing wider than AVX2.  Every thread makes the
 * same choice. */
static _Atomic(const tex_kernels *) kernels_chosen;

static const tex_kernels *kernels(void)
{
    const tex_kernels *k = atomic_load_explicit(&kernels_chosen, memory_order_relaxed);
    if (k)
        return k;
    k = &tex_kernels_base;
#if TEX_SIMD_HAS_AVX2
    const char *isa = getenv("ASMGL_EXEC_ISA");
    __builtin_cpu_init();
    if (!(isa && strcmp(isa, "base") == 0)) {
        if (__builtin_cpu_supports("avx512f") && !(isa && strcmp(isa, "avx2") == 0))
            k = &tex_kernels_avx512;
        else if (__builtin_cpu_supports("avx2"))
            k = &tex_kernels_avx2;
    }
#endif
    atomic_store_explicit(&kernels_chosen, k, memory_order_relaxed);
    return k;
}

/* ASMGL_TEX_KERNELS=0: every lookup on the generic sampler (read once). */
static _Atomic int kernels_env; /* 0 unread, 1 on, 2 off */

static bool kernels_on(void)
{
    int e = atomic_load_explicit(&kernels_env, memory_order_relaxed);
    if (!e) {
        const char *v = getenv("ASMGL_TEX_KERNELS");
        e = v && strcmp(v, "0") == 0 ? 2 : 1;
        atomic_store_explicit(&kernels_env, e, memory_order_relaxed);
    }
    return e == 1;
}

void tex_unit_prepare(tex_unit_state *u, const tex_object *t, const tex_sampler *so,
                      float unit_lod_bias)
{
    memset(u, 0, sizeof *u);
    u->t = t;
    u->so = so;
    u->lod_bias = unit_lod_bias;
    tex_fast *f = fast_of(u);
    if (!t || !kernels_on())
        return;
    int target;
    switch (t->target) {
    case GL_TEXTURE_2D: target = GP_TEX_2D; break;
    case GL_TEXTURE_RECTANGLE_ARB: target = GP_TEX_RECT; break;
    case GL_TEXTURE_CUBE_MAP: target = GP_TEX_CUBE; break;
    case GL_TEXTURE_2D_ARRAY_EXT: target = GP_TEX_ARRAY2D; break;
    default: return;
    }
    tex_sampler merged;
    const tex_sampler *s = &t->sampler;
    if (so) {
        merged = t->sampler;
        tex_sampler_take_object_state(&merged, so);
        s = &merged;
    }
    gp_tex_request r;
    memset(&r, 0, sizeof r);
    r.op = GP_TEXOP_TEX;
    r.target = (uint8_t)target;
    if (!tex_object_complete_with(t, s) || !tex_samp_setup(&f->sp, t, s, &r, unit_lod_bias))
        goto generic;
    const samp *sp = &f->sp;
    const tex_image *bi = &t->image[0][sp->base];
    if (sp->depth || sp->integer || sp->aniso > 1.0f || sp->dims != 2 || sp->cube_array ||
        (bi->format != TEX_FMT_RGBA8 && bi->format != TEX_FMT_RGBA32F))
        goto generic;
    f->need_lambda = sp->mip != MIP_NONE || sp->mag_linear != sp->min_linear;
    const tex_kernels *ks = kernels();
    f->fn = ks->general;
    if (!f->need_lambda && sp->fast2d && !sp->cube) {
        /* one_rgba8: with the filter and the wrap mode fixed where it can */
        int lin = sp->mag_linear, ws = sp->wrap[0], wt = sp->wrap[1];
        if (!lin) { /* nearest clamps CLAMP as CLAMP_TO_EDGE */
            ws = ws == W_CLAMP ? W_EDGE : ws;
            wt = wt == W_CLAMP ? W_EDGE : wt;
        }
        f->fn = ks->one_any;
        if (ws == wt && (ws == W_REPEAT || ws == W_EDGE))
            f->fn = ks->one[lin][ws == W_EDGE];
    }
    f->post = tex_result_map(t, f->map);
    f->targets = 1u << target;
    f->layers = sp->layer_dim == 2 ? bi->depth : 1;
    f->kernel = true;
    return;
generic:
    /* deterministic bytes for memcmp: nothing but the pointers and bias */
    memset(u->priv, 0, sizeof u->priv);
}

bool tex_unit_takes(const tex_unit_state *u, const gp_tex_request *req)
{
    const tex_fast *f = cfast_of(u);
    if (!f->kernel || req->offset_reg || req->bindless || !kernel_target(f, req))
        return false;
    switch (req->op) {
    case GP_TEXOP_TEX:
    case GP_TEXOP_TXP:
    case GP_TEXOP_TXB:
    case GP_TEXOP_TXL: return true;
    default: return false;
    }
}

void tex_unit_sample(const tex_unit_state *u, const gp_tex_request *req, gp_vec *out)
{
    uint32_t mask = req->lane_mask & (uint32_t)((1ull << NL) - 1);
    if (tex_unit_takes(u, req)) {
        if (!mask || cfast_of(u)->fn(cfast_of(u), req, mask, out))
            return;
    }
    tex_sample_generic(u->t, u->so, req, u->lod_bias, out);
}

gp_tex_direct tex_unit_direct(const tex_unit_state *u)
{
    const tex_fast *f = cfast_of(u);
    return (gp_tex_direct){f->kernel ? f->fn : NULL, f};
}

void tex_sample(const tex_object *t, const gp_tex_request *req, float unit_lod_bias,
                gp_vec *out)
{
    tex_sample_with(t, NULL, req, unit_lod_bias, out);
}

void tex_sample_with(const tex_object *t, const tex_sampler *so, const gp_tex_request *req,
                     float unit_lod_bias, gp_vec *out)
{
    tex_unit_state u;
    tex_unit_prepare(&u, t, so, unit_lod_bias);
    tex_unit_sample(&u, req, out);
}

#endif /* the baseline build */
