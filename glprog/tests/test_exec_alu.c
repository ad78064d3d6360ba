/*
 * test_exec_alu.c - per-opcode tests of the executor's arithmetic (ctest
 * glprog.exec_alu; single-threaded).  Table driven in the style of llvmpipe's
 * lp_test_arit.c (STYLE R15): every ALU opcode of the ARB and NV-option sets
 * runs on all 16 lanes over a table of edge values (+-0, +-1, denormals,
 * huge, FLT_MAX, +-INF, NaN), with full and partial execution masks and
 * write masks, against a scalar C reference written from the spec's
 * pseudocode (exact where the spec gives exact arithmetic, within a stated
 * tolerance where it says "approximate").  Unexecuted lanes and unwritten
 * components must keep their old value.  A second part checks values
 * computed by hand from the spec text (FRC(-1.7) = 0.3, EXP, LOG, LIT, ...).
 *
 * FEATURES: OP.* (every ALU row of the ARB / NV-option sets), EDGE.RCP_ONE,
 * EDGE.RCP_ZERO, EDGE.RCC_CLAMP, EDGE.RSQ_ABS, EDGE.LG2_NONPOS, EDGE.LOG_ABS,
 * EDGE.EXP_LOG_ACC, EDGE.POW_ZERO, EDGE.LIT_CLAMP, EDGE.MUL_ZERO, EDGE.FRC_NEG,
 * EDGE.SCS_RANGE, EDGE.XPD_W, EDGE.DENORM, EDGE.PK_FLOATDEST.
 */
#include "test_exec_common.h"

static const float edge[16] = {
    0.0f, -0.0f, 1.0f, -1.0f, 0.5f, -2.5f, 3.75f, 1e30f,
    -1e30f, FLT_MAX, 1e-40f /* denormal */, -1e-40f, INFINITY, -INFINITY, NAN, 0.3f,
};

#define SENTINEL 777.0f
#define DONT_CARE (-1.0)   /* tolerance: component undefined by the spec */
#define EXACT 0.0
#define APPROX (1.0 / (1 << 21)) /* "approximate" ops: 21 good bits */

/* want[i] / tol[i] for result component i from operand vectors a, b, c.
 * Scalar ops see their scalar operand replicated in a[0..3] / b[0..3]. */
typedef void (*ref_fn)(const float *a, const float *b, const float *c, double *want,
                       double *tol);

static void all_exact(double *tol)
{
    tol[0] = tol[1] = tol[2] = tol[3] = EXACT;
}

static void repl(double *want, double *tol, double v, double t)
{
    for (int i = 0; i < 4; i++) {
        want[i] = v;
        tol[i] = t;
    }
}

/* ---- references, from the pseudocode of the sections named ---------------- */

