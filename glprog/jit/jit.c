/*
 * jit/jit.c - the "llvm" backend's engine: one ORC LLJIT per process, an
 * object and resource tracker per function (shared by the programs whose
 * modules hash the same), the object cache's use (jit.h "The object
 * cache", cache.c), the background compile thread, and gp_jit_run
 * (gp_exec's contract, gp_backend.h).  Any thread.
 *
 * A compile builds the module, hashes it into its key, and takes the
 * function from the JIT (another program's), else from the cache on
 * disk, else runs the passes and the code generator into an object
 * (LLVMTargetMachineEmitToMemoryBuffer), stores that in the cache and
 * adds it to the JIT: every function enters the JIT as an object.
 *
 * Compile latency (the program's first draw must not wait for LLVM):
 * prepare checks the IR (jit_check, cheap) and, unless ASMGL_JIT_SYNC=1,
 * returns a cold gp_code at once; run hands each call to the interpreter
 * (gp_backend_fallback) until the function is there.
 *
 * Tiering: a program is compiled only once it is hot.  Its cold code
 * counts the work it hands to the interpreter (atomically, any thread:
 * tasks times the program's length from its entry to END); the task that
 * crosses jit_hot queues the program for the one compile thread (first
 * come first served).  The first hot program of the process instead
 * starts LLVM (opening libLLVM, jit_llvm.h) and is compiled on that task's
 * thread, which then runs it compiled (jit_at_exit says why there).  A
 * short process (a piglit test drawing a few quads) then never pays LLVM's
 * start-up (about 20 ms) nor compiles for a handful of tasks; a frame of a
 * real scene crosses the threshold within its first tiles.
 * ASMGL_JIT_HOT=<tasks x instructions> sets the threshold (0 or 1: at the
 * first run);
 * ASMGL_JIT_SYNC=1 compiles in prepare, before the first run.
 * gp_program_free's release waits for a compile of that program in
 * progress (the compile reads the IR) and drops a queued one.
 *
 * The pair function, a second tier where it pays (jit_pairs): a fragment
 * program that can pair (jit_check_pair) and, compiled, runs in pairs
 * (gp_jit_run2) is compiled again as a function of two tasks once its
 * pairs pass jit_hot2, on the compile thread; until then each pair runs as
 * two calls of the first function.  The program's IR snapshot stays until
 * that compile.  ASMGL_JIT_SYNC=1 compiles both in prepare.
 */
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gp_ir.h"
#include "jit.h"
#include "jit_llvm.h"

enum { JIT_COLD, JIT_QUEUED, JIT_COMPILING, JIT_READY, JIT_FAILED };

/* A compiled function in the JIT, shared by the programs whose modules
 * have its key (jit.h "The object cache"). */
typedef struct jit_obj {
    uint8_t key[JIT_KEY_BYTES];
    uintptr_t fn;
    LLVMOrcResourceTrackerRef rt;   /* its object in the JIT */
    int refs;                       /* jit_obj_lock */
    bool listed;                    /* on jit_objs (not a fresh compile's) */
    struct jit_obj *next;
} jit_obj;

typedef struct jit_code {
    gp_code base;
    _Atomic int state;              /* JIT_* */
    _Atomic uint64_t heat;          /* JIT_COLD: tasks run on the interpreter
                                       times cost */
    jit_fn fn;                      /* JIT_READY */
    jit_obj *obj;                   /* fn's object */
    /* the pair function: state2 JIT_FAILED for a program that cannot pair;
     * heat2 counts pairs run as two calls, in tasks times cost */
    _Atomic int state2;
    _Atomic uint64_t heat2;
    jit_fn2 fn2;
    jit_obj *obj2;
    bool job2;                      /* queued or compiling: the pair compile */
    /* What the compile reads: a copy of the program's fields, its
     * instructions and its parameter table (snap.info.params), so the
     * program may change or go (a test rebuilding one in place) while the
     * compile thread works. */
    gp_program snap;
    const gp_program *p;            /* &snap until the last compile, then NULL */
    struct jit_code *next;          /* the queue */
    struct jit_code *all_prev, *all_next; /* every live code (jit_all) */
    uint64_t cost;                  /* instructions entry..END: the most a lane runs */
    bool fragment;
    int num_inputs, num_outputs;
} jit_code;

/* ---- the process's JIT ----------------------------------------------------------- */

static pthread_once_t jit_once = PTHREAD_ONCE_INIT;
static LLVMOrcLLJITRef jit_lljit;        /* NULL: LLVM could not start */
static LLVMTargetMachineRef jit_tm;      /* the pass pipeline and the code generator */
static const char *jit_passes = JIT_PASSES_DEFAULT;
static bool jit_debug, jit_sync;
/* What the target machine is, for the object cache's key (make_tm). */
static char *jit_target_desc;
/* The object cache's folder (NULL: none), found and made at the first
 * compile (cache_folder), and the most it may hold. */
static char jit_cache_buf[PATH_MAX];
static const char *jit_cache_path;
static bool jit_cache_found;
static uint64_t jit_cache_max = (uint64_t)64 << 20;
/* Objects this process stored (jit_compile_lock); the folder is trimmed at
 * the first and every JIT_CACHE_TRIM_EVERY-th: a trim scans it, and a
 * process that compiles many programs (a test suite) would scan it at
 * every store.  Between trims the folder outgrows the limit by at most
 * that many objects (a few KB each). */
