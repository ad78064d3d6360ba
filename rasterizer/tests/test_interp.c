/*
 * test_interp.c - attribute interpolation at pixel centres: perspective-
 * correct texcoords, fragment.position (x + 0.5, y + 0.5, z, 1/w), the
 * coordinate-convention options, fog coordinate, flat shading and vertex
 * colour clamping, against values computed here in double precision.
 * Thread: test main thread.
 */
#include "rast_test.h"

/* Window-space vertices on the 1/256 grid (exact after snapping), with w. */
static const double WX[3] = {3.25, 58.75, 20.5}, WY[3] = {2.5, 10.125, 60.0};
static const double WW[3] = {1.0, 2.0, 4.0}, WZ[3] = {-0.5, 0.25, 0.75}; /* ndc z */
static const float TC[3][4] = {{0.0f, 1.0f, 2.0f, 3.0f}, {1.0f, -1.0f, 0.5f, 1.0f}, {0.25f, 4.0f, -2.0f, 0.0f}};

static void make_tri(float pos[12], int W, int H)
{
    for (int i = 0; i < 3; i++) {
        pos[i * 4 + 0] = (float)(rt_ndc(WX[i], W) * WW[i]);
        pos[i * 4 + 1] = (float)(rt_ndc(WY[i], H) * WW[i]);
        pos[i * 4 + 2] = (float)(WZ[i] * WW[i]);
        pos[i * 4 + 3] = (float)WW[i];
    }
}

/* Screen-space barycentrics of (px, py); false outside (strictly). */
static bool bary(double px, double py, double l[3])
{
    double det = (WX[1] - WX[0]) * (WY[2] - WY[0]) - (WX[2] - WX[0]) * (WY[1] - WY[0]);
    l[1] = ((px - WX[0]) * (WY[2] - WY[0]) - (WX[2] - WX[0]) * (py - WY[0])) / det;
    l[2] = ((WX[1] - WX[0]) * (py - WY[0]) - (px - WX[0]) * (WY[1] - WY[0])) / det;
    l[0] = 1.0 - l[1] - l[2];
    return l[0] > 1e-9 && l[1] > 1e-9 && l[2] > 1e-9;
}

static bool close_to(double got, double want, double tol)
{
    return fabs(got - want) <= tol * (1.0 + fabs(want));
}

static void test_texcoord(rast_context *r, const gp_program *vp, const gp_val (*vpp)[4])
{
    const int W = 64, H = 64;
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    gp_program *fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_TEX0);
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    float pos[12];
    make_tri(pos, W, H);
    rt_clear(r, &f, -7, -7, -7, -7, 1.0);
    rast_draw d;
    rt_draw_init(&d, &f, vp, vpp, fp, (const gp_val(*)[4])fpp);
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_TEX0, &TC[0][0], 4);
    d.count = 3;
    rast_draw_submit(r, &d);
    rast_flush(r);
    int inside = 0, bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double l[3];
            const float *px = rt_pxf(&f, x, y);
            if (!bary(x + 0.5, y + 0.5, l)) {
                continue;
            }
            inside++;
            double den = l[0] / WW[0] + l[1] / WW[1] + l[2] / WW[2];
            for (int c = 0; c < 4; c++) {
                double want = (l[0] * TC[0][c] / WW[0] + l[1] * TC[1][c] / WW[1] + l[2] * TC[2][c] / WW[2]) / den;
                if (!close_to(px[c], want, 2e-5)) {
                    if (bad++ < 5)
                        fprintf(stderr, "(%d,%d).%d = %.7g want %.7g\n", x, y, c, px[c], want);
                }
            }
        }
    CHECK(bad == 0, "%d texcoord mismatches", bad);
    CHECK(inside > 500, "inside %d", inside);
    rt_fb_free(&f);
    gp_program_free(fp);
    free(fpp);
}

static void test_position(rast_context *r, const gp_program *vp, const gp_val (*vpp)[4],
                          const char *fptext, int mode)
{
    const int W = 64, H = 64;
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    gp_program *fp = rt_compile(GP_STAGE_FRAGMENT, fptext);
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    float pos[12];
    make_tri(pos, W, H);
    rt_clear(r, &f, -7, -7, -7, -7, 1.0);
    rast_draw d;
    rt_draw_init(&d, &f, vp, vpp, fp, (const gp_val(*)[4])fpp);
    d.state.depth_range[0] = 0.25f;
    d.state.depth_range[1] = 0.75f;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    d.count = 3;
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            double l[3];
            if (!bary(x + 0.5, y + 0.5, l))
                continue;
            const float *px = rt_pxf(&f, x, y);
            double wz = 0.0, iw = 0.0;
            for (int i = 0; i < 3; i++) {
                wz += l[i] * (0.5 + 0.25 * WZ[i]); /* window z: linear in screen space */
                iw += l[i] / WW[i];
            }
            double wx = x + 0.5, wy = y + 0.5;
            if (mode & 1) wy = H - wy;           /* origin upper left */
            if (mode & 2) { wx -= 0.5; wy -= 0.5; } /* integer centres */
            if (px[0] != (float)wx || px[1] != (float)wy || !close_to(px[2], wz, 1e-6) ||
                !close_to(px[3], iw, 1e-5)) {
                if (bad++ < 5)
                    fprintf(stderr, "mode %d (%d,%d): %g %g %.8g %.8g want %g %g %.8g %.8g\n", mode, x, y,
                            px[0], px[1], px[2], px[3], wx, wy, wz, iw);
            }
        }
    CHECK(bad == 0, "mode %d: %d fragment.position mismatches", mode, bad);
    rt_fb_free(&f);
    gp_program_free(fp);
    free(fpp);
}

