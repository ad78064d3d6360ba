/*
 * test_exec_flow.c - the executor's control flow, kill and derivatives
 * (ctest glprog.exec_flow; single-threaded): divergent IF/ELSE/ENDIF,
 * nested REP with BRK and CONT, LOOP and its A0.x index, CAL/RET (including
 * call-stack overflow and RET in main), BRA with per-lane divergence
 * (NV_vertex_program2_option's example and a data-dependent BRA loop),
 * reconvergence (observed through DDX, which is 0 in a divergent quad),
 * PUSHA/POPA, KIL in both forms with helper lanes, DDX/DDY on known quad
 * values, texture requests, the "main" entry point and the watchdog on an
 * endless loop.  Expected values are worked out by hand in the comments.
 *
 * FEATURES: OP.IF OP.ELSE OP.ENDIF OP.REP OP.ENDREP OP.LOOP OP.ENDLOOP OP.BRK
 * OP.CONT OP.CAL OP.RET OP.BRA OP.PUSHA OP.POPA OP.KIL OP.DDX OP.DDY OP.TEX
 * OP.TXP OP.TXL OP.TXD, CC.BRANCH, EDGE.CALL_OVERFLOW, EDGE.RET_EMPTY,
 * EDGE.EXEC_LIMIT, EDGE.PUSHA_POPA, EDGE.LOOP_PARAM, EDGE.FP2_RUNTIME_NEST,
 * EDGE.REP_NOCOUNT, EDGE.REP_COUNT_ONCE, EDGE.FP2_A0, EDGE.KIL_U,
 * EDGE.VTX_TEX_LOD.
 */
#include "test_exec_common.h"

#define S0 (-100.0f)

/* Sets CC0 per lane from in[slot] ("MOVC CC, in.xyzw"). */
static void set_cc(tprog *t, int slot)
{
    I1(t, GP_OP_MOV, D(GP_FILE_CC, 0, ""), S(IN(slot), "xyzw"))->cc_update = 1;
}

/* ---- IF / ELSE / ENDIF (NV_fragment_program2 3.11.X.3, .4, .7) ------------ */

static void test_if_else(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    /* lane l: in0.x = +1 for even l, -1 for odd; in0.y = +1 for l < 8 */
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = (l & 1) ? -1.0f : 1.0f;
        e->in[0].c[1][l].f = l < 8 ? 1.0f : -1.0f;
    }
    te_param(e, 0, 1, 2, 3, 4);
    te_param(e, 1, 1, 1, 1, 1);
    set_cc(&t, 0);
    int if0 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_GT, 0, "x"), -1);          /* x > 0 */
    int if1 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_GT, 0, "y"), -1);          /*   y > 0 */
    I1(&t, GP_OP_MOV, D(OUT(0), "x"), S(PARAM(0), "x"));    /*     o0.x = 1 */
    int else1 = tp_here(&t);
    IF_(&t, GP_OP_ELSE, CC(0, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(0), "x"), S(PARAM(0), "y"));    /*     o0.x = 2 */
    int endif1 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if1);
    int else0 = tp_here(&t);
    IF_(&t, GP_OP_ELSE, CC(0, 0, NULL), -1);
    int if2 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_LT, 0, "y"), -1);          /*   y < 0 */
    I1(&t, GP_OP_MOV, D(OUT(0), "x"), S(PARAM(0), "z"));    /*     o0.x = 3 */
    int endif2 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if2);
    int endif0 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if0);
    /* after the join: every lane exactly once */
    I2(&t, GP_OP_ADD, D(TEMP(0), ""), S(TEMP(0), "xyzw"), S(PARAM(1), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    t.code[if0].target = else0;
    t.code[if1].target = else1;
    t.code[else1].target = endif1;
    t.code[else0].target = endif0;
    t.code[if2].target = endif2;
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        bool x = !(l & 1), y = l < 8;
        float want = x ? (y ? 1.0f : 2.0f) : (y ? S0 : 3.0f);
        CHECK(OUTF(e, 0, 0, l) == want, "nested IF lane %d = %g, want %g", l, OUTF(e, 0, 0, l), want);
        CHECK(OUTF(e, 1, 0, l) == 1.0f && OUTF(e, 1, 3, l) == 1.0f, "after ENDIF lane %d = %g", l,
              OUTF(e, 1, 0, l));
    }
    te_free(e);
}

/* ---- REP / BRK / CONT --------------------------------------------------------- */

/* REP 3 { REP 4 { T0.x += 1; BRK (T0.x >= L) } T0.y += 1 }
 * L = 0: 1 | 2 | 3 -> 3      L = 2: 1,2 | 3 | 4 -> 4
 * L = 5: 1..4 | 5 | 6 -> 6   L = 9: 1..4 | 5..8 | 9 -> 9   L = 100: 12 */
