/*
 * glx_drawable.c - GLX drawables: windows (plain X windows made current,
 * and GLXWindows), GLXPixmaps, GLXPbuffers; glXSwapBuffers, swap control
 * and the drawable queries (any thread; gv_lock).
 *
 * Every drawable owns an asmgl_surface of its config's depth, stencil and
 * samples (a multisampled one is resolved when presented).
 * Windows and pixmaps also own a winsys presenter: glXSwapBuffers presents
 * a double-buffered window; single-buffered windows and all pixmaps are
 * presented from the surface's flush callback (glFlush, glFinish,
 * glXWaitGL, and the implicit flush of glXSwapBuffers and MakeCurrent).
 *
 * A window's surface follows the window's size at MakeCurrent, after each
 * swap, and at glViewport (the surface's viewport callback), as Mesa's
 * xlib driver does.
 *
 * Swap control (GLX_EXT_swap_control, GLX_MESA_swap_control,
 * GLX_SGI_swap_control): a drawable with interval n > 0 presents no sooner
 * than n frame periods of 1/60 s after its previous swap (there is no
 * vertical blank to wait for); 0 presents at once.  The default is 1, as
 * GLX_EXT_swap_control says.
 */
#include "glx_priv.h"

#include <X11/Xlibint.h>
#include <GL/glxproto.h>

#include <errno.h>
#include <stdlib.h>
#include <time.h>

#define GV_FRAME_NS 16666667ull /* 1/60 s */
#define GV_MAX_SWAP_INTERVAL 1000
#define GV_MAX_PBUFFER_SIZE 16384

static gv_drawable *drawables;

/* ---- look-up, creation, destruction ------------------------------------------------------ */

gv_drawable *gv_drawable_find(Display *dpy, GLXDrawable id)
{
    if (!dpy || id == None)
        return NULL;
    for (gv_drawable *d = drawables; d; d = d->next)
        if (d->dpy == dpy && d->id == id && !d->deleted)
            return d;
    return NULL;
}

/* Presents a single-buffered window or a pixmap at glFlush/glFinish (a
 * thread the surface is lent on; no gv_lock, which MakeCurrent may hold
 * around its flush: d cannot be freed while it is current, and
 * present_lock keeps the presenter to one thread at a time). */
static void present_on_flush(asmgl_surface *s, void *data)
{
    gv_drawable *d = data;
    pthread_mutex_lock(&d->present_lock);
    if (d->ws)
        ws_x11_present(d->ws, s);
    pthread_mutex_unlock(&d->present_lock);
}

/* Follows a window's size at glViewport (the thread the surface is lent
 * on; no gv_lock, which MakeCurrent may hold around its own glViewport). */
static void resize_on_viewport(asmgl_surface *s, void *data)
{
    gv_drawable *d = data;
    int w, h;
    if (d->ws && ws_x11_drawable_size(d->ws, &w, &h) && (w != d->width || h != d->height) &&
        asmgl_surface_resize(s, w, h)) {
        d->width = w;
        d->height = h;
    }
}

/* A drawable of config c over x_drawable (None for a pbuffer) of w x h,
 * linked in; NULL on failure (ws already made is taken over). */
static gv_drawable *drawable_new(Display *dpy, GLXDrawable id, Drawable x_drawable,
                                 enum gv_drawable_kind kind, const gv_config *c, ws_x11_drawable *ws,
                                 int w, int h)
{
    gv_drawable *d = calloc(1, sizeof *d);
    asmgl_config cfg = {.width = w, .height = h, .depth_bits = c->depth_size,
                        .stencil_bits = c->stencil_size, .samples = c->samples};
    asmgl_surface *s = d ? asmgl_surface_create(&cfg) : NULL;
    if (!s || pthread_mutex_init(&d->present_lock, NULL) != 0) {
        asmgl_surface_destroy(s);
        free(d);
        ws_x11_drawable_destroy(ws);
        return NULL;
    }
    /* GLX 1.4 section 3.3.7: current to several contexts (threads) at once */
    asmgl_surface_set_shared(s, 1);
    d->dpy = dpy;
    d->id = id;
    d->x_drawable = x_drawable;
    d->kind = kind;
    d->config = c;
    d->surface = s;
    d->ws = ws;
    d->width = w;
    d->height = h;
    d->swap_interval = 1;
    if (ws && (kind == GV_PIXMAP || !c->doublebuffer))
        asmgl_surface_set_flush_callback(s, present_on_flush, d);
    if (ws && kind == GV_WINDOW)
        asmgl_surface_set_viewport_callback(s, resize_on_viewport, d);
    d->next = drawables;
    drawables = d;
    return d;
}

