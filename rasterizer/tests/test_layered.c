/*
 * test_layered.c - layered framebuffers (NV_geometry_program4 section 4.4.7)
 * and multisample surfaces through rast_draw_submit: result.layer picks the
 * layer of each primitive from its provoking vertex, layers outside the
 * framebuffer's draw nowhere (asmgl's choice for the undefined case), depth
 * is per layer, Clear clears every layer, no geometry program or no
 * result.layer -> layer 0, a non-layered framebuffer ignores result.layer;
 * multisample stores write every sample plane and loads read sample 0;
 * threads 1/2/4 give identical layered images.  Thread: test main thread.
 *
 * covers: BIND.R.LAYER OP.EMIT DECL.PRIMITIVE_OUT
 */
#include "rast_test.h"

enum { W = 40, H = 36, L = 3 };
#define PAD 64 /* bytes between layers (and sample planes), never written */

typedef struct lfb {
    unsigned char *color, *depth;
    size_t cstride, clayer, dstride, dlayer;
    rast_framebuffer fb;
} lfb;

static void lfb_init(lfb *f, int layers, int samples)
{
    memset(f, 0, sizeof(*f));
    int ns = samples > 1 ? samples : 1, nl = layers > 1 ? layers : 1;
    f->cstride = (size_t)W * 16;
    f->dstride = (size_t)W * 4;
    size_t csample = f->cstride * H + PAD, dsample = f->dstride * H + PAD;
    f->clayer = csample * (size_t)ns + PAD;
    f->dlayer = dsample * (size_t)ns + PAD;
    f->color = malloc(f->clayer * (size_t)nl);
    f->depth = malloc(f->dlayer * (size_t)nl);
    memset(f->color, 0xab, f->clayer * (size_t)nl);
    memset(f->depth, 0xab, f->dlayer * (size_t)nl);
    f->fb.width = W;
    f->fb.height = H;
    f->fb.layers = layers;
    f->fb.color[0] = (rast_surface){.data = f->color, .width = W, .height = H, .stride = f->cstride,
                                    .format = TEX_FMT_RGBA32F, .layers = layers, .layer_stride = f->clayer,
                                    .samples = samples, .sample_stride = csample};
    f->fb.depth = (rast_surface){.data = f->depth, .width = W, .height = H, .stride = f->dstride,
                                 .format = TEX_FMT_DEPTH32F, .layers = layers, .layer_stride = f->dlayer,
                                 .samples = samples, .sample_stride = dsample};
}

static void lfb_free(lfb *f)
{
    free(f->color);
    free(f->depth);
}

static const float *px(const lfb *f, int layer, int sample, int x, int y)
{
    const rast_surface *s = &f->fb.color[0];
    return (const float *)(f->color + (size_t)layer * s->layer_stride + (size_t)sample * s->sample_stride +
                           (size_t)y * f->cstride) + x * 4;
}

static float dpx(const lfb *f, int layer, int sample, int x, int y)
{
    const rast_surface *s = &f->fb.depth;
    return ((const float *)(f->depth + (size_t)layer * s->layer_stride + (size_t)sample * s->sample_stride +
                            (size_t)y * f->dstride))[x];
}

/* Pixels of (layer, sample) whose colour is not c (or whose depth is not d, d >= 0). */
static int count_bad(const lfb *f, int layer, int sample, const float c[4], float d)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const float *p = px(f, layer, sample, x, y);
            if (p[0] != c[0] || p[1] != c[1] || p[2] != c[2] || p[3] != c[3])
                bad++;
            else if (d >= 0 && dpx(f, layer, sample, x, y) != d)
                bad++;
        }
    return bad;
}

/* The PAD bytes after every sample plane and layer still hold 0xab. */
static bool pads_intact(const lfb *f, int layers, int samples)
{
    int nl = layers > 1 ? layers : 1, ns = samples > 1 ? samples : 1;
    for (int l = 0; l < nl; l++)
        for (int s = 0; s < ns; s++) {
            const unsigned char *c = f->color + (size_t)l * f->clayer + (size_t)s * (f->cstride * H + PAD) +
                                     f->cstride * H;
            const unsigned char *d = f->depth + (size_t)l * f->dlayer + (size_t)s * (f->dstride * H + PAD) +
                                     f->dstride * H;
            for (int i = 0; i < PAD; i++)
                if (c[i] != 0xab || d[i] != 0xab)
                    return false;
        }
    return true;
}

