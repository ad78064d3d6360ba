/*
 * rast_tess.c - the tessellation stage (NV_tessellation_program5, with
 * ARB_tessellation_shader's primitive generator).  Stage: geometry front
 * end (producer side).  Thread: API thread.
 *
 * A draw with rast_draw.tep.prog (mode GL_PATCHES, patch_vertices n) runs
 * patch by patch, so its memory is one patch's worth whatever the levels
 * and the patch count:
 *
 *   1. the vertex program on the vertices of up to TS_BATCH_VERTS / n
 *      patches at a time (GP_LANES a task, every draw position shaded once),
 *      keeping all GP_VARY_COUNT result rows of each vertex (the input patch,
 *      glprog.h's env->patch_in layout: vertex v's slot s at row
 *      v * GP_VARY_COUNT + s; results the vertex program never writes read
 *      (0, 0, 0, 1) as they do for geometry programs);
 *   2. the control program, when rast_draw.tcp.prog is set: VERTICES_OUT
 *      invocations as ceil(VERTICES_OUT / GP_LANES) calls of one group
 *      (glprog.h "tessellation"), primitive.id = the patch's number in the
 *      draw (from 0 per draw and per instance).  Its output patch and
 *      per-patch results feed the rest.  Without a control program the input
 *      patch passes through unchanged, with the levels tess_outer /
 *      tess_inner (PATCH_DEFAULT_*_LEVEL, NV_tessellation_program5
 *      "Tessellation Primitive Generation");
 *   3. the primitive generator (rast_tess_gen.c) from the levels and the
 *      evaluation program's TESS_MODE, TESS_SPACING, TESS_VERTEX_ORDER and
 *      TESS_POINT_MODE; a discarded patch (a relevant outer level <= 0 or
 *      NaN) makes nothing;
 *   4. the evaluation program on GP_LANES generated vertices a task,
 *      vertex.tesscoord = (u, v, w, 0), the output patch as vertex[m] and the
 *      per-patch values as primitive.tessouter / tessinner / patch.attrib;
 *   5. the primitives, in the generator's order (rast_priv.h): with a
 *      geometry program, its input primitives (rast_gs_run_prims; its
 *      primitive.id counts them from 0 per draw and per instance, GLSL's
 *      gl_PrimitiveIDIn "primitives processed by the geometry shader"); else to
 *      clipping, triangles with every edge drawn in polygon mode LINE, lines
 *      as independent segments (the stipple restarts at each), points.  The
 *      provoking vertex is the last of each primitive (the first under
 *      provoking_first); a fragment program's primitive.id reads the patch's
 *      number.
 *
 * Lock-step (NV_tessellation_program5: "when executing a given instruction,
 * all previous instructions have completed for all program invocations in
 * the group"): with VERTICES_OUT above GP_LANES each call runs on its own
 * fiber (ucontext, a private mmap'ed stack with a guard page, annotated
 * for AddressSanitizer), switching back to the scheduler at the barrier
 * glprog calls between instructions, so no call starts an instruction
 * before every other call finished the one before.  What the spec leaves
 * undefined (EDGE.TCP_RACES) is glprog.h's choice.  Everything runs on the
 * API thread in draw order, so images are the same for any thread count.
 *
 * Instruction budget (rast.h): each task (16 vertices, one control call,
 * 16 evaluated vertices) is charged to the draw; a task that runs out, or
 * the draw's total, stops the draw: the patch being worked on draws
 * nothing and no later patch starts (reported as the stage that ran out).
 */
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "rast_priv.h"

#if defined(__SANITIZE_ADDRESS__)
#define TS_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TS_ASAN 1
#endif
#endif
#ifdef TS_ASAN
#include <sanitizer/common_interface_defs.h>
#define TS_FIBER_STACK ((size_t)4 << 20) /* instrumented frames are larger */
#else
#define TS_FIBER_STACK ((size_t)512 << 10)
#endif

#define TS_BATCH_VERTS 512 /* input-patch vertices shaded per batch */
#define TS_TCP_CALLS ((GP_MAX_PATCH_VERTICES + GP_LANES - 1) / GP_LANES)

/* A control-program call running on its own stack (VERTICES_OUT above
 * GP_LANES), as compute work groups with BAR run (rast_compute.c). */
