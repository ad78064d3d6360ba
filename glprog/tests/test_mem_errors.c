/*
 * test_mem_errors.c - glprog.mem_errors: programs the issue-6 front end
 * must refuse, each at a byte position counted by hand from the program
 * text (the comments give the counts) and with a message naming the
 * problem:
 *   1. the storage modifier rule (MOD.ST_RULE): none, two, a data type
 *      besides, storage / atomic / cache modifiers on other opcodes;
 *   2. atomic operation / storage type combinations (EDGE.ATOM_TYPES) and
 *      the options that allow more (NV_shader_atomic_float / _int64);
 *   3. the options and headers the instructions need (NV4 LOAD / LDC,
 *      mem_extended modifiers, storage buffers);
 *   4. operands: LDC on a non-CBUFFER, CBUFFER / STORAGE used elsewhere,
 *      LDS / LDB on other variables (EDGE.LDC_OPERAND);
 *   5. images: targets, units, 64-bit storage, formatted + unformatted;
 *   6. compute programs: GROUP_SIZE missing / twice / too large, SHARED_
 *      MEMORY over the limit / twice, SHARED without it or past it, SHARED
 *      / BAR / LDS / MEMBAR.CTA outside compute programs, results
 *      (EDGE.CP_SHARED_DECL, DECL.GROUP_SIZE, DECL.SHARED_MEMORY).
 * The line and column of each error are computed here from the position.
 * Test executable, single thread.
 *
 * covers: MOD.ST_RULE EDGE.ATOM_TYPES EDGE.LDC_OPERAND EDGE.CP_SHARED_DECL DECL.GROUP_SIZE
 * covers: DECL.SHARED_MEMORY DECL.SHARED DECL.IMAGE DECL.STORAGE LIM.CP.WGSIZE LIM.CP.SHARED LIM.SILS.UNITS LIM.SSBO.BINDINGS
 * covers: OPT.NV_shader_atomic_float OPT.NV_gpu_program5_mem_extended OPT.NV_shader_storage_buffer
 * covers: OPT.NV_shader_buffer_load OPT.NV_parameter_buffer_object2 OP.BAR OP.LDS MOD.CTA TEX.IMG_TARGETS
 * covers: HDR.NVCP50 HDR.GATE5
 */
#include "gp_test_util.h"

#define V GP_STAGE_VERTEX
#define F GP_STAGE_FRAGMENT
#define C GP_STAGE_COMPUTE
#define G GP_STAGE_GEOMETRY

/* "!!NVfp5.0\n" 10 + "LONG TEMP a;\n" 13 + "TEMP r;\n" 8: the instruction at 31 */
#define FP5 "!!NVfp5.0\nLONG TEMP a;\nTEMP r;\n"
/* "!!NVfp5.0\n" 10 + "TEMP r;\n" 8: at 18 */
#define FP5R "!!NVfp5.0\nTEMP r;\n"
/* "!!NVcp5.0\n" 10 + "GROUP_SIZE 1;\n" 14: at 24 */
#define CP5 "!!NVcp5.0\nGROUP_SIZE 1;\n"

