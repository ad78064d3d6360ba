/*
 * tex_sample.c - texture sampling for the program texture instructions (TEX,
 * TXP, TXB, TXL, TXD, TXF, TXQ, TXG, LOD) over one task of GP_LANES lanes.
 * Worker threads: reads texture objects only and keeps no state, so any
 * number of threads may sample one object at once.
 *
 * This is the generic sampler: every target, format and op, lane by lane.
 * Plain lookups of the common states run on the kernels of
 * tex_sample_simd.c instead (tex_unit_sample), which compute the same bits
 * over all lanes at once with the helpers of tex_sample_priv.h.
 *
 * Per call the sampler state is reduced once (filters, wraps, level range,
 * border colour, compare state: tex_samp_setup), then each lane runs
 *   coordinates (projection, cube face, array layer, reference value)
 *   -> LOD (GL 2.1 section 3.8.8; one LOD per 2x2 quad for fragment work)
 *   -> magnification or minification, level selection (section 3.8.8-3.8.9)
 *   -> NEAREST/LINEAR taps with wrap modes (section 3.8.7-3.8.8)
 *   -> depth compare and DEPTH_TEXTURE_MODE (section 3.8.14, ARB_shadow)
 * Nothing here divides per texel: wraps use masks for power-of-two sizes and
 * one integer remainder otherwise.  2D RGBA8 bilinear taps take a fast path.
 *
 * Wrap modes work on texel indices, which is equivalent to GL 2.1's clamps
 * of s (CLAMP to [0,1], CLAMP_TO_EDGE to [1/2N, 1-1/2N], CLAMP_TO_BORDER to
 * [-1/2N, 1+1/2N], MIRRORED_REPEAT mirrored then clamped as CLAMP_TO_EDGE)
 * and lets NV_gpu_program4 texel offsets be added before wrapping (its
 * section 3.8.8 edits; FEATURES TEX.OFFSET_APPLY).  A border texel (index outside the image; borders are
 * stripped at upload, see tex_object.c) reads TEXTURE_BORDER_COLOR mapped by
 * the base format.
 *
 * Integer textures (EXT_texture_integer) take a path of their own: they are
 * complete only with NEAREST filters (tex_object_complete), so a lookup is a
 * level choice and one texel copied as raw 32-bit values into gp_val .i/.u;
 * their border colour is sampler.border_color_int.  Buffer textures
 * (ARB_texture_buffer_object) answer TXF and TXQ only (tex_buffer.c).
 */
#include <math.h>
#include <string.h>

#include "tex_sample_priv.h"

/* The 1 (alpha) of tex_base_apply for each value type. */
static const float one_f = 1.0f;
static const uint32_t one_u32 = 1;


/* NEAREST: the index of the texel holding u (in texels). */
TEX_INLINE int axis_nearest(float u, int n, int mode)
{
    switch (mode) {
    case W_REPEAT: return wrap_repeat(ifloor(clampf(u, -COORD_BIG, COORD_BIG)), n);
    case W_MIRROR: return wrap_mirror(ifloor(clampf(u, -COORD_BIG, COORD_BIG)), n);
    case W_BORDER: return ifloor(clampf(u, -1.0f, (float)n + 1.0f));
    default: {
        /* CLAMP and CLAMP_TO_EDGE: s in [0,1]; s = 1 gives texel n-1 */
        int i = ifloor(clampf(u, 0.0f, (float)n));
        return i < n ? i : n - 1;
    }
    }
}

/* LINEAR: the two texels around u and the weight a of the second. */
TEX_INLINE void axis_linear(float u, int n, int mode, int *i0, int *i1, float *a)
{
    float v;
    int i;
    switch (mode) {
    case W_REPEAT:
        v = clampf(u, -COORD_BIG, COORD_BIG) - 0.5f;
        i = ifloor(v);
        *a = v - (float)i;
        *i0 = wrap_repeat(i, n);
        *i1 = wrap_repeat(i + 1, n);
        return;
    case W_MIRROR:
        v = clampf(u, -COORD_BIG, COORD_BIG) - 0.5f;
        i = ifloor(v);
        *a = v - (float)i;
        *i0 = wrap_mirror(i, n);
        *i1 = wrap_mirror(i + 1, n);
        return;
    case W_EDGE:
        v = clampf(u, 0.5f, (float)n - 0.5f) - 0.5f;
        i = ifloor(v);
        *a = v - (float)i;
        *i0 = i;
        *i1 = i + 1 < n ? i + 1 : n - 1;
        return;
    case W_CLAMP: /* s clamped to [0,1]: the outer half texel blends with the border */
        v = clampf(u, 0.0f, (float)n) - 0.5f;
        break;
    default: /* W_BORDER */
        v = clampf(u, -0.5f, (float)n + 0.5f) - 0.5f;
        break;
    }
    i = ifloor(v);
    *a = v - (float)i;
    *i0 = i;
    *i1 = i + 1;
}

static int wrap_mode(GLenum w)
{
    switch (w) {
    case GL_MIRRORED_REPEAT: return W_MIRROR;
    case GL_CLAMP_TO_EDGE: return W_EDGE;
    case GL_CLAMP: return W_CLAMP;
    case GL_CLAMP_TO_BORDER: return W_BORDER;
    default: return W_REPEAT;
    }
}

/* DEPTH_TEXTURE_MODE (ARB_depth_texture, GL 2.1 table 3.21; RED from GL 3.0). */
static inline void depth_expand(GLenum mode, float d, float out[4])
{
    switch (mode) {
    case GL_INTENSITY: out[0] = out[1] = out[2] = out[3] = d; break;
    case GL_ALPHA: out[0] = out[1] = out[2] = 0.0f; out[3] = d; break;
    case GL_RED: out[0] = d; out[1] = out[2] = 0.0f; out[3] = 1.0f; break;
    default: out[0] = out[1] = out[2] = d; out[3] = 1.0f; break; /* LUMINANCE */
    }
}

/* GL 2.1 section 3.8.14, table 3.27: 1 when the comparison passes. */
static inline float depth_compare(GLenum func, float r, float d)
{
    switch (func) {
    case GL_LEQUAL: return r <= d ? 1.0f : 0.0f;
    case GL_GEQUAL: return r >= d ? 1.0f : 0.0f;
    case GL_LESS: return r < d ? 1.0f : 0.0f;
    case GL_GREATER: return r > d ? 1.0f : 0.0f;
    case GL_EQUAL: return r == d ? 1.0f : 0.0f;
    case GL_NOTEQUAL: return r != d ? 1.0f : 0.0f;
    case GL_ALWAYS: return 1.0f;
    default: return 0.0f; /* NEVER */
    }
}


/* d(s,t) of a face for a direction v and its derivative dv (quotient rule). */
static inline void cube_dst(int f, const float v[3], const float dv[3], float *ds, float *dt)
{
    float ma = cube_axes[f].ms * v[cube_axes[f].ma];
    float dma = cube_axes[f].ms * dv[cube_axes[f].ma];
    if (!(ma > 0.0f)) {
        *ds = *dt = 0.0f;
        return;
    }
    float k = 0.5f / (ma * ma);
    float sc = cube_axes[f].ss * v[cube_axes[f].sa], dsc = cube_axes[f].ss * dv[cube_axes[f].sa];
    float tc = cube_axes[f].ts * v[cube_axes[f].ta], dtc = cube_axes[f].ts * dv[cube_axes[f].ta];
    *ds = (dsc * ma - sc * dma) * k;
    *dt = (dtc * ma - tc * dma) * k;
}

/* ---- texel fetch and per-level filtering ------------------------------------------------ */

TEX_INLINE void fetch_rgba(const samp *sp, const tex_image *img, int i, int j, int k,
                           float o[4])
{
    if ((unsigned)i >= (unsigned)img->width || (unsigned)j >= (unsigned)img->height ||
        (unsigned)k >= (unsigned)img->depth) {
        memcpy(o, sp->border, 4 * sizeof(float));
        return;
    }
    const uint8_t *p = (const uint8_t *)img->data + (size_t)k * img->slice_stride +
                       (size_t)j * img->row_stride;
    switch (img->format) {
    case TEX_FMT_RGBA8: {
        const float *rgb = sp->srgb ? tex_srgb8_to_linear : tex_u8_to_float;
        p += (size_t)i * 4;
        o[0] = rgb[p[0]];
        o[1] = rgb[p[1]];
        o[2] = rgb[p[2]];
        o[3] = tex_u8_to_float[p[3]];
        return;
    }
    case TEX_FMT_RGBA32F:
        memcpy(o, p + (size_t)i * 16, 16);
        return;
    default: /* integer storage never reaches here (fetch_int) */
        o[0] = o[1] = o[2] = 0.0f;
        o[3] = 1.0f;
        return;
    }
}