#define JIT_CACHE_TRIM_EVERY 32
static unsigned jit_cache_stores;
/* Every function in the JIT but fresh compiles', by key: jit_obj_lock. */
static pthread_mutex_t jit_obj_lock = PTHREAD_MUTEX_INITIALIZER;
static jit_obj *jit_objs;
/* The work a program runs on the interpreter before it is queued, in
 * tasks times its length (jit_code.cost): below this, the compile (a few
 * ms, and LLVM's start) costs more than the interpreter's time it would
 * save.  A piglit test's 250x250 window is about 4000 tasks: its short
 * programs stay interpreted; alu1 (127 instructions) compiles after
 * about 2000 of its 262144 tasks. */
#define JIT_HOT_DEFAULT ((uint64_t)1 << 18)
static uint64_t jit_hot = JIT_HOT_DEFAULT;
/* The work a compiled program runs in pairs of calls before its pair
 * function is compiled (jit_hot times this; 1 where jit_hot is 1): alu1's
 * pair function takes about 25 ms to compile and saves about a fifth of
 * its 55 ms frame, so it is compiled once two frames have run; a process
 * that draws one frame does not compile it, nor wait for it at exit
 * (jit_at_exit). */
#define JIT_PAIR_HOT_FACTOR 256
static uint64_t jit_hot2 = JIT_HOT_DEFAULT * JIT_PAIR_HOT_FACTOR;
/* The pair tier, ASMGL_JIT_PAIRS=1 or 0; by default where the code is
 * for AVX-512.  A pair function holds both tasks' registers: twice the
 * live vectors, which AVX-512's 32 registers keep and AVX2's 16 spill.
 * On a Zen 3 host without AVX-512, alu1's pair function took about 4%
 * more time a task than its function called twice (and 25 ms to
 * compile); with AVX-512 it saves about a fifth. */
static bool jit_pairs = true;
static pthread_once_t jit_env_once = PTHREAD_ONCE_INIT;
static _Atomic uint64_t jit_serial;
/* Cache figures for tests (gp_jit_cache_counts). */
static _Atomic uint64_t jit_count_compiled, jit_count_loaded, jit_count_shared;
static _Atomic bool jit_started; /* jit_init ran (whether or not LLVM started) */

static pthread_mutex_t jit_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t jit_cond = PTHREAD_COND_INITIALIZER; /* queue non-empty / compile done */
static jit_code *jit_head, *jit_tail;
static bool jit_thread_started;
static bool jit_exiting;   /* exit: the queue is not run any more */
/* Every code not yet released, so that programs never freed (tests build
 * them by hand) leave their code reachable rather than leaked. */
static jit_code *jit_all;
static bool jit_busy;      /* the thread is compiling */
static int jit_sync_busy;  /* synchronous compiles (ASMGL_JIT_SYNC) in progress */

static bool env_on(const char *name)
{
    const char *v = getenv(name);
    return v && *v && strcmp(v, "0") != 0;
}

static void jit_note(const gp_program *p, const char *why)
{
    if (jit_debug)
        fprintf(stderr, "asmgl: jit: %s program (%d instructions) runs on the interpreter: %s\n",
                p->info.stage == GP_STAGE_FRAGMENT ? "fragment" : p->info.stage == GP_STAGE_VERTEX
                                                                     ? "vertex" : "other",
                p->num_insns, why);
}

static void report_error(const char *what, LLVMErrorRef err)
{
    char *msg = LLVMGetErrorMessage(err);
    if (jit_debug)
        fprintf(stderr, "asmgl: jit: %s: %s\n", what, msg);
    LLVMDisposeErrorMessage(msg);
}

/* ASMGL_EXEC_ISA=base: code for the x86-64 baseline, like the interpreter */
static bool isa_base(void)
{
    const char *isa = getenv("ASMGL_EXEC_ISA");
    return isa && strcmp(isa, "base") == 0;
}

static LLVMTargetMachineRef make_tm(void)
{
    char *triple = LLVMGetDefaultTargetTriple();
    LLVMTargetRef target;
    char *err = NULL;
    LLVMTargetMachineRef tm = NULL;
    if (LLVMGetTargetFromTriple(triple, &target, &err) == 0) {
        bool base = isa_base();
        char *cpu = base ? NULL : LLVMGetHostCPUName();
        char *feat = base ? NULL : LLVMGetHostCPUFeatures();
        /* codegen level Less: about 15% less compile time than Default
         * for the same code on alu1 (glprog_jit_compile_time, callgrind) */
        tm = LLVMCreateTargetMachine(target, triple, base ? "x86-64" : cpu, base ? "" : feat,
                                     LLVMCodeGenLevelLess, LLVMRelocDefault,
                                     LLVMCodeModelJITDefault);
        if (!jit_target_desc) {
            /* all that LLVMCreateTargetMachine was told */
            size_t n = strlen(triple) + strlen(cpu ? cpu : "") + strlen(feat ? feat : "") + 64;
            jit_target_desc = malloc(n);
            if (jit_target_desc)
                snprintf(jit_target_desc, n, "%s|%s|%s|less|reloc-default|jit-default", triple,
                         base ? "x86-64" : cpu, base ? "" : feat);
        }
        if (cpu)
            LLVMDisposeMessage(cpu);
        if (feat)
            LLVMDisposeMessage(feat);
    } else {
        LLVMDisposeMessage(err);
    }
    LLVMDisposeMessage(triple);
    return tm;
}

