/*
 * tex_object.c - texture objects: creation, image specification
 * (glTexImage*, glTexSubImage*, glGetTexImage), mipmap generation and
 * completeness.  API thread only; the rasterizer must have flushed every
 * scene that samples an object before any function here changes it (R9).
 *
 * Storage decisions (see also tex_format.c):
 * - Images are stored in canonical formats with the base-format mapping of
 *   GL 2.1 table 3.15 applied at upload (LUMINANCE -> (L,L,L,1), ALPHA ->
 *   (0,0,0,A), INTENSITY -> (I,I,I,I), RGB -> (R,G,B,1) ...), so sampling is
 *   format-blind; depth images keep the depth value and DEPTH_TEXTURE_MODE is
 *   applied when sampling.
 * - Texture borders (border = 1, GL 2.1 section 3.8.1) are accepted and
 *   stripped, as Mesa's gallium drivers do: the border texels are dropped
 *   and sampling uses TEXTURE_BORDER_COLOR wherever GL would read a border
 *   texel.  image->border remembers the 1 for queries and completeness.
 * - Array textures (EXT_texture_array) keep their layers in height (1D
 *   arrays) or depth (2D arrays); mipmapping never halves the layer count.
 * - Integer textures (EXT_texture_integer) keep int32/uint32 values: client
 *   integers are clamped to the range of the internal format's nominal size
 *   (RGBA8I: [-128, 127]) and never pass through float; only *_INTEGER
 *   client formats reach them (GL 3.0 section 3.8.1 errors).
 * - Buffer textures (ARB_texture_buffer_object) have no images at all: see
 *   tex_buffer.c; every image function rejects them.
 */
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "tex_priv.h"

/* The 1 (alpha) of tex_base_apply for each value type. */
static const float one_f = 1.0f;
static const int64_t one_i64 = 1;
static const uint8_t one_u8 = 255;

/* ---- targets ------------------------------------------------------------------ */

/* Number of filtered dimensions and whether the last stored dimension holds
 * array layers. */
static int target_dims(GLenum target, bool *layered)
{
    *layered = false;
    switch (target) {
    case GL_TEXTURE_1D: return 1;
    case GL_TEXTURE_2D:
    case GL_TEXTURE_RECTANGLE_ARB:
    case GL_TEXTURE_CUBE_MAP: return 2;
    case GL_TEXTURE_3D: return 3;
    case GL_TEXTURE_1D_ARRAY_EXT: *layered = true; return 1;
    case GL_TEXTURE_2D_ARRAY_EXT: *layered = true; return 2;
    /* ARB_texture_cube_map_array: a 2D array of 6 * layers layer-faces
     * (layer l's face f is slice 6l + f), square */
    case GL_TEXTURE_CUBE_MAP_ARRAY: *layered = true; return 2;
    default: return 0;
    }
}

static bool filter_needs_mips(GLenum f)
{
    return f == GL_NEAREST_MIPMAP_NEAREST || f == GL_NEAREST_MIPMAP_LINEAR ||
           f == GL_LINEAR_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_LINEAR;
}

static int floor_log2(int v)
{
    int r = 0;
    while (v > 1) {
        v >>= 1;
        r++;
    }
    return r;
}

static bool image_defined(const tex_image *img)
{
    return img->internal_format != 0;
}

static bool image_empty(const tex_image *img)
{
    return img->width <= 0 || img->height <= 0 || img->depth <= 0;
}

static void image_release(tex_image *img)
{
    TEX_FREE(img->data);
    TEX_FREE(img->stencil);
    TEX_FREE(img->blocks);
    memset(img, 0, sizeof *img);
}

/* ---- objects ------------------------------------------------------------------- */

void tex_sampler_default(tex_sampler *s, GLenum target)
{
    /* GL 2.1 table 6.20 (texture object state) */
    memset(s, 0, sizeof *s);
    s->min_filter = GL_NEAREST_MIPMAP_LINEAR;
    s->mag_filter = GL_LINEAR;
    s->wrap_s = s->wrap_t = s->wrap_r = GL_REPEAT;
    s->min_lod = -1000.0f;
    s->max_lod = 1000.0f;
    s->lod_bias = 0.0f;
    s->base_level = 0;
    s->max_level = 1000;
    s->compare_mode = GL_NONE;
    s->compare_func = GL_LEQUAL;
    s->depth_mode = GL_LUMINANCE;
    s->max_anisotropy = 1.0f;
    s->generate_mipmap = false;
    s->swizzle[0] = GL_RED;
    s->swizzle[1] = GL_GREEN;
    s->swizzle[2] = GL_BLUE;
    s->swizzle[3] = GL_ALPHA;
    if (target == GL_TEXTURE_RECTANGLE_ARB) {
        /* ARB_texture_rectangle: initial MIN_FILTER LINEAR, wraps CLAMP_TO_EDGE */
        s->min_filter = GL_LINEAR;
        s->wrap_s = s->wrap_t = s->wrap_r = GL_CLAMP_TO_EDGE;
    }
}

tex_object *tex_object_create(GLenum target)
{
    bool layered;
    if (target_dims(target, &layered) == 0 && target != GL_TEXTURE_BUFFER_ARB &&
        !tex_target_is_ms(target))
        return NULL;
    tex_object *t = TEX_CALLOC(1, sizeof *t);
    if (!t)
        return NULL;
    t->target = target;
    t->num_faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
    tex_sampler_default(&t->sampler, target);
    /* ARB_texture_buffer_object: TEXTURE_BUFFER_FORMAT is initially LUMINANCE8 */
    t->buffer.internal_format = GL_LUMINANCE8;
    tex_object_images_changed(t);
    return t;
}

/* ---- packed cube map levels (tex_cube_pack) ----------------------------------------- */

bool tex_cube_pack(tex_object *t, int level)
{
    if (!t || t->target != GL_TEXTURE_CUBE_MAP || level < 0 || level >= TEX_MAX_LEVELS)
        return false;
    if (t->cube_packed[level])
        return true;
    const tex_image *f0 = &t->image[0][level];
    for (int f = 0; f < 6; f++) {
        const tex_image *fi = &t->image[f][level];
        if (!fi->data || fi->stencil || fi->width != f0->width || fi->height != f0->height ||
            fi->depth != f0->depth || fi->border != f0->border || fi->format != f0->format ||
            fi->row_stride != f0->row_stride || fi->slice_stride != f0->slice_stride)
            return false;
    }
    size_t face = f0->slice_stride * (size_t)(f0->depth > 0 ? f0->depth : 1);
    if (face == 0 || face > SIZE_MAX / 6)
        return false;
    unsigned char *block = TEX_MALLOC(6 * face);
    if (!block)
        return false;
    for (int f = 0; f < 6; f++) {
        tex_image *fi = &t->image[f][level];
        memcpy(block + (size_t)f * face, fi->data, face);
        TEX_FREE(fi->data);
        fi->data = block + (size_t)f * face;
    }
    t->cube_packed[level] = true;
    return true;
}

