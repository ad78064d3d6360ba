/*
 * gl_glsl.c - GL 2.0's shader and program objects (section 2.15), as an
 * implementation without a GLSL compiler answers them.
 *
 * asmgl reports GL 3.0 (for the rest of 2.0 - 3.0) but runs only assembly
 * programs.  Programs written for GL 2.0 call CreateShader & co. without
 * asking for a GLSL version first (piglit's piglit_build_simple_program
 * checks only "GL >= 2.0").  Without these entry points libglvnd's dispatch
 * stubs answer for asmgl and do nothing, so such programs read their own
 * uninitialised status and info-log variables: garbage logs, random
 * "compiled" results.  Here the objects exist and behave as GL 2.0 says,
 * with every compilation failing (COMPILE_STATUS FALSE, a log saying why)
 * and so every link failing (LINK_STATUS FALSE).  A program object that
 * never linked cannot be made current (UseProgram: INVALID_OPERATION), so
 * no GLSL ever runs and nothing is drawn with a half-made program.
 *
 * Shader and program objects share one name space (2.15.1), separate from
 * the ARB program names (ARB_vertex_program's GenProgramsARB).
 * GL_SHADING_LANGUAGE_VERSION says "0.00" (gl_get.c).
 */
#include "gl_priv.h"

#include <stdlib.h>
#include <string.h>

typedef struct glsl_obj {
    GLenum type; /* VERTEX_SHADER / FRAGMENT_SHADER, or 0 for a program */
    bool linked_once; /* never: no compiler */
    bool delete_pending;
    int attached; /* shaders: programs it is attached to */
    GLuint shaders[8]; /* programs: attached shaders */
    int nshaders;
} glsl_obj;

static const char compile_log[] =
    "asmgl: GLSL is not supported (OpenGL assembly programs only: "
    "ARB_vertex_program, ARB_fragment_program, NV_gpu_program4)";
static const char link_log[] =
    "asmgl: GLSL is not supported: no shader compiled, so no program links";

static glsl_obj *lookup(gl_context *ctx, GLuint name)
{
    if (!name)
        return NULL;
    void *v = gl_names_lookup(&ctx->glsl_objects, name);
    return v && v != GL_NAME_RESERVED ? v : NULL;
}

/* 2.15.1 / 2.15.2: a name that is neither is INVALID_VALUE; one of the
 * other kind INVALID_OPERATION. */
static glsl_obj *get_obj(gl_context *ctx, GLuint name, bool want_program)
{
    glsl_obj *o = lookup(ctx, name);
    if (!o) {
        gl_error(ctx, GL_INVALID_VALUE);
        return NULL;
    }
    if ((o->type == 0) != want_program) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return o;
}

static GLuint create(gl_context *ctx, GLenum type)
{
    GLuint name;
    if (!gl_names_gen(&ctx->glsl_objects, 1, &name)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    glsl_obj *o = calloc(1, sizeof *o);
    if (!o || !gl_names_insert(&ctx->glsl_objects, name, o)) {
        free(o);
        gl_names_remove(&ctx->glsl_objects, name);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return 0;
    }
    o->type = type;
    return name;
}

static void destroy(gl_context *ctx, GLuint name)
{
    free(gl_names_lookup(&ctx->glsl_objects, name));
    gl_names_remove(&ctx->glsl_objects, name);
}

static void free_one(GLuint name, void *value, void *user)
{
    (void)name;
    (void)user;
    if (value != GL_NAME_RESERVED)
        free(value);
}

void gl_glsl_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->glsl_objects, free_one, NULL);
    gl_names_free(&ctx->glsl_objects);
}

/* Copies a log as GetShaderInfoLog does (2.15.3 / 6.1.14): at most
 * bufSize - 1 characters and a NUL; length gets the count without it. */
static void copy_log(const char *log, GLsizei bufsize, GLsizei *length, GLchar *out)
{
    GLsizei n = 0;
    if (bufsize > 0 && out) {
        n = (GLsizei)strlen(log);
        if (n > bufsize - 1)
            n = bufsize - 1;
        memcpy(out, log, (size_t)n);
        out[n] = '\0';
    }
    if (length)
        *length = n;
}

