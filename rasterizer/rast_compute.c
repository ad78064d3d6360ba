/*
 * rast_compute.c - NV_compute_program5 dispatch (rast.h "Compute") and the
 * gp_memory of draws and dispatches (rast.h "Resources").
 * Stage: compute.  Thread: rast_dispatch on the API thread; work groups on
 * the executors of the worker pool (rast_pool_run: the API thread is one).
 *
 * Work groups are numbered x fastest, then y, then z, and handed out in that
 * order from one atomic counter; each runs to completion on the executor
 * that took it.  A group of n invocations is ceil(n / GP_LANES) gp_exec
 * calls, lanes in local index order (glprog.h GP_CIN_*), each with its own
 * gp_machine and input rows, all sharing the group's zeroed shared memory.
 *
 * BAR (info.uses_barrier, more than one call): every call runs on its own
 * fiber (ucontext: makecontext / swapcontext, a private mmap'ed stack with
 * a guard page).  The scheduler, on the executor's own stack, resumes the
 * calls that have not ended one after the other, in call order; a call
 * runs until its barrier callback switches back (it reached BAR) or it
 * ends.  A round ends when every call has been resumed once, so no call
 * passes a BAR before every other call that has not ended has reached one:
 * a call that ends releases the others (EDGE.BAR_DIVERGENT: never hangs).
 * Without BAR, or when the group fits in one call, the calls run one after
 * the other without fibers (env.barrier NULL: BAR is a no-op).
 * Under AddressSanitizer the stack switches are annotated
 * (__sanitizer_start_switch_fiber / __sanitizer_finish_switch_fiber).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "rast_priv.h"

#if defined(__SANITIZE_ADDRESS__)
#define RAST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define RAST_ASAN 1
#endif
#endif
#ifdef RAST_ASAN
#include <sanitizer/common_interface_defs.h>
#define RAST_FIBER_STACK ((size_t)4 << 20) /* instrumented frames are larger */
#else
#define RAST_FIBER_STACK ((size_t)512 << 10)
#endif

#define RAST_CP_MAX_CALLS ((GP_MAX_CP_INVOCATIONS + GP_LANES - 1) / GP_LANES)

/* ---- memory of draws and dispatches (rast.h "Resources") ------------------ */

void rast_memory_init(gp_memory *m, const struct mem_space *space,
                      const gp_buffer_view storage[GP_MAX_STORAGE_BUFFERS],
                      const tex_image_unit images[GP_MAX_IMAGE_UNITS])
{
    memset(m, 0, sizeof(*m));
    m->space = space;
    memcpy(m->storage, storage, sizeof(m->storage));
    /* image units: texture/'s gp_image_fn over the table (tex.h) */
    m->image = tex_image_units_access;
    m->image_user = (void *)images;
}

/* ---- per-executor scratch -------------------------------------------------- */

struct rast_cp_exec;

typedef struct rast_cp_fiber {
    ucontext_t ctx;
    void *map;                  /* mmap'ed: guard page, then the stack */
    size_t map_size;
    struct rast_cp_exec *e;
    int call;
    bool done;
#ifdef RAST_ASAN
    void *fake;                 /* ASan fake stack while switched away */
#endif
} rast_cp_fiber;

typedef struct rast_cp_exec {
    gp_machine *machines[RAST_CP_MAX_CALLS];
    gp_vec (*inputs)[GP_CIN_COUNT];  /* RAST_CP_MAX_CALLS rows of GP_CIN_COUNT */
    gp_vec *outputs;                 /* unused by compute programs, but valid */
    uint8_t *shared;
    size_t shared_cap;
    rast_cp_fiber *fibers;           /* RAST_CP_MAX_CALLS, stacks made on demand */
    ucontext_t sched;
    struct cp_job *job;              /* the dispatch being run */
    uint64_t group[3];               /* the group being run */
    uint64_t invocations, budget_exceeded;
#ifdef RAST_ASAN
    void *sched_fake;
    const void *sched_bottom;
    size_t sched_size;
#endif
} rast_cp_exec;

typedef struct cp_job {
    const rast_dispatch_args *a;
    rast_stage_binding cp;           /* a->cp, cleaned (rast_stage_binding_clean) */
    const gp_program_info *info;
    gp_memory mem;
    rast_tex_units tex;              /* no textures: samples read 0 */
    uint32_t size[3], n, ncalls;
    uint64_t ngroups;
    uint64_t insn_budget;
    uint64_t total_budget;           /* the dispatch's (rast_budget_total) */
    bool fibers;
    atomic_uint_fast64_t next;
    atomic_uint_fast64_t used;       /* lane-instructions of all calls so far */
    atomic_int stop;                 /* 0, or RAST_STOP_*: no group starts after it */
} cp_job;

