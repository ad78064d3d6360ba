/*
 * glprog.h - the assembly program compiler and executor (prefix gp_).
 *
 * Text -> tokens -> parse tree -> checked IR -> executable form -> run on
 * GP_LANES lanes at once.  This is the only header other folders include.
 *
 * Call order:
 *     gp_limits lim; gp_limits_default(&lim, GP_STAGE_FRAGMENT);
 *     gp_error err;
 *     gp_program *p = gp_compile(text, len, GP_STAGE_FRAGMENT, &lim, &err);
 *     if (!p) -> err.pos / err.line / err.col / err.msg (GL_INVALID_OPERATION)
 *     const gp_program_info *info = gp_program_get_info(p);
 *     per draw: resolve info->params[] into a gp_val[num_params][4] table
 *     per task: gp_exec(p, &env) on up to GP_LANES lanes
 *     gp_program_free(p);
 *
 * Ownership: a gp_program is immutable after gp_compile and may be executed
 * from any number of threads at once; each thread brings its own
 * gp_machine (register scratch).  Errors never live in globals: the first one
 * is returned in the caller's gp_error.
 */
#ifndef GLPROG_GLPROG_H
#define GLPROG_GLPROG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- lanes and values ---------------------------------------------------- */

/* Lanes per task.  Fragment lanes are 2x2 quads: lane = quad*4 + (y&1)*2 + (x&1),
 * so lanes 4q..4q+3 are the pixels (x0,y0) (x1,y0) (x0,y1) (x1,y1) of quad q.
 * Vertex and geometry programs use the lanes for independent invocations. */
#define GP_LANES 16

/* Program parameter buffer binding points program.buffer[a] a program can
 * name (NV_parameter_buffer_object; gp_limits.max_parameter_buffer_bindings
 * is clamped to it). */
#define GP_MAX_PARAM_BUFFERS 16

typedef union gp_val {
    float f;
    int32_t i;
    uint32_t u;
} gp_val;

/* One 4-component register over all lanes, structure of arrays. */
typedef struct gp_vec {
    gp_val c[4][GP_LANES];
} gp_vec;

typedef enum gp_stage {
    GP_STAGE_VERTEX,
    GP_STAGE_FRAGMENT,
    GP_STAGE_GEOMETRY,
    GP_STAGE_TESS_CONTROL,
    GP_STAGE_TESS_EVAL,
    GP_STAGE_COMPUTE,
    GP_STAGE_COUNT
} gp_stage;

/* The language named by the header ("!!ARBvp1.0" ...). */
typedef enum gp_lang {
    GP_LANG_ARBVP10,
    GP_LANG_ARBFP10,
    GP_LANG_NVVP40,
    GP_LANG_NVFP40,
    GP_LANG_NVGP40,
    GP_LANG_NVVP50,
    GP_LANG_NVFP50,
    GP_LANG_NVGP50,
    GP_LANG_NVTCP50,
    GP_LANG_NVTEP50,
    GP_LANG_NVCP50,
    GP_LANG_COUNT
} gp_lang;

/* ---- limits -------------------------------------------------------------- */

/* Resource limits, passed in so tests can shrink them (queryable through
 * glGetProgramivARB MAX_* and MAX_PROGRAM_NATIVE_*). */
typedef struct gp_limits {
    int max_instructions;
    int max_alu_instructions;    /* fragment */
    int max_tex_instructions;    /* fragment */
    int max_tex_indirections;    /* fragment */
    int max_temporaries;
    int max_parameters;
    int max_attribs;
    int max_address_registers;
    int max_env_parameters;
    int max_local_parameters;
    int max_texture_coords;      /* fragment.texcoord[n], result.texcoord[n] */
    int max_texture_image_units; /* texture[n] */
    int max_draw_buffers;        /* result.color[n] */
    int max_program_matrices;    /* state.matrix.program[n] */
    int max_program_matrix_stack_depth;
    int max_lights;
    int max_clip_planes;
    int max_texture_units;       /* fixed-function units: state.texgen[n], texenv */
    int max_exec_instructions;   /* NV_vertex_program3 / fragment_program2 */
    int max_loop_depth;
    int max_loop_count;
    int max_call_depth;
    int max_if_depth;
    /* Added by the front end: */
    int max_vertex_units;        /* ARB_vertex_blend units: vertex.weight[n], modelview[n] (1 = no blending) */
    int max_palette_matrices;    /* ARB_matrix_palette: state.matrix.palette[n] (0 = unsupported) */
    /* NV_gpu_program4 (NV_geometry_program4, NV_parameter_buffer_object): */
    int max_output_vertices;          /* MAX_PROGRAM_OUTPUT_VERTICES_NV: VERTICES_OUT bound */
    int max_total_output_components;  /* MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV */
    int max_parameter_buffer_bindings; /* MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV: program.buffer[a] */
    int max_parameter_buffer_size;    /* MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV, in 32-bit words */
} gp_limits;

void gp_limits_default(gp_limits *lim, gp_stage stage);

/* ---- diagnostics ---------------------------------------------------------- */

typedef struct gp_error {
    int pos;        /* byte offset of the offending token, -1 if none */
    int line, col;  /* 1-based */
    char msg[256];  /* "line L, column C: message" is built by the caller */
    bool out_of_memory; /* the failure was an allocation: GL_OUT_OF_MEMORY, not INVALID_OPERATION */
} gp_error;

/* ---- input and output slots ---------------------------------------------- */

/* Vertex program inputs.  Generic attributes and conventional ones alias as in
 * ARB_vertex_program Table X.2.1 (asmgl aliases them, as NVIDIA does). */
enum {
    GP_VIN_POSITION = 0,
    GP_VIN_WEIGHT = 1,
    GP_VIN_NORMAL = 2,
    GP_VIN_COLOR0 = 3,
    GP_VIN_COLOR1 = 4,
    GP_VIN_FOGCOORD = 5,
    GP_VIN_TEX0 = 8, /* ..15 */
    GP_VIN_GENERIC0 = 0, /* vertex.attrib[n] == slot n */
    GP_VIN_COUNT = 16,   /* the generic (= conventional, aliased) attributes */
    /* NV_vertex_program4 integer inputs, after the attributes (not vertex
     * arrays: the vertex fetch fills them).  A vertex program's input array
     * has GP_VIN_SLOTS rows when info->inputs_read has either bit. */
    GP_VIN_VERTEXID = GP_VIN_COUNT,       /* vertex.id: (id, -, -, -) signed int */
    GP_VIN_INSTANCEID = GP_VIN_COUNT + 1, /* vertex.instance: (i, -, -, -) signed int */
    GP_VIN_SLOTS = GP_VIN_COUNT + 2,
    /* NV_gpu_program5 "LONG ATTRIB" (2.X.3.1; 64-bit vertex attributes of
     * EXT_vertex_attrib_64bit / NV_vertex_attrib_integer_64bit): attribute
     * slot n keeps the low 32 bits of its four 64-bit components in row n
     * and the high 32 bits in row GP_VIN_LONG_HI + n (gp_src.hi =
     * GP_VIN_LONG_HI, gp_ir.h "64-bit storage").  info->inputs_read has bit
     * GP_VIN_LONG_HI + n for each high row a program reads; a vertex
     * program's input array then has GP_VIN_ROWS rows (the vertex fetch
     * fills the high rows: a double's IEEE bits, an int64's integer; 0 for
     * 32-bit attributes).  A 32-bit operand of a LONG ATTRIB narrows as for
     * LONG TEMP, and a program reading the attribute without LONG sees the
     * low words. */
    GP_VIN_LONG_HI = GP_VIN_SLOTS,
    GP_VIN_ROWS = GP_VIN_LONG_HI + GP_VIN_COUNT /* 34 <= 64: inputs_read bits */
};

