/*
 * gl_select.c - selection and feedback (GL 2.1 sections 5.2 and 5.3; API
 * thread).
 *
 * In GL_SELECT or GL_FEEDBACK render mode a draw rasterizes nothing:
 * gl_draw.c hands its snapshot to gl_select_draw, which runs the vertex
 * stage here (the bound vertex program, or the generated fixed-function one
 * with every output), assembles the primitives of the mode, clips them to
 * the view volume and the enabled client clip planes (attributes linear in
 * clip space), culls polygons as the rasterizer would, maps them to window
 * coordinates and then
 *   - GL_SELECT: records a hit, widening the hit's window z range (5.2);
 *   - GL_FEEDBACK: writes the primitive's tokens and vertices (5.3, Figure
 *     5.2): POINT_TOKEN, LINE_TOKEN / LINE_RESET_TOKEN (the first segment
 *     of each strip or independent segment), POLYGON_TOKEN n; polygons in
 *     LINE or POINT mode feed back their edges or vertices.
 * Vertex layout per feedback type: GL_2D x y; GL_3D x y z; GL_3D_COLOR
 * x y z r g b a; GL_3D_COLOR_TEXTURE x y z r g b a s t r q;
 * GL_4D_COLOR_TEXTURE x y z w r g b a s t r q (w: the clip w).  Colours
 * are the front primary colour, clamped to [0, 1]; texture coordinates
 * are unit 0's.
 */
#include "gl_priv.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define SEL_MAX_CLIP (6 + GLC_MAX_CLIP_PLANES)

typedef struct sel_vert {
    float clip[4];
    float col[4];
    float tex[4];
    float cd[8];   /* client clip distances */
    float win[3];
    bool edge;     /* boundary edge flag of the edge starting here */
} sel_vert;

/* ---- glRenderMode and the buffers --------------------------------------------- */

static GLenum render_mode(const gl_context *ctx)
{
    return ctx->sel.mode ? ctx->sel.mode : GL_RENDER;
}

bool gl_select_active(const gl_context *ctx)
{
    return render_mode(ctx) != GL_RENDER;
}

static void select_word(gl_context *ctx, GLuint w)
{
    if (ctx->sel.select_count < (GLuint)ctx->sel.select_size)
        ctx->sel.select_buf[ctx->sel.select_count] = w;
    else
        ctx->sel.overflow = true;
    ctx->sel.select_count++;
}

/* GL 2.1 5.2: the hit record (names, min z, max z scaled to 2^32 - 1, the
 * name stack) when the hit flag is set; clears the flag. */
static void write_hit(gl_context *ctx)
{
    if (!ctx->sel.hit)
        return;
    const double scale = 4294967295.0;
    select_word(ctx, (GLuint)ctx->sel.depth);
    select_word(ctx, (GLuint)llround(gl_clampf(ctx->sel.hit_min, 0, 1) * scale));
    select_word(ctx, (GLuint)llround(gl_clampf(ctx->sel.hit_max, 0, 1) * scale));
    for (int i = 0; i < ctx->sel.depth; i++)
        select_word(ctx, ctx->sel.names[i]);
    ctx->sel.hits++;
    ctx->sel.hit = false;
}

static void hit_z(gl_context *ctx, float z)
{
    if (!ctx->sel.hit) {
        ctx->sel.hit = true;
        ctx->sel.hit_min = ctx->sel.hit_max = z;
    } else {
        if (z < ctx->sel.hit_min) ctx->sel.hit_min = z;
        if (z > ctx->sel.hit_max) ctx->sel.hit_max = z;
    }
}

static void feedback_value(gl_context *ctx, float v)
{
    if (ctx->sel.feedback_count < (GLuint)ctx->sel.feedback_size)
        ctx->sel.feedback_buf[ctx->sel.feedback_count] = v;
    else
        ctx->sel.overflow = true;
    ctx->sel.feedback_count++;
}

static void feedback_vertex(gl_context *ctx, const float win[3], float w, const float col[4],
                            const float tex[4])
{
    GLenum t = ctx->sel.feedback_type;
    feedback_value(ctx, win[0]);
    feedback_value(ctx, win[1]);
    if (t != GL_2D)
        feedback_value(ctx, win[2]);
    if (t == GL_4D_COLOR_TEXTURE)
        feedback_value(ctx, w);
    if (t == GL_3D_COLOR || t == GL_3D_COLOR_TEXTURE || t == GL_4D_COLOR_TEXTURE)
        for (int c = 0; c < 4; c++)
            feedback_value(ctx, col[c]);
    if (t == GL_3D_COLOR_TEXTURE || t == GL_4D_COLOR_TEXTURE)
        for (int c = 0; c < 4; c++)
            feedback_value(ctx, tex[c]);
}

