/*
 * test_ffgen_keys.c - gl_ffgen without any GL: key canonical form, hashing,
 * enum translation, the snprintf contract, fragment inputs, and the shape of
 * the generated text (options, outputs, temporaries within ARB's minimum
 * limits) over a sweep of random keys.
 */
#include "gl_ffgen.h"
#include "glprog.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(GL_FF_IN_COL0 == 1u << GP_VARY_COL0, "COL0 bit");
_Static_assert(GL_FF_IN_COL1 == 1u << GP_VARY_COL1, "COL1 bit");
_Static_assert(GL_FF_IN_FOG == 1u << GP_VARY_FOG, "FOG bit");
_Static_assert(GL_FF_IN_TEX0 == 1u << GP_VARY_TEX0, "TEX0 bit");

static int failures;
#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) {                                                               \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #cond); \
            failures++;                                                              \
        }                                                                            \
    } while (0)

static char *vp(const gl_ff_vertex_key *k)
{
    size_t n = gl_ff_vertex_program(k, NULL, 0);
    char *s = malloc(n + 1);
    CHECK(gl_ff_vertex_program(k, s, n + 1) == n);
    CHECK(strlen(s) == n);
    return s;
}

static char *fp(const gl_ff_fragment_key *k)
{
    size_t n = gl_ff_fragment_program(k, NULL, 0);
    char *s = malloc(n + 1);
    CHECK(gl_ff_fragment_program(k, s, n + 1) == n);
    CHECK(strlen(s) == n);
    return s;
}

/* Number of names on the TEMP line. */
static int temps(const char *s)
{
    const char *t = strstr(s, "\nTEMP ");
    if (!t)
        return 0;
    int n = 1;
    for (t += 6; *t && *t != ';'; t++)
        n += *t == ',';
    return n;
}

/* The text after the first line (the comment line carries the key hash). */
static const char *body(const char *s) { return strchr(strchr(s, '\n') + 1, '\n'); }

static void test_enums(void)
{
    CHECK(gl_ff_texgen_from_gl(GL_SPHERE_MAP) == GL_FF_TEXGEN_SPHERE_MAP);
    CHECK(gl_ff_texgen_from_gl(GL_REFLECTION_MAP) == GL_FF_TEXGEN_REFLECTION_MAP);
    CHECK(gl_ff_texgen_from_gl(GL_NONE) == GL_FF_INVALID);
    CHECK(gl_ff_color_material_from_gl(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE) ==
          (GL_FF_CM_AMBIENT | GL_FF_CM_DIFFUSE | GL_FF_CM_BACK(GL_FF_CM_AMBIENT | GL_FF_CM_DIFFUSE)));
    CHECK(gl_ff_color_material_from_gl(GL_BACK, GL_EMISSION) == GL_FF_CM_BACK(GL_FF_CM_EMISSION));
    CHECK(gl_ff_fog_source_from_gl(GL_FOG_COORD, 0) == GL_FF_FOG_SRC_COORD);
    CHECK(gl_ff_fog_source_from_gl(GL_FRAGMENT_DEPTH, 0) == GL_FF_FOG_SRC_DEPTH);
    CHECK(gl_ff_fog_source_from_gl(GL_FRAGMENT_DEPTH, GL_EYE_RADIAL_NV) == GL_FF_FOG_SRC_RADIAL);
    CHECK(gl_ff_fog_mode_from_gl(GL_EXP2) == GL_FF_FOG_EXP2);
    CHECK(gl_ff_format_from_gl(GL_DEPTH_COMPONENT, GL_INTENSITY) == GL_FF_FMT_INTENSITY);
    CHECK(gl_ff_format_from_gl(GL_DEPTH_COMPONENT, GL_LUMINANCE) == GL_FF_FMT_LUMINANCE);
    CHECK(gl_ff_format_from_gl(GL_LUMINANCE_ALPHA, 0) == GL_FF_FMT_LUMINANCE_ALPHA);
    CHECK(gl_ff_env_mode_from_gl(GL_COMBINE) == GL_FF_ENV_COMBINE);
    CHECK(gl_ff_combine_mode_from_gl(GL_DOT3_RGBA_EXT) == GL_FF_COMBINE_DOT3_RGBA);
    CHECK(gl_ff_combine_mode_from_gl(GL_MODULATE_SUBTRACT_ATI) == GL_FF_COMBINE_MODULATE_SUBTRACT);
    CHECK(gl_ff_combine_src_from_gl(GL_TEXTURE3) == GL_FF_SRC_TEXTURE0 + 3);
    CHECK(gl_ff_combine_src_from_gl(GL_PRIMARY_COLOR) == GL_FF_SRC_PRIMARY_COLOR);
    CHECK(gl_ff_combine_operand_from_gl(GL_ONE_MINUS_SRC_ALPHA) == GL_FF_OP_ONE_MINUS_SRC_ALPHA);
    CHECK(gl_ff_combine_shift_from_scale(1) == 0 && gl_ff_combine_shift_from_scale(2) == 1 &&
          gl_ff_combine_shift_from_scale(4) == 2);
}

