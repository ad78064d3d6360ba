/*
 * gl_program.c - the ARB_vertex_program / ARB_fragment_program program API
 * and NV_geometry_program4's GEOMETRY_PROGRAM_NV and NV_compute_program5's
 * COMPUTE_PROGRAM_NV targets (API thread):
 * program objects, ProgramStringARB (compiled by glprog/), env/local
 * parameters (plus EXT_gpu_program_parameters and NV_gpu_program4's integer
 * forms), ProgramVertexLimitNV, and the program queries of
 * ARB_vertex_program section 6.1.12 / ARB_fragment_program 6.1.12 /
 * NV_gpu_program4 6.1.12 / NV_geometry_program4 2.14.6.4.
 */
#include "gl_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* PROGRAM_ERROR_STRING_ARB after an allocation failure */
#define OOM_STRING "out of memory"
enum { ERROR_STRING_MIN = 64 }; /* bytes every error string buffer has */

int gl_program_target_index(GLenum target)
{
    switch (target) {
    case GL_VERTEX_PROGRAM_ARB:
        return GLC_VP;
    case GL_FRAGMENT_PROGRAM_ARB:
        return GLC_FP;
    case GL_GEOMETRY_PROGRAM_NV:
        return GLC_GP;
    case GL_COMPUTE_PROGRAM_NV: /* NV_compute_program5 (dispatched by gl_compute.c) */
        return GLC_CP;
    case GL_TESS_CONTROL_PROGRAM_NV: /* NV_tessellation_program5 (gl_tess.c) */
        return GLC_TCP;
    case GL_TESS_EVALUATION_PROGRAM_NV:
        return GLC_TEP;
    default:
        return -1;
    }
}

static GLenum target_enum(int t)
{
    return t == GLC_VP   ? GL_VERTEX_PROGRAM_ARB
           : t == GLC_FP ? GL_FRAGMENT_PROGRAM_ARB
           : t == GLC_GP  ? GL_GEOMETRY_PROGRAM_NV
           : t == GLC_TCP ? GL_TESS_CONTROL_PROGRAM_NV
           : t == GLC_TEP ? GL_TESS_EVALUATION_PROGRAM_NV
                          : GL_COMPUTE_PROGRAM_NV;
}

static gl_program_obj *program_new(gl_context *ctx, GLuint name, int t)
{
    gl_program_obj *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->name = name;
    p->target = target_enum(t);
    p->local = calloc((size_t)ctx->limits[t].max_local_parameters, sizeof *p->local);
    if (!p->local) {
        free(p);
        return NULL;
    }
    return p;
}

/* Frees what an object owns (not the object itself). */
void gl_program_obj_release(gl_program_obj *p)
{
    gp_program_free(p->clip_prog);
    p->clip_prog = NULL;
    p->clip_prog_tried = false;
    gp_program_free(p->prog);
    free(p->string);
    free(p->local);
    free(p->params);
    p->prog = NULL;
    p->string = NULL;
    p->local = NULL;
    p->params = NULL;
    p->params_cap = 0;
}

bool gl_program_init(gl_context *ctx)
{
    /* the compute target's limits (the others are set with the context) */
    gp_limits_default(&ctx->limits[GLC_CP], GP_STAGE_COMPUTE);
    gp_limits_default(&ctx->limits[GLC_TCP], GP_STAGE_TESS_CONTROL);
    gp_limits_default(&ctx->limits[GLC_TEP], GP_STAGE_TESS_EVAL);
    for (int t = 0; t < GLC_PROGRAM_TARGETS; t++) {
        gl_program_obj *d = &ctx->program_default[t];
        d->name = 0;
        d->target = target_enum(t);
        d->local = calloc((size_t)ctx->limits[t].max_local_parameters, sizeof *d->local);
        ctx->env[t] = calloc((size_t)ctx->limits[t].max_env_parameters, sizeof *ctx->env[t]);
        if (!d->local || !ctx->env[t])
            return false;
        ctx->program[t] = d;
    }
    ctx->program_error_position = -1;
    /* room for "out of memory" from the start (set_error_string) */
    ctx->program_error_string = calloc(1, ERROR_STRING_MIN);
    return ctx->program_error_string != NULL;
}

void gl_program_obj_destroy(gl_program_obj *p)
{
    gl_program_obj_release(p);
    free(p);
}

/* The context's own programs (the defaults, env parameters); the named
 * ones belong to the share group (gl_share.c). */
void gl_program_free_all(gl_context *ctx)
{
    for (int t = 0; t < GLC_PROGRAM_TARGETS; t++) {
        gl_program_obj_release(&ctx->program_default[t]);
        free(ctx->env[t]);
        ctx->env[t] = NULL;
    }
}

