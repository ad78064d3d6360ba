/*
 * surface_glfw.c - the window surface (surface.h): a GLFW window with GLFW's
 * own GL context (GLX on X11; libGLX picks the vendor), and screenshots of
 * the window read back from the X server with XGetImage.  API thread only.
 */
#include "surface.h"

#include <GL/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3native.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "demo.h"

typedef struct glfw_surface {
    demo_surface base;
    GLFWwindow *window;
    char title[200];
    double fps_since; /* glfwGetTime() when fps_frames was reset */
    int fps_frames;
} glfw_surface;

static void on_error(int code, const char *msg) { fprintf(stderr, "demo: GLFW error 0x%x: %s\n", code, msg); }

static void on_key(GLFWwindow *window, int key, int scancode, int action, int mods)
{
    if (action == GLFW_PRESS && (key == GLFW_KEY_ESCAPE || key == GLFW_KEY_Q))
        glfwSetWindowShouldClose(window, GLFW_TRUE);
}

static demo_proc glfw_get_proc(const char *name) { return (demo_proc)glfwGetProcAddress(name); }

static void glfw_size(demo_surface *s, int *width, int *height)
{
    glfwGetFramebufferSize(((glfw_surface *)s)->window, width, height);
}

static int glfw_present(demo_surface *s)
{
    glfw_surface *g = (glfw_surface *)s;
    glfwSwapBuffers(g->window);

    /* frame rate in the title, once a second */
    g->fps_frames++;
    double now = glfwGetTime();
    if (now - g->fps_since >= 1.0) {
        int width, height;
        char title[260];
        glfwGetFramebufferSize(g->window, &width, &height);
        snprintf(title, sizeof title, "%s - %dx%d - %.1f fps", g->title, width, height,
                 g->fps_frames / (now - g->fps_since));
        glfwSetWindowTitle(g->window, title);
        g->fps_since = now;
        g->fps_frames = 0;
    }
    glfwPollEvents();
    return !glfwWindowShouldClose(g->window);
}

/* Bit position and width of a contiguous channel mask (XImage red_mask...). */
static void mask_shift(unsigned long mask, int *shift, int *bits)
{
    *shift = 0;
    *bits = 0;
    while (mask && !(mask & 1)) {
        mask >>= 1;
        ++*shift;
    }
    while (mask & 1) {
        mask >>= 1;
        ++*bits;
    }
}

static unsigned char channel(unsigned long pixel, int shift, int bits)
{
    if (bits <= 0)
        return 0;
    unsigned long v = (pixel >> shift) & ((1ul << bits) - 1);
    return (unsigned char)(bits >= 8 ? v >> (bits - 8) : v * 255 / ((1ul << bits) - 1));
}

/* The window's pixels as the X server holds them.  Requests on GLFW's
 * connection are handled in order, and XSync waits for all of them, so the
 * image shown by the last swap is in place when XGetImage reads it (a GLX
 * vendor presenting on a connection of its own finishes its presentation
 * inside glXSwapBuffers). */
static int glfw_screenshot(demo_surface *s, const char *path)
{
    glfw_surface *g = (glfw_surface *)s;
    Display *dpy = glfwGetX11Display();
    Window win = glfwGetX11Window(g->window);
    int width, height;
    glfwGetFramebufferSize(g->window, &width, &height);
    if (!dpy || !win || width <= 0 || height <= 0) {
        fprintf(stderr, "demo: no X11 window to take a screenshot of\n");
        return 0;
    }
    XSync(dpy, False);
    XImage *img = XGetImage(dpy, win, 0, 0, (unsigned)width, (unsigned)height, AllPlanes, ZPixmap);
    if (!img) {
        fprintf(stderr, "demo: XGetImage of window 0x%lx failed\n", (unsigned long)win);
        return 0;
    }
    int rs, rb, gs, gb, bs, bb;
    mask_shift(img->red_mask, &rs, &rb);
    mask_shift(img->green_mask, &gs, &gb);
    mask_shift(img->blue_mask, &bs, &bb);
    unsigned char *rgba = malloc((size_t)width * height * 4);
    if (!rgba || rb == 0 || gb == 0 || bb == 0) {
        fprintf(stderr, "demo: cannot convert the window's %d-bit image\n", img->depth);
        free(rgba);
        XDestroyImage(img);
        return 0;
    }
    /* X rows run top down; demo_png_write takes GL's bottom-up order */
    for (int y = 0; y < height; y++) {
        unsigned char *row = rgba + (size_t)(height - 1 - y) * width * 4;
        for (int x = 0; x < width; x++) {
            unsigned long p = XGetPixel(img, x, y);
            row[4 * x + 0] = channel(p, rs, rb);
            row[4 * x + 1] = channel(p, gs, gb);
            row[4 * x + 2] = channel(p, bs, bb);
            row[4 * x + 3] = 255;
        }
    }
    XDestroyImage(img);
    int ok = demo_png_write(path, rgba, width, height);
    free(rgba);
    return ok;
}

static void glfw_close(demo_surface *s)
{
    glfw_surface *g = (glfw_surface *)s;
    if (!g)
        return;
    glfwMakeContextCurrent(NULL);
    if (g->window)
        glfwDestroyWindow(g->window);
    glfwTerminate();
    free(g);
}

demo_surface *demo_surface_open_window(int width, int height, const char *name)
{
    glfwSetErrorCallback(on_error);
    if (!glfwInit()) {
        fprintf(stderr, "%s: cannot initialise GLFW (no display? try --headless)\n", name);
        return NULL;
    }
    glfw_surface *g = calloc(1, sizeof *g);
    if (!g) {
        glfwTerminate();
        return NULL;
    }
    g->base = (demo_surface){.get_proc = glfw_get_proc, .size = glfw_size, .present = glfw_present,
                             .screenshot = glfw_screenshot, .close = glfw_close};
    snprintf(g->title, sizeof g->title, "%s", name);
    /* a compatibility context of any version: the demos use fixed-function
     * state beside their programs */
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
    glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_NATIVE_CONTEXT_API);
    glfwWindowHint(GLFW_RED_BITS, 8);
    glfwWindowHint(GLFW_GREEN_BITS, 8);
    glfwWindowHint(GLFW_BLUE_BITS, 8);
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    glfwWindowHint(GLFW_STENCIL_BITS, 8);
    glfwWindowHint(GLFW_DOUBLEBUFFER, GLFW_TRUE);
    g->window = glfwCreateWindow(width, height, name, NULL, NULL);
    if (!g->window) {
        fprintf(stderr, "%s: cannot create a %dx%d window with a GL context\n", name, width, height);
        glfw_close(&g->base);
        return NULL;
    }
    glfwSetKeyCallback(g->window, on_key);
    glfwMakeContextCurrent(g->window);
    glfwSwapInterval(0); /* the software renderer sets the pace */
    g->fps_since = glfwGetTime();
    return &g->base;
}