/* An integer texel (RGBA32I/UI) as raw 32-bit values, or the integer border
 * colour outside the image. */
static inline void fetch_int(const samp *sp, const tex_image *img, int i, int j, int k,
                             uint32_t o[4])
{
    if ((unsigned)i >= (unsigned)img->width || (unsigned)j >= (unsigned)img->height ||
        (unsigned)k >= (unsigned)img->depth) {
        memcpy(o, sp->border_i, 4 * sizeof(uint32_t));
        return;
    }
    memcpy(o, (const uint8_t *)img->data + (size_t)k * img->slice_stride +
                  (size_t)j * img->row_stride + (size_t)i * 16, 16);
}

/* A depth texel, or its comparison with ref when compare is on. */
static inline float fetch_depth(const samp *sp, const tex_image *img, int i, int j, int k,
                                float ref)
{
    float d;
    if ((unsigned)i >= (unsigned)img->width || (unsigned)j >= (unsigned)img->height ||
        (unsigned)k >= (unsigned)img->depth) {
        d = sp->border[0]; /* the border colour's first component is a depth */
    } else {
        memcpy(&d, (const uint8_t *)img->data + (size_t)k * img->slice_stride +
                       (size_t)j * img->row_stride + (size_t)i * 4, 4);
    }
    return sp->compare ? depth_compare(sp->func, ref, d) : d;
}

/* Coordinate of axis a in texels at a level of size n. */
TEX_INLINE float to_texels(const samp *sp, float s, int n, int off)
{
    return (sp->normalized ? s * (float)n : s) + (float)off;
}

/* The texel taps of one lookup at one level: indices per axis and weights. */
typedef struct taps {
    int i[3][2];
    float a[3];
} taps;

static inline void make_axis(const samp *sp, float c, int n, int off, int a, bool linear,
                             taps *tp)
{
    float u = to_texels(sp, c, n, off);
    if (linear) {
        axis_linear(u, n, sp->wrap[a], &tp->i[a][0], &tp->i[a][1], &tp->a[a]);
    } else {
        tp->i[a][0] = tp->i[a][1] = axis_nearest(u, n, sp->wrap[a]);
        tp->a[a] = 0.0f;
    }
}

static inline void make_taps(const samp *sp, const tex_image *img, const float crd[3],
                             int layer, const int off[3], bool linear, taps *tp)
{
    make_axis(sp, crd[0], img->width, off[0], 0, linear, tp);
    if (sp->dims >= 2) {
        make_axis(sp, crd[1], img->height, off[1], 1, linear, tp);
    } else {
        tp->i[1][0] = tp->i[1][1] = 0;
        tp->a[1] = 0.0f;
    }
    if (sp->dims == 3) {
        make_axis(sp, crd[2], img->depth, off[2], 2, linear, tp);
    } else {
        tp->i[2][0] = tp->i[2][1] = 0;
        tp->a[2] = 0.0f;
    }
    if (sp->layer_dim > 0)
        tp->i[sp->layer_dim][0] = tp->i[sp->layer_dim][1] = layer;
}

/* The direct path for 2D-shaped RGBA8 images (2D, RECT, cube faces): no
 * per-texel format switch, border checks only when a tap leaves the image. */
TEX_INLINE void level_rgba8_2d(const samp *sp, const tex_image *img, const float crd[3],
                               const int off[3], bool linear, float o[4])
{
    int w = img->width, h = img->height;
    if (!linear) {
        int i = axis_nearest(to_texels(sp, crd[0], w, off[0]), w, sp->wrap[0]);
        int j = axis_nearest(to_texels(sp, crd[1], h, off[1]), h, sp->wrap[1]);
        if ((unsigned)i < (unsigned)w && (unsigned)j < (unsigned)h) {
            const uint8_t *p = (const uint8_t *)img->data + (size_t)j * img->row_stride +
                               (size_t)i * 4;
            o[0] = tex_u8_to_float[p[0]];
            o[1] = tex_u8_to_float[p[1]];
            o[2] = tex_u8_to_float[p[2]];
            o[3] = tex_u8_to_float[p[3]];
        } else {
            memcpy(o, sp->border, 4 * sizeof(float));
        }
        return;
    }
    int i0, i1, j0, j1;
    float a, b;
    axis_linear(to_texels(sp, crd[0], w, off[0]), w, sp->wrap[0], &i0, &i1, &a);
    axis_linear(to_texels(sp, crd[1], h, off[1]), h, sp->wrap[1], &j0, &j1, &b);
    /* GL 2.1 section 3.8.8, LINEAR: (1-a)(1-b) t00 + a(1-b) t10 + (1-a)b t01 + ab t11 */
    float w00 = (1.0f - a) * (1.0f - b), w10 = a * (1.0f - b);
    float w01 = (1.0f - a) * b, w11 = a * b;
    if ((unsigned)i0 < (unsigned)w && (unsigned)i1 < (unsigned)w &&
        (unsigned)j0 < (unsigned)h && (unsigned)j1 < (unsigned)h) {
        const uint8_t *r0 = (const uint8_t *)img->data + (size_t)j0 * img->row_stride;
        const uint8_t *r1 = (const uint8_t *)img->data + (size_t)j1 * img->row_stride;
        const uint8_t *p00 = r0 + (size_t)i0 * 4, *p10 = r0 + (size_t)i1 * 4;
        const uint8_t *p01 = r1 + (size_t)i0 * 4, *p11 = r1 + (size_t)i1 * 4;
        for (int q = 0; q < 4; q++)
            o[q] = w00 * tex_u8_to_float[p00[q]] + w10 * tex_u8_to_float[p10[q]] +
                   w01 * tex_u8_to_float[p01[q]] + w11 * tex_u8_to_float[p11[q]];
        return;
    }
    float t00[4], t10[4], t01[4], t11[4];
    fetch_rgba(sp, img, i0, j0, 0, t00);
    fetch_rgba(sp, img, i1, j0, 0, t10);
    fetch_rgba(sp, img, i0, j1, 0, t01);
    fetch_rgba(sp, img, i1, j1, 0, t11);
    for (int q = 0; q < 4; q++)
        o[q] = w00 * t00[q] + w10 * t10[q] + w01 * t01[q] + w11 * t11[q];
}

/* Filters one level: RGBA (colour) or the single depth/compare value in o[0]. */
static void level_sample(const samp *sp, const tex_image *img, const float crd[3], int layer,
                         float ref, const int off[3], bool linear, float o[4])
{
    if (sp->fast2d && img->format == TEX_FMT_RGBA8) {
        level_rgba8_2d(sp, img, crd, off, linear, o);
        return;
    }
    taps tp;
    make_taps(sp, img, crd, layer, off, linear, &tp);
    if (!linear) {
        if (sp->depth)
            o[0] = fetch_depth(sp, img, tp.i[0][0], tp.i[1][0], tp.i[2][0], ref);
        else
            fetch_rgba(sp, img, tp.i[0][0], tp.i[1][0], tp.i[2][0], o);
        return;
    }

    /* generic: 2^dims taps weighted by the product of the axis weights */
    int ntaps = 1 << sp->dims;
    float acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int c = 0; c < ntaps; c++) {
        float w = 1.0f;
        int idx[3];
        for (int a = 0; a < 3; a++) {
            int bit = (a < sp->dims) ? (c >> a) & 1 : 0;
            idx[a] = tp.i[a][bit];
            if (a < sp->dims)
                w *= bit ? tp.a[a] : 1.0f - tp.a[a];
        }
        if (sp->depth) {
            acc[0] += w * fetch_depth(sp, img, idx[0], idx[1], idx[2], ref);
        } else {
            float tx[4];
            fetch_rgba(sp, img, idx[0], idx[1], idx[2], tx);
            for (int q = 0; q < 4; q++)
                acc[q] += w * tx[q];
        }
    }
    memcpy(o, acc, sizeof acc);
}

/* ---- setup --------------------------------------------------------------------------- */