/* Validates a program target; records INVALID_ENUM and returns -1 if bad. */
static int check_target(gl_context *ctx, GLenum target)
{
    int t = gl_program_target_index(target);
    if (t < 0)
        gl_error(ctx, GL_INVALID_ENUM);
    return t;
}

GLAPI_EXPORT void APIENTRY glGenProgramsARB(GLsizei n, GLuint *programs)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->shared->programs, n, programs);
}

static void detach_program(gl_context *ctx, void *v)
{
    gl_program_obj *p = v;
    /* a bound object is first unbound (section 2.14.1) */
    for (int t = 0; t < GLC_PROGRAM_TARGETS; t++)
        if (ctx->program[t] == p) {
            ctx->program[t] = &ctx->program_default[t];
            gl_state_changed(ctx);
        }
    /* the rasterizer copies what it needs from a program only until
     * the scene runs: flush before freeing the code it executes */
    gl_resource_will_change(ctx, GL_RES_PROGRAM);
}

GLAPI_EXPORT void APIENTRY glDeleteProgramsARB(GLsizei n, const GLuint *programs)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->shared->programs, n, programs, detach_program, GLC_OBJ_PROGRAM);
}

/* ---- NV5 program subroutine parameters --------------------------------------
 * ARB_shader_subroutine, "Dependencies on NV_gpu_program5": context state per
 * target (ctx->subroutine_params), "reset to arbitrary defaults when the
 * program string is respecified, and when BindProgram is called": asmgl's
 * default is the smallest SUBROUTINENUM of each live parameter's type (so a
 * program drawn before any ProgramSubroutineParametersuivNV calls a label
 * of the right type) and 0 for the others (gp_program_subroutine_default).
 * Draws reference the array until the next flush, so it is flushed before
 * a change. */
static void reset_subroutines(gl_context *ctx, int t)
{
    const gp_program *prog = ctx->program[t]->prog;
    uint32_t *v = ctx->subroutine_params[t];
    bool flushed = false;
    for (uint32_t i = 0; i < GP_MAX_SUBROUTINE_PARAMS; i++) {
        uint32_t d = gp_program_subroutine_default(prog, i);
        if (v[i] != d) {
            if (!flushed)
                gl_resource_will_change(ctx, GL_RES_PROGRAM);
            flushed = true;
            v[i] = d;
        }
    }
}

/* Errors: INVALID_ENUM (target), INVALID_VALUE when count is not one plus
 * the largest program.subroutine index the bound program binds (0 for a
 * program without, or with no valid program), INVALID_OPERATION when a
 * value is not a SUBROUTINENUM of the type of a live parameter (the spec's
 * normative text; its GLSL issue 3 would give INVALID_VALUE to numbers no
 * label carries, but the NV_gpu_program5 section names INVALID_OPERATION
 * for every value "not a SUBROUTINENUM that was associated to that
 * SUBROUTINETYPE").  On an error nothing changes. */
GLAPI_EXPORT void APIENTRY glProgramSubroutineParametersuivNV(GLenum target, GLsizei count,
                                                             const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramSubroutineParametersuivNV, (ctx, target, count, params));
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    const gl_program_obj *p = ctx->program[t];
    int want = p->prog ? p->info.num_subroutine_params : 0;
    if (count != want || (count > 0 && !params)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    for (GLsizei i = 0; i < count; i++) {
        if (gp_program_subroutine_check(p->prog, (uint32_t)i, params[i]) != GP_SUB_OK) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
    }
    if (count > 0 && memcmp(ctx->subroutine_params[t], params, sizeof(GLuint) * (size_t)count) != 0) {
        gl_resource_will_change(ctx, GL_RES_PROGRAM);
        memcpy(ctx->subroutine_params[t], params, sizeof(GLuint) * (size_t)count);
    }
}

/* INVALID_ENUM (target), INVALID_VALUE for index >=
 * MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV. */
GLAPI_EXPORT void APIENTRY glGetProgramSubroutineParameteruivNV(GLenum target, GLuint index,
                                                               GLuint *param)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    if (index >= GP_MAX_SUBROUTINE_PARAMS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (param)
        *param = ctx->subroutine_params[t][index];
}

