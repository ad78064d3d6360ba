/*
 * gl_raster.c - the raster position and the pixel rectangle paths:
 * glRasterPos, glWindowPos, glDrawPixels, glBitmap, glCopyPixels,
 * glPixelZoom, glPixelTransfer (GL 2.1 sections 2.13, 3.6, 3.7, 4.3.3;
 * API thread).
 *
 * glRasterPos runs the current vertex stage (the enabled vertex program, or
 * the generated fixed-function one) for one vertex (rast_vertex_run_one),
 * so the raster position, colour, texture coordinates and distance are what
 * a drawn vertex would get (ARB_vertex_program section 2.14: RasterPos goes
 * through the vertex program).
 *
 * A pixel rectangle becomes fragments by drawing one point per pixel through
 * the rasterizer: a small pass-through vertex program places the points at
 * pixel centres (in a viewport covering the whole framebuffer, since pixel
 * rectangles are clipped by the window, not the viewport) and hands on the
 * raster texture coordinates, fog distance and secondary colour, while the
 * fragment stage and every per-fragment operation are the ones a primitive
 * would get (section 3.6.5).  Points of |zoom| pixels approximate zoomed
 * rectangles exactly for integer zooms with zoom x == zoom y.  Stencil index
 * rectangles are written directly (they bypass the fragment stage).
 * glDrawPixels applies the pixel transfer of colours and depth and takes
 * colour-index images through the pixel maps (gl_pixelmap.c).
 */
#include "gl_priv.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- running the vertex stage for one vertex ------------------------------------ */

static void raster_tex_fn(void *user, const gp_tex_request *req, gp_vec *out)
{
    gl_context *ctx = user;
    if (req->bindless) {
        /* NV_bindless_texture: as rast_tex_fn (no unit LOD bias; a handle
         * not resident or not valid reads (0, 0, 0, 0)) */
        const tex_object *h = gl_bindless_resident(ctx, req->handle);
        if (h)
            tex_sample(h, req, 0.0f, out);
        else
            memset(out, 0, sizeof(*out));
        return;
    }
    const tex_object *t = gl_texture_for_unit(ctx, req->unit, req->target);
    float bias = req->unit < GLC_MAX_TEXTURE_UNITS ? ctx->texenv[req->unit].lod_bias : 0.0f;
    tex_sample_with(t, gl_sampler_for_unit(ctx, req->unit), req, bias, out);
}

/* Runs the vertex stage on the current attributes with position pos;
 * out has GP_VARY_COUNT rows (lane 0).  False with an error recorded, or
 * with *stopped set when the instruction budget stopped the program (the
 * rasterizer reports that). */
static bool run_vertex(gl_context *ctx, const float pos[4], gp_vec *out, bool *stopped)
{
    *stopped = false;
    gl_program_obj *vpo;
    if (ctx->program_enabled[GLC_VP]) {
        vpo = ctx->program[GLC_VP];
        if (!vpo->prog) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
    } else {
        vpo = gl_ff_vertex_program_obj(ctx, UINT32_MAX);
        if (!vpo)
            return false;
    }
    const gp_val(*params)[4] = gl_state_resolve_params(ctx, vpo, vpo->prog, GLC_VP);
    if (!params)
        return false;
    /* every row a vertex program may read (glprog.h: vertex.id / instance
     * read 0, LONG ATTRIB high words the current values' high words) */
    gp_vec *in = calloc(GP_VIN_ROWS, sizeof *in);
    if (!in) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    }
    for (int s = 0; s < GP_VIN_COUNT; s++)
        for (int c = 0; c < 4; c++) {
            in[s].c[c][0].f = s == GP_VIN_POSITION ? pos[c] : ctx->current[s][c];
            in[GP_VIN_LONG_HI + s].c[c][0].u = s == GP_VIN_POSITION ? 0u : ctx->current_hi[s][c];
        }
    memset(out, 0, GP_VARY_COUNT * sizeof *out);
    if (gp_program_get_info(vpo->prog)->tex_units_used)
        gl_draw_flush(ctx); /* vertex texturing reads textures a scene may render */
    *stopped = !rast_vertex_run_one(ctx->rast, vpo->prog, vpo->name, params, in, out,
                                    raster_tex_fn, ctx);
    free(in);
    return !*stopped;
}

