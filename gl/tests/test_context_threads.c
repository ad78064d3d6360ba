/*
 * test_context_threads.c - asmgl.h calls on a context from a thread other
 * than the one it is current on (asmgl.h "Threads").
 *
 * One thread renders with the context current while another calls
 * asmgl_resize, asmgl_read_color, asmgl_make_current and
 * asmgl_context_destroy on it: each must refuse (0, asmgl_last_error set)
 * and leave the renderer's framebuffer alone, never free it under the
 * renderer nor wait for it.  Then the context is handed back and forth
 * between the two threads (released, used from the other thread, taken
 * current again) with both threads racing for it: whatever the
 * interleaving, every call either works or refuses, and what it works on
 * is intact.  An alarm bounds the whole test, so a deadlock fails it.
 *
 * Two threads race to lend one surface (asmgl_make_current_surface) to
 * their own contexts: one wins each time, the other refuses, and neither
 * context's own framebuffer changes; a surface lent on another thread is
 * not destroyed.
 *
 *   usage: gl_test_context_threads [resize|read|handoff|surface]   (default: all)
 */
#include "gl_test.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_W 1000
#define MAX_H 900

static asmgl_context *ctx;
static atomic_int stop, started, frames;
static atomic_int bad_render; /* renderer-side check failures */

/* Draws a green full-window triangle pair and checks one pixel. */
static void draw_frame(void)
{
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(0, 1, 0, 1);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    unsigned char px[4] = {0};
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (px[0] != 0 || px[1] != 255 || glGetError() != GL_NO_ERROR)
        atomic_fetch_add(&bad_render, 1);
}

/* Thread A: keeps ctx current and renders until told to stop. */
static void *renderer(void *arg)
{
    (void)arg;
    if (!asmgl_make_current(ctx)) {
        atomic_fetch_add(&bad_render, 1);
        atomic_store(&started, 1);
        return NULL;
    }
    atomic_store(&started, 1);
    glViewport(0, 0, 64, 48);
    while (!atomic_load(&stop)) {
        draw_frame();
        atomic_fetch_add(&frames, 1);
    }
    asmgl_make_current(NULL);
    return NULL;
}

/* The context current on the renderer: every call from here refuses. */
static void refused_while_current(int mode)
{
    GT_CHECK(asmgl_resize(ctx, 64, 48));
    atomic_store(&stop, 0);
    atomic_store(&started, 0);
    atomic_store(&frames, 0);
    pthread_t t;
    pthread_create(&t, NULL, renderer, NULL);
    while (!atomic_load(&started))
        usleep(100);
    unsigned char *buf = malloc((size_t)MAX_W * MAX_H * 4);
    /* at least 2000 calls, spread over at least 20 frames of the renderer */
    int refused = 0, calls = 0;
    int f_start = atomic_load(&frames);
    for (int i = 0; i < 2000 || atomic_load(&frames) < f_start + 20; i++) {
        memset(buf, 0xab, 4);
        int r = mode == 0 ? asmgl_resize(ctx, 16 + (i % 50) * 20, 16 + (i % 30) * 30)
                          : asmgl_read_color(ctx, buf);
        calls++;
        if (r == 0 && strstr(asmgl_last_error(), "another thread") &&
            (mode == 0 || buf[0] == 0xab))
            refused++;
    }
    /* neither can the context be taken current or destroyed meanwhile */
    GT_CHECK(asmgl_make_current(ctx) == 0 && asmgl_get_current() == NULL);
    asmgl_context_destroy(ctx);
    GT_CHECK(strstr(asmgl_last_error(), "another thread") != NULL);
    /* the renderer went on drawing through all of it */
    int f0 = atomic_load(&frames);
    while (atomic_load(&frames) < f0 + 2)
        usleep(100);
    atomic_store(&stop, 1);
    pthread_join(t, NULL);
    GT_EQ_INT(refused, calls);
    GT_EQ_INT(atomic_load(&bad_render), 0);

    /* released: the calls work from this thread, on the renderer's frame */
    GT_CHECK(asmgl_read_color(ctx, buf));
    GT_CHECK(buf[0] == 0 && buf[1] == 255 && buf[2] == 0 && buf[3] == 255);
    size_t last = ((size_t)64 * 48 - 1) * 4;
    GT_CHECK(buf[last] == 0 && buf[last + 1] == 255);
    GT_CHECK(asmgl_resize(ctx, 8, 8));
    GT_CHECK(strcmp(asmgl_last_error(), "") == 0);
    free(buf);
}

/* Thread B for the hand-off: takes the context when it can, draws a frame
 * into it, reads it back, resizes it and lets it go again. */
static atomic_int handoff_ok, handoff_refused, handoff_bad;

static void *handoff_worker(void *arg)
{
    int id = (int)(long)arg;
    unsigned char *buf = malloc((size_t)MAX_W * MAX_H * 4);
    for (int i = 0; i < 300; i++) {
        int size = 8 + ((i * 7 + id * 13) % 40);
        switch ((i + id) % 3) {
        case 0: /* current here: draw and read */
            if (!asmgl_make_current(ctx)) {
                atomic_fetch_add(&handoff_refused, 1);
                break;
            }
            draw_frame();
            if (!asmgl_read_color(ctx, buf) || buf[1] != 255)
                atomic_fetch_add(&handoff_bad, 1);
            asmgl_make_current(NULL);
            atomic_fetch_add(&handoff_ok, 1);
            break;
        case 1: /* not current here: resize from outside */
            if (asmgl_resize(ctx, size, size))
                atomic_fetch_add(&handoff_ok, 1);
            else if (strstr(asmgl_last_error(), "another thread"))
                atomic_fetch_add(&handoff_refused, 1);
            else
                atomic_fetch_add(&handoff_bad, 1);
            break;
        case 2: /* not current here: read from outside */
            if (asmgl_read_color(ctx, buf))
                atomic_fetch_add(&handoff_ok, 1);
            else if (strstr(asmgl_last_error(), "another thread"))
                atomic_fetch_add(&handoff_refused, 1);
            else
                atomic_fetch_add(&handoff_bad, 1);
            break;
        }
    }
    free(buf);
    return NULL;
}