/* ARB_vertex_program 2.14.5.1 .. 2.14.5.27 */
static void r_abs(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = fabsf(a[i]);
    all_exact(t);
}
static void r_add(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (float)(a[i] + b[i]);
    all_exact(t);
}
static void r_sub(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (float)(a[i] - b[i]);
    all_exact(t);
}
static void r_mul(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (float)(a[i] * b[i]);
    all_exact(t);
}
static void r_mad(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++) {
        volatile float p = a[i] * b[i]; /* MUL then ADD, 2.14.5.15 */
        w[i] = (float)(p + c[i]);
    }
    all_exact(t);
}
static void r_max(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] > b[i]) ? a[i] : b[i];
    all_exact(t);
}
static void r_min(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] > b[i]) ? b[i] : a[i];
    all_exact(t);
}
static void r_sge(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] >= b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_slt(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] < b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_seq(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] == b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_sne(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] != b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_sgt(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] > b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_sle(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (a[i] <= b[i]) ? 1.0 : 0.0;
    all_exact(t);
}
static void r_sfl(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, 0.0, EXACT);
}
static void r_str(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, 1.0, EXACT);
}
static void r_mov(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = a[i];
    all_exact(t);
}
static void r_flr(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = floorf(a[i]);
    all_exact(t);
}
static void r_frc(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 2.14.5.11: a - floor(a), "always in the range [0.0, 1.0)". */
    for (int i = 0; i < 4; i++) {
        float f = a[i] - floorf(a[i]);
        w[i] = f == 1.0f ? nextafterf(1.0f, 0.0f) : f;
    }
    all_exact(t);
}
static void r_ssg(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* NV_vertex_program2_option 2.14.5.41; NaN (none of >,=,<) gives 0. */
    for (int i = 0; i < 4; i++)
        w[i] = a[i] > 0 ? 1.0 : a[i] < 0 ? -1.0 : 0.0;
    all_exact(t);
}
static void r_cmp(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* ARB_fragment_program 3.11.5.3 */
    for (int i = 0; i < 4; i++)
        w[i] = a[i] < 0.0f ? b[i] : c[i];
    all_exact(t);
}
static void r_lrp(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 3.11.5.14: a*b + (1-a)*c in float */
    for (int i = 0; i < 4; i++) {
        volatile float p = a[i] * b[i];
        volatile float q = (1.0f - a[i]) * c[i];
        w[i] = (float)(p + q);
    }
    all_exact(t);
}
static void r_dp3(const float *a, const float *b, const float *c, double *w, double *t)
{
    volatile float d = a[0] * b[0];
    volatile float e = a[1] * b[1];
    d = d + e;
    e = a[2] * b[2];
    d = d + e;
    repl(w, t, d, EXACT);
}
static void r_dp4(const float *a, const float *b, const float *c, double *w, double *t)
{
    volatile float d = a[0] * b[0];
    volatile float e = a[1] * b[1];
    d = d + e;
    e = a[2] * b[2];
    d = d + e;
    e = a[3] * b[3];
    d = d + e;
    repl(w, t, d, EXACT);
}
static void r_dph(const float *a, const float *b, const float *c, double *w, double *t)
{
    volatile float d = a[0] * b[0];
    volatile float e = a[1] * b[1];
    d = d + e;
    e = a[2] * b[2];
    d = d + e;
    d = d + b[3];
    repl(w, t, d, EXACT);
}
static void r_dp2(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* NV_fragment_program2 3.11.5.49 */
    volatile float d = a[0] * b[0];
    volatile float e = a[1] * b[1];
    d = d + e;
    repl(w, t, d, EXACT);
}
static void r_dp2a(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 3.11.5.50: + c.x */
    volatile float d = a[0] * b[0];
    volatile float e = a[1] * b[1];
    d = d + e;
    d = d + c[0];
    repl(w, t, d, EXACT);
}
static void r_dst(const float *a, const float *b, const float *c, double *w, double *t)
{
    w[0] = 1.0;
    w[1] = (float)(a[1] * b[1]);
    w[2] = a[2];
    w[3] = b[3];
    all_exact(t);
}
static void r_xpd(const float *a, const float *b, const float *c, double *w, double *t)
{
    volatile float p, q;
    p = a[1] * b[2];
    q = a[2] * b[1];
    w[0] = (float)(p - q);
    p = a[2] * b[0];
    q = a[0] * b[2];
    w[1] = (float)(p - q);
    p = a[0] * b[1];
    q = a[1] * b[0];
    w[2] = (float)(p - q);
    all_exact(t);
    t[3] = DONT_CARE; /* "The w component of the result vector is undefined." */
}
static void r_ex2(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, exp2((double)a[0]), APPROX);
}
static void r_lg2(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, log2((double)a[0]), APPROX);
}
static void r_rcp(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, (float)(1.0f / a[0]), EXACT);
}
static void r_rsq(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 2.14.5.22: of the absolute value */
    repl(w, t, 1.0 / sqrt(fabs((double)a[0])), APPROX);
}
static void r_rcc(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* NV_vertex_program2_option 2.14.5.33 */
    float r = 1.0f / a[0];
    const float big = ldexpf(1.0f, 64), tiny = ldexpf(1.0f, -64);
    if (r > 0.0f) {
        if (r < tiny) r = tiny;
        if (r > big) r = big;
    } else if (r <= 0.0f) {
        if (r < -big) r = -big;
        if (r > -tiny) r = -tiny;
    }
    repl(w, t, r, EXACT);
}
static void r_pow(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, pow((double)a[0], (double)b[0]), APPROX);
}
static void r_cos(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, cos((double)a[0]), APPROX);
}
static void r_sin(const float *a, const float *b, const float *c, double *w, double *t)
{
    repl(w, t, sin((double)a[0]), APPROX);
}
static void r_scs(const float *a, const float *b, const float *c, double *w, double *t)
{
    w[0] = cos((double)a[0]);
    w[1] = sin((double)a[0]);
    t[0] = t[1] = APPROX;
    t[2] = t[3] = DONT_CARE;
}
static void r_exp(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 2.14.5.9: (2^floor(x), x - floor(x), RoughApprox2ToX(x), 1); the rough
     * z is only required to 11 bits. */
    float fl = floorf(a[0]);
    w[0] = (float)exp2((double)fl);
    w[1] = (float)(a[0] - fl);
    w[2] = exp2((double)a[0]);
    w[3] = 1.0;
    t[0] = t[1] = t[3] = EXACT;
    t[2] = 1.0 / (1 << 11);
}
static void r_log(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 2.14.5.14 on |x|; 0 -> -INF (DXIL Log), INF -> +INF, mantissa 1. */
    double v = fabs((double)a[0]);
    if (v == 0.0) {
        w[0] = -INFINITY;
        w[1] = 1.0;
        w[2] = -INFINITY;
    } else if (isinf(v)) {
        w[0] = INFINITY;
        w[1] = 1.0;
        w[2] = INFINITY;
    } else if (isnan(v)) {
        w[0] = w[1] = w[2] = NAN;
    } else {
        double e = 0;
        double m = v;
        while (m >= 2.0) { m /= 2.0; e += 1; }
        while (m < 1.0) { m *= 2.0; e -= 1; }
        w[0] = e;
        w[1] = m;
        w[2] = log2(v);
    }
    w[3] = 1.0;
    t[0] = t[1] = t[3] = EXACT;
    t[2] = 1.0 / (1 << 11);
}
static void r_lit(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 2.14.5.13 */
    float x = a[0], y = a[1], e = a[3];
    const float lim = nextafterf(128.0f, 0.0f); /* (-128, +128) exclusive */
    if (x < 0) x = 0;
    if (y < 0) y = 0;
    if (e < -lim) e = -lim;
    else if (e > lim) e = lim;
    w[0] = 1.0;
    w[1] = x;
    w[2] = (x > 0) ? pow(y, e) : 0.0;
    w[3] = 1.0;
    all_exact(t);
    t[2] = APPROX;
}
static void r_div(const float *a, const float *b, const float *c, double *w, double *t)
{
    for (int i = 0; i < 4; i++)
        w[i] = (float)(a[i] / b[0]);
    all_exact(t);
}
static void r_nrm(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* NV_fragment_program2 3.11.5.51: the dot product in float as written,
     * scale = ApproxRSQ(dot). */
    volatile float d = a[0] * a[0];
    volatile float e = a[1] * a[1];
    d = d + e;
    e = a[2] * a[2];
    d = d + e;
    double sc = 1.0 / sqrt((double)d);
    for (int i = 0; i < 3; i++)
        w[i] = (double)a[i] * sc;
    t[0] = t[1] = t[2] = APPROX;
    t[3] = DONT_CARE;
}
static void r_rfl(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* NV_fragment_program_option 3.11.5.36, step by step in float */
    volatile float tw = a[0] * a[0];
    volatile float q = a[1] * a[1];
    tw = tw + q;
    q = a[2] * a[2];
    tw = tw + q;
    volatile float tx = a[0] * b[0];
    q = a[1] * b[1];
    tx = tx + q;
    q = a[2] * b[2];
    tx = tx + q;
    tx = 2.0f * tx;
    tx = tx / tw;
    for (int i = 0; i < 3; i++) {
        q = tx * a[i];
        w[i] = (float)(q - b[i]);
    }
    all_exact(t);
    t[3] = DONT_CARE;
}
static void r_x2d(const float *a, const float *b, const float *c, double *w, double *t)
{
    /* 3.11.5.47 */
    volatile float p = b[0] * c[0], q = b[1] * c[1];
    volatile float x = a[0] + p;
    x = x + q;
    p = b[0] * c[2];
    q = b[1] * c[3];
    volatile float y = a[1] + p;
    y = y + q;
    w[0] = w[2] = x;
    w[1] = w[3] = y;
    all_exact(t);
}