/* Frees d, unlinked already. */
static void drawable_destroy(gv_drawable *d)
{
    asmgl_surface_destroy(d->surface);
    ws_x11_drawable_destroy(d->ws);
    pthread_mutex_destroy(&d->present_lock);
    free(d);
}

void gv_drawable_free(gv_drawable *d)
{
    for (gv_drawable **p = &drawables; *p; p = &(*p)->next)
        if (*p == d) {
            *p = d->next;
            break;
        }
    drawable_destroy(d);
}

void gv_drawables_display_closed(Display *dpy)
{
    gv_drawable **p = &drawables;
    while (*p) {
        gv_drawable *d = *p;
        if (d->dpy != dpy) {
            p = &d->next;
            continue;
        }
        if (d->current_count == 0) {
            *p = d->next;
            drawable_destroy(d);
            continue;
        }
        /* still current somewhere (an application bug): it loses its
         * window now and is freed at release */
        pthread_mutex_lock(&d->present_lock);
        ws_x11_drawable_destroy(d->ws);
        d->ws = NULL;
        pthread_mutex_unlock(&d->present_lock);
        d->deleted = true;
        p = &d->next;
    }
}

static XID alloc_xid(Display *dpy)
{
    LockDisplay(dpy);
    XID id = XAllocID(dpy);
    UnlockDisplay(dpy);
    return id;
}

/* A drawable over an X window or pixmap; on failure the X error of the
 * request is sent and NULL returned. */
static gv_drawable *drawable_over_x(Display *dpy, GLXDrawable id, Drawable x,
                                    enum gv_drawable_kind kind, const gv_config *c, int minor)
{
    ws_x11_drawable *ws = ws_x11_drawable_create(dpy, x);
    int w = 0, h = 0;
    if (!ws || !ws_x11_drawable_size(ws, &w, &h)) {
        ws_x11_drawable_destroy(ws);
        /* gone, or not 24/32-bit TrueColor: GLX 1.4 section 3.3.5 */
        gv_x_error(dpy, kind == GV_WINDOW ? BadWindow : BadPixmap, x, minor);
        return NULL;
    }
    gv_drawable *d = drawable_new(dpy, id, x, kind, c, ws, w, h);
    if (!d)
        gv_x_error(dpy, BadAlloc, x, minor);
    return d;
}

/* Frees the implicit drawables of dpy, current nowhere, whose windows are
 * gone: GLX hears nothing of XDestroyWindow, so a program that makes many
 * short-lived windows current would otherwise keep all their buffers. */
static void sweep_implicit(Display *dpy)
{
    gv_drawable **p = &drawables;
    while (*p) {
        gv_drawable *d = *p;
        if (d->dpy == dpy && d->implicit && d->current_count == 0 &&
            !ws_x11_window_info(dpy, d->x_drawable, NULL, NULL)) {
            *p = d->next;
            drawable_destroy(d);
        } else {
            p = &d->next;
        }
    }
}

gv_drawable *gv_drawable_for_current(Display *dpy, GLXDrawable id, const gv_config *cfg,
                                     int *error)
{
    gv_drawable *d = gv_drawable_find(dpy, id);
    if (d)
        return d;
    sweep_implicit(dpy);
    int screen;
    VisualID visual;
    if (!ws_x11_window_info(dpy, id, &screen, &visual)) {
        *error = GLXBadDrawable;
        return NULL;
    }
    /* the window's visual's config; the context's own where it shares
     * that visual (a server with few visuals, glx_config.c) */
    const gv_config *c = gv_config_from_visual_id(dpy, screen, visual);
    if (!c || (cfg && cfg->screen == c->screen && cfg->visual == visual))
        c = cfg;
    if (!c) {
        *error = 256 + BadMatch; /* a window whose visual has no config */
        return NULL;
    }
    ws_x11_drawable *ws = ws_x11_drawable_create(dpy, id);
    int w = 0, h = 0;
    if (!ws || !ws_x11_drawable_size(ws, &w, &h)) {
        ws_x11_drawable_destroy(ws);
        *error = 256 + BadMatch;
        return NULL;
    }
    d = drawable_new(dpy, id, id, GV_WINDOW, c, ws, w, h);
    if (!d) {
        *error = 256 + BadAlloc;
        return NULL;
    }
    d->implicit = true;
    return d;
}