GLAPI_EXPORT void APIENTRY glBindProgramARB(GLenum target, GLuint program)
{
    GL_CTX();
    GL_DLIST_SAVE(glBindProgramARB, (ctx, target, program));
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    gl_program_obj *p;
    if (program == 0) {
        p = &ctx->program_default[t];
    } else {
        void *v = gl_names_lookup(&ctx->shared->programs, program);
        if (v && v != GL_NAME_RESERVED) {
            p = v;
            if (p->target != target) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
        } else {
            p = program_new(ctx, program, t);
            if (!p || !gl_names_insert(&ctx->shared->programs, program, p)) {
                if (p)
                    gl_program_obj_release(p);
                free(p);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
    }
    ctx->program[t] = p;
    reset_subroutines(ctx, t);
}

GLAPI_EXPORT GLboolean APIENTRY glIsProgramARB(GLuint program)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->shared->programs, program);
    return v && v != GL_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}

/* ---- compilation ----------------------------------------------------------- */

/* ARB_position_invariant needs no help here: glprog inserts the
 * fixed-function transform itself (gp_lower.c). */
gp_program *gl_program_compile(gl_context *ctx, const char *text, size_t len, int t,
                               gp_error *err, gp_program_info *query_info)
{
    memset(err, 0, sizeof *err);
    err->pos = -1;
    gp_stage stage = t == GLC_VP   ? GP_STAGE_VERTEX
                     : t == GLC_FP ? GP_STAGE_FRAGMENT
                     : t == GLC_GP ? GP_STAGE_GEOMETRY
                     : t == GLC_TCP ? GP_STAGE_TESS_CONTROL
                     : t == GLC_TEP ? GP_STAGE_TESS_EVAL
                                   : GP_STAGE_COMPUTE;
    gp_program *p = gp_compile(text, len, stage, &ctx->limits[t], err);
    if (p && query_info) {
        *query_info = *gp_program_get_info(p);
        query_info->params = NULL;
    }
    return p;
}

/* PROGRAM_ERROR_STRING_ARB becomes s.  Every string buffer has room for
 * ERROR_STRING_MIN bytes, so that when no new buffer can be had s still
 * replaces the old string in place, cut to that length ("out of memory"
 * whole). */
static void set_error_string(gl_context *ctx, const char *s)
{
    size_t n = strlen(s) + 1;
    char *copy = malloc(n > ERROR_STRING_MIN ? n : ERROR_STRING_MIN);
    if (!copy) {
        snprintf(ctx->program_error_string, ERROR_STRING_MIN, "%s", s);
        return;
    }
    memcpy(copy, s, n);
    free(ctx->program_error_string);
    ctx->program_error_string = copy;
}

/* GL 2.1 section 2.5: an allocation failed; the command may have done part
 * of its work.  A program string that met it reports no position (it is
 * no syntax error) and says why. */
static void program_out_of_memory(gl_context *ctx)
{
    ctx->program_error_position = -1;
    set_error_string(ctx, OOM_STRING);
    gl_error(ctx, GL_OUT_OF_MEMORY);
}

