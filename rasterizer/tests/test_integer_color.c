/*
 * test_integer_color.c - integer colour buffers (RGBA32I / RGBA32UI,
 * EXT_texture_integer with NV_gpu_program4 integer results): the PBE stores
 * result.color's words unconverted (no clamping, no blending, alpha test
 * skipped), colour masks and the logic op apply, clears write
 * rast_clear_args.color_bits, tiles load and store 16-byte pixels at
 * framebuffer edges and with padded rows, and the deferred (HSR) path
 * resolves into integer buffers.  Expected words are the inputs themselves
 * or their hand-computed XOR.
 * Thread: test main thread.
 *
 * covers: BIND.R.COLOR_FRAG
 */
#include "rast_test.h"

#define W 40
#define H 36
#define ROW 41 /* pixels per row: padded stride */

static rast_context *R;

typedef struct ifb {
    uint32_t *px[2];
    float *depth;
    rast_framebuffer fb;
} ifb;

/* buffer 0 RGBA32UI, buffer 1 RGBA32I, rows of ROW pixels; depth optional */
static void ifb_init(ifb *f, bool depth)
{
    memset(f, 0, sizeof(*f));
    f->fb.width = W;
    f->fb.height = H;
    for (int b = 0; b < 2; b++) {
        f->px[b] = calloc((size_t)ROW * H, 16);
        f->fb.color[b].data = f->px[b];
        f->fb.color[b].width = W;
        f->fb.color[b].height = H;
        f->fb.color[b].stride = (size_t)ROW * 16;
        f->fb.color[b].format = b ? TEX_FMT_RGBA32I : TEX_FMT_RGBA32UI;
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

static void ifb_free(ifb *f)
{
    free(f->px[0]);
    free(f->px[1]);
    free(f->depth);
}

static const uint32_t *px(const ifb *f, int b, int x, int y)
{
    return f->px[b] + ((size_t)y * ROW + x) * 4;
}

static void clear(const ifb *f, const uint32_t bits[4], uint8_t mask, const int *scissor)
{
    rast_clear_args c;
    memset(&c, 0, sizeof(c));
    c.mask = RAST_CLEAR_COLOR | RAST_CLEAR_DEPTH;
    memcpy(c.color_bits, bits, sizeof c.color_bits);
    for (int i = 0; i < 4; i++)
        c.color[i] = 0.5f; /* must not matter to integer buffers */
    c.depth = 1.0;
    c.depth_write = true;
    for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
        c.color_mask[i] = mask;
    if (scissor) {
        c.scissor_test = true;
        memcpy(c.scissor, scissor, sizeof c.scissor);
    }
    rast_clear(R, &f->fb, &c);
}

/* Every pixel of buffer b inside [x0,x1)x[y0,y1) equals in, the rest out;
 * returns the number of mismatching words. */
static int check_rect(const ifb *f, int b, int x0, int y0, int x1, int y1, const uint32_t in[4],
                      const uint32_t out[4], const char *what)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            bool inside = x >= x0 && x < x1 && y >= y0 && y < y1;
            const uint32_t *w = inside ? in : out;
            for (int c = 0; c < 4; c++)
                if (px(f, b, x, y)[c] != w[c] && bad++ < 4)
                    fprintf(stderr, "%s: buffer %d (%d,%d).%d = %08x want %08x\n", what, b, x, y, c,
                            px(f, b, x, y)[c], w[c]);
        }
    return bad;
}

static const char *VP =
    "!!ARBvp1.0\n"
    "MOV result.position, vertex.position;\n"
    "END\n";

/* result.color (all buffers) = program.env[0] as unsigned words */
static const char *FP_ENV =
    "!!NVfp4.0\n"
    "MOV.U result.color, program.env[0];\n"
    "END\n";

typedef struct prog {
    gp_program *p;
    gp_val (*params)[4];
} prog;

/* Compiles src; its program.env[0] parameter words are env0. */
static prog make_prog(gp_stage stage, const char *src, const uint32_t env0[4])
{
    prog r;
    r.p = rt_compile(stage, src);
    r.params = rt_params(r.p, NULL, 0, NULL, 0);
    const gp_program_info *info = gp_program_get_info(r.p);
    for (int i = 0; i < info->num_params; i++)
        if (info->params[i].kind == GP_PARAM_ENV && info->params[i].index == 0)
            for (int c = 0; c < 4; c++)
                r.params[i][c].u = env0[c];
    return r;
}

