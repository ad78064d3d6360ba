/*
 * glx_main.c - the libglvnd GLX vendor ABI (glvnd/libglxabi.h): the
 * __glx_Main handshake, the imports libGLX calls, the dispatch stubs of
 * our GLX extension functions, X errors (any thread).
 *
 * How calls reach asmgl:
 *
 *  - GLX 1.4 functions (and glXCreateContextAttribsARB).  At load, libGLX
 *    asks getProcAddress for each by name (LookupVendorEntrypoints) and
 *    keeps the pointers in the vendor's static table; its public glXFoo
 *    picks the vendor from the screen, context, config or drawable
 *    argument and calls ours.  libGLX answers glXGetCurrent*,
 *    glXQueryExtension, glXQueryVersion and glXGetProcAddress itself, and
 *    keeps the context and drawable handle maps.
 *
 *  - GLX extension functions (swap control, renderer queries).  glXGetProcAddress of one
 *    asks every vendor's getDispatchAddress for a vendor-neutral stub and
 *    tells all of them its slot (setDispatchIndex).  Our stub finds the
 *    vendor from its arguments (the drawable, or the current context),
 *    fetches that vendor's function for the slot (fetchDispatchEntry, which
 *    calls its getProcAddress once) and calls it.
 *
 *  - GL functions.  libGLX builds a libGLdispatch table for the vendor
 *    whose look-up is getProcAddress; glXMakeCurrent of one of our
 *    contexts installs it, and the thread's glFoo then jumps straight into
 *    asmgl (asmgl_get_proc_address over gl/gl_entrypoints.def; NULL for
 *    the rest, which libGLdispatch turns into no-ops).
 *
 * As in egl/, this library never calls a gl* function by name: in an
 * application linked with libGL those names are libGL's dispatch stubs.
 * It calls asmgl's through gv_gl(), and exports only __glx_Main.
 */
#include "glx_priv.h"

#include <X11/Xlibint.h>
#include <GL/glxproto.h>

#include <string.h>

const __GLXapiExports *gv_exports;
__GLXvendorInfo *gv_vendor;
pthread_mutex_t gv_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- asmgl's GL functions, by address -------------------------------------------------- */

static gv_gl_api gl_api;
static pthread_once_t gl_api_once = PTHREAD_ONCE_INIT;

/* a function pointer converts to another function pointer type (C11
 * 6.3.2.3p8); each is called through its own type */
#define GV_GL_LOOKUP(field, name) gl_api.field = (__typeof__(gl_api.field))asmgl_get_proc_address(name)

static void gl_api_init(void)
{
    GV_GL_LOOKUP(Viewport, "glViewport");
    GV_GL_LOOKUP(Scissor, "glScissor");
    GV_GL_LOOKUP(Finish, "glFinish");
    GV_GL_LOOKUP(Flush, "glFlush");
    GV_GL_LOOKUP(GetString, "glGetString");
    GV_GL_LOOKUP(NewList, "glNewList");
    GV_GL_LOOKUP(EndList, "glEndList");
    GV_GL_LOOKUP(Bitmap, "glBitmap");
    GV_GL_LOOKUP(PixelStorei, "glPixelStorei");
    GV_GL_LOOKUP(GetIntegerv, "glGetIntegerv");
    GV_GL_LOOKUP(GetBooleanv, "glGetBooleanv");
}

const gv_gl_api *gv_gl(void)
{
    pthread_once(&gl_api_once, gl_api_init);
    return &gl_api;
}

int gv_gl_version(void)
{
    return asmgl_gl_version();
}

/* ---- errors and threads ---------------------------------------------------------------- */

void *gv_thread_id(void)
{
    static _Thread_local char id;
    return &id;
}

/* An X error as if the server had sent it for a GLX request: the
 * application's handler (XSetErrorHandler) sees it, with the sequence
 * number of the last request. */
