/*
 * egl_context.c - contexts (an asmgl_context each), eglMakeCurrent and the
 * wait calls (any thread; ev_lock, plus the calling thread's current
 * context in thread-local storage).
 *
 * eglMakeCurrent maps onto asmgl_make_current_surface: the pbuffer's
 * asmgl_surface becomes the context's framebuffer 0 for as long as the
 * context is current on this thread; with no surface (EGL_KHR_surfaceless_
 * context) framebuffer 0 is empty and the application renders into
 * framebuffer objects.  libEGL has already switched libGLdispatch to our
 * dispatch table (or will, right after we succeed).
 */
#include "egl_priv.h"

#include <stdlib.h>

/* This thread's current context (ours), kept by eglMakeCurrent
 * (initial-exec TLS: see last_error in egl_main.c). */
static __attribute__((tls_model("initial-exec"))) _Thread_local ev_context *current;

ev_context *ev_context_current(void)
{
    return current;
}

/* Set while eglMakeCurrent (holding ev_lock) calls glViewport. */
static __attribute__((tls_model("initial-exec"))) _Thread_local bool making_current;

bool ev_making_current(void)
{
    return making_current;
}

static ev_context *context_get(ev_display *d, EGLContext ctx)
{
    for (ev_context *c = d->contexts; c; c = c->next)
        if ((EGLContext)c == ctx && !c->deleted)
            return c;
    ev_error(EGL_BAD_CONTEXT);
    return NULL;
}

void ev_context_free(ev_context *c)
{
    for (ev_context **p = &c->dpy->contexts; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    asmgl_context_destroy(c->gl);
    free(c);
}

/* ---- creation ------------------------------------------------------------------------------- */

/* A GL version that exists (EGL_KHR_create_context: others are EGL_BAD_MATCH). */
static bool gl_version_valid(EGLint major, EGLint minor)
{
    static const int last_minor[] = {0, 5, 1, 3, 6}; /* 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6 */
    return major >= 1 && major <= 4 && minor >= 0 && minor <= last_minor[major];
}

/* EGL 1.5 section 3.7.1 with EGL_KHR_create_context and
 * EGL_KHR_no_config_context.  asmgl gives compatibility-profile contexts up
 * to the version it reports (GL_VERSION); anything more is EGL_BAD_MATCH. */
EGLContext EGLAPIENTRY ev_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
                                           const EGLint *attrib_list)
{
    EGLint major = 1, minor = 0, flags = 0;
    EGLint profile = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT_KHR; /* the default; ignored below 3.2 */
    EGLint reset = EGL_NO_RESET_NOTIFICATION;
    for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
        switch (a[0]) {
        case EGL_CONTEXT_MAJOR_VERSION: major = a[1]; break;
        case EGL_CONTEXT_MINOR_VERSION: minor = a[1]; break;
        case EGL_CONTEXT_FLAGS_KHR:
            if (a[1] & ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR | EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                         EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR)) {
                ev_error(EGL_BAD_ATTRIBUTE);
                return EGL_NO_CONTEXT;
            }
            flags |= a[1];
            break;
        case EGL_CONTEXT_OPENGL_PROFILE_MASK:
            profile = a[1]; /* checked with the version below */
            break;
        case EGL_CONTEXT_OPENGL_DEBUG:
            if (a[1] == EGL_TRUE)
                flags |= EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
            break;
        case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
            if (a[1] == EGL_TRUE)
                flags |= EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
            break;
        case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
            if (a[1] == EGL_TRUE)
                flags |= EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
            break;
        case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
            if (a[1] != EGL_NO_RESET_NOTIFICATION && a[1] != EGL_LOSE_CONTEXT_ON_RESET) {
                ev_error(EGL_BAD_ATTRIBUTE);
                return EGL_NO_CONTEXT;
            }
            reset = a[1];
            break;
        default:
            ev_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_CONTEXT;
        }
    }

    pthread_mutex_lock(&ev_lock);
    EGLContext result = EGL_NO_CONTEXT;
    ev_display *d = ev_display_get(dpy, true);
    if (!d)
        goto out;
    const ev_config *c = NULL;
    if (config != EGL_NO_CONFIG_KHR && !(c = ev_config_get(config)))
        goto out;
    /* the current API must be one the config renders (Table 3.1) */
    if (ev_exports->getCurrentApi() != EGL_OPENGL_API) {
        ev_error(EGL_BAD_MATCH);
        goto out;
    }
    /* section 3.7.1: share_context's shareable objects (textures, buffers,
     * programs, renderbuffers, display lists: asmgl.h) are shared with the
     * new context; it must be a live context of this display
     * (EGL_BAD_CONTEXT otherwise).  Every asmgl context renders any config's
     * framebuffers, so any two contexts of the display are compatible. */
    ev_context *share_ctx = NULL;
    if (share != EGL_NO_CONTEXT && !(share_ctx = context_get(d, share)))
        goto out;
    /* EGL_KHR_create_context: versions that do not exist, forward-compatible
     * below 3.0, and what asmgl cannot give are EGL_BAD_MATCH; the profile
     * mask is ignored below 3.2, and from 3.2 on one with no bit, another
     * bit, two bits or a profile asmgl lacks (all but compatibility) is
     * EGL_BAD_MATCH. */
    int version = major * 10 + minor;
    if (!gl_version_valid(major, minor) ||
        /* forward-compatible below 3.0 does not exist; from 3.0 on asmgl
         * cannot give it: its contexts keep every deprecated feature */
        (flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR) ||
        (version >= 32 && profile != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT) ||
        version > ev_gl_version() ||
        (flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR) || /* no GL_ARB_robustness */
        reset == EGL_LOSE_CONTEXT_ON_RESET) {
        ev_error(EGL_BAD_MATCH);
        goto out;
    }
    ev_context *ctx = calloc(1, sizeof *ctx);
    /* The context's own framebuffer is never seen: eglMakeCurrent always
     * lends it a surface or the empty one. */
    asmgl_config cfg = {1, 1, 0, 0, 0};
    if (ctx)
        ctx->gl = share_ctx ? asmgl_context_create_shared(&cfg, share_ctx->gl)
                            : asmgl_context_create(&cfg);
    if (!ctx || !ctx->gl) {
        free(ctx);
        ev_error(EGL_BAD_ALLOC);
        goto out;
    }
    ctx->dpy = d;
    ctx->config = c;
    ctx->major = major;
    ctx->minor = minor;
    ctx->next = d->contexts;
    d->contexts = ctx;
    result = (EGLContext)ctx;
    ev_ok();
