/*
 * asmgl.h - the headless context API of libasmgl.so.
 *
 * asmgl is a software OpenGL whose programmable stages are the OpenGL assembly
 * program extensions.  It exports the standard GL entry points (declared by
 * <GL/gl.h> and <GL/glext.h>); this header adds what GL itself lacks: a way to
 * create a context with its own framebuffer without any window system, in the
 * spirit of OSMesa.
 *
 * Call order:
 *     asmgl_context *ctx = asmgl_context_create(&cfg);   // NULL on failure
 *     asmgl_make_current(ctx);                            // this thread only
 *     ... any GL calls; glReadPixels reads the default framebuffer ...
 *     asmgl_make_current(NULL);
 *     asmgl_context_destroy(ctx);
 *
 * Ownership: the context owns its default framebuffer.
 * Errors: creation failures return NULL and asmgl_last_error() says why; GL
 * errors are reported by glGetError as usual.
 *
 * Threads: a context is current on at most one thread; each thread has its
 * own current context.  Every function below may be called from any thread
 * at any time, and says what it does with a context that another thread
 * holds ("Threads:").  None of them waits for another thread: a context
 * current on another thread (which may be rendering into its framebuffer
 * at that moment) is refused, never touched, with a 0 / NULL result and
 * asmgl_last_error() saying so.  A context current on no thread can be
 * worked on from any thread; while such a call runs, the context counts as
 * current on the calling thread (making it current elsewhere is refused).
 * A pointer must stay valid while it is used: destroying a context or
 * surface while another thread still passes it to a call is the caller's
 * error, as with free().  Contexts that share objects
 * (asmgl_context_create_shared, below) are the one exception to "never
 * waits": their GL calls and the calls below that touch one of them take
 * turns on their share group's lock, each for the length of one call.
 */
#ifndef ASMGL_ASMGL_H
#define ASMGL_ASMGL_H

