/*
 * errors.c - EGL misuse through libglvnd gets the error codes EGL 1.5 and
 * its extensions name (<EGL/egl.h>, <GL/gl.h>, -lEGL -lOpenGL; the vendor
 * comes from __EGL_VENDOR_LIBRARY_FILENAMES).  Also: deferred deletion of a
 * current context and surface, and a display extension function
 * (eglSwapBuffersWithDamageKHR) reached through libEGL's dispatch slots.
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

/* `call` must fail (return falsy) with EGL error `code`. */
#define EXPECT_ERROR(call, code)                                                          \
    do {                                                                                  \
        int ok_ = (call) ? 1 : 0;                                                         \
        EGLint e_ = eglGetError();                                                        \
        CHECK(!ok_ && e_ == (code), "%s gave %s with 0x%04x, expected 0x%04x", #call,     \
              ok_ ? "success" : "failure", e_, (code));                                   \
    } while (0)

/* A context created with attributes must fail with `code`. */
static void expect_context_error(EGLDisplay dpy, EGLConfig config, const EGLint *attr, EGLint code,
                                 const char *what)
{
    EGLContext c = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attr);
    EGLint e = eglGetError();
    CHECK(c == EGL_NO_CONTEXT && e == code, "%s: context %p, error 0x%04x, expected 0x%04x", what,
          (void *)c, e, code);
    if (c != EGL_NO_CONTEXT)
        eglDestroyContext(dpy, c);
}

static void expect_context_ok(EGLDisplay dpy, EGLConfig config, const EGLint *attr, const char *what)
{
    EGLContext c = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attr);
    CHECK(c != EGL_NO_CONTEXT, "%s: error 0x%04x", what, eglGetError());
    if (c != EGL_NO_CONTEXT)
        eglDestroyContext(dpy, c);
}

