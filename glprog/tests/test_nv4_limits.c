/*
 * test_nv4_limits.c - glprog.nv4_limits: what only glprog can show about
 * the NV_gpu_program4 / NV_gpu_program5 headers and the NV limits.
 *
 *  - !!NVvp5.0 / !!NVfp5.0 / !!NVgp5.0 (NV_gpu_program5 2.X.2): a minimal
 *    valid program compiles with the right info.lang and info.stage, and is
 *    refused, at offset 0, when loaded for another program type.
 *  - MAX_PROGRAM_IF_DEPTH_NV / MAX_PROGRAM_LOOP_DEPTH_NV (NV_gpu_program4
 *    2.X.5: "a program will fail to load if an IF instruction is nested
 *    inside MAX_PROGRAM_IF_DEPTH_NV or more IF/ELSE/ENDIF blocks", the same
 *    for REP): a program nested exactly to the limit loads and runs, one
 *    level more fails at the offending instruction.
 *  - MAX_PROGRAM_CALL_DEPTH_NV (2.X.8 CAL): a CAL with the call stack full
 *    has undefined results, "including possible program termination";
 *    asmgl terminates the invocation there (outputs keep what was written,
 *    glprog/exec/flow.c stk_push).  Recursion to exactly the depth runs to the end.
 *  - generic attributes and results (MAX_PROGRAM_ATTRIB/RESULT_COMPONENTS,
 *    MAX_PROGRAM_GENERIC_ATTRIBS/RESULTS, NV_gpu_program4 Table X.21):
 *    vertex.attrib[n] below max_attribs, result.attrib[n] / fragment.attrib
 *    [n] / vertex[m].attrib[n] below 32.
 *  - NV_geometry_program4: VERTICES_OUT in [1, MAX_PROGRAM_OUTPUT_VERTICES_NV]
 *    and VERTICES_OUT times the result components written at most
 *    MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV (2.14.6.4, 2.X.3.5).
 * Every failing case checks the byte offset, line and column of the
 * offending token (counted from the text) and the message.  Test
 * executable, single thread.
 *
 * covers: HDR.NVVP50 HDR.NVFP50 HDR.NVGP50 HDR.TARGET_MATCH
 * covers: LIM.NV.CALLDEPTH LIM.NV.IFDEPTH LIM.NV.LOOPDEPTH LIM.GP4.COMPS LIM.GEO4.OUTVERT LIM.GEO4.OUTCOMP
 * covers: DECL.VERTICES_OUT_GP EDGE.BLOCK_NESTING
 */
#include "test_exec_common.h"

static gp_program *compile_lim(const char *src, gp_stage st, const gp_limits *lim, gp_error *err)
{
    gp_limits def;
    if (!lim) {
        gp_limits_default(&def, st);
        lim = &def;
    }
    return gp_compile(src, strlen(src), st, lim, err);
}

static gp_program *expect_ok(const char *name, const char *src, gp_stage st, const gp_limits *lim)
{
    gp_error err;
    gp_program *p = compile_lim(src, st, lim, &err);
    CHECK(p != NULL, "%s: rejected at %d (line %d col %d): %s", name, err.pos, err.line, err.col, err.msg);
    return p;
}

static void expect_err(const char *name, const char *src, gp_stage st, const gp_limits *lim, int pos,
                       int line, int col, const char *msg)
{
    gp_error err;
    gp_program *p = compile_lim(src, st, lim, &err);
    CHECK(p == NULL, "%s: accepted", name);
    if (p) {
        gp_program_free(p);
        return;
    }
    CHECK(err.pos == pos && err.line == line && err.col == col,
          "%s: error at %d (line %d col %d), want %d (%d, %d): %s", name, err.pos, err.line, err.col, pos,
          line, col, err.msg);
    CHECK(strstr(err.msg, msg) != NULL, "%s: message \"%s\" lacks \"%s\"", name, err.msg, msg);
}