typedef struct ts_fiber {
    ucontext_t ctx;
    void *map;               /* mmap'ed: guard page, then the stack */
    size_t map_size;
    struct rast_tess *ts;
    int call;
    bool done;
#ifdef TS_ASAN
    void *fake;
#endif
} ts_fiber;

struct rast_tess {
    gp_val (*vsout)[4];   /* TS_BATCH_VERTS * GP_VARY_COUNT rows: the batch's input patches */
    uint8_t dead[TS_BATCH_VERTS];
    gp_vec *tcp_out;      /* gp_tcp_output_rows(GP_MAX_PATCH_VERTICES) */
    gp_val (*out_patch)[4]; /* GP_MAX_PATCH_VERTICES * GP_VARY_COUNT rows: the output patch */
    gp_val patch_attr[GP_PATCH_ROWS][4];
    float (*uvw)[3];      /* RAST_TESS_MAX_VERTICES */
    uint32_t *indices;    /* RAST_TESS_MAX_INDICES */
    float *recs;          /* RAST_TESS_MAX_VERTICES vertex records (clipping) */
    size_t recs_floats;
    gp_val (*tes_words)[4]; /* RAST_TESS_MAX_VERTICES * GP_VARY_COUNT rows (geometry program) */
    gp_vec tin[GP_TIN_COUNT];
    gp_vec tout[GP_VARY_COUNT];
    /* control-program calls: a machine and an env each, fibers when more
     * than one */
    uint64_t gs_prims;    /* primitives handed to the geometry program in this draw and instance */
    const gp_program *tcp_prog;
    gp_machine *tcp_machine[TS_TCP_CALLS];
    gp_exec_env tcp_env[TS_TCP_CALLS];
    ts_fiber fiber[TS_TCP_CALLS];
    ucontext_t sched;
#ifdef TS_ASAN
    void *sched_fake;
    const void *sched_bottom;
    size_t sched_size;
#endif
};

void rast_tess_free(struct rast_tess *ts)
{
    if (!ts)
        return;
    free(ts->vsout);
    free(ts->tcp_out);
    free(ts->out_patch);
    free(ts->uvw);
    free(ts->indices);
    free(ts->recs);
    free(ts->tes_words);
    for (int c = 0; c < TS_TCP_CALLS; c++) {
        if (ts->tcp_machine[c])
            gp_machine_free(ts->tcp_machine[c]);
        if (ts->fiber[c].map)
            munmap(ts->fiber[c].map, ts->fiber[c].map_size);
    }
    free(ts);
}

static size_t page_size(void)
{
    long pg = sysconf(_SC_PAGESIZE);
    return pg > 0 ? (size_t)pg : 4096;
}

/* Machines (and, for several calls, fiber stacks) for ncalls calls. */
static bool tcp_prepare(struct rast_tess *ts, int ncalls)
{
    for (int c = 0; c < ncalls; c++) {
        if (!ts->tcp_machine[c] && !(ts->tcp_machine[c] = gp_machine_create()))
            return false;
        if (ncalls == 1 || ts->fiber[c].map)
            continue;
        size_t page = page_size(), size = TS_FIBER_STACK + page;
        void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                       -1, 0);
        if (m == MAP_FAILED)
            return false;
        mprotect(m, page, PROT_NONE); /* guard page below the stack (grows down) */
        ts->fiber[c].map = m;
        ts->fiber[c].map_size = size;
    }
    return true;
}

static inline void asan_start(void **fake, const void *bottom, size_t size)
{
#ifdef TS_ASAN
    __sanitizer_start_switch_fiber(fake, bottom, size);
#else
    (void)fake, (void)bottom, (void)size;
#endif
}

static inline void asan_finish(void *fake, const void **bottom, size_t *size)
{
#ifdef TS_ASAN
    __sanitizer_finish_switch_fiber(fake, bottom, size);
#else
    (void)fake, (void)bottom, (void)size;
#endif
}

/* A call finished an instruction: back to the scheduler, so every other
 * call runs that instruction before this one goes on (lock-step). */
static void tcp_barrier(void *user)
{
    ts_fiber *f = user;
    struct rast_tess *ts = f->ts;
#ifdef TS_ASAN
    asan_start(&f->fake, ts->sched_bottom, ts->sched_size);
#endif
    swapcontext(&f->ctx, &ts->sched);
#ifdef TS_ASAN
    asan_finish(f->fake, &ts->sched_bottom, &ts->sched_size);
#endif
}

