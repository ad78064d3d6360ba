/*
 * gl_get.c - glGet{Boolean,Integer,Float,Double}v and glGetString(i)
 * (API thread).
 *
 * One function, get_state, knows every pname (GL 2.1 chapter 6 state
 * tables, implementation limits, ARB_vertex_program / ARB_fragment_program
 * additions) and returns its values with a kind; the four entry points only
 * convert, as GL 2.1 section 6.1.2 specifies: colour-like values map
 * linearly to the full integer range for GetIntegerv, other floats round to
 * the nearest integer, and everything non-zero is TRUE for GetBooleanv.
 */
#include "gl_priv.h"

#include <math.h>
#include <string.h>

enum { GV_INT, GV_BOOL, GV_FLOAT, GV_NORM };

typedef struct gval {
    int kind;
    int n;
    double v[16];
} gval;

#define RET_N(k, count)  \
    do {                 \
        g->kind = (k);   \
        g->n = (count);  \
        return true;     \
    } while (0)
#define I1(x)                \
    do {                     \
        g->v[0] = (double)(x); \
        RET_N(GV_INT, 1);    \
    } while (0)
#define B1(x)                  \
    do {                       \
        g->v[0] = (x) ? 1 : 0; \
        RET_N(GV_BOOL, 1);     \
    } while (0)
#define F1(x)                  \
    do {                       \
        g->v[0] = (double)(x); \
        RET_N(GV_FLOAT, 1);    \
    } while (0)

static void put4(gval *g, const float *f)
{
    for (int i = 0; i < 4; i++)
        g->v[i] = f[i];
}

/* A colour kept as set, as a query reads it (gl_colors_as_read). */
static void clamped4(gl_context *ctx, gval *g, const float *f)
{
    float c[4];
    gl_colors_as_read(ctx, f, c, 4);
    put4(g, c);
}

static void put_matrix(gval *g, const float *m, bool transpose)
{
    for (int i = 0; i < 16; i++)
        g->v[i] = transpose ? m[(i % 4) * 4 + i / 4] : m[i];
}

static int bits_of(tex_format f)
{
    return f == TEX_FMT_RGBA8 ? 8 : f == TEX_FMT_RGBA32F || f == TEX_FMT_RGBA32I || f == TEX_FMT_RGBA32UI ? 32 : 0;
}

static GLuint buffer_name(const gl_buffer_obj *b)
{
    return b ? b->name : 0;
}

/* Array state through the aliased slot of a conventional array. */
static bool array_state(gl_context *ctx, int slot, int what, gval *g)
{
    const gl_array *a = slot == GP_VIN_POSITION ? &ctx->vao->vertex_array : &ctx->vao->array[slot];
    switch (what) {
    case 0:
        B1(a->enabled);
    case 1:
        I1(a->size);
    case 2:
        I1(a->type);
    case 3:
        I1(a->stride);
    default:
        I1(a->buffer ? a->buffer->name : 0);
    }
}

/* Every extension asmgl implements, once; GL_EXTENSIONS is the list joined
 * with spaces, glGetStringi(GL_EXTENSIONS, i) its entries.  Not advertised:
 * GL_ARB_shader_storage_buffer_object, GL_ARB_compute_shader and
 * GL_ARB_tessellation_shader, whose entry points asmgl has (for the NV
 * assembly extensions) but whose GLSL parts it does not
 * (NV_tessellation_program5 "Dependencies on ARB_tessellation_shader":
 * without it, tessellation is available through the assembly interface
 * only, with PatchParameteri / PatchParameterfv, PATCHES and the primitive
 * generator kept). */
