/*
 * test_image_unit.c - image units (EXT_shader_image_load_store section
 * 3.9.X, Tables X.2 / X.3 / X.5, and the LOADIM / STOREIM / ATOMIM
 * pseudocode of its "Dependencies on NV_gpu_program5") through
 * tex_image_access and tex_image_units_access.  Formatted stores are read
 * back with TXF (what sampling gives), unformatted loads as the packed bits
 * of Table X.2; every expected value is computed by hand next to its check.
 * The last test runs two threads (ATOMIM ADD, exact sum).
 *
 * The OP.LOADIM / OP.STOREIM / OP.ATOMIM rows are left to the end-to-end
 * tests (tests/programs/memory/): this file checks the texel side only.
 *
 * covers: TEX.IMG_TARGETS TEX.IMG_COORDS
 * covers: EDGE.IMG_INVALID EDGE.IMG_INDEX_OOB EDGE.IMG_SAMPLE EDGE.IMG_SIZE_MATCH
 * covers: EDGE.IMG_STORE_TRUNC EDGE.IMG_ARRAY1D EDGE.IMG_LAYER_BIND EDGE.ATOM_CSWAP
 * covers: EDGE.ATOM_IWRAP EDGE.ATOM_DWRAP
 */
#include <pthread.h>

#include "../../glprog/glprog.h"
#include "tex_test_req.h"

/* ---- requests -------------------------------------------------------------------------------- */

typedef struct ir {
    gp_vec coord, data, out;
    gp_image_request req;
} ir;

/* A request on lane 0 only; out prefilled with a pattern that is not 0. */
static void ir_init(ir *r, int op, int target, int elem, int count)
{
    memset(r, 0, sizeof *r);
    r->req.op = (uint8_t)op;
    r->req.target = (uint8_t)target;
    r->req.elem = (uint8_t)elem;
    r->req.count = (uint8_t)count;
    r->req.type = GP_TYPE_F32;
    r->req.coord = &r->coord;
    r->req.data = &r->data;
    r->req.lane_mask = 1u;
    memset(&r->out, 0xab, sizeof r->out);
}

static void ir_coord(ir *r, int x, int y, int z, int w)
{
    for (int l = 0; l < GP_LANES; l++) {
        r->coord.c[0][l].i = x;
        r->coord.c[1][l].i = y;
        r->coord.c[2][l].i = z;
        r->coord.c[3][l].i = w;
    }
}

static void ir_data_u(ir *r, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    for (int l = 0; l < GP_LANES; l++) {
        r->data.c[0][l].u = x;
        r->data.c[1][l].u = y;
        r->data.c[2][l].u = z;
        r->data.c[3][l].u = w;
    }
}

static void ir_data_f(ir *r, float x, float y, float z, float w)
{
    for (int l = 0; l < GP_LANES; l++) {
        r->data.c[0][l].f = x;
        r->data.c[1][l].f = y;
        r->data.c[2][l].f = z;
        r->data.c[3][l].f = w;
    }
}

static tex_image_unit unit(const tex_object *t, int level, bool layered, int layer, GLenum access,
                           GLenum format)
{
    tex_image_unit u;
    u.tex = t;
    u.level = level;
    u.layered = layered;
    u.layer = layer;
    u.access = access;
    u.format = format;
    return u;
}

/* Unformatted load of elem x count at (x, y, z, w); lane 0's words. */
static void load(const tex_image_unit *u, int target, int elem, int count, int x, int y, int z,
                 int w, uint32_t o[4])
{
    ir r;
    ir_init(&r, GP_IMG_LOAD, target, elem, count);
    ir_coord(&r, x, y, z, w);
    r.req.data = NULL;
    tex_image_access(u, &r.req, &r.out);
    for (int c = 0; c < 4; c++)
        o[c] = r.out.c[c][0].u;
}

static uint32_t load1(const tex_image_unit *u, int target, int x, int y, int z, int w)
{
    uint32_t o[4];
    load(u, target, GP_CVT_U32, 1, x, y, z, w, o);
    return o[0];
}

static void store_u(const tex_image_unit *u, int target, int elem, int count, int x, int y, int z,
                    int w, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    ir r;
    ir_init(&r, GP_IMG_STORE, target, elem, count);
    ir_coord(&r, x, y, z, w);
    ir_data_u(&r, a, b, c, d);
    tex_image_access(u, &r.req, NULL); /* stores take no result */
}

static void st1(const tex_image_unit *u, int target, int x, int y, int z, int w, uint32_t a)
{
    store_u(u, target, GP_CVT_U32, 1, x, y, z, w, a, 0, 0, 0);
}

/* ATOMIM.op.U32 (or elem) on lane 0; returns the old value. */
static uint32_t atom(const tex_image_unit *u, int target, int op, int elem, int x, int y, int z,
                     uint32_t a, uint32_t b)
{
    ir r;
    ir_init(&r, GP_IMG_ATOM, target, elem, 1);
    r.req.atom = (uint8_t)op;
    ir_coord(&r, x, y, z, 0);
    ir_data_u(&r, a, b, 0, 0);
    tex_image_access(u, &r.req, &r.out);
    return r.out.c[0][0].u;
}

/* ---- textures -------------------------------------------------------------------------------- */

static bool is_int_format(GLenum f)
{
    switch (f) {
    case GL_RGBA32UI: case GL_RGBA16UI: case GL_RGBA8UI: case GL_RG32UI: case GL_RG16UI:
    case GL_RG8UI: case GL_R32UI: case GL_R16UI: case GL_R8UI: case GL_RGBA32I: case GL_RGBA16I:
    case GL_RGBA8I: case GL_RG32I: case GL_RG16I: case GL_RG8I: case GL_R32I: case GL_R16I:
    case GL_R8I: return true;
    default: return false;
    }
}

/* A w x h x d texture of `target` whose levels 0 .. levels-1 are defined
 * (zero), NEAREST filters so TXF reads it. */
static tex_object *make_tex(GLenum target, GLenum ifmt, int w, int h, int d, int levels)
{
    tex_object *t = tex_object_create(target);
    CHECK(t != NULL);
    if (!t)
        return NULL;
    tex_pixel_store ps = store1();
    bool integer = is_int_format(ifmt);
    GLenum fmt = integer ? GL_RGBA_INTEGER_EXT : GL_RGBA, type = integer ? GL_INT : GL_FLOAT;
    int faces = target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
    for (int l = 0; l < levels; l++) {
        int lw = w >> l > 0 ? w >> l : 1;
        int lh = h, ld = d;
        if (target != GL_TEXTURE_1D && target != GL_TEXTURE_1D_ARRAY_EXT)
            lh = h >> l > 0 ? h >> l : 1;
        if (target == GL_TEXTURE_3D)
            ld = d >> l > 0 ? d >> l : 1;
        for (int f = 0; f < faces; f++)
            CHECK_INT(tex_image_define(t, f, l, ifmt, lw, lh, ld, 0, fmt, type, NULL, &ps),
                      GL_NO_ERROR);
    }
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    if (levels > 1)
        t->sampler.min_filter = GL_NEAREST_MIPMAP_NEAREST;
    return t;
}

/* TXF of texel (x, y) of a 2D texture's level 0: the sampled value. */
static void txf(const tex_object *t, int x, int y, gp_val o[4])
{
    rq r;
    rq_init(&r, GP_TEXOP_TXF, GP_TEX_2D);
    rq_icoord(&r, x, y, 0, 0);
    tex_sample(t, &r.req, 0.0f, &r.out);
    for (int c = 0; c < 4; c++)
        o[c] = r.out.c[c][0];
}

/* The canonical texel (tex.h layouts) of face f, level l at (i, j, k),
 * sample s. */
static uint8_t *texel_at(const tex_object *t, int f, int l, int i, int j, int k, int s)
{
    const tex_image *img = &t->image[f][l];
    return (uint8_t *)img->data + (size_t)k * img->slice_stride + (size_t)s * img->sample_stride +
           (size_t)j * img->row_stride + (size_t)i * tex_format_bytes(img->format);
}

