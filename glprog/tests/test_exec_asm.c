/*
 * test_exec_asm.c - the executor on programs written as assembly text and
 * compiled by gp_compile (ctest glprog.exec_asm; single-threaded): ARB vertex
 * transform/LIT/EXP/relative addressing, NV_vertex_program2 BRA loops with
 * ARA and per-lane trip counts, CAL/RET from "main", ARR, SSG, RCC;
 * NV_vertex_program3 PUSHA/POPA, relative result writes, vertex TEX and CC1;
 * NV_fragment_program2 IF/ELSE, LOOP with fragment.texcoord[A0.x], REP/BRK,
 * CAL/RET, DP2A and DDX/DDY of a computed value after divergent flow;
 * NV_fragment_program pack/unpack, H and X precision, KIL with a CC test and
 * |abs|.  Every expected value is worked out by hand next to the check.
 *
 * FEATURES: OPT.NV_vertex_program2, OPT.NV_vertex_program3,
 * OPT.NV_fragment_program, OPT.NV_fragment_program2, OPT.ARB_draw_buffers.
 */
#include "test_exec_common.h"

#define S0 (-100.0f)

static gp_program *compile(const char *src, gp_stage stage)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), stage, &lim, &err);
    CHECK(p != NULL, "compile: line %d col %d: %s", err.line, err.col, err.msg);
    return p;
}

/* The parameter table: constants from the program, program.local[n] from
 * local[] (what the GL layer does per draw). */
static void bind(tenv *e, const gp_program *p, const float (*local)[4])
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= 64, "too many params for the test table");
    for (int i = 0; i < info->num_params && i < 64; i++) {
        const gp_param_binding *b = &info->params[i];
        for (int c = 0; c < 4; c++) {
            if (b->kind == GP_PARAM_CONST)
                e->params[i][c] = b->value[c];
            else if (b->kind == GP_PARAM_LOCAL && local)
                e->params[i][c].f = local[b->index][c];
            else
                e->params[i][c].f = 0.0f;
        }
    }
}

static void quad_xy(int l, float *x, float *y)
{
    int q = l >> 2;
    *x = (float)((q & 1) * 2 + (l & 1));
    *y = (float)((q >> 1) * 2 + ((l >> 1) & 1));
}

/* ---- NV_vertex_program2 --------------------------------------------------------- */

static const char vp2_src[] =
    "!!ARBvp1.0\n"
    "OPTION NV_vertex_program2;\n"
    "ADDRESS A0;\n"
    "TEMP r;\n"
    "PARAM arr[5] = { {10, 0, 0, 0}, {11, 0, 0, 0}, {12, 0, 0, 0}, {13, 0, 0, 0}, {14, 0, 0, 0} };\n"
    "sub:\n"
    "  ADD r.y, r.y, 1;\n"
    "  RET;\n"
    "main:\n"
    "  MOV r, 0;\n"
    "  ARL A0.x, vertex.attrib[1].x;\n"
    "  ARL A0.z, -1;\n"
    "loop:\n"
    "  ADD r.x, r.x, 1;\n"
    "  ARAC A0.x, A0;\n"
    "  BRA loop (GT.x);\n"
    "  MOVC r.w, vertex.attrib[1].y;\n"
    "  CAL sub (GT.w);\n"
    "  CAL sub;\n"
    "  SSG r.zw, vertex.attrib[2];\n"
    "  MOV result.color, r;\n"
    "  ARR A0, {2.5, 3.5, -2.5, -1.7};\n"
    "  MOV result.texcoord[0], arr[A0.y + 0];\n"
    "  MOV result.texcoord[1], arr[A0.w + 3];\n"
    "  RCC result.texcoord[2].x, 0;\n"
    "  MOV result.position, vertex.position;\n"
    "END\n";

