/*
 * glx_priv.h - the GLX vendor's objects and the internals shared by the files
 * of glx/ (any thread; every object below is guarded by gv_lock).  No other
 * folder includes this.
 *
 * libGLX_asmgl.so.0 is a libglvnd GLX vendor library: libGLX.so.0 loads it
 * when __GLX_VENDOR_LIBRARY_NAME=asmgl (or when the X server names "asmgl"
 * for a screen), calls __glx_Main, fetches every GLX 1.4 function by name
 * through getProcAddress (glx_main.c), and forwards the application's glX*
 * calls to the gv_glX* functions here.  GL calls do not pass through this
 * code: libGLdispatch asks getProcAddress for each GL name once and jumps
 * straight into asmgl whenever one of our contexts is current.
 *
 * Objects and handles:
 *   GLXFBConfig  -> gv_config    per (Display, screen): the configs' table
 *                                lives as long as the process, so a handle
 *                                never dangles (libglvnd allows handles to
 *                                be used across connections)
 *   XVisualInfo  -> the X visual a config was given (glx_config.c)
 *   GLXContext   -> gv_context   an asmgl_context
 *   GLXDrawable  -> gv_drawable  an asmgl_surface, plus a winsys presenter
 *                                for windows and pixmaps.  A plain X window
 *                                made current is a drawable of its own
 *                                (made at first use, freed with the display
 *                                or when the window is gone); GLXWindow,
 *                                GLXPixmap and GLXPbuffer handles are XIDs
 *                                from XAllocID, which libGLX maps to us.
 * A handle from the application is looked up in our lists before use,
 * never dereferenced on trust.
 *
 * Presentation (winsys.h): glXSwapBuffers copies a double-buffered
 * drawable's surface into its window with ws_x11_present.  Single-buffered
 * windows and pixmaps are presented at glFlush / glFinish / glXWaitGL,
 * through the surface's flush callback (asmgl_surface_set_flush_callback).
 * asmgl keeps one colour buffer per drawable: GL_FRONT and GL_BACK name
 * the same pixels, which GLX allows for the back buffer after a swap
 * (its contents are undefined, GLX 1.4 section 3.3.10).
 *
 * Resizing follows the window: at MakeCurrent, after each swap and at
 * glViewport the window's size is asked (XGetGeometry) and the surface
 * resized, as Mesa's xlib software winsys does.
 *
 * Extensions: GLX_ARB_create_context(_profile), GLX_ARB_multisample (2,
 * 4 and 8 samples: multisample surfaces, resolved when read or shown),
 * GLX_EXT_no_config_context, swap control (EXT, MESA, SGI),
 * GLX_EXT_buffer_age, GLX_MESA_query_renderer, GLX_EXT_visual_info /
 * _visual_rating.  share_list shares objects (glx_context.c);
 * glXCopyContext copies glPushAttrib's groups; a read drawable other than
 * the draw drawable is what ReadPixels, CopyPixels, CopyTex* and blits
 * from framebuffer 0 read (asmgl_make_current_surfaces).
 *
 * Threads: a drawable may be current to several contexts, each on its own
 * thread (GLX 1.4 section 3.3.7): its surface is shared
 * (asmgl_surface_set_shared), the contexts render into the same pixels and
 * see each other's rendering under asmgl.h's flush rule (glFinish or a
 * release); its size is kept while more than one context holds it, and
 * present_lock keeps its presenter to one thread at a time.
 *
 * Deletion follows GLX 1.4 sections 3.3.7 and 3.3.9: a context or GLX
 * drawable destroyed while current only loses its handle; it is freed when
 * it stops being current (by the thread that releases it).
 *
 * File map:
 *   glx_main.c      __glx_Main, getProcAddress, extension dispatch stubs,
 *                   X errors, the GL functions the vendor calls
 *   glx_config.c    configs and visuals, choose/get calls, strings
 *   glx_drawable.c  windows, pixmaps, pbuffers, swap, swap interval, queries
 *   glx_context.c   contexts, make current, wait, query context
 *   glx_xfont.c     glXUseXFont
 */
#ifndef GLX_GLX_PRIV_H
#define GLX_GLX_PRIV_H

#include <GL/gl.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <glvnd/libglxabi.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "asmgl/asmgl.h"
#include "winsys.h"

#define GV_VENDOR_STRING "asmgl"
#define GV_GLX_VERSION_STRING "1.4"

typedef struct gv_screen gv_screen;
typedef struct gv_config gv_config;
typedef struct gv_drawable gv_drawable;
typedef struct gv_context gv_context;

/* A framebuffer configuration: RGBA8, with or without depth 24 / stencil
 * 8, single or double buffered, single-sampled or with 2, 4 or 8 samples
 * (GLX_ARB_multisample); windows, pixmaps and pbuffers alike. */
