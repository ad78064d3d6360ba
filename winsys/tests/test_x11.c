/*
 * test_x11.c - the X11 presenter (winsys.h) and the asmgl.h surface calls it
 * rests on, against a real X server (Xvfb, 24-bit TrueColor).
 *
 *   winsys_test_x11 shm        MIT-SHM must be used (a local Xvfb has it)
 *   winsys_test_x11 putimage   ASMGL_XSHM=0: XPutImage must be used
 *
 * Every check reads the window or pixmap back from the server (XGetImage)
 * and compares with colours cleared by GL, placed by hand from GL's
 * bottom-up window coordinates.  Exit 0 pass, 1 fail, 77 no X server.
 */
#include "winsys.h"

#include <GL/gl.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                    \
    do {                                                    \
        if (!(cond)) {                                      \
            fprintf(stderr, "FAIL line %d: ", __LINE__);    \
            fprintf(stderr, __VA_ARGS__);                   \
            fprintf(stderr, "\n");                          \
            failures++;                                     \
        }                                                   \
    } while (0)

/* The pixel at (x, y) (X coordinates, top row 0) as 0xRRGGBB. */
static unsigned long read_pixel(Display *dpy, Drawable dr, int x, int y)
{
    XImage *img = XGetImage(dpy, dr, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!img)
        return 0xdeadbeef;
    unsigned long p = XGetPixel(img, 0, 0) & 0xffffff;
    XDestroyImage(img);
    return p;
}

static void expect_pixel(Display *dpy, Drawable dr, int x, int y, unsigned long want,
                         const char *what)
{
    unsigned long got = read_pixel(dpy, dr, x, y);
    CHECK(got == want, "%s: pixel (%d,%d) is %06lx, expected %06lx", what, x, y, got, want);
}

/* Clears the whole framebuffer to `all`, then its bottom-left w x h corner
 * (GL window coordinates) to `corner`. */