/* At exit, before LLVM's own static destructors: let a compile in
 * progress finish and start no other.  Registered when LLVM starts and
 * again after every compile: LLVM makes some statics on first use, in any
 * compile, and registers their destructors then.  The program that starts
 * LLVM is compiled on the thread that starts it, before its caller goes
 * on (queue_code), so the statics of a first compile are there before the
 * compile thread ever runs. */
static void jit_at_exit(void)
{
    pthread_mutex_lock(&jit_lock);
    jit_exiting = true;
    while (jit_busy || jit_sync_busy)
        pthread_cond_wait(&jit_cond, &jit_lock);
    pthread_mutex_unlock(&jit_lock);
}

static void jit_env_init(void)
{
    jit_debug = env_on("ASMGL_JIT_DEBUG");
    jit_sync = env_on("ASMGL_JIT_SYNC");
    const char *pairs = getenv("ASMGL_JIT_PAIRS");
    if (pairs && *pairs) {
        jit_pairs = strcmp(pairs, "0") != 0;
    } else {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_cpu_init();
        jit_pairs = !isa_base() && __builtin_cpu_supports("avx512f");
#endif
    }
    const char *max = getenv("ASMGL_JIT_CACHE_MAX");
    if (max && *max) {
        char *end;
        unsigned long long v = strtoull(max, &end, 10);
        int shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20
                    : *end == 'G' || *end == 'g' ? 30 : 0;
        if (shift)
            end++;
        if (*end == '\0' && v <= (UINT64_MAX >> shift))
            jit_cache_max = (uint64_t)v << shift;
    }
    const char *passes = getenv("ASMGL_JIT_PASSES");
    if (passes && *passes)
        jit_passes = passes;
    const char *hot = getenv("ASMGL_JIT_HOT");
    if (hot && *hot) {
        char *end;
        unsigned long v = strtoul(hot, &end, 10);
        if (*end == '\0') {
            jit_hot = v < 1 ? 1u : (uint64_t)v;
            jit_hot2 = jit_hot == 1 ? 1u : jit_hot * JIT_PAIR_HOT_FACTOR;
        }
    }
}

static void jit_init(void)
{
    pthread_once(&jit_env_once, jit_env_init);
    /* libLLVM opens here, not at the process's start (jit_llvm.h) */
    if (!jit_llvm_load(jit_debug))
        return;
    /* LLVMInitializeNativeTarget and LLVMInitializeNativeAsmPrinter, whose
     * inline bodies would call LLVM's functions by their own names */
#if JIT_LLVM_HAVE_NATIVE /* else jit_llvm_load failed */
    jit_llvm.p_LLVM_NATIVE_TARGETINFO();
    jit_llvm.p_LLVM_NATIVE_TARGET();
    jit_llvm.p_LLVM_NATIVE_TARGETMC();
    jit_llvm.p_LLVM_NATIVE_ASMPRINTER();
#endif
    jit_tm = make_tm();
    LLVMTargetMachineRef jtm = make_tm();
    if (!jit_tm || !jtm || !jit_target_desc)
        return;
    LLVMOrcLLJITBuilderRef builder = LLVMOrcCreateLLJITBuilder();
    LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(
        builder, LLVMOrcJITTargetMachineBuilderCreateFromTargetMachine(jtm));
    LLVMOrcLLJITRef j;
    LLVMErrorRef err = LLVMOrcCreateLLJIT(&j, builder);
    if (err) {
        report_error("LLJIT", err);
        return;
    }
    /* libm for what codegen turns into calls (floorf, rintf where the
     * target has no rounding instruction: ASMGL_EXEC_ISA=base) */
    LLVMOrcDefinitionGeneratorRef gen;
    err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&gen, LLVMOrcLLJITGetGlobalPrefix(j),
                                                               NULL, NULL);
    if (err)
        report_error("process symbols", err);
    else
        LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(j), gen);
    /* what the modules name instead of addresses (jit_symbol_name) */
    LLVMOrcCSymbolMapPair syms[JIT_SYM_COUNT];
    for (int i = 0; i < JIT_SYM_COUNT; i++) {
        syms[i].Name = LLVMOrcLLJITMangleAndIntern(j, jit_symbol_name(i));
        syms[i].Sym.Address = jit_symbol_address(i);
        syms[i].Sym.Flags.GenericFlags = LLVMJITSymbolGenericFlagsExported;
        syms[i].Sym.Flags.TargetFlags = 0;
    }
    LLVMOrcMaterializationUnitRef mu = LLVMOrcAbsoluteSymbols(syms, JIT_SYM_COUNT);
    err = LLVMOrcJITDylibDefine(LLVMOrcLLJITGetMainJITDylib(j), mu);
    if (err) {
        report_error("symbols", err);
        LLVMOrcDisposeMaterializationUnit(mu);
        return;
    }
    jit_lljit = j;
    atexit(jit_at_exit);
}

/* LLVM starts at the first hot program, or the first prepare with
 * ASMGL_JIT_SYNC=1 (a process that compiles nothing never loads it); if it
 * cannot, programs stay on the interpreter. */
