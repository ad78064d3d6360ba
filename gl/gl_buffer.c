/*
 * gl_buffer.c - buffer objects: ARB_vertex_buffer_object / GL 1.5, the
 * pixel buffer targets of ARB_pixel_buffer_object / GL 2.1, and the program
 * parameter buffer binding points of NV_parameter_buffer_object, and the GPU
 * addresses and residency of NV_shader_buffer_load / NV_shader_buffer_store
 * (API thread).
 *
 * Storage is memory/'s mem_buffer (stable, overflow-checked).  Vertex and
 * index data need no flush before a buffer changes: the rasterizer fetches
 * them during rast_draw_submit, and pixel transfers through a PBO run
 * synchronously.  Parameter buffers are read by fragment programs at flush
 * time, so a buffer a draw used as one (param_used) flushes in
 * gl_buffer_before_write before its store is written, reallocated or freed
 * (R9).
 *
 * GPU addresses (NV_shader_buffer_load): ctx->gpu_space (memory/'s
 * mem_space, made on first use) gives each store its address and keeps the
 * resident table programs read and write through.  Workers read that table
 * and the resident stores during a flush, so every change of the table
 * (Make*Resident*, and BufferData / DeleteBuffers of a resident buffer) and
 * every API write or read of a resident buffer's store (BufferSubData,
 * MapBuffer, GetBufferSubData: programs may have written it,
 * NV_shader_buffer_store) flushes first.  A buffer with a zero-sized store
 * (never given data, or BufferData with size 0) "has no data store" for
 * these entry points.  Shader storage buffers (gl_ssbo.c) that a draw used
 * (storage_used) flush the same way.  Vertex / index fetch and pixel
 * unpacking from a buffer that queued programs write do not flush: the
 * specs order them only after MemoryBarrierEXT (VERTEX_ATTRIB_ARRAY,
 * ELEMENT_ARRAY, PIXEL_BUFFER bits; EXT_shader_image_load_store section
 * 2.14.X), which flushes (gl_image.c).
 */
#include "gl_priv.h"

#include <stdlib.h>

static gl_buffer_obj **binding(gl_context *ctx, GLenum target)
{
    switch (target) {
    case GL_ARRAY_BUFFER:
        return &ctx->array_buffer;
    case GL_ELEMENT_ARRAY_BUFFER:
        return &ctx->vao->element_buffer;
    case GL_PIXEL_PACK_BUFFER:
        return &ctx->pixel_pack_buffer;
    case GL_PIXEL_UNPACK_BUFFER:
        return &ctx->pixel_unpack_buffer;
    case GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV:
        return &ctx->param_buffer[GLC_PB_VP];
    case GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV:
        return &ctx->param_buffer[GLC_PB_GP];
    case GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV:
        return &ctx->param_buffer[GLC_PB_FP];
    case GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV: /* NV_compute_program5 */
        return &ctx->param_buffer[GLC_PB_CP];
    case GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV: /* NV_tessellation_program5 */
        return &ctx->param_buffer[GLC_PB_TCP];
    case GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV:
        return &ctx->param_buffer[GLC_PB_TEP];
    case GL_SHADER_STORAGE_BUFFER: /* ARB_shader_storage_buffer_object (gl_ssbo.c) */
        return &ctx->shader_storage_buffer;
    case GL_DISPATCH_INDIRECT_BUFFER: /* ARB_compute_shader (gl_compute.c) */
        return &ctx->dispatch_indirect_buffer;
    case GL_TEXTURE_BUFFER_ARB: /* ARB_texture_buffer_object: a binding only */
        return &ctx->texture_buffer;
    case GL_TRANSFORM_FEEDBACK_BUFFER: /* GL 3.0 (gl_xfb.c) */
        return &ctx->xfb_buffer;
    case GL_COPY_READ_BUFFER: /* ARB_copy_buffer: bindings only */
        return &ctx->copy_read_buffer;
    case GL_COPY_WRITE_BUFFER:
        return &ctx->copy_write_buffer;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
}

static gl_buffer_obj *buffer_object(gl_context *ctx, GLuint buffer);

/* The buffer bound to target; NULL with INVALID_ENUM (bad target) or
 * INVALID_OPERATION (nothing bound) recorded. */
static gl_buffer_obj *bound_buffer(gl_context *ctx, GLenum target)
{
    GL_OUTSIDE_BEGIN(ctx, NULL);
    gl_buffer_obj **b = binding(ctx, target);
    if (!b)
        return NULL;
    if (!*b)
        gl_error(ctx, GL_INVALID_OPERATION);
    return *b;
}

/* Before b's store changes or goes away: a queued scene may still read it
 * as a program parameter buffer (rast_draw references those, R9), as a
 * buffer texture, as a shader storage buffer, or, while it is resident,
 * through its GPU address.  (Also before MapBuffer: queued programs may
 * write it through the last two.) */
static void gl_buffer_before_write(gl_context *ctx, gl_buffer_obj *b)
{
    if (b->param_used || b->tex_refs || b->storage_used || mem_buffer_is_resident(b->mem))
        gl_resource_will_change(ctx, GL_RES_BUFFER);
}

void gl_buffer_obj_destroy(gl_buffer_obj *b)
{
    mem_buffer_destroy(b->mem);
    free(b);
}

/* The context's own part: its GPU address space (the buffers belong to the
 * share group, gl_share.c; buffers resident in the space stay alive and
 * lose their residency). */
void gl_buffer_free_all(gl_context *ctx)
{
    mem_space_destroy(ctx->gpu_space);
    ctx->gpu_space = NULL;
}

GLAPI_EXPORT void APIENTRY glGenBuffers(GLsizei n, GLuint *buffers)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->shared->buffers, n, buffers);
}
GL_ALIAS(void, glGenBuffersARB, glGenBuffers, (GLsizei n, GLuint *buffers))

