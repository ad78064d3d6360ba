/*
 * test_geometry.c - the geometry-program stage (NV_geometry_program4 section
 * 2.14.6) through rast_draw_submit with hand-written !!NVgp4.0 programs:
 * pass-through triangles, amplification, point -> quad expansion, line
 * strips, the input vertex order of every draw mode (2.14.6.1, 2.6.1 and
 * Table X.1 for adjacency), ENDPRIM, the vertex limit, incomplete strips,
 * primitive.id, indexed + instanced + long (batched) draws, adjacency modes
 * without a geometry program, endless programs.  Thread: test main thread.
 *
 * covers: OP.EMIT OP.ENDPRIM DECL.PRIMITIVE_IN DECL.PRIMITIVE_OUT DECL.VERTICES_OUT_GP
 * covers: BIND.G.POSITION BIND.G.TEXCOORD BIND.G.PRIMID BIND.G.COLOR BIND.R.PRIMID
 * covers: EDGE.EMIT_LIMIT EDGE.GP_INCOMPLETE EDGE.PRIMITIVE_ID
 * covers: BIND.R.POINTSIZE BIND.R.CLIP BIND.R.COLOR_VTX
 */
#include "rast_test.h"

#ifndef GL_LINES_ADJACENCY_EXT
#define GL_LINES_ADJACENCY_EXT 0x000A
#define GL_LINE_STRIP_ADJACENCY_EXT 0x000B
#define GL_TRIANGLES_ADJACENCY_EXT 0x000C
#define GL_TRIANGLE_STRIP_ADJACENCY_EXT 0x000D
#endif

enum { W = 32, H = 32 };

static gp_program *vp, *fpt;
static gp_val (*vpp)[4], (*fptp)[4];

static gp_program *gs_compile(const char *src, gp_val (**params)[4])
{
    gp_program *p = rt_compile(GP_STAGE_GEOMETRY, src);
    *params = rt_params(p, NULL, 0, NULL, 0);
    return p;
}

static void draw_init(rast_draw *d, const rt_fb *f, const gp_program *gp, const gp_val (*gpp)[4])
{
    rt_draw_init(d, f, vp, (const gp_val(*)[4])vpp, fpt, (const gp_val(*)[4])fptp);
    d->gp.prog = gp;
    d->gp.params = gpp;
}

/* Window pixel centre -> NDC. */
static float cx(double px) { return rt_ndc(px + 0.5, W); }
static float cy(double py) { return rt_ndc(py + 0.5, H); }

static bool px_is(const rt_fb *f, int x, int y, float r, float g, float b, float a)
{
    const float *p = rt_pxf(f, x, y);
    return p[0] == r && p[1] == g && p[2] == b && p[3] == a;
}

/* ---- pass-through and amplification ------------------------------------------------ */

static const char *const GS_PASS_TRI =
    "!!NVgp4.0\n"
    "PRIMITIVE_IN TRIANGLES;\n"
    "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
    "VERTICES_OUT 3;\n"
    "MOV result.position, vertex[0].position;\n"
    "MOV result.texcoord[0], vertex[0].texcoord[0];\n"
    "EMIT;\n"
    "MOV result.position, vertex[1].position;\n"
    "MOV result.texcoord[0], vertex[1].texcoord[0];\n"
    "EMIT;\n"
    "MOV result.position, vertex[2].position;\n"
    "MOV result.texcoord[0], vertex[2].texcoord[0];\n"
    "EMIT;\n"
    "END\n";

/* Pass-through draws exactly what the same draw without a geometry program
 * draws, and the hand-computed pixels. */
static void test_passthrough(rast_context *r)
{
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(GS_PASS_TRI, &gpp);
    rt_fb a, b;
    rt_fb_init(&a, W, H, RT_RGBA32F);
    rt_fb_init(&b, W, H, RT_RGBA32F);
    /* a strip of 4 vertices covering the left half (x < 16) */
    static const float pos[] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 1, 0, 1, 0, 1, 0, 1};
    static const float tc[] = {0.25f, 0, 0, 1, 0.25f, 0, 0, 1, 0.25f, 0, 0, 1, 0.25f, 0, 0, 1};
    for (int pass = 0; pass < 2; pass++) {
        rt_fb *f = pass ? &b : &a;
        rast_draw d;
        draw_init(&d, f, pass ? gp : NULL, (const gp_val(*)[4])gpp);
        d.mode = GL_TRIANGLE_STRIP;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_TEX0, tc, 4);
        rt_clear(r, f, 0, 0, 0, 0, 1.0);
        rast_draw_submit(r, &d);
        rast_flush(r);
    }
    CHECK(memcmp(a.cf, b.cf, (size_t)W * H * 16) == 0, "pass-through image differs from the draw without a GP");
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            bad += !px_is(&b, x, y, x < 16 ? 0.25f : 0, 0, 0, x < 16 ? 1 : 0);
    CHECK(bad == 0, "pass-through strip: %d wrong pixels", bad);
    rt_fb_free(&a);
    rt_fb_free(&b);
    gp_program_free(gp);
    free(gpp);
}

/* Each input triangle comes out twice: itself, then moved right by 16 pixels
 * (program.local-free: an inline constant) with another colour, as two
 * strips separated by ENDPRIM. */
