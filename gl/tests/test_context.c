/*
 * test_context.c - the asmgl.h context API: configuration checks, current
 * context per thread, resize, read-back, two contexts with separate state,
 * and GL calls without a current context (ignored).
 */
#include "gl_test.h"

#include <pthread.h>
#include <string.h>

static asmgl_context *shared;
static int thread_result;

static void *other_thread(void *arg)
{
    (void)arg;
    /* a context current on another thread cannot be made current here */
    thread_result = asmgl_make_current(shared) == 0 && strlen(asmgl_last_error()) > 0 &&
                    asmgl_get_current() == NULL;
    return NULL;
}

int main(void)
{
    /* no context: calls are ignored, queries return nothing */
    glClear(GL_COLOR_BUFFER_BIT);
    GT_CHECK(glGetError() == GL_NO_ERROR);
    GT_CHECK(glGetString(GL_VENDOR) == NULL);
    GT_CHECK(asmgl_get_current() == NULL);

    asmgl_config cfg;
    asmgl_config_default(&cfg);
    GT_EQ_INT(cfg.width, 256);
    GT_EQ_INT(cfg.depth_bits, 24);
    cfg.width = 0;
    GT_CHECK(asmgl_context_create(&cfg) == NULL && strlen(asmgl_last_error()) > 0);
    cfg.width = 16385;
    GT_CHECK(asmgl_context_create(&cfg) == NULL);
    cfg.width = 8;
    cfg.height = 4;
    cfg.samples = 3; /* 0, 1, 2, 4 or 8 */
    GT_CHECK(asmgl_context_create(&cfg) == NULL);
    cfg.samples = 16;
    GT_CHECK(asmgl_context_create(&cfg) == NULL);
    cfg.samples = 0;
    /* asmgl.h: depth 0 or 24, stencil 0 or 8, samples 0, 1, 2, 4 or 8;
     * others are refused with a reason, for contexts and surfaces alike */
    static const int bad_cfg[][3] = {{16, 8, 0}, {32, 8, 0}, {1, 8, 0}, {-24, 8, 0},
                                     {24, 1, 0}, {24, 16, 0}, {24, -8, 0}, {24, 8, -1},
                                     {24, 8, 3}, {24, 8, 16}};
    for (size_t i = 0; i < sizeof bad_cfg / sizeof bad_cfg[0]; i++) {
        asmgl_config c = cfg;
        c.depth_bits = bad_cfg[i][0];
        c.stencil_bits = bad_cfg[i][1];
        c.samples = bad_cfg[i][2];
        asmgl_context *x = asmgl_context_create(&c);
        if (x || !strstr(asmgl_last_error(), "invalid")) {
            fprintf(stderr, "config %d/%d/%d: context %p, error '%s'\n", c.depth_bits,
                    c.stencil_bits, c.samples, (void *)x, asmgl_last_error());
            gt_failures++;
            asmgl_context_destroy(x);
        }
        asmgl_surface *sf = asmgl_surface_create(&c);
        if (sf || !strstr(asmgl_last_error(), "invalid")) {
            fprintf(stderr, "config %d/%d/%d: surface %p, error '%s'\n", c.depth_bits,
                    c.stencil_bits, c.samples, (void *)sf, asmgl_last_error());
            gt_failures++;
            asmgl_surface_destroy(sf);
        }
    }
    static const int good_cfg[][3] = {{0, 0, 0}, {24, 0, 1}, {0, 8, 0}, {24, 8, 1},
                                      {24, 8, 2}, {0, 0, 4}, {24, 0, 8}};
    for (size_t i = 0; i < sizeof good_cfg / sizeof good_cfg[0]; i++) {
        asmgl_config c = cfg;
        c.depth_bits = good_cfg[i][0];
        c.stencil_bits = good_cfg[i][1];
        c.samples = good_cfg[i][2];
        asmgl_context *x = asmgl_context_create(&c);
        GT_CHECK(x != NULL);
        asmgl_context_destroy(x);
    }

    asmgl_context *a = asmgl_context_create(&cfg);
    asmgl_context *b = asmgl_context_create(&cfg);
    GT_CHECK(a && b);
    GT_CHECK(asmgl_make_current(a));
    GT_CHECK(asmgl_get_current() == a);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_CHECK(asmgl_make_current(b));
    glClearColor(0, 0, 1, 1); /* state is per context */
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[8 * 4 * 4];
    GT_CHECK(asmgl_read_color(a, px));
    GT_CHECK(px[0] == 255 && px[2] == 0);
    GT_CHECK(asmgl_read_color(b, px));
    GT_CHECK(px[0] == 0 && px[2] == 255);
    float cc[4];
    GT_CHECK(asmgl_make_current(a));
    glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
    GT_NEAR(cc[0], 1, 0);

    /* another thread cannot take a context current here */
    shared = a;
    pthread_t th;
    pthread_create(&th, NULL, other_thread, NULL);
    pthread_join(th, NULL);
    GT_CHECK(thread_result);

    /* resize: the viewport is the application's, the buffer is new */
    GT_CHECK(asmgl_resize(a, 16, 16));
    GT_CHECK(!asmgl_resize(a, 0, 16));
    glViewport(0, 0, 16, 16);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char big[16 * 16 * 4];
    GT_CHECK(asmgl_read_color(a, big));
    GT_CHECK(big[(16 * 16 - 1) * 4] == 255);
    GT_PROBE(15, 15, 1, 0, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);

    /* destroying the current context releases it */
    asmgl_context_destroy(a);
    GT_CHECK(asmgl_get_current() == NULL);
    asmgl_context_destroy(b);
    asmgl_context_destroy(NULL);
    return gt_finish("gl.context");
}
