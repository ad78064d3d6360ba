/*
 * test_vertex.c - vertex fetch (every GL type, normalised per GL 2.1 Table
 * 2.9, sizes 1..4 with (0,0,0,1) defaults, strides, current values), indexed
 * draws (distinct vertices shaded once), every primitive mode covering a
 * square exactly once, provoking vertices under flat shading, draws longer
 * than a vertex chunk, and instancing.  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp, *fpt;
static gp_val (*vpp)[4], (*fpp)[4], (*fptp)[4];
static const int W = 48, H = 40;

/* ---- fetch --------------------------------------------------------------------------- */

static void fetch_case(rast_context *r, rt_fb *f, const char *name, GLenum type, bool norm, int size,
                       const void *data, const float want[4])
{
    static const float pos[] = {0, 0, 0, 1};
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fpt, (const gp_val(*)[4])fptp);
    d.mode = GL_POINTS;
    d.count = 1;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rast_attrib *a = &d.attribs[GP_VIN_TEX0];
    a->enabled = data != NULL;
    a->ptr = data;
    a->size = size;
    a->type = type;
    a->normalized = norm;
    a->current[0] = 5; a->current[1] = 6; a->current[2] = 7; a->current[3] = 8;
    rt_clear(r, f, -9, -9, -9, -9, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    const float *p = rt_pxf(f, W / 2, H / 2);
    for (int c = 0; c < 4; c++)
        CHECK(fabsf(p[c] - want[c]) <= 1e-7f * (1 + fabsf(want[c])), "%s.%d = %.9g want %.9g", name, c, p[c],
              want[c]);
}

static void test_fetch(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    static const uint8_t ub[] = {255, 128, 0, 51};
    fetch_case(r, &f, "ubyte norm", GL_UNSIGNED_BYTE, true, 4, ub,
               (const float[]){1.0f, 128.0f / 255.0f, 0.0f, 0.2f});
    static const int8_t sb[] = {127, -128, 0};
    fetch_case(r, &f, "byte norm", GL_BYTE, true, 3, sb, (const float[]){1.0f, -1.0f, 1.0f / 255.0f, 1.0f});
    fetch_case(r, &f, "byte", GL_BYTE, false, 2, sb, (const float[]){127.0f, -128.0f, 0.0f, 1.0f});
    static const int16_t ss[] = {-3, 7};
    fetch_case(r, &f, "short", GL_SHORT, false, 2, ss, (const float[]){-3.0f, 7.0f, 0.0f, 1.0f});
    static const int16_t ssn[] = {32767, -32768, -1};
    fetch_case(r, &f, "short norm", GL_SHORT, true, 3, ssn, (const float[]){1.0f, -1.0f, -1.0f / 65535.0f, 1.0f});
    static const uint16_t us[] = {65535};
    fetch_case(r, &f, "ushort norm", GL_UNSIGNED_SHORT, true, 1, us, (const float[]){1.0f, 0.0f, 0.0f, 1.0f});
    static const int32_t si[] = {1, -2, 3, -4};
    fetch_case(r, &f, "int", GL_INT, false, 4, si, (const float[]){1.0f, -2.0f, 3.0f, -4.0f});
    static const uint32_t ui[] = {0xffffffffu, 0u};
    fetch_case(r, &f, "uint norm", GL_UNSIGNED_INT, true, 2, ui, (const float[]){1.0f, 0.0f, 0.0f, 1.0f});
    static const double db[] = {0.1, -0.2, 1e10, 4.0};
    fetch_case(r, &f, "double", GL_DOUBLE, false, 4, db, (const float[]){0.1f, -0.2f, 1e10f, 4.0f});
    fetch_case(r, &f, "current", GL_FLOAT, false, 4, NULL, (const float[]){5, 6, 7, 8});

    /* interleaved with a stride, size-2 positions (z = 0, w = 1) */
    struct vtx { int16_t pos[2]; float pad; uint8_t col[4]; } v[1] = {{{0, 0}, 0, {0, 255, 0, 255}}};
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_POINTS;
    d.count = 1;
    d.attribs[GP_VIN_POSITION] = (rast_attrib){true, v[0].pos, sizeof(struct vtx), 2, GL_SHORT, false, {0}, false, false, {0}};
    d.attribs[GP_VIN_COLOR0] = (rast_attrib){true, v[0].col, sizeof(struct vtx), 4, GL_UNSIGNED_BYTE, true, {0}, false, false, {0}};
    rt_clear(&*r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    const float *p = rt_pxf(&f, W / 2, H / 2);
    CHECK(p[0] == 0.0f && p[1] == 1.0f && p[3] == 1.0f, "interleaved %g %g %g %g", p[0], p[1], p[2], p[3]);
    rt_fb_free(&f);
}

/* ---- modes --------------------------------------------------------------------------- */

static int hits_not_one(const rt_fb *f, int x0, int y0, int x1, int y1)
{
    int bad = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            bool in = x >= x0 && x < x1 && y >= y0 && y < y1;
            bad += rt_pxf(f, x, y)[0] != (in ? 1.0f : 0.0f);
        }
    return bad;
}

