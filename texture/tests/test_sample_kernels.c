/*
 * test_sample_kernels.c - the sampling kernels (tex_sample_simd.c) against
 * the generic sampler (tex_sample.c), bit for bit: for every state the
 * kernels take (2D, RECT, CUBE, 2D array; RGBA8, sRGB8, R8, RG8, RGB8,
 * LUMINANCE8, ALPHA8, RGBA32F; every MIN and MAG filter, every wrap, random
 * LOD range, bias, base and max level, border colour, swizzle, sampler
 * objects) and every op they take (TEX with and without quad derivatives,
 * TXP, TXB, TXL, constant offsets), random coordinates with NaN, INF, huge,
 * negative, -0, exact texel centres and edges, random derivatives within
 * quads, float texels with NaN, INF and -0, random lane masks.  NaN
 * results are compared bit for bit too; the texels hold one NaN payload
 * (of one kind a texture, see special_texel).  Every
 * result bit of every lane (lanes outside the mask untouched) must match.
 * The expectation is the generic sampler, the reference the kernels claim
 * to reproduce.  Single thread.
 */
#include <stdint.h>
#include <stdlib.h>

#include "../tex_sample_priv.h"
#include "tex_test.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static int rndi(int n)
{
    return (int)(rnd() % (uint32_t)n);
}

static float rndf(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd() & 0xffffff) / 16777216.0f;
}

static float bits_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Awkward values: NaN (two payloads, both signs), infinities, huge, tiny, -0. */
static float special(void)
{
    static const uint32_t sp[] = {0x7fc00000u, 0xffc00000u, 0x7fa00001u, 0x7f800000u,
                                  0xff800000u, 0x80000000u, 0x00000000u, 0x00000001u,
                                  0x4f000000u, 0xcf000000u, 0x7f7fffffu, 0xff7fffffu,
                                  0x4b800001u, 0xcb800001u};
    return bits_f(sp[rndi((int)(sizeof sp / sizeof sp[0]))]);
}

/* Awkward texel and border values of a texture, of one of two kinds: NaN
 * among finite values, or infinities and huge values (whose sums make the
 * default NaN), never both: a filter that meets two NaNs of different bits
 * may pass on either (IEEE 754 leaves it to the operand order, which the
 * compiler picks), so the test keeps to one NaN a texture. */
static int texel_kind;

static float special_texel(void)
{
    static const uint32_t nan_kind[] = {0x7fc00000u, 0x80000000u, 0x00000001u, 0x3f800000u};
    static const uint32_t inf_kind[] = {0x7f800000u, 0xff800000u, 0x80000000u, 0x7f7fffffu,
                                        0xff7fffffu};
    return texel_kind ? bits_f(inf_kind[rndi(5)]) : bits_f(nan_kind[rndi(4)]);
}

/* A coordinate on an axis of n texels: anywhere, a texel centre, an edge,
 * far out, or awkward. */
static float coord(int n, bool norm)
{
    float sc = norm ? 1.0f / (float)n : 1.0f;
    switch (rndi(8)) {
    case 0: return special();
    case 1: return ((float)(rndi(3 * n) - n) + 0.5f) * sc; /* texel centre */
    case 2: return (float)(rndi(3 * n) - n) * sc;          /* texel edge */
    case 3: return rndf(-1e6f, 1e6f);
    case 4: return rndf(-0.01f, 0.01f);
    default: return rndf(-1.5f, 2.5f) * (norm ? 1.0f : (float)n);
    }
}

static const GLenum filters_min[] = {GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST,
                                     GL_LINEAR_MIPMAP_NEAREST, GL_NEAREST_MIPMAP_LINEAR,
                                     GL_LINEAR_MIPMAP_LINEAR};
static const GLenum wraps[] = {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP,
                               GL_CLAMP_TO_BORDER};
static const GLenum swz[] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE};

static const struct {
    GLenum ifmt;
    bool fl;
} formats[] = {
    {GL_RGBA8, false}, {GL_SRGB8_ALPHA8, false}, {GL_RGBA32F, true}, {GL_R8, false},
    {GL_RG8, false},   {GL_RGB8, false},         {GL_LUMINANCE8, false},
    {GL_ALPHA8, false}, {GL_RGB32F, true},
};

/* Random texels in every defined image of t: bytes, or floats with
 * awkward values among them. */
