/*
 * test_nv5_wide.c - glprog.nv5_wide: NV_gpu_program5 64-bit data.
 *   1. The front end: "LONG TEMP" (and arrays, ALIAS, relative addressing)
 *      under a 5.0 header, the .F64 .S64 .U64 modifiers exactly on the
 *      Table X.13 rows whose F / I column says "6", PK64 / UP64 and their
 *      LONG rules (EDGE.PK64_LONG), LONG ATTRIB outside vertex programs refused; every rejection at
 *      the position of the token it names (the offset of a marker string
 *      in the source, so the expectation is the text itself).
 *   2. The executor: 64-bit results seen through UP64 (x = low word) as
 *      four 32-bit words (x lo, x hi, y lo, y hi) on all 16 lanes, through
 *      both executor paths (T_BOTH_PATHS), for the program and for its
 *      printed form compiled again (the print must be a fixed point and
 *      give the same bits).  Expected values are worked out by hand in the
 *      comments: carries across bit 32, INT64_MIN, wrapping multiplies (the
 *      wide-multiply notes in reference/integer-carry-and-wide-multiply-
 *      notes.txt: -2 * 4 = 0xffffffff_fffffff8 signed, 0xfffffffe * 4 =
 *      0x3_fffffff8 unsigned), shifts, division by zero (gp_exec.c
 *      exec_wide: all ones, like the 32-bit choice), compares that differ
 *      only in the high word, F64 values float cannot hold (1 + 2^-40),
 *      F64 -> F32 rounding to nearest even, NaN and infinities.
 *   2b. 64-bit literals are exact (gp_ir.h "64-bit storage", Constants):
 *      0.1 in ADD.F64 is the double 0.1, 1.0000000000000002, integers
 *      beyond 32 bits in decimal and hex, INT64_MIN / INT64_MAX, CVT's
 *      64-bit operand; out-of-range ones fail at the literal.
 *   3. 600 deterministic mutations of a 64-bit program: whatever compiles
 *      prints to a fixed point, and the fast / generic executor paths and
 *      the reprint give the same bits (bad input never crashes).
 *
 * covers: DT.LONG DT.INT64 DT.FP64_GATE MOD.S64 MOD.U64 MOD.F64 OP.PK64 OP.UP64 EDGE.PK64_LONG
 * covers: EDGE.INT_OVERFLOW
 */
#include "test_exec_common.h"

#define ONES 0xffffffffu

/* Runs body in "!!NVvp5.0 TEMP r, t; LONG TEMP a, b, c, arr[3]; ALIAS q =
 * c; MOV.U r, 0x5a5a5a5a; <body> MOV.U result.texcoord[0], r; END" (and
 * its reprint) and checks that every lane wrote want[] (bits). */
static void run_case(const char *name, const char *body, const uint32_t want[4])
{
    char src[4096];
    snprintf(src, sizeof(src),
             "!!NVvp5.0\nTEMP r, t;\nLONG TEMP a, b, c, arr[3];\nALIAS q = c;\nMOV.U r, 0x5a5a5a5a;\n%s\n"
             "MOV.U result.texcoord[0], r;\nMOV result.position, 0;\nEND\n", body);
    t_run_texcoord0(name, src, want);
}

#define CASE(name, body, a, b, c, d)                                          \
    do {                                                                      \
        const uint32_t w_[4] = {(uint32_t)(a), (uint32_t)(b), (uint32_t)(c), \
                                (uint32_t)(d)};                               \
        run_case(name, body, w_);                                             \
    } while (0)

/* ---- PK64 / UP64 (2.X.8.Z): x = low word (little-endian) --------------- */
static void test_pack(void)
{
    /* PK64: (x | y << 32, z | w << 32, x | y << 32, z | w << 32) */
    CASE("PK64/UP64", "PK64.U a, {0x11111111, 0x22222222, 0x33333333, 0x44444444};\nUP64.U r, a;", 0x11111111,
         0x22222222, 0x33333333, 0x44444444);
    /* the replicated z / w: a.zw = a.xy */
    CASE("PK64 zw", "PK64.U a, {1, 2, 3, 4};\nUP64.U r, a.zwxy;", 1, 2, 3, 4);
    CASE("PK64.F", "PK64.F a, {1.0, 2.0, -0.0, 0.5};\nUP64.U r, a;", 0x3f800000, 0x40000000, 0x80000000,
         0x3f000000);
    /* UP64 with the x / y swapped: y's words first */
    CASE("UP64 swizzle", "PK64.S a, {-1, 7, 9, -2};\nUP64.S r, a.yxyx;", 9, 0xfffffffe, ONES, 7);
    /* a 32-bit instruction reads a LONG variable's low words (S / U):
     * a = (1 | 2<<32, 3 | 4<<32, 1 | 2<<32, 3 | 4<<32) */
    CASE("narrow U", "PK64.U a, {1, 2, 3, 4};\nMOV.U r, a;", 1, 3, 1, 3);
    /* a 32-bit write to a LONG variable is widened: S sign-, U zero-
     * extended, F float -> double (1.5 = 0x3ff80000_00000000) */
    CASE("widen S", "MOV.S a, {-1, 7, 0, 0};\nUP64.U r, a;", ONES, ONES, 7, 0);
    CASE("widen U", "MOV.U a, {0xffffffff, 7, 0, 0};\nUP64.U r, a;", ONES, 0, 7, 0);
    CASE("widen F", "MOV.F a, {1.5, -2.0, 0, 0};\nUP64.U r, a;", 0, 0x3ff80000, 0, 0xc0000000);
    /* a write mask keeps the other components' two words */
    CASE("mask", "PK64.U a, {1, 2, 3, 4};\nMOV.U64 a.y, 0;\nUP64.U r, a;", 1, 2, 0, 0);
    /* ALIAS q = c names the same LONG variable */
    CASE("ALIAS", "PK64.U q, {5, 6, 7, 8};\nUP64.U r, c;", 5, 6, 7, 8);
}

