/*
 * gp_exec.c - the glprog executor: runs one compiled program (gp_ir.h) over
 * the GP_LANES lanes of a task.  Worker threads: any number of threads run
 * the same immutable gp_program at once, each with its own gp_machine (the
 * per-thread scratch defined here); nothing here allocates per call.
 *
 * R5: this file holds the only opcode switch (GP_CASE / GP_NEXT: computed
 * goto on GCC and Clang, a plain switch with -DGP_EXEC_USE_SWITCH=1), the
 * only operand fetch (fetch_view and its wrappers fetch / fetch_scalar:
 * swizzle, |abs|, negate, relative addressing, typed view) and the only
 * store (store / store_rows: precision, _SAT/_SSAT, write mask,
 * condition-code write mask, CC update, execution mask).  These generic
 * cases run every instruction as the IR says it; each is the reference for
 * the fast case of the same opcode below.
 *
 * Fast cases (the prepared program): the first time a machine runs a
 * program it decodes the IR once into a gp_xop per instruction, cached in
 * the machine under the program's serial number.  For the float ALU
 * opcodes with a fast case (gp_opcodes.def "fast") without CC test or
 * update, H/X precision, relative addressing or result.clip (nearly all
 * ARB code), the gp_xop holds the byte offset of every operand component row (a swizzle is a choice of
 * rows; parameter operands are broadcast once per call into rows with
 * their swizzle, |abs| and negation applied), and the fast case runs the
 * same kernels as the generic case, straight into the destination
 * register when that is observably the same: every lane runs (or the
 * others never do: see xdirect) and no component reads a destination row
 * an earlier component wrote ("MOV R0, R0.yxwz", Mesa's
 * check_soa_dependencies hazard; such instructions compute into scratch).
 * Otherwise the result goes through scratch and is merged under the
 * execution mask as store() would.  tests/test_exec_paths.c runs random
 * programs both ways (gp_machine_set_fast_paths) and compares the bits.
 *
 * R6: registers are structure of arrays (gp_vec = 4 x GP_LANES values).  An
 * operand is a view of four component rows that points into the register
 * (or a broadcast parameter row) whenever no modifier applies, so swizzles
 * copy nothing; an instruction is then a few passes over component rows
 * (the kernels, written on 4-lane vectors: SSE2; 8 in the AVX2 build,
 * see "Instruction-set variants"); lanes are excluded by
 * masks at store time only.  Fragment lanes are 2x2 quads (glprog.h);
 * DDX/DDY are differences inside a quad.  Nothing is decoded per lane.
 *
 * Control flow: one program counter per lane, min-PC SIMT scheduling.
 *
 *   lanes     0 1 2 3 4 5 6 7 8 9 a b c d e f
 *   alive     x x x x x x x x x x x x x x x x   not terminated (END, RET, KIL'ed quad)
 *   exec      x x x x . . . . x x x x . . . .   the group being run: equal (sp, pc)
 *   parked    . . . . x x x x . . . . x x x x   lane_pc[] / lane_sp[] say where they wait
 *
 * A group is the set of lanes with the same program counter and the same
 * control-stack depth sp.  It runs while it has the highest priority: largest
 * sp first (callees before callers, loop bodies before loop exits), then the
 * smallest pc (then-blocks before else-blocks, loop bodies before code after
 * the loop).  When the running group reaches the pc of a parked group of the
 * same depth (stop_pc) the two merge: lanes reconverge at ENDIF, after
 * ENDREP, after a CAL returns, and at the join points of BRA code.  This one
 * mechanism handles the structured blocks of NV_fragment_program2 (IF, REP,
 * LOOP, BRK, CONT, CAL, RET) and the unstructured, per-lane divergent BRA of
 * NV_vertex_program2_option; every divergent case is just a branch whose
 * lanes disagree.  Each lane has its own control stack (call return
 * addresses, PUSHA address vectors and REP/LOOP counters) so call depth and
 * loop state are exact per lane.
 *
 * NV_gpu_program4 (gp_ir.h): instructions typed .S/.U, and the integer
 * opcodes, run in one generic case, exec_typed (operands fetched with the
 * kinds of gp_opinfo.io, results stored as their kind; OF/CF of the integer
 * adds merged into the CC update through gp_xs.cc_extra); its comment lists
 * the choices made where the spec says "undefined".  They never take fast
 * cases (prep_insn keeps only F32).  REP with no count, typed REP counts,
 * relative addressing through integer temporaries, vertex.id/instance
 * (GP_VIN_SLOTS rows), GP_FILE_BUFFER operands (fetch_buffer), TXF, TXQ and
 * TXFMS run, and so do geometry programs: EMIT / ENDPRIM call env->emit
 * with the lanes that execute them, and per-vertex inputs (vertex[v].*,
 * v constant or from an integer temporary) read row v * GP_VARY_COUNT +
 * slot (fetch_geo_input; prep_insn for constant vertices).
 *
 * NV_gpu_program5 64-bit data (gp_ir.h "64-bit storage"): every .F64 /
 * .S64 / .U64 instruction and PK64 / UP64 run in exec_wide (fetch64 /
 * store64); 32-bit instructions that name a LONG variable narrow and widen
 * in the generic fetch (fetch_long_f32) and store (store_widen).  None of
 * them takes a fast case (prep_insn refuses any operand with hi).
 *
 * NV_gpu_program5 (!!NV*5.0): IPAC IPAO IPAS (exec_ipa, through
 * env->interp), the bit-field opcodes (exec_bits) and the
 * thread-group votes TGALL TGANY TGEQ (exec_vote: the thread group is the
 * lanes of one gp_exec call, the voters the live lanes of the running
 * group; see there) run as generic cases, and so does CVT (exec_cvt; the
 * value conversions are gp_cvt.c's integer code).  The issue-6 memory
 * instructions (LOAD STORE ATOM LDC LDB STB ATOMB LDS STS ATOMS LOADIM
 * STOREIM ATOMIM MEMBAR BAR) run as generic cases too: exec_mem_load /
 * _store / _atom and exec_image ("memory instructions" below).  An opcode without a case (the
 * other NV_gpu_program5 ones) ends the invocation with
 * GP_EXEC_UNSUPPORTED.
 *
 * Numerics: IEEE binary32 with denormals preserved.  Where the ARB/NV specs
 * give pseudocode it is followed literally (MIN/MAX/SGE/CMP/_SAT with NaN,
 * RCP(+-0) = +-INF, RSQ of |x|, LIT's clamps, ...); where they are silent the
 * reference/dxil-instruction-semantics.txt tables decide; the remaining
 * choices are listed next to the opcode ("undefined" components read 0.0).
 */
#include <math.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gp_cvt.h"
#include "gp_ir.h"
#include "mem.h" /* issue 6: LOAD STORE ATOM (memory instructions below) */

/* Instruction-set variants.  On GCC for x86-64 the executor (gp_exec and
 * every static helper it inlines) is compiled twice: here for the x86-64
 * baseline (SSE2, 4-lane kernels) and by gp_exec_avx2.c, which includes
 * this file with GP_EXEC_VARIANT set, for AVX2 (8-lane kernels, GP_VW 8;
 * VEX forms take unaligned memory operands).  The same IEEE operations run
 * in the same order on every lane either way: no FMA (the build has
 * -ffp-contract=off, and the "avx2" target does not enable FMA), the same
 * libm calls, VMINPS/VMAXPS as MINPS/MAXPS, and rintf/floorf become
 * ROUNDSS, which rounds as they do; so every value is the same bits, with
 * one exception that is no value: when two NaNs with different payloads
 * meet in a commutative + or *, x86 returns the first source operand's,
 * and which one that is is the compiler's operand order (the generic and
 * fast cases already differ there; tests/test_exec_paths.c).  gp_exec
 * picks a build on its first call (gp_exec_pick): AVX2 where the CPU has
 * it, unless ASMGL_EXEC_ISA=base is in the environment; -DGP_EXEC_NO_VARIANTS
 * builds the baseline only. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(GP_EXEC_SCALAR) && !defined(GP_EXEC_NO_VARIANTS)
#define GP_EXEC_HAS_AVX2 1
#else
#define GP_EXEC_HAS_AVX2 0
#endif
#if defined(GP_EXEC_VARIANT)
#define GP_EXEC_ENTRY gp_exec_avx2 /* gp_exec_avx2.c: the AVX2 build */
#define GP_EXEC_ENTRY_LINKAGE
#elif GP_EXEC_HAS_AVX2
#define GP_EXEC_ENTRY gp_exec_base
#define GP_EXEC_ENTRY_LINKAGE
#else
#define GP_EXEC_ENTRY gp_exec
#define GP_EXEC_ENTRY_LINKAGE
#endif
void gp_exec_avx2(const gp_program *p, gp_exec_env *env);
void gp_exec_base(const gp_program *p, gp_exec_env *env);

#ifndef GP_ASSERT
#include <assert.h>
#define GP_ASSERT(cond) assert(cond)
#endif
#ifndef GP_ALIGNED_ALLOC
#define GP_ALIGNED_ALLOC(align, size) aligned_alloc((align), (size))
#define GP_ALIGNED_FREE(ptr) free(ptr)
#endif
#ifndef GP_MALLOC
#define GP_MALLOC(size) malloc(size)
#define GP_FREE(ptr) free(ptr)
#endif

#if defined(__GNUC__)
#define GP_LIKELY(x) __builtin_expect(!!(x), 1)
#define GP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define GP_NOINLINE __attribute__((noinline))
#define GP_INLINE inline __attribute__((always_inline))
#else
#define GP_INLINE inline
#define GP_LIKELY(x) (x)
#define GP_UNLIKELY(x) (x)
#define GP_NOINLINE
#endif

/* Index of the lowest lane in a non-empty mask. */
static inline int lane_first(uint32_t v)
{
#if defined(__GNUC__)
    return __builtin_ctz(v);
#else
    int n = 0;
    while (!(v & 1u)) {
        v >>= 1;
        n++;
    }
    return n;
#endif
}

/* Lanes in a mask (SWAR: no libgcc call on targets without POPCNT). */
static inline int lane_count(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (int)((v * 0x01010101u) >> 24);
}

/* The lanes of the quads (lanes 4q..4q+3) that have a lane in v. */
static inline uint32_t quads_any(uint32_t v)
{
    uint32_t q = (v | v >> 1 | v >> 2 | v >> 3) & 0x11111111u;
    return q * 0xfu;
}

/* Dispatch: computed goto where the compiler has it (Lua's ljumptab.h). */
#ifndef GP_EXEC_USE_SWITCH
#if defined(__GNUC__)
#define GP_EXEC_USE_SWITCH 0
#else
#define GP_EXEC_USE_SWITCH 1
#endif
#endif

#define GP_LANE_ALL ((uint32_t)((1ull << GP_LANES) - 1u))
#define GP_XD_NEVER 0xffffffffu /* an exec mask no group has */

enum {
    /* MAX_PROGRAM_CALL_DEPTH_NV when gp_program.max_call_depth is 0 (the
     * gp_limits_default value): CAL/PUSHA with this many call-stack entries
     * terminate the invocation (NV_vertex_program2_option 2.14.5.31,
     * NV_fragment_program2 3.11.X.2, NV_vertex_program3 2.14.5.44). */
    GP_EXEC_CALL_DEPTH = 8,
    /* Control-stack entries per lane: calls, PUSHA vectors and REP/LOOP
     * counters together.  Exceeding it terminates the lane; it bounds the
     * call depth a program may ask for (at most GP_EXEC_STACK - 16, leaving
     * room for loops). */
    GP_EXEC_STACK = 64,
    GP_EXEC_ADDR_REGS = 16,   /* address registers A0..A15 */
    GP_EXEC_PCACHE = 16,      /* broadcast parameter rows kept per gp_exec call */
    GP_EXEC_PCACHE_WAYS = 3,  /* slots a row may live in (> pinned operands) */
    GP_EXEC_TEMPS_MIN = 64,   /* temporaries allocated up front */
    GP_EXEC_PREPS = 8         /* prepared programs kept per machine */
};

/* Condition-code flags, one word per component and lane.  The legacy
 * {LT,EQ,GT,UN} values of NV_fragment_program_option 3.11.3.X are encoded
 * with NV_gpu_program4's flags (2.X.4.3): LT = SF, EQ = ZF, GT = none,
 * UN = SF|ZF.  Table X.16 evaluated on these gives exactly the legacy TestCC
 * results (UN passes only NE), so one representation serves both. */
enum { GP_CC_SF = 1u, GP_CC_ZF = 2u, GP_CC_OF = 4u, GP_CC_CF = 8u };

/* Control-stack entry kinds. */
enum {
    GP_STK_CALL = 1, /* v0 = return pc */
    GP_STK_ADDR,     /* v0..v3 = pushed address register (PUSHA) */
    GP_STK_REP,      /* v0 = remaining count, v1 = 1 if no count (NV4 "REP;") */
    GP_STK_LOOP      /* v0 = count, v1 = index, v2 = increment, v3 = saved A0.x */
};

/* ---- condition-code tests (NV_gpu_program4 Table X.16) ------------------- */

/* Each test as a 16-bit truth table over the four flag bits, built at
 * compile time: bit f is set when the test passes for flags f. */
#define CSF(f) (((f) >> 0) & 1)
#define CZF(f) (((f) >> 1) & 1)
#define COF(f) (((f) >> 2) & 1)
#define CCF(f) (((f) >> 3) & 1)
#define T_EQ(f) (!CSF(f) && CZF(f))
#define T_NE(f) (CSF(f) || !CZF(f))
#define T_LT(f) ((CSF(f) && !CZF(f)) ^ COF(f))
#define T_LE(f) (CSF(f) ^ (CZF(f) || COF(f)))
#define T_GT(f) ((!CSF(f) ^ COF(f)) && !CZF(f))
#define T_GE(f) (!(CSF(f) ^ COF(f)))
#define T_NAN(f) (CSF(f) && CZF(f))
#define T_LEG(f) (!CSF(f) || !CZF(f))
#define T_CF(f) (CCF(f))
#define T_NCF(f) (!CCF(f))
#define T_OF(f) (COF(f))
#define T_NOF(f) (!COF(f))
#define T_AB(f) (CCF(f) && !CZF(f))
#define T_BLE(f) (!CCF(f) || CZF(f))
#define T_SF(f) (CSF(f))
#define T_NSF(f) (!CSF(f))
#define CTBL(T)                                                                 \
    ((uint16_t)((T(0) << 0) | (T(1) << 1) | (T(2) << 2) | (T(3) << 3) |         \
                (T(4) << 4) | (T(5) << 5) | (T(6) << 6) | (T(7) << 7) |         \
                (T(8) << 8) | (T(9) << 9) | (T(10) << 10) | (T(11) << 11) |     \
                (T(12) << 12) | (T(13) << 13) | (T(14) << 14) | (T(15) << 15)))

static const uint16_t gp_cond_table[] = {
    [GP_COND_TR] = 0xffff,
    [GP_COND_FL] = 0,
    [GP_COND_EQ] = CTBL(T_EQ),
    [GP_COND_NE] = CTBL(T_NE),
    [GP_COND_LT] = CTBL(T_LT),
    [GP_COND_LE] = CTBL(T_LE),
    [GP_COND_GT] = CTBL(T_GT),
    [GP_COND_GE] = CTBL(T_GE),
    /* Table X.16 has no separate "EQ0"/"NE0" tests: the 0/1 suffix picks the
     * register (gp_cc_test.reg), so these are EQ and NE. */
    [GP_COND_EQ0] = CTBL(T_EQ),
    [GP_COND_NE0] = CTBL(T_NE),
    [GP_COND_NAN] = CTBL(T_NAN),
    [GP_COND_LEG] = CTBL(T_LEG),
    [GP_COND_CF] = CTBL(T_CF),
    [GP_COND_NCF] = CTBL(T_NCF),
    [GP_COND_OF] = CTBL(T_OF),
    [GP_COND_NOF] = CTBL(T_NOF),
    [GP_COND_AB] = CTBL(T_AB),
    [GP_COND_BLE] = CTBL(T_BLE),
    [GP_COND_SF] = CTBL(T_SF),
    [GP_COND_NSF] = CTBL(T_NSF),
};
_Static_assert(sizeof(gp_cond_table) / sizeof(gp_cond_table[0]) == GP_COND_NSF + 1,
               "gp_cond_table out of sync with gp_cond");

/* lane_bit[l] == 1 << l, as data so that mask tests vectorise (and + compare). */
static const uint32_t lane_bit[GP_LANES] = {
    1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7,
    1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
};
_Static_assert(GP_LANES == 16, "lane_bit and the quad code assume 16 lanes");

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

/* ---- the machine ---------------------------------------------------------- */

struct gp_machine {
    gp_vec *temps;               /* temp_cap registers, 64-byte aligned */
    int temp_cap;
    gp_vec addr[GP_EXEC_ADDR_REGS];            /* integer view */
    uint32_t cc[2][4][GP_LANES];               /* CC0, CC1: GP_CC_* flags */
    int32_t lane_pc[GP_LANES];                 /* parked lanes: where they wait */
    int32_t lane_sp[GP_LANES];
    int32_t lane_calls[GP_LANES];              /* CALL + ADDR entries on the stack */
    int32_t lane_loops[GP_LANES];              /* REP + LOOP entries on the stack */
    int32_t lane_ifs[GP_LANES];                /* active IF blocks (all frames) */
    int64_t lane_steps[GP_LANES];              /* instructions executed */
    uint8_t stk_kind[GP_EXEC_STACK][GP_LANES]; /* GP_STK_* */
    int32_t stk_val[GP_EXEC_STACK][4][GP_LANES];
    int32_t stk_ifs[GP_EXEC_STACK][GP_LANES];  /* lane_ifs when the entry was pushed */
    /* Parameters broadcast to all lanes, so that a PARAM operand is a
     * register like any other: direct-mapped by row, valid while
     * pcache_gen[] equals gen, which every gp_exec call advances. */
    gp_vec pcache[GP_EXEC_PCACHE];
    int32_t pcache_row[GP_EXEC_PCACHE];
    uint32_t pcache_gen[GP_EXEC_PCACHE];
    uint32_t gen;
    gp_vec opnd[3];                            /* fetched operands */
    gp_vec res;                                /* instruction result */
    gp_vec tex;                                /* sampler output */
    /* Prepared forms of the programs this thread ran last (see "the
     * prepared program" below), least recently used replaced first. */
    gp_xprep prep[GP_EXEC_PREPS];
    uint64_t prep_clock;
    int prep_last;                             /* entry of the previous call */
    bool generic_only;                         /* gp_machine_set_fast_paths(m, false) */
    gp_vec tin[GP_IN_THREAD + 3];              /* inputs + NV_shader_thread_group rows (gp_ir.h) */
};

#ifndef GP_EXEC_VARIANT /* defined once, by the baseline build */
gp_machine *gp_machine_create(void)
{
    size_t size = (sizeof(gp_machine) + 63) & ~(size_t)63;
    gp_machine *m = GP_ALIGNED_ALLOC(64, size);
    if (!m)
        return NULL;
    memset(m, 0, sizeof(*m));
    m->temps = GP_ALIGNED_ALLOC(64, GP_EXEC_TEMPS_MIN * sizeof(gp_vec));
    if (!m->temps) {
        GP_ALIGNED_FREE(m);
        return NULL;
    }
    /* Defined from the start: a call clears only the temporaries its
     * program may read before writing them (gp_xprep.zero). */
    memset(m->temps, 0, GP_EXEC_TEMPS_MIN * sizeof(gp_vec));
    m->temp_cap = GP_EXEC_TEMPS_MIN;
    return m;
}

static void prep_clear(gp_xprep *e);

void gp_machine_free(gp_machine *m)
{
    if (!m)
        return;
    for (int k = 0; k < GP_EXEC_PREPS; k++)
        prep_clear(&m->prep[k]);
    GP_ALIGNED_FREE(m->temps);
    GP_ALIGNED_FREE(m);
}

void gp_machine_set_fast_paths(gp_machine *m, bool on)
{
    if (m)
        m->generic_only = !on;
}
#endif

/* Grows the temporaries to at least n (once per machine and program size,
 * never per call in steady state).  On failure the capacity stays and
 * registers beyond it read as zero and drop writes. */
static void machine_reserve_temps(gp_machine *m, int n)
{
    if (n <= m->temp_cap)
        return;
    int cap = m->temp_cap;
    while (cap < n)
        cap *= 2;
    gp_vec *t = GP_ALIGNED_ALLOC(64, (size_t)cap * sizeof(gp_vec));
    if (!t)
        return;
    memset(t, 0, (size_t)cap * sizeof(gp_vec));
    GP_ALIGNED_FREE(m->temps);
    m->temps = t;
    m->temp_cap = cap;
}

/* ---- execution state of one gp_exec call ----------------------------------- */

typedef struct gp_xs {
    const gp_program *p;
    gp_exec_env *env;
    gp_machine *m;
    uint32_t alive;    /* lanes not terminated */
    uint32_t exec;     /* the running group */
    uint32_t live;     /* fragment lanes that are covered and not killed */
    int32_t pc, sp;    /* the running group's position */
    int32_t stop_pc;   /* pc of the nearest parked group at the same sp, or -1 */
    int nexec;         /* popcount(exec) */
    int64_t budget;    /* lane-instructions left (env->insn_budget) */
    int64_t budget0;   /* the budget at the start (env->insn_used = budget0 - budget) */
    int64_t steps;     /* instructions the group ran since its counters were flushed */
    int64_t left;      /* instructions the group may run before a limit is checked */
    int num_temps;     /* registers addressable in each file */
    int num_inputs, num_outputs;
    gp_vec *file_base[8];   /* per gp_file: register 0 (NULL: no registers) */
    int32_t file_count[8];  /* per gp_file: registers addressable (PARAM: rows) */
    char *base[GP_XB_COUNT]; /* prepared operands: register 0 of each GP_XB_* */
    uint32_t pinned;        /* parameter cache slots used by this instruction */
    uint32_t direct_exec[GP_XB_COUNT]; /* per gp_xop.dbase: the exec mask with which a
                                          fast case may compute in place (xdirect) */
    int call_depth;    /* the program's run-time limits (gp_ir.h), resolved */
    int if_depth, loop_depth, loop_count;
    int64_t exec_limit;
    bool fragment;
    bool geometry;     /* inputs are per vertex: fetch_geo_input (file_count[INPUT] = 0) */
    int geo_vertices;  /* geometry: info.gs_vertices_in */
    /* OF / CF per component and lane that the next CC update merges in
     * (the integer adds of exec_typed); NULL: cleared, as cc_update does */
    uint32_t (*cc_extra)[GP_LANES];
} gp_xs;

/* Instruction accounting.  The group counts its instructions in x->steps;
 * they are added to the lanes' counters (lane_steps, the watchdog budget)
 * whenever the group changes, so the per-instruction cost is one increment
 * and one compare against x->left, the smaller of what the budget allows the
 * group and what its busiest lane may still run (max_exec_instructions). */
static void xs_flush(gp_xs *x)
{
    if (!x->steps)
        return;
    if (x->exec_limit)
        for (int l = 0; l < GP_LANES; l++)
            if (x->exec & lane_bit[l])
                x->m->lane_steps[l] += x->steps;
    x->budget -= x->steps * x->nexec;
    x->steps = 0;
}

static void xs_start_group(gp_xs *x)
{
    x->nexec = lane_count(x->exec);
    x->steps = 0;
    int64_t left = x->nexec ? x->budget / x->nexec : 0;
    if (x->exec_limit) {
        for (int l = 0; l < GP_LANES; l++)
            if ((x->exec & lane_bit[l]) && x->exec_limit - x->m->lane_steps[l] < left)
                left = x->exec_limit - x->m->lane_steps[l];
    }
    x->left = left;
}

/* Picks the group to run next (see the top of the file).  The running
 * group's lanes are parked at (pc, sp) first.  Leaves exec == 0 when every
 * lane has terminated. */
static void xs_schedule(gp_xs *x)
{
    gp_machine *m = x->m;
    xs_flush(x);
    for (uint32_t b = x->exec; b; b &= b - 1) {
        int l = lane_first(b);
        m->lane_pc[l] = x->pc;
        m->lane_sp[l] = x->sp;
    }
    /* priority key: larger sp first, then smaller pc */
    int64_t best = INT64_MIN;
    for (uint32_t b = x->alive; b; b &= b - 1) {
        int l = lane_first(b);
        int64_t key = ((int64_t)m->lane_sp[l] << 32) - m->lane_pc[l];
        best = key > best ? key : best;
    }
    uint32_t exec = 0;
    int32_t best_sp = -1, best_pc = INT32_MAX, stop = INT32_MAX;
    if (x->alive) {
        best_sp = (int32_t)((best + INT32_MAX) >> 32);
        best_pc = (int32_t)(((int64_t)best_sp << 32) - best);
    }
    for (uint32_t b = x->alive; b; b &= b - 1) {
        int l = lane_first(b);
        if (m->lane_sp[l] != best_sp)
            continue;
        if (m->lane_pc[l] == best_pc)
            exec |= lane_bit[l];
        else if (m->lane_pc[l] < stop)
            stop = m->lane_pc[l];
    }
    x->exec = exec;
    x->pc = best_pc;
    x->sp = best_sp;
    x->stop_pc = stop == INT32_MAX ? -1 : stop;
    xs_start_group(x);
}

/* Moves the running group: lanes in taken go to (tpc, tsp), the others to
 * (fpc, fsp).  Divergence parks both halves and lets the scheduler choose. */
static void xs_branch(gp_xs *x, uint32_t taken, int32_t tpc, int32_t tsp, int32_t fpc,
                      int32_t fsp)
{
    if (x->exec == 0) {
        xs_schedule(x);
        return;
    }
    if (taken == x->exec) {
        x->pc = tpc;
        x->sp = tsp;
    } else if (taken == 0) {
        x->pc = fpc;
        x->sp = fsp;
    } else {
        gp_machine *m = x->m;
        xs_flush(x);
        for (int l = 0; l < GP_LANES; l++) {
            if (!(x->exec & lane_bit[l]))
                continue;
            bool t = (taken & lane_bit[l]) != 0;
            m->lane_pc[l] = t ? tpc : fpc;
            m->lane_sp[l] = t ? tsp : fsp;
        }
        x->exec = 0;
        xs_schedule(x);
        return;
    }
    if (x->alive != x->exec)
        xs_schedule(x); /* the group moved relative to parked ones */
}

/* Terminates lanes (END, RET on an empty stack, stack overflow, abnormal
 * termination).  Their outputs keep the values written so far, which is
 * what NV_fragment_program2 3.11.4.X asks for; the caller reschedules. */
static void xs_terminate(gp_xs *x, uint32_t lanes)
{
    if (!(lanes & x->alive))
        return;
    xs_flush(x);
    x->alive &= ~lanes;
    x->exec &= ~lanes;
    xs_start_group(x);
}

/* x->left ran out before the instruction at x->pc: flush the counters, then
 * either the watchdog budget cannot pay for one more instruction of the
 * group (false: stop the task) or some lanes reached max_exec_instructions
 * and terminate abnormally (NV_fragment_program2 3.11.4.X: "terminate
 * abnormally after executing MAX_PROGRAM_EXEC_INSTRUCTIONS instructions"),
 * and the caller fetches again. */
static bool xs_limit(gp_xs *x)
{
    x->steps--; /* the instruction at pc has not run */
    xs_flush(x);
    if (x->budget < x->nexec)
        return false;
    uint32_t over = 0;
    for (int l = 0; l < GP_LANES; l++)
        if ((x->exec & lane_bit[l]) && x->exec_limit && x->m->lane_steps[l] >= x->exec_limit)
            over |= lane_bit[l];
    if (over)
        xs_terminate(x, over);
    else
        xs_start_group(x);
    if (!x->exec)
        xs_schedule(x);
    return true;
}

/* ---- numeric helpers ----------------------------------------------------- */

static inline float bits_f(uint32_t u)
{
    gp_val v;
    v.u = u;
    return v.f;
}

static inline uint32_t f_bits(float f)
{
    gp_val v;
    v.f = f;
    return v.u;
}

/* floor() for every binary32 input without a libm call, so that lane loops
 * vectorise: values of magnitude >= 2^23, infinities and NaN are already
 * integral; -0 stays -0.  The selects are done on bits: GCC would turn float
 * selects around a conversion back into branches (-ftrapping-math). */
static inline float gp_floorf(float x)
{
    uint32_t small = 0u - (uint32_t)(fabsf(x) < 8388608.0f);
    float xs = bits_f(f_bits(x) & small);
    float t = (float)(int32_t)xs;
    t = t - bits_f((0u - (uint32_t)(t > xs)) & 0x3f800000u);
    t = bits_f((f_bits(t) & 0x7fffffffu) | (f_bits(x) & 0x80000000u));
    return bits_f((f_bits(t) & small) | (f_bits(x) & ~small));
}

/* Saturating float -> int32 (address registers, loop counts): NaN gives 0. */
static inline int32_t gp_f2i(float f)
{
    if (!(f == f))
        return 0;
    if (f >= 2147483648.0f)
        return INT32_MAX;
    if (f < -2147483648.0f)
        return INT32_MIN;
    return (int32_t)f;
}

/* binary32 -> binary16 bits, round to nearest even; overflow gives +-INF,
 * NaN stays a (quiet) NaN. */
static uint16_t gp_f32_to_f16(float f)
{
    uint32_t x = f_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u) /* INF / NaN */
        return (uint16_t)(sign | 0x7c00u | (x > 0x7f800000u ? 0x200u | ((x >> 13) & 0x3ffu) : 0));
    if (x >= 0x477ff000u) /* >= 65520: rounds past 65504 */
        return (uint16_t)(sign | 0x7c00u);
    if (x < 0x38800000u) { /* below 2^-14: half denormal or zero */
        float a = bits_f(x) * 16777216.0f; /* exact: scales by 2^24 */
        return (uint16_t)(sign | (uint32_t)rintf(a));
    }
    uint32_t r = x - ((127u - 15u) << 23);
    r = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
    return (uint16_t)(sign | r);
}

static float gp_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) /* zero or denormal: m * 2^-24, exact */
        return bits_f(sign | f_bits((float)m * (1.0f / 16777216.0f)));
    if (e == 31)
        return bits_f(sign | 0x7f800000u | (m << 13));
    return bits_f(sign | ((e + 127u - 15u) << 23) | (m << 13));
}

