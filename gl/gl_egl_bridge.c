/*
 * gl_egl_bridge.c - asmgl.h surfaces: default framebuffers that live apart
 * from contexts and are lent to a context while it is current (API thread
 * of that context).  Written for the EGL vendor (egl/), whose pbuffers they
 * are, and the GLX vendor (glx/), whose drawables they are.
 *
 * A context's default framebuffer is the quadruple {win_color, win_depth,
 * win_stencil, config.width/height/depth_bits/stencil_bits/samples}.  The
 * surface always owns its storage; lending it points the context's
 * quadruple at that storage, and the context's own quadruple waits in
 * this thread's slot `own` until the surface is taken back (the context
 * is current on this thread meanwhile, and a thread has one current
 * context).  So context_free always frees storage the context owns, and
 * the surface keeps its pixels across lends.  Every lend and taking back
 * finishes the context's queued scene first (it renders into the storage
 * being switched, R9).
 *
 * Locks: a context's share group lock (GL_SHARE_HOLD, which every GL call
 * holds) is taken before a surface's, never after.
 *
 * A shared surface (asmgl_surface_set_shared: a GLX drawable, which GLX
 * 1.4 section 3.3.7 lets be current to several contexts, each on its own
 * thread) may be lent to several contexts at once; they all point at the
 * one storage.  s->lock guards the storage pointers, the size and the
 * lend count against lends on other threads: a resize is refused while
 * the surface is lent to more than one context (it would free storage
 * another thread renders into), so lends and resizes never race.  Pixels
 * are not locked: what a context rendered is in the storage once its scene
 * has run (glFinish, a release, glFlush while the surface is lent to
 * several contexts), and ordering that against the other contexts is the
 * application's part, as GL says for anything shared between contexts.
 *
 * "No default framebuffer" (EGL_KHR_surfaceless_context) is a lend of an
 * empty surface that also marks the context no_default_fb: framebuffer 0
 * does not exist, so it is FRAMEBUFFER_UNDEFINED and drawing to or reading
 * from it is INVALID_FRAMEBUFFER_OPERATION (ARB_framebuffer_object 4.4.4.2,
 * EGL 1.5 section 3.7.3).  One such slot per thread suffices, since a
 * thread has at most one current context; it is never locked.
 *
 * Releasing a context any way (asmgl_make_current, asmgl_context_destroy
 * of the current context) gives its surface back first; a lent surface is
 * never freed (asmgl_surface_destroy refuses it).
 */
#include "gl_priv.h"

#include <pthread.h>
#include <stdlib.h>

struct asmgl_surface {
    asmgl_config config;          /* width, height, depth_bits, stencil_bits, samples */
    rast_surface color, depth, stencil; /* its storage, also while lent */
    pthread_mutex_t lock;         /* guards the above and lent_count (see the top) */
    int lent_count;               /* contexts current with it as framebuffer 0 */
    bool shared;                  /* asmgl_surface_set_shared: lendable to several */
    asmgl_flush_fn flush_fn;      /* asmgl_surface_set_flush_callback, or NULL */
    void *flush_data;
    asmgl_flush_fn viewport_fn;   /* asmgl_surface_set_viewport_callback, or NULL */
    void *viewport_data;
};

/* What this thread's current context borrowed: a surface, &no_surface, or
 * NULL when the context was made current by plain asmgl_make_current; and
 * the surface it reads framebuffer 0 from when that is another one
 * (asmgl_make_current_surfaces), else NULL. */
static _Thread_local asmgl_surface *lent, *lent_read;
static _Thread_local asmgl_surface no_surface;
/* The current context's own default framebuffer while it borrows `lent`. */
static _Thread_local struct {
    rast_surface color, depth, stencil;
    asmgl_config config;
} own;

static void surface_lock(asmgl_surface *s)
{
    if (s != &no_surface)
        pthread_mutex_lock(&s->lock);
}

static void surface_unlock(asmgl_surface *s)
{
    if (s != &no_surface)
        pthread_mutex_unlock(&s->lock);
}

