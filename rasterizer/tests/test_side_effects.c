/*
 * test_side_effects.c - side effects in order (rast.h "Resources"): a
 * fragment program with side effects is never deferred by hidden-surface
 * removal and runs for exactly the fragments an immediate-mode renderer
 * shades.  Every fragment does ATOM.ADD.U32 1 on its pixel's word of a
 * resident buffer (address = program.local[0] + 4 * (y * W + x)), so the
 * buffer is the number of program invocations per pixel, compared with
 * counts computed by hand from the spec:
 *   - without OPTION NV_early_fragment_tests the depth/stencil tests follow
 *     the program (EXT_shader_image_load_store 3.X, NV_gpu_program5 3.X):
 *     every covered fragment runs it, count = depth complexity;
 *   - with the option only fragments passing depth/stencil run it.
 * The scene: a 64x64 window (4 tiles), N = 4 axis-aligned rectangles, rect
 * k covering x >= X0[k], y >= Y0[k] (rect 0 the whole window; odd edges so
 * quads have helper lanes, which must not count), depth test LESS with
 * depth written, drawn back to front (every one passes where it covers)
 * and front to back (rect 0 is nearest: the others fail everywhere).
 * Variants: HSR / fast paths off, colour writes masked off (nothing but
 * side effects: never depth-only), scissor, stencil instead of depth, 4x
 * multisampling.  Multisampled, each rect is one square point (size
 * 2 * (64 - X0[k]) centred on the corner (64, 64): region x, y >= X0[k]),
 * since the two triangles of a rect both cover samples of the pixels on
 * their shared diagonal and so both run the program there (one fragment
 * each, as the spec wants), which is no count to compute by hand.  Then the concurrency criterion: 2 executors, 64x64
 * fragments per draw ATOM.ADD on one address, 20 draws, the sum exact.
 * Fault reports carry the stage and the fragment's pixel.
 * covers: OPT.NV_early_fragment_tests EDGE.EARLY_DEPTH OP.ATOM MOD.AT_ADD EDGE.HELPER_STORES
 * Thread: test main thread (plus the pool's workers).
 */
#include "rast_test.h"
#include "../../memory/mem.h"

enum { W = 64, H = 64, N = 4 };
static const int X0[N] = {0, 7, 21, 35};
static const int Y0[N] = {0, 3, 9, 1};

static const char *const VP =
    "!!ARBvp1.0\n"
    "MOV result.position, vertex.position;\n"
    "END\n";

/* per pixel: ATOM.ADD 1 at base + 4 * (y * W + x); a second ATOM adds 1 to
 * the word at program.local[2] (the total) */
static const char *const FP_BODY =
    "LONG TEMP a, o;\n"
    "TEMP p, r;\n"
    "FLR.U p.xy, fragment.position;\n"
    "MAD.U p.x, p.y, program.local[1].x, p.x;\n"
    "MUL.U p.x, p.x, 4;\n"
    "MOV.U p.y, 0;\n"
    "PK64.U o.x, p;\n"
    "PK64.U a.x, program.local[0];\n"
    "ADD.U64 a.x, a.x, o.x;\n"
    "ATOM.ADD.U32 r.x, 1, a.x;\n"
    "PK64.U a.x, program.local[2];\n"
    "ATOM.ADD.U32 r.y, 1, a.x;\n"
    "MOV result.color, {0, 1, 0, 1};\n"
    "END\n";

static gp_program *vp, *fp_late, *fp_early;
static gp_val (*vpp)[4];
static mem_space *space;
static mem_buffer *counts, *total;
static uint64_t counts_addr, total_addr;

/* The fragment parameter table: local[0] = counts' address (lo, hi words),
 * local[1].x = W, local[2] = the total's address. */
