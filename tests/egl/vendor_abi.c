/*
 * vendor_abi.c - libEGL_asmgl.so against the libglvnd vendor ABI
 * (glvnd/libeglabi.h) without libEGL: this test plays libEGL's part.
 *
 *   - the vendor exports only __egl_Main; its GL is libasmgl.so's, one copy
 *   - __egl_Main refuses another ABI major version and fills the imports
 *   - getProcAddress gives every EGL function libEGL requires, every GL
 *     function of gl/gl_entrypoints.def, and NULL for what asmgl lacks
 *   - getDispatchAddress / setDispatchIndex for the display extensions
 *   - findNativeDisplayPlatform refuses what is not an Xlib Display, without
 *     faulting; eglQueryDevicesEXT gives the one device, whose display exists
 *   - a context made current through the vendor's own functions renders,
 *     with GL functions called through getProcAddress's pointers (which is
 *     what libGLdispatch's table holds)
 *
 * Usage: egl_test_vendor_abi path/to/libEGL_asmgl.so [gl_entrypoints.def]
 */
#define _GNU_SOURCE 1 /* dladdr */
#include <glvnd/libeglabi.h>

#include <dlfcn.h>
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

/* ---- a minimal libEGL side ---- */

static void thread_init(void) {}
static EGLenum current_api(void) { return EGL_OPENGL_API; }
static __EGLvendorInfo *no_vendor(void) { return NULL; }
static EGLContext no_context(void) { return EGL_NO_CONTEXT; }
static EGLDisplay no_display(void) { return EGL_NO_DISPLAY; }
static EGLSurface no_surface(EGLint rd) { (void)rd; return EGL_NO_SURFACE; }
static __eglMustCastToProperFunctionPointerType no_entry(__EGLvendorInfo *v, int i)
{
    (void)v, (void)i;
    return NULL;
}
static void set_error(EGLint e) { (void)e; }
static EGLBoolean set_last_vendor(__EGLvendorInfo *v) { (void)v; return EGL_TRUE; }
static __EGLvendorInfo *vendor_from_display(EGLDisplay d) { (void)d; return NULL; }
static __EGLvendorInfo *vendor_from_device(EGLDeviceEXT d) { (void)d; return NULL; }
static EGLBoolean set_vendor_for_device(EGLDeviceEXT d, __EGLvendorInfo *v)
{
    (void)d, (void)v;
    return EGL_TRUE;
}

static const __EGLapiExports exports = {
    thread_init, current_api, no_vendor, no_context, no_display, no_surface, no_entry,
    set_error, set_last_vendor, vendor_from_display, vendor_from_device, set_vendor_for_device,
};

/* The functions LookupVendorEntrypoints (libglvnd src/EGL/libeglvendor.c)
 * refuses to load a vendor without. */
static const char *const required[] = {
    "eglInitialize", "eglChooseConfig", "eglCopyBuffers", "eglCreateContext",
    "eglCreatePbufferSurface", "eglCreatePixmapSurface", "eglCreateWindowSurface",
    "eglDestroyContext", "eglDestroySurface", "eglGetConfigAttrib", "eglGetConfigs",
    "eglMakeCurrent", "eglQueryContext", "eglQueryString", "eglQuerySurface", "eglSwapBuffers",
    "eglTerminate", "eglWaitGL", "eglWaitNative", "eglBindTexImage", "eglReleaseTexImage",
    "eglSurfaceAttrib", "eglSwapInterval", "eglCreatePbufferFromClientBuffer", "eglReleaseThread",
    "eglWaitClient", "eglGetError",
};

