/*
 * rast_geometry.c - the geometry-program stage (NV_geometry_program4 section
 * 2.14.6).  Stage: geometry front end (producer side).  Thread: API thread.
 *
 * A draw with rast_draw.gp.prog runs, in batches of GS_BATCH input primitives:
 *
 *   1. input primitive assembly (2.14.6.1): the draw mode's primitives in the
 *      vertex order the program sees (vertex[0..n)), with primitive.id = the
 *      primitive's number in the draw, from 0 per draw and per instance
 *      (EDGE.PRIMITIVE_ID: a quad's two triangles share its number, POLYGON
 *      is 0).  POINTS <- POINTS; LINES <- LINES, LINE_STRIP, LINE_LOOP;
 *      LINES_ADJACENCY <- LINES_ADJACENCY, LINE_STRIP_ADJACENCY (2.6.1);
 *      TRIANGLES <- TRIANGLES, TRIANGLE_STRIP (odd triangles (i+1, i, i+2)),
 *      TRIANGLE_FAN (0, i+1, i+2), QUADS and QUAD_STRIP (two triangles a
 *      quad, (0, 1, 2) (0, 2, 3) of the quad in polygon order: same
 *      orientation), POLYGON (a fan); TRIANGLES_ADJACENCY <-
 *      TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY (Table X.1, with its
 *      first / last / only rows).  A mode the program does not accept draws
 *      nothing (the GL layer has raised INVALID_OPERATION, EDGE.PRIM_MODE).
 *   2. the vertex program on the batch's distinct vertices (same vertex
 *      number -> shaded once), keeping every slot the geometry program reads
 *      as raw 32-bit words (integers survive);
 *   3. the geometry program on GP_LANES primitives a task (a lane per
 *      primitive), input row v * GP_VARY_COUNT + s = vertex v's slot s,
 *      primitive.id in row GP_VARY_PRIMID of vertex 0.  Its EMIT callback
 *      turns the lane's result registers into a vertex record (rast_vlayout:
 *      colours clamped, projected, outcode) in the lane's list, ENDPRIM marks
 *      the next vertex as a strip start;
 *   4. afterwards, lanes in primitive order, every strip becomes points, a
 *      line strip or a triangle strip (PRIMITIVE_OUT; odd triangles swap
 *      their first two vertices) fed to rast_clip_point/line/triangle with
 *      the provoking vertex (last vertex of each line or triangle, first
 *      under provoking_first).  A strip too short for one primitive draws
 *      nothing (EDGE.GP_INCOMPLETE).
 *
 * Choices where the spec leaves freedom:
 *   - EDGE.EMIT_LIMIT: EMITs past the vertex limit (VERTICES_OUT, or
 *     rast_draw.gp_vertex_limit) have no effect; the program runs on, and
 *     the vertices emitted before are drawn.
 *   - a task that runs out of instruction budget (an endless program) is
 *     stopped, counted in budget_exceeded, and draws nothing, nor does the
 *     rest of the draw (rast_budget.c: any stage's stop ends the draw), so
 *     an endless program costs one task's budget per draw; a primitive whose
 *     input vertex's vertex task ran out draws nothing.
 *   - result.layer (4.4.7): with a layered framebuffer (fb->layers > 1) and
 *     a program writing result.layer, each point/line/triangle goes to the
 *     layer in the provoking vertex's result.layer.x (an integer); a layer
 *     outside [0, layers) is undefined in the spec: asmgl draws such a
 *     primitive nowhere.  Otherwise every primitive goes to layer 0.
 *   - result.primid reaches fragment programs through the GP_VARY_PRIMID
 *     slot of the provoking vertex (a flat slot); unwritten, it is whatever
 *     the result register last held (undefined in the spec).
 *
 * NV_gpu_program5 additions:
 *   - INVOCATIONS n (2.14.6.x instanced geometry programs): a lane is one
 *     (input primitive, invocation) pair, lanes in primitive-major order, so
 *     invocation i's output primitives follow invocation i-1's for the same
 *     input primitive and all of them precede the next input primitive's
 *     (GL's order).  Each invocation has the whole vertex limit
 *     (EDGE.GP_INVOC_LIMIT: the limits are per invocation).
 *     primitive.invocation = i and primitive.vertexcount (the input
 *     primitive's vertex count: 1 2 4 3 6, or the patch size) come in row
 *     GP_VARY_PRIMINFO of vertex 0 (x, y), like primitive.id.
 *   - PRIMITIVE_IN PATCHES: mode GL_PATCHES with rast_draw.patch_vertices n:
 *     count / n patches (a partial last patch is dropped), vertex[m] = the
 *     patch's m-th vertex for m < n; vertex[m] for n <= m < 32 reads (0, 0,
 *     0, 0).  There is no tessellation stage: primitive.tessouter[n] /
 *     tessinner[n] / patch.attrib[n] read 0 in every component (the parser
 *     binds them to GP_VARY_PRIMINFO.z, kept 0 here).
 *   - EMITS s: the executor hands only stream-0 vertices to gs_emit (see
 *     glprog.h); other streams' vertices are dropped (no transform
 *     feedback), and a stream outside [0, 4) too.
 */
