/*
 * rast_shade.c - USC: quads to 16-lane tasks, attribute interpolation, the
 * fragment program, and the texture hook.  Stage: tile execution.
 * Thread: worker threads (rast_tex_fn also runs on the API thread for vertex
 * programs).
 *
 * A task is up to 4 quads of one primitive (lanes 4k..4k+3 are quad k in
 * glprog.h order).  Every lane of a used quad is interpolated and run, the
 * uncovered ones as helpers (env.helper_mask), so DDX/DDY and implicit LOD see
 * complete quads.  Inputs are evaluated at pixel centres from the prim's
 * planes (rast_priv.h: perspective-correct barycentrics); only the slots the
 * program reads are computed.
 */
#include <math.h>

#include "rast_priv.h"

void rast_tex_fn(void *user, const gp_tex_request *req, gp_vec *out)
{
    const rast_tex_units *u = user;
    if (req->bindless) {
        /* NV_bindless_texture: the handle's texture with its own sampler
         * state and no unit LOD bias; a handle that is not resident or not
         * valid reads (0, 0, 0, 0) (undefined in the spec) */
        uint64_t i = req->handle - RAST_TEX_HANDLE_BASE;
        const tex_object *t = req->handle >= RAST_TEX_HANDLE_BASE && i < u->num_handles ? u->handles[i] : NULL;
        if (t)
            tex_sample(t, req, 0.0f, out);
        else
            memset(out, 0, sizeof(*out));
        return;
    }
    if (req->unit < u->num_prepared)
        tex_unit_sample(&u->prepared[req->unit], req, out);
    else if (req->unit < RAST_MAX_TEXTURE_UNITS)
        tex_sample_with(u->textures[req->unit], u->samplers[req->unit], req, u->lod_bias[req->unit],
                        out);
    else
        tex_sample(NULL, req, 0.0f, out);
}

/* Depth of 4 quads anywhere in the tile (packed tasks), by the formula of
 * rast_priv.h, which the block paths of rast_hsr.c evaluate too: the task
 * arithmetic's z (rast_lanes.c). */
void rast_eval_z(const rast_tile_ctx *t, const rast_prim *p, const uint16_t qbase[4], float z[16],
                 bool at_sample)
{
    float sx = at_sample ? rast_zs_x(t, p) : 0.5f, sy = at_sample ? rast_zs_y(t, p) : 0.5f;
    t->lanes->z(t->x, t->y, qbase, p, sx, sy, p->ds->zmin, p->ds->zmax, z);
}

/* Alpha to coverage (rast.h "Multisampling"): the lanes of mask whose
 * result.color[0] alpha covers the pass's sample: k = floor(a * n + 0.5)
 * samples 0 .. k - 1, a clamped to [0, 1] (NaN: 0). */
static uint32_t alpha_to_coverage(const rast_tile_ctx *t, const rast_dstate *ds,
                                  const gp_vec *color0, uint32_t mask)
{
    uint32_t out = 0;
    float n = (float)ds->nsamples;
    for (int l = 0; l < 16; l++) {
        float a = rast_clampf(color0->c[3][l].f, 0.0f, 1.0f);
        int k = (int)floorf(a * n + 0.5f);
        out |= (uint32_t)(t->sample < k) << l;
    }
    return out & mask;
}

/* CENTROID positions (rast.h "Multisampling"): for each lane whose pixel the
 * triangle covers partly, the offset from the pixel centre of its
 * lowest-numbered covered sample (else 0: the centre).  Returns whether any
 * lane moved. */
static bool centroid_offsets(const rast_prim *p, int nsamples, const float fx[16],
                             const float fy[16], float cox[16], float coy[16])
{
    bool any = false;
    for (int l = 0; l < 16; l++)
        any |= rast_centroid_offset(p, nsamples, (int64_t)fx[l], (int64_t)fy[l], &cox[l],
                                    &coy[l]);
    return any;
}

/* Interpolation with NV_fragment_program4 qualifiers or CENTROID (kept out
 * of rast_shade_task so its common path keeps its registers). */
