/*
 * tex.h - texture objects, texel storage, pixel transfer and sampling (prefix tex_).
 *
 * Storage: every image is kept in one of a few canonical formats so sampling
 * and render-to-texture need no per-format code in inner loops; the GL base
 * format (LUMINANCE, INTENSITY, ALPHA, ...) is applied at upload time, except
 * for depth textures whose DEPTH_TEXTURE_MODE and compare state apply at
 * sampling time (ARB_depth_texture, ARB_shadow).
 *
 * Rows are stored bottom-up (row 0 = t = 0), as GL addresses them, so a colour
 * image can be used directly as a render target by the rasterizer.
 *
 * Call order: tex_object_create -> tex_image_define / tex_image_sub ->
 * tex_object_complete -> tex_sample (from worker threads, read-only).
 * Threads: objects are mutated only on the API thread, and only after the
 * rasterizer has flushed every scene that samples them (R9).
 * Errors: functions that can fail return a GL error enum (GL_NO_ERROR on
 * success), never abort.
 */
#ifndef TEXTURE_TEX_H
#define TEXTURE_TEX_H

#include <GL/gl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../glprog/glprog.h" /* gp_vec, gp_tex_request: lane vector types only */

#ifdef __cplusplus
extern "C" {
#endif

#define TEX_MAX_LEVELS 15 /* 16384 = 2^14 */
#define TEX_MAX_SIZE 16384
#define TEX_MAX_3D_SIZE 2048
#define TEX_MAX_LOD_BIAS 15.0f /* GL_MAX_TEXTURE_LOD_BIAS (GL 2.1 table 6.37, >= 2) */

typedef enum tex_format {
    TEX_FMT_NONE,
    TEX_FMT_RGBA8,     /* uint8 x4, unorm */
    TEX_FMT_RGBA32F,   /* float x4 */
    TEX_FMT_DEPTH32F,  /* float depth in [0,1] */
    TEX_FMT_S8,        /* uint8 stencil (render targets only) */
    TEX_FMT_RGBA32I,   /* int32 x4 (EXT_texture_integer, later) */
    TEX_FMT_RGBA32UI,
    TEX_FMT_COUNT
} tex_format;

size_t tex_format_bytes(tex_format f); /* bytes per texel */

/* One mipmap level of one face (or a 3D/array level: depth slices). */
typedef struct tex_image {
    int width, height, depth;  /* without border; depth = 1 for 1D/2D */
    int border;
    tex_format format;
    GLenum internal_format;    /* as given by the application */
    GLenum base_format;        /* GL_RGBA, GL_RGB, GL_LUMINANCE, GL_DEPTH_COMPONENT, ... */
    size_t row_stride;         /* bytes */
    size_t slice_stride;       /* bytes */
    void *data;                /* owned; NULL when undefined */
    /* Added by texture/: the stencil plane of a DEPTH_STENCIL image (uint8 a
     * texel, rows of width bytes, bottom-up, slices of width*height bytes),
     * owned; NULL for every other base format.  Sampling never reads it. */
    uint8_t *stencil;
} tex_image;

typedef struct tex_sampler {
    GLenum min_filter, mag_filter;
    GLenum wrap_s, wrap_t, wrap_r;
    float border_color[4];
    float min_lod, max_lod, lod_bias;
    int base_level, max_level;
    GLenum compare_mode, compare_func;   /* ARB_shadow */
    GLenum depth_mode;                   /* GL_LUMINANCE, GL_INTENSITY, GL_ALPHA, GL_RED */
    float max_anisotropy;
    bool generate_mipmap;                /* SGIS_generate_mipmap */
} tex_sampler;

typedef struct tex_object {
    GLenum target;        /* GL_TEXTURE_1D/2D/3D/CUBE_MAP/RECTANGLE (later arrays, buffer) */
    int num_faces;        /* 6 for cube maps, else 1 */
    tex_image image[6][TEX_MAX_LEVELS];
    tex_sampler sampler;
    /* Derived by texture/ whenever an image is (re)defined (API thread);
     * read-only for other folders.  mip_end[b] is the last level l >= b such
     * that levels b..l form the chain GL 2.1 section 3.8.10 requires when
     * b is the base level (each level half the previous one, same internal
     * format and border; for cube maps the base level is cube complete and
     * every face has the chain), or -1 when level b is undefined or empty. */
    int8_t mip_end[TEX_MAX_LEVELS];
} tex_object;

tex_object *tex_object_create(GLenum target);
void tex_object_free(tex_object *t);
void tex_sampler_default(tex_sampler *s, GLenum target);

/* Re-derives mip_end[] after a caller changed t->image[][] by hand (every
 * tex_image_* function and tex_generate_mipmap already do it). */
void tex_object_images_changed(tex_object *t);

/* Internal format (GL 2.1 tables 3.16/3.17, ARB_texture_float, ARB_texture_rg,
 * EXT_texture_sRGB, ARB_depth_buffer_float, EXT_packed_depth_stencil, the
 * generic GL_COMPRESSED_* formats stored uncompressed) -> GL base format and
 * the storage format asmgl keeps it in.  False for an unknown format. */
bool tex_internal_format_info(GLenum internal_format, GLenum *base_format,
                              tex_format *storage);

/* Client pixel layout (glPixelStore unpack/pack state). */
typedef struct tex_pixel_store {
    int alignment, row_length, image_height, skip_pixels, skip_rows, skip_images;
    bool swap_bytes, lsb_first;
} tex_pixel_store;
void tex_pixel_store_default(tex_pixel_store *ps);

/* Byte size of a client image, or 0 with *err set for a bad format/type. */
size_t tex_client_image_size(GLenum format, GLenum type, int w, int h, int d,
                             const tex_pixel_store *ps, GLenum *err);
/* The size is the extent the transfer touches: from the pointer the caller
 * passes to one past the last byte read or written, skips included, so a
 * pixel buffer object of at least that many bytes past the offset is in
 * bounds.  IMAGE_HEIGHT and SKIP_IMAGES apply only to 3D transfers: the
 * functions with a depth d apply them when d > 1; tex_image_* apply them for
 * 3D textures whatever d is, and tex_client_image_extent says it explicitly. */
size_t tex_client_image_extent(GLenum format, GLenum type, int w, int h, int d,
                               bool three_d, const tex_pixel_store *ps, GLenum *err);

/* glTexImage*: face 0..5 for cube maps (+X -X +Y -Y +Z -Z), else 0.
 * pixels may be NULL (storage defined, contents zero).  w, h, d include the
 * border; 1D textures pass h = d = 1, 2D-like ones d = 1; array textures
 * (GL_TEXTURE_1D_ARRAY_EXT / 2D_ARRAY_EXT) pass the layers as h / d.
 * Storage: see tex_internal_format_info; fixed-point formats are clamped to
 * [0,1], 8-bit-or-less formats kept at 8 bits (RGB5, RGBA4 ... are not
 * quantised: GL lets the implementation choose the resolution).  A border of
 * 1 is accepted and stripped: border texels are dropped and sampling reads
 * TEXTURE_BORDER_COLOR where GL would read them (as Mesa's gallium drivers).
 * Errors (GL 2.1 section 3.8.1): INVALID_VALUE for a bad level, size, border
 * or internal format; INVALID_ENUM for a bad format/type or face;
 * INVALID_OPERATION for depth/colour data mismatches and depth 3D textures;
 * OUT_OF_MEMORY.  A failing call leaves the old image untouched.  With
 * sampler.generate_mipmap set, defining the base level regenerates the
 * levels above it (SGIS_generate_mipmap). */
GLenum tex_image_define(tex_object *t, int face, int level, GLenum internal_format,
                        int w, int h, int d, int border, GLenum format, GLenum type,
                        const void *pixels, const tex_pixel_store *ps);
/* glTexSubImage*: x, y, z may address the border (-border ..); INVALID_VALUE
 * outside the image, INVALID_OPERATION for an undefined level. */
GLenum tex_image_sub(tex_object *t, int face, int level, int x, int y, int z,
                     int w, int h, int d, GLenum format, GLenum type,
                     const void *pixels, const tex_pixel_store *ps);
/* glGetTexImage: texels mapped per GL 2.1 table 6.1 (LUMINANCE -> (L,0,0,1),
 * INTENSITY -> (I,0,0,1), ...) then packed; border texels are not kept, so
 * the image returned is the interior.  An undefined level writes nothing. */
GLenum tex_image_get(const tex_object *t, int face, int level, GLenum format, GLenum type,
                     void *pixels, const tex_pixel_store *ps);
/* glGenerateMipmap: box-filters levels base+1 .. q (q as GL 2.1 section 3.8.8,
 * limited by MAX_LEVEL) from the base level, every face; layers of array
 * textures are not halved.  INVALID_OPERATION when the base level is
 * undefined or empty, a cube map is not cube complete, or t is RECT. */
GLenum tex_generate_mipmap(tex_object *t);

/* Pixel transfer between client memory and float RGBA (also used by
 * glReadPixels/glDrawPixels): rgba is w*h*d*4 floats, rows bottom-up.
 *
 * Unpack (GL 2.1 section 3.6.4) converts each component to float (unsigned
 * normalised c/(2^b-1), signed (2c+1)/(2^b-1) as GL 2.1 table 2.9, FLOAT and
 * HALF_FLOAT as is), expands LUMINANCE to (L,L,L,1), LUMINANCE_ALPHA to
 * (L,L,L,A) and fills missing components with 0 (colour) and 1 (alpha).  It
 * does not clamp: clamping is the destination's business (tex_image_define
 * clamps for fixed-point internal formats, as ARB_texture_float says).
 * Pack (GL 2.1 section 4.3.2) computes L = R+G+B for LUMINANCE formats,
 * clamps to [0,1] ([-1,1] for signed types) for integer types and converts
 * with GL 2.1 table 4.7; FLOAT and HALF_FLOAT are not clamped (the caller
 * applies CLAMP_READ_COLOR first where it must).
 * Non-colour formats use rgba[0..1] only: DEPTH_COMPONENT -> [0] = depth;
 * STENCIL_INDEX -> [0] = index (integer valued, masked to 8 bits on unpack;
 * type BITMAP is accepted for STENCIL_INDEX); DEPTH_STENCIL -> [0] = depth,
 * [1] = stencil.  Errors: INVALID_ENUM for an unknown format or type (and
 * DEPTH_STENCIL with a non depth-stencil type), INVALID_OPERATION for a
 * packed type that does not fit the format, INVALID_VALUE for negative
 * sizes, a bad alignment or sizes that overflow. */
GLenum tex_pixels_unpack(GLenum format, GLenum type, int w, int h, int d,
                         const void *src, const tex_pixel_store *ps, float *rgba);
GLenum tex_pixels_pack(GLenum format, GLenum type, int w, int h,
                       const float *rgba, void *dst, const tex_pixel_store *ps);

/* Mipmap/cube completeness (GL 2.1 section 3.8.10). */
bool tex_object_complete(const tex_object *t);

/* Samples t for the lanes in req->lane_mask (worker threads).  An incomplete
 * or NULL texture returns (0, 0, 0, 1), as ARB_fragment_program specifies,
 * and so do a target that does not match t->target and the targets not done
 * yet (BUFFER, 2DMS, ARRAY2DMS, CUBEARRAY, SHADOWCUBEARRAY; integer formats).
 * unit_lod_bias is the texture unit's GL_TEXTURE_LOD_BIAS (texture env).
 * Ops: TEX/TXP/TXB/TXL/TXD filtered lookups (GL 2.1 section 3.8.8: with
 * req->quad_derivatives one LOD per 2x2 quad from lanes 0/1 (d/dx) and 0/2
 * (d/dy); without it lambda_base = 0, as NV_vertex_program3 says; TXL
 * lambda_base = w; TXD from req->ddx/ddy; the bias sum is clamped to
 * +-TEX_MAX_LOD_BIAS); TXF integer fetch (coord .i, level base + w, out of
 * range -> 0); TXQ integer sizes of level base + x; TXG the LINEAR
 * footprint's texels (component req->component); LOD (x = lambda within the
 * levels, y = lambda).  Depth textures compare only for SHADOW targets with
 * COMPARE_MODE on (reference clamped to [0,1] unless the format is 32F);
 * otherwise the depth is returned expanded by DEPTH_TEXTURE_MODE. */
void tex_sample(const tex_object *t, const gp_tex_request *req, float unit_lod_bias,
                gp_vec *out);

#ifdef __cplusplus
}
#endif
#endif /* TEXTURE_TEX_H */
