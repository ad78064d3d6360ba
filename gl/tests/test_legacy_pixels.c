/* test_legacy_pixels.c - the pixel paths of legacy GL that piglit's legacy
 * set found wrong, checked where piglit's own test says less:
 *  - GL 1.1 section 3.8: CopyTexImage1D/2D refuse the internal formats
 *    1, 2, 3 and 4 (INVALID_ENUM, as Mesa) and define no image;
 *  - EXT_packed_depth_stencil: CopyPixels(DEPTH_STENCIL) copies depth and
 *    stencil together, into every sample of a multisample framebuffer 0
 *    (a stencil test of the copy then passes in all samples: the resolved
 *    colour is the full colour, not a blend);
 *  - ARB_framebuffer_object 4.3.2: BlitFramebuffer between multisample
 *    framebuffers of equal SAMPLES copies the samples (depth and stencil of
 *    framebuffer 0 onto itself), and different SAMPLES or rectangle sizes
 *    are INVALID_OPERATION;
 *  - DEPTH_BITS of a framebuffer object is its depth format's (24 for
 *    DEPTH24_STENCIL8, 32 for DEPTH_COMPONENT32F), not the float storage's
 *    32 for all (piglit's readpix-z took 1 / 2^(bits - 1) as its tolerance
 *    and overflowed); polygon offset units are r = 2^-23 (GL 2.1 section
 *    3.5.5; what gl-1.4-polygon-offset measures as the resolvable difference
 *    near the near plane).
 *  - ARB_pixel_buffer_object: PixelMap and GetPixelMap read and write the
 *    pixel unpack / pack buffer, GetPolygonStipple packs into the pack
 *    buffer with the pack state (GL 2.1 section 6.1.6: as ReadPixels packs
 *    a BITMAP image); piglit's gl-2.1-pbo.
 *  - GL 2.1 section 3.8.8: the LOD of a cube map quad at a face's edge
 *    comes from that face, not from a helper pixel whose extrapolated
 *    direction has crossed onto the next face (piglit's cubemap npot: a
 *    3 x 3 quad over a whole face of a 48 x 48 cube picks level 4, 3 x 3,
 *    in every pixel, where its corner pixel took level 5).
 *  - GL 2.1 section 3.8.10: fixed-function texturing of an incomplete
 *    texture is as if the unit's texturing were disabled (the primary
 *    colour passes), while an ARB fragment program sampling it reads
 *    (0, 0, 0, 1); piglit's incomplete-texture-fixed, and fbo-3d and
 *    fbo-cubemap, which render into a texture's images while texturing
 *    is still enabled with that texture (not mipmapped: incomplete) bound.
 *  - a texture image with a border is framebuffer-attachable: its interior
 *    (what asmgl keeps of it) is the rendered image (piglit's
 *    ext_framebuffer_object-border-texture-finish; Mesa completes it too).
 *  - ARB_point_parameters (GL 2.1 section 3.4): the derived size is
 *    clamped to POINT_SIZE_MIN / MAX even without attenuation, a point at
 *    the eye (d = 0) has the full size (it was 0 * inf), and d is |z| in
 *    eye coordinates (Mesa's and piglit's
 *    arb_point_parameters-point-attenuation's).
 *  - GL 2.1 section 3.8.1: TexImage / TexSubImage take COLOR_INDEX images
 *    (BITMAP and the index types) through the I_TO_* maps, in display
 *    lists too, which copy them with their own extent (piglit's
 *    gl-1.1-read-pixels-after-display-list); so does DrawPixels.
 *  - display lists record PixelMap; the scalar Material, LightModel,
 *    TexGen and TexParameter forms take vector parameters as (param, 0, 0,
 *    0), as Mesa, and inside Begin/End the commands not allowed there say
 *    INVALID_OPERATION (piglit's gl-1.0-beginend-coverage).
 *  - GL 2.1 section 3.7: a bitmap whose raster position is meant to be a
 *    pixel corner starts at that pixel though the single-precision
 *    transform puts it a few ulps below (242 through glOrtho(0, 400):
 *    241.99998; piglit's gl-1.0-scissor-bitmap).
 *  - a texture of base format L, LA, I, A, RED, RG or RGB rendered into
 *    through a framebuffer object samples as its base format says (GL 2.1
 *    table 3.20: L from red, no alpha of RGB), and reading the
 *    attachment gives what GL 3.0 section 4.3.2 says (R = L, a missing
 *    alpha 1, missing colours 0), the RGBA / UNSIGNED_BYTE path too
 *    (piglit's fbo-clear-formats and fbo-colormask-formats), and blending
 *    reads the destination as its base format (DST_ALPHA is 1 for RGB and
 *    L, I for INTENSITY: piglit's fbo-blending-formats).
 * Expected values by hand: the clear values placed by the scissor; 0.75
 * and 0.75 - 2^-23 are exact floats.
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

enum { W = 8, H = 8 };

static asmgl_context *context(int samples)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = W;
    cfg.height = H;
    cfg.samples = samples;
    asmgl_context *c = asmgl_context_create(&cfg);
    if (!c || !asmgl_make_current(c)) {
        fprintf(stderr, "cannot create a context: %s\n", asmgl_last_error());
        return NULL;
    }
    return c;
}

static void test_copyteximage_errors(void)
{
    GLuint tex;
    glGenTextures(1, &tex);
    for (GLint f = 1; f <= 4; f++) {
        glBindTexture(GL_TEXTURE_1D, tex);
        glCopyTexImage1D(GL_TEXTURE_1D, 0, f, 0, 0, 4, 0);
        GT_ERROR(GL_INVALID_ENUM);
    }
    GLint w = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_1D, 0, GL_TEXTURE_WIDTH, &w);
    GT_EQ_INT(w, 0);
    glDeleteTextures(1, &tex);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    for (GLint f = 1; f <= 4; f++) {
        glCopyTexImage2D(GL_TEXTURE_2D, 0, f, 0, 0, 4, 4, 0);
        GT_ERROR(GL_INVALID_ENUM);
        glCopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, f, 0, 0, 4, 4, 0);
        GT_ERROR(GL_INVALID_ENUM);
    }
    w = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    GT_EQ_INT(w, 0);
    /* the GL 1.1 names are accepted */
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
    GT_ERROR(GL_NO_ERROR);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    GT_EQ_INT(w, 4);
    glDeleteTextures(1, &tex);
}

