/*
 * test_exec_common.h - helpers shared by the executor tests
 * (glprog/tests/test_exec_*.c): a CHECK macro, a tiny builder for
 * hand-written IR programs (gp_ir.h), and a test environment with inputs,
 * outputs, a parameter table and a machine.  Single-threaded test code; every
 * function is static so each test file is self-contained.
 *
 * Builder conventions: S(file, index, "swz") is an operand ("xyzw", "yxwz",
 * "x" = replicated scalar, "xy01" with ZERO/ONE for SWZ; a '-' before a
 * letter negates that component); D(file, index, "mask") a destination.
 */
#ifndef GLPROG_TESTS_TEST_EXEC_COMMON_H
#define GLPROG_TESTS_TEST_EXEC_COMMON_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp_ir.h"

static int t_failures;
static int t_checks;
/* Machines made by te_new run the executor's fast paths (1) or its
 * generic path only (0); the tests' main functions run everything both
 * ways (T_BOTH_PATHS). */
static int t_fast_paths = 1;

static inline int t_paths_banner(void)
{
    if (!t_fast_paths)
        printf("-- again with the executor's fast paths off\n");
    return 1;
}

#define T_BOTH_PATHS for (t_fast_paths = 1; t_fast_paths >= 0 && t_paths_banner(); t_fast_paths--)

#define CHECK(cond, ...)                                              \
    do {                                                              \
        t_checks++;                                                   \
        if (!(cond)) {                                                \
            t_failures++;                                             \
            if (t_failures <= 60) {                                   \
                printf("FAIL %s:%d: ", __FILE__, __LINE__);           \
                printf(__VA_ARGS__);                                  \
                printf("\n");                                         \
            }                                                         \
        }                                                             \
    } while (0)

static inline int t_report(const char *name)
{
    printf("%s: %d checks, %d failures\n", name, t_checks, t_failures);
    return t_failures ? 1 : 0;
}

static inline uint32_t t_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static inline float t_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* The first component (row * 4 + comp) * GP_LANES + lane of the
 * GP_VARY_COUNT output rows where a and b differ, or -1: bit for bit,
 * except that a NaN matches any NaN (counted in *nan_pairs), since which
 * payload x86 returns when two NaNs meet in a + or * is the compiler's
 * choice of operand order, not the C source's. */
static inline int t_rows_differ(const gp_vec *a, const gp_vec *b, int *nan_pairs)
{
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t x = a[s].c[c][l].u, y = b[s].c[c][l].u;
                if (x == y)
                    continue;
                if ((x & 0x7fffffffu) > 0x7f800000u && (y & 0x7fffffffu) > 0x7f800000u) {
                    (*nan_pairs)++;
                    continue;
                }
                return (s * 4 + c) * GP_LANES + l;
            }
    return -1;
}

/* Exact comparison: same bits, or both NaN (any payload). */
static inline int t_same(float got, float want)
{
    if (isnan(want))
        return isnan(got);
    return t_bits(got) == t_bits(want);
}

/* Within tol relative (or absolute below 1), INF/NaN must match exactly. */
static inline int t_close(float got, double want, double tol)
{
    if (isnan(want))
        return isnan(got);
    if (isinf(want))
        return isinf(got) && (got > 0) == (want > 0);
    if (isnan(got) || isinf(got)) {
        /* A finite reference just outside the float range may round to INF. */
        return isinf(got) && fabs(want) > FLT_MAX * (1.0 - tol) && (got > 0) == (want > 0);
    }
    double err = fabs((double)got - want);
    double mag = fabs(want) > 1.0 ? fabs(want) : 1.0;
    return err <= tol * mag;
}

/* ---- program builder ------------------------------------------------------- */

enum { T_MAX_INSNS = 256 };

typedef struct tprog {
    gp_program p;
    gp_insn code[T_MAX_INSNS];
    int n;
} tprog;

static inline void tp_init(tprog *t, gp_stage stage)
{
    memset(t, 0, sizeof(*t));
    t->p.info.stage = stage;
    t->p.insns = t->code;
    t->p.num_temps = 16;
    t->p.num_address = 2;
    t->p.info.num_params = 64;
}

static inline gp_insn *tp_add(tprog *t, int op)
{
    gp_insn *in = &t->code[t->n++];
    memset(in, 0, sizeof(*in));
    in->op = (uint16_t)op;
    in->target = -1;
    return in;
}

static inline int tp_here(const tprog *t)
{
    return t->n;
}

