/*
 * gl_state.c - initial GL state and draw-time state resolution (API thread).
 *
 * gl_state_init sets every state item to its GL 2.1 initial value (chapter 6
 * state tables).  gl_state_resolve_params fills a program's parameter table
 * from gp_program_info.params: constants, program.env/local and the state.*
 * bindings of ARB_vertex_program section 2.14.3.1 / ARB_fragment_program
 * section 3.11.3.1 (Tables X.3.2 - X.3.8 and the fragment additions).  The
 * table is cached per program object and rebuilt only when ctx->state_serial
 * or the object's local parameters changed (R11).  gl_state_fill_rast reduces
 * per-fragment and primitive state to a rast_state.
 */
#include "gl_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void set4(float d[4], float a, float b, float c, float e)
{
    d[0] = a;
    d[1] = b;
    d[2] = c;
    d[3] = e;
}

void gl_state_init(gl_context *ctx)
{
    int w = ctx->config.width, h = ctx->config.height;

    gl_image_init(ctx); /* EXT_shader_image_load_store image units */

    /* current values (GL 2.1 Table 6.5); slots aliased as in ARB_vp Table X.2.1 */
    for (int i = 0; i < GP_VIN_COUNT; i++)
        set4(ctx->current[i], 0, 0, 0, 1);
    set4(ctx->current[GP_VIN_NORMAL], 0, 0, 1, 1);
    set4(ctx->current[GP_VIN_COLOR0], 1, 1, 1, 1);
    ctx->current_index = 1;
    ctx->edge_flag = GL_TRUE;

    /* transform (Table 6.8) */
    set4(ctx->viewport, 0, 0, (float)w, (float)h);
    ctx->depth_range[0] = 0.0;
    ctx->depth_range[1] = 1.0;
    ctx->shade_model = GL_SMOOTH;
    ctx->provoking_vertex = GL_LAST_VERTEX_CONVENTION_EXT;

    /* lighting (Tables 6.10, 6.11) */
    for (int i = 0; i < GLC_MAX_LIGHTS; i++) {
        gl_light *l = &ctx->light[i];
        set4(l->ambient, 0, 0, 0, 1);
        if (i == 0) {
            set4(l->diffuse, 1, 1, 1, 1);
            set4(l->specular, 1, 1, 1, 1);
        } else {
            set4(l->diffuse, 0, 0, 0, 1);
            set4(l->specular, 0, 0, 0, 1);
        }
        set4(l->position, 0, 0, 1, 0);
        l->spot_direction[0] = 0;
        l->spot_direction[1] = 0;
        l->spot_direction[2] = -1;
        l->spot_exponent = 0;
        l->spot_cutoff = 180;
        l->attenuation[0] = 1;
        l->attenuation[1] = 0;
        l->attenuation[2] = 0;
    }
    set4(ctx->light_model_ambient, 0.2f, 0.2f, 0.2f, 1);
    ctx->light_model_color_control = GL_SINGLE_COLOR;
    for (int f = 0; f < 2; f++) {
        gl_material *m = &ctx->material[f];
        set4(m->ambient, 0.2f, 0.2f, 0.2f, 1);
        set4(m->diffuse, 0.8f, 0.8f, 0.8f, 1);
        set4(m->specular, 0, 0, 0, 1);
        set4(m->emission, 0, 0, 0, 1);
        m->shininess = 0;
        m->color_indexes[0] = 0;
        m->color_indexes[1] = 1;
        m->color_indexes[2] = 1;
    }
    ctx->color_material_face = GL_FRONT_AND_BACK;
    ctx->color_material_mode = GL_AMBIENT_AND_DIFFUSE;

    /* texturing (Tables 6.16 - 6.20) */
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++) {
        gl_texenv *e = &ctx->texenv[u];
        e->mode = GL_MODULATE;
        set4(e->color, 0, 0, 0, 0);
        e->combine_rgb = e->combine_alpha = GL_MODULATE;
        e->source_rgb[0] = e->source_alpha[0] = GL_TEXTURE;
        e->source_rgb[1] = e->source_alpha[1] = GL_PREVIOUS;
        e->source_rgb[2] = e->source_alpha[2] = GL_CONSTANT;
        e->operand_rgb[0] = e->operand_rgb[1] = GL_SRC_COLOR;
        e->operand_rgb[2] = GL_SRC_ALPHA;
        e->operand_alpha[0] = e->operand_alpha[1] = e->operand_alpha[2] = GL_SRC_ALPHA;
        e->rgb_scale = e->alpha_scale = 1;
        for (int c = 0; c < 4; c++) {
            gl_texgen *g = &ctx->texgen[u][c];
            g->mode = GL_EYE_LINEAR;
            set4(g->object_plane, c == 0, c == 1, 0, 0);
            set4(g->eye_plane, c == 0, c == 1, 0, 0);
        }
    }
    tex_pixel_store_default(&ctx->pack);
    tex_pixel_store_default(&ctx->unpack);

    /* fog, points, lines, polygons (Tables 6.12 - 6.14) */
    ctx->fog_mode = GL_EXP;
    ctx->fog_coord_src = GL_FRAGMENT_DEPTH;
    ctx->fog_density = 1;
    ctx->fog_start = 0;
    ctx->fog_end = 1;
    ctx->point_size = 1;
    ctx->point_min = 0;
    ctx->point_max = GLC_MAX_POINT_SIZE;
    ctx->point_fade = 1;
    ctx->point_atten[0] = 1;
    ctx->point_sprite_origin = GL_UPPER_LEFT;
    ctx->patch_vertices = 3;
    /* ARB_tessellation_shader Table 6.X: default levels (1, 1, 1, 1), (1, 1) */
    for (int i = 0; i < 4; i++)
        ctx->patch_default_outer[i] = 1.0f;
    ctx->patch_default_inner[0] = ctx->patch_default_inner[1] = 1.0f;
    ctx->line_width = 1;
    ctx->line_stipple_factor = 1;
    ctx->line_stipple_pattern = 0xffff;
    memset(ctx->polygon_stipple_rows, 0xff, sizeof ctx->polygon_stipple_rows);
    ctx->polygon_mode[0] = ctx->polygon_mode[1] = GL_FILL;
    ctx->cull_mode = GL_BACK;
    ctx->front_face = GL_CCW;

    /* per-fragment (Tables 6.21 - 6.24) */
    ctx->scissor[0] = ctx->scissor[1] = 0;
    ctx->scissor[2] = w;
    ctx->scissor[3] = h;
    ctx->alpha_func = GL_ALWAYS;
    for (int f = 0; f < 2; f++) {
        rast_stencil_face *s = &ctx->stencil[f];
        s->func = GL_ALWAYS;
        s->ref = 0;
        s->value_mask = 0xff;
        s->write_mask = 0xff;
        s->fail_op = s->zfail_op = s->zpass_op = GL_KEEP;
        ctx->stencil_ref_gl[f] = 0;
        ctx->stencil_vmask_gl[f] = ctx->stencil_wmask_gl[f] = ~0u;
    }
    ctx->depth_func = GL_LESS;
    ctx->depth_mask = true;
    ctx->blend_src_rgb = ctx->blend_src_alpha = GL_ONE;
    ctx->blend_dst_rgb = ctx->blend_dst_alpha = GL_ZERO;
    ctx->blend_eq_rgb = ctx->blend_eq_alpha = GL_FUNC_ADD;
    ctx->dither = true;
    ctx->logic_op = GL_COPY;
    memset(ctx->color_mask, 0xf, sizeof ctx->color_mask);
    ctx->clamp_vertex_color = GL_TRUE;
    ctx->clamp_fragment_color = GL_FIXED_ONLY;
    ctx->clamp_read_color = GL_FIXED_ONLY;
    ctx->clear_depth = 1.0;
    ctx->index_mask = ~0u;
    ctx->multisample = true;
    ctx->sample_coverage_value = 1;
    ctx->sample_mask_value = ~(GLbitfield)0; /* ARB_texture_multisample: all bits */

    /* hints, pixels */
    ctx->hint_perspective = ctx->hint_point = ctx->hint_line = ctx->hint_polygon = GL_DONT_CARE;
    ctx->hint_fog = ctx->hint_generate_mipmap = ctx->hint_texture_compression = GL_DONT_CARE;
    set4(ctx->raster_pos, 0, 0, 0, 1);
    set4(ctx->raster_color, 1, 1, 1, 1);
    set4(ctx->raster_color2, 0, 0, 0, 1);
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++)
        set4(ctx->raster_tex[u], 0, 0, 0, 1);
    ctx->raster_valid = true;
    ctx->pixel_zoom[0] = ctx->pixel_zoom[1] = 1;
    ctx->red_scale = ctx->green_scale = ctx->blue_scale = ctx->alpha_scale = 1;
    gl_pixelmap_init(ctx);
    ctx->depth_scale = 1;

    gl_state_changed(ctx);
}

