/*
 * test_interp_nv4.c - NV_fragment_program4 fragment inputs through the
 * rasterizer: interpolation qualifiers (FLAT with either provoking vertex,
 * NOPERSPECTIVE against perspective, CENTROID = pixel centre without
 * multisampling), NOPERSPECTIVE attributes of clipped vertices (t'),
 * integer bits through flat slots, primitive.id, fragment.facing,
 * fragment.position, result.depth written on some paths only, and
 * result.color[n] with and without OPTION ARB_draw_buffers.  Expected values
 * are worked out by hand in the comments (NV_fragment_program4 2.X.3.1,
 * 2.X.3.2, 2.X.3.5, 2.14.8).
 * Thread: test main thread.
 *
 * covers: DT.FLAT DT.NOPERSPECTIVE DT.CENTROID DT.INT_FLAT
 * covers: EDGE.CLIP_NOPERSP BIND.F.ATTRIB BIND.F.PRIMID BIND.F.FACING
 * covers: BIND.F.POSITION BIND.F.CLIP EDGE.FP_DEPTH_PARTIAL BIND.R.DEPTH
 * covers: BIND.R.COLOR_N BIND.R.COLOR_FRAG OPT.ARB_draw_buffers BIND.F.COLOR
 */
#include "rast_test.h"

#define W 64
#define H 64

/* The reference triangle: window A(0,0) w=1, B(64,0) w=2, C(0,64) w=4 in a
 * 64x64 viewport, z = 0.  Clip coordinates are ndc * w.  A pixel (x, y)
 * has window barycentrics lB = (x+.5)/64, lC = (y+.5)/64, lA = 1-lB-lC. */
static const float TRI[3][4] = {
    {-1.0f, -1.0f, 0.0f, 1.0f},
    {2.0f, -2.0f, 0.0f, 2.0f},
    {-4.0f, 4.0f, 0.0f, 4.0f},
};
/* attribute 1: (0 at A, 1 at B, 0 at C) in .x, and C-weight in .y */
static const float ATT[3][4] = {
    {0.0f, 0.0f, 0.0f, 1.0f},
    {1.0f, 0.0f, 0.0f, 1.0f},
    {0.0f, 1.0f, 0.0f, 1.0f},
};

static const char *VP_NV4 =
    "!!NVvp4.0\n"
    "MOV result.position, vertex.attrib[0];\n"
    "MOV result.attrib[0], vertex.attrib[1];\n"
    "MOV result.attrib[1], vertex.attrib[1];\n"
    "MOV result.attrib[3], vertex.attrib[1];\n"
    "MOV.S result.attrib[2], vertex.attrib[2];\n"
    "MOV result.color, vertex.attrib[3];\n"
    "MOV result.clip[5], vertex.attrib[1].x;\n"
    "END\n";

static rast_context *R;
static gp_program *VP;
static gp_val (*VPP)[4];

typedef struct fb32 {
    uint32_t *px[3];
    tex_format fmt[3];
    float *depth;
    rast_framebuffer fb;
} fb32;

/* Up to 3 16-byte colour buffers (RGBA32F / RGBA32I / RGBA32UI) and an
 * optional depth buffer. */
static void fb32_init(fb32 *f, int n, const tex_format *fmt, bool depth)
{
    memset(f, 0, sizeof(*f));
    f->fb.width = W;
    f->fb.height = H;
    for (int b = 0; b < n; b++) {
        f->px[b] = calloc((size_t)W * H, 16);
        f->fmt[b] = fmt[b];
        f->fb.color[b].data = f->px[b];
        f->fb.color[b].width = W;
        f->fb.color[b].height = H;
        f->fb.color[b].stride = (size_t)W * 16;
        f->fb.color[b].format = fmt[b];
    }
    if (depth) {
        f->depth = calloc((size_t)W * H, 4);
        f->fb.depth.data = f->depth;
        f->fb.depth.width = W;
        f->fb.depth.height = H;
        f->fb.depth.stride = (size_t)W * 4;
        f->fb.depth.format = TEX_FMT_DEPTH32F;
    }
}