/* "X" precision (NV_fragment_program_option 3.11.4.X): signed 12-bit fixed
 * point with 10 fraction bits; overflow gives -2048/1024 or +2047/1024.
 * Rounded to the nearest step (ties to even); NaN has no fixed-point
 * encoding and becomes 0. */
static inline float gp_fx12(float f)
{
    if (!(f == f))
        return 0.0f;
    float s = rintf(f * 1024.0f);
    s = s < -2048.0f ? -2048.0f : s;
    s = s > 2047.0f ? 2047.0f : s;
    return s * (1.0f / 1024.0f);
}

/* ---- lane kernels ------------------------------------------------------------ */

/* Every ALU instruction is one or more of these: a pass over the GP_LANES
 * lanes of component rows (a row is GP_LANES consecutive 32-bit words, the
 * c[k] of a gp_vec).  They are written on short lane vectors (gp_f4, four
 * lanes: SSE2, the x86-64 baseline; eight, AVX2, in gp_exec_avx2.c's
 * build of this file) so they need no vectoriser and no
 * restrict: the result row may be an operand row of the same component
 * (ADD R0, R0, R1 computed straight into R0), which is safe because each
 * group of four lanes is read before it is written and lanes never mix.
 * Rows are either the same or disjoint (registers, broadcast parameters and
 * scratch are all made of whole rows).  Each kernel is the formula of the
 * spec section cited, evaluated in the order written (no FMA: the build
 * has -ffp-contract=off), so every lane gets the bits the scalar formula
 * gives.  Without GCC vector extensions (GP_EXEC_SCALAR) the same code runs
 * on one lane at a time. */
#if defined(__GNUC__) && !defined(GP_EXEC_SCALAR)
#if defined(GP_EXEC_VARIANT) /* the AVX2 build: eight lanes (ymm) */
#define GP_VW 8
typedef float gp_f4 __attribute__((vector_size(32), aligned(4), may_alias));
typedef int32_t gp_i4 __attribute__((vector_size(32), aligned(4), may_alias));
#define V_SPLAT(k) ((gp_f4){(k), (k), (k), (k), (k), (k), (k), (k)})
#define V_ISPLAT(k) ((gp_i4){(k), (k), (k), (k), (k), (k), (k), (k)})
#else
#define GP_VW 4
typedef float gp_f4 __attribute__((vector_size(16), aligned(4), may_alias));
typedef int32_t gp_i4 __attribute__((vector_size(16), aligned(4), may_alias));
#define V_SPLAT(k) ((gp_f4){(k), (k), (k), (k)})
#define V_ISPLAT(k) ((gp_i4){(k), (k), (k), (k)})
#endif
#define V_LD(p) (*(const gp_f4 *)(const void *)(p))
#define V_ST(p, v) (*(gp_f4 *)(void *)(p) = (v))
#define V_MASK(cmp) (cmp)                   /* a comparison: all ones / zero per lane */
#define V_BITS(v) ((gp_i4)(v))
#define V_FLT(v) ((gp_f4)(v))
#define V_F2I(v) __builtin_convertvector((v), gp_i4) /* truncates, like (int32_t)f */
#define V_I2F(v) __builtin_convertvector((v), gp_f4)
#if defined(__clang__)
#define GP_UNROLL _Pragma("unroll")
#else
#define GP_UNROLL _Pragma("GCC unroll 4")
#endif
#else
#define GP_VW 1
typedef float gp_f4;
typedef int32_t gp_i4;
static inline gp_i4 v_bits(float f) { gp_val v; v.f = f; return v.i; }
static inline float v_flt(gp_i4 i) { gp_val v; v.i = i; return v.f; }
#define V_LD(p) (*(const float *)(p))
#define V_ST(p, v) (*(float *)(p) = (v))
#define V_SPLAT(k) ((float)(k))
#define V_ISPLAT(k) ((int32_t)(k))
#define V_MASK(cmp) (-(int32_t)(cmp))
#define V_BITS(v) v_bits(v)
#define V_FLT(v) v_flt(v)
#define V_F2I(v) ((int32_t)(v))
#define V_I2F(v) ((float)(v))
#define GP_UNROLL
#endif
_Static_assert(GP_LANES % GP_VW == 0, "rows are whole lane vectors");

/* m ? a : b per lane, on bits (m from V_MASK). */
#define V_SEL(m, a, b) V_FLT(((m) & V_BITS(a)) | (~(m) & V_BITS(b)))

/* ARB_vertex_program 2.14.5.16/17: MAX = (a > b) ? a : b, MIN = (a > b) ?
 * b : a, so a NaN operand gives b for MAX and a for MIN.  SSE's MAXPS(x, y)
 * is exactly "x > y ? x : y" and MINPS(x, y) "x < y ? x : y" (NaN or equal
 * zeros: y), so MAX = MAXPS(a, b) and MIN = MINPS(b, a). */
#if GP_VW == 8 && defined(__AVX__)
#include <immintrin.h>
#define V_MINPS(a, b) ((gp_f4)_mm256_min_ps((__m256)(a), (__m256)(b))) /* a < b ? a : b */
#define V_MAX(a, b) ((gp_f4)_mm256_max_ps((__m256)(a), (__m256)(b)))
#define V_MIN(a, b) ((gp_f4)_mm256_min_ps((__m256)(b), (__m256)(a)))
#define V_SQRT(a) ((gp_f4)_mm256_sqrt_ps((__m256)(a)))
#elif GP_VW == 4 && defined(__SSE__)
#include <xmmintrin.h>
#define V_MINPS(a, b) ((gp_f4)_mm_min_ps((__m128)(a), (__m128)(b))) /* a < b ? a : b */
#define V_MAX(a, b) ((gp_f4)_mm_max_ps((__m128)(a), (__m128)(b)))
#define V_MIN(a, b) ((gp_f4)_mm_min_ps((__m128)(b), (__m128)(a)))
#define V_SQRT(a) ((gp_f4)_mm_sqrt_ps((__m128)(a)))
#else
#define V_MINPS(a, b) V_SEL(V_MASK((a) < (b)), (a), (b))
#define V_MAX(a, b) V_SEL(V_MASK((a) > (b)), (a), (b))
#define V_MIN(a, b) V_SEL(V_MASK((a) > (b)), (b), (a))
static inline gp_f4 v_sqrt(gp_f4 a)
{
#if GP_VW == 1
    return sqrtf(a);
#else
    for (int j = 0; j < GP_VW; j++)
        a[j] = sqrtf(a[j]);
    return a;
#endif
}
#define V_SQRT(a) v_sqrt(a)
#endif

#define V_ONE V_SPLAT(1.0f)
#define V_ABS(a) V_FLT(V_BITS(a) & V_ISPLAT(0x7fffffff))

/* gp_floorf on a lane vector, the same values: lanes of magnitude below
 * 2^23 truncate (xs, 0 elsewhere), step down when that rounded up, and
 * take x's sign (so -0 stays -0; other negative results have it already);
 * the others are x. */
static GP_INLINE gp_f4 v_floor(gp_f4 x)
{
    gp_i4 xb = V_BITS(x);
    gp_i4 small = V_MASK(V_ABS(x) < V_SPLAT(8388608.0f));
    gp_f4 xs = V_FLT(xb & small);
    gp_f4 t = V_I2F(V_F2I(xs));
    t = t - V_FLT(V_MASK(t > xs) & V_BITS(V_ONE));
    gp_i4 tb = V_BITS(t) | (V_BITS(xs) & V_ISPLAT(INT32_MIN));
    return V_FLT(tb | (xb & ~small));
}

/* 1.0 where the comparison holds, else +0.0. */
#define V_SET(cmp) V_FLT(V_MASK(cmp) & V_BITS(V_ONE))

/* Kernel families: r = E over rows a (A), b (B), c (C). */
#define GP_LANE_LOOP GP_UNROLL for (int k_ = 0; k_ < GP_LANES; k_ += GP_VW)
#define GP_K1(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a)                  \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_);                                     \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
#define GP_K2(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a, const float *b)  \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_), B = V_LD(b + k_);                   \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
#define GP_K3(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a, const float *b,  \
                                   const float *c)                            \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_), B = V_LD(b + k_), C = V_LD(c + k_); \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
/* Lane by lane (library calls, branches): in place is safe all the same. */
#define GP_KS1(name, E)                                                       \
    static void k_##name(float *r, const float *a)                            \
    {                                                                         \
        for (int l = 0; l < GP_LANES; l++) {                                  \
            const float A = a[l];                                             \
            r[l] = (E);                                                       \
        }                                                                     \
    }
#define GP_KS2(name, E)                                                       \
    static void k_##name(float *r, const float *a, const float *b)            \
    {                                                                         \
        for (int l = 0; l < GP_LANES; l++) {                                  \
            const float A = a[l], B = b[l];                                   \
            r[l] = (E);                                                       \
        }                                                                     \
    }

static inline float gp_rcc(float a)
{
    /* NV_vertex_program2_option 2.14.5.33: 1/a clamped to [2^-64, 2^64] when
     * > 0, else to [-2^64, -2^-64] (RCC(+0) = 2^64, RCC(-0) = -2^64).  The
     * clamps are compares, so NaN stays NaN. */
    const float big = 18446744073709551616.0f, tiny = 5.42101086242752217e-20f;
    float r = 1.0f / a;
    if (r > 0.0f)
        r = r < tiny ? tiny : r > big ? big : r;
    else if (r <= 0.0f)
        r = r < -big ? -big : r > -tiny ? -tiny : r;
    return r;
}

GP_K1(mov, A)
GP_K1(abs, V_ABS(A))
GP_K1(flr, v_floor(A))
/* ARB_vertex_program 2.14.5.11: a - floor(a), "always in [0.0, 1.0)": a tiny
 * negative a would round up to 1.0, so the result is capped at 1 - 2^-24.
 * INF and NaN give NaN (DXIL Frc). */
static GP_INLINE gp_f4 v_frc(gp_f4 x)
{
    /* v_floor without its sign step, which only turns floor(-0) into -0:
     * here that difference is -0 - +0 = -0 where gp_frc has -0 - -0 = +0,
     * and the "+ 0" (not folded: IEEE) maps it to +0 and changes nothing
     * else (x - floor(x) is never -0 otherwise).  The cap, f >= 1 ? c : f
     * with c = 1 - 2^-24, is min(c, f) for every f (a NaN f stays). */
    gp_i4 xb = V_BITS(x);
    gp_i4 small = V_MASK(V_ABS(x) < V_SPLAT(8388608.0f));
    gp_f4 xs = V_FLT(xb & small);
    gp_f4 t = V_I2F(V_F2I(xs));
    t = t - V_FLT(V_MASK(t > xs) & V_BITS(V_ONE));
    gp_f4 fl = V_FLT(V_BITS(t) | (xb & ~small));
    gp_f4 f = (x - fl) + V_SPLAT(0.0f);
    return V_MINPS(V_SPLAT(0.99999994f), f);
}
GP_K1(frc, v_frc(A))
/* NV_vertex_program2_option 2.14.5.41; NaN is none of > = < and gives 0.0
 * ((a > 0) - (a < 0), as Mesa's interpreter does; masks are -1 for true). */
GP_K1(ssg, V_I2F(V_MASK(A < V_SPLAT(0.0f)) - V_MASK(A > V_SPLAT(0.0f))))
GP_K2(add, A + B)
GP_K2(sub, A - B)
GP_K2(mul, A * B)
GP_K2(max, V_MAX(A, B))
GP_K2(min, V_MIN(A, B))
/* 2.14.5.23/24 and NV_fragment_program_option 3.11.5.37-42: comparisons are
 * false for NaN except !=. */
GP_K2(sge, V_SET(A >= B))
GP_K2(slt, V_SET(A < B))
GP_K2(seq, V_SET(A == B))
GP_K2(sne, V_SET(A != B))
GP_K2(sgt, V_SET(A > B))
GP_K2(sle, V_SET(A <= B))
/* NV_fragment_program2 3.11.5.48: each component / the scalar. */
GP_K2(div, A / B)
/* 2.14.5.15: a*b + c, two roundings. */
GP_K3(mad, A * B + C)
/* ARB_fragment_program 3.11.5.3: a < 0 ? b : c (NaN picks c). */
GP_K3(cmp, V_SEL(V_MASK(A < V_SPLAT(0.0f)), B, C))
/* 3.11.5.14: a*b + (1-a)*c */
GP_K3(lrp, A * B + (V_ONE - A) * C)
/* 2.14.5.21: RCP(1) = 1 exactly; IEEE division gives +-INF for +-0. */
GP_K1(rcp, V_ONE / A)
/* 2.14.5.22: 1/sqrt(|a|), so RSQ(+-0) = +INF. */
GP_K1(rsq, V_ONE / V_SQRT(V_ABS(A)))
GP_KS1(rcc, gp_rcc(A))
GP_KS1(ex2, exp2f(A))
/* Undefined for a <= 0 (2.14.5.12); log2f gives -INF for +-0 and NaN for
 * negatives, as the DXIL Log table does for unflushed inputs. */
GP_KS1(lg2, log2f(A))
GP_KS1(cos, cosf(A))
GP_KS1(sin, sinf(A))
/* 2.14.5.20 ApproxPower; powf is exact where EX2(b*LG2 a) fails (negative
 * bases with integer exponents), which the spec allows. */
GP_KS2(pow, powf(A, B))

/* Dot products, summed left to right as the pseudocode writes them, into
 * one row. */
static GP_INLINE void k_dp2(float *r, const float *a0, const float *a1, const float *b0,
                            const float *b1)
{
    /* NV_fragment_program2 3.11.5.49 */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_));
}

static GP_INLINE void k_dp2a(float *r, const float *a0, const float *a1, const float *b0,
                             const float *b1, const float *k0)
{
    /* NV_fragment_program2 3.11.5.50: the DP2 sum, then + c.x */
    GP_LANE_LOOP {
        gp_f4 d = V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_);
        V_ST(r + k_, d + V_LD(k0 + k_));
    }
}

static GP_INLINE void k_dp3(float *r, const float *a0, const float *a1, const float *a2,
                            const float *b0, const float *b1, const float *b2)
{
    /* 2.14.5.4 */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_) +
                                  V_LD(a2 + k_) * V_LD(b2 + k_));
}

static GP_INLINE void k_dp4(float *r, const float *a0, const float *a1, const float *a2,
                            const float *a3, const float *b0, const float *b1, const float *b2,
                            const float *b3)
{
    /* 2.14.5.5; DPH (2.14.5.6) passes the constant row 1.0 as a3. */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_) +
                                  V_LD(a2 + k_) * V_LD(b2 + k_) + V_LD(a3 + k_) * V_LD(b3 + k_));
}

/* _SAT / _SSAT on one row: ARB_fragment_program 3.11.4.3 "if (r < 0) r =
 * 0; else if (r > 1) r = 1;", so NaN passes unchanged and -0 stays -0. */
static GP_INLINE void k_clamp(float *r, float lo, float hi)
{
    const gp_f4 L = V_SPLAT(lo), H = V_SPLAT(hi);
    GP_LANE_LOOP {
        gp_f4 v = V_LD(r + k_);
        v = V_SEL(V_MASK(v < L), L, v);
        V_ST(r + k_, V_SEL(V_MASK(v > H), H, v));
    }
}

/* ---- operand fetch (R5) ---------------------------------------------------- */

/* Register index of a file, or NULL outside it (reads give 0, writes are
 * dropped: R5).  PARAM rows are not gp_vecs: see fetch_view. */
static inline const gp_vec *reg_file(const gp_xs *x, int file, int32_t index)
{
    /* only the register files have gp_vecs: GP_FILE_BUFFER / STORAGE /
     * SHARED operands are read by their own instructions' code */
    if ((unsigned)file > 7)
        return NULL;
    return (uint32_t)index < (uint32_t)x->file_count[file] && x->file_base[file]
               ? &x->file_base[file][index] : NULL;
}

static inline bool is_float_type(int type)
{
    return type == GP_TYPE_F32 || type == GP_TYPE_F64;
}

/* |x| then negation, per the operand's data type (NV_gpu_program4 2.X.4.2:
 * unsigned negation is two's complement and |x| does nothing; signed
 * |INT_MIN| and -INT_MIN stay INT_MIN). */
static void apply_mods(gp_val *restrict o, const gp_val *restrict in, bool absv, bool neg,
                       int type)
{
    if (is_float_type(type)) {
        uint32_t andm = absv ? 0x7fffffffu : 0xffffffffu;
        uint32_t xorm = neg ? 0x80000000u : 0u;
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = (in[l].u & andm) ^ xorm;
    } else if (type == GP_TYPE_S32) {
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t v = in[l].u;
            if (absv)
                v = (int32_t)v < 0 ? 0u - v : v;
            o[l].u = neg ? 0u - v : v;
        }
    } else {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = neg ? 0u - in[l].u : in[l].u;
    }
}

static inline gp_val swz_const(int sel, int type)
{
    gp_val v;
    if (sel == GP_SWZ_ONE)
        v.u = is_float_type(type) ? 0x3f800000u : 1u;
    else
        v.u = 0;
    return v;
}

static inline bool swz_identity(const uint8_t *swz)
{
    return swz[0] == 0 && swz[1] == 1 && swz[2] == 2 && swz[3] == 3;
}

/* Per-lane effective index of a relatively addressed operand; lanes whose
 * index falls outside [rel_lo, rel_hi] or the file get -1 (read as 0,
 * ARB_vertex_program 2.14.4.2 leaves the value undefined, R5 makes it 0). */
static void rel_indices(const gp_xs *x, uint8_t rel_file, uint8_t rel_reg, uint8_t rel_comp,
                        int32_t index, int32_t lo, int32_t hi, int32_t limit,
                        int32_t out[GP_LANES])
{
    const gp_vec *a = reg_file(x, rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS, rel_reg);
    if (lo < 0)
        lo = 0;
    if (hi > limit - 1)
        hi = limit - 1;
    for (int l = 0; l < GP_LANES; l++) {
        int64_t e = (int64_t)index + (a ? a->c[rel_comp & 3][l].i : 0);
        out[l] = (e >= lo && e <= hi) ? (int32_t)e : -1;
    }
}

static inline int32_t file_limit(const gp_xs *x, int file)
{
    return (unsigned)file > 7 ? 0 : x->file_count[file];
}

/* Per-lane source rows of a relatively addressed operand: a gp_vec register
 * or a parameter row, NULL (reads 0) when the index is out of range. */
typedef struct gp_rel_rows {
    const gp_vec *reg[GP_LANES];
    const gp_val *param[GP_LANES];
} gp_rel_rows;

static void rel_rows(const gp_xs *x, const gp_src *s, gp_rel_rows *rr)
{
    int32_t idx[GP_LANES];
    rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                file_limit(x, s->file), idx);
    bool param = s->file == GP_FILE_PARAM;
    for (int l = 0; l < GP_LANES; l++) {
        rr->reg[l] = !param && idx[l] >= 0 ? reg_file(x, s->file, idx[l]) : NULL;
        rr->param[l] = param && idx[l] >= 0 ? x->env->params[idx[l]] : NULL;
    }
}

/* Component c of a relatively addressed operand, before abs/negate. */
static void fetch_rel_comp(const gp_src *s, const gp_rel_rows *rr, int c, int type, gp_val *o)
{
    int sel = s->swz[c];
    if (sel > GP_SWZ_W) {
        gp_val k = swz_const(sel, type);
        for (int l = 0; l < GP_LANES; l++)
            o[l] = k;
    } else if (s->file == GP_FILE_PARAM) {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = rr->param[l] ? rr->param[l][sel].u : 0u;
    } else {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = rr->reg[l] ? rr->reg[l]->c[sel][l].u : 0u;
    }
}

/* An operand as four component rows (R5's one fetch path).  A view points
 * straight into the register when no modifier applies, so swizzles cost
 * nothing; |abs|, negation, parameters (uniform: broadcast once) and
 * relative addressing fill rows of buf.  Only the components in need are
 * set.  ARB_vertex_program 2.14.4.1 VectorLoad, NV_fragment_program_option
 * 3.11.4.1 (|abs| before negation), NV_gpu_program4 2.X.4.2 typed views. */
typedef struct gp_view {
    const gp_val *c[4];
} gp_view;

#define GP_ROW16(v) {v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v}
static const gp_val gp_const_rows[6][GP_LANES] = {
    GP_ROW16({.u = 0x00000000u}), /* +0.0, integer 0 */
    GP_ROW16({.u = 0x80000000u}), /* -0.0 */
    GP_ROW16({.u = 0x3f800000u}), /* +1.0 */
    GP_ROW16({.u = 0xbf800000u}), /* -1.0 */
    GP_ROW16({.u = 1u}),          /* integer 1 */
    GP_ROW16({.u = 0xffffffffu}), /* integer -1 (unsigned negation of 1) */
};

/* The row of a SWZ constant 0 / 1 after |abs| (no change) and negation. */
static const gp_val *const_row(int sel, bool neg, int type)
{
    if (sel != GP_SWZ_ONE)
        return gp_const_rows[is_float_type(type) && neg ? 1 : 0];
    if (is_float_type(type))
        return gp_const_rows[neg ? 3 : 2];
    return gp_const_rows[neg ? 5 : 4];
}

static inline void fill_row(gp_val *restrict r, gp_val v)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = v;
}

/* Out of line so that the stores vectorise (restrict is kept). */
static GP_NOINLINE void broadcast4(gp_vec *restrict v, const gp_val *restrict p)
{
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            v->c[c][l].u = p[c].u;
}

/* Parameter row index broadcast to all lanes (through the per-call cache),
 * or NULL outside the table.  A slot returned for one operand is pinned for
 * the rest of the instruction (x->pinned, cleared per instruction), so the
 * up to three PARAM operands of one instruction never evict each other: a
 * row lives in one of GP_EXEC_PCACHE_WAYS slots from row % GP_EXEC_PCACHE,
 * and at most two of them can be pinned. */
static inline const gp_vec *param_vec(gp_xs *x, int32_t row)
{
    if ((uint32_t)row >= (uint32_t)x->file_count[GP_FILE_PARAM])
        return NULL;
    gp_machine *m = x->m;
    int slot = -1;
    for (int k = 0; k < GP_EXEC_PCACHE_WAYS; k++) {
        int s = (row + k) & (GP_EXEC_PCACHE - 1);
        if (m->pcache_row[s] == row && m->pcache_gen[s] == m->gen) {
            x->pinned |= 1u << s;
            return &m->pcache[s];
        }
        if (slot < 0 && !(x->pinned >> s & 1))
            slot = s;
    }
    GP_ASSERT(slot >= 0);
    if (slot < 0) /* more PARAM operands than an instruction has */
        slot = row & (GP_EXEC_PCACHE - 1);
    broadcast4(&m->pcache[slot], x->env->params[row]);
    m->pcache_row[slot] = row;
    m->pcache_gen[slot] = m->gen;
    x->pinned |= 1u << slot;
    return &m->pcache[slot];
}

/* A GP_FILE_BUFFER operand (NV_parameter_buffer_object, gp_ir.h): element
 * e = index (+ the integer temporary's component, within [rel_lo, rel_hi])
 * of env->param_buffers[buf], one word broadcast to (w, w, w, w) or, for a
 * BUFFER4 binding, the words 4e..4e+3.  Words past the bound buffer, an
 * unbound binding and indices out of range read 0. */
