/*
 * gl_egl_bridge.c - asmgl.h surfaces: default framebuffers that live apart
 * from contexts and are lent to one while it is current (API thread of that
 * context).  Written for the EGL vendor (egl/), whose pbuffers they are.
 *
 * A context's default framebuffer is the quadruple {win_color, win_depth,
 * win_stencil, config.width/height/depth_bits/stencil_bits}.  Lending a
 * surface swaps that quadruple with the surface's: while the context is
 * current its own storage waits inside the surface struct, and releasing
 * swaps it back.  So context_free always frees storage the context owns, and
 * the surface keeps its pixels across lends.  Every swap finishes the queued
 * scene first (it renders into the surfaces being swapped, R9).
 *
 * "No default framebuffer" (EGL_KHR_surfaceless_context) is a lend of an
 * empty surface that also marks the context no_default_fb: framebuffer 0
 * does not exist, so it is FRAMEBUFFER_UNDEFINED and drawing to or reading
 * from it is INVALID_FRAMEBUFFER_OPERATION (ARB_framebuffer_object 4.4.4.2,
 * EGL 1.5 section 3.7.3).  One such slot per thread suffices, since a
 * thread has at most one current context.
 *
 * Releasing a context any way (asmgl_make_current, asmgl_context_destroy
 * of the current context) gives its surface back first; a lent surface is
 * never freed (asmgl_surface_destroy refuses it).
 */
#include "gl_priv.h"

#include <stdlib.h>
#include <string.h>

struct asmgl_surface {
    asmgl_config config;          /* width, height, depth_bits, stencil_bits of what it holds */
    rast_surface color, depth, stencil;
    gl_context *lent_to;          /* the context holding the storage, or NULL */
    asmgl_flush_fn flush_fn;      /* asmgl_surface_set_flush_callback, or NULL */
    void *flush_data;
    asmgl_flush_fn viewport_fn;   /* asmgl_surface_set_viewport_callback, or NULL */
    void *viewport_data;
};

/* What this thread's current context borrowed: a surface, &no_surface, or
 * NULL when the context was made current by plain asmgl_make_current. */
static _Thread_local asmgl_surface *lent;
static _Thread_local asmgl_surface no_surface;

/* Allocates the storage of a w x h default framebuffer into *color, *depth,
 * *stencil (all empty for 0 x 0).  false on OOM (nothing allocated then). */
static bool alloc_storage(int w, int h, int depth_bits, int stencil_bits, rast_surface *color,
                          rast_surface *depth, rast_surface *stencil)
{
    size_t n = (size_t)w * (size_t)h; /* <= 2^28 */
    *color = *depth = *stencil = (rast_surface){0};
    if (n == 0)
        return true; /* an empty framebuffer: no storage at all */
    void *c = calloc(n, 4);
    float *d = depth_bits ? malloc(n * sizeof(float)) : NULL;
    void *st = stencil_bits ? calloc(n, 1) : NULL;
    if (!c || (depth_bits && !d) || (stencil_bits && !st)) {
        free(c);
        free(d);
        free(st);
        return false;
    }
    /* initial depth contents are undefined (EGL 1.5 section 3.5.2); asmgl
     * starts every depth buffer at the clear value 1.0, as gl_context.c does */
    for (size_t i = 0; d && i < n; i++)
        d[i] = 1.0f;
    *color = (rast_surface){.data = c, .width = w, .height = h, .stride = (size_t)w * 4,
                            .format = TEX_FMT_RGBA8};
    if (d)
        *depth = (rast_surface){.data = d, .width = w, .height = h,
                                .stride = (size_t)w * sizeof(float), .format = TEX_FMT_DEPTH32F};
    if (st)
        *stencil = (rast_surface){.data = st, .width = w, .height = h, .stride = (size_t)w,
                                  .format = TEX_FMT_S8};
    return true;
}

GLAPI_EXPORT asmgl_surface *asmgl_surface_create(const asmgl_config *cfg)
{
    asmgl_config def;
    if (!cfg) {
        asmgl_config_default(&def);
        cfg = &def;
    }
    const char *bad = gl_config_check(cfg, 0);
    if (bad) {
        gl_set_last_error(bad);
        return NULL;
    }
    asmgl_surface *s = calloc(1, sizeof *s);
    if (!s) {
        gl_set_last_error("out of memory");
        return NULL;
    }
    s->config = *cfg;
    s->config.depth_bits = cfg->depth_bits ? 24 : 0;
    s->config.stencil_bits = cfg->stencil_bits ? 8 : 0;
    s->config.samples = 0;
    if (!alloc_storage(cfg->width, cfg->height, s->config.depth_bits, s->config.stencil_bits,
                       &s->color, &s->depth, &s->stencil)) {
        free(s);
        gl_set_last_error("out of memory");
        return NULL;
    }
    gl_set_last_error("");
    return s;
}

