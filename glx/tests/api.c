/*
 * api.c - the GLX 1.4 API on a real X server (Xvfb): configs and visuals,
 * contexts and GLX_ARB_create_context(_profile) errors, windows (swap, then
 * XGetImage of the window), single-buffered windows (glFlush), resize,
 * GLXPixmaps (glXCreatePixmap and glXCreateGLXPixmap), pbuffers, a read
 * drawable other than the draw drawable, glXCopyContext, swap control, bad
 * handles, destroying current objects, contexts sharing objects
 * (share_list).
 *
 *   glx_test_api          on the vendor the environment selects; the
 *                         renderer must be asmgl's
 *   glx_test_api mesa     the same checks on Mesa (llvmpipe), the
 *                         reference: the asmgl-only ones (its limits, the
 *                         errors of what Mesa does support) are left out
 *
 * Expected pixels are the clear colours, placed by hand from GL's bottom-up
 * window coordinates; errors are the ones the GLX specs name.
 */
#include "glx_test.h"

#include <GL/glxext.h>
#include <X11/Xproto.h>
#include <GL/glxproto.h>

#include <time.h>

static bool on_asmgl;
static int glx_error_base;

/* The error of the last request, after waiting for the server. */
static int last_error(Display *dpy)
{
    XSync(dpy, False);
    return x_error_code;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int fbconfig_attrib(Display *dpy, GLXFBConfig c, int attr)
{
    int v = -12345;
    glXGetFBConfigAttrib(dpy, c, attr, &v);
    return v;
}

/* The first config with these properties (as glXChooseFBConfig sorts). */
static GLXFBConfig choose(Display *dpy, bool db, int depth)
{
    int attribs[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE,
                     GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT, GLX_DOUBLEBUFFER, db,
                     GLX_RED_SIZE, 8, GLX_GREEN_SIZE, 8, GLX_BLUE_SIZE, 8, GLX_DEPTH_SIZE, depth,
                     None};
    int n = 0;
    GLXFBConfig *list = glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs, &n);
    GLXFBConfig c = n > 0 ? list[0] : NULL;
    if (list)
        XFree(list);
    return c;
}

static void test_configs(Display *dpy)
{
    int scr = DefaultScreen(dpy);
    const char *ext = glXQueryExtensionsString(dpy, scr);
    CHECK(ext && strstr(ext, "GLX_ARB_create_context_profile"), "extensions: %s", ext ? ext : "-");
    CHECK(!on_asmgl || (ext && strstr(ext, "GLX_EXT_swap_control") &&
                        strstr(ext, "GLX_MESA_swap_control") && strstr(ext, "GLX_SGI_swap_control")),
          "swap control extensions");
    if (on_asmgl) {
        const char *v = glXQueryServerString(dpy, scr, GLX_VENDOR);
        CHECK(v && strcmp(v, "asmgl") == 0, "server vendor %s", v ? v : "-");
        v = glXGetClientString(dpy, GLX_VERSION);
        CHECK(v && strncmp(v, "1.4", 3) == 0, "client version %s", v ? v : "(null)");
    }

    int n = 0;
    GLXFBConfig *all = glXGetFBConfigs(dpy, scr, &n);
    CHECK(all && n >= 4, "glXGetFBConfigs: %d", n);
    if (all)
        XFree(all);

    /* double buffered with depth 24 and stencil 8 */
    int want[] = {GLX_DOUBLEBUFFER, True, GLX_DEPTH_SIZE, 24, GLX_STENCIL_SIZE, 8,
                  GLX_RED_SIZE, 8, GLX_ALPHA_SIZE, 8, None};
    GLXFBConfig *list = glXChooseFBConfig(dpy, scr, want, &n);
    CHECK(list && n >= 1, "double + depth24/stencil8 config");
    if (list) {
        GLXFBConfig c = list[0];
        CHECK(fbconfig_attrib(dpy, c, GLX_DOUBLEBUFFER) == True, "doublebuffer");
        CHECK(fbconfig_attrib(dpy, c, GLX_DEPTH_SIZE) >= 24, "depth");
        CHECK(fbconfig_attrib(dpy, c, GLX_STENCIL_SIZE) == 8, "stencil");
        CHECK(fbconfig_attrib(dpy, c, GLX_RED_SIZE) == 8, "red");
        CHECK(fbconfig_attrib(dpy, c, GLX_RENDER_TYPE) & GLX_RGBA_BIT, "rgba");
        CHECK(fbconfig_attrib(dpy, c, GLX_DRAWABLE_TYPE) & GLX_WINDOW_BIT, "window bit");
        CHECK(fbconfig_attrib(dpy, c, GLX_X_VISUAL_TYPE) == GLX_TRUE_COLOR, "TrueColor");
        XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, c);
        CHECK(vi && (int)vi->visualid == fbconfig_attrib(dpy, c, GLX_VISUAL_ID), "visual id");
        int v = -1;
        if (vi) {
            CHECK(glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v) == 0 && v == True,
                  "glXGetConfig of the config's visual: doublebuffer %d", v);
            CHECK(glXGetConfig(dpy, vi, GLX_STENCIL_SIZE, &v) == 0 && v == 8, "visual stencil %d", v);
            XFree(vi);
        }
        XFree(list);
    }

    /* an impossible request: no configs */
    int stereo[] = {GLX_STEREO, True, None};
    list = glXChooseFBConfig(dpy, scr, stereo, &n);
    CHECK(!list || n == 0, "stereo config found");
    if (list)
        XFree(list);

    /* glXChooseVisual: single buffered without GLX_DOUBLEBUFFER */
    int single[] = {GLX_RGBA, GLX_RED_SIZE, 1, GLX_DEPTH_SIZE, 1, None};
    XVisualInfo *vi = glXChooseVisual(dpy, scr, single);
    CHECK(vi != NULL, "glXChooseVisual single");
    if (vi) {
        int v = -1;
        CHECK(glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v) == 0 && v == False, "single: db %d", v);
        CHECK(glXGetConfig(dpy, vi, GLX_DEPTH_SIZE, &v) == 0 && v >= 1, "single: depth %d", v);
        CHECK(glXGetConfig(dpy, vi, GLX_RGBA, &v) == 0 && v == True, "single: rgba");
        XFree(vi);
    }
    int dbl[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_DEPTH_SIZE, 16, None};
    vi = glXChooseVisual(dpy, scr, dbl);
    CHECK(vi != NULL, "glXChooseVisual double");
    if (vi) {
        int v = -1;
        CHECK(glXGetConfig(dpy, vi, GLX_DOUBLEBUFFER, &v) == 0 && v == True, "double: db %d", v);
        XFree(vi);
    }
}