/* GL 2.1 section 2.13: transform, clip-test and map one raster position. */
static void raster_pos(gl_context *ctx, float x, float y, float z, float w)
{
    GL_DLIST_SAVE(glRasterPos4f, (ctx, x, y, z, w));
    GL_OUTSIDE_BEGIN(ctx, );
    gp_vec *out = malloc(GP_VARY_COUNT * sizeof *out);
    if (!out) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    const float pos[4] = {x, y, z, w};
    bool stopped;
    if (!run_vertex(ctx, pos, out, &stopped)) {
        /* an instruction budget stop leaves no position: invalid, so
         * DrawPixels and Bitmap draw nothing */
        if (stopped)
            ctx->raster_valid = false;
        free(out);
        return;
    }
    float cp[4];
    for (int c = 0; c < 4; c++)
        cp[c] = out[GP_VARY_POS].c[c][0].f;
    bool valid = cp[3] > 0 && fabsf(cp[0]) <= cp[3] && fabsf(cp[1]) <= cp[3] && fabsf(cp[2]) <= cp[3];
    /* user clip planes, as the generated program computes their distances */
    if (!ctx->program_enabled[GLC_VP])
        for (int n = 0; n < GLC_MAX_CLIP_PLANES; n++)
            if ((ctx->clip_enabled & (1u << n)) &&
                out[GP_VARY_CLIP0 + n / 4].c[n % 4][0].f < 0)
                valid = false;
    ctx->raster_valid = valid;
    if (valid) {
        float n = (float)ctx->depth_range[0], f = (float)ctx->depth_range[1];
        ctx->raster_pos[0] = ctx->viewport[0] + (cp[0] / cp[3] + 1) * ctx->viewport[2] * 0.5f;
        ctx->raster_pos[1] = ctx->viewport[1] + (cp[1] / cp[3] + 1) * ctx->viewport[3] * 0.5f;
        ctx->raster_pos[2] = (f - n) * 0.5f * (cp[2] / cp[3]) + (n + f) * 0.5f;
        ctx->raster_pos[3] = cp[3];
        for (int c = 0; c < 4; c++) {
            ctx->raster_color[c] = gl_clampf(out[GP_VARY_COL0].c[c][0].f, 0, 1);
            ctx->raster_color2[c] = gl_clampf(out[GP_VARY_COL1].c[c][0].f, 0, 1);
            for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++)
                ctx->raster_tex[u][c] = out[GP_VARY_TEX0 + u].c[c][0].f;
        }
        ctx->raster_distance = fabsf(out[GP_VARY_FOG].c[0][0].f);
    }
    free(out);
    gl_select_raster_pos(ctx);
}

#define P2(T) T x, T y
#define P3(T) T x, T y, T z
#define P4(T) T x, T y, T z, T w
#define A2 (float)x, (float)y, 0.0f, 1.0f
#define A3 (float)x, (float)y, (float)z, 1.0f
#define A4 (float)x, (float)y, (float)z, (float)w
#define V2 (float)v[0], (float)v[1], 0.0f, 1.0f
#define V3 (float)v[0], (float)v[1], (float)v[2], 1.0f
#define V4 (float)v[0], (float)v[1], (float)v[2], (float)v[3]

