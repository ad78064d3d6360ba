/*
 * gl_image.c - EXT_shader_image_load_store's API (API thread): the image
 * units (BindImageTextureEXT), their indexed queries, the limits, and
 * MemoryBarrierEXT.
 *
 * An image unit references the texture object (ctx->image_unit[i].tex);
 * draws and dispatches hand a copy of the unit to the rasterizer as
 * texture/'s tex_image_unit (gl_ssbo.c gl_resources_fill), whose texture
 * object queued work references until the next flush.  Every path that changes a texture's storage
 * (TexImage*, TexSubImage*, CopyTex*, GenerateMipmap, TexParameter*,
 * DeleteTextures) and every path that reads it back (GetTexImage,
 * ReadPixels from an attached texture) already flushes first (gl_texture.c,
 * gl_fbo.c), so stores a queued program makes to an image are seen by them.
 *
 * MemoryBarrierEXT: asmgl's programs write memory directly (no caches), so
 * the only thing to order is the queued scene: every valid call flushes it,
 * whatever the bits (EXT_shader_image_load_store section 2.14.X lets the GL
 * do more than the bits ask).  A bit outside ALL_BARRIER_BITS_EXT's defined
 * set (unless the value is ALL_BARRIER_BITS_EXT itself) is INVALID_VALUE
 * (OpenGL 4.2 core's rule for MemoryBarrier; the EXT spec lists no error).
 */
#include "gl_priv.h"

#include <string.h>

void gl_image_init(gl_context *ctx)
{
    /* EXT_shader_image_load_store Table 6.X initial values */
    for (int i = 0; i < GP_MAX_IMAGE_UNITS; i++) {
        memset(&ctx->image_unit[i], 0, sizeof ctx->image_unit[i]);
        ctx->image_unit[i].access = GL_READ_ONLY;
        ctx->image_unit[i].format = GL_R8;
    }
}

void gl_image_texture_deleted(gl_context *ctx, gl_texture_obj *t)
{
    /* section 3.9.X: "as though BindImageTextureEXT were called with ...
     * <texture> set to zero" (level etc. keep their values) */
    for (int i = 0; i < GP_MAX_IMAGE_UNITS; i++)
        if (ctx->image_unit[i].tex == t)
            ctx->image_unit[i].tex = NULL;
}

static bool valid_access(GLenum access)
{
    return access == GL_READ_ONLY || access == GL_WRITE_ONLY || access == GL_READ_WRITE;
}

/* Errors (EXT_shader_image_load_store "Errors", plus OpenGL 4.2 core's
 * BindImageTexture for what the EXT leaves open): INVALID_VALUE for index
 * >= MAX_IMAGE_UNITS_EXT, a texture that is not an existing texture object
 * (a name only generated is not one), a format not in Table X.2, or a
 * negative level or layer; INVALID_ENUM for an access other than
 * READ_ONLY / WRITE_ONLY / READ_WRITE.  With texture 0 the unit is unbound
 * and the other arguments are stored as given (after validation), as the
 * spec's state table keeps them per unit.  On an error nothing changes. */
GLAPI_EXPORT void APIENTRY glBindImageTextureEXT(GLuint index, GLuint texture, GLint level,
                                                 GLboolean layered, GLint layer, GLenum access,
                                                 GLint format)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (index >= GP_MAX_IMAGE_UNITS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_texture_obj *t = NULL;
    if (texture != 0 && !(t = gl_texture_lookup(ctx, texture))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    int class_bytes;
    if (!tex_image_format_info((GLenum)format, &class_bytes) || level < 0 || layer < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!valid_access(access)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    /* no flush: a draw copies the unit (rast_resources holds it by value),
     * and the texture stays alive until DeleteTextures, which flushes */
    struct gl_image_binding n = {t, level, layered != GL_FALSE, layer, access, (GLenum)format};
    ctx->image_unit[index] = n;
}

/* The bits MemoryBarrierEXT takes: EXT_shader_image_load_store's,
 * NV_shader_buffer_store's SHADER_GLOBAL_ACCESS_BARRIER_BIT_NV (0x10), and
 * ARB_shader_storage_buffer_object's SHADER_STORAGE_BARRIER_BIT (0x2000),
 * whose buffers NV_shader_storage_buffer_object programs write. */
#define GLC_BARRIER_BITS                                                                        \
    (GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT_EXT | GL_ELEMENT_ARRAY_BARRIER_BIT_EXT |                \
     GL_UNIFORM_BARRIER_BIT_EXT | GL_TEXTURE_FETCH_BARRIER_BIT_EXT |                            \
     GL_SHADER_GLOBAL_ACCESS_BARRIER_BIT_NV | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT_EXT |          \
     GL_COMMAND_BARRIER_BIT_EXT | GL_PIXEL_BUFFER_BARRIER_BIT_EXT |                             \
     GL_TEXTURE_UPDATE_BARRIER_BIT_EXT | GL_BUFFER_UPDATE_BARRIER_BIT_EXT |                     \
     GL_FRAMEBUFFER_BARRIER_BIT_EXT | GL_TRANSFORM_FEEDBACK_BARRIER_BIT_EXT |                   \
     GL_ATOMIC_COUNTER_BARRIER_BIT_EXT | GL_SHADER_STORAGE_BARRIER_BIT)

GLAPI_EXPORT void APIENTRY glMemoryBarrierEXT(GLbitfield barriers)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (barriers != GL_ALL_BARRIER_BITS_EXT && (barriers & ~(GLbitfield)GLC_BARRIER_BITS)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_draw_flush(ctx);
}

int gl_image_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out)
{
    switch (value) {
    case GL_IMAGE_BINDING_NAME_EXT:
    case GL_IMAGE_BINDING_LEVEL_EXT:
    case GL_IMAGE_BINDING_LAYERED_EXT:
    case GL_IMAGE_BINDING_LAYER_EXT:
    case GL_IMAGE_BINDING_ACCESS_EXT:
    case GL_IMAGE_BINDING_FORMAT_EXT:
        break;
    default:
        return -1;
    }
    if (index >= GP_MAX_IMAGE_UNITS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    const struct gl_image_binding *u = &ctx->image_unit[index];
    switch (value) {
    case GL_IMAGE_BINDING_NAME_EXT:
        *out = u->tex ? u->tex->name : 0;
        break;
    case GL_IMAGE_BINDING_LEVEL_EXT:
        *out = u->level;
        break;
    case GL_IMAGE_BINDING_LAYERED_EXT:
        *out = u->layered;
        break;
    case GL_IMAGE_BINDING_LAYER_EXT:
        *out = u->layer;
        break;
    case GL_IMAGE_BINDING_ACCESS_EXT:
        *out = u->access;
        break;
    default:
        *out = u->format;
        break;
    }
    return 1;
}