GLAPI_EXPORT GLint APIENTRY glRenderMode(GLenum mode)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (mode != GL_RENDER && mode != GL_SELECT && mode != GL_FEEDBACK) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    /* 5.2 / 5.3: entering SELECT or FEEDBACK needs its buffer */
    if ((mode == GL_SELECT && !ctx->sel.select_buf) ||
        (mode == GL_FEEDBACK && !ctx->sel.feedback_buf)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return 0;
    }
    GLint ret = 0;
    switch (render_mode(ctx)) {
    case GL_SELECT:
        write_hit(ctx);
        ret = ctx->sel.overflow ? -1 : (GLint)ctx->sel.hits;
        break;
    case GL_FEEDBACK:
        ret = ctx->sel.overflow ? -1 : (GLint)ctx->sel.feedback_count;
        break;
    default:
        break;
    }
    ctx->sel.mode = mode == GL_RENDER ? 0 : mode;
    ctx->sel.overflow = false;
    ctx->sel.hit = false;
    ctx->sel.hits = 0;
    ctx->sel.select_count = 0;
    ctx->sel.feedback_count = 0;
    return ret;
}

GLAPI_EXPORT void APIENTRY glSelectBuffer(GLsizei size, GLuint *buffer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (size < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (render_mode(ctx) == GL_SELECT) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->sel.select_buf = buffer;
    ctx->sel.select_size = buffer ? size : 0;
}

GLAPI_EXPORT void APIENTRY glFeedbackBuffer(GLsizei size, GLenum type, GLfloat *buffer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (type != GL_2D && type != GL_3D && type != GL_3D_COLOR && type != GL_3D_COLOR_TEXTURE &&
        type != GL_4D_COLOR_TEXTURE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (size < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (render_mode(ctx) == GL_FEEDBACK) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    ctx->sel.feedback_buf = buffer;
    ctx->sel.feedback_size = buffer ? size : 0;
    ctx->sel.feedback_type = type;
}

/* ---- the name stack (5.2) ------------------------------------------------------ */

GLAPI_EXPORT void APIENTRY glInitNames(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glInitNames, (ctx));
    GL_OUTSIDE_BEGIN(ctx, );
    if (render_mode(ctx) != GL_SELECT)
        return;
    write_hit(ctx);
    ctx->sel.depth = 0;
}

GLAPI_EXPORT void APIENTRY glPushName(GLuint name)
{
    GL_CTX();
    GL_DLIST_SAVE(glPushName, (ctx, name));
    GL_OUTSIDE_BEGIN(ctx, );
    if (render_mode(ctx) != GL_SELECT)
        return;
    write_hit(ctx);
    if (ctx->sel.depth >= GLC_MAX_NAME_STACK) {
        gl_error(ctx, GL_STACK_OVERFLOW);
        return;
    }
    ctx->sel.names[ctx->sel.depth++] = name;
}

GLAPI_EXPORT void APIENTRY glPopName(void)
{
    GL_CTX();
    GL_DLIST_SAVE(glPopName, (ctx));
    GL_OUTSIDE_BEGIN(ctx, );
    if (render_mode(ctx) != GL_SELECT)
        return;
    write_hit(ctx);
    if (ctx->sel.depth == 0) {
        gl_error(ctx, GL_STACK_UNDERFLOW);
        return;
    }
    ctx->sel.depth--;
}

GLAPI_EXPORT void APIENTRY glLoadName(GLuint name)
{
    GL_CTX();
    GL_DLIST_SAVE(glLoadName, (ctx, name));
    GL_OUTSIDE_BEGIN(ctx, );
    if (render_mode(ctx) != GL_SELECT)
        return;
    if (ctx->sel.depth == 0) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    write_hit(ctx);
    ctx->sel.names[ctx->sel.depth - 1] = name;
}

GLAPI_EXPORT void APIENTRY glPassThrough(GLfloat token)
{
    GL_CTX();
    GL_DLIST_SAVE(glPassThrough, (ctx, token));
    GL_OUTSIDE_BEGIN(ctx, );
    if (render_mode(ctx) != GL_FEEDBACK)
        return;
    feedback_value(ctx, (float)GL_PASS_THROUGH_TOKEN);
    feedback_value(ctx, token);
}

/* glRasterPos / glWindowPos in SELECT mode: a valid position is a hit at
 * its window z. */
void gl_select_raster_pos(gl_context *ctx)
{
    if (render_mode(ctx) == GL_SELECT && ctx->raster_valid)
        hit_z(ctx, ctx->raster_pos[2]);
}

/* glBitmap / glDrawPixels / glCopyPixels in FEEDBACK mode: the token and the
 * raster position, when valid (5.3). */
void gl_select_pixel_token(gl_context *ctx, GLenum token)
{
    if (render_mode(ctx) != GL_FEEDBACK || !ctx->raster_valid)
        return;
    feedback_value(ctx, (float)token);
    float win[3] = {ctx->raster_pos[0], ctx->raster_pos[1], ctx->raster_pos[2]};
    feedback_vertex(ctx, win, ctx->raster_pos[3], ctx->raster_color, ctx->raster_tex[0]);
}

/* ---- the vertex stage ------------------------------------------------------------ */

static size_t type_bytes(GLenum t)
{
    switch (t) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: return 2;
    case GL_DOUBLE: return 8;
    default: return 4;
    }
}

/* One component of an array element as the vertex stage reads it (GL 2.1
 * Table 2.9 for normalized components). */
static void fetch_component(const unsigned char *p, const rast_attrib *a, gp_val *out)
{
    if (a->integer) {
        switch (a->type) {
        case GL_BYTE: out->i = *(const int8_t *)p; return;
        case GL_UNSIGNED_BYTE: out->u = *p; return;
        case GL_SHORT: { int16_t v; memcpy(&v, p, 2); out->i = v; return; }
        case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2); out->u = v; return; }
        default: memcpy(&out->u, p, 4); return;
        }
    }
    float f = 0;
    switch (a->type) {
    case GL_BYTE: { int8_t v = *(const int8_t *)p; f = a->normalized ? (2.0f * v + 1.0f) / 255.0f : v; break; }
    case GL_UNSIGNED_BYTE: f = a->normalized ? *p / 255.0f : *p; break;
    case GL_SHORT: { int16_t v; memcpy(&v, p, 2); f = a->normalized ? (2.0f * v + 1.0f) / 65535.0f : v; break; }
    case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, p, 2); f = a->normalized ? v / 65535.0f : v; break; }
    case GL_INT: { int32_t v; memcpy(&v, p, 4); f = a->normalized ? (float)((2.0 * v + 1.0) / 4294967295.0) : (float)v; break; }
    case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, p, 4); f = a->normalized ? (float)(v / 4294967295.0) : (float)v; break; }
    case GL_DOUBLE: { double v; memcpy(&v, p, 8); f = (float)v; break; }
    case GL_HALF_FLOAT: { uint16_t v; memcpy(&v, p, 2); f = tex_half_to_float(v); break; }
    default: memcpy(&f, p, 4); break;
    }
    out->f = f;
}

