/*
 * tex_sample_priv.h - what the two halves of sampling share (texture/ only,
 * R13): tex_sample.c, the generic sampler over every target, format and
 * op, one lane at a time; tex_sample_simd.c, the kernels over all lanes of
 * a task for the sampler states of tex_unit_prepare.  The kernels compute
 * what the generic sampler computes, bit for bit, so the small helpers
 * both use are here, once.  Worker threads: nothing here keeps state.
 */
#ifndef TEXTURE_TEX_SAMPLE_PRIV_H
#define TEXTURE_TEX_SAMPLE_PRIV_H

#include <math.h>

#include "tex_priv.h"

enum { W_REPEAT, W_MIRROR, W_EDGE, W_CLAMP, W_BORDER };

#if defined(__GNUC__)
#define TEX_INLINE static inline __attribute__((always_inline))
#else
#define TEX_INLINE static inline
#endif
enum { MIP_NONE, MIP_NEAREST, MIP_LINEAR };

/* Coordinates are clamped to +-2^24 texels before conversion to int. */
#define COORD_BIG 16777216.0f

typedef struct samp {
    const tex_object *t;
    int base, q;            /* levels used: base .. q */
    bool min_linear, mag_linear;
    int mip;                /* MIP_* */
    float c;                /* minification above this lambda (section 3.8.9) */
    float min_lod, max_lod;
    float bias;             /* texobj + texunit bias, before the clamp */
    uint8_t wrap[3];
    float border[4];        /* TEXTURE_BORDER_COLOR mapped by the base format */
    bool depth;             /* DEPTH32F storage: filter one channel, then expand */
    bool compare;           /* ARB_shadow comparison active */
    bool clamp_ref;         /* fixed-point depth: the reference is clamped to [0,1] */
    GLenum func, depth_mode;
    bool normalized;        /* false for RECT */
    bool cube;
    bool cube_array;        /* ARB_texture_cube_map_array: cube too; the face goes
                               into the layer (6 * layer + face), image[0] */
    int dims;               /* filtered dimensions: 1, 2 or 3 */
    int layer_dim;          /* -1; 1: the layer is j (1D array); 2: k (2D array) */
    int coord_layer;        /* coordinate component holding the layer */
    int ref_comp;           /* coordinate component holding the reference, -1 none */
    float scale[3];         /* base level size for the LOD (1 for RECT) */
    bool fast2d;            /* 2D-shaped RGBA8 colour lookups: the direct path */
    bool srgb;              /* EXT_texture_sRGB: RGBA8 texels sRGB-encoded, R, G, B
                               decoded to linear before filtering (section 3.8.15) */
    float aniso;            /* EXT_texture_filter_anisotropic: TEXTURE_MAX_ANISOTROPY
                               (<= TEX_MAX_ANISOTROPY) for mipmapped 2D non-cube
                               float lookups, else 1 (no anisotropy) */
    bool lane_offsets;      /* per-lane offsets (NV5 offset register) in lanes.off */
    int coff[3];            /* constant texel offsets otherwise */
    bool integer;           /* RGBA32I/UI storage: NEAREST only, raw integer results */
    uint32_t border_i[4];   /* border_color_int mapped by the base format */
} samp;

/* Per-lane values computed before filtering. */
typedef struct lanes {
    float s[GP_LANES], t[GP_LANES], r[GP_LANES];
    float ref[GP_LANES];
    int layer[GP_LANES];
    int face[GP_LANES];
    float lambda[GP_LANES];
    int off[GP_LANES][3];
    /* anisotropic probes (sp->aniso > 1): count N and the step between
     * probes along the footprint's major axis (s, t), from the quad */
    int probes[GP_LANES];
    float axis_s[GP_LANES], axis_t[GP_LANES];
} lanes;

/* ---- small helpers ------------------------------------------------------------ */

/* Plain comparisons, so that no libm call lands in the inner loop (fminf,
 * floorf are calls on baseline x86-64). */
TEX_INLINE float clampf(float v, float lo, float hi)
{
    v = v > lo ? v : lo; /* NaN -> lo */
    return v < hi ? v : hi;
}

TEX_INLINE int ifloor(float v) /* v already clamped to int range */
{
    int i = (int)v;
    return (float)i > v ? i - 1 : i;
}

TEX_INLINE int wrap_repeat(int i, int n)
{
    if ((n & (n - 1)) == 0)
        return i & (n - 1);
    int m = i % n;
    return m < 0 ? m + n : m;
}

TEX_INLINE int wrap_mirror(int i, int n)
{
    int n2 = 2 * n;
    int m = (n2 & (n2 - 1)) == 0 ? (i & (n2 - 1)) : ((i % n2) + n2) % n2;
    return m >= n ? n2 - 1 - m : m;
}

/* ---- cube maps (GL 2.1 section 3.8.6, table 3.20) ------------------------------- */

