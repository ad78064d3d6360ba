/*
 * gl_fixed.c - setters and getters of fixed-function state (API thread):
 * lighting and materials (GL 2.1 2.14), texture coordinate generation
 * (2.11.4), texture environments (3.8.13), fog (3.10), clip planes (2.12),
 * points, lines and polygons (3.3-3.5), viewport and depth range (2.11.1),
 * and the per-fragment operations (chapter 4).  Every change a state.*
 * binding can observe bumps ctx->state_serial (gl_state_changed).
 */
#include "gl_priv.h"

#include <math.h>
#include <string.h>

#define CTX_OUTSIDE()             \
    GL_CTX();                     \
    GL_OUTSIDE_BEGIN(ctx, )

/* Integer colour components map to [-1, 1] (GL 2.1 Table 2.9). */
static float int_color(GLint c)
{
    return (float)((2.0 * c + 1.0) / 4294967295.0);
}

static void copy4(float d[4], const float s[4])
{
    memcpy(d, s, 4 * sizeof(float));
}

/* ---- lighting --------------------------------------------------------------- */

/* n values of params as floats; ints are colours (normalised) when color. */
static void to_floats(float out[4], const void *params, bool is_int, bool color, int n)
{
    for (int i = 0; i < n; i++) {
        if (is_int) {
            GLint v = ((const GLint *)params)[i];
            out[i] = color ? int_color(v) : (float)v;
        } else {
            out[i] = ((const GLfloat *)params)[i];
        }
    }
}

