/*
 * gl_ffgen.h - fixed-function GL 2.1 as generated assembly programs
 * (prefix gl_ff_).
 *
 * When no vertex (fragment) program is bound, gl/ reduces the fixed-function
 * state to a variant key (R11), looks the key up in its program cache, and on
 * a miss asks this module for the program text, which it compiles with
 * gp_compile like any application program.  The texts are plain
 * `!!ARBvp1.0` / `!!ARBfp1.0` programs that read GL state only through the
 * state.* bindings of ARB_vertex_program / ARB_fragment_program, so a key
 * never holds a value (a colour, a plane, a matrix): only what changes the
 * code.  Because they are ordinary ARB programs they also run on Mesa, which
 * the tests use as the reference (gl/tests/test_ffgen_mesa.c).
 *
 * Call order (per draw, on the API thread):
 *     gl_ff_vertex_key vk;   memset(&vk, 0, sizeof vk);   ...fill...
 *     gl_ff_fragment_key fk; memset(&fk, 0, sizeof fk);   ...fill...
 *     gl_ff_fragment_key_canonicalize(&fk);
 *     vk.fs_inputs = gl_ff_fragment_key_inputs(&fk);   // or the bound
 *                          // fragment program's inputs_read & GL_FF_IN_ALL,
 *                          // plus GL_FF_IN_FOG if it has an ARB_fog option
 *     gl_ff_vertex_key_canonicalize(&vk);
 *     h = gl_ff_vertex_key_hash(&vk); ...cache look-up with ..._equal...
 *     miss: n = gl_ff_vertex_program(&vk, NULL, 0);         // length
 *           buf = malloc(n + 1); gl_ff_vertex_program(&vk, buf, n + 1);
 *           gp_compile(buf, n, GP_STAGE_VERTEX, ...);
 *
 * Keys: memset-zeroed plain bytes with no padding, hashed and compared as
 * bytes.  Fill only the fields that apply; canonicalize() then clears every
 * field that cannot change the program (disabled lights, texgen of units the
 * fragment side does not read, combiner state of non-COMBINE units ...), so
 * equal programs get equal keys.  The generators ignore irrelevant fields
 * themselves, so canonicalising only improves cache hits.
 *
 * What gl/ must do around the generated programs:
 *   - Vertex programs are ARB_position_invariant: result.position is
 *     state.matrix.mvp * vertex.position, computed by the GL layer exactly as
 *     for any position-invariant program.
 *   - clip_planes != 0: the program writes result.clip[n].x (OPTION
 *     NV_vertex_program2) = dot(eye position, state.clip[n].plane) for each
 *     plane in the mask; clip with those distances.  gl/ may instead leave
 *     clip_planes 0 and clip position-invariant programs against the planes
 *     itself (ARB_vertex_program 2.14.4.5.1); both give GL 2.1 results.
 *   - Two-sided lighting (lighting && two_side) writes result.color.back[.secondary]:
 *     select by facing as with VERTEX_PROGRAM_TWO_SIDE enabled.
 *   - point_size != 0: the program writes result.pointsize; rasterize with
 *     it as with VERTEX_PROGRAM_POINT_SIZE enabled.
 *   - Fog: the fragment program carries OPTION ARB_fog_{linear,exp,exp2};
 *     the vertex program writes result.fogcoord.x.
 *
 * Approximations (everything else follows GL 2.1 sections 2.11-2.14, 3.8.13,
 * 3.9, 3.10):
 *   - FRAGMENT_DEPTH fog uses c = |z_eye| per vertex, interpolated (GL allows
 *     approximating the eye distance; Mesa and most hardware do the same).
 *     GL_FF_FOG_SRC_RADIAL (NV_fog_distance) gives the true eye distance.
 *   - The point-size fade threshold is not applied (GL 2.1 uses it only for
 *     multisample rasterization); the distance d in the attenuation is the
 *     true eye distance sqrt(x^2+y^2+z^2) as GL 2.1 says (Mesa uses |z|).
 *   - Spot lights use GL's ">= cos(cutoff)" test; Mesa uses ">".
 *   - Sphere-map / reflection texgen use u = normalize(eye.xyz), ignoring the
 *     sign of eye.w (a negative w flips u); lighting divides by w properly.
 *   - Specular uses LIT, so f_i = (n.VP > 0) rather than (n.VP != 0); the
 *     two differ only where the diffuse term is zero anyway (GL 2.1 with
 *     back-facing light), matching every implementation.  LIT must give
 *     0^0 = 1 (ARB_vertex_program 2.14.5.13) for shininess 0; the
 *     shininess_zero key bit avoids needing it (and the half vector).
 *   - The secondary colour's alpha is 0 when lighting (ARB_vertex_program
 *     issue 43); colour sum adds rgb only.
 *   - FOG_COORD fog uses the coordinate as given (GL 2.1), not its absolute
 *     value (old Mesa took |c|).
 *   - DECAL with ALPHA, LUMINANCE, LUMINANCE_ALPHA or INTENSITY textures
 *     (undefined in GL) passes the fragment colour through, as
 *     NV_texture_shader defines it and Mesa does.
 *   - A combiner that reads TEXTUREn of a disabled unit disables blending
 *     on its own unit (ARB_texture_env_crossbar); Mesa reads zero instead.
 *
 * Ownership: the caller owns buf.  Thread-safety: all functions are pure
 * (no globals).  Errors: none; a key field out of range is treated as its
 * default (documented per field).
 */