static bool jit_start(void)
{
    pthread_once(&jit_once, jit_init);
    atomic_store(&jit_started, true);
    return jit_lljit != NULL;
}

bool gp_jit_available(void)
{
    const char *v = getenv("ASMGL_JIT");
    return !(v && strcmp(v, "0") == 0);
}

/* ---- compiling one program ------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* this thread's CPU time: load-proof */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One compile at a time: the pass pipeline and the code generator share
 * one TargetMachine, which LLVM does not promise to be thread-safe. */
static pthread_mutex_t jit_compile_lock = PTHREAD_MUTEX_INITIALIZER;

/* The name a module's function is built under, before it is named after
 * its key (the key hashes the module with this name). */
#define JIT_BUILD_NAME "gp_jit_fn"

/* The object cache's key of module m (jit.h "The object cache"). */
static bool module_key(LLVMModuleRef m, const char *passes, uint8_t key[JIT_KEY_BYTES])
{
    LLVMMemoryBufferRef bc = LLVMWriteBitcodeToMemoryBuffer(m);
    if (!bc)
        return false;
    static const char format[] = "asmgl jit object, key 1";
    llvm_blake3_hasher h;
    llvm_blake3_hasher_init(&h);
    llvm_blake3_hasher_update(&h, format, sizeof(format));
    llvm_blake3_hasher_update(&h, jit_target_desc, strlen(jit_target_desc) + 1);
    llvm_blake3_hasher_update(&h, passes, strlen(passes) + 1);
    llvm_blake3_hasher_update(&h, LLVMGetBufferStart(bc), LLVMGetBufferSize(bc));
    llvm_blake3_hasher_finalize(&h, key, JIT_KEY_BYTES);
    LLVMDisposeMemoryBuffer(bc);
    return true;
}

/* The function named after the first half of key (fresh: and this
 * process's serial, so that it is nobody else's) into name (n bytes). */
static void key_name(char *name, size_t n, const uint8_t key[JIT_KEY_BYTES], bool fresh)
{
    char hex[JIT_KEY_BYTES + 1];
    jit_key_hex(key, JIT_KEY_BYTES / 2, hex);
    if (fresh)
        snprintf(name, n, "gp_jit_%s_%llu", hex,
                 (unsigned long long)atomic_fetch_add(&jit_serial, 1));
    else
        snprintf(name, n, "gp_jit_%s", hex);
}

/* The function of key already in the JIT, one more reference, or NULL. */
static jit_obj *find_obj(const uint8_t key[JIT_KEY_BYTES])
{
    pthread_mutex_lock(&jit_obj_lock);
    jit_obj *o = jit_objs;
    while (o && memcmp(o->key, key, JIT_KEY_BYTES) != 0)
        o = o->next;
    if (o)
        o->refs++;
    pthread_mutex_unlock(&jit_obj_lock);
    return o;
}

static void drop_tracker(LLVMOrcResourceTrackerRef rt)
{
    LLVMErrorRef e = LLVMOrcResourceTrackerRemove(rt);
    if (e)
        LLVMConsumeError(e);
    LLVMOrcReleaseResourceTracker(rt);
}

/* One reference less to o; the last takes its code out of the JIT. */
static void release_obj(jit_obj *o)
{
    if (!o)
        return;
    pthread_mutex_lock(&jit_obj_lock);
    bool last = --o->refs == 0;
    if (last && o->listed) {
        jit_obj **pp = &jit_objs;
        while (*pp != o)
            pp = &(*pp)->next;
        *pp = o->next;
    }
    pthread_mutex_unlock(&jit_obj_lock);
    if (last) {
        drop_tracker(o->rt);
        free(o);
    }
}

/* Object obj (ownership passes) into the JIT, and its function name: the
 * jit_obj, or NULL. */
static jit_obj *add_object(LLVMMemoryBufferRef obj, const char *name,
                           const uint8_t key[JIT_KEY_BYTES], bool fresh)
{
    jit_obj *o = calloc(1, sizeof(*o));
    if (!o) {
        LLVMDisposeMemoryBuffer(obj);
        return NULL;
    }
    LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(jit_lljit);
    LLVMOrcResourceTrackerRef r = LLVMOrcJITDylibCreateResourceTracker(jd);
    LLVMErrorRef err = LLVMOrcLLJITAddObjectFileWithRT(jit_lljit, r, obj);
    if (err) {
        report_error("add object", err);
        LLVMOrcReleaseResourceTracker(r);
        free(o);
        return NULL;
    }
    LLVMOrcExecutorAddress addr = 0;
    err = LLVMOrcLLJITLookup(jit_lljit, &addr, name);
    if (err || !addr) {
        if (err)
            report_error("lookup", err);
        drop_tracker(r);
        free(o);
        return NULL;
    }
    memcpy(o->key, key, JIT_KEY_BYTES);
    o->fn = (uintptr_t)addr;
    o->rt = r;
    o->refs = 1;
    if (!fresh) {
        o->listed = true;
        pthread_mutex_lock(&jit_obj_lock);
        o->next = jit_objs;
        jit_objs = o;
        pthread_mutex_unlock(&jit_obj_lock);
    }
    return o;
}