/* Varyings: vertex (and geometry) outputs and fragment inputs share one slot
 * space so the rasterizer can pass them straight through. */
enum {
    GP_VARY_POS = 0,   /* vertex: result.position (clip); fragment: fragment.position (window) */
    GP_VARY_COL0,      /* front primary colour; fragment.color(.primary) */
    GP_VARY_COL1,      /* front secondary colour; fragment.color.secondary */
    GP_VARY_BFC0,      /* back primary (vertex output only; two-sided colour) */
    GP_VARY_BFC1,      /* back secondary */
    GP_VARY_FOG,       /* result.fogcoord.x; fragment.fogcoord = (f,0,0,1) */
    GP_VARY_PSIZ,      /* result.pointsize.x */
    GP_VARY_TEX0,      /* ..GP_VARY_TEX0+7: result/fragment.texcoord[n] */
    GP_VARY_CLIP0 = GP_VARY_TEX0 + 8, /* result.clip[0..3] in .xyzw */
    GP_VARY_CLIP1,                    /* result.clip[4..7] in .xyzw */
    GP_VARY_ATTR0,     /* ..+31: NV_gpu_program4 result/fragment.attrib[n] */
    GP_VARY_FACE = GP_VARY_ATTR0 + 32, /* fragment.facing (fragment only) */
    GP_VARY_PRIMID,    /* primitive.id */
    GP_VARY_LAYER,     /* result.layer / fragment.layer */
    GP_VARY_VIEWPORT,  /* result.viewport */
    GP_VARY_SAMPLE,    /* NV5 fragment: (fragment.sampleid, fragment.samplemask, -, -),
                          signed / unsigned ints; the rasterizer fills it */
    GP_VARY_ID,        /* NV_vertex_program4 result.id; geometry vertex[m].id (int in .x) */
    GP_VARY_PNTC,      /* NV5 fragment.pointcoord (s, t, 0, 1): point sprite coordinates */
    GP_VARY_PRIMINFO,  /* NV5 geometry: (primitive.invocation, primitive.vertexcount, 0, 0)
                          signed ints, row GP_VARY_PRIMINFO of vertex 0 like primitive.id;
                          z is what primitive.tessouter/tessinner/patch.attrib read
                          (no tessellation stage: 0) */
    GP_VARY_COUNT
};

/* Geometry programs (NV_geometry_program4) read GP_VARY_* slots of each
 * vertex of the input primitive: the input array has gs_vertices_in *
 * GP_VARY_COUNT rows, vertex v's slot s at row v * GP_VARY_COUNT + s.
 * primitive.id is row GP_VARY_PRIMID of vertex 0 (no vertex carries that
 * slot).  Primitive types of PRIMITIVE_IN / PRIMITIVE_OUT: */
typedef enum gp_prim {
    GP_PRIM_NONE,
    GP_PRIM_POINTS,
    GP_PRIM_LINES,
    GP_PRIM_LINES_ADJACENCY,
    GP_PRIM_TRIANGLES,
    GP_PRIM_TRIANGLES_ADJACENCY,
    GP_PRIM_LINE_STRIP,
    GP_PRIM_TRIANGLE_STRIP,
    GP_PRIM_PATCHES     /* NV5 PRIMITIVE_IN PATCHES: gs_vertices_in = GP_MAX_PATCH_VERTICES
                           rows; the draw's patch size n fills vertices 0..n-1 */
} gp_prim;

/* NV_gpu_program5 geometry programs: MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV
 * (INVOCATIONS n, 1 <= n <= this), the largest patch (GL MAX_PATCH_VERTICES)
 * and MAX_VERTEX_STREAMS (EMITS s: stream 0 is rasterized, vertices to
 * streams 1..3 are dropped, there being no transform feedback; a stream
 * outside [0, 4) is undefined in the spec: asmgl drops the vertex too). */
#define GP_MAX_GS_INVOCATIONS 32
#define GP_MAX_PATCH_VERTICES 32
#define GP_MAX_VERTEX_STREAMS 4

/* ---- tessellation (NV_tessellation_program5) -----------------------------
 *
 * Per-patch values are GP_PATCH_ROWS rows of four gp_val: the outer levels
 * tessouter[0..3] in the xyzw of row GP_PATCH_TESSOUTER, the inner levels
 * tessinner[0..1] in the xy of GP_PATCH_TESSINNER (floats), and the generic
 * patch attributes patch.attrib[n] in row GP_PATCH_ATTR0 + n.
 *
 * Tessellation control programs (!!NVtcp5.0, GP_STAGE_TESS_CONTROL): one
 * invocation per output-patch vertex, info->tcp_vertices_out of them, run
 * as one group: lane l of the call with env->tcp_first_invocation = f is
 * invocation f + l (primitive.invocation).  Inputs: env->patch_in (the input
 * patch, env->patch_in_vertices vertices = primitive.vertexcount; vertex[m]
 * with m outside it reads 0), env->primitive_id.  Outputs:
 *   per vertex   env->outputs holds the whole output patch:
 *                gp_tcp_output_rows(n) gp_vecs, output vertex v's slot s at
 *                row (v / GP_LANES) * GP_TCP_ROWS + s, lane v % GP_LANES
 *                (gp_tcp_vertex_row); a call writes the rows of its own
 *                GP_LANES invocations and reads every row (vertex.out[m]),
 *                so the caller zeroes the array before the first call;
 *                rows s >= GP_VARY_COUNT of each chunk are the executor's
 *                scratch (per-patch writes per lane).
 *   per patch    env->patch_out (GP_PATCH_ROWS rows, zeroed by the caller):
 *                result.patch.* writes land there, primitive.out.* reads
 *                them.
 * Lock-step (NV_tessellation_program5 2.X.5, EDGE.TCP_RACES): the lanes of
 * one call run the group's instructions in order, every active lane
 * finishing one instruction before the next starts (IF blocks: the IF
 * group, then the ELSE group).  What asmgl makes of the spec's undefined
 * cases, the same for any thread count:
 *   - lanes writing one per-patch component in one instruction: the
 *     value of the highest-numbered invocation whose write changes it
 *     lands (so one of the values written; when all write one value,
 *     that value; the writes go per lane into scratch rows that the
 *     executor compares with the value before the instruction);
 *   - with several calls and a barrier, the calls' writes of one
 *     instruction land in call order (the highest chunk last);
 *   - a read of a value (another lane's vertex.out, a per-patch output)
 *     in the instruction that writes it sees the value from before the
 *     instruction (every lane reads its operands before any lane writes);
 *   - the IF group runs before the ELSE group, so the ELSE side's writes
 *     land last.
 * More than GP_LANES invocations run as ceil(n / GP_LANES) calls, one
 * gp_machine each, chunk k with tcp_first_invocation = k * GP_LANES.  With
 * env->barrier set, every call calls it between any two of its
 * instructions (after its per-patch writes are published), so a caller
 * that runs the calls as fibers switching at the barrier (as compute work
 * groups run, rasterizer/rast_compute.c) keeps all invocations in lock-step;
 * with barrier NULL the calls run one after the other (chunk k then sees
 * the final outputs of chunks < k and the initial ones of chunks > k).
 *
 * Tessellation evaluation programs (!!NVtep5.0, GP_STAGE_TESS_EVAL): one
 * invocation per generated vertex, lanes independent.  env->inputs has one
 * row, GP_TIN_TESSCOORD: vertex.tesscoord (u, v, w, 0) per lane (floats);
 * env->patch_in / patch_in_vertices / primitive_id as above and
 * env->patch_attr_in the per-patch inputs (primitive.tessouter, tessinner,
 * patch.attrib: the control program's env->patch_out, or the default
 * levels of PatchParameterfv without one).  Outputs: env->outputs,
 * GP_VARY_COUNT rows per lane as a vertex program's.  info->tess_mode,
 * tess_spacing, tess_vertex_order_cw and tess_point_mode are the primitive
 * generator's parameters (TESS_* declarations).
 *
 * A patch of a draw through the stages (the drawing stage's part):
 *   1. the vertex program runs on the patch's PATCH_VERTICES vertices; their
 *      GP_VARY_* outputs become env->patch_in rows;
 *   2. with a control program: zero gp_tcp_output_rows(n) gp_vecs and
 *      GP_PATCH_ROWS per-patch rows, run the calls (chunk k: first
 *      invocation k * GP_LANES, live_mask its min(GP_LANES, n - k *
 *      GP_LANES) lanes; more than one chunk: as fibers with env->barrier
 *      for lock-step); the output patch is vertex v's slot s at
 *      outputs[gp_tcp_vertex_row(v, s)].c[comp][v % GP_LANES], the levels
 *      and patch attributes are patch_out.  Without one, the output patch
 *      is the input patch and the levels are PATCH_DEFAULT_OUTER_LEVEL /
 *      INNER_LEVEL (the other patch attributes undefined: asmgl gives 0);
 *   3. the primitive generator tessellates the levels of patch_out
 *      (GP_PATCH_TESSOUTER / TESSINNER rows) with the evaluation program's
 *      info->tess_*;
 *   4. the evaluation program runs on GP_LANES generated vertices a call:
 *      env->inputs[GP_TIN_TESSCOORD] their (u, v, w), env->patch_in the
 *      output patch as rows (the control program's outputs transposed to
 *      row v * GP_VARY_COUNT + s), patch_in_vertices its size,
 *      patch_attr_in the per-patch rows; its outputs are vertices as a
 *      vertex program's, which go on to the geometry program or clipping.
 * Both programs read env->params, param_buffers (their own binding
 * points), tex and memory as the other stages do. */
