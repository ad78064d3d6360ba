/*
 * egl_priv.h - the EGL vendor's objects and the internals shared by the files
 * of egl/ (any thread; every object below is guarded by ev_lock).  No other
 * folder includes this.
 *
 * libEGL_asmgl.so is a libglvnd EGL vendor library: libEGL.so.1 loads it
 * (selected by a JSON file, see CMakeLists.txt), calls __egl_Main, and then
 * forwards every EGL call that names one of our displays to the ev_egl*
 * functions here.  GL calls do not pass through this code at all: libEGL
 * asks getProcAddress (egl_main.c) for each GL function once, and
 * libGLdispatch jumps straight into asmgl whenever one of our contexts is
 * current on the calling thread.
 *
 * Objects and handles:
 *   EGLDeviceEXT -> ev_device   one: asmgl itself (egl_device.c)
 *   EGLDisplay  -> ev_display   one per platform and native display:
 *                               EGL_PLATFORM_SURFACELESS_MESA (also the default
 *                               display, eglGetDisplay(EGL_DEFAULT_DISPLAY)),
 *                               EGL_PLATFORM_DEVICE_EXT on asmgl's device, and
 *                               EGL_PLATFORM_X11_KHR per X screen (egl_x11.c)
 *   EGLConfig   -> ev_config    a constant table (egl_config.c); which of its
 *                               surface types a config offers depends on the display
 *   EGLSurface  -> ev_surface   a pbuffer, an X11 window or pixmap: an asmgl_surface
 *   EGLContext  -> ev_context   an asmgl_context
 * Handles are pointers, but a handle from the application is looked up in
 * the display's lists before it is used, never dereferenced on trust.
 *
 * Deletion follows EGL 1.5 section 3.2 / 3.5.5 / 3.7.2: destroying (or
 * terminating) a surface or context that is current somewhere only marks it;
 * the handle is invalid at once, and the object is freed when it stops being
 * current (by the thread that releases it).
 *
 * File map:
 *   egl_main.c     __egl_Main, the vendor imports, errors, extension dispatch stubs
 *   egl_display.c  displays: get, initialize, terminate, query string, handle look-ups
 *   egl_device.c   the device (EGL_EXT_device_enumeration, _query, _platform_device)
 *   egl_x11.c      the X11 platform: native displays, screens, visuals, windows
 *   egl_config.c   the config table, eglGetConfigs/ChooseConfig/GetConfigAttrib
 *   egl_surface.c  pbuffers, windows, pixmaps and the surface calls (swap, copy, query, attrib)
 *   egl_context.c  contexts, eglMakeCurrent, release, wait
 */
#ifndef EGL_EGL_PRIV_H
#define EGL_EGL_PRIV_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <glvnd/libeglabi.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "asmgl/asmgl.h"

#define EV_VENDOR_STRING "asmgl"
#define EV_EGL_VERSION_STRING "1.5"
/* EGL_MAX_SWAP_INTERVAL of every config (egl_surface.c, eglSwapInterval;
 * the GLX vendor's limit too) */
#define EV_MAX_SWAP_INTERVAL 1000

typedef struct ev_display ev_display;
typedef struct ev_surface ev_surface;
typedef struct ev_context ev_context;

/* A framebuffer configuration.  Every config is RGBA8, OpenGL-renderable;
 * they differ in depth, stencil and samples.  On an X11 display whose
 * screen has a visual for RGBA8 (ev_display.x11.visual) the configs render
 * to windows, pixmaps and pbuffers, elsewhere to pbuffers only
 * (ev_config_attrib). */
typedef struct ev_config {
    EGLint id;                /* EGL_CONFIG_ID, 1-based */
    EGLint depth_size, stencil_size;
    EGLint samples;           /* EGL_SAMPLES: 0 (single-sampled) or the sample count */
} ev_config;

/* What an EGLDisplay stands on. */
typedef enum ev_platform {
    EV_PLATFORM_SURFACELESS, /* EGL_PLATFORM_SURFACELESS_MESA, and the default display */
    EV_PLATFORM_DEVICE,      /* EGL_PLATFORM_DEVICE_EXT on asmgl's device */
    EV_PLATFORM_X11,         /* EGL_PLATFORM_X11_KHR: one X screen */
} ev_platform;

