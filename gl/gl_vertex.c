/*
 * gl_vertex.c - current vertex attributes and immediate mode (API thread).
 *
 * asmgl aliases generic and conventional attributes as NVIDIA does
 * (ARB_vertex_program Table X.2.1): position 0, normal 2, colour 3,
 * secondary colour 4, fog coordinate 5, texture coordinate n = 8 + n.  One
 * current value per slot serves glColor*, glVertexAttrib*(3, ...) alike.
 * Between glBegin and glEnd every vertex captures all slots; glEnd submits
 * them as one draw.  Conversions follow GL 2.1 Table 2.9 for normalised
 * integers.
 */
#include "gl_priv.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

void gl_vertex_init(gl_context *ctx)
{
    gl_vao_init(&ctx->vao0, 0);
    ctx->vao = &ctx->vao0;
}

void gl_vertex_free(gl_context *ctx)
{
    free(ctx->imm.verts);
    ctx->imm.verts = NULL;
    free(ctx->imm.verts_hi);
    ctx->imm.verts_hi = NULL;
    free(ctx->imm.edges);
    ctx->imm.edges = NULL;
    free(ctx->imm.mat);
    ctx->imm.mat = NULL;
    ctx->imm.cap = ctx->imm.count = 0;
}

/* ---- immediate mode -------------------------------------------------------- */

/* Vertices per primitive of the modes whose primitives are independent
 * (0 for strips, fans, loops and polygons, which must stay in one draw). */
static int independent_size(GLenum mode)
{
    switch (mode) {
    case GL_POINTS:
        return 1;
    case GL_LINES:
        return 2;
    case GL_TRIANGLES:
        return 3;
    case GL_QUADS:
        return 4;
    default:
        return 0;
    }
}

/* The value of material colour property pname of face (FRONT_AND_BACK: the
 * front one; AMBIENT_AND_DIFFUSE: the diffuse one). */
static void material_value(const gl_context *ctx, GLenum face, GLenum pname, float out[4])
{
    const gl_material *m = &ctx->material[face == GL_BACK ? 1 : 0];
    const float *v = pname == GL_AMBIENT ? m->ambient : pname == GL_SPECULAR ? m->specular
                     : pname == GL_EMISSION ? m->emission : m->diffuse;
    memcpy(out, v, 4 * sizeof(float));
}

void gl_imm_material(gl_context *ctx, GLenum face, GLenum pname)
{
    gl_imm *im = &ctx->imm;
    if (im->mat_pname == 0) {
        /* the vertices so far keep the value before this change */
        im->mat_face = face;
        im->mat_pname = pname;
        for (int v = 0; v < im->count; v++)
            material_value(ctx, face, pname, im->mat[v]);
    } else if (im->mat_face != face || im->mat_pname != pname) {
        im->mat_mixed = true;
    }
}

enum { IMM_BATCH = 1 << 16 }; /* vertices before a long Begin/End is split */

