/*
 * test_color_load.c - a tile whose colour writers all overwrite does not
 * load the colour buffer (rast_tile.c, "colour buffers not loaded"): the
 * pixels no fragment wrote keep memory's contents, whatever comes after in
 * the tile.  The framebuffer starts as a pattern written straight into
 * memory, never cleared, and each case checks every pixel against the
 * rectangles it drew.  Two sizes: 70x45 (full tiles and partial ones at the
 * right and top), and 1056x1030 on 64-byte aligned rows, whose surfaces are
 * large enough for the streaming stores of whole tiles (store_tile4).
 * References: GL 2.1 section 3.5.1 (a pixel whose centre is inside is covered;
 * rectangles on pixel edges are exact), 4.1.8 (blending), 4.2.2 (colour
 * masks), 4.2.3 (scissored clears), 3.11.2 / ARB_fragment_program KIL.
 * Thread: test main thread; the context has two workers.
 */
#include "rast_test.h"

static int W, H;
static gp_program *vp;
static gp_val (*vpp)[4];

typedef struct rect {
    int x0, y0, x1, y1; /* window pixels [x0, x1) x [y0, y1) */
} rect;

static bool inside(const rect *r, int x, int y)
{
    return x >= r->x0 && x < r->x1 && y >= r->y0 && y < r->y1;
}

static uint8_t pattern(int x, int y, int ch)
{
    return (uint8_t)((y * W + x) * 7 + ch * 61 + 13);
}

static void fill_pattern(rt_fb *f)
{
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int ch = 0; ch < 4; ch++)
                f->c8[((size_t)y * W + x) * 4 + ch] = pattern(x, y, ch);
}

/* GL 2.1 section 2.14.9: c * 255 rounded, the product exact. */
static uint8_t u8(double v)
{
    v = v < 0 ? 0 : v > 1 ? 1 : v;
    return (uint8_t)(v * 255.0 + 0.5);
}

typedef struct draw_opts {
    const gp_program *fp;
    gp_val (*fpp)[4];
    bool depth_test;
    bool blend_add;       /* ONE, ONE */
    uint8_t color_mask;   /* 0: all four */
} draw_opts;

/* Binds a rectangle of colour col into the current scene (no flush). */
static void draw_rect(rast_context *r, rt_fb *f, const rect *rc, const float col[4], const draw_opts *o)
{
    float x0 = rt_ndc(rc->x0, W), x1 = rt_ndc(rc->x1, W);
    float y0 = rt_ndc(rc->y0, H), y1 = rt_ndc(rc->y1, H);
    const float pos[] = {x0, y0, 0, 1, x1, y0, 0, 1, x1, y1, 0, 1, x0, y1, 0, 1};
    float c[16];
    for (int i = 0; i < 4; i++)
        memcpy(c + i * 4, col, 16);
    rast_draw d;
    rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, o->fp, (const gp_val(*)[4])o->fpp);
    d.mode = GL_QUADS;
    d.count = 4;
    d.state.depth_test = o->depth_test;
    if (o->blend_add) {
        d.state.blend_buffers = 0xff;
        d.state.blend_dst_rgb = d.state.blend_dst_alpha = GL_ONE;
    }
    if (o->color_mask)
        d.state.color_mask[0] = o->color_mask;
    rt_attrib(&d, GP_VIN_POSITION, pos, 4);
    rt_attrib(&d, GP_VIN_COLOR0, c, 4);
    rast_draw_submit(r, &d);
}

static int mismatches(const rt_fb *f, const char *name, uint8_t (*want)(int x, int y, int ch))
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int ch = 0; ch < 4; ch++) {
                uint8_t got = rt_px8(f, x, y)[ch], w = want(x, y, ch);
                if (got != w && bad++ < 4)
                    fprintf(stderr, "%s: (%d, %d) channel %d: %u, want %u\n", name, x, y, ch, got, w);
            }
    return bad;
}

