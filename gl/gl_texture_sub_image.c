/*
 * gl_texture_sub_image.c - ARB_get_texture_sub_image: GetTextureSubImage and
 * GetCompressedTextureSubImage (GL 4.5 section 8.11.4; API thread).
 *
 * A region of one level of a texture named directly (no binding), packed
 * as GetTexImage packs (texture/ tex_image_get_region), into client memory
 * of bufSize bytes or, with a PIXEL_PACK_BUFFER bound, at that offset in
 * the buffer.  Cube maps take zoffset and depth as faces.
 */
#include "gl_priv.h"

/* The destination of a transfer of extent bytes: the client pointer (at
 * most buf_size bytes) or the pack buffer's store at offset ptr; NULL with
 * the error recorded when it does not fit (INVALID_OPERATION). */
static void *pack_destination(gl_context *ctx, void *ptr, size_t extent, GLsizei buf_size,
                              GLenum type, bool *ok)
{
    *ok = false;
    if (buf_size < 0 || extent > (size_t)buf_size) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    gl_buffer_obj *b = ctx->pixel_pack_buffer;
    if (!b) {
        *ok = true;
        return ptr;
    }
    size_t off = (size_t)(uintptr_t)ptr;
    if (mem_buffer_is_mapped(b->mem) || !mem_range_ok(mem_buffer_size(b->mem), off, extent) ||
        (type && !gl_pbo_offset_aligned(type, off))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    *ok = true;
    unsigned char *base = mem_buffer_data(b->mem);
    return base ? base + off : NULL;
}

/* The texture object named texture; NULL with INVALID_OPERATION when there
 * is none or it was never bound (ARB_get_texture_sub_image: "if texture is
 * not the name of an existing texture object"; GL 4.5 says INVALID_VALUE,
 * piglit and Mesa follow the extension). */
static gl_texture_obj *named_texture(gl_context *ctx, GLuint texture)
{
    gl_texture_obj *o = texture ? gl_texture_lookup(ctx, texture) : NULL;
    if (!o || !o->tex || !o->target) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return o;
}

/* Whether the region lies in level `level` of o (cube maps: zoffset and
 * depth count faces); INVALID_VALUE recorded when not, before the buffer
 * size is looked at (as Mesa orders the checks). */
static bool region_ok(gl_context *ctx, const gl_texture_obj *o, GLint level, GLint x, GLint y,
                      GLint z, GLsizei w, GLsizei h, GLsizei d)
{
    if (level < 0 || level >= TEX_MAX_LEVELS || w < 0 || h < 0 || d < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    const tex_image *img = &o->tex->image[0][level];
    int depth = o->target == GL_TEXTURE_CUBE_MAP ? 6 : img->depth;
    if (x < 0 || y < 0 || z < 0 || x > img->width - w || y > img->height - h || z > depth - d) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

GLAPI_EXPORT void APIENTRY glGetTextureSubImage(GLuint texture, GLint level, GLint xoffset,
                                                GLint yoffset, GLint zoffset, GLsizei width,
                                                GLsizei height, GLsizei depth, GLenum format,
                                                GLenum type, GLsizei bufSize, void *pixels)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_texture_obj *o = named_texture(ctx, texture);
    if (!o)
        return;
    if (o->target == GL_TEXTURE_BUFFER_ARB) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!region_ok(ctx, o, level, xoffset, yoffset, zoffset, width, height, depth))
        return;
    GLenum err = GL_NO_ERROR;
    size_t extent = tex_client_image_extent(format, type, width, height, depth, true, &ctx->pack,
                                            &err);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    bool ok;
    void *dst = pack_destination(ctx, pixels, extent, bufSize, type, &ok);
    if (!ok)
        return;
    gl_draw_flush(ctx); /* the image may be a render target of a queued scene */
    err = tex_image_get_region(o->tex, level, xoffset, yoffset, zoffset, width, height, depth,
                               format, type, dst, &ctx->pack);
    if (err != GL_NO_ERROR)
        gl_error(ctx, err);
}

GLAPI_EXPORT void APIENTRY glGetCompressedTextureSubImage(GLuint texture, GLint level,
                                                          GLint xoffset, GLint yoffset,
                                                          GLint zoffset, GLsizei width,
                                                          GLsizei height, GLsizei depth,
                                                          GLsizei bufSize, void *pixels)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_texture_obj *o = named_texture(ctx, texture);
    if (!o)
        return;
    if (!region_ok(ctx, o, level, xoffset, yoffset, zoffset, width, height, depth))
        return;
    GLenum ifmt = o->tex->image[0][level].internal_format;
    size_t extent = tex_compressed_image_size(ifmt, width, height, depth);
    bool ok;
    void *dst = pack_destination(ctx, pixels, extent, bufSize, 0, &ok);
    if (!ok)
        return;
    gl_draw_flush(ctx);
    GLenum err = tex_compressed_image_get_region(o->tex, level, xoffset, yoffset, zoffset, width,
                                                 height, depth, dst);
    if (err != GL_NO_ERROR)
        gl_error(ctx, err);
}