GLAPI_EXPORT void asmgl_surface_destroy(asmgl_surface *s)
{
    if (!s)
        return;
    /* a lent surface holds a context's storage: keep it; otherwise claim
     * it, so that no thread lends it while it is freed */
    gl_context *holder = NULL; /* claim_surface below, with a non-context mark */
    if (!__atomic_compare_exchange_n(&s->lent_to, &holder, (gl_context *)(void *)s, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        gl_set_last_error("the surface is lent to a current context: not destroyed");
        return;
    }
    free(s->color.data);
    free(s->depth.data);
    free(s->stencil.data);
    free(s);
    gl_set_last_error("");
}

/* Which context holds a surface (lent_to) changes only through these: a
 * lend claims the surface with a compare-and-swap from NULL, so two threads
 * lending one surface at once, or destroying it while another lends it,
 * cannot both succeed (the loser refuses).  The owning thread's own reads
 * need no atomics; the field stays a plain pointer for the other readers. */
static bool claim_surface(asmgl_surface *s, gl_context *holder)
{
    gl_context *expected = NULL;
    return __atomic_compare_exchange_n(&s->lent_to, &expected, holder, false, __ATOMIC_ACQ_REL,
                                       __ATOMIC_ACQUIRE);
}

static void set_holder(asmgl_surface *s, gl_context *holder)
{
    __atomic_store_n(&s->lent_to, holder, __ATOMIC_RELEASE);
}

/* Exchanges ctx's default framebuffer with the one s holds. */
static void swap_framebuffer(gl_context *ctx, asmgl_surface *s)
{
    GL_SHARE_HOLD(ctx); /* the flush runs the share group's scenes */
    gl_draw_flush(ctx);
    rast_surface t;
    t = ctx->win_color, ctx->win_color = s->color, s->color = t;
    t = ctx->win_depth, ctx->win_depth = s->depth, s->depth = t;
    t = ctx->win_stencil, ctx->win_stencil = s->stencil, s->stencil = t;
    asmgl_config c = ctx->config;
    ctx->config.width = s->config.width;
    ctx->config.height = s->config.height;
    ctx->config.depth_bits = s->config.depth_bits;
    ctx->config.stencil_bits = s->config.stencil_bits;
    s->config.width = c.width;
    s->config.height = c.height;
    s->config.depth_bits = c.depth_bits;
    s->config.stencil_bits = c.stencil_bits;
    /* no_surface stands for "no framebuffer 0": lending it takes
     * framebuffer 0 away, taking it back returns it (a lend and its taking
     * back always alternate) */
    if (s == &no_surface)
        ctx->no_default_fb = !ctx->no_default_fb;
    gl_fbo_default_resized(ctx);
}

void gl_bridge_return_surface(void)
{
    if (gl_current && lent) {
        swap_framebuffer(gl_current, lent);
        set_holder(lent, NULL);
        lent = NULL;
    }
}

GLAPI_EXPORT int asmgl_make_current_surface(asmgl_context *ctx, asmgl_surface *s)
{
    gl_context *old = gl_current;
    asmgl_surface *want = ctx ? (s ? s : &no_surface) : NULL;
    if (ctx == old && want == lent)
        return 1;
    /* A surface other than the one lent here must be free: claimed for ctx
     * now, so that no other thread lends or destroys it meanwhile. */
    bool claimed = false;
    if (want && want != lent) {
        if (!claim_surface(want, ctx)) {
            gl_set_last_error("the surface is lent to a context current on another thread");
            return 0;
        }
        claimed = true;
    }

    /* Take the old context's own framebuffer back while this thread still
     * owns it; no other thread can touch it before the release below.  A
     * surface about to be lent again stays claimed. */
    asmgl_surface *taken = NULL;
    if (old && lent) {
        swap_framebuffer(old, lent);
        set_holder(lent, lent == want ? ctx : NULL);
        taken = lent;
        lent = NULL;
    }
    if (ctx != old && !asmgl_make_current(ctx)) {
        if (taken) { /* undo: old is still current */
            swap_framebuffer(old, taken);
            set_holder(taken, old);
            lent = taken;
        }
        if (claimed)
            set_holder(want, NULL);
        return 0;
    }
    if (ctx) {
        swap_framebuffer(ctx, want);
        set_holder(want, ctx);
        lent = want;
    }
    gl_set_last_error("");
    return 1;
}

/* ---- window-system presentation (winsys/, glx/, egl/ X11 windows) -------------- */

/* The storage a surface's pixels are in now: its own, or the context's
 * default framebuffer slots while it is lent. */
static rast_surface *surface_color(asmgl_surface *s)
{
    return s->lent_to ? &s->lent_to->win_color : &s->color;
}

GLAPI_EXPORT void asmgl_surface_size(const asmgl_surface *s, int *width, int *height)
{
    int w = 0, h = 0;
    if (s) {
        /* while lent, s->config holds the context's own sizes (swap_framebuffer) */
        const asmgl_config *c = s->lent_to ? &s->lent_to->config : &s->config;
        w = c->width;
        h = c->height;
    }
    if (width)
        *width = w;
    if (height)
        *height = h;
}

/* Only the thread the surface is lent on may touch the storage. */
static bool surface_usable_here(const asmgl_surface *s)
{
    if (s->lent_to && s->lent_to != gl_current) {
        gl_set_last_error("the surface is lent to a context current on another thread");
        return false;
    }
    return true;
}

GLAPI_EXPORT int asmgl_surface_resize(asmgl_surface *s, int width, int height)
{
    if (!s || width < 0 || height < 0 || width > GLC_MAX_SIZE || height > GLC_MAX_SIZE) {
        gl_set_last_error("invalid surface size (0..16384)");
        return 0;
    }
    if (!surface_usable_here(s))
        return 0;
    gl_context *ctx = s->lent_to;
    GL_SHARE_HOLD(ctx); /* the flush runs the share group's scenes */
    asmgl_config *c = ctx ? &ctx->config : &s->config;
    if (c->width == width && c->height == height)
        return 1;
    rast_surface color, depth, stencil;
    if (!alloc_storage(width, height, c->depth_bits, c->stencil_bits, &color, &depth, &stencil)) {
        gl_set_last_error("out of memory");
        return 0;
    }
    rast_surface *oc = ctx ? &ctx->win_color : &s->color;
    rast_surface *od = ctx ? &ctx->win_depth : &s->depth;
    rast_surface *os = ctx ? &ctx->win_stencil : &s->stencil;
    if (ctx)
        gl_draw_flush(ctx); /* queued tiles still write the old storage */
    free(oc->data);
    free(od->data);
    free(os->data);
    *oc = color;
    *od = depth;
    *os = stencil;
    c->width = width;
    c->height = height;
    if (ctx)
        gl_fbo_default_resized(ctx);
    gl_set_last_error("");
    return 1;
}

GLAPI_EXPORT int asmgl_surface_read_color(asmgl_surface *s, void *dst, long dst_stride, int bgra)
{
    if (!s || !dst || !surface_usable_here(s))
        return 0;
    GL_SHARE_HOLD(s->lent_to);
    if (s->lent_to)
        gl_draw_flush(s->lent_to);
    const rast_surface *c = surface_color(s);
    if (!c->data || c->width <= 0 || c->height <= 0)
        return 0;
    size_t row = (size_t)c->width * 4;
    for (int y = 0; y < c->height; y++) {
        /* storage rows are bottom-up (GL window coordinates), dst top-down */
        const unsigned char *src =
            (const unsigned char *)c->data + c->stride * (size_t)(c->height - 1 - y);
        unsigned char *out = (unsigned char *)dst + (ptrdiff_t)dst_stride * y;
        if (!bgra) {
            memcpy(out, src, row);
            continue;
        }
        for (int x = 0; x < c->width; x++) {
            out[4 * x + 0] = src[4 * x + 2];
            out[4 * x + 1] = src[4 * x + 1];
            out[4 * x + 2] = src[4 * x + 0];
            out[4 * x + 3] = src[4 * x + 3];
        }
    }
    gl_set_last_error("");
    return 1;
}

GLAPI_EXPORT void asmgl_surface_set_flush_callback(asmgl_surface *s, asmgl_flush_fn fn, void *data)
{
    if (!s)
        return;
    s->flush_fn = fn;
    s->flush_data = data;
}

void gl_bridge_flushed(void)
{
    asmgl_surface *s = lent;
    if (gl_current && s && s != &no_surface && s->flush_fn)
        s->flush_fn(s, s->flush_data);
}

GLAPI_EXPORT void asmgl_surface_set_viewport_callback(asmgl_surface *s, asmgl_flush_fn fn,
                                                      void *data)
{
    if (!s)
        return;
    s->viewport_fn = fn;
    s->viewport_data = data;
}

void gl_bridge_viewport(void)
{
    asmgl_surface *s = lent;
    if (gl_current && s && s != &no_surface && s->viewport_fn)
        s->viewport_fn(s, s->viewport_data);
}