/* The fiber's body; the pointer comes in two ints (makecontext). */
static void tcp_fiber_main(unsigned lo, unsigned hi)
{
    ts_fiber *f = (ts_fiber *)(((uintptr_t)hi << 16 << 16) | (uintptr_t)lo);
    struct rast_tess *ts = f->ts;
#ifdef TS_ASAN
    asan_finish(NULL, &ts->sched_bottom, &ts->sched_size);
#endif
    gp_exec(ts->tcp_prog, &ts->tcp_env[f->call]);
    f->done = true;
#ifdef TS_ASAN
    asan_start(NULL, ts->sched_bottom, ts->sched_size); /* this stack's frames end */
#endif
    swapcontext(&f->ctx, &ts->sched); /* never resumed */
    abort();
}

/* (Kept out of the scheduler's loop: getcontext and swapcontext return
 * twice, so no loop variable lives across them.) */
static __attribute__((noinline)) void tcp_fiber_make(ts_fiber *f, size_t page)
{
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = (unsigned char *)f->map + page;
    f->ctx.uc_stack.ss_size = f->map_size - page;
    f->ctx.uc_link = NULL;
    uintptr_t p = (uintptr_t)f;
    makecontext(&f->ctx, (void (*)(void))tcp_fiber_main, 2, (unsigned)(p & 0xffffffffu),
                (unsigned)(p >> 16 >> 16));
}

static __attribute__((noinline)) void tcp_fiber_resume(struct rast_tess *ts, ts_fiber *f, size_t page)
{
#ifdef TS_ASAN
    asan_start(&ts->sched_fake, (unsigned char *)f->map + page, f->map_size - page);
#else
    (void)page;
#endif
    swapcontext(&ts->sched, &f->ctx);
#ifdef TS_ASAN
    asan_finish(ts->sched_fake, NULL, NULL);
#endif
}

/* Runs the prepared calls ts->tcp_env[0 .. ncalls): one directly, several
 * as fibers in rounds, every call that has not ended running one
 * instruction a round, in call order. */
static void tcp_run_calls(struct rast_tess *ts, int ncalls)
{
    if (ncalls == 1) {
        gp_exec(ts->tcp_prog, &ts->tcp_env[0]);
        return;
    }
    size_t page = page_size();
    for (int c = 0; c < ncalls; c++) {
        ts_fiber *f = &ts->fiber[c];
        f->ts = ts;
        f->call = c;
        f->done = false;
        ts->tcp_env[c].barrier = tcp_barrier;
        ts->tcp_env[c].barrier_user = f;
        tcp_fiber_make(f, page);
    }
    for (;;) {
        bool any = false;
        for (int c = 0; c < ncalls; c++) {
            ts_fiber *f = &ts->fiber[c];
            if (f->done)
                continue;
            any = true;
            tcp_fiber_resume(ts, f, page);
        }
        if (!any)
            break;
    }
}


static struct rast_tess *ts_alloc(rast_context *r, size_t stride, bool words)
{
    struct rast_tess *ts = r->tess;
    if (!ts) {
        ts = calloc(1, sizeof(*ts));
        if (!ts)
            return NULL;
        ts->vsout = calloc((size_t)TS_BATCH_VERTS * GP_VARY_COUNT, sizeof(*ts->vsout));
        ts->tcp_out = calloc((size_t)gp_tcp_output_rows(GP_MAX_PATCH_VERTICES), sizeof(gp_vec));
        ts->out_patch = calloc((size_t)GP_MAX_PATCH_VERTICES * GP_VARY_COUNT, sizeof(*ts->out_patch));
        ts->uvw = malloc((size_t)RAST_TESS_MAX_VERTICES * sizeof(*ts->uvw));
        ts->indices = malloc((size_t)RAST_TESS_MAX_INDICES * sizeof(uint32_t));
        r->tess = ts;
    }
    if (!ts->vsout || !ts->tcp_out || !ts->out_patch || !ts->uvw || !ts->indices)
        return NULL;
    size_t need = (size_t)RAST_TESS_MAX_VERTICES * stride;
    if (ts->recs_floats < need) {
        float *p = realloc(ts->recs, need * sizeof(float));
        if (!p)
            return NULL;
        ts->recs = p;
        ts->recs_floats = need;
    }
    if (words && !ts->tes_words) {
        ts->tes_words = malloc((size_t)RAST_TESS_MAX_VERTICES * GP_VARY_COUNT * sizeof(*ts->tes_words));
        if (!ts->tes_words)
            return NULL;
    }
    return ts;
}

