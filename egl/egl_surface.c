/*
 * egl_surface.c - surfaces: pbuffers, X11 window and pixmap surfaces (an
 * asmgl_surface each), eglQuerySurface, eglSurfaceAttrib, the swap calls
 * and eglCopyBuffers (any thread; ev_lock).
 *
 * A window surface renders into its asmgl_surface like a pbuffer; its
 * frame goes to the window at eglSwapBuffers (egl_x11.c, winsys), or at
 * every glFlush/glFinish when it was created with EGL_SINGLE_BUFFER.  The
 * surface follows the window's size: at eglMakeCurrent, at glViewport and
 * right after each swap it takes the window's size (EGL 1.5 section
 * 3.10.1.1, the implementation resizing the surface "at the time the
 * native window is resized", as the client sees it).  A pixmap surface is
 * single-buffered: its pixels go to the pixmap at every glFlush/glFinish
 * (and so at eglWaitClient and eglSwapBuffers, which flush).
 */
#include "egl_priv.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

ev_surface *ev_surface_get(ev_display *d, EGLSurface surface)
{
    for (ev_surface *s = d->surfaces; s; s = s->next)
        if ((EGLSurface)s == surface && !s->deleted)
            return s;
    ev_error(EGL_BAD_SURFACE);
    return NULL;
}

void ev_surface_free(ev_surface *s)
{
    for (ev_surface **p = &s->dpy->surfaces; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            break;
        }
    asmgl_surface_destroy(s->gl);
    if (s->presenter)
        ev_x11_presenter_destroy(s->presenter);
    free(s);
}

bool ev_surface_follow_window(ev_surface *s)
{
    EGLint w, h;
    if (!ev_x11_window_size(s->presenter, &w, &h))
        return false;
    /* a failed resize keeps the old size: rendering goes on, clipped */
    if ((w != s->width || h != s->height) && asmgl_surface_resize(s->gl, w, h)) {
        s->width = w;
        s->height = h;
    }
    return true;
}

/* ---- pbuffers --------------------------------------------------------------------------------- */

enum { MAX_PBUFFER_SIZE = 16384 };

/* EGL 1.5 section 3.5.2. */
EGLSurface EGLAPIENTRY ev_eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
                                                  const EGLint *attrib_list)
{
    EGLint width = 0, height = 0, largest = EGL_FALSE;
    EGLint tex_format = EGL_NO_TEXTURE, tex_target = EGL_NO_TEXTURE;
    for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
        switch (a[0]) {
        case EGL_WIDTH: width = a[1]; break;
        case EGL_HEIGHT: height = a[1]; break;
        case EGL_LARGEST_PBUFFER: largest = a[1] != EGL_FALSE; break;
        case EGL_TEXTURE_FORMAT: tex_format = a[1]; break;
        case EGL_TEXTURE_TARGET: tex_target = a[1]; break;
        case EGL_MIPMAP_TEXTURE: break; /* only with a texture format */
        case EGL_GL_COLORSPACE:
            if (a[1] == EGL_GL_COLORSPACE_SRGB) { /* asmgl renders linear RGBA8 */
                ev_error(EGL_BAD_MATCH);
                return EGL_NO_SURFACE;
            }
            if (a[1] != EGL_GL_COLORSPACE_LINEAR) {
                ev_error(EGL_BAD_ATTRIBUTE);
                return EGL_NO_SURFACE;
            }
            break;
        case EGL_VG_ALPHA_FORMAT:
        case EGL_VG_COLORSPACE: break; /* OpenVG only: no effect */
        default:
            ev_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_SURFACE;
        }
    }

    pthread_mutex_lock(&ev_lock);
    EGLSurface result = EGL_NO_SURFACE;
    ev_display *d = ev_display_get(dpy, true);
    const ev_config *c = d ? ev_config_get(config) : NULL;
    if (!c)
        goto out;
    if (width < 0 || height < 0) {
        ev_error(EGL_BAD_PARAMETER);
        goto out;
    }
    if ((tex_format != EGL_NO_TEXTURE && tex_format != EGL_TEXTURE_RGB &&
         tex_format != EGL_TEXTURE_RGBA) ||
        (tex_target != EGL_NO_TEXTURE && tex_target != EGL_TEXTURE_2D)) {
        ev_error(EGL_BAD_ATTRIBUTE);
        goto out;
    }
    /* the configs cannot bind to textures (EGL_BIND_TO_TEXTURE_RGB(A) false) */
    if (tex_format != EGL_NO_TEXTURE || tex_target != EGL_NO_TEXTURE) {
        ev_error(EGL_BAD_MATCH);
        goto out;
    }
    if (width > MAX_PBUFFER_SIZE || height > MAX_PBUFFER_SIZE) {
        if (!largest) {
            ev_error(EGL_BAD_ALLOC);
            goto out;
        }
        width = width > MAX_PBUFFER_SIZE ? MAX_PBUFFER_SIZE : width;
        height = height > MAX_PBUFFER_SIZE ? MAX_PBUFFER_SIZE : height;
    }
    ev_surface *s = calloc(1, sizeof *s);
    asmgl_config cfg = {width, height, c->depth_size, c->stencil_size, c->samples};
    if (s)
        s->gl = asmgl_surface_create(&cfg);
    if (!s || !s->gl) {
        free(s);
        ev_error(EGL_BAD_ALLOC);
        goto out;
    }
    s->dpy = d;
    s->config = c;
    s->type = EGL_PBUFFER_BIT;
    s->render_buffer = EGL_BACK_BUFFER;
    s->width = width;
    s->height = height;
    s->largest = largest ? EGL_TRUE : EGL_FALSE;
    s->swap_behavior = EGL_BUFFER_PRESERVED;
    s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
    s->next = d->surfaces;
    d->surfaces = s;
    result = (EGLSurface)s;
    ev_ok();
