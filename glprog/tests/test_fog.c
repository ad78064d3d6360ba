/*
 * test_fog.c - glprog.fog: OPTION ARB_fog_linear / ARB_fog_exp /
 * ARB_fog_exp2 (ARB_fragment_program 3.11.4.5.1).  Programs are compiled by
 * gp_compile and run by gp_exec on 16 lanes with a parameter table filled
 * the way the GL layer fills it (state.fog.params = (density, start, end,
 * 1/(end-start)), state.fog.color), and the fogged result.color is compared
 * with values worked out by hand:
 *
 *   rgb = f * clamp(colour) + (1 - f) * fog colour, f clamped to [0,1]
 *   linear f = (end - z) / (end - start), exp f = e^(-d z),
 *   exp2 f = e^(-(d z)^2), z = fragment.fogcoord.x; alpha unchanged.
 *
 * With the fog colour (0.25, 0.5, 0.75) and the colour (1, 0, 0.5):
 *   rgb = (0.25 + 0.75 f, 0.5 - 0.5 f, 0.75 - 0.25 f).
 *
 * Also: the program info (the fog coordinate is read), partial write masks,
 * OUTPUT aliases and conditional writes, NV_fragment_program2 programs that
 * end with RET (the CAL wrapper) and keep their whole call depth, and the
 * resources the options charge against the limits.  Test executable,
 * single thread.
 */
#include "test_exec_common.h"

#define S0 (-100.0f) /* output sentinel: "not written" */

static const float fog_color[4] = { 0.25f, 0.5f, 0.75f, 0.125f };

static gp_program *compile_lim(const char *src, const gp_limits *lim, gp_error *err)
{
    return gp_compile(src, strlen(src), GP_STAGE_FRAGMENT, lim, err);
}

static gp_program *compile(const char *src)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    gp_error err;
    gp_program *p = compile_lim(src, &lim, &err);
    CHECK(p != NULL, "compile: line %d col %d: %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

/* The parameter table, as gl/ fills it per draw. */
static void bind(tenv *e, const gp_program *p, float density, float start, float end)
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= 64, "too many params for the test table");
    for (int i = 0; i < info->num_params && i < 64; i++) {
        const gp_param_binding *b = &info->params[i];
        if (b->kind == GP_PARAM_CONST) {
            for (int c = 0; c < 4; c++)
                e->params[i][c] = b->value[c];
        } else if (b->kind == GP_PARAM_STATE && b->state.kind == GP_STATE_FOG_PARAMS) {
            te_param(e, i, density, start, end, 1.0f / (end - start));
        } else if (b->kind == GP_PARAM_STATE && b->state.kind == GP_STATE_FOG_COLOR) {
            te_param(e, i, fog_color[0], fog_color[1], fog_color[2], fog_color[3]);
        } else {
            te_param(e, i, 0, 0, 0, 0);
        }
    }
}

/* One lane: fog coordinate, colour in, colour out (by hand). */
typedef struct fcase {
    float z;
    float in[4];
    float want[4];
} fcase;

#define C_IN { 1.0f, 0.0f, 0.5f, 0.8f }
#define C_BIG { 2.0f, -1.0f, 0.5f, 3.0f } /* clamped to (1, 0, 0.5) for fog; alpha stays 3 */
/* rgb for f = 1, 0.5, 0.25, 0 and e^-x, alpha 0.8 */
#define F_1 { 1.0f, 0.0f, 0.5f, 0.8f }
#define F_HALF { 0.625f, 0.25f, 0.625f, 0.8f }
#define F_QUARTER { 0.4375f, 0.375f, 0.6875f, 0.8f }
#define F_0 { 0.25f, 0.5f, 0.75f, 0.8f }
#define F_EM1 { 0.52590958f, 0.31606028f, 0.65803014f, 0.8f }    /* f = e^-1 = 0.36787944 */
#define F_EM4 { 0.26373673f, 0.49084218f, 0.74542109f, 0.8f }    /* f = e^-4 = 0.01831564 */
#define F_EMHALF { 0.70489799f, 0.19673467f, 0.59836734f, 0.8f } /* f = e^-0.5 = 0.60653066 */
#define F_EMQ { 0.83410059f, 0.11059961f, 0.55529980f, 0.8f }    /* f = e^-0.25 = 0.77880078 */