static void clear_all(rast_context *r, const lfb *f, float v, double depth)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH;
    for (int i = 0; i < 4; i++)
        c.color[i] = v + 0.125f * (float)i;
    c.depth = depth;
    c.depth_write = true;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = 0xf;
    rast_clear(r, &f->fb, &c);
}

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

static void ldraw_init(rast_draw *d, const lfb *f)
{
    memset(d, 0, sizeof(*d));
    d->mode = GL_TRIANGLES;
    d->instance_count = 1;
    d->vp.prog = vp;
    d->vp.params = (const gp_val(*)[4])vpp;
    d->fp.prog = fp;
    d->fp.params = (const gp_val(*)[4])fpp;
    d->fb = &f->fb;
    rt_state_default(&d->state, W, H);
    for (int i = 0; i < GP_VIN_COUNT; i++)
        d->attribs[i].current[3] = 1.0f;
}

/* Pass-through triangles; vertex k's result.layer = the integer in its
 * texcoord[0].y (so a triangle's vertices can disagree). */
static const char *const GS_LAYER =
    "!!NVgp4.0\n"
    "PRIMITIVE_IN TRIANGLES;\n"
    "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
    "VERTICES_OUT 3;\n"
    "INT TEMP l;\n"
    "TRUNC.S l, vertex[0].texcoord[0];\n"
    "MOV.S result.layer.x, l.y;\n"
    "MOV result.position, vertex[0].position;\n"
    "MOV result.texcoord[0], vertex[0].texcoord[0];\n"
    "EMIT;\n"
    "TRUNC.S l, vertex[1].texcoord[0];\n"
    "MOV.S result.layer.x, l.y;\n"
    "MOV result.position, vertex[1].position;\n"
    "MOV result.texcoord[0], vertex[1].texcoord[0];\n"
    "EMIT;\n"
    "TRUNC.S l, vertex[2].texcoord[0];\n"
    "MOV.S result.layer.x, l.y;\n"
    "MOV result.position, vertex[2].position;\n"
    "MOV result.texcoord[0], vertex[2].texcoord[0];\n"
    "EMIT;\n"
    "END\n";

static const char *const GS_NOLAYER =
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

/* Full-viewport triangles: triangle i has colour (col[i], layer[i], 0, 1)
 * (texcoord .y = its layer, per vertex: lay[i][k]) at depth z[i]. */
static void draw_tris(rast_context *r, const lfb *f, const gp_program *gp, const gp_val (*gpp)[4], int n,
                      const float *col, const int (*lay)[3], const float *z, bool depth_test, bool pv_first)
{
    float pos[8 * 3 * 4], tc[8 * 3 * 4];
    static const float corner[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            float *p = pos + (i * 3 + k) * 4, *t = tc + (i * 3 + k) * 4;
            p[0] = corner[k][0]; p[1] = corner[k][1]; p[2] = z ? z[i] : 0.0f; p[3] = 1;
            t[0] = col[i]; t[1] = (float)lay[i][k]; t[2] = 0; t[3] = 1;
        }
    rast_draw d;
    ldraw_init(&d, f);
    d.gp.prog = gp;
    d.gp.params = gpp;
    d.mode = GL_TRIANGLES;
    d.count = 3 * n;
    d.state.depth_test = depth_test;
    d.state.provoking_first = pv_first;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rast_draw_submit(r, &d);
}

