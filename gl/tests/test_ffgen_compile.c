/*
 * test_ffgen_compile.c - every generated fixed-function program compiles
 * with asmgl's own gp_compile, under the default limits, and its
 * gp_program_info says what gl/ relies on: position-invariant, the fog
 * option, the outputs the fragment side reads (front and back colours, fog,
 * texture coordinates, clip distances, point size), exactly the fragment
 * inputs gl_ff_fragment_key_inputs promises, and the sampler targets.
 *
 *   test_ffgen_compile [count]      (random keys, default 4000)
 */
#include "gl_ffgen.h"
#include "glprog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void fail(const char *what, const char *text, const gp_error *err)
{
    failures++;
    if (failures > 5)
        return;
    fprintf(stderr, "FAIL: %s\n", what);
    if (err)
        fprintf(stderr, "  line %d, column %d: %s\n", err->line, err->col, err->msg);
    fprintf(stderr, "%s\n", text);
}

static uint32_t rng = 4242;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return n ? rng % n : 0;
}

static void random_vertex_key(gl_ff_vertex_key *k)
{
    memset(k, 0, sizeof *k);
    k->fs_inputs = rnd(1u << 16) & GL_FF_IN_ALL;
    k->lighting = rnd(3) != 0;
    k->lights = (uint8_t)rnd(256);
    k->light_positional = (uint8_t)rnd(256);
    k->light_homogeneous = (uint8_t)rnd(256);
    k->light_spot = (uint8_t)rnd(256);
    k->light_attenuated = (uint8_t)rnd(256);
    k->two_side = rnd(2);
    k->local_viewer = rnd(2);
    k->separate_specular = rnd(2);
    k->shininess_zero = rnd(4) == 0;
    k->color_material = rnd(2) ? (uint8_t)rnd(256) : 0;
    k->normalize = rnd(2);
    k->rescale_normal = rnd(2);
    k->fog_source = (uint8_t)rnd(4);
    k->clip_planes = rnd(2) ? (uint8_t)rnd(256) : 0;
    k->point_size = rnd(2);
    k->texmat = (uint8_t)rnd(256);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        for (int c = 0; c < 4; c++)
            k->texgen[u][c] = rnd(2) ? (uint8_t)rnd(6) : 0;
}

static void random_combine(gl_ff_combine *c, int alpha)
{
    c->mode = (uint8_t)rnd(GL_FF_COMBINE_MODE_COUNT);
    c->shift = (uint8_t)rnd(3);
    for (int i = 0; i < 3; i++) {
        uint32_t s = rnd(14);
        c->src[i] = (uint8_t)(s < 6 ? s : GL_FF_SRC_TEXTURE0 + (s - 6));
        c->op[i] = (uint8_t)(alpha ? 2 + rnd(2) : rnd(4));
    }
}

static void random_fragment_key(gl_ff_fragment_key *k)
{
    memset(k, 0, sizeof *k);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        gl_ff_tex_unit *t = &k->unit[u];
        if (rnd(3))
            continue;
        t->target = (uint8_t)(1 + rnd(5));
        t->shadow = rnd(4) == 0;
        t->format = (uint8_t)rnd(6);
        t->env_mode = (uint8_t)rnd(6);
        if (t->env_mode == GL_FF_ENV_COMBINE) {
            random_combine(&t->rgb, 0);
            random_combine(&t->alpha, 1);
        }
    }
    k->color_sum = rnd(2);
    k->fog_mode = (uint8_t)rnd(4);
    k->num_draw_buffers = (uint8_t)rnd(5);
}

static char *text_of(size_t (*gen)(const void *, char *, size_t), const void *k)
{
    size_t n = gen(k, NULL, 0);
    char *s = malloc(n + 1);
    gen(k, s, n + 1);
    return s;
}

static size_t gen_vp(const void *k, char *b, size_t n) { return gl_ff_vertex_program(k, b, n); }
static size_t gen_fp(const void *k, char *b, size_t n) { return gl_ff_fragment_program(k, b, n); }