/* The GL target a program target samples, or 0 when not supported yet. */
static GLenum gl_target_of(int target)
{
    switch (target) {
    case GP_TEX_1D:
    case GP_TEX_SHADOW1D: return GL_TEXTURE_1D;
    case GP_TEX_2D:
    case GP_TEX_SHADOW2D: return GL_TEXTURE_2D;
    case GP_TEX_3D: return GL_TEXTURE_3D;
    case GP_TEX_CUBE:
    case GP_TEX_SHADOWCUBE: return GL_TEXTURE_CUBE_MAP;
    case GP_TEX_RECT:
    case GP_TEX_SHADOWRECT: return GL_TEXTURE_RECTANGLE_ARB;
    case GP_TEX_ARRAY1D:
    case GP_TEX_SHADOWARRAY1D: return GL_TEXTURE_1D_ARRAY_EXT;
    case GP_TEX_ARRAY2D:
    case GP_TEX_SHADOWARRAY2D: return GL_TEXTURE_2D_ARRAY_EXT;
    case GP_TEX_CUBEARRAY:
    case GP_TEX_SHADOWCUBEARRAY: return GL_TEXTURE_CUBE_MAP_ARRAY;
    default: return 0; /* BUFFER (TXF/TXQ only), 2DMS and ARRAY2DMS (TXFMS/TXQ
                        * only; see tex_sample) */
    }
}

/* NV_gpu_program4 table X.17: where the depth reference comes from. */
static int ref_component(int target)
{
    switch (target) {
    case GP_TEX_SHADOW1D:
    case GP_TEX_SHADOW2D:
    case GP_TEX_SHADOWRECT:
    case GP_TEX_SHADOWARRAY1D: return 2;
    case GP_TEX_SHADOWCUBE:
    case GP_TEX_SHADOWARRAY2D: return 3;
    case GP_TEX_SHADOWCUBEARRAY: return 4; /* req->extra.x (TEX.EXTRA_OPERAND) */
    default: return -1;
    }
}

/* s: the sampling state (t's sampler, or t's merged with a sampler
 * object's, tex_sample_with). */
bool tex_samp_setup(samp *sp, const tex_object *t, const tex_sampler *s, const gp_tex_request *req,
                    float unit_bias)
{
    memset(sp, 0, sizeof *sp);
    GLenum target = gl_target_of(req->target);
    if (!target || !t || t->target != target)
        return false;
    bool rect = target == GL_TEXTURE_RECTANGLE_ARB;
    sp->t = t;
    sp->base = rect ? 0 : s->base_level;
    if (sp->base < 0 || sp->base >= TEX_MAX_LEVELS)
        return false;
    sp->cube_array = target == GL_TEXTURE_CUBE_MAP_ARRAY;
    sp->cube = target == GL_TEXTURE_CUBE_MAP || sp->cube_array;
    sp->normalized = !rect;
    sp->layer_dim = -1;
    sp->coord_layer = -1;
    switch (target) {
    case GL_TEXTURE_1D: sp->dims = 1; break;
    case GL_TEXTURE_3D: sp->dims = 3; break;
    case GL_TEXTURE_1D_ARRAY_EXT: sp->dims = 1; sp->layer_dim = 1; sp->coord_layer = 1; break;
    case GL_TEXTURE_2D_ARRAY_EXT: sp->dims = 2; sp->layer_dim = 2; sp->coord_layer = 2; break;
    /* cube map arrays: direction xyz, layer w (ARB_texture_cube_map_array) */
    case GL_TEXTURE_CUBE_MAP_ARRAY: sp->dims = 2; sp->layer_dim = 2; sp->coord_layer = 3; break;
    default: sp->dims = 2; break;
    }
    sp->wrap[0] = (uint8_t)wrap_mode(s->wrap_s);
    sp->wrap[1] = (uint8_t)wrap_mode(s->wrap_t);
    sp->wrap[2] = (uint8_t)wrap_mode(s->wrap_r);

    /* filters */
    GLenum minf = s->min_filter;
    sp->mag_linear = s->mag_filter == GL_LINEAR;
    sp->min_linear = minf == GL_LINEAR || minf == GL_LINEAR_MIPMAP_NEAREST ||
                     minf == GL_LINEAR_MIPMAP_LINEAR;
    if (minf == GL_NEAREST_MIPMAP_NEAREST || minf == GL_LINEAR_MIPMAP_NEAREST)
        sp->mip = MIP_NEAREST;
    else if (minf == GL_NEAREST_MIPMAP_LINEAR || minf == GL_LINEAR_MIPMAP_LINEAR)
        sp->mip = MIP_LINEAR;
    else
        sp->mip = MIP_NONE;
    if (rect)
        sp->mip = MIP_NONE;
    /* GL 2.1 section 3.8.9: c = 0.5 when MAG is LINEAR and MIN is
     * NEAREST_MIPMAP_NEAREST or LINEAR_MIPMAP_NEAREST, else 0 */
    sp->c = (sp->mag_linear && sp->mip == MIP_NEAREST) ? 0.5f : 0.0f;

    const tex_image *bi = &t->image[0][sp->base];
    sp->q = sp->base;
    if (sp->mip != MIP_NONE) {
        int maxdim = bi->width;
        if (sp->dims >= 2 && bi->height > maxdim)
            maxdim = bi->height;
        if (sp->dims == 3 && bi->depth > maxdim)
            maxdim = bi->depth;
        int p = 0;
        while (maxdim > 1) {
            maxdim >>= 1;
            p++;
        }
        int q = sp->base + p;
        if (q > s->max_level)
            q = s->max_level;
        if (q > t->mip_end[sp->base])
            q = t->mip_end[sp->base]; /* only reached for incomplete objects */
        sp->q = q < sp->base ? sp->base : q;
    }
    sp->min_lod = s->min_lod;
    sp->max_lod = s->max_lod;
    sp->bias = s->lod_bias + unit_bias;
    sp->scale[0] = rect ? 1.0f : (float)bi->width;
    sp->scale[1] = rect ? 1.0f : (float)bi->height;
    sp->scale[2] = rect ? 1.0f : (float)bi->depth;

    /* depth textures: compare only for SHADOW targets (ARB_fragment_program_
     * shadow: a non-shadow target behaves as if COMPARE_MODE were NONE; a
     * shadow target with COMPARE_MODE NONE is undefined and returns the
     * depth; FEATURES TEX.SHADOW_RULES) */
    sp->depth = bi->format == TEX_FMT_DEPTH32F;
    sp->ref_comp = ref_component(req->target);
    sp->compare = sp->depth && sp->ref_comp >= 0 && s->compare_mode != GL_NONE;
    sp->clamp_ref = bi->internal_format != GL_DEPTH_COMPONENT32F &&
                    bi->internal_format != GL_DEPTH32F_STENCIL8;
    sp->func = s->compare_func;
    sp->depth_mode = s->depth_mode;
    sp->integer = tex_format_is_int(bi->format);
    if (sp->depth)
        memcpy(sp->border, s->border_color, sizeof sp->border);
    else
        tex_base_apply(bi->base_format, false, s->border_color, sp->border, sizeof(float),
                       &one_f); /* GL 2.1 table 3.21 applied to the border colour */
    tex_base_apply(bi->base_format, false, s->border_color_int, sp->border_i, sizeof(uint32_t),
                   &one_u32); /* integer 0 and 1 fill in */
    const tex_ifmt *bf = tex_ifmt_lookup(bi->internal_format);
    /* the border colour is kept as set (ARB_color_buffer_float) and taken
     * in the range of a fixed-point format (GL 3.0 section 3.8.8) */
    if (!bf || !(bf->flags & TEX_IF_FLOAT)) {
        float lo = bf && (bf->flags & TEX_IF_SNORM) ? -1.0f : 0.0f;
        for (int c = 0; c < 4; c++) {
            float v = sp->border[c];
            sp->border[c] = v > lo ? (v < 1.0f ? v : 1.0f) : lo; /* NaN: lo */
        }
    }
    sp->srgb = bf && (bf->flags & TEX_IF_SRGB) && bi->format == TEX_FMT_RGBA8;
    sp->fast2d = sp->dims == 2 && sp->layer_dim < 0 && !sp->depth && bi->format == TEX_FMT_RGBA8 &&
                 !sp->srgb;
    sp->aniso = 1.0f;
    if (s->max_anisotropy > 1.0f && sp->dims == 2 && !sp->cube && !sp->integer && !sp->compare)
        sp->aniso = s->max_anisotropy < TEX_MAX_ANISOTROPY ? s->max_anisotropy : TEX_MAX_ANISOTROPY;
    /* no texel offsets on cube maps (NV_gpu_program4 section 2.X.4.4) */
    sp->lane_offsets = req->offset_reg != NULL && !sp->cube;
    for (int a = 0; a < 3; a++)
        sp->coff[a] = sp->cube ? 0 : req->offset[a];
    return true;
}

/* ---- coordinates and LOD ----------------------------------------------------------------- */