static const struct mode {
    const char *option;
    float density, start, end;
    int epilogue;      /* instructions the front end appends */
    int synth_params;  /* rows: params, colour (+ -log2 e) */
    bool exact;        /* dyadic results: bit-exact */
    fcase lanes[8];
} modes[] = {
    /* start 1, end 5: f = (5 - z) * 0.25 */
    { "ARB_fog_linear", 0.0f, 1.0f, 5.0f, 5, 2, true,
      { { -1.0f, C_IN, F_1 },      /* f = 1.5, clamped */
        { 1.0f, C_IN, F_1 },
        { 3.0f, C_IN, F_HALF },
        { 4.0f, C_IN, F_QUARTER },
        { 5.0f, C_IN, F_0 },
        { 7.0f, C_IN, F_0 },       /* f = -0.5, clamped */
        { 3.0f, C_BIG, { 0.625f, 0.25f, 0.625f, 3.0f } },
        { 4.0f, C_IN, F_QUARTER } } },
    /* density 0.5: f = e^(-z/2) */
    { "ARB_fog_exp", 0.5f, 0.0f, 1.0f, 6, 3, false,
      { { 0.0f, C_IN, F_1 },
        { 1.0f, C_IN, F_EMHALF },
        { 2.0f, C_IN, F_EM1 },
        { 8.0f, C_IN, F_EM4 },
        { -4.0f, C_IN, F_1 },      /* f = e^2, clamped */
        { 200.0f, C_IN, F_0 },     /* f = e^-100 */
        { 2.0f, C_BIG, { 0.52590958f, 0.31606028f, 0.65803014f, 3.0f } },
        { 0.5f, C_IN, F_EMQ } } },
    /* density 0.5: f = e^(-(z/2)^2) */
    { "ARB_fog_exp2", 0.5f, 0.0f, 1.0f, 7, 3, false,
      { { 0.0f, C_IN, F_1 },
        { 1.0f, C_IN, F_EMQ },
        { 2.0f, C_IN, F_EM1 },
        { -2.0f, C_IN, F_EM1 },    /* squared: the sign does not matter */
        { 4.0f, C_IN, F_EM4 },
        { 30.0f, C_IN, F_0 },      /* f = e^-225 */
        { 2.0f, C_BIG, { 0.52590958f, 0.31606028f, 0.65803014f, 3.0f } },
        { 1.4142135f, C_IN, F_EMHALF } } },
};

static void set_lanes(tenv *e, const fcase *cases)
{
    for (int l = 0; l < GP_LANES; l++) {
        const fcase *c = &cases[l % 8];
        e->in[GP_VARY_FOG].c[0][l].f = c->z;
        e->in[GP_VARY_FOG].c[1][l].f = 0.0f;
        e->in[GP_VARY_FOG].c[2][l].f = 0.0f;
        e->in[GP_VARY_FOG].c[3][l].f = 1.0f;
        for (int k = 0; k < 4; k++)
            e->in[GP_VARY_COL0].c[k][l].f = c->in[k];
    }
}

static bool near(float got, float want, bool exact)
{
    return exact ? t_same(got, want) : t_close(got, want, 2e-6);
}

