/*
 * egl_surface.c - surfaces: pbuffers (an asmgl_surface each), the window
 * and pixmap calls this platform refuses, eglQuerySurface, eglSurfaceAttrib
 * and the swap calls (any thread; ev_lock).
 */
#include "egl_priv.h"

#include <stdlib.h>

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
    free(s);
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
    asmgl_config cfg = {width, height, c->depth_size, c->stencil_size, 0};
    if (s)
        s->gl = asmgl_surface_create(&cfg);
    if (!s || !s->gl) {
        free(s);
        ev_error(EGL_BAD_ALLOC);
        goto out;
    }
    s->dpy = d;
    s->config = c;
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

/* Window and pixmap surfaces: no config has EGL_WINDOW_BIT or
 * EGL_PIXMAP_BIT (section 3.5.1: EGL_BAD_MATCH). */
static EGLSurface refuse_surface(EGLDisplay dpy, EGLConfig config)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (d && ev_config_get(config))
        ev_error(EGL_BAD_MATCH);
    return EGL_NO_SURFACE;
}

EGLSurface EGLAPIENTRY ev_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativeWindowType win, const EGLint *attrib_list)
{
    return refuse_surface(dpy, config);
}

EGLSurface EGLAPIENTRY ev_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativePixmapType pixmap,
                                                 const EGLint *attrib_list)
{
    return refuse_surface(dpy, config);
}

EGLSurface EGLAPIENTRY ev_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_window,
                                                         const EGLAttrib *attrib_list)
{
    return refuse_surface(dpy, config);
}

EGLSurface EGLAPIENTRY ev_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_pixmap,
                                                         const EGLAttrib *attrib_list)
{
    return refuse_surface(dpy, config);
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
        case EGL_RENDER_BUFFER: v = EGL_BACK_BUFFER; break; /* always, for pbuffers */
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
            /* a pbuffer's swap keeps its contents either way */
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

/* Section 3.10.1: swapping a pbuffer has no effect, but when it is the
 * calling thread's current draw surface the context is flushed. */
EGLBoolean EGLAPIENTRY ev_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    pthread_mutex_unlock(&ev_lock);
    if (!s)
        return EGL_FALSE;
    ev_context *c = ev_context_current();
    if (c && c->draw == s)
        ev_gl()->Flush();
    return ev_ok();
}

/* EGL_KHR_swap_buffers_with_damage / EGL_EXT_swap_buffers_with_damage: the
 * damage is a hint; for a pbuffer this is eglSwapBuffers. */
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

/* Section 3.10.3: needs a current context with a surface; pbuffers ignore
 * the interval. */
EGLBoolean EGLAPIENTRY ev_eglSwapInterval(EGLDisplay dpy, EGLint interval)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    ev_context *c = ev_context_current();
    if (!c)
        return ev_error(EGL_BAD_CONTEXT);
    if (!c->draw)
        return ev_error(EGL_BAD_SURFACE);
    return ev_ok();
}

/* Section 3.9.2: there are no native pixmaps on this platform. */
EGLBoolean EGLAPIENTRY ev_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface,
                                         EGLNativePixmapType target)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    ev_surface *s = d ? ev_surface_get(d, surface) : NULL;
    pthread_mutex_unlock(&ev_lock);
    return s ? ev_error(EGL_BAD_NATIVE_PIXMAP) : EGL_FALSE;
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