/* Depth 0.25 / stencil 0x5a everywhere, depth 0.75 / stencil 0xa5 in the
 * upper-right quadrant. */
static void clear_quadrants(void)
{
    glClearDepth(0.25);
    glClearStencil(0x5a);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(W / 2, H / 2, W / 2, H / 2);
    glClearDepth(0.75);
    glClearStencil(0xa5);
    glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
}

/* The lower-left quadrant holds what the upper-right one holds, the
 * lower-right one what it had; a quad drawn with stencil EQUAL 0xa5 turns
 * exactly the lower-left and upper-right quadrants green, in every
 * sample. */
static void check_copied(const char *what)
{
    GLfloat z[2] = {-1, -1};
    GLubyte st[2] = {0, 0};
    glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z[0]);
    glReadPixels(W - 2, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z[1]);
    glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st[0]);
    glReadPixels(W - 2, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &st[1]);
    GT_ERROR(GL_NO_ERROR);
    if (z[0] < 0.749f || z[0] > 0.751f || z[1] < 0.249f || z[1] > 0.251f || st[0] != 0xa5 ||
        st[1] != 0x5a) {
        fprintf(stderr, "%s: depth %g %g stencil 0x%x 0x%x, want 0.75 0.25 0xa5 0x5a\n", what, z[0],
                z[1], st[0], st[1]);
        gt_failures++;
    }
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 0xa5, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glColor4f(0, 1, 0, 1);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_STENCIL_TEST);
    GT_PROBE(1, 1, 0, 1, 0, 1, 0);
    GT_PROBE(W - 1, H - 1, 0, 1, 0, 1, 0);
    GT_PROBE(W - 2, 1, 0, 0, 0, 1, 0);
    GT_PROBE(1, H - 2, 0, 0, 0, 1, 0);
}

static void test_copypixels_depth_stencil(int samples)
{
    asmgl_context *c = context(samples);
    if (!c) {
        gt_failures++;
        return;
    }
    clear_quadrants();
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    glWindowPos2i(0, 0);
    glCopyPixels(W / 2, H / 2, W / 2, H / 2, GL_DEPTH_STENCIL);
    GT_ERROR(GL_NO_ERROR);
    check_copied(samples ? "CopyPixels(DEPTH_STENCIL), 4 samples" : "CopyPixels(DEPTH_STENCIL)");
    /* an unknown type is still INVALID_ENUM */
    glCopyPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT);
    GT_ERROR(GL_INVALID_ENUM);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