#ifndef GL_GL_FFGEN_H
#define GL_GL_FFGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define GL_FF_MAX_LIGHTS 8
#define GL_FF_MAX_UNITS 8        /* texture units (coordinate sets) */
#define GL_FF_MAX_CLIP_PLANES 8

/* Varying bits shared with glprog.h (1u << GP_VARY_*): the slots a fragment
 * stage reads.  Equal to the GP_VARY_* numbering so gp_program_info's
 * inputs_read can be masked with GL_FF_IN_ALL and used as is. */
enum {
    GL_FF_IN_COL0 = 1u << 1,  /* GP_VARY_COL0 */
    GL_FF_IN_COL1 = 1u << 2,  /* GP_VARY_COL1 */
    GL_FF_IN_FOG = 1u << 5,   /* GP_VARY_FOG */
    GL_FF_IN_TEX0 = 1u << 7,  /* GP_VARY_TEX0; unit n is GL_FF_IN_TEX0 << n */
    GL_FF_IN_ALL = GL_FF_IN_COL0 | GL_FF_IN_COL1 | GL_FF_IN_FOG | (0xffu << 7)
};
#define GL_FF_IN_TEX(n) (GL_FF_IN_TEX0 << (n))

#define GL_FF_INVALID 0xff /* returned by the *_from_gl helpers for unknown enums */

/* ---- vertex key ---------------------------------------------------------- */

/* Texture coordinate generation mode of one coordinate (GL 2.1 2.11.4). */
enum gl_ff_texgen {
    GL_FF_TEXGEN_NONE = 0,      /* coordinate generation disabled: vertex.texcoord */
    GL_FF_TEXGEN_OBJECT_LINEAR,
    GL_FF_TEXGEN_EYE_LINEAR,
    GL_FF_TEXGEN_SPHERE_MAP,     /* s, t only */
    GL_FF_TEXGEN_NORMAL_MAP,     /* s, t, r only */
    GL_FF_TEXGEN_REFLECTION_MAP  /* s, t, r only */
};

/* Fog coordinate source (GL 2.1 3.10 FOG_COORD_SRC, NV_fog_distance). */
enum gl_ff_fog_source {
    GL_FF_FOG_SRC_DEPTH = 0,    /* FRAGMENT_DEPTH: |z_eye| (the default) */
    GL_FF_FOG_SRC_COORD,        /* FOG_COORD: vertex.fogcoord */
    GL_FF_FOG_SRC_RADIAL,       /* EYE_RADIAL_NV: sqrt(x^2+y^2+z^2) in eye space */
    GL_FF_FOG_SRC_PLANE         /* EYE_PLANE_NV: signed z_eye */
};

