/*
 * gp_vmath.c - the executor's transcendental functions (gp_vmath.h), one
 * implementation for every backend.
 *
 * Range reduction and polynomials on lane vectors (GCC/Clang vector
 * extensions), no library calls: glibc's exp2f, sinf, powf... pick FMA
 * variants at run time on some CPUs, so they cannot promise the same bits
 * everywhere.  Only +, -, *, /, compares, conversions and integer bit
 * operations are used, each a correctly rounded IEEE operation in a fixed
 * order (the build has -ffp-contract=off and no FMA), so every vector width
 * gives the same bits: this file is compiled for the baseline (4-lane SSE2
 * vectors) and again by gp_vmath_avx2.c (8 lanes, GP_VM_VARIANT), and the
 * entry points call the widest one the CPU runs.
 *
 * Precision (measured by glprog/tests/test_vmath.c against double
 * references):
 *   EX2       single precision Taylor polynomial: within 1.2 ulp, under
 *             the 22 bits of NV_vertex_program2 2.14.3.13 (2 ulp: the bound
 *             is 2^-22 * 2^floor(x)); ARB_vertex_program ("no specific
 *             treatment ... for EX2/LG2", its precision question (28)) and
 *             ARB_fragment_program give no bound of their own.  EX2 of an
 *             integer is exact.
 *   LG2       evaluated in double, rounded once: within 0.5 ulp and so
 *             under 2.14.3.17's 2^-22 wherever a float can hold it (|result|
 *             < 4); LG2 of a power of two is exact.
 *   SIN, COS  reduced by pi/2 (exactly enough for every float: Payne and
 *             Hanek's method past 2^19) and evaluated in double, then
 *             rounded once: within 0.5 ulp, correctly rounded but for rare
 *             near-halfway cases, over the whole float range
 *             (NV_vertex_program2 2.14.3.8 and 2.14.3.33 ask for 2^-22
 *             absolute on [0, 2*PI] and let the error grow outside).
 *   POW       log2 and exp2 in double, or binary powering in double for
 *             an integer exponent up to 64, rounded once: the correctly
 *             rounded result but for rare near-halfway cases, so exact
 *             results stay exact (9 = 3^2, (-2)^3 = -8) where
 *             ApproxExp2(b * ApproxLog2(a)) of 2.14.5.20 would not be.
 */
#include <stdint.h>
#include <string.h>

#include "gp_vmath.h"

/* Vectors of one register: GP_VM_VW floats, or GP_VM_VW / 2 doubles (the
 * double paths run on the low and the high half of a float vector:
 * wider double vectors are split by the compiler one lane at a time for
 * compares). */
#ifndef GP_VM_VARIANT
#define GP_VM_VW 4 /* SSE2 */
#define GP_VM_NAME(n) n##_base
#define LO_HALF 0, 1
#define HI_HALF 2, 3
#define ALL 0, 1, 2, 3
#else
#define GP_VM_VW 8 /* AVX2 */
#define GP_VM_NAME(n) n##_avx2
#define LO_HALF 0, 1, 2, 3
#define HI_HALF 4, 5, 6, 7
#define ALL 0, 1, 2, 3, 4, 5, 6, 7
#endif

typedef float vf __attribute__((vector_size(GP_VM_VW * 4)));
typedef int32_t vi __attribute__((vector_size(GP_VM_VW * 4)));
typedef float vh __attribute__((vector_size(GP_VM_VW * 2)));
typedef double vd __attribute__((vector_size(GP_VM_VW * 4)));
typedef int64_t vl __attribute__((vector_size(GP_VM_VW * 4)));
typedef uint64_t vu __attribute__((vector_size(GP_VM_VW * 4)));

_Static_assert(GP_LANES % GP_VM_VW == 0, "a task's lanes are whole vectors");

/* The helpers take and return vectors wider than the baseline's
 * registers: always inlined, so no call passes them (and GCC's -Wpsabi
 * note about such calls does not apply). */
#define VM_INLINE static inline __attribute__((always_inline))
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wpsabi"
#endif

VM_INLINE vf ld(const float *p)
{
    vf v;
    memcpy(&v, p, sizeof v);
    return v;
}

VM_INLINE void st(float *p, vf v)
{
    memcpy(p, &v, sizeof v);
}

/* m ? a : b, m a compare's mask (-1 or 0 per lane). */
VM_INLINE vf self(vi m, vf a, vf b)
{
    return (vf)((m & (vi)a) | (~m & (vi)b));
}

VM_INLINE vd seld(vl m, vd a, vd b)
{
    return (vd)((m & (vl)a) | (~m & (vl)b));
}

#define SPLAT(v, k) ((v){0} + (k))

/* ---- 2^x, single precision ------------------------------------------ */

/* x = n + f, n = round(x) (the 1.5 * 2^23 addition; exact, |x| <= 160 after
 * the clamp), f in [-0.5, 0.5] exactly; 2^f from its Taylor series to f^7
 * (truncation below 6e-9 relative), 1 + f*q last so f = 0 gives exactly 1;
 * times 2^n as two powers of two, 2^(n >> 1) and 2^(n - (n >> 1)), both
 * normal: the first product is exact and the second rounds once, also
 * into the denormals.  Beyond the clamp, +-INF in, the result is INF or
 * +0 all the same; NaN is returned quieted. */
VM_INLINE vf ex2_f(vf x)
{
    const float magic = 12582912.0f; /* 1.5 * 2^23 */
    vf xc = self(x > 130.0f, SPLAT(vf, 130.0f), x);
    xc = self(xc < -160.0f, SPLAT(vf, -160.0f), xc);
    vf t = xc + magic;
    vf n = t - magic;
    vf f = xc - n;
    vi ni = (vi)t - (vi)SPLAT(vf, magic);
    vf q = SPLAT(vf, 1.5252733804059841e-05f);
    q = q * f + 1.540353039338161e-04f;
    q = q * f + 1.3333558146428443e-03f;
    q = q * f + 9.618129107628477e-03f;
    q = q * f + 5.550410866482158e-02f;
    q = q * f + 2.4022650695910072e-01f;
    q = q * f + 6.931471805599453e-01f;
    vf p = 1.0f + f * q;
    vi n1 = ni >> 1, n2 = ni - n1;
    vf r = p * (vf)((n1 + 127) << 23) * (vf)((n2 + 127) << 23);
    return self(x != x, x + x, r);
}

