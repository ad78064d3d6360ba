/*
 * test_nv5_bits.c - glprog.nv5_bits: the NV_gpu_program5 bit-field
 * instructions (2.X.8.Z BFE BFI BFR BTC BTFL BTFM) and thread-group votes
 * (TGALL TGANY TGEQ) under !!NVvp5.0 / !!NVfp5.0 / !!NVgp5.0, compiled from
 * text, run on all 16 lanes through both executor paths (T_BOTH_PATHS),
 * and printed, compiled again and re-run (the printed form must be a
 * fixed point and give the same bits).  Last, 800 deterministic mutations
 * of an NV5 program (opcode words, operand bytes, inserted words): those
 * that compile print to a fixed point and give the same bits with and
 * without the fast paths.
 *
 * Expected values are worked out by hand in the comments from the spec's
 * pseudo-code; where the spec says "undefined" (BFE/BFI with a negative
 * width or offset, offset >= 32, width + offset > 32) they follow the
 * choice documented in gp_exec.c (low 5 bits of width and offset, then
 * DXIL Ibfe / Ubfe / Bfi).  The thread group is the lanes of one gp_exec
 * call; voters are the live lanes running the instruction (glprog.h).
 *
 * covers: OP.BFE OP.BFI OP.BFR OP.BTC OP.BTFL OP.BTFM OP.TGALL OP.TGANY OP.TGEQ
 * covers: HDR.NVVP50 HDR.NVFP50 HDR.NVGP50 HDR.GATE5 MOD.S MOD.U MOD.F MOD.CC0 MOD.SAT MOD.OPND_NEG
 * covers: MOD.S32 MOD.U32
 */
#include "test_exec_common.h"

#define NEG1 0xffffffffu
#define IMIN 0x80000000u

/* Runs "!!NVvp5.0 TEMP r, t, u; MOV.U r, 0x5a5a5a5a; <body> MOV.U
 * result.texcoord[0], r; END" (and its reprint) over 16 lanes and checks
 * that every lane wrote want[] (bits). */
static void run_case(const char *name, const char *body, const uint32_t want[4])
{
    char src[4096];
    snprintf(src, sizeof(src),
             "!!NVvp5.0\nTEMP r, t, u;\nMOV.U r, 0x5a5a5a5a;\n%s\nMOV.U result.texcoord[0], r;\n"
             "MOV result.position, 0;\nEND\n", body);
    t_run_texcoord0(name, src, want);
}

#define CASE(name, body, a, b, c, d)                                          \
    do {                                                                      \
        const uint32_t w_[4] = {(uint32_t)(a), (uint32_t)(b), (uint32_t)(c), \
                                (uint32_t)(d)};                               \
        run_case(name, body, w_);                                             \
    } while (0)

