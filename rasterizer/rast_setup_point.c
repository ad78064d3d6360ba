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
 * 1/w is the vertex's.
 *
 * Point sprites (GL 2.1 3.4.1, ARB_point_sprite; NV_gpu_program5
 * fragment.pointcoord): with rast_state.point_sprite, the GP_VARY_PNTC slot
 * of a point is (s, t, 0, 1) at the fragment's centre (x_f + 1/2, y_f + 1/2):
 *     s = 1/2 + (x_f + 1/2 - x_w) / size
 *     t = 1/2 - (y_f + 1/2 - y_w) / size   (COORD_ORIGIN UPPER_LEFT, default)
 *     t = 1/2 + (y_f + 1/2 - y_w) / size   (LOWER_LEFT)
 * with size the clamped point size before rounding, so a w x w square
 * centred on (x_w, y_w) spans [0, 1].  The square's pixels are the
 * non-sprite ones above (the same as the sprite rule "centres inside the
 * square of side size" whenever w = size and (x_w, y_w) is a pixel centre
 * for odd w or a pixel corner for even w; otherwise asmgl keeps the
 * non-sprite square).  Done with the point's barycentric planes: l1 = x -
 * x_w, l2 = y - y_w (every other attribute has zero slopes).  Without point
 * sprites, or for lines and triangles, fragment.pointcoord is (0, 0, 0, 1)
 * (undefined in the spec).  COORD_REPLACE (rast_state.point_coord_replace)
 * gives texcoord[u] the same (s, t, 0, 1).
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
    const rast_dstate *ds = &g->dsl;
    const rast_state *st = &g->d->state;
    if (st->point_sprite && (g->lay.slot_off[GP_VARY_PNTC] >= 0 || st->point_coord_replace)) {
        for (int k = 0; k < ds->nvary; k++) {
            int vs = ds->vary_slot[k];
            bool replace = vs >= GP_VARY_TEX0 && vs < GP_VARY_TEX0 + 8 &&
                           ((st->point_coord_replace >> (vs - GP_VARY_TEX0)) & 1u);
            if (vs != GP_VARY_PNTC && !replace)
                continue;
            float inv = 1.0f / size, tsign = g->d->state.point_sprite_lower_left ? 1.0f : -1.0f;
            float *a = p->attr + (size_t)k * 12;
            const float pc[4][3] = { { 0.5f, inv, 0.0f }, { 0.5f, 0.0f, tsign * inv },
                                     { 0.0f, 0.0f, 0.0f }, { 1.0f, 0.0f, 0.0f } };
            memcpy(a, pc, sizeof(pc));
            p->l1[1] = p->al1[1] = 1.0f;
            p->l2[2] = p->al2[2] = 1.0f;
        }
    }
    rast_bin_prim(g, p);
}
