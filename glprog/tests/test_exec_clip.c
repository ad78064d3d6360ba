/*
 * test_exec_clip.c - glprog.exec_clip: the clip-distance variant of a
 * position-invariant vertex program (glprog.h gp_program_clip_variant,
 * ARB_vertex_program 2.14.4.5.1).  Variants are run by gp_exec on 16 lanes
 * with a parameter table filled the way gl/ fills it, and the clip
 * distances are compared with values worked out by hand:
 *
 *   modelview rows (2, 0, 0, 1), (0, 1, 0, -1), (0, 0, 0.5, 0), (0, 0, 0, 1);
 *   lane l: vertex.position = (l, -l, 2l, 1), so eye = (2l + 1, -l - 1, l, 1);
 *   result.clip[n].x = eye . plane n:
 *     plane 0 ( 1,   0,   0,  -0.5)   2l + 0.5
 *     plane 1 ( 0,   1,   0,   0  )   -l - 1
 *     plane 2 ( 0,   0,   1,   2  )   l + 2
 *     plane 3 ( 1,   1,   1,   1  )   2l + 1
 *     plane 4 ( 0,   0,   0,   1  )   1
 *     plane 5 (-1,   0,   0,   0  )   -2l - 1
 *     plane 6 ( 0.5, 0.5, 0.5, 0.5)   l + 0.5
 *     plane 7 ( 0,   0,  -2,   0  )   -2l
 *   (all exact in binary32).  result.clip[n] is component n%4 of output slot
 *   GP_VARY_CLIP0 + n/4.
 *
 * Also: the rest of the program runs as before (colour, position from the
 * MVP prologue), the variant prints as the program, programs that end with
 * RET from the top level or call to the full call depth still get their
 * distances, state rows the program binds are shared, the variant agrees
 * bit for bit with the same program written out as text, and programs that
 * cannot take a variant are refused.  Test executable, single thread.
 */
#include "test_exec_common.h"

#define S0 (-100.0f) /* output sentinel: "not written" */

static const float modelview[4][4] = { { 2, 0, 0, 1 }, { 0, 1, 0, -1 }, { 0, 0, 0.5f, 0 }, { 0, 0, 0, 1 } };
static const float mvp[4][4] = { { 1, 0, 0, 0 }, { 0, 2, 0, 0 }, { 0, 0, 1, 0.5f }, { 0, 0, 0, 1 } };
static const float planes[8][4] = { { 1, 0, 0, -0.5f }, { 0, 1, 0, 0 },      { 0, 0, 1, 2 },
                                    { 1, 1, 1, 1 },     { 0, 0, 0, 1 },      { -1, 0, 0, 0 },
                                    { 0.5f, 0.5f, 0.5f, 0.5f }, { 0, 0, -2, 0 } };
static const float env0[4] = { 0.25f, -3, 7, 0.5f };

/* The hand values of the table above. */
static float want_clip(int n, int l)
{
    float x = (float)l;
    switch (n) {
    case 0: return 2 * x + 0.5f;
    case 1: return -x - 1;
    case 2: return x + 2;
    case 3: return 2 * x + 1;
    case 4: return 1;
    case 5: return -2 * x - 1;
    case 6: return x + 0.5f;
    default: return 0 - 2 * x; /* +0 at lane 0, as the sum of products gives */
    }
}

static float clip_out(const tenv *e, int n, int l)
{
    return OUTF(e, GP_VARY_CLIP0 + n / 4, n % 4, l);
}

static gp_program *compile_vp(const char *src)
{
    return t_compile(src, GP_STAGE_VERTEX);
}

static gp_program *variant_of(const gp_program *p)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    gp_error err;
    gp_program *v = gp_program_clip_variant(p, &lim, &err);
    CHECK(v != NULL, "no variant: %s", err.msg);
    return v;
}