/* ---- BFE (2.X.8.Z): result = (value << (32 - (bits+offset))) >> (32 - bits) */
static void test_bfe(void)
{
    /* width 8 at offset 4 (op0.z/w ignored): 0x12345678 >> 4 = 0x01234567,
     * low 8 bits 0x67; 0xffffffff -> 0xff; 0x80000000 -> bits 4..11 = 0 */
    CASE("BFE.U 8@4", "BFE.U r, {8, 4, 99, 77}, {0x12345678, 0xffffffff, 0x80000000, 0};", 0x67, 0xff, 0,
         0);
    /* .S: the field's top bit is copied up: 0x67 = 0110 0111 (top 0) -> 0x67;
     * 0xff (top 1) -> -1 */
    CASE("BFE.S 8@4", "BFE.S r, {8, 4, 99, 77}, {0x12345678, -1, -2147483648, 0};", 0x67, NEG1, 0,
         0);
    /* the top byte (8@24): 0x80 -> 0xffffff80, 0x7f, 0x12, 0xfe -> -2 */
    CASE("BFE.S 8@24", "BFE.S r, {8, 24}, {-2147483648, 0x7fffffff, 0x12345678, -33554432};",
         0xffffff80u, 0x7f, 0x12, 0xfffffffeu);
    CASE("BFE.U 8@24", "BFE.U r, {8, 24}, {0x80000000, 0x7fffffff, 0x12345678, 0xfe000000};", 0x80, 0x7f,
         0x12, 0xfe);
    /* width 0: "zero is returned", whatever the offset (0, 5, 31) */
    CASE("BFE.S width 0", "MOV.S t, {0, 5, 0, 0};\nBFE.S r, t, {-1, -1, -1, -1};", 0, 0, 0, 0);
    CASE("BFE.U width 0 @31", "BFE.U r, {0, 31}, {0xffffffff, 1, 0x80000000, 0};", 0, 0, 0, 0);
    /* width 32 at 0: (v << 0) >> 0 = v, for .S and .U */
    CASE("BFE.S 32@0", "BFE.S r, {32, 0}, {-2147483648, -1, 0x12345678, 0};", IMIN, NEG1,
         0x12345678, 0);
    CASE("BFE.U 32@0", "BFE.U r, {32, 0}, {0x80000000, 0xffffffff, 0x12345678, 0};", IMIN, NEG1,
         0x12345678, 0);
    /* width 1 at 31: bit 31; .S: -1 when set */
    CASE("BFE.S 1@31", "BFE.S r, {1, 31}, {-2147483648, 0x7fffffff, -1, 0};", NEG1, 0, NEG1, 0);
    CASE("BFE.U 1@31", "BFE.U r, {1, 31}, {0x80000000, 0x7fffffff, 0xffffffff, 0};", 1, 0, 1, 0);
    /* width 31 at 1 (bits + offset = 32): v >> 1, arithmetic for .S:
     * 0xffffffff -> 0x7fffffff (.U) / -1 (.S); 0x80000001 -> 0x40000000 /
     * 0xc0000000; 2 -> 1 */
    CASE("BFE.U 31@1", "BFE.U r, {31, 1}, {0xffffffff, 0x80000001, 2, 0};", 0x7fffffffu, 0x40000000u, 1,
         0);
    CASE("BFE.S 31@1", "BFE.S r, {31, 1}, {-1, -2147483647, 2, 0};", NEG1, 0xc0000000u, 1, 0);
    /* the sized forms (2.X.4.1) are the same operations */
    CASE("BFE.U32 8@4", "BFE.U32 r, {8, 4, 99, 77}, {0x12345678, 0xffffffff, 0x80000000, 0};", 0x67, 0xff, 0,
         0);
    CASE("BFE.S32 8@4", "BFE.S32 r, {8, 4, 99, 77}, {0x12345678, -1, -2147483648, 0};", 0x67, NEG1, 0, 0);
    /* default type is S (Table X.13 column D): 1@31 of 0x80000000 = -1 */
    CASE("BFE default S", "BFE r, {1, 31}, {-2147483648, 1, 0, 0};", NEG1, 0, 0, 0);
    /* operands from temporaries, swizzled: width/offset from t.z/t.w */
    CASE("BFE.U swizzled", "MOV.U t, {0, 0, 4, 28};\nMOV.U u, {0xf0000000, 0x7fffffff, 0, 0xa0000000};\n"
                           "BFE.U r, t.zwxy, u;", 0xf, 0x7, 0, 0xa);
    /* undefined, defined here (gp_exec.c): low 5 bits of width and offset,
     * then DXIL Ubfe / Ibfe.  8@28 (36 > 32): 8 + 28 >= 32 -> v >> 28:
     * 0xf0000000 -> 0xf (.U), arithmetic -> -1 (.S); 0x70000000 -> 7 */
    CASE("BFE.U 8@28", "BFE.U r, {8, 28}, {0xf0000000, 0x70000000, 0, 0};", 0xf, 7, 0, 0);
    CASE("BFE.S 8@28", "BFE.S r, {8, 28}, {-268435456, 0x70000000, 0, 0};", NEG1, 7, 0, 0);
    /* width 33 -> 1, offset 0: bit 0 (.U); .S: -1 when set */
    CASE("BFE.U 33@0", "BFE.U r, {33, 0}, {3, 2, 0xffffffff, 0};", 1, 0, 1, 0);
    /* offset 32 -> 0, width 4: the low nibble 0x12345678 -> 8 */
    CASE("BFE.U 4@32", "BFE.U r, {4, 32}, {0x12345678, 0xf, 0x10, 0};", 8, 0xf, 0, 0);
    /* width -1 -> 31 at 0 (31 < 32): bits 0..30, sign from bit 30:
     * 0x12345678 (bit 30 clear) -> itself; 0x40000000 -> 0xc0000000;
     * 0x80000000 -> 0 */
    CASE("BFE.S -1@0", "BFE.S r, {-1, 0}, {0x12345678, 0x40000000, -2147483648, 0};", 0x12345678,
         0xc0000000u, 0, 0);
    /* offset -1 -> 31, width 4: 4 + 31 >= 32 -> v >> 31: 0x80000000 -> -1 */
    CASE("BFE.S 4@-1", "BFE.S r, {4, -1}, {-2147483648, 0x7fffffff, 0, 0};", NEG1, 0, 0, 0);
    /* a write mask keeps the other components (r starts 0x5a5a5a5a) */
    CASE("BFE.U r.xz", "BFE.U r.xz, {4, 0}, {0x12345678, 0x12345678, 0x1234567f, 0};", 8, 0x5a5a5a5a,
         0xf, 0x5a5a5a5a);
}

