/*
 * test_exec_geo.c - the executor on NV_geometry_program4 programs compiled
 * from text by gp_compile(GP_STAGE_GEOMETRY) (ctest glprog.exec_geo; both
 * the fast and the generic paths).  A recording gp_emit_fn keeps, per lane,
 * the sequence of EMIT (with the result registers at that moment) and
 * ENDPRIM calls, so each case checks the order and the values a lane
 * emitted: straight-line emission, divergent EMIT inside REP / IF / CAL
 * (only the lanes executing an EMIT get it, in each lane's program order),
 * per-vertex inputs of every binding kind (vertex[m].position / color
 * variants / fogcoord / pointsize / texcoord[n] / attrib[n] / clip[n] / id,
 * primitive.id: row m * GP_VARY_COUNT + slot of the inputs, glprog.h),
 * vertex indices from an integer temporary (per-vertex ATTRIB variables,
 * vertex[A.x] and vertex[A.x][A.y], out of range reading 0), results kept
 * after EMIT, live-mask lanes, emit == NULL, and the request TXFMS hands
 * the sampler (op, target, unit, signed coordinates, offsets, lanes).
 * Expected values are computed by hand from the input encoding below.
 */
/* covers: OP.EMIT OP.ENDPRIM OP.TXFMS EDGE.EMIT_RESULTS DECL.GP_2D_ATTRIB */
/* covers: BIND.G.POSITION BIND.G.COLOR BIND.G.FOG_PSIZE BIND.G.TEXCOORD BIND.G.ATTRIB BIND.G.CLIP BIND.G.ID BIND.G.PRIMID BIND.G.NOVERTEX */
/* covers: HDR.NVGP40 OPT.NV_texture_multisample OPT.NV_explicit_multisample TEX.2DMS TEX.ARRAY2DMS TEX.RENDERBUFFER */
#include "test_exec_common.h"

/* ---- inputs -------------------------------------------------------------- */

/* Input vertex v, slot s, component c of lane l holds the float
 * l * 10000 + v * 1000 + s * 10 + c (exact in binary32), except the integer
 * slots: primitive.id (row GP_VARY_PRIMID of vertex 0) = l % 5 and
 * vertex[v].id (GP_VARY_ID .x) = 100 l + v. */
#define GEO_MAXV 6
static float inval(int l, int v, int s, int c)
{
    return (float)(l * 10000 + v * 1000 + s * 10 + c);
}

static int primid(int l)
{
    return l % 5;
}

typedef struct genv {
    gp_vec in[GEO_MAXV * GP_VARY_COUNT];
    gp_vec out[GP_VARY_COUNT];
    gp_val params[64][4];
    gp_exec_env env;
    gp_machine *m;
} genv;

/* ---- the recording emit callback ----------------------------------------- */

enum { REC_MAX = 40 };
typedef struct rec_ev {
    int what;                      /* GP_EMIT_VERTEX / GP_EMIT_ENDPRIM */
    gp_val v[GP_VARY_COUNT][4];    /* the outputs at the call, this lane */
} rec_ev;
typedef struct rec {
    int n[GP_LANES];
    rec_ev ev[GP_LANES][REC_MAX];
    int calls;
    int bad_calls;                 /* empty masks, lanes outside live_mask, wrong outputs */
    uint32_t live;
    const gp_vec *outputs;
} rec;

static void rec_emit(void *user, int what, const gp_vec *outputs, uint32_t lane_mask)
{
    rec *r = user;
    r->calls++;
    if (lane_mask == 0 || (lane_mask & ~r->live) || outputs != r->outputs ||
        (what != GP_EMIT_VERTEX && what != GP_EMIT_ENDPRIM))
        r->bad_calls++;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(lane_mask >> l & 1))
            continue;
        if (r->n[l] >= REC_MAX) {
            r->bad_calls++;
            continue;
        }
        rec_ev *e = &r->ev[l][r->n[l]++];
        e->what = what;
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                e->v[s][c] = outputs[s].c[c][l];
    }
}