static void send_error(Display *dpy, int code, bool glx_code, XID resource, int minor)
{
    int major_opcode, first_event, first_error;
    if (!dpy || !XQueryExtension(dpy, GLX_EXTENSION_NAME, &major_opcode, &first_event, &first_error))
        return; /* no GLX on the server: no opcode to name the error with */
    xError err;
    memset(&err, 0, sizeof err);
    LockDisplay(dpy);
    err.type = X_Error;
    err.errorCode = (CARD8)(glx_code ? first_error + code : code);
    err.sequenceNumber = (CARD16)dpy->request;
    err.resourceID = (CARD32)resource;
    err.minorCode = (CARD16)minor;
    err.majorCode = (CARD8)major_opcode;
    _XError(dpy, &err);
    UnlockDisplay(dpy);
}

void gv_glx_error(Display *dpy, int glx_error, XID resource, int minor)
{
    send_error(dpy, glx_error, true, resource, minor);
}

void gv_x_error(Display *dpy, int x_error, XID resource, int minor)
{
    send_error(dpy, x_error, false, resource, minor);
}

/* ---- extension dispatch stubs ------------------------------------------------------------ */

enum { EXT_SWAP_INTERVAL_EXT, EXT_SWAP_INTERVAL_MESA, EXT_GET_SWAP_INTERVAL_MESA,
       EXT_SWAP_INTERVAL_SGI, EXT_QUERY_RENDERER_INTEGER, EXT_QUERY_RENDERER_STRING,
       EXT_QUERY_CURRENT_RENDERER_INTEGER, EXT_QUERY_CURRENT_RENDERER_STRING, EXT_COUNT };

static const char *const ext_names[EXT_COUNT] = {
    [EXT_SWAP_INTERVAL_EXT] = "glXSwapIntervalEXT",
    [EXT_SWAP_INTERVAL_MESA] = "glXSwapIntervalMESA",
    [EXT_GET_SWAP_INTERVAL_MESA] = "glXGetSwapIntervalMESA",
    [EXT_SWAP_INTERVAL_SGI] = "glXSwapIntervalSGI",
    [EXT_QUERY_RENDERER_INTEGER] = "glXQueryRendererIntegerMESA",
    [EXT_QUERY_RENDERER_STRING] = "glXQueryRendererStringMESA",
    [EXT_QUERY_CURRENT_RENDERER_INTEGER] = "glXQueryCurrentRendererIntegerMESA",
    [EXT_QUERY_CURRENT_RENDERER_STRING] = "glXQueryCurrentRendererStringMESA",
};
/* libGLX's slot of each (setDispatchIndex); -1 until told (ext_init) */
static int ext_index[EXT_COUNT];
static pthread_once_t ext_once = PTHREAD_ONCE_INIT;

static void ext_init(void)
{
    for (int e = 0; e < EXT_COUNT; e++)
        ext_index[e] = -1;
}

/* The vendor's function for slot e, or NULL. */
static __GLXextFuncPtr ext_fetch(__GLXvendorInfo *vendor, int e)
{
    pthread_once(&ext_once, ext_init);
    if (!vendor || ext_index[e] < 0)
        return NULL;
    return gv_exports->fetchDispatchEntry(vendor, ext_index[e]);
}

static void dispatch_glXSwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
    __GLXvendorInfo *v = dpy && drawable ? gv_exports->vendorFromDrawable(dpy, drawable) : NULL;
    PFNGLXSWAPINTERVALEXTPROC fn = (PFNGLXSWAPINTERVALEXTPROC)ext_fetch(v, EXT_SWAP_INTERVAL_EXT);
    if (fn)
        fn(dpy, drawable, interval);
    else
        gv_glx_error(dpy, GLXBadDrawable, drawable, X_GLXVendorPrivate);
}

/* The MESA and SGI calls act on the current context's drawable. */
static int dispatch_glXSwapIntervalMESA(unsigned int interval)
{
    PFNGLXSWAPINTERVALMESAPROC fn = (PFNGLXSWAPINTERVALMESAPROC)ext_fetch(
        gv_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_MESA);
    return fn ? fn(interval) : GLX_BAD_CONTEXT;
}

