/*
 * demo_main.c - demo_run(): the command line, the GL context (surface.h)
 * and the frame loop, headless or windowed.  API thread only.
 */
#include "demo.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "surface.h"

#ifndef DEMO_DATA_DIR
#define DEMO_DATA_DIR "demos/data"
#endif

static void usage(FILE *f, const demo_scene_ops *scene)
{
    fprintf(f,
            "usage: %s [--headless] [--frames N] [--first F] [-o FILE.png] [--size WxH]\n"
            "       %*s [--no-shadows] [--data DIR] [--screenshot FILE.png]\n"
            "%s\n"
            "  --headless     render without a window; write the last frame with -o\n"
            "  --frames N     render N frames (default: 1 headless, until closed in a window)\n"
            "  --first F      number of the first frame (the animation clock; default 0)\n"
            "  -o FILE.png    write the last frame to FILE.png\n"
            "  --size WxH     framebuffer size (default 640x480)\n"
            "  --no-shadows   skip the stencil shadow volumes\n"
            "  --data DIR     texture folder (default %s, or $ASMGL_DEMO_DATA)\n"
            "  --screenshot FILE.png\n"
            "                 after the last frame, write what the X server shows in the window\n"
            "The window closes with Escape or Q.  Headless runs use EGL, windows GLFW's GLX\n"
            "context; libglvnd picks the GL (__EGL_VENDOR_LIBRARY_FILENAMES,\n"
            "__GLX_VENDOR_LIBRARY_NAME).  ASMGL_DEMO_RENDERER=TEXT fails a run whose\n"
            "GL_RENDERER does not contain TEXT.  ASMGL_THREADS sets asmgl's worker count.\n",
            scene->name, (int)strlen(scene->name), "", scene->summary, DEMO_DATA_DIR);
}

static int parse_int(const char *s, int lo, int hi, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < lo || v > hi)
        return 0;
    *out = (int)v;
    return 1;
}

static int parse_size(const char *s, int *w, int *h)
{
    char buf[64];
    const char *x = strchr(s, 'x');
    if (!x || (size_t)(x - s) >= sizeof buf)
        return 0;
    memcpy(buf, s, (size_t)(x - s));
    buf[x - s] = '\0';
    return parse_int(buf, 1, 16384, w) && parse_int(x + 1, 1, 16384, h);
}

/* Returns 1 to run, 0 to exit with *status. */
static int parse_args(int argc, char **argv, const demo_scene_ops *scene, demo_options *opt, int *status)
{
    const char *env_data = getenv("ASMGL_DEMO_DATA");
    *opt = (demo_options){.width = 640, .height = 480, .frames = -1, .shadows = 1,
                          .data_dir = env_data && *env_data ? env_data : DEMO_DATA_DIR};
    *status = 2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout, scene);
            *status = 0;
            return 0;
        } else if (!strcmp(a, "--headless")) {
            opt->headless = 1;
        } else if (!strcmp(a, "--no-shadows")) {
            opt->shadows = 0;
        } else if (!strcmp(a, "--frames") && val) {
            if (!parse_int(val, 0, 1 << 30, &opt->frames))
                goto bad_value;
            i++;
        } else if (!strcmp(a, "--first") && val) {
            if (!parse_int(val, 0, 1 << 30, &opt->first))
                goto bad_value;
            i++;
        } else if (!strcmp(a, "--size") && val) {
            if (!parse_size(val, &opt->width, &opt->height))
                goto bad_value;
            i++;
        } else if ((!strcmp(a, "-o") || !strcmp(a, "--output")) && val) {
            opt->output = val;
            i++;
        } else if (!strcmp(a, "--screenshot") && val) {
            opt->screenshot = val;
            i++;
        } else if (!strcmp(a, "--data") && val) {
            opt->data_dir = val;
            i++;
        } else {
            fprintf(stderr, "%s: unknown or incomplete option '%s'\n", scene->name, a);
            usage(stderr, scene);
            return 0;
        }
        continue;
    bad_value:
        fprintf(stderr, "%s: bad value '%s' for %s\n", scene->name, val, a);
        return 0;
    }
    if (opt->frames < 0)
        opt->frames = opt->headless ? 1 : 0;
    if (opt->headless && opt->screenshot) {
        fprintf(stderr, "%s: --screenshot needs a window (leave out --headless)\n", scene->name);
        return 0;
    }
    if (opt->screenshot && opt->frames == 0) {
        fprintf(stderr, "%s: --screenshot needs --frames N with N >= 1\n", scene->name);
        return 0;
    }
    if (opt->headless && opt->frames == 0) {
        fprintf(stderr, "%s: --headless needs --frames N with N >= 1\n", scene->name);
        return 0;
    }
    return 1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A GL error after a frame means the implementation rejected something the
 * demo relies on: fail loudly rather than show a wrong picture. */