/* Gives every face of packed levels its own allocation again (before any
 * image is released or replaced). */
static void cube_unpack_all(tex_object *t)
{
    for (int l = 0; l < TEX_MAX_LEVELS; l++) {
        if (!t->cube_packed[l])
            continue;
        size_t face = t->image[0][l].slice_stride *
                      (size_t)(t->image[0][l].depth > 0 ? t->image[0][l].depth : 1);
        for (int f = 1; f < 6; f++) {
            tex_image *fi = &t->image[f][l];
            void *copy = TEX_MALLOC(face);
            if (copy)
                memcpy(copy, fi->data, face);
            fi->data = copy; /* NULL on OOM: the face becomes undefined */
            if (!copy) {
                TEX_FREE(fi->blocks);
                memset(fi, 0, sizeof *fi);
            }
        }
        t->cube_packed[l] = false;
    }
}

void tex_object_free(tex_object *t)
{
    if (!t)
        return;
    for (int l = 0; l < TEX_MAX_LEVELS; l++)
        if (t->cube_packed[l])
            for (int f = 1; f < 6; f++)
                t->image[f][l].data = NULL; /* inside face 0's block */
    for (int f = 0; f < 6; f++)
        for (int l = 0; l < TEX_MAX_LEVELS; l++)
            image_release(&t->image[f][l]);
    TEX_FREE(t);
}

/* ---- completeness (GL 2.1 section 3.8.10) ---------------------------------------- */

/* The size level l must have in a chain whose base level has size s. */
static int level_size(int s, int steps)
{
    int v = steps >= 31 ? 0 : s >> steps;
    return v < 1 ? 1 : v;
}

/* Last level of the consistent chain starting at base level b of face f. */
static int face_chain_end(const tex_object *t, int f, int b, int dims)
{
    const tex_image *bi = &t->image[f][b];
    if (!image_defined(bi) || image_empty(bi))
        return -1;
    int end = b;
    int maxdim = bi->width;
    if (dims >= 2 && bi->height > maxdim)
        maxdim = bi->height;
    if (dims == 3 && bi->depth > maxdim)
        maxdim = bi->depth;
    int p = floor_log2(maxdim);
    for (int l = b + 1; l < TEX_MAX_LEVELS && l <= b + p; l++) {
        const tex_image *li = &t->image[f][l];
        if (!image_defined(li) || li->internal_format != bi->internal_format ||
            li->border != bi->border)
            break;
        int steps = l - b;
        /* layers (1D array height, 2D array depth) are never halved */
        int ew = level_size(bi->width, steps);
        int eh = dims >= 2 ? level_size(bi->height, steps) : bi->height;
        int ed = dims == 3 ? level_size(bi->depth, steps) : bi->depth;
        if (li->width != ew || li->height != eh || li->depth != ed)
            break;
        end = l;
    }
    return end;
}

void tex_object_images_changed(tex_object *t)
{
    if (!t)
        return;
    bool layered;
    int dims = target_dims(t->target, &layered);
    for (int b = 0; b < TEX_MAX_LEVELS; b++) {
        int end = face_chain_end(t, 0, b, dims);
        if (end >= 0 && t->num_faces == 6) {
            /* cube complete: six square faces of one size, format and border */
            const tex_image *b0 = &t->image[0][b];
            if (b0->width != b0->height)
                end = -1;
            for (int f = 1; f < 6 && end >= 0; f++) {
                const tex_image *bf = &t->image[f][b];
                if (!image_defined(bf) || bf->width != b0->width ||
                    bf->height != b0->height || bf->internal_format != b0->internal_format ||
                    bf->border != b0->border) {
                    end = -1;
                    break;
                }
                int e = face_chain_end(t, f, b, dims);
                if (e < end)
                    end = e;
            }
        }
        t->mip_end[b] = (int8_t)end;
    }
}

/* Index of the last level a complete mipmapped texture uses (q of GL 2.1
 * section 3.8.8), for base level b whose image is defined. */
static int last_mip_level(const tex_object *t, int b)
{
    bool layered;
    int dims = target_dims(t->target, &layered);
    const tex_image *bi = &t->image[0][b];
    int maxdim = bi->width;
    if (dims >= 2 && bi->height > maxdim)
        maxdim = bi->height;
    if (dims == 3 && bi->depth > maxdim)
        maxdim = bi->depth;
    int q = b + floor_log2(maxdim);
    if (q > t->sampler.max_level)
        q = t->sampler.max_level;
    if (q > TEX_MAX_LEVELS - 1)
        q = TEX_MAX_LEVELS - 1;
    return q;
}

/* GL 3.0 section 3.8.10: an integer texture is incomplete unless it is
 * sampled with NEAREST magnification and NEAREST or NEAREST_MIPMAP_NEAREST
 * minification (EXT_texture_integer forbids filtering integer values). */
static bool int_filters_ok(const tex_sampler *s)
{
    return s->mag_filter == GL_NEAREST &&
           (s->min_filter == GL_NEAREST || s->min_filter == GL_NEAREST_MIPMAP_NEAREST);
}

bool tex_object_complete(const tex_object *t)
{
    return t ? tex_object_complete_with(t, &t->sampler) : false;
}

bool tex_object_complete_with(const tex_object *t, const tex_sampler *s)
{
    if (!t || !s)
        return false;
    if (t->target == GL_TEXTURE_BUFFER_ARB)
        return t->buffer.data != NULL;
    if (tex_target_is_ms(t->target)) /* one level, no filtering: complete when defined */
        return image_defined(&t->image[0][0]) && t->image[0][0].samples > 0;
    int b = t->sampler.base_level;
    if (t->target == GL_TEXTURE_RECTANGLE_ARB) {
        b = 0; /* ARB_texture_rectangle: level 0 only, no mipmaps */
        /* wraps and filters a rectangle texture does not take (a sampler
         * object may hold them; GL 4.6 section 8.17) make it incomplete */
        if (s->wrap_s == GL_REPEAT || s->wrap_s == GL_MIRRORED_REPEAT ||
            s->wrap_t == GL_REPEAT || s->wrap_t == GL_MIRRORED_REPEAT ||
            (s->min_filter != GL_NEAREST && s->min_filter != GL_LINEAR))
            return false;
    }
    if (b < 0 || b >= TEX_MAX_LEVELS || t->mip_end[b] < 0)
        return false;
    if (tex_format_is_int(t->image[0][b].format) && !int_filters_ok(s))
        return false;
    if (t->target == GL_TEXTURE_RECTANGLE_ARB || !filter_needs_mips(s->min_filter))
        return true;
    if (b > t->sampler.max_level)
        return false;
    return t->mip_end[b] >= last_mip_level(t, b);
}