#include <stdlib.h>

#include "rast_priv.h"

#define GS_BATCH 512            /* input primitives per batch, a multiple of GP_LANES */
#define GS_MAX_VIN GP_MAX_PATCH_VERTICES /* patches; 6 for the other input types */
#define GS_HBITS 15                       /* > GS_BATCH * GS_MAX_VIN entries */
#define GS_HSIZE (1 << GS_HBITS)
#define GS_MAX_VERTICES_OUT 1024 /* bound of the per-lane output lists */

struct rast_gs {
    gp_vec inputs[GS_MAX_VIN * GP_VARY_COUNT];
    gp_vec outputs[GP_VARY_COUNT];
    /* the batch's distinct vertices: vertex number, dead flag, kept slots */
    int uniq[GS_BATCH * GS_MAX_VIN];
    uint8_t vdead[GS_BATCH * GS_MAX_VIN];
    int hkey[GS_HSIZE], hval[GS_HSIZE];
    gp_val *vsout;              /* uniq x nslot x 4 words */
    size_t vsout_cap;
    int prim_v[GS_BATCH][GS_MAX_VIN]; /* distinct-vertex index of each input vertex */
    int prim_id[GS_BATCH];
    /* per lane: emitted vertex records, strip starts, layers */
    float *overts;
    uint8_t *ostart;
    int32_t *olayer;
    size_t ocap;                /* ostart / olayer entries */
    size_t ocap_floats;         /* overts floats */
    int ocount[GP_LANES];
    bool obreak[GP_LANES];
};

void rast_gs_free(struct rast_gs *gs)
{
    if (!gs)
        return;
    free(gs->vsout);
    free(gs->overts);
    free(gs->ostart);
    free(gs->olayer);
    free(gs);
}

/* ---- input primitives ------------------------------------------------------------ */

/* Number of input primitives of a draw of n vertices in mode, for a program
 * taking prim_in; 0 when the mode does not feed that input type. */
