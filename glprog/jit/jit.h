/*
 * jit/jit.h - the compiling backend "llvm" (gp_backend.h): glprog IR to
 * machine code through LLVM 15's C API (ORC LLJIT).  Private to glprog/
 * (gp_backend.c registers it).  Any thread.
 *
 * What it compiles (jit_ir.c jit_check says why it does not): vertex and
 * fragment programs whose instructions from the entry to the first END run
 * straight through or in IF / ELSE / ENDIF blocks (no BRA CAL RET REP
 * LOOP ..), with float (F32)
 * operations of ARB_vertex_program / ARB_fragment_program and the NV
 * option programs: swizzle, negate, |abs|, _SAT/_SSAT, R/H/X precision,
 * write masks, condition codes (conditional writes, CC0/CC1 updates, KIL
 * with a test), PARAM and attribute arrays addressed through A0..A15, ARL
 * ARR, KIL, DDX DDY, TEX TXP TXB TXL TXD (one unit, no NV5 operands);
 * and NV_gpu_program4's typed ALU on 32-bit integers (exec/integer.c
 * typed_op: the .S / .U forms of MOV ABS ADD SUB MAD MUL(.S24 .U24 .HI)
 * MIN MAX CMP, the set-on instructions, DIV, and AND OR XOR NOT SHL SHR
 * MOD SAD I2F FLR CEIL ROUND TRUNC, with integer negation and |abs|, and
 * the OF and CF flags of the adds).  Anything else: prepare returns NULL and the program runs on the
 * interpreter (whole-program fallback, noted once per program on stderr
 * with ASMGL_JIT_DEBUG=1).
 *
 * A fragment program without IF blocks and texture lookups also gets a
 * pair function (jit_fn2, a second tier: jit.c) that runs two tasks, each
 * instruction for one then the other; gp_exec2 runs it.  Its code never
 * branches out early (KIL leaves the other task running).
 *
 * One function per program runs the task's 16 lanes: every component of a
 * register is a <16 x float> (or <16 x i32>) value; temporaries, address
 * registers and condition codes are allocas that mem2reg turns into SSA
 * values; inputs, outputs and parameters are read and written where the
 * env points.  Outside IF blocks the code runs straight through and the
 * execution mask only loses lanes (KIL), so lanes outside it can never
 * write an output again: registers are computed for all 16 lanes and only
 * output stores, KIL, DDX/DDY and the sampler's lane mask use the
 * execution mask.  An IF block runs under the mask of its lanes (register
 * and CC writes too), the true block then the ELSE block as the
 * interpreter runs its two groups, and a block with no lane is branched
 * over.  Every
 * operation is the interpreter's (gp_exec.c kernels) in the same order,
 * with no fast-math flags and no FMA contraction, and the transcendentals,
 * EXP, LOG and precision rounding call the interpreter's own functions
 * (gp_vmath.h, gp_exec_k_*), so results are the same bits.
 *
 * Environment:
 *   ASMGL_JIT=0        the backend is unavailable (the interpreter runs)
 *   ASMGL_JIT_SYNC=1   prepare compiles before it returns (tests, image
 *                      checks); otherwise the program runs on the
 *                      interpreter until it is hot (ASMGL_JIT_HOT), then is
 *                      compiled on a background thread and runs on the
 *                      interpreter until its code is ready (a frame never
 *                      waits for LLVM)
 *   ASMGL_JIT_HOT=n    the work (tasks times program length) a program runs
 *                      on the interpreter before it is compiled, and
 *                      256 n in pairs before its pair function is (jit.c)
 *   ASMGL_JIT_PAIRS=1  fragment programs get pair functions (jit.c
 *                      jit_pairs; =0 none; by default where the code is
 *                      for AVX-512)
 *   ASMGL_JIT_DEBUG=1  one line per program that falls back, and why
 *   ASMGL_JIT_PASSES=  the LLVM pass pipeline (default JIT_PASSES_DEFAULT)
 *   ASMGL_JIT_CACHE=0  no object cache on disk (below)
 *   ASMGL_JIT_CACHE_DIR=  the cache's folder (default
 *                      $XDG_CACHE_HOME/asmgl/jit, else ~/.cache/asmgl/jit)
 *   ASMGL_JIT_CACHE_MAX=  the most it holds, in bytes, or with a K, M or G
 *                      suffix (default 64M); the least recently used go
 *   ASMGL_EXEC_ISA=base  code for the x86-64 baseline instead of this CPU
 *
 * The object cache, as Mesa keeps one: each function's machine code (an
 * ELF object) is kept on disk under a key that is a BLAKE3 hash of all
 * that makes it: the module's bitcode (which names LLVM's version), the
 * pass pipeline and the target machine (triple, CPU, features, codegen
 * level).  A later process that builds the same module loads the object
 * and skips the passes and the code generation (alu1's function: about
 * 40 ms on a Zen 3 core).  The module refers to this process's functions and data by
 * name (jit_symbol_name), never by address, so the object is the one a
 * fresh compile would give.  Within a process, programs whose modules
 * hash the same share one function.
 */
#ifndef GLPROG_JIT_JIT_H
#define GLPROG_JIT_JIT_H

#include "gp_backend.h"

#include <llvm-c/Core.h>

/* The default pipeline: cheap and enough for straight-line vector code
 * (tools/jit_compile_time measures the alternatives). */
#define JIT_PASSES_DEFAULT "function(sroa,early-cse,instcombine,simplifycfg)"