enum { K_VEC1 = 1, K_VEC2, K_VEC3, K_SCA1, K_SCA2, K_VECSCA };

typedef struct optest {
    const char *name;
    int op;
    int kind;
    ref_fn ref;
} optest;

static const optest tests[] = {
    {"ABS", GP_OP_ABS, K_VEC1, r_abs},     {"ADD", GP_OP_ADD, K_VEC2, r_add},
    {"SUB", GP_OP_SUB, K_VEC2, r_sub},     {"MUL", GP_OP_MUL, K_VEC2, r_mul},
    {"MAD", GP_OP_MAD, K_VEC3, r_mad},     {"MAX", GP_OP_MAX, K_VEC2, r_max},
    {"MIN", GP_OP_MIN, K_VEC2, r_min},     {"SGE", GP_OP_SGE, K_VEC2, r_sge},
    {"SLT", GP_OP_SLT, K_VEC2, r_slt},     {"SEQ", GP_OP_SEQ, K_VEC2, r_seq},
    {"SNE", GP_OP_SNE, K_VEC2, r_sne},     {"SGT", GP_OP_SGT, K_VEC2, r_sgt},
    {"SLE", GP_OP_SLE, K_VEC2, r_sle},     {"SFL", GP_OP_SFL, K_VEC2, r_sfl},
    {"STR", GP_OP_STR, K_VEC2, r_str},     {"MOV", GP_OP_MOV, K_VEC1, r_mov},
    {"FLR", GP_OP_FLR, K_VEC1, r_flr},     {"FRC", GP_OP_FRC, K_VEC1, r_frc},
    {"SSG", GP_OP_SSG, K_VEC1, r_ssg},     {"CMP", GP_OP_CMP, K_VEC3, r_cmp},
    {"LRP", GP_OP_LRP, K_VEC3, r_lrp},     {"DP3", GP_OP_DP3, K_VEC2, r_dp3},
    {"DP4", GP_OP_DP4, K_VEC2, r_dp4},     {"DPH", GP_OP_DPH, K_VEC2, r_dph},
    {"DP2", GP_OP_DP2, K_VEC2, r_dp2},     {"DP2A", GP_OP_DP2A, K_VEC3, r_dp2a},
    {"DST", GP_OP_DST, K_VEC2, r_dst},     {"XPD", GP_OP_XPD, K_VEC2, r_xpd},
    {"EX2", GP_OP_EX2, K_SCA1, r_ex2},     {"LG2", GP_OP_LG2, K_SCA1, r_lg2},
    {"RCP", GP_OP_RCP, K_SCA1, r_rcp},     {"RSQ", GP_OP_RSQ, K_SCA1, r_rsq},
    {"RCC", GP_OP_RCC, K_SCA1, r_rcc},     {"POW", GP_OP_POW, K_SCA2, r_pow},
    {"COS", GP_OP_COS, K_SCA1, r_cos},     {"SIN", GP_OP_SIN, K_SCA1, r_sin},
    {"SCS", GP_OP_SCS, K_SCA1, r_scs},     {"EXP", GP_OP_EXP, K_SCA1, r_exp},
    {"LOG", GP_OP_LOG, K_SCA1, r_log},     {"LIT", GP_OP_LIT, K_VEC1, r_lit},
    {"DIV", GP_OP_DIV, K_VECSCA, r_div},   {"NRM", GP_OP_NRM, K_VEC1, r_nrm},
    {"RFL", GP_OP_RFL, K_VEC2, r_rfl},     {"X2D", GP_OP_X2D, K_VEC3, r_x2d},
};

