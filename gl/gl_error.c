/*
 * gl_error.c - GL error recording and glGetError (API thread).
 *
 * GL 2.1 section 2.5: when an error is detected a flag is set; while it is set
 * further errors are not recorded, and glGetError returns and clears it.
 * asmgl keeps one flag per context (a single-flag implementation is what the
 * spec's wording allows).
 */
#include "gl_priv.h"

void gl_error(gl_context *ctx, GLenum err)
{
    if (ctx->error == GL_NO_ERROR)
        ctx->error = err;
}

bool gl_mem_ok(gl_context *ctx, mem_status st)
{
    switch (st) {
    case MEM_OK:
        return true;
    case MEM_OUT_OF_MEMORY:
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    case MEM_OUT_OF_RANGE:
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    default:
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
}

GLAPI_EXPORT GLenum APIENTRY glGetError(void)
{
    GL_CTX(GL_NO_ERROR);
    /* GetError inside Begin/End is itself an error (section 2.6.3). */
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return GL_NO_ERROR;
    }
    GLenum e = ctx->error;
    ctx->error = GL_NO_ERROR;
    return e;
}
