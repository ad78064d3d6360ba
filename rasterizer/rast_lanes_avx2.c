/*
 * rast_lanes_avx2.c - rast_lanes.c compiled a second time for AVX2 and FMA
 * (8 lanes a vector; rast_lane_ops_avx2), which rast_lanes() picks on CPUs
 * that have both.  The rasterizer's -ffp-contract=off keeps the operations
 * of the baseline build, so the same bits; the FMAs written out (pack8)
 * compute an exact floor.  Elsewhere this file is empty.
 */
#include "rast_priv.h" /* RAST_LANES_HAS_AVX2 */
#if RAST_LANES_HAS_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)
#else
#pragma GCC target("avx2,fma")
#endif
#define RAST_LANES_AVX2 1
#include "rast_lanes.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int rast_lanes_avx2_unused; /* ISO C: a translation unit declares something */
#endif
