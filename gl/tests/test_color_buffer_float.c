/*
 * test_color_buffer_float.c - ARB_color_buffer_float (GL 3.0 sections
 * 2.19.6, 3.12, 4.1.8, 4.3.2) and EXT_texture_snorm: ClampColor's three
 * controls, colours kept as set and clamped where used, and the ranges of
 * signed and unsigned normalized formats kept in float storage, written,
 * blended and cleared as the formats themselves would be.
 *
 * Expected values are hand computed from the specs; the blending cases are
 * piglit's fbo-blending-snorm (on Mesa llvmpipe): source, destination and
 * constant clamped to [-1, 1], the factors taken from the clamped colours,
 * the result clamped to [-1, 1].
 */
#include "gl_test.h"

#include <string.h>

#define W 8

static const float tol = 1e-5f;

static void rect(const float c[4])
{
    glColor4fv(c);
    glRectf(-1, -1, 1, 1);
}

/* The centre pixel of the read buffer as floats, compared with want. */
static void expect(int line, const float want[4])
{
    float px[4] = {-9, -9, -9, -9};
    glReadPixels(W / 2, W / 2, 1, 1, GL_RGBA, GL_FLOAT, px);
    for (int c = 0; c < 4; c++)
        gt_check_float(__FILE__, line, "component", px[c], want[c], tol);
}

