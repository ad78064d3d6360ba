/* test_default_multisample.c - a multisample default framebuffer (asmgl.h
 * samples 4): a surface and a context made with 4 samples report
 * SAMPLE_BUFFERS 1 / SAMPLES 4, render a tilted triangle edge per sample,
 * and every read of framebuffer 0 gives the resolved colour (GL 2.1
 * section 4.3.2): glReadPixels, asmgl_surface_read_color (what a window
 * shows at swap), asmgl_read_color, glCopyTexImage2D and a
 * glBlitFramebuffer resolve.  Depth and stencil are per sample.
 *
 * Expected values by hand.  4x sample positions from the pixel's
 * lower-left corner (rast.h, GL_SAMPLE_POSITION):
 *   s0 (0.375, 0.125)  s1 (0.875, 0.375)  s2 (0.125, 0.625)  s3 (0.625, 0.875)
 * The shape is the quad left of the edge x = 2 + y / 2 (from (2, 0) to
 * (10, 16)).  In row 2k the edge crosses pixel 2 + k at
 * x = 2 + k + 0.5 * sy: the samples' edge x are 0.0625 0.1875 0.3125
 * 0.4375 past the pixel's left side, so of the sample x 0.375 0.875 0.125
 * 0.625 only s2 is left of it: coverage 1/4.  In row 2k + 1 the edge is at
 * 2 + k + 0.5 + 0.5 * sy: 0.5625 0.6875 0.8125 0.9375 past the left side,
 * so s0, s2 and s3 are covered: 3/4.  Pixels left of those are covered
 * fully, those right of them not at all.  The resolve averages: red 1 on
 * black gives 255 / 4 = 63.75 -> 64 and 3 * 255 / 4 = 191.25 -> 191.
 * With GL_MULTISAMPLE off every sample takes the pixel centre
 * (x + 0.5, y + 0.5): row 2k's edge pixel centre is right of the edge
 * (2.5 > 2.25 for k = 0), row 2k + 1's left of it (2.5 < 2.75).
 */
#include "gl_test.h"

#include <stdlib.h>
#include <string.h>

enum { W = 16, H = 16 };

/* The expected red of pixel (x, y) of the quad left of x = 2 + y / 2. */
static int edge_red(int x, int y)
{
    int e = 2 + y / 2; /* the pixel the edge crosses in row y */
    if (x < e)
        return 255;
    if (x > e)
        return 0;
    return y % 2 == 0 ? 64 : 191;
}

static void setup_window_coords(void)
{
    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1); /* vertices in window coordinates */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

/* The quad left of the tilted edge (two triangles) at z (glOrtho above
 * maps z to depth 0.5 - z / 2). */
static void draw_edge_quad(float z)
{
    const float v[6][3] = {{-1, 0, z}, {2, 0, z}, {10, 16, z},
                           {-1, 0, z}, {10, 16, z}, {-1, 16, z}};
    glVertexPointer(3, GL_FLOAT, 0, v);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void draw_full_quad(float z)
{
    const float v[6][3] = {{0, 0, z}, {W, 0, z}, {W, H, z}, {0, 0, z}, {W, H, z}, {0, H, z}};
    glVertexPointer(3, GL_FLOAT, 0, v);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
}

/* Compares an image (rows bottom-up, RGBA, row_bytes apart) channel c
 * against want(x, y) (other channel: 255 - want when other >= 0). */
static void check_image(const char *what, const unsigned char *img, size_t row_bytes, bool top_down,
                        int c, int other)
{
    int bad = 0;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            const unsigned char *p = img + row_bytes * (size_t)(top_down ? H - 1 - y : y) + 4 * x;
            int want = edge_red(x, y);
            if (p[c] != want || (other >= 0 && p[other] != 255 - want) || p[3] != 255) {
                if (bad++ < 8)
                    fprintf(stderr, "%s: pixel (%d, %d) = %d %d %d %d, want channel %d = %d\n",
                            what, x, y, p[0], p[1], p[2], p[3], c, want);
            }
        }
    if (bad)
        gt_failures++;
}