/* ---- BFI: mask = ((1 << bits) - 1) << offset;
 *           result = ((src << offset) & mask) | (dst & ~mask) ------------- */
static void test_bfi(void)
{
    /* 8@8: mask 0x0000ff00.  0xab into 0x12345678 -> 0x1234ab78; 0xffffffff
     * into 0 -> 0xff00; 0 into 0xffffffff -> 0xffff00ff; 0x1ff into 0 ->
     * 0xff00 (only 8 bits) */
    CASE("BFI.U 8@8", "BFI.U r, {8, 8, 5, 5}, {0xab, 0xffffffff, 0, 0x1ff}, {0x12345678, 0, 0xffffffff, 0};",
         0x1234ab78u, 0xff00, 0xffff00ffu, 0xff00);
    /* width 0: mask 0, dst unchanged */
    CASE("BFI.S 0@4", "BFI.S r, {0, 4}, {-1, -1, -1, -1}, {0x12345678, 0, 1, -1};", 0x12345678, 0, 1, NEG1);
    /* width 32 (offset 0): src */
    CASE("BFI.U 32@0", "BFI.U r, {32, 0}, {0x12345678, 0, 0x80000000, 7}, {0, 0xffffffff, 1, 9};",
         0x12345678, 0, IMIN, 7);
    /* 1@31: mask 0x80000000: 1 into 0 -> 0x80000000; 0 into -1 -> 0x7fffffff;
     * 2 (bit 0 clear) into 5 -> 5 */
    CASE("BFI.U 1@31", "BFI.U r, {1, 31}, {1, 0, 2, 3}, {0, 0xffffffff, 5, 5};", IMIN, 0x7fffffffu, 5,
         0x80000005u);
    /* 31@1: mask 0xfffffffe: -1 into 0 -> 0xfffffffe; 0 into -1 -> 1 */
    CASE("BFI.S 31@1", "BFI.S r, {31, 1}, {-1, 0, 1, 0}, {0, -1, 0, 0};", 0xfffffffeu, 1, 2, 0);
    /* default type S, operands from temporaries */
    CASE("BFI default", "MOV.S t, {4, 28, 0, 0};\nMOV.S u, {0xa, 0xa, 0xa, 0xa};\n"
                        "BFI r, t, u, {0, 0x0fffffff, -1, 0x12345678};", 0xa0000000u, 0xafffffffu, 0xafffffffu,
         0xa2345678u);
    /* undefined, defined here: 8@28 -> mask (0xff << 28) cut = 0xf0000000:
     * 0xab << 28 = 0xb0000000 -> 0xb2345678 */
    CASE("BFI.U 8@28", "BFI.U r, {8, 28}, {0xab, 0, 0, 0}, {0x12345678, 0xffffffff, 0, 0};", 0xb2345678u,
         0x0fffffffu, 0, 0);
    /* width 33 -> 1 at 0 */
    CASE("BFI.U 33@0", "BFI.U r, {33, 0}, {0xffffffff, 0, 0, 0}, {0, 0xffffffff, 0, 0};", 1, 0xfffffffeu,
         0, 0);
    /* offset 32 -> 0, width 4: 5 into 0xffffffff -> 0xfffffff5 */
    CASE("BFI.U 4@32", "BFI.U r, {4, 32}, {5, 5, 5, 5}, {0xffffffff, 0, 0, 0};", 0xfffffff5u, 5, 5, 5);
    /* width -1 -> 31 at 0: mask 0x7fffffff: 0 into -1 -> 0x80000000 */
    CASE("BFI.S -1@0", "BFI.S r, {-1, 0}, {0, -1, 0, 0}, {-1, 0, 0, 0};", IMIN, 0x7fffffffu, 0, 0);
}

