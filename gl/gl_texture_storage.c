/*
 * gl_texture_storage.c - immutable-format textures (ARB_texture_storage):
 * TexStorage1D, TexStorage2D, TexStorage3D (API thread).
 *
 * TexStorage*D defines every level 0 .. levels-1 (every face of a cube map)
 * at once, as the spec's pseudo-code of TexImage calls with NULL data does,
 * and marks the texture object immutable: TEXTURE_IMMUTABLE_FORMAT TRUE,
 * after which TexImage*, CopyTexImage*, CompressedTexImage* and another
 * TexStorage on it are INVALID_OPERATION (gl_texture.c checks
 * gl_texture_obj.immutable); TexSubImage, rendering and GenerateMipmap
 * still change its texels.  Proxy targets check the same errors and leave
 * the storage alone: the levels' proxy state is that of the TexImage calls
 * (GL_PROXY_* targets of glTexImage*D).
 */
#include "gl_priv.h"

/* Resolves a TexStorage target: the GLC target index and whether it is a
 * proxy; false (INVALID_ENUM recorded) for a target the command does not
 * take. */
static bool storage_target(gl_context *ctx, int dims, GLenum target, int *ti, bool *proxy)
{
    static const struct {
        int dims;
        GLenum target, proxy;
        int ti;
    } table[] = {
        {1, GL_TEXTURE_1D, GL_PROXY_TEXTURE_1D, GLC_TEX_1D},
        {2, GL_TEXTURE_2D, GL_PROXY_TEXTURE_2D, GLC_TEX_2D},
        {2, GL_TEXTURE_RECTANGLE_ARB, GL_PROXY_TEXTURE_RECTANGLE_ARB, GLC_TEX_RECT},
        {2, GL_TEXTURE_CUBE_MAP, GL_PROXY_TEXTURE_CUBE_MAP, GLC_TEX_CUBE},
        {2, GL_TEXTURE_1D_ARRAY_EXT, GL_PROXY_TEXTURE_1D_ARRAY_EXT, GLC_TEX_1D_ARRAY},
        {3, GL_TEXTURE_3D, GL_PROXY_TEXTURE_3D, GLC_TEX_3D},
        {3, GL_TEXTURE_2D_ARRAY_EXT, GL_PROXY_TEXTURE_2D_ARRAY_EXT, GLC_TEX_2D_ARRAY},
        {3, GL_TEXTURE_CUBE_MAP_ARRAY, GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, GLC_TEX_CUBE_ARRAY},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        if (table[i].dims != dims || (target != table[i].target && target != table[i].proxy))
            continue;
        *ti = table[i].ti;
        *proxy = target == table[i].proxy;
        return true;
    }
    gl_error(ctx, GL_INVALID_ENUM);
    return false;
}

/* ARB_texture_storage: internalformat must be sized.  The unsized base
 * formats, the legacy component counts 1-4 and the generic compressed
 * formats (which name no specific layout) are INVALID_ENUM. */
static bool sized_format(GLenum f)
{
    switch (f) {
    case 1: case 2: case 3: case 4:
    case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA: case GL_INTENSITY:
    case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA:
    case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL:
    case GL_SRGB: case GL_SRGB_ALPHA: case GL_SLUMINANCE: case GL_SLUMINANCE_ALPHA:
    case GL_COMPRESSED_ALPHA: case GL_COMPRESSED_LUMINANCE: case GL_COMPRESSED_LUMINANCE_ALPHA:
    case GL_COMPRESSED_INTENSITY: case GL_COMPRESSED_RED: case GL_COMPRESSED_RG:
    case GL_COMPRESSED_RGB: case GL_COMPRESSED_RGBA: case GL_COMPRESSED_SRGB:
    case GL_COMPRESSED_SRGB_ALPHA: case GL_COMPRESSED_SLUMINANCE:
    case GL_COMPRESSED_SLUMINANCE_ALPHA:
        return false;
    default:
        return tex_internal_format_info(f, NULL, NULL);
    }
}

static int floor_log2(int v)
{
    int p = 0;
    while (v > 1) {
        v >>= 1;
        p++;
    }
    return p;
}

/* A client format and type that tex_image_define takes with NULL data for
 * an internal format of this base format and storage. */
static void null_source(GLenum base, tex_format storage, GLenum *format, GLenum *type)
{
    *format = GL_RGBA;
    *type = GL_FLOAT;
    if (base == GL_DEPTH_COMPONENT) {
        *format = GL_DEPTH_COMPONENT;
    } else if (base == GL_DEPTH_STENCIL) {
        *format = GL_DEPTH_STENCIL;
        *type = GL_UNSIGNED_INT_24_8;
    } else if (storage == TEX_FMT_RGBA32I || storage == TEX_FMT_RGBA32UI) {
        *format = GL_RGBA_INTEGER;
        *type = GL_INT;
    }
}

