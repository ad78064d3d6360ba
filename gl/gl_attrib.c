/*
 * gl_attrib.c - the attribute stacks: glPushAttrib/glPopAttrib and
 * glPushClientAttrib/glPopClientAttrib (GL 2.1 section 6.1.14; API thread).
 *
 * A push saves a copy of the whole context; a pop restores the groups the
 * push's mask named.  asmgl_context_copy (glXCopyContext) sets the same
 * groups of one context from another.  Object bindings are restored by name, so a texture
 * deleted in between falls back to the default object instead of dangling.
 */
#include "gl_priv.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

struct gl_attrib_frame {
    GLbitfield mask;
    bool client;
    gl_context saved;
    GLuint tex_names[GLC_MAX_IMAGE_UNITS][GLC_TEX_TARGETS];
    GLuint array_buffer_names[GP_VIN_COUNT];
    gl_vao vao;  /* the bound vertex array object's state and name */
    GLuint array_buffer, element_buffer, pack_buffer, unpack_buffer, edge_flag_buffer;
};

void gl_attrib_free_all(gl_context *ctx)
{
    for (int i = 0; i < GLC_ATTRIB_DEPTH; i++) {
        free(ctx->attrib_stack[i]);
        ctx->attrib_stack[i] = NULL;
        free(ctx->client_attrib_stack[i]);
        ctx->client_attrib_stack[i] = NULL;
    }
}

static gl_attrib_frame *push(gl_context *ctx, gl_attrib_frame **stack, int *depth, GLbitfield mask)
{
    if (*depth >= GLC_ATTRIB_DEPTH) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return NULL;
    }
    gl_attrib_frame *f = stack[*depth];
    if (!f) {
        f = malloc(sizeof *f);
        if (!f) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        stack[*depth] = f;
    }
    f->mask = mask;
    memcpy(&f->saved, ctx, sizeof *ctx);
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        for (int t = 0; t < GLC_TEX_TARGETS; t++)
            f->tex_names[u][t] = ctx->bound_tex[u][t]->name;
    f->vao = *ctx->vao;
    for (int s = 0; s < GP_VIN_COUNT; s++)
        f->array_buffer_names[s] = ctx->vao->array[s].buffer ? ctx->vao->array[s].buffer->name : 0;
    f->array_buffer = ctx->array_buffer ? ctx->array_buffer->name : 0;
    f->element_buffer = ctx->vao->element_buffer ? ctx->vao->element_buffer->name : 0;
    f->edge_flag_buffer = ctx->vao->edge_flag_buffer ? ctx->vao->edge_flag_buffer->name : 0;
    f->pack_buffer = ctx->pixel_pack_buffer ? ctx->pixel_pack_buffer->name : 0;
    f->unpack_buffer = ctx->pixel_unpack_buffer ? ctx->pixel_unpack_buffer->name : 0;
    (*depth)++;
    return f;
}

GLAPI_EXPORT void APIENTRY glPushAttrib(GLbitfield mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glPushAttrib, (ctx, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    push(ctx, ctx->attrib_stack, &ctx->attrib_depth, mask);
}

GLAPI_EXPORT void APIENTRY glPushClientAttrib(GLbitfield mask)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    push(ctx, ctx->client_attrib_stack, &ctx->client_attrib_depth, mask);
}

#define RESTORE(field) memcpy(&ctx->field, &s->field, sizeof ctx->field)

static gl_buffer_obj *buffer_by_name(gl_context *ctx, GLuint name)
{
    void *v = gl_names_lookup(&ctx->shared->buffers, name);
    return v && v != GL_NAME_RESERVED ? v : NULL;
}

/* Sets the server attribute groups of mask m of ctx from s: a copy of
 * context `from` (glPopAttrib: ctx's own snapshot; asmgl_context_copy:
 * another context itself).  tex_names: the texture names bound in s,
 * looked up in ctx's name space (NULL: texture bindings are kept). */