void gv_drawable_track_size(gv_drawable *d)
{
    int w, h;
    if (d->kind == GV_PBUFFER || !d->ws || !ws_x11_drawable_size(d->ws, &w, &h))
        return;
    if ((w != d->width || h != d->height) && asmgl_surface_resize(d->surface, w, h)) {
        d->width = w;
        d->height = h;
    }
}

/* ---- windows ----------------------------------------------------------------------------- */

/* attrib_list of glXCreateWindow and glXCreatePixmap is "reserved for
 * future use" (GLX 1.4 sections 3.3.4, 3.3.5): ignored, as Mesa does. */
GLXWindow gv_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attrib_list)
{
    GLXWindow result = None;
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    int screen;
    VisualID visual;
    if (!c) {
        gv_glx_error(dpy, GLXBadFBConfig, 0, X_GLXCreateWindow);
    } else if (!ws_x11_window_info(dpy, win, &screen, &visual)) {
        gv_x_error(dpy, BadWindow, win, X_GLXCreateWindow);
    } else if (screen != c->screen->screen || !(c->visual)) {
        gv_x_error(dpy, BadMatch, win, X_GLXCreateWindow);
    } else {
        for (gv_drawable *d = drawables; d; d = d->next)
            if (d->dpy == dpy && d->x_drawable == win && !d->implicit && !d->deleted) {
                /* GLX 1.4 section 3.3.5: one GLXWindow per window */
                gv_x_error(dpy, BadAlloc, win, X_GLXCreateWindow);
                goto out;
            }
        XID id = alloc_xid(dpy);
        if (drawable_over_x(dpy, id, win, GV_WINDOW, c, X_GLXCreateWindow))
            result = id;
    }
out:
    pthread_mutex_unlock(&gv_lock);
    return result;
}

/* Destroys the drawable of kind `kind` that id names (GLX 1.4 section 3.3.5
 * and on): freed now, or at release when current somewhere.  Either
 * pixmap destructor takes either constructor's pixmaps, as Mesa's do. */
static void destroy_drawable(Display *dpy, GLXDrawable id, enum gv_drawable_kind kind,
                             int glx_error, int minor)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = gv_drawable_find(dpy, id);
    if (!d || d->implicit || d->kind != kind) {
        gv_glx_error(dpy, glx_error, id, minor);
    } else if (kind == GV_WINDOW && !ws_x11_window_info(dpy, d->x_drawable, NULL, NULL)) {
        /* the X window went first: the GLXWindow went with it (GLX 1.4
         * section 3.3.5), so its handle is bad now */
        gv_glx_error(dpy, glx_error, id, minor);
        if (d->current_count > 0)
            d->deleted = true;
        else
            gv_drawable_free(d);
    } else if (d->current_count > 0) {
        d->deleted = true;
    } else {
        gv_drawable_free(d);
    }
    pthread_mutex_unlock(&gv_lock);
}

void gv_glXDestroyWindow(Display *dpy, GLXWindow win)
{
    destroy_drawable(dpy, win, GV_WINDOW, GLXBadWindow, X_GLXDestroyWindow);
}

/* ---- pixmaps ------------------------------------------------------------------------------ */

static GLXPixmap create_pixmap(Display *dpy, const gv_config *c, Pixmap pixmap, int minor)
{
    XID id = alloc_xid(dpy);
    return drawable_over_x(dpy, id, pixmap, GV_PIXMAP, c, minor) ? id : None;
}

GLXPixmap gv_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap, const int *attrib_list)
{
    GLXPixmap result = None;
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    if (!c)
        gv_glx_error(dpy, GLXBadFBConfig, 0, X_GLXCreatePixmap);
    else
        result = create_pixmap(dpy, c, pixmap, X_GLXCreatePixmap);
    pthread_mutex_unlock(&gv_lock);
    return result;
}

GLXPixmap gv_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap)
{
    GLXPixmap result = None;
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_from_visual(dpy, vis);
    if (!c)
        gv_x_error(dpy, BadMatch, pixmap, X_GLXCreateGLXPixmap); /* GLX 1.4 section 3.4 */
    else
        result = create_pixmap(dpy, c, pixmap, X_GLXCreateGLXPixmap);
    pthread_mutex_unlock(&gv_lock);
    return result;
}

void gv_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap)
{
    destroy_drawable(dpy, pixmap, GV_PIXMAP, GLXBadPixmap, X_GLXDestroyPixmap);
}

void gv_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pix)
{
    destroy_drawable(dpy, pix, GV_PIXMAP, GLXBadPixmap, X_GLXDestroyGLXPixmap);
}

/* ---- pbuffers ----------------------------------------------------------------------------- */