static inline float cf(const gp_vec *v, int c, int l)
{
    return v->c[c][l].f;
}

/* Array layer: round to nearest, clamp to [0, layers-1] (NV_gpu_program4
 * section 2.X.4.4). */
static inline int array_layer(float v, int layers)
{
    int i = ifloor(clampf(v, 0.0f, (float)layers) + 0.5f);
    return i >= layers ? layers - 1 : i;
}

static void lanes_coords(const samp *sp, const gp_tex_request *req, lanes *ln)
{
    const gp_vec *c = req->coord;
    bool proj = req->op == GP_TEXOP_TXP;
    if (sp->lane_offsets)
        for (int l = 0; l < GP_LANES; l++)
            for (int a = 0; a < 3; a++)
                ln->off[l][a] = req->offset_reg->c[a][l].i;
    if (!proj && !sp->cube && sp->coord_layer < 0 && sp->ref_comp < 0) {
        /* the common case: s, t, r straight from the coordinate */
        for (int l = 0; l < GP_LANES; l++) {
            ln->s[l] = c->c[0][l].f;
            ln->t[l] = c->c[1][l].f;
            ln->r[l] = c->c[2][l].f;
            ln->face[l] = 0;
            ln->layer[l] = 0;
            ln->ref[l] = 0.0f;
        }
        return;
    }
    int layers = 1;
    if (sp->layer_dim == 1)
        layers = sp->t->image[0][sp->base].height;
    else if (sp->layer_dim == 2)
        layers = sp->t->image[0][sp->base].depth;
    if (sp->cube_array)
        layers /= 6;
    for (int l = 0; l < GP_LANES; l++) {
        float x = cf(c, 0, l), y = cf(c, 1, l), z = cf(c, 2, l), w = cf(c, 3, l);
        if (proj) {
            /* ARB_fragment_program 3.11.6.2: s, t, r (and the shadow
             * reference r) divided by q */
            float iw = 1.0f / w;
            x *= iw;
            y *= iw;
            z *= iw;
        }
        float v[4] = {x, y, z, w};
        ln->s[l] = x;
        ln->t[l] = y;
        ln->r[l] = z;
        ln->face[l] = 0;
        ln->layer[l] = 0;
        if (sp->cube) {
            int f = cube_face(x, y, z);
            ln->face[l] = f;
            cube_st(f, v, &ln->s[l], &ln->t[l]);
        }
        if (sp->coord_layer >= 0)
            ln->layer[l] = array_layer(v[sp->coord_layer], layers);
        if (sp->cube_array) {
            /* layer-face 6 * layer + face of the single image array */
            ln->layer[l] = layers > 0 ? ln->layer[l] * 6 + ln->face[l] : 0;
            ln->face[l] = 0;
        }
        float ref = sp->ref_comp == 4 ? (req->extra ? req->extra->c[0][l].f : 0.0f)
                    : sp->ref_comp >= 0 ? v[sp->ref_comp] : 0.0f;
        ln->ref[l] = sp->clamp_ref ? clampf(ref, 0.0f, 1.0f) : ref;
    }
}

/* rho^2 from the texel-space derivative vectors (GL 2.1 section 3.8.8:
 * rho = max of the lengths of (du/dx, dv/dx, dw/dx) and (du/dy, dv/dy, dw/dy)). */
static inline float rho2(const samp *sp, const float dx[3], const float dy[3])
{
    float x2 = 0.0f, y2 = 0.0f;
    for (int a = 0; a < sp->dims; a++) {
        float ux = dx[a] * sp->scale[a], uy = dy[a] * sp->scale[a];
        x2 += ux * ux;
        y2 += uy * uy;
    }
    return x2 > y2 ? x2 : y2;
}

/* Partials of the filtered coordinates (face s,t for cube maps) of lane l
 * along the derivative vectors ddx, ddy (TXD). */
static void lane_partials_explicit(const samp *sp, const gp_tex_request *req, int l,
                                   float dx[3], float dy[3])
{
    float gx[3], gy[3];
    for (int a = 0; a < 3; a++) {
        gx[a] = cf(req->ddx, a, l);
        gy[a] = cf(req->ddy, a, l);
    }
    if (sp->cube) {
        const float v[3] = {cf(req->coord, 0, l), cf(req->coord, 1, l), cf(req->coord, 2, l)};
        int f = cube_face(v[0], v[1], v[2]);
        cube_dst(f, v, gx, &dx[0], &dx[1]);
        cube_dst(f, v, gy, &dy[0], &dy[1]);
        dx[2] = dy[2] = 0.0f;
        return;
    }
    memcpy(dx, gx, sizeof gx);
    memcpy(dy, gy, sizeof gy);
}

/* One LOD per 2x2 quad from the coordinate differences inside the quad
 * (lanes 4q..4q+3 are (x0,y0) (x1,y0) (x0,y1) (x1,y1)): d/dx from lanes 0/1,
 * d/dy from lanes 0/2, as the DDX/DDY of glprog compute them (see
 * reference/fswzadd-quad-derivatives.txt); GL lets the partials be
 * approximated by differences and one LOD per quad is the usual choice. */
/* face: cube maps only, the face the quad's coordinates are projected onto
 * (the face of the lane whose lambda this is). */
float tex_quad_lambda_base(const samp *sp, const gp_tex_request *req, const lanes *ln, int q,
                           int face, lanes *out)
{
    int l0 = 4 * q, l1 = l0 + 1, l2 = l0 + 2;
    float dx[3], dy[3];
    if (sp->cube) {
        /* the quad's coordinates projected onto one face, so that a quad
         * that straddles an edge gets no seam-sized derivative */
        const gp_vec *c = req->coord;
        bool proj = req->op == GP_TEXOP_TXP;
        float s[3], t[3];
        int f = face;
        const int ls[3] = {l0, l1, l2};
        for (int k = 0; k < 3; k++) {
            int l = ls[k];
            float iw = proj ? 1.0f / cf(c, 3, l) : 1.0f;
            const float v[3] = {cf(c, 0, l) * iw, cf(c, 1, l) * iw, cf(c, 2, l) * iw};
            cube_st(f, v, &s[k], &t[k]);
        }
        dx[0] = s[1] - s[0];
        dx[1] = t[1] - t[0];
        dy[0] = s[2] - s[0];
        dy[1] = t[2] - t[0];
        dx[2] = dy[2] = 0.0f;
    } else {
        dx[0] = ln->s[l1] - ln->s[l0];
        dx[1] = ln->t[l1] - ln->t[l0];
        dx[2] = ln->r[l1] - ln->r[l0];
        dy[0] = ln->s[l2] - ln->s[l0];
        dy[1] = ln->t[l2] - ln->t[l0];
        dy[2] = ln->r[l2] - ln->r[l0];
    }
    if (sp->aniso > 1.0f && !sp->cube) {
        /* EXT_texture_filter_anisotropic: Px, Py the footprint's extents
         * along x and y (in texels), N = min(ceil(Pmax / Pmin), maxAniso)
         * probes along the major axis, lambda_base = log2(Pmax / N) */
        float px2 = 0.0f, py2 = 0.0f;
        for (int a = 0; a < 2; a++) {
            float ux = dx[a] * sp->scale[a], uy = dy[a] * sp->scale[a];
            px2 += ux * ux;
            py2 += uy * uy;
        }
        float px = sqrtf(px2), py = sqrtf(py2);
        float pmax = px > py ? px : py, pmin = px > py ? py : px;
        int n = 1;
        if (pmax > 0.0f && pmax == pmax) {
            float ratio = pmin > 0.0f ? pmax / pmin : sp->aniso;
            ratio = ratio < sp->aniso ? ratio : sp->aniso;
            n = (int)ceilf(ratio - 1e-4f);
            n = n < 1 ? 1 : n > TEX_MAX_ANISOTROPY ? TEX_MAX_ANISOTROPY : n;
        }
        const float *major = px > py ? dx : dy;
        for (int l = 4 * q; l < 4 * q + 4; l++) {
            out->probes[l] = n;
            out->axis_s[l] = major[0] / (float)n;
            out->axis_t[l] = major[1] / (float)n;
        }
        if (n > 1)
            return log2f(pmax / (float)n);
    }
    /* lambda_base = log2(rho) = log2(rho^2) / 2 */
    return 0.5f * log2f(rho2(sp, dx, dy));
}

