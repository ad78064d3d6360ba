/*
 * demo.h - the frame driver shared by the asmgl demos, and their helpers.
 *
 * A demo is a scene (demo_scene_ops) plus a one-line main():
 *
 *     int main(int argc, char **argv) { return demo_run(argc, argv, &my_scene); }
 *
 * demo_run parses the common command line, opens a GL context through
 * libglvnd (surface.h: an EGL pbuffer with --headless, else a GLFW window),
 * calls scene->create once, then scene->render once per frame with that
 * context current, and ends each frame with a swap (or glFinish headless);
 * -o writes the last frame to a PNG.  Frames are
 * numbered from --first; a scene animates from the frame number alone, so a
 * headless run is reproducible.
 *
 * Ownership: the helpers return GL names owned by the current context, and
 * malloc'ed images the caller frees with free().
 * Threads: API thread only.  Errors: helpers print to stderr and return 0/NULL.
 */
#ifndef DEMO_H
#define DEMO_H

#include "demo_gl.h"

typedef struct demo_options {
    int width, height;      /* --size WxH, default 640x480 */
    int frames;             /* --frames N; 0 = until the window closes */
    int first;              /* --first F: number of the first frame */
    int headless;           /* --headless */
    int shadows;            /* 0 with --no-shadows */
    const char *output;     /* -o FILE.png: the last frame, or NULL */
    const char *data_dir;   /* --data DIR: the demo's textures */
    const char *screenshot; /* --screenshot FILE.png: the window as X shows it, or NULL */
} demo_options;

typedef struct demo_scene_ops {
    const char *name;       /* program name, for messages and the window title */
    const char *summary;    /* one line for --help */
    const char *extensions; /* required GL extensions, space separated */
    /* Called once with the context current; returns the scene or NULL. */
    void *(*create)(const demo_options *opt);
    /* Renders frame `frame` into the default framebuffer, width x height. */
    void (*render)(void *scene, int frame, int width, int height);
    void (*destroy)(void *scene);
} demo_scene_ops;

/* Runs a demo; returns the process exit status (0 ok, 1 failure, 2 usage). */
int demo_run(int argc, char **argv, const demo_scene_ops *scene);

/* ---- helpers (demo_util.c) ---- */

/* Loads DIR/NAME (any format stb_image reads) as RGBA8, row 0 at the bottom
 * (GL's order).  Returns a malloc'ed image or NULL. */
unsigned char *demo_image_load(const char *dir, const char *name, int *width, int *height);

/* Writes tightly packed RGBA8 rows, bottom row first, as an RGB PNG. */
int demo_png_write(const char *path, const unsigned char *rgba, int width, int height);

/* A repeating, trilinear-filtered 2D texture with a box-filtered mipmap chain
 * built here.  Returns the texture name or 0. */
GLuint demo_texture_load(const char *dir, const char *name);

/* Compiles an ARB assembly program (GL_VERTEX_PROGRAM_ARB or
 * GL_FRAGMENT_PROGRAM_ARB).  On a compile error prints `what`, the line of
 * the program at GL_PROGRAM_ERROR_POSITION_ARB and the error string, and
 * returns 0. */
GLuint demo_program_load(GLenum target, const char *text, const char *what);

/* Column-major 4x4 view matrix (gluLookAt's). */
void demo_look_at(float m[16], const float eye[3], const float at[3], const float up[3]);

/* Name of a glGetError code. */
const char *demo_gl_error_name(GLenum err);

#endif /* DEMO_H */
