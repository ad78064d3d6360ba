/*
 * gl_array.c - vertex arrays and array draws (API thread).
 *
 * Conventional and generic arrays share the aliased slots of gl_vertex.c:
 * glColorPointer and glVertexAttribPointerARB(3, ...) set the same array.
 * Position is the exception (ARB_vertex_program section 2.8): the
 * vertex array and generic array 0 are kept apart (vertex_array,
 * attrib0_array) and array[GP_VIN_POSITION] is generic 0 when it is
 * enabled, else the vertex array (gl_array_position_changed).
 * A pointer given while an ARRAY_BUFFER is bound is an offset into that
 * buffer (ARB_vertex_buffer_object section 2.9.1); draws translate it to the
 * buffer's stable store (memory/).  The rasterizer fetches every vertex at
 * rast_draw_submit, so client memory and buffers may change right after a
 * draw returns.
 */
#include "gl_priv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static size_t type_size(GLenum type)
{
    switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE:
        return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_HALF_FLOAT: /* ARB_half_float_vertex (GL 3.0) */
        return 2;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_FIXED:
        return 4;
    case GL_DOUBLE:
    case GL_INT64_NV: /* NV_vertex_attrib_integer_64bit (VertexAttribLPointerEXT only) */
    case GL_UNSIGNED_INT64_NV:
        return 8;
    default:
        return 0;
    }
}

/* Type masks for the pointer commands (GL 2.1 Table 2.4). */
enum {
    T_B = 1 << 0, T_UB = 1 << 1, T_S = 1 << 2, T_US = 1 << 3,
    T_I = 1 << 4, T_UI = 1 << 5, T_F = 1 << 6, T_D = 1 << 7,
    T_ALL = 0xff,
    T_I64 = 1 << 8, T_UI64 = 1 << 9, /* VertexAttribLPointerEXT only */
    T_X = 1 << 10, /* FIXED: VertexAttribPointer only (ARB_ES2_compatibility) */
    T_H = 1 << 11  /* HALF_FLOAT (ARB_half_float_vertex, GL 3.0 table 2.4) */
};

static unsigned type_bit(GLenum type)
{
    switch (type) {
    case GL_BYTE:
        return T_B;
    case GL_UNSIGNED_BYTE:
        return T_UB;
    case GL_SHORT:
        return T_S;
    case GL_UNSIGNED_SHORT:
        return T_US;
    case GL_INT:
        return T_I;
    case GL_UNSIGNED_INT:
        return T_UI;
    case GL_FLOAT:
        return T_F;
    case GL_DOUBLE:
        return T_D;
    case GL_FIXED:
        return T_X;
    case GL_HALF_FLOAT:
        return T_H;
    case GL_INT64_NV:
        return T_I64;
    case GL_UNSIGNED_INT64_NV:
        return T_UI64;
    default:
        return 0;
    }
}

void gl_array_position_changed(gl_context *ctx)
{
    gl_vao *v = ctx->vao;
    v->array[GP_VIN_POSITION] = v->attrib0_array.enabled ? v->attrib0_array : v->vertex_array;
}

/* ---- vertex array objects (ARB_vertex_array_object, GL 3.0 section 2.10) ---- */

void gl_vao_init(gl_vao *v, GLuint name)
{
    memset(v, 0, sizeof *v);
    v->name = name;
    for (int i = 0; i < GP_VIN_COUNT; i++) {
        v->array[i].size = 4;
        v->array[i].type = GL_FLOAT;
    }
    v->array[GP_VIN_NORMAL].size = 3;
    v->vertex_array = v->attrib0_array = v->array[GP_VIN_POSITION];
}

gl_vao *gl_vao_lookup(gl_context *ctx, GLuint name)
{
    if (name == 0)
        return &ctx->vao0;
    void *v = gl_names_lookup(&ctx->vaos, name);
    return v && v != GL_NAME_RESERVED ? v : NULL;
}

/* The array bindings of v to b revert to 0 (ARB_vertex_buffer_object). */
static void vao_unbind(gl_vao *v, const gl_buffer_obj *b)
{
    if (v->element_buffer == b)
        v->element_buffer = NULL;
    if (v->edge_flag_buffer == b) {
        v->edge_flag_buffer = NULL;
        v->edge_flag_ptr = NULL;
    }
    for (int s = 0; s < GP_VIN_COUNT; s++)
        if (v->array[s].buffer == b) {
            v->array[s].buffer = NULL;
            v->array[s].buffer_name = 0;
        }
    gl_array *pos[] = {&v->vertex_array, &v->attrib0_array};
    for (int i = 0; i < 2; i++)
        if (pos[i]->buffer == b) {
            pos[i]->buffer = NULL;
            pos[i]->buffer_name = 0;
        }
    if (v->index_array_buffer == b->name)
        v->index_array_buffer = 0;
}

static void vao_unbind_named(GLuint name, void *v, void *b)
{
    (void)name;
    if (v != GL_NAME_RESERVED)
        vao_unbind(v, b);
}

/* GL 3.0 section 2.9: a deleted buffer's bindings in the deleting context
 * are reset to zero; that is taken to include the attachments of every
 * vertex array object of the context, bound or not, so none dangles. */
void gl_vao_buffer_deleted(gl_context *ctx, const gl_buffer_obj *b)
{
    vao_unbind(&ctx->vao0, b);
    gl_names_foreach(&ctx->vaos, vao_unbind_named, (void *)b);
}

static bool vao_uses(const gl_vao *v, const gl_buffer_obj *b)
{
    if (v->element_buffer == b || v->edge_flag_buffer == b || v->vertex_array.buffer == b ||
        v->attrib0_array.buffer == b)
        return true;
    for (int s = 0; s < GP_VIN_COUNT; s++)
        if (v->array[s].buffer == b)
            return true;
    return false;
}

typedef struct vao_find {
    const gl_buffer_obj *b;
    bool found;
} vao_find;

static void vao_uses_named(GLuint name, void *v, void *user)
{
    (void)name;
    vao_find *f = user;
    if (v != GL_NAME_RESERVED && !f->found)
        f->found = vao_uses(v, f->b);
}

bool gl_vao_uses_buffer(gl_context *ctx, const gl_buffer_obj *b)
{
    vao_find f = {b, vao_uses(&ctx->vao0, b)};
    gl_names_foreach(&ctx->vaos, vao_uses_named, &f);
    return f.found;
}

static void vao_free_named(GLuint name, void *v, void *user)
{
    (void)name;
    (void)user;
    if (v != GL_NAME_RESERVED)
        free(v);
}

