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
 * image can be used directly as a render target by the rasterizer.  A render
 * target of another base format than RGBA keeps only its own channels (the
 * GL layer masks the rest), so tex_sample applies the base format to what
 * it reads once more.  sRGB formats (EXT_texture_sRGB) are stored encoded,
 * as given and as rendered; tex_sample decodes them to linear.
 *
 * Integer textures (EXT_texture_integer, ARB_texture_rg's R*I/RG*I): stored
 * as RGBA32I / RGBA32UI with the base format applied at upload (missing
 * colour components 0, alpha 1); they take only *_INTEGER client formats,
 * are never filtered (complete only with NEAREST magnification and NEAREST
 * or NEAREST_MIPMAP_NEAREST minification, GL 3.0 section 3.8.10) and sample
 * as raw 32-bit integers (gp_val .i / .u), never converted to float.
 *
 * Buffer textures (ARB_texture_buffer_object, target GL_TEXTURE_BUFFER_ARB):
 * no images; the texel array is a view of caller-owned bytes attached with
 * tex_buffer_attach, read only by TXF (and sized by TXQ).
 *
 * Call order: tex_object_create -> tex_image_define / tex_image_sub (or
 * tex_buffer_attach) -> tex_object_complete -> tex_sample (from worker
 * threads, read-only).
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
#define TEX_MAX_ANISOTROPY 16 /* MAX_TEXTURE_MAX_ANISOTROPY_EXT (EXT_texture_filter_anisotropic, >= 2) */
#define TEX_MAX_LOD_BIAS 15.0f /* GL_MAX_TEXTURE_LOD_BIAS (GL 2.1 table 6.37, >= 2) */
#define TEX_MAX_BUFFER_TEXELS (1 << 27) /* MAX_TEXTURE_BUFFER_SIZE_ARB (>= 65536) */
#define TEX_MIN_TEXEL_OFFSET (-8)       /* MIN_PROGRAM_TEXEL_OFFSET_EXT (NV_gpu_program4) */
#define TEX_MAX_TEXEL_OFFSET 7          /* MAX_PROGRAM_TEXEL_OFFSET_EXT */
#define TEX_MIN_GATHER_OFFSET (-32)     /* MIN_PROGRAM_TEXTURE_GATHER_OFFSET_NV (TXGO) */
#define TEX_MAX_GATHER_OFFSET 31        /* MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV */

typedef enum tex_format {
    TEX_FMT_NONE,
    TEX_FMT_RGBA8,     /* uint8 x4, unorm */
    TEX_FMT_RGBA32F,   /* float x4 */
    TEX_FMT_DEPTH32F,  /* float depth in [0,1] */
    TEX_FMT_S8,        /* uint8 stencil (render targets only) */
    TEX_FMT_RGBA32I,   /* int32 x4 (EXT_texture_integer signed formats) */
    TEX_FMT_RGBA32UI,  /* uint32 x4 (EXT_texture_integer unsigned formats) */
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
    /* The stencil plane of a DEPTH_STENCIL image (uint8 a
     * texel, rows of width bytes, bottom-up, slices of width*height bytes),
     * owned; NULL for every other base format.  Sampling never reads it. */
    uint8_t *stencil;
    /* ARB_texture_multisample / NV_explicit_multisample: samples
     * per texel (0 = single-sampled).  A multisample image has one level;
     * sample s of slice (layer) z, texel (x, y) is at
     *   data + z * slice_stride + s * sample_stride + y * row_stride + x * texel bytes
     * (slice_stride = samples * sample_stride), so one sample of one layer is
     * an ordinary 2D image a render target can point at (rast_surface). */
    int samples;
    size_t sample_stride;
    /* EXT_texture_compression_s3tc: an S3TC image's compressed blocks, owned
     * (NULL for every other internal format): 4x4-texel blocks of 8 (DXT1)
     * or 16 (DXT3, DXT5) bytes, ceil(width / 4) a row, rows bottom-up as the
     * texels (block row r covers texel rows 4r .. 4r + 3), one block slice
     * per depth slice.  data always holds the decoding of these blocks, so
     * sampling and GetTexImage never see the blocks. */
    uint8_t *blocks;
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
    /* EXT_texture_integer: TEXTURE_BORDER_COLOR as set by
     * TexParameterIivEXT / TexParameterIuivEXT, raw 32-bit values (int32 for
     * signed, uint32 for unsigned textures); integer textures read this one
     * instead of border_color. */
    uint32_t border_color_int[4];
    /* ARB_texture_swizzle / EXT_texture_swizzle: TEXTURE_SWIZZLE_R, G, B, A
     * (GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE; tex_sampler
     * _default sets the identity), applied by tex_sample to every filtered or fetched result
     * (border texels included) after the base format and DEPTH_TEXTURE_MODE
     * have made it RGBA. */
    GLenum swizzle[4];
} tex_sampler;

/* The texel array of a buffer texture (ARB_texture_buffer_object): a view of
 * bytes the caller owns (gl/'s buffer object store), never freed here. */
typedef struct tex_buffer_view {
    const void *data;        /* NULL: no buffer attached */
    size_t size;             /* bytes of the view */
    GLenum internal_format;  /* TEXTURE_BUFFER_FORMAT_ARB, initially GL_LUMINANCE8 */
    int texels;              /* floor(size / texel bytes), at most TEX_MAX_BUFFER_TEXELS */
} tex_buffer_view;

typedef struct tex_object {
    GLenum target;        /* GL_TEXTURE_1D/2D/3D/CUBE_MAP/RECTANGLE_ARB/1D_ARRAY_EXT/
                           * 2D_ARRAY_EXT/BUFFER_ARB/2D_MULTISAMPLE/2D_MULTISAMPLE_ARRAY */
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
    /* GL_TEXTURE_BUFFER_ARB only (the images stay undefined): see
     * tex_buffer_attach. */
    tex_buffer_view buffer;
    /* Cube maps: level l's six faces lie in one block, face f at
     * image[0][l].data + f * (image[0][l].slice_stride) (tex_cube_pack);
     * face 0's data is the block. */
    bool cube_packed[TEX_MAX_LEVELS];
} tex_object;

tex_object *tex_object_create(GLenum target);
void tex_object_free(tex_object *t);
void tex_sampler_default(tex_sampler *s, GLenum target);

/* Re-derives mip_end[] after a caller changed t->image[][] by hand (every
 * tex_image_* function and tex_generate_mipmap already do it). */
void tex_object_images_changed(tex_object *t);

/* NV_geometry_program4 layered cube map attachments: moves the six faces of
 * cube map level `level` into one allocation, face f at face 0's data +
 * f * slice_stride (so a render target can address them as layers, rast.h
 * layer_stride = slice_stride).  True when they are packed (already, or
 * now); false when the faces differ in size or format, one is undefined,
 * has a stencil plane, or memory runs out (nothing changes then).  The
 * caller flushes first: the face data moves.  Redefining any image of the
 * object (tex_image_define, tex_generate_mipmap) unpacks it again. */
bool tex_cube_pack(tex_object *t, int level);

/* Internal format (GL 2.1 tables 3.16/3.17, ARB_texture_float, ARB_texture_rg,
 * EXT_texture_sRGB, ARB_depth_buffer_float, EXT_packed_depth_stencil, the
 * generic GL_COMPRESSED_* formats stored uncompressed) -> GL base format and
 * the storage format asmgl keeps it in.  False for an unknown format. */
bool tex_internal_format_info(GLenum internal_format, GLenum *base_format,
                              tex_format *storage);
/* The component type of an internal format's colour components, as
 * TEXTURE_RED_TYPE reports it (ARB_texture_float, GL 3.0):
 * FLOAT, INT, UNSIGNED_INT, SIGNED_NORMALIZED (EXT_texture_snorm) or
 * UNSIGNED_NORMALIZED; GL_NONE for an unknown format.  Depth formats are
 * UNSIGNED_NORMALIZED except DEPTH_COMPONENT32F's FLOAT depth, which the
 * caller asks about apart. */
GLenum tex_internal_format_type(GLenum internal_format);

/* The linear value of every sRGB-encoded byte (sRGB texel -> float), and
 * linear to sRGB (GL 2.1 section 3.8.15, EXT_texture_sRGB; GL 3.0 4.1.8's
 * encoding for FRAMEBUFFER_SRGB). */
extern const float tex_srgb8_to_linear[256];
float tex_linear_to_srgb(float c);
/* GL_SRGB for an internal format kept sRGB-encoded (EXT_texture_sRGB),
 * else GL_LINEAR (FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING). */
GLenum tex_internal_format_encoding(GLenum internal_format);

/* A 16-bit half float's value (ARB_half_float_pixel, ARB_half_float_vertex). */
float tex_half_to_float(uint16_t h);

/* EXT_packed_float's UNSIGNED_INT_10F_11F_11F_REV word (R: 11-bit, G:
 * 11-bit, B: 10-bit unsigned floats, 5-bit exponents) and
 * EXT_texture_shared_exponent's UNSIGNED_INT_5_9_9_9_REV word (9-bit
 * mantissas, one 5-bit exponent), from RGB and back.  Packing: negative
 * values and -inf are 0; NaN stays NaN and +inf infinity where the format
 * has them (packed float), values past the largest finite one become it;
 * packed-float mantissas are truncated (as Mesa), shared-exponent ones
 * rounded as EXT_texture_shared_exponent's algorithm says. */
uint32_t tex_pack_r11g11b10f(const float rgb[3]);
void tex_unpack_r11g11b10f(uint32_t w, float rgb[3]);
uint32_t tex_pack_rgb9e5(const float rgb[3]);
void tex_unpack_rgb9e5(uint32_t w, float rgb[3]);

/* ARB_texture_buffer_object table X.1 (plus ARB_texture_rg's R and RG
 * formats, as GL 3.1 table 3.15): whether internal_format may back a buffer
 * texture, and the bytes of one texel. */
bool tex_buffer_format_info(GLenum internal_format, size_t *texel_bytes);

/* glTexBufferARB for a GL_TEXTURE_BUFFER_ARB object: the texel array becomes
 * the size bytes at data, read with internal_format's layout (element type,
 * count and normalisation of table X.1, native byte order); texels =
 * min(floor(size / texel bytes), TEX_MAX_BUFFER_TEXELS).  data = NULL
 * detaches (buffer 0).  The bytes stay owned by the caller, who must call
 * again whenever the store moves or changes size (BufferData) and must not
 * free it while a scene may still sample t (R9).  Errors: INVALID_OPERATION
 * if t is not a buffer texture, INVALID_ENUM for a format not in the table
 * (t unchanged). */
GLenum tex_buffer_attach(tex_object *t, GLenum internal_format, const void *data, size_t size);

/* The most bytes one image may keep: one level of a texture (a cube map
 * level's six faces together, all layers of an array level, all slices of a
 * 3D level).  16384 x 16384 RGBA8 fits; larger images are refused
 * (tex_image_define: OUT_OF_MEMORY; proxies: unsupported, GL 2.1 section
 * 3.8.1) before any memory is touched, so the answer does not depend on
 * what the machine happens to have free. */
#define TEX_MAX_IMAGE_BYTES ((size_t)1 << 30)

/* Whether an image of interior size w x h x d (layers included) of
 * internal_format, times faces (6 for a cube map level, else 1), fits
 * TEX_MAX_IMAGE_BYTES in its storage format (DEPTH_STENCIL's stencil plane
 * counted).  False for an unknown format or negative sizes. */
bool tex_image_fits(GLenum internal_format, int w, int h, int d, int faces);

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
 * Integer internal formats keep client integers (clamped to the range of
 * their nominal size: RGBA8I [-128,127], RGBA16UI [0,65535] ...).
 * Errors (GL 2.1 section 3.8.1): INVALID_VALUE for a bad level, size, border
 * or internal format; INVALID_ENUM for a bad format/type or face, and for a
 * buffer texture (no images); INVALID_OPERATION for depth/colour data
 * mismatches, integer/non-integer mismatches between internal format and
 * client format (EXT_texture_integer), and depth 3D textures;
 * OUT_OF_MEMORY.  A failing call leaves the old image untouched.  With
 * sampler.generate_mipmap set, defining the base level regenerates the
 * levels above it (SGIS_generate_mipmap). */
GLenum tex_image_define(tex_object *t, int face, int level, GLenum internal_format,
                        int w, int h, int d, int border, GLenum format, GLenum type,
                        const void *pixels, const tex_pixel_store *ps);
/* glTexImage2DMultisample / glTexImage3DMultisample (ARB_texture_multisample)
 * on a GL_TEXTURE_2D_MULTISAMPLE (d = 1) or GL_TEXTURE_2D_MULTISAMPLE_ARRAY
 * (d = layers) object: level 0 of face 0 becomes a w x h x d image of
 * `samples` samples (1 <= samples <= TEX_MAX_SAMPLES), contents zero.
 * Colour, depth and integer internal formats as tex_image_define.  Errors:
 * INVALID_VALUE for sizes outside [0, TEX_MAX_SIZE] (d: layers limit) or
 * samples outside [1, TEX_MAX_SAMPLES], INVALID_ENUM for a format that is
 * not renderable, INVALID_OPERATION for a non-multisample target,
 * OUT_OF_MEMORY.  Sampling: TXFMS only (tex_sample op GP_TEXOP_TXFMS on
 * GP_TEX_2DMS / GP_TEX_ARRAY2DMS), TXQ gives (w, h, layers); every other op
 * returns the incomplete result.  TXFMS: coord .i = (x, y, layer, sample),
 * plus the constant or register texel offsets on x and y as TXF; a texel,
 * layer (ARRAY2DMS) or sample out of range reads (0, 0, 0, 0); integer
 * formats raw, depth formats expanded by DEPTH_TEXTURE_MODE as TXF does.
 * The image replaces every level; a multisample object is complete when
 * its image is defined (sampler state plays no part).  A DEPTH_STENCIL
 * image's stencil plane has one byte per sample:
 * stencil[((z * samples + s) * height + y) * width + x].  tex_image_define,
 * _sub, _get reject multisample objects with INVALID_ENUM,
 * tex_generate_mipmap with INVALID_OPERATION. */
#define TEX_MAX_SAMPLES 8
GLenum tex_image_multisample(tex_object *t, int samples, GLenum internal_format,
                             int w, int h, int d);

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
/* glGetTextureSubImage (ARB_get_texture_sub_image, GL 4.5 section 8.11.4):
 * texels x .. x+w-1, y .., z .. of level `level` packed as a w x h x d
 * image (3D packing: IMAGE_HEIGHT and SKIP_IMAGES apply), as
 * tex_image_get maps them; cube maps take z as the face (+X -X +Y -Y +Z
 * -Z), and the level's six faces must be defined and alike.  Errors:
 * INVALID_VALUE for a level out of range or a region outside the level (a
 * 1D image is 1 high and deep, a 2D one 1 deep), INVALID_OPERATION for a
 * buffer or multisample texture or faces that differ, the format/type
 * errors of tex_image_get.  An undefined level (not a cube map) writes
 * nothing. */
GLenum tex_image_get_region(const tex_object *t, int level, int x, int y, int z, int w, int h,
                            int d, GLenum format, GLenum type, void *pixels,
                            const tex_pixel_store *ps);
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
 * sizes, a bad alignment or sizes that overflow, INVALID_OPERATION for an
 * integer format (*_INTEGER: use the _int functions; GL 3.0 section 4.3.2
 * forbids integer formats with a non-integer colour buffer). */
GLenum tex_pixels_unpack(GLenum format, GLenum type, int w, int h, int d,
                         const void *src, const tex_pixel_store *ps, float *rgba);
GLenum tex_pixels_pack(GLenum format, GLenum type, int w, int h,
                       const float *rgba, void *dst, const tex_pixel_store *ps);

/* Integer pixel transfer (EXT_texture_integer; RED_INTEGER ... BGRA_INTEGER,
 * RG_INTEGER, LUMINANCE_INTEGER_EXT, LUMINANCE_ALPHA_INTEGER_EXT with the
 * integer types, and the packed types whose format list has the integer
 * format, as GL 3.3 table 3.5): rgba is w*h*d*4 int64 values, which hold any
 * int32 or uint32 exactly.  No conversion to float happens: unpack
 * sign-extends signed types and zero-extends unsigned ones and packed fields,
 * expands LUMINANCE to (L,L,L,1) and fills missing components with 0 and
 * alpha with 1; pack computes L = R+G+B and clamps every value to the range
 * of the type (GL 3.0 section 4.3.2, "Final Conversion"; packed fields to
 * [0, 2^bits-1]).  Errors as for the float functions, plus INVALID_ENUM for
 * FLOAT/HALF_FLOAT/BITMAP with an integer format (GL 3.0 section 3.7.2) and
 * INVALID_OPERATION for a non-integer format. */
GLenum tex_pixels_unpack_int(GLenum format, GLenum type, int w, int h, int d,
                             const void *src, const tex_pixel_store *ps, int64_t *rgba);
GLenum tex_pixels_pack_int(GLenum format, GLenum type, int w, int h,
                           const int64_t *rgba, void *dst, const tex_pixel_store *ps);

/* ---- Compressed images (ARB_texture_compression, S3TC, RGTC) ----
 *
 * The specific compressed formats are the S3TC ones (DXT1 RGB, DXT1 RGBA,
 * DXT3, DXT5 and their EXT_texture_sRGB forms) and the RGTC ones
 * (ARB_texture_compression_rgtc: RED, SIGNED_RED, RG, SIGNED_RG); the
 * generic GL_COMPRESSED_* formats are stored uncompressed (GL 2.1 section
 * 3.8.3 allows it) and are not "compressed" here.  TexImage / TexSubImage /
 * GenerateMipmap on such an image compress the texels they write and keep
 * their decoding; tex_image_sub then needs xoffset, yoffset multiples of 4
 * and width (height) a multiple of 4 or reaching the image's edge, else
 * INVALID_OPERATION (EXT_texture_compression_s3tc).  They exist for
 * 2D-like targets only (2D, cube map faces, 2D arrays, cube map arrays):
 * tex_image_define rejects them elsewhere with INVALID_ENUM (1D, 1D array)
 * or INVALID_OPERATION (3D, RECT). */

/* Whether internal_format is a specific compressed format asmgl keeps as
 * blocks. */
bool tex_format_is_compressed(GLenum internal_format);
/* Bytes of a w x h x d image of a specific compressed format (0 for other
 * formats or negative sizes). */
size_t tex_compressed_image_size(GLenum internal_format, int w, int h, int d);
/* glCompressedTexImage*: level `level` of face becomes the w x h x d image
 * whose blocks are the image_size bytes at data (NULL: contents zero).
 * Errors: INVALID_ENUM for a format that is not specific compressed or a
 * target S3TC does not take (as tex_image_define), INVALID_VALUE for a bad
 * level, size or border (border must be 0) or image_size not
 * tex_compressed_image_size, OUT_OF_MEMORY; a failing call changes nothing.
 * The base level with generate_mipmap set regenerates the levels above. */
GLenum tex_compressed_image_define(tex_object *t, int face, int level, GLenum internal_format,
                                   int w, int h, int d, int border, size_t image_size,
                                   const void *data);
/* glCompressedTexSubImage*: replaces the blocks of the region.  Errors:
 * INVALID_OPERATION for an undefined level, a format other than the image's
 * internal format, or a region off the block grid (as tex_image_sub);
 * INVALID_VALUE for a region outside the image or image_size not the
 * region's size. */
GLenum tex_compressed_image_sub(tex_object *t, int face, int level, int x, int y, int z,
                                int w, int h, int d, GLenum format, size_t image_size,
                                const void *data);
/* glGetCompressedTexImage: copies the level's blocks (tex_compressed_image_size
 * bytes) to dst.  INVALID_OPERATION when the level is not a compressed image
 * (GL 2.1 section 6.1.4). */
GLenum tex_compressed_image_get(const tex_object *t, int face, int level, void *dst);
/* glGetCompressedTextureSubImage (ARB_get_texture_sub_image): the blocks
 * of texels x .. x+w-1, y .., z .. (cube maps: faces z ..) of level
 * `level`, rows of blocks bottom-up, tightly packed
 * (tex_compressed_image_size(format, w, h, d) bytes).  Errors: as
 * tex_image_get_region, plus INVALID_OPERATION for a level that is not a
 * compressed image or a region off the 4x4 block grid. */
GLenum tex_compressed_image_get_region(const tex_object *t, int level, int x, int y, int z, int w,
                                       int h, int d, void *dst);

/* Mipmap/cube completeness (GL 2.1 section 3.8.10), plus GL 3.0's rule for
 * integer textures: incomplete unless MAG_FILTER is NEAREST and MIN_FILTER
 * is NEAREST or NEAREST_MIPMAP_NEAREST.  A buffer texture is complete when a
 * buffer is attached. */
bool tex_object_complete(const tex_object *t);

/* ---- Sampler objects (ARB_sampler_objects, GL 3.3 section 3.8.2) ----------
 *
 * A sampler object bound to a texture unit replaces the sampling state of
 * whatever texture the unit samples: the fields of GL 3.3 table 6.23
 * (wrap_s/t/r, min/mag_filter, border_color and border_color_int,
 * min/max_lod, lod_bias, compare_mode/func) and max_anisotropy
 * (EXT_texture_filter_anisotropic).  base_level, max_level, depth_mode,
 * swizzle and generate_mipmap stay the texture's.  A sampler object is kept
 * as a whole tex_sampler (the other fields unused). */

/* Copies the sampler-object fields above from so into dst. */
void tex_sampler_take_object_state(tex_sampler *dst, const tex_sampler *so);
/* tex_object_complete with s's filters (and wraps: a rectangle texture
 * sampled with REPEAT or MIRRORED_REPEAT, or with a mipmap MIN_FILTER, is
 * incomplete, GL 4.6 section 8.17); t's own base and max level.
 * tex_object_complete(t) is tex_object_complete_with(t, &t->sampler). */
bool tex_object_complete_with(const tex_object *t, const tex_sampler *s);

/* Samples t for the lanes in req->lane_mask (worker threads).  Results are
 * floats (.f), or raw 32-bit integers (.i / .u) for integer textures and
 * integer buffer formats (EXT_texture_integer: never filtered, never
 * converted).  An incomplete or NULL texture returns (0, 0, 0, 1) (integer
 * 1 for integer textures), as ARB_fragment_program specifies, and so do a
 * target that does not match t->target, an op a buffer texture does not
 * take, an op other than TXFMS/TXQ on a multisample target (or TXFMS on
 * another); TXG then returns the selected component of four such texels
 * (ARB_texture_gather issue 8).  Cube map arrays (GL_TEXTURE_CUBE_MAP_ARRAY,
 * GP_TEX_CUBEARRAY / SHADOWCUBEARRAY): one layered image per level, depth
 * 6 * layers, layer l's face f at slice 6l + f; coordinate xyz = direction
 * (face and s, t as CUBE), w = layer (rounded, clamped as for arrays); the
 * SHADOWCUBEARRAY reference is req->extra->x (glprog.h).  GP_TEXOP_TXGO
 * goes to tex_sample_gather_offsets with req->gather_x / gather_y.
 * unit_lod_bias is the texture unit's GL_TEXTURE_LOD_BIAS (texture env).
 * Ops: TEX/TXP/TXB/TXL/TXD filtered lookups (GL 2.1 section 3.8.8: with
 * req->quad_derivatives one LOD per 2x2 quad from lanes 0/1 (d/dx) and 0/2
 * (d/dy); without it lambda_base = 0, as NV_vertex_program3 says; TXL
 * lambda_base = w; TXD from req->ddx/ddy (cube maps: the face's s,t
 * derivatives; array layers take none); the bias sum is clamped to
 * +-TEX_MAX_LOD_BIAS).  Coordinates follow NV_gpu_program4 table X.17:
 * array layer = clamp(floor(c + 1/2), 0, layers-1) from y (ARRAY1D) or z
 * (ARRAY2D); depth reference from z (SHADOW1D/2D/RECT/ARRAY1D) or w
 * (SHADOWCUBE, SHADOWARRAY2D).  Texel offsets (req->offset, or
 * req->offset_reg per lane; none on cube maps) are added to the texel
 * coordinates u,v,w of every level before wrapping, never to the layer
 * (NV_gpu_program4 section 3.8.8 edits, issue 30).
 * TXF: integer fetch (table X.18: coord .i, level base + w, offsets added,
 * layer unoffset; BUFFER: texel x); a level below base or above MAX_LEVEL,
 * or a texel or layer out of range, reads (0,0,0,0).  TXQ: integer sizes of
 * level base + x (width; height or 1D-array layers; depth or 2D-array
 * layers; 0 elsewhere), BUFFER: x = texels.  TXG: the LINEAR footprint's
 * texels at the base level, component req->component, in the order
 * (T_i0j1, T_i1j1, T_i1j0, T_i0j0) (ARB_texture_gather); SHADOW targets
 * with compare on return each texel's 0/1 comparison.  LOD: x = lambda
 * within the levels, y = lambda.  Depth textures compare only for SHADOW
 * targets with COMPARE_MODE on (reference clamped to [0,1] unless the
 * format is 32F); otherwise the depth is returned expanded by
 * DEPTH_TEXTURE_MODE. */
void tex_sample(const tex_object *t, const gp_tex_request *req, float unit_lod_bias,
                gp_vec *out);

/* tex_sample with a sampler object's state (so: the sampler object bound
 * to the unit, NULL = none) in place of t's sampler-object fields, for
 * completeness too (tex_object_complete_with). */
void tex_sample_with(const tex_object *t, const tex_sampler *so, const gp_tex_request *req,
                     float unit_lod_bias, gp_vec *out);

/* TXGO (NV_gpu_program5, worker threads): a gather whose texel n (n = x, y,
 * z, w of the result) is T_i0j0 of the LINEAR footprint at the base level
 * after adding the texel offset (off_x component n, off_y component n) to
 * the coordinate; req->op is ignored, req->offset and req->offset_reg must
 * be zero / NULL and are ignored.  Component selection, SHADOW comparison,
 * incomplete results and integer textures as for TXG in tex_sample.  TXG is
 * TXGO with the footprint's own corners. */
void tex_sample_gather_offsets(const tex_object *t, const gp_tex_request *req,
                               const gp_vec *off_x, const gp_vec *off_y, gp_vec *out);

/* ---- A texture unit's sampling, decided once per draw (R11) ----------------
 *
 * tex_unit_prepare reduces what a unit samples (texture, sampler object,
 * unit LOD bias) to a sampler state once, on the thread that records the
 * draw; tex_unit_sample then samples with it from any number of worker
 * threads, exactly as tex_sample_with(t, so, req, unit_lod_bias, out)
 * would (same results, bit for bit; the one freedom: where a filter meets
 * two NaNs of different bits, from NaN texels or a NaN border colour, the
 * NaN that comes out is either one, as IEEE 754 leaves it to the operand
 * order).  Plain lookups (TEX, TXP, TXB, TXL
 * without register offsets) on complete 2D, RECT, CUBE and 2D array
 * textures of RGBA8 (sRGB too) or RGBA32F storage without anisotropy run
 * on kernels over all lanes of the task at once (tex_sample_simd.c); the
 * rest on the generic sampler.  ASMGL_TEX_KERNELS=0 in the environment
 * turns the kernels off (every lookup generic).  The state holds pointers
 * to t and so and what it read from them: it stays valid while neither
 * changes (the GL layer flushes queued scenes before changing either, R9).
 * A zeroed tex_unit_state is a unit with no texture (the incomplete
 * result).  Bytes are deterministic (padding zeroed), so two states of the
 * same inputs compare equal with memcmp. */
#define TEX_UNIT_STATE_WORDS 24
typedef struct tex_unit_state {
    const tex_object *t;
    const tex_sampler *so;
    float lod_bias;
    uint64_t priv[TEX_UNIT_STATE_WORDS]; /* texture/'s (tex_sample_priv.h tex_fast) */
} tex_unit_state;

void tex_unit_prepare(tex_unit_state *u, const tex_object *t, const tex_sampler *so,
                      float unit_lod_bias);
void tex_unit_sample(const tex_unit_state *u, const gp_tex_request *req, gp_vec *out);
/* The kernel of u's plain lookups as the executors call it directly
 * (glprog.h gp_tex_direct: the results of tex_unit_sample, or false for a
 * lookup it does not take); fn NULL where no kernel takes u.  Valid as
 * long as u. */
gp_tex_direct tex_unit_direct(const tex_unit_state *u);

/* ---- Image units (EXT_shader_image_load_store) -----------------------------
 *
 * What glBindImageTextureEXT binds to an image unit.  LOADIM / STOREIM /
 * ATOMIM reach the texel storage through tex_image_access (worker threads;
 * several at once, also on the same texels: atomics are host atomics via
 * memory/mem.h mem_atomic on the texel's first 32-bit word).  The canonical
 * storage (RGBA8, RGBA32F, RGBA32I/UI) stays as it is: the unit's `format`
 * (one of Table X.2 of the spec: RGBA32F RGBA16F RG32F RG16F R11F_G11F_B10F
 * R32F R16F RGBA32UI RGBA16UI RGB10_A2UI RGBA8UI RG32UI RG16UI RG8UI R32UI
 * R16UI R8UI RGBA32I RGBA16I RGBA8I RG32I RG16I RG8I R32I R16I R8I RGBA16
 * RGB10_A2 RGBA8 RG16 RG8 R16 R8 RGBA16_SNORM RGBA8_SNORM RG16_SNORM
 * RG8_SNORM R16_SNORM R8_SNORM) says how a texel is seen:
 *   - formatted stores (GP_IMG_STORE_FORMATTED) convert the data to
 *     `format` (clamping / rounding as the spec's format conversion rules
 *     say, e.g. RGBA8: clamp [0,1], * 255, round) and store the result in
 *     the canonical texel, so a later sample reads what the format holds;
 *   - unformatted accesses (LOAD / STORE / ATOM) see the texel as its
 *     bits in memory: the level's internal format packed as Table X.2
 *     lays it out (the same class as `format`: 4x32, 2x32, 1x32, 1x16,
 *     1x8, Table X.3), converting from and to the canonical storage; the
 *     request's elem/count must match the class (EDGE.IMG_SIZE_MATCH) or
 *     the access is invalid;
 *   - atomics need a 1x32 class format (Table X.3: ATOMIM.U32 / S32 / F32
 *     on a texel of 32 bits; others are invalid); where the texel's first
 *     canonical word is that 32-bit value (R32UI R32I: RGBA32UI/I
 *     component 0; R32F: RGBA32F component 0 (F32 ADD / EXCH); RGBA8) the
 *     host atomic works on it directly (see "Choices" below for the rest).
 * Addressing (TEX.IMG_COORDS): coord x (1D, BUFFER), x y (2D, RECT), x y z
 * (3D: z = slice; CUBE: z = face; ARRAY1D: x, layer z (Table X.5 and issue
 * 36: the assembly opcodes take the 1D array layer from z, not y as GLSL
 * does; a non-zero y is invalid); ARRAY2D, CUBEARRAY: z = layer
 * (CUBEARRAY: 6 * layer + face)), 2DMS (x, y, -, sample w), ARRAY2DMS
 * (x, y, layer z, sample w); with layered = false the
 * unit is the single layer / face / slice `layer` of a layered texture and
 * the program's target must be the 2D view of it (1D for a 1D array, 2DMS
 * for a 2DMS array: EDGE.IMG_LAYER_BIND).  Anything out of range, a target
 * that does not fit the texture, an incomplete level, or access mode
 * forbidding the access (READ_ONLY store, WRITE_ONLY load) is an invalid
 * access: loads and atomics give 0, stores write nothing (EDGE.IMG_INVALID,
 * EDGE.IMG_INDEX_OOB).
 *
 * Choices where the spec says "undefined" or leaves room (tex_image_unit.c):
 *   - the instruction's target must be exactly the view target of the
 *     binding (the texture's target, or its 1D / 2D / 2DMS view for
 *     layered = false on a 1D array / 3D, 2D array, cube, cube array / 2DMS
 *     array); any other target (2D on a RECT texture too) is invalid.
 *     layered and layer are ignored for textures without layers.
 *   - completeness: the level must lie in [BASE_LEVEL, MAX_LEVEL] and in
 *     the mipmap chain of the base level (tex_object.mip_end; cube maps
 *     cube complete), be defined, without border, and have an internal
 *     format of Table X.2 in F's class; the sampler's filters play no part
 *     (as Mesa: an R32UI texture with the default MIN_FILTER is usable).
 *     The unsized GL_RGBA (and 4), GL_RG, GL_RED count as RGBA8, RG8, R8.
 *     Multisample textures: level 0 only, any sample count (no
 *     MAX_IMAGE_SAMPLES limit here).  Buffer textures: level ignored, the
 *     view's TEXTURE_BUFFER_FORMAT must be in Table X.2; its bytes are the
 *     packed texels (little-endian host).
 *   - a sample outside [0, samples) (EDGE.IMG_SAMPLE) is invalid.
 *   - access modes: a load or atomic on WRITE_ONLY, a store or atomic on
 *     READ_ONLY is invalid (an atomic needs READ_WRITE).
 *   - formatted stores of a data type that does not fit the format: integer
 *     data to a float / normalized format is converted to the nearest
 *     float first; float data to an integer format is truncated toward
 *     zero, NaN -> 0; integer formats clamp to their size's range either
 *     way (INT -> R8UI: [0, 255]; UINT -> R8I: at most 127).  Float to 16F
 *     rounds to nearest even (overflow -> Inf); to 11F / 10F as
 *     EXT_packed_float (negative -> 0, above the largest finite -> it,
 *     NaN -> NaN); unorm / snorm clamp, scale by 2^b - 1 / 2^(b-1) - 1 and
 *     round to nearest.  The canonical texel then holds I's decoding of
 *     those bits (R8 -> (r/255, 0, 0, 1), R8_SNORM -> max(s/127, -1), ...).
 *   - unformatted accesses: the storage modifier's bytes (element bytes x
 *     count) must equal the class's, so the mem_extended forms (U8X4 on a
 *     1x32 format, F16 on 1x16, ...) work too; element m is bytes
 *     [m * size, (m + 1) * size) of the packed texel.
 *   - atomics: any 1x32 format.  R32UI / R32I / R32F (component 0 of
 *     RGBA32UI / RGBA32I / RGBA32F) and RGBA8 (its four bytes) are host
 *     atomics on the canonical word; other 1x32 formats (RG16F, RGBA8UI,
 *     ...) decode / mem_atomic / encode the texel under a striped
 *     spinlock, atomic against other atomics (not against plain stores to
 *     the same texel, a race the spec leaves undefined anyway).  CSWAP's
 *     "writes back the old value" is mem_atomic's "no store".
 *   - bindless image handles (req->bindless): not supported yet, invalid. */
typedef struct tex_image_unit {
    const tex_object *tex;   /* NULL: unbound; its images' data (a buffer
                              * texture's bytes) is written */
    int level;
    bool layered;
    int layer;
    GLenum access;           /* GL_READ_ONLY, GL_WRITE_ONLY, GL_READ_WRITE */
    GLenum format;           /* one of the formats above */
} tex_image_unit;

/* Whether format is an image unit format, and its size class in bytes per
 * texel (16, 8, 4, 2, 1) when it is. */
bool tex_image_format_info(GLenum format, int *class_bytes);
/* Performs req (glprog.h gp_image_request) on u for req->lane_mask (u NULL:
 * invalid).  out (may be NULL for stores) gets 0 in every component of
 * every lane of the mask first, then LOAD's elements / ATOM's old value. */
void tex_image_access(const tex_image_unit *u, const gp_image_request *req, gp_vec *out);
/* A gp_image_fn: units is a tex_image_unit[GP_MAX_IMAGE_UNITS] table,
 * req->unit selects one (>= GP_MAX_IMAGE_UNITS, or req->bindless: invalid).
 * The rasterizer stores the table's address as gp_memory.image_user. */
void tex_image_units_access(void *units, const gp_image_request *req, gp_vec *out);

#ifdef __cplusplus
}
#endif
#endif /* TEXTURE_TEX_H */
