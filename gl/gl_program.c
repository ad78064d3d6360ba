/*
 * gl_program.c - the ARB_vertex_program / ARB_fragment_program program API
 * (API thread): program objects, ProgramStringARB (compiled by glprog/),
 * env/local parameters (plus EXT_gpu_program_parameters), and the program
 * queries of ARB_vertex_program section 6.1.12 / ARB_fragment_program 6.1.12.
 */
#include "gl_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gl_program_target_index(GLenum target)
{
    switch (target) {
    case GL_VERTEX_PROGRAM_ARB:
        return GLC_VP;
    case GL_FRAGMENT_PROGRAM_ARB:
        return GLC_FP;
    default:
        return -1;
    }
}

static GLenum target_enum(int t)
{
    return t == GLC_VP ? GL_VERTEX_PROGRAM_ARB : GL_FRAGMENT_PROGRAM_ARB;
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
    ctx->program_error_string = calloc(1, 1);
    return ctx->program_error_string != NULL;
}

static void free_one(GLuint name, void *value, void *user)
{
    (void)name;
    (void)user;
    if (value != GL_NAME_RESERVED) {
        gl_program_obj_release(value);
        free(value);
    }
}

void gl_program_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->programs, free_one, NULL);
    gl_names_free(&ctx->programs);
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
    GL_OUTSIDE_BEGIN(ctx, );
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (n && programs && !gl_names_gen(&ctx->programs, n, programs))
        gl_error(ctx, GL_OUT_OF_MEMORY);
}

GLAPI_EXPORT void APIENTRY glDeleteProgramsARB(GLsizei n, const GLuint *programs)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!programs)
        return;
    for (GLsizei i = 0; i < n; i++) {
        GLuint name = programs[i];
        void *v = gl_names_lookup(&ctx->programs, name);
        if (!v)
            continue;
        if (v != GL_NAME_RESERVED) {
            gl_program_obj *p = v;
            /* a bound object is first unbound (section 2.14.1) */
            for (int t = 0; t < GLC_PROGRAM_TARGETS; t++)
                if (ctx->program[t] == p) {
                    ctx->program[t] = &ctx->program_default[t];
                    gl_state_changed(ctx);
                }
            /* the rasterizer copies what it needs from a program only until
             * the scene runs: flush before freeing the code it executes */
            gl_draw_flush(ctx);
            gl_program_obj_release(p);
            free(p);
        }
        gl_names_remove(&ctx->programs, name);
    }
}

GLAPI_EXPORT void APIENTRY glBindProgramARB(GLenum target, GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int t = check_target(ctx, target);
    if (t < 0)
        return;
    gl_program_obj *p;
    if (program == 0) {
        p = &ctx->program_default[t];
    } else {
        void *v = gl_names_lookup(&ctx->programs, program);
        if (v && v != GL_NAME_RESERVED) {
            p = v;
            if (p->target != target) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
        } else {
            p = program_new(ctx, program, t);
            if (!p || !gl_names_insert(&ctx->programs, program, p)) {
                if (p)
                    gl_program_obj_release(p);
                free(p);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
    }
    ctx->program[t] = p;
}

GLAPI_EXPORT GLboolean APIENTRY glIsProgramARB(GLuint program)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->programs, program);
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
    gp_stage stage = t == GLC_VP ? GP_STAGE_VERTEX : GP_STAGE_FRAGMENT;
    gp_program *p = gp_compile(text, len, stage, &ctx->limits[t], err);
    if (p && query_info) {
        *query_info = *gp_program_get_info(p);
        query_info->params = NULL;
    }
    return p;
}

static void set_error_string(gl_context *ctx, const char *s)
{
    char *copy = strdup(s);
    if (!copy)
        return;
    free(ctx->program_error_string);
    ctx->program_error_string = copy;
}

GLAPI_EXPORT void APIENTRY glProgramStringARB(GLenum target, GLenum format, GLsizei len,
                                              const void *string)
{
    GL_CTX();
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
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    if (len)
        memcpy(copy, string, (size_t)len);
    copy[len] = 0;
    gl_program_obj *p = ctx->program[t];
    /* the old code may still be referenced by a queued draw */
    if (p->prog)
        gl_draw_flush(ctx);
    gp_program_free(p->prog);
    free(p->string);
    p->prog = prog;
    p->info = qinfo;
    p->string = copy;
    p->length = len;
    p->params_prog = NULL;
    ctx->program_error_position = -1;
    set_error_string(ctx, err.msg); /* warnings, or "" */
    gl_state_changed(ctx);
}