static void test_amplify(rast_context *r)
{
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(
        "!!NVgp4.0\n"
        "PRIMITIVE_IN TRIANGLES;\n"
        "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
        "VERTICES_OUT 6;\n"
        "TEMP p;\n"
        "MOV result.texcoord[0], vertex[0].texcoord[0];\n"
        "MOV result.position, vertex[0].position;\n EMIT;\n"
        "MOV result.position, vertex[1].position;\n EMIT;\n"
        "MOV result.position, vertex[2].position;\n EMIT;\n"
        "ENDPRIM;\n"
        "MOV result.texcoord[0], {0.5, 0.5, 0, 1};\n"
        "ADD p, vertex[0].position, {1, 0, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "ADD p, vertex[1].position, {1, 0, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "ADD p, vertex[2].position, {1, 0, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "END\n",
        &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* one triangle: the lower-left half of the left half: (0,0) (16,0) (0,32) */
    static const float pos[] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 1, 0, 1};
    static const float tc[] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.count = 3;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_stats st0, st1;
    rast_stats_get(r, &st0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats_get(r, &st1);
    CHECK(st1.gs_invocations - st0.gs_invocations == 1, "invocations %llu",
          (unsigned long long)(st1.gs_invocations - st0.gs_invocations));
    CHECK(st1.gs_vertices - st0.gs_vertices == 6, "vertices %llu",
          (unsigned long long)(st1.gs_vertices - st0.gs_vertices));
    /* inside: x + y/2 < 16 (pixel centres), e.g. (2, 2), (10, 8) */
    CHECK(px_is(&f, 2, 2, 1, 0, 0, 1), "first copy at (2,2)");
    CHECK(px_is(&f, 10, 8, 1, 0, 0, 1), "first copy at (10,8)");
    CHECK(px_is(&f, 18, 2, 0.5f, 0.5f, 0, 1), "second copy at (18,2)");
    CHECK(px_is(&f, 26, 8, 0.5f, 0.5f, 0, 1), "second copy at (26,8)");
    /* ENDPRIM: no triangle joins the two copies (one 6-vertex strip would
     * have triangle (v2, v0', v1') = (0,32) (16,0) (32,0) over (12, 12)) */
    CHECK(px_is(&f, 12, 12, 0, 0, 0, 0), "gap between the strips at (12,12)");
    CHECK(px_is(&f, 12, 30, 0, 0, 0, 0), "outside at (12,30)");
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);
}

/* A point becomes an 8x8 quad centred on it (4 vertices, a strip). */
static void test_point_sprite(rast_context *r)
{
    gp_val(*gpp)[4];
    /* half size 4 pixels = 0.25 NDC */
    gp_program *gp = gs_compile(
        "!!NVgp4.0\n"
        "PRIMITIVE_IN POINTS;\n"
        "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
        "VERTICES_OUT 4;\n"
        "TEMP p;\n"
        "MOV result.texcoord[0], vertex[0].texcoord[0];\n"
        "ADD p, vertex[0].position, {-0.25, -0.25, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "ADD p, vertex[0].position, {0.25, -0.25, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "ADD p, vertex[0].position, {-0.25, 0.25, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "ADD p, vertex[0].position, {0.25, 0.25, 0, 0};\n MOV result.position, p;\n EMIT;\n"
        "END\n",
        &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* two points: window (16, 16) and (6, 24) */
    const float pos[] = {0, 0, 0, 1, rt_ndc(6, W), rt_ndc(24, H), 0, 1};
    static const float tc[] = {1, 2, 3, 4, 5, 6, 7, 8};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 2;
    /* back faces culled: the strip's odd triangle (v1, v2, v3) is clockwise
     * as emitted and must be drawn as (v2, v1, v3) (2.6.1) */
    d.state.cull_face = true;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in0 = x >= 12 && x < 20 && y >= 12 && y < 20;
            bool in1 = x >= 2 && x < 10 && y >= 20 && y < 28;
            if (in0)
                bad += !px_is(&f, x, y, 1, 2, 3, 4);
            else if (in1)
                bad += !px_is(&f, x, y, 5, 6, 7, 8);
            else
                bad += !px_is(&f, x, y, 0, 0, 0, 0);
        }
    CHECK(bad == 0, "point -> quad: %d wrong pixels", bad);
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);
}

/* Lines in, line strips out: each input segment becomes a 3-vertex strip
 * (a, midpoint raised by 8 rows, b); then ENDPRIM splitting of a strip. */
static void test_line_strip(rast_context *r)
{
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(
        "!!NVgp4.0\n"
        "PRIMITIVE_IN LINES;\n"
        "PRIMITIVE_OUT LINE_STRIP;\n"
        "VERTICES_OUT 3;\n"
        "TEMP p;\n"
        "MOV result.texcoord[0], vertex[1].texcoord[0];\n"
        "MOV result.position, vertex[0].position;\n EMIT;\n"
        "ADD p, vertex[0].position, vertex[1].position;\n"
        "MUL p, p, 0.5;\n"
        "ADD p.y, p.y, 0.5;\n"    /* 8 rows up */
        "MOV result.position, p;\n EMIT;\n"
        "MOV result.position, vertex[1].position;\n EMIT;\n"
        "END\n",
        &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* horizontal segment on row 4 from x = 0 to 16 (pixel centres 0.5 .. 16.5):
     * strip (0.5, 4.5) -> (8.5, 12.5) -> (16.5, 4.5), two 45-degree lines */
    const float pos[] = {cx(0), cy(4), 0, 1, cx(16), cy(4), 0, 1};
    static const float tc[] = {0, 0, 0, 0, 1, 1, 1, 1};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_LINES;
    d.count = 2;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    /* parallelogram rule (rast.h): first segment, columns 0..7 (centres in
     * [0.5, 8.5)) at rows 4 + x; second, columns 8..15 at rows 20 - x */
    int bad = 0, lit = 0;
    for (int x = 0; x < 8; x++)
        bad += !px_is(&f, x, 4 + x, 1, 1, 1, 1);
    for (int x = 8; x < 16; x++)
        bad += !px_is(&f, x, 20 - x, 1, 1, 1, 1);
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            lit += rt_pxf(&f, x, y)[3] != 0;
    CHECK(bad == 0, "line strip: %d pixels not on the strip", bad);
    CHECK(lit == 16, "line strip: %d pixels lit, want 16", lit);

    /* ENDPRIM in a line strip: a b ENDPRIM c d -> segments ab and cd only */
    gp_val(*gpp2)[4];
    gp_program *gp2 = gs_compile(
        "!!NVgp4.0\n"
        "PRIMITIVE_IN POINTS;\n"
        "PRIMITIVE_OUT LINE_STRIP;\n"
        "VERTICES_OUT 4;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "MOV result.position, {-0.96875, 0.28125, 0, 1};\n EMIT;\n"  /* (0.5, 20.5) */
        "MOV result.position, {-0.46875, 0.28125, 0, 1};\n EMIT;\n"  /* x 8.5 */
        "ENDPRIM;\n"
        "MOV result.position, {0.03125, 0.28125, 0, 1};\n EMIT;\n"   /* x 16.5 */
        "MOV result.position, {0.53125, 0.28125, 0, 1};\n EMIT;\n"   /* x 24.5 */
        "END\n",
        &gpp2);
    static const float p1[] = {0, 0, 0, 1};
    draw_init(&d, &f, gp2, (const gp_val(*)[4])gpp2);
    d.mode = GL_POINTS;
    d.count = 1;
    rt_attrib(&d, GP_VIN_POSITION, p1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int x = 0; x < W; x++) {
        bool on = (x >= 0 && x < 8) || (x >= 16 && x < 24);
        bad += !px_is(&f, x, 20, on, on, on, on);
    }
    CHECK(bad == 0, "ENDPRIM line strip: %d wrong pixels on row 20", bad);
    rt_fb_free(&f);
    gp_program_free(gp);
    gp_program_free(gp2);
    free(gpp);
    free(gpp2);
}

/* ---- input vertex order ------------------------------------------------------------- */

/* A program that draws, for input primitive i (row i + vertex[0].texcoord[0].y),
 * one point per input vertex k at column k whose colour is that vertex's
 * texcoord[0] (the test stores the vertex number there). */
static gp_program *dump_gs(const char *prim_in, int nv, gp_val (**params)[4])
{
    char src[8192];
    int o = 0;
    o += snprintf(src + o, sizeof src - (size_t)o,
                  "!!NVgp4.0\nPRIMITIVE_IN %s;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT %d;\n"
                  "PARAM sc = {%.9g, %.9g, 0, 1};\nTEMP p;\n"
                  "I2F p.y, primitive.id.x;\n"
                  "ADD p.y, p.y, vertex[0].texcoord[0].y;\n"
                  "MAD p.y, p.y, sc.x, sc.y;\n"
                  "MOV p.zw, sc.zzzw;\n",
                  prim_in, nv, 2.0 / H, 1.0 / H - 1.0);
    for (int k = 0; k < nv; k++)
        o += snprintf(src + o, sizeof src - (size_t)o,
                      "MOV p.x, %.9g;\nMOV result.position, p;\n"
                      "MOV result.texcoord[0], vertex[%d].texcoord[0];\nEMIT;\n",
                      (2.0 * k + 1.0) / W - 1.0, k);
    snprintf(src + o, sizeof src - (size_t)o, "END\n");
    return gs_compile(src, params);
}

typedef struct order_case {
    const char *name;
    GLenum mode;
    int count;
    const char *prim_in;
    int nv;
    int rows;
    int want[8][6];   /* per row: the sum of vertex[k]'s numbers (blended), */
    int nprim[8];     /* and how many primitives hit the row */
} order_case;

/* Vertex v has texcoord (v, 0, 0, 1); primitives blend additively, so a row
 * hit by two triangles (a quad's) shows the sum of their vertex numbers. */
static void run_order(rast_context *r, const order_case *c, bool indexed)
{
    gp_val(*gpp)[4];
    gp_program *gp = dump_gs(c->prim_in, c->nv, &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    float pos[32 * 4], tc[32 * 4];
    uint16_t idx[32];
    for (int v = 0; v < 32; v++) {
        pos[v * 4 + 0] = 0; pos[v * 4 + 1] = 0; pos[v * 4 + 2] = 0; pos[v * 4 + 3] = 1;
        /* indexed: element e is vertex 31 - e, which stores e */
        int e = indexed ? 31 - v : v;
        tc[v * 4 + 0] = (float)e; tc[v * 4 + 1] = 0; tc[v * 4 + 2] = 0; tc[v * 4 + 3] = 1;
        idx[v] = (uint16_t)(31 - v);
    }
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = c->mode;
    d.count = c->count;
    if (indexed) {
        d.index_type = GL_UNSIGNED_SHORT;
        d.indices = idx;
    }
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < 10; y++)
        for (int k = 0; k < 8; k++) {
            const float *p = rt_pxf(&f, k, y);
            float wr = 0, wa = 0;
            if (y < c->rows && k < c->nv) {
                wr = (float)c->want[y][k];
                wa = (float)c->nprim[y];
            }
            if (p[0] != wr || p[3] != wa) {
                if (bad++ < 6)
                    fprintf(stderr, "  %s%s row %d vertex[%d]: %g (x%g), want %g (x%g)\n", c->name,
                            indexed ? " indexed" : "", y, k, p[0], p[3], wr, wa);
            }
        }
    CHECK(bad == 0, "%s%s: %d wrong", c->name, indexed ? " indexed" : "", bad);
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);
}

static void test_input_order(rast_context *r)
{
    /* Expected orders from NV_geometry_program4 2.14.6.1 and 2.6.1 (0-based
     * vertex numbers); Table X.1 rows for strips with adjacency. */
    static const order_case cases[] = {
        {"POINTS", GL_POINTS, 3, "POINTS", 1, 3, {{0}, {1}, {2}}, {1, 1, 1}},
        {"LINES", GL_LINES, 5, "LINES", 2, 2, {{0, 1}, {2, 3}}, {1, 1}},
        {"LINE_STRIP", GL_LINE_STRIP, 3, "LINES", 2, 2, {{0, 1}, {1, 2}}, {1, 1}},
        {"LINE_LOOP", GL_LINE_LOOP, 3, "LINES", 2, 3, {{0, 1}, {1, 2}, {2, 0}}, {1, 1, 1}},
        {"TRIANGLES", GL_TRIANGLES, 7, "TRIANGLES", 3, 2, {{0, 1, 2}, {3, 4, 5}}, {1, 1}},
        /* odd strip triangles: (i+1, i, i+2) */
        {"TRIANGLE_STRIP", GL_TRIANGLE_STRIP, 5, "TRIANGLES", 3, 3, {{0, 1, 2}, {2, 1, 3}, {2, 3, 4}}, {1, 1, 1}},
        {"TRIANGLE_FAN", GL_TRIANGLE_FAN, 5, "TRIANGLES", 3, 3, {{0, 1, 2}, {0, 2, 3}, {0, 3, 4}}, {1, 1, 1}},
        /* quads: two triangles of one primitive.id, (0,1,2) + (0,2,3) */
        {"QUADS", GL_QUADS, 9, "TRIANGLES", 3, 2, {{0, 3, 5}, {8, 11, 13}}, {2, 2}},
        /* quad strip quad q = (2q, 2q+1, 2q+3, 2q+2) */
        {"QUAD_STRIP", GL_QUAD_STRIP, 7, "TRIANGLES", 3, 2, {{0, 4, 5}, {4, 8, 9}}, {2, 2}},
        /* polygon: a fan, every triangle primitive.id 0 */
        {"POLYGON", GL_POLYGON, 5, "TRIANGLES", 3, 1, {{0, 6, 9}}, {3}},
        {"LINES_ADJACENCY", GL_LINES_ADJACENCY_EXT, 11, "LINES_ADJACENCY", 4, 2,
         {{0, 1, 2, 3}, {4, 5, 6, 7}}, {1, 1}},
        {"LINE_STRIP_ADJACENCY", GL_LINE_STRIP_ADJACENCY_EXT, 6, "LINES_ADJACENCY", 4, 3,
         {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}}, {1, 1, 1}},
        {"TRIANGLES_ADJACENCY", GL_TRIANGLES_ADJACENCY_EXT, 17, "TRIANGLES_ADJACENCY", 6, 2,
         {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}}, {1, 1}},
        /* Table X.1 "only": 1st 2nd 3rd = 1 3 5, adjacent 2 6 4 (1-based) */
        {"TRIANGLE_STRIP_ADJACENCY only", GL_TRIANGLE_STRIP_ADJACENCY_EXT, 7, "TRIANGLES_ADJACENCY", 6, 1,
         {{0, 1, 2, 5, 4, 3}}, {1}},
        /* 12 vertices, 4 triangles: first; middle odd; middle even; last odd */
        {"TRIANGLE_STRIP_ADJACENCY 4", GL_TRIANGLE_STRIP_ADJACENCY_EXT, 13, "TRIANGLES_ADJACENCY", 6, 4,
         {{0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 8}, {4, 2, 6, 10, 8, 7}, {8, 4, 6, 9, 10, 11}},
         {1, 1, 1, 1}},
        /* 10 vertices, 3 triangles: first; middle odd; last even */
        {"TRIANGLE_STRIP_ADJACENCY 3", GL_TRIANGLE_STRIP_ADJACENCY_EXT, 10, "TRIANGLES_ADJACENCY", 6, 3,
         {{0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 8}, {4, 2, 6, 9, 8, 7}}, {1, 1, 1}},
        /* too few vertices: nothing */
        {"TRIANGLE_STRIP_ADJACENCY 5", GL_TRIANGLE_STRIP_ADJACENCY_EXT, 5, "TRIANGLES_ADJACENCY", 6, 0,
         {{0}}, {0}},
        {"LINE_STRIP_ADJACENCY 3", GL_LINE_STRIP_ADJACENCY_EXT, 3, "LINES_ADJACENCY", 4, 0, {{0}}, {0}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        run_order(r, &cases[i], false);
        run_order(r, &cases[i], true);
    }
}