static void restore_groups(gl_context *ctx, const gl_context *s, const gl_context *from,
                           GLbitfield m, const GLuint (*tex_names)[GLC_TEX_TARGETS])
{
    /* framebuffer 0's draw and read buffers live in its gl_framebuffer_obj,
     * which s holds by value (fb_default); another framebuffer is s's only
     * while it is still the one bound in ctx */
    bool draw_default = s->draw_fb == &from->fb_default && ctx->draw_fb == &ctx->fb_default;
    bool read_default = s->read_fb == &from->fb_default && ctx->read_fb == &ctx->fb_default;
    if (m & GL_CURRENT_BIT) {
        RESTORE(current);
        RESTORE(current_hi);
        RESTORE(current_long);
        RESTORE(current_index);
        RESTORE(edge_flag);
        RESTORE(raster_pos);
        RESTORE(raster_color);
        RESTORE(raster_tex);
        RESTORE(raster_color2);
        RESTORE(raster_valid);
        RESTORE(raster_distance);
    }
    if (m & (GL_COLOR_BUFFER_BIT | GL_ENABLE_BIT)) {
        RESTORE(alpha_test);
        RESTORE(blend);
        RESTORE(framebuffer_srgb); /* GL 3.0: colour-buffer and enable groups */
        RESTORE(dither);
        RESTORE(color_logic_op);
        RESTORE(index_logic_op);
    }
    if (m & GL_COLOR_BUFFER_BIT) {
        RESTORE(alpha_func);
        RESTORE(alpha_ref);
        RESTORE(blend_src_rgb);
        RESTORE(blend_dst_rgb);
        RESTORE(blend_src_alpha);
        RESTORE(blend_dst_alpha);
        RESTORE(blend_eq_rgb);
        RESTORE(blend_eq_alpha);
        RESTORE(blend_color);
        RESTORE(logic_op);
        RESTORE(color_mask);
        RESTORE(clamp_fragment_color); /* GL 3.0: colour-buffer group */
        RESTORE(clamp_read_color);
        RESTORE(index_mask);
        RESTORE(clear_color);
        RESTORE(clear_color_bits); /* EXT_texture_integer */
        RESTORE(clear_color_unsigned);
        RESTORE(clear_index);
        /* the draw buffers of the framebuffer bound now */
        if (draw_default)
            memcpy(ctx->fb_default.draw_buffers, s->fb_default.draw_buffers,
                   sizeof ctx->fb_default.draw_buffers);
        else if (ctx == from && ctx->draw_fb == s->draw_fb)
            memcpy(ctx->draw_fb->draw_buffers, s->draw_fb->draw_buffers,
                   sizeof ctx->draw_fb->draw_buffers);
    }
    if (m & (GL_DEPTH_BUFFER_BIT | GL_ENABLE_BIT))
        RESTORE(depth_test);
    if (m & GL_DEPTH_BUFFER_BIT) {
        RESTORE(depth_func);
        RESTORE(clear_depth);
        RESTORE(depth_mask);
    }
    if (m & GL_ENABLE_BIT) {
        RESTORE(auto_normal);
        RESTORE(clip_enabled);
        RESTORE(color_material);
        RESTORE(cull_face);
        RESTORE(fog);
        RESTORE(light_enabled);
        RESTORE(lighting);
        RESTORE(line_smooth);
        RESTORE(line_stipple_enabled);
        RESTORE(map1_enabled);
        RESTORE(map2_enabled);
        RESTORE(normalize);
        RESTORE(rescale_normal);
        RESTORE(point_smooth);
        RESTORE(point_sprite);
        RESTORE(offset_fill);
        RESTORE(offset_line);
        RESTORE(offset_point);
        RESTORE(polygon_smooth);
        RESTORE(polygon_stipple);
        RESTORE(scissor_test);
        RESTORE(stencil_test);
        RESTORE(tex_enabled);
        RESTORE(texgen_enabled);
        RESTORE(multisample);
        RESTORE(sample_alpha_to_coverage);
        RESTORE(sample_alpha_to_one);
        RESTORE(sample_coverage);
        RESTORE(sample_mask);
        RESTORE(color_sum);
        RESTORE(program_enabled);
        RESTORE(vp_point_size);
        RESTORE(vp_two_side);
    }
    if (m & GL_EVAL_BIT) {
        RESTORE(auto_normal);
        RESTORE(map1_enabled);
        RESTORE(map2_enabled);
    }
    if (m & GL_FOG_BIT) {
        RESTORE(fog);
        RESTORE(fog_mode);
        RESTORE(fog_coord_src);
        RESTORE(fog_color);
        RESTORE(fog_density);
        RESTORE(fog_start);
        RESTORE(fog_end);
        RESTORE(fog_index);
    }
    if (m & GL_HINT_BIT) {
        RESTORE(hint_perspective);
        RESTORE(hint_point);
        RESTORE(hint_line);
        RESTORE(hint_polygon);
        RESTORE(hint_fog);
        RESTORE(hint_generate_mipmap);
        RESTORE(hint_texture_compression);
    }
    if (m & GL_LIGHTING_BIT) {
        RESTORE(clamp_vertex_color); /* GL 3.0: lighting group */
        RESTORE(color_material);
        RESTORE(color_material_face);
        RESTORE(color_material_mode);
        RESTORE(light_model_ambient);
        RESTORE(light_model_local_viewer);
        RESTORE(light_model_two_side);
        RESTORE(light_model_color_control);
        RESTORE(lighting);
        RESTORE(light_enabled);
        RESTORE(light);
        RESTORE(material);
        RESTORE(shade_model);
    }
    if (m & GL_LINE_BIT) {
        RESTORE(line_smooth);
        RESTORE(line_stipple_enabled);
        RESTORE(line_stipple_factor);
        RESTORE(line_stipple_pattern);
        RESTORE(line_width);
    }
    if (m & GL_POINT_BIT) {
        RESTORE(point_smooth);
        RESTORE(point_size);
        RESTORE(point_min);
        RESTORE(point_max);
        RESTORE(point_fade);
        RESTORE(point_atten);
        RESTORE(point_sprite);
        RESTORE(point_sprite_origin);
    }
    if (m & GL_POLYGON_STIPPLE_BIT)
        RESTORE(polygon_stipple_rows);
    if (m & GL_POLYGON_BIT) {
        RESTORE(cull_face);
        RESTORE(cull_mode);
        RESTORE(front_face);
        RESTORE(polygon_mode);
        RESTORE(polygon_smooth);
        RESTORE(polygon_stipple);
        RESTORE(offset_fill);
        RESTORE(offset_line);
        RESTORE(offset_point);
        RESTORE(offset_factor);
        RESTORE(offset_units);
    }
    if (m & GL_SCISSOR_BIT) {
        RESTORE(scissor_test);
        RESTORE(scissor);
    }
    if (m & GL_STENCIL_BUFFER_BIT) {
        RESTORE(stencil_test);
        RESTORE(stencil);
        RESTORE(stencil_ref_gl);
        RESTORE(stencil_vmask_gl);
        RESTORE(stencil_wmask_gl);
        RESTORE(clear_stencil);
    }
    if (m & GL_TEXTURE_BIT) {
        RESTORE(active_texture);
        RESTORE(tex_enabled);
        RESTORE(texgen_enabled);
        RESTORE(texenv);
        RESTORE(texgen);
        for (int u = 0; tex_names && u < GLC_MAX_IMAGE_UNITS; u++)
            for (int t = 0; t < GLC_TEX_TARGETS; t++) {
                gl_texture_obj *o = tex_names[u][t] ? gl_texture_lookup(ctx, tex_names[u][t]) : NULL;
                ctx->bound_tex[u][t] = o ? o : &ctx->default_tex[t];
            }
    }
    if (m & GL_TRANSFORM_BIT) {
        RESTORE(matrix_mode);
        RESTORE(clip_plane);
        RESTORE(clip_enabled);
        RESTORE(normalize);
        RESTORE(rescale_normal);
    }
    if (m & GL_LIST_BIT)
        RESTORE(list_base);
    if (m & GL_VIEWPORT_BIT) {
        RESTORE(viewport);
        RESTORE(depth_range);
    }
    if (m & GL_PIXEL_MODE_BIT) {
        RESTORE(map_color);
        RESTORE(map_stencil);
        RESTORE(index_shift);
        RESTORE(index_offset);
        RESTORE(red_scale);
        RESTORE(red_bias);
        RESTORE(green_scale);
        RESTORE(green_bias);
        RESTORE(blue_scale);
        RESTORE(blue_bias);
        RESTORE(alpha_scale);
        RESTORE(alpha_bias);
        RESTORE(depth_scale);
        RESTORE(depth_bias);
        RESTORE(pixel_zoom);
        if (read_default)
            ctx->fb_default.read_buffer = s->fb_default.read_buffer;
        else if (ctx == from && ctx->read_fb == s->read_fb)
            ctx->read_fb->read_buffer = s->read_fb->read_buffer;
    }
    if (m & GL_MULTISAMPLE_BIT) {
        RESTORE(multisample);
        RESTORE(sample_alpha_to_coverage);
        RESTORE(sample_alpha_to_one);
        RESTORE(sample_coverage);
        RESTORE(sample_coverage_value);
        RESTORE(sample_coverage_invert);
        RESTORE(sample_mask);       /* ARB_texture_multisample */
        RESTORE(sample_mask_value);
    }
    /* COLOR_MATERIAL may have turned on again: the material tracks the colour */
    gl_state_color_material(ctx);
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glPopAttrib(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glPopAttrib, (ctx));
    GL_OUTSIDE_BEGIN(ctx, );
    if (ctx->attrib_depth == 0) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    gl_attrib_frame *f = ctx->attrib_stack[--ctx->attrib_depth];
    restore_groups(ctx, &f->saved, ctx, f->mask, (const GLuint(*)[GLC_TEX_TARGETS])f->tex_names);
}