static void test_blit_multisample(void)
{
    asmgl_context *c = context(4);
    if (!c) {
        gt_failures++;
        return;
    }
    clear_quadrants();
    /* framebuffer 0 onto itself: equal SAMPLES, samples copied */
    glBlitFramebuffer(W / 2, H / 2, W, H, 0, 0, W / 2, H / 2,
                      GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    check_copied("BlitFramebuffer, 4 samples onto themselves");
    /* rectangles of different sizes */
    glBlitFramebuffer(0, 0, W, H, 0, 0, W / 2, H / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    /* into a framebuffer object of 2 samples */
    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, W, H);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GT_EQ_INT(glCheckFramebufferStatus(GL_DRAW_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

static void test_depth_bits_and_offset(void)
{
    GLint bits = -1;
    glGetIntegerv(GL_DEPTH_BITS, &bits);
    GT_EQ_INT(bits, 24); /* framebuffer 0 of gt_context */
    static const GLenum formats[3] = {GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT32F};
    static const int want[3] = {24, 24, 32};
    GLuint rb[2], fbo;
    glGenRenderbuffers(2, rb);
    glGenFramebuffers(1, &fbo);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    for (int i = 0; i < 3; i++) {
        glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
        glRenderbufferStorage(GL_RENDERBUFFER, formats[i], W, H);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
        GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        bits = -1;
        glGetIntegerv(GL_DEPTH_BITS, &bits);
        GT_EQ_INT(bits, want[i]);
        bits = -1;
        glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &bits);
        GT_EQ_INT(bits, want[i]);
    }
    /* a quad at ndc z 0.5 (window 0.75), then offset by -1 unit */
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_ALWAYS);
    for (int pass = 0; pass < 2; pass++) {
        if (pass) {
            glEnable(GL_POLYGON_OFFSET_FILL);
            glPolygonOffset(0.0f, -1.0f);
        }
        glBegin(GL_QUADS);
        glVertex3f(-1, -1, 0.5f);
        glVertex3f(1, -1, 0.5f);
        glVertex3f(1, 1, 0.5f);
        glVertex3f(-1, 1, 0.5f);
        glEnd();
        GLfloat z = -1;
        glReadPixels(W / 2, H / 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
        GT_NEAR(z, pass ? 0.75 - 1.0 / 8388608.0 : 0.75, 0);
    }
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_DEPTH_TEST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    GT_ERROR(GL_NO_ERROR);
}

static void test_pbo_pixel_maps_and_stipple(void)
{
    GLuint pbo[2];
    glGenBuffers(2, pbo);
    GLushort ramp[8];
    for (int i = 0; i < 8; i++)
        ramp[i] = (GLushort)(1000 * i + 7);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo[0]);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof ramp + 2, NULL, GL_STATIC_DRAW);
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 2, sizeof ramp, ramp);
    /* offset 2: the ramp; offset 1 is not a multiple of 2, offset 4 runs
     * past the end */
    glPixelMapusv(GL_PIXEL_MAP_I_TO_I, 8, (const GLushort *)(uintptr_t)2);
    GT_ERROR(GL_NO_ERROR);
    glPixelMapusv(GL_PIXEL_MAP_I_TO_I, 8, (const GLushort *)(uintptr_t)1);
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelMapusv(GL_PIXEL_MAP_I_TO_I, 8, (const GLushort *)(uintptr_t)4);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    GLint size = -1;
    glGetIntegerv(GL_PIXEL_MAP_I_TO_I_SIZE, &size);
    GT_EQ_INT(size, 8);
    GLuint got[8];
    memset(got, 0, sizeof got);
    glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_I, got);
    for (int i = 0; i < 8; i++)
        GT_EQ_INT(got[i], 1000 * i + 7);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo[1]);
    glBufferData(GL_PIXEL_PACK_BUFFER, 4 + 8 * sizeof(GLuint), NULL, GL_STATIC_READ);
    glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_I, (GLuint *)(uintptr_t)4);
    GT_ERROR(GL_NO_ERROR);
    glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_I, (GLuint *)(uintptr_t)8);
    GT_ERROR(GL_INVALID_OPERATION);
    memset(got, 0, sizeof got);
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 4, sizeof got, got);
    for (int i = 0; i < 8; i++)
        GT_EQ_INT(got[i], 1000 * i + 7);

    /* a stipple with row y = 0x01020300 + y (x = 0 the most significant
     * bit of byte 0), read back into the pack buffer with 2 rows and 8
     * pixels skipped and an alignment of 8: row y at 8 * (2 + y) + 1 */
    GLubyte pat[32 * 4], out[8 * 34];
    for (int y = 0; y < 32; y++) {
        pat[y * 4 + 0] = 0x01;
        pat[y * 4 + 1] = 0x02;
        pat[y * 4 + 2] = 0x03;
        pat[y * 4 + 3] = (GLubyte)y;
    }
    glPolygonStipple(pat);
    glBufferData(GL_PIXEL_PACK_BUFFER, sizeof out, NULL, GL_STATIC_READ);
    glPixelStorei(GL_PACK_SKIP_ROWS, 2);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 8);
    glPixelStorei(GL_PACK_ALIGNMENT, 8);
    glGetPolygonStipple(NULL);
    GT_ERROR(GL_NO_ERROR);
    memset(out, 0xee, sizeof out);
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, sizeof out, out);
    int bad = 0;
    for (int y = 0; y < 32; y++)
        for (int i = 0; i < 4; i++)
            bad += out[8 * (2 + y) + 1 + i] != pat[y * 4 + i];
    GT_EQ_INT(bad, 0);
    /* one byte short */
    glBufferData(GL_PIXEL_PACK_BUFFER, 8 * 33 + 4, NULL, GL_STATIC_READ);
    glGetPolygonStipple(NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelStorei(GL_PACK_SKIP_ROWS, 0);
    glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glDeleteBuffers(2, pbo);
}