/* Byte offset of the n-th (0-based) occurrence of needle in s, and its line
 * and column (1-based). */
static int nth_pos(const char *s, const char *needle, int n, int *line, int *col)
{
    const char *p = s;
    for (int k = 0; p && k <= n; k++) {
        p = strstr(k ? p + 1 : p, needle);
    }
    if (!p)
        return -1;
    *line = 1;
    *col = 1;
    for (const char *q = s; q < p; q++) {
        if (*q == '\n') {
            (*line)++;
            *col = 1;
        } else {
            (*col)++;
        }
    }
    return (int)(p - s);
}

/* ---- NV_gpu_program5 headers ------------------------------------------------ */

static void test_nv5_headers(void)
{
    static const struct {
        const char *name, *src;
        gp_stage stage;
        gp_lang lang;
        const char *word; /* the stage's word in the wrong-stage message */
    } cases[] = {
        {"!!NVvp5.0", "!!NVvp5.0\nMOV result.position, vertex.position;\nEND\n", GP_STAGE_VERTEX,
         GP_LANG_NVVP50, "is a vertex program header"},
        {"!!NVfp5.0", "!!NVfp5.0\nMOV result.color, fragment.color;\nEND\n", GP_STAGE_FRAGMENT,
         GP_LANG_NVFP50, "is a fragment program header"},
        {"!!NVgp5.0",
         "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
         "MOV result.position, vertex[0].position;\nEMIT;\nEND\n",
         GP_STAGE_GEOMETRY, GP_LANG_NVGP50, "is a geometry program header"},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        gp_program *p = expect_ok(cases[k].name, cases[k].src, cases[k].stage, NULL);
        if (p) {
            const gp_program_info *info = gp_program_get_info(p);
            CHECK(info->lang == cases[k].lang, "%s: lang %d, want %d", cases[k].name, info->lang,
                  cases[k].lang);
            CHECK(info->stage == cases[k].stage, "%s: stage %d", cases[k].name, info->stage);
            /* the printer names the header it was given */
            char buf[4096];
            gp_program_print(p, buf, sizeof(buf));
            CHECK(strncmp(buf, cases[k].name, 9) == 0, "%s: printed as %.12s", cases[k].name, buf);
            gp_program_free(p);
        }
        /* loaded for each other program type: refused at the header */
        for (int st = GP_STAGE_VERTEX; st <= GP_STAGE_GEOMETRY; st++) {
            if (st == (int)cases[k].stage)
                continue;
            expect_err(cases[k].name, cases[k].src, (gp_stage)st, NULL, 0, 1, 1, cases[k].word);
        }
    }
    /* the NV4 rules hold: a geometry program needs its declarations, KIL is
     * for fragment programs only */
    expect_err("gp5 no VERTICES_OUT",
               "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nEMIT;\nEND\n",
               GP_STAGE_GEOMETRY, NULL, 53, 4, 1, "missing VERTICES_OUT declaration"); /* 10 + 21 + 22 */
    expect_err("vp5 KIL", "!!NVvp5.0\nKIL -1;\nEND\n", GP_STAGE_VERTEX, NULL, 10, 2, 1, "KIL");
    /* tessellation programs load (glprog/tests/test_tess.c), a control
     * program with its VERTICES_OUT; NV4.1 loads (HDR.NV41,
     * glprog/tests/test_nv5_tex.c), without the 5.0 opcodes */
    expect_err("tcp5", "!!NVtcp5.0\nEND\n", GP_STAGE_TESS_CONTROL, NULL, 11, 2, 1, "missing VERTICES_OUT");
    gp_program_free(expect_ok("vp4.1", "!!NVvp4.1\nEND\n", GP_STAGE_VERTEX, NULL));
    expect_err("vp4.1 BFE", "!!NVvp4.1\nBFE;\nEND\n", GP_STAGE_VERTEX, NULL, 10, 2, 1, "requires an NV_gpu_program5 header");
}

