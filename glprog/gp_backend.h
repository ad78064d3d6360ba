/*
 * gp_backend.h - the executor's backends: the ways a gp_program can run.
 * Internal to glprog/ (glprog.h gp_exec is what other folders call).
 * Worker threads, except where a function says otherwise.
 *
 * A backend is a row of the registry in gp_backend.c: a name, whether it
 * can run on this CPU, how it prepares code for a program, and how it runs
 * a program over the GP_LANES lanes of one task with that code.
 *
 *   gp_exec(p, env)
 *     -> the selected backend b (chosen once per process, below)
 *     -> b->prepare == NULL: b->run(p, NULL, env)          (interpreters)
 *     -> else code = p's slot b->slot, filled once:
 *          code != NULL: b->run(p, code, env)
 *          NULL (b could not prepare p, or another thread is preparing
 *          it right now): the fallback interpreter runs p
 *
 * Backends today (registry order = preference, the first available wins):
 *   llvm         programs compiled to machine code by LLVM 15 (jit/jit.h;
 *                CMake option ASMGL_JIT); ASMGL_JIT=0 makes it unavailable.
 *                Programs it does not compile run on the fallback
 *   interp_avx2  the interpreter (gp_exec.c) compiled for AVX2, 8-lane
 *                kernels; x86-64 with GCC or Clang, ASMGL_EXEC_ISA_VARIANTS
 *                and ASMGL_EXEC_VECTORS on, CPUs with AVX2
 *   interp       the interpreter compiled for the baseline (x86-64: SSE2);
 *                always there, and the fallback
 * Both run every program and give the same bits (gp_exec.c "Instruction-set
 * variants"); tests/test_exec_paths.c runs every available backend against
 * the generic path.
 *
 * Selection, once per process, from the environment:
 *   ASMGL_EXEC_BACKEND=<name>  that backend, if it is registered and
 *                              available here (else a one-line note on
 *                              stderr and the default)
 *   ASMGL_EXEC_ISA=base        backends that need an instruction-set
 *                              extension (gp_backend.isa) are passed over,
 *                              for the choice and for the fallback
 *   default                    the first available backend of the registry
 * The fallback is the first available backend without prepare (an
 * interpreter: it runs every program as the IR says).
 *
 * The per-program code cache.  Every gp_program has GP_BACKEND_SLOTS code
 * slots (gp_ir.h gp_program.backend_code), slot k belonging to the backend
 * whose gp_backend.slot is k.  The first thread that runs p on a backend
 * with prepare claims the slot (compare-and-swap), calls prepare(p) once,
 * and publishes the result; threads that find the slot claimed but not yet
 * filled do not wait: they run p on the fallback, which gives the same
 * bits.  A prepare that returns NULL marks the slot "no code": p runs on
 * the fallback from then on (whole-program fallback).  The code is freed
 * with the program: gp_program_free calls code->release(code) for each
 * filled slot (no thread runs a program being freed: glprog.h).  A
 * program not made by gp_compile (tests build gp_programs by hand) starts
 * with empty slots when its struct is zeroed.
 *
 * The interpreters prepare nothing here: their pre-decoded form (exec/prep.h
 * gp_xprep) stays in each thread's gp_machine, because it holds per-thread
 * state (the broadcast parameter rows the fast cases address by offset) and
 * is found with one compare per call (gp_machine.prep_last); a per-program
 * copy would add a level of indirection to every prepared operand.
 *
 * Plugging in a compiler (a backend with prepare):
 *   - add its gp_backend row to gp_backends[] in gp_backend.c ahead of the
 *     interpreters, with the next free slot (at most GP_BACKEND_SLOTS rows);
 *   - prepare(p) reads the IR (gp_ir.h) and the block leaders
 *     (gp_program.leaders, below) and returns a gp_code it allocated (the
 *     gp_code first in its own struct), or NULL for a program it does not
 *     handle; it may be called from any worker thread, once per program;
 *     a prepare that wants to compile in the background returns a gp_code
 *     at once and lets its run hand each call to gp_backend_fallback()
 *     until the machine code is ready;
 *   - run(p, code, env) has gp_exec's contract (glprog.h): the same
 *     outputs, killed_mask, status and insn_used bits as the interpreter,
 *     with env->machine as the per-thread scratch it may use (the
 *     interpreter's gp_machine);
 *   - every effect outside the registers goes through the runtime helpers
 *     (gp_runtime below), the functions the interpreter calls for the same
 *     instructions.
 *
 * Block leaders.  gp_lower stores gp_program.leaders: leaders[i] is 1 when
 * instruction i begins a basic block (gp_program_find_leaders says which).
 * Between two leaders control runs straight through for the running group
 * of lanes, so compiled code may keep a block's lanes and values in
 * registers and return to the lane scheduler (or branch on a uniform mask)
 * only at a block's end.
 */
