/*
 * gp_vmath.h - the transcendental functions of the executor, over the
 * GP_LANES lanes of one task.  Internal to glprog/.  Any thread.
 *
 * One implementation for every backend: the interpreter builds (baseline
 * and AVX2) and compiled code call these same functions, so EX2, LG2, SIN,
 * COS, POW (and EXP, LOG, LIT, SCS, which use them) give the same bits
 * whichever backend runs a program.  This file is compiled once, for the
 * baseline instruction set.
 *
 * r and the operands hold GP_LANES floats; r may alias an operand.  Every
 * lane is computed (inactive lanes hold whatever the caller passed).
 *
 *   gp_vm_ex2   2^a          ARB_vertex_program 2.14.5.10
 *   gp_vm_lg2   log2 a       2.14.5.12 (+-0: -INF, a < 0: NaN)
 *   gp_vm_sin   sin a        ARB_fragment_program 3.11.5.22
 *   gp_vm_cos   cos a        3.11.5.5
 *   gp_vm_pow   a^b          2.14.5.20 (0^0 = 1; exact for a negative
 *                            base with an integer exponent)
 */
#ifndef GLPROG_GP_VMATH_H
#define GLPROG_GP_VMATH_H

#include "glprog.h"

void gp_vm_ex2(float *r, const float *a);
void gp_vm_lg2(float *r, const float *a);
void gp_vm_sin(float *r, const float *a);
void gp_vm_cos(float *r, const float *a);
void gp_vm_pow(float *r, const float *a, const float *b);

#endif /* GLPROG_GP_VMATH_H */