#define RASTER_FNS(n, sfx, T)                                                   \
    GLAPI_EXPORT void APIENTRY glRasterPos##n##sfx(P##n(T))                     \
    {                                                                           \
        GL_CTX();                                                               \
        raster_pos(ctx, A##n);                                                  \
    }                                                                           \
    GLAPI_EXPORT void APIENTRY glRasterPos##n##sfx##v(const T *v)               \
    {                                                                           \
        GL_CTX();                                                               \
        if (v)                                                                  \
            raster_pos(ctx, V##n);                                              \
    }
#define RASTER_ALL(n)                                                           \
    RASTER_FNS(n, s, GLshort)                                                   \
    RASTER_FNS(n, i, GLint)                                                     \
    RASTER_FNS(n, f, GLfloat)                                                   \
    RASTER_FNS(n, d, GLdouble)
RASTER_ALL(2)
RASTER_ALL(3)
RASTER_ALL(4)

/* GL 2.1 section 2.13 WindowPos: window coordinates directly; z is clamped
 * and mapped through the depth range; the current values become the raster
 * ones. */
static void window_pos(gl_context *ctx, float x, float y, float z)
{
    GL_DLIST_SAVE(glWindowPos3f, (ctx, x, y, z));
    GL_OUTSIDE_BEGIN(ctx, );
    float n = (float)ctx->depth_range[0], f = (float)ctx->depth_range[1];
    z = gl_clampf(z, 0, 1);
    ctx->raster_pos[0] = x;
    ctx->raster_pos[1] = y;
    ctx->raster_pos[2] = n + z * (f - n);
    ctx->raster_pos[3] = 1;
    ctx->raster_valid = true;
    ctx->raster_distance = ctx->fog_coord_src == GL_FOG_COORD ? ctx->current[GP_VIN_FOGCOORD][0] : 0;
    memcpy(ctx->raster_color, ctx->current[GP_VIN_COLOR0], 16);
    memcpy(ctx->raster_color2, ctx->current[GP_VIN_COLOR1], 16);
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++)
        memcpy(ctx->raster_tex[u], ctx->current[GP_VIN_TEX0 + u], 16);
    gl_select_raster_pos(ctx);
}

#define WP2 (float)x, (float)y, 0.0f
#define WP3 (float)x, (float)y, (float)z
#define WV2 (float)v[0], (float)v[1], 0.0f
#define WV3 (float)v[0], (float)v[1], (float)v[2]
#define WINDOW_FNS(n, sfx, T)                                                   \
    GLAPI_EXPORT void APIENTRY glWindowPos##n##sfx(P##n(T))                     \
    {                                                                           \
        GL_CTX();                                                               \
        window_pos(ctx, WP##n);                                                 \
    }                                                                           \
    GLAPI_EXPORT void APIENTRY glWindowPos##n##sfx##v(const T *v)               \
    {                                                                           \
        GL_CTX();                                                               \
        if (v)                                                                  \
            window_pos(ctx, WV##n);                                             \
    }                                                                           \
    GL_ALIAS(void, glWindowPos##n##sfx##ARB, glWindowPos##n##sfx, (P##n(T)))    \
    GL_ALIAS(void, glWindowPos##n##sfx##vARB, glWindowPos##n##sfx##v, (const T *v))
#define WINDOW_ALL(n)                                                           \
    WINDOW_FNS(n, s, GLshort)                                                   \
    WINDOW_FNS(n, i, GLint)                                                     \
    WINDOW_FNS(n, f, GLfloat)                                                   \
    WINDOW_FNS(n, d, GLdouble)
WINDOW_ALL(2)
WINDOW_ALL(3)

/* ---- pixel rectangles as points -------------------------------------------------- */

static const char pixel_vp_text[] =
    "!!ARBvp1.0\n"
    "# asmgl pixel rectangle fragments: positions precomputed, raster values\n"
    "MOV result.position, vertex.position;\n"
    "MOV result.color, vertex.color;\n"
    "MOV result.color.secondary, vertex.color.secondary;\n"
    "MOV result.fogcoord.x, vertex.fogcoord.x;\n"
    "MOV result.texcoord[0], vertex.texcoord[0];\n"
    "MOV result.texcoord[1], vertex.texcoord[1];\n"
    "MOV result.texcoord[2], vertex.texcoord[2];\n"
    "MOV result.texcoord[3], vertex.texcoord[3];\n"
    "MOV result.texcoord[4], vertex.texcoord[4];\n"
    "MOV result.texcoord[5], vertex.texcoord[5];\n"
    "MOV result.texcoord[6], vertex.texcoord[6];\n"
    "MOV result.texcoord[7], vertex.texcoord[7];\n"
    "END\n";

/* One fragment-to-be: clip-space position (in the full-framebuffer
 * viewport) and colour. */
typedef struct pix_vert {
    float pos[4];
    float col[4];
} pix_vert;

/* Window position -> clip position in the viewport (0, 0, fb w, fb h) with
 * depth range (0, 1) that gl_draw_submit_ex uses for pixel draws. */
static void window_to_clip(const rast_framebuffer *fb, float wx, float wy, float wz, float out[4])
{
    out[0] = wx * 2.0f / (float)fb->width - 1.0f;
    out[1] = wy * 2.0f / (float)fb->height - 1.0f;
    out[2] = wz * 2.0f - 1.0f;
    out[3] = 1.0f;
}

/* Draws n points (with per-point colours) as pixel fragments. */
static void draw_pixel_points(gl_context *ctx, const pix_vert *v, int n, float point_size)
{
    if (n <= 0)
        return;
    if (!ctx->pixel_vp.prog) {
        gp_error err;
        ctx->pixel_vp.target = GL_VERTEX_PROGRAM_ARB;
        ctx->pixel_vp.prog = gl_program_compile(ctx, pixel_vp_text, sizeof pixel_vp_text - 1, GLC_VP,
                                                &err, NULL);
        if (!ctx->pixel_vp.prog) {
            /* the text is asmgl's own: only memory can fail it */
            gl_error(ctx, err.out_of_memory ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION);
            return;
        }
    }
    rast_attrib at[GP_VIN_COUNT];
    memset(at, 0, sizeof at);
    for (int s = 0; s < GP_VIN_COUNT; s++)
        memcpy(at[s].current, ctx->current[s], 16);
    memcpy(at[GP_VIN_COLOR1].current, ctx->raster_color2, 16);
    at[GP_VIN_FOGCOORD].current[0] = ctx->raster_distance;
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++)
        memcpy(at[GP_VIN_TEX0 + u].current, ctx->raster_tex[u], 16);
    at[GP_VIN_POSITION] = (rast_attrib){true, v[0].pos, sizeof *v, 4, GL_FLOAT, false, {0, 0, 0, 1}, false, false, {0}};
    at[GP_VIN_COLOR0] = (rast_attrib){true, v[0].col, sizeof *v, 4, GL_FLOAT, false, {0, 0, 0, 1}, false, false, {0}};
    ctx->pixel_point_size = point_size;
    gl_draw_submit_ex(ctx, GL_POINTS, 0, n, 0, NULL, at, 1, &ctx->pixel_vp);
}

/* The unpack source of a pixel transfer (PBO aware); NULL with *ok false on
 * error. */
static const void *unpack_source(gl_context *ctx, GLenum format, GLenum type, int w, int h,
                                 const void *pixels, bool *ok)
{
    *ok = true;
    if (!ctx->pixel_unpack_buffer)
        return pixels;
    mem_buffer *m = ctx->pixel_unpack_buffer->mem;
    GLenum err = GL_NO_ERROR;
    size_t extent = tex_client_image_extent(format, type, w, h, 1, false, &ctx->unpack, &err);
    size_t off = (size_t)(uintptr_t)pixels;
    if (err != GL_NO_ERROR || mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, extent) ||
        !gl_pbo_offset_aligned(type, off)) {
        gl_error(ctx, err != GL_NO_ERROR ? err : GL_INVALID_OPERATION);
        *ok = false;
        return NULL;
    }
    return (const unsigned char *)mem_buffer_data(m) + off;
}

/* floor(f) as a window coordinate: NaN and values beyond the GLint range
 * (a raster position far outside the window) are clamped, which keeps them
 * outside it. */
static long long window_coord(float f)
{
    if (!(f > -4294967296.0f))
        return -4294967296LL;
    if (f > 4294967296.0f)
        return 4294967296LL;
    return (long long)floorf(f);
}

/* Writes stencil indices directly (GL 2.1 section 4.3.1: stencil pixel
 * rectangles pass only the ownership and scissor tests and the write mask). */
static void write_stencil(gl_context *ctx, const float *rgba, int comp, int w, int h, long long x0,
                          long long y0)
{
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb)
        return;
    if (!fb->stencil.data) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_resource_will_change(ctx, GL_RES_SURFACE);
    uint8_t wmask = ctx->stencil[0].write_mask;
    /* 64-bit window coordinates: the raster position and the scissor box
     * may lie anywhere in the GLint range */
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            long long x = x0 + i, y = y0 + j;
            if (x < 0 || y < 0 || x >= fb->width || y >= fb->height)
                continue;
            if (ctx->scissor_test &&
                (x < ctx->scissor[0] || y < ctx->scissor[1] ||
                 x >= (long long)ctx->scissor[0] + ctx->scissor[2] ||
                 y >= (long long)ctx->scissor[1] + ctx->scissor[3]))
                continue;
            uint8_t v = (uint8_t)((int)rgba[((size_t)j * (size_t)w + (size_t)i) * 4 + (size_t)comp]);
            /* every sample of a multisample stencil buffer (the pixel
             * rectangle covers whole pixels) */
            int ns = fb->stencil.samples > 1 ? fb->stencil.samples : 1;
            for (int k = 0; k < ns; k++) {
                uint8_t *p = (uint8_t *)fb->stencil.data + (size_t)k * fb->stencil.sample_stride +
                             fb->stencil.stride * (size_t)y + (size_t)x;
                *p = (uint8_t)((*p & ~wmask) | (v & wmask));
            }
        }
}

/* Draws a w x h float RGBA rectangle (or depth in [0] for depth formats) at
 * the raster position; cls: GL_RGBA, GL_DEPTH_COMPONENT, GL_STENCIL_INDEX or
 * GL_DEPTH_STENCIL (stencil in [1]). */
static void draw_rectangle(gl_context *ctx, GLenum cls, const float *rgba, int w, int h)
{
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb || !w || !h || fb->width <= 0 || fb->height <= 0)
        return;
    float zx = ctx->pixel_zoom[0], zy = ctx->pixel_zoom[1];
    float rx = ctx->raster_pos[0], ry = ctx->raster_pos[1], rz = ctx->raster_pos[2];
    if (cls == GL_STENCIL_INDEX || cls == GL_DEPTH_STENCIL) {
        write_stencil(ctx, rgba, cls == GL_STENCIL_INDEX ? 0 : 1, w, h, window_coord(rx),
                      window_coord(ry));
        if (cls == GL_STENCIL_INDEX)
            return;
    }
    if ((cls == GL_DEPTH_COMPONENT || cls == GL_DEPTH_STENCIL) && !fb->depth.data) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* one point per pixel, counted in an int (rast_draw.count) */
    size_t n = (size_t)w * (size_t)h, bytes;
    if (n > INT_MAX || !mem_size_mul(n, sizeof(pix_vert), &bytes)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    pix_vert *v = malloc(bytes);
    if (!v) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    bool depth = cls == GL_DEPTH_COMPONENT || cls == GL_DEPTH_STENCIL;
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            size_t k = (size_t)j * (size_t)w + (size_t)i;
            const float *src = rgba + k * 4;
            float z = depth ? gl_clampf(src[0], 0, 1) : rz;
            window_to_clip(fb, rx + zx * (i + 0.5f), ry + zy * (j + 0.5f), z, v[k].pos);
            memcpy(v[k].col, depth ? ctx->raster_color : src, 16);
        }
    draw_pixel_points(ctx, v, (int)n, fmaxf(fabsf(zx), fabsf(zy)));
    free(v);
}