/* piglit's directions for the corners of each face */
static const GLfloat face_dirs[6][4][3] = {
    {{1, 0.99f, 0.99f}, {1, 0.99f, -0.99f}, {1, -0.99f, -0.99f}, {1, -0.99f, 0.99f}},
    {{-1, 0.99f, -0.99f}, {-1, 0.99f, 0.99f}, {-1, -0.99f, 0.99f}, {-1, -0.99f, -0.99f}},
    {{-0.99f, 1, -0.99f}, {0.99f, 1, -0.99f}, {0.99f, 1, 0.99f}, {-0.99f, 1, 0.99f}},
    {{-0.99f, -1, 0.99f}, {-0.99f, -1, -0.99f}, {0.99f, -1, -0.99f}, {0.99f, -1, 0.99f}},
    {{-0.99f, 0.99f, 1}, {-0.99f, -0.99f, 1}, {0.99f, -0.99f, 1}, {0.99f, 0.99f, 1}},
    {{0.99f, 0.99f, -1}, {-0.99f, 0.99f, -1}, {-0.99f, -0.99f, -1}, {0.99f, -0.99f, -1}},
};

static void test_cube_lod_at_face_edges(void)
{
    asmgl_context *c = gt_context(64, 16);
    /* level l of every face is grey l / 8 */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
    static GLubyte img[48 * 48];
    int level = 0;
    for (int d = 48; d > 0; d /= 2, level++) {
        memset(img, level * 32, sizeof img);
        for (int f = 0; f < 6; f++)
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, level, GL_LUMINANCE, d, d, 0,
                         GL_LUMINANCE, GL_UNSIGNED_BYTE, img);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_CUBE_MAP);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 64, 0, 16, -1, 1);
    /* 3 x 3 quads at odd positions: every edge pixel's 2 x 2 quad has
     * helper pixels outside the face */
    for (int f = 0; f < 6; f++) {
        float x = 5.0f + 10.0f * (float)f, y = 5.0f;
        glBegin(GL_QUADS);
        glTexCoord3fv(face_dirs[f][0]);
        glVertex2f(x, y);
        glTexCoord3fv(face_dirs[f][1]);
        glVertex2f(x + 3, y);
        glTexCoord3fv(face_dirs[f][2]);
        glVertex2f(x + 3, y + 3);
        glTexCoord3fv(face_dirs[f][3]);
        glVertex2f(x, y + 3);
        glEnd();
    }
    glDisable(GL_TEXTURE_CUBE_MAP);
    GLubyte px[16][64];
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, 64, 16, GL_RED, GL_UNSIGNED_BYTE, px);
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    int bad = 0;
    for (int f = 0; f < 6; f++)
        for (int j = 0; j < 3; j++)
            for (int i = 0; i < 3; i++) {
                int v = px[5 + j][5 + 10 * f + i];
                if (v != 4 * 32 && bad++ < 4)
                    fprintf(stderr, "cube face %d pixel (%d, %d): level %g, want 4\n", f, i, j, v / 32.0);
            }
    GT_EQ_INT(bad, 0);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glDeleteTextures(1, &tex);
    GT_ERROR(GL_NO_ERROR);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

