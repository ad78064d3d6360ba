/*
 * gl_ffgen_fp.c - the fixed-function fragment stage (GL 2.1 3.8.13 texture
 * environments with ARB_texture_env_combine / _dot3 / _crossbar and
 * ATI_texture_env_combine3, 3.9 colour sum, 3.10 fog) as an !!ARBfp1.0
 * program.  Thread: any (pure).
 *
 * Every legacy env mode is first rewritten as the combiner it equals for the
 * texture's base format (GL 2.1 tables 3.22, 3.23), so one emitter handles
 * all units.  All textures are sampled first (no texture indirections); then
 * the units run in order on the temporary `col`, whose rgb and alpha are
 * computed separately (alpha operands read only .w, so writing .xyz first
 * never disturbs them).  Each unit's result is clamped to [0, 1] after its
 * scale, as GL requires.  Fog is left to OPTION ARB_fog_*.
 *
 * Temporaries: texN (the sample of unit N), col, a0..a2 (combiner arguments
 * that need arithmetic: 1 - x, and DOT3's 2x - 1): at most 12 of the 16 ARB
 * guarantees.
 */
#include "gl_ffgen_priv.h"

#include <stdio.h>
#include <string.h>

enum { F_TEX0 = 0, F_COL = GL_FF_MAX_UNITS, F_A0, F_A1, F_A2, F_COUNT };

typedef struct fp_unit {
    gl_ff_combine rgb, alpha;  /* the unit as a combiner */
} fp_unit;

typedef struct fp_gen {
    gl_ff_fragment_key k;  /* canonical copy */
    ff_text *t;
    unsigned used;         /* temporaries referenced (bit per F_*) */
    uint8_t active;        /* units that blend (enabled, crossbar sources enabled) */
    uint8_t sampled;       /* units whose texture some active unit reads */
    fp_unit unit[GL_FF_MAX_UNITS];
    bool first;            /* no unit has written col yet: PREVIOUS = primary colour */
} fp_gen;

#define E(...) ff_emit(g->t, __VA_ARGS__)

static const char *F(fp_gen *g, int r)
{
    static const char *const names[F_COUNT] = {
        "tex0", "tex1", "tex2", "tex3", "tex4", "tex5", "tex6", "tex7", "col", "a0", "a1", "a2"
    };
    g->used |= 1u << r;
    return names[r];
}

/* ---- legacy env modes as combiners (GL 2.1 tables 3.22, 3.23) ---------------- */

static void set(gl_ff_combine *c, unsigned mode, unsigned s0, unsigned o0, unsigned s1, unsigned o1,
                unsigned s2, unsigned o2)
{
    memset(c, 0, sizeof *c);
    c->mode = (uint8_t)mode;
    c->src[0] = (uint8_t)s0, c->op[0] = (uint8_t)o0;
    c->src[1] = (uint8_t)s1, c->op[1] = (uint8_t)o1;
    c->src[2] = (uint8_t)s2, c->op[2] = (uint8_t)o2;
}

#define PREV GL_FF_SRC_PREVIOUS
#define TEXS GL_FF_SRC_TEXTURE
#define CONS GL_FF_SRC_CONSTANT
#define OC GL_FF_OP_SRC_COLOR
#define OA GL_FF_OP_SRC_ALPHA

static void replace_rgb(gl_ff_combine *c, unsigned src) { set(c, GL_FF_COMBINE_REPLACE, src, OC, 0, 0, 0, 0); }
static void replace_a(gl_ff_combine *c, unsigned src) { set(c, GL_FF_COMBINE_REPLACE, src, OA, 0, 0, 0, 0); }

