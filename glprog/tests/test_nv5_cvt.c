/*
 * test_nv5_cvt.c - glprog.nv5_cvt: NV_gpu_program5 2.X.8.Z CVT, every
 * storage type pair (F16 F32 F64 S8 S16 S32 S64 U8 U16 U32 U64), the
 * rounding modifiers of 2.X.4.1 (ROUND CEIL FLR TRUNC, ROUND by default),
 * .SAT / .SSAT, the CC update, the register-size rules, the load errors.
 *
 * Each table row (cvt()) is checked twice: on the conversion itself
 * (gp_cvt_value, every row, 64-bit values included) and through a
 * compiled "!!NVvp5.0 ... CVT.<dst>.<src><mods> r, t" run on all 16 lanes
 * by both executor paths, printed, compiled again (the print must be a
 * fixed point) and re-run.  Rows with 64-bit types run through LONG
 * variables (PK64 packs the operand, UP64 unpacks the result), and also
 * through 32-bit variables where one can hold the operand (2.X.4.1
 * promotion: S sign-, U zero-extended, F float -> double), comparing the
 * low word / (float)double of the result (gp_ir.h "64-bit storage": a
 * 32-bit destination narrows a 64-bit result).  All 121 type pairs occur.
 * Last, pseudo-random operands against the host's IEEE conversions under
 * fesetround (test_host_oracle).
 *
 * Expected values are worked out by hand from the IEEE encodings (comments
 * next to the rows); the spec's "undefined" cases (NaN, +-INF -> integer)
 * follow the choice documented in gp_cvt.h (DXIL ftoi / ftou: NaN -> 0,
 * INF -> the ends of the range).
 *
 * covers: OP.CVT MOD.RND_ROUND MOD.RND_CEIL MOD.RND_FLR MOD.RND_TRUNC MOD.ST_F16 MOD.ST_S8
 * covers: MOD.ST_S16 MOD.ST_U8 MOD.ST_U16 DT.FP16 EDGE.CVT_DEFAULT_RND EDGE.CVT_F2F EDGE.CVT_SAT
 * covers: EDGE.CVT_SPECIAL EDGE.CVT_NORM EDGE.CVT_SIZE EDGE.CVT_OPND
 */
#include "test_exec_common.h"

#include <fenv.h>
#include <math.h>

#include "gp_cvt.h"

enum { F16 = GP_CVT_F16, F32 = GP_CVT_F32, F64 = GP_CVT_F64, S8 = GP_CVT_S8, S16 = GP_CVT_S16, S32 = GP_CVT_S32,
       S64 = GP_CVT_S64, U8 = GP_CVT_U8, U16 = GP_CVT_U16, U32 = GP_CVT_U32, U64 = GP_CVT_U64 };

