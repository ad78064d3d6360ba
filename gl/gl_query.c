/*
 * gl_query.c - occlusion queries (GL 1.5 / ARB_occlusion_query; GL 2.1
 * sections 4.1.7 and 6.1.12; API thread).
 *
 * A query object holds a 64-bit sample counter.  Between glBeginQuery and
 * glEndQuery every draw's rast_state.samples_passed points at it
 * (gl_state_fill_rast), and the tile workers add the samples that pass the
 * per-fragment tests (rast.h).  The counter stays alive until the next
 * flush: deleting a query flushes first.  A result is read after a flush,
 * so QUERY_RESULT_AVAILABLE is always TRUE (the spec allows an
 * implementation to finish the work when asked).
 *
 * Conditional rendering (NV_conditional_render, GL 3.0 section 2.14):
 * BeginConditionalRender reads the query's result at once, after a flush
 * when its draws are still queued, whatever the mode (QUERY_WAIT's
 * behaviour; the NO_WAIT modes may wait, and BY_REGION may discard
 * nothing more than the whole), and until EndConditionalRender the
 * rendering commands (draws, Begin/End, DrawPixels, CopyPixels, Bitmap,
 * Clear, ClearBuffer, BlitFramebuffer) ask gl_render_discarded.
 */
#include "gl_priv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef struct gl_query_obj {
    GLenum target;        /* 0 until first begun */
    uint64_t samples;     /* written by tile workers while a flush runs */
    uint64_t result;      /* samples at glEndQuery's flush */
    bool pending;         /* ended, result not read back yet */
} gl_query_obj;

/* QUERY_COUNTER_BITS: the counter is 64 bits wide */
#define GL_QUERY_BITS 64

uint64_t *gl_query_counter(gl_context *ctx)
{
    gl_query_obj *q = ctx->active_query[GLC_QUERY_SAMPLES];
    return q ? &q->samples : NULL;
}

uint64_t *gl_query_prims_counter(gl_context *ctx)
{
    gl_query_obj *q = ctx->active_query[GLC_QUERY_PRIMS];
    return q ? &q->samples : NULL;
}

static void free_one(GLuint name, void *v, void *user)
{
    (void)name;
    (void)user;
    if (v != GL_NAME_RESERVED)
        free(v);
}

void gl_query_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->queries, free_one, NULL);
    gl_names_free(&ctx->queries);
    memset(ctx->active_query, 0, sizeof ctx->active_query);
}

/* The active-query slot of a target: SAMPLES_PASSED, and GL 3.0's
 * PRIMITIVES_GENERATED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN (section
 * 2.16; with no transform feedback ever active, the last counts nothing).
 * NULL for another target. */
static gl_query_obj **active_slot(gl_context *ctx, GLenum target)
{
    switch (target) {
    case GL_SAMPLES_PASSED: return &ctx->active_query[GLC_QUERY_SAMPLES];
    case GL_PRIMITIVES_GENERATED: return &ctx->active_query[GLC_QUERY_PRIMS];
    case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN: return &ctx->active_query[GLC_QUERY_XFB_PRIMS];
    default: return NULL;
    }
}

static bool is_active(gl_context *ctx, const gl_query_obj *q)
{
    for (int t = 0; q && t < GLC_QUERY_TARGETS; t++)
        if (ctx->active_query[t] == q)
            return true;
    return false;
}

GLAPI_EXPORT void APIENTRY glGenQueries(GLsizei n, GLuint *ids)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->queries, n, ids);
}
GL_ALIAS(void, glGenQueriesARB, glGenQueries, (GLsizei n, GLuint *ids))

GLAPI_EXPORT void APIENTRY glDeleteQueries(GLsizei n, const GLuint *ids)
{
    GL_CTX();
    if (!gl_names_count_ok(ctx, n))
        return;
    if (!ids)
        return;
    bool flushed = false;
    for (GLsizei i = 0; i < n; i++) {
        void *v = gl_names_lookup(&ctx->queries, ids[i]);
        if (!v)
            continue;
        if (v != GL_NAME_RESERVED) {
            /* pending draws may still count into it */
            if (!flushed && ctx->rast) {
                rast_flush(ctx->rast);
                flushed = true;
            }
            /* deleting the active query ends it (ARB_occlusion_query) */
            for (int t = 0; t < GLC_QUERY_TARGETS; t++)
                if (ctx->active_query[t] == v) {
                    ctx->active_query[t] = NULL;
                    ctx->state_serial++;
                }
            free(v);
        }
        gl_names_remove(&ctx->queries, ids[i]);
    }
}
GL_ALIAS(void, glDeleteQueriesARB, glDeleteQueries, (GLsizei n, const GLuint *ids))

GLAPI_EXPORT GLboolean APIENTRY glIsQuery(GLuint id)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->queries, id);
    /* a name becomes a query object at its first BeginQuery */
    return v && v != GL_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsQueryARB, glIsQuery, (GLuint id))