GLAPI_EXPORT GLuint APIENTRY glCreateShader(GLenum type)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (type != GL_VERTEX_SHADER && type != GL_FRAGMENT_SHADER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    return create(ctx, type);
}

GLAPI_EXPORT GLuint APIENTRY glCreateProgram(void)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    return create(ctx, 0);
}

GLAPI_EXPORT void APIENTRY glShaderSource(GLuint shader, GLsizei count, const GLchar *const *string,
                                          const GLint *length)
{
    (void)string;
    (void)length;
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, shader, false))
        return;
    if (count < 0)
        gl_error(ctx, GL_INVALID_VALUE);
    /* the source is not kept: nothing can compile it */
}

GLAPI_EXPORT void APIENTRY glCompileShader(GLuint shader)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    get_obj(ctx, shader, false); /* compiles to COMPILE_STATUS FALSE */
}

GLAPI_EXPORT void APIENTRY glDeleteShader(GLuint shader)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!shader)
        return; /* 2.15.1: silently ignored */
    glsl_obj *o = get_obj(ctx, shader, false);
    if (!o)
        return;
    if (o->attached)
        o->delete_pending = true; /* freed when the last program detaches */
    else
        destroy(ctx, shader);
}

static void detach(gl_context *ctx, glsl_obj *p, int i)
{
    glsl_obj *s = lookup(ctx, p->shaders[i]);
    GLuint sname = p->shaders[i];
    p->shaders[i] = p->shaders[--p->nshaders];
    if (s && --s->attached == 0 && s->delete_pending)
        destroy(ctx, sname);
}

GLAPI_EXPORT void APIENTRY glDeleteProgram(GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!program)
        return;
    glsl_obj *p = get_obj(ctx, program, true);
    if (!p)
        return;
    while (p->nshaders)
        detach(ctx, p, p->nshaders - 1);
    destroy(ctx, program); /* never current: UseProgram refuses it */
}

GLAPI_EXPORT GLboolean APIENTRY glIsShader(GLuint shader)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    glsl_obj *o = lookup(ctx, shader);
    return o && o->type != 0;
}

GLAPI_EXPORT GLboolean APIENTRY glIsProgram(GLuint program)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    glsl_obj *o = lookup(ctx, program);
    return o && o->type == 0;
}

GLAPI_EXPORT void APIENTRY glAttachShader(GLuint program, GLuint shader)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    glsl_obj *p = get_obj(ctx, program, true);
    if (!p)
        return;
    glsl_obj *s = get_obj(ctx, shader, false);
    if (!s)
        return;
    for (int i = 0; i < p->nshaders; i++)
        if (p->shaders[i] == shader) {
            gl_error(ctx, GL_INVALID_OPERATION); /* already attached */
            return;
        }
    if (p->nshaders == (int)(sizeof p->shaders / sizeof p->shaders[0])) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    p->shaders[p->nshaders++] = shader;
    s->attached++;
}

GLAPI_EXPORT void APIENTRY glDetachShader(GLuint program, GLuint shader)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    glsl_obj *p = get_obj(ctx, program, true);
    if (!p || !get_obj(ctx, shader, false))
        return;
    for (int i = 0; i < p->nshaders; i++)
        if (p->shaders[i] == shader) {
            detach(ctx, p, i);
            return;
        }
    gl_error(ctx, GL_INVALID_OPERATION); /* not attached */
}

GLAPI_EXPORT void APIENTRY glLinkProgram(GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    get_obj(ctx, program, true); /* links to LINK_STATUS FALSE */
}

GLAPI_EXPORT void APIENTRY glValidateProgram(GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    get_obj(ctx, program, true);
}

/* 2.15.3: a program object that did not link successfully cannot be made
 * current (INVALID_OPERATION); 0 is "no program", which asmgl always is. */
GLAPI_EXPORT void APIENTRY glUseProgram(GLuint program)
{
    GL_CTX();
    GL_DLIST_SAVE(glUseProgram, (ctx, program));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!program)
        return;
    if (get_obj(ctx, program, true))
        gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glGetShaderiv(GLuint shader, GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    glsl_obj *o = get_obj(ctx, shader, false);
    if (!o)
        return;
    switch (pname) {
    case GL_SHADER_TYPE:
        *params = (GLint)o->type;
        break;
    case GL_DELETE_STATUS:
        *params = o->delete_pending;
        break;
    case GL_COMPILE_STATUS:
        *params = GL_FALSE;
        break;
    case GL_INFO_LOG_LENGTH:
        *params = (GLint)sizeof compile_log; /* with the NUL */
        break;
    case GL_SHADER_SOURCE_LENGTH:
        *params = 0;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
    }
}