/* ---- S64 / U64 arithmetic -------------------------------------------------- */
static void test_int64(void)
{
    /* carry out of the low word: 0xffffffff + 1 = 0x1_00000000; all ones + 1
     * wraps to 0 (EDGE.INT_OVERFLOW) */
    CASE("ADD.U64 carry", "PK64.U a, {0xffffffff, 0, 0xffffffff, 0xffffffff};\nADD.U64 b, a, 1;\nUP64.U r, b;",
         0, 1, 0, 0);
    /* borrow: 0x1_00000000 - 1 = 0xffffffff; 0 - 1 = all ones */
    CASE("SUB.U64 borrow", "PK64.U a, {0, 1, 0, 0};\nSUB.U64 b, a, 1;\nUP64.U r, b;", ONES, 0, ONES, ONES);
    /* signed: -1 + 2 = 1; 0x7fffffff_ffffffff + 1 wraps to INT64_MIN */
    CASE("ADD.S64", "PK64.U a, {0xffffffff, 0xffffffff, 0xffffffff, 0x7fffffff};\nADD.S64 b, a, {2, 1};\nUP64.U r, b;",
         1, 0, 0, 0x80000000);
    /* (2^64-1)^2 = 1 mod 2^64; 2^32 * 2^32 = 2^64 = 0 */
    CASE("MUL.U64 wrap", "PK64.U a, {0xffffffff, 0xffffffff, 0, 1};\nMUL.U64 b, a, a;\nUP64.U r, b;", 1, 0, 0, 0);
    CASE("MUL.U64 x2", "PK64.U a, {0xffffffff, 0xffffffff, 0, 1};\nMUL.U64 b, a, 2;\nUP64.U r, b;", 0xfffffffe,
         ONES, 0, 2);
    /* the wide-multiply notes: MAD.WIDE (sign-extended) -2 * 4 = -8 =
     * 0xffffffff_fffffff8; MAD.WIDE.U32 0xfffffffe * 4 = 0x3_fffffff8 (32-bit
     * operands promoted: S sign-, U zero-extended, 2.X.4.1) */
    CASE("MUL.S64 wide", "MUL.S64 b, {-2, 3, 0, 0}, 4;\nUP64.U r, b;", 0xfffffff8, ONES, 12, 0);
    CASE("MUL.U64 wide", "MUL.U64 b, {0xfffffffe, 3, 0, 0}, 4;\nUP64.U r, b;", 0xfffffff8, 3, 12, 0);
    /* MAD carries: 2^31 * 2 + 5 = 0x1_00000005 */
    CASE("MAD.U64", "MAD.U64 b, 0x80000000, 2, 5;\nUP64.U r, b;", 5, 1, 5, 1);
    /* -INT64_MIN and |INT64_MIN| stay INT64_MIN (2.X.4.2, two's complement);
     * -5 = 0xffffffff_fffffffb */
    CASE("neg INT64_MIN", "PK64.U a, {0, 0x80000000, 5, 0};\nMOV.S64 b, -a;\nUP64.U r, b;", 0, 0x80000000,
         0xfffffffb, ONES);
    CASE("ABS.S64", "PK64.U a, {0, 0x80000000, 0xfffffffb, 0xffffffff};\nABS.S64 b, a;\nUP64.U r, b;", 0,
         0x80000000, 5, 0);
    CASE("|x| .S64", "PK64.U a, {0, 0x80000000, 0xfffffffb, 0xffffffff};\nMOV.S64 b, |a|;\nUP64.U r, b;", 0,
         0x80000000, 5, 0);
    /* .U64: |x| does nothing, -x is two's complement */
    CASE("|x| .U64", "PK64.U a, {0, 0x80000000, 0xfffffffb, 0xffffffff};\nMOV.U64 b, -|a|;\nUP64.U r, b;", 0,
         0x80000000, 5, 0);
    /* shifts: SHR.S64 fills with the sign; .U64 with zeros.
     * 0x80000000_00000000 >> 4 = 0xf8000000_00000000 (S) / 0x08000000_00000000;
     * 0x9abcdef0_12345678 >> 4 = 0xf9abcdef_01234567 (S) / 0x09abcdef_01234567 */
    CASE("SHR.S64", "PK64.U a, {0, 0x80000000, 0x12345678, 0x9abcdef0};\nSHR.S64 b, a, 4;\nUP64.U r, b;", 0,
         0xf8000000, 0x01234567, 0xf9abcdef);
    CASE("SHR.U64", "PK64.U a, {0, 0x80000000, 0x12345678, 0x9abcdef0};\nSHR.U64 b, a, 4;\nUP64.U r, b;", 0,
         0x08000000, 0x01234567, 0x09abcdef);
    /* by 36 (> 32): the high word moves into the low one, sign-filled */
    CASE("SHR.S64 36", "PK64.U a, {0, 0x80000000, 0x12345678, 0x9abcdef0};\nSHR.S64 b, a, 36;\nUP64.U r, b;",
         0xf8000000, ONES, 0xf9abcdef, ONES);
    /* SHL 1 << 40 = 0x100_00000000; counts modulo 64 (glprog/exec/wide.c exec_wide):
     * by 64 leaves the value, by 65 is by 1 */
    CASE("SHL.U64 40", "SHL.U64 b, 1, 40;\nUP64.U r, b;", 0, 0x100, 0, 0x100);
    CASE("SHL.U64 64", "PK64.U a, {0x12345678, 0x9abcdef0, 1, 0};\nSHL.U64 b, a, 64;\nUP64.U r, b;", 0x12345678,
         0x9abcdef0, 1, 0);
    CASE("SHL.U64 65", "PK64.U a, {0x80000000, 0x40000000, 1, 0};\nSHL.U64 b, a, 65;\nUP64.U r, b;", 0,
         0x80000001, 2, 0);
    /* DIV / MOD by 0: all 64 bits set (the 32-bit choice); INT64_MIN / -1 =
     * INT64_MIN, INT64_MIN % -1 = 0; -7 / 2 = -3, -7 % 2 = -1 (truncation) */
    CASE("DIV.U64 by 0", "PK64.U a, {5, 6, 0, 0};\nDIV.U64 b, a, 0;\nUP64.U r, b;", ONES, ONES, ONES, ONES);
    CASE("MOD.S64 by 0", "PK64.U a, {5, 6, 0, 0};\nMOD.S64 b, a, 0;\nUP64.U r, b;", ONES, ONES, ONES, ONES);
    CASE("DIV.S64 min/-1", "PK64.U a, {0, 0x80000000, 0xfffffff9, 0xffffffff};\nDIV.S64 b, a, -1;\nUP64.U r, b;",
         0, 0x80000000, 7, 0);
    CASE("MOD.S64 min%-1", "PK64.U a, {0, 0x80000000, 0xfffffff9, 0xffffffff};\nMOD.S64 b, a, -1;\nUP64.U r, b;",
         0, 0, 0, 0);
    CASE("DIV.S64 -7/2", "MOV.S64 a, -7;\nDIV.S64 b, a, 2;\nUP64.U r, b;", 0xfffffffd, ONES, 0xfffffffd, ONES);
    CASE("MOD.S64 -7%2", "MOV.S64 a, -7;\nMOD.S64 b, a, 2;\nUP64.U r, b;", ONES, ONES, ONES, ONES);
    /* the scalar operand of DIV / SHL is one component of a LONG: c.y = 3;
     * a count 4 + 2^32 is 4 modulo 64 */
    CASE("DIV.U64 c.y", "PK64.U a, {0, 1, 0, 2};\nPK64.U c, {7, 0, 3, 0};\nDIV.U64 b, a, c.y;\nUP64.U r, b;",
         0x55555555, 0, 0xaaaaaaaa, 0);
    CASE("SHL.U64 c.y", "PK64.U a, {1, 0, 0x10000000, 1};\nPK64.U c, {7, 0, 4, 1};\nSHL.U64 b, a, c.y;\nUP64.U r, b;",
         16, 0, 0, 0x11);
    /* 2^32 / 3 = 0x55555555 (rem 1); 2^33 % 3 = 2 */
    CASE("DIV.U64", "PK64.U a, {0, 1, 0, 2};\nDIV.U64 b, a, 3;\nUP64.U r, b;", 0x55555555, 0, 0xaaaaaaaa, 0);
    CASE("MOD.U64", "PK64.U a, {0, 1, 0, 2};\nMOD.U64 b, a, 3;\nUP64.U r, b;", 1, 0, 2, 0);
    /* values that differ only in the high word: a = (2^32, 0xffffffff_00000000),
     * c = (2^33, 0).  SLT.U64: 2^32 < 2^33 TRUE, 0xffffffff_00000000 < 0
     * FALSE; SLT.S64: the second is negative, TRUE; SEQ: FALSE, SNE TRUE */
    CASE("SLT.U64 hi", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {0, 2, 0, 0};\nSLT.U64 b, a, c;\nUP64.U r, b;",
         ONES, ONES, 0, 0);
    CASE("SLT.S64 hi", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {0, 2, 0, 0};\nSLT.S64 b, a, c;\nUP64.U r, b;",
         ONES, ONES, ONES, ONES);
    CASE("SEQ.U64 hi", "PK64.U a, {7, 1, 7, 3};\nPK64.U c, {7, 2, 7, 3};\nSEQ.U64 b, a, c;\nUP64.U r, b;", 0, 0,
         ONES, ONES);
    CASE("SNE.S64 hi", "PK64.U a, {7, 1, 7, 3};\nPK64.U c, {7, 2, 7, 3};\nSNE.S64 b, a, c;\nUP64.U r, b;", ONES,
         ONES, 0, 0);
    CASE("SGE SLE", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {0, 2, 0, 0};\nSGE.U64 b.x, a, c;\n"
                        "SLE.S64 b.y, a, c;\nUP64.U r, b;", 0, 0, ONES, ONES);
    CASE("SFL STR", "SFL.S64 b.x, 1, 2;\nSTR.U64 b.y, 1, 2;\nUP64.U r, b;", 0, 0, ONES, ONES);
    CASE("MIN.U64", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {0xffffffff, 0, 0, 0};\nMIN.U64 b, a, c;\n"
                    "UP64.U r, b;", ONES, 0, 0, 0);
    CASE("MAX.S64", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {0xffffffff, 0, 0, 0};\nMAX.S64 b, a, c;\n"
                    "UP64.U r, b;", 0, 1, 0, 0);
    /* CMP.S64: a < 0 ? b : c on the 64-bit sign (bit 63) */
    CASE("CMP.S64", "PK64.U a, {0, 1, 0, 0xffffffff};\nPK64.U c, {9, 9, 8, 8};\nCMP.S64 b, a, c, a;\nUP64.U r, b;",
         0, 1, 8, 8);
    CASE("NOT.U64", "PK64.U a, {0, 1, 0, 0xffffffff};\nNOT.U64 b, a;\nUP64.U r, b;", ONES, 0xfffffffe, ONES, 0);
    CASE("AND OR XOR", "PK64.U a, {0xff00ff00, 0x0f0f0f0f, 0, 0};\nPK64.U c, {0x0ff00ff0, 0xffff0000, 0, 0};\n"
                       "AND.U64 b.x, a, c;\nOR.S64 b.y, a.x, c.x;\nUP64.U r, b;", 0x0f000f00, 0x0f0f0000, 0xfff0fff0,
         0xffff0f0f);
    /* SAD.U64: |5 - 9| + 0xffffffff = 0x1_00000003 */
    CASE("SAD.U64", "MOV.U64 a, 0xffffffff;\nSAD.U64 b, 5, 9, a;\nUP64.U r, b;", 3, 1, 3, 1);
    /* a 64-bit result written to a 32-bit variable: the low word */
    CASE("narrow store", "PK64.U a, {0xffffffff, 5, 7, 9};\nADD.U64 r, a, 1;", 0, 8, 0, 8);
    /* relative addressing moves low and high rows together; out of range
     * reads 0 */
    CASE("LONG array rel", "PK64.U arr[0], {1, 10, 2, 20};\nPK64.U arr[1], {3, 30, 4, 40};\n"
                           "PK64.U arr[2], {5, 50, 6, 60};\nMOV.S t, {2, 1, 7, -1};\nUP64.U r, arr[t.x];",
         5, 50, 6, 60);
    CASE("LONG array rel write", "PK64.U arr[0], {1, 10, 2, 20};\nPK64.U arr[2], {5, 50, 6, 60};\n"
                                 "MOV.S t, {2, 1, 7, -1};\nADD.U64 arr[t.y], arr[t.x], arr[0];\nUP64.U r, arr[1];",
         6, 60, 8, 80);
    /* only the last element named: the printer must keep its rows */
    CASE("LONG array last", "PK64.U arr[2], {1, 2, 3, 4};\nADD.U64 q, arr[2], 1;\nUP64.U r, c;", 2, 2, 4, 4);
    CASE("LONG array rel out", "PK64.U arr[0], {1, 10, 2, 20};\nMOV.S t, {2, 1, 7, -1};\nUP64.U r, arr[t.z];", 0,
         0, 0, 0);
    /* REP.S64 / .U64 counts */
    CASE("REP.S64", "MOV.U r, 0;\nMOV.S64 a, 3;\nREP.S64 a.x;\nADD.U r, r, 1;\nENDREP;", 3, 3, 3, 3);
    CASE("REP.F64", "MOV.U r, 0;\nREP.F64 2.5;\nADD.U r, r, {1, 2, 0, 0};\nENDREP;", 2, 4, 0, 0);
}