static long gs_count_prims(GLenum mode, long n, int prim_in, int patch_n)
{
    switch (prim_in) {
    case GP_PRIM_PATCHES:
        return mode == GL_PATCHES && patch_n > 0 ? n / patch_n : 0;
    case GP_PRIM_POINTS:
        return mode == GL_POINTS ? n : 0;
    case GP_PRIM_LINES:
        switch (mode) {
        case GL_LINES: return n / 2;
        case GL_LINE_STRIP: return n >= 2 ? n - 1 : 0;
        case GL_LINE_LOOP: return n >= 2 ? n : 0;
        default: return 0;
        }
    case GP_PRIM_LINES_ADJACENCY:
        switch (mode) {
        case GL_LINES_ADJACENCY_EXT: return n / 4;
        case GL_LINE_STRIP_ADJACENCY_EXT: return n >= 4 ? n - 3 : 0;
        default: return 0;
        }
    case GP_PRIM_TRIANGLES:
        switch (mode) {
        case GL_TRIANGLES: return n / 3;
        case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: case GL_POLYGON: return n >= 3 ? n - 2 : 0;
        case GL_QUADS: return n / 4 * 2;
        case GL_QUAD_STRIP: return n >= 4 ? ((n & ~1L) - 2) : 0; /* 2 per quad */
        default: return 0;
        }
    case GP_PRIM_TRIANGLES_ADJACENCY:
        switch (mode) {
        case GL_TRIANGLES_ADJACENCY_EXT: return n / 6;
        case GL_TRIANGLE_STRIP_ADJACENCY_EXT: return n >= 6 ? ((n & ~1L) - 4) / 2 : 0;
        default: return 0;
        }
    default:
        return 0;
    }
}

/* Draw positions of input primitive i's vertices in program order
 * (vertex[0..]); returns its primitive.id. */
static long gs_prim_verts(GLenum mode, long n, long i, long *p, int patch_n)
{
    switch (mode) {
    case GL_PATCHES:
        for (int k = 0; k < patch_n; k++)
            p[k] = (long)patch_n * i + k;
        return i;
    case GL_POINTS: p[0] = i; return i;
    case GL_LINES: p[0] = 2 * i; p[1] = 2 * i + 1; return i;
    case GL_LINE_STRIP: p[0] = i; p[1] = i + 1; return i;
    case GL_LINE_LOOP: p[0] = i; p[1] = i + 1 < n ? i + 1 : 0; return i;
    case GL_LINES_ADJACENCY_EXT:
        for (int k = 0; k < 4; k++)
            p[k] = 4 * i + k;
        return i;
    case GL_LINE_STRIP_ADJACENCY_EXT:
        /* segment i: i+1 -> i+2, adjacent i and i+3 (0-based) */
        for (int k = 0; k < 4; k++)
            p[k] = i + k;
        return i;
    case GL_TRIANGLES: p[0] = 3 * i; p[1] = 3 * i + 1; p[2] = 3 * i + 2; return i;
    case GL_TRIANGLE_STRIP:
        if (i & 1) { p[0] = i + 1; p[1] = i; }
        else { p[0] = i; p[1] = i + 1; }
        p[2] = i + 2;
        return i;
    case GL_TRIANGLE_FAN: p[0] = 0; p[1] = i + 1; p[2] = i + 2; return i;
    case GL_POLYGON: p[0] = 0; p[1] = i + 1; p[2] = i + 2; return 0;
    case GL_QUADS: {
        long q = 4 * (i / 2);
        p[0] = q;
        p[1] = (i & 1) ? q + 2 : q + 1;
        p[2] = (i & 1) ? q + 3 : q + 2;
        return i / 2;
    }
    case GL_QUAD_STRIP: {
        /* quad q = (2q, 2q+1, 2q+3, 2q+2) in polygon order */
        long q = 2 * (i / 2);
        p[0] = q;
        p[1] = (i & 1) ? q + 3 : q + 1;
        p[2] = (i & 1) ? q + 2 : q + 3;
        return i / 2;
    }
    case GL_TRIANGLES_ADJACENCY_EXT:
        /* 6i+1st, 3rd, 5th are the triangle, 2nd, 4th, 6th adjacent to its
         * edges: already the program's order */
        for (int k = 0; k < 6; k++)
            p[k] = 6 * i + k;
        return i;
    case GL_TRIANGLE_STRIP_ADJACENCY_EXT: {
        /* Table X.1 (1-based there, 0-based offsets from 2i here):
         *   vertex[0] vertex[2] vertex[4]: 1st 2nd 3rd; [1] [3] [5]: 1/2 2/3 3/1 */
        long ntri = ((n & ~1L) - 4) / 2, b = 2 * i;
        bool odd = i & 1, first = i == 0, last = i == ntri - 1;
        p[0] = odd ? b + 2 : b;
        p[2] = odd ? b : b + 2;
        p[4] = b + 4;
        p[1] = first ? b + 1 : b - 2;
        if (first && last) {          /* only: 2 6 4 */
            p[3] = b + 5;
            p[5] = b + 3;
        } else if (first) {           /* first: 2 7 4 */
            p[3] = b + 6;
            p[5] = b + 3;
        } else if (last) {            /* last: odd 2i+4 2i+6, even 2i+6 2i+4 */
            p[3] = odd ? b + 3 : b + 5;
            p[5] = odd ? b + 5 : b + 3;
        } else {                      /* middle: odd 2i+4 2i+7, even 2i+7 2i+4 */
            p[3] = odd ? b + 3 : b + 6;
            p[5] = odd ? b + 6 : b + 3;
        }
        return i;
    }
    default:
        return i;
    }
}

