/*
 * gl_sampler.c - sampler objects (ARB_sampler_objects, GL 3.3 section
 * 3.8.2): GenSamplers, DeleteSamplers, IsSampler, BindSampler,
 * SamplerParameter*, GetSamplerParameter* (API thread).
 *
 * A sampler object holds the sampling state of GL 3.3 table 6.23 plus
 * TEXTURE_MAX_ANISOTROPY_EXT, in a tex_sampler of which texture/ reads only
 * those fields (tex_sampler_take_object_state).  Bound to a texture image
 * unit it replaces that state of every texture the unit samples, for
 * fixed-function texturing and programs alike (gl_draw.c puts the bound
 * state in rast_draw.tex_samplers; texture/ tex_sample_with merges it).
 *
 * Objects live in the share group (gl_share.c, shared->samplers) and are
 * created by GenSamplers (so IsSampler and SamplerParameter take a name
 * that was never bound, as GL 4.x says).  Queued draws reference a bound
 * object's state: changing or deleting one flushes first (R9).
 *
 * Choices: the border colour is clamped to [0, 1] as TexParameter does in
 * this GL 2.1 implementation; SamplerParameter and BindSampler are not
 * compiled into display lists (they execute at once).
 */
#include "gl_priv.h"

#include <stdlib.h>
#include <string.h>

void gl_sampler_obj_destroy(gl_sampler_obj *s)
{
    free(s);
}

const tex_sampler *gl_sampler_for_unit(const gl_context *ctx, int unit)
{
    if (unit < 0 || unit >= GLC_MAX_IMAGE_UNITS || !ctx->bound_sampler[unit])
        return NULL;
    return &ctx->bound_sampler[unit]->state;
}

static gl_sampler_obj *lookup(gl_context *ctx, GLuint name)
{
    if (name == 0)
        return NULL;
    void *v = gl_names_lookup(&ctx->shared->samplers, name);
    return v && v != GL_NAME_RESERVED ? v : NULL;
}

GLAPI_EXPORT void APIENTRY glGenSamplers(GLsizei count, GLuint *samplers)
{
    GL_CTX();
    if (!gl_names_gen_checked(ctx, &ctx->shared->samplers, count, samplers))
        return;
    for (GLsizei i = 0; i < count; i++) {
        gl_sampler_obj *s = calloc(1, sizeof *s);
        if (!s || !gl_names_insert(&ctx->shared->samplers, samplers[i], s)) {
            free(s);
            for (GLsizei j = i; j < count; j++)
                gl_names_remove(&ctx->shared->samplers, samplers[j]);
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        s->name = samplers[i];
        /* GL 3.3 table 6.23: the initial state is a texture object's
         * (wraps REPEAT, MIN_FILTER NEAREST_MIPMAP_LINEAR, MAG_FILTER
         * LINEAR, LODs -1000 / 1000, compare NONE / LEQUAL) */
        tex_sampler_default(&s->state, GL_TEXTURE_2D);
    }
}

/* A deleted bound sampler reverts its units to none (GL 3.3 section
 * 3.8.2); queued draws may still read its state. */
static void detach_sampler(gl_context *ctx, void *v)
{
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        if (ctx->bound_sampler[u] == v)
            ctx->bound_sampler[u] = NULL;
}

GLAPI_EXPORT void APIENTRY glDeleteSamplers(GLsizei count, const GLuint *samplers)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->shared->samplers, count, samplers, detach_sampler,
                    GLC_OBJ_SAMPLER);
}

GLAPI_EXPORT GLboolean APIENTRY glIsSampler(GLuint sampler)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    return lookup(ctx, sampler) ? GL_TRUE : GL_FALSE;
}