out:
    pthread_mutex_unlock(&ev_lock);
    return result;
}

/* ---- window and pixmap surfaces -------------------------------------------------------- */

/* An attribute list of either type: EGLint (eglCreateWindowSurface, the EXT
 * functions) or EGLAttrib (the EGL 1.5 platform functions). */
typedef struct any_attribs {
    const EGLint *ints;
    const EGLAttrib *attribs;
} any_attribs;

static EGLAttrib attrib_at(any_attribs l, size_t i)
{
    return l.ints ? l.ints[i] : l.attribs ? l.attribs[i] : EGL_NONE;
}

/* Presents a single-buffered window's or a pixmap's pixels at glFlush and
 * glFinish (asmgl_surface_set_flush_callback); a drawable gone meanwhile
 * shows nothing, and the next eglSwapBuffers or eglMakeCurrent of a window
 * says so. */
static void present_front(asmgl_surface *gl, void *data)
{
    ev_surface *s = data;
    ev_x11_present(s->presenter, gl);
}

/* A window's size is also followed at glViewport (the surface's viewport
 * callback, on the thread it is lent to), as Mesa's xlib driver does:
 * applications call glViewport when they see a resize, so the frame they
 * draw then already has the new size.  eglMakeCurrent, which has just
 * followed the window and holds ev_lock, sets the first viewport itself. */
static void follow_on_viewport(asmgl_surface *gl, void *data)
{
    (void)gl;
    if (ev_making_current())
        return;
    pthread_mutex_lock(&ev_lock);
    ev_surface_follow_window(data); /* a window gone shows at the swap */
    pthread_mutex_unlock(&ev_lock);
}

/* EGL 1.5 sections 3.5.1 (kind EGL_WINDOW_BIT) and 3.5.4 (EGL_PIXMAP_BIT):
 * a window or pixmap of an X11 display.  native points to its X id
 * (EGL_KHR_platform_x11's native_window / native_pixmap); it is read only
 * once the display is known to have such drawables. */