out:
    pthread_mutex_unlock(&ev_lock);
    return result;
}

/* Section 3.7.2: a context current to some thread is freed when released. */
EGLBoolean EGLAPIENTRY ev_eglDestroyContext(EGLDisplay dpy, EGLContext ctx)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_context *c = d ? context_get(d, ctx) : NULL;
    if (c) {
        if (c->owner)
            c->deleted = true;
        else
            ev_context_free(c);
    }
    pthread_mutex_unlock(&ev_lock);
    return c ? ev_ok() : EGL_FALSE;
}

/* Section 3.7.4. */
EGLBoolean EGLAPIENTRY ev_eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute,
                                          EGLint *value)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_context *c = d ? context_get(d, ctx) : NULL;
    EGLint v = 0;
    bool known = true;
    if (c) {
        switch (attribute) {
        case EGL_CONFIG_ID: v = c->config ? c->config->id : 0; break; /* 0: EGL_NO_CONFIG_KHR */
        case EGL_CONTEXT_CLIENT_TYPE: v = EGL_OPENGL_API; break;
        case EGL_CONTEXT_CLIENT_VERSION: v = c->major; break;
        /* section 3.7.4: the buffer rendered to; a window gets the one asked for */
        case EGL_RENDER_BUFFER: v = c->owner && c->draw ? c->draw->render_buffer : EGL_NONE; break;
        default: known = false; break;
        }
    }
    pthread_mutex_unlock(&ev_lock);
    if (!c)
        return EGL_FALSE;
    if (!known)
        return ev_error(EGL_BAD_ATTRIBUTE);
    if (value)
        *value = v;
    return ev_ok();
}

/* ---- current context ---------------------------------------------------------------------------- */

/* Section 2.2: compatible when the colour and ancillary buffers have the
 * same sizes (all colour buffers here are RGBA8).  A context without a
 * config (EGL_KHR_no_config_context) suits every surface. */
static bool compatible(const ev_config *ctx_config, const ev_config *surf_config)
{
    return !ctx_config || (ctx_config->depth_size == surf_config->depth_size &&
                           ctx_config->stencil_size == surf_config->stencil_size);
}

/* Bookkeeping after c stopped being current on this thread (asmgl already
 * has its own framebuffer back): frees what was deleted meanwhile. */
