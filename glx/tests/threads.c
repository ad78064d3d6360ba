/*
 * threads.c - two threads, each with its own context and window on one
 * Display (XInitThreads), render and swap at the same time.  Every frame
 * is checked with glReadPixels on its own thread (no cross-talk between
 * the contexts), and the last frame of each window with XGetImage after
 * both threads end.
 *
 * Then one window current to three contexts at once (GLX 1.4 section
 * 3.3.7: a drawable may be current to several contexts, in different
 * threads): the main thread's, and two threads' that take turns drawing
 * a 4-pixel-wide band each into it, finishing with glFinish.  At its turn
 * each thread reads the band the other drew just before (one window, one
 * set of pixels); at the end the main thread's context reads every band,
 * and its swap shows them in the window.
 */
#include "glx_test.h"

#include <pthread.h>

#define FRAMES 40

typedef struct job {
    Display *dpy;
    GLXFBConfig cfg;
    Window win;
    unsigned long colour, corner; /* the frame's colours; corner grows */
    int bad_frames;
    bool made_current;
} job;

static void *run(void *arg)
{
    job *j = arg;
    GLXContext ctx = glXCreateNewContext(j->dpy, j->cfg, GLX_RGBA_TYPE, NULL, True);
    if (!ctx || !glXMakeCurrent(j->dpy, j->win, ctx))
        return NULL;
    j->made_current = true;
    for (int f = 0; f < FRAMES; f++) {
        draw_corner(j->colour, j->corner, f + 1, f + 1);
        if (gl_pixel(f, f) != j->corner || gl_pixel(f + 1, 0) != j->colour)
            j->bad_frames++;
        glXSwapBuffers(j->dpy, j->win);
    }
    glXMakeCurrent(j->dpy, None, NULL);
    glXDestroyContext(j->dpy, ctx);
    return NULL;
}

/* ---- one window, current to several contexts ---------------------------------------- */

#define TURNS 12 /* bands of 4 pixels: the window is 4 * TURNS wide */

static const unsigned long band_colour[2] = {0xff0000, 0x0000ff};

typedef struct shared_job {
    Display *dpy;
    GLXFBConfig cfg;
    Window win;
    int id;                   /* 0 or 1: draws turns id, id + 2, ... */
    bool made_current;
    int bad_reads;            /* bands of the other thread not seen */
} shared_job;

static pthread_mutex_t turn_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t turn_cond = PTHREAD_COND_INITIALIZER;
static int turn;              /* the band drawn next; both threads current meanwhile */
static int ready;             /* threads whose context is current */

static void fill_band(int k, unsigned long colour)
{
    glEnable(GL_SCISSOR_TEST);
    glScissor(4 * k, 0, 4, 16);
    glClearColor((colour >> 16 & 255) / 255.0f, (colour >> 8 & 255) / 255.0f,
                 (colour & 255) / 255.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

static void *run_shared(void *arg)
{
    shared_job *j = arg;
    GLXContext ctx = glXCreateNewContext(j->dpy, j->cfg, GLX_RGBA_TYPE, NULL, True);
    j->made_current = ctx && glXMakeCurrent(j->dpy, j->win, ctx);
    pthread_mutex_lock(&turn_lock);
    ready++;
    pthread_cond_broadcast(&turn_cond);
    /* both contexts are current before the first band */
    while (ready < 2)
        pthread_cond_wait(&turn_cond, &turn_lock);
    for (int k = j->id; k < TURNS; k += 2) {
        while (turn != k)
            pthread_cond_wait(&turn_cond, &turn_lock);
        if (j->made_current) {
            /* the other thread's band, finished before it passed the turn */
            if (k > 0 && gl_pixel(4 * (k - 1) + 1, 1) != band_colour[1 - j->id])
                j->bad_reads++;
            fill_band(k, band_colour[j->id]);
            glFinish();
        }
        turn++;
        pthread_cond_broadcast(&turn_cond);
    }
    pthread_mutex_unlock(&turn_lock);
    if (ctx) {
        glXMakeCurrent(j->dpy, None, NULL);
        glXDestroyContext(j->dpy, ctx);
    }
    return NULL;
}

static void test_shared_window(Display *dpy, GLXFBConfig cfg)
{
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    Window win = make_window(dpy, vi, 4 * TURNS, 16);
    XFree(vi);
    XMoveWindow(dpy, win, 0, 100);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(ctx && glXMakeCurrent(dpy, win, ctx), "main context current");
    glClearColor(0.5f, 0.5f, 0.5f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    errors_reset(dpy);
    shared_job jobs[2] = {{dpy, cfg, win, 0, false, 0}, {dpy, cfg, win, 1, false, 0}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, run_shared, &jobs[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    XSync(dpy, False);
    CHECK(x_error_count == 0, "X error %d (request %d.%d) making the window current again",
          x_error_code, x_error_request, x_error_minor);
    for (int i = 0; i < 2; i++) {
        CHECK(jobs[i].made_current, "thread %d: the window current to a second context", i);
        CHECK(jobs[i].bad_reads == 0, "thread %d: %d bands of the other thread not seen", i,
              jobs[i].bad_reads);
    }
    int bad = 0;
    for (int k = 0; k < TURNS; k++)
        bad += gl_pixel(4 * k + 2, 8) != band_colour[k % 2];
    CHECK(bad == 0, "main context: %d bands wrong", bad);
    glXSwapBuffers(dpy, win);
    XSync(dpy, False);
    bad = 0;
    for (int k = 0; k < TURNS; k++)
        bad += x_pixel(dpy, win, 4 * k + 2, 8) != band_colour[k % 2];
    CHECK(bad == 0, "window: %d bands wrong", bad);
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
}

int main(void)
{
    if (!XInitThreads())
        return 77;
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "no X display: skipped\n");
        return 77;
    }
    int attribs[] = {GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, None};
    int n = 0;
    GLXFBConfig *list = glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs, &n);
    if (!list || n == 0) {
        fprintf(stderr, "no double-buffered config\n");
        return 1;
    }
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, list[0]);
    job jobs[2] = {
        {dpy, list[0], make_window(dpy, vi, 64, 64), 0xff0000, 0x00ff00, 0, false, },
        {dpy, list[0], make_window(dpy, vi, 80, 50), 0x0000ff, 0xffff00, 0, false, },
    };
    XFree(vi);
    XMoveWindow(dpy, jobs[1].win, 100, 0); /* side by side: neither hides the other */
    XSync(dpy, False);
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, run, &jobs[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    XSync(dpy, False);
    for (int i = 0; i < 2; i++) {
        job *j = &jobs[i];
        CHECK(j->made_current, "thread %d: context current", i);
        CHECK(j->bad_frames == 0, "thread %d: %d frames read back wrong", i, j->bad_frames);
        XWindowAttributes wa;
        XGetWindowAttributes(dpy, j->win, &wa);
        /* the last frame: corner FRAMES x FRAMES at the bottom left */
        unsigned long in = x_pixel(dpy, j->win, FRAMES - 1, wa.height - FRAMES);
        unsigned long out = x_pixel(dpy, j->win, FRAMES, wa.height - 1);
        unsigned long top = x_pixel(dpy, j->win, wa.width - 1, 0);
        CHECK(in == j->corner, "window %d: corner %06lx, expected %06lx", i, in, j->corner);
        CHECK(out == j->colour && top == j->colour, "window %d: %06lx %06lx, expected %06lx", i, out,
              top, j->colour);
    }
    XSetErrorHandler(record_x_error);
    test_shared_window(dpy, list[0]);
    XFree(list);
    XCloseDisplay(dpy);
    return report("glx threads");
}