static void test_vp2(void)
{
    gp_program *p = compile(vp2_src, GP_STAGE_VERTEX);
    if (!p)
        return;
    tenv *e = te_new();
    bind(e, p, NULL);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[1].c[0][l].f = (float)(l % 5);            /* loop count n */
        e->in[1].c[1][l].f = (l & 1) ? 1.0f : -1.0f;     /* calls sub twice or once */
        e->in[2].c[2][l].f = (float)(l - 7);
        e->in[2].c[3][l].f = -0.0f;
    }
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "vp2 status");
    for (int l = 0; l < GP_LANES; l++) {
        /* ARA counts A0.x = n, n-1, ..., looping while > 0: max(n, 1) passes */
        float n = (float)(l % 5), passes = n < 1 ? 1 : n;
        float calls = (l & 1) ? 2.0f : 1.0f;
        float sg = l < 7 ? -1.0f : l == 7 ? 0.0f : 1.0f;
        CHECK(OUTF(e, GP_VARY_COL0, 0, l) == passes, "BRA/ARA loop lane %d = %g, want %g", l,
              OUTF(e, GP_VARY_COL0, 0, l), passes);
        CHECK(OUTF(e, GP_VARY_COL0, 1, l) == calls, "CAL (GT.w) lane %d = %g", l, OUTF(e, GP_VARY_COL0, 1, l));
        CHECK(OUTF(e, GP_VARY_COL0, 2, l) == sg && OUTF(e, GP_VARY_COL0, 3, l) == 0.0f, "SSG lane %d", l);
        /* ARR (2.5, 3.5, -2.5, -1.7) = (2, 4, -2, -2): arr[4], arr[-2 + 3] */
        CHECK(OUTF(e, GP_VARY_TEX0, 0, l) == 14.0f && OUTF(e, GP_VARY_TEX0 + 1, 0, l) == 11.0f,
              "ARR + relative reads lane %d = %g %g", l, OUTF(e, GP_VARY_TEX0, 0, l),
              OUTF(e, GP_VARY_TEX0 + 1, 0, l));
        CHECK(OUTF(e, GP_VARY_TEX0 + 2, 0, l) == 18446744073709551616.0f, "RCC(0) = 2^64");
    }
    te_free(e);
    gp_program_free(p);
}

/* ---- ARB_vertex_program --------------------------------------------------------- */

static const char arbvp_src[] =
    "!!ARBvp1.0\n"
    "PARAM mvp[4] = { program.local[0..3] };\n"
    "PARAM c = { 0.5, 0.25, 0, 2 };\n"
    "ADDRESS A0;\n"
    "TEMP t;\n"
    "DP4 result.position.x, mvp[0], vertex.position;\n"
    "DP4 result.position.y, mvp[1], vertex.position;\n"
    "DP4 result.position.z, mvp[2], vertex.position;\n"
    "DP4 result.position.w, mvp[3], vertex.position;\n"
    "LIT result.color, c;\n"
    "EXP t, vertex.attrib[3].x;\n"
    "MOV result.texcoord[0], t;\n"
    "ARL A0.x, vertex.attrib[3].y;\n"
    "MOV result.texcoord[1], mvp[A0.x + 1];\n"
    "END\n";

static void test_arbvp(void)
{
    static const float local[4][4] = {{2, 0, 0, 1}, {0, 3, 0, 2}, {0, 0, 4, 3}, {0, 0, 0, 1}};
    gp_program *p = compile(arbvp_src, GP_STAGE_VERTEX);
    if (!p)
        return;
    tenv *e = te_new();
    bind(e, p, local);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[0].c[0][l].f = (float)l;
        e->in[0].c[1][l].f = -(float)l;
        e->in[0].c[2][l].f = 0.5f;
        e->in[0].c[3][l].f = 1.0f;
        e->in[3].c[0][l].f = 2.5f;
        e->in[3].c[1][l].f = (float)l - 2.5f; /* A0.x = l - 3 */
    }
    te_fill_out(e, S0);
    e->env.live_mask = 0x7fffu;
    gp_exec(p, &e->env);
    for (int l = 0; l < 15; l++) {
        /* (2l + 1, -3l + 2, 4 * 0.5 + 3, 1) */
        CHECK(OUTF(e, GP_VARY_POS, 0, l) == 2.0f * l + 1 && OUTF(e, GP_VARY_POS, 1, l) == -3.0f * l + 2 &&
                  OUTF(e, GP_VARY_POS, 2, l) == 5.0f && OUTF(e, GP_VARY_POS, 3, l) == 1.0f,
              "transform lane %d", l);
        /* LIT (0.5, 0.25, _, 2) = (1, 0.5, 0.25^2, 1) */
        CHECK(OUTF(e, GP_VARY_COL0, 0, l) == 1.0f && OUTF(e, GP_VARY_COL0, 1, l) == 0.5f &&
                  fabsf(OUTF(e, GP_VARY_COL0, 2, l) - 0.0625f) < 1e-7f && OUTF(e, GP_VARY_COL0, 3, l) == 1.0f,
              "LIT lane %d", l);
        /* EXP 2.5 = (4, 0.5, 2^2.5 to 11 bits, 1) */
        CHECK(OUTF(e, GP_VARY_TEX0, 0, l) == 4.0f && OUTF(e, GP_VARY_TEX0, 1, l) == 0.5f &&
                  fabsf(OUTF(e, GP_VARY_TEX0, 2, l) - 5.656854f) < 5.66f / 2048 &&
                  OUTF(e, GP_VARY_TEX0, 3, l) == 1.0f,
              "EXP lane %d", l);
        /* mvp[A0.x + 1] = row l - 2 inside [0, 3], else out of range: 0 */
        int row = l - 2;
        for (int c = 0; c < 4; c++) {
            float want = (row >= 0 && row <= 3) ? local[row][c] : 0.0f;
            CHECK(OUTF(e, GP_VARY_TEX0 + 1, c, l) == want, "mvp[A0.x+1] lane %d comp %d = %g want %g", l, c,
                  OUTF(e, GP_VARY_TEX0 + 1, c, l), want);
        }
    }
    CHECK(OUTF(e, GP_VARY_POS, 0, 15) == S0, "lane outside live_mask untouched");
    te_free(e);
    gp_program_free(p);
}