/* lambda per lane: GL 2.1 section 3.8.8,
 *   lambda' = lambda_base + clamp(bias_texobj + bias_texunit + bias_shader)
 *   lambda  = clamp(lambda', TEXTURE_MIN_LOD, TEXTURE_MAX_LOD)
 * with lambda_base = log2(rho) from the quad (TEX/TXP/TXB in fragment
 * programs), from ddx/ddy (TXD), = w (TXL: NV_fragment_program2 "rho is
 * 2^w", NV_vertex_program3 "lambda' = w + clamp(biases)"), or 0 without
 * derivatives (vertex, geometry: NV_vertex_program3 section 2.14.5.45;
 * FEATURES TEX.VTX_LOD). */
static void lanes_lambda(const samp *sp, const gp_tex_request *req, lanes *ln)
{
    float base[GP_LANES];
    for (int l = 0; l < GP_LANES; l++)
        ln->probes[l] = 1;
    switch (req->op) {
    case GP_TEXOP_TXL:
        for (int l = 0; l < GP_LANES; l++)
            base[l] = cf(req->coord, 3, l);
        break;
    case GP_TEXOP_TXD:
        for (int l = 0; l < GP_LANES; l++) {
            if (!(req->lane_mask & (1u << l)) || !req->ddx || !req->ddy) {
                base[l] = 0.0f;
                continue;
            }
            float dx[3], dy[3];
            lane_partials_explicit(sp, req, l, dx, dy);
            base[l] = 0.5f * log2f(rho2(sp, dx, dy));
        }
        break;
    default:
        if (req->quad_derivatives && sp->cube) {
            /* cube maps: each lane projects the quad onto its own face.  A
             * quad on one face gets one lambda; in a quad that straddles a
             * face edge (helper lanes past a face-aligned primitive's edge
             * land on the next face) a lane's derivatives are those of its
             * own face, not a neighbour's (GL 2.1 section 3.8.6: s, t and
             * their derivatives are the chosen face's) */
            const gp_vec *c = req->coord;
            for (int l = 0; l < GP_LANES; l++) {
                if (!(req->lane_mask & (1u << l))) {
                    base[l] = 0.0f;
                    continue;
                }
                int f = sp->cube_array ? cube_face(cf(c, 0, l), cf(c, 1, l), cf(c, 2, l))
                                       : ln->face[l];
                base[l] = tex_quad_lambda_base(sp, req, ln, l / 4, f, ln);
            }
        } else if (req->quad_derivatives) {
            for (int q = 0; q < GP_LANES / 4; q++) {
                float lb = (req->lane_mask >> (4 * q)) & 0xfu
                               ? tex_quad_lambda_base(sp, req, ln, q, 0, ln)
                               : 0.0f;
                base[4 * q] = base[4 * q + 1] = base[4 * q + 2] = base[4 * q + 3] = lb;
            }
        } else {
            for (int l = 0; l < GP_LANES; l++)
                base[l] = 0.0f;
        }
        break;
    }
    bool txb = req->op == GP_TEXOP_TXB;
    for (int l = 0; l < GP_LANES; l++) {
        float bias = sp->bias + (txb ? cf(req->coord, 3, l) : 0.0f);
        bias = clampf(bias, -TEX_MAX_LOD_BIAS, TEX_MAX_LOD_BIAS);
        float lp = base[l] + bias;
        /* a NaN lambda' (degenerate partials) takes MIN_LOD */
        lp = lp > sp->min_lod ? lp : sp->min_lod;
        ln->lambda[l] = lp < sp->max_lod ? lp : sp->max_lod;
    }
}

/* ---- one lane ---------------------------------------------------------------------------------- */

/* One level of lane_sample: the 2D RGBA8 path inline, the rest generic. */
TEX_INLINE void lane_level(const samp *sp, const tex_image *img, const float crd[3], int layer,
                           float ref, const int off[3], bool linear, float o[4])
{
    if (sp->fast2d && img->format == TEX_FMT_RGBA8)
        level_rgba8_2d(sp, img, crd, off, linear, o);
    else
        level_sample(sp, img, crd, layer, ref, off, linear, o);
}

static void lane_sample(const samp *sp, const lanes *ln, int l, float out[4])
{
    const tex_object *t = sp->t;
    const tex_image *imgs = t->image[ln->face[l]];
    const float crd[3] = {ln->s[l], ln->t[l], ln->r[l]};
    const int *off = sp->lane_offsets ? ln->off[l] : sp->coff;
    float lam = ln->lambda[l];
    float o[4];

    if (lam <= sp->c || sp->mip == MIP_NONE) {
        /* magnification, or a minification filter without mipmaps */
        bool linear = lam <= sp->c ? sp->mag_linear : sp->min_linear;
        lane_level(sp, &imgs[sp->base], crd, ln->layer[l], ln->ref[l], off, linear, o);
    } else if (sp->mip == MIP_NEAREST) {
        /* d = base if lambda <= 1/2, else base + ceil(lambda + 1/2) - 1, at most q */
        int d = sp->base;
        if (lam > 0.5f) {
            d = sp->base - ifloor(-((lam < 64.0f ? lam : 64.0f) + 0.5f)) - 1; /* ceil */
            if (d > sp->q)
                d = sp->q;
        }
        lane_level(sp, &imgs[d], crd, ln->layer[l], ln->ref[l], off, sp->min_linear, o);
    } else {
        /* d1 = base + floor(lambda), d2 = d1 + 1, both at most q; blend by frac */
        float lc = lam < 64.0f ? lam : 64.0f;
        int fl = ifloor(lc);
        int d1 = sp->base + fl;
        if (d1 >= sp->q) {
            lane_level(sp, &imgs[sp->q], crd, ln->layer[l], ln->ref[l], off,
                         sp->min_linear, o);
        } else {
            float frac = lc - (float)fl;
            lane_level(sp, &imgs[d1], crd, ln->layer[l], ln->ref[l], off,
                         sp->min_linear, o);
            if (frac > 0.0f) {
                float o2[4];
                lane_level(sp, &imgs[d1 + 1], crd, ln->layer[l], ln->ref[l], off,
                             sp->min_linear, o2);
                int nc = sp->depth ? 1 : 4;
                for (int q = 0; q < nc; q++)
                    o[q] = (1.0f - frac) * o[q] + frac * o2[q];
            }
        }
    }
    if (sp->depth)
        depth_expand(sp->depth_mode, o[0], out);
    else
        memcpy(out, o, sizeof o);
}

/* ---- integer textures ---------------------------------------------------------------- */

/* The level a NEAREST-filtered lookup reads: base when magnifying or without
 * mipmaps, else NEAREST_MIPMAP_NEAREST's d (GL 2.1 section 3.8.8: d = base
 * if lambda <= 1/2, else base + ceil(lambda + 1/2) - 1, at most q).  Integer
 * textures are complete only with MAG NEAREST (so c = 0) and MIN NEAREST or
 * NEAREST_MIPMAP_NEAREST, so this is their whole level choice. */
static int nearest_level(const samp *sp, float lam)
{
    if (lam <= sp->c || sp->mip == MIP_NONE || lam <= 0.5f)
        return sp->base;
    int d = sp->base - ifloor(-((lam < 64.0f ? lam : 64.0f) + 0.5f)) - 1; /* ceil */
    return d > sp->q ? sp->q : d;
}

static void lane_sample_int(const samp *sp, const lanes *ln, int l, uint32_t out[4])
{
    const tex_image *img = &sp->t->image[ln->face[l]][nearest_level(sp, ln->lambda[l])];
    const float crd[3] = {ln->s[l], ln->t[l], ln->r[l]};
    taps tp;
    make_taps(sp, img, crd, ln->layer[l], sp->lane_offsets ? ln->off[l] : sp->coff, false, &tp);
    fetch_int(sp, img, tp.i[0][0], tp.i[1][0], tp.i[2][0], out);
}

/* ---- TXF, TXQ, TXG, LOD ------------------------------------------------------------------------- */

/* GL 2.1 table 3.15 applied to a texel or filtered result: the components
 * a base format lacks read 0 (alpha 1), luminance and intensity repeat R.
 * Uploads store texels expanded so already; render-target writes keep only
 * the base format's own channels (the GL layer's colour masks), so a
 * texture rendered into reads right only through this.  Linear filtering
 * commutes with it. */
static bool base_maps(GLenum base)
{
    return base == GL_RGB || base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA ||
           base == GL_INTENSITY || base == GL_ALPHA || base == GL_RED || base == GL_RG;
}

/* The map of base_map4: result component q = component m[q], or 0
 * (POST_ZERO), or 1 (POST_ONE). */