/* ---- CC on 64-bit values (gp_ir.h: SF = bit 63, ZF = all 64 bits 0) ---- */
static void test_cc(void)
{
    /* x = 2^32 (low word 0, not zero), y = 0: EQ only for y */
    CASE("CC ZF 64", "PK64.U a, {0, 1, 0, 0};\nMOV.U64.CC b, a;\nMOV.U r, {1, 1, 1, 1};\nMOV.U r (EQ), 0;", 1, 0,
         1, 0);
    /* x negative (bit 63), y = 0x7fffffff_ffffffff (bit 31 set in the low word) */
    CASE("CC SF 64", "PK64.U a, {0, 0x80000000, 0xffffffff, 0x7fffffff};\nMOV.S64.CC b, a;\nMOV.U r, 0;\n"
                     "MOV.U r (LT), 1;", 1, 0, 1, 0);
    /* CF of ADD.U64: all ones + 1 carries out of bit 63; 0xffffffff + 1
     * does not (it carries into the high word) */
    CASE("CC CF 64", "PK64.U a, {0xffffffff, 0xffffffff, 0xffffffff, 0};\nADD.U64.CC b, a, 1;\nMOV.U r, 0;\n"
                     "MOV.U r (CF), 1;", 1, 0, 1, 0);
    /* OF of ADD.S64: INT64_MAX + 1 overflows */
    CASE("CC OF 64", "PK64.U a, {0xffffffff, 0x7fffffff, 0xffffffff, 0};\nADD.S64.CC1 b, a, 1;\nMOV.U r, 0;\n"
                     "MOV.U r (OF1), 1;", 1, 0, 1, 0);
    /* the CC write mask tests the CC before the instruction's own update
     * (NV_fragment_program_option UpdateDestination: mergedCC replaces cc
     * at the end): the CC starts EQ, so every component of (EQ.xxxx) is
     * written although x's update makes CC.x NE */
    CASE("CC test before update", "MOV.U r, 7;\nMOV.U.CC r (EQ.xxxx), {5, 0, 0, 0};", 5, 0, 0, 0);
    CASE("CC test before update 64", "MOV.U64 b, 9;\nMOV.U64.CC b (EQ.xxxx), {5, 0, 0, 0};\nUP64.U r, b;", 5, 0,
         0, 0);
    /* F64: 2^-1074 (smallest denormal) is not zero, -0.0 is */
    CASE("CC F64", "PK64.U a, {1, 0, 0, 0x80000000};\nMOV.F64.CC b, a;\nMOV.U r, 0;\nMOV.U r (EQ), 1;", 0, 1, 0,
         1);
}