/* glXCopyContext's copy (GLX 1.4 section 3.3.7): the groups glPushAttrib
 * would save.  dst is current nowhere (asmgl_context_copy checks), so it
 * changes no running state; texture bindings go by name into dst's name
 * space (the same objects when dst shares src's), the default texture
 * where dst has no such name. */
GLAPI_EXPORT int asmgl_context_copy(asmgl_context *dst, asmgl_context *src, unsigned long mask)
{
    if (!dst || !src) {
        gl_set_last_error("no context");
        return 0;
    }
    if (atomic_load(&dst->owner_thread) != NULL) {
        gl_set_last_error("the destination context is current on a thread");
        return 0;
    }
    void *src_owner = atomic_load(&src->owner_thread);
    if (src_owner && src != gl_current) {
        gl_set_last_error("the source context is current on another thread");
        return 0;
    }
    if (dst == src) {
        gl_set_last_error("");
        return 1;
    }
    GLuint (*names)[GLC_TEX_TARGETS] = malloc(sizeof(GLuint) * GLC_MAX_IMAGE_UNITS * GLC_TEX_TARGETS);
    if (!names) {
        gl_set_last_error("out of memory");
        return 0;
    }
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        for (int t = 0; t < GLC_TEX_TARGETS; t++)
            names[u][t] = src->bound_tex[u][t]->name;
    GL_SHARE_HOLD(dst); /* dst's name tables may be shared with running contexts */
    restore_groups(dst, src, src, (GLbitfield)mask, (const GLuint(*)[GLC_TEX_TARGETS])names);
    free(names);
    gl_set_last_error("");
    return 1;
}

