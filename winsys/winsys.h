/*
 * winsys.h - presenting asmgl surfaces in X11 windows.  The GLX vendor
 * (glx/) and the EGL vendor's X11 platform (egl/) both present through this;
 * it is the only code of asmgl that talks to the X server about pixels.
 *
 * Like Mesa's xlib software winsys: a window's frame goes to the server with
 * MIT-SHM (XShmPutImage into a shared segment) where the server offers it on
 * the same host, otherwise with XPutImage.  The presenter follows the
 * drawable's size: ws_x11_drawable_size asks the server (XGetGeometry), and
 * the caller resizes its asmgl_surface when it changed (at MakeCurrent and
 * at each swap).
 *
 *     ws_x11_drawable *d = ws_x11_drawable_create(dpy, window);
 *     ws_x11_drawable_size(d, &w, &h);          // server's size now
 *     ws_x11_present(d, surface);               // after rendering a frame
 *     ws_x11_drawable_destroy(d);
 *
 * Threads: a ws_x11_drawable is used by one thread at a time (the one where
 * its surface is current); the Display must have been opened after
 * XInitThreads when several threads use it, as Xlib requires.
 */
#ifndef WINSYS_WINSYS_H
#define WINSYS_WINSYS_H

#include <X11/Xlib.h>

#include "asmgl/asmgl.h"

typedef struct ws_x11_drawable ws_x11_drawable;

/* A presenter for the window or pixmap `drawable` of `dpy`.  NULL when the
 * drawable does not exist or its visual is not 24/32-bit TrueColor. */
ws_x11_drawable *ws_x11_drawable_create(Display *dpy, Drawable drawable);
void ws_x11_drawable_destroy(ws_x11_drawable *d);

/* The drawable's current size from the server.  0 if it is gone. */
int ws_x11_drawable_size(ws_x11_drawable *d, int *width, int *height);

/* Copies the surface's colour buffer (asmgl_surface_read_color) into the
 * drawable at (0, 0).  Returns 1, or 0 when the drawable is gone. */
int ws_x11_present(ws_x11_drawable *d, asmgl_surface *s);

/* Whether `window` is a window of dpy (not a pixmap, not gone): 1 with
 * its screen number and visual, else 0.  Never raises an X error. */
int ws_x11_window_info(Display *dpy, Window window, int *screen, VisualID *visual);

/* 1 when the last present went through MIT-SHM, 0 when through XPutImage
 * (for tests and diagnostics).  ASMGL_XSHM=0 in the environment turns
 * MIT-SHM off for drawables created afterwards. */
int ws_x11_drawable_uses_shm(const ws_x11_drawable *d);

#endif /* WINSYS_WINSYS_H */
