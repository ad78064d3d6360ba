/*
 * test_points_lines.c - pixel sets of non-antialiased points (GL 2.1 3.4 odd /
 * even sizes, program point size) and lines (the parallelogram rule of
 * rast_setup_line.c: x-major, y-major, reversed, wide), strips sharing no
 * fragment at joints, loops.  Expected sets are computed by hand in the
 * comments.  Thread: test main thread.
 */
#include "rast_test.h"

static gp_program *vp, *fp;
static gp_val (*vpp)[4], (*fpp)[4];
static const int W = 32, H = 32;

typedef struct px { int x, y; } px;

static void draw(rast_context *r, rt_fb *f, GLenum mode, const double *xy, int n,
                 float size, float width, bool program_size)
{
    float *pos = calloc((size_t)n, 16), *col = calloc((size_t)n, 16), *tc = calloc((size_t)n, 16);
    for (int i = 0; i < n; i++) {
        pos[i * 4 + 0] = rt_ndc(xy[i * 2], W);
        pos[i * 4 + 1] = rt_ndc(xy[i * 2 + 1], H);
        pos[i * 4 + 3] = 1.0f;
        col[i * 4 + 0] = 1.0f;
        col[i * 4 + 3] = 1.0f;
        tc[i * 4 + 0] = size;
    }
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.mode = mode;
    d.count = n;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rt_attrib(&d, GP_VIN_TEX0 + 1, tc, 4);
    d.state.point_size = program_size ? 1.0f : size;
    d.state.program_point_size = program_size;
    d.state.line_width = width;
    d.state.blend_buffers = 0xff;
    d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    rast_draw_submit(r, &d);
    rast_flush(r);
    free(pos);
    free(col);
    free(tc);
}

