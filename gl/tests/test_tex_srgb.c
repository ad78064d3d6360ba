/* test_tex_srgb.c - EXT_texture_sRGB through the GL: texels are given,
 * stored, rendered into and read back sRGB-encoded, and sampling decodes
 * R, G, B to linear (GL 2.1 section 3.8.15) while alpha stays as it is.
 * Rendering into an sRGB texture stores the fragment colour unconverted
 * (no EXT_framebuffer_sRGB: blending and writes see the encoded values).
 */
#include <string.h>

#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(8, 8);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_texture_sRGB ") != NULL);

    /* sampling: 188 decodes to ((188/255 + 0.055) / 1.055)^2.4 = 0.50289 */
    static const GLubyte texel[4] = {188, 0, 255, 188};
    GLuint t[2];
    glGenTextures(2, t);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GLint bits = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &bits);
    GT_EQ_INT(bits, 8);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0); glVertex2f(-1, -1);
    glTexCoord2f(1, 0); glVertex2f(1, -1);
    glTexCoord2f(1, 1); glVertex2f(1, 1);
    glTexCoord2f(0, 1); glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(3, 3, 0.50289f, 0, 1, 188 / 255.0f, 1.0f / 255);
    /* GetTexImage returns the encoded texel as given */
    GLubyte back[4] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    GT_CHECK(memcmp(back, texel, 4) == 0);

    /* rendering into an sRGB texture stores the colour as it is */
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t[1], 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(0.5f, 0.25f, 0.0f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(1, 1, 0.5f, 0.25f, 0, 1, 1.0f / 255);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLubyte img[16 * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_EQ_INT(img[5 * 4 + 0], 128);
    GT_EQ_INT(img[5 * 4 + 1], 64);
    GT_EQ_INT(img[5 * 4 + 3], 255);
    GT_ERROR(GL_NO_ERROR);

    glDeleteFramebuffers(1, &fb);
    glDeleteTextures(2, t);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_srgb");
}
