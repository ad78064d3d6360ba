/*
 * gl_pixelmap.c - pixel maps and the pixel transfer operations of
 * glDrawPixels (GL 2.1 section 3.6.5, Table 3.3; API thread).
 *
 * glPixelMap stores the ten tables (I_TO_I, S_TO_S, I_TO_R/G/B/A, R_TO_R,
 * G_TO_G, B_TO_B, A_TO_A; up to GLC_PIXEL_MAP_MAX entries, one entry 0 at
 * first).  Colour-index images (GL_COLOR_INDEX, any index type or
 * GL_BITMAP) are unpacked here: each index is shifted by INDEX_SHIFT, offset
 * by INDEX_OFFSET, then (RGBA mode) looked up in I_TO_R/G/B/A with the index
 * masked by the table size - 1 (3.6.5 "Color Index Lookup").  RGBA groups
 * are scaled and biased per component, clamped to [0, 1] and, with
 * MAP_COLOR, replaced by the R_TO_R ... A_TO_A entry at round(c * (size -
 * 1)); depth values are scaled and biased ("Arithmetic on Components").
 */
#include "gl_priv.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

static int map_index(GLenum map)
{
    if (map < GL_PIXEL_MAP_I_TO_I || map > GL_PIXEL_MAP_A_TO_A)
        return -1;
    return (int)(map - GL_PIXEL_MAP_I_TO_I);
}

/* Index maps take sizes that are powers of two (3.6.3). */
static bool index_map(int m)
{
    GLenum map = GL_PIXEL_MAP_I_TO_I + (GLenum)m;
    return map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S ||
           (map >= GL_PIXEL_MAP_I_TO_R && map <= GL_PIXEL_MAP_I_TO_A);
}

/* Index-valued tables keep indices; the others colours in [0, 1]. */
static bool holds_indices(int m)
{
    GLenum map = GL_PIXEL_MAP_I_TO_I + (GLenum)m;
    return map == GL_PIXEL_MAP_I_TO_I || map == GL_PIXEL_MAP_S_TO_S;
}

static bool map_args(gl_context *ctx, GLenum map, GLsizei size, int *m)
{
    *m = map_index(map);
    if (*m < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    if (size < 1 || size > GLC_PIXEL_MAP_MAX || (index_map(*m) && (size & (size - 1)))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

/* ARB_pixel_buffer_object: with a pixel unpack (pack) buffer bound,
 * PixelMap (GetPixelMap) values are an offset into it; a range past its
 * end, a mapped buffer or an offset not a multiple of the value size is
 * INVALID_OPERATION (NULL with *ok false).  Without one, the pointer. */
static void *map_values(gl_context *ctx, gl_buffer_obj *pbo, const void *values, size_t bytes,
                        size_t value_size, bool *ok)
{
    *ok = true;
    if (!pbo)
        return (void *)values;
    mem_buffer *mb = pbo->mem;
    size_t off = (size_t)(uintptr_t)values;
    if (mem_buffer_is_mapped(mb) || !mem_range_ok(mem_buffer_size(mb), off, bytes) ||
        off % value_size) {
        gl_error(ctx, GL_INVALID_OPERATION);
        *ok = false;
        return NULL;
    }
    if (pbo == ctx->pixel_pack_buffer)
        gl_draw_flush(ctx); /* queued draws may read the buffer written (R9) */
    unsigned char *base = mem_buffer_data(mb);
    return base ? base + off : NULL;
}

static const void *map_source(gl_context *ctx, GLsizei size, const void *values, size_t value_size,
                              bool *ok)
{
    return map_values(ctx, ctx->pixel_unpack_buffer, values, (size_t)size * value_size, value_size, ok);
}

static void *map_dest(gl_context *ctx, int m, void *values, size_t value_size, bool *ok)
{
    return map_values(ctx, ctx->pixel_pack_buffer, values,
                      (size_t)ctx->pixel_map_size[m] * value_size, value_size, ok);
}

/* PixelMap{fv,uiv,usv}: size values of type (FLOAT, UNSIGNED_INT or
 * UNSIGNED_SHORT) into the table; colour tables take unsigned integers as
 * fractions of their range, clamped floats. */
static void pixel_map(gl_context *ctx, GLenum map, GLsizei size, const void *values, GLenum type)
{
    GL_OUTSIDE_BEGIN(ctx, );
    size_t value_size = type == GL_UNSIGNED_SHORT ? sizeof(GLushort) : 4;
    int m;
    bool ok;
    if (!map_args(ctx, map, size, &m) || !(values = map_source(ctx, size, values, value_size, &ok)))
        return;
    bool indices = holds_indices(m);
    for (int i = 0; i < size; i++) {
        float v;
        if (type == GL_FLOAT) {
            GLfloat f = ((const GLfloat *)values)[i];
            v = indices ? f : gl_clampf(f, 0, 1);
        } else if (type == GL_UNSIGNED_INT) {
            GLuint u = ((const GLuint *)values)[i];
            v = indices ? (float)u : (float)(u / 4294967295.0);
        } else {
            GLushort u = ((const GLushort *)values)[i];
            v = indices ? (float)u : u / 65535.0f;
        }
        ctx->pixel_map[m][i] = v;
    }
    ctx->pixel_map_size[m] = size;
}

GLAPI_EXPORT void APIENTRY glPixelMapfv(GLenum map, GLsizei size, const GLfloat *values)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelMapfv, (ctx, map, size, values));
    pixel_map(ctx, map, size, values, GL_FLOAT);
}

GLAPI_EXPORT void APIENTRY glPixelMapuiv(GLenum map, GLsizei size, const GLuint *values)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelMapuiv, (ctx, map, size, values));
    pixel_map(ctx, map, size, values, GL_UNSIGNED_INT);
}