static void free_prog(prog *p)
{
    gp_program_free(p->p);
    free(p->params);
}

static bool keep_scene; /* draw_rect: no flush after the draw */

/* A rectangle [x0,x1)x[y0,y1) in window pixels at window depth z. */
static void draw_rect(const ifb *f, const prog *vp, const prog *fp, int x0, int y0, int x1, int y1, float z,
                      void (*tweak)(rast_state *))
{
    float q[6][4];
    float X0 = rt_ndc(x0, W), X1 = rt_ndc(x1, W), Y0 = rt_ndc(y0, H), Y1 = rt_ndc(y1, H);
    float v[6][2] = {{X0, Y0}, {X1, Y0}, {X1, Y1}, {X0, Y0}, {X1, Y1}, {X0, Y1}};
    for (int i = 0; i < 6; i++) {
        q[i][0] = v[i][0];
        q[i][1] = v[i][1];
        q[i][2] = z * 2.0f - 1.0f;
        q[i][3] = 1.0f;
    }
    rast_draw d;
    memset(&d, 0, sizeof(d));
    d.mode = GL_TRIANGLES;
    d.instance_count = 1;
    d.vp.prog = vp->p;
    d.vp.params = (const gp_val(*)[4])vp->params;
    d.fp.prog = fp->p;
    d.fp.params = (const gp_val(*)[4])fp->params;
    d.fb = &f->fb;
    d.count = 6;
    rt_state_default(&d.state, W, H);
    for (int i = 0; i < GP_VIN_COUNT; i++)
        d.attribs[i].current[3] = 1.0f;
    rt_attrib(&d, GP_VIN_POSITION, &q[0][0], 4);
    if (tweak)
        tweak(&d.state);
    CHECK(rast_draw_submit(R, &d) == GL_NO_ERROR, "submit");
    if (!keep_scene)
        rast_flush(R);
}

static const uint32_t BITS[4] = {0xffffffffu, 0x7fc00001u, 0x80000000u, 300u};
static const uint32_t CLR[4] = {0xdeadbeefu, 0x00000001u, 0x7f800000u, 0xfffffffeu};

/* ---- clears -------------------------------------------------------------------------- */

static void test_clear(void)
{
    ifb f;
    ifb_init(&f, false);
    clear(&f, CLR, 0xf, NULL);
    rast_flush(R);
    for (int b = 0; b < 2; b++)
        CHECK(check_rect(&f, b, 0, 0, W, H, CLR, CLR, "full clear") == 0, "full clear buffer %d", b);
    /* scissored and masked (R and A only): partial tiles, both edges */
    static const uint32_t Z[4] = {0, 0, 0, 0};
    int sc[4] = {5, 3, 30, 31}; /* [5,35) x [3,34) */
    clear(&f, Z, 0x9, sc);
    rast_flush(R);
    uint32_t in[4] = {0, CLR[1], CLR[2], 0};
    for (int b = 0; b < 2; b++)
        CHECK(check_rect(&f, b, 5, 3, 35, 34, in, CLR, "masked clear") == 0, "masked clear buffer %d", b);
    /* the padding pixel of each row is never touched */
    for (int y = 0; y < H; y++)
        CHECK(f.px[0][((size_t)y * ROW + W) * 4] == 0, "row padding written at y=%d", y);
    ifb_free(&f);
}

/* ---- stores: unconverted, no blending, alpha test skipped, masks ------------------- */

static void blend_alpha(rast_state *s)
{
    s->blend_buffers = 0xff;
    s->blend_src_rgb = s->blend_src_alpha = GL_ONE;
    s->blend_dst_rgb = s->blend_dst_alpha = GL_ONE; /* would add the destination */
    s->alpha_test = true;
    s->alpha_func = GL_NEVER;                        /* would kill everything */
}

static void mask_rb(rast_state *s)
{
    s->color_mask[0] = 0x5; /* R, B */
    s->color_mask[1] = 0xa; /* G, A */
}