static __attribute__((noinline)) void interp_special(const rast_prim *p, const rast_dstate *ds,
                                                     gp_vec *in, const float dx[16],
                                                     const float dy[16], const float fx[16],
                                                     const float fy[16], const float l1[16],
                                                     const float l2[16], int smp)
{
    const float *a = p->attr;
    /* NV_fragment_program4 qualifiers (rast_state.c): FLAT copies the
     * provoking vertex's words (no arithmetic: integers and NaN
     * payloads survive); NOPERSPECTIVE uses the window-space
     * barycentrics */
    float al1[16], al2[16];
    if (ds->vary_nopersp) {
        for (int l = 0; l < 16; l++) {
            al1[l] = p->al1[0] + p->al1[1] * dx[l] + p->al1[2] * dy[l];
            al2[l] = p->al2[0] + p->al2[1] * dx[l] + p->al2[2] * dy[l];
        }
    }
    /* CENTROID slots of multisample triangles: the barycentrics at
     * each lane's centroid position (centroid_offsets) */
    float cl1[16], cl2[16], cal1[16], cal2[16];
    float cox[16], coy[16];
    bool centroid = ds->vary_centroid && p->nplanes == 3 &&
                    centroid_offsets(p, ds->nsamples, fx, fy, cox, coy);
    if (centroid) {
        for (int l = 0; l < 16; l++) {
            float cdx = dx[l] + cox[l], cdy = dy[l] + coy[l];
            cl1[l] = p->l1[0] + p->l1[1] * cdx + p->l1[2] * cdy;
            cl2[l] = p->l2[0] + p->l2[1] * cdx + p->l2[2] * cdy;
            if (p->perspective) {
                float w = 1.0f / (p->iw[0] + p->iw[1] * cdx + p->iw[2] * cdy);
                cl1[l] *= w;
                cl2[l] *= w;
            }
            if (ds->vary_nopersp) {
                cal1[l] = p->al1[0] + p->al1[1] * cdx + p->al1[2] * cdy;
                cal2[l] = p->al2[0] + p->al2[1] * cdx + p->al2[2] * cdy;
            }
        }
    }
    /* NV5 SAMPLE slots of a per-sample invocation (smp >= 0): the
     * barycentrics at that sample's position */
    float sl1[16], sl2[16], sal1[16], sal2[16];
    bool at_sample = ds->vary_sample && smp >= 0;
    if (at_sample) {
        int npos;
        const int8_t(*pos)[2] = rast_sample_positions(ds->nsamples, &npos);
        float sox = smp < npos ? (float)pos[smp][0] / 16.0f : 0.0f;
        float soy = smp < npos ? (float)pos[smp][1] / 16.0f : 0.0f;
        for (int l = 0; l < 16; l++) {
            float sdx = dx[l] + sox, sdy = dy[l] + soy;
            sl1[l] = p->l1[0] + p->l1[1] * sdx + p->l1[2] * sdy;
            sl2[l] = p->l2[0] + p->l2[1] * sdx + p->l2[2] * sdy;
            if (p->perspective) {
                float w = 1.0f / (p->iw[0] + p->iw[1] * sdx + p->iw[2] * sdy);
                sl1[l] *= w;
                sl2[l] *= w;
            }
            if (ds->vary_nopersp) {
                sal1[l] = p->al1[0] + p->al1[1] * sdx + p->al1[2] * sdy;
                sal2[l] = p->al2[0] + p->al2[1] * sdx + p->al2[2] * sdy;
            }
        }
    }
    for (int k = 0; k < ds->nvary; k++) {
        gp_vec *v = &in[ds->vary_slot[k]];
        if ((ds->vary_flat >> k) & 1u) {
            for (int c = 0; c < 4; c++, a += 3) {
                gp_val bits;
                memcpy(&bits, &a[0], sizeof bits);
                for (int l = 0; l < 16; l++)
                    v->c[c][l] = bits;
            }
            continue;
        }
        bool np = (ds->vary_nopersp >> k) & 1u;
        const float *b1 = np ? al1 : l1;
        const float *b2 = np ? al2 : l2;
        if (centroid && ((ds->vary_centroid >> k) & 1u)) {
            b1 = np ? cal1 : cl1;
            b2 = np ? cal2 : cl2;
        }
        if (at_sample && ((ds->vary_sample >> k) & 1u)) {
            b1 = np ? sal1 : sl1;
            b2 = np ? sal2 : sl2;
        }
        for (int c = 0; c < 4; c++, a += 3) {
            float a0 = a[0], d1 = a[1], d2 = a[2];
            for (int l = 0; l < 16; l++)
                v->c[c][l].f = a0 + b1[l] * d1 + b2[l] * d2;
        }
    }
}