void rast_cp_exec_free(rast_cp_exec *e)
{
    if (!e)
        return;
    for (int c = 0; c < RAST_CP_MAX_CALLS; c++)
        if (e->machines[c])
            gp_machine_free(e->machines[c]);
    if (e->fibers) {
        for (int c = 0; c < RAST_CP_MAX_CALLS; c++)
            if (e->fibers[c].map)
                munmap(e->fibers[c].map, e->fibers[c].map_size);
        free(e->fibers);
    }
    free(e->inputs);
    free(e->outputs);
    free(e->shared);
    free(e);
}

/* Makes t's scratch big enough for job j; false on out-of-memory. */
static bool cp_exec_prepare(rast_tile_ctx *t, const cp_job *j)
{
    rast_cp_exec *e = t->cp;
    if (!e) {
        e = calloc(1, sizeof(*e));
        if (!e)
            return false;
        t->cp = e;
        if (posix_memalign((void **)&e->inputs, 64,
                           (size_t)RAST_CP_MAX_CALLS * sizeof(*e->inputs)) != 0) {
            e->inputs = NULL;
            return false;
        }
        if (posix_memalign((void **)&e->outputs, 64,
                           ((size_t)GP_VARY_COUNT + (size_t)GP_FOUT_COUNT) *
                               sizeof(gp_vec)) != 0) {
            e->outputs = NULL;
            return false;
        }
    }
    if (!e->inputs || !e->outputs)
        return false;
    for (uint32_t c = 0; c < j->ncalls; c++) {
        if (!e->machines[c] && !(e->machines[c] = gp_machine_create()))
            return false;
    }
    size_t sh = (size_t)j->info->cp_shared_size;
    if (sh > e->shared_cap) {
        uint8_t *p = realloc(e->shared, sh);
        if (!p)
            return false;
        e->shared = p;
        e->shared_cap = sh;
    }
    if (j->fibers) {
        if (!e->fibers && !(e->fibers = calloc(RAST_CP_MAX_CALLS, sizeof(*e->fibers))))
            return false;
        long pg = sysconf(_SC_PAGESIZE);
        size_t page = pg > 0 ? (size_t)pg : 4096;
        for (uint32_t c = 0; c < j->ncalls; c++) {
            rast_cp_fiber *f = &e->fibers[c];
            if (f->map)
                continue;
            size_t size = RAST_FIBER_STACK + page;
            void *m = mmap(NULL, size, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
            if (m == MAP_FAILED)
                return false;
            mprotect(m, page, PROT_NONE); /* guard page below the stack (grows down) */
            f->map = m;
            f->map_size = size;
        }
    }
    return true;
}

/* ---- one call of a group ---------------------------------------------------- */

static void cp_barrier(void *user);

/* Fills call c's input rows for the current group (glprog.h GP_CIN_*). */
static void cp_fill_inputs(rast_cp_exec *e, const cp_job *j, uint32_t c, uint32_t *live)
{
    gp_vec *in = e->inputs[c];
    memset(in, 0, sizeof(gp_vec) * GP_CIN_COUNT);
    uint32_t sx = j->size[0], sy = j->size[1], sz = j->size[2];
    uint32_t m = 0;
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t idx = c * GP_LANES + (uint32_t)l;
        if (idx >= j->n)
            break;
        m |= 1u << l;
        uint32_t lid[3] = {idx % sx, (idx / sx) % sy, idx / (sx * sy)};
        uint32_t gsz[3] = {sx, sy, sz};
        for (int k = 0; k < 3; k++) {
            uint32_t gid = (uint32_t)e->group[k];
            in[GP_CIN_LOCALID].c[k][l].u = lid[k];
            in[GP_CIN_GLOBALID].c[k][l].u = gid * gsz[k] + lid[k];
            in[GP_CIN_GROUPID].c[k][l].u = gid;
            in[GP_CIN_GROUPCOUNT].c[k][l].u = j->a->groups[k];
            in[GP_CIN_GROUPSIZE].c[k][l].u = gsz[k];
        }
        in[GP_CIN_LOCALINDEX].c[0][l].u = idx;
    }
    *live = m;
}

/* Runs call c of the current group to its end (through BAR when user is a
 * fiber). */