static gp_val (*fp_params(const gp_program *p))[4]
{
    const gp_program_info *info = gp_program_get_info(p);
    int n = info->num_params > 0 ? info->num_params : 1;
    gp_val(*t)[4] = calloc((size_t)n, sizeof(*t));
    for (int i = 0; i < info->num_params; i++) {
        const gp_param_binding *b = &info->params[i];
        for (int c = 0; c < 4; c++)
            t[i][c] = b->kind == GP_PARAM_CONST ? b->value[c] : (gp_val){.u = 0};
        if (b->kind != GP_PARAM_LOCAL)
            continue;
        if (b->index == 0) {
            t[i][0].u = (uint32_t)counts_addr;
            t[i][1].u = (uint32_t)(counts_addr >> 32);
        } else if (b->index == 1) {
            t[i][0].u = W;
        } else if (b->index == 2) {
            t[i][0].u = (uint32_t)total_addr;
            t[i][1].u = (uint32_t)(total_addr >> 32);
        }
    }
    return t;
}

static void reset_counts(void)
{
    memset(mem_buffer_data(counts), 0, (size_t)W * H * 4);
    memset(mem_buffer_data(total), 0, 16);
}

static uint32_t count_at(int x, int y)
{
    return ((const uint32_t *)mem_buffer_data(counts))[y * W + x];
}

typedef struct variant {
    const char *name;
    bool early;          /* OPTION NV_early_fragment_tests */
    bool front_to_back;  /* rect 0 nearest (else farthest) */
    unsigned debug;      /* RAST_DEBUG_* */
    bool no_color;       /* colour mask 0: only side effects */
    bool scissor;        /* scissor x < 40, y < 50 */
    bool stencil;        /* stencil EQUAL 0, INCR on pass, no depth test */
    int samples;         /* 0: single-sampled; 4: 4x with multisample on */
} variant;

/* Fragments of rect k that run the program at (x, y) (by hand, see the top). */
static uint32_t expected(const variant *v, int x, int y)
{
    if (v->scissor && (x >= 40 || y >= 50))
        return 0;
    uint32_t covered = 0;
    for (int k = 0; k < N; k++)
        covered += x >= X0[k] && y >= (v->samples > 1 ? X0[k] : Y0[k]);
    if (!v->early)
        return covered; /* tests after the program: every covered fragment */
    if (v->stencil)
        return 1;        /* only the first fragment sees stencil 0 */
    return v->front_to_back ? 1 : covered;
}