int gl_tex_target_index(GLenum target)
{
    switch (target) {
    case GL_TEXTURE_1D:
        return GLC_TEX_1D;
    case GL_TEXTURE_2D:
        return GLC_TEX_2D;
    case GL_TEXTURE_3D:
        return GLC_TEX_3D;
    case GL_TEXTURE_CUBE_MAP:
        return GLC_TEX_CUBE;
    case GL_TEXTURE_RECTANGLE_ARB:
        return GLC_TEX_RECT;
    case GL_TEXTURE_1D_ARRAY_EXT:
        return GLC_TEX_1D_ARRAY;
    case GL_TEXTURE_2D_ARRAY_EXT:
        return GLC_TEX_2D_ARRAY;
    case GL_TEXTURE_BUFFER_ARB:
        return GLC_TEX_BUFFER;
    case GL_TEXTURE_2D_MULTISAMPLE:
        return GLC_TEX_2DMS;
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
        return GLC_TEX_2DMS_ARRAY;
    case GL_TEXTURE_RENDERBUFFER_NV:
        return GLC_TEX_RENDERBUFFER;
    case GL_TEXTURE_CUBE_MAP_ARRAY:
        return GLC_TEX_CUBE_ARRAY;
    default:
        return -1;
    }
}

/* Applies the current colour to the material properties COLOR_MATERIAL tracks
 * (GL 2.1 section 2.14.3). */