static const char *const swz_scalar[4] = {"x", "y", "z", "w"};

/* One run: OP o0.mask, i0, i1, i2 over inputs filled from the edge table
 * rotated by rot, executed on the lanes in live. */
static void run_one(tenv *e, const optest *t, int rot, uint32_t live, const char *mask)
{
    tprog tp;
    tp_init(&tp, GP_STAGE_VERTEX);
    int sel = rot & 3;
    gp_src a = S(IN(0), "xyzw"), b = S(IN(1), "xyzw"), c = S(IN(2), "xyzw");
    if (t->kind == K_SCA1 || t->kind == K_SCA2) {
        a = S(IN(0), swz_scalar[sel]);
        b = S(IN(1), swz_scalar[(sel + 1) & 3]);
    }
    if (t->kind == K_VECSCA)
        b = S(IN(1), swz_scalar[sel]);
    I3(&tp, t->op, D(OUT(0), mask), a, b, c);
    tp_end(&tp);

    for (int s = 0; s < 3; s++)
        for (int k = 0; k < 4; k++)
            for (int l = 0; l < GP_LANES; l++)
                e->in[s].c[k][l].f = edge[(l + 5 * k + 3 * s * (rot + 1) + rot) & 15];
    te_fill_out(e, SENTINEL);
    e->env.live_mask = live;
    e->env.helper_mask = 0;
    te_run(e, &tp);
    CHECK(e->env.status == GP_EXEC_OK, "%s status", t->name);

    uint32_t wm = D(OUT(0), mask).mask;
    for (int l = 0; l < GP_LANES; l++) {
        float av[4], bv[4], cv[4];
        for (int k = 0; k < 4; k++) {
            av[k] = e->in[0].c[k][l].f;
            bv[k] = e->in[1].c[k][l].f;
            cv[k] = e->in[2].c[k][l].f;
        }
        if (t->kind == K_SCA1 || t->kind == K_SCA2) {
            float sa = e->in[0].c[sel][l].f, sb = e->in[1].c[(sel + 1) & 3][l].f;
            for (int k = 0; k < 4; k++) {
                av[k] = sa;
                bv[k] = sb;
            }
        }
        if (t->kind == K_VECSCA) {
            float sb = e->in[1].c[sel][l].f;
            for (int k = 0; k < 4; k++)
                bv[k] = sb;
        }
        double want[4], tol[4];
        t->ref(av, bv, cv, want, tol);
        for (int k = 0; k < 4; k++) {
            float got = OUTF(e, 0, k, l);
            if (!((live >> l) & 1) || !((wm >> k) & 1)) {
                CHECK(t_bits(got) == t_bits(SENTINEL), "%s lane %d comp %d written (live %04x mask %s)",
                      t->name, l, k, live, mask);
                continue;
            }
            if (tol[k] < 0)
                continue;
            int ok = tol[k] == 0 ? t_same(got, (float)want[k]) : t_close(got, want[k], tol[k]);
            CHECK(ok, "%s(%g,%g,%g,%g | %g,%g,%g,%g | %g..) comp %d = %.9g (%08x), want %.9g",
                  t->name, av[0], av[1], av[2], av[3], bv[0], bv[1], bv[2], bv[3], cv[0], k,
                  got, t_bits(got), want[k]);
        }
    }
}

static void test_table(void)
{
    tenv *e = te_new();
    static const struct {
        uint32_t live;
        const char *mask;
    } masks[] = {
        {0xffffu, "xyzw"}, {0xa5c3u, "xz"}, {0x0180u, "yw"}, {0x7ffeu, "y"},
    };
    for (size_t i = 0; i < sizeof(tests) / sizeof(tests[0]); i++)
        for (int rot = 0; rot < 16; rot++)
            for (size_t m = 0; m < sizeof(masks) / sizeof(masks[0]); m++)
                run_one(e, &tests[i], rot, masks[m].live, masks[m].mask);
    te_free(e);
}