typedef GLXContext (*create_attribs_fn)(Display *, GLXFBConfig, GLXContext, Bool, const int *);

static void test_contexts(Display *dpy, GLXFBConfig cfg)
{
    create_attribs_fn create =
        (create_attribs_fn)glXGetProcAddressARB((const GLubyte *)"glXCreateContextAttribsARB");
    CHECK(create != NULL, "glXCreateContextAttribsARB");
    if (!create)
        return;
    int compat21[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 1,
                      GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, None};
    errors_reset(dpy);
    GLXContext c = create(dpy, cfg, NULL, True, compat21);
    CHECK(c && last_error(dpy) == 0, "2.1 compatibility context");
    if (c) {
        int v = -1;
        CHECK(glXQueryContext(dpy, c, GLX_FBCONFIG_ID, &v) == Success &&
                  v == fbconfig_attrib(dpy, cfg, GLX_FBCONFIG_ID),
              "glXQueryContext FBCONFIG_ID %d", v);
        CHECK(glXQueryContext(dpy, c, GLX_RENDER_TYPE, &v) == Success && v == GLX_RGBA_TYPE,
              "render type");
        CHECK(glXIsDirect(dpy, c) == True, "direct");
        glXDestroyContext(dpy, c);
    }

    /* a GL version that does not exist: BadMatch (GLX_ARB_create_context) */
    int v22[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_MINOR_VERSION_ARB, 2, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, v22);
    CHECK(!c && last_error(dpy) == BadMatch, "GL 2.2: error %d", x_error_code);
    /* an unknown attribute: BadValue */
    int bad_attr[] = {0x7fff0001, 1, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, bad_attr);
    CHECK(!c && last_error(dpy) == BadValue, "unknown attribute: error %d", x_error_code);
    /* forward-compatible below 3.0: BadMatch */
    int fwd[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_FLAGS_ARB,
                 GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, fwd);
    CHECK(!c && last_error(dpy) == BadMatch, "forward-compatible 2.0: error %d", x_error_code);
    /* two profile bits at 3.2: GLXBadProfileARB */
    int two[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 2,
                 GLX_CONTEXT_PROFILE_MASK_ARB,
                 GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, two);
    CHECK(!c && last_error(dpy) == glx_error_base + GLXBadProfileARB,
          "two profile bits: error %d", x_error_code);
    if (!on_asmgl)
        return;
    /* what asmgl does not implement: a core profile (GL 3.2 and up, so
     * the version's GLXBadFBConfig, as piglit's "3.2 core profile
     * required" wants), ES (an unknown profile bit), GL 3.1, a
     * forward-compatible 3.0 (asmgl keeps the deprecated features) */
    int core[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 3,
                  GLX_CONTEXT_PROFILE_MASK_ARB, GLX_CONTEXT_CORE_PROFILE_BIT_ARB, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, core);
    CHECK(!c && last_error(dpy) == glx_error_base + GLXBadFBConfig, "core 3.3: error %d",
          x_error_code);
    /* an unknown profile bit, whatever the version */
    int unknown[] = {GLX_CONTEXT_PROFILE_MASK_ARB, 0x100, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, unknown);
    CHECK(!c && last_error(dpy) == glx_error_base + GLXBadProfileARB, "profile 0x100: error %d",
          x_error_code);
    int es[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 2, GLX_CONTEXT_PROFILE_MASK_ARB,
                GLX_CONTEXT_ES2_PROFILE_BIT_EXT, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, es);
    CHECK(!c && last_error(dpy) == glx_error_base + GLXBadProfileARB, "ES 2.0: error %d",
          x_error_code);
    int v31[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 1, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, v31);
    CHECK(!c && last_error(dpy) == glx_error_base + GLXBadFBConfig, "GL 3.1: error %d",
          x_error_code);
    int fwd30[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_FLAGS_ARB,
                   GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, fwd30);
    CHECK(!c && last_error(dpy) == BadMatch, "forward-compatible 3.0: error %d", x_error_code);
    /* GL 3.0 compatibility: asmgl's version */
    int v30[] = {GLX_CONTEXT_MAJOR_VERSION_ARB, 3, GLX_CONTEXT_MINOR_VERSION_ARB, 0, None};
    errors_reset(dpy);
    c = create(dpy, cfg, NULL, True, v30);
    CHECK(c && last_error(dpy) == 0, "GL 3.0: error %d", x_error_code);
    if (c)
        glXDestroyContext(dpy, c);
    errors_reset(dpy);
}