/* Every mode on the simplest program: the values, the info, the IR. */
static void test_modes(void)
{
    for (size_t m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
        const struct mode *md = &modes[m];
        char src[256];
        snprintf(src, sizeof(src), "!!ARBfp1.0\nOPTION %s;\nMOV result.color, fragment.color;\nEND\n", md->option);
        gp_program *p = compile(src);
        if (!p)
            continue;
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->inputs_read == ((1ull << GP_VARY_COL0) | (1ull << GP_VARY_FOG)), "%s: inputs_read %llx",
              md->option, (unsigned long long)info->inputs_read);
        CHECK(info->outputs_written == (1ull << GP_FOUT_COLOR0), "%s: outputs_written", md->option);
        /* the option's cost is not the program's: counts as written */
        CHECK(info->num_instructions == 1 && info->num_alu_instructions == 1 && info->num_temporaries == 0 &&
                  info->num_parameters == 0 && info->num_attribs == 1,
              "%s: counts %d %d %d %d %d", md->option, info->num_instructions, info->num_alu_instructions,
              info->num_temporaries, info->num_parameters, info->num_attribs);
        /* MOV T0, fragment.color; epilogue; END */
        CHECK(p->num_epilogue == md->epilogue && p->num_insns == 2 + md->epilogue && p->num_prologue == 0 &&
                  p->entry == 0,
              "%s: %d epilogue instructions of %d", md->option, p->num_epilogue, p->num_insns);
        CHECK(p->num_temps == 2 && p->num_synth_temps == 2 && p->num_synth_params == md->synth_params &&
                  info->num_params == md->synth_params,
              "%s: temps %d params %d", md->option, p->num_temps, p->num_synth_params);
        CHECK(p->insns[0].op == GP_OP_MOV && p->insns[0].dst.file == GP_FILE_TEMP && p->insns[0].dst.index == 0 &&
                  p->insns[0].dst.mask == 0xf,
              "%s: result.color write goes to temporary 0", md->option);
        const gp_insn *lrp = &p->insns[p->num_insns - 3];
        CHECK(lrp->op == GP_OP_LRP && lrp->dst.file == GP_FILE_OUTPUT && lrp->dst.index == GP_FOUT_COLOR0 &&
                  lrp->dst.mask == 0x7 && p->insns[p->num_insns - 2].dst.mask == 0x8 &&
                  p->insns[p->num_insns - 1].op == GP_OP_END,
              "%s: LRP rgb, MOV alpha, END", md->option);
        /* not NV_fragment_program2: no run-time limits */
        CHECK(p->max_exec_instructions == 0 && p->max_call_depth == 0, "%s: run-time limits", md->option);

        tenv *e = te_new();
        bind(e, p, md->density, md->start, md->end);
        set_lanes(e, md->lanes);
        te_fill_out(e, S0);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "%s: status", md->option);
        for (int l = 0; l < GP_LANES; l++) {
            const fcase *c = &md->lanes[l % 8];
            for (int k = 0; k < 4; k++)
                CHECK(near(OUTF(e, GP_FOUT_COLOR0, k, l), c->want[k], md->exact),
                      "%s lane %d (z %g) component %d = %.9g, want %.9g", md->option, l, c->z, k,
                      OUTF(e, GP_FOUT_COLOR0, k, l), c->want[k]);
        }
        te_free(e);
        gp_program_free(p);
    }
}

/* Components the program does not write stay unwritten; a program that
 * writes no rgb does not read the fog coordinate; one that writes no
 * result.color gets no epilogue. */
