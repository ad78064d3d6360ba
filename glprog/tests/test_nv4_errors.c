/*
 * test_nv4_errors.c - glprog.nv4_errors: NV_gpu_program4 programs
 * (!!NVvp4.0, !!NVfp4.0, !!NVgp4.0) that must fail to load, each rejected
 * at the byte offset, line and column of the offending token with a
 * message that names the problem: options and geometry declarations,
 * opcodes and modifiers against Table X.13 / 2.X.4.1, data types of typed
 * variables and constants (2.X.3.1, 2.X.3.3), declarations and arrays,
 * bindings a program type lacks, texture targets and texel offsets
 * (2.X.4.4), flow control (2.X.5).  Every expected position below was
 * counted from the program text, not taken from the parser.  Test
 * executable, single thread.
 *
 * covers: BIND.F.ATTRIB BIND.F.CLIP BIND.F.FACING BIND.F.PRIMID BIND.G.NOVERTEX BIND.G.POSITION BIND.P.BUFFER
 * covers: BIND.R.COLOR_N BIND.R.ID BIND.R.LAYER BIND.R.POSITION BIND.V.ALIAS_CONFLICT BIND.V.ATTRIB
 * covers: BIND.V.ATTRIB_RANGE BIND.V.MATRIXINDEX BIND.V.TEXCOORD_RANGE BIND.X.TEXUNIT CC.AVAIL CC.SEL
 * covers: DECL.ADDRESS DECL.ARRAYS DECL.ATTRIB DECL.BUFFER DECL.BUFFER4 DECL.GP_2D_ATTRIB DECL.IDENT
 * covers: DECL.LABEL DECL.OUTPUT DECL.PARAM DECL.PRIMITIVE_IN DECL.PRIMITIVE_OUT DECL.PROGRAM DECL.TEMP
 * covers: DECL.VARMODS DECL.VERTICES_OUT_GP DT.ADDR_REG DT.CENTROID DT.CONST_HEX DT.CONST_INT_FLOAT DT.FLAT
 * covers: DT.FLOAT DT.INT DT.INTERP_RULES DT.INT_FLAT DT.LONG DT.MODS_UNIQUE DT.NOPERSPECTIVE DT.SHORT
 * covers: DT.UINT HDR.NVGP40 MOD.ARRAY_ABS MOD.ARRAY_REL MOD.CC0 MOD.CC1 MOD.F MOD.HI MOD.NTC MOD.PREC_H
 * covers: MOD.PREC_R MOD.PREC_X MOD.S MOD.S24 MOD.SAT MOD.SSAT MOD.SUFFIX_ORDER MOD.U MOD.U24 MOD.UNIQUE
 * covers: OP.AND OP.ARL OP.BRA OP.BRK OP.CAL OP.CONT OP.DDX OP.DP3 OP.ELSE OP.EMIT OP.ENDIF OP.ENDPRIM
 * covers: OP.ENDREP OP.EXP OP.I2F OP.IF OP.KIL OP.LOOP OP.MUL OP.PK2H OP.RCP OP.REP OP.SAD OP.TEX OP.TXB
 * covers: OP.TXF OP.TXFMS OP.TXL OP.TXP OP.TXQ OPT.ARB_draw_buffers OPT.ARB_fog_exp
 * covers: OPT.ARB_position_invariant OPT.NV_explicit_multisample OPT.NV_texture_multisample
 * covers: OPT.RULE_PLACEMENT TEX.BUFFER TEX.CUBE TEX.OFFSET_IMM TEX.ONE_TARGET TEX.SHADOWARRAY2D
 * covers: TEX.SHADOWCUBE TEX.TXF_TARGETS TEX.UNIT_SYNTAX EDGE.TX_SHADOWCUBE EDGE.PK_SHORT
 * covers: EDGE.ARB_REL_DUP EDGE.BLOCK_NESTING EDGE.BRK_CONT_SCOPE EDGE.REP_NOCOUNT EDGE.REL_OFFSET_RANGE
 * covers: EDGE.ABS_INDEX_OOB EDGE.ARRAY_SIZE_MISMATCH EDGE.ATTRIB_ALIAS EDGE.TYPE_MISMATCH HDR.TARGET_MATCH
 * covers: DECL.UNIQUE OPT.ARB_fog_exp2 OPT.ARB_fog_linear OPT.ARB_precision_hint_fastest
 * covers: OPT.ARB_precision_hint_nicest LIM.NV.LOOPDEPTH LIM.NV.IFDEPTH
 * covers: EDGE.PBO_SAMEPOINT
 */
#include "gp_test_util.h"

enum { V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT, G = GP_STAGE_GEOMETRY };

/* 48 nested IF blocks (MAX_PROGRAM_IF_DEPTH_NV) and their ENDIFs. */
#define C2_IF6 "IF GT.x;\nIF GT.x;\nIF GT.x;\nIF GT.x;\nIF GT.x;\nIF GT.x;\n"
#define C2_IF48 C2_IF6 C2_IF6 C2_IF6 C2_IF6 C2_IF6 C2_IF6 C2_IF6 C2_IF6
#define C2_ENDIF6 "ENDIF;\nENDIF;\nENDIF;\nENDIF;\nENDIF;\nENDIF;\n"
#define C2_ENDIF48 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6 C2_ENDIF6