static uint32_t word_at(const tex_object *t, int f, int l, int i, int j, int k, int s)
{
    uint32_t u;
    memcpy(&u, texel_at(t, f, l, i, j, k, s), 4);
    return u;
}

/* ---- Table X.2 ------------------------------------------------------------------------------- */

static void test_format_info(void)
{
    static const struct { GLenum f; int cls; } fm[] = {
        {GL_RGBA32F, 16}, {GL_RGBA16F, 8}, {GL_RG32F, 8}, {GL_RG16F, 4}, {GL_R11F_G11F_B10F, 4},
        {GL_R32F, 4}, {GL_R16F, 2}, {GL_RGBA32UI, 16}, {GL_RGBA16UI, 8}, {GL_RGB10_A2UI, 4},
        {GL_RGBA8UI, 4}, {GL_RG32UI, 8}, {GL_RG16UI, 4}, {GL_RG8UI, 2}, {GL_R32UI, 4},
        {GL_R16UI, 2}, {GL_R8UI, 1}, {GL_RGBA32I, 16}, {GL_RGBA16I, 8}, {GL_RGBA8I, 4},
        {GL_RG32I, 8}, {GL_RG16I, 4}, {GL_RG8I, 2}, {GL_R32I, 4}, {GL_R16I, 2}, {GL_R8I, 1},
        {GL_RGBA16, 8}, {GL_RGB10_A2, 4}, {GL_RGBA8, 4}, {GL_RG16, 4}, {GL_RG8, 2},
        {GL_R16, 2}, {GL_R8, 1}, {GL_RGBA16_SNORM, 8}, {GL_RGBA8_SNORM, 4},
        {GL_RG16_SNORM, 4}, {GL_RG8_SNORM, 2}, {GL_R16_SNORM, 2}, {GL_R8_SNORM, 1},
    };
    CHECK_INT(sizeof fm / sizeof fm[0], 39); /* every row of Table X.2 */
    for (size_t i = 0; i < sizeof fm / sizeof fm[0]; i++) {
        int cls = -1;
        CHECK(tex_image_format_info(fm[i].f, &cls));
        CHECK_INT(cls, fm[i].cls);
    }
    /* not in Table X.2: RGB formats, unsized, sRGB, depth, luminance */
    static const GLenum no[] = {GL_RGB8, GL_RGBA, GL_SRGB8_ALPHA8, GL_DEPTH_COMPONENT32F,
                                GL_LUMINANCE8, GL_RGB32F_ARB, GL_RGBA12, 0};
    for (size_t i = 0; i < sizeof no / sizeof no[0]; i++)
        CHECK(!tex_image_format_info(no[i], NULL));
}

/* One formatted store on a 1x1 texture of format f viewed as f, read back
 * by TXF (exp: floats, or integers for integer formats) and by an
 * unformatted load (words, elem x count). */
typedef struct fcase {
    GLenum f;
    int type; /* gp_type of the data */
    double data[4];
    double exp[4];
    uint32_t words[4];
    int elem, count;
} fcase;

static void run_fcase(const fcase *c)
{
    tex_object *t = make_tex(GL_TEXTURE_2D, c->f, 1, 1, 1, 1);
    if (!t)
        return;
    tex_image_unit u = unit(t, 0, false, 0, GL_READ_WRITE, c->f);
    ir r;
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    r.req.type = (uint8_t)c->type;
    for (int q = 0; q < 4; q++) {
        for (int l = 0; l < GP_LANES; l++) {
            if (c->type == GP_TYPE_F32)
                r.data.c[q][l].f = (float)c->data[q];
            else if (c->type == GP_TYPE_S32)
                r.data.c[q][l].i = (int32_t)c->data[q];
            else
                r.data.c[q][l].u = (uint32_t)(int64_t)c->data[q];
        }
    }
    tex_image_access(&u, &r.req, NULL);
    gp_val o[4];
    txf(t, 0, 0, o);
    bool integer = is_int_format(c->f);
    for (int q = 0; q < 4; q++) {
        if (integer) {
            bool uns = c->f == GL_RGBA32UI || c->f == GL_RG32UI || c->f == GL_R32UI ||
                       c->f == GL_RGBA16UI || c->f == GL_RGBA8UI || c->f == GL_RG16UI ||
                       c->f == GL_RG8UI || c->f == GL_R16UI || c->f == GL_R8UI;
            if (uns)
                CHECK_INT(o[q].u, (uint32_t)(int64_t)c->exp[q]);
            else
                CHECK_INT(o[q].i, (int32_t)c->exp[q]);
        } else {
            CHECK_NEAR(o[q].f, c->exp[q], 1e-7);
        }
    }
    uint32_t w[4];
    load(&u, GP_TEX_2D, c->elem, c->count, 0, 0, 0, 0, w);
    for (int q = 0; q < c->count; q++)
        CHECK_INT(w[q], c->words[q]);
    if (tt_failures)
        fprintf(stderr, "  (format 0x%x)\n", c->f);
    tex_object_free(t);
}

#define INF (1.0 / 0.0)

/* Formatted stores (section 3.9.X "Data is converted ... as if it were
 * passed through a TexImage2D"), every Table X.2 format a texture can
 * have. */
