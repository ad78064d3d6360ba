/*
 * test_exec_store.c - the executor's operand fetch and result store (ctest
 * glprog.exec_store; single-threaded): write masks, _SAT/_SSAT, condition
 * codes (update, write masks, every test of NV_gpu_program4 Table X.16 on
 * LT/EQ/GT/UN values, CC0 vs CC1), R/H/X precision, the aliasing hazard
 * (MOV R0, R0.yxwz), |abs| and negation, relative addressing in and out of
 * range for reads and writes, address-register instructions and
 * result.clip[n].  Expected values come from the spec examples or by hand.
 *
 * FEATURES: MOD.SAT, MOD.SSAT, MOD.CC0, MOD.CC1, MOD.PREC_R, MOD.PREC_H,
 * MOD.PREC_X, MOD.OPND_NEG, MOD.OPND_ABS, MOD.OPND_SWZ, MOD.DST_WMASK,
 * MOD.DST_CCMASK, MOD.ARRAY_REL, CC.* (tests, update, swizzle, UPD_SAT),
 * EDGE.NAN_CC, EDGE.NEG_ZERO_CC, EDGE.PREC_X_OVERFLOW, EDGE.ROUND_HALF,
 * EDGE.REL_ADDR_OOB, EDGE.VP3_TEXCOORD_WRITE, EDGE.VP2_CLIP_DEFAULT.
 */
#include "test_exec_common.h"

#define S0 (-100.0f) /* sentinel */

/* NV_fragment_program_option 3.11.4.3, the worked example:
 *   # R1=(-2, 0, 2, NaN)              R0                  CC
 *   MOVC R0, R1;               # ( -2,  0,   2, NaN) (LT,EQ,GT,UN)
 *   MOVC R0.xyz, R1.yzwx;      # (  0,  2, NaN, NaN) (EQ,GT,UN,UN)
 *   MOVC R0 (NE), R1.zywx;     # (  0,  0, NaN,  -2) (EQ,EQ,UN,LT)
 * The CC is read back with conditional writes of 1.0 under EQ, LT, GT, NE. */