struct gv_config {
    gv_screen *screen;
    int id;                 /* GLX_FBCONFIG_ID: unique over the process */
    bool doublebuffer;
    int depth_size, stencil_size;
    int samples;            /* GLX_SAMPLES: 0, or 2, 4, 8 (GLX_SAMPLE_BUFFERS 1) */
    VisualID visual;        /* an X TrueColor visual of the screen, or 0 */
    int visual_depth;       /* 24 or 32 */
};

#define GV_CONFIGS_PER_SCREEN 16

/* The configs of one screen of one connection; never freed (see above). */
struct gv_screen {
    Display *dpy;           /* NULL once the connection is closed */
    int screen;
    int num_configs;
    gv_config configs[GV_CONFIGS_PER_SCREEN];
    gv_screen *next;
};

enum gv_drawable_kind { GV_WINDOW, GV_PIXMAP, GV_PBUFFER };

struct gv_drawable {
    Display *dpy;
    GLXDrawable id;         /* the handle the application uses */
    Drawable x_drawable;    /* the X window or pixmap; None for pbuffers */
    enum gv_drawable_kind kind;
    bool implicit;          /* a plain X window made current directly */
    const gv_config *config;
    asmgl_surface *surface;
    ws_x11_drawable *ws;    /* NULL for pbuffers */
    int width, height;      /* the surface's size */
    bool largest, preserved;
    unsigned long event_mask; /* glXSelectEvent */
    int swap_interval;      /* GLX_EXT_swap_control; 0: no wait */
    uint64_t last_swap_ns;  /* CLOCK_MONOTONIC of the last swap */
    int current_count;      /* contexts that have it as draw or read (GLX 1.4
                               section 3.3.7: several, on different threads) */
    pthread_mutex_t present_lock; /* serializes ws (presents from several threads) */
    bool deleted;           /* destroyed while current: freed at release */
    gv_drawable *next;
};

struct gv_context {
    Display *dpy;
    const gv_config *config; /* NULL: GLX_EXT_no_config_context */
    int screen;
    asmgl_context *gl;
    int render_type;         /* GLX_RGBA_TYPE */
    int major, minor, flags, profile;
    void *owner;             /* gv_thread_id() of the thread it is current on */
    gv_drawable *draw, *read; /* while current */
    bool deleted;            /* destroyed while current: freed at release */
    bool viewport_set;       /* GLX 1.4 section 3.3.7: first current with a drawable */
    gv_context *next;
};

/* Guards every gv_screen, gv_drawable and gv_context. */
extern pthread_mutex_t gv_lock;
/* libGLX's exports, from __glx_Main. */
extern const __GLXapiExports *gv_exports;
extern __GLXvendorInfo *gv_vendor;

/* ---- glx_main.c ------------------------------------------------------------------------ */

/* Reports an X error to the application's error handler, as the server
 * would: glx_error is a GLX error code (GLXBadContext ...), added to the
 * GLX extension's first error; x_error a core one (BadMatch ...).
 * minor is the GLX request (X_GLXCreateContext ...). */
void gv_glx_error(Display *dpy, int glx_error, XID resource, int minor);
void gv_x_error(Display *dpy, int x_error, XID resource, int minor);
/* A unique address per thread (for gv_context.owner). */
void *gv_thread_id(void);

/* The GL functions the vendor itself calls, from asmgl_get_proc_address
 * (by name they would bind to libGL's dispatch stubs; see egl/egl_main.c). */
typedef struct gv_gl_api {
    void(APIENTRY *Viewport)(GLint x, GLint y, GLsizei width, GLsizei height);
    void(APIENTRY *Scissor)(GLint x, GLint y, GLsizei width, GLsizei height);
    void(APIENTRY *Finish)(void);
    void(APIENTRY *Flush)(void);
    const GLubyte *(APIENTRY *GetString)(GLenum name);
    void(APIENTRY *NewList)(GLuint list, GLenum mode);
    void(APIENTRY *EndList)(void);
    void(APIENTRY *Bitmap)(GLsizei w, GLsizei h, GLfloat xorig, GLfloat yorig, GLfloat xmove,
                           GLfloat ymove, const GLubyte *bitmap);
    void(APIENTRY *PixelStorei)(GLenum pname, GLint param);
    void(APIENTRY *GetIntegerv)(GLenum pname, GLint *params);
    void(APIENTRY *GetBooleanv)(GLenum pname, GLboolean *params);
} gv_gl_api;
const gv_gl_api *gv_gl(void);
/* The GL version asmgl reports (GL_VERSION), e.g. 30 for "3.0 ...". */
int gv_gl_version(void);

/* ---- glx_config.c (gv_lock held unless said) -------------------------------------------- */

