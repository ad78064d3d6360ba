/*
 * rast_vertex.c - vertex fetch, vertex program, primitive assembly.
 * Stage: geometry front end (producer side).  Thread: API thread.
 *
 * A draw is processed in chunks of at most RAST_CHUNK_ELTS elements, so the
 * shaded-vertex buffer stays bounded whatever the count.  Chunks of strips
 * overlap by the vertices the next primitive needs (2 for triangle and quad
 * strips, keeping an even start so strip parity is unchanged; 1 for line
 * strips); fans and polygons repeat their first vertex in every chunk.
 * Within a chunk, indexed draws shade each distinct index once.
 *
 * Topologies become triangles (with edge flags for polygon mode LINE/POINT),
 * lines and points before clipping (R7), with GL's provoking vertex
 * (GL 2.1 Table 2.2): the last vertex of each primitive, except the first
 * vertex for GL_POLYGON.  Adjacency modes (NV_geometry_program4 2.6.1) draw
 * their lines / triangles without the adjacent vertices.  When the fragment
 * program reads primitive.id, the primitive's number in the draw
 * (EDGE.PRIMITIVE_ID) is written into the provoking vertex's GP_VARY_PRIMID
 * before the primitive is clipped.  Draws with a geometry program go to
 * rast_geometry.c after geom_init (the record layout then describes the
 * geometry program's results).
 */
#include <math.h>
#include <stdlib.h>

#include "rast_priv.h"

/* ---- vertex fetch ------------------------------------------------------------ */

static size_t type_size(GLenum t)
{
    switch (t) {
    case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
    case GL_SHORT: case GL_UNSIGNED_SHORT: case 0x140B /* GL_HALF_FLOAT */: return 2;
    case GL_INT: case GL_UNSIGNED_INT: case GL_FLOAT: case 0x140C /* GL_FIXED */: return 4;
    case GL_DOUBLE: return 8;
    case 0x140E /* GL_INT64_NV */: case 0x140F /* GL_UNSIGNED_INT64_NV */: return 8;
    default: return 0;
    }
}

