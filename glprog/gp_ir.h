/*
 * gp_ir.h - the checked, executable instruction form shared by the front end
 * (gp_lex/gp_parse/gp_validate/gp_lower, which produce it) and the executor
 * (gp_exec, which runs it).  Internal to glprog/: no other folder includes
 * this.  Compile time (front end) and worker threads (executor, read only).
 *
 * A program is a flat array of gp_insn ending in GP_OP_END, with every branch,
 * call and loop target resolved to an instruction index (R3).  Operands are
 * already mapped to register files and slots; the executor asserts, it never
 * re-validates.  Execution starts at gp_program.entry (not always 0: see
 * "entry and prologue" below).
 *
 * Operand encoding (gp_src):
 *   file/index         which register: TEMP n, INPUT slot (GP_VIN_* in vertex
 *                      programs, GP_VARY_* in fragment programs), PARAM table
 *                      row, ADDRESS n (only as the source of ARA and PUSHA).
 *                      Every literal ("1.5", "{1,2,3,4}") and every state,
 *                      program.env/local reference is a GP_FILE_PARAM row:
 *                      there are no immediates in the IR.  fragment.position,
 *                      fragment.facing, fragment.fogcoord ... are GP_FILE_INPUT.
 *   swz[4]             source component per destination component:
 *                      0..3 = x y z w, GP_SWZ_ZERO, GP_SWZ_ONE (SWZ extended).
 *                      A scalar operand ("R0.y" where the grammar wants a
 *                      scalar) has all four set to the chosen component, so
 *                      the executor may read component 0 of the swizzled value.
 *   negate             bit per component, applied after abs: 0xf for "-a",
 *                      per-component bits only from SWZ ("SWZ d, a, -x,y,0,-1"
 *                      gives swz = {X,Y,ZERO,ONE}, negate = 0x9).
 *   abs                |x| before negation (NV "|src|", "-|src|").
 *   rel                relative addressing: effective index =
 *                      index + A[rel_reg].c[rel_comp]  (rel_file GP_FILE_ADDRESS),
 *                      read as (0,0,0,0) when outside [rel_lo, rel_hi] (R5:
 *                      out-of-range reads return 0).  rel_lo/rel_hi are the
 *                      bounds of the declared PARAM array (rows of the param
 *                      table), or of the indexed attribute array
 *                      (vertex.attrib[A0.x+n]: GP_VIN_GENERIC0..15,
 *                      vertex.texcoord[A0.x+n]: GP_VIN_TEX0..+7,
 *                      fragment.texcoord[A0.x+n]: GP_VARY_TEX0..+7).
 *                      Without rel, rel_lo = rel_hi = index.
 *
 * Destination encoding (gp_dst):
 *   file/index/mask    TEMP, OUTPUT slot (GP_VARY_* / GP_FOUT_*) or ADDRESS n
 *                      (ARL, ARR, ARA, POPA).  GP_FILE_NONE when the opcode has
 *                      no destination (KIL, flow, PUSHA).
 *   cc                 conditional write mask ("MOV R0 (GT.x), R1"): a component
 *                      i is written only if mask bit i is set AND the test
 *                      cc.cond holds for CC[cc.reg].c[cc.swz[i]].  GP_COND_TR
 *                      (the default, zero) always passes.
 *   rel                result.texcoord[A0.x+n] (NV_vertex_program3): writes
 *                      whose effective slot is outside [rel_lo, rel_hi] are
 *                      dropped (R5).
 *   clipdist           0 for every ordinary destination.  For result.clip[n]
 *                      (NV_vertex_program2) it is 1 + n%4: the instruction's x
 *                      result is stored into component n%4 of output slot
 *                      index (= GP_VARY_CLIP0 + n/4); its y/z/w results are
 *                      discarded (the spec: "only the x component counts").
 *                      Write mask, cc test and cc update still apply to the
 *                      x/y/z/w result components as written.
 *
 * Instruction fields (gp_insn):
 *   sat                GP_SAT_NONE, GP_SAT_01 (_SAT), GP_SAT_11 (_SSAT).
 *   cc_update          0 none, 1 update CC0 ("C" / "C0"), 2 update CC1 ("C1",
 *                      NV_vertex_program3).  Each written component sets
 *                      LT/EQ/GT/UN from the value written (NaN = UN, +-0 = EQ).
 *                      CC registers start as (EQ,EQ,EQ,EQ).
 *   precision          0 default, 'R', 'H' or 'X' (NV_fragment_program);
 *                      asmgl computes in binary32 whatever it says.
 *   tex_unit/target    texture instructions (GP_OPF_TEX) only.
 *   cond               condition of KIL-with-cc ("KIL GT.x", src[0].file is
 *                      GP_FILE_NONE then), BRA/CAL/RET/BRK/CONT "(cc)" and
 *                      IF: the instruction acts if the test holds for ANY of
 *                      the four swizzled components.  GP_COND_TR = always.
 *   target             resolved instruction index:
 *                        BRA, CAL        the labelled instruction
 *                        IF              the matching ELSE, or ENDIF if none
 *                        ELSE            the matching ENDIF
 *                        ENDIF           the matching IF
 *                        REP, LOOP       the matching ENDREP / ENDLOOP
 *                        ENDREP, ENDLOOP the matching REP / LOOP
 *                        BRK, CONT       the ENDREP/ENDLOOP of the innermost
 *                                        enclosing loop
 *                        anything else   -1
 *   REP src[0]         NV_fragment_program2 3.11.X.9: iteration count =
 *                      floor(src.x); a count <= 0 skips the block.  src[0] is
 *                      always a GP_FILE_PARAM row (the spec requires it).
 *   LOOP src[0]        3.11.X.8: (count, initial A0.x, A0.x increment) =
 *                      floor(src.xyz), a GP_FILE_PARAM row.  Inside
 *                      a LOOP block, address register 0 component x ("A0.x",
 *                      fragment programs have no other address register) is the
 *                      loop index of the innermost LOOP; it is saved by LOOP
 *                      and restored by ENDLOOP (nested loops).
 *   pos                byte offset of the opcode in the source text.
 *
 * ARB EXP and LOG are SCALAR-class (scalar source) but produce a vector:
 *   EXP: (2^floor(a), a - floor(a), 2^a (approx.), 1)
 *   LOG: (floor(log2|a|), |a| / 2^floor(log2|a|), log2|a| (approx.), 1)
 * as ARB_vertex_program sections 2.14.5.6 and 2.14.5.12 say; they do not have
 * GP_OPF_SCALAR_RESULT.  SCS writes (cos a, sin a, undefined, undefined).
 *
 * Entry and prologue: vertex programs with OPTION ARB_position_invariant get
 * a 4-instruction prologue (DP4 result.position.{x,y,z,w}, MVP row i,
 * vertex.position) computed exactly like the fixed-function transform, so no
 * later stage special-cases the option; gp_program.num_prologue counts those
 * instructions (they are not reported in the info counts nor printed).  If the
 * program has a "main" label (NV_vertex_program2 / NV_fragment_program2),
 * execution starts at it: entry is its index, or, with a prologue, the
 * prologue ends with an unconditional BRA to it and entry is 0.
 */
