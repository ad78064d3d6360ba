/*
 * gl_priv.h - the GL context and the internals shared by the files of gl/
 * (API thread only).  No other folder includes this.
 *
 * The context holds every piece of GL state; entry points validate their
 * arguments (gl_error.c records the first error), change state, and bump the
 * serial numbers that tell draw-time resolution (gl_state.c) what to redo
 * (R11).  A draw (gl_draw.c) turns the state into one immutable rast_draw
 * snapshot for the rasterizer.
 *
 * File map:
 *   gl_context.c   asmgl.h: contexts, default framebuffer, current context
 *   gl_egl_bridge.c asmgl.h surfaces lent to contexts (written for egl/)
 *   gl_error.c     glGetError, error recording
 *   gl_names.c     name tables (programs, textures, buffers, FBOs, RBOs)
 *   gl_share.c     objects shared between contexts: the share group, its
 *                  lock, deleted objects other contexts still use
 *   gl_matrix.c    matrix stacks and matrix maths
 *   gl_state.c     initial state, state.* parameter resolution, rast_state
 *   gl_fixed.c     fixed-function state setters and getters
 *   gl_enable.c    glEnable/glDisable/glIsEnabled
 *   gl_get.c       glGet*, glGetString(i)
 *   gl_attrib.c    glPush/PopAttrib, glPush/PopClientAttrib
 *   gl_program.c   ARB_vertex_program / ARB_fragment_program / NV_geometry_program4 API
 *   gl_vertex.c    current attributes, immediate mode
 *   gl_array.c     vertex arrays and array draws, vertex array objects
 *   gl_draw.c      draw snapshots, clears, flushes
 *   gl_ff.c        fixed-function program keys and cache (text: gl_ffgen*.c)
 *   gl_raster.c    raster position, glDrawPixels/glBitmap/glCopyPixels
 *   gl_buffer.c    buffer objects (memory/), CopyBufferSubData
 *   gl_xfb.c       GL 3.0 transform feedback: buffer bindings, Begin/End
 *   gl_query.c     occlusion and primitive queries, conditional rendering
 *   gl_glsl.c      GLSL shader and program objects, none of which compiles
 *   gl_texture.c   texture objects (texture/), buffer textures, multisample
 *                  textures, texture renderbuffers
 *   gl_fbo.c       framebuffer/renderbuffer objects, read-back, blits
 *   gl_image.c     EXT_shader_image_load_store image units, MemoryBarrierEXT
 *   gl_ssbo.c      shader storage buffer bindings, the rast_resources of
 *                  draws and dispatches
 *   gl_compute.c   NV_compute_program5 dispatches (DispatchCompute*)
 *   gl_limits.c    the invocation limit of one draw or dispatch
 *   gl_proc.c      asmgl_get_proc_address over gl_entrypoints.def
 *   gl_dlist.c     display lists: glNewList ... glCallLists, the recorder
 *                  behind the GL_DLIST_SAVE hooks (gl_dlist_priv.h) and the
 *                  commands it records (gl_dlist.def)
 */
#ifndef GL_GL_PRIV_H
#define GL_GL_PRIV_H

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "asmgl/asmgl.h"
#include "glprog.h"
#include "mem.h"
#include "rast.h"
#include "tex.h"

/* Every GL entry point and asmgl_* function is defined with this; all else in
 * libasmgl.so is hidden (-fvisibility=hidden). */
#define GLAPI_EXPORT __attribute__((visibility("default")))

/* Defines alias_name as another name for the function target, defined in the
 * same file, with the same prototype (ARB/EXT names of core functions). */