static EGLSurface create_native(EGLDisplay dpy, EGLConfig config, EGLint kind, const ev_xid *native,
                                any_attribs attribs)
{
    const EGLint bad_native = kind == EGL_WINDOW_BIT ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
    /* pixmaps are single-buffered (Table 3.5) */
    EGLint render_buffer = kind == EGL_WINDOW_BIT ? EGL_BACK_BUFFER : EGL_SINGLE_BUFFER;
    for (size_t i = 0; attrib_at(attribs, i) != EGL_NONE; i += 2) {
        EGLAttrib value = attrib_at(attribs, i + 1);
        switch (attrib_at(attribs, i)) {
        case EGL_RENDER_BUFFER:
            if (kind != EGL_WINDOW_BIT || (value != EGL_BACK_BUFFER && value != EGL_SINGLE_BUFFER)) {
                ev_error(EGL_BAD_ATTRIBUTE);
                return EGL_NO_SURFACE;
            }
            render_buffer = (EGLint)value;
            break;
        case EGL_GL_COLORSPACE:
            if (value == EGL_GL_COLORSPACE_SRGB) { /* asmgl renders linear RGBA8 */
                ev_error(EGL_BAD_MATCH);
                return EGL_NO_SURFACE;
            }
            if (value != EGL_GL_COLORSPACE_LINEAR) {
                ev_error(EGL_BAD_ATTRIBUTE);
                return EGL_NO_SURFACE;
            }
            break;
        case EGL_VG_ALPHA_FORMAT:
        case EGL_VG_COLORSPACE: break; /* OpenVG only: no effect */
        default:
            ev_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_SURFACE;
        }
    }

    pthread_mutex_lock(&ev_lock);
    EGLSurface result = EGL_NO_SURFACE;
    ev_display *d = ev_display_get(dpy, true);
    if (d && d->platform != EV_PLATFORM_X11) {
        /* EGL_MESA_platform_surfaceless and EGL_EXT_platform_device: there
         * are no native windows or pixmaps, so whatever the config the
         * native handle is invalid */
        ev_error(bad_native);
        goto out;
    }
    const ev_config *c = d ? ev_config_get(config) : NULL;
    EGLint type = 0;
    if (!c)
        goto out;
    ev_config_attrib(d, c, EGL_SURFACE_TYPE, &type);
    if (!(type & kind)) {
        /* an X screen without an RGBA8 visual */
        ev_error(EGL_BAD_MATCH);
        goto out;
    }
    if (!native) {
        ev_error(bad_native);
        goto out;
    }
    ev_xid id = *native;
    /* one EGLSurface per window or pixmap (EGL_BAD_ALLOC) */
    for (ev_surface *t = d->surfaces; t; t = t->next)
        if (t->type == kind && t->window == id && !t->deleted) {
            ev_error(EGL_BAD_ALLOC);
            goto out;
        }
    struct ws_x11_drawable *presenter = NULL;
    EGLint width = 0, height = 0; /* a window's comes from ev_surface_follow_window */
    EGLint err = kind == EGL_WINDOW_BIT ? ev_x11_window_check(d, id, &presenter)
                                        : ev_x11_pixmap_check(d, id, &presenter, &width, &height);
    if (err != EGL_SUCCESS) {
        ev_error(err);
        goto out;
    }
    ev_surface *s = calloc(1, sizeof *s);
    asmgl_config cfg = {width, height, c->depth_size, c->stencil_size, c->samples};
    if (s)
        s->gl = asmgl_surface_create(&cfg);
    if (!s || !s->gl) {
        free(s);
        ev_x11_presenter_destroy(presenter);
        ev_error(EGL_BAD_ALLOC);
        goto out;
    }
    s->dpy = d;
    s->config = c;
    s->type = kind;
    s->window = id;
    s->presenter = presenter;
    s->width = width;
    s->height = height;
    s->render_buffer = render_buffer;
    s->swap_behavior = EGL_BUFFER_DESTROYED;
    s->multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT;
    s->swap_interval = 1; /* section 3.10.3: the initial interval */
    if (kind == EGL_WINDOW_BIT && !ev_surface_follow_window(s)) {
        ev_surface_free(s);
        ev_error(EGL_BAD_NATIVE_WINDOW);
        goto out;
    }
    if (render_buffer == EGL_SINGLE_BUFFER)
        asmgl_surface_set_flush_callback(s->gl, present_front, s);
    if (kind == EGL_WINDOW_BIT)
        asmgl_surface_set_viewport_callback(s->gl, follow_on_viewport, s);
    s->next = d->surfaces;
    d->surfaces = s;
    result = (EGLSurface)s;
    ev_ok();
out:
    pthread_mutex_unlock(&ev_lock);
    return result;
}