#define GP_MAX_PATCH_ATTRIBS 32  /* MAX_PROGRAM_PATCH_ATTRIBS_NV (LIM.TESS5.PATCHATTR, >= 30) */
#define GP_MAX_TESS_GEN_LEVEL 64 /* MAX_TESS_GEN_LEVEL (LIM.TESS.GENLEVEL) */
enum {
    GP_PATCH_TESSOUTER = 0,
    GP_PATCH_TESSINNER = 1,
    GP_PATCH_ATTR0 = 2,
    GP_PATCH_ROWS = GP_PATCH_ATTR0 + GP_MAX_PATCH_ATTRIBS
};
/* Rows of one chunk of a control program's output array (see above): the
 * GP_VARY_COUNT per-vertex rows, then the executor's scratch (a row per
 * per-patch row and per tessellation level). */
#define GP_TCP_ROWS (GP_VARY_COUNT + GP_PATCH_ROWS + 6)
static inline int gp_tcp_output_rows(int vertices_out)
{
    return (vertices_out + GP_LANES - 1) / GP_LANES * GP_TCP_ROWS;
}
/* Row of output vertex v's slot s in a control program's output array (its
 * lane: v % GP_LANES). */
static inline int gp_tcp_vertex_row(int v, int s)
{
    return v / GP_LANES * GP_TCP_ROWS + s;
}
/* Evaluation program inputs (env->inputs rows). */
enum { GP_TIN_TESSCOORD = 0, GP_TIN_COUNT = 1 };
/* TESS_MODE, TESS_SPACING (info->tess_mode, tess_spacing). */
typedef enum gp_tess_mode { GP_TESS_NONE, GP_TESS_TRIANGLES, GP_TESS_QUADS, GP_TESS_ISOLINES } gp_tess_mode;
typedef enum gp_tess_spacing {
    GP_TESS_EQUAL, GP_TESS_FRACTIONAL_ODD, GP_TESS_FRACTIONAL_EVEN
} gp_tess_spacing;

/* Fragment outputs. */
enum {
    GP_FOUT_COLOR0 = 0, /* ..7: result.color[n] */
    GP_FOUT_DEPTH = 8,  /* result.depth.z */
    GP_FOUT_SAMPLEMASK, /* result.samplemask.x (NV5), unsigned bits */
    GP_FOUT_SECONDARY0, /* ..+7: result.color[n].secondary (NV5 OPTION
                           ARB_blend_func_extended: SRC1_COLOR / SRC1_ALPHA);
                           result.color[n].primary is GP_FOUT_COLOR0 + n */
    GP_FOUT_COUNT = GP_FOUT_SECONDARY0 + 8
};

/* ---- parameters ---------------------------------------------------------- */

/* A program reads one flat table of vec4 parameters.  gp_compile lays out
 * every PARAM, inline constant, program.env/local and state.* reference in it
 * (arrays contiguous, so relative addressing indexes the table), and lists
 * what each entry is bound to; the GL layer fills the table per draw. */
typedef enum gp_state_kind {
    GP_STATE_MATERIAL,               /* face, prop = GP_MAT_* */
    GP_STATE_LIGHT,                  /* index = light, prop = GP_LIGHT_* */
    GP_STATE_LIGHTMODEL_AMBIENT,
    GP_STATE_LIGHTMODEL_SCENECOLOR,  /* face */
    GP_STATE_LIGHTPROD,              /* index = light, face, prop = GP_MAT_AMBIENT/DIFFUSE/SPECULAR */
    GP_STATE_TEXGEN,                 /* index = unit, prop = GP_TEXGEN_* */
    GP_STATE_FOG_COLOR,
    GP_STATE_FOG_PARAMS,             /* (density, start, end, 1/(end-start)) */
    GP_STATE_CLIPPLANE,              /* index = plane */
    GP_STATE_POINT_SIZE,             /* (size, min, max, fade threshold) */
    GP_STATE_POINT_ATTENUATION,      /* (a, b, c, 1) */
    GP_STATE_MATRIX_ROW,             /* prop = GP_MATRIX_*, index = unit/palette/program n,
                                        modifier = GP_MATMOD_*, row = 0..3 */
    GP_STATE_TEXENV_COLOR,           /* index = unit */
    GP_STATE_DEPTH_RANGE,            /* (near, far, far - near, 1) */
    GP_STATE_COUNT
} gp_state_kind;

enum { GP_FACE_FRONT = 0, GP_FACE_BACK = 1 };
enum { GP_MAT_AMBIENT, GP_MAT_DIFFUSE, GP_MAT_SPECULAR, GP_MAT_EMISSION, GP_MAT_SHININESS };
enum {
    GP_LIGHT_AMBIENT, GP_LIGHT_DIFFUSE, GP_LIGHT_SPECULAR, GP_LIGHT_POSITION,
    GP_LIGHT_ATTENUATION,   /* (constant, linear, quadratic, spot exponent) */
    GP_LIGHT_SPOT_DIRECTION, /* (x, y, z, cos(spot cutoff)) */
    GP_LIGHT_HALF            /* infinite-viewer half-angle vector */
};
enum {
    GP_TEXGEN_EYE_S, GP_TEXGEN_EYE_T, GP_TEXGEN_EYE_R, GP_TEXGEN_EYE_Q,
    GP_TEXGEN_OBJECT_S, GP_TEXGEN_OBJECT_T, GP_TEXGEN_OBJECT_R, GP_TEXGEN_OBJECT_Q
};
enum {
    GP_MATRIX_MODELVIEW, /* index = n (vertex blend; only 0 without ARB_vertex_blend) */
    GP_MATRIX_PROJECTION,
    GP_MATRIX_MVP,
    GP_MATRIX_TEXTURE,   /* index = unit */
    GP_MATRIX_PALETTE,   /* index = n (ARB_matrix_palette) */
    GP_MATRIX_PROGRAM    /* index = n */
};
enum { GP_MATMOD_NONE, GP_MATMOD_INVERSE, GP_MATMOD_TRANSPOSE, GP_MATMOD_INVTRANS };

