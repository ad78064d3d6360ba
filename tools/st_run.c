/*
 * st_run.c - runs a parsed shader_test on the current context (st_run.h).
 *
 * Each command does what piglit's shader_runner (tests/shaders/shader_runner.c)
 * and its helpers in tests/util/piglit-util-gl.c do: the same rectangles,
 * texture images, projection matrices, probe arithmetic and tolerances, so a
 * test passes here exactly when it passes under shader_runner on the same
 * implementation.  Differences are deliberate and listed in
 * docs/shader_test.md.  Thread: the context's thread.
 */
#include "st_run.h"

#include "gl_loader.h"
#include "gl_names.h"
#include "program.h"
#include "util.h"

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define ST_MAX_TEXTURES 32

/* A buffer object made by parameter buffer, bound at (target, index). */
struct param_buffer {
    GLenum target;
    GLuint index, buffer;
};

struct runner {
    const struct shader_test *t;
    int width, height; /* the window */
    char *extensions;
    int gl_version;   /* 45 for 4.5 */
    bool gl_es;
    int glsl_version; /* 450 for 4.50, 0 without GLSL */
    bool glsl_es;
    float tolerance[4];
    GLbitfield clear_bits;
    GLuint textures[ST_MAX_TEXTURES];
    GLenum tex_target[ST_MAX_TEXTURES];      /* of textures[unit], for fb tex 2d */
    GLenum tex_internal[ST_MAX_TEXTURES];    /* internal format of level 0 */
    int tex_width[ST_MAX_TEXTURES], tex_height[ST_MAX_TEXTURES]; /* 0: no size recorded */
    GLuint tex_buffers[ST_MAX_TEXTURES];     /* the buffer object of a texture buffer */
    struct param_buffer *param_buffers;
    size_t nparam_buffers, param_buffer_cap;
    struct st_mem *mem; /* the memory commands' buffers (st_memory.c) */
    GLuint vbo;       /* [vertex data] in a buffer object, 0 when client memory */
    GLuint *programs; /* one per program section, 0 until loaded */
    size_t nprograms;

    /* The framebuffer that draws and probes use (fb commands): the window
     * (fbo 0, format NULL) or an FBO with renderbuffers made by fb ms/rb. */
    GLuint fbo, fb_renderbuffers[2];
    int fb_width, fb_height;
    const struct st_format *fb_format; /* NULL: the window's RGBA8 */
};

/* piglit_tolerance's initial value: shader_runner never changes it except
 * through the tolerance command. */
static const float st_default_tolerance[4] = { 0.01f, 0.01f, 0.01f, 0.01f };

/* piglit_rgbw_image() colours (alpha 1: shader_runner asks for no alpha). */
static const float st_red[4] = { 1, 0, 0, 1 }, st_green[4] = { 0, 1, 0, 1 },
                   st_blue[4] = { 0, 0, 1, 1 }, st_white[4] = { 1, 1, 1, 1 };
static const float *const st_color_wheel[4] = { st_red, st_green, st_blue, st_white };

/* ---- implementation queries and requirements ----------------------------- */

/* "4.5 (Compatibility Profile) Mesa", "OpenGL ES 3.2 ...": major*scale+minor. */
static int parse_version_string(const char *s, int scale, bool *es)
{
    int major = 0, minor = 0;
    *es = false;
    if (!s)
        return 0;
    const char *es_prefixes[] = { "OpenGL ES GLSL ES ", "OpenGL ES-CM ", "OpenGL ES-CL ", "OpenGL ES " };
    for (size_t i = 0; i < sizeof es_prefixes / sizeof es_prefixes[0]; i++) {
        size_t n = strlen(es_prefixes[i]);
        if (strncmp(s, es_prefixes[i], n) == 0) {
            *es = true;
            s += n;
            break;
        }
    }
    if (sscanf(s, "%d.%d", &major, &minor) != 2)
        return 0;
    return major * scale + minor;
}

static bool compare(long value, enum st_cmp cmp, long ref)
{
    switch (cmp) {
    case ST_CMP_EQ: return value == ref;
    case ST_CMP_NE: return value != ref;
    case ST_CMP_LT: return value < ref;
    case ST_CMP_LE: return value <= ref;
    case ST_CMP_GT: return value > ref;
    case ST_CMP_GE: return value >= ref;
    }
    return false;
}

static const char *cmp_name(enum st_cmp cmp)
{
    static const char *const names[] = { "==", "!=", "<", "<=", ">", ">=" };
    return names[cmp];
}

static enum st_result check_requirement(struct runner *r, const struct st_require *q)
{
    switch (q->kind) {
    case ST_REQ_EXTENSION:
        if (!gll_has_extension(r->extensions, q->name)) {
            printf("Test requires unsupported extension %s\n", q->name);
            return ST_SKIP;
        }
        break;
    case ST_REQ_NO_EXTENSION:
        if (gll_has_extension(r->extensions, q->name)) {
            printf("Test requires the absence of extension %s\n", q->name);
            return ST_SKIP;
        }
        break;
    case ST_REQ_GL_VERSION:
    case ST_REQ_GLSL_VERSION: {
        bool glsl = q->kind == ST_REQ_GLSL_VERSION;
        int have = glsl ? r->glsl_version : r->gl_version;
        bool have_es = glsl ? r->glsl_es : r->gl_es;
        int scale = glsl ? 100 : 10;
        if (have_es != q->es || !compare(have, q->cmp, q->value)) {
            printf("Test requires %s%s %s %ld.%ld.  Actual version is %s%s %d.%d.\n",
                   glsl ? "GLSL" : "GL", q->es ? " ES" : "", cmp_name(q->cmp), q->value / scale,
                   q->value % scale, glsl ? "GLSL" : "GL", have_es ? " ES" : "", have / scale,
                   have % scale);
            return ST_SKIP;
        }
        break;
    }
    case ST_REQ_INT: {
        GLint v = 0;
        while (glGetError() != GL_NO_ERROR)
            ;
        glGetIntegerv(q->gl_enum, &v);
        if (glGetError() != GL_NO_ERROR) {
            printf("%s:%d: error reading %s\n", r->t->path, q->line, q->name);
            return ST_FAIL;
        }
        if (!compare(v, q->cmp, q->value)) {
            printf("Test requires %s %s %ld.  The driver supports %d.\n", q->name, cmp_name(q->cmp),
                   q->value, v);
            return ST_SKIP;
        }
        break;
    }
    case ST_REQ_RLIMIT: {
        /* piglit_set_rlimit(): bound the address space of the test. */
        struct rlimit lim = { (rlim_t)q->value, (rlim_t)q->value };
        if (setrlimit(RLIMIT_AS, &lim) != 0)
            fprintf(stderr, "%s:%d: warning: setrlimit failed\n", r->t->path, q->line);
        break;
    }
    case ST_REQ_UNSUPPORTED:
        printf("Test requires '%s', which asmgl does not support (line %d)\n", q->name, q->line);
        return ST_SKIP;
    }
    return ST_PASS;
}

/* ---- drawing -------------------------------------------------------------- */

/* [vertex data] arrays stay enabled for the whole test; conventional arrays
 * are set again after draw rect borrows them.  As in shader_runner the rows
 * live in a buffer object (vertex.id is defined only for arrays in buffer
 * objects, NV_vertex_program4 section 2.X.3.2), or in client memory where
 * the library has no buffer objects.  GL_ARRAY_BUFFER is left unbound, so
 * draw rect's client arrays work. */
static void setup_vertex_data(struct runner *r)
{
    const struct st_vertex_data *vd = &r->t->vdata;
    if (!r->t->has_vertex_data || vd->nrows == 0)
        return;
    bool use_vbo = gll.GenBuffers && gll.BindBuffer && gll.BufferData;
    if (use_vbo && !r->vbo) {
        GLL(GenBuffers)(1, &r->vbo);
        GLL(BindBuffer)(GL_ARRAY_BUFFER, r->vbo);
        GLL(BufferData)(GL_ARRAY_BUFFER, (GLsizeiptr)(vd->nrows * vd->stride), vd->rows, GL_STATIC_DRAW);
    } else if (use_vbo) {
        GLL(BindBuffer)(GL_ARRAY_BUFFER, r->vbo);
    }
    GLsizei stride = (GLsizei)vd->stride;
    for (size_t i = 0; i < vd->nattribs; i++) {
        const struct st_attrib *a = &vd->attribs[i];
        /* An offset into the buffer object, or a client pointer. */
        const void *ptr = use_vbo ? (const void *)(uintptr_t)a->offset : (const void *)(vd->rows + a->offset);
        switch (a->kind) {
        case ST_ATTR_GENERIC:
            if (a->lng && gll.VertexAttribLPointerEXT) /* (asmgl) 64-bit: EXT_vertex_attrib_64bit */
                GLL(VertexAttribLPointerEXT)(a->index, a->components, a->gl_type, stride, ptr);
            else if (a->lng)
                fprintf(stderr, "%s: glVertexAttribLPointerEXT is missing; 64-bit column %zu not set\n",
                        r->t->path, i);
            else if (a->integer)
                GLL(VertexAttribIPointer)(a->index, a->components, a->gl_type, stride, ptr);
            else
                GLL(VertexAttribPointerARB)(a->index, a->components, a->gl_type, GL_FALSE, stride, ptr);
            GLL(EnableVertexAttribArrayARB)(a->index);
            break;
        case ST_ATTR_VERTEX:
            glVertexPointer(a->components, a->gl_type, stride, ptr);
            glEnableClientState(GL_VERTEX_ARRAY);
            break;
        case ST_ATTR_COLOR:
            glColorPointer(a->components, a->gl_type, stride, ptr);
            glEnableClientState(GL_COLOR_ARRAY);
            break;
        case ST_ATTR_SECONDARY:
            GLL(SecondaryColorPointer)(a->components, a->gl_type, stride, ptr);
            glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
            break;
        case ST_ATTR_NORMAL:
            glNormalPointer(a->gl_type, stride, ptr);
            glEnableClientState(GL_NORMAL_ARRAY);
            break;
        case ST_ATTR_TEXCOORD:
            GLL(ClientActiveTexture)(GL_TEXTURE0 + a->index);
            glTexCoordPointer(a->components, a->gl_type, stride, ptr);
            glEnableClientState(GL_TEXTURE_COORD_ARRAY);
            GLL(ClientActiveTexture)(GL_TEXTURE0);
            break;
        case ST_ATTR_FOGCOORD:
            GLL(FogCoordPointer)(a->gl_type, stride, ptr);
            glEnableClientState(GL_FOG_COORD_ARRAY);
            break;
        }
    }
    if (use_vbo)
        GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
}