static void test_masks(void)
{
    gp_program *p = compile("!!ARBfp1.0\nOPTION ARB_fog_linear;\nMOV result.color.xz, fragment.color;\nEND\n");
    if (p) {
        CHECK(p->num_epilogue == 4, "ADD, MUL_SAT, MOV_SAT, LRP: %d", p->num_epilogue);
        tenv *e = te_new();
        bind(e, p, 0.0f, 1.0f, 5.0f);
        set_lanes(e, modes[0].lanes);
        te_fill_out(e, S0);
        gp_exec(p, &e->env);
        for (int l = 0; l < GP_LANES; l++) {
            const fcase *c = &modes[0].lanes[l % 8];
            CHECK(t_same(OUTF(e, GP_FOUT_COLOR0, 0, l), c->want[0]) && t_same(OUTF(e, GP_FOUT_COLOR0, 2, l), c->want[2]),
                  ".xz lane %d fogged", l);
            CHECK(OUTF(e, GP_FOUT_COLOR0, 1, l) == S0 && OUTF(e, GP_FOUT_COLOR0, 3, l) == S0, ".yw lane %d untouched", l);
        }
        te_free(e);
        gp_program_free(p);
    }

    p = compile("!!ARBfp1.0\nOPTION ARB_fog_exp2;\nMOV result.color.w, fragment.color;\nEND\n");
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(p->num_epilogue == 1 && info->inputs_read == (1ull << GP_VARY_COL0) && p->num_synth_params == 0,
              "alpha only: one MOV, no fog coordinate (%d, %llx)", p->num_epilogue,
              (unsigned long long)info->inputs_read);
        tenv *e = te_new();
        bind(e, p, 0.5f, 0.0f, 1.0f);
        set_lanes(e, modes[2].lanes);
        te_fill_out(e, S0);
        gp_exec(p, &e->env);
        for (int l = 0; l < GP_LANES; l++)
            CHECK(OUTF(e, GP_FOUT_COLOR0, 0, l) == S0 && OUTF(e, GP_FOUT_COLOR0, 3, l) == modes[2].lanes[l % 8].in[3],
                  "alpha only lane %d", l);
        te_free(e);
        gp_program_free(p);
    }

    p = compile("!!ARBfp1.0\nOPTION ARB_fog_exp;\nMOV result.depth.z, fragment.color.x;\nEND\n");
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(p->num_epilogue == 0 && p->num_synth_temps == 0 && p->num_temps == 0 &&
                  info->outputs_written == (1ull << GP_FOUT_DEPTH) && info->inputs_read == (1ull << GP_VARY_COL0),
              "no result.color: no epilogue");
        gp_program_free(p);
    }

    /* result.color[1] (ARB_draw_buffers) is not fogged, as in Mesa: only
     * result.color, which is result.color[0] */
    p = compile("!!ARBfp1.0\nOPTION ARB_draw_buffers;\nOPTION ARB_fog_linear;\n"
                "MOV result.color[1], fragment.color;\nMOV result.color[0], fragment.color;\nEND\n");
    if (p) {
        CHECK(p->insns[0].dst.file == GP_FILE_OUTPUT && p->insns[0].dst.index == GP_FOUT_COLOR0 + 1 &&
                  p->insns[1].dst.file == GP_FILE_TEMP,
              "color[1] stays, color[0] is redirected");
        gp_program_free(p);
    }
}

/* An OUTPUT alias and a conditional write (NV_fragment_program): both land
 * in the colour the epilogue fogs. */
static void test_alias_and_cc(void)
{
    gp_program *p = compile("!!ARBfp1.0\n"
                            "OPTION NV_fragment_program;\n"
                            "OPTION ARB_fog_exp;\n"
                            "OUTPUT oc = result.color;\n"
                            "TEMP t;\n"
                            "MOVC t, fragment.texcoord[0];\n"
                            "MOV oc, fragment.color;\n"
                            "MOV oc.x (GT.x), 0;\n"
                            "END\n");
    if (!p)
        return;
    CHECK(p->insns[2].dst.file == GP_FILE_TEMP && p->insns[2].dst.index == 1 &&
              p->insns[2].dst.cc.cond == GP_COND_GT && p->insns[2].dst.mask == 0x1,
          "the cc mask survives the redirect");
    tenv *e = te_new();
    bind(e, p, 0.5f, 0.0f, 1.0f);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_FOG].c[0][l].f = 2.0f; /* f = e^-1 */
        float in[4] = C_IN;
        for (int k = 0; k < 4; k++)
            e->in[GP_VARY_COL0].c[k][l].f = in[k];
        e->in[GP_VARY_TEX0].c[0][l].f = (l & 1) ? 1.0f : -1.0f;
    }
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    for (int l = 0; l < GP_LANES; l++) {
        /* odd lanes: red 0 before fog, so red = (1 - e^-1) * 0.25 = 0.15803014 */
        float want[4] = F_EM1;
        if (l & 1)
            want[0] = 0.15803014f;
        for (int k = 0; k < 4; k++)
            CHECK(t_close(OUTF(e, GP_FOUT_COLOR0, k, l), want[k], 2e-6), "alias/cc lane %d component %d = %.9g", l, k,
                  OUTF(e, GP_FOUT_COLOR0, k, l));
    }
    te_free(e);
    gp_program_free(p);
}