EGLSurface EGLAPIENTRY ev_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativeWindowType win, const EGLint *attrib_list)
{
    any_attribs l = {attrib_list, NULL};
    ev_xid window = (ev_xid)win;
    return create_native(dpy, config, EGL_WINDOW_BIT, &window, l);
}

/* EGL_KHR_platform_x11: native_window points to an X11 Window. */
EGLSurface EGLAPIENTRY ev_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_window,
                                                         const EGLAttrib *attrib_list)
{
    any_attribs l = {NULL, attrib_list};
    return create_native(dpy, config, EGL_WINDOW_BIT, native_window, l);
}

EGLSurface EGLAPIENTRY ev_eglCreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                                            void *native_window,
                                                            const EGLint *attrib_list)
{
    any_attribs l = {attrib_list, NULL};
    return create_native(dpy, config, EGL_WINDOW_BIT, native_window, l);
}

EGLSurface EGLAPIENTRY ev_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativePixmapType pixmap,
                                                 const EGLint *attrib_list)
{
    any_attribs l = {attrib_list, NULL};
    ev_xid id = (ev_xid)pixmap;
    return create_native(dpy, config, EGL_PIXMAP_BIT, &id, l);
}

/* EGL_KHR_platform_x11: native_pixmap points to an X11 Pixmap. */
EGLSurface EGLAPIENTRY ev_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_pixmap,
                                                         const EGLAttrib *attrib_list)
{
    any_attribs l = {NULL, attrib_list};
    return create_native(dpy, config, EGL_PIXMAP_BIT, native_pixmap, l);
}

EGLSurface EGLAPIENTRY ev_eglCreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                                            void *native_pixmap,
                                                            const EGLint *attrib_list)
{
    any_attribs l = {attrib_list, NULL};
    return create_native(dpy, config, EGL_PIXMAP_BIT, native_pixmap, l);
}

/* Section 3.5.3: the only client buffer type, EGL_OPENVG_IMAGE, is not
 * supported. */
EGLSurface EGLAPIENTRY ev_eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
                                                           EGLClientBuffer buffer, EGLConfig config,
                                                           const EGLint *attrib_list)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (d)
        ev_error(EGL_BAD_PARAMETER);
    return EGL_NO_SURFACE;
}

/* Section 3.5.5: a surface current to a context is freed when it is no
 * longer current. */
EGLBoolean EGLAPIENTRY ev_eglDestroySurface(EGLDisplay dpy, EGLSurface surface)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    if (s) {
        if (s->current_ctx)
            s->deleted = true;
        else
            ev_surface_free(s);
    }
    pthread_mutex_unlock(&ev_lock);
    return s ? ev_ok() : EGL_FALSE;
}

/* ---- attributes ---------------------------------------------------------------------------- */

/* Section 3.5.6, Table 3.5. */
EGLBoolean EGLAPIENTRY ev_eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
                                          EGLint *value)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    EGLint v = 0;
    bool known = true;
    if (s) {
        switch (attribute) {
        case EGL_CONFIG_ID: v = s->config->id; break;
        case EGL_WIDTH: v = s->width; break;
        case EGL_HEIGHT: v = s->height; break;
        case EGL_LARGEST_PBUFFER: v = s->largest; break;
        case EGL_TEXTURE_FORMAT:
        case EGL_TEXTURE_TARGET: v = EGL_NO_TEXTURE; break;
        case EGL_MIPMAP_TEXTURE: v = EGL_FALSE; break;
        case EGL_MIPMAP_LEVEL: v = s->mipmap_level; break;
        case EGL_RENDER_BUFFER: v = s->render_buffer; break; /* as requested */
        case EGL_SWAP_BEHAVIOR: v = s->swap_behavior; break;
        case EGL_MULTISAMPLE_RESOLVE: v = s->multisample_resolve; break;
        case EGL_HORIZONTAL_RESOLUTION:
        case EGL_VERTICAL_RESOLUTION:
        case EGL_PIXEL_ASPECT_RATIO: v = EGL_UNKNOWN; break;
        case EGL_GL_COLORSPACE: v = EGL_GL_COLORSPACE_LINEAR; break;
        case EGL_VG_ALPHA_FORMAT: v = EGL_VG_ALPHA_FORMAT_NONPRE; break;
        case EGL_VG_COLORSPACE: v = EGL_VG_COLORSPACE_sRGB; break;
        default: known = false; break;
        }
    }
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    if (!known)
        return ev_error(EGL_BAD_ATTRIBUTE);
    if (value)
        *value = v;
    return ev_ok();
}