void gl_state_color_material(gl_context *ctx)
{
    if (!ctx->color_material)
        return;
    const float *c = ctx->current[GP_VIN_COLOR0];
    for (int f = 0; f < 2; f++) {
        if ((f == 0 && ctx->color_material_face == GL_BACK) ||
            (f == 1 && ctx->color_material_face == GL_FRONT))
            continue;
        gl_material *m = &ctx->material[f];
        switch (ctx->color_material_mode) {
        case GL_EMISSION:
            memcpy(m->emission, c, 16);
            break;
        case GL_AMBIENT:
            memcpy(m->ambient, c, 16);
            break;
        case GL_DIFFUSE:
            memcpy(m->diffuse, c, 16);
            break;
        case GL_SPECULAR:
            memcpy(m->specular, c, 16);
            break;
        case GL_AMBIENT_AND_DIFFUSE:
            memcpy(m->ambient, c, 16);
            memcpy(m->diffuse, c, 16);
            break;
        }
    }
    gl_state_changed(ctx);
}

/* ---- state.* values ------------------------------------------------------ */

static const float *material_color(const gl_material *m, int prop)
{
    switch (prop) {
    case GP_MAT_AMBIENT:
        return m->ambient;
    case GP_MAT_DIFFUSE:
        return m->diffuse;
    case GP_MAT_SPECULAR:
        return m->specular;
    default:
        return m->emission;
    }
}

