/*
 * exec/prep.h - the pre-decoded form of a program (gp_xop, gp_xprep):
 * types only; exec/prep.c builds it.  Part of the executor's translation
 * unit (gp_exec.c includes it first; see there for the file map).
 */

/* ---- the prepared program (types) ------------------------------------------ */

/* The executor runs a program in a prepared form, decoded once per program
 * and thread (see "the prepared program" below): one gp_xop per instruction
 * that says which jump-table entry runs it and, for the common float ALU
 * instructions, where each operand row and the result live, so that such an
 * instruction costs a few pointer additions and its lane loops.
 *
 * Fast kinds, one per gp_opcodes.def row whose "fast" column names a shape
 * (SWZ runs as MOV), with the shape of their operands:
 *   V1 V2 V3  component-wise on 1-3 vector operands (the write mask's
 *             components are computed)
 *   VS        component-wise, the second operand a scalar (DIV)
 *   S1 S2     scalar operands, scalar result (replicated to the write mask)
 *   D2 D2A D3 D4 DH   dot products (scalar result)
 * GP_XK_ROW(fast, name) expands GP_XK_ENTRY(name, shape) for such a row and
 * nothing for XK_NONE: with GP_OP defined as GP_EXEC_FAST_ROW, including
 * gp_opcodes.def lists the fast kinds. */
#define GP_XK_ROW(fast, name) GP_XK_ROW_##fast(name)
#define GP_XK_ROW_XK_NONE(name)
#define GP_XK_ROW_XK_V1(name) GP_XK_ENTRY(name, V1)
#define GP_XK_ROW_XK_V2(name) GP_XK_ENTRY(name, V2)
#define GP_XK_ROW_XK_V3(name) GP_XK_ENTRY(name, V3)
#define GP_XK_ROW_XK_VS(name) GP_XK_ENTRY(name, VS)
#define GP_XK_ROW_XK_S1(name) GP_XK_ENTRY(name, S1)
#define GP_XK_ROW_XK_S2(name) GP_XK_ENTRY(name, S2)
#define GP_XK_ROW_XK_D2(name) GP_XK_ENTRY(name, D2)
#define GP_XK_ROW_XK_D2A(name) GP_XK_ENTRY(name, D2A)
#define GP_XK_ROW_XK_D3(name) GP_XK_ENTRY(name, D3)
#define GP_XK_ROW_XK_D4(name) GP_XK_ENTRY(name, D4)
#define GP_XK_ROW_XK_DH(name) GP_XK_ENTRY(name, DH)
#define GP_EXEC_FAST_ROW(name, cls, nsrc, types, mods, nv4, io, profiles, flags, options, fast, doc) \
    GP_XK_ROW(fast, name)

enum {
#define GP_XK_ENTRY(name, shape) GP_XK_##name,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
    GP_XK_COUNT
};

enum { GP_XS_V1, GP_XS_V2, GP_XS_V3, GP_XS_VS, GP_XS_S1, GP_XS_S2,
       GP_XS_D2, GP_XS_D2A, GP_XS_D3, GP_XS_D4, GP_XS_DH };

/* Where prepared operands point: register 0 of each (per call). */
enum {
    GP_XB_TEMP,   /* machine temporaries */
    GP_XB_IN,     /* env->inputs */
    GP_XB_OUT,    /* env->outputs */
    GP_XB_PBC,    /* gp_xprep.pbc: parameter operands, broadcast and modified */
    GP_XB_COUNT
};

/* One instruction.  kind is a gp_opcode (the generic case of the opcode
 * runs it) or GP_OP_COUNT + GP_XK_* (the fast case).  The other fields are
 * set for fast kinds only. */
typedef struct gp_xop {
    uint16_t kind;
    uint8_t wmask;      /* write mask (never 0) */
    uint8_t sat;        /* GP_SAT_* */
    uint8_t mods;       /* bit i: operand i is fetched by fetch_view (|abs|, negation, 0/1
                           selectors on a register) instead of by soff */
    uint8_t dbase;      /* GP_XB_* of the destination (TEMP or OUT) */
    uint8_t dsel;       /* GP_XB_* xdirect compares with: dbase, or GP_XB_IN (never in
                           place) when a component reads a row an earlier one writes */
    uint8_t c0;         /* lowest component of wmask */
    uint8_t sbase[3];   /* GP_XB_* per operand */
    uint8_t pad;
    uint32_t doff;      /* byte offset of the destination register from its base */
    uint32_t soff[3][4]; /* byte offset of each operand's component rows, swizzled */
} gp_xop;
/* The interpreter reads the jump index as the first 16 bits of either. */
_Static_assert(offsetof(gp_xop, kind) == 0 && offsetof(gp_insn, op) == 0 &&
                   sizeof(((gp_insn *)0)->op) == sizeof(uint16_t),
               "gp_xop.kind and gp_insn.op lead their structs");

/* A parameter operand broadcast to all lanes with its swizzle and
 * modifiers applied: row c of the slot's gp_vec is component c of the
 * operand.  raw is the table row it was made from, so a call whose table
 * holds the same values (a new draw of the same state) skips the work. */
typedef struct gp_xslot {
    int32_t row;
    uint8_t swz[4];
    uint8_t negate, abs, valid;
    gp_val raw[4];
} gp_xslot;

/* A program's prepared form, cached per machine (so per thread: nothing
 * in it is shared) under the program's serial number. */
typedef struct gp_xprep {
    uint64_t serial;         /* gp_program.exec_serial; 0: empty entry */
    uint64_t used;           /* machine prep_clock at the last call */
    const gp_insn *insns;    /* what it was built from, checked at each call */
    int num_insns, num_temps, num_params, stage;
    gp_xop *ops;             /* num_insns */
    gp_xslot *slots;         /* nslots */
    gp_vec *pbc;             /* nslots broadcast operands (GP_XB_PBC) */
    int32_t *zero;           /* temporaries that may be read before written */
    int nslots;
    int nzero;               /* entries of zero[]; -1: every temporary */
    bool uses_cc;            /* condition codes read or written */
    bool uses_addr;          /* address registers */
    bool uses_stack;         /* flow control: lane stacks and counters */
} gp_xprep;