static const struct ecase {
    int stage;
    const char *src;
    int pos, line, col;
    const char *msg;
} cases[] = {
    /* OPT.RULE_PLACEMENT */
    { F, "!!NVfp4.0\nOPTION NV_fragment_program2;\nEND", 17, 2, 8, "option NV_fragment_program2 is not available in NV_gpu_program4 programs" },
    /* OPT.ARB_fog_exp */
    { V, "!!NVvp4.0\nOPTION ARB_fog_exp;\nEND", 17, 2, 8, "option ARB_fog_exp is not available in vertex programs" },
    /* OPT.ARB_position_invariant */
    { G, "!!NVgp4.0\nOPTION ARB_position_invariant;\nEND", 17, 2, 8, "not available in geometry programs" },
    /* OPT.RULE_PLACEMENT */
    { F, "!!NVfp4.0\nTEMP t;\nOPTION ARB_fog_exp;\nEND", 18, 3, 1, "OPTION must come before all other statements" },
    /* DECL.VERTICES_OUT_GP HDR.NVGP40 */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nEND", 56, 4, 1, "missing VERTICES_OUT declaration" },
    /* DECL.PRIMITIVE_IN */
    { G, "!!NVgp4.0\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nEMIT;\nEND", 48, 4, 1, "missing PRIMITIVE_IN declaration" },
    /* DECL.PRIMITIVE_OUT */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nVERTICES_OUT 1;\nMOV result.position, vertex[0].position;\nEND", 50, 4, 1, "missing PRIMITIVE_OUT declaration" },
    /* DECL.PRIMITIVE_IN */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_IN LINES;\nEND", 34, 3, 1, "more than one PRIMITIVE_IN declaration" },
    /* DECL.PROGRAM */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP t;\nVERTICES_OUT 3;\nEND", 88, 6, 1, "VERTICES_OUT must come before all other statements" },
    /* DECL.PRIMITIVE_IN */
    { G, "!!NVgp4.0\nPRIMITIVE_IN QUADS;\nEND", 23, 2, 14, "expected a primitive type" },
    /* DECL.PRIMITIVE_OUT */
    { G, "!!NVgp4.0\nPRIMITIVE_OUT TRIANGLES;\nEND", 24, 2, 15, "expected a primitive type (POINTS, LINE_STRIP, TRIANGLE_STRIP)" },
    /* DECL.VERTICES_OUT_GP */
    { G, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 257;\nEND", 66, 4, 14, "VERTICES_OUT 257 out of range (1..256)" },
    /* DECL.VERTICES_OUT_GP */
    { G, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 0;\nEND", 66, 4, 14, "VERTICES_OUT 0 out of range" },
    /* DECL.VERTICES_OUT_GP */
    { G, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 256;\nMOV result.position, vertex[0].position;\nMOV result.color.xy, vertex[0].color;\nEMIT;\nEND", 66, 4, 14, "VERTICES_OUT 256 times 6 result components exceeds the limit of 1024" },
    /* DECL.PRIMITIVE_IN */
    { V, "!!NVvp4.0\nPRIMITIVE_IN POINTS;\nEND", 10, 2, 1, "PRIMITIVE_IN declarations are only available in geometry programs" },
    /* OP.ARL */
    { V, "!!NVvp4.0\nINT TEMP a;\nARL a.x, a.x;\nEND", 22, 3, 1, "opcode 'ARL' is not available in NV_gpu_program4 programs" },
    /* OP.BRA */
    { V, "!!NVvp4.0\nl:\nBRA l;\nEND", 13, 3, 1, "opcode 'BRA' is not available in NV_gpu_program4 programs" },
    /* OP.LOOP */
    { F, "!!NVfp4.0\nTEMP a;\nLOOP {1,0,1};\nENDLOOP;\nEND", 18, 3, 1, "opcode 'LOOP' is not available in NV_gpu_program4 programs" },
    /* OP.EXP */
    { V, "!!NVvp4.0\nTEMP a;\nEXP a, a.x;\nEND", 18, 3, 1, "opcode 'EXP' is not available in NV_gpu_program4" },
    /* OP.KIL */
    { V, "!!NVvp4.0\nKIL vertex.position;\nEND", 10, 2, 1, "opcode 'KIL' is only available in fragment programs" },
    /* OP.DDX */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP a;\nDDX a, a;\nEND", 88, 6, 1, "opcode 'DDX' is only available in fragment programs" },
    /* OP.EMIT */
    { F, "!!NVfp4.0\nEMIT;\nEND", 10, 2, 1, "opcode 'EMIT' is only available in geometry programs" },
    /* OP.ENDPRIM */
    { V, "!!NVvp4.0\nENDPRIM;\nEND", 10, 2, 1, "opcode 'ENDPRIM' is only available in geometry programs" },
    /* OP.AND MOD.F */
    { V, "!!NVvp4.0\nTEMP a;\nAND.F a, a, a;\nEND", 22, 3, 5, "opcode 'AND' does not take the data type modifier '.F'" },
    /* OP.DP3 MOD.S */
    { V, "!!NVvp4.0\nTEMP a;\nDP3.S a, a, a;\nEND", 22, 3, 5, "opcode 'DP3' does not take the data type modifier '.S'" },
    /* OP.I2F */
    { V, "!!NVvp4.0\nTEMP a;\nI2F.F a, a;\nEND", 22, 3, 5, "opcode 'I2F' does not take the data type modifier '.F'" },
    /* OP.TXQ */
    { V, "!!NVvp4.0\nTEMP a;\nTXQ.S a, a.x, texture[0], 2D;\nEND", 22, 3, 5, "opcode 'TXQ' does not take the data type modifier '.S'" },
    /* OP.RCP MOD.U */
    { V, "!!NVvp4.0\nTEMP a;\nRCP.U a, a.x;\nEND", 22, 3, 5, "opcode 'RCP' does not take the data type modifier '.U'" },
    /* MOD.SAT MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nADD.S.SAT a, a, a;\nEND", 24, 3, 7, "a clamping modifier needs a floating-point result; 'ADD.S' produces integers" },
    /* MOD.SSAT */
    { V, "!!NVvp4.0\nTEMP a;\nTEX.U.SSAT a, a, texture[0], 2D;\nEND", 24, 3, 7, "a clamping modifier needs a floating-point result; 'TEX.U' produces integers" },
    /* MOD.SAT */
    { V, "!!NVvp4.0\nTEMP a;\nAND.SAT a, a, a;\nEND", 22, 3, 5, "opcode 'AND' does not take clamping modifiers" },
    /* MOD.SAT MOD.SUFFIX_ORDER */
    { V, "!!NVvp4.0\nTEMP a;\nI2F_SAT a, a;\nEND", 18, 3, 1, "opcode 'I2F' does not take clamping modifiers" },
    /* MOD.CC0 OP.BRK */
    { V, "!!NVvp4.0\nREP;\nBRK.CC;\nENDREP;\nEND", 19, 3, 5, "opcode 'BRK' does not take condition code modifiers" },
    /* OP.PK2H */
    { V, "!!NVvp4.0\nTEMP a;\nPK2H.CC a, a;\nEND", 23, 3, 6, "opcode 'PK2H' does not take condition code modifiers" },
    /* OP.KIL */
    { F, "!!NVfp4.0\nKIL.CC fragment.color;\nEND", 14, 2, 5, "opcode 'KIL' does not take condition code modifiers" },
    /* MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nADD.F.S a, a, a;\nEND", 24, 3, 7, "more than one data type modifier on 'ADD'" },
    /* MOD.UNIQUE MOD.PREC_R */
    { V, "!!NVvp4.0\nTEMP a;\nADDR.F a, a, a;\nEND", 23, 3, 6, "more than one data type modifier on 'ADD'" },
    /* MOD.UNIQUE MOD.CC1 */
    { V, "!!NVvp4.0\nTEMP a;\nADD.CC.CC1 a, a, a;\nEND", 25, 3, 8, "more than one condition code modifier on 'ADD'" },
    /* MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nADDC.CC0 a, a, a;\nEND", 23, 3, 6, "more than one condition code modifier on 'ADD'" },
    /* MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nADD_SAT.SSAT a, a, a;\nEND", 26, 3, 9, "more than one clamping modifier on 'ADD'" },
    /* MOD.NTC */
    { V, "!!NVvp4.0\nTEMP a;\nADD.NTC.NTC a, a, a;\nEND", 26, 3, 9, "'.NTC' is given twice on 'ADD'" },
    /* MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nMOV.xyz a, a;\nEND", 22, 3, 5, "unknown instruction modifier 'xyz' after 'MOV'" },
    /* MOD.S24 */
    { V, "!!NVvp4.0\nTEMP a;\nADD.S24 a, a, a;\nEND", 22, 3, 5, "the modifier '.S24' is only allowed on MUL" },
    /* MOD.U24 */
    { V, "!!NVvp4.0\nTEMP a;\nMUL.S.U24 a, a, a;\nEND", 22, 3, 5, "'.U24' implies the data type" },
    /* MOD.HI OP.MUL */
    { V, "!!NVvp4.0\nTEMP a;\nMUL.HI a, a, a;\nEND", 22, 3, 5, "'.HI' needs the data type modifier '.S' or '.U'" },
    /* MOD.HI */
    { V, "!!NVvp4.0\nTEMP a;\nMUL.F.HI a, a, a;\nEND", 24, 3, 7, "'.HI' needs the data type modifier '.S' or '.U'" },
    /* MOD.UNIQUE */
    { V, "!!NVvp4.0\nTEMP a;\nMUL.S24.U24 a, a, a;\nEND", 26, 3, 9, "more than one of '.S24', '.U24' and '.HI'" },
    /* MOD.PREC_H OP.TEX */
    { V, "!!NVvp4.0\nTEMP a;\nTEXH a, a, texture[0], 2D;\nEND", 18, 3, 1, "opcode 'TEX' does not take the H suffix" },
    /* MOD.PREC_R */
    { V, "!!NVvp4.0\nTEMP a;\nANDR a, a, a;\nEND", 18, 3, 1, "opcode 'AND' does not take the R suffix" },
    /* MOD.PREC_X */
    { F, "!!NVfp4.0\nTEMP a;\nMOVX a, a;\nEND", 18, 3, 1, "the X precision suffix of 'MOVX' is not available in NV_gpu_program4 programs" },
    /* OP.TXFMS OPT.NV_explicit_multisample */
    { F, "!!NVfp4.0\nTEMP a;\nTXFMS a, a, texture[0], 2D;\nEND", 18, 3, 1, "opcode 'TXFMS' requires OPTION NV_explicit_multisample or NV_texture_multisample" },
    /* DT.INT MOD.NTC */
    { V, "!!NVvp4.0\nINT TEMP i;\nMOV.F i, vertex.position;\nEND", 28, 3, 7, "'i' is declared INT, but MOV.F writes it as FLOAT" },
    /* DT.FLOAT */
    { V, "!!NVvp4.0\nFLOAT TEMP f;\nINT TEMP i;\nADD.S i, f, i;\nEND", 45, 4, 10, "'f' is declared FLOAT, but ADD.S reads it as INT" },
    /* DT.UINT */
    { V, "!!NVvp4.0\nUINT TEMP u;\nTEMP r;\nMOV.S r, u;\nEND", 40, 4, 10, "'u' is declared UINT, but MOV.S reads it as INT" },
    /* DT.INT OP.TEX */
    { V, "!!NVvp4.0\nINT TEMP i;\nTEMP r;\nTEX r, i, texture[0], 2D;\nEND", 37, 4, 8, "'i' is declared INT, but TEX.F reads it as FLOAT" },
    /* OP.TXQ */
    { V, "!!NVvp4.0\nUINT TEMP u;\nTXQ u, u.x, texture[0], 2D;\nEND", 27, 3, 5, "'u' is declared UINT, but TXQ writes it as INT" },
    /* OP.I2F */
    { V, "!!NVvp4.0\nFLOAT TEMP f;\nI2F.S f, f;\nEND", 33, 3, 10, "'f' is declared FLOAT, but I2F.S reads it as INT" },
    /* OP.SAD */
    { V, "!!NVvp4.0\nINT TEMP i;\nUINT TEMP u;\nSAD.S u, i, i, i;\nEND", 50, 4, 16, "'i' is declared INT, but SAD.S reads it as UINT" },
    /* DT.INT DECL.PARAM */
    { V, "!!NVvp4.0\nINT PARAM k = 3;\nTEMP r;\nMOV.F r, k;\nEND", 44, 4, 10, "'k' is declared INT, but MOV.F reads it as FLOAT" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.S r, 1.5;\nEND", 27, 3, 10, "floating-point constant '1.5' used where a signed integer is needed" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nTEMP r;\nAND.U r, r, {1, 2.0};\nEND", 34, 3, 17, "floating-point constant '2.0' used where an unsigned integer is needed" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.U r, {-1};\nEND", 28, 3, 11, "negative constant '-1' used where an unsigned integer is needed" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.S r, 2147483648;\nEND", 27, 3, 10, "integer constant '2147483648' does not fit a signed 32-bit integer" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.S r, {-2147483649};\nEND", 29, 3, 12, "integer constant '-2147483649' does not fit a signed 32-bit integer" },
    /* DT.CONST_HEX */
    { V, "!!NVvp4.0\nTEMP r;\nMOV.U r, 0x100000000;\nEND", 27, 3, 10, "integer constant '0x100000000' does not fit 32 bits" },
    /* DT.CONST_INT_FLOAT DECL.PARAM */
    { V, "!!NVvp4.0\nINT PARAM p = 2.5;\nEND", 24, 2, 15, "floating-point constant '2.5' used where a signed integer is needed" },
    /* DT.CONST_INT_FLOAT */
    { V, "!!NVvp4.0\nUINT PARAM p[] = { 1, -2 };\nEND", 32, 2, 23, "negative constant '-2' used where an unsigned integer is needed" },
    /* MOD.ARRAY_REL */
    { V, "!!NVvp4.0\nFLOAT TEMP f;\nTEMP a[2], r;\nMOV r, a[f.x];\nEND", 47, 4, 10, "the relative index 'f' is declared FLOAT: an integer is needed" },
    /* DT.MODS_UNIQUE */
    { V, "!!NVvp4.0\nINT UINT TEMP t;\nEND", 14, 2, 5, "more than one data type modifier (INT, UINT, FLOAT) in a declaration" },
    /* DT.MODS_UNIQUE */
    { V, "!!NVvp4.0\nSHORT LONG TEMP t;\nEND", 16, 2, 7, "more than one storage size modifier" },
    /* DT.LONG */
    { V, "!!NVvp4.0\nLONG OUTPUT o = result.color;\nEND", 10, 2, 1, "LONG is only allowed on TEMP declarations" },
    /* DT.SHORT */
    { V, "!!NVvp4.0\nSHORT ATTRIB a = vertex.position;\nEND", 10, 2, 1, "SHORT is only allowed on TEMP and OUTPUT declarations" },
    /* DT.INTERP_RULES */
    { F, "!!NVfp4.0\nFLAT TEMP t;\nEND", 10, 2, 1, "interpolation modifiers are only allowed on ATTRIB declarations" },
    /* DT.FLAT */
    { V, "!!NVvp4.0\nFLAT ATTRIB a = vertex.position;\nEND", 10, 2, 1, "interpolation modifiers (FLAT) are only available in fragment programs" },
    /* DT.INTERP_RULES */
    { F, "!!NVfp4.0\nFLAT CENTROID ATTRIB a = fragment.color;\nEND", 15, 2, 6, "FLAT cannot be combined with CENTROID or NOPERSPECTIVE" },
    /* DT.INTERP_RULES */
    { F, "!!NVfp4.0\nCENTROID CENTROID ATTRIB a = fragment.color;\nEND", 19, 2, 10, "'CENTROID' is given twice in a declaration" },
    /* DT.NOPERSPECTIVE DT.INTERP_RULES */
    { F, "!!NVfp4.0\nNOPERSPECTIVE ATTRIB p = fragment.position;\nEND", 35, 2, 26, "interpolation modifiers cannot be used with 'fragment.position'" },
    /* DT.INTERP_RULES */
    { F, "!!NVfp4.0\nFLAT ATTRIB p = fragment.clip[0];\nEND", 26, 2, 17, "interpolation modifiers cannot be used with 'fragment.clip[0]'" },
    /* DT.INT_FLAT */
    { F, "!!NVfp4.0\nINT ATTRIB a = fragment.attrib[0];\nEND", 21, 2, 12, "integer attribute 'a' must be declared FLAT" },
    /* DT.INTERP_RULES DT.FLAT */
    { F, "!!NVfp4.0\nFLAT ATTRIB a = fragment.texcoord[0];\nATTRIB b = fragment.texcoord[0];\nEND", 59, 3, 12, "'fragment.texcoord[0]' is also bound at line 2, column 17 with other interpolation modifiers" },
    /* DT.CENTROID DT.INTERP_RULES */
    { F, "!!NVfp4.0\nCENTROID ATTRIB a = fragment.color;\nATTRIB b = fragment.color.secondary;\nEND", 57, 3, 12, "the primary and secondary colours must have the same interpolation modifiers" },
    /* DECL.TEMP DECL.ARRAYS */
    { V, "!!NVvp4.0\nTEMP a[];\nEND", 17, 2, 8, "temporary array 'a' needs a size" },
    /* DECL.ARRAYS */
    { V, "!!NVvp4.0\nTEMP a[2], r;\nMOV a, r;\nEND", 28, 3, 5, "array 'a' needs an array member, as in a[0]" },
    /* DECL.ARRAYS */
    { V, "!!NVvp4.0\nTEMP a, r;\nMOV r, a[0];\nEND", 29, 3, 9, "'a' is not an array" },
    /* MOD.ARRAY_ABS */
    { V, "!!NVvp4.0\nTEMP a[2], r;\nMOV r, a[2];\nEND", 33, 3, 10, "array index 2 out of bounds for 'a' (2 elements)" },
    /* MOD.ARRAY_REL */
    { V, "!!NVvp4.0\nTEMP a[2], r;\nINT TEMP i;\nMOV r, a[i.x + 2];\nEND", 51, 4, 16, "relative offset 2 out of range for 'a' (0..1)" },
    /* MOD.ARRAY_REL */
    { V, "!!NVvp4.0\nTEMP a[2], r;\nINT TEMP i;\nMOV r, a[i.x - 1];\nEND", 49, 4, 14, "relative offset -1 out of range for 'a' (0..1)" },
    /* MOD.ARRAY_REL */
    { V, "!!NVvp4.0\nTEMP a[2], b[2], r;\nMOV r, a[b.x];\nEND", 39, 3, 10, "the relative index 'b' must be a temporary variable that is not an array" },
    /* MOD.ARRAY_REL */
    { V, "!!NVvp4.0\nTEMP a[2], r;\nINT TEMP i;\nMOV r, a[i];\nEND", 46, 4, 11, "a relative index needs one component, as in i.x" },
    /* DECL.ATTRIB BIND.V.ATTRIB_RANGE */
    { V, "!!NVvp4.0\nATTRIB a[] = { vertex.attrib[1], vertex.attrib[3] };\nEND", 43, 2, 34, "the bindings of attribute array 'a' must be of one kind and consecutive" },
    /* DECL.ATTRIB */
    { V, "!!NVvp4.0\nATTRIB a[] = { vertex.attrib[1..2], vertex.texcoord[3] };\nEND", 46, 2, 37, "must be of one kind and consecutive" },
    /* DECL.ATTRIB */
    { V, "!!NVvp4.0\nATTRIB a[] = { vertex.position };\nEND", 25, 2, 16, "'vertex.position' cannot be an attribute array member" },
    /* DECL.ARRAYS */
    { V, "!!NVvp4.0\nATTRIB a[3] = { vertex.attrib[0..1] };\nEND", 19, 2, 10, "array 'a' is declared with 3 elements but bound to 2" },
    /* BIND.V.ATTRIB_RANGE */
    { V, "!!NVvp4.0\nATTRIB a = vertex.attrib[0..3];\nEND", 36, 2, 27, "a binding range is only allowed in an array declaration" },
    /* BIND.V.TEXCOORD_RANGE */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, vertex.texcoord[0..1];\nEND", 42, 3, 25, "a binding range is only allowed in an array declaration" },
    /* BIND.V.ATTRIB_RANGE */
    { V, "!!NVvp4.0\nATTRIB a[] = { vertex.attrib[2..1] };\nEND", 39, 2, 30, "invalid vertex attribute range 2..1 (the first is larger)" },
    /* DECL.OUTPUT */
    { V, "!!NVvp4.0\nOUTPUT o[] = { result.color };\nEND", 25, 2, 16, "'result.color' cannot be a result array member" },
    /* DECL.OUTPUT */
    { V, "!!NVvp4.0\nOUTPUT o[] = { result.texcoord[0], result.texcoord[2] };\nEND", 45, 2, 36, "the bindings of result array 'o' must be of one kind and consecutive" },
    /* DECL.OUTPUT BIND.R.COLOR_N */
    { F, "!!NVfp4.0\nOUTPUT o[] = { result.color };\nEND", 18, 2, 9, "fragment program results cannot be arrays" },
    /* DECL.BUFFER BIND.P.BUFFER */
    { V, "!!NVvp4.0\nBUFFER b = program.buffer[0];\nEND", 21, 2, 12, "program.buffer[0] names a whole buffer" },
    /* DECL.BUFFER4 */
    { V, "!!NVvp4.0\nBUFFER b[] = { program.buffer[1][0..3] };\nBUFFER4 c[] = { program.buffer[1][0..1] };\nEND", 68, 3, 17, "program.buffer[1] is used both by BUFFER and by BUFFER4 variables" },
    /* BIND.P.BUFFER */
    { V, "!!NVvp4.0\nBUFFER b[] = { program.buffer[16][0] };\nEND", 40, 2, 31, "parameter buffer binding point 16 out of range (16 available)" },
    /* DECL.BUFFER */
    { V, "!!NVvp4.0\nBUFFER b[] = { program.buffer[0][0..1], program.buffer[0][3] };\nEND", 50, 2, 41, "the bindings of buffer array 'b' must use one binding point and consecutive elements" },
    /* DECL.BUFFER4 */
    { V, "!!NVvp4.0\nBUFFER4 b[] = { program.buffer[0][4096] };\nEND", 44, 2, 35, "parameter buffer element 4096 out of range (4096 available)" },
    /* BIND.P.BUFFER */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, program.buffer[0][1];\nEND", 25, 3, 8, "program.buffer bindings can only be used in BUFFER declarations" },
    /* DECL.BUFFER */
    { V, "!!NVvp4.0\nBUFFER b[2] = { program.buffer[0][0..2] };\nEND", 19, 2, 10, "array 'b' is declared with 2 elements but bound to 3" },
    /* DECL.ADDRESS DT.ADDR_REG */
    { V, "!!NVvp4.0\nADDRESS a;\nEND", 10, 2, 1, "NV_gpu_program4 programs have no address registers" },
    /* DECL.VARMODS */
    { V, "!!NVvp4.0\nTEMP a;\nINT ALIAS b = a;\nEND", 18, 3, 1, "ALIAS takes no modifiers" },
    /* DECL.VARMODS */
    { V, "!!NVvp4.0\nINT a;\nEND", 14, 2, 5, "expected TEMP, PARAM, ATTRIB, OUTPUT, BUFFER or BUFFER4 after the modifiers" },
    /* DECL.IDENT */
    { V, "!!NVvp4.0\nTEMP vertex;\nEND", 15, 2, 6, "'vertex' is a reserved word" },
    /* DECL.IDENT */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP primitive;\nEND", 85, 5, 6, "'primitive' is a reserved word" },
    /* BIND.F.FACING */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, fragment.facing;\nEND", 25, 3, 8, "'fragment' bindings are not available in vertex programs" },
    /* BIND.G.POSITION */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, vertex[0].position;\nEND", 31, 3, 14, "vertex[n] bindings are only available in geometry programs" },
    /* BIND.F.PRIMID */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, primitive.id;\nEND", 25, 3, 8, "'primitive' bindings are not available in vertex programs" },
    /* DECL.ATTRIB */
    { F, "!!NVfp4.0\nATTRIB a = vertex.position;\nEND", 21, 2, 12, "'vertex' bindings are not available in fragment programs" },
    /* BIND.V.MATRIXINDEX */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, vertex.matrixindex[0];\nEND", 32, 3, 15, "vertex.matrixindex is not available in NV_gpu_program4 programs" },
    /* BIND.V.ATTRIB */
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, vertex.attrib[16];\nEND", 39, 3, 22, "vertex attribute 16 out of range (16 available)" },
    /* BIND.F.ATTRIB */
    { F, "!!NVfp4.0\nTEMP r;\nMOV r, fragment.attrib[32];\nEND", 41, 3, 24, "generic attribute 32 out of range (32 available)" },
    /* BIND.F.CLIP */
    { F, "!!NVfp4.0\nTEMP r;\nMOV r, fragment.clip;\nEND", 38, 3, 21, "'fragment.clip;' is not a valid binding" },
    /* BIND.F.CLIP */
    { F, "!!NVfp4.0\nTEMP r;\nMOV r, fragment.clip[8];\nEND", 39, 3, 22, "clip distance 8 out of range (8 available)" },
    /* BIND.G.NOVERTEX */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP r;\nMOV r, vertex.position;\nEND", 101, 6, 14, "a vertex binding in an instruction needs its vertex number" },
    /* BIND.G.POSITION */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP r;\nMOV r, vertex[3].position;\nEND", 102, 6, 15, "input vertex 3 out of range (3 available)" },
    /* BIND.G.POSITION */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nTEMP r;\nINT TEMP i;\nMOV r, vertex[i.x].position;\nEND", 114, 7, 15, "the vertex number of a vertex[m] binding must be a constant" },
    /* DECL.GP_2D_ATTRIB */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nATTRIB p = vertex.position;\nTEMP r;\nMOV r, p;\nEND", 123, 7, 8, "'p' needs a vertex index, as in p[0]" },
    /* DECL.GP_2D_ATTRIB */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nATTRIB p = vertex.position;\nTEMP r;\nMOV r, p[3];\nEND", 125, 7, 10, "array index 3 out of bounds for 'p' (3 elements)" },
    /* DECL.GP_2D_ATTRIB */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nATTRIB t[] = { vertex.texcoord[0..1] };\nTEMP r;\nMOV r, t[1];\nEND", 135, 7, 8, "array 't' needs an array member, as in t[0]" },
    /* BIND.R.COLOR_N OPT.ARB_draw_buffers */
    { F, "!!NVfp4.0\nMOV result.color[1], fragment.color;\nEND", 26, 2, 17, "result.color[n] requires OPTION ARB_draw_buffers" },
    /* BIND.R.LAYER */
    { V, "!!NVvp4.0\nMOV result.layer, vertex.position;\nEND", 14, 2, 5, "'result.layer' is not available in vertex programs" },
    /* BIND.R.ID */
    { G, "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\nMOV result.id, vertex[0].id;\nEND", 84, 5, 5, "'result.id' is not available in geometry programs" },
    /* BIND.R.LAYER */
    { F, "!!NVfp4.0\nMOV result.layer, fragment.color;\nEND", 14, 2, 5, "'result.layer' is not available in fragment programs" },
    /* BIND.R.POSITION OPT.ARB_position_invariant */
    { V, "!!NVvp4.0\nOPTION ARB_position_invariant;\nMOV result.position, vertex.position;\nEND", 52, 3, 12, "result.position cannot be used with OPTION ARB_position_invariant" },
    /* BIND.V.ALIAS_CONFLICT */
    { V, "!!NVvp4.0\nMOV result.position, vertex.position;\nMOV result.color, vertex.attrib[0];\nEND", 66, 3, 19, "vertex.attrib[0] and vertex.position are the same attribute" },
    /* BIND.F.ATTRIB */
    { F, "!!NVfp4.0\nTEMP r;\nMOV r, fragment.attrib[0][1];\nEND", 43, 3, 26, "expected ';' at the end of the statement, found '['" },
    /* TEX.BUFFER */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], BUFFER;\nEND", 40, 3, 23, "TEX cannot sample a BUFFER texture (only TXF and TXQ can" },
    /* TEX.TXF_TARGETS OP.TXF */
    { F, "!!NVfp4.0\nINT TEMP i;\nTXF.S i, i, texture[0], CUBE;\nEND", 46, 3, 25, "TXF cannot fetch from the CUBE target" },
    /* TEX.TXF_TARGETS */
    { F, "!!NVfp4.0\nINT TEMP i;\nTXF.S i, i, texture[0], SHADOW2D;\nEND", 46, 3, 25, "TXF cannot fetch from the SHADOW2D target" },
    /* TEX.SHADOWCUBE OP.TXB */
    { F, "!!NVfp4.0\nTEMP r;\nTXB r, r, texture[0], SHADOWCUBE;\nEND", 40, 3, 23, "TXB cannot be used with the SHADOWCUBE target (it has no coordinate left for the bias)" },
    /* TEX.SHADOWARRAY2D OP.TXL */
    { F, "!!NVfp4.0\nTEMP r;\nTXL r, r, texture[0], SHADOWARRAY2D;\nEND", 40, 3, 23, "TXL cannot be used with the SHADOWARRAY2D target" },
    /* OP.TXP */
    { F, "!!NVfp4.0\nTEMP r;\nTXP r, r, texture[0], SHADOWCUBE;\nEND", 40, 3, 23, "TXP cannot be used with the SHADOWCUBE target" },
    /* EDGE.TX_SHADOWCUBE: TXB/TXL/TXP need one coordinate more than
     * SHADOWCUBE / SHADOWARRAY2D leave (NV_gpu_program4 TXB, TXL, TXP) */
    { F, "!!NVfp4.0\nTEMP r;\nTXB r, r, texture[0], SHADOWARRAY2D;\nEND", 40, 3, 23, "TXB cannot be used with the SHADOWARRAY2D target" },
    { F, "!!NVfp4.0\nTEMP r;\nTXL r, r, texture[0], SHADOWCUBE;\nEND", 40, 3, 23, "TXL cannot be used with the SHADOWCUBE target" },
    { F, "!!NVfp4.0\nTEMP r;\nTXP r, r, texture[0], SHADOWARRAY2D;\nEND", 40, 3, 23, "TXP cannot be used with the SHADOWARRAY2D target" },
    /* EDGE.PK_SHORT: a PK* result or an UP* operand may not be SHORT
     * (NV_gpu_program4 PK2H ... UP4UB); "SHORT TEMP s;\n" is 14 bytes */
    { F, "!!NVfp4.0\nSHORT TEMP s;\nPK4UB.U s, fragment.color;\nEND", 32, 3, 9, "PK4UB cannot write a SHORT variable" },
    { V, "!!NVvp4.0\nSHORT TEMP s;\nPK2H s.x, vertex.position;\nEND", 29, 3, 6, "PK2H cannot write a SHORT variable" },
    { F, "!!NVfp4.0\nSHORT TEMP s;\nTEMP r;\nUP2H r, s.x;\nEND", 40, 4, 9, "the operand of UP2H cannot be a SHORT variable" },
    { F, "!!NVfp4.0\nSHORT TEMP s;\nTEMP r;\nUP4UB.U r, s.x;\nEND", 43, 4, 12, "the operand of UP4UB cannot be a SHORT variable" },
    /* TEX.OFFSET_IMM */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 2D, (1, 0, 1);\nEND", 44, 3, 27, "a 2D texture takes only x and y texel offsets" },
    /* TEX.OFFSET_IMM TEX.CUBE */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], CUBE, (1);\nEND", 46, 3, 29, "texel offsets are not supported for CUBE textures" },
    /* TEX.OFFSET_IMM */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], SHADOWARRAY1D, (0, 1);\nEND", 55, 3, 38, "a SHADOWARRAY1D texture takes only an x texel offset" },
    /* TEX.OFFSET_IMM */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 2D, (8);\nEND", 45, 3, 28, "texel offset 8 out of range [-8, 7]" },
    /* TEX.OFFSET_IMM */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 2D, (0, -9);\nEND", 48, 3, 31, "texel offset -9 out of range [-8, 7]" },
    /* TEX.BUFFER */
    { F, "!!NVfp4.0\nINT TEMP i;\nTXF.S i, i, texture[0], BUFFER, (1);\nEND", 54, 3, 33, "texel offsets are not supported for BUFFER textures" },
    /* TEX.ONE_TARGET */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 2D;\nTXQ r, r, texture[0], 3D;\nEND", 66, 4, 23, "texture unit 0 used with targets 2D and 3D" },
    /* TEX.UNIT_SYNTAX BIND.X.TEXUNIT */
    { F, "!!NVfp4.0\nTEMP r;\nINT TEMP i;\nTEX r, r, texture[i.x], 2D;\nEND", 48, 4, 19, "the texture image unit must be a constant in NV_gpu_program4 programs" },
    /* BIND.X.TEXUNIT */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[16], 2D;\nEND", 36, 3, 19, "texture image unit 16 out of range (16 available)" },
    /* TEX.UNIT_SYNTAX */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 4D;\nEND", 40, 3, 23, "expected a texture target" },
    /* OP.TXFMS */
    { F, "!!NVfp4.0\nOPTION NV_explicit_multisample;\nTEMP r;\nTXFMS r, r, texture[0], 2D;\nEND", 74, 4, 25, "TXFMS needs a multisample target (RENDERBUFFER, 2DMS, ARRAY2DMS), not 2D" },
    /* OPT.NV_texture_multisample */
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 2DMS;\nEND", 40, 3, 23, "texture target 2DMS requires OPTION NV_texture_multisample" },
    /* OPT.NV_texture_multisample */
    { F, "!!NVfp4.0\nOPTION NV_texture_multisample;\nTEMP r;\nTEX r, r, texture[0], 2DMS;\nEND", 71, 4, 23, "TEX cannot read a 2DMS texture (only TXFMS and TXQ can)" },
    /* OPT.NV_explicit_multisample */
    { F, "!!NVfp4.0\nTEMP r;\nTXFMS r, r, texture[0], RENDERBUFFER;\nEND", 18, 3, 1, "requires OPTION NV_explicit_multisample" },
    /* OP.REP OP.ENDREP */
    { V, "!!NVvp4.0\nTEMP r;\nREP;\nADD r, r, r;\nENDREP;\nEND", 18, 3, 1, "REP without a loop count needs a BRK or a RET inside its block" },
    /* OP.REP OP.BRK */
    { V, "!!NVvp4.0\nTEMP r;\nREP;\nREP 3;\nBRK;\nENDREP;\nENDREP;\nEND", 18, 3, 1, "REP without a loop count needs a BRK or a RET inside its block" },
    /* OP.BRK */
    { V, "!!NVvp4.0\nBRK;\nEND", 10, 2, 1, "BRK outside of a REP or LOOP block" },
    /* OP.CONT */
    { V, "!!NVvp4.0\nCONT;\nEND", 10, 2, 1, "CONT outside of a REP or LOOP block" },
    /* DECL.LABEL */
    { V, "!!NVvp4.0\nTEMP r;\nMOVC r, r;\nIF GT.x;\nl:\nENDIF;\nEND", 38, 5, 1, "label 'l' is inside an IF, REP or LOOP block" },
    /* OP.CAL DECL.LABEL */
    { V, "!!NVvp4.0\nCAL nowhere;\nEND", 14, 2, 5, "undefined label 'nowhere'" },
    /* CC.AVAIL OP.IF */
    { V, "!!NVvp4.0\nIF XX.x;\nENDIF;\nEND", 13, 2, 4, "expected a condition code test" },
    /* CC.SEL */
    { V, "!!NVvp4.0\nIF GT2.x;\nENDIF;\nEND", 13, 2, 4, "expected a condition code test" },
    /* OP.IF OP.ENDIF */
    { V, "!!NVvp4.0\nIF GT.x;\nEND", 10, 2, 1, "IF without a matching ENDIF" },
    /* OP.ENDREP */
    { V, "!!NVvp4.0\nIF GT.x;\nENDREP;\nEND", 19, 3, 1, "ENDREP cannot close the IF block" },
    /* OP.ELSE */
    { V, "!!NVvp4.0\nIF GT.x;\nELSE;\nELSE;\nENDIF;\nEND", 25, 4, 1, "ELSE without a matching IF" },
    /* Cases added by helper c2 (flow-control conformance). */
    /* EDGE.ARB_REL_DUP: one binding twice in a relatively addressed array (2.X.3.3) */
    { F, "!!NVfp4.0\nPARAM a[] = { program.local[0..1], program.local[1] };\nINT TEMP i;\nTEMP r;\nMOV r, a[i.x];\nEND",
      16, 2, 7, "program.local[1] is bound more than once in relatively addressed arrays" },
    /* EDGE.ARB_REL_DUP: one binding in two relatively addressed arrays */
    { F, "!!NVfp4.0\nPARAM a[] = { program.local[0..1] };\nPARAM b[] = { program.local[1..2] };\nINT TEMP i;\n"
         "TEMP r;\nMOV r, a[i.x];\nMOV r, b[i.x];\nEND",
      53, 3, 7, "program.local[1] is bound more than once in relatively addressed arrays" },
    /* EDGE.ARB_REL_DUP: attribute bindings in two relatively addressed arrays (2.X.3.2) */
    { F, "!!NVfp4.0\nATTRIB a[] = { fragment.texcoord[0..1] };\nATTRIB b[] = { fragment.texcoord[1..2] };\n"
         "INT TEMP i;\nTEMP r;\nMOV r, a[i.x];\nMOV r, b[i.x];\nEND",
      136, 7, 8, "attribute array 'b' shares a binding with another relatively addressed attribute array" },
    /* EDGE.ARB_REL_DUP: result bindings in two relatively addressed arrays (2.X.3.5) */
    { V, "!!NVvp4.0\nOUTPUT a[] = { result.texcoord[0..1] };\nOUTPUT b[] = { result.texcoord[1..2] };\n"
         "INT TEMP i;\nMOV a[i.x], 1;\nMOV b[i.x], 1;\nEND",
      121, 6, 5, "result array 'b' shares a binding with another relatively addressed result array" },
    /* OPT.ARB_fog_linear: at most one fog option (NV_fragment_program4 2.X.6.Y) */
    { F, "!!NVfp4.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", 37, 3, 8,
      "option ARB_fog_linear conflicts with an earlier ARB_fog option" },
    /* OPT.ARB_fog_exp2 */
    { F, "!!NVfp4.0\nOPTION ARB_fog_exp2;\nOPTION ARB_fog_exp;\nEND", 38, 3, 8,
      "option ARB_fog_exp conflicts with an earlier ARB_fog option" },
    /* OPT.ARB_precision_hint_fastest OPT.ARB_precision_hint_nicest: mutually exclusive */
    { F, "!!NVfp4.0\nOPTION ARB_precision_hint_fastest;\nOPTION ARB_precision_hint_nicest;\nEND", 52, 3, 8,
      "option ARB_precision_hint_nicest conflicts with the earlier precision hint" },
    /* DECL.UNIQUE: a name is declared once (2.X.3) */
    { V, "!!NVvp4.0\nTEMP a;\nTEMP a;\nEND", 23, 3, 6, "redeclaration of 'a'" },
    /* DECL.UNIQUE: declared before use */
    { V, "!!NVvp4.0\nMOV a, 1;\nTEMP a;\nEND", 14, 2, 5, "undeclared identifier 'a'" },
    /* EDGE.BLOCK_NESTING: a block closed by the wrong instruction (2.X.5) */
    { V, "!!NVvp4.0\nIF GT.x;\nREP 2;\nENDIF;\nENDREP;\nEND", 26, 4, 1, "ENDIF cannot close the REP block" },
    /* EDGE.BLOCK_NESTING: a block left open */
    { V, "!!NVvp4.0\nREP 2;\nEND", 10, 2, 1, "REP without a matching ENDREP" },
    /* EDGE.BLOCK_NESTING DECL.LABEL: a label inside a REP block */
    { V, "!!NVvp4.0\nREP 2;\nl:\nENDREP;\nEND", 17, 3, 1, "label 'l' is inside an IF, REP or LOOP block" },
    /* EDGE.BLOCK_NESTING */
    { V, "!!NVvp4.0\nENDIF;\nEND", 10, 2, 1, "ENDIF without a matching IF" },
    /* EDGE.BRK_CONT_SCOPE: BRK in a subroutine called from a loop is outside any REP */
    { V, "!!NVvp4.0\nREP 2;\nCAL s;\nENDREP;\nRET;\ns:\nBRK;\nEND", 40, 7, 1, "BRK outside of a REP or LOOP block" },
    /* EDGE.BRK_CONT_SCOPE: a conditional CONT outside a REP */
    { V, "!!NVvp4.0\nCONT (GT.x);\nEND", 10, 2, 1, "CONT outside of a REP or LOOP block" },
    /* HDR.TARGET_MATCH: a fragment header loaded as a vertex program */
    { V, "!!NVfp4.0\nEND", 0, 1, 1, "'!!NVfp4.0' is a fragment program header, but the program is loaded as a vertex program" },
    /* HDR.TARGET_MATCH: a vertex header loaded as a fragment program */
    { F, "!!NVvp4.0\nEND", 0, 1, 1, "'!!NVvp4.0' is a vertex program header, but the program is loaded as a fragment program" },
    /* LIM.NV.LOOPDEPTH: a REP nested inside MAX_PROGRAM_LOOP_DEPTH_NV (4) REP blocks (2.X.5) */
    { V, "!!NVvp4.0\nREP 2;\nREP 2;\nREP 2;\nREP 2;\nREP 2;\nENDREP;\nENDREP;\nENDREP;\nENDREP;\nENDREP;\nEND", 38, 6, 1,
      "REP nested too deeply (limit 4)" },
    /* LIM.NV.IFDEPTH: an IF nested inside MAX_PROGRAM_IF_DEPTH_NV (48) IF blocks (2.X.5) */
    { V, "!!NVvp4.0\n" C2_IF48 "IF GT.x;\nENDIF;\n" C2_ENDIF48 "END", 442, 50, 1, "IF nested too deeply (limit 48)" },
    /* EDGE.ARRAY_SIZE_MISMATCH: PARAM array size against its items (2.X.3.1) */
    { V, "!!NVvp4.0\nPARAM p[3] = { 1, 2 };\nEND", 23, 2, 14, "array 'p' is declared with 3 elements but initialized with 2" },
};

/* Valid neighbours of the cases above: what the rules must not reject. */
static const struct {
    int stage;
    const char *src;
} accepts[] = {
    { V, "!!NVvp4.0\nTEMP a;\nMUL.S.HI a, a, a;\nMUL.U24 a, a, a;\nADD.S.CC1 a, a, a;\nEND" },
    { V, "!!NVvp4.0\nINT TEMP i;\nFLOAT TEMP f;\nMOV.F.NTC i, f;\nI2F.S f, i;\nEND" },
    { V, "!!NVvp4.0\nTEMP r;\nMOV.U r, -1;\nMOV.S r, {-2147483648};\nMOV.U r, 0xFFFFFFFF;\nEND" },
    { V, "!!NVvp4.0\nTEMP a[2], r;\nINT TEMP i;\nMOV r, a[i.x + 1];\nMOV r, a[i.w - 0];\nEND" },
    { F, "!!NVfp4.0\nFLAT INT ATTRIB a = fragment.attrib[0];\nINT ATTRIB p = primitive.id;\nEND" },
    { F, "!!NVfp4.0\nCENTROID ATTRIB a = fragment.color;\nCENTROID ATTRIB b = fragment.color.secondary;\nEND" },
    { V, "!!NVvp4.0\nTEMP r;\nREP;\nIF GT.x;\nBRK;\nENDIF;\nENDREP;\nREP;\nREP 2;\nENDREP;\nRET;\nENDREP;\nEND" },
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], 3D, (1, 2, 3);\nTEX r, r, texture[1], CUBE, (0, 0, 0);\nEND" },
    { F, "!!NVfp4.0\nOPTION NV_explicit_multisample;\nINT TEMP c;\nTXFMS.S c, c, texture[0], RENDERBUFFER;\nEND" },
    { G, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 256;\n"
          "MOV result.position, vertex[0].position;\nEMIT;\nEND" },
    { V, "!!NVvp4.0\nTEMP MOV, ADD, RC, HC;\nMOV MOV, ADD;\nEND" },
    /* nesting at the limits: 4 REP blocks, 48 IF blocks */
    { V, "!!NVvp4.0\nREP 2;\nREP 2;\nREP 2;\nREP 2;\nENDREP;\nENDREP;\nENDREP;\nENDREP;\nEND" },
    { V, "!!NVvp4.0\n" C2_IF48 C2_ENDIF48 "END" },
    /* a binding may repeat in arrays that are not relatively addressed */
    { F, "!!NVfp4.0\nPARAM a[] = { program.local[0..1], program.local[1] };\nTEMP r;\nMOV r, a[1];\nEND" },
    { F, "!!NVfp4.0\nATTRIB a[] = { fragment.texcoord[0..1] };\nATTRIB b[] = { fragment.texcoord[1..2] };\n"
         "INT TEMP i;\nTEMP r;\nMOV r, a[i.x];\nMOV r, b[1];\nMOV r, a[i.y];\nEND" },
    { V, "!!NVvp4.0\nOUTPUT a[] = { result.texcoord[0..1] };\nOUTPUT b[] = { result.texcoord[1..2] };\n"
         "INT TEMP i;\nMOV a[i.x], 1;\nMOV b[0], 1;\nMOV a[i.y], 1;\nEND" },
    /* every state binding in every NV4 program type (2.X.3.3) */
    { F, "!!NVfp4.0\nTEMP r;\nMOV r, state.texgen[0].eye.s;\nMOV r, state.clip[1].plane;\nEND" },
    { V, "!!NVvp4.0\nTEMP r;\nMOV r, state.texenv.color;\nMOV r, state.depth.range;\nEND" },
    { G, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP r;\n"
         "MOV r, state.point.size;\nMOV r, state.matrix.mvp.row[1];\nEND" },
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
        CHECK(!err.out_of_memory, "case %zu: flagged as out of memory", i);
    }
    for (size_t i = 0; i < sizeof(accepts) / sizeof(accepts[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(accepts[i].src, strlen(accepts[i].src), (gp_stage)accepts[i].stage, NULL, &err);
        CHECK(p, "accept %zu rejected at %d:%d: %s", i, err.line, err.col, err.msg);
        gp_program_free(p);
    }
    /* limits are parameters (R4): shrunk ones are enforced */
    {
        gp_limits lim;
        gp_limits_default(&lim, GP_STAGE_VERTEX);
        lim.max_temporaries = 4;
        static const char prog[] = "!!NVvp4.0\nTEMP a, b[3], c;\nEND";
        gp_error err;
        gp_program *q = gp_compile(prog, sizeof(prog) - 1, GP_STAGE_VERTEX, &lim, &err);
        CHECK(!q && err.pos == 24 && strstr(err.msg, "too many temporaries (5 > 4)"), "temporary limit: %s",
              q ? "accepted" : err.msg);
        gp_program_free(q);
        gp_limits_default(&lim, GP_STAGE_GEOMETRY);
        lim.max_output_vertices = 4;
        static const char gp[] = "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 5;\nEND";
        q = gp_compile(gp, sizeof(gp) - 1, GP_STAGE_GEOMETRY, &lim, &err);
        CHECK(!q && err.pos == 66 && strstr(err.msg, "VERTICES_OUT 5 out of range (1..4)"), "vertex limit: %s",
              q ? "accepted" : err.msg);
        gp_program_free(q);
        gp_limits_default(&lim, GP_STAGE_VERTEX);
        lim.max_parameter_buffer_bindings = 2;
        static const char pb[] = "!!NVvp4.0\nBUFFER b[] = { program.buffer[2][0] };\nEND";
        q = gp_compile(pb, sizeof(pb) - 1, GP_STAGE_VERTEX, &lim, &err);
        CHECK(!q && err.pos == 40 && strstr(err.msg, "binding point 2 out of range (2 available)"), "buffer limit: %s",
              q ? "accepted" : err.msg);
        gp_program_free(q);
    }
    printf("nv4_errors: %zu rejection cases, %zu acceptance cases, %d failures\n", sizeof(cases) / sizeof(cases[0]),
           sizeof(accepts) / sizeof(accepts[0]), gpt_failures);
    return gpt_failures ? 1 : 0;
}
