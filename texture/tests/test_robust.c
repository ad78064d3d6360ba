/*
 * test_robust.c - hostile-input sweep (deterministic pseudo-random): pixel
 * transfers read and write exactly the bytes tex_client_image_extent
 * announces (buffers are allocated to that size, so a sanitizer build traps
 * any overrun), texture definition never crashes on odd sizes, formats or
 * stores, and sampling with random state, NaN/infinite coordinates and every
 * op stays inside the images; the same for integer formats and transfers
 * (EXT_texture_integer), buffer textures over exactly sized stores, and
 * TXGO with any offsets.  Single thread.
 */
#include <stdint.h>
#include <stdlib.h>

#include "tex_test.h"

static uint32_t rng = 12345u;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static int pick(int n)
{
    return (int)(rnd() % (uint32_t)n);
}

static const GLenum formats[] = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_RG, GL_RGB, GL_BGR,
                                 GL_RGBA, GL_BGRA, GL_ABGR_EXT, GL_LUMINANCE, GL_LUMINANCE_ALPHA,
                                 GL_DEPTH_COMPONENT, GL_STENCIL_INDEX, GL_DEPTH_STENCIL,
                                 GL_INTENSITY, GL_COLOR_INDEX, 0x1234, GL_RGBA_INTEGER_EXT,
                                 GL_LUMINANCE_INTEGER_EXT, GL_BGR_INTEGER_EXT, GL_RG_INTEGER,
                                 GL_ALPHA_INTEGER_EXT, GL_LUMINANCE_ALPHA_INTEGER_EXT};
static const GLenum types[] = {GL_UNSIGNED_BYTE, GL_BYTE, GL_UNSIGNED_SHORT, GL_SHORT,
                               GL_UNSIGNED_INT, GL_INT, GL_FLOAT, GL_HALF_FLOAT_ARB, GL_BITMAP,
                               GL_UNSIGNED_BYTE_3_3_2, GL_UNSIGNED_BYTE_2_3_3_REV,
                               GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_SHORT_5_6_5_REV,
                               GL_UNSIGNED_SHORT_4_4_4_4, GL_UNSIGNED_SHORT_4_4_4_4_REV,
                               GL_UNSIGNED_SHORT_5_5_5_1, GL_UNSIGNED_SHORT_1_5_5_5_REV,
                               GL_UNSIGNED_INT_8_8_8_8, GL_UNSIGNED_INT_8_8_8_8_REV,
                               GL_UNSIGNED_INT_10_10_10_2, GL_UNSIGNED_INT_2_10_10_10_REV,
                               GL_UNSIGNED_INT_24_8, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DOUBLE};
static const GLenum ifmts[] = {GL_RGBA8, GL_RGB5, GL_LUMINANCE8, GL_ALPHA, GL_INTENSITY16,
                               GL_LUMINANCE_ALPHA, GL_RGBA32F_ARB, GL_RGB16F_ARB,
                               GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8,
                               GL_SRGB8_ALPHA8, GL_R8, GL_RG16F, 3, 0x9999, GL_RGBA8I_EXT,
                               GL_RGB16UI_EXT, GL_LUMINANCE_ALPHA32I_EXT, GL_R8UI,
                               GL_INTENSITY16I_EXT};
static const GLenum targets[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP,
                                 GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_1D_ARRAY_EXT,
                                 GL_TEXTURE_2D_ARRAY_EXT};
static const GLenum filters[] = {GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST,
                                 GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_NEAREST,
                                 GL_LINEAR_MIPMAP_LINEAR};
static const GLenum wraps[] = {GL_REPEAT, GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER,
                               GL_MIRRORED_REPEAT};

#define NELEM(a) (int)(sizeof(a) / sizeof((a)[0]))

static bool int_format(GLenum f)
{
    return f == GL_RGBA_INTEGER_EXT || f == GL_LUMINANCE_INTEGER_EXT ||
           f == GL_BGR_INTEGER_EXT || f == GL_RG_INTEGER || f == GL_ALPHA_INTEGER_EXT ||
           f == GL_LUMINANCE_ALPHA_INTEGER_EXT;
}