static int run_variant(rast_context *r, const variant *v)
{
    int errors = 0;
    int ns = v->samples > 1 ? v->samples : 1;
    size_t plane = (size_t)W * H;
    uint8_t *col = calloc(plane * ns, 4);
    float *depth = calloc(plane * ns, 4);
    uint8_t *sten = calloc(plane * ns, 1);
    rast_framebuffer fb;
    memset(&fb, 0, sizeof(fb));
    fb.width = W;
    fb.height = H;
    fb.color[0] = (rast_surface){.data = col, .width = W, .height = H, .stride = W * 4,
                                 .format = TEX_FMT_RGBA8, .samples = ns > 1 ? ns : 0,
                                 .sample_stride = plane * 4};
    fb.depth = (rast_surface){.data = depth, .width = W, .height = H, .stride = W * 4,
                              .format = TEX_FMT_DEPTH32F, .samples = ns > 1 ? ns : 0,
                              .sample_stride = plane * 4};
    fb.stencil = (rast_surface){.data = sten, .width = W, .height = H, .stride = W,
                                .format = TEX_FMT_S8, .samples = ns > 1 ? ns : 0,
                                .sample_stride = plane};
    rt_fb f;
    memset(&f, 0, sizeof(f));
    f.w = W;
    f.h = H;
    f.fb = fb;
    rast_context_set_debug(r, v->debug);
    reset_counts();
    rt_clear(r, &f, 0.0f, 0.0f, 0.0f, 0.0f, 1.0);
    const gp_program *fp = v->early ? fp_early : fp_late;
    gp_val(*fpp)[4] = fp_params(fp);
    float pos[N][6][4];
    for (int k = 0; k < N; k++) {
        /* window depth 0.8 0.6 0.4 0.2 (back to front) or 0.2 .. 0.8 */
        float zw = v->front_to_back ? 0.2f + 0.2f * (float)k : 0.8f - 0.2f * (float)k;
        float zn = 2.0f * zw - 1.0f;
        float x0 = rt_ndc(X0[k], W), y0 = rt_ndc(Y0[k], H), x1 = 1.0f, y1 = 1.0f;
        float c[6][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y0}, {x1, y1}, {x0, y1}};
        for (int i = 0; i < 6; i++) {
            pos[k][i][0] = c[i][0];
            pos[k][i][1] = c[i][1];
            pos[k][i][2] = zn;
            pos[k][i][3] = 1.0f;
        }
        rast_draw d;
        rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
        rt_attrib(&d, GP_VIN_POSITION, &pos[k][0][0], 4);
        d.count = 6;
        if (ns > 1) {
            /* one point at (63.9, 63.9): its even size centres it on (64, 64) */
            pos[k][0][0] = pos[k][0][1] = rt_ndc(63.9, W);
            d.mode = GL_POINTS;
            d.count = 1;
            d.state.point_size = (float)(2 * (W - X0[k]));
        }
        d.res.space = space;
        d.fb = &fb;
        d.state.depth_test = !v->stencil;
        d.state.depth_func = GL_LESS;
        d.state.depth_write = true;
        if (v->no_color)
            d.state.color_mask[0] = 0;
        if (v->scissor) {
            d.state.scissor_test = true;
            d.state.scissor[0] = 0;
            d.state.scissor[1] = 0;
            d.state.scissor[2] = 40;
            d.state.scissor[3] = 50;
        }
        if (v->stencil) {
            d.state.stencil_test = true;
            for (int s = 0; s < 2; s++) {
                d.state.stencil[s].func = GL_EQUAL;
                d.state.stencil[s].ref = 0;
                d.state.stencil[s].zpass_op = GL_INCR;
            }
        }
        d.state.multisample = ns > 1;
        CHECK(rast_draw_submit(r, &d) == GL_NO_ERROR, "%s: draw %d", v->name, k);
    }
    rast_flush(r);
    uint64_t sum = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            uint32_t want = expected(v, x, y), got = count_at(x, y);
            sum += want;
            if (got != want && errors++ < 5)
                CHECK(got == want, "%s: pixel (%d, %d) ran the program %u times, want %u", v->name,
                      x, y, got, want);
        }
    }
    uint32_t tot = ((const uint32_t *)mem_buffer_data(total))[0];
    CHECK(tot == sum, "%s: total %u, want %llu", v->name, tot, (unsigned long long)sum);
    if (!v->no_color) {
        /* the colour is there (green) where the scene covers: pixel (0, 0) */
        CHECK(col[1] == 255 && col[0] == 0, "%s: colour (%u %u)", v->name, col[0], col[1]);
    }
    rast_context_set_debug(r, 0);
    free(fpp);
    free(col);
    free(depth);
    free(sten);
    return errors;
}

/* Thousands of fragments ATOM.ADD on the same word from both executors:
 * exact every time (concurrency). */
static void test_concurrency(void)
{
    rast_context *r = rast_context_create(2);
    CHECK(rast_context_threads(r) == 2, "threads %d", rast_context_threads(r));
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);
    gp_val(*fpp)[4] = fp_params(fp_late);
    static const float pos[6][4] = {{-1, -1, 0, 1}, {1, -1, 0, 1}, {1, 1, 0, 1},
                                    {-1, -1, 0, 1}, {1, 1, 0, 1},  {-1, 1, 0, 1}};
    for (int run = 0; run < 5; run++) {
        reset_counts();
        rast_stats_reset(r);
        for (int i = 0; i < 20; i++) {
            rast_draw d;
            rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fp_late, (const gp_val(*)[4])fpp);
            rt_attrib(&d, GP_VIN_POSITION, &pos[0][0], 4);
            d.count = 6;
            d.res.space = space;
            rast_draw_submit(r, &d);
            if (i == 9)
                rast_flush(r);
        }
        rast_flush(r);
        uint32_t tot = ((const uint32_t *)mem_buffer_data(total))[0];
        CHECK(tot == 20u * W * H, "run %d: the shared counter is %u, want %u", run, tot, 20u * W * H);
        int bad = 0;
        for (int p = 0; p < W * H; p++)
            bad += count_at(p % W, p / W) != 20u;
        CHECK(bad == 0, "run %d: %d pixels without 20 increments", run, bad);
        rast_stats st;
        rast_stats_get(r, &st);
        CHECK(st.fragments_shaded == 20ull * W * H, "run %d: %llu fragments shaded", run,
              (unsigned long long)st.fragments_shaded);
    }
    free(fpp);
    rt_fb_free(&f);
    rast_context_destroy(r);
}

