/*
 * test_exec_nv4.c - the executor on NV_gpu_program4 vertex programs written
 * as assembly text (ctest glprog.exec_nv4; both the fast and the generic
 * paths): .S/.U operand views (integer negate and |x|), typed results and
 * set-on values, the integer opcodes on edge values (INT_MIN, INT_MAX, 0,
 * -1, UINT_MAX; shifts by 0/31/32/33/-1; division by zero; MUL.HI of the
 * wide-multiply notes' values; S24/U24), float->int conversions (FLR CEIL
 * ROUND TRUNC .S/.U with NaN, inf and out-of-range), I2F, SAD, the NV4
 * condition codes (SF ZF OF CF and the Table X.16 tests, CC0 and CC1),
 * REP with no count, with a typed count, the watchdog on an endless REP,
 * relative addressing through an integer temporary and unsupported
 * opcodes ending cleanly.  Expected values are worked out by hand next to
 * each case; the choices where the spec says "undefined" are those listed
 * in gp_exec.c (exec_typed).
 */
/* covers: OP.ADD OP.SUB OP.MUL OP.MAD OP.ABS OP.MOV OP.MIN OP.MAX OP.CMP OP.AND OP.OR OP.XOR OP.NOT OP.SHL OP.SHR OP.DIV OP.MOD OP.SAD OP.I2F OP.FLR OP.CEIL OP.ROUND OP.TRUNC OP.SEQ OP.SNE OP.SLT OP.SGE OP.SGT OP.SLE OP.SFL OP.STR OP.REP OP.BRK OP.TXF OP.TXQ */
/* covers: MOD.S MOD.U MOD.F MOD.S24 MOD.U24 MOD.HI MOD.CC0 MOD.CC1 MOD.OPND_NEG MOD.OPND_ABS MOD.DST_CCMASK MOD.ARRAY_REL */
/* covers: CC.REG_NV4 CC.UPD_FLOAT CC.UPD_INT CC.UPD_OF CC.UPD_CF CC.UPD_NEG CC.UPD_MUL CC.EQ CC.NE CC.LT CC.LE CC.GT CC.GE CC.TR CC.FL CC.NAN CC.LEG CC.CF CC.NCF CC.OF CC.NOF CC.SF CC.NSF CC.AB CC.BLE */
/* covers: EDGE.INT_DIV0 EDGE.MOD_RANGE EDGE.SHIFT_RANGE EDGE.SHR_SIGN EDGE.INT_MIN_NEG EDGE.FLOAT_TO_INT EDGE.INT_TO_FLOAT EDGE.MUL24 EDGE.MUL_HI EDGE.INT_OVERFLOW EDGE.SAD_TYPES EDGE.SET_TRUE EDGE.ROUND_HALF EDGE.REP_NOCOUNT EDGE.REL_ADDR_OOB EDGE.PBO_UNBOUND EDGE.VERTEX_ID */
#include "test_exec_common.h"

#define NEG1 0xffffffffu
#define IMIN 0x80000000u
#define IMAX 0x7fffffffu
#define ANYNAN 0x7fc0deadu /* run_case: any NaN */