/* Per face: the axis and sign of s_c, t_c and m_a. */
static const struct {
    uint8_t sa, ta, ma;
    int8_t ss, ts, ms;
} cube_axes[6] = {
    {2, 1, 0, -1, -1, +1}, /* +X: sc = -rz, tc = -ry, ma = rx */
    {2, 1, 0, +1, -1, -1}, /* -X: sc = +rz, tc = -ry */
    {0, 2, 1, +1, +1, +1}, /* +Y: sc = +rx, tc = +rz */
    {0, 2, 1, +1, -1, -1}, /* -Y: sc = +rx, tc = -rz */
    {0, 1, 2, +1, -1, +1}, /* +Z: sc = +rx, tc = -ry */
    {0, 1, 2, -1, -1, -1}, /* -Z: sc = -rx, tc = -ry */
};

/* The face whose axis has the largest magnitude (ties: X, then Y, then Z). */
static inline int cube_face(float x, float y, float z)
{
    float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
    if (ax >= ay && ax >= az)
        return x >= 0.0f ? 0 : 1;
    if (ay >= az)
        return y >= 0.0f ? 2 : 3;
    return z >= 0.0f ? 4 : 5;
}

/* s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2 for direction v on face f. */
static inline void cube_st(int f, const float v[3], float *s, float *t)
{
    float ma = cube_axes[f].ms * v[cube_axes[f].ma];
    float k = ma > 0.0f ? 0.5f / ma : 0.0f;
    *s = cube_axes[f].ss * v[cube_axes[f].sa] * k + 0.5f;
    *t = cube_axes[f].ts * v[cube_axes[f].ta] * k + 0.5f;
}

/* ---- between the generic sampler and the kernels ------------------------------ */

/* The sampler state of one lookup (s: t's own, or merged with a sampler
 * object's), reduced for req's target, reference and offsets; false when
 * req's target is not t's.  tex_sample.c. */
bool tex_samp_setup(samp *sp, const tex_object *t, const tex_sampler *s,
                    const gp_tex_request *req, float unit_bias);

/* lambda_base of quad q (lanes 4q .. 4q+3) from its coordinate differences
 * (ln->s, t, r; cube maps: req's coordinates projected onto face).
 * tex_sample.c. */
float tex_quad_lambda_base(const samp *sp, const gp_tex_request *req, const lanes *ln, int q,
                           int face, lanes *out);

/* The generic sampler: tex_sample_with without the kernels (the reference
 * they are tested against).  tex_sample.c. */
void tex_sample_generic(const tex_object *t, const tex_sampler *so, const gp_tex_request *req,
                        float unit_lod_bias, gp_vec *out);

/* Result components that are constants, besides the components 0-3. */
enum { POST_ZERO = 4, POST_ONE = 5 };

/* How tex_sample_generic maps the float result of a filtered lookup (TEX,
 * TXP, TXB, TXL, TXD) on t when t is complete: the base format (GL 2.1
 * table 3.15), then the swizzle (ARB_texture_swizzle).  Result component q
 * is filtered component map[q], or 0 (POST_ZERO), or 1.0f (POST_ONE); false
 * when that is the identity.  tex_sample.c. */
bool tex_result_map(const tex_object *t, uint8_t map[4]);

/* A kernel: the lookup of req (a plain lookup: tex_unit_takes but for the
 * target, which the kernel checks) for the lanes of mask into out; false
 * when it cannot be done there (nothing written).  f: the unit's
 * tex_fast.  The type of glprog.h gp_tex_direct.fn. */
typedef bool (*tex_kernel_fn)(const void *f, const gp_tex_request *req, uint32_t mask,
                              gp_vec *out);

/* The kernels of one instruction set (tex_sample_simd.c): the general
 * one; one_any for a unit whose every lookup filters the base level of
 * one 2D RGBA8 image with one filter (no mipmaps, MIN == MAG); and that
 * lookup compiled for one filter (nearest, linear) and one wrap mode on
 * both axes (REPEAT, CLAMP_TO_EDGE). */
typedef struct tex_kernels {
    tex_kernel_fn general, one_any, one[2][2];
} tex_kernels;
extern const tex_kernels tex_kernels_base, tex_kernels_avx2, tex_kernels_avx512;

/* What tex_unit_prepare decides, kept in tex_unit_state.priv. */
typedef struct tex_fast {
    samp sp;           /* tex_samp_setup for t's own target: no reference, no offsets */
    bool kernel;       /* the kernels take this unit's plain lookups */
    bool need_lambda;  /* the result depends on lambda (mipmaps, or MIN != MAG) */
    tex_kernel_fn fn;  /* the kernel for them, chosen by tex_unit_prepare */
    bool post;         /* the base format or the swizzle maps the result: */
    uint8_t map[4];    /* result component q = filtered component map[q], or
                          POST_ZERO / POST_ONE */
    uint32_t targets;  /* bit per gp_tex_target the kernels take */
    int layers;        /* 2D arrays: layers at the base level, else 1 */
} tex_fast;

/* Whether the kernels are built again for AVX2 and AVX-512F
 * (tex_sample_simd_avx2.c, tex_sample_simd_avx512.c). */
#if defined(__GNUC__) && defined(__x86_64__)
#define TEX_SIMD_HAS_AVX2 1
#else
#define TEX_SIMD_HAS_AVX2 0
#endif

/* Whether the kernels serve req on u (tex_sample_simd.c). */
bool tex_unit_takes(const tex_unit_state *u, const gp_tex_request *req);

#endif /* TEXTURE_TEX_SAMPLE_PRIV_H */