static void test_formatted_stores(void)
{
    static const fcase cases[] = {
        /* unorm: clamp [0,1], * (2^b - 1), round to nearest (ties even:
         * 127.5 -> 128, 32767.5 -> 32768, 511.5 -> 512) */
        {GL_RGBA8, GP_TYPE_F32, {0.5, 1.5, -0.2, 0.25}, {128 / 255., 1, 0, 64 / 255.},
         {0x4000ff80}, GP_CVT_U32, 1},
        {GL_RG8, GP_TYPE_F32, {0.2, 0.6, 9, 9}, {51 / 255., 153 / 255., 0, 1}, {0x9933},
         GP_CVT_U16, 1},
        {GL_R8, GP_TYPE_F32, {0.5, 9, 9, 9}, {128 / 255., 0, 0, 1}, {0x80}, GP_CVT_U8, 1},
        {GL_RGBA16, GP_TYPE_F32, {0.5, 1, 0, 0.25}, {32768 / 65535., 1, 0, 16384 / 65535.},
         {0xffff8000, 0x40000000}, GP_CVT_U32, 2},
        {GL_RG16, GP_TYPE_F32, {0.2, 0.6}, {13107 / 65535., 39321 / 65535., 0, 1}, {0x99993333},
         GP_CVT_U32, 1},
        {GL_R16, GP_TYPE_F32, {0.75}, {49151 / 65535., 0, 0, 1}, {0xbfff}, GP_CVT_U16, 1},
        /* 1023 | 512 << 10 | 0 << 20 | round(0.7 * 3) = 2 << 30 */
        {GL_RGB10_A2, GP_TYPE_F32, {1, 0.5, 0, 0.7}, {1, 512 / 1023., 0, 2 / 3.}, {0x800803ff},
         GP_CVT_U32, 1},
        /* floats: 32F as is; 16F nearest even, 65520 -> inf (0x7c00), 0.1
         * -> 0x2e66 = 1638 / 16384 */
        {GL_RGBA32F, GP_TYPE_F32, {1.5, -2, 0.1f, 8}, {1.5, -2, 0.1f, 8},
         {0x3fc00000, 0xc0000000, 0x3dcccccd, 0x41000000}, GP_CVT_U32, 4},
        {GL_RGBA16F, GP_TYPE_F32, {1, -2, 65520, 0.1}, {1, -2, INF, 1638 / 16384.},
         {0xc0003c00, 0x2e667c00}, GP_CVT_U32, 2},
        {GL_RG32F, GP_TYPE_F32, {-0.5, 3}, {-0.5, 3, 0, 1}, {0xbf000000, 0x40400000},
         GP_CVT_F32, 2},
        {GL_RG16F, GP_TYPE_F32, {0.5, -0.25}, {0.5, -0.25, 0, 1}, {0xb4003800}, GP_CVT_U32, 1},
        {GL_R32F, GP_TYPE_F32, {-7.25}, {-7.25, 0, 0, 1}, {0xc0e80000}, GP_CVT_F32, 1},
        {GL_R16F, GP_TYPE_F32, {3}, {3, 0, 0, 1}, {0x4200}, GP_CVT_F16, 1},
        /* unsigned integers: clamp to [0, 2^b - 1] */
        {GL_RGBA32UI, GP_TYPE_U32, {1, 4294967295., 2147483648., 7},
         {1, 4294967295., 2147483648., 7}, {1, 0xffffffff, 0x80000000, 7}, GP_CVT_U32, 4},
        {GL_RGBA16UI, GP_TYPE_U32, {70000, 1, 2, 65535}, {65535, 1, 2, 65535},
         {0x0001ffff, 0xffff0002}, GP_CVT_U32, 2},
        {GL_RGBA8UI, GP_TYPE_U32, {300, 255, 7, 0}, {255, 255, 7, 0}, {0x0007ffff}, GP_CVT_U32, 1},
        {GL_RG32UI, GP_TYPE_S32, {-5, 9}, {0, 9, 0, 1}, {0, 9}, GP_CVT_U32, 2},
        {GL_RG16UI, GP_TYPE_U32, {65536, 3}, {65535, 3, 0, 1}, {0x0003ffff}, GP_CVT_U32, 1},
        {GL_RG8UI, GP_TYPE_U32, {256, 0x12}, {255, 0x12, 0, 1}, {0x12ff}, GP_CVT_U16, 1},
        {GL_R32UI, GP_TYPE_U32, {3735928559.}, {3735928559., 0, 0, 1}, {0xdeadbeef}, GP_CVT_U32, 1},
        {GL_R16UI, GP_TYPE_U32, {70000}, {65535, 0, 0, 1}, {0xffff}, GP_CVT_U16, 1},
        {GL_R8UI, GP_TYPE_U32, {0x1ff}, {255, 0, 0, 1}, {0xff}, GP_CVT_U8, 1},
        /* signed integers: clamp to [-2^(b-1), 2^(b-1) - 1] */
        {GL_RGBA32I, GP_TYPE_S32, {-1, 2147483647., -2147483648., 5},
         {-1, 2147483647., -2147483648., 5}, {0xffffffff, 0x7fffffff, 0x80000000, 5},
         GP_CVT_S32, 4},
        {GL_RGBA16I, GP_TYPE_S32, {-40000, 40000, -1, 5}, {-32768, 32767, -1, 5},
         {0x7fff8000, 0x0005ffff}, GP_CVT_S32, 2},
        {GL_RGBA8I, GP_TYPE_S32, {-200, 127, -1, 100}, {-128, 127, -1, 100}, {0x64ff7f80},
         GP_CVT_S32, 1},
        /* UNSIGNED_INT data 2^31 into a signed format: at most 2^31 - 1 */
        {GL_RG32I, GP_TYPE_U32, {2147483648., 3}, {2147483647., 3, 0, 1}, {0x7fffffff, 3},
         GP_CVT_S32, 2},
        {GL_RG16I, GP_TYPE_S32, {-2, 32767}, {-2, 32767, 0, 1}, {0x7ffffffe}, GP_CVT_S32, 1},
        {GL_RG8I, GP_TYPE_S32, {-128, -129}, {-128, -128, 0, 1}, {0x8080}, GP_CVT_S16, 1},
        {GL_R32I, GP_TYPE_S32, {-123456}, {-123456, 0, 0, 1}, {0xfffe1dc0}, GP_CVT_S32, 1},
        {GL_R16I, GP_TYPE_S32, {-300}, {-300, 0, 0, 1}, {0xfed4}, GP_CVT_S16, 1},
        /* float data to an integer format (tex.h: toward zero) */
        {GL_R8I, GP_TYPE_F32, {-3.7}, {-3, 0, 0, 1}, {0xfd}, GP_CVT_S8, 1},
        /* integer data to a unorm format (tex.h: its value as a float) */
        {GL_R8, GP_TYPE_S32, {1}, {1, 0, 0, 1}, {0xff}, GP_CVT_U8, 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_fcase(&cases[i]);
}

/* Formatted stores through a unit format F other than the texture's own
 * I (same class): F's bits, read as I.  Covers the formats no texture of
 * texture/ can have (R11F_G11F_B10F, RGB10_A2UI, the SNORM formats). */
static void test_format_views(void)
{
    gp_val o[4];
    uint32_t w[4];
    /* R11F_G11F_B10F over R32UI: 1.0 = exp 15 -> 15 << 6 = 0x3c0; 0.5 ->
     * 14 << 6 = 0x380 (<< 11); -1 -> 0: 0x3c0 | 0x1c0000 */
    tex_object *t = make_tex(GL_TEXTURE_2D, GL_R32UI, 4, 1, 1, 1);
    tex_image_unit u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R11F_G11F_B10F);
    ir r;
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    ir_coord(&r, 0, 0, 0, 0);
    ir_data_f(&r, 1.0f, 0.5f, -1.0f, 7.0f);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 0x1c03c0);
    /* 70000 > 65024 -> the largest finite 11-bit value, exp 30 mant 63 =
     * 0x7bf; +inf -> 31 << 6 = 0x7c0; 0.1 = 1.6 * 2^-4 in 10 bits: exp 11,
     * mant round(0.6 * 32) = 19: 0x173 << 22 = 0x5cc00000 */
    ir_coord(&r, 1, 0, 0, 0);
    ir_data_f(&r, 70000.0f, (float)INF, 0.1f, 0.0f);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 1, 0, o);
    CHECK_INT(o[0].u, 0x5cfe07bf);
    /* a denormal 2^-15 = 32 * 2^-20 -> 0x20; NaN -> 31 << 6 | 1 = 0x7c1 */
    ir_coord(&r, 2, 0, 0, 0);
    ir_data_f(&r, 1.0f / 32768.0f, (float)(0.0 / 0.0), 0.0f, 0.0f);
    tex_image_access(&u, &r.req, NULL);
    CHECK_INT(load1(&u, GP_TEX_2D, 2, 0, 0, 0), 0x3e0820);
    tex_object_free(t);

    /* RGB10_A2UI over RGBA8UI: (2000 -> 1023, 0, 512, 5 -> 3) =
     * 0x3ff | 512 << 20 | 3 << 30 = 0xe00003ff, as RGBA8UI bytes (255, 3,
     * 0, 224) */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA8UI, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGB10_A2UI);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    r.req.type = GP_TYPE_U32;
    ir_data_u(&r, 2000, 0, 512, 5);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 255);
    CHECK_INT(o[1].u, 3);
    CHECK_INT(o[2].u, 0);
    CHECK_INT(o[3].u, 224);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0xe00003ff);
    tex_object_free(t);

    /* R8_SNORM over R8I: round(-0.3 * 127) = round(-38.1) = -38 (0xda) */
    t = make_tex(GL_TEXTURE_2D, GL_R8I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R8_SNORM);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    ir_data_f(&r, -0.3f, 0, 0, 0);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, -38);
    load(&u, GP_TEX_2D, GP_CVT_S8, 1, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0xda); /* zero-extended: the executor sign-extends */
    ir_data_f(&r, -2.0f, 0, 0, 0); /* clamped to -1: -127 */
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, -127);
    tex_object_free(t);

    /* RGBA8_SNORM over RGBA8: (-38, 127, -127, round(63.5) = 64) as bytes
     * 0xda 0x7f 0x81 0x40, sampled as unorm */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA8, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8_SNORM);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    ir_data_f(&r, -0.3f, 1.0f, -1.0f, 0.5f);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 218 / 255., 1e-7);
    CHECK_NEAR(o[1].f, 127 / 255., 1e-7);
    CHECK_NEAR(o[2].f, 129 / 255., 1e-7);
    CHECK_NEAR(o[3].f, 64 / 255., 1e-7);
    tex_object_free(t);

    /* the 16-bit SNORM formats over 16-bit signed integer textures:
     * RG16_SNORM (-1.5 -> -32767, 0.5 -> round(16383.5) = 16384) */
    t = make_tex(GL_TEXTURE_2D, GL_RG16I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RG16_SNORM);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    ir_data_f(&r, -1.5f, 0.5f, 0, 0);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, -32767);
    CHECK_INT(o[1].i, 16384);
    tex_object_free(t);
    /* RGBA16_SNORM: (32767, -32767, 0, round(-16383.5) = -16384) */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA16I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA16_SNORM);
    ir_data_f(&r, 1.0f, -1.0f, 0.0f, -0.5f);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, 32767);
    CHECK_INT(o[1].i, -32767);
    CHECK_INT(o[2].i, 0);
    CHECK_INT(o[3].i, -16384);
    tex_object_free(t);
    /* R16_SNORM: round(0.25 * 32767) = round(8191.75) = 8192 */
    t = make_tex(GL_TEXTURE_2D, GL_R16I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R16_SNORM);
    ir_data_f(&r, 0.25f, 0, 0, 0);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, 8192);
    tex_object_free(t);
    /* RG8_SNORM over RG8I: (round(63.5) = 64, -64) */
    t = make_tex(GL_TEXTURE_2D, GL_RG8I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RG8_SNORM);
    ir_data_f(&r, 0.5f, -0.5f, 0, 0);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, 64);
    CHECK_INT(o[1].i, -64);
    tex_object_free(t);

    /* RGBA8 over R32F: bytes 0xff 0 0 round(127.5) = 0x80 -> the float
     * whose bits are 0x800000ff */
    t = make_tex(GL_TEXTURE_2D, GL_R32F, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    ir_data_f(&r, 1.0f, 0.0f, 0.0f, 0.5f);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 0x800000ff);
    tex_object_free(t);

    /* R32UI over RGBA8 (issue 1's example): 0x04030201 is the texel
     * (1, 2, 3, 4) / 255 */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA8, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    r.req.type = GP_TYPE_U32;
    ir_data_u(&r, 0x04030201, 0, 0, 0);
    tex_image_access(&u, &r.req, NULL);
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 1 / 255., 1e-7);
    CHECK_NEAR(o[1].f, 2 / 255., 1e-7);
    CHECK_NEAR(o[2].f, 3 / 255., 1e-7);
    CHECK_NEAR(o[3].f, 4 / 255., 1e-7);
    tex_object_free(t);
}