/* The backend row's functions (gp_backend.h). */
bool gp_jit_available(void);
gp_code *gp_jit_prepare(const gp_program *p);
void gp_jit_run(const gp_program *p, const gp_code *code, gp_exec_env *env);
void gp_jit_run2(const gp_program *p, const gp_code *code, gp_exec_env *a, gp_exec_env *b);
/* GP_PAIRS_* (gp_backend.h) for code (the backend's code for a program):
 * NOW when its pair function is there, LATER while it may be compiled. */
int gp_jit_pairs(const gp_code *code);

/* Where a compiled function leaves its results. */
typedef struct jit_result {
    uint64_t used;     /* gp_exec_env.insn_used */
    uint32_t killed;   /* gp_exec_env.killed_mask */
} jit_result;

/* The compiled function: the lanes to run (exec), the live lanes. */
typedef void (*jit_fn)(const gp_exec_env *env, const gp_vec *in, gp_vec *out,
                       const gp_val (*params)[4], uint32_t exec, uint32_t live, jit_result *res);

/* Two tasks of one fragment program in one call (gp_exec2): the
 * arguments of jit_fn for task a, then task b's without params.  Each
 * instruction runs for a, then for b, so the two tasks' dependency chains
 * interleave: a long chain of dependent instructions (alu1's 127) otherwise
 * waits on each result's latency, with the vector units half idle. */
typedef void (*jit_fn2)(const gp_exec_env *env_a, const gp_vec *in_a, gp_vec *out_a,
                        const gp_val (*params)[4], uint32_t exec_a, uint32_t live_a,
                        jit_result *res_a, const gp_exec_env *env_b, const gp_vec *in_b,
                        gp_vec *out_b, uint32_t exec_b, uint32_t live_b, jit_result *res_b);

/* jit_ir.c: NULL when p can be compiled, else why not (a static string). */
const char *jit_check(const gp_program *p);
/* Builds p's function, named name, into module m (of context c).  NULL on
 * success, else why not. */
const char *jit_build(const gp_program *p, LLVMContextRef c, LLVMModuleRef m, const char *name);
/* The same for the pair function (jit_fn2): fragment programs without IF
 * blocks and texture lookups (jit_check_pair, for a program jit_check
 * accepts: NULL when p has one). */
const char *jit_check_pair(const gp_program *p);
const char *jit_build_pair(const gp_program *p, LLVMContextRef c, LLVMModuleRef m, const char *name);
/* The input / output registers gp_exec gives a program (gp_exec.c). */
int jit_num_inputs(const gp_program *p);
int jit_num_outputs(const gp_program *p);

/* Compile-time statistics for tools (jit.c): compiles p (pair: its pair
 * function) now, on the calling thread, and returns the CPU seconds it
 * took on that thread (IR, passes and machine code), or a negative value
 * when p falls back. */
double gp_jit_compile_seconds(const gp_program *p, const char *passes, bool pair);
/* Functions the process has put into the JIT so far: compiled, loaded
 * from the object cache, and shared with a program of the same key. */
void gp_jit_cache_counts(uint64_t *compiled, uint64_t *loaded, uint64_t *shared);

/* What compiled code refers to in this process, by name (jit_ir.c): the
 * JIT defines each name as its address when LLVM starts. */
enum {
    JIT_SYM_ZEROS, /* 64 bytes of zeros (jit_ir.c: b->zero) */
    JIT_SYM_ROUND_ROW,
    JIT_SYM_VM_EX2,
    JIT_SYM_VM_LG2,
    JIT_SYM_VM_SIN,
    JIT_SYM_VM_COS,
    JIT_SYM_VM_POW,
    JIT_SYM_K_EXP,
    JIT_SYM_K_LOG,
    JIT_SYM_TEX,
    JIT_SYM_COUNT
};
const char *jit_symbol_name(int sym);
uintptr_t jit_symbol_address(int sym);

/* cache.c: objects on disk in folder dir, one file per key (a BLAKE3 hash,
 * JIT_KEY_BYTES).  A file carries the key and a hash of the object, and
 * one that does not check out is a miss (and is removed).  Any thread;
 * LLVM must be loaded (jit_llvm_load: the hash is LLVM's). */
#define JIT_KEY_BYTES 32
/* The largest object the cache stores or reads. */
#define JIT_CACHE_OBJECT_MAX ((size_t)64 << 20)
/* The first nbytes of key as lower-case hex into hex (2 nbytes + 1
 * bytes): the cache's file names and the functions' names. */
void jit_key_hex(const uint8_t *key, int nbytes, char *hex);
/* The object stored under key, malloc'd (*size bytes), or NULL. */
void *jit_cache_load(const char *dir, const uint8_t key[JIT_KEY_BYTES], size_t *size);
/* Stores the object under key (written aside, then renamed into place);
 * false if it could not be written. */
bool jit_cache_store(const char *dir, const uint8_t key[JIT_KEY_BYTES], const void *obj,
                     size_t size);
/* Removes the least recently used objects of dir until the rest hold at
 * most max bytes, and temporary files a dead writer left (a scan of the
 * folder: jit.c trims at a process's first store and every
 * JIT_CACHE_TRIM_EVERY stores after it). */
void jit_cache_trim(const char *dir, uint64_t max);
/* The folder the environment names (ASMGL_JIT_CACHE, _DIR), created if it
 * is not there: into buf (n bytes), or NULL when there is none. */
const char *jit_cache_dir(char *buf, size_t n);

/* The interpreter's kernels compiled code calls (gp_exec.c "kernels for
 * compiled code"). */
void gp_exec_k_exp(gp_vec *r, const gp_val *a);
void gp_exec_k_log(gp_vec *r, const gp_val *a);
void gp_exec_round_row(int precision, gp_val *row);
uint32_t gp_exec_cond_table(int cond);

#endif /* GLPROG_JIT_JIT_H */