static float half_to_float(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v;
    if (e == 0)
        v = ldexpf((float)m, -24);
    else if (e == 31)
        v = m ? NAN : INFINITY;
    else
        v = ldexpf((float)(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

/* Integer arrays: component c of element ids[i] into .FIELD unconverted. */
#define FETCH_LOOP_I(CTYPE, FIELD)                                               \
    for (int i = 0; i < n; i++) {                                                \
        const unsigned char *src = base + (size_t)(uint32_t)ids[i] * stride;     \
        for (int c = 0; c < size; c++) {                                         \
            CTYPE x;                                                             \
            memcpy(&x, src + c * sizeof(CTYPE), sizeof(CTYPE));                  \
            out->c[c][i].FIELD = x;                                              \
        }                                                                        \
    }

/* GL 2.1 Table 2.9: unsigned c -> c / (2^b - 1); signed c -> (2c + 1) / (2^b - 1). */
#define FETCH_LOOP(CTYPE, CONV)                                                  \
    for (int i = 0; i < n; i++) {                                                \
        const unsigned char *src = base + (size_t)(uint32_t)ids[i] * stride;     \
        for (int c = 0; c < size; c++) {                                         \
            CTYPE x;                                                             \
            memcpy(&x, src + c * sizeof(CTYPE), sizeof(CTYPE));                  \
            out->c[c][i].f = (CONV);                                             \
        }                                                                        \
    }

/* A 64-bit attribute (rast_attrib.is_long; glprog.h GP_VIN_LONG_HI): the
 * low words of its components into lo, the high words into hi; doubles as
 * their IEEE bits, GL_INT64_NV / GL_UNSIGNED_INT64_NV as the integers.
 * Missing components are 0, 0, 1 (EXT_vertex_attrib_64bit: 1.0 as a
 * double; NV_vertex_attrib_integer_64bit: the integer 1).  A current value
 * is current (low words) and current_hi.  A 32-bit attribute gives high
 * words 0 (a LONG ATTRIB reading it is undefined by the specs). */
static void fetch_attrib_long(const rast_attrib *a, const int *ids, int n, gp_vec *lo, gp_vec *hi)
{
    if (!a->is_long || !a->enabled || !a->ptr) {
        for (int c = 0; c < 4; c++) {
            uint32_t h = a->is_long || !a->enabled || !a->ptr ? a->current_hi[c] : 0u;
            for (int i = 0; i < GP_LANES; i++)
                hi->c[c][i].u = h;
        }
        return;
    }
    int size = a->size < 1 ? 1 : a->size > 4 ? 4 : a->size;
    size_t stride = a->stride ? a->stride : 8u * (size_t)size;
    const unsigned char *base = a->ptr;
    const uint64_t one = a->type == GL_DOUBLE ? 0x3ff0000000000000ull : 1u;
    for (int i = 0; i < n; i++) {
        const unsigned char *src = base + (size_t)(uint32_t)ids[i] * stride;
        for (int c = 0; c < 4; c++) {
            uint64_t v = c == 3 ? one : 0u;
            if (c < size)
                memcpy(&v, src + 8u * (size_t)c, 8);
            lo->c[c][i].u = (uint32_t)v;
            hi->c[c][i].u = (uint32_t)(v >> 32);
        }
    }
}

static void fetch_attrib(const rast_attrib *a, const int *ids, int n, gp_vec *out)
{
    static const float defaults[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    size_t ts = type_size(a->type);
    int size = a->size < 1 ? 1 : a->size > 4 ? 4 : a->size;
    if (!a->enabled || !a->ptr || !ts) {
        for (int c = 0; c < 4; c++) {
            gp_val v;
            memcpy(&v, &a->current[c], sizeof v); /* bits: may be an integer */
            for (int i = 0; i < GP_LANES; i++)
                out->c[c][i] = v;
        }
        return;
    }
    const unsigned char *base = a->ptr;
    size_t stride = a->stride ? a->stride : ts * (size_t)size;
    bool nz = a->normalized;
    if (a->is_long) {
        gp_vec hi; /* only the low words are wanted here (rast_vs_run fills the high row) */
        fetch_attrib_long(a, ids, n, out, &hi);
        return;
    }
    if (a->integer) {
        /* NV_vertex_program4 section 2.8: integer arrays keep their values;
         * missing components are (0, 0, 1) as integers */
        switch (a->type) {
        case GL_BYTE: FETCH_LOOP_I(int8_t, i) break;
        case GL_UNSIGNED_BYTE: FETCH_LOOP_I(uint8_t, u) break;
        case GL_SHORT: FETCH_LOOP_I(int16_t, i) break;
        case GL_UNSIGNED_SHORT: FETCH_LOOP_I(uint16_t, u) break;
        case GL_INT: FETCH_LOOP_I(int32_t, i) break;
        default: FETCH_LOOP_I(uint32_t, u) break;
        }
        for (int c = size; c < 4; c++)
            for (int i = 0; i < n; i++)
                out->c[c][i].i = c == 3 ? 1 : 0;
        return;
    }
    switch (a->type) {
    case GL_BYTE:
        if (nz) FETCH_LOOP(int8_t, (2.0f * x + 1.0f) / 255.0f)
        else FETCH_LOOP(int8_t, (float)x)
        break;
    case GL_UNSIGNED_BYTE:
        if (nz) FETCH_LOOP(uint8_t, x / 255.0f)
        else FETCH_LOOP(uint8_t, (float)x)
        break;
    case GL_SHORT:
        if (nz) FETCH_LOOP(int16_t, (2.0f * x + 1.0f) / 65535.0f)
        else FETCH_LOOP(int16_t, (float)x)
        break;
    case GL_UNSIGNED_SHORT:
        if (nz) FETCH_LOOP(uint16_t, x / 65535.0f)
        else FETCH_LOOP(uint16_t, (float)x)
        break;
    case GL_INT:
        if (nz) FETCH_LOOP(int32_t, (float)((2.0 * x + 1.0) / 4294967295.0))
        else FETCH_LOOP(int32_t, (float)x)
        break;
    case GL_UNSIGNED_INT:
        if (nz) FETCH_LOOP(uint32_t, (float)(x / 4294967295.0))
        else FETCH_LOOP(uint32_t, (float)x)
        break;
    case GL_FLOAT:
        FETCH_LOOP(float, x)
        break;
    case GL_DOUBLE:
        FETCH_LOOP(double, (float)x)
        break;
    case 0x140C: /* GL_FIXED (ARB_ES2_compatibility): signed 16.16, normalized ignored */
        FETCH_LOOP(int32_t, (float)(x / 65536.0))
        break;
    default: /* GL_HALF_FLOAT */
        FETCH_LOOP(uint16_t, half_to_float(x))
        break;
    }
    for (int c = size; c < 4; c++)
        for (int i = 0; i < n; i++)
            out->c[c][i].f = defaults[c];
}

/* ---- per-draw setup ------------------------------------------------------------ */

static bool ensure_floats(float **buf, size_t *cap, size_t n)
{
    if (*cap >= n)
        return true;
    size_t nc = n + n / 2;
    float *b = realloc(*buf, nc * sizeof(float));
    if (!b)
        return false;
    *buf = b;
    *cap = nc;
    return true;
}

static bool geom_init(rast_geom *g, rast_context *r, const rast_draw *d, const rast_dstate *ds)
{
    const rast_state *st = &d->state;
    /* the last vertex-processing stage writes what clipping sees */
    const gp_program_info *vpi = gp_program_get_info(d->gp.prog ? d->gp.prog : d->tep.prog ? d->tep.prog : d->vp.prog);
    memset(g, 0, sizeof(*g));
    g->r = r;
    g->d = d;
    g->ds = ds;
    g->ds_gen = r->scene_gen;
    memcpy(&g->dsl, ds, sizeof(g->dsl));
    const rast_dstate *l = &g->dsl;

    /* vertex layout */
    rast_vlayout *lay = &g->lay;
    for (int s = 0; s < GP_VARY_COUNT; s++)
        lay->slot_off[s] = -1;
    int off = RAST_V_ATTR;
    for (int k = 0; k < l->nvary; k++) {
        lay->slot_off[l->vary_slot[k]] = (int16_t)off;
        off += 4;
    }
    g->col_off[0] = lay->slot_off[GP_VARY_COL0];
    g->col_off[1] = lay->slot_off[GP_VARY_COL1];
    g->bfc_off[0] = g->bfc_off[1] = -1;
    if (st->two_side) {
        for (int i = 0; i < 2; i++) {
            if (g->col_off[i] >= 0) {
                lay->slot_off[GP_VARY_BFC0 + i] = (int16_t)off;
                g->bfc_off[i] = off;
                off += 4;
            }
        }
        g->two_side_colors = g->bfc_off[0] >= 0 || g->bfc_off[1] >= 0;
    }
    lay->clip_off = -1;
    if (st->clip_planes & 0xff) {
        lay->clip_off = off;
        off += 8;
    }
    lay->psiz_off = -1;
    if (st->program_point_size && (vpi->outputs_written & (1ull << GP_VARY_PSIZ))) {
        lay->psiz_off = off;
        off += 1;
    }
    lay->stride = off;
    g->flat = st->flat_shade && (g->col_off[0] >= 0 || g->col_off[1] >= 0);
    g->pv_first = st->provoking_first;
    g->nkeep = 0;
    for (int s = 1; s < GP_VARY_COUNT; s++) {
        if (lay->slot_off[s] < 0)
            continue;
        g->keep_slot[g->nkeep] = (uint8_t)s;
        g->keep_off[g->nkeep] = lay->slot_off[s];
        /* vertex colour clamping applies to floating-point colours only (GL
         * 3.0 2.19.6): a colour an NV4 program writes as integers (MOV.S
         * result.color) keeps its bits; vpi is the geometry program's info
         * when one runs, so its results follow the same rule; CLAMP_VERTEX_COLOR
         * FALSE (ARB_color_buffer_float) keeps every colour's range */
        g->keep_clamp[g->nkeep] = (s == GP_VARY_COL0 || s == GP_VARY_COL1 || s == GP_VARY_BFC0 ||
                                   s == GP_VARY_BFC1) &&
                                  !(vpi->outputs_int & (1ull << s)) && !st->vertex_color_unclamped;
        g->nkeep++;
    }

    /* viewport transform */
    float vw = st->viewport[2] < RAST_MAX_VIEWPORT ? st->viewport[2] : RAST_MAX_VIEWPORT;
    float vh = st->viewport[3] < RAST_MAX_VIEWPORT ? st->viewport[3] : RAST_MAX_VIEWPORT;
    if (!(vw > 0.0f)) vw = 0.0f;
    if (!(vh > 0.0f)) vh = 0.0f;
    g->vp_hx = vw * 0.5f;
    g->vp_hy = vh * 0.5f;
    g->vp_cx = st->viewport[0] + g->vp_hx;
    g->vp_cy = st->viewport[1] + g->vp_hy;
    float n = rast_clampf(st->depth_range[0], 0.0f, 1.0f);
    float f = rast_clampf(st->depth_range[1], 0.0f, 1.0f);
    g->z_scale = (f - n) * 0.5f;
    g->z_bias = (n + f) * 0.5f;

    /* guard band around the visible rectangle (see RAST_GUARD_PIXELS) */
    float gx0 = (float)(l->rect_tri[0] - RAST_GUARD_PIXELS), gx1 = (float)(l->rect_tri[2] + RAST_GUARD_PIXELS);
    float gy0 = (float)(l->rect_tri[1] - RAST_GUARD_PIXELS), gy1 = (float)(l->rect_tri[3] + RAST_GUARD_PIXELS);
    float (*gp)[4] = g->guard_plane;
    gp[0][0] = g->vp_hx;  gp[0][1] = 0.0f;     gp[0][2] = 0.0f; gp[0][3] = g->vp_cx - gx0;
    gp[1][0] = -g->vp_hx; gp[1][1] = 0.0f;     gp[1][2] = 0.0f; gp[1][3] = gx1 - g->vp_cx;
    gp[2][0] = 0.0f;      gp[2][1] = g->vp_hy; gp[2][2] = 0.0f; gp[2][3] = g->vp_cy - gy0;
    gp[3][0] = 0.0f;      gp[3][1] = -g->vp_hy; gp[3][2] = 0.0f; gp[3][3] = gy1 - g->vp_cy;
    uint32_t user = (st->clip_planes & 0xffu) << RAST_CLIP_USER_SHIFT;
    uint32_t zb = st->depth_clamp ? 0u : RAST_CLIP_Z_BITS;
    g->tri_clip_mask = RAST_CLIP_GUARD_BITS | zb | user | RAST_CLIP_NONFINITE;
    g->pl_clip_mask = (0xfu << RAST_CLIP_VIEW_SHIFT) | zb | user | RAST_CLIP_NONFINITE;

    g->point_size = rast_clampf(st->point_size, 1.0f, RAST_MAX_POINT_SIZE);
    g->line_width = rast_clampf(st->line_width, 1.0f, RAST_MAX_LINE_WIDTH);
    /* r, the minimum resolvable difference of GL 2.1 section 3.5.5: depth
     * is stored as a float in [0, 1], but the vertex stage computes window
     * z in single precision, which resolves two polygons near the near
     * plane only 2^-23 apart (piglit's gl-1.4-polygon-offset measures it;
     * llvmpipe's r for a 24-bit buffer is the same) */
    g->offset_units_r = st->offset_units * (1.0f / 8388608.0f);

    size_t need = (size_t)(RAST_CHUNK_ELTS + 2) * lay->stride;
    if (!ensure_floats(&r->verts, &r->verts_cap, need) ||
        !ensure_floats(&r->clipbuf, &r->clipbuf_cap, (size_t)RAST_TMPV * lay->stride))
        return false;
    g->tmpv = r->clipbuf;
    size_t pbytes = rast_prim_size(RAST_MAX_VARY) + 64;
    if (r->prim_scratch_cap < pbytes) {
        unsigned char *p = realloc(r->prim_scratch, pbytes);
        if (!p)
            return false;
        r->prim_scratch = p;
        r->prim_scratch_cap = pbytes;
    }

    /* what the vertex-side programs run with, the same for every task */
    rast_stage_binding_clean(&g->vp, &d->vp, ~0u);
    rast_stage_binding_clean(&g->gp, &d->gp, ~0u);
    rast_stage_binding_clean(&g->tcp, &d->tcp, ~0u);
    rast_stage_binding_clean(&g->tep, &d->tep, ~0u);
    for (int i = 0; i < RAST_MAX_TEXTURE_UNITS; i++) {
        g->units.textures[i] = d->textures[i];
        g->units.lod_bias[i] = d->tex_lod_bias[i];
        g->units.samplers[i] = d->tex_samplers[i];
        tex_unit_prepare(&g->unit_state[i], d->textures[i], d->tex_samplers[i],
                         d->tex_lod_bias[i]);
    }
    g->units.prepared = g->unit_state;
    g->units.num_prepared = RAST_MAX_TEXTURE_UNITS;
    g->units.handles = d->tex_handles;
    g->units.num_handles = d->num_tex_handles;
    /* rast.h "Resources": d's resources, valid while d is (the vertex side
     * runs inside rast_draw_submit); no pixel for faults */
    rast_memory_init(&r->vmem, d->res.space, d->res.storage, d->res.images);
    return true;
}

/* ---- vertex program ------------------------------------------------------------ */

void rast_stage_binding_clean(rast_stage_binding *out, const rast_stage_binding *b, uint32_t used)
{
    *out = *b;
    for (int a = 0; a < GP_MAX_PARAM_BUFFERS; a++) {
        if (!(used & (1u << a)))
            out->param_buffers[a] = NULL;
        if (!out->param_buffers[a])
            out->param_buffer_words[a] = 0;
    }
}

bool rast_vs_run(rast_geom *g, const int *ids, int m)
{
    rast_context *r = g->r;
    const rast_draw *d = g->d;
    const gp_program_info *vpi = gp_program_get_info(d->vp.prog);
    uint64_t rd = vpi->inputs_read & ((1ull << GP_VIN_COUNT) - 1);
    while (rd) {
        int s = __builtin_ctzll(rd);
        rd &= rd - 1;
        fetch_attrib(&d->attribs[s], ids, m, &r->vin[s]);
    }
    /* LONG ATTRIB high words (glprog.h GP_VIN_LONG_HI): rows GP_VIN_LONG_HI + n
     * (a program reading one reads its low row n too, fetched above; a 64-bit
     * array's low words are written again here, the same words) */
    uint64_t rh = vpi->inputs_read >> GP_VIN_LONG_HI & ((1ull << GP_VIN_COUNT) - 1);
    while (rh) {
        int s = __builtin_ctzll(rh);
        rh &= rh - 1;
        fetch_attrib_long(&d->attribs[s], ids, m, &r->vin[s], &r->vin[GP_VIN_LONG_HI + s]);
    }
    /* NV_vertex_program4 vertex.id (the element's vertex number: the
     * index, or first + k) and vertex.instance: (n, 0, 0, 0) integers */
    if (vpi->inputs_read & (1ull << GP_VIN_VERTEXID)) {
        memset(&r->vin[GP_VIN_VERTEXID], 0, sizeof r->vin[GP_VIN_VERTEXID]);
        for (int i = 0; i < m; i++)
            r->vin[GP_VIN_VERTEXID].c[0][i].i = ids[i];
    }
    if (vpi->inputs_read & (1ull << GP_VIN_INSTANCEID)) {
        memset(&r->vin[GP_VIN_INSTANCEID], 0, sizeof r->vin[GP_VIN_INSTANCEID]);
        for (int i = 0; i < m; i++)
            r->vin[GP_VIN_INSTANCEID].c[0][i].i = g->instance;
    }
    gp_exec_env env;
    rast_stage_env(&g->vp, r->vmachine, rast_tex_fn, &g->units, r->insn_budget, &r->vmem, "vertex program", &env);
    env.inputs = r->vin;
    env.outputs = r->vout;
    env.live_mask = (m == 32 ? 0xffffffffu : (1u << m) - 1u);
    gp_exec(g->vp.prog, &env);
    r->stats.vertices_shaded += (uint64_t)m;
    bool exceeded = env.status == GP_EXEC_BUDGET_EXCEEDED;
    r->stats.budget_exceeded += exceeded;
    rast_budget_charge(r, RAST_STAGE_VERTEX, env.insn_used, exceeded);
    return !exceeded;
}

bool rast_vertex_run_one(rast_context *r, const gp_program *vp, uint32_t id,
                         const gp_val (*params)[4], const gp_vec *in, gp_vec *out, gp_tex_fn tex,
                         void *tex_user)
{
    rast_stage_binding b;
    memset(&b, 0, sizeof b);
    b.prog = vp;
    b.id = id;
    b.params = params;
    return rast_vertex_run_lanes(r, &b, in, out, 1, tex, tex_user);
}

bool rast_vertex_run_lanes(rast_context *r, const rast_stage_binding *vp, const gp_vec *in,
                           gp_vec *out, uint32_t live_mask, gp_tex_fn tex, void *tex_user)
{
    rast_stage_binding b;
    rast_stage_binding_clean(&b, vp, ~0u);
    gp_exec_env env;
    rast_stage_env(&b, r->vmachine, tex, tex_user, r->insn_budget, NULL, NULL, &env);
    env.inputs = in;
    env.outputs = out;
    env.live_mask = live_mask;
    gp_exec(b.prog, &env);
    if (env.status != GP_EXEC_BUDGET_EXCEEDED)
        return true;
    r->stats.budget_exceeded++;
    rast_budget_report_vertex(r, vp->id, vp->prog);
    return false;
}

static inline void vertex_record(const rast_geom *g, const gp_vec *out, int i, float *v, bool dead)
{
    const rast_vlayout *lay = &g->lay;
    for (int c = 0; c < 4; c++)
        v[RAST_V_CLIP + c] = out[GP_VARY_POS].c[c][i].f;
    for (int k = 0; k < g->nkeep; k++) {
        const gp_vec *o = &out[g->keep_slot[k]];
        float *dst = v + g->keep_off[k];
        if (g->keep_clamp[k]) {
            /* vertex colour clamping (GL 2.0 2.14.8, CLAMP_VERTEX_COLOR) */
            for (int c = 0; c < 4; c++)
                dst[c] = rast_clampf(o->c[c][i].f, 0.0f, 1.0f);
        } else {
            /* raw 32-bit words: integer results keep their bits */
            for (int c = 0; c < 4; c++)
                memcpy(&dst[c], &o->c[c][i], sizeof(float));
        }
    }
    if (lay->clip_off >= 0)
        for (int c = 0; c < 8; c++)
            v[lay->clip_off + c] = out[GP_VARY_CLIP0 + (c >> 2)].c[c & 3][i].f;
    if (lay->psiz_off >= 0)
        v[lay->psiz_off] = out[GP_VARY_PSIZ].c[0][i].f;
    rast_clip_project(g, v);
    uint32_t code = dead ? 0xffffffffu : rast_clip_outcode(g, v);
    memcpy(&v[RAST_V_CODE], &code, sizeof(code));
}

void rast_vertex_record(const rast_geom *g, const gp_vec *out, int lane, float *v, bool dead)
{
    vertex_record(g, out, lane, v, dead);
}

/* Shades the vertices ids[0..n) into records verts[first_rec..]. */
static void shade_vertices(rast_geom *g, const int *ids, int n, int first_rec)
{
    rast_context *r = g->r;
    const rast_vlayout *lay = &g->lay;
    for (int b = 0; b < n; b += GP_LANES) {
        int m = n - b < GP_LANES ? n - b : GP_LANES;
        /* a stopped draw (rast_budget.c) runs no more tasks: dead vertices */
        bool dead = rast_budget_stopped(r) || !rast_vs_run(g, ids + b, m);
        for (int i = 0; i < m; i++) {
            float *v = r->verts + (size_t)(first_rec + b + i) * lay->stride;
            vertex_record(g, r->vout, i, v, dead);
            const rast_draw *d = g->d;
            v[RAST_V_EDGE] = d->edge_flags ? (d->edge_flags[(size_t)ids[b + i] * d->edge_flag_stride] ? 1.0f : 0.0f)
                                           : (d->edge_flag_false ? 0.0f : 1.0f);
        }
    }
}

/* Default values for kept slots the vertex program never writes. */
static void init_unwritten_outputs(rast_geom *g)
{
    rast_context *r = g->r;
    const gp_program_info *vpi = gp_program_get_info(g->d->vp.prog);
    for (int s = 0; s < GP_VARY_COUNT; s++) {
        bool kept = (s == GP_VARY_POS) || g->lay.slot_off[s] >= 0 ||
                    ((s == GP_VARY_CLIP0 || s == GP_VARY_CLIP1) && g->lay.clip_off >= 0) ||
                    (s == GP_VARY_PSIZ && g->lay.psiz_off >= 0);
        if (!kept || (vpi->outputs_written & (1ull << s)))
            continue;
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < GP_LANES; i++)
                r->vout[s].c[c][i].f = c == 3 ? 1.0f : 0.0f;
    }
}

/* ---- primitive assembly -------------------------------------------------------- */

#define V(k) (verts + (size_t)slot[k] * stride)
/* element k's edge flag as bit 0 (rast_draw.edge_flags) */
#define EF(k) (V(k)[RAST_V_EDGE] != 0.0f ? 1u : 0u)
/* primitive.id for fragment programs (EDGE.PRIMITIVE_ID): the primitive's
 * number in the draw, written into the provoking vertex's GP_VARY_PRIMID .x
 * (a flat slot) just before the primitive is clipped */
#define PID(v, id)                                                               \
    do {                                                                         \
        if (po >= 0) {                                                           \
            int32_t id_ = (int32_t)(id);                                         \
            memcpy((v) + po, &id_, sizeof(id_));                                 \
        }                                                                        \
    } while (0)

/* slot[k]: the record of chunk element k; pos[k]: its position in the draw. */
static void assemble(rast_geom *g, GLenum mode, const int *slot, const long *pos, int n,
                     bool first_chunk, bool last_chunk)
{
    float *verts = g->r->verts;
    size_t stride = (size_t)g->lay.stride;
    int po = g->lay.slot_off[GP_VARY_PRIMID];
    /* the provoking vertex (EXT_provoking_vertex table 2.X): last by
     * default, first of the primitive under FIRST_VERTEX_CONVENTION */
    bool pf = g->pv_first;
    switch (mode) {
    case GL_POINTS:
        for (int k = 0; k < n; k++) {
            PID(V(k), pos[k]);
            rast_clip_point(g, V(k));
        }
        break;
    case GL_LINES:
        for (int k = 0; k + 1 < n; k += 2) {
            float *pv = pf ? V(k) : V(k + 1);
            PID(pv, pos[k] / 2);
            g->stipple_count = 0; /* each independent segment restarts the stipple */
            rast_clip_line(g, V(k), V(k + 1), pv);
        }
        break;
    case GL_LINE_STRIP:
    case GL_LINE_LOOP:
        for (int k = 0; k + 1 < n; k++) {
            float *pv = pf ? V(k) : V(k + 1);
            PID(pv, pos[k]);
            if (pos[k] == 0 && k == 0)
                g->stipple_count = 0; /* a strip starts (chunks continue it) */
            rast_clip_line(g, V(k), V(k + 1), pv);
        }
        break;
    case GL_TRIANGLES:
        for (int k = 0; k + 2 < n; k += 3) {
            float *pv = pf ? V(k) : V(k + 2);
            PID(pv, pos[k] / 3);
            rast_clip_triangle(g, V(k), V(k + 1), V(k + 2), pv, EF(k) | EF(k + 1) << 1 | EF(k + 2) << 2);
        }
        break;
    case GL_TRIANGLE_STRIP:
        for (int k = 0; k + 2 < n; k++) {
            float *pv = pf ? V(k) : V(k + 2);
            PID(pv, pos[k]);
            if (k & 1)
                rast_clip_triangle(g, V(k + 1), V(k), V(k + 2), pv, 7);
            else
                rast_clip_triangle(g, V(k), V(k + 1), V(k + 2), pv, 7);
        }
        break;
    case GL_TRIANGLE_FAN:
        for (int k = 1; k + 1 < n; k++) {
            float *pv = pf ? V(k) : V(k + 1);
            PID(pv, pos[k] - 1);
            rast_clip_triangle(g, V(0), V(k), V(k + 1), pv, 7);
        }
        break;
    case GL_POLYGON:
        PID(V(0), 0);
        for (int k = 1; k + 1 < n; k++) {
            unsigned flags = EF(k) << 1;                          /* k -> k+1 */
            if (first_chunk && k == 1) flags |= EF(0);            /* 0 -> 1 */
            if (last_chunk && k + 2 == n) flags |= EF(k + 1) << 2; /* n-1 -> 0 */
            rast_clip_triangle(g, V(0), V(k), V(k + 1), V(0), flags);
        }
        break;
    case GL_QUADS:
        for (int k = 0; k + 3 < n; k += 4) {
            PID(V(k + 3), pos[k] / 4);
            rast_clip_triangle(g, V(k), V(k + 1), V(k + 2), V(k + 3), EF(k) | EF(k + 1) << 1);
            rast_clip_triangle(g, V(k), V(k + 2), V(k + 3), V(k + 3), EF(k + 2) << 1 | EF(k + 3) << 2);
        }
        break;
    case GL_QUAD_STRIP:
        for (int k = 0; k + 3 < n; k += 2) {
            /* quad (k, k+1, k+3, k+2) in polygon order */
            PID(V(k + 3), pos[k] / 2);
            rast_clip_triangle(g, V(k), V(k + 1), V(k + 3), V(k + 3), 3u);
            rast_clip_triangle(g, V(k), V(k + 3), V(k + 2), V(k + 3), 6u);
        }
        break;
    /* NV_geometry_program4 2.6.1: without a geometry program the adjacent
     * vertices are ignored; provoking vertices per EXT_provoking_vertex */
    case GL_LINES_ADJACENCY_EXT:
        for (int k = 0; k + 3 < n; k += 4) {
            float *pv = pf ? V(k + 1) : V(k + 2);
            PID(pv, pos[k] / 4);
            rast_clip_line(g, V(k + 1), V(k + 2), pv);
        }
        break;
    case GL_LINE_STRIP_ADJACENCY_EXT:
        for (int k = 0; k + 3 < n; k++) {
            float *pv = pf ? V(k + 1) : V(k + 2);
            PID(pv, pos[k]);
            rast_clip_line(g, V(k + 1), V(k + 2), pv);
        }
        break;
    case GL_TRIANGLES_ADJACENCY_EXT:
        for (int k = 0; k + 5 < n; k += 6) {
            float *pv = pf ? V(k) : V(k + 4);
            PID(pv, pos[k] / 6);
            rast_clip_triangle(g, V(k), V(k + 2), V(k + 4), pv, 7);
        }
        break;
    case GL_TRIANGLE_STRIP_ADJACENCY_EXT:
        /* Table X.1: triangle i is (2i, 2i+2, 2i+4), or (2i+2, 2i, 2i+4) for
         * odd i (0-based vertices); chunks start at even positions */
        for (int k = 0; k + 4 < n; k += 2) {
            long i = pos[k] / 2;
            float *pv = pf ? V(k) : V(k + 4);
            PID(pv, i);
            if (i & 1)
                rast_clip_triangle(g, V(k + 2), V(k), V(k + 4), pv, 7);
            else
                rast_clip_triangle(g, V(k), V(k + 2), V(k + 4), pv, 7);
        }
        break;
    default:
        break;
    }
}
#undef V
#undef EF
#undef PID

/* ---- draw driver --------------------------------------------------------------- */

int rast_index_at(const rast_draw *d, long pos)
{
    long i = (long)d->first + pos;
    switch (d->index_type) {
    case GL_UNSIGNED_BYTE: return ((const uint8_t *)d->indices)[i] + d->base_vertex;
    case GL_UNSIGNED_SHORT: { uint16_t v; memcpy(&v, (const uint16_t *)d->indices + i, 2); return v + d->base_vertex; }
    case GL_UNSIGNED_INT: { uint32_t v; memcpy(&v, (const uint32_t *)d->indices + i, 4); return (int)(v + (uint32_t)d->base_vertex); }
    default: return (int)(d->first + pos);
    }
}

/* Shades the chunk's elements (draw positions pos[0..n)) and assembles them. */
static void run_chunk(rast_geom *g, GLenum mode, const long *pos, int n, bool first, bool last,
                      int *uniq, int *slot_of)
{
    const rast_draw *d = g->d;
    if (rast_budget_stopped(g->r))
        return; /* the draw was stopped (rast_budget.c) */
    int nu = 0;
    if (d->index_type) {
        /* each distinct index shaded once per chunk (open addressing) */
        enum { HBITS = RAST_CHUNK_HBITS, HSIZE = 1 << HBITS };
        int *hkey = g->r->chunk->hkey, *hval = g->r->chunk->hval;
        memset(hval, 0xff, HSIZE * sizeof(*hval));
        for (int k = 0; k < n; k++) {
            int id = rast_index_at(d, pos[k]);
            unsigned h = ((unsigned)id * 2654435761u) >> (32 - HBITS);
            while (hval[h] >= 0 && hkey[h] != id)
                h = (h + 1) & (HSIZE - 1);
            if (hval[h] < 0) {
                hkey[h] = id;
                hval[h] = nu;
                uniq[nu++] = id;
            }
            slot_of[k] = hval[h];
        }
    } else {
        /* distinct positions, except the repeated first vertex of loops */
        for (int k = 0; k < n; k++) {
            if (k > 0 && pos[k] == pos[0] && mode == GL_LINE_LOOP) {
                slot_of[k] = 0;
                continue;
            }
            slot_of[k] = nu;
            uniq[nu++] = d->first + (int)pos[k];
        }
    }
    shade_vertices(g, uniq, nu, 0);
    assemble(g, mode, slot_of, pos, n, first, last);
}

static GLenum run_draw(rast_context *r, const rast_draw *d);

/* The draw, counted against its instruction budget (rast_budget.c). */
GLenum rast_vertex_run_draw(rast_context *r, const rast_draw *d)
{
    rast_budget_draw_begin(r, d);
    GLenum e = run_draw(r, d);
    rast_budget_draw_end(r);
    return e;
}

static GLenum run_draw(rast_context *r, const rast_draw *d)
{
    rast_scene *s = &r->scene;
    if (!rast_scene_begin(s, d->fb)) {
        if (!s->has_fb)
            return GL_OUT_OF_MEMORY;
        rast_flush_internal(r); /* another framebuffer: finish the old scene */
        if (!rast_scene_begin(s, d->fb))
            return GL_OUT_OF_MEMORY;
    }
    rast_dstate *ds = rast_dstate_get(r, d);
    if (!ds) {
        rast_flush_internal(r);
        if (!rast_scene_begin(s, d->fb) || !(ds = rast_dstate_get(r, d)))
            return GL_OUT_OF_MEMORY;
    }
    rast_geom g;
    if (!geom_init(&g, r, d, ds))
        return GL_OUT_OF_MEMORY;
    if (d->tep.prog)
        return rast_tess_run_draw(&g);
    if (d->gp.prog)
        return rast_gs_run_draw(&g);
    init_unwritten_outputs(&g);

    GLenum mode = d->mode;
    long n = d->count;
    int per = 1;
    switch (mode) {
    case GL_LINES: per = 2; break;
    case GL_TRIANGLES: per = 3; break;
    case GL_QUADS: case GL_LINES_ADJACENCY_EXT: per = 4; break;
    case GL_TRIANGLES_ADJACENCY_EXT: per = 6; break;
    case GL_QUAD_STRIP: case GL_TRIANGLE_STRIP_ADJACENCY_EXT: n &= ~1L; break;
    default: break;
    }
    n -= n % per;
    long min_n;
    switch (mode) {
    case GL_POINTS: min_n = 1; break;
    case GL_LINES: case GL_LINE_STRIP: case GL_LINE_LOOP: min_n = 2; break;
    case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: case GL_POLYGON: min_n = 3; break;
    case GL_QUADS: case GL_QUAD_STRIP: case GL_LINES_ADJACENCY_EXT: case GL_LINE_STRIP_ADJACENCY_EXT:
        min_n = 4;
        break;
    case GL_TRIANGLES_ADJACENCY_EXT: case GL_TRIANGLE_STRIP_ADJACENCY_EXT: min_n = 6; break;
    default: return GL_NO_ERROR;
    }
    if (n < min_n)
        return GL_NO_ERROR;

    long *pos = r->chunk->pos;
    int *uniq = r->chunk->uniq, *slot_of = r->chunk->slot_of;
    const int C = RAST_CHUNK_ELTS;

    for (int inst = 0; inst < d->instance_count; inst++) {
        g.instance = inst;
        switch (mode) {
        case GL_POINTS: case GL_LINES: case GL_TRIANGLES: case GL_QUADS:
        case GL_LINES_ADJACENCY_EXT: case GL_TRIANGLES_ADJACENCY_EXT:
            for (long s0 = 0; s0 < n; s0 += C) {
                int m = (int)(n - s0 < C ? n - s0 : C);
                for (int k = 0; k < m; k++)
                    pos[k] = s0 + k;
                run_chunk(&g, mode, pos, m, true, true, uniq, slot_of);
            }
            break;
        case GL_LINE_STRIP: case GL_LINE_LOOP: {
            long len = mode == GL_LINE_LOOP ? n + 1 : n;
            for (long s0 = 0; s0 + 1 < len; s0 += C - 1) {
                int m = (int)(len - s0 < C ? len - s0 : C);
                for (int k = 0; k < m; k++)
                    pos[k] = (s0 + k) < n ? s0 + k : 0;
                run_chunk(&g, mode, pos, m, true, true, uniq, slot_of);
            }
            break;
        }
        case GL_TRIANGLE_STRIP: case GL_QUAD_STRIP:
            for (long s0 = 0; s0 + 2 < n; s0 += C - 2) {
                int m = (int)(n - s0 < C ? n - s0 : C);
                for (int k = 0; k < m; k++)
                    pos[k] = s0 + k;
                run_chunk(&g, mode, pos, m, true, true, uniq, slot_of);
            }
            break;
        case GL_LINE_STRIP_ADJACENCY_EXT: case GL_TRIANGLE_STRIP_ADJACENCY_EXT: {
            /* chunks overlap by the vertices the next primitive needs: 3
             * (line i is i+1 -> i+2) or 4 (triangle i spans 2i..2i+4; even
             * chunk starts keep the odd/even order) */
            int ov = mode == GL_LINE_STRIP_ADJACENCY_EXT ? 3 : 4;
            for (long s0 = 0; s0 + ov < n; s0 += C - ov) {
                int m = (int)(n - s0 < C ? n - s0 : C);
                for (int k = 0; k < m; k++)
                    pos[k] = s0 + k;
                run_chunk(&g, mode, pos, m, true, true, uniq, slot_of);
            }
            break;
        }
        case GL_TRIANGLE_FAN: case GL_POLYGON:
            for (long s0 = 1; s0 + 1 < n; s0 += C - 2) {
                int run = (int)(n - s0 < C - 1 ? n - s0 : C - 1);
                pos[0] = 0;
                for (int k = 0; k < run; k++)
                    pos[k + 1] = s0 + k;
                run_chunk(&g, mode, pos, run + 1, s0 == 1, s0 + run == n, uniq, slot_of);
            }
            break;
        default:
            break;
        }
        if (g.err || rast_budget_stopped(r))
            break;
    }
    return g.err;
}