/* ---- BFR BTC BTFL BTFM ------------------------------------------------- */
static void test_bitops(void)
{
    /* 0x12345678 = 0001 0010 0011 0100 0101 0110 0111 1000, reversed
     * 0001 1110 0110 1010 0010 1100 0100 1000 = 0x1e6a2c48 */
    CASE("BFR.U", "BFR.U r, {0x12345678, 0, 0xffffffff, 0x80000000};", 0x1e6a2c48u, 0, NEG1, 1);
    CASE("BFR.S", "BFR.S r, {1, -2, 0x0000ffff, 0x00000003};", IMIN, 0x7fffffffu, 0xffff0000u,
         0xc0000000u);
    /* nibbles of 0x12345678 have 1 1 2 1 2 2 3 1 ones: 13 */
    CASE("BTC.U", "BTC.U r, {0, 0xffffffff, 0x80000000, 0x12345678};", 0, 32, 1, 13);
    CASE("BTC default", "BTC r, {-1, 1, 0x7fffffff, 0x55555555};", 32, 1, 31, 16);
    /* integer negate first: -(1) = -1 has 32 ones, -(0x80000000) = itself */
    CASE("BTC.S -t", "MOV.S t, {1, -2147483648, 0, 2};\nBTC.S r, -t;", 32, 1, 0, 31);
    /* 0 -> -1 (.S) / all ones (.U); 0x12345678 ends in 1000: 3 */
    CASE("BTFL.U", "BTFL.U r, {0, 0x80000000, 0x12345678, 0xffffffff};", NEG1, 31, 3, 0);
    CASE("BTFL.S", "BTFL.S r, {0, 1, -2, 0x00010000};", NEG1, 0, 1, 16);
    /* .U: top one; 0x12345678's top nibble 0001 is bits 28..31: 28 */
    CASE("BTFM.U", "BTFM.U r, {0, 0x80000000, 0x12345678, 1};", NEG1, 31, 28, 0);
    CASE("BTFM.U 2", "BTFM.U r, {0xffffffff, 0x7fffffff, 2, 3};", 31, 30, 1, 1);
    /* .S: negative values find the top zero: 0x80000000 -> 30; -1 has none
     * -> -1; -2 = 0xfffffffe -> 0; 0 -> -1 */
    CASE("BTFM.S neg", "BTFM.S r, {-2147483648, -1, -2, 0};", 30, NEG1, 0, NEG1);
    CASE("BTFM.S pos", "BTFM.S r, {0x7fffffff, 1, 0x12345678, 0x00008000};", 30, 0, 28, 15);
    CASE("BTFM default", "BTFM r, {-3, 4, 0x40000000, -0x40000001};", 1, 2, 30, 30);
    /* .CC: the result sets the condition code (2.X.4.3 for integers):
     * BTFL.S of 0 is -1 (SF -> LT), of 8 is 3 (GT), of 1 is 0 (EQ) */
    CASE("BTFL.S.CC", "BTFL.S.CC t, {0, 8, 1, 0};\nMOV.S r, 0;\nMOV.S r (LT), 7;\nMOV.S r (EQ), 9;", 7, 0, 9,
         7);
    CASE("BFE.U.CC1", "BFE.U.CC1 t, {4, 4}, {0xf0, 0x0f, 0x10, 0};\nMOV.U r, 1;\nMOV.U r (EQ1), 2;", 1, 2,
         1, 2);
}

/* ---- votes ----------------------------------------------------------------
 * A vertex program over 16 lanes; vertex.attrib[1] per lane l:
 *   x = 1.0 everywhere                    -> all, any, eq
 *   y = 2.0 in lane 5, 0.0 elsewhere     -> not all, any, not eq
 *   z = 0.0, -0.0 in lane 7              -> .F: all zero (none, eq); .S/.U:
 *                                           -0.0 is 0x80000000, non-zero
 *   w = NaN in lane 3, 1.0 elsewhere     -> .F: NaN != 0: all, any, eq */
static const char vote_src[] =
    "!!NVvp5.0\n"
    "TEMP r, t;\n"
    "MOV t, vertex.attrib[1];\n"
    "TGALL r, t;\n"
    "MOV result.texcoord[0], r;\n"
    "TGANY.F r, t;\n"
    "MOV result.texcoord[1], r;\n"
    "TGEQ r, t;\n"
    "MOV result.texcoord[2], r;\n"
    "TGALL.S r, t;\n"
    "MOV.S result.texcoord[3], r;\n"
    "TGANY.S r, t;\n"
    "MOV.S result.texcoord[4], r;\n"
    "TGEQ.U r, t;\n"
    "MOV.U result.texcoord[5], r;\n"
    /* .CC: FALSE (0.0) components are EQ; .SAT is accepted (1.0 / 0.0 stay) */
    "TGALL.CC.SAT r, t;\n"
    "MOV r, 0;\n"
    "MOV r (EQ), 5;\n"
    "MOV result.texcoord[6], r;\n"
    "MOV result.position, 0;\n"
    "END\n";