static void test_rep_brk(void)
{
    static const float lim[5] = {0, 2, 5, 9, 100};
    static const float want[5] = {3, 4, 6, 9, 12};
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    for (int l = 0; l < GP_LANES; l++)
        e->in[1].c[0][l].f = lim[l % 5];
    te_param(e, 0, 3.0f, 0, 0, 0);
    te_param(e, 1, 4.7f, 0, 0, 0); /* floor(4.7) = 4 iterations */
    te_param(e, 2, 1, 1, 1, 1);
    int rep0 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(0), "xyzw"));
    int rep1 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(1), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(2), "x"));
    I2(&t, GP_OP_SUB, D(GP_FILE_CC, 0, "x"), S(TEMP(0), "x"), S(IN(1), "x"))->cc_update = 1;
    int brk = tp_here(&t);
    IF_(&t, GP_OP_BRK, CC(GP_COND_GE, 0, "x"), -1);
    int end1 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), rep1);
    I2(&t, GP_OP_ADD, D(TEMP(0), "y"), S(TEMP(0), "y"), S(PARAM(2), "y"));
    int end0 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), rep0);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    t.code[rep0].target = end0;
    t.code[rep1].target = end1;
    t.code[brk].target = end1;
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        CHECK(OUTF(e, 0, 0, l) == want[l % 5], "REP/BRK lane %d (L=%g) T0.x = %g, want %g", l,
              lim[l % 5], OUTF(e, 0, 0, l), want[l % 5]);
        CHECK(OUTF(e, 0, 1, l) == 3.0f, "outer REP count lane %d = %g", l, OUTF(e, 0, 1, l));
    }
    CHECK(e->env.status == GP_EXEC_OK, "status");

    /* Counts <= 0 skip the block, the count is floor(x) (3.11.X.9). */
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 3, -1.0f, 0, 0, 0);
    te_param(e, 4, 0.9f, 0, 0, 0);
    int r0 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(3), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(2), "xyzw"));
    int e0 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r0);
    int r1 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(4), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(2), "xyzw"));
    int e1 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r1);
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(PARAM(2), "xyzw"));
    tp_end(&t);
    t.code[r0].target = e0;
    t.code[r1].target = e1;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 3) == S0 && OUTF(e, 1, 0, 3) == S0 && OUTF(e, 2, 0, 3) == 1.0f,
          "REP -1 / REP 0.9 skip the block");

    /* NV_gpu_program4 issue 17: the count is read once; "REP T0.x" whose
     * body sets T0.x = 100 still runs 3 times (T1.x counts). */
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 5, 3, 100, 0, 0);
    I1(&t, GP_OP_MOV, D(TEMP(0), "x"), S(PARAM(5), "x"));
    int r2 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(TEMP(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(TEMP(0), "x"), S(PARAM(5), "y"));
    I2(&t, GP_OP_ADD, D(TEMP(1), "x"), S(TEMP(1), "x"), S(PARAM(2), "x"));
    int e2 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r2);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(1), "xyzw"));
    tp_end(&t);
    t.code[r2].target = e2;
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 11) == 3.0f, "REP count read once: %g iterations", OUTF(e, 0, 0, 11));
    te_free(e);
}

/* NV_gpu_program4 CONT: REP 4 { T0.x += 1; CONT (in.x > 0); T0.y += 1 } */
static void test_cont(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = (l % 3 == 0) ? 1.0f : -1.0f;
    te_param(e, 0, 4, 0, 0, 0);
    te_param(e, 1, 1, 1, 1, 1);
    set_cc(&t, 0);
    int rep = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(0), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(1), "x"));
    int cont = tp_here(&t);
    IF_(&t, GP_OP_CONT, CC(GP_COND_GT, 0, "x"), -1);
    I2(&t, GP_OP_ADD, D(TEMP(0), "y"), S(TEMP(0), "y"), S(PARAM(1), "y"));
    int end = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), rep);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    t.code[rep].target = end;
    t.code[cont].target = end;
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++)
        CHECK(OUTF(e, 0, 0, l) == 4.0f && OUTF(e, 0, 1, l) == (l % 3 == 0 ? 0.0f : 4.0f),
              "CONT lane %d = %g %g", l, OUTF(e, 0, 0, l), OUTF(e, 0, 1, l));
    te_free(e);
}

/* NV_fragment_program2 3.11.X.8 LOOP {count, A0.x start, increment}:
 * LOOP {3, 1, 2} sums texcoord[1] + texcoord[3] + texcoord[5];
 * LOOP {2, 0, 1} { LOOP {2, 4, 1} {T1 += tc[A0.x]} T2 += tc[A0.x] } gives
 * T1 = 2 * (tc4 + tc5) and T2 = tc0 + tc1: the inner loop's A0.x ends and
 * the outer one's comes back. */
