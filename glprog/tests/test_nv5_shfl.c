/*
 * test_nv5_shfl.c - glprog.nv5_shfl: NV_shader_thread_shuffle's SHFDOWN
 * SHFIDX SHFUP SHFXOR in !!NV*5.0 programs (the spec's "Dependencies on
 * NV_gpu_program5", 2.X.8.Z).  The thread group is the 16 lanes of one
 * gp_exec call, thread id = lane number (gp_ir.h "SHFDOWN SHFIDX SHFUP
 * SHFXOR").  Every expected value below is worked out by hand from the
 * spec's rules: min = id & seg, max = min | (clamp & ~seg), mask bits 8..12
 * = seg, bits 0..4 = clamp; result x = in-range predicate, y = the source
 * lane's data (own data when out of range or the source is inactive).
 * Load errors carry the byte position of the offending token.
 *
 * Also NV_shader_thread_group's geometry program bindings primitive.threadid
 * / thread{eq,lt,le,gt,ge}mask / warpid / smid (BIND.G.THREAD), which the
 * executor fills per lane in fetch_geo_input.
 *
 * covers: OPT.NV_shader_thread_shuffle OP.SHFDOWN OP.SHFIDX OP.SHFUP OP.SHFXOR
 * covers: EDGE.SHFL_RANGE DT.BOOL BIND.G.THREAD
 */
#include "test_exec_common.h"

static gp_program *compile_st(const char *src, gp_stage st, gp_error *err)
{
    gp_limits lim;
    gp_limits_default(&lim, st);
    return gp_compile(src, strlen(src), st, &lim, err);
}

static void expect_error(const char *name, const char *src, const char *at, const char *word)
{
    gp_error err;
    gp_program *p = compile_st(src, GP_STAGE_VERTEX, &err);
    CHECK(p == NULL, "%s: compiled, want an error", name);
    if (p) {
        gp_program_free(p);
        return;
    }
    const char *want = strstr(src, at);
    CHECK(want != NULL, "%s: marker missing", name);
    if (!want)
        return;
    CHECK(err.pos == (int)(want - src), "%s: error at %d, want %d (%s)", name, err.pos, (int)(want - src), err.msg);
    CHECK(!word || strstr(err.msg, word), "%s: message '%s' lacks '%s'", name, err.msg, word);
}

/* data d(l) = 100 + 10 l (.S and .U), f(l) = 0.5 l (.F).
 * Masks: 31 = clamp 31 (cut to 15), seg 0: one segment of 16.
 *        7171 = 0x1c03: seg 0x1c (cut to 0xc), clamp 3: segments of 4.
 *        6151 = 0x1807: seg 0x18 (cut to 0x8), clamp 7: segments of 8.
 *        5: seg 0, clamp 5: min 0, max 5.
 * Outputs: tex0.xy/zw = case 1/2, tex1 = 3/4, tex2 = 5/6, tex3 = 7/9
 * (each pair: predicate, value), tex4.xy = case 8 (float). */
static const char prog[] =
    "!!NVvp5.0\n"
    "OPTION NV_shader_thread_shuffle;\n"
    "INT TEMP d, r, o;\nUINT TEMP u;\n"
    "TEMP f, g;\n"
    "MAD.S d.x, vertex.id.x, 10, 100;\n"
    "XOR.U u.x, vertex.id.x, 15;\n"
    "I2F f.x, vertex.id.x;\n"
    "MUL f.x, f.x, 0.5;\n"
    "SHFXOR.S r.xy, d.x, 1, 31;\n"        /* case 1 */
    "MOV.S o.xy, r;\n"
    "SHFUP.S r.xy, d.x, 1, 7171;\n"       /* case 2 */
    "MOV.S o.zw, r.xxxy;\n"
    "MOV.S result.texcoord[0], o;\n"
    "SHFDOWN.S r.xy, d.x, 2, 6151;\n"     /* case 3 */
    "MOV.S o.xy, r;\n"
    "SHFIDX.S r.xy, d.x, 2, 6151;\n"      /* case 4 */
    "MOV.S o.zw, r.xxxy;\n"
    "MOV.S result.texcoord[1], o;\n"
    "SHFIDX.NTC r.xy, d.x, 9, 5;\n"         /* case 5: default type F, bit pattern of d moves */
    "MOV.S o.xy, r;\n"
    "SHFXOR.S r.xy, d.x, 3, 5;\n"         /* case 6 */
    "MOV.S o.zw, r.xxxy;\n"
    "MOV.S result.texcoord[2], o;\n"
    "SHFIDX.S r.xy, d.x, u.x, 31;\n"      /* case 7: per-lane index 15 - l */
    "MOV.S o.xy, r;\n"
    "SHFUP.U.NTC r.xy, d.x, 4, 31;\n"     /* case 9 */
    "MOV.S o.zw, r.xxxy;\n"
    "MOV.S result.texcoord[3], o;\n"
    "SHFDOWN.F g.xy, f.x, 1, 31;\n"       /* case 8 */
    "MOV result.texcoord[4], g;\n"
    "MOV result.position, 0;\n"
    "END\n";