static void fb32_free(fb32 *f)
{
    for (int b = 0; b < 3; b++)
        free(f->px[b]);
    free(f->depth);
}

static const uint32_t *px32(const fb32 *f, int b, int x, int y)
{
    return f->px[b] + ((size_t)y * W + x) * 4;
}
static float pxf(const fb32 *f, int b, int x, int y, int c)
{
    float v;
    memcpy(&v, &px32(f, b, x, y)[c], 4);
    return v;
}

static void clear_bits(const fb32 *f, uint32_t v, float depth)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH;
    for (int i = 0; i < 4; i++) {
        c.color_bits[i] = v;
        memcpy(&c.color[i], &v, 4);
    }
    c.depth = depth;
    c.depth_write = true;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(R, &f->fb, &c);
}

static gp_program *compile_fp(const char *src)
{
    return rt_compile(GP_STAGE_FRAGMENT, src);
}

/* rt_draw_init for an fb32 */
static void init_draw(rast_draw *d, const fb32 *f, const gp_program *fp, const gp_val (*fpp)[4])
{
    memset(d, 0, sizeof(*d));
    d->mode = GL_TRIANGLES;
    d->instance_count = 1;
    d->vp.prog = VP;
    d->vp.params = (const gp_val(*)[4])VPP;
    d->fp.prog = fp;
    d->fp.params = fpp;
    d->fb = &f->fb;
    rt_state_default(&d->state, W, H);
    for (int i = 0; i < GP_VIN_COUNT; i++)
        d->attribs[i].current[3] = 1.0f;
}

/* A draw of the given clip positions with the vertex program VP:
 * attrib[1] = ATT, attrib[2] = integer ints (NULL: zero), attrib[3] = colour. */
static void draw(const fb32 *f, const gp_program *fp, GLenum mode, const float *pos, int count,
                 const int32_t *ints, const float *colors, void (*tweak)(rast_draw *))
{
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    rast_draw d;
    init_draw(&d, f, fp, (const gp_val(*)[4])fpp);
    d.mode = mode;
    d.count = count;
    rt_attrib(&d, 0, pos, 4);
    static float att[64][4];
    for (int i = 0; i < count && i < 64; i++)
        memcpy(att[i], ATT[i % 3], sizeof att[i]);
    rt_attrib(&d, 1, &att[0][0], 4);
    if (ints) {
        rt_attrib(&d, 2, (const float *)ints, 4);
        d.attribs[2].type = GL_INT;
        d.attribs[2].integer = true;
    }
    if (colors)
        rt_attrib(&d, 3, colors, 4);
    if (tweak)
        tweak(&d);
    CHECK(rast_draw_submit(R, &d) == GL_NO_ERROR, "submit");
    rast_flush(R);
    free(fpp);
}

static bool near(double got, double want, double tol)
{
    return fabs(got - want) <= tol;
}

/* ---- DT.NOPERSPECTIVE / DT.CENTROID / default perspective ----------------------- */