static void base_map_of(GLenum base, uint8_t m[4])
{
    static const uint8_t maps[][4] = {
        {0, 1, 2, 3},                         /* RGBA and every other */
        {0, 1, 2, POST_ONE},                  /* RGB */
        {0, 0, 0, POST_ONE},                  /* LUMINANCE */
        {0, 0, 0, 3},                         /* LUMINANCE_ALPHA */
        {0, 0, 0, 0},                         /* INTENSITY */
        {POST_ZERO, POST_ZERO, POST_ZERO, 3}, /* ALPHA */
        {0, POST_ZERO, POST_ZERO, POST_ONE},  /* RED */
        {0, 1, POST_ZERO, POST_ONE},          /* RG */
    };
    int k;
    switch (base) {
    case GL_RGB: k = 1; break;
    case GL_LUMINANCE: k = 2; break;
    case GL_LUMINANCE_ALPHA: k = 3; break;
    case GL_INTENSITY: k = 4; break;
    case GL_ALPHA: k = 5; break;
    case GL_RED: k = 6; break;
    case GL_RG: k = 7; break;
    default: k = 0; break;
    }
    memcpy(m, maps[k], 4);
}

static void base_map4(GLenum base, float v[4])
{
    uint8_t m[4];
    float in[4];
    base_map_of(base, m);
    memcpy(in, v, sizeof in);
    for (int q = 0; q < 4; q++)
        v[q] = m[q] < 4 ? in[m[q]] : m[q] == POST_ONE ? 1.0f : 0.0f;
}

/* TXF (NV_gpu_program4 section 2.X.4.4, table X.18): one texel, integer
 * coordinates plus offsets (not on the layer), level = base + w; no wrap,
 * no compare, no filter.  The cases the spec leaves undefined read
 * (0,0,0,0): a level below the base level or above MAX_LEVEL, a layer or
 * texel outside the image (border texels are stripped at upload, so the
 * spec's issue 27 border fetches land here too). */
static void lane_fetch(const samp *sp, const gp_tex_request *req, int l, gp_val out[4])
{
    const gp_vec *c = req->coord;
    int w = c->c[3][l].i;
    memset(out, 0, 4 * sizeof(gp_val));
    if (sp->cube || w < 0 || w >= TEX_MAX_LEVELS)
        return;
    int level = sp->base + w;
    if (level >= TEX_MAX_LEVELS || level > sp->t->sampler.max_level)
        return;
    const tex_image *img = &sp->t->image[0][level];
    if (!img->data)
        return;
    /* 64-bit sums: coordinates and register offsets are any int32 */
    int64_t oi = req->offset_reg ? req->offset_reg->c[0][l].i : req->offset[0];
    int64_t oj = req->offset_reg ? req->offset_reg->c[1][l].i : req->offset[1];
    int64_t ok = req->offset_reg ? req->offset_reg->c[2][l].i : req->offset[2];
    int64_t i = (int64_t)c->c[0][l].i + oi, j = 0, k = 0;
    if (sp->layer_dim == 1) {
        j = c->c[1][l].i; /* the layer takes no offset */
    } else if (sp->dims >= 2) {
        j = (int64_t)c->c[1][l].i + oj;
        if (sp->layer_dim == 2)
            k = c->c[2][l].i;
        else if (sp->dims == 3)
            k = (int64_t)c->c[2][l].i + ok;
    }
    if (i < 0 || i >= img->width || j < 0 || j >= img->height || k < 0 || k >= img->depth)
        return;
    if (sp->integer) {
        uint32_t v[4];
        fetch_int(sp, img, (int)i, (int)j, (int)k, v);
        for (int q = 0; q < 4; q++)
            out[q].u = v[q];
        return;
    }
    float f[4];
    if (sp->depth) {
        samp nc = *sp;
        nc.compare = false;
        depth_expand(sp->depth_mode, fetch_depth(&nc, img, (int)i, (int)j, (int)k, 0.0f), f);
    } else {
        fetch_rgba(sp, img, (int)i, (int)j, (int)k, f);
        base_map4(img->base_format, f);
    }
    for (int q = 0; q < 4; q++)
        out[q].f = f[q];
}

/* TXG corners (ARB_texture_gather, NV_gpu_program5 TXG): result x, y, z, w
 * take the texels T_i0j1, T_i1j1, T_i1j0, T_i0j0 of the LINEAR footprint. */
static const uint8_t gather_corner[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};

/* TXG / TXGO (NV_gpu_program5 section 2.X.8.Z): four texels of the base
 * level chosen by the LINEAR rules whatever the filters are, one component
 * each (component comp of the texture source colour), or for SHADOW targets
 * with compare on the 0/1 result of each texel's comparison (comp ignored).
 * TXG: one footprint at the lane's offset, corners in gather_corner order.
 * TXGO (offs != NULL): texel n is corner T_i0j0 of the footprint at offset
 * offs[n]. */
static void lane_gather(const samp *sp, const lanes *ln, int l, int comp,
                        const int (*offs)[3], gp_val out[4])
{
    const tex_image *img = &sp->t->image[ln->face[l]][sp->base];
    const float crd[3] = {ln->s[l], ln->t[l], ln->r[l]};
    const int *off = sp->lane_offsets ? ln->off[l] : sp->coff;
    taps tp;
    for (int n = 0; n < 4; n++) {
        int ci = 0, cj = 0;
        if (offs) {
            make_taps(sp, img, crd, ln->layer[l], offs[n], true, &tp);
        } else {
            if (n == 0)
                make_taps(sp, img, crd, ln->layer[l], off, true, &tp);
            ci = gather_corner[n][0];
            cj = gather_corner[n][1];
        }
        int i = tp.i[0][ci], j = tp.i[1][cj], k = tp.i[2][0];
        if (sp->integer) {
            uint32_t v[4];
            fetch_int(sp, img, i, j, k, v);
            out[n].u = v[comp];
        } else if (sp->depth) {
            float d = fetch_depth(sp, img, i, j, k, ln->ref[l]);
            if (sp->compare) {
                out[n].f = d;
            } else {
                float e[4];
                depth_expand(sp->depth_mode, d, e);
                out[n].f = e[comp];
            }
        } else {
            float tx[4];
            fetch_rgba(sp, img, i, j, k, tx);
            out[n].f = tx[comp];
        }
    }
}

/* TXQ (NV_gpu_program4 section 2.X.8.Z): integer size of level base + x,
 * without border; layers in y (1D arrays) or z (2D arrays) (FEATURES
 * TEX.TXQ_RESULT); buffer textures: x = texels (no levels).  Components the
 * spec leaves undefined, and undefined levels, read 0. */