static genv *ge_new(void)
{
    genv *e = calloc(1, sizeof(*e));
    if (!e)
        abort();
    e->m = gp_machine_create();
    if (!e->m)
        abort();
    gp_machine_set_fast_paths(e->m, t_fast_paths != 0);
    for (int v = 0; v < GEO_MAXV; v++)
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    e->in[v * GP_VARY_COUNT + s].c[c][l].f = inval(l, v, s, c);
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_PRIMID].c[0][l].i = primid(l);
        for (int v = 0; v < GEO_MAXV; v++)
            e->in[v * GP_VARY_COUNT + GP_VARY_ID].c[0][l].i = 100 * l + v;
    }
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                e->out[s].c[c][l].f = -1.0f; /* sentinel */
    e->env.machine = e->m;
    e->env.inputs = e->in;
    e->env.outputs = e->out;
    e->env.params = (const gp_val(*)[4])e->params;
    e->env.live_mask = 0xffffu;
    return e;
}

static void ge_free(genv *e)
{
    gp_machine_free(e->m);
    free(e);
}

static gp_program *gcompile(const char *src)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_GEOMETRY);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), GP_STAGE_GEOMETRY, &lim, &err);
    CHECK(p != NULL, "compile: line %d col %d: %s\n%s", err.line, err.col, err.msg, src);
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->stage == GP_STAGE_GEOMETRY && info->lang == GP_LANG_NVGP40,
              "stage %d lang %d", info->stage, info->lang);
    }
    return p;
}

static void gbind(genv *e, const gp_program *p)
{
    const gp_program_info *info = gp_program_get_info(p);
    CHECK(info->num_params <= 64, "too many params for the test table");
    for (int i = 0; i < info->num_params && i < 64; i++)
        for (int c = 0; c < 4; c++)
            e->params[i][c] = info->params[i].kind == GP_PARAM_CONST ? info->params[i].value[c]
                                                                      : (gp_val){.u = 0};
}

/* Compiles src, runs it over 16 lanes with the recorder; NULL on failure. */
static gp_program *grun(const char *src, genv *e, rec *r)
{
    gp_program *p = gcompile(src);
    if (!p)
        return NULL;
    gbind(e, p);
    memset(r, 0, sizeof(*r));
    r->live = e->env.live_mask;
    r->outputs = e->out;
    e->env.emit = rec_emit;
    e->env.emit_user = r;
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status %d", e->env.status);
    CHECK(r->bad_calls == 0, "%d bad emit calls", r->bad_calls);
    return p;
}

static int evf_ok(const rec_ev *ev, int slot, int c, float want)
{
    return t_same(ev->v[slot][c].f, want);
}

/* ---- straight-line emission and the input bindings ------------------------ */

