/*
 * gl_tess.c - NV_tessellation_program5's API beyond the program targets
 * (gl_program.c TESS_CONTROL_PROGRAM_NV / TESS_EVALUATION_PROGRAM_NV,
 * gl_enable.c, gl_buffer.c parameter buffers, gl_get.c limits): the
 * default tessellation levels of ARB_tessellation_shader's
 * PatchParameterfv, and whether a draw has a tessellation stage (API
 * thread).
 *
 * Draws: gl_draw_validate applies the spec's errors (EDGE.PRIM_MODE,
 * EDGE.INVALID_PROGRAM_DRAW); gl_draw.c hands a draw that passes them with
 * an evaluation program enabled to the rasterizer's tessellation stage
 * (rast.h rast_draw.tcp / .tep, rasterizer/rast_tess.c) with these default
 * levels.  A control program enabled without an evaluation program draws
 * nothing (its patches would go to a geometry program taking PATCHES, a
 * path asmgl does not have).  GL_NV_tessellation_program5 is advertised;
 * GL_ARB_tessellation_shader is not (gl_get.c: no GLSL), though its entry
 * points are there, as NV_tessellation_program5 uses them.
 */
#include "gl_priv.h"

bool gl_tess_enabled(const gl_context *ctx)
{
    return ctx->program_enabled[GLC_TCP] || ctx->program_enabled[GLC_TEP];
}

/* ARB_tessellation_shader 2.X.2: PATCH_DEFAULT_OUTER_LEVEL takes four
 * values, PATCH_DEFAULT_INNER_LEVEL two: the levels the primitive
 * generator uses without a control program (NV_tessellation_program5
 * "Tessellation Primitive Generation").  The values are stored as given
 * (clamping and rounding happen when a patch is tessellated).  Other
 * pnames, PATCH_VERTICES included (an integer: PatchParameteri), are
 * INVALID_ENUM. */
GLAPI_EXPORT void APIENTRY glPatchParameterfv(GLenum pname, const GLfloat *values)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    float *dst = pname == GL_PATCH_DEFAULT_OUTER_LEVEL   ? ctx->patch_default_outer
                 : pname == GL_PATCH_DEFAULT_INNER_LEVEL ? ctx->patch_default_inner
                                                         : NULL;
    if (!dst) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!values)
        return;
    int n = pname == GL_PATCH_DEFAULT_OUTER_LEVEL ? 4 : 2;
    for (int i = 0; i < n; i++)
        dst[i] = values[i];
}
