/*
 * demo_main.c - demo_run(): the command line, the asmgl context and the frame
 * loop, headless or windowed.  API thread only.
 */
#include "demo.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asmgl/asmgl.h"
#include "present.h"

#ifndef DEMO_DATA_DIR
#define DEMO_DATA_DIR "demos/data"
#endif

static void usage(FILE *f, const demo_scene_ops *scene)
{
    fprintf(f,
            "usage: %s [--headless] [--frames N] [--first F] [-o FILE.png] [--size WxH]\n"
            "       %*s [--no-shadows] [--data DIR]\n"
            "%s\n"
            "  --headless     render without a window; write the last frame with -o\n"
            "  --frames N     render N frames (default: 1 headless, until closed in a window)\n"
            "  --first F      number of the first frame (the animation clock; default 0)\n"
            "  -o FILE.png    write the last frame to FILE.png\n"
            "  --size WxH     framebuffer size (default 640x480)\n"
            "  --no-shadows   skip the stencil shadow volumes\n"
            "  --data DIR     texture folder (default %s, or $ASMGL_DEMO_DATA)\n"
            "The window closes with Escape or Q.  ASMGL_THREADS sets asmgl's worker count.\n",
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

int demo_run(int argc, char **argv, const demo_scene_ops *scene)
{
    demo_options opt;
    int status;
    if (!parse_args(argc, argv, scene, &opt, &status))
        return status;

    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = opt.width;
    cfg.height = opt.height;
    cfg.depth_bits = 24;
    cfg.stencil_bits = 8;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (!ctx) {
        fprintf(stderr, "%s: asmgl_context_create: %s\n", scene->name, asmgl_last_error());
        return 1;
    }
    present_window *win = NULL;
    unsigned char *pixels = NULL;
    void *state = NULL;
    status = 1;
    if (!asmgl_make_current(ctx)) {
        fprintf(stderr, "%s: asmgl_make_current: %s\n", scene->name, asmgl_last_error());
        goto out;
    }
    if (!demo_gl_load(scene->extensions))
        goto out;
    state = scene->create(&opt);
    if (!state || !check_gl(scene->name, -1))
        goto out;
    if (!opt.headless && !(win = present_open(opt.width, opt.height, scene->name)))
        goto out;

    int width = opt.width, height = opt.height;
    pixels = malloc((size_t)width * height * 4);
    if (!pixels) {
        fprintf(stderr, "%s: out of memory\n", scene->name);
        goto out;
    }
    double start = now_seconds();
    int done = 0;
    for (int frame = opt.first; opt.frames == 0 || frame < opt.first + opt.frames; frame++) {
        if (win) {
            int fw, fh;
            present_framebuffer_size(win, &fw, &fh);
            if (fw > 0 && fh > 0 && (fw != width || fh != height)) {
                unsigned char *p = realloc(pixels, (size_t)fw * fh * 4);
                if (!p || !asmgl_resize(ctx, fw, fh)) {
                    fprintf(stderr, "%s: cannot resize to %dx%d\n", scene->name, fw, fh);
                    if (p)
                        pixels = p;
                    goto out;
                }
                pixels = p;
                width = fw;
                height = fh;
            }
            /* present_frame used the host GL: make ours current again */
            if (!asmgl_make_current(ctx)) {
                fprintf(stderr, "%s: asmgl_make_current: %s\n", scene->name, asmgl_last_error());
                goto out;
            }
        }
        scene->render(state, frame, width, height);
        if (!check_gl(scene->name, frame))
            goto out;
        done++;
        if (win) {
            if (!asmgl_read_color(ctx, pixels)) {
                fprintf(stderr, "%s: asmgl_read_color: %s\n", scene->name, asmgl_last_error());
                goto out;
            }
            if (!present_frame(win, pixels, width, height))
                break;
        } else {
            glFinish(); /* headless stand-in for a buffer swap: finish every frame */
        }
    }
    double elapsed = now_seconds() - start;
    fprintf(stderr, "%s: %d frame%s at %dx%d in %.3f s (%.2f ms/frame)\n", scene->name, done, done == 1 ? "" : "s",
            width, height, elapsed, done ? elapsed * 1000.0 / done : 0.0);

    if (opt.output) {
        if (!asmgl_make_current(ctx) || !asmgl_read_color(ctx, pixels)) {
            fprintf(stderr, "%s: cannot read the frame back: %s\n", scene->name, asmgl_last_error());
            goto out;
        }
        if (!demo_png_write(opt.output, pixels, width, height))
            goto out;
    }
    status = 0;
out:
    if (state) {
        asmgl_make_current(ctx);
        scene->destroy(state);
    }
    present_close(win);
    free(pixels);
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    return status;
}