#define GL_ALIAS(ret, alias_name, target, params) \
    GLAPI_EXPORT ret APIENTRY alias_name params __attribute__((alias(#target)));

/* ---- implementation limits ------------------------------------------------ */

/* The OpenGL version implemented: GL_VERSION's prefix and asmgl_gl_version. */
#define GLC_GL_VERSION_MAJOR 3
#define GLC_GL_VERSION_MINOR 0
#define GLC_STR_(x) #x
#define GLC_STR(x) GLC_STR_(x)
#define GLC_GL_VERSION_STRING GLC_STR(GLC_GL_VERSION_MAJOR) "." GLC_STR(GLC_GL_VERSION_MINOR)

enum {
    GLC_MAX_LIGHTS = 8,
    GLC_MAX_CLIP_PLANES = 8,
    GLC_MAX_TEXTURE_UNITS = 8,      /* fixed-function units = texture coordinate sets */
    GLC_MAX_IMAGE_UNITS = 16,       /* texture image units (programs) */
    GLC_MAX_ATTRIBS = GP_VIN_COUNT, /* 16 generic = conventional slots (aliased) */
    GLC_MAX_PROGRAM_MATRICES = 8,
    GLC_MODELVIEW_DEPTH = 32,
    GLC_PROJECTION_DEPTH = 4,
    GLC_TEXTURE_DEPTH = 4,
    GLC_PROGRAM_DEPTH = 4,
    GLC_ATTRIB_DEPTH = 16,
    GLC_MAX_DRAW_BUFFERS = 8,
    /* GL 3.0 transform feedback (gl_xfb.c): the minimums GL 3.0 requires */
    GLC_MAX_TF_SEPARATE_ATTRIBS = 4,
    GLC_MAX_TF_SEPARATE_COMPONENTS = 4,
    GLC_MAX_TF_INTERLEAVED_COMPONENTS = 64,
    GLC_MAX_SIZE = 16384,           /* textures, renderbuffers, viewport */
    GLC_MAX_3D_SIZE = TEX_MAX_3D_SIZE,
    GLC_MAX_POINT_SIZE = 64,
    GLC_MAX_LINE_WIDTH = 64
};

/* Query targets, each with its own active query (gl_query.c). */
enum { GLC_QUERY_SAMPLES, GLC_QUERY_PRIMS, GLC_QUERY_XFB_PRIMS, GLC_QUERY_TARGETS };

/* Matrix stacks: one array, indexed so state.matrix.* resolution is a table
 * look-up. */
enum {
    GLC_STACK_MODELVIEW = 0,
    GLC_STACK_PROJECTION = 1,
    GLC_STACK_TEXTURE0 = 2,
    GLC_STACK_PROGRAM0 = GLC_STACK_TEXTURE0 + GLC_MAX_TEXTURE_UNITS,
    GLC_STACK_COUNT = GLC_STACK_PROGRAM0 + GLC_MAX_PROGRAM_MATRICES
};

/* Texture targets a unit binds (GL 2.1 + ARB_texture_rectangle; the first
 * five are the fixed-function ones glEnable takes), then EXT_texture_array,
 * ARB_texture_buffer_object and ARB_texture_multisample. */
enum {
    GLC_TEX_1D, GLC_TEX_2D, GLC_TEX_3D, GLC_TEX_CUBE, GLC_TEX_RECT,
    GLC_TEX_1D_ARRAY, GLC_TEX_2D_ARRAY, GLC_TEX_BUFFER, GLC_TEX_2DMS, GLC_TEX_2DMS_ARRAY,
    GLC_TEX_RENDERBUFFER, /* NV_explicit_multisample TEXTURE_RENDERBUFFER_NV */
    GLC_TEX_CUBE_ARRAY,   /* ARB_texture_cube_map_array: a 2D array of 6 * layers
                             layer-faces (layer l's face f is layer-face 6l + f) */
    GLC_TEX_TARGETS
};
#define GLC_MAX_ARRAY_LAYERS TEX_MAX_3D_SIZE /* MAX_ARRAY_TEXTURE_LAYERS_EXT */

/* Program targets (index into per-target arrays): vertex, fragment,
 * NV_geometry_program4's GEOMETRY_PROGRAM_NV, NV_compute_program5's
 * COMPUTE_PROGRAM_NV (gl_compute.c; never part of a draw) and
 * NV_tessellation_program5's TESS_CONTROL_PROGRAM_NV and
 * TESS_EVALUATION_PROGRAM_NV (gl_tess.c). */
enum { GLC_VP = 0, GLC_FP = 1, GLC_GP = 2, GLC_CP = 3, GLC_TCP = 4, GLC_TEP = 5, GLC_PROGRAM_TARGETS };

/* ---- name tables (gl_names.c) ---------------------------------------------- */

/* Maps GL names (non-zero GLuint) to objects.  A generated but never bound
 * name maps to GL_NAME_RESERVED. */
typedef struct gl_name_table {
    GLuint *keys;
    void **values;
    size_t cap, count;
    GLuint next; /* next candidate for Gen */
} gl_name_table;

extern char gl_name_reserved_marker;
#define GL_NAME_RESERVED ((void *)&gl_name_reserved_marker)

void *gl_names_lookup(const gl_name_table *t, GLuint name); /* NULL if absent */
bool gl_names_insert(gl_name_table *t, GLuint name, void *value); /* false: OOM */
void gl_names_remove(gl_name_table *t, GLuint name);
/* Finds n unused names, reserves them (GL_NAME_RESERVED) and writes them. */
bool gl_names_gen(gl_name_table *t, GLsizei n, GLuint *names);
/* Calls fn on every (name, value) pair; fn must not modify the table. */
void gl_names_foreach(const gl_name_table *t, void (*fn)(GLuint, void *, void *), void *user);
void gl_names_free(gl_name_table *t);

/* ---- objects --------------------------------------------------------------- */

typedef struct gl_program_obj {
    GLuint name;
    GLenum target;            /* GL_VERTEX_PROGRAM_ARB / GL_FRAGMENT_PROGRAM_ARB /
                                 GL_GEOMETRY_PROGRAM_NV */
    gp_program *prog;         /* NULL until a string loads */
    int vertex_limit;         /* geometry: VERTICES_OUT, as ProgramVertexLimitNV last set it */
    gp_program_info info;     /* counts for queries, as the text was written */
    /* An ARB_position_invariant vertex program drawn with user clip planes
     * runs as this variant, which also writes the conventional clip
     * distances (gl_program_clip_variant); made on first use. */
    gp_program *clip_prog;
    bool clip_prog_tried;
    char *string;             /* the text as loaded (not NUL-terminated necessarily) */
    GLint length;
    gp_val (*local)[4];       /* max_local_parameters rows; typeless bits
                                 (NV_gpu_program4 integer parameters) */
    uint64_t local_serial;    /* bumped by ProgramLocalParameter* */
    /* resolved parameter table cache (gl_state.c) */
    gp_val (*params)[4];
    int params_cap;
    uint64_t params_state_serial, params_local_serial;
    const gp_program *params_prog;
    const struct asmgl_context *params_ctx; /* the context whose state it holds
                                               (objects are shared, gl_share.c) */
} gl_program_obj;

/* NV_parameter_buffer_object targets (vertex, geometry, fragment,
 * NV_compute_program5's COMPUTE_PROGRAM_PARAMETER_BUFFER_NV and
 * NV_tessellation_program5's TESS_CONTROL_ / TESS_EVALUATION_PROGRAM_
 * PARAMETER_BUFFER_NV). */
enum { GLC_PB_VP = 0, GLC_PB_GP = 1, GLC_PB_FP = 2, GLC_PB_CP = 3, GLC_PB_TCP = 4, GLC_PB_TEP = 5, GLC_PB_TARGETS };

typedef struct gl_buffer_obj {
    GLuint name;
    mem_buffer *mem;
    GLenum usage;
    GLenum access;        /* of the current mapping */
    GLbitfield access_flags; /* ARB_map_buffer_range: MAP_*_BIT of the current
                                mapping (MapBuffer: READ/WRITE bits) */
    bool param_used;      /* a draw referenced it as a program parameter buffer:
                             writes flush first (R9) */
    int tex_refs;         /* buffer textures (TexBufferARB) viewing its store:
                             writes flush first, a new store re-attaches them */
    bool storage_used;    /* a draw referenced it as a shader storage buffer
                             (gl_ssbo.c): programs may write it, so
                             API reads and writes flush first (R9) */
} gl_buffer_obj;

typedef struct gl_texture_obj {
    GLuint name;
    GLenum target;        /* 0 until first bound */
    tex_object *tex;
    GLfloat priority;
    GLboolean resident;
    gl_buffer_obj *buffer;    /* GL_TEXTURE_BUFFER_ARB: the attached buffer (TexBufferARB) */
    GLboolean fixed_sample_locations; /* ARB_texture_multisample */
    /* GL_TEXTURE_RENDERBUFFER_NV (TexRenderbufferNV): the renderbuffer whose
     * colour (or depth) store image[0][0] of tex views, not owns */
    struct gl_renderbuffer_obj *rb;
    /* NV_bindless_texture (gl_bindless.c): how many texture handles name
     * this object; while nonzero its parameters and image sizes are frozen
     * (TexImage*, CopyTexImage*, TexParameter*, TexBuffer*: INVALID_OPERATION) */
    uint32_t handle_refs;
    /* ARB_texture_storage (gl_texture_storage.c): TEXTURE_IMMUTABLE_FORMAT,
     * set by TexStorage*D with its level count; TexImage*, CopyTexImage*,
     * CompressedTexImage* are INVALID_OPERATION on it then */
    bool immutable;
    int immutable_levels;
    /* while immutable: TEXTURE_BASE_LEVEL and TEXTURE_MAX_LEVEL as
     * GetTexParameter returns them (set after TexStorage: clamped to the
     * levels; the initial MAX_LEVEL 1000 stays); tex->sampler holds them
     * clamped, as sampling uses them (GL 4.2 section 3.9.14: base in
     * [0, levels-1], max in [base, levels-1]) */
    int app_base_level, app_max_level;
} gl_texture_obj;

/* Sets o->tex's base and max level from the application's values, clamped
 * to the storage's levels when o is immutable (gl_texture_storage.c). */
void gl_texture_set_level_range(gl_texture_obj *o, int base, int max);

/* ARB_sampler_objects (gl_sampler.c): the sampling state that replaces
 * that of the texture a unit samples (texture/ tex_sample_with). */
typedef struct gl_sampler_obj {
    GLuint name;
    tex_sampler state;        /* only the sampler-object fields are used */
} gl_sampler_obj;

typedef struct gl_renderbuffer_obj {
    GLuint name;
    GLenum internal_format;   /* as requested; 0 before storage */
    int width, height;
    int red, green, blue, alpha, depth, stencil; /* bits reported */
    int samples;              /* RENDERBUFFER_SAMPLES: 0, or the planes each surface has */
    rast_surface color;       /* RGBA8 / RGBA32F / RGBA32I / RGBA32UI */
    rast_surface depth_surf;  /* DEPTH32F */
    rast_surface stencil_surf; /* S8 */
} gl_renderbuffer_obj;

enum { GLC_ATTACH_NONE = 0, GLC_ATTACH_TEXTURE, GLC_ATTACH_RENDERBUFFER };

typedef struct gl_attachment {
    int type;                 /* GLC_ATTACH_* */
    GLuint name;
    gl_texture_obj *tex;
    gl_renderbuffer_obj *rb;
    int level, face, zoffset; /* zoffset: the layer of a 3D or array texture */
    bool layered;             /* FramebufferTextureEXT of a 3D, cube or array texture:
                                 every layer (NV_geometry_program4 section 4.4.7) */
} gl_attachment;

enum { GLC_ATT_DEPTH = GLC_MAX_DRAW_BUFFERS, GLC_ATT_STENCIL, GLC_ATT_COUNT };

typedef struct gl_framebuffer_obj {
    GLuint name;              /* 0 = the default framebuffer */
    gl_attachment att[GLC_ATT_COUNT]; /* colour 0..7, depth, stencil */
    GLenum draw_buffers[GLC_MAX_DRAW_BUFFERS];
    GLenum read_buffer;
} gl_framebuffer_obj;

/* ---- vertex arrays (aliased slots) ------------------------------------------ */

typedef struct gl_array {
    bool enabled;
    GLint size;               /* 1..4 */
    GLenum type;
    GLsizei stride;           /* as given (0 = tightly packed) */
    bool normalized;
    bool integer;             /* VertexAttribIPointerEXT: fetched unconverted */
    bool lng;                 /* VertexAttribLPointerEXT: 64-bit components (GL_DOUBLE,
                                 GL_INT64_NV, GL_UNSIGNED_INT64_NV), fetched unconverted
                                 (rast.h rast_attrib.is_long) */
    const void *ptr;          /* client pointer, or offset into buffer */
    gl_buffer_obj *buffer;    /* ARRAY_BUFFER binding captured at pointer time */
    GLuint buffer_name;
} gl_array;

/* ARB_vertex_array_object (GL 3.0 section 2.10): the vertex array state a
 * vertex array object holds (GL 3.0's vertex array state, less the client
 * active texture and the ARRAY_BUFFER binding, which stay the context's). */
typedef struct gl_vao {
    GLuint name;              /* 0: the context's default object; a generated
                                 name becomes an object when first bound */
    gl_array array[GP_VIN_COUNT];
    /* ARB_vertex_program section 2.8 (its ArrayElement pseudo-code):
     * the conventional vertex array and generic attribute array 0 are
     * separate arrays with separate enables; array[GP_VIN_POSITION] is the
     * one that feeds position, generic 0 when both are enabled
     * (gl_array_position_changed composes it after any change). */
    gl_array vertex_array, attrib0_array;
    /* the edge flag array (glEdgeFlagPointer; enabled: edge_flag_array) */
    bool edge_flag_array, index_array;
    const void *edge_flag_ptr;
    GLsizei edge_flag_stride;
    gl_buffer_obj *edge_flag_buffer;
    /* glIndexPointer: colour indices do nothing in RGBA rendering, the
     * array is kept for the queries (type 0 reads as the initial FLOAT) */
    GLenum index_array_type;
    GLsizei index_array_stride;
    const void *index_array_ptr;
    GLuint index_array_buffer;        /* ARRAY_BUFFER's name when it was set */
    gl_buffer_obj *element_buffer;
} gl_vao;

/* ---- fixed-function state ---------------------------------------------------- */

typedef struct gl_light {
    float ambient[4], diffuse[4], specular[4];
    float position[4];        /* eye space, as transformed at specification */
    float spot_direction[3];  /* eye space */
    float spot_exponent, spot_cutoff;
    float attenuation[3];     /* constant, linear, quadratic */
} gl_light;

typedef struct gl_material {
    float ambient[4], diffuse[4], specular[4], emission[4];
    float shininess;
    float color_indexes[3];
} gl_material;

typedef struct gl_texgen {
    GLenum mode;              /* per coordinate */
    float object_plane[4];
    float eye_plane[4];       /* stored multiplied by the inverse modelview */
} gl_texgen;

typedef struct gl_texenv {
    GLenum mode;
    float color[4];
    float lod_bias;
    GLenum combine_rgb, combine_alpha;
    GLenum source_rgb[3], source_alpha[3];
    GLenum operand_rgb[3], operand_alpha[3];
    float rgb_scale, alpha_scale;
    bool coord_replace;       /* point sprites */
} gl_texenv;

typedef struct gl_matrix_stack {
    float (*m)[16];
    int depth;                /* index of the top */
    int max;
    uint64_t serial;          /* bumped when the top changes */
} gl_matrix_stack;

/* Derived matrix cache (gl_matrix.c). */
typedef struct gl_matrix_cache {
    uint64_t serial_inv;      /* serial of the stack the inverse was made from */
    float inverse[16];
} gl_matrix_cache;

typedef struct gl_ff_cache_entry gl_ff_cache_entry;

/* Immediate-mode vertex buffer: every vertex stores all slots. */
typedef struct gl_imm {
    GLenum mode;
    float (*verts)[GP_VIN_COUNT][4];
    uint32_t (*verts_hi)[GP_VIN_COUNT][4]; /* ctx->current_hi of each vertex */
    uint32_t long_mask;                    /* slots some vertex took a VertexAttribL* value for */
    GLboolean *edges;                      /* each vertex's edge flag */
    /* glMaterial between Begin and End (gl_vertex.c): the one colour
     * property (mat_face, mat_pname; 0 = none) that changed, per vertex in
     * mat; mat_mixed: several changed (then the last values hold for all) */
    float (*mat)[4];
    GLenum mat_face, mat_pname;
    bool mat_mixed;
    int count, cap;
} gl_imm;

typedef struct gl_attrib_frame gl_attrib_frame;

#define GLC_PIXEL_MAPS 10      /* I_TO_I .. A_TO_A */
#define GLC_PIXEL_MAP_MAX 256  /* GL_MAX_PIXEL_MAP_TABLE */

/* Selection and feedback (gl_select.c, GL 2.1 sections 5.2 and 5.3). */
#define GLC_MAX_NAME_STACK 64
typedef struct gl_select_state {
    GLenum mode;                 /* GL_SELECT, GL_FEEDBACK, or 0 for GL_RENDER */
    GLuint *select_buf;
    GLsizei select_size;
    GLuint select_count, hits;   /* words written (or due), hit records */
    bool hit;                    /* the hit flag */
    float hit_min, hit_max;      /* window z range of the pending hit */
    GLuint names[GLC_MAX_NAME_STACK];
    int depth;                   /* NAME_STACK_DEPTH */
    GLfloat *feedback_buf;
    GLsizei feedback_size;
    GLenum feedback_type;
    GLuint feedback_count;       /* values written (or due) */
    bool overflow;               /* a buffer ran full: glRenderMode returns -1 */
} gl_select_state;

/* The whole context.  The default framebuffer is fb_default; every GL state
 * item follows the GL 2.1 state tables (chapter 6) in grouping. */
struct asmgl_context {
    /* the thread this context is current on: the address of that thread's
     * gl_current (unique per live thread), or NULL */
    _Atomic(void *) owner_thread;
    rast_context *rast;
    gp_limits limits[GLC_PROGRAM_TARGETS];

    GLenum error;             /* first unreported error (gl_error.c) */
    bool in_begin;

    /* serial of everything state.* bindings read except program locals */
    uint64_t state_serial;

    /* default framebuffer storage */
    asmgl_config config;
    /* no default framebuffer exists: current through
     * asmgl_make_current_surface(ctx, NULL) (EGL_KHR_surfaceless_context);
     * framebuffer 0 is then FRAMEBUFFER_UNDEFINED (gl_fbo_status) */
    bool no_default_fb;
    rast_surface win_color, win_depth, win_stencil;
    /* framebuffer 0 for reading when it is another surface than the one
     * drawn to (asmgl_make_current_surfaces: GLX 1.4 section 3.3.7's read
     * drawable): ReadPixels, CopyPixels, CopyTex* and blits from
     * framebuffer 0 read these (gl_fbo.c); read_win_samples as
     * config.samples */
    bool read_win_set;
    rast_surface read_win_color, read_win_depth, read_win_stencil;
    int read_win_samples;
    gl_framebuffer_obj fb_default;
    gl_framebuffer_obj *draw_fb, *read_fb;
    gl_renderbuffer_obj *renderbuffer; /* RENDERBUFFER binding */
    rast_framebuffer draw_rfb;        /* snapshot of the draw framebuffer (gl_fbo.c) */

    /* name tables: framebuffer objects are the context's own
     * (ARB_framebuffer_object Appendix D); programs, textures, buffers and
     * renderbuffers live in the share group (gl_share.c: shared->textures) */
    gl_name_table framebuffers;
    struct gl_share *shared;          /* never NULL once created */
    struct asmgl_context *share_next; /* the next context of the group */
    gl_name_table glsl_objects; /* GL 2.0 shader/program objects (gl_glsl.c) */

    /* ---- programs ---- */
    gl_program_obj *program[GLC_PROGRAM_TARGETS];     /* bound objects (never NULL) */
    gl_program_obj program_default[GLC_PROGRAM_TARGETS];
    gp_val (*env[GLC_PROGRAM_TARGETS])[4]; /* typeless bits, as local */
    /* NV5 program subroutine parameters (ARB_shader_subroutine, NV_gpu_program5
     * section): context state per target, program.subroutine[i]; draws
     * reference them until the next flush (gl_program.c flushes first). */
    uint32_t subroutine_params[GLC_PROGRAM_TARGETS][GP_MAX_SUBROUTINE_PARAMS];
    bool program_enabled[GLC_PROGRAM_TARGETS];
    GLint program_error_position;
    char *program_error_string;
    bool vp_point_size, vp_two_side;

    /* ---- fixed-function programs (gl_ff.c) ---- */
    gl_ff_cache_entry *ff_cache;
    gl_program_obj pixel_vp;     /* glDrawPixels/glBitmap vertex stage (gl_raster.c) */
    float pixel_point_size;      /* point size of the pixel draw being submitted */

    /* ---- current values and arrays ---- */
    float current[GP_VIN_COUNT][4];   /* aliased slots: position 0, normal 2, colour 3 ... */
    /* EXT_vertex_attrib_64bit / NV_vertex_attrib_integer_64bit (gl_vertex.c):
     * a VertexAttribL* value keeps its low words in current and its high
     * words here, and sets its bit in current_long; every other setter
     * (gl_attrib4f) zeroes the high words and clears the bit */
    uint32_t current_hi[GP_VIN_COUNT][4];
    uint32_t current_long;
    float current_index;
    GLboolean edge_flag;
    /* the per-vertex edge flags of the Begin/End being submitted (gl_vertex.c) */
    const GLboolean *imm_edge_flags;
    /* ARB_vertex_array_object: the bound vertex array object (vao0, the
     * default object, when the binding is 0) and the context's objects by
     * name (not shared: GL 3.0 Appendix D) */
    gl_vao *vao;
    gl_vao vao0;
    gl_name_table vaos;
    GLuint client_active_texture;     /* unit */
    gl_buffer_obj *array_buffer;
    gl_buffer_obj *pixel_pack_buffer, *pixel_unpack_buffer;
    gl_buffer_obj *texture_buffer;    /* TEXTURE_BUFFER_ARB binding (BindBuffer) */
    gl_buffer_obj *copy_read_buffer, *copy_write_buffer; /* ARB_copy_buffer */
    /* GL 3.0 transform feedback (gl_xfb.c): the generic and indexed
     * TRANSFORM_FEEDBACK_BUFFER bindings, whether it is active */
    gl_buffer_obj *xfb_buffer;
    struct gl_xfb_binding {
        gl_buffer_obj *buffer;
        GLintptr offset;
        GLsizeiptr size;  /* 0: the whole buffer (BindBufferBase) */
    } xfb_binding[GLC_MAX_TF_SEPARATE_ATTRIBS];
    bool xfb_active;
    bool rasterizer_discard;          /* RASTERIZER_DISCARD (GL 3.0 section 3.1) */
    /* NV_shader_buffer_load GPU addresses and resident buffers (gl_buffer.c;
     * made on first use, NULL before) */
    mem_space *gpu_space;
    /* NV_parameter_buffer_object, per GLC_PB_* target: the generic binding
     * (BindBuffer) and the indexed binding points */
    gl_buffer_obj *param_buffer[GLC_PB_TARGETS];
    struct gl_param_binding {
        gl_buffer_obj *buffer;
        GLsizeiptr size;  /* bytes; 0 = the whole buffer (Base/Offset) */
    } param_binding[GLC_PB_TARGETS][GP_MAX_PARAM_BUFFERS];
    /* gl_ssbo.c: ARB_shader_storage_buffer_object's generic
     * SHADER_STORAGE_BUFFER binding and indexed binding points
     * (program.storage[n]), and ARB_compute_shader's DISPATCH_INDIRECT_BUFFER */
    gl_buffer_obj *shader_storage_buffer;
    struct gl_ssbo_binding {
        gl_buffer_obj *buffer;
        GLintptr offset;  /* bytes (BindBufferRange / BindBufferOffsetNV) */
        GLsizeiptr size;  /* bytes; 0 = to the end of the buffer (Base/Offset) */
    } ssbo[GP_MAX_STORAGE_BUFFERS];
    gl_buffer_obj *dispatch_indirect_buffer;
    /* EXT_shader_image_load_store image units (gl_image.c); draws and
     * dispatches reference the textures until the next flush */
    struct gl_image_binding {
        gl_texture_obj *tex;  /* NULL: unbound */
        GLint level;
        bool layered;
        GLint layer;
        GLenum access, format;
    } image_unit[GP_MAX_IMAGE_UNITS];
    gl_imm imm;
    GLint lock_first;                 /* EXT_compiled_vertex_array */
    GLsizei lock_count;

    /* ---- transform ---- */
    GLenum matrix_mode;
    int matrix_index;                 /* stack index of matrix_mode */
    gl_matrix_stack stack[GLC_STACK_COUNT];
    gl_matrix_cache mcache[GLC_STACK_COUNT];
    uint64_t mvp_serial_mv, mvp_serial_p;
    float mvp[16];
    gl_matrix_cache mvp_cache;
    float viewport[4];
    double depth_range[2];
    float clip_plane[GLC_MAX_CLIP_PLANES][4]; /* eye space */
    uint32_t clip_enabled;
    bool normalize, rescale_normal;

    /* ---- lighting ---- */
    bool lighting;
    uint32_t light_enabled;
    gl_light light[GLC_MAX_LIGHTS];
    float light_model_ambient[4];
    bool light_model_local_viewer, light_model_two_side;
    GLenum light_model_color_control;
    gl_material material[2];          /* front, back */
    bool color_material;
    GLenum color_material_face, color_material_mode;
    GLenum shade_model;
    GLenum provoking_vertex;  /* EXT_provoking_vertex */

    /* ---- texturing ---- */
    GLuint active_texture;            /* unit */
    gl_texture_obj *bound_tex[GLC_MAX_IMAGE_UNITS][GLC_TEX_TARGETS];
    gl_texture_obj default_tex[GLC_TEX_TARGETS];
    gl_sampler_obj *bound_sampler[GLC_MAX_IMAGE_UNITS]; /* BindSampler; NULL: none */
    uint8_t tex_enabled[GLC_MAX_TEXTURE_UNITS]; /* bit per GLC_TEX_* */
    gl_texenv texenv[GLC_MAX_TEXTURE_UNITS];
    gl_texgen texgen[GLC_MAX_TEXTURE_UNITS][4];  /* s t r q */
    uint8_t texgen_enabled[GLC_MAX_TEXTURE_UNITS]; /* bit per coordinate */
    /* NV_bindless_texture (gl_bindless.c): handle RAST_TEX_HANDLE_BASE + i
     * names tex_handle_obj[i] (NULL once its texture is deleted);
     * tex_handle_resident[i] is its tex_object while resident, else NULL
     * (rast_draw.tex_handles: changed only after a flush) */
    gl_texture_obj **tex_handle_obj;
    const tex_object **tex_handle_resident;
    uint32_t num_tex_handles, cap_tex_handles;
    tex_pixel_store pack, unpack;
    void *tex_state;                  /* gl_texture.c's private state (proxy images) */

    /* ---- fog, points, lines, polygons ---- */
    bool fog;
    GLenum fog_mode, fog_coord_src;
    float fog_color[4], fog_density, fog_start, fog_end, fog_index;
    bool color_sum;
    float point_size, point_min, point_max, point_fade, point_atten[3];
    bool point_smooth, point_sprite;
    GLenum point_sprite_origin;
    int patch_vertices;       /* GL_PATCH_VERTICES (glPatchParameteri): NV5 PATCHES draws */
    float patch_default_outer[4]; /* PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL (gl_tess.c): */
    float patch_default_inner[2]; /* the levels without a tessellation control program */
    /* the invocation limit of a draw or dispatch (gl_limits.c), and whether
     * a cut draw / dispatch was reported yet */
    uint64_t max_invocations;
    bool limit_reported_draw, limit_reported_dispatch;
    float line_width;
    bool line_smooth, line_stipple_enabled;
    GLint line_stipple_factor;
    GLushort line_stipple_pattern;
    uint32_t polygon_stipple_rows[32]; /* glPolygonStipple: bit x of row y (rast_state) */
    GLenum polygon_mode[2];
    bool polygon_smooth, polygon_stipple;
    bool offset_fill, offset_line, offset_point;
    float offset_factor, offset_units;
    bool cull_face;
    GLenum cull_mode, front_face;

    /* ---- per-fragment ---- */
    bool scissor_test;
    GLint scissor[4];
    bool alpha_test;
    GLenum alpha_func;
    float alpha_ref;
    bool stencil_test;
    rast_stencil_face stencil[2];     /* as the rasterizer takes it (ref clamped, 8-bit masks) */
    GLint stencil_ref_gl[2];          /* as given, for queries */
    GLuint stencil_vmask_gl[2], stencil_wmask_gl[2];
    bool depth_test;
    GLenum depth_func;
    bool depth_mask;
    /* EXT_draw_buffers2 (GL 3.0 section 4.1.8, 4.2.2): BLEND and the colour
     * write mask per draw buffer; Enable(BLEND) and ColorMask set all */
    uint8_t blend;                    /* bit i: draw buffer i blends */
    GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
    GLenum blend_eq_rgb, blend_eq_alpha;
    float blend_color[4];
    bool dither, logic_op_enabled, color_logic_op, index_logic_op;
    GLenum logic_op;
    uint8_t color_mask[GLC_MAX_DRAW_BUFFERS]; /* bit per channel RGBA */
    /* ARB_color_buffer_float (GL 3.0 2.19.6, 3.12, 4.3.2): ClampColor's
     * TRUE, FALSE or FIXED_ONLY; BlendColor and ClearColor keep their values
     * unclamped, clamped where they are used (gl_fixed.c) */
    GLenum clamp_vertex_color, clamp_fragment_color, clamp_read_color;
    bool framebuffer_srgb;            /* FRAMEBUFFER_SRGB (ARB_framebuffer_sRGB) */
    float clear_color[4];
    uint32_t clear_color_bits[4];     /* EXT_texture_integer ClearColorI{i,ui}EXT */
    bool clear_color_unsigned;
    double clear_depth;
    GLint clear_stencil;
    float clear_accum[4];
    int16_t *accum;                   /* the default framebuffer's RGBA16 accumulation buffer (gl_accum.c) */
    int accum_w, accum_h;
    GLint clear_index;
    GLuint index_mask;
    bool auto_normal;
    uint32_t map1_enabled, map2_enabled; /* evaluator caps: accepted, not evaluated */
    bool multisample, sample_alpha_to_coverage, sample_alpha_to_one, sample_coverage;
    float sample_coverage_value;
    bool sample_coverage_invert;
    bool sample_mask;                 /* ARB_texture_multisample SAMPLE_MASK (stored only) */
    GLbitfield sample_mask_value;     /* SAMPLE_MASK_VALUE word 0 */

    /* ---- hints, pixel transfer ---- */
    GLenum hint_perspective, hint_point, hint_line, hint_polygon, hint_fog;
    GLenum hint_generate_mipmap, hint_texture_compression;
    float raster_pos[4], raster_color[4], raster_color2[4];
    float raster_tex[GLC_MAX_TEXTURE_UNITS][4];
    bool raster_valid;
    float raster_distance;
    float pixel_zoom[2];
    bool map_color, map_stencil;
    GLint index_shift, index_offset;
    float red_scale, red_bias, green_scale, green_bias, blue_scale, blue_bias;
    /* glPixelMap tables, GL_PIXEL_MAP_I_TO_I + m (gl_pixelmap.c) */
    float pixel_map[GLC_PIXEL_MAPS][GLC_PIXEL_MAP_MAX];
    int pixel_map_size[GLC_PIXEL_MAPS];
    float alpha_scale, alpha_bias, depth_scale, depth_bias;

    gl_attrib_frame *attrib_stack[GLC_ATTRIB_DEPTH];
    gl_attrib_frame *client_attrib_stack[GLC_ATTRIB_DEPTH];
    int attrib_depth;
    int client_attrib_depth;

    /* ---- display lists (gl_dlist.c) ---- */
    struct gl_dlist_ctx *dlist;       /* the list namespace, the list being compiled */
    bool dl_record;                   /* compiling: listable commands record (gl_dlist_priv.h) */
    GLuint list_base;                 /* LIST_BASE (LIST_BIT) */

    /* ---- occlusion queries (gl_query.c) ---- */
    gl_name_table queries;
    /* the query of each target between Begin and End: SAMPLES_PASSED, and
     * GL 3.0's PRIMITIVES_GENERATED and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN */
    struct gl_query_obj *active_query[GLC_QUERY_TARGETS];
    /* NV_conditional_render: between Begin and EndConditionalRender, and
     * whether its query's result (read at Begin) was 0 */
    bool cond_render_active, cond_render_discard;
    /* ---- selection and feedback (gl_select.c) ---- */
    gl_select_state sel;
};

typedef struct asmgl_context gl_context;

/* ---- the current context ----------------------------------------------------- */

extern _Thread_local gl_context *gl_current;

/* Fetches the current context; entry points do nothing without one.  The
 * rest of the entry point holds the context's share group lock
 * (GL_SHARE_HOLD), so contexts sharing objects run their GL calls one at a
 * time (gl_share.c). */
#define GL_CTX(ret)                  \
    gl_context *ctx = gl_current;    \
    if (!ctx)                        \
        return ret;                  \
    GL_SHARE_HOLD(ctx)

/* Outside Begin/End only (GL 2.1 section 2.6.3). */
#define GL_OUTSIDE_BEGIN(ctx, ret)                      \
    do {                                                \
        if ((ctx)->in_begin) {                          \
            gl_error(ctx, GL_INVALID_OPERATION);        \
            return ret;                                 \
        }                                               \
    } while (0)

/* ---- gl_share.c ---------------------------------------------------------------
 * Contexts created to share objects (asmgl_context_create_shared: GL 2.1
 * Appendix D, GLX 1.4 section 3.3.7, EGL 1.5 section 3.7.1) belong to one
 * share group; an unshared context is the only member of its own.  The group
 * holds the name tables of the shared kinds (programs, textures, buffers,
 * renderbuffers; display lists have their own namespace, gl_dlist.c), a lock
 * and the list of its contexts. */
typedef struct gl_share {
    pthread_mutex_t lock;
    _Atomic uintptr_t holder;         /* the thread holding lock (gl_share.c), or 0 */
    gl_context *members;              /* linked through share_next */
    gl_name_table programs, textures, buffers, renderbuffers;
    gl_name_table samplers;           /* ARB_sampler_objects (gl_sampler.c) */
    /* deleted objects that some context still binds (Appendix D.1.2): freed
     * once none does (gl_share.c) */
    struct gl_share_dead *dead;
    size_t dead_count, dead_cap;
} gl_share;

/* Takes ctx's group lock unless this thread holds it already (or ctx is
 * NULL); returns what gl_share_leave must release (NULL: nothing). */
gl_share *gl_share_enter(gl_context *ctx);
void gl_share_leave(gl_share **held);
#define GL_SHARE_HOLD(c) \
    gl_share *gl_share_held_ __attribute__((cleanup(gl_share_leave), unused)) = gl_share_enter(c)

/* ctx joins share's group (share NULL: a group of its own); false on OOM. */
bool gl_share_join(gl_context *ctx, gl_context *share);
/* ctx leaves its group (its lock held, ctx's scene run, ctx's own objects
 * freed): deleted objects only ctx bound are freed.  The last member frees
 * every shared object and gets the group back, for gl_share_destroy once
 * its lock is released; NULL otherwise. */
gl_share *gl_share_part(gl_context *ctx);
void gl_share_destroy(gl_share *s);
/* Whether ctx is the only context of its group. */
bool gl_share_alone(const gl_context *ctx);
/* Runs the queued scene of every context of ctx's group (gl_draw_flush). */
void gl_share_flush_all(gl_context *ctx);
/* A deleted object whose name is gone: freed now when no other context of
 * the group binds it, else kept until none does.  The caller has already
 * unbound it from ctx and flushed.  (A new context field pointing at a
 * texture, buffer, program or renderbuffer must be added to the checks in
 * gl_share.c, *_bound_in.) */
enum { GLC_OBJ_TEXTURE, GLC_OBJ_BUFFER, GLC_OBJ_PROGRAM, GLC_OBJ_RENDERBUFFER, GLC_OBJ_SAMPLER };
void gl_share_retire(gl_context *ctx, int kind, void *obj);
/* Frees the group's dead objects that no member binds any more (after a
 * context let go of some: a deleted vertex array object). */
void gl_share_collect(gl_context *ctx);
/* Calls fn on every texture of the group (named, deleted but still bound,
 * and every member's default textures). */
void gl_share_foreach_texture(gl_context *ctx, void (*fn)(gl_texture_obj *, void *), void *user);
/* Frees one object (gl_texture.c, gl_buffer.c, gl_program.c, gl_fbo.c). */
void gl_texture_obj_destroy(gl_texture_obj *t);
void gl_buffer_obj_destroy(gl_buffer_obj *b);
void gl_program_obj_destroy(gl_program_obj *p);
void gl_renderbuffer_obj_destroy(gl_renderbuffer_obj *rb);

/* ---- gl_context.c, gl_egl_bridge.c -------------------------------------------- */

/* Sets what asmgl_last_error() reports on this thread ("" = no error). */
void gl_set_last_error(const char *msg);
/* Why cfg is not a framebuffer layout asmgl.h documents (sizes min_size..
 * 16384, depth 0/24, stencil 0/8, samples 0/1/2/4/8), or NULL when it is one. */
const char *gl_config_check(const asmgl_config *cfg, int min_size);
/* Gives a surface lent to this thread's current context back (its own
 * default framebuffer returns); nothing when none is lent.  For
 * asmgl_make_current, before the current context changes. */
void gl_bridge_return_surface(void);
/* Runs the flush callback of the surface lent to this thread's current
 * context (asmgl_surface_set_flush_callback), if any: glFlush/glFinish. */
void gl_bridge_flushed(void);
/* Runs the viewport callback of the surface lent to this thread's current
 * context (asmgl_surface_set_viewport_callback), if any: glViewport. */
void gl_bridge_viewport(void);
/* asmgl_resize of ctx when it borrows a surface: that surface is resized
 * (asmgl_surface_resize, 1 or 0); -1 when ctx borrows none. */
int gl_bridge_resize_lent(gl_context *ctx, int width, int height);
/* Allocates the storage of a w x h default framebuffer: RGBA8 colour,
 * DEPTH32F depth (depth_bits != 0, every sample at 1.0) and S8 stencil
 * (stencil_bits != 0), each with `samples` sample planes when samples is
 * 2, 4 or 8 (rast_surface.samples); all empty for 0 x 0.  false on OOM
 * (nothing allocated then). */
bool gl_default_fb_alloc(int w, int h, int depth_bits, int stencil_bits, int samples,
                         rast_surface *color, rast_surface *depth, rast_surface *stencil);

/* ---- gl_limits.c (docs/gl_limits.md) ------------------------------------------ */

/* Invocations of its first stage a draw or dispatch may run by default
 * (ASMGL_MAX_INVOCATIONS overrides it). */
#define GLC_DEFAULT_MAX_INVOCATIONS (1ull << 30)
void gl_limits_init(gl_context *ctx);
/* Cuts a draw of *count vertices x *instances to the invocation limit
 * (whole instances first) and reports a cut once; false when nothing is
 * left to draw. */
bool gl_limit_draw(gl_context *ctx, GLenum mode, int *count, int *instances);
/* The same for a dispatch of groups of compute program cp (whole planes,
 * rows, then groups). */
bool gl_limit_dispatch(gl_context *ctx, const gp_program *cp, GLuint groups[3]);

/* ---- gl_error.c ---------------------------------------------------------------- */

/* Records err unless an earlier error is still unreported. */
void gl_error(gl_context *ctx, GLenum err);
/* Maps a mem/tex status to a GL error and records it; returns true if ok. */
bool gl_mem_ok(gl_context *ctx, mem_status st);

/* ---- gl_matrix.c --------------------------------------------------------------- */

void gl_mat_identity(float m[16]);
void gl_mat_mul(float out[16], const float a[16], const float b[16]); /* out = a * b */
bool gl_mat_invert(float out[16], const float m[16]);
void gl_mat_transpose(float out[16], const float m[16]);
void gl_mat_transform(float out[4], const float m[16], const float v[4]); /* out = m * v */
bool gl_matrix_init(gl_context *ctx);
void gl_matrix_free(gl_context *ctx);
/* Top of a stack, and its inverse (cached). */
const float *gl_matrix_top(gl_context *ctx, int stack);
const float *gl_matrix_inverse(gl_context *ctx, int stack);
const float *gl_matrix_mvp(gl_context *ctx);
const float *gl_matrix_mvp_inverse(gl_context *ctx);
/* Stack index for a matrix mode, or -1. */
int gl_matrix_stack_for_mode(gl_context *ctx, GLenum mode);
void gl_state_changed(gl_context *ctx);

/* ---- gl_state.c ------------------------------------------------------------------ */

void gl_state_init(gl_context *ctx);
/* Fills (and caches) obj's parameter table for prog; NULL on OOM. */
const gp_val (*gl_state_resolve_params(gl_context *ctx, gl_program_obj *obj, const gp_program *prog,
                                        int target))[4];
/* Applies the current colour to the material when COLOR_MATERIAL is on. */
void gl_state_color_material(gl_context *ctx);
void gl_state_fill_rast(gl_context *ctx, rast_state *rs);
int gl_tex_target_index(GLenum target); /* GLC_TEX_* or -1 */

/* ---- gl_program.c ------------------------------------------------------------------ */

bool gl_program_init(gl_context *ctx);
void gl_program_free_all(gl_context *ctx);
void gl_glsl_free_all(gl_context *ctx); /* gl_glsl.c */
int gl_program_target_index(GLenum target); /* GLC_VP/GLC_FP or -1 */
/* gp_compile for target t (GLC_VP/GLC_FP); query_info (may be NULL)
 * receives the program's counts for glGetProgramivARB. */
gp_program *gl_program_compile(gl_context *ctx, const char *text, size_t len, int t,
                               gp_error *err, gp_program_info *query_info);
void gl_program_obj_release(gl_program_obj *p);
/* The clip-distance variant of obj's position-invariant vertex program, or
 * NULL when obj's program is not one or the variant cannot be made; NULL
 * with GL_OUT_OF_MEMORY recorded and *oom set when memory ran out (the draw
 * must not go on unclipped; a later draw tries again). */
const gp_program *gl_program_clip_variant(gl_context *ctx, gl_program_obj *obj, bool *oom);

/* ---- gl_ff.c ------------------------------------------------------------------------ */

/* Generated programs (with their parameter caches) for the stages that have
 * no enabled program; NULL with an error recorded on failure.  *inputs
 * receives the varyings the generated fragment program reads. */
gl_program_obj *gl_ff_fragment_program_obj(gl_context *ctx, int num_draw_buffers,
                                           uint32_t *inputs);
gl_program_obj *gl_ff_vertex_program_obj(gl_context *ctx, uint32_t fs_inputs);
/* rast_state items a generated vertex program needs (gl_ffgen.h). */
void gl_ff_vertex_rast_state(gl_context *ctx, rast_state *rs);
void gl_ff_free(gl_context *ctx);

/* ---- gl_vertex.c --------------------------------------------------------------------- */

void gl_vertex_init(gl_context *ctx);
void gl_vertex_free(gl_context *ctx);
/* Provokes a vertex from the current values (inside Begin/End). */
void gl_imm_emit_vertex(gl_context *ctx);
/* Sets a current attribute slot (aliased), provoking a vertex for slot 0 inside Begin/End. */
void gl_attrib4f(gl_context *ctx, GLuint slot, float x, float y, float z, float w);
/* The same for a 64-bit value (VertexAttribL*: low words to current, high
 * words to current_hi). */
void gl_attrib4l(gl_context *ctx, GLuint slot, const uint64_t v[4]);
void gl_buffer_unbind_everywhere(gl_context *ctx, gl_buffer_obj *b);
/* GLC_PB_* of a NV_parameter_buffer_object target, or -1. */
int gl_buffer_param_target(GLenum target);
/* The NV_parameter_buffer_object buffers a stage's program (info; NULL:
 * none) reads, at the binding points of GLC_PB_* target t, into b's
 * param_buffers / param_buffer_words (NULL / 0 when unbound or empty),
 * each marked as read until the next flush (writes to it flush, R9). */
void gl_buffer_param_bind(gl_context *ctx, int t, const gp_program_info *info, rast_stage_binding *b);
void gl_buffer_free_all(gl_context *ctx); /* gl_buffer.c */
void gl_query_free_all(gl_context *ctx);  /* gl_query.c */
void gl_accum_clear(gl_context *ctx); /* gl_accum.c */
/* gl_vertex.c: glMaterial of a colour property inside Begin/End, before it
 * changes the context's material */
void gl_imm_material(gl_context *ctx, GLenum face, GLenum pname);
void gl_accum_free(gl_context *ctx);
/* gl_pixelmap.c: pixel maps and DrawPixels transfer (GL 2.1 3.6.5) */
void gl_pixelmap_init(gl_context *ctx);
int gl_pixelmap_size(const gl_context *ctx, GLenum map);
void gl_pixel_transfer_rgba(const gl_context *ctx, float *rgba, size_t n);
void gl_pixel_transfer_depth(const gl_context *ctx, float *rgba, size_t n);
float *gl_pixel_transfer_tex_image(const gl_context *ctx, GLenum format, GLenum type, int w, int h,
                                   int d, const void *src, GLenum *err);
/* A w x h image of RGBA floats (malloc; the caller frees it), or NULL with
 * GL_OUT_OF_MEMORY recorded. */
float *gl_rgba_image_alloc(gl_context *ctx, int w, int h);
size_t gl_index_image_extent(const gl_context *ctx, GLenum type, int w, int h);
bool gl_index_image_to_rgba(const gl_context *ctx, GLenum type, int w, int h, const void *src,
                            float *rgba);
const GLboolean *gl_edge_flag_data(gl_context *ctx, long nverts); /* gl_array.c */
/* gl_select.c: true in GL_SELECT or GL_FEEDBACK render mode; a draw then
 * goes to gl_select_draw */
bool gl_select_active(const gl_context *ctx);
void gl_select_draw(gl_context *ctx, const rast_draw *d);
void gl_select_raster_pos(gl_context *ctx);
void gl_select_pixel_token(gl_context *ctx, GLenum token);
/* the active occlusion query's counter for rast_state.samples_passed, or NULL */
uint64_t *gl_query_counter(gl_context *ctx);
/* the active PRIMITIVES_GENERATED query's counter for rast_state.prims_generated, or NULL */
uint64_t *gl_query_prims_counter(gl_context *ctx);
/* Transform feedback (gl_xfb.c): BindBuffer{Range,Base,Offset} on
 * TRANSFORM_FEEDBACK_BUFFER (ranged: size given; errors recorded); the
 * indexed queries of its bindings (-1: not one of them; 0: error recorded;
 * else 1); a deleted buffer's bindings reset. */
void gl_xfb_bind(gl_context *ctx, GLuint index, gl_buffer_obj *b, GLintptr offset,
                 GLsizeiptr size, bool ranged);
int gl_xfb_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out);
void gl_xfb_buffer_deleted(gl_context *ctx, const gl_buffer_obj *b);
/* Whether conditional rendering discards rendering commands now (gl_query.c). */
bool gl_render_discarded(const gl_context *ctx);
/* Whether a pixel buffer offset suits client type type: a multiple of the
 * bytes of one of its data (ARB_pixel_buffer_object; INVALID_OPERATION
 * otherwise). */
bool gl_pbo_offset_aligned(GLenum type, size_t offset);
/* The context's GPU address space (NV_shader_buffer_load), made on first
 * use; NULL with OUT_OF_MEMORY recorded.  Draws whose programs access
 * memory pass it to the workers; it changes only after a flush (R9). */
mem_space *gl_buffer_gpu_space(gl_context *ctx);
/* glIsEnabled for client-state arrays: 1/0, or -1 when cap is not one. */
int gl_array_is_enabled(gl_context *ctx, GLenum cap);
/* glEnable / glDisable of a client-state array (as EnableClientState);
 * false when cap is not one. */
bool gl_array_enable_cap(gl_context *ctx, GLenum cap, bool on);
/* Vertex array objects (gl_array.c): v in its initial state; the object of
 * a name (0: the default object; NULL: none); a deleted buffer's
 * attachments in every object of ctx revert to 0; whether an object of ctx
 * uses b; the context's objects freed. */
void gl_vao_init(gl_vao *v, GLuint name);
gl_vao *gl_vao_lookup(gl_context *ctx, GLuint name);
void gl_vao_buffer_deleted(gl_context *ctx, const gl_buffer_obj *b);
bool gl_vao_uses_buffer(gl_context *ctx, const gl_buffer_obj *b);
void gl_vao_free_all(gl_context *ctx);
/* Recomputes array[GP_VIN_POSITION] from vertex_array and attrib0_array. */
void gl_array_position_changed(gl_context *ctx);

/* ---- gl_image.c, gl_ssbo.c, gl_compute.c -------------------------------------------- */

enum {
    GLC_MAX_SSBO_SIZE = 1 << 27,  /* MAX_SHADER_STORAGE_BLOCK_SIZE (LIM.SSBO.BLOCK, >= 2^24):
                                     a view is clamped to it */
    GLC_SSBO_ALIGN = 16,          /* SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: keeps a view's
                                     host pointer 16-byte aligned (64-bit atomics) */
    GLC_MAX_CP_GROUPS = 65535     /* MAX_COMPUTE_WORK_GROUP_COUNT per dimension (LIM.CP.WGCOUNT) */
};

void gl_image_init(gl_context *ctx);
/* Texture t is being deleted (after a flush): image units detach it
 * (EXT_shader_image_load_store section 3.9.X). */
void gl_image_texture_deleted(gl_context *ctx, gl_texture_obj *t);
/* GetIntegeri_v / GetIntegerIndexedvEXT values of the memory extensions (IMAGE_BINDING_*,
 * SHADER_STORAGE_BUFFER_*, MAX_COMPUTE_WORK_GROUP_COUNT / SIZE): 1 with *out
 * set, 0 (error recorded) for a bad index, -1 when value is not one of them. */
int gl_image_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out);
int gl_ssbo_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out);
int gl_compute_get_indexed(gl_context *ctx, GLenum value, GLuint index, int64_t *out);
/* BindBuffer{Base,Range,OffsetNV}(SHADER_STORAGE_BUFFER, ...) once the
 * buffer (NULL for 0) is resolved: validates (INVALID_VALUE recorded) and
 * binds the indexed point and the generic binding. */