static void test_loop(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    for (int k = 0; k < 8; k++)
        te_in_all(e, GP_VARY_TEX0 + k, (float)k, 10.0f * k, 100.0f * k, 1000.0f * k);
    te_param(e, 0, 3, 1, 2, 0);
    te_param(e, 1, 2, 0, 1, 0);
    te_param(e, 2, 2, 4, 1, 0);
    gp_src tc = rel(S(IN(GP_VARY_TEX0), "xyzw"), 0, 0, GP_VARY_TEX0, GP_VARY_TEX0 + 7);
    int l0 = tp_here(&t);
    I1(&t, GP_OP_LOOP, D(GP_FILE_NONE, 0, ""), S(PARAM(0), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), ""), S(TEMP(0), "xyzw"), tc);
    int e0 = tp_here(&t);
    IF_(&t, GP_OP_ENDLOOP, CC(0, 0, NULL), l0);
    int l1 = tp_here(&t);
    I1(&t, GP_OP_LOOP, D(GP_FILE_NONE, 0, ""), S(PARAM(1), "xyzw"));
    int l2 = tp_here(&t);
    I1(&t, GP_OP_LOOP, D(GP_FILE_NONE, 0, ""), S(PARAM(2), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(1), ""), S(TEMP(1), "xyzw"), tc);
    int e2 = tp_here(&t);
    IF_(&t, GP_OP_ENDLOOP, CC(0, 0, NULL), l2);
    I2(&t, GP_OP_ADD, D(TEMP(2), ""), S(TEMP(2), "xyzw"), tc);
    int e1 = tp_here(&t);
    IF_(&t, GP_OP_ENDLOOP, CC(0, 0, NULL), l1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(1), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(TEMP(2), "xyzw"));
    tp_end(&t);
    t.code[l0].target = e0;
    t.code[l1].target = e1;
    t.code[l2].target = e2;
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l += 3) {
        CHECK(OUTF(e, 0, 0, l) == 9.0f && OUTF(e, 0, 3, l) == 9000.0f, "LOOP {3,1,2} = %g", OUTF(e, 0, 0, l));
        CHECK(OUTF(e, 1, 0, l) == 18.0f && OUTF(e, 1, 1, l) == 180.0f, "inner LOOP = %g", OUTF(e, 1, 0, l));
        CHECK(OUTF(e, 2, 0, l) == 1.0f && OUTF(e, 2, 2, l) == 100.0f, "outer A0.x restored = %g",
              OUTF(e, 2, 0, l));
    }
    te_free(e);
}

/* ---- CAL / RET ------------------------------------------------------------------ */

/* main: CAL sub (GT.x); CAL sub2; MOV o0, T0; END
 * sub:  T0.x += 1; CAL sub2; RET
 * sub2: T0.y += 1; RET (LT.z); T0.z += 1; RET */
static void test_call(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = (l & 2) ? 1.0f : -1.0f; /* calls sub */
        e->in[0].c[2][l].f = (l & 4) ? -1.0f : 1.0f; /* sub2 returns early */
    }
    te_param(e, 0, 1, 1, 1, 1);
    set_cc(&t, 0);
    int cal0 = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(GP_COND_GT, 0, "x"), -1);
    int cal1 = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    tp_add(&t, GP_OP_END);
    int sub = tp_here(&t);
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(0), "x"));
    int cal2 = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    int sub2 = tp_here(&t);
    I2(&t, GP_OP_ADD, D(TEMP(0), "y"), S(TEMP(0), "y"), S(PARAM(0), "y"));
    IF_(&t, GP_OP_RET, CC(GP_COND_LT, 0, "z"), -1);
    I2(&t, GP_OP_ADD, D(TEMP(0), "z"), S(TEMP(0), "z"), S(PARAM(0), "z"));
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    tp_end(&t);
    t.code[cal0].target = sub;
    t.code[cal1].target = sub2;
    t.code[cal2].target = sub2;
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        bool called = l & 2, early = l & 4;
        float calls2 = called ? 2.0f : 1.0f;
        CHECK(OUTF(e, 0, 0, l) == (called ? 1.0f : 0.0f), "CAL (GT) lane %d: T0.x = %g", l, OUTF(e, 0, 0, l));
        CHECK(OUTF(e, 0, 1, l) == calls2, "sub2 calls lane %d: T0.y = %g", l, OUTF(e, 0, 1, l));
        CHECK(OUTF(e, 0, 2, l) == (early ? 0.0f : calls2), "RET (LT.z) lane %d: T0.z = %g", l,
              OUTF(e, 0, 2, l));
    }
    CHECK(e->env.status == GP_EXEC_OK, "status");
    te_free(e);
}

/* Unbounded recursion: sub: T0.x += 1; o0.x = T0.x; CAL sub; RET.  With
 * MAX_PROGRAM_CALL_DEPTH_NV = 8 (the default, max_call_depth 0) 8 calls
 * succeed and the 9th overflows and terminates the invocation
 * (NV_vertex_program2_option 2.14.5.31), keeping what it wrote
 * (NV_fragment_program2 3.11.4.X); with max_call_depth 3, 3 calls.  RET with
 * an empty stack ends the program normally: "RET (GT.x)" in main ends the
 * lanes where it holds. */
static void test_call_limits(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 1, 1, 1, 1);
    int cal = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(0), "xyzw")); /* never reached */
    tp_add(&t, GP_OP_END);
    int sub = tp_here(&t);
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(0), "x"));
    I1(&t, GP_OP_MOV, D(OUT(0), "x"), S(TEMP(0), "x"));
    int cal2 = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    tp_end(&t);
    t.code[cal].target = sub;
    t.code[cal2].target = sub;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 8.0f && OUTF(e, 0, 0, 15) == 8.0f, "call depth reached = %g",
          OUTF(e, 0, 0, 0));
    CHECK(OUTF(e, 1, 0, 0) == S0, "overflow terminates");
    CHECK(e->env.status == GP_EXEC_OK, "overflow is not a watchdog stop");
    t.p.max_call_depth = 3;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 7) == 3.0f && OUTF(e, 1, 0, 7) == S0, "max_call_depth 3: %g", OUTF(e, 0, 0, 7));

    tp_init(&t, GP_STAGE_VERTEX);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = l < 5 ? 1.0f : 0.0f;
    set_cc(&t, 0);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"));
    IF_(&t, GP_OP_RET, CC(GP_COND_GT, 0, "x"), -1);
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(0), "xyzw"));
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++)
        CHECK(OUTF(e, 0, 0, l) == 1.0f && OUTF(e, 1, 0, l) == (l < 5 ? S0 : 1.0f), "RET in main lane %d", l);
    te_free(e);
}