/* Interpolates the task's inputs into in and presets the results in out
 * for the state's program, or with decide its punch-through decide program
 * (the same inputs, parameters and temporaries; only the inputs it reads
 * are interpolated); qb gets the task's quads (unused slots repeat quad 0),
 * fx and fy its pixels' positions, *used its lanes of used quads. */
static inline __attribute__((always_inline)) void shade_setup(rast_tile_ctx *t, const rast_prim *p,
                                                              const rast_task *task, bool decide,
                                                              gp_vec *in, gp_vec *out,
                                                              uint16_t qb[4], float fx[16],
                                                              float fy[16], uint32_t *lanes_used)
{
    const rast_dstate *ds = p->ds;
    /* qb built in a register and stored at once: the vector code that
     * reads it (pos, rast_eval_z) loads the four together, a load that
     * waits for four 2-byte stores to reach the cache but is forwarded
     * from one 8-byte store */
    uint32_t used = 0;
    uint64_t qbits = 0;
    for (int k = 0; k < 4; k++) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        int shift = 16 * (3 - k);
#else
        int shift = 16 * k;
#endif
        qbits |= (uint64_t)task->qbase[k < task->n ? k : 0] << shift;
        if (k < task->n)
            used |= 0xfu << (k * 4);
    }
    memcpy(qb, &qbits, sizeof qbits);
    *lanes_used = used;
    const rast_lane_ops *lanes = t->lanes;
    /* interpolation: positions, 1/w and the varyings in one call, or with
     * NV_fragment_program4 qualifiers or CENTROID in steps (interp_special
     * reads the steps' offsets and barycentrics).  64-byte aligned, as are
     * fx and fy: the lane code's whole-vector stores and loads of them are
     * forwarded only when the two line up (a misaligned pair doubled
     * bary's time) */
    _Alignas(64) float iw[16];
    if (!ds->vary_special) {
        lanes->interp(t->x, t->y, qb, p, ds->nvary, ds->vary_slot,
                      decide ? ds->decide_vary : ~0ull, fx, fy, iw, in);
    } else {
        _Alignas(64) float dx[16], dy[16], l1[16], l2[16];
        lanes->pos(t->x, t->y, qb, p->xr, p->yr, fx, fy, dx, dy);
        lanes->bary(p, dx, dy, true, iw, l1, l2);
        interp_special(p, ds, in, dx, dy, fx, fy, l1, l2, t->shade_sample);
    }
    if (ds->nvary) {
        if (ds->read_fog) {
            /* fragment.fogcoord = (f, 0, 0, 1) */
            gp_vec *v = &in[GP_VARY_FOG];
            for (int l = 0; l < 16; l++) {
                v->c[1][l].f = 0.0f;
                v->c[2][l].f = 0.0f;
                v->c[3][l].f = 1.0f;
            }
        }
    }
    if (ds->read_pos) {
        /* fragment.position = (x, y, z, 1/w) in window coordinates */
        gp_vec *v = &in[GP_VARY_POS];
        float z[16];
        rast_eval_z(t, p, qb, z, false);
        for (int l = 0; l < 16; l++) {
            v->c[0][l].f = fx[l] + ds->pos_x_add;
            v->c[1][l].f = ds->pos_y_mul * fy[l] + ds->pos_y_add;
            v->c[2][l].f = z[l];
            v->c[3][l].f = iw[l];
        }
    }
    if (ds->read_sample)
        rast_sample_inputs(t, task, &in[GP_VARY_SAMPLE]); /* rast_shade_ms.c */
    if (ds->read_face) {
        gp_vec *v = &in[GP_VARY_FACE];
        float f = p->front ? 1.0f : -1.0f;
        for (int l = 0; l < 16; l++) {
            v->c[0][l].f = f;
            v->c[1][l].f = 0.0f;
            v->c[2][l].f = 0.0f;
            v->c[3][l].f = 1.0f;
        }
    }

    /* Result registers start defined, so what a program leaves unwritten on
     * some path does not depend on the previous task of this thread (output
     * is the same for any thread count).  result.depth (EDGE.FP_DEPTH_PARTIAL:
     * undefined when a depth-writing program skips the write) starts as the
     * fragment's interpolated depth, so such fragments keep the depth they
     * would have without the program's write.  Colours start as 0 for
     * programs that may write them on some paths only (flow control,
     * condition-code masks: ds->preset_color); plain ARB programs write
     * theirs unconditionally and skip this. */
    if (ds->preset) {
        if (ds->fpi->writes_depth) {
            float z[16];
            rast_eval_z(t, p, qb, z, true);
            for (int l = 0; l < 16; l++)
                out[GP_FOUT_DEPTH].c[2][l].f = z[l];
        }
        if (ds->write_samplemask) /* unwritten: no effect on coverage */
            for (int l = 0; l < 16; l++)
                out[GP_FOUT_SAMPLEMASK].c[0][l].u = ~0u;
        if (ds->preset_color) {
            for (int i = 0; i < ds->ncbuf; i++)
                if (i == 0 || ds->cbuf_src[i] != ds->cbuf_src[i - 1])
                    memset(&out[ds->cbuf_src[i]], 0, sizeof(gp_vec));
        }
    }
}