/* Section 3.5.6. */
EGLBoolean EGLAPIENTRY ev_eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
                                           EGLint value)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    EGLint err = EGL_SUCCESS;
    if (s) {
        switch (attribute) {
        case EGL_MIPMAP_LEVEL:
            s->mipmap_level = value; /* no effect: not a texture */
            break;
        case EGL_SWAP_BEHAVIOR:
            /* every config has EGL_SWAP_BEHAVIOR_PRESERVED_BIT: the colour
             * buffer is only read at a swap, so it keeps its contents
             * either way */
            if (value == EGL_BUFFER_PRESERVED || value == EGL_BUFFER_DESTROYED)
                s->swap_behavior = value;
            else
                err = EGL_BAD_PARAMETER;
            break;
        case EGL_MULTISAMPLE_RESOLVE:
            if (value == EGL_MULTISAMPLE_RESOLVE_DEFAULT)
                s->multisample_resolve = value;
            else if (value == EGL_MULTISAMPLE_RESOLVE_BOX)
                err = EGL_BAD_MATCH; /* no config has EGL_MULTISAMPLE_RESOLVE_BOX_BIT */
            else
                err = EGL_BAD_PARAMETER;
            break;
        default:
            err = EGL_BAD_ATTRIBUTE;
            break;
        }
    }
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    return err == EGL_SUCCESS ? ev_ok() : ev_error(err);
}

/* ---- swap --------------------------------------------------------------------------------------- */

enum { FRAME_NS = 16666667 }; /* a frame period: 1/60 s */

static uint64_t now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void sleep_until_ns(uint64_t when)
{
    struct timespec t = {(time_t)(when / 1000000000u), (long)(when % 1000000000u)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) == EINTR)
        ;
}

/* Sections 3.10.1, 3.10.3 and 3.10.4.  The surface must be the calling
 * thread's current draw surface (EGL_BAD_SURFACE otherwise); the context is
 * flushed.  A back-buffered window's frame is then copied to the window
 * (EGL_BAD_NATIVE_WINDOW when the window is gone), no sooner than
 * swap_interval frame periods of 1/60 s after the previous one (X has no
 * vertical blank to wait for; the GLX vendor paces the same way); a pbuffer,
 * pixmap or single-buffered window (shown at the flush already) has nothing
 * more to do.  After the copy the surface takes the window's size for the
 * next frame. */
EGLBoolean EGLAPIENTRY ev_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    /* s is current on this thread, so no other thread frees, resizes or
     * paces it */
    ev_context *c = ev_context_current();
    if (!c || c->draw != s)
        return ev_error(EGL_BAD_SURFACE);
    ev_gl()->Flush();
    if (s->type != EGL_WINDOW_BIT)
        return ev_ok();
    if (s->render_buffer == EGL_BACK_BUFFER) {
        if (s->swap_interval > 0 && s->last_swap_ns)
            sleep_until_ns(s->last_swap_ns + (uint64_t)s->swap_interval * FRAME_NS);
        bool shown = ev_x11_present(s->presenter, s->gl);
        s->last_swap_ns = now_ns();
        if (!shown)
            return ev_error(EGL_BAD_NATIVE_WINDOW);
    }
    pthread_mutex_lock(&ev_lock);
    bool alive = ev_surface_follow_window(s);
    pthread_mutex_unlock(&ev_lock);
    return alive ? ev_ok() : ev_error(EGL_BAD_NATIVE_WINDOW);
}