static GP_NOINLINE void fetch_buffer(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                     uint32_t need, gp_view *v)
{
    unsigned b = s->buf < GP_MAX_PARAM_BUFFERS ? s->buf : 0;
    const gp_val *w = s->buf < GP_MAX_PARAM_BUFFERS ? x->env->param_buffers[b] : NULL;
    uint64_t nw = w ? x->env->param_buffer_words[b] : 0;
    bool vec4 = (x->p->info.param_buffers_vec4 >> b) & 1;
    /* NV5 program.buffer[a..b] (gp_src.nbuf): a binding point per lane */
    const gp_val *lw[GP_LANES];
    uint64_t lnw[GP_LANES];
    if (s->nbuf) {
        const gp_vec *vr = s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
        for (int l = 0; l < GP_LANES; l++) {
            int64_t o = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
            int64_t bp = (int64_t)s->buf + o;
            bool ok = o >= 0 && o < s->nbuf && bp < GP_MAX_PARAM_BUFFERS;
            lw[l] = ok ? x->env->param_buffers[bp] : NULL;
            lnw[l] = lw[l] ? x->env->param_buffer_words[bp] : 0;
        }
    } else {
        for (int l = 0; l < GP_LANES; l++) {
            lw[l] = w;
            lnw[l] = nw;
        }
    }
    int32_t idx[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    INT32_MAX, idx);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            idx[l] = s->index >= 0 ? s->index : -1;
    }
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        for (int l = 0; l < GP_LANES; l++) {
            if (sel > GP_SWZ_W) {
                t[l] = swz_const(sel, type);
                continue;
            }
            uint64_t k = vec4 ? (uint64_t)idx[l] * 4 + (uint64_t)sel : (uint64_t)idx[l];
            t[l].u = idx[l] >= 0 && k < lnw[l] ? lw[l][k].u : 0u;
        }
        apply_mods(buf->c[c], t, s->abs != 0, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

/* A geometry program input (NV_geometry_program4; gp_ir.h "Inputs"): slot
 * index (+ the integer temporary's component, within [rel_lo, rel_hi]) of
 * vertex v = vtx (+ T[vtx_rel_reg].vtx_rel_comp as a signed integer), read
 * from row v * GP_VARY_COUNT + slot of env->inputs.  A v outside
 * [0, gs_vertices_in) or a slot out of range reads 0 (R5).  primitive.id is
 * slot GP_VARY_PRIMID of vertex 0, so it needs nothing more.  Geometry
 * programs have file_count[GP_FILE_INPUT] = 0, so every input operand comes
 * here through fetch_view's slow path (the prepared fast cases address the
 * constant-vertex ones directly: prep_insn). */
static GP_NOINLINE void fetch_geo_input(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                        uint32_t need, gp_view *v)
{
    const gp_vec *in = x->env->inputs;
    int32_t slot[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    GP_VARY_COUNT, slot);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            slot[l] = s->index >= 0 && s->index < GP_VARY_COUNT ? s->index : -1;
    }
    const gp_vec *vr = s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
    const gp_vec *rows[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int64_t vv = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
        rows[l] = in && slot[l] >= 0 && vv >= 0 && vv < x->geo_vertices
                      ? &in[vv * GP_VARY_COUNT + slot[l]] : NULL;
    }
    gp_vec tr; /* NV_shader_thread_group primitive.threadid ..: the GP_IN_THREAD
                * rows of gp_ir.h, per lane (helperthread is fragment-only) */
    if (!s->rel && s->index >= GP_IN_THREAD && s->index < GP_IN_THREAD + 3) {
        const int row = s->index - GP_IN_THREAD;
        const uint32_t all = (uint32_t)((1ull << GP_LANES) - 1);
        memset(&tr, 0, sizeof(tr));
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t lt = (1u << l) - 1, le = (2u << l) - 1;
            if (row == 0) {
                tr.c[0][l].u = (uint32_t)l;
            } else if (row == 1) {
                tr.c[0][l].u = 1u << l;
                tr.c[1][l].u = lt;
                tr.c[2][l].u = le & all;
                tr.c[3][l].u = all & ~le;
            } else {
                tr.c[0][l].u = all & ~lt;
            }
            rows[l] = &tr;
        }
    }
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        if (sel > GP_SWZ_W) {
            fill_row(t, swz_const(sel, type));
        } else {
            for (int l = 0; l < GP_LANES; l++)
                t[l].u = rows[l] ? rows[l]->c[sel][l].u : 0u;
        }
        apply_mods(buf->c[c], t, s->abs != 0, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

static void fetch64(gp_xs *x, const gp_src *s, int kind, uint64_t out[4][GP_LANES]);
static GP_NOINLINE void fetch_long_f32(gp_xs *x, const gp_src *s, gp_vec *buf, uint32_t need,
                                       gp_view *v);

static GP_NOINLINE void fetch_view_slow(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                        uint32_t need, gp_view *v)
{
    bool absv = s->abs != 0;
    if (GP_UNLIKELY(s->hi) && is_float_type(type)) {
        /* a 32-bit float operand of a LONG variable: (float)double (gp_ir.h
         * "64-bit storage"); S/U operands read the low words, below */
        fetch_long_f32(x, s, buf, need, v);
        return;
    }
    if (GP_UNLIKELY(s->file == GP_FILE_BUFFER)) {
        fetch_buffer(x, s, buf, type, need, v);
        return;
    }
    if (GP_UNLIKELY(x->geometry) && s->file == GP_FILE_INPUT) {
        /* per-vertex inputs (file_count[INPUT] is 0 in geometry programs) */
        fetch_geo_input(x, s, buf, type, need, v);
        return;
    }
    if (GP_LIKELY(!s->rel)) {
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        for (int c = 0; c < 4; c++) {
            if (!(need >> c & 1))
                continue;
            int sel = s->swz[c];
            bool neg = (s->negate >> c) & 1;
            if (sel > GP_SWZ_W || !r) {
                v->c[c] = const_row(sel > GP_SWZ_W ? sel : GP_SWZ_ZERO, neg, type);
            } else if (!absv && !neg) {
                v->c[c] = r->c[sel];
            } else {
                apply_mods(buf->c[c], r->c[sel], absv, neg, type);
                v->c[c] = buf->c[c];
            }
        }
        return;
    }
    gp_rel_rows rr;
    rel_rows(x, s, &rr);
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        gp_val t[GP_LANES];
        fetch_rel_comp(s, &rr, c, type, t);
        apply_mods(buf->c[c], t, absv, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

static GP_INLINE void fetch_view(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                              uint32_t need, gp_view *v)
{
    if (GP_LIKELY(!s->rel && !s->abs && !s->negate && !s->hi &&
                  (s->swz[0] | s->swz[1] | s->swz[2] | s->swz[3]) <= GP_SWZ_W)) {
        /* the common case: a swizzled register, no copy at all */
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        if (GP_LIKELY(r != NULL)) {
            v->c[0] = r->c[s->swz[0]];
            v->c[1] = r->c[s->swz[1]];
            v->c[2] = r->c[s->swz[2]];
            v->c[3] = r->c[s->swz[3]];
            return;
        }
    }
    fetch_view_slow(x, s, buf, type, need, v);
}

/* The operand as one contiguous vector, for the sampler request: the
 * register itself when it needs no change, else a copy in buf. */
static const gp_vec *fetch(gp_xs *x, const gp_src *s, gp_vec *buf, int type)
{
    if (!s->rel && !s->abs && !s->negate && !s->hi && swz_identity(s->swz)) {
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        if (r)
            return r;
    }
    gp_view v;
    fetch_view(x, s, buf, type, 0xfu, &v);
    for (int c = 0; c < 4; c++)
        if (v.c[c] != buf->c[c])
            memcpy(buf->c[c], v.c[c], sizeof(buf->c[c]));
    return buf;
}

/* A scalar operand (ScalarLoad): the first swizzled component, which the
 * front end replicates into swz[0..3] (gp_ir.h).  GP_LANES values, in the
 * register itself or in row 0 of buf. */
static const gp_val *fetch_scalar(gp_xs *x, const gp_src *s, gp_vec *buf, int type)
{
    gp_view v;
    fetch_view(x, s, buf, type, 1u, &v);
    return v.c[0];
}

/* ---- condition codes ------------------------------------------------------ */

/* Lanes for which test t passes on component c of the swizzled CC register
 * (NV_fragment_program_option 3.11.4.3 TestCC, NV_gpu_program4 2.X.4.3). */
static uint32_t cc_lanes(const gp_xs *x, const gp_cc_test *t, int c)
{
    if (t->cond == GP_COND_TR)
        return GP_LANE_ALL;
    if (t->cond >= sizeof(gp_cond_table) / sizeof(gp_cond_table[0]))
        return 0;
    uint32_t tbl = gp_cond_table[t->cond];
    const uint32_t *f = x->m->cc[t->reg & 1][t->swz[c] & 3];
    uint32_t bits = 0;
    for (int l = 0; l < GP_LANES; l++)
        bits |= ((tbl >> (f[l] & 15u)) & 1u) << l;
    return bits;
}

/* Branch / KIL / IF conditions: true when ANY of the four swizzled
 * components passes (NV_vertex_program2_option 2.14.4.X, NV_fragment_program2
 * 3.11.X.7). */
static uint32_t cc_any(const gp_xs *x, const gp_cc_test *t)
{
    if (t->cond == GP_COND_TR)
        return GP_LANE_ALL;
    uint32_t bits = 0, seen = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t b = 1u << (t->swz[c] & 3);
        if (!(seen & b))
            bits |= cc_lanes(x, t, c);
        seen |= b;
    }
    return bits;
}

/* New flags for the lanes in lm of one CC component from the written value:
 * floats per NV_gpu_program4 2.X.4.3 (SF = r < 0 or NaN, ZF = r == 0 or NaN,
 * which encodes LT/EQ/GT/UN of NV_fragment_program_option 3.11.3.X with -0
 * and +0 both EQ); integers SF = MSB, ZF = zero, OF = CF = 0. */
static void cc_update(uint32_t *restrict cc, const gp_val *restrict v, uint32_t lm, int rtype)
{
    uint32_t f[GP_LANES];
    if (is_float_type(rtype)) {
        for (int l = 0; l < GP_LANES; l++) {
            float r = v[l].f;
            uint32_t nan = !(r == r);
            f[l] = (((uint32_t)(r < 0.0f) | nan) * GP_CC_SF) | (((uint32_t)(r == 0.0f) | nan) * GP_CC_ZF);
        }
    } else {
        for (int l = 0; l < GP_LANES; l++)
            f[l] = ((v[l].u >> 31) * GP_CC_SF) | ((uint32_t)(v[l].u == 0) * GP_CC_ZF);
    }
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t sel = 0u - (uint32_t)((lm & lane_bit[l]) != 0);
        cc[l] = (f[l] & sel) | (cc[l] & ~sel);
    }
}

/* ---- result store (R5) ----------------------------------------------------- */

/* Masked copy of one component row: the lanes of lm from s, the others
 * kept (as bits: gp_val is a union of 32-bit types, a row GP_LANES
 * consecutive 32-bit words). */
static GP_INLINE void write_row(gp_val *d, const gp_val *s, uint32_t lm)
{
    if (lm == GP_LANE_ALL) {
        memcpy(d, s, sizeof(gp_val) * GP_LANES);
        return;
    }
#if GP_VW == 8
    const gp_i4 bits = {1, 2, 4, 8, 16, 32, 64, 128};
#elif GP_VW == 4
    const gp_i4 bits = {1, 2, 4, 8};
#else
    const gp_i4 bits = 1;
#endif
    GP_LANE_LOOP {
        gp_i4 m = V_MASK((V_ISPLAT((int32_t)(lm >> k_)) & bits) == bits);
        V_ST(&d[k_].f, V_SEL(m, V_LD(&s[k_].f), V_LD(&d[k_].f)));
    }
}
_Static_assert(sizeof(gp_val) == sizeof(uint32_t), "gp_val rows are arrays of 32-bit words");

/* Precision (NV_fragment_program_option 3.11.4.X: H = fp16, overflow +-INF;
 * X = fx12) then clamping (ARB_fragment_program 3.11.4.3 pseudocode
 * "if (r < 0) r = 0; else if (r > 1) r = 1;", so NaN passes unchanged;
 * NV_fragment_program2 _SSAT clamps to [-1,1] the same way: k_clamp). */
static void float_result_mods(const gp_insn *in, gp_val *row)
{
    if (in->precision == 'H') {
        for (int l = 0; l < GP_LANES; l++)
            row[l].f = gp_f16_to_f32(gp_f32_to_f16(row[l].f));
    } else if (in->precision == 'X') {
        for (int l = 0; l < GP_LANES; l++)
            row[l].f = gp_fx12(row[l].f);
    }
    if (in->sat == GP_SAT_01)
        k_clamp(&row[0].f, 0.0f, 1.0f);
    else if (in->sat == GP_SAT_11)
        k_clamp(&row[0].f, -1.0f, 1.0f);
}

/* Writes the result rows (type rtype, precision and clamping already
 * applied) to the destination under the execution mask, the write mask and
 * the condition-code write mask, and updates the CC
 * (NV_fragment_program_option 3.11.4.3 UpdateDestination; NV_vertex_program3
 * 2.14.4.3 adds the clamp before the merge).  rows[c] is the result for
 * component c; it must not be a row of the destination register. */
static void store_widen(gp_xs *x, const gp_insn *in, const gp_val *const rows[4], int rtype);

static void store_rows(gp_xs *x, const gp_insn *in, const gp_val *const rows[4], int rtype)
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    if (GP_UNLIKELY(d->hi)) {
        store_widen(x, in, rows, rtype); /* a LONG destination: both words */
        return;
    }
    bool reg = d->file == GP_FILE_TEMP || d->file == GP_FILE_OUTPUT || d->file == GP_FILE_ADDRESS;
    if (d->cc.cond == GP_COND_TR && !in->cc_update && !d->rel && !d->clipdist) {
        /* the common case: plain masked write */
        gp_vec *dreg = reg ? (gp_vec *)reg_file(x, d->file, d->index) : NULL;
        if (dreg)
            for (int c = 0; c < 4; c++)
                if (wmask >> c & 1)
                    write_row(dreg->c[c], rows[c], x->exec);
        return;
    }
    gp_vec *dreg = NULL;
    int32_t idx[GP_LANES];
    bool rel = d->rel != 0;
    if (reg) {
        if (rel)
            rel_indices(x, d->rel_file, d->rel_reg, d->rel_comp, d->index, d->rel_lo, d->rel_hi,
                        file_limit(x, d->file), idx);
        else
            dreg = (gp_vec *)reg_file(x, d->file, d->index);
    }
    /* the condition-code write mask tests the CC as it was before this
     * instruction's update (UpdateDestination: merged into mergedCC, which
     * replaces cc at the end), so all four tests come first */
    uint32_t lms[4];
    for (int c = 0; c < 4; c++)
        lms[c] = (wmask >> c & 1) ? x->exec & cc_lanes(x, &d->cc, c) : 0u;
    for (int c = 0; c < 4; c++) {
        uint32_t lm = lms[c];
        if (!lm)
            continue;
        const gp_val *row = rows[c];
        if (rel) {
            for (int l = 0; l < GP_LANES; l++) {
                if (!(lm & lane_bit[l]) || idx[l] < 0)
                    continue;
                gp_vec *t = (gp_vec *)reg_file(x, d->file, idx[l]);
                if (t)
                    t->c[c][l] = row[l];
            }
        } else if (dreg) {
            if (d->clipdist) {
                /* result.clip[n]: only the x result counts, into comp n%4. */
                if (c == 0)
                    write_row(dreg->c[(d->clipdist - 1) & 3], row, lm);
            } else {
                write_row(dreg->c[c], row, lm);
            }
        }
        if (in->cc_update) {
            uint32_t *cc = x->m->cc[(in->cc_update - 1) & 1][c];
            cc_update(cc, row, lm, rtype);
            if (x->cc_extra)
                for (int l = 0; l < GP_LANES; l++)
                    if (lm & lane_bit[l])
                        cc[l] |= x->cc_extra[c][l];
        }
    }
}

/* store_rows for a result computed in scratch r: floats get precision and
 * clamping first.  scalar: only r->c[0] is valid and is replicated to every
 * written component. */
static inline void store(gp_xs *x, const gp_insn *in, gp_vec *r, int rtype, bool scalar)
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    if (GP_LIKELY(!in->sat && !in->precision && d->cc.cond == GP_COND_TR && !in->cc_update &&
                  !d->rel && !d->clipdist && !d->hi)) {
        /* the common case: plain masked write */
        gp_vec *dreg = (gp_vec *)reg_file(x, d->file, d->index);
        if (dreg && d->file != GP_FILE_INPUT && d->file != GP_FILE_PARAM)
            for (int c = 0; c < 4; c++)
                if (wmask >> c & 1)
                    write_row(dreg->c[c], r->c[scalar ? 0 : c], x->exec);
        return;
    }
    if (!wmask)
        return;
    if (is_float_type(rtype) && (in->precision == 'H' || in->precision == 'X' || in->sat)) {
        for (int c = 0; c < (scalar ? 1 : 4); c++)
            if (scalar || (wmask >> c & 1))
                float_result_mods(in, r->c[c]);
    }
    const gp_val *rows[4];
    for (int c = 0; c < 4; c++)
        rows[c] = r->c[scalar ? 0 : c];
    store_rows(x, in, rows, rtype);
}

/* ---- NV_gpu_program5 64-bit storage (gp_ir.h "64-bit storage") -----------
 *
 * A LONG variable's component is two 32-bit rows: the low word in the
 * operand's row, the high word src.hi / dst.hi rows further (relative
 * addressing moves both).  fetch64 reads any operand as 64-bit values of a
 * kind (GP_KIND_S / U: integers, GP_KIND_F: the bits of a double), store64
 * writes 64-bit results; the 32-bit paths narrow (fetch_long_f32, the low
 * words) and widen (store_widen) where a 32-bit instruction meets a LONG
 * variable. */

static inline double bits_d(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof(d));
    return d;
}

static inline uint64_t d_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof(u));
    return u;
}

/* |x| then negation of one 64-bit component of a kind (U: |x| does
 * nothing, negation is two's complement; S: |INT64_MIN| and -INT64_MIN stay
 * INT64_MIN; F: the sign bit). */
static inline uint64_t mods64(uint64_t v, int kind, bool absv, bool neg)
{
    if (kind == GP_KIND_F) {
        if (absv)
            v &= ~(1ull << 63);
        return neg ? v ^ (1ull << 63) : v;
    }
    if (absv && kind == GP_KIND_S && (int64_t)v < 0)
        v = 0u - v;
    return neg ? 0u - v : v;
}

/* Operand s as 64-bit values: lo | hi << 32 for a LONG variable or a 64-bit
 * literal (its two GP_PARAM_CONST rows, s->hi = 1), else the
 * 32-bit value promoted (2.X.4.1: S sign-, U zero-extended, F float ->
 * double); then |x| and negation on the 64-bit value of the kind (U: |x|
 * does nothing, negation is two's complement; S: |INT64_MIN| and
 * -INT64_MIN stay INT64_MIN; F: the sign bit). */
static void fetch64(gp_xs *x, const gp_src *s, int kind, uint64_t out[4][GP_LANES])
{
    gp_src q = *s;
    q.abs = 0;
    q.negate = 0;
    q.hi = 0;
    gp_vec lbuf, hbuf;
    gp_view lo, hi;
    if (s->hi) {
        fetch_view(x, &q, &lbuf, GP_TYPE_U32, 0xfu, &lo);
        q.index += s->hi;
        q.rel_lo += s->hi;
        q.rel_hi += s->hi;
        fetch_view(x, &q, &hbuf, GP_TYPE_U32, 0xfu, &hi);
        for (int c = 0; c < 4; c++) {
            int sel = s->swz[c];
            if (sel > GP_SWZ_W) {
                uint64_t k = sel != GP_SWZ_ONE ? 0u : kind == GP_KIND_F ? 0x3ff0000000000000ull : 1u;
                for (int l = 0; l < GP_LANES; l++)
                    out[c][l] = k;
                continue;
            }
            for (int l = 0; l < GP_LANES; l++)
                out[c][l] = (uint64_t)lo.c[c][l].u | (uint64_t)hi.c[c][l].u << 32;
        }
    } else {
        int t = kind == GP_KIND_F ? GP_TYPE_F32 : kind == GP_KIND_S ? GP_TYPE_S32 : GP_TYPE_U32;
        fetch_view(x, &q, &lbuf, t, 0xfu, &lo);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                gp_val v = lo.c[c][l];
                out[c][l] = kind == GP_KIND_F ? d_bits((double)v.f)
                            : kind == GP_KIND_S ? (uint64_t)(int64_t)v.i : (uint64_t)v.u;
            }
    }
    if (!s->abs && !s->negate)
        return;
    for (int c = 0; c < 4; c++) {
        bool neg = (s->negate >> c) & 1;
        for (int l = 0; l < GP_LANES; l++) {
            out[c][l] = mods64(out[c][l], kind, s->abs != 0, neg);
        }
    }
}

/* A 32-bit float operand of a LONG variable (fetch_view_slow): the double,
 * modifiers applied, rounded to float (nearest even; |x| and negation
 * commute with the rounding). */
static GP_NOINLINE void fetch_long_f32(gp_xs *x, const gp_src *s, gp_vec *buf, uint32_t need,
                                       gp_view *v)
{
    uint64_t t[4][GP_LANES];
    fetch64(x, s, GP_KIND_F, t);
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            buf->c[c][l].f = (float)bits_d(t[c][l]);
        v->c[c] = buf->c[c];
    }
}

/* CC flags (2.X.4.3) of a 64-bit value: SF = bit 63 / double < 0 or NaN,
 * ZF = all 64 bits 0 / double == 0 or NaN; OF = CF = 0. */
static inline uint32_t cc_flags64(uint64_t v, int kind)
{
    if (kind == GP_KIND_F) {
        double d = bits_d(v);
        uint32_t nan = !(d == d);
        return (((uint32_t)(d < 0.0) | nan) * GP_CC_SF) | (((uint32_t)(d == 0.0) | nan) * GP_CC_ZF);
    }
    return ((uint32_t)(v >> 63) * GP_CC_SF) | ((uint32_t)(v == 0) * GP_CC_ZF);
}

/* Writes per-component rows lo (and hi: NULL for a 32-bit destination) under
 * the execution mask, the write mask and the condition-code write mask,
 * and sets the CC of the written lanes to flags (the CC tests see the CC
 * before the update, as in store_rows). */
static void store_pair(gp_xs *x, const gp_insn *in, gp_val lo[4][GP_LANES],
                       gp_val (*hi)[GP_LANES], uint32_t flags[4][GP_LANES])
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    bool reg = d->file == GP_FILE_TEMP || d->file == GP_FILE_OUTPUT || d->file == GP_FILE_ADDRESS;
    int32_t hoff = hi ? d->hi : 0;
    gp_vec *dlo = NULL, *dhi = NULL;
    int32_t idx[GP_LANES];
    bool rel = d->rel != 0;
    if (reg) {
        if (rel) {
            rel_indices(x, d->rel_file, d->rel_reg, d->rel_comp, d->index, d->rel_lo, d->rel_hi,
                        file_limit(x, d->file), idx);
        } else {
            dlo = (gp_vec *)reg_file(x, d->file, d->index);
            dhi = hi ? (gp_vec *)reg_file(x, d->file, d->index + hoff) : NULL;
        }
    }
    uint32_t lms[4]; /* the CC before the update (store_rows) */
    for (int c = 0; c < 4; c++)
        lms[c] = (wmask >> c & 1) ? x->exec & cc_lanes(x, &d->cc, c) : 0u;
    for (int c = 0; c < 4; c++) {
        uint32_t lm = lms[c];
        if (!lm)
            continue;
        if (rel) {
            for (int l = 0; l < GP_LANES; l++) {
                if (!(lm & lane_bit[l]) || idx[l] < 0)
                    continue;
                gp_vec *t = (gp_vec *)reg_file(x, d->file, idx[l]);
                if (t)
                    t->c[c][l] = lo[c][l];
                t = hi ? (gp_vec *)reg_file(x, d->file, idx[l] + hoff) : NULL;
                if (t)
                    t->c[c][l] = hi[c][l];
            }
        } else {
            if (dlo) {
                if (d->clipdist) {
                    if (c == 0)
                        write_row(dlo->c[(d->clipdist - 1) & 3], lo[c], lm);
                } else {
                    write_row(dlo->c[c], lo[c], lm);
                }
            }
            if (dhi)
                write_row(dhi->c[c], hi[c], lm);
        }
        if (in->cc_update) {
            uint32_t *cc = x->m->cc[(in->cc_update - 1) & 1][c];
            for (int l = 0; l < GP_LANES; l++)
                if (lm & lane_bit[l])
                    cc[l] = flags[c][l];
        }
    }
}

/* store_rows to a LONG variable: the 32-bit result widened (S sign-, U
 * zero-extended, F float -> double); the CC from the 32-bit value. */