/* Whether draw rect's arrays clobber a [vertex data] array: the conventional
 * vertex and texture coordinate arrays.  Generic attribute array 0 is a
 * separate array (ARB_vertex_program section 2.8): as in shader_runner, it
 * stays enabled and wins over the vertex array. */
static bool vertex_data_uses_conventional(const struct shader_test *t)
{
    for (size_t i = 0; t->has_vertex_data && i < t->vdata.nattribs; i++) {
        const struct st_attrib *a = &t->vdata.attribs[i];
        if (a->kind == ST_ATTR_VERTEX || a->kind == ST_ATTR_TEXCOORD)
            return true;
    }
    return false;
}

/* piglit_draw_rect_custom()/piglit_draw_rect_tex(): a 4-vertex triangle strip
 * (or patch) with z = 0, w = 1, through the conventional vertex array (ARB
 * programs have no piglit_vertex attribute), texture coordinates on unit 0. */
static void draw_rect(struct runner *r, const float *rect, const float *tex, bool patch,
                      int instances)
{
    const float x = rect[0], y = rect[1], w = rect[2], h = rect[3];
    const float verts[4][4] = {
        { x, y, 0, 1 }, { x + w, y, 0, 1 }, { x, y + h, 0, 1 }, { x + w, y + h, 0, 1 },
    };
    float tc[4][2];

    const bool restore = vertex_data_uses_conventional(r->t);
    glVertexPointer(4, GL_FLOAT, 0, verts);
    glEnableClientState(GL_VERTEX_ARRAY);
    if (tex) {
        const float tx = tex[0], ty = tex[1], tw = tex[2], th = tex[3];
        const float t4[4][2] = { { tx, ty }, { tx + tw, ty }, { tx, ty + th }, { tx + tw, ty + th } };
        memcpy(tc, t4, sizeof tc);
        glTexCoordPointer(2, GL_FLOAT, 0, tc);
        glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    }

    GLenum mode = GL_TRIANGLE_STRIP;
    GLint old_patch_vertices = 0;
    if (patch) {
        mode = GL_PATCHES;
        glGetIntegerv(GL_PATCH_VERTICES, &old_patch_vertices);
        GLL(PatchParameteri)(GL_PATCH_VERTICES, 4);
    }
    if (instances > 1)
        GLL(DrawArraysInstanced)(mode, 0, 4, instances);
    else
        glDrawArrays(mode, 0, 4);
    if (patch)
        GLL(PatchParameteri)(GL_PATCH_VERTICES, old_patch_vertices);

    glDisableClientState(GL_VERTEX_ARRAY);
    if (tex)
        glDisableClientState(GL_TEXTURE_COORD_ARRAY);
    if (restore)
        setup_vertex_data(r);
}

/* piglit_gen_ortho_projection() / piglit_frustum_projection(). */
static void projection(bool ortho, const double *v)
{
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    if (ortho)
        glOrtho(v[0], v[1], v[2], v[3], v[4], v[5]);
    else
        glFrustum(v[0], v[1], v[2], v[3], v[4], v[5]);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

/* ---- probes --------------------------------------------------------------- */

/* C's truncating float-to-int conversion, defined for every input: NaN and
 * out-of-range values become INT_MIN/INT_MAX, which no window contains. */
static int to_int(float v)
{
    if (!(v > (float)INT_MIN))
        return INT_MIN;
    if (v >= (float)INT_MAX)
        return INT_MAX;
    return (int)v;
}

static bool in_window(struct runner *r, int x, int y, int w, int h)
{
    return x >= 0 && y >= 0 && w >= 0 && h >= 0 && w <= r->fb_width && h <= r->fb_height &&
           x <= r->fb_width - w && y <= r->fb_height - h;
}

static const char *fb_noun(const struct runner *r)
{
    return r->fbo ? "framebuffer" : "window";
}

/* Colour probes read floats from float framebuffers (fb rb GL_RGBA32F) and
 * bytes otherwise; integer framebuffers need the int/uint probes. */
static bool fb_is_float(const struct runner *r)
{
    return r->fb_format && r->fb_format->type == GL_FLOAT;
}

static bool fb_color_probe_ok(const struct runner *r)
{
    if (r->fb_format && r->fb_format->kind != ST_VAL_FLOAT) {
        printf("The colour buffer is an integer one (%s): use probe rgba int/uint\n",
               gln_name(r->fb_format->internal) ? gln_name(r->fb_format->internal) : "?");
        return false;
    }
    return true;
}

/* Whether the glReadPixels just done worked; a multisample framebuffer
 * (fb tex slice 2DMS) cannot be read (GL_INVALID_OPERATION). */
static bool read_ok(void)
{
    GLenum e = glGetError();
    if (e == GL_NO_ERROR)
        return true;
    printf("Reading pixels failed with %s%s\n", prog_gl_error_name(e),
           e == GL_INVALID_OPERATION ? " (a multisample framebuffer cannot be read: read its "
                                       "samples with TXFMS)" : "");
    while (glGetError() != GL_NO_ERROR)
        ;
    return false;
}

/* piglit_probe_pixel_rgb[a](): float comparison, |observed - expected| <= tol.
 * The pixel is read as RGBA8 and converted as GL converts UNORM8 to float. */
static bool probe_pixel(struct runner *r, int x, int y, int comps, const float *expected)
{
    unsigned char px[4];
    float probe[4];

    if (!in_window(r, x, y, 1, 1)) {
        printf("Probe at (%d,%d) is outside the %dx%d %s\n", x, y, r->fb_width, r->fb_height,
               fb_noun(r));
        return false;
    }
    if (!fb_color_probe_ok(r))
        return false;
    if (fb_is_float(r)) {
        glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, probe);
        if (!read_ok())
            return false;
    } else {
        glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (!read_ok())
            return false;
        for (int i = 0; i < 4; i++)
            probe[i] = (float)px[i] * (1.0f / 255.0f);
    }
    bool pass = true;
    for (int i = 0; i < comps; i++)
        if (fabsf(probe[i] - expected[i]) > r->tolerance[i])
            pass = false;
    if (pass)
        return true;
    printf("Probe color at (%d,%d)\n  Expected:", x, y);
    for (int i = 0; i < comps; i++)
        printf(" %f", expected[i]);
    printf("\n  Observed:");
    for (int i = 0; i < comps; i++)
        printf(" %f", probe[i]);
    printf("\n");
    return false;
}

/* piglit's probe_rect() for float framebuffers: |observed - expected| <=
 * tolerance in floats; reports the first failing pixel. */
static bool probe_rect_float(struct runner *r, int x, int y, int w, int h, int comps,
                             const float *expected)
{
    size_t n;
    if (!util_mul((size_t)w * 4, (size_t)h, &n) || !util_mul(n, sizeof(float), &n))
        return false;
    float *px = malloc(n);
    if (!px) {
        printf("out of memory reading %dx%d pixels\n", w, h);
        return false;
    }
    glReadPixels(x, y, w, h, GL_RGBA, GL_FLOAT, px);
    if (!read_ok()) {
        free(px);
        return false;
    }
    for (int j = 0; j < h; j++) {
        for (int i = 0; i < w; i++) {
            const float *p = px + ((size_t)j * (size_t)w + (size_t)i) * 4;
            int c;
            for (c = 0; c < comps; c++)
                if (!(fabsf(p[c] - expected[c]) <= r->tolerance[c]))
                    break;
            if (c == comps)
                continue;
            printf("Probe color at (%d,%d)\n  Expected:", x + i, y + j);
            for (c = 0; c < comps; c++)
                printf(" %f", expected[c]);
            printf("\n  Observed:");
            for (c = 0; c < comps; c++)
                printf(" %f", p[c]);
            printf("\n");
            free(px);
            return false;
        }
    }
    free(px);
    return true;
}

/* piglit_probe_rect_rgba_int() / _uint(): the rectangle read as
 * GL_RGBA_INTEGER, every component equal to expected (32-bit patterns). */