#define T -1
static const int32_t pred1[16] = { T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T };
static const int32_t val1[16] = { 110, 100, 130, 120, 150, 140, 170, 160, 190, 180, 210, 200, 230, 220, 250, 240 };
/* SHFUP 1 in segments of 4: lanes 0, 4, 8, 12 (src below min) keep their own */
static const int32_t pred2[16] = { 0, T, T, T, 0, T, T, T, 0, T, T, T, 0, T, T, T };
static const int32_t val2[16] = { 100, 100, 110, 120, 140, 140, 150, 160, 180, 180, 190, 200, 220, 220, 230, 240 };
/* SHFDOWN 2 in segments of 8: lanes 6 7 14 15 (src above max) keep their own */
static const int32_t pred3[16] = { T, T, T, T, T, T, 0, 0, T, T, T, T, T, T, 0, 0 };
static const int32_t val3[16] = { 120, 130, 140, 150, 160, 170, 160, 170, 200, 210, 220, 230, 240, 250, 240, 250 };
/* SHFIDX 2 in segments of 8: lane 2 of the segment (lane 2 or 10) */
static const int32_t pred4[16] = { T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T };
static const int32_t val4[16] = { 120, 120, 120, 120, 120, 120, 120, 120, 200, 200, 200, 200, 200, 200, 200, 200 };
/* SHFIDX 9, max 5: out of range everywhere (.F: FALSE = 0.0 = 0 bits) */
static const int32_t pred5[16] = { 0 };
static const int32_t val5[16] = { 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250 };
/* SHFXOR 3, max 5: sources 3 2 1 0 7 6 5 4 11 10 9 8 15 14 13 12, in range <= 5 */
static const int32_t pred6[16] = { T, T, T, T, 0, 0, T, T, 0, 0, 0, 0, 0, 0, 0, 0 };
static const int32_t val6[16] = { 130, 120, 110, 100, 140, 150, 150, 140, 180, 190, 200, 210, 220, 230, 240, 250 };
/* SHFIDX with index 15 - l: the reversed group */
static const int32_t pred7[16] = { T, T, T, T, T, T, T, T, T, T, T, T, T, T, T, T };
static const int32_t val7[16] = { 250, 240, 230, 220, 210, 200, 190, 180, 170, 160, 150, 140, 130, 120, 110, 100 };
/* SHFUP.U 4: lanes 0..3 out of range; TRUE = 0xffffffff (-1 as int) */
static const int32_t pred9[16] = { 0, 0, 0, 0, T, T, T, T, T, T, T, T, T, T, T, T };
static const int32_t val9[16] = { 100, 110, 120, 130, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210 };
/* SHFDOWN.F 1 of 0.5 l: lane 15 out of range (1.0 / 0.0) */
static const float pred8[16] = { 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0 };
static const float val8[16] = { 0.5f, 1.0f, 1.5f, 2.0f, 2.5f, 3.0f, 3.5f, 4.0f,
                                4.5f, 5.0f, 5.5f, 6.0f, 6.5f, 7.0f, 7.5f, 7.5f };
#undef T