static void test_nopersp(void)
{
    tex_format fmt[2] = {TEX_FMT_RGBA32F, TEX_FMT_RGBA32F};
    fb32 f;
    fb32_init(&f, 2, fmt, false);
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "OPTION ARB_draw_buffers;\n"
        "ATTRIB p = fragment.attrib[0];\n"
        "NOPERSPECTIVE ATTRIB q = fragment.attrib[1];\n"
        "CENTROID ATTRIB c = fragment.attrib[3];\n"
        "MOV result.color.x, p.x;\n"
        "MOV result.color.y, q.x;\n"
        "MOV result.color.z, c.x;\n"
        "MOV result.color.w, fragment.position.w;\n"
        "MOV result.color[1], fragment.clip[5];\n"
        "END\n");
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &TRI[0][0], 3, NULL, NULL, NULL);
    /* pixel (15,7): lA = 41/64, lB = 15.5/64, lC = 7.5/64.
     *   perspective  (lB/2) / (lA/1 + lB/2 + lC/4) = 7.75 / 50.625
     *   noperspective lB = 15.5/64 = 0.2421875
     *   1/w (fragment.position.w) = (41 + 7.75 + 1.875) / 64 = 50.625/64
     * pixel (40,10): lA = 13/64, lB = 40.5/64, lC = 10.5/64.
     *   perspective 20.25 / (13 + 20.25 + 2.625) = 20.25 / 35.875
     *   noperspective 40.5/64 = 0.6328125; 1/w = 35.875/64 */
    static const struct { int x, y; double persp, nop, iw; } P[] = {
        {15, 7, 7.75 / 50.625, 15.5 / 64.0, 50.625 / 64.0},
        {40, 10, 20.25 / 35.875, 40.5 / 64.0, 35.875 / 64.0},
    };
    for (int i = 0; i < 2; i++) {
        int x = P[i].x, y = P[i].y;
        CHECK(near(pxf(&f, 1, x, y, 0), P[i].persp, 2e-6), "(%d,%d) fragment.clip[5] %.8g want %.8g", x,
              y, pxf(&f, 1, x, y, 0), P[i].persp);
        CHECK(near(pxf(&f, 0, x, y, 0), P[i].persp, 2e-6), "(%d,%d) perspective %.8g want %.8g", x, y,
              pxf(&f, 0, x, y, 0), P[i].persp);
        CHECK(near(pxf(&f, 0, x, y, 1), P[i].nop, 2e-6), "(%d,%d) noperspective %.8g want %.8g", x, y,
              pxf(&f, 0, x, y, 1), P[i].nop);
        /* CENTROID without multisampling: the pixel centre, i.e. perspective */
        CHECK(near(pxf(&f, 0, x, y, 2), P[i].persp, 2e-6), "(%d,%d) centroid %.8g want %.8g", x, y,
              pxf(&f, 0, x, y, 2), P[i].persp);
        CHECK(near(pxf(&f, 0, x, y, 3), P[i].iw, 2e-6), "(%d,%d) 1/w %.8g want %.8g", x, y,
              pxf(&f, 0, x, y, 3), P[i].iw);
    }
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- EDGE.CLIP_NOPERSP ------------------------------------------------------------ */

static void test_clip_nopersp(void)
{
    tex_format fmt = TEX_FMT_RGBA32F;
    fb32 f;
    fb32_init(&f, 1, &fmt, false);
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "NOPERSPECTIVE ATTRIB q = fragment.attrib[1];\n"
        "MOV result.color.x, fragment.attrib[0].x;\n"
        "MOV result.color.y, q.x;\n"
        "MOV result.color.zw, 0;\n"
        "END\n");
    /* C moved behind the near plane: z_clip = -2 w (ndc z = -2).  Edge AC:
     * z + w goes 1 -> -4, cut at t = 1/5 towards C, t' = (0.2*4)/(0.2*4 +
     * 0.8*1) = 1/2: window (0, 32).  Edge BC: z + w goes 2 -> -4, t = 1/3,
     * t' = (4/3)/(4/3 + (2/3)*2) = 1/2: window (32, 32).  The attribute
     * (.x = B weight) is linear in window space over the original triangle,
     * so (x, y) still reads (x + .5)/64.  With t instead of t' the vertex on
     * BC would carry 2/3 and (15,7) would read 15.5/64 + 7.5/32 * (2/3 - 1/2)
     * = 0.28125. */
    float tri[3][4];
    memcpy(tri, TRI, sizeof tri);
    tri[2][2] = -8.0f;
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &tri[0][0], 3, NULL, NULL, NULL);
    static const struct { int x, y; double persp; } P[] = {
        /* perspective: (lB/2) / (lA + lB/2 + lC/4), unchanged by clipping */
        {15, 7, 7.75 / 50.625},
        {5, 20, 2.75 / (38.0 + 2.75 + 5.125)},
        {40, 10, 20.25 / 35.875},
    };
    for (int i = 0; i < 3; i++) {
        int x = P[i].x, y = P[i].y;
        double nop = (x + 0.5) / 64.0;
        CHECK(near(pxf(&f, 0, x, y, 1), nop, 4e-6), "clipped (%d,%d) noperspective %.8g want %.8g", x, y,
              pxf(&f, 0, x, y, 1), nop);
        CHECK(near(pxf(&f, 0, x, y, 0), P[i].persp, 4e-6), "clipped (%d,%d) perspective %.8g want %.8g", x,
              y, pxf(&f, 0, x, y, 0), P[i].persp);
    }
    /* the clipped part is gone: (5, 40) is beyond y = 32 */
    CHECK(px32(&f, 0, 5, 40)[1] == 0, "clipped away pixel written");
    CHECK(px32(&f, 0, 5, 30)[1] != 0, "pixel below the cut not written");
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- DT.FLAT / DT.INT_FLAT: provoking vertex, bits ----------------------------------- */