static void imm_submit(gl_context *ctx, int count)
{
    gl_imm *im = &ctx->imm;
    rast_attrib at[GP_VIN_COUNT];
    memset(at, 0, sizeof at);
    /* slots with VertexAttribL* values: 64-bit arrays (lo | hi << 32) built
     * here; the rasterizer fetches them before gl_draw_submit returns */
    uint64_t *wide = NULL;
    int nlong = __builtin_popcount(im->long_mask), k = 0;
    if (nlong && im->verts_hi) {
        wide = malloc((size_t)nlong * (size_t)count * 4 * sizeof *wide);
        if (!wide) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
    }
    for (int s = 0; s < GP_VIN_COUNT; s++) {
        at[s].enabled = true;
        at[s].ptr = &im->verts[0][s][0];
        at[s].stride = sizeof *im->verts;
        at[s].size = 4;
        at[s].type = GL_FLOAT;
        memcpy(at[s].current, ctx->current[s], sizeof at[s].current);
        memcpy(at[s].current_hi, ctx->current_hi[s], sizeof at[s].current_hi);
        if (wide && (im->long_mask >> s & 1u)) {
            uint64_t *w = wide + (size_t)k++ * (size_t)count * 4;
            for (int v = 0; v < count; v++)
                for (int c = 0; c < 4; c++) {
                    uint32_t lo;
                    memcpy(&lo, &im->verts[v][s][c], sizeof lo);
                    w[v * 4 + c] = lo | (uint64_t)im->verts_hi[v][s][c] << 32;
                }
            at[s].ptr = w;
            at[s].stride = 4 * sizeof *w;
            at[s].type = GL_DOUBLE; /* 4 components: the type's defaults never apply */
            at[s].is_long = true;
        }
    }
    ctx->imm_edge_flags = im->edges; /* each vertex's glEdgeFlag (gl_draw.c) */
    /* one material colour that varied per vertex (GL 2.1 2.14.3 allows
     * Material between Begin and End): with lighting on and COLOR_MATERIAL
     * off the vertex colour is unused, so the draw takes the per-vertex
     * material as its colour and COLOR_MATERIAL for that property */
    bool per_vertex_mat = im->mat_pname && !im->mat_mixed && ctx->lighting && !ctx->color_material;
    GLenum cm_face = ctx->color_material_face, cm_mode = ctx->color_material_mode;
    if (per_vertex_mat) {
        for (int v = 0; v < count; v++)
            memcpy(im->verts[v][GP_VIN_COLOR0], im->mat[v], sizeof im->mat[v]);
        ctx->color_material = true;
        ctx->color_material_face = im->mat_face;
        ctx->color_material_mode = im->mat_pname;
        gl_state_changed(ctx);
    }
    gl_draw_submit(ctx, im->mode, 0, count, 0, NULL, at);
    if (per_vertex_mat) {
        ctx->color_material = false;
        ctx->color_material_face = cm_face;
        ctx->color_material_mode = cm_mode;
        gl_state_changed(ctx);
    }
    ctx->imm_edge_flags = NULL;
    free(wide);
}

