/*
 * egl_x11.c - the X11 platform (EGL_KHR_platform_x11, EGL_EXT_platform_x11):
 * displays of X screens, the TrueColor visual the window configs name,
 * recognising an Xlib Display for eglGetDisplay, window and pixmap checks,
 * and presentation through winsys/winsys.h (any thread; ev_lock where
 * noted).
 *
 * An EGLDisplay is one screen of one X connection (EGL_KHR_platform_x11:
 * "an EGLDisplay refers to a specific X11 screen").  The connection is the
 * application's Display, used from the thread that renders to a window,
 * as Xlib allows when the application opened it after XInitThreads or
 * keeps to one thread; EGL_DEFAULT_DISPLAY opens our own connection, kept
 * for the life of the process like the EGLDisplay itself.
 *
 * Frames reach the window through winsys (MIT-SHM or XPutImage, the same
 * presenter as GLX); the window's size is followed at eglMakeCurrent and
 * after each eglSwapBuffers (egl_surface.c, egl_context.c).
 */
#include "egl_priv.h"

#include <X11/Xlib.h>
#include <X11/Xlibint.h> /* _XAllocID (what makes a Display an Xlib one), XESetError... */
#include <X11/Xutil.h>

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "winsys.h"

/* ---- recognising a Display (libglvnd's findNativeDisplayPlatform) ------------------------ */

/* Whether the size bytes at p can be read, without touching them: the
 * kernel reports EFAULT instead of the process faulting. */
static bool readable(const void *p, size_t size)
{
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0)
        return false;
    /* a fresh pipe holds far more than size bytes: the write never blocks */
    bool ok = write(fds[1], p, size) == (ssize_t)size;
    close(fds[0]);
    close(fds[1]);
    return ok;
}

/* Every Display that XOpenDisplay makes allocates resource ids with
 * Xlib's _XAllocID, and its public prefix (Xlib.h's _XPrivDisplay) says
 * so; a pointer that is misaligned, not readable, or holds anything else
 * is not an Xlib display.  No false match, no fault, as the vendor ABI
 * requires. */
EGLenum ev_x11_find_platform(void *native)
{
    typedef __typeof__(*(_XPrivDisplay)0) xlib_prefix;
    size_t at = offsetof(xlib_prefix, resource_alloc);
    XID (*alloc)(Display *);
    if (!native || (uintptr_t)native % _Alignof(xlib_prefix) != 0 || !readable(native, at + sizeof alloc))
        return EGL_NONE;
    memcpy(&alloc, (const char *)native + at, sizeof alloc);
    return alloc == _XAllocID ? EGL_PLATFORM_X11_KHR : EGL_NONE;
}

/* ---- displays ------------------------------------------------------------------------------- */

/* The visual window configs render to on `screen`: a TrueColor visual of
 * depth 24 whose pixels are 8-bit red, green, blue (what the RGBA8 colour
 * buffer posts to without conversion, EGL 1.5 section 3.10.3), the
 * screen's default visual when it is one.  0 when the screen has none (a
 * 16-bit server, say): then the configs are pbuffer-only there. */
static unsigned long rgb8_visual(Display *xdpy, int screen)
{
    XVisualInfo want = {.screen = screen, .depth = 24, .class = TrueColor,
                        .red_mask = 0xff0000, .green_mask = 0xff00, .blue_mask = 0xff};
    long mask = VisualScreenMask | VisualDepthMask | VisualClassMask | VisualRedMaskMask |
                VisualGreenMaskMask | VisualBlueMaskMask;
    int n = 0;
    XVisualInfo *list = XGetVisualInfo(xdpy, mask, &want, &n);
    unsigned long id = 0;
    VisualID def = XVisualIDFromVisual(DefaultVisual(xdpy, screen));
    for (int i = 0; i < n; i++)
        if (id == 0 || list[i].visualid == def)
            id = list[i].visualid;
    if (list)
        XFree(list);
    return id;
}

/* The application closes its Display (XCloseDisplay calls this first,
 * while the connection still works): every display of that connection
 * lets go of it.  Their window surfaces drop their presenters (so a later
 * swap is EGL_BAD_NATIVE_WINDOW, not a use of freed memory), and the
 * EGLDisplay no longer matches a new Display that malloc may place at the
 * same address.  (GLFW 3.3, for one, closes its Display before it calls
 * eglTerminate.) */
static int x11_display_closed(Display *xdpy, XExtCodes *codes)
{
    (void)codes;
    pthread_mutex_lock(&ev_lock);
    for (ev_display *d = ev_display_list(); d; d = d->next) {
        if (d->platform != EV_PLATFORM_X11 || d->x11.xdpy != xdpy)
            continue;
        for (ev_surface *s = d->surfaces; s; s = s->next) {
            ws_x11_drawable_destroy(s->presenter);
            s->presenter = NULL;
        }
        d->x11.xdpy = NULL;
    }
    pthread_mutex_unlock(&ev_lock);
    return 0;
}