/* ---- limits and incomplete primitives ----------------------------------------------- */

static void test_emit_limit(rast_context *r)
{
    /* EDGE.EMIT_LIMIT: VERTICES_OUT 3 and 6 EMITs: asmgl keeps the first 3
     * (columns 0..2) and ignores the rest */
    char src[4096];
    int o = snprintf(src, sizeof src,
                     "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 3;\n"
                     "MOV result.texcoord[0], {1, 1, 1, 1};\n");
    for (int k = 0; k < 6; k++)
        o += snprintf(src + o, sizeof src - (size_t)o, "MOV result.position, {%.9g, %.9g, 0, 1};\nEMIT;\n",
                      cx(k), cy(3));
    snprintf(src + o, sizeof src - (size_t)o, "END\n");
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(src, &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    static const float p1[] = {0, 0, 0, 1};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 1;
    rt_attrib(&d, GP_VIN_POSITION, p1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    for (int k = 0; k < 8; k++) {
        float v = k < 3 ? 1.0f : 0.0f;
        CHECK(px_is(&f, k, 3, v, v, v, v), "EMIT limit: column %d = %g, want %g", k, rt_pxf(&f, k, 3)[0], v);
    }
    /* rast_draw.gp_vertex_limit (ProgramVertexLimitNV) lowers it to 2 */
    d.gp_vertex_limit = 2;
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    for (int k = 0; k < 8; k++) {
        float v = k < 2 ? 1.0f : 0.0f;
        CHECK(px_is(&f, k, 3, v, v, v, v), "vertex limit 2: column %d = %g, want %g", k, rt_pxf(&f, k, 3)[0], v);
    }
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);

    /* EDGE.GP_INCOMPLETE: a triangle strip of 2 vertices, ENDPRIM, a full
     * triangle, ENDPRIM, 1 vertex: only the full triangle draws; a line strip
     * of 1 vertex draws nothing */
    gp_program *gt = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 8;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "MOV result.position, {-1, -1, 0, 1};\n EMIT;\n"
        "MOV result.position, {1, -1, 0, 1};\n EMIT;\n"
        "ENDPRIM;\n"
        "MOV result.position, {-1, 0, 0, 1};\n EMIT;\n"     /* window (0,16) (16,16) (0,32) */
        "MOV result.position, {0, 0, 0, 1};\n EMIT;\n"
        "MOV result.position, {-1, 1, 0, 1};\n EMIT;\n"
        "ENDPRIM;\n"
        "MOV result.position, {1, 1, 0, 1};\n EMIT;\n"
        "END\n",
        &gpp);
    rt_fb_init(&f, W, H, RT_RGBA32F);
    draw_init(&d, &f, gt, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 1;
    rt_attrib(&d, GP_VIN_POSITION, p1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            /* the triangle (0,16) (16,16) (0,32): centres with x + (y - 16) < 16 */
            bool in = y >= 16 && (x + 0.5) + (y + 0.5 - 16) < 16;
            bad += !px_is(&f, x, y, in, in, in, in);
        }
    CHECK(bad == 0, "incomplete strips: %d wrong pixels", bad);
    rt_fb_free(&f);
    gp_program_free(gt);
    free(gpp);

    gp_program *gl1 = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT LINE_STRIP;\nVERTICES_OUT 2;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "MOV result.position, {-1, 0, 0, 1};\n EMIT;\n"
        "ENDPRIM;\n"
        "MOV result.position, {1, 0, 0, 1};\n EMIT;\n"
        "END\n",
        &gpp);
    rt_fb_init(&f, W, H, RT_RGBA32F);
    draw_init(&d, &f, gl1, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 1;
    rt_attrib(&d, GP_VIN_POSITION, p1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int lit = 0;
    for (int i = 0; i < W * H; i++)
        lit += f.cf[i * 4 + 3] != 0;
    CHECK(lit == 0, "1-vertex line strips: %d pixels lit", lit);
    rt_fb_free(&f);
    gp_program_free(gl1);
    free(gpp);
}

/* An endless program (EMIT in a loop that never breaks) is stopped by the
 * instruction budget: counted, draws nothing, and the next draw works. */
static void test_endless(rast_context *r)
{
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 4;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "MOV result.position, vertex[0].position;\n"
        "REP;\n EMIT;\n BRK (FL.x);\nENDREP;\n"
        "END\n",
        &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 100; /* 7 tasks: the first one out of budget ends the draw */
    static float p100[100 * 4];
    for (int i = 0; i < 100; i++)
        p100[i * 4 + 3] = 1;
    rt_attrib(&d, GP_VIN_POSITION, p100, 4);
    rast_context_set_insn_budget(r, 100000);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_stats st0, st1;
    rast_stats_get(r, &st0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats_get(r, &st1);
    CHECK(st1.budget_exceeded - st0.budget_exceeded == 1, "budget_exceeded +%llu",
          (unsigned long long)(st1.budget_exceeded - st0.budget_exceeded));
    CHECK(px_is(&f, 16, 16, 0, 0, 0, 0), "endless program drew");
    rast_context_set_insn_budget(r, 0);
    CHECK(st1.gs_invocations - st0.gs_invocations == 16, "invocations after the runaway task: %llu",
          (unsigned long long)(st1.gs_invocations - st0.gs_invocations));
    /* the pass-through program still works afterwards */
    gp_val(*gpp2)[4];
    gp_program *g2 = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\nMOV result.position, vertex[0].position;\nEMIT;\nEND\n",
        &gpp2);
    d.gp.prog = g2;
    d.gp.params = (const gp_val(*)[4])gpp2;
    rast_draw_submit(r, &d);
    rast_flush(r);
    CHECK(px_is(&f, 16, 16, 1, 1, 1, 1), "draw after the endless program");
    rt_fb_free(&f);
    gp_program_free(gp);
    gp_program_free(g2);
    free(gpp);
    free(gpp2);
}

/* ---- indexed, instanced, batched ------------------------------------------------------ */

static void test_instanced(rast_context *r)
{
    /* vertex program: texcoord[0] = (vertex's number, 8 * instance, 0, 1) */
    gp_program *vpi = rt_compile(GP_STAGE_VERTEX,
                                 "!!NVvp4.0\nTEMP t;\n"
                                 "MOV result.position, vertex.position;\n"
                                 "I2F t.y, vertex.instance.x;\n"
                                 "MUL t.y, t.y, 8;\n"
                                 "MOV t.x, vertex.texcoord[0].x;\n"
                                 "MOV t.zw, {0, 0, 0, 1};\n"
                                 "MOV result.texcoord[0], t;\n"
                                 "END\n");
    gp_val(*vpip)[4] = rt_params(vpi, NULL, 0, NULL, 0);
    gp_val(*gpp)[4];
    gp_program *gp = dump_gs("TRIANGLES", 3, &gpp);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    float pos[8 * 4], tc[8 * 4];
    for (int v = 0; v < 8; v++) {
        pos[v * 4 + 0] = 0; pos[v * 4 + 1] = 0; pos[v * 4 + 2] = 0; pos[v * 4 + 3] = 1;
        tc[v * 4 + 0] = (float)(10 + v); tc[v * 4 + 1] = 0; tc[v * 4 + 2] = 0; tc[v * 4 + 3] = 1;
    }
    /* indexed triangle strip (6 elements -> 4 triangles), 3 instances */
    static const uint8_t idx[] = {7, 2, 5, 0, 3, 6};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.vp.prog = vpi;
    d.vp.params = (const gp_val(*)[4])vpip;
    d.mode = GL_TRIANGLE_STRIP;
    d.count = 6;
    d.index_type = GL_UNSIGNED_BYTE;
    d.indices = idx;
    d.instance_count = 3;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    /* strip triangles (element positions): (0,1,2) (2,1,3) (2,3,4) (4,3,5) */
    static const int tri[4][3] = {{0, 1, 2}, {2, 1, 3}, {2, 3, 4}, {4, 3, 5}};
    int bad = 0;
    for (int inst = 0; inst < 3; inst++)
        for (int t = 0; t < 4; t++)
            for (int k = 0; k < 3; k++) {
                const float *p = rt_pxf(&f, k, 8 * inst + t);
                float want = (float)(10 + idx[tri[t][k]]);
                if (p[0] != want || p[1] != 8.0f * inst) {
                    if (bad++ < 5)
                        fprintf(stderr, "  instance %d tri %d vertex[%d]: %g %g want %g %g\n", inst, t, k, p[0],
                                p[1], want, 8.0f * inst);
                }
            }
    CHECK(bad == 0, "indexed instanced strip: %d wrong", bad);
    rt_fb_free(&f);
    gp_program_free(gp);
    gp_program_free(vpi);
    free(gpp);
    free(vpip);
}

/* More primitives than a batch (and a vertex chunk): 1500 points and a
 * 1300-triangle strip with adjacency, each primitive checked. */
static void test_long_draws(rast_context *r)
{
    enum { LW = 64, LH = 32, NPT = 1500 };
    rt_fb f;
    rt_fb_init(&f, LW, LH, RT_RGBA32F);
    /* point i -> pixel (i % 64, i / 64), colour = its vertex number */
    char src[2048];
    snprintf(src, sizeof src,
             "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
             "INT TEMP i;\nTEMP p;\n"
             "AND.S i.x, primitive.id.x, 63;\n"
             "SHR.S i.y, primitive.id.x, 6;\n"
             "I2F p.xy, i;\n"
             "MAD p.xy, p, {%.9g, %.9g, 0, 0}, {%.9g, %.9g, 0, 0};\n"
             "MOV p.zw, {0, 0, 0, 1};\n"
             "MOV result.position, p;\n"
             "MOV result.texcoord[0], vertex[0].texcoord[0];\nEMIT;\nEND\n",
             2.0 / LW, 2.0 / LH, 1.0 / LW - 1.0, 1.0 / LH - 1.0);
    gp_val(*gpp)[4];
    gp_program *gp = gs_compile(src, &gpp);
    float *pos = calloc(NPT * 4, sizeof(float)), *tc = calloc(NPT * 4, sizeof(float));
    for (int i = 0; i < NPT; i++) {
        pos[i * 4 + 3] = 1;
        tc[i * 4 + 0] = (float)i;
        tc[i * 4 + 3] = 1;
    }
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fpt, (const gp_val(*)[4])fptp);
    d.gp.prog = gp;
    d.gp.params = (const gp_val(*)[4])gpp;
    d.mode = GL_POINTS;
    d.count = NPT;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rt_clear(r, &f, -1, -1, -1, -1, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int i = 0; i < LW * LH; i++) {
        float want = i < NPT ? (float)i : -1.0f;
        if (f.cf[i * 4] != want && bad++ < 5)
            fprintf(stderr, "  point %d: %g\n", i, f.cf[i * 4]);
    }
    CHECK(bad == 0, "1500 points: %d wrong", bad);
    gp_program_free(gp);
    free(gpp);

    /* strip with adjacency: triangle i -> pixel (i % 64, i / 64) with colour
     * (vertex[0], vertex[3], vertex[5], 1) numbers; vertices 2 * 1300 + 4 */
    enum { NT = 1300, NV = 2 * NT + 4 };
    snprintf(src, sizeof src,
             "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES_ADJACENCY;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
             "INT TEMP i;\nTEMP p;\n"
             "AND.S i.x, primitive.id.x, 63;\n"
             "SHR.S i.y, primitive.id.x, 6;\n"
             "I2F p.xy, i;\n"
             "MAD p.xy, p, {%.9g, %.9g, 0, 0}, {%.9g, %.9g, 0, 0};\n"
             "MOV p.zw, {0, 0, 0, 1};\n"
             "MOV result.position, p;\n"
             "MOV p.x, vertex[0].texcoord[0].x;\n"
             "MOV p.y, vertex[3].texcoord[0].x;\n"
             "MOV p.z, vertex[5].texcoord[0].x;\n"
             "MOV p.w, 1;\n"
             "MOV result.texcoord[0], p;\nEMIT;\nEND\n",
             2.0 / LW, 2.0 / LH, 1.0 / LW - 1.0, 1.0 / LH - 1.0);
    gp = gs_compile(src, &gpp);
    float *pos2 = calloc(NV * 4, sizeof(float)), *tc2 = calloc(NV * 4, sizeof(float));
    for (int i = 0; i < NV; i++) {
        pos2[i * 4 + 3] = 1;
        tc2[i * 4 + 0] = (float)i;
        tc2[i * 4 + 3] = 1;
    }
    d.gp.prog = gp;
    d.gp.params = (const gp_val(*)[4])gpp;
    d.mode = GL_TRIANGLE_STRIP_ADJACENCY_EXT;
    d.count = NV;
    rt_attrib(&d, GP_VIN_POSITION, pos2, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc2, 4);
    rt_clear(r, &f, -1, -1, -1, -1, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int i = 0; i < NT; i++) {
        /* Table X.1, 0-based: 1st = 2i (even) / 2i+2 (odd); 2/3 adjacent =
         * 2i+6 (first, middle even), 2i+3 (middle odd, last odd), 2i+5
         * (last even); 3/1 adjacent = 2i+3 (first, even), 2i+6 (middle odd),
         * 2i+5 (last odd) */
        bool odd = i & 1, first = i == 0, last = i == NT - 1;
        float v0 = (float)(odd ? 2 * i + 2 : 2 * i);
        float a23 = first ? 2 * i + 6 : last ? (odd ? 2 * i + 3 : 2 * i + 5) : (odd ? 2 * i + 3 : 2 * i + 6);
        float a31 = first ? 2 * i + 3 : last ? (odd ? 2 * i + 5 : 2 * i + 3) : (odd ? 2 * i + 6 : 2 * i + 3);
        const float *p = f.cf + (size_t)i * 4;
        if ((p[0] != v0 || p[1] != a23 || p[2] != a31) && bad++ < 5)
            fprintf(stderr, "  triangle %d: %g %g %g want %g %g %g\n", i, p[0], p[1], p[2], v0, a23, a31);
    }
    CHECK(bad == 0, "1300-triangle strip with adjacency: %d wrong", bad);
    free(pos);
    free(tc);
    free(pos2);
    free(tc2);
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);
}