static GP_NOINLINE void store_widen(gp_xs *x, const gp_insn *in, const gp_val *const rows[4],
                                    int rtype)
{
    gp_val lo[4][GP_LANES], hi[4][GP_LANES];
    uint32_t flags[4][GP_LANES];
    for (int c = 0; c < 4; c++) {
        if (!(in->dst.mask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t u = rows[c][l].u;
            uint64_t w = is_float_type(rtype) ? d_bits((double)bits_f(u))
                         : rtype == GP_TYPE_S32 ? (uint64_t)(int64_t)(int32_t)u : (uint64_t)u;
            lo[c][l].u = (uint32_t)w;
            hi[c][l].u = (uint32_t)(w >> 32);
        }
        if (in->cc_update) {
            cc_update(flags[c], rows[c], GP_LANE_ALL, rtype);
            if (x->cc_extra)
                for (int l = 0; l < GP_LANES; l++)
                    flags[c][l] |= x->cc_extra[c][l];
        }
    }
    store_pair(x, in, lo, hi, flags);
}

/* The 64-bit results r of kind (GP_KIND_S / U / F) of instruction in:
 * _SAT / _SSAT clamp F results (the ARB pseudocode's compares, NaN
 * passes), then the write to a LONG destination (both words) or to a
 * 32-bit one (narrowed: the low word / (float)double, nearest even), and
 * the CC from the 64-bit value (plus gp_xs.cc_extra: OF / CF). */
static void store64(gp_xs *x, const gp_insn *in, uint64_t r[4][GP_LANES], int kind)
{
    const gp_dst *d = &in->dst;
    gp_val lo[4][GP_LANES], hi[4][GP_LANES];
    uint32_t flags[4][GP_LANES];
    for (int c = 0; c < 4; c++) {
        if (!(d->mask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            uint64_t v = r[c][l];
            if (kind == GP_KIND_F && in->sat) {
                double f = bits_d(v), mn = in->sat == GP_SAT_11 ? -1.0 : 0.0;
                if (f < mn)
                    v = d_bits(mn);
                else if (f > 1.0)
                    v = d_bits(1.0);
                r[c][l] = v;
            }
            if (d->hi) {
                lo[c][l].u = (uint32_t)v;
                hi[c][l].u = (uint32_t)(v >> 32);
            } else {
                lo[c][l].u = kind == GP_KIND_F ? f_bits((float)bits_d(v)) : (uint32_t)v;
            }
            flags[c][l] = cc_flags64(v, kind) | (x->cc_extra ? x->cc_extra[c][l] : 0u);
        }
    }
    store_pair(x, in, lo, d->hi ? hi : NULL, flags);
}

/* ---- the prepared program ---------------------------------------------------- */

/* Built the first time a machine runs a program (and again only if its
 * cache entry was reused for another), from the immutable IR:
 *   - per instruction, its gp_xop: for the float ALU opcodes with a
 *     fast case (gp_opcodes.def "fast") without CC test or update,
 *     precision H/X, relative addressing or result.clip, the fast kind and its row offsets;
 *   - the parameter operands of those instructions as broadcast slots;
 *   - which temporaries need clearing per call, and whether the program
 *     touches condition codes, address registers or the lane stacks, so a
 *     call initialises only what the program can observe.
 * Everything else runs through the generic case of its opcode. */

static _Atomic uint64_t gp_exec_last_serial; /* the last serial handed out */

/* The program's serial number, handed out on its first run (relaxed: it
 * orders nothing, it only names the program). */
static uint64_t program_serial(const gp_program *p)
{
    gp_program *w = (gp_program *)p; /* exec_serial is the one mutable field */
    uint64_t s = atomic_load_explicit(&w->exec_serial, memory_order_relaxed);
    if (GP_LIKELY(s != 0))
        return s;
    uint64_t mine = atomic_fetch_add_explicit(&gp_exec_last_serial, 1, memory_order_relaxed) + 1;
    uint64_t seen = 0;
    if (atomic_compare_exchange_strong_explicit(&w->exec_serial, &seen, mine, memory_order_relaxed,
                                                memory_order_relaxed))
        return mine;
    return seen; /* another thread named it first */
}

static void prep_clear(gp_xprep *e)
{
    GP_FREE(e->ops);
    GP_FREE(e->slots);
    GP_FREE(e->zero);
    if (e->pbc)
        GP_ALIGNED_FREE(e->pbc);
    memset(e, 0, sizeof(*e));
}

static inline bool prep_matches(const gp_xprep *e, const gp_program *p)
{
    return e->insns == p->insns && e->num_insns == p->num_insns &&
           e->num_temps == p->num_temps && e->num_params == p->info.num_params &&
           e->stage == (int)p->info.stage;
}

/* Fast kind + 1 of each opcode, 0 for none. */
static const uint8_t gp_xk_of_op[GP_OP_COUNT] = {
#define GP_XK_ENTRY(name, shape) [GP_OP_##name] = 1 + GP_XK_##name,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
};

static const uint8_t gp_xk_shape[GP_XK_COUNT] = {
#define GP_XK_ENTRY(name, shape) [GP_XK_##name] = GP_XS_##shape,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
};

/* Registers in the input and output files of a stage (gp_exec and the
 * prepared program agree through these). */
static inline int stage_inputs(int stage)
{
    return stage == GP_STAGE_VERTEX ? GP_VIN_COUNT : GP_VARY_COUNT;
}

static inline int stage_outputs(int stage)
{
    return stage == GP_STAGE_FRAGMENT ? GP_FOUT_COUNT : GP_VARY_COUNT;
}

/* The broadcast slot of a parameter operand, added if new; -1 when out of
 * memory. */
static int prep_slot(gp_xprep *e, int *cap, const gp_src *s)
{
    for (int k = 0; k < e->nslots; k++) {
        const gp_xslot *t = &e->slots[k];
        if (t->row == s->index && memcmp(t->swz, s->swz, 4) == 0 &&
            t->negate == (s->negate & 0xfu) && t->abs == (s->abs != 0))
            return k;
    }
    if (e->nslots == *cap) {
        int ncap = *cap ? *cap * 2 : 8;
        gp_xslot *n = GP_MALLOC((size_t)ncap * sizeof(*n));
        if (!n)
            return -1;
        if (e->nslots)
            memcpy(n, e->slots, (size_t)e->nslots * sizeof(*n));
        GP_FREE(e->slots);
        e->slots = n;
        *cap = ncap;
    }
    gp_xslot *t = &e->slots[e->nslots];
    memset(t, 0, sizeof(*t));
    t->row = s->index;
    memcpy(t->swz, s->swz, 4);
    t->negate = s->negate & 0xfu;
    t->abs = s->abs != 0;
    return e->nslots++;
}

/* Whether a component-wise instruction reads, for a component c2 computed
 * after component c1, the destination row c1 through an operand (MOV R0,
 * R0.yxwz: computing R0.x in place would change what R0.y reads); it is
 * then computed into scratch.  Same-component reads are safe (kernels read
 * each lane before writing it). */
static bool prep_hazard(const gp_insn *in, int nsrc, bool scalar_b)
{
    const gp_dst *d = &in->dst;
    uint32_t wm = d->mask & 0xfu;
    for (int i = 0; i < nsrc; i++) {
        const gp_src *s = &in->src[i];
        if (s->file != d->file || s->index != d->index)
            continue;
        for (int c2 = 0; c2 < 4; c2++) {
            if (!(wm >> c2 & 1))
                continue;
            int sel = scalar_b && i == 1 ? s->swz[0] : s->swz[c2];
            if (sel <= GP_SWZ_W && sel < c2 && (wm >> sel & 1))
                return true;
        }
    }
    return false;
}

/* The gp_xop of one instruction; false when out of memory. */
static bool prep_insn(gp_xprep *e, int *slot_cap, const gp_program *p, const gp_insn *in,
                      gp_xop *o)
{
    memset(o, 0, sizeof(*o));
    o->kind = in->op;
    int xk = in->op < GP_OP_COUNT ? gp_xk_of_op[in->op] - 1 : -1;
    const gp_dst *d = &in->dst;
    uint32_t wm = d->mask & 0xfu;
    if (xk < 0 || in->type != GP_TYPE_F32 || in->cc_update || d->cc.cond != GP_COND_TR ||
        d->rel || d->clipdist || (in->precision && in->precision != 'R') ||
        in->sat > GP_SAT_11 || !wm || d->hi)
        return true;
    for (int i = 0; i < 3; i++)
        if (in->src[i].hi) /* LONG variables: the generic fetch / store (gp_ir.h) */
            return true;
    if (d->file == GP_FILE_TEMP && d->index >= 0 && d->index < p->num_temps)
        o->dbase = GP_XB_TEMP;
    else if (d->file == GP_FILE_OUTPUT && d->index >= 0 &&
             d->index < stage_outputs(p->info.stage))
        o->dbase = GP_XB_OUT;
    else
        return true;
    int shape = gp_xk_shape[xk];
    int nsrc = shape == GP_XS_V3 || shape == GP_XS_D2A ? 3
               : shape == GP_XS_V1 || shape == GP_XS_S1 ? 1 : 2;
    bool scalar_res = shape >= GP_XS_S1;
    bool scalar_b = shape == GP_XS_VS || shape == GP_XS_S2;
    for (int i = 0; i < nsrc; i++) {
        const gp_src *s = &in->src[i];
        if (s->rel)
            return true;
        bool scalar = (i == 1 && scalar_b) || shape == GP_XS_S1 || shape == GP_XS_S2 ||
                      (i == 2 && shape == GP_XS_D2A);
        if (s->file == GP_FILE_PARAM) {
            if (s->index < 0 || s->index >= p->info.num_params)
                return true;
            int k = prep_slot(e, slot_cap, s);
            if (k < 0)
                return false;
            o->sbase[i] = GP_XB_PBC;
            for (int c = 0; c < 4; c++)
                o->soff[i][c] = (uint32_t)((size_t)k * sizeof(gp_vec) +
                                           (size_t)(scalar ? 0 : c) * sizeof(gp_val) * GP_LANES);
            continue;
        }
        int limit = s->file == GP_FILE_TEMP ? p->num_temps
                    : s->file == GP_FILE_INPUT ? stage_inputs(p->info.stage) : 0;
        if (!limit || s->index < 0 || s->index >= limit)
            return true;
        int32_t row = s->index;
        if (s->file == GP_FILE_INPUT && p->info.stage == GP_STAGE_GEOMETRY) {
            /* a constant vertex: row vtx * GP_VARY_COUNT + slot (fetch_geo_input
             * takes the indexed ones) */
            if (s->vtx_rel || s->vtx >= p->info.gs_vertices_in)
                return true;
            row = s->vtx * GP_VARY_COUNT + s->index;
        }
        o->sbase[i] = s->file == GP_FILE_TEMP ? GP_XB_TEMP : GP_XB_IN;
        bool plain = !s->abs && !s->negate;
        for (int c = 0; c < 4; c++) {
            int sel = s->swz[scalar ? 0 : c];
            plain = plain && sel <= GP_SWZ_W;
            o->soff[i][c] = (uint32_t)((size_t)row * sizeof(gp_vec) +
                                       (size_t)(sel & 3) * sizeof(gp_val) * GP_LANES);
        }
        if (!plain)
            o->mods |= (uint8_t)(1u << i);
    }
    o->kind = (uint16_t)(GP_OP_COUNT + xk);
    o->wmask = (uint8_t)wm;
    o->sat = in->sat;
    o->doff = (uint32_t)((size_t)d->index * sizeof(gp_vec));
    o->c0 = (uint8_t)lane_first(wm);
    o->dsel = scalar_res || !prep_hazard(in, nsrc, scalar_b) ? o->dbase : (uint8_t)GP_XB_IN;
    return true;
}

/* Temporaries whose value before the program's first write can be read:
 * in straight-line code (no flow instruction, no relative addressing of
 * temporaries, starting at 0) a register every row of which is written
 * unconditionally before it is read needs no clearing, provided every lane
 * runs (the rows are then written in all lanes but killed quads', which no
 * later instruction observes).  Returns false when out of memory. */
static bool prep_zero_list(gp_xprep *e, const gp_program *p)
{
    int nt = p->num_temps;
    e->nzero = -1;
    if (nt <= 0 || p->entry != 0)
        return true;
    for (int i = 0; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        if (in->op >= GP_OP_COUNT || (gp_opinfo_table[in->op].flags & GP_OPF_BRANCH) ||
            in->op == GP_OP_PUSHA || in->op == GP_OP_POPA)
            return true;
        for (int k = 0; k < 3; k++)
            if (in->src[k].rel && (in->src[k].file == GP_FILE_TEMP || in->src[k].rel_file == GP_FILE_TEMP))
                return true;
        if (in->dst.rel && (in->dst.file == GP_FILE_TEMP || in->dst.rel_file == GP_FILE_TEMP))
            return true;
        /* LONG variables: their high-word rows are read and written through
         * hi, which the analysis below does not follow */
        if (in->dst.hi || in->src[0].hi || in->src[1].hi || in->src[2].hi)
            return true;
        /* texture and image arrays, texture and image handles, geometry
         * vertex indices and arrays of binding points read temporaries
         * outside src[].file/index, which the analysis below does not follow */
        if ((in->tex_flags & (GP_TEXF_INDEXED | GP_TEXF_HANDLE)) || in->src[0].vtx_rel ||
            in->src[1].vtx_rel || in->src[2].vtx_rel)
            return true;
    }
    uint8_t *rows = GP_MALLOC((size_t)nt);     /* bit c: row c written */
    bool *need = GP_MALLOC((size_t)nt * sizeof(bool));
    e->zero = GP_MALLOC((size_t)nt * sizeof(int32_t));
    if (!rows || !need || !e->zero) {
        GP_FREE(rows);
        GP_FREE(need);
        return false;
    }
    memset(rows, 0, (size_t)nt);
    memset(need, 0, (size_t)nt * sizeof(bool));
    for (int i = 0; i < p->num_insns && p->insns[i].op != GP_OP_END; i++) {
        const gp_insn *in = &p->insns[i];
        for (int k = 0; k < 3; k++) {
            const gp_src *s = &in->src[k];
            if (s->file != GP_FILE_TEMP || s->index < 0 || s->index >= nt)
                continue;
            for (int c = 0; c < 4; c++)
                if (s->swz[c] <= GP_SWZ_W && !(rows[s->index] >> s->swz[c] & 1))
                    need[s->index] = true;
        }
        const gp_dst *d = &in->dst;
        /* atomics write dst.x only (gp_ir.h EDGE.ATOM_YZW) */
        bool atom = in->op == GP_OP_ATOM || in->op == GP_OP_ATOMB || in->op == GP_OP_ATOMS ||
                    in->op == GP_OP_ATOMIM;
        if (d->file == GP_FILE_TEMP && d->index >= 0 && d->index < nt &&
            d->cc.cond == GP_COND_TR && !d->clipdist)
            rows[d->index] |= d->mask & (atom ? 0x1u : 0xfu);
    }
    int n = 0;
    for (int t = 0; t < nt; t++)
        if (need[t])
            e->zero[n++] = t;
    e->nzero = n;
    GP_FREE(rows);
    GP_FREE(need);
    return true;
}

static bool prep_build(gp_xprep *e, const gp_program *p, uint64_t serial)
{
    memset(e, 0, sizeof(*e));
    int n = p->num_insns;
    e->ops = GP_MALLOC((size_t)(n > 0 ? n : 1) * sizeof(gp_xop));
    if (!e->ops)
        return false;
    int slot_cap = 0;
    for (int i = 0; i < n; i++) {
        const gp_insn *in = &p->insns[i];
        if (!prep_insn(e, &slot_cap, p, in, &e->ops[i]))
            return false;
        uint32_t fl = in->op < GP_OP_COUNT ? gp_opinfo_table[in->op].flags : 0;
        if (in->cc_update || in->dst.cc.cond != GP_COND_TR || in->cond.cond != GP_COND_TR)
            e->uses_cc = true;
        if ((fl & GP_OPF_BRANCH) || in->op == GP_OP_PUSHA || in->op == GP_OP_POPA)
            e->uses_stack = true;
        if (in->op == GP_OP_ARL || in->op == GP_OP_ARR || in->op == GP_OP_ARA ||
            in->op == GP_OP_PUSHA || in->op == GP_OP_POPA || in->op == GP_OP_LOOP ||
            in->op == GP_OP_ENDLOOP || in->dst.file == GP_FILE_ADDRESS || in->dst.rel)
            e->uses_addr = true;
        for (int k = 0; k < 3; k++)
            if (in->src[k].rel || in->src[k].file == GP_FILE_ADDRESS)
                e->uses_addr = true;
    }
    if (e->nslots) {
        e->pbc = GP_ALIGNED_ALLOC(64, (size_t)e->nslots * sizeof(gp_vec));
        if (!e->pbc)
            return false;
    }
    if (!prep_zero_list(e, p))
        return false;
    e->insns = p->insns;
    e->num_insns = n;
    e->num_temps = p->num_temps;
    e->num_params = p->info.num_params;
    e->stage = (int)p->info.stage;
    e->serial = serial;
    return true;
}

/* prep_get when the previous call's entry is not p's. */
static GP_NOINLINE gp_xprep *prep_find(gp_machine *m, const gp_program *p, uint64_t serial)
{
    int victim = 0;
    gp_xprep *e = NULL;
    for (int k = 0; k < GP_EXEC_PREPS; k++) {
        if (m->prep[k].serial == serial) {
            victim = k;
            e = &m->prep[k];
            break;
        }
        if (m->prep[k].used < m->prep[victim].used)
            victim = k;
    }
    if (!e || !prep_matches(e, p)) {
        e = &m->prep[victim];
        prep_clear(e);
        if (!prep_build(e, p, serial)) {
            prep_clear(e);
            return NULL;
        }
    }
    m->prep_last = victim;
    return e;
}

/* The machine's prepared form of p (built now if it has none), or NULL
 * (fast paths off, out of memory: the generic path runs everything). */
static inline gp_xprep *prep_get(gp_machine *m, const gp_program *p)
{
    if (m->generic_only)
        return NULL;
    uint64_t serial = program_serial(p);
    gp_xprep *e = &m->prep[m->prep_last];
    if (GP_UNLIKELY(e->serial != serial || !prep_matches(e, p))) {
        e = prep_find(m, p, serial);
        if (!e)
            return NULL;
    }
    e->used = ++m->prep_clock;
    return e;
}

/* Broadcasts the parameter operands whose table rows changed since the
 * last call: the values fetch_view gives (|abs| then negation, 0/1
 * selectors as const_row). */
static void prep_params(gp_xprep *e, const gp_val (*params)[4])
{
    for (int k = 0; k < e->nslots; k++) {
        gp_xslot *s = &e->slots[k];
        const gp_val *row = params[s->row];
        if (s->valid && memcmp(s->raw, row, sizeof(s->raw)) == 0)
            continue;
        memcpy(s->raw, row, sizeof(s->raw));
        s->valid = 1;
        uint32_t andm = s->abs ? 0x7fffffffu : 0xffffffffu;
        for (int c = 0; c < 4; c++) {
            bool neg = (s->negate >> c) & 1;
            gp_val v;
            if (s->swz[c] > GP_SWZ_W)
                v = const_row(s->swz[c], neg, GP_TYPE_F32)[0];
            else
                v.u = (row[s->swz[c]].u & andm) ^ (neg ? 0x80000000u : 0u);
            fill_row(e->pbc[k].c[c], v);
        }
    }
}

/* ---- per-opcode helpers ------------------------------------------------------ */

/* DDX/DDY (NV_fragment_program_option 3.11.5.30/31) as fine derivatives
 * within each 2x2 quad, the FSWZADD recipe of reference/fswzadd-quad-
 * derivatives.txt: d/dx = right - left of the pixel's row, d/dy = upper -
 * lower of its column (lane 4q+2 is y+1).  A quad whose lanes are not all in
 * the running group is divergent: the result is 0.0, as FSWZADD without .NDV. */
static void quad_derivative(const gp_xs *x, const gp_view *a, gp_vec *r, uint32_t wmask, bool dy)
{
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        const gp_val *v = a->c[c];
        gp_val *o = r->c[c];
        for (int q = 0; q < GP_LANES; q += 4) {
            uint32_t qm = (x->exec >> q) & 0xfu;
            if (qm != 0xfu) {
                o[q + 0].f = o[q + 1].f = o[q + 2].f = o[q + 3].f = 0.0f;
                continue;
            }
            if (dy) {
                o[q + 0].f = o[q + 2].f = v[q + 2].f - v[q + 0].f;
                o[q + 1].f = o[q + 3].f = v[q + 3].f - v[q + 1].f;
            } else {
                o[q + 0].f = o[q + 1].f = v[q + 1].f - v[q + 0].f;
                o[q + 2].f = o[q + 3].f = v[q + 3].f - v[q + 2].f;
            }
        }
    }
}

/* KIL: removes lanes from the live mask (ARB_fragment_program 3.11.6.4).
 * Killed lanes keep running as helpers for their quad's derivatives; a quad
 * with no live lane left stops (nothing it computes is observable). */
static void xs_kill(gp_xs *x, uint32_t lanes)
{
    lanes &= x->exec;
    if (!lanes)
        return;
    x->env->killed_mask |= lanes & x->live;
    x->live &= ~lanes;
    uint32_t dead = 0;
    if (x->fragment) {
        for (int q = 0; q < GP_LANES; q += 4)
            if (!((x->live >> q) & 0xfu))
                dead |= 0xfu << q;
    } else {
        dead = lanes;
    }
    dead &= x->alive;
    if (dead)
        xs_terminate(x, dead);
}

/* Calls env->tex, or writes what an incomplete texture returns. */
static void tex_call(gp_xs *x, const gp_tex_request *req, gp_vec *out)
{
    if (x->env->tex) {
        x->env->tex(x->env->tex_user, req, out);
    } else {
        /* No sampler bound: what an incomplete texture returns. */
        for (int l = 0; l < GP_LANES; l++) {
            out->c[0][l].f = out->c[1][l].f = out->c[2][l].f = 0.0f;
            out->c[3][l].f = 1.0f;
        }
    }
}

/* NV_gpu_program5 TEXTURE arrays indexed at run time (gp_ir.h
 * GP_TEXF_INDEXED): unit = tex_unit + T[tex_rel_reg].tex_rel_comp per
 * lane; the lanes are grouped by unit and env->tex is called once per
 * distinct unit.  A unit outside the array reads (0, 0, 0, 0) (all bits 0,
 * so integer 0 too): R5, like out-of-range array reads. */
static void tex_call_indexed(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    const gp_vec *ir = reg_file(x, GP_FILE_TEMP, in->tex_rel_reg);
    int32_t unit[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int64_t u = (int64_t)in->tex_unit + (ir ? ir->c[in->tex_rel_comp & 3][l].i : 0);
        unit[l] = u >= in->tex_base && u < (int64_t)in->tex_base + in->tex_count ? (int32_t)u : -1;
    }
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    while (todo) {
        int32_t u = unit[lane_first(todo)];
        uint32_t group = 0;
        for (int l = 0; l < GP_LANES; l++)
            if ((todo >> l & 1) && unit[l] == u)
                group |= 1u << l;
        todo &= ~group;
        if (u < 0)
            continue;
        req->unit = (uint8_t)u;
        req->lane_mask = group;
        tex_call(x, req, &tmp);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                if (group >> l & 1)
                    out->c[c][l] = tmp.c[c][l];
    }
}

/* NV_bindless_texture "Interactions with NV_gpu_program5" (gp_ir.h
 * GP_TEXF_HANDLE): the texture of each lane is its 64-bit handle; the lanes
 * are grouped by handle and env->tex is called once per distinct handle
 * with req->bindless set.  Handle 0 (never valid) reads (0, 0, 0, 0), all
 * bits 0, without a call; so does a non-resident or invalid handle in the
 * sampler (the spec leaves it undefined). */
static void tex_call_handles(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    uint64_t h[4][GP_LANES];
    fetch64(x, &in->tex_handle, GP_KIND_U, h);
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    req->bindless = true;
    while (todo) {
        uint64_t v = h[0][lane_first(todo)];
        uint32_t group = 0;
        for (int l = 0; l < GP_LANES; l++)
            if ((todo >> l & 1) && h[0][l] == v)
                group |= 1u << l;
        todo &= ~group;
        if (v == 0)
            continue;
        req->handle = v;
        req->lane_mask = group;
        if (x->env->tex)
            x->env->tex(x->env->tex_user, req, &tmp);
        else
            memset(&tmp, 0, sizeof(tmp));
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                if (group >> l & 1)
                    out->c[c][l] = tmp.c[c][l];
    }
}

static void do_tex(gp_xs *x, const gp_insn *in, int op)
{
    gp_machine *m = x->m;
    gp_tex_request req;
    memset(&req, 0, sizeof(req));
    req.op = (uint8_t)op;
    req.target = in->tex_target;
    req.unit = in->tex_unit;
    /* Implicit LOD from the quad in fragment programs; elsewhere the base
     * LOD is 0 (NV_vertex_program3 2.14.5.45).  LOD computes it too. */
    req.quad_derivatives = x->fragment && (gp_opinfo_table[in->op].flags & GP_OPF_IMPLICIT_LOD);
    /* TXF and TXQ coordinates are signed integers (NV_gpu_program4 Table
     * X.13); TXQ's result is signed, TXF's of the instruction's type: the
     * sampler's integers (integer textures) pass through as bits. */
    bool icoord = op == GP_TEXOP_TXF || op == GP_TEXOP_TXQ || op == GP_TEXOP_TXFMS;
    req.coord = fetch(x, &in->src[0], &m->opnd[0], icoord ? GP_TYPE_S32 : GP_TYPE_F32);
    if (op == GP_TEXOP_TXD) {
        req.ddx = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        req.ddy = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_F32);
    }
    memcpy(req.offset, in->tex_offset, sizeof(req.offset));
    /* NV_gpu_program5: gather component, TXGO offsets (signed), the extra
     * operand (float), offset(<operand>) (signed; 2.X.4.4: w ignored, z
     * only for 3D, y not for the 1D targets) */
    req.component = in->tex_comp;
    gp_vec offs;
    if (op == GP_TEXOP_TXGO) {
        req.gather_x = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_S32);
        req.gather_y = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_S32);
    } else {
        if (in->tex_flags & GP_TEXF_EXTRA)
            req.extra = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        if (in->tex_flags & GP_TEXF_OFFSET_REG) {
            const gp_vec *o = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_S32);
            int t = in->tex_target;
            bool one = t == GP_TEX_1D || t == GP_TEX_SHADOW1D || t == GP_TEX_ARRAY1D || t == GP_TEX_SHADOWARRAY1D;
            memset(&offs, 0, sizeof(offs));
            memcpy(offs.c[0], o->c[0], sizeof(offs.c[0]));
            if (!one)
                memcpy(offs.c[1], o->c[1], sizeof(offs.c[1]));
            if (t == GP_TEX_3D)
                memcpy(offs.c[2], o->c[2], sizeof(offs.c[2]));
            req.offset_reg = &offs;
        }
    }
    req.lane_mask = x->exec;
    if (in->tex_flags & GP_TEXF_HANDLE)
        tex_call_handles(x, in, &req, &m->tex);
    else if (in->tex_flags & GP_TEXF_INDEXED)
        tex_call_indexed(x, in, &req, &m->tex);
    else
        tex_call(x, &req, &m->tex);
    int rtype = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
    if (op == GP_TEXOP_TXQ)
        rtype = GP_TYPE_S32;
    store(x, in, &m->tex, rtype, false);
}

/* Pushes one control-stack entry for the lanes in lanes at depth x->sp
 * (the group's depth is uniform).  Lanes whose stack is full, or, for CAL
 * and PUSHA, whose call depth reached the limit, terminate ("a CAL
 * instruction will cause the call stack to overflow and the fragment
 * program to terminate", NV_fragment_program2 3.11.X.2; PUSHA,
 * NV_vertex_program3 2.14.5.44).  Returns the lanes that pushed. */
static uint32_t stk_push(gp_xs *x, uint32_t lanes, int kind, const int32_t v[4][GP_LANES])
{
    gp_machine *m = x->m;
    bool call = kind == GP_STK_CALL || kind == GP_STK_ADDR;
    uint32_t over = 0;
    if (x->sp >= GP_EXEC_STACK) {
        over = lanes;
    } else if (call) {
        for (int l = 0; l < GP_LANES; l++)
            if ((lanes & lane_bit[l]) && m->lane_calls[l] >= x->call_depth)
                over |= lane_bit[l];
    }
    if (over) {
        xs_terminate(x, over);
        lanes &= ~over;
    }
    if (x->sp < GP_EXEC_STACK) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(lanes & lane_bit[l]))
                continue;
            m->stk_kind[x->sp][l] = (uint8_t)kind;
            for (int k = 0; k < 4; k++)
                m->stk_val[x->sp][k][l] = v[k][l];
            m->stk_ifs[x->sp][l] = m->lane_ifs[l];
            if (call)
                m->lane_calls[l]++;
            else
                m->lane_loops[l]++;
        }
    }
    return lanes;
}

/* Pops the REP/LOOP entry at depth for lane l: a LOOP block restores the
 * enclosing loop's A0.x (NV_fragment_program2 3.11.3.Y: each LOOP block has
 * its own A0.x), and IF blocks left open inside (BRK, RET) are closed. */
static void loop_exit_lane(gp_machine *m, int depth, int l)
{
    if (m->stk_kind[depth][l] == GP_STK_LOOP)
        m->addr[0].c[0][l].i = m->stk_val[depth][3][l];
    m->lane_loops[l]--;
    m->lane_ifs[l] = m->stk_ifs[depth][l];
}

/* RET for the lanes in taken (NV_vertex_program2_option 2.14.5.34 with
 * NV_vertex_program3's change): loop entries above the return address are
 * dropped (RET inside a REP, NV_gpu_program4); an empty stack ends the lane
 * normally, a PUSHA entry on top ends it abnormally. */
static void do_ret(gp_xs *x, uint32_t taken)
{
    gp_machine *m = x->m;
    if (!taken) {
        x->pc++;
        return;
    }
    uint32_t ended = 0;
    xs_flush(x);
    for (int l = 0; l < GP_LANES; l++) {
        if (!(x->exec & lane_bit[l]))
            continue;
        if (!(taken & lane_bit[l])) {
            m->lane_pc[l] = x->pc + 1;
            m->lane_sp[l] = x->sp;
            continue;
        }
        int s = x->sp;
        while (s > 0 && (m->stk_kind[s - 1][l] == GP_STK_REP || m->stk_kind[s - 1][l] == GP_STK_LOOP)) {
            loop_exit_lane(m, s - 1, l);
            s--;
        }
        if (s == 0 || m->stk_kind[s - 1][l] != GP_STK_CALL) {
            ended |= lane_bit[l];
            continue;
        }
        m->lane_pc[l] = m->stk_val[s - 1][0][l];
        m->lane_sp[l] = s - 1;
        m->lane_calls[l]--;
        m->lane_ifs[l] = m->stk_ifs[s - 1][l];
    }
    x->alive &= ~ended;
    x->exec = 0;
    xs_schedule(x);
}

static inline void k_xpd(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict b2)
{
    /* 2.14.5.27 */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float bx = b0[l].f, by = b1[l].f, bz = b2[l].f;
        r0[l].f = ay * bz - az * by;
        r1[l].f = az * bx - ax * bz;
        r2[l].f = ax * by - ay * bx;
    }
}

static inline void k_lit(gp_val *restrict r1, gp_val *restrict r2, const gp_val *restrict a0,
                         const gp_val *restrict a1, const gp_val *restrict a3)
{
    /* 2.14.5.13: x, y clamped to >= 0, w to (-128, +128) exclusive;
     * z = x > 0 ? y^w : 0 with 0^0 = 1 (powf gives exactly that). */
    const float wmax = 127.99999237060546875f; /* largest float below 128 */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, aw = a3[l].f;
        ax = ax < 0.0f ? 0.0f : ax;
        ay = ay < 0.0f ? 0.0f : ay;
        aw = aw < -wmax ? -wmax : aw;
        aw = aw > wmax ? wmax : aw;
        r1[l].f = ax;
        r2[l].f = ax > 0.0f ? powf(ay, aw) : 0.0f;
    }
}

static inline void k_nrm(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2)
{
    /* NV_fragment_program2 3.11.5.51: xyz * RSQ(dot3).  A zero vector
     * gives 0 * INF = NaN, as the formula says. */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float sc = 1.0f / sqrtf(ax * ax + ay * ay + az * az);
        r0[l].f = ax * sc;
        r1[l].f = ay * sc;
        r2[l].f = az * sc;
    }
}

static inline void k_rfl(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict b2)
{
    /* NV_fragment_program_option 3.11.5.36, step by step. */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float dx = b0[l].f, dy = b1[l].f, dz = b2[l].f;
        float tw = ax * ax + ay * ay + az * az;
        float tx = ax * dx + ay * dy + az * dz;
        tx = 2.0f * tx;
        tx = tx / tw;
        r0[l].f = tx * ax - dx;
        r1[l].f = tx * ay - dy;
        r2[l].f = tx * az - dz;
    }
}

static inline void k_x2d(gp_val *restrict r0, gp_val *restrict r1, const gp_val *restrict a0,
                         const gp_val *restrict a1, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict k0,
                         const gp_val *restrict k1, const gp_val *restrict k2,
                         const gp_val *restrict k3)
{
    /* NV_fragment_program_option 3.11.5.47: (x, y, x, y) */
    for (int l = 0; l < GP_LANES; l++) {
        float bx = b0[l].f, by = b1[l].f;
        r0[l].f = a0[l].f + bx * k0[l].f + by * k1[l].f;
        r1[l].f = a1[l].f + bx * k2[l].f + by * k3[l].f;
    }
}

static inline void k_exp(gp_vec *restrict r, const gp_val *restrict a)
{
    /* 2.14.5.9: (2^floor(t), t - floor(t), 2^t, 1); x exactly (ldexpf, INF
     * or 0 beyond the float range, NaN propagated), z from exp2f. */
    for (int l = 0; l < GP_LANES; l++) {
        float t = a[l].f, fl = gp_floorf(t);
        float p2 = !(fl == fl) ? fl
                   : fabsf(fl) < 512.0f ? ldexpf(1.0f, (int)fl)
                   : fl > 0.0f ? INFINITY : 0.0f;
        r->c[0][l].f = p2;
        r->c[1][l].f = t - fl;
        r->c[2][l].f = exp2f(t);
        r->c[3][l].f = 1.0f;
    }
}

static inline void k_log(gp_vec *restrict r, const gp_val *restrict a)
{
    /* 2.14.5.14 on t = |a|: (floor(log2 t), t / 2^floor(log2 t), log2 t, 1),
     * the exponent taken exactly from the encoding.  Not specified for 0,
     * INF, NaN: 0 gives (-INF, 1, -INF, 1) (DXIL Log), INF gives (+INF, 1,
     * +INF, 1), NaN propagates to x, y and z. */
    for (int l = 0; l < GP_LANES; l++) {
        float t = fabsf(a[l].f), ex, mant;
        if (t == 0.0f) {
            ex = -INFINITY;
            mant = 1.0f;
        } else if (t == INFINITY) {
            ex = INFINITY;
            mant = 1.0f;
        } else if (!(t == t)) {
            ex = mant = t;
        } else {
            int e;
            float fr = frexpf(t, &e);
            ex = (float)(e - 1);
            mant = fr * 2.0f;
        }
        r->c[0][l].f = ex;
        r->c[1][l].f = mant;
        r->c[2][l].f = log2f(t);
        r->c[3][l].f = 1.0f;
    }
}

static inline void k_scs(gp_vec *restrict r, const gp_val *restrict a)
{
    /* ARB_fragment_program 3.11.5.23: (cos a, sin a, undefined, undefined);
     * z and w are written as 0. */
    for (int l = 0; l < GP_LANES; l++) {
        r->c[0][l].f = cosf(a[l].f);
        r->c[1][l].f = sinf(a[l].f);
        r->c[2][l].f = 0.0f;
        r->c[3][l].f = 0.0f;
    }
}

/* Pack / unpack, NV_fragment_program_option 3.11.5.32 - 3.11.5.46.  The
 * clamps are compares written so that NaN clamps to the low end; "round" is
 * round-half-up on the non-negative scaled values. */
static inline uint32_t pk_unorm(float v, float scale)
{
    v = v > 0.0f ? v : 0.0f;
    v = v < 1.0f ? v : 1.0f;
    return (uint32_t)floorf(scale * v + 0.5f);
}

static inline void k_pk(gp_val *restrict r, const gp_view *a, int op)
{
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t w = 0;
        switch (op) {
        case GP_OP_PK2H:
            w = (uint32_t)gp_f32_to_f16(a->c[0][l].f) |
                ((uint32_t)gp_f32_to_f16(a->c[1][l].f) << 16);
            break;
        case GP_OP_PK2US:
            w = pk_unorm(a->c[0][l].f, 65535.0f) | (pk_unorm(a->c[1][l].f, 65535.0f) << 16);
            break;
        case GP_OP_PK4UB:
            for (int c = 0; c < 4; c++)
                w |= pk_unorm(a->c[c][l].f, 255.0f) << (8 * c);
            break;
        default: /* PK4B: clamp [-128/127, 127/127], round(127 x + 128) */
            for (int c = 0; c < 4; c++) {
                float v = a->c[c][l].f;
                v = v > -128.0f / 127.0f ? v : -128.0f / 127.0f;
                v = v < 1.0f ? v : 1.0f;
                w |= ((uint32_t)floorf(127.0f * v + 128.0f + 0.5f) & 0xffu) << (8 * c);
            }
            break;
        }
        r[l].u = w;
    }
}

static inline void k_up(gp_vec *restrict r, const gp_val *restrict a, int op)
{
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t w = a[l].u;
        switch (op) {
        case GP_OP_UP2H:
            r->c[0][l].f = r->c[2][l].f = gp_f16_to_f32((uint16_t)(w & 0xffffu));
            r->c[1][l].f = r->c[3][l].f = gp_f16_to_f32((uint16_t)(w >> 16));
            break;
        case GP_OP_UP2US:
            r->c[0][l].f = r->c[2][l].f = (float)(w & 0xffffu) / 65535.0f;
            r->c[1][l].f = r->c[3][l].f = (float)(w >> 16) / 65535.0f;
            break;
        case GP_OP_UP4B:
            for (int c = 0; c < 4; c++)
                r->c[c][l].f = ((float)((w >> (8 * c)) & 0xffu) - 128.0f) / 127.0f;
            break;
        default: /* UP4UB */
            for (int c = 0; c < 4; c++)
                r->c[c][l].f = (float)((w >> (8 * c)) & 0xffu) / 255.0f;
            break;
        }
    }
}

/* ---- fast cases ------------------------------------------------------------- */

/* A component row as the kernels take it. */
#define ROW(row) (&(row)[0].f)

/* Component rows of operand i of a fast instruction: register rows and
 * broadcast parameter rows by offset (a swizzle is a choice of rows, no
 * copy), or through fetch_view when a register operand has modifiers (need:
 * the components the kernel reads; the others are left unset). */
static GP_INLINE void xrows(gp_xs *x, const gp_xop *o, int i, uint32_t need, const float *r[4])
{
    if (GP_LIKELY(!((o->mods >> i) & 1))) {
        const char *b = x->base[o->sbase[i]];
        for (int c = 0; c < 4; c++)
            r[c] = (const float *)(const void *)(b + o->soff[i][c]);
        return;
    }
    gp_view v;
    fetch_view_slow(x, &x->p->insns[x->pc].src[i], &x->m->opnd[i], GP_TYPE_F32, need, &v);
    for (int c = 0; c < 4; c++)
        r[c] = (need >> c & 1) ? ROW(v.c[c]) : NULL;
}

/* Whether a fast instruction may compute straight into its destination:
 * it has no aliasing hazard (gp_xop.dsel) and no lane needs its old value
 * kept: every lane runs, or, for a temporary, the lanes that do not
 * run never have (not in env's lanes) and are whole quads, or any lanes in
 * a non-fragment program, so nothing reads them: DDX/DDY read quads that
 * all run, samplers the quads of the lanes they are asked for. */
static GP_INLINE bool xdirect(const gp_xs *x, const gp_xop *o)
{
    return x->exec == x->direct_exec[o->dsel];
}

/* Where a fast instruction computes its result rows: straight into the
 * destination register when nothing needs merging (xdirect), else into the
 * scratch m->res, which xfinish merges under the execution mask as store()
 * would. */
static GP_INLINE float *xtarget(const gp_xs *x, const gp_xop *o, bool dir)
{
    return dir ? (float *)(void *)(x->base[o->dbase] + o->doff) : ROW(x->m->res.c[0]);
}

/* _SAT/_SSAT on the result rows, then the write: merged from scratch, or,
 * computed in place, a scalar result copied to the other components. */
static GP_INLINE void xfinish(gp_xs *x, const gp_xop *o, float *t, bool dir, bool scalar)
{
    uint32_t wm = o->wmask;
    if (GP_UNLIKELY(o->sat)) {
        float lo = o->sat == GP_SAT_11 ? -1.0f : 0.0f;
        if (scalar) {
            k_clamp(t, lo, 1.0f);
        } else {
            for (int c = 0; c < 4; c++)
                if (wm >> c & 1)
                    k_clamp(t + GP_LANES * c, lo, 1.0f);
        }
    }
    if (!dir) {
        gp_vec *d = (gp_vec *)(void *)(x->base[o->dbase] + o->doff);
        const gp_vec *r = &x->m->res;
        for (int c = 0; c < 4; c++)
            if (wm >> c & 1)
                write_row(d->c[c], r->c[scalar ? 0 : c], x->exec);
    } else if (scalar && (wm & ~(1u << o->c0))) {
        gp_vec *d = (gp_vec *)(void *)(x->base[o->dbase] + o->doff);
        for (int c = o->c0 + 1; c < 4; c++)
            if (wm >> c & 1)
                memcpy(d->c[c], t, sizeof(d->c[c]));
    }
}

typedef void (*gp_kern1)(float *, const float *);
typedef void (*gp_kern2)(float *, const float *, const float *);
typedef void (*gp_kern3)(float *, const float *, const float *, const float *);

/* Operand i's row for component c, by offset from base b (no modifiers). */
#define XSRC(b, i, c) ((const float *)(const void *)((b) + o->soff[i][c]))

/* Component-wise instructions on 1-3 vector operands (shapes V1 V2 V3, and
 * VS: operand 1 a scalar).  With plain operands the components are inlined
 * kernel passes (the full write mask without tests); bases are read once
 * (the kernels' stores may alias anything). */