static void fill(tex_object *t, bool fl)
{
    for (int f = 0; f < t->num_faces; f++) {
        for (int lv = 0; lv < TEX_MAX_LEVELS; lv++) {
            tex_image *img = &t->image[f][lv];
            if (!img->data)
                continue;
            size_t n = img->slice_stride * (size_t)img->depth;
            if (t->target == GL_TEXTURE_CUBE_MAP && t->cube_packed[lv] && f > 0)
                continue;
            if (fl) {
                float *p = img->data;
                for (size_t i = 0; i < n / 4; i++)
                    p[i] = rndi(16) == 0 ? special_texel() : rndf(-2.0f, 3.0f);
            } else {
                uint8_t *p = img->data;
                for (size_t i = 0; i < n; i++)
                    p[i] = (uint8_t)rnd();
            }
        }
    }
}

static tex_object *make_texture(GLenum target, int fmt, int w, int h, int layers)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    tex_object *t = tex_object_create(target);
    texel_kind = rndi(2);
    bool rect = target == GL_TEXTURE_RECTANGLE_ARB;
    int levels = rect ? 1 : 1 + rndi(TEX_MAX_LEVELS);
    for (int lv = 0; lv < levels; lv++) {
        int lw = w >> lv, lh = h >> lv;
        if (lw < 1 && lh < 1)
            break;
        lw = lw < 1 ? 1 : lw;
        lh = lh < 1 ? 1 : lh;
        int d = target == GL_TEXTURE_2D_ARRAY_EXT ? layers : 1;
        for (int f = 0; f < t->num_faces; f++)
            CHECK_INT(tex_image_define(t, f, lv, formats[fmt].ifmt, lw, lh, d, 0, GL_RGBA,
                                       GL_FLOAT, NULL, &ps),
                      GL_NO_ERROR);
    }
    fill(t, formats[fmt].fl);
    return t;
}

static void random_sampler(tex_sampler *s, const tex_object *t, bool rect)
{
    s->min_filter = rect ? (rndi(2) ? GL_LINEAR : GL_NEAREST) : filters_min[rndi(6)];
    s->mag_filter = rndi(2) ? GL_LINEAR : GL_NEAREST;
    GLenum *w[3] = {&s->wrap_s, &s->wrap_t, &s->wrap_r};
    for (int a = 0; a < 3; a++)
        *w[a] = rect ? wraps[2 + rndi(3)] : wraps[rndi(5)];
    for (int q = 0; q < 4; q++)
        s->border_color[q] = rndi(8) == 0 ? special_texel() : rndf(-1.0f, 2.0f);
    if (rndi(2)) {
        s->min_lod = rndi(4) == 0 ? special() : rndf(-3.0f, 5.0f);
        s->max_lod = rndi(4) == 0 ? special() : rndf(-1.0f, 12.0f);
        s->lod_bias = rndf(-20.0f, 20.0f);
    }
    (void)t;
}

/* Coordinates of one request: quads of random footprint (derivatives)
 * around random centres, or lanes at random; or, as a magnified texture
 * gives them, every quad around one centre (all lanes in a texel or a
 * few: the kernels' one-texel loads). */
static void random_coords(gp_vec *c, GLenum target, int w, int h, int layers, int op)
{
    bool norm = target != GL_TEXTURE_RECTANGLE_ARB;
    bool one_centre = rndi(4) == 0;
    float cx = coord(w, norm), cy = coord(h, norm);
    for (int q = 0; q < GP_LANES / 4; q++) {
        bool wild = !one_centre && rndi(4) == 0;
        float bx = one_centre ? cx : coord(w, norm), by = one_centre ? cy : coord(h, norm);
        float bz = rndf(-1.5f, 1.5f);
        float e = (float)(1 << rndi(12)) / 1024.0f; /* footprint scale */
        float dxs = rndf(-e, e), dxt = rndf(-e, e), dys = rndf(-e, e), dyt = rndf(-e, e);
        float dz = rndf(-e, e);
        for (int k = 0; k < 4; k++) {
            int l = 4 * q + k, px = k & 1, py = k >> 1;
            float x = bx + px * dxs + py * dys, y = by + px * dxt + py * dyt;
            float z = bz + (px + py) * dz;
            if (wild) {
                x = coord(w, norm);
                y = coord(h, norm);
                z = rndi(3) == 0 ? special() : rndf(-2.0f, 2.0f);
            }
            if (target == GL_TEXTURE_2D_ARRAY_EXT)
                z = rndi(4) == 0 ? special() : rndf(-1.0f, (float)layers + 1.0f);
            float ww;
            switch (op) {
            case GP_TEXOP_TXP: ww = rndi(8) == 0 ? special() : rndf(-2.0f, 3.0f); break;
            case GP_TEXOP_TXL: ww = rndi(8) == 0 ? special() : rndf(-3.0f, 16.0f); break;
            case GP_TEXOP_TXB: ww = rndi(8) == 0 ? special() : rndf(-20.0f, 20.0f); break;
            default: ww = rndf(-1.0f, 1.0f); break;
            }
            if (op == GP_TEXOP_TXP && rndi(2)) {
                /* projective coordinates of ordinary ones */
                x *= ww;
                y *= ww;
                z *= ww;
            }
            c->c[0][l].f = x;
            c->c[1][l].f = y;
            c->c[2][l].f = z;
            c->c[3][l].f = ww;
        }
    }
    if (target == GL_TEXTURE_CUBE_MAP && rndi(2)) {
        /* directions near the faces' edges and corners */
        for (int l = 0; l < GP_LANES; l++) {
            int a = rndi(3);
            for (int k = 0; k < 3; k++)
                c->c[k][l].f = k == a ? (rndi(2) ? 1.0f : -1.0f) : rndf(-1.0f, 1.0f);
            if (rndi(4) == 0)
                c->c[rndi(3)][l].f = c->c[a][l].f;
        }
    }
}