/* ---- EMIT / ENDPRIM ---------------------------------------------------------------- */

typedef struct gs_emit_ctx {
    rast_geom *g;
    struct rast_gs *gs;
    int vmax;
    bool layer_written;
} gs_emit_ctx;

static void gs_emit(void *user, int what, const gp_vec *out, uint32_t mask)
{
    gs_emit_ctx *c = user;
    struct rast_gs *gs = c->gs;
    size_t stride = (size_t)c->g->lay.stride;
    while (mask) {
        int l = __builtin_ctz(mask);
        mask &= mask - 1;
        if (l >= GP_LANES)
            break;
        if (what == GP_EMIT_ENDPRIM) {
            gs->obreak[l] = true;
            continue;
        }
        int k = gs->ocount[l];
        if (k >= c->vmax)
            continue; /* EDGE.EMIT_LIMIT: no effect past the vertex limit */
        size_t idx = (size_t)l * (size_t)c->vmax + (size_t)k;
        rast_vertex_record(c->g, out, l, gs->overts + idx * stride, false);
        gs->ostart[idx] = k == 0 || gs->obreak[l];
        gs->olayer[idx] = c->layer_written ? out[GP_VARY_LAYER].c[0][l].i : 0;
        gs->obreak[l] = false;
        gs->ocount[l] = k + 1;
    }
}

/* Before a draw's geometry tasks: the results the program never writes
 * get their defaults (0, 0, 0, 1) once; *layers is the number of layers a
 * primitive may choose (1 unless the program writes result.layer and the
 * framebuffer is layered); returns the EMIT state. */
static gs_emit_ctx gs_begin(rast_context *r, rast_geom *g, struct rast_gs *gs, int vmax,
                            int *layers)
{
    const gp_program_info *gpi = gp_program_get_info(g->gp.prog);
    for (int s = 0; s < GP_VARY_COUNT; s++) {
        if (gpi->outputs_written & (1ull << s))
            continue;
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < GP_LANES; i++)
                gs->outputs[s].c[c][i].f = c == 3 ? 1.0f : 0.0f;
    }
    *layers = r->scene.layers > 1 && (gpi->outputs_written & (1ull << GP_VARY_LAYER))
                  ? r->scene.layers : 1;
    g->layer = 0;
    return (gs_emit_ctx){g, gs, vmax, *layers > 1};
}

/* Runs the geometry program over the lanes of live with ec's EMIT state,
 * counting them and charging the draw's budget; false when the task's
 * primitives must draw nothing (it stopped, or a budget stop ends the
 * draw). */
