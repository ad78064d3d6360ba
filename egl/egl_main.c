/*
 * egl_main.c - the libglvnd EGL vendor ABI (glvnd/libeglabi.h): the
 * __egl_Main handshake, the vendor imports libEGL calls, per-thread errors,
 * and the dispatch stubs of our display and device extension functions
 * (any thread).
 *
 * How calls reach asmgl:
 *
 *  - EGL core functions.  At load, libEGL asks getProcAddress for each
 *    "egl*" name of EGL 1.5 (LookupVendorEntrypoints in libeglvendor.c) and
 *    keeps the pointers in the vendor's static table; the public eglFoo of
 *    libEGL finds the vendor that owns the EGLDisplay argument and calls it.
 *    A few calls never reach a vendor: eglGetCurrent*, eglQueryAPI and
 *    eglGetProcAddress are answered by libEGL itself; eglBindAPI is recorded
 *    by libEGL (we read it back with getCurrentApi) and only forwarded.
 *
 *  - EGL display and device extensions.  libEGL's
 *    eglGetProcAddress("eglFooKHR") asks getDispatchAddress for a
 *    vendor-neutral stub, allocates a slot, and tells every vendor its
 *    index with setDispatchIndex.  Our stub finds the vendor of the display
 *    (getVendorFromDisplay) or device (getVendorFromDevice), fetches that
 *    vendor's function for the slot (fetchDispatchEntry, which calls the
 *    vendor's getProcAddress once) and calls it.  A few extension
 *    functions libEGL implements itself from the static table:
 *    eglQueryDevicesEXT (asks every vendor and remembers whose device is
 *    whose) and eglQueryDisplayAttrib{KHR,EXT}.
 *
 *  - GL functions.  __egl_Main's caller gives the vendor a libGLdispatch
 *    table (__glDispatchCreateTable) whose look-up callback is our
 *    getProcAddress.  When eglMakeCurrent makes one of our contexts current,
 *    libEGL calls __glDispatchMakeCurrent with that table; libGLdispatch
 *    fills it, once, by asking getProcAddress for every GL name it has a
 *    stub for (a NULL answer becomes a no-op), and from then on the
 *    thread's glFoo in libOpenGL/libGL (and the stubs libEGL's
 *    eglGetProcAddress("glFoo") returns) jump through it into asmgl.  So
 *    getProcAddress must answer every GL name asmgl implements, and NULL for
 *    the rest (asmgl_get_proc_address, over gl/gl_entrypoints.def).
 *
 * The GL code is libasmgl.so, a dependency of this library.  The process
 * also has libGL/libOpenGL, which export the same gl* names; a reference
 * resolved by name could land on their dispatch stubs and loop back into
 * libGLdispatch.  So neither library resolves a gl* name dynamically:
 * libasmgl binds its own references at link time (-Bsymbolic-functions),
 * and this library calls GL only through asmgl_get_proc_address (ev_gl
 * below, and getProcAddress).  It exports nothing but __egl_Main
 * (egl_exports.map).
 */
#include "egl_priv.h"

#include <string.h>

const __EGLapiExports *ev_exports;
pthread_mutex_t ev_lock = PTHREAD_MUTEX_INITIALIZER;

/* ---- asmgl's GL functions, by address -------------------------------------------------- */

static ev_gl_api gl_api;
static pthread_once_t gl_api_once = PTHREAD_ONCE_INIT;

/* a function pointer converts to another function pointer type (C11
 * 6.3.2.3p8); each is called through its own type */
#define EV_GL_LOOKUP(field, name) gl_api.field = (__typeof__(gl_api.field))asmgl_get_proc_address(name)

static void gl_api_init(void)
{
    EV_GL_LOOKUP(Viewport, "glViewport");
    EV_GL_LOOKUP(Scissor, "glScissor");
    EV_GL_LOOKUP(Finish, "glFinish");
    EV_GL_LOOKUP(Flush, "glFlush");
    EV_GL_LOOKUP(GetString, "glGetString");
}