void gl_ssbo_bind(gl_context *ctx, GLuint index, gl_buffer_obj *b, GLintptr offset,
                  GLsizeiptr size, bool ranged);
/* Buffer b is being deleted: storage bindings to it revert to 0. */
void gl_ssbo_buffer_deleted(gl_context *ctx, gl_buffer_obj *b);
/* Fills res for programs whose info says what they touch (NULL entries
 * skipped): the GPU space (made when a program uses global memory), the
 * storage views over the bound buffers (marked storage_used) and the image
 * units.  False (error recorded) on OUT_OF_MEMORY. */
bool gl_resources_fill(gl_context *ctx, rast_resources *res, const gp_program_info *const *infos,
                       int n);

/* ---- gl_raster.c ---------------------------------------------------------------------- */

/* EXT_texture_integer client formats (RED_INTEGER ... LUMINANCE_ALPHA_INTEGER_EXT). */
bool gl_is_integer_client_format(GLenum f);

/* ---- gl_draw.c ------------------------------------------------------------------------ */

/* Submits a draw of the arrays in attribs (GP_VIN_COUNT rows). */
void gl_draw_submit(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                    const void *indices, const rast_attrib *attribs);
/* The general form: instances >= 1; pixel_vp replaces the vertex stage for
 * the pixel paths (gl_raster.c), NULL otherwise. */
