/*
 * test_tess.c - glprog.tess: NV_tessellation_program5 control (!!NVtcp5.0)
 * and evaluation (!!NVtep5.0) programs in glprog.
 *   1. Load failures at the offending token with a message naming the
 *      rule: VERTICES_OUT exactly once in 1..MAX_PATCH_VERTICES (32),
 *      TESS_MODE required, every TESS_* declaration at most once, each in
 *      its program type and before the other statements; vertex.out and
 *      primitive.out only in control programs, vertex.out[m] with m <
 *      VERTICES_OUT; control programs read tessouter / tessinner /
 *      patch.attrib only through primitive.out (spec revision 3);
 *      primitive.invocation control only, vertex.tesscoord evaluation only;
 *      result.patch.* control only; tessouter[n] n < 4, tessinner[n] n < 2,
 *      patch.attrib[n] n < MAX_PROGRAM_PATCH_ATTRIBS_NV (32); a range
 *      n..o with n > o fails; vertex[m] in an instruction needs a constant m;
 *      there is no PATTRIB statement.
 *   2. What loads: the declarations reach info (mode, spacing, order, point
 *      mode, their defaults EQUAL and CCW; VERTICES_OUT 32), the bindings
 *      reach inputs_read / patch_inputs_read / patch_outputs_written, and
 *      the disassembly of every program loads again and prints the same
 *      (a fixed point), naming the bindings.
 *   3. Execution, results worked out by hand:
 *      - a control program with VERTICES_OUT 4 (one call, lanes =
 *        invocations) copies input vertex (invocation) to its output,
 *        reads vertex.out[(i+1)%4] written by the previous instruction
 *        (lock-step), writes tessouter[i] = i+1 from each lane (so every
 *        component comes from one lane), tessinner[0] from all lanes in one
 *        instruction (the highest invocation wins: EDGE.TCP_RACES), reads
 *        primitive.out.tessouter[2] back in the next instruction, and a
 *        patch attribute written in the IF and ELSE branches (ELSE last);
 *      - VERTICES_OUT 20 (two calls of 16 and 4 lanes) with a barrier
 *        callback that the executor calls between instructions; run one
 *        after the other, and as two fibers switching at the barrier,
 *        where every invocation reads vertex.out[19 - i] and the per-patch
 *        level written by the instruction before (lock-step across calls);
 *      - an evaluation program computes u*v0 + v*v1 + w*v2 from
 *        vertex.tesscoord and the input patch, and reads per-patch inputs,
 *        primitive.id and primitive.vertexcount;
 *      - arrays of tessouter / tessinner indexed at run time, results
 *        (each invocation its own level) and inputs (reversed, and past
 *        the array: 0);
 *      - OPTION NV_shader_thread_group: primitive.threadid and the masks of
 *        the call's lanes (thread id = lane), warpid 0.
 * Test executable, single thread.
 *
 * covers: HDR.NVTCP50 HDR.NVTEP50 DECL.VERTICES_OUT_TCP DECL.TESS_MODE DECL.TESS_SPACING
 * covers: DECL.TESS_VERTEX_ORDER DECL.TESS_POINT_MODE BIND.T.VTX_IN BIND.T.VTX_ARRAY BIND.T.VTX_OUT
 * covers: BIND.T.PRIM BIND.T.PRIMID BIND.T.INVOCATION BIND.T.TESSCOORD BIND.R.PATCH_TESSOUTER
 * covers: BIND.R.PATCH_TESSINNER BIND.R.PATCH_ATTRIB BIND.G.TESSOUTER BIND.G.TESSINNER
 * covers: BIND.G.PATCHATTRIB BIND.G.VERTEXCOUNT EDGE.TCP_RACES LIM.TESS.PATCHVERTS
 * covers: LIM.TESS5.PATCHATTR DECL.GP_2D_ATTRIB DECL.PATTRIB BIND.G.THREAD
 */
#include <ucontext.h>

#include "gp_test_util.h"

enum { TC = GP_STAGE_TESS_CONTROL, TE = GP_STAGE_TESS_EVAL };

#define TCP "!!NVtcp5.0\nVERTICES_OUT 4;\n"
#define TEP "!!NVtep5.0\nTESS_MODE TRIANGLES;\n"

