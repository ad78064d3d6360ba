/*
 * x11.c - the EGL X11 platform (EGL_KHR_platform_x11, EGL_EXT_platform_x11)
 * through libglvnd, with Xlib only: displays, window configs, window
 * surfaces presented into the window, resizing, single-buffered windows,
 * pixmap surfaces and eglCopyBuffers, and the errors EGL 1.5 names
 * (sections cited at each check).
 *
 *   x11            on a 24-bit TrueColor screen (Xvfb -screen 0 WxHx24)
 *   x11 depth16    on a 16-bit screen: no visual for RGBA8, so the configs
 *                  are pbuffer-only there, windows and pixmaps EGL_BAD_MATCH
 *
 * The window's pixels are read back from the X server (XGetImage) and
 * compared with colours worked out by hand.  The error codes are the
 * spec's: Mesa 22's EGL/X11 (run against this file) accepts a pixmap, a
 * DirectColor window and a destroyed window where EGL
 * names an error, and crashes on a window id that names nothing.  Exit 77
 * (skip) without an X server.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;

#define CHECK(cond, ...)                                                          \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond);      \
            fprintf(stderr, __VA_ARGS__);                                         \
            fprintf(stderr, "\n");                                                \
            failures++;                                                           \
        }                                                                         \
    } while (0)

#define EXPECT_ERROR(call, code)                                                          \
    do {                                                                                  \
        int ok_ = (call) ? 1 : 0;                                                         \
        EGLint e_ = eglGetError();                                                        \
        CHECK(!ok_ && e_ == (code), "%s gave %s with 0x%04x, expected 0x%04x", #call,     \
              ok_ ? "success" : "failure", e_, (code));                                   \
    } while (0)

static unsigned long channel(unsigned long p, unsigned long mask)
{
    return mask ? (p & mask) >> __builtin_ctzl(mask) : 0;
}

/* The window's pixel at (x, y) (top-left origin) as 0xRRGGBB. */
static unsigned long window_pixel(Display *xdpy, Drawable win, int x, int y)
{
    XImage *img = XGetImage(xdpy, win, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!img)
        return 0xdeadbeef;
    unsigned long p = XGetPixel(img, 0, 0);
    /* a pixmap has no visual, so XGetImage leaves the masks 0: its pixels
     * are laid out as the config's visual (0xff0000, 0xff00, 0xff, checked
     * in main) */
    if (!img->red_mask && !img->green_mask && !img->blue_mask) {
        img->red_mask = 0xff0000;
        img->green_mask = 0xff00;
        img->blue_mask = 0xff;
    }
    unsigned long rgb = channel(p, img->red_mask) << 16 | channel(p, img->green_mask) << 8 |
                        channel(p, img->blue_mask);
    XDestroyImage(img);
    return rgb;
}

/* A mapped window at (x, 0); windows of one test must not overlap, or
 * XGetImage reads the one on top. */
static Window make_window(Display *xdpy, Visual *visual, int depth, int x, int w, int h)
{
    XSetWindowAttributes swa;
    swa.colormap = XCreateColormap(xdpy, DefaultRootWindow(xdpy), visual, AllocNone);
    swa.background_pixel = 0;
    swa.border_pixel = 0;
    Window win = XCreateWindow(xdpy, DefaultRootWindow(xdpy), x, 0, (unsigned)w, (unsigned)h, 0, depth,
                               InputOutput, visual, CWColormap | CWBackPixel | CWBorderPixel, &swa);
    XMapWindow(xdpy, win);
    XSync(xdpy, False);
    return win;
}

/* Clears to rgb (0xRRGGBB with channels 0 or 0xff) and draws a white
 * quad over the top-right quarter (NDC x > 0, y > 0). */