GLAPI_EXPORT void APIENTRY glProgramStringARB(GLenum target, GLenum format, GLsizei len,
                                              const void *string)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramStringARB, (ctx, target, format, len, string));
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    if (format != GL_PROGRAM_FORMAT_ASCII_ARB) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (len < 0 || (len > 0 && !string)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gp_error err;
    gp_program_info qinfo;
    gp_program *prog = gl_program_compile(ctx, (const char *)string, (size_t)len, t, &err, &qinfo);
    if (!prog && err.out_of_memory) {
        /* the program object keeps its previous program, as on an error */
        program_out_of_memory(ctx);
        return;
    }
    if (!prog) {
        /* Section 2.14.1: INVALID_OPERATION, error position = byte offset of
         * the first error (len for end-of-program semantic errors); the
         * program object keeps its previous program. */
        char buf[320];
        if (err.line > 0)
            snprintf(buf, sizeof buf, "line %d, column %d: %s", err.line, err.col, err.msg);
        else
            snprintf(buf, sizeof buf, "%s", err.msg[0] ? err.msg : "program failed to load");
        ctx->program_error_position = err.pos >= 0 ? err.pos : len;
        set_error_string(ctx, buf);
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    char *copy = malloc((size_t)len + 1);
    if (!copy) {
        gp_program_free(prog);
        program_out_of_memory(ctx);
        return;
    }
    if (len)
        memcpy(copy, string, (size_t)len);
    copy[len] = 0;
    gl_program_obj *p = ctx->program[t];
    /* the old code may still be referenced by a queued draw */
    if (p->prog)
        gl_resource_will_change(ctx, GL_RES_PROGRAM);
    gp_program_free(p->prog);
    gp_program_free(p->clip_prog);
    free(p->string);
    p->clip_prog = NULL;
    p->clip_prog_tried = false;
    p->prog = prog;
    p->info = qinfo;
    p->vertex_limit = qinfo.gs_vertices_out;
    p->string = copy;
    p->length = len;
    p->params_prog = NULL;
    ctx->program_error_position = -1;
    set_error_string(ctx, err.msg); /* warnings, or "" */
    reset_subroutines(ctx, t);
    gl_state_changed(ctx);
}

/* ---- user clip planes for position-invariant programs ------------------------ */

/* ARB_vertex_program 2.14.4.5.1: a program with OPTION ARB_position_invariant
 * gets its position from the fixed-function transform, and "user clipping is
 * performed as described in section 2.11": against the enabled client clip
 * planes, in eye coordinates (NV_vertex_program2_option keeps that rule).
 * The rasterizer clips against result.clip[n] (rast_state.clip_planes), so
 * such a program is drawn, while clip planes are enabled, as its variant
 * that also computes those distances the way fixed function does
 * (gl_ffgen.h): glprog's gp_program_clip_variant appends them to the
 * compiled program, after everything the program does, so conventional
 * clipping replaces any result.clip it wrote (2.14.4.5.1).  Made once per
 * program string, on first use.  NV_gpu_program4 programs write
 * result.clip themselves and get no variant. */
const gp_program *gl_program_clip_variant(gl_context *ctx, gl_program_obj *obj, bool *oom)
{
    *oom = false;
    if (!obj->prog || obj->target != GL_VERTEX_PROGRAM_ARB)
        return NULL;
    const gp_program_info *info = gp_program_get_info(obj->prog);
    if (!(info->options & GP_OPTION_POSITION_INVARIANT) || info->lang != GP_LANG_ARBVP10)
        return NULL;
    if (!obj->clip_prog_tried) {
        gp_error err;
        obj->clip_prog = gp_program_clip_variant(obj->prog, &ctx->limits[GLC_VP], &err);
        if (!obj->clip_prog && err.out_of_memory) {
            *oom = true;
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        obj->clip_prog_tried = true;
    }
    return obj->clip_prog;
}

/* ---- parameters --------------------------------------------------------------- */

/* Env and local parameters are stored as typeless bits (gp_val): the float
 * entry points store float bits, NV_gpu_program4's I4i/I4ui store integer
 * bits, and each query returns the stored bits reinterpreted (querying with
 * another type than the one set is undefined in NV_gpu_program4, section
 * "Program Parameters"; the bits are the natural choice).  Doubles go
 * through float. */
static gp_val (*env_param(gl_context *ctx, GLenum target, GLuint index, GLsizei count))[4]
{
    int t = check_target(ctx, target);
    if (t < 0)
        return NULL;
    if (count < 0 || index >= (GLuint)ctx->limits[t].max_env_parameters ||
        (GLuint)count > (GLuint)ctx->limits[t].max_env_parameters - index) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    return &ctx->env[t][index];
}

static gp_val (*local_param(gl_context *ctx, GLenum target, GLuint index, GLsizei count,
                            gl_program_obj **obj))[4]
{
    int t = check_target(ctx, target);
    if (t < 0)
        return NULL;
    if (count < 0 || index >= (GLuint)ctx->limits[t].max_local_parameters ||
        (GLuint)count > (GLuint)ctx->limits[t].max_local_parameters - index) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    *obj = ctx->program[t];
    return &ctx->program[t]->local[index];
}

/* Stores count rows of 4 x 32-bit words (float, int or uint bits) at
 * index; local when is_local, else env.  v == NULL stores nothing. */
static void set_params(GLenum target, GLuint index, GLsizei count, const void *v, bool is_local)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj = NULL;
    gp_val(*p)[4] = is_local ? local_param(ctx, target, index, count, &obj)
                             : env_param(ctx, target, index, count);
    if (!p || !v)
        return;
    memcpy(p, v, (size_t)count * sizeof *p);
    if (is_local)
        obj->local_serial++;
    else
        gl_state_changed(ctx);
}

/* Copies one stored row's bits to out (4 words). */
static void get_param(GLenum target, GLuint index, void *out, bool is_local)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    gp_val(*p)[4] = is_local ? local_param(ctx, target, index, 1, &obj)
                             : env_param(ctx, target, index, 1);
    if (p && out)
        memcpy(out, *p, sizeof *p);
}

static void set_env(GLenum target, GLuint index, float x, float y, float z, float w)
{
    const float v[4] = {x, y, z, w};
    set_params(target, index, 1, v, false);
}