void gl_imm_emit_vertex(gl_context *ctx)
{
    gl_imm *im = &ctx->imm;
    /* bound memory for long runs of independent primitives: submit the
     * whole primitives so far (the rasterizer copies them) */
    int per = independent_size(im->mode);
    if (per && im->count >= IMM_BATCH && im->count % per == 0) {
        imm_submit(ctx, im->count);
        im->count = 0;
    }
    if (im->count == im->cap) {
        if (im->cap > INT_MAX / 2) { /* vertex counts are ints */
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        int cap = im->cap ? im->cap * 2 : 64;
        if ((size_t)cap > SIZE_MAX / sizeof *im->verts) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        void *v = realloc(im->verts, (size_t)cap * sizeof *im->verts);
        if (!v) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        im->verts = v;
        void *h = realloc(im->verts_hi, (size_t)cap * sizeof *im->verts_hi);
        if (!h) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        im->verts_hi = h;
        GLboolean *e = realloc(im->edges, (size_t)cap * sizeof *im->edges);
        if (!e) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        im->edges = e;
        float(*mt)[4] = realloc(im->mat, (size_t)cap * sizeof *im->mat);
        if (!mt) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        im->mat = mt;
        im->cap = cap;
    }
    if (im->count == 0)
        im->long_mask = 0;
    im->long_mask |= ctx->current_long;
    memcpy(im->verts_hi[im->count], ctx->current_hi, sizeof ctx->current_hi);
    im->edges[im->count] = ctx->edge_flag;
    if (im->mat_pname)
        material_value(ctx, im->mat_face, im->mat_pname, im->mat[im->count]);
    memcpy(im->verts[im->count++], ctx->current, sizeof ctx->current);
}

void gl_attrib4f(gl_context *ctx, GLuint slot, float x, float y, float z, float w)
{
    GL_DLIST_SAVE(attrib4f, (ctx, slot, x, y, z, w));
    float *c = ctx->current[slot];
    c[0] = x;
    c[1] = y;
    c[2] = z;
    c[3] = w;
    if (ctx->current_long >> slot & 1u) { /* no longer a VertexAttribL* value */
        memset(ctx->current_hi[slot], 0, sizeof ctx->current_hi[slot]);
        ctx->current_long &= ~(1u << slot);
    }
    if (slot == GP_VIN_POSITION) {
        /* Vertex / VertexAttrib(0) provoke a vertex; outside Begin/End the
         * result is undefined (GL 2.1 section 2.7): asmgl ignores it. */
        if (ctx->in_begin)
            gl_imm_emit_vertex(ctx);
    } else if (slot == GP_VIN_COLOR0 && ctx->color_material) {
        gl_state_color_material(ctx);
    }
}

static bool valid_mode(GLenum mode)
{
    return gl_valid_mode(mode);
}

GLAPI_EXPORT void APIENTRY glBegin(GLenum mode)
{
    GL_CTX();
    GL_DLIST_SAVE(glBegin, (ctx, mode));
    if (!valid_mode(mode)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GL_OUTSIDE_BEGIN(ctx, );
    if (!gl_draw_validate(ctx, mode))
        return;
    ctx->in_begin = true;
    ctx->imm.mode = mode;
    ctx->imm.count = 0;
    ctx->imm.mat_pname = 0;
    ctx->imm.mat_mixed = false;
}

GLAPI_EXPORT void APIENTRY glEnd(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glEnd, (ctx));
    if (!ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->in_begin = false;
    gl_imm *im = &ctx->imm;
    if (im->count > 0)
        imm_submit(ctx, im->count);
    im->count = 0;
}

/* glRect: Begin(POLYGON) (x1,y1) (x2,y1) (x2,y2) (x1,y2) End (GL 2.1 section 2.10). */
static void rect(gl_context *ctx, float x1, float y1, float x2, float y2)
{
    GL_DLIST_SAVE(glRectf, (ctx, x1, y1, x2, y2));
    GL_OUTSIDE_BEGIN(ctx, );
    if (!gl_draw_validate(ctx, GL_POLYGON))
        return;
    float save[4];
    memcpy(save, ctx->current[0], sizeof save);
    ctx->in_begin = true;
    ctx->imm.mode = GL_POLYGON;
    ctx->imm.count = 0;
    gl_attrib4f(ctx, 0, x1, y1, 0, 1);
    gl_attrib4f(ctx, 0, x2, y1, 0, 1);
    gl_attrib4f(ctx, 0, x2, y2, 0, 1);
    gl_attrib4f(ctx, 0, x1, y2, 0, 1);
    glEnd();
    memcpy(ctx->current[0], save, sizeof save);
}

#define RECT_FNS(sfx, T)                                                                   \
    GLAPI_EXPORT void APIENTRY glRect##sfx(T x1, T y1, T x2, T y2)                         \
    {                                                                                      \
        GL_CTX();                                                                          \
        rect(ctx, (float)x1, (float)y1, (float)x2, (float)y2);                             \
    }                                                                                      \
    GLAPI_EXPORT void APIENTRY glRect##sfx##v(const T *a, const T *b)                      \
    {                                                                                      \
        GL_CTX();                                                                          \
        if (a && b)                                                                        \
            rect(ctx, (float)a[0], (float)a[1], (float)b[0], (float)b[1]);                 \
    }
RECT_FNS(s, GLshort)
RECT_FNS(i, GLint)
RECT_FNS(f, GLfloat)
RECT_FNS(d, GLdouble)

/* ---- value conversions (GL 2.1 Table 2.9) --------------------------------- */

#define CV_F(c) ((float)(c))
#define CV_NB(c) ((2.0f * (float)(c) + 1.0f) / 255.0f)
#define CV_NS(c) ((2.0f * (float)(c) + 1.0f) / 65535.0f)
#define CV_NI(c) ((float)((2.0 * (double)(c) + 1.0) / 4294967295.0))
#define CV_NUB(c) ((float)(c) / 255.0f)
#define CV_NUS(c) ((float)(c) / 65535.0f)
#define CV_NUI(c) ((float)((double)(c) / 4294967295.0))

#define P1(T) T x
#define P2(T) T x, T y
#define P3(T) T x, T y, T z
#define P4(T) T x, T y, T z, T w
#define A1(C) C(x), 0.0f, 0.0f, 1.0f
#define A2(C) C(x), C(y), 0.0f, 1.0f
#define A3(C) C(x), C(y), C(z), 1.0f
#define A4(C) C(x), C(y), C(z), C(w)
#define V1(C) C(v[0]), 0.0f, 0.0f, 1.0f
#define V2(C) C(v[0]), C(v[1]), 0.0f, 1.0f
#define V3(C) C(v[0]), C(v[1]), C(v[2]), 1.0f
#define V4(C) C(v[0]), C(v[1]), C(v[2]), C(v[3])
#define V4N(C) V4(C)

/* name##n##sfx(args) and name##n##sfx##v(const T *v) setting slot SLOT */
#define ATTR_FNS(name, n, sfx, T, C, SLOT)                                                 \
    GLAPI_EXPORT void APIENTRY name##n##sfx(P##n(T))                                       \
    {                                                                                      \
        GL_CTX();                                                                          \
        gl_attrib4f(ctx, SLOT, A##n(C));                                                   \
    }                                                                                      \
    GLAPI_EXPORT void APIENTRY name##n##sfx##v(const T *v)                                 \
    {                                                                                      \
        GL_CTX();                                                                          \
        if (v)                                                                             \
            gl_attrib4f(ctx, SLOT, V##n(C));                                               \
    }

/* glVertex{2,3,4}{s,i,f,d}{,v} */
#define VERTEX_FNS(n)                                                                      \
    ATTR_FNS(glVertex, n, s, GLshort, CV_F, GP_VIN_POSITION)                               \
    ATTR_FNS(glVertex, n, i, GLint, CV_F, GP_VIN_POSITION)                                 \
    ATTR_FNS(glVertex, n, f, GLfloat, CV_F, GP_VIN_POSITION)                               \
    ATTR_FNS(glVertex, n, d, GLdouble, CV_F, GP_VIN_POSITION)
VERTEX_FNS(2)
VERTEX_FNS(3)
VERTEX_FNS(4)

/* glTexCoord{1,2,3,4}{s,i,f,d}{,v}: texture coordinate set 0 */
#define TEXCOORD_FNS(n)                                                                    \
    ATTR_FNS(glTexCoord, n, s, GLshort, CV_F, GP_VIN_TEX0)                                 \
    ATTR_FNS(glTexCoord, n, i, GLint, CV_F, GP_VIN_TEX0)                                   \
    ATTR_FNS(glTexCoord, n, f, GLfloat, CV_F, GP_VIN_TEX0)                                 \
    ATTR_FNS(glTexCoord, n, d, GLdouble, CV_F, GP_VIN_TEX0)
TEXCOORD_FNS(1)
TEXCOORD_FNS(2)
TEXCOORD_FNS(3)
TEXCOORD_FNS(4)

/* glColor{3,4}{b,s,i,f,d,ub,us,ui}{,v} */
#define COLOR_FNS(n)                                                                       \
    ATTR_FNS(glColor, n, b, GLbyte, CV_NB, GP_VIN_COLOR0)                                  \
    ATTR_FNS(glColor, n, s, GLshort, CV_NS, GP_VIN_COLOR0)                                 \
    ATTR_FNS(glColor, n, i, GLint, CV_NI, GP_VIN_COLOR0)                                   \
    ATTR_FNS(glColor, n, f, GLfloat, CV_F, GP_VIN_COLOR0)                                  \
    ATTR_FNS(glColor, n, d, GLdouble, CV_F, GP_VIN_COLOR0)                                 \
    ATTR_FNS(glColor, n, ub, GLubyte, CV_NUB, GP_VIN_COLOR0)                               \
    ATTR_FNS(glColor, n, us, GLushort, CV_NUS, GP_VIN_COLOR0)                              \
    ATTR_FNS(glColor, n, ui, GLuint, CV_NUI, GP_VIN_COLOR0)
COLOR_FNS(3)
COLOR_FNS(4)

/* glSecondaryColor3{b,s,i,f,d,ub,us,ui}{,v} (+EXT names); alpha is 1 */
ATTR_FNS(glSecondaryColor, 3, b, GLbyte, CV_NB, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, s, GLshort, CV_NS, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, i, GLint, CV_NI, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, f, GLfloat, CV_F, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, d, GLdouble, CV_F, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, ub, GLubyte, CV_NUB, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, us, GLushort, CV_NUS, GP_VIN_COLOR1)
ATTR_FNS(glSecondaryColor, 3, ui, GLuint, CV_NUI, GP_VIN_COLOR1)
#define SEC_ALIAS(sfx, T)                                                                    \
    GL_ALIAS(void, glSecondaryColor3##sfx##EXT, glSecondaryColor3##sfx, (T x, T y, T z))    \
    GL_ALIAS(void, glSecondaryColor3##sfx##vEXT, glSecondaryColor3##sfx##v, (const T *v))
SEC_ALIAS(b, GLbyte)
SEC_ALIAS(s, GLshort)
SEC_ALIAS(i, GLint)
SEC_ALIAS(f, GLfloat)
SEC_ALIAS(d, GLdouble)
SEC_ALIAS(ub, GLubyte)
SEC_ALIAS(us, GLushort)
SEC_ALIAS(ui, GLuint)

/* glNormal3{b,s,i,f,d}{,v} */
ATTR_FNS(glNormal, 3, b, GLbyte, CV_NB, GP_VIN_NORMAL)
ATTR_FNS(glNormal, 3, s, GLshort, CV_NS, GP_VIN_NORMAL)
ATTR_FNS(glNormal, 3, i, GLint, CV_NI, GP_VIN_NORMAL)
ATTR_FNS(glNormal, 3, f, GLfloat, CV_F, GP_VIN_NORMAL)
ATTR_FNS(glNormal, 3, d, GLdouble, CV_F, GP_VIN_NORMAL)

/* glFogCoord{f,d}{,v} (+EXT) */
GLAPI_EXPORT void APIENTRY glFogCoordf(GLfloat f)
{
    GL_CTX();
    gl_attrib4f(ctx, GP_VIN_FOGCOORD, f, 0, 0, 1);
}
GLAPI_EXPORT void APIENTRY glFogCoordfv(const GLfloat *f)
{
    GL_CTX();
    if (f)
        gl_attrib4f(ctx, GP_VIN_FOGCOORD, f[0], 0, 0, 1);
}
GLAPI_EXPORT void APIENTRY glFogCoordd(GLdouble f)
{
    GL_CTX();
    gl_attrib4f(ctx, GP_VIN_FOGCOORD, (float)f, 0, 0, 1);
}
GLAPI_EXPORT void APIENTRY glFogCoorddv(const GLdouble *f)
{
    GL_CTX();
    if (f)
        gl_attrib4f(ctx, GP_VIN_FOGCOORD, (float)f[0], 0, 0, 1);
}
GL_ALIAS(void, glFogCoordfEXT, glFogCoordf, (GLfloat f))
GL_ALIAS(void, glFogCoordfvEXT, glFogCoordfv, (const GLfloat *f))
GL_ALIAS(void, glFogCoorddEXT, glFogCoordd, (GLdouble f))
GL_ALIAS(void, glFogCoorddvEXT, glFogCoorddv, (const GLdouble *f))

GLAPI_EXPORT void APIENTRY glEdgeFlag(GLboolean flag)
{
    GL_CTX();
    GL_DLIST_SAVE(glEdgeFlag, (ctx, flag));
    ctx->edge_flag = flag ? GL_TRUE : GL_FALSE;
}
GLAPI_EXPORT void APIENTRY glEdgeFlagv(const GLboolean *flag)
{
    GL_CTX();
    GL_DLIST_SAVE(glEdgeFlagv, (ctx, flag));
    if (flag)
        ctx->edge_flag = *flag ? GL_TRUE : GL_FALSE;
}

/* ---- glMultiTexCoord: texture coordinate set (target - TEXTURE0) ------------ */

static int texcoord_slot(gl_context *ctx, GLenum target)
{
    if (target < GL_TEXTURE0 || target >= GL_TEXTURE0 + GLC_MAX_TEXTURE_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return -1;
    }
    return GP_VIN_TEX0 + (int)(target - GL_TEXTURE0);
}

#define MTC_FNS(n, sfx, T)                                                                 \
    GLAPI_EXPORT void APIENTRY glMultiTexCoord##n##sfx(GLenum target, P##n(T))             \
    {                                                                                      \
        GL_CTX();                                                                          \
        int s = texcoord_slot(ctx, target);                                                \
        if (s >= 0)                                                                        \
            gl_attrib4f(ctx, (GLuint)s, A##n(CV_F));                                       \
    }                                                                                      \
    GLAPI_EXPORT void APIENTRY glMultiTexCoord##n##sfx##v(GLenum target, const T *v)       \
    {                                                                                      \
        GL_CTX();                                                                          \
        int s = texcoord_slot(ctx, target);                                                \
        if (s >= 0 && v)                                                                   \
            gl_attrib4f(ctx, (GLuint)s, V##n(CV_F));                                       \
    }                                                                                      \
    GL_ALIAS(void, glMultiTexCoord##n##sfx##ARB, glMultiTexCoord##n##sfx,                  \
             (GLenum target, P##n(T)))                                                     \
    GL_ALIAS(void, glMultiTexCoord##n##sfx##vARB, glMultiTexCoord##n##sfx##v,              \
             (GLenum target, const T *v))
#define MTC_ALL(n)                                                                         \
    MTC_FNS(n, s, GLshort)                                                                 \
    MTC_FNS(n, i, GLint)                                                                   \
    MTC_FNS(n, f, GLfloat)                                                                 \
    MTC_FNS(n, d, GLdouble)
MTC_ALL(1)
MTC_ALL(2)
MTC_ALL(3)
MTC_ALL(4)

/* ---- glVertexAttrib*ARB (ARB_vertex_program section 2.7) --------------------- */

static bool attrib_index_ok(gl_context *ctx, GLuint index)
{
    if (index >= GLC_MAX_ATTRIBS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

#define VA_FNS(n, sfx, T, C)                                                               \
    GLAPI_EXPORT void APIENTRY glVertexAttrib##n##sfx##ARB(GLuint index, P##n(T))          \
    {                                                                                      \
        GL_CTX();                                                                          \
        if (attrib_index_ok(ctx, index))                                                   \
            gl_attrib4f(ctx, index, A##n(C));                                              \
    }                                                                                      \
    GL_ALIAS(void, glVertexAttrib##n##sfx, glVertexAttrib##n##sfx##ARB, (GLuint index, P##n(T)))
#define VAV_FNS(n, sfx, T, C)                                                              \
    GLAPI_EXPORT void APIENTRY glVertexAttrib##n##sfx##vARB(GLuint index, const T *v)      \
    {                                                                                      \
        GL_CTX();                                                                          \
        if (attrib_index_ok(ctx, index) && v)                                              \
            gl_attrib4f(ctx, index, V##n(C));                                              \
    }                                                                                      \
    GL_ALIAS(void, glVertexAttrib##n##sfx##v, glVertexAttrib##n##sfx##vARB,                \
             (GLuint index, const T *v))

#define VA_SFD(n)                                                                          \
    VA_FNS(n, s, GLshort, CV_F)                                                            \
    VA_FNS(n, f, GLfloat, CV_F)                                                            \
    VA_FNS(n, d, GLdouble, CV_F)                                                           \
    VAV_FNS(n, s, GLshort, CV_F)                                                           \
    VAV_FNS(n, f, GLfloat, CV_F)                                                           \
    VAV_FNS(n, d, GLdouble, CV_F)
VA_SFD(1)
VA_SFD(2)
VA_SFD(3)
VA_SFD(4)
VAV_FNS(4, b, GLbyte, CV_F)
VAV_FNS(4, i, GLint, CV_F)
VAV_FNS(4, ub, GLubyte, CV_F)
VAV_FNS(4, us, GLushort, CV_F)
VAV_FNS(4, ui, GLuint, CV_F)
VAV_FNS(4N, b, GLbyte, CV_NB)
VAV_FNS(4N, s, GLshort, CV_NS)
VAV_FNS(4N, i, GLint, CV_NI)
VAV_FNS(4N, ub, GLubyte, CV_NUB)
VAV_FNS(4N, us, GLushort, CV_NUS)
VAV_FNS(4N, ui, GLuint, CV_NUI)

/* ---- glVertexAttribI*EXT (NV_vertex_program4 section 2.7) -------------------- */

/* The current value takes the integer bits unconverted (ctx->current holds
 * 32-bit words; the float entry points store float bits). */
static void attrib4bits(GLuint index, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    GL_CTX();
    if (!attrib_index_ok(ctx, index))
        return;
    const uint32_t b[4] = {x, y, z, w};
    float f[4];
    memcpy(f, b, sizeof f);
    gl_attrib4f(ctx, index, f[0], f[1], f[2], f[3]);
}

#define CI_S(c) ((uint32_t)(int32_t)(c))
#define CI_U(c) ((uint32_t)(c))
#define AI1(C) C(x), 0u, 0u, 1u
#define AI2(C) C(x), C(y), 0u, 1u
#define AI3(C) C(x), C(y), C(z), 1u
#define AI4(C) C(x), C(y), C(z), C(w)
#define VI1(C) C(v[0]), 0u, 0u, 1u
#define VI2(C) C(v[0]), C(v[1]), 0u, 1u
#define VI3(C) C(v[0]), C(v[1]), C(v[2]), 1u
#define VI4(C) C(v[0]), C(v[1]), C(v[2]), C(v[3])

#define VAI_FNS(n, sfx, T, C)                                                              \
    GLAPI_EXPORT void APIENTRY glVertexAttribI##n##sfx##EXT(GLuint index, P##n(T))         \
    {                                                                                      \
        attrib4bits(index, AI##n(C));                                                      \
    }                                                                                      \
    GL_ALIAS(void, glVertexAttribI##n##sfx, glVertexAttribI##n##sfx##EXT, (GLuint index, P##n(T)))
#define VAIV_FNS(n, sfx, T, C)                                                             \
    GLAPI_EXPORT void APIENTRY glVertexAttribI##n##sfx##vEXT(GLuint index, const T *v)     \
    {                                                                                      \
        if (v)                                                                             \
            attrib4bits(index, VI##n(C));                                                  \
    }                                                                                      \
    GL_ALIAS(void, glVertexAttribI##n##sfx##v, glVertexAttribI##n##sfx##vEXT,              \
             (GLuint index, const T *v))
#define VAI_N(n)                                                                           \
    VAI_FNS(n, i, GLint, CI_S)                                                             \
    VAI_FNS(n, ui, GLuint, CI_U)                                                           \
    VAIV_FNS(n, i, GLint, CI_S)                                                            \
    VAIV_FNS(n, ui, GLuint, CI_U)
VAI_N(1)
VAI_N(2)
VAI_N(3)
VAI_N(4)
VAIV_FNS(4, b, GLbyte, CI_S)
VAIV_FNS(4, s, GLshort, CI_S)
VAIV_FNS(4, ub, GLubyte, CI_U)
VAIV_FNS(4, us, GLushort, CI_U)

GLAPI_EXPORT void APIENTRY glVertexAttrib4NubARB(GLuint index, GLubyte x, GLubyte y, GLubyte z,
                                                 GLubyte w)
{
    GL_CTX();
    if (attrib_index_ok(ctx, index))
        gl_attrib4f(ctx, index, A4(CV_NUB));
}
GL_ALIAS(void, glVertexAttrib4Nub, glVertexAttrib4NubARB,
         (GLuint index, GLubyte x, GLubyte y, GLubyte z, GLubyte w))

/* ---- glVertexAttribL* (EXT_vertex_attrib_64bit, NV_vertex_attrib_integer_64bit) ----
 *
 * 64-bit current values for LONG ATTRIB (NV_gpu_program5 2.X.3.1): the low
 * words go to ctx->current, the high words to ctx->current_hi (gl_priv.h).
 * The L1 / L2 / L3 forms fill the missing y, z with 0 and w with 1 (the
 * double 1.0, or the integer 1), as for VertexAttrib* and VertexAttribI*.
 * Index 0 inside Begin/End provokes a vertex, like VertexAttrib*(0, ...)
 * (the specs are written against the compatibility profile). */
void gl_attrib4l(gl_context *ctx, GLuint slot, const uint64_t v[4])
{
    GL_DLIST_SAVE(attrib4l, (ctx, slot, v[0], v[1], v[2], v[3]));
    float *c = ctx->current[slot];
    for (int i = 0; i < 4; i++) {
        uint32_t lo = (uint32_t)v[i];
        memcpy(&c[i], &lo, sizeof lo);
        ctx->current_hi[slot][i] = (uint32_t)(v[i] >> 32);
    }
    ctx->current_long |= 1u << slot;
    if (slot == GP_VIN_POSITION && ctx->in_begin)
        gl_imm_emit_vertex(ctx);
}

static void attrib4l(GLuint index, uint64_t x, uint64_t y, uint64_t z, uint64_t w)
{
    GL_CTX();
    if (!attrib_index_ok(ctx, index))
        return;
    const uint64_t v[4] = {x, y, z, w};
    gl_attrib4l(ctx, index, v);
}

static uint64_t dbl_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

#define CL_D(c) dbl_bits((double)(c))
#define CL_S(c) ((uint64_t)(int64_t)(c))
#define CL_U(c) ((uint64_t)(c))
#define D_ONE 0x3ff0000000000000ull /* 1.0 */
#define AL1(C, ONE) C(x), 0u, 0u, ONE
#define AL2(C, ONE) C(x), C(y), 0u, ONE
#define AL3(C, ONE) C(x), C(y), C(z), ONE
#define AL4(C, ONE) C(x), C(y), C(z), C(w)
#define VL1(C, ONE) C(v[0]), 0u, 0u, ONE
#define VL2(C, ONE) C(v[0]), C(v[1]), 0u, ONE
#define VL3(C, ONE) C(v[0]), C(v[1]), C(v[2]), ONE
#define VL4(C, ONE) C(v[0]), C(v[1]), C(v[2]), C(v[3])

/* glVertexAttribL<n><t><ext>(index, ...) and glVertexAttribL<n><t>v<ext> */
#define VAL_FNS(n, t, ext, T, C, ONE)                                                      \
    GLAPI_EXPORT void APIENTRY glVertexAttribL##n##t##ext(GLuint index, P##n(T))           \
    {                                                                                      \
        attrib4l(index, AL##n(C, ONE));                                                    \
    }                                                                                      \
    GLAPI_EXPORT void APIENTRY glVertexAttribL##n##t##v##ext(GLuint index, const T *v)     \
    {                                                                                      \
        if (v)                                                                             \
            attrib4l(index, VL##n(C, ONE));                                                \
    }
#define VAL_N(n)                                                                           \
    VAL_FNS(n, d, EXT, GLdouble, CL_D, D_ONE)                                              \
    VAL_FNS(n, i64, NV, GLint64EXT, CL_S, 1u)                                              \
    VAL_FNS(n, ui64, NV, GLuint64EXT, CL_U, 1u)
VAL_N(1)
VAL_N(2)
VAL_N(3)
VAL_N(4)