static void test_incomplete_texture(void)
{
    asmgl_context *c = gt_context(W, H);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    static const GLubyte red[4][4] = {{255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}, {255, 0, 0, 255}};
    /* one 2 x 2 level with the default NEAREST_MIPMAP_LINEAR filter: incomplete */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glColor4f(0, 1, 0, 1);
    glRectf(-1, -1, 0, 1);
    GT_PROBE(1, 1, 0, 1, 0, 1, 0);
    /* complete: the texture replaces the colour */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glRectf(0, -1, 1, 1);
    GT_PROBE(W - 2, 1, 1, 0, 0, 1, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR);
    glDisable(GL_TEXTURE_2D);
    /* a fragment program reads (0, 0, 0, 1) from it */
    gt_program(GL_FRAGMENT_PROGRAM_ARB, "!!ARBfp1.0\n"
                                        "TEX result.color, fragment.texcoord[0], texture[0], 2D;\n"
                                        "END\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GT_PROBE(1, 1, 0, 0, 0, 1, 0);
    glDeleteTextures(1, &tex);
    GT_ERROR(GL_NO_ERROR);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

/* texture/ keeps no border texels, so an image with a border cannot be laid
 * out as EXT_framebuffer_object section 4.4.2.3 says (window (0, 0) on
 * texel (-b, -b)): FRAMEBUFFER_UNSUPPORTED (section 4.4.4.2 allows it for
 * any combination the implementation does not support), and drawing into
 * it is INVALID_FRAMEBUFFER_OPERATION (section 4.4.5). */
static void test_border_texture_attachment(void)
{
    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 6, 6, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_UNSUPPORTED);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    GT_ERROR(GL_NO_ERROR);
}

/* Width in pixels of the point drawn at object (0, y, z) in row r. */
static int point_width(float y, float z, int row)
{
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_POINTS);
    glVertex3f(0, y, z);
    glEnd();
    GLubyte px[32];
    glReadPixels(0, row, 32, 1, GL_RED, GL_UNSIGNED_BYTE, px);
    int n = 0;
    for (int i = 0; i < 32; i++)
        n += px[i] == 255;
    return n;
}

static void test_point_attenuation(void)
{
    asmgl_context *c = gt_context(32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(-16, 16, -16, 16, -10, 10);
    glMatrixMode(GL_MODELVIEW);
    glColor4f(1, 1, 1, 1);
    glPointSize(9);
    /* no attenuation: 9, or 1 with POINT_SIZE_MAX 1 */
    GT_EQ_INT(point_width(0.5f, 0, 16), 9);
    glPointParameterf(GL_POINT_SIZE_MAX, 1);
    GT_EQ_INT(point_width(0.5f, 0, 16), 1);
    glPointParameterf(GL_POINT_SIZE_MAX, 64);
    /* (1, 100, 100) at the eye: 9 / sqrt(1) */
    const GLfloat steep[3] = {1, 100, 100};
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, steep);
    GT_EQ_INT(point_width(0.5f, 0, 16), 9);
    /* (1, 0, 1) at eye z -2 and y 2.5 (d = |z| = 2): 9 / sqrt(5) = 4.02 */
    const GLfloat quad[3] = {1, 0, 1};
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, quad);
    GT_EQ_INT(point_width(2.5f, -2, 18), 4);
    GT_ERROR(GL_NO_ERROR);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