void tex_sampler_take_object_state(tex_sampler *dst, const tex_sampler *so)
{
    dst->min_filter = so->min_filter;
    dst->mag_filter = so->mag_filter;
    dst->wrap_s = so->wrap_s;
    dst->wrap_t = so->wrap_t;
    dst->wrap_r = so->wrap_r;
    memcpy(dst->border_color, so->border_color, sizeof dst->border_color);
    memcpy(dst->border_color_int, so->border_color_int, sizeof dst->border_color_int);
    dst->min_lod = so->min_lod;
    dst->max_lod = so->max_lod;
    dst->lod_bias = so->lod_bias;
    dst->compare_mode = so->compare_mode;
    dst->compare_func = so->compare_func;
    dst->max_anisotropy = so->max_anisotropy;
}

/* ---- texel storage ------------------------------------------------------------------ */

static float clamp01(float v)
{
    v = v > 0.0f ? v : 0.0f; /* NaN -> 0 */
    return v < 1.0f ? v : 1.0f;
}

static float clamp_snorm(float v)
{
    v = v > -1.0f ? v : v != v ? 0.0f : -1.0f; /* NaN -> 0 */
    return v < 1.0f ? v : 1.0f;
}

static uint8_t *texel_ptr(const tex_image *img, int i, int j, int k)
{
    return (uint8_t *)img->data + (size_t)k * img->slice_stride + (size_t)j * img->row_stride +
           (size_t)i * tex_format_bytes(img->format);
}

/* Stores one unpacked client value (rgba as tex_pixels_unpack produces it);
 * with_stencil: the data carries stencil indices (DEPTH_STENCIL data), else
 * the stencil plane keeps its values. */
static void store_texel(tex_image *img, const tex_ifmt *f, int i, int j, int k, const float in[4],
                        bool with_stencil)
{
    uint8_t *p = texel_ptr(img, i, j, k);
    if (img->format == TEX_FMT_DEPTH32F) {
        float d = (f->flags & TEX_IF_FLOAT) ? in[0] : clamp01(in[0]);
        memcpy(p, &d, 4);
        if (img->stencil && with_stencil) {
            size_t idx = ((size_t)k * (size_t)img->height + (size_t)j) * (size_t)img->width + (size_t)i;
            img->stencil[idx] = (uint8_t)in[1];
        }
        return;
    }
    float c[4];
    tex_base_apply(img->base_format, false, in, c, sizeof *c, &one_f);
    if (f->flags & TEX_IF_SNORM) {
        for (int q = 0; q < 4; q++)
            c[q] = clamp_snorm(c[q]);
    } else if (f->flags & TEX_IF_R11G11B10F) { /* what the packed format keeps */
        tex_unpack_r11g11b10f(tex_pack_r11g11b10f(c), c);
    } else if (f->flags & TEX_IF_RGB9E5) {
        tex_unpack_rgb9e5(tex_pack_rgb9e5(c), c);
    } else if (!(f->flags & TEX_IF_FLOAT)) {
        for (int q = 0; q < 4; q++)
            c[q] = clamp01(c[q]);
    }
    if (img->format == TEX_FMT_RGBA8) {
        for (int q = 0; q < 4; q++)
            p[q] = tex_unorm8(c[q]); /* clamped already: the same value */
    } else {
        memcpy(p, c, sizeof c);
    }
}

/* Reads one stored texel as GetTexImage hands it to packing. */
static void load_texel(const tex_image *img, int i, int j, int k, float out[4])
{
    const uint8_t *p = texel_ptr(img, i, j, k);
    float c[4];
    if (img->format == TEX_FMT_DEPTH32F) {
        memcpy(&out[0], p, 4);
        out[1] = 0.0f;
        if (img->stencil) {
            size_t idx = ((size_t)k * (size_t)img->height + (size_t)j) * (size_t)img->width + (size_t)i;
            out[1] = img->stencil[idx];
        }
        out[2] = 0.0f;
        out[3] = 1.0f;
        return;
    }
    if (img->format == TEX_FMT_RGBA8) {
        for (int q = 0; q < 4; q++)
            c[q] = tex_u8_to_float[p[q]];
    } else {
        memcpy(c, p, sizeof c);
    }
    tex_base_apply(img->base_format, true, c, out, sizeof *c, &one_f);
}

void tex_texel_load(const tex_image *img, int i, int j, int k, float out[4])
{
    load_texel(img, i, j, k, out);
}

void tex_texel_store(tex_image *img, const tex_ifmt *f, int i, int j, int k, const float in[4])
{
    store_texel(img, f, i, j, k, in, false);
}

/* Stores one unpacked client integer group: values outside the range of
 * the internal format's nominal component size are clamped to it (GL leaves
 * the conversion of out-of-range integers unspecified; clamping is what a
 * narrower store would keep closest). */
static void store_texel_int(tex_image *img, const tex_ifmt *f, int i, int j, int k,
                            const int64_t in[4])
{
    int64_t c[4];
    tex_base_apply(img->base_format, false, in, c, sizeof *c, &one_i64);
    int bits = f->int_bits ? f->int_bits : 32;
    int64_t lo, hi;
    if (f->flags & TEX_IF_SINT) {
        lo = -((int64_t)1 << (bits - 1));
        hi = ((int64_t)1 << (bits - 1)) - 1;
    } else {
        lo = 0;
        hi = ((int64_t)1 << bits) - 1;
    }
    uint32_t v[4];
    for (int q = 0; q < 4; q++) {
        int64_t x = c[q] < lo ? lo : c[q] > hi ? hi : c[q];
        v[q] = (uint32_t)x; /* int32 two's complement or uint32 bits */
    }
    memcpy(texel_ptr(img, i, j, k), v, sizeof v);
}

