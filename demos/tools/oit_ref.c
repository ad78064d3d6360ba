/*
 * oit_ref.c - asmgl-demo-oit-ref: the golden image of asmgl-demo-oit,
 * computed on the CPU without GL.
 *
 *   asmgl-demo-oit-ref FRAME WIDTH HEIGHT OUT.png
 *
 * An independent implementation of what the demo draws (demos/oit.c), from
 * the shared scene description (oit_scene.h): for each pixel centre
 * (x + 0.5, y + 0.5) it finds every rectangle covering it (point in the
 * convex quad), takes its window depth from the rectangle's depth plane,
 * sorts the layers farthest first and blends them over the checkerboard in
 * double precision: c.a * c.rgb + (1 - c.a) * below, each colour first
 * quantised to 8 bits as the demo's PK4UB / UP4UB node packing does
 * (round(c * 255) / 255).  The result is stored as round(clamp(c) * 255).
 * demos/data/oit_golden.png is this program's output for frame 0 at
 * 320x240 (test_oit.cmake regenerates it and checks the committed file is
 * the same).  A centre exactly on an edge, or two depth planes equal at a
 * centre, may go either way here and in the rasterizer; the test's
 * comparison forgives a few such pixels.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <stb_image_write.h>

#include "../oit_scene.h"

typedef struct layer {
    double z;
    double rgba[4];
} layer;

/* inside the counter-clockwise quad c[4] (edges inclusive) */
static int inside(double c[4][3], double x, double y)
{
    for (int k = 0; k < 4; k++) {
        const double *a = c[k], *b = c[(k + 1) % 4];
        double e = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
        if (e < 0)
            return 0;
    }
    return 1;
}

static double q8(double c)
{
    c = c < 0 ? 0 : c > 1 ? 1 : c;
    return floor(c * 255.0 + 0.5) / 255.0;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: asmgl-demo-oit-ref FRAME WIDTH HEIGHT OUT.png\n");
        return 2;
    }
    int frame = atoi(argv[1]), w = atoi(argv[2]), h = atoi(argv[3]);
    if (w <= 0 || h <= 0 || w > 8192 || h > 8192) {
        fprintf(stderr, "asmgl-demo-oit-ref: bad size\n");
        return 2;
    }
    double corners[OIT_QUADS][4][3];
    for (int q = 0; q < OIT_QUADS; q++)
        for (int k = 0; k < 4; k++)
            oit_corner(q, k, frame, w, h, corners[q][k]);
    double sx = w / OIT_DESIGN_W, sy = h / OIT_DESIGN_H;

    unsigned char *px = malloc((size_t)w * h * 3);
    if (!px)
        return 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            double fx = x + 0.5, fy = y + 0.5;
            double t = fmod(floor(fx / OIT_CHECK) + floor(fy / OIT_CHECK), 2.0);
            double acc[3];
            for (int i = 0; i < 3; i++)
                acc[i] = oit_bg_dark[i] + t * (oit_bg_light[i] - oit_bg_dark[i]);
            layer l[OIT_QUADS];
            int n = 0;
            for (int q = 0; q < OIT_QUADS; q++) {
                if (!inside(corners[q], fx, fy))
                    continue;
                const oit_quad *o = &oit_quads[q];
                l[n].z = o->z0 + o->zx * (fx / sx - o->cx) + o->zy * (fy / sy - o->cy);
                for (int i = 0; i < 4; i++)
                    l[n].rgba[i] = q8(o->rgba[i]);
                n++;
            }
            /* farthest (largest window depth) first */
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && l[j].z > l[j - 1].z; j--) {
                    layer tmp = l[j];
                    l[j] = l[j - 1];
                    l[j - 1] = tmp;
                }
            for (int i = 0; i < n; i++)
                for (int c = 0; c < 3; c++)
                    acc[c] = l[i].rgba[3] * l[i].rgba[c] + (1.0 - l[i].rgba[3]) * acc[c];
            unsigned char *o = px + ((size_t)(h - 1 - y) * w + x) * 3; /* PNG: top row first */
            for (int c = 0; c < 3; c++) {
                double v = acc[c] < 0 ? 0 : acc[c] > 1 ? 1 : acc[c];
                o[c] = (unsigned char)floor(v * 255.0 + 0.5);
            }
        }
    int ok = stbi_write_png(argv[4], w, h, 3, px, w * 3);
    free(px);
    if (!ok) {
        fprintf(stderr, "asmgl-demo-oit-ref: cannot write %s\n", argv[4]);
        return 1;
    }
    return 0;
}