/* The parameter table by binding, as gl/ resolves it. */
static void bind(tenv *e, const gp_program *p)
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= 64, "too many params for the test table");
    for (int i = 0; i < info->num_params && i < 64; i++) {
        const gp_param_binding *b = &info->params[i];
        const float *v = NULL;
        if (b->kind == GP_PARAM_CONST) {
            for (int c = 0; c < 4; c++)
                e->params[i][c] = b->value[c];
            continue;
        }
        if (b->kind == GP_PARAM_ENV && b->index == 0)
            v = env0;
        else if (b->kind == GP_PARAM_STATE && b->state.kind == GP_STATE_CLIPPLANE && b->state.index < 8)
            v = planes[b->state.index];
        else if (b->kind == GP_PARAM_STATE && b->state.kind == GP_STATE_MATRIX_ROW &&
                 b->state.modifier == GP_MATMOD_NONE && b->state.index == 0 && b->state.row < 4 &&
                 (b->state.prop == GP_MATRIX_MODELVIEW || b->state.prop == GP_MATRIX_MVP))
            v = b->state.prop == GP_MATRIX_MVP ? mvp[b->state.row] : modelview[b->state.row];
        CHECK(v != NULL, "row %d: a binding the test does not resolve", i);
        te_param(e, i, v ? v[0] : 0, v ? v[1] : 0, v ? v[2] : 0, v ? v[3] : 0);
    }
}

/* Lane l: position (l, -l, 2l, 1), colour (l/16, 0.5, 0.25, 1). */
static tenv *run(const gp_program *p)
{
    tenv *e = te_new();
    bind(e, p);
    for (int l = 0; l < GP_LANES; l++) {
        float x = (float)l;
        const float pos[4] = { x, -x, 2 * x, 1 }, col[4] = { x / 16, 0.5f, 0.25f, 1 };
        for (int c = 0; c < 4; c++) {
            e->in[GP_VIN_POSITION].c[c][l].f = pos[c];
            e->in[GP_VIN_COLOR0].c[c][l].f = col[c];
        }
    }
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status %d", e->env.status);
    return e;
}

static void check_clip(const tenv *e, const char *name)
{
    for (int l = 0; l < GP_LANES; l++)
        for (int n = 0; n < 8; n++)
            CHECK(t_same(clip_out(e, n, l), want_clip(n, l)), "%s: lane %d result.clip[%d] = %g, want %g", name, l,
                  n, clip_out(e, n, l), want_clip(n, l));
}

/* result.color = vertex.color and result.position = MVP * position. */
static void check_color_pos(const tenv *e, const char *name)
{
    for (int l = 0; l < GP_LANES; l++) {
        float x = (float)l;
        const float col[4] = { x / 16, 0.5f, 0.25f, 1 }, pos[4] = { x, 0 - 2 * x, 2 * x + 0.5f, 1 };
        for (int c = 0; c < 4; c++) {
            CHECK(t_same(OUTF(e, GP_VARY_COL0, c, l), col[c]), "%s: lane %d colour[%d] = %g", name, l, c,
                  OUTF(e, GP_VARY_COL0, c, l));
            CHECK(t_same(OUTF(e, GP_VARY_POS, c, l), pos[c]), "%s: lane %d position[%d] = %g, want %g", name, l, c,
                  OUTF(e, GP_VARY_POS, c, l), pos[c]);
        }
    }
}

/* gp_program_print of the variant is the program's. */
static void check_print(const gp_program *p, const gp_program *v, const char *name)
{
    char *a = t_print_alloc(p), *b = t_print_alloc(v);
    CHECK(strcmp(a, b) == 0, "%s: the variant prints differently:\n%s---\n%s", name, a, b);
    free(a);
    free(b);
}