GLAPI_EXPORT void APIENTRY glGetProgramiv(GLuint program, GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    glsl_obj *o = get_obj(ctx, program, true);
    if (!o)
        return;
    switch (pname) {
    case GL_DELETE_STATUS:
    case GL_LINK_STATUS:
    case GL_VALIDATE_STATUS:
    case GL_ACTIVE_ATTRIBUTES:
    case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
    case GL_ACTIVE_UNIFORMS:
    case GL_ACTIVE_UNIFORM_MAX_LENGTH:
        *params = 0;
        break;
    case GL_ATTACHED_SHADERS:
        *params = o->nshaders;
        break;
    case GL_INFO_LOG_LENGTH:
        *params = (GLint)sizeof link_log;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
    }
}

GLAPI_EXPORT void APIENTRY glGetShaderInfoLog(GLuint shader, GLsizei bufSize, GLsizei *length,
                                              GLchar *infoLog)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, shader, false))
        return;
    if (bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    copy_log(compile_log, bufSize, length, infoLog);
}

GLAPI_EXPORT void APIENTRY glGetProgramInfoLog(GLuint program, GLsizei bufSize, GLsizei *length,
                                               GLchar *infoLog)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, program, true))
        return;
    if (bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    copy_log(link_log, bufSize, length, infoLog);
}

/* 2.15.3: locations of a program that did not link: INVALID_OPERATION,
 * and -1 (no such uniform / attribute). */
static GLint unlinked_location(GLuint program)
{
    GL_CTX(-1);
    GL_OUTSIDE_BEGIN(ctx, -1);
    if (get_obj(ctx, program, true))
        gl_error(ctx, GL_INVALID_OPERATION);
    return -1;
}

GLAPI_EXPORT GLint APIENTRY glGetUniformLocation(GLuint program, const GLchar *name)
{
    (void)name;
    return unlinked_location(program);
}

GLAPI_EXPORT GLint APIENTRY glGetAttribLocation(GLuint program, const GLchar *name)
{
    (void)name;
    return unlinked_location(program);
}

GLAPI_EXPORT void APIENTRY glBindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
    (void)name;
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, program, true))
        return;
    if (index >= GLC_MAX_ATTRIBS)
        gl_error(ctx, GL_INVALID_VALUE);
}

/* 2.15.3 Uniform*: with no current program (asmgl never has one) a
 * location other than -1 is INVALID_OPERATION; -1 is silently ignored. */
static void uniform(GLint location)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (location != -1)
        gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glUniform1i(GLint location, GLint v0)
{
    GL_CTX();
    GL_DLIST_SAVE(glUniform1i, (ctx, location, v0));
    (void)v0;
    uniform(location);
}

GLAPI_EXPORT void APIENTRY glUniform1f(GLint location, GLfloat v0)
{
    GL_CTX();
    GL_DLIST_SAVE(glUniform1f, (ctx, location, v0));
    (void)v0;
    uniform(location);
}

GLAPI_EXPORT void APIENTRY glUniform4f(GLint location, GLfloat v0, GLfloat v1, GLfloat v2,
                                       GLfloat v3)
{
    GL_CTX();
    GL_DLIST_SAVE(glUniform4f, (ctx, location, v0, v1, v2, v3));
    (void)v0;
    (void)v1;
    (void)v2;
    (void)v3;
    uniform(location);
}

GLAPI_EXPORT void APIENTRY glUniform1iv(GLint location, GLsizei count, const GLint *value)
{
    GL_CTX();
    GL_DLIST_SAVE(glUniform1iv, (ctx, location, count, value));
    (void)count;
    (void)value;
    uniform(location);
}

GLAPI_EXPORT void APIENTRY glUniform4fv(GLint location, GLsizei count, const GLfloat *value)
{
    GL_CTX();
    GL_DLIST_SAVE(glUniform4fv, (ctx, location, count, value));
    (void)count;
    (void)value;
    uniform(location);
}