void gl_draw_submit_ex(gl_context *ctx, GLenum mode, int first, int count, GLenum index_type,
                       const void *indices, const rast_attrib *attribs, int instances,
                       gl_program_obj *pixel_vp);
/* An indexed draw whose element k is vertex indices[k] + base_vertex
 * (ARB_draw_elements_base_vertex); the caller keeps the sums in [0, INT_MAX]. */
void gl_draw_submit_base_vertex(gl_context *ctx, GLenum mode, int count, GLenum index_type,
                                const void *indices, const rast_attrib *attribs, int instances,
                                int base_vertex);
void gl_draw_flush(gl_context *ctx);
/* Begin-time validation of the programs for a draw of mode (API.E.GEO4_PRIMS
 * included): INVALID_OPERATION for an enabled program that did not load
 * (EDGE.INVALID_PROGRAM_DRAW), a mode the enabled geometry program's
 * PRIMITIVE_IN does not take (EDGE.PRIM_MODE), or two stages using
 * different targets on one unit (TEX.STAGE_CONFLICT).  False with the error
 * recorded; the mode itself must already be valid. */
bool gl_draw_validate(gl_context *ctx, GLenum mode);
/* gl_tess.c: whether a tessellation control or evaluation program is
 * enabled (NV_tessellation_program5), so a draw has a tessellation stage. */