/* ---- adjacency modes without a geometry program ------------------------------------- */

static void test_adjacency_no_gs(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* lines with adjacency: segment 4i+1 -> 4i+2 (0-based) along row 5; the
     * adjacent vertices are far away and must not draw */
    const float lpos[] = {cx(0), cy(30), 0, 1, cx(2), cy(5), 0, 1, cx(12), cy(5), 0, 1, cx(30), cy(30), 0, 1};
    static const float tc1[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    rast_draw d;
    draw_init(&d, &f, NULL, NULL);
    d.mode = GL_LINES_ADJACENCY_EXT;
    d.count = 4;
    rt_attrib(&d, GP_VIN_POSITION, lpos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    d.mode = GL_LINE_STRIP_ADJACENCY_EXT; /* the same 4 vertices: one segment */
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool on = y == 5 && x >= 2 && x < 12;
            bad += !px_is(&f, x, y, on, on, on, on);
        }
    CHECK(bad == 0, "lines with adjacency, no GP: %d wrong pixels", bad);

    /* triangles with adjacency: triangle (0, 2, 4) of 6 = lower-left half;
     * strip with adjacency of 8 vertices: triangles (0,2,4) and (4,2,6) */
    const float tpos[] = {-1, -1, 0, 1, 5, 5, 0, 1, 1, -1, 0, 1, 5, 5, 0, 1, -1, 1, 0, 1, 5, 5, 0, 1,
                          1, 1, 0, 1, 5, 5, 0, 1};
    static const float tc2[] = {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
                                1, 1, 1, 1, 1, 1, 1, 1};
    draw_init(&d, &f, NULL, NULL);
    d.mode = GL_TRIANGLES_ADJACENCY_EXT;
    d.count = 6;
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rt_attrib(&d, GP_VIN_POSITION, tpos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc2, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x + y + 1 < 32; /* centre (x+.5) + (y+.5) < 32 */
            bad += f.cf[(y * W + x) * 4 + 3] != (in ? 1.0f : 0.0f);
        }
    CHECK(bad == 0, "triangles with adjacency, no GP: %d wrong", bad);
    d.mode = GL_TRIANGLE_STRIP_ADJACENCY_EXT;
    d.count = 8;
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int i = 0; i < W * H; i++)
        bad += f.cf[i * 4 + 3] != 1.0f; /* the square exactly once */
    CHECK(bad == 0, "triangle strip with adjacency, no GP: %d pixels not covered once", bad);
    rt_fb_free(&f);
}