static bool probe_rect_int(struct runner *r, int x, int y, int w, int h, bool is_uint,
                           const int *expected)
{
    size_t n;
    if (!in_window(r, x, y, w, h)) {
        if (w == 1 && h == 1)
            printf("Probe at (%d,%d) is outside the %dx%d %s\n", x, y, r->fb_width, r->fb_height,
                   fb_noun(r));
        else
            printf("Probe rectangle (%d,%d) %dx%d is outside the %dx%d %s\n", x, y, w, h,
                   r->fb_width, r->fb_height, fb_noun(r));
        return false;
    }
    if (w == 0 || h == 0)
        return true;
    if (!util_mul((size_t)w * 4, (size_t)h, &n) || !util_mul(n, sizeof(GLint), &n))
        return false;
    GLint *px = malloc(n);
    if (!px) {
        printf("out of memory reading %dx%d pixels\n", w, h);
        return false;
    }
    glReadPixels(x, y, w, h, GL_RGBA_INTEGER, is_uint ? GL_UNSIGNED_INT : GL_INT, px);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        printf("Reading integer pixels failed with %s: the colour buffer must be an integer one "
               "(fb rb GL_RGBA32I, fb tex 2d with a texture integer)\n", prog_gl_error_name(err));
        free(px);
        return false;
    }
    for (int j = 0; j < h; j++) {
        for (int i = 0; i < w; i++) {
            const GLint *p = px + ((size_t)j * (size_t)w + (size_t)i) * 4;
            if (memcmp(p, expected, 4 * sizeof *p) == 0)
                continue;
            const char *f = is_uint ? " %u" : " %d";
            printf("Probe color at (%d,%d)\n  Expected:", x + i, y + j);
            for (int c = 0; c < 4; c++)
                printf(f, expected[c]);
            printf("\n  Observed:");
            for (int c = 0; c < 4; c++)
                printf(f, p[c]);
            printf("\n");
            free(px);
            return false;
        }
    }
    free(px);
    return true;
}

/* piglit's probe_rect_ubyte(), used for RGBA8 framebuffers: the expected
 * colour truncated to bytes, the tolerance rounded up to bytes.  Expected
 * values outside [0, 1] are clamped (piglit's conversion is undefined there). */
static bool probe_rect(struct runner *r, int x, int y, int w, int h, int comps, const float *expected)
{
    unsigned char want[4], tol[4];
    size_t bytes;

    if (!in_window(r, x, y, w, h)) {
        printf("Probe rectangle (%d,%d) %dx%d is outside the %dx%d %s\n", x, y, w, h, r->fb_width,
               r->fb_height, fb_noun(r));
        return false;
    }
    if (w == 0 || h == 0)
        return true;
    if (!fb_color_probe_ok(r))
        return false;
    if (fb_is_float(r))
        return probe_rect_float(r, x, y, w, h, comps, expected);
    for (int i = 0; i < comps; i++) {
        float e = expected[i] * 255.0f;
        want[i] = (unsigned char)(e != e ? 0 : e < 0 ? 0 : e > 255 ? 255 : e);
        float t = ceilf(r->tolerance[i] * 255.0f);
        tol[i] = (unsigned char)(t != t ? 255 : t < 0 ? 0 : t > 255 ? 255 : t);
    }
    if (!util_mul((size_t)w * 4, (size_t)h, &bytes))
        return false;
    unsigned char *px = malloc(bytes);
    if (!px) {
        printf("out of memory reading %dx%d pixels\n", w, h);
        return false;
    }
    glReadPixels(x, y, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    if (!read_ok()) {
        free(px);
        return false;
    }
    for (int j = 0; j < h; j++) {
        for (int i = 0; i < w; i++) {
            const unsigned char *p = px + ((size_t)j * (size_t)w + (size_t)i) * 4;
            int c;
            for (c = 0; c < comps; c++)
                if (abs((int)p[c] - (int)want[c]) > tol[c])
                    break;
            if (c == comps)
                continue;
            printf("Probe color at (%d,%d)\n  Expected:", x + i, y + j);
            for (c = 0; c < comps; c++)
                printf(" %u", want[c]);
            printf("\n  Observed:");
            for (c = 0; c < comps; c++)
                printf(" %u", p[c]);
            printf("\n");
            free(px);
            return false;
        }
    }
    free(px);
    return true;
}

/* piglit_probe_pixel_depth(): |observed - expected| < 0.01. */
static bool probe_depth(struct runner *r, int x, int y, float expected)
{
    float probe = 0;
    if (!r->t->depthbuffer) {
        printf("probe depth needs a depth buffer: add 'depthbuffer' to [require]\n");
        return false;
    }
    if (!in_window(r, x, y, 1, 1)) {
        printf("Probe at (%d,%d) is outside the %dx%d %s\n", x, y, r->fb_width, r->fb_height,
               fb_noun(r));
        return false;
    }
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &probe);
    if (fabsf(probe - expected) < 0.01f)
        return true;
    printf("Probe depth at (%d,%d)\n  Expected: %f\n  Observed: %f\n", x, y, expected, probe);
    return false;
}

/* ---- textures ------------------------------------------------------------- */

/* set_texture_binding(): a new texture on a unit replaces (deletes) the old. */
static GLuint new_texture(struct runner *r, int unit, GLenum target)
{
    GLuint tex = 0;
    GLL(ActiveTexture)(GL_TEXTURE0 + (GLenum)unit);
    if (r->textures[unit])
        glDeleteTextures(1, &r->textures[unit]);
    if (r->tex_buffers[unit])
        GLL(DeleteBuffers)(1, &r->tex_buffers[unit]);
    r->tex_buffers[unit] = 0;
    glGenTextures(1, &tex);
    glBindTexture(target, tex);
    r->textures[unit] = tex;
    r->tex_target[unit] = target;
    r->tex_internal[unit] = GL_RGBA;
    r->tex_width[unit] = r->tex_height[unit] = 0;
    return tex;
}

/* Level 0's size and format, for fb tex 2d. */
static void texture_record(struct runner *r, int unit, int w, int h, GLenum internal)
{
    r->tex_width[unit] = w;
    r->tex_height[unit] = h;
    r->tex_internal[unit] = internal;
}

/* A new buffer object holding n 32-bit words.  Uploaded through
 * GL_ARRAY_BUFFER, which every buffer-object implementation has, and left
 * unbound: the runner's vertex arrays are client memory. */
static GLuint new_buffer(const uint32_t *words, size_t n)
{
    GLuint buf = 0;
    GLL(GenBuffers)(1, &buf);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, buf);
    GLL(BufferData)(GL_ARRAY_BUFFER, (GLsizeiptr)(n * sizeof *words), words, GL_STATIC_DRAW);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    return buf;
}

/* A command that sets up state fails when GL reports an error (as
 * shader_runner's fb and texture storage do), naming the error. */
static bool no_gl_error(const char *what)
{
    GLenum e = glGetError();
    if (e == GL_NO_ERROR)
        return true;
    printf("%s failed with %s\n", what, prog_gl_error_name(e));
    while (glGetError() != GL_NO_ERROR)
        ;
    return false;
}

static void tex_params(GLenum target, GLenum wrap, GLenum filter)
{
    glTexParameteri(target, GL_TEXTURE_WRAP_S, (GLint)wrap);
    glTexParameteri(target, GL_TEXTURE_WRAP_T, (GLint)wrap);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, (GLint)filter);
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, (GLint)filter);
}

/* An RGBA float image; sizes were bounded by the parser. */
static float *alloc_texels(size_t w, size_t h, size_t d)
{
    float *p = malloc(w * h * d * 4 * sizeof(float));
    if (!p) {
        fprintf(stderr, "asmgl: out of memory for a %zux%zux%zu texture\n", w, h, d);
        exit(ST_FAIL);
    }
    return p;
}

static void fill(float *texel, const float *color)
{
    memcpy(texel, color, 4 * sizeof(float));
}

/* piglit_rgbw_texture(fmt, w, h, no mip, no alpha): quadrants red (bottom
 * left), green, blue, white, nearest filtering, clamped to edge. */
static void texture_rgbw(struct runner *r, const struct st_command *c)
{
    int w = c->i[1], h = c->i[2];
    GLint fmt = c->ne ? (GLint)c->e[0] : GL_RGBA;
    float *data = alloc_texels((size_t)w, (size_t)h, 1);
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            const float *color = x < w / 2 && y < h / 2 ? st_red
                                 : y < h / 2            ? st_green
                                 : x < w / 2            ? st_blue
                                                        : st_white;
            fill(data + ((size_t)y * (size_t)w + (size_t)x) * 4, color);
        }
    }
    new_texture(r, c->i[0], GL_TEXTURE_2D);
    tex_params(GL_TEXTURE_2D, GL_CLAMP_TO_EDGE, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, fmt, w, h, 0, GL_RGBA, GL_FLOAT, data);
    texture_record(r, c->i[0], w, h, (GLenum)fmt);
    free(data);
    glEnable(GL_TEXTURE_2D);
}

/* piglit_rgbw_texture_1d() and _3d(). */
static void texture_rgbw_1d_3d(struct runner *r, const struct st_command *c)
{
    static const float img1d[] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1 };
    static const float img3d[] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 1, 1, 1, 1,
                                   1, 1, 0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1 };
    if (c->op == ST_OP_TEX_RGBW_1D) {
        new_texture(r, c->i[0], GL_TEXTURE_1D);
        tex_params(GL_TEXTURE_1D, GL_CLAMP_TO_EDGE, GL_NEAREST);
        glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA, 4, 0, GL_RGBA, GL_FLOAT, img1d);
    } else {
        new_texture(r, c->i[0], GL_TEXTURE_3D);
        tex_params(GL_TEXTURE_3D, GL_CLAMP_TO_EDGE, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
        GLL(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA, 2, 2, 2, 0, GL_RGBA, GL_FLOAT, img3d);
    }
}

