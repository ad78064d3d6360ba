/*
 * gp_exec_avx2.c - the interpreter compiled for AVX2 (gp_exec_interp_avx2,
 * the backend interp_avx2 of gp_backend.h, which gp_exec runs on CPUs that
 * have it): gp_exec.c compiled a second time with the "avx2" target and
 * 8-lane kernels (see "Instruction-set variants" there).  Elsewhere this
 * file is empty.
 */
#include "gp_backend.h" /* GP_EXEC_HAS_AVX2 */
#if GP_EXEC_HAS_AVX2
/* every function of the file (the executor and the static helpers it
 * inlines) for AVX2: GCC's target pragma, Clang's attribute */
#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2"))), apply_to = function)
#else
#pragma GCC target("avx2")
#endif
#define GP_EXEC_VARIANT 1
#include "gp_exec.c"
#if defined(__clang__)
#pragma clang attribute pop
#endif
#else
typedef int gp_exec_avx2_unused; /* ISO C: a translation unit declares something */
#endif
