/*
 * gl_draw.c - draw snapshots, clears and flushes (API thread).
 *
 * gl_draw_submit turns the context into one immutable rast_draw (R7): the
 * programs of both stages (the bound ones when enabled, else generated
 * fixed-function ones), their resolved parameter tables, the texture object
 * each unit supplies for the target the programs sample there, the
 * rast_state and the draw framebuffer.  The rasterizer copies what it needs,
 * so nothing here outlives the call except objects, which stay alive until
 * the next flush (gl_resource_will_change sees to that, R9).
 */
#include "gl_priv.h"

#include <string.h>

/* Every flush point of gl/ precedes a change to something a queued scene
 * may read (R9).  The objects a scene reads may be shared with other
 * contexts, whose queued scenes may read them too, so the scenes of the
 * whole share group run (gl_share.c: the group lock is held, so none of
 * those contexts is inside a GL call). */
void gl_draw_flush(gl_context *ctx)
{
    rast_flush(ctx->rast);
    if (!gl_share_alone(ctx))
        gl_share_flush_all(ctx);
}

void gl_resource_will_change(gl_context *ctx, gl_resource what)
{
    /* The scene holds references, not copies, of every kind of resource (no
     * copy on write), so any change runs the queued scene first; rast_flush
     * returns at once when nothing is queued. */
    (void)what;
    gl_draw_flush(ctx);
}