GLAPI_EXPORT void APIENTRY glGetAttachedShaders(GLuint program, GLsizei maxCount, GLsizei *count,
                                                GLuint *shaders)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    glsl_obj *p = get_obj(ctx, program, true);
    if (!p)
        return;
    if (maxCount < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLsizei n = 0;
    for (; n < maxCount && n < p->nshaders && shaders; n++)
        shaders[n] = p->shaders[n];
    if (count)
        *count = n;
}

/* The source is not kept (nothing compiles it): an empty string. */
GLAPI_EXPORT void APIENTRY glGetShaderSource(GLuint shader, GLsizei bufSize, GLsizei *length,
                                             GLchar *source)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, shader, false))
        return;
    if (bufSize < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    copy_log("", bufSize, length, source);
}

/* A program that never linked has no active uniforms or attributes: any
 * index is >= ACTIVE_UNIFORMS / ACTIVE_ATTRIBUTES (0), INVALID_VALUE. */
static void get_active(GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (get_obj(ctx, program, true))
        gl_error(ctx, GL_INVALID_VALUE);
}

GLAPI_EXPORT void APIENTRY glGetActiveUniform(GLuint program, GLuint index, GLsizei bufSize,
                                              GLsizei *length, GLint *size, GLenum *type,
                                              GLchar *name)
{
    (void)index, (void)bufSize, (void)length, (void)size, (void)type, (void)name;
    get_active(program);
}

GLAPI_EXPORT void APIENTRY glGetActiveAttrib(GLuint program, GLuint index, GLsizei bufSize,
                                             GLsizei *length, GLint *size, GLenum *type,
                                             GLchar *name)
{
    (void)index, (void)bufSize, (void)length, (void)size, (void)type, (void)name;
    get_active(program);
}

/* GetUniform* of a program that did not link: INVALID_OPERATION (6.1.14). */
static void get_uniform(GLuint program)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (get_obj(ctx, program, true))
        gl_error(ctx, GL_INVALID_OPERATION);
}

GLAPI_EXPORT void APIENTRY glGetUniformfv(GLuint program, GLint location, GLfloat *params)
{
    (void)location, (void)params;
    get_uniform(program);
}

GLAPI_EXPORT void APIENTRY glGetUniformiv(GLuint program, GLint location, GLint *params)
{
    (void)location, (void)params;
    get_uniform(program);
}

/* ---- GL 3.0's additions (sections 2.20.3, 2.20.6, 3.12.2) ------------------------
 *
 * Unsigned uniforms, fragment data locations and transform feedback
 * varyings, answered for program objects that never link: values go
 * nowhere (no current program), locations are -1 after the checks, and a
 * program has no transform feedback varyings. */

/* Uniform{1,2,3,4}ui{,v}: as the other Uniform* commands. */
#define UNIFORM_UI(n, params, ...)                                                         \
    GLAPI_EXPORT void APIENTRY glUniform##n##ui params                                     \
    {                                                                                      \
        __VA_ARGS__;                                                                       \
        uniform(location);                                                                 \
    }                                                                                      \
    GLAPI_EXPORT void APIENTRY glUniform##n##uiv(GLint location, GLsizei count,            \
                                                 const GLuint *value)                      \
    {                                                                                      \
        (void)count, (void)value;                                                          \
        uniform(location);                                                                 \
    }
UNIFORM_UI(1, (GLint location, GLuint v0), (void)v0)
UNIFORM_UI(2, (GLint location, GLuint v0, GLuint v1), (void)v0, (void)v1)
UNIFORM_UI(3, (GLint location, GLuint v0, GLuint v1, GLuint v2), (void)v0, (void)v1, (void)v2)
UNIFORM_UI(4, (GLint location, GLuint v0, GLuint v1, GLuint v2, GLuint v3), (void)v0, (void)v1,
           (void)v2, (void)v3)
#undef UNIFORM_UI

GLAPI_EXPORT void APIENTRY glGetUniformuiv(GLuint program, GLint location, GLuint *params)
{
    (void)location, (void)params;
    get_uniform(program);
}

