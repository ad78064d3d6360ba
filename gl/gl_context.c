/*
 * gl_context.c - the asmgl.h context API: creation, the default framebuffer,
 * the thread-local current context, resize, read-back, destruction
 * (API thread of each context).
 *
 * A context owns one rast_context (its tile pipeline) and the default
 * framebuffer's surfaces: RGBA8 colour, optional DEPTH32F depth and S8
 * stencil, rows bottom-up as GL and the rasterizer address them.
 */
#include "gl_priv.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Thread_local gl_context *gl_current;
static _Thread_local const char *last_error = "";

void gl_set_last_error(const char *msg)
{
    last_error = msg ? msg : "";
}

GLAPI_EXPORT void asmgl_config_default(asmgl_config *cfg)
{
    if (!cfg)
        return;
    cfg->width = 256;
    cfg->height = 256;
    cfg->depth_bits = 24;
    cfg->stencil_bits = 8;
    cfg->samples = 0;
}

bool gl_default_fb_alloc(int w, int h, int depth_bits, int stencil_bits, int samples,
                         rast_surface *color, rast_surface *depth, rast_surface *stencil)
{
    *color = *depth = *stencil = (rast_surface){0};
    size_t n = (size_t)w * (size_t)h; /* w, h <= 16384 */
    if (n == 0)
        return true; /* an empty framebuffer: no storage at all */
    size_t planes = samples > 1 ? (size_t)samples : 1; /* <= 8: no overflow below */
    /* written up front: the first scene's tiles load the colour (and
     * stencil) before they write it (mem_zalloc_written) */
    void *c = mem_zalloc_written(n * planes * 4);
    float *d = depth_bits ? mem_alloc_render(n * planes * sizeof(float)) : NULL;
    void *st = stencil_bits ? mem_zalloc_written(n * planes) : NULL;
    if (!c || (depth_bits && !d) || (stencil_bits && !st)) {
        free(c);
        free(d);
        free(st);
        return false;
    }
    /* GL 2.1 section 4.2.3 (EGL 1.5 section 3.5.2): initial depth contents
     * are undefined; asmgl starts at the clear value 1.0 (float zero bits
     * would be 0.0) */
    for (size_t i = 0; d && i < n * planes; i++)
        d[i] = 1.0f;
    *color = (rast_surface){.data = c, .width = w, .height = h, .stride = (size_t)w * 4,
                            .format = TEX_FMT_RGBA8};
    if (d)
        *depth = (rast_surface){.data = d, .width = w, .height = h,
                                .stride = (size_t)w * sizeof(float), .format = TEX_FMT_DEPTH32F};
    if (st)
        *stencil = (rast_surface){.data = st, .width = w, .height = h, .stride = (size_t)w,
                                  .format = TEX_FMT_S8};
    if (planes > 1) { /* sample s of each at data + s * sample_stride (rast.h) */
        rast_surface *all[3] = {color, depth, stencil};
        for (int i = 0; i < 3; i++)
            if (all[i]->data) {
                all[i]->samples = samples;
                all[i]->sample_stride = all[i]->stride * (size_t)h;
            }
    }
    return true;
}

/* (Re)allocates the default framebuffer surfaces; false on OOM (the old
 * surfaces are kept then). */
static bool alloc_window_surfaces(gl_context *ctx, int w, int h)
{
    rast_surface color, depth, stencil;
    if (!gl_default_fb_alloc(w, h, ctx->config.depth_bits, ctx->config.stencil_bits,
                             ctx->config.samples, &color, &depth, &stencil))
        return false;
    free(ctx->win_color.data);
    free(ctx->win_depth.data);
    free(ctx->win_stencil.data);
    ctx->win_color = color;
    ctx->win_depth = depth;
    ctx->win_stencil = stencil;
    ctx->config.width = w;
    ctx->config.height = h;
    return true;
}

const char *gl_config_check(const asmgl_config *cfg, int min_size)
{
    if (cfg->width < min_size || cfg->height < min_size || cfg->width > GLC_MAX_SIZE ||
        cfg->height > GLC_MAX_SIZE)
        return min_size ? "invalid framebuffer size (1..16384)" : "invalid surface size (0..16384)";
    if (cfg->depth_bits != 0 && cfg->depth_bits != 24)
        return "invalid depth_bits (0 or 24)";
    if (cfg->stencil_bits != 0 && cfg->stencil_bits != 8)
        return "invalid stencil_bits (0 or 8)";
    if (cfg->samples != 0 && cfg->samples != 1 && cfg->samples != 2 && cfg->samples != 4 &&
        cfg->samples != 8)
        return "invalid samples (0, 1, 2, 4 or 8)";
    return NULL;
}