static GLenum format_class(GLenum format)
{
    switch (format) {
    case GL_DEPTH_COMPONENT:
    case GL_STENCIL_INDEX:
    case GL_DEPTH_STENCIL:
        return format;
    default:
        return GL_RGBA;
    }
}

/* EXT_texture_integer's client formats (table 3.6 of GL 3.0). */
bool gl_is_integer_client_format(GLenum f)
{
    switch (f) {
    case GL_RED_INTEGER:
    case GL_GREEN_INTEGER:
    case GL_BLUE_INTEGER:
    case GL_ALPHA_INTEGER:
    case GL_RG_INTEGER:
    case GL_RGB_INTEGER:
    case GL_RGBA_INTEGER:
    case GL_BGR_INTEGER:
    case GL_BGRA_INTEGER:
    case GL_LUMINANCE_INTEGER_EXT:
    case GL_LUMINANCE_ALPHA_INTEGER_EXT:
        return true;
    default:
        return false;
    }
}

/* After its arguments are checked, whether a glDrawPixels writes pixels:
 * not when integer colour buffers need a fragment program that is not
 * there (EXT_texture_integer; gl_draw_integer_ok raises it), not in selection
 * or feedback mode (which take a DRAW_PIXEL_TOKEN instead), not at an
 * invalid raster position nor for an empty image. */
