/*
 * rast_shade_ms.c - the multisample side of the USC (rast.h "Multisampling"):
 * tasks with per-sample lanes, per-sample invocations, the NV5 sample
 * inputs, and what follows the program on a multisample tile (coverage
 * masks, late depth/stencil and the PBE per sample plane).
 * Stage: tile execution.  Thread: worker threads.
 *
 * A multisample tile holds all its sample planes (rast_tile.c); the ISP
 * (rast_hsr.c) decides per plane which lanes a primitive keeps, and a task
 * carries them in rast_task.slive[s] (live = their union).  The program runs
 * once per task (inputs at the pixel centre, or CENTROID), and its outputs
 * go to each plane s for the lanes of slive[s] that survive KIL, the alpha
 * test, alpha to coverage, result.samplemask and (late Z) plane s's own
 * depth/stencil test; blending is per plane.  A per-sample state
 * (ds->per_sample: SAMPLE inputs or fragment.sampleid) instead runs the
 * program once per sample plane that has lanes, on those lanes only, with
 * t->shade_sample = s (SAMPLE inputs at the sample, fragment.sampleid = s),
 * and writes plane s only.
 */
#include <math.h>

#include "rast_priv.h"

void rast_task_add_quads_ms(rast_tile_ctx *t, const rast_prim *p, int block, const uint16_t *smask)
{
    if (t->task_prim != p) {
        rast_task_flush(t);
        t->task_prim = p;
    }
    const int ns = t->nplanes;
    uint32_t any = 0;
    for (int s = 0; s < ns; s++)
        any |= smask[s];
    rast_task *task = &t->task;
    for (int q = 0; q < 4; q++) {
        uint32_t bits = (any >> (q * 4)) & 0xfu;
        if (!bits)
            continue;
        if (task->n == 0)
            memset(task->slive, 0, sizeof(task->slive));
        task->qbase[task->n] = (uint16_t)(block * 16 + q * 4);
        task->live |= bits << (task->n * 4);
        for (int s = 0; s < ns; s++)
            task->slive[s] |= (((uint32_t)smask[s] >> (q * 4)) & 0xfu) << (task->n * 4);
        if (++task->n == 4) {
            rast_shade_task(t, p, task, p->ds->mode == RAST_MODE_LATE_Z);
            task->n = 0;
            task->live = 0;
        }
    }
}

void rast_shade_per_sample(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late)
{
    const int cur = t->sample;
    for (int s = 0; s < t->nplanes; s++) {
        if (!task->slive[s])
            continue;
        /* the quads with lanes on plane s, packed */
        rast_task ts;
        memset(&ts, 0, sizeof(ts));
        for (int k = 0; k < task->n; k++) {
            uint32_t bits = (task->slive[s] >> (k * 4)) & 0xfu;
            if (!bits)
                continue;
            ts.qbase[ts.n] = task->qbase[k];
            ts.live |= bits << (ts.n * 4);
            ts.n++;
        }
        ts.slive[s] = ts.live;
        rast_plane_select(t, s); /* depth presets and late Z at this sample */
        t->shade_sample = s;
        rast_shade_task(t, p, &ts, late);
        t->shade_sample = -1;
    }
    rast_plane_select(t, cur);
}

void rast_sample_inputs(const rast_tile_ctx *t, const rast_task *task, gp_vec *v)
{
    int32_t id = t->shade_sample >= 0 ? t->shade_sample : 0;
    for (int l = 0; l < 16; l++) {
        uint32_t m = 0;
        if (t->nplanes > 1) {
            for (int s = 0; s < t->nplanes; s++)
                m |= ((task->slive[s] >> l) & 1u) << s;
        } else {
            m = (task->live >> l) & 1u; /* no multisample buffer: the centre */
        }
        v->c[0][l].i = id;
        v->c[1][l].u = m;
        v->c[2][l].u = 0;
        v->c[3][l].u = 0;
    }
}

void rast_shade_finish_ms(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late,
                          const uint16_t qb[4], uint32_t killed)
{
    const rast_dstate *ds = p->ds;
    uint32_t live = task->live & ~killed;
    if (ds->alpha_test)
        live = rast_alpha_test(ds, &t->outputs[GP_FOUT_COLOR0], live);
    t->stats.fragments_killed += (uint64_t)rast_popcount(task->live & ~live);
    if (!live)
        return;
    /* alpha to coverage: samples 0 .. k-1 of each lane, k = floor(a * n + 0.5)
     * (read before alpha to one changes alpha) */
    int a2c_k[16];
    if (ds->a2c) {
        float n = (float)ds->nsamples;
        for (int l = 0; l < 16; l++) {
            float a = rast_clampf(t->outputs[GP_FOUT_COLOR0].c[3][l].f, 0.0f, 1.0f);
            a2c_k[l] = (int)floorf(a * n + 0.5f);
        }
    }
    if (ds->a2one) {
        for (int i = 0; i < ds->ncbuf; i++)
            if (!rast_format_int(ds->cformat[ds->cbuf[i]]))
                for (int l = 0; l < 16; l++)
                    t->outputs[ds->cbuf_src[i]].c[3][l].f = 1.0f;
    }
    float zw[16];
    if (late && ds->isp && ds->fpi->writes_depth) {
        /* result.depth.z, clamped to the depth range: every sample's depth */
        for (int l = 0; l < 16; l++)
            zw[l] = rast_clampf(t->outputs[GP_FOUT_DEPTH].c[2][l].f, ds->zmin, ds->zmax);
    }
    const int cur = t->sample;
    for (int s = 0; s < t->nplanes; s++) {
        uint32_t m = task->slive[s] & live;
        if (!m)
            continue;
        if (ds->a2c)
            for (int l = 0; l < 16; l++)
                if (s >= a2c_k[l])
                    m &= ~(1u << l);
        if (ds->write_samplemask)
            for (int l = 0; l < 16; l++)
                if (!((t->outputs[GP_FOUT_SAMPLEMASK].c[0][l].u >> s) & 1u))
                    m &= ~(1u << l);
        if (!m)
            continue;
        if (s != t->sample)
            rast_plane_select(t, s);
        if (late && ds->isp) {
            float z[16];
            if (ds->fpi->writes_depth)
                memcpy(z, zw, sizeof(z));
            else
                rast_eval_z(t, p, qb, z, true); /* at this sample's position */
            m = ds->isp(t, ds, qb, z, m, p->front);
            if (!m)
                continue;
        }
        if (ds->samples_passed) /* samples, per plane (rast.h rast_state.samples_passed) */
            __atomic_fetch_add(ds->samples_passed, (uint64_t)rast_popcount(m), __ATOMIC_RELAXED);
        for (int i = 0; i < ds->ncbuf; i++)
            ds->pbe[i](t, ds, ds->cbuf[i], qb, &t->outputs[ds->cbuf_src[i]], m);
    }
    if (t->sample != cur)
        rast_plane_select(t, cur);
}