static GP_INLINE void xvec(gp_xs *x, const gp_xop *o, int nsrc, bool scalar_b, gp_kern1 k1,
                           gp_kern2 k2, gp_kern3 k3)
{
    const bool dir = xdirect(x, o);
    float *t = xtarget(x, o, dir);
    const uint32_t wm = o->wmask;
    if (GP_LIKELY(!o->mods)) {
        const char *a = x->base[o->sbase[0]];
        const char *b = nsrc > 1 ? x->base[o->sbase[1]] : NULL;
        const char *c3 = nsrc > 2 ? x->base[o->sbase[2]] : NULL;
#define XVEC_COMP(c)                                                       \
    do {                                                                   \
        float *r = t + GP_LANES * (c);                                     \
        if (nsrc == 1)                                                     \
            k1(r, XSRC(a, 0, c));                                          \
        else if (nsrc == 2)                                                \
            k2(r, XSRC(a, 0, c), XSRC(b, 1, scalar_b ? 0 : (c)));          \
        else                                                               \
            k3(r, XSRC(a, 0, c), XSRC(b, 1, c), XSRC(c3, 2, c));           \
    } while (0)
        if (wm == 0xf) {
            GP_UNROLL for (int c = 0; c < 4; c++)
                XVEC_COMP(c);
        } else {
            GP_UNROLL for (int c = 0; c < 4; c++)
                if (wm >> c & 1)
                    XVEC_COMP(c);
        }
#undef XVEC_COMP
    } else {
        const float *a[4], *b[4], *c3[4];
        xrows(x, o, 0, wm, a);
        if (nsrc > 1)
            xrows(x, o, 1, scalar_b ? 1u : wm, b);
        if (nsrc > 2)
            xrows(x, o, 2, wm, c3);
        for (int c = 0; c < 4; c++) {
            if (!(wm >> c & 1))
                continue;
            float *r = t + GP_LANES * c;
            if (nsrc == 1)
                k1(r, a[c]);
            else if (nsrc == 2)
                k2(r, a[c], b[scalar_b ? 0 : c]);
            else
                k3(r, a[c], b[c], c3[c]);
        }
    }
    xfinish(x, o, t, dir, false);
}

/* The row a scalar result is computed into. */
static GP_INLINE float *xtarget_scalar(const gp_xs *x, const gp_xop *o, bool dir)
{
    return xtarget(x, o, dir) + (dir ? GP_LANES * o->c0 : 0);
}

/* Scalar operands, scalar result (S1, S2). */
static GP_INLINE void xsca(gp_xs *x, const gp_xop *o, int nsrc, gp_kern1 k1, gp_kern2 k2)
{
    const bool dir = xdirect(x, o);
    float *t = xtarget_scalar(x, o, dir);
    const float *a, *b = NULL;
    if (GP_LIKELY(!o->mods)) {
        a = XSRC(x->base[o->sbase[0]], 0, 0);
        if (nsrc > 1)
            b = XSRC(x->base[o->sbase[1]], 1, 0);
    } else {
        const float *ra[4], *rb[4];
        xrows(x, o, 0, 1u, ra);
        a = ra[0];
        if (nsrc > 1) {
            xrows(x, o, 1, 1u, rb);
            b = rb[0];
        }
    }
    if (nsrc == 1)
        k1(t, a);
    else
        k2(t, a, b);
    xfinish(x, o, t, dir, true);
}

/* One lane group of a dot product: n components of both operands (DPH:
 * a.w = 1), DP2A adding operand 2's first component; the sums of k_dp2,
 * k_dp2a, k_dp3 and k_dp4, in their order. */
static GP_INLINE gp_f4 v_dot(int n, bool dph, bool dp2a, const float *const a[4],
                             const float *const b[4], const float *k, int i)
{
    gp_f4 d = V_LD(a[0] + i) * V_LD(b[0] + i) + V_LD(a[1] + i) * V_LD(b[1] + i);
    if (dp2a)
        return d + V_LD(k + i);
    if (n >= 3)
        d = d + V_LD(a[2] + i) * V_LD(b[2] + i);
    if (dph)
        return d + V_ONE * V_LD(b[3] + i);
    if (n == 4)
        d = d + V_LD(a[3] + i) * V_LD(b[3] + i);
    return d;
}

/* Dot products.  A full write mask computed in place stores each lane
 * group's sum (clamped for _SAT/_SSAT) to the four rows at once. */
static GP_INLINE void xdot(gp_xs *x, const gp_xop *o, int n, bool dph, bool dp2a)
{
    const bool dir = xdirect(x, o);
    const float *a[4], *b[4], *k[4] = {NULL, NULL, NULL, NULL};
    uint32_t na = (1u << n) - 1u, nb = dph ? 0xfu : na;
    if (GP_LIKELY(!o->mods)) {
        const char *ab = x->base[o->sbase[0]], *bb = x->base[o->sbase[1]];
        for (int c = 0; c < 4; c++) {
            a[c] = XSRC(ab, 0, c);
            b[c] = XSRC(bb, 1, c);
        }
        if (dp2a)
            k[0] = XSRC(x->base[o->sbase[2]], 2, 0);
    } else {
        xrows(x, o, 0, na, a);
        xrows(x, o, 1, nb, b);
        if (dp2a)
            xrows(x, o, 2, 1u, k);
    }
    if (dir && o->wmask == 0xf) {
        float *d = xtarget(x, o, true);
        if (GP_LIKELY(!o->sat)) {
            GP_LANE_LOOP {
                gp_f4 v = v_dot(n, dph, dp2a, a, b, k[0], k_);
                V_ST(d + k_, v);
                V_ST(d + GP_LANES + k_, v);
                V_ST(d + 2 * GP_LANES + k_, v);
                V_ST(d + 3 * GP_LANES + k_, v);
            }
            return;
        }
        const gp_f4 lo = V_SPLAT(o->sat == GP_SAT_11 ? -1.0f : 0.0f), hi = V_ONE;
        GP_LANE_LOOP {
            gp_f4 v = v_dot(n, dph, dp2a, a, b, k[0], k_);
            v = V_SEL(V_MASK(v < lo), lo, v);
            v = V_SEL(V_MASK(v > hi), hi, v);
            V_ST(d + k_, v);
            V_ST(d + GP_LANES + k_, v);
            V_ST(d + 2 * GP_LANES + k_, v);
            V_ST(d + 3 * GP_LANES + k_, v);
        }
        return;
    }
    float *t = xtarget_scalar(x, o, dir);
    GP_LANE_LOOP V_ST(t + k_, v_dot(n, dph, dp2a, a, b, k[0], k_));
    xfinish(x, o, t, dir, true);
}

/* ---- NV_gpu_program4 typed ALU (2.X.8.Z) -------------------------------------
 *
 * The generic case of every instruction whose data type is .S or .U, and of
 * the opcodes only NV_gpu_program4 has (AND OR XOR NOT SHL SHR MOD CEIL
 * ROUND TRUNC I2F SAD, whatever their type).  Operands are fetched with the
 * kinds of gp_opinfo.io (so negate and |x| are the integer forms of
 * apply_mods); the result is stored through store() as its kind.  Where the
 * spec calls a result undefined, it is defined here as follows:
 *   SHL SHR        the count is taken modulo 32 (its low 5 bits), as D3D's
 *                  ishl/ushr/ishr (dxil-instruction-semantics.txt) and the
 *                  hardware do: shifting by 32 leaves the value, by -1 is
 *                  by 31.
 *   DIV MOD        by zero: all bits set (0xffffffff, -1 for .S), as DXIL
 *                  UDiv gives quotient and remainder; .S INT_MIN / -1 =
 *                  INT_MIN and INT_MIN % -1 = 0 (two's complement wrap); a
 *                  negative .S remainder has the sign of the dividend (C).
 *   FLR CEIL ROUND TRUNC .S/.U  the rounded value saturates to the range of
 *                  the type, NaN gives 0 (gp_f2i / f2u_sat).  ROUND is to
 *                  nearest even.
 *   MUL.S24/.U24   operands outside 24 bits: their low 24 bits are used
 *                  (sign-extended for S24).
 *   CC             SF ZF from the written value (cc_update); OF and CF from
 *                  ADD SUB MAD SAD per 2.X.4.3, with a negated operand
 *                  turning an add into a subtract and back (-A-B, undefined
 *                  there, is computed as the plain add); cleared otherwise.
 * Set-on instructions write ~0 (.S: -1, .U: UINT_MAX) for TRUE, 0 for FALSE. */

static inline uint32_t f2u_sat(float f)
{
    if (!(f > 0.0f))
        return 0; /* negative, -0 and NaN */
    if (f >= 4294967296.0f)
        return UINT32_MAX;
    return (uint32_t)f;
}

static inline int kind_type(int kind, int type)
{
    return kind == GP_KIND_F ? GP_TYPE_F32 : kind == GP_KIND_S ? GP_TYPE_S32
                                         : kind == GP_KIND_U ? GP_TYPE_U32 : type;
}

/* OF and CF of a + b (sub = false) or a - b (sub = true), 2.X.4.3. */
static inline uint32_t add_flags(uint32_t a, uint32_t b, bool sub)
{
    if (sub) {
        uint32_t r = a - b;
        return (((a ^ b) & (a ^ r)) >> 31) * GP_CC_OF | (uint32_t)(a >= b) * GP_CC_CF;
    }
    uint32_t r = a + b;
    return (((a ^ r) & (b ^ r)) >> 31) * GP_CC_OF | (uint32_t)(r < a) * GP_CC_CF;
}

/* Flags of "p + q" where p, q are fetched operands (possibly negated by
 * their modifiers nq/np: the negation is undone, exactly, in two's
 * complement, and the add becomes a subtract). */
static inline uint32_t add_flags_mod(uint32_t p, bool np, uint32_t q, bool nq)
{
    if (np == nq)
        return add_flags(p, q, false); /* a + b, or -A-B (undefined) */
    if (nq)
        return add_flags(p, 0u - q, true); /* a - B */
    return add_flags(q, 0u - p, true);     /* b - A */
}

static uint32_t typed_op(const gp_insn *in, int t, uint32_t a, uint32_t b, uint32_t c)
{
    const bool s = t == GP_TYPE_S32;
    int32_t ia = (int32_t)a, ib = (int32_t)b;
    float fa = bits_f(a);
    float r;
    switch (in->op) {
    case GP_OP_MOV:
    case GP_OP_SWZ: return a;
    case GP_OP_ABS: return s && ia < 0 ? 0u - a : a;
    case GP_OP_ADD: return a + b;
    case GP_OP_SUB: return a - b;
    case GP_OP_MAD: return a * b + c;
    case GP_OP_MUL:
        switch (in->opmod) {
        case GP_OPMOD_S24:
            /* low 32 bits of the 48-bit product: unsigned, no overflow */
            return (uint32_t)((int32_t)(a << 8) >> 8) * (uint32_t)((int32_t)(b << 8) >> 8);
        case GP_OPMOD_U24: return (a & 0xffffffu) * (b & 0xffffffu);
        case GP_OPMOD_HI:
            return s ? (uint32_t)((uint64_t)((int64_t)ia * (int64_t)ib) >> 32)
                     : (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
        default: return a * b;
        }
    case GP_OP_MIN: return s ? (ia < ib ? a : b) : (a < b ? a : b);
    case GP_OP_MAX: return s ? (ia > ib ? a : b) : (a > b ? a : b);
    case GP_OP_CMP: return s && ia < 0 ? b : c;
    case GP_OP_SEQ: return 0u - (uint32_t)(a == b);
    case GP_OP_SNE: return 0u - (uint32_t)(a != b);
    case GP_OP_SLT: return 0u - (uint32_t)(s ? ia < ib : a < b);
    case GP_OP_SGE: return 0u - (uint32_t)(s ? ia >= ib : a >= b);
    case GP_OP_SGT: return 0u - (uint32_t)(s ? ia > ib : a > b);
    case GP_OP_SLE: return 0u - (uint32_t)(s ? ia <= ib : a <= b);
    case GP_OP_SFL: return 0;
    case GP_OP_STR: return 0xffffffffu;
    case GP_OP_AND: return a & b;
    case GP_OP_OR: return a | b;
    case GP_OP_XOR: return a ^ b;
    case GP_OP_NOT: return ~a;
    case GP_OP_SHL: return a << (b & 31u);
    case GP_OP_SHR: return s ? (uint32_t)(ia >> (b & 31u)) : a >> (b & 31u);
    case GP_OP_DIV:
        if (b == 0)
            return 0xffffffffu;
        if (s)
            return ib == -1 ? 0u - a : (uint32_t)(ia / ib);
        return a / b;
    case GP_OP_MOD:
        if (b == 0)
            return 0xffffffffu;
        if (s)
            return ib == -1 ? 0u : (uint32_t)(ia % ib);
        return a % b;
    case GP_OP_SAD: {
        uint32_t d = s ? (ia >= ib ? a - b : b - a) : (a >= b ? a - b : b - a);
        return d + c;
    }
    case GP_OP_I2F: return f_bits(s ? (float)ia : (float)a);
    case GP_OP_FLR: r = gp_floorf(fa); break;
    case GP_OP_CEIL: r = ceilf(fa); break;
    case GP_OP_ROUND: r = rintf(fa); break;
    case GP_OP_TRUNC: r = truncf(fa); break;
    default: return 0;
    }
    /* FLR CEIL ROUND TRUNC: a float operand, a result of the type */
    if (t == GP_TYPE_S32)
        return (uint32_t)gp_f2i(r);
    if (t == GP_TYPE_U32)
        return f2u_sat(r);
    return f_bits(r);
}

static void exec_bits(gp_xs *x, const gp_insn *in);
static void exec_vote(gp_xs *x, const gp_insn *in);
static void exec_cvt(gp_xs *x, const gp_insn *in);
static void exec_wide(gp_xs *x, const gp_insn *in);
static void exec_ipa(gp_xs *x, const gp_insn *in);

static void exec_typed(gp_xs *x, const gp_insn *in)
{
    if (GP_UNLIKELY((in->type >= GP_TYPE_F64 && in->op != GP_OP_CVT) || in->op == GP_OP_PK64 ||
                    in->op == GP_OP_UP64)) {
        exec_wide(x, in); /* NV_gpu_program5 64-bit data */
        return;
    }
    switch (in->op) { /* NV_gpu_program5 opcodes with their own helpers */
    case GP_OP_BFE:
    case GP_OP_BFI:
    case GP_OP_BFR:
    case GP_OP_BTC:
    case GP_OP_BTFL:
    case GP_OP_BTFM: exec_bits(x, in); return;
    case GP_OP_TGALL:
    case GP_OP_TGANY:
    case GP_OP_TGEQ: exec_vote(x, in); return;
    case GP_OP_CVT: exec_cvt(x, in); return;
    case GP_OP_IPAC:
    case GP_OP_IPAO:
    case GP_OP_IPAS: exec_ipa(x, in); return;
    default: break;
    }
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    const int t = in->type;
    const int rtype = kind_type(gp_io_kind(oi->io, 0), t);
    const uint32_t wmask = in->dst.mask & 0xfu;
    const bool vecsca = oi->cls == GP_CLASS_VECSCA;
    const gp_val *op[3][4];
    int nsrc = oi->nsrc > 3 ? 3 : oi->nsrc;
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 4; c++)
            op[i][c] = gp_const_rows[0];
    for (int i = 0; i < nsrc; i++) {
        int k = kind_type(gp_io_kind(oi->io, i + 1), t);
        if (vecsca && i == 1) {
            const gp_val *row = fetch_scalar(x, &in->src[i], &m->opnd[i], k);
            for (int c = 0; c < 4; c++)
                op[i][c] = row;
        } else {
            const gp_vec *v = fetch(x, &in->src[i], &m->opnd[i], k);
            for (int c = 0; c < 4; c++)
                op[i][c] = v->c[c];
        }
    }
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            R->c[c][l].u = typed_op(in, t, op[0][c][l].u, op[1][c][l].u, op[2][c][l].u);
    }
    /* OF / CF of the integer adds (2.X.4.3), merged by store_rows */
    uint32_t flags[4][GP_LANES];
    bool add = in->op == GP_OP_ADD || in->op == GP_OP_SUB || in->op == GP_OP_MAD ||
               in->op == GP_OP_SAD;
    if (in->cc_update && add && !is_float_type(t)) {
        for (int c = 0; c < 4; c++) {
            bool n0 = in->src[0].negate >> c & 1, n1 = in->src[1].negate >> c & 1;
            bool n2 = in->src[2].negate >> c & 1;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t a = op[0][c][l].u, b = op[1][c][l].u, k = op[2][c][l].u;
                uint32_t f;
                if (in->op == GP_OP_ADD)
                    f = add_flags_mod(a, n0, b, n1);
                else if (in->op == GP_OP_SUB)
                    f = add_flags_mod(a, n0, 0u - b, !n1);
                else if (in->op == GP_OP_MAD)
                    f = add_flags_mod(a * b, false, k, n2);
                else
                    f = add_flags(R->c[c][l].u - k, k, false);
                flags[c][l] = f;
            }
        }
        x->cc_extra = flags;
    }
    store(x, in, R, rtype, false);
    x->cc_extra = NULL;
}

/* ---- NV_gpu_program5 64-bit data (2.X.4.1, Table X.13 "6", PK64, UP64) -----
 *
 * The generic case of every instruction typed .F64 / .S64 / .U64 (the
 * opcodes whose Table X.13 F or I column says "6"; gp_parse.c refuses the
 * others) and of PK64 / UP64.  Operands are read with fetch64 as the kinds
 * of gp_opinfo.io made 64-bit (FLR CEIL ROUND TRUNC: a double operand,
 * I2F: a double result, SAD: unsigned 64-bit third operand and result),
 * computed in IEEE binary64 or 64-bit two's complement (overflow wraps:
 * EDGE.INT_OVERFLOW), and stored with store64.  The choices where the spec
 * is silent follow the 32-bit ones of exec_typed:
 *   SHL SHR .S64/.U64  the count is the scalar operand read as a 64-bit
 *                  integer, taken modulo 64 (its low 6 bits): shifting by
 *                  64 leaves the value, by -1 is by 63.
 *   DIV MOD        by zero: all 64 bits set; INT64_MIN / -1 = INT64_MIN,
 *                  INT64_MIN % -1 = 0; a negative remainder has the sign of
 *                  the dividend.
 *   FLR CEIL ROUND TRUNC .S64/.U64  the rounded double saturates to the
 *                  type's range, NaN gives 0; ROUND is to nearest even.
 *   I2F .S64/.U64  the result is a double (correctly rounded); written to a
 *                  32-bit variable it is then rounded to float (so a value
 *                  past 2^53 may be rounded twice).
 *   F64 numerics   as the float opcodes: MIN = b < a ? b : a, MAX =
 *                  a > b ? a : b (NaN: the first operand of MIN, the second
 *                  of MAX, as MINPS/MAXPS), CMP/compares false on NaN but
 *                  SNE, RCP(+-0) = +-INF, RSQ = 1/sqrt(|a|), SSG(NaN) = 0,
 *                  FRC = a - floor(a) capped at 1 - 2^-53 (INF, NaN: NaN),
 *                  MAD = a*b + c rounded twice (no fused multiply-add).
 *   TRUE           set-on instructions write 1.0 (F64), -1 (S64) or
 *                  2^64 - 1 (U64) as 64-bit values; FALSE 0.
 *   CC             2.X.4.3 on the 64-bit value (gp_ir.h); OF / CF from the
 *                  64-bit ADD SUB MAD SAD as exec_typed's 32-bit ones.
 *   MUL .S24 .U24 .HI do not combine with the 64-bit types (gp_parse.c).
 * PK64: (x | y << 32, z | w << 32, x | y << 32, z | w << 32) from the 32-bit
 * operand (a LONG operand narrowed first); UP64: (lo x, hi x, lo y, hi y)
 * of the 64-bit operand, a 32-bit result (x = low word: the executor's
 * word order is little-endian on every host). */

static inline int wide_kind(int iokind, int t)
{
    if (iokind == GP_KIND_F || iokind == GP_KIND_S || iokind == GP_KIND_U)
        return iokind;
    return t == GP_TYPE_F64 || t == GP_TYPE_F32 ? GP_KIND_F
           : t == GP_TYPE_S64 || t == GP_TYPE_S32 ? GP_KIND_S : GP_KIND_U;
}

static inline uint64_t d2i64_sat(double d)
{
    if (d != d)
        return 0;
    if (d >= 9223372036854775808.0)
        return (uint64_t)INT64_MAX;
    if (d < -9223372036854775808.0)
        return (uint64_t)INT64_MIN;
    return (uint64_t)(int64_t)d;
}

static inline uint64_t d2u64_sat(double d)
{
    if (!(d > 0.0))
        return 0; /* negative, -0 and NaN */
    if (d >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)d;
}

/* OF and CF of a + b or a - b in 64 bits (2.X.4.3, as add_flags). */
static inline uint32_t add_flags64(uint64_t a, uint64_t b, bool sub)
{
    if (sub) {
        uint64_t r = a - b;
        return (uint32_t)(((a ^ b) & (a ^ r)) >> 63) * GP_CC_OF | (uint32_t)(a >= b) * GP_CC_CF;
    }
    uint64_t r = a + b;
    return (uint32_t)(((a ^ r) & (b ^ r)) >> 63) * GP_CC_OF | (uint32_t)(r < a) * GP_CC_CF;
}

static inline uint32_t add_flags64_mod(uint64_t p, bool np, uint64_t q, bool nq)
{
    if (np == nq)
        return add_flags64(p, q, false);
    if (nq)
        return add_flags64(p, 0u - q, true);
    return add_flags64(q, 0u - p, true);
}

static uint64_t wide_op(const gp_insn *in, int t, uint64_t a, uint64_t b, uint64_t c)
{
    const uint64_t one = 0x3ff0000000000000ull;
    double r;
    switch (in->op) { /* a double operand, a result of the type */
    case GP_OP_FLR: r = floor(bits_d(a)); goto rounded;
    case GP_OP_CEIL: r = ceil(bits_d(a)); goto rounded;
    case GP_OP_ROUND: r = nearbyint(bits_d(a)); goto rounded;
    case GP_OP_TRUNC: r = trunc(bits_d(a)); goto rounded;
    case GP_OP_I2F:
        return d_bits(t == GP_TYPE_S64 ? (double)(int64_t)a : (double)a);
    default: break;
    }
    if (t == GP_TYPE_F64) {
        double fa = bits_d(a), fb = bits_d(b), fc = bits_d(c);
        switch (in->op) {
        case GP_OP_MOV: return a;
        case GP_OP_ABS: return a & ~(1ull << 63);
        case GP_OP_ADD: return d_bits(fa + fb);
        case GP_OP_SUB: return d_bits(fa - fb);
        case GP_OP_MUL: return d_bits(fa * fb);
        case GP_OP_MAD: {
            double p = fa * fb;
            return d_bits(p + fc);
        }
        case GP_OP_DIV: return d_bits(fa / fb);
        case GP_OP_MIN: return fb < fa ? b : a;
        case GP_OP_MAX: return fa > fb ? a : b;
        case GP_OP_CMP: return fa < 0.0 ? b : c;
        case GP_OP_SEQ: return fa == fb ? one : 0u;
        case GP_OP_SNE: return fa != fb ? one : 0u;
        case GP_OP_SLT: return fa < fb ? one : 0u;
        case GP_OP_SGE: return fa >= fb ? one : 0u;
        case GP_OP_SGT: return fa > fb ? one : 0u;
        case GP_OP_SLE: return fa <= fb ? one : 0u;
        case GP_OP_SFL: return 0u;
        case GP_OP_STR: return one;
        case GP_OP_RCP: return d_bits(1.0 / fa);
        case GP_OP_RSQ: return d_bits(1.0 / sqrt(fabs(fa)));
        case GP_OP_SSG: return d_bits((double)((fa > 0.0) - (fa < 0.0)));
        case GP_OP_FRC: {
            double f = (fa - floor(fa)) + 0.0;
            const double cap = 1.0 - 0x1p-53;
            return d_bits(cap < f ? cap : f);
        }
        default: return 0u;
        }
    }
    const bool s = t == GP_TYPE_S64;
    int64_t ia = (int64_t)a, ib = (int64_t)b;
    switch (in->op) {
    case GP_OP_MOV: return a;
    case GP_OP_ABS: return s && ia < 0 ? 0u - a : a;
    case GP_OP_ADD: return a + b;
    case GP_OP_SUB: return a - b;
    case GP_OP_MUL: return a * b;
    case GP_OP_MAD: return a * b + c;
    case GP_OP_MIN: return s ? (ia < ib ? a : b) : (a < b ? a : b);
    case GP_OP_MAX: return s ? (ia > ib ? a : b) : (a > b ? a : b);
    case GP_OP_CMP: return s && ia < 0 ? b : c;
    case GP_OP_SEQ: return 0u - (uint64_t)(a == b);
    case GP_OP_SNE: return 0u - (uint64_t)(a != b);
    case GP_OP_SLT: return 0u - (uint64_t)(s ? ia < ib : a < b);
    case GP_OP_SGE: return 0u - (uint64_t)(s ? ia >= ib : a >= b);
    case GP_OP_SGT: return 0u - (uint64_t)(s ? ia > ib : a > b);
    case GP_OP_SLE: return 0u - (uint64_t)(s ? ia <= ib : a <= b);
    case GP_OP_SFL: return 0u;
    case GP_OP_STR: return UINT64_MAX;
    case GP_OP_AND: return a & b;
    case GP_OP_OR: return a | b;
    case GP_OP_XOR: return a ^ b;
    case GP_OP_NOT: return ~a;
    case GP_OP_SHL: return a << (b & 63u);
    case GP_OP_SHR: return s ? (uint64_t)(ia >> (b & 63u)) : a >> (b & 63u);
    case GP_OP_DIV:
        if (b == 0)
            return UINT64_MAX;
        if (s)
            return ib == -1 ? 0u - a : (uint64_t)(ia / ib);
        return a / b;
    case GP_OP_MOD:
        if (b == 0)
            return UINT64_MAX;
        if (s)
            return ib == -1 ? 0u : (uint64_t)(ia % ib);
        return a % b;
    case GP_OP_SAD: return (s ? (ia >= ib ? a - b : b - a) : (a >= b ? a - b : b - a)) + c;
    default: return 0u;
    }
rounded:
    if (t == GP_TYPE_S64)
        return d2i64_sat(r);
    if (t == GP_TYPE_U64)
        return d2u64_sat(r);
    return d_bits(r);
}

static GP_NOINLINE void exec_wide(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    const uint32_t wmask = in->dst.mask & 0xfu;
    const int t = in->type;
    uint64_t r[4][GP_LANES];
    if (in->op == GP_OP_PK64) {
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], kind_type(wide_kind(GP_KIND_OP, t), t));
        for (int l = 0; l < GP_LANES; l++) {
            r[0][l] = r[2][l] = (uint64_t)a->c[0][l].u | (uint64_t)a->c[1][l].u << 32;
            r[1][l] = r[3][l] = (uint64_t)a->c[2][l].u | (uint64_t)a->c[3][l].u << 32;
        }
        store64(x, in, r, wide_kind(GP_KIND_OP, t));
        return;
    }
    if (in->op == GP_OP_UP64) {
        uint64_t a[4][GP_LANES];
        gp_vec *R = &m->res;
        fetch64(x, &in->src[0], wide_kind(GP_KIND_OP, t), a);
        for (int l = 0; l < GP_LANES; l++) {
            R->c[0][l].u = (uint32_t)a[0][l];
            R->c[1][l].u = (uint32_t)(a[0][l] >> 32);
            R->c[2][l].u = (uint32_t)a[1][l];
            R->c[3][l].u = (uint32_t)(a[1][l] >> 32);
        }
        store(x, in, R, kind_type(wide_kind(GP_KIND_OP, t), t), false);
        return;
    }
    uint64_t op[3][4][GP_LANES];
    int nsrc = oi->nsrc > 3 ? 3 : oi->nsrc;
    for (int i = 0; i < 3; i++) {
        if (i < nsrc)
            fetch64(x, &in->src[i], wide_kind(gp_io_kind(oi->io, i + 1), t), op[i]);
        else
            memset(op[i], 0, sizeof(op[i]));
    }
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            r[c][l] = wide_op(in, t, op[0][c][l], op[1][c][l], op[2][c][l]);
    }
    /* OF / CF of the integer adds (2.X.4.3), merged by store64 */
    uint32_t flags[4][GP_LANES];
    bool add = in->op == GP_OP_ADD || in->op == GP_OP_SUB || in->op == GP_OP_MAD ||
               in->op == GP_OP_SAD;
    if (in->cc_update && add && t != GP_TYPE_F64) {
        for (int c = 0; c < 4; c++) {
            bool n0 = in->src[0].negate >> c & 1, n1 = in->src[1].negate >> c & 1;
            bool n2 = in->src[2].negate >> c & 1;
            for (int l = 0; l < GP_LANES; l++) {
                uint64_t a = op[0][c][l], b = op[1][c][l], k = op[2][c][l];
                uint32_t f;
                if (in->op == GP_OP_ADD)
                    f = add_flags64_mod(a, n0, b, n1);
                else if (in->op == GP_OP_SUB)
                    f = add_flags64_mod(a, n0, 0u - b, !n1);
                else if (in->op == GP_OP_MAD)
                    f = add_flags64_mod(a * b, false, k, n2);
                else
                    f = add_flags64(r[c][l] - k, k, false);
                flags[c][l] = f;
            }
        }
        x->cc_extra = flags;
    }
    store64(x, in, r, wide_kind(gp_io_kind(oi->io, 0), t));
    x->cc_extra = NULL;
}

/* ---- NV_gpu_program5 bit-field instructions (2.X.8.Z) ------------------------
 *
 * BFE BFI BFR BTC BTFL BTFM: integer types only (.S default, .U), CC but no
 * clamping (Table X.13).  BFE and BFI take the field width from op0.x and
 * its offset from op0.y for every component.  Where the spec defines the
 * result (0 <= width, 0 <= offset < 32, width + offset <= 32) its
 * pseudo-code is followed: width 0 extracts 0, width 32 (offset 0) extracts
 * or inserts the whole value.  Where it says "undefined" (a negative width
 * or offset, offset >= 32, width + offset > 32) asmgl takes the low 5 bits
 * of width and offset and computes DXIL's Ibfe / Ubfe / Bfi
 * (dxil-instruction-semantics.txt), as SHL/SHR take their count mod 32:
 *   BFE  width 0: 0; width + offset < 32: the field, sign- (.S) or zero-
 *        (.U) extended; else value >> offset (arithmetic for .S), i.e. the
 *        field is cut at bit 31.
 *   BFI  mask = ((1 << width) - 1) << offset, cut to 32 bits:
 *        ((src << offset) & mask) | (dst & ~mask).
 * BTFL / BTFM of 0 give -1 (all bits: .U's maximum); BTFM.S of a negative
 * value finds the most significant zero, so BTFM.S(-1) = -1 too (DXIL
 * FirstbitSHi's "no match"). */