/* ---- IF and REP nesting ----------------------------------------------------- */

/* "!!NVvp4.0" with n nested "IF NE.x;" (all true: CC0.x = NE after the
 * first MOV.CC) around an ADD, or n nested "REP {2};" around it. */
static void nested_src(char *buf, size_t size, int n, bool rep)
{
    size_t o = (size_t)snprintf(buf, size, "!!NVvp4.0\nTEMP r;\nMOV.CC r, {1, 0, 0, 0};\n");
    for (int i = 0; i < n && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, rep ? "REP {2};\n" : "IF NE.x;\n");
    o += (size_t)snprintf(buf + o, size - o, "ADD r.y, r.y, 1;\n");
    for (int i = 0; i < n && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, rep ? "ENDREP;\n" : "ENDIF;\n");
    snprintf(buf + o, size - o, "MOV result.texcoord[0], r;\nMOV result.position, 0;\nEND\n");
}

static float run_vp_texcoord_y(const gp_program *p)
{
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    te_fill_out(e, -1.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status %d", e->env.status);
    float y = OUTF(e, GP_VARY_TEX0, 1, 7);
    te_free(e);
    return y;
}

static void test_nesting(void)
{
    char src[8192];
    int line, col, pos;
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    CHECK(lim.max_if_depth == 48 && lim.max_loop_depth == 4, "defaults %d %d (the spec minimums "
          "of NV_gpu_program4 Table X.21)", lim.max_if_depth, lim.max_loop_depth);

    /* 48 nested IFs: the innermost is nested inside 47 blocks: loads, and
     * every test passes, so the ADD runs once */
    nested_src(src, sizeof(src), 48, false);
    gp_program *p = expect_ok("IF depth 48", src, GP_STAGE_VERTEX, NULL);
    if (p) {
        CHECK(t_same(run_vp_texcoord_y(p), 1.0f), "IF depth 48: the innermost block ran");
        gp_program_free(p);
    }
    /* 49: the 49th IF is nested inside 48 blocks */
    nested_src(src, sizeof(src), 49, false);
    pos = nth_pos(src, "IF NE.x", 48, &line, &col);
    expect_err("IF depth 49", src, GP_STAGE_VERTEX, NULL, pos, line, col, "IF nested too deeply (limit 48)");
    /* a smaller limit from gp_limits is honoured the same way */
    lim.max_if_depth = 3;
    nested_src(src, sizeof(src), 3, false);
    p = expect_ok("IF depth 3 of 3", src, GP_STAGE_VERTEX, &lim);
    gp_program_free(p);
    nested_src(src, sizeof(src), 4, false);
    pos = nth_pos(src, "IF NE.x", 3, &line, &col);
    expect_err("IF depth 4 of 3", src, GP_STAGE_VERTEX, &lim, pos, line, col, "IF nested too deeply (limit 3)");

    /* 4 nested REP {2}: loads; the ADD runs 2^4 = 16 times */
    nested_src(src, sizeof(src), 4, true);
    p = expect_ok("REP depth 4", src, GP_STAGE_VERTEX, NULL);
    if (p) {
        CHECK(t_same(run_vp_texcoord_y(p), 16.0f), "REP depth 4: %g iterations", run_vp_texcoord_y(p));
        gp_program_free(p);
    }
    nested_src(src, sizeof(src), 5, true);
    pos = nth_pos(src, "REP {2}", 4, &line, &col);
    expect_err("REP depth 5", src, GP_STAGE_VERTEX, NULL, pos, line, col, "REP nested too deeply (limit 4)");
    /* IF blocks do not count against the loop depth, nor REPs against the
     * IF depth: 4 REPs inside 48 IFs load */
    {
        size_t o = (size_t)snprintf(src, sizeof(src), "!!NVvp4.0\nTEMP r;\nMOV.CC r, {1, 0, 0, 0};\n");
        for (int i = 0; i < 48; i++)
            o += (size_t)snprintf(src + o, sizeof(src) - o, "IF NE.x;\n");
        for (int i = 0; i < 4; i++)
            o += (size_t)snprintf(src + o, sizeof(src) - o, "REP {2};\n");
        o += (size_t)snprintf(src + o, sizeof(src) - o, "ADD r.y, r.y, 1;\n");
        for (int i = 0; i < 4; i++)
            o += (size_t)snprintf(src + o, sizeof(src) - o, "ENDREP;\n");
        for (int i = 0; i < 48; i++)
            o += (size_t)snprintf(src + o, sizeof(src) - o, "ENDIF;\n");
        snprintf(src + o, sizeof(src) - o, "MOV result.texcoord[0], r;\nMOV result.position, 0;\nEND\n");
        p = expect_ok("48 IF + 4 REP", src, GP_STAGE_VERTEX, NULL);
        if (p) {
            CHECK(t_same(run_vp_texcoord_y(p), 16.0f), "48 IF + 4 REP: result");
            gp_program_free(p);
        }
    }
}

/* ---- call depth ----------------------------------------------------------------- */

/* f recurses until d.x == n: every call first records d.x (the depth it
 * runs at) in result.texcoord[0].x; the main code writes .y = 1 after the
 * outermost call returned. */
static void calls_src(char *buf, size_t size, int n)
{
    snprintf(buf, size,
             "!!NVvp4.0\nINT TEMP d, c;\n"
             "MOV.S d.x, 0;\n"
             "CAL f;\n"
             "MOV result.texcoord[0].y, 1;\n"
             "MOV result.position, 0;\n"
             "RET;\n"
             "f:\n"
             "ADD.S d.x, d.x, 1;\n"
             "I2F result.texcoord[0].x, d.x;\n"
             "SLT.S.CC c.x, d.x, %d;\n"
             "CAL f (NE.x);\n"
             "RET;\n"
             "END\n",
             n);
}

static void run_calls(const char *name, int n, const gp_limits *lim, float want_x, float want_y)
{
    char src[1024];
    calls_src(src, sizeof(src), n);
    gp_program *p = expect_ok(name, src, GP_STAGE_VERTEX, lim);
    if (!p)
        return;
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    te_fill_out(e, -1.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
    for (int l = 0; l < GP_LANES; l++) {
        CHECK(t_same(OUTF(e, GP_VARY_TEX0, 0, l), want_x), "%s lane %d: depth reached %g, want %g", name, l,
              OUTF(e, GP_VARY_TEX0, 0, l), want_x);
        CHECK(t_same(OUTF(e, GP_VARY_TEX0, 1, l), want_y), "%s lane %d: returned %g, want %g", name, l,
              OUTF(e, GP_VARY_TEX0, 1, l), want_y);
    }
    te_free(e);
    gp_program_free(p);
}

static void test_call_depth(void)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    CHECK(lim.max_call_depth >= 4, "MAX_PROGRAM_CALL_DEPTH_NV %d < 4", lim.max_call_depth);
    int def = lim.max_call_depth;
    /* default depth: def nested calls run to the end; call def + 1 finds
     * the stack full and terminates the invocation after the def-th call
     * wrote its depth (the main code's .y stays unwritten) */
    run_calls("calls = default depth", def, NULL, (float)def, 1.0f);
    run_calls("calls = default depth + 1", def + 1, NULL, (float)def, -1.0f);
    /* the spec minimum, 4, through gp_limits */
    lim.max_call_depth = 4;
    run_calls("calls = 4 of 4", 4, &lim, 4.0f, 1.0f);
    run_calls("calls = 5 of 4", 5, &lim, 4.0f, -1.0f);
    run_calls("calls = 1 of 4", 1, &lim, 1.0f, 1.0f);
}

/* ---- generic attributes and results --------------------------------------------- */

static void test_components(void)
{
    gp_program *p;
    p = expect_ok("vertex.attrib[15]", "!!NVvp4.0\nMOV result.position, vertex.attrib[15];\nEND\n",
                  GP_STAGE_VERTEX, NULL);
    gp_program_free(p);
    /* col 36: "MOV result.position, vertex.attrib[" is 35 characters */
    expect_err("vertex.attrib[16]", "!!NVvp4.0\nMOV result.position, vertex.attrib[16];\nEND\n",
               GP_STAGE_VERTEX, NULL, 45, 2, 36, "vertex attribute 16 out of range (16 available)");
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    lim.max_attribs = 8;
    expect_err("vertex.attrib[8] of 8", "!!NVvp4.0\nMOV result.position, vertex.attrib[8];\nEND\n",
               GP_STAGE_VERTEX, &lim, 45, 2, 36, "vertex attribute 8 out of range (8 available)");

    p = expect_ok("result.attrib[31]",
                  "!!NVvp4.0\nMOV result.attrib[31], vertex.attrib[0];\nMOV result.position, 0;\nEND\n",
                  GP_STAGE_VERTEX, NULL);
    if (p) {
        CHECK(gp_program_get_info(p)->outputs_written >> (GP_VARY_ATTR0 + 31) & 1,
              "result.attrib[31] is GP_VARY_ATTR0 + 31");
        gp_program_free(p);
    }
    /* col 19: "MOV result.attrib[" is 18 characters */
    expect_err("result.attrib[32]",
               "!!NVvp4.0\nMOV result.attrib[32], vertex.attrib[0];\nMOV result.position, 0;\nEND\n",
               GP_STAGE_VERTEX, NULL, 28, 2, 19, "generic attribute 32 out of range (32 available)");
    p = expect_ok("fragment.attrib[31]", "!!NVfp4.0\nMOV result.color, fragment.attrib[31];\nEND\n",
                  GP_STAGE_FRAGMENT, NULL);
    gp_program_free(p);
    /* col 35: "MOV result.color, fragment.attrib[" is 34 characters */
    expect_err("fragment.attrib[32]", "!!NVfp4.0\nMOV result.color, fragment.attrib[32];\nEND\n",
               GP_STAGE_FRAGMENT, NULL, 44, 2, 35, "generic attribute 32 out of range (32 available)");
    static const char gp_hdr[] = "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 2;\n";
    char src[512];
    snprintf(src, sizeof(src), "%sMOV result.attrib[31], vertex[0].attrib[31];\nEMIT;\nEND\n", gp_hdr);
    p = expect_ok("gp attrib[31]", src, GP_STAGE_GEOMETRY, NULL);
    gp_program_free(p);
    /* the header lines are 10 + 21 + 22 + 16 = 69 bytes; col 39: "MOV
     * result.position, vertex[0].attrib[" is 38 characters */
    snprintf(src, sizeof(src), "%sMOV result.position, vertex[0].attrib[32];\nEMIT;\nEND\n", gp_hdr);
    expect_err("gp vertex[0].attrib[32]", src, GP_STAGE_GEOMETRY, NULL, 69 + 38, 5, 39,
               "generic attribute 32 out of range (32 available)");
    snprintf(src, sizeof(src), "%sMOV result.attrib[32], vertex[0].position;\nEMIT;\nEND\n", gp_hdr);
    expect_err("gp result.attrib[32]", src, GP_STAGE_GEOMETRY, NULL, 69 + 18, 5, 19,
               "generic attribute 32 out of range (32 available)");
}

/* ---- geometry output limits ---------------------------------------------------------- */

static void test_geometry_out(void)
{
    /* "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT "
     * is 10 + 21 + 22 + 13 = 66 bytes: the count is at offset 66, line 4,
     * column 14 */
    char src[512];
    const char *fmt = "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT %s;\n%s"
                      "EMIT;\nEND\n";
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_GEOMETRY);
    CHECK(lim.max_output_vertices >= 256, "MAX_PROGRAM_OUTPUT_VERTICES_NV %d", lim.max_output_vertices);
    CHECK(lim.max_total_output_components >= 1024, "MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV %d",
          lim.max_total_output_components);
    /* the vertex count: 256 loads (256 x 4 position components = 1024),
     * 257 and 0 do not */
    snprintf(src, sizeof(src), fmt, "256", "MOV result.position, 0;\n");
    gp_program *p = expect_ok("VERTICES_OUT 256", src, GP_STAGE_GEOMETRY, NULL);
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->gs_vertices_out == 256 && info->num_result_components == 4, "info %d %d",
              info->gs_vertices_out, info->num_result_components);
        gp_program_free(p);
    }
    snprintf(src, sizeof(src), fmt, "257", "MOV result.position, 0;\n");
    expect_err("VERTICES_OUT 257", src, GP_STAGE_GEOMETRY, NULL, 66, 4, 14, "VERTICES_OUT 257 out of range (1..256)");
    snprintf(src, sizeof(src), fmt, "0", "MOV result.position, 0;\n");
    expect_err("VERTICES_OUT 0", src, GP_STAGE_GEOMETRY, NULL, 66, 4, 14, "VERTICES_OUT 0 out of range (1..256)");
    snprintf(src, sizeof(src), fmt, "4294967297", "MOV result.position, 0;\n");
    expect_err("VERTICES_OUT 2^32+1", src, GP_STAGE_GEOMETRY, NULL, 66, 4, 14, "out of range (1..256)");
    /* total components: position (4) + color.x (1) = 5 a vertex;
     * 204 x 5 = 1020 loads, 205 x 5 = 1025 does not */
    const char *five = "MOV result.position, 0;\nMOV result.color.x, 0;\n";
    snprintf(src, sizeof(src), fmt, "204", five);
    p = expect_ok("204 x 5", src, GP_STAGE_GEOMETRY, NULL);
    if (p) {
        CHECK(gp_program_get_info(p)->num_result_components == 5, "5 components");
        gp_program_free(p);
    }
    snprintf(src, sizeof(src), fmt, "205", five);
    expect_err("205 x 5", src, GP_STAGE_GEOMETRY, NULL, 66, 4, 14,
               "VERTICES_OUT 205 times 5 result components exceeds the limit of 1024");
    /* write masks are merged per result (issue 44): .xy and .zw of the
     * position are 4 components, a second write of .x adds none */
    snprintf(src, sizeof(src), fmt, "256",
             "MOV result.position.xy, 0;\nMOV result.position.zw, 0;\nMOV result.position.x, 1;\n");
    p = expect_ok("256 x (xy + zw)", src, GP_STAGE_GEOMETRY, NULL);
    gp_program_free(p);
    /* smaller limits through gp_limits */
    lim.max_output_vertices = 16;
    lim.max_total_output_components = 64;
    snprintf(src, sizeof(src), fmt, "16", "MOV result.position, 0;\n");
    p = expect_ok("16 of 16", src, GP_STAGE_GEOMETRY, &lim);
    gp_program_free(p);
    snprintf(src, sizeof(src), fmt, "17", "MOV result.position, 0;\n");
    expect_err("17 of 16", src, GP_STAGE_GEOMETRY, &lim, 66, 4, 14, "VERTICES_OUT 17 out of range (1..16)");
    snprintf(src, sizeof(src), fmt, "13", five); /* 65 > 64 */
    expect_err("13 x 5 of 64", src, GP_STAGE_GEOMETRY, &lim, 66, 4, 14,
               "VERTICES_OUT 13 times 5 result components exceeds the limit of 64");
    snprintf(src, sizeof(src), fmt, "12", five); /* 60 */
    p = expect_ok("12 x 5 of 64", src, GP_STAGE_GEOMETRY, &lim);
    gp_program_free(p);
}

int main(void)
{
    test_nv5_headers();
    test_nesting();
    test_call_depth();
    test_components();
    test_geometry_out();
    return t_report("test_nv4_limits");
}
