/*
 * test_extreme_args.c - GL entry points given legal integer arguments at the
 * ends of their range (GLint near INT_MAX or INT_MIN, offsets near
 * INTPTR_MAX, unsigned indices near UINT_MAX): the error the spec gives, the
 * pixels it defines, and no signed overflow (the test runs in the UBSan
 * build, label asan, where any overflow aborts it).
 *
 * Expectations:
 *   - a source rectangle outside the window reads undefined values but is
 *     no error (GL 2.1 sections 4.3.2, 3.8.2 CopyTexSubImage);
 *   - a destination region outside the texture image is INVALID_VALUE
 *     (section 3.8.2: x + w > width + b), however far outside;
 *   - EXT_framebuffer_blit 4.3.2: the blit is a linear map of the source
 *     rectangle onto the destination one, clipped to the scissor box;
 *     the box is [x, x + width) even when x + width passes INT_MAX;
 *   - PBO reads past the buffer store are INVALID_OPERATION
 *     (ARB_pixel_buffer_object), buffer ranges past it INVALID_VALUE
 *     (ARB_vertex_buffer_object 2.9), parameter ranges past the array
 *     INVALID_VALUE (EXT_gpu_program_parameters);
 *   - vertex numbers past INT_MAX select no vertex: nothing is drawn.
 */
#include "gl_test.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#define W 64
#define H 64

/* Expects every pixel of the colour buffer to be (r, g, b, a) (bytes),
 * except those with x >= x0 && y >= y0, which must be (r2, g2, b2, a2). */
static void expect_split(int line, int x0, int y0, const unsigned char in[4],
                         const unsigned char out[4])
{
    static unsigned char px[W * H * 4];
    GLint rfb;
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &rfb);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, (GLuint)rfb);
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *want = x >= x0 && y >= y0 ? in : out;
            if (memcmp(px + (y * W + x) * 4, want, 4) && bad++ < 3)
                fprintf(stderr, "line %d: pixel (%d,%d) = %d %d %d %d, want %d %d %d %d\n", line, x,
                        y, px[(y * W + x) * 4], px[(y * W + x) * 4 + 1], px[(y * W + x) * 4 + 2],
                        px[(y * W + x) * 4 + 3], want[0], want[1], want[2], want[3]);
        }
    if (bad)
        gt_failures++;
}

static const unsigned char RED[4] = {255, 0, 0, 255}, GREEN[4] = {0, 255, 0, 255},
                           BLUE[4] = {0, 0, 255, 255};

static void clear_to(const unsigned char c[4])
{
    glDisable(GL_SCISSOR_TEST);
    glClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
    glClear(GL_COLOR_BUFFER_BIT);
}

/* glCopyTexSubImage* and glCopyTexImage*: sources far outside the window,
 * destinations far outside the image. */
static void copy_tex(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0x7ffffff0, 0x7ffffff0, 32, 32);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, INT_MAX, INT_MAX, 64, 64);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, INT_MIN, INT_MIN, 64, 64);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, INT_MAX, 0, 0, 0, 1, 1);
    GT_ERROR(GL_INVALID_VALUE);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 0, 0, INT_MAX, 1);
    GT_ERROR(GL_INVALID_VALUE);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, INT_MAX, INT_MAX);
    GT_ERROR(GL_INVALID_VALUE);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, INT_MIN, INT_MIN, 0, 0, 1, 1);
    GT_ERROR(GL_INVALID_VALUE);
    /* the window's pixels still land where xoffset says */
    clear_to(GREEN);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 60, 60, 0, 0, 4, 4);
    GT_ERROR(GL_NO_ERROR);
    unsigned char tex[64 * 64 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, tex);
    GT_CHECK(!memcmp(tex + (63 * 64 + 63) * 4, GREEN, 4));

    GLuint t1, t3;
    glGenTextures(1, &t1);
    glBindTexture(GL_TEXTURE_1D, t1);
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 0, INT_MAX - 3, INT_MAX, 16);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage1D(GL_TEXTURE_1D, 0, 63, 0, 0, INT_MAX);
    GT_ERROR(GL_INVALID_VALUE);
    glGenTextures(1, &t3);
    glBindTexture(GL_TEXTURE_3D, t3);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 7, INT_MAX - 1, INT_MAX - 1, 8, 8);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, INT_MAX, 0, 0, 1, 1);
    GT_ERROR(GL_INVALID_VALUE);

    glBindTexture(GL_TEXTURE_2D, t);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, INT_MAX - 3, INT_MAX - 3, 16, 16, 0);
    GT_ERROR(GL_NO_ERROR);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, INT_MAX, 1, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 1, INT_MAX, 1);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteTextures(1, &t);
    glDeleteTextures(1, &t1);
    glDeleteTextures(1, &t3);
}