int main(void)
{
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY) {
        fprintf(stderr, "no display: 0x%x\n", eglGetError());
        return 1;
    }
    /* ---- before eglInitialize ---- */
    EGLint n;
    EXPECT_ERROR(eglGetConfigs(dpy, NULL, 0, &n), EGL_NOT_INITIALIZED);
    EXPECT_ERROR(eglQueryString(dpy, EGL_VENDOR), EGL_NOT_INITIALIZED);
    EXPECT_ERROR(eglInitialize((EGLDisplay)&n, NULL, NULL), EGL_BAD_DISPLAY);
    EXPECT_ERROR(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, (void *)&n, NULL),
                 EGL_BAD_PARAMETER);
    CHECK(eglInitialize(dpy, NULL, NULL), "eglInitialize");
    CHECK(eglGetError() == EGL_SUCCESS, "eglGetError after success");
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    if (!vendor || strcmp(vendor, "asmgl") != 0) {
        fprintf(stderr, "EGL vendor is %s, not asmgl\n", vendor ? vendor : "(null)");
        return 1;
    }
    EXPECT_ERROR(eglQueryString(dpy, 0x1234), EGL_BAD_PARAMETER);

    /* ---- configs ---- */
    EXPECT_ERROR(eglGetConfigs(dpy, NULL, 0, NULL), EGL_BAD_PARAMETER);
    /* depth 24 / stencil 8 or neither, 1, 2, 4 or 8 samples */
    CHECK(eglGetConfigs(dpy, NULL, 0, &n) && n == 8, "eight configs, got %d", n);
    static const EGLint bad_attr[] = {0x1234, 1, EGL_NONE};
    EGLConfig config, no_depth;
    EXPECT_ERROR(eglChooseConfig(dpy, bad_attr, &config, 1, &n), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglChooseConfig(dpy, NULL, &config, 1, NULL), EGL_BAD_PARAMETER);
    /* the defaults ask for a window-capable OpenGL ES config: none here */
    CHECK(eglChooseConfig(dpy, NULL, &config, 1, &n) && n == 0, "default attributes: %d configs", n);
    static const EGLint gl_pbuffer_depth[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                              EGL_OPENGL_BIT, EGL_DEPTH_SIZE, 1, EGL_NONE};
    CHECK(eglChooseConfig(dpy, gl_pbuffer_depth, &config, 1, &n) && n == 1, "depth config");
    static const EGLint gl_pbuffer[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                        EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig all[8];
    CHECK(eglChooseConfig(dpy, gl_pbuffer, all, 8, &n) && n == 8, "all configs match: %d", n);
    EGLint depth = -1, samples = -1;
    eglGetConfigAttrib(dpy, all[0], EGL_DEPTH_SIZE, &depth);
    eglGetConfigAttrib(dpy, all[0], EGL_SAMPLES, &samples);
    CHECK(depth == 0 && samples == 0, "fewer samples, then smaller depth sort first (%d, %d)",
          depth, samples);
    no_depth = all[0];
    /* EGL 1.5 section 3.4.1.2: SAMPLES at least 4, the smallest first */
    static const EGLint msaa[] = {EGL_SAMPLES, 4, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                  EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
    CHECK(eglChooseConfig(dpy, msaa, all, 8, &n) && n == 4, "4 configs of 4 or 8 samples: %d", n);
    EGLint sample_buffers = -1;
    eglGetConfigAttrib(dpy, all[0], EGL_SAMPLES, &samples);
    eglGetConfigAttrib(dpy, all[0], EGL_SAMPLE_BUFFERS, &sample_buffers);
    CHECK(samples == 4 && sample_buffers == 1, "first: %d samples, %d sample buffers", samples,
          sample_buffers);
    static const EGLint msaa16[] = {EGL_SAMPLES, 16, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                    EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
    CHECK(eglChooseConfig(dpy, msaa16, all, 8, &n) && n == 0, "no config of 16 samples: %d", n);
    EGLint v;
    EXPECT_ERROR(eglGetConfigAttrib(dpy, (EGLConfig)&n, EGL_DEPTH_SIZE, &v), EGL_BAD_CONFIG);
    EXPECT_ERROR(eglGetConfigAttrib(dpy, config, 0x1234, &v), EGL_BAD_ATTRIBUTE);

    /* ---- contexts (EGL_KHR_create_context) ---- */
    CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI");
    EXPECT_ERROR(eglBindAPI(EGL_OPENGL_ES_API), EGL_BAD_PARAMETER); /* no vendor has GLES */
    CHECK(eglQueryAPI() == EGL_OPENGL_API, "the API stays OpenGL");
    const EGLint v21[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
    const EGLint v15[] = {EGL_CONTEXT_MAJOR_VERSION, 1, EGL_CONTEXT_MINOR_VERSION, 5, EGL_NONE};
    const EGLint v30[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE};
    const EGLint v31[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE};
    const EGLint fwd30[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_FLAGS_KHR,
                            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE};
    const EGLint v22[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE};
    const EGLint core32[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                             EGL_NONE};
    const EGLint compat45[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK,
                               EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT, EGL_NONE};
    const EGLint fwd21[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
                            EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE};
    const EGLint robust[] = {EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE};
    const EGLint debug[] = {EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE};
    const EGLint bad_flags[] = {EGL_CONTEXT_FLAGS_KHR, 0x100, EGL_NONE};
    expect_context_ok(dpy, config, NULL, "default (1.0)");
    expect_context_ok(dpy, config, v21, "2.1");
    expect_context_ok(dpy, config, v15, "1.5");
    expect_context_ok(dpy, config, debug, "debug");
    expect_context_ok(dpy, EGL_NO_CONFIG_KHR, v21, "no config");
    expect_context_ok(dpy, config, v30, "3.0");
    expect_context_error(dpy, config, v31, EGL_BAD_MATCH, "3.1 (above asmgl's 3.0)");
    expect_context_error(dpy, config, fwd30, EGL_BAD_MATCH,
                         "forward-compatible 3.0 (asmgl keeps the deprecated features)");
    expect_context_error(dpy, config, core32, EGL_BAD_MATCH, "3.2 core");
    expect_context_error(dpy, config, compat45, EGL_BAD_MATCH, "4.5 compatibility");
    expect_context_error(dpy, config, v22, EGL_BAD_MATCH, "2.2 (no such version)");
    expect_context_error(dpy, config, fwd21, EGL_BAD_MATCH, "forward-compatible 2.0");
    expect_context_error(dpy, config, robust, EGL_BAD_MATCH, "robust access");
    expect_context_error(dpy, config, bad_attr, EGL_BAD_ATTRIBUTE, "unknown attribute");
    expect_context_error(dpy, config, bad_flags, EGL_BAD_ATTRIBUTE, "unknown flag bit");
    expect_context_error(dpy, (EGLConfig)&n, NULL, EGL_BAD_CONFIG, "bad config");
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, v21);
    CHECK(ctx != EGL_NO_CONTEXT, "context");
    EGLContext sharing = eglCreateContext(dpy, config, ctx, NULL); /* share_context: tests/egl/share.c */
    CHECK(sharing != EGL_NO_CONTEXT, "a context sharing objects: 0x%04x", eglGetError());
    eglDestroyContext(dpy, sharing);
    EXPECT_ERROR(eglCreateContext(dpy, config, (EGLContext)&n, NULL), EGL_BAD_CONTEXT);
    CHECK(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &v) && v == EGL_OPENGL_API, "client type");
    CHECK(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &v) && v == EGL_NONE, "not bound");
    EXPECT_ERROR(eglQueryContext(dpy, ctx, 0x1234, &v), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglQueryContext(dpy, (EGLContext)&n, EGL_CONFIG_ID, &v), EGL_BAD_CONTEXT);

    /* ---- surfaces ---- */
    const EGLint neg[] = {EGL_WIDTH, -1, EGL_NONE};
    const EGLint tex[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA,
                          EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE};
    const EGLint size16[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
    EXPECT_ERROR(eglCreatePbufferSurface(dpy, config, neg), EGL_BAD_PARAMETER);
    EXPECT_ERROR(eglCreatePbufferSurface(dpy, config, bad_attr), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglCreatePbufferSurface(dpy, config, tex), EGL_BAD_MATCH);
    EXPECT_ERROR(eglCreatePbufferSurface(dpy, (EGLConfig)&n, size16), EGL_BAD_CONFIG);
    /* EGL_MESA_platform_surfaceless: no native windows or pixmaps, whatever
     * the config */
    EXPECT_ERROR(eglCreateWindowSurface(dpy, config, 0, NULL), EGL_BAD_NATIVE_WINDOW);
    EXPECT_ERROR(eglCreatePixmapSurface(dpy, config, 0, NULL), EGL_BAD_NATIVE_PIXMAP);
    EXPECT_ERROR(eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL), EGL_BAD_NATIVE_WINDOW);
    EGLSurface pb = eglCreatePbufferSurface(dpy, config, size16);
    EGLSurface pb_nodepth = eglCreatePbufferSurface(dpy, no_depth, size16);
    EGLSurface empty = eglCreatePbufferSurface(dpy, config, NULL); /* 0x0 is a valid pbuffer */
    CHECK(pb && pb_nodepth && empty, "pbuffers");
    CHECK(eglQuerySurface(dpy, empty, EGL_WIDTH, &v) && v == 0, "0x0 pbuffer");
    CHECK(eglQuerySurface(dpy, pb, EGL_RENDER_BUFFER, &v) && v == EGL_BACK_BUFFER, "render buffer");
    EXPECT_ERROR(eglQuerySurface(dpy, pb, 0x1234, &v), EGL_BAD_ATTRIBUTE);
    EXPECT_ERROR(eglQuerySurface(dpy, (EGLSurface)&n, EGL_WIDTH, &v), EGL_BAD_SURFACE);
    EXPECT_ERROR(eglSurfaceAttrib(dpy, pb, EGL_MULTISAMPLE_RESOLVE, EGL_MULTISAMPLE_RESOLVE_BOX),
                 EGL_BAD_MATCH);
    EXPECT_ERROR(eglBindTexImage(dpy, pb, EGL_BACK_BUFFER), EGL_BAD_MATCH);
    EXPECT_ERROR(eglCopyBuffers(dpy, pb, 0), EGL_BAD_NATIVE_PIXMAP);
    EXPECT_ERROR(eglCreatePbufferFromClientBuffer(dpy, EGL_OPENVG_IMAGE, NULL, config, NULL),
                 EGL_BAD_PARAMETER);

    /* ---- make current ---- */
    EXPECT_ERROR(eglSwapInterval(dpy, 1), EGL_BAD_CONTEXT);
    EXPECT_ERROR(eglMakeCurrent(dpy, pb, EGL_NO_SURFACE, ctx), EGL_BAD_MATCH);
    EXPECT_ERROR(eglMakeCurrent(dpy, pb, pb_nodepth, ctx), EGL_BAD_MATCH);   /* draw != read */
    EXPECT_ERROR(eglMakeCurrent(dpy, pb_nodepth, pb_nodepth, ctx), EGL_BAD_MATCH); /* incompatible */
    EXPECT_ERROR(eglMakeCurrent(dpy, pb, pb, (EGLContext)&n), EGL_BAD_CONTEXT);
    EXPECT_ERROR(eglMakeCurrent(dpy, (EGLSurface)&n, (EGLSurface)&n, ctx), EGL_BAD_SURFACE);
    EXPECT_ERROR(eglMakeCurrent(dpy, pb, pb, EGL_NO_CONTEXT), EGL_BAD_MATCH);
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "still nothing current");
    CHECK(eglMakeCurrent(dpy, pb, pb, ctx), "make current: 0x%x", eglGetError());
    CHECK(eglSwapInterval(dpy, 1), "eglSwapInterval");
    EXPECT_ERROR(eglWaitNative(0x1234), EGL_BAD_PARAMETER);
    CHECK(eglWaitNative(EGL_CORE_NATIVE_ENGINE), "eglWaitNative");

    /* EGL_KHR_swap_buffers_with_damage: a dispatch stub from libEGL */
    PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_damage =
        (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
    CHECK(swap_damage != NULL, "eglSwapBuffersWithDamageKHR");
    if (swap_damage) {
        EGLint rect[4] = {0, 0, 4, 4};
        CHECK(swap_damage(dpy, pb, rect, 1), "swap with damage: 0x%x", eglGetError());
        EXPECT_ERROR(swap_damage(dpy, pb, rect, -1), EGL_BAD_PARAMETER);
        EXPECT_ERROR(swap_damage(dpy, (EGLSurface)&n, rect, 1), EGL_BAD_SURFACE);
    }

    /* ---- deletion while current (EGL 1.5 sections 3.5.5, 3.7.2) ---- */
    CHECK(eglDestroyContext(dpy, ctx) && eglDestroySurface(dpy, pb), "destroy while current");
    CHECK(eglGetCurrentContext() == ctx, "still current after eglDestroyContext");
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[4] = {0};
    glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255 && px[3] == 255, "a destroyed current context still renders");
    EXPECT_ERROR(eglQuerySurface(dpy, pb, EGL_WIDTH, &v), EGL_BAD_SURFACE);
    EXPECT_ERROR(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &v), EGL_BAD_CONTEXT);
    EXPECT_ERROR(eglWaitGL(), EGL_BAD_CURRENT_SURFACE);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    EXPECT_ERROR(eglMakeCurrent(dpy, pb, pb, ctx), EGL_BAD_CONTEXT);
    EXPECT_ERROR(eglDestroyContext(dpy, ctx), EGL_BAD_CONTEXT);

    /* ---- surfaceless and the 0x0 pbuffer: framebuffer 0 is empty ---- */
    EGLContext ctx2 = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(eglMakeCurrent(dpy, empty, empty, ctx2), "0x0 pbuffer: 0x%x", eglGetError());
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    glFinish();
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx2), "surfaceless");
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    EXPECT_ERROR(eglSwapInterval(dpy, 1), EGL_BAD_SURFACE);

    /* ---- terminate with a current context ---- */
    CHECK(eglTerminate(dpy), "eglTerminate");
    CHECK(eglGetCurrentContext() == ctx2, "terminate keeps the current context");
    EXPECT_ERROR(eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL), EGL_NOT_INITIALIZED);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
          "release on a terminated display");
    CHECK(eglInitialize(dpy, NULL, NULL), "re-initialize");
    EXPECT_ERROR(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx2), EGL_BAD_CONTEXT);
    EXPECT_ERROR(eglDestroySurface(dpy, empty), EGL_BAD_SURFACE);
    CHECK(eglTerminate(dpy), "eglTerminate");

    if (failures) {
        fprintf(stderr, "egl.errors: %d failures\n", failures);
        return 1;
    }
    printf("egl.errors: ok\n");
    return 0;
}