#ifdef __cplusplus
extern "C" {
#endif

#define ASMGL_VERSION_STRING "0.1.0"

typedef struct asmgl_context asmgl_context;

/* Default framebuffer layout.  Colour is always RGBA with 8 bits per
 * channel.  Other values are refused (asmgl_last_error says which). */
typedef struct asmgl_config {
    int width, height;   /* 1 .. 16384 */
    int depth_bits;      /* 0 or 24 */
    int stencil_bits;    /* 0 or 8 */
    int samples;         /* 0 or 1: single-sampled; 2, 4 or 8: a multisample
                            default framebuffer (per-sample colour, depth
                            and stencil; GL_SAMPLES reports it; glReadPixels,
                            asmgl_read_color and asmgl_surface_read_color
                            give the resolved colour: the average of the
                            samples) */
} asmgl_config;

/* Fills cfg with 256x256, depth 24, stencil 8, single sample.
 * Threads: any; touches only cfg. */
void asmgl_config_default(asmgl_config *cfg);

/* A context with its own default framebuffer as cfg says (NULL: the
 * default configuration), current on no thread.  NULL on failure.
 * Threads: any; contexts are independent of each other. */
asmgl_context *asmgl_context_create(const asmgl_config *cfg);

/* ---- contexts that share objects (GL 2.1 Appendix D) ----------------------
 *
 * asmgl_context_create_shared makes a context like asmgl_context_create
 * that shares share's objects (and so those of every context share
 * shares with): glXCreateContext's shareList, eglCreateContext's
 * share_context.  NULL (asmgl_last_error says why) when share is NULL or on
 * failure.  share may be current on any thread (creation waits for its
 * GL call in progress, if any).
 *
 * Shared: texture objects, buffer objects, ARB/NV program objects
 * (glGenProgramsARB), renderbuffers and display lists: one namespace, the
 * same objects.  Not shared: framebuffer objects (ARB_framebuffer_object),
 * the objects named 0 (default textures and programs), GL 2.0 shader and
 * program objects, and all other state.
 *
 * Lifetime: the shared objects live until the last context sharing them is
 * destroyed; the contexts may be destroyed in any order.  Deleting an
 * object removes its name from every context at once; a context that has
 * the object bound (texture unit, buffer binding or vertex array, program
 * target, renderbuffer binding, framebuffer attachment) keeps using it
 * until it unbinds it, then the object is freed (Appendix D.1.2).
 *
 * Threads: contexts sharing objects may be current on different threads
 * and call GL at once.  Their GL calls are serialised by the group's lock
 * (each call runs whole, one at a time), so name tables and objects are
 * never seen half changed.  Results of one context using an object that
 * another changes are undefined until the application synchronises (glFinish
 * in the changing context, then a bind in the using one, Appendix D.3);
 * asmgl runs every sharing context's queued rendering before an object
 * changes, so queued work reads the object as it was and nothing ever reads
 * freed memory. */
asmgl_context *asmgl_context_create_shared(const asmgl_config *cfg, asmgl_context *share);

/* Frees ctx (NULL is ignored), releasing it first if it is current on the
 * calling thread.  Threads: a context current on another thread is not
 * freed (asmgl_last_error says so). */
void asmgl_context_destroy(asmgl_context *ctx);

/* Makes ctx current on the calling thread (NULL releases).  Returns 1 on
 * success, 0 on failure.  Threads: 0 when ctx is current on (or in use by
 * a call from) another thread; the calling thread's context is then
 * unchanged. */
int asmgl_make_current(asmgl_context *ctx);
/* The calling thread's current context, or NULL.  Threads: any. */
asmgl_context *asmgl_get_current(void);

/* Copies the state groups of mask (glPushAttrib's bits, GL_ALL_ATTRIB_BITS
 * for all) from src to dst, as glXCopyContext does (GLX 1.4 section
 * 3.3.7): the state glPushAttrib saves, texture bindings by name.  dst must
 * be current on no thread, src on none but the calling one; 0 then
 * (asmgl_last_error says why), 1 on success. */
int asmgl_context_copy(asmgl_context *dst, asmgl_context *src, unsigned long mask);

/* Resizes framebuffer 0 of ctx (contents become undefined): its own, or
 * the surface lent to it (surfaces below).  Queued rendering is finished
 * first.  1 ok, 0 fail (size outside 1..16384, out of memory, or no
 * framebuffer 0; ctx unchanged).  Threads: 0 when ctx is current on
 * another thread. */
int asmgl_resize(asmgl_context *ctx, int width, int height);

/* Finishes all queued rendering and copies the colour buffer of
 * framebuffer 0 as tightly packed RGBA8 rows, bottom row first (the
 * glReadPixels order), into dst, which holds width*height*4 bytes.
 * Returns 1 on success, 0 when ctx has no framebuffer 0.  Threads: 0 when
 * ctx is current on another thread (dst untouched); to read what another
 * thread renders, that thread releases the context first or reads itself. */
int asmgl_read_color(asmgl_context *ctx, void *dst);

/* Looks up a GL entry point by name ("glBegin", "glProgramStringARB", ...);
 * NULL when asmgl does not implement it.  Threads: any (a constant table);
 * the GL functions act on the calling thread's current context. */
void (*asmgl_get_proc_address(const char *name))(void);

/* The OpenGL version asmgl implements, as major * 10 + minor (21 for the
 * "3.0" that glGetString(GL_VERSION) begins with).  Threads: any; no context
 * needed (window-system layers check requested context versions with it). */
int asmgl_gl_version(void);

/* Why the last asmgl_* call on this thread failed, or "" if none did.
 * Threads: any; each thread has its own. */
const char *asmgl_last_error(void);

/* ---- surfaces: default framebuffers that live apart from contexts ---------
 *
 * For window-system layers (the EGL vendor, egl/): a surface is a default
 * framebuffer (RGBA8 colour, optional depth 24 / stencil 8) that the caller
 * owns and that outlives context switches, like an EGL pbuffer.
 *
 *     asmgl_surface *s = asmgl_surface_create(&cfg);      // 0x0 is allowed
 *     asmgl_make_current_surface(ctx, s);   // ctx renders into s as framebuffer 0
 *     asmgl_make_current_surface(ctx, NULL);  // ctx has no default framebuffer
 *     asmgl_make_current_surface(NULL, NULL); // release; ctx gets its own back
 *     asmgl_surface_destroy(s);
 *
 * A surface is lent to its context only while that context is current: the
 * context's own default framebuffer is set aside and comes back when the
 * thread makes another context (or none) current through
 * asmgl_make_current_surface.  A surface is used by one context at a time
 * unless it is shared (asmgl_surface_set_shared below); contents persist
 * across lends.  With no surface, framebuffer 0
 * does not exist: glCheckFramebufferStatus says GL_FRAMEBUFFER_UNDEFINED,
 * and drawing to, clearing or reading from it is
 * GL_INVALID_FRAMEBUFFER_OPERATION (applications render into framebuffer
 * objects).
 *
 * Releasing the context in any way (asmgl_make_current_surface(NULL, NULL),
 * asmgl_make_current, asmgl_context_destroy of the current context) gives
 * a lent surface back first.  asmgl_surface_destroy refuses a lent surface
 * and asmgl_context_destroy a context current on another thread (both set
 * asmgl_last_error).  Thread-safety as for asmgl_make_current; lending,
 * resizing and reading a surface are safe against lends on other threads,
 * its pixels are not locked.
 */
typedef struct asmgl_surface asmgl_surface;

/* cfg->width/height may be 0 here; samples 0, 1, 2, 4 or 8 (see
 * asmgl_config).  NULL on failure (asmgl_last_error says why). */
asmgl_surface *asmgl_surface_create(const asmgl_config *cfg);
/* Frees s (NULL is ignored); a surface lent to a current context is not
 * freed (asmgl_last_error says so). */
void asmgl_surface_destroy(asmgl_surface *s);
/* Makes ctx current on the calling thread with s as its default framebuffer
 * (see above).  Queued rendering into the surfaces involved is finished
 * first.  1 on success; 0 when ctx is current on another thread or s is lent
 * to another context (nothing changes then). */
int asmgl_make_current_surface(asmgl_context *ctx, asmgl_surface *s);
/* As asmgl_make_current_surface(ctx, draw), and framebuffer 0 reads from
 * read (glReadPixels, glCopyPixels, glCopyTex*, glBlitFramebuffer's
 * source), as GLX 1.4 section 3.3.7 and EGL 1.5 section 3.7.3 say for a
 * read drawable or surface other than the draw one.  read is lent with
 * draw (the same rules; NULL or draw: reads come from draw; ignored when
 * draw is NULL). */
int asmgl_make_current_surfaces(asmgl_context *ctx, asmgl_surface *draw, asmgl_surface *read);

/* With shared non-zero, s may be lent to several contexts at once, each
 * current on its own thread (GLX 1.4 section 3.3.7 lets a drawable be
 * current to several contexts; EGL forbids it, so surfaces are not shared
 * by default).  The contexts render into the same pixels.  Flush rule:
 * what a context drew is in s once its glFinish returns, once it is
 * released, or once its glFlush returns while s is lent to several
 * contexts; a context that reads after that (glReadPixels,
 * asmgl_surface_read_color) sees it.  Ordering those calls between the
 * threads is the application's part, as for any GL object shared between
 * contexts.  While s is lent to more than one context,
 * asmgl_surface_resize refuses (0): its size is kept until one context
 * holds it. */
void asmgl_surface_set_shared(asmgl_surface *s, int shared);

/* For window-system layers that present a surface (GLX and EGL window
 * surfaces, through winsys/):
 *
 * asmgl_surface_resize gives s new storage of width x height (contents
 * undefined), also while it is lent: the context that holds it sees the new
 * size as framebuffer 0's at once (queued rendering is finished first).  It
 * must be called on the thread where s is lent, or while s is not lent
 * (and not while a shared s is lent to several contexts).
 * 1 on success, 0 on failure (asmgl_last_error says why; s is unchanged).
 *
 * asmgl_surface_read_color finishes this thread's rendering queued into s
 * and copies its
 * colour buffer (resolved, when multisampled) into dst: width*height pixels
 * of 4 bytes each, top row first, rows dst_stride bytes apart, as bytes
 * B, G, R, A when bgra is non-zero (an X11 TrueColor ZPixmap on a little-
 * endian server) and R, G, B, A otherwise.  Same thread rule as resize.
 * Returns 1, or 0 for an empty surface. */
int asmgl_surface_resize(asmgl_surface *s, int width, int height);
int asmgl_surface_read_color(asmgl_surface *s, void *dst, long dst_stride, int bgra);
/* The size s has now. */
void asmgl_surface_size(const asmgl_surface *s, int *width, int *height);

/* Front-buffer presentation: fn(s, data) runs on the calling thread at
 * glFlush and glFinish (after the rendering is finished, for glFlush too)
 * while s is lent to the current context; a single-buffered window
 * (GLX_DOUBLEBUFFER false, EGL_SINGLE_BUFFER) shows its pixels from there.
 * fn may call asmgl_surface_read_color(s, ...) and Xlib, but no GL.  NULL
 * fn removes it.  Same thread rule as resize. */
typedef void (*asmgl_flush_fn)(asmgl_surface *s, void *data);
void asmgl_surface_set_flush_callback(asmgl_surface *s, asmgl_flush_fn fn, void *data);

/* Window-size tracking: fn(s, data) runs on the calling thread at
 * glViewport while s is lent to the current context, before the viewport
 * is set, so a window-system layer can give s its window's new size there
 * (asmgl_surface_resize), as Mesa's xlib driver does; applications call
 * glViewport after a resize.  fn may call asmgl_surface_resize and Xlib,
 * but no GL.  NULL fn removes it. */
void asmgl_surface_set_viewport_callback(asmgl_surface *s, asmgl_flush_fn fn, void *data);

#ifdef __cplusplus
}
#endif
#endif /* ASMGL_ASMGL_H */