/* A double-buffered window: frames swapped to it are what XGetImage sees;
 * a resize gives new buffers of the new size. */
static void test_window(Display *dpy, GLXFBConfig cfg)
{
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    if (!vi)
        return;
    Window win = make_window(dpy, vi, 64, 48);
    XFree(vi);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(ctx && glXMakeCurrent(dpy, win, ctx), "current on a plain window");
    if (!ctx)
        return;
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    printf("GL_RENDERER = %s\n", renderer ? renderer : "(null)");
    CHECK(renderer && (strncmp(renderer, "asmgl", 5) == 0) == on_asmgl, "renderer %s",
          renderer ? renderer : "(null)");
    CHECK(glXGetCurrentContext() == ctx && glXGetCurrentDrawable() == win &&
              glXGetCurrentDisplay() == dpy,
          "glXGetCurrent*");
    if (on_asmgl) { /* GLX_MESA_query_renderer agrees with GL_VERSION */
        typedef Bool (*query_int_fn)(Display *, int, int, int, unsigned *);
        typedef Bool (*query_cur_fn)(int, unsigned *);
        query_int_fn qi = (query_int_fn)glXGetProcAddress(
            (const GLubyte *)"glXQueryRendererIntegerMESA");
        query_cur_fn qc = (query_cur_fn)glXGetProcAddress(
            (const GLubyte *)"glXQueryCurrentRendererIntegerMESA");
        unsigned v[3] = {99, 99, 99}, acc = 99;
        const char *version = (const char *)glGetString(GL_VERSION);
        int major = -1, minor = -1;
        if (version)
            sscanf(version, "%d.%d", &major, &minor);
        CHECK(qi && qi(dpy, DefaultScreen(dpy), 0,
                       GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA, v) &&
                  (int)v[0] == major && (int)v[1] == minor && v[2] == 99,
              "compat version %u.%u (GL_VERSION %s)", v[0], v[1], version ? version : "-");
        CHECK(qc && qc(GLX_RENDERER_ACCELERATED_MESA, &acc) && acc == 0, "not accelerated");
        CHECK(qi && !qi(dpy, DefaultScreen(dpy), 1, GLX_RENDERER_ACCELERATED_MESA, &acc),
              "renderer 1 does not exist");
    }
    GLint vp[4] = {0};
    glGetIntegerv(GL_VIEWPORT, vp);
    CHECK(vp[2] == 64 && vp[3] == 48, "initial viewport %dx%d", vp[2], vp[3]);

    unsigned age = 99;
    if (on_asmgl) { /* GLX_EXT_buffer_age: 0 before the first swap */
        glXQueryDrawable(dpy, win, GLX_BACK_BUFFER_AGE_EXT, &age);
        CHECK(age == 0, "buffer age before a swap %u", age);
    }
    draw_corner(0xff0000, 0x00ff00, 16, 8);
    CHECK(gl_pixel(0, 0) == 0x00ff00 && gl_pixel(63, 47) == 0xff0000, "glReadPixels");
    glXSwapBuffers(dpy, win);
    if (on_asmgl) { /* 1 after: the back buffer holds the frame shown */
        glXQueryDrawable(dpy, win, GLX_BACK_BUFFER_AGE_EXT, &age);
        CHECK(age == 1 && gl_pixel(0, 0) == 0x00ff00 && gl_pixel(63, 47) == 0xff0000,
              "buffer age after a swap %u, contents kept", age);
    }
    XSync(dpy, False);
    CHECK(x_pixel(dpy, win, 0, 47) == 0x00ff00, "swapped: bottom-left %06lx", x_pixel(dpy, win, 0, 47));
    CHECK(x_pixel(dpy, win, 15, 40) == 0x00ff00, "swapped: corner's top-right");
    CHECK(x_pixel(dpy, win, 16, 40) == 0xff0000, "swapped: right of the corner");
    CHECK(x_pixel(dpy, win, 15, 39) == 0xff0000, "swapped: above the corner");
    CHECK(x_pixel(dpy, win, 63, 0) == 0xff0000, "swapped: top-right");

    /* resize: the next swap (or MakeCurrent) gives buffers of the new size */
    XResizeWindow(dpy, win, 120, 90);
    XSync(dpy, False);
    unsigned int w = 0, h = 0;
    glXQueryDrawable(dpy, win, GLX_WIDTH, &w);
    glXQueryDrawable(dpy, win, GLX_HEIGHT, &h);
    CHECK(w == 120 && h == 90, "glXQueryDrawable after resize %ux%u", w, h);
    glXSwapBuffers(dpy, win);
    glViewport(0, 0, 120, 90);
    draw_corner(0x0000ff, 0xffff00, 100, 70);
    CHECK(gl_pixel(119, 89) == 0x0000ff, "the framebuffer is 120x90 after the swap: %06lx",
          gl_pixel(119, 89));
    glXSwapBuffers(dpy, win);
    XSync(dpy, False);
    CHECK(x_pixel(dpy, win, 119, 0) == 0x0000ff, "resized: top-right %06lx", x_pixel(dpy, win, 119, 0));
    CHECK(x_pixel(dpy, win, 99, 20) == 0xffff00, "resized: corner's top-right %06lx",
          x_pixel(dpy, win, 99, 20));
    CHECK(x_pixel(dpy, win, 100, 20) == 0x0000ff, "resized: right of it");
    CHECK(x_pixel(dpy, win, 0, 89) == 0xffff00, "resized: bottom-left");

    /* swap control (asmgl only: Mesa's GLX on Xvfb offers part of it) */
    typedef void (*swap_ext_fn)(Display *, GLXDrawable, int);
    typedef int (*swap_mesa_fn)(unsigned);
    typedef int (*get_mesa_fn)(void);
    typedef int (*swap_sgi_fn)(int);
    swap_ext_fn swap_ext = (swap_ext_fn)glXGetProcAddress((const GLubyte *)"glXSwapIntervalEXT");
    swap_mesa_fn swap_mesa = (swap_mesa_fn)glXGetProcAddress((const GLubyte *)"glXSwapIntervalMESA");
    get_mesa_fn get_mesa = (get_mesa_fn)glXGetProcAddress((const GLubyte *)"glXGetSwapIntervalMESA");
    swap_sgi_fn swap_sgi = (swap_sgi_fn)glXGetProcAddress((const GLubyte *)"glXSwapIntervalSGI");
    CHECK(swap_ext && swap_mesa && get_mesa && swap_sgi, "swap control functions");
    if (on_asmgl && swap_ext && swap_mesa && get_mesa && swap_sgi) {
        swap_ext(dpy, win, 0);
        unsigned v = 99;
        glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &v);
        CHECK(v == 0, "GLX_SWAP_INTERVAL_EXT %u", v);
        CHECK(swap_mesa(3) == 0 && get_mesa() == 3, "MESA swap interval");
        CHECK(swap_sgi(0) == GLX_BAD_VALUE, "SGI interval 0 is GLX_BAD_VALUE");
        CHECK(swap_sgi(2) == 0 && get_mesa() == 2, "SGI interval 2");
        /* interval 2: six swaps are at least five periods of 2/60 s apart */
        glXSwapBuffers(dpy, win);
        double t0 = now_s();
        for (int i = 0; i < 6; i++)
            glXSwapBuffers(dpy, win);
        double dt = now_s() - t0;
        CHECK(dt >= 6 * 2 / 60.0 * 0.9, "interval 2: 6 swaps in %.3f s", dt);
        errors_reset(dpy);
        swap_ext(dpy, win, -1);
        CHECK(last_error(dpy) == BadValue, "negative interval: error %d", x_error_code);
        swap_ext(dpy, win, 0);
        errors_reset(dpy);
    }

    /* bad handles: errors, no crash, the current context stays */
    errors_reset(dpy);
    if (on_asmgl) { /* Mesa answers True and a core BadDrawable later */
        CHECK(!glXMakeCurrent(dpy, (GLXDrawable)0x7ffffff0, ctx), "MakeCurrent on a bad drawable");
        CHECK(last_error(dpy) == glx_error_base + GLXBadDrawable, "bad drawable: error %d",
              x_error_code);
        CHECK(glXGetCurrentContext() == ctx, "still current");
    }
    errors_reset(dpy);
    glXSwapBuffers(dpy, (GLXDrawable)0x7ffffff0);
    CHECK(last_error(dpy) == glx_error_base + GLXBadDrawable, "swap of a bad drawable: error %d",
          x_error_code);
    errors_reset(dpy);

    /* destroyed while current: usable until released (GLX 1.4 3.3.7) */
    glXDestroyContext(dpy, ctx);
    draw_corner(0x00ffff, 0x00ffff, 1, 1);
    CHECK(gl_pixel(5, 5) == 0x00ffff, "a destroyed current context still renders");
    CHECK(glXMakeCurrent(dpy, None, NULL), "release");
    CHECK(last_error(dpy) == 0, "no error releasing");
    XDestroyWindow(dpy, win);
}