GLAPI_EXPORT void APIENTRY glPixelMapusv(GLenum map, GLsizei size, const GLushort *values)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelMapusv, (ctx, map, size, values));
    pixel_map(ctx, map, size, values, GL_UNSIGNED_SHORT);
}

/* GetPixelMap{fv,uiv,usv}: the table as values of type; colour entries
 * become fractions of the unsigned range, indices are clamped to it. */
static void get_pixel_map(GLenum map, void *values, GLenum type)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int m = map_index(map);
    if (m < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    bool ok;
    values = map_dest(ctx, m, values, type == GL_UNSIGNED_SHORT ? sizeof(GLushort) : 4, &ok);
    if (!values)
        return;
    bool indices = holds_indices(m);
    for (int i = 0; i < ctx->pixel_map_size[m]; i++) {
        float v = ctx->pixel_map[m][i];
        if (type == GL_FLOAT)
            ((GLfloat *)values)[i] = v;
        else if (type == GL_UNSIGNED_INT)
            ((GLuint *)values)[i] = indices ? (GLuint)(v < 0 ? 0 : v)
                                            : (GLuint)llround((double)v * 4294967295.0);
        else
            ((GLushort *)values)[i] = indices ? (GLushort)(v < 0 ? 0 : v > 65535 ? 65535 : v)
                                              : (GLushort)lrintf(v * 65535.0f);
    }
}

GLAPI_EXPORT void APIENTRY glGetPixelMapfv(GLenum map, GLfloat *values)
{
    get_pixel_map(map, values, GL_FLOAT);
}

GLAPI_EXPORT void APIENTRY glGetPixelMapuiv(GLenum map, GLuint *values)
{
    get_pixel_map(map, values, GL_UNSIGNED_INT);
}

GLAPI_EXPORT void APIENTRY glGetPixelMapusv(GLenum map, GLushort *values)
{
    get_pixel_map(map, values, GL_UNSIGNED_SHORT);
}

void gl_pixelmap_init(gl_context *ctx)
{
    for (int m = 0; m < GLC_PIXEL_MAPS; m++) {
        ctx->pixel_map_size[m] = 1;
        ctx->pixel_map[m][0] = 0;
    }
}

int gl_pixelmap_size(const gl_context *ctx, GLenum map)
{
    int m = map_index(map);
    return m < 0 ? 0 : ctx->pixel_map_size[m];
}

/* ---- pixel transfer ---------------------------------------------------------------- */

static float lookup(const gl_context *ctx, GLenum map, float c)
{
    int m = map_index(map);
    int n = ctx->pixel_map_size[m];
    int i = (int)lrintf(gl_clampf(c, 0, 1) * (float)(n - 1));
    return ctx->pixel_map[m][i];
}