static void test_spec_cc_example(uint32_t live)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, -2.0f, 0.0f, 2.0f, NAN);
    te_param(e, 1, 1, 1, 1, 1);
    I1(&t, GP_OP_MOV, D(TEMP(0), ""), S(PARAM(0), "xyzw"))->cc_update = 1;
    I1(&t, GP_OP_MOV, D(TEMP(0), "xyz"), S(PARAM(0), "yzwx"))->cc_update = 1;
    gp_insn *in = I1(&t, GP_OP_MOV, D(TEMP(0), ""), S(PARAM(0), "zywx"));
    in->cc_update = 1;
    in->dst.cc = CC(GP_COND_NE, 0, "xyzw");
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    static const int conds[4] = {GP_COND_EQ, GP_COND_LT, GP_COND_GT, GP_COND_NE};
    for (int k = 0; k < 4; k++)
        I1(&t, GP_OP_MOV, D(OUT(1 + k), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(conds[k], 0, "xyzw");
    tp_end(&t);
    te_fill_out(e, 0.0f);
    e->env.live_mask = live;
    te_run(e, &t);

    static const float want_r0[4] = {0.0f, 0.0f, NAN, -2.0f};
    /* CC = (EQ, EQ, UN, LT) */
    static const float want_cc[4][4] = {
        {1, 1, 0, 0}, /* EQ */
        {0, 0, 0, 1}, /* LT */
        {0, 0, 0, 0}, /* GT */
        {0, 0, 1, 1}, /* NE (UN passes NE) */
    };
    for (int l = 0; l < GP_LANES; l++) {
        bool on = (live >> l) & 1;
        for (int c = 0; c < 4; c++) {
            float got = OUTF(e, 0, c, l);
            CHECK(on ? t_same(got, want_r0[c]) : got == 0.0f, "spec CC example R0 lane %d comp %d = %g",
                  l, c, got);
            for (int k = 0; k < 4; k++) {
                float g = OUTF(e, 1 + k, c, l);
                CHECK(g == (on ? want_cc[k][c] : 0.0f), "spec CC example test %d lane %d comp %d = %g",
                      k, l, c, g);
            }
        }
    }
    te_free(e);
}

/* Every test of Table X.16 on components (LT, EQ, GT, UN) = (-2, -0, 2, NaN):
 *           -2  -0   2  NaN      flags: LT=SF, EQ=ZF, GT=-, UN=SF|ZF */
static const struct {
    int cond;
    float pass[4];
} cond_table[] = {
    {GP_COND_TR, {1, 1, 1, 1}},  {GP_COND_FL, {0, 0, 0, 0}},  {GP_COND_EQ, {0, 1, 0, 0}},
    {GP_COND_NE, {1, 0, 1, 1}},  {GP_COND_LT, {1, 0, 0, 0}},  {GP_COND_LE, {1, 1, 0, 0}},
    {GP_COND_GT, {0, 0, 1, 0}},  {GP_COND_GE, {0, 1, 1, 0}},  {GP_COND_EQ0, {0, 1, 0, 0}},
    {GP_COND_NE0, {1, 0, 1, 1}}, {GP_COND_NAN, {0, 0, 0, 1}}, {GP_COND_LEG, {1, 1, 1, 0}},
    {GP_COND_SF, {1, 0, 0, 1}},  {GP_COND_NSF, {0, 1, 1, 0}}, {GP_COND_CF, {0, 0, 0, 0}},
    {GP_COND_NCF, {1, 1, 1, 1}}, {GP_COND_OF, {0, 0, 0, 0}},  {GP_COND_NOF, {1, 1, 1, 1}},
    {GP_COND_AB, {0, 0, 0, 0}},  {GP_COND_BLE, {1, 1, 1, 1}},
};

static void test_cond_tests(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, -2.0f, -0.0f, 2.0f, NAN);
    te_param(e, 1, 1, 1, 1, 1);
    /* MOVC CC, p0 ("CC" as destination: updates the CC, writes nothing) */
    I1(&t, GP_OP_MOV, D(GP_FILE_CC, 0, ""), S(PARAM(0), "xyzw"))->cc_update = 1;
    int n = (int)(sizeof(cond_table) / sizeof(cond_table[0]));
    for (int k = 0; k < n; k++)
        I1(&t, GP_OP_MOV, D(OUT(k), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(cond_table[k].cond, 0, "xyzw");
    tp_end(&t);
    te_fill_out(e, 0.0f);
    te_run(e, &t);
    for (int k = 0; k < n; k++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l += 5)
                CHECK(OUTF(e, k, c, l) == cond_table[k].pass[c], "cond %d comp %d lane %d = %g",
                      cond_table[k].cond, c, l, OUTF(e, k, c, l));

    /* 3.11.4.3: CC (GT,LT,EQ,GT) tested with (NE.zyxw) loads (EQ,LT,GT,GT)
     * and enables y, z and w. */
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 2, 1.0f, -1.0f, 0.0f, 1.0f);
    I1(&t, GP_OP_MOV, D(GP_FILE_CC, 0, ""), S(PARAM(2), "xyzw"))->cc_update = 1;
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(GP_COND_NE, 0, "zyxw");
    tp_end(&t);
    te_fill_out(e, 0.0f);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 3) == 0 && OUTF(e, 0, 1, 3) == 1 && OUTF(e, 0, 2, 3) == 1 && OUTF(e, 0, 3, 3) == 1,
          "NE.zyxw mask = %g %g %g %g", OUTF(e, 0, 0, 3), OUTF(e, 0, 1, 3), OUTF(e, 0, 2, 3),
          OUTF(e, 0, 3, 3));

    /* CC0 and CC1 are separate (NV_vertex_program3 2.14.3.X): both start EQ. */
    tp_init(&t, GP_STAGE_VERTEX);
    I1(&t, GP_OP_MOV, D(GP_FILE_CC, 0, ""), S(PARAM(2), "xyzw"))->cc_update = 2; /* C1 */
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(GP_COND_GT, 1, "xyzw");
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(GP_COND_EQ, 0, "xyzw");
    tp_end(&t);
    te_fill_out(e, 0.0f);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 1 && OUTF(e, 0, 1, 0) == 0 && OUTF(e, 0, 2, 0) == 0 && OUTF(e, 0, 3, 0) == 1,
          "GT1 after MOVC1");
    CHECK(OUTF(e, 1, 0, 0) == 1 && OUTF(e, 1, 1, 0) == 1 && OUTF(e, 1, 2, 0) == 1 && OUTF(e, 1, 3, 0) == 1,
          "CC0 still (EQ,EQ,EQ,EQ)");
    te_free(e);
}