/* piglit_array_texture(): layer i is red, green, blue, white, red, ... */
static void texture_array(struct runner *r, const struct st_command *c)
{
    GLenum target = (GLenum)c->variant;
    bool is1d = target == GL_TEXTURE_1D_ARRAY;
    int w = c->i[1], h = is1d ? 1 : c->i[2], layers = is1d ? c->i[2] : c->i[3];
    float *data = alloc_texels((size_t)w, (size_t)h, 1);

    new_texture(r, c->i[0], target);
    tex_params(target, GL_CLAMP_TO_EDGE, GL_NEAREST);
    if (is1d)
        glTexImage2D(target, 0, GL_RGBA, w, layers, 0, GL_RGBA, GL_FLOAT, NULL);
    else
        GLL(TexImage3D)(target, 0, GL_RGBA, w, h, layers, 0, GL_RGBA, GL_FLOAT, NULL);
    for (int l = 0; l < layers; l++) {
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            fill(data + i * 4, st_color_wheel[l % 4]);
        if (is1d)
            glTexSubImage2D(target, 0, 0, l, w, 1, GL_RGBA, GL_FLOAT, data);
        else
            GLL(TexSubImage3D)(target, 0, 0, 0, l, w, h, 1, GL_RGBA, GL_FLOAT, data);
    }
    texture_record(r, c->i[0], w, h, GL_RGBA); /* h is 1 for a 1D array */
    free(data);
}

/* piglit_miptree_texture(): 8x8 with levels red, green, blue, white. */
static void texture_miptree(struct runner *r, const struct st_command *c)
{
    float data[8 * 8 * 4];
    new_texture(r, c->i[0], GL_TEXTURE_2D);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    for (int level = 0; level < 4; level++) {
        int size = 8 >> level;
        for (int i = 0; i < size * size; i++)
            fill(data + i * 4, st_color_wheel[level]);
        glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA, size, size, 0, GL_RGBA, GL_FLOAT, data);
    }
    texture_record(r, c->i[0], 8, 8, GL_RGBA);
    glEnable(GL_TEXTURE_2D);
}

/* piglit_quads_texture() / piglit_checkerboard_texture(): squares of colours
 * bl, br, tl, tr; nearest filtering, border-clamped with a red border. */
static void texture_quads(struct runner *r, const struct st_command *c)
{
    static const float border[4] = { 1, 0, 0, 1 };
    int level = c->i[1], w = c->i[2], h = c->i[3];
    const float *bl, *br, *tl, *tr;
    int sw, sh;
    if (c->variant) {
        /* Checkerboard: squares of half the size; shader_runner would divide
         * by zero for a 1-texel side, asmgl uses 1-texel squares. */
        sw = w / 2 > 0 ? w / 2 : 1;
        sh = h / 2 > 0 ? h / 2 : 1;
        bl = c->f; br = c->f + 4; tl = c->f + 4; tr = c->f;
    } else {
        sw = c->i[4];
        sh = c->i[5];
        bl = c->f; br = c->f + 4; tl = c->f + 8; tr = c->f + 12;
    }
    float *data = alloc_texels((size_t)w, (size_t)h, 1);
    for (int y = 0; y < h; y++) {
        int row = y / sh;
        for (int x = 0; x < w; x++) {
            int col = x / sw;
            const float *color = (row & 1) ? ((col & 1) ? tr : tl) : ((col & 1) ? br : bl);
            fill(data + ((size_t)y * (size_t)w + (size_t)x) * 4, color);
        }
    }
    new_texture(r, c->i[0], GL_TEXTURE_2D);
    tex_params(GL_TEXTURE_2D, GL_CLAMP_TO_BORDER, GL_NEAREST);
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    glTexImage2D(GL_TEXTURE_2D, level, GL_RGBA, w, h, 0, GL_RGBA, GL_FLOAT, data);
    if (level == 0)
        texture_record(r, c->i[0], w, h, GL_RGBA);
    free(data);
    glEnable(GL_TEXTURE_2D);
}

/* piglit_depth_texture(target, GL_DEPTH_COMPONENT, ...): depth x/(w-1) along
 * x, then compare mode on with GL_GREATER. */
