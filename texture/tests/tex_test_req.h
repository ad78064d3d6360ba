/*
 * tex_test_req.h - building gp_tex_requests and textures for the sampling
 * tests (test_integer, test_array, test_buffer, test_fetch).  Single thread.
 */
#ifndef TEXTURE_TESTS_TEX_TEST_REQ_H
#define TEXTURE_TESTS_TEX_TEST_REQ_H

#include <stdint.h>
#include <stdlib.h>

#include "tex_test.h"

typedef struct rq {
    gp_vec coord, ddx, ddy, offv, out;
    gp_tex_request req;
} rq;

static inline void rq_init(rq *r, int op, int target)
{
    memset(r, 0, sizeof *r);
    r->req.op = (uint8_t)op;
    r->req.target = (uint8_t)target;
    r->req.coord = &r->coord;
    r->req.lane_mask = 0xffffu;
}

/* Float coordinates, the same in every lane. */
static inline void rq_coord(rq *r, float x, float y, float z, float w)
{
    for (int l = 0; l < GP_LANES; l++) {
        r->coord.c[0][l].f = x;
        r->coord.c[1][l].f = y;
        r->coord.c[2][l].f = z;
        r->coord.c[3][l].f = w;
    }
}

/* Integer coordinates (TXF, TXQ), the same in every lane. */
static inline void rq_icoord(rq *r, int x, int y, int z, int w)
{
    for (int l = 0; l < GP_LANES; l++) {
        r->coord.c[0][l].i = x;
        r->coord.c[1][l].i = y;
        r->coord.c[2][l].i = z;
        r->coord.c[3][l].i = w;
    }
}

static inline void rq_offset(rq *r, int x, int y, int z)
{
    r->req.offset[0] = (int8_t)x;
    r->req.offset[1] = (int8_t)y;
    r->req.offset[2] = (int8_t)z;
}

/* Runs the request; lane 0's result as floats in o. */
static inline void rq_run(rq *r, const tex_object *t, float o[4])
{
    tex_sample(t, &r->req, 0.0f, &r->out);
    for (int c = 0; c < 4; c++)
        o[c] = r->out.c[c][0].f;
}

/* Runs the request; lane 0's result as integers in o. */
static inline void rq_run_i(rq *r, const tex_object *t, int32_t o[4])
{
    tex_sample(t, &r->req, 0.0f, &r->out);
    for (int c = 0; c < 4; c++)
        o[c] = r->out.c[c][0].i;
}

#define CHECK_IVEC4(v, x, y, z, w)                                                         \
    do {                                                                                   \
        CHECK_INT((v)[0], (x));                                                            \
        CHECK_INT((v)[1], (y));                                                            \
        CHECK_INT((v)[2], (z));                                                            \
        CHECK_INT((v)[3], (w));                                                            \
    } while (0)

static inline tex_pixel_store store1(void)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    ps.alignment = 1;
    return ps;
}

static inline void set_filters(tex_object *t, GLenum minf, GLenum magf, GLenum wrap)
{
    t->sampler.min_filter = minf;
    t->sampler.mag_filter = magf;
    t->sampler.wrap_s = t->sampler.wrap_t = t->sampler.wrap_r = wrap;
}

/* Defines level `level` of face `face` as GL_R32F from w*h*d floats
 * (exact values: no quantisation in the way of hand-computed results). */
static inline void define_r32f(tex_object *t, int face, int level, int w, int h, int d,
                               const float *v)
{
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, face, level, GL_R32F, w, h, d, 0, GL_RED, GL_FLOAT, v, &ps),
              GL_NO_ERROR);
}

#endif