static void test_straight(void)
{
    /* a triangle passed through, then a strip of two more vertices */
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 6;\n"
        "MOV result.position, vertex[0].position;\nMOV result.color, vertex[0].color;\nEMIT;\n"
        "MOV result.position, vertex[1].position;\nMOV result.color, vertex[1].color;\nEMIT;\n"
        "MOV result.position, vertex[2].position;\nMOV result.color, vertex[2].color;\nEMIT;\n"
        "ENDPRIM;\n"
        "ADD result.position, vertex[2].position, {0.5, 0, 0, 0};\nEMIT;\n"
        "ENDPRIM;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        CHECK(r->calls == 6, "calls %d, want 6 (every lane together)", r->calls);
        for (int l = 0; l < GP_LANES; l++) {
            CHECK(r->n[l] == 6, "lane %d: %d events", l, r->n[l]);
            if (r->n[l] != 6)
                continue;
            static const int what[6] = {GP_EMIT_VERTEX, GP_EMIT_VERTEX, GP_EMIT_VERTEX,
                                        GP_EMIT_ENDPRIM, GP_EMIT_VERTEX, GP_EMIT_ENDPRIM};
            for (int k = 0; k < 6; k++)
                CHECK(r->ev[l][k].what == what[k], "lane %d event %d: %d", l, k, r->ev[l][k].what);
            for (int v = 0; v < 3; v++)
                for (int c = 0; c < 4; c++) {
                    CHECK(evf_ok(&r->ev[l][v], GP_VARY_POS, c, inval(l, v, GP_VARY_POS, c)),
                          "lane %d vertex %d pos.%d = %g", l, v, c, r->ev[l][v].v[GP_VARY_POS][c].f);
                    CHECK(evf_ok(&r->ev[l][v], GP_VARY_COL0, c, inval(l, v, GP_VARY_COL0, c)),
                          "lane %d vertex %d col.%d = %g", l, v, c, r->ev[l][v].v[GP_VARY_COL0][c].f);
                }
            /* x + 0.5: the values are exact in binary32 */
            CHECK(evf_ok(&r->ev[l][4], GP_VARY_POS, 0, inval(l, 2, GP_VARY_POS, 0) + 0.5f),
                  "lane %d 4th vertex x = %g", l, r->ev[l][4].v[GP_VARY_POS][0].f);
            CHECK(evf_ok(&r->ev[l][4], GP_VARY_POS, 3, inval(l, 2, GP_VARY_POS, 3)), "lane %d", l);
            /* the colour written before the first ENDPRIM is kept (EDGE.EMIT_RESULTS) */
            CHECK(evf_ok(&r->ev[l][4], GP_VARY_COL0, 1, inval(l, 2, GP_VARY_COL0, 1)),
                  "lane %d colour kept = %g", l, r->ev[l][4].v[GP_VARY_COL0][1].f);
        }
        /* the result registers keep their values after the program */
        for (int l = 0; l < GP_LANES; l++)
            CHECK(t_same(e->out[GP_VARY_POS].c[0][l].f, inval(l, 2, GP_VARY_POS, 0) + 0.5f),
                  "lane %d final pos.x", l);
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* Every binding of Table X.2 read from vertex 1 of a LINES_ADJACENCY
 * primitive (4 vertices), written to result.attrib[k]. */
static void test_bindings(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN LINES_ADJACENCY;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP t;\n"
        "MOV result.attrib[0], vertex[1].position;\n"
        "MOV result.attrib[1], vertex[1].color;\n"
        "MOV result.attrib[2], vertex[1].color.primary;\n"
        "MOV result.attrib[3], vertex[1].color.secondary;\n"
        "MOV result.attrib[4], vertex[1].color.front;\n"
        "MOV result.attrib[5], vertex[1].color.front.secondary;\n"
        "MOV result.attrib[6], vertex[1].color.back;\n"
        "MOV result.attrib[7], vertex[1].color.back.primary;\n"
        "MOV result.attrib[8], vertex[1].color.back.secondary;\n"
        "MOV result.attrib[9].x, vertex[1].fogcoord.x;\n"
        "MOV result.attrib[10].x, vertex[1].pointsize.x;\n"
        "MOV result.attrib[11], vertex[1].texcoord;\n"
        "MOV result.attrib[12], vertex[1].texcoord[5];\n"
        "MOV result.attrib[13], vertex[1].attrib[7];\n"
        "MOV result.attrib[14].x, vertex[1].clip[5].x;\n"
        "MOV.S result.attrib[15].x, vertex[1].id.x;\n"
        "MOV.S result.attrib[16].x, primitive.id.x;\n"
        "MOV result.attrib[17], vertex[3].attrib[31];\n"
        "ADD result.attrib[18], vertex[0].attrib[0], -vertex[3].attrib[0];\n"
        "MOV.S t.x, primitive.id.x;\n"
        "ADD.S result.attrib[19].x, t.x, vertex[2].id.x;\n"
        "EMIT;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK(info->gs_vertices_in == 4, "gs_vertices_in %d", info->gs_vertices_in);
        /* expected source slot of result.attrib[k] (vertex 1), -1: special */
        static const int slot[15] = {
            GP_VARY_POS,  GP_VARY_COL0, GP_VARY_COL0, GP_VARY_COL1, GP_VARY_COL0,
            GP_VARY_COL1, GP_VARY_BFC0, GP_VARY_BFC0, GP_VARY_BFC1, GP_VARY_FOG,
            GP_VARY_PSIZ, GP_VARY_TEX0, GP_VARY_TEX0 + 5, GP_VARY_ATTR0 + 7, GP_VARY_CLIP1};
        for (int l = 0; l < GP_LANES; l++) {
            CHECK(r->n[l] == 1, "lane %d: %d events", l, r->n[l]);
            if (r->n[l] != 1)
                continue;
            const rec_ev *ev = &r->ev[l][0];
            for (int k = 0; k < 15; k++) {
                int nc = (k == 9 || k == 10 || k == 14) ? 1 : 4;
                for (int c = 0; c < nc; c++) {
                    float want = inval(l, 1, slot[k], c);
                    if (k == 14) /* clip[5] = component 1 of GP_VARY_CLIP1 */
                        want = inval(l, 1, GP_VARY_CLIP1, 1);
                    CHECK(evf_ok(ev, GP_VARY_ATTR0 + k, c, want), "lane %d attrib[%d].%d = %g want %g",
                          l, k, c, ev->v[GP_VARY_ATTR0 + k][c].f, want);
                }
            }
            CHECK(ev->v[GP_VARY_ATTR0 + 15][0].i == 100 * l + 1, "lane %d vertex[1].id = %d", l,
                  ev->v[GP_VARY_ATTR0 + 15][0].i);
            CHECK(ev->v[GP_VARY_ATTR0 + 16][0].i == primid(l), "lane %d primitive.id = %d", l,
                  ev->v[GP_VARY_ATTR0 + 16][0].i);
            for (int c = 0; c < 4; c++) {
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 17, c, inval(l, 3, GP_VARY_ATTR0 + 31, c)),
                      "lane %d vertex[3].attrib[31].%d", l, c);
                /* vertex 0 minus vertex 3: -3000 exactly */
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 18, c, -3000.0f), "lane %d difference.%d = %g", l,
                      c, ev->v[GP_VARY_ATTR0 + 18][c].f);
            }
            CHECK(ev->v[GP_VARY_ATTR0 + 19][0].i == primid(l) + 100 * l + 2,
                  "lane %d id sum = %d", l, ev->v[GP_VARY_ATTR0 + 19][0].i);
        }
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* ---- divergent control flow ------------------------------------------------ */

