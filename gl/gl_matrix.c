/*
 * gl_matrix.c - matrix stacks, matrix maths and derived matrices (API thread).
 *
 * Matrices are column-major float[16] as GL passes them (m[col*4 + row]).
 * Each stack top carries a serial taken from ctx->state_serial when it
 * changes, so derived values (inverse, MVP) are recomputed only when their
 * sources changed (R11), and state.* parameter tables know to refresh.
 */
#include "gl_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void gl_mat_identity(float m[16])
{
    memset(m, 0, 16 * sizeof(float));
    m[0] = m[5] = m[10] = m[15] = 1.0f;
}

void gl_mat_mul(float out[16], const float a[16], const float b[16])
{
    float r[16];
    for (int c = 0; c < 4; c++)
        for (int row = 0; row < 4; row++) {
            double s = 0;
            for (int k = 0; k < 4; k++)
                s += (double)a[k * 4 + row] * b[c * 4 + k];
            r[c * 4 + row] = (float)s;
        }
    memcpy(out, r, sizeof r);
}

void gl_mat_transpose(float out[16], const float m[16])
{
    float r[16];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++)
            r[i * 4 + j] = m[j * 4 + i];
    memcpy(out, r, sizeof r);
}

void gl_mat_transform(float out[4], const float m[16], const float v[4])
{
    float r[4];
    for (int row = 0; row < 4; row++)
        r[row] = (float)((double)m[row] * v[0] + (double)m[4 + row] * v[1] +
                         (double)m[8 + row] * v[2] + (double)m[12 + row] * v[3]);
    memcpy(out, r, sizeof r);
}

/* Gauss-Jordan with partial pivoting in double precision.  A singular matrix
 * has an undefined inverse (ARB_vertex_program section 2.14.3.2); asmgl
 * returns the identity then. */
bool gl_mat_invert(float out[16], const float m[16])
{
    double a[4][8];
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++) {
            a[r][c] = m[c * 4 + r];
            a[r][c + 4] = r == c;
        }
    for (int c = 0; c < 4; c++) {
        int p = c;
        for (int r = c + 1; r < 4; r++)
            if (fabs(a[r][c]) > fabs(a[p][c]))
                p = r;
        if (a[p][c] == 0.0) {
            gl_mat_identity(out);
            return false;
        }
        if (p != c)
            for (int k = 0; k < 8; k++) {
                double t = a[p][k];
                a[p][k] = a[c][k];
                a[c][k] = t;
            }
        double inv = 1.0 / a[c][c];
        for (int k = 0; k < 8; k++)
            a[c][k] *= inv;
        for (int r = 0; r < 4; r++) {
            if (r == c || a[r][c] == 0.0)
                continue;
            double f = a[r][c];
            for (int k = 0; k < 8; k++)
                a[r][k] -= f * a[c][k];
        }
    }
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            out[c * 4 + r] = (float)a[r][c + 4];
    return true;
}

void gl_state_changed(gl_context *ctx)
{
    ctx->state_serial++;
}

bool gl_matrix_init(gl_context *ctx)
{
    for (int s = 0; s < GLC_STACK_COUNT; s++) {
        gl_matrix_stack *st = &ctx->stack[s];
        st->max = s == GLC_STACK_MODELVIEW    ? GLC_MODELVIEW_DEPTH
                  : s == GLC_STACK_PROJECTION ? GLC_PROJECTION_DEPTH
                  : s < GLC_STACK_PROGRAM0    ? GLC_TEXTURE_DEPTH
                                              : GLC_PROGRAM_DEPTH;
        st->m = calloc((size_t)st->max, sizeof *st->m);
        if (!st->m)
            return false;
        st->depth = 0;
        gl_mat_identity(st->m[0]);
        st->serial = ++ctx->state_serial;
        ctx->mcache[s].serial_inv = 0;
    }
    ctx->matrix_mode = GL_MODELVIEW;
    ctx->matrix_index = GLC_STACK_MODELVIEW;
    return true;
}

void gl_matrix_free(gl_context *ctx)
{
    for (int s = 0; s < GLC_STACK_COUNT; s++) {
        free(ctx->stack[s].m);
        ctx->stack[s].m = NULL;
    }
}