/* ---- BRA (NV_vertex_program2_option 2.14.4.X, 2.14.5.30) ------------------------ */

static void test_bra(void)
{
    tenv *e = te_new();
    tprog t;
    /* The spec's example: c[0] = (-2, 0, 2, NaN) gives CC (LT,EQ,GT,UN);
     * "BRA label1 (LT.xyzw)" is taken, "BRA label2 (LT.wyzw)" is not. */
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, -2.0f, 0.0f, 2.0f, NAN);
    te_param(e, 1, 1, 1, 1, 1);
    te_param(e, 2, 2, 2, 2, 2);
    I1(&t, GP_OP_MOV, D(GP_FILE_CC, 0, ""), S(PARAM(0), "xyzw"))->cc_update = 1;
    int b1 = tp_here(&t);
    IF_(&t, GP_OP_BRA, CC(GP_COND_LT, 0, "xyzw"), -1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(1), "xyzw")); /* not executed */
    int label1 = tp_here(&t);
    IF_(&t, GP_OP_BRA, CC(GP_COND_LT, 0, "wyzw"), -1);
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(2), "xyzw")); /* executed */
    int label2 = tp_here(&t);
    tp_end(&t);
    t.code[b1].target = label1;
    t.code[label1].target = label2;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 6) == S0 && OUTF(e, 1, 0, 6) == 2.0f, "spec BRA example");

    /* A data-dependent loop, lanes leaving at different times:
     *   0: T0.x += 1
     *   1: SUBC CC.x, T0.x, in.x
     *   2: BRA 0 (LT.x)          -- repeat while T0.x < n
     *   3: o0 = T0 */
    tp_init(&t, GP_STAGE_VERTEX);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = (float)((l * 7) % 11);
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(1), "x"));
    I2(&t, GP_OP_SUB, D(GP_FILE_CC, 0, "x"), S(TEMP(0), "x"), S(IN(0), "x"))->cc_update = 1;
    IF_(&t, GP_OP_BRA, CC(GP_COND_LT, 0, "x"), 0);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        float n = (float)((l * 7) % 11), want = n < 1 ? 1 : n;
        CHECK(OUTF(e, 0, 0, l) == want, "BRA loop lane %d = %g want %g", l, OUTF(e, 0, 0, l), want);
    }
    te_free(e);
}

/* Reconvergence, observed through DDX (0 in a quad whose lanes are not all
 * running, fswzadd-quad-derivatives.txt).  Lanes of each quad take different
 * paths (IF/ELSE, or BRA over a block); after the join DDX must see the whole
 * quad again. f = 3x (x = lane & 1): DDX = 3 in a converged quad. */
static void test_reconverge(void)
{
    tenv *e = te_new();
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = (l & 1) ? 1.0f : -1.0f;  /* differs inside every quad */
        e->in[1].c[0][l].f = 3.0f * (float)(l & 1);   /* f(x, y) = 3x */
    }
    for (int variant = 0; variant < 2; variant++) {
        tprog t;
        tp_init(&t, GP_STAGE_FRAGMENT);
        set_cc(&t, 0);
        int br = tp_here(&t);
        if (variant == 0)
            IF_(&t, GP_OP_IF, CC(GP_COND_GT, 0, "x"), -1);
        else
            IF_(&t, GP_OP_BRA, CC(GP_COND_GT, 0, "x"), -1);
        I1(&t, GP_OP_DDX, D(OUT(0), "x"), S(IN(1), "x")); /* divergent: 0 */
        int el = tp_here(&t);
        if (variant == 0)
            IF_(&t, GP_OP_ELSE, CC(0, 0, NULL), -1);
        else
            IF_(&t, GP_OP_BRA, CC(0, 0, NULL), -1);
        I1(&t, GP_OP_DDX, D(OUT(0), "y"), S(IN(1), "x")); /* divergent: 0 */
        int join = tp_here(&t);
        if (variant == 0)
            IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), br);
        else
            I1(&t, GP_OP_MOV, D(OUT(2), ""), S(IN(1), "x"));
        I1(&t, GP_OP_DDX, D(OUT(1), ""), S(IN(1), "x")); /* converged: 3 */
        tp_end(&t);
        t.code[br].target = variant == 0 ? el : el + 1;
        t.code[el].target = join;
        te_fill_out(e, S0);
        te_run(e, &t);
        for (int l = 0; l < GP_LANES; l++) {
            bool odd = l & 1;
            CHECK(OUTF(e, 0, 0, l) == (variant == 0 && !odd ? S0 : variant == 1 && odd ? S0 : 0.0f),
                  "variant %d divergent DDX (then) lane %d = %g", variant, l, OUTF(e, 0, 0, l));
            CHECK(OUTF(e, 1, 0, l) == 3.0f, "variant %d DDX after the join lane %d = %g", variant, l,
                  OUTF(e, 1, 0, l));
        }
    }
    te_free(e);
}

/* ---- derivatives and KIL -------------------------------------------------------- */

/* f(x, y) = 3x + 5y + xy over quads at (0,0) (2,0) (0,2) (2,2):
 * DDX = f(x+1, y) - f(x, y) = 3 + y for the pixel's row,
 * DDY = f(x, y+1) - f(x, y) = 5 + x for its column.  f is built in a
 * temporary, so the derivative is of a computed value. */