static void draw_mode(rast_context *r, rt_fb *f, GLenum mode, const float *pos, int n, const void *idx,
                      GLenum itype, int instances)
{
    float *col = malloc(sizeof(float) * 4 * (size_t)(n > 0 ? n : 1) * 4);
    for (int i = 0; i < n * 4; i++) {
        col[i * 4 + 0] = 1.0f;
        col[i * 4 + 1] = col[i * 4 + 2] = 0.0f;
        col[i * 4 + 3] = 1.0f;
    }
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = mode;
    d.count = n;
    d.indices = idx;
    d.index_type = itype;
    d.instance_count = instances;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "submit");
    rast_flush(r);
    free(col);
}

static void put(float *p, double x, double y)
{
    p[0] = (float)x;
    p[1] = (float)y;
    p[2] = 0.0f;
    p[3] = 1.0f;
}

static void test_modes(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    enum { MAXV = 12000 };
    float *pos = malloc(sizeof(float) * 4 * MAXV);
    int n;

    /* indexed quad: 4 distinct vertices shaded once */
    put(pos + 0, -1, -1); put(pos + 4, 1, -1); put(pos + 8, 1, 1); put(pos + 12, -1, 1);
    static const uint16_t i16[] = {0, 1, 2, 0, 2, 3};
    static const uint8_t i8[] = {0, 1, 2, 0, 2, 3};
    static const uint32_t i32[] = {0, 1, 2, 0, 2, 3};
    rast_stats st0, st1;
    rast_stats_get(r, &st0);
    draw_mode(r, &f, GL_TRIANGLES, pos, 6, i16, GL_UNSIGNED_SHORT, 1);
    rast_stats_get(r, &st1);
    CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "indexed ushort");
    CHECK(st1.vertices_shaded - st0.vertices_shaded == 4, "shaded %llu vertices",
          (unsigned long long)(st1.vertices_shaded - st0.vertices_shaded));
    draw_mode(r, &f, GL_TRIANGLES, pos, 6, i8, GL_UNSIGNED_BYTE, 1);
    CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "indexed ubyte");
    draw_mode(r, &f, GL_TRIANGLES, pos, 6, i32, GL_UNSIGNED_INT, 1);
    CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "indexed uint");
    draw_mode(r, &f, GL_QUADS, pos, 4, NULL, 0, 1);
    CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "quads");
    draw_mode(r, &f, GL_POLYGON, pos, 4, NULL, 0, 1);
    CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "polygon");
    draw_mode(r, &f, GL_QUADS, pos, 4, NULL, 0, 3);
    int three = 0;
    for (int i = 0; i < W * H; i++)
        three += f.cf[i * 4] == 3.0f;
    CHECK(three == W * H, "3 instances: %d", three);

    /* long strips, fans and polygons crossing vertex chunks */
    for (int cols = 7; cols <= 5000; cols = cols * 9 + 1) {
        n = 0;
        for (int i = 0; i <= cols; i++) {
            double x = -1 + 2.0 * i / cols;
            put(pos + 4 * n++, x, -1);
            put(pos + 4 * n++, x, 1);
        }
        draw_mode(r, &f, GL_TRIANGLE_STRIP, pos, n, NULL, 0, 1);
        CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "triangle strip %d", n);
        draw_mode(r, &f, GL_QUAD_STRIP, pos, n, NULL, 0, 1);
        CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "quad strip %d", n);
        /* fan / polygon: centre then the square's perimeter, counter-clockwise */
        int per = cols;
        n = 0;
        put(pos + 4 * n++, 0.01, -0.02);
        for (int side = 0; side < 4; side++)
            for (int i = 0; i < per; i++) {
                double t = -1 + 2.0 * i / per;
                double x = side == 0 ? t : side == 1 ? 1 : side == 2 ? -t : -1;
                double y = side == 0 ? -1 : side == 1 ? t : side == 2 ? 1 : -t;
                put(pos + 4 * n++, x, y);
            }
        put(pos + 4 * n, -1, -1);
        n++;
        draw_mode(r, &f, GL_TRIANGLE_FAN, pos, n, NULL, 0, 1);
        CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "fan %d", n);
        draw_mode(r, &f, GL_POLYGON, pos + 4, n - 2, NULL, 0, 1);
        CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "polygon %d", n - 2);
        /* the same triangles as a list, indexed with uint through chunks */
        int nt = n - 2;
        uint32_t *idx = malloc(sizeof(uint32_t) * 3 * (size_t)nt);
        for (int i = 0; i < nt; i++) {
            idx[i * 3] = 0;
            idx[i * 3 + 1] = (uint32_t)(i + 1);
            idx[i * 3 + 2] = (uint32_t)(i + 2);
        }
        draw_mode(r, &f, GL_TRIANGLES, pos, nt * 3, idx, GL_UNSIGNED_INT, 1);
        CHECK(hits_not_one(&f, 0, 0, W, H) == 0, "indexed fan list %d", nt);
        free(idx);
        if (cols > 1000)
            break;
    }
    free(pos);
    rt_fb_free(&f);
}