static void test_simple(void)
{
    gp_program *p = compile_vp("!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\nEND\n");
    if (!p)
        return;
    gp_program *v = variant_of(p);
    if (v) {
        const gp_program_info *pi = gp_program_get_info(p), *vi = gp_program_get_info(v);
        CHECK(vi->outputs_written == (pi->outputs_written | 1ull << GP_VARY_CLIP0 | 1ull << GP_VARY_CLIP1),
              "outputs_written %llx", (unsigned long long)vi->outputs_written);
        /* the counts stay the program's; 4 modelview and 8 plane rows follow the MVP rows */
        CHECK(vi->num_instructions == pi->num_instructions && vi->num_temporaries == pi->num_temporaries &&
                  vi->num_parameters == pi->num_parameters && vi->num_attribs == pi->num_attribs,
              "counts");
        CHECK(vi->num_params == pi->num_params + 12 && v->num_synth_params == p->num_synth_params + 12,
              "params %d -> %d", pi->num_params, vi->num_params);
        CHECK(v->num_insns == p->num_insns + 12 && v->num_epilogue == 12 && v->entry == 0 &&
                  v->num_prologue == p->num_prologue && v->insns[v->num_insns - 1].op == GP_OP_END,
              "layout %d %d %d", v->num_insns, v->num_epilogue, v->entry);
        CHECK(v->num_temps == p->num_temps + 1 && v->num_synth_temps == 1, "temps %d", v->num_temps);
        CHECK(v->max_exec_instructions == 0 && v->max_call_depth == 0, "an ARB program has no run-time limits");
        check_print(p, v, "simple");
        tenv *e = run(v);
        check_clip(e, "simple");
        check_color_pos(e, "simple");
        te_free(e);
        /* the program itself writes no clip distance */
        e = run(p);
        CHECK(clip_out(e, 0, 3) == S0 && clip_out(e, 7, 3) == S0, "the program is unchanged");
        te_free(e);
        gp_program_free(v);
    }
    gp_program_free(p);
}

/* Rows the program binds itself are shared: only the 7 other planes are added. */
static void test_shared_rows(void)
{
    gp_program *p = compile_vp("!!ARBvp1.0\nOPTION ARB_position_invariant;\n"
                               "PARAM mv[4] = { state.matrix.modelview };\nTEMP t;\n"
                               "DP4 t.x, mv[1], vertex.position;\nADD t.y, t.x, state.clip[0].plane.w;\n"
                               "MOV result.texcoord[0], t;\nMOV result.color, vertex.color;\nEND\n");
    if (!p)
        return;
    gp_program *v = variant_of(p);
    if (v) {
        CHECK(v->info.num_params == p->info.num_params + 7, "params %d -> %d", p->info.num_params, v->info.num_params);
        check_print(p, v, "shared rows");
        tenv *e = run(v);
        check_clip(e, "shared rows");
        check_color_pos(e, "shared rows");
        /* t.x = eye.y = -l - 1, t.y = t.x + plane 0 w = -l - 1.5 */
        for (int l = 0; l < GP_LANES; l++)
            CHECK(OUTF(e, GP_VARY_TEX0, 0, l) == -(float)l - 1 && OUTF(e, GP_VARY_TEX0, 1, l) == -(float)l - 1.5f,
                  "lane %d texcoord (%g, %g)", l, OUTF(e, GP_VARY_TEX0, 0, l), OUTF(e, GP_VARY_TEX0, 1, l));
        te_free(e);
        gp_program_free(v);
    }
    gp_program_free(p);
}

/* NV_vertex_program2 programs: a result.clip the program writes is
 * replaced; a RET on the empty call stack ends the program, and the clip
 * distances are written all the same; a program that calls to the full
 * depth keeps it (the variant's own CAL is not the program's). */
