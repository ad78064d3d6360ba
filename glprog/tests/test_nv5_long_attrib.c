/*
 * test_nv5_long_attrib.c - glprog.nv5_long_attrib: NV_gpu_program5 "LONG
 * ATTRIB" (2.X.3.1: 64-bit vertex program inputs, the values of
 * EXT_vertex_attrib_64bit / NV_vertex_attrib_integer_64bit).
 *   1. Fetch: attribute slot n's low words in input row n, its high words
 *      in row GP_VIN_LONG_HI + n (glprog.h); S64 / U64 / F64 operands read
 *      lo | hi << 32, per lane (every lane gets its own value), 32-bit
 *      operands narrow (S / U: the low word; F: (float)double), a plain
 *      ATTRIB of the same slot sees the low words; relative addressing of
 *      a LONG ATTRIB array moves both rows; info.inputs_read has the high
 *      rows' bits.  Run for the program and its reprint (the printer
 *      declares "LONG ATTRIB"), through both executor paths.
 *   2. Declarations: LONG ATTRIB only in vertex programs of NV5, only on
 *      vertex attributes (not vertex.id), LONG OUTPUT still refused.
 * Expected values are worked out by hand in the comments.
 *
 * covers: DT.LONG DT.INT64 MOD.S64 MOD.U64 MOD.F64 OP.UP64
 */
#include "test_exec_common.h"

#include "glprog.h"

/* The 64-bit value of component c of attribute slot `slot` on lane l. */
static void set_long(tenv *e, int slot, int c, int l, uint64_t v)
{
    e->in[slot].c[c][l].u = (uint32_t)v;
    e->in[GP_VIN_LONG_HI + slot].c[c][l].u = (uint32_t)(v >> 32);
}

static uint64_t dbits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

/* Inputs of every case, per lane l (0..15):
 *   attrib[3]  = (2^40 + 3 + l, -(2^33) - l, 0xffffffff_00000000, 5)   int64
 *   attrib[4]  = (1.0000000000000002, 2^-40, -1.5, 3.0)               doubles
 *   attrib[5]  = (10 + l) << 32 | 7, (0,0,0)  int64
 *   attrib[6]  = (20 + l) << 32 | 8, (0,0,0)
 *   attrib[7]  = (30 + l) << 32 | 9, (0,0,0)
 *   attrib[1].x = l % 3 (32-bit int, the array index) */
static void fill_inputs(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++) {
        set_long(e, 3, 0, l, (1ull << 40) + 3u + (uint64_t)l);
        set_long(e, 3, 1, l, (uint64_t)(-(int64_t)(1ll << 33) - l));
        set_long(e, 3, 2, l, 0xffffffff00000000ull);
        set_long(e, 3, 3, l, 5);
        set_long(e, 4, 0, l, dbits(1.0000000000000002));
        set_long(e, 4, 1, l, dbits(0x1p-40));
        set_long(e, 4, 2, l, dbits(-1.5));
        set_long(e, 4, 3, l, dbits(3.0));
        for (int k = 0; k < 3; k++) {
            set_long(e, 5 + k, 0, l, (uint64_t)(10 * (k + 1) + l) << 32 | (uint64_t)(7 + k));
            for (int c = 1; c < 4; c++)
                set_long(e, 5 + k, c, l, 0);
        }
        e->in[1].c[0][l].i = l % 3;
    }
}

typedef void (*want_fn)(int lane, uint32_t w[4]);

/* Compiles "!!NVvp5.0 <decls> TEMP r; LONG TEMP t; <body> MOV.U
 * result.texcoord[0], r; ..." and checks result.texcoord[0] (bits) of
 * every lane against want(lane), for the program and its reprint. */
static void run(const char *name, const char *body, want_fn want)
{
    char src[4096];
    snprintf(src, sizeof(src),
             "!!NVvp5.0\nLONG ATTRIB a = vertex.attrib[3];\nLONG ATTRIB d = vertex.attrib[4];\n"
             "LONG ATTRIB arr[] = { vertex.attrib[5..7] };\nATTRIB lo = vertex.attrib[3];\n"
             "ATTRIB idx = vertex.attrib[1];\nTEMP r;\nINT TEMP i;\nLONG TEMP t;\n"
             "MOV.U r, 0x5a5a5a5a;\n%s\nMOV.U result.texcoord[0], r;\nMOV result.position, 0;\nEND\n",
             body);
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
        fill_inputs(e);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "%s: status %d", name, e->env.status);
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t w[4];
            want(l, w);
            for (int c = 0; c < 4; c++) {
                uint32_t got = e->out[GP_VARY_TEX0].c[c][l].u;
                CHECK(got == w[c], "%s%s: lane %d comp %d = 0x%08x, want 0x%08x", name, k ? " (reprinted)" : "",
                      l, c, got, w[c]);
            }
        }
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