static bool pv_first;
static void set_pv_first(rast_draw *d)
{
    d->state.provoking_first = pv_first;
}

static void test_flat_bits(void)
{
    /* integer attributes must be FLAT (NV_fragment_program4 2.X.3.1) */
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    gp_error err;
    const char *bad = "!!NVfp4.0\nINT ATTRIB a = fragment.attrib[2];\nMOV.S result.color, a;\nEND\n";
    gp_program *nf = gp_compile(bad, strlen(bad), GP_STAGE_FRAGMENT, &lim, &err);
    CHECK(nf == NULL, "INT ATTRIB without FLAT loaded");
    gp_program_free(nf);

    tex_format fmt[2] = {TEX_FMT_RGBA32I, TEX_FMT_RGBA32F};
    fb32 f;
    fb32_init(&f, 2, fmt, false);
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "OPTION ARB_draw_buffers;\n"
        "FLAT INT ATTRIB a = fragment.attrib[2];\n"
        "FLAT ATTRIB b = fragment.attrib[1];\n"
        "MOV.S result.color[0], a;\n"
        "MOV result.color[1], b;\n"
        "END\n");
    /* per-vertex integer words; the float attribute .x is 0 at A, 1 at B */
    static const int32_t INTS[3][4] = {
        {0x11111111, 0x22222222, 0x33333333, 0x44444444},
        {5, 6, 7, 8},
        {0x7fc00001, -1, 0x00000001, (int32_t)0x80000000u},
    };
    float tri[3][4];
    for (int clip = 0; clip < 2; clip++) {
        memcpy(tri, TRI, sizeof tri);
        if (clip)
            tri[2][2] = -8.0f; /* C (provoking when last) clipped away */
        for (int first = 0; first < 2; first++) {
            pv_first = first;
            clear_bits(&f, 0xabababab, 1.0);
            draw(&f, fp, GL_TRIANGLES, &tri[0][0], 3, &INTS[0][0], NULL, set_pv_first);
            const int32_t *want = first ? INTS[0] : INTS[2];
            /* float flat: C's (0, 1, 0, 1) or A's (0, 0, 0, 1) */
            float wantf[4] = {0.0f, first ? 0.0f : 1.0f, 0.0f, 1.0f};
            static const int pts[][2] = {{1, 1}, {15, 7}, {40, 10}, {5, 20}, {30, 30}, {60, 1}};
            int bad_i = 0, bad_f = 0;
            for (int i = 0; i < 6; i++) {
                int x = pts[i][0], y = pts[i][1];
                const uint32_t *p = px32(&f, 0, x, y);
                for (int c = 0; c < 4; c++) {
                    if (p[c] != (uint32_t)want[c] && bad_i++ < 4)
                        fprintf(stderr, "clip %d first %d (%d,%d).%d = %08x want %08x\n", clip, first, x,
                                y, c, p[c], (uint32_t)want[c]);
                    if (pxf(&f, 1, x, y, c) != wantf[c])
                        bad_f++;
                }
            }
            CHECK(bad_i == 0, "integer flat bits (clip %d, first %d)", clip, first);
            CHECK(bad_f == 0, "float flat values (clip %d, first %d)", clip, first);
        }
    }
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- GL_FLAT colours (shade model) with NV4 programs and clipping ------------------ */

