/*
 * multisample.c - GLX_ARB_multisample on a real X server: glXChooseFBConfig
 * with GLX_SAMPLES 4 gives 4-sample configs first (the smallest count that
 * meets the request, GLX 1.4 Table 3.4), each with a visual that
 * glXGetConfig describes alike, and glXChooseVisual finds one; a window of
 * such a config renders a tilted triangle edge per sample, and what the
 * window shows after glXSwapBuffers (XGetImage) and what glReadPixels
 * reads is the resolved colour.  The renderer must be asmgl's (Mesa's
 * llvmpipe samples at other positions, so these pixels are asmgl's).
 *
 * Expected pixels by hand (as gl/tests/test_default_multisample.c): the
 * 4x positions from a pixel's lower-left corner are s0 (0.375, 0.125),
 * s1 (0.875, 0.375), s2 (0.125, 0.625), s3 (0.625, 0.875).  Left of the
 * edge x = 2 + y / 2 (window coordinates, y up) is red on black.  In row
 * 2k the edge pixel 2 + k has only s2 left of the edge (the edge is
 * 0.0625 .. 0.4375 past the pixel's left side at the samples' heights):
 * red 255 / 4 -> 64; in row 2k + 1 (0.5625 .. 0.9375 past it) s0, s2, s3:
 * 3 * 255 / 4 -> 191.  Pixels left of it are red, right of it black.
 */
#include "glx_test.h"

#include <GL/glxext.h>

enum { W = 32, H = 24 };

static int edge_red(int x, int y)
{
    int e = 2 + y / 2;
    return x < e ? 255 : x > e ? 0 : y % 2 == 0 ? 64 : 191;
}

static int fbconfig_attrib(Display *dpy, GLXFBConfig c, int attr)
{
    int v = -12345;
    glXGetFBConfigAttrib(dpy, c, attr, &v);
    return v;
}

static void draw_edge(void)
{
    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor3f(1, 0, 0);
    glBegin(GL_TRIANGLES); /* the quad left of the edge from (2, 0) to (14, 24) */
    glVertex2f(-1, 0);
    glVertex2f(2, 0);
    glVertex2f(14, 24);
    glVertex2f(-1, 0);
    glVertex2f(14, 24);
    glVertex2f(-1, 24);
    glEnd();
}

/* Compares the window's pixels (XGetImage, top row 0) or glReadPixels'
 * (bottom row 0) with edge_red. */