static const float *light_color(const gl_light *l, int prop)
{
    switch (prop) {
    case GP_MAT_AMBIENT:
        return l->ambient;
    case GP_MAT_DIFFUSE:
        return l->diffuse;
    default:
        return l->specular;
    }
}

/* The matrix a state.matrix binding selects, after its modifier. */
static void state_matrix(gl_context *ctx, const gp_state_ref *r, float out[16])
{
    const float *m = NULL, *inv = NULL;
    float ident[16];
    gl_mat_identity(ident);
    switch (r->prop) {
    case GP_MATRIX_MODELVIEW:
        /* only modelview[0] exists without ARB_vertex_blend */
        if (r->index == 0) {
            m = gl_matrix_top(ctx, GLC_STACK_MODELVIEW);
            if (r->modifier == GP_MATMOD_INVERSE || r->modifier == GP_MATMOD_INVTRANS)
                inv = gl_matrix_inverse(ctx, GLC_STACK_MODELVIEW);
        }
        break;
    case GP_MATRIX_PROJECTION:
        m = gl_matrix_top(ctx, GLC_STACK_PROJECTION);
        if (r->modifier == GP_MATMOD_INVERSE || r->modifier == GP_MATMOD_INVTRANS)
            inv = gl_matrix_inverse(ctx, GLC_STACK_PROJECTION);
        break;
    case GP_MATRIX_MVP:
        m = gl_matrix_mvp(ctx);
        if (r->modifier == GP_MATMOD_INVERSE || r->modifier == GP_MATMOD_INVTRANS)
            inv = gl_matrix_mvp_inverse(ctx);
        break;
    case GP_MATRIX_TEXTURE:
        if (r->index < GLC_MAX_TEXTURE_UNITS) {
            m = gl_matrix_top(ctx, GLC_STACK_TEXTURE0 + r->index);
            if (r->modifier == GP_MATMOD_INVERSE || r->modifier == GP_MATMOD_INVTRANS)
                inv = gl_matrix_inverse(ctx, GLC_STACK_TEXTURE0 + r->index);
        }
        break;
    case GP_MATRIX_PROGRAM:
        if (r->index < GLC_MAX_PROGRAM_MATRICES) {
            m = gl_matrix_top(ctx, GLC_STACK_PROGRAM0 + r->index);
            if (r->modifier == GP_MATMOD_INVERSE || r->modifier == GP_MATMOD_INVTRANS)
                inv = gl_matrix_inverse(ctx, GLC_STACK_PROGRAM0 + r->index);
        }
        break;
    default: /* palette: no ARB_matrix_palette */
        break;
    }
    if (!m)
        m = ident;
    switch (r->modifier) {
    case GP_MATMOD_INVERSE:
        memcpy(out, inv ? inv : ident, 64);
        break;
    case GP_MATMOD_TRANSPOSE:
        gl_mat_transpose(out, m);
        break;
    case GP_MATMOD_INVTRANS:
        gl_mat_transpose(out, inv ? inv : ident);
        break;
    default:
        memcpy(out, m, 64);
        break;
    }
}

static void normalize3(float v[3])
{
    double l = sqrt((double)v[0] * v[0] + (double)v[1] * v[1] + (double)v[2] * v[2]);
    if (l > 0) {
        v[0] = (float)(v[0] / l);
        v[1] = (float)(v[1] / l);
        v[2] = (float)(v[2] / l);
    }
}