static void cp_run_call(rast_cp_exec *e, const cp_job *j, uint32_t c, rast_cp_fiber *fiber)
{
    uint32_t live;
    if (atomic_load_explicit(&((cp_job *)j)->stop, memory_order_relaxed))
        return; /* the dispatch was stopped: no more calls */
    cp_fill_inputs(e, j, c, &live);
    if (!live)
        return;
    gp_exec_env env;
    rast_stage_env(&j->cp, e->machines[c], rast_tex_fn, (void *)&j->tex, j->insn_budget, &j->mem, "compute program",
                   &env);
    env.inputs = e->inputs[c];
    env.outputs = e->outputs;
    env.live_mask = live;
    env.shared = j->info->cp_shared_size > 0 ? e->shared : NULL;
    env.shared_size = (uint32_t)j->info->cp_shared_size;
    if (fiber) {
        env.barrier = cp_barrier;
        env.barrier_user = fiber;
    }
    gp_exec(j->cp.prog, &env);
    e->invocations += (uint64_t)rast_popcount(live);
    bool exceeded = env.status == GP_EXEC_BUDGET_EXCEEDED;
    e->budget_exceeded += exceeded;
    cp_job *jm = (cp_job *)j;
    uint64_t total = atomic_fetch_add_explicit(&jm->used, env.insn_used, memory_order_relaxed) +
                     env.insn_used;
    int stop = exceeded ? RAST_STAGE_COMPUTE + 1
               : total > j->total_budget ? (RAST_STAGE_COMPUTE + 1) | RAST_STOP_TOTAL : 0;
    if (stop) {
        int none = 0;
        atomic_compare_exchange_strong(&jm->stop, &none, stop); /* the first stop is kept */
    }
}

/* ---- fibers ------------------------------------------------------------------ */

static inline void asan_start(void **fake, const void *bottom, size_t size)
{
#ifdef RAST_ASAN
    __sanitizer_start_switch_fiber(fake, bottom, size);
#else
    (void)fake, (void)bottom, (void)size;
#endif
}

static inline void asan_finish(void *fake, const void **bottom, size_t *size)
{
#ifdef RAST_ASAN
    __sanitizer_finish_switch_fiber(fake, bottom, size);
#else
    (void)fake, (void)bottom, (void)size;
#endif
}

/* A call reached BAR: back to the scheduler until the next round. */
static void cp_barrier(void *user)
{
    rast_cp_fiber *f = user;
    rast_cp_exec *e = f->e;
#ifdef RAST_ASAN
    asan_start(&f->fake, e->sched_bottom, e->sched_size);
#endif
    swapcontext(&f->ctx, &e->sched);
#ifdef RAST_ASAN
    asan_finish(f->fake, &e->sched_bottom, &e->sched_size);
#endif
}

/* The fiber's body; the pointer comes in two ints (makecontext). */
static void cp_fiber_main(unsigned lo, unsigned hi)
{
    rast_cp_fiber *f = (rast_cp_fiber *)(((uintptr_t)hi << 16 << 16) | (uintptr_t)lo);
    rast_cp_exec *e = f->e;
#ifdef RAST_ASAN
    asan_finish(NULL, &e->sched_bottom, &e->sched_size);
#endif
    cp_run_call(e, e->job, (uint32_t)f->call, f);
    f->done = true;
#ifdef RAST_ASAN
    asan_start(NULL, e->sched_bottom, e->sched_size); /* this stack's frames end */
#endif
    swapcontext(&f->ctx, &e->sched); /* never resumed */
    abort();
}

/* (Kept out of the scheduler's loop: getcontext and swapcontext return
 * twice, so no loop variable lives across them.) */
static __attribute__((noinline)) void cp_fiber_make(rast_cp_fiber *f, size_t page)
{
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = (unsigned char *)f->map + page;
    f->ctx.uc_stack.ss_size = f->map_size - page;
    f->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(&f->ctx, (void (*)(void))cp_fiber_main, 2, (unsigned)(p & 0xffffffffu),
                (unsigned)(p >> 16 >> 16));
}

static __attribute__((noinline)) void cp_fiber_resume(rast_cp_exec *e, rast_cp_fiber *f,
                                                      size_t page)
{
#ifdef RAST_ASAN
    asan_start(&e->sched_fake, (unsigned char *)f->map + page, f->map_size - page);
#else
    (void)page;
#endif
    swapcontext(&e->sched, &f->ctx);
#ifdef RAST_ASAN
    asan_finish(e->sched_fake, NULL, NULL);
#endif
}

static void cp_run_group_fibers(rast_cp_exec *e, const cp_job *j)
{
    long pg = sysconf(_SC_PAGESIZE);
    size_t page = pg > 0 ? (size_t)pg : 4096;
    for (uint32_t c = 0; c < j->ncalls; c++) {
        rast_cp_fiber *f = &e->fibers[c];
        f->e = e;
        f->call = (int)c;
        f->done = false;
        cp_fiber_make(f, page);
    }
    /* rounds: every call that has not ended runs to its next BAR or end */
    for (;;) {
        bool any = false;
        for (uint32_t c = 0; c < j->ncalls; c++) {
            rast_cp_fiber *f = &e->fibers[c];
            if (f->done)
                continue;
            any = true;
            cp_fiber_resume(e, f, page);
        }
        if (!any)
            break;
    }
}