static void draw(unsigned long rgb, int w, int h)
{
    glViewport(0, 0, w, h);
    glClearColor((rgb >> 16) ? 1.0f : 0.0f, (rgb >> 8 & 0xff) ? 1.0f : 0.0f, (rgb & 0xff) ? 1.0f : 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(1, 1, 1);
    glBegin(GL_QUADS);
    glVertex2f(0, 0);
    glVertex2f(1, 0);
    glVertex2f(1, 1);
    glVertex2f(0, 1);
    glEnd();
}

/* The window (or pixmap) shows draw(rgb, w, h): white top-right quarter,
 * rgb elsewhere. */
static void check_window(Display *xdpy, Drawable win, unsigned long rgb, int w, int h, const char *what)
{
    const struct {
        int x, y;
        unsigned long rgb;
    } probes[] = {
        {0, 0, rgb}, {w - 1, 0, 0xffffff}, {0, h - 1, rgb}, {w - 1, h - 1, rgb},
        {w / 2 + 1, h / 2 - 2, 0xffffff}, {w / 2 - 2, h / 2 - 2, rgb},
    };
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        unsigned long got = window_pixel(xdpy, win, probes[i].x, probes[i].y);
        CHECK(got == probes[i].rgb, "%s: window pixel (%d,%d) of %dx%d is %06lx, expected %06lx", what,
              probes[i].x, probes[i].y, w, h, got, probes[i].rgb);
    }
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static EGLint surface_int(EGLDisplay dpy, EGLSurface s, EGLint attr)
{
    EGLint v = -1;
    eglQuerySurface(dpy, s, attr, &v);
    return v;
}

/* ---- the 16-bit screen: no window configs ---- */
static int run_depth16(Display *xdpy)
{
    if (DefaultDepth(xdpy, DefaultScreen(xdpy)) != 16) {
        fprintf(stderr, "the X server's screen is not 16 bits deep: skipped\n");
        return 77;
    }
    EGLDisplay dpy = eglGetDisplay((EGLNativeDisplayType)xdpy);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "no EGL display on the 16-bit screen: 0x%x\n", eglGetError());
        return 1;
    }
    EGLint n = 0;
    static const EGLint want_window[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_NONE};
    CHECK(eglChooseConfig(dpy, want_window, NULL, 0, &n) && n == 0, "%d window configs on 16 bits", n);
    EGLConfig config = NULL;
    static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                  EGL_NONE};
    CHECK(eglChooseConfig(dpy, want, &config, 1, &n) && n == 1, "a pbuffer config");
    EGLint visual = -1;
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual);
    CHECK(visual == 0, "native visual %d", visual);
    XVisualInfo vi;
    CHECK(XMatchVisualInfo(xdpy, DefaultScreen(xdpy), 16, TrueColor, &vi), "a 16-bit visual");
    Window win = make_window(xdpy, vi.visual, 16, 0, 32, 32);
    /* EGL 1.5 section 3.5.1: a config without EGL_WINDOW_BIT */
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, win, NULL), EGL_BAD_MATCH);
    /* section 3.5.4: nor EGL_PIXMAP_BIT */
    Pixmap pixmap = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 8, 8, 16);
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, pixmap, NULL), EGL_BAD_MATCH);
    /* pbuffers render as anywhere */
    eglBindAPI(EGL_OPENGL_API);
    static const EGLint size[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
    EGLSurface pb = eglCreatePbufferSurface(dpy, config, size);
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(pb && ctx && eglMakeCurrent(dpy, pb, pb, ctx), "pbuffer: 0x%x", eglGetError());
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[4] = {0};
    glReadPixels(4, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0, "pbuffer pixel %d %d %d", px[0], px[1], px[2]);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglTerminate(dpy);
    eglReleaseThread();
    XFreePixmap(xdpy, pixmap);
    XDestroyWindow(xdpy, win);
    XCloseDisplay(xdpy);
    if (failures) {
        fprintf(stderr, "egl.x11_depth16: %d failures\n", failures);
        return 1;
    }
    printf("egl.x11_depth16: ok\n");
    return 0;
}

