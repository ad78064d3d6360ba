/*
 * gp_exec_avx2.c - the executor compiled for AVX2 (gp_exec_avx2), which
 * gp_exec calls on CPUs that have it: gp_exec.c compiled a second time
 * with the "avx2" target and 8-lane kernels (see "Instruction-set
 * variants" there).  Elsewhere this file is empty.
 */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(GP_EXEC_SCALAR) && \
    !defined(GP_EXEC_NO_VARIANTS)
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