static const struct ecase {
    int stage;
    const char *src;
    int pos;
    const char *msg;
} cases[] = {
    /* 1. MOD.ST_RULE.  "LOAD." is 5 bytes: the first modifier at 36, a
     * second after "U32." at 40 */
    { F, FP5 "LOAD.U32.F32 r, a.x;\nEND", 40, "more than one storage modifier on 'LOAD' ('.U32' and '.F32')" },
    { F, FP5 "LOAD r, a.x;\nEND", 31, "'LOAD' needs a storage modifier" },
    { F, FP5 "LOAD.F r, a.x;\nEND", 36, "'LOAD' takes no data type modifier ('.F')" },
    { F, FP5 "LOAD.U32.U r, a.x;\nEND", 40, "'LOAD' takes no data type modifier ('.U')" },
    { F, FP5 "STORE.S32.S32X4 r, a.x;\nEND", 41, "more than one storage modifier on 'STORE'" }, /* "STORE.S32." 10 */
    /* storage / atomic / cache modifiers on ordinary opcodes: "MOV." 4 */
    { F, FP5 "MOV.U8 r, r;\nEND", 35, "the storage modifier '.U8' is only allowed on memory instructions" },
    { F, FP5 "MOV.F32X4 r, r;\nEND", 35, "the storage modifier '.F32X4' is only allowed on memory instructions" },
    { F, FP5 "ADD.ADD r, r, r;\nEND", 35, "'.ADD' is an atomic operation modifier" },
    { F, FP5 "MOV.COH r, r;\nEND", 35, "the modifier '.COH' is only allowed on memory instructions" },
    { F, FP5 "LOAD.ADD.U32 r, a.x;\nEND", 36, "'.ADD' is an atomic operation modifier: only ATOM, ATOMB, ATOMS and ATOMIM take one, not 'LOAD'" },
    { F, FP5 "ATOM.U32 r, r, a.x;\nEND", 31, "'ATOM' needs an atomic operation modifier" },
    { F, FP5 "ATOM.ADD.OR.U32 r, r, a.x;\nEND", 40, "more than one atomic operation modifier on 'ATOM' ('.ADD' and '.OR')" },
    { F, FP5 "ATOM.ADD r, r, a.x;\nEND", 31, "'ATOM' needs a storage modifier" },
    { F, FP5 "MEMBAR.U32;\nEND", 38, "'MEMBAR' takes no storage modifier" }, /* "MEMBAR." 7 */
    { F, FP5 "MEMBAR.COH;\nEND", 38, "'MEMBAR' does not take the cache modifier '.COH'" },
    { F, FP5 "LOAD.U32.CTA r, a.x;\nEND", 40, "'.CTA' is only allowed on MEMBAR, not 'LOAD'" },
    { F, FP5 "LOAD.U32.COH.COH r, a.x;\nEND", 44, "'.COH' is given twice on 'LOAD'" },
    { F, FP5 "LOAD.U32.SAT r, a.x;\nEND", 40, "a clamping modifier needs a floating-point result; 'LOAD.U32' produces integers" },
    { F, FP5 "STORE.U32.CC r, a.x;\nEND", 41, "opcode 'STORE' does not take condition code modifiers" },
    { F, FP5 "STORE.F32.SAT r, a.x;\nEND", 41, "opcode 'STORE' does not take clamping modifiers" },
    { F, FP5 "LOADH.F32 r, a.x;\nEND", 31, "opcode 'LOAD' does not take the H suffix" },

    /* 2. EDGE.ATOM_TYPES: the storage modifier after "ATOM.MIN." (9) at 40 */
    { F, FP5 "ATOM.MIN.U64 r, r, a.x;\nEND", 40, "'ATOM.MIN.U64' requires OPTION NV_shader_atomic_int64" },
    { F, FP5 "ATOM.ADD.S64 r, r, a.x;\nEND", 40, "'ATOM.ADD.S64' requires OPTION NV_shader_atomic_int64" },
    { F, FP5 "ATOM.IWRAP.S32 r, r, a.x;\nEND", 42, "'ATOM.IWRAP' does not take the storage modifier '.S32' (allowed: U32)" },
    { F, FP5 "ATOM.DWRAP.U64 r, r, a.x;\nEND", 42, "'ATOM.DWRAP' does not take the storage modifier '.U64'" },
    { F, FP5 "ATOM.ADD.F32 r, r, a.x;\nEND", 40, "'ATOM.ADD.F32' requires OPTION NV_shader_atomic_float" },
    { F, FP5 "ATOM.ADD.U32X2 r, r, a.x;\nEND", 40, "atomics access one element" },
    { F, FP5 "ATOM.XOR.F64 r, r, a.x;\nEND", 40, "'ATOM.XOR' does not take the storage modifier '.F64'" },
    { F, FP5 "ATOM.ADD.U8 r, r, a.x;\nEND", 40, "'ATOM.ADD' does not take the storage modifier '.U8'" },
    /* the float option allows ADD and EXCH only: "OPTION
     * NV_shader_atomic_float;\n" is 31 bytes, so FP5's instruction is at
     * 62 and "ATOM.AND." puts F32 at 71 */
    { F, "!!NVfp5.0\nOPTION NV_shader_atomic_float;\nLONG TEMP a;\nTEMP r;\nATOM.AND.F32 r, r, a.x;\nEND", 71,
      "'ATOM.AND' does not take the storage modifier '.F32'" },
    /* the int64 option adds no wrapping forms: "OPTION
     * NV_shader_atomic_int64;\n" is 31 bytes too; "ATOM.IWRAP." 11 */
    { F, "!!NVfp5.0\nOPTION NV_shader_atomic_int64;\nLONG TEMP a;\nTEMP r;\nATOM.IWRAP.S64 r, r, a.x;\nEND", 73,
      "'ATOM.IWRAP' does not take the storage modifier '.S64'" },
    /* ATOMIM: no 64-bit atomics even with the option; "ATOMIM.ADD." 11 */
    { F, "!!NVfp5.0\nOPTION NV_shader_atomic_int64;\nTEMP r;\nATOMIM.ADD.U64 r, r, r, image[0], 2D;\nEND", 60,
      "'ATOMIM.ADD' does not take the storage modifier '.U64'" },
    { F, FP5R "ATOMIM.DWRAP.S32 r, r, r, image[0], 2D;\nEND", 31, "'ATOMIM.DWRAP' does not take the storage modifier '.S32' (allowed: U32)" },

    /* 3. options and headers.  "!!NVfp4.0\nTEMP r;\n" is 18 bytes */
    { F, "!!NVfp4.0\nTEMP r;\nLOAD.U32 r, r.x;\nEND", 18,
      "opcode 'LOAD' requires an NV_gpu_program5 header (!!NVfp5.0) or OPTION NV_shader_buffer_load" },
    { V, "!!NVvp4.0\nTEMP r;\nLDC.U32 r, r;\nEND", 18,
      "opcode 'LDC' requires an NV_gpu_program5 header (!!NVvp5.0) or OPTION NV_parameter_buffer_object2" },
    { V, "!!NVvp4.0\nTEMP r;\nSTORE.U32 r, r.x;\nEND", 18, "opcode 'STORE' requires an NV_gpu_program5 header (!!NVvp5.0)" },
    { F, "!!NVfp4.0\nTEMP r;\nMEMBAR;\nEND", 18, "opcode 'MEMBAR' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nTEMP r;\nLOADIM.U32 r, r, image[0], 2D;\nEND", 18, "opcode 'LOADIM' requires an NV_gpu_program5 header" },
    /* "OPTION NV_shader_buffer_load;\n" is 30 bytes: TEMP at 40, LOAD at
     * 48, its modifier at 53.  NV_shader_buffer_load has 8..32-bit
     * modifiers only */
    { F, "!!NVfp4.0\nOPTION NV_shader_buffer_load;\nTEMP r;\nLOAD.U64 r, r.x;\nEND", 53,
      "the storage modifier '.U64' requires an NV_gpu_program5 header" },
    /* "CBUFFER c[] = { program.buffer[0] };" without the option (NV4) */
    { V, "!!NVvp4.0\nCBUFFER c[] = { program.buffer[0] };\nEND", 10,
      "CBUFFER declarations require OPTION NV_parameter_buffer_object2" },
    /* the NV5-only options under 4.0: the option name at 17 */
    { F, "!!NVfp4.0\nOPTION NV_shader_atomic_float;\nEND", 17, "option NV_shader_atomic_float requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nOPTION NV_shader_storage_buffer;\nEND", 17, "option NV_shader_storage_buffer requires an NV_gpu_program5 header" },
    /* NV_gpu_program5_mem_extended modifiers without it: "LOAD." -> 36 */
    { F, FP5 "LOAD.F16 r, a.x;\nEND", 36, "the storage modifier '.F16' requires OPTION NV_gpu_program5_mem_extended" },
    { F, FP5 "STORE.S8X2 r, a.x;\nEND", 37, "the storage modifier '.S8X2' requires OPTION NV_gpu_program5_mem_extended" },
    { F, FP5 "LOAD.U16X4 r, a.x;\nEND", 36, "the storage modifier '.U16X4' requires OPTION NV_gpu_program5_mem_extended" },
    /* storage buffers need their option */
    { F, FP5R "LDB.U32 r, r;\nEND", 18, "opcode 'LDB' requires OPTION NV_shader_storage_buffer" },
    { F, FP5R "ATOMB.ADD.U32 r, r, r;\nEND", 18, "opcode 'ATOMB' requires OPTION NV_shader_storage_buffer" },
    { F, "!!NVfp5.0\nSTORAGE s[] = { program.storage[0] };\nEND", 10,
      "STORAGE declarations require OPTION NV_shader_storage_buffer" },
    /* "MOV r, " 7: the binding at 25 */
    { F, FP5R "MOV r, program.storagelen[0];\nEND", 25, "program.storagelen requires OPTION NV_shader_storage_buffer" },

    /* 4. operands.  "LDC.U32 r, " is 11 bytes */
    { F, FP5R "LDC.U32 r, r;\nEND", 29, "the operand of LDC must be a CBUFFER variable" },
    { F, FP5R "LDC.U32 r, 3;\nEND", 29, "the operand of LDC must be a CBUFFER variable" },
    /* "BUFFER b[] = { program.buffer[0] };\n" 36: TEMP at 46, LDC at 54,
     * b at 65 */
    { F, "!!NVfp5.0\nBUFFER b[] = { program.buffer[0] };\nTEMP r;\nLDC.U32 r, b[0];\nEND", 65,
      "LDC reads CBUFFER variables only; 'b' is a BUFFER variable" },
    /* "CBUFFER c[] = { program.buffer[0] };\n" 37: TEMP at 47, MOV at
     * 55, c at 62 */
    { F, "!!NVfp5.0\nCBUFFER c[] = { program.buffer[0] };\nTEMP r;\nMOV r, c[0];\nEND", 62,
      "'c' is a CBUFFER variable: only LDC can read it" },
    /* a CBUFFER byte offset beyond the variable: the declaration is 44
     * bytes, TEMP at 54, LDC at 62, "LDC.U32 r, c[" 13: the index at 75 */
    { F, "!!NVfp5.0\nCBUFFER c[] = { program.buffer[0][0..15] };\nTEMP r;\nLDC.U32 r, c[16];\nEND", 75,
      "array index 16 out of bounds for 'c' (16 elements)" },
    /* "OPTION NV_shader_storage_buffer;\n" 33; "STORAGE s[] = { program.storage[1] };\n"
     * 38: TEMP at 81, the instruction at 89 ("ADD r, r, " 10, "LDB.U32 r, " 11) */
    { F, "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE s[] = { program.storage[1] };\nTEMP r;\nADD r, r, s[0];\nEND",
      99, "'s' is a STORAGE variable: only LDB, STB and ATOMB can use it" },
    { F, "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE s[] = { program.storage[1] };\nTEMP r;\nLDB.U32 r, r;\nEND",
      100, "the memory operand of LDB must be a STORAGE variable" },
    { F, "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE s[] = { program.storage[1] };\nTEMP r;\nLDB.U32 r, s;\nEND",
      100, "array 's' needs a byte offset" },
    { F, "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE s[] = { program.storage[16] };\nEND", 75,
      "storage buffer binding point 16 out of range (16 available)" },

    /* 5. images: "LOADIM.U32 r, r, image[0], " 27 -> the target at 45 */
    { F, FP5R "LOADIM.U32 r, r, image[0], SHADOW2D;\nEND", 45, "image instructions have no shadow targets" },
    { F, FP5R "LOADIM.U32 r, r, image[0], RENDERBUFFER;\nEND", 45, "expected an image target" },
    { F, FP5R "LOADIM.U32 r, r, image[8], 2D;\nEND", 41, "image unit 8 out of range (8 available)" },
    { F, FP5R "LOADIM.U32 r, r, texture[0], 2D;\nEND", 35, "expected an image unit (image[n] or an IMAGE variable)" },
    { F, FP5R "LOADIM.U64 r, r, image[0], 2D;\nEND", 25, "'LOADIM' does not take the 64-bit storage modifier '.U64'" },
    { F, FP5R "LOADIM r, r, image[0], 2D;\nEND", 18, "'LOADIM' needs a storage modifier" },
    { F, FP5R "STOREIM.F.U32 image[0], r, r, 2D;\nEND", 28, "STOREIM takes either a data type modifier" },
    { F, FP5R "STOREIM.F.S image[0], r, r, 2D;\nEND", 28, "more than one data type modifier on 'STOREIM'" },
    /* "IMAGE i[] = { image[1], " 24 -> the second binding at 34 */
    { F, "!!NVfp5.0\nIMAGE i[] = { image[1], image[3] };\nEND", 34,
      "the image units of an IMAGE array must increase consecutively (expected image[2])" },
    { F, "!!NVfp5.0\nIMAGE i[3] = { image[1..2] };\nEND", 18, "IMAGE array size 3 does not match its 2 image units" },
    /* "IMAGE i = image[1];\n" 20: TEMP at 30, "MOV r, " -> 45 */
    { F, "!!NVfp5.0\nIMAGE i = image[1];\nTEMP r;\nMOV r, i;\nEND", 45, "'i' is an IMAGE variable" },

    /* 6. compute programs */
    { C, "!!NVcp5.0\nTEMP r;\nEND", 10, "missing GROUP_SIZE declaration" },
    { C, "!!NVcp5.0\nEND", 10, "missing GROUP_SIZE declaration" },
    /* "GROUP_SIZE " 11: the first size at 21 */
    { C, "!!NVcp5.0\nGROUP_SIZE 1025;\nEND", 21, "GROUP_SIZE x dimension 1025 out of range (1..1024)" },
    { C, "!!NVcp5.0\nGROUP_SIZE 0;\nEND", 21, "GROUP_SIZE x dimension 0 out of range" },
    { C, "!!NVcp5.0\nGROUP_SIZE 1 1 65;\nEND", 25, "GROUP_SIZE z dimension 65 out of range (1..64)" },
    { C, "!!NVcp5.0\nGROUP_SIZE 64 32;\nEND", 21, "is 2048 invocations, more than 1024" },
    { C, "!!NVcp5.0\nGROUP_SIZE;\nEND", 20, "expected a work group size" },
    { C, CP5 "GROUP_SIZE 4;\nEND", 24, "GROUP_SIZE is declared twice" },
    { C, CP5 "TEMP r;\nGROUP_SIZE 4;\nEND", 32, "GROUP_SIZE must come before all other statements" },
    { F, "!!NVfp5.0\nGROUP_SIZE 4;\nEND", 10, "GROUP_SIZE declarations are only available in compute programs" },
    { V, "!!NVvp5.0\nSHARED_MEMORY 4;\nEND", 10, "SHARED_MEMORY declarations are only available in compute programs" },
    /* "SHARED_MEMORY " 14: the size at 38 */
    { C, CP5 "SHARED_MEMORY 49153;\nEND", 38, "SHARED_MEMORY 49153 exceeds the limit of 49152 bytes" },
    /* "SHARED_MEMORY 4;\n" 17 */
    { C, CP5 "SHARED_MEMORY 4;\nSHARED_MEMORY 4;\nEND", 41, "SHARED_MEMORY is declared twice" },
    { C, CP5 "SHARED s = program.sharedmem[0];\nEND", 24, "SHARED variables need a SHARED_MEMORY declaration" },
    /* "SHARED_MEMORY 0;\n" 17: the declaration at 41 */
    { C, CP5 "SHARED_MEMORY 0;\nSHARED s = program.sharedmem[0];\nEND", 41, "SHARED_MEMORY 0 leaves no shared memory" },
    /* "SHARED_MEMORY 16;\n" 18 -> 42; "SHARED s[] = { program.sharedmem[8.." 33
     * more: the 16 at 78 */
    { C, CP5 "SHARED_MEMORY 16;\nSHARED s[] = { program.sharedmem[8..16] };\nEND", 78,
      "shared memory byte 16 out of range (16 available)" },
    { C, CP5 "SHARED_MEMORY 16;\nSHARED s[20] = { program.sharedmem };\nEND", 51, "invalid SHARED array size 20" },
    /* LDS on a temporary: "TEMP r;\n" 8 -> 32, "LDS.U32 r, " 11 -> 43 */
    { C, CP5 "TEMP r;\nLDS.U32 r, r;\nEND", 43, "the memory operand of LDS must be a SHARED variable" },
    { F, "!!NVfp5.0\nSHARED s[] = { program.sharedmem };\nEND", 10,
      "SHARED declarations are only available in compute programs" },
    { F, "!!NVfp5.0\nBAR;\nEND", 10, "opcode 'BAR' is only available in compute programs (!!NVcp5.0)" },
    { G, "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP r;\nSTS.U32 r, r;\nEND", 77,
      "opcode 'STS' is only available in compute programs" },
    { V, "!!NVvp5.0\nTEMP r;\nLDS.U32 r, r;\nEND", 18, "opcode 'LDS' is only available in compute programs" },
    { F, "!!NVfp5.0\nMEMBAR.CTA;\nEND", 17, "'MEMBAR.CTA' is only available in compute programs" },
    /* results and other stages' bindings: "MOV " 4 -> 28 */
    { C, CP5 "MOV result.color, 1;\nEND", 28, "compute programs have no result variables" },
    /* "TEMP r;\nMOV r, " 15 -> 39; "invocation." 11 -> the word at 50 */
    { C, CP5 "TEMP r;\nMOV r, invocation.foo;\nEND", 50, "'invocation.foo' is not a valid binding" },
    { F, FP5R "MOV r, invocation.localid;\nEND", 25, "undeclared identifier 'invocation'" },
    { C, CP5 "TEMP r;\nMOV r, vertex.position;\nEND", 39, "'vertex' bindings are not available in compute programs" },
};

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        gp_error err;
        gp_program *p = gp_compile(c->src, strlen(c->src), (gp_stage)c->stage, NULL, &err);
        CHECK(!p, "case %zu accepted:\n%s", i, c->src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        /* line and column of the expected position, counted here */
        int line = 1, col = 1;
        for (int k = 0; k < c->pos && c->src[k]; k++) {
            if (c->src[k] == '\n')
                line++, col = 1;
            else
                col++;
        }
        CHECK(err.pos == c->pos && err.line == line && err.col == col,
              "case %zu: position %d (line %d, column %d), want %d (line %d, column %d): %s", i, err.pos, err.line,
              err.col, c->pos, line, col, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
    }
    printf("mem_errors: %zu programs, %d failures\n", sizeof(cases) / sizeof(cases[0]), gpt_failures);
    return gpt_failures ? 1 : 0;
}
