/*
 * share.c - eglCreateContext's share_context (EGL 1.5 section 3.7.1) through
 * libglvnd: <EGL/egl.h> and <GL/gl.h> only, -lEGL -lOpenGL; the vendor comes
 * from __EGL_VENDOR_LIBRARY_FILENAMES.
 *
 *   1. context A makes a texture and a display list on a pbuffer;
 *   2. context B, created with share_context A, draws them into another
 *      pbuffer: the pixels are the texels and the list's colour;
 *   3. context C, created without sharing, knows neither name;
 *   4. A goes (eglDestroyContext): B still draws with the objects;
 *   5. a share_context that is no context is EGL_BAD_CONTEXT.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>

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

#define REQUIRE(cond, ...)                                                        \
    do {                                                                          \
        CHECK(cond, __VA_ARGS__);                                                 \
        if (!(cond))                                                              \
            exit(1);                                                              \
    } while (0)

enum { W = 16, H = 16 };

/* 2x2 RGBA8 texels, bottom row first: red, green / blue, white. */
static const unsigned char texels[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                         0, 0, 255, 255, 255, 255, 255, 255};

/* Pixel (x, y) of the current draw surface must be want (RGBA8, exact). */
static void probe(int x, int y, const unsigned char want[4], const char *what)
{
    unsigned char p[4] = {0};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
    CHECK(memcmp(p, want, 4) == 0, "%s: pixel (%d,%d) = %d %d %d %d, want %d %d %d %d", what, x, y,
          p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
}

/* The bound texture over the whole surface with REPLACE: its four texels
 * land in the four quadrants (NEAREST). */
static void draw_texture(const char *what)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    probe(4, 4, texels, what);
    probe(12, 4, texels + 4, what);
    probe(4, 12, texels + 8, what);
    probe(12, 12, texels + 12, what);
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    REQUIRE(dpy != EGL_NO_DISPLAY, "eglGetPlatformDisplay: 0x%x", eglGetError());
    REQUIRE(eglInitialize(dpy, NULL, NULL), "eglInitialize: 0x%x", eglGetError());
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    REQUIRE(vendor && strcmp(vendor, "asmgl") == 0, "EGL_VENDOR is asmgl, got %s",
            vendor ? vendor : "(null)");
    REQUIRE(eglBindAPI(EGL_OPENGL_API), "eglBindAPI");
    static const EGLint want[] = {EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                                  EGL_ALPHA_SIZE, 8, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                  EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    REQUIRE(eglChooseConfig(dpy, want, &config, 1, &n) && n == 1, "eglChooseConfig: %d", n);
    static const EGLint pb_attr[] = {EGL_WIDTH, W, EGL_HEIGHT, H, EGL_NONE};
    EGLSurface pa = eglCreatePbufferSurface(dpy, config, pb_attr);
    EGLSurface pb = eglCreatePbufferSurface(dpy, config, pb_attr);
    REQUIRE(pa != EGL_NO_SURFACE && pb != EGL_NO_SURFACE, "pbuffers: 0x%x", eglGetError());

    /* 1. A's objects */
    EGLContext a = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    REQUIRE(a != EGL_NO_CONTEXT, "context A: 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, pa, pa, a), "make A current: 0x%x", eglGetError());
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glColor4ub(255, 0, 255, 255);
    glRectf(-1, -1, 1, 1);
    glEndList();
    CHECK(glGetError() == GL_NO_ERROR, "A's objects");

    /* 2. B shares them */
    EGLContext b = eglCreateContext(dpy, config, a, NULL);
    REQUIRE(b != EGL_NO_CONTEXT, "context B sharing A: 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, pb, pb, b), "make B current: 0x%x", eglGetError());
    CHECK(glIsTexture(tex) && glIsList(list), "B sees A's names");
    glBindTexture(GL_TEXTURE_2D, tex);
    draw_texture("B draws A's texture");
    static const unsigned char magenta[4] = {255, 0, 255, 255};
    glCallList(list);
    probe(8, 8, magenta, "B calls A's list");

    /* 3. an unshared context has its own namespace */
    EGLContext c = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    REQUIRE(c != EGL_NO_CONTEXT, "context C: 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, c), "make C current: 0x%x",
            eglGetError());
    CHECK(!glIsTexture(tex) && !glIsList(list), "C does not see A's names");

    /* 4. the objects outlive A */
    CHECK(eglDestroyContext(dpy, a), "destroy A: 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, pb, pb, b), "make B current again: 0x%x", eglGetError());
    CHECK(glIsTexture(tex), "the texture outlives A");
    draw_texture("B after A was destroyed");

    /* 5. bad share contexts */
    EGLint dummy;
    CHECK(eglCreateContext(dpy, config, (EGLContext)&dummy, NULL) == EGL_NO_CONTEXT &&
              eglGetError() == EGL_BAD_CONTEXT,
          "share_context that is no context");
    CHECK(eglCreateContext(dpy, config, a, NULL) == EGL_NO_CONTEXT && eglGetError() == EGL_BAD_CONTEXT,
          "share_context destroyed");

    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, b);
    eglDestroyContext(dpy, c);
    eglDestroySurface(dpy, pa);
    eglDestroySurface(dpy, pb);
    eglTerminate(dpy);
    if (failures) {
        fprintf(stderr, "egl share: %d failure(s)\n", failures);
        return 1;
    }
    printf("egl share: all passed\n");
    return 0;
}
