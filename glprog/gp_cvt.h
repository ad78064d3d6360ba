/*
 * gp_cvt.h - the value conversions of NV_gpu_program5's CVT instruction
 * (2.X.8.Z CVT, storage and rounding modifiers of 2.X.4.1), one component
 * at a time.  Internal to glprog/ (gp_exec.c runs CVT through it; the unit
 * tests call it directly too).  Pure integer arithmetic on the encodings:
 * no FP environment, no libm, so both executor builds (gp_exec.c, "Instruction-
 * set variants") get the same bits, and worker threads may call it freely.
 *
 * Model (the spec's "infinite-precision value"): the operand is decoded
 * exactly into sign, magnitude m and exponent e (value = +-m * 2^e), or
 * NaN / +-INF; then it is rounded once into the result type.
 *
 *   float -> float  the nearest representable value on the side the rounding
 *                   modifier picks (ROUND: nearest, ties to even; CEIL:
 *                   towards +INF; FLR: towards -INF; TRUNC: towards 0); it
 *                   is not rounded to an integer (EDGE.CVT_F2F).  Overflow:
 *                   ROUND gives +-INF; a directed mode gives INF when it
 *                   rounds away from zero, else the largest finite value
 *                   (F32 -> F16: 65520 ROUND -> INF, TRUNC -> 65504).
 *                   Denormals are kept and produced (no flushing).  -0.0
 *                   stays -0.0; INF stays INF; a NaN stays a quiet NaN of
 *                   the same sign with the top payload bits (the quiet bit
 *                   set).
 *   int -> float    likewise (U32 0xffffffff -> F32: FLR/TRUNC 4294967040,
 *                   CEIL/ROUND 4294967296).  Zero is +0.0.
 *   float -> int    rounded to an integer by the modifier, then as the
 *                   int -> int case.  -0.0 gives 0.
 *   int -> int      exact; a value outside the result type's range is
 *                   clamped to it with .SAT, and otherwise keeps its low
 *                   bits (two's complement, "drop the most significant
 *                   bits": 300 -> U8 44, -1 -> U16 65535, 3e9 -> S32
 *                   -1294967296).
 *   NaN, +-INF -> int (the spec: "undefined"; asmgl follows DXIL's ftoi /
 *                   ftou): NaN gives 0; +INF the type's largest value,
 *                   -INF its smallest (0 for unsigned types); with or
 *                   without .SAT.
 *
 * Clamping (sat, GP_SAT_*): integer results clamp to the result type's
 * range (GP_SAT_01; the parser rejects _SSAT on them).  Float results
 * clamp to [0,1] (GP_SAT_01) or [-1,1] (GP_SAT_11) after the rounding, as
 * every other _SAT does in asmgl (ARB_fragment_program 3.11.4.3: "if (r <
 * 0) r = 0; else if (r > 1) r = 1"): NaN and -0.0 pass unchanged.
 *
 * Register encodings of the operand v and of the result: 64-bit types use
 * all 64 bits; 32-bit types the low 32 bits; S8/S16 (U8/U16) operands are
 * the low 8/16 bits of the component sign- (zero-) extended, and results
 * come back sign- (zero-) extended to 64 bits; F16 is binary16 in the low
 * 16 bits (the operand's other bits are ignored, the result's are 0).
 */
#ifndef GLPROG_GP_CVT_H
#define GLPROG_GP_CVT_H

#include <stdint.h>

/* One component of CVT.<dst>.<src>: src, dst gp_cvt_type; rnd gp_cvt_rnd;
 * sat GP_SAT_*.  See the top for the encodings. */
uint64_t gp_cvt_value(uint64_t v, int src, int dst, int rnd, int sat);

#endif /* GLPROG_GP_CVT_H */