static void check_pair(const tenv *e, int slot, int c, const int32_t *pred, const int32_t *val, int l,
                       int32_t want_val, const char *name)
{
    (void)val;
    CHECK(e->out[GP_VARY_TEX0 + slot].c[c][l].i == pred[l], "%s: lane %d predicate %d, want %d", name, l,
          e->out[GP_VARY_TEX0 + slot].c[c][l].i, pred[l]);
    CHECK(e->out[GP_VARY_TEX0 + slot].c[c + 1][l].i == want_val, "%s: lane %d value %d, want %d", name, l,
          e->out[GP_VARY_TEX0 + slot].c[c + 1][l].i, want_val);
}

/* live, helper: the live and helper masks.  A lane whose source lane does
 * not run (neither live nor helper) reads its own data, predicate
 * unchanged; a helper source is read like a live one. */
static void run(const gp_program *p, uint32_t live, uint32_t helper, const char *tag)
{
    tenv *e = te_new();
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].value[c];
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VIN_VERTEXID].c[0][l].i = l;
    e->env.live_mask = live;
    e->env.helper_mask = helper;
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", tag, e->env.status);
    /* lane 0 dead (live 0xfffe): the lanes reading lane 0 read their own
     * data: case 1 lane 1 (1^1), case 2 lane 1 (1-1), case 6 lane 3 (3^3),
     * case 7 lane 15 (index 0), case 9 lane 4 (4-4); none in cases 3 4 5 8. */
    const bool dead0 = !((live | helper) & 1); /* a helper lane 0 runs: it is read */
    for (int l = 0; l < GP_LANES; l++) {
        if (!(live >> l & 1))
            continue;
        const int32_t own = 100 + 10 * l;
        check_pair(e, 0, 0, pred1, val1, l, dead0 && l == 1 ? own : val1[l], "SHFXOR 1 /16");
        check_pair(e, 0, 2, pred2, val2, l, dead0 && l == 1 ? own : val2[l], "SHFUP 1 /4");
        check_pair(e, 1, 0, pred3, val3, l, val3[l], "SHFDOWN 2 /8");
        check_pair(e, 1, 2, pred4, val4, l, val4[l], "SHFIDX 2 /8");
        check_pair(e, 2, 0, pred5, val5, l, val5[l], "SHFIDX 9 max 5");
        check_pair(e, 2, 2, pred6, val6, l, dead0 && l == 3 ? own : val6[l], "SHFXOR 3 max 5");
        check_pair(e, 3, 0, pred7, val7, l, dead0 && l == 15 ? own : val7[l], "SHFIDX 15-l");
        check_pair(e, 3, 2, pred9, val9, l, dead0 && l == 4 ? own : val9[l], "SHFUP.U 4");
        CHECK(e->out[GP_VARY_TEX0 + 4].c[0][l].f == pred8[l], "%s SHFDOWN.F lane %d predicate %g, want %g", tag, l,
              e->out[GP_VARY_TEX0 + 4].c[0][l].f, pred8[l]);
        CHECK(e->out[GP_VARY_TEX0 + 4].c[1][l].f == val8[l], "%s SHFDOWN.F lane %d value %g, want %g", tag, l,
              e->out[GP_VARY_TEX0 + 4].c[1][l].f, val8[l]);
        CHECK(e->out[GP_VARY_TEX0 + 4].c[2][l].f == 0.0f && e->out[GP_VARY_TEX0 + 4].c[3][l].f == 0.0f,
              "%s SHFDOWN.F lane %d z w not 0", tag, l);
    }
    te_free(e);
}