static gp_program *compile(const char *src)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), GP_STAGE_VERTEX, &lim, &err);
    CHECK(p != NULL, "compile: line %d col %d: %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

/* Runs "!!NVvp4.0 TEMP r, t, u, f; <body> MOV.U result.texcoord[0], r; END"
 * over 16 lanes and checks that every lane wrote want[] (bits). */
static void run_case(const char *name, const char *body, const uint32_t want[4])
{
    char src[4096];
    snprintf(src, sizeof(src),
             "!!NVvp4.0\nTEMP r, t, u, f;\n%s\nMOV.U result.texcoord[0], r;\n"
             "MOV result.position, 0;\nEND\n", body);
    gp_program *p = compile(src);
    if (!p)
        return;
    tenv *e = te_new();
    te_bind_consts(e, p);
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
    for (int l = 0; l < GP_LANES; l++)
        for (int c = 0; c < 4; c++) {
            uint32_t got = e->out[GP_VARY_TEX0].c[c][l].u;
            /* ANYNAN: any float NaN (payload and sign are not specified) */
            bool ok = want[c] == ANYNAN ? isnan(t_float(got)) : got == want[c];
            if (l == 0 || !ok)
                CHECK(ok, "%s: lane %d comp %d = 0x%08x (%d, %g), want 0x%08x (%d)",
                      name, l, c, got, (int32_t)got, t_float(got), want[c], (int32_t)want[c]);
        }
    te_free(e);
    gp_program_free(p);
}

#define CASE(name, body, a, b, c, d)                                          \
    do {                                                                      \
        const uint32_t w_[4] = {(uint32_t)(a), (uint32_t)(b), (uint32_t)(c), \
                                (uint32_t)(d)};                               \
        run_case(name, body, w_);                                             \
    } while (0)

static uint32_t fb(float f)
{
    return t_bits(f);
}

/* ---- operand views, arithmetic ---------------------------------------------- */
static void test_arith(void)
{
    CASE("ADD.S wrap", "ADD.S r, {2147483647, -2147483648, 5, -1}, {1, -1, -7, 1};",
         IMIN, IMAX, -2, 0);
    CASE("ADD.U wrap", "ADD.U r, {4294967295, 1, 0, 0}, {1, 2, 0, 4294967295};", 0, 3, 0, NEG1);
    CASE("SUB.S", "SUB.S r, {-2147483648, 0, 5, 0}, {1, -2147483648, 7, 0};", IMAX, IMIN, -2, 0);
    /* integer negate: two's complement, -INT_MIN = INT_MIN; |INT_MIN| = INT_MIN */
    CASE("MOV.S -t", "MOV.S t, {-2147483648, 1, 0, -1};\nMOV.S r, -t;", IMIN, NEG1, 0, 1);
    CASE("MOV.S |t|", "MOV.S t, {-2147483648, -5, 0, 7};\nMOV.S r, |t|;", IMIN, 5, 0, 7);
    CASE("MOV.S -|t|", "MOV.S t, {-2147483648, -5, 0, 7};\nMOV.S r, -|t|;", IMIN, -5, 0, -7);
    CASE("ABS.S", "MOV.S t, {-2147483648, -5, 0, 7};\nABS.S r, t;", IMIN, 5, 0, 7);
    /* .U: |x| is a no-op, negate is two's complement */
    CASE("ABS.U", "MOV.S t, {-2147483648, -5, 0, 7};\nABS.U r, t;", IMIN, -5, 0, 7);
    CASE("MOV.U -|t|", "MOV.U t, {1, 0, 4294967295, 2147483648};\nMOV.U r, -|t|;", NEG1, 0, 1,
         IMIN);
    /* a float operand of MOV.S is its bits */
    CASE("MOV.S bits", "MOV t, {1.0, -2.0, 0, 0};\nMOV.S r, t;", 0x3f800000u, 0xc0000000u, 0, 0);
    CASE("MUL.S", "MUL.S r, {65536, -3, 2147483647, -2147483648}, {65536, 5, 2, -1};", 0, -15,
         0xfffffffeu, IMIN);
    CASE("MUL.U", "MUL.U r, {4294967295, 65537, 3, 0}, {4294967295, 65535, 5, 7};", 1,
         0xffffffffu, 15, 0);
    /* wide-multiply notes: 0xFFFFFFFE * 4 = 0x3_FFFFFFF8 (U), -2 * 4 = -8 (S) */
    CASE("MUL.HI.U", "MUL.HI.U r, {4294967294, 4294967295, 65536, 3}, {4, 4294967295, 65536, 5};",
         3, 0xfffffffeu, 1, 0);
    /* INT_MIN^2 = 2^62; INT_MIN * INT_MAX = -2^62 + 2^31 = 0xC0000000_80000000 */
    CASE("MUL.HI.S", "MUL.HI.S r, {-2, -2147483648, -2147483648, 3}, {4, -2147483648, 2147483647, -5};",
         NEG1, 0x40000000u, 0xc0000000u, NEG1);
    /* S24: low 24 bits, sign-extended: 0xffffff is -1 */
    CASE("MUL.S24", "MUL.S24 r, {8388607, -8388608, 16777215, 3}, {2, 2, 1, -4};", 16777214,
         0xff000000u, NEG1, -12);
    /* S24 of the extremes: (2^23 - 1)^2 = 0x3FFFFF_000001, (-2^23)^2 = 2^46 */
    CASE("MUL.S24 wide", "MUL.S24 r, {8388607, -8388608, -8388608, 0}, {8388607, -8388608, 8388607, 0};",
         0xff000001u, 0, 0x00800000u, 0);
    /* U24: 0xffffff^2 = 0xFFFFFE000001, low 32 bits */
    CASE("MUL.U24", "MUL.U24 r, {16777215, 16777216, 2, 0}, {16777215, 5, 3, 0};", 0xfe000001u, 0,
         6, 0);
    CASE("MAD.S", "MAD.S r, {3, -3, 2147483647, 0}, {4, 4, 2, 0}, {1, 1, 2, -1};", 13, -11, 0,
         NEG1);
    CASE("MAD.U", "MAD.U r, {65536, 3, 0, 1}, {65536, 5, 0, 1}, {1, 4294967295, 0, 4294967295};",
         1, 14, 0, 0);
    CASE("MIN.S", "MIN.S r, {-1, 5, -2147483648, 0}, {1, 4, 2147483647, 0};", NEG1, 4, IMIN, 0);
    CASE("MAX.S", "MAX.S r, {-1, 5, -2147483648, 0}, {1, 4, 2147483647, 0};", 1, 5, IMAX, 0);
    CASE("MIN.U", "MIN.U r, {4294967295, 5, 2147483648, 0}, {1, 4, 2147483647, 0};", 1, 4, IMAX,
         0);
    CASE("MAX.U", "MAX.U r, {4294967295, 5, 2147483648, 0}, {1, 4, 2147483647, 0};", NEG1, 5,
         IMIN, 0);
    CASE("CMP.S", "CMP.S r, {-1, 0, -2147483648, 5}, {1, 1, 1, 1}, {2, 2, 2, 2};", 1, 2, 1, 2);
    /* .U operands are never negative */
    CASE("CMP.U", "CMP.U r, {4294967295, 0, 2147483648, 5}, {1, 1, 1, 1}, {2, 2, 2, 2};", 2, 2, 2,
         2);
    /* SAD: |a - b| (of the type, as unsigned) + c (unsigned) */
    CASE("SAD.S", "SAD.S r, {-5, -2147483648, 3, 0}, {5, 2147483647, 3, 0}, {1, 0, 7, 4294967295};",
         11, NEG1, 7, NEG1);
    CASE("SAD.U", "SAD.U r, {0, 5, 3, 1}, {4294967295, 3, 3, 2}, {0, 0, 1, 4294967295};", NEG1, 2,
         1, 0);
}

/* ---- set-on: TRUE = 1.0 / -1 / ~0 ------------------------------------------- */
static void test_set(void)
{
    CASE("SEQ.S", "SEQ.S r, {1, 2, 3, -1}, {1, 3, 2, -1};", NEG1, 0, 0, NEG1);
    CASE("SNE.S", "SNE.S r, {1, 2, 3, -1}, {1, 3, 2, -1};", 0, NEG1, NEG1, 0);
    CASE("SGE.S", "SGE.S r, {1, 2, 3, -1}, {1, 3, 2, -1};", NEG1, 0, NEG1, NEG1);
    CASE("SGT.S", "SGT.S r, {1, 2, 3, -1}, {1, 3, 2, -1};", 0, 0, NEG1, 0);
    CASE("SLE.S", "SLE.S r, {1, 2, 3, -1}, {1, 3, 2, -1};", NEG1, NEG1, 0, NEG1);
    CASE("SLT.S", "SLT.S r, {-1, 1, 0, -2147483648}, {0, 0, 0, 2147483647};", NEG1, 0, 0, NEG1);
    CASE("SLT.U", "SLT.U r, {1, 4294967295, 0, 2147483648}, {2, 0, 0, 2147483647};", NEG1, 0, 0,
         0);
    CASE("SGE.U", "SGE.U r, {1, 4294967295, 0, 2147483648}, {2, 0, 0, 2147483647};", 0, NEG1, NEG1,
         NEG1);
    CASE("SFL.U STR.S", "SFL.U r.xy, 1, 1;\nSTR.S r.zw, 1, 2;", 0, 0, NEG1, NEG1);
    CASE("SEQ.F STR.F", "SEQ.F r.xy, {1, 2, 0, 0}, {1, 3, 0, 0};\nSTR r.zw, 0, 0;", fb(1.0f), 0,
         fb(1.0f), fb(1.0f));
}

/* ---- bitwise, shifts, division ----------------------------------------------- */
static void test_bits(void)
{
    /* 0xF0F0F0F0 = 4042322160, 0x0FF00FF0 = 267390960 */
    CASE("AND.U", "AND.U r, {4042322160, 4294967295, 0, 5}, {267390960, 2147483648, 7, 3};",
         0x00f000f0u, IMIN, 0, 1);
    CASE("OR.S", "OR.S r, {-2147483648, 1, 0, -1}, {1, 2, 0, 0};", 0x80000001u, 3, 0, NEG1);
    CASE("XOR.U", "XOR.U r, {4042322160, 4294967295, 5, 0}, {267390960, 1, 5, 0};", 0xff00ff00u,
         0xfffffffeu, 0, 0);
    CASE("NOT.S", "NOT.S r, {0, -1, 2147483647, -2147483648};", NEG1, 0, IMIN, IMAX);
    /* counts modulo 32: 32 -> 0, 33 -> 1, -1 -> 31 */
    CASE("SHL.U", "MOV.U t, {3, 3, 3, 3};\nSHL.U r.x, t, 0;\nSHL.U r.y, t, 31;\n"
                  "SHL.U r.z, t, 32;\nSHL.U r.w, t, 33;", 3, IMIN, 3, 6);
    CASE("SHL.S -1", "SHL.S r, {1, 3, -1, 0}, -1;", IMIN, IMIN, IMIN, 0);
    CASE("SHR.S", "MOV.S t, -8;\nSHR.S r.x, t, 1;\nSHR.S r.y, t, 31;\nSHR.S r.z, t, 32;\n"
                  "SHR.S r.w, t, 33;", -4, NEG1, -8, -4);
    CASE("SHR.S pos", "SHR.S r, {2147483647, 8, 16, 0}, 1;", 0x3fffffffu, 4, 8, 0);
    CASE("SHR.U", "MOV.U t, 2147483648;\nSHR.U r.x, t, 0;\nSHR.U r.y, t, 31;\nSHR.U r.z, t, 32;\n"
                  "SHR.U r.w, t, 33;", IMIN, 1, IMIN, 0x40000000u);
    CASE("SHR.S -1", "SHR.S r, {-2147483648, 2147483647, -1, 5}, -1;", NEG1, 0, NEG1, 0);
    CASE("DIV.S", "DIV.S r, {7, -7, -2147483648, 5}, 2;", 3, -3, 0xc0000000u, 2);
    CASE("DIV.S 0", "DIV.S r, {7, -7, 0, -2147483648}, 0;", NEG1, NEG1, NEG1, NEG1);
    CASE("DIV.S -1", "DIV.S r, {-2147483648, 7, 0, 2147483647}, -1;", IMIN, -7, 0, 0x80000001u);
    CASE("DIV.U", "DIV.U r, {7, 4294967295, 0, 2147483648}, 2;", 3, IMAX, 0, 0x40000000u);
    CASE("DIV.U 0", "DIV.U r, {7, 4294967295, 0, 1}, 0;", NEG1, NEG1, NEG1, NEG1);
    /* INT_MIN % 3: -2147483648 = -715827882 * 3 - 2 */
    CASE("MOD.S", "MOD.S r, {7, -7, 8, -2147483648}, 3;", 1, -1, 2, -2);
    CASE("MOD.S 0 -1", "MOD.S r.xy, {7, -7, 0, 0}, 0;\nMOD.S r.zw, {0, 0, -2147483648, 9}, -1;",
         NEG1, NEG1, 0, 0);
    CASE("MOD.U", "MOD.U r, {7, 4294967295, 0, 2147483648}, 10;", 7, 5, 0, 8);
    CASE("MOD.U 0", "MOD.U r, {7, 4294967295, 0, 1}, 0;", NEG1, NEG1, NEG1, NEG1);
}

/* ---- conversions --------------------------------------------------------------- */
/* t = (+inf, NaN, -inf, -0.0) */
#define SPECIALS "RCP t.x, 0;\nMUL t.y, t.x, 0;\nRCP t.z, -0.0;\nMOV t.w, -0.0;\n"

static void test_convert(void)
{
    CASE("FLR.S", "FLR.S r, {-1.5, 2.5, 3e9, -3e9};", -2, 2, IMAX, IMIN);
    CASE("CEIL.S", "CEIL.S r, {-1.5, 2.5, -0.5, 2147483520.0};", -1, 3, 0, 2147483520);
    /* round half to even */
    CASE("ROUND.S", "ROUND.S r, {2.5, 3.5, -2.5, -0.5};", 2, 4, -2, 0);
    CASE("TRUNC.S", "TRUNC.S r, {-1.9, 1.9, -2147483648.0, 2147483648.0};", -1, 1, IMIN, IMAX);
    CASE("TRUNC.S special", SPECIALS "TRUNC.S r, t;", IMAX, 0, IMIN, 0);
    CASE("TRUNC.U special", SPECIALS "TRUNC.U r, t;", NEG1, 0, 0, 0);
    /* 4294967040 = 2^32 - 256 is a float; 5e9 saturates; negatives give 0 */
    CASE("TRUNC.U", "TRUNC.U r, {-1.5, 5e9, 4294967040.0, 2.9};", 0, NEG1, 0xffffff00u, 2);
    CASE("FLR.U", "FLR.U r, {-0.5, 1.5, 2147483648.0, 0};", 0, 1, IMIN, 0);
    CASE("CEIL.U", "CEIL.U r, {-0.5, 1.2, 0, 7};", 0, 2, 0, 7);
    /* .F results are floats (-0 stays -0) */
    CASE("ROUND.F", "ROUND.F r, {2.5, -3.5, -0.25, 1.5};", fb(2.0f), fb(-4.0f), fb(-0.0f),
         fb(2.0f));
    CASE("CEIL TRUNC .F", "CEIL r.xy, {-1.5, 1.25, 0, 0};\nTRUNC r.zw, {0, 0, -1.75, 1.75};",
         fb(-1.0f), fb(2.0f), fb(-1.0f), fb(1.0f));
    CASE("CEIL.F special", SPECIALS "CEIL r, t;\nMOV r.y, 0;", fb(INFINITY), 0, fb(-INFINITY),
         fb(-0.0f));
    /* 16777217 rounds to even 16777216 */
    CASE("I2F.S", "I2F.S r, {-2147483648, -1, 16777217, 0};", fb(-2147483648.0f), fb(-1.0f),
         fb(16777216.0f), 0);
    CASE("I2F.U", "I2F.U r, {4294967295, 2147483648, 16777219, 1};", fb(4294967296.0f),
         fb(2147483648.0f), fb(16777220.0f), fb(1.0f));
    CASE("I2F default S", "MOV.S t, -3;\nI2F r, t;", fb(-3.0f), fb(-3.0f), fb(-3.0f), fb(-3.0f));
    CASE("I2F.U -t", "MOV.U t, 1;\nI2F.U r, -t;", fb(4294967296.0f), fb(4294967296.0f),
         fb(4294967296.0f), fb(4294967296.0f));
    /* _SAT on a float result of a typed-operand opcode */
    CASE("I2F.U SAT? FLR.F SAT", "FLR.F.SAT r, {-1.5, 2.5, 0.5, 1.0};", fb(0.0f), fb(1.0f),
         fb(0.0f), fb(1.0f));
}

/* ---- condition codes (2.X.4.3, Table X.16) ------------------------------------ */
/* f = OF*1 + CF*2 + SF*4 + EQ*8 from CC0 */
#define FLAGS0 "MOV.U r, 0;\nOR.U r (OF), r, 1;\nOR.U r (CF), r, 2;\nOR.U r (SF), r, 4;\n" \
               "OR.U r (EQ), r, 8;"

static void test_cc(void)
{
    /* INT_MAX+1: OF SF; -1+1: CF ZF; 0+0: ZF; 1-2 as 1 + 0xfffffffe: SF */
    CASE("ADD.S.CC", "ADD.S.CC t, {2147483647, -1, 0, 1}, {1, 1, 0, -2};\n" FLAGS0, 5, 10, 8, 4);
    /* CF of a subtract = no borrow (a >= b unsigned) */
    CASE("SUB.S.CC", "SUB.S.CC t, {0, 5, -2147483648, 3}, {1, 5, 1, -1};\n" FLAGS0, 4, 10, 3, 0);
    /* a + -b is the subtract a - b: 7 - 0 sets CF (no borrow), 7 + 0 would not */
    CASE("ADD.S.CC -b", "MOV.S u, 0;\nADD.S.CC t, {7, 0, 0, 0}, -u;\n" FLAGS0, 2, 10, 10, 10);
    CASE("ADD.U.CC plain", "MOV.S u, 0;\nADD.U.CC t, {7, 0, 0, 0}, u;\n" FLAGS0, 0, 8, 8, 8);
    /* MUL clears OF/CF even when the product overflows */
    CASE("MUL.S.CC", "MUL.S.CC t, {65536, 2147483647, -1, 3}, {65536, 2, 1, 1};\n" FLAGS0, 8, 4,
         4, 0);
    /* MAD: flags of the add */
    CASE("MAD.U.CC", "MAD.U.CC t, {65536, 1, 0, 2}, {65535, 1, 0, 2}, {65536, 4294967295, 0, 1};\n"
         FLAGS0, 2 + 8, 2 + 8, 8, 0);
    /* SAD: |a-b| + c, carry out of the add */
    CASE("SAD.U.CC", "SAD.U.CC t, {0, 1, 2, 3}, {1, 1, 2, 3}, {4294967295, 0, 5, 0};\n" FLAGS0,
         2 + 8, 8, 0, 8);
    /* float: -1 LT, 0 EQ, 1 GT, NaN: only NAN (and NE) */
    CASE("MOV.F.CC", SPECIALS "MOV.CC u, {-1, 0, 1, 0};\nMOV.CC u.w, t.y;\nMOV.U r, 0;\n"
         "OR.U r (LT), r, 1;\nOR.U r (EQ), r, 2;\nOR.U r (GT), r, 4;\nOR.U r (NAN), r, 8;\n"
         "OR.U r (NE), r, 16;\nOR.U r (LE), r, 32;\nOR.U r (GE), r, 64;",
         1 + 16 + 32, 2 + 32 + 64, 4 + 16 + 64, 8 + 16);
    /* -0.0 is EQ */
    CASE("MOV.F.CC -0", "MOV.CC u, -0.0;\nMOV.U r, 0;\nOR.U r (EQ), r, 1;", 1, 1, 1, 1);
    /* integer results: SF = MSB, ZF = 0; signed compares are LT/GE by SF ^ OF */
    CASE("MOV.S.CC", "MOV.S.CC u, {-1, 0, 1, -2147483648};\nMOV.U r, 0;\nOR.U r (LT), r, 1;\n"
         "OR.U r (EQ), r, 2;\nOR.U r (GT), r, 4;\nOR.U r (SF), r, 8;\nOR.U r (NSF), r, 16;",
         1 + 8, 2 + 16, 4 + 16, 1 + 8);
    /* CC1 and the carry/flag tests; r ORs AB BLE NCF NSF FL TR LEG NOF */
    CASE("ADD.U.CC1", "ADD.U.CC1 u, {4294967295, 1, 0, 0}, {2, 1, 0, 0};\nMOV.U r, 0;\n"
         "OR.U r (AB1), r, 1;\nOR.U r (BLE1), r, 2;\nOR.U r (NCF1), r, 4;\nOR.U r (NSF1), r, 8;\n"
         "OR.U r (FL1), r, 16;\nOR.U r (TR1), r, 32;\nOR.U r (LEG1), r, 64;\nOR.U r (NOF1), r, 128;",
         1 + 8 + 32 + 64 + 128, 2 + 4 + 8 + 32 + 64 + 128, 2 + 4 + 8 + 32 + 64 + 128,
         2 + 4 + 8 + 32 + 64 + 128);
    /* CC1 update leaves CC0 alone (EQ from the start), CC swizzle */
    CASE("CC0 untouched", "SUB.S.CC1 u, {1, 2, 3, 4}, 0;\nMOV.U r, 0;\nOR.U r (EQ0), r, 1;\n"
         "OR.U r (GT1.wzyx), r, 2;", 3, 3, 3, 3);
    /* signed overflow flips LT: INT_MIN - 1 = INT_MAX with OF: LT holds */
    CASE("SUB.S.CC OF LT", "SUB.S.CC u, {-2147483648, 2147483647, 0, 0}, {1, -1, 0, 0};\n"
         "MOV.U r, 0;\nOR.U r (LT), r, 1;\nOR.U r (GT), r, 2;\nOR.U r (OF), r, 4;",
         1 + 4, 2 + 4, 0, 0);
}

/* ---- audit against NV_gpu_program4 2.X.8 (the opcode pseudo-code) ------------- */
/* Each case follows one opcode's pseudo-code or the 2.X.4.2 / 2.X.4.3 rules
 * literally; t = (+inf, NaN, -inf, -0.0) from SPECIALS. */
static void test_audit(void)
{
    /* MAX: (a > b) ? a : b; MIN: (a > b) ? b : a.  NaN compares false, so
     * the second operand of MAX and the first of MIN come through; +0 and -0
     * compare equal, so the same rule picks the zero */
    CASE("MAX.F NaN", SPECIALS "MAX r.x, t.y, 1;\nMAX r.y, 1, t.y;\nMAX r.z, -0.0, 0;\n"
         "MAX r.w, 0, -0.0;", fb(1.0f), ANYNAN, fb(0.0f), fb(-0.0f));
    CASE("MIN.F NaN", SPECIALS "MIN r.x, t.y, 1;\nMIN r.y, 1, t.y;\nMIN r.z, -0.0, 0;\n"
         "MIN r.w, 0, -0.0;", ANYNAN, fb(1.0f), fb(-0.0f), fb(0.0f));
    /* CMP: (a < 0) ? b : c; -0 and NaN are not < 0 */
    CASE("CMP.F", SPECIALS "CMP r, {-1, 0, 0, 0}, 2, 3;\nCMP r.y, t.w, 2, 3;\nCMP r.z, t.y, 2, 3;\n"
         "CMP r.w, t.z, 2, 3;", fb(2.0f), fb(3.0f), fb(3.0f), fb(2.0f));
    /* SEQ / SNE on NaN: == is false, != is true */
    CASE("SEQ SNE NaN", SPECIALS "SEQ r.x, t.y, t.y;\nSNE r.y, t.y, t.y;\nSEQ r.z, t.w, 0;\n"
         "SNE r.w, t.x, t.x;", 0, fb(1.0f), fb(1.0f), 0);
    /* MAD: "subject to the same rules as MUL and ADD": the product is
     * rounded first.  (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 rounds (tie, even) to
     * 1 + 2^-11, minus 1 is 2^-11 exactly (a fused multiply-add would give
     * 2^-11 + 2^-24) */
    CASE("MAD.F rounding", "MAD r, 1.000244140625, 1.000244140625, -1;", fb(0.00048828125f),
         fb(0.00048828125f), fb(0.00048828125f), fb(0.00048828125f));
    /* DIV.F by 0: +-inf and NaN, as the division in the pseudo-code */
    CASE("DIV.F 0", "DIV r, {1, -1, 0, 6}, 0;\nDIV r.w, {6, 6, 6, 6}, 3;", fb(INFINITY), fb(-INFINITY),
         ANYNAN, fb(2.0f));
    /* SSAT: [-1, 1]; SAT: [0, 1] (2.X.4.1 modifiers) */
    CASE("ADD.SSAT", "ADD.SSAT r, {-3, 0.5, 3, -0.25}, 0;", fb(-1.0f), fb(0.5f), fb(1.0f),
         fb(-0.25f));
    /* the clamp comes before the condition-code update: -1 clamps to 0
     * (EQ, not LT), 2 to 1 (GT) */
    CASE("MOV.SAT.CC", "MOV.SAT.CC u, {-1, 2, 0.5, 0};\nMOV.U r, 0;\nOR.U r (EQ), r, 1;\n"
         "OR.U r (LT), r, 2;\nOR.U r (GT), r, 4;", 1, 4, 4, 1);
    /* CC components are updated only where both write masks enable the
     * component: .zw keep LT from the first update, x keeps EQ when the
     * conditional mask (FL) blocks the write */
    CASE("CC masks", "MOV.S.CC u, -1;\nMOV.S.CC u.xy, 0;\nMOV.S.CC u.x (FL), 5;\nMOV.U r, 0;\n"
         "OR.U r (EQ), r, 1;\nOR.U r (LT), r, 2;", 1, 1, 2, 2);
    /* result types of the CC update: I2F writes floats (0x80000000 as a
     * signed integer is -2^31: LT), TRUNC.S integers (SF = MSB) */
    CASE("I2F.CC TRUNC.S.CC", "I2F.S.CC u.xy, {-2147483648, 0, 0, 0};\nTRUNC.S.CC u.zw, {0, 0, -0.5, -7.5};\n"
         "MOV.U r, 0;\nOR.U r (LT), r, 1;\nOR.U r (EQ), r, 2;\nOR.U r (SF), r, 4;", 1 + 4, 2, 2, 1 + 4);
    /* PK2H: raw half bits, x | y << 16, written with the type (.U bits) */
    CASE("PK2H.U", "PK2H.U r, {1.0, -2.0, 7, 7};", 0xc0003c00u, 0xc0003c00u, 0xc0003c00u,
         0xc0003c00u);
    /* PK2US: round(65535 clamp(v)); 0.5 -> round(32767.5) = 32768 */
    CASE("PK2US.S", "PK2US.S r, {1.0, 0.5, 0, 0};\nPK2US.S r.zw, {-3, 9, 0, 0};", 0x8000ffffu,
         0x8000ffffu, 0xffff0000u, 0xffff0000u);
    /* PK4UB: round(255 clamp(v)) per byte: 0, 255, 128, 255 */
    CASE("PK4UB.U", "PK4UB.U r, {0, 1, 0.5, 2};", 0xff80ff00u, 0xff80ff00u, 0xff80ff00u,
         0xff80ff00u);
    /* PK4B: round(127 clamp(v, -128/127, 1) + 128): -2 -> 0, 1 -> 255,
     * 0 -> 128, -1 -> 1 */
    CASE("PK4B.S", "PK4B.S r, {-2, 1, 0, -1};", 0x0180ff00u, 0x0180ff00u, 0x0180ff00u,
         0x0180ff00u);
    /* UP*: the operand has the instruction's type, so .U negation is two's
     * complement: -1 = 0xffffffff, four bytes of 255 -> (1, 1, 1, 1) */
    CASE("UP4UB.U -t", "MOV.U t, 1;\nUP4UB.U r, -t.x;", fb(1.0f), fb(1.0f), fb(1.0f), fb(1.0f));
    /* .S negation of 0x00010000 is 0xffff0000: UP2US -> (0, 1, 0, 1) */
    CASE("UP2US.S -t", "MOV.S t, 65536;\nUP2US.S r, -t.x;", 0, fb(1.0f), 0, fb(1.0f));
    /* .S |x| of -0x00ff0000 (0xff010000) is 0x00ff0000: UP4B bytes 0, 0, 255, 0 ->
     * ((0-128)/127, (0-128)/127, 127/127, (0-128)/127) */
    CASE("UP4B.S |t|", "MOV.S t, -16711680;\nUP4B.S r, |t.x|;", fb(-128.0f / 127.0f),
         fb(-128.0f / 127.0f), fb(1.0f), fb(-128.0f / 127.0f));
    /* a round trip: PK2H then UP2H gives the halves back as (x, y, x, y) */
    CASE("PK2H UP2H", "PK2H.U t, {0.5, -1.5, 0, 0};\nUP2H.U r, t.x;", fb(0.5f), fb(-1.5f),
         fb(0.5f), fb(-1.5f));
    /* UP*.CC: the float result sets the flags (UP4B of 0 -> -128/127: LT) */
    CASE("UP4B.CC", "MOV.U t, 0;\nUP4B.U.CC u, t.x;\nMOV.U r, 0;\nOR.U r (LT), r, 1;", 1, 1, 1, 1);
    /* REP.F counts are floored: 0.9 -> 0 and -0.5 -> -1 skip the block, 2.9 -> 2 */
    CASE("REP.F floor", "MOV.S r, 0;\nREP {0.9};\n  ADD.S r.x, r.x, 1;\nENDREP;\nREP {-0.5};\n"
         "  ADD.S r.y, r.y, 1;\nENDREP;\nREP {2.9};\n  ADD.S r.z, r.z, 1;\nENDREP;", 0, 0, 2, 0);
    /* REP.U: 0x80000000 is a large positive count, not a negative one; the
     * loop leaves by BRK after 3 iterations */
    CASE("REP.U big", "MOV.S r, 0;\nMOV.U t, 2147483648;\nREP.U t.x;\n  ADD.S.CC r.x, r.x, 1;\n"
         "  SGE.S.CC u.x, r.x, 3;\n  BRK (NE.x);\nENDREP;", 3, 0, 0, 0);
    /* DIV.U / MOD.U take the scalar as unsigned: 0xfffffff0 / 0x10 */
    CASE("DIV.U MOD.U scalar", "MOV.U t, 16;\nDIV.U r.xy, {4294967280, 17, 0, 0}, t.x;\n"
         "MOD.U r.zw, {0, 0, 4294967295, 33}, t.x;", 0x0fffffffu, 1, 15, 1);
    /* SHR.U of a "negative" bit pattern fills with zeros (the operand is
     * unsigned, so non-negative); SHR.S fills with ones */
    CASE("SHR.U/.S fill", "MOV.U t, 4026531840;\nSHR.U r.xy, t, 4;\nSHR.S r.zw, t, 4;", 0x0f000000u,
         0x0f000000u, 0xff000000u, 0xff000000u);
}

/* ---- flow and addressing -------------------------------------------------------- */
static void test_flow(void)
{
    /* REP with no count: until BRK */
    CASE("REP no count", "MOV.S r, 0;\nREP;\n  ADD.S r.x, r.x, 1;\n  SGE.S.CC t.x, r.x, 10;\n"
         "  BRK (NE.x);\nENDREP;", 10, 0, 0, 0);
    /* typed counts: .S from a temporary, negative skips, .U, .F floors */
    CASE("REP typed", "MOV.S r, 0;\nMOV.S t, {4, -3, 0, 0};\nREP.S t.x;\n  ADD.S r.x, r.x, 1;\n"
         "ENDREP;\nREP.S t.y;\n  ADD.S r.y, r.y, 1;\nENDREP;\nREP.U {3};\n  ADD.S r.z, r.z, 1;\n"
         "ENDREP;\nREP {2.7};\n  ADD.S r.w, r.w, 1;\nENDREP;", 4, 0, 3, 2);
    /* nested REP with no count and CONT */
    CASE("REP nested", "MOV.S r, 0;\nREP;\n  ADD.S r.x, r.x, 1;\n  MOV.S r.y, 0;\n  REP;\n"
         "    ADD.S.CC r.y, r.y, 1;\n    SGE.S.CC t.x, r.y, 3;\n    BRK (NE.x);\n  ENDREP;\n"
         "  ADD.S r.z, r.z, r.y;\n  SGE.S.CC t.x, r.x, 4;\n  BRK (NE.x);\nENDREP;", 4, 3, 12, 0);
    /* relative addressing through an integer temporary; out of range reads 0 */
    CASE("rel temp index", "PARAM tbl[3] = { {10, 0, 0, 0}, {11, 0, 0, 0}, {12, 0, 0, 0} };\n"
         "MOV.S t, {-1, 0, 2, 3};\nMOV u.x, tbl[t.x].x;\nMOV u.y, tbl[t.y + 1].x;\n"
         "MOV u.z, tbl[t.z].x;\nMOV u.w, tbl[t.w].x;\nMOV.U r, u;", 0, fb(11.0f), fb(12.0f), 0);
    /* TEMP arrays indexed by an integer temporary: writes outside [0, 2]
     * are dropped, reads outside read 0 */
    CASE("rel temp array", "TEMP a[3];\nMOV.S t, {2, -1, 3, 0};\nMOV.S a[0], 1;\nMOV.S a[1], 2;\n"
         "MOV.S a[2], 3;\nMOV.S a[t.x], 7;\nMOV.S a[t.y], 9;\nMOV.S a[t.z], 9;\n"
         "MOV.S r.x, a[t.w + 2].x;\nMOV.S r.y, a[t.y].x;\nMOV.S r.z, a[t.x + 0].x;\n"
         "ADD.S r.w, a[0].x, a[t.w + 1].x;", 7, 0, 7, 3);
    /* integer PARAM constants */
    CASE("INT PARAM", "INT PARAM k = {-2147483648, -1, 2147483647, 0};\nMOV.S r, k;", IMIN, NEG1,
         IMAX, 0);
}

/* An endless REP (its BRK never taken) ends at the watchdog; a geometry
 * program's EMIT with no emit callback emits nothing and runs on (every
 * NV_gpu_program4 opcode runs: GP_EXEC_UNSUPPORTED is for NV5-only ones;
 * test_exec_geo.c checks EMIT itself). */
static void test_limits(void)
{
    static const char rep_src[] =
        "!!NVvp4.0\nTEMP r;\nMOV.S r, 0;\nREP;\n  ADD.S r.x, r.x, 1;\n  BRK (FL.x);\nENDREP;\n"
        "MOV result.position, 0;\nEND\n";
    gp_program *p = compile(rep_src);
    if (p) {
        tenv *e = te_new();
        te_bind_consts(e, p);
        e->env.insn_budget = 16 * 1000;
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_BUDGET_EXCEEDED, "endless REP: status %d", e->env.status);
        te_free(e);
        gp_program_free(p);
    }
    static const char gp_src[] =
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "MOV result.position, {1, 2, 3, 4};\nEMIT;\nMOV result.position.y, 5;\nEND\n";
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_GEOMETRY);
    gp_error err;
    p = gp_compile(gp_src, strlen(gp_src), GP_STAGE_GEOMETRY, &lim, &err);
    CHECK(p != NULL, "gp compile: %s", err.msg);
    if (p) {
        tenv *e = te_new();
        te_bind_consts(e, p);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "EMIT: status %d", e->env.status);
        CHECK(e->out[GP_VARY_POS].c[0][3].f == 1.0f && e->out[GP_VARY_POS].c[1][3].f == 5.0f,
              "EMIT: the program ran on after it");
        te_free(e);
        gp_program_free(p);
    }
}

