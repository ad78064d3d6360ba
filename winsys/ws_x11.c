/*
 * ws_x11.c - the X11 presenter (winsys.h): copies an asmgl surface into a
 * window or pixmap, with MIT-SHM when the server shares memory with us,
 * otherwise with XPutImage (thread of the drawable's current context).
 *
 * The image is a ZPixmap of the drawable's depth in the server's byte
 * order.  When its pixels are 32-bit little-endian words with red
 * 0xff0000, green 0xff00, blue 0xff (every X server on x86 for a 24- or
 * 32-bit TrueColor visual) the surface is read straight into it as bytes
 * B, G, R, A; any other TrueColor layout goes through XPutPixel.
 *
 * MIT-SHM (the MIT-SHM protocol, "XShmAttach"): the server attaches our
 * System V segment by id.  A server on another host (or in another IPC
 * namespace) cannot, and answers BadAccess (or BadShmSeg later); so SHM is
 * tried only over a local (AF_UNIX) connection, the attach is checked with
 * XSync under a temporary error handler, and any failure falls back to
 * XPutImage for good.  Every present ends with XSync under the same trap:
 * the server has read the segment before the next frame overwrites it, and
 * a drawable destroyed behind our back is a 0 from ws_x11_present instead
 * of a fatal X error.
 *
 * ASMGL_XSHM=0 in the environment turns MIT-SHM off (tests use it to cover
 * the XPutImage path on a local server).
 */
#include "winsys.h"

#include <X11/Xutil.h>
#include <X11/extensions/XShm.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/socket.h>

struct ws_x11_drawable {
    Display *dpy;
    Drawable drawable;
    int depth;
    Visual *visual;
    GC gc;
    bool try_shm;              /* SHM not yet refused for this drawable */
    bool fast;                 /* 32-bit LSB-first 0xff0000/0xff00/0xff pixels */
    unsigned long red_mask, green_mask, blue_mask;
    /* the image of the last present (recreated when the size changes) */
    XImage *image;
    XShmSegmentInfo shm;       /* shm.shmaddr != NULL: image is a SHM image */
    unsigned char *rgba;       /* the slow path's RGBA rows (XPutPixel) */
};

/* ---- a temporary X error handler ------------------------------------------------
 * Xlib has one error handler per process.  trap_begin installs ours under
 * a lock; errors of our display from requests issued after trap_begin are
 * recorded, any other goes to the handler that was installed before. */

static pthread_mutex_t trap_lock = PTHREAD_MUTEX_INITIALIZER;
static Display *trap_dpy;
static unsigned long trap_serial;
static int trap_error;
static int (*trap_prev)(Display *, XErrorEvent *);

static int trap_handler(Display *dpy, XErrorEvent *ev)
{
    if (dpy == trap_dpy && ev->serial >= trap_serial) {
        if (!trap_error)
            trap_error = ev->error_code;
        return 0;
    }
    return trap_prev ? trap_prev(dpy, ev) : 0;
}

static void trap_begin(Display *dpy)
{
    pthread_mutex_lock(&trap_lock);
    trap_dpy = dpy;
    trap_error = 0;
    trap_serial = NextRequest(dpy);
    trap_prev = XSetErrorHandler(trap_handler);
}

/* Waits for the server to answer everything sent since trap_begin; returns
 * the first error code recorded (0 for none). */
static int trap_end(void)
{
    XSync(trap_dpy, False);
    XSetErrorHandler(trap_prev);
    int err = trap_error;
    trap_dpy = NULL;
    pthread_mutex_unlock(&trap_lock);
    return err;
}

/* ---- creation ----------------------------------------------------------------------- */

/* Whether the connection is a local socket (the server shares our SysV IPC). */
static bool connection_is_local(Display *dpy)
{
    struct sockaddr_storage sa;
    socklen_t len = sizeof sa;
    if (getsockname(ConnectionNumber(dpy), (struct sockaddr *)&sa, &len) != 0)
        return false;
    return sa.ss_family == AF_UNIX;
}

static bool shm_wanted(Display *dpy)
{
    const char *env = getenv("ASMGL_XSHM");
    if (env && strcmp(env, "0") == 0)
        return false;
    return XShmQueryExtension(dpy) && connection_is_local(dpy);
}