static void set_local(GLenum target, GLuint index, float x, float y, float z, float w)
{
    const float v[4] = {x, y, z, w};
    set_params(target, index, 1, v, true);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4fARB(GLenum target, GLuint index, GLfloat x,
                                                      GLfloat y, GLfloat z, GLfloat w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameter4fARB, (ctx, target, index, x, y, z, w));
    set_env(target, index, x, y, z, w);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4fvARB(GLenum target, GLuint index,
                                                       const GLfloat *v)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameter4fvARB, (ctx, target, index, v));
    if (v)
        set_env(target, index, v[0], v[1], v[2], v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4dARB(GLenum target, GLuint index, GLdouble x,
                                                      GLdouble y, GLdouble z, GLdouble w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameter4dARB, (ctx, target, index, x, y, z, w));
    set_env(target, index, (float)x, (float)y, (float)z, (float)w);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4dvARB(GLenum target, GLuint index,
                                                       const GLdouble *v)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameter4dvARB, (ctx, target, index, v));
    if (v)
        set_env(target, index, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4fARB(GLenum target, GLuint index, GLfloat x,
                                                        GLfloat y, GLfloat z, GLfloat w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameter4fARB, (ctx, target, index, x, y, z, w));
    set_local(target, index, x, y, z, w);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4fvARB(GLenum target, GLuint index,
                                                         const GLfloat *v)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameter4fvARB, (ctx, target, index, v));
    if (v)
        set_local(target, index, v[0], v[1], v[2], v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4dARB(GLenum target, GLuint index, GLdouble x,
                                                        GLdouble y, GLdouble z, GLdouble w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameter4dARB, (ctx, target, index, x, y, z, w));
    set_local(target, index, (float)x, (float)y, (float)z, (float)w);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4dvARB(GLenum target, GLuint index,
                                                         const GLdouble *v)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameter4dvARB, (ctx, target, index, v));
    if (v)
        set_local(target, index, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

/* EXT_gpu_program_parameters: count consecutive parameters; INVALID_VALUE if
 * count < 0 or index + count exceeds the array. */
GLAPI_EXPORT void APIENTRY glProgramEnvParameters4fvEXT(GLenum target, GLuint index,
                                                        GLsizei count, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameters4fvEXT, (ctx, target, index, count, params));
    set_params(target, index, count, params, false);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameters4fvEXT(GLenum target, GLuint index,
                                                          GLsizei count, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameters4fvEXT, (ctx, target, index, count, params));
    set_params(target, index, count, params, true);
}