/* vertex.id / vertex.instance (rows GP_VIN_VERTEXID / _INSTANCEID) and
 * parameter buffers: words, BUFFER4 vec4 elements, relative indices inside
 * and outside the declared range, words past the bound buffer and an
 * unbound binding (0). */
static void test_inputs(void)
{
    static const char src[] =
        "!!NVvp4.0\n"
        "BUFFER b[] = { program.buffer[2][1..4] };\n"
        "BUFFER4 q[] = { program.buffer[3][0..1] };\n"
        "BUFFER z[] = { program.buffer[5][0..1] };\n"
        "TEMP r, i;\n"
        "MOV.S i, vertex.id.x;\n"
        "ADD.S i.y, i.x, -2;\n"
        "MOV.U r.x, b[i.x];\n"
        "ADD.S r.y, vertex.instance.x, b[1];\n"
        "MOV.S r.z, -q[1].z;\n"
        "ADD.U r.w, q[i.y].y, z[1];\n"
        "MOV.U result.texcoord[0], r;\n"
        "MOV result.position, 0;\n"
        "END\n";
    gp_program *p = compile(src);
    if (!p)
        return;
    const gp_program_info *info = gp_program_get_info(p);
    CHECK((info->inputs_read >> GP_VIN_VERTEXID & 3u) == 3u, "inputs_read has id and instance");
    tenv *e = te_new();
    te_bind_consts(e, p);
    gp_val words2[3] = {{.u = 100}, {.u = 101}, {.u = 102}};  /* bound: 3 words */
    gp_val words3[8];
    for (int k = 0; k < 8; k++)
        words3[k].u = 200u + (uint32_t)k;
    e->env.param_buffers[2] = words2;
    e->env.param_buffer_words[2] = 3;
    e->env.param_buffers[3] = words3;
    e->env.param_buffer_words[3] = 8;
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VIN_VERTEXID].c[0][l].i = l;
        e->in[GP_VIN_INSTANCEID].c[0][l].i = 7;
    }
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "inputs: status %d", e->env.status);
    for (int l = 0; l < GP_LANES; l++) {
        /* b[i] = word 1 + i of binding 2, declared 1..4, bound 0..2 */
        uint32_t bx = l == 0 ? 101u : l == 1 ? 102u : 0u;
        /* q[i - 2].y = word 4 (i - 2) + 1 of binding 3 for i - 2 in 0..1 */
        uint32_t qy = l == 2 ? 201u : l == 3 ? 205u : 0u;
        CHECK(e->out[GP_VARY_TEX0].c[0][l].u == bx, "b[id] lane %d = %u, want %u", l,
              e->out[GP_VARY_TEX0].c[0][l].u, bx);
        CHECK(e->out[GP_VARY_TEX0].c[1][l].i == 7 + 102, "instance + b[1] lane %d = %d", l,
              e->out[GP_VARY_TEX0].c[1][l].i);
        CHECK(e->out[GP_VARY_TEX0].c[2][l].i == -206, "-q[1].z lane %d = %d", l,
              e->out[GP_VARY_TEX0].c[2][l].i);
        CHECK(e->out[GP_VARY_TEX0].c[3][l].u == qy, "q[id-2].y + unbound lane %d = %u, want %u",
              l, e->out[GP_VARY_TEX0].c[3][l].u, qy);
    }
    te_free(e);
    gp_program_free(p);
}