static void set_flat(rast_draw *d)
{
    d->state.flat_shade = true;
}

static void test_shade_model_flat(void)
{
    tex_format fmt = TEX_FMT_RGBA32F;
    fb32 f;
    fb32_init(&f, 1, &fmt, false);
    /* a colour declared NOPERSPECTIVE is still flat under GL_FLAT (2.X.3.1:
     * colours without FLAT follow the shade model); attrib[1] stays smooth */
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "NOPERSPECTIVE ATTRIB col = fragment.color;\n"
        "MOV result.color.xyz, col;\n"
        "MOV result.color.w, fragment.attrib[1].x;\n"
        "END\n");
    static const float COL[3][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0.25f, 0.5f, 0.75f, 1}};
    float tri[3][4];
    memcpy(tri, TRI, sizeof tri);
    tri[2][2] = -8.0f; /* clipped: the colour still comes from C */
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &tri[0][0], 3, NULL, &COL[0][0], set_flat);
    int bad = 0;
    static const int pts[][2] = {{1, 1}, {15, 7}, {40, 10}, {5, 20}};
    for (int i = 0; i < 4; i++)
        for (int c = 0; c < 3; c++)
            bad += pxf(&f, 0, pts[i][0], pts[i][1], c) != COL[2][c];
    CHECK(bad == 0, "GL_FLAT colour not the provoking vertex's (%d)", bad);
    CHECK(near(pxf(&f, 0, 15, 7, 3), 7.75 / 50.625, 4e-6), "smooth attribute under GL_FLAT %.8g",
          pxf(&f, 0, 15, 7, 3));
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- lines: NOPERSPECTIVE along the line; points ---------------------------------- */

static void test_lines_points(void)
{
    tex_format fmt = TEX_FMT_RGBA32F;
    fb32 f;
    fb32_init(&f, 1, &fmt, false);
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "NOPERSPECTIVE ATTRIB q = fragment.attrib[1];\n"
        "FLAT ATTRIB r = fragment.attrib[3];\n"
        "MOV result.color.x, fragment.attrib[0].x;\n"
        "MOV result.color.y, q.x;\n"
        "MOV result.color.z, r.y;\n"
        "MOV result.color.w, 1;\n"
        "END\n");
    /* line from window (2, 10.5) w=1 (A's attribute: 0) to (62, 10.5) w=3
     * (B's: 1); row 10, columns 2..61; t = (x + .5 - 2) / 60.
     *   noperspective t; perspective (t/3) / ((1 - t) + t/3);
     *   FLAT r.y: the last vertex's (B) y = 0 */
    float line[2][4] = {
        {rt_ndc(2.0, W), rt_ndc(10.5, H), 0.0f, 1.0f},
        {rt_ndc(62.0, W) * 3.0f, rt_ndc(10.5, H) * 3.0f, 0.0f, 3.0f},
    };
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_LINES, &line[0][0], 2, NULL, NULL, NULL);
    static const int xs[] = {2, 17, 47, 61};
    for (int i = 0; i < 4; i++) {
        int x = xs[i];
        double t = (x + 0.5 - 2.0) / 60.0;
        double persp = (t / 3.0) / ((1.0 - t) + t / 3.0);
        CHECK(near(pxf(&f, 0, x, 10, 1), t, 4e-6), "line x=%d noperspective %.8g want %.8g", x,
              pxf(&f, 0, x, 10, 1), t);
        CHECK(near(pxf(&f, 0, x, 10, 0), persp, 4e-6), "line x=%d perspective %.8g want %.8g", x,
              pxf(&f, 0, x, 10, 0), persp);
        CHECK(pxf(&f, 0, x, 10, 2) == 0.0f && pxf(&f, 0, x, 10, 3) == 1.0f, "line x=%d flat", x);
    }
    CHECK(pxf(&f, 0, 1, 10, 3) == 0.0f && pxf(&f, 0, 62, 10, 3) == 0.0f, "line ends");

    /* points: modifiers have no effect, every attribute is the vertex's:
     * the third point (ATT[2]) has (.x, .y) = (0, 1) */
    float pts[3][4] = {
        {rt_ndc(10.5, W), rt_ndc(40.5, H), 0.0f, 1.0f},
        {rt_ndc(20.5, W) * 2.0f, rt_ndc(40.5, H) * 2.0f, 0.0f, 2.0f},
        {rt_ndc(30.5, W) * 4.0f, rt_ndc(40.5, H) * 4.0f, 0.0f, 4.0f},
    };
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_POINTS, &pts[0][0], 3, NULL, NULL, NULL);
    CHECK(pxf(&f, 0, 20, 40, 0) == 1.0f && pxf(&f, 0, 20, 40, 1) == 1.0f && pxf(&f, 0, 20, 40, 2) == 0.0f,
          "point B %g %g %g", pxf(&f, 0, 20, 40, 0), pxf(&f, 0, 20, 40, 1), pxf(&f, 0, 20, 40, 2));
    CHECK(pxf(&f, 0, 30, 40, 0) == 0.0f && pxf(&f, 0, 30, 40, 1) == 0.0f && pxf(&f, 0, 30, 40, 2) == 1.0f,
          "point C %g %g %g", pxf(&f, 0, 30, 40, 0), pxf(&f, 0, 30, 40, 1), pxf(&f, 0, 30, 40, 2));
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- primitive.id and fragment.facing ------------------------------------------------ */