static void fp_legacy(const gl_ff_tex_unit *t, fp_unit *u)
{
    const unsigned fmt = t->format;
    const bool only_alpha = fmt == GL_FF_FMT_ALPHA;                            /* rgb untouched */
    const bool no_alpha = fmt == GL_FF_FMT_LUMINANCE || fmt == GL_FF_FMT_RGB;  /* alpha untouched */
    const bool intensity = fmt == GL_FF_FMT_INTENSITY;
    gl_ff_combine *rgb = &u->rgb, *a = &u->alpha;

    switch (t->env_mode) {
    case GL_FF_ENV_REPLACE:
        replace_rgb(rgb, only_alpha ? PREV : TEXS);
        replace_a(a, no_alpha ? PREV : TEXS);
        break;
    case GL_FF_ENV_DECAL:
        /* Undefined for A, L, LA, I: the fragment passes unchanged, as
         * NV_texture_shader defines it (and Mesa does). */
        if (fmt == GL_FF_FMT_RGB)
            replace_rgb(rgb, TEXS);
        else if (fmt == GL_FF_FMT_RGBA)
            set(rgb, GL_FF_COMBINE_INTERPOLATE, TEXS, OC, PREV, OC, TEXS, OA);
        else
            replace_rgb(rgb, PREV);
        replace_a(a, PREV);
        break;
    case GL_FF_ENV_BLEND:
        if (only_alpha)
            replace_rgb(rgb, PREV);
        else
            set(rgb, GL_FF_COMBINE_INTERPOLATE, CONS, OC, PREV, OC, TEXS, OC);
        if (no_alpha)
            replace_a(a, PREV);
        else if (intensity)
            set(a, GL_FF_COMBINE_INTERPOLATE, CONS, OA, PREV, OA, TEXS, OA);
        else
            set(a, GL_FF_COMBINE_MODULATE, PREV, OA, TEXS, OA, 0, 0);
        break;
    case GL_FF_ENV_ADD:
        if (only_alpha)
            replace_rgb(rgb, PREV);
        else
            set(rgb, GL_FF_COMBINE_ADD, PREV, OC, TEXS, OC, 0, 0);
        if (no_alpha)
            replace_a(a, PREV);
        else
            set(a, intensity ? GL_FF_COMBINE_ADD : GL_FF_COMBINE_MODULATE, PREV, OA, TEXS, OA, 0, 0);
        break;
    case GL_FF_ENV_MODULATE:
    default:
        if (only_alpha)
            replace_rgb(rgb, PREV);
        else
            set(rgb, GL_FF_COMBINE_MODULATE, PREV, OC, TEXS, OC, 0, 0);
        if (no_alpha)
            replace_a(a, PREV);
        else
            set(a, GL_FF_COMBINE_MODULATE, PREV, OA, TEXS, OA, 0, 0);
        break;
    }
}

static int nargs(unsigned mode)
{
    switch (mode) {
    case GL_FF_COMBINE_REPLACE: return 1;
    case GL_FF_COMBINE_INTERPOLATE:
    case GL_FF_COMBINE_MODULATE_ADD:
    case GL_FF_COMBINE_MODULATE_SIGNED_ADD:
    case GL_FF_COMBINE_MODULATE_SUBTRACT: return 3;
    default: return 2;
    }
}

/* The texture unit a source reads, or -1. */
static int src_unit(unsigned src, int unit)
{
    if (src == GL_FF_SRC_TEXTURE)
        return unit;
    if (src >= GL_FF_SRC_TEXTURE0 && src < GL_FF_SRC_TEXTURE0 + GL_FF_MAX_UNITS)
        return (int)(src - GL_FF_SRC_TEXTURE0);
    return -1;
}

/* Which units blend and which textures they read.  A unit whose combiner
 * reads the texture of a disabled unit does not blend ("as if texture
 * blending is disabled", ARB_texture_env_crossbar). */
static void fp_analyse(fp_gen *g)
{
    uint8_t enabled = 0;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        if (g->k.unit[u].target != GL_FF_TEX_NONE)
            enabled |= (uint8_t)(1u << u);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!(enabled & (1u << u)))
            continue;
        const gl_ff_tex_unit *t = &g->k.unit[u];
        fp_unit *fu = &g->unit[u];
        if (t->env_mode == GL_FF_ENV_COMBINE) {
            fu->rgb = t->rgb;
            fu->alpha = t->alpha;
        } else {
            fp_legacy(t, fu);
        }
        uint8_t reads = 0;
        bool ok = true;
        for (int part = 0; part < 2; part++) {
            const gl_ff_combine *c = part ? &fu->alpha : &fu->rgb;
            if (part && fu->rgb.mode == GL_FF_COMBINE_DOT3_RGBA)
                break;
            for (int i = 0; i < nargs(c->mode); i++) {
                int su = src_unit(c->src[i], u);
                if (su < 0)
                    continue;
                if (!(enabled & (1u << su)))
                    ok = false;
                reads |= (uint8_t)(1u << su);
            }
        }
        if (ok) {
            g->active |= (uint8_t)(1u << u);
            g->sampled |= reads;
        }
    }
}