void gl_buffer_unbind_everywhere(gl_context *ctx, gl_buffer_obj *b)
{
    gl_buffer_obj **binds[] = {&ctx->array_buffer,      &ctx->pixel_pack_buffer,
                               &ctx->pixel_unpack_buffer, &ctx->texture_buffer,
                               &ctx->copy_read_buffer,  &ctx->copy_write_buffer};
    for (size_t i = 0; i < sizeof binds / sizeof binds[0]; i++)
        if (*binds[i] == b)
            *binds[i] = NULL;
    gl_vao_buffer_deleted(ctx, b);
    gl_xfb_buffer_deleted(ctx, b);
    for (int t = 0; t < GLC_PB_TARGETS; t++) {
        if (ctx->param_buffer[t] == b)
            ctx->param_buffer[t] = NULL;
        for (int i = 0; i < GP_MAX_PARAM_BUFFERS; i++)
            if (ctx->param_binding[t][i].buffer == b)
                ctx->param_binding[t][i].buffer = NULL;
    }
    gl_ssbo_buffer_deleted(ctx, b); /* storage and dispatch-indirect bindings */
}

static void detach_buffer(gl_context *ctx, void *obj)
{
    gl_buffer_obj *b = obj;
    gl_buffer_unbind_everywhere(ctx, b);
    gl_buffer_before_write(ctx, b);
    gl_texture_buffer_deleted(ctx, b);
}

GLAPI_EXPORT void APIENTRY glDeleteBuffers(GLsizei n, const GLuint *buffers)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->shared->buffers, n, buffers, detach_buffer, GLC_OBJ_BUFFER);
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
    gl_buffer_obj *b = buffer_object(ctx, buffer);
    if (b)
        *bp = b;
}
GL_ALIAS(void, glBindBufferARB, glBindBuffer, (GLenum target, GLuint buffer))

/* The object named buffer (!= 0), created on first use as BindBuffer does;
 * NULL with OUT_OF_MEMORY recorded. */