static int compared, taken;

static void one_case(GLenum target, int gpt, int fmt, int w, int h, int layers)
{
    tex_object *t = make_texture(target, fmt, w, h, layers);
    bool rect = target == GL_TEXTURE_RECTANGLE_ARB;
    for (int st = 0; st < 12; st++) {
        random_sampler(&t->sampler, t, rect);
        if (!rect && rndi(3) == 0) {
            t->sampler.base_level = rndi(3);
            t->sampler.max_level = t->sampler.base_level + rndi(8);
        } else {
            t->sampler.base_level = 0;
            t->sampler.max_level = 1000;
        }
        for (int q = 0; q < 4; q++)
            t->sampler.swizzle[q] = rndi(3) == 0 ? swz[rndi(6)] : GL_RED + (GLenum)q;
        if (rndi(3) == 0)
            t->sampler.swizzle[0] = GL_RED, t->sampler.swizzle[1] = GL_GREEN,
            t->sampler.swizzle[2] = GL_BLUE, t->sampler.swizzle[3] = GL_ALPHA;
        tex_sampler so = t->sampler, *sop = NULL;
        if (rndi(3) == 0) {
            random_sampler(&so, t, rect);
            sop = &so;
        }
        float ubias = rndi(2) ? 0.0f : rndf(-4.0f, 4.0f);
        tex_unit_state u;
        tex_unit_prepare(&u, t, sop, ubias);
        tex_sampler merged = t->sampler;
        if (sop)
            tex_sampler_take_object_state(&merged, sop);
        bool complete = tex_object_complete_with(t, &merged);
        for (int n = 0; n < 24; n++) {
            static const int ops[] = {GP_TEXOP_TEX, GP_TEXOP_TXP, GP_TEXOP_TXB, GP_TEXOP_TXL};
            gp_vec crd, a, b;
            gp_tex_request req;
            memset(&req, 0, sizeof req);
            req.op = (uint8_t)ops[rndi(4)];
            req.target = (uint8_t)gpt;
            req.coord = &crd;
            req.quad_derivatives = rndi(4) != 0;
            req.lane_mask = rndi(4) == 0 ? rnd() : 0xffffu;
            if (target != GL_TEXTURE_CUBE_MAP && rndi(3) == 0)
                for (int k = 0; k < 3; k++)
                    req.offset[k] = (int8_t)(rndi(16) - 8);
            random_coords(&crd, target, w, h, layers, req.op);
            for (int q = 0; q < 4; q++)
                for (int l = 0; l < GP_LANES; l++)
                    a.c[q][l].u = rnd();
            b = a;
            bool takes = tex_unit_takes(&u, &req);
            tex_unit_sample(&u, &req, &a);
            tex_sample_generic(t, sop, &req, ubias, &b);
            compared++;
            taken += takes;
            /* a complete texture of these targets and formats is the kernels' */
            if (complete && !takes) {
                fprintf(stderr, "not taken: target %#x format %#x\n", target,
                        formats[fmt].ifmt);
                CHECK(takes);
            }
            if (memcmp(&a, &b, sizeof a) != 0) {
                for (int q = 0; q < 4; q++)
                    for (int l = 0; l < GP_LANES; l++)
                        if (a.c[q][l].u != b.c[q][l].u)
                            fprintf(stderr,
                                    "target %#x fmt %#x op %d min %#x mag %#x wrap %#x %#x "
                                    "lane %d comp %d: kernel %08x (%g) generic %08x (%g) "
                                    "coord (%g %g %g %g)\n",
                                    target, formats[fmt].ifmt, req.op,
                                    sop ? so.min_filter : t->sampler.min_filter,
                                    sop ? so.mag_filter : t->sampler.mag_filter,
                                    sop ? so.wrap_s : t->sampler.wrap_s,
                                    sop ? so.wrap_t : t->sampler.wrap_t, l, q, a.c[q][l].u,
                                    a.c[q][l].f, b.c[q][l].u, b.c[q][l].f, crd.c[0][l].f,
                                    crd.c[1][l].f, crd.c[2][l].f, crd.c[3][l].f);
                CHECK(!"kernel and generic sampler differ");
                tex_object_free(t);
                return;
            }
        }
    }
    tex_object_free(t);
}

