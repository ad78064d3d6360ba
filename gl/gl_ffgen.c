/*
 * gl_ffgen.c - fixed-function program generation: keys (canonical form,
 * hash, equality), GL enum translation and the program text buffer.  The
 * generators themselves are gl_ffgen_vp.c and gl_ffgen_fp.c.
 * Thread: any (pure functions).
 */
#include "gl_ffgen_priv.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <string.h>

/* Keys are hashed as bytes: no implicit padding may hide in them. */
_Static_assert(sizeof(gl_ff_vertex_key) == 4 + 20 + 4 * GL_FF_MAX_UNITS, "vertex key has padding");
_Static_assert(sizeof(gl_ff_combine) == 8, "combine state has padding");
_Static_assert(sizeof(gl_ff_tex_unit) == 20, "unit state has padding");
_Static_assert(sizeof(gl_ff_fragment_key) == 20 * GL_FF_MAX_UNITS + 4, "fragment key has padding");

/* ---- text ----------------------------------------------------------------- */

void ff_text_init(ff_text *t, char *buf, size_t size)
{
    t->buf = buf;
    t->size = buf ? size : 0;
    t->len = 0;
    if (t->size)
        t->buf[0] = '\0';
}

void ff_emit(ff_text *t, const char *fmt, ...)
{
    va_list ap;
    char *dst = NULL;
    size_t room = 0;
    if (t->len < t->size) {
        dst = t->buf + t->len;
        room = t->size - t->len;
    }
    va_start(ap, fmt);
    int n = vsnprintf(dst, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

void ff_mask_str(unsigned mask, char out[5])
{
    int n = 0;
    for (int c = 0; c < 4; c++)
        if (mask & (1u << c))
            out[n++] = ff_comp(c);
    out[n] = '\0';
}

/* ---- hashing ----------------------------------------------------------------- */

static uint32_t ff_fnv1a(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 16777619u;
    }
    return h;
}

uint32_t gl_ff_vertex_key_hash(const gl_ff_vertex_key *k) { return ff_fnv1a(k, sizeof *k); }
uint32_t gl_ff_fragment_key_hash(const gl_ff_fragment_key *k) { return ff_fnv1a(k, sizeof *k); }

bool gl_ff_vertex_key_equal(const gl_ff_vertex_key *a, const gl_ff_vertex_key *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

bool gl_ff_fragment_key_equal(const gl_ff_fragment_key *a, const gl_ff_fragment_key *b)
{
    return memcmp(a, b, sizeof *a) == 0;
}

/* ---- canonical keys ------------------------------------------------------------ */

void gl_ff_vertex_key_canonicalize(gl_ff_vertex_key *k)
{
    k->fs_inputs &= GL_FF_IN_ALL;
    bool colors = (k->fs_inputs & (GL_FF_IN_COL0 | GL_FF_IN_COL1)) != 0;
    if (!k->lighting || !colors) {
        k->lighting = 0;
        k->lights = 0;
    }
    k->lighting = k->lighting ? 1 : 0;
    k->light_positional &= k->lights;
    k->light_homogeneous &= k->light_positional;
    k->light_spot &= k->lights;
    k->light_attenuated &= k->light_positional;
    if (!k->lighting) {
        k->two_side = k->local_viewer = k->separate_specular = k->shininess_zero = 0;
        k->color_material = 0;
    }
    k->two_side = k->two_side ? 1 : 0;
    k->shininess_zero = k->shininess_zero && k->lights ? 1 : 0;
    k->local_viewer = k->local_viewer && k->lights && !k->shininess_zero ? 1 : 0;
    k->separate_specular = k->separate_specular ? 1 : 0;
    memset(k->pad_, 0, sizeof k->pad_);
    if (!k->two_side)
        k->color_material &= 0x0f;

    bool uses_normal = k->lights != 0;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!(k->fs_inputs & GL_FF_IN_TEX(u))) {
            memset(k->texgen[u], 0, 4);
            k->texmat &= (uint8_t)~(1u << u);
            continue;
        }
        for (int c = 0; c < 4; c++) {
            uint8_t m = k->texgen[u][c];
            if (m > GL_FF_TEXGEN_REFLECTION_MAP || (m == GL_FF_TEXGEN_SPHERE_MAP && c >= 2) ||
                (m >= GL_FF_TEXGEN_NORMAL_MAP && c == 3))
                m = GL_FF_TEXGEN_NONE; /* not a legal GL combination */
            k->texgen[u][c] = m;
            if (m >= GL_FF_TEXGEN_SPHERE_MAP)
                uses_normal = true;
        }
    }
    if (!uses_normal)
        k->normalize = k->rescale_normal = 0;
    k->normalize = k->normalize ? 1 : 0;
    k->rescale_normal = k->rescale_normal && !k->normalize ? 1 : 0;

    if (!(k->fs_inputs & GL_FF_IN_FOG) || k->fog_source > GL_FF_FOG_SRC_PLANE)
        k->fog_source = 0;
    k->point_size = k->point_size ? 1 : 0;
}