/* Each lane emits primitive.id + 1 vertices in a REP loop (x = loop index,
 * y = vertex[0].position.y), then ENDPRIM. */
static void test_rep(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 8;\n"
        "INT TEMP n, k;\n"
        "ADD.S n.x, primitive.id.x, 1;\n"
        "MOV.S k.x, 0;\n"
        "REP.S n.x;\n"
        "  I2F result.position.x, k.x;\n"
        "  MOV result.position.y, vertex[0].position.y;\n"
        "  EMIT;\n"
        "  ADD.S k.x, k.x, 1;\n"
        "ENDREP;\n"
        "ENDPRIM;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        for (int l = 0; l < GP_LANES; l++) {
            int nv = primid(l) + 1;
            CHECK(r->n[l] == nv + 1, "lane %d: %d events, want %d", l, r->n[l], nv + 1);
            if (r->n[l] != nv + 1)
                continue;
            for (int k = 0; k < nv; k++) {
                CHECK(r->ev[l][k].what == GP_EMIT_VERTEX, "lane %d event %d", l, k);
                CHECK(evf_ok(&r->ev[l][k], GP_VARY_POS, 0, (float)k), "lane %d vertex %d x = %g", l,
                      k, r->ev[l][k].v[GP_VARY_POS][0].f);
                CHECK(evf_ok(&r->ev[l][k], GP_VARY_POS, 1, inval(l, 0, GP_VARY_POS, 1)),
                      "lane %d vertex %d y", l, k);
            }
            CHECK(r->ev[l][nv].what == GP_EMIT_ENDPRIM, "lane %d last event", l);
        }
        /* the loop runs 5 times for lanes with id 4; each EMIT call has the
         * lanes still looping: 5 EMIT calls and 1 ENDPRIM call at the least */
        CHECK(r->calls >= 6, "calls %d", r->calls);
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* IF / ELSE with divergent lanes, and a subroutine called by some lanes
 * only (CAL with a condition), which emits itself. */