/* Fault reports name the stage and, for fragments, the pixel (gp_exec_env.
 * mem_site / lane_pos): a STORE to an unmapped address from the one pixel
 * (5, 3) of a 16x16 window (its quad's three helper lanes store nothing,
 * so one fault), and from a vertex program (no pixel). */
static gp_val (*bad_params(const gp_program *p))[4]
{
    const gp_program_info *info = gp_program_get_info(p);
    int n = info->num_params > 0 ? info->num_params : 1;
    gp_val(*t)[4] = calloc((size_t)n, sizeof(*t));
    for (int i = 0; i < info->num_params; i++) {
        const gp_param_binding *b = &info->params[i];
        for (int c = 0; c < 4; c++)
            t[i][c] = b->kind == GP_PARAM_CONST ? b->value[c] : (gp_val){.u = 0};
        if (b->kind == GP_PARAM_LOCAL && b->index == 0)
            t[i][0].u = 0x100;
    }
    return t;
}

static void test_fault_site(void)
{
    rast_context *r = rast_context_create(2);
    rt_fb f;
    rt_fb_init(&f, 16, 16, RT_RGBA8);
    gp_program *fps = rt_compile(GP_STAGE_FRAGMENT, "!!NVfp5.0\n"
                                                    "LONG TEMP a;\n"
                                                    "PK64.U a.x, program.local[0];\n"
                                                    "STORE.U32 {7}, a.x;\n"
                                                    "MOV result.color, {1, 0, 0, 1};\n"
                                                    "END\n");
    gp_program *vps = rt_compile(GP_STAGE_VERTEX, "!!NVvp5.0\n"
                                                  "LONG TEMP a;\n"
                                                  "PK64.U a.x, program.local[0];\n"
                                                  "STORE.U32 {7}, a.x;\n"
                                                  "MOV result.position, vertex.position;\n"
                                                  "END\n");
    /* program.local[0] = 0x100: below MEM_GPU_BASE, in no buffer */
    gp_val(*fsp)[4] = bad_params(fps), (*vsp)[4] = bad_params(vps), (*fpp)[4] = fp_params(fp_late);
    float x0 = rt_ndc(5, 16), x1 = rt_ndc(6, 16), y0 = rt_ndc(3, 16), y1 = rt_ndc(4, 16);
    const float pos[6][4] = {{x0, y0, 0, 1}, {x1, y0, 0, 1}, {x1, y1, 0, 1},
                             {x0, y0, 0, 1}, {x1, y1, 0, 1}, {x0, y1, 0, 1}};
    for (int stage = 0; stage < 2; stage++) {
        FILE *log = tmpfile();
        mem_space_reset_faults(space);
        mem_space_set_fault_report(space, 4, log);
        rast_draw d;
        rt_draw_init(&d, &f, stage ? vps : vp, (const gp_val(*)[4])(stage ? vsp : vpp),
                     stage ? fp_late : fps, (const gp_val(*)[4])(stage ? fpp : fsp));
        rt_attrib(&d, GP_VIN_POSITION, &pos[0][0], 4);
        d.count = 6;
        d.res.space = space;
        rast_draw_submit(r, &d);
        rast_flush(r);
        mem_gpu_faults fl = mem_space_faults(space);
        char text[1024] = "";
        rewind(log);
        size_t n = fread(text, 1, sizeof text - 1, log);
        text[n] = 0;
        fclose(log);
        if (!stage) {
            CHECK(fl.writes == 1, "fragment: %llu faulting writes, want 1 (helper lanes store)",
                  (unsigned long long)fl.writes);
            CHECK(strstr(text, "[fragment program, pixel (5, 3)]") != NULL, "fragment report: %s",
                  text);
        } else {
            CHECK(fl.writes == 6, "vertex: %llu faulting writes, want 6", (unsigned long long)fl.writes);
            CHECK(strstr(text, "[vertex program]") != NULL, "vertex report: %s", text);
        }
    }
    mem_space_set_fault_report(space, 0, NULL);
    mem_space_reset_faults(space);
    free(fpp);
    free(fsp);
    free(vsp);
    gp_program_free(fps);
    gp_program_free(vps);
    rt_fb_free(&f);
    rast_context_destroy(r);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, VP);
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    char src[2048];
    snprintf(src, sizeof src, "!!NVfp5.0\n%s", FP_BODY);
    fp_late = rt_compile(GP_STAGE_FRAGMENT, src);
    snprintf(src, sizeof src, "!!NVfp5.0\nOPTION NV_early_fragment_tests;\n%s", FP_BODY);
    fp_early = rt_compile(GP_STAGE_FRAGMENT, src);
    CHECK(gp_program_get_info(fp_late)->has_side_effects, "ATOM: has_side_effects");

    space = mem_space_create();
    counts = mem_buffer_create();
    total = mem_buffer_create();
    mem_buffer_alloc(counts, (size_t)W * H * 4, NULL);
    mem_buffer_alloc(total, 16, NULL);
    CHECK(mem_space_make_resident(space, counts, MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK, "resident");
    CHECK(mem_space_make_resident(space, total, MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK, "resident");
    counts_addr = mem_space_address(space, counts);
    total_addr = mem_space_address(space, total);

    static const variant variants[] = {
        {"late, back to front", false, false, 0, false, false, false, 0},
        {"late, front to back", false, true, 0, false, false, false, 0},
        {"early, back to front", true, false, 0, false, false, false, 0},
        {"early, front to back", true, true, 0, false, false, false, 0},
        {"late, front to back, no HSR / fast paths", false, true,
         RAST_DEBUG_NO_HSR | RAST_DEBUG_NO_FASTPATH, false, false, false, 0},
        {"early, front to back, no fast paths", true, true, RAST_DEBUG_NO_FASTPATH, false, false,
         false, 0},
        {"late, front to back, colour masked", false, true, 0, true, false, false, 0},
        {"early, back to front, colour masked", true, false, 0, true, false, false, 0},
        {"early, front to back, colour masked", true, true, 0, true, false, false, 0},
        {"late, scissor", false, true, 0, false, true, false, 0},
        {"early, scissor", true, true, 0, false, true, false, 0},
        {"late, stencil", false, false, 0, false, false, true, 0},
        {"early, stencil", true, false, 0, false, false, true, 0},
        {"late, 4x multisample", false, true, 0, false, false, false, 4},
        {"early, 4x multisample, front to back", true, true, 0, false, false, false, 4},
        {"early, 4x multisample, back to front", true, false, 0, false, false, false, 4},
    };
    const int threads[] = {1, 2};
    for (int t = 0; t < 2; t++) {
        rast_context *r = rast_context_create(threads[t]);
        for (size_t i = 0; i < sizeof(variants) / sizeof(variants[0]); i++)
            run_variant(r, &variants[i]);
        rast_context_destroy(r);
    }
    test_concurrency();
    test_fault_site();

    mem_space_destroy(space);
    mem_buffer_destroy(counts);
    mem_buffer_destroy(total);
    gp_program_free(vp);
    gp_program_free(fp_late);
    gp_program_free(fp_early);
    free(vpp);
    RT_DONE();
}