const float *gl_matrix_top(gl_context *ctx, int stack)
{
    gl_matrix_stack *st = &ctx->stack[stack];
    return st->m[st->depth];
}

const float *gl_matrix_inverse(gl_context *ctx, int stack)
{
    gl_matrix_cache *c = &ctx->mcache[stack];
    if (c->serial_inv != ctx->stack[stack].serial) {
        gl_mat_invert(c->inverse, gl_matrix_top(ctx, stack));
        c->serial_inv = ctx->stack[stack].serial;
    }
    return c->inverse;
}

/* MVP = P * M0 (ARB_vertex_program section 2.14.3.2, Table X.3.8). */
const float *gl_matrix_mvp(gl_context *ctx)
{
    uint64_t smv = ctx->stack[GLC_STACK_MODELVIEW].serial;
    uint64_t sp = ctx->stack[GLC_STACK_PROJECTION].serial;
    if (smv != ctx->mvp_serial_mv || sp != ctx->mvp_serial_p) {
        gl_mat_mul(ctx->mvp, gl_matrix_top(ctx, GLC_STACK_PROJECTION),
                   gl_matrix_top(ctx, GLC_STACK_MODELVIEW));
        ctx->mvp_serial_mv = smv;
        ctx->mvp_serial_p = sp;
        ctx->mvp_cache.serial_inv = 0;
    }
    return ctx->mvp;
}

const float *gl_matrix_mvp_inverse(gl_context *ctx)
{
    gl_matrix_mvp(ctx);
    if (ctx->mvp_cache.serial_inv == 0) {
        gl_mat_invert(ctx->mvp_cache.inverse, ctx->mvp);
        ctx->mvp_cache.serial_inv = 1;
    }
    return ctx->mvp_cache.inverse;
}

int gl_matrix_stack_for_mode(gl_context *ctx, GLenum mode)
{
    switch (mode) {
    case GL_MODELVIEW:
        return GLC_STACK_MODELVIEW;
    case GL_PROJECTION:
        return GLC_STACK_PROJECTION;
    case GL_TEXTURE:
        return ctx->active_texture < GLC_MAX_TEXTURE_UNITS
                   ? GLC_STACK_TEXTURE0 + (int)ctx->active_texture
                   : -1;
    default:
        if (mode >= GL_MATRIX0_ARB && mode < GL_MATRIX0_ARB + GLC_MAX_PROGRAM_MATRICES)
            return GLC_STACK_PROGRAM0 + (int)(mode - GL_MATRIX0_ARB);
        return -1;
    }
}

/* The stack the matrix commands act on; NULL (error recorded) when the
 * active texture unit has no texture matrix. */
static gl_matrix_stack *current_stack(gl_context *ctx)
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    int s = gl_matrix_stack_for_mode(ctx, ctx->matrix_mode);
    if (s < 0) {
        /* GL 2.1 section 2.11.2: texture matrix of a unit >= MAX_TEXTURE_COORDS */
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    ctx->matrix_index = s;
    return &ctx->stack[s];
}

static void top_changed(gl_context *ctx, gl_matrix_stack *st)
{
    st->serial = ++ctx->state_serial;
}

static void load(gl_context *ctx, const float m[16])
{
    gl_matrix_stack *st = current_stack(ctx);
    if (!st)
        return;
    memcpy(st->m[st->depth], m, 16 * sizeof(float));
    top_changed(ctx, st);
}

static void mult(gl_context *ctx, const float m[16])
{
    gl_matrix_stack *st = current_stack(ctx);
    if (!st)
        return;
    gl_mat_mul(st->m[st->depth], st->m[st->depth], m);
    top_changed(ctx, st);
}

static void dtof(float out[16], const GLdouble *m)
{
    for (int i = 0; i < 16; i++)
        out[i] = (float)m[i];
}

GLAPI_EXPORT void APIENTRY glMatrixMode(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glMatrixMode, (ctx, mode));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mode != GL_MODELVIEW && mode != GL_PROJECTION && mode != GL_TEXTURE &&
        !(mode >= GL_MATRIX0_ARB && mode < GL_MATRIX0_ARB + GLC_MAX_PROGRAM_MATRICES)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->matrix_mode = mode;
}

