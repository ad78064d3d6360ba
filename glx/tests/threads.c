/*
 * threads.c - two threads, each with its own context and window on one
 * Display (XInitThreads), render and swap at the same time.  Every frame
 * is checked with glReadPixels on its own thread (no cross-talk between
 * the contexts), and the last frame of each window with XGetImage after
 * both threads end.
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
    XFree(list);
    XCloseDisplay(dpy);
    return report("glx threads");
}