#ifndef GLPROG_GP_IR_H
#define GLPROG_GP_IR_H

#include "glprog.h"

/* ---- opcodes: expanded from gp_opcodes.def (R1) --------------------------- */
typedef enum gp_opcode {
#define GP_OP(name, cls, nsrc, types, mods, profiles, flags, doc) GP_OP_##name,
#include "gp_opcodes.def"
#undef GP_OP
    GP_OP_COUNT
} gp_opcode;

/* Grammar classes (R2): the parser has one rule per class. */
typedef enum gp_op_class {
    GP_CLASS_VECTOR,   /* op dst, src           */
    GP_CLASS_SCALAR,   /* op dst, src.scalar    */
    GP_CLASS_BINSC,    /* op dst, src.s, src.s (POW) */
    GP_CLASS_BIN,      /* op dst, src, src      */
    GP_CLASS_TRI,      /* op dst, src, src, src */
    GP_CLASS_SWZ,      /* SWZ dst, src, extswz  */
    GP_CLASS_TEX,      /* op dst, src, texture[n], target */
    GP_CLASS_TXD,      /* TXD dst, src, src, src, texture[n], target */
    GP_CLASS_ARL,      /* ARL/ARA/ARR address-register ops */
    GP_CLASS_KIL,      /* KIL src | KIL cc-test */
    GP_CLASS_BRA,      /* BRA/CAL label (cc) */
    GP_CLASS_FLOW,     /* RET / BRK / CONT with an optional "(cc)" (see also IF, LOOP, ENDFLOW below) */
    GP_CLASS_NONE,     /* END, NOP-like */
    /* Added by the front end (the shapes the classes above could not name): */
    GP_CLASS_ARA,      /* ARA addr, addr (no swizzle)             */
    GP_CLASS_PUSHA,    /* PUSHA addr                              */
    GP_CLASS_POPA,     /* POPA addr (cc)                          */
    GP_CLASS_VECSCA,   /* op dst, src, src.scalar (DIV)           */
    GP_CLASS_IF,       /* IF cc-test (mandatory, no parentheses)  */
    GP_CLASS_LOOP,     /* REP src / LOOP src                      */
    GP_CLASS_ENDFLOW,  /* ELSE ENDIF ENDREP ENDLOOP: no operands   */
    GP_CLASS_COUNT
} gp_op_class;