static void test_exec(void)
{
    gp_error err;
    gp_program *p = compile_st(prog, GP_STAGE_VERTEX, &err);
    CHECK(p != NULL, "prog: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    T_BOTH_PATHS
    {
        run(p, 0xffffu, 0, "all live");
        run(p, 0xfffeu, 0, "lane 0 dead");
        run(p, 0xfffeu, 1, "lane 0 helper");
    }
    /* print / recompile: the option is printed, the text compiles back to
     * a program that prints the same and computes the same values */
    char *t1 = t_print_alloc(p);
    CHECK(t1 && strstr(t1, "OPTION NV_shader_thread_shuffle;"), "print lacks the option:\n%s", t1 ? t1 : "");
    CHECK(t1 && strstr(t1, "SHFXOR") && strstr(t1, "SHFUP") && strstr(t1, "SHFDOWN") && strstr(t1, "SHFIDX"),
          "print lacks an opcode:\n%s", t1 ? t1 : "");
    gp_program *q = t1 ? compile_st(t1, GP_STAGE_VERTEX, &err) : NULL;
    CHECK(q != NULL, "reprint: %d:%d %s\n%s", err.line, err.col, err.msg, t1 ? t1 : "");
    if (q) {
        char *t2 = t_print_alloc(q);
        CHECK(t2 && strcmp(t1, t2) == 0, "print not stable:\n%s\n---\n%s", t1, t2 ? t2 : "");
        free(t2);
        run(q, 0xffffu, 0, "reprinted");
        gp_program_free(q);
    }
    free(t1);
    gp_program_free(p);
}

static void test_errors(void)
{
    expect_error("SHFXOR without the option", "!!NVvp5.0\nINT TEMP r;\nSHFXOR.S r.xy, r.x, 1, 31;\nEND\n", "SHFXOR",
                 "OPTION NV_shader_thread_shuffle");
    expect_error("SHFIDX without the option (thread_group given)",
                 "!!NVvp5.0\nOPTION NV_shader_thread_group;\nTEMP r;\nSHFIDX r.xy, r.x, 1, 31;\nEND\n", "SHFIDX",
                 "OPTION NV_shader_thread_shuffle");
    expect_error("the option under !!NVvp4.0", "!!NVvp4.0\nOPTION NV_shader_thread_shuffle;\nEND\n",
                 "NV_shader_thread_shuffle", NULL);
    expect_error("SHFUP under !!NVvp4.0", "!!NVvp4.0\nTEMP r;\nSHFUP r.xy, r.x, 1, 31;\nEND\n", "SHFUP", NULL);
}

/* ---- BIND.G.THREAD: primitive.* thread bindings in a geometry program ---- */

static gp_vec g_out[2];
static int g_nemit;

static void on_emit(void *user, int what, const gp_vec *out, uint32_t mask)
{
    (void)user;
    (void)mask;
    if (what == GP_EMIT_VERTEX && g_nemit++ == 0) {
        g_out[0] = out[GP_VARY_TEX0];
        g_out[1] = out[GP_VARY_TEX0 + 1];
    }
}

/* lane l (thread id = lane, 16-lane group): tex0 = (threadid, ltmask,
 * gemask, warpid + smid), tex1 = (eqmask, lemask, gtmask, SHFXOR 1 of
 * 100 + l).  Hand values: lane 0 (0, 0, 0xffff, 0), (1, 1, 0xfffe, 101);
 * lane 3 (3, 7, 0xfff8, 0), (8, 0xf, 0xfff0, 102); lane 15 (15, 0x7fff,
 * 0x8000, 0), (0x8000, 0xffff, 0, 114). */
static const char geo_src[] =
    "!!NVgp5.0\n"
    "OPTION NV_shader_thread_group;\n"
    "OPTION NV_shader_thread_shuffle;\n"
    "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
    "ATTRIB tid = primitive.threadid;\n"
    "UINT TEMP a, b, r;\n"
    "MOV.U a.x, tid;\n"
    "MOV.U a.y, primitive.threadltmask;\n"
    "MOV.U a.z, primitive.threadgemask.x;\n"
    "ADD.U a.w, primitive.warpid, primitive.smid;\n"
    "MOV.U b.x, primitive.threadeqmask;\n"
    "MOV.U b.y, primitive.threadlemask;\n"
    "MOV.U b.z, primitive.threadgtmask;\n"
    "ADD.U r.x, tid, 100;\n"
    "SHFXOR.U r.xy, r.x, 1, 31;\n"
    "MOV.U b.w, r.y;\n"
    "MOV.U result.texcoord[0], a;\n"
    "MOV.U result.texcoord[1], b;\n"
    "EMIT;\n"
    "END\n";

static void run_geo(const gp_program *p, const char *tag)
{
    static gp_vec in[GP_VARY_COUNT], out[GP_VARY_COUNT];
    static gp_val params[64][4];
    memset(in, 0, sizeof in);
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.inputs = in;
    env.outputs = out;
    env.live_mask = 0xffffu;
    env.emit = on_emit;
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        memcpy(params[i], info->params[i].value, sizeof params[i]);
    env.params = (const gp_val(*)[4])params;
    g_nemit = 0;
    memset(g_out, 0xee, sizeof g_out);
    gp_exec(p, &env);
    CHECK(env.status == GP_EXEC_OK, "%s: status %d", tag, env.status);
    CHECK(g_nemit == 1, "%s: %d emits", tag, g_nemit);
    static const uint32_t want0[3][4] = { { 0, 0, 0xffff, 0 }, { 3, 7, 0xfff8, 0 }, { 15, 0x7fff, 0x8000, 0 } };
    static const uint32_t want1[3][4] = { { 1, 1, 0xfffe, 101 }, { 8, 0xf, 0xfff0, 102 }, { 0x8000, 0xffff, 0, 114 } };
    static const int lanes[3] = { 0, 3, 15 };
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 4; c++) {
            int l = lanes[i];
            CHECK(g_out[0].c[c][l].u == want0[i][c], "%s: lane %d tex0.%c = 0x%x, want 0x%x", tag, l, "xyzw"[c],
                  g_out[0].c[c][l].u, want0[i][c]);
            CHECK(g_out[1].c[c][l].u == want1[i][c], "%s: lane %d tex1.%c = 0x%x, want 0x%x", tag, l, "xyzw"[c],
                  g_out[1].c[c][l].u, want1[i][c]);
        }
    /* every lane: the spec's relations (threadid = l) */
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t lt = (1u << l) - 1;
        CHECK(g_out[0].c[0][l].u == (uint32_t)l && g_out[0].c[1][l].u == lt && g_out[0].c[2][l].u == (0xffffu & ~lt) &&
                  g_out[1].c[0][l].u == 1u << l && g_out[1].c[3][l].u == 100u + (uint32_t)(l ^ 1),
              "%s: lane %d relations", tag, l);
    }
    gp_machine_free(m);
}

