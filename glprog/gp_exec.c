/*
 * gp_exec.c - the glprog interpreter: runs one compiled program (gp_ir.h)
 * over the GP_LANES lanes of a task, as the backends interp and interp_avx2
 * (gp_backend.h) that gp_exec chooses from.  Worker threads: any number of threads run
 * the same immutable gp_program at once, each with its own gp_machine (the
 * per-thread scratch defined here); nothing here allocates per call.
 *
 * R5: this file holds the only opcode switch (GP_CASE / GP_NEXT: computed
 * goto on GCC and Clang, a plain switch with the CMake option
 * ASMGL_EXEC_DISPATCH=switch), the only operand fetch (fetch_view and its
 * wrappers fetch / fetch_scalar: swizzle, |abs|, negate, relative
 * addressing, typed view) and the only
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
 * The files.  The executor is one translation unit, compiled once per
 * instruction-set build ("Instruction-set variants" below): this file
 * includes the others in glprog/exec/, whose functions are static so that
 * the hot ones inline into the interpreter.
 *   exec/prep.h         the pre-decoded form (gp_xop, gp_xprep)
 *   exec/runtime.c      the machine, the lane scheduler and masks, lane
 *                       vectors, operand fetch, condition codes, result store
 *                       (32-bit and double-width registers)
 *   exec/prep.c         building the pre-decoded form
 *   exec/flow.c         KIL, the control stack, RET
 *   exec/texture.c      texture instructions (env->tex)
 *   exec/float_alu.c    float ALU kernels and the fast cases
 *   exec/integer.c      typed (.S .U) ALU, bit fields, CVT
 *   exec/wide.c         double-width (.F64 .S64 .U64) ALU, PK64, UP64
 *   exec/group.c        thread-group votes, quad swizzles, shuffles
 *   exec/interpolate.c  IPAC IPAO IPAS (env->interp)
 *   exec/memory.c       LOAD STORE ATOM, LDC LDB STB ATOMB, LDS STS ATOMS
 *   exec/image.c        LOADIM STOREIM ATOMIM (env->memory->image)
 *   gp_exec.c           the interpreter: the only switch, one case per
 *                       gp_opcodes.def row
 * gp_backend.c (compiled once) is gp_exec itself: it runs the program on
 * the backend it chose, these two builds among them (gp_backend.h).
 *
 * Typed instructions (.S .U) and the integer opcodes run in one generic
 * case, exec_typed (operands fetched with the kinds of gp_opinfo.io,
 * results stored as their kind; OF/CF of the integer adds merged into the
 * CC update through gp_xs.cc_extra); double-width ones (.F64 .S64 .U64,
 * PK64, UP64) in exec_wide (fetch64 / store64), and 32-bit instructions
 * that name a LONG variable narrow and widen in the generic fetch
 * (fetch_long_f32) and store (store_widen).  None of them takes a fast case
 * (prep_insn keeps only F32 without hi).  Geometry programs: EMIT /
 * ENDPRIM call env->emit with the lanes that execute them, and per-vertex
 * inputs (vertex[v].*, v constant or from an integer temporary) read row
 * v * GP_VARY_COUNT + slot (fetch_geo_input; prep_insn for constant
 * vertices).  Every other instruction family runs as a generic case that
 * calls its file's exec_* function.
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
#include "gp_backend.h"
#include "gp_ir.h"
#include "gp_vmath.h"
#include "mem.h" /* LOAD STORE ATOM (exec/memory.c) */

/* Instruction-set variants.  On GCC and Clang for x86-64 the interpreter (its entry and
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
 * fast cases already differ there; tests/test_exec_paths.c).  The two
 * builds are two backends (gp_backend.h: interp_avx2 = gp_exec_interp_avx2,
 * interp = gp_exec_interp_base) and gp_exec (gp_backend.c) chooses: AVX2
 * where the CPU has it, unless ASMGL_EXEC_ISA=base or ASMGL_EXEC_BACKEND
 * says otherwise; the CMake option ASMGL_EXEC_ISA_VARIANTS=OFF
 * (GP_EXEC_NO_VARIANTS; GP_EXEC_HAS_AVX2 in gp_backend.h) builds the
 * baseline only. */
#if defined(GP_EXEC_VARIANT)
#define GP_EXEC_ENTRY gp_exec_interp_avx2 /* gp_exec_avx2.c: the AVX2 build */
#else
#define GP_EXEC_ENTRY gp_exec_interp_base
#endif

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

/* Dispatch: computed goto where the compiler has it (Lua's ljumptab.h). */
#ifndef GP_EXEC_USE_SWITCH
#if defined(__GNUC__)
#define GP_EXEC_USE_SWITCH 0
#else
#define GP_EXEC_USE_SWITCH 1
#endif
#endif