/* NV_fragment_program2: the program ends with RET from "main" on an empty
 * call stack.  The colour is written two calls deep; with a call depth of 2
 * the program still gets both calls (the wrapper's CAL is not charged). */
static void test_fp2_wrapper(void)
{
    static const char src[] = "!!ARBfp1.0\n"
                              "OPTION NV_fragment_program2;\n"
                              "OPTION ARB_fog_exp2;\n"
                              "sub1:\n"
                              "  CAL sub2;\n"
                              "  RET;\n"
                              "sub2:\n"
                              "  MOV result.color.xyz, fragment.color;\n"
                              "  RET;\n"
                              "main:\n"
                              "  MOV result.color.w, 0.5;\n"
                              "  CAL sub1;\n"
                              "  RET;\n"
                              "  MOV result.color, 0;\n" /* never runs */
                              "END\n";
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    lim.max_call_depth = 2;
    gp_error err;
    gp_program *p = compile_lim(src, &lim, &err);
    CHECK(p, "fp2 wrapper: %s", err.msg);
    if (!p)
        return;
    /* CAL main; BRA epilogue; 8 instructions; 7 epilogue; END */
    CHECK(p->num_prologue == 2 && p->entry == 0 && p->insns[0].op == GP_OP_CAL && p->insns[0].target == 2 + 4 &&
              p->insns[1].op == GP_OP_BRA && p->insns[1].target == 2 + 8 && p->num_epilogue == 7 &&
              p->num_insns == 2 + 8 + 7 + 1,
          "wrapper layout: %d %d %d", p->num_prologue, p->num_epilogue, p->num_insns);
    /* the program's own limits, plus what the front end adds */
    CHECK(p->max_call_depth == 3 && p->max_exec_instructions == 65536 + 9 && p->max_if_depth == 48 &&
              p->max_loop_depth == 4 && p->max_loop_count == 255,
          "run-time limits %d %d", p->max_call_depth, p->max_exec_instructions);
    tenv *e = te_new();
    bind(e, p, 0.5f, 0.0f, 1.0f);
    set_lanes(e, modes[2].lanes);
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status");
    for (int l = 0; l < GP_LANES; l++) {
        const fcase *c = &modes[2].lanes[l % 8];
        for (int k = 0; k < 3; k++)
            CHECK(t_close(OUTF(e, GP_FOUT_COLOR0, k, l), c->want[k], 2e-6), "fp2 lane %d component %d = %.9g, want %.9g",
                  l, k, OUTF(e, GP_FOUT_COLOR0, k, l), c->want[k]);
        CHECK(OUTF(e, GP_FOUT_COLOR0, 3, l) == 0.5f, "fp2 lane %d alpha %g", l, OUTF(e, GP_FOUT_COLOR0, 3, l));
    }
    te_free(e);
    gp_program_free(p);

    /* without RET the epilogue sits before END and execution starts at main */
    p = compile("!!ARBfp1.0\nOPTION NV_fragment_program2;\nOPTION ARB_fog_linear;\n"
                "MOV result.color, 0;\nmain:\nMOV result.color, fragment.color;\nEND\n");
    if (p) {
        CHECK(p->num_prologue == 0 && p->entry == 1 && p->num_epilogue == 5 && p->max_call_depth == 8,
              "no RET: no wrapper (%d %d)", p->num_prologue, p->entry);
        gp_program_free(p);
    }
}