static int check_gl(const char *name, int frame)
{
    GLenum err = glGetError();
    if (err == GL_NO_ERROR)
        return 1;
    fprintf(stderr, "%s: %s during frame %d\n", name, demo_gl_error_name(err), frame);
    return 0;
}

/* Reads the default framebuffer (the back buffer of a window, before its
 * swap) as tightly packed RGBA8 rows, bottom row first. */
static int read_frame(unsigned char *rgba, int width, int height)
{
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    return glGetError() == GL_NO_ERROR;
}

/* Names the GL the demo got, and refuses a GL other than the one
 * ASMGL_DEMO_RENDERER asks for (tests use it, so that a vendor chosen by the
 * wrong libglvnd configuration fails instead of passing on another GL). */
static int check_renderer(const char *name)
{
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    const char *version = (const char *)glGetString(GL_VERSION);
    const char *want = getenv("ASMGL_DEMO_RENDERER");
    fprintf(stderr, "%s: GL_RENDERER = %s, GL_VERSION = %s\n", name, renderer ? renderer : "(null)",
            version ? version : "(null)");
    if (want && *want && (!renderer || !strstr(renderer, want))) {
        fprintf(stderr, "%s: ASMGL_DEMO_RENDERER asks for a renderer named '%s'; this GL is '%s'\n", name, want,
                renderer ? renderer : "(null)");
        return 0;
    }
    return 1;
}

int demo_run(int argc, char **argv, const demo_scene_ops *scene)
{
    demo_options opt;
    int status;
    if (!parse_args(argc, argv, scene, &opt, &status))
        return status;

    demo_surface *surf = opt.headless ? demo_surface_open_headless(opt.width, opt.height, scene->name)
                                      : demo_surface_open_window(opt.width, opt.height, scene->name);
    if (!surf)
        return 1;
    unsigned char *pixels = NULL;
    void *state = NULL;
    status = 1;
    if (!check_renderer(scene->name) || !demo_gl_load(surf->get_proc, scene->extensions))
        goto out;
    state = scene->create(&opt);
    if (!state || !check_gl(scene->name, -1))
        goto out;

    int width = opt.width, height = opt.height, pixels_size = 0, have_pixels = 0;
    double start = now_seconds();
    int done = 0;
    for (int frame = opt.first; opt.frames == 0 || frame < opt.first + opt.frames; frame++) {
        surf->size(surf, &width, &height);
        if (width <= 0 || height <= 0) { /* a minimised window */
            if (!surf->present(surf))
                break;
            continue;
        }
        scene->render(state, frame, width, height);
        if (!check_gl(scene->name, frame))
            goto out;
        done++;
        /* -o keeps the last frame: read it before the swap leaves the back
         * buffer undefined (every frame when the window decides which is last) */
        int last = opt.frames != 0 && frame == opt.first + opt.frames - 1;
        if (opt.output && (last || opt.frames == 0)) {
            if (width * height > pixels_size) {
                unsigned char *p = realloc(pixels, (size_t)width * height * 4);
                if (!p) {
                    fprintf(stderr, "%s: out of memory\n", scene->name);
                    goto out;
                }
                pixels = p;
                pixels_size = width * height;
            }
            if (!read_frame(pixels, width, height)) {
                fprintf(stderr, "%s: glReadPixels failed on frame %d\n", scene->name, frame);
                goto out;
            }
            have_pixels = 1;
        }
        if (!surf->present(surf))
            break;
    }
    double elapsed = now_seconds() - start;
    fprintf(stderr, "%s: %d frame%s at %dx%d in %.3f s (%.2f ms/frame)\n", scene->name, done, done == 1 ? "" : "s",
            width, height, elapsed, done ? elapsed * 1000.0 / done : 0.0);

    if (opt.output) {
        if (!have_pixels) {
            fprintf(stderr, "%s: no frame was rendered, nothing to write to %s\n", scene->name, opt.output);
            goto out;
        }
        if (!demo_png_write(opt.output, pixels, width, height))
            goto out;
    }
    if (opt.screenshot && !surf->screenshot(surf, opt.screenshot))
        goto out;
    status = 0;
out:
    if (state)
        scene->destroy(state);
    free(pixels);
    surf->close(surf);
    return status;
}