static void check_vertex(const gl_ff_vertex_key *key, const gp_limits *lim)
{
    gl_ff_vertex_key k = *key;
    gl_ff_vertex_key_canonicalize(&k);
    char *s = text_of(gen_vp, &k);
    gp_error err;
    gp_program *p = gp_compile(s, strlen(s), GP_STAGE_VERTEX, lim, &err);
    if (!p) {
        fail("vertex program does not compile", s, &err);
        free(s);
        return;
    }
    const gp_program_info *info = gp_program_get_info(p);
    uint64_t want = 0;
    if (k.fs_inputs & GL_FF_IN_COL0)
        want |= 1ull << GP_VARY_COL0 | (k.lighting && k.two_side ? 1ull << GP_VARY_BFC0 : 0);
    if (k.fs_inputs & GL_FF_IN_COL1)
        want |= 1ull << GP_VARY_COL1 | (k.lighting && k.two_side ? 1ull << GP_VARY_BFC1 : 0);
    if (k.fs_inputs & GL_FF_IN_FOG)
        want |= 1ull << GP_VARY_FOG;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        if (k.fs_inputs & GL_FF_IN_TEX(u))
            want |= 1ull << (GP_VARY_TEX0 + u);
    if (k.clip_planes & 0x0f)
        want |= 1ull << GP_VARY_CLIP0;
    if (k.clip_planes & 0xf0)
        want |= 1ull << GP_VARY_CLIP1;
    if (k.point_size)
        want |= 1ull << GP_VARY_PSIZ;
    if ((info->outputs_written & ~(1ull << GP_VARY_POS)) != want)
        fail("vertex program outputs differ from the key's", s, NULL);
    if (!(info->options & GP_OPTION_POSITION_INVARIANT))
        fail("vertex program is not position-invariant", s, NULL);
    if (info->num_temporaries > 12)
        fail("vertex program uses more than 12 temporaries", s, NULL);
    gp_program_free(p);
    free(s);
}

static void check_fragment(const gl_ff_fragment_key *key, const gp_limits *lim)
{
    gl_ff_fragment_key k = *key;
    gl_ff_fragment_key_canonicalize(&k);
    char *s = text_of(gen_fp, &k);
    gp_error err;
    gp_program *p = gp_compile(s, strlen(s), GP_STAGE_FRAGMENT, lim, &err);
    if (!p) {
        fail("fragment program does not compile", s, &err);
        free(s);
        return;
    }
    const gp_program_info *info = gp_program_get_info(p);
    /* A fog option reads the fog coordinate after the program; glprog may or
     * may not count it in inputs_read. */
    uint64_t read = info->inputs_read & GL_FF_IN_ALL;
    if (info->options & (GP_OPTION_FOG_LINEAR | GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2))
        read |= GL_FF_IN_FOG;
    if (read != gl_ff_fragment_key_inputs(&k)) {
        char what[128];
        snprintf(what, sizeof what, "fragment inputs %#llx differ from gl_ff_fragment_key_inputs %#x",
                 (unsigned long long)(info->inputs_read & GL_FF_IN_ALL), gl_ff_fragment_key_inputs(&k));
        fail(what, s, NULL);
    }
    static const uint32_t fog_opt[] = { 0, GP_OPTION_FOG_LINEAR, GP_OPTION_FOG_EXP, GP_OPTION_FOG_EXP2 };
    if ((info->options & (GP_OPTION_FOG_LINEAR | GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2)) != fog_opt[k.fog_mode])
        fail("fragment fog option differs from the key's", s, NULL);
    static const uint8_t targets[] = { GP_TEX_NONE, GP_TEX_1D, GP_TEX_2D, GP_TEX_3D, GP_TEX_CUBE, GP_TEX_RECT };
    static const uint8_t shadow_targets[] = { GP_TEX_NONE, GP_TEX_SHADOW1D, GP_TEX_SHADOW2D, GP_TEX_3D, GP_TEX_CUBE,
                                              GP_TEX_SHADOWRECT };
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!(info->tex_units_used & (1u << u)))
            continue;
        uint8_t want = k.unit[u].shadow ? shadow_targets[k.unit[u].target] : targets[k.unit[u].target];
        if (info->tex_target[u] != want)
            fail("fragment sampler target differs from the key's", s, NULL);
    }
    if (info->num_temporaries > 16)
        fail("fragment program uses more than 16 temporaries", s, NULL);
    gp_program_free(p);
    free(s);
}

int main(int argc, char **argv)
{
    int count = argc > 1 ? atoi(argv[1]) : 4000;
    gp_limits vlim, flim;
    gp_limits_default(&vlim, GP_STAGE_VERTEX);
    gp_limits_default(&flim, GP_STAGE_FRAGMENT);
    for (int i = 0; i < count && failures <= 5; i++) {
        gl_ff_vertex_key vk;
        gl_ff_fragment_key fk;
        random_vertex_key(&vk);
        random_fragment_key(&fk);
        if (i % 4 == 0)
            vk.fs_inputs = gl_ff_fragment_key_inputs(&fk);
        check_vertex(&vk, &vlim);
        check_fragment(&fk, &flim);
    }
    printf("%d random key pairs: %s\n", count, failures ? "FAIL" : "all programs compile with gp_compile");
    return failures ? 1 : 0;
}
