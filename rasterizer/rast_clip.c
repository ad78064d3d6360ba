/*
 * rast_clip.c - clipping, perspective divide, viewport, face determination,
 * culling, two-sided colour selection, polygon mode and polygon offset.
 * Stage: geometry back end (producer side).  Thread: API thread.
 *
 * Vertices carry an outcode (SwiftShader-style): AND of a primitive's codes
 * non-zero -> rejected; OR zero -> no clipping.  Triangles clip against a
 * guard band (RAST_GUARD_PIXELS around the visible rectangle) instead of
 * -w <= x, y <= w: the viewport rectangle is part of their scissor rectangle,
 * so the pixels are the same and most triangles crossing the viewport edge
 * are never cut.  z is clipped to -w <= z <= w unless depth clamping is on,
 * and user planes to result.clip[n] >= 0.  Points and lines clip against the
 * exact view volume (their scissor rectangle does not include the viewport,
 * so wide points and lines may cross its edge as GL allows).
 *
 * Polygons are clipped with Sutherland-Hodgman; a new vertex is always
 * interpolated from the inside vertex towards the outside one, so the two
 * triangles sharing an edge get bit-identical new vertices (no cracks).
 * Non-finite positions cull the primitive.
 */
#include <math.h>

#include "rast_priv.h"

void rast_clip_project(const rast_geom *g, float *v)
{
    float iw = 1.0f / v[3];
    v[RAST_V_WIN + 0] = g->vp_cx + g->vp_hx * (v[0] * iw);
    v[RAST_V_WIN + 1] = g->vp_cy + g->vp_hy * (v[1] * iw);
    v[RAST_V_WIN + 2] = g->z_bias + g->z_scale * (v[2] * iw);
    v[RAST_V_WIN + 3] = iw;
}

/* Signed distance of v to clip plane `plane` (inside: >= 0). */
static float plane_dist(const rast_geom *g, const float *v, int plane)
{
    float x = v[0], y = v[1], z = v[2], w = v[3];
    if (plane < 4) {
        const float *p = g->guard_plane[plane];
        return p[0] * x + p[1] * y + p[3] * w;
    }
    switch (plane) {
    case 4: return z + w;
    case 5: return w - z;
    case 14: return x + w;
    case 15: return w - x;
    case 16: return y + w;
    case 17: return w - y;
    default: return v[g->lay.clip_off + plane - RAST_CLIP_USER_SHIFT];
    }
}

uint32_t rast_clip_outcode(const rast_geom *g, const float *v)
{
    float x = v[0], y = v[1], z = v[2], w = v[3];
    uint32_t code = 0;
    if (!isfinite(x) || !isfinite(y) || !isfinite(z) || !isfinite(w))
        code |= RAST_CLIP_NONFINITE;
    const float(*gp)[4] = g->guard_plane;
    /* the same expressions as plane_dist, so a vertex's code and the
     * clipper's distances agree */
    code |= (uint32_t)!(gp[0][0] * x + gp[0][1] * y + gp[0][3] * w >= 0.0f) << 0;
    code |= (uint32_t)!(gp[1][0] * x + gp[1][1] * y + gp[1][3] * w >= 0.0f) << 1;
    code |= (uint32_t)!(gp[2][0] * x + gp[2][1] * y + gp[2][3] * w >= 0.0f) << 2;
    code |= (uint32_t)!(gp[3][0] * x + gp[3][1] * y + gp[3][3] * w >= 0.0f) << 3;
    code |= (uint32_t)!(z + w >= 0.0f) << 4;
    code |= (uint32_t)!(w - z >= 0.0f) << 5;
    code |= (uint32_t)!(x + w >= 0.0f) << 14;
    code |= (uint32_t)!(w - x >= 0.0f) << 15;
    code |= (uint32_t)!(y + w >= 0.0f) << 16;
    code |= (uint32_t)!(w - y >= 0.0f) << 17;
    uint32_t planes = g->d->state.clip_planes & 0xffu;
    if (planes) {
        for (int n = 0; n < 8; n++)
            if ((planes & (1u << n)) && !(v[g->lay.clip_off + n] >= 0.0f))
                code |= 1u << (RAST_CLIP_USER_SHIFT + n);
    }
    return code;
}