/* 3.11.4.5.1: with a fog option a program fails to load if it has more than
 * (limit - 2 / 3 / 4) instructions or ALU instructions (linear / exp /
 * exp2), more than limit - 1 temporaries or attributes, or more than
 * limit - 2 parameters.  Each case is at the limit without the option. */
static void test_limits(void)
{
    static const char *const opts[] = { "", "OPTION ARB_fog_linear;\n", "OPTION ARB_fog_exp;\n",
                                         "OPTION ARB_fog_exp2;\n" };
    static const int cost[] = { 0, 2, 3, 4 };
    char src[1024];
    for (int o = 0; o < 4; o++) {
        for (int which = 0; which < 2; which++) { /* instructions, ALU instructions */
            gp_limits lim;
            gp_limits_default(&lim, GP_STAGE_FRAGMENT);
            if (which == 0)
                lim.max_instructions = 8;
            else
                lim.max_alu_instructions = 8;
            /* 8 - cost instructions load, one more does not */
            for (int extra = 0; extra < 2; extra++) {
                int n = 8 - cost[o] + extra;
                int len = snprintf(src, sizeof(src), "!!ARBfp1.0\n%s", opts[o]);
                for (int i = 0; i < n; i++)
                    len += snprintf(src + len, sizeof(src) - (size_t)len, "MOV result.color, fragment.color;\n");
                snprintf(src + len, sizeof(src) - (size_t)len, "END\n");
                gp_error err;
                gp_program *p = compile_lim(src, &lim, &err);
                bool want = extra == 0;
                CHECK((p != NULL) == want, "%s%d %s instructions: %s (%s)", opts[o], n,
                      which ? "ALU" : "", p ? "loaded" : "rejected", p ? "" : err.msg);
                if (!p)
                    CHECK(strstr(err.msg, "too many"), "message: %s", err.msg);
                gp_program_free(p);
            }
        }
    }
    static const struct {
        const char *src;
        int field; /* 0 temporaries, 1 parameters, 2 attributes */
        int limit;
    } at_limit[] = {
        { "TEMP a, b;\nMOV a, 0;\nMOV b, a;\nMOV result.color, b;\n", 0, 2 },
        { "MOV result.color, program.local[0];\nADD result.color, program.env[1], {1, 2, 3, 4};\n", 1, 3 },
        { "ADD result.color, fragment.color, fragment.texcoord[0];\n", 2, 2 },
    };
    static const char *const what[] = { "temporaries", "parameters", "attributes" };
    for (size_t i = 0; i < sizeof(at_limit) / sizeof(at_limit[0]); i++) {
        for (int o = 0; o < 4; o++) {
            gp_limits lim;
            gp_limits_default(&lim, GP_STAGE_FRAGMENT);
            if (at_limit[i].field == 0)
                lim.max_temporaries = at_limit[i].limit;
            else if (at_limit[i].field == 1)
                lim.max_parameters = at_limit[i].limit;
            else
                lim.max_attribs = at_limit[i].limit;
            snprintf(src, sizeof(src), "!!ARBfp1.0\n%s%sEND\n", opts[o], at_limit[i].src);
            gp_error err;
            gp_program *p = compile_lim(src, &lim, &err);
            CHECK((p != NULL) == (o == 0), "%s at the limit %s: %s (%s)", what[at_limit[i].field],
                  o ? opts[o] : "without fog\n", p ? "loaded" : "rejected", p ? "" : err.msg);
            if (!p)
                CHECK(strstr(err.msg, what[at_limit[i].field]), "message names %s: %s", what[at_limit[i].field],
                      err.msg);
            gp_program_free(p);
        }
    }
}

int main(void)
{
    test_modes();
    test_masks();
    test_alias_and_cc();
    test_fp2_wrapper();
    test_limits();
    return t_report("fog");
}