static void vote_inputs(tenv *e)
{
    for (int l = 0; l < GP_LANES; l++) {
        e->in[1].c[0][l].f = 1.0f;
        e->in[1].c[1][l].f = l == 5 ? 2.0f : 0.0f;
        e->in[1].c[2][l].f = l == 7 ? -0.0f : 0.0f;
        e->in[1].c[3][l].f = l == 3 ? t_float(0x7fc00000u) : 1.0f;
    }
}

static int lane_first_t(uint32_t lanes)
{
    for (int l = 0; l < GP_LANES; l++)
        if (lanes >> l & 1)
            return l;
    return -1;
}

static void check_row(const tenv *e, int slot, uint32_t lanes, const uint32_t want[4], const char *what)
{
    for (int l = 0; l < GP_LANES; l++) {
        if (!(lanes >> l & 1))
            continue;
        for (int c = 0; c < 4; c++) {
            uint32_t got = e->out[slot].c[c][l].u;
            if (l == lane_first_t(lanes) || got != want[c])
                CHECK(got == want[c], "%s: lane %d comp %d = 0x%08x, want 0x%08x", what, l, c, got, want[c]);
        }
    }
}

static void test_votes(void)
{
    const uint32_t F1 = 0x3f800000u; /* 1.0 */
    gp_program *p0 = t_compile(vote_src, GP_STAGE_VERTEX);
    if (!p0)
        return;
    gp_program *p1 = t_reprint(p0, GP_STAGE_VERTEX, "votes");
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        /* all 16 lanes vote */
        tenv *e = te_new();
        te_bind_consts(e, p);
        vote_inputs(e);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "votes: status %d", e->env.status);
        {
            const uint32_t all[4] = {F1, 0, 0, F1}, any[4] = {F1, F1, 0, F1}, eq[4] = {F1, 0, F1, F1};
            const uint32_t alls[4] = {NEG1, 0, 0, NEG1}, anys[4] = {NEG1, NEG1, NEG1, NEG1};
            const uint32_t equ[4] = {NEG1, 0, 0, NEG1};
            const uint32_t cc[4] = {0, 0x40a00000u, 0x40a00000u, 0}; /* 5.0 where FALSE (EQ) */
            check_row(e, GP_VARY_TEX0, 0xffff, all, "TGALL");
            check_row(e, GP_VARY_TEX0 + 1, 0xffff, any, "TGANY.F");
            check_row(e, GP_VARY_TEX0 + 2, 0xffff, eq, "TGEQ");
            check_row(e, GP_VARY_TEX0 + 3, 0xffff, alls, "TGALL.S");
            check_row(e, GP_VARY_TEX0 + 4, 0xffff, anys, "TGANY.S");
            check_row(e, GP_VARY_TEX0 + 5, 0xffff, equ, "TGEQ.U");
            check_row(e, GP_VARY_TEX0 + 6, 0xffff, cc, "TGALL.CC");
        }
        te_free(e);
        /* lanes 5 and 7 absent (live_mask): y is 0 and z is +0.0 in every
         * voter, so y: none (eq), z .S: none (eq) */
        e = te_new();
        te_bind_consts(e, p);
        vote_inputs(e);
        e->env.live_mask = 0xff5f;
        gp_exec(p, &e->env);
        {
            const uint32_t all[4] = {F1, 0, 0, F1}, any[4] = {F1, 0, 0, F1}, eq[4] = {F1, F1, F1, F1};
            const uint32_t alls[4] = {NEG1, 0, 0, NEG1}, anys[4] = {NEG1, 0, 0, NEG1};
            const uint32_t equ[4] = {NEG1, NEG1, NEG1, NEG1};
            check_row(e, GP_VARY_TEX0, 0xff5f, all, "TGALL (5, 7 out)");
            check_row(e, GP_VARY_TEX0 + 1, 0xff5f, any, "TGANY.F (5, 7 out)");
            check_row(e, GP_VARY_TEX0 + 2, 0xff5f, eq, "TGEQ (5, 7 out)");
            check_row(e, GP_VARY_TEX0 + 3, 0xff5f, alls, "TGALL.S (5, 7 out)");
            check_row(e, GP_VARY_TEX0 + 4, 0xff5f, anys, "TGANY.S (5, 7 out)");
            check_row(e, GP_VARY_TEX0 + 5, 0xff5f, equ, "TGEQ.U (5, 7 out)");
            /* lanes 5 and 7 ran nothing: their sentinel 0 from calloc stays
             * (outputs were not filled) */
            CHECK(e->out[GP_VARY_TEX0].c[0][5].u == 0, "lane 5 written");
        }
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