void gl_vao_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->vaos, vao_free_named, NULL);
    gl_names_free(&ctx->vaos);
    ctx->vao = &ctx->vao0;
}

GLAPI_EXPORT void APIENTRY glGenVertexArrays(GLsizei n, GLuint *arrays)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_names_gen_checked(ctx, &ctx->vaos, n, arrays);
}

/* ARB_vertex_array_object: a name not from GenVertexArrays (or deleted)
 * is INVALID_OPERATION; a generated name becomes an object, in its
 * initial state, when first bound. */
GLAPI_EXPORT void APIENTRY glBindVertexArray(GLuint array)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_vao *v = gl_vao_lookup(ctx, array);
    if (!v) {
        if (gl_names_lookup(&ctx->vaos, array) != GL_NAME_RESERVED) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        v = malloc(sizeof *v);
        if (!v) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        gl_vao_init(v, array);
        if (!gl_names_insert(&ctx->vaos, array, v)) {
            free(v);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    ctx->vao = v;
}

/* A deleted bound object reverts the binding to 0; buffers only it used
 * may be freed now (gl_share.c). */
static void free_vao(gl_context *ctx, void *v)
{
    if (ctx->vao == v)
        ctx->vao = &ctx->vao0;
    free(v);
}

GLAPI_EXPORT void APIENTRY glDeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_names_delete(ctx, &ctx->vaos, n, arrays, free_vao, -1);
    gl_share_collect(ctx);
}

GLAPI_EXPORT GLboolean APIENTRY glIsVertexArray(GLuint array)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    return array != 0 && gl_vao_lookup(ctx, array) ? GL_TRUE : GL_FALSE;
}

/* The stored array behind a generic attribute index (attribute 0 has its
 * own, separate from the conventional vertex array). */
static gl_array *generic_array(gl_context *ctx, GLuint index)
{
    return index == 0 ? &ctx->vao->attrib0_array : &ctx->vao->array[index];
}

/* set_pointer's slot for generic attribute 0 (the conventional vertex
 * array is slot GP_VIN_POSITION). */
#define SLOT_ATTRIB0 (-1)

static bool set_pointer(gl_context *ctx, int slot, GLint size, GLenum type, bool normalized,
                        GLsizei stride, const void *ptr, int min_size, int max_size,
                        unsigned types)
{
    GL_OUTSIDE_BEGIN(ctx, false);
    if (!(type_bit(type) & types)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    if (size < min_size || size > max_size || stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    gl_array *a = slot == SLOT_ATTRIB0 ? &ctx->vao->attrib0_array
                  : slot == GP_VIN_POSITION ? &ctx->vao->vertex_array : &ctx->vao->array[slot];
    a->size = size;
    a->type = type;
    a->normalized = normalized;
    a->integer = false;
    a->lng = false;
    a->stride = stride;
    a->ptr = ptr;
    a->buffer = ctx->array_buffer;
    a->buffer_name = ctx->array_buffer ? ctx->array_buffer->name : 0;
    gl_array_position_changed(ctx);
    return true;
}

/* The set_pointer slot of generic attribute index. */
static int generic_slot(GLuint index)
{
    return index == 0 ? SLOT_ATTRIB0 : (int)index;
}

GLAPI_EXPORT void APIENTRY glVertexPointer(GLint size, GLenum type, GLsizei stride,
                                           const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_POSITION, size, type, false, stride, ptr, 2, 4,
                T_S | T_I | T_F | T_D | T_H);
}

GLAPI_EXPORT void APIENTRY glNormalPointer(GLenum type, GLsizei stride, const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_NORMAL, 3, type, true, stride, ptr, 3, 3,
                T_B | T_S | T_I | T_F | T_D | T_H);
}

GLAPI_EXPORT void APIENTRY glColorPointer(GLint size, GLenum type, GLsizei stride,
                                          const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_COLOR0, size, type, true, stride, ptr, 3, 4, T_ALL | T_H);
}

GLAPI_EXPORT void APIENTRY glSecondaryColorPointer(GLint size, GLenum type, GLsizei stride,
                                                   const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_COLOR1, size, type, true, stride, ptr, 3, 3, T_ALL | T_H);
}
GL_ALIAS(void, glSecondaryColorPointerEXT, glSecondaryColorPointer,
         (GLint size, GLenum type, GLsizei stride, const void *ptr))

GLAPI_EXPORT void APIENTRY glFogCoordPointer(GLenum type, GLsizei stride, const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_FOGCOORD, 1, type, false, stride, ptr, 1, 1, T_F | T_D | T_H);
}
GL_ALIAS(void, glFogCoordPointerEXT, glFogCoordPointer,
         (GLenum type, GLsizei stride, const void *ptr))

GLAPI_EXPORT void APIENTRY glTexCoordPointer(GLint size, GLenum type, GLsizei stride,
                                             const void *ptr)
{
    GL_CTX();
    set_pointer(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, size, type, false, stride,
                ptr, 1, 4, T_S | T_I | T_F | T_D | T_H);
}

GLAPI_EXPORT void APIENTRY glVertexAttribPointerARB(GLuint index, GLint size, GLenum type,
                                                    GLboolean normalized, GLsizei stride,
                                                    const void *ptr)
{
    GL_CTX();
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    set_pointer(ctx, generic_slot(index), size, type, normalized != GL_FALSE, stride, ptr, 1, 4,
                T_ALL | T_X | T_H);
}
GL_ALIAS(void, glVertexAttribPointer, glVertexAttribPointerARB,
         (GLuint index, GLint size, GLenum type, GLboolean normalized, GLsizei stride,
          const void *ptr))

/* NV_vertex_program4 section 2.8: an integer array (byte to int types, no
 * normalization); the program sees the integers unconverted. */
GLAPI_EXPORT void APIENTRY glVertexAttribIPointerEXT(GLuint index, GLint size, GLenum type,
                                                     GLsizei stride, const void *ptr)
{
    GL_CTX();
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (set_pointer(ctx, generic_slot(index), size, type, false, stride, ptr, 1, 4,
                    T_B | T_UB | T_S | T_US | T_I | T_UI)) {
        generic_array(ctx, index)->integer = true;
        gl_array_position_changed(ctx);
    }
}
GL_ALIAS(void, glVertexAttribIPointer, glVertexAttribIPointerEXT,
         (GLuint index, GLint size, GLenum type, GLsizei stride, const void *ptr))