static void quad_xy(int l, float *x, float *y)
{
    int q = l >> 2;
    *x = (float)((q & 1) * 2 + (l & 1));
    *y = (float)((q >> 1) * 2 + ((l >> 1) & 1));
}

static void test_derivatives(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    for (int l = 0; l < GP_LANES; l++) {
        float x, y;
        quad_xy(l, &x, &y);
        e->in[GP_VARY_POS].c[0][l].f = x;
        e->in[GP_VARY_POS].c[1][l].f = y;
    }
    te_param(e, 0, 3, 5, 0, 0);
    /* T0.x = x*y; T0.x = 3x + T0.x; T0.x = 5y + T0.x */
    I2(&t, GP_OP_MUL, D(TEMP(0), "x"), S(IN(GP_VARY_POS), "x"), S(IN(GP_VARY_POS), "y"));
    I3(&t, GP_OP_MAD, D(TEMP(0), "x"), S(PARAM(0), "x"), S(IN(GP_VARY_POS), "x"), S(TEMP(0), "x"));
    I3(&t, GP_OP_MAD, D(TEMP(0), "x"), S(PARAM(0), "y"), S(IN(GP_VARY_POS), "y"), S(TEMP(0), "x"));
    I1(&t, GP_OP_DDX, D(OUT(0), ""), S(TEMP(0), "xxxx"));
    I1(&t, GP_OP_DDY, D(OUT(1), ""), S(TEMP(0), "xxxx"));
    I1(&t, GP_OP_DDX, D(OUT(2), ""), neg(S(TEMP(0), "x"))); /* -f */
    tp_end(&t);
    te_run(e, &t);
    for (int l = 0; l < GP_LANES; l++) {
        float x, y;
        quad_xy(l, &x, &y);
        CHECK(OUTF(e, 0, 0, l) == 3.0f + y && OUTF(e, 0, 3, l) == 3.0f + y, "DDX lane %d = %g, want %g", l,
              OUTF(e, 0, 0, l), 3.0f + y);
        CHECK(OUTF(e, 1, 0, l) == 5.0f + x, "DDY lane %d = %g, want %g", l, OUTF(e, 1, 0, l), 5.0f + x);
        CHECK(OUTF(e, 2, 0, l) == -(3.0f + y), "DDX(-f) lane %d = %g", l, OUTF(e, 2, 0, l));
    }
    te_free(e);
}