/* CC update only for written components, from the clamped value. */
static void test_cc_masked_update(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, -0.5f, 2.0f, -3.0f, 4.0f);
    te_param(e, 1, 1, 1, 1, 1);
    gp_insn *in = I1(&t, GP_OP_MOV, D(TEMP(0), "xy"), S(PARAM(0), "xyzw"));
    in->cc_update = 1;
    in->sat = GP_SAT_01; /* (0, 1) written: CC = (EQ, GT, EQ, EQ) */
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(1), "xyzw"))->dst.cc = CC(GP_COND_EQ, 0, "xyzw");
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    te_fill_out(e, 0.0f);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 7) == 1 && OUTF(e, 0, 1, 7) == 0 && OUTF(e, 0, 2, 7) == 1 && OUTF(e, 0, 3, 7) == 1,
          "masked/saturated CC update = %g %g %g %g", OUTF(e, 0, 0, 7), OUTF(e, 0, 1, 7),
          OUTF(e, 0, 2, 7), OUTF(e, 0, 3, 7));
    CHECK(OUTF(e, 1, 0, 7) == 0 && OUTF(e, 1, 1, 7) == 1 && OUTF(e, 1, 2, 7) == 0 && OUTF(e, 1, 3, 7) == 0,
          "masked write");
    te_free(e);
}

static void test_saturate(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, -0.5f, 0.5f, 1.5f, NAN);
    te_param(e, 1, -1.5f, -0.5f, 2.0f, -0.0f);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"))->sat = GP_SAT_01;
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(1), "xyzw"))->sat = GP_SAT_11;
    I2(&t, GP_OP_ADD, D(OUT(2), ""), S(PARAM(0), "xyzw"), S(PARAM(1), "xyzw"))->sat = GP_SAT_01;
    tp_end(&t);
    te_run(e, &t);
    /* ARB_fragment_program 3.11.4.3: "if (r < 0) r = 0; else if (r > 1) r = 1"
     * -- NaN passes through the compares unchanged. */
    CHECK(OUTF(e, 0, 0, 0) == 0.0f && OUTF(e, 0, 1, 0) == 0.5f && OUTF(e, 0, 2, 0) == 1.0f &&
              isnan(OUTF(e, 0, 3, 0)),
          "_SAT = %g %g %g %g", OUTF(e, 0, 0, 0), OUTF(e, 0, 1, 0), OUTF(e, 0, 2, 0), OUTF(e, 0, 3, 0));
    /* NV_fragment_program2 _SSAT: [-1, 1] */
    CHECK(OUTF(e, 1, 0, 9) == -1.0f && OUTF(e, 1, 1, 9) == -0.5f && OUTF(e, 1, 2, 9) == 1.0f &&
              OUTF(e, 1, 3, 9) == 0.0f,
          "_SSAT = %g %g %g %g", OUTF(e, 1, 0, 9), OUTF(e, 1, 1, 9), OUTF(e, 1, 2, 9), OUTF(e, 1, 3, 9));
    /* (-2, 0, 3.5, NaN) saturated */
    CHECK(OUTF(e, 2, 0, 4) == 0.0f && OUTF(e, 2, 1, 4) == 0.0f && OUTF(e, 2, 2, 4) == 1.0f &&
              isnan(OUTF(e, 2, 3, 4)),
          "ADD_SAT");
    te_free(e);
}