/* The program object for stage t at this draw, or NULL (error recorded). */
static gl_program_obj *app_program(gl_context *ctx, int t)
{
    gl_program_obj *p = ctx->program[t];
    if (!p->prog) {
        /* ARB_vertex_program section 2.14.5 / ARB_fragment_program 3.11.8:
         * drawing with an enabled invalid program is INVALID_OPERATION */
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return p;
}

/* The target fixed-function fragment processing uses on unit u (GL 2.1
 * section 3.8.15 with ARB_texture_rectangle), or -1. */
static int ff_target(gl_context *ctx, int u)
{
    if (u >= GLC_MAX_TEXTURE_UNITS)
        return -1;
    static const int order[] = {GLC_TEX_CUBE, GLC_TEX_3D, GLC_TEX_RECT, GLC_TEX_2D, GLC_TEX_1D};
    for (int i = 0; i < 5; i++)
        if (ctx->tex_enabled[u] & (1u << order[i]))
            return order[i];
    return -1;
}

/* The stage's enabled program, or NULL when the stage is disabled; sets
 * *bad when it is enabled without a valid program. */
static const gp_program *enabled_prog(gl_context *ctx, int t, bool *bad)
{
    if (!ctx->program_enabled[t])
        return NULL;
    if (!ctx->program[t]->prog)
        *bad = true;
    return ctx->program[t]->prog;
}

/* Whether a draw of mode may feed a geometry program whose PRIMITIVE_IN is
 * prim (NV_geometry_program4 section 2.14.6.1 and its Errors). */
static bool mode_matches(GLenum mode, int prim)
{
    switch (prim) {
    case GP_PRIM_POINTS:
        return mode == GL_POINTS;
    case GP_PRIM_LINES:
        return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
    case GP_PRIM_TRIANGLES:
        return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN ||
               mode == GL_QUADS || mode == GL_QUAD_STRIP || mode == GL_POLYGON;
    case GP_PRIM_LINES_ADJACENCY:
        return mode == GL_LINES_ADJACENCY_EXT || mode == GL_LINE_STRIP_ADJACENCY_EXT;
    case GP_PRIM_TRIANGLES_ADJACENCY:
        return mode == GL_TRIANGLES_ADJACENCY_EXT || mode == GL_TRIANGLE_STRIP_ADJACENCY_EXT;
    case GP_PRIM_PATCHES: /* NV_gpu_program5 2.14.6.1: "valid only for the PATCHES_NV primitive type" */
        return mode == GL_PATCHES;
    default:
        return false;
    }
}

bool gl_draw_integer_ok(gl_context *ctx)
{
    /* EXT_texture_integer Errors: integer colour buffers take fragments
     * from fragment programs only */
    if (!ctx->program_enabled[GLC_FP] && gl_fbo_draw_integer(ctx)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    return true;
}

bool gl_draw_validate(gl_context *ctx, GLenum mode)
{
    bool bad = false;
    const gp_program *stage[5];
    stage[0] = enabled_prog(ctx, GLC_VP, &bad);
    stage[1] = enabled_prog(ctx, GLC_GP, &bad);
    stage[2] = enabled_prog(ctx, GLC_FP, &bad);
    stage[3] = enabled_prog(ctx, GLC_TCP, &bad);
    stage[4] = enabled_prog(ctx, GLC_TEP, &bad);
    /* ARB_vertex_program 2.14.5, ARB_fragment_program 3.11.8,
     * NV_geometry_program4 Errors, NV_tessellation_program5 Errors: an
     * enabled invalid program (EDGE.INVALID_PROGRAM_DRAW) */
    if (bad) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    /* NV_tessellation_program5 Errors (EDGE.PRIM_MODE): with either
     * tessellation program enabled the mode must be PATCHES_NV; the
     * geometry program then takes what the primitive generator makes
     * (points in TESS_POINT_MODE, lines for ISOLINES, else triangles), or
     * the control program's patches when no evaluation program runs */
    GLenum gs_mode = mode;
    if ((stage[3] || stage[4]) && mode != GL_PATCHES) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    if (stage[4]) {
        const gp_program_info *te = gp_program_get_info(stage[4]);
        gs_mode = te->tess_point_mode ? GL_POINTS : te->tess_mode == GP_TESS_ISOLINES ? GL_LINES : GL_TRIANGLES;
    }
    if (stage[1] && !mode_matches(gs_mode, gp_program_get_info(stage[1])->gs_primitive_in)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    /* GL_PATCHES needs a tessellation evaluation program or a geometry
     * program taking PATCHES (checked above): ARB_tessellation_shader 2.X
     * "Patch primitives are not supported by pipeline stages below the
     * tessellation evaluation shader" */
    if (mode == GL_PATCHES && !stage[1] && !stage[4]) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    if (!gl_draw_integer_ok(ctx))
        return false;
    /* NV_gpu_program4 section 2.X.4.4 (and NV_vertex_program3 2.14.4): no
     * two enabled programs, or a program and fixed-function fragment
     * texturing, may use different targets of one unit */
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++) {
        int used = stage[2] ? -1 : ff_target(ctx, u);
        for (int s = 0; s < 5; s++) {
            if (!stage[s])
                continue;
            int t = gl_texture_gp_target_index(gl_program_tex_target(gp_program_get_info(stage[s]), u));
            if (t < 0)
                continue;
            if (used >= 0 && used != t) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return false;
            }
            used = t;
        }
    }
    return true;
}

static int draw_buffer_count(const rast_framebuffer *fb)
{
    int n = 0;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        if (fb->color[i].data)
            n = i + 1;
    return n;
}

void gl_draw_submit(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                    const void *indices, const rast_attrib *attribs)
{
    gl_draw_submit_ex(ctx, mode, first, count, index_type, indices, attribs, 1, NULL);
}

static void draw_submit(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                        const void *indices, const rast_attrib *attribs, int instances,
                        gl_program_obj *pixel_vp, int base_vertex);

void gl_draw_submit_ex(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                       const void *indices, const rast_attrib *attribs, int instances,
                       gl_program_obj *pixel_vp)
{
    draw_submit(ctx, mode, first, count, index_type, indices, attribs, instances, pixel_vp, 0);
}

void gl_draw_submit_base_vertex(gl_context *ctx, GLenum mode, int count, GLenum index_type,
                                const void *indices, const rast_attrib *attribs, int instances,
                                int base_vertex)
{
    draw_submit(ctx, mode, 0, count, index_type, indices, attribs, instances, NULL, base_vertex);
}

static void draw_submit(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                        const void *indices, const rast_attrib *attribs, int instances,
                        gl_program_obj *pixel_vp, int base_vertex)
{
    if (gl_render_discarded(ctx))
        return;
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb || fb->width <= 0 || fb->height <= 0)
        return; /* incomplete (error recorded), or an empty framebuffer 0 */
    if (!gl_limit_draw(ctx, mode, &count, &instances))
        return;

    /* programs */
    gl_program_obj *vpo, *fpo;
    uint32_t fs_inputs;
    if (ctx->program_enabled[GLC_FP]) {
        fpo = app_program(ctx, GLC_FP);
        if (!fpo)
            return;
        fs_inputs = (uint32_t)gp_program_get_info(fpo->prog)->inputs_read;
    } else {
        fpo = gl_ff_fragment_program_obj(ctx, draw_buffer_count(fb), &fs_inputs);
        if (!fpo)
            return;
    }
    /* NV_geometry_program4: the bound geometry program while enabled (never
     * for the pixel paths, whose fragments skip vertex processing) */
    gl_program_obj *gpo = NULL;
    if (!pixel_vp && ctx->program_enabled[GLC_GP]) {
        gpo = app_program(ctx, GLC_GP);
        if (!gpo)
            return;
        /* a generated vertex stage feeds what the geometry program reads */
        fs_inputs |= (uint32_t)gp_program_get_info(gpo->prog)->inputs_read;
    }
    /* NV_tessellation_program5: the bound control program (optional) and
     * evaluation program while enabled (gl_tess.c); gl_draw_validate
     * checked the mode.  A control program without an evaluation program
     * (patches straight to a geometry program) draws nothing. */
    gl_program_obj *tcpo = NULL, *tepo = NULL;
    if (!pixel_vp && gl_tess_enabled(ctx)) {
        if (!ctx->program_enabled[GLC_TEP])
            return;
        tepo = app_program(ctx, GLC_TEP);
        if (!tepo)
            return;
        fs_inputs |= (uint32_t)gp_program_get_info(tepo->prog)->inputs_read;
        if (ctx->program_enabled[GLC_TCP]) {
            tcpo = app_program(ctx, GLC_TCP);
            if (!tcpo)
                return;
            fs_inputs |= (uint32_t)gp_program_get_info(tcpo->prog)->inputs_read;
        }
    }
    bool ff_vp = !ctx->program_enabled[GLC_VP];
    if (pixel_vp)
        vpo = pixel_vp;
    else
        vpo = ff_vp ? gl_ff_vertex_program_obj(ctx, fs_inputs) : app_program(ctx, GLC_VP);
    if (!vpo)
        return;

    /* a position-invariant program is clipped by the client clip planes
     * (ARB_vertex_program 2.14.4.5.1): while any is enabled it runs as its
     * variant that writes the clip distances (gl_program.c) */
    const gp_program *vprog = vpo->prog;
    bool clip_variant = false;
    if (!ff_vp && !pixel_vp && ctx->clip_enabled) {
        bool oom = false;
        const gp_program *cv = gl_program_clip_variant(ctx, vpo, &oom);
        if (oom)
            return;
        if (cv) {
            vprog = cv;
            clip_variant = true;
        }
    }

    rast_draw d;
    memset(&d, 0, sizeof d);
    d.mode = mode;
    d.first = first;
    d.count = count;
    d.index_type = index_type;
    d.indices = indices;
    d.base_vertex = base_vertex;
    d.instance_count = instances;
    memcpy(d.attribs, attribs, sizeof d.attribs);
    d.vp.prog = vprog;
    d.fp.prog = fpo->prog;
    d.vp.id = vpo->name; /* for budget reports (rast.h); 0: fixed function */
    d.fp.id = fpo->name;
    d.vp.params = gl_state_resolve_params(ctx, vpo, vprog, GLC_VP);
    d.fp.params = gl_state_resolve_params(ctx, fpo, fpo->prog, GLC_FP);
    if (!d.vp.params || !d.fp.params)
        return;
    /* NV5 program.subroutine[] (context state, gl_program.c) */
    d.vp.subroutine_params = ctx->subroutine_params[GLC_VP];
    d.vp.num_subroutine_params = (uint32_t)gp_program_get_info(vprog)->num_subroutine_params;
    d.fp.subroutine_params = ctx->subroutine_params[GLC_FP];
    d.fp.num_subroutine_params = (uint32_t)gp_program_get_info(d.fp.prog)->num_subroutine_params;
    const gp_program_info *gi = NULL;
    if (gpo) {
        d.gp.prog = gpo->prog;
        d.gp.id = gpo->name;
        d.gp_vertex_limit = gpo->vertex_limit; /* ProgramVertexLimitNV */
        d.patch_vertices = ctx->patch_vertices;
        d.gp.params = gl_state_resolve_params(ctx, gpo, gpo->prog, GLC_GP);
        if (!d.gp.params)
            return;
        d.gp.subroutine_params = ctx->subroutine_params[GLC_GP];
        d.gp.num_subroutine_params = (uint32_t)gp_program_get_info(d.gp.prog)->num_subroutine_params;
        gi = gp_program_get_info(d.gp.prog);
    }
    const gp_program_info *tci = NULL, *tei = NULL;
    if (tepo) {
        d.patch_vertices = ctx->patch_vertices;
        memcpy(d.tess_outer, ctx->patch_default_outer, sizeof d.tess_outer);
        memcpy(d.tess_inner, ctx->patch_default_inner, sizeof d.tess_inner);
        gl_program_obj *o[2] = {tcpo, tepo};
        rast_stage_binding *b[2] = {&d.tcp, &d.tep};
        int t[2] = {GLC_TCP, GLC_TEP};
        for (int k = 0; k < 2; k++) {
            if (!o[k])
                continue;
            b[k]->prog = o[k]->prog;
            b[k]->id = o[k]->name;
            b[k]->params = gl_state_resolve_params(ctx, o[k], o[k]->prog, t[k]);
            if (!b[k]->params)
                return;
            b[k]->subroutine_params = ctx->subroutine_params[t[k]];
            b[k]->num_subroutine_params = (uint32_t)gp_program_get_info(o[k]->prog)->num_subroutine_params;
        }
        tci = tcpo ? gp_program_get_info(tcpo->prog) : NULL;
        tei = gp_program_get_info(tepo->prog);
    }

    /* textures: per unit, the object of the target the programs sample
     * there (gl_draw_validate refused conflicts; the pixel paths let the
     * fragment program win) */
    const gp_program_info *vi = gp_program_get_info(d.vp.prog), *fi = gp_program_get_info(d.fp.prog);
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++) {
        int tgt = fi->tex_target[u] != GP_TEX_NONE                ? gl_program_tex_target(fi, u)
                  : gi && gi->tex_target[u] != GP_TEX_NONE ? gl_program_tex_target(gi, u)
                  : tei && tei->tex_target[u] != GP_TEX_NONE ? gl_program_tex_target(tei, u)
                  : tci && tci->tex_target[u] != GP_TEX_NONE ? gl_program_tex_target(tci, u)
                                                                   : gl_program_tex_target(vi, u);
        if (tgt != GP_TEX_NONE) {
            d.textures[u] = gl_texture_for_unit(ctx, u, tgt);
            d.tex_samplers[u] = gl_sampler_for_unit(ctx, u);
        }
        if (u < GLC_MAX_TEXTURE_UNITS)
            d.tex_lod_bias[u] = ctx->texenv[u].lod_bias;
    }
    /* NV_bindless_texture: the resident handles (gl_bindless.c flushes
     * before it changes them) */
    d.tex_handles = ctx->tex_handle_resident;
    d.num_tex_handles = ctx->num_tex_handles;

    /* NV_parameter_buffer_object: the binding points the programs read */
    gl_buffer_param_bind(ctx, GLC_PB_VP, vi, &d.vp);
    gl_buffer_param_bind(ctx, GLC_PB_GP, gi, &d.gp);
    gl_buffer_param_bind(ctx, GLC_PB_TCP, tci, &d.tcp);
    gl_buffer_param_bind(ctx, GLC_PB_TEP, tei, &d.tep);
    gl_buffer_param_bind(ctx, GLC_PB_FP, fi, &d.fp);

    /* global memory, storage buffers and image units of every
     * stage (gl_ssbo.c; referenced until the next flush, R9) */
    const gp_program_info *stage_info[5] = {vi, gi, fi, tci, tei};
    if (!gl_resources_fill(ctx, &d.res, stage_info, 5))
        return;

    gl_state_fill_rast(ctx, &d.state);
    if (pixel_vp) {
        /* glDrawPixels / glBitmap fragments: points of |zoom| pixels, never
         * culled, clipped only by the window (GL 2.1 section 3.6.5) */
        d.state.point_size = ctx->pixel_point_size;
        d.state.viewport[0] = d.state.viewport[1] = 0;
        d.state.viewport[2] = (float)fb->width;
        d.state.viewport[3] = (float)fb->height;
        d.state.depth_range[0] = 0;
        d.state.depth_range[1] = 1;
        d.state.clip_planes = 0;
        d.state.two_side = false;
        d.state.program_point_size = false;
        d.state.cull_face = false;
        d.state.polygon_mode[0] = d.state.polygon_mode[1] = GL_FILL;
        d.state.offset_point = false;
        d.state.prims_generated = NULL; /* pixel rectangles are no primitives of vertex processing */
    } else if (ff_vp) {
        gl_ff_vertex_rast_state(ctx, &d.state);
    } else {
        d.state.program_point_size = ctx->vp_point_size;
        d.state.two_side = ctx->vp_two_side;
        /* user clip planes clip against result.clip[n] (NV_vertex_program2);
         * a program that is not position-invariant and writes none is not
         * clipped (ARB_vp section 2.11 edit); the clip variant writes all */
        uint32_t clip = clip_variant ? 0xff : 0;
        /* with a geometry program, its results are what is clipped */
        const gp_program_info *last = gi ? gi : tei ? tei : vi;
        if (gi || tei)
            clip = 0;
        if (last->outputs_written & (1ull << GP_VARY_CLIP0))
            clip |= 0x0f;
        if (last->outputs_written & (1ull << GP_VARY_CLIP1))
            clip |= 0xf0;
        d.state.clip_planes = ctx->clip_enabled & clip;
    }
    d.fb = fb;
    /* edge flags (GL 2.1 2.6.2): Begin/End's per-vertex flags, the edge flag
     * array, or the current flag */
    if (!pixel_vp) {
        if (ctx->imm_edge_flags) {
            d.edge_flags = ctx->imm_edge_flags;
            d.edge_flag_stride = 1;
        } else if (ctx->vao->edge_flag_array && ctx->vao->edge_flag_ptr) {
            d.edge_flags = gl_edge_flag_data(ctx, index_type ? 0 : (long)first + count);
            d.edge_flag_stride = ctx->vao->edge_flag_stride ? (size_t)ctx->vao->edge_flag_stride : 1;
        }
        d.edge_flag_false = !d.edge_flags && !ctx->edge_flag;
    }

    /* GL_SELECT / GL_FEEDBACK (gl_select.c): nothing is rasterized; the
     * pixel paths feed back their own tokens (gl_raster.c) */
    if (gl_select_active(ctx)) {
        if (pixel_vp)
            return;
        if (ff_vp) {
            /* feedback reads the colour and texture coordinates */
            gl_program_obj *all = gl_ff_vertex_program_obj(ctx, UINT32_MAX);
            if (!all)
                return;
            d.vp.prog = all->prog;
            d.vp.params = gl_state_resolve_params(ctx, all, all->prog, GLC_VP);
            if (!d.vp.params)
                return;
        }
        gl_select_draw(ctx, &d);
        return;
    }

    GLenum e = rast_draw_submit(ctx->rast, &d);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

