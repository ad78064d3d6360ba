/*
 * test_nv5_ipa.c - glprog.nv5_ipa: NV_gpu_program5 IPAC, IPAO and IPAS
 * (2.X.8.Z) in !!NVfp5.0 programs: what loads and what fails to load (with
 * the position of the offending token), the executor's side of the
 * glprog.h gp_interp_fn contract through a fake callback (which slot,
 * mode, per-lane arguments and lanes it is asked for; operand modifiers
 * applied after the interpolation, issue (8); write mask, CC update, _SAT;
 * relatively addressed attribute arrays; no callback = the ordinary
 * input), and the printer (print, compile again: a fixed point that runs
 * the same).  Both executor paths (T_BOTH_PATHS).
 *
 * The fake callback returns, for lane l, component c of slot k:
 *   OFFSET:   1000 k + 100 c + 10 dx + dy      (dx, dy the raw offset)
 *   SAMPLE:   1000 k + 100 c + 20 s            (s the sample number)
 *   CENTROID: 1000 k + 100 c + 7
 * so each expected value below is worked out from those formulas.
 *
 * covers: OP.IPAC OP.IPAO OP.IPAS EDGE.IPA_OPERAND HDR.GATE5 MOD.SAT MOD.CC0
 */
#include "test_exec_common.h"

typedef struct fake_interp {
    int calls;
    int slot[16], mode[16];
    uint32_t mask[16];
    gp_val arg[16][GP_LANES][2];
} fake_interp;

static void fake_fn(void *user, int slot, int mode, const gp_val (*arg)[2], uint32_t lane_mask, gp_vec *out)
{
    fake_interp *f = user;
    if (f->calls < 16) {
        f->slot[f->calls] = slot;
        f->mode[f->calls] = mode;
        f->mask[f->calls] = lane_mask;
        memcpy(f->arg[f->calls], arg, sizeof(gp_val) * 2 * GP_LANES);
    }
    f->calls++;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++) {
            if (!(lane_mask >> l & 1)) {
                out->c[c][l].f = -999.0f; /* must never be read */
                continue;
            }
            float v = 1000.0f * (float)slot + 100.0f * (float)c;
            if (mode == GP_IPA_OFFSET)
                v += 10.0f * arg[l][0].f + arg[l][1].f;
            else if (mode == GP_IPA_SAMPLE)
                v += 20.0f * (float)arg[l][0].i;
            else
                v += 7.0f;
            out->c[c][l].f = v;
        }
}

static gp_program *compile_fp(const char *src, gp_error *err)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    return gp_compile(src, strlen(src), GP_STAGE_FRAGMENT, &lim, err);
}

/* ---- what loads, what does not ------------------------------------------ */

static void ok(const char *name, const char *src)
{
    gp_error err;
    gp_program *p = compile_fp(src, &err);
    CHECK(p != NULL, "%s: should load: %d:%d %s", name, err.line, err.col, err.msg);
    gp_program_free(p);
}

/* Fails to load at the first occurrence of `at` in src, with `msg` in the
 * message. */
static void bad(const char *name, const char *src, gp_stage st, const char *at, const char *msg)
{
    gp_limits lim;
    gp_limits_default(&lim, st);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), st, &lim, &err);
    CHECK(p == NULL, "%s: should not load", name);
    if (p) {
        gp_program_free(p);
        return;
    }
    const char *w = strstr(src, at);
    CHECK(w != NULL, "%s: bad test", name);
    if (w)
        CHECK(err.pos == (int)(w - src), "%s: error at %d, want %d ('%s'): %s", name, err.pos, (int)(w - src), at,
              err.msg);
    CHECK(strstr(err.msg, msg) != NULL, "%s: message '%s' lacks '%s'", name, err.msg, msg);
}

