/*
 * bridge.c - the asmgl.h surface API the EGL vendor is built on
 * (asmgl_surface_create, asmgl_make_current_surface; gl/gl_egl_bridge.c),
 * tested directly against libasmgl.so:
 *
 *   - a lent surface is framebuffer 0: size, depth bits, pixels
 *   - the context's own framebuffer comes back, untouched, on release
 *   - surface contents persist from one context to the next
 *   - no surface: framebuffer 0 does not exist (FRAMEBUFFER_UNDEFINED);
 *     clearing, drawing and reading it are INVALID_FRAMEBUFFER_OPERATION
 *   - a surface lent to a context current on another thread is refused
 *   - destroying the current context gives its surface back first
 *   - failures say why in asmgl_last_error
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include "asmgl/asmgl.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Every pixel of the w x h read framebuffer is (r, g, b, 255). */
static int all_pixels(int w, int h, int r, int g, int b)
{
    unsigned char *px = malloc((size_t)w * h * 4);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int i = 0; i < w * h; i++)
        bad += px[4 * i] != r || px[4 * i + 1] != g || px[4 * i + 2] != b || px[4 * i + 3] != 255;
    free(px);
    return bad == 0 && glGetError() == GL_NO_ERROR;
}

static void clear(float r, float g, float b)
{
    glClearColor(r, g, b, 1);
    glClear(GL_COLOR_BUFFER_BIT);
}

static asmgl_context *ctx_a, *ctx_b;
static asmgl_surface *surf;

static void *other_thread(void *arg)
{
    (void)arg;
    CHECK(!asmgl_make_current_surface(ctx_b, surf), "a surface lent on another thread is refused");
    CHECK(asmgl_get_current() == NULL, "nothing became current");
    asmgl_context_destroy(ctx_a); /* current on the main thread: refused */
    CHECK(strstr(asmgl_last_error(), "another thread") != NULL,
          "destroying a context current elsewhere is refused: '%s'", asmgl_last_error());
    return NULL;
}