/* Instruction flags (R1, R3). */
enum {
    GP_OPF_TEX = 1u << 0,
    GP_OPF_BRANCH = 1u << 1,
    GP_OPF_SIDE_EFFECT = 1u << 2,
    GP_OPF_NEEDS_DERIV = 1u << 3,
    GP_OPF_KILL = 1u << 4,
    GP_OPF_SCALAR_RESULT = 1u << 5  /* result replicated to all written components */
};

/* Profiles an opcode is legal in: a bit per program header/option set. */
enum {
    GP_PROF_ARBVP = 1u << 0,  /* !!ARBvp1.0 */
    GP_PROF_ARBFP = 1u << 1,  /* !!ARBfp1.0 */
    GP_PROF_VP2 = 1u << 2,    /* ARBvp + OPTION NV_vertex_program2 (and 3) */
    GP_PROF_VP3 = 1u << 3,    /* ARBvp + OPTION NV_vertex_program3 */
    GP_PROF_FPO = 1u << 4,    /* ARBfp + OPTION NV_fragment_program */
    GP_PROF_FP2 = 1u << 5,    /* ARBfp + OPTION NV_fragment_program2 */
    GP_PROF_NV4 = 1u << 6,    /* !!NV*4.0 */
    GP_PROF_NV5 = 1u << 7     /* !!NV*5.0 */
};

typedef struct gp_opinfo {
    const char *name;
    uint8_t cls;        /* gp_op_class */
    uint8_t nsrc;
    uint32_t types;     /* allowed data-type suffixes, GP_TYPEBIT_* */
    uint32_t mods;      /* allowed modifiers, GP_MODBIT_* */
    uint32_t profiles;  /* GP_PROF_* */
    uint32_t flags;     /* GP_OPF_* */
} gp_opinfo;

extern const gp_opinfo gp_opinfo_table[GP_OP_COUNT];

/* ---- types and modifiers -------------------------------------------------- */
typedef enum gp_type { GP_TYPE_F32, GP_TYPE_S32, GP_TYPE_U32, GP_TYPE_F64, GP_TYPE_S64, GP_TYPE_U64 } gp_type;
enum {
    GP_TYPEBIT_F = 1u << GP_TYPE_F32,
    GP_TYPEBIT_S = 1u << GP_TYPE_S32,
    GP_TYPEBIT_U = 1u << GP_TYPE_U32,
    GP_TYPEBIT_F64 = 1u << GP_TYPE_F64,
    GP_TYPEBIT_S64 = 1u << GP_TYPE_S64,
    GP_TYPEBIT_U64 = 1u << GP_TYPE_U64
};
/* Modifier letters as in NV_gpu_program4 Table X.13: F I C S H D, plus R/X precision. */
enum {
    GP_MODBIT_SAT = 1u << 0,   /* _SAT / .SAT: clamp [0,1] */
    GP_MODBIT_SSAT = 1u << 1,  /* _SSAT / .SSAT: clamp [-1,1] */
    GP_MODBIT_CC = 1u << 2,    /* C / .CC / .CC0 / .CC1 */
    GP_MODBIT_PREC = 1u << 3,  /* R H X precision suffixes */
    GP_MODBIT_TYPE = 1u << 4,  /* data-type suffix allowed at all */
    GP_MODBIT_PRECX = 1u << 5  /* the X (fixed-point) precision suffix, besides R/H */
};
enum { GP_SAT_NONE, GP_SAT_01, GP_SAT_11 };

/* ---- register files -------------------------------------------------------- */
typedef enum gp_file {
    GP_FILE_NONE,
    GP_FILE_TEMP,     /* temporaries (and ALIASes resolved) */
    GP_FILE_INPUT,    /* GP_VIN_* / GP_VARY_* slot */
    GP_FILE_OUTPUT,   /* GP_VARY_* / GP_FOUT_* slot */
    GP_FILE_PARAM,    /* row of the resolved parameter table */
    GP_FILE_ADDRESS,  /* address registers A0.. (ARB ADDRESS, NV vp2/vp3) */
    GP_FILE_CC        /* condition-code registers (dst of RCC-like ops only) */
} gp_file;

enum { GP_SWZ_X, GP_SWZ_Y, GP_SWZ_Z, GP_SWZ_W, GP_SWZ_ZERO, GP_SWZ_ONE };