/* A 64x64 framebuffer object: red where x < 16, green elsewhere. */
static GLuint source_fbo(GLuint *tex)
{
    static unsigned char img[64 * 64 * 4];
    for (int y = 0; y < 64; y++)
        for (int x = 0; x < 64; x++)
            memcpy(img + (y * 64 + x) * 4, x < 16 ? RED : GREEN, 4);
    glGenTextures(1, tex);
    glBindTexture(GL_TEXTURE_2D, *tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    return fb;
}

static void blit(void)
{
    GLuint tex, fb = source_fbo(&tex);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);

    /* a destination rectangle of 2^32 - 2 pixels centred on 0: the window
     * is a 64-pixel sliver at its middle, which maps to source x and y
     * near 32 (green) */
    clear_to(BLUE);
    glBlitFramebuffer(0, 0, 64, 64, -0x7fffffff, -0x7fffffff, 0x7fffffff, 0x7fffffff,
                      GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, GREEN, GREEN);
    glBlitFramebuffer(0, 0, 64, 64, 0x7fffffff, 0x7fffffff, -0x7fffffff, -0x7fffffff,
                      GL_COLOR_BUFFER_BIT, GL_LINEAR);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, GREEN, GREEN);
    glBlitFramebuffer(0, 0, 64, 64, INT_MIN, INT_MIN, INT_MAX, INT_MAX, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, GREEN, GREEN);

    /* a source rectangle far outside the read buffer: no error */
    glBlitFramebuffer(INT_MIN, INT_MIN, INT_MAX, INT_MAX, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT,
                      GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glBlitFramebuffer(INT_MAX - 1, INT_MAX - 1, INT_MAX, INT_MAX, 0, 0, 64, 64,
                      GL_COLOR_BUFFER_BIT, GL_LINEAR);
    GT_ERROR(GL_NO_ERROR);

    /* scissor boxes whose x + width passes INT_MAX */
    clear_to(BLUE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0x7ffffff0, 0x7ffffff0, 0x7fffffff, 0x7fffffff);
    glBlitFramebuffer(0, 0, 64, 64, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, BLUE, BLUE);
    glScissor(20, 10, INT_MAX, INT_MAX);
    glBlitFramebuffer(0, 0, 64, 64, 0, 0, 64, 64, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 20, 10, GREEN, BLUE);
    GLint box[4];
    glGetIntegerv(GL_SCISSOR_BOX, box);
    GT_CHECK(box[0] == 20 && box[1] == 10 && box[2] == INT_MAX && box[3] == INT_MAX);
    glDisable(GL_SCISSOR_TEST);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &tex);
}

/* Clears, draws, DrawPixels (colour and stencil) and CopyPixels under a
 * scissor box that runs past INT_MAX. */
