/*
 * test_nv5_sub.c - glprog.nv5_sub: NV_gpu_program5 subroutines
 * (ARB_shader_subroutine, "Dependencies on NV_gpu_program5"): the
 * SUBROUTINETYPE / SUBROUTINE declarations, "label SUBROUTINENUM(n):"
 * labels, CALI with constant, relative and out-of-range members and a
 * "(cc)" condition, run per lane through env->subroutine_params, the
 * queries the GL layer validates parameters with, and the load errors
 * (with the byte position of the offending token, found by hand as the
 * offset of a marked piece of the source).
 *
 * covers: OPT.IMPLIED_SUBROUTINE OP.CALI DECL.SUBROUTINETYPE DECL.SUBROUTINE DECL.LABEL_SUBNUM
 * covers: BIND.P.SUBROUTINE EDGE.CALI_RECURSION LIM.SUB.NUM LIM.SUB.PARAMS
 * covers: MOD.PREC DT.PRECISE EDGE.INT_OVERFLOW BIND.P.BUFFER_RANGE
 * covers: OP.TGBALLOT EDGE.TG_INACTIVE OPT.NV_shader_thread_group BIND.P.THREADSTATE
 * covers: BIND.V.THREAD BIND.V.WARP BIND.F.THREAD BIND.F.HELPER
 */
#include "test_exec_common.h"

static gp_program *compile_st(const char *src, gp_stage st, gp_error *err)
{
    gp_limits lim;
    gp_limits_default(&lim, st);
    return gp_compile(src, strlen(src), st, &lim, err);
}

/* The program must fail to load with the error at the first byte of
 * `at` (the first occurrence after `after`, if given). */
static void expect_error(const char *name, const char *src, const char *after, const char *at, const char *word)
{
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p == NULL, "%s: compiled, want an error", name);
    if (p) {
        gp_program_free(p);
        return;
    }
    const char *base = after ? strstr(src, after) : src;
    const char *want = base ? strstr(base, at) : NULL;
    CHECK(want != NULL, "%s: marker missing", name);
    if (!want)
        return;
    CHECK(err.pos == (int)(want - src), "%s: error at %d, want %d (%s)", name, err.pos, (int)(want - src), err.msg);
    CHECK(!word || strstr(err.msg, word), "%s: message '%s' lacks '%s'", name, err.msg, word);
}

static void expect_ok(const char *name, const char *src)
{
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "%s: %d:%d %s", name, err.line, err.col, err.msg);
    gp_program_free(p);
}

/* Three subroutines of type Op: add1 (+1, SUBROUTINENUM 4), add2 (+2, 7),
 * mul3 (*3, 0); and Small { add1 }.  f = program.subroutine[0], g[2] =
 * { subroutine[2], subroutine[1] }, h (Small) = subroutine[3]. */
static const char prog_a[] =
    "!!NVvp5.0\n"
    "SUBROUTINETYPE Op { add1, add2 };\n"
    "SUBROUTINETYPE Op { mul3 };\n"
    "SUBROUTINETYPE Small { add1 };\n"
    "SUBROUTINE Op f = program.subroutine[0];\n"
    "SUBROUTINE Op g[] = { program.subroutine[2], program.subroutine[1] };\n"
    "SUBROUTINE Small h = program.subroutine[3];\n"
    "INT TEMP i;\n"
    "TEMP r;\n"
    "add1 SUBROUTINENUM(4):\n"
    "ADD r, r, 1;\n"
    "RET;\n"
    "add2 SUBROUTINENUM(7):\n"
    "ADD r, r, 2;\n"
    "RET;\n"
    "mul3 SUBROUTINENUM(0):\n"
    "MUL r, r, 3;\n"
    "RET;\n"
    "main:\n"
    "MOV r, 10;\n"
    "CALI f;\n"
    "MOV.S i.x, vertex.id.x;\n"
    "CALI g[i.x];\n"
    "MOV.S.CC i.y, vertex.id.x;\n"
    "CALI h (GT.y);\n"
    "MOV result.texcoord[0], r;\n"
    "MOV result.position, 0;\n"
    "END\n";

static void run_a(const gp_program *p, const uint32_t *params, uint32_t n, const float want[GP_LANES],
                  const char *name)
{
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VIN_VERTEXID].c[0][l].i = l - 2; /* ids -2 .. 13 */
    e->env.subroutine_params = params;
    e->env.num_subroutine_params = n;
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
    for (int l = 0; l < GP_LANES; l++)
        CHECK(e->out[GP_VARY_TEX0].c[0][l].f == want[l], "%s: lane %d (id %d) = %g, want %g", name, l, l - 2,
              e->out[GP_VARY_TEX0].c[0][l].f, want[l]);
    te_free(e);
}

