/*
 * rast_blend.c - PBE: alpha test, blending, logic op, colour masks and format
 * conversion into the tile's colour buffers.  Stage: tile execution.
 * Thread: worker threads.
 *
 * One writer per (format x blend/logic/mask) combination is chosen per state
 * (rast_pbe_choose, R11); inside, GL enums are switched on once per task,
 * never per pixel.
 *
 * RGBA8 (unsigned normalised, GL 2.1 2.14.9 / 4.1.8): the fragment colour and
 * the blend constant are clamped to [0, 1], the destination is d / 255, the
 * blended result is clamped and stored as (uint8)(c * 255 + 0.5), the
 * product taken exactly (in double).  RGBA32F
 * stores and blends unclamped floats; logic ops apply to RGBA8 only (GL 3.0
 * 4.1.11: not to floating-point buffers).
 *
 * RGBA32I / RGBA32UI (EXT_texture_integer, GL 3.0 4.1.8): the program's
 * result.color words are stored as they are: no clamping, no conversion,
 * and no blending (blending does not apply to integer buffers).  Colour
 * masks apply per component.  The logic op, when enabled, applies to the
 * whole 32-bit words (GL 3.0 4.1.11 excludes only floating-point buffers);
 * this also decides blending off, as for RGBA8.
 *
 * Dual-source blending (ARB_blend_func_extended, NV_gpu_program5 OPTION
 * ARB_blend_func_extended): the SRC1_COLOR / ONE_MINUS_SRC1_COLOR /
 * SRC1_ALPHA / ONE_MINUS_SRC1_ALPHA factors read the second source colour
 * of the draw buffer's result, result.color[n].secondary (GP_FOUT_SECONDARY0
 * + n, next to GP_FOUT_COLOR0 + n in the task's output array), clamped like
 * the first source for RGBA8.  A program that never writes it gives
 * (0, 0, 0, 0) (undefined in the spec).  asmgl applies it to every draw
 * buffer (MAX_DUAL_SOURCE_DRAW_BUFFERS is 1: more is undefined).
 */
#include <math.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "rast_priv.h"

static float u8_to_float[256];
static pthread_once_t lut_once = PTHREAD_ONCE_INIT;

static void init_lut(void)
{
    for (int i = 0; i < 256; i++)
        u8_to_float[i] = (float)i / 255.0f;
}

/* Round to nearest of the exact product c * 255 (in double: the float
 * product can round 229.49999 up to the tie 229.5). */
static inline uint8_t f2u8(float v)
{
    return (uint8_t)((double)rast_clampf(v, 0.0f, 1.0f) * 255.0 + 0.5);
}

/* ---- alpha test ------------------------------------------------------------------ */

uint32_t rast_alpha_test(const rast_dstate *ds, const gp_vec *color0, uint32_t mask)
{
    float ref = ds->alpha_ref;
    uint32_t out;
    RAST_FUNC_LANES(out, ds->alpha_func, rast_clampf(color0->c[3][l].f, 0.0f, 1.0f), ref);
    return out & mask;
}

/* ---- blending on 16 lanes ---------------------------------------------------------- */