const ev_gl_api *ev_gl(void)
{
    pthread_once(&gl_api_once, gl_api_init);
    return &gl_api;
}

/* ---- errors ----------------------------------------------------------------------------- */

/* Initial-exec, like the thread state of Mesa's dlopen'ed GL libraries:
 * the few bytes come from glibc's static TLS reserve for dlopen, and no
 * access goes through __tls_get_addr (whose dynamic-TLS bookkeeping
 * LeakSanitizer of GCC 12 misreads once libX11 and friends are loaded
 * with the vendor, and crashes at exit). */
static __attribute__((tls_model("initial-exec"))) _Thread_local EGLint last_error = EGL_SUCCESS;

EGLBoolean ev_error(EGLint code)
{
    last_error = code;
    return EGL_FALSE;
}

EGLBoolean ev_ok(void)
{
    last_error = EGL_SUCCESS;
    return EGL_TRUE;
}

void *ev_thread_id(void)
{
    return (void *)&last_error;
}

/* EGL 1.5 section 3.1: returns the error of the last call on this thread
 * (that reached this vendor) and resets it. */
EGLint EGLAPIENTRY ev_eglGetError(void)
{
    EGLint e = last_error;
    last_error = EGL_SUCCESS;
    return e;
}

/* eglBindAPI is recorded by libEGL, which forwards it to every vendor; we
 * read the API back at eglCreateContext. */
EGLBoolean EGLAPIENTRY ev_eglBindAPI(EGLenum api)
{
    return api == EGL_OPENGL_API ? ev_ok() : ev_error(EGL_BAD_PARAMETER);
}

/* ---- extension functions dispatched by libEGL ----------------------------------------------
 *
 * Each stub finds the vendor that owns its first argument, a display or a
 * device, fetches that vendor's function for the slot libEGL gave the name
 * (fetchDispatchEntry calls that vendor's getProcAddress once), records the
 * vendor for eglGetError, and calls it. */

enum {
    EXT_SWAP_DAMAGE_KHR,
    EXT_SWAP_DAMAGE_EXT,
    EXT_PLATFORM_WINDOW_EXT,
    EXT_PLATFORM_PIXMAP_EXT,
    EXT_DEVICE_STRING,
    EXT_DEVICE_ATTRIB,
    EXT_COUNT
};

/* The slot libEGL gave each name (setDispatchIndex); -1 until then
 * (__egl_Main). */
static int ext_index[EXT_COUNT];

/* The display's vendor's function for slot `which`, or NULL with the error
 * recorded in libEGL. */
static __eglMustCastToProperFunctionPointerType fetch_by_display(EGLDisplay dpy, int which)
{
    ev_exports->threadInit();
    __EGLvendorInfo *vendor = ev_exports->getVendorFromDisplay(dpy);
    __eglMustCastToProperFunctionPointerType fn =
        vendor ? ev_exports->fetchDispatchEntry(vendor, ext_index[which]) : NULL;
    if (!fn) {
        /* no such display, or its vendor lacks the extension */
        ev_exports->setEGLError(EGL_BAD_DISPLAY);
        return NULL;
    }
    ev_exports->setLastVendor(vendor);
    return fn;
}

/* The same for a device (EGL_EXT_device_query: EGL_BAD_DEVICE_EXT). */
static __eglMustCastToProperFunctionPointerType fetch_by_device(EGLDeviceEXT dev, int which)
{
    ev_exports->threadInit();
    __EGLvendorInfo *vendor = ev_exports->getVendorFromDevice(dev);
    __eglMustCastToProperFunctionPointerType fn =
        vendor ? ev_exports->fetchDispatchEntry(vendor, ext_index[which]) : NULL;
    if (!fn) {
        ev_exports->setEGLError(EGL_BAD_DEVICE_EXT);
        return NULL;
    }
    ev_exports->setLastVendor(vendor);
    return fn;
}