static const float C1[4] = {0.2f, 0.4f, 0.6f, 0.8f};
static const float C2[4] = {0.12f, 0.12f, 0.12f, 0.12f}; /* + d: x.6 above an integer, no ties */
/* At scale 1 (70x45): R1 crosses both tile columns and rows, R2 reaches
 * into the partial tiles; at 20 (1056x1030) R1 holds whole tiles too. */
static rect R1, R2, CLR;
static int kill_below_x; /* the KIL program's edge: program.local[0].x */

static uint8_t want_r1(int x, int y, int ch)
{
    return inside(&R1, x, y) ? u8(C1[ch]) : pattern(x, y, ch);
}

static uint8_t want_full(int x, int y, int ch)
{
    (void)x;
    (void)y;
    return u8(C1[ch]);
}

/* The depth after the KIL case with the depth test (z = 0: 0.5). */
static int depth_mismatches(const rt_fb *f, const char *name)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            float got = f->depth[(size_t)y * W + x];
            float want = inside(&R1, x, y) && x >= kill_below_x ? 0.5f : 1.0f;
            if (got != want && bad++ < 4)
                fprintf(stderr, "%s: depth at (%d, %d): %g, want %g\n", name, x, y, got, want);
        }
    return bad;
}

static uint8_t want_kill(int x, int y, int ch)
{
    return inside(&R1, x, y) && x >= kill_below_x ? u8(C1[ch]) : pattern(x, y, ch);
}

/* R1 overwrites, then R2 adds C2: the sum over R1's colour or over memory's. */
static uint8_t want_blend(int x, int y, int ch)
{
    uint8_t under = want_r1(x, y, ch);
    return inside(&R2, x, y) ? u8(C2[ch] + under / 255.0) : under;
}

/* R1 with KIL, then R2 adds C2: over the pixels KIL left, memory's. */
static uint8_t want_kill_blend(int x, int y, int ch)
{
    uint8_t under = want_kill(x, y, ch);
    return inside(&R2, x, y) ? u8(C2[ch] + under / 255.0) : under;
}

/* R1 overwrites, then a scissored clear of CLR to (0, 0, 1, 1). */
static uint8_t want_clear(int x, int y, int ch)
{
    if (inside(&CLR, x, y))
        return ch >= 2 ? 255 : 0;
    return want_r1(x, y, ch);
}

/* R1 overwrites, then R2 writes C2 with red, green and blue only. */
static uint8_t want_mask(int x, int y, int ch)
{
    if (inside(&R2, x, y) && ch < 3)
        return u8(C2[ch]);
    return want_r1(x, y, ch);
}

static gp_program *fp, *fp_kil;
static gp_val (*fpp)[4], (*fpp_kil)[4];

/* Runs the scene and checks every pixel against want; the case's name
 * (what, the size and the path) for the messages goes to name. */
static void finish(rast_context *r, const rt_fb *f, const char *what, const char *how,
                   uint8_t (*want)(int x, int y, int ch), char *name, size_t size)
{
    rast_flush(r);
    snprintf(name, size, "%dx%d: %s%s", W, H, what, how);
    CHECK(mismatches(f, name, want) == 0, "%s", name);
}

/* Every case on a w x h framebuffer; aligned: rows on 64-byte boundaries
 * (w a multiple of 16). */
