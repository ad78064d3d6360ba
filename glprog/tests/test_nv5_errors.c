/*
 * test_nv5_errors.c - glprog.nv5_errors: the NV_gpu_program5 gate and the
 * Table X.13 rows of the NV5 opcodes asmgl runs so far (BFE BFI BFR BTC
 * BTFL BTFM TGALL TGANY TGEQ).
 *   1. HDR.GATE5 (NV_gpu_program5 "Dependencies on NV_gpu_program4": its
 *      additions need a 5.0 header): each NV5 opcode under !!NVvp4.0 /
 *      !!NVfp4.0 / !!NVgp4.0 is rejected at the opcode with a message that
 *      names the opcode and the header it needs; ARB programs reject them
 *      too.  Under 4.0 the names are not opcodes, so they may name
 *      variables.
 *   2. Under a 5.0 header the modifiers follow Table X.13: bit-field
 *      opcodes take .S/.U and .CC but not .F, clamping or H; votes take
 *      every type, .CC and .SAT (clamping only with .F); operand counts.
 *   3. Every allowed combination is accepted in all three program types.
 *   4. The sized data type modifiers (2.X.4.1): .F32 .S32 .U32 under 5.0
 *      only (the gate names the header); .PREC once, on arithmetic and
 *      logical instructions; .S64 .U64 .F64 only on the Table X.13 "6" rows.
 * Every position below was counted from the program text.  Test
 * executable, single thread.
 *
 * covers: HDR.GATE5 HDR.NVVP50 HDR.NVFP50 HDR.NVGP50 OP.BFE OP.BFI OP.BFR OP.BTC OP.BTFL OP.BTFM
 * covers: OP.TGALL OP.TGANY OP.TGEQ MOD.F MOD.S MOD.U MOD.SAT MOD.CC0 MOD.CC1 MOD.PREC_H MOD.UNIQUE
 * covers: MOD.F32 MOD.S32 MOD.U32
 */
#include "gp_test_util.h"

enum { V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT, G = GP_STAGE_GEOMETRY };

#define GP4 "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n" /* 69 bytes */
#define GP5 "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"

