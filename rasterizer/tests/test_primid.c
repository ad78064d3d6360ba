/*
 * test_primid.c - primitive.id in fragment programs (NV_fragment_program4
 * primitive.id; NV_geometry_program4 2.X.3.2): without a geometry program the
 * primitive's number in the draw (from 0 per draw and per instance; a quad
 * counts once, POLYGON is 0; EDGE.PRIMITIVE_ID), whatever the provoking-vertex
 * convention, flat shading, indexing or draw length (vertex chunks); with a
 * geometry program, the result.primid of each output primitive's provoking
 * vertex.  Thread: test main thread.
 *
 * covers: BIND.F.PRIMID BIND.R.PRIMID BIND.G.PRIMID EDGE.PRIMITIVE_ID
 */
#include "rast_test.h"

enum { W = 64, H = 48 };

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

static void draw_init(rast_draw *d, const rt_fb *f)
{
    rt_draw_init(d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
}

/* primitive.id as the red channel (exact in float up to 2^24), green 1. */
static float id_at(const rt_fb *f, int x, int y)
{
    return rt_pxf(f, x, y)[0];
}

static float wx(double x) { return rt_ndc(x, W); }
static float wy(double y) { return rt_ndc(y, H); }

/* Column strips: primitive k covers columns [8k, 8k+8) of rows [0, 16). */
static void test_modes(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    float pos[64 * 4];
    rast_draw d;

    for (int variant = 0; variant < 4; variant++) {
        /* 0 plain, 1 first-vertex convention, 2 GL_FLAT, 3 indexed */
        /* QUADS: 4 quads side by side -> 0 1 2 3 */
        int n = 0;
        for (int k = 0; k < 4; k++) {
            float x0 = wx(8 * k), x1 = wx(8 * k + 8), y0 = wy(0), y1 = wy(16);
            float q[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
            for (int j = 0; j < 4; j++, n++) {
                pos[n * 4] = q[j][0]; pos[n * 4 + 1] = q[j][1]; pos[n * 4 + 2] = 0; pos[n * 4 + 3] = 1;
            }
        }
        uint16_t idx[64];
        for (int i = 0; i < 64; i++)
            idx[i] = (uint16_t)i;
        draw_init(&d, &f);
        d.mode = GL_QUADS;
        d.count = n;
        d.state.provoking_first = variant == 1;
        d.state.flat_shade = variant == 2;
        if (variant == 3) {
            d.index_type = GL_UNSIGNED_SHORT;
            d.indices = idx;
        }
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_clear(r, &f, -1, -1, -1, -1, 1.0);
        rast_draw_submit(r, &d);
        /* QUAD_STRIP of 3 quads in rows [16, 32): 0 1 2 */
        float qs[8 * 4];
        for (int j = 0; j < 8; j++) {
            qs[j * 4] = wx(8 * (j / 2)); qs[j * 4 + 1] = wy(j & 1 ? 32 : 16); qs[j * 4 + 2] = 0; qs[j * 4 + 3] = 1;
        }
        d.mode = GL_QUAD_STRIP;
        d.count = 8;
        rt_attrib(&d, GP_VIN_POSITION, qs, 4);
        rast_draw_submit(r, &d);
        /* TRIANGLE_FAN around (40, 24): 3 triangles in rows [16, 32) of
         * columns [32, 48): (32,16) (48,16) (48,32) (32,32) -> 0 1 2 */
        float fan[5 * 4] = {wx(40), wy(24), 0, 1, wx(32), wy(16), 0, 1, wx(48), wy(16), 0, 1,
                            wx(48), wy(32), 0, 1, wx(32), wy(32), 0, 1};
        d.mode = GL_TRIANGLE_FAN;
        d.count = 5;
        rt_attrib(&d, GP_VIN_POSITION, fan, 4);
        rast_draw_submit(r, &d);
        /* POLYGON (the same 4 corners, columns [48, 64) rows [16, 32)): 0 */
        float poly[4 * 4] = {wx(48), wy(16), 0, 1, wx(64), wy(16), 0, 1, wx(64), wy(32), 0, 1, wx(48), wy(32), 0, 1};
        d.mode = GL_POLYGON;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, poly, 4);
        rast_draw_submit(r, &d);
        /* TRIANGLE_STRIP over rows [32, 48), columns [0, 32): 4 vertices -> 0 1 */
        float st[4 * 4] = {wx(0), wy(32), 0, 1, wx(0), wy(48), 0, 1, wx(32), wy(32), 0, 1, wx(32), wy(48), 0, 1};
        d.mode = GL_TRIANGLE_STRIP;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, st, 4);
        rast_draw_submit(r, &d);
        /* POINTS in row 40 at columns 40, 42, 44 -> 0 1 2; LINES in row 44:
         * [36, 44) and [48, 56) -> 0 1 */
        float pts[3 * 4] = {wx(40.5), wy(40.5), 0, 1, wx(42.5), wy(40.5), 0, 1, wx(44.5), wy(40.5), 0, 1};
        d.mode = GL_POINTS;
        d.count = 3;
        rt_attrib(&d, GP_VIN_POSITION, pts, 4);
        rast_draw_submit(r, &d);
        float ln[4 * 4] = {wx(36), wy(44.5), 0, 1, wx(44), wy(44.5), 0, 1, wx(48), wy(44.5), 0, 1, wx(56), wy(44.5), 0, 1};
        d.mode = GL_LINES;
        d.count = 4;
        rt_attrib(&d, GP_VIN_POSITION, ln, 4);
        rast_draw_submit(r, &d);
        rast_flush(r);

        static const char *const vname[4] = {"", " (first vertex)", " (flat)", " (indexed)"};
        int bad = 0;
        for (int x = 0; x < 32; x++)
            for (int y = 0; y < 16; y++)
                bad += id_at(&f, x, y) != (float)(x / 8);
        CHECK(bad == 0, "QUADS%s: %d wrong (e.g. %g at column 9)", vname[variant], bad, id_at(&f, 9, 3));
        bad = 0;
        for (int x = 0; x < 24; x++)
            for (int y = 16; y < 32; y++)
                bad += id_at(&f, x, y) != (float)(x / 8);
        CHECK(bad == 0, "QUAD_STRIP%s: %d wrong", vname[variant], bad);
        /* fan triangle k: (centre, corner k+1, corner k+2): bottom, right, top */
        CHECK(id_at(&f, 40, 17) == 0 && id_at(&f, 47, 24) == 1 && id_at(&f, 40, 31) == 2 &&
                  id_at(&f, 33, 24) == -1,
              "TRIANGLE_FAN%s: %g %g %g %g", vname[variant], id_at(&f, 40, 17), id_at(&f, 47, 24),
              id_at(&f, 40, 31), id_at(&f, 33, 24));
        bad = 0;
        for (int x = 48; x < 64; x++)
            for (int y = 16; y < 32; y++)
                bad += id_at(&f, x, y) != 0;
        CHECK(bad == 0, "POLYGON%s: %d not 0", vname[variant], bad);
        /* strip: triangle 0 = (0,32) (0,48) (32,32) lower-left, 1 the rest */
        CHECK(id_at(&f, 2, 34) == 0 && id_at(&f, 30, 46) == 1, "TRIANGLE_STRIP%s: %g %g", vname[variant],
              id_at(&f, 2, 34), id_at(&f, 30, 46));
        CHECK(id_at(&f, 40, 40) == 0 && id_at(&f, 42, 40) == 1 && id_at(&f, 44, 40) == 2, "POINTS%s: %g %g %g",
              vname[variant], id_at(&f, 40, 40), id_at(&f, 42, 40), id_at(&f, 44, 40));
        CHECK(id_at(&f, 36, 44) == 0 && id_at(&f, 43, 44) == 0 && id_at(&f, 48, 44) == 1 && id_at(&f, 55, 44) == 1,
              "LINES%s: %g %g", vname[variant], id_at(&f, 36, 44), id_at(&f, 48, 44));
    }
    rt_fb_free(&f);
}