uint32_t gl_ff_fragment_key_inputs(const gl_ff_fragment_key *key)
{
    fp_gen g;
    memset(&g, 0, sizeof g);
    g.k = *key;
    gl_ff_fragment_key_canonicalize(&g.k);
    fp_analyse(&g);

    uint32_t in = 0;
    bool first = true;
    if (!g.active)
        in |= GL_FF_IN_COL0;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!(g.active & (1u << u)))
            continue;
        for (int part = 0; part < 2; part++) {
            const gl_ff_combine *c = part ? &g.unit[u].alpha : &g.unit[u].rgb;
            if (part && g.unit[u].rgb.mode == GL_FF_COMBINE_DOT3_RGBA)
                break;
            for (int i = 0; i < nargs(c->mode); i++)
                if (c->src[i] == GL_FF_SRC_PRIMARY_COLOR || (first && c->src[i] == GL_FF_SRC_PREVIOUS))
                    in |= GL_FF_IN_COL0;
        }
        first = false;
    }
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        if (g.sampled & (1u << u))
            in |= GL_FF_IN_TEX(u);
    if (g.k.color_sum)
        in |= GL_FF_IN_COL1;
    if (g.k.fog_mode != GL_FF_FOG_NONE)
        in |= GL_FF_IN_FOG;
    return in;
}

/* ---- emission ---------------------------------------------------------------- */

static void fp_sample(fp_gen *g, int u)
{
    static const char *const targets[] = { "", "1D", "2D", "3D", "CUBE", "RECT" };
    const gl_ff_tex_unit *t = &g->k.unit[u];
    /* Cube maps use (s, t, r) as a direction; the others divide by q. */
    const char *op = t->target == GL_FF_TEX_CUBE ? "TEX" : "TXP";
    E("%s %s, fragment.texcoord[%d], texture[%d], %s%s;\n", op, F(g, F_TEX0 + u), u, u,
      t->shadow ? "SHADOW" : "", targets[t->target]);
}

/* The text of source src of unit u (before its operand is applied). */
static void source_name(fp_gen *g, int u, unsigned src, char *buf, size_t n, bool *is_const)
{
    *is_const = false;
    int su = src_unit(src, u);
    if (su >= 0) {
        snprintf(buf, n, "%s", F(g, F_TEX0 + su));
        return;
    }
    switch (src) {
    case GL_FF_SRC_CONSTANT: snprintf(buf, n, "state.texenv[%d].color", u); break;
    case GL_FF_SRC_PRIMARY_COLOR: snprintf(buf, n, "fragment.color"); break;
    case GL_FF_SRC_ZERO: snprintf(buf, n, "{0, 0, 0, 0}"); *is_const = true; break;
    case GL_FF_SRC_ONE: snprintf(buf, n, "{1, 1, 1, 1}"); *is_const = true; break;
    case GL_FF_SRC_PREVIOUS:
    default: snprintf(buf, n, "%s", g->first ? "fragment.color" : F(g, F_COL)); break;
    }
}

/* Argument i of combiner c for unit u, written with mask ("xyz" or "w"):
 * the operand applied to the source, as an operand string in out.  Needs a
 * temporary (a0..a2) for 1 - x, or when must_be_temp. */
static void fp_arg(fp_gen *g, int u, const gl_ff_combine *c, int i, const char *mask, bool must_be_temp,
                   char *out, size_t n)
{
    char src[48];
    bool is_const;
    source_name(g, u, c->src[i], src, sizeof src, &is_const);
    const unsigned op = c->op[i];
    const bool alpha = op >= GL_FF_OP_SRC_ALPHA;
    const bool invert = op == GL_FF_OP_ONE_MINUS_SRC_COLOR || op == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    char val[56];
    /* Constants are uniform: their alpha is their colour, and no swizzle. */
    snprintf(val, sizeof val, "%s%s", src, alpha && !is_const ? ".w" : "");
    if (!invert && !must_be_temp) {
        snprintf(out, n, "%s", val);
        return;
    }
    const char *a = F(g, F_A0 + i);
    const bool all = !strcmp(mask, "xyzw");
    E("%s %s%s%s, %s%s;\n", invert ? "SUB" : "MOV", a, all ? "" : ".", all ? "" : mask,
      invert ? "{1, 1, 1, 1}, " : "", val);
    snprintf(out, n, "%s", a);
}