/* The object of key from the cache on disk, into the JIT, or NULL. */
static jit_obj *load_cached(const char *folder, const uint8_t key[JIT_KEY_BYTES], const char *name)
{
    size_t size;
    void *bytes = jit_cache_load(folder, key, &size);
    if (!bytes)
        return NULL;
    LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRangeCopy(bytes, size, name);
    free(bytes);
    jit_obj *o = add_object(buf, name, key, false);
    if (!o && jit_debug)
        fprintf(stderr, "asmgl: jit: the cached object %s did not load: compiling it\n", name);
    return o;
}

static const char *compile_locked(const gp_program *p, const char *passes, bool pair, bool fresh,
                                  jit_obj **out);

/* p's function (pair: its pair function) into the JIT: *out, or why not.
 * fresh: compiled whatever is in the JIT or the cache, and not kept
 * there (compile-time figures). */
static const char *compile(const gp_program *p, const char *passes, bool pair, bool fresh,
                           jit_obj **out)
{
    pthread_mutex_lock(&jit_compile_lock);
    const char *why = compile_locked(p, passes, pair, fresh, out);
    /* again after every compile (a few bytes each): exit handlers run last
     * registered first, and LLVM registers destructors of statics it
     * makes on first use, in any compile */
    atexit(jit_at_exit);
    pthread_mutex_unlock(&jit_compile_lock);
    return why;
}

/* The object cache's folder, or NULL (jit_compile_lock held): looked for
 * at the first compile, not at the start, so that a process that never
 * compiles makes no folder. */
static const char *cache_folder(void)
{
    if (!jit_cache_found) {
        jit_cache_found = true;
        jit_cache_path = jit_cache_dir(jit_cache_buf, sizeof(jit_cache_buf));
        if (jit_debug)
            fprintf(stderr, "asmgl: jit: object cache: %s\n",
                    jit_cache_path ? jit_cache_path : "none");
    }
    return jit_cache_path;
}

static const char *compile_locked(const gp_program *p, const char *passes, bool pair, bool fresh,
                                  jit_obj **out)
{
    const char *folder = fresh ? NULL : cache_folder();
    LLVMContextRef c = LLVMContextCreate();
    /* the same module name in every process: the key hashes it */
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("gp_jit", c);
    LLVMSetDataLayout(m, LLVMOrcLLJITGetDataLayoutStr(jit_lljit));
    LLVMSetTarget(m, LLVMOrcLLJITGetTripleString(jit_lljit));
    const char *why = pair ? jit_build_pair(p, c, m, JIT_BUILD_NAME)
                           : jit_build(p, c, m, JIT_BUILD_NAME);
    if (!why) {
        char *msg = NULL;
        if (LLVMVerifyModule(m, LLVMReturnStatusAction, &msg)) {
            if (jit_debug)
                fprintf(stderr, "asmgl: jit: invalid module: %s\n", msg);
            why = "the backend built an invalid module";
        }
        LLVMDisposeMessage(msg);
    }
    uint8_t key[JIT_KEY_BYTES];
    if (!why && !module_key(m, passes, key))
        why = "no bitcode for the key";
    char name[64];
    jit_obj *o = NULL;
    if (!why) {
        key_name(name, sizeof(name), key, fresh);
        if (!fresh && (o = find_obj(key)))
            atomic_fetch_add(&jit_count_shared, 1);
        else if (folder && (o = load_cached(folder, key, name))) {
            atomic_fetch_add(&jit_count_loaded, 1);
            if (jit_debug)
                fprintf(stderr, "asmgl: jit: %s from the object cache\n", name);
        }
    }
    if (!why && !o) {
        LLVMSetValueName2(LLVMGetNamedFunction(m, JIT_BUILD_NAME), name, strlen(name));
        LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
        LLVMErrorRef err = LLVMRunPasses(m, passes, jit_tm, po);
        LLVMDisposePassBuilderOptions(po);
        if (err) {
            report_error("passes", err);
            why = "the pass pipeline failed";
        }
    }
    LLVMMemoryBufferRef obj = NULL;
    if (!why && !o) {
        char *msg = NULL;
        if (LLVMTargetMachineEmitToMemoryBuffer(jit_tm, m, LLVMObjectFile, &msg, &obj)) {
            if (jit_debug)
                fprintf(stderr, "asmgl: jit: code generation: %s\n", msg);
            why = "code generation failed";
            obj = NULL;
        }
        LLVMDisposeMessage(msg);
    }
    LLVMDisposeModule(m);
    LLVMContextDispose(c);
    if (obj) {
        if (folder) {
            if (!jit_cache_store(folder, key, LLVMGetBufferStart(obj), LLVMGetBufferSize(obj)) &&
                jit_debug)
                fprintf(stderr, "asmgl: jit: could not store %s in %s\n", name, folder);
            if (jit_cache_stores++ % JIT_CACHE_TRIM_EVERY == 0)
                jit_cache_trim(folder, jit_cache_max);
        }
        o = add_object(obj, name, key, fresh);
        if (!o)
            why = "LLJIT refused the object";
        else
            atomic_fetch_add(&jit_count_compiled, 1);
    }
    *out = o;
    return why;
}

double gp_jit_compile_seconds(const gp_program *p, const char *passes, bool pair)
{
    if (!gp_jit_available() || !jit_start())
        return -1.0;
    jit_obj *o;
    double t0 = now_s();
    if (compile(p, passes ? passes : jit_passes, pair, true, &o))
        return -1.0;
    double t = now_s() - t0;
    release_obj(o);
    return t;
}