GLAPI_EXPORT void APIENTRY glBindSampler(GLuint unit, GLuint sampler)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (unit >= GLC_MAX_IMAGE_UNITS) { /* MAX_COMBINED_TEXTURE_IMAGE_UNITS */
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_sampler_obj *s = NULL;
    if (sampler != 0) {
        s = lookup(ctx, sampler);
        if (!s) { /* not a name from GenSamplers, or deleted */
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    if (ctx->bound_sampler[unit] != s) {
        gl_resource_will_change(ctx, GL_RES_TEXTURE);
        ctx->bound_sampler[unit] = s;
    }
}

/* ---- parameters ------------------------------------------------------------------ */

static bool valid_wrap(GLenum w, bool rect)
{
    switch (w) {
    case GL_CLAMP:
    case GL_CLAMP_TO_EDGE:
    case GL_CLAMP_TO_BORDER:
        return true;
    case GL_REPEAT:
    case GL_MIRRORED_REPEAT:
        return !rect; /* ARB_texture_rectangle section 3.8.7 */
    default:
        return false;
    }
}

static bool valid_min_filter(GLenum f, bool rect)
{
    switch (f) {
    case GL_NEAREST:
    case GL_LINEAR:
        return true;
    case GL_NEAREST_MIPMAP_NEAREST:
    case GL_LINEAR_MIPMAP_NEAREST:
    case GL_NEAREST_MIPMAP_LINEAR:
    case GL_LINEAR_MIPMAP_LINEAR:
        return !rect;
    default:
        return false;
    }
}

GLenum gl_sampling_parameter_set(tex_sampler *s, GLenum pname, const double *v, int n,
                                 const uint32_t *ints, bool rect)
{
    GLenum e = gl_enum_param(v[0]);
    switch (pname) {
    case GL_TEXTURE_MIN_FILTER:
        if (!valid_min_filter(e, rect))
            return GL_INVALID_ENUM;
        s->min_filter = e;
        return GL_NO_ERROR;
    case GL_TEXTURE_MAG_FILTER:
        if (e != GL_NEAREST && e != GL_LINEAR)
            return GL_INVALID_ENUM;
        s->mag_filter = e;
        return GL_NO_ERROR;
    case GL_TEXTURE_WRAP_S:
    case GL_TEXTURE_WRAP_T:
    case GL_TEXTURE_WRAP_R:
        if (!valid_wrap(e, rect))
            return GL_INVALID_ENUM;
        if (pname == GL_TEXTURE_WRAP_S)
            s->wrap_s = e;
        else if (pname == GL_TEXTURE_WRAP_T)
            s->wrap_t = e;
        else
            s->wrap_r = e;
        return GL_NO_ERROR;
    case GL_TEXTURE_BORDER_COLOR:
        if (n < 4)
            return GL_INVALID_ENUM;
        if (ints) {
            memcpy(s->border_color_int, ints, sizeof s->border_color_int);
        } else {
            for (int i = 0; i < 4; i++)
                s->border_color[i] = (float)v[i]; /* clamped where used (tex_samp_setup) */
        }
        return GL_NO_ERROR;
    case GL_TEXTURE_MIN_LOD:
        s->min_lod = (float)v[0];
        return GL_NO_ERROR;
    case GL_TEXTURE_MAX_LOD:
        s->max_lod = (float)v[0];
        return GL_NO_ERROR;
    case GL_TEXTURE_LOD_BIAS:
        s->lod_bias = (float)v[0];
        return GL_NO_ERROR;
    case GL_TEXTURE_COMPARE_MODE:
        if (e != GL_NONE && e != GL_COMPARE_R_TO_TEXTURE) /* = COMPARE_REF_TO_TEXTURE */
            return GL_INVALID_ENUM;
        s->compare_mode = e;
        return GL_NO_ERROR;
    case GL_TEXTURE_COMPARE_FUNC:
        if (e < GL_NEVER || e > GL_ALWAYS)
            return GL_INVALID_ENUM;
        s->compare_func = e;
        return GL_NO_ERROR;
    case GL_TEXTURE_MAX_ANISOTROPY_EXT:
        if (v[0] < 1.0)
            return GL_INVALID_VALUE;
        s->max_anisotropy = (float)v[0];
        return GL_NO_ERROR;
    default:
        return GL_INVALID_ENUM;
    }
}

int gl_sampling_parameter_get(gl_context *ctx, const tex_sampler *s, GLenum pname, double v[4])
{
    switch (pname) {
    case GL_TEXTURE_MIN_FILTER: v[0] = s->min_filter; return 1;
    case GL_TEXTURE_MAG_FILTER: v[0] = s->mag_filter; return 1;
    case GL_TEXTURE_WRAP_S: v[0] = s->wrap_s; return 1;
    case GL_TEXTURE_WRAP_T: v[0] = s->wrap_t; return 1;
    case GL_TEXTURE_WRAP_R: v[0] = s->wrap_r; return 1;
    case GL_TEXTURE_BORDER_COLOR: {
        float c[4];
        gl_colors_as_read(ctx, s->border_color, c, 4);
        for (int i = 0; i < 4; i++)
            v[i] = c[i];
        return 4;
    }
    case GL_TEXTURE_MIN_LOD: v[0] = s->min_lod; return 1;
    case GL_TEXTURE_MAX_LOD: v[0] = s->max_lod; return 1;
    case GL_TEXTURE_LOD_BIAS: v[0] = s->lod_bias; return 1;
    case GL_TEXTURE_COMPARE_MODE: v[0] = s->compare_mode; return 1;
    case GL_TEXTURE_COMPARE_FUNC: v[0] = s->compare_func; return 1;
    case GL_TEXTURE_MAX_ANISOTROPY_EXT: v[0] = s->max_anisotropy; return 1;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

void gl_sampling_values_store(const tex_sampler *s, GLenum pname, const double *v, int n,
                              gl_param_kind kind, void *params)
{
    if (n && s && kind == GL_PARAM_WORDS && pname == GL_TEXTURE_BORDER_COLOR) {
        if (params)
            memcpy(params, s->border_color_int, sizeof s->border_color_int);
        return;
    }
    for (int i = 0; i < n && params; i++) {
        if (kind == GL_PARAM_FLOAT)
            ((GLfloat *)params)[i] = (float)v[i];
        else if (kind == GL_PARAM_INT && pname == GL_TEXTURE_BORDER_COLOR)
            ((GLint *)params)[i] = (GLint)(v[i] >= 1.0    ? 2147483647.0
                                           : v[i] <= -1.0 ? -2147483647.0
                                                          : v[i] * 2147483647.0);
        else
            ((GLint *)params)[i] = (GLint)(v[i] < 0 ? v[i] - 0.5 : v[i] + 0.5);
    }
}

int gl_sampling_values_from_int(GLenum pname, const GLint *params, double v[4])
{
    v[0] = params[0];
    v[1] = v[2] = v[3] = 0;
    if (pname != GL_TEXTURE_BORDER_COLOR)
        return 1;
    for (int i = 0; i < 4; i++) /* integer colours map to [-1,1] (GL 2.1 table 2.9) */
        v[i] = (2.0 * params[i] + 1.0) / 4294967295.0;
    return 4;
}

/* The sampler named for a parameter call; NULL with INVALID_OPERATION
 * (GL 3.3 section 3.8.2: not the name of a sampler object). */
static gl_sampler_obj *param_sampler(gl_context *ctx, GLuint sampler)
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    gl_sampler_obj *s = lookup(ctx, sampler);
    if (!s)
        gl_error(ctx, GL_INVALID_OPERATION);
    return s;
}

/* SamplerParameter*: v holds n values (4 for the border colour); ints:
 * border colour words given by SamplerParameterI{i,ui}v (integer border
 * colour, used by integer textures), else NULL. */
static void sampler_parameter(gl_context *ctx, GLuint sampler, GLenum pname, const double *v,
                              int n, const uint32_t *ints)
{
    gl_sampler_obj *so = param_sampler(ctx, sampler);
    if (!so)
        return;
    tex_sampler s = so->state;
    GLenum err = gl_sampling_parameter_set(&s, pname, v, n, ints, false);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    if (memcmp(&s, &so->state, sizeof s) != 0) {
        gl_resource_will_change(ctx, GL_RES_TEXTURE); /* queued draws sample with the old state */
        so->state = s;
    }
}

GLAPI_EXPORT void APIENTRY glSamplerParameteri(GLuint sampler, GLenum pname, GLint param)
{
    GL_CTX();
    double v = param;
    sampler_parameter(ctx, sampler, pname, &v, 1, NULL);
}

GLAPI_EXPORT void APIENTRY glSamplerParameterf(GLuint sampler, GLenum pname, GLfloat param)
{
    GL_CTX();
    double v = param;
    sampler_parameter(ctx, sampler, pname, &v, 1, NULL);
}

GLAPI_EXPORT void APIENTRY glSamplerParameteriv(GLuint sampler, GLenum pname, const GLint *params)
{
    GL_CTX();
    if (!params)
        return;
    double v[4];
    int n = gl_sampling_values_from_int(pname, params, v);
    sampler_parameter(ctx, sampler, pname, v, n, NULL);
}

GLAPI_EXPORT void APIENTRY glSamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    if (!params)
        return;
    double v[4] = {params[0], 0, 0, 0};
    int n = 1;
    if (pname == GL_TEXTURE_BORDER_COLOR) {
        for (int i = 1; i < 4; i++)
            v[i] = params[i];
        n = 4;
    }
    sampler_parameter(ctx, sampler, pname, v, n, NULL);
}

/* SamplerParameterI{i,ui}v: the border colour's words go to the integer
 * border colour unconverted; every other pname as SamplerParameteriv. */
static void sampler_parameter_int(gl_context *ctx, GLuint sampler, GLenum pname,
                                  const uint32_t *params)
{
    if (!params)
        return;
    double v[4] = {(double)(int32_t)params[0], 0, 0, 0};
    if (pname == GL_TEXTURE_BORDER_COLOR)
        sampler_parameter(ctx, sampler, pname, v, 4, params);
    else
        sampler_parameter(ctx, sampler, pname, v, 1, NULL);
}

GLAPI_EXPORT void APIENTRY glSamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *param)
{
    GL_CTX();
    sampler_parameter_int(ctx, sampler, pname, (const uint32_t *)param);
}

GLAPI_EXPORT void APIENTRY glSamplerParameterIuiv(GLuint sampler, GLenum pname,
                                                  const GLuint *param)
{
    GL_CTX();
    sampler_parameter_int(ctx, sampler, pname, param);
}

/* GetSamplerParameter*: the values of pname stored in params as kind says. */
static void get_sampler_parameter(GLuint sampler, GLenum pname, gl_param_kind kind, void *params)
{
    GL_CTX();
    gl_sampler_obj *so = param_sampler(ctx, sampler);
    if (!so)
        return;
    double v[4];
    int n = gl_sampling_parameter_get(ctx, &so->state, pname, v);
    gl_sampling_values_store(&so->state, pname, v, n, kind, params);
}

GLAPI_EXPORT void APIENTRY glGetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params)
{
    get_sampler_parameter(sampler, pname, GL_PARAM_FLOAT, params);
}

GLAPI_EXPORT void APIENTRY glGetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params)
{
    get_sampler_parameter(sampler, pname, GL_PARAM_INT, params);
}

GLAPI_EXPORT void APIENTRY glGetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params)
{
    get_sampler_parameter(sampler, pname, GL_PARAM_WORDS, params);
}

GLAPI_EXPORT void APIENTRY glGetSamplerParameterIuiv(GLuint sampler, GLenum pname,
                                                     GLuint *params)
{
    get_sampler_parameter(sampler, pname, GL_PARAM_WORDS, params);
}
