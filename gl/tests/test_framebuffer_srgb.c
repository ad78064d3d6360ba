/*
 * test_framebuffer_srgb.c - ARB_framebuffer_sRGB (GL 3.0 section 4.1.8
 * "sRGB Conversion"): with FRAMEBUFFER_SRGB enabled, an sRGB colour
 * attachment stores the encoding of R, G, B (alpha stays linear), blends
 * in linear after decoding the destination, and clears to the encoding;
 * disabled, nothing is converted.  The attachment queries
 * (COLOR_ENCODING, COMPONENT_TYPE) and FRAMEBUFFER_SRGB_CAPABLE.
 *
 * Expected bytes come from the spec's transfer functions, computed here in
 * double: encode c -> 12.92 c below 0.0031308, else 1.055 c^(1/2.4) -
 * 0.055; decode s -> s / 12.92 up to 0.04045, else ((s + 0.055) /
 * 1.055)^2.4; stored as round(255 v); compared within one step.
 */
#include "gl_test.h"

#include <math.h>
#include <string.h>

#define W 4

static double encode(double c)
{
    return c < 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1.0 / 2.4) - 0.055;
}

static double decode(double s)
{
    return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static int byte_of(double v)
{
    return (int)floor(v * 255.0 + 0.5);
}

/* Texel (1, 1) of the bound texture as bytes, compared with want within 1. */
static void expect(int line, GLuint tex, const int want[4])
{
    GLubyte px[W * W][4];
    glBindTexture(GL_TEXTURE_2D, tex);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    for (int c = 0; c < 4; c++)
        gt_check_float(__FILE__, line, "byte", px[W + 1][c], want[c], 1.0);
}

static void quad(float r, float g, float b, float a)
{
    glColor4f(r, g, b, a);
    glRectf(-1, -1, 1, 1);
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(strstr(ext, "GL_ARB_framebuffer_sRGB ") != NULL);
    GT_CHECK(!glIsEnabled(GL_FRAMEBUFFER_SRGB));
    GLboolean capable = GL_TRUE;
    glGetBooleanv(GL_FRAMEBUFFER_SRGB_CAPABLE_EXT, &capable);
    GT_CHECK(!capable); /* the window is linear */

    GLuint fb, tex;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLint v = 0;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
    GT_EQ_INT(v, GL_SRGB);
    glGetBooleanv(GL_FRAMEBUFFER_SRGB_CAPABLE_EXT, &capable);
    GT_CHECK(capable);

    /* disabled: the colour is stored as it is */
    quad(0.5f, 0.25f, 1.0f, 0.5f);
    expect(__LINE__, tex, (const int[4]){128, 64, 255, 128});

    /* enabled: R, G, B encoded, alpha not */
    glEnable(GL_FRAMEBUFFER_SRGB);
    GT_CHECK(glIsEnabled(GL_FRAMEBUFFER_SRGB));
    quad(0.5f, 0.25f, 1.0f, 0.5f);
    const int e5 = byte_of(encode(0.5)), e25 = byte_of(encode(0.25));
    expect(__LINE__, tex, (const int[4]){e5, e25, 255, 128});

    /* blending in linear: the destination decoded, ONE + ONE, encoded */
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    quad(0.25f, 0.0f, 0.0f, 0.25f);
    double d5 = decode(e5 / 255.0);
    expect(__LINE__, tex,
           (const int[4]){byte_of(encode(d5 + 0.25)), e25, 255, byte_of(128 / 255.0 + 0.25)});
    glDisable(GL_BLEND);

    /* a clear takes the encoding too */
    glClearColor(0.5f, 0.0f, 0.0f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    expect(__LINE__, tex, (const int[4]){e5, 0, 0, 128});
    glDisable(GL_FRAMEBUFFER_SRGB);
    glClear(GL_COLOR_BUFFER_BIT);
    expect(__LINE__, tex, (const int[4]){128, 0, 0, 128});

    /* a linear attachment is never converted */
    GLuint lin;
    glGenTextures(1, &lin);
    glBindTexture(GL_TEXTURE_2D, lin);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, lin, 0);
    glEnable(GL_FRAMEBUFFER_SRGB);
    quad(0.5f, 0.25f, 1.0f, 0.5f);
    expect(__LINE__, lin, (const int[4]){128, 64, 255, 128});
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &v);
    GT_EQ_INT(v, GL_LINEAR);

    /* COMPONENT_TYPE follows the internal format (RGBA16: normalized) */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
    GT_EQ_INT(v, GL_UNSIGNED_NORMALIZED);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
    GT_EQ_INT(v, GL_FLOAT);

    /* the attribute stack keeps it (GL 3.0: colour-buffer and enable groups) */
    glPushAttrib(GL_ENABLE_BIT);
    glDisable(GL_FRAMEBUFFER_SRGB);
    glPopAttrib();
    GT_CHECK(glIsEnabled(GL_FRAMEBUFFER_SRGB));
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("framebuffer_srgb");
}