/* How many arguments a combiner mode reads. */
static int ff_combine_nargs(unsigned mode)
{
    switch (mode) {
    case GL_FF_COMBINE_REPLACE: return 1;
    case GL_FF_COMBINE_MODULATE:
    case GL_FF_COMBINE_ADD:
    case GL_FF_COMBINE_ADD_SIGNED:
    case GL_FF_COMBINE_SUBTRACT:
    case GL_FF_COMBINE_DOT3_RGB:
    case GL_FF_COMBINE_DOT3_RGBA: return 2;
    default: return 3;
    }
}

static void ff_combine_canonicalize(gl_ff_combine *c, bool alpha)
{
    if (c->mode >= GL_FF_COMBINE_MODE_COUNT ||
        (alpha && (c->mode == GL_FF_COMBINE_DOT3_RGB || c->mode == GL_FF_COMBINE_DOT3_RGBA)))
        c->mode = GL_FF_COMBINE_MODULATE;
    if (c->shift > 2)
        c->shift = 0;
    int n = ff_combine_nargs(c->mode);
    for (int i = 0; i < 3; i++) {
        if (i >= n) {
            c->src[i] = c->op[i] = 0;
            continue;
        }
        if (c->src[i] > GL_FF_SRC_ONE && (c->src[i] < GL_FF_SRC_TEXTURE0 ||
                                         c->src[i] >= GL_FF_SRC_TEXTURE0 + GL_FF_MAX_UNITS))
            c->src[i] = GL_FF_SRC_TEXTURE;
        if (c->op[i] > GL_FF_OP_ONE_MINUS_SRC_ALPHA)
            c->op[i] = GL_FF_OP_SRC_COLOR;
        if (alpha && c->op[i] < GL_FF_OP_SRC_ALPHA)
            c->op[i] += GL_FF_OP_SRC_ALPHA;
    }
}

void gl_ff_fragment_key_canonicalize(gl_ff_fragment_key *k)
{
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        gl_ff_tex_unit *t = &k->unit[u];
        if (t->target == GL_FF_TEX_NONE || t->target > GL_FF_TEX_RECT) {
            memset(t, 0, sizeof *t);
            continue;
        }
        if (t->target == GL_FF_TEX_3D || t->target == GL_FF_TEX_CUBE)
            t->shadow = 0;
        t->shadow = t->shadow ? 1 : 0;
        if (t->env_mode > GL_FF_ENV_COMBINE)
            t->env_mode = GL_FF_ENV_MODULATE;
        if (t->format > GL_FF_FMT_INTENSITY)
            t->format = GL_FF_FMT_RGBA;
        if (t->env_mode == GL_FF_ENV_COMBINE) {
            t->format = 0;
            ff_combine_canonicalize(&t->rgb, false);
            if (t->rgb.mode == GL_FF_COMBINE_DOT3_RGBA) {
                /* COMBINE_ALPHA is ignored, ALPHA_SCALE still applies */
                uint8_t shift = t->alpha.shift > 2 ? 0 : t->alpha.shift;
                memset(&t->alpha, 0, sizeof t->alpha);
                t->alpha.shift = shift;
            } else
                ff_combine_canonicalize(&t->alpha, true);
        } else {
            memset(&t->rgb, 0, sizeof t->rgb);
            memset(&t->alpha, 0, sizeof t->alpha);
        }
    }
    k->color_sum = k->color_sum ? 1 : 0;
    if (k->fog_mode > GL_FF_FOG_EXP2)
        k->fog_mode = GL_FF_FOG_NONE;
    if (k->num_draw_buffers <= 1)
        k->num_draw_buffers = 0;
    k->pad_ = 0;
}

/* ---- GL enum translation ---------------------------------------------------------- */