/* ---- which thread may touch a context ------------------------------------------
 *
 * owner_thread says which thread a context is current on.  The asmgl_*
 * calls that take a context argument work on it from the calling thread:
 * when it is current here they just run; when it is current nowhere they
 * hold it for the length of the call (owner_thread set to this thread, so
 * no thread can make it current meanwhile); when it is current on another
 * thread, which may be rendering into its framebuffer at that moment, they
 * refuse.  Nothing ever waits, so nothing can deadlock. */

/* true when the caller may work on ctx; *held is set when ctx was taken
 * for the call and must be released with release_held. */
static bool hold_context(gl_context *ctx, bool *held)
{
    void *me = (void *)&gl_current;
    *held = false;
    if (ctx == gl_current)
        return true;
    void *expected = NULL;
    if (!atomic_compare_exchange_strong(&ctx->owner_thread, &expected, me)) {
        last_error = "the context is current on another thread";
        return false;
    }
    *held = true;
    return true;
}

static void release_held(gl_context *ctx, bool held)
{
    if (held)
        atomic_store(&ctx->owner_thread, NULL);
}

/* Frees ctx and its own state; with ctx its share group's lock is taken
 * (other members' GL calls wait), and the shared objects go with the last
 * context of the group (gl_share.c). */
static void context_free(gl_context *ctx)
{
    gl_share *held = gl_share_enter(ctx);
    if (ctx->rast)
        rast_flush(ctx->rast);
    gl_attrib_free_all(ctx);
    gl_dlist_free(ctx);
    gl_ff_free(ctx);
    gl_program_obj_release(&ctx->pixel_vp);
    gl_program_free_all(ctx);
    gl_glsl_free_all(ctx);
    gl_texture_free_all(ctx);
    gl_bindless_free(ctx);
    gl_fbo_free_all(ctx);
    gl_vao_free_all(ctx);
    gl_buffer_free_all(ctx);
    gl_query_free_all(ctx);
    gl_accum_free(ctx);
    gl_vertex_free(ctx);
    gl_matrix_free(ctx);
    gl_share *gone = gl_share_part(ctx);
    gl_share_leave(&held);
    gl_share_destroy(gone);
    if (ctx->rast)
        rast_context_destroy(ctx->rast);
    free(ctx->win_color.data);
    free(ctx->win_depth.data);
    free(ctx->win_stencil.data);
    free(ctx->program_error_string);
    free(ctx);
}

/* A context; with share, one that shares share's objects. */
static gl_context *context_create(const asmgl_config *cfg, gl_context *share)
{
    asmgl_config def;
    if (!cfg) {
        asmgl_config_default(&def);
        cfg = &def;
    }
    const char *bad = gl_config_check(cfg, 1);
    if (bad) {
        last_error = bad;
        return NULL;
    }
    gl_context *ctx = calloc(1, sizeof *ctx);
    if (!ctx) {
        last_error = "out of memory";
        return NULL;
    }
    ctx->config = *cfg;
    ctx->config.depth_bits = cfg->depth_bits ? 24 : 0;
    ctx->config.stencil_bits = cfg->stencil_bits ? 8 : 0;
    ctx->config.samples = cfg->samples > 1 ? cfg->samples : 0;
    atomic_init(&ctx->owner_thread, NULL);
    /* program objects cache parameters per (context, state serial): serials
     * of different contexts never meet (gl_state.c) */
    static atomic_uint_fast64_t contexts_made;
    ctx->state_serial = (uint64_t)atomic_fetch_add(&contexts_made, 1) << 32;

    gp_limits_default(&ctx->limits[GLC_VP], GP_STAGE_VERTEX);
    gp_limits_default(&ctx->limits[GLC_FP], GP_STAGE_FRAGMENT);
    gp_limits_default(&ctx->limits[GLC_GP], GP_STAGE_GEOMETRY);

    ctx->rast = rast_context_create(0);
    if (!ctx->rast) {
        last_error = "out of memory (cannot create the rasterizer or its threads)";
        context_free(ctx);
        return NULL;
    }
    if (!alloc_window_surfaces(ctx, cfg->width, cfg->height) || !gl_matrix_init(ctx) ||
        !gl_program_init(ctx) || !gl_texture_init(ctx) || !gl_fbo_init(ctx) ||
        !gl_dlist_init(ctx)) {
        last_error = "out of memory";
        context_free(ctx);
        return NULL;
    }
    gl_vertex_init(ctx);
    gl_state_init(ctx);
    gl_limits_init(ctx);
    if (!gl_share_join(ctx, share)) {
        last_error = "out of memory";
        context_free(ctx);
        return NULL;
    }
    last_error = "";
    return ctx;
}