void gp_jit_cache_counts(uint64_t *compiled, uint64_t *loaded, uint64_t *shared)
{
    *compiled = atomic_load(&jit_count_compiled);
    *loaded = atomic_load(&jit_count_loaded);
    *shared = atomic_load(&jit_count_shared);
}

/* jit_lock held */
static void unlink_all(jit_code *jc)
{
    if (jc->all_prev)
        jc->all_prev->all_next = jc->all_next;
    else if (jit_all == jc)
        jit_all = jc->all_next;
    if (jc->all_next)
        jc->all_next->all_prev = jc->all_prev;
    jc->all_prev = jc->all_next = NULL;
}

/* The snapshot's copies, once no compile will read them. */
static void drop_snapshot(jit_code *jc)
{
    free(jc->snap.insns);
    free((void *)jc->snap.info.params);
    jc->snap.insns = NULL;
    jc->snap.info.params = NULL;
}

static void free_code(jit_code *jc)
{
    drop_snapshot(jc);
    release_obj(jc->obj);
    release_obj(jc->obj2);
    free(jc);
}

/* Compiles jc now (the caller owns it: queued work taken off the queue, or
 * the synchronous prepare): its function, or with job2 its pair function.
 * The IR's copy goes after the last compile that reads it: the pair
 * function's, or the first function's where no pair function will be
 * compiled. */
static void compile_code(jit_code *jc)
{
    if (jc->job2) {
        const char *why = compile(jc->p, jit_passes, true, false, &jc->obj2);
        if (why && jit_debug)
            fprintf(stderr, "asmgl: jit: no pair function: %s\n", why);
        jc->fn2 = jc->obj2 ? (jit_fn2)jc->obj2->fn : NULL;
    } else {
        const char *why = compile(jc->p, jit_passes, false, false, &jc->obj);
        if (why)
            jit_note(jc->p, why);
        jc->fn = jc->obj ? (jit_fn)jc->obj->fn : NULL;
        if (why) /* no pair function without the first */
            atomic_store(&jc->state2, JIT_FAILED);
    }
    if (jc->job2 || atomic_load(&jc->state2) == JIT_FAILED)
        drop_snapshot(jc);
}

/* The state a compile of jc leaves (jit_lock held): the function's, or with
 * job2 the pair function's; the IR is no longer read once it is gone. */
static void compile_done(jit_code *jc)
{
    if (jc->job2) {
        atomic_store_explicit(&jc->state2, jc->obj2 ? JIT_READY : JIT_FAILED, memory_order_release);
        jc->job2 = false;
    } else {
        atomic_store_explicit(&jc->state, jc->obj ? JIT_READY : JIT_FAILED, memory_order_release);
    }
    if (!jc->snap.insns)
        jc->p = NULL;
}

static void *compile_thread(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&jit_lock);
    for (;;) {
        while (!jit_head || jit_exiting)
            pthread_cond_wait(&jit_cond, &jit_lock);
        jit_code *jc = jit_head;
        jit_head = jc->next;
        if (!jit_head)
            jit_tail = NULL;
        atomic_store(jc->job2 ? &jc->state2 : &jc->state, JIT_COMPILING);
        jit_busy = true;
        pthread_mutex_unlock(&jit_lock);
        compile_code(jc);
        pthread_mutex_lock(&jit_lock);
        compile_done(jc);
        jit_busy = false;
        pthread_cond_broadcast(&jit_cond);
    }
    return NULL;
}

static void release_code(gp_code *code)
{
    jit_code *jc = (jit_code *)code;
    pthread_mutex_lock(&jit_lock);
    if (atomic_load(&jc->state) == JIT_QUEUED || atomic_load(&jc->state2) == JIT_QUEUED) {
        /* off the queue */
        jit_code **pp = &jit_head, *prev = NULL;
        while (*pp && *pp != jc) {
            prev = *pp;
            pp = &(*pp)->next;
        }
        if (*pp) {
            *pp = jc->next;
            if (jit_tail == jc)
                jit_tail = prev;
        }
    }
    while (atomic_load(&jc->state) == JIT_COMPILING || atomic_load(&jc->state2) == JIT_COMPILING)
        pthread_cond_wait(&jit_cond, &jit_lock); /* the thread has jc */
    unlink_all(jc);
    pthread_mutex_unlock(&jit_lock);
    free_code(jc);
}

/* Compiles jc on this thread, now (a synchronous prepare, or the program
 * that starts LLVM): its function, or with job2 its pair function, and
 * records the state it leaves (compile_done); true when its function is
 * there.  Never once exit has begun: a GL call from an exit handler (a
 * flush at eglMakeCurrent(NULL), say) may run after LLVM's static
 * destructors; the interpreter draws it. */
static bool compile_here(jit_code *jc)
{
    pthread_mutex_lock(&jit_lock);
    bool exiting = jit_exiting;
    if (!exiting)
        jit_sync_busy++;
    pthread_mutex_unlock(&jit_lock);
    if (exiting)
        jit_note(jc->p, "the process is exiting");
    else
        compile_code(jc);
    pthread_mutex_lock(&jit_lock);
    if (!exiting)
        jit_sync_busy--;
    compile_done(jc);
    pthread_cond_broadcast(&jit_cond); /* release_code may wait for it */
    pthread_mutex_unlock(&jit_lock);
    return jc->obj != NULL;
}

