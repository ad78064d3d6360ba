/* test_context_copy.c - asmgl_context_copy (glXCopyContext's copy, GLX 1.4
 * section 3.3.7): the groups of the mask, as glPushAttrib saves them, go
 * from one context to another and nothing else does; texture bindings go
 * by name; a destination current on a thread is refused.  And glPopAttrib
 * restores framebuffer 0's draw and read buffers (GL 2.1 section 6.1.14:
 * DRAW_BUFFER is in the color-buffer group, READ_BUFFER in pixel).
 * Expected values: those set in the source, the GL defaults elsewhere.
 */
#include "gl_test.h"

#include <string.h>

int main(void)
{
    asmgl_context *a = gt_context(8, 8); /* current */
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = 8;
    asmgl_context *b = asmgl_context_create(&cfg);
    GT_CHECK(b != NULL);

    /* b has texture 7; a binds its own 7 and 9 (b has no 9) */
    GT_CHECK(asmgl_make_current(b));
    GLuint t7 = 7;
    glBindTexture(GL_TEXTURE_2D, t7);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_CHECK(asmgl_make_current(a));
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, 7);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, 9);
    glActiveTexture(GL_TEXTURE0);
    glClearColor(0.25f, 0.5f, 0.75f, 1);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glLineWidth(3);
    glDepthFunc(GL_GREATER);
    glViewport(1, 2, 3, 4);
    glShadeModel(GL_FLAT);

    /* into a current context: refused, b unchanged */
    GT_CHECK(!asmgl_context_copy(a, b, GL_ALL_ATTRIB_BITS));
    GT_CHECK(strlen(asmgl_last_error()) > 0);
    GT_CHECK(asmgl_context_copy(b, a, GL_COLOR_BUFFER_BIT | GL_VIEWPORT_BIT));

    GT_CHECK(asmgl_make_current(b));
    float cc[4] = {0}, lw = 0;
    GLint v[4] = {0};
    glGetFloatv(GL_COLOR_CLEAR_VALUE, cc);
    GT_NEAR(cc[0], 0.25, 0);
    GT_NEAR(cc[2], 0.75, 0);
    GT_CHECK(glIsEnabled(GL_BLEND));
    glGetIntegerv(GL_BLEND_SRC_RGB, v);
    GT_EQ_INT(v[0], GL_ONE);
    glGetIntegerv(GL_BLEND_SRC, v); /* GL 1.x's name of the same state */
    GT_EQ_INT(v[0], GL_ONE);
    glGetIntegerv(GL_VIEWPORT, v);
    GT_CHECK(v[0] == 1 && v[1] == 2 && v[2] == 3 && v[3] == 4);
    /* not in the mask: defaults */
    glGetFloatv(GL_LINE_WIDTH, &lw);
    GT_NEAR(lw, 1, 0);
    glGetIntegerv(GL_DEPTH_FUNC, v);
    GT_EQ_INT(v[0], GL_LESS);
    glGetIntegerv(GL_SHADE_MODEL, v);
    GT_EQ_INT(v[0], GL_SMOOTH);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, v);
    GT_EQ_INT(v[0], 7); /* b's own binding */
    GT_ERROR(GL_NO_ERROR);

    /* everything: texture bindings by name (b's 7; no 9 in b: default) */
    GT_CHECK(asmgl_make_current(NULL));
    GT_CHECK(asmgl_context_copy(b, a, GL_ALL_ATTRIB_BITS)); /* both current nowhere */
    GT_CHECK(asmgl_make_current(b));
    glGetFloatv(GL_LINE_WIDTH, &lw);
    GT_NEAR(lw, 3, 0);
    glGetIntegerv(GL_DEPTH_FUNC, v);
    GT_EQ_INT(v[0], GL_GREATER);
    glGetIntegerv(GL_SHADE_MODEL, v);
    GT_EQ_INT(v[0], GL_FLAT);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, v);
    GT_EQ_INT(v[0], 0); /* a's unit 0 binds 0 */
    glActiveTexture(GL_TEXTURE1);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, v);
    GT_EQ_INT(v[0], 7);
    glActiveTexture(GL_TEXTURE2);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, v);
    GT_EQ_INT(v[0], 0);
    glActiveTexture(GL_TEXTURE0);
    GT_ERROR(GL_NO_ERROR);

    /* glPopAttrib restores framebuffer 0's draw and read buffers */
    glPushAttrib(GL_COLOR_BUFFER_BIT | GL_PIXEL_MODE_BIT);
    glDrawBuffer(GL_BACK);
    glReadBuffer(GL_BACK);
    glGetIntegerv(GL_DRAW_BUFFER, v);
    GT_EQ_INT(v[0], GL_BACK);
    glPopAttrib();
    glGetIntegerv(GL_DRAW_BUFFER, v);
    GT_EQ_INT(v[0], GL_FRONT);
    glGetIntegerv(GL_READ_BUFFER, v);
    GT_EQ_INT(v[0], GL_FRONT);
    GT_ERROR(GL_NO_ERROR);

    GT_CHECK(asmgl_make_current(NULL));
    asmgl_context_destroy(b);
    asmgl_context_destroy(a);
    return gt_finish("gl.context_copy");
}