/* NV_fragment_program_option 3.11.4.X precision, values by hand. */
static void test_precision(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, 1.0f / 3.0f, 65520.0f, 1e-8f, 2049.0f);
    te_param(e, 1, 3.0f, -5.0f, 0.0004f, NAN);
    te_param(e, 2, 1.0f, ldexpf(1.0f, -11), 65504.0f, -1e-8f);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"))->precision = 'H';
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(1), "xyzw"))->precision = 'X';
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(PARAM(0), "xyzw"))->precision = 'X';
    I2(&t, GP_OP_ADD, D(OUT(3), "x"), S(PARAM(2), "x"), S(PARAM(2), "y"))->precision = 'H';
    I1(&t, GP_OP_MOV, D(OUT(4), ""), S(PARAM(2), "xyzw"))->precision = 'H';
    I1(&t, GP_OP_MOV, D(OUT(5), ""), S(PARAM(0), "xyzw"))->precision = 'R';
    tp_end(&t);
    te_run(e, &t);
    /* H: 1/3 -> 0x3555 = 0.333251953125; 65520 -> +INF (overflow);
     * 1e-8 < half the smallest fp16 denormal (2^-25) -> +0; 2049 is a tie
     * between 2048 and 2050 -> even mantissa 2048. */
    CHECK(OUTF(e, 0, 0, 1) == 0.333251953125f, "H 1/3 = %.12g", OUTF(e, 0, 0, 1));
    CHECK(isinf(OUTF(e, 0, 1, 1)) && OUTF(e, 0, 1, 1) > 0, "H 65520 = %g", OUTF(e, 0, 1, 1));
    CHECK(OUTF(e, 0, 2, 1) == 0.0f && !signbit(OUTF(e, 0, 2, 1)), "H 1e-8 = %g", OUTF(e, 0, 2, 1));
    CHECK(OUTF(e, 0, 3, 1) == 2048.0f, "H 2049 = %g", OUTF(e, 0, 3, 1));
    /* X: 12-bit fixed, 10 fraction bits: 3 -> 2047/1024, -5 -> -2048/1024,
     * 0.0004 -> 0; 1/3 -> round(341.33)/1024; NaN -> 0 (no encoding). */
    CHECK(OUTF(e, 1, 0, 1) == 2047.0f / 1024.0f && OUTF(e, 1, 1, 1) == -2.0f && OUTF(e, 1, 2, 1) == 0.0f &&
              OUTF(e, 1, 3, 1) == 0.0f,
          "X = %.10g %.10g %.10g %.10g", OUTF(e, 1, 0, 1), OUTF(e, 1, 1, 1), OUTF(e, 1, 2, 1),
          OUTF(e, 1, 3, 1));
    CHECK(OUTF(e, 2, 0, 1) == 341.0f / 1024.0f, "X 1/3 = %.10g", OUTF(e, 2, 0, 1));
    /* ADDH 1 + 2^-11: a tie between 1 and 1 + 2^-10 -> 1 */
    CHECK(OUTF(e, 3, 0, 1) == 1.0f, "ADDH = %.10g", OUTF(e, 3, 0, 1));
    /* 65504 is the largest fp16; -1e-8 -> -0 */
    CHECK(OUTF(e, 4, 2, 1) == 65504.0f && OUTF(e, 4, 3, 1) == 0.0f && signbit(OUTF(e, 4, 3, 1)),
          "H 65504 / -1e-8");
    /* R: binary32 unchanged */
    CHECK(OUTF(e, 5, 0, 1) == 1.0f / 3.0f && OUTF(e, 5, 3, 1) == 2049.0f, "R precision");
    te_free(e);
}

/* Mesa's check_soa_dependencies hazard: the destination aliases a swizzled
 * source, so all components must be read before any is written. */