static inline void tp_end(tprog *t)
{
    tp_add(t, GP_OP_END);
    t->p.num_insns = t->n;
}

static inline gp_src S(int file, int index, const char *swz)
{
    gp_src s;
    memset(&s, 0, sizeof(s));
    s.file = (uint8_t)file;
    s.index = index;
    s.rel_lo = s.rel_hi = index;
    int n = 0;
    uint8_t sel[4] = {0, 1, 2, 3};
    for (const char *p = swz; *p && n < 4; p++) {
        int neg = 0;
        if (*p == '-') {
            neg = 1;
            p++;
        }
        int v;
        switch (*p) {
        case 'x': v = GP_SWZ_X; break;
        case 'y': v = GP_SWZ_Y; break;
        case 'z': v = GP_SWZ_Z; break;
        case 'w': v = GP_SWZ_W; break;
        case '0': v = GP_SWZ_ZERO; break;
        default: v = GP_SWZ_ONE; break;
        }
        sel[n] = (uint8_t)v;
        if (neg)
            s.negate |= (uint8_t)(1u << n);
        n++;
    }
    if (n == 1) { /* scalar: replicate */
        sel[1] = sel[2] = sel[3] = sel[0];
        if (s.negate)
            s.negate = 0xf;
    }
    memcpy(s.swz, sel, 4);
    return s;
}

static inline gp_src neg(gp_src s)
{
    s.negate ^= 0xf;
    return s;
}

static inline gp_src absv(gp_src s)
{
    s.abs = 1;
    return s;
}

/* Relative: index + A[areg].comp, valid within [lo, hi]. */
static inline gp_src rel(gp_src s, int areg, int comp, int lo, int hi)
{
    s.rel = 1;
    s.rel_file = GP_FILE_ADDRESS;
    s.rel_reg = (uint8_t)areg;
    s.rel_comp = (uint8_t)comp;
    s.rel_lo = lo;
    s.rel_hi = hi;
    return s;
}

static inline gp_dst D(int file, int index, const char *mask)
{
    gp_dst d;
    memset(&d, 0, sizeof(d));
    d.file = (uint8_t)file;
    d.index = index;
    d.rel_lo = d.rel_hi = index;
    if (!mask || !*mask) {
        d.mask = 0xf;
    } else {
        for (const char *p = mask; *p; p++)
            d.mask |= (uint8_t)(1u << (*p == 'x' ? 0 : *p == 'y' ? 1 : *p == 'z' ? 2 : 3));
    }
    return d;
}

static inline gp_cc_test CC(int cond, int reg, const char *swz)
{
    gp_cc_test t;
    memset(&t, 0, sizeof(t));
    t.cond = (uint8_t)cond;
    t.reg = (uint8_t)reg;
    gp_src s = S(GP_FILE_NONE, 0, swz ? swz : "xyzw");
    memcpy(t.swz, s.swz, 4);
    return t;
}

/* Instruction shorthands. */
static inline gp_insn *I1(tprog *t, int op, gp_dst d, gp_src a)
{
    gp_insn *in = tp_add(t, op);
    in->dst = d;
    in->src[0] = a;
    return in;
}

static inline gp_insn *I2(tprog *t, int op, gp_dst d, gp_src a, gp_src b)
{
    gp_insn *in = I1(t, op, d, a);
    in->src[1] = b;
    return in;
}

static inline gp_insn *I3(tprog *t, int op, gp_dst d, gp_src a, gp_src b, gp_src c)
{
    gp_insn *in = I2(t, op, d, a, b);
    in->src[2] = c;
    return in;
}

/* Flow instruction with an optional condition and target. */
static inline gp_insn *IF_(tprog *t, int op, gp_cc_test cond, int target)
{
    gp_insn *in = tp_add(t, op);
    in->cond = cond;
    in->target = target;
    return in;
}

#define TEMP(n) GP_FILE_TEMP, (n)
#define IN(n) GP_FILE_INPUT, (n)
#define OUT(n) GP_FILE_OUTPUT, (n)
#define PARAM(n) GP_FILE_PARAM, (n)
#define ADDR(n) GP_FILE_ADDRESS, (n)

/* ---- environment ------------------------------------------------------------ */

typedef struct tenv {
    gp_vec in[GP_VARY_COUNT];
    gp_vec out[GP_VARY_COUNT];
    gp_val params[64][4];
    gp_exec_env env;
    gp_machine *m;
} tenv;

