/*
 * test_blend.c - PBE and ISP state: RGBA8 conversion (c * 255 + 0.5), every
 * GL 1.4 blend factor and equation against the spec's formulas evaluated
 * here in double, float-buffer blending (unclamped), alpha test, colour
 * masks, logic ops, ARB_draw_buffers routing, stencil functions and
 * operations (two-sided).  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];
static const int W = 8, H = 8;

static void quad(rast_context *r, rt_fb *f, const float col[4], void (*tweak)(rast_draw *, void *),
                 void *arg, bool cw)
{
    static const float ccw[] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1};
    static const float cwp[] = {-1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1, 1, -1, 0, 1};
    float c[16];
    for (int i = 0; i < 4; i++)
        memcpy(c + i * 4, col, 16);
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    rt_attrib(&d, GP_VIN_POSITION, cw ? cwp : ccw, 4);
    rt_attrib(&d, GP_VIN_COLOR0, c, 4);
    if (tweak)
        tweak(&d, arg);
    rast_draw_submit(r, &d);
    rast_flush(r);
}

static uint8_t u8(double v)
{
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    return (uint8_t)(v * 255.0 + 0.5);
}

/* ---- blend factors and equations ----------------------------------------------- */

typedef struct blend_case {
    GLenum sf, df, eq;
} blend_case;

static void t_blend(rast_draw *d, void *arg)
{
    const blend_case *b = arg;
    d->state.blend_buffers = 0xff;
    d->state.blend_src_rgb = d->state.blend_src_alpha = b->sf;
    d->state.blend_dst_rgb = d->state.blend_dst_alpha = b->df;
    if (b->sf == GL_SRC_ALPHA_SATURATE)
        d->state.blend_src_alpha = GL_ONE; /* not allowed for alpha before GL 1.4 */
    d->state.blend_eq_rgb = d->state.blend_eq_alpha = b->eq;
    d->state.blend_color[0] = 0.3f;
    d->state.blend_color[1] = 0.6f;
    d->state.blend_color[2] = 0.9f;
    d->state.blend_color[3] = 0.4f;
}

static double factor(GLenum f, int ch, const double s[4], const double d[4], const double c[4])
{
    switch (f) {
    case GL_ZERO: return 0;
    case GL_ONE: return 1;
    case GL_SRC_COLOR: return s[ch];
    case GL_ONE_MINUS_SRC_COLOR: return 1 - s[ch];
    case GL_DST_COLOR: return d[ch];
    case GL_ONE_MINUS_DST_COLOR: return 1 - d[ch];
    case GL_SRC_ALPHA: return s[3];
    case GL_ONE_MINUS_SRC_ALPHA: return 1 - s[3];
    case GL_DST_ALPHA: return d[3];
    case GL_ONE_MINUS_DST_ALPHA: return 1 - d[3];
    case GL_CONSTANT_COLOR: return c[ch];
    case GL_ONE_MINUS_CONSTANT_COLOR: return 1 - c[ch];
    case GL_CONSTANT_ALPHA: return c[3];
    case GL_ONE_MINUS_CONSTANT_ALPHA: return 1 - c[3];
    case GL_SRC_ALPHA_SATURATE: return ch == 3 ? 1 : fmin(s[3], 1 - d[3]);
    }
    return -1;
}