/* Windows destroyed behind GLX's back: a swap does not crash, and many
 * short-lived windows made current one after another work. */
static void test_window_churn(Display *dpy, GLXFBConfig cfg)
{
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    if (!vi || !ctx)
        return;
    for (int i = 0; i < 20; i++) {
        Window win = make_window(dpy, vi, 200 + i, 100);
        CHECK(glXMakeCurrent(dpy, win, ctx), "window %d current", i);
        draw_corner(0x00ff00, 0x00ff00, 1, 1);
        CHECK(gl_pixel(199 + i, 99) == 0x00ff00, "window %d drawn", i);
        if (i % 2 == 0) {
            XDestroyWindow(dpy, win); /* while current */
            XSync(dpy, False);
            glXSwapBuffers(dpy, win);
        }
        glXMakeCurrent(dpy, None, NULL);
        if (i % 2)
            XDestroyWindow(dpy, win);
    }
    XSync(dpy, False);
    glXDestroyContext(dpy, ctx);
    XFree(vi);
    errors_reset(dpy);
}

/* A single-buffered window shows its pixels at glFlush. */
static void test_single_buffered(Display *dpy, GLXFBConfig cfg)
{
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    if (!vi)
        return;
    Window win = make_window(dpy, vi, 40, 30);
    XFree(vi);
    GLXWindow gwin = glXCreateWindow(dpy, cfg, win, NULL);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(gwin && ctx && glXMakeContextCurrent(dpy, gwin, gwin, ctx), "GLXWindow current");
    draw_corner(0xff00ff, 0x00ff00, 4, 4);
    glFlush();
    XSync(dpy, False);
    CHECK(x_pixel(dpy, win, 39, 0) == 0xff00ff, "single buffered after glFlush: %06lx",
          x_pixel(dpy, win, 39, 0));
    CHECK(x_pixel(dpy, win, 3, 26) == 0x00ff00, "single buffered: corner");
    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyWindow(dpy, gwin);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
}

