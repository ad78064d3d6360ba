/*
 * glfw_x11.c - an unmodified GLFW program on EGL/X11 renders through asmgl:
 * GLFW_CONTEXT_CREATION_API = GLFW_EGL_CONTEXT_API, the vendor chosen by
 * __EGL_VENDOR_LIBRARY_FILENAMES only.  GLFW finds the display with
 * eglGetDisplay(Display *) (libEGL asks the vendors' findNativeDisplayPlatform),
 * picks a window config by its EGL_NATIVE_VISUAL_ID, creates the window with
 * that visual and an EGL window surface on it.
 *
 * 100 frames are rendered and swapped, alternating a red and a green clear
 * with a blue quad over the left half; before frame 40 the window is
 * resized from 160x120 to 240x180.  Every frame is checked where the user
 * sees it: the window's own pixels (XGetImage on glfwGetX11Window) at the
 * four corners and beside the middle line, from the frame's colours worked
 * out by hand, and EGL_WIDTH/HEIGHT against GLFW's framebuffer size.  The
 * surface follows the window at the frame's glViewport, so frame 40 fills
 * the whole 240x180 window (Mesa's EGL/X11 passes the same checks).
 *
 * Exit 77 (skip) when there is no X server.
 */
#define GLFW_EXPOSE_NATIVE_X11
#define GLFW_EXPOSE_NATIVE_EGL
#include <GLFW/glfw3.h>
#include <GLFW/glfw3native.h>
#include <X11/Xutil.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static void on_error(int code, const char *text)
{
    fprintf(stderr, "GLFW error 0x%x: %s\n", code, text);
}

/* An 8-bit channel of TrueColor pixel p. */
static unsigned long channel(unsigned long p, unsigned long mask)
{
    return mask ? (p & mask) >> __builtin_ctzl(mask) : 0;
}

