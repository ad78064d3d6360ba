/*
 * gp_backend.c - gp_exec: the registry of executor backends, the choice
 * among them and each program's code slots (gp_backend.h says how they fit
 * together).  Worker threads; the choice is made once per process.
 */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp_backend.h"
#if GP_HAVE_JIT
#include "jit/jit.h"
#endif

#ifndef GP_ASSERT
#include <assert.h>
#define GP_ASSERT(cond) assert(cond)
#endif

#if defined(__GNUC__)
#define GP_LIKELY(x) __builtin_expect(!!(x), 1)
#define GP_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define GP_LIKELY(x) (x)
#define GP_UNLIKELY(x) (x)
#endif

/* ---- the registry ------------------------------------------------------------ */

#if GP_EXEC_HAS_AVX2
static bool has_avx2(void)
{
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#endif

/* Registry order is preference order; slot = index. */
enum {
#if GP_HAVE_JIT
    GP_SLOT_LLVM,
#endif
#if GP_EXEC_HAS_AVX2
    GP_SLOT_INTERP_AVX2,
#endif
    GP_SLOT_INTERP,
    GP_SLOT_COUNT
};
_Static_assert(GP_SLOT_COUNT <= GP_BACKEND_SLOTS, "a code slot per backend (gp_ir.h GP_BACKEND_SLOTS)");

static const gp_backend gp_backends[GP_SLOT_COUNT] = {
#if GP_HAVE_JIT
    [GP_SLOT_LLVM] = { "llvm", GP_SLOT_LLVM, NULL, gp_jit_available, gp_jit_prepare, gp_jit_run,
                       gp_jit_run2, gp_jit_pairs },
#endif
#if GP_EXEC_HAS_AVX2
    [GP_SLOT_INTERP_AVX2] = { "interp_avx2", GP_SLOT_INTERP_AVX2, "avx2", has_avx2, NULL, gp_exec_interp_avx2,
                              NULL, NULL },
#endif
    [GP_SLOT_INTERP] = { "interp", GP_SLOT_INTERP, NULL, NULL, NULL, gp_exec_interp_base, NULL, NULL },
};

int gp_backend_count(void)
{
    return GP_SLOT_COUNT;
}

const gp_backend *gp_backend_at(int i)
{
    return i >= 0 && i < GP_SLOT_COUNT ? &gp_backends[i] : NULL;
}

bool gp_backend_available(const gp_backend *b)
{
    return b && (!b->available || b->available());
}

const gp_backend *gp_backend_find(const char *name)
{
    for (int i = 0; name && i < GP_SLOT_COUNT; i++)
        if (strcmp(gp_backends[i].name, name) == 0)
            return gp_backend_available(&gp_backends[i]) ? &gp_backends[i] : NULL;
    return NULL;
}

/* ---- the choice ---------------------------------------------------------------- */

/* 0: not made yet; else (selected + 1) | (fallback + 1) << 8.  Every
 * thread makes the same choice from the same environment, so a relaxed
 * store that several threads race to make is harmless. */
static _Atomic int gp_choice;

static int choose(void)
{
    const char *want = getenv("ASMGL_EXEC_BACKEND");
    const char *isa = getenv("ASMGL_EXEC_ISA");
    bool base = isa && strcmp(isa, "base") == 0;
    int sel = -1, fb = -1, named = -1;
    for (int i = 0; i < GP_SLOT_COUNT; i++) {
        const gp_backend *b = &gp_backends[i];
        if ((base && b->isa) || !gp_backend_available(b))
            continue;
        if (sel < 0)
            sel = i;
        if (fb < 0 && !b->prepare)
            fb = i;
        if (named < 0 && want && strcmp(want, b->name) == 0)
            named = i;
    }
    if (named >= 0)
        sel = named;
    else if (want && *want)
        fprintf(stderr, "asmgl: ASMGL_EXEC_BACKEND=%s: no such backend available here\n", want);
    /* the baseline interpreter is always a candidate */
    if (sel < 0)
        sel = GP_SLOT_INTERP;
    if (fb < 0)
        fb = GP_SLOT_INTERP;
    int c = (sel + 1) | (fb + 1) << 8;
    atomic_store_explicit(&gp_choice, c, memory_order_relaxed);
    return c;
}

static inline int choice(void)
{
    int c = atomic_load_explicit(&gp_choice, memory_order_relaxed);
    return GP_LIKELY(c != 0) ? c : choose();
}

const gp_backend *gp_backend_selected(void)
{
    return &gp_backends[(choice() & 0xff) - 1];
}

const gp_backend *gp_backend_fallback(void)
{
    return &gp_backends[(choice() >> 8) - 1];
}

/* ---- code slots ------------------------------------------------------------------ */

enum { GP_CODE_EMPTY = 0, GP_CODE_BUSY = 1, GP_CODE_NONE = 2 };

const gp_code *gp_backend_code(const gp_backend *b, const gp_program *p)
{
    if (!b->prepare || b->slot < 0 || b->slot >= GP_BACKEND_SLOTS)
        return NULL;
    /* the slots are the one part of a program the executor writes */
    _Atomic uintptr_t *slot = &((gp_program *)p)->backend_code[b->slot];
    uintptr_t v = atomic_load_explicit(slot, memory_order_acquire);
    if (GP_LIKELY(v > GP_CODE_NONE))
        return (const gp_code *)v;
    if (v != GP_CODE_EMPTY)
        return NULL; /* no code, or another thread is preparing it */
    if (!atomic_compare_exchange_strong_explicit(slot, &v, GP_CODE_BUSY, memory_order_acquire,
                                                 memory_order_acquire))
        return v > GP_CODE_NONE ? (const gp_code *)v : NULL;
    gp_code *code = b->prepare(p);
    uintptr_t put = code ? (uintptr_t)code : GP_CODE_NONE;
    GP_ASSERT(put != GP_CODE_EMPTY && put != GP_CODE_BUSY);
    atomic_store_explicit(slot, put, memory_order_release);
    return code;
}

void gp_backend_release_code(gp_program *p)
{
    for (int k = 0; k < GP_BACKEND_SLOTS; k++) {
        uintptr_t v = atomic_load_explicit(&p->backend_code[k], memory_order_acquire);
        if (v > GP_CODE_NONE) {
            gp_code *code = (gp_code *)v;
            if (code->release)
                code->release(code);
        }
        atomic_store_explicit(&p->backend_code[k], GP_CODE_EMPTY, memory_order_relaxed);
    }
}

/* ---- gp_exec ---------------------------------------------------------------------- */

void gp_exec_on(const gp_backend *b, const gp_program *p, gp_exec_env *env)
{
    if (!b->prepare) {
        b->run(p, NULL, env);
        return;
    }
    /* tessellation programs need the interpreter's per-patch hooks
     * (exec/runtime.c fetch_tess_input, tcp_publish): compiled code runs
     * no such program until it has them */
    const gp_code *code = gp_tess_stage(p->info.stage) ? NULL : gp_backend_code(b, p);
    if (code)
        b->run(p, code, env);
    else
        gp_backend_fallback()->run(p, NULL, env);
}

void gp_exec(const gp_program *p, gp_exec_env *env)
{
    const gp_backend *b = &gp_backends[(choice() & 0xff) - 1];
    if (GP_LIKELY(!b->prepare))
        b->run(p, NULL, env);
    else
        gp_exec_on(b, p, env);
}

/* b's code for p where b runs pairs of p's tasks (run2), else NULL
 * (tessellation programs: as gp_exec_on). */
static const gp_code *pair_code(const gp_backend *b, const gp_program *p)
{
    return b->run2 && !gp_tess_stage(p->info.stage) ? gp_backend_code(b, p) : NULL;
}

void gp_exec2(const gp_program *p, gp_exec_env *a, gp_exec_env *b)
{
    const gp_backend *bk = gp_backend_selected();
    const gp_code *code = pair_code(bk, p);
    if (code) {
        bk->run2(p, code, a, b);
        return;
    }
    gp_exec(p, a);
    gp_exec(p, b);
}

/* GP_PAIRS_* for p on b. */
static int pairs_on(const gp_backend *b, const gp_program *p)
{
    const gp_code *code = b->pairs ? pair_code(b, p) : NULL;
    return code ? b->pairs(code) : GP_PAIRS_NEVER;
}

bool gp_backend_runs_pairs(const gp_backend *b, const gp_program *p)
{
    return pairs_on(b, p) == GP_PAIRS_NOW;
}

bool gp_exec_may_pair(const gp_program *p)
{
    return pairs_on(gp_backend_selected(), p) != GP_PAIRS_NEVER;
}

bool gp_exec_backend(const char *name, const gp_program *p, gp_exec_env *env)
{
    const gp_backend *b = gp_backend_find(name);
    if (!b)
        return false;
    gp_exec_on(b, p, env);
    return true;
}

int gp_exec_backends(const char **names, int max)
{
    int n = 0;
    for (int i = 0; i < GP_SLOT_COUNT; i++)
        if (gp_backend_available(&gp_backends[i])) {
            if (n < max)
                names[n] = gp_backends[i].name;
            n++;
        }
    return n;
}