GLAPI_EXPORT asmgl_context *asmgl_context_create(const asmgl_config *cfg)
{
    return context_create(cfg, NULL);
}

GLAPI_EXPORT asmgl_context *asmgl_context_create_shared(const asmgl_config *cfg, asmgl_context *share)
{
    if (!share) {
        last_error = "no context to share objects with";
        return NULL;
    }
    return context_create(cfg, share);
}

GLAPI_EXPORT void asmgl_context_destroy(asmgl_context *ctx)
{
    if (!ctx)
        return;
    if (gl_current == ctx) {
        /* releases it, giving back any surface lent to it first, so the
         * context frees its own framebuffer and the surface keeps its own */
        asmgl_make_current(NULL);
    } else {
        /* current on another thread, which may be drawing with it: keep it;
         * otherwise hold it so that no thread makes it current while it is
         * freed */
        void *expected = NULL;
        if (!atomic_compare_exchange_strong(&ctx->owner_thread, &expected,
                                            (void *)&gl_current)) {
            last_error = "the context is current on another thread: not destroyed";
            return;
        }
    }
    context_free(ctx);
    last_error = "";
}

GLAPI_EXPORT int asmgl_make_current(asmgl_context *ctx)
{
    void *me = (void *)&gl_current;
    if (ctx == gl_current)
        return 1;
    if (ctx) {
        void *expected = NULL;
        if (!atomic_compare_exchange_strong(&ctx->owner_thread, &expected, me)) {
            last_error = "the context is current on another thread";
            return 0;
        }
    }
    if (gl_current) {
        /* A surface lent to the old context goes back to its owner (the
         * context's own framebuffer returns).  Work queued by the old
         * context for its own framebuffer stays queued; it is flushed at
         * its next flush point. */
        {
            GL_SHARE_HOLD(gl_current); /* the swap flushes the group's scenes */
            gl_bridge_return_surface();
        }
        atomic_store(&gl_current->owner_thread, NULL);
    }
    gl_current = ctx;
    last_error = "";
    return 1;
}

GLAPI_EXPORT asmgl_context *asmgl_get_current(void)
{
    return gl_current;
}

GLAPI_EXPORT int asmgl_resize(asmgl_context *ctx, int width, int height)
{
    if (!ctx || width < 1 || height < 1 || width > GLC_MAX_SIZE || height > GLC_MAX_SIZE) {
        last_error = "invalid framebuffer size (1..16384)";
        return 0;
    }
    bool held;
    if (!hold_context(ctx, &held))
        return 0;
    GL_SHARE_HOLD(ctx); /* another member may be flushing ctx's scene */
    int ok = 0;
    int lent_ok = gl_bridge_resize_lent(ctx, width, height);
    if (lent_ok >= 0) {
        ok = lent_ok; /* the surface lent to it (asmgl_surface_resize) */
    } else if (ctx->no_default_fb) {
        last_error = "the context has no default framebuffer";
    } else {
        /* the queued scene renders into the storage about to be freed */
        rast_flush(ctx->rast);
        if (!alloc_window_surfaces(ctx, width, height)) {
            last_error = "out of memory";
        } else {
            gl_fbo_default_resized(ctx);
            last_error = "";
            ok = 1;
        }
    }
    release_held(ctx, held);
    return ok;
}

GLAPI_EXPORT int asmgl_read_color(asmgl_context *ctx, void *dst)
{
    if (!ctx || !dst) {
        last_error = "no context or destination";
        return 0;
    }
    bool held;
    if (!hold_context(ctx, &held))
        return 0;
    GL_SHARE_HOLD(ctx); /* another member may be flushing ctx's scene */
    int ok = 0;
    const rast_surface *s = &ctx->win_color;
    if (ctx->no_default_fb || !s->data) {
        last_error = "the context has no default framebuffer";
    } else {
        rast_flush(ctx->rast);
        size_t row = (size_t)s->width * 4;
        for (int y = 0; y < s->height; y++) /* resolved when multisampled */
            gl_fbo_resolve_row(s, y, (unsigned char *)dst + row * (size_t)y);
        last_error = "";
        ok = 1;
    }
    release_held(ctx, held);
    return ok;
}

GLAPI_EXPORT const char *asmgl_last_error(void)
{
    return last_error;
}
