/*
 * rast_setup_tri.c - triangle setup; the plane code shared with lines and
 * points.  Stage: setup (producer side).  Thread: API thread.
 *
 * Everything per triangle is computed here once (R10): vertices are snapped to
 * 8 sub-pixel bits, the winding is normalised to counter-clockwise (positive
 * area in window coordinates, y up), and each edge becomes an integer edge
 * function evaluated at pixel centres.
 *
 * Fill rule ("top-left", as seen on screen with y up): a pixel centre exactly
 * on an edge belongs to the triangle when the edge is a left edge (interior
 * to its right: inward normal with x > 0) or a top edge (horizontal, interior
 * below: inward normal (0, -1)).  Two triangles sharing an edge have opposite
 * inward normals there, so exactly one of them owns each centre on it.
 *
 * Binning (rast_bin.c): the triangle goes to every tile of its bounding box
 * (already clipped to the state's rectangle) that its edges do not trivially
 * reject; tiles every edge trivially accepts get RAST_CMD_PRIM_FULL (no edge
 * tests in the tile).  Multisample triangles (ds->ms) get a bounding box
 * grown by half a pixel and every tile of it as RAST_CMD_PRIM.
 */
#include <math.h>
#include <stdlib.h>

#include "rast_priv.h"

rast_prim *rast_prim_scratch(rast_geom *g)
{
    rast_prim *p = (rast_prim *)g->r->prim_scratch;
    memset(p, 0, sizeof(*p));
    p->ds = g->ds;
    return p;
}

static void plane3(float out[3], double f0, double f1, double f2, double dx1, double dy1,
                   double dx2, double dy2, double inv_det)
{
    double df1 = f1 - f0, df2 = f2 - f0;
    out[0] = (float)f0;
    out[1] = (float)((df1 * dy2 - df2 * dy1) * inv_det);
    out[2] = (float)((df2 * dx1 - df1 * dx2) * inv_det);
}

/* Planes of z, 1/w and the barycentrics, from window positions (xi, yi) and
 * the vertices' window z and 1/w; the reference point is vertex 0.  affine:
 * also the window-space barycentrics (NOPERSPECTIVE slots). */
void rast_setup_planes(rast_prim *p, const float *v0, const float *v1, const float *v2,
                       double x0, double y0, double x1, double y1, double x2, double y2,
                       float zoffset, bool affine)
{
    double dx1 = x1 - x0, dy1 = y1 - y0, dx2 = x2 - x0, dy2 = y2 - y0;
    double det = dx1 * dy2 - dx2 * dy1;
    double inv = det != 0.0 ? 1.0 / det : 0.0;
    p->xr = (float)x0;
    p->yr = (float)y0;
    plane3(p->z, (double)v0[RAST_V_WIN + 2] + zoffset, (double)v1[RAST_V_WIN + 2] + zoffset,
           (double)v2[RAST_V_WIN + 2] + zoffset, dx1, dy1, dx2, dy2, inv);
    float w0 = v0[RAST_V_WIN + 3], w1 = v1[RAST_V_WIN + 3], w2 = v2[RAST_V_WIN + 3];
    plane3(p->iw, w0, w1, w2, dx1, dy1, dx2, dy2, inv);
    p->perspective = !(w0 == w1 && w1 == w2);
    if (p->perspective) {
        plane3(p->l1, 0.0, w1, 0.0, dx1, dy1, dx2, dy2, inv);
        plane3(p->l2, 0.0, 0.0, w2, dx1, dy1, dx2, dy2, inv);
    } else {
        plane3(p->l1, 0.0, 1.0, 0.0, dx1, dy1, dx2, dy2, inv);
        plane3(p->l2, 0.0, 0.0, 1.0, dx1, dy1, dx2, dy2, inv);
    }
    if (affine) {
        if (p->perspective) {
            plane3(p->al1, 0.0, 1.0, 0.0, dx1, dy1, dx2, dy2, inv);
            plane3(p->al2, 0.0, 0.0, 1.0, dx1, dy1, dx2, dy2, inv);
        } else {
            memcpy(p->al1, p->l1, sizeof p->l1);
            memcpy(p->al2, p->l2, sizeof p->l2);
        }
    }
}

/* Attribute coefficients (a0, a1 - a0, a2 - a0) of every interpolated slot;
 * back-facing two-sided primitives read the back colours.  Flat slots
 * (ds->vary_flat) hold the provoking vertex's words in a0, copied as bits,
 * and zero differences (rast_shade_task copies a0 without arithmetic). */
void rast_setup_attrs(rast_geom *g, rast_prim *p, const float *v0, const float *v1,
                      const float *v2, bool back)
{
    const rast_dstate *ds = &g->dsl;
    float *a = p->attr;
    for (int k = 0; k < ds->nvary; k++) {
        int s = ds->vary_slot[k];
        int off = g->lay.slot_off[s];
        if (back && g->two_side_colors && (s == GP_VARY_COL0 || s == GP_VARY_COL1) &&
            g->bfc_off[s - GP_VARY_COL0] >= 0)
            off = g->bfc_off[s - GP_VARY_COL0];
        for (int c = 0; c < 4; c++, a += 3) {
            float f0 = v0[off + c];
            a[0] = f0;
            a[1] = v1[off + c] - f0;
            a[2] = v2[off + c] - f0;
        }
    }
    if (!ds->vary_flat)
        return;
    const float *pv = g->pv ? g->pv : v0;
    for (uint64_t m = ds->vary_flat; m; m &= m - 1) {
        int k = __builtin_ctzll(m);
        int s = ds->vary_slot[k];
        int off = g->lay.slot_off[s];
        if (back && g->two_side_colors && (s == GP_VARY_COL0 || s == GP_VARY_COL1) &&
            g->bfc_off[s - GP_VARY_COL0] >= 0)
            off = g->bfc_off[s - GP_VARY_COL0];
        a = p->attr + (size_t)k * 12;
        for (int c = 0; c < 4; c++, a += 3) {
            memcpy(&a[0], &pv[off + c], sizeof(float));
            a[1] = 0.0f;
            a[2] = 0.0f;
        }
    }
}