static void scissor_ops(void)
{
    clear_to(BLUE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(20, 10, INT_MAX, INT_MAX);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 20, 10, RED, BLUE);

    glScissor(30, 40, INT_MAX - 29, INT_MAX - 39);
    glColor4ub(0, 255, 0, 255);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    {
        static unsigned char px[W * H * 4];
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
        GT_CHECK(!memcmp(px + (45 * W + 35) * 4, GREEN, 4));
        GT_CHECK(!memcmp(px + (45 * W + 25) * 4, RED, 4));
        GT_CHECK(!memcmp(px + (5 * W + 35) * 4, BLUE, 4));
    }

    /* stencil DrawPixels takes the scissor test only (GL 2.1 4.3.1) */
    glDisable(GL_SCISSOR_TEST);
    glClearStencil(0);
    glClear(GL_STENCIL_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(20, 10, INT_MAX, INT_MAX);
    glWindowPos2i(0, 0);
    static unsigned char ones[W * H];
    memset(ones, 7, sizeof ones);
    glDrawPixels(W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ones);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_SCISSOR_TEST);
    static unsigned char st[W * H];
    glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    GT_EQ_INT(st[10 * W + 20], 7);
    GT_EQ_INT(st[63 * W + 63], 7);
    GT_EQ_INT(st[9 * W + 20], 0);
    GT_EQ_INT(st[10 * W + 19], 0);

    /* a raster position far outside the window: nothing is written */
    glWindowPos2i(INT_MAX, INT_MAX);
    glDrawPixels(W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ones);
    glWindowPos2i(INT_MIN, INT_MIN);
    glDrawPixels(W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, ones);
    GT_ERROR(GL_NO_ERROR);
    glReadPixels(0, 0, W, H, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, st);
    GT_EQ_INT(st[0], 0);

    /* CopyPixels from far outside the window: no error */
    glWindowPos2i(0, 0);
    glCopyPixels(INT_MAX - 2, INT_MAX - 2, 4, 4, GL_COLOR);
    glCopyPixels(INT_MAX - 2, INT_MAX - 2, 4, 4, GL_STENCIL);
    glCopyPixels(INT_MIN, INT_MIN, 4, 4, GL_DEPTH);
    GT_ERROR(GL_NO_ERROR);
    /* a source rectangle of 2^31 - 1 pixels a row costs its part inside
     * the window (the rest reads undefined values, GL 2.1 4.3.3): pixels
     * (x, 0) go to (x, 40), the window's width of them */
    glDisable(GL_SCISSOR_TEST);
    clear_to(BLUE);
    glScissor(0, 0, W, 1);
    glEnable(GL_SCISSOR_TEST);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    glWindowPos2i(0, 40);
    glCopyPixels(0, 0, INT_MAX, 1, GL_COLOR);
    GT_ERROR(GL_NO_ERROR);
    /* clipped on the left: source x = -10 .. 9 to 30 .. 49; the part
     * from inside the window lands at 40 .. 49 */
    glWindowPos2i(30, 50);
    glCopyPixels(-10, 0, 20, 1, GL_COLOR);
    GT_ERROR(GL_NO_ERROR);
    {
        static unsigned char px[W * H * 4];
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
        GT_CHECK(!memcmp(px + (40 * W + 0) * 4, GREEN, 4));
        GT_CHECK(!memcmp(px + (40 * W + 63) * 4, GREEN, 4));
        GT_CHECK(!memcmp(px + (41 * W + 0) * 4, BLUE, 4));
        GT_CHECK(!memcmp(px + (50 * W + 40) * 4, GREEN, 4));
        GT_CHECK(!memcmp(px + (50 * W + 49) * 4, GREEN, 4));
        GT_CHECK(!memcmp(px + (50 * W + 50) * 4, BLUE, 4));
    }
}