static void test_surface(void)
{
    asmgl_config cc;
    asmgl_config_default(&cc);
    cc.width = cc.height = 4;
    asmgl_context *ctx = asmgl_context_create(&cc);
    GT_CHECK(ctx != NULL);
    asmgl_config sc = {W, H, 24, 8, 4};
    asmgl_surface *s = asmgl_surface_create(&sc);
    GT_CHECK(s != NULL);
    if (!ctx || !s)
        return;
    GT_CHECK(asmgl_make_current_surface(ctx, s));
    GLint v = -1;
    glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
    GT_EQ_INT(v, 1);
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 4);
    GLfloat pos[2] = {-1, -1};
    glGetMultisamplefv(GL_SAMPLE_POSITION, 2, pos); /* s2, the one covered in row 0 */
    GT_NEAR(pos[0], 0.125, 0);
    GT_NEAR(pos[1], 0.625, 0);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsEnabled(GL_MULTISAMPLE));

    setup_window_coords();
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    draw_edge_quad(0);

    /* glReadPixels from framebuffer 0 resolves (no INVALID_OPERATION as
     * for a multisample framebuffer object) */
    static unsigned char img[H][W][4];
    memset(img, 0xcc, sizeof img);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_ERROR(GL_NO_ERROR);
    check_image("glReadPixels", &img[0][0][0], W * 4, false, 0, -1);
    GT_PROBE(2, 0, 0.25f, 0, 0, 1, 0.5f / 255);
    GT_PROBE(2, 1, 0.75f, 0, 0, 1, 0.5f / 255);

    /* what a window shows: top row first, BGRA and RGBA */
    static unsigned char top[H][W][4];
    GT_CHECK(asmgl_surface_read_color(s, top, W * 4, 0));
    check_image("asmgl_surface_read_color", &top[0][0][0], W * 4, true, 0, -1);
    GT_CHECK(asmgl_surface_read_color(s, top, W * 4, 1));
    check_image("asmgl_surface_read_color bgra", &top[0][0][0], W * 4, true, 2, -1);

    /* glCopyTexImage2D reads the resolved colour too */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, W, H, 0);
    GT_ERROR(GL_NO_ERROR);
    memset(img, 0xcc, sizeof img);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_image("glCopyTexImage2D", &img[0][0][0], W * 4, false, 0, -1);
    glDeleteTextures(1, &tex);

    /* a glBlitFramebuffer resolve into a single-sampled framebuffer
     * object; the other way replicates each pixel into every sample
     * (ARB_framebuffer_object 4.3.2), so framebuffer 0 resolves to the
     * same image again: were only sample 0 written, the edge pixels would
     * average the old samples with it */
    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    memset(img, 0xcc, sizeof img);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_image("glBlitFramebuffer resolve", &img[0][0][0], W * 4, false, 0, -1);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    /* the rectangles of a blit into a multisample framebuffer must have
     * equal sizes */
    glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    memset(img, 0xcc, sizeof img);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_image("glBlitFramebuffer into the multisample framebuffer 0", &img[0][0][0], W * 4, false, 0, -1);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);

    /* per-sample depth: the quad in front (depth 0.5, green), then the
     * whole window behind it (depth 0.75, red) with LESS: the edge pixels
     * keep green in the covered samples and get red in the others */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor4f(0, 1, 0, 1);
    draw_edge_quad(0);
    glColor4f(1, 0, 0, 1);
    draw_full_quad(-0.5f);
    glDisable(GL_DEPTH_TEST);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_image("per-sample depth", &img[0][0][0], W * 4, false, 1, 0);

    /* per-sample stencil: the quad sets 1 where it covers (colour off),
     * then green passes only there */
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    draw_edge_quad(0);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glColor4f(0, 1, 0, 1);
    draw_full_quad(0);
    glDisable(GL_STENCIL_TEST);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, img);
    check_image("per-sample stencil", &img[0][0][0], W * 4, false, 1, -1);

    /* MULTISAMPLE off: all samples take the pixel centre */
    glDisable(GL_MULTISAMPLE);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    draw_edge_quad(0);
    glEnable(GL_MULTISAMPLE);
    for (int y = 0; y < H; y++) {
        int e = 2 + y / 2;
        GT_PROBE(e, y, y % 2 ? 1.0f : 0.0f, 0, 0, 1, 0);
    }

    /* a resize keeps the sample count */
    GT_CHECK(asmgl_surface_resize(s, W / 2, H / 2));
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 4);

    /* a single-sampled surface and no surface report no sample buffers */
    asmgl_config one = {W, H, 0, 0, 1};
    asmgl_surface *s1 = asmgl_surface_create(&one);
    GT_CHECK(s1 && asmgl_make_current_surface(ctx, s1));
    glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
    GT_EQ_INT(v, 0);
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 0);
    GT_CHECK(asmgl_make_current_surface(ctx, NULL));
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 0);
    /* the context's own (single-sampled) framebuffer comes back */
    GT_CHECK(asmgl_make_current_surface(NULL, NULL));
    GT_CHECK(asmgl_make_current(ctx));
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 0);
    GT_CHECK(asmgl_make_current(NULL));
    GT_ERROR(GL_NO_ERROR);

    asmgl_surface_destroy(s1);
    asmgl_surface_destroy(s);
    asmgl_context_destroy(ctx);

    /* sample counts a default framebuffer cannot have */
    asmgl_config bad = {W, H, 0, 0, 3};
    GT_CHECK(asmgl_surface_create(&bad) == NULL && strlen(asmgl_last_error()) > 0);
    bad.samples = 16;
    GT_CHECK(asmgl_surface_create(&bad) == NULL);
}