static const struct ecase {
    int stage;
    const char *src;
    int pos, line, col;
    const char *msg;
} cases[] = {
    /* 1. the gate: "!!NVvp4.0\n" is 10 bytes, "TEMP r;\n" 8: the opcode at 18 */
    { V, "!!NVvp4.0\nTEMP r;\nBFE.U r, r, r;\nEND", 18, 3, 1, "opcode 'BFE' requires an NV_gpu_program5 header (!!NVvp5.0)" },
    { V, "!!NVvp4.0\nTEMP r;\nBFI r, r, r, r;\nEND", 18, 3, 1, "opcode 'BFI' requires an NV_gpu_program5 header" },
    { V, "!!NVvp4.0\nTEMP r;\nBFR.S r, r;\nEND", 18, 3, 1, "opcode 'BFR' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nTEMP r;\nBTC r, r;\nEND", 18, 3, 1, "opcode 'BTC' requires an NV_gpu_program5 header (!!NVfp5.0)" },
    { F, "!!NVfp4.0\nTEMP r;\nBTFL r, r;\nEND", 18, 3, 1, "opcode 'BTFL' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nTEMP r;\nBTFM.U r, r;\nEND", 18, 3, 1, "opcode 'BTFM' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nTEMP r;\nTGALL r, r;\nEND", 18, 3, 1, "opcode 'TGALL' requires an NV_gpu_program5 header" },
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, 1;\nTGANY r, r;\nEND", 28, 4, 1, "opcode 'TGANY' requires an NV_gpu_program5 header" },
    /* geometry: the declarations are 69 bytes, "INT TEMP r;\n" 12 */
    { G, GP4 "INT TEMP r;\nTGEQ.S r, r;\nEND", 81, 6, 1, "opcode 'TGEQ' requires an NV_gpu_program5 header (!!NVgp5.0)" },
    /* the suffix forms too ("BTCC" = BTC + C) */
    { V, "!!NVvp4.0\nTEMP r;\nBTFMC r, r;\nEND", 18, 3, 1, "opcode 'BTFM' requires an NV_gpu_program5 header" },
    /* ARB programs: "!!ARBvp1.0\n" is 11 bytes */
    { V, "!!ARBvp1.0\nBTC result.position, vertex.position;\nEND", 11, 2, 1, "opcode 'BTC' is not available in vertex programs" },
    { F, "!!ARBfp1.0\nTGALL result.color, fragment.color;\nEND", 11, 2, 1, "opcode 'TGALL' is not available in fragment programs" },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nBFE result.color, fragment.color, fragment.color;\nEND", 40, 3, 1,
      "opcode 'BFE' is not available in fragment programs" },

    /* 2. Table X.13 under 5.0: the modifier token after the opcode
     * "BFE." (18 + 4 = 22) */
    { V, "!!NVvp5.0\nTEMP r;\nBFE.F r, r, r;\nEND", 22, 3, 5, "opcode 'BFE' does not take the data type modifier '.F'" },
    { V, "!!NVvp5.0\nTEMP r;\nBTC.F r, r;\nEND", 22, 3, 5, "opcode 'BTC' does not take the data type modifier '.F'" },
    { V, "!!NVvp5.0\nTEMP r;\nBFE.U.SAT r, r, r;\nEND", 24, 3, 7, "opcode 'BFE' does not take clamping modifiers" },
    { F, "!!NVfp5.0\nTEMP r;\nBFI.S.SSAT r, r, r, r;\nEND", 24, 3, 7, "opcode 'BFI' does not take clamping modifiers" },
    { F, "!!NVfp5.0\nTEMP r;\nBTFL_SAT r, r;\nEND", 18, 3, 1, "opcode 'BTFL' does not take clamping modifiers" },
    /* clamping needs a float result: "TGALL.S." = 18 + 8 */
    { V, "!!NVvp5.0\nTEMP r;\nTGALL.S.SAT r, r;\nEND", 26, 3, 9, "a clamping modifier needs a floating-point result; 'TGALL.S' produces integers" },
    { V, "!!NVvp5.0\nTEMP r;\nTGEQ.U.SSAT r, r;\nEND", 25, 3, 8, "a clamping modifier needs a floating-point result; 'TGEQ.U' produces integers" },
    /* precision suffixes: R/H are the F type; H is column H ('-' for all) */
    { V, "!!NVvp5.0\nTEMP r;\nBFER r, r, r;\nEND", 18, 3, 1, "opcode 'BFE' does not take the R suffix" },
    { F, "!!NVfp5.0\nTEMP r;\nTGALLH r, r;\nEND", 18, 3, 1, "opcode 'TGALL' does not take the H suffix" },
    { V, "!!NVvp5.0\nTEMP r;\nBTC.U24 r, r;\nEND", 22, 3, 5, "the modifier '.U24' is only allowed on MUL" },
    { V, "!!NVvp5.0\nTEMP r;\nBFR.S.U r, r;\nEND", 24, 3, 7, "more than one data type modifier on 'BFR'" },
    { V, "!!NVvp5.0\nTEMP r;\nTGANY.CC.CC1 r, r;\nEND", 27, 3, 10, "more than one condition code modifier on 'TGANY'" },
    /* operand counts: BFE takes 2, BFI 3, the others 1 */
    { V, "!!NVvp5.0\nTEMP r;\nBFE.U r, r;\nEND", 28, 3, 11, "expected ',' between operands" },
    { V, "!!NVvp5.0\nTEMP r;\nBFI.U r, r, r;\nEND", 31, 3, 14, "expected ',' between operands" },
    { V, "!!NVvp5.0\nTEMP r;\nBTC r, r, r;\nEND", 26, 3, 9, "expected ';' at the end of the statement" },
    { V, "!!NVvp5.0\nTEMP r;\nTGEQ r, r, r;\nEND", 27, 3, 10, "expected ';' at the end of the statement" },
    /* sized data type modifiers (2.X.4.1): NV5 only; .F32 .S32 .U32 are
     * .F .S .U, the 64-bit ones are not run yet; "MOV." ends at 22 */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.F32 r, r;\nEND", 22, 3, 5, "the modifier '.F32' requires an NV_gpu_program5 header (!!NVvp5.0)" },
    { F, "!!NVfp4.0\nTEMP r;\nADD.S32 r, r, r;\nEND", 22, 3, 5, "the modifier '.S32' requires an NV_gpu_program5 header (!!NVfp5.0)" },
    { G, GP4 "TEMP r;\nMOV.U32 r, r;\nEND", 81, 6, 5, "the modifier '.U32' requires an NV_gpu_program5 header (!!NVgp5.0)" },
    { V, "!!NVvp4.0\nTEMP r;\nMOV.PREC r, r;\nEND", 22, 3, 5, "the modifier '.PREC' requires an NV_gpu_program5 header" },
    /* the 64-bit ones only where Table X.13 says "6" (test_nv5_wide.c has the rest) */
    { V, "!!NVvp5.0\nTEMP r;\nDP4.F64 r, r, r;\nEND", 22, 3, 5, "opcode 'DP4' does not take the 64-bit data type modifier '.F64'" },
    /* .PREC is accepted on arithmetic and logical instructions (test_nv5_sub.c) */
    { V, "!!NVvp5.0\nTEMP r;\nMOV.PREC.PREC r, r;\nEND", 27, 3, 10, "'.PREC' is given twice on 'MOV'" },
    { F, "!!NVfp5.0\nTEMP r;\nTEX.PREC r, r, texture[0], 2D;\nEND", 22, 3, 5, "'.PREC' applies only to arithmetic and logical instructions, not 'TEX'" },
    { V, "!!NVvp5.0\nTEMP r;\nBFE.F32 r, r, r;\nEND", 22, 3, 5, "opcode 'BFE' does not take the data type modifier '.F32'" },
    { V, "!!NVvp5.0\nTEMP r;\nDP4.U32 r, r, r;\nEND", 22, 3, 5, "opcode 'DP4' does not take the data type modifier '.U32'" },
    /* "MOV.S." ends at 24: base and sized types may not both appear */
    { V, "!!NVvp5.0\nTEMP r;\nMOV.S.S32 r, r;\nEND", 24, 3, 7, "more than one data type modifier on 'MOV'" },
    /* the default types (column D): BTC is .S, TGALL is .F, checked
     * against typed variables (2.X.3.1): "!!NVfp5.0\nINT TEMP r;\n" is 22
     * bytes, the destination after "TGALL " at 28 */
    { F, "!!NVfp5.0\nINT TEMP r;\nTGALL r, r;\nEND", 28, 3, 7, "'r' is declared INT, but TGALL.F writes it as FLOAT" },
    { F, "!!NVfp5.0\nFLOAT TEMP r;\nBTC r, r;\nEND", 28, 3, 5, "'r' is declared FLOAT, but BTC.S writes it as INT" },
};