/* An X11 resource id (Window, Pixmap), Xlib's XID, without Xlib's header. */
typedef unsigned long ev_xid;

/* An X11 display's native side (egl_x11.c).  The connection is the
 * application's, or our own for EGL_DEFAULT_DISPLAY. */
typedef struct ev_x11_screen {
    void *xdpy;               /* Display * */
    int screen;
    bool own_connection;      /* opened for EGL_DEFAULT_DISPLAY; never closed */
    unsigned long visual;     /* EGL_NATIVE_VISUAL_ID of the window configs; 0: none */
    int visual_class;         /* EGL_NATIVE_VISUAL_TYPE: TrueColor */
} ev_x11_screen;

struct ev_surface {
    ev_display *dpy;
    const ev_config *config;
    EGLint type;              /* EGL_PBUFFER_BIT, EGL_WINDOW_BIT or EGL_PIXMAP_BIT */
    EGLint width, height;     /* the asmgl_surface's size (a window's as last followed) */
    EGLBoolean largest;       /* EGL_LARGEST_PBUFFER as requested */
    EGLint swap_behavior, multisample_resolve, mipmap_level;
    EGLint render_buffer;     /* EGL_RENDER_BUFFER as requested */
    asmgl_surface *gl;
    /* window and pixmap surfaces */
    ev_xid window;            /* the X Window or Pixmap */
    struct ws_x11_drawable *presenter; /* its presenter (winsys/winsys.h) */
    EGLint swap_interval;     /* eglSwapInterval, clamped (EGL 1.5 section 3.10.3) */
    uint64_t last_swap_ns;    /* CLOCK_MONOTONIC of the last posted frame, 0: none */
    ev_context *current_ctx;  /* the context it is current to, or NULL */
    bool deleted;             /* destroyed while current: freed at release */
    ev_surface *next;
};

struct ev_context {
    ev_display *dpy;
    const ev_config *config;  /* NULL: EGL_NO_CONFIG_KHR */
    asmgl_context *gl;
    EGLint major, minor;      /* the version requested (EGL_KHR_create_context) */
    void *owner;              /* ev_thread_id() of the thread it is current on, or NULL */
    ev_surface *draw, *read;  /* while current; NULL when surfaceless */
    bool deleted;             /* destroyed while current: freed at release */
    bool viewport_set;        /* EGL 1.5 section 3.7.3: first current with a surface */
    ev_context *next;
};

/* Displays are never freed: an EGLDisplay handle stays valid for the life
 * of the process (EGL 1.5 section 3.2), terminated or not. */
struct ev_display {
    ev_platform platform;
    bool initialized;
    ev_surface *surfaces;
    ev_context *contexts;
    ev_x11_screen x11;        /* EV_PLATFORM_X11 only */
    ev_display *next;         /* every display, for handle look-ups */
};

/* Guards every ev_display, ev_surface and ev_context. */
extern pthread_mutex_t ev_lock;
/* libEGL's exports, from __egl_Main. */
extern const __EGLapiExports *ev_exports;

/* ---- egl_main.c: errors (per thread, EGL 1.5 section 3.1) ---------------------- */

/* Records code as this thread's error; returns EGL_FALSE for chaining. */
EGLBoolean ev_error(EGLint code);
/* Records EGL_SUCCESS; returns EGL_TRUE. */
EGLBoolean ev_ok(void);
/* A unique address per thread (for ev_context.owner). */
void *ev_thread_id(void);

/* ---- egl_main.c: the GL functions the vendor itself calls -------------------------
 * Called by name, glFoo would bind to libGL/libOpenGL's dispatch stub (first
 * in an EGL program's global scope), which jumps through libGLdispatch's
 * table for the thread: not asmgl's while eglMakeCurrent is still switching
 * it, nor on the version probe's own thread.  So the vendor calls asmgl's
 * functions, looked up once with asmgl_get_proc_address. */
typedef struct ev_gl_api {
    void(APIENTRY *Viewport)(GLint x, GLint y, GLsizei width, GLsizei height);
    void(APIENTRY *Scissor)(GLint x, GLint y, GLsizei width, GLsizei height);
    void(APIENTRY *Finish)(void);
    void(APIENTRY *Flush)(void);
    const GLubyte *(APIENTRY *GetString)(GLenum name);
} ev_gl_api;
const ev_gl_api *ev_gl(void);

