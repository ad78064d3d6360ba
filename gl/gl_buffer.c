/*
 * gl_buffer.c - buffer objects: ARB_vertex_buffer_object / GL 1.5 and the
 * pixel buffer targets of ARB_pixel_buffer_object / GL 2.1 (API thread).
 *
 * Storage is memory/'s mem_buffer (stable, overflow-checked).  No flush is
 * needed before a buffer changes: the rasterizer fetches vertices and
 * indices during rast_draw_submit, and pixel transfers through a PBO run
 * synchronously.  (NV_shader_buffer_load will make programs read buffers at
 * flush time; gl_buffer_before_write is where that flush will go.)
 */
#include "gl_priv.h"

#include <stdlib.h>

static gl_buffer_obj **binding(gl_context *ctx, GLenum target)
{
    switch (target) {
    case GL_ARRAY_BUFFER:
        return &ctx->array_buffer;
    case GL_ELEMENT_ARRAY_BUFFER:
        return &ctx->element_buffer;
    case GL_PIXEL_PACK_BUFFER:
        return &ctx->pixel_pack_buffer;
    case GL_PIXEL_UNPACK_BUFFER:
        return &ctx->pixel_unpack_buffer;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
}

/* The buffer bound to target; NULL with INVALID_ENUM (bad target) or
 * INVALID_OPERATION (nothing bound) recorded. */
static gl_buffer_obj *bound_buffer(gl_context *ctx, GLenum target)
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    gl_buffer_obj **b = binding(ctx, target);
    if (!b)
        return NULL;
    if (!*b)
        gl_error(ctx, GL_INVALID_OPERATION);
    return *b;
}

static void gl_buffer_before_write(gl_context *ctx, gl_buffer_obj *b)
{
    (void)ctx;
    (void)b;
}

static void free_one(GLuint name, void *v, void *user)
{
    (void)name;
    (void)user;
    if (v != GL_NAME_RESERVED) {
        mem_buffer_destroy(((gl_buffer_obj *)v)->mem);
        free(v);
    }
}

void gl_buffer_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->buffers, free_one, NULL);
    gl_names_free(&ctx->buffers);
}

GLAPI_EXPORT void APIENTRY glGenBuffers(GLsizei n, GLuint *buffers)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (n && buffers && !gl_names_gen(&ctx->buffers, n, buffers))
        gl_error(ctx, GL_OUT_OF_MEMORY);
}
GL_ALIAS(void, glGenBuffersARB, glGenBuffers, (GLsizei n, GLuint *buffers))

void gl_buffer_unbind_everywhere(gl_context *ctx, gl_buffer_obj *b)
{
    gl_buffer_obj **binds[] = {&ctx->array_buffer, &ctx->element_buffer, &ctx->pixel_pack_buffer,
                               &ctx->pixel_unpack_buffer};
    for (size_t i = 0; i < sizeof binds / sizeof binds[0]; i++)
        if (*binds[i] == b)
            *binds[i] = NULL;
    /* ARB_vertex_buffer_object: array bindings to a deleted buffer revert to 0 */
    for (int s = 0; s < GP_VIN_COUNT; s++)
        if (ctx->array[s].buffer == b) {
            ctx->array[s].buffer = NULL;
            ctx->array[s].buffer_name = 0;
        }
}

GLAPI_EXPORT void APIENTRY glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    for (GLsizei i = 0; buffers && i < n; i++) {
        void *v = gl_names_lookup(&ctx->buffers, buffers[i]);
        if (!v)
            continue;
        if (v != GL_NAME_RESERVED) {
            gl_buffer_obj *b = v;
            gl_buffer_unbind_everywhere(ctx, b);
            mem_buffer_destroy(b->mem);
            free(b);
        }
        gl_names_remove(&ctx->buffers, buffers[i]);
    }
}
GL_ALIAS(void, glDeleteBuffersARB, glDeleteBuffers, (GLsizei n, const GLuint *buffers))

GLAPI_EXPORT void APIENTRY glBindBuffer(GLenum target, GLuint buffer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_buffer_obj **bp = binding(ctx, target);
    if (!bp)
        return;
    if (buffer == 0) {
        *bp = NULL;
        return;
    }
    void *v = gl_names_lookup(&ctx->buffers, buffer);
    if (!v || v == GL_NAME_RESERVED) {
        gl_buffer_obj *b = calloc(1, sizeof *b);
        if (b)
            b->mem = mem_buffer_create();
        if (!b || !b->mem || !gl_names_insert(&ctx->buffers, buffer, b)) {
            if (b)
                mem_buffer_destroy(b->mem);
            free(b);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        b->name = buffer;
        b->usage = GL_STATIC_DRAW;
        b->access = GL_READ_WRITE;
        v = b;
    }
    *bp = v;
}
GL_ALIAS(void, glBindBufferARB, glBindBuffer, (GLenum target, GLuint buffer))

GLAPI_EXPORT GLboolean APIENTRY glIsBuffer(GLuint buffer)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->buffers, buffer);
    return v && v != GL_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsBufferARB, glIsBuffer, (GLuint buffer))