/* Fills v with the value of one state.* binding. */
static void state_value(gl_context *ctx, const gp_state_ref *r, float v[4])
{
    set4(v, 0, 0, 0, 0);
    int face = r->face ? 1 : 0;
    switch (r->kind) {
    case GP_STATE_MATERIAL: { /* Table X.3.2 */
        const gl_material *m = &ctx->material[face];
        if (r->prop == GP_MAT_SHININESS)
            set4(v, m->shininess, 0, 0, 1);
        else
            memcpy(v, material_color(m, r->prop), 16);
        break;
    }
    case GP_STATE_LIGHT: { /* Table X.3.3 */
        if (r->index >= GLC_MAX_LIGHTS)
            break;
        const gl_light *l = &ctx->light[r->index];
        switch (r->prop) {
        case GP_LIGHT_AMBIENT:
            memcpy(v, l->ambient, 16);
            break;
        case GP_LIGHT_DIFFUSE:
            memcpy(v, l->diffuse, 16);
            break;
        case GP_LIGHT_SPECULAR:
            memcpy(v, l->specular, 16);
            break;
        case GP_LIGHT_POSITION:
            memcpy(v, l->position, 16);
            break;
        case GP_LIGHT_ATTENUATION:
            set4(v, l->attenuation[0], l->attenuation[1], l->attenuation[2], l->spot_exponent);
            break;
        case GP_LIGHT_SPOT_DIRECTION:
            set4(v, l->spot_direction[0], l->spot_direction[1], l->spot_direction[2],
                 (float)cos(l->spot_cutoff * (M_PI / 180.0)));
            break;
        case GP_LIGHT_HALF: {
            /* h_inf = || P + (0, 0, 1) || with P the normalised direction from
             * the eye (origin) to the eye-space light position. */
            float p[3] = {l->position[0], l->position[1], l->position[2]};
            normalize3(p);
            p[2] += 1.0f;
            normalize3(p);
            set4(v, p[0], p[1], p[2], 1);
            break;
        }
        }
        break;
    }
    case GP_STATE_LIGHTMODEL_AMBIENT:
        memcpy(v, ctx->light_model_ambient, 16);
        break;
    case GP_STATE_LIGHTMODEL_SCENECOLOR: { /* c_scene = a_cs * a_cm + e_cm, alpha = diffuse alpha */
        const gl_material *m = &ctx->material[face];
        for (int i = 0; i < 3; i++)
            v[i] = ctx->light_model_ambient[i] * m->ambient[i] + m->emission[i];
        v[3] = m->diffuse[3];
        break;
    }
    case GP_STATE_LIGHTPROD: { /* light colour x material colour, alpha = material alpha */
        if (r->index >= GLC_MAX_LIGHTS)
            break;
        const float *lc = light_color(&ctx->light[r->index], r->prop);
        const float *mc = material_color(&ctx->material[face], r->prop);
        for (int i = 0; i < 3; i++)
            v[i] = lc[i] * mc[i];
        v[3] = mc[3];
        break;
    }
    case GP_STATE_TEXGEN: { /* Table X.3.4 */
        if (r->index >= GLC_MAX_TEXTURE_UNITS)
            break;
        int coord = r->prop & 3;
        const gl_texgen *g = &ctx->texgen[r->index][coord];
        memcpy(v, r->prop >= GP_TEXGEN_OBJECT_S ? g->object_plane : g->eye_plane, 16);
        break;
    }
    case GP_STATE_FOG_COLOR:
        gl_colors_as_read(ctx, ctx->fog_color, v, 4);
        break;
    case GP_STATE_FOG_PARAMS: /* (density, start, end, 1/(end-start)) */
        set4(v, ctx->fog_density, ctx->fog_start, ctx->fog_end,
             1.0f / (ctx->fog_end - ctx->fog_start));
        break;
    case GP_STATE_CLIPPLANE:
        if (r->index < GLC_MAX_CLIP_PLANES)
            memcpy(v, ctx->clip_plane[r->index], 16);
        break;
    case GP_STATE_POINT_SIZE:
        set4(v, ctx->point_size, ctx->point_min, ctx->point_max, ctx->point_fade);
        break;
    case GP_STATE_POINT_ATTENUATION:
        set4(v, ctx->point_atten[0], ctx->point_atten[1], ctx->point_atten[2], 1);
        break;
    case GP_STATE_MATRIX_ROW: { /* Table X.3.8: row <a> of the selected matrix */
        float m[16];
        state_matrix(ctx, r, m);
        int row = r->row & 3;
        set4(v, m[row], m[4 + row], m[8 + row], m[12 + row]);
        break;
    }
    case GP_STATE_TEXENV_COLOR: /* ARB_fp Table X.3.x: state.texenv[n].color */
        if (r->index < GLC_MAX_TEXTURE_UNITS)
            gl_colors_as_read(ctx, ctx->texenv[r->index].color, v, 4);
        break;
    case GP_STATE_DEPTH_RANGE: /* ARB_fp: (n, f, f - n, 1) */
        set4(v, (float)ctx->depth_range[0], (float)ctx->depth_range[1],
             (float)(ctx->depth_range[1] - ctx->depth_range[0]), 1);
        break;
    default:
        break;
    }
}