#ifndef GLPROG_GP_BACKEND_H
#define GLPROG_GP_BACKEND_H

#include "gp_ir.h"

/* Whether the interpreter is built a second time for AVX2 (gp_exec_avx2.c;
 * gp_exec.c "Instruction-set variants"). */
#if defined(__GNUC__) && defined(__x86_64__) && !defined(GP_EXEC_SCALAR) && \
    !defined(GP_EXEC_NO_VARIANTS)
#define GP_EXEC_HAS_AVX2 1
#else
#define GP_EXEC_HAS_AVX2 0
#endif

/* Index of the lowest lane in a non-empty lane mask. */
static inline int gp_lane_first(uint32_t v)
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

/* Code a backend prepared for one program: the first member of the
 * backend's own struct.  release frees the whole of it. */
typedef struct gp_code {
    void (*release)(struct gp_code *code);
} gp_code;

typedef struct gp_backend {
    const char *name;   /* ASMGL_EXEC_BACKEND value */
    int slot;           /* its code slot in every program: its registry index */
    const char *isa;    /* instruction-set extension it needs ("avx2"), NULL
                           for the baseline: ASMGL_EXEC_ISA=base skips it */
    /* Whether it runs on this CPU and build; NULL: always.  Called once
     * per process (selection) and by tests. */
    bool (*available)(void);
    /* Code for p, or NULL: p runs on the fallback.  NULL for backends that
     * run the IR as it is (they get code == NULL). */
    gp_code *(*prepare)(const gp_program *p);
    /* Runs p over env's lanes: glprog.h gp_exec's contract. */
    void (*run)(const gp_program *p, const gp_code *code, gp_exec_env *env);
    /* Runs p over two tasks (glprog.h gp_exec2's contract) with its code;
     * NULL: run twice.  pairs(code): whether run2 runs them interleaved:
     * GP_PAIRS_NEVER, GP_PAIRS_LATER (as two calls until the code for
     * pairs is made) or GP_PAIRS_NOW (NULL: never). */
    void (*run2)(const gp_program *p, const gp_code *code, gp_exec_env *a, gp_exec_env *b);
    int (*pairs)(const gp_code *code);
} gp_backend;

enum { GP_PAIRS_NEVER, GP_PAIRS_LATER, GP_PAIRS_NOW };
/* Whether b runs p's pairs (gp_exec2) interleaved now (tests). */
bool gp_backend_runs_pairs(const gp_backend *b, const gp_program *p);

/* The registry (tests iterate it): gp_backend_at(i) for i <
 * gp_backend_count(), registered rows whether available or not. */
int gp_backend_count(void);
const gp_backend *gp_backend_at(int i);
/* The backend named name if it is registered and available, else NULL. */
const gp_backend *gp_backend_find(const char *name);
bool gp_backend_available(const gp_backend *b);
/* The backend gp_exec runs, and its fallback (selection: at the top). */
const gp_backend *gp_backend_selected(void);
const gp_backend *gp_backend_fallback(void);

/* Runs p on backend b (gp_exec with the choice made by the caller): b's
 * code from p's slot, prepared on first use, or the fallback. */