static void test_load(void)
{
    ok("every form", "!!NVfp5.0\n"
                     "ATTRIB a = fragment.attrib[2];\n"
                     "NOPERSPECTIVE ATTRIB n = fragment.texcoord[1];\n"
                     "FLAT ATTRIB f = fragment.attrib[3];\n"
                     "CENTROID ATTRIB arr[] = { fragment.attrib[4..7] };\n"
                     "TEMP t, o; INT TEMP i;\n"
                     "IPAC t, fragment.attrib[0];\n"
                     "IPAC.F t.xy, -a.yxzw;\n"
                     "IPAO.SAT t, |n|, {0.25, -0.125, 0, 0};\n"
                     "IPAO.CC t, f.x, o;\n"
                     "IPAS t, fragment.color, 3;\n"
                     "IPAS.F.CC1.SSAT t, fragment.color.secondary, i.y;\n"
                     "IPAC t, fragment.texcoord[5];\n"
                     "IPAC t, fragment.fogcoord;\n"
                     "IPAO t, fragment.position, o;\n"
                     "IPAC t, fragment.clip[1];\n"
                     "IPAS t, arr[i.x + 1], -2;\n"
                     "MOV result.color, t;\n"
                     "END\n");
    bad("NV4 header", "!!NVfp4.0\nTEMP t;\nIPAC t, fragment.attrib[0];\nEND\n", GP_STAGE_FRAGMENT, "IPAC",
        "NV_gpu_program5 header");
    bad("vertex program", "!!NVvp5.0\nTEMP t;\nIPAC t, vertex.attrib[0];\nEND\n", GP_STAGE_VERTEX, "IPAC",
        "fragment programs");
    bad("geometry program",
        "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP t;\n"
        "IPAO t, vertex[0].attrib[0], 0;\nEND\n",
        GP_STAGE_GEOMETRY, "IPAO", "fragment programs");
    /* EDGE.IPA_OPERAND */
    bad("facing", "!!NVfp5.0\nTEMP t;\nIPAO t, fragment.facing, {0.25, 0, 0, 0};\nEND\n", GP_STAGE_FRAGMENT,
        "fragment.facing", "fragment.facing");
    bad("facing variable", "!!NVfp5.0\nATTRIB ff = fragment.facing;\nTEMP t;\nIPAC t, -ff.x;\nEND\n",
        GP_STAGE_FRAGMENT, "-ff.x", "fragment.facing");
    bad("primitive.id", "!!NVfp5.0\nTEMP t;\nIPAS t, primitive.id, 0;\nEND\n", GP_STAGE_FRAGMENT,
        "primitive.id", "primitive.id");
    bad("temporary", "!!NVfp5.0\nTEMP t, u;\nMOV u, 1;\nIPAC t, u;\nEND\n", GP_STAGE_FRAGMENT, "u;\nEND",
        "fragment attribute");
    bad("literal", "!!NVfp5.0\nTEMP t;\nIPAC t, {1, 2, 3, 4};\nEND\n", GP_STAGE_FRAGMENT, "{1,",
        "fragment attribute");
    bad("parameter", "!!NVfp5.0\nTEMP t;\nIPAO t, program.local[0], 0;\nEND\n", GP_STAGE_FRAGMENT,
        "program.local", "fragment attribute");
    /* F type only (Table X.13), no H */
    bad("S type", "!!NVfp5.0\nTEMP t;\nIPAC.S t, fragment.attrib[0];\nEND\n", GP_STAGE_FRAGMENT, "S t",
        "data type modifier");
    bad("U type", "!!NVfp5.0\nTEMP t;\nIPAS.U t, fragment.attrib[0], 1;\nEND\n", GP_STAGE_FRAGMENT, "U t",
        "data type modifier");
    /* IPAS: the sample is a scalar operand */
    bad("vector sample", "!!NVfp5.0\nTEMP t; INT TEMP i;\nIPAS t, fragment.attrib[0], i;\nEND\n",
        GP_STAGE_FRAGMENT, ";\nEND", "component");
    /* IPAO: two operands */
    bad("IPAO arity", "!!NVfp5.0\nTEMP t;\nIPAO t, fragment.attrib[0];\nEND\n", GP_STAGE_FRAGMENT, ";\nEND",
        "");
}

/* ---- the executor --------------------------------------------------------- */

