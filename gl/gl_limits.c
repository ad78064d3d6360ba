/*
 * gl_limits.c - the invocation limit of one draw or dispatch (API thread;
 * docs/gl_limits.md).
 *
 * Legal arguments can ask for more work than a software GL finishes in any
 * useful time: glDispatchCompute(65535, 65535, 65535) is 2.8e14 work
 * groups, glDrawArraysInstanced with 2^31 - 1 instances 2^31 vertex
 * invocations a vertex.  No GL error fits (the counts are within every
 * limit the specs give; OUT_OF_MEMORY is for memory), and the instruction
 * budget does not bound them in time, since each invocation may run only a
 * few instructions.  So a draw or dispatch runs at most max_invocations
 * invocations of its first programmable stage (ASMGL_MAX_INVOCATIONS, read
 * when the context is created; default GLC_DEFAULT_MAX_INVOCATIONS, about
 * 1 to 6 minutes of one core): what passes it is cut to the part that fits,
 * in the order the GL defines (whole instances first, then vertices; whole
 * planes, rows, then groups of the dispatch, x fastest), and reported once
 * per context and kind on stderr, as instruction budget stops are.
 */
#include "gl_priv.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

void gl_limits_init(gl_context *ctx)
{
    ctx->max_invocations = GLC_DEFAULT_MAX_INVOCATIONS;
    const char *e = getenv("ASMGL_MAX_INVOCATIONS");
    if (e && *e) {
        char *end;
        unsigned long long v = strtoull(e, &end, 0);
        if (*end == 0 && v > 0)
            ctx->max_invocations = v;
    }
}

/* Vertices a primitive of mode takes on its own (independent primitives),
 * 1 for strips, loops, fans and polygons. */
static int primitive_vertices(gl_context *ctx, GLenum mode)
{
    switch (mode) {
    case GL_LINES: return 2;
    case GL_TRIANGLES: return 3;
    case GL_QUADS: return 4;
    case GL_LINES_ADJACENCY: return 4;
    case GL_TRIANGLES_ADJACENCY: return 6;
    case GL_PATCHES: return ctx->patch_vertices > 0 ? ctx->patch_vertices : 1;
    default: return 1;
    }
}

bool gl_limit_draw(gl_context *ctx, GLenum mode, int *count, int *instances)
{
    uint64_t cap = ctx->max_invocations;
    uint64_t n = (uint64_t)*count * (uint64_t)*instances;
    if (n <= cap)
        return true;
    uint64_t keep_i = cap / (uint64_t)*count, keep_v = (uint64_t)*count;
    if (keep_i == 0) { /* one instance is too many: its first vertices */
        int per = primitive_vertices(ctx, mode);
        keep_i = 1;
        keep_v = cap / (uint64_t)per * (uint64_t)per;
    }
    if (!ctx->limit_reported_draw) {
        ctx->limit_reported_draw = true;
        fprintf(stderr,
                "asmgl: a draw of %d vertices x %d instances passes the limit of %" PRIu64
                " vertex invocations (ASMGL_MAX_INVOCATIONS): only %" PRIu64 " x %" PRIu64
                " were drawn\n",
                *count, *instances, cap, keep_v, keep_i);
    }
    *count = (int)keep_v;
    *instances = (int)keep_i;
    return keep_v > 0;
}

bool gl_limit_dispatch(gl_context *ctx, const gp_program *cp, GLuint groups[3])
{
    const gp_program_info *info = gp_program_get_info(cp);
    uint64_t size = 1;
    for (int i = 0; i < 3; i++)
        size *= (uint64_t)(info->cp_group_size[i] > 0 ? info->cp_group_size[i] : 1);
    uint64_t g[3] = {groups[0], groups[1], groups[2]}; /* each <= 65535 */
    uint64_t cap = ctx->max_invocations;
    if (g[0] * g[1] * g[2] * size <= cap)
        return true;
    uint64_t fit = cap / size; /* whole groups that fit */
    uint64_t k[3] = {g[0], g[1], 1};
    if (g[0] * g[1] <= fit)
        k[2] = fit / (g[0] * g[1]); /* whole planes */
    else if (g[0] <= fit)
        k[1] = fit / g[0]; /* whole rows of the first plane */
    else
        k[0] = fit, k[1] = 1; /* the first groups of the first row */
    if (!ctx->limit_reported_dispatch) {
        ctx->limit_reported_dispatch = true;
        fprintf(stderr,
                "asmgl: a dispatch of %u x %u x %u groups of %" PRIu64
                " passes the limit of %" PRIu64
                " invocations (ASMGL_MAX_INVOCATIONS): only %" PRIu64 " x %" PRIu64 " x %" PRIu64
                " groups ran\n",
                groups[0], groups[1], groups[2], size, cap, k[0], k[1], k[2]);
    }
    for (int i = 0; i < 3; i++)
        groups[i] = (GLuint)k[i];
    return k[0] > 0;
}