static void lane_query(const tex_object *t, const gp_tex_request *req, int l, int out[4])
{
    out[0] = out[1] = out[2] = out[3] = 0;
    if (t->target == GL_TEXTURE_BUFFER_ARB) {
        out[0] = t->buffer.data ? t->buffer.texels : 0;
        return;
    }
    if (tex_target_is_ms(t->target)) {
        /* one level, no LOD: (width, height, layers; 0 for 2DMS) */
        const tex_image *mi = &t->image[0][0];
        if (!mi->internal_format)
            return;
        out[0] = mi->width;
        out[1] = mi->height;
        if (t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
            out[2] = mi->depth;
        return;
    }
    int base = t->target == GL_TEXTURE_RECTANGLE_ARB ? 0 : t->sampler.base_level;
    int x = req->coord->c[0][l].i;
    if (base < 0 || base >= TEX_MAX_LEVELS || x < -TEX_MAX_LEVELS || x >= TEX_MAX_LEVELS)
        return;
    int level = base + x;
    if (level < 0 || level >= TEX_MAX_LEVELS)
        return;
    const tex_image *img = &t->image[0][level];
    if (!img->internal_format)
        return;
    out[0] = img->width;
    switch (t->target) {
    case GL_TEXTURE_1D: break;
    case GL_TEXTURE_3D:
    case GL_TEXTURE_2D_ARRAY_EXT: out[1] = img->height; out[2] = img->depth; break;
    case GL_TEXTURE_CUBE_MAP_ARRAY: out[1] = img->height; out[2] = img->depth / 6; break;
    default: out[1] = img->height; break; /* 2D, RECT, CUBE, 1D array layers */
    }
}

/* ---- entry points -------------------------------------------------------------------- */

static void write_lane(gp_vec *out, int l, const float v[4])
{
    for (int q = 0; q < 4; q++)
        out->c[q][l].f = v[q];
}

static void write_lane_val(gp_vec *out, int l, const gp_val v[4])
{
    for (int q = 0; q < 4; q++)
        out->c[q][l] = v[q];
}

/* TXFMS (NV_explicit_multisample section 2.X.4.4 TexelFetchMultisample,
 * NV_texture_multisample's 2DMS / ARRAY2DMS): one sample of one texel of
 * the single level, coord .i = (x, y, layer, sample) (layer only for
 * ARRAY2DMS), texel offsets added to x and y as TXF.  The cases the spec
 * leaves undefined (texel, layer or sample out of range; FEATURES
 * EDGE.TXFMS_SAMPLE) read (0, 0, 0, 0).  Integer formats come back raw,
 * depth formats expanded by DEPTH_TEXTURE_MODE as TXF's.  False when the
 * request cannot be served (another op, a mismatched target, an incomplete
 * object): the caller writes the incomplete result. */
static bool ms_fetch(const tex_object *t, const gp_tex_request *req, uint32_t mask, gp_vec *out)
{
    if (!t || !req->coord || req->op != GP_TEXOP_TXFMS || !tex_object_complete(t))
        return false;
    bool array = req->target == GP_TEX_ARRAY2DMS;
    if (!(array ? t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                : (req->target == GP_TEX_2DMS && t->target == GL_TEXTURE_2D_MULTISAMPLE)))
        return false;
    const tex_image *img = &t->image[0][0];
    const gp_vec *c = req->coord;
    size_t bytes = tex_format_bytes(img->format);
    bool integer = tex_format_is_int(img->format);
    bool depth = img->format == TEX_FMT_DEPTH32F;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        gp_val v[4];
        memset(v, 0, sizeof v);
        /* 64-bit sums: coordinates and register offsets are any int32 */
        int64_t oi = req->offset_reg ? req->offset_reg->c[0][l].i : req->offset[0];
        int64_t oj = req->offset_reg ? req->offset_reg->c[1][l].i : req->offset[1];
        int64_t i = (int64_t)c->c[0][l].i + oi, j = (int64_t)c->c[1][l].i + oj;
        int64_t k = array ? c->c[2][l].i : 0, s = c->c[3][l].i;
        if (img->data && i >= 0 && i < img->width && j >= 0 && j < img->height && k >= 0 &&
            k < img->depth && s >= 0 && s < img->samples) {
            const uint8_t *p = (const uint8_t *)img->data + (size_t)k * img->slice_stride +
                               (size_t)s * img->sample_stride + (size_t)j * img->row_stride +
                               (size_t)i * bytes;
            if (integer) {
                uint32_t u[4];
                memcpy(u, p, sizeof u);
                for (int q = 0; q < 4; q++)
                    v[q].u = u[q];
            } else {
                float f[4];
                if (depth) {
                    float d;
                    memcpy(&d, p, 4);
                    depth_expand(t->sampler.depth_mode, d, f);
                } else if (img->format == TEX_FMT_RGBA8) {
                    const tex_ifmt *mf = tex_ifmt_lookup(img->internal_format);
                    const float *rgb = mf && (mf->flags & TEX_IF_SRGB) ? tex_srgb8_to_linear
                                                                        : tex_u8_to_float;
                    for (int q = 0; q < 4; q++)
                        f[q] = q < 3 ? rgb[p[q]] : tex_u8_to_float[p[q]];
                } else if (img->format == TEX_FMT_RGBA32F) {
                    memcpy(f, p, sizeof f);
                } else {
                    f[0] = f[1] = f[2] = f[3] = 0.0f;
                }
                for (int q = 0; q < 4; q++)
                    v[q].f = f[q];
            }
        }
        write_lane_val(out, l, v);
    }
    return true;
}

static uint32_t live_lanes(const gp_tex_request *req)
{
    return req->lane_mask & ((GP_LANES >= 32) ? 0xffffffffu : ((1u << GP_LANES) - 1u));
}

/* Whether t's texels are integers (for the incomplete result's type). */
static bool object_is_int(const tex_object *t)
{
    if (!t)
        return false;
    if (t->target == GL_TEXTURE_BUFFER_ARB)
        return tex_buffer_is_int(t);
    int b = (t->target == GL_TEXTURE_RECTANGLE_ARB || tex_target_is_ms(t->target))
                ? 0 : t->sampler.base_level;
    return b >= 0 && b < TEX_MAX_LEVELS && tex_format_is_int(t->image[0][b].format);
}

/* ARB_fragment_program section 3.11.6: an incomplete (or missing, or
 * mismatched) texture samples as (0, 0, 0, 1) (FEATURES TEX.INCOMPLETE),
 * integer 1 for integer textures.  A gather sees four such texels and
 * returns their selected component (ARB_texture_gather issue 8): 0, or 1 for
 * the alpha component. */
static void write_incomplete(const tex_object *t, const gp_tex_request *req, uint32_t mask,
                             gp_vec *out)
{
    gp_val one, v[4];
    if (object_is_int(t))
        one.i = 1;
    else
        one.f = 1.0f;
    for (int q = 0; q < 4; q++)
        v[q].u = 0; /* 0.0f and integer 0 */
    if (req->op == GP_TEXOP_TXG) {
        int comp = ref_component(req->target) >= 0 ? 0 : (req->component & 3);
        if (comp == 3)
            v[0] = v[1] = v[2] = v[3] = one;
    } else {
        v[3] = one;
    }
    for (int l = 0; l < GP_LANES; l++)
        if (mask & (1u << l))
            write_lane_val(out, l, v);
}

static void sample_rgba(const tex_object *t, const tex_sampler *s, const gp_tex_request *req,
                        float unit_lod_bias, gp_vec *out);
static void gather_offsets(const tex_object *t, const tex_sampler *s, const gp_tex_request *req,
                           const gp_vec *off_x, const gp_vec *off_y, gp_vec *out);

/* Whether s's swizzle is not the identity. */
static bool swizzled(const tex_sampler *s)
{
    static const GLenum id[4] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
    for (int q = 0; q < 4; q++)
        if (s->swizzle[q] != id[q])
            return true;
    return false;
}

/* ARB_texture_swizzle section 3.8.x: result component q becomes the
 * component swizzle[q] names, or 0 / 1 (integer 1 for integer textures). */
static void apply_swizzle(const tex_object *t, uint32_t mask, gp_vec *out)
{
    const tex_sampler *s = &t->sampler;
    bool integer = tex_format_is_int(t->image[0][s->base_level >= 0 && s->base_level < TEX_MAX_LEVELS
                                                     ? s->base_level
                                                     : 0].format);
    gp_val one;
    if (integer)
        one.u = 1;
    else
        one.f = 1.0f;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        gp_val in[4], res[4];
        for (int q = 0; q < 4; q++)
            in[q] = out->c[q][l];
        for (int q = 0; q < 4; q++) {
            switch (s->swizzle[q]) {
            case GL_RED: res[q] = in[0]; break;
            case GL_GREEN: res[q] = in[1]; break;
            case GL_BLUE: res[q] = in[2]; break;
            case GL_ALPHA: res[q] = in[3]; break;
            case GL_ZERO: res[q].u = 0; break;
            case GL_ONE: res[q] = one; break;
            default: res[q] = in[q]; break;
            }
        }
        for (int q = 0; q < 4; q++)
            out->c[q][l] = res[q];
    }
}

static void apply_base_format(GLenum base, uint32_t mask, gp_vec *out)
{
    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        float v[4] = {out->c[0][l].f, out->c[1][l].f, out->c[2][l].f, out->c[3][l].f};
        base_map4(base, v);
        write_lane(out, l, v);
    }
}

void tex_sample_generic(const tex_object *t, const tex_sampler *so, const gp_tex_request *req,
                        float unit_lod_bias, gp_vec *out)
{
    /* the state sampled with: t's own, or t's with the sampler object's
     * fields in place of its own (ARB_sampler_objects) */
    tex_sampler merged;
    const tex_sampler *s = t ? &t->sampler : NULL;
    if (t && so) {
        merged = t->sampler;
        tex_sampler_take_object_state(&merged, so);
        s = &merged;
    }
    sample_rgba(t, s, req, unit_lod_bias, out);
    /* the base format (TXF: lane_fetch, in-range texels only) and the
     * swizzle apply to texel results of complete textures, not to size
     * queries, LOD, gathers or buffer / multisample fetches */
    if (!t || req->op == GP_TEXOP_TXQ || req->op == GP_TEXOP_LOD || req->op == GP_TEXOP_TXG ||
        req->op == GP_TEXOP_TXGO || req->op == GP_TEXOP_TXFMS ||
        t->target == GL_TEXTURE_BUFFER_ARB || tex_target_is_ms(t->target))
        return;
    int b = t->target == GL_TEXTURE_RECTANGLE_ARB ? 0 : t->sampler.base_level;
    const tex_image *bi = b >= 0 && b < TEX_MAX_LEVELS ? &t->image[0][b] : NULL;
    bool base = bi && base_maps(bi->base_format) && req->op != GP_TEXOP_TXF && /* lane_fetch */
                (bi->format == TEX_FMT_RGBA8 || bi->format == TEX_FMT_RGBA32F);
    bool swz = swizzled(&t->sampler);
    if ((!base && !swz) || !tex_object_complete_with(t, s))
        return;
    if (base)
        apply_base_format(bi->base_format, live_lanes(req), out);
    if (swz)
        apply_swizzle(t, live_lanes(req), out);
}