bool gl_tess_enabled(const gl_context *ctx);
/* EXT_texture_integer: false (INVALID_OPERATION recorded) when the draw
 * framebuffer's colour buffers are integer and no fragment program is
 * enabled (Begin, DrawPixels, Bitmap, CopyPixels). */
bool gl_draw_integer_ok(gl_context *ctx);
/* Whether mode is a primitive mode Begin and the draws take (GL_POINTS ..
 * GL_POLYGON and the four adjacency modes). */
static inline bool gl_valid_mode(GLenum mode)
{
    /* GL_PATCHES: only into a geometry program with PRIMITIVE_IN PATCHES
     * (NV_gpu_program5; gl_draw_validate) */
    return mode <= GL_POLYGON || (mode >= GL_LINES_ADJACENCY_EXT && mode <= GL_TRIANGLE_STRIP_ADJACENCY_EXT) ||
           mode == GL_PATCHES;
}
/* What a GL call is about to change that a queued scene may read or write:
 * the scene references it until it runs (R9, rast.h "Resources"). */
typedef enum gl_resource {
    GL_RES_TEXTURE,   /* a texture's storage, texels or sampling state */
    GL_RES_BUFFER,    /* a buffer's store: data, mapping, storage use */
    GL_RES_RESIDENT,  /* the GPU address table or bindless handles (residency) */
    GL_RES_SURFACE,   /* a surface a scene renders into, or the framebuffer binding */
    GL_RES_PROGRAM    /* a program's code or subroutine parameters a queued draw runs */
} gl_resource;
/* The one place that keeps "never change a resource a queued scene still
 * reads": every call that changes one of those calls this first, and it
 * decides whether the queued scene runs first (gl_draw.c).  Calls that read
 * what a scene writes (glReadPixels, glGetTexImage, glMemoryBarrier) flush
 * with gl_draw_flush. */
