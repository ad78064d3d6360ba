/*
 * gp_vmath_avx2.c - gp_vmath.c compiled a second time for AVX2 (8-lane
 * vectors; gp_vm_impl_avx2 of gp_vmath.h).  AVX2 without FMA, and the
 * build's -ffp-contract=off: the same operations in the same order as the
 * baseline build, so the same bits.  Elsewhere this file is empty.
 */
#include "gp_vmath.h" /* GP_VM_HAS_AVX2 */
#if GP_VM_HAS_AVX2
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define GP_VM_VARIANT 1
#include "gp_vmath.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int gp_vmath_avx2_unused; /* ISO C: a translation unit declares something */
#endif