/* The configs of (dpy, screen), made at first use; NULL for a bad screen. */
gv_screen *gv_screen_get(Display *dpy, int screen);
/* The config a handle names, or NULL. */
const gv_config *gv_config_get(GLXFBConfig config);
/* The config whose X visual is vis (on vis->screen), or NULL. */
const gv_config *gv_config_from_visual(Display *dpy, const XVisualInfo *vis);
/* The config of an X visual id on a screen, or NULL. */
const gv_config *gv_config_from_visual_id(Display *dpy, int screen, VisualID id);
/* Forgets dpy (its connection is closing): its drawables and screens. */
void gv_display_closed(Display *dpy);

/* ---- glx_drawable.c (gv_lock held) ------------------------------------------------------- */

/* The live drawable id names on dpy; NULL when there is none. */
gv_drawable *gv_drawable_find(Display *dpy, GLXDrawable id);
/* For MakeCurrent: the drawable id names, made for a plain X window at
 * first use (with the window's visual's config, else cfg).  NULL (with
 * *error set to the GLX error, or to a core error + 256) when it is
 * neither. */
gv_drawable *gv_drawable_for_current(Display *dpy, GLXDrawable id, const gv_config *cfg,
                                     int *error);
/* Follows the window's size: resizes the surface (calling thread must be
 * the one the surface is lent on, or it must not be lent). */
void gv_drawable_track_size(gv_drawable *d);
/* Frees d (current nowhere). */
void gv_drawable_free(gv_drawable *d);
/* Frees every drawable of dpy that is current nowhere; marks the rest. */
void gv_drawables_display_closed(Display *dpy);

/* ---- glx_context.c ------------------------------------------------------------------------ */

/* The calling thread's current context (ours), or NULL. */
gv_context *gv_context_current(void);
void gv_contexts_display_closed(Display *dpy);

/* ---- the GLX functions libGLX calls (gv_ + the GLX name) ---------------------------------- */

XVisualInfo *gv_glXChooseVisual(Display *dpy, int screen, int *attrib_list);
void gv_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask);
GLXContext gv_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share_list, Bool direct);
GLXPixmap gv_glXCreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap);
void gv_glXDestroyContext(Display *dpy, GLXContext ctx);
void gv_glXDestroyGLXPixmap(Display *dpy, GLXPixmap pix);
int gv_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value);
Bool gv_glXIsDirect(Display *dpy, GLXContext ctx);
Bool gv_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx);
void gv_glXSwapBuffers(Display *dpy, GLXDrawable drawable);
void gv_glXUseXFont(Font font, int first, int count, int list_base);
void gv_glXWaitGL(void);
void gv_glXWaitX(void);
const char *gv_glXQueryServerString(Display *dpy, int screen, int name);
const char *gv_glXGetClientString(Display *dpy, int name);
const char *gv_glXQueryExtensionsString(Display *dpy, int screen);
GLXFBConfig *gv_glXChooseFBConfig(Display *dpy, int screen, const int *attrib_list, int *nelements);
GLXContext gv_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type,
                                  GLXContext share_list, Bool direct);
GLXPbuffer gv_glXCreatePbuffer(Display *dpy, GLXFBConfig config, const int *attrib_list);
GLXPixmap gv_glXCreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap, const int *attrib_list);
GLXWindow gv_glXCreateWindow(Display *dpy, GLXFBConfig config, Window win, const int *attrib_list);
void gv_glXDestroyPbuffer(Display *dpy, GLXPbuffer pbuf);
void gv_glXDestroyPixmap(Display *dpy, GLXPixmap pixmap);
void gv_glXDestroyWindow(Display *dpy, GLXWindow win);
int gv_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value);
GLXFBConfig *gv_glXGetFBConfigs(Display *dpy, int screen, int *nelements);
void gv_glXGetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *event_mask);
XVisualInfo *gv_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config);
Bool gv_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx);
int gv_glXQueryContext(Display *dpy, GLXContext ctx, int attribute, int *value);
void gv_glXQueryDrawable(Display *dpy, GLXDrawable draw, int attribute, unsigned int *value);
void gv_glXSelectEvent(Display *dpy, GLXDrawable draw, unsigned long event_mask);
GLXContext gv_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share_list,
                                         Bool direct, const int *attrib_list);

/* extensions (dispatched through libGLX's dynamic table, glx_main.c) */
void gv_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval);
int gv_glXSwapIntervalMESA(unsigned int interval);
int gv_glXGetSwapIntervalMESA(void);
int gv_glXSwapIntervalSGI(int interval);
Bool gv_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer, int attribute,
                                    unsigned int *value);
const char *gv_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer, int attribute);
Bool gv_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value);
const char *gv_glXQueryCurrentRendererStringMESA(int attribute);

#endif /* GLX_GLX_PRIV_H */