/* GLXPixmaps: rendering lands in the X pixmap (glFinish), and pbuffers. */
static void test_pixmap_pbuffer(Display *dpy, GLXFBConfig cfg)
{
    int scr = DefaultScreen(dpy);
    Pixmap pix = XCreatePixmap(dpy, RootWindow(dpy, scr), 32, 16, 24);
    GLXPixmap gpix = glXCreatePixmap(dpy, cfg, pix, NULL);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(gpix && ctx && glXMakeContextCurrent(dpy, gpix, gpix, ctx), "GLXPixmap current");
    draw_corner(0x0000ff, 0xff8000, 8, 4);
    CHECK(gl_pixel(0, 0) == 0xff8000 && gl_pixel(31, 15) == 0x0000ff, "pixmap glReadPixels");
    glFinish();
    XSync(dpy, False);
    CHECK(x_pixel(dpy, pix, 31, 0) == 0x0000ff, "pixmap: top-right %06lx", x_pixel(dpy, pix, 31, 0));
    CHECK(x_pixel(dpy, pix, 7, 12) == 0xff8000, "pixmap: corner %06lx", x_pixel(dpy, pix, 7, 12));
    unsigned w = 0;
    glXQueryDrawable(dpy, gpix, GLX_WIDTH, &w);
    CHECK(w == 32, "pixmap width %u", w);

    /* GLX 1.2's glXCreateGLXPixmap with the config's visual */
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    Pixmap pix2 = XCreatePixmap(dpy, RootWindow(dpy, scr), 8, 8, 24);
    GLXPixmap gpix2 = vi ? glXCreateGLXPixmap(dpy, vi, pix2) : None;
    CHECK(gpix2 && glXMakeCurrent(dpy, gpix2, ctx), "glXCreateGLXPixmap current");
    draw_corner(0x00ff00, 0x00ff00, 1, 1);
    glXWaitGL();
    CHECK(x_pixel(dpy, pix2, 4, 4) == 0x00ff00, "GLXPixmap after glXWaitGL: %06lx",
          x_pixel(dpy, pix2, 4, 4));
    if (vi)
        XFree(vi);

    /* pbuffer */
    int pb_attribs[] = {GLX_PBUFFER_WIDTH, 40, GLX_PBUFFER_HEIGHT, 30, None};
    GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
    CHECK(pb && glXMakeContextCurrent(dpy, pb, pb, ctx), "pbuffer current");
    unsigned h = 0;
    glXQueryDrawable(dpy, pb, GLX_WIDTH, &w);
    glXQueryDrawable(dpy, pb, GLX_HEIGHT, &h);
    CHECK(w == 40 && h == 30, "pbuffer size %ux%u", w, h);
    draw_corner(0x808080, 0x204060, 10, 10);
    CHECK(gl_pixel(9, 9) == 0x204060 && gl_pixel(10, 9) == 0x808080 && gl_pixel(39, 29) == 0x808080,
          "pbuffer pixels");

    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyPbuffer(dpy, pb);
    glXDestroyGLXPixmap(dpy, gpix2);
    glXDestroyPixmap(dpy, gpix);
    glXDestroyContext(dpy, ctx);
    XFreePixmap(dpy, pix);
    XFreePixmap(dpy, pix2);
    /* a destroyed handle is gone */
    errors_reset(dpy);
    glXQueryDrawable(dpy, pb, GLX_WIDTH, &w);
    CHECK(last_error(dpy) == glx_error_base + GLXBadDrawable, "destroyed pbuffer: error %d",
          x_error_code);
    errors_reset(dpy);
}

