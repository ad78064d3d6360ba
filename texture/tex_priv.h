/*
 * tex_priv.h - internals shared by the files of texture/ (no other folder
 * includes this header; R13).
 *
 * tex_format.c owns client pixel layouts (glPixelStore), client format/type
 * conversion and the internal-format table; tex_object.c uses the row
 * converters below to move rows between client memory and texel storage;
 * tex_sample.c reads the conversion tables.  Everything here runs on the API
 * thread except the read-only tables, which workers read too.
 */
#ifndef TEXTURE_TEX_PRIV_H
#define TEXTURE_TEX_PRIV_H

#include <stdlib.h>

#include "tex.h"

/* Allocation goes through these so a build can substitute its own (R14). */
#ifndef TEX_MALLOC
#define TEX_MALLOC(n) malloc(n)
#define TEX_CALLOC(n, s) calloc((n), (s))
#define TEX_FREE(p) free(p)
#endif

/* c / 255 for every byte value, exactly rounded (RGBA8 texel -> float). */
extern const float tex_u8_to_float[256];

uint16_t tex_float_to_half(float f); /* round to nearest even, overflow -> inf */

/* GL 2.1 table 3.15 (expand: the components a base format keeps, as RGBA;
 * table 3.21 for border colours) or table 6.1 (collapse: a stored texel
 * back to the RGBA GetTexImage packs, LUMINANCE -> (L,0,0,1), ...) on four
 * values of size bytes each (float, int64_t, uint32_t, uint8_t): a missing
 * colour component is 0 (all bits clear), a missing alpha *one.  out may
 * be in. */
void tex_base_apply(GLenum base, bool collapse, const void *in, void *out, size_t size,
                    const void *one);

/* SGIS_generate_mipmap (GL 2.1 section 3.8.8): after level of t changed,
 * generate (GENERATE_MIPMAP as it applies) and level the base level, the
 * levels above it are recomputed.  OUT_OF_MEMORY when that fails, else
 * GL_NO_ERROR (generation's other errors leave the levels as they are). */
GLenum tex_generate_after_change(tex_object *t, int level, bool generate);

/* GetTextureSubImage, GetCompressedTextureSubImage: whether level is one of
 * t's and the region (x, y, z, w, h, d) lies inside its image (a cube map's
 * faces as six layers); false is INVALID_VALUE. */
bool tex_region_fits(const tex_object *t, int level, int x, int y, int z, int w, int h, int d);

/* GL 2.1 section 3.8.15 (EXT_texture_sRGB): sRGB to linear. */
float tex_srgb_to_linear(float c);

/* What a client pixel format carries. */
enum {
    TEX_CLASS_COLOR,
    TEX_CLASS_DEPTH,
    TEX_CLASS_STENCIL,
    TEX_CLASS_DEPTH_STENCIL,
    TEX_CLASS_INTEGER /* the *_INTEGER formats of EXT_texture_integer */
};

/* Internal format flags (tex_ifmt.flags). */
enum {
    TEX_IF_FLOAT = 1u << 0, /* ARB_texture_float / 32F depth: no clamping to [0,1] */
    TEX_IF_SRGB = 1u << 1,  /* stored sRGB-encoded in RGBA8 (as given, as rendered, as
                               GetTexImage returns it); sampling decodes R, G, B */
    TEX_IF_SINT = 1u << 2,  /* EXT_texture_integer signed: RGBA32I storage */
    TEX_IF_UINT = 1u << 3,  /* EXT_texture_integer unsigned: RGBA32UI storage */
    TEX_IF_BLOCKS = 1u << 4, /* S3TC and RGTC formats: blocks + decoded texels */
    TEX_IF_SNORM = 1u << 5, /* EXT_texture_snorm (GL 3.1 signed normalized): RGBA32F
                               storage clamped to [-1, 1] */
    TEX_IF_R11G11B10F = 1u << 6, /* EXT_packed_float: RGBA32F holding what the
                                    format keeps (tex_pack_r11g11b10f's values) */
    TEX_IF_RGB9E5 = 1u << 7      /* EXT_texture_shared_exponent, the same */
};

typedef struct tex_ifmt {
    GLenum internal_format;
    GLenum base_format;
    uint8_t storage;  /* tex_format */
    uint8_t flags;    /* TEX_IF_* */
    uint8_t int_bits; /* integer formats: bits a component (8, 16, 32), else 0 */
} tex_ifmt;

/* One texel of a colour image as float RGBA in the internal format's own
 * encoding (sRGB formats encoded, base format collapsed as GetTexImage
 * sees it), and the store of such a value (base format applied, clamped):
 * tex_object.c's texel access for tex_compressed.c. */
void tex_texel_load(const tex_image *img, int i, int j, int k, float out[4]);
void tex_texel_store(tex_image *img, const tex_ifmt *f, int i, int j, int k, const float in[4]);

/* S3TC and RGTC images (tex_compressed.c): after texels of the region x..x+w-1,
 * y..y+h-1, z..z+d-1 of img changed, compresses every block the region
 * touches from the texels and writes the blocks' decoding back, so data
 * stays the decoding of blocks.  Allocates img->blocks when missing;
 * OUT_OF_MEMORY when that fails. */
GLenum tex_blocks_recompress(tex_image *img, const tex_ifmt *f, int x, int y, int z, int w, int h,
                           int d);