static void blend_factor(GLenum f, int ch, float s[4][16], float s1[4][16], float d[4][16],
                         const float cc[4], float out[16])
{
    int l;
    switch (f) {
    case GL_SRC1_COLOR: for (l = 0; l < 16; l++) out[l] = s1[ch][l]; break;
    case GL_ONE_MINUS_SRC1_COLOR: for (l = 0; l < 16; l++) out[l] = 1.0f - s1[ch][l]; break;
    case GL_SRC1_ALPHA: for (l = 0; l < 16; l++) out[l] = s1[3][l]; break;
    case GL_ONE_MINUS_SRC1_ALPHA: for (l = 0; l < 16; l++) out[l] = 1.0f - s1[3][l]; break;
    case GL_ZERO: for (l = 0; l < 16; l++) out[l] = 0.0f; break;
    case GL_ONE: for (l = 0; l < 16; l++) out[l] = 1.0f; break;
    case GL_SRC_COLOR: for (l = 0; l < 16; l++) out[l] = s[ch][l]; break;
    case GL_ONE_MINUS_SRC_COLOR: for (l = 0; l < 16; l++) out[l] = 1.0f - s[ch][l]; break;
    case GL_DST_COLOR: for (l = 0; l < 16; l++) out[l] = d[ch][l]; break;
    case GL_ONE_MINUS_DST_COLOR: for (l = 0; l < 16; l++) out[l] = 1.0f - d[ch][l]; break;
    case GL_SRC_ALPHA: for (l = 0; l < 16; l++) out[l] = s[3][l]; break;
    case GL_ONE_MINUS_SRC_ALPHA: for (l = 0; l < 16; l++) out[l] = 1.0f - s[3][l]; break;
    case GL_DST_ALPHA: for (l = 0; l < 16; l++) out[l] = d[3][l]; break;
    case GL_ONE_MINUS_DST_ALPHA: for (l = 0; l < 16; l++) out[l] = 1.0f - d[3][l]; break;
    case GL_CONSTANT_COLOR: for (l = 0; l < 16; l++) out[l] = cc[ch]; break;
    case GL_ONE_MINUS_CONSTANT_COLOR: for (l = 0; l < 16; l++) out[l] = 1.0f - cc[ch]; break;
    case GL_CONSTANT_ALPHA: for (l = 0; l < 16; l++) out[l] = cc[3]; break;
    case GL_ONE_MINUS_CONSTANT_ALPHA: for (l = 0; l < 16; l++) out[l] = 1.0f - cc[3]; break;
    case GL_SRC_ALPHA_SATURATE:
        for (l = 0; l < 16; l++) {
            float a = 1.0f - d[3][l];
            out[l] = ch == 3 ? 1.0f : (s[3][l] < a ? s[3][l] : a);
        }
        break;
    default: for (l = 0; l < 16; l++) out[l] = 0.0f; break;
    }
}

static void blend_lanes(const rast_dstate *ds, const float cc[4], float s[4][16], float s1[4][16],
                        float d[4][16], float o[4][16])
{
    for (int ch = 0; ch < 4; ch++) {
        GLenum eq = ch < 3 ? ds->blend_eq_rgb : ds->blend_eq_alpha;
        if (eq == GL_MIN) {
            for (int l = 0; l < 16; l++)
                o[ch][l] = s[ch][l] < d[ch][l] ? s[ch][l] : d[ch][l];
            continue;
        }
        if (eq == GL_MAX) {
            for (int l = 0; l < 16; l++)
                o[ch][l] = s[ch][l] > d[ch][l] ? s[ch][l] : d[ch][l];
            continue;
        }
        float fs[16], fd[16];
        blend_factor(ch < 3 ? ds->blend_src_rgb : ds->blend_src_alpha, ch, s, s1, d, cc, fs);
        blend_factor(ch < 3 ? ds->blend_dst_rgb : ds->blend_dst_alpha, ch, s, s1, d, cc, fd);
        switch (eq) {
        case GL_FUNC_SUBTRACT:
            for (int l = 0; l < 16; l++) o[ch][l] = s[ch][l] * fs[l] - d[ch][l] * fd[l];
            break;
        case GL_FUNC_REVERSE_SUBTRACT:
            for (int l = 0; l < 16; l++) o[ch][l] = d[ch][l] * fd[l] - s[ch][l] * fs[l];
            break;
        default: /* GL_FUNC_ADD */
            for (int l = 0; l < 16; l++) o[ch][l] = s[ch][l] * fs[l] + d[ch][l] * fd[l];
            break;
        }
    }
}

/* Whether a blend factor reads the second source colour (dual-source
 * blending). */
static bool blend_reads_src1(const rast_dstate *ds)
{
    const GLenum f[4] = {ds->blend_src_rgb, ds->blend_dst_rgb, ds->blend_src_alpha,
                         ds->blend_dst_alpha};
    for (int i = 0; i < 4; i++)
        if (f[i] == GL_SRC1_COLOR || f[i] == GL_ONE_MINUS_SRC1_COLOR || f[i] == GL_SRC1_ALPHA ||
            f[i] == GL_ONE_MINUS_SRC1_ALPHA)
            return true;
    return false;
}