static void fetch(const rast_attrib *a, int id, gp_vec *row, int lane)
{
    for (int c = 0; c < 4; c++)
        memcpy(&row->c[c][lane], &a->current[c], 4);
    if (!a->enabled || !a->ptr || id < 0)
        return;
    size_t comp = type_bytes(a->type);
    size_t stride = a->stride ? a->stride : comp * (size_t)a->size;
    const unsigned char *p = (const unsigned char *)a->ptr + stride * (size_t)id;
    for (int c = 0; c < a->size && c < 4; c++)
        fetch_component(p + comp * (size_t)c, a, &row->c[c][lane]);
    /* missing components: (0, 0, 0, 1) */
    for (int c = a->size; c < 4; c++) {
        if (a->integer)
            row->c[c][lane].u = c == 3 ? 1u : 0u;
        else
            row->c[c][lane].f = c == 3 ? 1.0f : 0.0f;
    }
}

static void sel_tex_fn(void *user, const gp_tex_request *req, gp_vec *out)
{
    const rast_draw *d = user;
    const tex_object *t = req->unit < RAST_MAX_TEXTURE_UNITS ? d->textures[req->unit] : NULL;
    if (req->bindless || !t) {
        memset(out, 0, sizeof(*out));
        return;
    }
    tex_sample_with(t, d->tex_samplers[req->unit], req, d->tex_lod_bias[req->unit], out);
}