/* ---- the dispatch -------------------------------------------------------------- */

static void cp_worker(rast_context *r, rast_tile_ctx *t)
{
    cp_job *j = r->job_arg;
    rast_cp_exec *e = t->cp;
    e->job = j;
    const uint32_t *G = j->a->groups;
    uint8_t *shared = e->shared;
    size_t shared_size = (size_t)j->info->cp_shared_size;
    for (;;) {
        /* a stopped dispatch (rast.h "Instruction budget") starts no group */
        if (atomic_load_explicit(&j->stop, memory_order_relaxed))
            break;
        uint64_t g = atomic_fetch_add_explicit(&j->next, 1, memory_order_relaxed);
        if (g >= j->ngroups)
            break;
        e->group[0] = g % G[0];
        e->group[1] = g / G[0] % G[1];
        e->group[2] = g / G[0] / G[1];
        if (shared_size)
            memset(shared, 0, shared_size); /* EDGE.CP_SHARED_INIT */
        if (j->fibers) {
            cp_run_group_fibers(e, j);
        } else {
            for (uint32_t c = 0; c < j->ncalls; c++)
                cp_run_call(e, j, c, NULL);
        }
    }
}

GLenum rast_dispatch(rast_context *r, const rast_dispatch_args *a)
{
    if (!r || !a || !a->cp.prog)
        return GL_NO_ERROR;
    rast_flush_internal(r);
    const gp_program_info *info = gp_program_get_info(a->cp.prog);
    if (info->stage != GP_STAGE_COMPUTE)
        return GL_NO_ERROR;
    cp_job j;
    memset(&j, 0, sizeof(j));
    j.a = a;
    rast_stage_binding_clean(&j.cp, &a->cp, ~0u);
    j.info = info;
    for (int k = 0; k < 3; k++)
        j.size[k] = info->cp_group_size[k] > 0 ? (uint32_t)info->cp_group_size[k] : 1u;
    uint64_t n = (uint64_t)j.size[0] * j.size[1] * j.size[2];
    if (n > GP_MAX_CP_INVOCATIONS || info->cp_shared_size < 0 ||
        info->cp_shared_size > GP_MAX_CP_SHARED)
        return GL_NO_ERROR; /* the front end refuses such programs */
    j.n = (uint32_t)n;
    j.ncalls = (j.n + GP_LANES - 1) / GP_LANES;
    uint64_t gxy = (uint64_t)a->groups[0] * a->groups[1];
    if (gxy == 0 || a->groups[2] == 0)
        return GL_NO_ERROR;
    if (gxy > UINT64_MAX / a->groups[2])
        return GL_OUT_OF_MEMORY; /* more groups than a counter holds (the GL layer caps
                                    each count at MAX_COMPUTE_WORK_GROUP_COUNT) */
    j.ngroups = gxy * a->groups[2];
    j.insn_budget = r->insn_budget;
    j.total_budget = rast_budget_total(r);
    atomic_init(&j.used, 0);
    atomic_init(&j.stop, 0);
    j.fibers = info->uses_barrier && j.ncalls > 1;
    rast_memory_init(&j.mem, a->res.space, a->res.storage, a->res.images);
    atomic_init(&j.next, 0);
    for (int i = 0; i < r->nthreads; i++)
        if (!cp_exec_prepare(r->tctx[i], &j))
            return GL_OUT_OF_MEMORY;
    if (r->deterministic && info->has_side_effects) {
        /* deterministic mode (rast.h): groups in order on one executor, so
         * atomics and stores happen in the same order on every run */
        r->job_arg = &j;
        cp_worker(r, r->tctx[0]);
        r->job_arg = NULL;
    } else {
        rast_pool_run(r, cp_worker, &j);
    }
    for (int i = 0; i < r->nthreads; i++) {
        rast_cp_exec *e = r->tctx[i]->cp;
        r->stats.cp_invocations += e->invocations;
        r->stats.budget_exceeded += e->budget_exceeded;
        e->invocations = 0;
        e->budget_exceeded = 0;
        e->job = NULL;
    }
    r->dispatch_seq++;
    int stop = atomic_load(&j.stop);
    if (stop)
        rast_budget_report(r, RAST_STAGE_COMPUTE, a->cp.id, a->cp.prog, (stop & RAST_STOP_TOTAL) != 0, true,
                           r->dispatch_seq);
    return GL_NO_ERROR;
}