/* The second source colour of src (result.color[n] in t->outputs, or in
 * t->outputs2 for the second task of a pair): the matching
 * result.color[n].secondary, clamped for fixed-point buffers, or zero when
 * the program does not write it.  Nothing is loaded (s1 left as it is)
 * when no blend factor reads it. */
static void load_src1(const rast_tile_ctx *t, const rast_dstate *ds, const gp_vec *src, bool clamp,
                      float s1[4][16])
{
    if (!blend_reads_src1(ds))
        return; /* s1 is not read */
    const gp_vec *outs = src >= t->outputs2 && src < t->outputs2 + GP_FOUT_COUNT ? t->outputs2
                                                                                : t->outputs;
    uintptr_t a = (uintptr_t)src, base = (uintptr_t)&outs[GP_FOUT_COLOR0];
    long k = a >= base && (a - base) % sizeof(gp_vec) == 0 ? (long)((a - base) / sizeof(gp_vec)) : -1;
    const gp_vec *v = NULL;
    if (k >= 0 && k < 8 && ds->fpi && (ds->fpi->outputs_written >> (GP_FOUT_SECONDARY0 + k) & 1))
        v = &outs[GP_FOUT_SECONDARY0 + k];
    for (int ch = 0; ch < 4; ch++)
        for (int l = 0; l < 16; l++)
            s1[ch][l] = !v ? 0.0f : clamp ? rast_clampf(v->c[ch][l].f, 0.0f, 1.0f) : v->c[ch][l].f;
}

/* ---- RGBA8 writers ------------------------------------------------------------------ */

/* Packed RGBA8 words over the covered pixels of buffer buf (full colour
 * mask), a quad at a time where all four are covered. */
static void store_words8(rast_tile_ctx *t, int buf, const uint16_t qbase[4], const uint32_t w[16],
                         uint32_t mask)
{
    uint8_t(*c)[4] = t->color[buf];
    for (int q = 0; q < 4; q++) {
        uint32_t qm = (mask >> (4 * q)) & 0xfu;
        uint8_t *px = c[qbase[q]];
        if (qm == 0xfu) {
            memcpy(px, &w[4 * q], 16);
            continue;
        }
        for (int k = 0; k < 4; k++)
            if (qm >> k & 1u)
                memcpy(px + 4 * k, &w[4 * q + k], 4);
    }
}

/* Full colour mask, no blending: the converted colour.  It records the
 * pixels it wrote for a tile that did not load the buffer (rast_tile.c). */
static void pbe8_plain(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    (void)ds;
    uint32_t w[16];
    t->lanes->pack8(rast_vec_floats(src), w);
    store_words8(t, buf, qbase, w, mask);
    for (int q = 0; q < 4; q++) {
        uint64_t qm = (mask >> (4 * q)) & 0xfu; /* a quad's 4 pixels: one word, 4-aligned */
        if (qm)
            t->color_written[buf][qbase[q] >> 6] |= qm << (qbase[q] & 63);
    }
}

static void store8(rast_tile_ctx *t, int buf, const uint16_t qbase[4], uint8_t v[4][16],
                   uint32_t mask, uint8_t cm)
{
    uint8_t(*c)[4] = t->color[buf];
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        uint8_t *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++)
            if (cm & (1u << ch))
                px[ch] = v[ch][l];
    }
}

static void pbe8_masked(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                        const gp_vec *src, uint32_t mask)
{
    uint8_t v[4][16];
    for (int ch = 0; ch < 4; ch++)
        for (int l = 0; l < 16; l++)
            v[ch][l] = f2u8(src->c[ch][l].f);
    store8(t, buf, qbase, v, mask, ds->color_mask[buf]);
}

/* The destination as blending reads it: the components of the buffer's
 * base format (rast_surface.base). */
static void dst_base(GLenum base, float d[4][16])
{
    switch (base) {
    case GL_RGB:
    case GL_RG:
    case GL_RED:
        for (int l = 0; l < 16; l++) {
            if (base != GL_RGB)
                d[2][l] = 0.0f;
            if (base == GL_RED)
                d[1][l] = 0.0f;
            d[3][l] = 1.0f;
        }
        break;
    case GL_ALPHA:
        for (int l = 0; l < 16; l++)
            d[0][l] = d[1][l] = d[2][l] = 0.0f;
        break;
    case GL_LUMINANCE:
    case GL_LUMINANCE_ALPHA:
    case GL_INTENSITY:
        for (int l = 0; l < 16; l++) {
            d[1][l] = d[2][l] = d[0][l];
            if (base == GL_LUMINANCE)
                d[3][l] = 1.0f;
            else if (base == GL_INTENSITY)
                d[3][l] = d[0][l];
        }
        break;
    default:
        break;
    }
}