/* ---- NV_vertex_program3 --------------------------------------------------------- */

static const char vp3_src[] =
    "!!ARBvp1.0\n"
    "OPTION NV_vertex_program3;\n"
    "ADDRESS A0;\n"
    "TEMP r;\n"
    "ARL A0, {1.5, 2.5, -3.5, 4};\n"
    "PUSHA A0;\n"
    "ARL A0, {0, 0, 0, 0};\n"
    "POPA A0;\n"
    "MOV result.texcoord[A0.y + 1], {7, 7, 7, 7};\n"
    "TEX r, vertex.texcoord[0], texture[2], 2D;\n"
    "MOV result.color, r;\n"
    "SUBC1 r.x, vertex.attrib[1].x, 2;\n"
    "MOV result.texcoord[6] (GT1.x), {1, 1, 1, 1};\n"
    "MOV result.position, vertex.position;\n"
    "END\n";

typedef struct tex_seen {
    int calls;
    gp_tex_request req;
} tex_seen;

static void sampler(void *user, const gp_tex_request *req, gp_vec *out)
{
    tex_seen *s = user;
    s->calls++;
    s->req = *req;
    for (int l = 0; l < GP_LANES; l++) {
        if (!((req->lane_mask >> l) & 1))
            continue;
        out->c[0][l].f = req->coord->c[0][l].f + req->coord->c[1][l].f;
        out->c[1][l].f = (float)req->unit;
        out->c[2][l].f = (float)req->target;
        out->c[3][l].f = req->quad_derivatives ? 1.0f : 0.0f;
    }
}

static void test_vp3(void)
{
    gp_program *p = compile(vp3_src, GP_STAGE_VERTEX);
    if (!p)
        return;
    tenv *e = te_new();
    tex_seen seen;
    memset(&seen, 0, sizeof(seen));
    e->env.tex = sampler;
    e->env.tex_user = &seen;
    bind(e, p, NULL);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VIN_TEX0].c[0][l].f = 0.25f;
        e->in[GP_VIN_TEX0].c[1][l].f = (float)l;
        e->in[1].c[0][l].f = (float)l * 0.5f; /* > 2 from lane 5 */
    }
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(seen.calls == 1 && seen.req.op == GP_TEXOP_TEX && seen.req.unit == 2 &&
              seen.req.target == GP_TEX_2D && !seen.req.quad_derivatives,
          "vertex TEX request");
    for (int l = 0; l < GP_LANES; l++) {
        /* ARL (1.5, 2.5, -3.5, 4) = (1, 2, -4, 4), PUSHA/POPA keep it:
         * texcoord[2 + 1] */
        for (int s = 0; s < 8; s++)
            CHECK(OUTF(e, GP_VARY_TEX0 + s, 0, l) == (s == 3 ? 7.0f : s == 6 && l > 4 ? 1.0f : S0),
                  "texcoord[%d] lane %d = %g", s, l, OUTF(e, GP_VARY_TEX0 + s, 0, l));
        CHECK(OUTF(e, GP_VARY_COL0, 0, l) == 0.25f + l && OUTF(e, GP_VARY_COL0, 1, l) == 2.0f,
              "TEX result lane %d", l);
    }
    te_free(e);
    gp_program_free(p);
}