/* ---- 64-bit literals: exact (gp_ir.h "64-bit storage", Constants) ------- */
static void test_literals(void)
{
    /* a = (1.0, 2.0) = (0x3ff00000_00000000, 0x40000000_00000000).  0.1 as a
     * double is 0x3fb99999_9999999a = 0x0.1999999999999a (56 fraction
     * bits); 1 + it = 0x1.1999999999999|a rounds up to 0x1.199999999999a =
     * 0x3ff19999_9999999a (= 1.1); 2 + it = 0x2.1999999999999a = 2 *
     * 0x1.0cccccccccccc|d, rounded up: 0x4000cccc_cccccccd (= 2.1).  (The
     * float 0.1 would give 1.100000001490116 = 0x3ff19999_a0000000.) */
    CASE("lit F64 0.1", "PK64.U a, {0, 0x3ff00000, 0, 0x40000000};\nADD.F64 b, a, 0.1;\nUP64.U r, b;", 0x9999999a,
         0x3ff19999, 0xcccccccd, 0x4000cccc);
    CASE("lit F64 {0.1}", "PK64.U a, {0, 0x3ff00000, 0, 0x40000000};\nADD.F64 b, a, {0.1, 0.1};\nUP64.U r, b;",
         0x9999999a, 0x3ff19999, 0xcccccccd, 0x4000cccc);
    /* 1 + 2^-52 = 0x3ff00000_00000001 (no float is between 1 and 1 +
     * 2^-23); minus 1.0 leaves 2^-52 = 0x3cb00000_00000000 */
    CASE("lit F64 1+2^-52", "MOV.F64 b, {1.0000000000000002, -0.0};\nUP64.U r, b;", 1, 0x3ff00000, 0,
         0x80000000);
    CASE("lit F64 2^-52", "SUB.F64 b, 1.0000000000000002, 1;\nUP64.U r, b;", 0, 0x3cb00000, 0, 0x3cb00000);
    /* w defaults to 1.0; the largest double; 1e999 overflows to +inf */
    CASE("lit F64 w", "MOV.F64 b, {0, 0, 0};\nUP64.U r, b.zwzw;", 0, 0, 0, 0x3ff00000);
    CASE("lit F64 max inf", "MOV.F64 b, {1.7976931348623157e308, 1e999};\nUP64.U r, b;", ONES, 0x7fefffff, 0,
         0x7ff00000);
    /* integers beyond 32 bits, decimal and hex */
    CASE("lit U64 hex", "MOV.U64 b, 0xFFFFFFFF00000001;\nUP64.U r, b;", 1, ONES, 1, ONES);
    CASE("lit U64 max", "MOV.U64 b, {18446744073709551615, 4294967296};\nUP64.U r, b;", ONES, ONES, 0, 1);
    /* -(2^63 - 1) = 0x80000000_00000001; in a vector -2^63 = INT64_MIN */
    CASE("lit S64 min+1", "MOV.S64 b, -9223372036854775807;\nUP64.U r, b;", 1, 0x80000000, 1, 0x80000000);
    CASE("lit S64 vec", "MOV.S64 b, {-9223372036854775808, 9223372036854775807};\nUP64.U r, b;", 0, 0x80000000,
         ONES, 0x7fffffff);
    /* the carry: 2^32 + 0xffffffff = 0x1_ffffffff; a 64-bit literal of an
     * integer op: 0x123456789 * 16 = 0x12_34567890, * -1 =
     * ~0x1_23456789 + 1 = 0xfffffffe_dcba9877 */
    CASE("lit ADD.U64", "ADD.U64 b, 4294967296, 0xffffffff;\nUP64.U r, b;", ONES, 1, ONES, 1);
    CASE("lit MUL.S64", "MUL.S64 b, 0x123456789, {16, -1};\nUP64.U r, b;", 0x34567890, 0x12, 0xdcba9877, 0xfffffffe);
    /* CVT reads its 64-bit operand type's literal: 2^53 + 1 as U64 to F64
     * rounds to even, 2^53 = 0x43400000_00000000 */
    CASE("lit CVT", "CVT.F64.U64 b, 9007199254740993;\nUP64.U r, b;", 0, 0x43400000, 0, 0x43400000);
    /* the same literal twice shares its rows */
    CASE("lit shared", "ADD.U64 b, 0x100000000, 0x100000000;\nUP64.U r, b;", 0, 2, 0, 2);
}

