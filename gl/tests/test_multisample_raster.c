/* test_multisample_raster.c - multisample rasterization end to end: a
 * 4-sample renderbuffer framebuffer (glRenderbufferStorageMultisample),
 * triangles whose edges cross pixels between the sample positions, and the
 * glBlitFramebuffer resolve giving the exact average of the covered
 * samples; glGetMultisamplefv's positions agree with the samples rendered
 * (each sample isolated with glSampleMaski); MULTISAMPLE off gives the
 * pixel-centre image; alpha to coverage; sample coverage; the resolved images are
 * bit-identical for ASMGL_THREADS 1, 2 and 4.
 * Expected values: the hand geometry and the positions GL reports (rounded
 * to nearest when stored: RGBA8 keeps round(255 * c)).
 *
 * (FEATURES.md has no rows for GL multisample rasterization itself; the
 * NV_explicit_multisample API rows below are what this test exercises.)
 * covers: API.GetMultisamplefvNV API.SampleMaskIndexedNV
 */
#include "gl_test.h"

#include <stdlib.h>
#include <string.h>

enum { W = 16, H = 16, N = 4 };

typedef struct msfb {
    GLuint rb[3], fbo[2];
} msfb;

/* fbo[0]: 4-sample RGBA8 + depth; fbo[1]: single-sampled RGBA8 (resolve) */
static void msfb_create(msfb *m, int samples)
{
    glGenRenderbuffers(3, m->rb);
    glBindRenderbuffer(GL_RENDERBUFFER, m->rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, W, H);
    glBindRenderbuffer(GL_RENDERBUFFER, m->rb[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, W, H);
    glBindRenderbuffer(GL_RENDERBUFFER, m->rb[2]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glGenFramebuffers(2, m->fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, m->fbo[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m->rb[2]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glBindFramebuffer(GL_FRAMEBUFFER, m->fbo[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, m->rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, m->rb[1]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1); /* vertices in window coordinates */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

static void msfb_destroy(msfb *m)
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(2, m->fbo);
    glDeleteRenderbuffers(3, m->rb);
}

/* Resolves fbo[0] into fbo[1] and reads it back (RGBA8), leaving fbo[0] bound. */
static void resolve(const msfb *m, GLubyte out[H][W][4])
{
    glBindFramebuffer(GL_READ_FRAMEBUFFER, m->fbo[0]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, m->fbo[1]);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, m->fbo[1]);
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, out);
    glBindFramebuffer(GL_FRAMEBUFFER, m->fbo[0]);
}

static void tris(const float (*v)[2], int n)
{
    glVertexPointer(2, GL_FLOAT, 0, v);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, n);
    glDisableClientState(GL_VERTEX_ARRAY);
}

/* Red rectangles x < 563/256 (2.199) in rows 0..7 and x < 691/256 (2.699)
 * in rows 8..15 on blue.  4x positions have x = 0.375 0.875 0.125 0.625
 * inside the pixel: pixel 2 of the lower band covers sample 2 only (1 of
 * 4: red 0.25 -> 64, blue 0.75 -> 191), of the upper band samples 0, 2, 3
 * (3 of 4: 191, 64). */
static void draw_bands(void)
{
    const float a = 563.0f / 256.0f, b = 691.0f / 256.0f;
    const float v[12][2] = {{0, 0}, {a, 0}, {a, 8}, {0, 0}, {a, 8}, {0, 8},
                            {0, 8}, {b, 8}, {b, 16}, {0, 8}, {b, 16}, {0, 16}};
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    tris(v, 12);
}

static void test_resolve_edges(void)
{
    msfb m;
    msfb_create(&m, N);
    GT_CHECK(glIsEnabled(GL_MULTISAMPLE)); /* GL's default */
    draw_bands();
    static GLubyte img[H][W][4];
    resolve(&m, img);
    for (int y = 0; y < H; y++) {
        bool upper = y >= 8;
        GT_EQ_INT(img[y][1][0], 255);
        GT_EQ_INT(img[y][1][2], 0);
        GT_EQ_INT(img[y][2][0], upper ? 191 : 64);
        GT_EQ_INT(img[y][2][2], upper ? 64 : 191);
        GT_EQ_INT(img[y][2][3], 255);
        GT_EQ_INT(img[y][3][0], 0);
        GT_EQ_INT(img[y][3][2], 255);
    }
    /* MULTISAMPLE off: pixel centres (2.5 > 2.199, 2.5 <= 2.699 -> covered) */
    glDisable(GL_MULTISAMPLE);
    draw_bands();
    resolve(&m, img);
    for (int y = 0; y < H; y += 3) {
        GT_EQ_INT(img[y][2][0], y >= 8 ? 255 : 0);
        GT_EQ_INT(img[y][2][2], y >= 8 ? 0 : 255);
    }
    glEnable(GL_MULTISAMPLE);
    msfb_destroy(&m);
    GT_ERROR(GL_NO_ERROR);
}

/* Exact point-in-triangle (CCW, coordinates times 256): 1 in, -1 out, 0 on an edge. */
static int inside(const double X[3], const double Y[3], double px, double py)
{
    int r = 1;
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        double e = (X[j] - X[i]) * (py - Y[i]) - (Y[j] - Y[i]) * (px - X[i]);
        if (e < 0)
            return -1;
        if (e == 0)
            r = 0;
    }
    return r;
}

/* glGetMultisamplefv agrees with what is rendered: each sample alone
 * (glSampleMaski(0, 1 << s)) resolves to red 1/n exactly where the
 * reported position of sample s lies in the triangle. */
static void test_positions_agree(int n)
{
    msfb m;
    msfb_create(&m, n);
    /* (1.3, 0.7) (15.1, 5.3) (6.2, 15.4) on the 1/256 grid, CCW */
    const double Xg[3] = {333, 3866, 1587}, Yg[3] = {179, 1357, 3942};
    float v[3][2];
    for (int i = 0; i < 3; i++) {
        v[i][0] = (float)(Xg[i] / 256.0);
        v[i][1] = (float)(Yg[i] / 256.0);
    }
    glEnable(GL_SAMPLE_MASK);
    static GLubyte img[H][W][4];
    int red = (int)(255.0 / n + 0.5), checked = 0, hits = 0;
    for (int s = 0; s < n; s++) {
        GLfloat p[2] = {-1, -1};
        /* the ARB and NV_explicit_multisample names, alternately */
        if (s & 1) {
            glGetMultisamplefvNV(GL_SAMPLE_POSITION_NV, (GLuint)s, p);
            glSampleMaskIndexedNV(0, 1u << s);
        } else {
            glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)s, p);
            glSampleMaski(0, 1u << s);
        }
        GT_CHECK(p[0] > 0 && p[0] < 1 && p[1] > 0 && p[1] < 1);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
        glColor4f(1, 0, 0, 1);
        tris((const float(*)[2])v, 3);
        resolve(&m, img);
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int in = inside(Xg, Yg, (x + p[0]) * 256.0, (y + p[1]) * 256.0);
                if (in == 0)
                    continue;
                checked++;
                hits += in > 0;
                if (img[y][x][0] != (in > 0 ? red : 0)) {
                    fprintf(stderr, "%dx sample %d at (%g, %g): pixel (%d, %d) red %d, want %d\n", n, s, p[0], p[1],
                            x, y, img[y][x][0], in > 0 ? red : 0);
                    gt_failures++;
                }
            }
    }
    GT_CHECK(checked == n * W * H && hits > n * 40);
    /* index >= SAMPLES: INVALID_VALUE (ARB_texture_multisample), but
     * INVALID_OPERATION through NV_explicit_multisample 3.2.1's name */
    GLfloat q[2];
    glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)n, q);
    GT_ERROR(GL_INVALID_VALUE);
    glGetMultisamplefvNV(GL_SAMPLE_POSITION_NV, (GLuint)n, q);
    GT_ERROR(GL_INVALID_OPERATION);
    glSampleMaski(0, ~0u);
    glDisable(GL_SAMPLE_MASK);
    msfb_destroy(&m);
    GT_ERROR(GL_NO_ERROR);
}