static uint32_t vcode(const float *v)
{
    uint32_t c;
    memcpy(&c, &v[RAST_V_CODE], sizeof(c));
    return c;
}

static float *tmp_vertex(rast_geom *g)
{
    if (g->tmpv_used >= RAST_TMPV - 1)
        return NULL;
    return g->tmpv + (size_t)(g->tmpv_used++) * g->lay.stride;
}

/* NOPERSPECTIVE slots of a new vertex (NV_fragment_program4 2.14.8): with
 * P = t * P_out + (1 - t) * P_in in clip space, the attribute is
 * a = t' * a_out + (1 - t') * a_in,  t' = t w_out / (t w_out + (1 - t) w_in),
 * the weight of P_out in window space, so the value stays linear in window
 * coordinates across the clipped edge (EDGE.CLIP_NOPERSP; w <= 0 is
 * undefined: t is kept when the denominator is not positive). */
static void lerp_nopersp(const rast_geom *g, float *dst, const float *in, const float *out, float t)
{
    const rast_dstate *ds = &g->dsl;
    float wi = in[3], wo = out[3];
    float den = t * wo + (1.0f - t) * wi;
    float tp = den > 0.0f ? (t * wo) / den : t;
    for (int k = 0; k < ds->nvary; k++) {
        if (!((ds->vary_nopersp >> k) & 1u))
            continue;
        int s = ds->vary_slot[k];
        int offs[2] = {g->lay.slot_off[s], -1};
        if (s == GP_VARY_COL0 || s == GP_VARY_COL1)
            offs[1] = g->bfc_off[s - GP_VARY_COL0];
        for (int j = 0; j < 2; j++) {
            int off = offs[j];
            if (off < 0)
                continue;
            for (int c = 0; c < 4; c++)
                dst[off + c] = in[off + c] + tp * (out[off + c] - in[off + c]);
        }
    }
}

/* dst = in + t * (out - in), over everything but the window/outcode words.
 * A new vertex lies on clip plane `plane` by construction; for the planes
 * that bound one coordinate its coordinate is set exactly on the plane, so
 * huge inputs (1e30) cannot leave it far off by rounding.  (FLAT slots get
 * a value too, never read: setup takes them from the provoking vertex.) */
static void lerp_vertex(const rast_geom *g, float *dst, const float *in, const float *out, float t,
                        int plane)
{
    for (int i = 0; i < 4; i++)
        dst[i] = in[i] + t * (out[i] - in[i]);
    for (int i = RAST_V_ATTR; i < g->lay.stride; i++)
        dst[i] = in[i] + t * (out[i] - in[i]);
    if (g->dsl.vary_nopersp)
        lerp_nopersp(g, dst, in, out, t);
    float w = dst[3];
    switch (plane) {
    case 0: case 1: dst[0] = -(g->guard_plane[plane][3] / g->guard_plane[plane][0]) * w; break;
    case 2: case 3: dst[1] = -(g->guard_plane[plane][3] / g->guard_plane[plane][1]) * w; break;
    case 4: dst[2] = -w; break;
    case 5: dst[2] = w; break;
    case 14: dst[0] = -w; break;
    case 15: dst[0] = w; break;
    case 16: dst[1] = -w; break;
    case 17: dst[1] = w; break;
    default: break;
    }
    uint32_t zero = 0;
    memcpy(&dst[RAST_V_CODE], &zero, sizeof(zero));
    rast_clip_project(g, dst);
}

static int64_t snap(float v)
{
    return (int64_t)lrintf(v * (float)RAST_FIXED_ONE);
}

static bool win_ok(const float *v)
{
    /* the guard band keeps |x|, |y| < 2^15; anything else is numerical noise */
    return fabsf(v[RAST_V_WIN]) < 32768.0f && fabsf(v[RAST_V_WIN + 1]) < 32768.0f &&
           isfinite(v[RAST_V_WIN + 2]) && isfinite(v[RAST_V_WIN + 3]);
}

/* Polygon offset (GL 2.1 3.5.5): factor * max(|dz/dx|, |dz/dy|) + units * r,
 * with r = 2^-24 (a 24-bit depth buffer's resolution; in asmgl's float depth
 * it is at least one representable step everywhere in [0, 1]). */
