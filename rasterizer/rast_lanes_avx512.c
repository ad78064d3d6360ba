/*
 * rast_lanes_avx512.c - rast_lanes.c compiled a third time for AVX-512F
 * (16 lanes a vector, a whole task; rast_lane_ops_avx512), which rast_lanes()
 * picks on CPUs that have it.  The rasterizer's -ffp-contract=off: the
 * same operations as the other builds (pack8's one FMA computes the exact
 * floor they compute), so the same bits, in half the instructions of the
 * AVX2 build.  Elsewhere this file is empty.
 */
#include "rast_priv.h" /* RAST_LANES_HAS_AVX2 */
#if RAST_LANES_HAS_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,avx512f"))), apply_to = function)
#else
#pragma GCC target("avx2,avx512f")
#endif
#define RAST_LANES_AVX512 1
#include "rast_lanes.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int rast_lanes_avx512_unused; /* ISO C: a translation unit declares something */
#endif