typedef void (*any_fn)(void);

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s libEGL_asmgl.so [gl_entrypoints.def]\n", argv[0]);
        return 2;
    }
    void *lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return 1;
    }
    __PFNEGLMAINPROC egl_main = (__PFNEGLMAINPROC)dlsym(lib, __EGL_MAIN_PROTO_NAME);
    if (!egl_main) {
        fprintf(stderr, "no %s\n", __EGL_MAIN_PROTO_NAME);
        return 1;
    }
    /* dlsym also searches the vendor's dependencies: glBegin is found, in
     * libasmgl.so, never in the vendor itself */
    Dl_info vendor_file, sym_file;
    void *begin = dlsym(lib, "glBegin");
    CHECK(dladdr((void *)egl_main, &vendor_file) && begin && dladdr(begin, &sym_file) &&
              strcmp(vendor_file.dli_fname, sym_file.dli_fname) != 0 &&
              strstr(sym_file.dli_fname, "libasmgl") != NULL,
          "only __egl_Main is exported; GL comes from libasmgl.so");

    __EGLapiImports imp;
    memset(&imp, 0, sizeof imp);
    CHECK(!egl_main(((EGL_VENDOR_ABI_MAJOR_VERSION + 1) << 16), &exports, NULL, &imp),
          "another major ABI version is refused");
    if (!egl_main(EGL_VENDOR_ABI_VERSION, &exports, NULL, &imp)) {
        fprintf(stderr, "__egl_Main failed\n");
        return 1;
    }
    if (!imp.getPlatformDisplay || !imp.getSupportsAPI || !imp.getProcAddress ||
        !imp.getDispatchAddress || !imp.setDispatchIndex) {
        fprintf(stderr, "a required import is missing\n");
        return 1;
    }
    CHECK(imp.getSupportsAPI(EGL_OPENGL_API) && !imp.getSupportsAPI(EGL_OPENGL_ES_API),
          "desktop OpenGL only");
    CHECK(imp.getVendorString &&
              strstr(imp.getVendorString(__EGL_VENDOR_STRING_PLATFORM_EXTENSIONS),
                     "EGL_MESA_platform_surfaceless"),
          "platform extensions");

    for (size_t i = 0; i < sizeof required / sizeof required[0]; i++)
        CHECK(imp.getProcAddress(required[i]) != NULL, "%s", required[i]);
    CHECK(imp.getProcAddress("eglNotAFunction") == NULL, "unknown EGL name");
    CHECK(imp.getProcAddress("glBegin") == begin, "one copy of GL: the vendor hands out libasmgl's");
    CHECK(imp.getProcAddress("glCreateVertexArrays") == NULL, "GL function asmgl lacks");
    CHECK(imp.getProcAddress("glNotAFunction") == NULL && imp.getProcAddress("vkCreateInstance") == NULL,
          "unknown names");

    /* every GL entry point asmgl implements */
    if (argc > 2) {
        FILE *f = fopen(argv[2], "r");
        CHECK(f != NULL, "open %s", argv[2]);
        char line[256], name[200];
        int count = 0;
        while (f && fgets(line, sizeof line, f))
            if (sscanf(line, "GL_ENTRY(%199[A-Za-z0-9_])", name) == 1) {
                CHECK(imp.getProcAddress(name) != NULL, "getProcAddress(%s)", name);
                count++;
            }
        if (f)
            fclose(f);
        CHECK(count > 100, "%d entry points in the table", count);
        printf("%d GL entry points of the table checked\n", count);
    }

    /* display extensions: a stub, then the slot libEGL assigns */
    CHECK(imp.getDispatchAddress("eglSwapBuffersWithDamageKHR") != NULL, "dispatch stub");
    CHECK(imp.getDispatchAddress("eglInitialize") == NULL, "core functions have no stub");
    imp.setDispatchIndex("eglSwapBuffersWithDamageKHR", 7);
    CHECK(imp.getProcAddress("eglSwapBuffersWithDamageKHR") != NULL, "the extension's function");

    /* ---- render through the vendor's own pointers ---- */
    typedef EGLBoolean (*init_fn)(EGLDisplay, EGLint *, EGLint *);
    typedef EGLBoolean (*choose_fn)(EGLDisplay, const EGLint *, EGLConfig *, EGLint, EGLint *);
    typedef EGLSurface (*pbuffer_fn)(EGLDisplay, EGLConfig, const EGLint *);
    typedef EGLContext (*context_fn)(EGLDisplay, EGLConfig, EGLContext, const EGLint *);
    typedef EGLBoolean (*current_fn)(EGLDisplay, EGLSurface, EGLSurface, EGLContext);
    typedef EGLBoolean (*dpy_fn)(EGLDisplay);
    typedef void (*clear_color_fn)(float, float, float, float);
    typedef void (*clear_fn)(unsigned);
    typedef void (*read_fn)(int, int, int, int, unsigned, unsigned, void *);
    typedef const unsigned char *(*string_fn)(unsigned);

    EGLDisplay dpy = imp.getPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    CHECK(dpy != EGL_NO_DISPLAY, "display");
    CHECK(imp.getPlatformDisplay(EGL_NONE, EGL_DEFAULT_DISPLAY, NULL) == dpy, "default display");
    CHECK(imp.getPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, EGL_DEFAULT_DISPLAY, NULL) == EGL_NO_DISPLAY,
          "not a Wayland vendor");
    /* findNativeDisplayPlatform: never a guess, never a fault */
    static _Alignas(16) char not_a_display[256];
    CHECK(imp.findNativeDisplayPlatform && imp.findNativeDisplayPlatform(not_a_display) == EGL_NONE &&
              imp.findNativeDisplayPlatform((void *)16) == EGL_NONE &&
              imp.findNativeDisplayPlatform(not_a_display + 1) == EGL_NONE,
          "an unreadable or foreign pointer is no platform");
    /* devices: eglQueryDevicesEXT in the static table, one device */
    typedef EGLBoolean (*devices_fn)(EGLint, EGLDeviceEXT *, EGLint *);
    devices_fn query_devices = (devices_fn)imp.getProcAddress("eglQueryDevicesEXT");
    EGLDeviceEXT dev = EGL_NO_DEVICE_EXT;
    EGLint ndev = 0;
    CHECK(query_devices && query_devices(1, &dev, &ndev) && ndev == 1 && dev != EGL_NO_DEVICE_EXT,
          "one device");
    CHECK(imp.getPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL) != EGL_NO_DISPLAY, "its display");
    CHECK(imp.getDispatchAddress("eglQueryDeviceStringEXT") != NULL, "device dispatch stub");
    init_fn initialize = (init_fn)imp.getProcAddress("eglInitialize");
    choose_fn choose = (choose_fn)imp.getProcAddress("eglChooseConfig");
    pbuffer_fn pbuffer = (pbuffer_fn)imp.getProcAddress("eglCreatePbufferSurface");
    context_fn context = (context_fn)imp.getProcAddress("eglCreateContext");
    current_fn make_current = (current_fn)imp.getProcAddress("eglMakeCurrent");
    dpy_fn terminate = (dpy_fn)imp.getProcAddress("eglTerminate");
    clear_color_fn clear_color = (clear_color_fn)imp.getProcAddress("glClearColor");
    clear_fn clear = (clear_fn)imp.getProcAddress("glClear");
    read_fn read_pixels = (read_fn)imp.getProcAddress("glReadPixels");
    string_fn get_string = (string_fn)imp.getProcAddress("glGetString");

    CHECK(initialize(dpy, NULL, NULL), "eglInitialize");
    static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                  EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config = NULL;
    EGLint n = 0;
    CHECK(choose(dpy, want, &config, 1, &n) && n == 1, "a config");
    static const EGLint size[] = {EGL_WIDTH, 8, EGL_HEIGHT, 8, EGL_NONE};
    EGLSurface s = pbuffer(dpy, config, size);
    EGLContext c = context(dpy, config, EGL_NO_CONTEXT, NULL);
    CHECK(s && c, "pbuffer and context");
    CHECK(make_current(dpy, s, s, c), "eglMakeCurrent");
    const char *renderer = (const char *)get_string(0x1F01 /* GL_RENDERER */);
    CHECK(renderer && strstr(renderer, "asmgl"), "GL_RENDERER %s", renderer ? renderer : "(null)");
    clear_color(1, 0, 1, 1);
    clear(0x4000 /* GL_COLOR_BUFFER_BIT */);
    unsigned char px[4] = {0};
    read_pixels(7, 7, 1, 1, 0x1908 /* GL_RGBA */, 0x1401 /* GL_UNSIGNED_BYTE */, px);
    CHECK(px[0] == 255 && px[1] == 0 && px[2] == 255 && px[3] == 255, "cleared pixel %d %d %d %d",
          px[0], px[1], px[2], px[3]);
    CHECK(make_current(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    CHECK(terminate(dpy), "eglTerminate");

    if (failures) {
        fprintf(stderr, "egl.vendor_abi: %d failures\n", failures);
        return 1;
    }
    printf("egl.vendor_abi: ok\n");
    return 0;
}
