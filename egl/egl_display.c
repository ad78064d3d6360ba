/*
 * egl_display.c - the display: eglInitialize, eglTerminate, eglQueryString,
 * handle look-ups, and the GL version asmgl reports (any thread; ev_lock).
 */
#include "egl_priv.h"

#include <string.h>

/* The surfaceless display (also the default display) and the device's are
 * static; X11 displays are allocated by egl_x11.c and linked in here. */
static ev_display surfaceless_display = {.platform = EV_PLATFORM_SURFACELESS};
static ev_display device_display = {.platform = EV_PLATFORM_DEVICE, .next = &surfaceless_display};
static ev_display *displays = &device_display;

ev_display *ev_display_surfaceless(void)
{
    return &surfaceless_display;
}

ev_display *ev_display_device(void)
{
    return &device_display;
}

void ev_display_add(ev_display *d)
{
    d->next = displays;
    displays = d;
}

ev_display *ev_display_list(void)
{
    return displays;
}

ev_display *ev_display_get(EGLDisplay dpy, bool need_init)
{
    ev_display *d = displays;
    while (d && (EGLDisplay)d != dpy)
        d = d->next;
    if (!d) {
        ev_error(EGL_BAD_DISPLAY);
        return NULL;
    }
    if (need_init && !d->initialized) {
        ev_error(EGL_NOT_INITIALIZED);
        return NULL;
    }
    return d;
}

/* ---- the GL version -------------------------------------------------------------------- */

int ev_gl_version(void)
{
    return asmgl_gl_version();
}

/* ---- initialize, terminate ----------------------------------------------------------------- */

/* EGL 1.5 section 3.2: initializing an initialized display only returns
 * the version. */
EGLBoolean EGLAPIENTRY ev_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, false);
    if (d)
        d->initialized = true;
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    if (major)
        *major = 1;
    if (minor)
        *minor = 5;
    return ev_ok();
}

/* EGL 1.5 section 3.2: every surface and context is marked for deletion;
 * those current to some thread live until released there. */
EGLBoolean EGLAPIENTRY ev_eglTerminate(EGLDisplay dpy)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, false);
    if (d) {
        for (ev_context *c = d->contexts, *next; c; c = next) {
            next = c->next;
            if (c->owner)
                c->deleted = true;
            else
                ev_context_free(c);
        }
        for (ev_surface *s = d->surfaces, *next; s; s = next) {
            next = s->next;
            if (s->current_ctx)
                s->deleted = true;
            else
                ev_surface_free(s);
        }
        d->initialized = false;
    }
    pthread_mutex_unlock(&ev_lock);
    return d ? ev_ok() : EGL_FALSE;
}

/* ---- strings -------------------------------------------------------------------------------- */

/* For EGL_NO_DISPLAY: client extensions (libEGL merges them with its own
 * and keeps those it knows; the platform one also comes through
 * getVendorString, see egl_main.c). */
static const char client_extensions[] =
    "EGL_EXT_client_extensions EGL_EXT_device_base EGL_EXT_device_enumeration "
    "EGL_EXT_device_query EGL_EXT_platform_base EGL_EXT_platform_device EGL_EXT_platform_x11 "
    "EGL_KHR_client_get_all_proc_addresses EGL_KHR_platform_x11 EGL_MESA_platform_surfaceless";

static const char display_extensions[] =
    "EGL_EXT_swap_buffers_with_damage EGL_KHR_create_context EGL_KHR_get_all_proc_addresses "
    "EGL_KHR_no_config_context EGL_KHR_surfaceless_context EGL_KHR_swap_buffers_with_damage";

const char *EGLAPIENTRY ev_eglQueryString(EGLDisplay dpy, EGLint name)
{
    if (dpy == EGL_NO_DISPLAY) {
        /* EGL_EXT_client_extensions; EGL 1.5 allows EGL_VERSION too */
        if (name == EGL_EXTENSIONS) {
            ev_ok();
            return client_extensions;
        }
        if (name == EGL_VERSION) {
            ev_ok();
            return EV_EGL_VERSION_STRING;
        }
        ev_error(EGL_BAD_DISPLAY);
        return NULL;
    }
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return NULL;
    const char *s = NULL;
    switch (name) {
    case EGL_CLIENT_APIS:
        s = "OpenGL";
        break;
    case EGL_EXTENSIONS:
        s = display_extensions;
        break;
    case EGL_VENDOR:
        s = EV_VENDOR_STRING;
        break;
    case EGL_VERSION:
        s = EV_EGL_VERSION_STRING;
        break;
    default:
        ev_error(EGL_BAD_PARAMETER);
        return NULL;
    }
    ev_ok();
    return s;
}

/* EGL 1.5 section 3.11: releases the thread's current context (and, in
 * libEGL, its per-thread state).  Always succeeds. */
EGLBoolean EGLAPIENTRY ev_eglReleaseThread(void)
{
    /* the current context cannot be freed by another thread (deferred
     * deletion), so reading it needs no lock */
    ev_context *c = ev_context_current();
    if (c)
        ev_eglMakeCurrent((EGLDisplay)c->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    return ev_ok();
}