static void test_geometry(void)
{
    gp_error err;
    gp_program *p = compile_st(geo_src, GP_STAGE_GEOMETRY, &err);
    CHECK(p != NULL, "geo: %d:%d %s", err.line, err.col, err.msg);
    if (!p)
        return;
    run_geo(p, "geometry");
    char *t1 = t_print_alloc(p);
    CHECK(t1 && strstr(t1, "primitive.threadltmask"), "geo print lacks primitive.threadltmask:\n%s", t1 ? t1 : "");
    gp_program *q = t1 ? compile_st(t1, GP_STAGE_GEOMETRY, &err) : NULL;
    CHECK(q != NULL, "geo reprint: %d:%d %s\n%s", err.line, err.col, err.msg, t1 ? t1 : "");
    if (q) {
        char *t2 = t_print_alloc(q);
        CHECK(t2 && strcmp(t1, t2) == 0, "geo print not stable:\n%s\n---\n%s", t1, t2 ? t2 : "");
        free(t2);
        run_geo(q, "geometry reprinted");
        gp_program_free(q);
    }
    free(t1);
    gp_program_free(p);
    /* without the option: the error at the item */
    static const char noopt[] = "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
                                "UINT TEMP a;\nMOV.U a.x, primitive.threadid;\nEND\n";
    p = compile_st(noopt, GP_STAGE_GEOMETRY, &err);
    CHECK(p == NULL, "primitive.threadid without the option compiled");
    if (p)
        gp_program_free(p);
    else
        CHECK(err.pos == (int)(strstr(noopt, "threadid") - noopt), "no option: error at %d (%s)", err.pos, err.msg);
    /* helperthread is a fragment binding only */
    static const char helper[] = "!!NVgp5.0\nOPTION NV_shader_thread_group;\nPRIMITIVE_IN POINTS;\n"
                                 "PRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
                                 "INT TEMP a;\nMOV.S a.x, primitive.helperthread;\nEND\n";
    p = compile_st(helper, GP_STAGE_GEOMETRY, &err);
    CHECK(p == NULL, "primitive.helperthread compiled in a geometry program");
    if (p)
        gp_program_free(p);
}

int main(void)
{
    test_exec();
    test_errors();
    test_geometry();
    return t_report("nv5_shfl");
}
