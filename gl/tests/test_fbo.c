/*
 * test_fbo.c - framebuffer objects (EXT_framebuffer_object): render to a
 * texture, sample it back with fixed-function texturing and with a fragment
 * program, depth attachments (renderbuffer and depth texture), completeness,
 * attachment and renderbuffer queries, glCopyTexSubImage2D and
 * glBlitFramebuffer.
 */
#include "gl_test.h"

#include <string.h>

#define S 16

static void draw_textured_quad(void)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
}

int main(void)
{
    asmgl_context *c = gt_context(S, S);

    GLuint tex, rb, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glGenRenderbuffersEXT(1, &rb);
    glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, rb);
    glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, GL_DEPTH_COMPONENT24, S, S);
    GLint v = 0;
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_WIDTH_EXT, &v);
    GT_EQ_INT(v, S);
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_INTERNAL_FORMAT_EXT, &v);
    GT_EQ_INT(v, GL_DEPTH_COMPONENT24);
    glGetRenderbufferParameterivEXT(GL_RENDERBUFFER_EXT, GL_RENDERBUFFER_DEPTH_SIZE_EXT, &v);
    GT_CHECK(v >= 24);

    glGenFramebuffersEXT(1, &fbo);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    /* nothing attached yet */
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT),
              GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT_EXT);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_INVALID_FRAMEBUFFER_OPERATION_EXT);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT, GL_TEXTURE_2D, tex, 0);
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_RENDERBUFFER_EXT, rb);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT), GL_FRAMEBUFFER_COMPLETE_EXT);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &v);
    GT_EQ_INT(v, GL_TEXTURE);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME_EXT, &v);
    GT_EQ_INT(v, (GLint)tex);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &v);
    GT_EQ_INT(v, GL_RENDERBUFFER_EXT);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT1_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &v);
    GT_EQ_INT(v, GL_NONE);
    glGetIntegerv(GL_FRAMEBUFFER_BINDING_EXT, &v);
    GT_EQ_INT(v, (GLint)fbo);
    GT_ERROR(GL_NO_ERROR);

    /* render: green everywhere, a red square in front on the left half,
     * then a blue square behind it that the depth test rejects */
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glColor3f(1, 0, 0);
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, -0.5f);
    glVertex3f(0, -1, -0.5f);
    glVertex3f(0, 1, -0.5f);
    glVertex3f(-1, 1, -0.5f);
    glColor3f(0, 0, 1);
    glVertex3f(-1, -1, 0.5f);
    glVertex3f(0, -1, 0.5f);
    glVertex3f(0, 1, 0.5f);
    glVertex3f(-1, 1, 0.5f);
    glEnd();
    glDisable(GL_DEPTH_TEST);
    GT_PROBE(2, 2, 1, 0, 0, 1, 0);
    GT_PROBE(12, 2, 0, 1, 0, 1, 0);
    float d = 0;
    glReadPixels(2, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    GT_NEAR(d, 0.25, 1e-6); /* z = -0.5 -> (z + 1) / 2 */

    /* sample it in the window with fixed-function texturing */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    draw_textured_quad();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(1, 8, 1, 0, 0, 1, 0);
    GT_PROBE(14, 8, 0, 1, 0, 1, 0);

    /* and with a fragment program */
    glClear(GL_COLOR_BUFFER_BIT);
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D;\nEND\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    draw_textured_quad();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GT_PROBE(7, 15, 1, 0, 0, 1, 0);
    GT_PROBE(8, 0, 0, 1, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);

    /* glGetTexImage sees the rendered texels */
    unsigned char texels[S * S * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    GT_EQ_INT(texels[0], 255);
    GT_EQ_INT(texels[(S - 1) * 4 + 1], 255);

    /* glCopyTexSubImage2D from the window into the texture's corner */
    glColor3f(1, 1, 0);
    glRectf(-1, -1, 1, 1);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 2, 2);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    GT_EQ_INT(texels[1], 255);                 /* (0,0) now yellow */
    GT_EQ_INT(texels[(2 * S + 0) * 4 + 1], 0); /* (0,2) still red */

    /* glBlitFramebuffer: the texture (through the FBO) to the window, flipped */
    glBindFramebufferEXT(GL_READ_FRAMEBUFFER_EXT, fbo);
    glBindFramebufferEXT(GL_DRAW_FRAMEBUFFER_EXT, 0);
    glBlitFramebufferEXT(0, 0, S, S, S, 0, 0, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(15, 0, 1, 1, 0, 1, 0); /* the yellow corner, mirrored in x */
    GT_PROBE(15, 4, 1, 0, 0, 1, 0);
    GT_PROBE(2, 8, 0, 1, 0, 1, 0);

    /* a depth texture attachment */
    GLuint dtex, fbo2;
    glGenTextures(1, &dtex);
    glBindTexture(GL_TEXTURE_2D, dtex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, S, S, 0, GL_DEPTH_COMPONENT, GL_FLOAT, NULL);
    glGenFramebuffersEXT(1, &fbo2);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo2);
    glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_TEXTURE_2D, dtex, 0);
    glDrawBuffer(GL_NONE);
    glReadBuffer(GL_NONE);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT), GL_FRAMEBUFFER_COMPLETE_EXT);
    glClearDepth(1.0);
    glClear(GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, 0.5f);
    glVertex3f(1, -1, 0.5f);
    glVertex3f(1, 1, 0.5f);
    glVertex3f(-1, 1, 0.5f);
    glEnd();
    glDisable(GL_DEPTH_TEST);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    float dt[S * S];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, GL_FLOAT, dt);
    GT_NEAR(dt[5 * S + 5], 0.75, 1e-6);
    GT_ERROR(GL_NO_ERROR);

    /* a draw buffer naming an empty attachment */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    glDrawBuffer(GL_COLOR_ATTACHMENT1_EXT);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT),
              GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER_EXT);
    glDrawBuffer(GL_COLOR_ATTACHMENT0_EXT);
    /* deleting the attached texture detaches it */
    glDeleteTextures(1, &tex);
    glGetFramebufferAttachmentParameterivEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT,
                                             GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE_EXT, &v);
    GT_EQ_INT(v, GL_NONE);
    /* attaching to the default framebuffer is an error */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, 0);
    glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, GL_DEPTH_ATTACHMENT_EXT, GL_RENDERBUFFER_EXT, rb);
    GT_ERROR(GL_INVALID_OPERATION);
    glDeleteFramebuffersEXT(1, &fbo);
    glDeleteFramebuffersEXT(1, &fbo2);
    glDeleteRenderbuffersEXT(1, &rb);
    GT_CHECK(!glIsFramebufferEXT(fbo) && !glIsRenderbufferEXT(rb));
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(c);
    return gt_finish("gl.fbo");
}