static int dispatch_glXGetSwapIntervalMESA(void)
{
    PFNGLXGETSWAPINTERVALMESAPROC fn = (PFNGLXGETSWAPINTERVALMESAPROC)ext_fetch(
        gv_exports->getCurrentDynDispatch(), EXT_GET_SWAP_INTERVAL_MESA);
    return fn ? fn() : 0;
}

static int dispatch_glXSwapIntervalSGI(int interval)
{
    PFNGLXSWAPINTERVALSGIPROC fn = (PFNGLXSWAPINTERVALSGIPROC)ext_fetch(
        gv_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_SGI);
    return fn ? fn(interval) : GLX_BAD_CONTEXT;
}

/* GLX_MESA_query_renderer: by screen, or by the current context */
static Bool dispatch_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer,
                                                 int attribute, unsigned int *value)
{
    __GLXvendorInfo *v = dpy ? gv_exports->getDynDispatch(dpy, screen) : NULL;
    PFNGLXQUERYRENDERERINTEGERMESAPROC fn =
        (PFNGLXQUERYRENDERERINTEGERMESAPROC)ext_fetch(v, EXT_QUERY_RENDERER_INTEGER);
    return fn ? fn(dpy, screen, renderer, attribute, value) : False;
}

static const char *dispatch_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer,
                                                       int attribute)
{
    __GLXvendorInfo *v = dpy ? gv_exports->getDynDispatch(dpy, screen) : NULL;
    PFNGLXQUERYRENDERERSTRINGMESAPROC fn =
        (PFNGLXQUERYRENDERERSTRINGMESAPROC)ext_fetch(v, EXT_QUERY_RENDERER_STRING);
    return fn ? fn(dpy, screen, renderer, attribute) : NULL;
}

static Bool dispatch_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value)
{
    PFNGLXQUERYCURRENTRENDERERINTEGERMESAPROC fn = (PFNGLXQUERYCURRENTRENDERERINTEGERMESAPROC)
        ext_fetch(gv_exports->getCurrentDynDispatch(), EXT_QUERY_CURRENT_RENDERER_INTEGER);
    return fn ? fn(attribute, value) : False;
}

static const char *dispatch_glXQueryCurrentRendererStringMESA(int attribute)
{
    PFNGLXQUERYCURRENTRENDERERSTRINGMESAPROC fn = (PFNGLXQUERYCURRENTRENDERERSTRINGMESAPROC)
        ext_fetch(gv_exports->getCurrentDynDispatch(), EXT_QUERY_CURRENT_RENDERER_STRING);
    return fn ? fn(attribute) : NULL;
}

static void *const ext_dispatch[EXT_COUNT] = {
    [EXT_SWAP_INTERVAL_EXT] = (void *)dispatch_glXSwapIntervalEXT,
    [EXT_SWAP_INTERVAL_MESA] = (void *)dispatch_glXSwapIntervalMESA,
    [EXT_GET_SWAP_INTERVAL_MESA] = (void *)dispatch_glXGetSwapIntervalMESA,
    [EXT_SWAP_INTERVAL_SGI] = (void *)dispatch_glXSwapIntervalSGI,
    [EXT_QUERY_RENDERER_INTEGER] = (void *)dispatch_glXQueryRendererIntegerMESA,
    [EXT_QUERY_RENDERER_STRING] = (void *)dispatch_glXQueryRendererStringMESA,
    [EXT_QUERY_CURRENT_RENDERER_INTEGER] = (void *)dispatch_glXQueryCurrentRendererIntegerMESA,
    [EXT_QUERY_CURRENT_RENDERER_STRING] = (void *)dispatch_glXQueryCurrentRendererStringMESA,
};

static int ext_find(const char *name)
{
    pthread_once(&ext_once, ext_init);
    for (int e = 0; e < EXT_COUNT; e++)
        if (strcmp(name, ext_names[e]) == 0)
            return e;
    return -1;
}

/* ---- imports ------------------------------------------------------------------------------- */