typedef struct gp_state_ref {
    uint8_t kind;     /* gp_state_kind */
    uint8_t face;     /* GP_FACE_* */
    uint8_t prop;     /* per kind, see above */
    uint8_t modifier; /* GP_MATMOD_* */
    uint16_t index;
    uint16_t row;
} gp_state_ref;

typedef enum gp_param_kind {
    GP_PARAM_CONST,  /* value[] holds it */
    GP_PARAM_ENV,    /* program.env[index] */
    GP_PARAM_LOCAL,  /* program.local[index] */
    GP_PARAM_STATE,  /* state */
    GP_PARAM_STORAGELEN /* NV_shader_storage_buffer_object program.storagelen[index]:
                           the GL layer resolves it (gl_state.c) to integer 0 in
                           every component: section 2.X.3.3 gives 0 to programs
                           loaded by ProgramStringARB (EDGE.STORAGELEN_ASM; the
                           unsized-array length exists only for GLSL blocks) */
} gp_param_kind;

typedef struct gp_param_binding {
    uint8_t kind;     /* gp_param_kind */
    uint8_t type;     /* GP_PARAM_CONST: 0 = float bits (ARB, typeless use),
                         'S' / 'U' = integers (NV_gpu_program4 constants
                         typed by their use or an INT/UINT declaration),
                         'F' = float from a FLOAT declaration */
    uint32_t index;
    gp_state_ref state;
    gp_val value[4];
} gp_param_binding;

/* ---- textures ------------------------------------------------------------ */

typedef enum gp_tex_target {
    GP_TEX_1D, GP_TEX_2D, GP_TEX_3D, GP_TEX_CUBE, GP_TEX_RECT,
    GP_TEX_SHADOW1D, GP_TEX_SHADOW2D, GP_TEX_SHADOWRECT,
    GP_TEX_ARRAY1D, GP_TEX_ARRAY2D, GP_TEX_SHADOWCUBE,
    GP_TEX_SHADOWARRAY1D, GP_TEX_SHADOWARRAY2D,
    GP_TEX_BUFFER, GP_TEX_2DMS, GP_TEX_ARRAY2DMS,
    GP_TEX_CUBEARRAY, GP_TEX_SHADOWCUBEARRAY,
    GP_TEX_TARGET_COUNT,
    GP_TEX_NONE = 0xff
} gp_tex_target;
/* NV_explicit_multisample's RENDERBUFFER target is a 2D multisample image:
 * programs get GP_TEX_2DMS for it (TXFMS only). */

/* Constant texel offsets "(x, y, z)" of NV_gpu_program4 texture
 * instructions (MIN/MAX_PROGRAM_TEXEL_OFFSET_EXT). */
#define GP_MIN_TEXEL_OFFSET (-8)
#define GP_MAX_TEXEL_OFFSET 7

typedef enum gp_tex_op {
    GP_TEXOP_TEX,  /* implicit LOD (derivatives from the quad in fragment programs, 0 elsewhere) */
    GP_TEXOP_TXP,  /* coord divided by .w first */
    GP_TEXOP_TXB,  /* LOD bias in coord.w */
    GP_TEXOP_TXL,  /* explicit LOD in coord.w */
    GP_TEXOP_TXD,  /* explicit derivatives */
    GP_TEXOP_TXF,  /* integer texel fetch, LOD in coord.w */
    GP_TEXOP_TXQ,  /* size query, LOD in coord.x */
    GP_TEXOP_TXG,  /* gather */
    GP_TEXOP_LOD,  /* LOD query */
    GP_TEXOP_TXFMS, /* multisample texel fetch: coord (x, y, layer, sample) .i on
                      GP_TEX_2DMS (layer ignored) / GP_TEX_ARRAY2DMS; a texel,
                      layer or sample out of range reads (0, 0, 0, 0) */
    GP_TEXOP_TXGO  /* NV5 gather with per-texel offsets: texel n at
                      (gather_x.c[n], gather_y.c[n]) (texture/ tex_sample
                      hands it to tex_sample_gather_offsets) */
} gp_tex_op;

/* NV_gpu_program5 TXGO offset limits (MIN/MAX_PROGRAM_TEXTURE_GATHER_
 * OFFSET_NV, NVIDIA's values, issue 2).  Offsets outside them (run-time
 * values) are undefined in the spec; asmgl uses them as given. */
#define GP_MIN_GATHER_OFFSET (-32)
#define GP_MAX_GATHER_OFFSET 31

/* One texture instruction over a task, as the executor hands it to the
 * sampler (the rasterizer wires this to texture/).  The sampler computes
 * implicit LOD itself from lane differences within each quad when
 * quad_derivatives is set. */
typedef struct gp_tex_request {
    uint8_t op;          /* gp_tex_op */
    uint8_t target;      /* gp_tex_target */
    uint8_t unit;
    uint8_t component;   /* TXG: which component to gather */
    bool quad_derivatives;
    const gp_vec *coord;
    const gp_vec *ddx, *ddy;   /* TXD only */
    const gp_vec *offset_reg;  /* NV5 register offsets, else NULL */
    int8_t offset[3];          /* constant texel offsets */
    uint32_t lane_mask;        /* lanes whose result is needed (includes helpers) */
    /* NV_gpu_program5 (NULL otherwise): */
    const gp_vec *gather_x, *gather_y; /* GP_TEXOP_TXGO: per-texel offsets (.i) */
    const gp_vec *extra;       /* two-operand form: .x = SHADOWCUBEARRAY reference */
    /* NV_bindless_texture (OPTION NV_bindless_texture, "handle(<scalar>)"):
     * when bindless is set, every lane of lane_mask uses the texture of this
     * 64-bit handle instead of unit (the executor groups the lanes by
     * handle and calls once per distinct nonzero handle; handle 0, never a
     * valid handle, reads (0, 0, 0, 0) without a call).  The sampler returns
     * all-zero bits for a handle that is not resident or not valid. */
    bool bindless;
    uint64_t handle;
} gp_tex_request;

/* Writes the filtered result (float or integer per the texture format) for
 * the lanes in req->lane_mask.  Called from worker threads. */
typedef void (*gp_tex_fn)(void *user, const gp_tex_request *req, gp_vec *out);

/* A texture unit's own lookup, which the sampler may offer for the plain
 * lookups of the unit: TEX, TXP, TXB and TXL with constant offsets, not
 * bindless.  fn(self, req, mask, out) writes what gp_tex_fn would for the
 * lanes of mask (req->lane_mask), or returns false having written nothing
 * (then the executor calls gp_tex_fn).  fn NULL: none. */
typedef struct gp_tex_direct {
    bool (*fn)(const void *self, const gp_tex_request *req, uint32_t mask, gp_vec *out);
    const void *self;
} gp_tex_direct;

/* ---- the compiled program -------------------------------------------------- */