/* glXCopyContext (GLX 1.4 section 3.3.7): the groups of the mask, as
 * glPushAttrib saves them, and nothing else; a destination current on a
 * thread is BadAccess. */
static void test_copy_context(Display *dpy, GLXFBConfig cfg)
{
    int pb_attribs[] = {GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 8, None};
    GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
    GLXContext a = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    GLXContext b = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(pb && a && b && glXMakeContextCurrent(dpy, pb, pb, a), "context a current");
    glClearColor(0.25f, 0.5f, 0.75f, 1);   /* GL_COLOR_BUFFER_BIT */
    glEnable(GL_BLEND);                    /* GL_COLOR_BUFFER_BIT, GL_ENABLE_BIT */
    glBlendFunc(GL_ONE, GL_ONE);
    glLineWidth(3);                        /* GL_LINE_BIT: not copied below */
    glDepthFunc(GL_GREATER);               /* GL_DEPTH_BUFFER_BIT: not copied */
    /* b is current nowhere; a is current here (an implicit flush) */
    errors_reset(dpy);
    glXCopyContext(dpy, a, b, GL_COLOR_BUFFER_BIT);
    CHECK(last_error(dpy) == 0, "glXCopyContext: error %d", x_error_code);
    /* the destination current (here): BadAccess */
    errors_reset(dpy);
    glXCopyContext(dpy, b, a, GL_ALL_ATTRIB_BITS);
    CHECK(last_error(dpy) == BadAccess, "copy into a current context: error %d", x_error_code);
    errors_reset(dpy);
    CHECK(glXMakeContextCurrent(dpy, pb, pb, b), "context b current");
    float cc[4] = {0}, lw = 0;
    GLint src = 0, depth_func = 0;
    glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
    glGetFloatv(GL_LINE_WIDTH, &lw);
    glGetIntegerv(GL_BLEND_SRC, &src);
    glGetIntegerv(GL_DEPTH_FUNC, &depth_func);
    CHECK(cc[0] == 0.25f && cc[1] == 0.5f && cc[2] == 0.75f, "copied clear colour %g %g %g",
          cc[0], cc[1], cc[2]);
    CHECK(glIsEnabled(GL_BLEND) && src == GL_ONE, "copied blend state: %d %x",
          glIsEnabled(GL_BLEND), src);
    CHECK(lw == 1 && depth_func == GL_LESS, "groups outside the mask kept: line width %g, depth %x",
          lw, depth_func);
    /* everything glPushAttrib saves */
    glXMakeContextCurrent(dpy, None, None, NULL);
    glXCopyContext(dpy, a, b, GL_ALL_ATTRIB_BITS);
    CHECK(glXMakeContextCurrent(dpy, pb, pb, b), "context b current");
    glGetFloatv(GL_LINE_WIDTH, &lw);
    glGetIntegerv(GL_DEPTH_FUNC, &depth_func);
    CHECK(lw == 3 && depth_func == GL_GREATER, "GL_ALL_ATTRIB_BITS: line width %g, depth %x", lw,
          depth_func);
    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyContext(dpy, a);
    glXDestroyContext(dpy, b);
    glXDestroyPbuffer(dpy, pb);
    CHECK(last_error(dpy) == 0, "error %d", x_error_code);
    errors_reset(dpy);
}

