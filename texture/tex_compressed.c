/*
 * tex_compressed.c - S3TC and RGTC images (EXT_texture_compression_s3tc,
 * ARB_texture_compression_rgtc, with ARB_texture_compression's commands):
 * blocks kept beside their decoded texels (tex.h tex_image.blocks), the
 * CompressedTex*Image transfers, and recompression after uncompressed
 * writes.  S3TC's codec is libsquish (tex_squish.cpp).  RGTC blocks decode
 * here, exactly as ARB_texture_compression_rgtc's formulas in float; the
 * unsigned forms encode with libsquish's BC4 / BC5, the signed ones here
 * (libsquish has no signed BC4): endpoints at the channel's extremes,
 * each texel the nearest of the eight codes.
 */
#include <math.h>
#include <string.h>

#include "tex_priv.h"

static bool is_rgtc(GLenum f)
{
    return f == GL_COMPRESSED_RED_RGTC1 || f == GL_COMPRESSED_SIGNED_RED_RGTC1 ||
           f == GL_COMPRESSED_RG_RGTC2 || f == GL_COMPRESSED_SIGNED_RG_RGTC2;
}

static bool rgtc_signed(GLenum f)
{
    return f == GL_COMPRESSED_SIGNED_RED_RGTC1 || f == GL_COMPRESSED_SIGNED_RG_RGTC2;
}

int tex_block_bytes(GLenum internal_format)
{
    switch (internal_format) {
    case GL_COMPRESSED_RED_RGTC1:
    case GL_COMPRESSED_SIGNED_RED_RGTC1:
        return 8;
    case GL_COMPRESSED_RG_RGTC2:
    case GL_COMPRESSED_SIGNED_RG_RGTC2:
        return 16;
    case GL_COMPRESSED_RGB_S3TC_DXT1_EXT:
    case GL_COMPRESSED_RGBA_S3TC_DXT1_EXT:
    case GL_COMPRESSED_SRGB_S3TC_DXT1_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT:
        return 8;
    case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT:
    case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
        return 16;
    default:
        return 0;
    }
}

/* squish kind: 1, 3, 5 for DXT1, DXT3, DXT5. */
static int s3tc_kind(GLenum f)
{
    switch (f) {
    case GL_COMPRESSED_RGBA_S3TC_DXT3_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT:
        return 3;
    case GL_COMPRESSED_RGBA_S3TC_DXT5_EXT:
    case GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT:
        return 5;
    default:
        return 1;
    }
}

/* The RGB DXT1 forms: alpha is 1 whatever the block says (the spec's
 * three-colour black is opaque for them). */
static bool s3tc_opaque(GLenum f)
{
    return f == GL_COMPRESSED_RGB_S3TC_DXT1_EXT || f == GL_COMPRESSED_SRGB_S3TC_DXT1_EXT;
}

bool tex_format_is_compressed(GLenum internal_format)
{
    return tex_block_bytes(internal_format) != 0;
}

static size_t blocks_across(int n)
{
    return (size_t)(n + 3) / 4;
}

size_t tex_compressed_image_size(GLenum internal_format, int w, int h, int d)
{
    int bb = tex_block_bytes(internal_format);
    if (!bb || w < 0 || h < 0 || d < 0)
        return 0;
    size_t n;
    if (!tex_size_mul(blocks_across(w), blocks_across(h), &n) || !tex_size_mul(n, (size_t)d, &n) ||
        !tex_size_mul(n, (size_t)bb, &n))
        return 0;
    return n;
}

static uint8_t *block_ptr(const tex_image *img, int bx, int by, int k)
{
    size_t bb = (size_t)tex_block_bytes(img->internal_format);
    size_t row = blocks_across(img->width) * bb;
    size_t slice = row * blocks_across(img->height);
    return img->blocks + (size_t)k * slice + (size_t)by * row + (size_t)bx * bb;
}

static bool blocks_alloc(tex_image *img)
{
    if (img->blocks)
        return true;
    size_t n = tex_compressed_image_size(img->internal_format, img->width, img->height, img->depth);
    img->blocks = TEX_CALLOC(1, n ? n : 1);
    return img->blocks != NULL;
}

/* ---- RGTC (ARB_texture_compression_rgtc section 3.8.x "RGTC Compressed
 * Texture Image Formats") ------------------------------------------------------------ */

/* The eight values of one 8-byte channel block's codes: the endpoints, then
 * six interpolants (e0 > e1) or four and the range's ends. */
