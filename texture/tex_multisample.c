/*
 * tex_multisample.c - multisample texture images (ARB_texture_multisample's
 * TexImage2DMultisample / TexImage3DMultisample, the images behind
 * NV_texture_multisample's 2DMS / ARRAY2DMS targets and NV_explicit_
 * multisample's TXFMS).  API thread only, as tex_object.c.
 *
 * Layout (tex.h, tex_image.samples): one level, face 0; sample s of layer z,
 * texel (x, y) at data + z * slice_stride + s * sample_stride + y * row_stride
 * + x * texel bytes, slice_stride = samples * sample_stride.  Each sample
 * plane of a layer is an ordinary bottom-up 2D image, so the rasterizer can
 * render into it directly.  A DEPTH_STENCIL image's stencil plane follows
 * the same order with one byte a texel: stencil[((z * samples + s) * height
 * + y) * width + x].
 *
 * Sampling (tex_sample.c): TXFMS reads one sample, TXQ reports the size;
 * every other op on a multisample target returns the incomplete result.
 */
#include <string.h>

#include "tex_priv.h"

/* ARB_texture_multisample: the internal format must be colour-, depth- or
 * stencil-renderable.  The GL 3.x colour-renderable base formats are RED,
 * RG, RGB and RGBA (not ALPHA, LUMINANCE, LUMINANCE_ALPHA, INTENSITY), and
 * no compressed format is renderable (the generic GL_COMPRESSED_* formats
 * asmgl keeps uncompressed included). */
static bool ms_renderable(GLenum internal_format, const tex_ifmt *f)
{
    switch (internal_format) {
    case GL_COMPRESSED_ALPHA:
    case GL_COMPRESSED_LUMINANCE:
    case GL_COMPRESSED_LUMINANCE_ALPHA:
    case GL_COMPRESSED_INTENSITY:
    case GL_COMPRESSED_RGB:
    case GL_COMPRESSED_RGBA:
    case GL_COMPRESSED_RED:
    case GL_COMPRESSED_RG:
    case GL_COMPRESSED_SRGB:
    case GL_COMPRESSED_SRGB_ALPHA:
    case GL_COMPRESSED_SLUMINANCE:
    case GL_COMPRESSED_SLUMINANCE_ALPHA:
        return false;
    default:
        break;
    }
    switch (f->base_format) {
    case GL_RED:
    case GL_RG:
    case GL_RGB:
    case GL_RGBA:
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_STENCIL:
        return true;
    default:
        return false;
    }
}

GLenum tex_image_multisample(tex_object *t, int samples, GLenum internal_format,
                             int w, int h, int d)
{
    if (!t || !tex_target_is_ms(t->target))
        return GL_INVALID_OPERATION;
    bool array = t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
    /* sizes: width/height as MAX_TEXTURE_SIZE, layers as
     * MAX_ARRAY_TEXTURE_LAYERS (= TEX_MAX_3D_SIZE, as tex_image_define);
     * a 2D multisample image has exactly one layer */
    int max_d = array ? TEX_MAX_3D_SIZE : 1;
    if (w < 0 || h < 0 || d < 0 || w > TEX_MAX_SIZE || h > TEX_MAX_SIZE || d > max_d ||
        (!array && d != 1))
        return GL_INVALID_VALUE;
    if (samples < 1 || samples > TEX_MAX_SAMPLES)
        return GL_INVALID_VALUE;
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!f || !ms_renderable(internal_format, f))
        return GL_INVALID_ENUM;

    tex_image img;
    memset(&img, 0, sizeof img);
    img.width = w;
    img.height = h;
    img.depth = d;
    img.format = (tex_format)f->storage;
    img.internal_format = internal_format;
    img.base_format = f->base_format;
    img.samples = samples;
    size_t bytes = tex_format_bytes(img.format), row, plane, slice, total;
    if (!tex_size_mul(bytes, (size_t)w, &row) || !tex_size_mul(row, (size_t)h, &plane) ||
        !tex_size_mul(plane, (size_t)samples, &slice) || !tex_size_mul(slice, (size_t)d, &total))
        return GL_OUT_OF_MEMORY;
    img.row_stride = row;
    img.sample_stride = plane;
    img.slice_stride = slice;
    if (total > 0) {
        img.data = TEX_CALLOC(1, total);
        if (!img.data)
            return GL_OUT_OF_MEMORY;
        if (f->base_format == GL_DEPTH_STENCIL) {
            img.stencil = TEX_CALLOC(1, total / bytes);
            if (!img.stencil) {
                TEX_FREE(img.data);
                return GL_OUT_OF_MEMORY;
            }
        }
    }
    /* the new image replaces every level of the object (there is only
     * level 0 for multisample targets) */
    for (int l = 0; l < TEX_MAX_LEVELS; l++) {
        tex_image *old = &t->image[0][l];
        TEX_FREE(old->data);
        TEX_FREE(old->stencil);
        memset(old, 0, sizeof *old);
    }
    t->image[0][0] = img;
    tex_object_images_changed(t);
    return GL_NO_ERROR;
}