static inline tenv *te_new(void)
{
    tenv *e = calloc(1, sizeof(*e));
    if (!e)
        abort();
    e->m = gp_machine_create();
    if (!e->m)
        abort();
    gp_machine_set_fast_paths(e->m, t_fast_paths != 0);
    e->env.machine = e->m;
    e->env.inputs = e->in;
    e->env.outputs = e->out;
    e->env.params = (const gp_val(*)[4])e->params;
    e->env.live_mask = 0xffffu;
    return e;
}

static inline void te_free(tenv *e)
{
    gp_machine_free(e->m);
    free(e);
}

/* Fills every output component of every lane with v (a sentinel). */
static inline void te_fill_out(tenv *e, float v)
{
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                e->out[s].c[c][l].f = v;
}

static inline void te_param(tenv *e, int row, float x, float y, float z, float w)
{
    e->params[row][0].f = x;
    e->params[row][1].f = y;
    e->params[row][2].f = z;
    e->params[row][3].f = w;
}

/* Sets input slot comp c of every lane to v. */
static inline void te_in_all(tenv *e, int slot, float x, float y, float z, float w)
{
    for (int l = 0; l < GP_LANES; l++) {
        e->in[slot].c[0][l].f = x;
        e->in[slot].c[1][l].f = y;
        e->in[slot].c[2][l].f = z;
        e->in[slot].c[3][l].f = w;
    }
}

static inline void te_run(tenv *e, tprog *t)
{
    if (!t->p.num_insns)
        tp_end(t);
    e->env.machine = e->m;
    gp_exec(&t->p, &e->env);
}

static inline float OUTF(const tenv *e, int slot, int c, int lane)
{
    return e->out[slot].c[c][lane].f;
}

/* Copies p's constant parameter rows into e's table (state rows read 0). */
static inline void te_bind_consts(tenv *e, const gp_program *p)
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= 64, "too many params for the test table");
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].kind == GP_PARAM_CONST ? info->params[i].value[c]
                                                                      : (gp_val){.u = 0};
}

/* p's disassembly in a new buffer (the caller frees it). */
static inline char *t_print_alloc(const gp_program *p)
{
    size_t need = gp_program_print(p, NULL, 0);
    char *buf = malloc(need + 1);
    if (!buf)
        abort();
    gp_program_print(p, buf, need + 1);
    return buf;
}

/* src compiled for stage st with the default limits; a failure is a check
 * failure (NULL). */
static inline gp_program *t_compile(const char *src, gp_stage st)
{
    gp_limits lim;
    gp_limits_default(&lim, st);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), st, &lim, &err);
    CHECK(p != NULL, "compile: line %d col %d: %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

/* The program as printed, compiled again; its print must equal the first
 * (a fixed point).  NULL if it does not compile. */
static inline gp_program *t_reprint(const gp_program *p, gp_stage st, const char *name)
{
    char *a = t_print_alloc(p);
    gp_error err;
    gp_program *q = gp_compile(a, strlen(a), st, NULL, &err);
    CHECK(q != NULL, "%s: printed program does not compile (%d:%d %s):\n%s", name, err.line, err.col,
          err.msg, a);
    if (q) {
        char *b = t_print_alloc(q);
        CHECK(strcmp(a, b) == 0, "%s: print is not a fixed point:\n%s---\n%s", name, a, b);
        free(b);
    }
    free(a);
    return q;
}

/* Runs the vertex program src and its reprint over 16 lanes (constants
 * bound) and checks that every lane wrote want[] (bits) to
 * result.texcoord[0]. */
static inline void t_run_texcoord0(const char *name, const char *src, const uint32_t want[4])
{
    gp_program *p0 = t_compile(src, GP_STAGE_VERTEX);
    if (!p0)
        return;
    gp_program *p1 = t_reprint(p0, GP_STAGE_VERTEX, name);
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        te_bind_consts(e, p);
        te_fill_out(e, -100.0f);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
        for (int l = 0; l < GP_LANES; l++)
            for (int c = 0; c < 4; c++) {
                uint32_t got = e->out[GP_VARY_TEX0].c[c][l].u;
                if (l == 0 || got != want[c])
                    CHECK(got == want[c], "%s%s: lane %d comp %d = 0x%08x (%d), want 0x%08x (%d)", name,
                          k ? " (reprinted)" : "", l, c, got, (int32_t)got, want[c], (int32_t)want[c]);
            }
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

#endif /* GLPROG_TESTS_TEST_EXEC_COMMON_H */