static void rgtc_palette(const uint8_t *b, bool sgn, float pal[8])
{
    float e0, e1;
    bool eight;
    if (sgn) {
        int s0 = (int8_t)b[0], s1 = (int8_t)b[1];
        e0 = s0 == -128 ? -1.0f : (float)s0 / 127.0f;
        e1 = s1 == -128 ? -1.0f : (float)s1 / 127.0f;
        eight = s0 > s1;
    } else {
        e0 = (float)b[0] / 255.0f;
        e1 = (float)b[1] / 255.0f;
        eight = b[0] > b[1];
    }
    pal[0] = e0;
    pal[1] = e1;
    if (eight) {
        for (int i = 1; i <= 6; i++)
            pal[1 + i] = ((float)(7 - i) * e0 + (float)i * e1) / 7.0f;
    } else {
        for (int i = 1; i <= 4; i++)
            pal[1 + i] = ((float)(5 - i) * e0 + (float)i * e1) / 5.0f;
        pal[6] = sgn ? -1.0f : 0.0f;
        pal[7] = 1.0f;
    }
}

/* The 3-bit code of texel t (row-major) of a channel block. */
static int rgtc_code(const uint8_t *b, int t)
{
    uint64_t bits = 0;
    for (int i = 0; i < 6; i++)
        bits |= (uint64_t)b[2 + i] << (8 * i);
    return (int)((bits >> (3 * t)) & 7u);
}

/* One signed channel of 16 texels into an 8-byte block (want: the values,
 * used: the texels inside the image). */
static void rgtc_encode_signed(const float want[16], int used, uint8_t *b)
{
    float lo = 1.0f, hi = -1.0f;
    for (int t = 0; t < 16; t++) {
        if (!(used >> t & 1))
            continue;
        float v = want[t] > -1.0f ? (want[t] < 1.0f ? want[t] : 1.0f) : -1.0f;
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
    }
    if (hi < lo)
        lo = hi = 0.0f;
    int s0 = (int)lrintf(hi * 127.0f), s1 = (int)lrintf(lo * 127.0f);
    if (s0 == s1 && s0 > -127)
        s1 = s0 - 1; /* e0 > e1: the eight-value mode */
    else if (s0 == s1)
        s0 = s1 + 1;
    b[0] = (uint8_t)(int8_t)s0;
    b[1] = (uint8_t)(int8_t)s1;
    float pal[8];
    rgtc_palette(b, true, pal);
    uint64_t bits = 0;
    for (int t = 0; t < 16; t++) {
        int best = 0;
        float v = want[t], d = INFINITY;
        for (int c = 0; c < 8; c++)
            if (fabsf(pal[c] - v) < d) {
                d = fabsf(pal[c] - v);
                best = c;
            }
        bits |= (uint64_t)best << (3 * t);
    }
    for (int i = 0; i < 6; i++)
        b[2 + i] = (uint8_t)(bits >> (8 * i));
}

/* Writes the decoding of RGTC block (bx, by) of slice k into the texels:
 * red (and green) from the channel blocks, blue 0, alpha 1. */
static void rgtc_decode(tex_image *img, const tex_ifmt *f, int bx, int by, int k)
{
    const uint8_t *b = block_ptr(img, bx, by, k);
    bool sgn = rgtc_signed(img->internal_format);
    int nch = tex_block_bytes(img->internal_format) / 8;
    float pal[2][8];
    for (int ch = 0; ch < nch; ch++)
        rgtc_palette(b + 8 * ch, sgn, pal[ch]);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            int x = bx * 4 + i, y = by * 4 + j;
            if (x >= img->width || y >= img->height)
                continue;
            float c[4] = {0.0f, 0.0f, 0.0f, 1.0f};
            for (int ch = 0; ch < nch; ch++)
                c[ch] = pal[ch][rgtc_code(b + 8 * ch, 4 * j + i)];
            tex_texel_store(img, f, x, y, k, c);
        }
}

/* Compresses RGTC block (bx, by) of slice k from the texels. */
static void rgtc_encode(tex_image *img, int bx, int by, int k)
{
    float want[2][16] = {{0}};
    uint8_t rgba[64];
    int used = 0;
    memset(rgba, 0, sizeof rgba);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            int x = bx * 4 + i, y = by * 4 + j, t = 4 * j + i;
            if (x >= img->width || y >= img->height)
                continue;
            float c[4];
            tex_texel_load(img, x, y, k, c);
            for (int ch = 0; ch < 2; ch++) {
                want[ch][t] = c[ch];
                rgba[4 * t + ch] = tex_unorm8(c[ch]);
            }
            used |= 1 << t;
        }
    uint8_t *b = block_ptr(img, bx, by, k);
    int nch = tex_block_bytes(img->internal_format) / 8;
    if (!rgtc_signed(img->internal_format)) {
        tex_squish_encode(nch == 2 ? 6 : 4, rgba, used, b);
        return;
    }
    for (int ch = 0; ch < nch; ch++)
        rgtc_encode_signed(want[ch], used, b + 8 * ch);
}