/* EXT_vertex_attrib_64bit: a 64-bit array (GL_DOUBLE; with
 * NV_vertex_attrib_integer_64bit GL_INT64_NV and GL_UNSIGNED_INT64_NV)
 * whose components reach a LONG ATTRIB unconverted (rast.h
 * rast_attrib.is_long).  INVALID_VALUE for an index >= MAX_VERTEX_ATTRIBS,
 * a size outside 1..4 or a negative stride, INVALID_ENUM for another type. */
GLAPI_EXPORT void APIENTRY glVertexAttribLPointerEXT(GLuint index, GLint size, GLenum type,
                                                     GLsizei stride, const void *ptr)
{
    GL_CTX();
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (set_pointer(ctx, generic_slot(index), size, type, false, stride, ptr, 1, 4,
                    T_D | T_I64 | T_UI64)) {
        generic_array(ctx, index)->lng = true;
        gl_array_position_changed(ctx);
    }
}

/* The edge flag array (GL 2.1 2.8): one GLboolean per vertex, used in
 * polygon mode LINE / POINT (gl_draw.c hands it to the rasterizer). */
GLAPI_EXPORT void APIENTRY glEdgeFlagPointer(GLsizei stride, const void *ptr)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->vao->edge_flag_ptr = ptr;
    ctx->vao->edge_flag_stride = stride;
    ctx->vao->edge_flag_buffer = ctx->array_buffer;
}

/* The edge flags of vertices 0 .. nverts - 1 (nverts: first + count of a
 * non-indexed draw, 0 for an indexed one), or NULL when they cannot be read
 * safely (an array in a buffer object that does not hold them all, or an
 * indexed draw from a buffer object): every flag is then set. */
const GLboolean *gl_edge_flag_data(gl_context *ctx, long nverts)
{
    gl_buffer_obj *b = ctx->vao->edge_flag_buffer;
    if (!b)
        return ctx->vao->edge_flag_ptr;
    mem_buffer *m = b->mem;
    size_t off = (size_t)(uintptr_t)ctx->vao->edge_flag_ptr;
    size_t stride = ctx->vao->edge_flag_stride ? (size_t)ctx->vao->edge_flag_stride : 1;
    if (nverts <= 0 || !mem_buffer_data(m) || mem_buffer_is_mapped(m))
        return NULL;
    size_t last = off + stride * (size_t)(nverts - 1);
    if (off > mem_buffer_size(m) || last >= mem_buffer_size(m))
        return NULL;
    return (const GLboolean *)((const unsigned char *)mem_buffer_data(m) + off);
}

GLAPI_EXPORT void APIENTRY glIndexPointer(GLenum type, GLsizei stride, const void *ptr)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!(type_bit(type) & (T_UB | T_S | T_I | T_F | T_D))) {
        gl_error(ctx, GL_INVALID_ENUM);
    } else if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
    } else {
        ctx->vao->index_array_type = type;
        ctx->vao->index_array_stride = stride;
        ctx->vao->index_array_ptr = ptr;
        ctx->vao->index_array_buffer = ctx->array_buffer ? ctx->array_buffer->name : 0;
    }
}

/* The slot behind a client-state array enum, or -1. */
static int client_state_slot(gl_context *ctx, GLenum cap)
{
    switch (cap) {
    case GL_VERTEX_ARRAY:
        return GP_VIN_POSITION;
    case GL_NORMAL_ARRAY:
        return GP_VIN_NORMAL;
    case GL_COLOR_ARRAY:
        return GP_VIN_COLOR0;
    case GL_SECONDARY_COLOR_ARRAY:
        return GP_VIN_COLOR1;
    case GL_FOG_COORD_ARRAY:
        return GP_VIN_FOGCOORD;
    case GL_TEXTURE_COORD_ARRAY:
        return GP_VIN_TEX0 + (int)ctx->client_active_texture;
    default:
        return -1;
    }
}

static void client_state(gl_context *ctx, GLenum cap, bool on)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int s = client_state_slot(ctx, cap);
    if (s == GP_VIN_POSITION) {
        ctx->vao->vertex_array.enabled = on;
        gl_array_position_changed(ctx);
    } else if (s >= 0)
        ctx->vao->array[s].enabled = on;
    else if (cap == GL_EDGE_FLAG_ARRAY)
        ctx->vao->edge_flag_array = on;
    else if (cap == GL_INDEX_ARRAY)
        ctx->vao->index_array = on;
    else
        gl_error(ctx, GL_INVALID_ENUM);
}

bool gl_array_enable_cap(gl_context *ctx, GLenum cap, bool on)
{
    if (gl_array_is_enabled(ctx, cap) < 0)
        return false;
    client_state(ctx, cap, on);
    return true;
}

GLAPI_EXPORT void APIENTRY glEnableClientState(GLenum cap)
{
    GL_CTX();
    client_state(ctx, cap, true);
}

GLAPI_EXPORT void APIENTRY glDisableClientState(GLenum cap)
{
    GL_CTX();
    client_state(ctx, cap, false);
}

/* Client-state query used by glIsEnabled: 1/0, or -1 for other caps. */
int gl_array_is_enabled(gl_context *ctx, GLenum cap)
{
    int s = client_state_slot(ctx, cap);
    if (s == GP_VIN_POSITION)
        return ctx->vao->vertex_array.enabled;
    if (s >= 0)
        return ctx->vao->array[s].enabled;
    if (cap == GL_EDGE_FLAG_ARRAY)
        return ctx->vao->edge_flag_array;
    if (cap == GL_INDEX_ARRAY)
        return ctx->vao->index_array;
    return -1;
}

GLAPI_EXPORT void APIENTRY glEnableVertexAttribArrayARB(GLuint index)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    generic_array(ctx, index)->enabled = true;
    gl_array_position_changed(ctx);
}
GL_ALIAS(void, glEnableVertexAttribArray, glEnableVertexAttribArrayARB, (GLuint index))

GLAPI_EXPORT void APIENTRY glDisableVertexAttribArrayARB(GLuint index)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    generic_array(ctx, index)->enabled = false;
    gl_array_position_changed(ctx);
}
GL_ALIAS(void, glDisableVertexAttribArray, glDisableVertexAttribArrayARB, (GLuint index))

GLAPI_EXPORT void APIENTRY glClientActiveTexture(GLenum texture)
{
    GL_CTX();
    if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->client_active_texture = texture - GL_TEXTURE0;
}
GL_ALIAS(void, glClientActiveTextureARB, glClientActiveTexture, (GLenum texture))

/* ---- generic attribute queries (ARB_vertex_program section 6.1.12) ------------ */