static bool draw_pixels_writes(gl_context *ctx, int width, int height)
{
    if (!gl_draw_integer_ok(ctx))
        return false;
    if (gl_select_active(ctx)) {
        gl_select_pixel_token(ctx, GL_DRAW_PIXEL_TOKEN);
        return false;
    }
    return ctx->raster_valid && width && height;
}

/* glDrawPixels of a GL_COLOR_INDEX image: indices to RGBA through the
 * I_TO_* maps (gl_pixelmap.c), then the RGBA path. */
static void draw_index_pixels(gl_context *ctx, int width, int height, GLenum type, const void *pixels)
{
    size_t extent = gl_index_image_extent(ctx, type, width, height);
    if (!extent && width && height) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!draw_pixels_writes(ctx, width, height))
        return;
    const unsigned char *src = pixels;
    if (ctx->pixel_unpack_buffer) {
        mem_buffer *m = ctx->pixel_unpack_buffer->mem;
        size_t off = (size_t)(uintptr_t)pixels;
        if (mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, extent)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        src = (const unsigned char *)mem_buffer_data(m) + off;
    }
    if (!src)
        return;
    float *rgba = gl_rgba_image_alloc(ctx, width, height);
    if (!rgba)
        return;
    if (gl_index_image_to_rgba(ctx, type, width, height, src, rgba))
        draw_rectangle(ctx, GL_RGBA, rgba, width, height);
    free(rgba);
}