/* Condition-code tests (NV_fragment_program_option / NV_gpu_program4). */
typedef enum gp_cond {
    GP_COND_TR,  /* always (no test) */
    GP_COND_FL,
    GP_COND_EQ, GP_COND_NE, GP_COND_LT, GP_COND_LE, GP_COND_GT, GP_COND_GE,
    /* NV_gpu_program4 unsigned/float-specific and flag tests */
    GP_COND_EQ0, GP_COND_NE0, GP_COND_NAN, GP_COND_LEG, GP_COND_CF, GP_COND_NCF,
    GP_COND_OF, GP_COND_NOF, GP_COND_AB, GP_COND_BLE, GP_COND_SF, GP_COND_NSF
} gp_cond;

typedef struct gp_cc_test {
    uint8_t cond;    /* gp_cond; GP_COND_TR = unconditional */
    uint8_t reg;     /* CC0 or CC1 */
    uint8_t swz[4];
} gp_cc_test;

typedef struct gp_src {
    uint8_t file;      /* gp_file */
    uint8_t swz[4];
    uint8_t negate;    /* bit per component */
    uint8_t abs;
    uint8_t rel;       /* relative addressing through A[rel_reg].rel_comp
                          (NV4: an integer temporary, rel_file = GP_FILE_TEMP) */
    uint8_t rel_file;
    uint8_t rel_reg;
    uint8_t rel_comp;
    int32_t index;     /* base index; with rel, effective = index + A */
    int32_t rel_lo, rel_hi; /* valid effective index range (array bounds) */
} gp_src;

typedef struct gp_dst {
    uint8_t file;      /* gp_file */
    uint8_t mask;      /* write mask, bit per component */
    uint8_t rel, rel_file, rel_reg, rel_comp;
    int32_t index;
    int32_t rel_lo, rel_hi;
    gp_cc_test cc;     /* conditional write mask (NV "MOV R0 (GT.x), ...") */
    uint8_t clipdist;  /* 0, or 1 + n%4 for result.clip[n] (see the top) */
} gp_dst;

typedef struct gp_insn {
    uint16_t op;        /* gp_opcode */
    uint8_t type;       /* gp_type of the operation */
    uint8_t sat;        /* GP_SAT_* */
    uint8_t cc_update;  /* 0 none, 1 = update CC0, 2 = update CC1 */
    uint8_t precision;  /* 0 default, 'R', 'H', 'X' */
    uint8_t tex_unit;
    uint8_t tex_target; /* gp_tex_target */
    int8_t tex_offset[3];
    gp_cc_test cond;    /* branch / KIL / flow condition */
    gp_dst dst;
    gp_src src[3];
    int32_t target;     /* resolved branch/call/loop target (insn index), -1 none */
    int32_t pos;        /* byte offset in the source text, for diagnostics */
} gp_insn;

/* The program object behind glprog.h's opaque gp_program. */
struct gp_program {
    gp_program_info info;
    gp_insn *insns;          /* ends with GP_OP_END */
    int num_insns;
    int num_temps;           /* temporaries to allocate */
    int num_address;         /* address registers */
    gp_param_binding *params; /* info.params points here */
    char *source;            /* copy of the text, for printing/debug */
    size_t source_len;
    int entry;               /* first instruction executed (see the top) */
    int num_prologue;        /* synthetic instructions at the start (position invariance) */
    /* Run-time limits (added for the executor): copied from the gp_limits the
     * program was compiled with.  0 = none, except max_call_depth (0 = 8, the
     * gp_limits_default value).  An invocation that exceeds one terminates,
     * keeping the results written so far:
     *   max_exec_instructions  instructions executed per invocation
     *                          (NV_vertex_program2_option 2.14.4.X,
     *                          NV_fragment_program2 3.11.4.X; not NV4)
     *   max_call_depth         CAL / PUSHA entries on the call stack
     *                          (2.14.5.31, 3.11.X.2, NV_vertex_program3 PUSHA)
     *   max_if_depth           active IF blocks at an IF, across calls
     *                          (NV_fragment_program2 3.11.X.7; not NV4)
     *   max_loop_depth         active REP/LOOP blocks at a REP/LOOP, across
     *                          calls (3.11.X.8/9; not NV4)
     *   max_loop_count         initial REP/LOOP counts are clamped to it
     *                          (NV_fragment_program2 3.11.4.X) */
    int max_exec_instructions;
    int max_call_depth;
    int max_if_depth;
    int max_loop_depth;
    int max_loop_count;
};

#endif /* GLPROG_GP_IR_H */
