/* test_read_surface.c - asmgl_make_current_surfaces: framebuffer 0 draws
 * into one surface and reads from another (GLX 1.4 section 3.3.7's read
 * drawable, EGL 1.5 section 3.7.3's read surface).  glReadPixels (colour
 * and depth), glCopyPixels, glCopyTexImage2D and glBlitFramebuffer read the
 * read surface; glClear and drawing go to the draw surface; a multisample
 * read surface is read resolved; a surface lent for reading is not
 * destroyed.  Expected values: the clear colours and depths each surface
 * was given, placed by hand.
 */
#include "gl_test.h"

#include <string.h>

enum { W = 16, H = 16, RW = 8, RH = 8 };

static void clear_to(float r, float g, float b, float depth)
{
    glClearColor(r, g, b, 1);
    glClearDepth(depth);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

int main(void)
{
    asmgl_context *ctx = gt_context(4, 4);
    asmgl_config dc = {W, H, 24, 8, 0}, rc = {RW, RH, 24, 8, 0}, mc = {W, H, 0, 0, 4};
    asmgl_surface *draw = asmgl_surface_create(&dc), *read = asmgl_surface_create(&rc);
    asmgl_surface *ms = asmgl_surface_create(&mc);
    GT_CHECK(ctx && draw && read && ms);
    if (!ctx || !draw || !read || !ms)
        return gt_finish("gl.read_surface");

    /* the read surface's contents: blue, depth 0.25 */
    GT_CHECK(asmgl_make_current_surfaces(ctx, read, read));
    clear_to(0, 0, 1, 0.25f);
    /* the draw surface: red, depth 1 */
    GT_CHECK(asmgl_make_current_surfaces(ctx, draw, read));
    clear_to(1, 0, 0, 1.0f);
    GT_ERROR(GL_NO_ERROR);

    /* reads come from the read surface */
    GT_PROBE(0, 0, 0, 0, 1, 1, 0);
    GT_PROBE(RW - 1, RH - 1, 0, 0, 1, 1, 0);
    float z = -1;
    glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
    GT_NEAR(z, 0.25, 1e-6);
    GT_ERROR(GL_NO_ERROR);
    /* ... which was not cleared by the glClear above; the draw surface was */
    unsigned char px[W * H * 4];
    GT_CHECK(asmgl_surface_read_color(read, px, RW * 4, 0));
    GT_CHECK(px[0] == 0 && px[2] == 255);
    GT_CHECK(asmgl_surface_read_color(draw, px, W * 4, 0));
    GT_CHECK(px[0] == 255 && px[2] == 0);

    /* glCopyPixels: read surface (2, 2)..(5, 5) to draw surface (10, 10) */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glViewport(0, 0, W, H);
    glRasterPos2i(10, 10);
    glCopyPixels(2, 2, 4, 4, GL_COLOR);
    GT_ERROR(GL_NO_ERROR);

    /* glCopyTexImage2D reads the read surface */
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
    GT_ERROR(GL_NO_ERROR);
    unsigned char t[4 * 4 * 4];
    memset(t, 0x77, sizeof t);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, t);
    GT_CHECK(t[0] == 0 && t[2] == 255 && t[4 * 15] == 0 && t[4 * 15 + 2] == 255);
    glDeleteTextures(1, &tex);

    /* glBlitFramebuffer from framebuffer 0 to framebuffer 0: read to draw */
    glBlitFramebuffer(0, 0, 2, 2, 0, 12, 2, 14, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);

    /* what the draw surface holds now, read through it */
    GT_CHECK(asmgl_make_current_surfaces(ctx, draw, draw));
    GT_PROBE(0, 0, 1, 0, 0, 1, 0);        /* the clear */
    GT_PROBE(10, 10, 0, 0, 1, 1, 0);      /* glCopyPixels */
    GT_PROBE(13, 13, 0, 0, 1, 1, 0);
    GT_PROBE(14, 14, 1, 0, 0, 1, 0);
    GT_PROBE(9, 10, 1, 0, 0, 1, 0);
    GT_PROBE(1, 13, 0, 0, 1, 1, 0);       /* the blit */
    GT_PROBE(2, 13, 1, 0, 0, 1, 0);
    glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
    GT_NEAR(z, 1.0, 1e-6);

    /* a multisample read surface: SAMPLES is the draw framebuffer's, reads
     * resolve, and a blit from it resolves into the single-sampled draw
     * surface; half of each sample pattern left of x = 0.5 */
    GT_CHECK(asmgl_make_current_surfaces(ctx, ms, ms));
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    glRectf(0, 0, 0.5f, H);
    GLint v = -1;
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 4);
    GT_CHECK(asmgl_make_current_surfaces(ctx, draw, ms));
    glGetIntegerv(GL_SAMPLES, &v);
    GT_EQ_INT(v, 0);
    GT_PROBE(0, 3, 0.5f, 0.5f, 0, 1, 1.0f / 255);
    GT_PROBE(1, 3, 0, 1, 0, 1, 0);
    glBlitFramebuffer(0, 0, W, H, 0, 0, W, H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    /* into a multisample draw surface: replicated into every sample
     * (ARB_framebuffer_object 4.3.2), with rectangles of equal sizes */
    GT_CHECK(asmgl_make_current_surfaces(ctx, ms, draw));
    glBlitFramebuffer(0, 0, 1, 1, 0, 0, 2, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(asmgl_make_current_surfaces(ctx, draw, draw));
    GT_PROBE(0, 3, 0.5f, 0.5f, 0, 1, 1.0f / 255);
    GT_PROBE(5, 3, 0, 1, 0, 1, 0);

    /* a surface lent for reading only is not destroyed */
    GT_CHECK(asmgl_make_current_surfaces(ctx, draw, read));
    asmgl_surface_destroy(read);
    GT_CHECK(strlen(asmgl_last_error()) > 0);
    GT_PROBE(0, 0, 0, 0, 1, 1, 0);
    /* read is ignored without a draw surface: no framebuffer 0 at all */
    GT_CHECK(asmgl_make_current_surfaces(ctx, NULL, read));
    GT_EQ_INT(glCheckFramebufferStatus(GL_READ_FRAMEBUFFER), GL_FRAMEBUFFER_UNDEFINED);
    GT_CHECK(asmgl_make_current_surfaces(NULL, NULL, NULL));
    /* released: the context's own framebuffer reads itself again */
    GT_CHECK(asmgl_make_current(ctx));
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(0, 0, 1, 1, 0, 1, 0);
    GT_CHECK(asmgl_make_current(NULL));
    GT_ERROR(GL_NO_ERROR);

    asmgl_surface_destroy(read);
    GT_CHECK(strlen(asmgl_last_error()) == 0);
    asmgl_surface_destroy(draw);
    asmgl_surface_destroy(ms);
    asmgl_context_destroy(ctx);
    return gt_finish("gl.read_surface");
}