GLAPI_EXPORT void APIENTRY glPopClientAttrib(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (ctx->client_attrib_depth == 0) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    gl_attrib_frame *f = ctx->client_attrib_stack[--ctx->client_attrib_depth];
    const gl_context *s = &f->saved;
    if (f->mask & GL_CLIENT_PIXEL_STORE_BIT) {
        RESTORE(pack);
        RESTORE(unpack);
        ctx->pixel_pack_buffer = buffer_by_name(ctx, f->pack_buffer);
        ctx->pixel_unpack_buffer = buffer_by_name(ctx, f->unpack_buffer);
    }
    if (f->mask & GL_CLIENT_VERTEX_ARRAY_BIT) {
        /* the binding and the bound object's state (GL 3.0:
         * VERTEX_ARRAY_BINDING is in the vertex-array group); an object
         * deleted in between falls back to the default one */
        gl_vao *v = gl_vao_lookup(ctx, f->vao.name);
        if (!v)
            v = &ctx->vao0;
        GLuint name = v->name;
        *v = f->vao;
        v->name = name;
        ctx->vao = v;
        RESTORE(client_active_texture);
        for (int i = 0; i < GP_VIN_COUNT; i++)
            v->array[i].buffer = buffer_by_name(ctx, f->array_buffer_names[i]);
        v->vertex_array.buffer = buffer_by_name(ctx, v->vertex_array.buffer_name);
        v->attrib0_array.buffer = buffer_by_name(ctx, v->attrib0_array.buffer_name);
        v->edge_flag_buffer = buffer_by_name(ctx, f->edge_flag_buffer);
        if (!v->edge_flag_buffer && f->edge_flag_buffer)
            v->edge_flag_ptr = NULL;
        gl_array_position_changed(ctx);
        ctx->array_buffer = buffer_by_name(ctx, f->array_buffer);
        ctx->vao->element_buffer = buffer_by_name(ctx, f->element_buffer);
    }
}