static void test_color_index_images(void)
{
    static const GLfloat r_map[4] = {0, 1, 0, 0.5f}, g_map[4] = {0, 0, 1, 0.5f};
    static const GLfloat b_map[4] = {1, 0, 0, 0.5f}, a_map[4] = {1, 1, 1, 1};
    glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 4, r_map);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 4, g_map);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 4, b_map);
    glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 4, a_map);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    /* a 2 x 2 bitmap: rows 10 and 01 (indices 1 0 / 0 1) */
    static const GLubyte bits[2] = {0x80, 0x40};
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_COLOR_INDEX, GL_BITMAP, bits);
    glEndList();
    GT_ERROR(GL_NO_ERROR);
    glCallList(list);
    GT_ERROR(GL_NO_ERROR);
    GLfloat img[2][2][4];
    memset(img, 0, sizeof img);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, img);
    GT_NEAR(img[0][0][0], 1, 0); /* index 1: red */
    GT_NEAR(img[0][1][2], 1, 0); /* index 0: blue */
    GT_NEAR(img[1][0][2], 1, 0);
    GT_NEAR(img[1][1][0], 1, 0);
    /* unsigned byte indices 2 and 3 into the second row */
    static const GLubyte idx[2] = {2, 3};
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 1, 2, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
    GT_ERROR(GL_NO_ERROR);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, img);
    GT_NEAR(img[1][0][1], 1, 0);      /* index 2: green */
    GT_NEAR(img[1][1][0], 0.5, 1.0 / 255); /* index 3: grey */
    GT_NEAR(img[0][0][0], 1, 0);      /* row 0 kept */
    /* DrawPixels of indices from a display list */
    glNewList(list, GL_COMPILE);
    glDrawPixels(2, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, idx);
    glEndList();
    glClear(GL_COLOR_BUFFER_BIT);
    glWindowPos2i(0, 0);
    glCallList(list);
    GT_PROBE(0, 0, 0, 1, 0, 1, 0);
    GT_PROBE(1, 0, 0.5f, 0.5f, 0.5f, 1, 1.0f / 255);
    glDeleteLists(list, 1);
    glDeleteTextures(1, &tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    GT_ERROR(GL_NO_ERROR);
}

static void test_lists_and_scalar_forms(void)
{
    static const GLfloat ramp[2] = {0.25f, 0.75f};
    GLint size = -1;
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, ramp);
    glEndList();
    glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
    GT_EQ_INT(size, 1); /* compiled, not executed */
    glCallList(list);
    glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
    GT_EQ_INT(size, 2);
    GLfloat got[2] = {0, 0};
    glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, got);
    GT_NEAR(got[1], 0.75, 0);
    glDeleteLists(list, 1);
    GT_ERROR(GL_NO_ERROR);

    glMaterialf(GL_FRONT, GL_AMBIENT, 0.5f);
    GT_ERROR(GL_NO_ERROR);
    GLfloat v[4] = {-1, -1, -1, -1};
    glGetMaterialfv(GL_FRONT, GL_AMBIENT, v);
    GT_NEAR(v[0], 0.5, 0);
    GT_NEAR(v[1], 0, 0);
    GT_NEAR(v[3], 0, 0);
    glLightModelf(GL_LIGHT_MODEL_AMBIENT, 0.25f);
    GT_ERROR(GL_NO_ERROR);
    glGetFloatv(GL_LIGHT_MODEL_AMBIENT, v);
    GT_NEAR(v[0], 0.25, 0);
    GT_NEAR(v[3], 0, 0);
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, 0.5f);
    GT_ERROR(GL_NO_ERROR);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, v);
    GT_NEAR(v[0], 0.5, 0);
    GT_NEAR(v[3], 0, 0);
    glTexGenf(GL_S, GL_OBJECT_PLANE, 2.0f);
    GT_ERROR(GL_NO_ERROR);
    glGetTexGenfv(GL_S, GL_OBJECT_PLANE, v);
    GT_NEAR(v[0], 2, 0);
    GT_NEAR(v[1], 0, 0);
    /* not allowed between Begin and End: INVALID_OPERATION whatever the
     * arguments */
    glBegin(GL_POINTS);
    glLightModelf(GL_LIGHT_MODEL_AMBIENT, 0);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    glPixelMapfv(GL_PIXEL_MAP_S_TO_S, 1, ramp);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    /* Material is allowed there */
    glBegin(GL_POINTS);
    glMaterialf(GL_FRONT, GL_DIFFUSE, 0);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    /* an unknown name is still INVALID_ENUM */
    glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_2D, 0);
    GT_ERROR(GL_INVALID_ENUM);
}

