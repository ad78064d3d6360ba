/*
 * gp_vmath.h - the transcendental functions of the executor, over the
 * GP_LANES lanes of one task.  Internal to glprog/.  Any thread.
 *
 * One implementation for every backend: the interpreter builds (baseline
 * and AVX2) and compiled code call these same functions, so EX2, LG2, SIN,
 * COS, POW (and EXP, LOG, LIT, SCS, which use them) give the same bits
 * whichever backend runs a program, on whichever CPU (gp_vmath.c is built
 * for SSE2 and for AVX2, with the same bits, and uses no libm).
 *
 * r and the operands hold GP_LANES floats; r may alias an operand.  Every
 * lane is computed (inactive lanes hold whatever the caller passed).
 * Precision and special values: gp_vmath.c.
 *
 *   gp_vm_ex2    2^a          ARB_vertex_program 2.14.5.8
 *   gp_vm_lg2    log2 a       2.14.5.12 (+-0: -INF, a < 0: NaN)
 *   gp_vm_sin    sin a        ARB_fragment_program 3.11.5.25
 *   gp_vm_cos    cos a        3.11.5.4
 *   gp_vm_sincos sin a, cos a (SCS, 3.11.5.23): the same bits as the two
 *                calls, one range reduction
 *   gp_vm_pow    a^b          2.14.5.20 (0^0 = 1; exact for a negative
 *                             base with an integer exponent)
 */
#ifndef GLPROG_GP_VMATH_H
#define GLPROG_GP_VMATH_H

#include "glprog.h"

void gp_vm_ex2(float *r, const float *a);
void gp_vm_lg2(float *r, const float *a);
void gp_vm_sin(float *r, const float *a);
void gp_vm_cos(float *r, const float *a);
void gp_vm_pow(float *r, const float *a, const float *b);
void gp_vm_sincos(float *rs, float *rc, const float *a);

/* The builds of these functions (gp_vmath.c): "base" (SSE2 vectors) and,
 * on x86-64 with GCC or Clang, "avx2".  All give the same bits; the entry
 * points above call the widest the CPU runs.  gp_vm_variant(i) is the i-th
 * build this CPU runs, NULL past the last (tests, benchmarks). */
typedef struct gp_vm_impl {
    const char *name;
    void (*ex2)(float *r, const float *a);
    void (*lg2)(float *r, const float *a);
    void (*sin)(float *r, const float *a);
    void (*cos)(float *r, const float *a);
    void (*sincos)(float *rs, float *rc, const float *a);
    void (*pow)(float *r, const float *a, const float *b);
} gp_vm_impl;

#if defined(__GNUC__) && defined(__x86_64__) && !defined(GP_EXEC_NO_VARIANTS)
#define GP_VM_HAS_AVX2 1
extern const gp_vm_impl gp_vm_impl_avx2; /* gp_vmath_avx2.c */
#else
#define GP_VM_HAS_AVX2 0
#endif

const gp_vm_impl *gp_vm_variant(int i);

#endif /* GLPROG_GP_VMATH_H */
