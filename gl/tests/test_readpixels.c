/*
 * test_readpixels.c - glReadPixels formats and types (GL 2.1 section
 * 4.3.2), pack state, depth/stencil read-back, pixel pack buffers, and
 * asmgl_read_color.  The framebuffer holds RGBA8 values chosen so every
 * conversion is exact: 51/255 = 0.2, 102/255 = 0.4, 153/255 = 0.6,
 * 204/255 = 0.8.
 */
#include "gl_test.h"

#include <string.h>

#define W 8
#define H 4

static void fill(void)
{
    glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
    glClearDepth(0.25);
    glClearStencil(0x5a);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    /* the left half red-ish: (1, 0, 0.6, 1) -> (255, 0, 153, 255) */
    glColor4f(1, 0, 0.6f, 1);
    glRectf(-1, -1, 0, 1);
    GT_ERROR(GL_NO_ERROR);
}

static void test_color(void)
{
    unsigned char rgba[W * H * 4];
    memset(rgba, 0xee, sizeof rgba);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
    GT_ERROR(GL_NO_ERROR);
    const unsigned char left[4] = {255, 0, 153, 255}, right[4] = {51, 102, 153, 204};
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            GT_CHECK(memcmp(rgba + (y * W + x) * 4, x < W / 2 ? left : right, 4) == 0);

    /* RGB rows of 3 pixels are 9 bytes, padded to 12 by PACK_ALIGNMENT 4 */
    unsigned char rgb[24];
    memset(rgb, 0xee, sizeof rgb);
    glReadPixels(3, 1, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    GT_EQ_INT(rgb[0], 255);
    GT_EQ_INT(rgb[3], 51);
    GT_EQ_INT(rgb[8], 153);
    GT_EQ_INT(rgb[9], 0xee); /* padding untouched */
    GT_EQ_INT(rgb[12], 255);
    GT_EQ_INT(rgb[15], 51);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(3, 1, 3, 2, GL_RGB, GL_UNSIGNED_BYTE, rgb);
    GT_EQ_INT(rgb[9], 255); /* second row starts at byte 9 */
    glPixelStorei(GL_PACK_ALIGNMENT, 4);

    unsigned char bgra[4];
    glReadPixels(6, 0, 1, 1, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
    GT_EQ_INT(bgra[0], 153);
    GT_EQ_INT(bgra[2], 51);
    GT_EQ_INT(bgra[3], 204);

    float f[4];
    glReadPixels(6, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
    GT_NEAR(f[0], 0.2, 1e-6);
    GT_NEAR(f[3], 0.8, 1e-6);
    /* LUMINANCE = R + G + B, clamped to [0, 1] from a fixed-point colour
     * buffer even for FLOAT (Mesa llvmpipe gives 1 here; piglit texture-al) */
    glReadPixels(6, 0, 1, 1, GL_LUMINANCE, GL_FLOAT, f);
    GT_NEAR(f[0], 1.0, 1e-6);
    GLushort us[2];
    glReadPixels(6, 0, 1, 1, GL_ALPHA, GL_UNSIGNED_SHORT, us);
    GT_EQ_INT(us[0], 52428); /* 0.8 * 65535 */
    glReadPixels(0, 0, 1, 1, GL_RED, GL_UNSIGNED_SHORT, us);
    GT_EQ_INT(us[0], 65535);

    /* ROW_LENGTH / SKIP_PIXELS / SKIP_ROWS place a 2x2 block in a 4-wide image */
    unsigned char img[4 * 4 * 4];
    memset(img, 0, sizeof img);
    glPixelStorei(GL_PACK_ROW_LENGTH, 4);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 1);
    glPixelStorei(GL_PACK_SKIP_ROWS, 2);
    glReadPixels(3, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, img);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    GT_EQ_INT(img[(2 * 4 + 1) * 4], 255); /* (3,0) left half */
    GT_EQ_INT(img[(2 * 4 + 2) * 4], 51);  /* (4,0) right half */
    GT_EQ_INT(img[(3 * 4 + 2) * 4 + 3], 204);
    GT_EQ_INT(img[0], 0);
    GT_EQ_INT(img[(2 * 4 + 3) * 4], 0);
    GT_ERROR(GL_NO_ERROR);
}

static void test_depth_stencil(void)
{
    float d = -1;
    glReadPixels(2, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    GT_NEAR(d, 0.25, 0);
    GLushort ds = 0;
    glReadPixels(2, 2, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, &ds);
    GT_EQ_INT(ds, 16384); /* 0.25 * 65535 = 16383.75, rounded */
    unsigned char s = 0;
    glReadPixels(2, 2, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
    GT_EQ_INT(s, 0x5a);
    GLuint packed = 0;
    glReadPixels(2, 2, 1, 1, GL_DEPTH_STENCIL_EXT, GL_UNSIGNED_INT_24_8_EXT, &packed);
    GT_EQ_INT(packed, (4194304u << 8) | 0x5a); /* 0.25 * (2^24 - 1), rounded */
    GT_ERROR(GL_NO_ERROR);

    /* a depth draw: z = 0 in NDC lands on 0.5 with the default depth range */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE); /* depth only */
    glRectf(-1, -1, 1, 1);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDisable(GL_DEPTH_TEST);
    glReadPixels(2, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    GT_NEAR(d, 0.5, 1e-6);
    glDepthFunc(GL_LESS);
    GT_ERROR(GL_NO_ERROR);
}

static void test_pbo_and_errors(void)
{
    GLuint pbo;
    glGenBuffers(1, &pbo);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
    glBufferData(GL_PIXEL_PACK_BUFFER, 64, NULL, GL_STREAM_READ);
    glReadPixels(6, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)8);
    GT_ERROR(GL_NO_ERROR);
    const unsigned char *m = glMapBuffer(GL_PIXEL_PACK_BUFFER, GL_READ_ONLY);
    GT_CHECK(m && m[8] == 51 && m[11] == 204 && m[0] == 0);
    glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
    /* beyond the buffer */
    glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)8);
    GT_ERROR(GL_INVALID_OPERATION);
    /* ARB_pixel_buffer_object: an offset not a multiple of the size of one
     * datum of the type is INVALID_OPERATION (packed types: the pixel) */
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
    GT_ERROR(GL_INVALID_OPERATION);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)4);
    GT_ERROR(GL_NO_ERROR);
    glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, (void *)(uintptr_t)3);
    GT_ERROR(GL_INVALID_OPERATION);
    glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, (void *)(uintptr_t)2);
    GT_ERROR(GL_NO_ERROR);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, (void *)(uintptr_t)6);
    GT_ERROR(GL_INVALID_OPERATION);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)3);
    GT_ERROR(GL_NO_ERROR);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)6);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)8);
    GT_ERROR(GL_NO_ERROR);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    /* the same for unpacks */
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)2);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, (void *)(uintptr_t)1);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, (void *)(uintptr_t)2);
    GT_ERROR(GL_NO_ERROR);
    glWindowPos2i(0, 0);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE); /* the image stays */
    glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, (void *)(uintptr_t)1);
    GT_ERROR(GL_INVALID_OPERATION);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)1);
    GT_ERROR(GL_NO_ERROR);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &pbo);

    unsigned char px[16];
    glReadPixels(0, 0, 1, 1, GL_RGBA, 0x1234, px);
    GT_ERROR(GL_INVALID_ENUM);
    glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_INVALID_VALUE);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    fill();
    test_color();
    test_depth_stencil();
    test_pbo_and_errors();

    /* asmgl_read_color: RGBA8, bottom row first, like glReadPixels */
    unsigned char all[W * H * 4];
    GT_CHECK(asmgl_read_color(c, all));
    GT_EQ_INT(all[0], 255);
    GT_EQ_INT(all[(W - 1) * 4], 51);

    /* a context without depth and stencil has nothing to read there */
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = 4;
    cfg.depth_bits = cfg.stencil_bits = 0;
    asmgl_context *c2 = asmgl_context_create(&cfg);
    GT_CHECK(c2 && asmgl_make_current(c2));
    float d;
    glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint bits = -1;
    glGetIntegerv(GL_DEPTH_BITS, &bits);
    GT_EQ_INT(bits, 0);
    asmgl_make_current(c);
    asmgl_context_destroy(c2);
    asmgl_context_destroy(c);
    return gt_finish("gl.readpixels");
}