static void test_aliasing(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 1, 2, 3, 4);
    te_param(e, 1, 4, 5, 6, 0);
    I1(&t, GP_OP_MOV, D(TEMP(0), ""), S(PARAM(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(TEMP(0), ""), S(TEMP(0), "yxwz"));        /* (2, 1, 4, 3) */
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), ""), S(TEMP(0), "wzyx"), S(TEMP(0), "xyzw")); /* (5,5,5,5) */
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(TEMP(1), ""), S(PARAM(0), "xyzw"));
    I2(&t, GP_OP_XPD, D(TEMP(1), "xyz"), S(TEMP(1), "xyzw"), S(PARAM(1), "xyzw")); /* (-3,6,-3) */
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(TEMP(1), "xyzw"));
    I1(&t, GP_OP_MOV, D(TEMP(2), ""), S(PARAM(0), "xyzw"));
    I1(&t, GP_OP_SWZ, D(TEMP(2), ""), S(TEMP(2), "w-z1-x"));     /* (4, -3, 1, -1) */
    I1(&t, GP_OP_MOV, D(OUT(3), ""), S(TEMP(2), "xyzw"));
    tp_end(&t);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        CHECK(OUTF(e, 0, 0, l) == 2 && OUTF(e, 0, 1, l) == 1 && OUTF(e, 0, 2, l) == 4 && OUTF(e, 0, 3, l) == 3,
              "MOV R0, R0.yxwz lane %d = %g %g %g %g", l, OUTF(e, 0, 0, l), OUTF(e, 0, 1, l),
              OUTF(e, 0, 2, l), OUTF(e, 0, 3, l));
        for (int c = 0; c < 4; c++)
            CHECK(OUTF(e, 1, c, l) == 5, "ADD R0, R0.wzyx, R0 comp %d = %g", c, OUTF(e, 1, c, l));
        CHECK(OUTF(e, 2, 0, l) == -3 && OUTF(e, 2, 1, l) == 6 && OUTF(e, 2, 2, l) == -3 && OUTF(e, 2, 3, l) == 4,
              "XPD R1.xyz, R1, b = %g %g %g %g", OUTF(e, 2, 0, l), OUTF(e, 2, 1, l), OUTF(e, 2, 2, l),
              OUTF(e, 2, 3, l));
        CHECK(OUTF(e, 3, 0, l) == 4 && OUTF(e, 3, 1, l) == -3 && OUTF(e, 3, 2, l) == 1 && OUTF(e, 3, 3, l) == -1,
              "SWZ R2, R2, w,-z,1,-x");
    }
    te_free(e);
}

static void test_operand_mods(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    /* per-lane inputs: lane l has (l - 8, -0, NaN, -INF) */
    for (int l = 0; l < GP_LANES; l++) {
        e->in[3].c[0][l].f = (float)(l - 8);
        e->in[3].c[1][l].f = -0.0f;
        e->in[3].c[2][l].f = NAN;
        e->in[3].c[3][l].f = -INFINITY;
    }
    I1(&t, GP_OP_MOV, D(OUT(0), ""), absv(S(IN(3), "xyzw")));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), neg(absv(S(IN(3), "xyzw")))); /* -|x| */
    I1(&t, GP_OP_MOV, D(OUT(2), ""), neg(S(IN(3), "xxyw")));
    tp_end(&t);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        float v = (float)(l - 8);
        CHECK(OUTF(e, 0, 0, l) == fabsf(v) && t_bits(OUTF(e, 0, 1, l)) == 0 && isnan(OUTF(e, 0, 2, l)) &&
                  OUTF(e, 0, 3, l) == INFINITY,
              "|x| lane %d", l);
        CHECK(OUTF(e, 1, 0, l) == -fabsf(v) && t_bits(OUTF(e, 1, 1, l)) == 0x80000000u &&
                  OUTF(e, 1, 3, l) == -INFINITY,
              "-|x| lane %d", l);
        CHECK(OUTF(e, 2, 0, l) == -v && OUTF(e, 2, 1, l) == -v && t_bits(OUTF(e, 2, 2, l)) == 0 &&
                  OUTF(e, 2, 3, l) == INFINITY,
              "-x.xxyw lane %d", l);
    }
    te_free(e);
}

/* ARL / ARR / ARA and relative addressing (ARB_vertex_program 2.14.4.2,
 * NV_vertex_program2_option 2.14.5.28/29, NV_vertex_program3 relative
 * attribute and result arrays).  Out-of-range reads give 0, writes drop. */