/* Pixel range [lo, hi) whose centres lie in the fixed-point span [fmin, fmax]. */
void rast_center_span(int64_t fmin, int64_t fmax, int32_t *lo, int32_t *hi)
{
    *lo = (int32_t)((fmin - RAST_FIXED_HALF + RAST_FIXED_ONE - 1) >> RAST_FIXED_SHIFT);
    *hi = (int32_t)(((fmax - RAST_FIXED_HALF) >> RAST_FIXED_SHIFT) + 1);
}

/* Bounding box from fixed-point extents, clipped to rect; false if empty. */
bool rast_prim_bbox(rast_prim *p, int64_t xmin, int64_t xmax, int64_t ymin, int64_t ymax,
                      const int rect[4])
{
    rast_center_span(xmin, xmax, &p->x0, &p->x1);
    rast_center_span(ymin, ymax, &p->y0, &p->y1);
    if (p->x0 < rect[0]) p->x0 = rect[0];
    if (p->y0 < rect[1]) p->y0 = rect[1];
    if (p->x1 > rect[2]) p->x1 = rect[2];
    if (p->y1 > rect[3]) p->y1 = rect[3];
    return p->x0 < p->x1 && p->y0 < p->y1;
}

/* Edge through fixed-point points: E = A*(PX - xa) + B*(PY - ya) with the
 * given inclusivity, turned into pixel-centre form. */
void rast_edge_from_line(rast_edge *e, int64_t A, int64_t B, int64_t C, bool inclusive)
{
    /* E(PX, PY) = A*PX + B*PY + C with PX = 256 x + 128 */
    e->dx = A * RAST_FIXED_ONE;
    e->dy = B * RAST_FIXED_ONE;
    e->c = A * RAST_FIXED_HALF + B * RAST_FIXED_HALF + C - (inclusive ? 0 : 1);
}

void rast_setup_tri(rast_geom *g, const float *v0, const float *v1, const float *v2,
                    bool front, float offset)
{
    int64_t X[3], Y[3];
    const float *v[3] = {v0, v1, v2};
    for (int i = 0; i < 3; i++) {
        X[i] = (int64_t)lrintf(v[i][RAST_V_WIN] * (float)RAST_FIXED_ONE);
        Y[i] = (int64_t)lrintf(v[i][RAST_V_WIN + 1] * (float)RAST_FIXED_ONE);
    }
    int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (X[2] - X[0]) * (Y[1] - Y[0]);
    if (area == 0)
        return;
    if (area < 0) {
        /* normalise to counter-clockwise */
        const float *tv = v[1]; v[1] = v[2]; v[2] = tv;
        int64_t t = X[1]; X[1] = X[2]; X[2] = t;
        t = Y[1]; Y[1] = Y[2]; Y[2] = t;
    }
    rast_prim *p = rast_prim_scratch(g);
    int64_t xmin = X[0], xmax = X[0], ymin = Y[0], ymax = Y[0];
    for (int i = 1; i < 3; i++) {
        if (X[i] < xmin) xmin = X[i];
        if (X[i] > xmax) xmax = X[i];
        if (Y[i] < ymin) ymin = Y[i];
        if (Y[i] > ymax) ymax = Y[i];
    }
    if (g->dsl.ms) {
        /* multisample: a pixel may have a covered sample (at most 8/16 pixel
         * from its centre) while its centre lies outside the triangle */
        xmin -= RAST_FIXED_HALF;
        xmax += RAST_FIXED_HALF;
        ymin -= RAST_FIXED_HALF;
        ymax += RAST_FIXED_HALF;
    }
    if (!rast_prim_bbox(p, xmin, xmax, ymin, ymax, g->dsl.rect_tri))
        return;
    for (int i = 0; i < 3; i++) {
        int a = i, b = i + 1 < 3 ? i + 1 : 0;
        int64_t A = -(Y[b] - Y[a]), B = X[b] - X[a];
        bool incl = A > 0 || (A == 0 && B < 0);
        rast_edge_from_line(&p->e[i], A, B, -A * X[a] - B * Y[a], incl);
    }
    p->nplanes = 3;
    p->front = front;
    const double s = 1.0 / RAST_FIXED_ONE;
    rast_setup_planes(p, v[0], v[1], v[2], (double)X[0] * s, (double)Y[0] * s, (double)X[1] * s,
                      (double)Y[1] * s, (double)X[2] * s, (double)Y[2] * s, offset,
                      g->dsl.vary_nopersp != 0);
    rast_setup_attrs(g, p, v[0], v[1], v[2], !front);
    rast_bin_prim(g, p);
}