static void load8(rast_tile_ctx *t, int buf, const uint16_t qbase[4], float d[4][16])
{
    uint8_t(*c)[4] = t->color[buf];
    for (int l = 0; l < 16; l++) {
        const uint8_t *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++)
            d[ch][l] = u8_to_float[px[ch]];
    }
}

/* An sRGB buffer with FRAMEBUFFER_SRGB (GL 3.0 4.1.8, "sRGB Conversion"):
 * the destination's R, G, B decoded to linear, blended there when BLEND
 * is on, and the result's R, G, B stored encoded; alpha stays linear. */
static void pbe8_srgb(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                      const gp_vec *src, uint32_t mask)
{
    float s[4][16], o[4][16];
    for (int ch = 0; ch < 4; ch++)
        for (int l = 0; l < 16; l++)
            s[ch][l] = rast_clampf(src->c[ch][l].f, 0.0f, 1.0f);
    if ((ds->blend_buffers >> buf) & 1u) {
        float s1[4][16], d[4][16];
        load_src1(t, ds, src, true, s1);
        uint8_t(*c)[4] = t->color[buf];
        for (int l = 0; l < 16; l++) {
            const uint8_t *px = c[qbase[l >> 2] + (l & 3)];
            for (int ch = 0; ch < 3; ch++)
                d[ch][l] = tex_srgb8_to_linear[px[ch]];
            d[3][l] = u8_to_float[px[3]];
        }
        dst_base(ds->cbase[buf], d);
        blend_lanes(ds, ds->blend_color_clamped, s, s1, d, o);
    } else {
        memcpy(o, s, sizeof o);
    }
    uint8_t v[4][16];
    for (int l = 0; l < 16; l++) {
        for (int ch = 0; ch < 3; ch++)
            v[ch][l] = f2u8(tex_linear_to_srgb(o[ch][l]));
        v[3][l] = f2u8(o[3][l]);
    }
    store8(t, buf, qbase, v, mask, ds->color_mask[buf]);
}

static void pbe8_blend(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    float s[4][16], s1[4][16], d[4][16], o[4][16];
    for (int ch = 0; ch < 4; ch++)
        for (int l = 0; l < 16; l++)
            s[ch][l] = rast_clampf(src->c[ch][l].f, 0.0f, 1.0f);
    load_src1(t, ds, src, true, s1);
    load8(t, buf, qbase, d);
    dst_base(ds->cbase[buf], d);
    blend_lanes(ds, ds->blend_color_clamped, s, s1, d, o);
    if (ds->color_mask[buf] == 0xf) {
        uint32_t w[16];
        t->lanes->pack8((const float(*)[16])o, w);
        store_words8(t, buf, qbase, w, mask);
        return;
    }
    uint8_t v[4][16];
    for (int ch = 0; ch < 4; ch++)
        for (int l = 0; l < 16; l++)
            v[ch][l] = f2u8(o[ch][l]);
    store8(t, buf, qbase, v, mask, ds->color_mask[buf]);
}