void gl_resource_will_change(gl_context *ctx, gl_resource what);

/* ---- gl_texture.c ---------------------------------------------------------------------- */

bool gl_texture_init(gl_context *ctx);
void gl_texture_free_all(gl_context *ctx);
/* The object a unit supplies for a gp texture target, NULL when none. */
const tex_object *gl_texture_for_unit(gl_context *ctx, int unit, int gp_target);
/* The colour channels (bit per RGBA) draw buffer i of the draw framebuffer
 * keeps: those of its attachment's base format (RGB 0x7, ALPHA 0x8,
 * LUMINANCE, RED 0x1, LUMINANCE_ALPHA 0x9, RG 0x3; INTENSITY 0x1 with
 * RAST_MASK_ALPHA_IS_RED, its alpha following red), 0xf for RGBA and the
 * default framebuffer.  Draws and clears AND it into the colour mask
 * (gl_color_mask_for), so the channels a base format lacks keep the values
 * texture/ gives them (alpha 1, else 0) and sampling applies the base
 * format. */
uint8_t gl_color_mask_for(const gl_context *ctx, int i);
/* Whether every colour buffer the draw framebuffer draws to is
 * fixed-point (ARB_color_buffer_float FIXED_ONLY; the window's are). */
bool gl_fbo_draw_fixed_point(gl_context *ctx);
/* Whether the draw framebuffer has an sRGB colour attachment
 * (FRAMEBUFFER_SRGB_CAPABLE_EXT; the window has none). */