static void test_nv_option(void)
{
    static const struct {
        const char *name, *body;
        float tex; /* result.texcoord[0].x, S0 = not written */
    } progs[] = {
        { "writes clip", "MOV result.clip[0].x, program.env[0].y;\nMOV result.clip[5].x, program.env[0].z;\n"
                         "MOV result.color, vertex.color;\n", S0 },
        { "top-level RET", "MOV result.color, vertex.color;\nRET;\nMOV result.color, 0;\n", S0 },
        { "CAL and RET", "CAL f;\nMOV result.texcoord[0], 3;\nRET;\n"
                         "f: MOV result.color, vertex.color;\nRET;\n", 3 },
        { "main", "f: MOV result.color, vertex.color;\nRET;\n"
                  "main: CAL f;\nMOV result.texcoord[0], 4;\nRET;\nMOV result.color, 0;\n", 4 },
        /* 8 nested calls: the 8 entries of the default call depth */
        { "call depth", "CAL f1;\nMOV result.color, vertex.color;\nRET;\n"
                        "f1: CAL f2;\nRET;\nf2: CAL f3;\nRET;\nf3: CAL f4;\nRET;\nf4: CAL f5;\nRET;\n"
                        "f5: CAL f6;\nRET;\nf6: CAL f7;\nRET;\nf7: CAL f8;\nRET;\n"
                        "f8: MOV result.texcoord[0], 8;\nRET;\n", 8 },
        /* a branch to the END: the distances follow */
        { "BRA to END", "MOV result.color, vertex.color;\nBRA done;\nMOV result.color, 0;\ndone:\n", S0 },
    };
    for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
        char src[1024];
        snprintf(src, sizeof(src), "!!ARBvp1.0\nOPTION ARB_position_invariant;\nOPTION NV_vertex_program2;\n%sEND\n",
                 progs[i].body);
        gp_program *p = compile_vp(src);
        if (!p)
            continue;
        gp_program *v = variant_of(p);
        if (v) {
            bool has_ret = strstr(progs[i].body, "RET") != NULL;
            CHECK(has_ret ? v->entry == p->num_insns && v->insns[v->entry].op == GP_OP_CAL &&
                                v->num_epilogue == 15 && v->max_call_depth == p->max_call_depth + 1
                          : v->entry == 0 && v->num_epilogue == 12 && v->max_call_depth == p->max_call_depth,
                  "%s: layout entry %d epilogue %d", progs[i].name, v->entry, v->num_epilogue);
            CHECK(p->max_exec_instructions > 0 &&
                      v->max_exec_instructions == p->max_exec_instructions + v->num_epilogue,
                  "%s: executed limit", progs[i].name);
            check_print(p, v, progs[i].name);
            tenv *e = run(v);
            check_clip(e, progs[i].name);
            check_color_pos(e, progs[i].name);
            for (int l = 0; l < GP_LANES; l++)
                CHECK(OUTF(e, GP_VARY_TEX0, 0, l) == progs[i].tex, "%s: lane %d texcoord %g", progs[i].name, l,
                      OUTF(e, GP_VARY_TEX0, 0, l));
            te_free(e);
            gp_program_free(v);
        }
        gp_program_free(p);
    }
}

/* The variant runs bit for bit like the same program with the distances
 * written out as text (what gl/ compiled before the variant was made from
 * the IR): relative addressing, address registers, the ARB ops. */