/* ---- double-precision helpers for SIN, COS and POW ------------------- */

/* A float vector's low and high halves widened, and two double halves
 * rounded back into one float vector: CVTPS2PD / CVTPD2PS where the
 * target has them (GCC makes scalar conversions of the generic form). */
#if GP_VM_VW == 8 && defined(__AVX__)
#include <immintrin.h>
VM_INLINE vd lo_d(vf x)
{
    return (vd)_mm256_cvtps_pd(_mm256_castps256_ps128((__m256)x));
}

VM_INLINE vd hi_d(vf x)
{
    return (vd)_mm256_cvtps_pd(_mm256_extractf128_ps((__m256)x, 1));
}

VM_INLINE vf join_f(vd lo, vd hi)
{
    return (vf)_mm256_set_m128(_mm256_cvtpd_ps((__m256d)hi), _mm256_cvtpd_ps((__m256d)lo));
}
#elif GP_VM_VW == 4 && defined(__SSE2__)
#include <emmintrin.h>
VM_INLINE vd lo_d(vf x)
{
    return (vd)_mm_cvtps_pd((__m128)x);
}

VM_INLINE vd hi_d(vf x)
{
    return (vd)_mm_cvtps_pd(_mm_movehl_ps((__m128)x, (__m128)x));
}

VM_INLINE vf join_f(vd lo, vd hi)
{
    return (vf)_mm_movelh_ps(_mm_cvtpd_ps((__m128d)lo), _mm_cvtpd_ps((__m128d)hi));
}
#else
VM_INLINE vd lo_d(vf x)
{
    return __builtin_convertvector(__builtin_shufflevector(x, x, LO_HALF), vd);
}

VM_INLINE vd hi_d(vf x)
{
    return __builtin_convertvector(__builtin_shufflevector(x, x, HI_HALF), vd);
}

VM_INLINE vf join_f(vd lo, vd hi)
{
    vh l = __builtin_convertvector(lo, vh), h = __builtin_convertvector(hi, vh);
    return __builtin_shufflevector(l, h, ALL);
}
#endif

/* whether any lane of a mask is set */
VM_INLINE int any(vi m)
{
#if GP_VM_VW == 8 && defined(__AVX__)
    return _mm256_movemask_ps((__m256)m) != 0;
#elif GP_VM_VW == 4 && defined(__SSE2__)
    return _mm_movemask_ps((__m128)m) != 0;
#else
    int r = 0;
    for (int j = 0; j < GP_VM_VW; j++)
        r |= m[j];
    return r != 0;
#endif
}

VM_INLINE int any_l(vl m)
{
#if GP_VM_VW == 8 && defined(__AVX__)
    return _mm256_movemask_pd((__m256d)m) != 0;
#elif GP_VM_VW == 4 && defined(__SSE2__)
    return _mm_movemask_pd((__m128d)m) != 0;
#else
    int r = 0;
    for (int j = 0; j < GP_VM_VW / 2; j++)
        r |= m[j] != 0;
    return r;
#endif
}

/* 2^y for y in double: clamped to [-200, 200] (beyond, the float result is
 * 0 or INF anyway; NaN passes), y = n + f as in ex2_f, 2^f to f^9
 * (truncation below 7e-12 relative: a float result rounds correctly but
 * within 1e-4 ulp of a halfway point), times 2^n built in the
 * exponent. */
VM_INLINE vd ex2_d(vd y)
{
    const double magic = 6755399441055744.0; /* 1.5 * 2^52 */
    vd yc = seld(y > 200.0, SPLAT(vd, 200.0), y);
    yc = seld(yc < -200.0, SPLAT(vd, -200.0), yc);
    vd t = yc + magic;
    vd n = t - magic;
    vd f = yc - n;
    vl ni = (vl)t - (vl)SPLAT(vd, magic);
    /* q = c1 + c2 f + ... + c9 f^8 by Estrin's scheme (shorter chains
     * than Horner's; the order is fixed, so the bits are too) */
    vd f2 = f * f, f4 = f2 * f2;
    vd q01 = 6.931471805599453e-01 + f * 2.4022650695910072e-01;
    vd q23 = 5.550410866482158e-02 + f * 9.618129107628477e-03;
    vd q45 = 1.3333558146428443e-03 + f * 1.540353039338161e-04;
    vd q67 = 1.5252733804059841e-05 + f * 1.321548679014431e-06;
    vd q03 = q01 + f2 * q23;
    vd q47 = q45 + f2 * q67;
    vd q = q03 + f4 * (q47 + f4 * 1.01780860092397e-07);
    vd p = 1.0 + f * q;
    return p * (vd)((ni + 1023) << 52);
}

/* log2 x for x > 0 finite (a float widened: always normal in double):
 * x = m * 2^e with m in [sqrt(1/2), sqrt(2)); ln m = 2 atanh(s),
 * s = (m-1)/(m+1), |s| < 0.1716, to s^13 (truncation below 2e-12
 * relative, so 2e-10 in POW's b * log2 a up to 150); log2 x = e + ln m / ln 2. */