ws_x11_drawable *ws_x11_drawable_create(Display *dpy, Drawable drawable)
{
    if (!dpy || drawable == None)
        return NULL;
    Window root;
    int x, y;
    unsigned int w, h, border, depth;
    trap_begin(dpy);
    Status ok = XGetGeometry(dpy, drawable, &root, &x, &y, &w, &h, &border, &depth);
    if (trap_end() || !ok)
        return NULL;
    if (depth != 24 && depth != 32)
        return NULL;
    /* the screen whose root the drawable is on */
    int screen = -1;
    for (int i = 0; i < ScreenCount(dpy); i++)
        if (RootWindow(dpy, i) == root)
            screen = i;
    XVisualInfo vi;
    if (screen < 0 || !XMatchVisualInfo(dpy, screen, (int)depth, TrueColor, &vi))
        return NULL;
    ws_x11_drawable *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->dpy = dpy;
    d->drawable = drawable;
    d->depth = (int)depth;
    d->visual = vi.visual;
    d->red_mask = vi.red_mask;
    d->green_mask = vi.green_mask;
    d->blue_mask = vi.blue_mask;
    trap_begin(dpy);
    d->gc = XCreateGC(dpy, drawable, 0, NULL);
    if (trap_end() || !d->gc) {
        free(d);
        return NULL;
    }
    d->try_shm = shm_wanted(dpy);
    return d;
}

static void image_free(ws_x11_drawable *d)
{
    if (!d->image)
        return;
    if (d->shm.shmaddr) {
        trap_begin(d->dpy);
        XShmDetach(d->dpy, &d->shm);
        trap_end();
        shmdt(d->shm.shmaddr);
        d->shm.shmaddr = NULL;
    } else {
        free(d->image->data);
    }
    d->image->data = NULL; /* freed above: XDestroyImage must not */
    XDestroyImage(d->image);
    d->image = NULL;
    free(d->rgba);
    d->rgba = NULL;
}

void ws_x11_drawable_destroy(ws_x11_drawable *d)
{
    if (!d)
        return;
    image_free(d);
    trap_begin(d->dpy);
    XFreeGC(d->dpy, d->gc);
    trap_end();
    free(d);
}

int ws_x11_drawable_size(ws_x11_drawable *d, int *width, int *height)
{
    Window root;
    int x, y;
    unsigned int w = 0, h = 0, border, depth;
    if (!d)
        return 0;
    trap_begin(d->dpy);
    Status ok = XGetGeometry(d->dpy, d->drawable, &root, &x, &y, &w, &h, &border, &depth);
    if (trap_end() || !ok)
        return 0;
    if (width)
        *width = (int)w;
    if (height)
        *height = (int)h;
    return 1;
}

/* ---- presenting ----------------------------------------------------------------------- */

/* A SHM image of w x h, or false (SHM is then off for this drawable). */
static bool image_create_shm(ws_x11_drawable *d, int w, int h)
{
    d->shm.shmaddr = NULL;
    XImage *img = XShmCreateImage(d->dpy, d->visual, (unsigned)d->depth, ZPixmap, NULL, &d->shm,
                                  (unsigned)w, (unsigned)h);
    if (!img)
        return false;
    size_t size = (size_t)img->bytes_per_line * (size_t)h;
    d->shm.shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
    if (d->shm.shmid < 0) {
        XDestroyImage(img);
        return false;
    }
    void *addr = shmat(d->shm.shmid, NULL, 0);
    if (addr == (void *)-1) {
        shmctl(d->shm.shmid, IPC_RMID, NULL);
        XDestroyImage(img);
        return false;
    }
    d->shm.shmaddr = img->data = addr;
    d->shm.readOnly = False;
    trap_begin(d->dpy);
    Status ok = XShmAttach(d->dpy, &d->shm);
    int err = trap_end();
    /* marked for removal now: it goes away with the last detach, also if
     * this process dies */
    shmctl(d->shm.shmid, IPC_RMID, NULL);
    if (err || !ok) {
        shmdt(addr);
        d->shm.shmaddr = NULL;
        img->data = NULL;
        XDestroyImage(img);
        return false;
    }
    d->image = img;
    return true;
}