GLAPI_EXPORT void APIENTRY glDrawPixels(GLsizei width, GLsizei height, GLenum format, GLenum type,
                                        const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glDrawPixels, (ctx, width, height, format, type, pixels));
    GL_OUTSIDE_BEGIN(ctx, );
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* GL 3.0 section 3.7.4 (which folded EXT_texture_integer in, and whose
     * rule NVIDIA applies to the extension too): "If format contains
     * integer components, as shown in table 3.6, an INVALID_OPERATION
     * error is generated" - before the extension's INVALID_ENUM for
     * integer formats with type FLOAT, which that text precedes.  There is
     * no defined way to hand unconverted integers to fragments. */
    if (gl_is_integer_client_format(format)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (format == GL_COLOR_INDEX) {
        draw_index_pixels(ctx, width, height, type, pixels);
        return;
    }
    GLenum err = GL_NO_ERROR;
    tex_client_image_size(format, type, width, height, 1, &ctx->unpack, &err);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    if (!draw_pixels_writes(ctx, width, height))
        return;
    bool ok;
    const void *src = unpack_source(ctx, format, type, width, height, pixels, &ok);
    if (!ok || !src)
        return;
    float *rgba = gl_rgba_image_alloc(ctx, width, height);
    if (!rgba)
        return;
    GLenum e = tex_pixels_unpack(format, type, width, height, 1, src, &ctx->unpack, rgba);
    if (e != GL_NO_ERROR) {
        gl_error(ctx, e);
    } else {
        /* pixel transfer (3.6.5): scale, bias and RGBA maps of colours,
         * scale and bias of depth */
        GLenum cls = format_class(format);
        if (cls == GL_RGBA)
            gl_pixel_transfer_rgba(ctx, rgba, (size_t)width * (size_t)height);
        else if (cls == GL_DEPTH_COMPONENT)
            gl_pixel_transfer_depth(ctx, rgba, (size_t)width * (size_t)height);
        draw_rectangle(ctx, cls, rgba, width, height);
    }
    free(rgba);
}