static float polygon_offset(const rast_geom *g, float *const *p, int n)
{
    const rast_state *st = &g->d->state;
    for (int i = 1; i + 1 < n; i++) {
        double x0 = p[0][RAST_V_WIN], y0 = p[0][RAST_V_WIN + 1], z0 = p[0][RAST_V_WIN + 2];
        double dx1 = p[i][RAST_V_WIN] - x0, dy1 = p[i][RAST_V_WIN + 1] - y0;
        double dx2 = p[i + 1][RAST_V_WIN] - x0, dy2 = p[i + 1][RAST_V_WIN + 1] - y0;
        double dz1 = p[i][RAST_V_WIN + 2] - z0, dz2 = p[i + 1][RAST_V_WIN + 2] - z0;
        double det = dx1 * dy2 - dx2 * dy1;
        if (det == 0.0)
            continue;
        double dzdx = (dz1 * dy2 - dz2 * dy1) / det;
        double dzdy = (dz2 * dx1 - dz1 * dx2) / det;
        double m = fabs(dzdx) > fabs(dzdy) ? fabs(dzdx) : fabs(dzdy);
        return (float)(st->offset_factor * m) + g->offset_units_r;
    }
    return g->offset_units_r;
}

/* A clipped, projected polygon (n >= 3) with edge flags (flag[i]: edge i -> i+1). */
static void emit_polygon(rast_geom *g, float *const *p, const bool *flag, int n)
{
    const rast_state *st = &g->d->state;
    for (int i = 0; i < n; i++)
        if (!win_ok(p[i]))
            return;
    /* face: signed area of the snapped polygon (the same fixed point the
     * edge functions use, so a triangle's face agrees with its winding) */
    int64_t area = 0;
    for (int i = 0; i < n; i++) {
        const float *a = p[i], *b = p[i + 1 < n ? i + 1 : 0];
        area += snap(a[RAST_V_WIN]) * snap(b[RAST_V_WIN + 1]) -
                snap(b[RAST_V_WIN]) * snap(a[RAST_V_WIN + 1]);
    }
    bool ccw = area > 0;
    bool front = (st->front_face == GL_CW) ? !ccw : ccw;
    if (st->cull_face) {
        if (st->cull_mode == GL_FRONT_AND_BACK)
            return;
        if (st->cull_mode == GL_FRONT ? front : !front)
            return;
    }
    GLenum pm = st->polygon_mode[front ? 0 : 1];
    if (pm != GL_LINE && pm != GL_POINT)
        pm = GL_FILL;
    if (area == 0 && pm == GL_FILL)
        return;
    bool do_offset = pm == GL_FILL ? st->offset_fill : pm == GL_LINE ? st->offset_line : st->offset_point;
    float offset = do_offset ? polygon_offset(g, p, n) : 0.0f;
    g->in_polygon = true;
    if (pm == GL_FILL) {
        for (int i = 1; i + 1 < n; i++)
            rast_setup_tri(g, p[0], p[i], p[i + 1], front, offset);
    } else if (pm == GL_LINE) {
        for (int i = 0; i < n; i++)
            if (flag[i]) {
                g->stipple_count = 0; /* each polygon edge restarts the stipple */
                rast_setup_line(g, p[i], p[i + 1 < n ? i + 1 : 0], front, offset);
            }
    } else {
        for (int i = 0; i < n; i++)
            if (flag[i])
                rast_setup_point(g, p[i], front, offset);
    }
    g->in_polygon = false;
}

#define MAX_POLY 32

/* Counts the primitive for PRIMITIVES_GENERATED; false when
 * RASTERIZER_DISCARD drops it. */
static bool prim_kept(const rast_geom *g)
{
    const rast_state *st = &g->d->state;
    if (st->prims_generated)
        (*st->prims_generated)++;
    return !st->rasterizer_discard;
}