void gp_exec_on(const gp_backend *b, const gp_program *p, gp_exec_env *env);

/* b's code for p, prepared now if the slot is empty; NULL: none (yet). */
const gp_code *gp_backend_code(const gp_backend *b, const gp_program *p);

/* Frees every backend's code of p (gp_program_free; calling thread). */
void gp_backend_release_code(gp_program *p);

/* The interpreter's two builds (gp_exec.c, gp_exec_avx2.c). */
void gp_exec_interp_base(const gp_program *p, const gp_code *code, gp_exec_env *env);
void gp_exec_interp_avx2(const gp_program *p, const gp_code *code, gp_exec_env *env);

/* ---- runtime helpers -----------------------------------------------------------
 *
 * Everything a program does outside its registers, as the interpreter does
 * it: compiled code calls these (through gp_runtime_helpers, or by name)
 * with the operands it computed, the interpreter's exec/ files call the same
 * functions after fetching theirs, so sampling, memory and the other
 * effects cannot differ between backends.  Each takes the env of the
 * running gp_exec call and acts on the lanes it is given; per-lane
 * operands are gp_vecs or arrays of GP_LANES.  What the callbacks they
 * reach promise is in glprog.h (gp_tex_fn, gp_image_fn, gp_interp_fn,
 * gp_emit_fn, gp_barrier_fn, "memory").
 *
 *   tex          one sampler call for req: the unit's env->tex_direct for a
 *                plain lookup where it takes req, else env->tex (none
 *                bound: what an incomplete texture returns, (0, 0, 0, 1))
 *   tex_units    TEXTURE arrays indexed per lane (gp_ir.h GP_TEXF_INDEXED):
 *                unit[l] per lane of req->lane_mask, -1 outside the array
 *                (reads 0); one tex call per distinct unit
 *   tex_handles  NV_bindless_texture: handle[l] per lane; one call per
 *                distinct handle with req->bindless set, handle 0 reads 0
 *   image        LOADIM STOREIM ATOMIM: key NULL: req->unit; else per
 *                lane the unit (UINT64_MAX: none) or, with req->bindless,
 *                the handle (0: none); out = 0 where nothing is called
 *   interp       IPAC IPAO IPAS: input slot `slot` of `lanes` evaluated
 *                by env->interp at mode / arg (gp_interp_fn), or the
 *                ordinary input rows when there is no callback; written
 *                into out's lanes only
 *   mem_view     the bytes of a CBUFFER / STORAGE / SHARED binding (base
 *                NULL: unbound)
 *   mem_read     lane l's cnt elements of esz bytes at loc (gp_mem_loc)
 *   mem_write    into raw / from raw: global memory through memory/'s
 *                checked accesses (a fault reads 0 and drops the write,
 *                reported with env->mem_site and the lane's pixel); views
 *                element by element, outside the view read 0 / dropped
 *   mem_atomic_ptr  the host word of lane l's atomic, or NULL: not
 *                performed (fault, misaligned, outside the view)
 *   mem_atomic   memory/'s mem_atomic on that word (MEM_ATOM_*)
 *   membar       MEMBAR: a sequentially consistent fence
 *   emit         EMIT / ENDPRIM: env->emit for lanes (none: nothing)
 *   barrier      BAR: env->barrier (none: nothing)
 * What stays with the caller: choosing the lanes (stores and atomics only
 * for live lanes, loads for helpers too), operand conversions and the
 * result store, as the exec/ files document. */

/* Where each lane's memory access goes (exec/memory.c). */
enum { GP_MEM_GLOBAL, GP_MEM_CBUF, GP_MEM_STORAGE, GP_MEM_SHARED };
typedef struct gp_mem_loc {
    int space;                  /* GP_MEM_* */
    uint64_t off[GP_LANES];     /* global: the address; else the byte offset
                                   (UINT64_MAX: outside every view) */
    uint8_t *base[GP_LANES];    /* views: the bytes, NULL unbound */
    uint64_t size[GP_LANES];
} gp_mem_loc;