uint8_t gl_ff_texgen_from_gl(unsigned mode)
{
    switch (mode) {
    case GL_OBJECT_LINEAR: return GL_FF_TEXGEN_OBJECT_LINEAR;
    case GL_EYE_LINEAR: return GL_FF_TEXGEN_EYE_LINEAR;
    case GL_SPHERE_MAP: return GL_FF_TEXGEN_SPHERE_MAP;
    case GL_NORMAL_MAP: return GL_FF_TEXGEN_NORMAL_MAP;
    case GL_REFLECTION_MAP: return GL_FF_TEXGEN_REFLECTION_MAP;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_color_material_from_gl(unsigned face, unsigned mode)
{
    uint8_t bits;
    switch (mode) {
    case GL_AMBIENT: bits = GL_FF_CM_AMBIENT; break;
    case GL_DIFFUSE: bits = GL_FF_CM_DIFFUSE; break;
    case GL_SPECULAR: bits = GL_FF_CM_SPECULAR; break;
    case GL_EMISSION: bits = GL_FF_CM_EMISSION; break;
    case GL_AMBIENT_AND_DIFFUSE: bits = GL_FF_CM_AMBIENT | GL_FF_CM_DIFFUSE; break;
    default: return 0;
    }
    switch (face) {
    case GL_FRONT: return bits;
    case GL_BACK: return GL_FF_CM_BACK(bits);
    case GL_FRONT_AND_BACK: return (uint8_t)(bits | GL_FF_CM_BACK(bits));
    default: return 0;
    }
}

uint8_t gl_ff_fog_source_from_gl(unsigned coord_src, unsigned distance_mode)
{
    if (coord_src == GL_FOG_COORD)
        return GL_FF_FOG_SRC_COORD;
    switch (distance_mode) {
    case GL_EYE_RADIAL_NV: return GL_FF_FOG_SRC_RADIAL;
    case GL_EYE_PLANE: return GL_FF_FOG_SRC_PLANE;
    default: return GL_FF_FOG_SRC_DEPTH;
    }
}

uint8_t gl_ff_fog_mode_from_gl(unsigned mode)
{
    switch (mode) {
    case GL_LINEAR: return GL_FF_FOG_LINEAR;
    case GL_EXP: return GL_FF_FOG_EXP;
    case GL_EXP2: return GL_FF_FOG_EXP2;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_format_from_gl(unsigned base_format, unsigned depth_mode)
{
    switch (base_format) {
    case GL_ALPHA: return GL_FF_FMT_ALPHA;
    case GL_LUMINANCE: return GL_FF_FMT_LUMINANCE;
    case GL_LUMINANCE_ALPHA: return GL_FF_FMT_LUMINANCE_ALPHA;
    case GL_INTENSITY: return GL_FF_FMT_INTENSITY;
    case GL_RED: case GL_RG: case GL_RGB: return GL_FF_FMT_RGB;
    case GL_RGBA: return GL_FF_FMT_RGBA;
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_STENCIL:
        switch (depth_mode) {
        case GL_INTENSITY: return GL_FF_FMT_INTENSITY;
        case GL_ALPHA: return GL_FF_FMT_ALPHA;
        case GL_RED: return GL_FF_FMT_RGB; /* (d, 0, 0, 1) */
        default: return GL_FF_FMT_LUMINANCE;
        }
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_env_mode_from_gl(unsigned mode)
{
    switch (mode) {
    case GL_MODULATE: return GL_FF_ENV_MODULATE;
    case GL_REPLACE: return GL_FF_ENV_REPLACE;
    case GL_DECAL: return GL_FF_ENV_DECAL;
    case GL_BLEND: return GL_FF_ENV_BLEND;
    case GL_ADD: return GL_FF_ENV_ADD;
    case GL_COMBINE: return GL_FF_ENV_COMBINE;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_combine_mode_from_gl(unsigned mode)
{
    switch (mode) {
    case GL_REPLACE: return GL_FF_COMBINE_REPLACE;
    case GL_MODULATE: return GL_FF_COMBINE_MODULATE;
    case GL_ADD: return GL_FF_COMBINE_ADD;
    case GL_ADD_SIGNED: return GL_FF_COMBINE_ADD_SIGNED;
    case GL_INTERPOLATE: return GL_FF_COMBINE_INTERPOLATE;
    case GL_SUBTRACT: return GL_FF_COMBINE_SUBTRACT;
    case GL_DOT3_RGB: case GL_DOT3_RGB_EXT: return GL_FF_COMBINE_DOT3_RGB;
    case GL_DOT3_RGBA: case GL_DOT3_RGBA_EXT: return GL_FF_COMBINE_DOT3_RGBA;
    case GL_MODULATE_ADD_ATI: return GL_FF_COMBINE_MODULATE_ADD;
    case GL_MODULATE_SIGNED_ADD_ATI: return GL_FF_COMBINE_MODULATE_SIGNED_ADD;
    case GL_MODULATE_SUBTRACT_ATI: return GL_FF_COMBINE_MODULATE_SUBTRACT;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_combine_src_from_gl(unsigned src)
{
    if (src >= GL_TEXTURE0 && src < GL_TEXTURE0 + GL_FF_MAX_UNITS)
        return (uint8_t)(GL_FF_SRC_TEXTURE0 + (src - GL_TEXTURE0));
    switch (src) {
    case GL_TEXTURE: return GL_FF_SRC_TEXTURE;
    case GL_CONSTANT: return GL_FF_SRC_CONSTANT;
    case GL_PRIMARY_COLOR: return GL_FF_SRC_PRIMARY_COLOR;
    case GL_PREVIOUS: return GL_FF_SRC_PREVIOUS;
    case GL_ZERO: return GL_FF_SRC_ZERO;
    case GL_ONE: return GL_FF_SRC_ONE;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_combine_operand_from_gl(unsigned operand)
{
    switch (operand) {
    case GL_SRC_COLOR: return GL_FF_OP_SRC_COLOR;
    case GL_ONE_MINUS_SRC_COLOR: return GL_FF_OP_ONE_MINUS_SRC_COLOR;
    case GL_SRC_ALPHA: return GL_FF_OP_SRC_ALPHA;
    case GL_ONE_MINUS_SRC_ALPHA: return GL_FF_OP_ONE_MINUS_SRC_ALPHA;
    default: return GL_FF_INVALID;
    }
}

uint8_t gl_ff_combine_shift_from_scale(float scale)
{
    return scale >= 3.0f ? 2 : scale >= 1.5f ? 1 : 0;
}