/* ---- unformatted loads and stores ------------------------------------------------------------ */

static void test_unformatted(void)
{
    /* Table X.2 RGBA8: R in 0[7:0], G 0[15:8], B 0[23:16], A 0[31:24]:
     * the texel (1, 2, 3, 4) uploaded as bytes loads as 0x04030201 */
    tex_object *t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    static const uint8_t px[8] = {1, 2, 3, 4, 0xff, 0x80, 0, 0x7f};
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 2, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    tex_image_unit u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0x04030201);
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 0, 0, 0), 0x7f0080ff);
    /* NV_gpu_program5_mem_extended U8X4: byte m of the texel in element m */
    uint32_t w[4];
    load(&u, GP_TEX_2D, GP_CVT_U8, 4, 1, 0, 0, 0, w);
    CHECK_INT(w[0], 0xff);
    CHECK_INT(w[1], 0x80);
    CHECK_INT(w[2], 0);
    CHECK_INT(w[3], 0x7f);
    /* S16X2: the two halves, zero-extended */
    load(&u, GP_TEX_2D, GP_CVT_S16, 2, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0x0201);
    CHECK_INT(w[1], 0x0403);
    /* an unformatted store writes the bits: 0x10203040 -> (0x40, 0x30,
     * 0x20, 0x10) / 255 */
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 0x10203040);
    gp_val o[4];
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 0x40 / 255., 1e-7);
    CHECK_NEAR(o[1].f, 0x30 / 255., 1e-7);
    CHECK_NEAR(o[2].f, 0x20 / 255., 1e-7);
    CHECK_NEAR(o[3].f, 0x10 / 255., 1e-7);
    /* EDGE.IMG_SIZE_MATCH: 1x32 takes F32 / S32 / U32 (4 bytes); U8,
     * U32X2, U32X4, S16 are invalid (load 0, store nothing) */
    load(&u, GP_TEX_2D, GP_CVT_U8, 1, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0);
    load(&u, GP_TEX_2D, GP_CVT_U32, 2, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0);
    CHECK_INT(w[1], 0);
    load(&u, GP_TEX_2D, GP_CVT_U32, 4, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0);
    store_u(&u, GP_TEX_2D, GP_CVT_U16, 1, 0, 0, 0, 0, 0xffff, 0, 0, 0);
    store_u(&u, GP_TEX_2D, GP_CVT_U32, 2, 0, 0, 0, 0, 0xffffffff, 0xffffffff, 0, 0);
    store_u(&u, GP_TEX_2D, GP_CVT_F64, 1, 0, 0, 0, 0, 0xffffffff, 0xffffffff, 0, 0);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0x10203040); /* unchanged */
    /* the texture's and the unit's classes differ (RGBA8 is 1x32, R16UI
     * 1x16): every access is invalid, formatted stores too */
    tex_image_unit bad = unit(t, 0, false, 0, GL_READ_WRITE, GL_R16UI);
    load(&bad, GP_TEX_2D, GP_CVT_U16, 1, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0);
    ir r;
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
    r.req.type = GP_TYPE_U32;
    ir_data_u(&r, 7, 7, 7, 7);
    tex_image_access(&bad, &r.req, NULL);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0x10203040);
    /* an unknown unit format */
    bad.format = GL_RGB8;
    CHECK_INT(load1(&bad, GP_TEX_2D, 0, 0, 0, 0), 0);
    tex_object_free(t);

    /* EDGE.IMG_STORE_TRUNC: U8 / S16 keep the low 8 / 16 bits */
    t = make_tex(GL_TEXTURE_2D, GL_R8UI, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R8UI);
    store_u(&u, GP_TEX_2D, GP_CVT_U8, 1, 0, 0, 0, 0, 0x1234, 0, 0, 0);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 0x34);
    load(&u, GP_TEX_2D, GP_CVT_U8, 1, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0x34);
    tex_object_free(t);
    t = make_tex(GL_TEXTURE_2D, GL_R16I, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R16I);
    store_u(&u, GP_TEX_2D, GP_CVT_S16, 1, 0, 0, 0, 0, 0xfffe8001u, 0, 0, 0);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].i, -32767); /* 0x8001 as a signed 16-bit value */
    tex_object_free(t);

    /* 2x32 RGBA16F: U32X2 words -> halves (1.0, 2.0, -0.5, 0.25) =
     * 0x4000_3c00, 0x3400_b800 */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA16F, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA16F);
    store_u(&u, GP_TEX_2D, GP_CVT_U32, 2, 0, 0, 0, 0, 0x40003c00, 0x3400b800, 0, 0);
    txf(t, 0, 0, o);
    CHECK_VEC4(((float[]){o[0].f, o[1].f, o[2].f, o[3].f}), 1.0, 2.0, -0.5, 0.25, 0);
    load(&u, GP_TEX_2D, GP_CVT_F32, 2, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0x40003c00);
    CHECK_INT(w[1], 0x3400b800);
    /* F16X4 (mem_extended) on the same 8 bytes */
    load(&u, GP_TEX_2D, GP_CVT_F16, 4, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0x3c00);
    CHECK_INT(w[1], 0x4000);
    CHECK_INT(w[2], 0xb800);
    CHECK_INT(w[3], 0x3400);
    /* U32X4 is 16 bytes: invalid on 2x32 */
    load(&u, GP_TEX_2D, GP_CVT_U32, 4, 0, 0, 0, 0, w);
    CHECK_INT(w[0], 0);
    tex_object_free(t);

    /* 1x16 R16F with F16: 0x3c00 = 1.0 */
    t = make_tex(GL_TEXTURE_2D, GL_R16F, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R16F);
    store_u(&u, GP_TEX_2D, GP_CVT_F16, 1, 0, 0, 0, 0, 0x3c00, 0, 0, 0);
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 1.0, 0);
    tex_object_free(t);

    /* 4x32 RGBA32UI with U32X4 */
    t = make_tex(GL_TEXTURE_2D, GL_RGBA32UI, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA32UI);
    store_u(&u, GP_TEX_2D, GP_CVT_U32, 4, 0, 0, 0, 0, 1, 2, 3, 0xffffffff);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 1);
    CHECK_INT(o[3].u, 0xffffffffu);
    load(&u, GP_TEX_2D, GP_CVT_S32, 4, 0, 0, 0, 0, w);
    CHECK_INT(w[2], 3);
    tex_object_free(t);
}