/* Long draws cross vertex chunks (RAST_CHUNK_ELTS): 3000 points and 1100
 * lines, each on its own pixel; instances restart the count. */
static void test_long(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    enum { NP = 3000 };
    float *pos = malloc(NP * 4 * sizeof(float));
    for (int i = 0; i < NP; i++) {
        pos[i * 4] = wx(i % W + 0.5);
        pos[i * 4 + 1] = wy(i / W + 0.5);
        pos[i * 4 + 2] = 0;
        pos[i * 4 + 3] = 1;
    }
    rast_draw d;
    draw_init(&d, &f);
    d.mode = GL_POINTS;
    d.count = NP;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_clear(r, &f, -1, -1, -1, -1, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int i = 0; i < W * H; i++)
        bad += f.cf[i * 4] != (i < NP ? (float)i : -1.0f);
    CHECK(bad == 0, "3000 points: %d wrong", bad);

    enum { NL = 1100 };
    float *lp = malloc(NL * 2 * 4 * sizeof(float));
    for (int i = 0; i < NL; i++)
        for (int e = 0; e < 2; e++) {
            float *p = lp + (i * 2 + e) * 4;
            p[0] = wx(i % W + e);
            p[1] = wy(i / W + 0.5);
            p[2] = 0;
            p[3] = 1;
        }
    draw_init(&d, &f);
    d.mode = GL_LINES;
    d.count = NL * 2;
    rt_attrib(&d, GP_VIN_POSITION, lp, 4);
    rt_clear(r, &f, -1, -1, -1, -1, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    bad = 0;
    for (int i = 0; i < W * H; i++)
        bad += f.cf[i * 4] != (i < NL ? (float)i : -1.0f);
    CHECK(bad == 0, "1100 lines: %d wrong", bad);

    /* 2 instances of 3 points, the second drawn over the first with
     * additive blending: each pixel shows 2 * its point's number */
    draw_init(&d, &f);
    d.mode = GL_POINTS;
    d.count = 3;
    d.instance_count = 2;
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    CHECK(f.cf[0] == 0 && f.cf[4] == 2 && f.cf[8] == 4 && f.cf[3] == 2, "instances: %g %g %g", f.cf[0], f.cf[4],
          f.cf[8]);
    free(pos);
    free(lp);
    rt_fb_free(&f);
}

/* Long strips with adjacency without a geometry program (crossing vertex
 * chunks) draw what 2.6.1 defines: a triangle strip with adjacency is the
 * triangle strip of its even vertices, a line strip with adjacency the line
 * strip of vertices 1 .. n-2; primitive.id counts the same way. */
#ifndef GL_LINES_ADJACENCY_EXT
#define GL_LINE_STRIP_ADJACENCY_EXT 0x000B
#define GL_TRIANGLE_STRIP_ADJACENCY_EXT 0x000D
#endif
static void test_long_adjacency(rast_context *r)
{
    enum { NV = 4201 };
    float *adj = malloc(NV * 4 * sizeof(float)), *even = malloc(NV * 4 * sizeof(float));
    rt_rand_state = 99;
    for (int i = 0; i < NV; i++) {
        float *p = adj + i * 4;
        if (i & 1) { /* adjacent vertices: anywhere, never drawn */
            p[0] = rt_randf(-3, 3); p[1] = rt_randf(-3, 3);
        } else {     /* a zigzag strip sweeping the framebuffer */
            int k = i / 2;
            p[0] = rt_ndc((k * 7) % W + 0.25, W);
            p[1] = rt_ndc(((k * 13) % H) + 0.75, H);
        }
        p[2] = 0;
        p[3] = 1;
    }
    int ne = 0;
    for (int i = 0; i < NV; i += 2, ne++)
        memcpy(even + ne * 4, adj + i * 4, 4 * sizeof(float));
    rt_fb a, b;
    rt_fb_init(&a, W, H, RT_RGBA32F);
    rt_fb_init(&b, W, H, RT_RGBA32F);
    for (int lines = 0; lines < 2; lines++) {
        for (int pass = 0; pass < 2; pass++) {
            rt_fb *f = pass ? &b : &a;
            rast_draw d;
            draw_init(&d, f);
            d.state.blend_buffers = 0xff;
            d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
            if (lines) {
                d.mode = pass ? GL_LINE_STRIP : GL_LINE_STRIP_ADJACENCY_EXT;
                d.first = pass ? 1 : 0;
                d.count = pass ? NV - 2 : NV;
                rt_attrib(&d, GP_VIN_POSITION, adj, 4);
            } else {
                d.mode = pass ? GL_TRIANGLE_STRIP : GL_TRIANGLE_STRIP_ADJACENCY_EXT;
                d.count = pass ? (NV - 1) / 2 : NV; /* 4201 -> 4200 -> 2098 triangles */
                rt_attrib(&d, GP_VIN_POSITION, pass ? even : adj, 4);
            }
            rt_clear(r, f, 0, 0, 0, 0, 1.0);
            rast_draw_submit(r, &d);
            rast_flush(r);
        }
        int diff = 0;
        double sum = 0;
        for (int i = 0; i < W * H * 4; i++) {
            diff += a.cf[i] != b.cf[i];
            sum += a.cf[i];
        }
        CHECK(diff == 0, "%s with adjacency differs from its definition (%d values)", lines ? "line strip" : "triangle strip",
              diff);
        CHECK(sum > 1e5, "%s with adjacency: primitive ids too small (sum %g)", lines ? "line strip" : "triangle strip", sum);
    }
    free(adj);
    free(even);
    rt_fb_free(&a);
    rt_fb_free(&b);
}

/* With a geometry program: the fragment program sees result.primid of the
 * provoking vertex; the geometry program sees primitive.id. */
static void test_gs(rast_context *r)
{
    gp_program *gp = rt_compile(GP_STAGE_GEOMETRY,
                                "!!NVgp4.0\n"
                                "PRIMITIVE_IN TRIANGLES;\n"
                                "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                "VERTICES_OUT 4;\n"
                                "INT TEMP i;\n"
                                "MUL.S i.x, primitive.id.x, 10;\n"
                                "ADD.S i.x, i.x, 100;\n"
                                "MOV.S result.primid.x, i.x;\n"
                                "MOV result.position, vertex[0].position;\nEMIT;\n"
                                "ADD.S i.x, i.x, 1;\n"
                                "MOV.S result.primid.x, i.x;\n"
                                "MOV result.position, vertex[1].position;\nEMIT;\n"
                                "ADD.S i.x, i.x, 1;\n"
                                "MOV.S result.primid.x, i.x;\n"
                                "MOV result.position, vertex[2].position;\nEMIT;\n"
                                "ADD.S i.x, i.x, 1;\n"
                                "MOV.S result.primid.x, i.x;\n"
                                /* a 4th vertex: the strip's second triangle (v1 v2 v3) */
                                "MOV result.position, vertex[2].position;\n"
                                "ADD result.position.x, vertex[2].position.x, 0.5;\nEMIT;\n"
                                "END\n");
    gp_val(*gpp)[4] = rt_params(gp, NULL, 0, NULL, 0);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    /* two input triangles: (0,0) (16,0) (0,16) and (32,0) (48,0) (32,16) */
    float pos[6 * 4] = {wx(0), wy(0), 0, 1, wx(16), wy(0), 0, 1, wx(0), wy(16), 0, 1,
                        wx(32), wy(0), 0, 1, wx(48), wy(0), 0, 1, wx(32), wy(16), 0, 1};
    for (int pf = 0; pf < 2; pf++) {
        rast_draw d;
        draw_init(&d, &f);
        d.gp.prog = gp;
        d.gp.params = (const gp_val(*)[4])gpp;
        d.mode = GL_TRIANGLES;
        d.count = 6;
        d.state.provoking_first = pf;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_clear(r, &f, -1, -1, -1, -1, 1.0);
        rast_draw_submit(r, &d);
        rast_flush(r);
        /* triangle k of input i: provoking vertex = last (v2 / v3: 102 / 103
         * + 10 i) or first (v0 / v1: 100 / 101 + 10 i).  The 4th vertex is
         * 16 pixels right of v2 (0.5 NDC = 16 px): triangle (v1, v2, v3) */
        float a0 = pf ? 100 : 102, b0 = pf ? 101 : 103;
        CHECK(id_at(&f, 2, 2) == a0 && id_at(&f, 34, 2) == a0 + 10, "GS primid%s: first triangles %g %g",
              pf ? " (first vertex)" : "", id_at(&f, 2, 2), id_at(&f, 34, 2));
        CHECK(id_at(&f, 14, 10) == b0 && id_at(&f, 46, 10) == b0 + 10, "GS primid%s: second triangles %g %g",
              pf ? " (first vertex)" : "", id_at(&f, 14, 10), id_at(&f, 46, 10));
    }
    rt_fb_free(&f);
    gp_program_free(gp);
    free(gpp);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, "!!NVfp4.0\n"
                                       "TEMP c;\n"
                                       "I2F c.x, primitive.id.x;\n"
                                       "MOV c.yzw, {0, 1, 0, 1};\n"
                                       "MOV result.color, c;\n"
                                       "END\n");
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_modes(r);
    test_long(r);
    test_long_adjacency(r);
    test_gs(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