static void test_bitmap_position(void)
{
    asmgl_context *c = gt_context(400, 4);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 400, 0, 4, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(0, 1, 0, 1);
    int bad = 0;
    for (int x = 200; x < 300; x++) {
        static const GLubyte bit = 0x80;
        glRasterPos2f((float)x, 1);
        glBitmap(1, 1, 0, 0, 0, 0, &bit);
        GLubyte px[3][4];
        glReadPixels(x - 1, 1, 3, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        if (px[1][1] != 255 || px[0][1] != 0) {
            if (bad++ < 3)
                fprintf(stderr, "bitmap at raster x %d drawn at %d\n", x, px[0][1] ? x - 1 : -1);
        }
        glClear(GL_COLOR_BUFFER_BIT);
    }
    GT_EQ_INT(bad, 0);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
}

static void test_rendered_base_formats(void)
{
    static const struct {
        GLenum internal;
        float sampled[4], read[4];
    } cases[] = {
        {GL_LUMINANCE8, {0.5f, 0.5f, 0.5f, 1}, {0.5f, 0, 0, 1}},
        {GL_LUMINANCE8_ALPHA8, {0.5f, 0.5f, 0.5f, 0.25f}, {0.5f, 0, 0, 0.25f}},
        {GL_INTENSITY8, {0.5f, 0.5f, 0.5f, 0.5f}, {0.5f, 0, 0, 1}},
        {GL_ALPHA8, {0, 0, 0, 0.25f}, {0, 0, 0, 0.25f}},
        {GL_RGB8, {0.5f, 0.75f, 1, 1}, {0.5f, 0.75f, 1, 1}},
    };
    GLuint tex, fbo;
    glGenFramebuffers(1, &fbo);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].internal, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        glClearColor(0.5f, 0.75f, 1, 0.25f);
        glClear(GL_COLOR_BUFFER_BIT);
        GLubyte px[4] = {1, 2, 3, 4};
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
        for (int c = 0; c < 4; c++)
            GT_NEAR(px[c] / 255.0, cases[i].read[c], 1.0 / 255);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
        glColor4f(0, 0, 0, 1); /* REPLACE keeps what the base format lacks (table 3.22) */
        glRectf(-1, -1, 1, 1);
        glDisable(GL_TEXTURE_2D);
        const float *w = cases[i].sampled;
        GT_PROBE(1, 1, w[0], w[1], w[2], w[3], 1.0f / 255);
        glDeleteTextures(1, &tex);
    }
    glDeleteFramebuffers(1, &fbo);
    glClearColor(0, 0, 0, 1);
    GT_ERROR(GL_NO_ERROR);
}

static void test_blend_base_formats(void)
{
    static const struct {
        GLenum internal;
        float clear[4];
        float read_r; /* red read back after DST_ALPHA, ZERO blending of red 0.8 */
    } cases[] = {
        {GL_RGB8, {0.5f, 0.5f, 0.5f, 0}, 0.8f},         /* dst alpha 1, not the 0 stored */
        {GL_LUMINANCE8, {0.5f, 0.9f, 0.9f, 0.25f}, 0.8f}, /* 1, not 0.25 */
        {GL_INTENSITY8, {0.5f, 0, 0, 1}, 0.4f},         /* I = 0.5, not 1 */
        {GL_RGBA8, {0.5f, 0.5f, 0.5f, 0.25f}, 0.2f},    /* its own alpha */
    };
    GLuint tex, fbo;
    glGenFramebuffers(1, &fbo);
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, (GLint)cases[i].internal, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glBindFramebuffer(GL_FRAMEBUFFER, fbo);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        const float *c = cases[i].clear;
        glClearColor(c[0], c[1], c[2], c[3]);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_BLEND);
        glBlendFunc(GL_DST_ALPHA, GL_ZERO);
        glColor4f(0.8f, 0.8f, 0.8f, 1);
        glRectf(-1, -1, 1, 1);
        glDisable(GL_BLEND);
        GLfloat px[4] = {-1, -1, -1, -1};
        glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, px);
        GT_NEAR(px[0], cases[i].read_r, 2.0 / 255);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteTextures(1, &tex);
    }
    glDeleteFramebuffers(1, &fbo);
    glClearColor(0, 0, 0, 1);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_copyteximage_errors();
    test_depth_bits_and_offset();
    test_pbo_pixel_maps_and_stipple();
    test_border_texture_attachment();
    test_color_index_images();
    test_lists_and_scalar_forms();
    test_rendered_base_formats();
    test_blend_base_formats();
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    test_copypixels_depth_stencil(0);
    test_copypixels_depth_stencil(4);
    test_blit_multisample();
    test_cube_lod_at_face_edges();
    test_incomplete_texture();
    test_point_attenuation();
    test_bitmap_position();
    return gt_finish("gl.legacy_pixels");
}