static void test_blend(rast_context *r)
{
    static const GLenum factors[] = {
        GL_ZERO, GL_ONE, GL_SRC_COLOR, GL_ONE_MINUS_SRC_COLOR, GL_DST_COLOR, GL_ONE_MINUS_DST_COLOR,
        GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_DST_ALPHA, GL_ONE_MINUS_DST_ALPHA, GL_CONSTANT_COLOR,
        GL_ONE_MINUS_CONSTANT_COLOR, GL_CONSTANT_ALPHA, GL_ONE_MINUS_CONSTANT_ALPHA, GL_SRC_ALPHA_SATURATE};
    static const GLenum eqs[] = {GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_FUNC_REVERSE_SUBTRACT, GL_MIN, GL_MAX};
    /* values whose results are never within rounding noise of a .5 tie */
    const float dst[4] = {0.21f, 0.43f, 0.59f, 0.83f};
    const float src[4] = {0.913f, 0.371f, 0.1337f, 0.7123f};
    const double cc[4] = {0.3, 0.6, 0.9, 0.4};
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);
    int bad = 0, n = 0;
    for (unsigned e = 0; e < sizeof(eqs) / sizeof(eqs[0]); e++)
        for (unsigned i = 0; i < sizeof(factors) / sizeof(factors[0]); i++)
            for (unsigned j = 0; j < sizeof(factors) / sizeof(factors[0]); j++) {
                if (factors[j] == GL_SRC_ALPHA_SATURATE)
                    continue; /* source only */
                if ((eqs[e] == GL_MIN || eqs[e] == GL_MAX) && (i || j))
                    continue; /* factors are ignored */
                blend_case b = {factors[i], factors[j], eqs[e]};
                rt_clear(r, &f, dst[0], dst[1], dst[2], dst[3], 1.0);
                quad(r, &f, src, t_blend, &b, false);
                double s[4], d[4];
                for (int c = 0; c < 4; c++) {
                    s[c] = src[c];
                    d[c] = u8(dst[c]) / 255.0;
                }
                const uint8_t *p = rt_px8(&f, 3, 3);
                for (int c = 0; c < 4; c++) {
                    GLenum sf = (c == 3 && b.sf == GL_SRC_ALPHA_SATURATE) ? GL_ONE : b.sf;
                    double fs = factor(sf, c, s, d, cc), fd = factor(b.df, c, s, d, cc), v;
                    switch (b.eq) {
                    case GL_FUNC_SUBTRACT: v = s[c] * fs - d[c] * fd; break;
                    case GL_FUNC_REVERSE_SUBTRACT: v = d[c] * fd - s[c] * fs; break;
                    case GL_MIN: v = fmin(s[c], d[c]); break;
                    case GL_MAX: v = fmax(s[c], d[c]); break;
                    default: v = s[c] * fs + d[c] * fd; break;
                    }
                    /* at an exact .5 tie the spec allows either neighbour:
                     * float evaluation may land on either side */
                    double vv = (v < 0 ? 0 : v > 1 ? 1 : v) * 255.0;
                    if (fabs(vv - floor(vv) - 0.5) < 1e-4)
                        continue;
                    n++;
                    if (p[c] != u8(v)) {
                        if (bad++ < 8)
                            fprintf(stderr, "eq %#x sf %#x df %#x ch %d: %d want %d (%.6f)\n", b.eq, b.sf, b.df,
                                    c, p[c], u8(v), v);
                    }
                }
            }
    CHECK(bad == 0, "blend: %d of %d channels wrong", bad, n);
    rt_fb_free(&f);

    /* float buffers are not clamped (vertex colours are, so the colour
     * comes through a texture coordinate) */
    rt_fb g;
    rt_fb_init(&g, W, H, RT_RGBA32F);
    rt_clear(r, &g, 3.0f, -1.0f, 0.5f, 10.0f, 1.0);
    blend_case add = {GL_ONE, GL_ONE, GL_FUNC_ADD};
    gp_program *save = fp;
    gp_val(*savep)[4] = fpp;
    fp = rt_compile(GP_STAGE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, {2.0, -0.5, 0.25, 100.0};\nEND\n");
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    quad(r, &g, (const float[4]){0, 0, 0, 0}, t_blend, &add, false);
    gp_program_free(fp);
    free(fpp);
    fp = save;
    fpp = savep;
    const float *q = rt_pxf(&g, 1, 1);
    CHECK(q[0] == 5.0f && q[1] == -1.5f && q[2] == 0.75f && q[3] == 110.0f, "float blend %g %g %g %g", q[0],
          q[1], q[2], q[3]);
    rt_fb_free(&g);
}

/* ---- conversion, masks, alpha test, logic op --------------------------------------- */

static void t_mask(rast_draw *d, void *arg) { d->state.color_mask[0] = *(uint8_t *)arg; }
static void t_alpha(rast_draw *d, void *arg)
{
    d->state.alpha_test = true;
    d->state.alpha_func = *(GLenum *)arg;
    d->state.alpha_ref = 0.5f;
}
static void t_logic(rast_draw *d, void *arg)
{
    d->state.logic_op_enable = true;
    d->state.logic_op = *(GLenum *)arg;
}