static void test_canonical(void)
{
    gl_ff_vertex_key a, b;
    memset(&a, 0, sizeof a);
    a.fs_inputs = GL_FF_IN_COL0 | GL_FF_IN_TEX(1);
    b = a;
    /* lighting state without GL_LIGHTING, texgen of an unread unit, fog source without fog */
    b.lights = 3;
    b.two_side = 1;
    b.color_material = GL_FF_CM_DIFFUSE;
    b.texgen[0][0] = GL_FF_TEXGEN_SPHERE_MAP;
    b.texmat = 1;
    b.fog_source = GL_FF_FOG_SRC_COORD;
    b.normalize = 1;
    CHECK(!gl_ff_vertex_key_equal(&a, &b));
    gl_ff_vertex_key_canonicalize(&a);
    gl_ff_vertex_key_canonicalize(&b);
    CHECK(gl_ff_vertex_key_equal(&a, &b));
    CHECK(gl_ff_vertex_key_hash(&a) == gl_ff_vertex_key_hash(&b));
    gl_ff_vertex_key c = b;
    gl_ff_vertex_key_canonicalize(&c);
    CHECK(gl_ff_vertex_key_equal(&b, &c)); /* idempotent */
    /* illegal texgen combinations fall back to the vertex coordinate */
    a.texgen[1][2] = GL_FF_TEXGEN_SPHERE_MAP;
    a.texgen[1][3] = GL_FF_TEXGEN_NORMAL_MAP;
    gl_ff_vertex_key_canonicalize(&a);
    CHECK(a.texgen[1][2] == 0 && a.texgen[1][3] == 0);

    gl_ff_fragment_key f, g;
    memset(&f, 0, sizeof f);
    f.unit[0].target = GL_FF_TEX_2D;
    f.unit[0].env_mode = GL_FF_ENV_MODULATE;
    g = f;
    g.unit[0].rgb.mode = GL_FF_COMBINE_DOT3_RGB; /* ignored: not COMBINE */
    g.unit[1].format = GL_FF_FMT_ALPHA;          /* ignored: unit disabled */
    g.num_draw_buffers = 1;                      /* same as 0 */
    gl_ff_fragment_key_canonicalize(&f);
    gl_ff_fragment_key_canonicalize(&g);
    CHECK(gl_ff_fragment_key_equal(&f, &g));
    CHECK(gl_ff_fragment_key_hash(&f) == gl_ff_fragment_key_hash(&g));
    g.unit[0].format = GL_FF_FMT_ALPHA;
    CHECK(!gl_ff_fragment_key_equal(&f, &g));
}