static void light(gl_context *ctx, GLenum l, GLenum pname, const void *params, bool is_int)
{
    GL_OUTSIDE_BEGIN(ctx, );
    if (l < GL_LIGHT0 || l >= GL_LIGHT0 + GLC_MAX_LIGHTS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_light *lt = &ctx->light[l - GL_LIGHT0];
    float v[4] = {0, 0, 0, 0};
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
        to_floats(v, params, is_int, true, 4);
        copy4(pname == GL_AMBIENT ? lt->ambient : pname == GL_DIFFUSE ? lt->diffuse : lt->specular, v);
        break;
    case GL_POSITION:
        /* transformed by the modelview matrix at specification (2.14.1) */
        to_floats(v, params, is_int, false, 4);
        gl_mat_transform(lt->position, gl_matrix_top(ctx, GLC_STACK_MODELVIEW), v);
        break;
    case GL_SPOT_DIRECTION: {
        to_floats(v, params, is_int, false, 3);
        v[3] = 0; /* a direction: upper 3x3 of the modelview */
        float t[4];
        gl_mat_transform(t, gl_matrix_top(ctx, GLC_STACK_MODELVIEW), v);
        memcpy(lt->spot_direction, t, 3 * sizeof(float));
        break;
    }
    case GL_SPOT_EXPONENT:
        to_floats(v, params, is_int, false, 1);
        if (v[0] < 0 || v[0] > 128) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        lt->spot_exponent = v[0];
        break;
    case GL_SPOT_CUTOFF:
        to_floats(v, params, is_int, false, 1);
        if ((v[0] < 0 || v[0] > 90) && v[0] != 180) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        lt->spot_cutoff = v[0];
        break;
    case GL_CONSTANT_ATTENUATION:
    case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION:
        to_floats(v, params, is_int, false, 1);
        if (v[0] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        lt->attenuation[pname - GL_CONSTANT_ATTENUATION] = v[0];
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_state_changed(ctx);
}

static bool light_scalar_pname(GLenum pname)
{
    return pname == GL_SPOT_EXPONENT || pname == GL_SPOT_CUTOFF ||
           pname == GL_CONSTANT_ATTENUATION || pname == GL_LINEAR_ATTENUATION ||
           pname == GL_QUADRATIC_ATTENUATION;
}

GLAPI_EXPORT void APIENTRY glLightf(GLenum l, GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightf, (ctx, l, pname, param));
    if (!light_scalar_pname(pname)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    light(ctx, l, pname, &param, false);
}

GLAPI_EXPORT void APIENTRY glLighti(GLenum l, GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glLighti, (ctx, l, pname, param));
    if (!light_scalar_pname(pname)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    light(ctx, l, pname, &param, true);
}

GLAPI_EXPORT void APIENTRY glLightfv(GLenum l, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightfv, (ctx, l, pname, params));
    if (params)
        light(ctx, l, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glLightiv(GLenum l, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightiv, (ctx, l, pname, params));
    if (params)
        light(ctx, l, pname, params, true);
}

/* Returns the count written to out, 0 on error. */
static int get_light(gl_context *ctx, GLenum l, GLenum pname, float out[4])
{
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (l < GL_LIGHT0 || l >= GL_LIGHT0 + GLC_MAX_LIGHTS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    const gl_light *lt = &ctx->light[l - GL_LIGHT0];
    switch (pname) {
    case GL_AMBIENT:
        copy4(out, lt->ambient);
        return 4;
    case GL_DIFFUSE:
        copy4(out, lt->diffuse);
        return 4;
    case GL_SPECULAR:
        copy4(out, lt->specular);
        return 4;
    case GL_POSITION:
        copy4(out, lt->position);
        return 4;
    case GL_SPOT_DIRECTION:
        memcpy(out, lt->spot_direction, 3 * sizeof(float));
        return 3;
    case GL_SPOT_EXPONENT:
        out[0] = lt->spot_exponent;
        return 1;
    case GL_SPOT_CUTOFF:
        out[0] = lt->spot_cutoff;
        return 1;
    case GL_CONSTANT_ATTENUATION:
    case GL_LINEAR_ATTENUATION:
    case GL_QUADRATIC_ATTENUATION:
        out[0] = lt->attenuation[pname - GL_CONSTANT_ATTENUATION];
        return 1;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

/* Colours returned as integers map [-1,1] linearly to the integer range. */
static GLint color_to_int(float c)
{
    double v = (double)c * 2147483647.0;
    return (GLint)(v > 2147483647.0 ? 2147483647.0 : v < -2147483648.0 ? -2147483648.0 : v);
}

static GLint round_int(float f)
{
    return (GLint)lrintf(f);
}

/* Get{Light,Material}{fv,iv}: n values v to fv, or to iv as integers
 * (colours, color, mapped to the integer range; the rest rounded). */
static void put_values(const float *v, int n, GLfloat *fv, GLint *iv, bool color)
{
    for (int i = 0; i < n; i++) {
        if (fv)
            fv[i] = v[i];
        else if (iv)
            iv[i] = color ? color_to_int(v[i]) : round_int(v[i]);
    }
}

GLAPI_EXPORT void APIENTRY glGetLightfv(GLenum l, GLenum pname, GLfloat *params)
{
    GL_CTX();
    float v[4];
    put_values(v, get_light(ctx, l, pname, v), params, NULL, false);
}

GLAPI_EXPORT void APIENTRY glGetLightiv(GLenum l, GLenum pname, GLint *params)
{
    GL_CTX();
    float v[4];
    int n = get_light(ctx, l, pname, v);
    put_values(v, n, NULL, params, pname == GL_AMBIENT || pname == GL_DIFFUSE || pname == GL_SPECULAR);
}

static void light_model(gl_context *ctx, GLenum pname, const void *params, bool is_int)
{
    GL_OUTSIDE_BEGIN(ctx, );
    float v[4];
    switch (pname) {
    case GL_LIGHT_MODEL_AMBIENT:
        to_floats(v, params, is_int, true, 4);
        copy4(ctx->light_model_ambient, v);
        break;
    case GL_LIGHT_MODEL_LOCAL_VIEWER:
        to_floats(v, params, is_int, false, 1);
        ctx->light_model_local_viewer = v[0] != 0;
        break;
    case GL_LIGHT_MODEL_TWO_SIDE:
        to_floats(v, params, is_int, false, 1);
        ctx->light_model_two_side = v[0] != 0;
        break;
    case GL_LIGHT_MODEL_COLOR_CONTROL: {
        GLenum e = is_int ? (GLenum) * (const GLint *)params : (GLenum) * (const GLfloat *)params;
        if (e != GL_SINGLE_COLOR && e != GL_SEPARATE_SPECULAR_COLOR) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        ctx->light_model_color_control = e;
        break;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glLightModelf(GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightModelf, (ctx, pname, param));
    /* the scalar forms take the vector parameters too, as (param, 0, 0, 0)
     * (GL 2.1 does not forbid it; Mesa does the same, and piglit's
     * gl-1.0-beginend-coverage calls LightModelf(LIGHT_MODEL_AMBIENT)
     * expecting no error) */
    const GLfloat v[4] = {param, 0, 0, 0};
    light_model(ctx, pname, v, false);
}

GLAPI_EXPORT void APIENTRY glLightModeli(GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightModeli, (ctx, pname, param));
    const GLint v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    light_model(ctx, pname, v, true);
}

GLAPI_EXPORT void APIENTRY glLightModelfv(GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightModelfv, (ctx, pname, params));
    if (params)
        light_model(ctx, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glLightModeliv(GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glLightModeliv, (ctx, pname, params));
    if (params)
        light_model(ctx, pname, params, true);
}

/* Material may be called between Begin and End (GL 2.1 section 2.6.3). */
static void material(gl_context *ctx, GLenum face, GLenum pname, const void *params, bool is_int)
{
    if (face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    float v[4] = {0, 0, 0, 0};
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_EMISSION:
    case GL_AMBIENT_AND_DIFFUSE:
        to_floats(v, params, is_int, true, 4);
        break;
    case GL_SHININESS:
        to_floats(v, params, is_int, false, 1);
        if (v[0] < 0 || v[0] > 128) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        break;
    case GL_COLOR_INDEXES:
        to_floats(v, params, is_int, false, 3);
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (ctx->in_begin && pname != GL_SHININESS && pname != GL_COLOR_INDEXES)
        gl_imm_material(ctx, face, pname); /* per-vertex material (gl_vertex.c) */
    for (int f = 0; f < 2; f++) {
        if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT))
            continue;
        gl_material *m = &ctx->material[f];
        switch (pname) {
        case GL_AMBIENT:
            copy4(m->ambient, v);
            break;
        case GL_DIFFUSE:
            copy4(m->diffuse, v);
            break;
        case GL_SPECULAR:
            copy4(m->specular, v);
            break;
        case GL_EMISSION:
            copy4(m->emission, v);
            break;
        case GL_AMBIENT_AND_DIFFUSE:
            copy4(m->ambient, v);
            copy4(m->diffuse, v);
            break;
        case GL_SHININESS:
            m->shininess = v[0];
            break;
        default:
            memcpy(m->color_indexes, v, 3 * sizeof(float));
            break;
        }
    }
    /* GL 2.1 section 2.14.3: while COLOR_MATERIAL is enabled the properties
     * it names track the current colour, so Material leaves them as that */
    gl_state_color_material(ctx);
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glMaterialf(GLenum face, GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glMaterialf, (ctx, face, pname, param));
    const GLfloat v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    material(ctx, face, pname, v, false);
}

GLAPI_EXPORT void APIENTRY glMateriali(GLenum face, GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glMateriali, (ctx, face, pname, param));
    const GLint v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    material(ctx, face, pname, v, true);
}

GLAPI_EXPORT void APIENTRY glMaterialfv(GLenum face, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glMaterialfv, (ctx, face, pname, params));
    if (params)
        material(ctx, face, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glMaterialiv(GLenum face, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glMaterialiv, (ctx, face, pname, params));
    if (params)
        material(ctx, face, pname, params, true);
}

static int get_material(gl_context *ctx, GLenum face, GLenum pname, float out[4])
{
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (face != GL_FRONT && face != GL_BACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    const gl_material *m = &ctx->material[face == GL_BACK];
    switch (pname) {
    case GL_AMBIENT:
        copy4(out, m->ambient);
        return 4;
    case GL_DIFFUSE:
        copy4(out, m->diffuse);
        return 4;
    case GL_SPECULAR:
        copy4(out, m->specular);
        return 4;
    case GL_EMISSION:
        copy4(out, m->emission);
        return 4;
    case GL_SHININESS:
        out[0] = m->shininess;
        return 1;
    case GL_COLOR_INDEXES:
        memcpy(out, m->color_indexes, 3 * sizeof(float));
        return 3;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

GLAPI_EXPORT void APIENTRY glGetMaterialfv(GLenum face, GLenum pname, GLfloat *params)
{
    GL_CTX();
    float v[4];
    put_values(v, get_material(ctx, face, pname, v), params, NULL, false);
}

GLAPI_EXPORT void APIENTRY glGetMaterialiv(GLenum face, GLenum pname, GLint *params)
{
    GL_CTX();
    float v[4];
    int n = get_material(ctx, face, pname, v);
    put_values(v, n, NULL, params, n == 4); /* the colours are the 4-valued pnames */
}

GLAPI_EXPORT void APIENTRY glColorMaterial(GLenum face, GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glColorMaterial, (ctx, face, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) ||
        (mode != GL_EMISSION && mode != GL_AMBIENT && mode != GL_DIFFUSE && mode != GL_SPECULAR &&
         mode != GL_AMBIENT_AND_DIFFUSE)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->color_material_face = face;
    ctx->color_material_mode = mode;
    gl_state_color_material(ctx);
}

GLAPI_EXPORT void APIENTRY glShadeModel(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glShadeModel, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_FLAT && mode != GL_SMOOTH) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->shade_model = mode;
}

/* EXT_provoking_vertex: which vertex of a primitive supplies flat-shaded
 * colours. */
GLAPI_EXPORT void APIENTRY glProvokingVertexEXT(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glProvokingVertexEXT, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_FIRST_VERTEX_CONVENTION_EXT && mode != GL_LAST_VERTEX_CONVENTION_EXT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->provoking_vertex = mode;
}
GL_ALIAS(void, glProvokingVertex, glProvokingVertexEXT, (GLenum mode))

/* ---- fog (GL 2.1 section 3.10) ------------------------------------------------- */

static void fog(gl_context *ctx, GLenum pname, const void *params, bool is_int)
{
    GL_OUTSIDE_BEGIN(ctx, );
    float v[4];
    switch (pname) {
    case GL_FOG_MODE: {
        GLenum e = is_int ? (GLenum) * (const GLint *)params : (GLenum) * (const GLfloat *)params;
        if (e != GL_LINEAR && e != GL_EXP && e != GL_EXP2) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        ctx->fog_mode = e;
        return;
    }
    case GL_FOG_COORD_SRC: {
        GLenum e = is_int ? (GLenum) * (const GLint *)params : (GLenum) * (const GLfloat *)params;
        if (e != GL_FOG_COORD && e != GL_FRAGMENT_DEPTH) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        ctx->fog_coord_src = e;
        return;
    }
    case GL_FOG_DENSITY:
        to_floats(v, params, is_int, false, 1);
        if (v[0] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        ctx->fog_density = v[0];
        break;
    case GL_FOG_START:
        to_floats(v, params, is_int, false, 1);
        ctx->fog_start = v[0];
        break;
    case GL_FOG_END:
        to_floats(v, params, is_int, false, 1);
        ctx->fog_end = v[0];
        break;
    case GL_FOG_INDEX:
        to_floats(v, params, is_int, false, 1);
        ctx->fog_index = v[0];
        return;
    case GL_FOG_COLOR:
        to_floats(v, params, is_int, true, 4);
        for (int i = 0; i < 4; i++)
            ctx->fog_color[i] = v[i]; /* ARB_color_buffer_float: clamped where used */
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glFogf(GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glFogf, (ctx, pname, param));
    if (pname == GL_FOG_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    fog(ctx, pname, &param, false);
}

GLAPI_EXPORT void APIENTRY glFogi(GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glFogi, (ctx, pname, param));
    if (pname == GL_FOG_COLOR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    fog(ctx, pname, &param, true);
}

GLAPI_EXPORT void APIENTRY glFogfv(GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glFogfv, (ctx, pname, params));
    if (params)
        fog(ctx, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glFogiv(GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glFogiv, (ctx, pname, params));
    if (params)
        fog(ctx, pname, params, true);
}

/* ---- texture coordinate generation (GL 2.1 section 2.11.4) -------------------------- */

/* The active unit for texgen/texenv/texture matrix state; -1 with
 * INVALID_OPERATION when it has no such state. */
static int ff_unit(gl_context *ctx)
{
    if (ctx->active_texture >= GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return -1;
    }
    return (int)ctx->active_texture;
}

static void texgen(gl_context *ctx, GLenum coord, GLenum pname, const double *v, int n)
{
    GL_OUTSIDE_BEGIN(ctx, );
    if (coord < GL_S || coord > GL_Q) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int c = (int)(coord - GL_S);
    switch (pname) {
    case GL_TEXTURE_GEN_MODE: {
        GLenum m = gl_enum_param(v[0]);
        bool ok = m == GL_OBJECT_LINEAR || m == GL_EYE_LINEAR ||
                  (m == GL_SPHERE_MAP && c < 2) ||
                  ((m == GL_NORMAL_MAP || m == GL_REFLECTION_MAP) && c < 3);
        if (!ok) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        int u = ff_unit(ctx);
        if (u < 0)
            return;
        ctx->texgen[u][c].mode = m;
        return;
    }
    case GL_OBJECT_PLANE:
    case GL_EYE_PLANE: {
        if (n < 4) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        int u = ff_unit(ctx);
        if (u < 0)
            return;
        float p[4] = {(float)v[0], (float)v[1], (float)v[2], (float)v[3]};
        gl_texgen *g = &ctx->texgen[u][c];
        if (pname == GL_OBJECT_PLANE) {
            copy4(g->object_plane, p);
        } else {
            /* (p1' p2' p3' p4') = (p1 p2 p3 p4) M^-1, M the modelview at
             * specification: a row vector times the inverse, i.e. the
             * transposed inverse applied to p as a column. */
            const float *inv = gl_matrix_inverse(ctx, GLC_STACK_MODELVIEW);
            float t[16];
            gl_mat_transpose(t, inv);
            gl_mat_transform(g->eye_plane, t, p);
        }
        gl_state_changed(ctx);
        return;
    }
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
}

/* TexGen{iv,fv}: one value (MODE) or four (the planes) of GLint or GLfloat. */
static void texgen_vector(gl_context *ctx, GLenum coord, GLenum pname, const void *params,
                          bool is_int)
{
    int n = pname == GL_TEXTURE_GEN_MODE ? 1 : 4;
    double v[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        v[i] = is_int ? ((const GLint *)params)[i] : ((const GLfloat *)params)[i];
    texgen(ctx, coord, pname, v, n);
}

GLAPI_EXPORT void APIENTRY glTexGeni(GLenum coord, GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGeni, (ctx, coord, pname, param));
    const double v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    texgen(ctx, coord, pname, v, 4);
}

GLAPI_EXPORT void APIENTRY glTexGenf(GLenum coord, GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGenf, (ctx, coord, pname, param));
    const double v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    texgen(ctx, coord, pname, v, 4);
}

GLAPI_EXPORT void APIENTRY glTexGend(GLenum coord, GLenum pname, GLdouble param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGend, (ctx, coord, pname, param));
    const double v[4] = {param, 0, 0, 0}; /* as glLightModelf */
    texgen(ctx, coord, pname, v, 4);
}

GLAPI_EXPORT void APIENTRY glTexGeniv(GLenum coord, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGeniv, (ctx, coord, pname, params));
    if (params)
        texgen_vector(ctx, coord, pname, params, true);
}

GLAPI_EXPORT void APIENTRY glTexGenfv(GLenum coord, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGenfv, (ctx, coord, pname, params));
    if (params)
        texgen_vector(ctx, coord, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glTexGendv(GLenum coord, GLenum pname, const GLdouble *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexGendv, (ctx, coord, pname, params));
    if (params)
        texgen(ctx, coord, pname, params, pname == GL_TEXTURE_GEN_MODE ? 1 : 4);
}

static int get_texgen(gl_context *ctx, GLenum coord, GLenum pname, double out[4])
{
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (coord < GL_S || coord > GL_Q) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    int u = ff_unit(ctx);
    if (u < 0)
        return 0;
    const gl_texgen *g = &ctx->texgen[u][coord - GL_S];
    switch (pname) {
    case GL_TEXTURE_GEN_MODE:
        out[0] = g->mode;
        return 1;
    case GL_OBJECT_PLANE:
    case GL_EYE_PLANE:
        for (int i = 0; i < 4; i++)
            out[i] = pname == GL_OBJECT_PLANE ? g->object_plane[i] : g->eye_plane[i];
        return 4;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

GLAPI_EXPORT void APIENTRY glGetTexGendv(GLenum coord, GLenum pname, GLdouble *params)
{
    GL_CTX();
    double v[4];
    int n = get_texgen(ctx, coord, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = v[i];
}

GLAPI_EXPORT void APIENTRY glGetTexGenfv(GLenum coord, GLenum pname, GLfloat *params)
{
    GL_CTX();
    double v[4];
    int n = get_texgen(ctx, coord, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = (float)v[i];
}

GLAPI_EXPORT void APIENTRY glGetTexGeniv(GLenum coord, GLenum pname, GLint *params)
{
    GL_CTX();
    double v[4];
    int n = get_texgen(ctx, coord, pname, v);
    for (int i = 0; i < n && params; i++)
        params[i] = (GLint)lrint(v[i]);
}

/* ---- texture environment (GL 2.1 section 3.8.13) ------------------------------------ */

static bool valid_combine(GLenum m, bool alpha)
{
    switch (m) {
    case GL_REPLACE:
    case GL_MODULATE:
    case GL_ADD:
    case GL_ADD_SIGNED:
    case GL_INTERPOLATE:
    case GL_SUBTRACT:
        return true;
    case GL_DOT3_RGB:
    case GL_DOT3_RGBA:
        return !alpha;
    default:
        return false;
    }
}

static bool valid_source(GLenum s)
{
    return s == GL_TEXTURE || s == GL_CONSTANT || s == GL_PRIMARY_COLOR || s == GL_PREVIOUS ||
           (s >= GL_TEXTURE0 && s < GL_TEXTURE0 + GLC_MAX_TEXTURE_UNITS);
}

static void texenv(gl_context *ctx, GLenum target, GLenum pname, const double *v, int n)
{
    GL_OUTSIDE_BEGIN(ctx, );
    GLenum e = gl_enum_param(v[0]);
    if (target == GL_TEXTURE_FILTER_CONTROL) {
        if (pname != GL_TEXTURE_LOD_BIAS) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        int u = ff_unit(ctx);
        if (u < 0)
            return;
        gl_resource_will_change(ctx, GL_RES_TEXTURE); /* the bias is read when the scene samples */
        ctx->texenv[u].lod_bias = (float)v[0];
        return;
    }
    if (target == GL_POINT_SPRITE) {
        if (pname != GL_COORD_REPLACE) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        int u = ff_unit(ctx);
        if (u >= 0)
            ctx->texenv[u].coord_replace = v[0] != 0;
        return;
    }
    if (target != GL_TEXTURE_ENV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int u = ff_unit(ctx);
    if (u < 0)
        return;
    gl_texenv *t = &ctx->texenv[u];
    switch (pname) {
    case GL_TEXTURE_ENV_MODE:
        if (e != GL_MODULATE && e != GL_DECAL && e != GL_BLEND && e != GL_REPLACE && e != GL_ADD &&
            e != GL_COMBINE)
            goto bad_enum;
        t->mode = e;
        return;
    case GL_TEXTURE_ENV_COLOR:
        if (n < 4)
            goto bad_enum;
        for (int i = 0; i < 4; i++)
            t->color[i] = (float)v[i]; /* ARB_color_buffer_float: clamped where used */
        gl_state_changed(ctx);
        return;
    case GL_COMBINE_RGB:
    case GL_COMBINE_ALPHA:
        if (!valid_combine(e, pname == GL_COMBINE_ALPHA))
            goto bad_enum;
        if (pname == GL_COMBINE_RGB)
            t->combine_rgb = e;
        else
            t->combine_alpha = e;
        return;
    case GL_SOURCE0_RGB:
    case GL_SOURCE1_RGB:
    case GL_SOURCE2_RGB:
        if (!valid_source(e))
            goto bad_enum;
        t->source_rgb[pname - GL_SOURCE0_RGB] = e;
        return;
    case GL_SOURCE0_ALPHA:
    case GL_SOURCE1_ALPHA:
    case GL_SOURCE2_ALPHA:
        if (!valid_source(e))
            goto bad_enum;
        t->source_alpha[pname - GL_SOURCE0_ALPHA] = e;
        return;
    case GL_OPERAND0_RGB:
    case GL_OPERAND1_RGB:
    case GL_OPERAND2_RGB:
        if (e != GL_SRC_COLOR && e != GL_ONE_MINUS_SRC_COLOR && e != GL_SRC_ALPHA &&
            e != GL_ONE_MINUS_SRC_ALPHA)
            goto bad_enum;
        t->operand_rgb[pname - GL_OPERAND0_RGB] = e;
        return;
    case GL_OPERAND0_ALPHA:
    case GL_OPERAND1_ALPHA:
    case GL_OPERAND2_ALPHA:
        if (e != GL_SRC_ALPHA && e != GL_ONE_MINUS_SRC_ALPHA)
            goto bad_enum;
        t->operand_alpha[pname - GL_OPERAND0_ALPHA] = e;
        return;
    case GL_RGB_SCALE:
    case GL_ALPHA_SCALE:
        if (v[0] != 1.0 && v[0] != 2.0 && v[0] != 4.0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (pname == GL_RGB_SCALE)
            t->rgb_scale = (float)v[0];
        else
            t->alpha_scale = (float)v[0];
        return;
    default:
        goto bad_enum;
    }
bad_enum:
    gl_error(ctx, GL_INVALID_ENUM);
}

GLAPI_EXPORT void APIENTRY glTexEnvf(GLenum target, GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexEnvf, (ctx, target, pname, param));
    double v = param;
    texenv(ctx, target, pname, &v, 1);
}

GLAPI_EXPORT void APIENTRY glTexEnvi(GLenum target, GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexEnvi, (ctx, target, pname, param));
    double v = param;
    texenv(ctx, target, pname, &v, 1);
}

/* TexEnv{fv,iv}: one value, or the four of TEXTURE_ENV_COLOR (integer
 * colours mapped to [-1, 1]), of GLfloat or GLint. */
static void texenv_vector(gl_context *ctx, GLenum target, GLenum pname, const void *params,
                          bool is_int)
{
    int n = pname == GL_TEXTURE_ENV_COLOR ? 4 : 1;
    double v[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        if (!is_int)
            v[i] = ((const GLfloat *)params)[i];
        else if (n == 4)
            v[i] = int_color(((const GLint *)params)[i]);
        else
            v[i] = ((const GLint *)params)[i];
    }
    texenv(ctx, target, pname, v, n);
}

GLAPI_EXPORT void APIENTRY glTexEnvfv(GLenum target, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexEnvfv, (ctx, target, pname, params));
    if (params)
        texenv_vector(ctx, target, pname, params, false);
}

GLAPI_EXPORT void APIENTRY glTexEnviv(GLenum target, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexEnviv, (ctx, target, pname, params));
    if (params)
        texenv_vector(ctx, target, pname, params, true);
}

static int get_texenv(gl_context *ctx, GLenum target, GLenum pname, double out[4], bool *color)
{
    *color = false;
    GL_OUTSIDE_BEGIN(ctx, 0);
    int u = ff_unit(ctx);
    if (u < 0)
        return 0;
    const gl_texenv *t = &ctx->texenv[u];
    if (target == GL_TEXTURE_FILTER_CONTROL && pname == GL_TEXTURE_LOD_BIAS) {
        out[0] = t->lod_bias;
        return 1;
    }
    if (target == GL_POINT_SPRITE && pname == GL_COORD_REPLACE) {
        out[0] = t->coord_replace;
        return 1;
    }
    if (target != GL_TEXTURE_ENV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    switch (pname) {
    case GL_TEXTURE_ENV_MODE:
        out[0] = t->mode;
        return 1;
    case GL_TEXTURE_ENV_COLOR: {
        float c[4];
        gl_colors_as_read(ctx, t->color, c, 4);
        for (int i = 0; i < 4; i++)
            out[i] = c[i];
        *color = true;
        return 4;
    }
    case GL_COMBINE_RGB:
        out[0] = t->combine_rgb;
        return 1;
    case GL_COMBINE_ALPHA:
        out[0] = t->combine_alpha;
        return 1;
    case GL_SOURCE0_RGB:
    case GL_SOURCE1_RGB:
    case GL_SOURCE2_RGB:
        out[0] = t->source_rgb[pname - GL_SOURCE0_RGB];
        return 1;
    case GL_SOURCE0_ALPHA:
    case GL_SOURCE1_ALPHA:
    case GL_SOURCE2_ALPHA:
        out[0] = t->source_alpha[pname - GL_SOURCE0_ALPHA];
        return 1;
    case GL_OPERAND0_RGB:
    case GL_OPERAND1_RGB:
    case GL_OPERAND2_RGB:
        out[0] = t->operand_rgb[pname - GL_OPERAND0_RGB];
        return 1;
    case GL_OPERAND0_ALPHA:
    case GL_OPERAND1_ALPHA:
    case GL_OPERAND2_ALPHA:
        out[0] = t->operand_alpha[pname - GL_OPERAND0_ALPHA];
        return 1;
    case GL_RGB_SCALE:
        out[0] = t->rgb_scale;
        return 1;
    case GL_ALPHA_SCALE:
        out[0] = t->alpha_scale;
        return 1;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

GLAPI_EXPORT void APIENTRY glGetTexEnvfv(GLenum target, GLenum pname, GLfloat *params)
{
    GL_CTX();
    double v[4];
    bool color;
    int n = get_texenv(ctx, target, pname, v, &color);
    for (int i = 0; i < n && params; i++)
        params[i] = (float)v[i];
}

GLAPI_EXPORT void APIENTRY glGetTexEnviv(GLenum target, GLenum pname, GLint *params)
{
    GL_CTX();
    double v[4];
    bool color;
    int n = get_texenv(ctx, target, pname, v, &color);
    for (int i = 0; i < n && params; i++)
        params[i] = color ? color_to_int((float)v[i]) : (GLint)lrint(v[i]);
}

/* ---- clip planes (GL 2.1 section 2.12) ------------------------------------------------ */

GLAPI_EXPORT void APIENTRY glClipPlane(GLenum plane, const GLdouble *equation)
{
    GL_CTX();
    GL_DLIST_SAVE(glClipPlane, (ctx, plane, equation));
    GL_OUTSIDE_BEGIN(ctx, );
    if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + GLC_MAX_CLIP_PLANES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!equation)
        return;
    /* (p1' p2' p3' p4') = (p1 p2 p3 p4) M^-1 */
    float p[4] = {(float)equation[0], (float)equation[1], (float)equation[2], (float)equation[3]};
    float t[16];
    gl_mat_transpose(t, gl_matrix_inverse(ctx, GLC_STACK_MODELVIEW));
    gl_mat_transform(ctx->clip_plane[plane - GL_CLIP_PLANE0], t, p);
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glGetClipPlane(GLenum plane, GLdouble *equation)
{
    CTX_OUTSIDE();
    if (plane < GL_CLIP_PLANE0 || plane >= GL_CLIP_PLANE0 + GLC_MAX_CLIP_PLANES) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int i = 0; i < 4 && equation; i++)
        equation[i] = ctx->clip_plane[plane - GL_CLIP_PLANE0][i];
}

/* ---- points, lines, polygons ------------------------------------------------------------ */

GLAPI_EXPORT void APIENTRY glPointSize(GLfloat size)
{
    GL_CTX();
    GL_DLIST_SAVE(glPointSize, (ctx, size));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!(size > 0)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->point_size = size;
    gl_state_changed(ctx);
}

static void point_parameter(gl_context *ctx, GLenum pname, const float *v)
{
    GL_OUTSIDE_BEGIN(ctx, );
    switch (pname) {
    case GL_POINT_SIZE_MIN:
    case GL_POINT_SIZE_MAX:
    case GL_POINT_FADE_THRESHOLD_SIZE:
        if (v[0] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (pname == GL_POINT_SIZE_MIN)
            ctx->point_min = v[0];
        else if (pname == GL_POINT_SIZE_MAX)
            ctx->point_max = v[0];
        else
            ctx->point_fade = v[0];
        break;
    case GL_POINT_DISTANCE_ATTENUATION:
        memcpy(ctx->point_atten, v, 3 * sizeof(float));
        break;
    case GL_POINT_SPRITE_COORD_ORIGIN:
        if (gl_enum_param(v[0]) != GL_LOWER_LEFT && gl_enum_param(v[0]) != GL_UPPER_LEFT) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        ctx->point_sprite_origin = gl_enum_param(v[0]);
        return;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glPointParameterf(GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glPointParameterf, (ctx, pname, param));
    if (pname == GL_POINT_DISTANCE_ATTENUATION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    float v[3] = {param, 0, 0};
    point_parameter(ctx, pname, v);
}

GLAPI_EXPORT void APIENTRY glPointParameterfv(GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glPointParameterfv, (ctx, pname, params));
    if (!params)
        return;
    float v[3] = {params[0], 0, 0};
    if (pname == GL_POINT_DISTANCE_ATTENUATION)
        memcpy(v, params, sizeof v);
    point_parameter(ctx, pname, v);
}

GLAPI_EXPORT void APIENTRY glPointParameteri(GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glPointParameteri, (ctx, pname, param));
    if (pname == GL_POINT_DISTANCE_ATTENUATION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    float v[3] = {(float)param, 0, 0};
    point_parameter(ctx, pname, v);
}

GLAPI_EXPORT void APIENTRY glPointParameteriv(GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glPointParameteriv, (ctx, pname, params));
    if (!params)
        return;
    float v[3] = {(float)params[0], 0, 0};
    if (pname == GL_POINT_DISTANCE_ATTENUATION)
        for (int i = 0; i < 3; i++)
            v[i] = (float)params[i];
    point_parameter(ctx, pname, v);
}
GL_ALIAS(void, glPointParameterfARB, glPointParameterf, (GLenum pname, GLfloat param))
GL_ALIAS(void, glPointParameterfvARB, glPointParameterfv, (GLenum pname, const GLfloat *params))
GL_ALIAS(void, glPointParameterfEXT, glPointParameterf, (GLenum pname, GLfloat param))
GL_ALIAS(void, glPointParameterfvEXT, glPointParameterfv, (GLenum pname, const GLfloat *params))

GLAPI_EXPORT void APIENTRY glLineWidth(GLfloat width)
{
    GL_CTX();
    GL_DLIST_SAVE(glLineWidth, (ctx, width));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!(width > 0)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->line_width = width;
}

/* Line stipple (GL 2.1 3.5.2; the rasterizer applies it, rast_setup_line.c). */
GLAPI_EXPORT void APIENTRY glLineStipple(GLint factor, GLushort pattern)
{
    GL_CTX();
    GL_DLIST_SAVE(glLineStipple, (ctx, factor, pattern));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->line_stipple_factor = factor < 1 ? 1 : factor > 256 ? 256 : factor;
    ctx->line_stipple_pattern = pattern;
}

GLAPI_EXPORT void APIENTRY glPolygonMode(GLenum face, GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glPolygonMode, (ctx, face, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if ((face != GL_FRONT && face != GL_BACK && face != GL_FRONT_AND_BACK) ||
        (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (face != GL_BACK)
        ctx->polygon_mode[0] = mode;
    if (face != GL_FRONT)
        ctx->polygon_mode[1] = mode;
}

GLAPI_EXPORT void APIENTRY glPolygonOffset(GLfloat factor, GLfloat units)
{
    GL_CTX();
    GL_DLIST_SAVE(glPolygonOffset, (ctx, factor, units));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->offset_factor = factor;
    ctx->offset_units = units;
}

/* GL 2.1 3.5.2: the 32 x 32 pattern is unpacked like a glBitmap image
 * (pixel store state, pixel unpack buffer); bit x of row y keeps window
 * fragments with x % 32, y % 32 (the rasterizer, rast_state). */
GLAPI_EXPORT void APIENTRY glPolygonStipple(const GLubyte *mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glPolygonStipple, (ctx, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    const tex_pixel_store *ps = &ctx->unpack;
    size_t row_px = (size_t)(ps->row_length > 0 ? ps->row_length : 32);
    size_t a = (size_t)ps->alignment;
    size_t row_bytes = ((row_px + 7) / 8 + a - 1) / a * a;
    size_t need = row_bytes * ((size_t)ps->skip_rows + 32);
    const unsigned char *bits = mask;
    if (ctx->pixel_unpack_buffer) {
        mem_buffer *m = ctx->pixel_unpack_buffer->mem;
        size_t off = (size_t)(uintptr_t)mask;
        if (mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, need)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        bits = (const unsigned char *)mem_buffer_data(m) + off;
    }
    if (!bits)
        return;
    for (int y = 0; y < 32; y++) {
        const unsigned char *row = bits + row_bytes * ((size_t)ps->skip_rows + (size_t)y);
        uint32_t r = 0;
        for (int x = 0; x < 32; x++) {
            size_t b = (size_t)ps->skip_pixels + (size_t)x;
            int bit = ps->lsb_first ? (int)(b & 7) : 7 - (int)(b & 7);
            if ((row[b >> 3] >> bit) & 1)
                r |= 1u << x;
        }
        ctx->polygon_stipple_rows[y] = r;
    }
}

/* GL 2.1 section 6.1.6: packed as ReadPixels packs a 32 x 32 BITMAP image
 * (section 4.3.2, the pack state's row length, skips, alignment and
 * LSB_FIRST), into the pixel pack buffer when one is bound
 * (ARB_pixel_buffer_object: mask is an offset, a range past its end or a
 * mapped buffer INVALID_OPERATION).  Bits of the rows' bytes outside the
 * pattern are left alone. */
GLAPI_EXPORT void APIENTRY glGetPolygonStipple(GLubyte *mask)
{
    CTX_OUTSIDE();
    const tex_pixel_store *ps = &ctx->pack;
    size_t row_px = (size_t)(ps->row_length > 0 ? ps->row_length : 32);
    size_t a = (size_t)ps->alignment;
    size_t row_bytes = ((row_px + 7) / 8 + a - 1) / a * a;
    size_t last = (size_t)ps->skip_pixels + 31;
    size_t need = row_bytes * ((size_t)ps->skip_rows + 31) + last / 8 + 1;
    unsigned char *bits = mask;
    if (ctx->pixel_pack_buffer) {
        mem_buffer *m = ctx->pixel_pack_buffer->mem;
        size_t off = (size_t)(uintptr_t)mask;
        if (mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, need)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        gl_draw_flush(ctx); /* queued draws may read the buffer written (R9) */
        bits = (unsigned char *)mem_buffer_data(m) + off;
    }
    if (!bits)
        return;
    for (int y = 0; y < 32; y++) {
        unsigned char *row = bits + row_bytes * ((size_t)ps->skip_rows + (size_t)y);
        for (int x = 0; x < 32; x++) {
            size_t b = (size_t)ps->skip_pixels + (size_t)x;
            int bit = ps->lsb_first ? (int)(b & 7) : 7 - (int)(b & 7);
            if ((ctx->polygon_stipple_rows[y] >> x) & 1u)
                row[b >> 3] = (unsigned char)(row[b >> 3] | (1u << bit));
            else
                row[b >> 3] = (unsigned char)(row[b >> 3] & ~(1u << bit));
        }
    }
}

GLAPI_EXPORT void APIENTRY glFrontFace(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glFrontFace, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_CW && mode != GL_CCW) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->front_face = mode;
}

GLAPI_EXPORT void APIENTRY glCullFace(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glCullFace, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->cull_mode = mode;
}

/* ---- viewport, depth range, scissor ---------------------------------------------------- */

GLAPI_EXPORT void APIENTRY glViewport(GLint x, GLint y, GLsizei width, GLsizei height)
{
    GL_CTX();
    GL_DLIST_SAVE(glViewport, (ctx, x, y, width, height));
    GL_OUTSIDE_BEGIN(ctx, );
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_bridge_viewport(); /* a window's surface follows the window's size */
    /* clamped to MAX_VIEWPORT_DIMS (section 2.11.1) */
    ctx->viewport[0] = (float)x;
    ctx->viewport[1] = (float)y;
    ctx->viewport[2] = (float)(width > GLC_MAX_SIZE ? GLC_MAX_SIZE : width);
    ctx->viewport[3] = (float)(height > GLC_MAX_SIZE ? GLC_MAX_SIZE : height);
}

GLAPI_EXPORT void APIENTRY glDepthRange(GLclampd n, GLclampd f)
{
    GL_CTX();
    GL_DLIST_SAVE(glDepthRange, (ctx, n, f));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->depth_range[0] = n < 0 ? 0 : n > 1 ? 1 : n;
    ctx->depth_range[1] = f < 0 ? 0 : f > 1 ? 1 : f;
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glScissor(GLint x, GLint y, GLsizei width, GLsizei height)
{
    GL_CTX();
    GL_DLIST_SAVE(glScissor, (ctx, x, y, width, height));
    GL_OUTSIDE_BEGIN(ctx, );
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->scissor[0] = x;
    ctx->scissor[1] = y;
    ctx->scissor[2] = width;
    ctx->scissor[3] = height;
}

/* ---- per-fragment operations (GL 2.1 chapter 4) -------------------------------------------- */

static bool valid_func(GLenum f)
{
    return f >= GL_NEVER && f <= GL_ALWAYS;
}

GLAPI_EXPORT void APIENTRY glAlphaFunc(GLenum func, GLclampf ref)
{
    GL_CTX();
    GL_DLIST_SAVE(glAlphaFunc, (ctx, func, ref));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!valid_func(func)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->alpha_func = func;
    ctx->alpha_ref = ref; /* ARB_color_buffer_float: the rasterizer clamps it */
}

GLAPI_EXPORT void APIENTRY glDepthFunc(GLenum func)
{
    GL_CTX();
    GL_DLIST_SAVE(glDepthFunc, (ctx, func));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!valid_func(func)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->depth_func = func;
}

GLAPI_EXPORT void APIENTRY glDepthMask(GLboolean flag)
{
    GL_CTX();
    GL_DLIST_SAVE(glDepthMask, (ctx, flag));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->depth_mask = flag != GL_FALSE;
}

/* Face bits for the Separate stencil commands: 1 front, 2 back, 0 error. */
static int stencil_faces(gl_context *ctx, GLenum face)
{
    switch (face) {
    case GL_FRONT:
        return 1;
    case GL_BACK:
        return 2;
    case GL_FRONT_AND_BACK:
        return 3;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

static void stencil_func(gl_context *ctx, int faces, GLenum func, GLint ref, GLuint mask)
{
    if (!valid_func(func)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++) {
        if (!(faces & (1 << f)))
            continue;
        ctx->stencil[f].func = func;
        /* ref is clamped to [0, 2^s - 1] when used (section 4.1.5) */
        ctx->stencil[f].ref = ref < 0 ? 0 : ref > 255 ? 255 : ref;
        ctx->stencil_ref_gl[f] = ref;
        ctx->stencil[f].value_mask = (uint8_t)mask;
        ctx->stencil_vmask_gl[f] = mask;
    }
}

GLAPI_EXPORT void APIENTRY glStencilFunc(GLenum func, GLint ref, GLuint mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilFunc, (ctx, func, ref, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    stencil_func(ctx, 3, func, ref, mask);
}

GLAPI_EXPORT void APIENTRY glStencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilFuncSeparate, (ctx, face, func, ref, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    int f = stencil_faces(ctx, face);
    if (f)
        stencil_func(ctx, f, func, ref, mask);
}

static bool valid_stencil_op(GLenum op)
{
    switch (op) {
    case GL_KEEP:
    case GL_ZERO:
    case GL_REPLACE:
    case GL_INCR:
    case GL_DECR:
    case GL_INVERT:
    case GL_INCR_WRAP:
    case GL_DECR_WRAP:
        return true;
    default:
        return false;
    }
}

static void stencil_op(gl_context *ctx, int faces, GLenum sfail, GLenum dpfail, GLenum dppass)
{
    if (!valid_stencil_op(sfail) || !valid_stencil_op(dpfail) || !valid_stencil_op(dppass)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    for (int f = 0; f < 2; f++) {
        if (!(faces & (1 << f)))
            continue;
        ctx->stencil[f].fail_op = sfail;
        ctx->stencil[f].zfail_op = dpfail;
        ctx->stencil[f].zpass_op = dppass;
    }
}

GLAPI_EXPORT void APIENTRY glStencilOp(GLenum sfail, GLenum dpfail, GLenum dppass)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilOp, (ctx, sfail, dpfail, dppass));
    GL_OUTSIDE_BEGIN(ctx, );
    stencil_op(ctx, 3, sfail, dpfail, dppass);
}

GLAPI_EXPORT void APIENTRY glStencilOpSeparate(GLenum face, GLenum sfail, GLenum dpfail,
                                               GLenum dppass)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilOpSeparate, (ctx, face, sfail, dpfail, dppass));
    GL_OUTSIDE_BEGIN(ctx, );
    int f = stencil_faces(ctx, face);
    if (f)
        stencil_op(ctx, f, sfail, dpfail, dppass);
}

static void stencil_mask(gl_context *ctx, int faces, GLuint mask)
{
    for (int f = 0; f < 2; f++)
        if (faces & (1 << f)) {
            ctx->stencil[f].write_mask = (uint8_t)mask;
            ctx->stencil_wmask_gl[f] = mask;
        }
}

GLAPI_EXPORT void APIENTRY glStencilMask(GLuint mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilMask, (ctx, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    stencil_mask(ctx, 3, mask);
}

GLAPI_EXPORT void APIENTRY glStencilMaskSeparate(GLenum face, GLuint mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glStencilMaskSeparate, (ctx, face, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    int f = stencil_faces(ctx, face);
    if (f)
        stencil_mask(ctx, f, mask);
}

static bool valid_blend_factor(GLenum f, bool src)
{
    switch (f) {
    case GL_ZERO:
    case GL_ONE:
    case GL_SRC_COLOR:
    case GL_ONE_MINUS_SRC_COLOR:
    case GL_DST_COLOR:
    case GL_ONE_MINUS_DST_COLOR:
    case GL_SRC_ALPHA:
    case GL_ONE_MINUS_SRC_ALPHA:
    case GL_DST_ALPHA:
    case GL_ONE_MINUS_DST_ALPHA:
    case GL_CONSTANT_COLOR:
    case GL_ONE_MINUS_CONSTANT_COLOR:
    case GL_CONSTANT_ALPHA:
    case GL_ONE_MINUS_CONSTANT_ALPHA:
        return true;
    case GL_SRC1_COLOR: /* ARB_blend_func_extended: result.color[n].secondary */
    case GL_ONE_MINUS_SRC1_COLOR:
    case GL_SRC1_ALPHA:
    case GL_ONE_MINUS_SRC1_ALPHA:
        return true;
    case GL_SRC_ALPHA_SATURATE:
        return src; /* GL 2.1 Table 4.2: source only */
    default:
        return false;
    }
}

static void blend_func(gl_context *ctx, GLenum srgb, GLenum drgb, GLenum sa, GLenum da)
{
    if (!valid_blend_factor(srgb, true) || !valid_blend_factor(drgb, false) ||
        !valid_blend_factor(sa, true) || !valid_blend_factor(da, false)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->blend_src_rgb = srgb;
    ctx->blend_dst_rgb = drgb;
    ctx->blend_src_alpha = sa;
    ctx->blend_dst_alpha = da;
}

GLAPI_EXPORT void APIENTRY glBlendFunc(GLenum sfactor, GLenum dfactor)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlendFunc, (ctx, sfactor, dfactor));
    GL_OUTSIDE_BEGIN(ctx, );
    blend_func(ctx, sfactor, dfactor, sfactor, dfactor);
}

GLAPI_EXPORT void APIENTRY glBlendFuncSeparate(GLenum srgb, GLenum drgb, GLenum sa, GLenum da)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlendFuncSeparate, (ctx, srgb, drgb, sa, da));
    GL_OUTSIDE_BEGIN(ctx, );
    blend_func(ctx, srgb, drgb, sa, da);
}
GL_ALIAS(void, glBlendFuncSeparateEXT, glBlendFuncSeparate,
         (GLenum srgb, GLenum drgb, GLenum sa, GLenum da))

static bool valid_blend_eq(GLenum m)
{
    return m == GL_FUNC_ADD || m == GL_FUNC_SUBTRACT || m == GL_FUNC_REVERSE_SUBTRACT ||
           m == GL_MIN || m == GL_MAX;
}

GLAPI_EXPORT void APIENTRY glBlendEquation(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlendEquation, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!valid_blend_eq(mode)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->blend_eq_rgb = ctx->blend_eq_alpha = mode;
}
GL_ALIAS(void, glBlendEquationEXT, glBlendEquation, (GLenum mode))

GLAPI_EXPORT void APIENTRY glBlendEquationSeparate(GLenum rgb, GLenum alpha)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlendEquationSeparate, (ctx, rgb, alpha));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!valid_blend_eq(rgb) || !valid_blend_eq(alpha)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->blend_eq_rgb = rgb;
    ctx->blend_eq_alpha = alpha;
}
GL_ALIAS(void, glBlendEquationSeparateEXT, glBlendEquationSeparate, (GLenum rgb, GLenum alpha))

GLAPI_EXPORT void APIENTRY glBlendColor(GLclampf r, GLclampf g, GLclampf b, GLclampf a)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlendColor, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    /* kept unclamped (ARB_color_buffer_float); the rasterizer clamps it for
     * fixed-point buffers */
    ctx->blend_color[0] = r;
    ctx->blend_color[1] = g;
    ctx->blend_color[2] = b;
    ctx->blend_color[3] = a;
}
GL_ALIAS(void, glBlendColorEXT, glBlendColor, (GLclampf r, GLclampf g, GLclampf b, GLclampf a))

GLAPI_EXPORT void APIENTRY glColorMask(GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
    GL_CTX();
    GL_DLIST_SAVE(glColorMask, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    uint8_t m = (uint8_t)((r ? 1 : 0) | (g ? 2 : 0) | (b ? 4 : 0) | (a ? 8 : 0));
    memset(ctx->color_mask, m, sizeof ctx->color_mask); /* every draw buffer's */
}

/* ARB_color_buffer_float / GL 3.0 ClampColor. */
GLAPI_EXPORT void APIENTRY glClampColor(GLenum target, GLenum clamp)
{
    GL_CTX();
    GL_DLIST_SAVE(glClampColor, (ctx, target, clamp));
    GL_OUTSIDE_BEGIN(ctx, );
    GLenum *v = target == GL_CLAMP_VERTEX_COLOR     ? &ctx->clamp_vertex_color
                : target == GL_CLAMP_FRAGMENT_COLOR ? &ctx->clamp_fragment_color
                : target == GL_CLAMP_READ_COLOR     ? &ctx->clamp_read_color
                                                    : NULL;
    if (!v || (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    *v = clamp;
    gl_state_changed(ctx); /* state.fog.color, state.texenv[n].color */
}
GL_ALIAS(void, glClampColorARB, glClampColor, (GLenum target, GLenum clamp))

/* EXT_draw_buffers2: the mask of draw buffer buf alone. */
GLAPI_EXPORT void APIENTRY glColorMaski(GLuint buf, GLboolean r, GLboolean g, GLboolean b,
                                        GLboolean a)
{
    GL_CTX();
    GL_DLIST_SAVE(glColorMaski, (ctx, buf, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    if (buf >= GLC_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    ctx->color_mask[buf] = (uint8_t)((r ? 1 : 0) | (g ? 2 : 0) | (b ? 4 : 0) | (a ? 8 : 0));
}
GL_ALIAS(void, glColorMaskIndexedEXT, glColorMaski,
         (GLuint buf, GLboolean r, GLboolean g, GLboolean b, GLboolean a))

GLAPI_EXPORT void APIENTRY glLogicOp(GLenum opcode)
{
    GL_CTX();
    GL_DLIST_SAVE(glLogicOp, (ctx, opcode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (opcode < GL_CLEAR || opcode > GL_SET) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->logic_op = opcode;
}

GLAPI_EXPORT void APIENTRY glClearColor(GLclampf r, GLclampf g, GLclampf b, GLclampf a)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearColor, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    /* kept unclamped (ARB_color_buffer_float); clears clamp it to each
     * buffer's range */
    ctx->clear_color[0] = r;
    ctx->clear_color[1] = g;
    ctx->clear_color[2] = b;
    ctx->clear_color[3] = a;
}

GLAPI_EXPORT void APIENTRY glClearDepth(GLclampd depth)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearDepth, (ctx, depth));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->clear_depth = depth < 0 ? 0 : depth > 1 ? 1 : depth;
}

/* ARB_ES2_compatibility: single-precision forms of ClearDepth and
 * DepthRange, the same commands (display lists record them as those). */
GLAPI_EXPORT void APIENTRY glClearDepthf(GLfloat depth)
{
    glClearDepth(depth);
}

GLAPI_EXPORT void APIENTRY glDepthRangef(GLfloat n, GLfloat f)
{
    glDepthRange(n, f);
}

GLAPI_EXPORT void APIENTRY glClearStencil(GLint s)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearStencil, (ctx, s));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->clear_stencil = s;
}

GLAPI_EXPORT void APIENTRY glClearIndex(GLfloat c)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearIndex, (ctx, c));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->clear_index = (GLint)c;
}

GLAPI_EXPORT void APIENTRY glClearAccum(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
    GL_CTX();
    GL_DLIST_SAVE(glClearAccum, (ctx, r, g, b, a));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->clear_accum[0] = gl_clampf(r, -1, 1);
    ctx->clear_accum[1] = gl_clampf(g, -1, 1);
    ctx->clear_accum[2] = gl_clampf(b, -1, 1);
    ctx->clear_accum[3] = gl_clampf(a, -1, 1);
}

GLAPI_EXPORT void APIENTRY glIndexMask(GLuint mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glIndexMask, (ctx, mask));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->index_mask = mask;
}

GLAPI_EXPORT void APIENTRY glSampleCoverage(GLclampf value, GLboolean invert)
{
    GL_CTX();
    GL_DLIST_SAVE(glSampleCoverage, (ctx, value, invert));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->sample_coverage_value = gl_clampf(value, 0, 1);
    ctx->sample_coverage_invert = invert != GL_FALSE;
}
GL_ALIAS(void, glSampleCoverageARB, glSampleCoverage, (GLclampf value, GLboolean invert))

GLAPI_EXPORT void APIENTRY glHint(GLenum target, GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glHint, (ctx, target, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    switch (target) {
    case GL_PERSPECTIVE_CORRECTION_HINT:
        ctx->hint_perspective = mode;
        break;
    case GL_POINT_SMOOTH_HINT:
        ctx->hint_point = mode;
        break;
    case GL_LINE_SMOOTH_HINT:
        ctx->hint_line = mode;
        break;
    case GL_POLYGON_SMOOTH_HINT:
        ctx->hint_polygon = mode;
        break;
    case GL_FOG_HINT:
        ctx->hint_fog = mode;
        break;
    case GL_GENERATE_MIPMAP_HINT:
        ctx->hint_generate_mipmap = mode;
        break;
    case GL_TEXTURE_COMPRESSION_HINT:
        ctx->hint_texture_compression = mode;
        break;
    case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
}