/* ---- S3TC ---------------------------------------------------------------------------- */

/* Writes the decoding of block (bx, by) of slice k into the texels. */
static void block_decode(tex_image *img, const tex_ifmt *f, int bx, int by, int k)
{
    if (is_rgtc(img->internal_format)) {
        rgtc_decode(img, f, bx, by, k);
        return;
    }
    uint8_t rgba[64];
    tex_squish_decode(s3tc_kind(img->internal_format), block_ptr(img, bx, by, k), rgba);
    bool opaque = s3tc_opaque(img->internal_format);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            int x = bx * 4 + i, y = by * 4 + j;
            if (x >= img->width || y >= img->height)
                continue;
            const uint8_t *p = rgba + 4 * (4 * j + i);
            float c[4] = {tex_u8_to_float[p[0]], tex_u8_to_float[p[1]], tex_u8_to_float[p[2]],
                          opaque ? 1.0f : tex_u8_to_float[p[3]]};
            tex_texel_store(img, f, x, y, k, c);
        }
}

/* Compresses block (bx, by) of slice k from the texels. */
static void block_encode(tex_image *img, int bx, int by, int k)
{
    if (is_rgtc(img->internal_format)) {
        rgtc_encode(img, bx, by, k);
        return;
    }
    uint8_t rgba[64];
    int mask = 0;
    memset(rgba, 0, sizeof rgba);
    for (int j = 0; j < 4; j++)
        for (int i = 0; i < 4; i++) {
            int x = bx * 4 + i, y = by * 4 + j;
            if (x >= img->width || y >= img->height)
                continue;
            float c[4];
            tex_texel_load(img, x, y, k, c);
            uint8_t *p = rgba + 4 * (4 * j + i);
            for (int q = 0; q < 4; q++)
                p[q] = tex_unorm8(c[q]);
            mask |= 1 << (4 * j + i);
        }
    tex_squish_encode(s3tc_kind(img->internal_format), rgba, mask, block_ptr(img, bx, by, k));
}

GLenum tex_blocks_recompress(tex_image *img, const tex_ifmt *f, int x, int y, int z, int w, int h,
                           int d)
{
    if (!img->data || w <= 0 || h <= 0 || d <= 0)
        return GL_NO_ERROR;
    if (!blocks_alloc(img))
        return GL_OUT_OF_MEMORY;
    int x0 = x > 0 ? x : 0, y0 = y > 0 ? y : 0, z0 = z > 0 ? z : 0;
    int x1 = x + w < img->width ? x + w : img->width;
    int y1 = y + h < img->height ? y + h : img->height;
    int z1 = z + d < img->depth ? z + d : img->depth;
    for (int k = z0; k < z1; k++)
        for (int by = y0 / 4; by * 4 < y1; by++)
            for (int bx = x0 / 4; bx * 4 < x1; bx++) {
                block_encode(img, bx, by, k);
                block_decode(img, f, bx, by, k);
            }
    return GL_NO_ERROR;
}

/* Replaces the blocks of the block-aligned region from src (rows of blocks
 * of the region, bottom-up, slices) and decodes them. */
static void blocks_write(tex_image *img, const tex_ifmt *f, int x, int y, int z, int w, int h,
                         int d, const uint8_t *src)
{
    size_t bb = (size_t)tex_block_bytes(img->internal_format);
    size_t nbx = blocks_across(w), nby = blocks_across(h);
    for (int k = 0; k < d; k++)
        for (size_t by = 0; by < nby; by++) {
            memcpy(block_ptr(img, x / 4, y / 4 + (int)by, z + k),
                   src + (((size_t)k * nby + by) * nbx) * bb, nbx * bb);
            for (size_t bx = 0; bx < nbx; bx++)
                block_decode(img, f, x / 4 + (int)bx, y / 4 + (int)by, z + k);
        }
}

