/*
 * test_nv5_geofrag.c - glprog.nv5_geofrag: the NV_gpu_program5 geometry and
 * fragment-output front end.
 *   1. Load failures, each at the offending token (its offset found in the
 *      text by the token named in the case) with a message naming the rule:
 *      INVOCATIONS range 1..MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV (32), once,
 *      among the declarations, geometry programs and 5.0 headers only;
 *      PRIMITIVE_IN PATCHES under 5.0 only; EMITS only with PRIMITIVE_OUT
 *      POINTS (2.14.6.2) and only in 5.0 geometry programs;
 *      primitive.invocation / primitive.vertexcount / fragment.pointcoord
 *      only in 5.0 programs of their type; result.color[n].primary /
 *      .secondary only with OPTION ARB_blend_func_extended, and that option
 *      and NV_early_fragment_tests only in NV5 fragment programs.
 *   2. What loads: INVOCATIONS 32 (info.gs_invocations, 1 by default);
 *      EDGE.GP_INVOC_LIMIT: VERTICES_OUT x result components may reach
 *      MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS with 32 invocations (the limit
 *      is per invocation), one more vertex fails; PATCHES gives 32 input
 *      vertex rows (vertex[31] ok, vertex[32] out of range); the options
 *      reach info.options; result.color[1].secondary writes
 *      GP_FOUT_SECONDARY0 + 1 and .primary GP_FOUT_COLOR0 + 1.
 *   3. Execution: EMITS hands env->emit only the lanes whose stream is 0
 *      (other streams, and out-of-range ones, are dropped: EDGE.EMITS_STREAM);
 *      primitive.invocation / vertexcount read GP_VARY_PRIMINFO x / y.
 * Test executable, single thread.
 *
 * covers: DECL.INVOCATIONS DECL.PRIMITIVE_IN BIND.G.INVOCATION BIND.G.VERTEXCOUNT OP.EMITS
 * covers: EDGE.EMITS_STREAM EDGE.GP_INVOC_LIMIT LIM.GP5.INVOC OPT.ARB_blend_func_extended
 * covers: BIND.R.COLOR_DUAL BIND.F.POINTCOORD OPT.NV_early_fragment_tests
 */
#include "gp_test_util.h"

enum { V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT, G = GP_STAGE_GEOMETRY };

#define GP4 "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
#define GP5 "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"

/* A failing program: at is the offending token's text, found after the
 * first occurrence of after (NULL: from the start); msg a substring. */