void rast_clip_triangle(rast_geom *g, float *v0, float *v1, float *v2, const float *pv,
                        unsigned edge_flags)
{
    if (!prim_kept(g))
        return;
    uint32_t c0 = vcode(v0), c1 = vcode(v1), c2 = vcode(v2);
    uint32_t mask = g->tri_clip_mask;
    if ((c0 & c1 & c2 & mask) || ((c0 | c1 | c2) & RAST_CLIP_NONFINITE))
        return;
    g->tmpv_used = 0;
    /* flat slots (FLAT, integers, GL_FLAT colours) come from pv in setup */
    g->pv = pv;
    float *poly[MAX_POLY], *tmp[MAX_POLY];
    bool flag[MAX_POLY], tflag[MAX_POLY];
    poly[0] = v0; poly[1] = v1; poly[2] = v2;
    flag[0] = edge_flags & 1u; flag[1] = (edge_flags >> 1) & 1u; flag[2] = (edge_flags >> 2) & 1u;
    int n = 3;
    uint32_t planes = (c0 | c1 | c2) & mask & ~RAST_CLIP_NONFINITE;
    while (planes && n >= 3) {
        int pl = __builtin_ctz(planes);
        planes &= planes - 1;
        float d[MAX_POLY];
        for (int i = 0; i < n; i++)
            d[i] = plane_dist(g, poly[i], pl);
        int m = 0;
        for (int i = 0; i < n && m + 2 < MAX_POLY; i++) {
            int j = i + 1 < n ? i + 1 : 0;
            bool in_i = d[i] >= 0.0f, in_j = d[j] >= 0.0f;
            if (in_i) {
                tmp[m] = poly[i];
                tflag[m++] = flag[i];
            }
            if (in_i != in_j) {
                float *nv = tmp_vertex(g);
                if (!nv)
                    return;
                if (in_i)
                    lerp_vertex(g, nv, poly[i], poly[j], d[i] / (d[i] - d[j]), pl);
                else
                    lerp_vertex(g, nv, poly[j], poly[i], d[j] / (d[j] - d[i]), pl);
                tmp[m] = nv;
                /* leaving: the next edge runs along the clip plane */
                tflag[m++] = in_i ? false : flag[i];
            }
        }
        n = m;
        memcpy(poly, tmp, sizeof(float *) * (size_t)n);
        memcpy(flag, tflag, sizeof(bool) * (size_t)n);
    }
    if (n >= 3)
        emit_polygon(g, poly, flag, n);
}

void rast_clip_line(rast_geom *g, float *v0, float *v1, const float *pv)
{
    if (!prim_kept(g))
        return;
    uint32_t c0 = vcode(v0), c1 = vcode(v1);
    uint32_t mask = g->pl_clip_mask;
    if ((c0 & c1 & mask) || ((c0 | c1) & RAST_CLIP_NONFINITE))
        return;
    g->tmpv_used = 0;
    g->pv = pv;
    uint32_t planes = (c0 | c1) & mask & ~RAST_CLIP_NONFINITE;
    if (planes) {
        float t0 = 0.0f, t1 = 1.0f;
        int p0 = -1, p1 = -1;
        while (planes) {
            int pl = __builtin_ctz(planes);
            planes &= planes - 1;
            float d0 = plane_dist(g, v0, pl), d1 = plane_dist(g, v1, pl);
            if (d0 < 0.0f) {
                float t = d0 / (d0 - d1);
                if (t > t0) { t0 = t; p0 = pl; }
            } else if (d1 < 0.0f) {
                float t = d0 / (d0 - d1);
                if (t < t1) { t1 = t; p1 = pl; }
            }
        }
        if (!(t0 < t1))
            return;
        float *a = v0, *b = v1;
        if (t0 > 0.0f) {
            a = tmp_vertex(g);
            lerp_vertex(g, a, v0, v1, t0, p0);
        }
        if (t1 < 1.0f) {
            b = tmp_vertex(g);
            lerp_vertex(g, b, v0, v1, t1, p1);
        }
        v0 = a;
        v1 = b;
    }
    if (!win_ok(v0) || !win_ok(v1))
        return;
    rast_setup_line(g, v0, v1, true, 0.0f);
}

void rast_clip_point(rast_geom *g, float *v0)
{
    if (!prim_kept(g))
        return;
    if (vcode(v0) & g->pl_clip_mask)
        return;
    if (!win_ok(v0))
        return;
    g->tmpv_used = 0;
    g->pv = v0;
    rast_setup_point(g, v0, true, 0.0f);
}