static void texture_shadow(struct runner *r, const struct st_command *c)
{
    GLenum target = (GLenum)c->variant;
    int w = c->i[1], h = 1, layers = 1;
    if (target == GL_TEXTURE_2D || target == GL_TEXTURE_RECTANGLE || target == GL_TEXTURE_1D_ARRAY)
        h = c->i[2];
    else if (target == GL_TEXTURE_2D_ARRAY) {
        h = c->i[2];
        layers = c->i[3];
    } else if (target == GL_TEXTURE_CUBE_MAP_ARRAY) {
        h = w; /* (asmgl) W x W faces, 6 * LAYERS layer-faces */
        layers = 6 * c->i[2];
    }
    float *data = malloc((size_t)w * (size_t)h * sizeof(float));
    if (!data) {
        fprintf(stderr, "asmgl: out of memory for a %dx%d depth texture\n", w, h);
        exit(ST_FAIL);
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            data[(size_t)y * (size_t)w + (size_t)x] = (float)x / (float)(w - 1);

    new_texture(r, c->i[0], target);
    tex_params(target, GL_CLAMP_TO_EDGE, GL_NEAREST);
    switch (target) {
    case GL_TEXTURE_CUBE_MAP_ARRAY: {
        /* (asmgl) depth rises through the layer-faces: texel x of layer-face
         * k (= 6 * layer + face) is (x + W * k) / (W * 6 * LAYERS - 1) */
        GLL(TexImage3D)(target, 0, GL_DEPTH_COMPONENT, w, h, layers, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
        for (int k = 0; k < layers; k++) {
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++)
                    data[(size_t)y * (size_t)w + (size_t)x] = (float)(x + w * k) / (float)(w * layers - 1);
            GLL(TexSubImage3D)(target, 0, 0, 0, k, w, h, 1, GL_DEPTH_COMPONENT, GL_FLOAT, data);
        }
        break;
    }
    case GL_TEXTURE_1D:
        glTexImage1D(target, 0, GL_DEPTH_COMPONENT, w, 0, GL_DEPTH_COMPONENT, GL_FLOAT, data);
        break;
    case GL_TEXTURE_2D_ARRAY:
        GLL(TexImage3D)(target, 0, GL_DEPTH_COMPONENT, w, h, layers, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
        for (int l = 0; l < layers; l++)
            GLL(TexSubImage3D)(target, 0, 0, 0, l, w, h, 1, GL_DEPTH_COMPONENT, GL_FLOAT, data);
        break;
    default:
        glTexImage2D(target, 0, GL_DEPTH_COMPONENT, w, h, 0, GL_DEPTH_COMPONENT, GL_FLOAT, data);
        break;
    }
    free(data);
    glTexParameteri(target, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(target, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
    if (target == GL_TEXTURE_2D)
        glEnable(GL_TEXTURE_2D);
}

/* texture junk 2DArray: storage with undefined contents. */
static void texture_junk(struct runner *r, const struct st_command *c)
{
    new_texture(r, c->i[0], GL_TEXTURE_2D_ARRAY);
    GLL(TexImage3D)(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, c->i[1], c->i[2], c->i[3], 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, NULL);
    texture_record(r, c->i[0], c->i[1], c->i[2], GL_RGBA);
}

/* The pixel transfer format and type glTexImage needs to allocate a level of
 * internal (no data is passed, but they must match its kind). */
/* Integer internal formats (EXT_texture_integer, ARB_texture_rg,
 * ARB_texture_rgb10_a2ui) outside the st_format table: 1 signed, 2
 * unsigned, 0 neither.  Their images take only *_INTEGER client data. */
static int integer_internal(GLenum internal)
{
    static const GLenum sgn[] = { GL_R8I, GL_R16I, GL_R32I, GL_RG8I, GL_RG16I, GL_RG32I, GL_RGB8I,
                                  GL_RGB16I, GL_RGB32I, GL_RGBA8I, GL_RGBA16I, GL_RGBA32I };
    static const GLenum uns[] = { GL_R8UI, GL_R16UI, GL_R32UI, GL_RG8UI, GL_RG16UI, GL_RG32UI, GL_RGB8UI,
                                  GL_RGB16UI, GL_RGB32UI, GL_RGBA8UI, GL_RGBA16UI, GL_RGBA32UI, GL_RGB10_A2UI };
    for (size_t i = 0; i < sizeof(sgn) / sizeof(sgn[0]); i++)
        if (sgn[i] == internal)
            return 1;
    for (size_t i = 0; i < sizeof(uns) / sizeof(uns[0]); i++)
        if (uns[i] == internal)
            return 2;
    return 0;
}

static void storage_transfer(GLenum internal, GLenum *format, GLenum *type)
{
    const struct st_format *fmt = st_format_find(internal);
    *format = GL_RGBA;
    *type = GL_UNSIGNED_BYTE;
    if (fmt) {
        *format = fmt->kind == ST_VAL_FLOAT ? GL_RGBA : GL_RGBA_INTEGER;
        *type = fmt->type;
    } else if (integer_internal(internal)) {
        *format = GL_RGBA_INTEGER;
        *type = integer_internal(internal) == 1 ? GL_INT : GL_UNSIGNED_INT;
    } else if (internal == GL_DEPTH_COMPONENT || internal == GL_DEPTH_COMPONENT16 ||
               internal == GL_DEPTH_COMPONENT24 || internal == GL_DEPTH_COMPONENT32 ||
               internal == GL_DEPTH_COMPONENT32F) {
        *format = GL_DEPTH_COMPONENT;
        *type = GL_FLOAT;
    } else if (internal == GL_DEPTH_STENCIL || internal == GL_DEPTH24_STENCIL8) {
        *format = GL_DEPTH_STENCIL;
        *type = GL_UNSIGNED_INT_24_8;
    }
}

/* texture storage UNIT TARGET FORMAT (LEVELS W [H [D]]): shader_runner's,
 * with glTexStorage*D where the library has it and otherwise (asmgl) each
 * level allocated with glTexImage*D and GL_TEXTURE_MAX_LEVEL set to
 * LEVELS - 1, which samples and attaches the same.  The multisample targets
 * (asmgl) take SAMPLES instead of LEVELS and use glTexImage{2,3}DMultisample
 * with fixed sample locations.  Contents are undefined, as in piglit. */
static bool texture_storage(struct runner *r, const struct st_command *c)
{
    GLenum target = c->e[0], internal = c->e[1], format, type;
    int levels = c->i[1], w = c->i[2], h = c->ni > 3 ? c->i[3] : 1, d = c->ni > 4 ? c->i[4] : 1;

    new_texture(r, c->i[0], target);
    if (target == GL_TEXTURE_2D_MULTISAMPLE) {
        GLL(TexImage2DMultisample)(target, levels, internal, w, h, GL_TRUE);
    } else if (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
        GLL(TexImage3DMultisample)(target, levels, internal, w, h, d, GL_TRUE);
    } else if (c->ni == 3 && gll.TexStorage1D) {
        gll.TexStorage1D(target, levels, internal, w);
    } else if (c->ni == 4 && gll.TexStorage2D) {
        gll.TexStorage2D(target, levels, internal, w, h);
    } else if (c->ni == 5 && gll.TexStorage3D) {
        gll.TexStorage3D(target, levels, internal, w, h, d);
    } else {
        storage_transfer(internal, &format, &type);
        for (int l = 0; l < levels; l++) {
            int lw = w >> l > 0 ? w >> l : 1;
            int lh = target == GL_TEXTURE_1D_ARRAY ? h : h >> l > 0 ? h >> l : 1;
            int ld = target == GL_TEXTURE_3D ? (d >> l > 0 ? d >> l : 1) : d;
            if (target == GL_TEXTURE_1D) {
                glTexImage1D(target, l, (GLint)internal, lw, 0, format, type, NULL);
            } else if (target == GL_TEXTURE_CUBE_MAP) {
                for (GLenum f = 0; f < 6; f++)
                    glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, l, (GLint)internal, lw, lh, 0,
                                 format, type, NULL);
            } else if (c->ni == 4) {
                glTexImage2D(target, l, (GLint)internal, lw, lh, 0, format, type, NULL);
            } else {
                GLL(TexImage3D)(target, l, (GLint)internal, lw, lh, ld, 0, format, type, NULL);
            }
        }
        glTexParameteri(target, GL_TEXTURE_MAX_LEVEL, levels - 1);
    }
    /* As shader_runner's set_texture_binding(): a 1D array's images are 1 high. */
    texture_record(r, c->i[0], w, target == GL_TEXTURE_1D_ARRAY ? 1 : h, internal);
    return no_gl_error("texture storage");
}

/* piglit_integer_texture(): a 2D texture of 32-bit integers, texel (x, y) =
 * (x, y, b, a) for 4 components, (x, y, b + a) for 3, (x + b, y + a) for 2,
 * x + y*b + a for 1; nearest, clamped to edge.  piglit allocates it with
 * glTexStorage2D; asmgl uses glTexImage2D (EXT_texture_integer), which needs
 * nothing newer and samples the same. */
static bool texture_integer(struct runner *r, const struct st_command *c)
{
    const struct st_format *fmt = st_format_find(c->e[0]);
    int w = c->i[1], h = c->i[2], b = c->i[3], a = c->i[4], n = fmt->components;
    int32_t *img = malloc((size_t)w * (size_t)h * (size_t)n * sizeof *img);
    if (!img) {
        fprintf(stderr, "asmgl: out of memory for a %dx%d texture\n", w, h);
        exit(ST_FAIL);
    }
    int32_t *p = img;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            /* Unsigned wrap-around, as the C int arithmetic piglit does
             * would be for in-range values, without its overflow. */
            uint32_t ux = (uint32_t)x, uy = (uint32_t)y, ub = (uint32_t)b, ua = (uint32_t)a;
            switch (n) {
            case 4: p[0] = x; p[1] = y; p[2] = b; p[3] = a; break;
            case 3: p[0] = x; p[1] = y; p[2] = (int32_t)(ub + ua); break;
            case 2: p[0] = (int32_t)(ux + ub); p[1] = (int32_t)(uy + ua); break;
            default: p[0] = (int32_t)(ux + uy * ub + ua); break;
            }
            p += n;
        }
    }
    new_texture(r, c->i[0], GL_TEXTURE_2D);
    tex_params(GL_TEXTURE_2D, GL_CLAMP_TO_EDGE, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)fmt->internal, w, h, 0, fmt->format, fmt->type, img);
    texture_record(r, c->i[0], w, h, fmt->internal);
    free(img);
    return no_gl_error("texture integer");
}

/* texture buffer (asmgl): the values in a new buffer object, viewed through
 * a GL_TEXTURE_BUFFER texture of the given format on the unit. */
static bool texture_buffer(struct runner *r, const struct st_command *c)
{
    int unit = c->i[0];
    GLuint buf = new_buffer(c->data, c->ndata);
    new_texture(r, unit, GL_TEXTURE_BUFFER);
    r->tex_buffers[unit] = buf;
    GLL(TexBuffer)(GL_TEXTURE_BUFFER, c->e[0], buf);
    return no_gl_error("texture buffer");
}

/* texture handle (asmgl): the NV_bindless_texture handle of the unit's
 * texture, resident unless asked otherwise, into a program parameter as
 * (low word, high word, 0, 0). */
static bool texture_handle(struct runner *r, const struct st_command *c)
{
    GLuint tex = r->textures[c->i[0]];
    if (!tex) {
        printf("texture handle: no texture on unit %d\n", c->i[0]);
        return false;
    }
    GLuint64 h = GLL(GetTextureHandleNV)(tex);
    if (!no_gl_error("texture handle"))
        return false;
    if (!(c->variant & ST_TEX_HANDLE_NONRESIDENT) && !GLL(IsTextureHandleResidentNV)(h))
        GLL(MakeTextureHandleResidentNV)(h);
    GLuint v[4] = { (GLuint)h, (GLuint)(h >> 32), 0, 0 };
    if (c->variant & ST_PARAM_LOCAL)
        GLL(ProgramLocalParameterI4uivNV)(c->e[0], (GLuint)c->i[1], v);
    else
        GLL(ProgramEnvParameterI4uivNV)(c->e[0], (GLuint)c->i[1], v);
    return no_gl_error("texture handle");
}

/* ---- parameters ----------------------------------------------------------- */

static bool set_parameter(const struct st_command *c)
{
    GLenum target = c->e[0];
    GLuint index = (GLuint)c->i[0];
    bool local = c->variant & ST_PARAM_LOCAL;
    if (c->variant & ST_PARAM_INT) {
        if (local)
            GLL(ProgramLocalParameterI4ivNV)(target, index, c->i + 1);
        else
            GLL(ProgramEnvParameterI4ivNV)(target, index, c->i + 1);
        return true;
    }
    if (c->variant & ST_PARAM_UINT) {
        GLuint v[4];
        memcpy(v, c->i + 1, sizeof v);
        if (local)
            GLL(ProgramLocalParameterI4uivNV)(target, index, v);
        else
            GLL(ProgramEnvParameterI4uivNV)(target, index, v);
        return true;
    }
    if (local)
        GLL(ProgramLocalParameter4fvARB)(target, index, c->f);
    else
        GLL(ProgramEnvParameter4fvARB)(target, index, c->f);
    return true;
}

/* parameter buffer (asmgl): a new buffer object bound with
 * glBindBufferBaseNV; it replaces (deletes) the one bound there before. */
static bool parameter_buffer(struct runner *r, const struct st_command *c)
{
    GLenum target = c->e[0];
    GLuint index = (GLuint)c->i[0];
    GLuint buf = new_buffer(c->data, c->ndata);
    GLL(BindBufferBaseNV)(target, index, buf);
    if (!no_gl_error("parameter buffer")) {
        GLL(DeleteBuffers)(1, &buf);
        return false;
    }
    for (size_t k = 0; k < r->nparam_buffers; k++) {
        struct param_buffer *pb = &r->param_buffers[k];
        if (pb->target == target && pb->index == index) {
            GLL(DeleteBuffers)(1, &pb->buffer);
            pb->buffer = buf;
            return true;
        }
    }
    if (!util_reserve((void **)&r->param_buffers, &r->param_buffer_cap, r->nparam_buffers + 1,
                      sizeof *r->param_buffers)) {
        fprintf(stderr, "asmgl: out of memory\n");
        exit(ST_FAIL);
    }
    r->param_buffers[r->nparam_buffers++] = (struct param_buffer){ target, index, buf };
    return true;
}