VM_INLINE vd lg2_d(vd x)
{
    /* neither SSE2 nor AVX2 has 64-bit arithmetic shifts or int64 to
     * double conversions: the exponent is taken biased (positive: x >=
     * 2^-149) with a logical shift, and made a double with 1.5 * 2^52 + e. */
    vl ib = (vl)x;
    vl eb = (vl)((vu)(ib - 0x3fe6a09e667f3bcdLL + 0x3ff0000000000000LL) >> 52); /* sqrt(1/2) */
    vd m = (vd)(ib - ((eb - 1023) << 52));
    vd ef = (vd)(eb + (0x4338000000000000LL - 1023)) - 6755399441055744.0; /* 1.5 * 2^52 */
    vd u = m - 1.0;
    vd s = u / (m + 1.0);
    vd z = s * s;
    vd z2 = z * z;
    vd q = (1.0 / 3.0 + z * (1.0 / 5.0)) + z2 * ((1.0 / 7.0 + z * (1.0 / 9.0)) +
                                                  z2 * (1.0 / 11.0 + z * (1.0 / 13.0)));
    vd ln = s + s * z * q;
    return ef + ln * 2.8853900817779268;
}

/* ---- log2 x ---------------------------------------------------------- */

/* lg2_d on the float widened (denormals are normal doubles), rounded once
 * (the same series in single precision reached 3 ulp).  m = 1
 * gives s = 0 and e exactly.  Special values (NV_vertex_program2
 * 2.14.3.17, the DXIL Log table): +-0 -> -INF, negative (and -INF) -> NaN,
 * +INF -> +INF, NaN quieted. */
VM_INLINE vf lg2_f(vf x)
{
    vi fin = (x > 0.0f) & (x < __builtin_inff());
    vf xf = self(fin, x, SPLAT(vf, 1.0f));
    vf r = join_f(lg2_d(lo_d(xf)), lg2_d(hi_d(xf)));
    r = self(x == __builtin_inff(), x, r);
    r = self(x < 0.0f, SPLAT(vf, __builtin_nanf("")), r);
    r = self(x == 0.0f, SPLAT(vf, -__builtin_inff()), r);
    return self(x != x, x + x, r);
}

#if !defined(GP_VM_VARIANT)
/* 2/pi * 2^e mod 4 for e = -4 ... 104 (the exponents of the floats
 * 2^19 <= |x| < 2^128 as x = M * 2^e, M an integer of 24 bits), in fixed
 * point chunks: bits of weight 2^1 to 2^-22, 2^-23 to 2^-46, 2^-47 to
 * 2^-75, and the rest rounded to double.  M times each of the first three
 * is exact in double.  From 2/pi to 220 bits (Machin's formula). */