static void test_address(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    for (int r = 2; r <= 5; r++)
        te_param(e, r, 10.0f * r, 10.0f * r + 1, 10.0f * r + 2, 10.0f * r + 3);
    /* lane l: in0.x = l - 3.5 -> floor: l - 4 in [-4, 11] */
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = (float)l - 3.5f;
        e->in[0].c[1][l].f = (float)l * 0.5f - 0.25f; /* for ARR */
    }
    te_param(e, 6, 2.5f, 3.5f, -2.5f, -1.7f);
    te_param(e, 7, 0, 0, 0, 0);
    I1(&t, GP_OP_ARL, D(ADDR(0), "x"), S(IN(0), "x"));
    /* MOV o0, p[A0.x + 2] over the array p[2..5] */
    I1(&t, GP_OP_MOV, D(OUT(0), ""), rel(S(PARAM(2), "xyzw"), 0, 0, 2, 5));
    /* ARR A1, p6 = round-half-even (2, 4, -2, -2) */
    I1(&t, GP_OP_ARR, D(ADDR(1), ""), S(PARAM(6), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(ADDR(1), "xyzw"));
    /* ARA A1, A1 = (x+z, y+w, x+z, y+w) = (0, 2, 0, 2) */
    I1(&t, GP_OP_ARA, D(ADDR(1), ""), S(ADDR(1), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(ADDR(1), "xyzw"));
    /* relative write: result.texcoord[A0.x + 0] within TEX0..TEX0+7 */
    I1(&t, GP_OP_MOV, D(OUT(GP_VARY_TEX0), ""), S(PARAM(7), "xyzw"))->dst.rel = 1;
    t.code[t.n - 1].dst.rel_file = GP_FILE_ADDRESS;
    t.code[t.n - 1].dst.rel_lo = GP_VARY_TEX0;
    t.code[t.n - 1].dst.rel_hi = GP_VARY_TEX0 + 7;
    /* ARLC (NV_vertex_program2_option): CC from the integer result */
    te_param(e, 8, -1.5f, 0.0f, 0.5f, 2.0f);
    te_param(e, 9, 1, 1, 1, 1);
    I1(&t, GP_OP_ARL, D(ADDR(1), ""), S(PARAM(8), "xyzw"))->cc_update = 1;
    I1(&t, GP_OP_MOV, D(OUT(3), ""), S(PARAM(9), "xyzw"))->dst.cc = CC(GP_COND_LT, 0, "xyzw");
    I1(&t, GP_OP_MOV, D(OUT(4), ""), S(PARAM(9), "xyzw"))->dst.cc = CC(GP_COND_EQ, 0, "xyzw");
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        int a = l - 4, row = a + 2;
        for (int c = 0; c < 4; c++) {
            float want = (row >= 2 && row <= 5) ? 10.0f * row + c : 0.0f;
            CHECK(OUTF(e, 0, c, l) == want, "p[A0.x+2] lane %d (A0.x=%d) comp %d = %g want %g", l, a, c,
                  OUTF(e, 0, c, l), want);
        }
        int32_t want_arr[4] = {2, 4, -2, -2}, want_ara[4] = {0, 2, 0, 2};
        for (int c = 0; c < 4; c++) {
            CHECK(e->out[1].c[c][l].i == want_arr[c], "ARR comp %d = %d", c, e->out[1].c[c][l].i);
            CHECK(e->out[2].c[c][l].i == want_ara[c], "ARA comp %d = %d", c, e->out[2].c[c][l].i);
        }
        for (int s = 0; s < 8; s++)
            for (int c = 0; c < 4; c++) {
                float want = (a == s) ? 0.0f : S0;
                CHECK(OUTF(e, GP_VARY_TEX0 + s, c, l) == want, "texcoord[A0.x] lane %d slot %d = %g", l, s,
                      OUTF(e, GP_VARY_TEX0 + s, c, l));
            }
        CHECK(OUTF(e, GP_VARY_TEX0 - 1, 0, l) == S0 && OUTF(e, GP_VARY_TEX0 + 8, 0, l) == S0,
              "out-of-range relative write dropped");
        /* floor: (-2, 0, 0, 2) -> LT only x, EQ y z */
        CHECK(OUTF(e, 3, 0, l) == 1 && OUTF(e, 3, 1, l) == S0 && OUTF(e, 3, 3, l) == S0, "ARLC LT");
        CHECK(OUTF(e, 4, 0, l) == S0 && OUTF(e, 4, 1, l) == 1 && OUTF(e, 4, 2, l) == 1 &&
                  OUTF(e, 4, 3, l) == S0,
              "ARLC EQ");
    }
    te_free(e);
}