static void pbe8_logic(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    uint8_t s[4][16], d[4][16], v[4][16];
    uint8_t(*c)[4] = t->color[buf];
    for (int l = 0; l < 16; l++) {
        const uint8_t *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++) {
            s[ch][l] = f2u8(src->c[ch][l].f);
            d[ch][l] = px[ch];
        }
    }
    uint8_t *S = &s[0][0], *D = &d[0][0], *V = &v[0][0];
    int i;
    switch (ds->logic_op_mode) {
    case GL_CLEAR: for (i = 0; i < 64; i++) V[i] = 0; break;
    case GL_AND: for (i = 0; i < 64; i++) V[i] = S[i] & D[i]; break;
    case GL_AND_REVERSE: for (i = 0; i < 64; i++) V[i] = S[i] & (uint8_t)~D[i]; break;
    case GL_AND_INVERTED: for (i = 0; i < 64; i++) V[i] = (uint8_t)~S[i] & D[i]; break;
    case GL_NOOP: for (i = 0; i < 64; i++) V[i] = D[i]; break;
    case GL_XOR: for (i = 0; i < 64; i++) V[i] = S[i] ^ D[i]; break;
    case GL_OR: for (i = 0; i < 64; i++) V[i] = S[i] | D[i]; break;
    case GL_NOR: for (i = 0; i < 64; i++) V[i] = (uint8_t)~(S[i] | D[i]); break;
    case GL_EQUIV: for (i = 0; i < 64; i++) V[i] = (uint8_t)~(S[i] ^ D[i]); break;
    case GL_INVERT: for (i = 0; i < 64; i++) V[i] = (uint8_t)~D[i]; break;
    case GL_OR_REVERSE: for (i = 0; i < 64; i++) V[i] = S[i] | (uint8_t)~D[i]; break;
    case GL_COPY_INVERTED: for (i = 0; i < 64; i++) V[i] = (uint8_t)~S[i]; break;
    case GL_OR_INVERTED: for (i = 0; i < 64; i++) V[i] = (uint8_t)~S[i] | D[i]; break;
    case GL_NAND: for (i = 0; i < 64; i++) V[i] = (uint8_t)~(S[i] & D[i]); break;
    case GL_SET: for (i = 0; i < 64; i++) V[i] = 0xff; break;
    default: /* GL_COPY */ for (i = 0; i < 64; i++) V[i] = S[i]; break;
    }
    store8(t, buf, qbase, v, mask, ds->color_mask[buf]);
}

/* ---- RGBA32F writers ---------------------------------------------------------------- */

/* The colour over the covered pixels; clamped: to rast_dstate.fclamp_src
 * (which lies within fclamp_res).  Inlined into the two writers below, each
 * keeping its own loop. */
static inline __attribute__((always_inline)) void pbef_write(rast_tile_ctx *t,
                                                             const rast_dstate *ds, int buf,
                                                             const uint16_t qbase[4],
                                                             const gp_vec *src, uint32_t mask,
                                                             bool clamped)
{
    float(*c)[4] = t->color[buf];
    uint8_t cm = ds->color_mask[buf];
    const float *sr = ds->fclamp_src[buf];
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        float *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++)
            if (cm & (1u << ch))
                px[ch] = clamped ? rast_clampf(src->c[ch][l].f, sr[0], sr[1]) : src->c[ch][l].f;
    }
}

static void pbef_plain(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    pbef_write(t, ds, buf, qbase, src, mask, false);
}

static void pbef_plain_clamped(rast_tile_ctx *t, const rast_dstate *ds, int buf,
                               const uint16_t qbase[4], const gp_vec *src, uint32_t mask)
{
    pbef_write(t, ds, buf, qbase, src, mask, true);
}

/* RGBA32F blending: unclamped floats for a float format; a fixed-point
 * format kept as RGBA32F clamps the source, destination and constant
 * colours to its range first and the result after (GL 3.0 4.1.8; the
 * factors are those of the clamped colours, not clamped again, as Mesa's
 * llvmpipe computes them and piglit's fbo-blending-snorm expects). */
static void pbef_blend(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    float s[4][16], s1[4][16], d[4][16], o[4][16];
    float(*c)[4] = t->color[buf];
    load_src1(t, ds, src, false, s1);
    for (int l = 0; l < 16; l++) {
        const float *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++) {
            s[ch][l] = src->c[ch][l].f;
            d[ch][l] = px[ch];
        }
    }
    dst_base(ds->cbase[buf], d);
    bool clamped = (ds->fclamped >> buf) & 1u;
    bool fixed = clamped && ds->fclamp_res[buf][0] != -INFINITY; /* a fixed-point format */
    float k[4];
    memcpy(k, ds->blend_color, sizeof k);
    const float *sr = ds->fclamp_src[buf], *rr = ds->fclamp_res[buf];
    if (clamped) {
        for (int ch = 0; ch < 4; ch++) {
            k[ch] = rast_clampf(k[ch], sr[0], sr[1]);
            for (int l = 0; l < 16; l++) {
                s[ch][l] = rast_clampf(s[ch][l], sr[0], sr[1]);
                s1[ch][l] = rast_clampf(s1[ch][l], sr[0], sr[1]);
                if (fixed)
                    d[ch][l] = rast_clampf(d[ch][l], rr[0], rr[1]);
            }
        }
    }
    blend_lanes(ds, k, s, s1, d, o);
    uint8_t cm = ds->color_mask[buf];
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        float *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++)
            if (cm & (1u << ch))
                px[ch] = fixed ? rast_clampf(o[ch][l], rr[0], rr[1]) : o[ch][l];
    }
}