static bool gs_run(rast_context *r, rast_geom *g, gs_emit_ctx *ec, uint32_t live)
{
    gp_exec_env env;
    rast_stage_env(&g->gp, r->vmachine, rast_tex_fn, &g->units, r->insn_budget, &r->vmem,
                   "geometry program", &env);
    env.inputs = ec->gs->inputs;
    env.outputs = ec->gs->outputs;
    env.live_mask = live;
    env.emit = gs_emit;
    env.emit_user = ec;
    gp_exec(g->gp.prog, &env);
    r->stats.gs_invocations += (uint64_t)rast_popcount(live);
    bool exceeded = env.status == GP_EXEC_BUDGET_EXCEEDED;
    r->stats.budget_exceeded += exceeded;
    return !rast_budget_charge(r, RAST_STAGE_GEOMETRY, env.insn_used, exceeded) &&
           env.status == GP_EXEC_OK;
}

/* Picks the layer of a primitive from its provoking vertex; false = draw
 * it nowhere (a layer outside the framebuffer's). */
static bool gs_layer(rast_geom *g, const struct rast_gs *gs, size_t pv, int layers)
{
    if (layers <= 1) {
        g->layer = 0;
        return true;
    }
    int32_t l = gs->olayer[pv];
    if (l < 0 || l >= layers)
        return false;
    g->layer = l;
    return true;
}

/* Lane l's strips to clipping, in emission order. */
static void gs_output_lane(rast_geom *g, struct rast_gs *gs, int l, int vmax, int prim_out,
                           int layers)
{
    size_t stride = (size_t)g->lay.stride;
    size_t base = (size_t)l * (size_t)vmax;
    int n = gs->ocount[l];
    bool pf = g->pv_first;
#define OV(j) (gs->overts + (base + (size_t)(j)) * stride)
    for (int a = 0; a < n && !g->err;) {
        int b = a + 1;
        while (b < n && !gs->ostart[base + (size_t)b])
            b++;
        switch (prim_out) {
        case GP_PRIM_POINTS:
            for (int j = a; j < b; j++)
                if (gs_layer(g, gs, base + (size_t)j, layers))
                    rast_clip_point(g, OV(j));
            break;
        case GP_PRIM_LINE_STRIP:
            for (int j = a; j + 1 < b; j++) {
                int pv = pf ? j : j + 1;
                if (gs_layer(g, gs, base + (size_t)pv, layers))
                    rast_clip_line(g, OV(j), OV(j + 1), OV(pv));
            }
            break;
        case GP_PRIM_TRIANGLE_STRIP:
            for (int j = a; j + 2 < b; j++) {
                int pv = pf ? j : j + 2;
                if (!gs_layer(g, gs, base + (size_t)pv, layers))
                    continue;
                if ((j - a) & 1)
                    rast_clip_triangle(g, OV(j + 1), OV(j), OV(j + 2), OV(pv), 7);
                else
                    rast_clip_triangle(g, OV(j), OV(j + 1), OV(j + 2), OV(pv), 7);
            }
            break;
        default:
            break;
        }
        a = b;
    }
#undef OV
}

/* ---- the draw ------------------------------------------------------------------------ */

static bool gs_alloc(rast_context *r, size_t vsout_words)
{
    if (!r->gs) {
        r->gs = calloc(1, sizeof(*r->gs));
        if (!r->gs)
            return false;
    }
    struct rast_gs *gs = r->gs;
    if (gs->vsout_cap < vsout_words) {
        gp_val *p = realloc(gs->vsout, vsout_words * sizeof(gp_val));
        if (!p)
            return false;
        gs->vsout = p;
        gs->vsout_cap = vsout_words;
    }
    return true;
}

static bool gs_alloc_out(struct rast_gs *gs, size_t nverts, size_t stride)
{
    if (gs->ocap_floats < nverts * stride) {
        float *v = realloc(gs->overts, nverts * stride * sizeof(float));
        if (!v)
            return false;
        gs->overts = v;
        gs->ocap_floats = nverts * stride;
    }
    if (gs->ocap < nverts) {
        uint8_t *s = realloc(gs->ostart, nverts);
        if (!s)
            return false;
        gs->ostart = s;
        int32_t *l = realloc(gs->olayer, nverts * sizeof(int32_t));
        if (!l)
            return false;
        gs->olayer = l;
        gs->ocap = nverts;
    }
    return true;
}