/* ---- framebuffers ----------------------------------------------------------- */

static void fb_release(struct runner *r)
{
    if (r->fbo)
        GLL(DeleteFramebuffers)(1, &r->fbo);
    for (int k = 0; k < 2; k++)
        if (r->fb_renderbuffers[k])
            GLL(DeleteRenderbuffers)(1, &r->fb_renderbuffers[k]);
    r->fbo = r->fb_renderbuffers[0] = r->fb_renderbuffers[1] = 0;
}

static GLuint new_renderbuffer(GLenum internal, int w, int h, int samples)
{
    GLuint rb = 0;
    GLL(GenRenderbuffers)(1, &rb);
    GLL(BindRenderbuffer)(GL_RENDERBUFFER, rb);
    if (samples > 0)
        GLL(RenderbufferStorageMultisample)(GL_RENDERBUFFER, samples, internal, w, h);
    else
        GLL(RenderbufferStorage)(GL_RENDERBUFFER, internal, w, h);
    GLL(BindRenderbuffer)(GL_RENDERBUFFER, 0);
    return rb;
}

/* fb tex 2d / ms / winsys (shader_runner's, GL_FRAMEBUFFER target only) and
 * fb rb (asmgl): the framebuffer later draws render to and probes read.  As
 * in shader_runner the viewport is left alone. */