/* An ordinary client-side image of w x h. */
static bool image_create_plain(ws_x11_drawable *d, int w, int h)
{
    XImage *img = XCreateImage(d->dpy, d->visual, (unsigned)d->depth, ZPixmap, 0, NULL,
                               (unsigned)w, (unsigned)h, 32, 0);
    if (!img)
        return false;
    img->data = malloc((size_t)img->bytes_per_line * (size_t)h);
    if (!img->data) {
        XDestroyImage(img);
        return false;
    }
    d->image = img;
    return true;
}

/* Makes d->image w x h; false on failure. */
static bool image_ensure(ws_x11_drawable *d, int w, int h)
{
    if (d->image && d->image->width == w && d->image->height == h)
        return true;
    image_free(d);
    if (d->try_shm && !image_create_shm(d, w, h))
        d->try_shm = false;
    if (!d->image && !image_create_plain(d, w, h))
        return false;
    XImage *img = d->image;
    d->fast = img->bits_per_pixel == 32 && img->byte_order == LSBFirst &&
              d->red_mask == 0xff0000 && d->green_mask == 0xff00 && d->blue_mask == 0xff;
    if (!d->fast) {
        d->rgba = malloc((size_t)w * (size_t)h * 4);
        if (!d->rgba) {
            image_free(d);
            return false;
        }
    }
    return true;
}

/* The value of an 8-bit channel c in a TrueColor pixel field of mask m. */
static unsigned long channel_bits(unsigned c, unsigned long m)
{
    if (!m)
        return 0;
    int shift = __builtin_ctzl(m);
    unsigned long max = m >> shift;
    return ((c * max + 127) / 255) << shift;
}

int ws_x11_present(ws_x11_drawable *d, asmgl_surface *s)
{
    if (!d || !s)
        return 0;
    int w, h;
    asmgl_surface_size(s, &w, &h);
    if (w <= 0 || h <= 0)
        return 1; /* nothing to show */
    if (!image_ensure(d, w, h))
        return 0;
    XImage *img = d->image;
    if (d->fast) {
        if (!asmgl_surface_read_color(s, img->data, img->bytes_per_line, 1))
            return 0;
    } else {
        if (!asmgl_surface_read_color(s, d->rgba, (long)w * 4, 0))
            return 0;
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++) {
                const unsigned char *p = d->rgba + ((size_t)y * (size_t)w + (size_t)x) * 4;
                XPutPixel(img, x, y,
                          channel_bits(p[0], d->red_mask) | channel_bits(p[1], d->green_mask) |
                              channel_bits(p[2], d->blue_mask));
            }
    }
    trap_begin(d->dpy);
    if (d->shm.shmaddr)
        XShmPutImage(d->dpy, d->drawable, d->gc, img, 0, 0, 0, 0, (unsigned)w, (unsigned)h, False);
    else
        XPutImage(d->dpy, d->drawable, d->gc, img, 0, 0, 0, 0, (unsigned)w, (unsigned)h);
    int err = trap_end();
    if (err && d->shm.shmaddr && (err == BadAccess || err >= FirstExtensionError)) {
        /* the server lost (or never had) the segment: BadShmSeg is an
         * extension error; present this frame, and all later ones, with
         * XPutImage */
        image_free(d);
        d->try_shm = false;
        return ws_x11_present(d, s);
    }
    return err == 0;
}

int ws_x11_drawable_uses_shm(const ws_x11_drawable *d)
{
    return d && d->image && d->shm.shmaddr != NULL;
}

int ws_x11_window_info(Display *dpy, Window window, int *screen, VisualID *visual)
{
    if (!dpy || window == None)
        return 0;
    XWindowAttributes wa;
    trap_begin(dpy);
    Status ok = XGetWindowAttributes(dpy, window, &wa);
    if (trap_end() || !ok)
        return 0;
    if (screen)
        *screen = XScreenNumberOfScreen(wa.screen);
    if (visual)
        *visual = XVisualIDFromVisual(wa.visual);
    return 1;
}