/* Reads one stored integer texel as GetTexImage hands it to packing. */
static void load_texel_int(const tex_image *img, int i, int j, int k, int64_t out[4])
{
    uint32_t v[4];
    int64_t c[4];
    memcpy(v, texel_ptr(img, i, j, k), sizeof v);
    for (int q = 0; q < 4; q++)
        c[q] = img->format == TEX_FMT_RGBA32I ? (int64_t)(int32_t)v[q] : (int64_t)v[q];
    tex_base_apply(img->base_format, true, c, out, sizeof *c, &one_i64);
}

/* ---- glTexImage* ----------------------------------------------------------------------- */

static bool is_depthish(GLenum base)
{
    return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
}

/* GL 3.0 section 3.8.1 (a superset of GL 2.1's rule): depth-like internal
 * formats take depth or depth/stencil data, all others colour data; and
 * (EXT_texture_integer) integer internal formats take *_INTEGER data, all
 * others non-integer data. */
static GLenum check_data_class(const tex_ifmt *f, int fmt_class)
{
    bool depth_data = fmt_class == TEX_CLASS_DEPTH || fmt_class == TEX_CLASS_DEPTH_STENCIL;
    bool int_data = fmt_class == TEX_CLASS_INTEGER;
    bool int_fmt = (f->flags & (TEX_IF_SINT | TEX_IF_UINT)) != 0;
    if (fmt_class == TEX_CLASS_STENCIL)
        return GL_INVALID_OPERATION; /* no internal format takes stencil indices alone */
    if (is_depthish(f->base_format) != depth_data || int_fmt != int_data)
        return GL_INVALID_OPERATION;
    return GL_NO_ERROR;
}

/* Allocates storage for an image of the given interior size. */
static GLenum image_alloc(tex_image *img, const tex_ifmt *f, GLenum internal_format,
                          int w, int h, int d, int border)
{
    memset(img, 0, sizeof *img);
    img->width = w;
    img->height = h;
    img->depth = d;
    img->border = border;
    img->format = (tex_format)f->storage;
    img->internal_format = internal_format;
    img->base_format = f->base_format;
    size_t bytes = tex_format_bytes(img->format), row, slice, total;
    if (!tex_size_mul(bytes, (size_t)w, &row) || !tex_size_mul(row, (size_t)h, &slice) ||
        !tex_size_mul(slice, (size_t)d, &total))
        return GL_OUT_OF_MEMORY;
    img->row_stride = row;
    img->slice_stride = slice;
    if (total == 0)
        return GL_NO_ERROR;
    img->data = TEX_CALLOC(1, total);
    if (!img->data)
        return GL_OUT_OF_MEMORY;
    /* contents zero, with the alpha of a base format that has none at 1
     * (GL 2.1 table 3.15), as an upload and the render-target writes that
     * leave such an alpha alone keep it (so blending reads DST_ALPHA 1) */
    GLenum b = f->base_format;
    if (b == GL_RGB || b == GL_LUMINANCE || b == GL_RED || b == GL_RG) {
        for (size_t o = 0; o < total; o += bytes) {
            uint8_t *p = (uint8_t *)img->data + o;
            if (img->format == TEX_FMT_RGBA8) {
                p[3] = 255;
            } else if (img->format == TEX_FMT_RGBA32F) {
                const float one = 1.0f;
                memcpy(p + 12, &one, 4);
            } else if (tex_format_is_int(img->format)) {
                const uint32_t one = 1;
                memcpy(p + 12, &one, 4);
            }
        }
    }
    if (f->base_format == GL_DEPTH_STENCIL) {
        img->stencil = TEX_CALLOC(1, total / bytes);
        if (!img->stencil) {
            TEX_FREE(img->data);
            img->data = NULL;
            return GL_OUT_OF_MEMORY;
        }
    }
    return GL_NO_ERROR;
}

/* image_upload for unsigned-byte colour data into RGBA8 storage (not sRGB):
 * c / 255 stored as round(c / 255 * 255) is c again, so the bytes move
 * without the float round trip, with the same result. */
static GLenum image_upload_u8(tex_image *img, const tex_xfer *x, const void *pixels, int xo,
                              int yo, int zo)
{
    uint8_t *row = TEX_MALLOC((size_t)(x->w > 0 ? x->w : 1) * 4);
    if (!row)
        return GL_OUT_OF_MEMORY;
    /* the client columns that land inside the image */
    int c0 = xo < 0 ? -xo : 0;
    int c1 = x->w < img->width - xo ? x->w : img->width - xo;
    for (int ck = 0; ck < x->d; ck++) {
        int k = ck + zo;
        if (k < 0 || k >= img->depth)
            continue;
        for (int cj = 0; cj < x->h; cj++) {
            int j = cj + yo;
            if (j < 0 || j >= img->height || c1 <= c0)
                continue;
            tex_xfer_unpack_row_u8(x, pixels, cj, ck, row);
            uint8_t *dst = texel_ptr(img, c0 + xo, j, k);
            if (img->base_format == GL_RGBA) {
                memcpy(dst, row + (size_t)c0 * 4, (size_t)(c1 - c0) * 4);
                continue;
            }
            for (int ci = c0; ci < c1; ci++, dst += 4)
                tex_base_apply(img->base_format, false, row + (size_t)ci * 4, dst, 1, &one_u8);
        }
    }
    TEX_FREE(row);
    return GL_NO_ERROR;
}

/* store_texel over the texels [i0, i0 + n) of row (j, k) of an RGBA8 image
 * (plain UNORM storage: base format, then tex_unorm8), with the base
 * format's component selection worked out once: tex_base_apply maps the
 * indices 1..4 (0 for zero, 5 for one). */
static void store_row_rgba8(tex_image *img, int i0, int j, int k, const float *rgba, int n)
{
    static const int32_t idx[4] = {1, 2, 3, 4}, one = 5;
    int32_t sel[4];
    tex_base_apply(img->base_format, false, idx, sel, sizeof *sel, &one);
    uint8_t *p = texel_ptr(img, i0, j, k);
    int i = 0;
#if defined(__SSE2__)
    if (memcmp(sel, idx, sizeof idx) == 0) {
        /* every component as it is: tex_unorm8 four texels at a time (max
         * with 0 first, which takes 0 for a NaN as the comparison does;
         * the product and the sum rounded apart, as in tex_unorm8) */
        const __m128 zero = _mm_setzero_ps(), ceil1 = _mm_set1_ps(1.0f);
        const __m128 k255 = _mm_set1_ps(255.0f), half = _mm_set1_ps(0.5f);
        for (; i + 4 <= n; i += 4, p += 16, rgba += 16) {
            __m128i w[4];
            for (int q = 0; q < 4; q++) {
                __m128 v = _mm_min_ps(_mm_max_ps(_mm_loadu_ps(rgba + 4 * q), zero), ceil1);
                w[q] = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, k255), half));
            }
            __m128i b = _mm_packus_epi16(_mm_packs_epi32(w[0], w[1]), _mm_packs_epi32(w[2], w[3]));
            _mm_storeu_si128((__m128i *)(void *)p, b);
        }
    }