/* result.clip[n] (gp_ir.h clipdist): the x result goes to component n%4. */
static void test_clipdist(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 7, 8, 9, 10);
    gp_insn *in = I1(&t, GP_OP_MOV, D(OUT(GP_VARY_CLIP1), ""), S(PARAM(0), "xyzw"));
    in->dst.clipdist = 1 + 6 % 4; /* result.clip[6] */
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, GP_VARY_CLIP1, 2, 11) == 7.0f && OUTF(e, GP_VARY_CLIP1, 0, 11) == S0 &&
              OUTF(e, GP_VARY_CLIP1, 1, 11) == S0 && OUTF(e, GP_VARY_CLIP1, 3, 11) == S0,
          "clip[6] = %g %g %g %g", OUTF(e, GP_VARY_CLIP1, 0, 11), OUTF(e, GP_VARY_CLIP1, 1, 11),
          OUTF(e, GP_VARY_CLIP1, 2, 11), OUTF(e, GP_VARY_CLIP1, 3, 11));
    te_free(e);
}

/* Registers start at zero every run, whatever ran before on the machine. */
static void test_fresh_registers(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 5, 5, 5, 5);
    I2(&t, GP_OP_ADD, D(TEMP(3), ""), S(TEMP(3), "xyzw"), S(PARAM(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(3), "xyzw"));
    tp_end(&t);
    te_run(e, &t);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 5.0f && OUTF(e, 0, 3, 15) == 5.0f, "second run sees a zero T3: %g",
          OUTF(e, 0, 0, 0));
    te_free(e);
}

/* Parameters of one instruction that share a cache slot (rows 1, 17, 33 all
 * map to slot 1 of 16) must not evict each other; a long chain over 48 rows
 * cycles the cache. */
static void test_param_operands(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    for (int r = 0; r < 64; r++)
        te_param(e, r, (float)r, 100.0f + r, 200.0f + r, 300.0f + r);
    /* MAD o0, p1, p17.wzyx, p33: (1*317 + 33, 101*217 + 133, ...) */
    I3(&t, GP_OP_MAD, D(OUT(0), ""), S(PARAM(1), "xyzw"), S(PARAM(17), "wzyx"), S(PARAM(33), "xyzw"));
    /* T0 = sum of p[0..47].x, one ADD per row */
    for (int r = 0; r < 48; r++)
        I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(r), "x"));
    /* the same rows again, now cached or evicted: T0.y = sum of p[r].y */
    for (int r = 47; r >= 0; r--)
        I2(&t, GP_OP_ADD, D(TEMP(0), "y"), S(TEMP(0), "y"), neg(S(PARAM(r), "y")));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 2) == 1.0f * 317 + 33 && OUTF(e, 0, 1, 2) == 101.0f * 217 + 133 &&
              OUTF(e, 0, 2, 2) == 201.0f * 117 + 233 && OUTF(e, 0, 3, 2) == 301.0f * 17 + 333,
          "MAD p1, p17.wzyx, p33 = %g %g %g %g", OUTF(e, 0, 0, 2), OUTF(e, 0, 1, 2), OUTF(e, 0, 2, 2),
          OUTF(e, 0, 3, 2));
    /* sum 0..47 = 1128; sum of (100 + r) = 4800 + 1128 */
    CHECK(OUTF(e, 1, 0, 9) == 1128.0f && OUTF(e, 1, 1, 9) == -5928.0f, "param chain = %g %g",
          OUTF(e, 1, 0, 9), OUTF(e, 1, 1, 9));
    te_free(e);
}

int main(void)
{
    T_BOTH_PATHS {
        test_spec_cc_example(0xffffu);
        test_spec_cc_example(0x3c5au);
        test_cond_tests();
        test_cc_masked_update();
        test_saturate();
        test_precision();
        test_aliasing();
        test_operand_mods();
        test_address();
        test_clipdist();
        test_fresh_registers();
        test_param_operands();
    }
    return t_report("exec_store");
}