static void test_exec(void)
{
    gp_error err;
    gp_program *p = compile_st(prog_a, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "prog_a: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_subroutine_params == 4, "num_subroutine_params %d, want 4", info->num_subroutine_params);
    /* Op's numbers are 0 4 7; Small's 4 only; index 9 is bound to nothing */
    CHECK(gp_program_subroutine_check(p, 0, 7) == GP_SUB_OK, "f = add2");
    CHECK(gp_program_subroutine_check(p, 0, 0) == GP_SUB_OK, "f = mul3");
    CHECK(gp_program_subroutine_check(p, 0, 5) == GP_SUB_BAD_NUM, "f = 5 (no label)");
    CHECK(gp_program_subroutine_check(p, 3, 4) == GP_SUB_OK, "h = add1");
    CHECK(gp_program_subroutine_check(p, 3, 0) == GP_SUB_BAD_NUM, "h = mul3 (not Small)");
    CHECK(gp_program_subroutine_check(p, 9, 12345) == GP_SUB_OK, "unbound index takes anything");
    CHECK(gp_program_subroutine_default(p, 0) == 0, "default of an Op: 0 (mul3)");
    CHECK(gp_program_subroutine_default(p, 3) == 4, "default of a Small: 4 (add1)");
    T_BOTH_PATHS
    {
        /* f = add2, g = {subroutine[2] = add1, subroutine[1] = mul3}, h = add1:
         * r = 10 + 2 = 12; id 0: g[0] = add1 -> 13; id 1: g[1] = mul3 -> 36;
         * other ids: out of g's range, no call -> 12.  Then h (+1) where
         * id > 0 (GT.y of the signed id): id 1 -> 37, ids 2..13 -> 13. */
        static const uint32_t prm[4] = { 7, 0, 4, 4 };
        float want[GP_LANES];
        for (int l = 0; l < GP_LANES; l++) {
            int id = l - 2;
            want[l] = id == 0 ? 13.0f : id == 1 ? 37.0f : id > 1 ? 13.0f : 12.0f;
        }
        run_a(p, prm, 4, want, "dispatch");
        /* f = mul3 -> 30; g[0] = subroutine[2] = 7 (add2) -> 32, g[1] =
         * subroutine[1] = 4 (add1) -> 31; h = 2: no Small label has 2, no
         * call (the executor's rule; GL never passes such a value) */
        static const uint32_t prm2[4] = { 0, 4, 7, 2 };
        for (int l = 0; l < GP_LANES; l++) {
            int id = l - 2;
            want[l] = id == 0 ? 32.0f : id == 1 ? 31.0f : 30.0f;
        }
        run_a(p, prm2, 4, want, "dispatch 2");
        /* only 1 parameter given: g and h read past the end, call nothing */
        for (int l = 0; l < GP_LANES; l++)
            want[l] = 30.0f;
        run_a(p, prm2, 1, want, "short table");
        run_a(p, NULL, 0, (const float[GP_LANES]){ 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10 },
              "no table");
    }
    gp_program_free(p);
}

/* Direct CAL recursion stays legal (NV_gpu_program4: bounded by the call
 * stack); only cycles through CALI refuse to load. */
static void test_errors(void)
{
    static const char dup[] = "!!NVvp5.0\nTEMP r;\na SUBROUTINENUM(1):\nRET;\nb SUBROUTINENUM(1):\nRET;\n"
                              "main:\nMOV result.position, 0;\nEND\n";
    expect_error("duplicate SUBROUTINENUM", dup, "b SUB", "1)", "already");
    static const char big[] = "!!NVvp5.0\na SUBROUTINENUM(1024):\nRET;\nmain:\nMOV result.position, 0;\nEND\n";
    expect_error("SUBROUTINENUM 1024", big, NULL, "1024", "MAX_PROGRAM_SUBROUTINE_NUM_NV");
    static const char ok_num[] = "!!NVvp5.0\na SUBROUTINENUM(1023):\nRET;\nmain:\nMOV result.position, 0;\nEND\n";
    expect_ok("SUBROUTINENUM 1023", ok_num);
    static const char two_types[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINETYPE B { x };\n"
        "SUBROUTINE A va = program.subroutine[0];\nSUBROUTINE B vb[] = { program.subroutine[1..3] };\n"
        "SUBROUTINE A vc = program.subroutine[3];\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nCALI va;\nEND\n";
    expect_error("parameter of two types", two_types, "vc =", "[3]", "another SUBROUTINETYPE");
    static const char param_big[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINE A va = program.subroutine[1024];\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nEND\n";
    expect_error("program.subroutine[1024]", param_big, "subroutine", "1024", "out of range");
    static const char range_single[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINE A va = program.subroutine[0..1];\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nEND\n";
    expect_error("range in a single declaration", range_single, NULL, "..", "range");
    static const char undef[] = "!!NVvp5.0\nSUBROUTINETYPE A { x, nothere };\nSUBROUTINE A va = program.subroutine[0];\n"
                                "x SUBROUTINENUM(0):\nRET;\nmain:\nCALI va;\nEND\n";
    expect_error("undefined label in a type", undef, NULL, "nothere", "undefined label");
    static const char nonum[] = "!!NVvp5.0\nSUBROUTINETYPE A { x, plain };\nSUBROUTINE A va = program.subroutine[0];\n"
                                "x SUBROUTINENUM(0):\nRET;\nplain:\nRET;\nmain:\nCALI va;\nEND\n";
    expect_error("label without SUBROUTINENUM", nonum, NULL, "plain", "no SUBROUTINENUM");
    static const char notvar[] = "!!NVvp5.0\nTEMP r;\nmain:\nCALI r;\nEND\n";
    expect_error("CALI of a TEMP", notvar, "CALI", "r;", "SUBROUTINE variable");
    static const char notype[] = "!!NVvp5.0\nSUBROUTINE Nope v = program.subroutine[0];\nEND\n";
    expect_error("unknown type", notype, NULL, "Nope", "undeclared");
    static const char emptytype[] = "!!NVvp5.0\nSUBROUTINETYPE E { };\nSUBROUTINE E v = program.subroutine[0];\n"
                                    "main:\nCALI v;\nEND\n";
    expect_error("type without labels", emptytype, "CALI", "v;", "CALI cannot call");
    static const char arr_noidx[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINE A v[2] = { program.subroutine[0..1] };\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nCALI v;\nEND\n";
    expect_error("array without member", arr_noidx, "CALI v", ";", "array member");
    static const char arr_oob[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINE A v[2] = { program.subroutine[0..1] };\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nCALI v[2];\nEND\n";
    expect_error("array member out of bounds", arr_oob, "CALI v[", "2]", "out of bounds");
    static const char arr_size[] =
        "!!NVvp5.0\nSUBROUTINETYPE A { x };\nSUBROUTINE A v[3] = { program.subroutine[0..1] };\n"
        "x SUBROUTINENUM(0):\nRET;\nmain:\nEND\n";
    expect_error("array size mismatch", arr_size, "= ", "{", "initialized with 2");
    static const char nv4[] = "!!NVvp4.0\nSUBROUTINETYPE A { x };\nEND\n";
    expect_error("SUBROUTINETYPE in NV4", nv4, NULL, "SUBROUTINETYPE", NULL);
    static const char nv4cali[] = "!!NVvp4.0\nmain:\nCALI v;\nEND\n";
    expect_error("CALI in NV4", nv4cali, NULL, "CALI", NULL);
    /* EDGE.CALI_RECURSION: s0 calls itself through v; s1 CALs helper,
     * whose CALI may reach s1 again; a CAL cycle alone loads */
    static const char rec1[] = "!!NVvp5.0\nSUBROUTINETYPE T { s0 };\nSUBROUTINE T v = program.subroutine[0];\n"
                               "s0 SUBROUTINENUM(0):\nCALI v;\nRET;\nmain:\nCALI v;\nEND\n";
    expect_error("CALI recursion", rec1, "s0 SUB", "CALI", "recurse");
    static const char rec2[] = "!!NVvp5.0\nSUBROUTINETYPE T { s0, s1 };\nSUBROUTINE T v = program.subroutine[0];\n"
                               "TEMP r;\ns0 SUBROUTINENUM(0):\nADD r, r, 1;\nRET;\n"
                               "s1 SUBROUTINENUM(1):\nCAL helper;\nRET;\n"
                               "helper:\nCALI v;\nRET;\nmain:\nCALI v;\nEND\n";
    expect_error("CALI recursion through CAL", rec2, "helper:", "CALI", "recurse");
    static const char calrec[] = "!!NVvp5.0\nSUBROUTINETYPE T { s0, s1 };\nSUBROUTINE T v = program.subroutine[0];\n"
                                 "TEMP r;\ns0 SUBROUTINENUM(0):\nADD r, r, 1;\nRET;\n"
                                 "s1 SUBROUTINENUM(1):\nCAL s0;\nRET;\nself:\nCAL self;\nRET;\n"
                                 "main:\nCALI v;\nCAL self;\nMOV result.position, 0;\nEND\n";
    expect_ok("CALI without a cycle, CAL cycle elsewhere", calrec);
    /* a recursive CALI that the entry never reaches does not matter */
    static const char dead[] = "!!NVvp5.0\nSUBROUTINETYPE T { s0 };\nSUBROUTINE T v = program.subroutine[0];\n"
                               "s0 SUBROUTINENUM(0):\nCALI v;\nRET;\nmain:\nMOV result.position, 0;\nEND\n";
    expect_ok("unreachable CALI cycle", dead);
    /* SUBROUTINENUM labels in fragment and geometry programs too */
    gp_error err;
    static const char fp[] = "!!NVfp5.0\nSUBROUTINETYPE T { red };\nSUBROUTINE T v = program.subroutine[0];\n"
                             "red SUBROUTINENUM(3):\nMOV result.color, {1, 0, 0, 1};\nRET;\nmain:\nCALI v;\nEND\n";
    gp_program *p = compile_st(fp, GP_STAGE_FRAGMENT, &err);
    CHECK(p != NULL, "fragment CALI: %s", err.msg);
    gp_program_free(p);
}

/* MOD.PREC: MUL.PREC then ADD.PREC round each result.  a = 1 + 2^-12:
 * a*a = 1 + 2^-11 + 2^-24 exactly, half an ulp above 1 + 2^-11, so it
 * rounds (to even) to 1 + 2^-11; adding c = -(1 + 2^-11) gives exactly 0.
 * A fused multiply-add would give 2^-24.  .PREC on an integer ADD and on
 * a MAD is accepted too.  DT.PRECISE: there is no PRECISE qualifier; the
 * word is an ordinary name. */
static void test_prec(void)
{
    static const char src[] = "!!NVvp5.0\nTEMP t, r;\nINT TEMP i;\n"
                              "MUL.PREC t, 1.000244140625, 1.000244140625;\n"
                              "ADD.PREC r.x, t, -1.00048828125;\n"
                              "MAD.F.PREC r.y, 1.000244140625, 1.000244140625, -1.00048828125;\n"
                              "MOV.S i, 2147483647;\nADD.S.PREC i.x, i, 1;\n"
                              "MOV result.texcoord[0], r;\nMOV.S result.texcoord[1], i;\n"
                              "MOV result.position, 0;\nEND\n";
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "prec: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    T_BOTH_PATHS
    {
        tenv *e = te_new();
        const gp_program_info *info = gp_program_get_info(p);
        for (int i = 0; i < info->num_params && i < 64; i++)
            for (int c = 0; c < 4; c++)
                e->params[i][c] = info->params[i].value[c];
        gp_exec(p, &e->env);
        for (int l = 0; l < GP_LANES; l++) {
            CHECK(e->out[GP_VARY_TEX0].c[0][l].u == 0, "MUL.PREC+ADD.PREC lane %d = %a, want 0", l,
                  (double)e->out[GP_VARY_TEX0].c[0][l].f);
            CHECK(e->out[GP_VARY_TEX0].c[1][l].u == 0, "MAD.PREC lane %d = %a, want 0 (unfused)", l,
                  (double)e->out[GP_VARY_TEX0].c[1][l].f);
            /* EDGE.INT_OVERFLOW: 2^31 - 1 + 1 wraps to -2^31 */
            CHECK(e->out[GP_VARY_TEX0 + 1].c[0][l].u == 0x80000000u, "ADD.S.PREC lane %d = 0x%x", l,
                  e->out[GP_VARY_TEX0 + 1].c[0][l].u);
        }
        te_free(e);
    }
    gp_program_free(p);
    expect_ok("PRECISE as a name", "!!NVvp5.0\nTEMP PRECISE;\nMOV PRECISE, 1;\nMOV result.position, PRECISE;\nEND\n");
    expect_error("no PRECISE qualifier", "!!NVvp5.0\nPRECISE TEMP r;\nEND\n", NULL, "PRECISE", NULL);
    expect_error(".PREC on a call", "!!NVvp5.0\nmain:\nCAL.PREC main;\nEND\n", NULL, "PREC main", "arithmetic and logical");
}

/* BIND.P.BUFFER_RANGE load errors (the values: tests/programs/nv5/flow/
 * flow-BIND.P.BUFFER_RANGE.shader_test) */
static void test_buffer_range(void)
{
    expect_error("buffer range reversed", "!!NVvp5.0\nBUFFER b = program.buffer[3..1][0];\nEND\n", "buffer[", "3..",
                 "first is larger");
    expect_error("buffer range past the binding points", "!!NVvp5.0\nBUFFER b = program.buffer[1..99][0];\nEND\n",
                 "..", "99", "out of range");
    expect_error("range variable without a binding index",
                 "!!NVvp5.0\nBUFFER b = program.buffer[1..2][0];\nTEMP r;\nMOV r, b;\nEND\n", "MOV r, ", "b;",
                 "binding index");
    expect_error("binding index out of bounds",
                 "!!NVvp5.0\nBUFFER b = program.buffer[1..2][0];\nTEMP r;\nMOV r, b[2];\nEND\n", "b[", "2]",
                 "out of bounds");
    expect_error("buffer range in NV4", "!!NVvp4.0\nBUFFER b = program.buffer[1..2][0];\nEND\n", "buffer[1", "..",
                 NULL);
    expect_ok("buffer range", "!!NVvp5.0\nBUFFER4 b[] = { program.buffer[0..1][2..3] };\nINT TEMP i;\n"
                              "MOV.S i, 1;\nMOV result.position, b[i.x][1];\nEND\n");
}

/* NV_shader_thread_group: the option gate, QSWZ in fragment programs only,
 * and TGBALLOT's bits = the live lanes that run it (EDGE.TG_INACTIVE):
 * live_mask 0x35f3, lanes 0..15 vote (lane & 2) != 0 -> 0x35f3 & 0xcccc =
 * 0x04c0 (0011 0101 1111 0011 & 1100 1100 1100 1100); the active mask (operand 1) is 0x35f3; TGBALLOT.F of 0.0 is 0. */
static void test_thread_group(void)
{
    expect_error("TGBALLOT without the option", "!!NVvp5.0\nTEMP r;\nTGBALLOT r, 1;\nEND\n", NULL, "TGBALLOT",
                 "OPTION NV_shader_thread_group");
    expect_error("QSWZ in a vertex program",
                 "!!NVvp5.0\nOPTION NV_shader_thread_group;\nTEMP r;\nQSWZX r, r, r;\nEND\n", NULL, "QSWZX",
                 "fragment programs");
    expect_error("the option in NV4", "!!NVvp4.0\nOPTION NV_shader_thread_group;\nEND\n", NULL,
                 "NV_shader_thread_group", NULL);
    static const char src[] = "!!NVvp5.0\nOPTION NV_shader_thread_group;\nTEMP r;\nINT TEMP i;\n"
                              "AND.S i.x, vertex.id.x, 2;\nTGBALLOT.S r.x, i.x;\nTGBALLOT.U r.y, 1;\n"
                              "TGBALLOT.F r.z, 0.0;\nMOV.U r.w, 7;\nMOV.U result.texcoord[0], r;\n"
                              "MOV result.position, 0;\nEND\n";
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "tgballot: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    T_BOTH_PATHS
    {
        tenv *e = te_new();
        const gp_program_info *info = gp_program_get_info(p);
        for (int i = 0; i < info->num_params && i < 64; i++)
            for (int c = 0; c < 4; c++)
                e->params[i][c] = info->params[i].value[c];
        for (int l = 0; l < GP_LANES; l++)
            e->in[GP_VIN_VERTEXID].c[0][l].i = l;
        e->env.live_mask = 0x35f3u;
        gp_exec(p, &e->env);
        for (int l = 0; l < GP_LANES; l++) {
            if (!(0x35f3u >> l & 1))
                continue;
            CHECK(e->out[GP_VARY_TEX0].c[0][l].u == 0x04c0u, "ballot lane %d = 0x%x", l, e->out[GP_VARY_TEX0].c[0][l].u);
            CHECK(e->out[GP_VARY_TEX0].c[1][l].u == 0x35f3u, "active lane %d = 0x%x", l, e->out[GP_VARY_TEX0].c[1][l].u);
            CHECK(e->out[GP_VARY_TEX0].c[2][l].u == 0, "ballot of 0.0 lane %d = 0x%x", l, e->out[GP_VARY_TEX0].c[2][l].u);
        }
        te_free(e);
    }
    gp_program_free(p);
}

/* ---- gp_program_print (print/nv.c nv_subroutines, the X<k>
 * buffer variables): the text compiles back to a program that prints the
 * same and computes the same values (hand-computed below). */
/* Prints p, recompiles the text (checked to contain each of want[]), and
 * checks the reprint is the same text.  Returns the recompiled program. */
static gp_program *reprint(const gp_program *p, const char *name, const char *const *want)
{
    char *a = t_print_alloc(p);
    if (!a)
        return NULL;
    for (int i = 0; want && want[i]; i++)
        CHECK(strstr(a, want[i]) != NULL, "%s: printed text lacks '%s':\n%s", name, want[i], a);
    CHECK(strstr(a, "L-1") == NULL, "%s: printed a CALI as a branch:\n%s", name, a);
    gp_error err;
    gp_program *q = compile_st(a, GP_STAGE_VERTEX, &err);
    CHECK(q != NULL, "%s: printed text rejected: %d:%d %s\n%s", name, err.line, err.col, err.msg, a);
    if (q) {
        char *b = t_print_alloc(q);
        CHECK(b && strcmp(a, b) == 0, "%s: print is not a fixed point:\n--- first\n%s--- second\n%s", name, a,
              b ? b : "");
        free(b);
    }
    free(a);
    return q;
}

/* prog_a printed: its CALIs of f (scalar), g[i.x] (relative) and h (GT.y)
 * dispatch as before (the values of test_exec's "dispatch"). */
static void test_print_a(void)
{
    gp_error err;
    gp_program *p = compile_st(prog_a, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "prog_a: %s", err.msg);
    if (!p)
        return;
    static const char *const want[] = { "SUBROUTINENUM(4):", "SUBROUTINENUM(7):", "SUBROUTINENUM(0):",
                                        "CALI V0;", "CALI V1[R", "(GT.y)", NULL };
    gp_program *q = reprint(p, "print prog_a", want);
    if (q) {
        CHECK(gp_program_get_info(q)->num_subroutine_params == 4, "reprint: %d subroutine params",
              gp_program_get_info(q)->num_subroutine_params);
        CHECK(gp_program_subroutine_check(q, 0, 7) == GP_SUB_OK && gp_program_subroutine_check(q, 0, 5) == GP_SUB_BAD_NUM &&
                  gp_program_subroutine_check(q, 3, 0) == GP_SUB_BAD_NUM && gp_program_subroutine_check(q, 3, 4) == GP_SUB_OK,
              "reprint: the parameter types changed");
        static const uint32_t prm[4] = { 7, 0, 4, 4 };
        float w[GP_LANES];
        for (int l = 0; l < GP_LANES; l++) {
            int id = l - 2;
            w[l] = id == 0 ? 13.0f : id == 1 ? 37.0f : id > 1 ? 13.0f : 12.0f;
        }
        run_a(q, prm, 4, w, "reprinted dispatch");
        gp_program_free(q);
    }
    gp_program_free(p);
}

/* A one-element array called relatively, a constant member of an array
 * with "(cc)", a parameter only an unused variable binds (of a type with
 * no labels: subroutine[5]), and two labels falling through to one RET.
 * Parameters {9, 3, 3, -, 9, 0}: a = +1 (num 3), b = +10 (num 9).
 * ids -2..13, r = 0:
 *   CALI one[i.x]      id 0: one[0] = subroutine[2] = 3 (a)       +1
 *   CALI arr[i.x + 1]  id -1: arr[0] = subroutine[0] = 9 (b)     +10
 *                      id 0: arr[1] = subroutine[1] = 3 (a)       +1
 *                      id 1: arr[2] = subroutine[4] = 9 (b)      +10
 *   CALI arr[2] (LT.z) ids < 0: subroutine[4] (b)                +10
 * so id -2: 10, -1: 20, 0: 2, 1: 10, others 0. */
static const char prog_b[] = "!!NVvp5.0\n"
                             "SUBROUTINETYPE E { };\n"
                             "SUBROUTINETYPE Op { a, b };\n"
                             "SUBROUTINE E e = program.subroutine[5];\n"
                             "SUBROUTINE Op one[1] = { program.subroutine[2] };\n"
                             "SUBROUTINE Op arr[3] = { program.subroutine[0..1], program.subroutine[4] };\n"
                             "INT TEMP i;\nTEMP r;\n"
                             "a SUBROUTINENUM(3):\nADD r, r, 1;\nRET;\n"
                             "b SUBROUTINENUM(9):\nADD r, r, 10;\nRET;\n"
                             "main:\nMOV r, 0;\nMOV.S i, vertex.id.x;\n"
                             "CALI one[i.x];\nCALI arr[i.x + 1];\nMOV.S.CC i.z, i.x;\nCALI arr[2] (LT.z);\n"
                             "MOV result.texcoord[0], r;\nMOV result.position, 0;\nEND\n";

static void test_print_b(void)
{
    gp_error err;
    gp_program *p = compile_st(prog_b, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "prog_b: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    static const uint32_t prm[6] = { 9, 3, 3, 0, 9, 0 };
    float w[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int id = l - 2;
        w[l] = id == -2 ? 10.0f : id == -1 ? 20.0f : id == 0 ? 2.0f : id == 1 ? 10.0f : 0.0f;
    }
    T_BOTH_PATHS
    {
        run_a(p, prm, 6, w, "prog_b");
    }
    static const char *const want[] = { "SUBROUTINENUM(3):", "SUBROUTINENUM(9):", "CALI V0[R", "CALI V1[R",
                                        "CALI V2 (LT.z)", "SUBROUTINETYPE Y0 { };", NULL };
    gp_program *q = reprint(p, "print prog_b", want);
    if (q) {
        CHECK(gp_program_get_info(q)->num_subroutine_params == 6, "reprint b: %d subroutine params",
              gp_program_get_info(q)->num_subroutine_params);
        CHECK(gp_program_subroutine_check(q, 5, 0) == GP_SUB_BAD_NUM, "reprint b: subroutine[5] lost its type");
        CHECK(gp_program_subroutine_check(q, 3, 77) == GP_SUB_OK, "reprint b: subroutine[3] got a type");
        CHECK(gp_program_subroutine_check(q, 4, 3) == GP_SUB_OK && gp_program_subroutine_check(q, 4, 4) == GP_SUB_BAD_NUM,
              "reprint b: subroutine[4]");
        T_BOTH_PATHS
        {
            run_a(q, prm, 6, w, "reprinted prog_b");
        }
        gp_program_free(q);
    }
    gp_program_free(p);
}

/* program.buffer[1..2][2..3] (BIND.P.BUFFER_RANGE) printed: buffer 1
 * element e component c holds 100 + 10e + c, buffer 2 200 + 10e + c;
 * ids -2..13 in i.x and i.y:
 *   r.x = b[i.x][1]         binding 1 + id, element 3: id 0: 130, id 1: 230
 *   r.y = b[1][0].y         binding 2, element 2, y: 221 (every lane)
 *   r.z = b[i.x + 1][i.y]   binding 2 + id, element 2 + id: id -1: element
 *                           1 is outside 2..3: 0; id 0: binding 2, element
 *                           2, z: 222; others outside: 0 */
static void run_buf(const gp_program *p, const char *name)
{
    static gp_val b1[16], b2[16];
    for (int e = 0; e < 4; e++)
        for (int c = 0; c < 4; c++) {
            b1[4 * e + c].f = (float)(100 + 10 * e + c);
            b2[4 * e + c].f = (float)(200 + 10 * e + c);
        }
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VIN_VERTEXID].c[0][l].i = l - 2;
    e->env.param_buffers[1] = b1;
    e->env.param_buffers[2] = b2;
    e->env.param_buffer_words[1] = e->env.param_buffer_words[2] = 16;
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
    for (int l = 0; l < GP_LANES; l++) {
        int id = l - 2;
        float wx = id == 0 ? 130.0f : id == 1 ? 230.0f : 0.0f, wz = id == 0 ? 222.0f : 0.0f;
        CHECK(e->out[GP_VARY_TEX0].c[0][l].f == wx, "%s: b[i.x][1] id %d = %g, want %g", name, id,
              e->out[GP_VARY_TEX0].c[0][l].f, wx);
        CHECK(e->out[GP_VARY_TEX0].c[1][l].f == 221.0f, "%s: b[1][0].y id %d = %g", name, id,
              e->out[GP_VARY_TEX0].c[1][l].f);
        CHECK(e->out[GP_VARY_TEX0].c[2][l].f == wz, "%s: b[i.x + 1][i.y] id %d = %g, want %g", name, id,
              e->out[GP_VARY_TEX0].c[2][l].f, wz);
    }
    te_free(e);
}

static void test_print_buffer_range(void)
{
    static const char src[] = "!!NVvp5.0\nBUFFER4 b[] = { program.buffer[1..2][2..3] };\nINT TEMP i;\nTEMP r;\n"
                              "MOV.S i, vertex.id.x;\nMOV r.x, b[i.x][1];\nMOV r.y, b[1][0].y;\n"
                              "MOV r.z, b[i.x + 1][i.y];\nMOV r.w, 0;\n"
                              "MOV result.texcoord[0], r;\nMOV result.position, 0;\nEND\n";
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "buffer range: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    T_BOTH_PATHS
    {
        run_buf(p, "buffer range");
    }
    static const char *const want[] = { "program.buffer[1..2][3..3]", "program.buffer[1..2][2..3]", "][0].y", NULL };
    gp_program *q = reprint(p, "print buffer range", want);
    if (q) {
        CHECK(gp_program_get_info(q)->param_buffers_used == gp_program_get_info(p)->param_buffers_used &&
                  gp_program_get_info(q)->param_buffers_vec4 == gp_program_get_info(p)->param_buffers_vec4,
              "reprinted buffer range: buffers used 0x%x vec4 0x%x", gp_program_get_info(q)->param_buffers_used,
              gp_program_get_info(q)->param_buffers_vec4);
        T_BOTH_PATHS
        {
            run_buf(q, "reprinted buffer range");
        }
        gp_program_free(q);
    }
    gp_program_free(p);
}

/* BIND.P.THREADSTATE (NV_shader_thread_group 2.X.3.3): integer x of
 * state.thread.warpsize = 16 (the thread group is the 16 lanes of a
 * gp_exec call), warpspersm = smcount = 1 (gp_parse.c parse_thread_state),
 * inline, in a PARAM and in a PARAM array; the option gate; and the
 * printed program computes the same. */
static void run_threadstate(const gp_program *p, const char *name)
{
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    gp_exec(p, &e->env);
    static const int32_t want[4] = { 16, 1, 1, 17 };
    for (int l = 0; l < GP_LANES; l++)
        for (int c = 0; c < 4; c++)
            CHECK(e->out[GP_VARY_TEX0].c[c][l].i == want[c], "%s: lane %d .%c = %d, want %d", name, l, "xyzw"[c],
                  e->out[GP_VARY_TEX0].c[c][l].i, want[c]);
    te_free(e);
}

static void test_threadstate(void)
{
    static const char src[] = "!!NVvp5.0\nOPTION NV_shader_thread_group;\n"
                              "PARAM ws = state.thread.warpsize;\n"
                              "PARAM arr[] = { state.thread.smcount, state.thread.warpspersm };\nINT TEMP i;\n"
                              "MOV.S i.x, ws.x;\nMOV.S i.y, state.thread.warpspersm.x;\nMOV.S i.z, arr[0].x;\n"
                              "ADD.S i.w, arr[1].x, state.thread.warpsize.x;\n"
                              "MOV.S result.texcoord[0], i;\nMOV result.position, 0;\nEND\n";
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "state.thread: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    T_BOTH_PATHS
    {
        run_threadstate(p, "state.thread");
    }
    gp_program *q = reprint(p, "print state.thread", NULL);
    if (q) {
        run_threadstate(q, "reprinted state.thread");
        gp_program_free(q);
    }
    gp_program_free(p);
    expect_error("state.thread without the option", "!!NVvp5.0\nPARAM w = state.thread.warpsize;\nEND\n", "state.",
                 "thread", "OPTION NV_shader_thread_group");
    expect_error("state.thread.bogus", "!!NVvp5.0\nOPTION NV_shader_thread_group;\nPARAM w = state.thread.bogus;\nEND\n",
                 "thread.", "bogus", "not a valid binding");
    expect_error("state.thread in NV4", "!!NVvp4.0\nPARAM w = state.thread.warpsize;\nEND\n", "state.", "thread",
                 "not a valid binding");
}

/* BIND.V.THREAD BIND.V.WARP BIND.F.THREAD BIND.F.HELPER: lane l of the
 * 16-lane thread group (gp_ir.h GP_IN_THREAD) reads threadid = l,
 * threadeqmask = 1 << l, threadltmask = (1 << l) - 1, threadlemask =
 * (2 << l) - 1, threadgtmask = 0xffff - lemask, threadgemask = 0xffff -
 * ltmask, warpid = smid = 0 (whatever the live mask); helperthread is -1
 * in the helper lanes of a fragment quad, else 0.  Also through an ATTRIB
 * variable and a swizzle, and after print + recompile. */
static void run_thread(const gp_program *p, const char *name, bool frag)
{
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    if (frag) { /* quad 0 covered, quad 1 lanes 4 and 7 covered, 5 6 helpers */
        e->env.live_mask = 0x009fu;
        e->env.helper_mask = 0x0060u;
    } else {
        e->env.live_mask = 0x7fffu; /* the last lane idle: ids stay lane numbers */
    }
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
    int o0 = frag ? GP_FOUT_COLOR0 : GP_VARY_TEX0;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(e->env.live_mask >> l & 1)) /* helper lanes write no result */
            continue;
        uint32_t lt = (1u << l) - 1, le = (2u << l) - 1;
        uint32_t want[2][4] = { { (uint32_t)l, 0, 0, 1u << l }, { lt, le, 0xffffu & ~le, 0xffffu & ~lt } };
        if (frag) { /* (threadid, helperthread, threadltmask, smid); live lanes are no helpers */
            want[0][1] = 0, want[0][2] = lt, want[0][3] = 0;
            /* DDX of (float) helperthread: lanes 4 5 read h(5) - h(4) =
             * -1 - 0, lanes 6 7 h(7) - h(6) = 0 - -1; quad 0 has no helper */
            float d = l == 4 ? -1.0f : l == 7 ? 1.0f : 0.0f;
            CHECK(e->out[o0 + 1].c[0][l].f == d, "%s: lane %d DDX helperthread = %g, want %g", name, l,
                  e->out[o0 + 1].c[0][l].f, d);
        }
        for (int r = 0; r < (frag ? 1 : 2); r++)
            for (int c = 0; c < 4; c++)
                CHECK(e->out[o0 + r].c[c][l].u == want[r][c], "%s: lane %d row %d .%c = 0x%x, want 0x%x", name, l, r,
                      "xyzw"[c], e->out[o0 + r].c[c][l].u, want[r][c]);
    }
    te_free(e);
}

static void test_thread_bindings(void)
{
    static const char vsrc[] = "!!NVvp5.0\nOPTION NV_shader_thread_group;\nATTRIB tid = vertex.threadid;\n"
                               "UINT TEMP a, b;\n"
                               "MOV.U a.x, tid;\nMOV.U a.y, vertex.warpid;\nMOV.U a.z, vertex.smid.x;\n"
                               "MOV.U a.w, vertex.threadeqmask.w;\n"
                               "MOV.U b, {vertex.threadltmask, vertex.threadlemask, vertex.threadgtmask, 0};\n"
                               "MOV.U b.x, vertex.threadltmask;\nMOV.U b.y, vertex.threadlemask;\n"
                               "MOV.U b.z, vertex.threadgtmask;\nMOV.U b.w, vertex.threadgemask;\n"
                               "MOV.U result.texcoord[0], a;\nMOV.U result.texcoord[1], b;\n"
                               "MOV result.position, 0;\nEND\n";
    gp_error err;
    gp_program *p = compile_st(vsrc, GP_STAGE_VERTEX, &err);
    CHECK(p == NULL, "a binding inside a constant vector must not compile");
    gp_program_free(p);
    /* the same without the bad line */
    char v2[sizeof(vsrc)];
    const char *bad = strstr(vsrc, "MOV.U b, {");
    size_t pre = (size_t)(bad - vsrc);
    memcpy(v2, vsrc, pre);
    strcpy(v2 + pre, strchr(bad, '\n') + 1);
    p = compile_st(v2, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "thread bindings: %d:%d %s", err.line, err.col, err.msg);
    if (p) {
        T_BOTH_PATHS
        {
            run_thread(p, "vertex thread bindings", false);
        }
        gp_program *q = reprint(p, "print thread bindings", (const char *const[]){ "vertex.threadgemask", NULL });
        if (q)
            run_thread(q, "reprinted vertex thread bindings", false);
        gp_program_free(q);
        gp_program_free(p);
    }
    static const char fsrc[] = "!!NVfp5.0\nOPTION NV_shader_thread_group;\nOPTION ARB_draw_buffers;\nINT TEMP a;\nTEMP h;\n"
                               "MOV.S a.x, fragment.threadid;\nMOV.S a.y, fragment.helperthread;\n"
                               "MOV.S a.z, fragment.threadltmask;\nMOV.S a.w, fragment.smid;\n"
                               "I2F h, fragment.helperthread;\nDDX h, h;\n"
                               "MOV.S result.color, a;\nMOV result.color[1], h;\nEND\n";
    p = compile_st(fsrc, GP_STAGE_FRAGMENT, &err);
    CHECK(p != NULL, "fragment thread bindings: %d:%d %s", err.line, err.col, err.msg);
    if (p) {
        T_BOTH_PATHS
        {
            run_thread(p, "fragment thread bindings", true);
        }
        gp_program_free(p);
    }
    expect_error("vertex.threadid without the option", "!!NVvp5.0\nTEMP r;\nMOV r, vertex.threadid;\nEND\n",
                 "vertex.", "threadid", "OPTION NV_shader_thread_group");
    expect_error("vertex.helperthread", "!!NVvp5.0\nOPTION NV_shader_thread_group;\nTEMP r;\n"
                 "MOV r, vertex.helperthread;\nEND\n", "vertex.", "helperthread", NULL);
}

int main(void)
{
    test_thread_bindings();
    test_threadstate();
    test_print_a();
    test_print_b();
    test_print_buffer_range();
    test_thread_group();
    test_buffer_range();
    test_exec();
    test_errors();
    test_prec();
    return t_report("nv5_sub");
}
