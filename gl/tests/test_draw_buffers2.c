/*
 * test_draw_buffers2.c - EXT_draw_buffers2 (GL 3.0 sections 4.1.8 and
 * 4.2.2): BLEND and the colour write mask per draw buffer.
 *
 * Two RGBA8 colour attachments, both cleared to (0.25, 0.25, 0.25, 0.25),
 * and an ARB fragment program (OPTION ARB_draw_buffers) writing
 * (0.5, 0.25, 0.125, 0.5) to result.color[0] and [1].  With ADD(ONE, ONE)
 * a blended buffer gets the sum (0.75, 0.5, 0.375, 0.75), an unblended one
 * the program's colour; a masked channel keeps 0.25.  Tolerance: one step
 * of 8 bits.
 */
#include "gl_test.h"

#include <string.h>

#define W 8

static const char fp_text[] = "!!ARBfp1.0\n"
                              "OPTION ARB_draw_buffers;\n"
                              "PARAM c = {0.5, 0.25, 0.125, 0.5};\n"
                              "MOV result.color[0], c;\n"
                              "MOV result.color[1], c;\n"
                              "END\n";

static const float clear_v = 0.25f, tol = 1.0f / 255;

/* Clears both buffers, draws the quad and probes buffer i's centre
 * against want[i]. */
static void draw_and_probe(int line, const float want[2][4])
{
    GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, both);
    glRectf(-1, -1, 1, 1);
    for (int i = 0; i < 2; i++) {
        glReadBuffer(GL_COLOR_ATTACHMENT0 + (GLenum)i);
        gt_probe(__FILE__, line, W / 2, W / 2, want[i][0], want[i][1], want[i][2], want[i][3],
                 tol);
    }
}

static void clear_both(void)
{
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GLenum both[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, both);
    glClearColor(clear_v, clear_v, clear_v, clear_v);
    glClear(GL_COLOR_BUFFER_BIT);
    glPopAttrib();
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_EXT_draw_buffers2 ") != NULL);

    GLuint fb, tex[2];
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenTextures(2, tex);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, W, W, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_TEXTURE_2D,
                               tex[i], 0);
    }
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_text);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBlendFunc(GL_ONE, GL_ONE);

    const float prog[4] = {0.5f, 0.25f, 0.125f, 0.5f};
    const float sum[4] = {0.75f, 0.5f, 0.375f, 0.75f};

    /* BLEND on draw buffer 1 only */
    glEnablei(GL_BLEND, 1);
    GT_CHECK(!glIsEnabled(GL_BLEND)); /* IsEnabled(BLEND) is draw buffer 0's */
    GT_CHECK(!glIsEnabledi(GL_BLEND, 0));
    GT_CHECK(glIsEnabledi(GL_BLEND, 1));
    GLboolean bb = GL_FALSE;
    glGetBooleani_v(GL_BLEND, 1, &bb);
    GT_CHECK(bb == GL_TRUE);
    clear_both();
    {
        const float want[2][4] = {{prog[0], prog[1], prog[2], prog[3]},
                                  {sum[0], sum[1], sum[2], sum[3]}};
        draw_and_probe(__LINE__, want);
    }

    /* Enable(BLEND) sets every buffer's, Disable clears every one */
    glEnable(GL_BLEND);
    GT_CHECK(glIsEnabledi(GL_BLEND, 0) && glIsEnabledi(GL_BLEND, 7));
    glDisable(GL_BLEND);
    GT_CHECK(!glIsEnabledi(GL_BLEND, 1));

    /* the masks: buffer 0 writes red and alpha only, buffer 1 everything */
    glColorMaski(0, GL_TRUE, GL_FALSE, GL_FALSE, GL_TRUE);
    GLboolean m[4];
    glGetBooleani_v(GL_COLOR_WRITEMASK, 0, m);
    GT_CHECK(m[0] && !m[1] && !m[2] && m[3]);
    GLint mi[4];
    glGetIntegeri_v(GL_COLOR_WRITEMASK, 1, mi);
    GT_CHECK(mi[0] == 1 && mi[1] == 1 && mi[2] == 1 && mi[3] == 1);
    glGetBooleanv(GL_COLOR_WRITEMASK, m); /* the plain query reads buffer 0's */
    GT_CHECK(m[0] && !m[1] && !m[2] && m[3]);
    clear_both();
    {
        const float want[2][4] = {{prog[0], clear_v, clear_v, prog[3]},
                                  {prog[0], prog[1], prog[2], prog[3]}};
        draw_and_probe(__LINE__, want);
    }

    /* ColorMask sets every buffer's mask again */
    glColorMask(GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
    glGetBooleani_v(GL_COLOR_WRITEMASK, 1, m);
    GT_CHECK(!m[0] && m[1] && m[2] && m[3]);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    /* a display list records the indexed commands; the attribute stack
     * keeps every buffer's state (COLOR_BUFFER_BIT) */
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glEnablei(GL_BLEND, 0);
    glColorMaski(1, GL_FALSE, GL_FALSE, GL_TRUE, GL_FALSE);
    glEndList();
    GT_CHECK(!glIsEnabledi(GL_BLEND, 0)); /* compiled, not executed */
    glPushAttrib(GL_COLOR_BUFFER_BIT);
    glCallList(list);
    GT_CHECK(glIsEnabledi(GL_BLEND, 0));
    clear_both();
    {
        const float want[2][4] = {{sum[0], sum[1], sum[2], sum[3]},
                                  {clear_v, clear_v, prog[2], clear_v}};
        draw_and_probe(__LINE__, want);
    }
    glPopAttrib();
    GT_CHECK(!glIsEnabledi(GL_BLEND, 0));
    glGetBooleani_v(GL_COLOR_WRITEMASK, 1, m);
    GT_CHECK(m[0] && m[1] && m[2] && m[3]);
    GT_ERROR(GL_NO_ERROR);

    /* errors: an index past MAX_DRAW_BUFFERS, a cap with no indexed form */
    GLint max_db = 0;
    glGetIntegerv(GL_MAX_DRAW_BUFFERS, &max_db);
    glEnablei(GL_BLEND, (GLuint)max_db);
    GT_ERROR(GL_INVALID_VALUE);
    glColorMaski((GLuint)max_db, GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GT_ERROR(GL_INVALID_VALUE);
    glGetBooleani_v(GL_COLOR_WRITEMASK, (GLuint)max_db, m);
    GT_ERROR(GL_INVALID_VALUE);
    glEnablei(GL_DEPTH_TEST, 0);
    GT_ERROR(GL_INVALID_ENUM);
    GT_CHECK(!glIsEnabledi(GL_DEPTH_TEST, 0));
    GT_ERROR(GL_INVALID_ENUM);

    asmgl_context_destroy(ctx);
    return gt_finish("draw_buffers2");
}
