/*
 * rast_test.h - helpers shared by the rasterizer tests (test thread only):
 * framebuffers, programs compiled with glprog's gp_compile, draw defaults,
 * and CHECK macros.  Every helper is static so each test is one file.
 */
#ifndef RAST_TEST_H
#define RAST_TEST_H

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rast.h"

static int rt_failures __attribute__((unused));

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            rt_failures++;                                                 \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
        }                                                                  \
    } while (0)

#define RT_DONE()                                                          \
    do {                                                                   \
        if (rt_failures) {                                                 \
            fprintf(stderr, "%d check(s) failed\n", rt_failures);          \
            return 1;                                                      \
        }                                                                  \
        printf("ok\n");                                                    \
        return 0;                                                          \
    } while (0)

/* ---- programs ------------------------------------------------------------------ */

static inline gp_program *rt_compile(gp_stage stage, const char *src)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), stage, &lim, &err);
    if (!p) {
        fprintf(stderr, "compile failed: line %d col %d: %s\n%s\n", err.line, err.col, err.msg, src);
        exit(2);
    }
    return p;
}

/* Resolves a program's parameter table: constants, env and local (rows given). */
static inline gp_val (*rt_params(const gp_program *p, const float (*env)[4], int nenv,
                          const float (*local)[4], int nlocal))[4]
{
    const gp_program_info *info = gp_program_get_info(p);
    int n = info->num_params > 0 ? info->num_params : 1;
    gp_val(*t)[4] = calloc((size_t)n, sizeof(*t));
    for (int i = 0; i < info->num_params; i++) {
        const gp_param_binding *b = &info->params[i];
        for (int c = 0; c < 4; c++) {
            if (b->kind == GP_PARAM_CONST)
                t[i][c] = b->value[c];
            else if (b->kind == GP_PARAM_ENV && (int)b->index < nenv)
                t[i][c].f = env[b->index][c];
            else if (b->kind == GP_PARAM_LOCAL && (int)b->index < nlocal)
                t[i][c].f = local[b->index][c];
            else
                t[i][c].f = 0.0f;
        }
    }
    return t;
}

/* ---- framebuffers ------------------------------------------------------------- */

enum { RT_RGBA8 = 1, RT_RGBA32F = 2, RT_DEPTH = 4, RT_STENCIL = 8 };

typedef struct rt_fb {
    int w, h;
    uint8_t *c8;
    float *cf;
    float *depth;
    uint8_t *stencil;
    rast_framebuffer fb;
} rt_fb;

static inline void rt_fb_init(rt_fb *f, int w, int h, unsigned flags)
{
    memset(f, 0, sizeof(*f));
    f->w = w;
    f->h = h;
    f->fb.width = w;
    f->fb.height = h;
    if (flags & RT_RGBA8) {
        f->c8 = calloc((size_t)w * h, 4);
        f->fb.color[0] = (rast_surface){.data = f->c8, .width = w, .height = h, .stride = (size_t)w * 4, .format = TEX_FMT_RGBA8};
    } else if (flags & RT_RGBA32F) {
        f->cf = calloc((size_t)w * h, 16);
        f->fb.color[0] = (rast_surface){.data = f->cf, .width = w, .height = h, .stride = (size_t)w * 16, .format = TEX_FMT_RGBA32F};
    }
    if (flags & RT_DEPTH) {
        f->depth = calloc((size_t)w * h, 4);
        for (int i = 0; i < w * h; i++)
            f->depth[i] = 1.0f;
        f->fb.depth = (rast_surface){.data = f->depth, .width = w, .height = h, .stride = (size_t)w * 4, .format = TEX_FMT_DEPTH32F};
    }
    if (flags & RT_STENCIL) {
        f->stencil = calloc((size_t)w * h, 1);
        f->fb.stencil = (rast_surface){.data = f->stencil, .width = w, .height = h, .stride = (size_t)w, .format = TEX_FMT_S8};
    }
}

static inline void rt_fb_free(rt_fb *f)
{
    free(f->c8);
    free(f->cf);
    free(f->depth);
    free(f->stencil);
}