static int element_id(const rast_draw *d, int k)
{
    long i = (long)d->first + k;
    switch (d->index_type) {
    case GL_UNSIGNED_BYTE: return ((const uint8_t *)d->indices)[i] + d->base_vertex;
    case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, (const uint16_t *)d->indices + i, 2); return v + d->base_vertex; }
    case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, (const uint32_t *)d->indices + i, 4); return (int)(v + (uint32_t)d->base_vertex); }
    default: return (int)i;
    }
}

/* Runs d's vertex program on its count elements into v[]; false on OOM
 * (error recorded) or with *stopped set when the instruction budget
 * stopped the program (the rasterizer reports it; the draw adds nothing). */
static bool shade(gl_context *ctx, const rast_draw *d, sel_vert *v, bool *stopped)
{
    *stopped = false;
    gp_vec *in = calloc(GP_VIN_ROWS, sizeof *in);
    gp_vec *out = calloc(GP_VARY_COUNT, sizeof *out);
    if (!in || !out) {
        free(in);
        free(out);
        return false;
    }
    const gp_program_info *vi = gp_program_get_info(d->vp.prog);
    if (vi->tex_units_used)
        gl_draw_flush(ctx);
    for (int b = 0; b < d->count; b += GP_LANES) {
        int m = d->count - b < GP_LANES ? d->count - b : GP_LANES;
        for (int l = 0; l < m; l++) {
            int id = element_id(d, b + l);
            for (int s = 0; s < GP_VIN_COUNT; s++)
                fetch(&d->attribs[s], id, &in[s], l);
            in[GP_VIN_VERTEXID].c[0][l].i = id;
        }
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    out[s].c[c][l].f = c == 3 ? 1.0f : 0.0f;
        uint32_t live = m == 32 ? 0xffffffffu : (1u << m) - 1u;
        if (!rast_vertex_run_lanes(ctx->rast, &d->vp, in, out, live, sel_tex_fn, (void *)d)) {
            *stopped = true;
            break;
        }
        for (int l = 0; l < m; l++) {
            sel_vert *o = &v[b + l];
            for (int c = 0; c < 4; c++) {
                o->clip[c] = out[GP_VARY_POS].c[c][l].f;
                o->col[c] = gl_clampf(out[GP_VARY_COL0].c[c][l].f, 0, 1);
                o->tex[c] = out[GP_VARY_TEX0].c[c][l].f;
            }
            for (int c = 0; c < 8; c++)
                o->cd[c] = out[GP_VARY_CLIP0 + c / 4].c[c % 4][l].f;
            int id = element_id(d, b + l);
            o->edge = d->edge_flags ? d->edge_flags[(size_t)id * d->edge_flag_stride] != 0 : !d->edge_flag_false;
        }
    }
    free(in);
    free(out);
    return !*stopped;
}

/* ---- clipping, culling, output ---------------------------------------------------- */

/* Distance of v to clip plane p (0..5 the view volume, then client planes). */
static float plane_dist(const sel_vert *v, int p)
{
    switch (p) {
    case 0: return v->clip[3] + v->clip[0];
    case 1: return v->clip[3] - v->clip[0];
    case 2: return v->clip[3] + v->clip[1];
    case 3: return v->clip[3] - v->clip[1];
    case 4: return v->clip[3] + v->clip[2];
    case 5: return v->clip[3] - v->clip[2];
    default: return v->cd[p - 6];
    }
}

static void lerp(const sel_vert *a, const sel_vert *b, float t, sel_vert *o)
{
    const float *pa = (const float *)a, *pb = (const float *)b;
    float *po = (float *)o;
    size_t n = offsetof(sel_vert, win) / sizeof(float);
    for (size_t i = 0; i < n; i++)
        po[i] = pa[i] + t * (pb[i] - pa[i]);
}

typedef struct sel_draw {
    gl_context *ctx;
    const rast_draw *d;
    uint32_t planes; /* bit p: plane p clips */
} sel_draw;

static void to_window(const sel_draw *s, sel_vert *v)
{
    const rast_state *st = &s->d->state;
    float w = v->clip[3];
    float n = st->depth_range[0], f = st->depth_range[1];
    v->win[0] = st->viewport[0] + (v->clip[0] / w + 1.0f) * st->viewport[2] * 0.5f;
    v->win[1] = st->viewport[1] + (v->clip[1] / w + 1.0f) * st->viewport[3] * 0.5f;
    v->win[2] = (f - n) * 0.5f * (v->clip[2] / w) + (n + f) * 0.5f;
}