static void test_if_cal(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT LINE_STRIP;\nVERTICES_OUT 8;\n"
        "INT TEMP c;\n"
        "MOV result.position, {1, 0, 0, 1};\n"
        "EMIT;\n"
        "AND.S.CC c.x, primitive.id.x, 1;\n"        /* odd ids: NE */
        "IF NE.x;\n"
        "  MOV result.position.x, 2;\n"
        "  EMIT;\n"
        "ELSE;\n"
        "  MOV result.position.x, 3;\n"
        "  EMIT;\n"
        "  ENDPRIM;\n"
        "ENDIF;\n"
        "SEQ.S.CC c.y, primitive.id.x, 4;\n"        /* id 4: NE (TRUE = -1) */
        "CAL sub (NE.y);\n"
        "MOV result.position.x, 5;\n"
        "EMIT;\n"
        "RET;\n"
        "sub:\n"
        "  MOV result.position.x, 4;\n"
        "  EMIT;\n"
        "  ENDPRIM;\n"
        "  RET;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        for (int l = 0; l < GP_LANES; l++) {
            /* expected per-lane sequence: V1, then V2 (odd) or V3 E (even),
             * then V4 E (id 4), then V5; 0 = ENDPRIM */
            float seq[8];
            int n = 0;
            seq[n++] = 1;
            if (primid(l) & 1) {
                seq[n++] = 2;
            } else {
                seq[n++] = 3;
                seq[n++] = 0;
            }
            if (primid(l) == 4) {
                seq[n++] = 4;
                seq[n++] = 0;
            }
            seq[n++] = 5;
            CHECK(r->n[l] == n, "lane %d (id %d): %d events, want %d", l, primid(l), r->n[l], n);
            if (r->n[l] != n)
                continue;
            for (int k = 0; k < n; k++) {
                if (seq[k] == 0) {
                    CHECK(r->ev[l][k].what == GP_EMIT_ENDPRIM, "lane %d event %d: ENDPRIM", l, k);
                } else {
                    CHECK(r->ev[l][k].what == GP_EMIT_VERTEX &&
                              evf_ok(&r->ev[l][k], GP_VARY_POS, 0, seq[k]),
                          "lane %d event %d: x = %g, want %g", l, k, r->ev[l][k].v[GP_VARY_POS][0].f,
                          seq[k]);
                    CHECK(evf_ok(&r->ev[l][k], GP_VARY_POS, 3, 1.0f), "lane %d event %d w", l, k);
                }
            }
        }
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* RET ending some lanes early (they emit nothing more), and CONT skipping
 * one iteration's EMIT inside a counted REP. */
static void test_ret_cont(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 8;\n"
        "INT TEMP c, k;\n"
        "MOV result.position, {1, 0, 0, 1};\n"
        "EMIT;\n"
        "AND.S.CC c.x, primitive.id.x, 1;\n"
        "RET (NE.x);\n"                          /* odd ids end here */
        "MOV result.position.x, 2;\n"
        "EMIT;\n"
        "MOV.S k.x, 0;\n"
        "REP {4};\n"
        "  ADD.S k.x, k.x, 1;\n"
        "  SEQ.S.CC c.z, k.x, 2;\n"
        "  CONT (NE.z);\n"                       /* k = 2: no vertex */
        "  I2F result.position.x, k.x;\n"
        "  EMIT;\n"
        "ENDREP;\n"
        "ENDPRIM;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        for (int l = 0; l < GP_LANES; l++) {
            /* odd: V1; even: V1 V2 V1 V3 V4 E (0 = ENDPRIM) */
            static const float even[6] = {1, 2, 1, 3, 4, 0};
            bool odd = primid(l) & 1;
            int n = odd ? 1 : 6;
            CHECK(r->n[l] == n, "lane %d (id %d): %d events, want %d", l, primid(l), r->n[l], n);
            if (r->n[l] != n)
                continue;
            for (int k = 0; k < n; k++) {
                if (even[k] == 0)
                    CHECK(r->ev[l][k].what == GP_EMIT_ENDPRIM, "lane %d event %d: ENDPRIM", l, k);
                else
                    CHECK(r->ev[l][k].what == GP_EMIT_VERTEX &&
                              evf_ok(&r->ev[l][k], GP_VARY_POS, 0, even[k]),
                          "lane %d event %d: x = %g want %g", l, k, r->ev[l][k].v[GP_VARY_POS][0].f,
                          even[k]);
            }
        }
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* ---- vertex indices from integer temporaries ------------------------------ */