static EGLBoolean EGLAPIENTRY dispatch_swap_damage_khr(EGLDisplay dpy, EGLSurface surface,
                                                       const EGLint *rects, EGLint n_rects)
{
    PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC fn =
        (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)fetch_by_display(dpy, EXT_SWAP_DAMAGE_KHR);
    return fn ? fn(dpy, surface, rects, n_rects) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY dispatch_swap_damage_ext(EGLDisplay dpy, EGLSurface surface,
                                                       const EGLint *rects, EGLint n_rects)
{
    PFNEGLSWAPBUFFERSWITHDAMAGEEXTPROC fn =
        (PFNEGLSWAPBUFFERSWITHDAMAGEEXTPROC)fetch_by_display(dpy, EXT_SWAP_DAMAGE_EXT);
    return fn ? fn(dpy, surface, rects, n_rects) : EGL_FALSE;
}

static EGLSurface EGLAPIENTRY dispatch_platform_window_ext(EGLDisplay dpy, EGLConfig config,
                                                           void *native, const EGLint *attrib_list)
{
    PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC fn =
        (PFNEGLCREATEPLATFORMWINDOWSURFACEEXTPROC)fetch_by_display(dpy, EXT_PLATFORM_WINDOW_EXT);
    return fn ? fn(dpy, config, native, attrib_list) : EGL_NO_SURFACE;
}

static EGLSurface EGLAPIENTRY dispatch_platform_pixmap_ext(EGLDisplay dpy, EGLConfig config,
                                                           void *native, const EGLint *attrib_list)
{
    PFNEGLCREATEPLATFORMPIXMAPSURFACEEXTPROC fn =
        (PFNEGLCREATEPLATFORMPIXMAPSURFACEEXTPROC)fetch_by_display(dpy, EXT_PLATFORM_PIXMAP_EXT);
    return fn ? fn(dpy, config, native, attrib_list) : EGL_NO_SURFACE;
}

static const char *EGLAPIENTRY dispatch_device_string(EGLDeviceEXT dev, EGLint name)
{
    PFNEGLQUERYDEVICESTRINGEXTPROC fn =
        (PFNEGLQUERYDEVICESTRINGEXTPROC)fetch_by_device(dev, EXT_DEVICE_STRING);
    return fn ? fn(dev, name) : NULL;
}

static EGLBoolean EGLAPIENTRY dispatch_device_attrib(EGLDeviceEXT dev, EGLint attribute,
                                                     EGLAttrib *value)
{
    PFNEGLQUERYDEVICEATTRIBEXTPROC fn =
        (PFNEGLQUERYDEVICEATTRIBEXTPROC)fetch_by_device(dev, EXT_DEVICE_ATTRIB);
    return fn ? fn(dev, attribute, value) : EGL_FALSE;
}

/* One row per extension function libEGL does not implement itself: its
 * name, the implementation and the vendor-neutral stub. */
static const struct {
    const char *name;
    void *impl, *stub;
} ext_procs[EXT_COUNT] = {
    [EXT_SWAP_DAMAGE_KHR] = {"eglSwapBuffersWithDamageKHR", (void *)ev_eglSwapBuffersWithDamage,
                             (void *)dispatch_swap_damage_khr},
    [EXT_SWAP_DAMAGE_EXT] = {"eglSwapBuffersWithDamageEXT", (void *)ev_eglSwapBuffersWithDamage,
                             (void *)dispatch_swap_damage_ext},
    [EXT_PLATFORM_WINDOW_EXT] = {"eglCreatePlatformWindowSurfaceEXT",
                                 (void *)ev_eglCreatePlatformWindowSurfaceEXT,
                                 (void *)dispatch_platform_window_ext},
    [EXT_PLATFORM_PIXMAP_EXT] = {"eglCreatePlatformPixmapSurfaceEXT",
                                 (void *)ev_eglCreatePlatformPixmapSurfaceEXT,
                                 (void *)dispatch_platform_pixmap_ext},
    [EXT_DEVICE_STRING] = {"eglQueryDeviceStringEXT", (void *)ev_eglQueryDeviceStringEXT,
                           (void *)dispatch_device_string},
    [EXT_DEVICE_ATTRIB] = {"eglQueryDeviceAttribEXT", (void *)ev_eglQueryDeviceAttribEXT,
                           (void *)dispatch_device_attrib},
};

/* ---- the EGL functions by name ------------------------------------------------------------- */

typedef struct proc_entry {
    const char *name;
    void *fn;
} proc_entry;

#define EV_PROC(name) {#name, (void *)ev_##name}
static const proc_entry egl_procs[] = {
    /* required by libEGL (LookupVendorEntrypoints) */
    EV_PROC(eglInitialize), EV_PROC(eglChooseConfig), EV_PROC(eglCopyBuffers),
    EV_PROC(eglCreateContext), EV_PROC(eglCreatePbufferSurface), EV_PROC(eglCreatePixmapSurface),
    EV_PROC(eglCreateWindowSurface), EV_PROC(eglDestroyContext), EV_PROC(eglDestroySurface),
    EV_PROC(eglGetConfigAttrib), EV_PROC(eglGetConfigs), EV_PROC(eglMakeCurrent),
    EV_PROC(eglQueryContext), EV_PROC(eglQueryString), EV_PROC(eglQuerySurface),
    EV_PROC(eglSwapBuffers), EV_PROC(eglTerminate), EV_PROC(eglWaitGL), EV_PROC(eglWaitNative),
    EV_PROC(eglBindTexImage), EV_PROC(eglReleaseTexImage), EV_PROC(eglSurfaceAttrib),
    EV_PROC(eglSwapInterval), EV_PROC(eglCreatePbufferFromClientBuffer), EV_PROC(eglReleaseThread),
    EV_PROC(eglWaitClient), EV_PROC(eglGetError),
    /* optional */
    EV_PROC(eglBindAPI), EV_PROC(eglCreatePlatformWindowSurface),
    EV_PROC(eglCreatePlatformPixmapSurface),
    /* libEGL implements these itself and calls every vendor's (devices) or
     * the display's vendor's (display attributes) */
    EV_PROC(eglQueryDevicesEXT),
    {"eglQueryDisplayAttribEXT", (void *)ev_eglQueryDisplayAttribEXT},
    {"eglQueryDisplayAttribKHR", (void *)ev_eglQueryDisplayAttribEXT},
};
#undef EV_PROC

static void *vendor_get_proc_address(const char *name)
{
    if (!name)
        return NULL;
    if (strncmp(name, "egl", 3) == 0) {
        for (size_t i = 0; i < sizeof egl_procs / sizeof egl_procs[0]; i++)
            if (strcmp(name, egl_procs[i].name) == 0)
                return egl_procs[i].fn;
        for (int i = 0; i < EXT_COUNT; i++)
            if (strcmp(name, ext_procs[i].name) == 0)
                return ext_procs[i].impl;
        return NULL;
    }
    if (strncmp(name, "gl", 2) == 0)
        return (void *)asmgl_get_proc_address(name);
    return NULL;
}

static void *vendor_get_dispatch_address(const char *name)
{
    for (int i = 0; i < EXT_COUNT; i++)
        if (strcmp(name, ext_procs[i].name) == 0)
            return ext_procs[i].stub;
    return NULL;
}

static void vendor_set_dispatch_index(const char *name, int index)
{
    for (int i = 0; i < EXT_COUNT; i++)
        if (strcmp(name, ext_procs[i].name) == 0)
            ext_index[i] = index;
}

/* ---- displays and APIs ----------------------------------------------------------------------- */

/* libEGL asks each vendor in turn (or the device's vendor) for a display;
 * a platform we do not know is someone else's.
 *  - eglGetDisplay(EGL_DEFAULT_DISPLAY) arrives as platform EGL_NONE and
 *    names the surfaceless display, as EGL_PLATFORM_SURFACELESS_MESA does;
 *  - EGL_PLATFORM_DEVICE_EXT: egl_device.c;
 *  - EGL_PLATFORM_X11_KHR (also eglGetDisplay(Display *), see
 *    vendor_find_native_display_platform): egl_x11.c. */
static EGLDisplay get_platform_display(EGLenum platform, void *native, const EGLAttrib *attrib_list)
{
    switch (platform) {
    case EGL_NONE:
    case EGL_PLATFORM_SURFACELESS_MESA:
        /* EGL_MESA_platform_surfaceless: native_display must be
         * EGL_DEFAULT_DISPLAY and no attributes are defined */
        if (native != (void *)EGL_DEFAULT_DISPLAY) {
            ev_error(EGL_BAD_PARAMETER);
            return EGL_NO_DISPLAY;
        }
        if (attrib_list && attrib_list[0] != EGL_NONE) {
            ev_error(EGL_BAD_ATTRIBUTE);
            return EGL_NO_DISPLAY;
        }
        ev_ok();
        return (EGLDisplay)ev_display_surfaceless();
    case EGL_PLATFORM_DEVICE_EXT:
        return ev_device_get_display(native, attrib_list);
    case EGL_PLATFORM_X11_KHR:
        return ev_x11_get_display(native, attrib_list);
    default:
        ev_error(EGL_BAD_PARAMETER);
        return EGL_NO_DISPLAY;
    }
}

/* This vendor, as libEGL knows it (from __egl_Main). */
static __EGLvendorInfo *self;

/* libEGL reads the error of a failed call from the vendor it last
 * dispatched to (setLastVendor).  libglvnd 1.6 forgets to set it when it
 * sends a device's display to the device's vendor, so the error would be
 * lost (eglGetError: EGL_SUCCESS); we set it ourselves.  On the other
 * paths libEGL overrides it with the error it settles on. */
static EGLDisplay vendor_get_platform_display(EGLenum platform, void *native,
                                              const EGLAttrib *attrib_list)
{
    EGLDisplay d = get_platform_display(platform, native, attrib_list);
    ev_exports->setLastVendor(self);
    return d;
}

/* eglGetDisplay(native) for native != EGL_DEFAULT_DISPLAY: libEGL asks the
 * vendors what native is before its own guessing.  We know Xlib displays;
 * anything else (or a pointer we cannot read) is EGL_NONE, never a guess. */
static EGLenum vendor_find_native_display_platform(void *native)
{
    return ev_x11_find_platform(native);
}

static EGLBoolean vendor_get_supports_api(EGLenum api)
{
    return api == EGL_OPENGL_API;
}

/* Client extensions that libEGL does not filter (it keeps only the platform
 * extensions it knows from eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)). */
static const char *vendor_get_vendor_string(int name)
{
    return name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS
               ? "EGL_EXT_platform_device EGL_EXT_platform_x11 EGL_KHR_platform_x11 "
                 "EGL_MESA_platform_surfaceless"
               : NULL;
}

__attribute__((visibility("default"))) EGLBoolean __egl_Main(uint32_t version, const __EGLapiExports *exports,
                                      __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
    if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION)
        return EGL_FALSE;
    ev_exports = exports;
    self = vendor;
    for (int i = 0; i < EXT_COUNT; i++)
        ext_index[i] = -1;
    memset(imports, 0, sizeof *imports);
    imports->getPlatformDisplay = vendor_get_platform_display;
    imports->getSupportsAPI = vendor_get_supports_api;
    imports->getVendorString = vendor_get_vendor_string;
    imports->getProcAddress = vendor_get_proc_address;
    imports->getDispatchAddress = vendor_get_dispatch_address;
    imports->setDispatchIndex = vendor_set_dispatch_index;
    imports->findNativeDisplayPlatform = vendor_find_native_display_platform;
    /* isPatchSupported/initiatePatch (entry-point rewriting) are an optional
     * speed-up that libglvnd may not offer; dispatch works without them. */
    return EGL_TRUE;
}
