/*
 * bench_rast.c - runs the shared benchmark scenes (the .shader_test files in shared/bench)
 * straight through rast.h, to time the rasterizer without the GL layer.
 * Understands the subset those files use: [vertex program], [fragment
 * program], [vertex data] (attribute 0 only), and the [test] commands clear,
 * clear depth, enable GL_DEPTH_TEST, depthfunc, parameter env_vp/local_fp,
 * texture rgbw/checkerboard, draw rect, draw arrays GL_TRIANGLES.
 *
 * usage: bench_rast FILE [threads] [repeat]   (prints seconds and counters)
 * env: BENCH_DEPTH=1 adds a depth buffer (shader_runner has one only when
 * [require] says depthbuffer); BENCH_SCENE_CAP_MB sets the scene cap.
 * Thread: main thread (plus the rasterizer's workers).
 */
#include <sys/resource.h>
#include <time.h>

#include "rast_test.h"

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    if (fread(s, 1, (size_t)n, f) != (size_t)n) n = 0;
    s[n] = 0;
    fclose(f);
    return s;
}

/* Text of section `name` ("[vertex program]") up to the next section. */
static char *section(const char *all, const char *name)
{
    const char *p = strstr(all, name);
    if (!p)
        return NULL;
    p = strchr(p, '\n');
    if (!p)
        return NULL;
    p++;
    const char *e = p;
    while (*e && !(e[0] == '[' && (e == all || e[-1] == '\n')))
        e++;
    char *s = malloc((size_t)(e - p) + 1);
    memcpy(s, p, (size_t)(e - p));
    s[e - p] = 0;
    return s;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static double cpu(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 + ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

static tex_object *make_texture(const char *kind, int w, int h, const float c0[4], const float c1[4])
{
    float *px = malloc(sizeof(float) * 4 * (size_t)w * h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            float *p = px + 4 * ((size_t)y * w + x);
            if (!strcmp(kind, "rgbw")) {
                /* piglit_rgbw_texture: red, green / blue, white quadrants */
                int q = (x >= w / 2) + 2 * (y >= h / 2);
                static const float q4[4][4] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
                memcpy(p, q4[q], 16);
            } else {
                bool odd = ((x / 16) + (y / 16)) & 1; /* checkerboard of 16-texel squares */
                memcpy(p, odd ? c1 : c0, 16);
            }
        }
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    tex_image_define(t, 0, 0, GL_RGBA8, w, h, 1, 0, GL_RGBA, GL_FLOAT, px, &ps);
    t->sampler.min_filter = GL_NEAREST;
    t->sampler.mag_filter = GL_NEAREST;
    free(px);
    return t;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.shader_test [threads] [repeat]\n", argv[0]);
        return 2;
    }
    int threads = argc > 2 ? atoi(argv[2]) : 0;
    int repeat = argc > 3 ? atoi(argv[3]) : 1;
    char *all = read_file(argv[1]);
    if (!all) {
        perror(argv[1]);
        return 2;
    }
    int W = 250, H = 250;
    const char *sz = strstr(all, "SIZE ");
    if (sz)
        sscanf(sz + 5, "%d %d", &W, &H);
    char *vps = section(all, "[vertex program]"), *fps = section(all, "[fragment program]");
    char *vdata = section(all, "[vertex data]"), *test = section(all, "[test]");
    gp_program *vp = rt_compile(GP_STAGE_VERTEX, vps);
    gp_program *fp = rt_compile(GP_STAGE_FRAGMENT, fps);

    /* vertex data: "0/float/3" then rows */
    float *verts = NULL;
    int nverts = 0, vsize = 3;
    if (vdata) {
        char *line = strtok(vdata, "\n");
        if (line)
            sscanf(line, "0/float/%d", &vsize);
        verts = malloc(sizeof(float) * 4 * 100000);
        while ((line = strtok(NULL, "\n"))) {
            float v[4] = {0, 0, 0, 1};
            int k = sscanf(line, "%f %f %f %f", &v[0], &v[1], &v[2], &v[3]);
            if (k <= 0)
                continue;
            memcpy(verts + 4 * nverts++, v, 16);
        }
    }

    double t0 = now();
    for (int rep = 0; rep < repeat; rep++) {
        float env_vp[8][4] = {{0}}, local_fp[8][4] = {{0}};
        tex_object *tex[2] = {NULL, NULL};
        rt_fb f;
        /* like shader_runner: a depth buffer only when [require] asks */
        bool depthbuf = strstr(all, "depthbuffer") != NULL || getenv("BENCH_DEPTH");
        rt_fb_init(&f, W, H, RT_RGBA8 | (depthbuf ? RT_DEPTH | RT_STENCIL : 0));
        rast_context *r = rast_context_create(threads);
        const char *cap = getenv("BENCH_SCENE_CAP_MB");
        if (cap)
            rast_context_set_scene_cap(r, (size_t)atoi(cap) << 20);
        double c0 = cpu();
        rast_state st;
        rt_state_default(&st, W, H);
        char *cmds = strdup(test);
        char *save = NULL;
        for (char *line = strtok_r(cmds, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
            int n;
            float a, b, c, d;
            if (!strncmp(line, "clear depth", 11)) {
                continue; /* default 1.0 */
            } else if (!strcmp(line, "clear")) {
                rt_clear(r, &f, 0, 0, 0, 0, 1.0);
            } else if (!strcmp(line, "enable GL_DEPTH_TEST")) {
                st.depth_test = true;
            } else if (!strncmp(line, "depthfunc", 9)) {
                st.depth_func = strstr(line, "LEQUAL") ? GL_LEQUAL : GL_LESS;
            } else if (sscanf(line, "parameter env_vp %d (%f, %f, %f, %f)", &n, &a, &b, &c, &d) == 5) {
                env_vp[n][0] = a; env_vp[n][1] = b; env_vp[n][2] = c; env_vp[n][3] = d;
            } else if (sscanf(line, "parameter local_fp %d (%f, %f, %f, %f)", &n, &a, &b, &c, &d) == 5) {
                local_fp[n][0] = a; local_fp[n][1] = b; local_fp[n][2] = c; local_fp[n][3] = d;
            } else if (!strncmp(line, "texture rgbw", 12)) {
                int u, w, h;
                sscanf(line, "texture rgbw %d (%d, %d)", &u, &w, &h);
                tex[u] = make_texture("rgbw", w, h, NULL, NULL);
            } else if (!strncmp(line, "texture checkerboard", 20)) {
                int u, l, w, h;
                float c0[4], c1[4];
                sscanf(line, "texture checkerboard %d %d (%d, %d) (%f, %f, %f, %f) (%f, %f, %f, %f)", &u, &l, &w,
                       &h, &c0[0], &c0[1], &c0[2], &c0[3], &c1[0], &c1[1], &c1[2], &c1[3]);
                tex[u] = make_texture("checker", w, h, c0, c1);
            } else if (!strncmp(line, "draw rect", 9) || !strncmp(line, "draw arrays", 11)) {
                bool rect = line[5] == 'r';
                float rv[16];
                int first = 0, count = 0;
                if (rect) {
                    sscanf(line, "draw rect %f %f %f %f", &a, &b, &c, &d);
                    float q[16] = {a, b, 0, 1, a + c, b, 0, 1, a, b + d, 0, 1, a + c, b + d, 0, 1};
                    memcpy(rv, q, sizeof(q));
                    count = 4;
                } else {
                    sscanf(line, "draw arrays GL_TRIANGLES %d %d", &first, &count);
                }
                /* parameters resolved per draw (the GL layer's job) */
                gp_val(*vpp)[4] = rt_params(vp, (const float(*)[4])env_vp, 8, NULL, 0);
                gp_val(*fpp)[4] = rt_params(fp, NULL, 0, (const float(*)[4])local_fp, 8);
                const gp_program_info *vi = gp_program_get_info(vp);
                for (int i = 0; i < vi->num_params; i++) /* state.matrix.*: identity */
                    if (vi->params[i].kind == GP_PARAM_STATE && vi->params[i].state.kind == GP_STATE_MATRIX_ROW)
                        for (int k = 0; k < 4; k++)
                            vpp[i][k].f = k == vi->params[i].state.row ? 1.0f : 0.0f;
                rast_draw dr;
                rt_draw_init(&dr, &f, vp, (const gp_val(*)[4])vpp, fp, (const gp_val(*)[4])fpp);
                dr.state = st;
                dr.mode = rect ? GL_TRIANGLE_STRIP : GL_TRIANGLES;
                dr.first = first;
                dr.count = count;
                if (rect)
                    rt_attrib(&dr, GP_VIN_POSITION, rv, 4);
                else
                    rt_attrib(&dr, GP_VIN_POSITION, verts, 4);
                dr.textures[0] = tex[0];
                dr.textures[1] = tex[1];
                rast_draw_submit(r, &dr);
                free(vpp);
                free(fpp);
            }
        }
        double tf = now(), cf = cpu();
        rast_flush(r);
        if (rep == repeat - 1)
            printf("binning %.3f s (cpu %.3f), final flush %.3f s (cpu %.3f)\n", tf - t0, cf - c0, now() - tf,
                   cpu() - cf);
        rast_stats s;
        rast_stats_get(r, &s);
        if (rep == repeat - 1) {
            printf("threads %d: draws %llu prims %llu shaded %llu hidden %llu tiles %llu flushes %llu verts %llu\n",
                   rast_context_threads(r), (unsigned long long)s.draws, (unsigned long long)s.primitives_binned,
                   (unsigned long long)s.fragments_shaded, (unsigned long long)s.fragments_hidden,
                   (unsigned long long)s.tiles_run, (unsigned long long)s.scene_flushes,
                   (unsigned long long)s.vertices_shaded);
            const uint8_t *p = rt_px8(&f, W / 3, H / 3);
            printf("pixel (%d,%d) = %d %d %d %d\n", W / 3, H / 3, p[0], p[1], p[2], p[3]);
        }
        rast_context_destroy(r);
        for (int i = 0; i < 2; i++)
            if (tex[i])
                tex_object_free(tex[i]);
        rt_fb_free(&f);
        free(cmds);
    }
    double t1 = now();
    printf("%s: %.3f s per run\n", argv[1], (t1 - t0) / repeat);
    gp_program_free(vp);
    gp_program_free(fp);
    free(verts);
    free(all);
    free(vps);
    free(fps);
    free(vdata);
    free(test);
    return 0;
}