/* t->fenv and t->fenv2 for state ds: built once per state of the scene,
 * not per task. */
static inline void shade_env(rast_tile_ctx *t, const rast_dstate *ds)
{
    if (t->fenv_ds != ds) {
        rast_stage_env(&ds->fp, t->machine, rast_tex_fn, (void *)&ds->tex, ds->insn_budget, &ds->mem,
                       "fragment program", &t->fenv);
        t->fenv.tex_direct = ds->tex.direct;
        t->fenv.num_tex_direct = ds->tex.num_prepared;
        t->fenv2 = t->fenv;
        t->fenv_ds = ds;
    }
}

/* env's part for one task: its vectors, its lanes (helpers: the uncovered
 * lanes of its used quads, which store nothing, glprog.h
 * EDGE.HELPER_STORES) and its interpolation at other positions (NV5 IPAC /
 * IPAO / IPAS, rast_interp_at.c), without fault positions. */
static inline void task_env(gp_exec_env *env, gp_vec *in, gp_vec *out, const rast_task *task,
                            uint32_t used, rast_interp_user *iu)
{
    env->inputs = in;
    env->outputs = out;
    env->live_mask = task->live;
    env->helper_mask = used & ~task->live;
    env->interp = rast_interp_fn;
    env->interp_user = iu;
    env->lane_pos = NULL;
}

/* Charges a task that ran with env to its draw: false when the task is
 * discarded (it, or the draw's total, ran out of instructions; the draw
 * stops). */
static inline bool task_charge(rast_tile_ctx *t, const rast_prim *p, const gp_exec_env *env)
{
    bool exceeded = env->status == GP_EXEC_BUDGET_EXCEEDED;
    t->stats.budget_exceeded += exceeded;
    return !rast_budget_charge_task(t, p->rec, env->insn_used, exceeded);
}

/* Interpolates the task's inputs, presets the results and runs the state's
 * program, or with decide its punch-through decide program, on it
 * (shade_setup); qb gets the task's quads and *killed the lanes KIL
 * removed.  False when the task is discarded: it, or the draw's total, ran
 * out of instructions.  Inlined into both callers, so each keeps its own
 * code (the shading of the in-order and resolve paths as before
 * punch-through). */
static inline __attribute__((always_inline)) bool shade_run(rast_tile_ctx *t, const rast_prim *p,
                                                            const rast_task *task, bool decide,
                                                            uint16_t qb[4], uint32_t *killed)
{
    const rast_dstate *ds = p->ds;
    const gp_program *prog = decide ? ds->fp_decide : ds->fp.prog;
    gp_vec *in = t->inputs;
    _Alignas(64) float fx[16], fy[16];
    uint32_t used;
    shade_setup(t, p, task, decide, in, t->outputs, qb, fx, fy, &used);

    /* run */
    shade_env(t, ds);
    gp_exec_env *env = &t->fenv; /* gp_exec writes only its results */
    rast_interp_user iu = {p, fx, fy, in};
    task_env(env, in, t->outputs, task, used, &iu);
    /* rast.h "Resources": the pixel of each lane, for fault reports */
    int32_t lane_pos[16][2];
    if (gp_info_touches_memory(ds->fpi)) {
        for (int l = 0; l < 16; l++) {
            lane_pos[l][0] = (int32_t)fx[l];
            lane_pos[l][1] = (int32_t)fy[l];
        }
        env->lane_pos = (const int32_t(*)[2])lane_pos;
    }
    gp_exec(prog, env);
    *killed = env->killed_mask;
    return task_charge(t, p, env);
}

/* Single-sampled: a shaded task's kill, alpha test, late depth/stencil,
 * then the PBE, from its results out. */