/* ---- clear (GL 2.1 section 4.2.3) ---------------------------------------------- */

/* The clear arguments of the context's state for the buffers of mask
 * (RAST_CLEAR_*) that fb has: colour, depth, stencil values and the
 * scissor and write masks. */
static void clear_args(gl_context *ctx, const rast_framebuffer *fb, unsigned mask,
                       rast_clear_args *c)
{
    memset(c, 0, sizeof *c);
    c->mask = mask & RAST_CLEAR_COLOR;
    if ((mask & RAST_CLEAR_DEPTH) && fb->depth.data)
        c->mask |= RAST_CLEAR_DEPTH;
    if ((mask & RAST_CLEAR_STENCIL) && fb->stencil.data)
        c->mask |= RAST_CLEAR_STENCIL;
    memcpy(c->color, ctx->clear_color, sizeof c->color);
    memcpy(c->color_bits, ctx->clear_color_bits, sizeof c->color_bits);
    c->depth = ctx->clear_depth;
    c->stencil = ctx->clear_stencil & 0xff;
    c->scissor_test = ctx->scissor_test;
    memcpy(c->scissor, ctx->scissor, sizeof c->scissor);
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c->color_mask[i] = gl_color_mask_for(ctx, i);
    c->stencil_write_mask = ctx->stencil[0].write_mask;
    c->depth_write = ctx->depth_mask;
    c->framebuffer_srgb = ctx->framebuffer_srgb;
}

