/*
 * rast_context.c - the rasterizer context: worker pool, flush, statistics and
 * knobs.  Stage: orchestration.  Thread: the API thread, except worker_main,
 * which runs on the worker threads.
 *
 * rast_flush hands the scene to the executors: the API thread is executor 0
 * and threads-1 workers are the others.  Each bins the row sets it takes
 * (rast_bin.c), then takes the next non-empty tile of a binned set with an
 * atomic counter, runs it to completion and takes another.  Tiles are
 * independent and everything inside a tile happens in submission order, so
 * the image does not depend on which executor ran which tile, except through
 * side effects: the order of atomics and stores of different tiles is the
 * order the executors happened to take.  In deterministic mode (rast.h) a
 * scene with such a fragment program is binned and run on the API thread
 * alone, its tiles in order of first use, and a dispatch its groups in
 * order.  The API thread never waits on a worker anywhere else.
 * rast_pool_run is that hand-over for any job: rast_flush runs tiles with
 * it, rast_dispatch (rast_compute.c) work groups.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rast_priv.h"

/* Runs the tiles of a binned row set that no executor has taken yet. */
static void run_set(const rast_scene *s, rast_tile_ctx *t, rast_rowset *set)
{
    for (;;) {
        int i = atomic_fetch_add_explicit(&set->next, 1, memory_order_relaxed);
        if (i >= set->count)
            break;
        rast_tile_run(t, s, set->list[i]);
    }
}

/* The flush's job on every executor: bin the row sets no executor has
 * taken yet (rast_bin.c), run the tiles of those, then help with the other
 * sets' tiles, each once its binning is done, and last with the tiles the
 * API thread listed, which the row sets may add to.  An executor that
 * starts late finds the sets taken and only helps.  A serial scene has one
 * row set: its one executor runs the API thread's tiles first, as they
 * come first in the order of first use. */
static void bin_and_run_tiles(rast_context *r, rast_tile_ctx *t)
{
    rast_scene *s = &r->scene;
    int mine[RAST_MAX_EXECUTORS], nmine = 0;
    rast_binner bn = {0};
    for (;;) {
        int j = atomic_fetch_add_explicit(&s->next_set, 1, memory_order_relaxed);
        if (j >= s->nsets)
            break;
        rast_bin_set(s, &bn, j, s->nsets);
        mine[nmine++] = j;
    }
    if (s->serial)
        run_set(s, t, &s->sets[s->nsets]);
    for (int i = 0; i < nmine; i++)
        run_set(s, t, &s->sets[mine[i]]);
    for (int j = 0; j <= s->nsets; j++) {
        rast_rowset *set = &s->sets[j];
        for (int spin = 0; !atomic_load_explicit(&set->done, memory_order_acquire); spin++) {
            if (spin >= 256)
                sched_yield();
#if defined(__x86_64__) || defined(__i386__)
            else
                __builtin_ia32_pause();
#endif
        }
        run_set(s, t, set);
    }
}

/* Sets the flush up: m row sets, each with the room in tile_list for the
 * bins of its rows in every layer, after the API thread's list, which
 * becomes set m, binned. */
static void plan_sets(rast_scene *s, int m)
{
    int *list = s->tile_list + (size_t)s->layers * s->tiles_per_layer;
    for (int j = 0; j <= m; j++) {
        rast_rowset *set = &s->sets[j];
        int rows = j < m ? rast_rowset_first_row(s->tiles_y, j + 1, m) -
                               rast_rowset_first_row(s->tiles_y, j, m)
                         : 0;
        set->list = j < m ? list : s->now.list;
        set->count = j < m ? 0 : s->now.nlisted;
        atomic_store_explicit(&set->next, 0, memory_order_relaxed);
        atomic_store_explicit(&set->done, j == m, memory_order_relaxed);
        if (j < m)
            list += (size_t)s->layers * s->tiles_x * rows;
    }
    s->nsets = m;
    atomic_store_explicit(&s->next_set, 0, memory_order_relaxed);
}

/* Worker thread. */
static void *worker_main(void *arg)
{
    rast_tile_ctx *t = arg;
    rast_context *r = t->r;
    unsigned seen = 0;
    pthread_mutex_lock(&r->mu);
    for (;;) {
        while (!r->quit && r->generation == seen)
            pthread_cond_wait(&r->cv_work, &r->mu);
        if (r->quit)
            break;
        seen = r->generation;
        pthread_mutex_unlock(&r->mu);
        r->job(r, t);
        pthread_mutex_lock(&r->mu);
        if (--r->busy_workers == 0)
            pthread_cond_signal(&r->cv_done);
    }
    pthread_mutex_unlock(&r->mu);
    return NULL;
}