void gp_rt_tex(const gp_exec_env *env, const gp_tex_request *req, gp_vec *out);
void gp_rt_tex_units(const gp_exec_env *env, gp_tex_request *req, const int32_t unit[GP_LANES], gp_vec *out);
void gp_rt_tex_handles(const gp_exec_env *env, gp_tex_request *req, const uint64_t handle[GP_LANES],
                       gp_vec *out);
void gp_rt_image(const gp_exec_env *env, gp_image_request *req, const uint64_t *key, gp_vec *out);
void gp_rt_interp(const gp_exec_env *env, int slot, int mode, const gp_val (*arg)[2], uint32_t lanes,
                  const gp_vec *input, gp_vec *out);
void gp_rt_mem_view(const gp_exec_env *env, int space, int64_t binding, uint8_t **base, uint64_t *size);
void gp_rt_mem_read(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, uint8_t *raw);
void gp_rt_mem_write(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, const uint8_t *raw);
void *gp_rt_mem_atomic_ptr(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz);
void gp_rt_membar(void);
void gp_rt_emit(const gp_exec_env *env, int what, uint32_t lanes);
void gp_rt_barrier(const gp_exec_env *env);

typedef struct gp_runtime {
    void (*tex)(const gp_exec_env *env, const gp_tex_request *req, gp_vec *out);
    void (*tex_units)(const gp_exec_env *env, gp_tex_request *req, const int32_t unit[GP_LANES], gp_vec *out);
    void (*tex_handles)(const gp_exec_env *env, gp_tex_request *req, const uint64_t handle[GP_LANES],
                        gp_vec *out);
    void (*image)(const gp_exec_env *env, gp_image_request *req, const uint64_t *key, gp_vec *out);
    void (*interp)(const gp_exec_env *env, int slot, int mode, const gp_val (*arg)[2], uint32_t lanes,
                   const gp_vec *input, gp_vec *out);
    void (*mem_view)(const gp_exec_env *env, int space, int64_t binding, uint8_t **base, uint64_t *size);
    void (*mem_read)(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, uint8_t *raw);
    void (*mem_write)(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz, int cnt, const uint8_t *raw);
    void *(*mem_atomic_ptr)(const gp_exec_env *env, const gp_mem_loc *loc, int l, int esz);
    uint64_t (*mem_atomic)(void *p, int op, int type, uint64_t v, uint64_t v2);
    void (*membar)(void);
    void (*emit)(const gp_exec_env *env, int what, uint32_t lanes);
    void (*barrier)(const gp_exec_env *env);
} gp_runtime;

extern const gp_runtime gp_runtime_helpers;

/* ---- block leaders ---------------------------------------------------------
 *
 * Instruction i of p begins a basic block (out[i] = 1, else 0; out has
 * p->num_insns bytes) when it is
 *   - instruction 0 or p->entry;
 *   - where a transfer of control lands:
 *       BRA CAL      target               (the label)
 *       CALI         every subroutine entry (gp_program.sub_entries)
 *       IF           target + 1           (false lanes: after ELSE / ENDIF)
 *       ELSE         target + 1           (after the ENDIF)
 *       REP LOOP     target + 1           (a count <= 0: after ENDREP)
 *       ENDREP ENDLOOP target + 1         (the next iteration: the body)
 *       BRK          target + 1           (after the ENDREP)
 *       CONT         target               (the ENDREP / ENDLOOP)
 *   - the instruction after one that may change the running group of
 *     lanes, where the interpreter goes back to its lane scheduler: every
 *     instruction above, and RET, KIL, PUSHA, POPA (call-stack limits end
 *     lanes), BAR (the work group's threads meet) and END.
 * Compile time (gp_lower) or in a backend's prepare; any thread. */
void gp_program_find_leaders(const gp_program *p, uint8_t *out);

#endif /* GLPROG_GP_BACKEND_H */