/* UP64 of a.xy: 2^40 + 3 + l = lo 3 + l, hi 0x100; -(2^33) - l in two's
 * complement: l = 0 is 0xfffffffe_00000000, l > 0 is 0xfffffffd_(2^32 - l) */
static void w_raw(int l, uint32_t w[4])
{
    uint64_t y = (uint64_t)(-(int64_t)(1ll << 33) - l);
    w[0] = 3u + (uint32_t)l;
    w[1] = 0x100u;
    w[2] = (uint32_t)y;
    w[3] = (uint32_t)(y >> 32);
    if (l == 0)
        w[2] = 0, w[3] = 0xfffffffeu;
}

/* ADD.S64 t, a, 1: x = 2^40 + 4 + l (lo 4 + l, hi 0x100); z + 1 =
 * 0xffffffff_00000001 */
static void w_add_s64(int l, uint32_t w[4])
{
    w[0] = 4u + (uint32_t)l;
    w[1] = 0x100u;
    w[2] = 1u;
    w[3] = 0xffffffffu;
}

/* ADD.F64 t, d, d: 2 * 1.0000000000000002 = 2.0000000000000004 =
 * 0x40000000_00000001; 2 * 2^-40 = 2^-39 = 0x3d800000_00000000 */
static void w_add_f64(int l, uint32_t w[4])
{
    (void)l;
    w[0] = 1u;
    w[1] = 0x40000000u;
    w[2] = 0u;
    w[3] = 0x3d800000u;
}

/* SUB.F64 t.x, d.x, 1.0: 1.0000000000000002 - 1 = 2^-52 =
 * 0x3cb00000_00000000 (a float attribute would hold 1.0f and give 0);
 * SGT.F64 t.y, t.x, 0.0: true = 1.0 = 0x3ff00000_00000000 */
static void w_sub_f64(int l, uint32_t w[4])
{
    (void)l;
    w[0] = 0u;
    w[1] = 0x3cb00000u;
    w[2] = 0u;
    w[3] = 0x3ff00000u; /* SGT.F64 true = 1.0 */
}

/* 32-bit operands: MOV.U r.x, a.x = low word 3 + l; MOV.S r.y, a.z = low
 * word 0; MOV.F r.z, d.z = (float)-1.5 = 0xbfc00000; MOV.U r.w, lo.x (a
 * plain ATTRIB of slot 3) = 3 + l */
static void w_narrow(int l, uint32_t w[4])
{
    w[0] = 3u + (uint32_t)l;
    w[1] = 0u;
    w[2] = 0xbfc00000u;
    w[3] = 3u + (uint32_t)l;
}

/* arr[i.x], i = l % 3: slot 5 + l % 3, x = (10 * (l % 3 + 1) + l) << 32 |
 * (7 + l % 3) */
static void w_rel(int l, uint32_t w[4])
{
    int k = l % 3;
    w[0] = 7u + (uint32_t)k;
    w[1] = (uint32_t)(10 * (k + 1) + l);
    w[2] = 0u;
    w[3] = 0u;
}

/* SLT.S64 t.x, a.x, 2^40 + 8: 2^40 + 3 + l < 2^40 + 8 for l < 5;
 * SLT.S64 t.y, a.y, -1: -(2^33) - l < -1 on every lane (as 32 bits the low
 * word 2^32 - l would be -l, not below -1 for l = 0 or 1).  TRUE is -1 =
 * 0xffffffff_ffffffff, FALSE 0 (NV_gpu_program4 SLT); UP64 of (x, y). */
static void w_cmp(int l, uint32_t w[4])
{
    uint32_t x = l < 5 ? 0xffffffffu : 0u;
    w[0] = x;
    w[1] = x;
    w[2] = 0xffffffffu;
    w[3] = 0xffffffffu;
}

/* CVT.F64.S64 t.x, a.x: 2^40 + 3 + l exactly as a double: 2^40 * (1 +
 * (3 + l) * 2^-40): exponent 1023 + 40 = 0x427, mantissa (3 + l) << 12
 * (52 - 40 = 12) -> 0x42700000_00000000 | (3 + l) << 12; then CVT.S64.F64
 * t.y, d.w = 3 */
static void w_cvt(int l, uint32_t w[4])
{
    w[0] = (3u + (uint32_t)l) << 12;
    w[1] = 0x42700000u;
    w[2] = 3u;
    w[3] = 0u;
}