/* One combiner (rgb or alpha part) of unit u into col.<mask>. */
static void fp_combine(fp_gen *g, int u, const gl_ff_combine *c, const char *mask, bool saturate)
{
    char a[3][56] = { "", "", "" };
    const char *sat = saturate ? "_SAT" : "";
    char col[16];
    snprintf(col, sizeof col, "%s%s%s", F(g, F_COL), strcmp(mask, "xyzw") ? "." : "", strcmp(mask, "xyzw") ? mask : "");
    const bool dot3 = c->mode == GL_FF_COMBINE_DOT3_RGB || c->mode == GL_FF_COMBINE_DOT3_RGBA;
    const char *amask = dot3 ? "xyz" : mask;
    for (int i = 0; i < nargs(c->mode); i++) {
        /* -x of an inline constant is not in the grammar: load it first */
        bool temp = c->mode == GL_FF_COMBINE_MODULATE_SUBTRACT && i == 1 &&
                    (c->src[i] == GL_FF_SRC_ZERO || c->src[i] == GL_FF_SRC_ONE);
        fp_arg(g, u, c, i, amask, temp, a[i], sizeof a[i]);
    }
    switch (c->mode) {
    case GL_FF_COMBINE_REPLACE: E("MOV%s %s, %s;\n", sat, col, a[0]); break;
    case GL_FF_COMBINE_MODULATE: E("MUL%s %s, %s, %s;\n", sat, col, a[0], a[1]); break;
    case GL_FF_COMBINE_ADD: E("ADD%s %s, %s, %s;\n", sat, col, a[0], a[1]); break;
    case GL_FF_COMBINE_ADD_SIGNED:
        E("ADD %s, %s, %s;\n", col, a[0], a[1]);
        E("ADD%s %s, %s, {-0.5, -0.5, -0.5, -0.5};\n", sat, col, F(g, F_COL));
        break;
    case GL_FF_COMBINE_INTERPOLATE: E("LRP%s %s, %s, %s, %s;\n", sat, col, a[2], a[0], a[1]); break;
    case GL_FF_COMBINE_SUBTRACT: E("SUB%s %s, %s, %s;\n", sat, col, a[0], a[1]); break;
    case GL_FF_COMBINE_DOT3_RGB:
    case GL_FF_COMBINE_DOT3_RGBA:
        /* 4 ((a0 - 1/2) . (a1 - 1/2)) = (2 a0 - 1) . (2 a1 - 1) */
        for (int i = 0; i < 2; i++) {
            const char *t = F(g, F_A0 + i);
            E("MAD %s.xyz, %s, {2, 2, 2, 2}, {-1, -1, -1, -1};\n", t, a[i]);
            snprintf(a[i], sizeof a[i], "%s", t);
        }
        E("DP3%s %s, %s, %s;\n", sat, col, a[0], a[1]);
        break;
    case GL_FF_COMBINE_MODULATE_ADD: E("MAD%s %s, %s, %s, %s;\n", sat, col, a[0], a[2], a[1]); break;
    case GL_FF_COMBINE_MODULATE_SIGNED_ADD:
        E("MAD %s, %s, %s, %s;\n", col, a[0], a[2], a[1]);
        E("ADD%s %s, %s, {-0.5, -0.5, -0.5, -0.5};\n", sat, col, F(g, F_COL));
        break;
    case GL_FF_COMBINE_MODULATE_SUBTRACT: E("MAD%s %s, %s, %s, -%s;\n", sat, col, a[0], a[2], a[1]); break;
    default: break;
    }
}

/* The combiner passes PREVIOUS through unchanged (col is already clamped). */
static bool passes_previous(const fp_gen *g, const gl_ff_combine *c)
{
    return !g->first && c->mode == GL_FF_COMBINE_REPLACE && c->shift == 0 && c->src[0] == GL_FF_SRC_PREVIOUS &&
           (c->op[0] == GL_FF_OP_SRC_COLOR || c->op[0] == GL_FF_OP_SRC_ALPHA);
}

/* rgb and alpha compute the same thing per component, so one xyzw
 * instruction sequence does both (the common MODULATE case). */