static void expect(rast_context *r, rt_fb *f, const char *name, const px *want, int nwant)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool in = false;
            for (int i = 0; i < nwant; i++)
                in |= want[i].x == x && want[i].y == y;
            float got = rt_pxf(f, x, y)[0];
            if (got != (in ? 1.0f : 0.0f)) {
                if (bad++ < 6)
                    fprintf(stderr, "%s: (%d,%d) = %g want %d\n", name, x, y, got, in);
            }
        }
    CHECK(bad == 0, "%s: %d pixels wrong", name, bad);
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    rast_flush(r);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX,
                    "!!ARBvp1.0\n"
                    "MOV result.position, vertex.position;\n"
                    "MOV result.color, vertex.color;\n"
                    "MOV result.pointsize, vertex.texcoord[1].x;\n"
                    "END\n");
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA32F);
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);

    /* points at (10.3, 7.8) */
    const double p[] = {10.3, 7.8};
    draw(r, &f, GL_POINTS, p, 1, 1.0f, 1, false);
    expect(r, &f, "point 1", (px[]){{10, 7}}, 1);
    /* size 2 (even): centre (floor(10.8), floor(8.3)) = (10, 8): x 9..10, y 7..8 */
    draw(r, &f, GL_POINTS, p, 1, 2.0f, 1, false);
    expect(r, &f, "point 2", (px[]){{9, 7}, {10, 7}, {9, 8}, {10, 8}}, 4);
    /* size 3 (odd): centre pixel (10, 7): x 9..11, y 6..8 */
    draw(r, &f, GL_POINTS, p, 1, 3.0f, 1, false);
    expect(r, &f, "point 3",
           (px[]){{9, 6}, {10, 6}, {11, 6}, {9, 7}, {10, 7}, {11, 7}, {9, 8}, {10, 8}, {11, 8}}, 9);
    /* 2.4 rounds to 2; 0.2 clamps to 1; program point size 3 */
    draw(r, &f, GL_POINTS, p, 1, 2.4f, 1, false);
    expect(r, &f, "point 2.4", (px[]){{9, 7}, {10, 7}, {9, 8}, {10, 8}}, 4);
    draw(r, &f, GL_POINTS, p, 1, 0.2f, 1, false);
    expect(r, &f, "point 0.2", (px[]){{10, 7}}, 1);
    draw(r, &f, GL_POINTS, p, 1, 3.0f, 1, true);
    expect(r, &f, "program point 3",
           (px[]){{9, 6}, {10, 6}, {11, 6}, {9, 7}, {10, 7}, {11, 7}, {9, 8}, {10, 8}, {11, 8}}, 9);

    /* horizontal x-major: centres x in [2.5, 10.5) -> 2..9, row 3 */
    const double h[] = {2.5, 3.5, 10.5, 3.5};
    draw(r, &f, GL_LINES, h, 2, 1, 1.0f, false);
    expect(r, &f, "horizontal",
           (px[]){{2, 3}, {3, 3}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {8, 3}, {9, 3}}, 8);
    /* reversed: (2.5, 10.5] -> 3..10 */
    const double hr[] = {10.5, 3.5, 2.5, 3.5};
    draw(r, &f, GL_LINES, hr, 2, 1, 1.0f, false);
    expect(r, &f, "reversed",
           (px[]){{3, 3}, {4, 3}, {5, 3}, {6, 3}, {7, 3}, {8, 3}, {9, 3}, {10, 3}}, 8);
    /* (1,1) -> (9,5): y(xc) = 1 + (xc - 1) / 2, row with centre in [y - 0.5, y + 0.5) */
    const double dg[] = {1.0, 1.0, 9.0, 5.0};
    draw(r, &f, GL_LINES, dg, 2, 1, 1.0f, false);
    expect(r, &f, "diagonal", (px[]){{1, 1}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {6, 3}, {7, 4}, {8, 4}}, 8);
    /* y-major (2,1) -> (4,9): x(yc) = 2 + (yc - 1) / 4 */
    const double ym[] = {2.0, 1.0, 4.0, 9.0};
    draw(r, &f, GL_LINES, ym, 2, 1, 1.0f, false);
    expect(r, &f, "y-major", (px[]){{2, 1}, {2, 2}, {2, 3}, {2, 4}, {3, 5}, {3, 6}, {3, 7}, {3, 8}}, 8);
    /* width 3: rows with centres in [3.5, 6.5): 3, 4, 5; columns 2..5 */
    const double wd[] = {2.5, 5.0, 6.5, 5.0};
    draw(r, &f, GL_LINES, wd, 2, 1, 3.0f, false);
    expect(r, &f, "wide",
           (px[]){{2, 3}, {3, 3}, {4, 3}, {5, 3}, {2, 4}, {3, 4}, {4, 4}, {5, 4}, {2, 5}, {3, 5}, {4, 5}, {5, 5}},
           12);
    /* strip: (2.5,2.5)->(8.5,2.5) gives x 2..7 on row 2; (8.5,2.5)->(8.5,9.5)
     * gives rows 2..8 in column 8: 13 pixels, none twice */
    const double st[] = {2.5, 2.5, 8.5, 2.5, 8.5, 9.5};
    draw(r, &f, GL_LINE_STRIP, st, 3, 1, 1.0f, false);
    expect(r, &f, "strip",
           (px[]){{2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {7, 2}, {8, 2}, {8, 3}, {8, 4}, {8, 5}, {8, 6}, {8, 7}, {8, 8}},
           13);
    /* loop: a closed square (2.5,2.5) (6.5,2.5) (6.5,6.5) (2.5,6.5): 4 x 4 pixels */
    const double lp[] = {2.5, 2.5, 6.5, 2.5, 6.5, 6.5, 2.5, 6.5};
    draw(r, &f, GL_LINE_LOOP, lp, 4, 1, 1.0f, false);
    expect(r, &f, "loop",
           (px[]){{2, 2}, {3, 2}, {4, 2}, {5, 2}, {6, 2}, {6, 3}, {6, 4}, {6, 5}, {6, 6}, {5, 6}, {4, 6}, {3, 6},
                  {2, 6}, {2, 5}, {2, 4}, {2, 3}},
           16);

    rt_fb_free(&f);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    free(vpp);
    free(fpp);
    RT_DONE();
}