#endif
    for (; i < n; i++, p += 4, rgba += 4) {
        for (int q = 0; q < 4; q++)
            p[q] = tex_unorm8(sel[q] == 0 ? 0.0f : sel[q] == 5 ? 1.0f : rgba[sel[q] - 1]);
    }
}

/* Writes client rows into img: client texel (ci, cj, ck) of a w x h x d
 * transfer lands on texel (ci + x, cj + y, ck + z); texels outside the image
 * (a stripped border) are dropped.  Integer images take the integers
 * unconverted, the others floats. */
static GLenum image_upload(tex_image *img, const tex_ifmt *f, const tex_xfer *x,
                           const void *pixels, int xo, int yo, int zo)
{
    bool integer = tex_format_is_int(img->format);
    if (!integer && img->format == TEX_FMT_RGBA8 && tex_xfer_is_u8_color(x))
        return image_upload_u8(img, x, pixels, xo, yo, zo);
    size_t value = integer ? sizeof(int64_t) : sizeof(float);
    void *row = TEX_MALLOC((size_t)(x->w > 0 ? x->w : 1) * 4 * value);
    if (!row)
        return GL_OUT_OF_MEMORY;
    for (int ck = 0; ck < x->d; ck++) {
        int k = ck + zo;
        if (k < 0 || k >= img->depth)
            continue;
        for (int cj = 0; cj < x->h; cj++) {
            int j = cj + yo;
            if (j < 0 || j >= img->height)
                continue;
            if (integer)
                tex_xfer_unpack_row_int(x, pixels, cj, ck, row);
            else
                tex_xfer_unpack_row(x, pixels, cj, ck, row);
            if (img->format == TEX_FMT_RGBA8 &&
                !(f->flags & (TEX_IF_FLOAT | TEX_IF_SNORM | TEX_IF_R11G11B10F | TEX_IF_RGB9E5))) {
                /* store_texel's plain UNORM case: the columns inside the image at once */
                int c0 = xo < 0 ? -xo : 0, c1 = img->width - xo < x->w ? img->width - xo : x->w;
                if (c1 > c0)
                    store_row_rgba8(img, c0 + xo, j, k, (const float *)row + (size_t)c0 * 4,
                                    c1 - c0);
                continue;
            }
            for (int ci = 0; ci < x->w; ci++) {
                int i = ci + xo;
                if (i < 0 || i >= img->width)
                    continue;
                if (integer)
                    store_texel_int(img, f, i, j, k, (const int64_t *)row + (size_t)ci * 4);
                else
                    store_texel(img, f, i, j, k, (const float *)row + (size_t)ci * 4,
                                x->fmt_class == TEX_CLASS_DEPTH_STENCIL);
            }
        }
    }
    TEX_FREE(row);
    return GL_NO_ERROR;
}

bool tex_image_fits(GLenum internal_format, int w, int h, int d, int faces)
{
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!f || w < 0 || h < 0 || d < 0 || faces < 1)
        return false;
    size_t bytes = tex_format_bytes((tex_format)f->storage), total;
    if (f->base_format == GL_DEPTH_STENCIL)
        bytes += 1;
    return tex_size_mul(bytes, (size_t)w, &total) && tex_size_mul(total, (size_t)h, &total) &&
           tex_size_mul(total, (size_t)d, &total) && tex_size_mul(total, (size_t)faces, &total) &&
           total <= TEX_MAX_IMAGE_BYTES;
}