static inline const uint8_t *rt_px8(const rt_fb *f, int x, int y)
{
    return f->c8 + ((size_t)y * f->w + x) * 4;
}
static inline const float *rt_pxf(const rt_fb *f, int x, int y)
{
    return f->cf + ((size_t)y * f->w + x) * 4;
}

/* ---- draws --------------------------------------------------------------------- */

static inline void rt_state_default(rast_state *s, int w, int h)
{
    memset(s, 0, sizeof(*s));
    s->viewport[0] = 0;
    s->viewport[1] = 0;
    s->viewport[2] = (float)w;
    s->viewport[3] = (float)h;
    s->depth_range[0] = 0.0f;
    s->depth_range[1] = 1.0f;
    s->cull_mode = GL_BACK;
    s->front_face = GL_CCW;
    s->polygon_mode[0] = s->polygon_mode[1] = GL_FILL;
    s->point_size = 1.0f;
    s->line_width = 1.0f;
    s->depth_func = GL_LESS;
    s->depth_write = true;
    s->alpha_func = GL_ALWAYS;
    s->blend_src_rgb = s->blend_src_alpha = GL_ONE;
    s->blend_dst_rgb = s->blend_dst_alpha = GL_ZERO;
    s->blend_eq_rgb = s->blend_eq_alpha = GL_FUNC_ADD;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        s->color_mask[i] = 0xf;
    for (int i = 0; i < 2; i++) {
        s->stencil[i].func = GL_ALWAYS;
        s->stencil[i].value_mask = 0xff;
        s->stencil[i].write_mask = 0xff;
        s->stencil[i].fail_op = s->stencil[i].zfail_op = s->stencil[i].zpass_op = GL_KEEP;
    }
    s->logic_op = GL_COPY;
}

static inline void rt_draw_init(rast_draw *d, const rt_fb *f, const gp_program *vp, const gp_val (*vpp)[4],
                         const gp_program *fp, const gp_val (*fpp)[4])
{
    memset(d, 0, sizeof(*d));
    d->mode = GL_TRIANGLES;
    d->instance_count = 1;
    d->vp.prog = vp;
    d->vp.params = vpp;
    d->fp.prog = fp;
    d->fp.params = fpp;
    d->fb = &f->fb;
    rt_state_default(&d->state, f->w, f->h);
    for (int i = 0; i < GP_VIN_COUNT; i++)
        d->attribs[i].current[3] = 1.0f;
}

static inline void rt_attrib(rast_draw *d, int slot, const float *data, int size)
{
    rast_attrib *a = &d->attribs[slot];
    a->enabled = true;
    a->ptr = data;
    a->size = size;
    a->type = GL_FLOAT;
    a->stride = 0;
}

static inline void rt_clear(rast_context *r, const rt_fb *f, float red, float g, float b, float a, double depth)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH | RAST_CLEAR_STENCIL;
    c.color[0] = red;
    c.color[1] = g;
    c.color[2] = b;
    c.color[3] = a;
    c.depth = depth;
    c.depth_write = true;
    c.stencil_write_mask = 0xff;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(r, &f->fb, &c);
}

/* NDC coordinate of window coordinate v in a viewport [0, size). */
static inline float rt_ndc(double v, int size)
{
    return (float)(v / size * 2.0 - 1.0);
}

/* Common programs. */
static const char *const RT_VP_PASS __attribute__((unused)) =
    "!!ARBvp1.0\n"
    "MOV result.position, vertex.position;\n"
    "MOV result.color, vertex.color;\n"
    "MOV result.texcoord[0], vertex.texcoord[0];\n"
    "END\n";
static const char *const RT_FP_COLOR __attribute__((unused)) =
    "!!ARBfp1.0\n"
    "MOV result.color, fragment.color;\n"
    "END\n";
static const char *const RT_FP_TEX0 __attribute__((unused)) =
    "!!ARBfp1.0\n"
    "MOV result.color, fragment.texcoord[0];\n"
    "END\n";

/* Small deterministic PRNG (xorshift). */
static uint32_t rt_rand_state = 12345u;
static inline uint32_t rt_rand(void)
{
    uint32_t x = rt_rand_state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rt_rand_state = x;
}
static inline float rt_randf(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rt_rand() & 0xffffff) / (float)0x1000000;
}

#endif /* RAST_TEST_H */