static void test_misc(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);
    /* conversion: clamp, then c * 255 + 0.5 truncated */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, (const float[4]){0.5f, 0.2f, 1.7f, -0.3f}, NULL, NULL, false);
    const uint8_t *p = rt_px8(&f, 0, 0);
    CHECK(p[0] == 128 && p[1] == 51 && p[2] == 255 && p[3] == 0, "convert %d %d %d %d", p[0], p[1], p[2], p[3]);
    /* colour mask R and B */
    rt_clear(r, &f, 0.2f, 0.2f, 0.2f, 0.2f, 1.0);
    uint8_t m = 0x5;
    quad(r, &f, (const float[4]){1, 1, 1, 1}, t_mask, &m, false);
    CHECK(p[0] == 255 && p[1] == 51 && p[2] == 255 && p[3] == 51, "mask %d %d %d %d", p[0], p[1], p[2], p[3]);
    /* alpha test: 0.6 > 0.5 passes, 0.4 does not */
    GLenum af = GL_GREATER;
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    quad(r, &f, (const float[4]){1, 0, 0, 0.4f}, t_alpha, &af, false);
    CHECK(p[0] == 0, "alpha 0.4 passed");
    quad(r, &f, (const float[4]){1, 0, 0, 0.6f}, t_alpha, &af, false);
    CHECK(p[0] == 255, "alpha 0.6 failed");
    af = GL_EQUAL;
    quad(r, &f, (const float[4]){0, 1, 0, 0.5f}, t_alpha, &af, false);
    CHECK(p[1] == 255, "alpha equal");
    /* logic op: 0x33 XOR 0xff = 0xcc; AND; OR_REVERSE */
    GLenum lo = GL_XOR;
    rt_clear(r, &f, 0x33 / 255.0f, 0x33 / 255.0f, 0, 1, 1.0);
    quad(r, &f, (const float[4]){1, 0, 1, 1}, t_logic, &lo, false);
    CHECK(p[0] == 0xcc && p[1] == 0x33 && p[2] == 0xff && p[3] == 0x00, "xor %x %x %x %x", p[0], p[1], p[2], p[3]);
    lo = GL_AND_REVERSE; /* s & ~d */
    quad(r, &f, (const float[4]){1, 1, 1, 1}, t_logic, &lo, false);
    CHECK(p[0] == 0x33 && p[1] == 0xcc && p[2] == 0x00 && p[3] == 0xff, "and_reverse %x %x %x %x", p[0], p[1],
          p[2], p[3]);
    rt_fb_free(&f);
}

/* ---- ARB_draw_buffers routing ------------------------------------------------------ */

