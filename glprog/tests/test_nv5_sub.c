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
 * covers: OP.TGBALLOT EDGE.TG_INACTIVE OPT.NV_shader_thread_group
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

int main(void)
{
    test_thread_group();
    test_buffer_range();
    test_exec();
    test_errors();
    test_prec();
    return t_report("nv5_sub");
}