static gp_program *compile_ok(const char *src)
{
    gp_error err;
    gp_program *p = compile_fp(src, &err);
    CHECK(p != NULL, "compile: %d:%d %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

static void bind_params(tenv *e, const gp_program *p)
{
    const gp_program_info *info = gp_program_get_info(p);
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].kind == GP_PARAM_CONST ? info->params[i].value[c] : (gp_val){.u = 0};
}

typedef void (*setup_fn)(tenv *e);
typedef float (*want_fn)(int lane, int comp);

/* Runs src (and its reprint) with the fake callback (or none) and checks
 * result.color for every lane against want (NaN: the -5 the result
 * started as, i.e. unwritten). */
static void run(const char *name, const char *src, setup_fn setup, bool with_cb, want_fn want, fake_interp *fout)
{
    gp_program *p0 = compile_ok(src);
    if (!p0)
        return;
    char *a = t_print_alloc(p0);
    gp_error err;
    gp_program *p1 = compile_fp(a, &err);
    CHECK(p1 != NULL, "%s: printed program does not load (%d:%d %s):\n%s", name, err.line, err.col, err.msg, a);
    if (p1) {
        char *b = t_print_alloc(p1);
        CHECK(strcmp(a, b) == 0, "%s: print is not a fixed point:\n%s---\n%s", name, a, b);
        free(b);
    }
    free(a);
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        bind_params(e, p);
        te_fill_out(e, -5.0f);
        fake_interp f;
        memset(&f, 0, sizeof f);
        if (with_cb) {
            e->env.interp = fake_fn;
            e->env.interp_user = &f;
        }
        if (setup)
            setup(e);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
        for (int l = 0; l < GP_LANES; l++)
            for (int c = 0; c < 4; c++) {
                float w = want(l, c);
                float g = e->out[GP_FOUT_COLOR0].c[c][l].f;
                if (isnan(w))
                    w = -5.0f;
                CHECK(g == w, "%s%s: lane %d comp %d = %g, want %g", name, k ? " (reprinted)" : "", l, c, g, w);
            }
        if (k == 0 && fout)
            *fout = f;
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

#define A0 GP_VARY_ATTR0

/* IPAC on fragment.attrib[2] with a swizzle and negation applied after:
 * -(slot value).wzyx, written to .xyw */
static float want_ipac(int l, int c)
{
    (void)l;
    if (c == 2)
        return NAN;
    static const int from[4] = {3, 2, 1, 0};
    return -(1000.0f * (A0 + 2) + 100.0f * (float)from[c] + 7.0f);
}

/* IPAO offsets from program.local-like constants per lane: the offset
 * operand is fragment.texcoord[0] (per lane (l/4, -l, 9, 9)); |x| applies
 * to the value: |1000 k + 100 c + 10 dx + dy| with k = attrib[1] */
static float want_ipao(int l, int c)
{
    float dx = (float)(l / 4), dy = -(float)l;
    return fabsf(1000.0f * (A0 + 1) + 100.0f * (float)c + 10.0f * dx + dy);
}

static void setup_ipao(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].f = (float)(l / 4);
        e->in[GP_VARY_TEX0].c[1][l].f = -(float)l;
        e->in[GP_VARY_TEX0].c[2][l].f = 9.0f;
        e->in[GP_VARY_TEX0].c[3][l].f = 9.0f;
    }
}

/* IPAS with the sample number from an integer temporary, .SAT: the fake
 * values are >= 1000, so every written component is 1 */
static float want_sat(int l, int c)
{
    (void)l;
    (void)c;
    return 1.0f;
}

/* IPAS fragment.color.y at sample 2, scalar-swizzled: every component is
 * 1000 COL0 + 100 * 1 + 40 */
static float want_ipas(int l, int c)
{
    (void)l;
    (void)c;
    return 1000.0f * GP_VARY_COL0 + 140.0f;
}

/* relative array arr[] = fragment.attrib[4..7], index = lane % 5: lanes
 * with index 4 are outside the array (R5: 0) */
static float want_rel(int l, int c)
{
    int i = l % 5;
    if (i > 3)
        return 0.0f;
    return 1000.0f * (float)(A0 + 4 + i) + 100.0f * (float)c + 7.0f;
}

static void setup_rel(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VARY_TEX0].c[0][l].f = (float)(l % 5);
}

/* no callback: the ordinary input, modifiers applied */
static float want_nocb(int l, int c)
{
    return -(float)(l * 4 + c) - 0.5f;
}

static void setup_nocb(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++)
        for (int c = 0; c < 4; c++)
            e->in[A0 + 1].c[c][l].f = (float)(l * 4 + c) + 0.5f;
}

/* CC: IPAO.CC writes t and sets CC0 from it; a conditional MOV then
 * copies 1 where t.x (offset x = l - 8 gives 1000 k + 10 (l - 8)) > 0 */
static float want_cc(int l, int c)
{
    if (c != 0)
        return NAN;
    float v = 1000.0f * (A0 + 9) + 10.0f * (float)(l - 8);
    (void)v;
    return 2.0f; /* v > 0 for every lane: 1000 * (slot) - 80 */
}

static void setup_cc(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VARY_TEX0].c[0][l].f = (float)(l - 8);
}