/* ---- targets and coordinates (Table X.5) ----------------------------------------------------- */

static void test_targets(void)
{
    /* 1D, 4 texels: x only; y, z, w are forced to zero by the pseudocode */
    tex_object *t = make_tex(GL_TEXTURE_1D, GL_R32UI, 4, 1, 1, 1);
    tex_image_unit u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_1D, 2, 9, 9, 9, 0x11);
    CHECK_INT(word_at(t, 0, 0, 2, 0, 0, 0), 0x11);
    CHECK_INT(load1(&u, GP_TEX_1D, 2, 5, 6, 7), 0x11);
    CHECK_INT(load1(&u, GP_TEX_1D, 4, 0, 0, 0), 0);  /* x = width */
    CHECK_INT(load1(&u, GP_TEX_1D, -1, 0, 0, 0), 0); /* x < 0 */
    st1(&u, GP_TEX_1D, 4, 0, 0, 0, 0x99);
    st1(&u, GP_TEX_1D, -1, 0, 0, 0, 0x99);
    CHECK_INT(word_at(t, 0, 0, 3, 0, 0, 0), 0);
    /* a target that does not fit the texture is invalid */
    CHECK_INT(load1(&u, GP_TEX_2D, 2, 0, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_BUFFER, 2, 0, 0, 0), 0);
    tex_object_free(t);

    /* 2D 4 x 3: (x, y); z and w ignored */
    t = make_tex(GL_TEXTURE_2D, GL_R32UI, 4, 3, 1, 1);
    u = unit(t, 0, true, 5, GL_READ_WRITE, GL_R32UI); /* layered / layer: no layers */
    st1(&u, GP_TEX_2D, 3, 2, 7, 7, 0x22);
    CHECK_INT(word_at(t, 0, 0, 3, 2, 0, 0), 0x22);
    CHECK_INT(load1(&u, GP_TEX_2D, 3, 2, 0, 0), 0x22);
    CHECK_INT(load1(&u, GP_TEX_2D, 3, 3, 0, 0), 0); /* y = height */
    CHECK_INT(load1(&u, GP_TEX_2D, 4, 0, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, -1, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_RECT, 3, 2, 0, 0), 0); /* RECT on a 2D texture */
    CHECK_INT(load1(&u, GP_TEX_SHADOW2D, 3, 2, 0, 0), 0); /* not an image target */
    tex_object_free(t);

    /* RECT */
    t = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    tex_pixel_store ps = store1();
    CHECK_INT(tex_image_define(t, 0, 0, GL_R32UI, 5, 2, 1, 0, GL_RGBA_INTEGER_EXT, GL_INT, NULL,
                               &ps),
              GL_NO_ERROR);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_RECT, 4, 1, 0, 0, 0x33);
    CHECK_INT(word_at(t, 0, 0, 4, 1, 0, 0), 0x33);
    CHECK_INT(load1(&u, GP_TEX_RECT, 4, 1, 0, 0), 0x33);
    CHECK_INT(load1(&u, GP_TEX_RECT, 5, 1, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_2D, 4, 1, 0, 0), 0);
    tex_object_free(t);

    /* 3D 4 x 3 x 2 layered: z = slice */
    t = make_tex(GL_TEXTURE_3D, GL_R32UI, 4, 3, 2, 1);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_3D, 1, 2, 1, 0, 0x44);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 1, 0), 0x44);
    CHECK_INT(load1(&u, GP_TEX_3D, 1, 2, 1, 0), 0x44);
    CHECK_INT(load1(&u, GP_TEX_3D, 1, 2, 2, 0), 0); /* z = depth */
    CHECK_INT(load1(&u, GP_TEX_3D, 1, 2, -1, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 2, 0, 0), 0); /* layered: the 3D target only */
    /* EDGE.IMG_LAYER_BIND: one slice is a 2D image */
    tex_image_unit s1 = unit(t, 0, false, 1, GL_READ_WRITE, GL_R32UI);
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 2, 0, 0), 0x44);
    CHECK_INT(load1(&s1, GP_TEX_3D, 1, 2, 1, 0), 0);
    st1(&s1, GP_TEX_2D, 0, 0, 0, 0, 0x45);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 1, 0), 0x45);
    tex_image_unit s2 = unit(t, 0, false, 2, GL_READ_WRITE, GL_R32UI); /* no slice 2 */
    CHECK_INT(load1(&s2, GP_TEX_2D, 1, 2, 0, 0), 0);
    s2.layer = -1;
    CHECK_INT(load1(&s2, GP_TEX_2D, 1, 2, 0, 0), 0);
    tex_object_free(t);

    /* CUBE 4 x 4 layered: z = face (0..5 = +X -X +Y -Y +Z -Z) */
    t = make_tex(GL_TEXTURE_CUBE_MAP, GL_R32UI, 4, 4, 1, 1);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_CUBE, 1, 2, 3, 0, 0x55);
    CHECK_INT(word_at(t, 3, 0, 1, 2, 0, 0), 0x55);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_CUBE, 1, 2, 3, 0), 0x55);
    CHECK_INT(load1(&u, GP_TEX_CUBE, 1, 2, 6, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_CUBE, 1, 2, -1, 0), 0);
    s1 = unit(t, 0, false, 3, GL_READ_WRITE, GL_R32UI); /* face 3 as 2D */
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 2, 0, 0), 0x55);
    CHECK_INT(load1(&s1, GP_TEX_CUBE, 1, 2, 3, 0), 0);
    s1.layer = 6;
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 2, 0, 0), 0);
    tex_object_free(t);

    /* BUFFER: texel x of the buffer's bytes (R32UI: 4 bytes a texel) */
    uint32_t buf[6] = {0, 0, 0, 0, 0, 0};
    t = tex_object_create(GL_TEXTURE_BUFFER_ARB);
    CHECK_INT(tex_buffer_attach(t, GL_R32UI, buf, 5 * 4), GL_NO_ERROR);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_BUFFER, 3, 8, 8, 8, 0x66);
    CHECK_INT(buf[3], 0x66);
    CHECK_INT(load1(&u, GP_TEX_BUFFER, 3, 0, 0, 0), 0x66);
    st1(&u, GP_TEX_BUFFER, 5, 0, 0, 0, 0x67); /* texels = 5 */
    CHECK_INT(buf[5], 0);
    CHECK_INT(load1(&u, GP_TEX_BUFFER, -1, 0, 0, 0), 0);
    CHECK_INT(atom(&u, GP_TEX_BUFFER, GP_ATOM_ADD, GP_CVT_U32, 3, 0, 0, 2, 0), 0x66);
    CHECK_INT(buf[3], 0x68);
    /* RGBA8 buffer viewed as R32UI: the bytes are the texel */
    CHECK_INT(tex_buffer_attach(t, GL_RGBA8, buf, 6 * 4), GL_NO_ERROR);
    u.format = GL_RGBA8;
    ir r;
    ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_BUFFER, 0, 0);
    ir_coord(&r, 1, 0, 0, 0);
    ir_data_f(&r, 1.0f, 0.0f, 0.5f, 0.0f); /* 0xff, 0, round(127.5) = 0x80, 0 */
    tex_image_access(&u, &r.req, NULL);
    CHECK_INT(buf[1], 0x8000ff);
    /* a format not in Table X.2 (the default LUMINANCE8) */
    CHECK_INT(tex_buffer_attach(t, GL_LUMINANCE8, buf, 6 * 4), GL_NO_ERROR);
    CHECK_INT(load1(&u, GP_TEX_BUFFER, 3, 0, 0, 0), 0);
    CHECK_INT(tex_buffer_attach(t, GL_RGBA8, NULL, 0), GL_NO_ERROR); /* detached */
    CHECK_INT(load1(&u, GP_TEX_BUFFER, 3, 0, 0, 0), 0);
    tex_object_free(t);

    /* ARRAY1D 4 texels x 3 layers layered: the layer is z (EDGE.IMG_ARRAY1D,
     * issue 36), y must be 0 */
    t = make_tex(GL_TEXTURE_1D_ARRAY_EXT, GL_R32UI, 4, 3, 1, 1);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_ARRAY1D, 2, 0, 1, 0, 0x77);
    CHECK_INT(word_at(t, 0, 0, 2, 1, 0, 0), 0x77); /* layer 1 is row 1 */
    CHECK_INT(load1(&u, GP_TEX_ARRAY1D, 2, 0, 1, 0), 0x77);
    CHECK_INT(load1(&u, GP_TEX_ARRAY1D, 2, 1, 0, 0), 0); /* y != 0: invalid */
    CHECK_INT(load1(&u, GP_TEX_ARRAY1D, 2, 1, 1, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_ARRAY1D, 2, 0, 3, 0), 0); /* layer 3 of 3 */
    s1 = unit(t, 0, false, 1, GL_READ_WRITE, GL_R32UI); /* layer 1 as 1D */
    CHECK_INT(load1(&s1, GP_TEX_1D, 2, 0, 0, 0), 0x77);
    CHECK_INT(load1(&s1, GP_TEX_ARRAY1D, 2, 0, 1, 0), 0);
    s1.layer = 3;
    CHECK_INT(load1(&s1, GP_TEX_1D, 2, 0, 0, 0), 0);
    tex_object_free(t);

    /* ARRAY2D 4 x 4 x 3 layered: z = layer */
    t = make_tex(GL_TEXTURE_2D_ARRAY_EXT, GL_R32UI, 4, 4, 3, 1);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_ARRAY2D, 1, 3, 2, 0, 0x88);
    CHECK_INT(word_at(t, 0, 0, 1, 3, 2, 0), 0x88);
    CHECK_INT(load1(&u, GP_TEX_ARRAY2D, 1, 3, 3, 0), 0);
    s1 = unit(t, 0, false, 2, GL_READ_WRITE, GL_R32UI);
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 3, 0, 0), 0x88);
    CHECK_INT(load1(&s1, GP_TEX_ARRAY2D, 1, 3, 2, 0), 0);
    tex_object_free(t);

    /* CUBEARRAY 4 x 4, 2 layers (12 layer-faces): z = 6 * layer + face */
    t = make_tex(GL_TEXTURE_CUBE_MAP_ARRAY, GL_R32UI, 4, 4, 12, 1);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_CUBEARRAY, 1, 1, 8, 0, 0x99); /* layer 1, face 2 */
    CHECK_INT(word_at(t, 0, 0, 1, 1, 8, 0), 0x99);
    CHECK_INT(load1(&u, GP_TEX_CUBEARRAY, 1, 1, 8, 0), 0x99);
    CHECK_INT(load1(&u, GP_TEX_CUBEARRAY, 1, 1, 12, 0), 0);
    /* a single layer-face: layer_orig 8 = layer 1, face 2 */
    s1 = unit(t, 0, false, 8, GL_READ_WRITE, GL_R32UI);
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 1, 0, 0), 0x99);
    s1.layer = 12;
    CHECK_INT(load1(&s1, GP_TEX_2D, 1, 1, 0, 0), 0);
    tex_object_free(t);

    /* 2DMS 4 x 4, 4 samples: sample = w (z ignored) */
    t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE);
    CHECK_INT(tex_image_multisample(t, 4, GL_R32UI, 4, 4, 1), GL_NO_ERROR);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_2DMS, 1, 2, 5, 3, 0xaa);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 0, 3), 0xaa);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 0, 0), 0);
    CHECK_INT(load1(&u, GP_TEX_2DMS, 1, 2, 0, 3), 0xaa);
    /* EDGE.IMG_SAMPLE: a sample outside [0, 4) is invalid here */
    CHECK_INT(load1(&u, GP_TEX_2DMS, 1, 2, 0, 4), 0);
    CHECK_INT(load1(&u, GP_TEX_2DMS, 1, 2, 0, -1), 0);
    st1(&u, GP_TEX_2DMS, 1, 2, 0, 4, 0xab);
    CHECK_INT(word_at(t, 0, 0, 1, 3, 0, 0), 0); /* not the next row's sample 0 */
    CHECK_INT(word_at(t, 0, 0, 1, 2, 0, 3), 0xaa);
    u.level = 1; /* multisample textures have level 0 only */
    CHECK_INT(load1(&u, GP_TEX_2DMS, 1, 2, 0, 3), 0);
    tex_object_free(t);

    /* ARRAY2DMS 4 x 4 x 2 layers, 2 samples: (x, y, layer z, sample w) */
    t = tex_object_create(GL_TEXTURE_2D_MULTISAMPLE_ARRAY);
    CHECK_INT(tex_image_multisample(t, 2, GL_R32UI, 4, 4, 2), GL_NO_ERROR);
    u = unit(t, 0, true, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_ARRAY2DMS, 1, 2, 1, 1, 0xbb);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 1, 1), 0xbb);
    CHECK_INT(load1(&u, GP_TEX_ARRAY2DMS, 1, 2, 2, 1), 0);
    CHECK_INT(load1(&u, GP_TEX_ARRAY2DMS, 1, 2, 1, 2), 0);
    /* sample 2 of layer 0 would be sample 0 of layer 1 if unchecked */
    st1(&u, GP_TEX_ARRAY2DMS, 1, 2, 1, 0, 0xbc);
    CHECK_INT(load1(&u, GP_TEX_ARRAY2DMS, 1, 2, 0, 2), 0);
    st1(&u, GP_TEX_ARRAY2DMS, 1, 2, 0, 2, 0xbd);
    CHECK_INT(word_at(t, 0, 0, 1, 2, 1, 0), 0xbc);
    s1 = unit(t, 0, false, 1, GL_READ_WRITE, GL_R32UI); /* layer 1 as 2DMS */
    CHECK_INT(load1(&s1, GP_TEX_2DMS, 1, 2, 0, 1), 0xbb);
    CHECK_INT(load1(&s1, GP_TEX_ARRAY2DMS, 1, 2, 1, 1), 0);
    tex_object_free(t);
}