GLAPI_EXPORT void APIENTRY glCopyPixels(GLint x, GLint y, GLsizei width, GLsizei height,
                                        GLenum type)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyPixels, (ctx, x, y, width, height, type));
    GL_OUTSIDE_BEGIN(ctx, );
    /* EXT_packed_depth_stencil: DEPTH_STENCIL copies depth and stencil
     * together, as DEPTH and STENCIL would one after the other */
    GLenum cls = type == GL_COLOR ? GL_RGBA : type == GL_DEPTH ? GL_DEPTH_COMPONENT
                 : type == GL_STENCIL ? GL_STENCIL_INDEX
                 : type == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                                      : 0;
    if (!cls) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (cls == GL_RGBA && !gl_draw_integer_ok(ctx))
        return;
    if (gl_select_active(ctx)) {
        gl_select_pixel_token(ctx, GL_COPY_PIXEL_TOKEN);
        return;
    }
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!ctx->raster_valid || !width || !height)
        return;
    /* Source pixels outside the read buffer give undefined results (GL
     * 2.1 section 4.3.3): they are clipped away, with the destination
     * moved to match, as Mesa does, so a rectangle reaching far past the
     * window costs what its part inside costs. */
    int rw, rh;
    if (!gl_fbo_read_size(ctx, cls, &rw, &rh))
        return;
    long long x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0;
    long long x1 = (long long)x + width < rw ? (long long)x + width : rw;
    long long y1 = (long long)y + height < rh ? (long long)y + height : rh;
    if (x0 >= x1 || y0 >= y1)
        return;
    int w = (int)(x1 - x0), h = (int)(y1 - y0);
    float *rgba = gl_rgba_image_alloc(ctx, w, h);
    if (!rgba)
        return;
    if (gl_fbo_read_float(ctx, cls, (int)x0, (int)y0, w, h, rgba)) {
        /* the clipped rectangle starts (x0 - x, y0 - y) pixels into the
         * original one: its raster position moves by that, zoomed */
        float rx = ctx->raster_pos[0], ry = ctx->raster_pos[1];
        ctx->raster_pos[0] = rx + ctx->pixel_zoom[0] * (float)(x0 - x);
        ctx->raster_pos[1] = ry + ctx->pixel_zoom[1] * (float)(y0 - y);
        draw_rectangle(ctx, cls, rgba, w, h);
        ctx->raster_pos[0] = rx;
        ctx->raster_pos[1] = ry;
    }
    free(rgba);
}

/* GL 2.1 section 3.7: one fragment per set bit, with the raster colour,
 * then the raster position moves by (xmove, ymove). */
