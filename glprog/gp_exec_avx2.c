/*
 * gp_exec_avx2.c - the executor compiled for AVX2 (gp_exec_avx2), which
 * gp_exec calls on CPUs that have it: gp_exec.c compiled a second time
 * with the "avx2" target and 8-lane kernels (see "Instruction-set
 * variants" there).  Elsewhere this file is empty.
 */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(GP_EXEC_SCALAR) && !defined(GP_EXEC_NO_VARIANTS)
#pragma GCC target("avx2")
#define GP_EXEC_VARIANT 1
#include "gp_exec.c"
#else
typedef int gp_exec_avx2_unused; /* ISO C: a translation unit declares something */
#endif