/* The X error of a request of ours that may name nothing (XGetGeometry
 * of an application's pixmap id) must not reach the application's error
 * handler, whose default exits.  Xlib shows each error to the display's
 * extensions first, on the thread that waits for the reply (_XReply):
 * x11_error_hook takes the errors of this thread's trapped request.  No
 * process-wide XSetErrorHandler, so nothing races with other threads. */
static __attribute__((tls_model("initial-exec"))) _Thread_local Display *trapping;
static __attribute__((tls_model("initial-exec"))) _Thread_local int trapped_error;

static int x11_error_hook(Display *xdpy, xError *err, XExtCodes *codes, int *ret_code)
{
    (void)codes;
    if (xdpy != trapping)
        return 0;
    if (!trapped_error)
        trapped_error = err->errorCode;
    *ret_code = 0; /* the request fails */
    return 1;
}

/* Hooks into the connection as an Xlib extension would: the errors of our
 * trapped requests, and the application's XCloseDisplay. */
static void x11_hooks(Display *xdpy, bool own_connection)
{
    XExtCodes *codes = XAddExtension(xdpy);
    if (!codes)
        return;
    XESetError(xdpy, codes->extension, x11_error_hook);
    if (!own_connection)
        XESetCloseDisplay(xdpy, codes->extension, x11_display_closed);
}

typedef struct x11_key {
    Display *xdpy; /* NULL: our own connection to the default display */
    int screen;    /* -1: the connection's default screen */
} x11_key;

/* The X11 display of key's connection and screen, or NULL. */
static ev_display *x11_find(const x11_key *k)
{
    for (ev_display *d = ev_display_list(); d; d = d->next) {
        if (d->platform != EV_PLATFORM_X11 || !d->x11.xdpy)
            continue;
        if (k->xdpy ? d->x11.xdpy != k->xdpy || d->x11.own_connection : !d->x11.own_connection)
            continue;
        int screen = k->screen >= 0 ? k->screen : DefaultScreen((Display *)d->x11.xdpy);
        if (d->x11.screen == screen)
            return d;
    }
    return NULL;
}

/* EGL_KHR_platform_x11: native is a Display or EGL_DEFAULT_DISPLAY (our
 * own connection to $DISPLAY); EGL_PLATFORM_X11_SCREEN_KHR picks the
 * screen, the connection's default one without it, and an invalid screen
 * is EGL_BAD_ATTRIBUTE.  The same connection and screen always give the
 * same EGLDisplay (EGL 1.5 section 3.2).  When there is no X server to
 * connect to, EGL_NO_DISPLAY comes back with no error (section 3.2: no
 * matching display is available). */
EGLDisplay ev_x11_get_display(void *native, const EGLAttrib *attrib_list)
{
    x11_key key = {(Display *)native, -1};
    for (const EGLAttrib *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
        if (a[0] != EGL_PLATFORM_X11_SCREEN_KHR || a[1] < 0 || a[1] > 0x7fff) {
            ev_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_DISPLAY;
        }
        key.screen = (int)a[1];
    }

    pthread_mutex_lock(&ev_lock);
    EGLDisplay result = EGL_NO_DISPLAY;
    Display *xdpy = key.xdpy;
    bool own = false;
    if (!xdpy) {
        /* one connection of our own, shared by every screen's display */
        x11_key any = {NULL, -1};
        ev_display *d = x11_find(&any);
        xdpy = d ? d->x11.xdpy : NULL;
        if (!xdpy) {
            xdpy = XOpenDisplay(NULL);
            own = true;
        }
        if (!xdpy) {
            ev_ok();
            goto out;
        }
    }
    int screen = key.screen >= 0 ? key.screen : DefaultScreen(xdpy);
    if (screen >= ScreenCount(xdpy)) {
        ev_error(EGL_BAD_ATTRIBUTE);
        goto out_close;
    }
    key.screen = screen;
    ev_display *d = x11_find(&key);
    if (!d) {
        d = calloc(1, sizeof *d);
        if (!d) {
            ev_error(EGL_BAD_ALLOC);
            goto out_close;
        }
        d->platform = EV_PLATFORM_X11;
        d->x11.xdpy = xdpy;
        d->x11.screen = screen;
        d->x11.own_connection = key.xdpy == NULL;
        d->x11.visual = rgb8_visual(xdpy, screen);
        d->x11.visual_class = TrueColor;
        x11_hooks(xdpy, d->x11.own_connection);
        ev_display_add(d);
        own = false; /* the display keeps it */
    }
    result = (EGLDisplay)d;
    ev_ok();
out_close:
    if (own)
        XCloseDisplay(xdpy);
out:
    pthread_mutex_unlock(&ev_lock);
    return result;
}

