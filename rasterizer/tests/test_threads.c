/*
 * test_threads.c - the image is bit-identical for 1, 2 and 4 threads (and
 * with ASMGL_THREADS / sysconf defaults) on a scene of random triangles with
 * depth test, blending and KIL, several flushes, and a tiny scene cap forcing
 * mid-frame flushes.  Thread: test main thread (plus the pool's workers).
 */
#include "rast_test.h"

static gp_program *vp, *fp, *fpk;
static gp_val (*vpp)[4], (*fpp)[4], (*fpkp)[4];

enum { NT = 2000 };
static float pos[NT * 3 * 4], col[NT * 3 * 4], tc[NT * 3 * 4];
static int kind[NT];

static void make_scene(void)
{
    rt_rand_state = 777;
    for (int t = 0; t < NT; t++) {
        float cx = rt_randf(-1.1f, 1.1f), cy = rt_randf(-1.1f, 1.1f), z = rt_randf(-1.0f, 1.0f);
        float sz = (t % 50 == 0) ? 1.5f : rt_randf(0.02f, 0.3f);
        for (int i = 0; i < 3; i++) {
            float *p = &pos[(t * 3 + i) * 4];
            float w = rt_randf(0.5f, 3.0f);
            p[0] = (cx + rt_randf(-sz, sz)) * w;
            p[1] = (cy + rt_randf(-sz, sz)) * w;
            p[2] = (z + rt_randf(-0.2f, 0.2f)) * w;
            p[3] = w;
            for (int c = 0; c < 4; c++) {
                col[(t * 3 + i) * 4 + c] = rt_randf(0.0f, 1.0f);
                tc[(t * 3 + i) * 4 + c] = rt_randf(-1.0f, 3.0f);
            }
        }
        kind[t] = rt_rand() % 5;
    }
}

static void render(rast_context *r, rt_fb *f)
{
    rt_clear(r, f, 0.0f, 0.0f, 0.0f, 1.0f, 1.0);
    for (int t = 0; t < NT; t++) {
        rast_draw d;
        bool k = kind[t] == 3;
        rt_draw_init(&d, f, vp, (const gp_val(*)[4])vpp, k ? fpk : fp,
                     (const gp_val(*)[4])(k ? fpkp : fpp));
        rt_attrib(&d, GP_VIN_POSITION, &pos[t * 12], 4);
        rt_attrib(&d, GP_VIN_COLOR0, &col[t * 12], 4);
        rt_attrib(&d, GP_VIN_TEX0, &tc[t * 12], 4);
        d.count = 3;
        d.state.depth_test = kind[t] != 4;
        if (kind[t] >= 2) {
            d.state.blend_buffers = 0xff;
            d.state.blend_src_rgb = GL_SRC_ALPHA;
            d.state.blend_dst_rgb = GL_ONE_MINUS_SRC_ALPHA;
            d.state.blend_eq_rgb = kind[t] == 4 ? GL_FUNC_REVERSE_SUBTRACT : GL_FUNC_ADD;
        }
        d.state.cull_face = kind[t] == 1;
        rast_draw_submit(r, &d);
        if (t == NT / 2)
            rast_flush(r);
    }
    rast_flush(r);
}

int main(void)
{
    vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    fpk = rt_compile(GP_STAGE_FRAGMENT,
                     "!!ARBfp1.0\nTEMP t;\nSUB t, fragment.texcoord[0], 0.2;\nKIL t;\n"
                     "MUL result.color, fragment.color, t;\nEND\n");
    vpp = rt_params(vp, NULL, 0, NULL, 0);
    fpp = rt_params(fp, NULL, 0, NULL, 0);
    fpkp = rt_params(fpk, NULL, 0, NULL, 0);
    make_scene();
    const int W = 301, H = 203;
    rt_fb ref;
    rt_fb_init(&ref, W, H, RT_RGBA8 | RT_DEPTH);
    rast_context *r = rast_context_create(1);
    CHECK(rast_context_threads(r) == 1, "threads %d", rast_context_threads(r));
    render(r, &ref);
    rast_context_destroy(r);
    long covered = 0;
    for (int i = 0; i < W * H; i++)
        covered += ref.c8[i * 4] || ref.c8[i * 4 + 1] || ref.c8[i * 4 + 2];
    CHECK(covered > W * H / 2, "scene covers %ld pixels", covered);

    const int threads[] = {2, 4, 0};
    for (int i = 0; i < 3; i++) {
        for (int cap = 0; cap < 2; cap++) {
            rt_fb f;
            rt_fb_init(&f, W, H, RT_RGBA8 | RT_DEPTH);
            r = rast_context_create(threads[i]);
            if (cap)
                rast_context_set_scene_cap(r, 300 << 10); /* flush-and-retry many times */
            render(r, &f);
            rast_stats st;
            rast_stats_get(r, &st);
            CHECK(memcmp(f.c8, ref.c8, (size_t)W * H * 4) == 0, "colour differs with %d threads (cap %d)",
                  rast_context_threads(r), cap);
            CHECK(memcmp(f.depth, ref.depth, (size_t)W * H * 4) == 0, "depth differs with %d threads",
                  rast_context_threads(r));
            if (cap)
                CHECK(st.scene_flushes > 4, "only %llu flushes with a small cap",
                      (unsigned long long)st.scene_flushes);
            rast_context_destroy(r);
            rt_fb_free(&f);
        }
    }
    rt_fb_free(&ref);
    gp_program_free(vp);
    gp_program_free(fp);
    gp_program_free(fpk);
    free(vpp);
    free(fpp);
    free(fpkp);
    RT_DONE();
}