#define ASMGL_EXTENSIONS(X) \
    X("GL_ARB_multitexture") \
    X("GL_ARB_transpose_matrix") \
    X("GL_ARB_texture_cube_map") \
    X("GL_ARB_texture_env_add") \
    X("GL_ARB_texture_env_combine") \
    X("GL_EXT_texture_env_combine") /* same tokens as the ARB one (gl_ffgen_fp.c) */ \
    X("GL_ARB_texture_compression") \
    X("GL_EXT_texture_compression_s3tc") /* texture/tex_compressed.c, libsquish */ \
    X("GL_ARB_texture_compression_rgtc") /* texture/tex_compressed.c */ \
    X("GL_EXT_texture_compression_rgtc") \
    X("GL_ARB_texture_swizzle") /* tex_sampler.swizzle, applied in tex_sample */ \
    X("GL_EXT_texture_swizzle") \
    X("GL_ARB_sampler_objects") /* gl_sampler.c, texture/ tex_sample_with */ \
    X("GL_ARB_texture_storage") /* gl_texture_storage.c */ \
    X("GL_EXT_texture_sRGB") /* kept encoded, decoded by tex_sample (texture/tex_format.c) */ \
    X("GL_ARB_framebuffer_sRGB") /* FRAMEBUFFER_SRGB: rasterizer/rast_blend.c pbe8_srgb */ \
    X("GL_EXT_framebuffer_sRGB") \
    X("GL_ARB_get_texture_sub_image") /* gl_texture_sub_image.c */ \
    X("GL_ARB_texture_rg") /* R and RG formats (texture/tex_format.c), render targets gl_draw_buffer_channels */ \
    X("GL_ARB_texture_env_crossbar") \
    X("GL_ARB_texture_env_dot3") \
    X("GL_ARB_texture_border_clamp") \
    X("GL_ARB_texture_mirrored_repeat") \
    X("GL_ARB_point_parameters") \
    X("GL_ARB_depth_texture") \
    X("GL_ARB_shadow") \
    X("GL_EXT_shadow_funcs") /* all eight TEXTURE_COMPARE_FUNCs (gl_texture.c, tex_sample.c) */ \
    X("GL_ARB_depth_buffer_float") /* DEPTH_COMPONENT32F, DEPTH32F_STENCIL8, FLOAT_32_UNSIGNED_INT_24_8_REV */ \
    X("GL_ARB_texture_rectangle") \
    X("GL_ARB_texture_non_power_of_two") \
    X("GL_ARB_window_pos") \
    X("GL_ARB_occlusion_query") /* gl_query.c */ \
    X("GL_NV_conditional_render") /* gl_query.c */ \
    X("GL_EXT_vertex_array") /* gl_array.c */ \
    X("GL_ARB_point_sprite") /* COORD_REPLACE: rast_setup_point.c */ \
    X("GL_ARB_vertex_buffer_object") \
    X("GL_ARB_half_float_vertex") /* gl_array.c, rasterizer/rast_vertex.c fetch */ \
    X("GL_ARB_map_buffer_range") /* gl_buffer.c */ \
    X("GL_ARB_copy_buffer") /* gl_buffer.c glCopyBufferSubData */ \
    X("GL_ARB_pixel_buffer_object") \
    X("GL_ARB_draw_buffers") \
    X("GL_EXT_draw_buffers2") /* per-buffer BLEND and colour masks (gl_enable.c, gl_fixed.c) */ \
    X("GL_ARB_texture_float") \
    X("GL_ARB_half_float_pixel") /* HALF_FLOAT pixel data (texture/tex_format.c) */ \
    X("GL_ARB_color_buffer_float") /* ClampColor (gl_fixed.c), rast_state.clamp_fragment */ \
    X("GL_EXT_texture_snorm") /* RGBA32F clamped to [-1, 1] (texture/tex_format.c) */ \
    X("GL_EXT_packed_float") /* R11F_G11F_B10F (texture/tex_format.c tex_pack_r11g11b10f) */ \
    X("GL_EXT_texture_shared_exponent") /* RGB9_E5 (tex_pack_rgb9e5) */ \
    X("GL_ARB_vertex_program") \
    X("GL_ARB_fragment_program") \
    X("GL_ARB_fragment_program_shadow") \
    X("GL_ARB_fragment_coord_conventions") \
    X("GL_NV_fragment_program_option") \
    X("GL_NV_fragment_program2") \
    X("GL_NV_vertex_program2_option") \
    X("GL_NV_vertex_program3") \
    X("GL_EXT_gpu_program_parameters") \
    X("GL_NV_gpu_program4") \
    X("GL_NV_vertex_program4") \
    X("GL_NV_fragment_program4") \
    X("GL_NV_parameter_buffer_object") \
    X("GL_NV_geometry_program4") \
    X("GL_NV_gpu_program5") \
    X("GL_NV_shader_buffer_load") /* GPU addresses, LOAD (gl_buffer.c) */ \
    X("GL_NV_shader_buffer_store") /* STORE, ATOM, MemoryBarrierEXT's global bit */ \
    X("GL_NV_shader_atomic_float") \
    X("GL_NV_shader_atomic_int64") \
    X("GL_NV_gpu_program5_mem_extended") \
    X("GL_NV_parameter_buffer_object2") /* LDC, CBUFFER */ \
    X("GL_EXT_shader_image_load_store") /* image units (gl_image.c) */ \
    X("GL_NV_shader_storage_buffer_object") /* storage buffers (gl_ssbo.c) */ \
    X("GL_NV_compute_program5") /* COMPUTE_PROGRAM_NV, DispatchCompute (gl_compute.c) */ \
    X("GL_NV_tessellation_program5") /* gl_tess.c, rasterizer/rast_tess.c */ \
    X("GL_NV_gpu_program_fp64") /* F64 and 64-bit LONG (glprog: always) */ \
    X("GL_EXT_vertex_attrib_64bit") /* VertexAttribL*, LONG ATTRIB (gl_vertex.c, gl_array.c) */ \
    X("GL_NV_vertex_attrib_integer_64bit") /* INT64 / UINT64 L arrays and values (no LFormatNV) */ \
    X("GL_NV_bindless_texture") /* texture handles (gl_bindless.c; no image handles) */ \
    X("GL_EXT_texture_array") \
    X("GL_ARB_texture_cube_map_array") /* NV5 ARRAYCUBE targets (texture/ tex_sample) */ \
    X("GL_EXT_texture_integer") \
    X("GL_ARB_texture_buffer_object") \
    X("GL_EXT_texture_buffer_object") \
    X("GL_ARB_texture_multisample") \
    X("GL_NV_explicit_multisample") \
    X("GL_EXT_texture3D") \
    X("GL_EXT_texture_edge_clamp") \
    X("GL_EXT_texture_lod_bias") \
    X("GL_EXT_texture_filter_anisotropic") /* N probes along the major axis (tex_sample.c) */ \
    X("GL_SGIS_generate_mipmap") \
    X("GL_EXT_secondary_color") \
    X("GL_EXT_fog_coord") \
    X("GL_EXT_blend_color") \
    X("GL_EXT_blend_minmax") \
    X("GL_EXT_blend_subtract") \
    X("GL_EXT_blend_func_separate") \
    X("GL_EXT_blend_equation_separate") \
    X("GL_EXT_stencil_wrap") \
    X("GL_EXT_draw_range_elements") \
    X("GL_EXT_compiled_vertex_array") \
    X("GL_EXT_multi_draw_arrays") \
    X("GL_EXT_bgra") \
    X("GL_ARB_framebuffer_object") \
    X("GL_EXT_framebuffer_object") \
    X("GL_EXT_framebuffer_blit") \
    X("GL_EXT_packed_depth_stencil") \
    X("GL_ARB_draw_instanced") \
    X("GL_EXT_draw_instanced") \
    X("GL_ARB_vertex_array_object") /* gl_array.c */ \
    X("GL_ARB_draw_elements_base_vertex") /* gl_array.c glDrawElementsBaseVertex */ \
    X("GL_ARB_ES2_compatibility") /* gl_glsl.c, FIXED arrays, RGB565, no INCOMPLETE_DRAW_BUFFER */

#define EXT_SPACE(name) name " "
#define EXT_ENTRY(name) name,
static const char extensions_list[] = ASMGL_EXTENSIONS(EXT_SPACE);
static const char *const extension_names[] = {ASMGL_EXTENSIONS(EXT_ENTRY)};
enum { NUM_EXTENSIONS = sizeof extension_names / sizeof extension_names[0] };