enum {
    GP_OPTION_POSITION_INVARIANT = 1u << 0,
    GP_OPTION_FOG_LINEAR = 1u << 1,
    GP_OPTION_FOG_EXP = 1u << 2,
    GP_OPTION_FOG_EXP2 = 1u << 3,
    GP_OPTION_PRECISION_NICEST = 1u << 4,
    GP_OPTION_PRECISION_FASTEST = 1u << 5,
    GP_OPTION_FRAGMENT_PROGRAM_SHADOW = 1u << 6,
    GP_OPTION_DRAW_BUFFERS = 1u << 7,
    GP_OPTION_NV_FRAGMENT_PROGRAM = 1u << 8,
    GP_OPTION_NV_FRAGMENT_PROGRAM2 = 1u << 9,
    GP_OPTION_NV_VERTEX_PROGRAM2 = 1u << 10,
    GP_OPTION_NV_VERTEX_PROGRAM3 = 1u << 11,
    GP_OPTION_ORIGIN_UPPER_LEFT = 1u << 12,   /* ARB_fragment_coord_conventions */
    GP_OPTION_PIXEL_CENTER_INTEGER = 1u << 13,
    GP_OPTION_TEXTURE_ARRAY = 1u << 14,        /* MESA_texture_array */
    GP_OPTION_NV_EXPLICIT_MULTISAMPLE = 1u << 15, /* NV4: RENDERBUFFER target, TXFMS */
    GP_OPTION_NV_TEXTURE_MULTISAMPLE = 1u << 16,  /* NV4: 2DMS / ARRAY2DMS targets, TXFMS */
    /* Memory.  The !!NV*5.0 headers imply NV_shader_buffer_load
     * / _store, NV_parameter_buffer_object2 and the image instructions
     * (OPT.IMPLIED_IMAGE); these bits record the options given: */
    GP_OPTION_NV_SHADER_BUFFER_LOAD = 1u << 17,   /* NV4: LOAD (NV_shader_buffer_load) */
    GP_OPTION_NV_SHADER_ATOMIC_FLOAT = 1u << 18,  /* NV5: .F32 on ATOM/ATOMIM/ATOMB/ATOMS ADD, EXCH */
    GP_OPTION_NV_SHADER_ATOMIC_INT64 = 1u << 19,  /* NV5: .S64/.U64 on more atomic operations */
    GP_OPTION_NV_GPU_PROGRAM5_MEM_EXTENDED = 1u << 20, /* NV5: F16X2 .. U16X4 storage modifiers */
    GP_OPTION_NV_SHADER_STORAGE_BUFFER = 1u << 21, /* NV5: STORAGE, LDB STB ATOMB, program.storagelen */
    GP_OPTION_NV_PARAMETER_BUFFER_OBJECT2 = 1u << 22, /* NV4: CBUFFER, LDC (added by the front end:
                                                         the option NV4 programs need for LDC) */
    GP_OPTION_ARB_BLEND_FUNC_EXTENDED = 1u << 24, /* NV5 FP: result.color[n].primary / .secondary */
    GP_OPTION_NV_EARLY_FRAGMENT_TESTS = 1u << 25, /* NV5 FP: depth/stencil tests before the program
                                                     (NV_gpu_program5 3.X); result.depth is ignored */
    GP_OPTION_NV_SHADER_THREAD_GROUP = 1u << 28,  /* NV5: TGBALLOT, QSWZ* (NV_shader_thread_group) */
    GP_OPTION_NV_BINDLESS_TEXTURE = 1u << 29,     /* NV5: texture operand handle(<scalar>)
                                                     (NV_bindless_texture 2.X.5.Y) */
    GP_OPTION_NV_SHADER_THREAD_SHUFFLE = 1u << 30 /* NV5: SHFDOWN SHFIDX SHFUP SHFXOR
                                                     (NV_shader_thread_shuffle) */
};

/* What later stages need to know, so they never look at instructions (R3). */
typedef struct gp_program_info {
    gp_stage stage;
    gp_lang lang;
    uint32_t options;              /* GP_OPTION_* */
    uint64_t inputs_read;          /* bit per GP_VIN_* or GP_VARY_* slot */
    uint64_t outputs_written;      /* bit per GP_VARY_* or GP_FOUT_* slot */
    uint64_t outputs_int;          /* the outputs_written bits some instruction with
                                      an integer result (gp_io_kind / insn type S or U, CVT
                                      to an integer type) writes: vertex colour clamping
                                      (GL 3.0 2.19.6) skips those slots, whose words are
                                      integers (NV_gpu_program4 MOV.S result.color) */
    uint8_t tex_target[32];        /* per texture image unit: gp_tex_target or GP_TEX_NONE */
    uint32_t tex_units_used;
    bool uses_kill;                /* KIL (any form) */
    bool writes_depth;
    bool uses_derivatives;         /* DDX/DDY or implicit-LOD sampling */
    bool has_side_effects;         /* memory stores, atomics (NV5) */
    /* Counts as reported by glGetProgramivARB (native == these in asmgl). */
    int num_instructions, num_alu_instructions, num_tex_instructions;
    int num_tex_indirections, num_temporaries, num_parameters, num_attribs;
    int num_address_registers;
    /* Parameter table layout. */
    int num_params;
    const gp_param_binding *params;
    /* NV_gpu_program4 (0 / GP_PRIM_NONE in ARB programs): */
    uint64_t inputs_flat;          /* fragment: GP_VARY_* slots declared FLAT */
    uint64_t inputs_centroid;      /* ... CENTROID */
    uint64_t inputs_noperspective; /* ... NOPERSPECTIVE */
    uint64_t inputs_sample;        /* ... SAMPLE (NV5), plus the GP_VARY_SAMPLE bit when
                                      fragment.sampleid is bound: either makes the
                                      program run once per covered sample (rast.h
                                      "Multisampling") */
    uint8_t gs_primitive_in;       /* geometry: gp_prim of PRIMITIVE_IN */
    uint8_t gs_primitive_out;      /* geometry: gp_prim of PRIMITIVE_OUT */
    int gs_vertices_in;            /* geometry: vertices per input primitive (1 2 4 3 6) */
    int gs_vertices_out;           /* geometry: VERTICES_OUT */
    int num_result_components;     /* result components written (write-mask union per
                                      slot, 1 per clip distance): VERTICES_OUT times
                                      this is bounded by max_total_output_components */
    uint32_t param_buffers_used;   /* bit per program.buffer[a] binding point read */
    uint32_t param_buffers_vec4;   /* those declared BUFFER4 (elements are vec4, not words) */
    /* NV_gpu_program5 geometry programs: INVOCATIONS n (1 when not declared):
     * the program runs n times per input primitive, primitive.invocation
     * 0..n-1 (GP_VARY_PRIMINFO.x), each invocation's output after the
     * previous one's for the same primitive. */
    int gs_invocations;
    /* Tessellation (see "tessellation" above): control programs' VERTICES_OUT,
     * and the bit per GP_PATCH_* row they write (result.patch.*) or read
     * (primitive.out.*); evaluation programs' TESS_* declarations and the
     * per-patch rows they read (primitive.tessouter ...). */
    int tcp_vertices_out;
    uint64_t patch_outputs_written;
    uint64_t patch_inputs_read;
    uint8_t tess_mode;             /* gp_tess_mode (GP_TESS_NONE outside evaluation programs) */
    uint8_t tess_spacing;          /* gp_tess_spacing (EQUAL when not declared) */
    bool tess_vertex_order_cw;     /* TESS_VERTEX_ORDER CW (CCW when not declared) */
    bool tess_point_mode;          /* TESS_POINT_MODE */
    /* NV5 subroutines: 1 + the largest program.subroutine[i] index a
     * SUBROUTINE declaration binds (0: none); the count
     * glProgramSubroutineParametersuivNV must be given (see
     * gp_program_subroutine_check). */
    int num_subroutine_params;
    /* Memory: what the program touches, so callers bind only that
     * and classify the fragment program (has_side_effects: any STORE, ATOM,
     * STB, ATOMB, STOREIM, ATOMIM; STS/ATOMS only change shared memory and
     * do not count). */
    bool uses_global_memory;        /* LOAD STORE ATOM */
    uint32_t storage_used;          /* bit per program.storage[n] a STORAGE variable binds */
    uint32_t images_used;           /* bit per image unit an IMAGE variable / image[n] names */
    /* (front end: the bindings the instructions reach: every unit of an
     * IMAGE / STORAGE array an instruction indexes at run time; a declared
     * variable no instruction uses binds nothing, so that a printed and
     * recompiled program has the same info) */
    /* Compute programs: GROUP_SIZE (1 for dimensions not given), SHARED_MEMORY
     * bytes (0 = none declared), whether BAR occurs. */
    int cp_group_size[3];
    int cp_shared_size;
    bool uses_barrier;
} gp_program_info;

typedef struct gp_program gp_program;