/* Alpha to coverage, 4x (rast.h: samples 0 .. k - 1, k = floor(a n + 0.5)):
 * alpha 0.25 gives k = 1, so one sample of four is red: the resolve is
 * red 0.25 -> 64, blue 0.75 -> 191. */
/* A mask word index past MAX_SAMPLE_MASK_WORDS (1): ARB_texture_multisample's
 * SampleMaski gives INVALID_VALUE, NV_explicit_multisample 4.1.3's
 * SampleMaskIndexedNV INVALID_OPERATION; neither changes the mask. */
static void test_sample_mask_errors(void)
{
    GT_ERROR(GL_NO_ERROR);
    glSampleMaski(0, 0x5u);
    GT_ERROR(GL_NO_ERROR);
    glSampleMaski(1, 0xffu);
    GT_ERROR(GL_INVALID_VALUE);
    glSampleMaskIndexedNV(1, 0xffu);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint v = -1;
    glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(v, 0x5);
    glSampleMaskIndexedNV(0, 0x3u);
    glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
    GT_EQ_INT(v, 0x3);
    glSampleMaski(0, ~0u);
}

static void test_alpha_to_coverage(void)
{
    msfb m;
    msfb_create(&m, N);
    glEnable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor4f(1, 0, 0, 0.25f); /* k = floor(1 + 0.5) = 1: 1/4 */
    const float v[3][2] = {{0, 0}, {2 * W, 0}, {0, 2 * H}};
    tris(v, 3);
    glDisable(GL_SAMPLE_ALPHA_TO_COVERAGE);
    static GLubyte img[H][W][4];
    resolve(&m, img);
    GT_EQ_INT(img[5][5][0], 64);
    GT_EQ_INT(img[5][5][2], 191);
    /* SAMPLE_COVERAGE 0.75: the same pattern, k = floor(3 + 0.5) = 3 samples:
     * red 0.75 -> 191, blue 0.25 -> 64 */
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_SAMPLE_COVERAGE);
    glSampleCoverage(0.75f, GL_FALSE);
    glColor4f(1, 0, 0, 1);
    tris(v, 3);
    resolve(&m, img);
    GT_EQ_INT(img[5][5][0], 191);
    GT_EQ_INT(img[5][5][2], 64);
    /* inverted: the other sample */
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glSampleCoverage(0.75f, GL_TRUE);
    tris(v, 3);
    glDisable(GL_SAMPLE_COVERAGE);
    resolve(&m, img);
    GT_EQ_INT(img[5][5][0], 64);
    GT_EQ_INT(img[5][5][2], 191);
    msfb_destroy(&m);
    GT_ERROR(GL_NO_ERROR);
}