/* Every byte value through the kernels' UNORM conversion: a 16x16 RGBA8
 * texture whose texel n holds bytes (n, 255 - n, n ^ 0x5a, n), read at
 * every texel centre, NEAREST; the generic sampler's table is
 * b / 255.0f, so each of the 256 values must come back as that. */
static void every_byte(void)
{
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 16, 16, 1, 0, GL_RGBA, GL_FLOAT, NULL, &ps),
              GL_NO_ERROR);
    uint8_t *p = t->image[0][0].data;
    for (int n = 0; n < 256; n++) {
        p[4 * n] = (uint8_t)n;
        p[4 * n + 1] = (uint8_t)(255 - n);
        p[4 * n + 2] = (uint8_t)(n ^ 0x5a);
        p[4 * n + 3] = (uint8_t)n;
    }
    t->sampler.min_filter = t->sampler.mag_filter = GL_NEAREST;
    tex_unit_state u;
    tex_unit_prepare(&u, t, NULL, 0.0f);
    int wrong = 0;
    for (int n0 = 0; n0 < 256; n0 += GP_LANES) {
        gp_vec crd, out;
        gp_tex_request req;
        memset(&req, 0, sizeof req);
        memset(&crd, 0, sizeof crd);
        req.op = GP_TEXOP_TEX;
        req.target = GP_TEX_2D;
        req.coord = &crd;
        req.lane_mask = (1u << GP_LANES) - 1;
        for (int l = 0; l < GP_LANES; l++) {
            int n = n0 + l;
            crd.c[0][l].f = ((float)(n % 16) + 0.5f) / 16.0f;
            crd.c[1][l].f = ((float)(n / 16) + 0.5f) / 16.0f;
        }
        CHECK(tex_unit_takes(&u, &req));
        tex_unit_sample(&u, &req, &out);
        for (int l = 0; l < GP_LANES; l++) {
            int n = n0 + l;
            const int bytes[4] = {n, 255 - n, n ^ 0x5a, n};
            for (int q = 0; q < 4; q++)
                wrong += out.c[q][l].f != (float)bytes[q] / 255.0f;
        }
    }
    CHECK_INT(wrong, 0);
    tex_object_free(t);
}

int main(int argc, char **argv)
{
    every_byte();
    if (argc > 1) /* another seed: test_sample_kernels N */
        rng ^= strtoull(argv[1], NULL, 0) * 0x2545f4914f6cdd1dull;
    static const struct {
        GLenum target;
        int gpt;
    } targets[] = {
        {GL_TEXTURE_2D, GP_TEX_2D},
        {GL_TEXTURE_RECTANGLE_ARB, GP_TEX_RECT},
        {GL_TEXTURE_CUBE_MAP, GP_TEX_CUBE},
        {GL_TEXTURE_2D_ARRAY_EXT, GP_TEX_ARRAY2D},
    };
    /* power-of-two and other sizes (other wraps take the remainder path) */
    static const int sizes[][2] = {{8, 8}, {16, 4}, {5, 3}, {7, 12}, {1, 1}, {64, 64}, {3, 16}};
    for (int ti = 0; ti < 4; ti++) {
        for (int f = 0; f < (int)(sizeof formats / sizeof formats[0]); f++) {
            for (int si = 0; si < (int)(sizeof sizes / sizeof sizes[0]); si++) {
                int w = sizes[si][0], h = sizes[si][1];
                if (targets[ti].target == GL_TEXTURE_CUBE_MAP)
                    h = w; /* square faces */
                for (int rep = 0; rep < 3; rep++)
                    one_case(targets[ti].target, targets[ti].gpt, f, w, h, 1 + rndi(4));
            }
        }
    }
    /* the kernels took most lookups (every one of a complete texture) */
    CHECK(taken > compared / 2);
    printf("test_sample_kernels: %d lookups compared, %d on the kernels\n", compared, taken);
    return tt_finish("texture.sample_kernels");
}