/* Compiles src (len bytes; not NUL-terminated necessarily).  stage is the
 * target the caller binds it to: a header for another stage is an error.
 * Returns NULL and fills err on failure. */
gp_program *gp_compile(const char *src, size_t len, gp_stage stage,
                       const gp_limits *lim, gp_error *err);
void gp_program_free(gp_program *p);
const gp_program_info *gp_program_get_info(const gp_program *p);
/* Whether a program reaches memory outside its registers and textures:
 * global memory, storage buffers, images, or other side effects (stores,
 * atomics).  Two runs of a program without any cannot see each other. */
static inline bool gp_info_touches_memory(const gp_program_info *info)
{
    return info->has_side_effects || info->uses_global_memory || info->storage_used ||
           info->images_used;
}

/* The clip-distance variant of a position-invariant vertex program
 * (ARB_vertex_program 2.14.4.5.1: such a program is clipped by the client
 * clip planes in eye coordinates, as fixed function is).  Returns a new
 * program that runs p as it is and then, at END and after a RET that ends
 * the program, computes what fixed function does:
 *     eye = state.matrix.modelview * vertex.position
 *     result.clip[n].x = dot(eye, state.clip[n].plane)      n = 0..7
 * replacing any result.clip p wrote (conventional clipping wins).  Its
 * parameter table is p's rows followed by those state rows p lacks (the
 * caller resolves the variant's own info->params), and info->outputs_written
 * has GP_VARY_CLIP0 and GP_VARY_CLIP1; the counts in info are p's (the
 * appended work is not the program's, as for the position-invariant
 * prologue), and gp_program_print prints p's text.  p must be a
 * !!ARBvp1.0 program with OPTION ARB_position_invariant that fits lim
 * (NULL: the defaults) with the variant's 12 instructions, temporary, 12
 * parameters and attribute granted on top.  NULL and err filled
 * (err->out_of_memory when memory ran out) otherwise.  Free it with
 * gp_program_free.  gp_lower_clip.c. */
gp_program *gp_program_clip_variant(const gp_program *p, const gp_limits *lim, gp_error *err);

/* Punch-through (rasterizer/rast_hsr.c): the part of fragment program p
 * that decides which fragments survive it, for the ISP to run on every
 * covered fragment before hidden-surface removal: the backward slice of
 * p's KIL instructions and result.depth writes, with p's parameter table,
 * temporaries and inputs (so it runs with p's bindings), writing only
 * result.depth of the results.  On the same inputs its killed lanes and
 * depth are p's, bit for bit, and so p itself is what runs later on the
 * fragments that stay visible.  NULL (err filled; err->out_of_memory when
 * memory ran out) when p is not split: no KIL and no depth write, flow
 * control, memory or images (reads included), cross-lane operations, OPTION
 * NV_early_fragment_tests (gp_lower_punch.c lists them).  Free it with
 * gp_program_free.  gp_lower_punch.c. */
gp_program *gp_program_punch_variant(const gp_program *p, gp_error *err);
/* The same, made once per program on first request (any thread) and kept
 * with p until gp_program_free(p); NULL when p is not split. */
const gp_program *gp_program_punch_decide(const gp_program *p);

/* NV5 subroutines (ARB_shader_subroutine, "Dependencies on NV_gpu_program5").
 * Limits: MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV (program.subroutine[i], i <
 * it) and MAX_PROGRAM_SUBROUTINE_NUM_NV (SUBROUTINENUM(n), n < it). */
#define GP_MAX_SUBROUTINE_PARAMS 1024
#define GP_MAX_SUBROUTINE_NUM 1024
/* Whether num may be stored in program.subroutine[index] of p:
 * GP_SUB_OK, GP_SUB_BAD_NUM (index is bound to a SUBROUTINE variable of a
 * type and num is no SUBROUTINENUM of that type: INVALID_OPERATION).  An
 * index no declaration binds takes any value. */
enum { GP_SUB_OK = 0, GP_SUB_BAD_NUM = 1 };
int gp_program_subroutine_check(const gp_program *p, uint32_t index, uint32_t num);
/* The value program.subroutine[index] gets when the program is bound or
 * respecified (the spec's "arbitrary defaults"): the smallest SUBROUTINENUM
 * of the parameter's type, 0 for an index no declaration binds. */
uint32_t gp_program_subroutine_default(const gp_program *p, uint32_t index);

/* Disassembles the executable form (one instruction a line), into buf;
 * returns the length it needed (snprintf-style). */
size_t gp_program_print(const gp_program *p, char *buf, size_t size);

/* ---- execution ----------------------------------------------------------- */

/* Per-thread register scratch: temporaries, address registers, condition
 * codes, execution-mask and call stacks.  Not shared between threads. */
typedef struct gp_machine gp_machine;
gp_machine *gp_machine_create(void);
void gp_machine_free(gp_machine *m);

/* status: GP_EXEC_UNSUPPORTED = the program holds an instruction that is
 * no opcode of gp_opcodes.def (a damaged program); it ended there.  Every
 * opcode runs (the executor's dispatch is built from gp_opcodes.def): the
 * texture instructions through env->tex (once per distinct unit of TEXTURE
 * arrays indexed per lane; gp_ir.h tex_flags), IPAC IPAO IPAS through
 * env->interp, CALI through env->subroutine_params, the memory and image
 * instructions through env->memory; NV_shader_thread_group's TGBALLOT and
 * QSWZ0..3/X/Y (glprog/exec/group.c exec_thread_group: thread numbers are
 * lane numbers 0..15, a warp is the lanes of one gp_exec call) and
 * NV_shader_thread_shuffle's SHFDOWN SHFIDX SHFUP SHFXOR over the same
 * lanes (exec/group.c exec_shuffle, gp_ir.h).
 *
 * Thread groups (NV_gpu_program5 TGALL / TGANY / TGEQ): the thread group
 * is the lanes of one gp_exec call, i.e. one shading task (fragment
 * programs: the 4 quads of 16 lanes; vertex and geometry programs: up to
 * GP_LANES vertices / primitives).  The threads that vote are the lanes in
 * live_mask that execute the instruction (not those in another branch);
 * helper_mask lanes and lanes discarded by KIL do not vote but get the
 * result.  So a vote's result depends on how the caller batches
 * invocations into tasks, which the spec leaves undefined. */
enum { GP_EXEC_OK = 0, GP_EXEC_BUDGET_EXCEEDED = 1, GP_EXEC_UNSUPPORTED = 2 };

/* Geometry programs (NV_geometry_program4): each lane is one input
 * primitive.  EMIT and ENDPRIM call env->emit once per executed instruction
 * with the lanes that execute it (never empty, a subset of live_mask), in
 * program order, so each lane's calls come in the order that invocation
 * made them.  outputs are the current result registers (GP_VARY_* slots):
 * GP_EMIT_VERTEX copies them as the lane's next output vertex,
 * GP_EMIT_ENDPRIM ends the lane's current strip.  The end of the program
 * ends the strip too (the caller's duty: no call is made for it).  Result
 * registers keep their values after EMIT (the spec leaves them undefined).
 * A geometry program run with emit == NULL emits nothing. */
enum { GP_EMIT_VERTEX = 0, GP_EMIT_ENDPRIM = 1 };
typedef void (*gp_emit_fn)(void *user, int what, const gp_vec *outputs, uint32_t lane_mask);

/* NV_gpu_program5 IPAC / IPAO / IPAS (fragment programs): the executor asks
 * the rasterizer to evaluate input slot `slot` (a GP_VARY_* attribute) of
 * each lane in lane_mask at another position inside the lane's pixel, from
 * the primitive's attribute plane equations, honouring the slot's FLAT /
 * NOPERSPECTIVE declaration (CENTROID / SAMPLE are ignored: the position is
 * the instruction's).  mode GP_IPA_CENTROID: arg unused; GP_IPA_OFFSET:
 * arg[l] = (dx, dy) offset from the pixel centre in pixels, as the program
 * gave it (the callee clamps/snaps per LIM.GP5.IPAO_*); GP_IPA_SAMPLE:
 * arg[l][0] holds the sample number as int bits (gp_val.i).  Writes the four
 * components of out for those lanes.  NULL outside fragment programs: the
 * executor then returns the ordinary interpolated input. */