/* Per-vertex ATTRIB variables (declared without [m]) indexed by an integer
 * temporary: pos[k.x] (k.x = lane - 2: vertices -2..13 of a triangle, only
 * 0..2 exist), pos[k.x + 1], tc[k.y][k.z] with both indices relative, and a
 * constant member of a per-vertex array. */
static void test_relative(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "ATTRIB pos = vertex.position;\n"
        "ATTRIB tc[] = { vertex.texcoord[0..3] };\n"
        "ATTRIB gen[] = { vertex.attrib[2..5] };\n"
        "INT TEMP k;\n"
        "MOV.S k, vertex[0].id;\n"                  /* 100 l */
        "DIV.S k.x, k.x, 100;\n"                    /* l */
        "ADD.S k.x, k.x, -2;\n"                     /* l - 2 */
        "MOD.S k.y, k.x, 3;\n"                      /* vertex for tc */
        "ADD.S k.z, k.x, -3;\n"                     /* texcoord index l - 5 */
        "MOV result.attrib[0], pos[k.x];\n"
        "MOV result.attrib[1], pos[k.x + 1];\n"
        "MOV result.attrib[2], tc[k.y][k.z];\n"
        "MOV result.attrib[3], gen[k.y][1];\n"
        "MOV result.attrib[4], pos[2];\n"
        "MOV result.attrib[5], -tc[k.x][2].wzyx;\n"
        "MOV.S k.w, 2147483647;\n"
        "MOV result.attrib[6], pos[k.w + 2];\n"   /* 2^31 + 1: no wrap-around */
        "MOV.S k.w, {-2147483648, 0, 0, -2147483648};\n"
        "MOV result.attrib[7], tc[k.w][k.w];\n"
        "EMIT;\n"
        "END\n";
    genv *e = ge_new();
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        for (int l = 0; l < GP_LANES; l++) {
            CHECK(r->n[l] == 1, "lane %d: %d events", l, r->n[l]);
            if (r->n[l] != 1)
                continue;
            const rec_ev *ev = &r->ev[l][0];
            int kx = l - 2, ky = kx % 3, kz = l - 5; /* C's % truncates, as MOD.S */
            for (int c = 0; c < 4; c++) {
                float w0 = kx >= 0 && kx < 3 ? inval(l, kx, GP_VARY_POS, c) : 0.0f;
                float w1 = kx + 1 >= 0 && kx + 1 < 3 ? inval(l, kx + 1, GP_VARY_POS, c) : 0.0f;
                float w2 = ky >= 0 && ky < 3 && kz >= 0 && kz < 4
                               ? inval(l, ky, GP_VARY_TEX0 + kz, c) : 0.0f;
                float w3 = ky >= 0 && ky < 3 ? inval(l, ky, GP_VARY_ATTR0 + 3, c) : 0.0f;
                float w4 = inval(l, 2, GP_VARY_POS, c);
                float w5 = kx >= 0 && kx < 3 ? -inval(l, kx, GP_VARY_TEX0 + 2, 3 - c) : -0.0f;
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 0, c, w0), "lane %d pos[%d].%d = %g want %g", l, kx,
                      c, ev->v[GP_VARY_ATTR0][c].f, w0);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 1, c, w1), "lane %d pos[%d+1].%d = %g want %g", l,
                      kx, c, ev->v[GP_VARY_ATTR0 + 1][c].f, w1);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 2, c, w2), "lane %d tc[%d][%d].%d = %g want %g", l,
                      ky, kz, c, ev->v[GP_VARY_ATTR0 + 2][c].f, w2);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 3, c, w3), "lane %d gen[%d][1].%d = %g want %g", l,
                      ky, c, ev->v[GP_VARY_ATTR0 + 3][c].f, w3);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 4, c, w4), "lane %d pos[2].%d", l, c);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 5, c, w5), "lane %d -tc[%d][2].%d = %g want %g", l,
                      kx, c, ev->v[GP_VARY_ATTR0 + 5][c].f, w5);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 6, c, 0.0f), "lane %d pos[INT_MAX + 2].%d", l, c);
                CHECK(evf_ok(ev, GP_VARY_ATTR0 + 7, c, 0.0f), "lane %d tc[INT_MIN][INT_MIN].%d", l, c);
            }
        }
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* ---- lanes, emit == NULL, inputs missing ----------------------------------- */

