/*
 * device.c - a headless program picks asmgl by device, as it would pick a
 * GPU: EGL_EXT_device_enumeration, EGL_EXT_device_query(_name) and
 * EGL_EXT_platform_device through libglvnd, with asmgl's and Mesa's vendor
 * JSON files both listed (__EGL_VENDOR_LIBRARY_FILENAMES).
 *
 *   - libEGL merges the vendors' devices; asmgl's is the one whose
 *     EGL_VENDOR is "asmgl": a software device (EGL_MESA_device_software,
 *     no EGL_DRM_DEVICE_FILE_EXT)
 *   - every other device's display belongs to another vendor
 *   - asmgl's device display renders into a pbuffer and surfacelessly into
 *     a framebuffer object; pixels are probed against hand-computed colours
 *     and GL_RENDERER is asmgl's
 *   - errors from EGL_EXT_device_query / _enumeration / _platform_device
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <stdbool.h>
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

#define EXPECT_ERROR(call, code)                                                          \
    do {                                                                                  \
        int ok_ = (call) ? 1 : 0;                                                         \
        EGLint e_ = eglGetError();                                                        \
        CHECK(!ok_ && e_ == (code), "%s gave %s with 0x%04x, expected 0x%04x", #call,     \
              ok_ ? "success" : "failure", e_, (code));                                   \
    } while (0)

static PFNEGLQUERYDEVICESEXTPROC QueryDevices;
static PFNEGLQUERYDEVICESTRINGEXTPROC QueryDeviceString;
static PFNEGLQUERYDEVICEATTRIBEXTPROC QueryDeviceAttrib;
static PFNEGLQUERYDISPLAYATTRIBEXTPROC QueryDisplayAttrib;

static bool has_token(const char *list, const char *token)
{
    size_t n = strlen(token);
    for (const char *p = list; p && (p = strstr(p, token)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

/* The RGBA at (x, y) of the current read framebuffer. */
static void pixel(int x, int y, unsigned char out[4])
{
    memset(out, 0, 4);
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static void expect_rgb(int x, int y, int r, int g, int b, const char *what)
{
    unsigned char p[4];
    pixel(x, y, p);
    CHECK(p[0] == r && p[1] == g && p[2] == b && p[3] == 255, "%s (%d,%d): %d %d %d %d, expected %d %d %d 255",
          what, x, y, p[0], p[1], p[2], p[3], r, g, b);
}

/* A 32x32 picture: blue, a yellow scissored square [8,24)^2, and a red
 * triangle over x + y < 0 in NDC (pixel centres (i + 0.5) / 16 - 1). */
static void draw_picture(void)
{
    glViewport(0, 0, 32, 32);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(8, 8, 16, 16);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glColor3f(1, 0, 0);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(-1, 1);
    glEnd();
}

static void check_picture(const char *what)
{
    expect_rgb(2, 28, 255, 0, 0, what);   /* (-0.84, 0.78): inside the triangle */
    expect_rgb(28, 2, 255, 0, 0, what);
    expect_rgb(28, 28, 0, 0, 255, what);  /* outside both */
    expect_rgb(20, 20, 255, 255, 0, what); /* (0.28, 0.28): the square, not the triangle */
    expect_rgb(10, 10, 255, 0, 0, what);  /* the triangle is drawn over the square */
}

/* asmgl's device among all, or NULL. */
static EGLDeviceEXT find_asmgl(EGLDeviceEXT *devs, EGLint n)
{
    EGLDeviceEXT found = EGL_NO_DEVICE_EXT;
    for (EGLint i = 0; i < n; i++) {
        const char *vendor = QueryDeviceString(devs[i], EGL_VENDOR);
        if (!vendor)
            eglGetError(); /* a device without EGL_EXT_device_query_name */
        printf("device %d: vendor %s, extensions \"%s\"\n", i, vendor ? vendor : "(none)",
               QueryDeviceString(devs[i], EGL_EXTENSIONS));
        if (vendor && strcmp(vendor, "asmgl") == 0) {
            CHECK(found == EGL_NO_DEVICE_EXT, "two asmgl devices");
            found = devs[i];
        }
    }
    return found;
}

int main(void)
{
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    CHECK(has_token(client, "EGL_EXT_device_enumeration") && has_token(client, "EGL_EXT_device_query") &&
              has_token(client, "EGL_EXT_platform_device"),
          "client extensions: %s", client ? client : "(null)");
    QueryDevices = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    QueryDeviceString = (PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
    QueryDeviceAttrib = (PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
    QueryDisplayAttrib = (PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
    if (!QueryDevices || !QueryDeviceString || !QueryDeviceAttrib || !QueryDisplayAttrib) {
        fprintf(stderr, "device functions missing\n");
        return 1;
    }

    /* ---- enumeration (EGL_EXT_device_enumeration) ---- */
    EGLint n = 0;
    CHECK(QueryDevices(0, NULL, &n) && n >= 1, "count: %d, error 0x%x", n, eglGetError());
    EGLDeviceEXT devs[16];
    EGLint got = 0;
    CHECK(QueryDevices(16, devs, &got) && got == (n < 16 ? n : 16), "%d of %d devices", got, n);
    EXPECT_ERROR(QueryDevices(0, devs, &got), EGL_BAD_PARAMETER);
    EXPECT_ERROR(QueryDevices(16, devs, NULL), EGL_BAD_PARAMETER);
    EGLDeviceEXT dev = find_asmgl(devs, got);
    if (dev == EGL_NO_DEVICE_EXT) {
        fprintf(stderr, "no asmgl device among %d\n", got);
        return 1;
    }

    /* ---- the device (EGL_EXT_device_query, _query_name) ---- */
    const char *ext = QueryDeviceString(dev, EGL_EXTENSIONS);
    CHECK(has_token(ext, "EGL_MESA_device_software") && !has_token(ext, "EGL_EXT_device_drm"),
          "a software device: %s", ext ? ext : "(null)");
    const char *name = QueryDeviceString(dev, EGL_RENDERER_EXT);
    CHECK(name && strstr(name, "asmgl"), "EGL_RENDERER_EXT %s", name ? name : "(null)");
    EXPECT_ERROR(QueryDeviceString(dev, EGL_DRM_DEVICE_FILE_EXT), EGL_BAD_PARAMETER);
    EXPECT_ERROR(QueryDeviceString(dev, 0x1234), EGL_BAD_PARAMETER);
    EGLAttrib av = 0;
    EXPECT_ERROR(QueryDeviceAttrib(dev, EGL_DRM_DEVICE_FILE_EXT, &av), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(QueryDeviceString((EGLDeviceEXT)&n, EGL_EXTENSIONS), EGL_BAD_DEVICE_EXT);
    EXPECT_ERROR(QueryDeviceAttrib((EGLDeviceEXT)&n, EGL_DRM_DEVICE_FILE_EXT, &av), EGL_BAD_DEVICE_EXT);

    /* ---- the other vendors' devices are theirs ---- */
    for (EGLint i = 0; i < got; i++) {
        if (devs[i] == dev)
            continue;
        EGLDisplay other = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
        if (other != EGL_NO_DISPLAY && eglInitialize(other, NULL, NULL)) {
            const char *v = eglQueryString(other, EGL_VENDOR);
            printf("device %d's display: EGL_VENDOR %s\n", (int)i, v ? v : "(null)");
            CHECK(v && strcmp(v, "asmgl") != 0, "device %d belongs to another vendor", (int)i);
            eglTerminate(other);
        } else {
            eglGetError();
        }
    }

    /* ---- its display (EGL_EXT_platform_device) ---- */
    static const EGLAttrib bad_attr[] = {0x1234, 0, EGL_NONE};
    EXPECT_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, bad_attr), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, (void *)&n, NULL), EGL_BAD_PARAMETER);
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
    if (dpy == EGL_NO_DISPLAY) {
        fprintf(stderr, "no display for asmgl's device: 0x%x\n", eglGetError());
        return 1;
    }
    CHECK(eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL) == dpy, "one display per device");
    CHECK(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL) != dpy,
          "the device display is not the surfaceless one");
    EXPECT_ERROR(QueryDisplayAttrib(dpy, EGL_DEVICE_EXT, &av), EGL_NOT_INITIALIZED);
    EGLint major = 0, minor = 0;
    CHECK(eglInitialize(dpy, &major, &minor) && major == 1 && minor == 5, "eglInitialize %d.%d", major,
          minor);
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    CHECK(vendor && strcmp(vendor, "asmgl") == 0, "EGL_VENDOR %s", vendor ? vendor : "(null)");
    CHECK(QueryDisplayAttrib(dpy, EGL_DEVICE_EXT, &av) && (EGLDeviceEXT)av == dev,
          "the display's device: %p", (void *)av);
    EXPECT_ERROR(QueryDisplayAttrib(dpy, 0x1234, &av), EGL_BAD_ATTRIBUTE);

    /* pbuffer-only configs: EGL_EXT_platform_device has no native windows */
    static const EGLint want[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                  EGL_RED_SIZE, 8, EGL_NONE};
    EGLConfig config = NULL;
    EGLint nc = 0;
    CHECK(eglChooseConfig(dpy, want, &config, 1, &nc) && nc == 1, "a pbuffer config");
    EGLint type = 0, visual = -1;
    eglGetConfigAttrib(dpy, config, EGL_SURFACE_TYPE, &type);
    eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &visual);
    CHECK(!(type & (EGL_WINDOW_BIT | EGL_PIXMAP_BIT)) && visual == 0, "surface type 0x%x, visual %d", type,
          visual);
    static const EGLint want_window[] = {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_NONE};
    CHECK(eglChooseConfig(dpy, want_window, NULL, 0, &nc) && nc == 0, "%d window configs", nc);
    /* EGL_EXT_platform_device: "There are no valid values of native_window
     * [native_pixmap]", whatever the config (as piglit's
     * egl_ext_platform_device expects); the pointer is not even read */
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, 1, NULL), EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL), EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreatePlatformWindowSurface(dpy, config, (void *)16, NULL), EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreatePlatformPixmapSurface(dpy, config, (void *)16, NULL), EGL_BAD_NATIVE_PIXMAP);

    /* ---- rendering: a pbuffer ---- */
    eglBindAPI(EGL_OPENGL_API);
    static const EGLint size[] = {EGL_WIDTH, 32, EGL_HEIGHT, 32, EGL_NONE};
    EGLSurface pb = eglCreatePbufferSurface(dpy, config, size);
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(pb != EGL_NO_SURFACE && ctx != EGL_NO_CONTEXT, "pbuffer and context: 0x%x", eglGetError());
    CHECK(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent: 0x%x", eglGetError());
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    CHECK(renderer && strstr(renderer, "asmgl"), "GL_RENDERER %s", renderer ? renderer : "(null)");
    printf("GL_RENDERER on the device display: %s\n", renderer ? renderer : "(null)");
    draw_picture();
    CHECK(eglSwapBuffers(dpy, pb), "eglSwapBuffers(pbuffer)");
    check_picture("pbuffer");

    /* ---- surfaceless: a framebuffer object ---- */
    PFNGLGENFRAMEBUFFERSPROC GenFramebuffers = (PFNGLGENFRAMEBUFFERSPROC)eglGetProcAddress("glGenFramebuffers");
    PFNGLBINDFRAMEBUFFERPROC BindFramebuffer = (PFNGLBINDFRAMEBUFFERPROC)eglGetProcAddress("glBindFramebuffer");
    PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D =
        (PFNGLFRAMEBUFFERTEXTURE2DPROC)eglGetProcAddress("glFramebufferTexture2D");
    PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus =
        (PFNGLCHECKFRAMEBUFFERSTATUSPROC)eglGetProcAddress("glCheckFramebufferStatus");
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), "surfaceless: 0x%x", eglGetError());
    if (GenFramebuffers && BindFramebuffer && FramebufferTexture2D && CheckFramebufferStatus) {
        GLuint tex = 0, fbo = 0;
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        GenFramebuffers(1, &fbo);
        BindFramebuffer(GL_FRAMEBUFFER, fbo);
        FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        CHECK(CheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");
        draw_picture();
        check_picture("surfaceless FBO");
    } else {
        CHECK(0, "framebuffer object functions");
    }
    CHECK(glGetError() == GL_NO_ERROR, "GL error");

    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    eglDestroySurface(dpy, pb);
    eglDestroyContext(dpy, ctx);
    CHECK(eglTerminate(dpy), "eglTerminate");
    eglReleaseThread();
    if (failures) {
        fprintf(stderr, "egl.device: %d failures\n", failures);
        return 1;
    }
    printf("egl.device: ok\n");
    return 0;
}