bool gl_fbo_draw_srgb_capable(gl_context *ctx);
/* Whether fragment colours are clamped to [0, 1] as CLAMP_FRAGMENT_COLOR
 * has it for the draw framebuffer (what BLEND_COLOR and
 * COLOR_CLEAR_VALUE read back as). */
bool gl_clamp_fragment_colors(gl_context *ctx);
/* n colour values kept as set (ARB_color_buffer_float: BLEND_COLOR,
 * COLOR_CLEAR_VALUE, FOG_COLOR, TEXTURE_ENV_COLOR, the border colour,
 * ALPHA_TEST_REF) as queries and state.* bindings read them: clamped to
 * [0, 1] where fragment colours are (as Mesa). */
void gl_colors_as_read(gl_context *ctx, const float *in, float *out, int n);
uint8_t gl_draw_buffer_channels(const gl_context *ctx, int i);

/* ---- gl_names.c: the entry points' checks ---------------------------------------------- */

/* The checks of calls taking n names (Gen*, Delete*, PrioritizeTextures,
 * DeleteLists): false, with the error recorded, inside
 * Begin/End (INVALID_OPERATION) or for n < 0 (INVALID_VALUE). */
bool gl_names_count_ok(gl_context *ctx, GLsizei n);
/* Gen*: those checks, then n names of t reserved into names (OUT_OF_MEMORY
 * recorded when that fails); true when names were written. */
bool gl_names_gen_checked(gl_context *ctx, gl_name_table *t, GLsizei n, GLuint *names);
/* Delete*: those checks, then each of the n names (NULL: none) that t
 * holds is removed; an object (not a name only reserved by Gen*) is first
 * given to detach, which unbinds it everywhere, and after the removal,
 * retire_kind >= 0, retired (gl_share_retire: freed when no context sharing
 * it binds it any more, GL 2.1 Appendix D.1.2). */
void gl_names_delete(gl_context *ctx, gl_name_table *t, GLsizei n, const GLuint *names,
                     void (*detach)(gl_context *ctx, void *obj), int retire_kind);

/* ---- gl_sampler.c ---------------------------------------------------------------------- */

/* The state of the sampler object bound to a unit (ARB_sampler_objects),
 * NULL when none is (or unit is out of range). */
