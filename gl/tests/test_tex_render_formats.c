/* test_tex_render_formats.c - textures of base formats other than RGBA as
 * colour attachments (GL 2.1 table 3.15, ARB_framebuffer_object 4.4):
 * a format's missing components read 0 (alpha 1) whatever was drawn,
 * luminance and intensity repeat R, and blending sees the destination as
 * the format holds it (DST_ALPHA of an RGB attachment is 1, of an
 * INTENSITY one I).  Expected values as
 * piglit's fbo-blending-format-quirks and fbo-clear-formats check them on
 * Mesa llvmpipe.
 */
#include "gl_test.h"

#define W 8

/* A texture of internal format ifmt, cleared as an attachment to c. */
static GLuint cleared(GLenum ifmt, GLuint fb, const float c[4])
{
    GLuint t = gt_color_texture(fb, ifmt, W, W);
    glClearColor(c[0], c[1], c[2], c[3]);
    glClear(GL_COLOR_BUFFER_BIT);
    return t;
}

/* Draws texture t over the window (REPLACE) and probes its centre. */
static void probe_sampled(GLuint t, float r, float g, float b, float a)
{
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glBindTexture(GL_TEXTURE_2D, t);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0); glVertex2f(-1, -1);
    glTexCoord2f(1, 0); glVertex2f(1, -1);
    glTexCoord2f(1, 1); glVertex2f(1, 1);
    glTexCoord2f(0, 1); glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(W / 2, W / 2, r, g, b, a, 1.0f / 255);
}

int main(void)
{
    asmgl_context *c = gt_context(W, W);
    GLuint fb;
    glGenFramebuffers(1, &fb);
    const float col[4] = {0.6f, 0.2f, 0.4f, 0.5f};

    /* RGB: alpha stays 1, in the attachment (blending DST_ALPHA) and sampled */
    GLuint t = cleared(GL_RGB8, fb, col);
    glEnable(GL_BLEND);
    glBlendFunc(GL_DST_ALPHA, GL_ZERO);
    glColor4f(1, 1, 1, 1);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_BLEND);
    GT_PROBE(W / 2, W / 2, 1, 1, 1, 1, 1.0f / 255);
    probe_sampled(t, 1, 1, 1, 1);
    glDeleteTextures(1, &t);

    /* LUMINANCE: L = R, read as (L, L, L, 1) */
    t = cleared(GL_LUMINANCE8, fb, col);
    probe_sampled(t, 0.6f, 0.6f, 0.6f, 1);
    glDeleteTextures(1, &t);

    /* LUMINANCE_ALPHA: (L, L, L, A) */
    t = cleared(GL_LUMINANCE8_ALPHA8, fb, col);
    probe_sampled(t, 0.6f, 0.6f, 0.6f, 0.5f);
    glDeleteTextures(1, &t);

    /* ALPHA: (0, 0, 0, A) in the attachment; sampled with REPLACE, the
     * colour is the fragment's (white) and alpha A (GL 2.1 table 3.22) */
    t = cleared(GL_ALPHA8, fb, col);
    GT_PROBE(W / 2, W / 2, 0, 0, 0, 0.5f, 1.0f / 255);
    probe_sampled(t, 1, 1, 1, 0.5f);
    glDeleteTextures(1, &t);

    /* INTENSITY: one value, I = R, read as (I, I, I, I), and blending reads
     * it as the destination alpha: after a draw of 0.5 over the clear, a
     * white DST_ALPHA draw leaves 0.5 */
    t = cleared(GL_INTENSITY8, fb, col);
    glColor4f(0.5f, 0.9f, 0.9f, 0.9f);
    glRectf(-1, -1, 1, 1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_DST_ALPHA, GL_ZERO);
    glColor4f(1, 1, 1, 1);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_BLEND);
    probe_sampled(t, 0.5f, 0.5f, 0.5f, 0.5f);
    /* the same through a clear alone: DST_ALPHA is the cleared 0.6 */
    glDeleteTextures(1, &t);
    t = cleared(GL_INTENSITY8, fb, col);
    glEnable(GL_BLEND);
    glRectf(-1, -1, 1, 1);
    glDisable(GL_BLEND);
    probe_sampled(t, 0.6f, 0.6f, 0.6f, 0.6f);
    glDeleteTextures(1, &t);

    /* RED (ARB_texture_rg's base format): (R, 0, 0, 1) */
    t = cleared(GL_R8, fb, col);
    probe_sampled(t, 0.6f, 0, 0, 1);
    glDeleteTextures(1, &t);

    /* a texture with a border: complete, or unsupported (EXT_framebuffer
     * _object 4.4.4.2 lets an implementation refuse it; asmgl keeps no
     * border texels), and drawing with it bound neither crashes nor errs
     * beyond INVALID_FRAMEBUFFER_OPERATION (piglit border-texture-finish) */
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 66, 66, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    GLenum st = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    GT_CHECK(st == GL_FRAMEBUFFER_COMPLETE || st == GL_FRAMEBUFFER_UNSUPPORTED);
    glClear(GL_COLOR_BUFFER_BIT);
    glFinish();
    GLenum e = glGetError();
    GT_CHECK(e == GL_NO_ERROR || (st != GL_FRAMEBUFFER_COMPLETE && e == GL_INVALID_FRAMEBUFFER_OPERATION));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteTextures(1, &t);

    GT_ERROR(GL_NO_ERROR);
    glDeleteFramebuffers(1, &fb);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_render_formats");
}