static const struct ecase {
    int stage;
    const char *src;
    const char *after, *at;
    const char *msg;
} cases[] = {
    { G, GP5 "INVOCATIONS 0;\nEND", "INVOCATIONS", "0", "INVOCATIONS 0 out of range (1..32)" },
    { G, GP5 "INVOCATIONS 33;\nEND", NULL, "33", "INVOCATIONS 33 out of range (1..32)" },
    { G, GP5 "INVOCATIONS 2;\nINVOCATIONS 2;\nEND", "2;", "INVOCATIONS", "more than one INVOCATIONS" },
    { G, GP4 "INVOCATIONS 2;\nEND", NULL, "INVOCATIONS", "require an NV_gpu_program5 header" },
    { G, GP5 "MOV result.position, 0;\nINVOCATIONS 2;\nEND", NULL, "INVOCATIONS", "must come before all other statements" },
    { V, "!!NVvp5.0\nINVOCATIONS 2;\nEND", NULL, "INVOCATIONS", "only available in geometry programs" },
    { G, "!!NVgp4.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nEND", NULL, "PATCHES",
      "PRIMITIVE_IN PATCHES requires an NV_gpu_program5 header" },
    { G, "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nEMITS 0;\nEND", NULL,
      "EMITS", "EMITS requires PRIMITIVE_OUT POINTS" },
    { G, GP4 "EMITS 0;\nEND", NULL, "EMITS", "requires an NV_gpu_program5 header (!!NVgp5.0)" },
    { F, "!!NVfp5.0\nEMITS 0;\nEND", NULL, "EMITS", "only available in geometry programs" },
    { G, GP4 "TEMP t;\nMOV t, primitive.invocation;\nEND", "primitive.", "invocation", "not a valid binding" },
    { G, GP4 "TEMP t;\nMOV t, primitive.vertexcount;\nEND", "primitive.", "vertexcount", "not a valid binding" },
    { F, "!!NVfp5.0\nMOV result.color, primitive.vertexcount;\nEND", "primitive.", "vertexcount", "not a valid binding" },
    { F, "!!NVfp4.0\nMOV result.color, fragment.pointcoord;\nEND", "fragment.", "pointcoord", "not a valid binding" },
    { F, "!!NVfp5.0\nMOV result.color.secondary, 1;\nEND", "color.", "secondary",
      "result.color[n].secondary requires OPTION ARB_blend_func_extended" },
    { F, "!!NVfp5.0\nMOV result.color.primary, 1;\nEND", "color.", "primary",
      "result.color[n].primary requires OPTION ARB_blend_func_extended" },
    { F, "!!NVfp4.0\nOPTION ARB_blend_func_extended;\nEND", NULL, "ARB_blend_func_extended",
      "option ARB_blend_func_extended requires an NV_gpu_program5 header" },
    { F, "!!ARBfp1.0\nOPTION NV_early_fragment_tests;\nEND", NULL, "NV_early_fragment_tests",
      "option NV_early_fragment_tests requires an NV_gpu_program5 header" },
    { V, "!!NVvp5.0\nOPTION NV_early_fragment_tests;\nEND", NULL, "NV_early_fragment_tests",
      "not available in vertex programs" },
    { G, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nMOV result.position, "
         "vertex[32].position;\nEND", "vertex[", "32", "out of range" },
    /* the tessellation bindings: PATCHES input only, n < 4 / 2 */
    { G, GP5 "MOV result.position, primitive.tessouter[0];\nEND", "primitive.", "tessouter",
      "primitive.tessouter requires PRIMITIVE_IN PATCHES" },
    { G, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nMOV result.position, "
         "primitive.tessouter[4];\nEND", "tessouter[", "4", "outer tessellation level 4 out of range" },
    { G, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nMOV result.position, "
         "primitive.tessinner[2];\nEND", "tessinner[", "2", "inner tessellation level 2 out of range" },
    { G, GP4 "MOV result.position, primitive.tessinner[0];\nEND", "primitive.", "tessinner", "not a valid binding" },
};

static gp_program *compile(int stage, const char *src, gp_error *err)
{
    return gp_compile(src, strlen(src), (gp_stage)stage, NULL, err);
}

/* ---- execution of EMITS ---- */

static uint32_t emitted[8];
static int nemit;

static void on_emit(void *user, int what, const gp_vec *out, uint32_t mask)
{
    (void)user;
    (void)out;
    if (what == GP_EMIT_VERTEX && nemit < 8)
        emitted[nemit++] = mask;
}