/* The window's pixel at (x, y) (top-left origin) as 0xRRGGBB. */
static unsigned long window_pixel(Display *xdpy, Window win, int x, int y)
{
    XImage *img = XGetImage(xdpy, win, x, y, 1, 1, AllPlanes, ZPixmap);
    if (!img)
        return 0xdeadbeef;
    unsigned long p = XGetPixel(img, 0, 0);
    unsigned long rgb = channel(p, img->red_mask) << 16 | channel(p, img->green_mask) << 8 |
                        channel(p, img->blue_mask);
    XDestroyImage(img);
    return rgb;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Frame f: a red (even) or green (odd) clear, a blue quad over x < 0. */
static unsigned long clear_rgb(int f)
{
    return f % 2 ? 0x00ff00 : 0xff0000;
}

static void draw_frame(int f, int w, int h)
{
    glViewport(0, 0, w, h);
    glClearColor(f % 2 ? 0.0f : 1.0f, f % 2 ? 1.0f : 0.0f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(0.0f, 0.0f, 1.0f);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
}

/* The window shows frame f at w x h: blue left half, clear colour right. */
static void check_window(Display *xdpy, Window win, int f, int w, int h)
{
    const struct {
        int x, y;
        unsigned long rgb;
    } probes[] = {
        {0, 0, 0x0000ff},         {w - 1, 0, clear_rgb(f)},     {0, h - 1, 0x0000ff},
        {w - 1, h - 1, clear_rgb(f)}, {w / 2 - 2, h / 2, 0x0000ff}, {w / 2 + 1, h / 2, clear_rgb(f)},
    };
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        unsigned long got = window_pixel(xdpy, win, probes[i].x, probes[i].y);
        CHECK(got == probes[i].rgb, "frame %d (%dx%d): window pixel (%d,%d) is %06lx, expected %06lx", f,
              w, h, probes[i].x, probes[i].y, got, probes[i].rgb);
    }
}

int main(void)
{
    if (!getenv("DISPLAY")) {
        fprintf(stderr, "no X server (DISPLAY unset): skipped\n");
        return 77;
    }
    glfwSetErrorCallback(on_error);
    if (!glfwInit()) {
        fprintf(stderr, "glfwInit failed\n");
        return 1;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
    glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_EGL_CONTEXT_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 2);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 1);
    glfwWindowHint(GLFW_RESIZABLE, GLFW_TRUE);
    GLFWwindow *window = glfwCreateWindow(160, 120, "asmgl EGL/X11", NULL, NULL);
    if (!window) {
        fprintf(stderr, "glfwCreateWindow failed (EGL on X11)\n");
        glfwTerminate();
        return 1;
    }
    glfwMakeContextCurrent(window);
    Display *xdpy = glfwGetX11Display();
    Window xwin = glfwGetX11Window(window);
    EGLDisplay edpy = glfwGetEGLDisplay();
    EGLSurface esurf = glfwGetEGLSurface(window);

    const char *r = (const char *)glGetString(GL_RENDERER);
    char renderer[128];
    snprintf(renderer, sizeof renderer, "%s", r ? r : "(null)");
    const char *vendor = eglQueryString(edpy, EGL_VENDOR);
    CHECK(strstr(renderer, "asmgl"), "GL_RENDERER is %s", renderer);
    CHECK(vendor && strcmp(vendor, "asmgl") == 0, "EGL_VENDOR is %s", vendor ? vendor : "(null)");
    if (!strstr(renderer, "asmgl")) {
        glfwTerminate();
        return 1;
    }
    glfwSwapInterval(0);

    /* the window was created with the config's visual */
    EGLint config_id = 0, visual_id = 0;
    eglQuerySurface(edpy, esurf, EGL_CONFIG_ID, &config_id);
    EGLConfig config = NULL;
    EGLint n = 0;
    const EGLint by_id[] = {EGL_CONFIG_ID, config_id, EGL_NONE};
    eglChooseConfig(edpy, by_id, &config, 1, &n);
    eglGetConfigAttrib(edpy, config, EGL_NATIVE_VISUAL_ID, &visual_id);
    XWindowAttributes wa;
    XGetWindowAttributes(xdpy, xwin, &wa);
    CHECK(n == 1 && (VisualID)visual_id == XVisualIDFromVisual(wa.visual),
          "window visual 0x%lx, config visual 0x%x", XVisualIDFromVisual(wa.visual), visual_id);

    int w = 0, h = 0, resized_at = -1;
    for (int f = 0; f < 100; f++) {
        if (f == 40) {
            /* resize, and wait (bounded) until the server has done it */
            glfwSetWindowSize(window, 240, 180);
            double until = now() + 5.0;
            do {
                glfwPollEvents();
                glfwGetFramebufferSize(window, &w, &h);
            } while ((w != 240 || h != 180) && now() < until);
            CHECK(w == 240 && h == 180, "the window did not resize: %dx%d", w, h);
            resized_at = f;
        }
        glfwGetFramebufferSize(window, &w, &h);
        draw_frame(f, w, h);
        glfwSwapBuffers(window);
        glfwPollEvents();
        EGLint sw = 0, sh = 0;
        eglQuerySurface(edpy, esurf, EGL_WIDTH, &sw);
        eglQuerySurface(edpy, esurf, EGL_HEIGHT, &sh);
        /* the frame that noticed the resize has the new size already: the
         * surface followed the window at its glViewport */
        CHECK(sw == w && sh == h, "frame %d: surface %dx%d, window %dx%d", f, sw, sh, w, h);
        check_window(xdpy, xwin, f, w, h);
    }
    CHECK(resized_at == 40 && w == 240 && h == 180, "resized at frame %d to %dx%d", resized_at, w, h);

    /* glReadPixels reads the last frame (99: green clear) at 240x180 */
    unsigned char px[4] = {0};
    glReadPixels(239, 179, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 255 && px[2] == 0, "glReadPixels (239,179): %d %d %d", px[0], px[1], px[2]);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(px[0] == 0 && px[1] == 0 && px[2] == 255, "glReadPixels (0,0): %d %d %d", px[0], px[1], px[2]);
    CHECK(glGetError() == GL_NO_ERROR, "GL error");

    glfwDestroyWindow(window);
    glfwTerminate();
    if (failures) {
        fprintf(stderr, "egl.glfw_x11: %d failures\n", failures);
        return 1;
    }
    printf("egl.glfw_x11: 100 frames on EGL/X11 (%s), resized to 240x180: ok\n", renderer);
    return 0;
}