static GLenum poly_mode;
static void set_poly_mode(rast_draw *d)
{
    d->state.polygon_mode[0] = d->state.polygon_mode[1] = poly_mode;
}

static void test_primid_facing(void)
{
    tex_format fmt[2] = {TEX_FMT_RGBA32I, TEX_FMT_RGBA32F};
    fb32 f;
    fb32_init(&f, 2, fmt, false);
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "OPTION ARB_draw_buffers;\n"
        "MOV.S result.color[0], primitive.id;\n"
        "MOV result.color[1], fragment.facing;\n"
        "END\n");
    /* three triangles: counter-clockwise (front) in the lower left,
     * clockwise (back) in the lower right, front in the upper half */
    float tris[9][4];
    static const float wv[9][2] = {
        {2, 2}, {30, 2}, {2, 30},      /* CCW */
        {34, 2}, {34, 30}, {62, 2},    /* CW */
        {10, 34}, {60, 34}, {10, 62},  /* CCW */
    };
    for (int i = 0; i < 9; i++) {
        float w = (float)(1 + i % 3);
        tris[i][0] = rt_ndc(wv[i][0], W) * w;
        tris[i][1] = rt_ndc(wv[i][1], H) * w;
        tris[i][2] = 0.0f;
        tris[i][3] = w;
    }
    clear_bits(&f, 0x7f7f7f7f, 1.0);
    draw(&f, fp, GL_TRIANGLES, &tris[0][0], 9, NULL, NULL, NULL);
    /* primitive.id (an integer in .x) = the triangle's number in the draw */
    CHECK((int32_t)px32(&f, 0, 8, 8)[0] == 0, "id of triangle 0: %d", (int32_t)px32(&f, 0, 8, 8)[0]);
    CHECK((int32_t)px32(&f, 0, 45, 8)[0] == 1, "id of triangle 1: %d", (int32_t)px32(&f, 0, 45, 8)[0]);
    CHECK((int32_t)px32(&f, 0, 15, 40)[0] == 2, "id of triangle 2: %d", (int32_t)px32(&f, 0, 15, 40)[0]);
    /* facing: +1.0 front, -1.0 back (exact floats) */
    CHECK(pxf(&f, 1, 8, 8, 0) == 1.0f, "front facing %g", pxf(&f, 1, 8, 8, 0));
    CHECK(pxf(&f, 1, 45, 8, 0) == -1.0f, "back facing %g", pxf(&f, 1, 45, 8, 0));
    CHECK(pxf(&f, 1, 15, 40, 0) == 1.0f, "front facing %g", pxf(&f, 1, 15, 40, 0));
    CHECK(px32(&f, 1, 0, 0)[0] == 0x7f7f7f7fu, "outside written");

    /* line-mode polygons keep their facing (-1 for the back one) */
    poly_mode = GL_LINE;
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &tris[0][0], 9, NULL, NULL, set_poly_mode);
    int front = 0, back = 0, other = 0;
    for (int y = 0; y < 32; y++)
        for (int x = 0; x < W; x++) {
            float v = pxf(&f, 1, x, y, 0);
            uint32_t id = px32(&f, 0, x, y)[0];
            if (v == 1.0f && x < 32 && id == 0)
                front++;
            else if (v == -1.0f && x >= 32 && id == 1)
                back++;
            else if (px32(&f, 1, x, y)[0] != 0)
                other++;
        }
    CHECK(front > 50 && back > 50 && other == 0, "line mode facing: front %d back %d other %d", front, back,
          other);
    poly_mode = GL_FILL;
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- result.depth on some paths only (EDGE.FP_DEPTH_PARTIAL) ------------------------ */