GLAPI_EXPORT void APIENTRY glClear(GLbitfield mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glClear, (ctx, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT |
                             GL_ACCUM_BUFFER_BIT)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* conditional rendering; RASTERIZER_DISCARD ignores clears too (as
     * GL 4.x says and Mesa does) */
    if (gl_render_discarded(ctx) || ctx->rasterizer_discard)
        return;
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb || fb->width <= 0 || fb->height <= 0)
        return;
    if (mask & GL_ACCUM_BUFFER_BIT)
        gl_accum_clear(ctx); /* gl_accum.c */
    rast_clear_args c;
    clear_args(ctx, fb,
               ((mask & GL_COLOR_BUFFER_BIT) ? RAST_CLEAR_COLOR : 0u) |
                   ((mask & GL_DEPTH_BUFFER_BIT) ? RAST_CLEAR_DEPTH : 0u) |
                   ((mask & GL_STENCIL_BUFFER_BIT) ? RAST_CLEAR_STENCIL : 0u),
               &c);
    if (!c.mask)
        return;
    GLenum e = rast_clear(ctx->rast, fb, &c);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

/* ---- ClearBuffer (GL 3.0 section 4.2.3) ----------------------------------------- */

/* Which value a ClearBuffer command gives. */
enum { CB_INT, CB_UINT, CB_FLOAT, CB_DEPTH_STENCIL };