/* Every GLX function this vendor implements, by name. */
static const struct {
    const char *name;
    void *fn;
} glx_functions[] = {
#define GV_FN(name) {#name, (void *)gv_##name}
    GV_FN(glXChooseVisual),       GV_FN(glXCopyContext),          GV_FN(glXCreateContext),
    GV_FN(glXCreateGLXPixmap),    GV_FN(glXDestroyContext),       GV_FN(glXDestroyGLXPixmap),
    GV_FN(glXGetConfig),          GV_FN(glXIsDirect),             GV_FN(glXMakeCurrent),
    GV_FN(glXSwapBuffers),        GV_FN(glXUseXFont),             GV_FN(glXWaitGL),
    GV_FN(glXWaitX),              GV_FN(glXQueryServerString),    GV_FN(glXGetClientString),
    GV_FN(glXQueryExtensionsString), GV_FN(glXChooseFBConfig),    GV_FN(glXCreateNewContext),
    GV_FN(glXCreatePbuffer),      GV_FN(glXCreatePixmap),         GV_FN(glXCreateWindow),
    GV_FN(glXDestroyPbuffer),     GV_FN(glXDestroyPixmap),        GV_FN(glXDestroyWindow),
    GV_FN(glXGetFBConfigAttrib),  GV_FN(glXGetFBConfigs),         GV_FN(glXGetSelectedEvent),
    GV_FN(glXGetVisualFromFBConfig), GV_FN(glXMakeContextCurrent), GV_FN(glXQueryContext),
    GV_FN(glXQueryDrawable),      GV_FN(glXSelectEvent),          GV_FN(glXCreateContextAttribsARB),
    GV_FN(glXSwapIntervalEXT),    GV_FN(glXSwapIntervalMESA),     GV_FN(glXGetSwapIntervalMESA),
    GV_FN(glXSwapIntervalSGI),    GV_FN(glXQueryRendererIntegerMESA),
    GV_FN(glXQueryRendererStringMESA), GV_FN(glXQueryCurrentRendererIntegerMESA),
    GV_FN(glXQueryCurrentRendererStringMESA),
#undef GV_FN
};

static void *gv_getProcAddress(const GLubyte *procName)
{
    const char *name = (const char *)procName;
    if (!name)
        return NULL;
    if (strncmp(name, "glX", 3) == 0) {
        for (size_t i = 0; i < sizeof glx_functions / sizeof glx_functions[0]; i++)
            if (strcmp(name, glx_functions[i].name) == 0)
                return glx_functions[i].fn;
        return NULL;
    }
    return (void *)asmgl_get_proc_address(name);
}

static void *gv_getDispatchAddress(const GLubyte *procName)
{
    int e = procName ? ext_find((const char *)procName) : -1;
    return e < 0 ? NULL : ext_dispatch[e];
}

static void gv_setDispatchIndex(const GLubyte *procName, int index)
{
    int e = procName ? ext_find((const char *)procName) : -1;
    if (e >= 0)
        ext_index[e] = index;
}

/* A screen we can draw on: one with a 24-bit TrueColor visual (every
 * config has one, glx_config.c). */
static Bool gv_isScreenSupported(Display *dpy, int screen)
{
    pthread_mutex_lock(&gv_lock);
    gv_screen *s = gv_screen_get(dpy, screen);
    Bool ok = s && s->num_configs > 0;
    pthread_mutex_unlock(&gv_lock);
    return ok;
}

__attribute__((visibility("default"))) Bool __glx_Main(uint32_t version,
                                                       const __GLXapiExports *exports,
                                                       __GLXvendorInfo *vendor,
                                                       __GLXapiImports *imports)
{
    if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) != GLX_VENDOR_ABI_MAJOR_VERSION || !exports ||
        !imports)
        return False;
    gv_exports = exports;
    gv_vendor = vendor;
    imports->isScreenSupported = gv_isScreenSupported;
    imports->getProcAddress = gv_getProcAddress;
    imports->getDispatchAddress = gv_getDispatchAddress;
    imports->setDispatchIndex = gv_setDispatchIndex;
    imports->notifyError = NULL;
    imports->isPatchSupported = NULL;
    imports->initiatePatch = NULL;
    imports->releasePatch = NULL;
    imports->patchThreadAttach = NULL;
    return True;
}