GLAPI_EXPORT void APIENTRY glLoadIdentity(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadIdentity, (ctx));
    float m[16];
    gl_mat_identity(m);
    load(ctx, m);
}

GLAPI_EXPORT void APIENTRY glLoadMatrixf(const GLfloat *m)
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadMatrixf, (ctx, m));
    if (!m)
        return;
    load(ctx, m);
}

GLAPI_EXPORT void APIENTRY glLoadMatrixd(const GLdouble *m)
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadMatrixd, (ctx, m));
    if (!m)
        return;
    float f[16];
    dtof(f, m);
    load(ctx, f);
}

GLAPI_EXPORT void APIENTRY glMultMatrixf(const GLfloat *m)
{
    GL_CTX();
    GL_DLIST_SAVE(glMultMatrixf, (ctx, m));
    if (!m)
        return;
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glMultMatrixd(const GLdouble *m)
{
    GL_CTX();
    GL_DLIST_SAVE(glMultMatrixd, (ctx, m));
    if (!m)
        return;
    float f[16];
    dtof(f, m);
    mult(ctx, f);
}

GLAPI_EXPORT void APIENTRY glLoadTransposeMatrixf(const GLfloat m[16])
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadTransposeMatrixf, (ctx, m));
    if (!m)
        return;
    float t[16];
    gl_mat_transpose(t, m);
    load(ctx, t);
}

GLAPI_EXPORT void APIENTRY glLoadTransposeMatrixd(const GLdouble m[16])
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadTransposeMatrixd, (ctx, m));
    if (!m)
        return;
    float f[16];
    dtof(f, m);
    gl_mat_transpose(f, f);
    load(ctx, f);
}

GLAPI_EXPORT void APIENTRY glMultTransposeMatrixf(const GLfloat m[16])
{
    GL_CTX();
    GL_DLIST_SAVE(glMultTransposeMatrixf, (ctx, m));
    if (!m)
        return;
    float t[16];
    gl_mat_transpose(t, m);
    mult(ctx, t);
}

GLAPI_EXPORT void APIENTRY glMultTransposeMatrixd(const GLdouble m[16])
{
    GL_CTX();
    GL_DLIST_SAVE(glMultTransposeMatrixd, (ctx, m));
    if (!m)
        return;
    float f[16];
    dtof(f, m);
    gl_mat_transpose(f, f);
    mult(ctx, f);
}

GL_ALIAS(void, glLoadTransposeMatrixfARB, glLoadTransposeMatrixf, (const GLfloat *m))
GL_ALIAS(void, glLoadTransposeMatrixdARB, glLoadTransposeMatrixd, (const GLdouble *m))
GL_ALIAS(void, glMultTransposeMatrixfARB, glMultTransposeMatrixf, (const GLfloat *m))
GL_ALIAS(void, glMultTransposeMatrixdARB, glMultTransposeMatrixd, (const GLdouble *m))