static void emit_point(const sel_draw *s, sel_vert *v)
{
    for (int p = 0; p < SEL_MAX_CLIP; p++)
        if (((s->planes >> p) & 1u) && !(plane_dist(v, p) >= 0))
            return;
    to_window(s, v);
    if (render_mode(s->ctx) == GL_SELECT) {
        hit_z(s->ctx, v->win[2]);
        return;
    }
    feedback_value(s->ctx, (float)GL_POINT_TOKEN);
    feedback_vertex(s->ctx, v->win, v->clip[3], v->col, v->tex);
}

static void emit_line(const sel_draw *s, const sel_vert *a, const sel_vert *b, bool reset)
{
    float t0 = 0.0f, t1 = 1.0f;
    for (int p = 0; p < SEL_MAX_CLIP; p++) {
        if (!((s->planes >> p) & 1u))
            continue;
        float da = plane_dist(a, p), db = plane_dist(b, p);
        if (da < 0 && db < 0)
            return;
        if (da < 0)
            t0 = fmaxf(t0, da / (da - db));
        else if (db < 0)
            t1 = fminf(t1, da / (da - db));
        if (!(t0 <= t1))
            return;
    }
    sel_vert v[2];
    lerp(a, b, t0, &v[0]);
    lerp(a, b, t1, &v[1]);
    to_window(s, &v[0]);
    to_window(s, &v[1]);
    if (render_mode(s->ctx) == GL_SELECT) {
        hit_z(s->ctx, v[0].win[2]);
        hit_z(s->ctx, v[1].win[2]);
        return;
    }
    feedback_value(s->ctx, (float)(reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
    for (int i = 0; i < 2; i++)
        feedback_vertex(s->ctx, v[i].win, v[i].clip[3], v[i].col, v[i].tex);
}

#define SEL_MAX_POLY 64

static void emit_polygon(const sel_draw *s, const sel_vert *const *in, int n)
{
    /* Sutherland-Hodgman in clip space; new edges made by a clip plane are
     * not boundary edges */
    sel_vert buf[2][SEL_MAX_POLY + SEL_MAX_CLIP];
    int cnt = 0;
    for (int i = 0; i < n && i < SEL_MAX_POLY; i++)
        buf[0][cnt++] = *in[i];
    int cur = 0;
    for (int p = 0; p < SEL_MAX_CLIP && cnt > 0; p++) {
        if (!((s->planes >> p) & 1u))
            continue;
        sel_vert *src = buf[cur], *dst = buf[cur ^ 1];
        int m = 0;
        for (int i = 0; i < cnt; i++) {
            const sel_vert *a = &src[i], *b = &src[(i + 1) % cnt];
            float da = plane_dist(a, p), db = plane_dist(b, p);
            bool ia = da >= 0, ib = db >= 0;
            if (ia)
                dst[m++] = *a;
            if (ia != ib && m < SEL_MAX_POLY + SEL_MAX_CLIP) {
                sel_vert *o = &dst[m++];
                lerp(a, b, da / (da - db), o);
                /* the part of edge a-b inside keeps a's flag when entering
                 * from a; the edge along the clip plane is not a boundary */
                o->edge = ia ? false : a->edge;
            }
        }
        cnt = m;
        cur ^= 1;
    }
    if (cnt < 3)
        return;
    sel_vert *v = buf[cur];
    for (int i = 0; i < cnt; i++)
        to_window(s, &v[i]);
    /* facing (GL 2.1 3.5.1): signed area in window coordinates */
    float area = 0;
    for (int i = 0; i < cnt; i++) {
        const sel_vert *a = &v[i], *b = &v[(i + 1) % cnt];
        area += a->win[0] * b->win[1] - b->win[0] * a->win[1];
    }
    const rast_state *st = &s->d->state;
    bool front = st->front_face == GL_CW ? area < 0 : area > 0;
    if (st->cull_face && (st->cull_mode == GL_FRONT_AND_BACK || (st->cull_mode == GL_FRONT) == front))
        return;
    GLenum pm = st->polygon_mode[front ? 0 : 1];
    gl_context *ctx = s->ctx;
    if (render_mode(ctx) == GL_SELECT) {
        for (int i = 0; i < cnt; i++)
            hit_z(ctx, v[i].win[2]);
        return;
    }
    if (pm == GL_POINT) {
        for (int i = 0; i < cnt; i++)
            if (v[i].edge) {
                feedback_value(ctx, (float)GL_POINT_TOKEN);
                feedback_vertex(ctx, v[i].win, v[i].clip[3], v[i].col, v[i].tex);
            }
    } else if (pm == GL_LINE) {
        bool reset = true;
        for (int i = 0; i < cnt; i++) {
            if (!v[i].edge) {
                reset = true;
                continue;
            }
            const sel_vert *b = &v[(i + 1) % cnt];
            feedback_value(ctx, (float)(reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN));
            feedback_vertex(ctx, v[i].win, v[i].clip[3], v[i].col, v[i].tex);
            feedback_vertex(ctx, b->win, b->clip[3], b->col, b->tex);
            reset = false;
        }
    } else {
        feedback_value(ctx, (float)GL_POLYGON_TOKEN);
        feedback_value(ctx, (float)cnt);
        for (int i = 0; i < cnt; i++)
            feedback_vertex(ctx, v[i].win, v[i].clip[3], v[i].col, v[i].tex);
    }
}

static void tri(const sel_draw *s, const sel_vert *a, const sel_vert *b, const sel_vert *c)
{
    const sel_vert *p[3] = {a, b, c};
    emit_polygon(s, p, 3);
}

/* The draw d in SELECT or FEEDBACK mode (edge flags: d->edge_flags). */
void gl_select_draw(gl_context *ctx, const rast_draw *d)
{
    int n = d->count;
    if (n <= 0)
        return;
    sel_vert *v = malloc((size_t)n * sizeof *v);
    if (!v) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    bool stopped;
    if (!shade(ctx, d, v, &stopped)) {
        free(v);
        if (!stopped)
            gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    sel_draw s = {ctx, d, 0x3fu | ((uint32_t)d->state.clip_planes << 6)};
    switch (d->mode) {
    case GL_POINTS:
        for (int i = 0; i < n; i++)
            emit_point(&s, &v[i]);
        break;
    case GL_LINES:
        for (int i = 0; i + 1 < n; i += 2)
            emit_line(&s, &v[i], &v[i + 1], true);
        break;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
        for (int i = 0; i + 1 < n; i++)
            emit_line(&s, &v[i], &v[i + 1], i == 0);
        if (d->mode == GL_LINE_LOOP && n > 1)
            emit_line(&s, &v[n - 1], &v[0], n == 2);
        break;
    case GL_TRIANGLES:
        for (int i = 0; i + 2 < n; i += 3)
            tri(&s, &v[i], &v[i + 1], &v[i + 2]);
        break;
    case GL_TRIANGLE_STRIP:
        for (int i = 0; i + 2 < n; i++) {
            /* every edge of a strip's triangles is a boundary edge */
            sel_vert a = v[i], b = v[i + 1], c = v[i + 2];
            a.edge = b.edge = c.edge = true;
            if (i & 1)
                tri(&s, &b, &a, &c);
            else
                tri(&s, &a, &b, &c);
        }
        break;
    case GL_TRIANGLE_FAN:
        for (int i = 1; i + 1 < n; i++) {
            sel_vert a = v[0], b = v[i], c = v[i + 1];
            a.edge = b.edge = c.edge = true;
            tri(&s, &a, &b, &c);
        }
        break;
    case GL_QUADS:
        for (int i = 0; i + 3 < n; i += 4) {
            const sel_vert *p[4] = {&v[i], &v[i + 1], &v[i + 2], &v[i + 3]};
            emit_polygon(&s, p, 4);
        }
        break;
    case GL_QUAD_STRIP:
        for (int i = 0; i + 3 < n; i += 2) {
            sel_vert a = v[i], b = v[i + 1], c = v[i + 3], e = v[i + 2];
            a.edge = b.edge = c.edge = e.edge = true;
            const sel_vert *p[4] = {&a, &b, &c, &e};
            emit_polygon(&s, p, 4);
        }
        break;
    case GL_POLYGON: {
        /* up to SEL_MAX_POLY vertices as one polygon; longer ones as a fan
         * of such pieces */
        if (n < 3)
            break;
        if (n <= SEL_MAX_POLY) {
            const sel_vert *p[SEL_MAX_POLY];
            for (int i = 0; i < n; i++)
                p[i] = &v[i];
            emit_polygon(&s, p, n);
        } else {
            for (int i = 1; i + 1 < n; i++)
                tri(&s, &v[0], &v[i], &v[i + 1]);
        }
        break;
    }
    default:
        break;
    }
    free(v);
}