static gl_buffer_obj *buffer_object(gl_context *ctx, GLuint buffer)
{
    void *v = gl_names_lookup(&ctx->shared->buffers, buffer);
    if (!v || v == GL_NAME_RESERVED) {
        gl_buffer_obj *b = calloc(1, sizeof *b);
        if (b)
            b->mem = mem_buffer_create();
        if (!b || !b->mem || !gl_names_insert(&ctx->shared->buffers, buffer, b)) {
            if (b)
                mem_buffer_destroy(b->mem);
            free(b);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        b->name = buffer;
        b->usage = GL_STATIC_DRAW;
        b->access = GL_READ_WRITE;
        v = b;
    }
    return v;
}

GLAPI_EXPORT GLboolean APIENTRY glIsBuffer(GLuint buffer)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->shared->buffers, buffer);
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
    gl_texture_buffer_changed(ctx, b); /* buffer textures view the new store */
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
    /* queued programs may write it: through its GPU address
     * (NV_shader_buffer_store), as a storage buffer (STB, ATOMB) or as the
     * store of a buffer texture bound to an image unit (STOREIM, ATOMIM) */
    if (b->storage_used || b->tex_refs || mem_buffer_is_resident(b->mem))
        gl_resource_will_change(ctx, GL_RES_BUFFER);
    gl_mem_ok(ctx, mem_buffer_read(b->mem, (size_t)offset, (size_t)size, data));
}
GL_ALIAS(void, glGetBufferSubDataARB, glGetBufferSubData,
         (GLenum target, GLintptr offset, GLsizeiptr size, void *data))

/* ARB_copy_buffer (GL 3.1 section 2.9.5): size bytes from readOffset of
 * one bound buffer to writeOffset of another (or of the same, where the
 * ranges must not overlap). */