static const struct ecase {
    int stage;
    const char *src;
    const char *after, *at;
    const char *msg;
} cases[] = {
    { TC, "!!NVtcp5.0\nMOV result.position, 0;\nEND", NULL, "MOV", "missing VERTICES_OUT declaration" },
    { TC, "!!NVtcp5.0\nEND", NULL, "END", "missing VERTICES_OUT declaration" },
    { TC, "!!NVtcp5.0\nVERTICES_OUT 0;\nEND", "OUT ", "0", "VERTICES_OUT 0 out of range (1..32" },
    { TC, "!!NVtcp5.0\nVERTICES_OUT 33;\nEND", NULL, "33", "VERTICES_OUT 33 out of range (1..32" },
    { TC, TCP "VERTICES_OUT 4;\nEND", "4;", "VERTICES_OUT", "more than one VERTICES_OUT" },
    { TC, TCP "MOV result.position, 0;\nVERTICES_OUT 4;\nEND", "0;", "VERTICES_OUT",
      "must come before all other statements" },
    { TC, TCP "TESS_MODE QUADS;\nEND", NULL, "TESS_MODE", "only available in tessellation evaluation programs" },
    { TC, TCP "PRIMITIVE_IN POINTS;\nEND", NULL, "PRIMITIVE_IN", "only available in geometry programs" },
    { TE, "!!NVtep5.0\nMOV result.position, 0;\nEND", NULL, "MOV", "missing TESS_MODE declaration" },
    { TE, "!!NVtep5.0\nTESS_SPACING EQUAL;\nEND", NULL, "END", "missing TESS_MODE declaration" },
    { TE, TEP "TESS_MODE QUADS;\nEND", "TRIANGLES;", "TESS_MODE", "more than one TESS_MODE" },
    { TE, TEP "TESS_SPACING EQUAL;\nTESS_SPACING EQUAL;\nEND", "EQUAL;", "TESS_SPACING",
      "more than one TESS_SPACING" },
    { TE, TEP "TESS_POINT_MODE;\nTESS_POINT_MODE;\nEND", "MODE;", "TESS_POINT_MODE",
      "more than one TESS_POINT_MODE" },
    { TE, "!!NVtep5.0\nTESS_MODE LINES;\nEND", NULL, "LINES", "expected a tessellation mode" },
    { TE, TEP "TESS_SPACING FRACTIONAL;\nEND", NULL, "FRACTIONAL", "expected a tessellation spacing" },
    { TE, TEP "TESS_VERTEX_ORDER CWW;\nEND", NULL, "CWW", "expected a vertex order (CW, CCW)" },
    { TE, TEP "VERTICES_OUT 3;\nEND", NULL, "VERTICES_OUT", "only available in geometry programs" },
    { TE, TEP "MOV result.position, 0;\nTESS_POINT_MODE;\nEND", NULL, "TESS_POINT_MODE",
      "must come before all other statements" },
    /* bindings */
    { TE, TEP "MOV result.position, vertex.out[0].position;\nEND", "vertex.", "out",
      "'vertex.out' bindings are only available in tessellation control programs" },
    { TE, TEP "MOV result.position, primitive.out.tessouter[0];\nEND", "primitive.", "out",
      "'primitive.out' bindings are only available in tessellation control programs" },
    { TC, TCP "MOV result.position, vertex.out[4].position;\nEND", "out[", "4", "output patch vertex 4 out of range" },
    { TC, TCP "MOV result.position, vertex[32].position;\nEND", "vertex[", "32", "input patch vertex 32 out of range" },
    { TC, TCP "MOV result.position, primitive.tessouter[0];\nEND", "primitive.", "tessouter",
      "use primitive.out.tessouter" },
    { TC, TCP "MOV result.position, primitive.in.patch.attrib[0];\nEND", "in.", "patch", "use primitive.out.patch" },
    { TC, TCP "MOV result.position, primitive.out.vertexcount;\nEND", "out.", "vertexcount",
      "primitive.out.vertexcount is not a binding" },
    { TE, TEP "MOV result.position, primitive.invocation;\nEND", "primitive.", "invocation",
      "primitive.invocation is only available in tessellation control programs" },
    { TC, TCP "MOV result.position, vertex.tesscoord;\nEND", "vertex.", "tesscoord",
      "vertex.tesscoord is only available in tessellation evaluation programs" },
    { TE, TEP "MOV result.patch.tessouter[0], 1;\nEND", "result.", "patch",
      "result.patch bindings are only available in tessellation control programs" },
    { TC, TCP "MOV result.patch.tessouter[4], 1;\nEND", "tessouter[", "4", "outer tessellation level 4 out of range" },
    { TC, TCP "MOV result.patch.tessinner[2], 1;\nEND", "tessinner[", "2", "inner tessellation level 2 out of range" },
    { TC, TCP "MOV result.patch.attrib[32], 1;\nEND", "attrib[", "32", "patch attribute 32 out of range" },
    { TE, TEP "MOV result.position, primitive.tessinner[2];\nEND", "tessinner[", "2",
      "inner tessellation level 2 out of range" },
    { TE, TEP "ATTRIB a[] = { primitive.patch.attrib[3..1] };\nEND", "attrib[", "3", "invalid patch attribute range" },
    { TC, TCP "OUTPUT o[] = { result.patch.tessouter[2..1] };\nEND", "tessouter[", "2",
      "invalid outer tessellation level range" },
    { TE, TEP "MOV result.position, vertex.position;\nEND", "vertex.", "position", "needs its vertex number" },
    { TE, TEP "INT TEMP i;\nMOV result.position, vertex[i.x].position;\nEND", "vertex[", "i",
      "must be a constant" },
    { TE, TEP "MOV result.primid, 1;\nEND", "result.", "result", "not available in tessellation evaluation programs" },
    { TC, "!!NVtep5.0\nTESS_MODE QUADS;\nEND", NULL, "!!NVtep5.0", "tessellation evaluation program header" },
    /* DECL.PATTRIB: no such statement; per-patch data use the bindings */
    { TE, TEP "PATTRIB p = primitive.patch.attrib[0];\nEND", NULL, "PATTRIB", "" },
};

static gp_program *compile(int stage, const char *src, gp_error *err)
{
    return gp_compile(src, strlen(src), (gp_stage)stage, NULL, err);
}

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        gp_error err;
        gp_program *p = compile(c->stage, c->src, &err);
        CHECK(!p, "case %zu loaded:\n%s", i, c->src);
        gp_program_free(p);
        if (p)
            continue;
        const char *from = c->after ? strstr(c->src, c->after) : c->src;
        const char *at = from ? strstr(from, c->at) : NULL;
        int want = at ? (int)(at - c->src) : -2;
        CHECK(err.pos == want, "case %zu: error at %d, want %d (%s): %s", i, err.pos, want, c->at, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message '%s' lacks '%s'", i, err.msg, c->msg);
    }
}

static char *print_alloc(const gp_program *p)
{
    size_t need = gp_program_print(p, NULL, 0);
    char *buf = malloc(need + 1);
    gp_program_print(p, buf, need + 1);
    return buf;
}

/* Loads src, checks its disassembly names want ('|'-separated), loads it
 * again with the same info and prints the same text. */
