/*
 * glfw.c - a GLFW program on GLX (GLFW's default on X11): 100 frames
 * rendered and swapped, the window resized after frame 50.  Every frame
 * is checked with glReadPixels; after the last swap, the window itself
 * with XGetImage.
 *
 *   glx_test_glfw          the renderer must be asmgl's
 *   glx_test_glfw mesa     the same on Mesa (the reference)
 *
 * Frame f clears to one colour and its bottom-left corner of
 * (10 + f % 20) pixels square to another, so a frame that is not the one
 * drawn (a stale buffer, the old size) shows up in the probes.
 */
#define GLFW_EXPOSE_NATIVE_X11
#include <GLFW/glfw3.h>
#include <GLFW/glfw3native.h>

#include "glx_test.h"

#define FRAMES 100

static unsigned long frame_colour(int f)
{
    return f % 2 ? 0x0000ff : 0xff0000;
}

int main(int argc, char **argv)
{
    bool reference = argc > 1 && strcmp(argv[1], "mesa") == 0;
    if (!glfwInit()) {
        fprintf(stderr, "glfwInit failed (no X display?): skipped\n");
        return 77;
    }
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
    glfwWindowHint(GLFW_CONTEXT_CREATION_API, GLFW_NATIVE_CONTEXT_API); /* GLX */
    glfwWindowHint(GLFW_DEPTH_BITS, 24);
    GLFWwindow *win = glfwCreateWindow(64, 48, "asmgl glfw test", NULL, NULL);
    CHECK(win != NULL, "glfwCreateWindow");
    if (!win) {
        glfwTerminate();
        return report("glfw");
    }
    glfwMakeContextCurrent(win);
    glfwSwapInterval(0);
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    printf("GL_RENDERER = %s\n", renderer ? renderer : "-");
    CHECK(renderer && (strncmp(renderer, "asmgl", 5) == 0) != reference, "renderer %s",
          renderer ? renderer : "-");

    int w = 0, h = 0, bad = 0, resized_at = -1;
    for (int f = 0; f < FRAMES; f++) {
        if (f == 50)
            glfwSetWindowSize(win, 120, 90);
        glfwPollEvents();
        if (f >= 50 && resized_at < 0) {
            /* wait (bounded) for the server's new size */
            for (int i = 0; i < 200 && (w != 120 || h != 90); i++) {
                glfwWaitEventsTimeout(0.01);
                glfwGetFramebufferSize(win, &w, &h);
            }
            resized_at = f;
        }
        glfwGetFramebufferSize(win, &w, &h);
        glViewport(0, 0, w, h);
        int corner = 10 + f % 20;
        draw_corner(frame_colour(f), 0x00ff00, corner, corner);
        if (gl_pixel(corner - 1, corner - 1) != 0x00ff00 || gl_pixel(corner, 0) != frame_colour(f) ||
            gl_pixel(w - 1, h - 1) != frame_colour(f))
            bad++;
        glfwSwapBuffers(win);
    }
    CHECK(bad == 0, "%d frames read back wrong", bad);
    CHECK(w == 120 && h == 90, "framebuffer after the resize %dx%d", w, h);

    /* the last frame (f = 99: blue, corner 29) is what the window shows */
    Display *dpy = glfwGetX11Display();
    Window xwin = glfwGetX11Window(win);
    XSync(dpy, False);
    unsigned long tr = x_pixel(dpy, xwin, w - 1, 0), in = x_pixel(dpy, xwin, 28, h - 29),
                  out = x_pixel(dpy, xwin, 29, h - 1);
    CHECK(tr == 0x0000ff, "window top-right %06lx", tr);
    CHECK(in == 0x00ff00, "window corner %06lx", in);
    CHECK(out == 0x0000ff, "window right of the corner %06lx", out);

    glfwDestroyWindow(win);
    glfwTerminate();
    return report(reference ? "glfw (mesa)" : "glfw");
}