/* 3.12.2: the binding takes effect at the next link (which fails here);
 * colorNumber at least MAX_DRAW_BUFFERS is INVALID_VALUE, a name starting
 * with "gl_" INVALID_OPERATION. */
GLAPI_EXPORT void APIENTRY glBindFragDataLocation(GLuint program, GLuint colorNumber,
                                                  const GLchar *name)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, program, true))
        return;
    if (colorNumber >= GLC_MAX_DRAW_BUFFERS)
        gl_error(ctx, GL_INVALID_VALUE);
    else if (name && strncmp(name, "gl_", 3) == 0)
        gl_error(ctx, GL_INVALID_OPERATION);
}

/* Of a program that did not link: INVALID_OPERATION, -1 (3.12.2). */
GLAPI_EXPORT GLint APIENTRY glGetFragDataLocation(GLuint program, const GLchar *name)
{
    (void)name;
    return unlinked_location(program);
}

/* 2.20.6 (GL 3.0 numbering 2.15.3 "Transform Feedback"): recorded for the
 * next link, which fails; bufferMode other than INTERLEAVED_ATTRIBS or
 * SEPARATE_ATTRIBS is INVALID_ENUM, more separate varyings than
 * MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS INVALID_VALUE. */
GLAPI_EXPORT void APIENTRY glTransformFeedbackVaryings(GLuint program, GLsizei count,
                                                       const GLchar *const *varyings,
                                                       GLenum bufferMode)
{
    (void)varyings;
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (!get_obj(ctx, program, true))
        return;
    if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS)
        gl_error(ctx, GL_INVALID_ENUM);
    else if (count < 0 ||
             (bufferMode == GL_SEPARATE_ATTRIBS && count > GLC_MAX_TF_SEPARATE_ATTRIBS))
        gl_error(ctx, GL_INVALID_VALUE);
}

/* A program that never linked has no transform feedback varyings: any
 * index is INVALID_VALUE. */
GLAPI_EXPORT void APIENTRY glGetTransformFeedbackVarying(GLuint program, GLuint index,
                                                         GLsizei bufSize, GLsizei *length,
                                                         GLsizei *size, GLenum *type,
                                                         GLchar *name)
{
    (void)index, (void)bufSize, (void)length, (void)size, (void)type, (void)name;
    get_active(program);
}

/* ---- ARB_ES2_compatibility ------------------------------------------------------
 *
 * The OpenGL ES 2.0 shader queries, answered for asmgl's programs: every
 * stage computes in IEEE binary32 and 32-bit two's-complement integers,
 * whatever the precision qualifier. */

/* A hint that compiler resources may be freed: nothing is held. */
GLAPI_EXPORT void APIENTRY glReleaseShaderCompiler(void)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
}

/* No binary formats (NUM_SHADER_BINARY_FORMATS is 0), so every format is
 * INVALID_ENUM, after the INVALID_VALUE of a negative count or length. */
GLAPI_EXPORT void APIENTRY glShaderBinary(GLsizei count, const GLuint *shaders, GLenum binaryformat,
                                          const void *binary, GLsizei length)
{
    (void)shaders, (void)binaryformat, (void)binary;
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (count < 0 || length < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_error(ctx, GL_INVALID_ENUM);
}

/* range = log2 of the magnitudes of the smallest and largest representable
 * values, precision = log2 of the relative precision (OpenGL ES 2.0
 * section 2.10.1): binary32 is (127, 127) and 23 bits, a 32-bit integer
 * (31, 30) and exact. */
GLAPI_EXPORT void APIENTRY glGetShaderPrecisionFormat(GLenum shadertype, GLenum precisiontype,
                                                      GLint *range, GLint *precision)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLint r0, r1, p;
    switch (precisiontype) {
    case GL_LOW_FLOAT:
    case GL_MEDIUM_FLOAT:
    case GL_HIGH_FLOAT:
        r0 = r1 = 127;
        p = 23;
        break;
    case GL_LOW_INT:
    case GL_MEDIUM_INT:
    case GL_HIGH_INT:
        r0 = 31;
        r1 = 30;
        p = 0;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (range) {
        range[0] = r0;
        range[1] = r1;
    }
    if (precision)
        *precision = p;
}
