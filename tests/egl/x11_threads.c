/*
 * x11_threads.c - several windows, each with its own context and thread,
 * on one X connection (opened after XInitThreads, as Xlib requires) and
 * one EGLDisplay: every thread renders and swaps 40 frames of its own
 * colour into its own window, one of them resizing its window halfway,
 * and checks its window's pixels after each swap.  The tile workers run
 * too (ASMGL_THREADS from ctest).  Exit 77 (skip) without an X server.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

enum { THREADS = 3, FRAMES = 40 };

static atomic_int failures;

#define CHECK(cond, ...)                                                          \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond);      \
            fprintf(stderr, __VA_ARGS__);                                         \
            fprintf(stderr, "\n");                                                \
            atomic_fetch_add(&failures, 1);                                       \
        }                                                                         \
    } while (0)

static Display *xdpy;
static EGLDisplay dpy;
static EGLConfig config;
static XVisualInfo *vi;

static unsigned long channel(unsigned long p, unsigned long mask)
{
    return mask ? (p & mask) >> __builtin_ctzl(mask) : 0;
}

static unsigned long window_pixel(Window win, int x, int y)
{
    XImage *img = XGetImage(xdpy, win, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!img)
        return 0xdeadbeef;
    unsigned long p = XGetPixel(img, 0, 0);
    unsigned long rgb = channel(p, img->red_mask) << 16 | channel(p, img->green_mask) << 8 |
                        channel(p, img->blue_mask);
    XDestroyImage(img);
    return rgb;
}

typedef struct job {
    int index;
    Window win;
} job;

/* Thread i: frame f clears to a colour of its own (channels 0 or 255) and
 * draws a black quad over the left half. */
static unsigned long colour(int i, int f)
{
    static const unsigned long c[] = {0xff0000, 0x00ff00, 0x0000ff, 0xffff00, 0xff00ff, 0x00ffff};
    return c[(i + f) % 6];
}

static void *run(void *arg)
{
    job *j = arg;
    eglBindAPI(EGL_OPENGL_API); /* the bound API is per thread (EGL 1.5 section 3.7) */
    EGLSurface surf = eglCreateWindowSurface(dpy, config, j->win, NULL);
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(surf && ctx, "thread %d: surface and context: 0x%x", j->index, eglGetError());
    if (!surf || !ctx || !eglMakeCurrent(dpy, surf, surf, ctx)) {
        CHECK(0, "thread %d: eglMakeCurrent", j->index);
        return NULL;
    }
    int w = 48, h = 32;
    for (int f = 0; f < FRAMES; f++) {
        if (j->index == 0 && f == FRAMES / 2) {
            /* the next swap shows this frame, then the surface follows */
            XResizeWindow(xdpy, j->win, 80, 60);
            XSync(xdpy, False);
        }
        unsigned long rgb = colour(j->index, f);
        glViewport(0, 0, w, h);
        glClearColor(rgb >> 16 ? 1.0f : 0.0f, rgb >> 8 & 0xff ? 1.0f : 0.0f, rgb & 0xff ? 1.0f : 0.0f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glColor3f(0, 0, 0);
        glBegin(GL_QUADS);
        glVertex2f(-1, -1);
        glVertex2f(0, -1);
        glVertex2f(0, 1);
        glVertex2f(-1, 1);
        glEnd();
        CHECK(eglSwapBuffers(dpy, surf), "thread %d frame %d: swap 0x%x", j->index, f, eglGetError());
        unsigned long left = window_pixel(j->win, 1, h - 2), right = window_pixel(j->win, w - 2, 1);
        CHECK(left == 0 && right == rgb, "thread %d frame %d: window %06lx %06lx, expected 000000 %06lx",
              j->index, f, left, right, rgb);
        EGLint sw = 0, sh = 0;
        eglQuerySurface(dpy, surf, EGL_WIDTH, &sw);
        eglQuerySurface(dpy, surf, EGL_HEIGHT, &sh);
        w = sw;
        h = sh;
    }
    CHECK(j->index != 0 || (w == 80 && h == 60), "thread 0 ends at %dx%d", w, h);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroySurface(dpy, surf);
    eglDestroyContext(dpy, ctx);
    eglReleaseThread();
    return NULL;
}

int main(void)
{
    XInitThreads();
    xdpy = XOpenDisplay(NULL);
    if (!xdpy) {
        fprintf(stderr, "no X server: skipped\n");
        return 77;
    }
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "no EGL display: 0x%x\n", eglGetError());
        return 1;
    }
    static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                  EGL_NONE};
    EGLint n = 0, visual_id = 0;
    if (!eglChooseConfig(dpy, want, &config, 1, &n) || n != 1) {
        fprintf(stderr, "no window config\n");
        return 1;
    }
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual_id);
    XVisualInfo vt = {.visualid = (VisualID)visual_id};
    int nv = 0;
    vi = XGetVisualInfo(xdpy, VisualIDMask, &vt, &nv);
    if (!vi) {
        fprintf(stderr, "no visual 0x%x\n", visual_id);
        return 1;
    }
    eglBindAPI(EGL_OPENGL_API);

    job jobs[THREADS];
    pthread_t tids[THREADS];
    for (int i = 0; i < THREADS; i++) {
        XSetWindowAttributes swa = {.colormap = XCreateColormap(xdpy, DefaultRootWindow(xdpy), vi->visual,
                                                                AllocNone)};
        jobs[i].index = i;
        jobs[i].win = XCreateWindow(xdpy, DefaultRootWindow(xdpy), 100 * i, 0, 48, 32, 0, vi->depth,
                                    InputOutput, vi->visual, CWColormap, &swa);
        XMapWindow(xdpy, jobs[i].win);
    }
    XSync(xdpy, False);
    for (int i = 0; i < THREADS; i++)
        pthread_create(&tids[i], NULL, run, &jobs[i]);
    for (int i = 0; i < THREADS; i++)
        pthread_join(tids[i], NULL);

    eglTerminate(dpy);
    eglReleaseThread();
    XFree(vi);
    XCloseDisplay(xdpy);
    if (failures) {
        fprintf(stderr, "egl.x11_threads: %d failures\n", failures);
        return 1;
    }
    printf("egl.x11_threads: %d threads x %d frames: ok\n", THREADS, FRAMES);
    return 0;
}