/* Copies the size and buffer layout of a default framebuffer. */
static void copy_layout(asmgl_config *dst, const asmgl_config *src)
{
    dst->width = src->width;
    dst->height = src->height;
    dst->depth_bits = src->depth_bits;
    dst->stencil_bits = src->stencil_bits;
    dst->samples = src->samples;
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
    if (!s || pthread_mutex_init(&s->lock, NULL) != 0) {
        free(s);
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
        pthread_mutex_destroy(&s->lock);
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
    pthread_mutex_lock(&s->lock);
    int lent_count = s->lent_count;
    pthread_mutex_unlock(&s->lock);
    if (lent_count) { /* a current context renders into it: keep it */
        gl_set_last_error("the surface is lent to a current context: not destroyed");
        return;
    }
    pthread_mutex_destroy(&s->lock);
    free(s->color.data);
    free(s->depth.data);
    free(s->stencil.data);
    free(s);
    gl_set_last_error("");
}

GLAPI_EXPORT void asmgl_surface_set_shared(asmgl_surface *s, int shared)
{
    if (!s)
        return;
    pthread_mutex_lock(&s->lock);
    s->shared = shared != 0;
    pthread_mutex_unlock(&s->lock);
}

/* Points ctx's default framebuffer at s's storage, keeping ctx's own in
 * `own`; counted tells that s->lent_count already counts this lend. */
static void lend(gl_context *ctx, asmgl_surface *s, bool counted)
{
    GL_SHARE_HOLD(ctx); /* the flush runs the share group's scenes */
    gl_resource_will_change(ctx, GL_RES_SURFACE); /* its queued scene renders into its own storage */
    own.color = ctx->win_color;
    own.depth = ctx->win_depth;
    own.stencil = ctx->win_stencil;
    copy_layout(&own.config, &ctx->config);
    surface_lock(s);
    ctx->win_color = s->color;
    ctx->win_depth = s->depth;
    ctx->win_stencil = s->stencil;
    copy_layout(&ctx->config, &s->config);
    if (!counted)
        s->lent_count++;
    surface_unlock(s);
    /* no_surface stands for "no framebuffer 0" */
    ctx->no_default_fb = s == &no_surface;
    gl_fbo_default_resized(ctx);
}

/* Gives ctx its own default framebuffer back from s. */
static void take_back(gl_context *ctx, asmgl_surface *s)
{
    GL_SHARE_HOLD(ctx);
    gl_draw_flush(ctx); /* what it drew is in s before another may read it */
    surface_lock(s);
    s->lent_count--;
    surface_unlock(s);
    ctx->win_color = own.color;
    ctx->win_depth = own.depth;
    ctx->win_stencil = own.stencil;
    copy_layout(&ctx->config, &own.config);
    own.color = own.depth = own.stencil = (rast_surface){0};
    ctx->no_default_fb = false;
    gl_fbo_default_resized(ctx);
}

/* Points ctx's framebuffer 0 for reading at s (another surface than the
 * one it draws to); counted as for lend. */
static void lend_read(gl_context *ctx, asmgl_surface *s, bool counted)
{
    pthread_mutex_lock(&s->lock);
    ctx->read_win_color = s->color;
    ctx->read_win_depth = s->depth;
    ctx->read_win_stencil = s->stencil;
    ctx->read_win_samples = s->config.samples;
    ctx->read_win_set = true;
    if (!counted)
        s->lent_count++;
    pthread_mutex_unlock(&s->lock);
}

static void take_back_read(gl_context *ctx, asmgl_surface *s)
{
    pthread_mutex_lock(&s->lock);
    s->lent_count--;
    pthread_mutex_unlock(&s->lock);
    ctx->read_win_color = ctx->read_win_depth = ctx->read_win_stencil = (rast_surface){0};
    ctx->read_win_samples = 0;
    ctx->read_win_set = false;
}

void gl_bridge_return_surface(void)
{
    if (gl_current && lent_read) {
        take_back_read(gl_current, lent_read);
        lent_read = NULL;
    }
    if (gl_current && lent) {
        take_back(gl_current, lent);
        lent = NULL;
    }
}

/* Whether this thread's current context borrows s (to draw or to read). */
static bool lent_here(const asmgl_surface *s)
{
    return s && (lent == s || lent_read == s);
}

/* Counts a lend of s about to be made, unless s may not be lent here
 * (not shared and lent to a context of another thread). */
static bool reserve(asmgl_surface *s)
{
    pthread_mutex_lock(&s->lock);
    bool ok = s->shared || s->lent_count == 0 || lent_here(s);
    if (ok)
        s->lent_count++;
    pthread_mutex_unlock(&s->lock);
    if (!ok)
        gl_set_last_error("the surface is lent to a context current on another thread");
    return ok;
}

static void unreserve(asmgl_surface *s)
{
    pthread_mutex_lock(&s->lock);
    s->lent_count--;
    pthread_mutex_unlock(&s->lock);
}

GLAPI_EXPORT int asmgl_make_current_surfaces(asmgl_context *ctx, asmgl_surface *draw,
                                             asmgl_surface *read)
{
    gl_context *old = gl_current;
    asmgl_surface *want = ctx ? (draw ? draw : &no_surface) : NULL;
    asmgl_surface *want_read = ctx && draw && read && read != draw ? read : NULL;
    if (ctx == old && want == lent && want_read == lent_read)
        return 1;
    /* Reserve the lends first, so that no other thread takes a surface
     * that is not shared meanwhile.  One lent to this thread's context now
     * is taken back below. */
    bool draw_counted = want && want != &no_surface;
    if (draw_counted && !reserve(want))
        return 0;
    if (want_read && !reserve(want_read)) {
        if (draw_counted)
            unreserve(want);
        return 0;
    }

    /* Take the old context's own framebuffer back while this thread still
     * owns it; no other thread can touch it before the release below. */
    asmgl_surface *taken = NULL, *taken_read = NULL;
    if (old && lent_read) {
        take_back_read(old, lent_read);
        taken_read = lent_read;
        lent_read = NULL;
    }
    if (old && lent) {
        take_back(old, lent);
        taken = lent;
        lent = NULL;
    }
    if (ctx != old && !asmgl_make_current(ctx)) {
        if (draw_counted) /* undo: old is still current */
            unreserve(want);
        if (want_read)
            unreserve(want_read);
        if (taken) {
            lend(old, taken, false);
            lent = taken;
        }
        if (taken_read) {
            lend_read(old, taken_read, false);
            lent_read = taken_read;
        }
        return 0;
    }
    if (ctx) {
        lend(ctx, want, draw_counted);
        lent = want;
        if (want_read) {
            lend_read(ctx, want_read, true);
            lent_read = want_read;
        }
    }
    gl_set_last_error("");
    return 1;
}

GLAPI_EXPORT int asmgl_make_current_surface(asmgl_context *ctx, asmgl_surface *s)
{
    return asmgl_make_current_surfaces(ctx, s, s);
}

/* ---- window-system presentation (winsys/, glx/, egl/ X11 windows) -------------- */

GLAPI_EXPORT void asmgl_surface_size(const asmgl_surface *s, int *width, int *height)
{
    int w = 0, h = 0;
    if (s) {
        pthread_mutex_lock((pthread_mutex_t *)&s->lock);
        w = s->config.width;
        h = s->config.height;
        pthread_mutex_unlock((pthread_mutex_t *)&s->lock);
    }
    if (width)
        *width = w;
    if (height)
        *height = h;
}

/* Only a thread whose current context borrows s, or any thread while s is
 * not lent, may resize or read it (s->lock held). */
static bool surface_usable_here(const asmgl_surface *s)
{
    if (s->lent_count > 0 && !lent_here(s)) {
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
    /* lock order: the share group (GL calls hold it) before the surface */
    GL_SHARE_HOLD(gl_current);
    pthread_mutex_lock(&s->lock);
    int ok = 0;
    if (!surface_usable_here(s))
        goto out;
    if (s->lent_count > 1) {
        /* other threads render into the storage: it stays until one holds it */
        gl_set_last_error("the surface is lent to several contexts: its size is kept");
        goto out;
    }
    gl_context *ctx = s->lent_count ? gl_current : NULL; /* the one borrower, on this thread */
    asmgl_config *c = &s->config;
    ok = 1;
    if (c->width == width && c->height == height)
        goto out;
    rast_surface color, depth, stencil;
    if (!gl_default_fb_alloc(width, height, c->depth_bits, c->stencil_bits, c->samples, &color,
                             &depth, &stencil)) {
        gl_set_last_error("out of memory");
        ok = 0;
        goto out;
    }
    if (ctx)
        gl_resource_will_change(ctx, GL_RES_SURFACE); /* queued tiles still write the old storage */
    free(s->color.data);
    free(s->depth.data);
    free(s->stencil.data);
    s->color = color;
    s->depth = depth;
    s->stencil = stencil;
    c->width = width;
    c->height = height;
    if (ctx && lent == s) { /* the borrower sees the new size as framebuffer 0's at once */
        ctx->win_color = color;
        ctx->win_depth = depth;
        ctx->win_stencil = stencil;
        ctx->config.width = width;
        ctx->config.height = height;
        gl_fbo_default_resized(ctx);
    } else if (ctx) { /* it reads from s */
        ctx->read_win_color = color;
        ctx->read_win_depth = depth;
        ctx->read_win_stencil = stencil;
    }
    gl_set_last_error("");
out:
    pthread_mutex_unlock(&s->lock);
    return ok;
}

int gl_bridge_resize_lent(gl_context *ctx, int width, int height)
{
    /* a context borrows only while current, so only on this thread */
    if (ctx != gl_current || !lent || lent == &no_surface)
        return -1;
    return asmgl_surface_resize(lent, width, height);
}

GLAPI_EXPORT int asmgl_surface_read_color(asmgl_surface *s, void *dst, long dst_stride, int bgra)
{
    if (!s || !dst)
        return 0;
    GL_SHARE_HOLD(gl_current); /* lock order as in asmgl_surface_resize */
    pthread_mutex_lock(&s->lock);
    int ok = 0;
    if (!surface_usable_here(s))
        goto out;
    if (lent_here(s))
        gl_draw_flush(gl_current); /* this thread's rendering into s */
    const rast_surface *c = &s->color;
    if (!c->data || c->width <= 0 || c->height <= 0)
        goto out;
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
    ok = 1;
out:
    pthread_mutex_unlock(&s->lock);
    return ok;
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
    if (!gl_current || !s || s == &no_surface)
        return;
    /* glFlush of a surface other threads' contexts render into too: the
     * scene runs now, so they see it once the application orders them
     * after this flush */
    pthread_mutex_lock(&s->lock);
    bool several = s->lent_count > 1;
    pthread_mutex_unlock(&s->lock);
    if (several) {
        GL_SHARE_HOLD(gl_current);
        gl_draw_flush(gl_current);
    }
    if (s->flush_fn)
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