static void test_layers(rast_context *r)
{
    gp_program *gp = rt_compile(GP_STAGE_GEOMETRY, GS_LAYER);
    gp_val(*gpp)[4] = rt_params(gp, NULL, 0, NULL, 0);
    lfb f;
    lfb_init(&f, L, 0);

    /* Clear clears every layer (4.4.7) */
    clear_all(r, &f, 0.25f, 1.0);
    rast_flush(r);
    const float cc[4] = {0.25f, 0.375f, 0.5f, 0.625f};
    for (int l = 0; l < L; l++)
        CHECK(count_bad(&f, l, 0, cc, 1.0f) == 0, "clear: layer %d not cleared", l);
    CHECK(pads_intact(&f, L, 0), "clear wrote outside the layers");

    /* one triangle per layer 0..2, plus layers 3 and -1: outside, drawn nowhere */
    static const float col[5] = {1, 2, 3, 4, 5};
    static const int lay[5][3] = {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {-1, -1, -1}};
    draw_tris(r, &f, gp, (const gp_val(*)[4])gpp, 5, col, lay, NULL, false, false);
    rast_flush(r);
    for (int l = 0; l < L; l++) {
        const float want[4] = {col[l], (float)l, 0, 1};
        CHECK(count_bad(&f, l, 0, want, 1.0f) == 0, "layer %d: wrong pixels (e.g. %g %g)", l, px(&f, l, 0, 3, 3)[0],
              px(&f, l, 0, 3, 3)[1]);
    }
    CHECK(pads_intact(&f, L, 0), "draw wrote outside the layers");

    /* depth is per layer: layer 0 at z 0 (window 0.5), then layer 1 at z 0.4
     * (window 0.7) passes against layer 1's 1.0, layer 0 at 0.4 fails */
    clear_all(r, &f, 0.0f, 1.0);
    static const float col2[3] = {6, 7, 8};
    static const int lay2[3][3] = {{0, 0, 0}, {1, 1, 1}, {0, 0, 0}};
    static const float z2[3] = {0.0f, 0.4f, 0.4f};
    draw_tris(r, &f, gp, (const gp_val(*)[4])gpp, 3, col2, lay2, z2, true, false);
    rast_flush(r);
    const float w0[4] = {6, 0, 0, 1}, w1[4] = {7, 1, 0, 1}, w2[4] = {0, 0.125f, 0.25f, 0.375f};
    CHECK(count_bad(&f, 0, 0, w0, 0.5f) == 0, "depth layer 0: %g depth %g", px(&f, 0, 0, 5, 5)[0], dpx(&f, 0, 0, 5, 5));
    CHECK(count_bad(&f, 1, 0, w1, 0.7f) == 0, "depth layer 1: %g depth %g", px(&f, 1, 0, 5, 5)[0], dpx(&f, 1, 0, 5, 5));
    CHECK(count_bad(&f, 2, 0, w2, 1.0f) == 0, "depth layer 2 touched");

    /* the layer of a triangle is its provoking vertex's: vertices (0, 1, 2)
     * -> layer 2 (last), or layer 0 with the first-vertex convention */
    static const float col3[1] = {9};
    static const int lay3[1][3] = {{0, 1, 2}};
    clear_all(r, &f, 0.0f, 1.0);
    draw_tris(r, &f, gp, (const gp_val(*)[4])gpp, 1, col3, lay3, NULL, false, false);
    rast_flush(r);
    const float c0[4] = {0, 0.125f, 0.25f, 0.375f}; /* (texcoord .y interpolates: check .x) */
    CHECK(count_bad(&f, 0, 0, c0, -1) == 0 && count_bad(&f, 1, 0, c0, -1) == 0 &&
              px(&f, 2, 0, 0, 0)[0] == 9.0f && px(&f, 2, 0, W - 1, H - 1)[0] == 9.0f,
          "provoking (last) vertex's layer: layer 2 should hold the triangle");
    clear_all(r, &f, 0.0f, 1.0);
    draw_tris(r, &f, gp, (const gp_val(*)[4])gpp, 1, col3, lay3, NULL, false, true);
    rast_flush(r);
    CHECK(count_bad(&f, 1, 0, c0, -1) == 0 && count_bad(&f, 2, 0, c0, -1) == 0 &&
              px(&f, 0, 0, 0, 0)[0] == 9.0f && px(&f, 0, 0, W - 1, H - 1)[0] == 9.0f,
          "provoking (first) vertex's layer: layer 0 should hold the triangle");

    /* no result.layer, or no geometry program: layer 0 */
    gp_program *gn = rt_compile(GP_STAGE_GEOMETRY, GS_NOLAYER);
    gp_val(*gnp)[4] = rt_params(gn, NULL, 0, NULL, 0);
    static const int lay4[1][3] = {{2, 2, 2}};
    static const float col4[1] = {11};
    for (int pass = 0; pass < 2; pass++) {
        clear_all(r, &f, 0.0f, 1.0);
        draw_tris(r, &f, pass ? NULL : gn, (const gp_val(*)[4])gnp, 1, col4, lay4, NULL, false, false);
        rast_flush(r);
        const float w[4] = {11, 2, 0, 1};
        CHECK(count_bad(&f, 0, 0, w, -1) == 0 && count_bad(&f, 1, 0, c0, -1) == 0 &&
                  count_bad(&f, 2, 0, c0, -1) == 0,
              "%s: should draw into layer 0 only", pass ? "no geometry program" : "no result.layer");
    }
    CHECK(pads_intact(&f, L, 0), "draws wrote outside the layers");
    lfb_free(&f);

    /* a framebuffer that is not layered ignores result.layer */
    lfb_init(&f, 0, 0);
    clear_all(r, &f, 0.0f, 1.0);
    draw_tris(r, &f, gp, (const gp_val(*)[4])gpp, 1, col4, lay4, NULL, false, false);
    rast_flush(r);
    const float w5[4] = {11, 2, 0, 1};
    CHECK(count_bad(&f, 0, 0, w5, -1) == 0, "non-layered framebuffer: result.layer 2 should draw");
    lfb_free(&f);
    gp_program_free(gp);
    gp_program_free(gn);
    free(gpp);
    free(gnp);
}

