/*
 * tex_compressed.c - S3TC images (EXT_texture_compression_s3tc, with
 * ARB_texture_compression's commands): blocks kept beside their decoded
 * texels (tex.h tex_image.blocks), the CompressedTex*Image transfers, and
 * recompression after uncompressed writes.  The block codec is libsquish
 * (tex_squish.cpp).
 */
#include <string.h>

#include "tex_priv.h"

int tex_s3tc_block_bytes(GLenum internal_format)
{
    switch (internal_format) {
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
    return tex_s3tc_block_bytes(internal_format) != 0;
}

static size_t blocks_across(int n)
{
    return (size_t)(n + 3) / 4;
}

size_t tex_compressed_image_size(GLenum internal_format, int w, int h, int d)
{
    int bb = tex_s3tc_block_bytes(internal_format);
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
    size_t bb = (size_t)tex_s3tc_block_bytes(img->internal_format);
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

/* Writes the decoding of block (bx, by) of slice k into the texels. */
static void block_decode(tex_image *img, const tex_ifmt *f, int bx, int by, int k)
{
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
            for (int q = 0; q < 4; q++) {
                float v = c[q] > 0.0f ? (c[q] < 1.0f ? c[q] : 1.0f) : 0.0f;
                p[q] = (uint8_t)(v * 255.0f + 0.5f);
            }
            mask |= 1 << (4 * j + i);
        }
    tex_squish_encode(s3tc_kind(img->internal_format), rgba, mask, block_ptr(img, bx, by, k));
}

GLenum tex_s3tc_recompress(tex_image *img, const tex_ifmt *f, int x, int y, int z, int w, int h,
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
    size_t bb = (size_t)tex_s3tc_block_bytes(img->internal_format);
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
    size_t bb = (size_t)tex_s3tc_block_bytes(img->internal_format);
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
