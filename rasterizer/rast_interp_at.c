/*
 * rast_interp_at.c - NV_gpu_program5 IPAC / IPAO / IPAS: fragment attributes
 * evaluated at a position the program chooses (glprog.h gp_interp_fn).
 * Stage: tile execution (USC).  Thread: worker threads, called from gp_exec
 * inside rast_shade_task through gp_exec_env.interp; reads only the
 * immutable primitive and draw state.
 *
 * The attribute is evaluated from the primitive's plane equations
 * (rast_priv.h rast_prim) at (x + 0.5 + ox, y + 0.5 + oy) for the lane's
 * pixel (x, y), with exactly the arithmetic of the ordinary interpolation
 * in rast_shade.c (dx = (x + 0.5) - xr, then + ox), so an offset of (0, 0)
 * gives the bits a MOV of the input gives.  The position may lie outside
 * the primitive: the planes extrapolate.  The slot's qualifiers apply as
 * for ordinary inputs (rast_state.c): FLAT slots (FLAT, integer, GL_FLAT
 * colours) are the provoking vertex's words whatever the position;
 * NOPERSPECTIVE slots use the window-space barycentrics; the rest are
 * perspective-correct (1/w plane at the position).  CENTROID (and SAMPLE)
 * declarations are ignored: the position is the instruction's.
 *
 * Positions (ox, oy), in pixels from the pixel centre, y up:
 *   IPAO  the program's (b.x, b.y), each clamped to
 *         [RAST_IPAO_MIN, RAST_IPAO_MAX] = [-0.5, +0.5] and snapped down
 *         (towards -infinity) to the 1/16-pixel grid of RAST_IPAO_BITS = 4
 *         sub-pixel bits (LIM.GP5.IPAO_*: MIN_/MAX_FRAGMENT_INTERPOLATION_
 *         OFFSET_NV, FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV).  The
 *         spec leaves positions outside [MIN, MAX] undefined (EDGE.IPAO_
 *         RANGE): asmgl clamps; a NaN offset component counts as 0.  The
 *         grid is the one sample positions use, so offsets on it are exact;
 *   IPAS  sample b of rast_sample_positions(n) when the framebuffer has
 *         n > 1 samples (SAMPLE_BUFFERS = 1, whether or not GL_MULTISAMPLE
 *         is enabled); the pixel centre without a multisample buffer, and
 *         for a sample number outside [0, n) (EDGE.IPAS_SAMPLE: undefined
 *         in the spec);
 *   IPAC  the CENTROID rule of rast.h "Multisampling": with multisample
 *         rasterization on, a triangle covering some but not all samples
 *         of the pixel is evaluated at its lowest-numbered covered sample,
 *         otherwise (full or no coverage, lines, points, no multisample) at
 *         the centre (rast_centroid_offset, the one definition of that rule).
 * fragment.position at a position is (x + ox, y + oy) in the program's
 * coordinate conventions, depth from the depth plane at that position with
 * the arithmetic of rast_z_base (clamped to the depth range), 1/w from the
 * 1/w plane.  fragment.fogcoord is (f, 0, 0, 1) as ever.  Slots without
 * plane equations (NV5 fragment.pointcoord, slots past RAST_MAX_VARY) get
 * their ordinary pixel-centre value.
 */
#include <math.h>

#include "rast_priv.h"

bool rast_centroid_offset(const rast_prim *p, int nsamples, int64_t px, int64_t py, float *ox,
                          float *oy)
{
    int n;
    const int8_t(*pos)[2] = rast_sample_positions(nsamples, &n);
    int first = -1, covered = 0;
    for (int s = 0; s < n; s++) {
        bool in = true;
        for (int i = 0; i < 3 && in; i++) {
            const rast_edge *e = &p->e[i];
            in = e->c + e->dx * px + e->dy * py + (e->dx / 16) * pos[s][0] +
                     (e->dy / 16) * pos[s][1] >= 0;
        }
        if (in) {
            covered++;
            if (first < 0)
                first = s;
        }
    }
    *ox = *oy = 0.0f;
    if (covered > 0 && covered < n) {
        *ox = (float)pos[first][0] / 16.0f;
        *oy = (float)pos[first][1] / 16.0f;
        return true;
    }
    return false;
}

/* IPAO offset component: clamp to [MIN, MAX], then down to the 1/2^BITS grid. */
static float ipao_snap(float v)
{
    if (!(v == v))
        return 0.0f;
    v = rast_clampf(v, RAST_IPAO_MIN, RAST_IPAO_MAX);
    const float grid = (float)(1 << RAST_IPAO_BITS);
    return floorf(v * grid) / grid; /* v * 16 and the quotient are exact */
}