/* A context made with samples 8 and 2: its own framebuffer is
 * multisampled; asmgl_read_color resolves. */
static void test_context(int n)
{
    asmgl_config cfg = {W, H, 24, 8, n};
    asmgl_context *ctx = asmgl_context_create(&cfg);
    GT_CHECK(ctx != NULL);
    if (!ctx)
        return;
    GT_CHECK(asmgl_make_current(ctx));
    GLint v = -1;
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, n);
    setup_window_coords();
    glClearColor(0.8f, 0, 0, 1); /* red 204 */
    glClear(GL_COLOR_BUFFER_BIT);
    /* the left half of one pixel column: 4 <= x < 4.5 covers the samples
     * with x fraction < 0.5, half of them in the 2x, 4x and 8x patterns
     * (2x: 0.75, 0.25; 8x: 0.5625 0.4375 0.8125 0.3125 0.1875 0.0625
     * 0.6875 0.9375): blue 102 over red 204 resolves to red 102, blue 51 */
    glColor4f(0, 0, 0.4f, 1);
    const float q[6][2] = {{4, 0}, {4.5f, 0}, {4.5f, H}, {4, 0}, {4.5f, H}, {4, H}};
    glVertexPointer(2, GL_FLOAT, 0, q);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
    static unsigned char img[H][W][4];
    GT_CHECK(asmgl_read_color(ctx, img));
    for (int y = 0; y < H; y += 5) {
        GT_EQ_INT(img[y][3][0], 204);
        GT_EQ_INT(img[y][4][0], 102);
        GT_EQ_INT(img[y][4][2], 51);
        GT_EQ_INT(img[y][5][0], 204);
        GT_EQ_INT(img[y][5][2], 0);
    }
    GT_CHECK(asmgl_make_current(NULL));
    asmgl_context_destroy(ctx);
}

int main(void)
{
    test_surface();
    test_context(8);
    test_context(2);
    return gt_finish("gl.default_multisample");
}
