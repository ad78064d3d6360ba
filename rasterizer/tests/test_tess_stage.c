/*
 * test_tess_stage.c - the tessellation stage (rast_tess.c) through
 * rast_draw_submit with hand-written !!NVtep5.0 / !!NVtcp5.0 programs:
 * the work it does, counted by rast_stats (patches, evaluation program
 * invocations = generated vertices, primitives; worked out from
 * ARB_tessellation_shader 2.X.2), partial last patches, instances, indexed
 * patches, discarded patches, and images bit-identical for 1, 2 and 4
 * worker threads.  Thread: test main thread.
 *
 * covers: HDR.NVTEP50 HDR.NVTCP50 DECL.TESS_MODE DECL.TESS_POINT_MODE BIND.T.VTX_IN
 */
#include "rast_test.h"

#include <math.h>

static bool near(float a, float b)
{
    return fabsf(a - b) < 1e-4f;
}

enum { W = 32, H = 32 };

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];

/* bilinear over the patch's four corners, texcoord[0] = tesscoord (w = 0) */
static const char *const TEP_QUADS =
    "!!NVtep5.0\n"
    "TESS_MODE QUADS;\n"
    "TEMP a, b;\n"
    "LRP a, vertex.tesscoord.x, vertex[1].position, vertex[0].position;\n"
    "LRP b, vertex.tesscoord.x, vertex[2].position, vertex[3].position;\n"
    "LRP result.position, vertex.tesscoord.y, b, a;\n"
    "MOV result.texcoord[0], vertex.tesscoord;\n"
    "END\n";

static const float QUAD[] = {-1, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, -1, 1, 0, 1,
                             -1, -1, 0, 1, 0, -1, 0, 1, 0, 0, 0, 1, -1, 0, 0, 1};

typedef struct counts {
    uint64_t patches, tes, prims, vs;
} counts;

static counts run(rast_context *r, rt_fb *f, const gp_program *tep, const gp_val (*tepp)[4],
                  const gp_program *tcp, const gp_val (*tcpp)[4], const float outer[4], const float inner[2],
                  int count, int instances, const uint16_t *indices)
{
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = GL_PATCHES;
    d.patch_vertices = 4;
    d.count = count;
    d.instance_count = instances;
    d.tep.prog = tep;
    d.tep.params = tepp;
    d.tcp.prog = tcp;
    d.tcp.params = tcpp;
    memcpy(d.tess_outer, outer, sizeof d.tess_outer);
    memcpy(d.tess_inner, inner, sizeof d.tess_inner);
    if (indices) {
        d.index_type = GL_UNSIGNED_SHORT;
        d.indices = indices;
    }
    rt_attrib(&d, GP_VIN_POSITION, QUAD, 4);
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    rast_stats_reset(r);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats s;
    rast_stats_get(r, &s);
    return (counts){s.tcs_patches, s.tes_invocations, s.tess_prims, s.vertices_shaded};
}

static void test_counts(rast_context *r)
{
    gp_program *tep = rt_compile(GP_STAGE_TESS_EVAL, TEP_QUADS);
    gp_val(*tepp)[4] = rt_params(tep, NULL, 0, NULL, 0);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    static const float o4[4] = {4, 4, 4, 4}, i4[2] = {4, 4};
    /* QUADS EQUAL level 4: (4 + 1)^2 = 25 vertices, 4 * 4 * 2 = 32 triangles */
    counts c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, o4, i4, 4, 1, NULL);
    CHECK(c.patches == 1 && c.tes == 25 && c.prims == 32 && c.vs == 4, "level 4: %llu patches %llu tes %llu prims %llu vs",
          (unsigned long long)c.patches, (unsigned long long)c.tes, (unsigned long long)c.prims,
          (unsigned long long)c.vs);
    /* the patch covers the window; (u, v) at pixel (x, y)'s centre */
    const float *p = rt_pxf(&f, 8, 24);
    CHECK(near(p[0], 8.5f / 32) && near(p[1], 24.5f / 32), "pixel (8, 24) = (%g, %g)", p[0], p[1]);
    /* 7 vertices with patches of 4: one patch, the partial one dropped; 3
     * instances: 3 patches */
    c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, o4, i4, 7, 3, NULL);
    CHECK(c.patches == 3 && c.tes == 75 && c.prims == 96, "7 vertices x 3 instances: %llu patches %llu tes",
          (unsigned long long)c.patches, (unsigned long long)c.tes);
    /* a discarded patch (outer level 0 on a QUADS edge) evaluates nothing */
    static const float o0[4] = {4, 4, 0, 4};
    c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, o0, i4, 4, 1, NULL);
    CHECK(c.patches == 1 && c.tes == 0 && c.prims == 0, "discarded: %llu tes %llu prims", (unsigned long long)c.tes,
          (unsigned long long)c.prims);
    p = rt_pxf(&f, 8, 24);
    CHECK(p[0] == 0.0f && p[1] == 0.0f, "a discarded patch drew");
    /* indexed: patch 0 = vertices 4..7 (the lower-left quarter), patch 1 =
     * 0..3 (the window); the lower-left quarter is drawn by both, the last
     * (the window's) colour wins at (24, 24) and (8, 8) */
    static const uint16_t idx[8] = {4, 5, 6, 7, 0, 1, 2, 3};
    c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, o4, i4, 8, 1, idx);
    CHECK(c.patches == 2 && c.tes == 50, "indexed: %llu patches", (unsigned long long)c.patches);
    p = rt_pxf(&f, 24, 24);
    CHECK(near(p[0], 24.5f / 32) && near(p[1], 24.5f / 32), "indexed (24, 24) = (%g, %g)", p[0], p[1]);
    free(tepp);
    gp_program_free(tep);

    /* point mode: one point per vertex; isolines (3 lines of 2 segments):
     * 3 * 3 vertices, 6 segments */
    tep = rt_compile(GP_STAGE_TESS_EVAL, "!!NVtep5.0\nTESS_MODE QUADS;\nTESS_POINT_MODE;\n"
                                          "MOV result.position, vertex[0].position;\nEND\n");
    tepp = rt_params(tep, NULL, 0, NULL, 0);
    c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, o4, i4, 4, 1, NULL);
    CHECK(c.tes == 25 && c.prims == 25, "point mode: %llu tes %llu prims", (unsigned long long)c.tes,
          (unsigned long long)c.prims);
    free(tepp);
    gp_program_free(tep);
    tep = rt_compile(GP_STAGE_TESS_EVAL, "!!NVtep5.0\nTESS_MODE ISOLINES;\n"
                                          "MOV result.position, vertex[0].position;\nEND\n");
    tepp = rt_params(tep, NULL, 0, NULL, 0);
    static const float iso[4] = {3, 2, 0, 0};
    c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, iso, i4, 4, 1, NULL);
    CHECK(c.tes == 9 && c.prims == 6, "isolines: %llu tes %llu prims", (unsigned long long)c.tes,
          (unsigned long long)c.prims);
    free(tepp);
    gp_program_free(tep);
    rt_fb_free(&f);
}