/* Fills g for pname; false (no error recorded) when pname is unknown. */
static bool get_state(gl_context *ctx, GLenum pname, gval *g)
{
    unsigned unit = ctx->active_texture;
    unsigned ffu = unit < GLC_MAX_TEXTURE_UNITS ? unit : 0;
    const gl_framebuffer_obj *dfb = ctx->draw_fb;
    switch (pname) {
    /* ---- current values (Table 6.5) ---- */
    case GL_CURRENT_COLOR:
        put4(g, ctx->current[GP_VIN_COLOR0]);
        RET_N(GV_NORM, 4);
    case GL_CURRENT_SECONDARY_COLOR:
        put4(g, ctx->current[GP_VIN_COLOR1]);
        RET_N(GV_NORM, 4);
    case GL_CURRENT_INDEX:
        F1(ctx->current_index);
    case GL_CURRENT_NORMAL:
        put4(g, ctx->current[GP_VIN_NORMAL]);
        RET_N(GV_NORM, 3);
    case GL_CURRENT_TEXTURE_COORDS:
        put4(g, ctx->current[GP_VIN_TEX0 + ffu]);
        RET_N(GV_FLOAT, 4);
    case GL_CURRENT_FOG_COORD:
        F1(ctx->current[GP_VIN_FOGCOORD][0]);
    case GL_CURRENT_RASTER_POSITION:
        put4(g, ctx->raster_pos);
        RET_N(GV_FLOAT, 4);
    case GL_CURRENT_RASTER_COLOR:
        put4(g, ctx->raster_color);
        RET_N(GV_NORM, 4);
    case GL_CURRENT_RASTER_SECONDARY_COLOR:
        put4(g, ctx->raster_color2);
        RET_N(GV_NORM, 4);
    case GL_CURRENT_RASTER_TEXTURE_COORDS:
        put4(g, ctx->raster_tex[ffu]);
        RET_N(GV_FLOAT, 4);
    case GL_CURRENT_RASTER_POSITION_VALID:
        B1(ctx->raster_valid);
    case GL_CURRENT_RASTER_DISTANCE:
        F1(ctx->raster_distance);
    case GL_CURRENT_RASTER_INDEX:
        I1(0);
    case GL_EDGE_FLAG:
        B1(ctx->edge_flag);

    /* ---- vertex arrays (Tables 6.6, 6.7) ---- */
    case GL_VERTEX_ARRAY:
        return array_state(ctx, GP_VIN_POSITION, 0, g);
    case GL_VERTEX_ARRAY_SIZE:
        return array_state(ctx, GP_VIN_POSITION, 1, g);
    case GL_VERTEX_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_POSITION, 2, g);
    case GL_VERTEX_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_POSITION, 3, g);
    case GL_VERTEX_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_POSITION, 4, g);
    case GL_NORMAL_ARRAY:
        return array_state(ctx, GP_VIN_NORMAL, 0, g);
    case GL_NORMAL_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_NORMAL, 2, g);
    case GL_NORMAL_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_NORMAL, 3, g);
    case GL_NORMAL_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_NORMAL, 4, g);
    case GL_COLOR_ARRAY:
        return array_state(ctx, GP_VIN_COLOR0, 0, g);
    case GL_COLOR_ARRAY_SIZE:
        return array_state(ctx, GP_VIN_COLOR0, 1, g);
    case GL_COLOR_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_COLOR0, 2, g);
    case GL_COLOR_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_COLOR0, 3, g);
    case GL_COLOR_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_COLOR0, 4, g);
    case GL_SECONDARY_COLOR_ARRAY:
        return array_state(ctx, GP_VIN_COLOR1, 0, g);
    case GL_SECONDARY_COLOR_ARRAY_SIZE:
        return array_state(ctx, GP_VIN_COLOR1, 1, g);
    case GL_SECONDARY_COLOR_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_COLOR1, 2, g);
    case GL_SECONDARY_COLOR_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_COLOR1, 3, g);
    case GL_SECONDARY_COLOR_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_COLOR1, 4, g);
    case GL_FOG_COORD_ARRAY:
        return array_state(ctx, GP_VIN_FOGCOORD, 0, g);
    case GL_FOG_COORD_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_FOGCOORD, 2, g);
    case GL_FOG_COORD_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_FOGCOORD, 3, g);
    case GL_FOG_COORD_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_FOGCOORD, 4, g);
    case GL_TEXTURE_COORD_ARRAY:
        return array_state(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, 0, g);
    case GL_TEXTURE_COORD_ARRAY_SIZE:
        return array_state(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, 1, g);
    case GL_TEXTURE_COORD_ARRAY_TYPE:
        return array_state(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, 2, g);
    case GL_TEXTURE_COORD_ARRAY_STRIDE:
        return array_state(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, 3, g);
    case GL_TEXTURE_COORD_ARRAY_BUFFER_BINDING:
        return array_state(ctx, GP_VIN_TEX0 + (int)ctx->client_active_texture, 4, g);
    case GL_EDGE_FLAG_ARRAY:
        B1(ctx->vao->edge_flag_array);
    case GL_INDEX_ARRAY:
        B1(ctx->vao->index_array);
    case GL_INDEX_ARRAY_STRIDE:
        I1(ctx->vao->index_array_stride);
    case GL_INDEX_ARRAY_BUFFER_BINDING:
        I1(ctx->vao->index_array_buffer);
    case GL_INDEX_ARRAY_TYPE:
        I1(ctx->vao->index_array_type ? ctx->vao->index_array_type : GL_FLOAT);
    case GL_EDGE_FLAG_ARRAY_STRIDE:
        I1(ctx->vao->edge_flag_stride);
    case GL_EDGE_FLAG_ARRAY_BUFFER_BINDING:
        I1(ctx->vao->edge_flag_buffer ? ctx->vao->edge_flag_buffer->name : 0);
    case GL_WEIGHT_ARRAY_BUFFER_BINDING:
        I1(0);
    case GL_ARRAY_ELEMENT_LOCK_FIRST_EXT:
        I1(ctx->lock_first);
    case GL_ARRAY_ELEMENT_LOCK_COUNT_EXT:
        I1(ctx->lock_count);
    case GL_CLIENT_ACTIVE_TEXTURE:
        I1(GL_TEXTURE0 + ctx->client_active_texture);
    case GL_ARRAY_BUFFER_BINDING:
        I1(buffer_name(ctx->array_buffer));
    case GL_ELEMENT_ARRAY_BUFFER_BINDING:
        I1(buffer_name(ctx->vao->element_buffer));
    case GL_VERTEX_ARRAY_BINDING:
        I1(ctx->vao->name);
    case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
        I1(buffer_name(ctx->xfb_buffer));
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
        I1(GLC_MAX_TF_SEPARATE_ATTRIBS);
    case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
        I1(GLC_MAX_TF_SEPARATE_COMPONENTS);
    case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
        I1(GLC_MAX_TF_INTERLEAVED_COMPONENTS);
    case GL_COPY_READ_BUFFER_BINDING:
        I1(buffer_name(ctx->copy_read_buffer));
    case GL_COPY_WRITE_BUFFER_BINDING:
        I1(buffer_name(ctx->copy_write_buffer));
    case GL_PIXEL_PACK_BUFFER_BINDING:
        I1(buffer_name(ctx->pixel_pack_buffer));
    case GL_PIXEL_UNPACK_BUFFER_BINDING:
        I1(buffer_name(ctx->pixel_unpack_buffer));
    case GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV: /* NV_parameter_buffer_object: generic bindings */
        I1(buffer_name(ctx->param_buffer[GLC_PB_VP]));
    case GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV:
        I1(buffer_name(ctx->param_buffer[GLC_PB_GP]));
    case GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV:
        I1(buffer_name(ctx->param_buffer[GLC_PB_FP]));
    case GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV: /* NV_compute_program5 */
        I1(buffer_name(ctx->param_buffer[GLC_PB_CP]));
    case GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV: /* NV_tessellation_program5 */
        I1(buffer_name(ctx->param_buffer[GLC_PB_TCP]));
    case GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV:
        I1(buffer_name(ctx->param_buffer[GLC_PB_TEP]));
    case GL_SHADER_STORAGE_BUFFER_BINDING: /* ARB_shader_storage_buffer_object: generic */
        I1(buffer_name(ctx->shader_storage_buffer));
    case GL_DISPATCH_INDIRECT_BUFFER_BINDING: /* ARB_compute_shader */
        I1(buffer_name(ctx->dispatch_indirect_buffer));

    /* ---- transformation (Table 6.8) and ARB_vertex_program matrices ---- */
    case GL_MODELVIEW_MATRIX:
    case GL_TRANSPOSE_MODELVIEW_MATRIX:
        put_matrix(g, gl_matrix_top(ctx, GLC_STACK_MODELVIEW), pname == GL_TRANSPOSE_MODELVIEW_MATRIX);
        RET_N(GV_FLOAT, 16);
    case GL_PROJECTION_MATRIX:
    case GL_TRANSPOSE_PROJECTION_MATRIX:
        put_matrix(g, gl_matrix_top(ctx, GLC_STACK_PROJECTION),
                   pname == GL_TRANSPOSE_PROJECTION_MATRIX);
        RET_N(GV_FLOAT, 16);
    case GL_TEXTURE_MATRIX:
    case GL_TRANSPOSE_TEXTURE_MATRIX:
        put_matrix(g, gl_matrix_top(ctx, GLC_STACK_TEXTURE0 + (int)ffu),
                   pname == GL_TRANSPOSE_TEXTURE_MATRIX);
        RET_N(GV_FLOAT, 16);
    case GL_CURRENT_MATRIX_ARB:
    case GL_TRANSPOSE_CURRENT_MATRIX_ARB: {
        int s = gl_matrix_stack_for_mode(ctx, ctx->matrix_mode);
        put_matrix(g, gl_matrix_top(ctx, s < 0 ? GLC_STACK_TEXTURE0 : s),
                   pname == GL_TRANSPOSE_CURRENT_MATRIX_ARB);
        RET_N(GV_FLOAT, 16);
    }
    case GL_CURRENT_MATRIX_STACK_DEPTH_ARB: {
        int s = gl_matrix_stack_for_mode(ctx, ctx->matrix_mode);
        I1(ctx->stack[s < 0 ? GLC_STACK_TEXTURE0 : s].depth + 1);
    }
    case GL_MODELVIEW_STACK_DEPTH:
        I1(ctx->stack[GLC_STACK_MODELVIEW].depth + 1);
    case GL_PROJECTION_STACK_DEPTH:
        I1(ctx->stack[GLC_STACK_PROJECTION].depth + 1);
    case GL_TEXTURE_STACK_DEPTH:
        I1(ctx->stack[GLC_STACK_TEXTURE0 + (int)ffu].depth + 1);
    case GL_MATRIX_MODE:
        I1(ctx->matrix_mode);
    case GL_VIEWPORT:
        /* kept as floats (rast_state): GetIntegerv rounds and clamps them
         * as it does other floats, so an x or y near INT_MAX stays there */
        for (int i = 0; i < 4; i++)
            g->v[i] = ctx->viewport[i];
        RET_N(GV_FLOAT, 4);
    case GL_DEPTH_RANGE:
        g->v[0] = ctx->depth_range[0];
        g->v[1] = ctx->depth_range[1];
        RET_N(GV_NORM, 2);
    case GL_NORMALIZE:
        B1(ctx->normalize);
    case GL_RESCALE_NORMAL:
        B1(ctx->rescale_normal);

    /* ---- colouring, lighting (Tables 6.9 - 6.11) ---- */
    case GL_FOG_COLOR:
        clamped4(ctx, g, ctx->fog_color);
        RET_N(GV_NORM, 4);
    case GL_FOG_INDEX:
        F1(ctx->fog_index);
    case GL_FOG_DENSITY:
        F1(ctx->fog_density);
    case GL_FOG_START:
        F1(ctx->fog_start);
    case GL_FOG_END:
        F1(ctx->fog_end);
    case GL_FOG_MODE:
        I1(ctx->fog_mode);
    case GL_FOG_COORD_SRC:
        I1(ctx->fog_coord_src);
    case GL_SHADE_MODEL:
        I1(ctx->shade_model);
    case GL_PROVOKING_VERTEX_EXT:
        I1(ctx->provoking_vertex);
    case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION_EXT: /* quads keep the last vertex */
        B1(false);
    case GL_COLOR_MATERIAL_PARAMETER:
        I1(ctx->color_material_mode);
    case GL_COLOR_MATERIAL_FACE:
        I1(ctx->color_material_face);
    case GL_LIGHT_MODEL_AMBIENT:
        put4(g, ctx->light_model_ambient);
        RET_N(GV_NORM, 4);
    case GL_LIGHT_MODEL_LOCAL_VIEWER:
        B1(ctx->light_model_local_viewer);
    case GL_LIGHT_MODEL_TWO_SIDE:
        B1(ctx->light_model_two_side);
    case GL_LIGHT_MODEL_COLOR_CONTROL:
        I1(ctx->light_model_color_control);

    /* ---- rasterization (Tables 6.12 - 6.14) ---- */
    case GL_POINT_SIZE:
        F1(ctx->point_size);
    case GL_POINT_SIZE_MIN:
        F1(ctx->point_min);
    case GL_POINT_SIZE_MAX:
        F1(ctx->point_max);
    case GL_POINT_FADE_THRESHOLD_SIZE:
        F1(ctx->point_fade);
    case GL_POINT_DISTANCE_ATTENUATION:
        for (int i = 0; i < 3; i++)
            g->v[i] = ctx->point_atten[i];
        RET_N(GV_FLOAT, 3);
    case GL_POINT_SPRITE_COORD_ORIGIN:
        I1(ctx->point_sprite_origin);
    case GL_LINE_WIDTH:
        F1(ctx->line_width);
    case GL_LINE_STIPPLE_PATTERN:
        I1(ctx->line_stipple_pattern);
    case GL_LINE_STIPPLE_REPEAT:
        I1(ctx->line_stipple_factor);
    case GL_CULL_FACE_MODE:
        I1(ctx->cull_mode);
    case GL_FRONT_FACE:
        I1(ctx->front_face);
    case GL_POLYGON_MODE:
        g->v[0] = ctx->polygon_mode[0];
        g->v[1] = ctx->polygon_mode[1];
        RET_N(GV_INT, 2);
    case GL_POLYGON_OFFSET_FACTOR:
        F1(ctx->offset_factor);
    case GL_POLYGON_OFFSET_UNITS:
        F1(ctx->offset_units);
    case GL_SAMPLE_COVERAGE_VALUE:
        F1(ctx->sample_coverage_value);
    case GL_SAMPLE_COVERAGE_INVERT:
        B1(ctx->sample_coverage_invert);
    case GL_SAMPLE_BUFFERS: /* of the draw framebuffer (a multisample framebuffer 0 too) */
        I1(gl_fbo_samples(ctx, true) > 0);
    case GL_SAMPLES:
        I1(gl_fbo_samples(ctx, true));
    case GL_SAMPLE_MASK_VALUE: /* ARB_texture_multisample: word 0 (also indexed) */
        I1(ctx->sample_mask_value);

    /* ---- texturing (Tables 6.15 - 6.20) ---- */
    case GL_TEXTURE_BINDING_1D:
        I1(ctx->bound_tex[unit][GLC_TEX_1D]->name);
    case GL_TEXTURE_BINDING_2D:
        I1(ctx->bound_tex[unit][GLC_TEX_2D]->name);
    case GL_SAMPLER_BINDING: /* ARB_sampler_objects */
        I1(unit < GLC_MAX_IMAGE_UNITS && ctx->bound_sampler[unit] ? ctx->bound_sampler[unit]->name : 0);
    case GL_TEXTURE_BINDING_3D:
        I1(ctx->bound_tex[unit][GLC_TEX_3D]->name);
    case GL_TEXTURE_BINDING_CUBE_MAP:
        I1(ctx->bound_tex[unit][GLC_TEX_CUBE]->name);
    case GL_TEXTURE_BINDING_RECTANGLE_ARB:
        I1(ctx->bound_tex[unit][GLC_TEX_RECT]->name);
    case GL_TEXTURE_BINDING_1D_ARRAY_EXT:
        I1(ctx->bound_tex[unit][GLC_TEX_1D_ARRAY]->name);
    case GL_TEXTURE_BINDING_2D_ARRAY_EXT:
        I1(ctx->bound_tex[unit][GLC_TEX_2D_ARRAY]->name);
    case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY: /* ARB_texture_cube_map_array */
        I1(ctx->bound_tex[unit][GLC_TEX_CUBE_ARRAY]->name);
    case GL_TEXTURE_BINDING_BUFFER_ARB:
        I1(ctx->bound_tex[unit][GLC_TEX_BUFFER]->name);
    case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
        I1(ctx->bound_tex[unit][GLC_TEX_2DMS]->name);
    case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY:
        I1(ctx->bound_tex[unit][GLC_TEX_2DMS_ARRAY]->name);
    case GL_TEXTURE_BINDING_RENDERBUFFER_NV: /* NV_explicit_multisample */
        I1(ctx->bound_tex[unit][GLC_TEX_RENDERBUFFER]->name);
    case GL_TEXTURE_RENDERBUFFER_DATA_STORE_BINDING_NV:
        I1(ctx->bound_tex[unit][GLC_TEX_RENDERBUFFER]->rb ? ctx->bound_tex[unit][GLC_TEX_RENDERBUFFER]->rb->name : 0);
    /* ARB_texture_buffer_object: the BindBuffer target's buffer, and the
     * active unit's buffer texture's buffer and format */
    case GL_TEXTURE_BUFFER_ARB:
        I1(buffer_name(ctx->texture_buffer));
    case GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB:
        I1(buffer_name(ctx->bound_tex[unit][GLC_TEX_BUFFER]->buffer));
    case GL_TEXTURE_BUFFER_FORMAT_ARB:
        I1(ctx->bound_tex[unit][GLC_TEX_BUFFER]->tex->buffer.internal_format);
    case GL_ACTIVE_TEXTURE:
        I1(GL_TEXTURE0 + unit);

    /* ---- per-fragment (Tables 6.21 - 6.24) ---- */
    case GL_SCISSOR_BOX:
        for (int i = 0; i < 4; i++)
            g->v[i] = ctx->scissor[i];
        RET_N(GV_INT, 4);
    case GL_ALPHA_TEST_FUNC:
        I1(ctx->alpha_func);
    case GL_ALPHA_TEST_REF: {
        float ref;
        gl_colors_as_read(ctx, &ctx->alpha_ref, &ref, 1);
        g->v[0] = ref;
        RET_N(GV_NORM, 1);
    }
    case GL_STENCIL_FUNC:
        I1(ctx->stencil[0].func);
    case GL_STENCIL_VALUE_MASK:
        I1(ctx->stencil_vmask_gl[0]);
    case GL_STENCIL_REF:
        I1(ctx->stencil_ref_gl[0]);
    case GL_STENCIL_FAIL:
        I1(ctx->stencil[0].fail_op);
    case GL_STENCIL_PASS_DEPTH_FAIL:
        I1(ctx->stencil[0].zfail_op);
    case GL_STENCIL_PASS_DEPTH_PASS:
        I1(ctx->stencil[0].zpass_op);
    case GL_STENCIL_BACK_FUNC:
        I1(ctx->stencil[1].func);
    case GL_STENCIL_BACK_VALUE_MASK:
        I1(ctx->stencil_vmask_gl[1]);
    case GL_STENCIL_BACK_REF:
        I1(ctx->stencil_ref_gl[1]);
    case GL_STENCIL_BACK_FAIL:
        I1(ctx->stencil[1].fail_op);
    case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
        I1(ctx->stencil[1].zfail_op);
    case GL_STENCIL_BACK_PASS_DEPTH_PASS:
        I1(ctx->stencil[1].zpass_op);
    case GL_DEPTH_FUNC:
        I1(ctx->depth_func);
    case GL_BLEND_SRC: /* GL 1.x's name (0x0BE1) of BLEND_SRC_RGB (GL 2.1 table 6.21) */
    case GL_BLEND_SRC_RGB:
        I1(ctx->blend_src_rgb);
    case GL_BLEND_DST: /* likewise BLEND_DST_RGB */
    case GL_BLEND_DST_RGB:
        I1(ctx->blend_dst_rgb);
    case GL_BLEND_SRC_ALPHA:
        I1(ctx->blend_src_alpha);
    case GL_BLEND_DST_ALPHA:
        I1(ctx->blend_dst_alpha);
    case GL_BLEND_EQUATION_RGB: /* == GL_BLEND_EQUATION */
        I1(ctx->blend_eq_rgb);
    case GL_BLEND_EQUATION_ALPHA:
        I1(ctx->blend_eq_alpha);
    case GL_BLEND_COLOR:
    case GL_COLOR_CLEAR_VALUE:
        clamped4(ctx, g, pname == GL_BLEND_COLOR ? ctx->blend_color : ctx->clear_color);
        RET_N(GV_NORM, 4);
    case GL_CLAMP_VERTEX_COLOR:
        I1(ctx->clamp_vertex_color);
    case GL_CLAMP_FRAGMENT_COLOR:
        I1(ctx->clamp_fragment_color);
    case GL_CLAMP_READ_COLOR:
        I1(ctx->clamp_read_color);
    case GL_FRAMEBUFFER_SRGB_CAPABLE_EXT:
        B1(gl_fbo_draw_srgb_capable(ctx));
    case GL_RGBA_FLOAT_MODE_ARB:
        B1(!gl_fbo_draw_fixed_point(ctx));
    case GL_LOGIC_OP_MODE:
        I1(ctx->logic_op);

    /* ---- framebuffer control (Table 6.25) ---- */
    case GL_DRAW_BUFFER:
        I1(dfb->draw_buffers[0]);
    case GL_READ_BUFFER:
        I1(ctx->read_fb->read_buffer);
    case GL_INDEX_WRITEMASK:
        I1(ctx->index_mask);
    case GL_COLOR_WRITEMASK:
        for (int i = 0; i < 4; i++)
            g->v[i] = (ctx->color_mask[0] >> i) & 1; /* draw buffer 0's */
        RET_N(GV_BOOL, 4);
    case GL_DEPTH_WRITEMASK:
        B1(ctx->depth_mask);
    case GL_STENCIL_WRITEMASK:
        I1(ctx->stencil_wmask_gl[0]);
    case GL_STENCIL_BACK_WRITEMASK:
        I1(ctx->stencil_wmask_gl[1]);
    case GL_INDEX_CLEAR_VALUE:
        I1(ctx->clear_index);
    case GL_DEPTH_CLEAR_VALUE:
        g->v[0] = ctx->clear_depth;
        RET_N(GV_NORM, 1);
    case GL_STENCIL_CLEAR_VALUE:
        I1(ctx->clear_stencil);
    case GL_ACCUM_CLEAR_VALUE:
        put4(g, ctx->clear_accum);
        RET_N(GV_NORM, 4);

    /* ---- pixels (Tables 6.26 - 6.28) ---- */
    case GL_UNPACK_SWAP_BYTES:
        B1(ctx->unpack.swap_bytes);
    case GL_UNPACK_LSB_FIRST:
        B1(ctx->unpack.lsb_first);
    case GL_UNPACK_ROW_LENGTH:
        I1(ctx->unpack.row_length);
    case GL_UNPACK_IMAGE_HEIGHT:
        I1(ctx->unpack.image_height);
    case GL_UNPACK_SKIP_ROWS:
        I1(ctx->unpack.skip_rows);
    case GL_UNPACK_SKIP_PIXELS:
        I1(ctx->unpack.skip_pixels);
    case GL_UNPACK_SKIP_IMAGES:
        I1(ctx->unpack.skip_images);
    case GL_UNPACK_ALIGNMENT:
        I1(ctx->unpack.alignment);
    case GL_PACK_SWAP_BYTES:
        B1(ctx->pack.swap_bytes);
    case GL_PACK_LSB_FIRST:
        B1(ctx->pack.lsb_first);
    case GL_PACK_ROW_LENGTH:
        I1(ctx->pack.row_length);
    case GL_PACK_IMAGE_HEIGHT:
        I1(ctx->pack.image_height);
    case GL_PACK_SKIP_ROWS:
        I1(ctx->pack.skip_rows);
    case GL_PACK_SKIP_PIXELS:
        I1(ctx->pack.skip_pixels);
    case GL_PACK_SKIP_IMAGES:
        I1(ctx->pack.skip_images);
    case GL_PACK_ALIGNMENT:
        I1(ctx->pack.alignment);
    case GL_MAP_COLOR:
        B1(ctx->map_color);
    case GL_MAP_STENCIL:
        B1(ctx->map_stencil);
    case GL_INDEX_SHIFT:
        I1(ctx->index_shift);
    case GL_INDEX_OFFSET:
        I1(ctx->index_offset);
    case GL_RED_SCALE:
        F1(ctx->red_scale);
    case GL_GREEN_SCALE:
        F1(ctx->green_scale);
    case GL_BLUE_SCALE:
        F1(ctx->blue_scale);
    case GL_ALPHA_SCALE:
        F1(ctx->alpha_scale);
    case GL_DEPTH_SCALE:
        F1(ctx->depth_scale);
    case GL_RED_BIAS:
        F1(ctx->red_bias);
    case GL_GREEN_BIAS:
        F1(ctx->green_bias);
    case GL_BLUE_BIAS:
        F1(ctx->blue_bias);
    case GL_ALPHA_BIAS:
        F1(ctx->alpha_bias);
    case GL_DEPTH_BIAS:
        F1(ctx->depth_bias);
    case GL_ZOOM_X:
        F1(ctx->pixel_zoom[0]);
    case GL_ZOOM_Y:
        F1(ctx->pixel_zoom[1]);

    /* ---- hints (Table 6.29) ---- */
    case GL_PERSPECTIVE_CORRECTION_HINT:
        I1(ctx->hint_perspective);
    case GL_POINT_SMOOTH_HINT:
        I1(ctx->hint_point);
    case GL_LINE_SMOOTH_HINT:
        I1(ctx->hint_line);
    case GL_POLYGON_SMOOTH_HINT:
        I1(ctx->hint_polygon);
    case GL_FOG_HINT:
        I1(ctx->hint_fog);
    case GL_GENERATE_MIPMAP_HINT:
        I1(ctx->hint_generate_mipmap);
    case GL_TEXTURE_COMPRESSION_HINT:
        I1(ctx->hint_texture_compression);

    /* ---- implementation limits (Tables 6.32 - 6.36) ---- */
    case GL_MAX_LIGHTS:
        I1(GLC_MAX_LIGHTS);
    case GL_MAX_CLIP_PLANES:
        I1(GLC_MAX_CLIP_PLANES);
    case GL_MAX_MODELVIEW_STACK_DEPTH:
        I1(GLC_MODELVIEW_DEPTH);
    case GL_MAX_PROJECTION_STACK_DEPTH:
        I1(GLC_PROJECTION_DEPTH);
    case GL_MAX_TEXTURE_STACK_DEPTH:
        I1(GLC_TEXTURE_DEPTH);
    case GL_MAX_PROGRAM_MATRICES_ARB:
        I1(GLC_MAX_PROGRAM_MATRICES);
    case GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB:
        I1(GLC_PROGRAM_DEPTH);
    case GL_SUBPIXEL_BITS:
        I1(8);
    case GL_MAX_TEXTURE_SIZE:
    case GL_MAX_CUBE_MAP_TEXTURE_SIZE:
    case GL_MAX_RECTANGLE_TEXTURE_SIZE_ARB:
    case GL_MAX_RENDERBUFFER_SIZE:
        I1(GLC_MAX_SIZE);
    case GL_MAX_3D_TEXTURE_SIZE:
        I1(GLC_MAX_3D_SIZE);
    case GL_MAX_ARRAY_TEXTURE_LAYERS_EXT:
        I1(GLC_MAX_ARRAY_LAYERS);
    case GL_MAX_TEXTURE_BUFFER_SIZE_ARB:
        I1(TEX_MAX_BUFFER_TEXELS);
    case GL_MIN_PROGRAM_TEXEL_OFFSET_EXT: /* NV_gpu_program4 table X.21 */
        I1(TEX_MIN_TEXEL_OFFSET);
    case GL_MAX_PROGRAM_TEXEL_OFFSET_EXT:
        I1(TEX_MAX_TEXEL_OFFSET);
    case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_NV: /* NV_gpu_program5 IPAO (rast_interp_at.c) */
        F1(RAST_IPAO_MIN);
    case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_NV:
        F1(RAST_IPAO_MAX);
    case GL_FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV:
        I1(RAST_IPAO_BITS);
    case GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET_NV: /* NV_gpu_program5 TXGO (LIM.GP5.GATHEROFF) */
        I1(GP_MIN_GATHER_OFFSET);
    case GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV:
        I1(GP_MAX_GATHER_OFFSET);
    case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT: /* NV_geometry_program4: >= 16 */
        I1(ctx->limits[GLC_GP].max_texture_image_units);
    case GL_RGBA_INTEGER_MODE_EXT: /* EXT_texture_integer */
        B1(gl_fbo_draw_integer(ctx));
    case GL_MAX_TEXTURE_LOD_BIAS:
        F1(TEX_MAX_LEVELS);
    case GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT:
        F1(TEX_MAX_ANISOTROPY);
    case GL_MAX_PIXEL_MAP_TABLE:
        I1(GLC_PIXEL_MAP_MAX);
    case GL_PIXEL_MAP_I_TO_I_SIZE: case GL_PIXEL_MAP_S_TO_S_SIZE:
    case GL_PIXEL_MAP_I_TO_R_SIZE: case GL_PIXEL_MAP_I_TO_G_SIZE:
    case GL_PIXEL_MAP_I_TO_B_SIZE: case GL_PIXEL_MAP_I_TO_A_SIZE:
    case GL_PIXEL_MAP_R_TO_R_SIZE: case GL_PIXEL_MAP_G_TO_G_SIZE:
    case GL_PIXEL_MAP_B_TO_B_SIZE: case GL_PIXEL_MAP_A_TO_A_SIZE:
        I1(gl_pixelmap_size(ctx, pname - GL_PIXEL_MAP_I_TO_I_SIZE + GL_PIXEL_MAP_I_TO_I));
    case GL_MAX_NAME_STACK_DEPTH:
        I1(GLC_MAX_NAME_STACK);
    case GL_MAX_LIST_NESTING:
        I1(64);
    case GL_MAX_EVAL_ORDER:
        I1(8);
    case GL_MAX_VIEWPORT_DIMS:
        g->v[0] = g->v[1] = GLC_MAX_SIZE;
        RET_N(GV_INT, 2);
    case GL_MAX_ATTRIB_STACK_DEPTH:
    case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH:
        I1(GLC_ATTRIB_DEPTH);
    case GL_ATTRIB_STACK_DEPTH:
        I1(ctx->attrib_depth);
    case GL_CLIENT_ATTRIB_STACK_DEPTH:
        I1(ctx->client_attrib_depth);
    case GL_AUX_BUFFERS:
        I1(0);
    case GL_NAME_STACK_DEPTH:
        I1(ctx->sel.depth);
    case GL_FEEDBACK_BUFFER_SIZE:
        I1(ctx->sel.feedback_size);
    case GL_FEEDBACK_BUFFER_TYPE:
        I1(ctx->sel.feedback_type ? ctx->sel.feedback_type : GL_2D);
    case GL_SELECTION_BUFFER_SIZE:
        I1(ctx->sel.select_size);
    case GL_LIST_BASE:
        I1(ctx->list_base);
    case GL_LIST_INDEX:
        I1(gl_dlist_index(ctx));
    case GL_LIST_MODE:
        I1(gl_dlist_mode(ctx));
    case GL_ACCUM_RED_BITS:
    case GL_ACCUM_GREEN_BITS:
    case GL_ACCUM_BLUE_BITS:
    case GL_ACCUM_ALPHA_BITS:
        /* the default framebuffer's RGBA16 accumulation buffer (gl_accum.c) */
        I1(ctx->draw_fb == &ctx->fb_default ? 16 : 0);
    case GL_INDEX_BITS:
        I1(0);
    /* GL 2.1 table 6.50: the specific compressed formats "suitable for
     * general-purpose usage" (texture/tex_compressed.c): S3TC's, less
     * COMPRESSED_RGBA_S3TC_DXT1_EXT, whose one-bit alpha turns texels black
     * (as Mesa and piglit's arb_texture_compression-invalid-formats) */
    case GL_NUM_COMPRESSED_TEXTURE_FORMATS:
        I1(3);
    case GL_COMPRESSED_TEXTURE_FORMATS:
        g->v[0] = GL_COMPRESSED_RGB_S3TC_DXT1_EXT;
        g->v[1] = GL_COMPRESSED_RGBA_S3TC_DXT3_EXT;
        g->v[2] = GL_COMPRESSED_RGBA_S3TC_DXT5_EXT;
        RET_N(GV_INT, 3);
    case GL_RENDER_MODE:
        I1(ctx->sel.mode ? ctx->sel.mode : GL_RENDER);
    case GL_RGBA_MODE:
        B1(1);
    case GL_INDEX_MODE:
    case GL_DOUBLEBUFFER:
    case GL_STEREO:
        B1(0);
    case GL_ALIASED_POINT_SIZE_RANGE:
    case GL_SMOOTH_POINT_SIZE_RANGE:
        g->v[0] = 1;
        g->v[1] = GLC_MAX_POINT_SIZE;
        RET_N(GV_FLOAT, 2);
    case GL_SMOOTH_POINT_SIZE_GRANULARITY:
    case GL_SMOOTH_LINE_WIDTH_GRANULARITY:
        F1(0.125);
    case GL_ALIASED_LINE_WIDTH_RANGE:
    case GL_SMOOTH_LINE_WIDTH_RANGE:
        g->v[0] = 1;
        g->v[1] = GLC_MAX_LINE_WIDTH;
        RET_N(GV_FLOAT, 2);
    case GL_MAX_ELEMENTS_INDICES:
    case GL_MAX_ELEMENTS_VERTICES:
        I1(1 << 20);
    case GL_MAX_TEXTURE_UNITS:
    case GL_MAX_TEXTURE_COORDS:
        I1(GLC_MAX_TEXTURE_UNITS);
    case GL_MAX_TEXTURE_IMAGE_UNITS:
    case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS:
        I1(GLC_MAX_IMAGE_UNITS);
    case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS:
        I1(GLC_MAX_IMAGE_UNITS); /* NV_vertex_program3 vertex texturing */
    case GL_MAX_VERTEX_ATTRIBS:
        I1(GLC_MAX_ATTRIBS);
    case GL_MAX_DRAW_BUFFERS:
    case GL_MAX_COLOR_ATTACHMENTS:
        I1(GLC_MAX_DRAW_BUFFERS);
    case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS: /* ARB_blend_func_extended (NV5 programs) */
        I1(1);
    case GL_MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV: /* NV_gpu_program5 INVOCATIONS */
        I1(GP_MAX_GS_INVOCATIONS);
    case GL_PATCH_VERTICES:
        I1(ctx->patch_vertices);
    case GL_MAX_PATCH_VERTICES:
        I1(GP_MAX_PATCH_VERTICES);
    case GL_MAX_TESS_GEN_LEVEL: /* ARB_tessellation_shader (LIM.TESS.GENLEVEL) */
        I1(GP_MAX_TESS_GEN_LEVEL);
    case GL_PATCH_DEFAULT_OUTER_LEVEL: /* gl_tess.c */
        for (int i = 0; i < 4; i++)
            g->v[i] = ctx->patch_default_outer[i];
        RET_N(GV_FLOAT, 4);
    case GL_PATCH_DEFAULT_INNER_LEVEL:
        g->v[0] = ctx->patch_default_inner[0];
        g->v[1] = ctx->patch_default_inner[1];
        RET_N(GV_FLOAT, 2);
    case GL_PROGRAM_ERROR_POSITION_ARB:
        I1(ctx->program_error_position);
    case GL_NUM_EXTENSIONS:
        I1(NUM_EXTENSIONS);
    case GL_MAJOR_VERSION: /* GL 3.0 */
        I1(GLC_GL_VERSION_MAJOR);
    case GL_MINOR_VERSION:
        I1(GLC_GL_VERSION_MINOR);
    case GL_CONTEXT_FLAGS: /* never forward-compatible (egl/, glx/ refuse it) */
        I1(0);
    case GL_MAX_SAMPLES: /* ARB_framebuffer_object, ARB_texture_multisample */
    case GL_MAX_COLOR_TEXTURE_SAMPLES:
    case GL_MAX_DEPTH_TEXTURE_SAMPLES:
    case GL_MAX_INTEGER_SAMPLES:
        I1(TEX_MAX_SAMPLES);
    case GL_MAX_SAMPLE_MASK_WORDS:
        I1(1);

    /* ---- memory, image and compute limits ----
     * EXT_shader_image_load_store (LIM.SILS.*): 8 units; the combined limit
     * counts every unit and every colour output; image accesses take
     * textures of any sample count (tex.h "Image units": 2DMS targets). */
    case GL_MAX_IMAGE_UNITS_EXT:
        I1(GP_MAX_IMAGE_UNITS);
    case GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS_EXT:
        /* == OpenGL 4.3's MAX_COMBINED_SHADER_OUTPUT_RESOURCES (0x8F39),
         * which also counts storage buffers */
        I1(GP_MAX_IMAGE_UNITS + GLC_MAX_DRAW_BUFFERS + GP_MAX_STORAGE_BUFFERS);
    case GL_MAX_IMAGE_SAMPLES_EXT:
        I1(TEX_MAX_SAMPLES);
    /* ARB_shader_storage_buffer_object as NV_shader_storage_buffer_object
     * uses it (LIM.SSBO.*): every program type reaches every binding */
    case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS:
    case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS:
    case GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS:
    case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS:
    case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
    case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS:
        I1(GP_MAX_STORAGE_BUFFERS);
    case GL_MAX_SHADER_STORAGE_BLOCK_SIZE:
        I1(GLC_MAX_SSBO_SIZE);
    case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT:
        I1(GLC_SSBO_ALIGN);
    /* ARB_compute_shader as NV_compute_program5 uses it (LIM.CP.*; the
     * per-dimension counts and sizes are indexed: GetIntegeri_v) */
    case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS:
        I1(GP_MAX_CP_INVOCATIONS);
    case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE:
        I1(GP_MAX_CP_SHARED);

    /* ---- GL 2.0 shader state, answered for a GL without GLSL ----
     * asmgl reports GL 3.0 but has no GLSL (see glGetString below), so the
     * GL 2.0 queries get the truthful answers: no program object can exist,
     * hence none is current; the uniform limits are what the same resource
     * is in asmgl's assembly programs (program parameters, 4 components
     * each), and the varyings are the generic interpolated results
     * (result.texcoord[n], 4 components each: 32, the GL 2.0 minimum). */
    case GL_CURRENT_PROGRAM:
        I1(0);
    case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
        I1(4 * ctx->limits[GLC_VP].max_parameters);
    case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
        I1(4 * ctx->limits[GLC_FP].max_parameters);
    case GL_MAX_VARYING_FLOATS: /* == GL_MAX_VARYING_COMPONENTS */
        I1(4 * ctx->limits[GLC_VP].max_texture_coords);
    /* ARB_ES2_compatibility: the same limits in vectors (components / 4),
     * the desktop answers for the compiler (SHADER_COMPILER is TRUE on
     * desktop GL: CompileShader exists and reports its result, gl_glsl.c)
     * and no binary shader formats. */
    case GL_MAX_VERTEX_UNIFORM_VECTORS:
        I1(ctx->limits[GLC_VP].max_parameters);
    case GL_MAX_FRAGMENT_UNIFORM_VECTORS:
        I1(ctx->limits[GLC_FP].max_parameters);
    case GL_MAX_VARYING_VECTORS:
        I1(ctx->limits[GLC_VP].max_texture_coords);
    case GL_SHADER_COMPILER:
        B1(true);
    case GL_NUM_SHADER_BINARY_FORMATS:
        I1(0);
    case GL_SHADER_BINARY_FORMATS:
        RET_N(GV_INT, 0);
    /* The pair ReadPixels always takes (GL 4.1 section 4.3.2). */
    case GL_IMPLEMENTATION_COLOR_READ_FORMAT:
        I1(GL_RGBA);
    case GL_IMPLEMENTATION_COLOR_READ_TYPE:
        I1(GL_UNSIGNED_BYTE);

    /* ---- framebuffer (Table 6.31 and EXT_framebuffer_object) ---- */
    case GL_RED_BITS:
    case GL_GREEN_BITS:
    case GL_BLUE_BITS:
    case GL_ALPHA_BITS: {
        const rast_framebuffer *r = gl_fbo_status(ctx, ctx->draw_fb) == GL_FRAMEBUFFER_COMPLETE
                                        ? gl_fbo_draw_target(ctx)
                                        : NULL;
        I1(r ? bits_of(r->color[0].format) : 0);
    }
    case GL_DEPTH_BITS:
        I1(gl_fbo_draw_depth_bits(ctx));
    case GL_STENCIL_BITS: {
        if (dfb->name == 0)
            I1(ctx->config.stencil_bits);
        const rast_framebuffer *r = gl_fbo_status(ctx, ctx->draw_fb) == GL_FRAMEBUFFER_COMPLETE
                                        ? gl_fbo_draw_target(ctx)
                                        : NULL;
        I1(r && r->stencil.data ? 8 : 0);
    }
    case GL_DRAW_FRAMEBUFFER_BINDING: /* == GL_FRAMEBUFFER_BINDING */
        I1(dfb->name);
    case GL_READ_FRAMEBUFFER_BINDING:
        I1(ctx->read_fb->name);
    case GL_RENDERBUFFER_BINDING:
        I1(ctx->renderbuffer ? ctx->renderbuffer->name : 0);
    case GL_MAX_SHADER_BUFFER_ADDRESS_NV:
        /* NV_shader_buffer_load's limit, a 64-bit value (GetIntegerui64vNV);
         * the other Gets convert it as GL 3.2 section 6.1.2 does: the
         * nearest representable value (INT_MAX for GetIntegerv), which GV_FLOAT
         * gives. */
        g->v[0] = (double)(MEM_GPU_LIMIT - 1);
        RET_N(GV_FLOAT, 1);
    default:
        break;
    }
    if (pname >= GL_DRAW_BUFFER0 && pname < GL_DRAW_BUFFER0 + GLC_MAX_DRAW_BUFFERS)
        I1(dfb->draw_buffers[pname - GL_DRAW_BUFFER0]);
    /* every capability glIsEnabled knows is also a boolean Get */
    GLenum saved = ctx->error;
    int e = gl_is_enabled(ctx, pname);
    ctx->error = saved;
    if (e >= 0)
        B1(e);
    return false;
}