static void test_lanes(void)
{
    static const char src[] =
        "!!NVgp4.0\n"
        "PRIMITIVE_IN LINES;\nPRIMITIVE_OUT LINE_STRIP;\nVERTICES_OUT 2;\n"
        "MOV result.position, vertex[1].position;\nEMIT;\nMOV result.position, 7;\nEMIT;\n"
        "ENDPRIM;\nEND\n";
    /* only the live lanes emit */
    genv *e = ge_new();
    e->env.live_mask = 0x0f0fu;
    rec *r = calloc(1, sizeof(rec));
    gp_program *p = grun(src, e, r);
    if (p) {
        for (int l = 0; l < GP_LANES; l++) {
            int want = (0x0f0fu >> l & 1) ? 3 : 0;
            CHECK(r->n[l] == want, "lane %d: %d events, want %d", l, r->n[l], want);
        }
        CHECK(r->calls == 3, "calls %d", r->calls);
        /* emit == NULL: runs, emits nothing, results as written */
        e->env.emit = NULL;
        e->env.live_mask = 0xffffu;
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "emit NULL: status %d", e->env.status);
        CHECK(t_same(e->out[GP_VARY_POS].c[2][9].f, 7.0f), "emit NULL: result");
        /* no inputs at all: every input reads 0 (lanes emit as before) */
        memset(r, 0, sizeof(*r));
        r->live = 0xffffu;
        r->outputs = e->out;
        e->env.emit = rec_emit;
        e->env.emit_user = r;
        e->env.inputs = NULL;
        gp_exec(p, &e->env);
        CHECK(e->env.status == GP_EXEC_OK, "no inputs: status %d", e->env.status);
        CHECK(r->n[5] == 3 && evf_ok(&r->ev[5][0], GP_VARY_POS, 0, 0.0f),
              "no inputs: lane 5 events %d", r->n[5]);
        gp_program_free(p);
    }
    free(r);
    ge_free(e);
}

/* ---- TXFMS ----------------------------------------------------------------- */

static gp_tex_request last_req;
static gp_vec last_coord;
static int tex_calls;

static void rec_sampler(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    tex_calls++;
    last_req = *req;
    if (req->coord)
        last_coord = *req->coord;
    for (int l = 0; l < GP_LANES; l++)
        for (int c = 0; c < 4; c++)
            out->c[c][l].i = 1000 * (c + 1) + l; /* integers, whatever the op */
}

