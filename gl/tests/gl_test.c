/* gl_test.c - helpers of gl_test.h (test main thread). */
#include "gl_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

int gt_failures;

static const char *err_name(GLenum e)
{
    switch (e) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    default: return "?";
    }
}

void gt_check_error(const char *file, int line, GLenum expected)
{
    GLenum e = glGetError();
    if (e != expected) {
        fprintf(stderr, "%s:%d: glGetError() = %s (0x%x), want %s\n", file, line, err_name(e), e,
                err_name(expected));
        gt_failures++;
    }
}

void gt_check_int(const char *file, int line, const char *what, long long got, long long want)
{
    if (got != want) {
        fprintf(stderr, "%s:%d: %s = %lld, want %lld\n", file, line, what, got, want);
        gt_failures++;
    }
}

void gt_check_float(const char *file, int line, const char *what, double got, double want,
                    double tol)
{
    if (!(fabs(got - want) <= tol)) {
        fprintf(stderr, "%s:%d: %s = %.9g, want %.9g (tol %g)\n", file, line, what, got, want, tol);
        gt_failures++;
    }
}

void gt_probe(const char *file, int line, int x, int y, float r, float g, float b, float a,
              float tol)
{
    float px[4] = {-1, -1, -1, -1};
    glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, px);
    float want[4] = {r, g, b, a};
    for (int i = 0; i < 4; i++)
        if (!(fabsf(px[i] - want[i]) <= tol)) {
            fprintf(stderr, "%s:%d: pixel (%d,%d) = (%.4f %.4f %.4f %.4f), want (%.4f %.4f %.4f %.4f)\n",
                    file, line, x, y, px[0], px[1], px[2], px[3], r, g, b, a);
            gt_failures++;
            return;
        }
}

asmgl_context *gt_context(int w, int h)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = w;
    cfg.height = h;
    asmgl_context *c = asmgl_context_create(&cfg);
    if (!c || !asmgl_make_current(c)) {
        fprintf(stderr, "cannot create a context: %s\n", asmgl_last_error());
        exit(1);
    }
    return c;
}

GLuint gt_program(GLenum target, const char *text)
{
    GLuint p;
    glGenProgramsARB(1, &p);
    glBindProgramARB(target, p);
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GLenum e = glGetError();
    if (e != GL_NO_ERROR) {
        GLint pos = -2;
        glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
        fprintf(stderr, "program failed to load (error 0x%x at %d): %s\n%s\n", e, pos,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB), text);
        gt_failures++;
    }
    return p;
}

GLuint gt_color_texture(GLuint fb, GLenum ifmt, int w, int h)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ifmt, w, h, 0, GL_RGBA, GL_FLOAT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    return t;
}

int gt_finish(const char *name)
{
    if (gt_failures)
        fprintf(stderr, "%s: %d failure(s)\n", name, gt_failures);
    else
        printf("%s: all passed\n", name);
    return gt_failures != 0;
}