const gp_val (*gl_state_resolve_params(gl_context *ctx, gl_program_obj *obj, const gp_program *prog,
                                        int target))[4]
{
    const gp_program_info *info = gp_program_get_info(prog);
    int n = info->num_params;
    if (obj->params && obj->params_prog == prog && obj->params_ctx == ctx &&
        obj->params_state_serial == ctx->state_serial && obj->params_local_serial == obj->local_serial)
        return (const gp_val(*)[4])obj->params;
    if (n > obj->params_cap || !obj->params) {
        int cap = n > 0 ? n : 1;
        gp_val(*p)[4] = realloc(obj->params, (size_t)cap * sizeof *p);
        if (!p) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        obj->params = p;
        obj->params_cap = cap;
    }
    int max_env = ctx->limits[target].max_env_parameters;
    int max_local = ctx->limits[target].max_local_parameters;
    for (int i = 0; i < n; i++) {
        const gp_param_binding *b = &info->params[i];
        gp_val *row = obj->params[i];
        float v[4] = {0, 0, 0, 0};
        switch (b->kind) {
        case GP_PARAM_CONST:
            memcpy(row, b->value, sizeof(gp_val) * 4);
            continue;
        case GP_PARAM_ENV: /* bits, not values: integer parameters stay exact */
            if ((int)b->index < max_env)
                memcpy(row, ctx->env[target][b->index], sizeof(gp_val) * 4);
            else
                memset(row, 0, sizeof(gp_val) * 4);
            continue;
        case GP_PARAM_LOCAL:
            if ((int)b->index < max_local && obj->local)
                memcpy(row, obj->local[b->index], sizeof(gp_val) * 4);
            else
                memset(row, 0, sizeof(gp_val) * 4);
            continue;
        case GP_PARAM_STATE:
            state_value(ctx, &b->state, v);
            break;
        case GP_PARAM_STORAGELEN:
            /* NV_shader_storage_buffer_object 2.X.3.3: integer 0 for
             * programs given by ProgramStringARB (gl_ssbo.c) */
            memset(row, 0, sizeof(gp_val) * 4);
            continue;
        }
        for (int c = 0; c < 4; c++)
            row[c].f = v[c];
    }
    obj->params_prog = prog;
    obj->params_ctx = ctx; /* a program object may be drawn by several contexts */
    obj->params_state_serial = ctx->state_serial;
    obj->params_local_serial = obj->local_serial;
    return (const gp_val(*)[4])obj->params;
}

/* ---- rast_state ------------------------------------------------------------ */