int main(void)
{
    asmgl_config own = {16, 16, 0, 0, 0};
    asmgl_context *a = asmgl_context_create(&own);
    ctx_b = asmgl_context_create(&own);
    ctx_a = a;
    asmgl_config sc = {8, 4, 24, 8, 0};
    surf = asmgl_surface_create(&sc);
    asmgl_config bad = {-1, 4, 0, 0, 0};
    CHECK(asmgl_surface_create(&bad) == NULL, "negative size refused");
    if (!a || !ctx_b || !surf) {
        fprintf(stderr, "cannot create contexts/surface\n");
        return 1;
    }

    /* A's own framebuffer: green */
    CHECK(asmgl_make_current(a), "make current");
    clear(0, 1, 0);
    glFinish();
    CHECK(asmgl_make_current(NULL), "release");

    /* lent: framebuffer 0 is the 8x4 surface with depth and stencil */
    CHECK(asmgl_make_current_surface(a, surf), "lend");
    GLint bits = 0;
    glGetIntegerv(GL_DEPTH_BITS, &bits);
    CHECK(bits == 24, "depth bits of the surface: %d", bits);
    glGetIntegerv(GL_STENCIL_BITS, &bits);
    CHECK(bits == 8, "stencil bits of the surface: %d", bits);
    clear(1, 0, 0);
    CHECK(all_pixels(8, 4, 255, 0, 0), "the surface is red");
    asmgl_surface_destroy(surf); /* refused while lent */
    CHECK(all_pixels(8, 4, 255, 0, 0), "a lent surface survives asmgl_surface_destroy");

    /* another thread cannot borrow it meanwhile */
    pthread_t t;
    pthread_create(&t, NULL, other_thread, NULL);
    pthread_join(t, NULL);

    /* no surface: framebuffer 0 does not exist */
    CHECK(asmgl_make_current_surface(a, NULL), "surfaceless");
    glGetIntegerv(GL_DEPTH_BITS, &bits);
    CHECK(bits == 0, "no depth buffer without a surface: %d", bits);
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_UNDEFINED,
          "framebuffer 0 without a surface is undefined");
    CHECK(glGetError() == GL_NO_ERROR, "no error so far");
    clear(0, 0, 1);
    CHECK(glGetError() == GL_INVALID_FRAMEBUFFER_OPERATION, "clearing framebuffer 0 without a surface");
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    glFinish();
    CHECK(glGetError() == GL_INVALID_FRAMEBUFFER_OPERATION, "drawing to framebuffer 0 without a surface");
    unsigned char px[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(glGetError() == GL_INVALID_FRAMEBUFFER_OPERATION, "reading framebuffer 0 without a surface");
    /* framebuffer objects work as usual */
    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    clear(1, 1, 0);
    CHECK(all_pixels(4, 4, 255, 255, 0), "an FBO renders without a surface");
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    /* release: A's own framebuffer is back and still green */
    CHECK(asmgl_make_current_surface(NULL, NULL), "release");
    CHECK(asmgl_get_current() == NULL, "nothing current");
    unsigned char *own_px = malloc(16 * 16 * 4);
    CHECK(asmgl_read_color(a, own_px), "read A's own framebuffer");
    CHECK(own_px[0] == 0 && own_px[1] == 255 && own_px[4 * 255 + 1] == 255,
          "A's own framebuffer untouched: %d %d %d", own_px[0], own_px[1], own_px[2]);
    free(own_px);

    /* B borrows the surface and finds A's red */
    CHECK(asmgl_make_current_surface(ctx_b, surf), "lend to B");
    CHECK(all_pixels(8, 4, 255, 0, 0), "the surface kept its pixels");
    /* switching B's surface on the same thread, and an empty one */
    asmgl_config empty_cfg = {0, 0, 0, 0, 0};
    asmgl_surface *empty = asmgl_surface_create(&empty_cfg);
    CHECK(empty != NULL, "a 0x0 surface");
    CHECK(asmgl_make_current_surface(ctx_b, empty), "switch to the 0x0 surface");
    clear(1, 1, 1);
    glFinish();
    CHECK(asmgl_make_current_surface(ctx_b, surf), "back to the surface");
    CHECK(all_pixels(8, 4, 255, 0, 0), "still red");
    CHECK(asmgl_make_current_surface(a, surf), "hand the surface from B to A on one thread");
    CHECK(all_pixels(8, 4, 255, 0, 0), "A sees it");
    CHECK(asmgl_make_current_surface(NULL, NULL), "release");

    /* the 0x0 surface is a framebuffer 0 that exists: complete, empty */
    CHECK(asmgl_make_current_surface(ctx_b, empty), "the 0x0 surface again");
    CHECK(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "a 0x0 surface exists");
    CHECK(asmgl_make_current_surface(NULL, NULL), "release");

    /* destroying the current context gives the lent surface back first */
    asmgl_context *c = asmgl_context_create(&own);
    CHECK(c && asmgl_make_current_surface(c, surf), "lend to a third context");
    clear(0, 0, 1);
    asmgl_surface_destroy(surf);
    CHECK(strstr(asmgl_last_error(), "lent") != NULL, "destroying a lent surface says why: '%s'",
          asmgl_last_error());
    asmgl_context_destroy(c);
    CHECK(asmgl_get_current() == NULL, "the destroyed context is no longer current");
    CHECK(asmgl_make_current_surface(a, surf), "the surface is free again");
    CHECK(all_pixels(8, 4, 0, 0, 255), "it kept what the destroyed context drew");
    CHECK(asmgl_make_current_surface(NULL, NULL), "release");

    /* asmgl_surface_create failures say why */
    CHECK(asmgl_surface_create(&bad) == NULL && asmgl_last_error()[0] != '\0',
          "a refused surface sets asmgl_last_error");
    asmgl_config ms = {4, 4, 0, 0, 3}; /* samples 0, 1, 2, 4 or 8 */
    CHECK(asmgl_surface_create(&ms) == NULL && strstr(asmgl_last_error(), "sampl") != NULL,
          "a surface of 3 samples is refused: '%s'", asmgl_last_error());

    asmgl_surface_destroy(empty);
    asmgl_surface_destroy(surf);
    CHECK(asmgl_last_error()[0] == '\0', "a free surface is destroyed");
    asmgl_context_destroy(a);
    asmgl_context_destroy(ctx_b);
    if (failures) {
        fprintf(stderr, "egl.bridge: %d failures\n", failures);
        return 1;
    }
    printf("egl.bridge: ok\n");
    return 0;
}