/* NV_gpu_program4: integer env/local parameters, stored bit-exact. */
GLAPI_EXPORT void APIENTRY glProgramLocalParameterI4iNV(GLenum target, GLuint index, GLint x,
                                                        GLint y, GLint z, GLint w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameterI4iNV, (ctx, target, index, x, y, z, w));
    const GLint v[4] = {x, y, z, w};
    set_params(target, index, 1, v, true);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameterI4ivNV(GLenum target, GLuint index,
                                                         const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameterI4ivNV, (ctx, target, index, params));
    if (params)
        set_params(target, index, 1, params, true);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParametersI4ivNV(GLenum target, GLuint index,
                                                          GLsizei count, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParametersI4ivNV, (ctx, target, index, count, params));
    set_params(target, index, count, params, true);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameterI4uiNV(GLenum target, GLuint index, GLuint x,
                                                         GLuint y, GLuint z, GLuint w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameterI4uiNV, (ctx, target, index, x, y, z, w));
    const GLuint v[4] = {x, y, z, w};
    set_params(target, index, 1, v, true);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameterI4uivNV(GLenum target, GLuint index,
                                                          const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParameterI4uivNV, (ctx, target, index, params));
    if (params)
        set_params(target, index, 1, params, true);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParametersI4uivNV(GLenum target, GLuint index,
                                                           GLsizei count, const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramLocalParametersI4uivNV, (ctx, target, index, count, params));
    set_params(target, index, count, params, true);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameterI4iNV(GLenum target, GLuint index, GLint x,
                                                      GLint y, GLint z, GLint w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameterI4iNV, (ctx, target, index, x, y, z, w));
    const GLint v[4] = {x, y, z, w};
    set_params(target, index, 1, v, false);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameterI4ivNV(GLenum target, GLuint index,
                                                       const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameterI4ivNV, (ctx, target, index, params));
    if (params)
        set_params(target, index, 1, params, false);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParametersI4ivNV(GLenum target, GLuint index,
                                                        GLsizei count, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParametersI4ivNV, (ctx, target, index, count, params));
    set_params(target, index, count, params, false);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameterI4uiNV(GLenum target, GLuint index, GLuint x,
                                                       GLuint y, GLuint z, GLuint w)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameterI4uiNV, (ctx, target, index, x, y, z, w));
    const GLuint v[4] = {x, y, z, w};
    set_params(target, index, 1, v, false);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameterI4uivNV(GLenum target, GLuint index,
                                                        const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParameterI4uivNV, (ctx, target, index, params));
    if (params)
        set_params(target, index, 1, params, false);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParametersI4uivNV(GLenum target, GLuint index,
                                                         GLsizei count, const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramEnvParametersI4uivNV, (ctx, target, index, count, params));
    set_params(target, index, count, params, false);
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterfvARB(GLenum target, GLuint index,
                                                         GLfloat *params)
{
    get_param(target, index, params, false);
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterdvARB(GLenum target, GLuint index,
                                                         GLdouble *params)
{
    GLfloat v[4];
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gp_val(*p)[4] = env_param(ctx, target, index, 1);
    if (!p || !params)
        return;
    memcpy(v, *p, sizeof v);
    for (int i = 0; i < 4; i++)
        params[i] = v[i];
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterfvARB(GLenum target, GLuint index,
                                                           GLfloat *params)
{
    get_param(target, index, params, true);
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterdvARB(GLenum target, GLuint index,
                                                           GLdouble *params)
{
    GLfloat v[4];
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    gp_val(*p)[4] = local_param(ctx, target, index, 1, &obj);
    if (!p || !params)
        return;
    memcpy(v, *p, sizeof v);
    for (int i = 0; i < 4; i++)
        params[i] = v[i];
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterIivNV(GLenum target, GLuint index,
                                                         GLint *params)
{
    get_param(target, index, params, false);
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterIuivNV(GLenum target, GLuint index,
                                                          GLuint *params)
{
    get_param(target, index, params, false);
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterIivNV(GLenum target, GLuint index,
                                                           GLint *params)
{
    get_param(target, index, params, true);
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterIuivNV(GLenum target, GLuint index,
                                                            GLuint *params)
{
    get_param(target, index, params, true);
}

/* ---- queries ------------------------------------------------------------------ */

/* Fills *out for pname; false if pname is not valid for target t. */
static bool program_iv(gl_context *ctx, int t, GLenum pname, GLint *out)
{
    const gl_program_obj *p = ctx->program[t];
    const gp_limits *lim = &ctx->limits[t];
    const gp_program_info *info = p->prog ? &p->info : NULL;
    bool fp = t == GLC_FP;
#define COUNT(field) (info ? info->field : 0)
    switch (pname) {
    case GL_PROGRAM_LENGTH_ARB:
        *out = p->string ? p->length : 0;
        return true;
    case GL_PROGRAM_FORMAT_ARB:
        *out = GL_PROGRAM_FORMAT_ASCII_ARB;
        return true;
    case GL_PROGRAM_BINDING_ARB:
        *out = (GLint)p->name;
        return true;
    case GL_PROGRAM_INSTRUCTIONS_ARB:
    case GL_PROGRAM_NATIVE_INSTRUCTIONS_ARB:
        *out = COUNT(num_instructions);
        return true;
    case GL_MAX_PROGRAM_INSTRUCTIONS_ARB:
    case GL_MAX_PROGRAM_NATIVE_INSTRUCTIONS_ARB:
        *out = lim->max_instructions;
        return true;
    case GL_PROGRAM_TEMPORARIES_ARB:
    case GL_PROGRAM_NATIVE_TEMPORARIES_ARB:
        *out = COUNT(num_temporaries);
        return true;
    case GL_MAX_PROGRAM_TEMPORARIES_ARB:
    case GL_MAX_PROGRAM_NATIVE_TEMPORARIES_ARB:
        *out = lim->max_temporaries;
        return true;
    case GL_PROGRAM_PARAMETERS_ARB:
    case GL_PROGRAM_NATIVE_PARAMETERS_ARB:
        *out = COUNT(num_parameters);
        return true;
    case GL_MAX_PROGRAM_PARAMETERS_ARB:
    case GL_MAX_PROGRAM_NATIVE_PARAMETERS_ARB:
        *out = lim->max_parameters;
        return true;
    case GL_PROGRAM_ATTRIBS_ARB:
    case GL_PROGRAM_NATIVE_ATTRIBS_ARB:
        *out = COUNT(num_attribs);
        return true;
    case GL_MAX_PROGRAM_ATTRIBS_ARB:
    case GL_MAX_PROGRAM_NATIVE_ATTRIBS_ARB:
        *out = lim->max_attribs;
        return true;
    case GL_PROGRAM_ADDRESS_REGISTERS_ARB:
    case GL_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB:
        if (fp)
            return false;
        *out = COUNT(num_address_registers);
        return true;
    case GL_MAX_PROGRAM_ADDRESS_REGISTERS_ARB:
    case GL_MAX_PROGRAM_NATIVE_ADDRESS_REGISTERS_ARB:
        if (fp)
            return false;
        *out = lim->max_address_registers;
        return true;
    case GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB:
        *out = lim->max_local_parameters;
        return true;
    case GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV:
        *out = lim->max_parameter_buffer_bindings;
        return true;
    case GL_MAX_PROGRAM_SUBROUTINE_PARAMETERS_NV: /* ARB_shader_subroutine NV5 section */
        *out = GP_MAX_SUBROUTINE_PARAMS;
        return true;
    case GL_MAX_PROGRAM_SUBROUTINE_NUM_NV:
        *out = GP_MAX_SUBROUTINE_NUM;
        return true;
    case GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV:
        *out = lim->max_parameter_buffer_size;
        return true;
    case GL_MAX_PROGRAM_ENV_PARAMETERS_ARB:
        *out = lim->max_env_parameters;
        return true;
    case GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB:
        /* native counts equal the counts in asmgl, and gp_compile enforces
         * the limits, so a loaded program is always under them */
        *out = info ? (info->num_instructions <= lim->max_instructions &&
                       info->num_temporaries <= lim->max_temporaries &&
                       info->num_parameters <= lim->max_parameters &&
                       info->num_attribs <= lim->max_attribs &&
                       info->num_address_registers <= lim->max_address_registers &&
                       (!fp || (info->num_alu_instructions <= lim->max_alu_instructions &&
                                info->num_tex_instructions <= lim->max_tex_instructions &&
                                info->num_tex_indirections <= lim->max_tex_indirections)))
                    : 0;
        return true;
    case GL_PROGRAM_ALU_INSTRUCTIONS_ARB:
    case GL_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
        if (!fp)
            return false;
        *out = COUNT(num_alu_instructions);
        return true;
    case GL_PROGRAM_TEX_INSTRUCTIONS_ARB:
    case GL_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
        if (!fp)
            return false;
        *out = COUNT(num_tex_instructions);
        return true;
    case GL_PROGRAM_TEX_INDIRECTIONS_ARB:
    case GL_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB:
        if (!fp)
            return false;
        *out = COUNT(num_tex_indirections);
        return true;
    case GL_MAX_PROGRAM_ALU_INSTRUCTIONS_ARB:
    case GL_MAX_PROGRAM_NATIVE_ALU_INSTRUCTIONS_ARB:
        if (!fp)
            return false;
        *out = lim->max_alu_instructions;
        return true;
    case GL_MAX_PROGRAM_TEX_INSTRUCTIONS_ARB:
    case GL_MAX_PROGRAM_NATIVE_TEX_INSTRUCTIONS_ARB:
        if (!fp)
            return false;
        *out = lim->max_tex_instructions;
        return true;
    case GL_MAX_PROGRAM_TEX_INDIRECTIONS_ARB:
    case GL_MAX_PROGRAM_NATIVE_TEX_INDIRECTIONS_ARB:
        if (!fp)
            return false;
        *out = lim->max_tex_indirections;
        return true;
    /* NV_vertex_program2_option / NV_fragment_program2 flow-control limits */
    case GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV:
        *out = lim->max_exec_instructions;
        return true;
    case GL_MAX_PROGRAM_CALL_DEPTH_NV:
        *out = lim->max_call_depth;
        return true;
    case GL_MAX_PROGRAM_IF_DEPTH_NV:
        *out = lim->max_if_depth;
        return true;
    case GL_MAX_PROGRAM_LOOP_DEPTH_NV:
        *out = lim->max_loop_depth;
        return true;
    case GL_MAX_PROGRAM_LOOP_COUNT_NV:
        *out = lim->max_loop_count;
        return true;
    /* NV_gpu_program4 section 6.1.12: components are counted as whole
     * vectors for attributes (4 per binding read) and by write mask for
     * results (glprog's num_result_components); the limits cover every
     * slot a program of the target can name, so no program exceeds them */
    case GL_PROGRAM_ATTRIB_COMPONENTS_NV:
        *out = info ? 4 * __builtin_popcountll(info->inputs_read) : 0;
        return true;
    case GL_PROGRAM_RESULT_COMPONENTS_NV:
        *out = COUNT(num_result_components);
        return true;
    case GL_MAX_PROGRAM_ATTRIB_COMPONENTS_NV:
        *out = 4 * (t == GLC_VP                    ? GP_VIN_SLOTS
                    : t == GLC_GP                  ? 6 * GP_VARY_COUNT
                    : t == GLC_TCP || t == GLC_TEP ? GP_MAX_PATCH_VERTICES * GP_VARY_COUNT
                                                   : GP_VARY_COUNT);
        return true;
    case GL_MAX_PROGRAM_RESULT_COMPONENTS_NV:
        *out = 4 * (fp ? GP_FOUT_COUNT : GP_VARY_COUNT);
        return true;
    case GL_MAX_PROGRAM_GENERIC_ATTRIBS_NV: /* vertex.attrib[n] / fragment.attrib[n] */
        *out = t == GLC_VP ? GP_VIN_COUNT : 32;
        return true;
    case GL_MAX_PROGRAM_GENERIC_RESULTS_NV: /* result.attrib[n] / result.color[n] */
        *out = fp ? lim->max_draw_buffers : 32;
        return true;
    /* NV_tessellation_program5: generic patch attributes
     * (LIM.TESS5.PATCHATTR); asmgl answers for every target, as the spec
     * names no restriction */
    case GL_MAX_PROGRAM_PATCH_ATTRIBS_NV:
        *out = GP_MAX_PATCH_ATTRIBS;
        return true;
    /* NV_geometry_program4 section 2.14.6.4 and its Errors: the first two
     * are INVALID_ENUM for other targets */
    case GL_MAX_PROGRAM_OUTPUT_VERTICES_NV:
        if (t != GLC_GP)
            return false;
        *out = lim->max_output_vertices;
        return true;
    case GL_MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV:
        if (t != GLC_GP)
            return false;
        *out = lim->max_total_output_components;
        return true;
    case GL_GEOMETRY_VERTICES_OUT_EXT:
        if (t != GLC_GP)
            return false;
        *out = info ? p->vertex_limit : 0;
        return true;
    case GL_GEOMETRY_INPUT_TYPE_EXT:
    case GL_GEOMETRY_OUTPUT_TYPE_EXT: {
        if (t != GLC_GP)
            return false;
        static const GLenum prim_enum[] = {
            [GP_PRIM_NONE] = 0,
            [GP_PRIM_POINTS] = GL_POINTS,
            [GP_PRIM_LINES] = GL_LINES,
            [GP_PRIM_LINES_ADJACENCY] = GL_LINES_ADJACENCY_EXT,
            [GP_PRIM_TRIANGLES] = GL_TRIANGLES,
            [GP_PRIM_TRIANGLES_ADJACENCY] = GL_TRIANGLES_ADJACENCY_EXT,
            [GP_PRIM_LINE_STRIP] = GL_LINE_STRIP,
            [GP_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
        };
        unsigned prim = info ? (pname == GL_GEOMETRY_INPUT_TYPE_EXT ? info->gs_primitive_in
                                                                     : info->gs_primitive_out)
                             : GP_PRIM_NONE;
        *out = prim < sizeof prim_enum / sizeof prim_enum[0] ? (GLint)prim_enum[prim] : 0;
        return true;
    }
    default:
        return false;
    }
#undef COUNT
}

/* NV_geometry_program4 section 2.14.6.4: a new vertex limit for the current
 * geometry program.  INVALID_VALUE if limit <= 0, limit >=
 * MAX_PROGRAM_OUTPUT_VERTICES_NV (the spec's words: "greater than or equal
 * to") or limit times the program's result components exceeds
 * MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV; INVALID_OPERATION if the current
 * geometry program has not been loaded.  The rasterizer emits what the
 * program EMITs (the spec lets EMITs past the limit have effect or not). */
GLAPI_EXPORT void APIENTRY glProgramVertexLimitNV(GLenum target, GLint limit)
{
    GL_CTX();
    GL_DLIST_SAVE(glProgramVertexLimitNV, (ctx, target, limit));
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_GEOMETRY_PROGRAM_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_program_obj *p = ctx->program[GLC_GP];
    const gp_limits *lim = &ctx->limits[GLC_GP];
    if (limit <= 0 || limit >= lim->max_output_vertices ||
        (p->prog && (long long)limit * p->info.num_result_components > lim->max_total_output_components)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!p->prog) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    p->vertex_limit = limit;
}

GLAPI_EXPORT void APIENTRY glGetProgramivARB(GLenum target, GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    GLint v;
    if (!program_iv(ctx, t, pname, &v)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = v;
}

GLAPI_EXPORT void APIENTRY glGetProgramStringARB(GLenum target, GLenum pname, void *string)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    if (pname != GL_PROGRAM_STRING_ARB) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const gl_program_obj *p = ctx->program[t];
    if (string && p->string && p->length)
        memcpy(string, p->string, (size_t)p->length);
}