static bool fb_command(struct runner *r, const struct st_command *c)
{
    GLuint fbo = 0, rb[2] = { 0, 0 };
    int w = r->width, h = r->height;
    const struct st_format *fmt = NULL;

    if (c->variant == ST_FB_WINSYS) {
        GLL(BindFramebuffer)(GL_FRAMEBUFFER, 0);
        fb_release(r);
        r->fb_width = r->width;
        r->fb_height = r->height;
        r->fb_format = NULL;
        return no_gl_error("fb winsys");
    }
    if (c->variant == ST_FB_TEX_2D) {
        for (int k = 0; k < c->ni; k++) {
            int unit = c->i[k];
            if (!r->textures[unit] || r->tex_target[unit] != GL_TEXTURE_2D || !r->tex_width[unit]) {
                printf("fb tex 2d: texture unit %d holds no 2D texture\n", unit);
                return false;
            }
        }
    }
    if ((c->variant == ST_FB_TEX_LAYERED || c->variant == ST_FB_TEX_SLICE) &&
        (!r->textures[c->i[0]] || !r->tex_width[c->i[0]])) {
        printf("fb tex %s: texture unit %d holds no texture a texture command made\n",
               c->variant == ST_FB_TEX_SLICE ? "slice" : "layered", c->i[0]);
        return false;
    }
    GLL(GenFramebuffers)(1, &fbo);
    GLL(BindFramebuffer)(GL_FRAMEBUFFER, fbo);
    switch (c->variant) {
    case ST_FB_TEX_2D: {
        GLenum attachments[8];
        for (int k = 0; k < c->ni; k++) {
            int unit = c->i[k];
            attachments[k] = GL_COLOR_ATTACHMENT0 + (GLenum)k;
            GLL(FramebufferTexture2D)(GL_FRAMEBUFFER, attachments[k], GL_TEXTURE_2D, r->textures[unit], 0);
            w = r->tex_width[unit];
            h = r->tex_height[unit];
            fmt = st_format_find(r->tex_internal[unit]);
        }
        if (c->ni > 1)
            GLL(DrawBuffers)(c->ni, attachments);
        break;
    }
    case ST_FB_TEX_LAYERED: {
        /* The whole texture, every layer or face (glFramebufferTexture). */
        int unit = c->i[0];
        GLL(FramebufferTexture)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, r->textures[unit], 0);
        w = r->tex_width[unit];
        h = r->tex_height[unit];
        fmt = st_format_find(r->tex_internal[unit]);
        break;
    }
    case ST_FB_TEX_SLICE: {
        /* shader_runner's: one level and layer (cube face) of the texture;
         * the parser checked that LAYER is 0 for targets without layers. */
        int unit = c->i[0], level = c->i[1], layer = c->i[2];
        GLenum target = c->e[0];
        GLuint tex = r->textures[unit];
        if (target == GL_TEXTURE_1D || target == GL_TEXTURE_2D || target == GL_TEXTURE_RECTANGLE ||
            target == GL_TEXTURE_2D_MULTISAMPLE) {
            if (target == GL_TEXTURE_1D)
                GLL(FramebufferTexture1D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, tex, level);
            else
                GLL(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, tex, level);
        } else if (target == GL_TEXTURE_CUBE_MAP) {
            GLL(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                      GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)layer, tex, level);
        } else {
            GLL(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, level, layer);
        }
        w = r->tex_width[unit] >> level > 0 ? r->tex_width[unit] >> level : 1;
        h = r->tex_height[unit] >> level > 0 ? r->tex_height[unit] >> level : 1;
        fmt = st_format_find(r->tex_internal[unit]);
        break;
    }
    case ST_FB_MS:
    case ST_FB_RB:
        fmt = st_format_find(c->e[0]);
        if (c->variant == ST_FB_MS) {
            w = c->i[0];
            h = c->i[1];
        }
        rb[0] = new_renderbuffer(c->e[0], w, h, c->variant == ST_FB_MS ? c->i[2] : 0);
        GLL(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
        if (c->variant == ST_FB_RB && r->t->depthbuffer) {
            /* Depth and stencil as the window has them (EXT_packed_depth_stencil). */
            rb[1] = new_renderbuffer(GL_DEPTH24_STENCIL8, w, h, 0);
            GLL(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
            GLL(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
        }
        break;
    }
    bool ok = no_gl_error("fb");
    GLenum status = GLL(CheckFramebufferStatus)(GL_FRAMEBUFFER);
    if (ok && status != GL_FRAMEBUFFER_COMPLETE) {
        printf("fb: incomplete framebuffer (status 0x%x)\n", status);
        ok = false;
    }
    /* The new framebuffer replaces the previous one, even when incomplete
     * (draws then fail, as in shader_runner). */
    fb_release(r);
    r->fbo = fbo;
    r->fb_renderbuffers[0] = rb[0];
    r->fb_renderbuffers[1] = rb[1];
    r->fb_width = w;
    r->fb_height = h;
    r->fb_format = fmt && fmt->type != GL_UNSIGNED_BYTE ? fmt : NULL;
    return ok;
}

/* ---- entry points ------------------------------------------------------------ */

/* The first GL entry point command c needs that the library lacks, as its
 * gl name, or NULL.  Checked for every command before anything runs, so a
 * test of something the library does not export yet is a skip, not a crash
 * or failure half-way. */
static const char *missing_entry_point(const struct st_command *c)
{
#define NEED(field)                                                                                \
    do {                                                                                           \
        if (!gll.field)                                                                            \
            return "gl" #field;                                                                    \
    } while (0)
    switch (c->op) {
    case ST_OP_TEXCOORD:
        NEED(MultiTexCoord4fv);
        break;
    case ST_OP_PATCH_VERTICES:
        NEED(PatchParameteri);
        break;
    case ST_OP_PATCH_DEFAULT_LEVEL:
        NEED(PatchParameterfv);
        break;
    case ST_OP_DRAW_RECT:
        if (c->variant & ST_DRAW_PATCH)
            NEED(PatchParameteri);
        if ((c->variant & ST_DRAW_INSTANCED) && c->i[0] > 1)
            NEED(DrawArraysInstanced);
        break;
    case ST_OP_DRAW_ARRAYS:
        if (c->variant)
            NEED(DrawArraysInstanced);
        break;
    case ST_OP_DRAW_ELEMENTS:
        if (c->i[1] > 0)
            NEED(DrawElementsBaseVertex);
        break;
    case ST_OP_TEX_STORAGE:
        NEED(ActiveTexture);
        if (c->e[0] == GL_TEXTURE_2D_MULTISAMPLE)
            NEED(TexImage2DMultisample);
        else if (c->e[0] == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
            NEED(TexImage3DMultisample);
        else if (c->ni == 5 && !gll.TexStorage3D)
            NEED(TexImage3D);
        break;
    case ST_OP_PROVOKING:
        NEED(ProvokingVertex);
        break;
    case ST_OP_PARAMETER:
        if ((c->variant & ST_PARAM_INT) && (c->variant & ST_PARAM_LOCAL))
            NEED(ProgramLocalParameterI4ivNV);
        else if (c->variant & ST_PARAM_INT)
            NEED(ProgramEnvParameterI4ivNV);
        else if ((c->variant & ST_PARAM_UINT) && (c->variant & ST_PARAM_LOCAL))
            NEED(ProgramLocalParameterI4uivNV);
        else if (c->variant & ST_PARAM_UINT)
            NEED(ProgramEnvParameterI4uivNV);
        else if (c->variant & ST_PARAM_LOCAL)
            NEED(ProgramLocalParameter4fvARB);
        else
            NEED(ProgramEnvParameter4fvARB);
        break;
    case ST_OP_SUBROUTINE:
        NEED(ProgramSubroutineParametersuivNV);
        break;
    case ST_OP_ATTRIB64:
        if (c->e[0] == GL_DOUBLE)
            NEED(VertexAttribL4dvEXT);
        else if (c->e[0] == GL_INT64_NV)
            NEED(VertexAttribL4i64vNV);
        else
            NEED(VertexAttribL4ui64vNV);
        break;
    case ST_OP_TEX_HANDLE:
        NEED(GetTextureHandleNV);
        NEED(MakeTextureHandleResidentNV);
        NEED(IsTextureHandleResidentNV);
        if (c->variant & ST_PARAM_LOCAL)
            NEED(ProgramLocalParameterI4uivNV);
        else
            NEED(ProgramEnvParameterI4uivNV);
        break;
    case ST_OP_MEMORY:
        return st_mem_missing(c);
    case ST_OP_PARAMETER_BUFFER:
        NEED(BindBufferBaseNV);
        NEED(GenBuffers);
        NEED(BindBuffer);
        NEED(BufferData);
        NEED(DeleteBuffers);
        break;
    case ST_OP_TEX_BUFFER:
        NEED(TexBuffer);
        NEED(GenBuffers);
        NEED(BindBuffer);
        NEED(BufferData);
        NEED(DeleteBuffers);
        NEED(ActiveTexture);
        break;
    case ST_OP_TEX_ARRAY:
        if (c->variant == GL_TEXTURE_1D_ARRAY) {
            NEED(ActiveTexture); /* a 1D array is uploaded as 2D */
            break;
        }
        /* fall through */
    case ST_OP_TEX_RGBW_3D:
    case ST_OP_TEX_JUNK:
        NEED(TexImage3D);
        NEED(TexSubImage3D);
        NEED(ActiveTexture);
        break;
    case ST_OP_TEX_SHADOW:
        if (c->variant == GL_TEXTURE_2D_ARRAY || c->variant == GL_TEXTURE_CUBE_MAP_ARRAY) {
            NEED(TexImage3D);
            NEED(TexSubImage3D);
        }
        NEED(ActiveTexture);
        break;
    case ST_OP_TEX_RGBW:
    case ST_OP_TEX_RGBW_1D:
    case ST_OP_TEX_MIPTREE:
    case ST_OP_TEX_QUADS:
    case ST_OP_TEX_INTEGER:
        NEED(ActiveTexture);
        break;
    case ST_OP_FB:
        if (c->variant == ST_FB_TEX_2D)
            NEED(FramebufferTexture2D);
        if (c->variant == ST_FB_TEX_2D && c->ni > 1)
            NEED(DrawBuffers);
        if (c->variant == ST_FB_TEX_LAYERED)
            NEED(FramebufferTexture);
        if (c->variant == ST_FB_TEX_SLICE) {
            GLenum target = c->e[0];
            if (target == GL_TEXTURE_1D)
                NEED(FramebufferTexture1D);
            else if (target == GL_TEXTURE_2D || target == GL_TEXTURE_RECTANGLE ||
                     target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_CUBE_MAP)
                NEED(FramebufferTexture2D);
            else
                NEED(FramebufferTextureLayer);
        }
        if (c->variant == ST_FB_MS || c->variant == ST_FB_RB) {
            NEED(GenRenderbuffers);
            NEED(BindRenderbuffer);
            NEED(RenderbufferStorage);
            NEED(FramebufferRenderbuffer);
        }
        if (c->variant == ST_FB_MS && c->i[2] > 0)
            NEED(RenderbufferStorageMultisample);
        NEED(GenFramebuffers);
        NEED(BindFramebuffer);
        NEED(CheckFramebufferStatus);
        NEED(DeleteFramebuffers);
        NEED(DeleteRenderbuffers);
        break;
    default:
        break;
    }
    return NULL;
#undef NEED
}

/* ---- the command loop ----------------------------------------------------- */

static bool need_program(struct runner *r)
{
    if (r->nprograms == 0) {
        printf("No program is in use: the test has no [vertex program] or [fragment program]\n");
        return false;
    }
    return true;
}

/* One [test] command; false when it failed (the test goes on, as in piglit). */
static bool run_command(struct runner *r, const struct st_command *c)
{
    switch (c->op) {
    case ST_OP_CLEAR_COLOR:
        glClearColor(c->f[0], c->f[1], c->f[2], c->f[3]);
        r->clear_bits |= GL_COLOR_BUFFER_BIT;
        return true;
    case ST_OP_CLEAR_DEPTH:
        glClearDepth(c->f[0]);
        r->clear_bits |= GL_DEPTH_BUFFER_BIT;
        return true;
    case ST_OP_CLEAR:
        /* Only the buffers a clear color/depth command named, as in piglit. */
        glClear(r->clear_bits);
        return true;
    case ST_OP_COLOR:
        glColor4fv(c->f);
        return true;
    case ST_OP_TEXCOORD:
        GLL(MultiTexCoord4fv)(GL_TEXTURE0 + (GLenum)c->i[0], c->f);
        return true;
    case ST_OP_DRAW_RECT: {
        if (!need_program(r))
            return false;
        bool instanced = c->variant & ST_DRAW_INSTANCED;
        const float *v = c->f;
        float rect[4] = { v[0], v[1], v[2], v[3] };
        if (c->variant & ST_DRAW_ORTHO) {
            /* Pixels to clip space, in the float/double mix shader_runner uses. */
            rect[0] = (float)(-1.0 + 2.0 * (v[0] / (float)r->width));
            rect[1] = (float)(-1.0 + 2.0 * (v[1] / (float)r->height));
            rect[2] = (float)(2.0 * (v[2] / (float)r->width));
            rect[3] = (float)(2.0 * (v[3] / (float)r->height));
        }
        draw_rect(r, rect, (c->variant & ST_DRAW_TEX) ? v + 4 : NULL, c->variant & ST_DRAW_PATCH,
                  instanced ? c->i[0] : 1);
        return true;
    }
    case ST_OP_DRAW_ARRAYS:
        if (!need_program(r))
            return false;
        if (c->variant)
            GLL(DrawArraysInstanced)(c->e[0], c->i[0], c->i[1], c->i[2]);
        else
            glDrawArrays(c->e[0], c->i[0], c->i[1]);
        return true;
    case ST_OP_DRAW_ELEMENTS:
        /* shader_runner's draw elements: GL_UNSIGNED_SHORT indices, here from
         * client memory as the [vertex data] arrays are. */
        if (!need_program(r))
            return false;
        if (c->i[1] > 0)
            GLL(DrawElementsBaseVertex)(c->e[0], c->i[0], GL_UNSIGNED_SHORT, r->t->elements, c->i[1]);
        else
            glDrawElements(c->e[0], c->i[0], GL_UNSIGNED_SHORT, r->t->elements);
        return true;
    case ST_OP_ENABLE:
        if (c->variant)
            glEnable(c->e[0]);
        else
            glDisable(c->e[0]);
        return true;
    case ST_OP_DEPTHFUNC:
        glDepthFunc(c->e[0]);
        return true;
    case ST_OP_BLEND_FUNC:
        glBlendFunc(c->e[0], c->e[1]);
        return true;
    case ST_OP_HINT:
        glHint(c->e[0], c->e[1]);
        return true;
    case ST_OP_PATCH_VERTICES:
        GLL(PatchParameteri)(GL_PATCH_VERTICES, c->i[0]);
        return true;
    case ST_OP_PATCH_DEFAULT_LEVEL:
        GLL(PatchParameterfv)((GLenum)c->variant, c->f);
        return true;
    case ST_OP_POLYGON_MODE:
        glPolygonMode(c->e[0], c->e[1]);
        return true;
    case ST_OP_PROVOKING:
        GLL(ProvokingVertex)((GLenum)c->variant);
        return true;
    case ST_OP_SHADE_MODEL:
        glShadeModel((GLenum)c->variant);
        return true;
    case ST_OP_CLIP_PLANE: {
        const double eq[4] = { c->f[0], c->f[1], c->f[2], c->f[3] };
        glClipPlane(GL_CLIP_PLANE0 + (GLenum)c->i[0], eq);
        return true;
    }
    case ST_OP_ORTHO: {
        const double v[6] = { c->f[0], c->f[1], c->f[2], c->f[3], -1, 1 };
        projection(true, v);
        return true;
    }
    case ST_OP_ORTHO_WINDOW: {
        const double v[6] = { 0, r->fb_width, 0, r->fb_height, -1, 1 };
        projection(true, v);
        return true;
    }
    case ST_OP_FRUSTUM: {
        const double v[6] = { c->f[0], c->f[1], c->f[2], c->f[3], c->f[4], c->f[5] };
        projection(false, v);
        return true;
    }
    case ST_OP_PROBE_PIXEL: {
        int comps = c->variant & ST_PROBE_COMPONENTS;
        int x, y;
        if (c->variant & ST_PROBE_RELATIVE) {
            /* Fraction of the framebuffer, truncated, clamped to the last pixel. */
            x = to_int(c->f[0] * (float)r->fb_width);
            y = to_int(c->f[1] * (float)r->fb_height);
            if (x >= r->fb_width)
                x = r->fb_width - 1;
            if (y >= r->fb_height)
                y = r->fb_height - 1;
        } else {
            x = to_int(c->f[0]);
            y = to_int(c->f[1]);
        }
        if (c->variant & (ST_PROBE_INT | ST_PROBE_UINT))
            return probe_rect_int(r, x, y, 1, 1, c->variant & ST_PROBE_UINT, c->i);
        return probe_pixel(r, x, y, comps, c->f + 2);
    }
    case ST_OP_PROBE_RECT: {
        int comps = c->variant & ST_PROBE_COMPONENTS;
        int rect[4];
        if (c->variant & ST_PROBE_ALL) {
            rect[0] = rect[1] = 0;
            rect[2] = r->fb_width;
            rect[3] = r->fb_height;
        } else if (c->variant & ST_PROBE_RELATIVE) {
            rect[0] = to_int(c->f[0] * (float)r->fb_width);
            rect[1] = to_int(c->f[1] * (float)r->fb_height);
            rect[2] = to_int(c->f[2] * (float)r->fb_width);
            rect[3] = to_int(c->f[3] * (float)r->fb_height);
        } else {
            memcpy(rect, c->i, sizeof rect);
        }
        if (c->variant & (ST_PROBE_INT | ST_PROBE_UINT)) {
            /* Relative: values in i[0..3]; absolute: after the rectangle. */
            const int *want = (c->variant & ST_PROBE_RELATIVE) ? c->i : c->i + 4;
            return probe_rect_int(r, rect[0], rect[1], rect[2], rect[3], c->variant & ST_PROBE_UINT,
                                  want);
        }
        const float *want = (c->variant & ST_PROBE_RELATIVE) ? c->f + 4 : c->f;
        return probe_rect(r, rect[0], rect[1], rect[2], rect[3], comps, want);
    }
    case ST_OP_PROBE_DEPTH:
        return probe_depth(r, to_int(c->f[0]), to_int(c->f[1]), c->f[2]);
    case ST_OP_TOLERANCE:
        memcpy(r->tolerance, c->f, (size_t)c->nf * sizeof(float));
        return true;
    case ST_OP_TEX_RGBW:
        texture_rgbw(r, c);
        return true;
    case ST_OP_TEX_RGBW_1D:
    case ST_OP_TEX_RGBW_3D:
        texture_rgbw_1d_3d(r, c);
        return true;
    case ST_OP_TEX_ARRAY:
        texture_array(r, c);
        return true;
    case ST_OP_TEX_MIPTREE:
        texture_miptree(r, c);
        return true;
    case ST_OP_TEX_QUADS:
        texture_quads(r, c);
        return true;
    case ST_OP_TEX_SHADOW:
        texture_shadow(r, c);
        return true;
    case ST_OP_TEX_JUNK:
        texture_junk(r, c);
        return true;
    case ST_OP_TEXPARAMETER:
        switch (c->variant) {
        case ST_TP_ENUM: glTexParameteri(c->e[0], c->e[1], (GLint)c->e[2]); break;
        case ST_TP_INT: glTexParameteri(c->e[0], c->e[1], c->i[0]); break;
        case ST_TP_FLOAT: glTexParameterf(c->e[0], c->e[1], c->f[0]); break;
        default: glTexParameterfv(c->e[0], c->e[1], c->f); break;
        }
        return true;
    case ST_OP_PARAMETER:
        return set_parameter(c);
    case ST_OP_PARAMETER_BUFFER:
        return parameter_buffer(r, c);
    case ST_OP_SUBROUTINE:
        GLL(ProgramSubroutineParametersuivNV)(c->e[0], (GLsizei)c->ndata, c->data);
        return no_gl_error("subroutine");
    case ST_OP_ATTRIB64: { /* (asmgl) a 64-bit current value */
        uint64_t v[4];
        for (int k = 0; k < 4 && c->ndata == 8; k++)
            v[k] = c->data[2 * k] | (uint64_t)c->data[2 * k + 1] << 32;
        if (c->e[0] == GL_DOUBLE) {
            GLdouble d[4];
            memcpy(d, v, sizeof d);
            GLL(VertexAttribL4dvEXT)((GLuint)c->i[0], d);
        } else if (c->e[0] == GL_INT64_NV) {
            GLint64EXT q[4];
            memcpy(q, v, sizeof q);
            GLL(VertexAttribL4i64vNV)((GLuint)c->i[0], q);
        } else {
            GLL(VertexAttribL4ui64vNV)((GLuint)c->i[0], (const GLuint64EXT *)v);
        }
        return no_gl_error("attrib64");
    }
    case ST_OP_TEX_HANDLE:
        return texture_handle(r, c);
    case ST_OP_TEX_INTEGER:
        return texture_integer(r, c);
    case ST_OP_TEX_BUFFER:
        return texture_buffer(r, c);
    case ST_OP_TEX_STORAGE:
        return texture_storage(r, c);
    case ST_OP_FB:
        return fb_command(r, c);
    case ST_OP_MEMORY:
        return st_mem_run(r->mem, c, r->textures, r->tex_target, r->tolerance);
    case ST_OP_UNSUPPORTED:
        return false; /* rejected before the loop */
    }
    return false;
}

/* Loads every program section in file order, binds and enables it. */
static enum st_result load_programs(struct runner *r)
{
    const struct shader_test *t = r->t;
    for (size_t i = 0; i < t->nprogs; i++) {
        const struct st_program *p = &t->progs[i];
        struct prog_status st;
        /* shader_runner's compile_and_bind_program(): a missing stage
         * extension is a skip, not a failure. */
        if (!gll_has_extension(r->extensions, p->stage->extension)) {
            printf("Test requires unsupported extension %s\n", p->stage->extension);
            return ST_SKIP;
        }
        r->programs[r->nprograms++] = prog_load(p->stage->target, p->text, p->len, &st);
        if (!st.ok) {
            prog_print_error(stdout, t->path, p->line, p->text, p->len, &st);
            return ST_FAIL;
        }
        glEnable(p->stage->target);
    }
    return ST_PASS;
}

enum st_result st_execute(const struct shader_test *t, int width, int height)
{
    struct runner r;
    enum st_result result = ST_PASS;

    memset(&r, 0, sizeof r);
    r.t = t;
    r.width = r.fb_width = width;
    r.height = r.fb_height = height;
    memcpy(r.tolerance, st_default_tolerance, sizeof r.tolerance);
    r.extensions = gll_extensions();
    r.programs = calloc(t->nprogs ? t->nprogs : 1, sizeof *r.programs);
    r.mem = st_mem_new(t);
    if (!r.programs || !r.mem) {
        fprintf(stderr, "asmgl: out of memory\n");
        free(r.programs);
        st_mem_free(r.mem);
        free(r.extensions);
        return ST_FAIL;
    }
    r.gl_version = parse_version_string((const char *)glGetString(GL_VERSION), 10, &r.gl_es);
    r.glsl_version = parse_version_string((const char *)glGetString(GL_SHADING_LANGUAGE_VERSION), 100,
                                          &r.glsl_es);
    while (glGetError() != GL_NO_ERROR)
        ; /* GL_SHADING_LANGUAGE_VERSION is an error without GLSL */

    for (size_t i = 0; i < t->nreqs && result == ST_PASS; i++)
        result = check_requirement(&r, &t->reqs[i]);
    if (result == ST_PASS && t->glsl_section) {
        printf("%s:%d: %s needs GLSL; asmgl runs assembly programs only\n", t->path, t->glsl_line,
               t->glsl_section);
        result = ST_SKIP;
    }
    for (size_t i = 0; i < t->ncmds && result == ST_PASS; i++) {
        const char *fn;
        if (t->cmds[i].op == ST_OP_UNSUPPORTED) {
            printf("%s:%d: '%.*s' is a shader_runner command asmgl does not support\n", t->path,
                   t->cmds[i].line, t->cmds[i].text_len, t->cmds[i].text);
            result = ST_SKIP;
        } else if ((fn = missing_entry_point(&t->cmds[i]))) {
            printf("%s:%d: '%.*s' needs %s, which the GL library does not provide\n", t->path,
                   t->cmds[i].line, t->cmds[i].text_len, t->cmds[i].text, fn);
            result = ST_SKIP;
        }
    }
    if (result == ST_PASS)
        result = load_programs(&r);
    if (result == ST_PASS) {
        setup_vertex_data(&r);
        while (glGetError() != GL_NO_ERROR)
            ;
        for (size_t i = 0; i < t->ncmds; i++) {
            const struct st_command *c = &t->cmds[i];
            if (!run_command(&r, c)) {
                printf("Test failure on line %d\n", c->line);
                result = ST_FAIL;
            }
            /* shader_runner ignores GL errors; reporting them helps whoever
             * debugs the implementation, without changing the result. */
            for (GLenum e; (e = glGetError()) != GL_NO_ERROR;)
                fprintf(stderr, "%s:%d: warning: %s after '%.*s'\n", t->path, c->line,
                        prog_gl_error_name(e), c->text_len, c->text);
        }
        if (!need_program(&r))
            result = ST_FAIL;
    }
    /* Leave the framebuffer (and an fb's FBO, bound) intact for the
     * caller's -o; free the other objects. */
    for (int i = 0; i < ST_MAX_TEXTURES; i++) {
        if (r.textures[i] && !r.fbo)
            glDeleteTextures(1, &r.textures[i]);
        if (r.tex_buffers[i])
            GLL(DeleteBuffers)(1, &r.tex_buffers[i]);
    }
    for (size_t i = 0; i < r.nparam_buffers; i++)
        GLL(DeleteBuffers)(1, &r.param_buffers[i].buffer);
    if (r.vbo)
        GLL(DeleteBuffers)(1, &r.vbo);
    free(r.param_buffers);
    st_mem_free(r.mem);
    if (r.nprograms && gll.DeleteProgramsARB)
        gll.DeleteProgramsARB((GLsizei)r.nprograms, r.programs);
    free(r.programs);
    free(r.extensions);
    return result;
}