GLXPbuffer gv_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attrib_list)
{
    int w = 0, h = 0;
    bool largest = false, preserved = true;
    for (const int *a = attrib_list; a && a[0] != None; a += 2) {
        switch (a[0]) {
        case GLX_PBUFFER_WIDTH: w = a[1]; break;
        case GLX_PBUFFER_HEIGHT: h = a[1]; break;
        case GLX_LARGEST_PBUFFER: largest = a[1] != 0; break;
        case GLX_PRESERVED_CONTENTS: preserved = a[1] != 0; break;
        default:
            gv_x_error(dpy, BadValue, 0, X_GLXCreatePbuffer);
            return None;
        }
    }
    if (w < 0 || h < 0) {
        gv_x_error(dpy, BadValue, 0, X_GLXCreatePbuffer);
        return None;
    }
    if (w > GV_MAX_PBUFFER_SIZE || h > GV_MAX_PBUFFER_SIZE) {
        /* GLX 1.4 section 3.3.6: the largest available with
         * GLX_LARGEST_PBUFFER, else BadAlloc */
        if (!largest) {
            gv_x_error(dpy, BadAlloc, 0, X_GLXCreatePbuffer);
            return None;
        }
        w = w > GV_MAX_PBUFFER_SIZE ? GV_MAX_PBUFFER_SIZE : w;
        h = h > GV_MAX_PBUFFER_SIZE ? GV_MAX_PBUFFER_SIZE : h;
    }
    GLXPbuffer result = None;
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    if (!c) {
        gv_glx_error(dpy, GLXBadFBConfig, 0, X_GLXCreatePbuffer);
    } else {
        XID id = alloc_xid(dpy);
        gv_drawable *d = drawable_new(dpy, id, None, GV_PBUFFER, c, NULL, w, h);
        if (d) {
            d->largest = largest;
            d->preserved = preserved;
            result = id;
        } else {
            gv_x_error(dpy, BadAlloc, 0, X_GLXCreatePbuffer);
        }
    }
    pthread_mutex_unlock(&gv_lock);
    return result;
}

void gv_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuf)
{
    destroy_drawable(dpy, pbuf, GV_PBUFFER, GLXBadPbuffer, X_GLXDestroyPbuffer);
}

/* ---- queries and events ------------------------------------------------------------------- */

/* The drawable for a query on id (a plain window counts, GLX 1.4 section
 * 3.3.6), or NULL after a GLXBadDrawable error. */
static gv_drawable *drawable_for_query(Display *dpy, GLXDrawable id, int minor)
{
    int error = 0;
    gv_drawable *d = gv_drawable_for_current(dpy, id, NULL, &error);
    if (!d)
        gv_glx_error(dpy, GLXBadDrawable, id, minor);
    return d;
}

void gv_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value)
{
    if (!value)
        return;
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = drawable_for_query(dpy, draw, X_GLXGetDrawableAttributes);
    if (d) {
        int w = d->width, h = d->height;
        if (d->ws)
            ws_x11_drawable_size(d->ws, &w, &h); /* the window's size now */
        switch (attribute) {
        case GLX_WIDTH: *value = (unsigned)w; break;
        case GLX_HEIGHT: *value = (unsigned)h; break;
        case GLX_PRESERVED_CONTENTS: *value = d->kind != GV_PBUFFER || d->preserved; break;
        case GLX_LARGEST_PBUFFER: *value = d->largest; break;
        case GLX_FBCONFIG_ID: *value = (unsigned)d->config->id; break;
        case GLX_EVENT_MASK: *value = (unsigned)d->event_mask; break;
        case GLX_SWAP_INTERVAL_EXT: *value = (unsigned)d->swap_interval; break;
        case GLX_MAX_SWAP_INTERVAL_EXT: *value = GV_MAX_SWAP_INTERVAL; break;
        case GLX_BACK_BUFFER_AGE_EXT:
            /* GLX_EXT_buffer_age: asmgl draws and presents from one buffer,
             * so after a swap the back buffer holds the frame just shown
             * (age 1); 0 before the first swap (undefined contents) */
            *value = d->kind == GV_WINDOW && d->config->doublebuffer && d->last_swap_ns ? 1 : 0;
            break;
        default: gv_x_error(dpy, BadValue, draw, X_GLXGetDrawableAttributes); break;
        }
    }
    pthread_mutex_unlock(&gv_lock);
}

void gv_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long event_mask)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = drawable_for_query(dpy, draw, X_GLXChangeDrawableAttributes);
    /* GLX_PBUFFER_CLOBBER_MASK is recorded; asmgl's pbuffers are never
     * clobbered, so no event is ever sent */
    if (d)
        d->event_mask = event_mask;
    pthread_mutex_unlock(&gv_lock);
}