static void run_cases(rast_context *r, int w, int h, int k, bool aligned)
{
    W = w;
    H = h;
    R1 = (rect){5 * k, 3 * k, 50 * k, 40 * k};
    R2 = (rect){20 * k, 10 * k, 66 * k, 44 * k};
    CLR = (rect){30 * k, 20 * k, 61 * k, 43 * k};
    kill_below_x = 23 * k; /* position.x = x + 0.5: x + 0.5 - edge < 0 for x < edge */
    const float local[1][4] = {{(float)kill_below_x, 0, 0, 0}};
    free(fpp_kil);
    fpp_kil = rt_params(fp_kil, NULL, 0, local, 1);
    const rect full = {0, 0, w, h};
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
    if (aligned) {
        void *c, *d;
        if (posix_memalign(&c, 64, (size_t)w * h * 4) != 0 || posix_memalign(&d, 64, (size_t)w * h * 4) != 0) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        free(f.c8);
        free(f.depth);
        f.c8 = c;
        f.depth = d;
        f.fb.color[0].data = c;
        f.fb.depth.data = d;
    }
    const draw_opts plain = {.fp = fp, .fpp = fpp};

    for (int fastpath = 1; fastpath >= 0; fastpath--) {
        /* the same results with the debug path, which loads every buffer */
        rast_context_set_debug(r, fastpath ? 0 : RAST_DEBUG_NO_FASTPATH);
        const char *how = fastpath ? "" : " (no fast paths)";
        char name[96];

        fill_pattern(&f);
        draw_rect(r, &f, &R1, C1, &plain);
        finish(r, &f, "part of the screen", how, want_r1, name, sizeof name);

        fill_pattern(&f);
        draw_rect(r, &f, &full, C1, &plain);
        finish(r, &f, "all of the screen", how, want_full, name, sizeof name);

        for (int depth = 0; depth < 2; depth++) {
            /* KIL without a depth test, and with one (punch-through) */
            fill_pattern(&f);
            for (int i = 0; i < W * H; i++)
                f.depth[i] = 1.0f;
            draw_opts o = {.fp = fp_kil, .fpp = fpp_kil, .depth_test = depth != 0};
            draw_rect(r, &f, &R1, C1, &o);
            finish(r, &f, depth ? "KIL, depth test" : "KIL, no depth test", how, want_kill, name,
                   sizeof name);
            if (depth)
                CHECK(depth_mismatches(&f, name) == 0, "%s", name);
        }

        fill_pattern(&f);
        draw_rect(r, &f, &R1, C1, &plain);
        draw_opts add = {.fp = fp, .fpp = fpp, .blend_add = true};
        draw_rect(r, &f, &R2, C2, &add);
        finish(r, &f, "then blending", how, want_blend, name, sizeof name);

        fill_pattern(&f);
        draw_opts kil = {.fp = fp_kil, .fpp = fpp_kil};
        draw_rect(r, &f, &R1, C1, &kil);
        draw_rect(r, &f, &R2, C2, &add);
        finish(r, &f, "KIL, then blending", how, want_kill_blend, name, sizeof name);

        fill_pattern(&f);
        draw_rect(r, &f, &R1, C1, &plain);
        rast_clear_args c;
        memset(&c, 0, sizeof(c));
        c.mask = RAST_CLEAR_COLOR;
        c.color[2] = c.color[3] = 1.0f;
        c.color_mask[0] = 0xf;
        c.scissor_test = true;
        c.scissor[0] = CLR.x0;
        c.scissor[1] = CLR.y0;
        c.scissor[2] = CLR.x1 - CLR.x0;
        c.scissor[3] = CLR.y1 - CLR.y0;
        rast_clear(r, &f.fb, &c);
        finish(r, &f, "then a scissored clear", how, want_clear, name, sizeof name);

        fill_pattern(&f);
        draw_rect(r, &f, &R1, C1, &plain);
        draw_opts rgb = {.fp = fp, .fpp = fpp, .color_mask = 0x7};
        draw_rect(r, &f, &R2, C2, &rgb);
        finish(r, &f, "then a colour mask", how, want_mask, name, sizeof name);
    }

    rt_fb_free(&f);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    fp_kil = rt_compile(GP_STAGE_FRAGMENT,
                        "!!ARBfp1.0\n"
                        "TEMP d;\n"
                        "SUB d, fragment.position.x, program.local[0].x;\n"
                        "KIL d.x;\n"
                        "MOV result.color, fragment.color;\n"
                        "END\n");
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    rast_context *r = rast_context_create(2);
    run_cases(r, 70, 45, 1, false);
    run_cases(r, 1056, 1030, 20, true);
    rast_context_destroy(r);
    gp_program_free(fp);
    gp_program_free(fp_kil);
    gp_program_free(vp);
    free(vpp);
    free(fpp);
    free(fpp_kil);
    RT_DONE();
}
