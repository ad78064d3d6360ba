/*
 * gl_ssbo.c - shader storage buffers (ARB_shader_storage_buffer_object's
 * API, used by NV_shader_storage_buffer_object programs through
 * program.storage[n]) and the resources every draw and dispatch hands the
 * rasterizer (rast.h "Resources"; API thread).
 *
 * Binding points: BindBufferBase / BindBufferRange / BindBufferOffsetNV
 * with target SHADER_STORAGE_BUFFER (gl_buffer.c routes them here) bind
 * ctx->ssbo[index] and the generic SHADER_STORAGE_BUFFER binding.  The
 * range is checked against the buffer's size only when it is used: a draw
 * sees [offset, offset + size) clipped to the store (an offset past the end
 * gives an empty view, so every access is out of bounds: reads 0, writes
 * dropped, EDGE.SSBO_OOB) and to MAX_SHADER_STORAGE_BLOCK_SIZE.
 *
 * Flushes (R9): a buffer a draw or dispatch used as a storage buffer
 * (storage_used) may be written by queued programs, so gl_buffer.c flushes
 * before every API read or write of its store (GetBufferSubData, MapBuffer,
 * BufferData, BufferSubData, DeleteBuffers).
 *
 * program.storagelen[a] (GP_PARAM_STORAGELEN rows, gl_state.c) is the
 * integer 0 in every component: NV_shader_storage_buffer_object section
 * 2.X.3.3, "If the program is an assembly program specified via
 * ProgramStringARB ..., the "x" component will hold the integer value
 * zero" (BIND.P.STORAGELEN); only GLSL-generated programs get lengths.
 */
#include "gl_priv.h"

#include <string.h>

void gl_ssbo_bind(gl_context *ctx, GLuint index, gl_buffer_obj *b, GLintptr offset,
                  GLsizeiptr size, bool ranged)
{
    /* ARB_shader_storage_buffer_object (OpenGL 4.3 section 6.1.1):
     * INVALID_VALUE for index >= MAX_SHADER_STORAGE_BUFFER_BINDINGS, a
     * negative or unaligned offset, or a Range size <= 0 with a buffer */
    if (index >= GP_MAX_STORAGE_BUFFERS || offset < 0 || (offset % GLC_SSBO_ALIGN) != 0 ||
        (ranged && b && size <= 0)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    struct gl_ssbo_binding n = {b, b ? offset : 0, b && ranged ? size : 0};
    struct gl_ssbo_binding *s = &ctx->ssbo[index];
    ctx->shader_storage_buffer = b;
    *s = n;
}

void gl_ssbo_buffer_deleted(gl_context *ctx, gl_buffer_obj *b)
{
    if (ctx->shader_storage_buffer == b)
        ctx->shader_storage_buffer = NULL;
    if (ctx->dispatch_indirect_buffer == b)
        ctx->dispatch_indirect_buffer = NULL;
    for (int i = 0; i < GP_MAX_STORAGE_BUFFERS; i++)
        if (ctx->ssbo[i].buffer == b)
            memset(&ctx->ssbo[i], 0, sizeof ctx->ssbo[i]);
}

int gl_ssbo_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out)
{
    if (value != GL_SHADER_STORAGE_BUFFER_BINDING && value != GL_SHADER_STORAGE_BUFFER_START &&
        value != GL_SHADER_STORAGE_BUFFER_SIZE)
        return -1;
    if (index >= GP_MAX_STORAGE_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    const struct gl_ssbo_binding *s = &ctx->ssbo[index];
    *out = value == GL_SHADER_STORAGE_BUFFER_BINDING ? (int64_t)(s->buffer ? s->buffer->name : 0)
           : value == GL_SHADER_STORAGE_BUFFER_START ? (int64_t)s->offset
                                                     : (int64_t)s->size;
    return 1;
}

/* The bytes programs see through binding point i. */
static gp_buffer_view storage_view(gl_context *ctx, int i)
{
    gp_buffer_view v = {NULL, 0};
    const struct gl_ssbo_binding *s = &ctx->ssbo[i];
    if (!s->buffer)
        return v;
    uint8_t *data = mem_buffer_data(s->buffer->mem);
    size_t bytes = mem_buffer_size(s->buffer->mem);
    size_t off = (size_t)s->offset;
    if (!data || off >= bytes)
        return v;
    size_t n = bytes - off;
    if (s->size > 0 && (size_t)s->size < n)
        n = (size_t)s->size;
    if (n > GLC_MAX_SSBO_SIZE)
        n = GLC_MAX_SSBO_SIZE;
    v.data = data + off;
    v.size = n;
    return v;
}

bool gl_resources_fill(gl_context *ctx, rast_resources *res, const gp_program_info *const *infos,
                       int n)
{
    memset(res, 0, sizeof *res);
    bool global = false;
    uint32_t storage = 0, images = 0;
    for (int i = 0; i < n; i++) {
        if (!infos[i])
            continue;
        global |= infos[i]->uses_global_memory;
        storage |= infos[i]->storage_used;
        images |= infos[i]->images_used;
    }
    /* global memory: the context's space (made now when a program needs
     * it, so every access of a program is checked against one) */
    res->space = global ? gl_buffer_gpu_space(ctx) : ctx->gpu_space;
    if (global && !res->space)
        return false;
    for (int i = 0; i < GP_MAX_STORAGE_BUFFERS; i++) {
        if (!(storage & (1u << i)))
            continue;
        res->storage[i] = storage_view(ctx, i);
        if (res->storage[i].data)
            ctx->ssbo[i].buffer->storage_used = true;
    }
    for (int i = 0; i < GP_MAX_IMAGE_UNITS; i++) {
        const struct gl_image_binding *u = &ctx->image_unit[i];
        if (!(images & (1u << i)) || !u->tex)
            continue;
        tex_image_unit *t = &res->images[i];
        t->tex = u->tex->tex;
        t->level = u->level;
        t->layered = u->layered;
        t->layer = u->layer;
        t->access = u->access;
        t->format = u->format;
    }
    return true;
}