int main(int argc, char **argv)
{
    Display *xdpy = XOpenDisplay(NULL);
    if (!xdpy) {
        fprintf(stderr, "no X server: skipped\n");
        return 77;
    }
    if (argc > 1 && strcmp(argv[1], "depth16") == 0)
        return run_depth16(xdpy);

    /* ---- displays (EGL_KHR_platform_x11; EGL 1.5 section 3.2) ---- */
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    CHECK(client && strstr(client, "EGL_KHR_platform_x11") && strstr(client, "EGL_EXT_platform_x11"),
          "client extensions %s", client ? client : "(null)");
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL);
    if (dpy == EGL_NO_DISPLAY) {
        fprintf(stderr, "eglGetPlatformDisplay(X11): 0x%x\n", eglGetError());
        return 1;
    }
    /* eglGetDisplay guesses the platform of a Display (the vendor's
     * findNativeDisplayPlatform) and gives the same display */
    CHECK(eglGetDisplay((EGLNativeDisplayType)xdpy) == dpy, "eglGetDisplay(Display *)");
    /* asmgl keys a display by connection and screen (EGL_KHR_platform_x11:
     * "an EGLDisplay refers to a specific X11 screen"), so naming the
     * default screen gives the same one.  (EGL 1.5 section 3.2 only asks
     * this for identical parameters; Mesa 22 makes another display.) */
    const EGLAttrib screen0[] = {EGL_PLATFORM_X11_SCREEN_KHR, DefaultScreen(xdpy), EGL_NONE};
    CHECK(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, screen0) == dpy, "the default screen");
    const EGLint screen0_ext[] = {EGL_PLATFORM_X11_SCREEN_EXT, DefaultScreen(xdpy), EGL_NONE};
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display_ext =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    CHECK(get_display_ext && get_display_ext(EGL_PLATFORM_X11_EXT, xdpy, screen0_ext) == dpy,
          "EGL_EXT_platform_x11");
    /* an invalid screen is EGL_BAD_ATTRIBUTE (EGL_KHR_platform_x11) */
    const EGLAttrib screen99[] = {EGL_PLATFORM_X11_SCREEN_KHR, 99, EGL_NONE};
    EXPECT_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, screen99), EGL_BAD_ATTRIBUTE);
    const EGLAttrib unknown[] = {0x1234, 0, EGL_NONE};
    EXPECT_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, unknown), EGL_BAD_ATTRIBUTE);
    /* EGL_DEFAULT_DISPLAY: a connection of EGL's own, one display */
    EGLDisplay own = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(own != EGL_NO_DISPLAY && own != dpy, "EGL_DEFAULT_DISPLAY: %p", own);
    CHECK(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, EGL_DEFAULT_DISPLAY, NULL) == own, "the same again");
    /* a pointer that is not a Display is not mistaken for one */
    static char not_a_display[4096];
    CHECK(eglGetDisplay((EGLNativeDisplayType)not_a_display) == EGL_NO_DISPLAY, "not a Display");

    EGLint major = 0, minor = 0;
    CHECK(eglInitialize(dpy, &major, &minor) && major == 1 && minor == 5, "eglInitialize");
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    if (!vendor || strcmp(vendor, "asmgl") != 0) {
        fprintf(stderr, "EGL vendor %s, not asmgl\n", vendor ? vendor : "(null)");
        return 1;
    }

    /* ---- window configs: RGBA8 on the screen's TrueColor visual ---- */
    static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                  EGL_RED_SIZE, 8, EGL_DEPTH_SIZE, 24, EGL_NONE};
    EGLConfig config = NULL;
    EGLint n = 0;
    CHECK(eglChooseConfig(dpy, want, &config, 1, &n) && n == 1, "a window config: 0x%x", eglGetError());
    EGLint visual_id = 0, visual_type = 0, type = 0;
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id);
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_TYPE, &visual_type);
    eglGetConfigAttrib(dpy, config, EGL_SURFACE_TYPE, &type);
    XVisualInfo vt = {.visualid = (VisualID)visual_id};
    int nv = 0;
    XVisualInfo *vi = XGetVisualInfo(xdpy, VisualIDMask, &vt, &nv);
    CHECK(vi && nv == 1 && vi->class == TrueColor && vi->depth == 24 && vi->red_mask == 0xff0000 &&
              vi->green_mask == 0xff00 && vi->blue_mask == 0xff && visual_type == TrueColor,
          "visual 0x%x of type %d", visual_id, visual_type);
    const EGLint all = EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT;
    CHECK((type & all) == all, "surface type 0x%x", type);
    if (!vi) {
        fprintf(stderr, "no visual for the config\n");
        return 1;
    }
    /* the surfaceless display of the same vendor has pbuffer-only configs */
    EGLDisplay sl = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    eglInitialize(sl, NULL, NULL);
    EGLConfig sl_config = NULL;
    static const EGLint want_pb[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                     EGL_NONE};
    CHECK(eglChooseConfig(sl, want_pb, &sl_config, 1, &n) && n == 1, "surfaceless config");

    /* ---- a window surface (EGL 1.5 section 3.5.1) ---- */
    eglBindAPI(EGL_OPENGL_API);
    Window win = make_window(xdpy, vi->visual, vi->depth, 0, 64, 48);
    EGLSurface surf = eglCreateWindowSurface(dpy, config, win, NULL);
    CHECK(surf != EGL_NO_SURFACE, "eglCreateWindowSurface: 0x%x", eglGetError());
    CHECK(surface_int(dpy, surf, EGL_WIDTH) == 64 && surface_int(dpy, surf, EGL_HEIGHT) == 48,
          "surface %dx%d", surface_int(dpy, surf, EGL_WIDTH), surface_int(dpy, surf, EGL_HEIGHT));
    CHECK(surface_int(dpy, surf, EGL_RENDER_BUFFER) == EGL_BACK_BUFFER, "back-buffered");
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(ctx != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());

    /* errors of window creation */
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, win, NULL), EGL_BAD_ALLOC); /* one per window */
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)0x7ffffff0, NULL),
                 EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, 0, NULL), EGL_BAD_NATIVE_WINDOW);
    Pixmap pixmap = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 8, 8, (unsigned)vi->depth);
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, pixmap, NULL), EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreatePlatformWindowSurface(dpy, config, NULL, NULL), EGL_BAD_NATIVE_WINDOW);
    Window win2 = make_window(xdpy, vi->visual, vi->depth, 200, 32, 32);
    const EGLint srgb[] = {EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE};
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, win2, srgb), EGL_BAD_MATCH);
    const EGLint bad_buffer[] = {EGL_RENDER_BUFFER, 0x1234, EGL_NONE};
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, win2, bad_buffer), EGL_BAD_ATTRIBUTE);
    const EGLint bad_attr[] = {EGL_WIDTH, 16, EGL_NONE};
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, win2, bad_attr), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglCreateWindowSurface(dpy, (EGLConfig)&n, win2, NULL), EGL_BAD_CONFIG);
    /* EGL_MESA_platform_surfaceless: that display has no native windows */
    EXPECT_ERROR(eglCreateWindowSurface(sl, sl_config, win2, NULL), EGL_BAD_NATIVE_WINDOW);
    /* a DirectColor window: its pixels are not the config's colour buffer */
    XVisualInfo dc;
    if (XMatchVisualInfo(xdpy, DefaultScreen(xdpy), 24, DirectColor, &dc)) {
        Window dwin = make_window(xdpy, dc.visual, 24, 300, 16, 16);
        EXPECT_ERROR(eglCreateWindowSurface(dpy, config, dwin, NULL), EGL_BAD_MATCH);
        XDestroyWindow(xdpy, dwin);
    }

    /* ---- frames in the window ---- */
    /* EGL 1.5 section 3.10.4: only the current draw surface can be swapped */
    EXPECT_ERROR(eglSwapBuffers(dpy, surf), EGL_BAD_SURFACE);
    CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "eglMakeCurrent: 0x%x", eglGetError());
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    CHECK(renderer && strstr(renderer, "asmgl"), "GL_RENDERER %s", renderer ? renderer : "(null)");
    GLint viewport[4] = {0};
    glGetIntegerv(GL_VIEWPORT, viewport);
    CHECK(viewport[2] == 64 && viewport[3] == 48, "initial viewport %dx%d (EGL 1.5 section 3.7.3)",
          viewport[2], viewport[3]);
    EGLint rb = 0;
    eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &rb);
    CHECK(rb == EGL_BACK_BUFFER, "context renders to the back buffer: 0x%x", rb);
    /* eglSwapInterval (section 3.10.3): out-of-range values are clamped,
     * no error; the interval paces the swaps of the window, at least
     * interval frame periods (1/60 s, as asmgl's GLX) apart */
    EGLint max_interval = 0;
    eglGetConfigAttrib(dpy, config, EGL_MAX_SWAP_INTERVAL, &max_interval);
    CHECK(eglSwapInterval(dpy, -5) && eglSwapInterval(dpy, 1 << 30), "eglSwapInterval clamps");
    CHECK(max_interval >= 3 && eglSwapInterval(dpy, 3), "eglSwapInterval(3), max %d", max_interval);
    draw(0, 64, 48);
    eglSwapBuffers(dpy, surf);
    double t0 = now();
    for (int i = 0; i < 2; i++)
        eglSwapBuffers(dpy, surf);
    double paced = now() - t0;
    CHECK(paced >= 2 * 3 / 60.0 - 0.002, "two swaps at interval 3 took %.3f s", paced);
    CHECK(eglSwapInterval(dpy, 0), "eglSwapInterval(0)");
    static const unsigned long colours[] = {0xff0000, 0x00ff00, 0x0000ff, 0xff00ff};
    for (int f = 0; f < 4; f++) {
        draw(colours[f], 64, 48);
        CHECK(eglSwapBuffers(dpy, surf), "eglSwapBuffers: 0x%x", eglGetError());
        check_window(xdpy, win, colours[f], 64, 48, "frame");
    }
    /* the back buffer is not shown before the swap */
    draw(0x00ffff, 64, 48);
    glFinish();
    check_window(xdpy, win, colours[3], 64, 48, "before the swap");
    CHECK(eglSwapBuffers(dpy, surf), "eglSwapBuffers");
    check_window(xdpy, win, 0x00ffff, 64, 48, "after the swap");

    /* ---- resize: the surface follows at glViewport ... ---- */
    XResizeWindow(xdpy, win, 100, 80);
    XSync(xdpy, False);
    glViewport(0, 0, 100, 80);
    CHECK(surface_int(dpy, surf, EGL_WIDTH) == 100 && surface_int(dpy, surf, EGL_HEIGHT) == 80,
          "surface follows the window at glViewport: %dx%d", surface_int(dpy, surf, EGL_WIDTH),
          surface_int(dpy, surf, EGL_HEIGHT));
    draw(0xff0000, 100, 80);
    CHECK(eglSwapBuffers(dpy, surf), "swap at the new size");
    check_window(xdpy, win, 0xff0000, 100, 80, "resized");
    /* ... and, for a frame that sets no viewport, after the swap */
    XResizeWindow(xdpy, win, 90, 70);
    XSync(xdpy, False);
    glClear(GL_COLOR_BUFFER_BIT);
    CHECK(surface_int(dpy, surf, EGL_WIDTH) == 100, "no glViewport, no resize yet");
    CHECK(eglSwapBuffers(dpy, surf), "swap after the resize");
    CHECK(surface_int(dpy, surf, EGL_WIDTH) == 90 && surface_int(dpy, surf, EGL_HEIGHT) == 70,
          "surface follows the window after the swap: %dx%d", surface_int(dpy, surf, EGL_WIDTH),
          surface_int(dpy, surf, EGL_HEIGHT));
    draw(0xff0000, 90, 70);
    CHECK(eglSwapBuffers(dpy, surf), "swap at 90x70");
    check_window(xdpy, win, 0xff0000, 90, 70, "resized again");
    unsigned char px[4] = {0};
    glReadPixels(89, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 255 && px[1] == 0 && px[2] == 0, "glReadPixels at the new size: %d %d %d", px[0], px[1],
          px[2]);
    /* a resize while not current is followed at eglMakeCurrent */
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    XResizeWindow(xdpy, win, 50, 40);
    XSync(xdpy, False);
    CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "current again");
    CHECK(surface_int(dpy, surf, EGL_WIDTH) == 50 && surface_int(dpy, surf, EGL_HEIGHT) == 40,
          "surface follows at eglMakeCurrent: %dx%d", surface_int(dpy, surf, EGL_WIDTH),
          surface_int(dpy, surf, EGL_HEIGHT));
    draw(0x0000ff, 50, 40);
    CHECK(eglSwapBuffers(dpy, surf), "swap at 50x40");
    check_window(xdpy, win, 0x0000ff, 50, 40, "shrunk");

    /* ---- EGL_KHR_swap_buffers_with_damage on a window ---- */
    PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_damage =
        (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
    if (swap_damage) {
        draw(0x00ff00, 50, 40);
        EGLint rect[4] = {0, 0, 50, 40};
        CHECK(swap_damage(dpy, surf, rect, 1), "swap with damage: 0x%x", eglGetError());
        check_window(xdpy, win, 0x00ff00, 50, 40, "swap with damage");
    }

    /* ---- EGL_EXT_platform_base's window function and a single-buffered window ---- */
    PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC create_ext =
        (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)eglGetProcAddress("eglCreatePlatformWindowSurfaceEXT");
    CHECK(create_ext != NULL, "eglCreatePlatformWindowSurfaceEXT");
    const EGLint single[] = {EGL_RENDER_BUFFER, EGL_SINGLE_BUFFER, EGL_NONE};
    EGLSurface front = create_ext ? create_ext(dpy, config, &win2, single) : EGL_NO_SURFACE;
    CHECK(front != EGL_NO_SURFACE, "single-buffered window: 0x%x", eglGetError());
    CHECK(surface_int(dpy, front, EGL_RENDER_BUFFER) == EGL_SINGLE_BUFFER, "EGL_SINGLE_BUFFER");
    CHECK(eglMakeCurrent(dpy, front, front, ctx), "current on the single-buffered window");
    eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &rb);
    CHECK(rb == EGL_SINGLE_BUFFER, "context renders to the front: 0x%x", rb);
    draw(0xff00ff, 32, 32);
    glFlush(); /* shown at the flush, no swap */
    check_window(xdpy, win2, 0xff00ff, 32, 32, "single-buffered after glFlush");

    /* ---- pixmaps (EGL 1.5 sections 3.5.4, 3.10.2) ---- */
    /* EGL_MATCH_NATIVE_PIXMAP (section 3.4.1.1) */
    const EGLint match_pixmap[] = {EGL_MATCH_NATIVE_PIXMAP, (EGLint)pixmap, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_NONE};
    EGLint np = 0;
    CHECK(eglChooseConfig(dpy, match_pixmap, NULL, 0, &np) && np == 8, "%d configs for the pixmap", np);
    Pixmap bitmap = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 8, 8, 1);
    const EGLint match_bitmap[] = {EGL_MATCH_NATIVE_PIXMAP, (EGLint)bitmap, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                   EGL_NONE};
    CHECK(eglChooseConfig(dpy, match_bitmap, NULL, 0, &np) && np == 0, "%d configs for a 1-bit pixmap", np);
    const EGLint match_window[] = {EGL_MATCH_NATIVE_PIXMAP, (EGLint)win2, EGL_NONE};
    EXPECT_ERROR(eglChooseConfig(dpy, match_window, NULL, 0, &np), EGL_BAD_NATIVE_PIXMAP);
    /* errors of pixmap creation */
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, win2, NULL), EGL_BAD_NATIVE_PIXMAP); /* a window */
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, 0x7ffffff0, NULL), EGL_BAD_NATIVE_PIXMAP);
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, bitmap, NULL), EGL_BAD_MATCH); /* 1 bit deep */
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, pixmap, single), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglCreatePixmapSurface(sl, sl_config, pixmap, NULL), EGL_BAD_NATIVE_PIXMAP);
    EGLSurface pix = eglCreatePlatformPixmapSurface(dpy, config, &pixmap, NULL);
    CHECK(pix != EGL_NO_SURFACE, "pixmap surface: 0x%x", eglGetError());
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, pixmap, NULL), EGL_BAD_ALLOC); /* one per pixmap */
    CHECK(surface_int(dpy, pix, EGL_WIDTH) == 8 && surface_int(dpy, pix, EGL_HEIGHT) == 8 &&
              surface_int(dpy, pix, EGL_RENDER_BUFFER) == EGL_SINGLE_BUFFER,
          "pixmap surface %dx%d", surface_int(dpy, pix, EGL_WIDTH), surface_int(dpy, pix, EGL_HEIGHT));
    /* rendering shows in the pixmap once flushed (section 3.8: eglWaitClient) */
    CHECK(eglMakeCurrent(dpy, pix, pix, ctx), "current on the pixmap: 0x%x", eglGetError());
    draw(0x00ffff, 8, 8);
    CHECK(eglWaitClient(), "eglWaitClient");
    check_window(xdpy, pixmap, 0x00ffff, 8, 8, "pixmap surface");
    /* eglCopyBuffers: the current draw surface into a pixmap of its size */
    Pixmap target = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 32, 32, (unsigned)vi->depth);
    Pixmap small = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 16, 16, (unsigned)vi->depth);
    CHECK(eglMakeCurrent(dpy, front, front, ctx), "the 32x32 window");
    draw(0xffff00, 32, 32);
    CHECK(eglCopyBuffers(dpy, front, target), "eglCopyBuffers: 0x%x", eglGetError());
    check_window(xdpy, target, 0xffff00, 32, 32, "eglCopyBuffers");
    EXPECT_ERROR(eglCopyBuffers(dpy, front, small), EGL_BAD_MATCH);        /* another size */
    EXPECT_ERROR(eglCopyBuffers(dpy, front, win2), EGL_BAD_NATIVE_PIXMAP); /* a window */
    EXPECT_ERROR(eglCopyBuffers(dpy, pix, target), EGL_BAD_SURFACE);       /* not current (3.10.4) */
    CHECK(eglDestroySurface(dpy, pix), "destroy the pixmap surface");

    /* ---- the window goes away under the surface ---- */
    CHECK(eglMakeCurrent(dpy, surf, surf, ctx), "back to the first window");
    XDestroyWindow(xdpy, win);
    XSync(xdpy, False);
    draw(0xff0000, 50, 40);
    /* section 3.10.4: the native window is no longer valid */
    EXPECT_ERROR(eglSwapBuffers(dpy, surf), EGL_BAD_NATIVE_WINDOW);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    /* section 3.7.3: making it current again is EGL_BAD_NATIVE_WINDOW */
    EXPECT_ERROR(eglMakeCurrent(dpy, surf, surf, ctx), EGL_BAD_NATIVE_WINDOW);
    CHECK(eglDestroySurface(dpy, surf) && eglDestroySurface(dpy, front), "eglDestroySurface");
    /* the window is free for a new surface once its surface is destroyed */
    EGLSurface again = eglCreateWindowSurface(dpy, config, win2, NULL);
    CHECK(again != EGL_NO_SURFACE, "a new surface on the same window: 0x%x", eglGetError());
    eglDestroySurface(dpy, again);

    /* ---- the display of EGL's own connection renders too, into a window
     * the application made on its connection (X ids are the server's) ---- */
    CHECK(eglInitialize(own, NULL, NULL), "own connection");
    EGLConfig own_config = NULL;
    CHECK(eglChooseConfig(own, want, &own_config, 1, &n) && n == 1, "own connection's config");
    Window win3 = make_window(xdpy, vi->visual, vi->depth, 500, 24, 24);
    EGLSurface own_surf = eglCreateWindowSurface(own, own_config, win3, NULL);
    EGLContext own_ctx = eglCreateContext(own, own_config, EGL_NO_CONTEXT, NULL);
    CHECK(own_surf && own_ctx && eglMakeCurrent(own, own_surf, own_surf, own_ctx),
          "own connection: window surface 0x%x", eglGetError());
    draw(0xff00ff, 24, 24);
    CHECK(eglSwapBuffers(own, own_surf), "own connection: swap");
    check_window(xdpy, win3, 0xff00ff, 24, 24, "own connection");
    CHECK(eglMakeCurrent(own, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    CHECK(eglTerminate(own), "terminate own connection");
    XDestroyWindow(xdpy, win3);

    CHECK(eglDestroyContext(dpy, ctx), "eglDestroyContext");
    CHECK(eglTerminate(dpy), "eglTerminate");
    eglTerminate(sl);

    /* ---- the application closes its Display before eglTerminate (as GLFW
     * 3.3 does), with a window surface left over ---- */
    for (int round = 0; round < 2; round++) {
        Display *x2 = XOpenDisplay(NULL);
        EGLDisplay d2 = eglGetDisplay((EGLNativeDisplayType)x2);
        CHECK(d2 != EGL_NO_DISPLAY && eglInitialize(d2, NULL, NULL), "round %d: display 0x%x", round,
              eglGetError());
        EGLConfig c2 = NULL;
        eglChooseConfig(d2, want, &c2, 1, &n);
        Window w2 = make_window(x2, vi->visual, vi->depth, 400, 16, 16);
        EGLSurface s2 = eglCreateWindowSurface(d2, c2, w2, NULL);
        EGLContext x2ctx = eglCreateContext(d2, c2, EGL_NO_CONTEXT, NULL);
        CHECK(s2 && x2ctx && eglMakeCurrent(d2, s2, s2, x2ctx), "round %d: window: 0x%x", round,
              eglGetError());
        draw(0x00ff00, 16, 16);
        CHECK(eglSwapBuffers(d2, s2), "round %d: swap", round);
        check_window(x2, w2, 0x00ff00, 16, 16, "second connection");
        if (round == 0) {
            XCloseDisplay(x2); /* the surface is still current */
            EXPECT_ERROR(eglSwapBuffers(d2, s2), EGL_BAD_NATIVE_WINDOW);
            CHECK(eglMakeCurrent(d2, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
            CHECK(eglTerminate(d2), "eglTerminate after XCloseDisplay");
        } else {
            eglMakeCurrent(d2, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
            eglTerminate(d2);
            XCloseDisplay(x2);
        }
    }
    eglReleaseThread();
    XFree(vi);
    XFreePixmap(xdpy, pixmap);
    XFreePixmap(xdpy, bitmap);
    XFreePixmap(xdpy, target);
    XFreePixmap(xdpy, small);
    XDestroyWindow(xdpy, win2);
    XCloseDisplay(xdpy);
    if (failures) {
        fprintf(stderr, "egl.x11: %d failures\n", failures);
        return 1;
    }
    printf("egl.x11: ok\n");
    return 0;
}