/* ---- levels, completeness, binding, access --------------------------------------------------- */

static void test_invalid(void)
{
    /* 4 x 4 with levels 0..2 (4, 2, 1) */
    tex_object *t = make_tex(GL_TEXTURE_2D, GL_R32UI, 4, 4, 1, 3);
    tex_image_unit u = unit(t, 1, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_2D, 1, 1, 0, 0, 0x12);
    CHECK_INT(word_at(t, 0, 1, 1, 1, 0, 0), 0x12);
    CHECK_INT(load1(&u, GP_TEX_2D, 2, 0, 0, 0), 0); /* level 1 is 2 wide */
    /* the filters play no part (tex.h): LINEAR filters make an integer
     * texture incomplete for sampling, not for image units */
    set_filters(t, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_REPEAT);
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 1, 0, 0), 0x12);
    u.level = 3; /* undefined */
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
    u.level = -1;
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
    u.level = 1;
    t->sampler.base_level = 2; /* level 1 below the base level */
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 1, 0, 0), 0);
    t->sampler.base_level = 0;
    t->sampler.max_level = 0; /* above MAX_LEVEL */
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 1, 0, 0), 0);
    t->sampler.max_level = 1000;
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 1, 0, 0), 0x12);
    /* a level outside the base level's mipmap chain: redefine level 1 as
     * 3 x 3 */
    tex_pixel_store ps = store1();
    static const int32_t nine[9] = {0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55, 0x55};
    CHECK_INT(tex_image_define(t, 0, 1, GL_R32UI, 3, 3, 1, 0, GL_RED_INTEGER_EXT, GL_INT, nine,
                               &ps),
              GL_NO_ERROR);
    CHECK_INT(word_at(t, 0, 1, 1, 1, 0, 0), 0x55);
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 1, 0, 0), 0);
    st1(&u, GP_TEX_2D, 1, 1, 0, 0, 0x56);
    CHECK_INT(word_at(t, 0, 1, 1, 1, 0, 0), 0x55);
    /* level 0 is still fine */
    u.level = 0;
    st1(&u, GP_TEX_2D, 3, 3, 0, 0, 0x13);
    CHECK_INT(load1(&u, GP_TEX_2D, 3, 3, 0, 0), 0x13);
    tex_object_free(t);

    /* no texture; a texture with no image */
    u = unit(NULL, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 1, 0), 0);
    CHECK_INT(load1(NULL, GP_TEX_2D, 0, 0, 0, 0), 0);
    t = tex_object_create(GL_TEXTURE_2D);
    u.tex = t;
    CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 1);
    tex_object_free(t);

    /* formats outside Table X.2: RGB8, LUMINANCE8, depth; a bordered
     * image */
    static const struct { GLenum ifmt, fmt, type; } nf[] = {
        {GL_RGB8, GL_RGBA, GL_FLOAT},
        {GL_LUMINANCE8, GL_RGBA, GL_FLOAT},
        {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT},
    };
    for (size_t i = 0; i < sizeof nf / sizeof nf[0]; i++) {
        t = tex_object_create(GL_TEXTURE_2D);
        CHECK_INT(tex_image_define(t, 0, 0, nf[i].ifmt, 2, 2, 1, 0, nf[i].fmt, nf[i].type,
                                   NULL, &ps),
                  GL_NO_ERROR);
        t->sampler.min_filter = GL_NEAREST;
        CHECK(tex_object_complete(t));
        u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8);
        ir r;
        ir_init(&r, GP_IMG_STORE_FORMATTED, GP_TEX_2D, 0, 0);
        ir_data_f(&r, 1, 1, 1, 1);
        tex_image_access(&u, &r.req, NULL);
        CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
        u.format = GL_R32F;
        CHECK_INT(load1(&u, GP_TEX_2D, 0, 0, 0, 0), 0);
        tex_object_free(t);
    }
    t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 4, 4, 1, 1, GL_RGBA, GL_FLOAT, NULL, &ps),
              GL_NO_ERROR); /* 2 x 2 plus a border */
    t->sampler.min_filter = GL_NEAREST;
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 0xffffffff);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 0);
    tex_object_free(t);
    /* the unsized GL_RGBA counts as RGBA8 */
    t = tex_object_create(GL_TEXTURE_2D);
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA, 1, 1, 1, 0, GL_RGBA, GL_FLOAT, NULL, &ps),
              GL_NO_ERROR);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RGBA8UI);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 0x01020304);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 0x01020304);
    tex_object_free(t);

    /* access modes */
    t = make_tex(GL_TEXTURE_2D, GL_R32UI, 2, 2, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 5);
    tex_image_unit ro = unit(t, 0, false, 0, GL_READ_ONLY, GL_R32UI);
    tex_image_unit wo = unit(t, 0, false, 0, GL_WRITE_ONLY, GL_R32UI);
    tex_image_unit bogus = unit(t, 0, false, 0, GL_RGBA, GL_R32UI);
    CHECK_INT(load1(&ro, GP_TEX_2D, 0, 0, 0, 0), 5);
    st1(&ro, GP_TEX_2D, 0, 0, 0, 0, 6); /* READ_ONLY: no store */
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 5);
    CHECK_INT(atom(&ro, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 1, 0), 0);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 5);
    CHECK_INT(load1(&wo, GP_TEX_2D, 0, 0, 0, 0), 0); /* WRITE_ONLY: no load */
    CHECK_INT(atom(&wo, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 1, 0), 0);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 5);
    st1(&wo, GP_TEX_2D, 0, 0, 0, 0, 7);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 7);
    CHECK_INT(load1(&bogus, GP_TEX_2D, 0, 0, 0, 0), 0);
    st1(&bogus, GP_TEX_2D, 0, 0, 0, 0, 8);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 7);

    /* lanes outside lane_mask are untouched; invalid lanes of the mask
     * read 0 while valid ones read the texel */
    ir r;
    ir_init(&r, GP_IMG_LOAD, GP_TEX_2D, GP_CVT_U32, 1);
    r.req.data = NULL;
    ir_coord(&r, 0, 0, 0, 0);
    r.coord.c[0][1].i = 2; /* lane 1 out of range */
    r.req.lane_mask = 0x3u;
    tex_image_access(&u, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 7);
    CHECK_INT(r.out.c[1][0].u, 0); /* y z w of a one-element load: 0 */
    CHECK_INT(r.out.c[3][0].u, 0);
    CHECK_INT(r.out.c[0][1].u, 0);
    CHECK_INT(r.out.c[0][2].u, 0xabababab);
    /* a NULL coordinate vector or data: invalid, no crash */
    r.req.coord = NULL;
    tex_image_access(&u, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 0);
    ir_init(&r, GP_IMG_STORE, GP_TEX_2D, GP_CVT_U32, 1);
    r.req.data = NULL;
    tex_image_access(&u, &r.req, NULL);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 7);
    tex_image_access(&u, NULL, NULL);

    /* tex_image_units_access: unit 3 of a table; a unit past the table
     * (EDGE.IMG_INDEX_OOB) and bindless handles are invalid */
    tex_image_unit units[GP_MAX_IMAGE_UNITS];
    memset(units, 0, sizeof units);
    units[3] = u;
    ir_init(&r, GP_IMG_LOAD, GP_TEX_2D, GP_CVT_U32, 1);
    r.req.data = NULL;
    r.req.unit = 3;
    tex_image_units_access(units, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 7);
    r.req.unit = 2; /* unbound */
    tex_image_units_access(units, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 0);
    r.req.unit = GP_MAX_IMAGE_UNITS;
    memset(&r.out, 0xab, sizeof r.out);
    tex_image_units_access(units, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 0);
    r.req.unit = 3;
    r.req.bindless = true;
    r.req.handle = 0x1234;
    memset(&r.out, 0xab, sizeof r.out);
    tex_image_units_access(units, &r.req, &r.out);
    CHECK_INT(r.out.c[0][0].u, 0);
    tex_object_free(t);
}

