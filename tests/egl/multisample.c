/*
 * multisample.c - EGL multisample configs (EGL_SAMPLES / EGL_SAMPLE_BUFFERS)
 * through libglvnd: a pbuffer of each of asmgl's 2-, 4- and 8-sample
 * configs is a multisample framebuffer 0 (GL_SAMPLE_BUFFERS 1, GL_SAMPLES
 * the config's), and glReadPixels reads it resolved.
 *
 * Expected values by hand: a rectangle 4 <= x < 4.5 (window coordinates)
 * covers in pixel column 4 the samples whose x lies left of the pixel's
 * middle: half of them in every pattern asmgl uses (x from the pixel's
 * left side, rast.h: 2x 0.75 0.25; 4x 0.375 0.875 0.125 0.625; 8x 0.5625
 * 0.4375 0.8125 0.3125 0.1875 0.0625 0.6875 0.9375).  Blue 0.4 (102) over
 * red 0.8 (204) resolves to red 102, blue 51; columns 3 and 5 stay red.
 * The single-sampled config shows the pixel-centre result: x = 4.5 is not
 * left of 4.5, so column 4 stays red.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>

#include <stdio.h>
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

enum { W = 16, H = 8 };

/* Renders and checks a pbuffer of the first config with at least `want`
 * samples (0: single-sampled configs only). */
static void check_samples(EGLDisplay dpy, EGLint want)
{
    const EGLint attribs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                              EGL_OPENGL_BIT, EGL_SAMPLE_BUFFERS, want > 0, EGL_SAMPLES, want,
                              EGL_NONE};
    EGLConfig cfg;
    EGLint n = 0, samples = -1, sample_buffers = -1;
    CHECK(eglChooseConfig(dpy, attribs, &cfg, 1, &n) && n == 1, "a config of %d samples", want);
    if (n != 1)
        return;
    eglGetConfigAttrib(dpy, cfg, EGL_SAMPLES, &samples);
    eglGetConfigAttrib(dpy, cfg, EGL_SAMPLE_BUFFERS, &sample_buffers);
    CHECK(samples == want && sample_buffers == (want > 0), "config: %d samples, %d buffers",
          samples, sample_buffers);
    const EGLint size[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
    EGLSurface pb = eglCreatePbufferSurface(dpy, cfg, size);
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, NULL);
    CHECK(pb != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, pb, pb, ctx),
          "%d samples: pbuffer current (0x%04x)", want, eglGetError());
    if (pb == EGL_NO_SURFACE || ctx == EGL_NO_CONTEXT)
        return;
    GLint gl_sb = -1, gl_samples = -1;
    glGetIntegerv(GL_SAMPLE_BUFFERS, &gl_sb);
    glGetIntegerv(GL_SAMPLES, &gl_samples);
    CHECK(gl_sb == (want > 0) && gl_samples == want, "GL_SAMPLE_BUFFERS %d, GL_SAMPLES %d", gl_sb,
          gl_samples);
    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glClearColor(0.8f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(0, 0, 0.4f, 1);
    glRectf(4, 0, 4.5f, H);
    unsigned char px[H][W][4];
    memset(px, 0xcc, sizeof px);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(glGetError() == GL_NO_ERROR, "GL error");
    int bad = 0;
    for (int y = 0; y < H; y++) {
        const unsigned char *edge = px[y][4];
        bad += px[y][3][0] != 204 || px[y][3][2] != 0 || px[y][5][0] != 204;
        if (want > 0)
            bad += edge[0] != 102 || edge[2] != 51;
        else
            bad += edge[0] != 204 || edge[2] != 0;
    }
    CHECK(bad == 0, "%d samples: %d rows wrong (row 0: %d %d %d | %d %d %d | %d %d %d)", want, bad,
          px[0][3][0], px[0][3][1], px[0][3][2], px[0][4][0], px[0][4][1], px[0][4][2],
          px[0][5][0], px[0][5][1], px[0][5][2]);
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    eglDestroySurface(dpy, pb);
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "no display: 0x%x\n", eglGetError());
        return 1;
    }
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    if (!vendor || strcmp(vendor, "asmgl") != 0) {
        fprintf(stderr, "EGL vendor is %s, not asmgl\n", vendor ? vendor : "(null)");
        return 1;
    }
    CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI");
    check_samples(dpy, 0);
    check_samples(dpy, 2);
    check_samples(dpy, 4);
    check_samples(dpy, 8);
    eglTerminate(dpy);
    if (failures) {
        fprintf(stderr, "egl.multisample: %d failures\n", failures);
        return 1;
    }
    printf("egl.multisample: ok\n");
    return 0;
}
