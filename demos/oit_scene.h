/*
 * oit_scene.h - the scene of asmgl-demo-oit, shared by the demo (oit.c) and
 * its independent CPU reference (tools/oit_ref.c), which renders the golden
 * image the demo's test compares against.
 *
 * Five translucent rectangles in window space, each turning about its own
 * centre, each flat-coloured with alpha < 1 and lying in a tilted depth
 * plane, so that they interpenetrate: no order of whole rectangles is right
 * everywhere, which is what per-pixel sorting (order-independent
 * transparency) fixes.  Design units are a 320 x 240 window, scaled to the
 * real size.  Depth is a window-space plane z(x, y) per rectangle, the same
 * whatever the rotation.  Background: a checkerboard of CHECK-pixel squares.
 */
#ifndef DEMOS_OIT_SCENE_H
#define DEMOS_OIT_SCENE_H

#include <math.h>

#define OIT_QUADS 5
#define OIT_DESIGN_W 320.0
#define OIT_DESIGN_H 240.0
#define OIT_CHECK 20.0 /* background squares, window pixels */

typedef struct oit_quad {
    double cx, cy;           /* centre, design units */
    double hw, hh;           /* half width / height */
    double angle0, speed;    /* radians at frame 0, radians per frame */
    double z0, zx, zy;       /* window depth z0 + zx (x - cx) + zy (y - cy), design units */
    double rgba[4];
} oit_quad;

static const oit_quad oit_quads[OIT_QUADS] = {
    {110.3, 130.2, 80.0, 48.0, 0.10, 0.013, 0.50, 0.0020, 0.0, {1.00, 0.20, 0.20, 0.55}},
    {180.6, 110.4, 66.0, 62.0, -0.25, -0.011, 0.50, -0.0020, 0.0010, {0.20, 0.90, 0.30, 0.50}},
    {210.2, 150.7, 88.0, 38.0, 0.40, 0.017, 0.45, 0.0, 0.0015, {0.20, 0.40, 1.00, 0.60}},
    {150.9, 90.1, 58.0, 86.0, 0.05, -0.015, 0.55, 0.0, -0.0015, {1.00, 0.90, 0.20, 0.45}},
    {240.4, 80.6, 48.0, 48.0, 0.70, 0.021, 0.40, 0.0010, 0.0, {0.80, 0.30, 0.90, 0.50}},
};

static const double oit_bg_dark[3] = {0.15, 0.15, 0.18};
static const double oit_bg_light[3] = {0.35, 0.35, 0.40};

/* Corner k (0..3, counter-clockwise) of quad q at `frame` in a width x height
 * window: window coordinates x, y and depth z. */
static inline void oit_corner(int q, int k, int frame, int width, int height, double out[3])
{
    const oit_quad *o = &oit_quads[q];
    double sx = width / OIT_DESIGN_W, sy = height / OIT_DESIGN_H;
    double a = o->angle0 + o->speed * frame;
    static const double ux[4] = {-1, 1, 1, -1}, uy[4] = {-1, -1, 1, 1};
    double dx = ux[k] * o->hw, dy = uy[k] * o->hh;
    double rx = dx * cos(a) - dy * sin(a), ry = dx * sin(a) + dy * cos(a);
    out[0] = (o->cx + rx) * sx;
    out[1] = (o->cy + ry) * sy;
    out[2] = o->z0 + o->zx * rx + o->zy * ry;
}

#endif /* DEMOS_OIT_SCENE_H */