/* ---- F64 -------------------------------------------------------------------- */
static void test_f64(void)
{
    /* 1 + 2^-40 (2^-40 = 9.094947017729282e-13, exact as a float literal):
     * 0x3ff00000_00001000; the float sum is 1.0 */
    CASE("ADD.F64 1+2^-40", "ADD.F64 b, 1.0, 9.094947017729282e-13;\nUP64.U r, b;", 0x1000, 0x3ff00000, 0x1000,
         0x3ff00000);
    CASE("ADD.F 1+2^-40", "ADD.F r, 1.0, 9.094947017729282e-13;", 0x3f800000, 0x3f800000, 0x3f800000,
         0x3f800000);
    /* compares see the 2^-40: SEQ FALSE, SGT TRUE (1.0 = 0x3ff00000_00000000) */
    CASE("SEQ SGT .F64", "ADD.F64 a, 1.0, 9.094947017729282e-13;\nSEQ.F64 b.x, a, 1.0;\nSGT.F64 b.y, a, 1.0;\n"
                         "UP64.U r, b;", 0, 0, 0, 0x3ff00000);
    /* F64 -> F32 to nearest even (2^-24 = 5.9604644775390625e-08):
     * 1 + 2^-24 is halfway: even -> 1.0 (0x3f800000); 1 + 2^-24 + 2^-40 is
     * past halfway -> 1 + 2^-23 (0x3f800001); 1 + 3 * 2^-24 is halfway
     * between 0x3f800001 and 0x3f800002: even -> 0x3f800002; -(1 + 2^-24)
     * -> -1.0 */
    CASE("F64->F32 even", "ADD.F64 a, 1.0, 5.9604644775390625e-08;\nADD.F64 b, a, 9.094947017729282e-13;\n"
                          "ADD.F64 c, 1.0, 1.78813934326171875e-07;\nMOV.F r.x, a;\nMOV.F r.y, b;\nMOV.F r.z, c;\n"
                          "MOV.F r.w, -a;", 0x3f800000, 0x3f800001, 0x3f800002, 0xbf800000);
    /* the same narrowing at the store of a 64-bit result into a 32-bit variable */
    CASE("F64 store narrow", "ADD.F64 r.x, 1.0, 5.9604644775390625e-08;\nADD.F64 a, 1.0, 5.9604644775390625e-08;\n"
                             "ADD.F64 r.y, a, 9.094947017729282e-13;\nMUL.F64 r.z, a, -1;", 0x3f800000,
         0x3f800001, 0xbf800000, 0x5a5a5a5a);
    /* 1/3 = 0x3fd55555_55555555 (DIV and RCP); 3 * 1/3 rounds back to 1.0 */
    CASE("DIV.F64", "DIV.F64 b, 1.0, 3.0;\nUP64.U r, b;", 0x55555555, 0x3fd55555, 0x55555555, 0x3fd55555);
    CASE("RCP.F64", "RCP.F64 b, 3.0;\nMUL.F64 b.y, b, 3.0;\nUP64.U r, b;", 0x55555555, 0x3fd55555, 0, 0x3ff00000);
    /* MAD two roundings: (1 + 2^-30)^2 = 1 + 2^-29 + 2^-60 -> 1 + 2^-29 (the
     * 2^-60 is below half an ulp), minus 1 = 2^-29 = 0x3e200000_00000000 */
    CASE("MAD.F64", "ADD.F64 a, 1.0, 9.313225746154785e-10;\nMAD.F64 b, a, a, -1.0;\nUP64.U r, b;", 0, 0x3e200000,
         0, 0x3e200000);
    /* RCP(+-0) = +-INF; RSQ(-0) = 1/sqrt(|-0|) = +INF; RSQ(4) = 0.5 */
    CASE("RCP.F64 0", "RCP.F64 b.x, 0.0;\nRCP.F64 b.y, -0.0;\nUP64.U r, b;", 0, 0x7ff00000, 0, 0xfff00000);
    CASE("RSQ.F64", "RSQ.F64 b.x, -0.0;\nRSQ.F64 b.y, 4.0;\nUP64.U r, b;", 0, 0x7ff00000, 0, 0x3fe00000);
    /* NaN = 0/0: unequal to itself (SNE TRUE = 1.0, SEQ FALSE); CMP picks
     * its third operand; SSG(NaN) = 0; SSG(-3) = -1 */
    CASE("NaN compares", "DIV.F64 a, 0.0, 0.0;\nSNE.F64 b.x, a, a;\nSEQ.F64 b.y, a, a;\nUP64.U r, b;", 0,
         0x3ff00000, 0, 0);
    CASE("NaN CMP SSG", "DIV.F64 a, 0.0, 0.0;\nCMP.F64 b.x, a, 1.0, 2.0;\nSSG.F64 b.y, a;\nUP64.U r, b;", 0,
         0x40000000, 0, 0);
    CASE("SSG.F64", "SSG.F64 b, {-3, 0.5, 0, 0};\nUP64.U r, b;", 0, 0xbff00000, 0, 0x3ff00000);
    /* INF arithmetic: 1/0 - 1/0 = NaN (SNE TRUE); 1/0 * -1 = -INF */
    CASE("INF", "RCP.F64 a, 0.0;\nSUB.F64 c, a, a;\nSNE.F64 b.x, c, c;\nMUL.F64 b.y, a, -1;\nUP64.U r, b;", 0,
         0x3ff00000, 0, 0xfff00000);
    /* roundings: FLR(-1.5) = -2, CEIL(-0.5) = -0, ROUND(2.5) = 2 (even),
     * ROUND(3.5) = 4, TRUNC(-2.75) = -2 */
    CASE("FLR CEIL .F64", "FLR.F64 b.x, -1.5;\nCEIL.F64 b.y, -0.5;\nUP64.U r, b;", 0, 0xc0000000, 0, 0x80000000);
    CASE("ROUND .F64", "ROUND.F64 b.x, 2.5;\nROUND.F64 b.y, 3.5;\nUP64.U r, b;", 0, 0x40000000, 0, 0x40100000);
    CASE("TRUNC .F64", "TRUNC.F64 b, -2.75;\nUP64.U r, b;", 0, 0xc0000000, 0, 0xc0000000);
    /* FLR.S64 of 2^40 + 0.5 (0x42700000_00000800) = 2^40; of -1.5 = -2 */
    CASE("FLR.S64", "PK64.U a, {0x800, 0x42700000, 0, 0xbff80000};\nFLR.S64 b, a;\nUP64.U r, b;", 0, 0x100,
         0xfffffffe, ONES);
    /* the integer results saturate; NaN gives 0 (glprog/exec/wide.c exec_wide):
     * TRUNC.S64(1e30) = INT64_MAX, ROUND.U64(-3) = 0 */
    CASE("TRUNC.S64 sat", "TRUNC.S64 b.x, 1e30;\nROUND.U64 b.y, -3.0;\nUP64.U r, b;", ONES, 0x7fffffff, 0, 0);
    CASE("CEIL.U64 NaN", "DIV.F64 a, 0.0, 0.0;\nCEIL.U64 b.x, a;\nCEIL.S64 b.y, -1e30;\nUP64.U r, b;", 0, 0, 0,
         0x80000000);
    /* I2F.S64(-2^40) = -2^40 (0xc2700000_00000000); I2F.U64(2^64 - 1) = 2^64
     * (0x43f00000_00000000) */
    CASE("I2F.S64", "PK64.U a, {0, 0xffffff00, 0xffffffff, 0xffffffff};\nI2F.S64 b.x, a;\nI2F.U64 b.y, a;\n"
                    "UP64.U r, b;", 0, 0xc2700000, 0, 0x43f00000);
    /* FRC(-0.25) = 0.75; FRC(-2^-60) = 1 - 2^-60 rounds to 1.0, capped at
     * 1 - 2^-53 = 0x3fefffff_ffffffff (2^-60 = 8.673617379884035e-19) */
    CASE("FRC.F64", "FRC.F64 b.x, -0.25;\nFRC.F64 b.y, -8.673617379884035e-19;\nUP64.U r, b;", 0, 0x3fe80000, ONES,
         0x3fefffff);
    /* MIN / MAX see 1 + 2^-40 > 1 */
    CASE("MAX.F64", "ADD.F64 a, 1.0, 9.094947017729282e-13;\nMAX.F64 b.x, a, 1.0;\nMIN.F64 b.y, a, 1.0;\n"
                    "UP64.U r, b;", 0x1000, 0x3ff00000, 0, 0x3ff00000);
    /* _SAT clamps the double: 0.75 + 0.5 -> 1.0, -2 -> 0 */
    CASE("SAT.F64", "ADD.F64.SAT b.x, 0.75, 0.5;\nMOV.F64.SAT b.y, -2.0;\nUP64.U r, b;", 0, 0x3ff00000, 0, 0);
    /* operand modifiers on the double: -|x| */
    CASE("-|x| .F64", "MOV.F64 a, {2.0, -3.0, 0, 0};\nMOV.F64 b, -|a|;\nUP64.U r, b;", 0, 0xc0000000, 0,
         0xc0080000);
    /* a 32-bit float instruction reads (float)double of a LONG variable */
    CASE("F32 reads LONG", "DIV.F64 a, 1.0, 3.0;\nMUL.F r, a, 3.0;", 0x3f800000, 0x3f800000, 0x3f800000,
         0x3f800000);
}