static inline uint32_t bit_extract(uint32_t width, uint32_t offset, uint32_t v, bool s)
{
    if (!(width <= 32 && offset < 32 && width + offset <= 32)) {
        width &= 31u; /* undefined in the spec: DXIL Ibfe / Ubfe */
        offset &= 31u;
    }
    if (width == 0)
        return 0;
    if (width + offset < 32) {
        uint32_t t = v << (32 - (width + offset));
        return s ? (uint32_t)((int32_t)t >> (32 - width)) : t >> (32 - width);
    }
    return s ? (uint32_t)((int32_t)v >> offset) : v >> offset;
}

static inline uint32_t bit_insert(uint32_t width, uint32_t offset, uint32_t src, uint32_t dst)
{
    if (!(width <= 32 && offset < 32 && width + offset <= 32)) {
        width &= 31u; /* undefined in the spec: DXIL Bfi */
        offset &= 31u;
    }
    if (width == 32)
        return src;
    uint32_t mask = (uint32_t)(((1ull << width) - 1u) << offset);
    return ((src << offset) & mask) | (dst & ~mask);
}

static inline uint32_t bit_reverse(uint32_t v)
{
    v = (v >> 1 & 0x55555555u) | (v & 0x55555555u) << 1;
    v = (v >> 2 & 0x33333333u) | (v & 0x33333333u) << 2;
    v = (v >> 4 & 0x0f0f0f0fu) | (v & 0x0f0f0f0fu) << 4;
    v = (v >> 8 & 0x00ff00ffu) | (v & 0x00ff00ffu) << 8;
    return v >> 16 | v << 16;
}

static inline uint32_t bit_count(uint32_t v)
{
    v = v - (v >> 1 & 0x55555555u);
    v = (v & 0x33333333u) + (v >> 2 & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

static inline uint32_t bit_find_lsb(uint32_t v)
{
    if (!v)
        return 0xffffffffu;
    uint32_t n = 0;
    while (!(v & 1u)) {
        v >>= 1;
        n++;
    }
    return n;
}

static inline uint32_t bit_find_msb(uint32_t v, bool s)
{
    if (s && (v >> 31))
        v = ~v; /* negative: the most significant zero */
    if (!v)
        return 0xffffffffu;
    uint32_t n = 31;
    while (!(v >> 31)) {
        v <<= 1;
        n--;
    }
    return n;
}

static GP_NOINLINE void exec_bits(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const bool s = t == GP_TYPE_S32;
    const uint32_t wmask = in->dst.mask & 0xfu;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    if (in->op == GP_OP_BFE || in->op == GP_OP_BFI) {
        /* the field from op0.x (width) and op0.y (offset) for all components */
        const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], t);
        const gp_vec *c3 = in->op == GP_OP_BFI ? fetch(x, &in->src[2], &m->opnd[2], t) : NULL;
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t w = a->c[0][l].u, o = a->c[1][l].u;
                R->c[c][l].u = c3 ? bit_insert(w, o, b->c[c][l].u, c3->c[c][l].u)
                                  : bit_extract(w, o, b->c[c][l].u, s);
            }
        }
    } else {
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t v = a->c[c][l].u;
                R->c[c][l].u = in->op == GP_OP_BFR ? bit_reverse(v)
                               : in->op == GP_OP_BTC ? bit_count(v)
                               : in->op == GP_OP_BTFL ? bit_find_lsb(v)
                                                      : bit_find_msb(v, s);
            }
        }
    }
    store(x, in, R, t, false);
}

/* ---- NV_gpu_program5 thread-group votes (2.X.8.Z TGALL TGANY TGEQ) ----------
 *
 * The thread group is one gp_exec call: its GP_LANES lanes (one shading
 * task: 4 quads of fragments, up to 16 vertices or geometry primitives).
 * The active threads are the lanes that execute the instruction: the
 * running group (lanes parked at another pc, in another branch of an IF or
 * another iteration, have no bearing, as the spec says for flow control)
 * that are live.  Fragment helper lanes (uncovered or KIL'ed pixels run
 * only for their quad's derivatives) do not vote, as helper lanes do not
 * take part in D3D's wave operations, so a vote depends only on real
 * fragments; they do receive the result.  A component is zero if it
 * compares equal to 0 in the instruction's type (.F: +0, -0; NaN is
 * non-zero).  TRUE is 1.0 (.F), -1 (.S), all bits (.U); FALSE is 0.  With
 * no voting lane (a group of helpers only) the pseudo-code's empty loop
 * gives TGALL TRUE, TGANY FALSE and TGEQ FALSE. */
static GP_NOINLINE void exec_vote(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const bool fl = is_float_type(t);
    const uint32_t wmask = in->dst.mask & 0xfu;
    const uint32_t voters = x->exec & x->live;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    gp_val tv, fv;
    if (fl)
        tv.f = 1.0f;
    else
        tv.u = 0xffffffffu;
    fv.u = 0;
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        bool all = true, any = false;
        for (uint32_t b = voters; b; b &= b - 1) {
            int l = lane_first(b);
            bool nz = fl ? a->c[c][l].f != 0.0f : a->c[c][l].u != 0;
            all = all && nz;
            any = any || nz;
        }
        bool r = in->op == GP_OP_TGALL ? all : in->op == GP_OP_TGANY ? any : all == any;
        fill_row(R->c[c], r ? tv : fv);
    }
    store(x, in, R, t, false);
}

/* NV_shader_thread_group (OPTION NV_shader_thread_group).  TGBALLOT: bit l
 * of each result component is set when lane l votes (the live lanes of the
 * running group, as for TGALL: the thread group is the 16 lanes of one
 * gp_exec call, so thread numbers are lane numbers 0..15 and a "warp" has 16
 * threads) and its operand component is non-zero; other bits are 0
 * (EDGE.TG_INACTIVE).  QSWZ0..3 / X / Y (fragment programs): a read from
 * quad lane k (lane = quad*4 + (y&1)*2 + (x&1), glprog.h; so fragment 0 is
 * the lower left pixel of the quad in window coordinates, for the window and
 * FBOs alike) plus b of the lane itself; the value read from a lane that
 * does not run the instruction (another branch, or a quad lane no
 * primitive covers and no helper runs) is what its register holds
 * (undefined in the spec, as for DDX/DDY). */
static GP_NOINLINE void exec_thread_group(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const uint32_t wmask = in->dst.mask & 0xfu;
    if (in->op == GP_OP_TGBALLOT) {
        const int t = in->type;
        const bool fl = is_float_type(t);
        const uint32_t voters = x->exec & x->live;
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            gp_val bits;
            bits.u = 0;
            for (uint32_t b = voters; b; b &= b - 1) {
                int l = lane_first(b);
                bool nz = fl ? a->c[c][l].f != 0.0f : a->c[c][l].u != 0;
                if (nz)
                    bits.u |= 1u << l;
            }
            fill_row(R->c[c], bits);
        }
        store(x, in, R, GP_TYPE_U32, false);
        return;
    }
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], GP_TYPE_F32);
    const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            int q = l & ~3, k = l & 3, from;
            switch (in->op) {
            case GP_OP_QSWZ0: from = 0; break;
            case GP_OP_QSWZ1: from = 1; break;
            case GP_OP_QSWZ2: from = 2; break;
            case GP_OP_QSWZ3: from = 3; break;
            case GP_OP_QSWZX: from = k ^ 1; break;
            default: from = k ^ 2; break; /* QSWZY */
            }
            R->c[c][l].f = a->c[c][q + from].f + b->c[c][l].f;
        }
    }
    store(x, in, R, GP_TYPE_F32, false);
}

/* NV_shader_thread_shuffle 2.X.8.Z SHFDOWN SHFIDX SHFUP SHFXOR (gp_ir.h
 * "SHFDOWN SHFIDX SHFUP SHFXOR" gives the choices; FEATURES.md
 * EDGE.SHFL_RANGE).  Thread ids are lane numbers 0..15 (the thread group
 * of TGBALLOT); per lane l, index = b.x & 0x1f, segment mask = (c.x >> 8)
 * & 0xf and clamp = c.x & 0xf (a 16-lane warp), min = l & seg, max = min |
 * (clamp & ~seg); the source lane and its in-range test: SHFIDX (index &
 * ~seg) | min, <= max; SHFUP l - index, >= min; SHFDOWN l + index, <= max;
 * SHFXOR l ^ index, <= max.  d.x = TRUE / FALSE of the test, d.y = a.x of
 * the source lane when in range and that lane runs the instruction
 * (x->exec: helper lanes included, as QSWZ reads them, so a quad's shuffle
 * at a primitive's edge reads the helpers' values), else a.x of lane l
 * itself; d.z = d.w = 0. */
static GP_NOINLINE void exec_shuffle(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const uint32_t active = x->exec;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_U32);
    const gp_vec *c = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_U32);
    gp_val tv, fv;
    if (is_float_type(t))
        tv.f = 1.0f;
    else
        tv.u = 0xffffffffu;
    fv.u = 0;
    for (int l = 0; l < GP_LANES; l++) {
        const int index = (int)(b->c[0][l].u & 0x1fu);
        const int seg = (int)(c->c[0][l].u >> 8 & 0xfu);
        const int clamp = (int)(c->c[0][l].u & 0xfu);
        const int lo = l & seg, hi = lo | (clamp & ~seg);
        int src;
        bool ok;
        switch (in->op) {
        case GP_OP_SHFIDX: src = (index & ~seg) | lo; ok = src <= hi; break;
        case GP_OP_SHFUP: src = l - index; ok = src >= lo; break;
        case GP_OP_SHFDOWN: src = l + index; ok = src <= hi; break;
        default: src = l ^ index; ok = src <= hi; break; /* SHFXOR */
        }
        const bool take = ok && src >= 0 && src < GP_LANES && (active >> src & 1);
        R->c[0][l] = ok ? tv : fv;
        R->c[1][l] = a->c[0][take ? src : l];
        R->c[2][l].u = 0;
        R->c[3][l].u = 0;
    }
    store(x, in, R, t, false);
}

/* ---- NV_gpu_program5 CVT (2.X.8.Z) ----------------------------------------
 *
 * Always this generic case (no fast path).  The operand is read with the
 * base type of cvt_src (64-bit types through fetch64, so a 32-bit variable
 * is promoted first: EDGE.CVT_SIZE), each written component converted by
 * gp_cvt_value (gp_cvt.h: rounding, clamping, the undefined cases; pure
 * integer code, so both executor builds agree), and the result stored as
 * the base type of cvt_dst (store64 for 64-bit types: a 32-bit destination
 * narrows it).  F16 meets LONG variables as a value: an F16 operand of one
 * is its double rounded to binary16, an F16 result into one is stored as
 * the double of the binary16 value (EDGE.CVT_SIZE).  _SAT is applied by gp_cvt_value (integer clamping, F16),
 * not again by the store.  An F16 result is binary16 bits in the low half
 * of the component: its CC update (2.X.4.3: SF = < 0 or NaN, ZF = 0 or
 * NaN) is taken from the binary16 value, component by component in
 * store_rows' order. */
static GP_NOINLINE void exec_cvt(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    const int st = gp_cvt_gptype(in->cvt_src), dt = gp_cvt_gptype(in->cvt_dst);
    const uint32_t wmask = in->dst.mask & 0xfu;
    uint64_t v[4][GP_LANES];
    if (st == GP_TYPE_F64 || st == GP_TYPE_S64 || st == GP_TYPE_U64) {
        fetch64(x, &in->src[0], st == GP_TYPE_F64 ? GP_KIND_F : st == GP_TYPE_S64 ? GP_KIND_S : GP_KIND_U, v);
    } else if (in->cvt_src == GP_CVT_F16 && in->src[0].hi) {
        /* an F16 operand of a LONG variable: its double converted to F16
         * (with the instruction's rounding) first (EDGE.CVT_SIZE) */
        fetch64(x, &in->src[0], GP_KIND_F, v);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], GP_CVT_F64, GP_CVT_F16, in->cvt_rnd, GP_SAT_NONE);
    } else {
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], st);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = a->c[c][l].u;
    }
    for (int c = 0; c < 4; c++)
        if (wmask >> c & 1)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], in->cvt_src, in->cvt_dst, in->cvt_rnd, in->sat);
    gp_insn ci = *in;
    ci.sat = GP_SAT_NONE;
    if (in->cvt_dst == GP_CVT_F16 && in->dst.hi) {
        /* an F16 result into a LONG variable: as the double of its value */
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], GP_CVT_F16, GP_CVT_F64, GP_RND_ROUND, GP_SAT_NONE);
        store64(x, &ci, v, GP_KIND_F);
        return;
    }
    if (dt == GP_TYPE_F64 || dt == GP_TYPE_S64 || dt == GP_TYPE_U64) {
        store64(x, &ci, v, dt == GP_TYPE_F64 ? GP_KIND_F : dt == GP_TYPE_S64 ? GP_KIND_S : GP_KIND_U);
        return;
    }
    gp_vec *R = &m->res;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            R->c[c][l].u = (uint32_t)v[c][l];
    if (in->cvt_dst != GP_CVT_F16 || !in->cc_update) {
        store(x, &ci, R, dt, false);
        return;
    }
    ci.cc_update = 0;
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        uint32_t lm = x->exec & cc_lanes(x, &in->dst.cc, c);
        ci.dst.mask = (uint8_t)(1u << c);
        store(x, &ci, R, dt, false);
        gp_val f[GP_LANES];
        for (int l = 0; l < GP_LANES; l++)
            f[l].f = gp_f16_to_f32((uint16_t)R->c[c][l].u);
        if (lm)
            cc_update(x->m->cc[(in->cc_update - 1) & 1][c], f, lm, GP_TYPE_F32);
    }
}

/* ---- NV_gpu_program5 interpolation (2.X.8.Z IPAC IPAO IPAS) ------------------
 *
 * The first operand names a fragment attribute (gp_validate.c check_ipa);
 * its value is not loaded but evaluated by env->interp (glprog.h
 * gp_interp_fn) for the lanes of the running group (helpers included, for
 * derivatives): at the centroid (IPAC), at the pixel centre + (b.x, b.y)
 * (IPAO, the offset as the program gave it: the callee clamps and snaps
 * it), or at sample b.x (IPAS, a signed integer).  Then, as issue (8) of the
 * spec says, its swizzle, |abs| and negation apply to the interpolated
 * vector, and the result is stored like any F result (write mask, CC
 * update, _SAT).  A relatively addressed attribute array asks once per
 * distinct slot; a slot out of the array reads 0 (R5).  Without a callback
 * (env->interp NULL) the ordinary interpolated input is used. */
static GP_NOINLINE void exec_ipa(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    gp_vec *raw = &m->opnd[0];
    const gp_src *s = &in->src[0];
    const gp_exec_env *env = x->env;
    gp_val arg[GP_LANES][2];
    memset(arg, 0, sizeof(arg));
    int mode = in->op == GP_OP_IPAC ? GP_IPA_CENTROID : in->op == GP_OP_IPAO ? GP_IPA_OFFSET : GP_IPA_SAMPLE;
    if (mode == GP_IPA_OFFSET) {
        const gp_vec *o = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        for (int l = 0; l < GP_LANES; l++) {
            arg[l][0] = o->c[0][l];
            arg[l][1] = o->c[1][l];
        }
    } else if (mode == GP_IPA_SAMPLE) {
        const gp_val *sv = fetch_scalar(x, &in->src[1], &m->opnd[1], GP_TYPE_S32);
        for (int l = 0; l < GP_LANES; l++)
            arg[l][0] = sv[l];
    }
    int32_t slot[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    file_limit(x, GP_FILE_INPUT), slot);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            slot[l] = s->index;
    }
    memset(raw, 0, sizeof(*raw));
    uint32_t todo = x->exec;
    while (todo) {
        int32_t k = slot[lane_first(todo)];
        uint32_t group = 0;
        for (uint32_t b = todo; b; b &= b - 1) {
            int l = lane_first(b);
            if (slot[l] == k)
                group |= lane_bit[l];
        }
        todo &= ~group;
        const gp_vec *reg = k >= 0 ? reg_file(x, GP_FILE_INPUT, k) : NULL;
        if (!reg)
            continue; /* reads 0 */
        if (env->interp) {
            gp_vec t;
            env->interp(env->interp_user, k, mode, (const gp_val(*)[2])arg, group, &t);
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    if (group & lane_bit[l])
                        raw->c[c][l] = t.c[c][l];
        } else {
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    if (group & lane_bit[l])
                        raw->c[c][l] = reg->c[c][l];
        }
    }
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        if (sel > GP_SWZ_W)
            fill_row(t, swz_const(sel, GP_TYPE_F32));
        else
            memcpy(t, raw->c[sel], sizeof(t));
        apply_mods(R->c[c], t, s->abs != 0, (s->negate >> c) & 1, GP_TYPE_F32);
    }
    store(x, in, R, GP_TYPE_F32, false);
}

/* ---- memory instructions (issue 6: glprog.h "memory", gp_ir.h "NV_gpu_
 * program5 memory instructions") ------------------------------------------
 *
 * Every memory instruction runs here, in a generic case (none has a fast
 * kind).  Where the bytes are:
 *   GP_MEM_GLOBAL   LOAD STORE ATOM: a 64-bit GPU address per lane (the
 *                   scalar operand through fetch64: a LONG variable's 64
 *                   bits, a 32-bit operand zero-extended), reached through
 *                   env->memory->space with mem_gpu_read / _write /
 *                   _pointer; an access is all or nothing (mem.h: a fault
 *                   reads 0 and drops the write, counted and reported with
 *                   the site env->mem_site and the lane's pixel);
 *   GP_MEM_CBUF     LDC: env->param_buffers[b] as bytes, param_buffer_words
 *                   * 4 of them;
 *   GP_MEM_STORAGE  LDB STB ATOMB: env->memory->storage[b];
 *   GP_MEM_SHARED   LDS STS ATOMS: env->shared, shared_size bytes.
 * For the last three the operand gives the byte offset (index + the
 * relative register's signed component; the variable's bounds rel_lo /
 * rel_hi are not applied: the view's size is the bound), and each ELEMENT
 * of the access is moved when it lies wholly inside the view, else it
 * reads 0 and its write is dropped (EDGE.SSBO_OOB; a negative offset is
 * outside).  Binding points of variable arrays (gp_src.nbuf, vtx, vtx_rel)
 * as fetch_buffer does for NV_parameter_buffer_object.
 *
 * Storage modifiers (MOD.ST_*, 2.X.4.5 BufferMemoryLoad / Store and
 * NV_gpu_program5_mem_extended): mem_count elements of mem_elem, little-
 * endian, back to back.  Loads: F16 -> float (exact), S8 / S16 sign- and
 * U8 / U16 zero-extended, 32-bit elements as bits, 64-bit elements as
 * 64-bit values (store64: both words of a LONG destination, narrowed into
 * a 32-bit one); components past mem_count are 0 (EDGE.LOAD_FILL).  Then
 * the ordinary result store: write mask, condition-code mask, _SAT on
 * float results, CC update.  LDC's swizzle, |abs| and negation apply to
 * the fetched vector (2.X.8.Z LDC).  Stores: the data operand read with
 * the base type (S / U / F, 64-bit kinds through fetch64), F16 rounded to
 * nearest even (overflow +-INF), 8 / 16-bit elements keep the low bits.
 * Misaligned plain accesses move the bytes at the address given
 * (EDGE.MEM_ALIGN, glprog.h).
 *
 * Lanes: loads run for the running group (helpers included); stores and
 * atomics for its live lanes only (EDGE.HELPER_STORES, EDGE.KIL_STORES),
 * one lane after the other in lane order.  Atomics (mem.h mem_atomic, real
 * host atomics) need natural alignment: a misaligned one is not performed,
 * returns 0, and in global memory counts as a MEM_GPU_FAULT_ALIGN fault;
 * lanes that do not perform one (helpers, killed, faults, out of range)
 * get 0.  They write dst.x only (EDGE.ATOM_YZW: y z w keep their values).
 */
#define GP_ATOM_SAME(op) ((int)GP_ATOM_##op == (int)MEM_ATOM_##op)
_Static_assert(GP_ATOM_SAME(ADD) && GP_ATOM_SAME(MIN) && GP_ATOM_SAME(MAX) && GP_ATOM_SAME(IWRAP) &&
                   GP_ATOM_SAME(DWRAP) && GP_ATOM_SAME(AND) && GP_ATOM_SAME(OR) && GP_ATOM_SAME(XOR) &&
                   GP_ATOM_SAME(EXCH) && GP_ATOM_SAME(CSWAP) && (int)GP_ATOM_COUNT == (int)MEM_ATOM_OP_COUNT,
               "gp_atom_op and MEM_ATOM_* agree (glprog.h)");
#undef GP_ATOM_SAME

enum { GP_MEM_GLOBAL, GP_MEM_CBUF, GP_MEM_STORAGE, GP_MEM_SHARED };

static inline int mem_elem_bytes(int e)
{
    switch (e) {
    case GP_CVT_S8: case GP_CVT_U8: return 1;
    case GP_CVT_F16: case GP_CVT_S16: case GP_CVT_U16: return 2;
    case GP_CVT_F64: case GP_CVT_S64: case GP_CVT_U64: return 8;
    default: return 4;
    }
}

static inline bool mem_elem_wide(int e)
{
    return e == GP_CVT_F64 || e == GP_CVT_S64 || e == GP_CVT_U64;
}

/* fetch64 / store64 kind of a 64-bit element */
static inline int mem_kind64(int e)
{
    return e == GP_CVT_F64 ? GP_KIND_F : e == GP_CVT_S64 ? GP_KIND_S : GP_KIND_U;
}

static inline int mem_count_of(const gp_insn *in)
{
    return in->mem_count == 2 ? 2 : in->mem_count == 4 ? 4 : 1;
}

static inline uint64_t mem_get_le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static inline void mem_put_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

/* A loaded element of at most 32 bits as a register component. */
static inline uint32_t mem_decode32(int e, uint64_t raw)
{
    switch (e) {
    case GP_CVT_F16: return f_bits(gp_f16_to_f32((uint16_t)raw));
    case GP_CVT_S8: return (uint32_t)(int32_t)(int8_t)(uint8_t)raw;
    case GP_CVT_S16: return (uint32_t)(int32_t)(int16_t)(uint16_t)raw;
    default: return (uint32_t)raw;
    }
}

/* A register component as an element of at most 32 bits (mem_put_le keeps
 * the low bytes). */
static inline uint32_t mem_encode32(int e, uint32_t v)
{
    return e == GP_CVT_F16 ? gp_f32_to_f16(bits_f(v)) : v;
}

/* Where each lane's access goes. */
typedef struct gp_mem_loc {
    int space;                  /* GP_MEM_* */
    uint64_t off[GP_LANES];     /* global: the address; else the byte offset
                                   (UINT64_MAX: outside every view) */
    uint8_t *base[GP_LANES];    /* views: the bytes, NULL unbound */
    uint64_t size[GP_LANES];
} gp_mem_loc;

static void mem_locate(gp_xs *x, const gp_src *s, int space, gp_mem_loc *loc)
{
    const gp_exec_env *env = x->env;
    loc->space = space;
    if (space == GP_MEM_GLOBAL) {
        uint64_t a[4][GP_LANES];
        fetch64(x, s, GP_KIND_U, a);
        for (int l = 0; l < GP_LANES; l++) {
            loc->off[l] = a[0][l];
            loc->base[l] = NULL;
            loc->size[l] = 0;
        }
        return;
    }
    const gp_vec *rr = s->rel ? reg_file(x, s->rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS,
                                         s->rel_reg)
                              : NULL;
    const gp_vec *vr = s->nbuf && s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
    for (int l = 0; l < GP_LANES; l++) {
        int64_t o = (int64_t)s->index + (rr ? rr->c[s->rel_comp & 3][l].i : 0);
        int64_t bp = s->buf;
        bool ok = true;
        if (s->nbuf) { /* a variable array of bindings: buf + element */
            int64_t k = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
            ok = k >= 0 && k < s->nbuf;
            bp += k;
        }
        uint8_t *base = NULL;
        uint64_t size = 0;
        if (space == GP_MEM_CBUF) {
            if (ok && bp >= 0 && bp < GP_MAX_PARAM_BUFFERS && env->param_buffers[bp]) {
                base = (uint8_t *)(uintptr_t)env->param_buffers[bp];
                size = (uint64_t)env->param_buffer_words[bp] * 4u;
            }
        } else if (space == GP_MEM_STORAGE) {
            if (ok && bp >= 0 && bp < GP_MAX_STORAGE_BUFFERS && env->memory) {
                base = env->memory->storage[bp].data;
                size = base ? env->memory->storage[bp].size : 0;
            }
        } else if (env->shared) {
            base = env->shared;
            size = env->shared_size;
        }
        loc->base[l] = base;
        loc->size[l] = size;
        loc->off[l] = base && o >= 0 ? (uint64_t)o : UINT64_MAX;
    }
}

static inline mem_gpu_site mem_site_of(const gp_xs *x, int l)
{
    mem_gpu_site site = { x->env->mem_site, -1, -1 };
    if (x->env->lane_pos) {
        site.x = x->env->lane_pos[l][0];
        site.y = x->env->lane_pos[l][1];
    }
    return site;
}

/* Element k (esz bytes) of lane l's view access, or NULL outside the view. */
static inline uint8_t *mem_view_elem(const gp_mem_loc *loc, int l, int esz, int k)
{
    uint64_t o = loc->off[l], size = loc->size[l];
    if (!loc->base[l] || o > size)
        return NULL;
    uint64_t e = o + (uint64_t)k * (uint64_t)esz;
    if (e > size || size - e < (uint64_t)esz)
        return NULL;
    return loc->base[l] + e;
}

/* Reads lane l's cnt elements of esz bytes into raw (zeroes where nothing
 * is read). */
static void mem_read_lane(gp_xs *x, const gp_mem_loc *loc, int l, int esz, int cnt, uint8_t *raw)
{
    size_t n = (size_t)esz * (size_t)cnt;
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = x->env->memory;
        if (mm && mm->space) {
            mem_gpu_site site = mem_site_of(x, l);
            mem_gpu_read(mm->space, loc->off[l], n, raw, &site);
        } else {
            memset(raw, 0, n);
        }
        return;
    }
    for (int k = 0; k < cnt; k++) {
        const uint8_t *p = mem_view_elem(loc, l, esz, k);
        if (p)
            memcpy(raw + k * esz, p, (size_t)esz);
        else
            memset(raw + k * esz, 0, (size_t)esz);
    }
}

static void mem_write_lane(gp_xs *x, const gp_mem_loc *loc, int l, int esz, int cnt,
                           const uint8_t *raw)
{
    size_t n = (size_t)esz * (size_t)cnt;
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = x->env->memory;
        if (mm && mm->space) {
            mem_gpu_site site = mem_site_of(x, l);
            mem_gpu_write(mm->space, loc->off[l], n, raw, &site);
        }
        return;
    }
    for (int k = 0; k < cnt; k++) {
        uint8_t *p = mem_view_elem(loc, l, esz, k);
        if (p)
            memcpy(p, raw + k * esz, (size_t)esz);
    }
}

/* The host word of lane l's atomic (esz 4 or 8 bytes), or NULL: not
 * performed (a fault in global memory, counted; misaligned; outside the
 * view). */
static void *mem_atom_ptr(gp_xs *x, const gp_mem_loc *loc, int l, int esz)
{
    if (loc->space == GP_MEM_GLOBAL) {
        const gp_memory *mm = x->env->memory;
        if (!mm || !mm->space)
            return NULL;
        mem_gpu_site site = mem_site_of(x, l);
        uint64_t a = loc->off[l];
        void *p = mem_gpu_pointer(mm->space, a, (size_t)esz, MEM_GPU_READ | MEM_GPU_WRITE, &site);
        if (p && ((a | (uint64_t)(uintptr_t)p) & (uint64_t)(esz - 1))) {
            mem_gpu_fault(mm->space, MEM_GPU_FAULT_ALIGN, a, (size_t)esz, MEM_GPU_READ | MEM_GPU_WRITE,
                          &site);
            return NULL;
        }
        return p;
    }
    uint8_t *p = mem_view_elem(loc, l, esz, 0);
    if (!p || ((loc->off[l] | (uint64_t)(uintptr_t)p) & (uint64_t)(esz - 1)))
        return NULL;
    return p;
}

/* LDC's operand modifiers on the fetched vector (2.X.8.Z LDC: swizzle,
 * then |abs| and negation of the base type), 32-bit components. */
static void mem_swizzle32(const gp_src *s, gp_vec *r, int type)
{
    gp_vec t = *r;
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        gp_val row[GP_LANES];
        if (sel > GP_SWZ_W)
            fill_row(row, swz_const(sel, type));
        else
            memcpy(row, t.c[sel], sizeof(row));
        apply_mods(r->c[c], row, s->abs != 0, (s->negate >> c) & 1, type);
    }
}

/* The same on 64-bit components of a kind (fetch64's modifier rules). */
static void mem_swizzle64(const gp_src *s, uint64_t r[4][GP_LANES], int kind)
{
    uint64_t t[4][GP_LANES];
    memcpy(t, r, sizeof(t));
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        bool neg = (s->negate >> c) & 1;
        for (int l = 0; l < GP_LANES; l++) {
            uint64_t v = sel <= GP_SWZ_W ? t[sel][l]
                         : sel != GP_SWZ_ONE ? 0u : kind == GP_KIND_F ? 0x3ff0000000000000ull : 1u;
            r[c][l] = mods64(v, kind, s->abs != 0, neg);
        }
    }
}

/* LOAD LDC LDB LDS: src[0] is the address / the view operand. */
static GP_NOINLINE void exec_mem_load(gp_xs *x, const gp_insn *in, int space)
{
    const int e = in->mem_elem, cnt = mem_count_of(in), esz = mem_elem_bytes(e);
    const bool wide = mem_elem_wide(e);
    gp_mem_loc loc;
    mem_locate(x, &in->src[0], space, &loc);
    gp_vec *R = &x->m->res;
    uint64_t r64[4][GP_LANES];
    memset(R, 0, sizeof(*R));
    memset(r64, 0, sizeof(r64));
    uint8_t raw[32];
    for (uint32_t b = x->exec; b; b &= b - 1) {
        int l = lane_first(b);
        mem_read_lane(x, &loc, l, esz, cnt, raw);
        for (int k = 0; k < cnt; k++) {
            uint64_t v = mem_get_le(raw + k * esz, esz);
            if (wide)
                r64[k][l] = v;
            else
                R->c[k][l].u = mem_decode32(e, v);
        }
    }
    bool post = space == GP_MEM_CBUF; /* LDC: swizzle and modifiers after the fetch */
    if (wide) {
        if (post)
            mem_swizzle64(&in->src[0], r64, mem_kind64(e));
        store64(x, in, r64, mem_kind64(e));
    } else {
        int rtype = gp_cvt_gptype(e);
        if (post)
            mem_swizzle32(&in->src[0], R, rtype);
        store(x, in, R, rtype, false);
    }
}