GLenum tex_compressed_image_define(tex_object *t, int face, int level, GLenum internal_format,
                                   int w, int h, int d, int border, size_t image_size,
                                   const void *data)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (!tex_format_is_compressed(internal_format))
        return GL_INVALID_ENUM;
    if (border != 0 || w < 0 || h < 0 || d < 0)
        return GL_INVALID_VALUE;
    if (image_size != tex_compressed_image_size(internal_format, w, h, d))
        return GL_INVALID_VALUE;
    /* the storage, target and size checks are TexImage's; the blocks are
     * filled below */
    bool gen = t->sampler.generate_mipmap;
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    t->sampler.generate_mipmap = false;
    GLenum err = tex_image_define(t, face, level, internal_format, w, h, d, 0, GL_RGBA,
                                  GL_UNSIGNED_BYTE, NULL, &ps);
    t->sampler.generate_mipmap = gen;
    if (err != GL_NO_ERROR)
        return err;
    tex_image *img = &t->image[face][level];
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!blocks_alloc(img))
        return GL_OUT_OF_MEMORY;
    if (data && image_size > 0 && img->data)
        blocks_write(img, f, 0, 0, 0, w, h, d, data);
    return tex_generate_after_change(t, level, gen);
}

GLenum tex_compressed_image_sub(tex_object *t, int face, int level, int x, int y, int z,
                                int w, int h, int d, GLenum format, size_t image_size,
                                const void *data)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (face < 0 || face >= t->num_faces)
        return GL_INVALID_ENUM;
    if (!tex_format_is_compressed(format))
        return GL_INVALID_ENUM;
    if (level < 0 || level >= TEX_MAX_LEVELS)
        return GL_INVALID_VALUE;
    tex_image *img = &t->image[face][level];
    if (img->internal_format == 0)
        return GL_INVALID_OPERATION;
    if (w < 0 || h < 0 || d < 0 || x < 0 || y < 0 || z < 0 || (int64_t)x + w > img->width ||
        (int64_t)y + h > img->height || (int64_t)z + d > img->depth)
        return GL_INVALID_VALUE;
    if (format != img->internal_format)
        return GL_INVALID_OPERATION;
    if (x % 4 || y % 4 || (w % 4 && x + w != img->width) || (h % 4 && y + h != img->height))
        return GL_INVALID_OPERATION;
    if (image_size != tex_compressed_image_size(format, w, h, d))
        return GL_INVALID_VALUE;
    if (!data || image_size == 0 || !img->data)
        return GL_NO_ERROR;
    if (!blocks_alloc(img))
        return GL_OUT_OF_MEMORY;
    blocks_write(img, tex_ifmt_lookup(format), x, y, z, w, h, d, data);
    return tex_generate_after_change(t, level, t->sampler.generate_mipmap);
}

GLenum tex_compressed_image_get(const tex_object *t, int face, int level, void *dst)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (face < 0 || face >= t->num_faces)
        return GL_INVALID_ENUM;
    if (level < 0 || level >= TEX_MAX_LEVELS)
        return GL_INVALID_VALUE;
    const tex_image *img = &t->image[face][level];
    if (!tex_format_is_compressed(img->internal_format))
        return GL_INVALID_OPERATION;
    size_t n = tex_compressed_image_size(img->internal_format, img->width, img->height, img->depth);
    if (dst && img->blocks && n)
        memcpy(dst, img->blocks, n);
    return GL_NO_ERROR;
}

GLenum tex_compressed_image_get_region(const tex_object *t, int level, int x, int y, int z, int w,
                                       int h, int d, void *dst)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (!tex_region_fits(t, level, x, y, z, w, h, d))
        return GL_INVALID_VALUE;
    bool cube = t->target == GL_TEXTURE_CUBE_MAP;
    const tex_image *img = &t->image[0][level];
    if (!tex_format_is_compressed(img->internal_format))
        return GL_INVALID_OPERATION;
    /* whole blocks only: offsets on the 4x4 grid, sizes multiples of 4 or
     * reaching the image's edge (GL 4.5 section 8.11.4) */
    if ((x & 3) || (y & 3) || ((w & 3) && x + w != img->width) || ((h & 3) && y + h != img->height))
        return GL_INVALID_OPERATION;
    size_t bb = (size_t)tex_block_bytes(img->internal_format);
    size_t src_row = (size_t)((img->width + 3) / 4) * bb;
    size_t src_slice = src_row * (size_t)((img->height + 3) / 4);
    size_t row = (size_t)((w + 3) / 4) * bb;
    int rows = (h + 3) / 4;
    uint8_t *out = dst;
    for (int k = 0; k < d; k++) {
        const tex_image *fi = cube ? &t->image[z + k][level] : img;
        if (fi->internal_format != img->internal_format || fi->width != img->width ||
            fi->height != img->height)
            return GL_INVALID_OPERATION;
        if (!out || !fi->blocks)
            continue;
        const uint8_t *slice = fi->blocks + (cube ? 0 : (size_t)(z + k) * src_slice);
        for (int r = 0; r < rows; r++) {
            memcpy(out, slice + (size_t)(y / 4 + r) * src_row + (size_t)(x / 4) * bb, row);
            out += row;
        }
    }
    return GL_NO_ERROR;
}