static gp_program *round_trip(int stage, const char *src, const char *want)
{
    gp_error err;
    gp_program *p = compile(stage, src, &err);
    CHECK(p, "rejected (%d:%d %s):\n%s", err.line, err.col, err.msg, src);
    if (!p)
        return NULL;
    char *a = print_alloc(p);
    char words[512];
    snprintf(words, sizeof words, "%s", want);
    for (char *w = strtok(words, "|"); w; w = strtok(NULL, "|"))
        CHECK(strstr(a, w) != NULL, "disassembly lacks '%s':\n%s", w, a);
    gp_program *q = compile(stage, a, &err);
    CHECK(q, "disassembly rejected (%d:%d %s):\n%s", err.line, err.col, err.msg, a);
    if (q) {
        char *b = print_alloc(q);
        CHECK(strcmp(a, b) == 0, "print is not a fixed point:\n--- first\n%s--- second\n%s", a, b);
        const gp_program_info *x = gp_program_get_info(p), *y = gp_program_get_info(q);
        CHECK(x->inputs_read == y->inputs_read && x->outputs_written == y->outputs_written &&
                  x->patch_inputs_read == y->patch_inputs_read &&
                  x->patch_outputs_written == y->patch_outputs_written && x->tcp_vertices_out == y->tcp_vertices_out &&
                  x->tess_mode == y->tess_mode && x->tess_spacing == y->tess_spacing &&
                  x->tess_vertex_order_cw == y->tess_vertex_order_cw && x->tess_point_mode == y->tess_point_mode,
              "info differs after the round trip:\n%s", a);
        free(b);
        gp_program_free(q);
    }
    free(a);
    return p;
}

static void test_load(void)
{
    /* defaults: EQUAL, CCW, no point mode */
    gp_program *p = round_trip(TE, TEP "MOV result.position, vertex.tesscoord;\nEND",
                               "TESS_MODE TRIANGLES|TESS_SPACING EQUAL|TESS_VERTEX_ORDER CCW|vertex.tesscoord");
    if (p) {
        const gp_program_info *i = gp_program_get_info(p);
        CHECK(i->stage == GP_STAGE_TESS_EVAL && i->lang == GP_LANG_NVTEP50 && i->tess_mode == GP_TESS_TRIANGLES &&
                  i->tess_spacing == GP_TESS_EQUAL && !i->tess_vertex_order_cw && !i->tess_point_mode,
              "TEP defaults: mode %d spacing %d cw %d point %d", i->tess_mode, i->tess_spacing,
              i->tess_vertex_order_cw, i->tess_point_mode);
    }
    gp_program_free(p);
    static const struct {
        const char *decl;
        int mode, spacing;
        bool cw, point;
    } decls[] = {
        { "TESS_MODE QUADS;\nTESS_SPACING FRACTIONAL_ODD;\nTESS_VERTEX_ORDER CW;\n", GP_TESS_QUADS,
          GP_TESS_FRACTIONAL_ODD, true, false },
        { "TESS_POINT_MODE;\nTESS_SPACING FRACTIONAL_EVEN;\nTESS_MODE ISOLINES;\nTESS_VERTEX_ORDER CCW;\n",
          GP_TESS_ISOLINES, GP_TESS_FRACTIONAL_EVEN, false, true },
    };
    for (size_t k = 0; k < 2; k++) {
        char src[512];
        snprintf(src, sizeof src, "!!NVtep5.0\n%sMOV result.position, vertex[0].position;\nEND", decls[k].decl);
        p = round_trip(TE, src, "TESS_MODE|TESS_SPACING");
        if (!p)
            continue;
        const gp_program_info *i = gp_program_get_info(p);
        CHECK(i->tess_mode == decls[k].mode && i->tess_spacing == decls[k].spacing &&
                  i->tess_vertex_order_cw == decls[k].cw && i->tess_point_mode == decls[k].point,
              "decls %zu: mode %d spacing %d cw %d point %d", k, i->tess_mode, i->tess_spacing,
              i->tess_vertex_order_cw, i->tess_point_mode);
        gp_program_free(p);
    }
    /* LIM.TESS.PATCHVERTS: VERTICES_OUT 32 loads, vertex.out[31] too */
    p = round_trip(TC, "!!NVtcp5.0\nVERTICES_OUT 32;\nMOV result.position, vertex.out[31].position;\n"
                       "MOV result.attrib[0], vertex[31].attrib[0];\nEND",
                   "VERTICES_OUT 32|vertex.out[31].position|vertex[31].attrib[0]");
    if (p)
        CHECK(gp_program_get_info(p)->tcp_vertices_out == 32, "VERTICES_OUT %d",
              gp_program_get_info(p)->tcp_vertices_out);
    gp_program_free(p);

    /* the control bindings: per-vertex arrays over both patches (first
     * index the vertex), ranges of the per-patch results */
    p = round_trip(TC,
                   "!!NVtcp5.0\nVERTICES_OUT 3;\nATTRIB pos = vertex.position;\n"
                   "ATTRIB oat[] = { vertex.out.attrib[0..1] };\nOUTPUT pa[] = { result.patch.attrib[1..3] };\n"
                   "OUTPUT lv[] = { result.patch.tessouter[1..3] };\n"
                   "ATTRIB ilv[] = { primitive.out.tessinner[0..1] };\n"
                   "INT TEMP i;\nTEMP t;\nMOV.S i.x, primitive.invocation;\nMOV result.position, pos[i.x];\n"
                   "MOV result.attrib[0], vertex.out[0].position;\nMOV result.attrib[1], oat[i.x][1];\n"
                   "MOV result.patch.tessouter[0], 4;\nMOV lv[2], ilv[1];\n"
                   "MOV result.patch.tessinner[1], primitive.out.tessouter[0];\n"
                   "MOV result.patch.attrib[3], vertex.in[2].color;\nMOV pa[i.x], primitive.out.patch.attrib[2];\n"
                   "MOV t, primitive.vertexcount;\nMOV t, primitive.in.id;\n"
                   "MOV result.clip[1], vertex.out[1].clip[1];\nEND",
                   "VERTICES_OUT 3|primitive.invocation|vertex.out[0].position|vertex.out.attrib[1]|"
                   "result.patch.tessouter[0]|result.patch.tessinner[1]|primitive.out.tessouter[0]|"
                   "result.patch.attrib[1..3]|primitive.out.patch.attrib[2]|vertex[2].color|primitive.vertexcount|"
                   "primitive.id|vertex.out[1].clip[1]|result.patch.tessouter[3]|primitive.out.tessinner[1]");
    if (p) {
        const gp_program_info *i = gp_program_get_info(p);
        CHECK(i->inputs_read == ((1ull << GP_VARY_POS) | (1ull << GP_VARY_COL0)), "TCP inputs_read 0x%llx",
              (unsigned long long)i->inputs_read);
        /* rows: tessouter, tessinner, attrib 1..3 written; tessouter, tessinner, attrib 2 read */
        CHECK(i->patch_outputs_written == 0x3bu, "patch_outputs_written 0x%llx",
              (unsigned long long)i->patch_outputs_written);
        CHECK(i->patch_inputs_read == 0x13u, "patch_inputs_read 0x%llx", (unsigned long long)i->patch_inputs_read);
        CHECK(i->outputs_written == ((1ull << GP_VARY_POS) | (1ull << GP_VARY_ATTR0) | (1ull << (GP_VARY_ATTR0 + 1)) |
                                     (1ull << GP_VARY_CLIP0)),
              "TCP outputs_written 0x%llx", (unsigned long long)i->outputs_written);
    }
    gp_program_free(p);
    p = round_trip(TE,
                   "!!NVtep5.0\nTESS_MODE QUADS;\nATTRIB p[] = { vertex.attrib[0..1] };\n"
                   "ATTRIB lv[] = { primitive.tessouter[1..3] };\nINT TEMP i;\nTEMP t;\n"
                   "MUL t, vertex.tesscoord.xyxy, vertex[3].position;\n"
                   "MAD t, primitive.tessinner[1], vertex.tesscoord.z, primitive.patch.attrib[5];\n"
                   "ADD t, t, lv[2];\nADD result.position, t, p[i.y][i.z];\n"
                   "MOV result.attrib[2], primitive.in.vertexcount;\nMOV result.id, vertex.in[1].id;\nEND",
                   "vertex.tesscoord|vertex[3].position|primitive.tessinner[1]|primitive.patch.attrib[5]|"
                   "primitive.tessouter[3]|vertex.attrib[0..1]|primitive.vertexcount|vertex[1].id");
    if (p) {
        const gp_program_info *i = gp_program_get_info(p);
        CHECK(i->patch_inputs_read == ((1u << GP_PATCH_TESSOUTER) | (1u << GP_PATCH_TESSINNER) |
                                       (1ull << (GP_PATCH_ATTR0 + 5))),
              "TEP patch_inputs_read 0x%llx", (unsigned long long)i->patch_inputs_read);
    }
    gp_program_free(p);
}