/* Colour material: which material properties track vertex.color.  Front
 * properties in bits 0-3, back in bits 4-7 (GL_FF_CM_BACK(x)). */
enum {
    GL_FF_CM_AMBIENT = 1u << 0,
    GL_FF_CM_DIFFUSE = 1u << 1,
    GL_FF_CM_SPECULAR = 1u << 2,
    GL_FF_CM_EMISSION = 1u << 3
};
#define GL_FF_CM_BACK(bits) ((uint8_t)((bits) << 4))

typedef struct gl_ff_vertex_key {
    /* What the fragment stage reads (GL_FF_IN_* bits): only these outputs
     * are computed.  COL0/COL1 read with two_side also give the back colours. */
    uint32_t fs_inputs;

    /* Lighting (GL 2.1 2.14.1).  The masks are over lights 0..7. */
    uint8_t lighting;           /* GL_LIGHTING enabled */
    uint8_t lights;             /* GL_LIGHTi enabled */
    uint8_t light_positional;   /* eye-space position w != 0 */
    uint8_t light_homogeneous;  /* positional with w != 1 (xyz/w needed) */
    uint8_t light_spot;         /* SPOT_CUTOFF != 180 */
    uint8_t light_attenuated;   /* positional and (k0,k1,k2) != (1,0,0) */
    uint8_t two_side;           /* LIGHT_MODEL_TWO_SIDE */
    uint8_t local_viewer;       /* LIGHT_MODEL_LOCAL_VIEWER */
    uint8_t separate_specular;  /* LIGHT_MODEL_COLOR_CONTROL == SEPARATE_SPECULAR_COLOR */
    uint8_t color_material;     /* GL_FF_CM_* bits when COLOR_MATERIAL is enabled, else 0 */
    uint8_t shininess_zero;     /* front SHININESS is 0 (and back too when two_side):
                                   the specular factor is (n.VP > 0); no half vector */
    uint8_t normalize;          /* GL_NORMALIZE */
    uint8_t rescale_normal;     /* GL_RESCALE_NORMAL */

    /* Fog coordinate, when fs_inputs has GL_FF_IN_FOG. */
    uint8_t fog_source;         /* gl_ff_fog_source */

    uint8_t clip_planes;        /* CLIP_PLANEi enabled: result.clip[i] (see top) */
    uint8_t point_size;         /* point attenuation (ARB_point_parameters) is
                                   not (1,0,0): result.pointsize */
    uint8_t texmat;             /* texture matrix n is not the identity */
    uint8_t pad_[3];            /* keep zero */
    uint8_t texgen[GL_FF_MAX_UNITS][4]; /* gl_ff_texgen for s, t, r, q per unit */
} gl_ff_vertex_key;

/* ---- fragment key -------------------------------------------------------- */

enum gl_ff_tex_target {
    GL_FF_TEX_NONE = 0,  /* unit disabled */
    GL_FF_TEX_1D,
    GL_FF_TEX_2D,
    GL_FF_TEX_3D,
    GL_FF_TEX_CUBE,
    GL_FF_TEX_RECT
};

/* Base format class of the unit's texture, as the legacy env modes see it
 * (GL 2.1 tables 3.22/3.23).  A depth texture is the class its
 * DEPTH_TEXTURE_MODE names (LUMINANCE, INTENSITY or ALPHA). */
enum gl_ff_tex_format {
    GL_FF_FMT_RGBA = 0,
    GL_FF_FMT_RGB,
    GL_FF_FMT_ALPHA,
    GL_FF_FMT_LUMINANCE,
    GL_FF_FMT_LUMINANCE_ALPHA,
    GL_FF_FMT_INTENSITY
};