static void read_pixels(void)
{
    unsigned char px[16 * 4];
    float f[16 * 4];
    glReadPixels(INT_MAX - 1, INT_MAX - 1, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_NO_ERROR);
    glReadPixels(INT_MAX - 1, 0, 4, 4, GL_RGBA, GL_FLOAT, f);
    GT_ERROR(GL_NO_ERROR);
    glReadPixels(INT_MIN, INT_MIN, 4, 4, GL_DEPTH_COMPONENT, GL_FLOAT, f);
    GT_ERROR(GL_NO_ERROR);
    /* the fast path's "rows inside the surface" test */
    glReadPixels(60, INT_MAX - 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_NO_ERROR);

    /* integer colour buffers */
    GLuint tex, fb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I_EXT, 8, 8, 0, GL_RGBA_INTEGER, GL_INT, NULL);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GLint iv[16 * 4];
    glReadPixels(INT_MAX - 1, INT_MAX - 1, 4, 4, GL_RGBA_INTEGER, GL_INT, iv);
    GT_ERROR(GL_NO_ERROR);
    GLuint t2;
    glGenTextures(1, &t2);
    glBindTexture(GL_TEXTURE_2D, t2);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I_EXT, 8, 8, 0, GL_RGBA_INTEGER, GL_INT, NULL);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, INT_MAX - 1, INT_MAX - 1, 4, 4);
    GT_ERROR(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    GLuint del[2] = {tex, t2};
    glDeleteTextures(2, del);

    /* pack and unpack strides that run past a pixel buffer object */
    GLuint pbo;
    glGenBuffers(1, &pbo);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
    glBufferData(GL_PIXEL_PACK_BUFFER, 4096, NULL, GL_STREAM_READ);
    glPixelStorei(GL_PACK_ROW_LENGTH, INT_MAX);
    glPixelStorei(GL_PACK_SKIP_ROWS, 1000);
    glReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, INT_MAX);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(intptr_t)(INTPTR_MAX - 2));
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 1000);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, INT_MAX);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glWindowPos2i(0, 0);
    glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    /* sub-image regions far outside the image */
    unsigned char texel[16] = {0};
    glTexSubImage2D(GL_TEXTURE_2D, 0, INT_MAX, INT_MAX, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    GT_ERROR(GL_INVALID_VALUE);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, INT_MAX, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    GT_ERROR(GL_INVALID_VALUE);
    glTexSubImage2D(GL_TEXTURE_2D, 0, INT_MIN, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteTextures(1, &t);
    glDeleteBuffers(1, &pbo);
}

static void buffers_and_params(void)
{
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
    char data[16] = {0};
    glBufferSubData(GL_ARRAY_BUFFER, INTPTR_MAX, 1, data);
    GT_ERROR(GL_INVALID_VALUE);
    glBufferSubData(GL_ARRAY_BUFFER, 8, INTPTR_MAX, data);
    GT_ERROR(GL_INVALID_VALUE);
    glGetBufferSubData(GL_ARRAY_BUFFER, INTPTR_MAX - 1, 16, data);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBuffer(GL_ARRAY_BUFFER, 0);

    static const float v[4] = {1, 2, 3, 4};
    glProgramEnvParameters4fvEXT(GL_VERTEX_PROGRAM_ARB, UINT_MAX, 1, v);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramEnvParameters4fvEXT(GL_VERTEX_PROGRAM_ARB, 1, INT_MAX, v);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramLocalParameters4fvEXT(GL_FRAGMENT_PROGRAM_ARB, UINT_MAX - 1, 2, v);
    GT_ERROR(GL_INVALID_VALUE);

    /* NV_parameter_buffer_object: word + count past the binding */
    glBindBuffer(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, b);
    glBindBufferBaseNV(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 0, b);
    GT_ERROR(GL_NO_ERROR);
    glProgramBufferParametersfvNV(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 0, UINT_MAX, 1, v);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramBufferParametersfvNV(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 0, 1, INT_MAX, v);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteBuffers(1, &b);

    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, INT_MAX, INT_MAX);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteRenderbuffers(1, &rb);

    GLuint t, fb;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, INT_MAX);
    GT_ERROR(GL_INVALID_VALUE);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(1, &t);
}

/* Vertex numbers past INT_MAX: nothing drawn, no error. */
static void draws(void)
{
    clear_to(BLUE);
    static const float pts[8] = {0, 0, 0.5f, 0.5f, -0.5f, -0.5f, 0.5f, -0.5f};
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, pts);
    glColor4ub(255, 0, 0, 255);
    glPointSize(8);
    glDrawArrays(GL_POINTS, INT_MAX - 1, 4);
    GT_ERROR(GL_NO_ERROR);
    glDrawArrays(GL_POINTS, INT_MAX, INT_MAX);
    GT_ERROR(GL_NO_ERROR);
    glDrawArraysInstanced(GL_POINTS, INT_MAX - 2, 4, 2);
    GT_ERROR(GL_NO_ERROR);
    static const GLuint idx[2] = {1, 2};
    glDrawElementsBaseVertex(GL_POINTS, 2, GL_UNSIGNED_INT, idx, INT_MAX);
    GT_ERROR(GL_NO_ERROR);
    glDrawElementsBaseVertex(GL_POINTS, 2, GL_UNSIGNED_INT, idx, INT_MIN);
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, BLUE, BLUE);
    glLockArraysEXT(INT_MAX, INT_MAX);
    GT_ERROR(GL_NO_ERROR);
    glUnlockArraysEXT();
    glDisableClientState(GL_VERTEX_ARRAY);

    /* a viewport far outside the window: nothing visible is drawn */
    glViewport(INT_MAX - 1, INT_MAX - 1, INT_MAX, INT_MAX);
    GLint vp[4];
    glGetIntegerv(GL_VIEWPORT, vp); /* GL 2.1 2.11.1: sizes clamp to MAX_VIEWPORT_DIMS */
    GLint dims[2];
    glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
    GT_CHECK(vp[2] == dims[0] && vp[3] == dims[1] && vp[0] >= INT_MAX - 256);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(0, 1);
    glEnd();
    glViewport(INT_MIN, INT_MIN, INT_MAX, INT_MAX);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(0, 1);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    expect_split(__LINE__, 0, 0, BLUE, BLUE);
    glViewport(0, 0, W, H);
}

int main(void)
{
    gt_context(W, H);
    copy_tex();
    blit();
    scissor_ops();
    read_pixels();
    buffers_and_params();
    draws();
    return gt_finish("gl.extreme_args");
}