static bool int_ifmt(GLenum f)
{
    return f == GL_RGBA8I_EXT || f == GL_RGB16UI_EXT || f == GL_LUMINANCE_ALPHA32I_EXT ||
           f == GL_R8UI || f == GL_INTENSITY16I_EXT;
}

static void random_store(tex_pixel_store *ps)
{
    static const int al[4] = {1, 2, 4, 8};
    tex_pixel_store_default(ps);
    ps->alignment = al[pick(4)];
    ps->row_length = pick(3) ? 0 : pick(13);
    ps->image_height = pick(3) ? 0 : pick(13);
    ps->skip_pixels = pick(4);
    ps->skip_rows = pick(4);
    ps->skip_images = pick(3);
    ps->swap_bytes = pick(2);
    ps->lsb_first = pick(2);
}

static void fill_random(void *p, size_t n)
{
    uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        b[i] = (uint8_t)rnd();
}

static void sweep_transfers(void)
{
    for (int it = 0; it < 4000; it++) {
        GLenum f = formats[pick(NELEM(formats))], ty = types[pick(NELEM(types))];
        int w = pick(10), h = pick(6), d = 1 + pick(3);
        tex_pixel_store ps;
        random_store(&ps);
        GLenum err;
        size_t ext = tex_client_image_size(f, ty, w, h, d, &ps, &err);
        float *rgba = malloc(((size_t)w * h * d + 1) * 4 * sizeof(float));
        if (err != GL_NO_ERROR || ext == 0) {
            CHECK(ext == 0);
            free(rgba);
            continue;
        }
        uint8_t *buf = malloc(ext);
        fill_random(buf, ext);
        if (int_format(f)) {
            int64_t *irgba = malloc(((size_t)w * h * d + 1) * 4 * sizeof(int64_t));
            CHECK_INT(tex_pixels_unpack(f, ty, w, h, d, buf, &ps, rgba), GL_INVALID_OPERATION);
            CHECK_INT(tex_pixels_unpack_int(f, ty, w, h, d, buf, &ps, irgba), GL_NO_ERROR);
            size_t ext2 = tex_client_image_size(f, ty, w, h, 1, &ps, &err);
            if (ext2) {
                uint8_t *b2 = malloc(ext2);
                CHECK_INT(tex_pixels_pack_int(f, ty, w, h, irgba, b2, &ps), GL_NO_ERROR);
                free(b2);
            }
            free(irgba);
            free(buf);
            free(rgba);
            continue;
        }
        CHECK_INT(tex_pixels_unpack(f, ty, w, h, d, buf, &ps, rgba), GL_NO_ERROR);
        free(buf);
        /* pack writes within the 2D extent */
        size_t ext2 = tex_client_image_size(f, ty, w, h, 1, &ps, &err);
        if (ext2) {
            buf = malloc(ext2);
            CHECK_INT(tex_pixels_pack(f, ty, w, h, rgba, buf, &ps), GL_NO_ERROR);
            free(buf);
        }
        free(rgba);
    }
}

static void random_sampler(tex_sampler *s)
{
    s->min_filter = filters[pick(NELEM(filters))];
    s->mag_filter = pick(2) ? GL_NEAREST : GL_LINEAR;
    s->wrap_s = wraps[pick(NELEM(wraps))];
    s->wrap_t = wraps[pick(NELEM(wraps))];
    s->wrap_r = wraps[pick(NELEM(wraps))];
    s->base_level = pick(4) ? 0 : pick(20) - 2;
    s->max_level = pick(3) ? 1000 : pick(6);
    s->min_lod = pick(3) ? -1000.0f : (float)pick(8) - 4.0f;
    s->max_lod = pick(3) ? 1000.0f : (float)pick(8) - 2.0f;
    s->lod_bias = pick(3) ? 0.0f : ((float)pick(64) - 32.0f) / 2.0f;
    s->compare_mode = pick(2) ? GL_NONE : GL_COMPARE_R_TO_TEXTURE;
    s->compare_func = GL_NEVER + (GLenum)pick(8);
    s->depth_mode = pick(2) ? GL_LUMINANCE : GL_ALPHA;
    for (int c = 0; c < 4; c++)
        s->border_color_int[c] = rnd();
}