static void handoff(void)
{
    pthread_t t[3];
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, handoff_worker, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    GT_EQ_INT(atomic_load(&handoff_bad), 0);
    GT_EQ_INT(atomic_load(&handoff_ok) + atomic_load(&handoff_refused), 900);
    GT_CHECK(atomic_load(&handoff_ok) > 0);
    GT_EQ_INT(atomic_load(&bad_render), 0);
    GT_CHECK(asmgl_get_current() == NULL);
}

/* Keeps surf lent to a context of its own until told to stop. */
static asmgl_surface *surf;

static void *holder(void *arg)
{
    (void)arg;
    asmgl_context *c = asmgl_context_create(NULL);
    int ok = c && asmgl_make_current_surface(c, surf);
    atomic_store(&started, 1);
    while (ok && !atomic_load(&stop))
        usleep(100);
    asmgl_make_current_surface(NULL, NULL);
    asmgl_context_destroy(c);
    return NULL;
}

/* Two threads lend one surface to their own contexts, draw into it and
 * give it back, racing for it: a lend either works (the surface is this
 * context's framebuffer 0 until given back) or refuses; the contexts' own
 * framebuffers are never touched. */
static atomic_int lend_ok, lend_refused, lend_bad;

static void *lender(void *arg)
{
    int id = (int)(long)arg;
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = 16;
    asmgl_context *own = asmgl_context_create(&cfg);
    if (!own || !asmgl_make_current(own)) {
        atomic_fetch_add(&lend_bad, 1);
        return NULL;
    }
    glClearColor(id ? 0 : 1, id ? 1 : 0, 0, 1); /* own framebuffer: red / green */
    glClear(GL_COLOR_BUFFER_BIT);
    asmgl_make_current(NULL);
    for (int i = 0; i < 1000; i++) {
        if (!asmgl_make_current_surface(own, surf)) {
            if (strstr(asmgl_last_error(), "another thread"))
                atomic_fetch_add(&lend_refused, 1);
            else
                atomic_fetch_add(&lend_bad, 1);
            continue;
        }
        glViewport(0, 0, 32, 32);
        glClearColor(0, 0, id ? 1 : 0.5f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        unsigned char px[4];
        glReadPixels(31, 31, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (px[2] != (id ? 255 : 128) || px[0] || px[1] || glGetError())
            atomic_fetch_add(&lend_bad, 1);
        asmgl_make_current_surface(NULL, NULL);
        atomic_fetch_add(&lend_ok, 1);
    }
    unsigned char own_px[16 * 16 * 4];
    if (!asmgl_read_color(own, own_px) || own_px[0] != (id ? 0 : 255) ||
        own_px[1] != (id ? 255 : 0) || own_px[(16 * 16 - 1) * 4 + 1] != (id ? 255 : 0))
        atomic_fetch_add(&lend_bad, 1);
    asmgl_context_destroy(own);
    return NULL;
}

static void surfaces(void)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = 32;
    surf = asmgl_surface_create(&cfg);
    GT_CHECK(surf != NULL);
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, lender, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    GT_EQ_INT(atomic_load(&lend_bad), 0);
    GT_EQ_INT(atomic_load(&lend_ok) + atomic_load(&lend_refused), 2000);
    GT_CHECK(atomic_load(&lend_ok) > 0);

    /* lent to a context current on another thread: not destroyed */
    atomic_store(&stop, 0);
    atomic_store(&started, 0);
    pthread_t h;
    pthread_create(&h, NULL, holder, NULL);
    while (!atomic_load(&started))
        usleep(100);
    asmgl_surface_destroy(surf);
    GT_CHECK(strstr(asmgl_last_error(), "lent") != NULL);
    asmgl_context *mine = asmgl_context_create(NULL);
    GT_CHECK(asmgl_make_current_surface(mine, surf) == 0);
    GT_CHECK(asmgl_get_current() == NULL);
    atomic_store(&stop, 1);
    pthread_join(h, NULL);
    asmgl_context_destroy(mine);
    asmgl_surface_destroy(surf);
    GT_EQ_INT(strlen(asmgl_last_error()), 0);
}

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "gl.context_threads: no progress in 60 s (deadlock)\n";
    (void)!write(2, msg, sizeof msg - 1);
    _exit(1);
}

int main(int argc, char **argv)
{
    const char *only = argc > 1 ? argv[1] : NULL;
    signal(SIGALRM, on_alarm);
    alarm(60);
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = 64;
    cfg.height = 48;
    ctx = asmgl_context_create(&cfg);
    GT_CHECK(ctx != NULL);
    if (!ctx)
        return gt_finish("gl.context_threads");
    if (!only || !strcmp(only, "resize"))
        refused_while_current(0);
    if (!only || !strcmp(only, "read"))
        refused_while_current(1);
    if (!only || !strcmp(only, "handoff"))
        handoff();
    if (!only || !strcmp(only, "surface"))
        surfaces();
    asmgl_context_destroy(ctx);
    GT_EQ_INT(strlen(asmgl_last_error()), 0);
    return gt_finish("gl.context_threads");
}