static void test_exec(void)
{
    fake_interp f;
    run("IPAC swizzle negate", "!!NVfp5.0\nTEMP t;\nIPAC t.xyw, -fragment.attrib[2].wzyx;\n"
                               "MOV result.color.xyw, t;\nEND\n",
        NULL, true, want_ipac, &f);
    CHECK(f.calls == 1 && f.slot[0] == A0 + 2 && f.mode[0] == GP_IPA_CENTROID && f.mask[0] == 0xffffu,
          "IPAC: calls %d slot %d mode %d mask %x", f.calls, f.slot[0], f.mode[0], f.mask[0]);

    run("IPAO abs", "!!NVfp5.0\nTEMP t;\nIPAO t, |fragment.attrib[1]|, fragment.texcoord[0];\n"
                    "MOV result.color, t;\nEND\n",
        setup_ipao, true, want_ipao, &f);
    CHECK(f.calls == 1 && f.mode[0] == GP_IPA_OFFSET, "IPAO: calls %d mode %d", f.calls, f.mode[0]);
    for (int l = 0; l < GP_LANES; l++)
        CHECK(f.arg[0][l][0].f == (float)(l / 4) && f.arg[0][l][1].f == -(float)l, "IPAO arg lane %d: %g %g", l,
              f.arg[0][l][0].f, f.arg[0][l][1].f);

    run("IPAS SAT", "!!NVfp5.0\nTEMP t; INT TEMP i;\nMOV.S i, {0, 3, 0, 0};\n"
                    "IPAS.SAT t, fragment.attrib[0], i.y;\nMOV result.color, t;\nEND\n",
        NULL, true, want_sat, &f);
    CHECK(f.calls == 1 && f.mode[0] == GP_IPA_SAMPLE && f.arg[0][5][0].i == 3, "IPAS: calls %d mode %d s %d",
          f.calls, f.mode[0], f.arg[0][5][0].i);

    run("IPAS literal sample, scalar swizzle",
        "!!NVfp5.0\nTEMP t;\nIPAS t, fragment.color.y, 2;\nMOV result.color, t;\nEND\n", NULL, true, want_ipas, &f);
    CHECK(f.calls == 1 && f.slot[0] == GP_VARY_COL0 && f.arg[0][0][0].i == 2, "IPAS literal: slot %d s %d",
          f.slot[0], f.arg[0][0][0].i);

    run("relative array",
        "!!NVfp5.0\nATTRIB arr[] = { fragment.attrib[4..7] };\nTEMP t; INT TEMP i;\n"
        "FLR.S i, fragment.texcoord[0];\nIPAC t, arr[i.x];\nMOV result.color, t;\nEND\n",
        setup_rel, true, want_rel, &f);
    /* lanes with index 0..3: one call per slot, each with its lanes */
    CHECK(f.calls == 4, "relative array: %d calls, want 4", f.calls);
    for (int k = 0; k < f.calls && k < 4; k++) {
        int i = f.slot[k] - (A0 + 4);
        uint32_t m = 0;
        for (int l = 0; l < GP_LANES; l++)
            if (l % 5 == i)
                m |= 1u << l;
        CHECK(i >= 0 && i < 4 && f.mask[k] == m, "relative array call %d: slot %d mask %x want %x", k, f.slot[k],
              f.mask[k], m);
    }

    run("no callback", "!!NVfp5.0\nTEMP t;\nIPAO t, -fragment.attrib[1], {0.25, 0.25, 0, 0};\n"
                       "MOV result.color, t;\nEND\n",
        setup_nocb, false, want_nocb, NULL);

    run("CC update", "!!NVfp5.0\nTEMP t;\nIPAO.CC t.x, fragment.attrib[9], fragment.texcoord[0];\n"
                     "MOV result.color.x (GT.x), 2;\nEND\n",
        setup_cc, true, want_cc, &f);

    /* helper lanes are interpolated too (derivatives need them), and only
     * the running lanes are asked for: inside IF, the odd lanes (helpers) */
    {
        gp_program *p = compile_ok("!!NVfp5.0\nTEMP t;\nMOVC t, fragment.texcoord[0];\nIF GT.x;\n"
                                   "IPAC t, fragment.attrib[0];\nMOV result.color, t;\nENDIF;\nEND\n");
        if (p) {
            tenv *e = te_new();
            bind_params(e, p);
            e->env.live_mask = 0x5555u; /* the odd lanes are helpers */
            e->env.helper_mask = 0xaaaau;
            for (int l = 0; l < GP_LANES; l++)
                e->in[GP_VARY_TEX0].c[0][l].f = (l & 1) ? 1.0f : -1.0f;
            memset(&f, 0, sizeof f);
            e->env.interp = fake_fn;
            e->env.interp_user = &f;
            gp_exec(p, &e->env);
            CHECK(f.calls == 1 && f.mask[0] == 0xaaaau, "IF: calls %d mask %x, want 0xaaaa", f.calls, f.mask[0]);
            te_free(e);
            gp_program_free(p);
        }
    }
}

int main(void)
{
    test_load();
    T_BOTH_PATHS test_exec();
    return t_report("glprog.nv5_ipa");
}