/* glXMakeContextCurrent with a read drawable other than the draw drawable
 * (GLX 1.4 section 3.3.7): glReadPixels, glCopyPixels and glCopyTexImage2D
 * read the read drawable (a pbuffer), clears and drawing go to the draw
 * drawable (a window), which shows the copied pixels after the swap. */
static void test_read_drawable(Display *dpy, GLXFBConfig cfg)
{
    int pb_attribs[] = {GLX_PBUFFER_WIDTH, 16, GLX_PBUFFER_HEIGHT, 16, None};
    GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    Window win = vi ? make_window(dpy, vi, 32, 24) : None;
    if (vi)
        XFree(vi);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(pb && win && ctx && glXMakeContextCurrent(dpy, pb, pb, ctx), "pbuffer current");
    draw_corner(0x0000ff, 0x00ff00, 4, 4); /* the pbuffer: blue, green corner */
    glFinish();
    CHECK(glXMakeContextCurrent(dpy, win, pb, ctx), "window to draw, pbuffer to read");
    CHECK(glXGetCurrentReadDrawable() == pb && glXGetCurrentDrawable() == win, "current drawables");
    draw_corner(0xff0000, 0xff0000, 1, 1); /* the window: red */
    CHECK(gl_pixel(0, 0) == 0x00ff00 && gl_pixel(8, 8) == 0x0000ff,
          "glReadPixels reads the pbuffer: %06lx %06lx", gl_pixel(0, 0), gl_pixel(8, 8));
    /* the pbuffer's (0, 0)..(7, 7) to the window's (20, 10) */
    glViewport(0, 0, 32, 24);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 32, 0, 24, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glRasterPos2i(20, 10);
    glCopyPixels(0, 0, 8, 8, GL_COLOR);
    GLuint tex = 0;
    unsigned char t[4 * 4 * 4] = {0};
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 4, 4, 0);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    CHECK(t[1] == 255 && t[2] == 0 && t[4 * 15 + 2] == 255 && t[4 * 15 + 1] == 0,
          "glCopyTexImage2D reads the pbuffer: %d %d %d / %d %d %d", t[0], t[1], t[2], t[60],
          t[61], t[62]);
    glDeleteTextures(1, &tex);
    CHECK(glGetError() == GL_NO_ERROR, "GL error");
    glXSwapBuffers(dpy, win);
    XSync(dpy, False);
    /* window rows top-down: GL (x, y) is X (x, 23 - y) */
    CHECK(x_pixel(dpy, win, 0, 23) == 0xff0000, "window: its own clear %06lx",
          x_pixel(dpy, win, 0, 23));
    CHECK(x_pixel(dpy, win, 20, 13) == 0x00ff00 && x_pixel(dpy, win, 27, 6) == 0x0000ff &&
              x_pixel(dpy, win, 28, 6) == 0xff0000,
          "window after glCopyPixels: %06lx %06lx %06lx", x_pixel(dpy, win, 20, 13),
          x_pixel(dpy, win, 27, 6), x_pixel(dpy, win, 28, 6));
    /* draw and read the window again: reads follow */
    CHECK(glXMakeContextCurrent(dpy, win, win, ctx), "window current");
    CHECK(gl_pixel(0, 0) == 0xff0000, "glReadPixels reads the window again: %06lx", gl_pixel(0, 0));
    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyContext(dpy, ctx);
    glXDestroyPbuffer(dpy, pb);
    XDestroyWindow(dpy, win);
}