/* ---- parameters --------------------------------------------------------------- */

static float (*env_param(gl_context *ctx, GLenum target, GLuint index, GLsizei count))[4]
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

static float (*local_param(gl_context *ctx, GLenum target, GLuint index, GLsizei count,
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

static void set_env(GLenum target, GLuint index, float x, float y, float z, float w)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    float(*p)[4] = env_param(ctx, target, index, 1);
    if (!p)
        return;
    (*p)[0] = x;
    (*p)[1] = y;
    (*p)[2] = z;
    (*p)[3] = w;
    gl_state_changed(ctx);
}

static void set_local(GLenum target, GLuint index, float x, float y, float z, float w)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    float(*p)[4] = local_param(ctx, target, index, 1, &obj);
    if (!p)
        return;
    (*p)[0] = x;
    (*p)[1] = y;
    (*p)[2] = z;
    (*p)[3] = w;
    obj->local_serial++;
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4fARB(GLenum target, GLuint index, GLfloat x,
                                                      GLfloat y, GLfloat z, GLfloat w)
{
    set_env(target, index, x, y, z, w);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4fvARB(GLenum target, GLuint index,
                                                       const GLfloat *v)
{
    if (v)
        set_env(target, index, v[0], v[1], v[2], v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4dARB(GLenum target, GLuint index, GLdouble x,
                                                      GLdouble y, GLdouble z, GLdouble w)
{
    set_env(target, index, (float)x, (float)y, (float)z, (float)w);
}

GLAPI_EXPORT void APIENTRY glProgramEnvParameter4dvARB(GLenum target, GLuint index,
                                                       const GLdouble *v)
{
    if (v)
        set_env(target, index, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4fARB(GLenum target, GLuint index, GLfloat x,
                                                        GLfloat y, GLfloat z, GLfloat w)
{
    set_local(target, index, x, y, z, w);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4fvARB(GLenum target, GLuint index,
                                                         const GLfloat *v)
{
    if (v)
        set_local(target, index, v[0], v[1], v[2], v[3]);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4dARB(GLenum target, GLuint index, GLdouble x,
                                                        GLdouble y, GLdouble z, GLdouble w)
{
    set_local(target, index, (float)x, (float)y, (float)z, (float)w);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameter4dvARB(GLenum target, GLuint index,
                                                         const GLdouble *v)
{
    if (v)
        set_local(target, index, (float)v[0], (float)v[1], (float)v[2], (float)v[3]);
}

/* EXT_gpu_program_parameters: count consecutive parameters; INVALID_VALUE if
 * count < 0 or index + count exceeds the array. */
GLAPI_EXPORT void APIENTRY glProgramEnvParameters4fvEXT(GLenum target, GLuint index,
                                                        GLsizei count, const GLfloat *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    float(*p)[4] = env_param(ctx, target, index, count);
    if (!p || !params)
        return;
    memcpy(p, params, (size_t)count * 16);
    gl_state_changed(ctx);
}

GLAPI_EXPORT void APIENTRY glProgramLocalParameters4fvEXT(GLenum target, GLuint index,
                                                          GLsizei count, const GLfloat *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    float(*p)[4] = local_param(ctx, target, index, count, &obj);
    if (!p || !params)
        return;
    memcpy(p, params, (size_t)count * 16);
    obj->local_serial++;
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterfvARB(GLenum target, GLuint index,
                                                         GLfloat *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    float(*p)[4] = env_param(ctx, target, index, 1);
    if (p && params)
        memcpy(params, *p, 16);
}

GLAPI_EXPORT void APIENTRY glGetProgramEnvParameterdvARB(GLenum target, GLuint index,
                                                         GLdouble *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    float(*p)[4] = env_param(ctx, target, index, 1);
    if (p && params)
        for (int i = 0; i < 4; i++)
            params[i] = (*p)[i];
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterfvARB(GLenum target, GLuint index,
                                                           GLfloat *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    float(*p)[4] = local_param(ctx, target, index, 1, &obj);
    if (p && params)
        memcpy(params, *p, 16);
}

GLAPI_EXPORT void APIENTRY glGetProgramLocalParameterdvARB(GLenum target, GLuint index,
                                                           GLdouble *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    gl_program_obj *obj;
    float(*p)[4] = local_param(ctx, target, index, 1, &obj);
    if (p && params)
        for (int i = 0; i < 4; i++)
            params[i] = (*p)[i];
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
    default:
        return false;
    }
#undef COUNT
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