static void test_inputs(void)
{
    gl_ff_fragment_key f;
    memset(&f, 0, sizeof f);
    CHECK(gl_ff_fragment_key_inputs(&f) == GL_FF_IN_COL0);
    f.color_sum = 1;
    f.fog_mode = GL_FF_FOG_EXP;
    CHECK(gl_ff_fragment_key_inputs(&f) == (GL_FF_IN_COL0 | GL_FF_IN_COL1 | GL_FF_IN_FOG));

    /* REPLACE with an RGBA texture does not read the primary colour */
    memset(&f, 0, sizeof f);
    f.unit[2].target = GL_FF_TEX_2D;
    f.unit[2].env_mode = GL_FF_ENV_REPLACE;
    f.unit[2].format = GL_FF_FMT_RGBA;
    CHECK(gl_ff_fragment_key_inputs(&f) == GL_FF_IN_TEX(2));
    f.unit[2].format = GL_FF_FMT_RGB; /* alpha comes from the fragment */
    CHECK(gl_ff_fragment_key_inputs(&f) == (GL_FF_IN_TEX(2) | GL_FF_IN_COL0));

    /* crossbar: a unit that reads a disabled unit's texture does not blend */
    memset(&f, 0, sizeof f);
    f.unit[0].target = GL_FF_TEX_2D;
    f.unit[0].env_mode = GL_FF_ENV_COMBINE;
    f.unit[0].rgb.mode = GL_FF_COMBINE_REPLACE;
    f.unit[0].rgb.src[0] = GL_FF_SRC_TEXTURE0 + 5;
    f.unit[0].alpha.mode = GL_FF_COMBINE_REPLACE;
    f.unit[0].alpha.src[0] = GL_FF_SRC_TEXTURE0 + 5;
    f.unit[0].alpha.op[0] = GL_FF_OP_SRC_ALPHA;
    CHECK(gl_ff_fragment_key_inputs(&f) == GL_FF_IN_COL0);
    char *s = fp(&f);
    CHECK(!strstr(s, "TEX"));
    free(s);
    f.unit[5].target = GL_FF_TEX_CUBE;
    CHECK(gl_ff_fragment_key_inputs(&f) == GL_FF_IN_TEX(5));
    s = fp(&f);
    CHECK(strstr(s, "TEX tex5, fragment.texcoord[5], texture[5], CUBE;") != NULL);
    CHECK(!strstr(s, "texture[0]"));
    free(s);
}

static void test_text(void)
{
    char buf[8];
    gl_ff_vertex_key v;
    memset(&v, 0, sizeof v);
    v.fs_inputs = GL_FF_IN_COL0;
    size_t n = gl_ff_vertex_program(&v, buf, sizeof buf);
    CHECK(n > sizeof buf && !strcmp(buf, "!!ARBvp"));
    CHECK(gl_ff_vertex_program(&v, buf, 1) == n && buf[0] == '\0');
    char *s = vp(&v);
    CHECK(!strncmp(s, "!!ARBvp1.0\n", 11));
    CHECK(strstr(s, "OPTION ARB_position_invariant;") != NULL);
    CHECK(strstr(s, "MOV result.color, vertex.color;") != NULL);
    CHECK(!strstr(s, "TEMP"));
    CHECK(!strcmp(s + strlen(s) - 4, "END\n"));
    free(s);

    v.clip_planes = 0x24;
    v.fs_inputs |= GL_FF_IN_FOG;
    v.fog_source = GL_FF_FOG_SRC_COORD;
    v.point_size = 1;
    s = vp(&v);
    CHECK(strstr(s, "OPTION NV_vertex_program2;") != NULL);
    CHECK(strstr(s, "DP4 result.clip[2].x, eye, state.clip[2].plane;") != NULL);
    CHECK(strstr(s, "DP4 result.clip[5].x, eye, state.clip[5].plane;") != NULL);
    CHECK(!strstr(s, "result.clip[0]"));
    CHECK(strstr(s, "MOV result.fogcoord.x, vertex.fogcoord.x;") != NULL);
    CHECK(strstr(s, "MIN result.pointsize.x") != NULL);
    free(s);

    /* two-sided separate specular lighting writes all four colours */
    memset(&v, 0, sizeof v);
    v.fs_inputs = GL_FF_IN_COL0 | GL_FF_IN_COL1;
    v.lighting = 1;
    v.lights = 1;
    v.two_side = 1;
    v.separate_specular = 1;
    s = vp(&v);
    CHECK(strstr(s, "MOV result.color.back.secondary, b1;") != NULL);
    CHECK(strstr(s, "state.light[0].half") != NULL);
    free(s);

    gl_ff_fragment_key f;
    memset(&f, 0, sizeof f);
    f.fog_mode = GL_FF_FOG_LINEAR;
    f.num_draw_buffers = 3;
    f.unit[1].target = GL_FF_TEX_RECT;
    f.unit[1].shadow = 1;
    f.unit[1].format = GL_FF_FMT_INTENSITY;
    s = fp(&f);
    CHECK(strstr(s, "OPTION ARB_fog_linear;") != NULL);
    CHECK(strstr(s, "OPTION ARB_fragment_program_shadow;") != NULL);
    CHECK(strstr(s, "OPTION ARB_draw_buffers;") != NULL);
    CHECK(strstr(s, "TXP tex1, fragment.texcoord[1], texture[1], SHADOWRECT;") != NULL);
    CHECK(strstr(s, "MOV result.color[2], col;") != NULL);
    free(s);
}

