/*
 * gl_bindless.c - NV_bindless_texture texture handles (API thread).
 *
 * A texture handle is RAST_TEX_HANDLE_BASE + i (never 0) for entry i of the
 * context's handle table (gl_priv.h tex_handle_obj / tex_handle_resident):
 * GetTextureHandleNV hands out one handle per texture object, the same one
 * on every call ("The handle for each texture or texture/sampler pair is
 * unique").  The table only grows, and every change to it comes after a
 * flush, so queued draws read it unlocked from worker threads
 * (rast_draw.tex_handles: the resident entries' tex_objects, NULL for the
 * others).  NV_gpu_program5 programs sample a handle with
 * "handle(<operand>)" under OPTION NV_bindless_texture (glprog); a handle
 * that is not resident or not valid reads (0, 0, 0, 0) there (the spec
 * leaves it undefined).
 *
 * While a handle names a texture, TexImage*, CopyTexImage*, TexParameter*
 * and TexBuffer* on it are INVALID_OPERATION (gl_bindless_may_modify,
 * called from gl_texture.c); TexSubImage* and rendering still update it.
 * Deleting the texture invalidates its handles.
 *
 * What asmgl leaves out: sampler objects do not exist, so
 * GetTextureSamplerHandleNV always fails with INVALID_VALUE ("<sampler> is
 * zero or is not the name of an existing sampler object"); image handles
 * (GetImageHandleNV, Make/IsImageHandle*) are not exported since asmgl has
 * no image units; asmgl has no GLSL programs, so the Uniform*Handleui64*
 * entry points only record INVALID_OPERATION (as Uniform* without a current
 * GLSL program does).
 */
#include "gl_priv.h"

#include <stdlib.h>

/* Entry of a valid handle, or -1. */
static int64_t handle_index(gl_context *ctx, uint64_t h)
{
    if (h < RAST_TEX_HANDLE_BASE)
        return -1;
    uint64_t i = h - RAST_TEX_HANDLE_BASE;
    if (i >= ctx->num_tex_handles || !ctx->tex_handle_obj[i])
        return -1;
    return (int64_t)i;
}

const tex_object *gl_bindless_resident(gl_context *ctx, uint64_t h)
{
    int64_t i = handle_index(ctx, h);
    return i < 0 ? NULL : ctx->tex_handle_resident[i];
}

bool gl_bindless_may_modify(gl_context *ctx, const gl_texture_obj *o)
{
    if (o && o->handle_refs) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    return true;
}

void gl_bindless_texture_deleted(gl_context *ctx, gl_texture_obj *t)
{
    for (uint32_t i = 0; i < ctx->num_tex_handles; i++)
        if (ctx->tex_handle_obj[i] == t) {
            ctx->tex_handle_obj[i] = NULL;
            ctx->tex_handle_resident[i] = NULL;
        }
    t->handle_refs = 0;
}

void gl_bindless_free(gl_context *ctx)
{
    /* the textures may outlive the context (shared, gl_share.c) */
    for (uint32_t i = 0; i < ctx->num_tex_handles; i++)
        if (ctx->tex_handle_obj[i] && ctx->tex_handle_obj[i]->handle_refs)
            ctx->tex_handle_obj[i]->handle_refs--;
    free(ctx->tex_handle_obj);
    free(ctx->tex_handle_resident);
    ctx->tex_handle_obj = NULL;
    ctx->tex_handle_resident = NULL;
    ctx->num_tex_handles = ctx->cap_tex_handles = 0;
}

static GLuint64 texture_handle(gl_context *ctx, GLuint texture)
{
    gl_texture_obj *t = texture ? gl_texture_lookup(ctx, texture) : NULL;
    if (!t || !t->tex) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    if (!tex_object_complete(t->tex)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return 0;
    }
    for (uint32_t i = 0; i < ctx->num_tex_handles; i++)
        if (ctx->tex_handle_obj[i] == t)
            return RAST_TEX_HANDLE_BASE + i;
    if (ctx->num_tex_handles >= UINT32_MAX / 2) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    /* queued draws hold the table: flush before it moves */
    gl_resource_will_change(ctx, GL_RES_RESIDENT);
    if (ctx->num_tex_handles == ctx->cap_tex_handles) {
        uint32_t cap = ctx->cap_tex_handles ? ctx->cap_tex_handles * 2 : 16;
        gl_texture_obj **o = realloc(ctx->tex_handle_obj, cap * sizeof *o);
        if (!o) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return 0;
        }
        ctx->tex_handle_obj = o;
        const tex_object **r = realloc(ctx->tex_handle_resident, cap * sizeof *r);
        if (!r) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return 0;
        }
        ctx->tex_handle_resident = r;
        ctx->cap_tex_handles = cap;
    }
    uint32_t i = ctx->num_tex_handles++;
    ctx->tex_handle_obj[i] = t;
    ctx->tex_handle_resident[i] = NULL;
    t->handle_refs++;
    return RAST_TEX_HANDLE_BASE + i;
}

GLAPI_EXPORT GLuint64 APIENTRY glGetTextureHandleNV(GLuint texture)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    return texture_handle(ctx, texture);
}

GLAPI_EXPORT GLuint64 APIENTRY glGetTextureSamplerHandleNV(GLuint texture, GLuint sampler)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    (void)sampler; /* no sampler objects exist: every <sampler> is invalid */
    gl_error(ctx, GL_INVALID_VALUE);
    (void)texture;
    return 0;
}

GLAPI_EXPORT void APIENTRY glMakeTextureHandleResidentNV(GLuint64 handle)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int64_t i = handle_index(ctx, handle);
    if (i < 0 || ctx->tex_handle_resident[i]) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_resource_will_change(ctx, GL_RES_RESIDENT);
    ctx->tex_handle_resident[i] = ctx->tex_handle_obj[i]->tex;
}

GLAPI_EXPORT void APIENTRY glMakeTextureHandleNonResidentNV(GLuint64 handle)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int64_t i = handle_index(ctx, handle);
    if (i < 0 || !ctx->tex_handle_resident[i]) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_resource_will_change(ctx, GL_RES_RESIDENT);
    ctx->tex_handle_resident[i] = NULL;
}

GLAPI_EXPORT GLboolean APIENTRY glIsTextureHandleResidentNV(GLuint64 handle)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    int64_t i = handle_index(ctx, handle);
    if (i < 0) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return GL_FALSE;
    }
    return ctx->tex_handle_resident[i] ? GL_TRUE : GL_FALSE;
}

/* GLSL handle uniforms: asmgl links no GLSL program, so there is never a
 * uniform to set. */
GLAPI_EXPORT void APIENTRY glUniformHandleui64NV(GLint location, GLuint64 value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)location;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glUniformHandleui64vNV(GLint location, GLsizei count, const GLuint64 *value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)location;
    (void)count;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glProgramUniformHandleui64NV(GLuint program, GLint location, GLuint64 value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)program;
    (void)location;
    (void)value;
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glProgramUniformHandleui64vNV(GLuint program, GLint location, GLsizei count,
                                                         const GLuint64 *values)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    (void)program;
    (void)location;
    (void)count;
    (void)values;
    gl_error(ctx, GL_INVALID_OPERATION);
}