static void test_as_text(void)
{
    static const char body[] =
        "PARAM k[3] = { {0.5, -1, 2, 3}, program.env[0], {1.5, 0.75, -0.125, 4} };\n"
        "ADDRESS a;\nTEMP t, u;\n"
        "ARL a.x, vertex.color.x;\n"
        "MAD t, vertex.position, k[a.x + 1], k[0];\n"
        "DP3 u.x, t, vertex.color;\nRSQ u.y, t.z;\nEXP u.z, t.w;\nLOG u.w, t.x;\n"
        "MUL result.texcoord[0], u, k[2];\nSWZ result.texcoord[1], t, -x, 0, y, 1;\n"
        "LIT result.color.secondary, t;\nMOV result.color, vertex.color;\n";
    static const char clip[] =
        "TEMP eye;\nPARAM mv[4] = { state.matrix.modelview.row[0..3] };\n"
        "DP4 eye.x, mv[0], vertex.position;\nDP4 eye.y, mv[1], vertex.position;\n"
        "DP4 eye.z, mv[2], vertex.position;\nDP4 eye.w, mv[3], vertex.position;\n"
        "DP4 result.clip[0].x, eye, state.clip[0].plane;\nDP4 result.clip[1].x, eye, state.clip[1].plane;\n"
        "DP4 result.clip[2].x, eye, state.clip[2].plane;\nDP4 result.clip[3].x, eye, state.clip[3].plane;\n"
        "DP4 result.clip[4].x, eye, state.clip[4].plane;\nDP4 result.clip[5].x, eye, state.clip[5].plane;\n"
        "DP4 result.clip[6].x, eye, state.clip[6].plane;\nDP4 result.clip[7].x, eye, state.clip[7].plane;\n";
    char src[2048], text[4096];
    snprintf(src, sizeof(src), "!!ARBvp1.0\nOPTION ARB_position_invariant;\n%sEND\n", body);
    snprintf(text, sizeof(text), "!!ARBvp1.0\nOPTION ARB_position_invariant;\nOPTION NV_vertex_program2;\n%s%sEND\n",
             body, clip);
    gp_program *p = compile_vp(src), *t = compile_vp(text);
    gp_program *v = p ? variant_of(p) : NULL;
    if (v && t) {
        tenv *a = run(v), *b = run(t);
        check_clip(a, "as text");
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    CHECK(a->out[s].c[c][l].u == b->out[s].c[c][l].u, "slot %d.%d lane %d: %08x, as text %08x", s, c,
                          l, a->out[s].c[c][l].u, b->out[s].c[c][l].u);
        te_free(a);
        te_free(b);
    }
    gp_program_free(v);
    gp_program_free(t);
    gp_program_free(p);
}

/* Programs that take no variant: NULL, and not for want of memory. */
static void test_refused(void)
{
    static const char *const srcs[] = {
        "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n",
        "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n",
        "!!NVvp4.0\nMOV result.position, vertex.position;\nEND\n",
    };
    for (size_t i = 0; i < sizeof(srcs) / sizeof(srcs[0]); i++) {
        gp_program *p = t_compile(srcs[i], strstr(srcs[i], "fp1") ? GP_STAGE_FRAGMENT : GP_STAGE_VERTEX);
        gp_error err;
        gp_program *v = p ? gp_program_clip_variant(p, NULL, &err) : NULL;
        CHECK(p && !v && !err.out_of_memory && err.msg[0], "program %zu: refused (%s)", i, p ? err.msg : "");
        gp_program_free(v);
        gp_program_free(p);
    }
    /* a program over the limits it is checked against (its own 3
     * instructions against 2) */
    gp_program *p = compile_vp("!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.color, vertex.color;\n"
                               "MOV result.texcoord[0], vertex.color;\nMOV result.texcoord[1], vertex.color;\nEND\n");
    if (p) {
        gp_limits lim;
        gp_limits_default(&lim, GP_STAGE_VERTEX);
        lim.max_instructions = 2;
        gp_error err;
        gp_program *v = gp_program_clip_variant(p, &lim, &err);
        CHECK(!v && !err.out_of_memory, "over the instruction limit");
        lim.max_instructions = 3;
        v = gp_program_clip_variant(p, &lim, &err);
        CHECK(v != NULL, "at the instruction limit: %s", err.msg);
        gp_program_free(v);
        gp_program_free(p);
    }
    CHECK(gp_program_clip_variant(NULL, NULL, NULL) == NULL, "NULL program");
}

int main(void)
{
    T_BOTH_PATHS {
        test_simple();
        test_shared_rows();
        test_nv_option();
        test_as_text();
    }
    test_refused();
    return t_report("glprog.exec_clip");
}