/* ---- atomics --------------------------------------------------------------------------------- */

static void test_atomics(void)
{
    tex_object *t = make_tex(GL_TEXTURE_2D, GL_R32UI, 2, 1, 1, 1);
    tex_image_unit u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
#define AT(op, a, b) atom(&u, GP_TEX_2D, op, GP_CVT_U32, 0, 0, 0, a, b)
#define CUR() word_at(t, 0, 0, 0, 0, 0, 0)
    /* NV_gpu_program5 ATOM / EXT_sils ATOMIM pseudocode, old value back */
    CHECK_INT(AT(GP_ATOM_ADD, 10, 0), 0);
    CHECK_INT(CUR(), 10);
    CHECK_INT(AT(GP_ATOM_ADD, 0xfffffffe, 0), 10); /* wraps: 10 - 2 */
    CHECK_INT(CUR(), 8);
    CHECK_INT(AT(GP_ATOM_MIN, 3, 0), 8);
    CHECK_INT(CUR(), 3);
    CHECK_INT(AT(GP_ATOM_MIN, 0xffffffff, 0), 3); /* unsigned: 3 < 2^32 - 1 */
    CHECK_INT(CUR(), 3);
    CHECK_INT(AT(GP_ATOM_MAX, 0x80000000u, 0), 3);
    CHECK_INT(CUR(), 0x80000000u);
    CHECK_INT(AT(GP_ATOM_EXCH, 6, 0), 0x80000000u);
    CHECK_INT(CUR(), 6);
    CHECK_INT(AT(GP_ATOM_AND, 0xc, 0), 6); /* 0110 & 1100 = 0100 */
    CHECK_INT(CUR(), 4);
    CHECK_INT(AT(GP_ATOM_OR, 0x3, 0), 4);
    CHECK_INT(CUR(), 7);
    CHECK_INT(AT(GP_ATOM_XOR, 0x5, 0), 7);
    CHECK_INT(CUR(), 2);
    /* IWRAP: (old >= op) ? 0 : old + 1 */
    CHECK_INT(AT(GP_ATOM_IWRAP, 3, 0), 2);
    CHECK_INT(CUR(), 3);
    CHECK_INT(AT(GP_ATOM_IWRAP, 3, 0), 3);
    CHECK_INT(CUR(), 0);
    /* DWRAP: (old == 0 || old > op) ? op : old - 1 */
    CHECK_INT(AT(GP_ATOM_DWRAP, 5, 0), 0);
    CHECK_INT(CUR(), 5);
    CHECK_INT(AT(GP_ATOM_DWRAP, 5, 0), 5);
    CHECK_INT(CUR(), 4);
    CHECK_INT(AT(GP_ATOM_DWRAP, 2, 0), 4); /* 4 > 2 */
    CHECK_INT(CUR(), 2);
    /* CSWAP (EDGE.ATOM_CSWAP): stores y when old == x, else the texel
     * keeps (is written back with) its old value */
    CHECK_INT(AT(GP_ATOM_CSWAP, 9, 100), 2);
    CHECK_INT(CUR(), 2);
    CHECK_INT(AT(GP_ATOM_CSWAP, 2, 100), 2);
    CHECK_INT(CUR(), 100);
    /* S32: MIN / MAX are signed */
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_MIN, GP_CVT_S32, 0, 0, 0, (uint32_t)-5, 0), 100);
    CHECK_INT(CUR(), (uint32_t)-5);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_MAX, GP_CVT_S32, 0, 0, 0, (uint32_t)-7, 0), (uint32_t)-5);
    CHECK_INT(CUR(), (uint32_t)-5);
    /* invalid: out of range, a 16-bit or X2 storage modifier */
    CHECK_INT(AT(GP_ATOM_EXCH, 1, 0), (uint32_t)-5);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 2, 0, 0, 1, 0), 0);
    CHECK_INT(word_at(t, 0, 0, 1, 0, 0, 0), 0);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U16, 0, 0, 0, 1, 0), 0);
    CHECK_INT(CUR(), 1);
    /* all 16 lanes ADD 1 to one texel in lane order: old values 1 .. 16 */
    ir r;
    ir_init(&r, GP_IMG_ATOM, GP_TEX_2D, GP_CVT_U32, 1);
    r.req.atom = GP_ATOM_ADD;
    r.req.lane_mask = (GP_LANES >= 32) ? 0xffffffffu : (1u << GP_LANES) - 1u;
    ir_coord(&r, 0, 0, 0, 0);
    ir_data_u(&r, 1, 0, 0, 0);
    tex_image_access(&u, &r.req, &r.out);
    for (int l = 0; l < GP_LANES; l++)
        CHECK_INT(r.out.c[0][l].u, 1 + l);
    CHECK_INT(CUR(), 1 + GP_LANES);
