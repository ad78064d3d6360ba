/*
 * rast_setup_line.c - line setup and binning.
 * Stage: setup (producer side).  Thread: API thread.
 *
 * Rule (the "parallelogram" rule, as Mesa's llvmpipe and softpipe use for
 * non-antialiased lines; it is not GL's diamond-exit rule at the endpoints):
 * a line of integer width w (line_width rounded, at least 1) that is x-major
 * (|dx| >= |dy|) covers, in every pixel column whose centre x lies in the
 * half-open span [x_start, x_end) along the direction of travel, the w pixels
 * whose centres y satisfy  y_line(x) - w/2 <= y < y_line(x) + w/2;
 * y-major lines swap the roles of x and y.  So a width-1 line has exactly one
 * fragment per column (row), and consecutive segments of a strip share no
 * fragment at their common vertex (the end is exclusive, the start inclusive).
 * The four sides are integer edge functions like a triangle's.
 *
 * Attributes follow GL's t = ((p - pa) . (pb - pa)) / |pb - pa|^2: the planes
 * come from the triangle (pa, pb, pa + perp(pb - pa)) whose third vertex
 * repeats pa's values, so they vary along the line only (perspective-correct
 * through the 1/w plane).
 */
#include <math.h>
#include <stdlib.h>

#include "rast_priv.h"

static int64_t snap(float v)
{
    return (int64_t)lrintf(v * (float)RAST_FIXED_ONE);
}

void rast_setup_line(rast_geom *g, const float *v0, const float *v1, bool front, float offset)
{
    int64_t X0 = snap(v0[RAST_V_WIN]), Y0 = snap(v0[RAST_V_WIN + 1]);
    int64_t X1 = snap(v1[RAST_V_WIN]), Y1 = snap(v1[RAST_V_WIN + 1]);
    int64_t DX = X1 - X0, DY = Y1 - Y0;
    if (DX == 0 && DY == 0)
        return;
    int wi = (int)floorf(g->line_width + 0.5f);
    if (wi < 1)
        wi = 1;
    int64_t hw = (int64_t)wi * RAST_FIXED_HALF;
    rast_prim *p = rast_prim_scratch(g);
    int64_t xmin, xmax, ymin, ymax;
    if ((DX < 0 ? -DX : DX) >= (DY < 0 ? -DY : DY)) {
        int64_t s = DX > 0 ? 1 : -1;
        rast_edge_from_line(&p->e[0], s, 0, -s * X0, true);                  /* start */
        rast_edge_from_line(&p->e[1], -s, 0, s * X1, false);                 /* end */
        rast_edge_from_line(&p->e[2], -s * DY, s * DX, s * ((hw - Y0) * DX + X0 * DY), true);
        rast_edge_from_line(&p->e[3], s * DY, -s * DX, s * ((Y0 + hw) * DX - X0 * DY), false);
        xmin = X0 < X1 ? X0 : X1;
        xmax = X0 < X1 ? X1 : X0;
        ymin = (Y0 < Y1 ? Y0 : Y1) - hw;
        ymax = (Y0 < Y1 ? Y1 : Y0) + hw;
    } else {
        int64_t s = DY > 0 ? 1 : -1;
        rast_edge_from_line(&p->e[0], 0, s, -s * Y0, true);
        rast_edge_from_line(&p->e[1], 0, -s, s * Y1, false);
        rast_edge_from_line(&p->e[2], s * DY, -s * DX, s * ((hw - X0) * DY + Y0 * DX), true);
        rast_edge_from_line(&p->e[3], -s * DY, s * DX, s * ((X0 + hw) * DY - Y0 * DX), false);
        xmin = (X0 < X1 ? X0 : X1) - hw;
        xmax = (X0 < X1 ? X1 : X0) + hw;
        ymin = Y0 < Y1 ? Y0 : Y1;
        ymax = Y0 < Y1 ? Y1 : Y0;
    }
    if (!rast_prim_bbox(p, xmin, xmax, ymin, ymax, g->in_polygon ? g->dsl.rect_tri : g->dsl.rect_pl))
        return;
    p->nplanes = 4;
    p->front = front;
    /* third vertex: pa + perp(pb - pa), with pa's values */
    float *v2 = g->tmpv + (size_t)(RAST_TMPV - 1) * g->lay.stride;
    memcpy(v2, v0, (size_t)g->lay.stride * sizeof(float));
    const double s = 1.0 / RAST_FIXED_ONE;
    double x0 = X0 * s, y0 = Y0 * s, x1 = X1 * s, y1 = Y1 * s;
    double x2 = x0 - DY * s, y2 = y0 + DX * s;
    rast_setup_planes(p, v0, v1, v2, x0, y0, x1, y1, x2, y2, offset, g->dsl.vary_nopersp != 0);
    rast_setup_attrs(g, p, v0, v1, v2, !front);
    const rast_state *st = &g->d->state;
    if (!st->line_stipple || st->line_stipple_pattern == 0xffff) {
        rast_bin_prim(g, p);
        return;
    }
    /* Line stipple (GL 2.1 3.5.2): the fragments of column (row) index k,
     * k = the number of centres along the major axis in [start, centre),
     * are those whose centres lie in [A + k, A + k + 1) (A = the start);
     * each run of set pattern bits is the line with its start and end
     * edges moved to that run's bounds: the side edges and planes stay,
     * so the run's pixels and attributes are the whole line's. */
    bool xmaj = (DX < 0 ? -DX : DX) >= (DY < 0 ? -DY : DY);
    int64_t A = xmaj ? X0 : Y0, B = xmaj ? X1 : Y1;
    int64_t dir = (xmaj ? DX : DY) > 0 ? 1 : -1;
    /* number of centres (i + 1/2) in [A, B) along dir */
    int64_t span = dir > 0 ? B - A : A - B, ONE = RAST_FIXED_ONE;
    int64_t first = dir > 0 ? A - RAST_FIXED_HALF : -A - RAST_FIXED_HALF;
    int64_t c0 = first >= 0 ? (first + ONE - 1) / ONE : -((-first) / ONE); /* ceil */
    int64_t last = first + span;
    int64_t c1 = last >= 0 ? (last + ONE - 1) / ONE : -((-last) / ONE);
    long nfrag = (long)(c1 - c0);
    int factor = st->line_stipple_factor < 1 ? 1 : st->line_stipple_factor;
    long base = g->stipple_count;
    g->stipple_count += nfrag;
    rast_edge e0 = p->e[0], e1 = p->e[1];
    for (long k = 0; k < nfrag;) {
        bool on = (st->line_stipple_pattern >> (((base + k) / factor) % 16)) & 1u;
        long k1 = k + 1;
        while (k1 < nfrag && (((st->line_stipple_pattern >> (((base + k1) / factor) % 16)) & 1u) != 0) == on)
            k1++;
        if (on) {
            int64_t a = A + dir * (int64_t)k * ONE, b = k1 == nfrag ? B : A + dir * (int64_t)k1 * ONE;
            if (xmaj) {
                rast_edge_from_line(&p->e[0], dir, 0, -dir * a, true);
                rast_edge_from_line(&p->e[1], -dir, 0, dir * b, false);
            } else {
                rast_edge_from_line(&p->e[0], 0, dir, -dir * a, true);
                rast_edge_from_line(&p->e[1], 0, -dir, dir * b, false);
            }
            rast_bin_prim(g, p);
        }
        k = k1;
    }
    p->e[0] = e0;
    p->e[1] = e1;
}