/* Puts jc on the compile thread's queue (job2: its pair compile), starting
 * the thread if it is not yet; if it cannot start, the state stays as it
 * is (the interpreter, or two calls a pair, run it from then on). */
static void enqueue(jit_code *jc, bool job2)
{
    pthread_mutex_lock(&jit_lock);
    if (!jit_thread_started) {
        pthread_t t;
        pthread_attr_t attr;
        pthread_attr_init(&attr);
        pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
        jit_thread_started = pthread_create(&t, &attr, compile_thread, NULL) == 0;
        pthread_attr_destroy(&attr);
    }
    if (!jit_thread_started) {
        pthread_mutex_unlock(&jit_lock);
        jit_note(jc->p, "no compile thread");
        return;
    }
    jc->job2 = job2;
    atomic_store(job2 ? &jc->state2 : &jc->state, JIT_QUEUED);
    jc->next = NULL;
    if (jit_tail)
        jit_tail->next = jc;
    else
        jit_head = jc;
    jit_tail = jc;
    pthread_cond_broadcast(&jit_cond);
    pthread_mutex_unlock(&jit_lock);
}

/* Queues jc (JIT_COLD, hot now) for the compile thread, starting the
 * thread if it is not yet; the first hot program starts LLVM and is
 * compiled here instead.  If LLVM or the thread cannot start, jc stays
 * cold with its heat past the threshold: the interpreter runs it from
 * then on. */
static void queue_code(jit_code *jc)
{
    if (jit_debug)
        fprintf(stderr, "asmgl: jit: %s program (%d instructions) hot: compiling\n",
                jc->fragment ? "fragment" : "vertex", jc->p->num_insns);
    bool first = !atomic_load(&jit_started);
    if (!jit_start()) /* LLVM's start: once per process, on this thread */
        return;
    if (first) {
        /* the program that made LLVM start compiles here too (jit_at_exit) */
        atomic_store(&jc->state, JIT_COMPILING);
        compile_here(jc);
        return;
    }
    enqueue(jc, false);
}

/* Queues jc's pair compile (its function is ready, its pairs hot now). */
static void queue_pair(jit_code *jc)
{
    if (jit_debug)
        fprintf(stderr, "asmgl: jit: fragment program (%d instructions) runs in pairs: compiling its pair function\n",
                jc->p->num_insns);
    enqueue(jc, true);
}

/* jc in state `state`, on the list of every program's code. */
static gp_code *publish(jit_code *jc, int state)
{
    atomic_store(&jc->state, state);
    pthread_mutex_lock(&jit_lock);
    jc->all_next = jit_all;
    if (jit_all)
        jit_all->all_prev = jc;
    jit_all = jc;
    pthread_mutex_unlock(&jit_lock);
    return &jc->base;
}

gp_code *gp_jit_prepare(const gp_program *p)
{
    pthread_once(&jit_env_once, jit_env_init);
    /* LLVM starts here only for a synchronous compile; else at the first
     * program that gets hot (queue_code) */
    if (jit_sync && !jit_start())
        return NULL;
    const char *why = jit_check(p);
    if (why) {
        jit_note(p, why);
        return NULL;
    }
    jit_code *jc = calloc(1, sizeof(*jc));
    gp_insn *insns = malloc((size_t)p->num_insns * sizeof(gp_insn));
    size_t param_bytes = p->info.params ? (size_t)p->info.num_params * sizeof(gp_param_binding) : 0;
    gp_param_binding *params = param_bytes ? malloc(param_bytes) : NULL;
    if (!jc || !insns || (param_bytes && !params)) {
        free(jc);
        free(insns);
        free(params);
        return NULL;
    }
    jc->base.release = release_code;
    memcpy(insns, p->insns, (size_t)p->num_insns * sizeof(gp_insn));
    if (params)
        memcpy(params, p->info.params, param_bytes);
    memcpy(&jc->snap, p, sizeof(*p));
    jc->snap.insns = insns;
    jc->snap.info.params = params;
    jc->snap.params = NULL;
    jc->snap.source = NULL;
    jc->snap.leaders = NULL;
    jc->snap.sub_block = NULL;
    jc->snap.sub_elem_param = jc->snap.sub_param_type = NULL;
    jc->snap.sub_entries = NULL;
    jc->p = &jc->snap;
    jc->fragment = p->info.stage == GP_STAGE_FRAGMENT;
    jc->num_inputs = jit_num_inputs(p);
    jc->num_outputs = jit_num_outputs(p);
    for (int i = p->entry; i < p->num_insns; i++) {
        jc->cost++;
        if (p->insns[i].op == GP_OP_END)
            break;
    }
    atomic_init(&jc->state2, !jit_pairs || jit_check_pair(p) ? JIT_FAILED : JIT_COLD);
    if (jit_sync) {
        if (!compile_here(jc)) {
            free_code(jc);
            return NULL;
        }
        if (atomic_load(&jc->state2) == JIT_COLD) { /* and the pair function */
            jc->job2 = true;
            compile_here(jc);
        }
        return publish(jc, JIT_READY);
    }
    return publish(jc, JIT_COLD);
}

/* ---- running --------------------------------------------------------------------- */

/* Whether the n bytes at a and the m at b are apart. */
static inline bool apart(const void *a, size_t n, const void *b, size_t m)
{
    const char *x = a, *y = b;
    return x + n <= y || y + m <= x;
}