/* ---- values computed by hand from the spec text ------------------------------ */

/* Runs "OP o0, p0, p1, p2" with three parameter rows and returns o0 of lane 0. */
static void run_params(int op, const float *p0, const float *p1, const float *p2, float out[4],
                       const char *swz0)
{
    tenv *e = te_new();
    tprog tp;
    tp_init(&tp, GP_STAGE_FRAGMENT);
    te_param(e, 0, p0[0], p0[1], p0[2], p0[3]);
    if (p1)
        te_param(e, 1, p1[0], p1[1], p1[2], p1[3]);
    if (p2)
        te_param(e, 2, p2[0], p2[1], p2[2], p2[3]);
    I3(&tp, op, D(OUT(0), "xyzw"), S(PARAM(0), swz0 ? swz0 : "xyzw"), S(PARAM(1), "xyzw"),
       S(PARAM(2), "xyzw"));
    tp_end(&tp);
    te_fill_out(e, SENTINEL);
    te_run(e, &tp);
    for (int k = 0; k < 4; k++) {
        out[k] = OUTF(e, 0, k, 0);
        for (int l = 1; l < GP_LANES; l++)
            CHECK(t_bits(OUTF(e, 0, k, l)) == t_bits(out[k]), "uniform operands, lane %d differs", l);
    }
    te_free(e);
}

#define V4(...) ((const float[4]){__VA_ARGS__})
#define NEAR(got, want) (fabs((double)(got) - (double)(want)) <= 1e-6 * (fabs(want) > 1 ? fabs(want) : 1))

