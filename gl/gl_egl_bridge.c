/*
 * gl_egl_bridge.c - asmgl.h surfaces: default framebuffers that live apart
 * from contexts and are lent to one while it is current (API thread of that
 * context).  Written for the EGL vendor (egl/), whose pbuffers they are.
 *
 * A context's default framebuffer is the quadruple {win_color, win_depth,
 * win_stencil, config.width/height/depth_bits/stencil_bits/samples}.  Lending a
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

GLAPI_EXPORT asmgl_surface *asmgl_surface_create(const asmgl_config *cfg)
{
    asmgl_config def;
    if (!cfg) {
        asmgl_config_default(&def);
        cfg = &def;
    }
    if (cfg->width < 0 || cfg->height < 0 || cfg->width > GLC_MAX_SIZE ||
        cfg->height > GLC_MAX_SIZE) {
        gl_set_last_error("invalid surface size (0..16384)");
        return NULL;
    }
    if (cfg->depth_bits < 0 || cfg->depth_bits > 32 || cfg->stencil_bits < 0 ||
        cfg->stencil_bits > 8) {
        gl_set_last_error("invalid depth_bits (0 or 24) or stencil_bits (0 or 8)");
        return NULL;
    }
    if (!gl_default_fb_samples_ok(cfg->samples)) {
        gl_set_last_error("invalid samples (0, 1, 2, 4 or 8)");
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
    s->config.samples = cfg->samples > 1 ? cfg->samples : 0;
    if (!gl_default_fb_alloc(cfg->width, cfg->height, s->config.depth_bits,
                             s->config.stencil_bits, s->config.samples, &s->color, &s->depth,
                             &s->stencil)) {
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
    if (s->lent_to) { /* a lent surface holds a context's storage: keep it */
        gl_set_last_error("the surface is lent to a current context: not destroyed");
        return;
    }
    free(s->color.data);
    free(s->depth.data);
    free(s->stencil.data);
    free(s);
    gl_set_last_error("");
}

/* Exchanges ctx's default framebuffer with the one s holds. */
static void swap_framebuffer(gl_context *ctx, asmgl_surface *s)
{
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
    ctx->config.samples = s->config.samples;
    s->config.width = c.width;
    s->config.height = c.height;
    s->config.depth_bits = c.depth_bits;
    s->config.stencil_bits = c.stencil_bits;
    s->config.samples = c.samples;
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
        lent->lent_to = NULL;
        lent = NULL;
    }
}

GLAPI_EXPORT int asmgl_make_current_surface(asmgl_context *ctx, asmgl_surface *s)
{
    gl_context *old = gl_current;
    asmgl_surface *want = ctx ? (s ? s : &no_surface) : NULL;
    if (ctx == old && want == lent)
        return 1;
    if (want && want->lent_to && want->lent_to != old) {
        gl_set_last_error("the surface is lent to a context current on another thread");
        return 0;
    }

    /* Take the old context's own framebuffer back while this thread still
     * owns it; no other thread can touch it before the release below. */
    asmgl_surface *taken = NULL;
    if (old && lent) {
        swap_framebuffer(old, lent);
        lent->lent_to = NULL;
        taken = lent;
        lent = NULL;
    }
    if (ctx != old && !asmgl_make_current(ctx)) {
        if (taken) { /* undo: old is still current */
            swap_framebuffer(old, taken);
            taken->lent_to = old;
            lent = taken;
        }
        return 0;
    }
    if (ctx) {
        swap_framebuffer(ctx, want);
        want->lent_to = ctx;
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
    asmgl_config *c = ctx ? &ctx->config : &s->config;
    if (c->width == width && c->height == height)
        return 1;
    rast_surface color, depth, stencil;
    if (!gl_default_fb_alloc(width, height, c->depth_bits, c->stencil_bits, c->samples, &color,
                             &depth, &stencil)) {
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
    if (s->lent_to)
        gl_draw_flush(s->lent_to);
    const rast_surface *c = surface_color(s);
    if (!c->data || c->width <= 0 || c->height <= 0)
        return 0;
    for (int y = 0; y < c->height; y++) {
        /* storage rows are bottom-up (GL window coordinates), dst top-down;
         * a multisample buffer is resolved row by row */
        unsigned char *out = (unsigned char *)dst + (ptrdiff_t)dst_stride * y;
        gl_fbo_resolve_row(c, c->height - 1 - y, out);
        if (!bgra)
            continue;
        for (int x = 0; x < c->width; x++) {
            unsigned char r = out[4 * x + 0];
            out[4 * x + 0] = out[4 * x + 2];
            out[4 * x + 2] = r;
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