static void detach(ev_context *c)
{
    ev_surface *s = c->draw;
    c->owner = NULL;
    c->draw = c->read = NULL;
    if (s) {
        s->current_ctx = NULL;
        if (s->deleted)
            ev_surface_free(s);
    }
    if (c->deleted)
        ev_context_free(c);
}

/* Section 3.7.3.  asmgl has one default framebuffer per context, so draw
 * and read must be the same surface (EGL_BAD_MATCH otherwise). */
static EGLBoolean make_current_locked(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
                                      EGLContext ctx)
{
    ev_display *d = ev_display_get(dpy, false);
    if (!d)
        return EGL_FALSE;
    if (ctx == EGL_NO_CONTEXT) {
        if (draw != EGL_NO_SURFACE || read != EGL_NO_SURFACE)
            return ev_error(EGL_BAD_MATCH);
        /* releasing works on a terminated display too */
        if (current) {
            asmgl_make_current_surface(NULL, NULL);
            ev_context *old = current;
            current = NULL;
            detach(old);
        }
        return ev_ok();
    }
    if (!d->initialized)
        return ev_error(EGL_NOT_INITIALIZED);
    ev_context *c = context_get(d, ctx);
    if (!c)
        return EGL_FALSE;
    ev_surface *s = NULL;
    if (draw == EGL_NO_SURFACE || read == EGL_NO_SURFACE) {
        if (draw != read) /* one surface without the other */
            return ev_error(EGL_BAD_MATCH);
    } else {
        s = ev_surface_get(d, draw);
        if (!s || !ev_surface_get(d, read))
            return EGL_FALSE;
        if (draw != read || !compatible(c->config, s->config))
            return ev_error(EGL_BAD_MATCH);
    }
    void *me = ev_thread_id();
    if ((c->owner && c->owner != me) || (s && s->current_ctx && s->current_ctx->owner != me))
        return ev_error(EGL_BAD_ACCESS);
    /* a window surface takes its window's size now (not lent to another
     * thread: checked above) */
    if (s && s->type == EGL_WINDOW_BIT && !ev_surface_follow_window(s))
        return ev_error(EGL_BAD_NATIVE_WINDOW);
    if (c == current && s == c->draw)
        return ev_ok();

    if (!asmgl_make_current_surface(c->gl, s ? s->gl : NULL))
        return ev_error(EGL_BAD_ACCESS);
    ev_context *old = current;
    if (old && old != c) {
        detach(old);
    } else if (old == c && c->draw) {
        c->draw->current_ctx = NULL;
        if (c->draw->deleted)
            ev_surface_free(c->draw);
    }
    current = c;
    c->owner = me;
    c->draw = c->read = s;
    if (s)
        s->current_ctx = c;
    if (s && !c->viewport_set) {
        /* the first time with a draw surface, viewport and scissor are
         * set to its size */
        making_current = true; /* the surface's viewport callback: see there */
        ev_gl()->Viewport(0, 0, s->width, s->height);
        making_current = false;
        ev_gl()->Scissor(0, 0, s->width, s->height);
        c->viewport_set = true;
    }
    return ev_ok();
}

EGLBoolean EGLAPIENTRY ev_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
                                         EGLContext ctx)
{
    pthread_mutex_lock(&ev_lock);
    EGLBoolean ok = make_current_locked(dpy, draw, read, ctx);
    pthread_mutex_unlock(&ev_lock);
    return ok;
}

/* ---- waits ------------------------------------------------------------------------------------- */

/* Section 3.8: finishes the current context's rendering; a current surface
 * destroyed meanwhile is EGL_BAD_CURRENT_SURFACE. */
EGLBoolean EGLAPIENTRY ev_eglWaitClient(void)
{
    ev_context *c = current;
    if (!c)
        return ev_ok();
    pthread_mutex_lock(&ev_lock);
    bool gone = c->draw && c->draw->deleted;
    pthread_mutex_unlock(&ev_lock);
    if (gone)
        return ev_error(EGL_BAD_CURRENT_SURFACE);
    ev_gl()->Finish();
    return ev_ok();
}

EGLBoolean EGLAPIENTRY ev_eglWaitGL(void)
{
    return ev_eglWaitClient();
}

/* Section 3.8: there is no native rendering to wait for. */
EGLBoolean EGLAPIENTRY ev_eglWaitNative(EGLint engine)
{
    if (engine != EGL_CORE_NATIVE_ENGINE)
        return ev_error(EGL_BAD_PARAMETER);
    return ev_ok();
}