static float random_coord(void)
{
    switch (pick(12)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return 1e30f;
    case 4: return -1e30f;
    case 5: return 0.0f;
    default: return ((float)(int)(rnd() % 20001u) - 10000.0f) / 1000.0f;
    }
}

static void sweep_textures(void)
{
    for (int it = 0; it < 2000; it++) {
        GLenum target = targets[pick(NELEM(targets))];
        tex_object *t = tex_object_create(target);
        CHECK(t != NULL);
        if (!t)
            continue;
        GLenum ifmt = ifmts[pick(NELEM(ifmts))];
        int levels = 1 + pick(4);
        int w = pick(9), h = pick(9), d = pick(4);
        for (int l = 0; l < levels; l++)
            for (int face = 0; face < t->num_faces; face++) {
                GLenum f = formats[pick(NELEM(formats))], ty = types[pick(NELEM(types))];
                if (pick(2)) {
                    bool depth = ifmt == GL_DEPTH_COMPONENT24 || ifmt == GL_DEPTH_COMPONENT32F ||
                                 ifmt == GL_DEPTH24_STENCIL8;
                    f = depth ? GL_DEPTH_COMPONENT : int_ifmt(ifmt) ? GL_RGBA_INTEGER_EXT : GL_RGBA;
                    ty = pick(2) ? (int_ifmt(ifmt) ? GL_INT : GL_FLOAT) : GL_UNSIGNED_BYTE;
                }
                int lw = w >> l, lh = h >> l, ld = d >> l;
                if (target == GL_TEXTURE_CUBE_MAP)
                    lh = lw;
                if (target == GL_TEXTURE_1D)
                    lh = 1;
                if (target == GL_TEXTURE_1D || target == GL_TEXTURE_2D ||
                    target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_RECTANGLE_ARB ||
                    target == GL_TEXTURE_1D_ARRAY_EXT)
                    ld = 1;
                tex_pixel_store ps;
                random_store(&ps);
                bool three = target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY_EXT;
                GLenum err;
                size_t ext = tex_client_image_extent(f, ty, lw, lh, ld, three, &ps, &err);
                void *px = NULL;
                if (ext && pick(4)) {
                    px = malloc(ext);
                    fill_random(px, ext);
                }
                tex_image_define(t, face, l, ifmt, lw, lh, ld, pick(8) ? 0 : 1, f, ty, px, &ps);
                if (px && pick(2)) {
                    int sx = pick(3) - 1, sy = pick(3) - 1;
                    tex_image_sub(t, face, l, sx, sy, 0, lw / 2, lh / 2, ld, f, ty, px, &ps);
                }
                free(px);
            }
        if (pick(3) == 0)
            tex_generate_mipmap(t);
        random_sampler(&t->sampler);

        /* get every level back into an exactly sized buffer */
        for (int l = 0; l < levels; l++) {
            const tex_image *img = &t->image[0][l];
            tex_pixel_store ps;
            random_store(&ps);
            GLenum f = img->base_format == GL_DEPTH_COMPONENT ? GL_DEPTH_COMPONENT
                       : img->base_format == GL_DEPTH_STENCIL ? GL_DEPTH_STENCIL
                       : int_ifmt(img->internal_format) ? GL_BGRA_INTEGER_EXT : GL_BGRA;
            GLenum ty = f == GL_DEPTH_STENCIL ? GL_UNSIGNED_INT_24_8 : GL_UNSIGNED_SHORT;
            bool three = target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY_EXT;
            GLenum err;
            size_t ext = tex_client_image_extent(f, ty, img->width, img->height, img->depth,
                                                 three, &ps, &err);
            void *buf = malloc(ext ? ext : 1);
            tex_image_get(t, 0, l, f, ty, ext ? buf : NULL, &ps);
            free(buf);
        }

        for (int k = 0; k < 8; k++) {
            gp_vec coord, ddx, ddy, off, out;
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++) {
                    coord.c[c][l].f = random_coord();
                    ddx.c[c][l].f = random_coord();
                    ddy.c[c][l].f = random_coord();
                    off.c[c][l].i = pick(17) - 8;
                }
            gp_tex_request req;
            memset(&req, 0, sizeof req);
            req.op = (uint8_t)pick(GP_TEXOP_LOD + 1);
            req.target = (uint8_t)pick(GP_TEX_TARGET_COUNT);
            req.component = (uint8_t)pick(4);
            req.quad_derivatives = pick(2);
            req.coord = &coord;
            req.ddx = &ddx;
            req.ddy = &ddy;
            req.offset_reg = pick(4) ? NULL : &off;
            req.offset[0] = (int8_t)(pick(17) - 8);
            req.lane_mask = rnd() & 0xffffu;
            if (req.op == GP_TEXOP_TXF || req.op == GP_TEXOP_TXQ)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++)
                        coord.c[c][l].i = (int32_t)rnd() % 40 - 20;
            tex_sample(t, &req, ((float)pick(9) - 4.0f), &out);
            tt_checks++;
            if (pick(4) == 0) {
                /* TXGO with offsets anywhere in int32 */
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++) {
                        ddx.c[c][l].i = pick(8) ? pick(65) - 32 : (int32_t)rnd();
                        ddy.c[c][l].i = pick(8) ? pick(65) - 32 : (int32_t)rnd();
                        coord.c[c][l].f = random_coord();
                    }
                tex_sample_gather_offsets(t, &req, &ddx, &ddy, &out);
                tt_checks++;
            }
        }
        tex_object_free(t);
    }
}