/* ---- egl_display.c (ev_lock held) -------------------------------------------------- */

/* The display a handle names, or NULL with EGL_BAD_DISPLAY; with need_init,
 * NULL with EGL_NOT_INITIALIZED when it is not initialized. */
ev_display *ev_display_get(EGLDisplay dpy, bool need_init);
/* The surfaceless display (also the default display) and the device's. */
ev_display *ev_display_surfaceless(void);
ev_display *ev_display_device(void);
/* Links a display (allocated by its platform) into the handle list. */
void ev_display_add(ev_display *d);
/* Every display, newest first (linked by ev_display.next). */
ev_display *ev_display_list(void);
/* The GL version asmgl reports (GL_VERSION), e.g. 30 for "3.0 ...". */
int ev_gl_version(void);

/* ---- egl_device.c ------------------------------------------------------------------------ */

/* asmgl's one EGLDeviceEXT; every display belongs to it. */
EGLDeviceEXT ev_device(void);
/* EGL_PLATFORM_DEVICE_EXT: the display for `native`, or EGL_NO_DISPLAY
 * with the error recorded. */
EGLDisplay ev_device_get_display(void *native, const EGLAttrib *attrib_list);

/* ---- egl_x11.c ----------------------------------------------------------------------------- */

/* EGL_PLATFORM_X11_KHR: the display for native (a Display *, or
 * EGL_DEFAULT_DISPLAY) and the screen attribute, or EGL_NO_DISPLAY with the
 * error recorded. */
EGLDisplay ev_x11_get_display(void *native, const EGLAttrib *attrib_list);
/* libglvnd's findNativeDisplayPlatform: EGL_PLATFORM_X11_KHR when native
 * is an Xlib Display, EGL_NONE otherwise; never dereferences a bad pointer. */
EGLenum ev_x11_find_platform(void *native);
/* Checks `window` for a window surface on d: EGL_SUCCESS, or the EGL error
 * (EGL 1.5 section 3.5.1).  Makes its presenter on success. */
EGLint ev_x11_window_check(ev_display *d, ev_xid window, struct ws_x11_drawable **presenter);
/* Checks `pixmap` for a pixmap surface of d, or as eglCopyBuffers' target:
 * EGL_SUCCESS with its presenter and size, or the EGL error (EGL 1.5
 * sections 3.5.4, 3.10.2). */
EGLint ev_x11_pixmap_check(ev_display *d, ev_xid pixmap, struct ws_x11_drawable **presenter,
                           EGLint *width, EGLint *height);
/* EGL_MATCH_NATIVE_PIXMAP: 1 when the configs render to pixmap, 0 when not,
 * -EGL_BAD_NATIVE_PIXMAP when it is no pixmap of d. */
int ev_x11_pixmap_matches(ev_display *d, ev_xid pixmap);
/* The window's size now; false when it is gone. */
bool ev_x11_window_size(struct ws_x11_drawable *presenter, EGLint *width, EGLint *height);
/* Copies s's frame into its window or pixmap; false when that is gone. */
bool ev_x11_present(struct ws_x11_drawable *presenter, asmgl_surface *s);
void ev_x11_presenter_destroy(struct ws_x11_drawable *presenter);

/* ---- egl_config.c --------------------------------------------------------------------- */

/* The config a handle names, or NULL with EGL_BAD_CONFIG. */
const ev_config *ev_config_get(EGLConfig config);
/* Looks up a config attribute as display d offers it; false when attr is
 * not one. */
bool ev_config_attrib(const ev_display *d, const ev_config *c, EGLint attr, EGLint *value);

/* ---- egl_surface.c (ev_lock held) ------------------------------------------------------ */

/* The live (not deleted) surface a handle names, or NULL with EGL_BAD_SURFACE. */
ev_surface *ev_surface_get(ev_display *d, EGLSurface surface);
/* Unlinks and frees s, which is current nowhere. */
void ev_surface_free(ev_surface *s);
/* Gives window surface s its window's size now, when that changed (on the
 * thread s is lent to, or while it is lent to no one).  False when the
 * window is gone. */
bool ev_surface_follow_window(ev_surface *s);

/* ---- egl_context.c (ev_lock held) ------------------------------------------------------ */