/* Block bytes of an S3TC or RGTC internal format (8 or 16), 0 for others. */
int tex_block_bytes(GLenum internal_format);

/* libsquish (tex_squish.cpp): one 4x4 block, texels row-major RGBA8 (texel
 * (i, j) at 4 * (4j + i)).  kind 1, 3, 5 = DXT1, DXT3, DXT5, 4 = BC4
 * (RGTC1: red), 6 = BC5 (RGTC2: red, green); mask bit 4j + i set for the
 * texels that lie inside the image. */
void tex_squish_decode(int kind, const void *block, uint8_t rgba[64]);
void tex_squish_encode(int kind, const uint8_t rgba[64], int mask, void *block);

static inline bool tex_format_is_int(tex_format f)
{
    return f == TEX_FMT_RGBA32I || f == TEX_FMT_RGBA32UI;
}

/* ARB_texture_multisample targets (tex_multisample.c): one level of
 * tex_image.samples sample planes, sampled only by TXFMS / TXQ. */
static inline bool tex_target_is_ms(GLenum target)
{
    return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

/* NULL for an unknown internal format. */
const tex_ifmt *tex_ifmt_lookup(GLenum internal_format);

struct tex_cfmt;
struct tex_ctype;

/* One client transfer, resolved: the format and type descriptors and the
 * byte layout that glPixelStore asks for (GL 2.1 section 3.6.4, figure 3.8). */
typedef struct tex_xfer {
    const struct tex_cfmt *fmt;
    const struct tex_ctype *type;
    int fmt_class;        /* TEX_CLASS_* */
    int w, h, d;
    size_t group;         /* bytes per group (BITMAP: 0, groups are bits) */
    size_t row_stride;    /* bytes between rows */
    size_t image_stride;  /* bytes between images */
    size_t skip;          /* bytes from the base pointer to the first row */
    size_t skip_bits;     /* BITMAP only: bits to skip in every row */
    size_t extent;        /* bytes touched from the base pointer */
    bool swap, lsb_first;
} tex_xfer;

/* Validates format/type/sizes/store and fills x.  three_d: whether
 * IMAGE_HEIGHT and SKIP_IMAGES apply. */
GLenum tex_xfer_setup(tex_xfer *x, GLenum format, GLenum type, int w, int h, int d,
                      bool three_d, const tex_pixel_store *ps);
/* Converts row j of image k (w groups) to float RGBA (4 floats a group). */
void tex_xfer_unpack_row(const tex_xfer *x, const void *base, int j, int k, float *rgba);
/* Whether x moves unsigned bytes of colour (type UNSIGNED_BYTE, a colour
 * format that is not *_INTEGER), so tex_xfer_unpack_row_u8 can read it. */
bool tex_xfer_is_u8_color(const tex_xfer *x);
/* Row j of image k of such a transfer as RGBA bytes (4 a group, missing
 * colour components 0, alpha 255, LUMINANCE expanded to L,L,L): the bytes
 * tex_xfer_unpack_row gives as c / 255, without the float round trip. */
void tex_xfer_unpack_row_u8(const tex_xfer *x, const void *base, int j, int k, uint8_t *rgba);
/* Converts w groups of float RGBA into row j of image k. */
void tex_xfer_pack_row(const tex_xfer *x, void *base, int j, int k, const float *rgba);
/* The same for TEX_CLASS_INTEGER transfers (EXT_texture_integer): components
 * keep their integer values (signed types sign-extended, unsigned types and
 * packed fields zero-extended; missing components 0, alpha 1); packing
 * clamps each value to the range of the type (or of the packed field). */
void tex_xfer_unpack_row_int(const tex_xfer *x, const void *base, int j, int k, int64_t *rgba);
void tex_xfer_pack_row_int(const tex_xfer *x, void *base, int j, int k, const int64_t *rgba);

/* Buffer textures (tex_buffer.c, worker threads): texel index of t's
 * buffer view as (R,G,B,A) by ARB_texture_buffer_object table X.1 and the
 * base format (float, or raw 32-bit integers for the integer formats);
 * (0,0,0,0) outside [0, texels) or with no buffer attached. */
void tex_buffer_fetch(const tex_object *t, int32_t index, gp_val out[4]);
/* Whether t's buffer format is an integer one (results are .i/.u). */
bool tex_buffer_is_int(const tex_object *t);

/* A colour component as RGBA8 storage keeps it: clamped to [0, 1] (NaN:
 * 0), times 255 plus 1/2 in float, truncated (uploads, compressed-block
 * re-encoding). */
static inline uint8_t tex_unorm8(float v)
{
    v = v > 0.0f ? (v < 1.0f ? v : 1.0f) : 0.0f;
    return (uint8_t)(v * 255.0f + 0.5f);
}

/* Overflow-checked size arithmetic (R14). */
static inline bool tex_size_mul(size_t a, size_t b, size_t *r)
{
    if (b != 0 && a > SIZE_MAX / b)
        return false;
    *r = a * b;
    return true;
}
static inline bool tex_size_add(size_t a, size_t b, size_t *r)
{
    if (a > SIZE_MAX - b)
        return false;
    *r = a + b;
    return true;
}

#endif /* TEXTURE_TEX_PRIV_H */