void gl_pixel_transfer_rgba(const gl_context *ctx, float *rgba, size_t n)
{
    const float scale[4] = {ctx->red_scale, ctx->green_scale, ctx->blue_scale, ctx->alpha_scale};
    const float bias[4] = {ctx->red_bias, ctx->green_bias, ctx->blue_bias, ctx->alpha_bias};
    bool arith = false;
    for (int c = 0; c < 4; c++)
        arith |= scale[c] != 1.0f || bias[c] != 0.0f;
    if (!arith && !ctx->map_color)
        return;
    static const GLenum maps[4] = {GL_PIXEL_MAP_R_TO_R, GL_PIXEL_MAP_G_TO_G, GL_PIXEL_MAP_B_TO_B,
                                   GL_PIXEL_MAP_A_TO_A};
    for (size_t i = 0; i < n; i++)
        for (int c = 0; c < 4; c++) {
            float v = rgba[i * 4 + c] * scale[c] + bias[c];
            if (ctx->map_color)
                v = lookup(ctx, maps[c], v);
            rgba[i * 4 + c] = v;
        }
}

void gl_pixel_transfer_depth(const gl_context *ctx, float *rgba, size_t n)
{
    if (ctx->depth_scale == 1.0f && ctx->depth_bias == 0.0f)
        return;
    for (size_t i = 0; i < n; i++)
        rgba[i * 4] = rgba[i * 4] * ctx->depth_scale + ctx->depth_bias;
}

/* Bytes of one index of type, 0 for GL_BITMAP, -1 for a bad type. */
static int index_bytes(GLenum type)
{
    switch (type) {
    case GL_BITMAP: return 0;
    case GL_UNSIGNED_BYTE: case GL_BYTE: return 1;
    case GL_UNSIGNED_SHORT: case GL_SHORT: return 2;
    case GL_UNSIGNED_INT: case GL_INT: case GL_FLOAT: return 4;
    default: return -1;
    }
}

/* The bytes a w x h index image spans under the unpack state (0: bad type). */
size_t gl_index_image_extent(const gl_context *ctx, GLenum type, int w, int h)
{
    int eb = index_bytes(type);
    if (eb < 0 || w <= 0 || h <= 0)
        return 0;
    const tex_pixel_store *ps = &ctx->unpack;
    size_t row_px = (size_t)(ps->row_length > 0 ? ps->row_length : w);
    size_t a = (size_t)ps->alignment;
    size_t row_bytes = eb ? row_px * (size_t)eb : (row_px + 7) / 8;
    row_bytes = (row_bytes + a - 1) / a * a;
    size_t last_px = (size_t)ps->skip_pixels + (size_t)w;
    size_t last_row = eb ? last_px * (size_t)eb : (last_px + 7) / 8;
    return row_bytes * ((size_t)ps->skip_rows + (size_t)h - 1) + last_row;
}

/* A GL_COLOR_INDEX image to RGBA (w * h * 4 floats). */
bool gl_index_image_to_rgba(const gl_context *ctx, GLenum type, int w, int h, const void *src,
                            float *rgba)
{
    int eb = index_bytes(type);
    if (eb < 0)
        return false;
    const tex_pixel_store *ps = &ctx->unpack;
    size_t row_px = (size_t)(ps->row_length > 0 ? ps->row_length : w);
    size_t a = (size_t)ps->alignment;
    size_t row_bytes = eb ? row_px * (size_t)eb : (row_px + 7) / 8;
    row_bytes = (row_bytes + a - 1) / a * a;
    static const GLenum maps[4] = {GL_PIXEL_MAP_I_TO_R, GL_PIXEL_MAP_I_TO_G, GL_PIXEL_MAP_I_TO_B,
                                   GL_PIXEL_MAP_I_TO_A};
    for (int y = 0; y < h; y++) {
        const unsigned char *row = (const unsigned char *)src + row_bytes * ((size_t)ps->skip_rows + (size_t)y);
        for (int x = 0; x < w; x++) {
            size_t px = (size_t)ps->skip_pixels + (size_t)x;
            double idx;
            const unsigned char *p = row + px * (size_t)eb;
            switch (type) {
            case GL_BITMAP: {
                int bit = ps->lsb_first ? (int)(px & 7) : 7 - (int)(px & 7);
                idx = (row[px >> 3] >> bit) & 1;
                break;
            }
            case GL_UNSIGNED_BYTE: idx = *p; break;
            case GL_BYTE: idx = *(const int8_t *)p; break;
            case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2); idx = v; break; }
            case GL_SHORT: { int16_t v; memcpy(&v, p, 2); idx = v; break; }
            case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, p, 4); idx = v; break; }
            case GL_INT: { int32_t v; memcpy(&v, p, 4); idx = v; break; }
            default: { float v; memcpy(&v, p, 4); idx = v; break; }
            }
            /* shift and offset (3.6.5 "Arithmetic on Indices") */
            int sh = ctx->index_shift;
            idx = sh >= 0 ? ldexp(idx, sh < 64 ? sh : 64) : ldexp(idx, sh > -64 ? sh : -64);
            idx += ctx->index_offset;
            /* the map takes the index's low bits (masked below): keep
             * them, in range of long long (a float index may be huge or NaN) */
            double fi = fmod(floor(idx), 4294967296.0);
            long long ii = fi == fi ? (long long)fi : 0;
            float *o = rgba + ((size_t)y * (size_t)w + (size_t)x) * 4;
            for (int c = 0; c < 4; c++) {
                int m = map_index(maps[c]);
                int n = ctx->pixel_map_size[m];
                o[c] = ctx->pixel_map[m][(size_t)(ii & (long long)(n - 1))];
            }
        }
    }
    return true;
}