/* Clears one buffer: draw buffer `drawbuffer` of COLOR to the four values
 * of v (ints, uints or floats as kind says), or DEPTH to fv[0], STENCIL to
 * iv[0], DEPTH_STENCIL to depth and stencil; with the scissor, the pixel
 * ownership and the buffer's write masks, as Clear. */
static void clear_buffer(gl_context *ctx, int kind, GLenum buffer, GLint drawbuffer,
                         const void *v, float depth, GLint stencil)
{
    GL_OUTSIDE_BEGIN(ctx, );
    unsigned mask;
    bool ok;
    switch (buffer) {
    case GL_COLOR: mask = RAST_CLEAR_COLOR; ok = kind != CB_DEPTH_STENCIL; break;
    case GL_DEPTH: mask = RAST_CLEAR_DEPTH; ok = kind == CB_FLOAT; break;
    case GL_STENCIL: mask = RAST_CLEAR_STENCIL; ok = kind == CB_INT; break;
    case GL_DEPTH_STENCIL:
        mask = RAST_CLEAR_DEPTH | RAST_CLEAR_STENCIL;
        ok = kind == CB_DEPTH_STENCIL;
        break;
    default: mask = 0; ok = false; break;
    }
    if (!ok) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (drawbuffer < 0 || (buffer == GL_COLOR ? drawbuffer >= GLC_MAX_DRAW_BUFFERS : drawbuffer != 0)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if ((buffer != GL_DEPTH_STENCIL && !v) || gl_render_discarded(ctx) || ctx->rasterizer_discard)
        return;
    const rast_framebuffer *fb = gl_fbo_draw_target(ctx);
    if (!fb || fb->width <= 0 || fb->height <= 0)
        return;
    rast_clear_args c;
    clear_args(ctx, fb, mask, &c);
    if (buffer == GL_COLOR) {
        /* draw buffer drawbuffer only; an integer value for integer
         * buffers, a float one for the rest (GL 3.0: other pairs are
         * undefined; both get the value's numbers) */
        for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
            if (i != drawbuffer)
                c.color_mask[i] = 0;
        for (int k = 0; k < 4; k++) {
            if (kind == CB_FLOAT) {
                c.color[k] = ((const GLfloat *)v)[k];
                c.color_bits[k] = (uint32_t)(int32_t)c.color[k];
            } else {
                c.color_bits[k] = ((const GLuint *)v)[k];
                c.color[k] = kind == CB_INT ? (float)((const GLint *)v)[k]
                                            : (float)((const GLuint *)v)[k];
            }
        }
    } else {
        if (buffer == GL_DEPTH)
            c.depth = ((const GLfloat *)v)[0];
        else if (buffer == GL_STENCIL)
            c.stencil = ((const GLint *)v)[0] & 0xff;
        else {
            c.depth = depth;
            c.stencil = stencil & 0xff;
        }
    }
    if (!c.mask)
        return;
    GLenum e = rast_clear(ctx->rast, fb, &c);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *value)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearBufferiv, (ctx, buffer, drawbuffer, value));
    clear_buffer(ctx, CB_INT, buffer, drawbuffer, value, 0, 0);
}