/* STORE STB STS: src[0] the data, src[1] the address / view operand. */
static GP_NOINLINE void exec_mem_store(gp_xs *x, const gp_insn *in, int space)
{
    uint32_t lanes = x->exec & x->live;
    if (!lanes)
        return;
    const int e = in->mem_elem, cnt = mem_count_of(in), esz = mem_elem_bytes(e);
    const bool wide = mem_elem_wide(e);
    gp_mem_loc loc;
    mem_locate(x, &in->src[1], space, &loc);
    uint64_t d64[4][GP_LANES];
    gp_view dv;
    if (wide)
        fetch64(x, &in->src[0], mem_kind64(e), d64);
    else
        fetch_view(x, &in->src[0], &x->m->opnd[0], gp_cvt_gptype(e), (1u << cnt) - 1u, &dv);
    uint8_t raw[32];
    for (uint32_t b = lanes; b; b &= b - 1) {
        int l = lane_first(b);
        for (int k = 0; k < cnt; k++)
            mem_put_le(raw + k * esz, wide ? d64[k][l] : mem_encode32(e, dv.c[k][l].u), esz);
        mem_write_lane(x, &loc, l, esz, cnt, raw);
    }
}

/* The instruction with only dst.x written (atomics: EDGE.ATOM_YZW). */
static inline void mem_insn_x(const gp_insn *in, gp_insn *q)
{
    *q = *in;
    q->dst.mask &= 1u;
}

static inline int mem_atom_type(int e)
{
    switch (e) {
    case GP_CVT_U32: return MEM_ATOM_U32;
    case GP_CVT_S32: return MEM_ATOM_S32;
    case GP_CVT_U64: return MEM_ATOM_U64;
    case GP_CVT_S64: return MEM_ATOM_S64;
    case GP_CVT_F32: return MEM_ATOM_F32;
    default: return -1;
    }
}

/* ATOM ATOMB ATOMS: src[0] the operand (x; CSWAP: x compare, y new
 * value), src[1] the address / view operand; dst.x = the old value. */
static GP_NOINLINE void exec_mem_atom(gp_xs *x, const gp_insn *in, int space)
{
    const int e = in->mem_elem, esz = mem_elem_bytes(e);
    const bool wide = mem_elem_wide(e);
    const int mt = mem_atom_type(e);
    uint32_t lanes = mt >= 0 ? x->exec & x->live : 0u;
    gp_mem_loc loc;
    mem_locate(x, &in->src[1], space, &loc);
    uint64_t v64[4][GP_LANES], old64[4][GP_LANES];
    gp_view dv;
    if (wide)
        fetch64(x, &in->src[0], mem_kind64(e), v64);
    else
        fetch_view(x, &in->src[0], &x->m->opnd[0], gp_cvt_gptype(e), 0x3u, &dv);
    gp_vec *R = &x->m->res;
    memset(R, 0, sizeof(*R));
    memset(old64, 0, sizeof(old64));
    for (uint32_t b = lanes; b; b &= b - 1) {
        int l = lane_first(b);
        void *p = mem_atom_ptr(x, &loc, l, esz);
        if (!p)
            continue;
        uint64_t v = wide ? v64[0][l] : dv.c[0][l].u;
        uint64_t v2 = wide ? v64[1][l] : dv.c[1][l].u;
        uint64_t old = mem_atomic(p, in->mem_atom, mt, v, v2);
        if (wide)
            old64[0][l] = old;
        else
            R->c[0][l].u = (uint32_t)old;
    }
    gp_insn q;
    mem_insn_x(in, &q);
    if (wide)
        store64(x, &q, old64, mem_kind64(e));
    else
        store(x, &q, R, gp_cvt_gptype(e), false);
}

/* ---- images (EXT_shader_image_load_store "Dependencies on NV_gpu_
 * program5"; glprog.h gp_image_request) ----
 * One env->memory->image call per distinct image of the lanes: the unit
 * (tex_unit, or per lane tex_unit + T[tex_rel_reg].tex_rel_comp within
 * [tex_base, tex_base + tex_count) for image arrays: GP_TEXF_INDEXED) or
 * the 64-bit handle (GP_TEXF_HANDLE; 0 is no image).  Lanes without an
 * image, and every lane without an image function, read 0 and write
 * nothing (EDGE.IMG_INVALID).  LOADIM: the raw elements come back zero-
 * extended; here F16 becomes its float, S8 / S16 are sign-extended, and a
 * 1-element result is (v, 0, 0, 1), an X2 one (v, v', 0, 1), "1" of the
 * base type (EDGE.IMG_FILL).  STOREIM with a storage modifier hands the
 * elements as stored (F16: binary16 bits in the low 16 bits, nearest even;
 * 8 / 16-bit: the callee keeps the low bits, EDGE.IMG_STORE_TRUNC); a
 * formatted STOREIM the data as read with the instruction's type.
 * ATOMIM: x = operand (CSWAP: x compare, y new value), dst.x = the old
 * texel.  Stores and atomics only for live lanes, as above. */
static void image_call(gp_xs *x, const gp_insn *in, gp_image_request *req, gp_vec *out)
{
    memset(out, 0, sizeof(*out));
    const gp_memory *mm = x->env->memory;
    if (!req->lane_mask || !mm || !mm->image)
        return;
    if (!(in->tex_flags & (GP_TEXF_INDEXED | GP_TEXF_HANDLE))) {
        if (req->unit < GP_MAX_IMAGE_UNITS)
            mm->image(mm->image_user, req, out);
        return;
    }
    uint64_t key[GP_LANES];
    bool handles = (in->tex_flags & GP_TEXF_HANDLE) != 0;
    if (handles) {
        uint64_t h[4][GP_LANES];
        fetch64(x, &in->tex_handle, GP_KIND_U, h);
        for (int l = 0; l < GP_LANES; l++)
            key[l] = h[0][l];
    } else {
        const gp_vec *ir = reg_file(x, GP_FILE_TEMP, in->tex_rel_reg);
        for (int l = 0; l < GP_LANES; l++) {
            int64_t u = (int64_t)in->tex_unit + (ir ? ir->c[in->tex_rel_comp & 3][l].i : 0);
            bool ok = u >= in->tex_base && u < (int64_t)in->tex_base + in->tex_count &&
                      u < GP_MAX_IMAGE_UNITS;
            key[l] = ok ? (uint64_t)u : UINT64_MAX;
        }
    }
    req->bindless = handles;
    uint32_t todo = req->lane_mask;
    gp_vec tmp;
    while (todo) {
        uint64_t k = key[lane_first(todo)];
        uint32_t group = 0;
        for (uint32_t b = todo; b; b &= b - 1) {
            int l = lane_first(b);
            if (key[l] == k)
                group |= lane_bit[l];
        }
        todo &= ~group;
        if (handles ? k == 0 : k == UINT64_MAX)
            continue;
        if (handles)
            req->handle = k;
        else
            req->unit = (uint8_t)k;
        req->lane_mask = group;
        memset(&tmp, 0, sizeof(tmp));
        mm->image(mm->image_user, req, &tmp);
        for (int c = 0; c < 4; c++)
            for (uint32_t g = group; g; g &= g - 1) {
                int l = lane_first(g);
                out->c[c][l] = tmp.c[c][l];
            }
    }
}

static GP_NOINLINE void exec_image(gp_xs *x, const gp_insn *in, int op)
{
    gp_machine *m = x->m;
    gp_image_request req;
    memset(&req, 0, sizeof(req));
    req.op = (uint8_t)op;
    req.target = in->tex_target;
    req.unit = in->tex_unit;
    req.elem = in->mem_elem;
    req.count = (uint8_t)(op == GP_IMG_STORE_FORMATTED ? 0 : mem_count_of(in));
    req.type = in->type;
    req.atom = in->mem_atom;
    req.coord = fetch(x, &in->src[op == GP_IMG_LOAD ? 0 : 1], &m->opnd[1], GP_TYPE_S32);
    gp_vec data;
    if (op == GP_IMG_STORE || op == GP_IMG_ATOM) {
        int t = op == GP_IMG_STORE ? gp_cvt_gptype(in->mem_elem) : in->type;
        const gp_vec *d = fetch(x, &in->src[0], &m->opnd[0], t);
        data = *d;
        if (op == GP_IMG_STORE && in->mem_elem == GP_CVT_F16)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    data.c[c][l].u = gp_f32_to_f16(data.c[c][l].f);
        req.data = &data;
    } else if (op == GP_IMG_STORE_FORMATTED) {
        int t = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
        req.type = (uint8_t)t;
        req.data = fetch(x, &in->src[0], &m->opnd[0], t);
    }
    req.lane_mask = op == GP_IMG_LOAD ? x->exec : x->exec & x->live;
    gp_vec *out = &m->tex;
    image_call(x, in, &req, out);
    if (op == GP_IMG_LOAD) {
        const int e = in->mem_elem, cnt = mem_count_of(in);
        int rtype = gp_cvt_gptype(e);
        gp_val one = { .u = rtype == GP_TYPE_F32 ? 0x3f800000u : 1u };
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                if (c < cnt)
                    out->c[c][l].u = mem_decode32(e, out->c[c][l].u);
                else
                    out->c[c][l] = c == 3 ? one : (gp_val){ .u = 0 };
            }
        store(x, in, out, rtype, false);
    } else if (op == GP_IMG_ATOM) {
        gp_insn q;
        mem_insn_x(in, &q);
        int rtype = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
        store(x, &q, out, rtype, false);
    }
}

/* ---- the interpreter -------------------------------------------------------- */

/* Per-lane loops over the components of the write mask. */
#define FOR_MASK(c) for (int c = 0; c < 4; c++) if (wmask >> c & 1)
#define FOR_LANES(l) for (int l = 0; l < GP_LANES; l++)

GP_EXEC_ENTRY_LINKAGE void GP_EXEC_ENTRY(const gp_program *p, gp_exec_env *env)
{
    gp_machine *m = env->machine;
    const gp_insn *code = p->insns;
    const gp_insn *in;
    gp_vec *R = &m->res;
    uint32_t wmask;
    gp_xs x;

    env->killed_mask = 0;
    env->status = GP_EXEC_OK;
    env->insn_used = 0;

    /* every field is set below; the per-file tables start empty */
    memset(x.file_base, 0, sizeof(x.file_base));
    memset(x.file_count, 0, sizeof(x.file_count));
    memset(x.base, 0, sizeof(x.base));
    x.steps = 0;
    x.pinned = 0;
    x.cc_extra = NULL;
    x.p = p;
    x.env = env;
    x.m = m;
    x.fragment = p->info.stage == GP_STAGE_FRAGMENT;
    x.num_inputs = stage_inputs(p->info.stage);
    /* vertex.id / vertex.instance: rows after the attributes (glprog.h) */
    if (p->info.stage == GP_STAGE_VERTEX &&
        (p->info.inputs_read >> GP_VIN_VERTEXID & 3u) != 0)
        x.num_inputs = GP_VIN_SLOTS;
    /* LONG ATTRIB high words: rows GP_VIN_LONG_HI.. (glprog.h) */
    if (p->info.stage == GP_STAGE_VERTEX && (p->info.inputs_read >> GP_VIN_LONG_HI) != 0)
        x.num_inputs = GP_VIN_ROWS;
    /* geometry: gs_vertices_in vertices of GP_VARY_COUNT rows (glprog.h),
     * read only by fetch_geo_input and the prepared cases */
    x.geometry = p->info.stage == GP_STAGE_GEOMETRY;
    x.geo_vertices = x.geometry && p->info.gs_vertices_in > 0 ? p->info.gs_vertices_in : 0;
    if (x.geometry)
        x.num_inputs = x.geo_vertices * GP_VARY_COUNT;
    x.num_outputs = stage_outputs(p->info.stage);
    machine_reserve_temps(m, p->num_temps);
    x.num_temps = p->num_temps < m->temp_cap ? p->num_temps : m->temp_cap;
    x.file_base[GP_FILE_TEMP] = m->temps;
    x.file_count[GP_FILE_TEMP] = x.num_temps;
    x.file_base[GP_FILE_INPUT] = (gp_vec *)env->inputs; /* never written */
    x.file_count[GP_FILE_INPUT] = env->inputs && !x.geometry ? x.num_inputs : 0;
    if (p->uses_thread && !x.geometry && env->inputs && x.num_inputs <= GP_IN_THREAD) {
        /* NV_shader_thread_group rows (gp_ir.h GP_IN_THREAD): a copy of the
         * inputs with them after it; the prepared cases never read them */
        memcpy(m->tin, env->inputs, (size_t)x.num_inputs * sizeof(gp_vec));
        gp_vec *t = &m->tin[GP_IN_THREAD];
        memset(t, 0, 3 * sizeof(gp_vec));
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t lt = (1u << l) - 1, le = (2u << l) - 1, all = (uint32_t)((1ull << GP_LANES) - 1);
            t[0].c[0][l].u = (uint32_t)l;
            t[0].c[3][l].i = x.fragment && (env->helper_mask >> l & 1) ? -1 : 0;
            t[1].c[0][l].u = 1u << l;
            t[1].c[1][l].u = lt;
            t[1].c[2][l].u = le & all;
            t[1].c[3][l].u = all & ~le;
            t[2].c[0][l].u = all & ~lt;
        }
        x.file_base[GP_FILE_INPUT] = m->tin;
        x.file_count[GP_FILE_INPUT] = GP_IN_THREAD + 3;
    }
    x.file_base[GP_FILE_OUTPUT] = env->outputs;
    x.file_count[GP_FILE_OUTPUT] = env->outputs ? x.num_outputs : 0;
    x.file_count[GP_FILE_PARAM] = env->params ? p->info.num_params : 0;
    /* A0 exists even when none is declared (the NV_fragment_program2 loop
     * index). */
    int naddr = p->num_address < 1 ? 1 : p->num_address > GP_EXEC_ADDR_REGS ? GP_EXEC_ADDR_REGS
                                                                               : p->num_address;
    x.file_base[GP_FILE_ADDRESS] = m->addr;
    x.file_count[GP_FILE_ADDRESS] = naddr;

    /* a new parameter table: forget the broadcasts of the last call */
    if (++m->gen == 0) {
        memset(m->pcache_gen, 0, sizeof(m->pcache_gen));
        m->gen = 1;
    }

    /* Run-time limits (gp_ir.h); the call depth is bounded by the stack. */
    x.call_depth = p->max_call_depth > 0 ? p->max_call_depth : GP_EXEC_CALL_DEPTH;
    if (x.call_depth > GP_EXEC_STACK - 16)
        x.call_depth = GP_EXEC_STACK - 16;
    x.if_depth = p->max_if_depth;
    x.loop_depth = p->max_loop_depth;
    x.loop_count = p->max_loop_count;
    x.exec_limit = p->max_exec_instructions;

    uint32_t lanes = (env->live_mask | env->helper_mask) & GP_LANE_ALL;
    x.live = env->live_mask & GP_LANE_ALL;
    if (x.fragment)
        lanes &= quads_any(x.live); /* a quad with no covered pixel computes nothing observable */

    /* The prepared program.  Its fast cases need every register file in
     * place and inputs and outputs apart (they may write a destination
     * before reading all operands); otherwise the generic cases run all. */
    gp_xprep *xp = prep_get(m, p);
    bool own_temps = x.num_temps == p->num_temps;
    const gp_xop *xops = NULL;
    if (xp && own_temps && env->inputs && env->outputs && (env->params || !xp->nslots)) {
        const char *i0 = (const char *)env->inputs, *o0 = (const char *)env->outputs;
        const char *i1 = i0 + (size_t)x.num_inputs * sizeof(gp_vec);
        const char *o1 = o0 + (size_t)x.num_outputs * sizeof(gp_vec);
        if (i1 <= o0 || o1 <= i0) {
            xops = xp->ops;
            if (xp->nslots)
                prep_params(xp, env->params);
            x.base[GP_XB_TEMP] = (char *)m->temps;
            x.base[GP_XB_IN] = (char *)env->inputs;
            x.base[GP_XB_OUT] = (char *)env->outputs;
            x.base[GP_XB_PBC] = (char *)xp->pbc;
        }
    }
    const bool fast = xops != NULL;

    /* Registers start defined (zero; CC = EQ, NV_fragment_program_option
     * 3.11.3.X) so results never depend on the previous task of this
     * thread: all of them, or, with a prepared program, what it can read. */
    if (xp && own_temps && xp->nzero >= 0 && lanes == GP_LANE_ALL) {
        for (int k = 0; k < xp->nzero; k++)
            memset(&m->temps[xp->zero[k]], 0, sizeof(gp_vec));
    } else if (x.num_temps > 0) {
        memset(m->temps, 0, (size_t)x.num_temps * sizeof(gp_vec));
    }
    if (!xp || xp->uses_addr)
        memset(m->addr, 0, (size_t)naddr * sizeof(gp_vec));
    if (!xp || xp->uses_cc)
        for (int r = 0; r < 2; r++)
            for (int c = 0; c < 4; c++)
                FOR_LANES(l) m->cc[r][c][l] = GP_CC_ZF;
    if (!xp || xp->uses_stack) {
        memset(m->lane_calls, 0, sizeof(m->lane_calls));
        memset(m->lane_loops, 0, sizeof(m->lane_loops));
        memset(m->lane_ifs, 0, sizeof(m->lane_ifs));
    }
    if (x.exec_limit)
        memset(m->lane_steps, 0, sizeof(m->lane_steps));

    /* xdirect: in place with every lane running, or, into temporaries,
     * with all of these (whole quads in fragment programs) */
    x.direct_exec[GP_XB_TEMP] = !x.fragment || quads_any(lanes) == lanes ? lanes : GP_LANE_ALL;
    x.direct_exec[GP_XB_IN] = GP_XD_NEVER;
    x.direct_exec[GP_XB_OUT] = GP_LANE_ALL;
    x.direct_exec[GP_XB_PBC] = GP_XD_NEVER;
    x.alive = x.exec = lanes;
    x.pc = p->entry;
    x.sp = 0;
    x.stop_pc = -1;
    uint64_t budget = env->insn_budget ? env->insn_budget : GP_DEFAULT_INSN_BUDGET;
    x.budget = budget > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)budget;
    x.budget0 = x.budget;
    if (!x.exec)
        return;
    xs_start_group(&x);

    /* Per instruction: merge with a parked group waiting here, count the
     * instruction against the watchdog (env->insn_budget, lane-instructions
     * per task) and max_exec_instructions (per lane, NV_fragment_program2
     * 3.11.4.X), then decode nothing: the IR is final. */
#define GP_FETCH()                                                   \
    do {                                                             \
        if (GP_UNLIKELY(x.pc == x.stop_pc)) {                        \
            xs_schedule(&x);                                         \
            if (!x.exec)                                             \
                goto gp_done;                                        \
        }                                                            \
        if (GP_UNLIKELY(++x.steps > x.left)) {                       \
            if (!xs_limit(&x))                                       \
                goto gp_budget;                                      \
            if (!x.exec)                                             \
                goto gp_done;                                        \
            goto gp_top;                                             \
        }                                                            \
    } while (0)

    /* The jump index: the kind of the prepared instruction (a fast kind or
     * its opcode) or, without one, the opcode: the first 16 bits of a
     * gp_xop or of a gp_insn.  A generic case starts by decoding nothing
     * but where its instruction is (GP_CASE); fast cases need less. */
    const char *kbase = fast ? (const char *)xops : (const char *)code;
    const size_t kstride = fast ? sizeof(gp_xop) : sizeof(gp_insn);
#define GP_KIND() (*(const uint16_t *)(const void *)(kbase + (size_t)x.pc * kstride))
#define GP_GENERIC() (in = &code[x.pc], wmask = in->dst.mask, x.pinned = 0)
#if GP_EXEC_USE_SWITCH
#define GP_CASE(name) case GP_OP_##name: L_##name:
#define GP_XCASE(name) case GP_OP_COUNT + GP_XK_##name: LX_##name:
#define GP_DISPATCH() GP_GENERIC(); switch (GP_KIND())
#define GP_NEXT() { x.pc++; goto gp_top; }
#define GP_GOTO() { if (!x.exec) goto gp_done; goto gp_top; }
#else
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Winitializer-overrides"
#else
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverride-init"
#endif
    /* Built from gp_opcodes.def: every row jumps to its case L_<name> (and
     * its fast case LX_<name>), so a row without one does not compile. */
    static const void *const gp_jump[GP_OP_COUNT + GP_XK_COUNT] = {
#define GP_OP(name, cls, nsrc, types, mods, nv4, io, profiles, flags, options, fast, doc) \
        [GP_OP_##name] = &&L_##name,
#include "gp_opcodes.def"
#undef GP_OP
#define GP_XK_ENTRY(name, shape) [GP_OP_COUNT + GP_XK_##name] = &&LX_##name,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
    };
#if defined(__clang__)
#pragma clang diagnostic pop
#else
#pragma GCC diagnostic pop
#endif
#define GP_CASE(name) L_##name: GP_GENERIC();
#define GP_XCASE(name) LX_##name:
#define GP_DISPATCH() goto *gp_jump[GP_KIND()];
#define GP_NEXT() { x.pc++; GP_FETCH(); goto *gp_jump[GP_KIND()]; }
#define GP_GOTO() { if (!x.exec) goto gp_done; GP_FETCH(); goto *gp_jump[GP_KIND()]; }
#endif

#define VIEW(i, need)                                                           \
    gp_view v##i;                                                               \
    fetch_view(&x, &in->src[i], &m->opnd[i], GP_TYPE_F32, (need), &v##i)
#define SRC(i) fetch(&x, &in->src[i], &m->opnd[i], GP_TYPE_F32)
#define SCA(i) fetch_scalar(&x, &in->src[i], &m->opnd[i], GP_TYPE_F32)
#define STORE() store(&x, in, R, GP_TYPE_F32, false)
#define STORE_SCALAR() store(&x, in, R, GP_TYPE_F32, true)

gp_top:
    GP_FETCH();
    GP_DISPATCH()
    {
    /* ---- ARB_vertex_program 2.14.5 / ARB_fragment_program 3.11.5 and the
     * NV options: one kernel each (the semantics sit with the kernels) ---- */
#define OP1(NAME, k)                                                     \
    GP_CASE(NAME)                                                        \
    {                                                                    \
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))                        \
            goto gp_typed;                                               \
        VIEW(0, wmask);                                                  \
        FOR_MASK(c) k_##k(ROW(R->c[c]), ROW(v0.c[c]));                   \
        STORE();                                                         \
        GP_NEXT();                                                       \
    }
#define OP2(NAME, k)                                                     \
    GP_CASE(NAME)                                                        \
    {                                                                    \
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))                        \
            goto gp_typed;                                               \
        VIEW(0, wmask);                                                  \
        VIEW(1, wmask);                                                  \
        FOR_MASK(c) k_##k(ROW(R->c[c]), ROW(v0.c[c]), ROW(v1.c[c]));     \
        STORE();                                                         \
        GP_NEXT();                                                       \
    }
#define OP3(NAME, k)                                                     \
    GP_CASE(NAME)                                                        \
    {                                                                    \
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))                        \
            goto gp_typed;                                               \
        VIEW(0, wmask);                                                  \
        VIEW(1, wmask);                                                  \
        VIEW(2, wmask);                                                  \
        FOR_MASK(c) k_##k(ROW(R->c[c]), ROW(v0.c[c]), ROW(v1.c[c]),      \
                          ROW(v2.c[c]));                                 \
        STORE();                                                         \
        GP_NEXT();                                                       \
    }
#define OPS1(NAME, k)                                                    \
    GP_CASE(NAME)                                                        \
    {                                                                    \
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))                        \
            goto gp_typed;                                               \
        k_##k(ROW(R->c[0]), ROW(SCA(0)));                                \
        STORE_SCALAR();                                                  \
        GP_NEXT();                                                       \
    }
    OP1(ABS, abs)
    OP1(FLR, flr)
    OP1(FRC, frc)
    OP1(SSG, ssg)
    OP2(ADD, add)
    OP2(SUB, sub)
    OP2(MUL, mul)
    OP2(MAX, max)
    OP2(MIN, min)
    OP2(SGE, sge)
    OP2(SLT, slt)
    OP2(SEQ, seq)
    OP2(SNE, sne)
    OP2(SGT, sgt)
    OP2(SLE, sle)
    OP3(MAD, mad)
    OP3(CMP, cmp)
    OP3(LRP, lrp)
    OPS1(EX2, ex2)
    OPS1(LG2, lg2)
    OPS1(RCP, rcp)
    OPS1(RCC, rcc)
    OPS1(RSQ, rsq)
    OPS1(COS, cos)
    OPS1(SIN, sin)