GLAPI_EXPORT void APIENTRY glBeginQuery(GLenum target, GLuint id)
{
    GL_CTX();
    GL_DLIST_SAVE(glBeginQuery, (ctx, target, id)); /* not among GL 2.1 5.4's exceptions */
    GL_OUTSIDE_BEGIN(ctx, );
    gl_query_obj **slot = active_slot(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    void *v = gl_names_lookup(&ctx->queries, id);
    gl_query_obj *q = v && v != GL_NAME_RESERVED ? v : NULL;
    if (id == 0 || *slot || is_active(ctx, q)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (!q) {
        /* GL 2.1: an unused name becomes a query object here */
        q = calloc(1, sizeof *q);
        if (!q || !gl_names_insert(&ctx->queries, id, q)) {
            free(q);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    } else if (q->target && q->target != target) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* queued draws of the query's previous use still count into it */
    if (q->pending && ctx->rast)
        rast_flush(ctx->rast);
    q->target = target;
    q->pending = false;
    q->result = 0;
    q->samples = 0;
    *slot = q;
    ctx->state_serial++;
}
GL_ALIAS(void, glBeginQueryARB, glBeginQuery, (GLenum target, GLuint id))

GLAPI_EXPORT void APIENTRY glEndQuery(GLenum target)
{
    GL_CTX();
    GL_DLIST_SAVE(glEndQuery, (ctx, target));
    GL_OUTSIDE_BEGIN(ctx, );
    gl_query_obj **slot = active_slot(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!*slot) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    (*slot)->pending = true;
    *slot = NULL;
    ctx->state_serial++;
}
GL_ALIAS(void, glEndQueryARB, glEndQuery, (GLenum target))

GLAPI_EXPORT void APIENTRY glGetQueryiv(GLenum target, GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_query_obj **slot = active_slot(ctx, target);
    if (!slot) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    switch (pname) {
    case GL_QUERY_COUNTER_BITS:
        if (params)
            *params = GL_QUERY_BITS;
        break;
    case GL_CURRENT_QUERY: {
        GLint name = 0;
        if (*slot) {
            /* the table maps names to objects: find the active one's name */
            for (size_t i = 0; i < ctx->queries.cap; i++)
                if (ctx->queries.keys[i] && ctx->queries.values[i] == *slot)
                    name = (GLint)ctx->queries.keys[i];
        }
        if (params)
            *params = name;
        break;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        break;
    }
}
GL_ALIAS(void, glGetQueryivARB, glGetQueryiv, (GLenum target, GLenum pname, GLint *params))

/* The result or availability of query id, or false after raising an error. */
static bool query_value(gl_context *ctx, GLuint id, GLenum pname, uint64_t *out)
{
    void *v = gl_names_lookup(&ctx->queries, id);
    gl_query_obj *q = v && v != GL_NAME_RESERVED ? v : NULL;
    if (!q || is_active(ctx, q)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    switch (pname) {
    case GL_QUERY_RESULT:
    case GL_QUERY_RESULT_AVAILABLE:
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    if (q->pending) {
        /* the draws inside the query finish here */
        if (ctx->rast)
            rast_flush(ctx->rast);
        q->result = q->samples;
        q->pending = false;
    }
    *out = pname == GL_QUERY_RESULT ? q->result : 1;
    return true;
}

/* ---- conditional rendering ---------------------------------------------------- */

bool gl_render_discarded(const gl_context *ctx)
{
    return ctx->cond_render_active && ctx->cond_render_discard;
}

GLAPI_EXPORT void APIENTRY glBeginConditionalRender(GLuint id, GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glBeginConditionalRender, (ctx, id, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_QUERY_WAIT && mode != GL_QUERY_NO_WAIT && mode != GL_QUERY_BY_REGION_WAIT &&
        mode != GL_QUERY_BY_REGION_NO_WAIT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    void *v = gl_names_lookup(&ctx->queries, id);
    gl_query_obj *q = v && v != GL_NAME_RESERVED ? v : NULL;
    if (!q) { /* not a query object: never begun, or not a name at all */
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (ctx->cond_render_active || is_active(ctx, q)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    uint64_t samples;
    query_value(ctx, id, GL_QUERY_RESULT, &samples);
    ctx->cond_render_active = true;
    ctx->cond_render_discard = samples == 0;
}
GL_ALIAS(void, glBeginConditionalRenderNV, glBeginConditionalRender, (GLuint id, GLenum mode))

GLAPI_EXPORT void APIENTRY glEndConditionalRender(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glEndConditionalRender, (ctx));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!ctx->cond_render_active) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->cond_render_active = false;
}
GL_ALIAS(void, glEndConditionalRenderNV, glEndConditionalRender, (void))

GLAPI_EXPORT void APIENTRY glGetQueryObjectiv(GLuint id, GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    uint64_t r;
    if (query_value(ctx, id, pname, &r) && params)
        *params = r > INT_MAX ? INT_MAX : (GLint)r;
}
GL_ALIAS(void, glGetQueryObjectivARB, glGetQueryObjectiv, (GLuint id, GLenum pname, GLint *params))

GLAPI_EXPORT void APIENTRY glGetQueryObjectuiv(GLuint id, GLenum pname, GLuint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    uint64_t r;
    if (query_value(ctx, id, pname, &r) && params)
        *params = r > UINT_MAX ? UINT_MAX : (GLuint)r;
}
GL_ALIAS(void, glGetQueryObjectuivARB, glGetQueryObjectuiv, (GLuint id, GLenum pname, GLuint *params))

/* GL 3.3 / EXT_timer_query's 64-bit results, for applications that read
 * occlusion results with them */
GLAPI_EXPORT void APIENTRY glGetQueryObjecti64v(GLuint id, GLenum pname, GLint64 *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    uint64_t r;
    if (query_value(ctx, id, pname, &r) && params)
        *params = r > (uint64_t)INT64_MAX ? INT64_MAX : (GLint64)r;
}

GLAPI_EXPORT void APIENTRY glGetQueryObjectui64v(GLuint id, GLenum pname, GLuint64 *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    uint64_t r;
    if (query_value(ctx, id, pname, &r) && params)
        *params = r;
}
