/*
 * present.h - shows finished frames in a window, through the host's GL.
 *
 * The demos render with asmgl (or OSMesa), whose libraries export the
 * standard gl* symbols.  The window needs the *host* GL, so present_glfw.c
 * is the only file that includes <epoxy/gl.h>: libepoxy dlopens the host
 * libGL itself and calls it through its own pointers, never through the gl*
 * symbols the demo links against.  Rendering files include demo_gl.h and
 * never this module's GL; the two meet only through this interface, which
 * passes plain pixels.
 *
 * Call order:
 *     present_window *w = present_open(640, 480, "title");   // NULL on failure
 *     loop: present_framebuffer_size(w, &fw, &fh); render fw x fh;
 *           if (!present_frame(w, rgba, fw, fh)) break;      // 0: window closed
 *     present_close(w);
 *
 * Current contexts: present_frame makes the window's context current and
 * releases it again before returning, so the renderer's context can be made
 * current in between.  That matters on Mesa, where OSMesa and the host's GLX
 * driver share one dispatch (libglapi) per thread.
 * Threads: API thread only.  Errors: messages on stderr, NULL/0 returns.
 */
#ifndef DEMO_PRESENT_H
#define DEMO_PRESENT_H

typedef struct present_window present_window;

/* Opens a window with a client area of width x height. */
present_window *present_open(int width, int height, const char *title);

/* The drawable size in pixels now (it changes when the user resizes). */
void present_framebuffer_size(present_window *w, int *width, int *height);

/* Shows tightly packed RGBA8 rows, bottom row first, scaled to the window;
 * handles window events.  Returns 0 once the user asked to close (window
 * closed, Escape or Q), else 1. */
int present_frame(present_window *w, const unsigned char *rgba, int width, int height);

void present_close(present_window *w);

#endif /* DEMO_PRESENT_H */