static void test_fetch(void)
{
    run("raw", "UP64.U r, a;", w_raw);
    run("ADD.S64", "ADD.S64 t, a, 1;\nUP64.U r, t.xzxz;", w_add_s64);
    run("ADD.F64", "ADD.F64 t, d, d;\nUP64.U r, t;", w_add_f64);
    run("SUB.F64", "SUB.F64 t.x, d.x, 1.0;\nSGT.F64 t.y, t.x, 0.0;\nUP64.U r, t;", w_sub_f64);
    run("narrow", "MOV.U r.x, a.x;\nMOV.S r.y, a.z;\nMOV.F r.z, d.z;\nMOV.U r.w, lo.x;", w_narrow);
    run("relative", "MOV.S i, idx;\nMOV.U64 t, arr[i.x];\nUP64.U r, t;", w_rel);
    run("compare", "SLT.S64 t.x, a.x, 1099511627784;\nSLT.S64 t.y, a.y, -1;\nUP64.U r, t;", w_cmp);
    run("CVT", "CVT.F64.S64 t.x, a.x;\nCVT.S64.F64 t.y, d.w;\nUP64.U r, t;", w_cvt);
}

/* inputs_read: the low rows and the high rows GP_VIN_LONG_HI + n */
static void test_info(void)
{
    CHECK((int)GP_VIN_ROWS <= 64 && (int)GP_VIN_ROWS <= (int)GP_VARY_COUNT, "GP_VIN_ROWS %d", GP_VIN_ROWS);
    const char *src = "!!NVvp5.0\nLONG ATTRIB a = vertex.attrib[3];\nLONG ATTRIB arr[] = { vertex.attrib[5..7] };\n"
                      "INT TEMP i;\nLONG TEMP t;\nMOV.U64 t, a;\nMOV.S i, vertex.attrib[1];\nMOV.U64 t, arr[i.x];\n"
                      "MOV result.position, 0;\nEND\n";
    gp_program *p = t_compile(src, GP_STAGE_VERTEX);
    if (!p)
        return;
    uint64_t want = 1ull << 1 | 1ull << 3 | 7ull << 5 | 1ull << (GP_VIN_LONG_HI + 3) | 7ull << (GP_VIN_LONG_HI + 5);
    CHECK(gp_program_get_info(p)->inputs_read == want, "inputs_read 0x%llx, want 0x%llx",
          (unsigned long long)gp_program_get_info(p)->inputs_read, (unsigned long long)want);
    char *text = t_print_alloc(p);
    CHECK(strstr(text, "LONG ATTRIB") != NULL, "the print declares LONG ATTRIB:\n%s", text);
    free(text);
    gp_program_free(p);
}

static const struct {
    gp_stage st;
    const char *src, *at, *msg;
} errs[] = {
    /* issue (6): LONG "can not be used for inputs of any program type" but
     * vertex programs */
    { GP_STAGE_FRAGMENT, "!!NVfp5.0\nLONG ATTRIB x = fragment.texcoord[1];\nEND", "LONG",
      "LONG ATTRIB is only allowed in vertex programs" },
    { GP_STAGE_GEOMETRY,
      "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nLONG ATTRIB x = "
      "vertex[0].texcoord[1];\nEND",
      "LONG", "LONG ATTRIB is only allowed in vertex programs" },
    /* vertex.id and vertex.instance are no 64-bit attributes */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG ATTRIB x = vertex.id;\nEND", "vertex.id", "LONG cannot be used with" },
    /* NV4 has no 64-bit storage */
    { GP_STAGE_VERTEX, "!!NVvp4.0\nLONG ATTRIB x = vertex.attrib[1];\nEND", "LONG",
      "LONG is only allowed on TEMP declarations" },
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG OUTPUT o = result.texcoord[1];\nEND", "LONG",
      "LONG is only allowed on TEMP declarations" },
    /* LONG ATTRIB is read-only */
    { GP_STAGE_VERTEX, "!!NVvp5.0\nLONG ATTRIB x = vertex.attrib[1];\nMOV.U64 x, 1;\nEND", "x, 1",
      "read-only" },
};

static void test_errors(void)
{
    for (size_t i = 0; i < sizeof errs / sizeof errs[0]; i++) {
        gp_limits lim;
        gp_limits_default(&lim, errs[i].st);
        gp_error err;
        gp_program *p = gp_compile(errs[i].src, strlen(errs[i].src), errs[i].st, &lim, &err);
        CHECK(p == NULL, "case %zu compiles:\n%s", i, errs[i].src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        const char *at = strstr(errs[i].src, errs[i].at);
        CHECK(at && err.pos == (int)(at - errs[i].src), "case %zu: error at %d, want %d (%s)", i, err.pos,
              at ? (int)(at - errs[i].src) : -1, err.msg);
        CHECK(strstr(err.msg, errs[i].msg) != NULL, "case %zu: message '%s', want '%s'", i, err.msg, errs[i].msg);
    }
}

int main(void)
{
    test_errors();
    test_info();
    T_BOTH_PATHS
    {
        test_fetch();
    }
    return t_report("nv5_long_attrib");
}