static void check_pixels(Display *dpy, Window win, bool from_gl)
{
    int bad = 0;
    unsigned char gl_img[H][W][4];
    XImage *img = NULL;
    if (from_gl)
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, gl_img);
    else
        img = XGetImage(dpy, win, 0, 0, W, H, AllPlanes, ZPixmap);
    if (!from_gl && !img) {
        CHECK(0, "XGetImage failed");
        return;
    }
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            unsigned long p = from_gl ? (unsigned long)gl_img[y][x][0] << 16 |
                                            (unsigned long)gl_img[y][x][1] << 8 | gl_img[y][x][2]
                                      : XGetPixel(img, x, H - 1 - y) & 0xffffff;
            unsigned long want = (unsigned long)edge_red(x, y) << 16;
            if (p != want && bad++ < 6)
                fprintf(stderr, "%s: pixel (%d, %d) = %06lx, want %06lx\n",
                        from_gl ? "glReadPixels" : "window", x, y, p, want);
        }
    if (img)
        XDestroyImage(img);
    CHECK(bad == 0, "%s: %d pixels differ from the hand-computed resolve", from_gl ? "glReadPixels" : "window",
          bad);
}

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "no X display: skipped\n");
        return 77;
    }
    XSetErrorHandler(record_x_error);
    int scr = DefaultScreen(dpy);
    const char *ext = glXQueryExtensionsString(dpy, scr);
    CHECK(ext && strstr(ext, "GLX_ARB_multisample"), "GLX_ARB_multisample missing: %s",
          ext ? ext : "-");

    int attribs[] = {GLX_RENDER_TYPE, GLX_RGBA_BIT, GLX_DRAWABLE_TYPE, GLX_WINDOW_BIT,
                     GLX_DOUBLEBUFFER, True, GLX_RED_SIZE, 8, GLX_DEPTH_SIZE, 24,
                     GLX_SAMPLE_BUFFERS, 1, GLX_SAMPLES, 4, None};
    int n = 0;
    GLXFBConfig *list = glXChooseFBConfig(dpy, scr, attribs, &n);
    CHECK(list && n > 0, "glXChooseFBConfig with GLX_SAMPLES 4: %d configs", n);
    if (!list || n == 0)
        return report("glx multisample");
    /* every config has at least 4 samples, the first exactly 4, and the
     * counts never decrease (Table 3.4: SAMPLES "smaller" first) */
    int prev = 0;
    for (int i = 0; i < n; i++) {
        int s = fbconfig_attrib(dpy, list[i], GLX_SAMPLES);
        CHECK(s >= 4 && s >= prev && fbconfig_attrib(dpy, list[i], GLX_SAMPLE_BUFFERS) == 1,
              "config %d: %d samples after %d", i, s, prev);
        prev = s;
    }
    GLXFBConfig cfg = list[0];
    XFree(list);
    CHECK(fbconfig_attrib(dpy, cfg, GLX_SAMPLES) == 4, "first config: %d samples",
          fbconfig_attrib(dpy, cfg, GLX_SAMPLES));
    /* asmgl renders 2, 4 and 8: asking for more matches nothing */
    int more[] = {GLX_SAMPLES, 16, None};
    list = glXChooseFBConfig(dpy, scr, more, &n);
    CHECK(!list && n == 0, "GLX_SAMPLES 16: %d configs", n);
    if (list)
        XFree(list);
    int none[] = {GLX_SAMPLE_BUFFERS, 0, None};
    list = glXChooseFBConfig(dpy, scr, none, &n);
    CHECK(list && n > 0 && fbconfig_attrib(dpy, list[0], GLX_SAMPLES) == 0,
          "the single-sampled configs come first");
    if (list)
        XFree(list);

    XVisualInfo *vi = glXGetVisualFromFBConfig(dpy, cfg);
    CHECK(vi != NULL, "the 4-sample config has a visual");
    if (!vi)
        return report("glx multisample");
    int v = -1;
    CHECK(glXGetConfig(dpy, vi, GLX_SAMPLES, &v) == Success && v == 4, "visual's GLX_SAMPLES %d", v);
    CHECK(glXGetConfig(dpy, vi, GLX_SAMPLE_BUFFERS, &v) == Success && v == 1,
          "visual's GLX_SAMPLE_BUFFERS %d", v);
    int vattribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, GLX_SAMPLE_BUFFERS, 1, GLX_SAMPLES, 4, None};
    XVisualInfo *cv = glXChooseVisual(dpy, scr, vattribs);
    CHECK(cv && glXGetConfig(dpy, cv, GLX_SAMPLES, &v) == Success && v >= 4,
          "glXChooseVisual with GLX_SAMPLES 4: %d", cv ? v : -1);
    if (cv)
        XFree(cv);

    /* a plain window of that visual, current with a context of the config */
    Window win = make_window(dpy, vi, W, H);
    XFree(vi);
    GLXContext ctx = glXCreateNewContext(dpy, cfg, GLX_RGBA_TYPE, NULL, True);
    CHECK(ctx && glXMakeCurrent(dpy, win, ctx), "context current");
    if (!ctx)
        return report("glx multisample");
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    CHECK(renderer && strstr(renderer, "asmgl"), "GL_RENDERER %s",
          renderer ? renderer : "-");
    GLint sb = -1, samples = -1;
    glGetIntegerv(GL_SAMPLE_BUFFERS, &sb);
    glGetIntegerv(GL_SAMPLES, &samples);
    CHECK(sb == 1 && samples == 4, "GL_SAMPLE_BUFFERS %d GL_SAMPLES %d", sb, samples);

    draw_edge();
    check_pixels(dpy, win, true); /* GL 2.1 4.3.2: ReadPixels resolves */
    glXSwapBuffers(dpy, win);
    XSync(dpy, False);
    check_pixels(dpy, win, false);
    CHECK(glGetError() == GL_NO_ERROR, "GL error");

    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XDestroyWindow(dpy, win);
    XSync(dpy, False);
    CHECK(x_error_count == 0, "X error %d (request %d.%d)", x_error_code, x_error_request,
          x_error_minor);
    XCloseDisplay(dpy);
    return report("glx multisample");
}