GLenum rast_gs_run_draw(rast_geom *g)
{
    rast_context *r = g->r;
    const rast_draw *d = g->d;
    const gp_program_info *gpi = gp_program_get_info(d->gp.prog);
    const gp_program_info *vpi = gp_program_get_info(d->vp.prog);
    static const int vin_of[] = {
        [GP_PRIM_POINTS] = 1, [GP_PRIM_LINES] = 2, [GP_PRIM_LINES_ADJACENCY] = 4,
        [GP_PRIM_TRIANGLES] = 3, [GP_PRIM_TRIANGLES_ADJACENCY] = 6,
        [GP_PRIM_PATCHES] = GP_MAX_PATCH_VERTICES,
    };
    int vin = gpi->gs_vertices_in;
    if (gpi->gs_primitive_in >= sizeof vin_of / sizeof vin_of[0] || vin != vin_of[gpi->gs_primitive_in] ||
        vin < 1 || vin > GS_MAX_VIN)
        return GL_NO_ERROR; /* not a geometry program */
    int rows = vin;     /* vertex rows the program may read */
    if (gpi->gs_primitive_in == GP_PRIM_PATCHES) {
        vin = d->patch_vertices; /* this draw's patch size */
        if (vin < 1 || vin > GS_MAX_VIN)
            return GL_NO_ERROR;
    }
    int ninv = gpi->gs_invocations;
    if (ninv < 1 || ninv > GP_MAX_GS_INVOCATIONS)
        ninv = 1;
    GLenum mode = d->mode;
    long n = d->count;
    long nprims = gs_count_prims(mode, n, gpi->gs_primitive_in, d->patch_vertices);
    if (nprims <= 0)
        return GL_NO_ERROR;
    int vmax = d->gp_vertex_limit > 0 ? d->gp_vertex_limit : gpi->gs_vertices_out;
    if (vmax < 1)
        vmax = 1;
    if (vmax > GS_MAX_VERTICES_OUT)
        vmax = GS_MAX_VERTICES_OUT;

    /* vertex-program results the geometry program reads (primitive.id is
     * not a vertex result) */
    uint64_t rd = gpi->inputs_read & ~(1ull << GP_VARY_PRIMID) & ~(1ull << GP_VARY_PRIMINFO);
    if (GP_VARY_COUNT < 64)
        rd &= (1ull << GP_VARY_COUNT) - 1;
    uint8_t slots[GP_VARY_COUNT];
    int nslot = 0;
    for (uint64_t m = rd; m; m &= m - 1)
        slots[nslot++] = (uint8_t)__builtin_ctzll(m);

    if (!gs_alloc(r, (size_t)GS_BATCH * GS_MAX_VIN * (size_t)(nslot ? nslot : 1) * 4) ||
        !gs_alloc_out(r->gs, (size_t)GP_LANES * (size_t)vmax, (size_t)g->lay.stride))
        return GL_OUT_OF_MEMORY;
    struct rast_gs *gs = r->gs;

    /* results the vertex program never writes read (0, 0, 0, 1) */
    for (int k = 0; k < nslot; k++) {
        int s = slots[k];
        if (vpi->outputs_written & (1ull << s))
            continue;
        for (int c = 0; c < 4; c++)
            for (int i = 0; i < GP_LANES; i++)
                r->vout[s].c[c][i].f = c == 3 ? 1.0f : 0.0f;
    }
    /* patches: the vertices past the patch size read zero */
    for (int v = vin; v < rows; v++)
        for (int k = 0; k < nslot; k++)
            memset(&gs->inputs[(size_t)v * GP_VARY_COUNT + slots[k]], 0, sizeof(gp_vec));
    int layers;
    gs_emit_ctx ec = gs_begin(r, g, gs, vmax, &layers);
    size_t vrec = (size_t)nslot * 4;

    for (int inst = 0; inst < d->instance_count && !g->err && !rast_budget_stopped(r); inst++) {
        g->instance = inst;
        for (long p0 = 0; p0 < nprims && !g->err && !rast_budget_stopped(r); p0 += GS_BATCH) {
            int np = (int)(nprims - p0 < GS_BATCH ? nprims - p0 : GS_BATCH);
            /* assemble the batch; distinct vertex numbers shaded once */
            memset(gs->hval, 0xff, sizeof(gs->hval));
            int nu = 0;
            for (int i = 0; i < np; i++) {
                long pos[GS_MAX_VIN];
                gs->prim_id[i] = (int)gs_prim_verts(mode, n, p0 + i, pos, d->patch_vertices);
                for (int v = 0; v < vin; v++) {
                    int id = rast_index_at(d, pos[v]);
                    unsigned h = ((unsigned)id * 2654435761u) >> (32 - GS_HBITS);
                    while (gs->hval[h] >= 0 && gs->hkey[h] != id)
                        h = (h + 1) & (GS_HSIZE - 1);
                    if (gs->hval[h] < 0) {
                        gs->hkey[h] = id;
                        gs->hval[h] = nu;
                        gs->uniq[nu++] = id;
                    }
                    gs->prim_v[i][v] = gs->hval[h];
                }
            }
            for (int b = 0; b < nu; b += GP_LANES) {
                int m = nu - b < GP_LANES ? nu - b : GP_LANES;
                bool dead = rast_budget_stopped(r) || !rast_vs_run(g, gs->uniq + b, m);
                for (int i = 0; i < m; i++) {
                    gs->vdead[b + i] = dead;
                    gp_val *dst = gs->vsout + (size_t)(b + i) * vrec;
                    for (int k = 0; k < nslot; k++)
                        for (int c = 0; c < 4; c++)
                            dst[k * 4 + c] = r->vout[slots[k]].c[c][i];
                }
            }
            /* the geometry program, GP_LANES (primitive, invocation) pairs a
             * task, primitive-major */
            long nlanes = (long)np * ninv;
            for (long q = 0; q < nlanes && !g->err && !rast_budget_stopped(r); q += GP_LANES) {
                int m = nlanes - q < GP_LANES ? (int)(nlanes - q) : GP_LANES;
                uint32_t live = 0;
                for (int l = 0; l < m; l++) {
                    int pi = (int)((q + l) / ninv), inv = (int)((q + l) % ninv);
                    const int *pv = gs->prim_v[pi];
                    bool ok = true;
                    for (int v = 0; v < vin; v++) {
                        if (gs->vdead[pv[v]])
                            ok = false;
                        const gp_val *src = gs->vsout + (size_t)pv[v] * vrec;
                        gp_vec *row = gs->inputs + (size_t)v * GP_VARY_COUNT;
                        for (int k = 0; k < nslot; k++)
                            for (int c = 0; c < 4; c++)
                                row[slots[k]].c[c][l] = src[k * 4 + c];
                    }
                    gs->inputs[GP_VARY_PRIMID].c[0][l].i = gs->prim_id[pi];
                    gs->inputs[GP_VARY_PRIMINFO].c[0][l].i = inv;
                    gs->inputs[GP_VARY_PRIMINFO].c[1][l].i = vin;
                    gs->inputs[GP_VARY_PRIMINFO].c[2][l].i = 0; /* tessellation bindings: 0 */
                    gs->inputs[GP_VARY_PRIMINFO].c[3][l].i = 0;
                    if (ok)
                        live |= 1u << l;
                    gs->ocount[l] = 0;
                    gs->obreak[l] = false;
                }
                for (int l = m; l < GP_LANES; l++)
                    gs->ocount[l] = 0;
                if (!live)
                    continue;
                if (!gs_run(r, g, &ec, live))
                    continue; /* the task's primitives draw nothing; a stop ends the loops */
                for (int l = 0; l < m && !g->err; l++) {
                    if (!(live & (1u << l)))
                        continue;
                    r->stats.gs_vertices += (uint64_t)gs->ocount[l];
                    gs_output_lane(g, gs, l, vmax, gpi->gs_primitive_out, layers);
                }
            }
        }
    }
    return g->err;
}