/* ---- provoking vertex ------------------------------------------------------------------ */

static void test_provoking(rast_context *r)
{
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    float pos[8 * 4], col[8 * 4];
    /* 8 vertices: a zig-zag over the whole viewport, so every mode covers (24, 20) */
    const double xy[8][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}, {-1, 3}, {1, 3}, {-1, 5}, {1, 5}};
    for (int i = 0; i < 8; i++) {
        put(pos + i * 4, xy[i][0], xy[i][1]);
        col[i * 4 + 0] = (float)(i + 1) / 16.0f;
        col[i * 4 + 1] = col[i * 4 + 2] = 0.0f;
        col[i * 4 + 3] = 1.0f;
    }
    struct { GLenum mode; int n; int want; } cases[] = {
        {GL_TRIANGLES, 3, 2},      /* last vertex */
        {GL_TRIANGLE_STRIP, 3, 2}, {GL_TRIANGLE_FAN, 3, 2},
        {GL_QUADS, 4, 3},          /* vertex 4i */
        {GL_QUAD_STRIP, 4, 3},     /* vertex 2i + 2 */
        {GL_POLYGON, 4, 0},        /* the first */
    };
    for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        d.mode = cases[c].mode;
        d.count = cases[c].n;
        d.state.flat_shade = true;
        rt_attrib(&d, GP_VIN_POSITION, pos, 4);
        rt_attrib(&d, GP_VIN_COLOR0, col, 4);
        rt_clear(r, &f, 0, 0, 0, 0, 1.0);
        rast_draw_submit(r, &d);
        rast_flush(r);
        float got = rt_pxf(&f, 10, 5)[0];
        CHECK(got == (float)(cases[c].want + 1) / 16.0f, "mode %#x: provoking %g want vertex %d", cases[c].mode,
              got * 16 - 1, cases[c].want);
    }
    /* lines: segment 0 of GL_LINES and the closing segment of a loop */
    float lp[12], lc[12];
    put(lp + 0, -0.9, -0.5); put(lp + 4, 0.9, -0.5); put(lp + 8, 0.9, 0.9);
    for (int i = 0; i < 3; i++) {
        lc[i * 4] = (float)(i + 1) / 16.0f;
        lc[i * 4 + 1] = lc[i * 4 + 2] = 0;
        lc[i * 4 + 3] = 1;
    }
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_LINE_LOOP;
    d.count = 3;
    d.state.flat_shade = true;
    rt_attrib(&d, GP_VIN_POSITION, lp, 4);
    rt_attrib(&d, GP_VIN_COLOR0, lc, 4);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw_submit(r, &d);
    rast_flush(r);
    /* segment 0 -> 1 along window y = 10.0: row 9 (centre 9.5 in [9.5, 10.5)) */
    CHECK(rt_pxf(&f, 24, 9)[0] == 2.0f / 16.0f, "loop segment 0: %g", rt_pxf(&f, 24, 9)[0] * 16);
    /* closing segment 2 -> 0: colour of vertex 0 (GL 2.1 Table 2.2) */
    float closing = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < 20; x++)
            if (rt_pxf(&f, x, y)[0] != 0 && x > 6 && y > 14)
                closing = rt_pxf(&f, x, y)[0];
    CHECK(closing == 1.0f / 16.0f, "loop closing segment: %g", closing * 16);
    rt_fb_free(&f);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    fpt = rt_compile(GP_STAGE_FRAGMENT, RT_FP_TEX0);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    fptp = rt_params(fpt, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_fetch(r);
    test_modes(r);
    test_provoking(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    gp_program_free(fpt);
    free(vpp);
    free(fpp);
    free(fptp);
    RT_DONE();
}
