/*
 * rast_setup_point.c - point setup and binning.
 * Stage: setup (producer side).  Thread: API thread.
 *
 * Non-antialiased points (GL 2.1 3.4): the size (result.pointsize when
 * VERTEX_PROGRAM_POINT_SIZE is enabled and the program writes it, else the
 * state's) is clamped to [1, RAST_MAX_POINT_SIZE] and rounded to an integer
 * w.  An odd w centres a w x w square of fragments on the pixel containing
 * (xw, yw); an even w centres it on the pixel corner nearest (xw, yw).  The
 * point becomes a rectangle primitive (no edges): every attribute, depth and
 * 1/w is the vertex's (point sprites are not implemented).
 */
#include <math.h>

#include "rast_priv.h"

static int32_t clamp_coord(double v)
{
    return v < -1e6 ? -1000000 : v > 1e6 ? 1000000 : (int32_t)v;
}

void rast_setup_point(rast_geom *g, const float *v, bool front, float offset)
{
    float size = g->lay.psiz_off >= 0 ? v[g->lay.psiz_off] : g->point_size;
    size = rast_clampf(size, 1.0f, RAST_MAX_POINT_SIZE);
    int wi = (int)floorf(size + 0.5f);
    if (wi < 1)
        wi = 1;
    double xw = v[RAST_V_WIN], yw = v[RAST_V_WIN + 1];
    rast_prim *p = rast_prim_scratch(g);
    if (wi & 1) {
        p->x0 = clamp_coord(floor(xw)) - (wi - 1) / 2;
        p->y0 = clamp_coord(floor(yw)) - (wi - 1) / 2;
    } else {
        p->x0 = clamp_coord(floor(xw + 0.5)) - wi / 2;
        p->y0 = clamp_coord(floor(yw + 0.5)) - wi / 2;
    }
    p->x1 = p->x0 + wi;
    p->y1 = p->y0 + wi;
    const int *rect = g->in_polygon ? g->dsl.rect_tri : g->dsl.rect_pl;
    if (p->x0 < rect[0]) p->x0 = rect[0];
    if (p->y0 < rect[1]) p->y0 = rect[1];
    if (p->x1 > rect[2]) p->x1 = rect[2];
    if (p->y1 > rect[3]) p->y1 = rect[3];
    if (p->x0 >= p->x1 || p->y0 >= p->y1)
        return;
    p->nplanes = 0;
    p->front = front;
    p->perspective = false;
    p->xr = (float)xw;
    p->yr = (float)yw;
    p->z[0] = v[RAST_V_WIN + 2] + offset;
    p->iw[0] = v[RAST_V_WIN + 3];
    rast_setup_attrs(g, p, v, v, v, !front);
    rast_bin_prim(g, p);
}