/* Unlinks and frees c, which is current nowhere. */
void ev_context_free(ev_context *c);
/* The calling thread's current context (ours), or NULL. */
ev_context *ev_context_current(void);
/* Whether this thread is inside eglMakeCurrent (and so holds ev_lock). */
bool ev_making_current(void);

/* ---- the EGL functions libEGL calls (ev_ + the EGL name) ------------------------------- */

EGLBoolean EGLAPIENTRY ev_eglInitialize(EGLDisplay dpy, EGLint *major, EGLint *minor);
EGLBoolean EGLAPIENTRY ev_eglTerminate(EGLDisplay dpy);
const char *EGLAPIENTRY ev_eglQueryString(EGLDisplay dpy, EGLint name);
EGLint EGLAPIENTRY ev_eglGetError(void);
EGLBoolean EGLAPIENTRY ev_eglBindAPI(EGLenum api);
EGLBoolean EGLAPIENTRY ev_eglReleaseThread(void);

EGLBoolean EGLAPIENTRY ev_eglGetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint config_size,
                                        EGLint *num_config);
EGLBoolean EGLAPIENTRY ev_eglChooseConfig(EGLDisplay dpy, const EGLint *attrib_list,
                                          EGLConfig *configs, EGLint config_size,
                                          EGLint *num_config);
EGLBoolean EGLAPIENTRY ev_eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute,
                                             EGLint *value);

EGLSurface EGLAPIENTRY ev_eglCreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
                                                  const EGLint *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreateWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativeWindowType win, const EGLint *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                 EGLNativePixmapType pixmap,
                                                 const EGLint *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_window,
                                                         const EGLAttrib *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
                                                         void *native_pixmap,
                                                         const EGLAttrib *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
                                                           EGLClientBuffer buffer, EGLConfig config,
                                                           const EGLint *attrib_list);
EGLBoolean EGLAPIENTRY ev_eglDestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean EGLAPIENTRY ev_eglQuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
                                          EGLint *value);
EGLBoolean EGLAPIENTRY ev_eglSurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
                                           EGLint value);
EGLBoolean EGLAPIENTRY ev_eglSwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean EGLAPIENTRY ev_eglSwapBuffersWithDamage(EGLDisplay dpy, EGLSurface surface,
                                                   const EGLint *rects, EGLint n_rects);
EGLBoolean EGLAPIENTRY ev_eglSwapInterval(EGLDisplay dpy, EGLint interval);
EGLBoolean EGLAPIENTRY ev_eglCopyBuffers(EGLDisplay dpy, EGLSurface surface,
                                         EGLNativePixmapType target);
EGLBoolean EGLAPIENTRY ev_eglBindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean EGLAPIENTRY ev_eglReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);

EGLContext EGLAPIENTRY ev_eglCreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
                                           const EGLint *attrib_list);
EGLBoolean EGLAPIENTRY ev_eglDestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean EGLAPIENTRY ev_eglQueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute,
                                          EGLint *value);
EGLBoolean EGLAPIENTRY ev_eglMakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
                                         EGLContext ctx);
EGLBoolean EGLAPIENTRY ev_eglWaitGL(void);
EGLBoolean EGLAPIENTRY ev_eglWaitClient(void);
EGLBoolean EGLAPIENTRY ev_eglWaitNative(EGLint engine);

/* EGL_EXT_device_enumeration, EGL_EXT_device_query (egl_device.c) */
EGLBoolean EGLAPIENTRY ev_eglQueryDevicesEXT(EGLint max_devices, EGLDeviceEXT *devices,
                                             EGLint *num_devices);
const char *EGLAPIENTRY ev_eglQueryDeviceStringEXT(EGLDeviceEXT device, EGLint name);
EGLBoolean EGLAPIENTRY ev_eglQueryDeviceAttribEXT(EGLDeviceEXT device, EGLint attribute,
                                                  EGLAttrib *value);
EGLBoolean EGLAPIENTRY ev_eglQueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute,
                                                   EGLAttrib *value);
/* EGL_EXT_platform_base's surface functions (EGLint attribute lists) */
EGLSurface EGLAPIENTRY ev_eglCreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                                            void *native_window,
                                                            const EGLint *attrib_list);
EGLSurface EGLAPIENTRY ev_eglCreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
                                                            void *native_pixmap,
                                                            const EGLint *attrib_list);

#endif /* EGL_EGL_PRIV_H */