static void test_kil(void)
{
    tenv *e = te_new();
    tprog t;
    /* ARB form: lanes 0-3 (all of quad 0) and lane 5 have a negative
     * component; lane 9 has -0 (not < 0).  Killed lanes leave the live mask;
     * lane 5 keeps running as a helper so lane 4's DDX stays right; quad 0
     * has no live lane left and stops. */
    tp_init(&t, GP_STAGE_FRAGMENT);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = 1.0f;
        e->in[0].c[1][l].f = (l < 4 || l == 5) ? -0.5f : 2.0f;
        e->in[0].c[2][l].f = l == 9 ? -0.0f : 0.0f;
        e->in[0].c[3][l].f = 1.0f;
        e->in[1].c[0][l].f = (float)(l * l);
    }
    te_param(e, 0, 1, 1, 1, 1);
    I1(&t, GP_OP_KIL, D(GP_FILE_NONE, 0, ""), S(IN(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"));
    I1(&t, GP_OP_DDX, D(OUT(1), ""), S(IN(1), "x"));
    tp_end(&t);
    te_fill_out(e, S0);
    e->env.live_mask = 0xffffu;
    te_run(e, &t);
    CHECK(e->env.killed_mask == 0x002fu, "ARB KIL killed_mask = %04x", e->env.killed_mask);
    for (int l = 0; l < 4; l++)
        CHECK(OUTF(e, 0, 0, l) == S0, "fully killed quad stops, lane %d = %g", l, OUTF(e, 0, 0, l));
    CHECK(OUTF(e, 0, 0, 4) == 1.0f && OUTF(e, 0, 0, 9) == 1.0f, "live lanes continue");
    CHECK(OUTF(e, 1, 0, 4) == 25.0f - 16.0f, "DDX next to a killed helper = %g", OUTF(e, 1, 0, 4));

    /* NV form (NV_fragment_program_option 3.11.6.4): KIL LT.xy with
     * CC from in0 = (1, -0.5 / 2, 0 / -0, 1): lanes 0-3 and 5. */
    tp_init(&t, GP_STAGE_FRAGMENT);
    set_cc(&t, 0);
    IF_(&t, GP_OP_KIL, CC(GP_COND_LT, 0, "xyyx"), -1);
    tp_end(&t);
    te_run(e, &t);
    CHECK(e->env.killed_mask == 0x002fu, "NV KIL LT.xy killed_mask = %04x", e->env.killed_mask);

    /* Helper lanes are never reported as killed; a quad of helpers only is
     * not run; KIL.U never kills (NV_fragment_program4). */
    tp_init(&t, GP_STAGE_FRAGMENT);
    IF_(&t, GP_OP_KIL, CC(GP_COND_TR, 0, NULL), -1);
    tp_end(&t);
    e->env.live_mask = 0x00f3u;
    e->env.helper_mask = 0xff0cu;
    te_run(e, &t);
    CHECK(e->env.killed_mask == 0x00f3u, "KIL TR kills exactly the live lanes: %04x", e->env.killed_mask);

    tp_init(&t, GP_STAGE_FRAGMENT);
    I1(&t, GP_OP_KIL, D(GP_FILE_NONE, 0, ""), S(IN(0), "xyzw"))->type = GP_TYPE_U32;
    tp_end(&t);
    e->env.live_mask = 0xffffu;
    e->env.helper_mask = 0;
    te_run(e, &t);
    CHECK(e->env.killed_mask == 0, "KIL.U never kills");

    tp_init(&t, GP_STAGE_FRAGMENT);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"));
    tp_end(&t);
    te_fill_out(e, S0);
    e->env.live_mask = 0x0001u;
    e->env.helper_mask = 0xfffeu;
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 1.0f && OUTF(e, 0, 0, 3) == 1.0f && OUTF(e, 0, 0, 4) == S0,
          "helper-only quads do not run");
    te_free(e);
}

/* ---- PUSHA / POPA (NV_vertex_program3 2.14.5.43/44) ------------------------------- */

static void test_pusha(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 1.5f, 2.5f, -3.5f, 4.0f);
    te_param(e, 1, 9, 9, 9, 9);
    te_param(e, 2, 1, 1, 1, 1);
    I1(&t, GP_OP_ARL, D(ADDR(0), ""), S(PARAM(0), "xyzw")); /* (1, 2, -4, 4) */
    I1(&t, GP_OP_PUSHA, D(GP_FILE_NONE, 0, ""), S(ADDR(0), "xyzw"));
    I1(&t, GP_OP_ARL, D(ADDR(0), ""), S(PARAM(1), "xyzw"));
    I1(&t, GP_OP_POPA, D(ADDR(0), ""), S(GP_FILE_NONE, 0, "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(ADDR(0), "xyzw"));
    /* POPA on an empty stack: abnormal termination */
    I1(&t, GP_OP_POPA, D(ADDR(0), ""), S(GP_FILE_NONE, 0, "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(2), "xyzw"));
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(e->out[0].c[0][3].i == 1 && e->out[0].c[1][3].i == 2 && e->out[0].c[2][3].i == -4 &&
              e->out[0].c[3][3].i == 4,
          "PUSHA/POPA round trip = %d %d %d %d", e->out[0].c[0][3].i, e->out[0].c[1][3].i,
          e->out[0].c[2][3].i, e->out[0].c[3][3].i);
    CHECK(OUTF(e, 1, 0, 3) == S0, "POPA on an empty stack terminates");

    /* RET with a PUSHA entry on top terminates abnormally (2.14.5.34). */
    tp_init(&t, GP_STAGE_VERTEX);
    int cal = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(2), "xyzw"));
    tp_add(&t, GP_OP_END);
    int sub = tp_here(&t);
    I1(&t, GP_OP_PUSHA, D(GP_FILE_NONE, 0, ""), S(ADDR(0), "xyzw"));
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    tp_end(&t);
    t.code[cal].target = sub;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == S0, "RET onto a PUSHA entry terminates");
    te_free(e);
}

/* ---- textures --------------------------------------------------------------------- */

typedef struct tex_log {
    int calls;
    gp_tex_request req;
    gp_vec coord, ddx;
} tex_log;

/* A sampler that returns (s + t, unit, target, op) and records the call. */
static void fake_tex(void *user, const gp_tex_request *req, gp_vec *out)
{
    tex_log *log = user;
    log->calls++;
    log->req = *req;
    log->coord = *req->coord;
    if (req->ddx)
        log->ddx = *req->ddx;
    for (int l = 0; l < GP_LANES; l++) {
        if (!((req->lane_mask >> l) & 1))
            continue;
        out->c[0][l].f = req->coord->c[0][l].f + req->coord->c[1][l].f;
        out->c[1][l].f = (float)req->unit;
        out->c[2][l].f = (float)req->target;
        out->c[3][l].f = (float)req->op;
    }
}

static void test_tex(void)
{
    tenv *e = te_new();
    tex_log log;
    memset(&log, 0, sizeof(log));
    e->env.tex = fake_tex;
    e->env.tex_user = &log;
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].f = (float)l;
        e->in[GP_VARY_TEX0].c[1][l].f = 0.25f;
        e->in[GP_VARY_TEX0].c[2][l].f = 7.0f;
        e->in[GP_VARY_TEX0].c[3][l].f = 2.0f;
    }
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    gp_insn *in = I1(&t, GP_OP_TXP, D(OUT(0), "xw"), S(IN(GP_VARY_TEX0), "yxzw"));
    in->tex_unit = 3;
    in->tex_target = GP_TEX_2D;
    in->sat = GP_SAT_01;
    tp_end(&t);
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(log.calls == 1 && log.req.op == GP_TEXOP_TXP && log.req.unit == 3 &&
              log.req.target == GP_TEX_2D && log.req.quad_derivatives && log.req.lane_mask == 0xffffu,
          "TXP request");
    CHECK(log.coord.c[0][6].f == 0.25f && log.coord.c[1][6].f == 6.0f, "coordinate swizzled");
    /* x = sat(0.25 + l), w = sat(op = TXP = 1) */
    CHECK(OUTF(e, 0, 0, 0) == 0.25f && OUTF(e, 0, 0, 6) == 1.0f && OUTF(e, 0, 3, 6) == 1.0f &&
              OUTF(e, 0, 1, 6) == S0,
          "TXP result written through the store path");

    /* TXL: explicit LOD, no quad derivatives; TEX in a vertex program
     * (NV_vertex_program3 2.14.5.45): base LOD 0, no quad derivatives. */
    tp_init(&t, GP_STAGE_FRAGMENT);
    in = I1(&t, GP_OP_TXL, D(OUT(0), ""), S(IN(GP_VARY_TEX0), "xyzw"));
    in->tex_target = GP_TEX_CUBE;
    tp_end(&t);
    te_run(e, &t);
    CHECK(log.req.op == GP_TEXOP_TXL && !log.req.quad_derivatives && log.req.target == GP_TEX_CUBE, "TXL");
    tp_init(&t, GP_STAGE_VERTEX);
    I1(&t, GP_OP_TEX, D(OUT(0), ""), S(IN(GP_VIN_TEX0), "xyzw"));
    tp_end(&t);
    te_run(e, &t);
    CHECK(log.req.op == GP_TEXOP_TEX && !log.req.quad_derivatives, "vertex TEX has no quad derivatives");

    /* TXD hands over both derivative operands; lane_mask follows divergence. */
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, 0.5f, 0.125f, 0, 0);
    te_param(e, 1, 0, 0.5f, 0, 0);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = l < 8 ? 1.0f : -1.0f;
    set_cc(&t, 0);
    int br = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_GT, 0, "x"), -1);
    in = I3(&t, GP_OP_TXD, D(OUT(0), ""), S(IN(GP_VARY_TEX0), "xyzw"), S(PARAM(0), "xyzw"),
            S(PARAM(1), "xyzw"));
    in->tex_unit = 1;
    int end = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), br);
    tp_end(&t);
    t.code[br].target = end;
    log.calls = 0;
    te_run(e, &t);
    CHECK(log.calls == 1 && log.req.op == GP_TEXOP_TXD && log.req.lane_mask == 0x00ffu &&
              log.ddx.c[0][0].f == 0.5f && log.ddx.c[1][0].f == 0.125f && log.req.ddy &&
              !log.req.quad_derivatives,
          "TXD request (lane_mask %04x)", log.req.lane_mask);
    te_free(e);
}