/* ---- NV_fragment_program2 ------------------------------------------------------- */

static const char fp2_src[] =
    "!!ARBfp1.0\n"
    "OPTION NV_fragment_program2;\n"
    "OPTION ARB_draw_buffers;\n"
    "TEMP t, u, s, d;\n"
    "sub:\n"
    "  DP2A u.w, u, {1, 1, 0, 0}, {0.5, 0, 0, 0};\n"
    "  RET;\n"
    "main:\n"
    "  MOVC t, fragment.texcoord[0];\n"
    "  IF GT.x;\n"
    "    MOV u, {1, 0, 0, 0};\n"
    "  ELSE;\n"
    "    MOV u, {2, 0, 0, 0};\n"
    "  ENDIF;\n"
    "  MOV s, 0;\n"
    "  LOOP {3, 1, 2};\n"
    "    ADD s, s, fragment.texcoord[A0.x];\n"
    "  ENDLOOP;\n"
    "  REP {10};\n"
    "    ADD u.y, u.y, 1;\n"
    "    SUBC t.z, u.y, fragment.texcoord[0].y;\n"
    "    BRK (GE.z);\n"
    "  ENDREP;\n"
    "  CAL sub;\n"
    "  MUL d, fragment.position.xyxy, {3, 5, 0, 0};\n"
    "  MOV result.color[0], u;\n"
    "  MOV result.color[1], s;\n"
    "  DDX result.color[2], d;\n"
    "  DDY result.color[3], d;\n"
    "END\n";

static void test_fp2(void)
{
    gp_program *p = compile(fp2_src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    tenv *e = te_new();
    bind(e, p, NULL);
    for (int l = 0; l < GP_LANES; l++) {
        float x, y;
        quad_xy(l, &x, &y);
        e->in[GP_VARY_POS].c[0][l].f = x;
        e->in[GP_VARY_POS].c[1][l].f = y;
        e->in[GP_VARY_TEX0].c[0][l].f = (l & 2) ? -1.0f : 1.0f; /* IF differs inside each quad */
        e->in[GP_VARY_TEX0].c[1][l].f = (float)(l % 4 + 1);     /* REP/BRK trip count k */
    }
    for (int j = 1; j < 8; j++)
        te_in_all(e, GP_VARY_TEX0 + j, (float)j, 10.0f * j, 100.0f * j, 1000.0f * j);
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "fp2 status");
    for (int l = 0; l < GP_LANES; l++) {
        float ux = (l & 2) ? 2.0f : 1.0f, k = (float)(l % 4 + 1);
        /* u = (ux, k, 0, ux + k + 0.5) */
        CHECK(OUTF(e, GP_FOUT_COLOR0, 0, l) == ux && OUTF(e, GP_FOUT_COLOR0, 1, l) == k &&
                  OUTF(e, GP_FOUT_COLOR0, 2, l) == 0.0f && OUTF(e, GP_FOUT_COLOR0, 3, l) == ux + k + 0.5f,
              "fp2 u lane %d = %g %g %g %g", l, OUTF(e, GP_FOUT_COLOR0, 0, l), OUTF(e, GP_FOUT_COLOR0, 1, l),
              OUTF(e, GP_FOUT_COLOR0, 2, l), OUTF(e, GP_FOUT_COLOR0, 3, l));
        /* LOOP {3, 1, 2}: texcoord[1] + [3] + [5] */
        CHECK(OUTF(e, GP_FOUT_COLOR0 + 1, 0, l) == 9.0f && OUTF(e, GP_FOUT_COLOR0 + 1, 3, l) == 9000.0f,
              "fp2 LOOP lane %d = %g", l, OUTF(e, GP_FOUT_COLOR0 + 1, 0, l));
        /* d = (3x, 5y, 0, 0): DDX = (3, 0, 0, 0), DDY = (0, 5, 0, 0) */
        CHECK(OUTF(e, GP_FOUT_COLOR0 + 2, 0, l) == 3.0f && OUTF(e, GP_FOUT_COLOR0 + 2, 1, l) == 0.0f,
              "fp2 DDX lane %d = %g", l, OUTF(e, GP_FOUT_COLOR0 + 2, 0, l));
        CHECK(OUTF(e, GP_FOUT_COLOR0 + 3, 0, l) == 0.0f && OUTF(e, GP_FOUT_COLOR0 + 3, 1, l) == 5.0f,
              "fp2 DDY lane %d = %g", l, OUTF(e, GP_FOUT_COLOR0 + 3, 1, l));
    }
    te_free(e);
    gp_program_free(p);
}

