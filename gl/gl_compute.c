/*
 * gl_compute.c - dispatching NV_compute_program5 programs (API thread):
 * ARB_compute_shader's DispatchCompute / DispatchComputeIndirect with the
 * compute program of target COMPUTE_PROGRAM_NV (gl_program.c: GLC_CP), and
 * the compute limits.
 *
 * The active compute program is the one bound to COMPUTE_PROGRAM_NV while
 * that target is enabled (NV_compute_program5 "New Tokens": it is an
 * Enable cap like the other program targets).  A dispatch resolves the
 * program's parameters (env / local / state, as a draw does), its
 * parameter buffer bindings (COMPUTE_PROGRAM_PARAMETER_BUFFER_NV),
 * subroutine parameters and memory resources (gl_ssbo.c) into one
 * rast_dispatch_args, and rast_dispatch runs it to completion (it flushes
 * the queued scene first), so the stores are visible when the call
 * returns.
 *
 * Errors (ARB_compute_shader / OpenGL 4.3 section 7.x "Compute Shaders"):
 *   - no active compute program (target disabled, or its program did not
 *     load): INVALID_OPERATION;
 *   - DispatchCompute: a count above MAX_COMPUTE_WORK_GROUP_COUNT in its
 *     dimension: INVALID_VALUE;
 *   - DispatchComputeIndirect: indirect < 0 or not a multiple of 4:
 *     INVALID_VALUE; no DISPATCH_INDIRECT_BUFFER bound, the 12 bytes
 *     running past its end, or it mapped: INVALID_OPERATION.  Counts read
 *     from the buffer above the limit are undefined in the spec; asmgl
 *     dispatches nothing for them.
 * A count of 0 in any dimension dispatches nothing, and a dispatch of more
 * invocations than the limit (gl_limits.c) runs only its first groups.
 */
#include "gl_priv.h"

#include <string.h>

/* The active compute program object, or NULL with INVALID_OPERATION. */
static gl_program_obj *compute_program(gl_context *ctx)
{
    gl_program_obj *p = ctx->program[GLC_CP];
    if (!ctx->program_enabled[GLC_CP] || !p->prog) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return p;
}

static void dispatch(gl_context *ctx, gl_program_obj *p, const GLuint groups[3])
{
    if (!groups[0] || !groups[1] || !groups[2])
        return;
    rast_dispatch_args a;
    memset(&a, 0, sizeof a);
    a.cp.prog = p->prog;
    a.cp.id = p->name;
    a.cp.params = gl_state_resolve_params(ctx, p, p->prog, GLC_CP);
    if (!a.cp.params)
        return;
    const gp_program_info *info = gp_program_get_info(p->prog);
    gl_buffer_param_bind(ctx, GLC_PB_CP, info, &a.cp);
    a.cp.subroutine_params = ctx->subroutine_params[GLC_CP];
    a.cp.num_subroutine_params = (uint32_t)info->num_subroutine_params;
    if (!gl_resources_fill(ctx, &a.res, &info, 1))
        return;
    for (int i = 0; i < 3; i++)
        a.groups[i] = groups[i];
    GLenum e = rast_dispatch(ctx->rast, &a);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glDispatchCompute(GLuint num_groups_x, GLuint num_groups_y,
                                             GLuint num_groups_z)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *p = compute_program(ctx);
    if (!p)
        return;
    GLuint g[3] = {num_groups_x, num_groups_y, num_groups_z};
    if (g[0] > GLC_MAX_CP_GROUPS || g[1] > GLC_MAX_CP_GROUPS || g[2] > GLC_MAX_CP_GROUPS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (g[0] && g[1] && g[2] && !gl_limit_dispatch(ctx, p->prog, g))
        return;
    dispatch(ctx, p, g);
}

GLAPI_EXPORT void APIENTRY glDispatchComputeIndirect(GLintptr indirect)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (indirect < 0 || (indirect & 3)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_program_obj *p = compute_program(ctx);
    if (!p)
        return;
    gl_buffer_obj *b = ctx->dispatch_indirect_buffer;
    if (!b || mem_buffer_is_mapped(b->mem) ||
        !mem_range_ok(mem_buffer_size(b->mem), (size_t)indirect, 3 * sizeof(GLuint))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* queued programs may have written the counts (storage buffer or GPU
     * address): they run first */
    if (b->storage_used || mem_buffer_is_resident(b->mem))
        gl_draw_flush(ctx);
    GLuint g[3];
    if (!gl_mem_ok(ctx, mem_buffer_read(b->mem, (size_t)indirect, sizeof g, g)))
        return;
    if (g[0] > GLC_MAX_CP_GROUPS || g[1] > GLC_MAX_CP_GROUPS || g[2] > GLC_MAX_CP_GROUPS)
        return;
    if (g[0] && g[1] && g[2] && !gl_limit_dispatch(ctx, p->prog, g))
        return;
    dispatch(ctx, p, g);
}

int gl_compute_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out)
{
    if (value != GL_MAX_COMPUTE_WORK_GROUP_COUNT && value != GL_MAX_COMPUTE_WORK_GROUP_SIZE)
        return -1;
    if (index >= 3) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    if (value == GL_MAX_COMPUTE_WORK_GROUP_COUNT)
        *out = GLC_MAX_CP_GROUPS;
    else
        *out = index < 2 ? GP_MAX_CP_SIZE_XY : GP_MAX_CP_SIZE_Z;
    return 1;
}