/* Results a program never writes read (0, 0, 0, 1) in the next stage. */
static void default_rows(gp_vec *out, uint64_t written)
{
    for (int s = 0; s < GP_VARY_COUNT; s++) {
        if (written & (1ull << s))
            continue;
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < GP_LANES; i++)
                out[s].c[c][i].f = c == 3 ? 1.0f : 0.0f;
    }
}

/* The control program on one patch; false when it was stopped. */
static bool run_tcp(rast_geom *g, struct rast_tess *ts, const gp_val (*patch_in)[4], int nin, int vo,
                    int32_t pid)
{
    rast_context *r = g->r;
    memset(ts->tcp_out, 0, (size_t)gp_tcp_output_rows(vo) * sizeof(gp_vec));
    memset(ts->patch_attr, 0, sizeof ts->patch_attr);
    int ncalls = (vo + GP_LANES - 1) / GP_LANES;
    if (!tcp_prepare(ts, ncalls)) {
        g->err = GL_OUT_OF_MEMORY;
        return false;
    }
    ts->tcp_prog = g->tcp.prog;
    for (int c = 0; c < ncalls; c++) {
        int f = c * GP_LANES, m = vo - f < GP_LANES ? vo - f : GP_LANES;
        gp_exec_env *env = &ts->tcp_env[c];
        rast_stage_env(&g->tcp, ts->tcp_machine[c], rast_tex_fn, &g->units, r->insn_budget, &r->vmem,
                       "tessellation control program", env);
        env->outputs = ts->tcp_out;
        env->live_mask = m == 32 ? 0xffffffffu : (1u << m) - 1u;
        env->patch_in = patch_in;
        env->patch_in_vertices = nin;
        env->patch_out = ts->patch_attr;
        env->tcp_first_invocation = f;
        env->primitive_id = pid;
    }
    tcp_run_calls(ts, ncalls);
    bool stop = false;
    for (int c = 0; c < ncalls; c++) {
        const gp_exec_env *env = &ts->tcp_env[c];
        bool exceeded = env->status == GP_EXEC_BUDGET_EXCEEDED;
        r->stats.budget_exceeded += exceeded;
        stop |= rast_budget_charge(r, RAST_STAGE_TESS_CONTROL, env->insn_used, exceeded) ||
                env->status != GP_EXEC_OK;
    }
    if (stop)
        return false;
    /* the output patch in the input-patch layout the evaluation program reads */
    uint64_t wr = gp_program_get_info(g->tcp.prog)->outputs_written;
    for (int v = 0; v < vo; v++) {
        gp_val (*dst)[4] = ts->out_patch + (size_t)v * GP_VARY_COUNT;
        for (int s = 0; s < GP_VARY_COUNT; s++) {
            if (!(wr & (1ull << s)))
                continue;
            const gp_vec *row = &ts->tcp_out[gp_tcp_vertex_row(v, s)];
            for (int c = 0; c < 4; c++)
                dst[s][c] = row->c[c][v % GP_LANES];
        }
    }
    return true;
}