/* ---- entry point and watchdog ----------------------------------------------------- */

static void test_entry(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 1, 1, 1, 1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw")); /* before "main:" */
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(0), "xyzw"));
    tp_end(&t);
    t.p.entry = 1;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == S0 && OUTF(e, 1, 0, 0) == 1.0f, "execution starts at the entry");
    te_free(e);
}

static void test_watchdog(void)
{
    tenv *e = te_new();
    tprog t;
    /* NV_gpu_program4 "REP;" without a count, no BRK: runs forever. */
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, 1, 1, 1, 1);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"));
    int rep = tp_here(&t);
    IF_(&t, GP_OP_REP, CC(0, 0, NULL), -1); /* src[0].file == NONE */
    I2(&t, GP_OP_ADD, D(TEMP(0), ""), S(TEMP(0), "xyzw"), S(PARAM(0), "xyzw"));
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    int end = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), rep);
    tp_end(&t);
    t.code[rep].target = end;
    te_fill_out(e, S0);
    e->env.insn_budget = 16 * 1000;
    te_run(e, &t);
    CHECK(e->env.status == GP_EXEC_BUDGET_EXCEEDED, "endless REP stops with BUDGET_EXCEEDED");
    /* 1000 instructions per lane run: MOV (1), REP (2), then iteration i is
     * ADD (3i), MOV (3i+1), ENDREP (3i+2); instruction 1000 is iteration
     * 333's MOV, so o1 = 333 and ENDREP 1001 is never charged. */
    CHECK(OUTF(e, 0, 0, 0) == 1.0f && OUTF(e, 1, 0, 0) == 333.0f && OUTF(e, 1, 0, 15) == 333.0f,
          "outputs keep the values written so far: o1 = %g", OUTF(e, 1, 0, 0));

    /* BRA to itself with half the lanes: also stopped. */
    tp_init(&t, GP_STAGE_VERTEX);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = l & 1 ? 1.0f : -1.0f;
    set_cc(&t, 0);
    IF_(&t, GP_OP_BRA, CC(GP_COND_GT, 0, "x"), 1);
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(PARAM(0), "xyzw"));
    tp_end(&t);
    te_fill_out(e, S0);
    e->env.insn_budget = 5000;
    te_run(e, &t);
    CHECK(e->env.status == GP_EXEC_BUDGET_EXCEEDED, "endless BRA loop stops");
    e->env.insn_budget = 0;
    te_free(e);
}

/* NV_fragment_program2 run-time nesting (3.11.X.7, 3.11.X.8/9) counts the
 * callers' blocks: with max_if_depth 2, "IF; CAL sub; ENDIF" where sub has
 * "IF; IF" terminates at sub's second IF (2 blocks active).  With
 * max_loop_depth 1, a REP inside sub called from a REP terminates; without
 * the call it runs.  max_loop_count clamps REP 10 to 3 iterations. */