/* A control program's levels replace the defaults; every patch runs it. */
static void test_tcp(rast_context *r)
{
    gp_program *tep = rt_compile(GP_STAGE_TESS_EVAL, TEP_QUADS);
    gp_val(*tepp)[4] = rt_params(tep, NULL, 0, NULL, 0);
    gp_program *tcp = rt_compile(GP_STAGE_TESS_CONTROL,
                                 "!!NVtcp5.0\nVERTICES_OUT 4;\n"
                                 "INT TEMP i;\nATTRIB pos = vertex.position;\n"
                                 "MOV.S i.x, primitive.invocation.x;\n"
                                 "MOV result.position, pos[i.x];\n"
                                 "MOV result.patch.tessouter[0], 2;\nMOV result.patch.tessouter[1], 2;\n"
                                 "MOV result.patch.tessouter[2], 2;\nMOV result.patch.tessouter[3], 2;\n"
                                 "MOV result.patch.tessinner[0], 2;\nMOV result.patch.tessinner[1], 3;\n"
                                 "END\n");
    gp_val(*tcpp)[4] = rt_params(tcp, NULL, 0, NULL, 0);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    static const float o4[4] = {4, 4, 4, 4}, i4[2] = {4, 4};
    /* outer 2 2 2 2, inner 2 3: 4 * 2 edge vertices + (2 - 1) * (3 - 1)
     * inner ones = 10 vertices */
    counts c = run(r, &f, tep, (const gp_val(*)[4])tepp, tcp, (const gp_val(*)[4])tcpp, o4, i4, 8, 1, NULL);
    CHECK(c.patches == 2 && c.tes == 20, "control program: %llu patches %llu tes", (unsigned long long)c.patches,
          (unsigned long long)c.tes);
    const float *p = rt_pxf(&f, 24, 24);
    CHECK(near(p[0], 24.5f / 32) && near(p[1], 24.5f / 32), "control program (24, 24) = (%g, %g)", p[0], p[1]);
    free(tcpp);
    gp_program_free(tcp);
    free(tepp);
    gp_program_free(tep);
    rt_fb_free(&f);
}

/* Fractional levels over 2 patches: the same image for 1, 2 and 4 workers. */
static void test_threads(void)
{
    gp_program *tep = rt_compile(GP_STAGE_TESS_EVAL,
                                 "!!NVtep5.0\nTESS_MODE TRIANGLES;\nTESS_SPACING FRACTIONAL_EVEN;\n"
                                 "TEMP t;\n"
                                 "MUL t, vertex.tesscoord.x, vertex[0].position;\n"
                                 "MAD t, vertex.tesscoord.y, vertex[1].position, t;\n"
                                 "MAD result.position, vertex.tesscoord.z, vertex[2].position, t;\n"
                                 "MOV result.texcoord[0], vertex.tesscoord;\nEND\n");
    gp_val(*tepp)[4] = rt_params(tep, NULL, 0, NULL, 0);
    static const float outer[4] = {7.3f, 3.9f, 12.1f, 1}, inner[2] = {9.7f, 1};
    float *img[3] = {NULL, NULL, NULL};
    int threads[3] = {1, 2, 4};
    for (int k = 0; k < 3; k++) {
        rast_context *r = rast_context_create(threads[k]);
        rt_fb f;
        rt_fb_init(&f, W, H, RT_RGBA32F);
        counts c = run(r, &f, tep, (const gp_val(*)[4])tepp, NULL, NULL, outer, inner, 8, 1, NULL);
        CHECK(c.patches == 2, "threads %d: %llu patches", threads[k], (unsigned long long)c.patches);
        img[k] = malloc((size_t)W * H * 16);
        memcpy(img[k], f.cf, (size_t)W * H * 16);
        rt_fb_free(&f);
        rast_context_destroy(r);
    }
    CHECK(memcmp(img[0], img[1], (size_t)W * H * 16) == 0, "2 threads differ from 1");
    CHECK(memcmp(img[0], img[2], (size_t)W * H * 16) == 0, "4 threads differ from 1");
    for (int k = 0; k < 3; k++)
        free(img[k]);
    free(tepp);
    gp_program_free(tep);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_TEX0);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    test_counts(r);
    test_tcp(r);
    rast_context_destroy(r);
    test_threads();
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