/* EGL_KHR_swap_buffers_with_damage / EGL_EXT_swap_buffers_with_damage: the
 * damage is a hint; the whole frame is posted, as eglSwapBuffers does. */
EGLBoolean EGLAPIENTRY ev_eglSwapBuffersWithDamage(EGLDisplay dpy, EGLSurface surface,
                                                   const EGLint *rects, EGLint n_rects)
{
    if (n_rects < 0 || (n_rects > 0 && !rects)) {
        pthread_mutex_lock(&ev_lock);
        ev_display *d = ev_display_get(dpy, true);
        ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
        pthread_mutex_unlock(&ev_lock);
        return s ? ev_error(EGL_BAD_PARAMETER) : EGL_FALSE;
    }
    return ev_eglSwapBuffers(dpy, surface);
}

/* Section 3.10.3: needs a current context with a draw surface; the
 * interval is clamped to [EGL_MIN_SWAP_INTERVAL, EGL_MAX_SWAP_INTERVAL]
 * and kept with the surface, for its next swaps (eglSwapBuffers paces a
 * back-buffered window by it); other surfaces ignore it. */
EGLBoolean EGLAPIENTRY ev_eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_context *c = d ? ev_context_current() : NULL;
    EGLint err = !d ? EGL_BAD_DISPLAY : !c ? EGL_BAD_CONTEXT : !c->draw ? EGL_BAD_SURFACE : EGL_SUCCESS;
    if (err == EGL_SUCCESS)
        c->draw->swap_interval = interval < 0 ? 0 : interval > EV_MAX_SWAP_INTERVAL ? EV_MAX_SWAP_INTERVAL
                                                                                  : interval;
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE; /* the error is recorded */
    return err == EGL_SUCCESS ? ev_ok() : ev_error(err);
}

/* Sections 3.10.2 and 3.10.4: copies the colour buffer of surface (the
 * calling thread's current draw surface, EGL_BAD_SURFACE otherwise) into
 * the pixmap `target` of the same size (EGL_BAD_MATCH otherwise).  Only
 * X11 displays have native pixmaps (EGL_BAD_NATIVE_PIXMAP elsewhere). */
EGLBoolean EGLAPIENTRY ev_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface,
                                         EGLNativePixmapType target)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    if (d->platform != EV_PLATFORM_X11)
        return ev_error(EGL_BAD_NATIVE_PIXMAP);
    /* s is current on this thread, so no other thread frees or resizes it */
    ev_context *c = ev_context_current();
    if (!c || c->draw != s)
        return ev_error(EGL_BAD_SURFACE);
    struct ws_x11_drawable *presenter = NULL;
    EGLint width = 0, height = 0;
    EGLint err = ev_x11_pixmap_check(d, (ev_xid)target, &presenter, &width, &height);
    if (err == EGL_SUCCESS && (width != s->width || height != s->height))
        err = EGL_BAD_MATCH;
    if (err == EGL_SUCCESS) {
        ev_gl()->Flush(); /* the implicit flush of section 3.10.3 */
        if (!ev_x11_present(presenter, s->gl))
            err = EGL_BAD_NATIVE_PIXMAP;
    }
    ev_x11_presenter_destroy(presenter);
    return err == EGL_SUCCESS ? ev_ok() : ev_error(err);
}

/* Section 3.6.1: the surfaces have EGL_TEXTURE_FORMAT EGL_NO_TEXTURE. */
static EGLBoolean tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    if (buffer != EGL_BACK_BUFFER)
        return ev_error(EGL_BAD_PARAMETER);
    return ev_error(EGL_BAD_MATCH);
}

EGLBoolean EGLAPIENTRY ev_eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
    return tex_image(dpy, surface, buffer);
}

EGLBoolean EGLAPIENTRY ev_eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
    return tex_image(dpy, surface, buffer);
}
