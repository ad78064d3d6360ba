/*
 * demo_util.c - images, textures, programs and matrices for the demos.
 * API thread only; GL calls need a current context.
 */
#include "demo.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb_image.h>
#include <stb_image_write.h>

unsigned char *demo_image_load(const char *dir, const char *name, int *width, int *height)
{
    char path[4096];
    int comp;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    stbi_set_flip_vertically_on_load(1); /* PNG top row first -> GL bottom row first */
    unsigned char *px = stbi_load(path, width, height, &comp, 4);
    if (!px) {
        fprintf(stderr, "demo: cannot load %s: %s\n", path, stbi_failure_reason());
        return NULL;
    }
    /* hand back malloc'ed memory so callers need not know about stbi_image_free */
    size_t bytes = (size_t)*width * *height * 4;
    unsigned char *copy = malloc(bytes);
    if (copy)
        memcpy(copy, px, bytes);
    else
        fprintf(stderr, "demo: out of memory loading %s\n", path);
    stbi_image_free(px);
    return copy;
}

int demo_png_write(const char *path, const unsigned char *rgba, int width, int height)
{
    size_t n = (size_t)width * height;
    unsigned char *rgb = malloc(n * 3);
    if (!rgb) {
        fprintf(stderr, "demo: out of memory writing %s\n", path);
        return 0;
    }
    for (size_t i = 0; i < n; i++)
        memcpy(rgb + i * 3, rgba + i * 4, 3);
    stbi_flip_vertically_on_write(1); /* GL bottom row first -> PNG top row first */
    int ok = stbi_write_png(path, width, height, 3, rgb, width * 3);
    stbi_flip_vertically_on_write(0);
    free(rgb);
    if (!ok)
        fprintf(stderr, "demo: cannot write %s\n", path);
    return ok;
}

/* Halves an RGBA8 image with a 2x2 box filter (a side of 1 stays 1). */
static void downsample(const unsigned char *src, int w, int h, unsigned char *dst)
{
    int dw = w > 1 ? w / 2 : 1, dh = h > 1 ? h / 2 : 1;
    for (int y = 0; y < dh; y++) {
        int y0 = h > 1 ? 2 * y : 0, y1 = h > 1 ? 2 * y + 1 : 0;
        for (int x = 0; x < dw; x++) {
            int x0 = w > 1 ? 2 * x : 0, x1 = w > 1 ? 2 * x + 1 : 0;
            for (int c = 0; c < 4; c++) {
                int sum = src[((size_t)y0 * w + x0) * 4 + c] + src[((size_t)y0 * w + x1) * 4 + c] +
                          src[((size_t)y1 * w + x0) * 4 + c] + src[((size_t)y1 * w + x1) * 4 + c];
                dst[((size_t)y * dw + x) * 4 + c] = (unsigned char)((sum + 2) / 4);
            }
        }
    }
}

GLuint demo_texture_load(const char *dir, const char *name)
{
    int w, h;
    unsigned char *level = demo_image_load(dir, name, &w, &h);
    if (!level)
        return 0;
    unsigned char *next = malloc((size_t)(w > 1 ? w / 2 : 1) * (h > 1 ? h / 2 : 1) * 4);
    if (!next) {
        free(level);
        fprintf(stderr, "demo: out of memory loading %s\n", name);
        return 0;
    }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (int lod = 0;; lod++) {
        glTexImage2D(GL_TEXTURE_2D, lod, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, level);
        if (w == 1 && h == 1)
            break;
        downsample(level, w, h, next);
        unsigned char *t = level;
        level = next;
        next = t;
        w = w > 1 ? w / 2 : 1;
        h = h > 1 ? h / 2 : 1;
    }
    free(level);
    free(next);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    return tex;
}

GLuint demo_program_load(GLenum target, const char *text, const char *what)
{
    GLuint prog;
    while (glGetError() != GL_NO_ERROR) {
    }
    glGenProgramsARB(1, &prog);
    glBindProgramARB(target, prog);
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GLenum err = glGetError();
    if (err == GL_NO_ERROR)
        return prog;

    GLint pos = -1;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    fprintf(stderr, "demo: %s program rejected (%s) at byte %d: %s\n", what, demo_gl_error_name(err), (int)pos,
            msg ? msg : "(no error string)");
    if (pos >= 0 && (size_t)pos <= strlen(text)) {
        const char *line = text + pos;
        while (line > text && line[-1] != '\n')
            line--;
        int lineno = 1;
        for (const char *p = text; p < line; p++)
            lineno += *p == '\n';
        fprintf(stderr, "  line %d: %.*s\n", lineno, (int)strcspn(line, "\n"), line);
    }
    glDeleteProgramsARB(1, &prog);
    return 0;
}

static void normalize3(float v[3])
{
    float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    v[0] /= len;
    v[1] /= len;
    v[2] /= len;
}

static void cross3(float r[3], const float a[3], const float b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

void demo_look_at(float m[16], const float eye[3], const float at[3], const float up[3])
{
    float f[3] = {at[0] - eye[0], at[1] - eye[1], at[2] - eye[2]}, s[3], u[3];
    normalize3(f);
    cross3(s, f, up);
    normalize3(s);
    cross3(u, s, f);
    const float r[16] = {
        s[0], u[0], -f[0], 0.0f,
        s[1], u[1], -f[1], 0.0f,
        s[2], u[2], -f[2], 0.0f,
        -(s[0] * eye[0] + s[1] * eye[1] + s[2] * eye[2]),
        -(u[0] * eye[0] + u[1] * eye[1] + u[2] * eye[2]),
        f[0] * eye[0] + f[1] * eye[1] + f[2] * eye[2],
        1.0f,
    };
    memcpy(m, r, sizeof r);
}

const char *demo_gl_error_name(GLenum err)
{
    switch (err) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    default: return "unknown GL error";
    }
}