static inline __attribute__((always_inline)) void shade_finish(rast_tile_ctx *t,
                                                               const rast_prim *p,
                                                               const rast_task *task, bool late,
                                                               const uint16_t qb[4],
                                                               uint32_t killed, gp_vec *out)
{
    const rast_dstate *ds = p->ds;
    uint32_t live = task->live & ~killed;
    if (ds->write_samplemask) {
        /* single-sampled: result.samplemask bit 0 clear discards (rast.h) */
        for (int l = 0; l < 16; l++)
            if (!(out[GP_FOUT_SAMPLEMASK].c[0][l].u & 1u))
                live &= ~(1u << l);
    }
    if (ds->alpha_test)
        live = rast_alpha_test(ds, &out[GP_FOUT_COLOR0], live);
    t->stats.fragments_killed += (uint64_t)rast_popcount(task->live & ~live);
    if (ds->a2c)
        live = alpha_to_coverage(t, ds, &out[GP_FOUT_COLOR0], live);
    if (ds->a2one) {
        /* SAMPLE_ALPHA_TO_ONE: every colour's alpha becomes 1 (after the
         * alpha test and alpha to coverage read it) */
        for (int i = 0; i < ds->ncbuf; i++)
            if (!rast_format_int(ds->cformat[ds->cbuf[i]]))
                for (int l = 0; l < 16; l++)
                    out[ds->cbuf_src[i]].c[3][l].f = 1.0f;
    }
    if (late && live && ds->isp) {
        float z[16];
        if (ds->fpi->writes_depth) {
            /* result.depth.z, clamped to the depth range */
            for (int l = 0; l < 16; l++)
                z[l] = rast_clampf(out[GP_FOUT_DEPTH].c[2][l].f, ds->zmin, ds->zmax);
        } else {
            rast_eval_z(t, p, qb, z, true);
        }
        live = ds->isp(t, ds, qb, z, live, p->front);
    }
    if (!live)
        return;
    if (ds->samples_passed)
        __atomic_fetch_add(ds->samples_passed, (uint64_t)rast_popcount(live), __ATOMIC_RELAXED);
    for (int i = 0; i < ds->ncbuf; i++)
        ds->pbe[i](t, ds, ds->cbuf[i], qb, &out[ds->cbuf_src[i]], live);
}

bool rast_shade_pairs(const rast_tile_ctx *t, const rast_dstate *ds)
{
    return t->nplanes == 1 && !gp_info_touches_memory(ds->fpi) && gp_exec_may_pair(ds->fp.prog);
}

void rast_shade_pair(rast_tile_ctx *t, const rast_prim *p, const rast_task *a, const rast_task *b,
                     bool late)
{
    const rast_dstate *ds = p->ds;
    if (atomic_load_explicit(&p->rec->halt, memory_order_relaxed))
        return; /* the draw's fragments were stopped (rast_budget.c) */
    uint16_t qa[4], qb[4];
    _Alignas(64) float fxa[16], fya[16], fxb[16], fyb[16];
    uint32_t used_a, used_b;
    shade_setup(t, p, a, false, t->inputs, t->outputs, qa, fxa, fya, &used_a);
    shade_setup(t, p, b, false, t->inputs2, t->outputs2, qb, fxb, fyb, &used_b);
    shade_env(t, ds);
    gp_exec_env *ea = &t->fenv, *eb = &t->fenv2; /* no effects: no fault positions */
    rast_interp_user iua = {p, fxa, fya, t->inputs}, iub = {p, fxb, fyb, t->inputs2};
    task_env(ea, t->inputs, t->outputs, a, used_a, &iua);
    task_env(eb, t->inputs2, t->outputs2, b, used_b, &iub);
    gp_exec2(ds->fp.prog, ea, eb);
    /* as if b ran after a: not at all once a, or another worker, stopped
     * the draw (a task that stops it is discarded) */
    t->stats.fragments_shaded += (uint64_t)rast_popcount(a->live);
    bool keep_a = task_charge(t, p, ea), keep_b = false;
    if (keep_a && !atomic_load_explicit(&p->rec->halt, memory_order_relaxed)) {
        t->stats.fragments_shaded += (uint64_t)rast_popcount(b->live);
        keep_b = task_charge(t, p, eb);
    }
    if (keep_a)
        shade_finish(t, p, a, late, qa, ea->killed_mask, t->outputs);
    if (keep_b)
        shade_finish(t, p, b, late, qb, eb->killed_mask, t->outputs2);
}