enum { GP_IPA_CENTROID, GP_IPA_OFFSET, GP_IPA_SAMPLE };
typedef void (*gp_interp_fn)(void *user, int slot, int mode, const gp_val (*arg)[2],
                             uint32_t lane_mask, gp_vec *out);

/* ---- memory (NV_shader_buffer_load/store, NV_gpu_program5
 * memory instructions, EXT_shader_image_load_store, NV_parameter_buffer_
 * object2, NV_shader_storage_buffer_object, NV_compute_program5) ---------
 *
 * The instructions (encoding: gp_ir.h "NV_gpu_program5 memory
 * instructions") reach memory through gp_exec_env.memory, one gp_memory
 * shared by every stage of a draw or dispatch, and, for compute programs,
 * gp_exec_env.shared:
 *   LOAD STORE ATOM             global memory: 64-bit GPU addresses of
 *                               resident buffers (memory/mem.h mem_gpu_*,
 *                               faults counted and reported there: a bad
 *                               read gives 0, a bad write is dropped)
 *   LDC                         CBUFFER variables: the stage's parameter
 *                               buffer bindings (env->param_buffers, read
 *                               as bytes; past param_buffer_words * 4: 0)
 *   LDB STB ATOMB               STORAGE variables: memory->storage[n]
 *                               (program.storage[n]; outside the view a
 *                               read gives 0, a write is dropped:
 *                               EDGE.SSBO_OOB)
 *   LDS STS ATOMS               SHARED variables: env->shared (the work
 *                               group's shared memory, shared_size bytes;
 *                               outside it: read 0, write dropped)
 *   LOADIM STOREIM ATOMIM       image units: memory->image (below)
 *   MEMBAR, BAR                 below
 * Stores and atomics act only for lanes that are live, not helper lanes
 * and not discarded by KIL before the instruction (EDGE.HELPER_STORES,
 * EDGE.KIL_STORES: such lanes' atomics return 0); loads run for helper
 * lanes too (derivatives).  Within one gp_exec call memory instructions
 * act lane by lane in lane order (lane 0 first), so results never depend
 * on the thread count beyond what concurrent tasks do to each other.
 * Atomics are real host atomics (memory/mem.h mem_atomic) and are exact
 * with any number of worker threads.  Alignment (EDGE.MEM_ALIGN): a
 * misaligned LOAD/STORE/LDB/STB/LDS/STS/LDC moves the bytes as if it were
 * aligned; a misaligned atomic is not performed (returns 0) and counts as
 * a fault.  MEMBAR (any form) is a sequentially consistent fence: asmgl
 * has no caches, every access is COH and VOL already. */
#define GP_MAX_STORAGE_BUFFERS 16 /* MAX_PROGRAM_STORAGE_BUFFER... bindings (LIM.SSBO.BINDINGS) */
#define GP_MAX_IMAGE_UNITS 8      /* MAX_IMAGE_UNITS_EXT (LIM.SILS.UNITS, spec minimum 8) */

struct mem_space; /* memory/mem.h */

/* A byte range a program may read and write (storage buffers). */
typedef struct gp_buffer_view {
    uint8_t *data;   /* NULL: unbound (reads 0, writes dropped) */
    size_t size;     /* bytes */
} gp_buffer_view;

/* Atomic operations (MOD.AT_*; NV_gpu_program5 ATOM pseudocode), the same
 * numbers as memory/mem.h MEM_ATOM_* (gp_exec.c checks): */
typedef enum gp_atom_op {
    GP_ATOM_ADD, GP_ATOM_MIN, GP_ATOM_MAX, GP_ATOM_IWRAP, GP_ATOM_DWRAP, GP_ATOM_AND,
    GP_ATOM_OR, GP_ATOM_XOR, GP_ATOM_EXCH, GP_ATOM_CSWAP, GP_ATOM_COUNT
} gp_atom_op;

/* Data types of operands and results (NV_gpu_program4 2.X.2.1), as
 * gp_image_request.type carries them. */
typedef enum gp_type { GP_TYPE_F32, GP_TYPE_S32, GP_TYPE_U32, GP_TYPE_F64, GP_TYPE_S64, GP_TYPE_U64 } gp_type;

/* Storage types of CVT and of memory and image elements (NV_gpu_program5
 * 2.X.4.1), as gp_image_request.elem carries them. */
typedef enum gp_cvt_type {
    GP_CVT_F16, GP_CVT_F32, GP_CVT_F64, GP_CVT_S8, GP_CVT_S16, GP_CVT_S32, GP_CVT_S64,
    GP_CVT_U8, GP_CVT_U16, GP_CVT_U32, GP_CVT_U64, GP_CVT_COUNT
} gp_cvt_type;

/* gp_image_request.op */
enum {
    GP_IMG_LOAD,            /* LOADIM: unformatted read of `elem` x `count` */
    GP_IMG_STORE,           /* STOREIM.<storage>: unformatted write (raw bits;
                               S8/U8/S16/U16 keep the low bits, EDGE.IMG_STORE_TRUNC;
                               F16: the executor hands binary16 bits in the low
                               16 bits, as LOAD returns them) */
    GP_IMG_STORE_FORMATTED, /* STOREIM[.F|.S|.U]: data (float or integer per
                               `type`) converted to the unit's format */
    GP_IMG_ATOM             /* ATOMIM: atomic on one 32-bit texel */
};

/* One image instruction over the lanes of a gp_exec call, handed to the
 * image function (the rasterizer wires it to texture/'s image units). */
typedef struct gp_image_request {
    uint8_t op;        /* GP_IMG_* */
    uint8_t target;    /* gp_tex_target of the instruction (image targets:
                          1D 2D 3D RECT CUBE BUFFER ARRAY1D ARRAY2D CUBEARRAY
                          2DMS ARRAY2DMS) */
    uint8_t unit;      /* image unit, < GP_MAX_IMAGE_UNITS */
    uint8_t elem;      /* unformatted element type: gp_cvt_type (F16 F32 S8
                          S16 S32 U8 U16 U32; no 64-bit image storage) */
    uint8_t count;     /* elements: 1, 2 or 4 (the X2 / X4 modifiers) */
    uint8_t type;      /* GP_IMG_STORE_FORMATTED: gp_type of data (F32 S32 U32) */
    uint8_t atom;      /* GP_IMG_ATOM: gp_atom_op */
    bool bindless;     /* NV_bindless_texture image handles: every lane uses */
    uint64_t handle;   /* the image of this handle instead of unit */
    const gp_vec *coord;  /* signed integer texel coordinates (x, y, z/layer,
                             sample) as the target uses them (TEX.IMG_COORDS) */
    const gp_vec *data;   /* STORE: the values; ATOM: operand in x (CSWAP:
                             compare x, new value y); else NULL */
    uint32_t lane_mask;   /* lanes to do, in lane order */
} gp_image_request;

/* Performs req for the lanes of req->lane_mask.  LOAD: out gets the raw
 * elements, each zero-extended to 32 bits (F16: its 16 bits; the executor
 * sign-extends S8/S16 and fills the missing components per EDGE.IMG_FILL);
 * ATOM: out.c[0] gets the old texel value (32 bits).  An invalid access
 * (no image bound, coordinates / layer / sample outside the image,
 * storage size not matching the format's class (EDGE.IMG_SIZE_MATCH),
 * access mode forbidding it) reads 0 and writes nothing (EDGE.IMG_INVALID).
 * Called from worker threads, possibly concurrently for the same image. */
