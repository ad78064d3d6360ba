/*
 * tex_sample_simd_avx512.c - the sampling kernels of tex_sample_simd.c
 * compiled a third time for AVX-512F (tex_kernels_avx512: 16 lanes a
 * vector, a whole task; gathers for texels and conversion tables), which
 * tex_unit_prepare picks on CPUs that have it.  The same float operations
 * as the baseline kernel, so the same bits: no FMA (not in the target, and
 * -ffp-contract=off).  Elsewhere this file is empty.
 */
#include "tex_sample_priv.h" /* TEX_SIMD_HAS_AVX2 */
#if TEX_SIMD_HAS_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f"))), apply_to = function)
#else
#pragma GCC target("avx2,avx512f")
#endif
#define TEX_SIMD_AVX512 1
#include "tex_sample_simd.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int tex_sample_simd_avx512_unused; /* ISO C: a translation unit declares something */
#endif