bool tex_result_map(const tex_object *t, uint8_t map[4])
{
    int b = t->target == GL_TEXTURE_RECTANGLE_ARB ? 0 : t->sampler.base_level;
    const tex_image *bi = b >= 0 && b < TEX_MAX_LEVELS ? &t->image[0][b] : NULL;
    bool base = bi && base_maps(bi->base_format) &&
                (bi->format == TEX_FMT_RGBA8 || bi->format == TEX_FMT_RGBA32F);
    bool swz = swizzled(&t->sampler);
    uint8_t bm[4] = {0, 1, 2, 3};
    if (base)
        base_map_of(bi->base_format, bm);
    for (int q = 0; q < 4; q++) {
        if (!swz) {
            map[q] = bm[q];
            continue;
        }
        switch (t->sampler.swizzle[q]) {
        case GL_RED: map[q] = bm[0]; break;
        case GL_GREEN: map[q] = bm[1]; break;
        case GL_BLUE: map[q] = bm[2]; break;
        case GL_ALPHA: map[q] = bm[3]; break;
        case GL_ZERO: map[q] = POST_ZERO; break;
        case GL_ONE: map[q] = POST_ONE; break;
        default: map[q] = bm[q]; break;
        }
    }
    return base || swz;
}

/* s: the state sampled with (NULL only when t is NULL). */
static void sample_rgba(const tex_object *t, const tex_sampler *s, const gp_tex_request *req,
                        float unit_lod_bias, gp_vec *out)
{
    uint32_t mask = live_lanes(req);
    if (!mask)
        return;
    if (req->op == GP_TEXOP_TXGO) {
        /* NV_gpu_program5 TXGO through the gp_tex_fn hook (glprog.h) */
        gp_tex_request g = *req;
        g.op = GP_TEXOP_TXG;
        g.offset_reg = NULL;
        memset(g.offset, 0, sizeof(g.offset));
        gather_offsets(t, s, &g, req->gather_x, req->gather_y, out);
        return;
    }

    if (req->op == GP_TEXOP_TXQ) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            int v[4] = {0, 0, 0, 0};
            if (t && req->coord)
                lane_query(t, req, l, v);
            for (int q = 0; q < 4; q++)
                out->c[q][l].i = v[q];
        }
        return;
    }

    if (req->target == GP_TEX_BUFFER || (t && t->target == GL_TEXTURE_BUFFER_ARB)) {
        /* NV_gpu_program4 table X.17/X.18: buffer textures take TXF only,
         * texel = x (offsets must be 0 and are ignored) */
        if (!t || t->target != GL_TEXTURE_BUFFER_ARB || req->target != GP_TEX_BUFFER ||
            req->op != GP_TEXOP_TXF || !req->coord) {
            write_incomplete(t, req, mask, out);
            return;
        }
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            gp_val v[4];
            tex_buffer_fetch(t, req->coord->c[0][l].i, v);
            write_lane_val(out, l, v);
        }
        return;
    }

    if (req->op == GP_TEXOP_TXFMS || req->target == GP_TEX_2DMS ||
        req->target == GP_TEX_ARRAY2DMS || (t && tex_target_is_ms(t->target))) {
        if (!ms_fetch(t, req, mask, out))
            write_incomplete(t, req, mask, out);
        return;
    }

    samp sp;
    if (!t || !req->coord || !tex_object_complete_with(t, s) ||
        !tex_samp_setup(&sp, t, s, req, unit_lod_bias)) {
        write_incomplete(t, req, mask, out);
        return;
    }

    if (req->op == GP_TEXOP_TXF) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            gp_val v[4];
            lane_fetch(&sp, req, l, v);
            write_lane_val(out, l, v);
        }
        return;
    }

    lanes ln;
    lanes_coords(&sp, req, &ln);

    if (req->op != GP_TEXOP_TXG && req->op != GP_TEXOP_LOD && sp.fast2d &&
        sp.mip == MIP_NONE && sp.mag_linear == sp.min_linear) {
        /* one filter whatever lambda is: no LOD to compute */
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            const float crd[3] = {ln.s[l], ln.t[l], 0.0f};
            float v[4];
            level_rgba8_2d(&sp, &t->image[ln.face[l]][sp.base], crd,
                           sp.lane_offsets ? ln.off[l] : sp.coff, sp.mag_linear, v);
            write_lane(out, l, v);
        }
        return;
    }

    if (req->op == GP_TEXOP_TXG) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            gp_val v[4];
            lane_gather(&sp, &ln, l, req->component & 3, NULL, v);
            write_lane_val(out, l, v);
        }
        return;
    }

    lanes_lambda(&sp, req, &ln);

    if (req->op == GP_TEXOP_LOD) {
        /* TODO(NV_gpu_program4_1 LOD, not in specs/): x = the clamped lambda
         * limited to the levels present, y = lambda before the MIN/MAX_LOD
         * clamp is not kept apart here, so y repeats the clamped value. */
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            float lam = ln.lambda[l];
            float x = sp.mip == MIP_NONE ? 0.0f : clampf(lam, 0.0f, (float)(sp.q - sp.base));
            const float v[4] = {x, lam, 0.0f, 0.0f};
            write_lane(out, l, v);
        }
        return;
    }

    if (sp.integer) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(mask & (1u << l)))
                continue;
            uint32_t v[4];
            lane_sample_int(&sp, &ln, l, v);
            for (int q = 0; q < 4; q++)
                out->c[q][l].u = v[q];
        }
        return;
    }

    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        float v[4];
        if (ln.probes[l] > 1) {
            /* EXT_texture_filter_anisotropic: the mean of N mipmapped probes
             * spaced evenly along the major axis, centred on the sample */
            int n = ln.probes[l];
            float s0 = ln.s[l], t0 = ln.t[l], acc[4] = {0, 0, 0, 0};
            for (int i = 0; i < n; i++) {
                float k = (float)i - 0.5f * (float)(n - 1);
                ln.s[l] = s0 + k * ln.axis_s[l];
                ln.t[l] = t0 + k * ln.axis_t[l];
                lane_sample(&sp, &ln, l, v);
                for (int c = 0; c < 4; c++)
                    acc[c] += v[c];
            }
            ln.s[l] = s0;
            ln.t[l] = t0;
            for (int c = 0; c < 4; c++)
                v[c] = acc[c] / (float)n;
        } else {
            lane_sample(&sp, &ln, l, v);
        }
        write_lane(out, l, v);
    }
}

void tex_sample_gather_offsets(const tex_object *t, const gp_tex_request *req,
                               const gp_vec *off_x, const gp_vec *off_y, gp_vec *out)
{
    gather_offsets(t, t ? &t->sampler : NULL, req, off_x, off_y, out);
}

static void gather_offsets(const tex_object *t, const tex_sampler *s, const gp_tex_request *req,
                           const gp_vec *off_x, const gp_vec *off_y, gp_vec *out)
{
    uint32_t mask = live_lanes(req);
    if (!mask)
        return;
    samp sp;
    if (!t || !req->coord || !off_x || !off_y || t->target == GL_TEXTURE_BUFFER_ARB ||
        !tex_object_complete_with(t, s) || !tex_samp_setup(&sp, t, s, req, 0.0f)) {
        gp_tex_request g = *req;
        g.op = GP_TEXOP_TXG;
        write_incomplete(t, &g, mask, out);
        return;
    }
    /* TXGO takes no constant or register offset besides its two operands */
    sp.lane_offsets = false;
    memset(sp.coff, 0, sizeof sp.coff);
    lanes ln;
    lanes_coords(&sp, req, &ln);
    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        int offs[4][3];
        for (int n = 0; n < 4; n++) {
            offs[n][0] = off_x->c[n][l].i;
            offs[n][1] = off_y->c[n][l].i;
            offs[n][2] = 0;
        }
        gp_val v[4];
        lane_gather(&sp, &ln, l, req->component & 3, (const int (*)[3])offs, v);
        write_lane_val(out, l, v);
    }
}
