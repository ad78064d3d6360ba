/*
 * surface.h - where a demo's frames go: a GL context and its default
 * framebuffer, opened through the system's libglvnd like any GL application.
 *
 *   headless (surface_egl.c)  an EGL pbuffer on the surfaceless platform
 *                             (EGL_MESA_platform_surfaceless), or on the
 *                             default display where a vendor lacks that
 *                             platform.  libEGL picks the vendor: asmgl with
 *                             __EGL_VENDOR_LIBRARY_FILENAMES=<build>/asmgl_egl.json,
 *                             Mesa (llvmpipe) with Mesa's JSON.
 *   window (surface_glfw.c)   a GLFW window and GLFW's own GL context (GLX):
 *                             asmgl with __GLX_VENDOR_LIBRARY_NAME=asmgl,
 *                             otherwise the X server's vendor (Mesa).
 *
 * Both give an RGBA8 default framebuffer with 24 depth and 8 stencil bits and
 * a compatibility (legacy) context.  GL 1.x entry points come from
 * libOpenGL.so (glvnd's dispatch, which follows whichever context is
 * current, EGL's or GLX's); later ones from get_proc (demo_gl.h).
 *
 * Call order:
 *     demo_surface *s = demo_surface_open_headless(w, h, name);  // or _window
 *     loop: s->size(s, &w, &h); render into framebuffer 0;
 *           if (!s->present(s)) break;    // 0: the window was closed
 *     s->close(s);
 * Threads: API thread only.  Errors: messages on stderr, NULL/0 returns.
 */
#ifndef DEMO_SURFACE_H
#define DEMO_SURFACE_H

typedef void (*demo_proc)(void);

typedef struct demo_surface demo_surface;
struct demo_surface {
    /* GL's entry point `name` for the current context, or NULL. */
    demo_proc (*get_proc)(const char *name);
    /* The default framebuffer's size now (a window's follows resizes). */
    void (*size)(demo_surface *s, int *width, int *height);
    /* Ends a frame: a buffer swap and event handling in a window, glFinish
     * headless.  Returns 0 once the user asked to close the window. */
    int (*present)(demo_surface *s);
    /* Writes what the X server shows in the window (not what GL holds) to a
     * PNG, after the frame presented last.  NULL where there is no window. */
    int (*screenshot)(demo_surface *s, const char *path);
    /* Releases the context and the surface, and frees s. */
    void (*close)(demo_surface *s);
};

/* A current context on a width x height pbuffer, or NULL. */
demo_surface *demo_surface_open_headless(int width, int height, const char *name);

/* A current context in a window with a client area of width x height, titled
 * `name`, or NULL (no display, no GLFW in this build). */
demo_surface *demo_surface_open_window(int width, int height, const char *name);

#endif /* DEMO_SURFACE_H */