static bool target3d(GLenum target)
{
    return target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY_EXT || target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

GLenum tex_image_define(tex_object *t, int face, int level, GLenum internal_format,
                        int w, int h, int d, int border, GLenum format, GLenum type,
                        const void *pixels, const tex_pixel_store *ps)
{
    if (!t)
        return GL_INVALID_OPERATION;
    bool layered;
    int dims = target_dims(t->target, &layered);
    if (dims == 0)
        return GL_INVALID_ENUM; /* buffer textures have no images (issue 7) */
    if (face < 0 || face >= t->num_faces)
        return GL_INVALID_ENUM;
    cube_unpack_all(t);
    /* GL 2.1 section 3.8.1: internalformat must be one of the accepted ones */
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!f)
        return GL_INVALID_VALUE;
    tex_xfer x;
    GLenum err = tex_xfer_setup(&x, format, type, w, h, d, target3d(t->target), ps);
    if (err != GL_NO_ERROR)
        return err;
    /* no internal format takes stencil indices alone: the data does not
     * match the internal format (GL 3.3 section 3.8.3, as Mesa) */
    if (x.fmt_class == TEX_CLASS_STENCIL)
        return GL_INVALID_OPERATION;

    /* level, border and size limits (GL 2.1 section 3.8.1) */
    bool rect = t->target == GL_TEXTURE_RECTANGLE_ARB;
    if (level < 0 || level >= TEX_MAX_LEVELS || (rect && level != 0))
        return GL_INVALID_VALUE;
    if (border != 0 && border != 1)
        return GL_INVALID_VALUE;
    if (border != 0 && (rect || layered))
        return GL_INVALID_VALUE;
    /* interior sizes; array layers (1D array height, 2D array depth) have
     * no border and are limited by MAX_ARRAY_TEXTURE_LAYERS (= TEX_MAX_3D_SIZE) */
    int max = (t->target == GL_TEXTURE_3D ? TEX_MAX_3D_SIZE : TEX_MAX_SIZE) >> level;
    int iw = w - 2 * border;
    int ih = dims >= 2 ? h - 2 * border : h;
    int id = dims == 3 ? d - 2 * border : d;
    int max_h = dims >= 2 ? max : layered ? TEX_MAX_3D_SIZE : 1;
    int max_d = dims == 3 ? max : (layered && dims == 2) ? TEX_MAX_3D_SIZE : 1;
    if (iw < 0 || ih < 0 || id < 0 || iw > max || ih > max_h || id > max_d)
        return GL_INVALID_VALUE;
    if ((dims == 1 && !layered && h != 1) || (dims < 3 && !(layered && dims == 2) && d != 1))
        return GL_INVALID_VALUE;
    if (t->target == GL_TEXTURE_CUBE_MAP && iw != ih)
        return GL_INVALID_VALUE;
    /* ARB_texture_cube_map_array: square, depth a multiple of 6 */
    if (t->target == GL_TEXTURE_CUBE_MAP_ARRAY && (iw != ih || id % 6 != 0))
        return GL_INVALID_VALUE;

    err = check_data_class(f, x.fmt_class);
    if (err != GL_NO_ERROR)
        return err;
    /* GL 2.1 section 3.8.1: depth textures only for 1D, 2D and RECT (cube
     * maps as GL 3.0 allows, array textures as EXT_texture_array does) */
    if (is_depthish(f->base_format) && t->target == GL_TEXTURE_3D)
        return GL_INVALID_OPERATION;
    /* EXT_texture_compression_s3tc: 2D images only (EXT_texture_array and
     * ARB_texture_cube_map_array add their layers) */
    if (f->flags & TEX_IF_BLOCKS) {
        if (dims == 1)
            return GL_INVALID_ENUM;
        if (t->target == GL_TEXTURE_3D || rect)
            return GL_INVALID_OPERATION;
    }

    if (!tex_image_fits(internal_format, iw, ih, id, t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1))
        return GL_OUT_OF_MEMORY;

    tex_image img;
    err = image_alloc(&img, f, internal_format, iw, ih, id, border);
    if (err != GL_NO_ERROR) {
        image_release(&img);
        return err;
    }
    if (pixels && x.extent > 0) {
        int bz = dims == 3 ? border : 0;
        int by = dims >= 2 ? border : 0;
        err = image_upload(&img, f, &x, pixels, -border, -by, -bz);
        if (err != GL_NO_ERROR) {
            image_release(&img);
            return err;
        }
    }
    if (f->flags & TEX_IF_BLOCKS) {
        err = tex_blocks_recompress(&img, f, 0, 0, 0, img.width, img.height, img.depth);
        if (err != GL_NO_ERROR) {
            image_release(&img);
            return err;
        }
    }
    image_release(&t->image[face][level]);
    t->image[face][level] = img;
    tex_object_images_changed(t);
    return tex_generate_after_change(t, level, t->sampler.generate_mipmap && !rect);
}

GLenum tex_generate_after_change(tex_object *t, int level, bool generate)
{
    if (generate && level == t->sampler.base_level) {
        GLenum err = tex_generate_mipmap(t);
        if (err == GL_OUT_OF_MEMORY)
            return err;
    }
    return GL_NO_ERROR;
}

/* Whether pixels may move to or from image (face, level) of t: the error
 * of TexSubImage / GetTexImage, or GL_NO_ERROR. */
static GLenum xfer_image_check(const tex_object *t, int face, int level)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (t->target == GL_TEXTURE_BUFFER_ARB || tex_target_is_ms(t->target) || face < 0 ||
        face >= t->num_faces)
        return GL_INVALID_ENUM; /* multisample images take no pixel transfers */
    if (level < 0 || level >= TEX_MAX_LEVELS)
        return GL_INVALID_VALUE;
    return GL_NO_ERROR;
}

GLenum tex_image_sub(tex_object *t, int face, int level, int x, int y, int z,
                     int w, int h, int d, GLenum format, GLenum type,
                     const void *pixels, const tex_pixel_store *ps)
{
    GLenum check = xfer_image_check(t, face, level);
    if (check != GL_NO_ERROR)
        return check;
    tex_xfer xf;
    GLenum err = tex_xfer_setup(&xf, format, type, w, h, d, target3d(t->target), ps);
    if (err != GL_NO_ERROR)
        return err;
    if (xf.fmt_class == TEX_CLASS_STENCIL)
        return GL_INVALID_OPERATION; /* as tex_image_define */
    tex_image *img = &t->image[face][level];
    if (!image_defined(img))
        return GL_INVALID_OPERATION;

    /* GL 2.1 section 3.8.2: the region must lie within the image including
     * its border: -b <= x, x + w <= width + b (b = 0 for the array layers
     * and the unused dimensions). */
    bool layered;
    int dims = target_dims(t->target, &layered);
    int b = img->border;
    int by = dims >= 2 ? b : 0, bz = dims == 3 ? b : 0;
    if ((int64_t)x < -b || (int64_t)x + w > (int64_t)img->width + b ||
        (int64_t)y < -by || (int64_t)y + h > (int64_t)img->height + by ||
        (int64_t)z < -bz || (int64_t)z + d > (int64_t)img->depth + bz)
        return GL_INVALID_VALUE;
    const tex_ifmt *f = tex_ifmt_lookup(img->internal_format);
    if (!f)
        return GL_INVALID_OPERATION;
    err = check_data_class(f, xf.fmt_class);
    if (err != GL_NO_ERROR)
        return err;
    /* EXT_texture_compression_s3tc: whole blocks, or blocks cut by the
     * image's edge */
    if ((f->flags & TEX_IF_BLOCKS) && (x % 4 || y % 4 || (w % 4 && x + w != img->width) ||
                                     (h % 4 && y + h != img->height)))
        return GL_INVALID_OPERATION;
    if (!pixels || xf.extent == 0 || !img->data)
        return GL_NO_ERROR;
    err = image_upload(img, f, &xf, pixels, x, y, z);
    if (err != GL_NO_ERROR)
        return err;
    if (f->flags & TEX_IF_BLOCKS) {
        err = tex_blocks_recompress(img, f, x, y, z, w, h, d);
        if (err != GL_NO_ERROR)
            return err;
    }
    return tex_generate_after_change(t, level, t->sampler.generate_mipmap &&
                                                   t->target != GL_TEXTURE_RECTANGLE_ARB);
}

/* Packs texels (x0 .. x0+w-1, y0 .., z0 ..) of level `level` of face as a
 * w x h x d client image (tex_image_get, tex_image_get_region); the region
 * lies inside the image (callers check). */