static int default_threads(void)
{
    const char *e = getenv("ASMGL_THREADS");
    if (e && *e) {
        int n = atoi(e);
        if (n > 0)
            return n > RAST_MAX_EXECUTORS ? RAST_MAX_EXECUTORS : n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    if (n < 1)
        n = 1;
    return n > RAST_MAX_EXECUTORS ? RAST_MAX_EXECUTORS : (int)n;
}

/* A task never runs more than the whole draw may: with a draw budget below
 * the task budget, one endless task stops at the draw's total. */
static void apply_budgets(rast_context *r)
{
    uint64_t task = r->insn_budget_set ? r->insn_budget_set : GP_DEFAULT_INSN_BUDGET;
    uint64_t total = rast_budget_total(r);
    r->insn_budget = task < total ? task : total;
}

rast_context *rast_context_create(int threads)
{
    rast_context *r = calloc(1, sizeof(*r));
    if (!r)
        return NULL;
    if (threads <= 0)
        threads = default_threads();
    if (threads > RAST_MAX_EXECUTORS)
        threads = RAST_MAX_EXECUTORS;
    rast_scene_init(&r->scene);
    const char *ed = getenv("ASMGL_DETERMINISTIC");
    r->deterministic = ed && *ed && strcmp(ed, "0") != 0;
    const char *ep = getenv("ASMGL_PUNCH");
    r->no_punch = ep && strcmp(ep, "0") == 0;
    r->punch_ordered = ep && strcmp(ep, "ordered") == 0;
    const char *eb = getenv("ASMGL_DRAW_BUDGET");
    if (eb && *eb)
        r->draw_budget = strtoull(eb, NULL, 0);
    apply_budgets(r);
    pthread_mutex_init(&r->mu, NULL);
    pthread_cond_init(&r->cv_work, NULL);
    pthread_cond_init(&r->cv_done, NULL);
    r->vmachine = gp_machine_create();
    r->chunk = malloc(sizeof(*r->chunk));
    r->tctx = calloc((size_t)threads, sizeof(*r->tctx));
    r->ntctx = threads;
    r->workers = calloc((size_t)threads, sizeof(*r->workers));
    if (!r->vmachine || !r->chunk || !r->tctx || !r->workers)
        goto fail;
    for (int i = 0; i < threads; i++) {
        r->tctx[i] = rast_tile_ctx_create(r);
        if (!r->tctx[i])
            goto fail;
    }
    r->nthreads = 1;
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&r->workers[i], NULL, worker_main, r->tctx[i]) != 0)
            break; /* run with fewer threads */
        r->nthreads++;
    }
    if (!rast_scene_set_executors(&r->scene, r->nthreads, r->deterministic))
        goto fail;
    return r;
fail:
    rast_context_destroy(r);
    return NULL;
}

void rast_context_destroy(rast_context *r)
{
    if (!r)
        return;
    if (r->nthreads > 0)
        rast_flush(r);
    pthread_mutex_lock(&r->mu);
    r->quit = true;
    pthread_cond_broadcast(&r->cv_work);
    pthread_mutex_unlock(&r->mu);
    for (int i = 1; i < r->nthreads; i++)
        pthread_join(r->workers[i], NULL);
    if (r->tctx) {
        for (int i = 0; i < r->ntctx; i++) {
            if (r->tctx[i]) {
                rast_cp_exec_free(r->tctx[i]->cp);
                rast_tile_ctx_free(r->tctx[i]);
            }
        }
    }
    free(r->tctx);
    free(r->workers);
    if (r->vmachine)
        gp_machine_free(r->vmachine);
    free(r->chunk);
    free(r->verts);
    free(r->outcodes);
    free(r->clipbuf);
    free(r->prim_scratch);
    rast_gs_free(r->gs);
    rast_tess_free(r->tess);
    rast_scene_fini(&r->scene);
    pthread_mutex_destroy(&r->mu);
    pthread_cond_destroy(&r->cv_work);
    pthread_cond_destroy(&r->cv_done);
    free(r);
}

int rast_context_threads(const rast_context *r)
{
    return r->nthreads;
}