/* Runs get_state and records errors; returns the value count or -1. */
static int get(gl_context *ctx, GLenum pname, gval *g)
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    memset(g, 0, sizeof *g);
    /* texture-coordinate-set state needs a unit below MAX_TEXTURE_COORDS */
    if ((pname == GL_CURRENT_TEXTURE_COORDS || pname == GL_TEXTURE_MATRIX ||
         pname == GL_TRANSPOSE_TEXTURE_MATRIX || pname == GL_TEXTURE_STACK_DEPTH ||
         pname == GL_CURRENT_RASTER_TEXTURE_COORDS) &&
        ctx->active_texture >= GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    if (!get_state(ctx, pname, g)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    return g->n;
}

GLAPI_EXPORT void APIENTRY glGetBooleanv(GLenum pname, GLboolean *data)
{
    GL_CTX();
    gval g;
    int n = get(ctx, pname, &g);
    for (int i = 0; i < n && data; i++)
        data[i] = g.v[i] != 0 ? GL_TRUE : GL_FALSE;
}

GLAPI_EXPORT void APIENTRY glGetIntegerv(GLenum pname, GLint *data)
{
    GL_CTX();
    gval g;
    int n = get(ctx, pname, &g);
    for (int i = 0; i < n && data; i++) {
        double v = g.v[i];
        if (g.kind == GV_NORM) {
            /* [-1, 1] maps linearly to the integer range (section 6.1.2) */
            data[i] = gl_int_param(v * 2147483647.0);
        } else if (g.kind == GV_FLOAT) {
            data[i] = gl_int_param(floor(v + 0.5));
        } else {
            /* enums and masks may exceed INT_MAX (STENCIL_VALUE_MASK ~0) */
            data[i] = (GLint)(uint32_t)(int64_t)v;
        }
    }
}

GLAPI_EXPORT void APIENTRY glGetFloatv(GLenum pname, GLfloat *data)
{
    GL_CTX();
    gval g;
    int n = get(ctx, pname, &g);
    for (int i = 0; i < n && data; i++)
        data[i] = (GLfloat)g.v[i];
}

GLAPI_EXPORT void APIENTRY glGetDoublev(GLenum pname, GLdouble *data)
{
    GL_CTX();
    gval g;
    int n = get(ctx, pname, &g);
    for (int i = 0; i < n && data; i++)
        data[i] = g.v[i];
}

/* NV_shader_buffer_load section 6.1.11: the only value is
 * MAX_SHADER_BUFFER_ADDRESS_NV (the one state table entry with this
 * command); anything else is INVALID_ENUM. */
GLAPI_EXPORT void APIENTRY glGetIntegerui64vNV(GLenum value, GLuint64EXT *result)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (value != GL_MAX_SHADER_BUFFER_ADDRESS_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (result)
        *result = MEM_GPU_LIMIT - 1;
}

/* ---- strings ------------------------------------------------------------------------- */

GLAPI_EXPORT const GLubyte *APIENTRY glGetString(GLenum name)
{
    GL_CTX(NULL);
    GL_OUTSIDE_BEGIN(ctx, NULL);
    switch (name) {
    case GL_VENDOR:
        return (const GLubyte *)"asmgl";
    case GL_RENDERER:
        return (const GLubyte *)"asmgl (tile-based deferred, software)";
    case GL_VERSION:
        return (const GLubyte *)GLC_GL_VERSION_STRING " asmgl " ASMGL_VERSION_STRING;
    case GL_EXTENSIONS:
        return (const GLubyte *)extensions_list;
    case GL_PROGRAM_ERROR_STRING_ARB:
        return (const GLubyte *)ctx->program_error_string;
    case GL_SHADING_LANGUAGE_VERSION:
        /* asmgl reports GL 3.0, whose programs are GLSL, but implements
         * only the assembly languages: no GLSL compiler (glCreateShader &
         * co. exist only to say so, gl_glsl.c), no GLSL version at all.
         * GL 2.0 makes this query valid, and programs parse the
         * answer (piglit's shader_runner sscanf()s "%i.%i" and
         * dereferences it unchecked, even for ARB-program-only tests), so
         * NULL is no answer.  "0.00" is a well-formed version number below
         * every GLSL version (1.10 is the first), so a program that checks
         * "GLSL >= 1.10" concludes, correctly, that there is none: piglit
         * skips its GLSL tests instead of compiling GLSL.  Claiming "1.30"
         * (what GL 3.0 implies) would send such programs to a compiler
         * asmgl does not have. */
        return (const GLubyte *)"0.00 asmgl: no GLSL; OpenGL assembly programs only";
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
}

GLAPI_EXPORT const GLubyte *APIENTRY glGetStringi(GLenum name, GLuint index)
{
    GL_CTX(NULL);
    GL_OUTSIDE_BEGIN(ctx, NULL);
    if (name != GL_EXTENSIONS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    if (index >= NUM_EXTENSIONS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    return (const GLubyte *)extension_names[index];
}

GLAPI_EXPORT int asmgl_gl_version(void)
{
    return GLC_GL_VERSION_MAJOR * 10 + GLC_GL_VERSION_MINOR;
}