static bool same_combiner(const gl_ff_combine *rgb, const gl_ff_combine *a)
{
    if (rgb->mode != a->mode || rgb->shift != a->shift || rgb->mode == GL_FF_COMBINE_DOT3_RGB ||
        rgb->mode == GL_FF_COMBINE_DOT3_RGBA)
        return false;
    for (int i = 0; i < nargs(rgb->mode); i++) {
        if (rgb->src[i] != a->src[i])
            return false;
        const bool inv_rgb = rgb->op[i] == GL_FF_OP_ONE_MINUS_SRC_COLOR || rgb->op[i] == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
        const bool inv_a = a->op[i] == GL_FF_OP_ONE_MINUS_SRC_ALPHA;
        if (inv_rgb != inv_a)
            return false;
    }
    return true;
}

static void fp_unit_emit(fp_gen *g, int u)
{
    static const char *const env_names[] = { "MODULATE", "REPLACE", "DECAL", "BLEND", "ADD", "COMBINE" };
    const fp_unit *fu = &g->unit[u];
    const bool dot3rgba = fu->rgb.mode == GL_FF_COMBINE_DOT3_RGBA;
    const unsigned rs = fu->rgb.shift, as = fu->alpha.shift;
    E("# unit %d: %s\n", u, env_names[g->k.unit[u].env_mode]);
    if (dot3rgba) {
        fp_combine(g, u, &fu->rgb, "xyzw", !rs && !as);
    } else if (same_combiner(&fu->rgb, &fu->alpha)) {
        if (!passes_previous(g, &fu->rgb))
            fp_combine(g, u, &fu->rgb, "xyzw", !rs);
    } else {
        if (!passes_previous(g, &fu->rgb))
            fp_combine(g, u, &fu->rgb, "xyz", !rs);
        if (!passes_previous(g, &fu->alpha))
            fp_combine(g, u, &fu->alpha, "w", !as);
    }
    if (rs || as) {
        const int r = 1 << rs, a = 1 << as;
        E("MUL_SAT %s, %s, {%d, %d, %d, %d};\n", F(g, F_COL), F(g, F_COL), r, r, r, a);
    }
    g->first = false;
}

static void fp_body(fp_gen *g)
{
    g->first = true;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        if (g->sampled & (1u << u))
            fp_sample(g, u);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        if (g->active & (1u << u))
            fp_unit_emit(g, u);

    const char *cur = g->first ? "fragment.color" : F(g, F_COL);
    if (g->k.color_sum) {
        E("# colour sum\n");
        E("ADD_SAT %s.xyz, %s, fragment.color.secondary;\n", F(g, F_COL), cur);
        if (g->first)
            E("MOV %s.w, fragment.color;\n", F(g, F_COL));
        cur = F(g, F_COL);
    }
    if (g->k.num_draw_buffers > 1) {
        for (int i = 0; i < g->k.num_draw_buffers; i++)
            E("MOV result.color[%d], %s;\n", i, cur);
    } else {
        E("MOV result.color, %s;\n", cur);
    }
}

size_t gl_ff_fragment_program(const gl_ff_fragment_key *key, char *buf, size_t size)
{
    static const char *const fog_options[] = { NULL, "ARB_fog_linear", "ARB_fog_exp", "ARB_fog_exp2" };
    fp_gen g;
    memset(&g, 0, sizeof g);
    g.k = *key;
    gl_ff_fragment_key_canonicalize(&g.k);
    fp_analyse(&g);

    ff_text dry;
    ff_text_init(&dry, NULL, 0);
    g.t = &dry;
    fp_body(&g);

    ff_text out;
    ff_text_init(&out, buf, size);
    g.t = &out;
    ff_emit(&out, "!!ARBfp1.0\n# asmgl fixed-function fragment program (gl_ffgen, key %08x)\n",
            gl_ff_fragment_key_hash(&g.k));
    if (g.k.fog_mode != GL_FF_FOG_NONE)
        ff_emit(&out, "OPTION %s;\n", fog_options[g.k.fog_mode]);
    bool shadow = false;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        shadow |= (g.sampled & (1u << u)) && g.k.unit[u].shadow;
    if (shadow)
        ff_emit(&out, "OPTION ARB_fragment_program_shadow;\n");
    if (g.k.num_draw_buffers > 1)
        ff_emit(&out, "OPTION ARB_draw_buffers;\n");
    const char *sep = "TEMP ";
    for (int r = 0; r < F_COUNT; r++) {
        if (g.used & (1u << r)) {
            ff_emit(&out, "%s%s", sep, F(&g, r));
            sep = ", ";
        }
    }
    if (g.used)
        ff_emit(&out, ";\n");
    fp_body(&g);
    ff_emit(&out, "END\n");
    return out.len;
}
