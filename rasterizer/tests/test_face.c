/*
 * test_face.c - face determination (window-space winding, front_face), face
 * culling, two-sided colour (back faces take BFC0), fragment.facing, and
 * polygon modes LINE/POINT (edges of quads, not their diagonal).
 * Thread: test main thread.
 */
#include "rast_test.h"

static const int W = 32, H = 32;
static const float CCW[] = {-1, -1, 0, 1, 1, -1, 0, 1, -1, 1, 0, 1};
static const float CW[] = {-1, -1, 0, 1, -1, 1, 0, 1, 1, -1, 0, 1};
static const float FRONT_COL[] = {1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 1};
static const float BACK_COL[] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};

static gp_program *vp, *fp, *fpf;
static gp_val (*vpp)[4], (*fpp)[4], (*fpfp)[4];

/* Returns the colour at (4, 4) as 0 = nothing, 1 = front colour, 2 = back colour. */
static int draw(rast_context *r, rt_fb *f, const float *pos, void (*tweak)(rast_draw *))
{
    rt_clear(r, f, 0, 0, 0, 0, 1.0);
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    d.count = 3;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, FRONT_COL, 4);
    rt_attrib(&d, GP_VIN_TEX0 + 1, BACK_COL, 4);
    if (tweak)
        tweak(&d);
    rast_draw_submit(r, &d);
    rast_flush(r);
    const uint8_t *p = rt_px8(f, 4, 4);
    return p[0] == 255 ? 1 : p[1] == 255 ? 2 : (p[0] | p[1] | p[2]) ? 3 : 0;
}

static void cull_back(rast_draw *d) { d->state.cull_face = true; d->state.cull_mode = GL_BACK; }
static void cull_front(rast_draw *d) { d->state.cull_face = true; d->state.cull_mode = GL_FRONT; }
static void cull_both(rast_draw *d) { d->state.cull_face = true; d->state.cull_mode = GL_FRONT_AND_BACK; }
static void cull_back_cw(rast_draw *d) { cull_back(d); d->state.front_face = GL_CW; }
static void two_side(rast_draw *d) { d->state.two_side = true; }
static void two_side_cw(rast_draw *d) { d->state.two_side = true; d->state.front_face = GL_CW; }
static void two_side_flat(rast_draw *d) { d->state.two_side = true; d->state.flat_shade = true; }
static void facing(rast_draw *d) { d->fp.prog = fpf; d->fp.params = (const gp_val(*)[4])fpfp; }

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX,
                    "!!ARBvp1.0\n"
                    "MOV result.position, vertex.position;\n"
                    "MOV result.color.front.primary, vertex.color;\n"
                    "MOV result.color.back.primary, vertex.texcoord[1];\n"
                    "END\n");
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    /* facing: +1 -> red, -1 -> green */
    fpf = rt_compile(GP_STAGE_FRAGMENT,
                     "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP t;\n"
                     "MOV t, {0, 0, 0, 1};\n"
                     "SGT t.x, fragment.facing.x, 0;\n"
                     "SLT t.y, fragment.facing.x, 0;\n"
                     "MOV result.color, t;\nEND\n");
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    fpfp = rt_params(fpf, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(1);
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);

    CHECK(draw(r, &f, CCW, NULL) == 1, "ccw");
    CHECK(draw(r, &f, CW, NULL) == 1, "cw: front colour without two-side");
    CHECK(draw(r, &f, CCW, cull_back) == 1, "ccw cull back");
    CHECK(draw(r, &f, CW, cull_back) == 0, "cw cull back");
    CHECK(draw(r, &f, CCW, cull_front) == 0, "ccw cull front");
    CHECK(draw(r, &f, CW, cull_front) == 1, "cw cull front");
    CHECK(draw(r, &f, CCW, cull_both) == 0 && draw(r, &f, CW, cull_both) == 0, "cull both");
    CHECK(draw(r, &f, CCW, cull_back_cw) == 0 && draw(r, &f, CW, cull_back_cw) == 1, "front_face cw");
    CHECK(draw(r, &f, CCW, two_side) == 1, "two-side ccw");
    CHECK(draw(r, &f, CW, two_side) == 2, "two-side cw -> back colour");
    CHECK(draw(r, &f, CCW, two_side_cw) == 2 && draw(r, &f, CW, two_side_cw) == 1, "two-side front cw");
    CHECK(draw(r, &f, CW, two_side_flat) == 2, "two-side flat");
    CHECK(draw(r, &f, CCW, facing) == 1 && draw(r, &f, CW, facing) == 2, "fragment.facing");

    /* polygon mode LINE on a quad: its 4 edges, no diagonal */
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
    float q[16], c[16];
    const double e[4][2] = {{4.5, 4.5}, {20.5, 4.5}, {20.5, 20.5}, {4.5, 20.5}};
    for (int i = 0; i < 4; i++) {
        q[i * 4 + 0] = rt_ndc(e[i][0], W);
        q[i * 4 + 1] = rt_ndc(e[i][1], H);
        q[i * 4 + 2] = 0;
        q[i * 4 + 3] = 1;
        memcpy(c + i * 4, FRONT_COL, 16);
    }
    d.mode = GL_QUADS;
    d.count = 4;
    rt_attrib(&d, GP_VIN_POSITION, q, 4);
    rt_attrib(&d, GP_VIN_COLOR0, c, 4);
    d.state.polygon_mode[0] = d.state.polygon_mode[1] = GL_LINE;
    rast_draw_submit(r, &d);
    rast_flush(r);
    int n = 0;
    for (int i = 0; i < W * H; i++)
        n += f.c8[i * 4] == 255;
    /* 4 edges of 16 pixels (each half-open) */
    CHECK(n == 64, "line-mode quad: %d pixels", n);
    CHECK(rt_px8(&f, 12, 12)[0] == 0, "no diagonal");
    CHECK(rt_px8(&f, 4, 4)[0] == 255 && rt_px8(&f, 12, 4)[0] == 255 && rt_px8(&f, 20, 12)[0] == 255,
          "edges");
    rt_clear(r, &f, 0, 0, 0, 0, 1.0);
    d.state.polygon_mode[0] = d.state.polygon_mode[1] = GL_POINT;
    rast_draw_submit(r, &d);
    rast_flush(r);
    n = 0;
    for (int i = 0; i < W * H; i++)
        n += f.c8[i * 4] == 255;
    CHECK(n == 4, "point-mode quad: %d pixels", n);
    CHECK(rt_px8(&f, 20, 20)[0] == 255, "corner point");

    rt_fb_free(&f);
    rast_context_destroy(r);
    gp_program_free(vp);
    gp_program_free(fp);
    gp_program_free(fpf);
    free(vpp);
    free(fpp);
    free(fpfp);
    RT_DONE();
}