/* Writes up to 4 values; returns the count, or -1 (error recorded). */
static int vertex_attrib_query(gl_context *ctx, GLuint index, GLenum pname, double out[4])
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return -1;
    }
    const gl_array *a = generic_array(ctx, index);
    switch (pname) {
    case GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB:
        out[0] = a->enabled;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB:
        out[0] = a->size;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_STRIDE_ARB:
        out[0] = a->stride;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB:
        out[0] = a->type;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED_ARB:
        out[0] = a->normalized;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING_ARB:
        out[0] = a->buffer ? a->buffer->name : 0;
        return 1;
    case GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT: /* NV_vertex_program4 */
        out[0] = a->integer;
        return 1;
    case GL_CURRENT_VERTEX_ATTRIB_ARB:
        /* attribute 0 has no current value (section 6.1.12) */
        if (index == 0) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return -1;
        }
        for (int i = 0; i < 4; i++)
            out[i] = ctx->current[index][i];
        return 4;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribdvARB(GLuint index, GLenum pname, GLdouble *params)
{
    GL_CTX();
    double v[4];
    int n = vertex_attrib_query(ctx, index, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = v[i];
}
GL_ALIAS(void, glGetVertexAttribdv, glGetVertexAttribdvARB,
         (GLuint index, GLenum pname, GLdouble *params))

GLAPI_EXPORT void APIENTRY glGetVertexAttribfvARB(GLuint index, GLenum pname, GLfloat *params)
{
    GL_CTX();
    double v[4];
    int n = vertex_attrib_query(ctx, index, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = (float)v[i];
}
GL_ALIAS(void, glGetVertexAttribfv, glGetVertexAttribfvARB,
         (GLuint index, GLenum pname, GLfloat *params))

GLAPI_EXPORT void APIENTRY glGetVertexAttribivARB(GLuint index, GLenum pname, GLint *params)
{
    GL_CTX();
    double v[4];
    int n = vertex_attrib_query(ctx, index, pname, v);
    /* CURRENT_VERTEX_ATTRIB values are rounded to the nearest integer (GL 2.1 6.1.2) */
    for (int i = 0; i < n && params; i++)
        params[i] = (GLint)(v[i] < 0 ? v[i] - 0.5 : v[i] + 0.5);
}
GL_ALIAS(void, glGetVertexAttribiv, glGetVertexAttribivARB,
         (GLuint index, GLenum pname, GLint *params))

/* NV_vertex_program4 section 6.1.14: CURRENT_VERTEX_ATTRIB as the stored
 * integer bits (set with VertexAttribI*; other values are undefined), the
 * rest as GetVertexAttribiv. */
static void get_attrib_bits(GLuint index, GLenum pname, GLint *params)
{
    GL_CTX();
    if (pname == GL_CURRENT_VERTEX_ATTRIB_ARB && !ctx->in_begin && index < GLC_MAX_ATTRIBS &&
        index != 0) {
        if (params)
            memcpy(params, ctx->current[index], sizeof ctx->current[index]);
        return;
    }
    double v[4];
    int n = vertex_attrib_query(ctx, index, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = gl_int_param(v[i]);
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribIivEXT(GLuint index, GLenum pname, GLint *params)
{
    get_attrib_bits(index, pname, params);
}
GL_ALIAS(void, glGetVertexAttribIiv, glGetVertexAttribIivEXT,
         (GLuint index, GLenum pname, GLint *params))

GLAPI_EXPORT void APIENTRY glGetVertexAttribIuivEXT(GLuint index, GLenum pname, GLuint *params)
{
    get_attrib_bits(index, pname, (GLint *)params);
}
GL_ALIAS(void, glGetVertexAttribIuiv, glGetVertexAttribIuivEXT,
         (GLuint index, GLenum pname, GLuint *params))

/* EXT_vertex_attrib_64bit / NV_vertex_attrib_integer_64bit queries:
 * CURRENT_VERTEX_ATTRIB as the stored 64-bit values (set with
 * VertexAttribL*; a 32-bit value reads as its word zero-extended, which the
 * specs leave undefined), the rest as GetVertexAttribdv (errors included:
 * INVALID_OPERATION for attribute 0's current value, INVALID_VALUE for an
 * index >= MAX_VERTEX_ATTRIBS, INVALID_ENUM for another pname).  Returns
 * 4 with the current value's 64-bit words in bits[], -2 - n with n values
 * of another pname in v[], or -1 on error. */
static int attrib_query_long(gl_context *ctx, GLuint index, GLenum pname, uint64_t bits[4], double v[4])
{
    int n = vertex_attrib_query(ctx, index, pname, v);
    if (n < 0 || pname != GL_CURRENT_VERTEX_ATTRIB_ARB)
        return n < 0 ? -1 : -2 - n; /* -2 - n: n values in v (not 64-bit state) */
    for (int i = 0; i < 4; i++) {
        uint32_t lo;
        memcpy(&lo, &ctx->current[index][i], sizeof lo);
        bits[i] = lo | (uint64_t)ctx->current_hi[index][i] << 32;
    }
    return 4;
}

/* GetVertexAttribL{dv,i64v,ui64v}: CURRENT_VERTEX_ATTRIB as its 64-bit
 * words unconverted (a double's bits for dv), another pname's values
 * converted to type (GL_DOUBLE, GL_INT64_NV or GL_UNSIGNED_INT64_NV). */
static void get_attrib_long(GLuint index, GLenum pname, void *params, GLenum type)
{
    GL_CTX();
    uint64_t bits[4];
    double v[4];
    int n = attrib_query_long(ctx, index, pname, bits, v);
    if (!params)
        return;
    if (n == 4)
        memcpy(params, bits, sizeof bits);
    for (int i = 0; n < -1 && i < -2 - n; i++) {
        if (type == GL_DOUBLE)
            ((GLdouble *)params)[i] = v[i];
        else if (type == GL_INT64_NV)
            ((GLint64EXT *)params)[i] = (GLint64EXT)v[i];
        else
            ((GLuint64EXT *)params)[i] = (GLuint64EXT)v[i];
    }
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribLdvEXT(GLuint index, GLenum pname, GLdouble *params)
{
    get_attrib_long(index, pname, params, GL_DOUBLE);
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribLi64vNV(GLuint index, GLenum pname, GLint64EXT *params)
{
    get_attrib_long(index, pname, params, GL_INT64_NV);
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribLui64vNV(GLuint index, GLenum pname, GLuint64EXT *params)
{
    get_attrib_long(index, pname, params, GL_UNSIGNED_INT64_NV);
}

GLAPI_EXPORT void APIENTRY glGetVertexAttribPointervARB(GLuint index, GLenum pname,
                                                        void **pointer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER_ARB) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (pointer)
        *pointer = (void *)generic_array(ctx, index)->ptr;
}
GL_ALIAS(void, glGetVertexAttribPointerv, glGetVertexAttribPointervARB,
         (GLuint index, GLenum pname, void **pointer))

/* glGetPointerv (GL 1.1) */
GLAPI_EXPORT void APIENTRY glGetPointerv(GLenum pname, void **params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int slot;
    switch (pname) {
    case GL_VERTEX_ARRAY_POINTER:
        slot = GP_VIN_POSITION;
        break;
    case GL_NORMAL_ARRAY_POINTER:
        slot = GP_VIN_NORMAL;
        break;
    case GL_COLOR_ARRAY_POINTER:
        slot = GP_VIN_COLOR0;
        break;
    case GL_SECONDARY_COLOR_ARRAY_POINTER:
        slot = GP_VIN_COLOR1;
        break;
    case GL_FOG_COORD_ARRAY_POINTER:
        slot = GP_VIN_FOGCOORD;
        break;
    case GL_TEXTURE_COORD_ARRAY_POINTER:
        slot = GP_VIN_TEX0 + (int)ctx->client_active_texture;
        break;
    case GL_INDEX_ARRAY_POINTER:
        if (params)
            *params = (void *)ctx->vao->index_array_ptr;
        return;
    case GL_EDGE_FLAG_ARRAY_POINTER:
        if (params)
            *params = (void *)ctx->vao->edge_flag_ptr;
        return;
    case GL_FEEDBACK_BUFFER_POINTER:
        if (params)
            *params = ctx->sel.feedback_buf;
        return;
    case GL_SELECTION_BUFFER_POINTER:
        if (params)
            *params = ctx->sel.select_buf;
        return;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = (void *)(slot == GP_VIN_POSITION ? ctx->vao->vertex_array.ptr : ctx->vao->array[slot].ptr);
}

/* ---- draws ---------------------------------------------------------------------- */

static bool valid_mode(GLenum mode)
{
    return gl_valid_mode(mode);
}

/* Fills the snapshot attributes from the arrays; false (error recorded or
 * draw to be skipped) when an array's buffer is mapped or too small for
 * max_index.  max_index < 0: unknown (client-memory indices only). */
static bool build_attribs(gl_context *ctx, rast_attrib at[GP_VIN_COUNT], long long max_index)
{
    memset(at, 0, sizeof(rast_attrib) * GP_VIN_COUNT);
    for (int s = 0; s < GP_VIN_COUNT; s++) {
        const gl_array *a = &ctx->vao->array[s];
        memcpy(at[s].current, ctx->current[s], sizeof at[s].current);
        memcpy(at[s].current_hi, ctx->current_hi[s], sizeof at[s].current_hi);
        if (!a->enabled)
            continue;
        size_t esize = type_size(a->type) * (size_t)a->size;
        size_t stride = a->stride ? (size_t)a->stride : esize;
        const unsigned char *base = a->ptr;
        if (a->buffer) {
            mem_buffer *m = a->buffer->mem;
            /* ARB_vertex_buffer_object 2.9: drawing from a mapped buffer */
            if (mem_buffer_is_mapped(m)) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return false;
            }
            size_t off = (size_t)(uintptr_t)a->ptr;
            size_t need;
            /* out-of-range fetches would read outside the store: drop the draw */
            if (max_index >= 0) {
                if (!mem_size_mul((size_t)max_index, stride, &need) ||
                    !mem_size_add(need, esize, &need) || !mem_size_add(need, off, &need) ||
                    need > mem_buffer_size(m))
                    return false;
            }
            base = (const unsigned char *)mem_buffer_data(m) + off;
            if (!mem_buffer_data(m))
                return false;
        }
        at[s].enabled = true;
        at[s].ptr = base;
        at[s].stride = stride;
        at[s].size = a->size;
        at[s].type = a->type;
        at[s].normalized = a->normalized;
        at[s].integer = a->integer;
        at[s].is_long = a->lng;
    }
    return true;
}

static bool draw_preamble(gl_context *ctx, GLenum mode, GLsizei count)
{
    if (!valid_mode(mode)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    if (count < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    if (!gl_draw_validate(ctx, mode))
        return false;
    /* no vertex array (generic attribute 0), nothing is drawn (GL 2.1 2.8),
     * unless a vertex program runs: it need not read the position (Mesa
     * draws then too; piglit pos-array takes its position from generic
     * array 6) */
    return count > 0 && (ctx->vao->array[GP_VIN_POSITION].enabled || ctx->program_enabled[GLC_VP]);
}

static void draw_arrays(gl_context *ctx, GLenum mode, GLint first, GLsizei count,
                        GLsizei instances)
{
    if (ctx->dl_record && gl_dlist_save_draw_arrays(ctx, mode, first, count, instances))
        return;
    if (first < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!draw_preamble(ctx, mode, count) || instances == 0)
        return;
    /* vertices first .. first + count - 1 are GLint vertex numbers; a
     * range running past INT_MAX names no vertex (as index + basevertex
     * below): nothing is drawn */
    if ((long long)first + count - 1 > INT_MAX)
        return;
    rast_attrib at[GP_VIN_COUNT];
    if (!build_attribs(ctx, at, (long long)first + count - 1))
        return;
    gl_draw_submit_ex(ctx, mode, first, count, 0, NULL, at, instances, NULL);
}

GLAPI_EXPORT void APIENTRY glDrawArrays(GLenum mode, GLint first, GLsizei count)
{
    GL_CTX();
    draw_arrays(ctx, mode, first, count, 1);
}
GL_ALIAS(void, glDrawArraysEXT, glDrawArrays, (GLenum mode, GLint first, GLsizei count))

/* ARB_draw_instanced / EXT_draw_instanced: the draw primcount times, the
 * vertex program seeing vertex.instance = 0 .. primcount - 1
 * (NV_vertex_program4); primcount < 0 is INVALID_VALUE. */
GLAPI_EXPORT void APIENTRY glDrawArraysInstanced(GLenum mode, GLint first, GLsizei count,
                                                 GLsizei primcount)
{
    GL_CTX();
    GL_DLIST_REFUSE();
    if (primcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    draw_arrays(ctx, mode, first, count, primcount);
}
GL_ALIAS(void, glDrawArraysInstancedARB, glDrawArraysInstanced,
         (GLenum mode, GLint first, GLsizei count, GLsizei primcount))
GL_ALIAS(void, glDrawArraysInstancedEXT, glDrawArraysInstanced,
         (GLenum mode, GLint start, GLsizei count, GLsizei primcount))

static size_t index_size(GLenum type)
{
    return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : type == GL_UNSIGNED_INT ? 4 : 0;
}

static long long max_index_of(const void *indices, GLenum type, GLsizei count)
{
    long long m = 0;
    for (GLsizei i = 0; i < count; i++) {
        long long v = gl_index_at(indices, type, (size_t)i);
        if (v > m)
            m = v;
    }
    return m;
}

/* The smallest index of the draw (ARB_draw_elements_base_vertex bounds). */
static long long min_index_of(const void *indices, GLenum type, GLsizei count)
{
    long long m = count > 0 ? 0xffffffffLL : 0;
    for (GLsizei i = 0; i < count; i++) {
        long long v = gl_index_at(indices, type, (size_t)i);
        if (v < m)
            m = v;
    }
    return m;
}

/* base_vertex: ARB_draw_elements_base_vertex, added to every index value
 * before it selects a vertex (0 for the plain forms). */
static void draw_elements(gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                          const void *indices, GLsizei instances, GLint base_vertex)
{
    if (ctx->dl_record &&
        gl_dlist_save_draw_elements(ctx, mode, count, type, indices, instances, base_vertex))
        return;
    if (!index_size(type)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!draw_preamble(ctx, mode, count))
        return;
    const void *idx = indices;
    if (ctx->vao->element_buffer) {
        mem_buffer *m = ctx->vao->element_buffer->mem;
        if (mem_buffer_is_mapped(m)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        size_t off = (size_t)(uintptr_t)indices, bytes;
        if (!mem_size_mul((size_t)count, index_size(type), &bytes) ||
            !mem_range_ok(mem_buffer_size(m), off, bytes) || !mem_buffer_data(m))
            return; /* indices outside the buffer: nothing is drawn */
        idx = (const unsigned char *)mem_buffer_data(m) + off;
    }
    if (!idx)
        return;
    /* an index + base_vertex outside [0, INT_MAX] selects no vertex (the
     * spec leaves it undefined): nothing is drawn */
    if (base_vertex != 0 && count > 0 &&
        (min_index_of(idx, type, count) + base_vertex < 0 ||
         max_index_of(idx, type, count) + base_vertex > INT_MAX))
        return;
    /* bound the fetch only when some array reads from a buffer object */
    long long max_index = -1;
    for (int s = 0; s < GP_VIN_COUNT; s++)
        if (ctx->vao->array[s].enabled && ctx->vao->array[s].buffer) {
            max_index = count > 0 ? max_index_of(idx, type, count) + base_vertex : -1;
            break;
        }
    rast_attrib at[GP_VIN_COUNT];
    if (!build_attribs(ctx, at, max_index))
        return;
    if (instances > 0 && base_vertex != 0)
        gl_draw_submit_base_vertex(ctx, mode, count, type, idx, at, instances, base_vertex);
    else if (instances > 0)
        gl_draw_submit_ex(ctx, mode, 0, count, type, idx, at, instances, NULL);
}

GLAPI_EXPORT void APIENTRY glDrawElements(GLenum mode, GLsizei count, GLenum type,
                                          const void *indices)
{
    GL_CTX();
    draw_elements(ctx, mode, count, type, indices, 1, 0);
}

GLAPI_EXPORT void APIENTRY glDrawElementsInstanced(GLenum mode, GLsizei count, GLenum type,
                                                   const void *indices, GLsizei primcount)
{
    GL_CTX();
    GL_DLIST_REFUSE();
    if (primcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    draw_elements(ctx, mode, count, type, indices, primcount, 0);
}
GL_ALIAS(void, glDrawElementsInstancedARB, glDrawElementsInstanced,
         (GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei primcount))
GL_ALIAS(void, glDrawElementsInstancedEXT, glDrawElementsInstanced,
         (GLenum mode, GLsizei count, GLenum type, const void *indices, GLsizei primcount))

GLAPI_EXPORT void APIENTRY glDrawRangeElements(GLenum mode, GLuint start, GLuint end,
                                               GLsizei count, GLenum type, const void *indices)
{
    GL_CTX();
    if (end < start) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    draw_elements(ctx, mode, count, type, indices, 1, 0);
}
GL_ALIAS(void, glDrawRangeElementsEXT, glDrawRangeElements,
         (GLenum mode, GLuint start, GLuint end, GLsizei count, GLenum type, const void *indices))

/* ARB_draw_elements_base_vertex: as DrawElements, DrawRangeElements and
 * DrawElementsInstanced, with basevertex added to each index value before it
 * selects the vertex (the index value itself, not index + basevertex, is
 * what start/end bound). */
GLAPI_EXPORT void APIENTRY glDrawElementsBaseVertex(GLenum mode, GLsizei count, GLenum type,
                                                    const void *indices, GLint basevertex)
{
    GL_CTX();
    draw_elements(ctx, mode, count, type, indices, 1, basevertex);
}

GLAPI_EXPORT void APIENTRY glDrawRangeElementsBaseVertex(GLenum mode, GLuint start, GLuint end,
                                                         GLsizei count, GLenum type,
                                                         const void *indices, GLint basevertex)
{
    GL_CTX();
    if (end < start) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    draw_elements(ctx, mode, count, type, indices, 1, basevertex);
}

GLAPI_EXPORT void APIENTRY glDrawElementsInstancedBaseVertex(GLenum mode, GLsizei count,
                                                             GLenum type, const void *indices,
                                                             GLsizei primcount, GLint basevertex)
{
    GL_CTX();
    GL_DLIST_REFUSE();
    if (primcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    draw_elements(ctx, mode, count, type, indices, primcount, basevertex);
}

/* MultiDraw{Arrays,Elements}: false when nothing is to draw.  A negative
 * drawcount, or a negative count anywhere, is INVALID_VALUE before anything
 * draws (GL 2.1 section 2.8: MultiDrawArrays is the sequence of DrawArrays
 * only for valid arguments; Mesa checks every count first); NULL arrays
 * draw nothing. */
static bool multi_draw_args(gl_context *ctx, GLsizei drawcount, const GLsizei *count,
                            const void *starts)
{
    if (drawcount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    if (drawcount > 0 && (!starts || !count))
        return false;
    for (GLsizei i = 0; i < drawcount; i++)
        if (count[i] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return false;
        }
    return true;
}

GLAPI_EXPORT void APIENTRY glMultiDrawArrays(GLenum mode, const GLint *first,
                                             const GLsizei *count, GLsizei drawcount)
{
    GL_CTX();
    if (!multi_draw_args(ctx, drawcount, count, first))
        return;
    for (GLsizei i = 0; i < drawcount; i++)
        glDrawArrays(mode, first[i], count[i]);
}
GL_ALIAS(void, glMultiDrawArraysEXT, glMultiDrawArrays,
         (GLenum mode, const GLint *first, const GLsizei *count, GLsizei drawcount))

GLAPI_EXPORT void APIENTRY glMultiDrawElements(GLenum mode, const GLsizei *count, GLenum type,
                                               const void *const *indices, GLsizei drawcount)
{
    GL_CTX();
    if (!multi_draw_args(ctx, drawcount, count, indices))
        return;
    for (GLsizei i = 0; i < drawcount; i++)
        draw_elements(ctx, mode, count[i], type, indices[i], 1, 0);
}
GL_ALIAS(void, glMultiDrawElementsEXT, glMultiDrawElements,
         (GLenum mode, const GLsizei *count, GLenum type, const void *const *indices,
          GLsizei drawcount))

/* ---- glArrayElement ----------------------------------------------------------- */

/* One element of an array as floats (GL 2.1 section 2.8, Table 2.9). */
static void fetch_element(const unsigned char *p, const gl_array *a, float out[4])
{
    out[0] = out[1] = out[2] = 0;
    out[3] = 1;
    for (int i = 0; i < a->size; i++) {
        float v;
        switch (a->type) {
        case GL_BYTE: {
            GLbyte c = ((const GLbyte *)p)[i];
            v = a->normalized ? (2.0f * c + 1.0f) / 255.0f : c;
            break;
        }
        case GL_UNSIGNED_BYTE: {
            GLubyte c = p[i];
            v = a->normalized ? c / 255.0f : c;
            break;
        }
        case GL_SHORT: {
            GLshort c;
            memcpy(&c, p + 2 * i, 2);
            v = a->normalized ? (2.0f * c + 1.0f) / 65535.0f : c;
            break;
        }
        case GL_UNSIGNED_SHORT: {
            GLushort c;
            memcpy(&c, p + 2 * i, 2);
            v = a->normalized ? c / 65535.0f : c;
            break;
        }
        case GL_INT: {
            GLint c;
            memcpy(&c, p + 4 * i, 4);
            v = a->normalized ? (float)((2.0 * c + 1.0) / 4294967295.0) : (float)c;
            break;
        }
        case GL_UNSIGNED_INT: {
            GLuint c;
            memcpy(&c, p + 4 * i, 4);
            v = a->normalized ? (float)(c / 4294967295.0) : (float)c;
            break;
        }
        case GL_DOUBLE: {
            double c;
            memcpy(&c, p + 8 * i, 8);
            v = (float)c;
            break;
        }
        case GL_FIXED: { /* signed 16.16, normalized ignored */
            GLint c;
            memcpy(&c, p + 4 * i, 4);
            v = (float)(c / 65536.0);
            break;
        }
        case GL_HALF_FLOAT: {
            uint16_t c;
            memcpy(&c, p + 2 * i, 2);
            v = tex_half_to_float(c);
            break;
        }
        default:
            memcpy(&v, p + 4 * i, 4);
            break;
        }
        out[i] = v;
    }
}

/* One element of an integer array (NV_vertex_program4 2.8): each
 * component sign- or zero-extended to 32 bits, missing ones (0, 0, 0, 1),
 * as float-typed words carrying the integer bits (ctx->current's form). */
static void fetch_element_int(const unsigned char *p, const gl_array *a, float out[4])
{
    uint32_t w[4] = {0, 0, 0, 1};
    for (int i = 0; i < a->size && i < 4; i++) {
        switch (a->type) {
        case GL_BYTE: w[i] = (uint32_t)(int32_t)((const GLbyte *)p)[i]; break;
        case GL_UNSIGNED_BYTE: w[i] = p[i]; break;
        case GL_SHORT: {
            GLshort c;
            memcpy(&c, p + 2 * i, 2);
            w[i] = (uint32_t)(int32_t)c;
            break;
        }
        case GL_UNSIGNED_SHORT: {
            GLushort c;
            memcpy(&c, p + 2 * i, 2);
            w[i] = c;
            break;
        }
        default: memcpy(&w[i], p + 4 * i, 4); break; /* INT, UNSIGNED_INT */
        }
    }
    memcpy(out, w, sizeof w);
}

GLAPI_EXPORT void APIENTRY glArrayElement(GLint i)
{
    GL_CTX();
    if (i < 0)
        return;
    /* every enabled array but the vertex array sets its current value, then
     * the vertex array provokes the vertex (GL 2.1 section 2.8) */
    if (ctx->vao->edge_flag_array && ctx->vao->edge_flag_ptr) {
        const GLboolean *e = gl_edge_flag_data(ctx, (long)i + 1);
        if (e)
            ctx->edge_flag = e[(size_t)i * (ctx->vao->edge_flag_stride ? (size_t)ctx->vao->edge_flag_stride : 1)] ? GL_TRUE : GL_FALSE;
    }
    for (int s = GP_VIN_COUNT - 1; s >= 0; s--) {
        const gl_array *a = &ctx->vao->array[s];
        if (!a->enabled)
            continue;
        size_t esize = type_size(a->type) * (size_t)a->size;
        size_t stride = a->stride ? (size_t)a->stride : esize;
        const unsigned char *base = a->ptr;
        if (a->buffer) {
            mem_buffer *m = a->buffer->mem;
            size_t off = (size_t)(uintptr_t)a->ptr + stride * (size_t)i;
            if (!mem_range_ok(mem_buffer_size(m), off, esize))
                continue;
            base = (const unsigned char *)mem_buffer_data(m) + (size_t)(uintptr_t)a->ptr;
        }
        if (!base)
            continue;
        if (a->lng) { /* a 64-bit current value (missing y, z 0, w 1) */
            uint64_t v[4] = {0, 0, 0, a->type == GL_DOUBLE ? 0x3ff0000000000000ull : 1u};
            for (int c = 0; c < a->size && c < 4; c++)
                memcpy(&v[c], base + stride * (size_t)i + 8u * (size_t)c, 8);
            gl_attrib4l(ctx, (GLuint)s, v);
            continue;
        }
        float v[4];
        if (a->integer) /* VertexAttribIPointerEXT: the integer bits, unconverted */
            fetch_element_int(base + stride * (size_t)i, a, v);
        else
            fetch_element(base + stride * (size_t)i, a, v);
        gl_attrib4f(ctx, (GLuint)s, v[0], v[1], v[2], v[3]);
    }
}
GL_ALIAS(void, glArrayElementEXT, glArrayElement, (GLint i))

/* ---- glInterleavedArrays (GL 2.1 section 2.8, Table 2.5) ------------------------- */

typedef struct interleaved_fmt {
    GLenum format;
    bool et, ec, en;          /* texture coords, colour, normal arrays enabled */
    int st, sc, sv;           /* component counts */
    GLenum tc;                /* colour type */
    int pc, pn, pv, s;        /* offsets and stride in units of floats (f = 4 bytes) */
} interleaved_fmt;

#define F4 4
static const interleaved_fmt interleaved[] = {
    {GL_V2F, false, false, false, 0, 0, 2, 0, 0, 0, 0, 2 * F4},
    {GL_V3F, false, false, false, 0, 0, 3, 0, 0, 0, 0, 3 * F4},
    {GL_C4UB_V2F, false, true, false, 0, 4, 2, GL_UNSIGNED_BYTE, 0, 0, 1 * F4, 3 * F4},
    {GL_C4UB_V3F, false, true, false, 0, 4, 3, GL_UNSIGNED_BYTE, 0, 0, 1 * F4, 4 * F4},
    {GL_C3F_V3F, false, true, false, 0, 3, 3, GL_FLOAT, 0, 0, 3 * F4, 6 * F4},
    {GL_N3F_V3F, false, false, true, 0, 0, 3, 0, 0, 0, 3 * F4, 6 * F4},
    {GL_C4F_N3F_V3F, false, true, true, 0, 4, 3, GL_FLOAT, 0, 4 * F4, 7 * F4, 10 * F4},
    {GL_T2F_V3F, true, false, false, 2, 0, 3, 0, 0, 0, 2 * F4, 5 * F4},
    {GL_T4F_V4F, true, false, false, 4, 0, 4, 0, 0, 0, 4 * F4, 8 * F4},
    {GL_T2F_C4UB_V3F, true, true, false, 2, 4, 3, GL_UNSIGNED_BYTE, 2 * F4, 0, 3 * F4, 6 * F4},
    {GL_T2F_C3F_V3F, true, true, false, 2, 3, 3, GL_FLOAT, 2 * F4, 0, 5 * F4, 8 * F4},
    {GL_T2F_N3F_V3F, true, false, true, 2, 0, 3, 0, 0, 2 * F4, 5 * F4, 8 * F4},
    {GL_T2F_C4F_N3F_V3F, true, true, true, 2, 4, 3, GL_FLOAT, 2 * F4, 6 * F4, 9 * F4, 12 * F4},
    {GL_T4F_C4F_N3F_V4F, true, true, true, 4, 4, 4, GL_FLOAT, 4 * F4, 8 * F4, 11 * F4, 15 * F4},
};

GLAPI_EXPORT void APIENTRY glInterleavedArrays(GLenum format, GLsizei stride, const void *pointer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    const interleaved_fmt *f = NULL;
    for (size_t i = 0; i < sizeof interleaved / sizeof interleaved[0]; i++)
        if (interleaved[i].format == format)
            f = &interleaved[i];
    if (!f) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (stride < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLsizei s = stride ? stride : f->s;
    const unsigned char *p = pointer;
    ctx->vao->edge_flag_array = false;
    ctx->vao->index_array = false;
    ctx->vao->array[GP_VIN_COLOR1].enabled = false;
    ctx->vao->array[GP_VIN_FOGCOORD].enabled = false;
    int tslot = GP_VIN_TEX0 + (int)ctx->client_active_texture;
    ctx->vao->array[tslot].enabled = f->et;
    if (f->et)
        glTexCoordPointer(f->st, GL_FLOAT, s, p);
    ctx->vao->array[GP_VIN_COLOR0].enabled = f->ec;
    if (f->ec)
        glColorPointer(f->sc, f->tc, s, p + f->pc);
    ctx->vao->array[GP_VIN_NORMAL].enabled = f->en;
    if (f->en)
        glNormalPointer(GL_FLOAT, s, p + f->pn);
    ctx->vao->vertex_array.enabled = true;
    glVertexPointer(f->sv, GL_FLOAT, s, p + f->pv);
}

/* ---- EXT_compiled_vertex_array -------------------------------------------------------- */

/* Arrays are fetched at every draw anyway (rast_draw_submit copies what it
 * reads), so locking only records the range for the queries. */
GLAPI_EXPORT void APIENTRY glLockArraysEXT(GLint first, GLsizei count)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (first < 0 || count <= 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (ctx->lock_count) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->lock_first = first;
    ctx->lock_count = count;
}

GLAPI_EXPORT void APIENTRY glUnlockArraysEXT(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!ctx->lock_count) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->lock_first = ctx->lock_count = 0;
}

/* ---- EXT_vertex_array: the same arrays, with a count that GL 1.1 dropped
 * (the extension lets an implementation ignore it: every draw names its
 * own range) --------------------------------------------------------------------- */

GLAPI_EXPORT void APIENTRY glVertexPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                                              const void *ptr)
{
    (void)count;
    glVertexPointer(size, type, stride, ptr);
}

GLAPI_EXPORT void APIENTRY glNormalPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *ptr)
{
    (void)count;
    glNormalPointer(type, stride, ptr);
}

GLAPI_EXPORT void APIENTRY glColorPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                                             const void *ptr)
{
    (void)count;
    glColorPointer(size, type, stride, ptr);
}

GLAPI_EXPORT void APIENTRY glIndexPointerEXT(GLenum type, GLsizei stride, GLsizei count, const void *ptr)
{
    (void)count;
    glIndexPointer(type, stride, ptr);
}

GLAPI_EXPORT void APIENTRY glTexCoordPointerEXT(GLint size, GLenum type, GLsizei stride, GLsizei count,
                                                const void *ptr)
{
    (void)count;
    glTexCoordPointer(size, type, stride, ptr);
}

GLAPI_EXPORT void APIENTRY glEdgeFlagPointerEXT(GLsizei stride, GLsizei count, const GLboolean *ptr)
{
    (void)count;
    glEdgeFlagPointer(stride, ptr);
}

GL_ALIAS(void, glGetPointervEXT, glGetPointerv, (GLenum pname, void **params))