static const double pio2_inv_tab[109][4] = { /* row e + 4 */
    {0x1.45f3000000000p-5, 0x1.b727200000000p-27, 0x1.054a7f0000000p-50, 0x1.3abe8fa9a6ee0p-79},
    {0x1.45f3000000000p-4, 0x1.b727200000000p-26, 0x1.054a7f0000000p-49, 0x1.3abe8fa9a6ee0p-78},
    {0x1.45f3000000000p-3, 0x1.b727200000000p-25, 0x1.054a7f0000000p-48, 0x1.3abe8fa9a6ee0p-77},
    {0x1.45f3000000000p-2, 0x1.b727200000000p-24, 0x1.054a7f0000000p-47, 0x1.3abe8fa9a6ee0p-76},
    {0x1.45f3000000000p-1, 0x1.b727220000000p-23, 0x1.529fc20000000p-52, 0x1.d5f47d4d37703p-78},
    {0x1.45f3040000000p+0, 0x1.6e4e440000000p-23, 0x1.529fc20000000p-51, 0x1.d5f47d4d37703p-77},
    {0x1.45f3060000000p+1, 0x1.b939100000000p-24, 0x1.529fc20000000p-50, 0x1.d5f47d4d37703p-76},
    {0x1.17cc180000000p+0, 0x1.b939100000000p-23, 0x1.529fc24000000p-49, 0x1.abe8fa9a6ee07p-76},
    {0x1.17cc1a0000000p+1, 0x1.7272200000000p-23, 0x1.529fc26000000p-48, 0x1.57d1f534ddc0ep-76},
    {0x1.7cc1b00000000p-2, 0x1.c9c8800000000p-24, 0x1.529fc27000000p-47, 0x1.5f47d4d377037p-77},
    {0x1.7cc1b00000000p-1, 0x1.c9c8820000000p-23, 0x1.4a7f09c000000p-48, 0x1.5f47d4d377037p-76},
    {0x1.7cc1b40000000p+0, 0x1.9391040000000p-23, 0x1.4a7f09d000000p-47, 0x1.7d1f534ddc0dbp-77},
    {0x1.7cc1b60000000p+1, 0x1.27220a0000000p-23, 0x1.29fc274000000p-48, 0x1.7d1f534ddc0dbp-76},
    {0x1.f306dc0000000p+0, 0x1.3910500000000p-25, 0x1.29fc275000000p-47, 0x1.f47d4d377036ep-77},
    {0x1.f306dc0000000p+1, 0x1.3910540000000p-24, 0x1.4fe13a8000000p-49, 0x1.f47d4d377036ep-76},
    {0x1.e60db80000000p+1, 0x1.3910540000000p-23, 0x1.4fe13aa000000p-48, 0x1.e8fa9a6ee06dbp-76},
    {0x1.cc1b720000000p+1, 0x1.c882a00000000p-25, 0x1.4fe13ab000000p-47, 0x1.d1f534ddc0db6p-76},
    {0x1.9836e40000000p+1, 0x1.c882a40000000p-24, 0x1.3f84eae000000p-48, 0x1.a3ea69bb81b6cp-76},
    {0x1.306dc80000000p+1, 0x1.c882a40000000p-23, 0x1.3f84eaf000000p-47, 0x1.47d4d377036d9p-76},
    {0x1.836e480000000p-1, 0x1.91054a0000000p-23, 0x1.fc2757c000000p-49, 0x1.1f534ddc0db63p-77},
    {0x1.836e4c0000000p+0, 0x1.220a940000000p-23, 0x1.fc2757c000000p-48, 0x1.1f534ddc0db63p-76},
    {0x1.836e4e0000000p+1, 0x1.1054a00000000p-25, 0x1.fc2757d000000p-47, 0x1.f534ddc0db629p-79},
    {0x1.06dc9c0000000p+1, 0x1.1054a40000000p-24, 0x1.f84eafa000000p-47, 0x1.f534ddc0db629p-78},
    {0x1.b727000000000p-4, 0x1.1054a60000000p-23, 0x1.f09d5f4000000p-47, 0x1.f534ddc0db629p-77},
    {0x1.b727200000000p-3, 0x1.054a700000000p-26, 0x1.e13abe8000000p-47, 0x1.f534ddc0db629p-76},
    {0x1.b727200000000p-2, 0x1.054a780000000p-25, 0x1.c2757d1000000p-47, 0x1.ea69bb81b6c53p-76},
    {0x1.b727200000000p-1, 0x1.054a7c0000000p-24, 0x1.84eafa3000000p-47, 0x1.d4d377036d8a5p-76},
    {0x1.b727200000000p+0, 0x1.054a7e0000000p-23, 0x1.09d5f47000000p-47, 0x1.a9a6ee06db14bp-76},
    {0x1.b727220000000p+1, 0x1.529fc00000000p-28, 0x1.3abe8f0000000p-51, 0x1.534ddc0db6296p-76},
    {0x1.6e4e440000000p+1, 0x1.529fc00000000p-27, 0x1.3abe8f8000000p-50, 0x1.4d377036d8a56p-77},
    {0x1.b939100000000p+0, 0x1.529fc00000000p-26, 0x1.3abe8f8000000p-49, 0x1.4d377036d8a56p-76},
    {0x1.b939100000000p+1, 0x1.529fc00000000p-25, 0x1.3abe8fa000000p-48, 0x1.34ddc0db6295ap-77},
    {0x1.7272200000000p+1, 0x1.529fc00000000p-24, 0x1.3abe8fa000000p-47, 0x1.34ddc0db6295ap-76},
    {0x1.c9c8800000000p+0, 0x1.529fc20000000p-23, 0x1.d5f47d4000000p-49, 0x1.a6ee06db14acdp-78},
    {0x1.c9c8820000000p+1, 0x1.4a7f080000000p-24, 0x1.d5f47d4000000p-48, 0x1.a6ee06db14acdp-77},
    {0x1.9391040000000p+1, 0x1.4a7f080000000p-23, 0x1.d5f47d4000000p-47, 0x1.a6ee06db14acdp-76},
    {0x1.27220a0000000p+1, 0x1.29fc240000000p-24, 0x1.abe8fa9000000p-47, 0x1.4ddc0db629599p-76},
    {0x1.3910500000000p-1, 0x1.29fc260000000p-23, 0x1.57d1f53000000p-47, 0x1.377036d8a5665p-77},
    {0x1.3910540000000p+0, 0x1.4fe1380000000p-25, 0x1.5f47d4c000000p-48, 0x1.377036d8a5665p-76},
    {0x1.3910540000000p+1, 0x1.4fe1380000000p-24, 0x1.5f47d4d000000p-47, 0x1.bb81b6c52b328p-78},
    {0x1.c882a00000000p-1, 0x1.4fe13a0000000p-23, 0x1.7d1f534000000p-48, 0x1.bb81b6c52b328p-77},
    {0x1.c882a40000000p+0, 0x1.3f84e80000000p-24, 0x1.7d1f534000000p-47, 0x1.bb81b6c52b328p-76},
    {0x1.c882a40000000p+1, 0x1.3f84ea0000000p-23, 0x1.f47d4d2000000p-48, 0x1.77036d8a5664fp-76},
    {0x1.91054a0000000p+1, 0x1.fc27500000000p-25, 0x1.f47d4d3000000p-47, 0x1.dc0db6295993cp-77},
    {0x1.220a940000000p+1, 0x1.fc27540000000p-24, 0x1.e8fa9a6000000p-47, 0x1.dc0db6295993cp-76},
    {0x1.1054a00000000p-1, 0x1.fc27560000000p-23, 0x1.d1f534d000000p-47, 0x1.b81b6c52b3279p-76},
    {0x1.1054a40000000p+0, 0x1.f84eae0000000p-23, 0x1.a3ea69b000000p-47, 0x1.7036d8a5664f1p-76},
    {0x1.1054a60000000p+1, 0x1.f09d5e0000000p-23, 0x1.47d4d37000000p-47, 0x1.c0db6295993c4p-77},
    {0x1.054a700000000p-2, 0x1.e13abe0000000p-23, 0x1.1f534dc000000p-48, 0x1.c0db6295993c4p-76},
    {0x1.054a780000000p-1, 0x1.c2757c0000000p-23, 0x1.1f534dd000000p-47, 0x1.81b6c52b32788p-76},
    {0x1.054a7c0000000p+0, 0x1.84eafa0000000p-23, 0x1.f534dd8000000p-50, 0x1.036d8a5664f11p-76},
    {0x1.054a7e0000000p+1, 0x1.09d5f40000000p-23, 0x1.f534ddc000000p-49, 0x1.b6c52b3278872p-82},
    {0x1.529fc00000000p-4, 0x1.3abe800000000p-27, 0x1.f534ddc000000p-48, 0x1.b6c52b3278872p-81},
    {0x1.529fc00000000p-3, 0x1.3abe800000000p-26, 0x1.f534ddc000000p-47, 0x1.b6c52b3278872p-80},
    {0x1.529fc00000000p-2, 0x1.3abe880000000p-25, 0x1.ea69bb8000000p-47, 0x1.b6c52b3278872p-79},
    {0x1.529fc00000000p-1, 0x1.3abe8c0000000p-24, 0x1.d4d3770000000p-47, 0x1.b6c52b3278872p-78},
    {0x1.529fc00000000p+0, 0x1.3abe8e0000000p-23, 0x1.a9a6ee0000000p-47, 0x1.b6c52b3278872p-77},
    {0x1.529fc20000000p+1, 0x1.d5f4780000000p-25, 0x1.534ddc0000000p-47, 0x1.b6c52b3278872p-76},
    {0x1.4a7f080000000p+0, 0x1.d5f47c0000000p-24, 0x1.4d37702000000p-48, 0x1.6d8a5664f10e4p-76},
    {0x1.4a7f080000000p+1, 0x1.d5f47c0000000p-23, 0x1.4d37703000000p-47, 0x1.b6295993c4390p-77},
    {0x1.29fc240000000p+0, 0x1.abe8fa0000000p-23, 0x1.34ddc0c000000p-48, 0x1.b6295993c4390p-76},
    {0x1.29fc260000000p+1, 0x1.57d1f40000000p-23, 0x1.34ddc0d000000p-47, 0x1.6c52b32788721p-76},
    {0x1.4fe1380000000p-1, 0x1.5f47d40000000p-24, 0x1.a6ee06c000000p-49, 0x1.b14acc9e21c82p-77},
    {0x1.4fe1380000000p+0, 0x1.5f47d40000000p-23, 0x1.a6ee06c000000p-48, 0x1.b14acc9e21c82p-76},
    {0x1.4fe13a0000000p+1, 0x1.7d1f500000000p-24, 0x1.a6ee06d000000p-47, 0x1.6295993c43904p-76},
    {0x1.3f84e80000000p+0, 0x1.7d1f520000000p-23, 0x1.4ddc0db000000p-47, 0x1.8a5664f10e410p-77},
    {0x1.3f84ea0000000p+1, 0x1.f47d4c0000000p-24, 0x1.377036c000000p-48, 0x1.8a5664f10e410p-76},
    {0x1.fc27500000000p-1, 0x1.f47d4c0000000p-23, 0x1.377036d000000p-47, 0x1.14acc9e21c821p-76},
    {0x1.fc27540000000p+0, 0x1.e8fa9a0000000p-23, 0x1.bb81b6c000000p-49, 0x1.4acc9e21c8210p-79},
    {0x1.fc27560000000p+1, 0x1.d1f5340000000p-23, 0x1.bb81b6c000000p-48, 0x1.4acc9e21c8210p-78},
    {0x1.f84eae0000000p+1, 0x1.a3ea680000000p-23, 0x1.bb81b6c000000p-47, 0x1.4acc9e21c8210p-77},
    {0x1.f09d5e0000000p+1, 0x1.47d4d20000000p-23, 0x1.77036d8000000p-47, 0x1.4acc9e21c8210p-76},
    {0x1.e13abe0000000p+1, 0x1.1f534c0000000p-24, 0x1.dc0db62000000p-48, 0x1.2b32788720840p-77},
    {0x1.c2757c0000000p+1, 0x1.1f534c0000000p-23, 0x1.dc0db62000000p-47, 0x1.2b32788720840p-76},
    {0x1.84eafa0000000p+1, 0x1.f534d00000000p-26, 0x1.b81b6c5000000p-47, 0x1.5993c439041fep-78},
    {0x1.09d5f40000000p+1, 0x1.f534d80000000p-25, 0x1.7036d8a000000p-47, 0x1.5993c439041fep-77},
    {0x1.3abe800000000p-3, 0x1.f534dc0000000p-24, 0x1.c0db628000000p-48, 0x1.5993c439041fep-76},
    {0x1.3abe800000000p-2, 0x1.f534dc0000000p-23, 0x1.c0db629000000p-47, 0x1.664f10e4107f9p-77},
    {0x1.3abe880000000p-1, 0x1.ea69ba0000000p-23, 0x1.81b6c52000000p-47, 0x1.664f10e4107f9p-76},
    {0x1.3abe8c0000000p+0, 0x1.d4d3760000000p-23, 0x1.036d8a5000000p-47, 0x1.993c439041fe5p-77},
    {0x1.3abe8e0000000p+1, 0x1.a9a6ee0000000p-23, 0x1.b6c5280000000p-53, 0x1.993c439041fe5p-76},
    {0x1.d5f4780000000p-1, 0x1.534ddc0000000p-23, 0x1.b6c52a0000000p-52, 0x1.3278872083fcap-76},
    {0x1.d5f47c0000000p+0, 0x1.4d37700000000p-24, 0x1.b6c52b0000000p-51, 0x1.93c439041fe51p-78},
    {0x1.d5f47c0000000p+1, 0x1.4d37700000000p-23, 0x1.b6c52b0000000p-50, 0x1.93c439041fe51p-77},
    {0x1.abe8fa0000000p+1, 0x1.34ddc00000000p-24, 0x1.b6c52b0000000p-49, 0x1.93c439041fe51p-76},
    {0x1.57d1f40000000p+1, 0x1.34ddc00000000p-23, 0x1.b6c52b2000000p-48, 0x1.278872083fca3p-76},
    {0x1.5f47d40000000p+0, 0x1.a6ee000000000p-25, 0x1.b6c52b3000000p-47, 0x1.3c439041fe516p-78},
    {0x1.5f47d40000000p+1, 0x1.a6ee040000000p-24, 0x1.6d8a566000000p-47, 0x1.3c439041fe516p-77},
    {0x1.7d1f500000000p+0, 0x1.a6ee060000000p-23, 0x1.b629598000000p-48, 0x1.3c439041fe516p-76},
    {0x1.7d1f520000000p+1, 0x1.4ddc0c0000000p-23, 0x1.b629599000000p-47, 0x1.e21c820ff28b2p-78},
    {0x1.f47d4c0000000p+0, 0x1.3770340000000p-24, 0x1.6c52b32000000p-47, 0x1.e21c820ff28b2p-77},
    {0x1.f47d4c0000000p+1, 0x1.3770360000000p-23, 0x1.b14acc8000000p-48, 0x1.e21c820ff28b2p-76},
    {0x1.e8fa9a0000000p+1, 0x1.bb81b00000000p-25, 0x1.b14acc9000000p-47, 0x1.c439041fe5164p-76},
    {0x1.d1f5340000000p+1, 0x1.bb81b40000000p-24, 0x1.6295993000000p-47, 0x1.8872083fca2c7p-76},
    {0x1.a3ea680000000p+1, 0x1.bb81b60000000p-23, 0x1.8a5664e000000p-48, 0x1.10e4107f9458fp-76},
    {0x1.47d4d20000000p+1, 0x1.77036c0000000p-23, 0x1.8a5664f000000p-47, 0x1.0e4107f9458ebp-79},
    {0x1.1f534c0000000p+0, 0x1.dc0db40000000p-24, 0x1.14acc9e000000p-47, 0x1.0e4107f9458ebp-78},
    {0x1.1f534c0000000p+1, 0x1.dc0db60000000p-23, 0x1.4acc9e0000000p-50, 0x1.0e4107f9458ebp-77},
    {0x1.f534d00000000p-2, 0x1.b81b6c0000000p-23, 0x1.4acc9e0000000p-49, 0x1.0e4107f9458ebp-76},
    {0x1.f534d80000000p-1, 0x1.7036d80000000p-23, 0x1.4acc9e2000000p-48, 0x1.c820ff28b1d5fp-80},
    {0x1.f534dc0000000p+0, 0x1.c0db600000000p-24, 0x1.4acc9e2000000p-47, 0x1.c820ff28b1d5fp-79},
    {0x1.f534dc0000000p+1, 0x1.c0db620000000p-23, 0x1.2b32788000000p-48, 0x1.c820ff28b1d5fp-78},
    {0x1.ea69ba0000000p+1, 0x1.81b6c40000000p-23, 0x1.2b32788000000p-47, 0x1.c820ff28b1d5fp-77},
    {0x1.d4d3760000000p+1, 0x1.036d8a0000000p-23, 0x1.5993c40000000p-49, 0x1.c820ff28b1d5fp-76},
    {0x1.a9a6ee0000000p+1, 0x1.b6c5000000000p-29, 0x1.5993c42000000p-48, 0x1.9041fe5163abep-76},
    {0x1.534ddc0000000p+1, 0x1.b6c5000000000p-28, 0x1.5993c43000000p-47, 0x1.2083fca2c757cp-76},
    {0x1.4d37700000000p+0, 0x1.b6c5200000000p-27, 0x1.664f10e000000p-48, 0x1.041fe5163abdfp-78},
    {0x1.4d37700000000p+1, 0x1.b6c5200000000p-26, 0x1.664f10e000000p-47, 0x1.041fe5163abdfp-77},
    {0x1.34ddc00000000p+0, 0x1.b6c5280000000p-25, 0x1.993c438000000p-48, 0x1.041fe5163abdfp-76},
};