static const struct {
    int stage;
    const char *src;
} accepts[] = {
    /* HDR.GATE5: under 4.0 the NV5 mnemonics are ordinary names */
    { V, "!!NVvp4.0\nTEMP BFE, TGALL;\nMOV BFE, 1;\nMOV TGALL, BFE;\nMOV result.position, TGALL;\nEND" },
    /* every allowed modifier (Table X.13 rows) */
    { V, "!!NVvp5.0\nTEMP r;\nBFE r, r, r;\nBFE.S r, r, r;\nBFE.U.CC r, r, r;\nBFEC1 r, r, r;\n"
         "BFI.S.CC0 r, r, r, r;\nBFR.U.CC1 r, r;\nBTC.S r, r;\nBTFL.U r (GT), -r;\nBTFM.S.CC r.x, |r|;\n"
         "TGALL.F.SAT r, r;\nTGANY.CC.SSAT r, r;\nTGEQ.U.CC1 r, r;\nTGANY_SAT r, r;\nTGEQC r, r;\n"
         "BFE.U32 r, r, r;\nTGALL.F32.SAT r, r;\nBTC.S32.CC r, r;\nMUL.S32.HI r, r, r;\nADD.F32 r, r, r;\n"
         "MOV result.position, r;\nEND" },
    { F, "!!NVfp5.0\nINT TEMP r;\nBFE r, r, r;\nBFI r, r, r, r;\nBFR r, r;\nBTC r, r;\nBTFL r, r;\nBTFM r, r;\n"
         "TGALL.S r, r;\nTGANY.S r, r;\nTGEQ.S r, r;\nMOV.S result.color, r;\nEND" },
    { G, GP5 "INT TEMP r;\nBFE r, r, r;\nBFI r, r, r, r;\nBFR r, r;\nBTC r, r;\nBTFL r, r;\nBTFM r, r;\n"
         "TGALL.S r, r;\nTGANY.S r, r;\nTGEQ.S r, r;\nMOV.S result.texcoord[0], r;\nEMIT;\nEND" },
};

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        gp_limits lim;
        gp_limits_default(&lim, (gp_stage)c->stage);
        gp_error err;
        gp_program *p = gp_compile(c->src, strlen(c->src), (gp_stage)c->stage, &lim, &err);
        CHECK(!p, "case %zu accepted:\n%s", i, c->src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        CHECK(err.pos == c->pos && err.line == c->line && err.col == c->col,
              "case %zu: position %d (line %d, column %d), want %d (line %d, column %d): %s", i, err.pos, err.line,
              err.col, c->pos, c->line, c->col, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
    }
    for (size_t i = 0; i < sizeof(accepts) / sizeof(accepts[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(accepts[i].src, strlen(accepts[i].src), (gp_stage)accepts[i].stage, NULL, &err);
        CHECK(p, "accept %zu rejected at %d:%d: %s", i, err.line, err.col, err.msg);
        gp_program_free(p);
    }
    /* the same NV5 program with a 4.0 header fails at its first NV5 opcode:
     * "!!NVvp4.0\nTEMP r;\nMOV r, 1;\n" is 28 bytes */
    {
        static const char src[] = "!!NVvp4.0\nTEMP r;\nMOV r, 1;\nBTC.S r, r;\nTGALL r, r;\nEND";
        gp_error err;
        gp_program *p = gp_compile(src, sizeof(src) - 1, GP_STAGE_VERTEX, NULL, &err);
        CHECK(!p && err.pos == 28 && strstr(err.msg, "'BTC'"), "first NV5 opcode: %s", p ? "accepted" : err.msg);
        gp_program_free(p);
    }
    printf("nv5_errors: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