/* GL 2.1 section 2.11.2, Rotate: angle in degrees about (x, y, z) normalised. */
static void rotate(gl_context *ctx, double angle, double x, double y, double z)
{
    double len = sqrt(x * x + y * y + z * z);
    float m[16];
    gl_mat_identity(m);
    if (len > 0) {
        x /= len;
        y /= len;
        z /= len;
        double a = angle * (M_PI / 180.0);
        double c = cos(a), s = sin(a), t = 1.0 - c;
        m[0] = (float)(x * x * t + c);
        m[1] = (float)(y * x * t + z * s);
        m[2] = (float)(x * z * t - y * s);
        m[4] = (float)(x * y * t - z * s);
        m[5] = (float)(y * y * t + c);
        m[6] = (float)(y * z * t + x * s);
        m[8] = (float)(x * z * t + y * s);
        m[9] = (float)(y * z * t - x * s);
        m[10] = (float)(z * z * t + c);
    }
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glRotatef(GLfloat angle, GLfloat x, GLfloat y, GLfloat z)
{
    GL_CTX();
    GL_DLIST_SAVE(glRotatef, (ctx, angle, x, y, z));
    rotate(ctx, angle, x, y, z);
}

GLAPI_EXPORT void APIENTRY glRotated(GLdouble angle, GLdouble x, GLdouble y, GLdouble z)
{
    GL_CTX();
    GL_DLIST_SAVE(glRotated, (ctx, angle, x, y, z));
    rotate(ctx, angle, x, y, z);
}

static void translate(gl_context *ctx, float x, float y, float z)
{
    float m[16];
    gl_mat_identity(m);
    m[12] = x;
    m[13] = y;
    m[14] = z;
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glTranslatef(GLfloat x, GLfloat y, GLfloat z)
{
    GL_CTX();
    GL_DLIST_SAVE(glTranslatef, (ctx, x, y, z));
    translate(ctx, x, y, z);
}

GLAPI_EXPORT void APIENTRY glTranslated(GLdouble x, GLdouble y, GLdouble z)
{
    GL_CTX();
    GL_DLIST_SAVE(glTranslated, (ctx, x, y, z));
    translate(ctx, (float)x, (float)y, (float)z);
}

static void scale(gl_context *ctx, float x, float y, float z)
{
    float m[16];
    gl_mat_identity(m);
    m[0] = x;
    m[5] = y;
    m[10] = z;
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glScalef(GLfloat x, GLfloat y, GLfloat z)
{
    GL_CTX();
    GL_DLIST_SAVE(glScalef, (ctx, x, y, z));
    scale(ctx, x, y, z);
}

GLAPI_EXPORT void APIENTRY glScaled(GLdouble x, GLdouble y, GLdouble z)
{
    GL_CTX();
    GL_DLIST_SAVE(glScaled, (ctx, x, y, z));
    scale(ctx, (float)x, (float)y, (float)z);
}

GLAPI_EXPORT void APIENTRY glFrustum(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n,
                                     GLdouble f)
{
    GL_CTX();
    GL_DLIST_SAVE(glFrustum, (ctx, l, r, b, t, n, f));
    /* GL 2.1 section 2.11.2: INVALID_VALUE if n or f <= 0, l == r, b == t or n == f */
    if (n <= 0 || f <= 0 || l == r || b == t || n == f) {
        gl_error(ctx, ctx->in_begin ? GL_INVALID_OPERATION : GL_INVALID_VALUE);
        return;
    }
    float m[16] = {0};
    m[0] = (float)(2 * n / (r - l));
    m[5] = (float)(2 * n / (t - b));
    m[8] = (float)((r + l) / (r - l));
    m[9] = (float)((t + b) / (t - b));
    m[10] = (float)(-(f + n) / (f - n));
    m[11] = -1;
    m[14] = (float)(-2 * f * n / (f - n));
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glOrtho(GLdouble l, GLdouble r, GLdouble b, GLdouble t, GLdouble n,
                                   GLdouble f)
{
    GL_CTX();
    GL_DLIST_SAVE(glOrtho, (ctx, l, r, b, t, n, f));
    if (l == r || b == t || n == f) {
        gl_error(ctx, ctx->in_begin ? GL_INVALID_OPERATION : GL_INVALID_VALUE);
        return;
    }
    float m[16] = {0};
    m[0] = (float)(2 / (r - l));
    m[5] = (float)(2 / (t - b));
    m[10] = (float)(-2 / (f - n));
    m[12] = (float)(-(r + l) / (r - l));
    m[13] = (float)(-(t + b) / (t - b));
    m[14] = (float)(-(f + n) / (f - n));
    m[15] = 1;
    mult(ctx, m);
}

GLAPI_EXPORT void APIENTRY glPushMatrix(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glPushMatrix, (ctx));
    gl_matrix_stack *st = current_stack(ctx);
    if (!st)
        return;
    if (st->depth + 1 >= st->max) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return;
    }
    memcpy(st->m[st->depth + 1], st->m[st->depth], 16 * sizeof(float));
    st->depth++;
    /* the top's value is unchanged: no serial bump */
}

GLAPI_EXPORT void APIENTRY glPopMatrix(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glPopMatrix, (ctx));
    gl_matrix_stack *st = current_stack(ctx);
    if (!st)
        return;
    if (st->depth == 0) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    st->depth--;
    top_changed(ctx, st);
}