#undef AT
#undef CUR
    tex_object_free(t);

    /* R32F: F32 ADD (NV_shader_atomic_float) 1.5 + 2.25 = 3.75 */
    t = make_tex(GL_TEXTURE_2D, GL_R32F, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32F);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 0x3fc00000); /* 1.5 */
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_F32, 0, 0, 0, 0x40100000, 0), 0x3fc00000);
    gp_val o[4];
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 3.75, 0);
    /* EXCH F32 */
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_EXCH, GP_CVT_F32, 0, 0, 0, 0xbf800000, 0), 0x40700000);
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, -1.0, 0);
    tex_object_free(t);

    /* RGBA8 viewed as R32UI: the four bytes are the word; ADD 0x01010101
     * to (1, 2, 3, 4) gives (2, 3, 4, 5) */
    t = tex_object_create(GL_TEXTURE_2D);
    tex_pixel_store ps = store1();
    static const uint8_t px[4] = {1, 2, 3, 4};
    CHECK_INT(tex_image_define(t, 0, 0, GL_RGBA8, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px, &ps),
              GL_NO_ERROR);
    set_filters(t, GL_NEAREST, GL_NEAREST, GL_CLAMP_TO_EDGE);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 0x01010101, 0), 0x04030201);
    txf(t, 0, 0, o);
    CHECK_NEAR(o[0].f, 2 / 255., 1e-7);
    CHECK_NEAR(o[3].f, 5 / 255., 1e-7);
    tex_object_free(t);

    /* RG16UI (canonical RGBA32UI, two words): ADD 0x00010001 to (5, 7)
     * gives (6, 8); old value 0x00070005 */
    t = make_tex(GL_TEXTURE_2D, GL_RG16UI, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    st1(&u, GP_TEX_2D, 0, 0, 0, 0, 0x00070005);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 0x00010001, 0), 0x00070005);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 6);
    CHECK_INT(o[1].u, 8);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_CSWAP, GP_CVT_U32, 0, 0, 0, 0x00080006, 0xabcd),
              0x00080006);
    txf(t, 0, 0, o);
    CHECK_INT(o[0].u, 0xabcd);
    CHECK_INT(o[1].u, 0);
    tex_object_free(t);

    /* a 2x32 image: atomics are invalid (EDGE.IMG_SIZE_MATCH) */
    t = make_tex(GL_TEXTURE_2D, GL_RG32UI, 1, 1, 1, 1);
    u = unit(t, 0, false, 0, GL_READ_WRITE, GL_RG32UI);
    store_u(&u, GP_TEX_2D, GP_CVT_U32, 2, 0, 0, 0, 0, 4, 5, 0, 0);
    CHECK_INT(atom(&u, GP_TEX_2D, GP_ATOM_ADD, GP_CVT_U32, 0, 0, 0, 1, 0), 0);
    CHECK_INT(word_at(t, 0, 0, 0, 0, 0, 0), 4);
    tex_object_free(t);
}

/* ---- two threads ----------------------------------------------------------------------------- */

#define CONC_CALLS 20000

typedef struct conc {
    const tex_image_unit *u;
    uint32_t max_old;
} conc;

static void *conc_run(void *arg)
{
    conc *c = arg;
    ir r;
    ir_init(&r, GP_IMG_ATOM, GP_TEX_2D, GP_CVT_U32, 1);
    r.req.atom = GP_ATOM_ADD;
    r.req.lane_mask = (GP_LANES >= 32) ? 0xffffffffu : (1u << GP_LANES) - 1u;
    ir_coord(&r, 1, 0, 0, 0);
    ir_data_u(&r, 1, 0, 0, 0);
    for (int i = 0; i < CONC_CALLS; i++) {
        tex_image_access(c->u, &r.req, &r.out);
        for (int l = 0; l < GP_LANES; l++)
            if (r.out.c[0][l].u > c->max_old)
                c->max_old = r.out.c[0][l].u;
    }
    return NULL;
}

static void test_concurrent(const GLenum ifmt)
{
    tex_object *t = make_tex(GL_TEXTURE_2D, ifmt, 2, 1, 1, 1);
    tex_image_unit u = unit(t, 0, false, 0, GL_READ_WRITE, GL_R32UI);
    conc c[2] = {{&u, 0}, {&u, 0}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        CHECK_INT(pthread_create(&th[i], NULL, conc_run, &c[i]), 0);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    /* every ADD counted once: 2 threads x CONC_CALLS x GP_LANES; the old
     * values are distinct, so the largest is the total - 1 */
    uint32_t total = 2u * CONC_CALLS * GP_LANES;
    CHECK_INT(load1(&u, GP_TEX_2D, 1, 0, 0, 0), total);
    CHECK_INT(c[0].max_old > c[1].max_old ? c[0].max_old : c[1].max_old, total - 1);
    tex_object_free(t);
}

int main(void)
{
    test_format_info();
    test_formatted_stores();
    test_format_views();
    test_unformatted();
    test_targets();
    test_invalid();
    test_atomics();
    test_concurrent(GL_R32UI); /* host atomics on the canonical word */
    test_concurrent(GL_RGBA8UI); /* the striped lock: 4 canonical words */
    return tt_finish("texture.image_unit");
}