void gv_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *event_mask)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = drawable_for_query(dpy, draw, X_GLXGetDrawableAttributes);
    if (d && event_mask)
        *event_mask = d->event_mask;
    pthread_mutex_unlock(&gv_lock);
}

/* ---- swapping ----------------------------------------------------------------------------- */

static uint64_t now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void sleep_until_ns(uint64_t t)
{
    struct timespec ts = {.tv_sec = (time_t)(t / 1000000000ull), .tv_nsec = (long)(t % 1000000000ull)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}

/* GLX 1.4 section 3.3.10: glXSwapBuffers flushes the calling thread's
 * context when drawable is current to it, then shows the back buffer.
 * Single-buffered drawables, pixmaps and pbuffers only get the flush
 * (which presents the first two through the flush callback). */
void gv_glXSwapBuffers(Display *dpy, GLXDrawable drawable)
{
    gv_context *cur = gv_context_current();
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = gv_drawable_find(dpy, drawable);
    if (!d) {
        /* a window never made current has nothing rendered to show */
        if (!ws_x11_window_info(dpy, drawable, NULL, NULL))
            gv_glx_error(dpy, GLXBadDrawable, drawable, X_GLXSwapBuffers);
        pthread_mutex_unlock(&gv_lock);
        return;
    }
    bool mine = cur && cur->draw == d;
    bool present = d->kind == GV_WINDOW && d->config->doublebuffer;
    bool paced = d->swap_interval > 0 && d->last_swap_ns;
    uint64_t due = d->last_swap_ns + (uint64_t)d->swap_interval * GV_FRAME_NS;
    pthread_mutex_unlock(&gv_lock);

    /* the frame's rendering runs outside the lock, so threads swapping
     * their own windows render in parallel; d stays alive (current) */
    if (mine)
        present ? gv_gl()->Finish() : gv_gl()->Flush();
    if (!present)
        return;
    if (paced && now_ns() < due)
        sleep_until_ns(due);

    pthread_mutex_lock(&gv_lock);
    /* one current nowhere may have been destroyed meanwhile */
    if (!mine && !(d = gv_drawable_find(dpy, drawable))) {
        pthread_mutex_unlock(&gv_lock);
        return;
    }
    /* a drawable current on another thread only is that thread's to read */
    if (mine || d->current_count == 0) {
        d->last_swap_ns = now_ns();
        pthread_mutex_lock(&d->present_lock);
        bool gone = d->ws && !ws_x11_present(d->ws, d->surface);
        pthread_mutex_unlock(&d->present_lock);
        if (gone && d->implicit && d->current_count == 0)
            gv_drawable_free(d); /* the window is gone */
        else
            gv_drawable_track_size(d); /* new buffers for the next frame (not
                                          while current to several contexts) */
    }
    pthread_mutex_unlock(&gv_lock);
}

/* ---- swap control ------------------------------------------------------------------------- */

void gv_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = drawable_for_query(dpy, drawable, X_GLXVendorPrivate);
    if (d) {
        if (interval < 0) /* GLX_EXT_swap_control: BadValue */
            gv_x_error(dpy, BadValue, drawable, X_GLXVendorPrivate);
        else
            d->swap_interval = interval > GV_MAX_SWAP_INTERVAL ? GV_MAX_SWAP_INTERVAL : interval;
    }
    pthread_mutex_unlock(&gv_lock);
}

/* The current context's draw drawable, or NULL. */
static gv_drawable *current_draw(void)
{
    gv_context *c = gv_context_current();
    return c ? c->draw : NULL;
}

int gv_glXSwapIntervalMESA(unsigned int interval)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = current_draw();
    if (d)
        d->swap_interval = interval > GV_MAX_SWAP_INTERVAL ? GV_MAX_SWAP_INTERVAL : (int)interval;
    pthread_mutex_unlock(&gv_lock);
    return d ? 0 : GLX_BAD_CONTEXT;
}

int gv_glXGetSwapIntervalMESA(void)
{
    pthread_mutex_lock(&gv_lock);
    gv_drawable *d = current_draw();
    int v = d ? d->swap_interval : 0;
    pthread_mutex_unlock(&gv_lock);
    return v;
}

/* GLX_SGI_swap_control: interval must be positive (GLX_BAD_VALUE). */
int gv_glXSwapIntervalSGI(int interval)
{
    if (interval <= 0)
        return GLX_BAD_VALUE;
    return gv_glXSwapIntervalMESA((unsigned)interval);
}