/* Tessellates one patch and draws it; false when the draw was stopped. */
static bool run_patch(rast_geom *g, struct rast_tess *ts, const gp_val (*patch_in)[4], int nin,
                      int32_t pid)
{
    rast_context *r = g->r;
    const rast_draw *d = g->d;
    const gp_program_info *tei = gp_program_get_info(d->tep.prog);
    r->stats.tcs_patches++;
    const gp_val (*tep_in)[4] = patch_in;
    int tep_nin = nin;
    if (d->tcp.prog) {
        int vo = gp_program_get_info(d->tcp.prog)->tcp_vertices_out;
        if (vo < 1 || vo > GP_MAX_PATCH_VERTICES)
            return true;
        /* unwritten vertex results read 0 (the output array starts zeroed) */
        for (int v = 0; v < vo; v++)
            memset(ts->out_patch + (size_t)v * GP_VARY_COUNT, 0, GP_VARY_COUNT * sizeof(*ts->out_patch));
        if (!run_tcp(g, ts, patch_in, nin, vo, pid))
            return false;
        tep_in = (const gp_val(*)[4])ts->out_patch;
        tep_nin = vo;
    } else {
        memset(ts->patch_attr, 0, sizeof ts->patch_attr);
        for (int c = 0; c < 4; c++)
            ts->patch_attr[GP_PATCH_TESSOUTER][c].f = d->tess_outer[c];
        for (int c = 0; c < 2; c++)
            ts->patch_attr[GP_PATCH_TESSINNER][c].f = d->tess_inner[c];
    }

    float outer[4], inner[2];
    for (int c = 0; c < 4; c++)
        outer[c] = ts->patch_attr[GP_PATCH_TESSOUTER][c].f;
    for (int c = 0; c < 2; c++)
        inner[c] = ts->patch_attr[GP_PATCH_TESSINNER][c].f;
    rast_tess_mode mode = tei->tess_mode == GP_TESS_QUADS      ? RAST_TESS_QUADS
                          : tei->tess_mode == GP_TESS_ISOLINES ? RAST_TESS_ISOLINES
                                                               : RAST_TESS_TRIANGLES;
    rast_tess_spacing sp = tei->tess_spacing == GP_TESS_FRACTIONAL_ODD    ? RAST_TESS_FRACTIONAL_ODD
                           : tei->tess_spacing == GP_TESS_FRACTIONAL_EVEN ? RAST_TESS_FRACTIONAL_EVEN
                                                                          : RAST_TESS_EQUAL;
    rast_tess_plan plan;
    rast_tess_plan_init(&plan, mode, sp, tei->tess_vertex_order_cw, tei->tess_point_mode, outer, inner);
    if (plan.num_vertices == 0)
        return true; /* discarded */
    uint32_t nv = rast_tess_gen_coords(&plan, ts->uvw);
    uint32_t per = plan.verts_per_prim;
    uint32_t nidx = rast_tess_gen_prims(&plan, ts->indices) * per;
    r->stats.tess_prims += nidx / per;

    /* the evaluation program, GP_LANES vertices a task */
    bool to_gs = d->gp.prog != NULL;
    size_t stride = (size_t)g->lay.stride;
    int po = g->lay.slot_off[GP_VARY_PRIMID];
    for (uint32_t b = 0; b < nv; b += GP_LANES) {
        if (rast_budget_stopped(r))
            return false;
        int m = nv - b < GP_LANES ? (int)(nv - b) : GP_LANES;
        for (int l = 0; l < m; l++) {
            for (int c = 0; c < 3; c++)
                ts->tin[GP_TIN_TESSCOORD].c[c][l].f = ts->uvw[b + (uint32_t)l][c];
            ts->tin[GP_TIN_TESSCOORD].c[3][l].f = 0.0f;
        }
        gp_exec_env env;
        rast_stage_env(&g->tep, r->vmachine, rast_tex_fn, &g->units, r->insn_budget, &r->vmem,
                       "tessellation evaluation program", &env);
        env.inputs = ts->tin;
        env.outputs = ts->tout;
        env.live_mask = m == 32 ? 0xffffffffu : (1u << m) - 1u;
        env.patch_in = tep_in;
        env.patch_in_vertices = tep_nin;
        env.patch_attr_in = (const gp_val(*)[4])ts->patch_attr;
        env.primitive_id = pid;
        gp_exec(g->tep.prog, &env);
        r->stats.tes_invocations += (uint64_t)m;
        bool exceeded = env.status == GP_EXEC_BUDGET_EXCEEDED;
        r->stats.budget_exceeded += exceeded;
        if (rast_budget_charge(r, RAST_STAGE_TESS_EVAL, env.insn_used, exceeded) || env.status != GP_EXEC_OK)
            return false;
        for (int l = 0; l < m; l++) {
            uint32_t i = b + (uint32_t)l;
            if (to_gs) {
                gp_val (*dst)[4] = ts->tes_words + (size_t)i * GP_VARY_COUNT;
                for (int s = 0; s < GP_VARY_COUNT; s++)
                    for (int c = 0; c < 4; c++)
                        dst[s][c] = ts->tout[s].c[c][l];
                continue;
            }
            float *v = ts->recs + (size_t)i * stride;
            rast_vertex_record(g, ts->tout, l, v, false);
            v[RAST_V_EDGE] = 1.0f;
            if (po >= 0)
                memcpy(v + po, &pid, sizeof pid);
        }
    }
    if (to_gs) {
        GLenum e = rast_gs_run_prims(g, (const gp_val *)ts->tes_words, ts->indices, (long)(nidx / per),
                                     (int)per, (int32_t)ts->gs_prims);
        ts->gs_prims += nidx / per;
        if (e)
            g->err = e;
        return !rast_budget_stopped(r);
    }

    /* the primitives to clipping */
    bool pf = g->pv_first;
#define TV(k) (ts->recs + (size_t)ts->indices[k] * stride)
    for (uint32_t k = 0; k + per <= nidx && !g->err; k += per) {
        switch (per) {
        case 1:
            rast_clip_point(g, TV(k));
            break;
        case 2:
            g->stipple_count = 0;
            rast_clip_line(g, TV(k), TV(k + 1), pf ? TV(k) : TV(k + 1));
            break;
        default:
            rast_clip_triangle(g, TV(k), TV(k + 1), TV(k + 2), pf ? TV(k) : TV(k + 2), 7);
            break;
        }
    }
#undef TV
    return true;
}