/* Results a geometry program writes besides position: point size, clip
 * distances, front and back colours (read from the vertex program's
 * secondary and back colours). */
static void test_gs_results(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    gp_val(*gpp)[4];
    /* result.pointsize with VERTEX_PROGRAM_POINT_SIZE: a 5x5 point */
    gp_program *gp = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"
        "MOV result.position, vertex[0].position;\n"
        "MOV result.pointsize.x, 5;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "EMIT;\nEND\n",
        &gpp);
    const float p1[] = {cx(16), cy(16), 0, 1};
    rast_draw d;
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_POINTS;
    d.count = 1;
    d.state.program_point_size = true;
    rt_attrib(&d, GP_VIN_POSITION, p1, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 14 && x <= 18 && y >= 14 && y <= 18;
            bad += !px_is(&f, x, y, in, in, in, in);
        }
    CHECK(bad == 0, "GP result.pointsize 5: %d wrong pixels", bad);
    gp_program_free(gp);
    free(gpp);

    /* result.clip[0] = x: user plane 0 keeps the right half of a quad */
    gp = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\n"
        "MOV result.texcoord[0], {1, 1, 1, 1};\n"
        "MOV result.position, vertex[0].position;\nMOV result.clip[0].x, vertex[0].position.x;\nEMIT;\n"
        "MOV result.position, vertex[1].position;\nMOV result.clip[0].x, vertex[1].position.x;\nEMIT;\n"
        "MOV result.position, vertex[2].position;\nMOV result.clip[0].x, vertex[2].position.x;\nEMIT;\n"
        "END\n",
        &gpp);
    static const float quad[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1, 1, 1, 0, 1};
    draw_init(&d, &f, gp, (const gp_val(*)[4])gpp);
    d.mode = GL_TRIANGLE_STRIP;
    d.count = 4;
    d.state.clip_planes = 1;
    rt_attrib(&d, GP_VIN_POSITION, quad, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = x >= 16;
            bad += !px_is(&f, x, y, in, in, in, in);
        }
    CHECK(bad == 0, "GP result.clip[0]: %d wrong pixels", bad);
    gp_program_free(gp);
    free(gpp);

    /* two-sided colour: the program's front colour is the vertex program's
     * secondary colour, its back colour the vertex program's back colour */
    gp_program *vpc = rt_compile(GP_STAGE_VERTEX,
                                 "!!ARBvp1.0\n"
                                 "MOV result.position, vertex.position;\n"
                                 "MOV result.color.secondary, {0.125, 0.25, 0.375, 0.5};\n"
                                 "MOV result.color.back, {0.75, 0.625, 0.5, 0.25};\n"
                                 "END\n");
    gp_val(*vpcp)[4] = rt_params(vpc, NULL, 0, NULL, 0);
    gp_program *fpc = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    gp_val(*fpcp)[4] = rt_params(fpc, NULL, 0, NULL, 0);
    gp = gs_compile(
        "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\n"
        "MOV result.color, vertex[0].color.front.secondary;\n"
        "MOV result.color.back, vertex[1].color.back;\n"
        "MOV result.position, vertex[0].position;\nEMIT;\n"
        "MOV result.position, vertex[1].position;\nEMIT;\n"
        "MOV result.position, vertex[2].position;\nEMIT;\n"
        "END\n",
        &gpp);
    /* left half counter-clockwise (front), right half clockwise (back) */
    static const float tris[] = {-1, -1, 0, 1, 0, -1, 0, 1, -1, 1, 0, 1,
                                 0, -1, 0, 1, 0, 1, 0, 1, 1, -1, 0, 1};
    rt_draw_init(&d, &f, vpc, (const gp_val(*)[4])vpcp, fpc, (const gp_val(*)[4])fpcp);
    d.gp.prog = gp;
    d.gp.params = (const gp_val(*)[4])gpp;
    d.mode = GL_TRIANGLES;
    d.count = 6;
    d.state.two_side = true;
    rt_attrib(&d, GP_VIN_POSITION, tris, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    CHECK(px_is(&f, 2, 2, 0.125f, 0.25f, 0.375f, 0.5f), "front colour from vertex[0].color.front.secondary: %g %g %g %g",
          rt_pxf(&f, 2, 2)[0], rt_pxf(&f, 2, 2)[1], rt_pxf(&f, 2, 2)[2], rt_pxf(&f, 2, 2)[3]);
    CHECK(px_is(&f, 18, 2, 0.75f, 0.625f, 0.5f, 0.25f), "back colour from vertex[1].color.back: %g %g %g %g",
          rt_pxf(&f, 18, 2)[0], rt_pxf(&f, 18, 2)[1], rt_pxf(&f, 18, 2)[2], rt_pxf(&f, 18, 2)[3]);
    gp_program_free(gp);
    gp_program_free(vpc);
    gp_program_free(fpc);
    free(gpp);
    free(vpcp);
    free(fpcp);
    rt_fb_free(&f);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fpt = rt_compile(GP_STAGE_FRAGMENT, RT_FP_TEX0);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fptp = rt_params(fpt, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_adjacency_no_gs(r);
    test_passthrough(r);
    test_amplify(r);
    test_point_sprite(r);
    test_line_strip(r);
    test_input_order(r);
    test_emit_limit(r);
    test_endless(r);
    test_instanced(r);
    test_long_draws(r);
    test_gs_results(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fpt);
    free(vpp);
    free(fptp);
    RT_DONE();
}