/* Flat shading takes the provoking (last) vertex's colour; vertex colours are
 * clamped to [0, 1]; fragment.fogcoord is (f, 0, 0, 1). */
static void test_flat_fog(rast_context *r)
{
    const int W = 32, H = 32;
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    gp_program *vp = rt_compile(GP_STAGE_VERTEX,
                                "!!ARBvp1.0\n"
                                "MOV result.position, vertex.position;\n"
                                "MOV result.color, vertex.color;\n"
                                "MOV result.fogcoord.x, vertex.texcoord[0].x;\n"
                                "END\n");
    gp_program *fpc = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    gp_program *fpf = rt_compile(GP_STAGE_FRAGMENT,
                                 "!!ARBfp1.0\nMOV result.color, fragment.fogcoord;\nEND\n");
    gp_val(*vpp)[4] = rt_params(vp, NULL, 0, NULL, 0);
    gp_val(*fpcp)[4] = rt_params(fpc, NULL, 0, NULL, 0);
    gp_val(*fpfp)[4] = rt_params(fpf, NULL, 0, NULL, 0);
    static const float pos[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
    static const float col[] = {1, 0, 0, 1, 0, 1, 0, 1, 2.0f, -1.0f, 0.5f, 0.25f};
    static const float fog[] = {0.0f, 0, 0, 1, 1.0f, 0, 0, 1, 0.5f, 0, 0, 1};
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fpc, (const gp_val(*)[4])fpcp);
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rt_attrib(&d, GP_VIN_TEX0, fog, 4);
    d.count = 3;
    d.state.flat_shade = true;
    rast_draw_submit(r, &d);
    rast_flush(r);
    const float *p = rt_pxf(&f, 3, 3);
    CHECK(p[0] == 1.0f && p[1] == 0.0f && p[2] == 0.5f && p[3] == 0.25f, "flat %g %g %g %g", p[0], p[1],
          p[2], p[3]);
    p = rt_pxf(&f, 20, 5);
    CHECK(p[0] == 1.0f && p[1] == 0.0f && p[2] == 0.5f && p[3] == 0.25f, "flat2 %g %g %g %g", p[0], p[1],
          p[2], p[3]);
    /* fog: smooth, (f, 0, 0, 1) */
    d.fp.prog = fpf;
    d.fp.params = (const gp_val(*)[4])fpfp;
    d.state.flat_shade = false;
    rast_draw_submit(r, &d);
    rast_flush(r);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            if (x + y >= W - 1)
                continue;
            p = rt_pxf(&f, x, y);
            /* w = 1: fog = l1 * 1 + l2 * 0.5 with l1 = (x+.5)/W*... */
            double l1 = (x + 0.5) / W, l2 = (y + 0.5) / H;
            double want = l1 * 1.0 + l2 * 0.5;
            if (!close_to(p[0], want, 1e-5) || p[1] != 0.0f || p[2] != 0.0f || p[3] != 1.0f)
                bad++;
        }
    CHECK(bad == 0, "fog: %d bad", bad);
    rt_fb_free(&f);
    gp_program_free(vp);
    gp_program_free(fpc);
    gp_program_free(fpf);
    free(vpp);
    free(fpcp);
    free(fpfp);
}

int main(void)
{
    gp_program *vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    gp_val(*vpp)[4] = rt_params(vp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    test_texcoord(r, vp, (const gp_val(*)[4])vpp);
    test_position(r, vp, (const gp_val(*)[4])vpp, "!!ARBfp1.0\nMOV result.color, fragment.position;\nEND\n", 0);
    test_position(r, vp, (const gp_val(*)[4])vpp,
                  "!!ARBfp1.0\nOPTION ARB_fragment_coord_origin_upper_left;\n"
                  "MOV result.color, fragment.position;\nEND\n", 1);
    test_position(r, vp, (const gp_val(*)[4])vpp,
                  "!!ARBfp1.0\nOPTION ARB_fragment_coord_pixel_center_integer;\n"
                  "MOV result.color, fragment.position;\nEND\n", 2);
    test_flat_fog(r);
    rast_context_destroy(r);
    gp_program_free(vp);
    free(vpp);
    RT_DONE();
}
