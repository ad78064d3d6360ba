/*
 * gl_test.h - helpers shared by the gl.* tests: clients of the public API
 * only (<GL/gl.h>, <GL/glext.h>, asmgl/asmgl.h) linked with libasmgl.so.
 *
 * Every check reports file:line and the values involved, and counts
 * failures; a test's main returns gt_finish().
 */
#ifndef GL_TESTS_GL_TEST_H
#define GL_TESTS_GL_TEST_H

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <stdbool.h>
#include <stdio.h>

#include "asmgl/asmgl.h"

extern int gt_failures;

#define GT_CHECK(c)                                                                  \
    do {                                                                             \
        if (!(c)) {                                                                  \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c);    \
            gt_failures++;                                                           \
        }                                                                            \
    } while (0)

/* Expects glGetError() == e. */
#define GT_ERROR(e) gt_check_error(__FILE__, __LINE__, (e))
void gt_check_error(const char *file, int line, GLenum expected);

#define GT_EQ_INT(a, b) gt_check_int(__FILE__, __LINE__, #a, (long long)(a), (long long)(b))
void gt_check_int(const char *file, int line, const char *what, long long got, long long want);

#define GT_NEAR(a, b, tol) gt_check_float(__FILE__, __LINE__, #a, (double)(a), (double)(b), (tol))
void gt_check_float(const char *file, int line, const char *what, double got, double want,
                    double tol);

/* Reads pixel (x, y) of the read framebuffer as RGBA floats and compares
 * with want within tol (per channel). */
#define GT_PROBE(x, y, r, g, b, a, tol) gt_probe(__FILE__, __LINE__, (x), (y), (r), (g), (b), (a), (tol))
void gt_probe(const char *file, int line, int x, int y, float r, float g, float b, float a,
              float tol);

/* Creates a w x h context (depth 24, stencil 8) and makes it current. */
asmgl_context *gt_context(int w, int h);

/* Loads a program string into a new object bound to target; returns the
 * name.  Expects success unless expect_fail. */
GLuint gt_program(GLenum target, const char *text);

/* A w x h texture of internal format ifmt (NEAREST, no data) attached as
 * colour 0 of framebuffer fb, which is left bound and checked complete;
 * returns the texture (left bound to TEXTURE_2D). */
GLuint gt_color_texture(GLuint fb, GLenum ifmt, int w, int h);

int gt_finish(const char *name);

#endif /* GL_TESTS_GL_TEST_H */