/* Divergence: lanes 8..15 take the IF, 0..7 the ELSE; each side's TGALL
 * sees only its own lanes (2.X.8.Z: threads not executing the instruction
 * have no bearing).  vertex.attrib[2] (integers) per lane l:
 *   x = l          -> then (8..15): all non-zero; else: lane 0 is 0
 *   y = l == 3 ? 0 : 1  -> then: all; else: not all
 *   z = 5          -> all on both sides
 *   w = l == 12 ? 0 : 1 -> then: not all; else: all */
static void test_vote_divergent(void)
{
    static const char src[] =
        "!!NVvp5.0\n"
        "INT TEMP r, c;\n"
        "MOV.S c, vertex.attrib[2];\n"
        "SGE.S.CC c.x, c.x, 8;\n"
        "IF NE.x;\n"
        "  TGALL.S r, vertex.attrib[2];\n"
        "ELSE;\n"
        "  TGALL.S r, vertex.attrib[2];\n"
        "  ADD.S r, r, 100;\n"
        "ENDIF;\n"
        "TGANY.S c, vertex.attrib[2];\n"
        "MOV.S result.texcoord[0], r;\n"
        "MOV.S result.texcoord[1], c;\n"
        "MOV result.position, 0;\n"
        "END\n";
    gp_program *p0 = t_compile(src, GP_STAGE_VERTEX);
    if (!p0)
        return;
    gp_program *p1 = t_reprint(p0, GP_STAGE_VERTEX, "divergent");
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        te_bind_consts(e, p);
        for (int l = 0; l < GP_LANES; l++) {
            e->in[2].c[0][l].i = l;
            e->in[2].c[1][l].i = l == 3 ? 0 : 1;
            e->in[2].c[2][l].i = 5;
            e->in[2].c[3][l].i = l == 12 ? 0 : 1;
        }
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "divergent: status %d", e->env.status);
        /* then: (-1, -1, -1, 0); else: (0, 0, -1, -1) + 100 = (100, 100, 99, 99) */
        const uint32_t thn[4] = {NEG1, NEG1, NEG1, 0}, els[4] = {100, 100, 99, 99};
        check_row(e, GP_VARY_TEX0, 0xff00, thn, "TGALL.S then");
        check_row(e, GP_VARY_TEX0, 0x00ff, els, "TGALL.S else");
        /* after ENDIF all 16 lanes vote again: every component non-zero somewhere */
        const uint32_t any[4] = {NEG1, NEG1, NEG1, NEG1};
        check_row(e, GP_VARY_TEX0 + 1, 0xffff, any, "TGANY.S reconverged");
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

/* Fragment programs: helper lanes and KIL'ed lanes do not vote.
 * fragment.texcoord[0] per lane l:
 *   x = 1 only in lane 1 (a helper lane) -> TGANY.x FALSE
 *   y = 1 only in lane 6 (live)          -> TGANY.y TRUE
 *   z = -1 in lane 9 (KIL'ed below), 1 elsewhere
 *   w = 0 in lanes 1 (helper) and 9 (killed), 1 elsewhere -> TGALL.w TRUE */
static void test_vote_fragment(void)
{
    static const char src[] =
        "!!NVfp5.0\n"
        "TEMP r, s;\n"
        "KIL fragment.texcoord[0].z;\n"
        "TGANY r.xy, fragment.texcoord[0];\n"
        "TGALL r.zw, fragment.texcoord[0];\n"
        "MOV result.color, r;\n"
        "END\n";
    gp_program *p0 = t_compile(src, GP_STAGE_FRAGMENT);
    if (!p0)
        return;
    gp_program *p1 = t_reprint(p0, GP_STAGE_FRAGMENT, "fragment votes");
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        te_bind_consts(e, p);
        for (int l = 0; l < GP_LANES; l++) {
            e->in[GP_VARY_TEX0].c[0][l].f = l == 1 ? 1.0f : 0.0f;
            e->in[GP_VARY_TEX0].c[1][l].f = l == 6 ? 1.0f : 0.0f;
            e->in[GP_VARY_TEX0].c[2][l].f = l == 9 ? -1.0f : 1.0f;
            e->in[GP_VARY_TEX0].c[3][l].f = l == 1 || l == 9 ? 0.0f : 1.0f;
        }
        e->env.live_mask = 0xfffd;
        e->env.helper_mask = 0x0002;
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "fragment votes: status %d", e->env.status);
        CHECK(e->env.killed_mask == 0x0200, "killed_mask 0x%04x, want 0x0200", e->env.killed_mask);
        /* (any x, any y, all z, all w) over lanes 0, 2..8, 10..15:
         * x: 0 everywhere -> 0; y: lane 6 -> 1; z: 1 everywhere -> 1;
         * w: 1 everywhere -> 1 */
        const uint32_t want[4] = {0, 0x3f800000u, 0x3f800000u, 0x3f800000u};
        check_row(e, GP_FOUT_COLOR0, 0xfdfd, want, "fragment votes");
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