/* ---- the front end ---------------------------------------------------------- */

static const struct ecase {
    int stage;
    const char *src;
    const char *mark; /* the error is at the first occurrence of this text */
    const char *msg;
} ecases[] = {
    /* Table X.13 "X" (not "6") columns: the 64-bit modifier is refused at it */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nDP4.F64 r, r, r;\nEND", "F64",
      "opcode 'DP4' does not take the 64-bit data type modifier '.F64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nEX2.F64 r, r.x;\nEND", "F64",
      "opcode 'EX2' does not take the 64-bit data type modifier '.F64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nBFE.S64 r, r, r;\nEND", "S64",
      "opcode 'BFE' does not take the 64-bit data type modifier '.S64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nTGALL.U64 r, r;\nEND", "U64",
      "opcode 'TGALL' does not take the 64-bit data type modifier '.U64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP r;\nPK64.U64 r, r;\nEND", "U64",
      "opcode 'PK64' does not take the 64-bit data type modifier '.U64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP r;\nUP64.F64 r, r;\nEND", "F64",
      "opcode 'UP64' does not take the 64-bit data type modifier '.F64'" },
    { GP_STAGE_FRAGMENT, "!!NVfp5.0\nTEMP r;\nTEX.F64 r, r, texture[0], 2D;\nEND", "F64",
      "opcode 'TEX' does not take the 64-bit data type modifier '.F64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nLRP.F64 r, r, r, r;\nEND", "F64",
      "opcode 'LRP' does not take the 64-bit data type modifier '.F64'" },
    /* "-" in a column: no such type at all */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nFRC.S64 r, r;\nEND", "S64",
      "opcode 'FRC' does not take the data type modifier '.S64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nAND.F64 r, r, r;\nEND", "F64",
      "opcode 'AND' does not take the data type modifier '.F64'" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nRCP.U64 r, r.x;\nEND", "U64",
      "opcode 'RCP' does not take the data type modifier '.U64'" },
    /* MUL's 32-bit modifiers do not combine with 64-bit types */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nMUL.S64.HI r, r, r;\nEND", "HI",
      "the modifier '.HI' cannot be combined with the 64-bit data type '.S64'" },
    /* clamping needs a float result */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nADD.U64.SAT r, r, r;\nEND", "SAT",
      "a clamping modifier needs a floating-point result; 'ADD.U' produces integers" },
    /* base and sized types may not both appear */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nADD.S.S64 r, r, r;\nEND", "S64", "more than one data type modifier on 'ADD'" },
    /* the gate: a 4.0 header */
    { GP_STAGE_VERTEX, "!!NVvp4.0\nTEMP r;\nADD.S64 r, r, r;\nEND", "S64",
      "the modifier '.S64' requires an NV_gpu_program5 header (!!NVvp5.0)" },
    /* EDGE.PK64_LONG: PK64 writes a LONG variable, UP64 reads one */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nPK64.U r, r;\nEND", "r, r;", "PK64 must write a variable declared LONG" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nPK64 result.texcoord[0], r;\nEND", "result.tex",
      "PK64 must write a variable declared LONG" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nTEMP r;\nLONG TEMP a;\nUP64.U r, r;\nEND", "r;\nEND",
      "the operand of UP64 must be a variable declared LONG" },
    { GP_STAGE_FRAGMENT, "!!NVfp5.0\nTEMP r;\nUP64.U r, {1, 2, 3, 4};\nEND", "{1",
      "the operand of UP64 must be a variable declared LONG" },
    { GP_STAGE_FRAGMENT, "!!NVfp5.0\nTEMP r;\nUP64 r, fragment.texcoord[0];\nEND", "fragment.tex",
      "the operand of UP64 must be a variable declared LONG" },
    /* PK64 and UP64 are NV5 opcodes */
    { GP_STAGE_VERTEX, "!!NVvp4.0\nLONG TEMP r;\nPK64 r, r;\nEND", "PK64",
      "opcode 'PK64' requires an NV_gpu_program5 header (!!NVvp5.0)" },
    /* PK64 has no C or S columns */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP r;\nPK64.CC r, r;\nEND", "CC",
      "opcode 'PK64' does not take condition code modifiers" },
    /* LONG ATTRIB only in vertex programs (glprog.nv5_long_attrib runs the
     * vertex ones); LONG OUTPUT never */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG ATTRIB x = vertex.id;\nEND", "vertex.id",
      "LONG cannot be used with" },
    { GP_STAGE_FRAGMENT, "!!NVfp5.0\nLONG ATTRIB x = fragment.texcoord[1];\nEND", "LONG",
      "LONG ATTRIB is only allowed in vertex programs" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG OUTPUT o = result.texcoord[1];\nEND", "LONG",
      "LONG is only allowed on TEMP declarations" },
    /* 64-bit literals (gp_ir.h "64-bit storage", Constants; 2.X.3.3: an
     * integer too large to be represented, a negative unsigned or a float
     * integer constant fails to load): at the literal (or its '-') */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nMOV.U64 a, 18446744073709551616;\nEND", "18446744073709551616",
      "does not fit 64 bits" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nMOV.U64 a, 0x10000000000000000;\nEND", "0x1",
      "does not fit 64 bits" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nMOV.S64 a, 9223372036854775808;\nEND", "9223372036854775808",
      "does not fit a signed 64-bit integer" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nMOV.S64 a, {1, -9223372036854775809};\nEND", "9223372036854775809",
      "does not fit a signed 64-bit integer" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nMOV.U64 a, {1, -2};\nEND", "-2",
      "used where an unsigned integer is needed" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG TEMP a;\nADD.S64 a, a, 0.5;\nEND", "0.5",
      "floating-point constant '0.5' used where a signed integer is needed" },
};