static void draw_corner(float all[3], float corner[3], int w, int h)
{
    glDisable(GL_SCISSOR_TEST);
    glClearColor(all[0], all[1], all[2], 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, w, h);
    glClearColor(corner[0], corner[1], corner[2], 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

static void wait_mapped(Display *dpy, Window win)
{
    XEvent ev;
    do
        XWindowEvent(dpy, win, StructureNotifyMask, &ev);
    while (ev.type != MapNotify);
}

static int flush_calls;

static void present_on_flush(asmgl_surface *s, void *data)
{
    flush_calls++;
    ws_x11_present(data, s);
}

/* The surface calls alone: read_color's row order, stride and byte order. */
static void test_read_color(void)
{
    asmgl_config cfg = {.width = 3, .height = 2};
    asmgl_context *ctx = asmgl_context_create(&cfg);
    asmgl_surface *s = asmgl_surface_create(&cfg);
    CHECK(ctx && s, "context/surface: %s", asmgl_last_error());
    if (!ctx || !s)
        return;
    CHECK(asmgl_make_current_surface(ctx, s), "make current");
    float red[3] = {1, 0, 0}, blue[3] = {0, 0, 1};
    draw_corner(red, blue, 1, 1); /* GL (0,0) blue: X row 1, column 0 */
    unsigned char buf[2][16];
    memset(buf, 0x55, sizeof buf);
    CHECK(asmgl_surface_read_color(s, buf, 16, 0) == 1, "read_color rgba");
    const unsigned char rgba_red[4] = {255, 0, 0, 255}, rgba_blue[4] = {0, 0, 255, 255};
    CHECK(memcmp(buf[0], rgba_red, 4) == 0 && memcmp(buf[0] + 8, rgba_red, 4) == 0, "top row red");
    CHECK(memcmp(buf[1], rgba_blue, 4) == 0, "bottom-left blue (rows top first)");
    CHECK(memcmp(buf[1] + 4, rgba_red, 4) == 0, "bottom row, x 1 red");
    CHECK(buf[0][12] == 0x55 && buf[1][15] == 0x55, "the stride's padding is not written");
    CHECK(asmgl_surface_read_color(s, buf, 16, 1) == 1, "read_color bgra");
    const unsigned char bgra_blue[4] = {255, 0, 0, 255}, bgra_red[4] = {0, 0, 255, 255};
    CHECK(memcmp(buf[1], bgra_blue, 4) == 0 && memcmp(buf[0], bgra_red, 4) == 0, "bgra order");

    /* resize while lent: framebuffer 0 takes the new size at once */
    int w = -1, h = -1;
    CHECK(asmgl_surface_resize(s, 5, 4) == 1, "resize lent: %s", asmgl_last_error());
    asmgl_surface_size(s, &w, &h);
    CHECK(w == 5 && h == 4, "size after resize %dx%d", w, h);
    draw_corner(blue, red, 5, 4);
    unsigned char big[4][20];
    CHECK(asmgl_surface_read_color(s, big, 20, 0) == 1, "read after resize");
    CHECK(memcmp(big[3] + 16, rgba_red, 4) == 0, "the whole 5x4 surface is drawn");
    CHECK(asmgl_surface_resize(s, -1, 4) == 0, "negative size refused");
    CHECK(asmgl_surface_resize(s, 0, 0) == 1, "resize to empty");
    CHECK(asmgl_surface_read_color(s, big, 20, 0) == 0, "an empty surface reads nothing");
    CHECK(asmgl_surface_resize(s, 2, 2) == 1, "resize back");

    /* not lent: resize and size act on its own storage */
    asmgl_make_current_surface(NULL, NULL);
    CHECK(asmgl_surface_resize(s, 7, 3) == 1, "resize unlent");
    asmgl_surface_size(s, &w, &h);
    CHECK(w == 7 && h == 3, "unlent size %dx%d", w, h);
    CHECK(asmgl_surface_read_color(NULL, big, 20, 0) == 0, "NULL surface");
    asmgl_surface_size(NULL, &w, &h);
    CHECK(w == 0 && h == 0, "NULL surface size");
    asmgl_surface_destroy(s);
    asmgl_context_destroy(ctx);
}

int main(int argc, char **argv)
{
    int want_shm = argc > 1 && strcmp(argv[1], "shm") == 0;
    if (argc > 1 && strcmp(argv[1], "putimage") == 0)
        setenv("ASMGL_XSHM", "0", 1);
    test_read_color();

    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "no X display: skipped\n");
        return 77;
    }
    int scr = DefaultScreen(dpy);
    if (DefaultDepth(dpy, scr) != 24) {
        fprintf(stderr, "the X screen is not 24-bit: skipped\n");
        return 77;
    }
    XSetWindowAttributes wa = {.background_pixel = 0x808080, .event_mask = StructureNotifyMask};
    Window win = XCreateWindow(dpy, RootWindow(dpy, scr), 0, 0, 64, 48, 0, CopyFromParent,
                               InputOutput, CopyFromParent, CWBackPixel | CWEventMask, &wa);
    XMapWindow(dpy, win);
    wait_mapped(dpy, win);

    ws_x11_drawable *d = ws_x11_drawable_create(dpy, win);
    CHECK(d != NULL, "presenter for the window");
    if (!d)
        return 1;
    int w = 0, h = 0;
    CHECK(ws_x11_drawable_size(d, &w, &h) && w == 64 && h == 48, "window size %dx%d", w, h);

    asmgl_config cfg = {.width = w, .height = h, .depth_bits = 24};
    asmgl_context *ctx = asmgl_context_create(&cfg);
    asmgl_surface *s = asmgl_surface_create(&cfg);
    CHECK(ctx && s && asmgl_make_current_surface(ctx, s), "context and surface");

    /* a frame: red, green bottom-left 32x24 corner */
    float red[3] = {1, 0, 0}, green[3] = {0, 1, 0}, blue[3] = {0, 0, 1}, white[3] = {1, 1, 1};
    draw_corner(red, green, 32, 24);
    CHECK(ws_x11_present(d, s) == 1, "present");
    CHECK(ws_x11_drawable_uses_shm(d) == want_shm, "MIT-SHM used: %d, expected %d",
          ws_x11_drawable_uses_shm(d), want_shm);
    expect_pixel(dpy, win, 2, 2, 0xff0000, "top-left");
    expect_pixel(dpy, win, 63, 0, 0xff0000, "top-right");
    expect_pixel(dpy, win, 0, 47, 0x00ff00, "bottom-left");
    expect_pixel(dpy, win, 31, 24, 0x00ff00, "green corner's top-right pixel");
    expect_pixel(dpy, win, 32, 24, 0xff0000, "right of the green corner");
    expect_pixel(dpy, win, 31, 23, 0xff0000, "above the green corner");

    /* a second frame into the same image */
    draw_corner(green, blue, 10, 10);
    CHECK(ws_x11_present(d, s) == 1, "second present");
    expect_pixel(dpy, win, 5, 45, 0x0000ff, "second frame, blue corner");
    expect_pixel(dpy, win, 40, 10, 0x00ff00, "second frame, green");

    /* resize: the server's size, then new buffers of that size */
    XResizeWindow(dpy, win, 100, 70);
    XSync(dpy, False);
    CHECK(ws_x11_drawable_size(d, &w, &h) && w == 100 && h == 70, "resized window %dx%d", w, h);
    CHECK(asmgl_surface_resize(s, w, h), "surface resize");
    glViewport(0, 0, w, h);
    draw_corner(blue, red, 1, 1);
    CHECK(ws_x11_present(d, s) == 1, "present after resize");
    expect_pixel(dpy, win, 99, 0, 0x0000ff, "resized, top-right");
    expect_pixel(dpy, win, 0, 69, 0xff0000, "resized, bottom-left pixel");
    expect_pixel(dpy, win, 1, 69, 0x0000ff, "resized, next to it");

    /* single-buffered presentation: glFlush and glFinish run the callback */
    asmgl_surface_set_flush_callback(s, present_on_flush, d);
    draw_corner(white, green, 50, 35);
    glFlush();
    CHECK(flush_calls == 1, "glFlush ran the callback %d times", flush_calls);
    expect_pixel(dpy, win, 99, 0, 0xffffff, "after glFlush, top-right");
    expect_pixel(dpy, win, 49, 35, 0x00ff00, "after glFlush, green corner");
    draw_corner(red, red, 1, 1);
    glFinish();
    CHECK(flush_calls == 2, "glFinish ran the callback");
    expect_pixel(dpy, win, 49, 35, 0xff0000, "after glFinish");
    asmgl_surface_set_flush_callback(s, NULL, NULL);
    glFlush();
    CHECK(flush_calls == 2, "a removed callback is not run");

    /* a pixmap of the window's depth */
    Pixmap pix = XCreatePixmap(dpy, win, 20, 10, 24);
    ws_x11_drawable *dp = ws_x11_drawable_create(dpy, pix);
    CHECK(dp != NULL, "presenter for a pixmap");
    CHECK(asmgl_surface_resize(s, 20, 10), "surface 20x10");
    draw_corner(green, blue, 4, 4);
    CHECK(ws_x11_present(dp, s) == 1, "present to pixmap");
    expect_pixel(dpy, pix, 19, 0, 0x00ff00, "pixmap top-right");
    expect_pixel(dpy, pix, 3, 9, 0x0000ff, "pixmap bottom-left");
    ws_x11_drawable_destroy(dp);
    XFreePixmap(dpy, pix);

    /* bad drawables: NULL or 0, never an X error that ends the program */
    CHECK(ws_x11_drawable_create(dpy, 0x7ffffff0) == NULL, "no presenter for a bad XID");
    CHECK(ws_x11_drawable_create(dpy, None) == NULL, "no presenter for None");
    Pixmap deep = XCreatePixmap(dpy, win, 4, 4, 1);
    CHECK(ws_x11_drawable_create(dpy, deep) == NULL, "no presenter for a 1-bit pixmap");
    XFreePixmap(dpy, deep);
    XDestroyWindow(dpy, win);
    XSync(dpy, False);
    CHECK(ws_x11_present(d, s) == 0, "present to a destroyed window fails");
    CHECK(ws_x11_drawable_size(d, &w, &h) == 0, "a destroyed window has no size");
    ws_x11_drawable_destroy(d);
    ws_x11_drawable_destroy(NULL);
    CHECK(ws_x11_present(NULL, s) == 0, "NULL presenter");

    asmgl_make_current_surface(NULL, NULL);
    asmgl_surface_destroy(s);
    asmgl_context_destroy(ctx);
    XCloseDisplay(dpy);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    else
        printf("winsys x11 (%s): all passed\n", want_shm ? "MIT-SHM" : "XPutImage");
    return failures ? 1 : 0;
}