/* Whether the compiled code may run env's task, and its lanes (*lanes, the
 * exec argument) and live lanes: what the compiled code assumes, else the
 * interpreter runs it: register files in place, inputs apart from outputs,
 * and a watchdog budget that pays for the whole program on every lane. */
static inline __attribute__((always_inline)) bool runnable(const jit_code *jc,
                                                           const gp_program *p,
                                                           const gp_exec_env *env,
                                                           uint32_t *lanes, uint32_t *live)
{
    const uint32_t all = (1u << GP_LANES) - 1u;
    *live = env->live_mask & all;
    *lanes = (env->live_mask | env->helper_mask) & all;
    if (jc->fragment) {
        /* a quad with no covered pixel computes nothing observable */
        uint32_t q = (*live | *live >> 1 | *live >> 2 | *live >> 3) & 0x11111111u;
        *lanes &= q * 0xfu;
    }
    uint64_t budget = env->insn_budget ? env->insn_budget : GP_DEFAULT_INSN_BUDGET;
    return env->inputs && env->outputs && (env->params || !p->info.num_params) &&
           budget / GP_LANES >= jc->cost &&
           apart(env->inputs, (size_t)jc->num_inputs * sizeof(gp_vec), env->outputs,
                 (size_t)jc->num_outputs * sizeof(gp_vec));
}

void gp_jit_run(const gp_program *p, const gp_code *code, gp_exec_env *env)
{
    jit_code *jc = (jit_code *)code;
    int state = atomic_load_explicit(&jc->state, memory_order_acquire);
    if (state != JIT_READY) {
        /* exactly one task sees the heat cross jit_hot */
        if (state == JIT_COLD && atomic_load_explicit(&jc->heat, memory_order_relaxed) < jit_hot) {
            uint64_t h = atomic_fetch_add_explicit(&jc->heat, jc->cost, memory_order_relaxed);
            if (h < jit_hot && h + jc->cost >= jit_hot)
                queue_code(jc);
        }
        gp_backend_fallback()->run(p, NULL, env);
        return;
    }
    uint32_t lanes, live;
    if (!runnable(jc, p, env, &lanes, &live)) {
        gp_backend_fallback()->run(p, NULL, env);
        return;
    }
    env->killed_mask = 0;
    env->status = GP_EXEC_OK;
    env->insn_used = 0;
    if (!lanes)
        return;
    jit_result res = {0, 0};
    jc->fn(env, env->inputs, env->outputs, env->params, lanes, live, &res);
    env->killed_mask = res.killed;
    env->insn_used = res.used;
}

int gp_jit_pairs(const gp_code *code)
{
    const jit_code *jc = (const jit_code *)code;
    int s2 = atomic_load_explicit(&jc->state2, memory_order_relaxed);
    return s2 == JIT_READY ? GP_PAIRS_NOW
           : s2 == JIT_FAILED || atomic_load_explicit(&jc->state, memory_order_relaxed) == JIT_FAILED
               ? GP_PAIRS_NEVER
               : GP_PAIRS_LATER;
}

void gp_jit_run2(const gp_program *p, const gp_code *code, gp_exec_env *a, gp_exec_env *b)
{
    jit_code *jc = (jit_code *)code;
    int state2 = atomic_load_explicit(&jc->state2, memory_order_acquire);
    uint32_t lanes_a, live_a, lanes_b, live_b;
    if (state2 != JIT_READY || !runnable(jc, p, a, &lanes_a, &live_a) ||
        !runnable(jc, p, b, &lanes_b, &live_b) || !lanes_a || !lanes_b || a->params != b->params ||
        !apart(a->inputs, (size_t)jc->num_inputs * sizeof(gp_vec), b->outputs,
               (size_t)jc->num_outputs * sizeof(gp_vec)) ||
        !apart(b->inputs, (size_t)jc->num_inputs * sizeof(gp_vec), a->outputs,
               (size_t)jc->num_outputs * sizeof(gp_vec)) ||
        !apart(a->outputs, (size_t)jc->num_outputs * sizeof(gp_vec), b->outputs,
               (size_t)jc->num_outputs * sizeof(gp_vec))) {
        /* a compiled program's pairs, counted until the pair function is
         * worth its compile (exactly one pair sees the heat cross jit_hot) */
        if (state2 == JIT_COLD &&
            atomic_load_explicit(&jc->state, memory_order_acquire) == JIT_READY &&
            atomic_load_explicit(&jc->heat2, memory_order_relaxed) < jit_hot2) {
            uint64_t h = atomic_fetch_add_explicit(&jc->heat2, 2 * jc->cost, memory_order_relaxed);
            if (h < jit_hot2 && h + 2 * jc->cost >= jit_hot2)
                queue_pair(jc);
        }
        gp_jit_run(p, code, a);
        gp_jit_run(p, code, b);
        return;
    }
    jit_result ra = {0, 0}, rb = {0, 0};
    jc->fn2(a, a->inputs, a->outputs, a->params, lanes_a, live_a, &ra, b, b->inputs, b->outputs,
            lanes_b, live_b, &rb);
    a->status = b->status = GP_EXEC_OK;
    a->killed_mask = ra.killed;
    a->insn_used = ra.used;
    b->killed_mask = rb.killed;
    b->insn_used = rb.used;
}