void gl_state_fill_rast(gl_context *ctx, rast_state *rs)
{
    memset(rs, 0, sizeof *rs);
    memcpy(rs->viewport, ctx->viewport, sizeof rs->viewport);
    rs->depth_range[0] = (float)ctx->depth_range[0];
    rs->depth_range[1] = (float)ctx->depth_range[1];
    rs->scissor_test = ctx->scissor_test;
    memcpy(rs->scissor, ctx->scissor, sizeof rs->scissor);
    rs->cull_face = ctx->cull_face;
    rs->cull_mode = ctx->cull_mode;
    rs->front_face = ctx->front_face;
    rs->polygon_mode[0] = ctx->polygon_mode[0];
    rs->polygon_mode[1] = ctx->polygon_mode[1];
    rs->offset_fill = ctx->offset_fill;
    rs->offset_line = ctx->offset_line;
    rs->offset_point = ctx->offset_point;
    rs->offset_factor = ctx->offset_factor;
    rs->offset_units = ctx->offset_units;
    rs->point_size = ctx->point_size;
    rs->point_sprite = ctx->point_sprite;
    rs->point_sprite_lower_left = ctx->point_sprite_origin == GL_LOWER_LEFT;
    rs->polygon_stipple = ctx->polygon_stipple;
    rs->line_stipple = ctx->line_stipple_enabled;
    rs->line_stipple_pattern = ctx->line_stipple_pattern;
    rs->line_stipple_factor = ctx->line_stipple_factor;
    if (rs->polygon_stipple)
        memcpy(rs->polygon_stipple_rows, ctx->polygon_stipple_rows, sizeof rs->polygon_stipple_rows);
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS && u < 8; u++)
        if (ctx->texenv[u].coord_replace)
            rs->point_coord_replace |= (uint8_t)(1u << u);
    rs->line_width = ctx->line_width;
    rs->flat_shade = ctx->shade_model == GL_FLAT;
    rs->provoking_first = ctx->provoking_vertex == GL_FIRST_VERTEX_CONVENTION_EXT;
    rs->depth_test = ctx->depth_test;
    rs->depth_func = ctx->depth_func;
    rs->depth_write = ctx->depth_mask;
    rs->stencil_test = ctx->stencil_test;
    rs->stencil[0] = ctx->stencil[0];
    rs->stencil[1] = ctx->stencil[1];
    rs->alpha_test = ctx->alpha_test;
    rs->alpha_func = ctx->alpha_func;
    rs->alpha_ref = ctx->alpha_ref;
    rs->samples_passed = gl_query_counter(ctx);
    rs->prims_generated = gl_query_prims_counter(ctx);
    rs->rasterizer_discard = ctx->rasterizer_discard;
    rs->blend_buffers = ctx->blend;
    rs->framebuffer_srgb = ctx->framebuffer_srgb;
    rs->clamp_fragment = ctx->clamp_fragment_color == GL_TRUE    ? RAST_CLAMP_ON
                         : ctx->clamp_fragment_color == GL_FALSE ? RAST_CLAMP_OFF
                                                                 : RAST_CLAMP_FIXED_ONLY;
    rs->vertex_color_unclamped = ctx->clamp_vertex_color == GL_FALSE ||
                                 (ctx->clamp_vertex_color == GL_FIXED_ONLY &&
                                  !gl_fbo_draw_fixed_point(ctx));
    rs->blend_src_rgb = ctx->blend_src_rgb;
    rs->blend_dst_rgb = ctx->blend_dst_rgb;
    rs->blend_src_alpha = ctx->blend_src_alpha;
    rs->blend_dst_alpha = ctx->blend_dst_alpha;
    rs->blend_eq_rgb = ctx->blend_eq_rgb;
    rs->blend_eq_alpha = ctx->blend_eq_alpha;
    memcpy(rs->blend_color, ctx->blend_color, sizeof rs->blend_color);
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        rs->color_mask[i] = gl_color_mask_for(ctx, i);
    rs->logic_op_enable = ctx->color_logic_op;
    rs->logic_op = ctx->logic_op;
    rs->dither = ctx->dither;
    /* multisampling (rast.h "Multisampling"; the rasterizer uses them only
     * with a multisample framebuffer) */
    rs->multisample = ctx->multisample;
    rs->sample_alpha_to_coverage = ctx->sample_alpha_to_coverage;
    rs->sample_alpha_to_one = ctx->sample_alpha_to_one;
    rs->sample_coverage = ctx->sample_coverage;
    rs->sample_coverage_value = ctx->sample_coverage_value;
    rs->sample_coverage_invert = ctx->sample_coverage_invert;
    rs->sample_mask = ctx->sample_mask;
    rs->sample_mask_value = (uint32_t)ctx->sample_mask_value;
}