/* Buffer textures over stores of random (exact) sizes: every fetch stays
 * inside the store, whatever the index, format or op. */
static void sweep_buffers(void)
{
    static const GLenum bfmts[] = {GL_RGBA8, GL_R8, GL_RG16F, GL_RGBA32F_ARB, GL_RGBA32UI_EXT,
                                   GL_LUMINANCE_ALPHA16I_EXT, GL_ALPHA8UI_EXT, GL_INTENSITY16,
                                   GL_R32I, GL_RG32F, GL_RGB8, GL_RGBA, 0x1234};
    for (int it = 0; it < 2000; it++) {
        tex_object *t = tex_object_create(GL_TEXTURE_BUFFER_ARB);
        size_t size = (size_t)pick(70);
        uint8_t *store = malloc(size ? size : 1);
        fill_random(store, size);
        GLenum f = bfmts[pick(NELEM(bfmts))];
        GLenum err = tex_buffer_attach(t, f, pick(8) ? store : NULL, size);
        CHECK(err == GL_NO_ERROR || err == GL_INVALID_ENUM);
        for (int k = 0; k < 4; k++) {
            gp_vec coord, out;
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    coord.c[c][l].i = pick(4) ? pick(40) - 10 : (int32_t)rnd();
            gp_tex_request req;
            memset(&req, 0, sizeof req);
            req.op = (uint8_t)(pick(2) ? GP_TEXOP_TXF : pick(GP_TEXOP_LOD + 1));
            req.target = (uint8_t)(pick(2) ? GP_TEX_BUFFER : pick(GP_TEX_TARGET_COUNT));
            req.component = (uint8_t)pick(4);
            req.coord = &coord;
            req.offset[0] = (int8_t)(pick(17) - 8);
            req.lane_mask = rnd() & 0xffffu;
            tex_sample(t, &req, 0.0f, &out);
            tt_checks++;
        }
        tex_object_free(t);
        free(store);
    }
}

int main(void)
{
    sweep_transfers();
    sweep_textures();
    sweep_buffers();
    return tt_finish("texture.robust");
}