typedef void (*gp_image_fn)(void *user, const gp_image_request *req, gp_vec *out);

/* What a draw or dispatch gives every stage's programs to reach memory. */
typedef struct gp_memory {
    const struct mem_space *space;   /* global memory; NULL = no address is
                                        resident (every access faults) */
    gp_buffer_view storage[GP_MAX_STORAGE_BUFFERS]; /* program.storage[n] */
    gp_image_fn image;               /* NULL: every image access is invalid */
    void *image_user;
} gp_memory;

/* Compute programs (NV_compute_program5, !!NVcp5.0): input rows of
 * GP_FILE_INPUT, unsigned integers, per lane (the dispatcher fills them):
 *   GP_CIN_LOCALID     invocation.localid    (x, y, z, 0)
 *   GP_CIN_GLOBALID    invocation.globalid   groupid * groupsize + localid
 *   GP_CIN_GROUPID     invocation.groupid    (x, y, z, 0)
 *   GP_CIN_GROUPCOUNT  invocation.groupcount the dispatch's (x, y, z, 0)
 *   GP_CIN_GROUPSIZE   invocation.groupsize  GROUP_SIZE (x, y, z, 0)
 *   GP_CIN_LOCALINDEX  invocation.localindex (x + y*sx + z*sx*sy, 0, 0, 0)
 * A work group of n = sx*sy*sz invocations runs as ceil(n / GP_LANES)
 * gp_exec calls (lanes in local index order, one gp_machine each).  BAR
 * makes the call's live lanes wait at env->barrier until every call of the
 * group has reached the same BAR (the dispatcher's duty; BAR in divergent
 * control flow, undefined in the spec (EDGE.BAR_DIVERGENT), is a barrier
 * for the lanes that reach it and never hangs: a call that ends releases
 * the others).  With env->barrier NULL, BAR is a no-op (a group of at most
 * GP_LANES invocations runs in one call, in lockstep). */
enum {
    GP_CIN_LOCALID, GP_CIN_GLOBALID, GP_CIN_GROUPID, GP_CIN_GROUPCOUNT, GP_CIN_GROUPSIZE,
    GP_CIN_LOCALINDEX, GP_CIN_COUNT
};
/* MAX_COMPUTE_WORK_GROUP_INVOCATIONS / _SIZE (LIM.CP.WGSIZE), shared bytes
 * (MAX_COMPUTE_SHARED_MEMORY_SIZE, LIM.CP.SHARED). */
#define GP_MAX_CP_INVOCATIONS 1024
#define GP_MAX_CP_SIZE_XY 1024
#define GP_MAX_CP_SIZE_Z 64
#define GP_MAX_CP_SHARED 49152
typedef void (*gp_barrier_fn)(void *user);

typedef struct gp_exec_env {
    gp_machine *machine;
    const gp_val (*params)[4];  /* the resolved table, info->num_params rows; a
                                   GP_PARAM_CONST row holds its value[] (compiled
                                   code takes those from the program itself) */
    const gp_vec *inputs;       /* indexed by input slot (GP_VIN_* / GP_VARY_*) */
    gp_vec *outputs;            /* indexed by output slot (GP_VARY_* / GP_FOUT_*) */
    uint32_t live_mask;         /* lanes that are real vertices / covered fragments */
    uint32_t helper_mask;       /* fragment lanes run only for derivatives */
    gp_tex_fn tex;
    void *tex_user;
    /* optional: tex_direct[u] for units u < num_tex_direct (NULL / 0: none) */
    const gp_tex_direct *tex_direct;
    uint32_t num_tex_direct;
    uint64_t insn_budget;       /* instructions x lanes; 0 = GP_DEFAULT_INSN_BUDGET */
    /* NV_parameter_buffer_object: binding point a's buffer, param_buffer_words[a]
     * 32-bit words (NULL / 0 = unbound: reads return 0).  GP_FILE_BUFFER
     * operands read them (gp_ir.h). */
    const gp_val *param_buffers[GP_MAX_PARAM_BUFFERS];
    uint32_t param_buffer_words[GP_MAX_PARAM_BUFFERS];
    /* Geometry programs: EMIT / ENDPRIM (see gp_emit_fn). */
    gp_emit_fn emit;
    void *emit_user;
    /* NV5 fragment programs: IPAC / IPAO / IPAS (see gp_interp_fn). */
    gp_interp_fn interp;
    void *interp_user;
    /* NV5 subroutines (ARB_shader_subroutine's NV_gpu_program5 section):
     * program.subroutine[i] = subroutine_params[i] (a SUBROUTINENUM), i <
     * num_subroutine_params; an index past the end, or a number no label of
     * the variable's type carries, calls nothing (CALI does not branch). */
    const uint32_t *subroutine_params;
    uint32_t num_subroutine_params;
    /* Memory ("memory" above); NULL / 0 when the stage has none. */
    const gp_memory *memory;
    uint8_t *shared;            /* compute: the work group's shared memory */
    uint32_t shared_size;
    gp_barrier_fn barrier;      /* compute: BAR (see GP_CIN_*) */
    void *barrier_user;
    /* Fault reports (mem_gpu_site): what runs ("fragment program 3"), and
     * the pixel of each lane (NULL: none). */
    const char *mem_site;
    const int32_t (*lane_pos)[2];
    /* Tessellation programs (see "tessellation" above; NULL / 0 elsewhere). */
    const gp_val (*patch_in)[4];      /* input patch: vertex v's slot s at row v * GP_VARY_COUNT + s */
    int patch_in_vertices;            /* its vertices (primitive.vertexcount) */
    const gp_val (*patch_attr_in)[4]; /* evaluation: GP_PATCH_ROWS per-patch inputs */
    gp_val (*patch_out)[4];           /* control: GP_PATCH_ROWS per-patch outputs */
    int tcp_first_invocation;         /* control: invocation of lane 0 (a multiple of GP_LANES) */
    int32_t primitive_id;             /* primitive.id */
    /* Results: */
    uint32_t killed_mask;       /* live lanes discarded by KIL */
    int status;                 /* GP_EXEC_* */
    uint64_t insn_used;         /* lane-instructions run (what insn_budget counts):
                                   the rasterizer's per-draw budget adds them up */
} gp_exec_env;

#define GP_DEFAULT_INSN_BUDGET (1ull << 26)

/* Runs p over the lanes in env->live_mask | env->helper_mask. */
void gp_exec(const gp_program *p, gp_exec_env *env);
/* Runs p over two tasks: the same results in a and in b, bits and
 * budget counts, as gp_exec(p, a) then gp_exec(p, b), for a program whose
 * two runs do not see each other (no stores, atomics or other effects
 * outside its registers; the caller makes sure).  A backend may run the
 * two tasks' instructions interleaved: compiled code keeps two dependency
 * chains in flight where one alone would wait on each result. */
void gp_exec2(const gp_program *p, gp_exec_env *a, gp_exec_env *b);
/* Whether gp_exec2 runs p's two tasks together, now or once p has run
 * for a while: false when it would only run them one after the other,
 * and a caller need not gather pairs. */
bool gp_exec_may_pair(const gp_program *p);

/* The executor's backends (docs/architecture.md "Executor backends"), for
 * tests and fuzzers that compare them: gp_exec_backends stores the names of
 * those available here (at most max; returns how many there are) in
 * preference order, and gp_exec_backend runs p like gp_exec on the one
 * named (its code prepared now if it has none yet; a program it cannot
 * prepare runs on the fallback interpreter); false, nothing run, when no
 * such backend is available.  Any thread. */
int gp_exec_backends(const char **names, int max);
bool gp_exec_backend(const char *name, const gp_program *p, gp_exec_env *env);

#ifdef __cplusplus
}
#endif
#endif /* GLPROG_GLPROG_H */