const tex_sampler *gl_sampler_for_unit(const gl_context *ctx, int unit);
void gl_sampler_obj_destroy(gl_sampler_obj *s);
/* The sampling parameters textures and sampler objects share (GL 3.3
 * table 6.23 and TEXTURE_MAX_ANISOTROPY_EXT), for TexParameter and
 * SamplerParameter alike.  Set: v holds n values (4 for the border colour),
 * ints the border colour's words from a Parameter I form (the integer border
 * colour) or NULL, rect ARB_texture_rectangle's limits on filters and wraps;
 * returns GL_NO_ERROR, or the error to record (INVALID_ENUM also for a pname
 * that is none of them) with s unchanged.  Get: the count of values written
 * to v, 0 with INVALID_ENUM recorded for a pname that is none of them. */
GLenum gl_sampling_parameter_set(tex_sampler *s, GLenum pname, const double *v, int n,
                                 const uint32_t *ints, bool rect);
int gl_sampling_parameter_get(gl_context *ctx, const tex_sampler *s, GLenum pname, double v[4]);
/* How Get{Tex,Sampler}Parameter*v return values: GL_PARAM_FLOAT as floats
 * (enums exactly), GL_PARAM_INT as ints (the border colour mapped to the full
 * integer range, the rest rounded), GL_PARAM_WORDS as the I forms (the
 * integer border colour's words; the rest as INT). */
typedef enum { GL_PARAM_FLOAT, GL_PARAM_INT, GL_PARAM_WORDS } gl_param_kind;
/* Stores n values v of pname in params (may be NULL) as kind says; s holds
 * the integer border colour GL_PARAM_WORDS returns (NULL where the caller
 * returns it itself). */
void gl_sampling_values_store(const tex_sampler *s, GLenum pname, const double *v, int n,
                              gl_param_kind kind, void *params);
/* *Parameteriv's values of pname as doubles (the border colour's four
 * mapped to [-1,1], GL 2.1 table 2.9; one value else, the rest 0); the count. */
int gl_sampling_values_from_int(GLenum pname, const GLint *params, double v[4]);
/* The GLC_TEX_* target a program texture target (gp_tex_target) samples
 * (SHADOW targets: their base target), or -1. */
int gl_texture_gp_target_index(int gp_target);
/* A program's texture target of a unit as the GL binds it: GP_TEX_* (what
 * gp_program_info says), or this for the RENDERBUFFER target, which glprog
 * reports as GP_TEX_2DMS in programs with OPTION NV_explicit_multisample
 * and without NV_texture_multisample (glprog.h). */
#define GLC_GP_TEX_RENDERBUFFER 0x100
static inline int gl_program_tex_target(const gp_program_info *info, int unit)
{
    int t = info->tex_target[unit];
    if (t == GP_TEX_2DMS && (info->options & GP_OPTION_NV_EXPLICIT_MULTISAMPLE) &&
        !(info->options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
        return GLC_GP_TEX_RENDERBUFFER;
    return t;
}
/* Sample count allocated for a request of n: 0 (n <= 0), 1, 2, 4 or 8. */
int gl_texture_round_samples(int n);
gl_texture_obj *gl_texture_lookup(gl_context *ctx, GLuint name);

/* ---- gl_bindless.c (NV_bindless_texture) ------------------------------------------------- */

/* Texture t is being deleted (after a flush): its handles become invalid. */
void gl_bindless_texture_deleted(gl_context *ctx, gl_texture_obj *t);
void gl_bindless_free(gl_context *ctx);
/* The resident texture of handle h, or NULL (API thread). */
const tex_object *gl_bindless_resident(gl_context *ctx, uint64_t h);
/* TexImage* / TexParameter* / TexBuffer* on o: false (INVALID_OPERATION
 * recorded) while a texture handle names o. */
bool gl_bindless_may_modify(gl_context *ctx, const gl_texture_obj *o);
/* The store of buffer b moved or changed size (BufferData): buffer textures
 * viewing it re-attach; deleted: they detach. */
void gl_texture_buffer_changed(gl_context *ctx, gl_buffer_obj *b);
void gl_texture_buffer_deleted(gl_context *ctx, gl_buffer_obj *b);
/* The storage of renderbuffer rb was (re)allocated / rb is being deleted:
 * texture renderbuffers viewing it follow / detach. */
void gl_texture_renderbuffer_changed(gl_context *ctx, struct gl_renderbuffer_obj *rb, bool deleted);

/* ---- gl_fbo.c --------------------------------------------------------------------------- */

bool gl_fbo_init(gl_context *ctx);
void gl_fbo_free_all(gl_context *ctx);
/* The draw framebuffer as rast_framebuffer; NULL (and error recorded) when
 * incomplete. */
const rast_framebuffer *gl_fbo_draw_target(gl_context *ctx);
GLenum gl_fbo_status(gl_context *ctx, gl_framebuffer_obj *fb);
void gl_fbo_texture_deleted(gl_context *ctx, gl_texture_obj *t);
void gl_fbo_default_resized(gl_context *ctx);
/* Reads a region of the read framebuffer (after a flush) as float RGBA
 * (format GL_RGBA, or GL_DEPTH_COMPONENT / GL_STENCIL_INDEX / GL_DEPTH_STENCIL
 * with depth in [0] and stencil in [1]); pixels outside the buffer read 0.
 * out holds w*h*4 floats.  False with an error recorded. */
bool gl_fbo_read_float(gl_context *ctx, GLenum format, int x, int y, int w, int h, float *out);
/* The read framebuffer's colour buffer format (TEX_FMT_NONE, error
 * recorded, when there is none to read), and the raw words of an integer
 * one (4 per pixel, pixels outside read 0). */
tex_format gl_fbo_read_color_format(gl_context *ctx);
/* The size of the read framebuffer's buffer for format (as
 * gl_fbo_read_float); false with an error recorded when there is none. */
bool gl_fbo_read_size(gl_context *ctx, GLenum format, int *width, int *height);
bool gl_fbo_read_words(gl_context *ctx, int x, int y, int w, int h, uint32_t *out);
/* Whether the draw framebuffer's colour buffers hold integers
 * (RGBA_INTEGER_MODE_EXT). */
bool gl_fbo_draw_integer(gl_context *ctx);
/* SAMPLES of the draw (draw = true) or read framebuffer: 0 when single-sampled. */
int gl_fbo_samples(gl_context *ctx, bool draw);
/* DEPTH_BITS of the draw framebuffer (0 when incomplete or without depth). */
int gl_fbo_draw_depth_bits(gl_context *ctx);
/* Row y of an RGBA8 colour surface as RGBA8 bytes (width * 4), a
 * multisample one resolved as glBlitFramebuffer resolves it (the average
 * of its samples, rounded to nearest). */
void gl_fbo_resolve_row(const rast_surface *s, int y, unsigned char *out);

/* ---- gl_get.c ---------------------------------------------------------------------------- */

/* Small helpers shared by queries. */
static inline float gl_clampf(float v, float lo, float hi) { return v < lo ? lo : v > hi ? hi : v; }
/* An enum-valued parameter given through a float or integer variant
 * (TexParameteri(..., -1)): truncated like any conversion to GLenum, but a
 * value whose integer part GLenum cannot hold, or NaN, names no enum and
 * becomes 0xffffffff, which no parameter accepts (converting it is
 * undefined behaviour, C11 6.3.1.4). */
static inline GLenum gl_enum_param(double v) { return v > -1.0 && v < 4294967296.0 ? (GLenum)v : 0xffffffffu; }
/* Element i of an index array of type GL_UNSIGNED_BYTE / SHORT / INT, read
 * bytewise: an element array buffer offset need not be a multiple of the
 * index size (GL 2.1 section 2.9.5 sets no rule), and C forbids the
 * misaligned load. */
static inline uint32_t gl_index_at(const void *indices, GLenum type, size_t i)
{
    const unsigned char *p = indices;
    if (type == GL_UNSIGNED_BYTE)
        return p[i];
    if (type == GL_UNSIGNED_SHORT) {
        uint16_t v;
        memcpy(&v, p + 2 * i, 2);
        return v;
    }
    uint32_t v;
    memcpy(&v, p + 4 * i, 4);
    return v;
}

/* A double parameter as a GLint, truncated and saturated (NaN gives 0): C
 * leaves the conversion of an out-of-range value undefined. */
static inline GLint gl_int_param(double v)
{
    return v >= 2147483647.0 ? 2147483647 : v <= -2147483648.0 ? (GLint)-2147483647 - 1 : v == v ? (GLint)v : 0;
}

/* ---- gl_enable.c ------------------------------------------------------------------------- */

/* Returns 1/0 for a capability, or -1 (error recorded) when cap is unknown. */
int gl_is_enabled(gl_context *ctx, GLenum cap);

/* ---- gl_attrib.c ------------------------------------------------------------------------- */
void gl_attrib_free_all(gl_context *ctx);

/* ---- gl_dlist.c -------------------------------------------------------------------------- */
#include "gl_dlist_priv.h"

#endif /* GL_GL_PRIV_H */