/* ---- NV_fragment_program ---------------------------------------------------------- */

static const char fpo_src[] =
    "!!ARBfp1.0\n"
    "OPTION NV_fragment_program;\n"
    "OPTION ARB_draw_buffers;\n"
    "TEMP t;\n"
    "PK4UB t.x, {0, 1, 0.5, 2};\n"
    "UP4UB result.color[0], t.x;\n"
    "MULH result.color[1], {0.333333333, 2049, 65520, 1}, 1;\n"
    "ADDX result.color[2], {3, -5, 0.0004, 0.333333333}, 0;\n"
    "MOVC t.x, fragment.texcoord[0].x;\n"
    "KIL LT.x;\n"
    "MOV result.color[3], |fragment.texcoord[0]|;\n"
    "END\n";

static void test_fpo(void)
{
    gp_program *p = compile(fpo_src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    tenv *e = te_new();
    bind(e, p, NULL);
    const uint32_t neg = (1u << 1) | (1u << 6) | (1u << 7) | (1u << 12);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].f = ((neg >> l) & 1) ? -(float)l : (float)l + 0.5f;
        e->in[GP_VARY_TEX0].c[1][l].f = -2.0f;
    }
    te_fill_out(e, S0);
    gp_exec(p, &e->env);
    CHECK(e->env.killed_mask == neg, "KIL LT.x killed %04x, want %04x", e->env.killed_mask, neg);
    for (int l = 0; l < GP_LANES; l++) {
        /* PK4UB (0, 1, 0.5, 2) -> bytes 0, 255, 128, 255; UP4UB back */
        CHECK(OUTF(e, GP_FOUT_COLOR0, 0, l) == 0.0f && OUTF(e, GP_FOUT_COLOR0, 1, l) == 1.0f &&
                  OUTF(e, GP_FOUT_COLOR0, 2, l) == 128.0f / 255.0f && OUTF(e, GP_FOUT_COLOR0, 3, l) == 1.0f,
              "PK4UB/UP4UB lane %d", l);
        /* H: 1/3 -> 0.333251953125, 2049 -> 2048 (tie to even), 65520 -> INF */
        CHECK(OUTF(e, GP_FOUT_COLOR0 + 1, 0, l) == 0.333251953125f &&
                  OUTF(e, GP_FOUT_COLOR0 + 1, 1, l) == 2048.0f && isinf(OUTF(e, GP_FOUT_COLOR0 + 1, 2, l)),
              "MULH lane %d", l);
        /* X: 3 -> 2047/1024, -5 -> -2, 0.0004 -> 0, 1/3 -> 341/1024 */
        CHECK(OUTF(e, GP_FOUT_COLOR0 + 2, 0, l) == 2047.0f / 1024 && OUTF(e, GP_FOUT_COLOR0 + 2, 1, l) == -2.0f &&
                  OUTF(e, GP_FOUT_COLOR0 + 2, 2, l) == 0.0f && OUTF(e, GP_FOUT_COLOR0 + 2, 3, l) == 341.0f / 1024,
              "ADDX lane %d", l);
        if (!((neg >> l) & 1))
            CHECK(OUTF(e, GP_FOUT_COLOR0 + 3, 0, l) == (float)l + 0.5f && OUTF(e, GP_FOUT_COLOR0 + 3, 1, l) == 2.0f,
                  "|texcoord| lane %d", l);
    }
    te_free(e);
    gp_program_free(p);
}

int main(void)
{
    T_BOTH_PATHS {
        test_vp2();
        test_arbvp();
        test_vp3();
        test_fp2();
        test_fpo();
    }
    return t_report("exec_asm");
}