/* The rest of the executor (see the file map at the top). */
#include "exec/prep.h"
#include "exec/runtime.c"
#include "exec/prep.c"
#include "exec/flow.c"
#include "exec/texture.c"
#include "exec/float_alu.c"
#include "exec/integer.c"
#include "exec/wide.c"
#include "exec/group.c"
#include "exec/interpolate.c"
#include "exec/memory.c"
#include "exec/image.c"

/* ---- the interpreter -------------------------------------------------------- */

/* Per-lane loops over the components of the write mask. */
#define FOR_MASK(c) for (int c = 0; c < 4; c++) if (wmask >> c & 1)
#define FOR_LANES(l) for (int l = 0; l < GP_LANES; l++)

void GP_EXEC_ENTRY(const gp_program *p, const gp_code *code_unused, gp_exec_env *env)
{
    (void)code_unused; /* the interpreter prepares nothing per program (gp_backend.h) */
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
    /* tessellation: every input through fetch_tess_input; a control
     * program's outputs are its chunk of the patch's (glprog.h) */
    x.tess = gp_tess_stage(p->info.stage);
    x.tcp_vertices = p->info.tcp_vertices_out;
    x.tcp_sync = p->info.stage == GP_STAGE_TESS_CONTROL &&
                 (p->info.patch_outputs_written || (env->barrier && x.tcp_vertices > GP_LANES));
    if (x.tess)
        x.num_inputs = 0;
    x.num_outputs = stage_outputs(p->info.stage);
    machine_reserve_temps(m, p->num_temps);
    x.num_temps = p->num_temps < m->temp_cap ? p->num_temps : m->temp_cap;
    x.file_base[GP_FILE_TEMP] = m->temps;
    x.file_count[GP_FILE_TEMP] = x.num_temps;
    x.file_base[GP_FILE_INPUT] = (gp_vec *)env->inputs; /* never written */
    x.file_count[GP_FILE_INPUT] = env->inputs && !x.geometry ? x.num_inputs : 0;
    if (p->uses_thread && !x.geometry && !x.tess && env->inputs && x.num_inputs <= GP_IN_THREAD) {
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
    if (p->info.stage == GP_STAGE_TESS_CONTROL && env->outputs) {
        /* this call's chunk of the output patch, its per-patch scratch rows
         * holding the current per-patch values (tcp_publish) */
        int first = env->tcp_first_invocation > 0 ? env->tcp_first_invocation : 0;
        /* a chunk past the output patch has no rows (writes dropped) */
        bool in_patch = first < x.tcp_vertices;
        gp_vec *chunk = in_patch ? env->outputs + first / GP_LANES * GP_TCP_ROWS : env->outputs;
        x.file_base[GP_FILE_OUTPUT] = chunk;
        x.file_count[GP_FILE_OUTPUT] = in_patch ? GP_TCP_ROWS : 0;
        for (uint64_t b = p->info.patch_outputs_written; b && x.file_count[GP_FILE_OUTPUT]; b &= b - 1) {
            int r = __builtin_ctzll(b);
            bool level = r == GP_PATCH_TESSOUTER || r == GP_PATCH_TESSINNER; /* x of a row per level */
            for (int c = 0; c < (r == GP_PATCH_TESSINNER ? 2 : 4); c++) {
                gp_val v0;
                v0.u = env->patch_out ? env->patch_out[r][c].u : 0u;
                m->tcp_prev[r][c] = v0;
                gp_val *lanes = level ? chunk[GP_TCP_LEVEL_ROW + (r == GP_PATCH_TESSINNER ? 4 : 0) + c].c[0]
                                      : chunk[GP_VARY_COUNT + r].c[c];
                FOR_LANES(l) lanes[l] = v0;
            }
        }
    }
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
    if (xp && own_temps && !x.tess && env->inputs && env->outputs && (env->params || !xp->nslots)) {
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
        gp_rt_emit(env, GP_EMIT_VERTEX, x.exec & x.live);
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
            gp_rt_emit(env, GP_EMIT_VERTEX, s0);
        }
        GP_NEXT();
    }
    GP_CASE(ENDPRIM)
    {
        gp_rt_emit(env, GP_EMIT_ENDPRIM, x.exec & x.live);
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
    /* ---- memory instructions (exec_mem_*, exec_image) ---- */
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
        gp_rt_membar();
        GP_NEXT();
    }
    GP_CASE(BAR)
    {
        /* NV_compute_program5 BAR: the dispatcher's barrier (glprog.h
         * GP_CIN_*) for the lanes that reach it; none: a no-op */
        gp_rt_barrier(env);
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
    if (x.tcp_sync)
        tcp_publish(&x, false);
    /* what the budget paid, plus the running group's unflushed steps */
    env->insn_used = (uint64_t)(x.budget0 - x.budget + x.steps * x.nexec);
    return;
}