/* A scene of random triangles: resolved image. */
static void render_scene(GLubyte img[H][W][4])
{
    msfb m;
    msfb_create(&m, N);
    glClearColor(0.2f, 0.2f, 0.2f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    unsigned seed = 99;
    float v[3][3];
    for (int i = 0; i < 200; i++) {
        for (int k = 0; k < 3; k++) {
            for (int c = 0; c < 3; c++) {
                seed = seed * 1103515245u + 12345u;
                v[k][c] = (float)((seed >> 8) & 0xffff) / 65536.0f;
            }
        }
        glColor4f(v[0][2], v[1][2], v[2][2], 0.6f);
        glBegin(GL_TRIANGLES);
        for (int k = 0; k < 3; k++)
            glVertex3f(v[k][0] * W, v[k][1] * H, v[k][2] * 2 - 1);
        glEnd();
    }
    glDisable(GL_BLEND);
    glDisable(GL_DEPTH_TEST);
    resolve(&m, img);
    msfb_destroy(&m);
}

static void test_threads(void)
{
    static GLubyte ref[H][W][4], img[H][W][4];
    static const char *const counts[] = {"1", "2", "4"};
    for (int i = 0; i < 3; i++) {
        setenv("ASMGL_THREADS", counts[i], 1);
        asmgl_context *c = gt_context(W, H);
        render_scene(i == 0 ? ref : img);
        asmgl_make_current(NULL);
        asmgl_context_destroy(c);
        if (i > 0 && memcmp(ref, img, sizeof ref) != 0) {
            fprintf(stderr, "resolved image differs with ASMGL_THREADS=%s\n", counts[i]);
            gt_failures++;
        }
    }
    unsetenv("ASMGL_THREADS");
    /* the scene drew something */
    GT_CHECK(memcmp(ref[0][0], ref[H / 2][W / 2], 4) != 0 || memcmp(ref[0][0], ref[H - 1][3], 4) != 0);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_resolve_edges();
    test_positions_agree(2);
    test_positions_agree(4);
    test_positions_agree(8);
    test_alpha_to_coverage();
    test_sample_mask_errors();
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    test_threads();
    return gt_finish("multisample_raster");
}