GLAPI_EXPORT void APIENTRY glClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *value)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearBufferuiv, (ctx, buffer, drawbuffer, value));
    clear_buffer(ctx, CB_UINT, buffer, drawbuffer, value, 0, 0);
}

GLAPI_EXPORT void APIENTRY glClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *value)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearBufferfv, (ctx, buffer, drawbuffer, value));
    clear_buffer(ctx, CB_FLOAT, buffer, drawbuffer, value, 0, 0);
}

GLAPI_EXPORT void APIENTRY glClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth,
                                           GLint stencil)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearBufferfi, (ctx, buffer, drawbuffer, depth, stencil));
    clear_buffer(ctx, CB_DEPTH_STENCIL, buffer, drawbuffer, NULL, depth, stencil);
}

/* EXT_texture_integer: the clear colour of integer colour buffers, kept as
 * the words given (glClear hands them to rast_clear as color_bits; float
 * colour buffers keep using ClearColor's values). */
GLAPI_EXPORT void APIENTRY glClearColorIiEXT(GLint r, GLint g, GLint b, GLint a)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearColorIiEXT, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    const GLint v[4] = {r, g, b, a};
    memcpy(ctx->clear_color_bits, v, sizeof v);
    ctx->clear_color_unsigned = false;
}

GLAPI_EXPORT void APIENTRY glClearColorIuiEXT(GLuint r, GLuint g, GLuint b, GLuint a)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearColorIuiEXT, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    const GLuint v[4] = {r, g, b, a};
    memcpy(ctx->clear_color_bits, v, sizeof v);
    ctx->clear_color_unsigned = true;
}

GLAPI_EXPORT void APIENTRY glFinish(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    rast_flush(ctx->rast);
    gl_bridge_flushed();
}

/* glFlush only promises completion in finite time; the scene runs at the
 * next flush point anyway, so keep deferring (more HSR, fewer passes) --
 * unless a single-buffered window shows the surface (its flush callback
 * reads it back, which finishes the scene). */
GLAPI_EXPORT void APIENTRY glFlush(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_bridge_flushed();
}

/* ARB_tessellation_shader's PatchParameteri(PATCH_VERTICES, n), for
 * tessellation programs and NV_gpu_program5 geometry programs with
 * PRIMITIVE_IN PATCHES: the vertices per patch of GL_PATCHES draws,
 * 1..MAX_PATCH_VERTICES (GP_MAX_PATCH_VERTICES).  Other pnames are
 * INVALID_ENUM, n out of range INVALID_VALUE. */
GLAPI_EXPORT void APIENTRY glPatchParameteri(GLenum pname, GLint value)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (pname != GL_PATCH_VERTICES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (value <= 0 || value > GP_MAX_PATCH_VERTICES) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->patch_vertices = value;
}