uint32_t rast_punch_task(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, float z[16])
{
    const rast_dstate *ds = p->ds;
    if (atomic_load_explicit(&p->rec->halt, memory_order_relaxed))
        return 0; /* the draw was stopped: none of its fragments is drawn */
    uint16_t qb[4];
    uint32_t killed;
    if (!shade_run(t, p, task, true, qb, &killed))
        return 0;
    t->stats.fragments_punched += (uint64_t)rast_popcount(task->live);
    uint32_t live = task->live & ~killed;
    t->stats.fragments_killed += (uint64_t)rast_popcount(task->live & ~live);
    if (ds->fpi->writes_depth) /* result.depth.z, clamped to the depth range (as late Z) */
        for (int l = 0; l < 16; l++)
            z[l] = rast_clampf(t->outputs[GP_FOUT_DEPTH].c[2][l].f, ds->zmin, ds->zmax);
    return live;
}

void rast_shade_task(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late)
{
    const rast_dstate *ds = p->ds;
    if (atomic_load_explicit(&p->rec->halt, memory_order_relaxed))
        return; /* the draw's fragments were stopped (rast_budget.c): no more tasks */
    if (ds->per_sample && t->nplanes > 1 && t->shade_sample < 0) {
        rast_shade_per_sample(t, p, task, late); /* rast_shade_ms.c: back here per sample */
        return;
    }
    uint16_t qb[4];
    uint32_t killed;
    bool keep = shade_run(t, p, task, false, qb, &killed);
    t->stats.fragments_shaded += (uint64_t)rast_popcount(task->live);
    if (!keep)
        return;
    if (t->nplanes > 1) {
        rast_shade_finish_ms(t, p, task, late, qb, killed); /* rast_shade_ms.c */
        return;
    }
    shade_finish(t, p, task, late, qb, killed, t->outputs);
}

/* A full task of p, in order: shaded now, or kept to run as a pair with
 * the next (t->task_ready; rast_task_flush runs what is left). */
static void task_full(rast_tile_ctx *t, const rast_prim *p, const rast_task *task)
{
    bool late = p->ds->mode == RAST_MODE_LATE_Z;
    if (!t->task_pairs) {
        rast_shade_task(t, p, task, late);
    } else if (t->task_ready.n) {
        rast_shade_pair(t, p, &t->task_ready, task, late);
        t->task_ready.n = 0;
    } else {
        t->task_ready = *task;
    }
}

/* In-order shading: collects the quads of p with live lanes into tasks. */
void rast_task_add_quads(rast_tile_ctx *t, const rast_prim *p, int block, uint32_t mask)
{
    if (t->task_prim != p) {
        rast_task_flush(t);
        t->task_prim = p;
        t->task_pairs = rast_shade_pairs(t, p->ds);
    }
    rast_task *whole = &t->task;
    if (mask == 0xffffu && whole->n == 0) {
        /* a covered block is a task of its own: the one the loop below
         * would make, without building it quad by quad */
        for (int q = 0; q < 4; q++)
            whole->qbase[q] = (uint16_t)(block * 16 + q * 4);
        whole->n = 4;
        whole->live = 0xffffu;
        task_full(t, p, whole);
        whole->n = 0;
        whole->live = 0;
        return;
    }
    for (int q = 0; q < 4; q++) {
        uint32_t bits = (mask >> (q * 4)) & 0xfu;
        if (!bits)
            continue;
        rast_task *task = &t->task;
        task->qbase[task->n] = (uint16_t)(block * 16 + q * 4);
        task->live |= bits << (task->n * 4);
        if (++task->n == 4) {
            task_full(t, p, task);
            task->n = 0;
            task->live = 0;
        }
    }
}

void rast_task_flush(rast_tile_ctx *t)
{
    const rast_prim *p = t->task_prim;
    if (p) {
        /* the waiting full task first: the order they were made in */
        bool late = p->ds->mode == RAST_MODE_LATE_Z;
        if (t->task_ready.n && t->task.n)
            rast_shade_pair(t, p, &t->task_ready, &t->task, late);
        else if (t->task_ready.n)
            rast_shade_task(t, p, &t->task_ready, late);
        else if (t->task.n)
            rast_shade_task(t, p, &t->task, late);
    }
    t->task_ready.n = 0;
    t->task.n = 0;
    t->task.live = 0;
    t->task_prim = NULL;
}