static GLenum get_enum(GLenum pname)
{
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return (GLenum)v;
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(strstr(ext, "GL_ARB_color_buffer_float ") != NULL);
    GT_CHECK(strstr(ext, "GL_EXT_texture_snorm ") != NULL);

    /* the initial state (ARB_color_buffer_float: TRUE, FIXED_ONLY, FIXED_ONLY) */
    GT_EQ_INT(get_enum(GL_CLAMP_VERTEX_COLOR), GL_TRUE);
    GT_EQ_INT(get_enum(GL_CLAMP_FRAGMENT_COLOR), GL_FIXED_ONLY);
    GT_EQ_INT(get_enum(GL_CLAMP_READ_COLOR), GL_FIXED_ONLY);
    glClampColor(GL_CLAMP_VERTEX_COLOR, GL_ZERO + 7);
    GT_ERROR(GL_INVALID_ENUM);
    glClampColor(GL_BLEND, GL_TRUE);
    GT_ERROR(GL_INVALID_ENUM);

    /* BlendColor is kept as set; the window is fixed-point, so with
     * FIXED_ONLY the query reads it clamped, with FALSE as set */
    glBlendColor(1.2f, -1.8f, 0.4f, 0.6f);
    float bc[4];
    glGetFloatv(GL_BLEND_COLOR, bc);
    GT_NEAR(bc[0], 1.0, tol);
    GT_NEAR(bc[1], 0.0, tol);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
    glGetFloatv(GL_BLEND_COLOR, bc);
    GT_NEAR(bc[0], 1.2, tol);
    GT_NEAR(bc[1], -1.8, tol);
    GT_NEAR(bc[3], 0.6, tol);

    /* ---- EXT_texture_snorm storage: clamped to [-1, 1] at upload ---- */
    const float in[4] = {-2.0f, -0.5f, 0.5f, 2.0f};
    GLuint st;
    glGenTextures(1, &st);
    glBindTexture(GL_TEXTURE_2D, st);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8_SNORM, 1, 1, 0, GL_RGBA, GL_FLOAT, in);
    float back[4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, back);
    GT_NEAR(back[0], -1.0, tol);
    GT_NEAR(back[1], -0.5, tol);
    GT_NEAR(back[2], 0.5, tol);
    GT_NEAR(back[3], 1.0, tol);
    GLint type = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
    GT_EQ_INT(type, GL_SIGNED_NORMALIZED);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16, 1, 1, 0, GL_RGBA, GL_FLOAT, in);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE, &type);
    GT_EQ_INT(type, GL_UNSIGNED_NORMALIZED);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE16_SNORM, 1, 1, 0, GL_RGBA, GL_FLOAT, in);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_TYPE, &type);
    GT_EQ_INT(type, GL_SIGNED_NORMALIZED);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT, in);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &type);
    GT_EQ_INT(type, GL_FLOAT);
    GT_ERROR(GL_NO_ERROR);

    /* ---- rendering into RGBA8_SNORM with colours unclamped ---- */
    glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
    glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    gt_color_texture(fb, GL_RGBA8_SNORM, W, W);

    /* a clear takes the format's range */
    glClearColor(2.0f, -2.0f, 0.5f, -0.25f);
    glClear(GL_COLOR_BUFFER_BIT);
    expect(__LINE__, (const float[4]){1.0f, -1.0f, 0.5f, -0.25f});

    /* fbo-blending-snorm's first blend: dst (0.5, 0.4, -0.6, 0.2), src
     * (-0.2, 1.9, 0.8, -0.7) clamped to (-0.2, 1, 0.8, -0.7), ADD
     * (ONE_MINUS_SRC_COLOR, ONE): factors (1.2, 0, 0.2, 1.7); sum
     * (0.26, 0.4, -0.44, -0.99) */
    glDisable(GL_BLEND);
    rect((const float[4]){0.5f, 0.4f, -0.6f, 0.2f});
    expect(__LINE__, (const float[4]){0.5f, 0.4f, -0.6f, 0.2f});
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE_MINUS_SRC_COLOR, GL_ONE);
    rect((const float[4]){-0.2f, 1.9f, 0.8f, -0.7f});
    expect(__LINE__, (const float[4]){0.26f, 0.4f, -0.44f, -0.99f});

    /* its fifth: constant (1.2, -1.8, 0.4, 0.6) clamped to (1, -1, 0.4,
     * 0.6); ONE_MINUS_CONSTANT_COLOR (0, 2, 0.6, 0.4) x src (0.8, 0.1, 0.7,
     * 0.8) + ONE_MINUS_DST_COLOR (0.4, 1.3, 0.2, 0.5) x dst (0.6, -0.3,
     * 0.8, 0.5) = (0.24, -0.19, 0.58, 0.57) */
    glDisable(GL_BLEND);
    rect((const float[4]){0.6f, -0.3f, 0.8f, 0.5f});
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE_MINUS_CONSTANT_COLOR, GL_ONE_MINUS_DST_COLOR);
    rect((const float[4]){0.8f, 0.1f, 0.7f, 0.8f});
    expect(__LINE__, (const float[4]){0.24f, -0.19f, 0.58f, 0.57f});
    /* a result past the range is clamped: 1.9 + 1.9 x ... (ONE, ONE) */
    glBlendFunc(GL_ONE, GL_ONE);
    rect((const float[4]){1.5f, -1.5f, 0.0f, 0.0f});
    expect(__LINE__, (const float[4]){1.0f, -1.0f, 0.58f, 0.57f});
    glDisable(GL_BLEND);

    /* CLAMP_VERTEX_COLOR TRUE (the default) clamps glColor to [0, 1] */
    glClampColor(GL_CLAMP_VERTEX_COLOR, GL_TRUE);
    rect((const float[4]){-0.2f, 1.9f, 0.8f, -0.7f});
    expect(__LINE__, (const float[4]){0.0f, 1.0f, 0.8f, 0.0f});
    /* CLAMP_FRAGMENT_COLOR TRUE clamps what reaches the buffer to [0, 1] */
    glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_TRUE);
    rect((const float[4]){-0.2f, 1.9f, 0.8f, -0.7f});
    expect(__LINE__, (const float[4]){0.0f, 1.0f, 0.8f, 0.0f});

    /* ---- a float buffer: unclamped unless CLAMP_FRAGMENT_COLOR TRUE ---- */
    gt_color_texture(fb, GL_RGBA32F, W, W);
    rect((const float[4]){1.5f, -0.5f, 0.25f, 3.0f});
    expect(__LINE__, (const float[4]){1.0f, 0.0f, 0.25f, 1.0f});
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
    rect((const float[4]){1.5f, -0.5f, 0.25f, 3.0f});
    expect(__LINE__, (const float[4]){1.5f, -0.5f, 0.25f, 3.0f});
    glClearColor(2.0f, -1.0f, 0.5f, 4.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    expect(__LINE__, (const float[4]){2.0f, -1.0f, 0.5f, 4.0f});
    /* a float draw buffer: FIXED_ONLY reads BLEND_COLOR unclamped */
    glGetFloatv(GL_BLEND_COLOR, bc);
    GT_NEAR(bc[0], 1.2, tol);
    GLboolean float_mode = GL_FALSE;
    glGetBooleanv(GL_RGBA_FLOAT_MODE_ARB, &float_mode);
    GT_CHECK(float_mode == GL_TRUE);
    /* CLAMP_READ_COLOR TRUE clamps what ReadPixels returns */
    glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
    expect(__LINE__, (const float[4]){1.0f, 0.0f, 0.5f, 1.0f});
    glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);

    /* ---- RGBA16 kept as float: clamped to [0, 1] like the format ---- */
    gt_color_texture(fb, GL_RGBA16, W, W);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
    rect((const float[4]){1.5f, -0.5f, 0.25f, 3.0f});
    expect(__LINE__, (const float[4]){1.0f, 0.0f, 0.25f, 1.0f});
    glClear(GL_COLOR_BUFFER_BIT);
    expect(__LINE__, (const float[4]){1.0f, 0.0f, 0.5f, 1.0f});
    GT_ERROR(GL_NO_ERROR);

    /* ---- the border colour: kept as set, taken in a fixed-point
     * texture's range when sampled ---- */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FIXED_ONLY);
    GLuint bt;
    glGenTextures(1, &bt);
    glBindTexture(GL_TEXTURE_2D, bt);
    const unsigned char texel[4] = {0, 0, 0, 0};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    const float border[4] = {2.0f, -1.0f, 0.5f, 1.0f};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    float got[4];
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
    GT_NEAR(got[0], 1.0, tol); /* the window is fixed-point: read back clamped */
    glClampColor(GL_CLAMP_FRAGMENT_COLOR, GL_FALSE);
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, got);
    GT_NEAR(got[0], 2.0, tol);
    GT_NEAR(got[1], -1.0, tol);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(5, 5);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(W / 2, W / 2, 1.0f, 0.0f, 0.5f, 1.0f, 1.0f / 255);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("color_buffer_float");
}