static bool valid_usage(GLenum usage)
{
    switch (usage) {
    case GL_STREAM_DRAW:
    case GL_STREAM_READ:
    case GL_STREAM_COPY:
    case GL_STATIC_DRAW:
    case GL_STATIC_READ:
    case GL_STATIC_COPY:
    case GL_DYNAMIC_DRAW:
    case GL_DYNAMIC_READ:
    case GL_DYNAMIC_COPY:
        return true;
    default:
        return false;
    }
}

GLAPI_EXPORT void APIENTRY glBufferData(GLenum target, GLsizeiptr size, const void *data,
                                        GLenum usage)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!binding(ctx, target))
        return;
    if (size < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!valid_usage(usage)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    gl_buffer_before_write(ctx, b);
    /* a mapped buffer is unmapped by BufferData (GL 2.1 section 2.9) */
    if (mem_buffer_is_mapped(b->mem))
        mem_buffer_unmap(b->mem);
    if (gl_mem_ok(ctx, mem_buffer_alloc(b->mem, (size_t)size, data)))
        b->usage = usage;
}
GL_ALIAS(void, glBufferDataARB, glBufferData,
         (GLenum target, GLsizeiptr size, const void *data, GLenum usage))

GLAPI_EXPORT void APIENTRY glBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size,
                                           const void *data)
{
    GL_CTX();
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    if (offset < 0 || size < 0 ||
        !mem_range_ok(mem_buffer_size(b->mem), (size_t)offset, (size_t)size)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_buffer_before_write(ctx, b);
    gl_mem_ok(ctx, mem_buffer_write(b->mem, (size_t)offset, (size_t)size, data));
}
GL_ALIAS(void, glBufferSubDataARB, glBufferSubData,
         (GLenum target, GLintptr offset, GLsizeiptr size, const void *data))

GLAPI_EXPORT void APIENTRY glGetBufferSubData(GLenum target, GLintptr offset, GLsizeiptr size,
                                              void *data)
{
    GL_CTX();
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    if (offset < 0 || size < 0 ||
        !mem_range_ok(mem_buffer_size(b->mem), (size_t)offset, (size_t)size)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_mem_ok(ctx, mem_buffer_read(b->mem, (size_t)offset, (size_t)size, data));
}
GL_ALIAS(void, glGetBufferSubDataARB, glGetBufferSubData,
         (GLenum target, GLintptr offset, GLsizeiptr size, void *data))

GLAPI_EXPORT void *APIENTRY glMapBuffer(GLenum target, GLenum access)
{
    GL_CTX(NULL);
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    if (!binding(ctx, target))
        return NULL;
    unsigned a;
    switch (access) {
    case GL_READ_ONLY:
        a = MEM_MAP_READ;
        break;
    case GL_WRITE_ONLY:
        a = MEM_MAP_WRITE;
        break;
    case GL_READ_WRITE:
        a = MEM_MAP_READ | MEM_MAP_WRITE;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return NULL;
    gl_buffer_before_write(ctx, b);
    void *p;
    if (!gl_mem_ok(ctx, mem_buffer_map(b->mem, 0, mem_buffer_size(b->mem), a, &p)))
        return NULL;
    b->access = access;
    return p;
}
GL_ALIAS(void *, glMapBufferARB, glMapBuffer, (GLenum target, GLenum access))

GLAPI_EXPORT GLboolean APIENTRY glUnmapBuffer(GLenum target)
{
    GL_CTX(GL_FALSE);
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return GL_FALSE;
    if (!gl_mem_ok(ctx, mem_buffer_unmap(b->mem)))
        return GL_FALSE;
    return GL_TRUE; /* the store never becomes corrupt in asmgl */
}
GL_ALIAS(GLboolean, glUnmapBufferARB, glUnmapBuffer, (GLenum target))

GLAPI_EXPORT void APIENTRY glGetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
    GL_CTX();
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    GLint v;
    switch (pname) {
    case GL_BUFFER_SIZE:
        v = (GLint)mem_buffer_size(b->mem);
        break;
    case GL_BUFFER_USAGE:
        v = (GLint)b->usage;
        break;
    case GL_BUFFER_ACCESS:
        v = (GLint)b->access;
        break;
    case GL_BUFFER_MAPPED:
        v = mem_buffer_is_mapped(b->mem);
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = v;
}
GL_ALIAS(void, glGetBufferParameterivARB, glGetBufferParameteriv,
         (GLenum target, GLenum pname, GLint *params))

GLAPI_EXPORT void APIENTRY glGetBufferPointerv(GLenum target, GLenum pname, void **params)
{
    GL_CTX();
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    if (pname != GL_BUFFER_MAP_POINTER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = mem_buffer_map_pointer(b->mem);
}
GL_ALIAS(void, glGetBufferPointervARB, glGetBufferPointerv,
         (GLenum target, GLenum pname, void **params))