static GLenum image_get_region(const tex_object *t, int face, int level, int x0, int y0, int z0,
                               int w, int h, int d, GLenum format, GLenum type, void *pixels,
                               const tex_pixel_store *ps)
{
    const tex_image *img = &t->image[face][level];
    tex_xfer x;
    GLenum err = tex_xfer_setup(&x, format, type, w, h, d, target3d(t->target), ps);
    if (err != GL_NO_ERROR)
        return err;
    if (x.fmt_class == TEX_CLASS_STENCIL)
        return GL_INVALID_ENUM;
    if (!image_defined(img))
        return GL_NO_ERROR;
    /* GL 2.1 section 6.1.4 (and GL 3.0 for DEPTH_STENCIL): the format must
     * match the kind of texture */
    if (x.fmt_class == TEX_CLASS_DEPTH_STENCIL && img->base_format != GL_DEPTH_STENCIL)
        return GL_INVALID_OPERATION;
    const tex_ifmt *f = tex_ifmt_lookup(img->internal_format);
    if (!f)
        return GL_INVALID_OPERATION;
    err = check_data_class(f, x.fmt_class);
    if (err != GL_NO_ERROR)
        return err;
    if (!pixels || x.extent == 0 || !img->data)
        return GL_NO_ERROR;
    if (tex_format_is_int(img->format)) {
        /* EXT_texture_integer: integer texels are packed without float */
        int64_t *irow = TEX_MALLOC((size_t)(w > 0 ? w : 1) * 4 * sizeof(int64_t));
        if (!irow)
            return GL_OUT_OF_MEMORY;
        for (int k = 0; k < d; k++)
            for (int j = 0; j < h; j++) {
                for (int i = 0; i < w; i++)
                    load_texel_int(img, x0 + i, y0 + j, z0 + k, irow + (size_t)i * 4);
                tex_xfer_pack_row_int(&x, pixels, j, k, irow);
            }
        TEX_FREE(irow);
        return GL_NO_ERROR;
    }
    /* GetTexImage takes luminance from R alone (GL 3.0 section 6.1.4, as
     * Mesa), not ReadPixels' R + G + B: packing sums R, G, B, so G and B
     * are cleared first */
    bool lum = format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA;
    float *row = TEX_MALLOC((size_t)(w > 0 ? w : 1) * 4 * sizeof(float));
    if (!row)
        return GL_OUT_OF_MEMORY;
    for (int k = 0; k < d; k++)
        for (int j = 0; j < h; j++) {
            for (int i = 0; i < w; i++) {
                float *c = row + (size_t)i * 4;
                load_texel(img, x0 + i, y0 + j, z0 + k, c);
                if (lum)
                    c[1] = c[2] = 0.0f;
            }
            tex_xfer_pack_row(&x, pixels, j, k, row);
        }
    TEX_FREE(row);
    return GL_NO_ERROR;
}

GLenum tex_image_get(const tex_object *t, int face, int level, GLenum format, GLenum type,
                     void *pixels, const tex_pixel_store *ps)
{
    GLenum check = xfer_image_check(t, face, level);
    if (check != GL_NO_ERROR)
        return check;
    const tex_image *img = &t->image[face][level];
    return image_get_region(t, face, level, 0, 0, 0, img->width, img->height, img->depth, format,
                            type, pixels, ps);
}

bool tex_region_fits(const tex_object *t, int level, int x, int y, int z, int w, int h, int d)
{
    if (level < 0 || level >= TEX_MAX_LEVELS)
        return false;
    const tex_image *img = &t->image[0][level];
    int depth = t->target == GL_TEXTURE_CUBE_MAP ? 6 : img->depth;
    return x >= 0 && y >= 0 && z >= 0 && w >= 0 && h >= 0 && d >= 0 && x <= img->width - w &&
           y <= img->height - h && z <= depth - d;
}

GLenum tex_image_get_region(const tex_object *t, int level, int x, int y, int z, int w, int h,
                            int d, GLenum format, GLenum type, void *pixels,
                            const tex_pixel_store *ps)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (t->target == GL_TEXTURE_BUFFER_ARB || tex_target_is_ms(t->target))
        return GL_INVALID_OPERATION;
    if (!tex_region_fits(t, level, x, y, z, w, h, d))
        return GL_INVALID_VALUE;
    bool cube = t->target == GL_TEXTURE_CUBE_MAP;
    const tex_image *img = &t->image[0][level];
    if (!cube)
        return image_get_region(t, 0, level, x, y, z, w, h, d, format, type, pixels, ps);
    /* cube maps: faces z .. z + d - 1 as the images of a 3D transfer; the
     * level must be cube complete (every face defined, of one size and
     * format: GL 4.5 section 8.11.4) */
    for (int f = 0; f < 6; f++) {
        const tex_image *fi = &t->image[f][level];
        if (!image_defined(fi) || fi->width != img->width || fi->height != img->height ||
            fi->internal_format != img->internal_format)
            return GL_INVALID_OPERATION;
    }
    tex_xfer xs;
    GLenum err = tex_xfer_setup(&xs, format, type, w, h, d, true, ps);
    if (err != GL_NO_ERROR)
        return err;
    for (int k = 0; k < d; k++) {
        /* image k of the client transfer: one face, addressed as a 2D
         * transfer whose base is that image's first byte */
        uint8_t *base = pixels ? (uint8_t *)pixels + (size_t)k * xs.image_stride : NULL;
        tex_pixel_store one = *ps;
        one.skip_images = 0;
        err = image_get_region(t, z + k, level, x, y, 0, w, h, 1, format, type, base, &one);
        if (err != GL_NO_ERROR)
            return err;
    }
    return GL_NO_ERROR;
}

/* ---- mipmap generation -------------------------------------------------------------------- */

/* One level from the previous by a box filter: each destination texel is the
 * average of the 2 (1D), 2x2 (2D) or 2x2x2 (3D) source texels it covers; a
 * source dimension of 1 (or the array layers) is not halved.  For odd sizes
 * the last source row/column is not read (a plain box filter; GL 2.1 leaves
 * the filter implementation-dependent).  sRGB images average linear values
 * (decoded, averaged, encoded again), as EXT_texture_sRGB recommends. */