void rast_interp_fn(void *user, int slot, int mode, const gp_val (*arg)[2], uint32_t lane_mask,
                    gp_vec *out)
{
    const rast_interp_user *u = user;
    const rast_prim *p = u->p;
    const rast_dstate *ds = p->ds;
    float ox[16], oy[16];
    int npos;
    const int8_t(*pos)[2] = rast_sample_positions(ds->nsamples, &npos);
    for (int l = 0; l < 16; l++) {
        ox[l] = oy[l] = 0.0f;
        if (!(lane_mask >> l & 1))
            continue;
        if (mode == GP_IPA_OFFSET) {
            ox[l] = ipao_snap(arg[l][0].f);
            oy[l] = ipao_snap(arg[l][1].f);
        } else if (mode == GP_IPA_SAMPLE) {
            int32_t s = arg[l][0].i;
            if (npos > 1 && s >= 0 && s < npos) {
                ox[l] = (float)pos[s][0] / 16.0f;
                oy[l] = (float)pos[s][1] / 16.0f;
            }
        } else if (ds->ms && p->nplanes == 3) {
            rast_centroid_offset(p, ds->nsamples, (int64_t)u->fx[l], (int64_t)u->fy[l], &ox[l],
                                 &oy[l]);
        }
    }
    /* where each lane is relative to the plane reference point */
    float cdx[16], cdy[16];
    for (int l = 0; l < 16; l++) {
        float dx = (u->fx[l] + 0.5f) - p->xr, dy = (u->fy[l] + 0.5f) - p->yr;
        cdx[l] = dx + ox[l];
        cdy[l] = dy + oy[l];
    }
    if (slot == GP_VARY_POS) {
        for (int l = 0; l < 16; l++) {
            if (!(lane_mask >> l & 1))
                continue;
            int px = (int)u->fx[l], py = (int)u->fy[l];
            float sx = 0.5f + ox[l], sy = 0.5f + oy[l];
            /* rast_z_base at the block origin, then the lane's offset */
            float zb = p->z[0] + p->z[1] * (((float)(px & ~3) + sx) - p->xr) +
                       p->z[2] * (((float)(py & ~3) + sy) - p->yr);
            float z = zb + (p->z[1] * (float)(px & 3) + p->z[2] * (float)(py & 3));
            z = z > ds->zmin ? z : ds->zmin;
            z = z < ds->zmax ? z : ds->zmax;
            out->c[0][l].f = (u->fx[l] + ds->pos_x_add) + ox[l];
            out->c[1][l].f = (ds->pos_y_mul * u->fy[l] + ds->pos_y_add) + ds->pos_y_mul * oy[l];
            out->c[2][l].f = z;
            out->c[3][l].f = p->iw[0] + p->iw[1] * cdx[l] + p->iw[2] * cdy[l];
        }
        return;
    }
    int k = -1;
    for (int i = 0; i < ds->nvary; i++)
        if (ds->vary_slot[i] == slot)
            k = i;
    if (k < 0) {
        /* no plane equations: the ordinary (pixel-centre) value */
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 16; l++)
                if (lane_mask >> l & 1)
                    out->c[c][l] = u->inputs[slot].c[c][l];
        return;
    }
    const float *a = p->attr + (size_t)k * 12;
    if ((ds->vary_flat >> k) & 1u) {
        for (int c = 0; c < 4; c++) {
            gp_val bits;
            memcpy(&bits, &a[c * 3], sizeof bits);
            for (int l = 0; l < 16; l++)
                if (lane_mask >> l & 1)
                    out->c[c][l] = bits;
        }
        return;
    }
    float b1[16], b2[16];
    if ((ds->vary_nopersp >> k) & 1u) {
        for (int l = 0; l < 16; l++) {
            b1[l] = p->al1[0] + p->al1[1] * cdx[l] + p->al1[2] * cdy[l];
            b2[l] = p->al2[0] + p->al2[1] * cdx[l] + p->al2[2] * cdy[l];
        }
    } else {
        for (int l = 0; l < 16; l++) {
            b1[l] = p->l1[0] + p->l1[1] * cdx[l] + p->l1[2] * cdy[l];
            b2[l] = p->l2[0] + p->l2[1] * cdx[l] + p->l2[2] * cdy[l];
            if (p->perspective) {
                float w = 1.0f / (p->iw[0] + p->iw[1] * cdx[l] + p->iw[2] * cdy[l]);
                b1[l] *= w;
                b2[l] *= w;
            }
        }
    }
    for (int c = 0; c < 4; c++, a += 3) {
        float a0 = a[0], d1 = a[1], d2 = a[2];
        for (int l = 0; l < 16; l++)
            if (lane_mask >> l & 1)
                out->c[c][l].f = a0 + b1[l] * d1 + b2[l] * d2;
    }
    if (slot == GP_VARY_FOG) {
        /* fragment.fogcoord = (f, 0, 0, 1) */
        for (int l = 0; l < 16; l++) {
            if (!(lane_mask >> l & 1))
                continue;
            out->c[1][l].f = 0.0f;
            out->c[2][l].f = 0.0f;
            out->c[3][l].f = 1.0f;
        }
    }
}
