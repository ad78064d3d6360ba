/*
 * surface_egl.c - the headless surface (surface.h): an EGL pbuffer with a
 * desktop OpenGL context, on whichever EGL vendor libEGL selects.
 * API thread only.
 */
#include "surface.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct egl_surface {
    demo_surface base;
    EGLDisplay dpy;
    EGLSurface pbuffer;
    EGLContext ctx;
    int width, height;
} egl_surface;

/* Whole-word search of a space-separated extension string. */
static int has_extension(const char *list, const char *name)
{
    size_t len = strlen(name);
    for (const char *p = list; p && (p = strstr(p, name)) != NULL; p += len) {
        if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
            return 1;
    }
    return 0;
}

static const char *egl_error_name(EGLint err)
{
    switch (err) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    case EGL_BAD_SURFACE: return "EGL_BAD_SURFACE";
    default: return "an EGL error";
    }
}

static demo_proc egl_get_proc(const char *name) { return (demo_proc)eglGetProcAddress(name); }

static void egl_size(demo_surface *s, int *width, int *height)
{
    egl_surface *e = (egl_surface *)s;
    *width = e->width;
    *height = e->height;
}

/* The headless stand-in for a buffer swap: finish every frame, so a frame's
 * time includes its rendering. */
static int egl_present(demo_surface *s)
{
    glFinish();
    return 1;
}

static void egl_close(demo_surface *s)
{
    egl_surface *e = (egl_surface *)s;
    if (!e)
        return;
    if (e->dpy != EGL_NO_DISPLAY) {
        eglMakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        if (e->ctx != EGL_NO_CONTEXT)
            eglDestroyContext(e->dpy, e->ctx);
        if (e->pbuffer != EGL_NO_SURFACE)
            eglDestroySurface(e->dpy, e->pbuffer);
        eglTerminate(e->dpy);
    }
    eglReleaseThread();
    free(e);
}

/* The surfaceless platform where the client extensions offer it (asmgl's and
 * Mesa's vendors both do), else the default display. */
static EGLDisplay open_display(void)
{
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    if (has_extension(client, "EGL_MESA_platform_surfaceless")) {
        PFNEGLGETPLATFORMDISPLAYEXTPROC get_platform_display =
            (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
        if (get_platform_display) {
            EGLDisplay dpy = get_platform_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
            if (dpy != EGL_NO_DISPLAY)
                return dpy;
        }
    }
    return eglGetDisplay(EGL_DEFAULT_DISPLAY);
}

demo_surface *demo_surface_open_headless(int width, int height, const char *name)
{
    egl_surface *e = calloc(1, sizeof *e);
    if (!e) {
        fprintf(stderr, "%s: out of memory\n", name);
        return NULL;
    }
    e->base = (demo_surface){.get_proc = egl_get_proc, .size = egl_size, .present = egl_present,
                             .screenshot = NULL, .close = egl_close};
    e->width = width;
    e->height = height;
    e->pbuffer = EGL_NO_SURFACE;
    e->ctx = EGL_NO_CONTEXT;
    const char *step;

    e->dpy = open_display();
    EGLint major, minor;
    if (e->dpy == EGL_NO_DISPLAY) {
        fprintf(stderr, "%s: no EGL display: libEGL found no vendor with the surfaceless platform or a default "
                        "display (check __EGL_VENDOR_LIBRARY_FILENAMES)\n", name);
        free(e);
        return NULL;
    }
    step = "eglInitialize";
    if (!eglInitialize(e->dpy, &major, &minor))
        goto fail;
    step = "eglBindAPI(EGL_OPENGL_API)";
    if (!eglBindAPI(EGL_OPENGL_API))
        goto fail;

    static const EGLint config_attribs[] = {
        EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
        EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
        EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE};
    EGLConfig config;
    EGLint count = 0;
    step = "eglChooseConfig";
    if (!eglChooseConfig(e->dpy, config_attribs, &config, 1, &count))
        goto fail;
    if (count < 1) {
        fprintf(stderr, "%s: the EGL vendor (%s) has no RGBA8 depth24 stencil8 pbuffer config for OpenGL\n", name,
                eglQueryString(e->dpy, EGL_VENDOR));
        egl_close(&e->base);
        return NULL;
    }
    const EGLint pbuffer_attribs[] = {EGL_WIDTH, width, EGL_HEIGHT, height, EGL_NONE};
    step = "eglCreatePbufferSurface";
    e->pbuffer = eglCreatePbufferSurface(e->dpy, config, pbuffer_attribs);
    if (e->pbuffer == EGL_NO_SURFACE)
        goto fail;
    step = "eglCreateContext";
    e->ctx = eglCreateContext(e->dpy, config, EGL_NO_CONTEXT, NULL);
    if (e->ctx == EGL_NO_CONTEXT)
        goto fail;
    step = "eglMakeCurrent";
    if (!eglMakeCurrent(e->dpy, e->pbuffer, e->pbuffer, e->ctx))
        goto fail;
    return &e->base;

fail:
    fprintf(stderr, "%s: %s failed: %s\n", name, step, egl_error_name(eglGetError()));
    egl_close(&e->base);
    return NULL;
}
