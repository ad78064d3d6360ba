/*
 * glx_test.h - helpers of the GLX tests (the C files beside it): ordinary libglvnd
 * programs (<GL/glx.h>, -lGLX -lOpenGL, no asmgl header) that the
 * environment points at asmgl (__GLX_VENDOR_LIBRARY_NAME=asmgl).
 */
#ifndef GLX_TESTS_GLX_TEST_H
#define GLX_TESTS_GLX_TEST_H

#include <GL/gl.h>
#include <GL/glx.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define GT_UNUSED __attribute__((unused))

#define CHECK(cond, ...)                                    \
    do {                                                    \
        if (!(cond)) {                                      \
            fprintf(stderr, "FAIL line %d: ", __LINE__);    \
            fprintf(stderr, __VA_ARGS__);                   \
            fprintf(stderr, "\n");                          \
            failures++;                                     \
        }                                                   \
    } while (0)

/* The last X error (our handler keeps it instead of exiting). */
static int x_error_code, x_error_request, x_error_minor, x_error_count;

static GT_UNUSED int record_x_error(Display *dpy, XErrorEvent *ev)
{
    (void)dpy;
    x_error_code = ev->error_code;
    x_error_request = ev->request_code;
    x_error_minor = ev->minor_code;
    x_error_count++;
    return 0;
}

/* Forgets earlier errors (after the server answered what was sent). */
static GT_UNUSED void errors_reset(Display *dpy)
{
    XSync(dpy, False);
    x_error_code = x_error_request = x_error_minor = x_error_count = 0;
}

/* The pixel at (x, y) of a drawable (X coordinates, top row 0), 0xRRGGBB. */
static GT_UNUSED unsigned long x_pixel(Display *dpy, Drawable dr, int x, int y)
{
    XImage *img = XGetImage(dpy, dr, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!img)
        return 0xdeadbeef;
    unsigned long p = XGetPixel(img, 0, 0) & 0xffffff;
    XDestroyImage(img);
    return p;
}

/* glReadPixels of one pixel (GL coordinates), 0xRRGGBB. */
static GT_UNUSED unsigned long gl_pixel(int x, int y)
{
    unsigned char p[4] = {1, 2, 3, 4};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    return (unsigned long)p[0] << 16 | (unsigned long)p[1] << 8 | p[2];
}

/* Clears everything to `all`, then the bottom-left w x h corner (GL
 * window coordinates) to `corner`; colours as 0xRRGGBB. */
static GT_UNUSED void draw_corner(unsigned long all, unsigned long corner, int w, int h)
{
    glDisable(GL_SCISSOR_TEST);
    glClearColor((all >> 16 & 255) / 255.0f, (all >> 8 & 255) / 255.0f, (all & 255) / 255.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, w, h);
    glClearColor((corner >> 16 & 255) / 255.0f, (corner >> 8 & 255) / 255.0f,
                 (corner & 255) / 255.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

static GT_UNUSED Window make_window(Display *dpy, XVisualInfo *vi, int w, int h)
{
    Window root = RootWindow(dpy, vi->screen);
    XSetWindowAttributes wa = {
        .colormap = XCreateColormap(dpy, root, vi->visual, AllocNone),
        .background_pixel = 0x404040,
        .border_pixel = 0,
        .event_mask = StructureNotifyMask | ExposureMask,
    };
    Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)w, (unsigned)h, 0, vi->depth, InputOutput,
                               vi->visual, CWColormap | CWBackPixel | CWBorderPixel | CWEventMask,
                               &wa);
    XMapWindow(dpy, win);
    XEvent ev;
    do
        XWindowEvent(dpy, win, StructureNotifyMask, &ev);
    while (ev.type != MapNotify);
    return win;
}

/* Exit status: 0 pass, 1 fail. */
static GT_UNUSED int report(const char *name)
{
    if (failures)
        fprintf(stderr, "%s: %d failures\n", name, failures);
    else
        printf("%s: all passed\n", name);
    return failures ? 1 : 0;
}

#endif /* GLX_TESTS_GLX_TEST_H */