/* Payne and Hanek's reduction for one float of magnitude >= 2^19 (finite):
 * x * 2/pi = M * (2/pi * 2^e) taken mod 4 exactly enough (the chunks
 * above: n the integer nearest, f = the rest, summed exactly but for the
 * last two terms), *r = f * pi/2 and *q = n (its low two bits are the
 * quadrant).  Scalar and rare; the base build's copy serves every build
 * (gp_vmath_avx2.c calls it). */
void gp_vm_reduce_large(double x, double *r, int64_t *q);
__attribute__((noinline)) void gp_vm_reduce_large(double x, double *r, int64_t *q)
{
    const double ax = x < 0 ? -x : x;
    float xf = (float)ax;
    uint32_t b;
    memcpy(&b, &xf, 4);
    int e = (int)((b >> 23) & 0xff) - 127 - 23;
    const double m = (double)((b & 0x7fffffu) | 0x800000u);
    const double *w = pio2_inv_tab[e + 4];
    double p0 = m * w[0], p1 = m * w[1], p2 = m * w[2], p3 = m * w[3];
    double n = ((p0 + p1) + 6755399441055744.0) - 6755399441055744.0;
    double f = ((p0 - n) + p1) + (p2 + p3);
    int64_t ni = (int64_t)n;
    if (x < 0) {
        f = -f;
        ni = -ni;
    }
    *r = f * 1.5707963267948966;
    *q = ni;
}
#else
void gp_vm_reduce_large(double x, double *r, int64_t *q);
#endif