static void logic_xor(rast_state *s)
{
    s->logic_op_enable = true;
    s->logic_op = GL_XOR;
}

static void test_store(void)
{
    ifb f;
    ifb_init(&f, false);
    prog vp = make_prog(GP_STAGE_VERTEX, VP, CLR);
    prog fp = make_prog(GP_STAGE_FRAGMENT, FP_ENV, BITS);

    clear(&f, CLR, 0xf, NULL);
    draw_rect(&f, &vp, &fp, 3, 2, 37, 35, 0.5f, blend_alpha);
    for (int b = 0; b < 2; b++)
        CHECK(check_rect(&f, b, 3, 2, 37, 35, BITS, CLR, "store") == 0, "blend/alpha-test store, buffer %d", b);

    clear(&f, CLR, 0xf, NULL);
    draw_rect(&f, &vp, &fp, 0, 0, W, H, 0.5f, mask_rb);
    uint32_t m0[4] = {BITS[0], CLR[1], BITS[2], CLR[3]};
    uint32_t m1[4] = {CLR[0], BITS[1], CLR[2], BITS[3]};
    CHECK(check_rect(&f, 0, 0, 0, W, H, m0, m0, "mask") == 0, "colour mask buffer 0");
    CHECK(check_rect(&f, 1, 0, 0, W, H, m1, m1, "mask") == 0, "colour mask buffer 1");

    /* logic op on the 32-bit words: 0xffffffff ^ 0xdeadbeef = 0x21524110,
     * 0x7fc00001 ^ 1 = 0x7fc00000, 0x80000000 ^ 0x7f800000 = 0xff800000,
     * 300 ^ 0xfffffffe = 0xfffffed2 */
    clear(&f, CLR, 0xf, NULL);
    draw_rect(&f, &vp, &fp, 10, 10, 30, 20, 0.5f, logic_xor);
    static const uint32_t X[4] = {0x21524110u, 0x7fc00000u, 0xff800000u, 0xfffffed2u};
    for (int b = 0; b < 2; b++)
        CHECK(check_rect(&f, b, 10, 10, 30, 20, X, CLR, "xor") == 0, "logic op XOR buffer %d", b);
    free_prog(&fp);
    free_prog(&vp);
    ifb_free(&f);
}

/* ---- hidden-surface removal into integer buffers -------------------------------------- */

static void depth_less(rast_state *s)
{
    s->depth_test = true;
}

static void test_deferred(void)
{
    ifb f;
    ifb_init(&f, true);
    static const uint32_t NEAR[4] = {1, 2, 3, 4}, FAR[4] = {0xf0000000u, 0xf0000001u, 0xf0000002u, 0xf0000003u};
    prog vp = make_prog(GP_STAGE_VERTEX, VP, CLR);
    prog fn = make_prog(GP_STAGE_FRAGMENT, FP_ENV, NEAR);
    prog ff = make_prog(GP_STAGE_FRAGMENT, FP_ENV, FAR);
    rast_stats st;
    rast_stats_reset(R);
    clear(&f, CLR, 0xf, NULL);
    /* far over the whole window, then near, in one scene: the tag buffer
     * shades each pixel once, far only where near is not */
    keep_scene = true;
    draw_rect(&f, &vp, &ff, 0, 0, W, H, 0.75f, depth_less);
    draw_rect(&f, &vp, &fn, 8, 4, 24, 30, 0.25f, depth_less);
    keep_scene = false;
    rast_flush(R);
    for (int b = 0; b < 2; b++)
        CHECK(check_rect(&f, b, 8, 4, 24, 30, NEAR, FAR, "hsr") == 0, "depth-tested buffer %d", b);
    rast_stats_get(R, &st);
    CHECK(st.fragments_shaded == (uint64_t)W * H, "shaded %llu, want %d (one per pixel)",
          (unsigned long long)st.fragments_shaded, W * H);
    free_prog(&fn);
    free_prog(&ff);
    free_prog(&vp);
    ifb_free(&f);
}

int main(void)
{
    R = rast_context_create(2);
    test_clear();
    test_store();
    test_deferred();
    rast_context_destroy(R);
    RT_DONE();
}