static void test_txfms(void)
{
    static const char *const srcs[4] = {
        "!!NVgp4.0\nOPTION NV_texture_multisample;\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP c, r;\n"
        "MOV.S c, {3, 4, 5, 2};\n"
        "ADD.S c.x, c.x, primitive.id.x;\n"
        "TXFMS.S r, c, texture[3], 2DMS;\n"
        "MOV.S result.attrib[0], r;\nEMIT;\nEND\n",
        "!!NVgp4.0\nOPTION NV_texture_multisample;\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP c;\nUINT TEMP r;\n"
        "MOV.S c, {-1, 4, 6, 7};\n"
        "TXFMS.U r, c, texture[5], ARRAY2DMS;\n"
        "MOV.U result.attrib[0], r;\nEMIT;\nEND\n",
        "!!NVgp4.0\nOPTION NV_explicit_multisample;\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP c;\nTEMP r;\n"
        "MOV.S c, {0, 1, 0, 3};\n"
        "TXFMS r, c, texture[0], RENDERBUFFER;\n"
        "MOV result.attrib[0], r;\nEMIT;\nEND\n",
        "!!NVgp4.0\nOPTION NV_texture_multisample;\n"
        "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP c, r;\n"
        "MOV.S c, {2, 2, 0, 1};\n"
        "TXFMS.S r, c, texture[2], 2DMS, (1, -1);\n"
        "MOV.S result.attrib[0], r;\nEMIT;\nEND\n",
    };
    static const int target[4] = {GP_TEX_2DMS, GP_TEX_ARRAY2DMS, GP_TEX_2DMS, GP_TEX_2DMS};
    static const int unit[4] = {3, 5, 0, 2};
    static const int coord[4][4] = {{3, 4, 5, 2}, {-1, 4, 6, 7}, {0, 1, 0, 3}, {2, 2, 0, 1}};
    static const int offs[4][3] = {{0, 0, 0}, {0, 0, 0}, {0, 0, 0}, {1, -1, 0}};
    for (int k = 0; k < 4; k++) {
        genv *e = ge_new();
        e->env.tex = rec_sampler;
        e->env.live_mask = 0x7ffeu; /* lanes 1..14 */
        rec *r = calloc(1, sizeof(rec));
        tex_calls = 0;
        memset(&last_req, 0, sizeof(last_req));
        gp_program *p = grun(srcs[k], e, r);
        if (p) {
            const gp_program_info *info = gp_program_get_info(p);
            CHECK(info->tex_target[unit[k]] == target[k], "prog %d: info target %d", k,
                  info->tex_target[unit[k]]);
            CHECK(tex_calls == 1, "prog %d: %d sampler calls", k, tex_calls);
            CHECK(last_req.op == GP_TEXOP_TXFMS, "prog %d: op %d", k, last_req.op);
            CHECK(last_req.target == target[k], "prog %d: target %d", k, last_req.target);
            CHECK(last_req.unit == unit[k], "prog %d: unit %d", k, last_req.unit);
            CHECK(!last_req.quad_derivatives, "prog %d: no derivatives", k);
            CHECK(last_req.offset[0] == offs[k][0] && last_req.offset[1] == offs[k][1] &&
                      last_req.offset[2] == offs[k][2],
                  "prog %d: offsets (%d, %d, %d)", k, last_req.offset[0], last_req.offset[1],
                  last_req.offset[2]);
            CHECK(last_req.offset_reg == NULL, "prog %d: offset_reg", k);
            CHECK(last_req.lane_mask == 0x7ffeu, "prog %d: lane mask 0x%x", k, last_req.lane_mask);
            for (int l = 1; l < 15; l++) {
                for (int c = 0; c < 4; c++) {
                    int want = coord[k][c] + (k == 0 && c == 0 ? primid(l) : 0);
                    CHECK(last_coord.c[c][l].i == want, "prog %d lane %d coord.%d = %d want %d", k,
                          l, c, last_coord.c[c][l].i, want);
                    /* the result keeps the sampler's bits whatever the type */
                    CHECK(r->n[l] == 1 && r->ev[l][0].v[GP_VARY_ATTR0][c].i == 1000 * (c + 1) + l,
                          "prog %d lane %d result.%d", k, l, c);
                }
            }
            gp_program_free(p);
        }
        free(r);
        ge_free(e);
    }
    /* TXFMS is refused without the option */
    static const char bad[] =
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "INT TEMP c, r;\nTXFMS.S r, c, texture[0], 2DMS;\nEND\n";
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_GEOMETRY);
    gp_error err;
    gp_program *p = gp_compile(bad, strlen(bad), GP_STAGE_GEOMETRY, &lim, &err);
    CHECK(p == NULL, "TXFMS without the option compiled");
    gp_program_free(p);
}

int main(void)
{
    T_BOTH_PATHS
    {
        test_straight();
        test_bindings();
        test_rep();
        test_if_cal();
        test_ret_cont();
        test_relative();
        test_lanes();
        test_txfms();
    }
    return t_report("test_exec_geo");
}