static void test_depth_partial(void)
{
    tex_format fmt = TEX_FMT_RGBA32F;
    fb32 f;
    fb32_init(&f, 1, &fmt, true);
    /* depth and colour written only where x > 32; asmgl's choice for the
     * others: the interpolated depth, as if the program did not write it,
     * and colour 0 (the same whatever ran before on the thread) */
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "TEMP t;\n"
        "SGT.CC t.x, fragment.position.x, 32;\n"
        "IF NE.x;\n"
        "MOV result.depth.z, 0.25;\n"
        "MOV result.color, 1;\n"
        "ENDIF;\n"
        "END\n");
    /* a full-window quad at ndc z = 0 (window z 0.5), two triangles */
    float quad[6][4] = {
        {-1, -1, 0, 1}, {1, -1, 0, 1}, {1, 1, 0, 1},
        {-1, -1, 0, 1}, {1, 1, 0, 1}, {-1, 1, 0, 1},
    };
    clear_bits(&f, 0x7f7f7f7f, 1.0);
    rast_draw d;
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    init_draw(&d, &f, fp, (const gp_val(*)[4])fpp);
    d.count = 6;
    d.state.depth_test = true;
    rt_attrib(&d, 0, &quad[0][0], 4);
    rast_draw_submit(R, &d);
    rast_flush(R);
    CHECK(f.depth[5 * W + 40] == 0.25f, "written depth %g", f.depth[5 * W + 40]);
    CHECK(f.depth[5 * W + 10] == 0.5f, "unwritten depth %g (want the interpolated 0.5)", f.depth[5 * W + 10]);
    CHECK(f.depth[60 * W + 3] == 0.5f, "unwritten depth %g", f.depth[60 * W + 3]);
    CHECK(pxf(&f, 0, 40, 5, 0) == 1.0f && pxf(&f, 0, 40, 5, 3) == 1.0f, "written colour %g",
          pxf(&f, 0, 40, 5, 0));
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < 32; x++)
            for (int c = 0; c < 4; c++)
                bad += px32(&f, 0, x, y)[c] != 0;
    CHECK(bad == 0, "%d unwritten colour words are not 0", bad);
    free(fpp);
    gp_program_free(fp);
    fb32_free(&f);
}

/* ---- result.color[n] and result.color --------------------------------------------- */