GLenum rast_tess_run_draw(rast_geom *g)
{
    rast_context *r = g->r;
    const rast_draw *d = g->d;
    int n = d->patch_vertices;
    if (d->mode != GL_PATCHES || n < 1 || n > GP_MAX_PATCH_VERTICES)
        return GL_NO_ERROR;
    long npatches = (long)d->count / n;
    if (npatches <= 0)
        return GL_NO_ERROR;
    const gp_program_info *tei = gp_program_get_info(d->tep.prog);
    if (tei->tess_mode == GP_TESS_NONE)
        return GL_NO_ERROR; /* not an evaluation program */
    struct rast_tess *ts = ts_alloc(r, (size_t)g->lay.stride, d->gp.prog != NULL);
    if (!ts)
        return GL_OUT_OF_MEMORY;
    /* results the vertex and evaluation programs never write: the defaults */
    default_rows(r->vout, gp_program_get_info(d->vp.prog)->outputs_written);
    default_rows(ts->tout, tei->outputs_written);

    long per_batch = TS_BATCH_VERTS / n;
    for (int inst = 0; inst < d->instance_count && !g->err && !rast_budget_stopped(r); inst++) {
        g->instance = inst;
        ts->gs_prims = 0;
        for (long p0 = 0; p0 < npatches && !g->err && !rast_budget_stopped(r); p0 += per_batch) {
            long np = npatches - p0 < per_batch ? npatches - p0 : per_batch;
            int nverts = (int)(np * n);
            /* the vertex program on the batch's vertices, in draw order */
            int ids[GP_LANES];
            for (int b = 0; b < nverts; b += GP_LANES) {
                int m = nverts - b < GP_LANES ? nverts - b : GP_LANES;
                for (int i = 0; i < m; i++)
                    ids[i] = rast_index_at(d, p0 * n + b + i);
                bool dead = rast_budget_stopped(r) || !rast_vs_run(g, ids, m);
                for (int i = 0; i < m; i++) {
                    ts->dead[b + i] = dead;
                    gp_val (*dst)[4] = ts->vsout + (size_t)(b + i) * GP_VARY_COUNT;
                    for (int s = 0; s < GP_VARY_COUNT; s++)
                        for (int c = 0; c < 4; c++)
                            dst[s][c] = r->vout[s].c[c][i];
                }
            }
            for (long p = 0; p < np && !g->err; p++) {
                bool dead = false;
                for (int v = 0; v < n; v++)
                    dead |= ts->dead[p * n + v];
                if (dead || rast_budget_stopped(r))
                    break;
                const gp_val (*pin)[4] = (const gp_val(*)[4])(ts->vsout + (size_t)p * n * GP_VARY_COUNT);
                if (!run_patch(g, ts, pin, n, (int32_t)(p0 + p)))
                    break;
            }
        }
    }
    return g->err;
}
