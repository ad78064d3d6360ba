/*
 * gl_enable.c - glEnable, glDisable, glIsEnabled (API thread).
 *
 * One switch maps each capability to its flag, so enable, disable and the
 * query can never disagree.  Client-state arrays live in gl_array.c;
 * glEnable / glDisable of them work as Enable/DisableClientState, as Mesa
 * takes them in compatibility contexts (GL 2.1 makes them INVALID_ENUM,
 * but applications and piglit's normal3b3s-invariance rely on it).
 */
#include "gl_priv.h"

/* Where a capability lives: a bool, or a bit in a mask; unit_state: the cap
 * belongs to the active fixed-function texture unit. */
typedef struct cap_ref {
    bool *flag;
    uint32_t *bits32;
    uint8_t *bits8;
    uint32_t bit;
    bool unit_state;   /* needs active texture < MAX_TEXTURE_UNITS */
    bool per_buffer;   /* bits8 has a bit per draw buffer: Enable sets all,
                          IsEnabled reads draw buffer 0's (EXT_draw_buffers2) */
} cap_ref;

/* Fills *r for cap; false for an unknown cap. */
static bool lookup_cap(gl_context *ctx, GLenum cap, cap_ref *r)
{
    *r = (cap_ref){0};
    unsigned u = ctx->active_texture < GLC_MAX_TEXTURE_UNITS ? ctx->active_texture : 0;
    switch (cap) {
    case GL_ALPHA_TEST: r->flag = &ctx->alpha_test; return true;
    case GL_AUTO_NORMAL: r->flag = &ctx->auto_normal; return true;
    case GL_BLEND:
        r->bits8 = &ctx->blend;
        r->bit = 1;
        r->per_buffer = true;
        return true;
    case GL_COLOR_LOGIC_OP: r->flag = &ctx->color_logic_op; return true;
    case GL_INDEX_LOGIC_OP: r->flag = &ctx->index_logic_op; return true;
    case GL_COLOR_MATERIAL: r->flag = &ctx->color_material; return true;
    case GL_COLOR_SUM: r->flag = &ctx->color_sum; return true;
    case GL_CULL_FACE: r->flag = &ctx->cull_face; return true;
    case GL_DEPTH_TEST: r->flag = &ctx->depth_test; return true;
    case GL_DITHER: r->flag = &ctx->dither; return true;
    case GL_FOG: r->flag = &ctx->fog; return true;
    case GL_FRAMEBUFFER_SRGB: r->flag = &ctx->framebuffer_srgb; return true;
    case GL_LIGHTING: r->flag = &ctx->lighting; return true;
    case GL_LINE_SMOOTH: r->flag = &ctx->line_smooth; return true;
    case GL_LINE_STIPPLE: r->flag = &ctx->line_stipple_enabled; return true;
    case GL_MULTISAMPLE: r->flag = &ctx->multisample; return true;
    case GL_NORMALIZE: r->flag = &ctx->normalize; return true;
    case GL_POINT_SMOOTH: r->flag = &ctx->point_smooth; return true;
    case GL_POINT_SPRITE: r->flag = &ctx->point_sprite; return true;
    case GL_POLYGON_OFFSET_FILL: r->flag = &ctx->offset_fill; return true;
    case GL_POLYGON_OFFSET_LINE: r->flag = &ctx->offset_line; return true;
    case GL_POLYGON_OFFSET_POINT: r->flag = &ctx->offset_point; return true;
    case GL_POLYGON_SMOOTH: r->flag = &ctx->polygon_smooth; return true;
    case GL_POLYGON_STIPPLE: r->flag = &ctx->polygon_stipple; return true;
    case GL_RASTERIZER_DISCARD: r->flag = &ctx->rasterizer_discard; return true;
    case GL_RESCALE_NORMAL: r->flag = &ctx->rescale_normal; return true;
    case GL_SAMPLE_ALPHA_TO_COVERAGE: r->flag = &ctx->sample_alpha_to_coverage; return true;
    case GL_SAMPLE_ALPHA_TO_ONE: r->flag = &ctx->sample_alpha_to_one; return true;
    case GL_SAMPLE_COVERAGE: r->flag = &ctx->sample_coverage; return true;
    case GL_SCISSOR_TEST: r->flag = &ctx->scissor_test; return true;
    case GL_STENCIL_TEST: r->flag = &ctx->stencil_test; return true;
    case GL_VERTEX_PROGRAM_ARB: r->flag = &ctx->program_enabled[GLC_VP]; return true;
    case GL_FRAGMENT_PROGRAM_ARB: r->flag = &ctx->program_enabled[GLC_FP]; return true;
    case GL_GEOMETRY_PROGRAM_NV: r->flag = &ctx->program_enabled[GLC_GP]; return true;
    case GL_COMPUTE_PROGRAM_NV: r->flag = &ctx->program_enabled[GLC_CP]; return true;
    case GL_TESS_CONTROL_PROGRAM_NV: r->flag = &ctx->program_enabled[GLC_TCP]; return true;
    case GL_TESS_EVALUATION_PROGRAM_NV: r->flag = &ctx->program_enabled[GLC_TEP]; return true;
    case GL_SAMPLE_MASK: r->flag = &ctx->sample_mask; return true;
    case GL_VERTEX_PROGRAM_POINT_SIZE_ARB: r->flag = &ctx->vp_point_size; return true;
    case GL_VERTEX_PROGRAM_TWO_SIDE_ARB: r->flag = &ctx->vp_two_side; return true;
    case GL_TEXTURE_1D:
    case GL_TEXTURE_2D:
    case GL_TEXTURE_3D:
    case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_RECTANGLE_ARB:
        r->bits8 = &ctx->tex_enabled[u];
        r->bit = 1u << gl_tex_target_index(cap);
        r->unit_state = true;
        return true;
    case GL_TEXTURE_GEN_S:
    case GL_TEXTURE_GEN_T:
    case GL_TEXTURE_GEN_R:
    case GL_TEXTURE_GEN_Q:
        r->bits8 = &ctx->texgen_enabled[u];
        r->bit = 1u << (cap - GL_TEXTURE_GEN_S);
        r->unit_state = true;
        return true;
    default:
        break;
    }
    if (cap >= GL_CLIP_PLANE0 && cap < GL_CLIP_PLANE0 + GLC_MAX_CLIP_PLANES) {
        r->bits32 = &ctx->clip_enabled;
        r->bit = 1u << (cap - GL_CLIP_PLANE0);
        return true;
    }
    if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + GLC_MAX_LIGHTS) {
        r->bits32 = &ctx->light_enabled;
        r->bit = 1u << (cap - GL_LIGHT0);
        return true;
    }
    /* evaluators: GL_MAP1_COLOR_4 .. GL_MAP1_VERTEX_4, GL_MAP2_* */
    if (cap >= GL_MAP1_COLOR_4 && cap <= GL_MAP1_VERTEX_4) {
        r->bits32 = &ctx->map1_enabled;
        r->bit = 1u << (cap - GL_MAP1_COLOR_4);
        return true;
    }
    if (cap >= GL_MAP2_COLOR_4 && cap <= GL_MAP2_VERTEX_4) {
        r->bits32 = &ctx->map2_enabled;
        r->bit = 1u << (cap - GL_MAP2_COLOR_4);
        return true;
    }
    return false;
}