/* GLX 1.4 section 3.3.7: a context made with share_list shares its
 * texture objects and display lists; one made without does not.  Drawn
 * into a pbuffer: a 2x2 texture (red, green / blue, white) over the
 * 16x16 surface with REPLACE puts one texel in each quadrant. */
static void test_shared(Display *dpy, GLXFBConfig cfg)
{
    static const unsigned char texels[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                             0, 0, 255, 255, 255, 255, 255, 255};
    int pb_attribs[] = {GLX_PBUFFER_WIDTH, 16, GLX_PBUFFER_HEIGHT, 16, None};
    GLXPbuffer pb = glXCreatePbuffer(dpy, cfg, pb_attribs);
    GLXContext a = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(pb && a && glXMakeContextCurrent(dpy, pb, pb, a), "context A current");
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glColor3ub(255, 0, 255);
    glRectf(-1, -1, 1, 1);
    glEndList();
    glFinish();

    GLXContext b = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, a, True);
    CHECK(b && glXMakeContextCurrent(dpy, pb, pb, b), "context B (share_list A) current");
    CHECK(glIsTexture(tex) && glIsList(list), "B sees A's texture and list");
    glViewport(0, 0, 16, 16);
    glBindTexture(GL_TEXTURE_2D, tex);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    CHECK(gl_pixel(4, 4) == 0xff0000 && gl_pixel(12, 4) == 0x00ff00 && gl_pixel(4, 12) == 0x0000ff &&
              gl_pixel(12, 12) == 0xffffff,
          "B draws A's texture: %06lx %06lx %06lx %06lx", gl_pixel(4, 4), gl_pixel(12, 4),
          gl_pixel(4, 12), gl_pixel(12, 12));
    glCallList(list);
    CHECK(gl_pixel(8, 8) == 0xff00ff, "B calls A's list: %06lx", gl_pixel(8, 8));

    GLXContext c = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(c && glXMakeContextCurrent(dpy, pb, pb, c), "context C (no share_list) current");
    CHECK(!glIsTexture(tex) && !glIsList(list), "C has its own names");

    /* the objects outlive A */
    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyContext(dpy, a);
    CHECK(glXMakeContextCurrent(dpy, pb, pb, b), "B current again");
    CHECK(glIsTexture(tex) && glIsList(list), "the texture and list outlive A");

    glXMakeContextCurrent(dpy, None, None, NULL);
    glXDestroyContext(dpy, b);
    glXDestroyContext(dpy, c);
    glXDestroyPbuffer(dpy, pb);
    errors_reset(dpy);
}

int main(int argc, char **argv)
{
    bool reference = argc > 1 && strcmp(argv[1], "mesa") == 0;
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "no X display: skipped\n");
        return 77;
    }
    XSetErrorHandler(record_x_error);
    int event_base;
    if (!glXQueryExtension(dpy, &glx_error_base, &event_base)) {
        fprintf(stderr, "the X server has no GLX extension: skipped\n");
        return 77;
    }
    const char *vendor = glXGetClientString(dpy, GLX_VENDOR);
    on_asmgl = vendor && strcmp(vendor, "asmgl") == 0;
    CHECK(on_asmgl != reference, "GLX client vendor %s", vendor ? vendor : "(null)");

    test_configs(dpy);
    GLXFBConfig db = choose(dpy, true, 24), single = choose(dpy, false, 0);
    CHECK(db && single, "configs for the tests");
    if (db && single) {
        test_contexts(dpy, db);
        test_window(dpy, db);
        if (on_asmgl) /* Mesa reports the destroyed windows' X errors */
            test_window_churn(dpy, db);
        test_single_buffered(dpy, single);
        test_pixmap_pbuffer(dpy, single);
        test_read_drawable(dpy, db);
        if (on_asmgl) /* Mesa copies no direct context (GLXBadContext) */
            test_copy_context(dpy, single);
        test_shared(dpy, single);
    }
    CHECK(x_error_count == 0, "%d unexpected X errors, last %d (request %d.%d)", x_error_count,
          x_error_code, x_error_request, x_error_minor);
    XCloseDisplay(dpy);
    return report(reference ? "glx api (mesa)" : "glx api");
}