/* A sampler for TXF / TXQ: records the request and answers integers
 * (an integer texture): x = coord.x * 10 + op, y = coord.y, z = -1, w =
 * 0x80000000. */
static int tex_calls, tex_last_op;
static void int_sampler(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    tex_calls++;
    tex_last_op = req->op;
    for (int l = 0; l < GP_LANES; l++) {
        out->c[0][l].i = req->coord->c[0][l].i * 10 + req->op;
        out->c[1][l].i = req->coord->c[1][l].i;
        out->c[2][l].i = -1;
        out->c[3][l].u = 0x80000000u;
    }
}

/* TXF / TXQ: signed coordinates (integer negate), typed results stored as
 * the sampler's bits (no float conversion). */
static void test_tex(void)
{
    static const char src[] =
        "!!NVvp4.0\n"
        "TEMP r, c;\n"
        "MOV.S c, {3, -4, 0, 0};\n"
        "TXF.S r, -c, texture[0], 2D;\n"
        "MOV.S result.texcoord[0], r;\n"
        "TXQ r, c.y, texture[0], 2D;\n"
        "MOV.S result.texcoord[1], r;\n"
        "MOV result.position, 0;\n"
        "END\n";
    gp_program *p = compile(src);
    if (!p)
        return;
    tenv *e = te_new();
    te_bind_consts(e, p);
    e->env.tex = int_sampler;
    tex_calls = 0;
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "tex: status %d", e->env.status);
    CHECK(tex_calls == 2 && tex_last_op == GP_TEXOP_TXQ, "tex calls %d, last op %d", tex_calls,
          tex_last_op);
    for (int l = 0; l < GP_LANES; l++) {
        const gp_vec *t0 = &e->out[GP_VARY_TEX0], *t1 = &e->out[GP_VARY_TEX0 + 1];
        CHECK(t0->c[0][l].i == -30 + GP_TEXOP_TXF && t0->c[1][l].i == 4 && t0->c[2][l].i == -1 &&
                  t0->c[3][l].u == 0x80000000u,
              "TXF.S lane %d = %d %d %d %08x", l, t0->c[0][l].i, t0->c[1][l].i, t0->c[2][l].i,
              t0->c[3][l].u);
        /* TXQ's operand is the scalar c.y = -4, replicated */
        CHECK(t1->c[0][l].i == -40 + GP_TEXOP_TXQ && t1->c[1][l].i == -4 && t1->c[2][l].i == -1,
              "TXQ lane %d = %d %d %d", l, t1->c[0][l].i, t1->c[1][l].i, t1->c[2][l].i);
    }
    te_free(e);
    gp_program_free(p);
}

int main(void)
{
    T_BOTH_PATHS
    {
        test_arith();
        test_set();
        test_bits();
        test_convert();
        test_cc();
        test_flow();
        test_limits();
        test_inputs();
        test_tex();
        test_audit();
    }
    return t_report("exec_nv4");
}