static const struct {
    int stage;
    const char *src;
} accepts[] = {
    /* every "6" row with its 64-bit types (F64 needs GL_NV_gpu_program_fp64,
     * always advertised: DT.FP64_GATE) */
    { GP_STAGE_VERTEX,
      "!!NVvp5.0\nLONG TEMP a, b;\nTEMP r;\n"
      "ABS.F64 a, b;\nABS.S64 a, b;\nADD.U64 a, a, b;\nADD.F64.CC a, a, b;\nAND.S64 a, a, b;\nCEIL.F64 a, b;\n"
      "CEIL.S64 a, b;\nCMP.U64 a, a, b, a;\nCMP.F64 a, a, b, a;\nDIV.F64 a, a, b.x;\nDIV.S64 a, a, b.y;\n"
      "FLR.F64 a, b;\nFLR.U64 a, b;\nFRC.F64 a, b;\nI2F.S64 a, b;\nI2F.U64 a, b;\nMAD.F64 a, a, b, a;\n"
      "MAD.S64 a, a, b, a;\nMAX.F64 a, a, b;\nMAX.U64 a, a, b;\nMIN.F64 a, a, b;\nMIN.S64 a, a, b;\n"
      "MOD.U64 a, a, b.x;\nMOV.F64 a, b;\nMOV.S64 a, b;\nMUL.F64 a, a, b;\nMUL.U64 a, a, b;\nNOT.S64 a, b;\n"
      "OR.U64 a, a, b;\nRCP.F64 a, b.x;\nROUND.F64 a, b;\nROUND.S64 a, b;\nRSQ.F64 a, b.x;\nSAD.U64 a, a, b, a;\n"
      "SEQ.F64 a, a, b;\nSEQ.S64 a, a, b;\nSFL.F64 a, a, b;\nSFL.U64 a, a, b;\nSGE.F64 a, a, b;\nSGE.U64 a, a, b;\n"
      "SGT.F64 a, a, b;\nSGT.S64 a, a, b;\nSHL.U64 a, a, b.x;\nSHR.S64 a, a, b.x;\nSLE.F64 a, a, b;\n"
      "SLE.U64 a, a, b;\nSLT.F64 a, a, b;\nSLT.S64 a, a, b;\nSNE.F64 a, a, b;\nSNE.U64 a, a, b;\nSSG.F64 a, b;\n"
      "STR.F64 a, a, b;\nSTR.S64 a, a, b;\nSUB.F64 a, a, b;\nSUB.S64.CC1 a, a, b;\nTRUNC.F64 a, b;\n"
      "TRUNC.U64 a, b;\nXOR.S64 a, a, b;\nREP.S64 a.x;\nBRK;\nENDREP;\nREP.F64 b.x;\nBRK;\nENDREP;\n"
      "PK64 a, r;\nPK64.U a, r;\nPK64.S32 a, r;\nUP64 r, a;\nUP64.S.CC r, a;\nUP64.F.SAT r, -a;\nUP64.U32 r, a;\n"
      "MOV.F64.SAT a, b;\nMOV.F64.SSAT a, b;\nMOV result.position, r;\nEND" },
    /* LONG TEMP arrays, relative addressing, ALIAS; in every program type */
    { GP_STAGE_FRAGMENT,
      "!!NVfp5.0\nLONG TEMP a[4], b;\nINT TEMP i;\nALIAS c = b;\nMOV.S i, fragment.texcoord[0];\n"
      "ADD.S64 a[i.x + 1], a[i.y], c;\nUP64.S result.color, a[2];\nEND" },
    { GP_STAGE_GEOMETRY,
      "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nLONG TEMP a;\n"
      "PK64 a, vertex[0].position;\nUP64 result.position, a;\nEMIT;\nEND" },
    /* under 4.0, LONG TEMP is a 32-bit temporary as before (NV4 2.X.3.1) */
    { GP_STAGE_VERTEX, "!!NVvp4.0\nLONG TEMP a;\nMOV a, vertex.position;\nMOV result.position, a;\nEND" },
};