/* Multisample surfaces with MULTISAMPLE off (rast.h "Multisampling"): the
 * pixel-centre fragment reaches every sample, each sample running its own
 * depth test and blend against its own plane (GL 2.1 3.2.1, 4.1.3). */
static void test_multisample(rast_context *r)
{
    lfb f;
    lfb_init(&f, 0, 3);
    for (int s = 0; s < 3; s++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                float *p = (float *)px(&f, 0, s, x, y);
                for (int c = 0; c < 4; c++)
                    p[c] = s == 0 ? 1.0f : 7.0f;
                float *d = (float *)(f.depth + (size_t)s * f.fb.depth.sample_stride + (size_t)y * f.dstride) + x;
                *d = s == 0 ? 0.5f : 0.25f;
            }
    static const float col[1] = {0.5f};
    static const int lay[1][3] = {{0, 0, 0}};
    static const float z[1] = {-0.5f}; /* window 0.25 < 0.5 (sample 0): passes */
    float pos[12], tc[12];
    static const float corner[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    for (int k = 0; k < 3; k++) {
        pos[k * 4] = corner[k][0]; pos[k * 4 + 1] = corner[k][1]; pos[k * 4 + 2] = z[0]; pos[k * 4 + 3] = 1;
        tc[k * 4] = col[0]; tc[k * 4 + 1] = (float)lay[0][k]; tc[k * 4 + 2] = 0; tc[k * 4 + 3] = 1;
    }
    rast_draw d;
    ldraw_init(&d, &f);
    d.count = 3;
    d.state.depth_test = true;
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, tc, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    /* sample 0: depth 0.25 < 0.5 passes, colour 1 + (0.5, 0, 0, 1); samples
     * 1, 2: 0.25 < 0.25 fails, they keep 7 and depth 0.25 */
    const float want0[4] = {1.5f, 1.0f, 1.0f, 2.0f}, want12[4] = {7.0f, 7.0f, 7.0f, 7.0f};
    for (int s = 0; s < 3; s++)
        CHECK(count_bad(&f, 0, s, s == 0 ? want0 : want12, 0.25f) == 0, "multisample: sample %d = %g %g %g %g depth %g", s,
              px(&f, 0, s, 2, 2)[0], px(&f, 0, s, 2, 2)[1], px(&f, 0, s, 2, 2)[2], px(&f, 0, s, 2, 2)[3],
              dpx(&f, 0, s, 2, 2));
    CHECK(pads_intact(&f, 0, 3), "multisample store wrote outside the planes");
    /* a clear reaches every sample */
    clear_all(r, &f, 0.25f, 0.75);
    rast_flush(r);
    const float cc[4] = {0.25f, 0.375f, 0.5f, 0.625f};
    for (int s = 0; s < 3; s++)
        CHECK(count_bad(&f, 0, s, cc, 0.75f) == 0, "multisample clear: sample %d", s);
    lfb_free(&f);
}

/* A layered scene (amplifying program, depth test, random triangles) is the
 * same bits with 1, 2 and 4 threads. */
static void test_threads(void)
{
    gp_program *gp = rt_compile(GP_STAGE_GEOMETRY,
                                "!!NVgp4.0\n"
                                "PRIMITIVE_IN TRIANGLES;\n"
                                "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                "VERTICES_OUT 6;\n"
                                "INT TEMP l;\nTEMP p;\n"
                                "TRUNC.S l, vertex[0].texcoord[0];\n"
                                "MOV.S result.layer.x, l.y;\n"
                                "MOV result.texcoord[0], vertex[0].texcoord[0];\n"
                                "MOV result.position, vertex[0].position;\nEMIT;\n"
                                "MOV result.position, vertex[1].position;\nEMIT;\n"
                                "MOV result.position, vertex[2].position;\nEMIT;\n"
                                "ENDPRIM;\n"
                                "ADD.S l.y, l.y, 1;\n"
                                "MOV.S result.layer.x, l.y;\n"
                                "MUL p, vertex[0].position, {-0.5, 0.5, 1, 1};\n"
                                "MOV result.position, p;\nEMIT;\n"
                                "MUL p, vertex[1].position, {-0.5, 0.5, 1, 1};\n"
                                "MOV result.position, p;\nEMIT;\n"
                                "MUL p, vertex[2].position, {-0.5, 0.5, 1, 1};\n"
                                "MOV result.position, p;\nEMIT;\n"
                                "END\n");
    gp_val(*gpp)[4] = rt_params(gp, NULL, 0, NULL, 0);
    enum { NT = 300 };
    float *pos = malloc(NT * 3 * 4 * sizeof(float)), *tc = malloc(NT * 3 * 4 * sizeof(float));
    rt_rand_state = 777;
    for (int i = 0; i < NT; i++) {
        int layer = (int)(rt_rand() % 3);
        float c = rt_randf(0, 1);
        for (int k = 0; k < 3; k++) {
            float *p = pos + (i * 3 + k) * 4, *t = tc + (i * 3 + k) * 4;
            p[0] = rt_randf(-1.2f, 1.2f); p[1] = rt_randf(-1.2f, 1.2f); p[2] = rt_randf(-1, 1); p[3] = 1;
            t[0] = c; t[1] = (float)layer; t[2] = rt_randf(0, 1); t[3] = 1;
        }
    }
    unsigned char *img[3] = {NULL, NULL, NULL};
    size_t bytes = 0;
    static const int threads[3] = {1, 2, 4};
    for (int ti = 0; ti < 3; ti++) {
        rast_context *r = rast_context_create(threads[ti]);
        lfb f;
        lfb_init(&f, L, 0);
        clear_all(r, &f, 0.0f, 1.0);
        for (int chunk = 0; chunk < NT; chunk += 100) {
            rast_draw d;
            ldraw_init(&d, &f);
            d.gp.prog = gp;
            d.gp.params = (const gp_val(*)[4])gpp;
            d.mode = GL_TRIANGLES;
            d.first = chunk * 3;
            d.count = 300;
            d.state.depth_test = true;
            d.state.blend_buffers = chunk == 100 ? 0xff : 0; /* one draw in submission order, blended */
            d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
            rt_attrib(&d, GP_VIN_POSITION, pos, 4);
            rt_attrib(&d, GP_VIN_TEX0, tc, 4);
            rast_draw_submit(r, &d);
        }
        rast_flush(r);
        rast_context_destroy(r);
        size_t cb = f.clayer * L;
        bytes = cb + f.dlayer * L;
        img[ti] = malloc(bytes);
        memcpy(img[ti], f.color, cb);
        memcpy(img[ti] + cb, f.depth, f.dlayer * L);
        /* something was drawn into every layer */
        for (int l = 0; l < L; l++) {
            const float c0[4] = {0, 0.125f, 0.25f, 0.375f};
            CHECK(count_bad(&f, l, 0, c0, -1) > 100, "threads %d: layer %d nearly empty", threads[ti], l);
        }
        lfb_free(&f);
    }
    CHECK(memcmp(img[0], img[1], bytes) == 0, "1 vs 2 threads differ");
    CHECK(memcmp(img[0], img[2], bytes) == 0, "1 vs 4 threads differ");
    for (int i = 0; i < 3; i++)
        free(img[i]);
    free(pos);
    free(tc);
    gp_program_free(gp);
    free(gpp);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_TEX0);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_layers(r);
    test_multisample(r);
    rast_context_destroy(r);
    test_threads();
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