/* ---- RGBA32I / RGBA32UI writers ------------------------------------------------------ */

static void pbei_plain(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    uint32_t(*c)[4] = t->color[buf];
    uint8_t cm = ds->color_mask[buf];
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        uint32_t *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++)
            if (cm & (1u << ch))
                px[ch] = src->c[ch][l].u;
    }
}

static void pbei_logic(rast_tile_ctx *t, const rast_dstate *ds, int buf, const uint16_t qbase[4],
                       const gp_vec *src, uint32_t mask)
{
    uint32_t(*c)[4] = t->color[buf];
    uint8_t cm = ds->color_mask[buf];
    GLenum op = ds->logic_op_mode;
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        uint32_t *px = c[qbase[l >> 2] + (l & 3)];
        for (int ch = 0; ch < 4; ch++) {
            if (!(cm & (1u << ch)))
                continue;
            uint32_t S = src->c[ch][l].u, D = px[ch], V;
            switch (op) {
            case GL_CLEAR: V = 0; break;
            case GL_AND: V = S & D; break;
            case GL_AND_REVERSE: V = S & ~D; break;
            case GL_AND_INVERTED: V = ~S & D; break;
            case GL_NOOP: V = D; break;
            case GL_XOR: V = S ^ D; break;
            case GL_OR: V = S | D; break;
            case GL_NOR: V = ~(S | D); break;
            case GL_EQUIV: V = ~(S ^ D); break;
            case GL_INVERT: V = ~D; break;
            case GL_OR_REVERSE: V = S | ~D; break;
            case GL_COPY_INVERTED: V = ~S; break;
            case GL_OR_INVERTED: V = ~S | D; break;
            case GL_NAND: V = ~(S & D); break;
            case GL_SET: V = 0xffffffffu; break;
            default: V = S; break; /* GL_COPY */
            }
            px[ch] = V;
        }
    }
}

void rast_pbe_alpha_is_red(rast_tile_ctx *t, const rast_dstate *ds, int buf,
                           const uint16_t qbase[4], const gp_vec *src, uint32_t mask)
{
    ds->pbe_inner[buf](t, ds, buf, qbase, src, mask);
    bool f32 = ds->cformat[buf] == TEX_FMT_RGBA32F;
    for (int l = 0; l < 16; l++) {
        if (!((mask >> l) & 1u))
            continue;
        int p = qbase[l >> 2] + (l & 3);
        if (f32) {
            float(*c)[4] = t->color[buf];
            c[p][3] = c[p][0];
        } else {
            uint8_t(*c)[4] = t->color[buf];
            c[p][3] = c[p][0];
        }
    }
}

bool rast_pbe_overwrites(rast_pbe_fn pbe)
{
    return pbe == pbe8_plain;
}

rast_pbe_fn rast_pbe_choose(const rast_dstate *ds, int buf)
{
    pthread_once(&lut_once, init_lut);
    if (rast_format_int(ds->cformat[buf]))
        return ds->logic_op ? pbei_logic : pbei_plain;
    if (ds->cformat[buf] == TEX_FMT_RGBA32F)
        return (ds->blend_buffers >> buf) & 1u ? pbef_blend
               : (ds->fclamped >> buf) & 1u    ? pbef_plain_clamped
                                               : pbef_plain;
    if (ds->logic_op)
        return pbe8_logic;
    if ((ds->srgb_buffers >> buf) & 1u)
        return pbe8_srgb;
    if ((ds->blend_buffers >> buf) & 1u)
        return pbe8_blend;
    return ds->color_mask[buf] == 0xf ? pbe8_plain : pbe8_masked;
}