/* The same opcodes in a geometry program (HDR.NVGP50): one lane per
 * primitive; primitive.id per lane l = l, so BTC of it and a TGANY. */
static void test_geometry(void)
{
    static const char src[] =
        "!!NVgp5.0\n"
        "PRIMITIVE_IN POINTS;\n"
        "PRIMITIVE_OUT POINTS;\n"
        "VERTICES_OUT 1;\n"
        "INT TEMP r;\n"
        "BTC.S r.x, primitive.id.x;\n"
        "BFI.S r.y, {2, 4}, primitive.id.x, 0;\n"
        "TGEQ.S r.z, primitive.id.x;\n"
        "BTFM.S r.w, primitive.id.x;\n"
        "MOV.S result.texcoord[0], r;\n"
        "END\n";
    gp_program *p0 = t_compile(src, GP_STAGE_GEOMETRY);
    if (!p0)
        return;
    gp_program *p1 = t_reprint(p0, GP_STAGE_GEOMETRY, "geometry");
    for (int k = 0; k < 2; k++) {
        gp_program *p = k ? p1 : p0;
        if (!p)
            continue;
        tenv *e = te_new();
        gp_vec *in = calloc(GP_VARY_COUNT, sizeof(gp_vec));
        if (!in)
            abort();
        for (int l = 0; l < GP_LANES; l++)
            in[GP_VARY_PRIMID].c[0][l].i = l;
        e->env.inputs = in;
        te_bind_consts(e, p);
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "geometry: status %d", e->env.status);
        for (int l = 0; l < GP_LANES; l++) {
            /* popcount(l); (l & 3) << 4; TGEQ: lane 0 is 0, others not -> 0;
             * BTFM: top bit of l, -1 for 0 */
            int pc = (l & 1) + (l >> 1 & 1) + (l >> 2 & 1) + (l >> 3 & 1);
            int top = l >= 8 ? 3 : l >= 4 ? 2 : l >= 2 ? 1 : l >= 1 ? 0 : -1;
            const gp_vec *o = &e->out[GP_VARY_TEX0];
            CHECK(o->c[0][l].i == pc && o->c[1][l].i == (l & 3) << 4 && o->c[2][l].i == 0 &&
                      o->c[3][l].i == top,
                  "geometry lane %d: %d %d %d %d, want %d %d 0 %d", l, o->c[0][l].i, o->c[1][l].i,
                  o->c[2][l].i, o->c[3][l].i, pc, (l & 3) << 4, top);
        }
        free(in);
        te_free(e);
    }
    gp_program_free(p0);
    gp_program_free(p1);
}

/* Mutations of an NV5 program (byte flips, token swaps, truncations):
 * whatever compiles prints and compiles again, and runs to the same bits
 * with and without the fast paths over inputs of edge values (bad input
 * never crashes: the sanitizer build runs this too). */
static uint64_t mut_rng = 0x243f6a8885a308d3ull;
static uint32_t mut_rnd(uint32_t n)
{
    mut_rng = mut_rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)((mut_rng >> 33) % n) : 0;
}

