/*
 * rast_budget.c - the instruction budget of a draw or dispatch, and its
 * reports (rast.h "Instruction budget").  Stage: all programmable stages.
 * Thread: the API thread, except rast_budget_charge_rec, _charge_task and
 * _settle (any worker, during a flush).
 *
 * Two limits, both in lane-instructions (what gp_exec_env.insn_budget
 * counts): every task (16 lanes) has r->insn_budget, and every draw or
 * dispatch has a total over all its tasks and stages (rast_budget_total).
 * The first task that runs out, or the task that passes the total, stops
 * the draw: vertex and geometry tasks (API thread) start no more for it;
 * fragment tasks (any worker, checking the draw's record before each task)
 * stop when a fragment task ran out or the total did, but the primitives
 * binned before a vertex or geometry task ran out are still drawn.  Draws
 * before it are untouched, draws after it run normally.  Each worker gathers
 * its fragment tasks' charges (rast_tile_ctx.budget_pend) and adds them to
 * the draw's total in batches (RAST_BUDGET_SLACK), so the total is checked
 * a batch at a time; a task that runs out is charged at once.
 *
 * A draw's record (rast_drawrec) lives in the scene, one per scene the draw
 * spans: when a scene is flushed during a draw, the record's counts carry
 * over (carry_used, carry_stop, carry_halt) into the next scene's record.  Stops are
 * reported once per program: on the API thread, when the draw ends
 * (vertex, geometry) or after the flush that ran its fragments.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "rast_priv.h"

uint64_t rast_budget_total(const rast_context *r)
{
    return r->draw_budget ? r->draw_budget : RAST_DEFAULT_DRAW_BUDGET;
}

static const char *const stage_name[RAST_STAGE_COUNT] = {"vertex", "geometry", "fragment",
                                                           "compute", "tessellation control",
                                                           "tessellation evaluation"};

/* True the first time (stage, program) is reported; the table keeps the
 * last 64 programs, so an older one may be reported again. */
static bool first_report(rast_context *r, int stage, uint32_t id, const gp_program *prog,
                         uint64_t seq)
{
    for (int i = 0; i < r->nreported; i++)
        if (r->reported[i].stage == stage && r->reported[i].id == id &&
            (id != 0 || r->reported[i].prog == prog))
            return false;
    int slot = r->nreported < 64 ? r->nreported++ : (int)(seq % 64);
    r->reported[slot].stage = stage;
    r->reported[slot].id = id;
    r->reported[slot].prog = prog;
    return true;
}

static void emit_report(rast_context *r, const char *msg)
{
    if (r->report)
        r->report(r->report_user, msg);
    else
        fputs(msg, stderr);
}

static void program_name(uint32_t id, char *name, size_t size)
{
    if (id)
        snprintf(name, size, "%u", id);
    else
        snprintf(name, size, "(generated)");
}

void rast_budget_report_vertex(rast_context *r, uint32_t id, const gp_program *prog)
{
    if (!first_report(r, RAST_STAGE_VERTEX, id, prog, r->draw_seq))
        return;
    char name[32], msg[256];
    program_name(id, name, sizeof name);
    snprintf(msg, sizeof msg,
             "asmgl: vertex program %s exceeded its instruction budget outside a draw "
             "(raster position, selection or feedback); its vertices were dropped\n",
             name);
    emit_report(r, msg);
}

void rast_budget_report(rast_context *r, int stage, uint32_t id, const gp_program *prog, bool total,
                        bool dispatch, uint64_t seq)
{
    if (!first_report(r, stage, id, prog, seq))
        return;
    char name[32];
    program_name(id, name, sizeof name);
    const char *what = dispatch ? "dispatch" : "draw";
    char msg[256];
    snprintf(msg, sizeof msg,
             "asmgl: %s program %s exceeded %s instruction budget in %s %" PRIu64
             "; the %s was stopped\n",
             stage_name[stage], name, total ? (dispatch ? "the dispatch's" : "the draw's") : "its",
             what, seq, what);
    emit_report(r, msg);
}

static void report_stop(rast_context *r, const rast_drawrec *rec, int stop)
{
    int stage = (stop & 0xff) - 1;
    if (stage < 0 || stage >= RAST_STAGE_COUNT)
        return;
    rast_budget_report(r, stage, rec->id[stage], rec->prog[stage], (stop & RAST_STOP_TOTAL) != 0,
                       false, rec->seq);
}

void rast_budget_draw_begin(rast_context *r, const rast_draw *d)
{
    r->draw_seq++;
    r->in_draw = true;
    r->cur_rec = NULL;
    r->carry_used = 0;
    r->carry_stop = 0;
    r->carry_halt = false;
    r->cur_draw = d;
}