GLAPI_EXPORT void APIENTRY glCopyBufferSubData(GLenum readTarget, GLenum writeTarget,
                                               GLintptr readOffset, GLintptr writeOffset,
                                               GLsizeiptr size)
{
    GL_CTX();
    gl_buffer_obj *r = bound_buffer(ctx, readTarget);
    if (!r)
        return;
    gl_buffer_obj *w = bound_buffer(ctx, writeTarget);
    if (!w)
        return;
    if (readOffset < 0 || writeOffset < 0 || size < 0 ||
        !mem_range_ok(mem_buffer_size(r->mem), (size_t)readOffset, (size_t)size) ||
        !mem_range_ok(mem_buffer_size(w->mem), (size_t)writeOffset, (size_t)size) ||
        (r == w && readOffset < writeOffset + size && writeOffset < readOffset + size)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (mem_buffer_is_mapped(r->mem) || mem_buffer_is_mapped(w->mem)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (size == 0)
        return;
    /* queued programs may write the source (as GetBufferSubData) or read
     * the destination */
    if (r->storage_used || r->tex_refs || mem_buffer_is_resident(r->mem))
        gl_resource_will_change(ctx, GL_RES_BUFFER);
    gl_buffer_before_write(ctx, w);
    const unsigned char *src = (const unsigned char *)mem_buffer_data(r->mem) + readOffset;
    gl_mem_ok(ctx, mem_buffer_write(w->mem, (size_t)writeOffset, (size_t)size, src));
}

GLAPI_EXPORT void *APIENTRY glMapBuffer(GLenum target, GLenum access)
{
    GL_CTX(NULL);
    GL_OUTSIDE_BEGIN(ctx, NULL);
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
    b->access_flags = (a & MEM_MAP_READ ? GL_MAP_READ_BIT : 0) | (a & MEM_MAP_WRITE ? GL_MAP_WRITE_BIT : 0);
    return p;
}
GL_ALIAS(void *, glMapBufferARB, glMapBuffer, (GLenum target, GLenum access))

/* ARB_map_buffer_range.  The mapping is the store itself, so every access
 * flag's promise holds without work: INVALIDATE_* leave the old contents
 * (undefined is allowed), UNSYNCHRONIZED still waits for queued scenes
 * (gl_buffer_before_write), and FlushMappedBufferRange has nothing to copy. */
GLAPI_EXPORT void *APIENTRY glMapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length,
                                             GLbitfield access)
{
    GL_CTX(NULL);
    GL_OUTSIDE_BEGIN(ctx, NULL);
    if (!binding(ctx, target))
        return NULL;
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return NULL;
    const GLbitfield all = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT |
                           GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT |
                           GL_MAP_UNSYNCHRONIZED_BIT;
    /* INVALID_VALUE: negative or out-of-store ranges, unknown bits, and
     * (GL 3.0 section 2.9.3) an empty range */
    if (offset < 0 || length <= 0 || (access & ~all) ||
        !mem_range_ok(mem_buffer_size(b->mem), (size_t)offset, (size_t)length)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    bool rd = access & GL_MAP_READ_BIT, wr = access & GL_MAP_WRITE_BIT;
    if (mem_buffer_is_mapped(b->mem) || (!rd && !wr) ||
        (rd && (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                          GL_MAP_UNSYNCHRONIZED_BIT))) ||
        ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !wr)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    gl_buffer_before_write(ctx, b);
    void *p;
    unsigned a = (rd ? MEM_MAP_READ : 0) | (wr ? MEM_MAP_WRITE : 0);
    if (!gl_mem_ok(ctx, mem_buffer_map(b->mem, (size_t)offset, (size_t)length, a, &p)))
        return NULL;
    b->access = rd && wr ? GL_READ_WRITE : rd ? GL_READ_ONLY : GL_WRITE_ONLY;
    b->access_flags = access;
    return p;
}

GLAPI_EXPORT void APIENTRY glFlushMappedBufferRange(GLenum target, GLintptr offset,
                                                    GLsizeiptr length)
{
    GL_CTX();
    if (!binding(ctx, target))
        return;
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return;
    if (offset < 0 || length < 0 ||
        !mem_range_ok(mem_buffer_map_length(b->mem), (size_t)offset, (size_t)length)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!mem_buffer_is_mapped(b->mem) || !(b->access_flags & GL_MAP_FLUSH_EXPLICIT_BIT)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
}

GLAPI_EXPORT GLboolean APIENTRY glUnmapBuffer(GLenum target)
{
    GL_CTX(GL_FALSE);
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (!b)
        return GL_FALSE;
    if (!gl_mem_ok(ctx, mem_buffer_unmap(b->mem)))
        return GL_FALSE;
    gl_texture_buffer_changed(ctx, b);
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
    case GL_BUFFER_ACCESS_FLAGS: /* GL 3.0 table 6.9 */
        v = mem_buffer_is_mapped(b->mem) ? (GLint)b->access_flags : 0;
        break;
    case GL_BUFFER_MAP_OFFSET:
        v = (GLint)mem_buffer_map_offset(b->mem);
        break;
    case GL_BUFFER_MAP_LENGTH:
        v = (GLint)mem_buffer_map_length(b->mem);
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

/* ---- NV_parameter_buffer_object ------------------------------------------------ */

/* GLC_PB_* of a parameter buffer target, or -1. */
static int param_target(GLenum target)
{
    switch (target) {
    case GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV:
        return GLC_PB_VP;
    case GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV:
        return GLC_PB_GP;
    case GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV:
        return GLC_PB_FP;
    case GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV:
        return GLC_PB_CP;
    case GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV: /* NV_tessellation_program5 */
        return GLC_PB_TCP;
    case GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV:
        return GLC_PB_TEP;
    default:
        return -1;
    }
}

int gl_buffer_param_target(GLenum target)
{
    return param_target(target);
}

/* BindBuffer{Range,Offset,Base}NV on a parameter buffer target (the only
 * targets asmgl has for them): offset must be 0 (NV_parameter_buffer_object
 * section 2.14.1), size > 0 and word-aligned when ranged; size 0 = whole
 * buffer.  Also binds the generic binding, as BindBuffer would. */
static void bind_range(GLenum target, GLuint index, GLuint buffer, GLintptr offset,
                       GLsizeiptr size, bool ranged)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (target == GL_SHADER_STORAGE_BUFFER) { /* gl_ssbo.c validates the rest */
        gl_buffer_obj *sb = NULL;
        if (index < GP_MAX_STORAGE_BUFFERS && buffer != 0 && !(sb = buffer_object(ctx, buffer)))
            return;
        gl_ssbo_bind(ctx, index, sb, offset, size, ranged);
        return;
    }
    if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
        gl_buffer_obj *xb = NULL;
        if (buffer != 0 && !(xb = buffer_object(ctx, buffer)))
            return;
        gl_xfb_bind(ctx, index, xb, offset, size, ranged);
        return;
    }
    int t = param_target(target);
    if (t < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (index >= GP_MAX_PARAM_BUFFERS || offset != 0 || (ranged && (size <= 0 || (size & 3)))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_buffer_obj *b = NULL;
    if (buffer != 0 && !(b = buffer_object(ctx, buffer)))
        return;
    ctx->param_buffer[t] = b;
    ctx->param_binding[t][index].buffer = b;
    ctx->param_binding[t][index].size = ranged ? size : 0;
}

GLAPI_EXPORT void APIENTRY glBindBufferRangeNV(GLenum target, GLuint index, GLuint buffer,
                                               GLintptr offset, GLsizeiptr size)
{
    bind_range(target, index, buffer, offset, size, true);
}
GL_ALIAS(void, glBindBufferRange, glBindBufferRangeNV,
         (GLenum target, GLuint index, GLuint buffer, GLintptr offset, GLsizeiptr size))

GLAPI_EXPORT void APIENTRY glBindBufferOffsetNV(GLenum target, GLuint index, GLuint buffer,
                                                GLintptr offset)
{
    bind_range(target, index, buffer, offset, 0, false);
}

GLAPI_EXPORT void APIENTRY glBindBufferBaseNV(GLenum target, GLuint index, GLuint buffer)
{
    bind_range(target, index, buffer, 0, 0, false);
}
GL_ALIAS(void, glBindBufferBase, glBindBufferBaseNV, (GLenum target, GLuint index, GLuint buffer))

/* Words of binding point index of target t visible to programs (0 when
 * unbound), clamped to MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV. */
static uint32_t param_words(gl_context *ctx, int t, int index, const gp_val **data)
{
    const struct gl_param_binding *pb = &ctx->param_binding[t][index];
    *data = NULL;
    if (!pb->buffer)
        return 0;
    size_t bytes = mem_buffer_size(pb->buffer->mem);
    if (pb->size > 0 && (size_t)pb->size < bytes)
        bytes = (size_t)pb->size;
    size_t words = bytes / 4;
    size_t max = (size_t)ctx->limits[GLC_VP].max_parameter_buffer_size;
    if (words > max)
        words = max;
    if (words)
        *data = mem_buffer_data(pb->buffer->mem);
    return *data ? (uint32_t)words : 0;
}

void gl_buffer_param_bind(gl_context *ctx, int t, const gp_program_info *info, rast_stage_binding *b)
{
    for (int a = 0; info && a < GP_MAX_PARAM_BUFFERS; a++) {
        if (!(info->param_buffers_used & (1u << a)))
            continue;
        b->param_buffer_words[a] = param_words(ctx, t, a, &b->param_buffers[a]);
        if (b->param_buffers[a])
            ctx->param_binding[t][a].buffer->param_used = true;
    }
}

/* ProgramBufferParameters{fv,Iiv,Iuiv}NV: words [word, word + count) of the
 * buffer at binding point index; a BufferSubData. */
static void buffer_params(GLenum target, GLuint index, GLuint word, GLsizei count,
                          const void *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int t = param_target(target);
    if (t < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (index >= GP_MAX_PARAM_BUFFERS || count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_buffer_obj *b = ctx->param_binding[t][index].buffer;
    if (!b) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    uint64_t end = (uint64_t)word + (uint64_t)count;
    if (end > mem_buffer_size(b->mem) / 4 ||
        end > (uint64_t)ctx->limits[GLC_VP].max_parameter_buffer_size) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!count || !params)
        return;
    gl_buffer_before_write(ctx, b);
    gl_mem_ok(ctx, mem_buffer_write(b->mem, (size_t)word * 4, (size_t)count * 4, params));
}

GLAPI_EXPORT void APIENTRY glProgramBufferParametersfvNV(GLenum target, GLuint bindingIndex,
                                                         GLuint wordIndex, GLsizei count,
                                                         const GLfloat *params)
{
    buffer_params(target, bindingIndex, wordIndex, count, params);
}

GLAPI_EXPORT void APIENTRY glProgramBufferParametersIivNV(GLenum target, GLuint bindingIndex,
                                                          GLuint wordIndex, GLsizei count,
                                                          const GLint *params)
{
    buffer_params(target, bindingIndex, wordIndex, count, params);
}

GLAPI_EXPORT void APIENTRY glProgramBufferParametersIuivNV(GLenum target, GLuint bindingIndex,
                                                           GLuint wordIndex, GLsizei count,
                                                           const GLuint *params)
{
    buffer_params(target, bindingIndex, wordIndex, count, params);
}

/* The indexed state GetIntegerIndexedvEXT / GetIntegeri_v / GetBooleani_v
 * / GetInteger64i_v read: EXT_draw_buffers2's COLOR_WRITEMASK (four values)
 * and BLEND, parameter buffer bindings, SAMPLE_MASK_VALUE, and the image
 * units, storage buffer bindings and compute limits.  Returns how many
 * values it wrote to out; 0 with INVALID_ENUM / INVALID_VALUE recorded. */
static int get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t out[4])
{
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (value == GL_COLOR_WRITEMASK || value == GL_BLEND) {
        if (index >= GLC_MAX_DRAW_BUFFERS) {
            gl_error(ctx, GL_INVALID_VALUE);
            return 0;
        }
        if (value == GL_BLEND) {
            out[0] = (ctx->blend >> index) & 1u;
            return 1;
        }
        for (int c = 0; c < 4; c++)
            out[c] = (ctx->color_mask[index] >> c) & 1u;
        return 4;
    }
    if (value == GL_SAMPLE_MASK_VALUE) { /* ARB_texture_multisample / NV_explicit_multisample */
        if (index >= 1) { /* MAX_SAMPLE_MASK_WORDS */
            gl_error(ctx, GL_INVALID_VALUE);
            return 0;
        }
        out[0] = (int64_t)(uint32_t)ctx->sample_mask_value;
        return 1;
    }
    int r = gl_xfb_get_indexed(ctx, value, index, out);
    if (r < 0)
        r = gl_image_get_indexed(ctx, value, index, out);
    if (r < 0)
        r = gl_ssbo_get_indexed(ctx, value, index, out);
    if (r < 0)
        r = gl_compute_get_indexed(ctx, value, index, out);
    if (r >= 0)
        return r > 0;
    int t = param_target(value);
    if (t < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    if (index >= GP_MAX_PARAM_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    const gl_buffer_obj *b = ctx->param_binding[t][index].buffer;
    out[0] = b ? (int64_t)b->name : 0;
    return 1;
}

/* GetIntegerIndexedvEXT / GetIntegeri_v: the buffer at a binding point. */
GLAPI_EXPORT void APIENTRY glGetIntegerIndexedvEXT(GLenum value, GLuint index, GLint *data)
{
    GL_CTX();
    int64_t v[4];
    int n = get_indexed(ctx, value, index, v);
    for (int i = 0; i < n && data; i++)
        data[i] = (GLint)v[i]; /* enums, names, masks: their 32 bits */
}
GL_ALIAS(void, glGetIntegeri_v, glGetIntegerIndexedvEXT, (GLenum value, GLuint index, GLint *data))

GLAPI_EXPORT void APIENTRY glGetBooleanIndexedvEXT(GLenum value, GLuint index, GLboolean *data)
{
    GL_CTX();
    int64_t v[4];
    int n = get_indexed(ctx, value, index, v);
    for (int i = 0; i < n && data; i++)
        data[i] = v[i] != 0 ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(void, glGetBooleani_v, glGetBooleanIndexedvEXT,
         (GLenum value, GLuint index, GLboolean *data))

/* OpenGL 3.2's GetInteger64i_v (SHADER_STORAGE_BUFFER_START / SIZE are
 * GLint64 state in ARB_shader_storage_buffer_object). */
GLAPI_EXPORT void APIENTRY glGetInteger64i_v(GLenum value, GLuint index, GLint64 *data)
{
    GL_CTX();
    int64_t v[4];
    int n = get_indexed(ctx, value, index, v);
    for (int i = 0; i < n && data; i++)
        data[i] = value == GL_SAMPLE_MASK_VALUE ? (GLint64)(uint32_t)v[i] : (GLint64)v[i];
}

/* ---- NV_shader_buffer_load / NV_shader_buffer_store ------------------------------ */

mem_space *gl_buffer_gpu_space(gl_context *ctx)
{
    if (!ctx->gpu_space && !(ctx->gpu_space = mem_space_create()))
        gl_error(ctx, GL_OUT_OF_MEMORY);
    return ctx->gpu_space;
}

/* The object a Named command names: INVALID_OPERATION for 0 (there is no
 * buffer 0), created like BindBuffer would for a name not yet bound
 * (NV_shader_buffer_load section 2.9); NULL with the error recorded. */
static gl_buffer_obj *named_buffer(gl_context *ctx, GLuint buffer)
{
    if (ctx->in_begin || buffer == 0) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return buffer_object(ctx, buffer);
}

/* MakeBufferResidentNV access: READ_ONLY (NV_shader_buffer_load), READ_WRITE
 * and WRITE_ONLY (NV_shader_buffer_store section 2.9); 0 when invalid. */
static unsigned resident_access(GLenum access)
{
    switch (access) {
    case GL_READ_ONLY:
        return MEM_GPU_READ;
    case GL_WRITE_ONLY:
        return MEM_GPU_WRITE;
    case GL_READ_WRITE:
        return MEM_GPU_READ | MEM_GPU_WRITE;
    default:
        return 0;
    }
}

static bool has_store(const gl_buffer_obj *b)
{
    return mem_buffer_size(b->mem) > 0 && mem_buffer_data(b->mem) != NULL;
}

static void make_resident(gl_context *ctx, gl_buffer_obj *b, unsigned access)
{
    /* errors: NV_shader_buffer_load "Errors" */
    if (!has_store(b) || mem_buffer_is_resident(b->mem)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    mem_space *s = gl_buffer_gpu_space(ctx);
    if (!s)
        return;
    gl_resource_will_change(ctx, GL_RES_RESIDENT); /* workers may be reading the resident table (R9) */
    gl_mem_ok(ctx, mem_space_make_resident(s, b->mem, access));
}

static void make_non_resident(gl_context *ctx, gl_buffer_obj *b)
{
    if (!ctx->gpu_space || !mem_buffer_is_resident(b->mem)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* queued draws may still read it: they finish first, which is also the
     * stall NV_shader_buffer_load issue 8 asks for after non-residency */
    gl_resource_will_change(ctx, GL_RES_RESIDENT);
    gl_mem_ok(ctx, mem_space_make_non_resident(ctx->gpu_space, b->mem));
}

static void get_address(gl_context *ctx, gl_buffer_obj *b, GLuint64EXT *params)
{
    if (!has_store(b)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    mem_space *s = gl_buffer_gpu_space(ctx);
    if (!s)
        return;
    uint64_t a = mem_space_address(s, b->mem);
    if (!a) { /* the address space below MEM_GPU_LIMIT is used up */
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    if (params)
        *params = a;
}

GLAPI_EXPORT void APIENTRY glMakeBufferResidentNV(GLenum target, GLenum access)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!binding(ctx, target))
        return;
    unsigned a = resident_access(access);
    if (!a) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (b)
        make_resident(ctx, b, a);
}

GLAPI_EXPORT void APIENTRY glMakeNamedBufferResidentNV(GLuint buffer, GLenum access)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    unsigned a = resident_access(access);
    if (!a) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer_obj *b = named_buffer(ctx, buffer);
    if (b)
        make_resident(ctx, b, a);
}

GLAPI_EXPORT void APIENTRY glMakeBufferNonResidentNV(GLenum target)
{
    GL_CTX();
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (b)
        make_non_resident(ctx, b);
}

GLAPI_EXPORT void APIENTRY glMakeNamedBufferNonResidentNV(GLuint buffer)
{
    GL_CTX();
    gl_buffer_obj *b = named_buffer(ctx, buffer);
    if (b)
        make_non_resident(ctx, b);
}

GLAPI_EXPORT GLboolean APIENTRY glIsBufferResidentNV(GLenum target)
{
    GL_CTX(GL_FALSE);
    gl_buffer_obj *b = bound_buffer(ctx, target);
    return b && mem_buffer_is_resident(b->mem) ? GL_TRUE : GL_FALSE;
}

GLAPI_EXPORT GLboolean APIENTRY glIsNamedBufferResidentNV(GLuint buffer)
{
    GL_CTX(GL_FALSE);
    gl_buffer_obj *b = named_buffer(ctx, buffer);
    return b && mem_buffer_is_resident(b->mem) ? GL_TRUE : GL_FALSE;
}

GLAPI_EXPORT void APIENTRY glGetBufferParameterui64vNV(GLenum target, GLenum pname,
                                                       GLuint64EXT *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!binding(ctx, target))
        return;
    if (pname != GL_BUFFER_GPU_ADDRESS_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer_obj *b = bound_buffer(ctx, target);
    if (b)
        get_address(ctx, b, params);
}

GLAPI_EXPORT void APIENTRY glGetNamedBufferParameterui64vNV(GLuint buffer, GLenum pname,
                                                            GLuint64EXT *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (pname != GL_BUFFER_GPU_ADDRESS_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_buffer_obj *b = named_buffer(ctx, buffer);
    if (b)
        get_address(ctx, b, params);
}

/* NV_shader_buffer_load section 2.20.3: GLSL pointer uniforms.  asmgl links
 * no GLSL program (gl_glsl.c), so no uniform exists to set or read:
 * INVALID_OPERATION, as Uniform* without a current program and
 * GetUniform* / ProgramUniform* of a name that is no linked program give. */
GLAPI_EXPORT void APIENTRY glUniformui64NV(GLint location, GLuint64EXT value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)location;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glUniformui64vNV(GLint location, GLsizei count, const GLuint64EXT *value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)location;
    (void)count;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glProgramUniformui64NV(GLuint program, GLint location, GLuint64EXT value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)program;
    (void)location;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glProgramUniformui64vNV(GLuint program, GLint location, GLsizei count,
                                                   const GLuint64EXT *value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)program;
    (void)location;
    (void)count;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glGetUniformui64vNV(GLuint program, GLint location, GLuint64EXT *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)program;
    (void)location;
    (void)params;
    gl_error(ctx, GL_INVALID_OPERATION);
}

/* ARB_pixel_buffer_object, "Errors": with a pixel buffer bound, a pointer
 * (offset) not evenly divisible into the number of basic machine units
 * needed to store one datum of type in memory is INVALID_OPERATION, for
 * packs and unpacks alike.  A packed type's datum is its whole pixel
 * (UNSIGNED_SHORT_5_6_5: 2 bytes, FLOAT_32_UNSIGNED_INT_24_8_REV: 8);
 * an unknown type passes here and is refused by the type check. */
bool gl_pbo_offset_aligned(GLenum type, size_t offset)
{
    size_t unit;
    switch (type) {
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT:
    case GL_UNSIGNED_SHORT_5_6_5:
    case GL_UNSIGNED_SHORT_5_6_5_REV:
    case GL_UNSIGNED_SHORT_4_4_4_4:
    case GL_UNSIGNED_SHORT_4_4_4_4_REV:
    case GL_UNSIGNED_SHORT_5_5_5_1:
    case GL_UNSIGNED_SHORT_1_5_5_5_REV:
        unit = 2;
        break;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_UNSIGNED_INT_8_8_8_8:
    case GL_UNSIGNED_INT_8_8_8_8_REV:
    case GL_UNSIGNED_INT_10_10_10_2:
    case GL_UNSIGNED_INT_2_10_10_10_REV:
    case GL_UNSIGNED_INT_24_8:
    case GL_UNSIGNED_INT_10F_11F_11F_REV:
    case GL_UNSIGNED_INT_5_9_9_9_REV:
        unit = 4;
        break;
    case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
        unit = 8;
        break;
    default:
        unit = 1; /* bytes, BITMAP */
        break;
    }
    return offset % unit == 0;
}