static void test_color_n(void)
{
    tex_format fmt[3] = {TEX_FMT_RGBA32F, TEX_FMT_RGBA32F, TEX_FMT_RGBA32I};
    fb32 f;
    fb32_init(&f, 3, fmt, false);
    /* result.color[n] without the option fails to load (2.X.6) */
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    gp_error err;
    const char *bad = "!!NVfp4.0\nMOV result.color[1], 1;\nEND\n";
    gp_program *nf = gp_compile(bad, strlen(bad), GP_STAGE_FRAGMENT, &lim, &err);
    CHECK(nf == NULL, "result.color[1] without ARB_draw_buffers loaded");
    gp_program_free(nf);

    /* with the option: color[n] -> draw buffer n (result.color is color[0]) */
    gp_program *fp = compile_fp(
        "!!NVfp4.0\n"
        "OPTION ARB_draw_buffers;\n"
        "MOV result.color, {1, 2, 3, 4};\n"
        "MOV result.color[1], {5, 6, 7, 8};\n"
        "MOV.S result.color[2], {-9, 10, -11, 12};\n"
        "END\n");
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &TRI[0][0], 3, NULL, NULL, NULL);
    for (int c = 0; c < 4; c++) {
        CHECK(pxf(&f, 0, 15, 7, c) == (float)(1 + c), "buffer 0 .%d %g", c, pxf(&f, 0, 15, 7, c));
        CHECK(pxf(&f, 1, 15, 7, c) == (float)(5 + c), "buffer 1 .%d %g", c, pxf(&f, 1, 15, 7, c));
    }
    static const int32_t want2[4] = {-9, 10, -11, 12};
    for (int c = 0; c < 4; c++)
        CHECK((int32_t)px32(&f, 2, 15, 7)[c] == want2[c], "buffer 2 .%d %d", c, (int32_t)px32(&f, 2, 15, 7)[c]);
    gp_program_free(fp);

    /* with the option, result.color alone is result.color[0]: buffer 0 only
     * (the others have no output and keep their contents) */
    fp = compile_fp("!!NVfp4.0\nOPTION ARB_draw_buffers;\nMOV result.color, {3, 2, 1, 0};\nEND\n");
    clear_bits(&f, 0x7f7f7f7f, 1.0);
    draw(&f, fp, GL_TRIANGLES, &TRI[0][0], 3, NULL, NULL, NULL);
    CHECK(pxf(&f, 0, 15, 7, 0) == 3.0f && pxf(&f, 0, 15, 7, 3) == 0.0f, "option: buffer 0 %g",
          pxf(&f, 0, 15, 7, 0));
    CHECK(px32(&f, 1, 15, 7)[0] == 0x7f7f7f7fu && px32(&f, 2, 15, 7)[0] == 0x7f7f7f7fu,
          "option: buffers 1, 2 written (%08x %08x)", px32(&f, 1, 15, 7)[0], px32(&f, 2, 15, 7)[0]);
    gp_program_free(fp);

    /* without the option: result.color goes to every draw buffer */
    fp = compile_fp("!!NVfp4.0\nMOV result.color, {0.5, 1.5, 2.5, 3.5};\nEND\n");
    clear_bits(&f, 0, 1.0);
    draw(&f, fp, GL_TRIANGLES, &TRI[0][0], 3, NULL, NULL, NULL);
    for (int b = 0; b < 2; b++)
        for (int c = 0; c < 4; c++)
            CHECK(pxf(&f, b, 15, 7, c) == 0.5f + (float)c, "replicated buffer %d .%d %g", b, c,
                  pxf(&f, b, 15, 7, c));
    /* the integer buffer gets the same words (float bits, unconverted) */
    float h = 0.5f;
    uint32_t hb;
    memcpy(&hb, &h, 4);
    CHECK(px32(&f, 2, 15, 7)[0] == hb, "replicated integer buffer %08x", px32(&f, 2, 15, 7)[0]);
    gp_program_free(fp);
    fb32_free(&f);
}

int main(void)
{
    R = rast_context_create(2);
    VP = rt_compile(GP_STAGE_VERTEX, VP_NV4);
    VPP = rt_params(VP, NULL, 0, NULL, 0);
    test_nopersp();
    test_clip_nopersp();
    test_flat_bits();
    test_shade_model_flat();
    test_lines_points();
    test_primid_facing();
    test_depth_partial();
    test_color_n();
    free(VPP);
    gp_program_free(VP);
    rast_context_destroy(R);
    RT_DONE();
}