GLAPI_EXPORT void APIENTRY glBitmap(GLsizei width, GLsizei height, GLfloat xorig, GLfloat yorig,
                                    GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
    GL_CTX();
    GL_DLIST_SAVE(glBitmap, (ctx, width, height, xorig, yorig, xmove, ymove, bitmap));
    GL_OUTSIDE_BEGIN(ctx, );
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!gl_draw_integer_ok(ctx))
        return;
    if (!ctx->raster_valid)
        return;
    if (gl_select_active(ctx)) {
        /* feedback: BITMAP_TOKEN and the position; nothing drawn (5.3) */
        gl_select_pixel_token(ctx, GL_BITMAP_TOKEN);
        ctx->raster_pos[0] += xmove;
        ctx->raster_pos[1] += ymove;
        return;
    }
    const tex_pixel_store *ps = &ctx->unpack;
    size_t row_px = (size_t)(ps->row_length > 0 ? ps->row_length : width);
    size_t row_bytes = (row_px + 7) / 8;
    size_t a = (size_t)ps->alignment;
    row_bytes = (row_bytes + a - 1) / a * a;
    const unsigned char *bits = bitmap;
    if (ctx->pixel_unpack_buffer && width && height) {
        mem_buffer *m = ctx->pixel_unpack_buffer->mem;
        size_t off = (size_t)(uintptr_t)bitmap, need;
        if (!mem_size_mul(row_bytes, (size_t)ps->skip_rows + (size_t)height, &need) ||
            mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, need)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        bits = (const unsigned char *)mem_buffer_data(m) + off;
    }
    const rast_framebuffer *fb = width && height && bits ? gl_fbo_draw_target(ctx) : NULL;
    if (fb && fb->width > 0 && fb->height > 0) {
        /* one point per set bit, counted in an int (rast_draw.count) */
        size_t npix = (size_t)width * (size_t)height;
        pix_vert *v = npix <= INT_MAX ? malloc(npix * sizeof *v) : NULL;
        if (!v) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        int n = 0;
        /* the lower-left corner floor(raster - orig) (section 3.7), with a
         * slack of 1e-4 pixel as Mesa's: a raster position meant to land
         * on a pixel corner comes out of the single-precision transform a
         * few ulps below it (241.99998 for 242 through a glOrtho of 400
         * pixels), which would move the whole bitmap a pixel to the left
         * (piglit gl-1.0-scissor-bitmap) */
        float x0 = floorf(ctx->raster_pos[0] + 1e-4f - xorig);
        float y0 = floorf(ctx->raster_pos[1] + 1e-4f - yorig);
        for (int j = 0; j < height; j++) {
            const unsigned char *row = bits + row_bytes * ((size_t)ps->skip_rows + (size_t)j);
            for (int i = 0; i < width; i++) {
                size_t b = (size_t)ps->skip_pixels + (size_t)i;
                int bit = ps->lsb_first ? (int)(b & 7) : 7 - (int)(b & 7);
                if (!((row[b >> 3] >> bit) & 1))
                    continue;
                window_to_clip(fb, x0 + i + 0.5f, y0 + j + 0.5f, ctx->raster_pos[2], v[n].pos);
                memcpy(v[n].col, ctx->raster_color, 16);
                n++;
            }
        }
        draw_pixel_points(ctx, v, n, 1.0f);
        free(v);
    }
    ctx->raster_pos[0] += xmove;
    ctx->raster_pos[1] += ymove;
}

GLAPI_EXPORT void APIENTRY glPixelZoom(GLfloat xfactor, GLfloat yfactor)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelZoom, (ctx, xfactor, yfactor));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->pixel_zoom[0] = xfactor;
    ctx->pixel_zoom[1] = yfactor;
}

static void pixel_transfer(gl_context *ctx, GLenum pname, float v)
{
    GL_OUTSIDE_BEGIN(ctx, );
    switch (pname) {
    case GL_MAP_COLOR:
        ctx->map_color = v != 0;
        break;
    case GL_MAP_STENCIL:
        ctx->map_stencil = v != 0;
        break;
    case GL_INDEX_SHIFT:
        ctx->index_shift = gl_int_param(v);
        break;
    case GL_INDEX_OFFSET:
        ctx->index_offset = gl_int_param(v);
        break;
    case GL_RED_SCALE:
        ctx->red_scale = v;
        break;
    case GL_RED_BIAS:
        ctx->red_bias = v;
        break;
    case GL_GREEN_SCALE:
        ctx->green_scale = v;
        break;
    case GL_GREEN_BIAS:
        ctx->green_bias = v;
        break;
    case GL_BLUE_SCALE:
        ctx->blue_scale = v;
        break;
    case GL_BLUE_BIAS:
        ctx->blue_bias = v;
        break;
    case GL_ALPHA_SCALE:
        ctx->alpha_scale = v;
        break;
    case GL_ALPHA_BIAS:
        ctx->alpha_bias = v;
        break;
    case GL_DEPTH_SCALE:
        ctx->depth_scale = v;
        break;
    case GL_DEPTH_BIAS:
        ctx->depth_bias = v;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        break;
    }
}

GLAPI_EXPORT void APIENTRY glPixelTransferf(GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelTransferf, (ctx, pname, param));
    pixel_transfer(ctx, pname, param);
}

GLAPI_EXPORT void APIENTRY glPixelTransferi(GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glPixelTransferi, (ctx, pname, param));
    pixel_transfer(ctx, pname, (float)param);
}