static void downsample(const tex_image *src, tex_image *dst, bool halve_h, bool halve_d)
{
    const tex_ifmt *f = tex_ifmt_lookup(dst->internal_format);
    bool srgb = f && (f->flags & TEX_IF_SRGB) && dst->format == TEX_FMT_RGBA8;
    int sx = src->width > 1 ? 2 : 1;
    int sy = (halve_h && src->height > 1) ? 2 : 1;
    int sz = (halve_d && src->depth > 1) ? 2 : 1;
    int n = sx * sy * sz;
    for (int k = 0; k < dst->depth; k++)
        for (int j = 0; j < dst->height; j++)
            for (int i = 0; i < dst->width; i++) {
                int i0 = i * sx, j0 = halve_h ? j * sy : j, k0 = halve_d ? k * sz : k;
                if (srgb) {
                    float sum[4] = {0, 0, 0, 0};
                    for (int dk = 0; dk < sz; dk++)
                        for (int dj = 0; dj < sy; dj++)
                            for (int di = 0; di < sx; di++) {
                                const uint8_t *p = texel_ptr(src, i0 + di, j0 + dj, k0 + dk);
                                for (int q = 0; q < 3; q++)
                                    sum[q] += tex_srgb8_to_linear[p[q]];
                                sum[3] += tex_u8_to_float[p[3]];
                            }
                    uint8_t *o = texel_ptr(dst, i, j, k);
                    for (int q = 0; q < 4; q++) {
                        float v = sum[q] / (float)n;
                        o[q] = (uint8_t)((q < 3 ? tex_linear_to_srgb(v) : v) * 255.0f + 0.5f);
                    }
                } else if (dst->format == TEX_FMT_RGBA8) {
                    unsigned sum[4] = {0, 0, 0, 0};
                    for (int dk = 0; dk < sz; dk++)
                        for (int dj = 0; dj < sy; dj++)
                            for (int di = 0; di < sx; di++) {
                                const uint8_t *p = texel_ptr(src, i0 + di, j0 + dj, k0 + dk);
                                for (int q = 0; q < 4; q++)
                                    sum[q] += p[q];
                            }
                    uint8_t *o = texel_ptr(dst, i, j, k);
                    for (int q = 0; q < 4; q++)
                        o[q] = (uint8_t)((sum[q] + (unsigned)n / 2) / (unsigned)n);
                } else if (tex_format_is_int(dst->format)) {
                    /* integer texels: the average rounded half up, in 64 bits */
                    bool sgn = dst->format == TEX_FMT_RGBA32I;
                    int64_t sum[4] = {0, 0, 0, 0};
                    for (int dk = 0; dk < sz; dk++)
                        for (int dj = 0; dj < sy; dj++)
                            for (int di = 0; di < sx; di++) {
                                uint32_t v[4];
                                memcpy(v, texel_ptr(src, i0 + di, j0 + dj, k0 + dk), sizeof v);
                                for (int q = 0; q < 4; q++)
                                    sum[q] += sgn ? (int64_t)(int32_t)v[q] : (int64_t)v[q];
                            }
                    uint32_t o[4];
                    for (int q = 0; q < 4; q++) {
                        int64_t a = sum[q] + n / 2, m = a / n;
                        if (a % n != 0 && a < 0)
                            m--; /* floor division */
                        o[q] = (uint32_t)m;
                    }
                    memcpy(texel_ptr(dst, i, j, k), o, sizeof o);
                } else {
                    int comps = dst->format == TEX_FMT_DEPTH32F ? 1 : 4;
                    float sum[4] = {0, 0, 0, 0};
                    for (int dk = 0; dk < sz; dk++)
                        for (int dj = 0; dj < sy; dj++)
                            for (int di = 0; di < sx; di++) {
                                float v[4];
                                memcpy(v, texel_ptr(src, i0 + di, j0 + dj, k0 + dk),
                                       (size_t)comps * sizeof(float));
                                for (int q = 0; q < comps; q++)
                                    sum[q] += v[q];
                            }
                    for (int q = 0; q < comps; q++)
                        sum[q] /= (float)n;
                    memcpy(texel_ptr(dst, i, j, k), sum, (size_t)comps * sizeof(float));
                }
                if (dst->stencil && src->stencil) {
                    /* stencil indices are not averaged: take the first texel */
                    size_t si = ((size_t)k0 * (size_t)src->height + (size_t)j0) * (size_t)src->width + (size_t)i0;
                    size_t di = ((size_t)k * (size_t)dst->height + (size_t)j) * (size_t)dst->width + (size_t)i;
                    dst->stencil[di] = src->stencil[si];
                }
            }
}

GLenum tex_generate_mipmap(tex_object *t)
{
    if (!t)
        return GL_INVALID_OPERATION;
    if (t->target == GL_TEXTURE_RECTANGLE_ARB || t->target == GL_TEXTURE_BUFFER_ARB ||
        tex_target_is_ms(t->target))
        return GL_INVALID_OPERATION;
    int b = t->sampler.base_level;
    if (b < 0 || b >= TEX_MAX_LEVELS)
        return GL_INVALID_OPERATION;
    for (int f = 0; f < t->num_faces; f++)
        if (!image_defined(&t->image[f][b]) || image_empty(&t->image[f][b]))
            return GL_INVALID_OPERATION;
    cube_unpack_all(t);
    /* GL 3.0 section 3.8.8: a cube map must be cube complete */
    if (t->num_faces == 6 && t->mip_end[b] < 0)
        return GL_INVALID_OPERATION;
    const tex_ifmt *f = tex_ifmt_lookup(t->image[0][b].internal_format);
    if (!f)
        return GL_INVALID_OPERATION;
    bool layered;
    int dims = target_dims(t->target, &layered);
    bool halve_h = dims >= 2;
    bool halve_d = dims == 3;
    int q = last_mip_level(t, b);
    GLenum result = GL_NO_ERROR;
    for (int face = 0; face < t->num_faces; face++) {
        for (int l = b + 1; l <= q; l++) {
            const tex_image *src = &t->image[face][l - 1];
            int w = src->width > 1 ? src->width / 2 : 1;
            int h = halve_h && src->height > 1 ? src->height / 2 : src->height;
            int d = halve_d && src->depth > 1 ? src->depth / 2 : src->depth;
            tex_image img;
            const tex_ifmt *sf = tex_ifmt_lookup(src->internal_format);
            GLenum err = image_alloc(&img, sf ? sf : f, src->internal_format, w, h, d, src->border);
            if (err != GL_NO_ERROR) {
                image_release(&img);
                result = err;
                break;
            }
            if (img.data && src->data)
                downsample(src, &img, halve_h, halve_d);
            if (sf && (sf->flags & TEX_IF_BLOCKS) &&
                tex_blocks_recompress(&img, sf, 0, 0, 0, w, h, d) != GL_NO_ERROR) {
                image_release(&img);
                result = GL_OUT_OF_MEMORY;
                break;
            }
            image_release(&t->image[face][l]);
            t->image[face][l] = img;
        }
    }
    tex_object_images_changed(t);
    return result;
}