/* sin and cos of floats: k = round(x * 2/pi), r = x - k*pi/2 with pi/2 in
 * three parts (fdlibm's split: the first two have 33 bits, so k*part is
 * exact for |k| < 2^20 and r is good to double precision there; lanes of
 * magnitude 2^19 and more take gp_vm_reduce_large instead); sin r to
 * r^11 and cos r to r^12 (truncation below 1e-11 on |r| <= pi/4); the
 * quadrant k mod 4 picks +-sin r or +-cos r.  sin(-0) = -0 (sincos_f);
 * INF and NaN give NaN (r is NaN). */
VM_INLINE void sincos_d(vd xd, vd *rs, vd *rc)
{
    const double magic = 6755399441055744.0;
    vd t = xd * 0.6366197723675814 + magic;
    vd k = t - magic;
    vl q = (vl)t; /* k's low bits */
    vd r = xd - k * 1.5707963267341256;
    r = r - k * 6.077100506303966e-11;
    r = r - k * 2.0222662487959506e-21;
    vd ax = (vd)((vl)xd & INT64_MAX);
    vl big = (ax >= 524288.0) & (ax < __builtin_inf());
    if (any_l(big)) {
        for (int j = 0; j < GP_VM_VW / 2; j++) {
            if (big[j]) {
                double rj;
                int64_t qj;
                gp_vm_reduce_large(xd[j], &rj, &qj);
                r[j] = rj;
                q[j] = qj;
            }
        }
    }
    vd z = r * r;
    vd z2 = z * z, z4 = z2 * z2;
    /* Taylor coefficients -1/3!, 1/5!, ... -1/11! and -1/2!, ... 1/12! */
    vd sp = (-1.6666666666666666e-01 + z * 8.333333333333333e-03) +
            z2 * (-1.984126984126984e-04 + z * 2.7557319223985893e-06) +
            z4 * -2.505210838544172e-08;
    vd s = r + r * z * sp;
    vd cp = (-0.5 + z * 4.1666666666666664e-02) +
            z2 * (-1.388888888888889e-03 + z * 2.48015873015873e-05) +
            z4 * (-2.755731922398589e-07 + z * 2.08767569878681e-09);
    vd c = 1.0 + z * cp;
    const vl sign = SPLAT(vl, INT64_MIN);
    vl odd = -(q & 1);                           /* quadrants 1, 3: swap */
    vl sneg = -(vl)(((vu)q >> 1) & 1) & sign;       /* 2, 3: -sin */
    vl cneg = -(vl)(((vu)(q + 1) >> 1) & 1) & sign; /* 1, 2: -cos */
    vd sv = seld(odd, c, s), cv = seld(odd, s, c);
    *rs = (vd)((vl)sv ^ sneg);
    *rc = (vd)((vl)cv ^ cneg);
}