#undef OP1
#undef OP2
#undef OP3
#undef OPS1
    /* NV_gpu_program4: the integer opcodes, and the .S / .U forms of the
     * cases above (exec_typed) */
    GP_CASE(AND)
    GP_CASE(OR)
    GP_CASE(XOR)
    GP_CASE(NOT)
    GP_CASE(SHL)
    GP_CASE(SHR)
    GP_CASE(MOD)
    GP_CASE(CEIL)
    GP_CASE(ROUND)
    GP_CASE(TRUNC)
    GP_CASE(I2F)
    GP_CASE(SAD)
    /* NV_gpu_program5: bit-field instructions and thread-group votes (the
     * same generic case, so that the interpreter loop stays as it was) */
    GP_CASE(BFE)
    GP_CASE(BFI)
    GP_CASE(BFR)
    GP_CASE(BTC)
    GP_CASE(BTFL)
    GP_CASE(BTFM)
    GP_CASE(TGALL)
    GP_CASE(TGANY)
    GP_CASE(TGEQ)
    GP_CASE(CVT)
    GP_CASE(PK64) /* NV_gpu_program5 64-bit data: exec_wide */
    GP_CASE(UP64)
    GP_CASE(IPAC)
    GP_CASE(IPAO)
    GP_CASE(IPAS)
    gp_typed:
    {
        exec_typed(&x, in);
        GP_NEXT();
    }
    GP_CASE(MOV)
    GP_CASE(SWZ)
    {
        /* SWZ's selectors, 0/1 and per-component negation are all in the
         * operand (gp_ir.h), so it is a MOV (2.14.5.26).  The operand rows
         * are stored directly unless they may be rows of the destination
         * (MOV R0, R0.yxwz reads R0.x after writing it otherwise) or need
         * precision / clamping. */
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))
            goto gp_typed;
        VIEW(0, wmask);
        bool same = in->src[0].file == in->dst.file &&
                    (in->src[0].index == in->dst.index || in->src[0].rel || in->dst.rel);
        if (same || in->sat || in->precision == 'H' || in->precision == 'X') {
            FOR_MASK(c) memcpy(R->c[c], v0.c[c], sizeof(R->c[c]));
            STORE();
        } else {
            store_rows(&x, in, v0.c, GP_TYPE_F32);
        }
        GP_NEXT();
    }
    GP_CASE(SFL)
    GP_CASE(STR)
    {
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))
            goto gp_typed;
        const float v = in->op == GP_OP_STR ? 1.0f : 0.0f;
        FOR_MASK(c) FOR_LANES(l) R->c[c][l].f = v;
        STORE();
        GP_NEXT();
    }
    GP_CASE(POW)
    {
        const gp_val *a = SCA(0), *b = SCA(1);
        k_pow(ROW(R->c[0]), ROW(a), ROW(b));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DIV)
    {
        if (GP_UNLIKELY(in->type != GP_TYPE_F32))
            goto gp_typed;
        VIEW(0, wmask);
        const gp_val *b = SCA(1);
        FOR_MASK(c) k_div(ROW(R->c[c]), ROW(v0.c[c]), ROW(b));
        STORE();
        GP_NEXT();
    }
    GP_CASE(DP2)
    {
        VIEW(0, 0x3u);
        VIEW(1, 0x3u);
        k_dp2(ROW(R->c[0]), ROW(v0.c[0]), ROW(v0.c[1]), ROW(v1.c[0]), ROW(v1.c[1]));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DP2A)
    {
        VIEW(0, 0x3u);
        VIEW(1, 0x3u);
        VIEW(2, 0x1u);
        k_dp2a(ROW(R->c[0]), ROW(v0.c[0]), ROW(v0.c[1]), ROW(v1.c[0]), ROW(v1.c[1]),
               ROW(v2.c[0]));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DP3)
    {
        VIEW(0, 0x7u);
        VIEW(1, 0x7u);
        k_dp3(ROW(R->c[0]), ROW(v0.c[0]), ROW(v0.c[1]), ROW(v0.c[2]), ROW(v1.c[0]),
              ROW(v1.c[1]), ROW(v1.c[2]));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DP4)
    {
        VIEW(0, 0xfu);
        VIEW(1, 0xfu);
        k_dp4(ROW(R->c[0]), ROW(v0.c[0]), ROW(v0.c[1]), ROW(v0.c[2]), ROW(v0.c[3]),
              ROW(v1.c[0]), ROW(v1.c[1]), ROW(v1.c[2]), ROW(v1.c[3]));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DPH)
    {
        /* 2.14.5.6: DP4 with a.w = 1 */
        VIEW(0, 0x7u);
        VIEW(1, 0xfu);
        k_dp4(ROW(R->c[0]), ROW(v0.c[0]), ROW(v0.c[1]), ROW(v0.c[2]), ROW(gp_const_rows[2]),
              ROW(v1.c[0]), ROW(v1.c[1]), ROW(v1.c[2]), ROW(v1.c[3]));
        STORE_SCALAR();
        GP_NEXT();
    }
    GP_CASE(DST)
    {
        /* 2.14.5.7: (1, a.y*b.y, a.z, b.w) */
        VIEW(0, 0x6u);
        VIEW(1, 0xau);
        fill_row(R->c[0], gp_const_rows[2][0]);
        k_mul(ROW(R->c[1]), ROW(v0.c[1]), ROW(v1.c[1]));
        memcpy(R->c[2], v0.c[2], sizeof(R->c[2]));
        memcpy(R->c[3], v1.c[3], sizeof(R->c[3]));
        STORE();
        GP_NEXT();
    }
    GP_CASE(XPD)
    {
        /* w is undefined (2.14.5.27) and written as 0. */
        VIEW(0, 0x7u);
        VIEW(1, 0x7u);
        k_xpd(R->c[0], R->c[1], R->c[2], v0.c[0], v0.c[1], v0.c[2], v1.c[0], v1.c[1], v1.c[2]);
        fill_row(R->c[3], gp_const_rows[0][0]);
        STORE();
        GP_NEXT();
    }
    GP_CASE(LIT)
    {
        VIEW(0, 0xbu);
        fill_row(R->c[0], gp_const_rows[2][0]);
        k_lit(R->c[1], R->c[2], v0.c[0], v0.c[1], v0.c[3]);
        fill_row(R->c[3], gp_const_rows[2][0]);
        STORE();
        GP_NEXT();
    }
    GP_CASE(NRM)
    {
        /* w is undefined (NV_fragment_program2 3.11.5.51) and written as 0. */
        VIEW(0, 0x7u);
        k_nrm(R->c[0], R->c[1], R->c[2], v0.c[0], v0.c[1], v0.c[2]);
        fill_row(R->c[3], gp_const_rows[0][0]);
        STORE();
        GP_NEXT();
    }
    GP_CASE(RFL)
    {
        /* w is undefined (NV_fragment_program_option 3.11.5.36), written 0. */
        VIEW(0, 0x7u);
        VIEW(1, 0x7u);
        k_rfl(R->c[0], R->c[1], R->c[2], v0.c[0], v0.c[1], v0.c[2], v1.c[0], v1.c[1], v1.c[2]);
        fill_row(R->c[3], gp_const_rows[0][0]);
        STORE();
        GP_NEXT();
    }
    GP_CASE(X2D)
    {
        VIEW(0, 0x3u);
        VIEW(1, 0x3u);
        VIEW(2, 0xfu);
        k_x2d(R->c[0], R->c[1], v0.c[0], v0.c[1], v1.c[0], v1.c[1], v2.c[0], v2.c[1], v2.c[2],
              v2.c[3]);
        memcpy(R->c[2], R->c[0], sizeof(R->c[2]));
        memcpy(R->c[3], R->c[1], sizeof(R->c[3]));
        STORE();
        GP_NEXT();
    }
    GP_CASE(EXP)
    {
        k_exp(R, SCA(0));
        STORE();
        GP_NEXT();
    }
    GP_CASE(LOG)
    {
        k_log(R, SCA(0));
        STORE();
        GP_NEXT();
    }
    GP_CASE(SCS)
    {
        k_scs(R, SCA(0));
        STORE();
        GP_NEXT();
    }
    GP_CASE(DDX)
    GP_CASE(DDY)
    {
        VIEW(0, wmask);
        quad_derivative(&x, &v0, R, wmask, in->op == GP_OP_DDY);
        STORE();
        GP_NEXT();
    }
    GP_CASE(PK2H)
    GP_CASE(PK2US)
    GP_CASE(PK4B)
    GP_CASE(PK4UB)
    {
        /* The packed word is raw bits: no precision, clamp or float CC. */
        VIEW(0, 0xfu);
        k_pk(R->c[0], &v0, in->op);
        store(&x, in, R, GP_TYPE_U32, true);
        GP_NEXT();
    }
    GP_CASE(UP2H)
    GP_CASE(UP2US)
    GP_CASE(UP4B)
    GP_CASE(UP4UB)
    {
        /* the packed operand is read with the instruction's type (Table
         * X.13 "s"; .S/.U negation is two's complement, 2.X.4.2); the
         * result is always float */
        int k = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
        k_up(R, fetch_scalar(&x, &in->src[0], &m->opnd[0], k), in->op);
        STORE();
        GP_NEXT();
    }
    /* ---- address registers ---- */
    GP_CASE(ARL)
    {
        /* ARB 2.14.5.3 (scalar to A0.x) / NV_vertex_program2_option
         * (vector): floor, to integer. */
        VIEW(0, wmask);
        FOR_MASK(c) FOR_LANES(l) R->c[c][l].i = gp_f2i(gp_floorf(v0.c[c][l].f));
        store(&x, in, R, GP_TYPE_S32, false);
        GP_NEXT();
    }
    GP_CASE(ARR)
    {
        /* NV_vertex_program2_option 2.14.5.29: round, ties to even. */
        VIEW(0, wmask);
        FOR_MASK(c) FOR_LANES(l) R->c[c][l].i = gp_f2i(rintf(v0.c[c][l].f));
        store(&x, in, R, GP_TYPE_S32, false);
        GP_NEXT();
    }
    GP_CASE(ARA)
    {
        /* 2.14.5.28: (x+z, y+w, x+z, y+w) of an address register, no swizzle. */
        const gp_vec *a = reg_file(&x, GP_FILE_ADDRESS, in->src[0].index);
        FOR_LANES(l) {
            int32_t s0 = 0, s1 = 0;
            if (a) {
                s0 = (int32_t)((uint32_t)a->c[0][l].i + (uint32_t)a->c[2][l].i);
                s1 = (int32_t)((uint32_t)a->c[1][l].i + (uint32_t)a->c[3][l].i);
            }
            R->c[0][l].i = R->c[2][l].i = s0;
            R->c[1][l].i = R->c[3][l].i = s1;
        }
        store(&x, in, R, GP_TYPE_S32, false);
        GP_NEXT();
    }
    GP_CASE(PUSHA)
    {
        /* NV_vertex_program3 2.14.5.44: onto the call stack. */
        const gp_vec *a = reg_file(&x, GP_FILE_ADDRESS, in->src[0].index);
        int32_t v[4][GP_LANES];
        for (int c = 0; c < 4; c++)
            FOR_LANES(l) v[c][l] = a ? a->c[c][l].i : 0;
        uint32_t pushed = stk_push(&x, x.exec, GP_STK_ADDR, v);
        x.pc++;
        if (pushed)
            x.sp++;
        xs_schedule(&x);
        GP_GOTO();
    }
    GP_CASE(POPA)
    {
        /* NV_vertex_program3 2.14.5.43: an empty stack or a return address
         * on top terminates the lane abnormally. */
        uint32_t bad = 0;
        if (x.sp == 0) {
            bad = x.exec;
        } else {
            FOR_LANES(l) {
                if (!(x.exec & lane_bit[l]))
                    continue;
                if (m->stk_kind[x.sp - 1][l] != GP_STK_ADDR) {
                    bad |= lane_bit[l];
                    continue;
                }
                for (int c = 0; c < 4; c++)
                    R->c[c][l].i = m->stk_val[x.sp - 1][c][l];
                m->lane_calls[l]--;
            }
        }
        xs_terminate(&x, bad);
        if (x.exec) {
            store(&x, in, R, GP_TYPE_S32, false);
            x.sp--;
        }
        x.pc++;
        xs_schedule(&x);
        GP_GOTO();
    }
    /* ---- fragment kill ---- */
    GP_CASE(KIL)
    {
        /* ARB_fragment_program 3.11.6.4: any component < 0; NV form
         * (NV_fragment_program_option 3.11.6.4): the CC test holds for any
         * component.  KIL.U never kills (NV_fragment_program4). */
        uint32_t kill = 0;
        if (in->src[0].file == GP_FILE_NONE) {
            kill = cc_any(&x, &in->cond);
        } else if (in->type == GP_TYPE_S32) {
            const gp_vec *a = fetch(&x, &in->src[0], &m->opnd[0], GP_TYPE_S32);
            FOR_LANES(l) if ((a->c[0][l].i | a->c[1][l].i | a->c[2][l].i | a->c[3][l].i) < 0)
                kill |= lane_bit[l];
        } else if (in->type != GP_TYPE_U32) {
            const gp_vec *a = SRC(0);
            FOR_LANES(l) if (a->c[0][l].f < 0.0f || a->c[1][l].f < 0.0f || a->c[2][l].f < 0.0f ||
                             a->c[3][l].f < 0.0f)
                kill |= lane_bit[l];
        }
        xs_kill(&x, kill);
        x.pc++;
        if (!x.exec)
            xs_schedule(&x);
        GP_GOTO();
    }
    /* ---- textures ---- */
    GP_CASE(TEX)
    {
        do_tex(&x, in, GP_TEXOP_TEX);
        GP_NEXT();
    }
    GP_CASE(TXF)
    {
        do_tex(&x, in, GP_TEXOP_TXF);
        GP_NEXT();
    }
    GP_CASE(TXQ)
    {
        do_tex(&x, in, GP_TEXOP_TXQ);
        GP_NEXT();
    }
    GP_CASE(TXFMS)
    {
        /* NV_explicit_multisample 2.X.4.4 TexelFetchMultisample: coordinate
         * (x, y, layer, sample) signed, result of the instruction's type */
        do_tex(&x, in, GP_TEXOP_TXFMS);
        GP_NEXT();
    }
    GP_CASE(TXP)
    {
        do_tex(&x, in, GP_TEXOP_TXP);
        GP_NEXT();
    }
    /* ---- geometry programs (NV_geometry_program4 2.X.8 EMIT, ENDPRIM) ----
     * One env->emit call per executed instruction with the running group's
     * lanes (glprog.h gp_emit_fn): lanes run their own instructions in their
     * own order, so each lane's calls come in its program order.  The result
     * registers keep their values (the spec leaves them undefined). */
    GP_CASE(EMIT)
    {
        uint32_t lanes = x.exec & x.live;
        if (lanes && env->emit)
            env->emit(env->emit_user, GP_EMIT_VERTEX, env->outputs, lanes);
        GP_NEXT();
    }
    GP_CASE(EMITS)
    {
        /* NV_gpu_program5 EMITS: a vertex of stream s = src.x (signed).
         * Only stream 0 is rasterized and asmgl has no transform feedback,
         * so lanes naming any other stream (1..3, or one outside
         * [0, MAX_VERTEX_STREAMS): undefined in the spec) emit nothing:
         * env->emit sees only the stream-0 lanes, as GP_EMIT_VERTEX. */
        uint32_t lanes = x.exec & x.live, s0 = 0;
        if (lanes && env->emit) {
            const gp_vec *a = fetch(&x, &in->src[0], &m->opnd[0], GP_TYPE_S32);
            FOR_LANES(l) if ((lanes & lane_bit[l]) && a->c[0][l].i == 0)
                s0 |= lane_bit[l];
            if (s0)
                env->emit(env->emit_user, GP_EMIT_VERTEX, env->outputs, s0);
        }
        GP_NEXT();
    }
    GP_CASE(ENDPRIM)
    {
        uint32_t lanes = x.exec & x.live;
        if (lanes && env->emit)
            env->emit(env->emit_user, GP_EMIT_ENDPRIM, env->outputs, lanes);
        GP_NEXT();
    }
    GP_CASE(TXB)
    {
        do_tex(&x, in, GP_TEXOP_TXB);
        GP_NEXT();
    }
    GP_CASE(TXL)
    {
        do_tex(&x, in, GP_TEXOP_TXL);
        GP_NEXT();
    }
    GP_CASE(TXD)
    {
        do_tex(&x, in, GP_TEXOP_TXD);
        GP_NEXT();
    }
    /* NV_gpu_program5 2.X.8.Z TXG, TXGO, LOD (do_tex) */
    GP_CASE(TXG)
    {
        do_tex(&x, in, GP_TEXOP_TXG);
        GP_NEXT();
    }
    GP_CASE(TXGO)
    {
        do_tex(&x, in, GP_TEXOP_TXGO);
        GP_NEXT();
    }
    GP_CASE(LOD)
    {
        do_tex(&x, in, GP_TEXOP_LOD);
        GP_NEXT();
    }
    /* ---- flow control (targets: gp_ir.h) ---- */
    GP_CASE(BRA)
    {
        /* NV_vertex_program2_option 2.14.5.30 */
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        xs_branch(&x, t, in->target, x.sp, x.pc + 1, x.sp);
        GP_GOTO();
    }
    GP_CASE(CAL)
    {
        /* 2.14.5.31 / NV_fragment_program2 3.11.X.2: push the return
         * address; a full call stack terminates the calling lanes. */
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        if (t) {
            int32_t v[4][GP_LANES];
            FOR_LANES(l) v[0][l] = v[1][l] = v[2][l] = v[3][l] = x.pc + 1;
            t = stk_push(&x, t, GP_STK_CALL, v);
        }
        xs_branch(&x, t, in->target, x.sp + 1, x.pc + 1, x.sp);
        GP_GOTO();
    }
    GP_CASE(TGBALLOT)
    GP_CASE(QSWZ0)
    GP_CASE(QSWZ1)
    GP_CASE(QSWZ2)
    GP_CASE(QSWZ3)
    GP_CASE(QSWZX)
    GP_CASE(QSWZY)
    {
        exec_thread_group(&x, in);
        GP_NEXT();
    }
    GP_CASE(SHFDOWN)
    GP_CASE(SHFIDX)
    GP_CASE(SHFUP)
    GP_CASE(SHFXOR)
    {
        exec_shuffle(&x, in);
        GP_NEXT();
    }
    GP_CASE(CALI)
    {
        /* NV5 CALI (ARB_shader_subroutine, NV_gpu_program5 section):
         * like CAL, but each lane calls the label its subroutine
         * parameter selects (gp_ir.h gp_program.sub_elem_param); a lane
         * whose element, parameter or number selects no label does not
         * call.  Lanes with different targets diverge: each is parked at
         * its own target and the scheduler runs them in turn. */
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        int32_t tgt[GP_LANES], row[GP_LANES];
        const gp_src *s = &in->src[0];
        if (s->rel)
            rel_indices(&x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                        INT32_MAX, row);
        FOR_LANES(l) {
            if (!s->rel)
                row[l] = s->index;
            tgt[l] = -1;
            if (!(t & lane_bit[l]) || row[l] < 0 || !p->sub_elem_param)
                continue;
            int32_t par = p->sub_elem_param[row[l]];
            if (par < 0 || (uint32_t)par >= env->num_subroutine_params || !env->subroutine_params)
                continue;
            uint32_t num = env->subroutine_params[par];
            int32_t type = p->sub_param_type[par];
            for (int e = 0; e < p->num_sub_entries; e++)
                if (p->sub_entries[e][0] == type && (uint32_t)p->sub_entries[e][1] == num)
                    tgt[l] = p->sub_entries[e][2];
        }
        FOR_LANES(l) if (tgt[l] < 0) t &= ~lane_bit[l];
        if (t) {
            int32_t v[4][GP_LANES];
            FOR_LANES(l) v[0][l] = v[1][l] = v[2][l] = v[3][l] = x.pc + 1;
            t = stk_push(&x, t, GP_STK_CALL, v);
        }
        if (!x.exec) {
            xs_schedule(&x);
            GP_GOTO();
        }
        xs_flush(&x);
        FOR_LANES(l) {
            if (!(x.exec & lane_bit[l]))
                continue;
            bool c = (t & lane_bit[l]) != 0;
            m->lane_pc[l] = c ? tgt[l] : x.pc + 1;
            m->lane_sp[l] = c ? x.sp + 1 : x.sp;
        }
        x.exec = 0;
        xs_schedule(&x);
        GP_GOTO();
    }
    GP_CASE(RET)
    {
        do_ret(&x, x.exec & cc_any(&x, &in->cond));
        GP_GOTO();
    }
    GP_CASE(IF)
    {
        /* NV_fragment_program2 3.11.X.7: an IF with max_if_depth blocks
         * active (counting the callers' blocks) terminates the program;
         * false lanes continue after the ELSE (target) or the ENDIF.  Lanes
         * that will reach the ENDIF count one more active block. */
        if (x.if_depth) {
            uint32_t deep = 0;
            FOR_LANES(l) if ((x.exec & lane_bit[l]) && m->lane_ifs[l] >= x.if_depth)
                deep |= lane_bit[l];
            xs_terminate(&x, deep);
        }
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        bool has_else = in->target >= 0 && code[in->target].op == GP_OP_ELSE;
        uint32_t open = has_else ? x.exec : t;
        FOR_LANES(l) m->lane_ifs[l] += (open & lane_bit[l]) != 0;
        xs_branch(&x, t, x.pc + 1, x.sp, in->target + 1, x.sp);
        GP_GOTO();
    }
    GP_CASE(ELSE)
    {
        /* 3.11.X.3: the true block ends; continue after the ENDIF (whose
         * closing of the block is done here). */
        FOR_LANES(l) m->lane_ifs[l] -= (x.exec & lane_bit[l]) != 0;
        xs_branch(&x, x.exec, in->target + 1, x.sp, 0, 0);
        GP_GOTO();
    }
    GP_CASE(ENDIF)
    {
        FOR_LANES(l) m->lane_ifs[l] -= (x.exec & lane_bit[l]) != 0;
        GP_NEXT();
    }
    GP_CASE(REP)
    GP_CASE(LOOP)
    {
        /* 3.11.X.8 / 3.11.X.9: with max_loop_depth blocks active (callers
         * included) the program terminates; counts are floor(src.x) (at most
         * max_loop_count, 3.11.4.X), LOOP also sets A0.x = floor(src.y) with
         * increment floor(src.z); a count <= 0 skips the block.  The count
         * is read once (NV_gpu_program4 issue 17).  NV4 "REP;" without an
         * operand repeats until BRK/RET. */
        int32_t v[4][GP_LANES];
        uint32_t enter = 0;
        bool loop = in->op == GP_OP_LOOP;
        if (x.loop_depth) {
            uint32_t deep = 0;
            FOR_LANES(l) if ((x.exec & lane_bit[l]) && m->lane_loops[l] >= x.loop_depth)
                deep |= lane_bit[l];
            xs_terminate(&x, deep);
        }
        if (in->src[0].file == GP_FILE_NONE) {
            FOR_LANES(l) {
                v[0][l] = 1;
                v[1][l] = 1;
                v[2][l] = v[3][l] = 0;
            }
            enter = x.exec;
        } else {
            bool integer = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32;
            const gp_vec *a = fetch(&x, &in->src[0], &m->opnd[0], integer ? in->type : GP_TYPE_F32);
            /* NV_gpu_program5 REP.F64 / .S64 / .U64: the 64-bit count
             * (floor for F64), saturated to the 32-bit loop counter */
            uint64_t c64[4][GP_LANES];
            bool wide = in->type >= GP_TYPE_F64;
            if (wide)
                fetch64(&x, &in->src[0], in->type == GP_TYPE_F64 ? GP_KIND_F
                                         : in->type == GP_TYPE_S64 ? GP_KIND_S : GP_KIND_U, c64);
            FOR_LANES(l) {
                int32_t cnt;
                if (wide) {
                    int64_t w = in->type == GP_TYPE_F64 ? (int64_t)d2i64_sat(floor(bits_d(c64[0][l])))
                                : in->type == GP_TYPE_U64 && c64[0][l] > INT32_MAX ? INT32_MAX
                                : (int64_t)c64[0][l];
                    cnt = w > INT32_MAX ? INT32_MAX : w < INT32_MIN ? INT32_MIN : (int32_t)w;
                } else if (!integer)
                    cnt = gp_f2i(gp_floorf(a->c[0][l].f));
                else if (in->type == GP_TYPE_U32)
                    cnt = a->c[0][l].u > INT32_MAX ? INT32_MAX : (int32_t)a->c[0][l].u;
                else
                    cnt = a->c[0][l].i;
                if (x.loop_count && cnt > x.loop_count)
                    cnt = x.loop_count;
                v[0][l] = cnt;
                v[1][l] = loop ? gp_f2i(gp_floorf(a->c[1][l].f)) : 0;
                v[2][l] = loop ? gp_f2i(gp_floorf(a->c[2][l].f)) : 0;
                v[3][l] = m->addr[0].c[0][l].i;
                if (cnt > 0)
                    enter |= lane_bit[l];
            }
            enter &= x.exec;
        }
        if (enter) {
            enter = stk_push(&x, enter, loop ? GP_STK_LOOP : GP_STK_REP, v);
            if (loop)
                FOR_LANES(l) if (enter & lane_bit[l])
                    m->addr[0].c[0][l].i = v[1][l] < 0 ? 0 : v[1][l];
        }
        xs_branch(&x, enter, x.pc + 1, x.sp + 1, in->target + 1, x.sp);
        GP_GOTO();
    }
    GP_CASE(ENDREP)
    GP_CASE(ENDLOOP)
    {
        /* 3.11.X.5 / 3.11.X.6: count--, (LOOP: A0.x += increment, clamped
         * to >= 0), loop while the count is > 0. */
        uint32_t again = 0;
        int top = x.sp - 1;
        if (top >= 0) {
            FOR_LANES(l) {
                if (!(x.exec & lane_bit[l]))
                    continue;
                uint8_t kind = m->stk_kind[top][l];
                if (kind == GP_STK_REP && m->stk_val[top][1][l]) {
                    again |= lane_bit[l]; /* REP without a count */
                    continue;
                }
                int32_t cnt = --m->stk_val[top][0][l];
                if (kind == GP_STK_LOOP) {
                    int32_t idx = (int32_t)((uint32_t)m->stk_val[top][1][l] +
                                            (uint32_t)m->stk_val[top][2][l]);
                    m->stk_val[top][1][l] = idx;
                    m->addr[0].c[0][l].i = idx < 0 ? 0 : idx;
                }
                if (cnt > 0)
                    again |= lane_bit[l];
                else
                    loop_exit_lane(m, top, l);
            }
        }
        xs_branch(&x, again, in->target + 1, x.sp, x.pc + 1, top < 0 ? 0 : top);
        GP_GOTO();
    }
    GP_CASE(BRK)
    {
        /* 3.11.X.1: leave the innermost loop (its entry is on top: BRK
         * scoping is static, NV_fragment_program2 issues). */
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        if (x.sp > 0)
            FOR_LANES(l) if (t & lane_bit[l])
                loop_exit_lane(m, x.sp - 1, l);
        xs_branch(&x, t, in->target + 1, x.sp > 0 ? x.sp - 1 : 0, x.pc + 1, x.sp);
        GP_GOTO();
    }
    GP_CASE(CONT)
    {
        /* NV_gpu_program4: go to the ENDREP (next iteration), closing any
         * IF block left open in the body. */
        uint32_t t = x.exec & cc_any(&x, &in->cond);
        if (x.sp > 0)
            FOR_LANES(l) if (t & lane_bit[l])
                m->lane_ifs[l] = m->stk_ifs[x.sp - 1][l];
        xs_branch(&x, t, in->target, x.sp, x.pc + 1, x.sp);
        GP_GOTO();
    }
    /* ---- fast cases (the prepared program): the kernels of the generic
     * cases above, operands by row offset, the result computed in place
     * when it can be (xvec, xsca, xdot) ---- */
#define XV1(NAME, k)                                                     \
    GP_XCASE(NAME)                                                       \
    {                                                                    \
        xvec(&x, &xops[x.pc], 1, false, k, NULL, NULL);                  \
        GP_NEXT();                                                       \
    }
#define XV2(NAME, k)                                                     \
    GP_XCASE(NAME)                                                       \
    {                                                                    \
        xvec(&x, &xops[x.pc], 2, false, NULL, k, NULL);                  \
        GP_NEXT();                                                       \
    }
#define XV3(NAME, k)                                                     \
    GP_XCASE(NAME)                                                       \
    {                                                                    \
        xvec(&x, &xops[x.pc], 3, false, NULL, NULL, k);                  \
        GP_NEXT();                                                       \
    }
#define XS1(NAME, k)                                                     \
    GP_XCASE(NAME)                                                       \
    {                                                                    \
        xsca(&x, &xops[x.pc], 1, k, NULL);                               \
        GP_NEXT();                                                       \
    }
#define XD(NAME, n, dph, dp2a)                                           \
    GP_XCASE(NAME)                                                       \
    {                                                                    \
        xdot(&x, &xops[x.pc], n, dph, dp2a);                             \
        GP_NEXT();                                                       \
    }
    GP_XCASE(SWZ) /* the fast case has the swizzle in its row offsets */
    XV1(MOV, k_mov)
    XV1(ABS, k_abs)
    XV1(FLR, k_flr)
    XV1(FRC, k_frc)
    XV1(SSG, k_ssg)
    XV2(ADD, k_add)
    XV2(SUB, k_sub)
    XV2(MUL, k_mul)
    XV2(MIN, k_min)
    XV2(MAX, k_max)
    XV2(SGE, k_sge)
    XV2(SLT, k_slt)
    XV2(SEQ, k_seq)
    XV2(SNE, k_sne)
    XV2(SGT, k_sgt)
    XV2(SLE, k_sle)
    XV3(MAD, k_mad)
    XV3(CMP, k_cmp)
    XV3(LRP, k_lrp)
    GP_XCASE(DIV)
    {
        xvec(&x, &xops[x.pc], 2, true, NULL, k_div, NULL);
        GP_NEXT();
    }
    XS1(RCP, k_rcp)
    XS1(RSQ, k_rsq)
    XS1(RCC, k_rcc)
    XS1(EX2, k_ex2)
    XS1(LG2, k_lg2)
    XS1(COS, k_cos)
    XS1(SIN, k_sin)
    GP_XCASE(POW)
    {
        xsca(&x, &xops[x.pc], 2, NULL, k_pow);
        GP_NEXT();
    }
    XD(DP2, 2, false, false)
    XD(DP2A, 2, false, true)
    XD(DP3, 3, false, false)
    XD(DP4, 4, false, false)
    XD(DPH, 3, true, false)
#undef XV1
#undef XV2
#undef XV3
#undef XS1
#undef XD
    /* ---- memory instructions (issue 6: exec_mem_*, exec_image) ---- */
    GP_CASE(LOAD)
    {
        exec_mem_load(&x, in, GP_MEM_GLOBAL);
        GP_NEXT();
    }
    GP_CASE(LDC)
    {
        exec_mem_load(&x, in, GP_MEM_CBUF);
        GP_NEXT();
    }
    GP_CASE(LDB)
    {
        exec_mem_load(&x, in, GP_MEM_STORAGE);
        GP_NEXT();
    }
    GP_CASE(LDS)
    {
        exec_mem_load(&x, in, GP_MEM_SHARED);
        GP_NEXT();
    }
    GP_CASE(STORE)
    {
        exec_mem_store(&x, in, GP_MEM_GLOBAL);
        GP_NEXT();
    }
    GP_CASE(STB)
    {
        exec_mem_store(&x, in, GP_MEM_STORAGE);
        GP_NEXT();
    }
    GP_CASE(STS)
    {
        exec_mem_store(&x, in, GP_MEM_SHARED);
        GP_NEXT();
    }
    GP_CASE(ATOM)
    {
        exec_mem_atom(&x, in, GP_MEM_GLOBAL);
        GP_NEXT();
    }
    GP_CASE(ATOMB)
    {
        exec_mem_atom(&x, in, GP_MEM_STORAGE);
        GP_NEXT();
    }
    GP_CASE(ATOMS)
    {
        exec_mem_atom(&x, in, GP_MEM_SHARED);
        GP_NEXT();
    }
    GP_CASE(LOADIM)
    {
        exec_image(&x, in, GP_IMG_LOAD);
        GP_NEXT();
    }
    GP_CASE(STOREIM)
    {
        exec_image(&x, in, in->mem_count ? GP_IMG_STORE : GP_IMG_STORE_FORMATTED);
        GP_NEXT();
    }
    GP_CASE(ATOMIM)
    {
        exec_image(&x, in, GP_IMG_ATOM);
        GP_NEXT();
    }
    GP_CASE(MEMBAR)
    {
        /* every form (.CTA too) is a sequentially consistent fence: asmgl
         * has no caches (glprog.h "memory") */
        atomic_thread_fence(memory_order_seq_cst);
        GP_NEXT();
    }
    GP_CASE(BAR)
    {
        /* NV_compute_program5 BAR: the dispatcher's barrier (glprog.h
         * GP_CIN_*) for the lanes that reach it; none: a no-op */
        if (env->barrier)
            env->barrier(env->barrier_user);
        GP_NEXT();
    }
    GP_CASE(END)
    {
        if (x.alive == x.exec)
            goto gp_done; /* every lane is here: nothing left to run */
        xs_terminate(&x, x.exec);
        xs_schedule(&x);
        GP_GOTO();
    }
#if GP_EXEC_USE_SWITCH
    default:
    {
        /* Neither a gp_opcodes.def row nor a fast kind (a damaged program):
         * the invocation ends here and the caller is told. */
        env->status = GP_EXEC_UNSUPPORTED;
        goto gp_done;
    }
    }
    /* The switch build's check that every gp_opcodes.def row has a case
     * (the jump table is the check of the computed-goto build): a jump to
     * each label, never taken. */
    if (0) {
#define GP_OP(name, cls, nsrc, types, mods, nv4, io, profiles, flags, options, fast, doc) goto L_##name;
#include "gp_opcodes.def"
#undef GP_OP
#define GP_XK_ENTRY(name, shape) goto LX_##name;
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
    }
#else
    }
#endif

gp_budget:
    /* Abnormal termination: outputs keep their current values
     * (NV_fragment_program2 3.11.4.X). */
    env->status = GP_EXEC_BUDGET_EXCEEDED;
gp_done:
    /* what the budget paid, plus the running group's unflushed steps */
    env->insn_used = (uint64_t)(x.budget0 - x.budget + x.steps * x.nexec);
    return;
}

#if GP_EXEC_HAS_AVX2 && !defined(GP_EXEC_VARIANT)
/* The build of gp_exec this process runs: AVX2 where the CPU has it, unless
 * ASMGL_EXEC_ISA=base asks for the baseline.  Decided once (relaxed: every
 * thread decides the same). */
static _Atomic int gp_exec_isa; /* 0 undecided, 1 baseline, 2 AVX2 */

static int gp_exec_pick(void)
{
    int isa = atomic_load_explicit(&gp_exec_isa, memory_order_relaxed);
    if (GP_LIKELY(isa))
        return isa;
    const char *e = getenv("ASMGL_EXEC_ISA");
    __builtin_cpu_init();
    isa = (e && strcmp(e, "base") == 0) || !__builtin_cpu_supports("avx2") ? 1 : 2;
    atomic_store_explicit(&gp_exec_isa, isa, memory_order_relaxed);
    return isa;
}

void gp_exec(const gp_program *p, gp_exec_env *env)
{
    if (gp_exec_pick() == 2)
        gp_exec_avx2(p, env);
    else
        gp_exec_base(p, env);
}
#endif