static uint32_t rng = 777;
static uint32_t rnd(uint32_t n)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng % n;
}

/* Random keys: deterministic text, irrelevant fields do not matter, and the
 * temporaries stay within ARB's minimum limits (12 vertex, 16 fragment). */
static void test_sweep(void)
{
    int max_vt = 0, max_ft = 0;
    for (int i = 0; i < 2000; i++) {
        gl_ff_vertex_key v;
        unsigned char *p = (unsigned char *)&v;
        for (size_t j = 0; j < sizeof v; j++)
            p[j] = (unsigned char)rnd(256);
        for (int u = 0; u < GL_FF_MAX_UNITS; u++)
            for (int c = 0; c < 4; c++)
                v.texgen[u][c] %= 7;
        char *a = vp(&v);
        gl_ff_vertex_key c = v;
        gl_ff_vertex_key_canonicalize(&c);
        char *b = vp(&c);
        CHECK(!strcmp(body(a), body(b)));
        int t = temps(a);
        max_vt = t > max_vt ? t : max_vt;
        free(a);
        free(b);

        gl_ff_fragment_key f;
        p = (unsigned char *)&f;
        for (size_t j = 0; j < sizeof f; j++)
            p[j] = (unsigned char)rnd(256);
        for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
            f.unit[u].target %= 7;
            f.unit[u].env_mode %= 7;
            for (int part = 0; part < 2; part++) {
                gl_ff_combine *cb = part ? &f.unit[u].alpha : &f.unit[u].rgb;
                cb->mode %= GL_FF_COMBINE_MODE_COUNT + 1;
                cb->shift %= 4;
                for (int k = 0; k < 3; k++) {
                    cb->src[k] %= 17;
                    cb->op[k] %= 5;
                }
            }
        }
        f.num_draw_buffers %= 9;
        a = fp(&f);
        gl_ff_fragment_key g = f;
        gl_ff_fragment_key_canonicalize(&g);
        b = fp(&g);
        CHECK(!strcmp(body(a), body(b)));
        CHECK(!strstr(a, "(null)"));
        t = temps(a);
        max_ft = t > max_ft ? t : max_ft;
        free(a);
        free(b);
    }
    CHECK(max_vt <= 12);
    CHECK(max_ft <= 16);
    printf("sweep: at most %d vertex and %d fragment temporaries\n", max_vt, max_ft);
}

int main(void)
{
    test_enums();
    test_canonical();
    test_inputs();
    test_text();
    test_sweep();
    if (failures) {
        printf("%d checks failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
