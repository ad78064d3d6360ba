/*
 * gl_xfb.c - GL 3.0 transform feedback's commands (section 2.15 of GL 3.0,
 * "Transform Feedback"; API thread), as an implementation whose only
 * program objects are the GLSL ones that never link (gl_glsl.c) answers
 * them.
 *
 * The buffer bindings are real: TRANSFORM_FEEDBACK_BUFFER's generic
 * binding (BindBuffer) and MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS indexed
 * ones (BindBufferRange / Base / OffsetNV), with their queries
 * (TRANSFORM_FEEDBACK_BUFFER_BINDING, _START, _SIZE).  Transform feedback
 * itself captures the varyings of the current program object, and there
 * is never one: BeginTransformFeedback is INVALID_OPERATION after its
 * INVALID_ENUM check, as the spec says for no active program.  The
 * assembly programs' path to capture is NV_transform_feedback's
 * TransformFeedbackAttribsNV, which asmgl does not have.  PRIMITIVES_GENERATED
 * and RASTERIZER_DISCARD work for every draw (gl_query.c, rast_clip.c).
 */
#include "gl_priv.h"

void gl_xfb_bind(gl_context *ctx, GLuint index, gl_buffer_obj *b, GLintptr offset,
                 GLsizeiptr size, bool ranged)
{
    /* GL 3.0 2.15: the index below MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS,
     * offset and size multiples of 4, size > 0 when ranged; no change
     * while transform feedback is active */
    if (index >= GLC_MAX_TF_SEPARATE_ATTRIBS || offset < 0 || (offset & 3) ||
        (ranged && (size <= 0 || (size & 3)))) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (ctx->xfb_active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->xfb_buffer = b;
    ctx->xfb_binding[index].buffer = b;
    ctx->xfb_binding[index].offset = offset;
    ctx->xfb_binding[index].size = ranged ? size : 0;
}

int gl_xfb_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out)
{
    if (value != GL_TRANSFORM_FEEDBACK_BUFFER_BINDING &&
        value != GL_TRANSFORM_FEEDBACK_BUFFER_START && value != GL_TRANSFORM_FEEDBACK_BUFFER_SIZE)
        return -1;
    if (index >= GLC_MAX_TF_SEPARATE_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    const struct gl_xfb_binding *x = &ctx->xfb_binding[index];
    *out = value == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING ? (x->buffer ? (int64_t)x->buffer->name : 0)
           : value == GL_TRANSFORM_FEEDBACK_BUFFER_START ? (int64_t)x->offset
                                                         : (int64_t)x->size;
    return 1;
}

void gl_xfb_buffer_deleted(gl_context *ctx, const gl_buffer_obj *b)
{
    if (ctx->xfb_buffer == b)
        ctx->xfb_buffer = NULL;
    for (int i = 0; i < GLC_MAX_TF_SEPARATE_ATTRIBS; i++)
        if (ctx->xfb_binding[i].buffer == b)
            ctx->xfb_binding[i] = (struct gl_xfb_binding){NULL, 0, 0};
}

/* primitiveMode POINTS, LINES or TRIANGLES, else INVALID_ENUM; then, with
 * no program object current (always), INVALID_OPERATION. */
GLAPI_EXPORT void APIENTRY glBeginTransformFeedback(GLenum primitiveMode)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES && primitiveMode != GL_TRIANGLES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glEndTransformFeedback(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!ctx->xfb_active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->xfb_active = false;
}