/* Whether colour pixel transfer changes anything (scale, bias, MAP_COLOR). */
static bool rgba_transfer_active(const gl_context *ctx)
{
    return ctx->map_color || ctx->red_scale != 1.0f || ctx->green_scale != 1.0f ||
           ctx->blue_scale != 1.0f || ctx->alpha_scale != 1.0f || ctx->red_bias != 0.0f ||
           ctx->green_bias != 0.0f || ctx->blue_bias != 0.0f || ctx->alpha_bias != 0.0f;
}

static bool colour_format(GLenum format)
{
    switch (format) {
    case GL_RED: case GL_GREEN: case GL_BLUE: case GL_ALPHA: case GL_RGB: case GL_RGBA:
    case GL_BGR: case GL_BGRA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
        return true;
    default:
        return false;
    }
}

/* Texture images go through the same colour transfer (GL 2.1 3.8.1): when
 * it changes anything, the w x h x d image (unpack state, src already
 * resolved from a pixel unpack buffer) becomes float RGBA with the transfer
 * applied; the caller defines the texture from it (GL_RGBA / GL_FLOAT,
 * default store) and frees it.  NULL: no transfer (or *err set). */
float *gl_pixel_transfer_tex_image(const gl_context *ctx, GLenum format, GLenum type, int w, int h,
                                   int d, const void *src, GLenum *err)
{
    *err = GL_NO_ERROR;
    if (format == GL_COLOR_INDEX) {
        /* GL 2.1 section 3.8.1: a COLOR_INDEX texture image becomes RGBA
         * through the index arithmetic and the I_TO_* maps, as DrawPixels
         * converts one (section 3.6.5); one image (1D or 2D) at most */
        if (d != 1 || !gl_index_image_extent(ctx, type, w > 0 ? w : 1, h > 0 ? h : 1)) {
            *err = GL_INVALID_ENUM;
            return NULL;
        }
        if (!src || w <= 0 || h <= 0)
            return NULL;
        size_t n = (size_t)w * (size_t)h;
        float *rgba = n <= SIZE_MAX / 16 ? malloc(n * 16) : NULL;
        if (!rgba) {
            *err = GL_OUT_OF_MEMORY;
            return NULL;
        }
        if (!gl_index_image_to_rgba(ctx, type, w, h, src, rgba)) {
            free(rgba);
            *err = GL_INVALID_ENUM;
            return NULL;
        }
        return rgba;
    }
    if (!src || w <= 0 || h <= 0 || d <= 0 || !colour_format(format) || !rgba_transfer_active(ctx))
        return NULL;
    size_t n = (size_t)w * (size_t)h;
    if (n > SIZE_MAX / 16 / (size_t)d) {
        *err = GL_OUT_OF_MEMORY;
        return NULL;
    }
    n *= (size_t)d;
    float *rgba = malloc(n * 16);
    if (!rgba) {
        *err = GL_OUT_OF_MEMORY;
        return NULL;
    }
    GLenum e = tex_pixels_unpack(format, type, w, h, d, src, &ctx->unpack, rgba);
    if (e != GL_NO_ERROR) {
        free(rgba);
        *err = e;
        return NULL;
    }
    gl_pixel_transfer_rgba(ctx, rgba, n);
    return rgba;
}

float *gl_rgba_image_alloc(gl_context *ctx, int w, int h)
{
    size_t n;
    float *rgba = mem_size_mul((size_t)w * (size_t)h, 16, &n) ? malloc(n) : NULL;
    if (!rgba)
        gl_error(ctx, GL_OUT_OF_MEMORY);
    return rgba;
}