rast_drawrec *rast_budget_rec(rast_context *r)
{
    if (r->cur_rec)
        return r->cur_rec;
    /* the arena aligns to 16 bytes: 48 more place the record on a line */
    void *mem = rast_scene_alloc(&r->scene, sizeof(rast_drawrec) + 48);
    if (!mem)
        return NULL;
    rast_drawrec *rec = (rast_drawrec *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
    memset(rec, 0, sizeof(*rec));
    atomic_init(&rec->used, r->carry_used);
    atomic_init(&rec->stop, r->carry_stop);
    atomic_init(&rec->halt, r->carry_halt);
    rec->seq = r->draw_seq;
    const rast_draw *d = r->cur_draw;
    rec->prog[RAST_STAGE_VERTEX] = d->vp.prog;
    rec->prog[RAST_STAGE_GEOMETRY] = d->gp.prog;
    rec->prog[RAST_STAGE_FRAGMENT] = d->fp.prog;
    rec->id[RAST_STAGE_VERTEX] = d->vp.id;
    rec->id[RAST_STAGE_GEOMETRY] = d->gp.id;
    rec->id[RAST_STAGE_FRAGMENT] = d->fp.id;
    rec->prog[RAST_STAGE_TESS_CONTROL] = d->tcp.prog;
    rec->prog[RAST_STAGE_TESS_EVAL] = d->tep.prog;
    rec->id[RAST_STAGE_TESS_CONTROL] = d->tcp.id;
    rec->id[RAST_STAGE_TESS_EVAL] = d->tep.id;
    rec->reported = r->carry_stop != 0; /* reported when the stop happened */
    rec->next = r->recs;
    r->recs = rec;
    r->cur_rec = rec;
    return rec;
}

bool rast_budget_stopped(const rast_context *r)
{
    if (r->cur_rec)
        return atomic_load_explicit(&r->cur_rec->stop, memory_order_relaxed) != 0;
    return r->carry_stop != 0;
}

/* The stop a charge makes, or 0: this task ran out, or the total did (a
 * task whose budget was cut to the draw's total runs out at that total). */
static int stop_of(int stage, uint64_t total, uint64_t limit, bool exceeded)
{
    if (exceeded)
        return (stage + 1) | (total >= limit ? RAST_STOP_TOTAL : 0);
    if (total > limit)
        return (stage + 1) | RAST_STOP_TOTAL;
    return 0;
}

bool rast_budget_charge_rec(rast_drawrec *rec, uint64_t limit, uint64_t used, bool exceeded, int stage)
{
    uint64_t total = atomic_fetch_add_explicit(&rec->used, used, memory_order_relaxed) + used;
    int stop = stop_of(stage, total, limit, exceeded);
    if (!stop)
        return false;
    int none = 0;
    atomic_compare_exchange_strong(&rec->stop, &none, stop); /* the first stop is kept */
    /* fragments of primitives binned before a vertex or geometry task ran
     * out are still drawn; any other stop halts the fragment stage too */
    if (stage == RAST_STAGE_FRAGMENT || (stop & RAST_STOP_TOTAL))
        atomic_store(&rec->halt, true);
    return true;
}

bool rast_budget_charge_task(rast_tile_ctx *t, rast_drawrec *rec, uint64_t used, bool exceeded)
{
    if (t->budget_rec != rec) {
        rast_budget_settle(t);
        t->budget_rec = rec;
    }
    t->budget_pend += used;
    uint64_t limit = rast_budget_total(t->r);
    if (!exceeded && t->budget_pend < RAST_BUDGET_SLACK(limit))
        return false;
    used = t->budget_pend;
    t->budget_pend = 0;
    return rast_budget_charge_rec(rec, limit, used, exceeded, RAST_STAGE_FRAGMENT);
}

void rast_budget_settle(rast_tile_ctx *t)
{
    if (t->budget_rec && t->budget_pend)
        rast_budget_charge_rec(t->budget_rec, rast_budget_total(t->r), t->budget_pend, false,
                               RAST_STAGE_FRAGMENT);
    t->budget_rec = NULL;
    t->budget_pend = 0;
}

bool rast_budget_charge(rast_context *r, int stage, uint64_t used, bool exceeded)
{
    if (r->cur_rec)
        return rast_budget_charge_rec(r->cur_rec, rast_budget_total(r), used, exceeded, stage);
    /* no record in this scene yet: the carried counts */
    r->carry_used += used;
    int stop = stop_of(stage, r->carry_used, rast_budget_total(r), exceeded);
    if (!stop)
        return false;
    if (!r->carry_stop)
        r->carry_stop = stop;
    if (stage == RAST_STAGE_FRAGMENT || (stop & RAST_STOP_TOTAL))
        r->carry_halt = true;
    return true;
}

void rast_budget_draw_end(rast_context *r)
{
    int stop = r->cur_rec ? atomic_load(&r->cur_rec->stop) : r->carry_stop;
    int stage = (stop & 0xff) - 1;
    /* stops of the stages on the API thread (vertex, tessellation,
     * geometry) are known now: report them at once */
    if (stop && stage != RAST_STAGE_FRAGMENT && stage != RAST_STAGE_COMPUTE) {
        const rast_draw *d = r->cur_draw;
        const rast_stage_binding *b = stage == RAST_STAGE_VERTEX         ? &d->vp
                                      : stage == RAST_STAGE_TESS_CONTROL ? &d->tcp
                                      : stage == RAST_STAGE_TESS_EVAL    ? &d->tep
                                                                         : &d->gp;
        const gp_program *prog = b->prog;
        uint32_t id = b->id;
        rast_budget_report(r, stage, id, prog, (stop & RAST_STOP_TOTAL) != 0, false, r->draw_seq);
        if (r->cur_rec)
            r->cur_rec->reported = true;
    }
    r->in_draw = false;
    r->cur_rec = NULL;
    r->cur_draw = NULL;
}

void rast_budget_flush(rast_context *r)
{
    if (r->in_draw && r->cur_rec) {
        r->carry_used = atomic_load(&r->cur_rec->used);
        r->carry_stop = atomic_load(&r->cur_rec->stop);
        r->carry_halt = atomic_load(&r->cur_rec->halt);
    }
    /* oldest first, so the reports come in draw order */
    rast_drawrec *rev = NULL;
    for (rast_drawrec *rec = r->recs, *next; rec; rec = next) {
        next = rec->next;
        rec->next = rev;
        rev = rec;
    }
    for (rast_drawrec *rec = rev; rec; rec = rec->next) {
        int stop = atomic_load(&rec->stop);
        if (stop && !rec->reported) {
            report_stop(r, rec, stop);
            rec->reported = true;
        }
    }
    r->recs = NULL;
    r->cur_rec = NULL;
}