VM_INLINE void sincos_f(vf x, vf *rs, vf *rc)
{
    vd sl, cl, sh, ch;
    sincos_d(lo_d(x), &sl, &cl);
    sincos_d(hi_d(x), &sh, &ch);
    /* r + r*z*sp is +0 for r = -0: sin(+-0) is the operand */
    *rs = self(x == 0.0f, x, join_f(sl, sh));
    *rc = join_f(cl, ch);
}

/* 2^(b * log2 a), a > 0 finite */
VM_INLINE vd pow_d(vd a, vd b)
{
    return ex2_d(b * lg2_d(a));
}


/* x^|b| for b an integer with |b| < 2^kmax <= 128 (as a double), by
 * binary powering in double: at most 13 products of relative error 2^-53,
 * so the float rounding is the correct one but for near-halfway cases, as
 * pow_d's; 1 / x^|b| for b < 0.  0, INF and NaN x give what C99 asks of
 * pow (the signs aside).  A power of two with no lane that has its bit
 * set is skipped: the same bits. */
VM_INLINE vd powi_d(vd x, vd b, int kmax)
{
    const double magic = 6755399441055744.0; /* 1.5 * 2^52 */
    vl n = (vl)((vd)((vl)b & INT64_MAX) + magic) - (vl)SPLAT(vd, magic);
    vd r = SPLAT(vd, 1.0);
    for (int k = 0; k < kmax; k++) {
        vl bit = -((vl)((vu)n >> k) & 1);
        if (any_l(bit))
            r = seld(bit, r * x, r);
        x = x * x;
    }
    vl neg = b < 0.0;
    if (any_l(neg))
        r = seld(neg, 1.0 / r, r);
    return r;
}

/* a^b with the special values of C99 F.9.4.4 (those powf had): x^+-0 = 1
 * and 1^y = 1 even for NaN; (-1)^+-INF = 1; a negative base with an
 * integer exponent is |a|^b, negated for an odd one; with any other finite
 * exponent NaN; +-0 and +-INF bases follow from log2 = -INF / +INF and the
 * sign rule.  Else, for an integer |b| <= 64, |a|^|b| by powi_d, and for
 * the others 2^(b * log2 |a|) in double; rounded once to float.  Each
 * lane's path depends on its own b only, so its bits do not depend on the
 * other lanes. */
VM_INLINE vf pow_f(vf a, vf b)
{
    const float big = 16777216.0f; /* 2^24: floats this large are even */
    vf aa = (vf)((vi)a & 0x7fffffff);
    vf ab = (vf)((vi)b & 0x7fffffff);
    vi aneg = (vi)a >> 31;
    /* b an integer (|b| >= 2^24 and INF count, as even ones) and odd */
    vi bsmall = ab < big;
    vi bi = __builtin_convertvector(self(bsmall, b, SPLAT(vf, 0.0f)), vi);
    vi bint = ~bsmall | (__builtin_convertvector(bi, vf) == b);
    vi bodd = bsmall & bint & -(bi & 1);
    vi afin = (aa < __builtin_inff()) & (aa > 0.0f);

    /* the usual lanes: an integer |b| <= 64 (powi_d handles every a), or
     * |a| finite and not 0, b finite, not a negative a with a fraction;
     * the others (2^y for y = b * log2 |a| also gives +-INF b with |a| !=
     * 1) are rare and tested for, with the same bits as if the selects
     * for them were always made */
    const vf inf = SPLAT(vf, __builtin_inff()), zero = SPLAT(vf, 0.0f);
    vi intp = bint & (ab <= 64.0f);
    vi special = (~afin | ~(ab < inf) | (aneg & ~bint)) & ~intp;
    vf r = zero;
    if (any(~intp)) {
        vf af = self(afin, aa, SPLAT(vf, 1.0f));
        r = join_f(pow_d(lo_d(af), lo_d(b)), pow_d(hi_d(af), hi_d(b)));
    }
    if (any(intp)) {
        vi nabs = (vi)self(intp, (vf)((bi ^ (bi >> 31)) - (bi >> 31)), zero);
        int kmax = 0;
        while (kmax < 7 && any((nabs >> kmax) != 0))
            kmax++;
        vf ri = join_f(powi_d(lo_d(aa), lo_d(b), kmax), powi_d(hi_d(aa), hi_d(b), kmax));
        r = self(intp, ri, r);
    }
    if (any(special)) {
        vi bneg = b < 0.0f;
        r = self(aa == 0.0f, self(bneg, inf, zero), r); /* log2 0 = -INF */
        r = self(aa == inf, self(bneg, zero, inf), r);
    }
    r = self(aneg & bodd, -r, r);
    if (any(special)) {
        r = self(aneg & afin & ~bint, SPLAT(vf, __builtin_nanf("")), r);
        r = self(aa != aa, a + a, r);
        r = self(b != b, b + b, r);
        r = self((aa == 1.0f) & (ab == inf), SPLAT(vf, 1.0f), r);
        r = self((a == 1.0f) | (b == 0.0f), SPLAT(vf, 1.0f), r);
    }
    return r;
}