/* ---- execution ---- */

static void fill_params(const gp_program *p, gp_val (*params)[4], int cap)
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= cap, "params %d", info->num_params);
    for (int i = 0; i < info->num_params && i < cap; i++)
        memcpy(params[i], info->params[i].value, sizeof params[i]);
}

static int barriers;
static void on_barrier(void *user)
{
    (void)user;
    barriers++;
}

static void test_tcp(void)
{
    static const char src[] =
        "!!NVtcp5.0\nVERTICES_OUT 4;\n"
        "INT TEMP i;\nTEMP t;\nATTRIB pin = vertex.attrib[0];\nATTRIB pout = vertex.out.attrib[0];\n"
        /* output vertex i = input vertex i's attrib[0] */
        "MOV.S i.x, primitive.invocation.x;\nMOV result.attrib[0], pin[i.x];\n"
        /* lock-step: vertex.out[(i+1)%4] is already written */
        "ADD.S i.y, i.x, 1;\nAND.S i.y, i.y, 3;\nMOV result.attrib[1], pout[i.y];\n"
        /* tessouter[i] = i + 1 from lane i only (each component one lane) */
        "I2F t.x, i.x;\nADD t.x, t.x, 1;\nSEQ.S.CC i.z, i.x, 0;\nIF NE.z;\nMOV result.patch.tessouter[0], t.x;\nENDIF;\n"
        "SEQ.S.CC i.z, i.x, 1;\nIF NE.z;\nMOV result.patch.tessouter[1], t.x;\nENDIF;\n"
        "SEQ.S.CC i.z, i.x, 2;\nIF NE.z;\nMOV result.patch.tessouter[2], t.x;\nENDIF;\n"
        "SEQ.S.CC i.z, i.x, 3;\nIF NE.z;\nMOV result.patch.tessouter[3], t.x;\nENDIF;\n"
        /* every lane writes tessinner[0] = 10 * (i + 1): the highest wins */
        "MUL result.patch.tessinner[0], t.x, 10;\n"
        /* the next instruction reads what the previous wrote */
        "MOV result.attrib[2], primitive.out.tessouter[2];\n"
        "MOV result.attrib[3], primitive.out.tessinner[0];\n"
        /* IF (lanes 0, 1) writes 5, ELSE (lanes 2, 3) writes 7: ELSE last */
        "SLT.S.CC i.w, i.x, 2;\nIF NE.w;\nMOV result.patch.attrib[4], 5;\nELSE;\n"
        "MOV result.patch.attrib[4], 7;\nENDIF;\n"
        "MOV result.attrib[4], primitive.out.patch.attrib[4];\n"
        "I2F result.attrib[5], primitive.vertexcount;\nI2F result.attrib[5].y, primitive.id;\nEND";
    gp_error err;
    gp_program *p = compile(TC, src, &err);
    CHECK(p, "TCP rejected: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    CHECK(gp_tcp_output_rows(4) == GP_TCP_ROWS, "rows %d", gp_tcp_output_rows(4));
    static gp_val patch_in[3 * GP_VARY_COUNT][4];
    memset(patch_in, 0, sizeof patch_in);
    for (int v = 0; v < 3; v++) /* only 3 input vertices: vertex 3 reads 0 */
        for (int c = 0; c < 4; c++)
            patch_in[v * GP_VARY_COUNT + GP_VARY_ATTR0][c].f = (float)(100 * (v + 1) + c);
    static gp_vec out[GP_TCP_ROWS];
    memset(out, 0, sizeof out);
    static gp_val patch_out[GP_PATCH_ROWS][4];
    memset(patch_out, 0, sizeof patch_out);
    static gp_val params[64][4];
    fill_params(p, params, 64);
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.outputs = out;
    env.live_mask = 0xf;
    env.patch_in = (const gp_val(*)[4])patch_in;
    env.patch_in_vertices = 3;
    env.patch_out = patch_out;
    env.primitive_id = 9;
    gp_exec(p, &env);
    CHECK(env.status == GP_EXEC_OK, "status %d", env.status);
    for (int l = 0; l < 4; l++) {
        for (int c = 0; c < 4; c++) {
            float a0 = l < 3 ? (float)(100 * (l + 1) + c) : 0.0f;
            int n = (l + 1) % 4;
            float a1 = n < 3 ? (float)(100 * (n + 1) + c) : 0.0f;
            CHECK(out[GP_VARY_ATTR0].c[c][l].f == a0, "lane %d attrib[0].%d = %g, want %g", l, c,
                  out[GP_VARY_ATTR0].c[c][l].f, a0);
            CHECK(out[GP_VARY_ATTR0 + 1].c[c][l].f == a1, "lane %d vertex.out[%d] read %g, want %g", l, n,
                  out[GP_VARY_ATTR0 + 1].c[c][l].f, a1);
        }
        CHECK(out[GP_VARY_ATTR0 + 2].c[0][l].f == 3.0f, "lane %d primitive.out.tessouter[2] = %g, want 3", l,
              out[GP_VARY_ATTR0 + 2].c[0][l].f);
        CHECK(out[GP_VARY_ATTR0 + 3].c[0][l].f == 40.0f, "lane %d tessinner[0] = %g, want 40 (lane 3 last)", l,
              out[GP_VARY_ATTR0 + 3].c[0][l].f);
        CHECK(out[GP_VARY_ATTR0 + 4].c[0][l].f == 7.0f, "lane %d patch.attrib[4] = %g, want 7 (ELSE last)", l,
              out[GP_VARY_ATTR0 + 4].c[0][l].f);
        CHECK(out[GP_VARY_ATTR0 + 5].c[0][l].f == 3.0f && out[GP_VARY_ATTR0 + 5].c[1][l].f == 9.0f,
              "lane %d vertexcount %g id %g, want 3 and 9", l, out[GP_VARY_ATTR0 + 5].c[0][l].f,
              out[GP_VARY_ATTR0 + 5].c[1][l].f);
    }
    for (int c = 0; c < 4; c++)
        CHECK(patch_out[GP_PATCH_TESSOUTER][c].f == (float)(c + 1), "tessouter[%d] = %g, want %d", c,
              patch_out[GP_PATCH_TESSOUTER][c].f, c + 1);
    CHECK(patch_out[GP_PATCH_TESSINNER][0].f == 40.0f && patch_out[GP_PATCH_TESSINNER][1].f == 0.0f,
          "tessinner (%g, %g), want (40, 0)", patch_out[GP_PATCH_TESSINNER][0].f, patch_out[GP_PATCH_TESSINNER][1].f);
    for (int c = 0; c < 4; c++)
        CHECK(patch_out[GP_PATCH_ATTR0 + 4][c].f == 7.0f, "patch.attrib[4].%d = %g, want 7", c,
              patch_out[GP_PATCH_ATTR0 + 4][c].f);
    gp_machine_free(m);
    gp_program_free(p);

    /* VERTICES_OUT 20: two calls (lanes 0..15 = invocations 0..15, then
     * lanes 0..3 = invocations 16..19), each writing its own chunk of the
     * output array; the barrier is called between instructions */
    static const char src2[] = "!!NVtcp5.0\nVERTICES_OUT 20;\nTEMP t;\n"
                               "I2F t.x, primitive.invocation.x;\nMUL result.attrib[0], t.x, 2;\n"
                               "MOV result.patch.tessouter[0], t.x;\n"
                               "MOV result.attrib[1], vertex.out[3].attrib[0];\nEND";
    p = compile(TC, src2, &err);
    CHECK(p, "TCP 20 rejected: %s", err.msg);
    if (!p)
        return;
    fill_params(p, params, 64);
    int rows = gp_tcp_output_rows(20);
    CHECK(rows == 2 * GP_TCP_ROWS, "rows %d", rows);
    gp_vec *big = calloc((size_t)rows, sizeof(gp_vec));
    memset(patch_out, 0, sizeof patch_out);
    m = gp_machine_create();
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.outputs = big;
    env.patch_out = patch_out;
    env.barrier = on_barrier;
    barriers = 0;
    for (int first = 0; first < 20; first += GP_LANES) {
        env.tcp_first_invocation = first;
        env.live_mask = first ? 0xf : 0xffff;
        gp_exec(p, &env);
        CHECK(env.status == GP_EXEC_OK, "status %d", env.status);
    }
    for (int v = 0; v < 20; v++) {
        float got = big[gp_tcp_vertex_row(v, GP_VARY_ATTR0)].c[0][v % GP_LANES].f;
        CHECK(got == 2.0f * v, "vertex %d attrib[0] %g, want %d", v, got, 2 * v);
        /* vertex.out[3]: written by the first call (before the read in
         * its lanes; before the second call altogether) */
        got = big[gp_tcp_vertex_row(v, GP_VARY_ATTR0 + 1)].c[0][v % GP_LANES].f;
        CHECK(got == 6.0f, "vertex %d read vertex.out[3].attrib[0] = %g, want 6", v, got);
    }
    /* each call publishes before its 2nd, 3rd, 4th and 5th (END) instructions */
    CHECK(barriers == 8, "%d barrier calls, want 8 (4 per call)", barriers);
    /* a call past the output patch writes nothing */
    gp_vec *before = malloc((size_t)rows * sizeof(gp_vec));
    memcpy(before, big, (size_t)rows * sizeof(gp_vec));
    env.tcp_first_invocation = 32;
    env.live_mask = 0xffff;
    gp_exec(p, &env);
    CHECK(memcmp(before, big, (size_t)rows * sizeof(gp_vec)) == 0, "a call at invocation 32 wrote outputs");
    free(before);
    CHECK(patch_out[GP_PATCH_TESSOUTER][0].f == 19.0f, "tessouter[0] %g, want 19 (the last call's highest lane)",
          patch_out[GP_PATCH_TESSOUTER][0].f);
    free(big);
    gp_machine_free(m);
    gp_program_free(p);
}

/* ---- lock-step across chunks: the calls of a 20-invocation patch as two
 * fibers switching at the barrier (as the drawing stage would run them,
 * and compute work groups run: rasterizer/rast_compute.c) ---- */

enum { NFIB = 2, FIB_STACK = 256 * 1024 };
static ucontext_t fib_sched, fib_ctx[NFIB];
static bool fib_done[NFIB];
static int fib_cur;
static const gp_program *fib_prog;
static gp_exec_env fib_env[NFIB];

static void fib_barrier(void *user)
{
    int k = (int)(intptr_t)user;
    swapcontext(&fib_ctx[k], &fib_sched);
}

static void fib_main(void)
{
    int k = fib_cur;
    gp_exec(fib_prog, &fib_env[k]);
    fib_done[k] = true;
    /* returns to uc_link: the scheduler */
}

static void test_tcp_fibers(void)
{
    static const char src[] = "!!NVtcp5.0\nVERTICES_OUT 20;\nTEMP t;\nINT TEMP i;\n"
                              "ATTRIB ov = vertex.out.attrib[0];\n"
                              "I2F t.x, primitive.invocation.x;\n"
                              "MOV result.attrib[0], t.x;\n"
                              "MOV result.patch.tessouter[0], t.x;\n"
                              "SUB.S i.y, 19, primitive.invocation.x;\n"
                              "MOV result.attrib[1], ov[i.y];\n"
                              "MOV result.attrib[2], primitive.out.tessouter[0];\nEND";
    gp_error err;
    gp_program *p = compile(TC, src, &err);
    CHECK(p, "TCP fibers rejected: %s", err.msg);
    if (!p)
        return;
    static gp_val params[16][4];
    fill_params(p, params, 16);
    int rows = gp_tcp_output_rows(20);
    gp_vec *out = calloc((size_t)rows, sizeof(gp_vec));
    static gp_val patch_out[GP_PATCH_ROWS][4];
    memset(patch_out, 0, sizeof patch_out);
    char *stacks = malloc((size_t)NFIB * FIB_STACK);
    gp_machine *m[NFIB];
    fib_prog = p;
    for (int k = 0; k < NFIB; k++) {
        m[k] = gp_machine_create();
        memset(&fib_env[k], 0, sizeof fib_env[k]);
        fib_env[k].machine = m[k];
        fib_env[k].params = (const gp_val(*)[4])params;
        fib_env[k].outputs = out;
        fib_env[k].patch_out = patch_out;
        fib_env[k].tcp_first_invocation = k * GP_LANES;
        fib_env[k].live_mask = k ? 0xf : 0xffff;
        fib_env[k].barrier = fib_barrier;
        fib_env[k].barrier_user = (void *)(intptr_t)k;
        fib_done[k] = false;
        getcontext(&fib_ctx[k]);
        fib_ctx[k].uc_stack.ss_sp = stacks + (size_t)k * FIB_STACK;
        fib_ctx[k].uc_stack.ss_size = FIB_STACK;
        fib_ctx[k].uc_link = &fib_sched;
        makecontext(&fib_ctx[k], fib_main, 0);
    }
    /* round robin: each fiber runs up to its next barrier (one instruction) */
    for (int round = 0; round < 100; round++) {
        bool any = false;
        for (int k = 0; k < NFIB; k++) {
            if (fib_done[k])
                continue;
            any = true;
            fib_cur = k;
            swapcontext(&fib_sched, &fib_ctx[k]);
        }
        if (!any)
            break;
    }
    for (int k = 0; k < NFIB; k++)
        CHECK(fib_done[k] && fib_env[k].status == GP_EXEC_OK, "fiber %d done %d status %d", k, fib_done[k],
              fib_env[k].status);
    for (int v = 0; v < 20; v++) {
        float own = out[gp_tcp_vertex_row(v, GP_VARY_ATTR0)].c[0][v % GP_LANES].f;
        float other = out[gp_tcp_vertex_row(v, GP_VARY_ATTR0 + 1)].c[0][v % GP_LANES].f;
        float level = out[gp_tcp_vertex_row(v, GP_VARY_ATTR0 + 2)].c[0][v % GP_LANES].f;
        CHECK(own == (float)v, "vertex %d attrib[0] %g", v, own);
        /* vertex.out[19 - v], written one instruction earlier in the other
         * chunk too */
        CHECK(other == (float)(19 - v), "vertex %d read vertex.out[%d] = %g, want %d (lock-step)", v, 19 - v, other,
              19 - v);
        /* the per-patch write of the instruction before: invocation 19's */
        CHECK(level == 19.0f, "vertex %d read primitive.out.tessouter[0] = %g, want 19", v, level);
    }
    CHECK(patch_out[GP_PATCH_TESSOUTER][0].f == 19.0f, "tessouter[0] %g", patch_out[GP_PATCH_TESSOUTER][0].f);
    for (int k = 0; k < NFIB; k++)
        gp_machine_free(m[k]);
    free(stacks);
    free(out);
    gp_program_free(p);
}

static void test_tep(void)
{
    static const char src[] =
        "!!NVtep5.0\nTESS_MODE TRIANGLES;\nTEMP t;\n"
        "MUL t, vertex.tesscoord.x, vertex[0].position;\n"
        "MAD t, vertex.tesscoord.y, vertex[1].position, t;\n"
        "MAD result.position, vertex.tesscoord.z, vertex[2].position, t;\n"
        "ADD result.attrib[0], primitive.tessouter[1], primitive.tessinner[0];\n"
        "MOV result.attrib[1], primitive.patch.attrib[3];\n"
        "I2F result.attrib[2].x, primitive.id;\nI2F result.attrib[2].y, primitive.vertexcount;\n"
        "MOV result.attrib[3], vertex[5].position;\nEND";
    gp_error err;
    gp_program *p = compile(TE, src, &err);
    CHECK(p, "TEP rejected: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    static gp_val patch_in[3 * GP_VARY_COUNT][4], attr[GP_PATCH_ROWS][4];
    memset(patch_in, 0, sizeof patch_in);
    memset(attr, 0, sizeof attr);
    static const float corner[3][4] = { { 1, 0, 0, 1 }, { 0, 2, 0, 1 }, { 0, 0, 4, 1 } };
    for (int v = 0; v < 3; v++)
        for (int c = 0; c < 4; c++)
            patch_in[v * GP_VARY_COUNT + GP_VARY_POS][c].f = corner[v][c];
    attr[GP_PATCH_TESSOUTER][1].f = 3.0f;
    attr[GP_PATCH_TESSINNER][0].f = 0.5f;
    for (int c = 0; c < 4; c++)
        attr[GP_PATCH_ATTR0 + 3][c].f = (float)(c - 2);
    static gp_vec in[GP_TIN_COUNT], out[GP_VARY_COUNT];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    /* tesscoords (u, v, w) = (1,0,0), (0,1,0), (0,0,1), (1/4,1/4,1/2) */
    static const float uvw[4][3] = { { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 }, { 0.25f, 0.25f, 0.5f } };
    for (int l = 0; l < 4; l++)
        for (int c = 0; c < 3; c++)
            in[GP_TIN_TESSCOORD].c[c][l].f = uvw[l][c];
    static gp_val params[16][4];
    fill_params(p, params, 16);
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.inputs = in;
    env.outputs = out;
    env.live_mask = 0xf;
    env.patch_in = (const gp_val(*)[4])patch_in;
    env.patch_in_vertices = 3;
    env.patch_attr_in = (const gp_val(*)[4])attr;
    env.primitive_id = 5;
    gp_exec(p, &env);
    CHECK(env.status == GP_EXEC_OK, "status %d", env.status);
    /* position = u*(1,0,0,1) + v*(0,2,0,1) + w*(0,0,4,1) */
    static const float want[4][4] = { { 1, 0, 0, 1 }, { 0, 2, 0, 1 }, { 0, 0, 4, 1 }, { 0.25f, 0.5f, 2, 1 } };
    for (int l = 0; l < 4; l++) {
        for (int c = 0; c < 4; c++) {
            CHECK(out[GP_VARY_POS].c[c][l].f == want[l][c], "lane %d position.%d %g, want %g", l, c,
                  out[GP_VARY_POS].c[c][l].f, want[l][c]);
            CHECK(out[GP_VARY_ATTR0 + 1].c[c][l].f == (float)(c - 2), "lane %d patch.attrib[3].%d %g", l, c,
                  out[GP_VARY_ATTR0 + 1].c[c][l].f);
            CHECK(out[GP_VARY_ATTR0 + 3].c[c][l].f == 0.0f, "lane %d vertex[5] (past the patch) %g, want 0", l,
                  out[GP_VARY_ATTR0 + 3].c[c][l].f);
        }
        CHECK(out[GP_VARY_ATTR0].c[0][l].f == 3.5f, "lane %d tessouter[1] + tessinner[0] = %g, want 3.5", l,
              out[GP_VARY_ATTR0].c[0][l].f);
        CHECK(out[GP_VARY_ATTR0 + 2].c[0][l].f == 5.0f && out[GP_VARY_ATTR0 + 2].c[1][l].f == 3.0f,
              "lane %d id %g vertexcount %g, want 5 and 3", l, out[GP_VARY_ATTR0 + 2].c[0][l].f,
              out[GP_VARY_ATTR0 + 2].c[1][l].f);
    }
    gp_machine_free(m);
    gp_program_free(p);
}

/* Arrays of tessellation levels indexed at run time: a level per element
 * (written by the invocation of that number, read back reversed) */
static void test_level_arrays(void)
{
    static const char tcp[] = "!!NVtcp5.0\nVERTICES_OUT 4;\nINT TEMP i;\nTEMP t;\n"
                              "OUTPUT lv[] = { result.patch.tessouter[0..3] };\n"
                              "OUTPUT li[] = { result.patch.tessinner[0..1] };\n"
                              "ATTRIB rd[] = { primitive.out.tessouter[0..3] };\n"
                              "MOV.S i.x, primitive.invocation.x;\nI2F t.x, i.x;\n"
                              "MUL lv[i.x], t.x, 2;\n"  /* outer[i] = 2i */
                              "AND.S i.y, i.x, 1;\nMOV li[i.y], t.x;\n" /* inner[i & 1]: the highest i */
                              "SUB.S i.z, 3, i.x;\nMOV result.attrib[0], rd[i.z];\nEND";
    gp_error err;
    gp_program *p = round_trip(TC, tcp, "OUTPUT|result.patch.tessouter[0..3]|result.patch.tessinner[0..1]|"
                                        "primitive.out.tessouter[0..3]");
    if (!p)
        return;
    static gp_val params[16][4];
    fill_params(p, params, 16);
    static gp_vec out[GP_TCP_ROWS];
    static gp_val patch_out[GP_PATCH_ROWS][4];
    memset(out, 0, sizeof out);
    memset(patch_out, 0, sizeof patch_out);
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.outputs = out;
    env.patch_out = patch_out;
    env.live_mask = 0xf;
    gp_exec(p, &env);
    for (int n = 0; n < 4; n++)
        CHECK(patch_out[GP_PATCH_TESSOUTER][n].f == 2.0f * n, "tessouter[%d] = %g, want %d", n,
              patch_out[GP_PATCH_TESSOUTER][n].f, 2 * n);
    CHECK(patch_out[GP_PATCH_TESSINNER][0].f == 2.0f && patch_out[GP_PATCH_TESSINNER][1].f == 3.0f,
          "tessinner (%g, %g), want (2, 3)", patch_out[GP_PATCH_TESSINNER][0].f, patch_out[GP_PATCH_TESSINNER][1].f);
    for (int l = 0; l < 4; l++)
        CHECK(out[GP_VARY_ATTR0].c[0][l].f == 2.0f * (3 - l), "lane %d read tessouter[%d] = %g, want %d", l, 3 - l,
              out[GP_VARY_ATTR0].c[0][l].f, 2 * (3 - l));
    gp_program_free(p);

    static const char tep[] = "!!NVtep5.0\nTESS_MODE QUADS;\nINT TEMP i;\n"
                              "ATTRIB lv[] = { primitive.tessouter[0..3] };\n"
                              "ATTRIB li[] = { primitive.tessinner[0..1] };\n"
                              "TRUNC.S i.x, vertex.tesscoord.x;\nMOV result.attrib[0], lv[i.x];\n"
                              "AND.S i.y, i.x, 1;\nMOV result.attrib[1], li[i.y].yzwx;\n"
                              "ADD.S i.z, i.x, 2;\nMOV result.attrib[2], li[i.z];\nEND";
    p = round_trip(TE, tep, "primitive.tessouter[0..3]|primitive.tessinner[0..1]");
    if (!p)
        return;
    fill_params(p, params, 16);
    static gp_vec in[GP_TIN_COUNT];
    memset(in, 0, sizeof in);
    memset(out, 0, sizeof out);
    for (int l = 0; l < 4; l++)
        in[GP_TIN_TESSCOORD].c[0][l].f = (float)l;
    static gp_val attr[GP_PATCH_ROWS][4];
    memset(attr, 0, sizeof attr);
    for (int n = 0; n < 4; n++)
        attr[GP_PATCH_TESSOUTER][n].f = 10.0f + n;
    attr[GP_PATCH_TESSINNER][0].f = 20.0f;
    attr[GP_PATCH_TESSINNER][1].f = 21.0f;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.inputs = in;
    env.outputs = out;
    env.patch_attr_in = (const gp_val(*)[4])attr;
    env.live_mask = 0xf;
    gp_exec(p, &env);
    for (int l = 0; l < 4; l++) {
        CHECK(out[GP_VARY_ATTR0].c[0][l].f == 10.0f + l, "lane %d tessouter[%d] = %g", l, l,
              out[GP_VARY_ATTR0].c[0][l].f);
        /* (x, -, -, -): every swizzle reads the level */
        CHECK(out[GP_VARY_ATTR0 + 1].c[0][l].f == 20.0f + (l & 1) && out[GP_VARY_ATTR0 + 1].c[3][l].f == 20.0f + (l & 1),
              "lane %d tessinner[%d] = %g %g", l, l & 1, out[GP_VARY_ATTR0 + 1].c[0][l].f,
              out[GP_VARY_ATTR0 + 1].c[3][l].f);
        CHECK(out[GP_VARY_ATTR0 + 2].c[0][l].f == 0.0f, "lane %d tessinner[%d] (out of range) = %g, want 0", l, l + 2,
              out[GP_VARY_ATTR0 + 2].c[0][l].f);
    }
    (void)err;
    gp_machine_free(m);
    gp_program_free(p);
}

/* NV_shader_thread_group in tessellation programs (BIND.G.THREAD): the
 * thread group is the call's lanes, thread id = lane */
static void test_thread(void)
{
    static const char src[] = "!!NVtep5.0\nOPTION NV_shader_thread_group;\nTESS_MODE QUADS;\n"
                              "MOV.U result.attrib[0], primitive.threadeqmask;\n"
                              "MOV.U result.attrib[1].x, primitive.threadid;\n"
                              "MOV.U result.attrib[1].y, primitive.threadltmask;\n"
                              "MOV.U result.attrib[1].z, primitive.threadgemask;\n"
                              "MOV.U result.attrib[1].w, primitive.warpid;\nEND";
    gp_error err;
    gp_program *p = compile(TE, src, &err);
    CHECK(p, "thread TEP rejected: %s", err.msg);
    if (!p)
        return;
    static gp_val params[16][4];
    fill_params(p, params, 16);
    static gp_vec in[GP_TIN_COUNT], out[GP_VARY_COUNT];
    memset(out, 0, sizeof out);
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.params = (const gp_val(*)[4])params;
    env.inputs = in;
    env.outputs = out;
    env.live_mask = 0xff;
    gp_exec(p, &env);
    for (int l = 0; l < 8; l++) {
        CHECK(out[GP_VARY_ATTR0].c[0][l].u == 1u << l, "lane %d threadeqmask 0x%x", l, out[GP_VARY_ATTR0].c[0][l].u);
        CHECK(out[GP_VARY_ATTR0 + 1].c[0][l].u == (uint32_t)l, "lane %d threadid %u", l,
              out[GP_VARY_ATTR0 + 1].c[0][l].u);
        CHECK(out[GP_VARY_ATTR0 + 1].c[1][l].u == (1u << l) - 1, "lane %d threadltmask 0x%x", l,
              out[GP_VARY_ATTR0 + 1].c[1][l].u);
        CHECK(out[GP_VARY_ATTR0 + 1].c[2][l].u == (0xffffu & ~((1u << l) - 1)), "lane %d threadgemask 0x%x", l,
              out[GP_VARY_ATTR0 + 1].c[2][l].u);
        CHECK(out[GP_VARY_ATTR0 + 1].c[3][l].u == 0, "lane %d warpid %u", l, out[GP_VARY_ATTR0 + 1].c[3][l].u);
    }
    gp_machine_free(m);
    gp_program_free(p);
    gp_program_free(round_trip(TE, src, "OPTION NV_shader_thread_group|primitive.threadeqmask|primitive.threadid|"
                                        "primitive.threadltmask|primitive.warpid"));
    /* without the option the words are no bindings */
    p = compile(TC, "!!NVtcp5.0\nVERTICES_OUT 2;\nMOV.U result.attrib[0], primitive.threadid;\nEND", &err);
    CHECK(!p && strstr(err.msg, "requires OPTION NV_shader_thread_group"), "threadid without the option: %s",
          p ? "loaded" : err.msg);
    gp_program_free(p);
}

int main(void)
{
    test_errors();
    test_load();
    test_tcp();
    test_tcp_fibers();
    test_tep();
    test_thread();
    test_level_arrays();
    printf("tess: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