/* encodings */
static uint64_t Fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static uint64_t Db(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

#define SX(v) ((uint64_t)(int64_t)(v)) /* a signed value, sign-extended to 64 bits */

static gp_program *compile5(const char *src, gp_stage st, gp_error *err)
{
    gp_limits lim;
    gp_limits_default(&lim, st);
    return gp_compile(src, strlen(src), st, &lim, err);
}

/* The program as printed, compiled again; its print must equal the first. */
static gp_program *reprint(const gp_program *p, gp_stage st, const char *name, const char *must_have)
{
    char *a = t_print_alloc(p);
    if (must_have)
        CHECK(strstr(a, must_have) != NULL, "%s: the print lacks '%s':\n%s", name, must_have, a);
    gp_error err;
    gp_program *q = gp_compile(a, strlen(a), st, NULL, &err);
    CHECK(q != NULL, "%s: printed program does not compile (%d:%d %s):\n%s", name, err.line, err.col, err.msg, a);
    if (q) {
        char *b = t_print_alloc(q);
        CHECK(strcmp(a, b) == 0, "%s: print is not a fixed point:\n%s---\n%s", name, a, b);
        free(b);
    }
    free(a);
    return q;
}

/* Runs "!!NVvp5.0 TEMP t, r, u; MOV.U r, 0x5a5a5a5a; <body> MOV.U
 * result.texcoord[0], r; END" and its reprint on 16 lanes; every lane must
 * write want[] (bits).  must_have: a string the print must contain. */
static void run_body(const char *name, const char *body, const uint32_t want[4], const char *must_have)
{
    char src[4096];
    snprintf(src, sizeof(src),
             "!!NVvp5.0\nTEMP t, r, u;\nMOV.U r, 0x5a5a5a5a;\n%s\nMOV.U result.texcoord[0], r;\n"
             "MOV result.position, 0;\nEND\n", body);
    gp_error err;
    gp_program *p0 = compile5(src, GP_STAGE_VERTEX, &err);
    CHECK(p0 != NULL, "%s: compile: line %d col %d: %s\n%s", name, err.line, err.col, err.msg, src);
    if (!p0)
        return;
    gp_program *p1 = reprint(p0, GP_STAGE_VERTEX, name, must_have);
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        te_bind_consts(e, p);
        te_fill_out(e, -100.0f);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
        for (int l = 0; l < GP_LANES; l++)
            for (int c = 0; c < 4; c++) {
                uint32_t got = e->out[GP_VARY_TEX0].c[c][l].u;
                if (l == 0 || got != want[c])
                    CHECK(got == want[c], "%s%s: lane %d comp %d = 0x%08x, want 0x%08x\n%s", name,
                          k ? " (reprinted)" : "", l, c, got, want[c], src);
            }
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

static bool is64(int t)
{
    return t == F64 || t == S64 || t == U64;
}

/* One row: CVT.<dst>.<src><mods> of operand v (the register encoding of
 * gp_cvt.h: 32-bit types in the low word, F16 in the low 16 bits) must
 * give want (64-bit extended: S results sign-extended, U zero-extended). */
static void cvt(int dst, int src, const char *mods, uint64_t v, uint64_t want)
{
    int rnd = strstr(mods, ".CEIL") ? GP_RND_CEIL : strstr(mods, ".FLR") ? GP_RND_FLR
              : strstr(mods, ".TRUNC") ? GP_RND_TRUNC : GP_RND_ROUND;
    int sat = strstr(mods, ".SSAT") ? GP_SAT_11 : strstr(mods, ".SAT") ? GP_SAT_01 : GP_SAT_NONE;
    char name[96];
    snprintf(name, sizeof(name), "CVT.%s.%s%s 0x%llx", gp_cvt_type_name(dst), gp_cvt_type_name(src), mods,
             (unsigned long long)v);
    uint64_t got = gp_cvt_value(v, src, dst, rnd, sat);
    CHECK(got == want, "%s = 0x%llx, want 0x%llx", name, (unsigned long long)got, (unsigned long long)want);

    if (is64(src) || is64(dst)) {
        /* through LONG variables (gp_ir.h "64-bit storage"): PK64 packs the
         * operand into all four components, UP64 unpacks a 64-bit result
         * into (low, high, low, high) */
        char body[512], print[64], nm[112];
        int n = 0;
        if (is64(src))
            n += snprintf(body + n, sizeof(body) - (size_t)n, "LONG TEMP lt;\nPK64.U lt, {0x%08x, 0x%08x, 0x%08x, 0x%08x};\n",
                          (uint32_t)v, (uint32_t)(v >> 32), (uint32_t)v, (uint32_t)(v >> 32));
        else
            n += snprintf(body + n, sizeof(body) - (size_t)n, "MOV.U t, 0x%08x;\n", (uint32_t)v);
        if (is64(dst))
            n += snprintf(body + n, sizeof(body) - (size_t)n, "LONG TEMP lo;\nCVT.%s.%s%s lo, %s;\nUP64.U r, lo;",
                          gp_cvt_type_name(dst), gp_cvt_type_name(src), mods, is64(src) ? "lt" : "t");
        else
            n += snprintf(body + n, sizeof(body) - (size_t)n, "CVT.%s.%s%s r, lt;", gp_cvt_type_name(dst),
                          gp_cvt_type_name(src), mods);
        uint32_t w0 = (uint32_t)want, w1 = is64(dst) ? (uint32_t)(want >> 32) : w0;
        const uint32_t wl[4] = { w0, w1, w0, w1 };
        snprintf(print, sizeof(print), "CVT.%s.%s", gp_cvt_type_name(dst), gp_cvt_type_name(src));
        snprintf(nm, sizeof(nm), "%s (LONG)", name);
        run_body(nm, body, wl, print);
    }

    /* through the executor, where a 32-bit variable holds the operand */
    uint32_t lo = (uint32_t)v;
    if (src == S64 && v != SX((int32_t)lo))
        return;
    if (src == U64 && v != lo)
        return;
    if (src == F64) {
        float f;
        memcpy(&f, &lo, 4);
        double d;
        memcpy(&d, &v, 8);
        f = (float)d;
        memcpy(&lo, &f, 4);
        if (!(d == d) || Db((double)f) != v)
            return;
    }
    uint32_t w = (uint32_t)want;
    if (dst == F64) {
        double d;
        memcpy(&d, &want, 8);
        if (!(d == d))
            return;
        w = (uint32_t)Fb((float)d); /* narrowed to the 32-bit variable, nearest even */
    }
    char body[256], print[64];
    snprintf(body, sizeof(body), "MOV.U t, {0x%08x, 0x%08x, 0x%08x, 0x%08x};\nCVT.%s.%s%s r, t;", lo, lo, lo, lo,
             gp_cvt_type_name(dst), gp_cvt_type_name(src), mods);
    snprintf(print, sizeof(print), "CVT.%s.%s%s%s", gp_cvt_type_name(dst), gp_cvt_type_name(src),
             rnd == GP_RND_ROUND ? "" : ".", rnd == GP_RND_ROUND ? "" : gp_cvt_rnd_name(rnd));
    const uint32_t ww[4] = { w, w, w, w };
    run_body(name, body, ww, print);
    (void)is64;
}

/* ---- float -> integer: rounding of halves and near-integers ---------------- */
static void test_f2i_rounding(void)
{
    /* ROUND (also the default, EDGE.CVT_DEFAULT_RND): nearest, ties to even:
     * 2.5 -> 2, 3.5 -> 4, -2.5 -> -2, 0.5 -> 0, 1.5 -> 2, -0.5 -> -0 = 0 */
    cvt(S32, F32, "", Fb(2.5f), 2);
    cvt(S32, F32, "", Fb(3.5f), 4);
    cvt(S32, F32, ".ROUND", Fb(2.5f), 2);
    cvt(S32, F32, ".ROUND", Fb(3.5f), 4);
    cvt(S32, F32, ".ROUND", Fb(-2.5f), SX(-2));
    cvt(S32, F32, ".ROUND", Fb(0.5f), 0);
    cvt(S32, F32, ".ROUND", Fb(1.5f), 2);
    cvt(S32, F32, ".ROUND", Fb(-0.5f), 0);
    cvt(S32, F32, ".ROUND", Fb(-1.5f), SX(-2));
    /* 0.49999997 (0x3effffff) is below the half: 0 */
    cvt(S32, F32, ".ROUND", 0x3effffff, 0);
    /* CEIL: towards +INF */
    cvt(S32, F32, ".CEIL", Fb(2.5f), 3);
    cvt(S32, F32, ".CEIL", Fb(-2.5f), SX(-2));
    cvt(S32, F32, ".CEIL", Fb(0.5f), 1);
    cvt(S32, F32, ".CEIL", Fb(-0.5f), 0);
    /* FLR: towards -INF */
    cvt(S32, F32, ".FLR", Fb(2.5f), 2);
    cvt(S32, F32, ".FLR", Fb(-2.5f), SX(-3));
    cvt(S32, F32, ".FLR", Fb(-0.5f), SX(-1));
    /* TRUNC: towards 0 */
    cvt(S32, F32, ".TRUNC", Fb(2.5f), 2);
    cvt(S32, F32, ".TRUNC", Fb(-2.5f), SX(-2));
    cvt(S32, F32, ".TRUNC", Fb(-1.5f), SX(-1));
    cvt(S32, F32, ".TRUNC", 0x3fffffff, 1); /* 1.99999988 */
    /* near-integers: 0.99999994 (0x3f7fffff), 1.0000001 (0x3f800001) */
    cvt(S32, F32, ".ROUND", 0x3f7fffff, 1);
    cvt(S32, F32, ".FLR", 0x3f7fffff, 0);
    cvt(S32, F32, ".CEIL", 0x3f7fffff, 1);
    cvt(S32, F32, ".TRUNC", 0x3f7fffff, 0);
    cvt(S32, F32, ".ROUND", 0x3f800001, 1);
    cvt(S32, F32, ".CEIL", 0x3f800001, 2);
    cvt(S32, F32, ".FLR", 0x3f800001, 1);
    /* -0.0 -> 0; denormals: 2^-149 CEIL -> 1, ROUND -> 0; -2^-149 FLR -> -1 */
    cvt(S32, F32, "", 0x80000000, 0);
    cvt(S32, F32, ".CEIL", 0x00000001, 1);
    cvt(S32, F32, ".ROUND", 0x00000001, 0);
    cvt(S32, F32, ".FLR", 0x00000001, 0);
    cvt(S32, F32, ".FLR", 0x80000001, SX(-1));
    cvt(S32, F32, ".CEIL", 0x80000001, 0);
    /* U32: 2.5 ROUND 2, CEIL 3; 4294967040.0 (0x4f7fffff) exact */
    cvt(U32, F32, "", Fb(2.5f), 2);
    cvt(U32, F32, ".CEIL", Fb(2.5f), 3);
    cvt(U32, F32, "", 0x4f7fffff, 0xffffff00u);
    /* F16 operands: 1.5 (0x3e00) ROUND 2, TRUNC 1; -1.5 (0xbe00) ROUND -2,
     * CEIL -1, FLR -2; 65504 (0x7bff); the smallest denormal CEIL 1 */
    cvt(S32, F16, "", 0x3e00, 2);
    cvt(S32, F16, ".TRUNC", 0x3e00, 1);
    cvt(S32, F16, "", 0xbe00, SX(-2));
    cvt(S32, F16, ".CEIL", 0xbe00, SX(-1));
    cvt(S32, F16, ".FLR", 0xbe00, SX(-2));
    cvt(S32, F16, "", 0x7bff, 65504);
    cvt(S32, F16, ".CEIL", 0x0001, 1);
    /* F64: 2.5 -> 2 / 3; -2.5 FLR -3 (S64 result) */
    cvt(S32, F64, "", Db(2.5), 2);
    cvt(S32, F64, ".CEIL", Db(2.5), 3);
    cvt(S64, F64, ".FLR", Db(-2.5), SX(-3));
    cvt(S64, F32, ".ROUND", Fb(-3.5f), SX(-4));
    /* EDGE.CVT_NORM: integers are never normalised: 1.0 -> 1, 0.5 -> 0
     * (not 255 / 127 / 0x7fffffff) */
    cvt(U8, F32, "", Fb(1.0f), 1);
    cvt(S8, F32, ".TRUNC", Fb(0.5f), 0);
    cvt(U32, F32, "", Fb(1.0f), 1);
}

/* ---- float -> integer: range, .SAT, special values (EDGE.CVT_SAT,
 * EDGE.CVT_SPECIAL) ---------------------------------------------------------- */
static void test_f2i_range(void)
{
    /* 3e9 = 3000000000 (0x4f32d05e, exact): S32 without .SAT keeps the low
     * 32 bits: 3000000000 - 2^32 = -1294967296; .SAT 2147483647.
     * -3e9: -3000000000 + 2^32 = 1294967296; .SAT -2147483648 */
    cvt(S32, F32, "", 0x4f32d05e, SX(-1294967296LL));
    cvt(S32, F32, ".SAT", 0x4f32d05e, 0x7fffffff);
    cvt(S32, F32, "", 0xcf32d05e, 1294967296);
    cvt(S32, F32, ".SAT", 0xcf32d05e, SX(INT32_MIN));
    /* 2^31 (0x4f000000): 0x80000000 without .SAT, INT_MAX with;
     * -2^31 fits */
    cvt(S32, F32, "", 0x4f000000, SX(INT32_MIN));
    cvt(S32, F32, ".SAT", 0x4f000000, 0x7fffffff);
    cvt(S32, F32, ".SAT", 0xcf000000, SX(INT32_MIN));
    /* U32: -1.0 -> 0xffffffff (two's complement low bits) / .SAT 0;
     * 2^32 (0x4f800000) -> 0 / .SAT 0xffffffff; -0.5 FLR -> -1 */
    cvt(U32, F32, "", Fb(-1.0f), 0xffffffffu);
    cvt(U32, F32, ".SAT", Fb(-1.0f), 0);
    cvt(U32, F32, "", 0x4f800000, 0);
    cvt(U32, F32, ".SAT", 0x4f800000, 0xffffffffu);
    cvt(U32, F32, ".FLR", Fb(-0.5f), 0xffffffffu);
    cvt(U32, F32, ".FLR.SAT", Fb(-0.5f), 0);
    cvt(U32, F32, ".CEIL", Fb(-0.5f), 0);
    /* S8: 127.5 (0x42ff0000) ROUND -> 128 (tie, even) -> low byte 0x80 =
     * -128 / .SAT 127; -128.5 (0xc3008000) ROUND -> -128 (even), FLR -> -129:
     * .SAT -128, without: -129 + 256 = 127; 300 -> 44 / 127 */
    cvt(S8, F32, "", 0x42ff0000, SX(-128));
    cvt(S8, F32, ".SAT", 0x42ff0000, 127);
    cvt(S8, F32, "", 0xc3008000, SX(-128));
    cvt(S8, F32, ".FLR.SAT", 0xc3008000, SX(-128));
    cvt(S8, F32, ".FLR", 0xc3008000, 127);
    cvt(S8, F32, "", Fb(300.0f), 44);
    cvt(S8, F32, ".SAT", Fb(300.0f), 127);
    /* U8: 255.5 (0x437f8000) ROUND -> 256 (even) -> 0 / .SAT 255; TRUNC 255;
     * -1.0 -> 0xff / .SAT 0 */
    cvt(U8, F32, "", 0x437f8000, 0);
    cvt(U8, F32, ".SAT", 0x437f8000, 255);
    cvt(U8, F32, ".TRUNC", 0x437f8000, 255);
    cvt(U8, F32, "", Fb(-1.0f), 0xff);
    cvt(U8, F32, ".SAT", Fb(-1.0f), 0);
    /* S16: 32767.5 (0x46ffff00) ROUND -> 32768 (even) -> -32768 / .SAT 32767;
     * -40000 -> 25536 (-40000 + 65536) / .SAT -32768 */
    cvt(S16, F32, "", 0x46ffff00, SX(-32768));
    cvt(S16, F32, ".SAT", 0x46ffff00, 32767);
    cvt(S16, F32, "", Fb(-40000.0f), 25536);
    cvt(S16, F32, ".SAT", Fb(-40000.0f), SX(-32768));
    /* U16: 65535.5 (0x477fff80) ROUND -> 65536 (even) -> 0 / .SAT 65535;
     * 65535.5 FLR 65535; -1 -> 0xffff / .SAT 0 */
    cvt(U16, F32, "", 0x477fff80, 0);
    cvt(U16, F32, ".SAT", 0x477fff80, 0xffff);
    cvt(U16, F32, ".FLR", 0x477fff80, 0xffff);
    cvt(U16, F32, "", Fb(-1.0f), 0xffff);
    cvt(U16, F32, ".SAT", Fb(-1.0f), 0);
    /* F16 -> U8: 256 (0x5c00) -> 0 / 255; 255.5 (0x5bfc) ROUND -> 256 -> 0
     * / .SAT 255; 255 (0x5bf8) -> 255 */
    cvt(U8, F16, "", 0x5c00, 0);
    cvt(U8, F16, ".SAT", 0x5c00, 255);
    cvt(U8, F16, "", 0x5bfc, 0);
    cvt(U8, F16, ".SAT", 0x5bfc, 255);
    cvt(U8, F16, "", 0x5bf8, 255);
    /* NaN -> 0; +INF -> the largest value, -INF the smallest (0 unsigned),
     * with or without .SAT (gp_cvt.h, DXIL ftoi / ftou) */
    cvt(S32, F32, "", 0x7fc00000, 0);
    cvt(S32, F32, ".SAT", 0xffc00000, 0);
    cvt(S32, F32, "", 0x7f800000, 0x7fffffff);
    cvt(S32, F32, "", 0xff800000, SX(INT32_MIN));
    cvt(S32, F32, ".SAT", 0xff800000, SX(INT32_MIN));
    cvt(U32, F32, "", 0x7f800000, 0xffffffffu);
    cvt(U32, F32, "", 0xff800000, 0);
    cvt(U32, F32, "", 0x7f800001, 0);
    cvt(S8, F32, "", 0x7f800000, 127);
    cvt(S8, F32, "", 0xff800000, SX(-128));
    cvt(U16, F32, "", 0x7f800000, 0xffff);
    cvt(S16, F16, "", 0xfc00, SX(-32768));
    cvt(U8, F16, "", 0x7c00, 255);
    cvt(S32, F16, "", 0x7e00, 0);
    cvt(S32, F16, "", 0x7c00, 0x7fffffff);
    cvt(S64, F64, "", 0x7ff8000000000000ull, 0);
    cvt(S64, F64, "", 0x7ff0000000000000ull, 0x7fffffffffffffffull);
    cvt(S64, F64, "", 0xfff0000000000000ull, 0x8000000000000000ull);
    cvt(U64, F64, "", 0xfff0000000000000ull, 0);
    cvt(U64, F32, "", 0x7f800000, ~0ull);
    /* 64-bit: 2^63 (0x43e0000000000000) -> S64 0x8000000000000000 / .SAT
     * INT64_MAX; -2^63 fits; 1e19 (exact: 5^19 < 2^53) -> U64
     * 10000000000000000000 = 0x8ac7230489e80000, S64 the same bits, .SAT
     * INT64_MAX; 2^64 (0x43f0000000000000) -> U64 0 / .SAT max; 2^70 -> S64
     * 0 (its low 64 bits) / .SAT INT64_MAX */
    cvt(S64, F64, "", 0x43e0000000000000ull, 0x8000000000000000ull);
    cvt(S64, F64, ".SAT", 0x43e0000000000000ull, 0x7fffffffffffffffull);
    cvt(S64, F64, ".SAT", 0xc3e0000000000000ull, 0x8000000000000000ull);
    cvt(U64, F64, "", Db(1e19), 0x8ac7230489e80000ull);
    cvt(S64, F64, "", Db(1e19), 0x8ac7230489e80000ull);
    cvt(S64, F64, ".SAT", Db(1e19), 0x7fffffffffffffffull);
    cvt(U64, F64, "", 0x43f0000000000000ull, 0);
    cvt(U64, F64, ".SAT", 0x43f0000000000000ull, ~0ull);
    cvt(S64, F64, "", 0x4450000000000000ull, 0);
    cvt(S64, F64, ".SAT", 0x4450000000000000ull, 0x7fffffffffffffffull);
    cvt(U64, F64, ".SAT", Db(-1.0), 0);
    cvt(U64, F64, "", Db(-1.0), ~0ull);
    /* 4294967295.5 (0x41effffffff00000) -> U32: ROUND 2^32 (even) -> 0 /
     * .SAT 0xffffffff; TRUNC 0xffffffff */
    cvt(U32, F64, "", 0x41effffffff00000ull, 0);
    cvt(U32, F64, ".SAT", 0x41effffffff00000ull, 0xffffffffu);
    cvt(U32, F64, ".TRUNC", 0x41effffffff00000ull, 0xffffffffu);
    /* F32 -> S64: 3e9 fits; -2^40 exact */
    cvt(S64, F32, "", 0x4f32d05e, 3000000000ull);
    cvt(S64, F32, "", Fb(-1099511627776.0f), SX(-1099511627776LL));
}

/* ---- integer -> float ------------------------------------------------------- */
static void test_i2f(void)
{
    /* 2^24 + 1 = 16777217: halfway between 16777216 and 16777218; ROUND
     * picks the even mantissa 16777216; CEIL 16777218; FLR, TRUNC 16777216 */
    cvt(F32, S32, "", 16777217, Fb(16777216.0f));
    cvt(F32, S32, ".CEIL", 16777217, Fb(16777218.0f));
    cvt(F32, S32, ".FLR", 16777217, Fb(16777216.0f));
    cvt(F32, S32, ".TRUNC", 16777217, Fb(16777216.0f));
    /* -16777217: CEIL (towards +INF) -16777216, FLR -16777218 */
    cvt(F32, S32, ".CEIL", (uint32_t)-16777217, Fb(-16777216.0f));
    cvt(F32, S32, ".FLR", (uint32_t)-16777217, Fb(-16777218.0f));
    cvt(F32, S32, ".TRUNC", (uint32_t)-16777217, Fb(-16777216.0f));
    cvt(F32, S32, "", (uint32_t)-16777217, Fb(-16777216.0f));
    /* 2^24 + 3: halfway between 16777218 (odd mantissa) and 16777220 */
    cvt(F32, S32, "", 16777219, Fb(16777220.0f));
    /* INT_MAX: ROUND, CEIL 2^31; FLR, TRUNC 2^31 - 128 = 2147483520 */
    cvt(F32, S32, "", 0x7fffffff, Fb(2147483648.0f));
    cvt(F32, S32, ".CEIL", 0x7fffffff, Fb(2147483648.0f));
    cvt(F32, S32, ".FLR", 0x7fffffff, Fb(2147483520.0f));
    cvt(F32, S32, ".TRUNC", 0x7fffffff, Fb(2147483520.0f));
    cvt(F32, S32, "", 0x80000000, Fb(-2147483648.0f));
    cvt(F32, S32, "", 0, 0);                      /* +0.0 */
    cvt(F32, S32, "", 0xffffffff, Fb(-1.0f));
    /* U32 0xffffffff: FLR / TRUNC 4294967040 (2^32 - 256), CEIL / ROUND 2^32 */
    cvt(F32, U32, ".FLR", 0xffffffff, Fb(4294967040.0f));
    cvt(F32, U32, ".TRUNC", 0xffffffff, Fb(4294967040.0f));
    cvt(F32, U32, ".CEIL", 0xffffffff, Fb(4294967296.0f));
    cvt(F32, U32, ".ROUND", 0xffffffff, Fb(4294967296.0f));
    cvt(F32, U32, "", 0x80000000, Fb(2147483648.0f));
    /* EDGE.CVT_SIZE: S8 / U8 / S16 / U16 operands are the low bits of the
     * component: 0x00000080 as S8 is -128; 0xffffff7f is 127; as U8
     * 0xffffff80 is 128; 0x00018000 as S16 is -32768; 0xffffffff as U16
     * 65535 */
    cvt(F32, S8, "", 0x00000080, Fb(-128.0f));
    cvt(F32, S8, "", 0xffffff7f, Fb(127.0f));
    cvt(F32, U8, "", 0xffffff80, Fb(128.0f));
    cvt(F32, S16, "", 0x00018000, Fb(-32768.0f));
    cvt(F32, U16, "", 0xffffffff, Fb(65535.0f));
    /* -> F16: 65504 = 0x7bff exact; 65519 ROUND 65504 (below the midpoint
     * 65520); 65520 ROUND INF (0x7c00), TRUNC / FLR 65504, CEIL INF; -65520
     * ROUND / FLR -INF (0xfc00), CEIL / TRUNC -65504 (0xfbff); 100000
     * ROUND INF, TRUNC 65504 */
    cvt(F16, S32, "", 65504, 0x7bff);
    cvt(F16, S32, "", 65519, 0x7bff);
    cvt(F16, S32, "", 65520, 0x7c00);
    cvt(F16, S32, ".TRUNC", 65520, 0x7bff);
    cvt(F16, S32, ".FLR", 65520, 0x7bff);
    cvt(F16, S32, ".CEIL", 65520, 0x7c00);
    cvt(F16, S32, "", (uint32_t)-65520, 0xfc00);
    cvt(F16, S32, ".CEIL", (uint32_t)-65520, 0xfbff);
    cvt(F16, S32, ".FLR", (uint32_t)-65520, 0xfc00);
    cvt(F16, S32, ".TRUNC", (uint32_t)-65520, 0xfbff);
    cvt(F16, U32, "", 100000, 0x7c00);
    cvt(F16, U32, ".TRUNC", 100000, 0x7bff);
    cvt(F16, U32, "", 0xffffffff, 0x7c00);
    /* 2049 (halfway between 2048 = 0x6800 and 2050 = 0x6801): ROUND 2048,
     * CEIL 2050; 2051: halfway between 2050 (odd) and 2052 (0x6802) */
    cvt(F16, S32, "", 2049, 0x6800);
    cvt(F16, S32, ".CEIL", 2049, 0x6801);
    cvt(F16, S32, ".FLR", 2049, 0x6800);
    cvt(F16, S16, "", 2051, 0x6802);
    cvt(F16, S8, "", 0xff, 0xbc00);    /* -1 */
    cvt(F16, U8, "", 0xff, 0x5bf8);    /* 255 */
    cvt(F16, S32, "", 1, 0x3c00);
    cvt(F16, U16, "", 0, 0x0000);
    /* 64-bit integers: 2^53 + 1 -> F64: ROUND 2^53 (0x4340000000000000),
     * CEIL 2^53 + 2 (0x4340000000000001), FLR / TRUNC 2^53; its negation
     * FLR -(2^53 + 2), CEIL -2^53 */
    cvt(F64, S64, "", 0x0020000000000001ull, 0x4340000000000000ull);
    cvt(F64, S64, ".CEIL", 0x0020000000000001ull, 0x4340000000000001ull);
    cvt(F64, S64, ".FLR", 0x0020000000000001ull, 0x4340000000000000ull);
    cvt(F64, S64, ".TRUNC", 0x0020000000000001ull, 0x4340000000000000ull);
    cvt(F64, S64, ".FLR", SX(-0x0020000000000001LL), 0xc340000000000001ull);
    cvt(F64, S64, ".CEIL", SX(-0x0020000000000001LL), 0xc340000000000000ull);
    cvt(F64, U64, ".CEIL", 0x0020000000000001ull, 0x4340000000000001ull);
    /* U64 max: ROUND 2^64 (0x43f0000000000000), TRUNC 2^64 - 2048 */
    cvt(F64, U64, "", ~0ull, 0x43f0000000000000ull);
    cvt(F64, U64, ".TRUNC", ~0ull, 0x43efffffffffffffull);
    cvt(F64, S64, "", 0x8000000000000000ull, 0xc3e0000000000000ull); /* -2^63 */
    /* -> F32: INT64_MAX ROUND 2^63 (0x5f000000), TRUNC 2^63 - 2^39
     * (0x5effffff); U64 max FLR 0x5f7fffff, CEIL 2^64 (0x5f800000) */
    cvt(F32, S64, "", 0x7fffffffffffffffull, 0x5f000000);
    cvt(F32, S64, ".TRUNC", 0x7fffffffffffffffull, 0x5effffff);
    cvt(F32, U64, ".FLR", ~0ull, 0x5f7fffff);
    cvt(F32, U64, ".CEIL", ~0ull, 0x5f800000);
    cvt(F32, S64, "", ~0ull, Fb(-1.0f));
    cvt(F32, U64, ".CEIL", 16777217, Fb(16777218.0f));
    cvt(F16, S64, "", SX(-65504), 0xfbff);
    cvt(F64, S32, "", 0x80000000, Db(-2147483648.0));
    cvt(F64, U32, "", 0xffffffff, Db(4294967295.0));
    cvt(F64, S8, "", 0x80, Db(-128.0));
    cvt(F64, U16, "", 0x12345, Db(9029.0)); /* 0x2345 */
}

/* ---- integer -> integer ----------------------------------------------------- */
static void test_i2i(void)
{
    /* S32 -> S8: 300 -> 44 (0x12c & 0xff) / .SAT 127; -129 -> 127 / .SAT
     * -128; 128 -> -128 / .SAT 127 */
    cvt(S8, S32, "", 300, 44);
    cvt(S8, S32, ".SAT", 300, 127);
    cvt(S8, S32, "", (uint32_t)-129, 127);
    cvt(S8, S32, ".SAT", (uint32_t)-129, SX(-128));
    cvt(S8, S32, "", 128, SX(-128));
    cvt(S8, S32, ".SAT", 128, 127);
    /* rounding modifiers change nothing for integers */
    cvt(S8, S32, ".CEIL", 5, 5);
    /* S32 -> U8: -1 -> 255 / 0; 256 -> 0 / 255 */
    cvt(U8, S32, "", 0xffffffff, 0xff);
    cvt(U8, S32, ".SAT", 0xffffffff, 0);
    cvt(U8, S32, "", 256, 0);
    cvt(U8, S32, ".SAT", 256, 255);
    /* U32 <-> S32: 0xffffffff -> -1 / .SAT INT_MAX; -1 -> U32 0xffffffff / 0 */
    cvt(S32, U32, "", 0xffffffff, SX(-1));
    cvt(S32, U32, ".SAT", 0xffffffff, 0x7fffffff);
    cvt(S32, U32, ".SAT", 0x80000000, 0x7fffffff);
    cvt(U32, S32, "", 0xffffffff, 0xffffffffu);
    cvt(U32, S32, ".SAT", 0xffffffff, 0);
    cvt(U32, S32, ".SAT", 0x7fffffff, 0x7fffffff);
    /* S32 -> U16: 70000 -> 4464 (70000 - 65536) / 65535; -5 -> 0xfffb / 0 */
    cvt(U16, S32, "", 70000, 4464);
    cvt(U16, S32, ".SAT", 70000, 0xffff);
    cvt(U16, S32, "", (uint32_t)-5, 0xfffb);
    cvt(U16, S32, ".SAT", (uint32_t)-5, 0);
    /* S32 -> S16: 40000 -> -25536 / 32767; -40000 -> 25536 / -32768 */
    cvt(S16, S32, "", 40000, SX(-25536));
    cvt(S16, S32, ".SAT", 40000, 32767);
    cvt(S16, S32, "", (uint32_t)-40000, 25536);
    cvt(S16, S32, ".SAT", (uint32_t)-40000, SX(-32768));
    /* narrow operands: U16 65535 (0xffff) -> S8: low byte 0xff = -1 / .SAT
     * 127; S8 0xff (-1) -> U32 0xffffffff / 0; S8 0x12345680 -> -128; U8 of
     * it 128; S16 0x7fff -> U8 255 / 255 */
    cvt(S8, U16, "", 0xffff, SX(-1));
    cvt(S8, U16, ".SAT", 0xffff, 127);
    cvt(U32, S8, "", 0xff, 0xffffffffu);
    cvt(U32, S8, ".SAT", 0xff, 0);
    cvt(S32, S8, "", 0x12345680, SX(-128));
    cvt(S32, U8, "", 0x12345680, 128);
    cvt(U8, S16, "", 0x7fff, 0xff);
    cvt(U8, S16, ".SAT", 0x7fff, 0xff);
    cvt(S16, U8, "", 0xfff0, 0xf0);
    cvt(U16, S16, ".SAT", 0x8000, 0);
    cvt(U16, U8, "", 0x1ff, 0xff);
    cvt(S16, S16, "", 0x00018001, SX(-32767)); /* 0x8001 */
    cvt(U8, U8, ".SAT", 0x1234, 0x34);
    /* 64-bit: S64 0x0000000100000005 -> S32 5 / .SAT INT_MAX; -2147483649
     * -> S32 2147483647 (low word) / .SAT INT_MIN; U64 0x12345 -> U16 0x2345
     * / 0xffff; S32 INT_MIN -> S64 sign-extended, U32 0x80000000 -> S64
     * zero-extended; S8 -128 -> U64 0xff..80 / .SAT 0; S64 -1 -> U64 .SAT
     * 0; U64 max -> S64 -1 / .SAT INT64_MAX */
    cvt(S32, S64, "", 0x0000000100000005ull, 5);
    cvt(S32, S64, ".SAT", 0x0000000100000005ull, 0x7fffffff);
    cvt(S32, S64, "", SX(-2147483649LL), 0x7fffffff);
    cvt(S32, S64, ".SAT", SX(-2147483649LL), SX(INT32_MIN));
    cvt(U16, U64, "", 0x12345, 0x2345);
    cvt(U16, U64, ".SAT", 0x12345, 0xffff);
    cvt(S64, S32, "", 0x80000000, 0xffffffff80000000ull);
    cvt(S64, U32, "", 0x80000000, 0x0000000080000000ull);
    cvt(U64, S8, "", 0x80, 0xffffffffffffff80ull);
    cvt(U64, S8, ".SAT", 0x80, 0);
    cvt(U64, S64, ".SAT", ~0ull, 0);
    cvt(S64, U64, "", ~0ull, ~0ull);
    cvt(S64, U64, ".SAT", ~0ull, 0x7fffffffffffffffull);
    cvt(S8, S64, ".SAT", 0x8000000000000000ull, SX(-128));
    cvt(U8, S64, "", SX(-2), 0xfe);
    cvt(U32, U64, ".SAT", 0x100000000ull, 0xffffffffu);
    cvt(S64, S64, "", 0x8000000000000000ull, 0x8000000000000000ull);
}

/* ---- float -> float (EDGE.CVT_F2F: the neighbouring representable value,
 * not an integer) ------------------------------------------------------------- */
static void test_f2f(void)
{
    /* F32 -> F16 exact values */
    cvt(F16, F32, "", Fb(1.0f), 0x3c00);
    cvt(F16, F32, ".CEIL", Fb(1.5f), 0x3e00); /* 1.5, not 2 */
    cvt(F16, F32, ".FLR", Fb(-2.5f), 0xc100); /* -2.5, not -3 */
    cvt(F16, F32, "", Fb(65504.0f), 0x7bff);
    cvt(F16, F32, "", Fb(-0.0f), 0x8000);
    /* overflow: 65519.996 (0x477fefff) ROUND 65504; 65520 (0x477ff000) ROUND
     * / CEIL INF, TRUNC / FLR 65504; -65520 CEIL / TRUNC -65504, ROUND / FLR
     * -INF; 1e10 ROUND INF, TRUNC 65504 */
    cvt(F16, F32, "", 0x477fefff, 0x7bff);
    cvt(F16, F32, "", 0x477ff000, 0x7c00);
    cvt(F16, F32, ".CEIL", 0x477ff000, 0x7c00);
    cvt(F16, F32, ".TRUNC", 0x477ff000, 0x7bff);
    cvt(F16, F32, ".FLR", 0x477ff000, 0x7bff);
    cvt(F16, F32, "", 0xc77ff000, 0xfc00);
    cvt(F16, F32, ".CEIL", 0xc77ff000, 0xfbff);
    cvt(F16, F32, ".FLR", 0xc77ff000, 0xfc00);
    cvt(F16, F32, ".TRUNC", 0xc77ff000, 0xfbff);
    cvt(F16, F32, "", Fb(1e10f), 0x7c00);
    cvt(F16, F32, ".TRUNC", Fb(1e10f), 0x7bff);
    /* 1/3 (0x3eaaaaab = 1.0101...011b x 2^-2): 10 fraction bits 0101010101,
     * the rest 0101... below half: ROUND / FLR / TRUNC 0x3555, CEIL 0x3556;
     * -1/3: CEIL 0xb555 (towards +INF), FLR 0xb556 */
    cvt(F16, F32, "", 0x3eaaaaab, 0x3555);
    cvt(F16, F32, ".CEIL", 0x3eaaaaab, 0x3556);
    cvt(F16, F32, ".FLR", 0x3eaaaaab, 0x3555);
    cvt(F16, F32, ".TRUNC", 0x3eaaaaab, 0x3555);
    cvt(F16, F32, ".CEIL", 0xbeaaaaab, 0xb555);
    cvt(F16, F32, ".FLR", 0xbeaaaaab, 0xb556);
    /* F16 denormals: 2^-24 (0x33800000) -> 0x0001; 2^-25 (0x33000000) is
     * halfway between 0 and 2^-24: ROUND 0 (even), CEIL 0x0001, FLR 0;
     * -2^-25: FLR 0x8001, ROUND -0; 1.5 x 2^-24 (0x33c00000) halfway
     * between 1 and 2 (x 2^-24): 2; 2^-14 - 2^-25 (0x387fe000) halfway
     * between the largest denormal 0x03ff and 2^-14: 0x0400 (even) */
    cvt(F16, F32, "", 0x33800000, 0x0001);
    cvt(F16, F32, "", 0x33000000, 0x0000);
    cvt(F16, F32, ".CEIL", 0x33000000, 0x0001);
    cvt(F16, F32, ".FLR", 0x33000000, 0x0000);
    cvt(F16, F32, ".FLR", 0xb3000000, 0x8001);
    cvt(F16, F32, "", 0xb3000000, 0x8000);
    cvt(F16, F32, "", 0x33c00000, 0x0002);
    cvt(F16, F32, "", 0x387fe000, 0x0400);
    cvt(F16, F32, ".TRUNC", 0x387fe000, 0x03ff);
    /* specials: NaN -> quiet NaN (0x7e00), sign kept; INF */
    cvt(F16, F32, "", 0x7fc00000, 0x7e00);
    cvt(F16, F32, "", 0xffc00000, 0xfe00);
    cvt(F16, F32, "", 0x7f800001, 0x7e00);
    cvt(F16, F32, "", 0x7f800000, 0x7c00);
    cvt(F16, F32, ".TRUNC", 0xff800000, 0xfc00);
    /* F16 -> F32 (exact): 1.0; the smallest denormal 2^-24; the largest
     * 1023 x 2^-24 (0x387fc000); 65504; -INF; -0; NaN; the operand's high
     * 16 bits are ignored (0xffff3c00 is 1.0); 0x7c01 (signalling) ->
     * quiet 0x7fc02000 (payload 1 moved up 13 bits) */
    cvt(F32, F16, "", 0x3c00, 0x3f800000);
    cvt(F32, F16, "", 0x0001, 0x33800000);
    cvt(F32, F16, "", 0x03ff, 0x387fc000);
    cvt(F32, F16, ".FLR", 0x7bff, 0x477fe000);
    cvt(F32, F16, "", 0xfc00, 0xff800000);
    cvt(F32, F16, "", 0x8000, 0x80000000);
    cvt(F32, F16, "", 0x7e00, 0x7fc00000);
    cvt(F32, F16, "", 0xffff3c00, 0x3f800000);
    cvt(F32, F16, "", 0x7c01, 0x7fc02000);
    /* F32 -> F32: nothing to round; CEIL keeps 2.5 (not 3) */
    cvt(F32, F32, ".CEIL", Fb(2.5f), Fb(2.5f));
    cvt(F32, F32, ".FLR", Fb(-2.5f), Fb(-2.5f));
    cvt(F32, F32, "", 0x00000001, 0x00000001); /* denormals are kept */
    /* F16 -> F16 clears the high half */
    cvt(F16, F16, "", 0xffff3c00, 0x3c00);
    /* F64 -> F32: 1/3 (0x3fd5555555555555): ROUND / CEIL 0x3eaaaaab, FLR /
     * TRUNC 0x3eaaaaaa; 1e300 ROUND INF, TRUNC FLT_MAX; -1e300 FLR -INF,
     * CEIL -FLT_MAX; 2^-1074 CEIL -> 2^-149 (0x00000001), ROUND 0 */
    cvt(F32, F64, "", 0x3fd5555555555555ull, 0x3eaaaaab);
    cvt(F32, F64, ".CEIL", 0x3fd5555555555555ull, 0x3eaaaaab);
    cvt(F32, F64, ".FLR", 0x3fd5555555555555ull, 0x3eaaaaaa);
    cvt(F32, F64, ".TRUNC", 0x3fd5555555555555ull, 0x3eaaaaaa);
    cvt(F32, F64, "", Db(1e300), 0x7f800000);
    cvt(F32, F64, ".TRUNC", Db(1e300), 0x7f7fffff);
    cvt(F32, F64, ".FLR", Db(-1e300), 0xff800000);
    cvt(F32, F64, ".CEIL", Db(-1e300), 0xff7fffff);
    cvt(F32, F64, ".CEIL", 1, 0x00000001);
    cvt(F32, F64, "", 1, 0);
    cvt(F32, F64, "", 0x7ff8000000000000ull, 0x7fc00000);
    cvt(F32, F64, "", Db(-0.0), 0x80000000);
    /* F32 / F16 -> F64 exact; F64 -> F16: 65520 ROUND INF, TRUNC 65504;
     * 2^-25 ROUND 0 (tie, even), 2^-25 (1 + 2^-52) above the tie: 0x0001 */
    cvt(F64, F32, "", 0x3eaaaaab, 0x3fd5555560000000ull);
    cvt(F64, F16, "", 0x3c00, 0x3ff0000000000000ull);
    cvt(F64, F16, "", 0x0001, 0x3e70000000000000ull);
    cvt(F64, F32, "", 0xff800000, 0xfff0000000000000ull);
    cvt(F16, F64, "", Db(65520.0), 0x7c00);
    cvt(F16, F64, ".TRUNC", Db(65520.0), 0x7bff);
    cvt(F16, F64, "", 0x3e60000000000000ull, 0x0000);
    cvt(F16, F64, "", 0x3e60000000000001ull, 0x0001);
    cvt(F64, F64, ".CEIL", Db(0.1), Db(0.1));
    cvt(F64, F64, "", 0x8000000000000000ull, 0x8000000000000000ull);
}

/* ---- the remaining type pairs (every one of the 121 occurs somewhere) ------- */
static void test_other_pairs(void)
{
    /* U64 max -> F16: ROUND INF, TRUNC 65504 */
    cvt(F16, U64, "", ~0ull, 0x7c00);
    cvt(F16, U64, ".TRUNC", ~0ull, 0x7bff);
    cvt(F64, S16, "", 0x8000, Db(-32768.0));
    cvt(F64, U8, "", 0x1ff, Db(255.0));
    /* F16 128 (0x5800) -> S8: -128 / .SAT 127; -1.5 (0xbe00) ROUND -2 */
    cvt(S8, F16, "", 0x5800, SX(-128));
    cvt(S8, F16, ".SAT", 0x5800, 127);
    cvt(S8, F16, "", 0xbe00, SX(-2));
    /* -128.5: TRUNC -128; FLR -129 -> low byte 0x7f = 127 */
    cvt(S8, F64, ".TRUNC", Db(-128.5), SX(-128));
    cvt(S8, F64, ".FLR", Db(-128.5), 127);
    cvt(S8, S8, "", 0x17f, 127);
    cvt(S8, S8, ".SAT", 0x80, SX(-128));
    cvt(S8, S16, "", 0x7fff, SX(-1));
    cvt(S8, S16, ".SAT", 0x7fff, 127);
    cvt(S8, U8, "", 0xff, SX(-1));
    cvt(S8, U8, ".SAT", 0xff, 127);
    cvt(S8, U32, "", 0x80000000, 0);
    cvt(S8, U32, ".SAT", 0x80000000, 127);
    cvt(S8, U64, "", 0x8000000000000080ull, SX(-128));
    cvt(S8, U64, ".SAT", 0x8000000000000080ull, 127);
    /* 32767.5 ROUND -> 32768 (even) -> -32768 / .SAT 32767 */
    cvt(S16, F64, "", Db(32767.5), SX(-32768));
    cvt(S16, F64, ".SAT", Db(32767.5), 32767);
    cvt(S16, S8, "", 0x80, SX(-128));
    cvt(S16, S64, "", SX(-32769), 32767);
    cvt(S16, S64, ".SAT", SX(-32769), SX(-32768));
    cvt(S16, U16, "", 0x8000, SX(-32768));
    cvt(S16, U16, ".SAT", 0x8000, 32767);
    cvt(S16, U32, "", 0x10000, 0);
    cvt(S16, U32, ".SAT", 0x10000, 32767);
    cvt(S16, U64, "", 0x12345, 0x2345);
    cvt(S16, U64, ".SAT", 0x12345, 32767);
    cvt(S32, S16, "", 0xffff8000, SX(-32768));
    cvt(S32, S16, "", 0x00017fff, 32767);
    cvt(S32, S32, ".CEIL.SAT", 0x80000000, SX(INT32_MIN));
    cvt(S32, U16, "", 0xffffffff, 65535);
    cvt(S32, U64, "", 0x80000000, SX(INT32_MIN));
    cvt(S32, U64, ".SAT", 0x80000000, 0x7fffffff);
    cvt(S32, U64, "", 0x100000001ull, 1);
    cvt(S64, F16, "", 0xfbff, SX(-65504));
    cvt(S64, F16, "", 0x7c00, 0x7fffffffffffffffull);
    cvt(S64, S8, "", 0xff, ~0ull);
    cvt(S64, S16, "", 0x8000, SX(-32768));
    cvt(S64, U8, "", 0xff, 255);
    cvt(S64, U16, "", 0xffff, 65535);
    /* 255.49 ROUND 255; -0.0 -> 0; 256 .SAT 255 */
    cvt(U8, F64, "", Db(255.49), 255);
    cvt(U8, F64, "", Db(-0.0), 0);
    cvt(U8, F64, ".SAT", Db(256.0), 255);
    cvt(U8, S8, "", 0x80, 0x80);
    cvt(U8, S8, ".SAT", 0x80, 0);
    cvt(U8, U16, "", 0x100, 0);
    cvt(U8, U16, ".SAT", 0x100, 255);
    cvt(U8, U32, "", 0xffffffff, 255);
    cvt(U8, U32, ".SAT", 0x100, 255);
    cvt(U8, U64, "", 0x100000000ull, 0);
    cvt(U8, U64, ".SAT", 0x100000000ull, 255);
    cvt(U16, F16, "", 0x7bff, 65504);
    cvt(U16, F16, "", 0xbc00, 0xffff);
    cvt(U16, F16, ".SAT", 0xbc00, 0);
    cvt(U16, F64, "", Db(65535.5), 0);
    cvt(U16, F64, ".FLR", Db(65535.5), 0xffff);
    cvt(U16, S8, "", 0x80, 0xff80);
    cvt(U16, S8, ".SAT", 0x80, 0);
    cvt(U16, S64, "", ~0ull, 0xffff);
    cvt(U16, S64, ".SAT", ~0ull, 0);
    cvt(U16, S64, ".SAT", 0x10000, 0xffff);
    cvt(U16, U16, "", 0x12345, 0x2345);
    cvt(U16, U32, "", 0x12345, 0x2345);
    cvt(U16, U32, ".SAT", 0x12345, 0xffff);
    cvt(U32, F16, "", 0xfc00, 0);
    cvt(U32, F16, "", 0x7bff, 65504);
    cvt(U32, F16, "", 0xc000, 0xfffffffeu);
    cvt(U32, F16, ".SAT", 0xc000, 0);
    cvt(U32, S16, "", 0x8000, 0xffff8000u);
    cvt(U32, S16, ".SAT", 0x8000, 0);
    cvt(U32, S64, "", ~0ull, 0xffffffffu);
    cvt(U32, S64, ".SAT", ~0ull, 0);
    cvt(U32, S64, "", 0x100000000ull, 0);
    cvt(U32, S64, ".SAT", 0x100000000ull, 0xffffffffu);
    cvt(U32, U8, "", 0x1ff, 255);
    cvt(U32, U16, "", 0xfffff, 0xffff);
    cvt(U32, U32, ".SAT", 0xffffffff, 0xffffffffu);
    cvt(U64, F16, "", 0x7c00, ~0ull);
    cvt(U64, F16, "", 0xbc00, ~0ull);
    cvt(U64, F16, ".SAT", 0xbc00, 0);
    cvt(U64, F16, "", 0x3c00, 1);
    cvt(U64, S16, "", 0x8000, 0xffffffffffff8000ull);
    cvt(U64, S16, ".SAT", 0x8000, 0);
    cvt(U64, S32, "", 0x80000000, 0xffffffff80000000ull);
    cvt(U64, S32, ".SAT", 0x80000000, 0);
    cvt(U64, S32, "", 0x7fffffff, 0x7fffffff);
    cvt(U64, U8, "", 0xff, 0xff);
    cvt(U64, U16, "", 0xffff, 0xffff);
    cvt(U64, U32, "", 0xffffffff, 0xffffffffull);
    cvt(U64, U64, ".SAT", ~0ull, ~0ull);
}

/* ---- float results with .SAT / .SSAT ---------------------------------------- */
static void test_float_sat(void)
{
    /* [0,1]: 2.5 -> 1; -2.5 -> 0; 0.5 stays; NaN passes; -0.0 passes (the
     * ARB pseudo-code's "r < 0" is false for it) */
    cvt(F32, F32, ".SAT", Fb(2.5f), Fb(1.0f));
    cvt(F32, F32, ".SAT", Fb(-2.5f), 0);
    cvt(F32, F32, ".SAT", Fb(0.5f), Fb(0.5f));
    cvt(F32, F32, ".SAT", 0x7fc00000, 0x7fc00000);
    cvt(F32, F32, ".SAT", 0x80000000, 0x80000000);
    cvt(F32, F32, ".SSAT", Fb(-2.5f), Fb(-1.0f));
    cvt(F32, F32, ".SSAT", Fb(-0.5f), Fb(-0.5f));
    cvt(F32, F32, ".SSAT", 0x7f800000, Fb(1.0f));
    /* F16 results clamp as binary16: 2.0 (0x4000) -> 0x3c00, -2.0 -> 0,
     * .SSAT -2 -> 0xbc00 */
    cvt(F16, F16, ".SAT", 0x4000, 0x3c00);
    cvt(F16, F16, ".SAT", 0xc000, 0x0000);
    cvt(F16, F16, ".SSAT", 0xc000, 0xbc00);
    cvt(F16, F32, ".SAT", Fb(2.0f), 0x3c00);
    cvt(F16, S32, ".SAT", 7, 0x3c00);
    cvt(F32, S32, ".SAT", (uint32_t)-7, 0);
    cvt(F32, U32, ".SAT", 1, Fb(1.0f));
    cvt(F64, F64, ".SAT", Db(2.0), Db(1.0));
    cvt(F64, S64, ".SSAT", SX(-5), Db(-1.0));
}

/* ---- the executor beyond one value: masks, swizzles, literals, CC ---------- */
static void test_exec_forms(void)
{
    const uint32_t S = 0x5a5a5a5a;
    {
        /* write mask: y and w keep r's 0x5a5a5a5a */
        const uint32_t w[4] = { 2, S, 0xfffffffd, S };
        run_body("CVT.S32.F32 r.xz", "MOV t, {2.5, 0, -2.5, 0};\nCVT.S32.F32.FLR r.xz, t;", w, "CVT.S32.F32.FLR");
    }
    {
        /* swizzle: r = CVT(t.wzyx) = (4.5, 3.5, 2.5, 1.5) ROUND -> (4, 4, 2, 2) */
        const uint32_t w[4] = { 4, 4, 2, 2 };
        run_body("CVT swizzle", "MOV t, {1.5, 2.5, 3.5, 4.5};\nCVT.U32.F32 r, t.wzyx;", w, "CVT.U32.F32");
    }
    {
        /* literals take the operand's type: S8 literals -1, 127, 128, 255
         * are integers, whose low bytes are -1, 127, -128, -1 */
        const uint32_t w[4] = { 0xbf800000, 0x42fe0000, 0xc3000000, 0xbf800000 };
        run_body("CVT.F32.S8 literal", "CVT.F32.S8 r, {-1, 127, 128, 255};", w, "CVT.F32.S8");
    }
    {
        /* U16 literal 65536 + 7 -> 7; float literal 2.75 -> F16 0x4180 */
        const uint32_t w[4] = { 0x40e00000, 0x40e00000, 0x40e00000, 0x40e00000 };
        run_body("CVT.F32.U16 literal", "CVT.F32.U16 r, 65543;", w, "CVT.F32.U16");
        const uint32_t h[4] = { 0x4180, 0x4180, 0x4180, 0x4180 };
        run_body("CVT.F16.F32 literal", "CVT.F16.F32 r, 2.75;", h, "CVT.F16.F32");
    }
    {
        /* F16 round trip through a register: 0.1 -> F16 (ROUND: 0x2e66) ->
         * F32 0.0999755859375 (0x3dccc000) */
        const uint32_t w[4] = { 0x3dccc000, 0x3dccc000, 0x3dccc000, 0x3dccc000 };
        run_body("F16 round trip", "CVT.F16.F32 t, 0.1;\nCVT.F32.F16 r, t;", w, "CVT.F32.F16");
    }
    {
        /* CC from an integer result: CVT.S32.F32.CC of (-1.5, 0, 2, NaN)
         * ROUND = (-2, 0, 2, 0): LT only for x, EQ for y and w */
        const uint32_t w[4] = { 1, 2, 0, 2 };
        run_body("CVT CC S32",
                 "MOV.U t, {0xbfc00000, 0, 0x40000000, 0x7fc00000};\nCVT.S32.F32.CC u, t;\n"
                 "MOV.U r, 0;\nMOV.U r (LT), 1;\nMOV.U r (EQ), 2;", w, "CVT.S32.F32.CC");
    }
    {
        /* CC of an F16 result comes from the binary16 value: (-1, 0, 2, NaN)
         * -> 0xbc00 (negative: LT), 0 (EQ), 0x4000 (GT), NaN (neither LT nor
         * EQ: SF and ZF both set, NV4's LT is SF && !ZF) */
        const uint32_t w[4] = { 1, 2, 3, 0 };
        run_body("CVT CC F16",
                 "MOV.U t, {0xbf800000, 0, 0x40000000, 0x7fc00000};\nCVT.F16.F32.CC u, t;\n"
                 "MOV.U r, 0;\nMOV.U r (LT), 1;\nMOV.U r (EQ), 2;\nMOV.U r (GT), 3;", w, "CVT.F16.F32.CC");
    }
    {
        /* CC1 and a conditional write mask on CVT itself */
        const uint32_t w[4] = { S, 7, S, 7 };
        run_body("CVT CC1 masked", "MOV.S.CC1 u, {0, 1, 0, 1};\nCVT.S8.S32 r (NE1), 263;", w, "CVT.S8.S32 R1 (NE1");
    }
    {
        /* F16 and LONG variables meet as values (EDGE.CVT_SIZE): CVT.F16.F32
         * of 2.5 into a LONG variable stores the double 2.5
         * (0x4004000000000000); an F16 operand of a LONG variable holding
         * the double 0.1 is 0.1 rounded to binary16: ROUND 0x2e66 =
         * 1638/16384 = 0.0999755859375 (F32 0x3dccc000), CEIL 0x2e67 =
         * 1639/16384 (F32 0x3dcce000) */
        const uint32_t w[4] = { 0, 0x40040000, 0, 0x40040000 };
        run_body("F16 into LONG", "LONG TEMP l;\nCVT.F16.F32 l, 2.5;\nUP64.U r, l;", w, "CVT.F16.F32");
        const uint32_t w2[4] = { 0x3dccc000, 0x3dcce000, 0x3dccc000, 0x3dcce000 };
        run_body("F16 from LONG", "LONG TEMP l;\nPK64.U l, {0x9999999a, 0x3fb99999, 0x9999999a, 0x3fb99999};\n"
                                  "CVT.F32.F16 r.xz, l;\nCVT.F32.F16.CEIL r.yw, l;", w2, "CVT.F32.F16.CEIL");
    }
    {
        /* 64-bit types through 32-bit variables: S64 of 0xffffffff is -1
         * (sign-extended), U64 4294967295; S64 result narrowed to its low word */
        const uint32_t w[4] = { 0xbf800000, 0x4f800000, 0xfffffffd, 0xfffffffd };
        run_body("CVT 64 via 32", "MOV.U t, 0xffffffff;\nCVT.F32.S64 r.x, t;\nCVT.F32.U64 r.y, t;\n"
                                  "CVT.S64.F32.FLR r.zw, {-2.5, -2.5, -2.5, -2.5};", w, "CVT.F32.U64");
    }
}

/* ---- the conversions against the host's IEEE arithmetic ---------------------
 * Deterministic pseudo-random operands (bit patterns, so every exponent,
 * denormals, INF and NaN occur) converted by gp_cvt_value and by C under
 * fesetround() (this test's own thread; the executor never changes the FP
 * environment): float <-> double and integer -> float in all four rounding
 * modes, float -> integer in range with rint / floor / ceil / trunc. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rng(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void test_host_oracle(void)
{
    static const int modes[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };
    static const int rnds[4] = { GP_RND_ROUND, GP_RND_CEIL, GP_RND_FLR, GP_RND_TRUNC };
    int bad = 0;
    for (int k = 0; k < 4; k++) {
        fesetround(modes[k]);
        for (int i = 0; i < 20000 && bad < 10; i++) {
            uint64_t r = rng();
            volatile double d;
            memcpy((void *)&d, &r, 8);
            volatile float f = (float)d;
            uint64_t want = Fb(f), got = gp_cvt_value(r, F64, F32, rnds[k], GP_SAT_NONE);
            if (d == d && got != want)
                { bad++; CHECK(0, "F64->F32 mode %d: 0x%016llx -> 0x%08llx, host 0x%08llx", k,
                             (unsigned long long)r, (unsigned long long)got, (unsigned long long)want); }
            /* doubles near float range, with few mantissa bits dropped */
            uint64_t r2 = (r & 0x800fffffffffffffull) | (uint64_t)(896 + (r >> 52) % 260) << 52;
            memcpy((void *)&d, &r2, 8);
            f = (float)d;
            want = Fb(f);
            got = gp_cvt_value(r2, F64, F32, rnds[k], GP_SAT_NONE);
            if (got != want)
                { bad++; CHECK(0, "F64->F32 mode %d: 0x%016llx -> 0x%08llx, host 0x%08llx", k,
                             (unsigned long long)r2, (unsigned long long)got, (unsigned long long)want); }
            int64_t si = (int64_t)r >> (r & 63);
            volatile float fs = (float)si;
            volatile double ds = (double)si;
            volatile float fu = (float)(r >> (r & 31));
            volatile double du = (double)r;
            if (gp_cvt_value((uint64_t)si, S64, F32, rnds[k], 0) != Fb(fs) ||
                gp_cvt_value((uint64_t)si, S64, F64, rnds[k], 0) != Db(ds) ||
                gp_cvt_value(r >> (r & 31), U64, F32, rnds[k], 0) != Fb(fu) ||
                gp_cvt_value(r, U64, F64, rnds[k], 0) != Db(du))
                { bad++; CHECK(0, "int->float mode %d: 0x%016llx", k, (unsigned long long)r); }
            volatile float fi = (float)(int32_t)r;
            if (gp_cvt_value((uint32_t)r, S32, F32, rnds[k], 0) != Fb(fi))
                { bad++; CHECK(0, "S32->F32 mode %d: 0x%08x", k, (uint32_t)r); }
        }
        fesetround(FE_TONEAREST);
    }
    for (int i = 0; i < 40000 && bad < 10; i++) {
        uint64_t r = rng();
        /* floats of magnitude below 2^31 */
        uint32_t fb = (uint32_t)(r & 0x807fffffu) | (uint32_t)((r >> 32) % 158) << 23;
        float f;
        memcpy(&f, &fb, 4);
        int32_t w[4] = { (int32_t)rintf(f), (int32_t)ceilf(f), (int32_t)floorf(f), (int32_t)truncf(f) };
        for (int k = 0; k < 4; k++)
            if (gp_cvt_value(fb, F32, S32, rnds[k], 0) != SX(w[k]))
                { bad++; CHECK(0, "F32->S32 rnd %d: 0x%08x", k, fb); }
        /* doubles of magnitude below 2^63 */
        uint64_t db = (r & 0x800fffffffffffffull) | (uint64_t)((r >> 52) % 1086) << 52;
        double d;
        memcpy(&d, &db, 8);
        int64_t v[4] = { (int64_t)rint(d), (int64_t)ceil(d), (int64_t)floor(d), (int64_t)trunc(d) };
        for (int k = 0; k < 4; k++)
            if (gp_cvt_value(db, F64, S64, rnds[k], 0) != (uint64_t)v[k])
                { bad++; CHECK(0, "F64->S64 rnd %d: 0x%016llx", k, (unsigned long long)db); }
        /* F32 -> F64 -> F32 and F16 -> F32 -> F16 are exact */
        if (f == f && gp_cvt_value(gp_cvt_value(fb, F32, F64, 0, 0), F64, F32, GP_RND_TRUNC, 0) != fb)
            { bad++; CHECK(0, "F32->F64->F32: 0x%08x", fb); }
        uint32_t h = (uint32_t)r & 0xffff;
        if ((h & 0x7c00) != 0x7c00 &&
            gp_cvt_value(gp_cvt_value(h, F16, F32, 0, 0), F32, F16, GP_RND_CEIL, 0) != h)
            { bad++; CHECK(0, "F16->F32->F16: 0x%04x", h); }
    }
    CHECK(bad == 0, "%d conversions differ from the host's", bad);
}