static void test_mutations(void)
{
    static const char base[] =
        "!!NVvp5.0\n"
        "TEMP a, b, f;\n"
        "MOV.S a, vertex.attrib[1];\n"
        "MOV.S b, vertex.attrib[2];\n"
        "BFE.S a.xy, b.zwxy, a;\n"
        "BFI.U.CC b, a, b, {3, 7, 4294967295, 0};\n"
        "BFR.S a (NE.x), -b;\n"
        "BTC.U b.z, |a|;\n"
        "BTFL.S.CC1 a, b.wzyx;\n"
        "BTFM.U b, a;\n"
        "TGALL.S a.w, b;\n"
        "TGANY.F f, vertex.attrib[3];\n"
        "TGEQ.U.CC0 b.xz, a;\n"
        "MOV.S result.texcoord[0], a;\n"
        "MOV.S result.texcoord[1], b;\n"
        "MOV result.texcoord[2], f;\n"
        "MOV result.position, 0;\n"
        "END\n";
    static const char *const words[] = { "BFE", "BFI", "BFR", "BTC", "BTFL", "BTFM", "TGALL", "TGANY", "TGEQ",
                                          ".S", ".U", ".F", ".CC", ".SAT", ".S32", "-", "|", ".x", "0x80000000",
                                          "-2147483648", "32", "33", "-1", "!!NVvp4.0" };
    static const uint32_t edge[] = { 0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 31, 32, 33, 0x7fc00000u,
                                     0x80000000u, 0x12345678u, 16 };
    int compiled = 0;
    for (int it = 0; it < 800; it++) {
        char src[1024];
        size_t n = sizeof(base) - 1;
        memcpy(src, base, n + 1);
        int edits = 1 + (int)mut_rnd(3);
        for (int k = 0; k < edits; k++) {
            uint32_t what = mut_rnd(8);
            if (what < 5) {
                /* an instruction line's opcode word: another opcode, type
                 * and CC / clamping modifier ("BFE.S" -> "TGANY.U32.SAT") */
                static const char *const ops[] = { "BFE", "BFI", "BFR", "BTC", "BTFL", "BTFM", "TGALL", "TGANY",
                                                   "TGEQ", "MOV", "ADD" };
                static const char *const mods[] = { "", ".S", ".U", ".F", ".S32", ".U32", ".F32", ".S.CC",
                                                    ".U.CC1", ".F.SAT", ".SAT", ".CC0" };
                char *line = src;
                for (int skip = 4 + (int)mut_rnd(10); skip > 0 && line; skip--) {
                    line = strchr(line, '\n');
                    if (line)
                        line++;
                }
                char *sp = line ? strchr(line, ' ') : NULL;
                if (!sp)
                    continue;
                char word[32];
                snprintf(word, sizeof(word), "%s%s", ops[mut_rnd(11)], mods[mut_rnd(12)]);
                size_t wl = strlen(word), ol = (size_t)(sp - line);
                if (n - ol + wl + 1 >= sizeof(src))
                    continue;
                memmove(line + wl, sp, n - (size_t)(sp - src) + 1);
                memcpy(line, word, wl);
                n = n - ol + wl;
            } else if (what < 7) {
                /* a byte of an operand */
                size_t at = mut_rnd((uint32_t)n);
                if (src[at] != '\n' && src[at] != ';')
                    src[at] = " ,-|xyzw0123"[mut_rnd(12)];
            } else {
                /* a word inserted anywhere */
                const char *w = words[mut_rnd(sizeof(words) / sizeof(words[0]))];
                size_t wl = strlen(w), at = mut_rnd((uint32_t)n);
                if (n + wl + 1 < sizeof(src)) {
                    memmove(src + at + wl, src + at, n - at + 1);
                    memcpy(src + at, w, wl);
                    n += wl;
                }
            }
        }
        gp_error err;
        gp_program *p = gp_compile(src, n, GP_STAGE_VERTEX, NULL, &err);
        if (!p)
            continue;
        compiled++;
        gp_program *q = t_reprint(p, GP_STAGE_VERTEX, "mutation");
        tenv *e[2];
        for (int k = 0; k < 2; k++) {
            e[k] = te_new();
            gp_machine_set_fast_paths(e[k]->m, k == 0);
            te_bind_consts(e[k], p);
            for (int sl = 0; sl < 4; sl++)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++)
                        e[k]->in[sl].c[c][l].u = edge[(sl * 7 + c * 3 + l) % 12];
            e[k]->env.live_mask = it & 1 ? 0xffffu : 0x7ef3u;
            gp_exec(p, &e[k]->env);
        }
        CHECK(e[0]->env.status == e[1]->env.status, "mutation %d: status %d vs %d", it, e[0]->env.status,
              e[1]->env.status);
        CHECK(memcmp(e[0]->out, e[1]->out, sizeof(e[0]->out)) == 0, "mutation %d: fast and generic differ:\n%s",
              it, src);
        te_free(e[0]);
        te_free(e[1]);
        gp_program_free(q);
        gp_program_free(p);
    }
    CHECK(compiled >= 100, "only %d mutations compiled", compiled);
    printf("mutations: %d of 800 compiled\n", compiled);
}

int main(void)
{
    T_BOTH_PATHS
    {
        test_bfe();
        test_bfi();
        test_bitops();
        test_votes();
        test_vote_divergent();
        test_vote_fragment();
        test_geometry();
    }
    test_mutations();
    return t_report("nv5_bits");
}