/* ---- windows ------------------------------------------------------------------------------- */

/* EGL 1.5 section 3.5.1: a window that is not a window of the display's
 * connection (no such id, a pixmap, another screen's) is
 * EGL_BAD_NATIVE_WINDOW; one whose visual is not the 24/32-bit TrueColor
 * with 8-bit channels the RGBA8 colour buffer posts to is EGL_BAD_MATCH
 * ("does not correspond to the format, type, and size of the color
 * buffers required by config"). */
EGLint ev_x11_window_check(ev_display *d, ev_xid window, ws_x11_drawable **presenter)
{
    Display *xdpy = d->x11.xdpy;
    int screen = -1;
    VisualID visual = 0;
    if (!xdpy || !ws_x11_window_info(xdpy, (Window)window, &screen, &visual) || screen != d->x11.screen)
        return EGL_BAD_NATIVE_WINDOW;
    XVisualInfo want = {.visualid = visual};
    int n = 0;
    XVisualInfo *vi = XGetVisualInfo(xdpy, VisualIDMask, &want, &n);
    bool rgb8 = vi && n >= 1 && vi->class == TrueColor && (vi->depth == 24 || vi->depth == 32) &&
                vi->red_mask == 0xff0000 && vi->green_mask == 0xff00 && vi->blue_mask == 0xff;
    if (vi)
        XFree(vi);
    if (!rgb8)
        return EGL_BAD_MATCH;
    *presenter = ws_x11_drawable_create(xdpy, (Drawable)window);
    /* gone since the check, an InputOnly window, or out of memory */
    return *presenter ? EGL_SUCCESS : EGL_BAD_NATIVE_WINDOW;
}

/* The depth and size of `pixmap`, a pixmap of d's screen; false when it is
 * not one (no such id, a window, another screen's). */
static bool pixmap_geometry(ev_display *d, ev_xid pixmap, int *depth, EGLint *width, EGLint *height)
{
    Display *xdpy = d->x11.xdpy;
    if (!xdpy || pixmap == None || ws_x11_window_info(xdpy, (Window)pixmap, NULL, NULL))
        return false;
    Window root;
    int x, y;
    unsigned w, h, border, dep;
    trapping = xdpy;
    trapped_error = 0;
    Status ok = XGetGeometry(xdpy, (Drawable)pixmap, &root, &x, &y, &w, &h, &border, &dep);
    trapping = NULL;
    if (!ok || trapped_error || root != RootWindow(xdpy, d->x11.screen))
        return false;
    *depth = (int)dep;
    *width = (EGLint)w;
    *height = (EGLint)h;
    return true;
}

/* EGL 1.5 section 3.5.4, and eglCopyBuffers' target (section 3.10.2): a
 * pixmap of d's screen, else EGL_BAD_NATIVE_PIXMAP; its depth must be the
 * 24 or 32 bits an RGBA8 colour buffer posts to (the TrueColor visual of
 * that depth gives the pixel layout), else EGL_BAD_MATCH.  Makes the
 * presenter and says the size on success. */
EGLint ev_x11_pixmap_check(ev_display *d, ev_xid pixmap, ws_x11_drawable **presenter, EGLint *width,
                           EGLint *height)
{
    int depth = 0;
    if (!pixmap_geometry(d, pixmap, &depth, width, height))
        return EGL_BAD_NATIVE_PIXMAP;
    if (depth != 24 && depth != 32)
        return EGL_BAD_MATCH;
    *presenter = ws_x11_drawable_create(d->x11.xdpy, (Drawable)pixmap);
    return *presenter ? EGL_SUCCESS : EGL_BAD_NATIVE_PIXMAP;
}

/* EGL_MATCH_NATIVE_PIXMAP (section 3.4.1.1): whether configs can render
 * to `pixmap` (1) or not (0), or EGL_BAD_NATIVE_PIXMAP as a negative. */
int ev_x11_pixmap_matches(ev_display *d, ev_xid pixmap)
{
    int depth = 0;
    EGLint w, h;
    if (d->platform != EV_PLATFORM_X11 || !pixmap_geometry(d, pixmap, &depth, &w, &h))
        return -EGL_BAD_NATIVE_PIXMAP;
    return depth == 24 || depth == 32;
}

bool ev_x11_window_size(ws_x11_drawable *presenter, EGLint *width, EGLint *height)
{
    int w, h;
    if (!presenter || !ws_x11_drawable_size(presenter, &w, &h))
        return false;
    *width = w;
    *height = h;
    return true;
}

bool ev_x11_present(ws_x11_drawable *presenter, asmgl_surface *s)
{
    return presenter && ws_x11_present(presenter, s) != 0;
}

void ev_x11_presenter_destroy(ws_x11_drawable *presenter)
{
    ws_x11_drawable_destroy(presenter);
}