static void test_mrt(rast_context *r)
{
    uint8_t *b0 = calloc(W * H, 4), *b1 = calloc(W * H, 4);
    rt_fb f;
    memset(&f, 0, sizeof(f));
    f.w = W;
    f.h = H;
    f.c8 = b0;
    f.fb.width = W;
    f.fb.height = H;
    f.fb.color[0] = (rast_surface){.data = b0, .width = W, .height = H, .stride = W * 4, .format = TEX_FMT_RGBA8};
    f.fb.color[1] = (rast_surface){.data = b1, .width = W, .height = H, .stride = W * 4, .format = TEX_FMT_RGBA8};
    gp_program *mrt = rt_compile(GP_STAGE_FRAGMENT,
                                 "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n"
                                 "MOV result.color[0], {1, 0, 0, 1};\n"
                                 "MOV result.color[1], {0, 1, 0, 1};\nEND\n");
    gp_program *one = rt_compile(GP_STAGE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, {0, 0, 1, 1};\nEND\n");
    gp_program *opt0 = rt_compile(GP_STAGE_FRAGMENT,
                                  "!!ARBfp1.0\nOPTION ARB_draw_buffers;\nMOV result.color, {1, 1, 0, 1};\nEND\n");
    gp_program *progs[3] = {mrt, one, opt0};
    /* expected (buffer 0, buffer 1) red bytes / green bytes / blue bytes */
    const uint8_t want[3][2][3] = {{{255, 0, 0}, {0, 255, 0}},
                                   {{0, 0, 255}, {0, 0, 255}},
                                   {{255, 255, 0}, {0, 0, 0}}};
    for (int i = 0; i < 3; i++) {
        gp_val(*pp)[4] = rt_params(progs[i], NULL, 0, NULL, 0);
        memset(b0, 0, W * H * 4);
        memset(b1, 0, W * H * 4);
        gp_program *save = fp;
        gp_val(*savep)[4] = fpp;
        fp = progs[i];
        fpp = pp;
        quad(r, &f, (const float[4]){0, 0, 0, 0}, NULL, NULL, false);
        fp = save;
        fpp = savep;
        for (int b = 0; b < 2; b++) {
            const uint8_t *p = (b ? b1 : b0) + 4 * 9;
            CHECK(p[0] == want[i][b][0] && p[1] == want[i][b][1] && p[2] == want[i][b][2],
                  "program %d buffer %d: %d %d %d", i, b, p[0], p[1], p[2]);
        }
        free(pp);
    }
    gp_program_free(mrt);
    gp_program_free(one);
    gp_program_free(opt0);
    free(b0);
    free(b1);
}

/* ---- stencil ------------------------------------------------------------------------- */

typedef struct sten {
    GLenum func, sfail, zfail, zpass;
    int ref;
    GLenum bfunc; /* back face */
    bool depth_fail;
} sten;

static void t_stencil(rast_draw *d, void *arg)
{
    const sten *s = arg;
    d->state.stencil_test = true;
    for (int i = 0; i < 2; i++) {
        d->state.stencil[i].func = i ? s->bfunc : s->func;
        d->state.stencil[i].ref = s->ref;
        d->state.stencil[i].value_mask = 0xff;
        d->state.stencil[i].write_mask = 0xff;
        d->state.stencil[i].fail_op = s->sfail;
        d->state.stencil[i].zfail_op = s->zfail;
        d->state.stencil[i].zpass_op = s->zpass;
    }
    if (s->depth_fail) {
        d->state.depth_test = true;
        d->state.depth_func = GL_NEVER;
    }
}

static void test_stencil(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH | RT_STENCIL);
    const float red[4] = {1, 0, 0, 1};
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    sten s = {GL_ALWAYS, GL_KEEP, GL_KEEP, GL_REPLACE, 7, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[0] == 7 && f.stencil[W * H - 1] == 7, "replace: %d", f.stencil[0]);
    s = (sten){GL_EQUAL, GL_ZERO, GL_KEEP, GL_INCR, 7, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[5] == 8, "equal+incr: %d", f.stencil[5]);
    s = (sten){GL_EQUAL, GL_INVERT, GL_KEEP, GL_KEEP, 7, GL_ALWAYS, false}; /* fails: 8 != 7 */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    /* (the clear reset stencil to 0: redo) */
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, GL_REPLACE, 255, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, GL_INCR, 0, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[3] == 255, "incr saturates: %d", f.stencil[3]);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, 0x8507 /* INCR_WRAP */, 0, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[3] == 0, "incr wrap: %d", f.stencil[3]);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, GL_DECR, 0, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[3] == 0, "decr saturates: %d", f.stencil[3]);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, 0x8508 /* DECR_WRAP */, 0, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[3] == 255, "decr wrap: %d", f.stencil[3]);
    /* stencil fails: sfail op, colour untouched */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    s = (sten){GL_NOTEQUAL, GL_INVERT, GL_KEEP, GL_KEEP, 0, GL_ALWAYS, false};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[0] == 255 && rt_px8(&f, 0, 0)[0] == 0, "sfail: %d %d", f.stencil[0], rt_px8(&f, 0, 0)[0]);
    /* depth fails: zfail op */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_REPLACE, GL_KEEP, 9, GL_ALWAYS, true};
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[0] == 9 && rt_px8(&f, 0, 0)[0] == 0, "zfail: %d", f.stencil[0]);
    /* two-sided: back faces use the back function */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    s = (sten){GL_ALWAYS, GL_KEEP, GL_KEEP, GL_REPLACE, 5, GL_NEVER, false};
    quad(r, &f, red, t_stencil, &s, true);
    CHECK(f.stencil[0] == 0 && rt_px8(&f, 0, 0)[0] == 0, "back face NEVER: %d", f.stencil[0]);
    quad(r, &f, red, t_stencil, &s, false);
    CHECK(f.stencil[0] == 5 && rt_px8(&f, 0, 0)[0] == 255, "front face ALWAYS: %d", f.stencil[0]);
    rt_fb_free(&f);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    test_blend(r);
    test_misc(r);
    test_mrt(r);
    test_stencil(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