static void set_cap(gl_context *ctx, GLenum cap, bool on)
{
    GL_OUTSIDE_BEGIN(ctx, );
    cap_ref r;
    if (!lookup_cap(ctx, cap, &r)) {
        if (!gl_array_enable_cap(ctx, cap, on))
            gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (r.unit_state && ctx->active_texture >= GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (r.flag)
        *r.flag = on;
    else if (r.per_buffer)
        *r.bits8 = on ? (uint8_t)((1u << GLC_MAX_DRAW_BUFFERS) - 1) : 0;
    else if (r.bits32)
        *r.bits32 = on ? (*r.bits32 | r.bit) : (*r.bits32 & ~r.bit);
    else
        *r.bits8 = (uint8_t)(on ? (*r.bits8 | r.bit) : (*r.bits8 & ~r.bit));
    /* enabling COLOR_MATERIAL makes the material track the current colour
     * at once (GL 2.1 section 2.14.3) */
    if (cap == GL_COLOR_MATERIAL && on)
        gl_state_color_material(ctx);
}

GLAPI_EXPORT void APIENTRY glEnable(GLenum cap)
{
    GL_CTX();
    GL_DLIST_SAVE(glEnable, (ctx, cap));
    set_cap(ctx, cap, true);
}

GLAPI_EXPORT void APIENTRY glDisable(GLenum cap)
{
    GL_CTX();
    GL_DLIST_SAVE(glDisable, (ctx, cap));
    set_cap(ctx, cap, false);
}

int gl_is_enabled(gl_context *ctx, GLenum cap)
{
    int a = gl_array_is_enabled(ctx, cap);
    if (a >= 0)
        return a;
    cap_ref r;
    if (!lookup_cap(ctx, cap, &r)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    if (r.unit_state && ctx->active_texture >= GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    if (r.flag)
        return *r.flag;
    if (r.bits32)
        return (*r.bits32 & r.bit) != 0;
    return (*r.bits8 & r.bit) != 0;
}

GLAPI_EXPORT GLboolean APIENTRY glIsEnabled(GLenum cap)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    return gl_is_enabled(ctx, cap) > 0 ? GL_TRUE : GL_FALSE;
}

/* ---- EXT_draw_buffers2 / GL 3.0 indexed capabilities ----------------------------- */

/* The per-buffer flag word of an indexed cap (BLEND only) and the index's
 * bit; NULL with INVALID_ENUM / INVALID_VALUE recorded. */
static uint8_t *indexed_cap(gl_context *ctx, GLenum target, GLuint index, uint8_t *bit)
{
    if (target != GL_BLEND) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (index >= GLC_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    *bit = (uint8_t)(1u << index);
    return &ctx->blend;
}

static void set_indexed(gl_context *ctx, GLenum target, GLuint index, bool on)
{
    GL_OUTSIDE_BEGIN(ctx, );
    uint8_t bit, *w = indexed_cap(ctx, target, index, &bit);
    if (w)
        *w = (uint8_t)(on ? *w | bit : *w & ~bit);
}

GLAPI_EXPORT void APIENTRY glEnablei(GLenum target, GLuint index)
{
    GL_CTX();
    GL_DLIST_SAVE(glEnablei, (ctx, target, index));
    set_indexed(ctx, target, index, true);
}
GL_ALIAS(void, glEnableIndexedEXT, glEnablei, (GLenum target, GLuint index))

GLAPI_EXPORT void APIENTRY glDisablei(GLenum target, GLuint index)
{
    GL_CTX();
    GL_DLIST_SAVE(glDisablei, (ctx, target, index));
    set_indexed(ctx, target, index, false);
}
GL_ALIAS(void, glDisableIndexedEXT, glDisablei, (GLenum target, GLuint index))

static int is_enabled_indexed(gl_context *ctx, GLenum target, GLuint index)
{
    uint8_t bit, *w = indexed_cap(ctx, target, index, &bit);
    return w ? (*w & bit) != 0 : -1;
}

GLAPI_EXPORT GLboolean APIENTRY glIsEnabledi(GLenum target, GLuint index)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    return is_enabled_indexed(ctx, target, index) > 0 ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsEnabledIndexedEXT, glIsEnabledi, (GLenum target, GLuint index))