static void test_exec(void)
{
    /* stream = primitive.id; then a second EMITS to stream 0 of the lanes
     * whose primitive.invocation + vertexcount == 7 */
    static const char src[] = GP5 "INT TEMP s;\nMOV.S s.x, primitive.id.x;\nEMITS s.x;\n"
                                  "ADD.S s.x, primitive.invocation.x, primitive.vertexcount.x;\n"
                                  "SEQ.S s.x, s.x, 7;\nADD.S s.x, s.x, 1;\nEMITS s.x;\nEND";
    gp_error err;
    gp_program *p = compile(G, src, &err);
    CHECK(p, "exec program rejected: %s", err.msg);
    if (!p)
        return;
    static gp_vec in[GP_VARY_COUNT], out[GP_VARY_COUNT];
    memset(in, 0, sizeof in);
    /* lanes 0..5: streams 0, 1, 0, -1, 4, 0 */
    static const int stream[6] = { 0, 1, 0, -1, 4, 0 };
    for (int l = 0; l < 6; l++) {
        in[GP_VARY_PRIMID].c[0][l].i = stream[l];
        in[GP_VARY_PRIMINFO].c[0][l].i = l;     /* invocation */
        in[GP_VARY_PRIMINFO].c[1][l].i = 7 - 2 * (l & 1); /* vertexcount 7, 5, 7, ... */
    }
    /* s = invocation + vertexcount: lanes 0 (0+7 = 7, SEQ -> -1, +1 -> 0) only */
    gp_machine *m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    env.inputs = in;
    env.outputs = out;
    env.live_mask = 0x3f;
    env.emit = on_emit;
    const gp_program_info *info = gp_program_get_info(p);
    static gp_val params[64][4];
    CHECK(info->num_params <= 64, "params %d", info->num_params);
    env.params = (const gp_val(*)[4])params;
    for (int i = 0; i < info->num_params && i < 64; i++)
        memcpy(params[i], info->params[i].value, sizeof params[i]);
    nemit = 0;
    gp_exec(p, &env);
    CHECK(env.status == GP_EXEC_OK, "status %d", env.status);
    CHECK(nemit == 2, "%d emit calls, want 2", nemit);
    CHECK(emitted[0] == 0x25, "first EMITS lanes 0x%x, want 0x25 (streams 0 of lanes 0, 2, 5)", emitted[0]);
    CHECK(nemit < 2 || emitted[1] == 0x01, "second EMITS lanes 0x%x, want 0x01", emitted[1]);
    gp_machine_free(m);
    gp_program_free(p);
}

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        const char *from = c->after ? strstr(c->src, c->after) : c->src;
        const char *at = from ? strstr(from + (c->after ? strlen(c->after) : 0), c->at) : NULL;
        if (c->after && from && !at)
            at = strstr(from, c->at);
        CHECK(at, "case %zu: bad case", i);
        int want = at ? (int)(at - c->src) : -1;
        gp_error err;
        gp_program *p = compile(c->stage, c->src, &err);
        CHECK(!p, "case %zu accepted:\n%s", i, c->src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        CHECK(err.pos == want, "case %zu: position %d, want %d: %s", i, err.pos, want, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
    }

    gp_error err;
    /* INVOCATIONS 32 and the default */
    gp_program *p = compile(G, GP5 "INVOCATIONS 32;\nMOV result.position, primitive.invocation;\nEMIT;\nEND", &err);
    CHECK(p && gp_program_get_info(p)->gs_invocations == 32, "INVOCATIONS 32: %s", p ? "wrong count" : err.msg);
    gp_program_free(p);
    p = compile(G, GP5 "EMIT;\nEND", &err);
    CHECK(p && gp_program_get_info(p)->gs_invocations == 1, "default invocations: %s", p ? "not 1" : err.msg);
    gp_program_free(p);

    /* EDGE.GP_INVOC_LIMIT: the total-components limit is per invocation */
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_GEOMETRY);
    int nv = lim.max_total_output_components / 4;
    if (nv > lim.max_output_vertices)
        nv = lim.max_output_vertices;
    char src[512];
    snprintf(src, sizeof src,
             "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT %d;\nINVOCATIONS 32;\n"
             "MOV result.position, 0;\nEMIT;\nEND", nv);
    p = compile(G, src, &err);
    CHECK(p, "VERTICES_OUT %d x 4 components with 32 invocations rejected: %s", nv, err.msg);
    gp_program_free(p);
    if (nv * 4 == lim.max_total_output_components && nv + 1 <= lim.max_output_vertices) {
        snprintf(src, sizeof src,
                 "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT %d;\nINVOCATIONS 32;\n"
                 "MOV result.position, 0;\nEMIT;\nEND", nv + 1);
        p = compile(G, src, &err);
        CHECK(!p && strstr(err.msg, "exceeds the limit"), "VERTICES_OUT %d x 4 accepted", nv + 1);
        gp_program_free(p);
    }

    /* PATCHES: 32 vertex rows */
    p = compile(G, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
                   "MOV result.position, vertex[31].position;\nEMIT;\nEND", &err);
    CHECK(p, "PATCHES rejected: %s", err.msg);
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->gs_primitive_in == GP_PRIM_PATCHES && info->gs_vertices_in == GP_MAX_PATCH_VERTICES,
              "PATCHES info %d %d", info->gs_primitive_in, info->gs_vertices_in);
    }
    gp_program_free(p);

    /* PATCHES: tessouter / tessinner / patch.attrib load (they read 0: the
     * rasterizer's GP_VARY_PRIMINFO.z) */
    p = compile(G, "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
                   "ATTRIB lv = primitive.tessouter[3];\nTEMP t;\nADD t, lv, primitive.tessinner[1];\n"
                   "ADD t, t, primitive.patch.attrib[31];\nMOV result.position, t;\nEMIT;\nEND", &err);
    CHECK(p, "PATCHES tessellation bindings rejected: %s", err.msg);
    if (p)
        CHECK(gp_program_get_info(p)->inputs_read & (1ull << GP_VARY_PRIMINFO), "PRIMINFO not read");
    gp_program_free(p);

    /* fragment options and outputs */
    p = compile(F, "!!NVfp5.0\nOPTION ARB_blend_func_extended;\nOPTION ARB_draw_buffers;\n"
                   "OPTION NV_early_fragment_tests;\nMOV result.color[1].secondary, 1;\n"
                   "MOV result.color[1].primary, fragment.pointcoord;\nEND", &err);
    CHECK(p, "fragment outputs rejected: %s", err.msg);
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->options & GP_OPTION_ARB_BLEND_FUNC_EXTENDED, "no blend_func_extended bit");
        CHECK(info->options & GP_OPTION_NV_EARLY_FRAGMENT_TESTS, "no early tests bit");
        CHECK(info->outputs_written == ((1ull << (GP_FOUT_SECONDARY0 + 1)) | (1ull << (GP_FOUT_COLOR0 + 1))),
              "outputs 0x%llx", (unsigned long long)info->outputs_written);
        CHECK(info->inputs_read & (1ull << GP_VARY_PNTC), "pointcoord not read");
        char buf[1024];
        gp_program_print(p, buf, sizeof buf);
        (void)buf;
    }
    gp_program_free(p);
    p = compile(G, GP5 "EMITS 2;\nEND", &err);
    CHECK(p, "EMITS 2 rejected: %s", err.msg);
    if (p) {
        char buf[2048];
        gp_program_print(p, buf, sizeof buf);
        CHECK(strstr(buf, "EMITS") != NULL, "disassembly lacks EMITS:\n%s", buf);
    }
    gp_program_free(p);

    /* the disassembly names the NV5 bindings and declarations and loads again */
    static const char *const rt[][2] = {
        { "!!NVgp5.0\nPRIMITIVE_IN PATCHES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 2;\nINVOCATIONS 3;\n"
          "INT TEMP s;\nTEMP t;\nATTRIB vc = primitive.vertexcount;\nI2F t.x, vc.x;\n"
          "I2F t.y, primitive.invocation.x;\nMOV result.position, t;\nMOV.S s.x, primitive.invocation.x;\n"
          "EMITS s.x;\nEND",
          "PATCHES|INVOCATIONS 3|primitive.vertexcount|primitive.invocation|EMITS" },
        { "!!NVfp5.0\nOPTION ARB_blend_func_extended;\nOPTION NV_early_fragment_tests;\n"
          "MOV result.color.secondary, fragment.pointcoord;\nMOV result.color, 1;\nEND",
          "ARB_blend_func_extended|NV_early_fragment_tests|fragment.pointcoord|.secondary" },
    };
    for (size_t i = 0; i < 2; i++) {
        int st = rt[i][0][4] == 'g' ? G : F;
        p = compile(st, rt[i][0], &err);
        CHECK(p, "round trip %zu rejected: %s", i, err.msg);
        if (!p)
            continue;
        static char buf[8192];
        gp_program_print(p, buf, sizeof buf);
        char want[256];
        snprintf(want, sizeof want, "%s", rt[i][1]);
        for (char *w = strtok(want, "|"); w; w = strtok(NULL, "|"))
            CHECK(strstr(buf, w) != NULL, "round trip %zu: disassembly lacks %s:\n%s", i, w, buf);
        gp_program *q = compile(st, buf, &err);
        CHECK(q, "round trip %zu: disassembly rejected (%s):\n%s", i, err.msg, buf);
        if (q) {
            const gp_program_info *a = gp_program_get_info(p), *b = gp_program_get_info(q);
            CHECK(a->gs_invocations == b->gs_invocations && a->options == b->options &&
                      a->outputs_written == b->outputs_written && a->inputs_read == b->inputs_read,
                  "round trip %zu: info differs", i);
        }
        gp_program_free(q);
        gp_program_free(p);
    }

    test_exec();
    printf("nv5_geofrag: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