enum gl_ff_env_mode {
    GL_FF_ENV_MODULATE = 0,  /* the GL default */
    GL_FF_ENV_REPLACE,
    GL_FF_ENV_DECAL,
    GL_FF_ENV_BLEND,
    GL_FF_ENV_ADD,
    GL_FF_ENV_COMBINE
};

/* COMBINE_RGB / COMBINE_ALPHA (ARB_texture_env_combine, _dot3,
 * ATI_texture_env_combine3). */
enum gl_ff_combine_mode {
    GL_FF_COMBINE_REPLACE = 0,     /* a0 */
    GL_FF_COMBINE_MODULATE,        /* a0 * a1 */
    GL_FF_COMBINE_ADD,             /* a0 + a1 */
    GL_FF_COMBINE_ADD_SIGNED,      /* a0 + a1 - 0.5 */
    GL_FF_COMBINE_INTERPOLATE,     /* a0 * a2 + a1 * (1 - a2) */
    GL_FF_COMBINE_SUBTRACT,        /* a0 - a1 */
    GL_FF_COMBINE_DOT3_RGB,        /* 4 * ((a0-.5).(a1-.5)) into rgb (RGB only) */
    GL_FF_COMBINE_DOT3_RGBA,       /* ... into rgba; COMBINE_ALPHA ignored (RGB only) */
    GL_FF_COMBINE_MODULATE_ADD,        /* ATI: a0 * a2 + a1 */
    GL_FF_COMBINE_MODULATE_SIGNED_ADD, /* ATI: a0 * a2 + a1 - 0.5 */
    GL_FF_COMBINE_MODULATE_SUBTRACT,   /* ATI: a0 * a2 - a1 */
    GL_FF_COMBINE_MODE_COUNT
};

/* SOURCEn_RGB / SOURCEn_ALPHA.  TEXTUREn (crossbar) is GL_FF_SRC_TEXTURE0 + n. */
enum gl_ff_combine_src {
    GL_FF_SRC_TEXTURE = 0,     /* this unit's texture */
    GL_FF_SRC_CONSTANT,        /* TEXTURE_ENV_COLOR */
    GL_FF_SRC_PRIMARY_COLOR,   /* fragment primary colour */
    GL_FF_SRC_PREVIOUS,        /* previous unit's result (primary colour on the first) */
    GL_FF_SRC_ZERO,            /* ATI_texture_env_combine3 */
    GL_FF_SRC_ONE,             /* ATI_texture_env_combine3 */
    GL_FF_SRC_TEXTURE0 = 8     /* ..15: ARB_texture_env_crossbar */
};

/* OPERANDn_RGB / OPERANDn_ALPHA (alpha accepts only the two ALPHA ones;
 * a COLOR operand on alpha is read as its ALPHA counterpart). */
enum gl_ff_combine_operand {
    GL_FF_OP_SRC_COLOR = 0,
    GL_FF_OP_ONE_MINUS_SRC_COLOR,
    GL_FF_OP_SRC_ALPHA,
    GL_FF_OP_ONE_MINUS_SRC_ALPHA
};

typedef struct gl_ff_combine {
    uint8_t mode;     /* gl_ff_combine_mode */
    uint8_t shift;    /* log2 of RGB_SCALE / ALPHA_SCALE: 0, 1, 2 */
    uint8_t src[3];   /* gl_ff_combine_src */
    uint8_t op[3];    /* gl_ff_combine_operand */
} gl_ff_combine;

typedef struct gl_ff_tex_unit {
    uint8_t target;   /* gl_ff_tex_target; NONE = unit disabled */
    uint8_t shadow;   /* depth texture with COMPARE_R_TO_TEXTURE (1D/2D/RECT):
                         sampled with SHADOW* targets */
    uint8_t format;   /* gl_ff_tex_format, for env modes other than COMBINE */
    uint8_t env_mode; /* gl_ff_env_mode */
    gl_ff_combine rgb, alpha; /* env_mode == COMBINE only */
} gl_ff_tex_unit;