/* ---- load errors, positioned ------------------------------------------------ */
static void err_case(gp_stage st, const char *src, const char *at, const char *msg)
{
    gp_error err;
    gp_program *p = compile5(src, st, &err);
    CHECK(p == NULL, "should not load:\n%s", src);
    if (p) {
        gp_program_free(p);
        return;
    }
    const char *a = strstr(src, at);
    int want = a ? (int)(a - src) : -2;
    CHECK(err.pos == want, "error at %d, want %d ('%s'): %s\n%s", err.pos, want, at, err.msg, src);
    CHECK(strstr(err.msg, msg) != NULL, "message '%s' lacks '%s'", err.msg, msg);
}

static void ok_case(gp_stage st, const char *src)
{
    gp_error err;
    gp_program *p = compile5(src, st, &err);
    CHECK(p != NULL, "should load (%d:%d %s):\n%s", err.line, err.col, err.msg, src);
    gp_program_free(p);
}

static void test_errors(void)
{
    const gp_stage V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT;
    /* the NV5 gate (HDR.GATE5) */
    err_case(V, "!!NVvp4.0\nTEMP r;\nCVT.F32.S32 r, r;\nEND", "CVT", "requires an NV_gpu_program5 header");
    err_case(F, "!!ARBfp1.0\nTEMP r;\nCVT result.color, r;\nEND", "CVT", "CVT");
    /* two storage modifiers, no more, no fewer, no data type modifier */
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT r, r;\nEND", "CVT", "two storage modifiers");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.F32 r, r;\nEND", "CVT", "two storage modifiers");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.F32.S32.U8 r, r;\nEND", "U8 r", "is a third");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.F.S32 r, r;\nEND", "F.S32", "no data type modifier");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.F32.S33 r, r;\nEND", "S33", "unknown instruction modifier");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.F32.S32.CEIL.FLR r, r;\nEND", "FLR", "more than one rounding");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.S32.F32.SSAT r, r;\nEND", "SSAT", "'.SSAT' needs a floating-point");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.S32.F32.SAT.SAT r, r;\nEND", "SAT r", "more than one clamping");
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVTH.F32.F16 r, r;\nEND", "CVTH", "");
    /* EDGE.CVT_OPND: no negation, no absolute value */
    err_case(V, "!!NVvp5.0\nTEMP r, t;\nCVT.S32.F32 r, -t;\nEND", "-t", "negation");
    err_case(F, "!!NVfp5.0\nTEMP r, t;\nCVT.F16.F32 r, |t|;\nEND", "|t|", "absolute value");
    err_case(F, "!!NVfp5.0\nTEMP r, t;\nCVT.F16.F32 r, -|t.x|;\nEND", "-|t.x|", "absolute value");
    /* a signed scalar literal is a negated operand in the grammar
     * (<instOperandV>: <operandNeg> <instOperandAbsV>); a vector literal's
     * signs are part of its constants */
    err_case(V, "!!NVvp5.0\nTEMP r;\nCVT.S32.F32 r, -2.5;\nEND", "-2.5", "negation");
    ok_case(V, "!!NVvp5.0\nTEMP r;\nCVT.S32.F32 r, {-2.5, 1, 2, 3};\nMOV result.position, 0;\nEND");
    /* the NV4 type check uses the storage types */
    err_case(V, "!!NVvp5.0\nINT TEMP i;\nTEMP t;\nCVT.F32.F32 i, t;\nEND", "i, t", "declared INT");
    err_case(V, "!!NVvp5.0\nINT TEMP i;\nTEMP t;\nCVT.F32.U8 t, i;\nEND", "i;\nEND", "declared INT");
    ok_case(V, "!!NVvp5.0\nINT TEMP i;\nUINT TEMP u;\nFLOAT TEMP f;\nCVT.S8.U16 i, u;\nCVT.F16.S32 f, i;\n"
               "CVT.U32.F64.TRUNC u, f;\nCVT.F32.F32.NTC i, u;\nMOV result.position, 0;\nEND");
    /* modifiers in any order after the two types; suffix forms */
    ok_case(F, "!!NVfp5.0\nTEMP r;\nCVT.S16.F32.SAT.CC1.TRUNC r, r;\nCVTC.U8.F16 r, r;\nCVT_SAT.F32.S8 r, r;\n"
               "MOV result.color, r;\nEND");
}

int main(void)
{
    T_BOTH_PATHS
    {
        test_f2i_rounding();
        test_f2i_range();
        test_i2f();
        test_i2i();
        test_f2f();
        test_float_sat();
        test_other_pairs();
        test_exec_forms();
    }
    test_errors();
    test_host_oracle();
    return t_report("nv5_cvt");
}