static void test_front_end(void)
{
    for (size_t i = 0; i < sizeof(ecases) / sizeof(ecases[0]); i++) {
        const struct ecase *c = &ecases[i];
        gp_limits lim;
        gp_limits_default(&lim, (gp_stage)c->stage);
        gp_error err;
        gp_program *p = gp_compile(c->src, strlen(c->src), (gp_stage)c->stage, &lim, &err);
        CHECK(!p, "error case %zu accepted:\n%s", i, c->src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        /* the marker's first occurrence after the header line */
        const char *m = strstr(c->src + 10, c->mark);
        int want = m ? (int)(m - c->src) : -1;
        CHECK(err.pos == want, "error case %zu: position %d (%d:%d), want %d: %s", i, err.pos, err.line, err.col,
              want, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "error case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
    }
    for (size_t i = 0; i < sizeof(accepts) / sizeof(accepts[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(accepts[i].src, strlen(accepts[i].src), (gp_stage)accepts[i].stage, NULL, &err);
        CHECK(p != NULL, "accept case %zu: %d:%d %s", i, err.line, err.col, err.msg);
        if (!p)
            continue;
        gp_program *q = t_reprint(p, (gp_stage)accepts[i].stage, "accept");
        gp_program_free(q);
        gp_program_free(p);
    }
    /* storage: a LONG TEMP of n elements takes 2n temporaries (low words,
     * then high words), a plain TEMP one */
    {
        const char *src = "!!NVvp5.0\nTEMP r;\nLONG TEMP a, b[3];\nTEMP s;\nMOV.U64 b[2], a;\nMOV.U s, r;\n"
                          "MOV result.position, s;\nEND";
        gp_error err;
        gp_program *p = gp_compile(src, strlen(src), GP_STAGE_VERTEX, NULL, &err);
        CHECK(p != NULL, "storage: %s", err.msg);
        if (p) {
            /* r = 0; a = 1 (low), 2 (high); b = 3..5 (low), 6..8 (high); s = 9 */
            const gp_insn *mv = &p->insns[p->entry];
            CHECK(mv->dst.file == GP_FILE_TEMP && mv->dst.index == 5 && mv->dst.hi == 3, "b[2]: index %d hi %d",
                  mv->dst.index, mv->dst.hi);
            CHECK(mv->src[0].index == 1 && mv->src[0].hi == 1, "a: index %d hi %d", mv->src[0].index,
                  mv->src[0].hi);
            CHECK(mv->type == GP_TYPE_U64, "MOV.U64 type %d", mv->type);
            const gp_insn *m2 = &p->insns[p->entry + 1];
            CHECK(m2->dst.index == 9 && m2->dst.hi == 0 && m2->src[0].index == 0 && m2->src[0].hi == 0,
                  "s: index %d hi %d", m2->dst.index, m2->dst.hi);
            gp_program_free(p);
        }
    }
}

/* ---- 600 deterministic mutations of a 64-bit program: those that compile
 * print to a fixed point and give the same bits with and without the fast
 * paths (and none crashes) ---------------------------------------------------- */
static uint64_t mut_rng = 0x5eed64;

static uint32_t mut_rnd(uint32_t n)
{
    mut_rng = mut_rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)((mut_rng >> 33) % n) : 0;
}

static void test_mutations(void)
{
    static const char base[] =
        "!!NVvp5.0\n"
        "LONG TEMP a, b, l[2];\n"
        "TEMP f, i;\n"
        "PK64.U a, vertex.attrib[1];\n"
        "MOV.S i, vertex.attrib[2];\n"
        "ADD.U64.CC b, a, a.yxwz;\n"
        "MUL.S64 l[1], -b, a.x;\n"
        "SHR.S64 b.xz, l[i.x], i.y;\n"
        "DIV.F64 a (NE.x), |b|, a.y;\n"
        "CMP.S64 l[0], a, b, l[1];\n"
        "MOV.F f, a;\n"
        "UP64.U result.texcoord[0], b;\n"
        "UP64.S result.texcoord[1], l[i.z];\n"
        "MOV result.texcoord[2], f;\n"
        "MOV result.position, 0;\n"
        "END\n";
    static const char *const words[] = { ".S64", ".U64", ".F64", "-", "|", ".x", "LONG ", "0x80000000", "64",
                                          "-1", "PK64", "UP64", ".CC", ".SAT" };
    static const uint32_t edge[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 63, 64, 65, 0x3ff00000u,
                                     0x80000000u, 0x12345678u, 1 };
    int compiled = 0;
    for (int it = 0; it < 600; it++) {
        char src[1024];
        size_t n = sizeof(base) - 1;
        memcpy(src, base, n + 1);
        int edits = 1 + (int)mut_rnd(3);
        for (int k = 0; k < edits; k++) {
            uint32_t what = mut_rnd(8);
            if (what < 5) {
                static const char *const ops[] = { "ADD", "MUL", "SHR", "SHL", "DIV", "MOD", "CMP", "MOV", "PK64",
                                                   "UP64", "SLT", "MAD", "FLR", "I2F", "RCP", "SAD" };
                static const char *const mods[] = { "", ".S64", ".U64", ".F64", ".S", ".U", ".F", ".S64.CC",
                                                    ".U64.CC1", ".F64.SAT", ".SAT", ".CC0" };
                char *line = src;
                for (int skip = 3 + (int)mut_rnd(9); skip > 0 && line; skip--) {
                    line = strchr(line, '\n');
                    if (line)
                        line++;
                }
                char *sp = line ? strchr(line, ' ') : NULL;
                if (!sp)
                    continue;
                char word[32];
                snprintf(word, sizeof(word), "%s%s", ops[mut_rnd(16)], mods[mut_rnd(12)]);
                size_t wl = strlen(word), ol = (size_t)(sp - line);
                if (n - ol + wl + 1 >= sizeof(src))
                    continue;
                memmove(line + wl, sp, n - (size_t)(sp - src) + 1);
                memcpy(line, word, wl);
                n = n - ol + wl;
            } else if (what < 7) {
                size_t at = mut_rnd((uint32_t)n);
                if (src[at] != '\n' && src[at] != ';')
                    src[at] = " ,-|xyzw0123"[mut_rnd(12)];
            } else {
                const char *w = words[mut_rnd(sizeof(words) / sizeof(words[0]))];
                size_t wl = strlen(w), at = mut_rnd((uint32_t)n);
                if (n + wl + 1 < sizeof(src)) {
                    memmove(src + at + wl, src + at, n - at + 1);
                    memcpy(src + at, w, wl);
                    n += wl;
                }
            }
        }
        gp_error err;
        gp_program *p = gp_compile(src, n, GP_STAGE_VERTEX, NULL, &err);
        if (!p)
            continue;
        compiled++;
        gp_program *q = t_reprint(p, GP_STAGE_VERTEX, "mutation");
        tenv *e[2];
        for (int k = 0; k < 2; k++) {
            e[k] = te_new();
            gp_machine_set_fast_paths(e[k]->m, k == 0);
            te_bind_consts(e[k], p);
            for (int sl = 0; sl < 4; sl++)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++)
                        e[k]->in[sl].c[c][l].u = edge[(sl * 7 + c * 3 + l) % 12];
            gp_exec(p, &e[k]->env);
        }
        CHECK(e[0]->env.status == e[1]->env.status, "mutation %d: status %d vs %d", it, e[0]->env.status,
              e[1]->env.status);
        CHECK(memcmp(e[0]->out, e[1]->out, sizeof(e[0]->out)) == 0, "mutation %d: fast and generic differ:\n%s",
              it, src);
        if (q) {
            /* the reprint computes the same bits */
            tenv *r = te_new();
            te_bind_consts(r, q);
            for (int sl = 0; sl < 4; sl++)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++)
                        r->in[sl].c[c][l].u = edge[(sl * 7 + c * 3 + l) % 12];
            gp_exec(q, &r->env);
            CHECK(memcmp(e[0]->out, r->out, sizeof(r->out)) == 0, "mutation %d: the reprint differs:\n%s", it, src);
            te_free(r);
        }
        te_free(e[0]);
        te_free(e[1]);
        gp_program_free(q);
        gp_program_free(p);
    }
    CHECK(compiled >= 40, "only %d mutations compiled", compiled);
    printf("mutations: %d of 600 compiled\n", compiled);
}

int main(void)
{
    test_front_end();
    T_BOTH_PATHS
    {
        test_pack();
        test_int64();
        test_cc();
        test_f64();
        test_literals();
    }
    test_mutations();
    return t_report("nv5_wide");
}