enum gl_ff_fog_mode {
    GL_FF_FOG_NONE = 0,
    GL_FF_FOG_LINEAR,
    GL_FF_FOG_EXP,
    GL_FF_FOG_EXP2
};

typedef struct gl_ff_fragment_key {
    gl_ff_tex_unit unit[GL_FF_MAX_UNITS];
    /* Colour sum (GL 2.1 3.9): lighting ? separate_specular : COLOR_SUM. */
    uint8_t color_sum;
    uint8_t fog_mode;          /* gl_ff_fog_mode; NONE when GL_FOG is disabled */
    /* 0 or 1: write result.color only.  n > 1: OPTION ARB_draw_buffers and
     * the same colour to result.color[0..n-1] (fixed function broadcasts). */
    uint8_t num_draw_buffers;
    uint8_t pad_;              /* keep zero */
} gl_ff_fragment_key;

/* ---- generation ---------------------------------------------------------- */

/* Write the program text for k into buf (at most size bytes, always
 * NUL-terminated when size > 0) and return its length without the NUL, as
 * snprintf does: a return >= size means buf was too small. */
size_t gl_ff_vertex_program(const gl_ff_vertex_key *k, char *buf, size_t size);
size_t gl_ff_fragment_program(const gl_ff_fragment_key *k, char *buf, size_t size);

/* The GL_FF_IN_* slots the generated fragment program reads: put them in
 * the vertex key's fs_inputs. */
uint32_t gl_ff_fragment_key_inputs(const gl_ff_fragment_key *k);

/* Clear fields that cannot change the program (see top). */
void gl_ff_vertex_key_canonicalize(gl_ff_vertex_key *k);
void gl_ff_fragment_key_canonicalize(gl_ff_fragment_key *k);

/* Bytewise hash (FNV-1a) and equality. */
uint32_t gl_ff_vertex_key_hash(const gl_ff_vertex_key *k);
bool gl_ff_vertex_key_equal(const gl_ff_vertex_key *a, const gl_ff_vertex_key *b);
uint32_t gl_ff_fragment_key_hash(const gl_ff_fragment_key *k);
bool gl_ff_fragment_key_equal(const gl_ff_fragment_key *a, const gl_ff_fragment_key *b);

/* ---- GL enum translation (GLenum values as unsigned) --------------------- */

/* GL_OBJECT_LINEAR .. GL_REFLECTION_MAP -> gl_ff_texgen. */
uint8_t gl_ff_texgen_from_gl(unsigned mode);
/* COLOR_MATERIAL_FACE, COLOR_MATERIAL_PARAMETER -> GL_FF_CM_* bits. */
uint8_t gl_ff_color_material_from_gl(unsigned face, unsigned mode);
/* FOG_COORD_SRC (and FOG_DISTANCE_MODE_NV, or 0) -> gl_ff_fog_source. */
uint8_t gl_ff_fog_source_from_gl(unsigned coord_src, unsigned distance_mode);
/* FOG_MODE -> gl_ff_fog_mode (GL_FOG enabled). */
uint8_t gl_ff_fog_mode_from_gl(unsigned mode);
/* Texture base format (GL_ALPHA, GL_LUMINANCE, ..., GL_DEPTH_COMPONENT,
 * GL_DEPTH_STENCIL) and DEPTH_TEXTURE_MODE -> gl_ff_tex_format. */
uint8_t gl_ff_format_from_gl(unsigned base_format, unsigned depth_mode);
uint8_t gl_ff_env_mode_from_gl(unsigned mode);
uint8_t gl_ff_combine_mode_from_gl(unsigned mode);
uint8_t gl_ff_combine_src_from_gl(unsigned src);
uint8_t gl_ff_combine_operand_from_gl(unsigned operand);
/* RGB_SCALE / ALPHA_SCALE (1, 2, 4) -> shift. */
uint8_t gl_ff_combine_shift_from_scale(float scale);

#ifdef __cplusplus
}
#endif
#endif /* GL_GL_FFGEN_H */