/* Runs every tile of the current scene and resets it (also called when the
 * arena is full in the middle of a draw). */
void rast_flush_internal(rast_context *r)
{
    rast_scene *s = &r->scene;
    r->cur_ds = NULL;
    r->scene_gen++;
    if (!s->ops && s->now.nlisted == 0) { /* nothing queued, no tile binned */
        rast_budget_flush(r);
        rast_scene_reset(s);
        return;
    }
    plan_sets(s, !s->ops ? 0 : s->serial ? 1 : r->nthreads);
    r->stats.ops_binned_at_flush += s->nqueued;
    if (s->serial)
        bin_and_run_tiles(r, r->tctx[0]); /* deterministic mode: one executor */
    else
        rast_pool_run(r, bin_and_run_tiles, NULL);
    rast_budget_flush(r); /* report stopped draws before the arena goes */
    for (int i = 0; i < r->nthreads; i++) {
        rast_tile_stats *ts = &r->tctx[i]->stats;
        r->stats.fragments_shaded += ts->fragments_shaded;
        r->stats.fragments_hidden += ts->fragments_hidden;
        r->stats.fragments_killed += ts->fragments_killed;
        r->stats.fragments_punched += ts->fragments_punched;
        r->stats.tiles_run += ts->tiles_run;
        r->stats.budget_exceeded += ts->budget_exceeded;
        memset(ts, 0, sizeof(*ts));
    }
    r->stats.scene_flushes++;
    rast_scene_reset(s);
}

void rast_pool_run(rast_context *r, void (*job)(rast_context *r, rast_tile_ctx *t), void *arg)
{
    r->job = job;
    r->job_arg = arg;
    if (r->nthreads > 1) {
        pthread_mutex_lock(&r->mu);
        r->busy_workers = r->nthreads - 1;
        r->generation++;
        pthread_cond_broadcast(&r->cv_work);
        pthread_mutex_unlock(&r->mu);
    }
    job(r, r->tctx[0]);
    if (r->nthreads > 1) {
        pthread_mutex_lock(&r->mu);
        while (r->busy_workers > 0)
            pthread_cond_wait(&r->cv_done, &r->mu);
        pthread_mutex_unlock(&r->mu);
    }
    r->job = NULL;
    r->job_arg = NULL;
}

void rast_flush(rast_context *r)
{
    rast_flush_internal(r);
}

GLenum rast_draw_submit(rast_context *r, const rast_draw *d)
{
    if (!d || !d->vp.prog || !d->fp.prog || !d->fb || d->count <= 0 || d->instance_count <= 0)
        return GL_NO_ERROR;
    r->stats.draws++;
    return rast_vertex_run_draw(r, d);
}

GLenum rast_clear(rast_context *r, const rast_framebuffer *fb, const rast_clear_args *c)
{
    if (!fb || !c || fb->width <= 0 || fb->height <= 0)
        return GL_NO_ERROR;
    return rast_clear_bin(r, fb, c);
}

void rast_stats_get(const rast_context *r, rast_stats *s)
{
    *s = r->stats;
}

void rast_stats_reset(rast_context *r)
{
    memset(&r->stats, 0, sizeof(r->stats));
}

void rast_context_set_debug(rast_context *r, unsigned flags)
{
    rast_flush_internal(r);
    r->debug = flags;
}

void rast_context_set_insn_budget(rast_context *r, uint64_t budget)
{
    rast_flush_internal(r);
    r->insn_budget_set = budget;
    apply_budgets(r);
}

uint64_t rast_context_task_budget(const rast_context *r)
{
    return r->insn_budget;
}

void rast_context_set_deterministic(rast_context *r, bool on)
{
    rast_flush_internal(r);
    r->deterministic = on;
    rast_scene_set_executors(&r->scene, r->nthreads, on); /* the sets exist: cannot fail */
}

bool rast_context_deterministic(const rast_context *r)
{
    return r->deterministic;
}

void rast_context_set_draw_budget(rast_context *r, uint64_t budget)
{
    rast_flush_internal(r);
    r->draw_budget = budget;
    apply_budgets(r);
}

void rast_context_set_report(rast_context *r, void (*report)(void *user, const char *message),
                             void *user)
{
    r->report = report;
    r->report_user = user;
}

void rast_context_set_scene_cap(rast_context *r, size_t bytes)
{
    rast_flush_internal(r);
    r->scene.cap = bytes ? bytes : RAST_DEFAULT_SCENE_CAP;
}