static void test_hand(void)
{
    float r[4];

    /* ARB_vertex_program 2.14.5.11: "the fractional portion of -1.7 is 0.3" */
    run_params(GP_OP_FRC, V4(-1.7f, 2.25f, -0.0f, 5.0f), NULL, NULL, r, NULL);
    CHECK(NEAR(r[0], 0.3) && r[1] == 0.25f && r[2] == 0.0f && !signbit(r[2]) && r[3] == 0.0f,
          "FRC = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* 2.14.5.10: floor(2.3) = 2, floor(-3.6) = -4; floor(-0) = -0 */
    run_params(GP_OP_FLR, V4(2.3f, -3.6f, -0.0f, -0.5f), NULL, NULL, r, NULL);
    CHECK(r[0] == 2.0f && r[1] == -4.0f && r[2] == 0.0f && signbit(r[2]) && r[3] == -1.0f,
          "FLR = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* 2.14.5.9: EXP(2.5) = (4, 0.5, 2^2.5, 1) */
    run_params(GP_OP_EXP, V4(2.5f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 4.0f && r[1] == 0.5f && fabs(r[2] - 5.656854249) < 5.656854249 / 2048 && r[3] == 1.0f,
          "EXP = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* EXP(-0.25) = (2^-1, 0.75, 2^-0.25, 1) */
    run_params(GP_OP_EXP, V4(-0.25f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 0.5f && r[1] == 0.75f && fabs(r[2] - 0.8408964) < 1.0 / 2048 && r[3] == 1.0f,
          "EXP(-0.25) = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* 2.14.5.14: LOG(8) = (3, 1, 3, 1); LOG(-10) uses |x|: (3, 1.25, log2 10, 1) */
    run_params(GP_OP_LOG, V4(8.0f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 3.0f && r[1] == 1.0f && fabs(r[2] - 3.0) < 1.0 / 2048 && r[3] == 1.0f,
          "LOG(8) = %g %g %g %g", r[0], r[1], r[2], r[3]);
    run_params(GP_OP_LOG, V4(0, -10.0f, 0, 0), NULL, NULL, r, "y");
    CHECK(r[0] == 3.0f && r[1] == 1.25f && fabs(r[2] - 3.321928) < 1.0 / 2048 && r[3] == 1.0f,
          "LOG(-10) = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* 2.14.5.13 LIT: (1, 0.5, 0.25^2, 1); x <= 0 forces z = 0; 0^0 = 1 */
    run_params(GP_OP_LIT, V4(0.5f, 0.25f, 99.0f, 2.0f), NULL, NULL, r, NULL);
    CHECK(r[0] == 1.0f && r[1] == 0.5f && NEAR(r[2], 0.0625) && r[3] == 1.0f,
          "LIT = %g %g %g %g", r[0], r[1], r[2], r[3]);
    run_params(GP_OP_LIT, V4(-0.5f, 0.25f, 99.0f, 2.0f), NULL, NULL, r, NULL);
    CHECK(r[0] == 1.0f && r[1] == 0.0f && r[2] == 0.0f && r[3] == 1.0f, "LIT(x<0) = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    run_params(GP_OP_LIT, V4(1.0f, 0.0f, 0.0f, 0.0f), NULL, NULL, r, NULL);
    CHECK(r[2] == 1.0f, "LIT 0^0 = %g", r[2]);
    run_params(GP_OP_LIT, V4(1.0f, -3.0f, 0.0f, 5.0f), NULL, NULL, r, NULL);
    CHECK(r[2] == 0.0f, "LIT y<0 clamps to 0: %g", r[2]);
    /* w clamped to +-(128-eps): 2^200 is out of the clamped range. */
    run_params(GP_OP_LIT, V4(1.0f, 2.0f, 0.0f, 200.0f), NULL, NULL, r, NULL);
    CHECK((double)r[2] < 3.41e38 && (double)r[2] > 3.39e38, "LIT w clamp: 2^(128-eps) = %g", r[2]);
    /* 2.14.5.7 DST([NA, d^2, d^2, NA], [NA, 1/d, NA, 1/d]) = (1, d, d^2, 1/d), d = 4 */
    run_params(GP_OP_DST, V4(9.0f, 16.0f, 16.0f, 9.0f), V4(9.0f, 0.25f, 9.0f, 0.25f), NULL, r, NULL);
    CHECK(r[0] == 1.0f && r[1] == 4.0f && r[2] == 16.0f && r[3] == 0.25f, "DST = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    /* 2.14.5.21: RCP(1) = 1 exactly, RCP(+-0) = +-INF (IEEE) */
    run_params(GP_OP_RCP, V4(1.0f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 1.0f && r[3] == 1.0f, "RCP(1) = %g", r[0]);
    run_params(GP_OP_RCP, V4(0.0f, -0.0f, 0, 0), NULL, NULL, r, "y");
    CHECK(isinf(r[0]) && r[0] < 0, "RCP(-0) = %g", r[0]);
    run_params(GP_OP_RCP, V4(0.0f, -0.0f, 0, 0), NULL, NULL, r, "x");
    CHECK(isinf(r[0]) && r[0] > 0, "RCP(+0) = %g", r[0]);
    /* 2.14.5.22: RSQ(4) = RSQ(-4) = 0.5; RSQ(0) = +INF */
    run_params(GP_OP_RSQ, V4(4.0f, -4.0f, 0.0f, 0), NULL, NULL, r, "y");
    CHECK(r[0] == 0.5f, "RSQ(-4) = %g", r[0]);
    run_params(GP_OP_RSQ, V4(4.0f, -4.0f, -0.0f, 0), NULL, NULL, r, "z");
    CHECK(isinf(r[0]) && r[0] > 0, "RSQ(-0) = %g", r[0]);
    /* NV_vertex_program2_option 2.14.5.33 RCC: clamps */
    run_params(GP_OP_RCC, V4(0.0f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 18446744073709551616.0f, "RCC(+0) = %g", r[0]);
    run_params(GP_OP_RCC, V4(-0.0f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == -18446744073709551616.0f, "RCC(-0) = %g", r[0]);
    run_params(GP_OP_RCC, V4(ldexpf(1.0f, 70), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == ldexpf(1.0f, -64), "RCC(2^70) = %g", r[0]);
    run_params(GP_OP_RCC, V4(-0.5f, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == -2.0f, "RCC(-0.5) = %g", r[0]);
    /* NV_vertex_program2_option 2.14.5.41 SSG */
    run_params(GP_OP_SSG, V4(-3.0f, 0.0f, 5.0f, -0.0f), NULL, NULL, r, NULL);
    CHECK(r[0] == -1.0f && r[1] == 0.0f && r[2] == 1.0f && r[3] == 0.0f, "SSG = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    /* 2.14.5.27 XPD(x, y) = z */
    run_params(GP_OP_XPD, V4(1, 0, 0, 0), V4(0, 1, 0, 0), NULL, r, NULL);
    CHECK(r[0] == 0.0f && r[1] == 0.0f && r[2] == 1.0f, "XPD = %g %g %g", r[0], r[1], r[2]);
    /* NV_fragment_program_option 3.11.5.47 X2D: 1+3*5+4*6 = 40, 2+3*7+4*8 = 55 */
    run_params(GP_OP_X2D, V4(1, 2, 0, 0), V4(3, 4, 0, 0), V4(5, 6, 7, 8), r, NULL);
    CHECK(r[0] == 40.0f && r[1] == 55.0f && r[2] == 40.0f && r[3] == 55.0f, "X2D = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    /* 3.11.5.36 RFL: axis (0,0,2), dir (1,0,-1): 2*(-2)/4 = -1 -> (-1, 0, -1) */
    run_params(GP_OP_RFL, V4(0, 0, 2, 0), V4(1, 0, -1, 0), NULL, r, NULL);
    CHECK(r[0] == -1.0f && r[1] == 0.0f && r[2] == -1.0f, "RFL = %g %g %g", r[0], r[1], r[2]);
    /* NV_fragment_program2 3.11.5.51 NRM(3,0,4) = (0.6, 0, 0.8) */
    run_params(GP_OP_NRM, V4(3, 0, 4, 7), NULL, NULL, r, NULL);
    CHECK(NEAR(r[0], 0.6) && r[1] == 0.0f && NEAR(r[2], 0.8), "NRM = %g %g %g", r[0], r[1], r[2]);
    /* DP2A: 1*3 + 2*4 + 5 = 16; DPH: 4 + 10 + 18 + 7 = 39 */
    run_params(GP_OP_DP2A, V4(1, 2, 100, 100), V4(3, 4, 100, 100), V4(5, 100, 100, 100), r, NULL);
    CHECK(r[0] == 16.0f && r[3] == 16.0f, "DP2A = %g", r[0]);
    run_params(GP_OP_DPH, V4(1, 2, 3, 100), V4(4, 5, 6, 7), NULL, r, NULL);
    CHECK(r[0] == 39.0f && r[1] == 39.0f, "DPH = %g", r[0]);
    /* SCS(0) = (1, 0); ARB_fragment_program 3.11.5.14 LRP(0.25, 4, 8) = 1 + 6 */
    run_params(GP_OP_SCS, V4(0, 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 1.0f && r[1] == 0.0f, "SCS(0) = %g %g", r[0], r[1]);
    run_params(GP_OP_LRP, V4(0.25f, 0.25f, 0.25f, 0.25f), V4(4, 4, 4, 4), V4(8, 8, 8, 8), r, NULL);
    CHECK(r[0] == 7.0f, "LRP = %g", r[0]);
    /* 3.11.5.3 CMP: -1 < 0 picks b; 0 and -0 are not < 0; NaN picks c */
    run_params(GP_OP_CMP, V4(-1.0f, 0.0f, -0.0f, NAN), V4(2, 2, 2, 2), V4(3, 3, 3, 3), r, NULL);
    CHECK(r[0] == 2.0f && r[1] == 3.0f && r[2] == 3.0f && r[3] == 3.0f, "CMP = %g %g %g %g", r[0],
          r[1], r[2], r[3]);
    /* MAX/MIN with NaN follow the pseudocode literally */
    run_params(GP_OP_MAX, V4(NAN, 1.0f, -0.0f, 0.0f), V4(1.0f, NAN, 0.0f, -0.0f), NULL, r, NULL);
    CHECK(r[0] == 1.0f && isnan(r[1]) && r[2] == 0.0f && !signbit(r[2]) && signbit(r[3]),
          "MAX = %g %g %g %g", r[0], r[1], r[2], r[3]);
    run_params(GP_OP_MIN, V4(NAN, 1.0f, -0.0f, 0.0f), V4(1.0f, NAN, 0.0f, -0.0f), NULL, r, NULL);
    CHECK(isnan(r[0]) && r[1] == 1.0f && signbit(r[2]) && !signbit(r[3]), "MIN = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    /* SEQ(-0, +0) = 1; SNE(NaN, NaN) = 1; SGE(NaN, 1) = 0 */
    run_params(GP_OP_SEQ, V4(-0.0f, NAN, 1, 2), V4(0.0f, NAN, 1, 3), NULL, r, NULL);
    CHECK(r[0] == 1.0f && r[1] == 0.0f && r[2] == 1.0f && r[3] == 0.0f, "SEQ = %g %g %g %g", r[0],
          r[1], r[2], r[3]);
    run_params(GP_OP_SNE, V4(-0.0f, NAN, 1, 2), V4(0.0f, NAN, 1, 3), NULL, r, NULL);
    CHECK(r[0] == 0.0f && r[1] == 1.0f && r[2] == 0.0f && r[3] == 1.0f, "SNE = %g %g %g %g", r[0],
          r[1], r[2], r[3]);
    /* 2.14.5.19: +-0 * x = +-0 for finite x */
    run_params(GP_OP_MUL, V4(0.0f, -0.0f, 1.0f, 0.0f), V4(-5.0f, 5.0f, -0.0f, 1e-40f), NULL, r, NULL);
    CHECK(r[0] == 0.0f && signbit(r[0]) && signbit(r[1]) && signbit(r[2]) && !signbit(r[3]),
          "MUL zeros");
    /* DIV: each component by the scalar (3.11.5.48) */
    run_params(GP_OP_DIV, V4(1, -2, 3, 0), V4(4, 0, 0, 0), NULL, r, NULL);
    CHECK(r[0] == 0.25f && r[1] == -0.5f && r[2] == 0.75f && r[3] == 0.0f, "DIV = %g %g %g %g", r[0],
          r[1], r[2], r[3]);
    /* SWZ (2.14.5.26): "SWZ d, a, -y, 1, 0, -x" on a = (2, 3, 4, 5) */
    {
        tenv *e = te_new();
        tprog tp;
        tp_init(&tp, GP_STAGE_VERTEX);
        te_param(e, 0, 2, 3, 4, 5);
        I1(&tp, GP_OP_SWZ, D(OUT(0), ""), S(PARAM(0), "-y10-x"));
        tp_end(&tp);
        te_run(e, &tp);
        CHECK(OUTF(e, 0, 0, 5) == -3.0f && OUTF(e, 0, 1, 5) == 1.0f && OUTF(e, 0, 2, 5) == 0.0f &&
                  OUTF(e, 0, 3, 5) == -2.0f,
              "SWZ = %g %g %g %g", OUTF(e, 0, 0, 5), OUTF(e, 0, 1, 5), OUTF(e, 0, 2, 5),
              OUTF(e, 0, 3, 5));
        te_free(e);
    }
}

/* NV_fragment_program_option 3.11.5.32 - 3.11.5.46, by hand. */
static void test_pack(void)
{
    float r[4];
    /* PK2H(1, -2): 0x3c00 | 0xc000 << 16 */
    run_params(GP_OP_PK2H, V4(1.0f, -2.0f, 9, 9), NULL, NULL, r, NULL);
    CHECK(t_bits(r[0]) == 0xc0003c00u && t_bits(r[3]) == 0xc0003c00u, "PK2H = %08x", t_bits(r[0]));
    /* fp16 rounding: 65519 -> 65504 (0x7bff), 65520 -> INF, 2^-24 -> 0x0001 */
    run_params(GP_OP_PK2H, V4(65519.0f, 65520.0f, 0, 0), NULL, NULL, r, NULL);
    CHECK(t_bits(r[0]) == (0x7bffu | 0x7c00u << 16), "PK2H range = %08x", t_bits(r[0]));
    run_params(GP_OP_PK2H, V4(ldexpf(1, -24), -ldexpf(3, -26), 0, 0), NULL, NULL, r, NULL);
    /* -3*2^-26 = -0.75 ulp of the smallest denormal: rounds to -1 ulp (0x8001) */
    CHECK(t_bits(r[0]) == (0x0001u | 0x8001u << 16), "PK2H denormals = %08x", t_bits(r[0]));
    /* PK2US(0.5, 1): round(32767.5) = 32768 */
    run_params(GP_OP_PK2US, V4(0.5f, 1.0f, 0, 0), NULL, NULL, r, NULL);
    CHECK(t_bits(r[0]) == 0xffff8000u, "PK2US = %08x", t_bits(r[0]));
    /* PK4UB(0, 1, 0.5, 2): 0x00 0xff 0x80 0xff */
    run_params(GP_OP_PK4UB, V4(0.0f, 1.0f, 0.5f, 2.0f), NULL, NULL, r, NULL);
    CHECK(t_bits(r[0]) == 0xff80ff00u, "PK4UB = %08x", t_bits(r[0]));
    /* PK4B(-1, 1, 0, -2): 127*-1+128 = 1, 255, 128, clamp -> 0 */
    run_params(GP_OP_PK4B, V4(-1.0f, 1.0f, 0.0f, -2.0f), NULL, NULL, r, NULL);
    CHECK(t_bits(r[0]) == 0x0080ff01u, "PK4B = %08x", t_bits(r[0]));
    /* UP4UB(0xff80ff00) = (0, 1, 128/255, 1) */
    run_params(GP_OP_UP4UB, V4(t_float(0xff80ff00u), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 0.0f && r[1] == 1.0f && r[2] == 128.0f / 255.0f && r[3] == 1.0f,
          "UP4UB = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* UP4B(0x0080ff01) = (-1, 1, 0, -128/127) */
    run_params(GP_OP_UP4B, V4(t_float(0x0080ff01u), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == -1.0f && r[1] == 1.0f && r[2] == 0.0f && r[3] == -128.0f / 127.0f,
          "UP4B = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* UP2US(0xffff8000) = (32768/65535, 1, 32768/65535, 1) */
    run_params(GP_OP_UP2US, V4(t_float(0xffff8000u), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 32768.0f / 65535.0f && r[1] == 1.0f && r[2] == r[0] && r[3] == 1.0f,
          "UP2US = %g %g %g %g", r[0], r[1], r[2], r[3]);
    /* UP2H(0xc0003c00) = (1, -2, 1, -2); 0x7c01 is a NaN, 0x0001 = 2^-24 */
    run_params(GP_OP_UP2H, V4(t_float(0xc0003c00u), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == 1.0f && r[1] == -2.0f && r[2] == 1.0f && r[3] == -2.0f, "UP2H = %g %g %g %g",
          r[0], r[1], r[2], r[3]);
    run_params(GP_OP_UP2H, V4(t_float(0x7c010001u), 0, 0, 0), NULL, NULL, r, "x");
    CHECK(r[0] == ldexpf(1, -24) && isnan(r[1]), "UP2H specials = %g %g", r[0], r[1]);
}

int main(void)
{
    T_BOTH_PATHS {
        test_table();
        test_hand();
        test_pack();
    }
    return t_report("exec_alu");
}