/* ---- entry points of this variant ------------------------------------ */

#define LANE_LOOP for (int k_ = 0; k_ < GP_LANES; k_ += GP_VM_VW)

static void GP_VM_NAME(ex2)(float *r, const float *a)
{
    LANE_LOOP st(r + k_, ex2_f(ld(a + k_)));
}

static void GP_VM_NAME(lg2)(float *r, const float *a)
{
    LANE_LOOP st(r + k_, lg2_f(ld(a + k_)));
}

static void GP_VM_NAME(sin)(float *r, const float *a)
{
    LANE_LOOP {
        vf s, c;
        sincos_f(ld(a + k_), &s, &c);
        st(r + k_, s);
    }
}

static void GP_VM_NAME(cos)(float *r, const float *a)
{
    LANE_LOOP {
        vf s, c;
        sincos_f(ld(a + k_), &s, &c);
        st(r + k_, c);
    }
}

static void GP_VM_NAME(sincos)(float *rs, float *rc, const float *a)
{
    LANE_LOOP {
        vf s, c;
        sincos_f(ld(a + k_), &s, &c);
        st(rs + k_, s);
        st(rc + k_, c);
    }
}

/* pow_f for one integer exponent n, |n| <= 64, in every lane of a task
 * (POW by a literal or a parameter: the common case): the lanes' powi_d
 * path with the exponent's bits known, so no per-lane selects and tests,
 * the same products in the same order and so the same bits.  All the
 * task's double vectors go through each step together (independent
 * chains of products, not one after another). */
#define POWI_NV (2 * GP_LANES / GP_VM_VW) /* double vectors in a task */
VM_INLINE void powi_uniform(float *r, const float *a, int n)
{
    vd x[POWI_NV], p[POWI_NV];
#pragma GCC unroll 8
    for (int k = 0; k < POWI_NV / 2; k++) {
        vf aa = (vf)((vi)ld(a + k * GP_VM_VW) & 0x7fffffff);
        x[2 * k] = lo_d(aa);
        x[2 * k + 1] = hi_d(aa);
        p[2 * k] = p[2 * k + 1] = SPLAT(vd, 1.0);
    }
    for (unsigned m = (unsigned)(n < 0 ? -n : n); m; m >>= 1) {
        if (m & 1) {
#pragma GCC unroll 8
            for (int k = 0; k < POWI_NV; k++)
                p[k] = p[k] * x[k];
        }
#pragma GCC unroll 8
        for (int k = 0; k < POWI_NV; k++)
            x[k] = x[k] * x[k];
    }
    if (n < 0) {
#pragma GCC unroll 8
        for (int k = 0; k < POWI_NV; k++)
            p[k] = 1.0 / p[k];
    }
#pragma GCC unroll 8
    for (int k = 0; k < POWI_NV / 2; k++) {
        vf v = join_f(p[2 * k], p[2 * k + 1]);
        if (n & 1)
            v = self((vi)ld(a + k * GP_VM_VW) >> 31, -v, v);
        st(r + k * GP_VM_VW, v);
    }
}

static void GP_VM_NAME(pow)(float *r, const float *a, const float *b)
{
    /* one exponent in every lane (the same bits), an integer of magnitude
     * at most 64: pow_f would take powi_d in every lane */
    uint32_t b0;
    memcpy(&b0, b, 4);
    bool uniform = b[0] >= -64.0f && b[0] <= 64.0f && b[0] == (float)(int)b[0];
    for (int l = 1; l < GP_LANES && uniform; l++) {
        uint32_t bl;
        memcpy(&bl, b + l, 4);
        uniform = bl == b0;
    }
    if (uniform) {
        powi_uniform(r, a, (int)b[0]);
        return;
    }
    LANE_LOOP st(r + k_, pow_f(ld(a + k_), ld(b + k_)));
}

#ifdef GP_VM_VARIANT
const gp_vm_impl gp_vm_impl_avx2 = {
    "avx2", ex2_avx2, lg2_avx2, sin_avx2, cos_avx2, sincos_avx2, pow_avx2,
};
#else
static const gp_vm_impl gp_vm_impl_base = {
    "base", ex2_base, lg2_base, sin_base, cos_base, sincos_base, pow_base,
};

/* ---- dispatch --------------------------------------------------------- */

static const gp_vm_impl *const vm_impls[] = {
    &gp_vm_impl_base,
#if GP_VM_HAS_AVX2
    &gp_vm_impl_avx2,
#endif
};

const gp_vm_impl *gp_vm_variant(int i)
{
    if (i < 0 || i >= (int)(sizeof vm_impls / sizeof vm_impls[0]))
        return NULL;
#if GP_VM_HAS_AVX2
    if (vm_impls[i] == &gp_vm_impl_avx2 && !__builtin_cpu_supports("avx2"))
        return NULL;
#endif
    return vm_impls[i];
}

/* The widest variant this CPU runs; every variant gives the same bits, so
 * the choice is speed only. */
static const gp_vm_impl *vm_pick(void)
{
#if GP_VM_HAS_AVX2
    if (__builtin_cpu_supports("avx2"))
        return &gp_vm_impl_avx2;
#endif
    return &gp_vm_impl_base;
}

void gp_vm_ex2(float *r, const float *a)
{
    vm_pick()->ex2(r, a);
}

void gp_vm_lg2(float *r, const float *a)
{
    vm_pick()->lg2(r, a);
}

void gp_vm_sin(float *r, const float *a)
{
    vm_pick()->sin(r, a);
}

void gp_vm_cos(float *r, const float *a)
{
    vm_pick()->cos(r, a);
}

void gp_vm_sincos(float *rs, float *rc, const float *a)
{
    vm_pick()->sincos(rs, rc, a);
}

void gp_vm_pow(float *r, const float *a, const float *b)
{
    vm_pick()->pow(r, a, b);
}
#endif