/* ---- primitives from the tessellation stage ----------------------------------- */

GLenum rast_gs_run_prims(rast_geom *g, const gp_val *verts, const uint32_t *idx, long nprims, int vin,
                         int32_t first_id)
{
    rast_context *r = g->r;
    const rast_draw *d = g->d;
    const gp_program_info *gpi = gp_program_get_info(d->gp.prog);
    int want = gpi->gs_primitive_in == GP_PRIM_POINTS      ? 1
               : gpi->gs_primitive_in == GP_PRIM_LINES     ? 2
               : gpi->gs_primitive_in == GP_PRIM_TRIANGLES ? 3
                                                           : 0;
    if (want != vin || nprims <= 0)
        return GL_NO_ERROR; /* the GL layer refused the draw (EDGE.PRIM_MODE) */
    int ninv = gpi->gs_invocations;
    if (ninv < 1 || ninv > GP_MAX_GS_INVOCATIONS)
        ninv = 1;
    int vmax = d->gp_vertex_limit > 0 ? d->gp_vertex_limit : gpi->gs_vertices_out;
    if (vmax < 1)
        vmax = 1;
    if (vmax > GS_MAX_VERTICES_OUT)
        vmax = GS_MAX_VERTICES_OUT;
    if (!gs_alloc(r, 4) || !gs_alloc_out(r->gs, (size_t)GP_LANES * (size_t)vmax, (size_t)g->lay.stride))
        return GL_OUT_OF_MEMORY;
    struct rast_gs *gs = r->gs;
    uint64_t rd = gpi->inputs_read & ~(1ull << GP_VARY_PRIMID) & ~(1ull << GP_VARY_PRIMINFO);
    if (GP_VARY_COUNT < 64)
        rd &= (1ull << GP_VARY_COUNT) - 1;
    int layers;
    gs_emit_ctx ec = gs_begin(r, g, gs, vmax, &layers);
    long nlanes = nprims * ninv;
    for (long q = 0; q < nlanes && !g->err && !rast_budget_stopped(r); q += GP_LANES) {
        int m = nlanes - q < GP_LANES ? (int)(nlanes - q) : GP_LANES;
        uint32_t live = 0;
        for (int l = 0; l < m; l++) {
            long pi = (q + l) / ninv;
            int inv = (int)((q + l) % ninv);
            for (int v = 0; v < vin; v++) {
                const gp_val *src = verts + (size_t)idx[pi * vin + v] * GP_VARY_COUNT * 4;
                gp_vec *row = gs->inputs + (size_t)v * GP_VARY_COUNT;
                for (uint64_t mm = rd; mm; mm &= mm - 1) {
                    int s = __builtin_ctzll(mm);
                    for (int c = 0; c < 4; c++)
                        row[s].c[c][l] = src[s * 4 + c];
                }
            }
            gs->inputs[GP_VARY_PRIMID].c[0][l].i = first_id + (int32_t)pi;
            gs->inputs[GP_VARY_PRIMINFO].c[0][l].i = inv;
            gs->inputs[GP_VARY_PRIMINFO].c[1][l].i = vin;
            gs->inputs[GP_VARY_PRIMINFO].c[2][l].i = 0;
            gs->inputs[GP_VARY_PRIMINFO].c[3][l].i = 0;
            live |= 1u << l;
            gs->ocount[l] = 0;
            gs->obreak[l] = false;
        }
        for (int l = m; l < GP_LANES; l++)
            gs->ocount[l] = 0;
        if (!gs_run(r, g, &ec, live))
            continue;
        for (int l = 0; l < m && !g->err; l++) {
            r->stats.gs_vertices += (uint64_t)gs->ocount[l];
            gs_output_lane(g, gs, l, vmax, gpi->gs_primitive_out, layers);
        }
    }
    return g->err;
}