/* TexStorage*D; dims: 1, 2 or 3 (h, d: 1 where the command has none). */
static void tex_storage(gl_context *ctx, int dims, GLenum target, GLsizei levels,
                        GLenum internal_format, GLsizei w, GLsizei h, GLsizei d)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti;
    bool proxy;
    if (!storage_target(ctx, dims, target, &ti, &proxy))
        return;
    if (!sized_format(internal_format)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (levels < 1 || w < 1 || h < 1 || d < 1) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* the level count a full chain of these sizes has (array layers do
     * not shrink) */
    int maxdim = w;
    if ((ti != GLC_TEX_1D_ARRAY && dims >= 2) && h > maxdim)
        maxdim = h;
    if (ti == GLC_TEX_3D && d > maxdim)
        maxdim = d;
    int chain = floor_log2(maxdim) + 1;
    if (ti == GLC_TEX_RECT)
        chain = 1;
    if (levels > chain || levels > TEX_MAX_LEVELS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if ((ti == GLC_TEX_CUBE || ti == GLC_TEX_CUBE_ARRAY) && w != h) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (ti == GLC_TEX_CUBE_ARRAY && d % 6 != 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    int max = ti == GLC_TEX_3D ? GLC_MAX_3D_SIZE : GLC_MAX_SIZE;
    int max_layers = GLC_MAX_ARRAY_LAYERS;
    if (w > max || (ti != GLC_TEX_1D_ARRAY && h > max) || (ti == GLC_TEX_1D_ARRAY && h > max_layers) ||
        (ti == GLC_TEX_3D && d > max) ||
        ((ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_CUBE_ARRAY) && d > max_layers)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum base;
    tex_format storage;
    tex_internal_format_info(internal_format, &base, &storage);
    GLenum format, type;
    null_source(base, storage, &format, &type);
    if (tex_format_is_compressed(internal_format)) {
        format = GL_RGBA;
        type = GL_FLOAT;
    }

    if (proxy) {
        /* the levels' proxy state, as the TexImage calls of the spec's
         * pseudo-code would set it */
        for (int l = 0; l < levels; l++) {
            int lw = w >> l ? w >> l : 1;
            int lh = ti == GLC_TEX_1D_ARRAY ? h : (h >> l ? h >> l : 1);
            int ld = ti == GLC_TEX_3D ? (d >> l ? d >> l : 1) : d;
            if (dims == 1)
                glTexImage1D(target, l, (GLint)internal_format, lw, 0, format, type, NULL);
            else if (dims == 2)
                glTexImage2D(target, l, (GLint)internal_format, lw, lh, 0, format, type, NULL);
            else
                glTexImage3D(target, l, (GLint)internal_format, lw, lh, ld, 0, format, type, NULL);
        }
        return;
    }

    gl_texture_obj *o = ctx->bound_tex[ctx->active_texture][ti];
    if (o->name == 0 || o->immutable) { /* the default texture, or immutable already */
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!gl_bindless_may_modify(ctx, o))
        return;
    int faces = ti == GLC_TEX_CUBE ? 6 : 1;
    for (int l = 0; l < levels; l++) {
        int lw = w >> l ? w >> l : 1;
        int lh = dims == 1 ? 1 : ti == GLC_TEX_1D_ARRAY ? h : (h >> l ? h >> l : 1);
        int ld = ti == GLC_TEX_3D ? (d >> l ? d >> l : 1) : d;
        int layers_h = ti == GLC_TEX_1D_ARRAY ? 1 : lh;
        if (!tex_image_fits(internal_format, lw, layers_h, ld * (ti == GLC_TEX_1D_ARRAY ? h : 1),
                            faces)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    for (int l = 0; l < TEX_MAX_LEVELS; l++) {
        for (int f = 0; f < faces; f++) {
            if (l >= levels) {
                /* levels past the storage are undefined (a TexImage of
                 * size 0 clears one) */
                if (o->tex->image[f][l].internal_format)
                    tex_image_define(o->tex, f, l, GL_RGBA8, 0, dims >= 2 ? 0 : 1,
                                     dims == 3 ? 0 : 1, 0, GL_RGBA, GL_FLOAT, NULL, &ps);
                continue;
            }
            int lw = w >> l ? w >> l : 1;
            int lh = dims == 1 ? 1 : ti == GLC_TEX_1D_ARRAY ? h : (h >> l ? h >> l : 1);
            int ld = ti == GLC_TEX_3D ? (d >> l ? d >> l : 1) : dims == 3 ? d : 1;
            GLenum e = tex_image_define(o->tex, f, l, internal_format, lw, lh, ld, 0, format, type,
                                        NULL, &ps);
            if (e != GL_NO_ERROR) {
                gl_error(ctx, e);
                return;
            }
        }
    }
    o->immutable = true;
    o->immutable_levels = levels;
    gl_texture_set_level_range(o, o->tex->sampler.base_level, o->tex->sampler.max_level);
}

void gl_texture_set_level_range(gl_texture_obj *o, int base, int max)
{
    o->app_base_level = base;
    o->app_max_level = max;
    if (o->immutable) {
        int last = o->immutable_levels - 1;
        base = base < last ? base : last;
        max = max < base ? base : max > last ? last : max;
    }
    o->tex->sampler.base_level = base;
    o->tex->sampler.max_level = max;
}

GLAPI_EXPORT void APIENTRY glTexStorage1D(GLenum target, GLsizei levels, GLenum internalformat,
                                          GLsizei width)
{
    GL_CTX();
    tex_storage(ctx, 1, target, levels, internalformat, width, 1, 1);
}

GLAPI_EXPORT void APIENTRY glTexStorage2D(GLenum target, GLsizei levels, GLenum internalformat,
                                          GLsizei width, GLsizei height)
{
    GL_CTX();
    tex_storage(ctx, 2, target, levels, internalformat, width, height, 1);
}

GLAPI_EXPORT void APIENTRY glTexStorage3D(GLenum target, GLsizei levels, GLenum internalformat,
                                          GLsizei width, GLsizei height, GLsizei depth)
{
    GL_CTX();
    tex_storage(ctx, 3, target, levels, internalformat, width, height, depth);
}