static void test_nesting_limits(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 0, 1, 1, 1, 1);
    te_param(e, 1, 10, 0, 0, 0);
    int if0 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_TR, 0, NULL), -1);
    int cal = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(3), ""), S(PARAM(0), "xyzw")); /* after the return */
    int end0 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if0);
    tp_add(&t, GP_OP_END);
    int sub = tp_here(&t);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(PARAM(0), "xyzw"));
    int if1 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_TR, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(PARAM(0), "xyzw"));
    int if2 = tp_here(&t);
    IF_(&t, GP_OP_IF, CC(GP_COND_TR, 0, NULL), -1);
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(PARAM(0), "xyzw"));
    int end2 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if2);
    int end1 = tp_here(&t);
    IF_(&t, GP_OP_ENDIF, CC(0, 0, NULL), if1);
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    tp_end(&t);
    t.code[if0].target = end0;
    t.code[cal].target = sub;
    t.code[if1].target = end1;
    t.code[if2].target = end2;
    t.p.max_if_depth = 2;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 1 && OUTF(e, 1, 0, 0) == 1 && OUTF(e, 2, 0, 0) == S0 && OUTF(e, 3, 0, 0) == S0,
          "IF depth 2 across a call terminates at the third active block");
    t.p.max_if_depth = 3;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 2, 0, 0) == 1 && OUTF(e, 3, 0, 0) == 1, "IF depth 3 is enough");

    /* REP 2 { CAL sub }  sub: REP 2 { o0.x += 1 } RET */
    tp_init(&t, GP_STAGE_FRAGMENT);
    te_param(e, 2, 2, 0, 0, 0);
    int r0 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(2), "xyzw"));
    int c0 = tp_here(&t);
    IF_(&t, GP_OP_CAL, CC(0, 0, NULL), -1);
    int e0 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r0);
    I1(&t, GP_OP_MOV, D(OUT(1), ""), S(TEMP(0), "xyzw"));
    tp_add(&t, GP_OP_END);
    int s0 = tp_here(&t);
    int r1 = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(2), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(0), "x"));
    I1(&t, GP_OP_MOV, D(OUT(0), "x"), S(TEMP(0), "x"));
    int e1 = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r1);
    IF_(&t, GP_OP_RET, CC(0, 0, NULL), -1);
    tp_end(&t);
    t.code[r0].target = e0;
    t.code[c0].target = s0;
    t.code[r1].target = e1;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 1, 0, 0) == 4.0f, "nested REP through a call: 2 x 2 = %g", OUTF(e, 1, 0, 0));
    t.p.max_loop_depth = 1;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == S0 && OUTF(e, 1, 0, 0) == S0, "loop depth 1: the inner REP terminates");

    /* max_loop_count: REP 10 runs 3 times */
    tp_init(&t, GP_STAGE_FRAGMENT);
    int r = tp_here(&t);
    I1(&t, GP_OP_REP, D(GP_FILE_NONE, 0, ""), S(PARAM(1), "xyzw"));
    I2(&t, GP_OP_ADD, D(TEMP(0), "x"), S(TEMP(0), "x"), S(PARAM(0), "x"));
    int er = tp_here(&t);
    IF_(&t, GP_OP_ENDREP, CC(0, 0, NULL), r);
    I1(&t, GP_OP_MOV, D(OUT(0), ""), S(TEMP(0), "xyzw"));
    tp_end(&t);
    t.code[r].target = er;
    t.p.max_loop_count = 3;
    te_run(e, &t);
    CHECK(OUTF(e, 0, 0, 0) == 3.0f, "REP 10 clamped to 3: %g", OUTF(e, 0, 0, 0));
    te_free(e);
}

/* MAX_PROGRAM_EXEC_INSTRUCTIONS_NV (NV_vertex_program2_option 2.14.4.X):
 * odd lanes spin in "BRA self"; with max_exec_instructions 100 they end
 * abnormally after 100 instructions, and the even lanes, which were
 * waiting behind them, then finish normally. */
static void test_exec_limit(void)
{
    tenv *e = te_new();
    tprog t;
    tp_init(&t, GP_STAGE_VERTEX);
    te_param(e, 0, 1, 1, 1, 1);
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = l & 1 ? 1.0f : -1.0f;
    set_cc(&t, 0);
    IF_(&t, GP_OP_BRA, CC(GP_COND_GT, 0, "x"), 1);
    I1(&t, GP_OP_MOV, D(OUT(2), ""), S(PARAM(0), "xyzw"));
    tp_end(&t);
    t.p.max_exec_instructions = 100;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(e->env.status == GP_EXEC_OK, "per-invocation limit is not the task watchdog");
    for (int l = 0; l < GP_LANES; l++)
        CHECK(OUTF(e, 2, 0, l) == (l & 1 ? S0 : 1.0f), "exec limit lane %d = %g", l, OUTF(e, 2, 0, l));
    /* 3 instructions run: 3 is within a limit of 3, not of 2 */
    t.p.max_exec_instructions = 3;
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].f = -1.0f;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 2, 0, 4) == 1.0f, "exactly max_exec_instructions run");
    t.p.max_exec_instructions = 2;
    te_fill_out(e, S0);
    te_run(e, &t);
    CHECK(OUTF(e, 2, 0, 4) == S0, "one more is cut");
    te_free(e);
}

int main(void)
{
    T_BOTH_PATHS {
        test_if_else();
        test_rep_brk();
        test_cont();
        test_loop();
        test_call();
        test_call_limits();
        test_bra();
        test_reconverge();
        test_derivatives();
        test_kil();
        test_pusha();
        test_tex();
        test_entry();
        test_watchdog();
        test_nesting_limits();
        test_exec_limit();
    }
    return t_report("exec_flow");
}
