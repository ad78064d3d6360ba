/*
 * test_fbo.c - framebuffer objects (EXT_framebuffer_object): render to a
 * texture, sample it back with fixed-function texturing and with a fragment
 * program, depth attachments (renderbuffer and depth texture), completeness,
 * attachment and renderbuffer queries, glCopyTexSubImage2D and
 * glBlitFramebuffer; then what ARB_framebuffer_object adds (test_arb).
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

static GLint attachment_param(GLenum attachment, GLenum pname)
{
    GLint v = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
    return v;
}

/* ARB_framebuffer_object beyond EXT_framebuffer_object. */
static void test_arb(void)
{
    GLint v = -1;
    glGetIntegerv(GL_MAX_SAMPLES, &v);
    GT_EQ_INT(v, 8); /* multisample renderbuffers: test_nv4_multisample.c */
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_framebuffer_object ") != NULL);

    /* the default framebuffer answers attachment queries (6.1.13) */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GT_EQ_INT(attachment_param(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_FRAMEBUFFER_DEFAULT);
    GT_EQ_INT(attachment_param(GL_FRONT_LEFT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 8);
    GT_EQ_INT(attachment_param(GL_FRONT_LEFT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_UNSIGNED_NORMALIZED);
    GT_EQ_INT(attachment_param(GL_FRONT_LEFT, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING), GL_LINEAR);
    GT_EQ_INT(attachment_param(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 24);
    GT_EQ_INT(attachment_param(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), 8);
    GT_EQ_INT(attachment_param(GL_FRONT_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_NONE);
    GT_EQ_INT(attachment_param(GL_FRONT_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), 0);
    GT_ERROR(GL_NO_ERROR);
    attachment_param(GL_FRONT_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE); /* nothing there */
    GT_ERROR(GL_INVALID_OPERATION);
    attachment_param(GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME); /* no object */
    GT_ERROR(GL_INVALID_ENUM);
    attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
    GT_ERROR(GL_INVALID_ENUM);

    /* ARB names must come from Gen*; EXT takes any */
    glBindFramebuffer(GL_FRAMEBUFFER, 4242);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindRenderbuffer(GL_RENDERBUFFER, 4243);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(!glIsFramebuffer(4242) && !glIsRenderbuffer(4243));
    glBindFramebufferEXT(GL_FRAMEBUFFER, 4242);
    glBindRenderbufferEXT(GL_RENDERBUFFER, 4243);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsFramebuffer(4242) && glIsRenderbuffer(4243));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &(GLuint){4242});
    glDeleteRenderbuffers(1, &(GLuint){4243});
    glBindFramebuffer(GL_FRAMEBUFFER, 4242); /* deleted */
    GT_ERROR(GL_INVALID_OPERATION);

    /* RenderbufferStorageMultisample: samples <= MAX_SAMPLES (8) */
    GLuint rb[2], fbo, tex3d, tex2d;
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 9, GL_RGBA8, S, S);
    GT_ERROR(GL_INVALID_VALUE);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, -1, GL_RGBA8, S, S);
    GT_ERROR(GL_INVALID_VALUE);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_RGBA8, S, S);
    GT_ERROR(GL_NO_ERROR);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
    GT_EQ_INT(v, 0);
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
    GT_EQ_INT(v, S);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 0, GL_DEPTH24_STENCIL8, S, S);
    GT_ERROR(GL_NO_ERROR);

    /* a colour renderbuffer, a depth+stencil one on DEPTH_STENCIL_ATTACHMENT */
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), 8);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 0);
    GT_EQ_INT(attachment_param(GL_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), (GLint)rb[1]);
    GT_EQ_INT(attachment_param(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), 8);
    GT_CHECK(attachment_param(GL_DEPTH_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE) >= 24);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT1, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME), 0);
    GT_ERROR(GL_NO_ERROR);
    attachment_param(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE);
    GT_ERROR(GL_INVALID_OPERATION);
    attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL); /* not a texture */
    GT_ERROR(GL_INVALID_ENUM);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    GT_PROBE(3, 3, 0, 0, 1, 1, 0);
    /* depth and stencil on different objects: the pair query fails */
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
    attachment_param(GL_DEPTH_STENCIL_ATTACHMENT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME);
    GT_ERROR(GL_INVALID_OPERATION);

    /* FramebufferTextureLayer: a layer of a 3D texture */
    glGenTextures(1, &tex3d);
    glBindTexture(GL_TEXTURE_3D, tex3d);
    glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, S, S, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenTextures(1, &tex2d);
    glBindTexture(GL_TEXTURE_2D, tex2d);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, S, S, 0, GL_RGBA, GL_FLOAT, NULL);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex2d, 0, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex3d, 0, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex3d, 0, 2);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE), GL_TEXTURE);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER), 2);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE), 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(3, 3, 1, 1, 0, 1, 0);
    unsigned char layers[4 * S * S * 4];
    glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, layers);
    GT_EQ_INT(layers[2 * S * S * 4 + 1], 255); /* layer 2 is yellow */
    GT_EQ_INT(layers[1 * S * S * 4 + 1], 0);   /* layer 1 untouched */
    /* a layer past the texture's depth is an incomplete attachment */
    glFramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex3d, 0, 4);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);

    /* a float texture: component type, and no blits between float and
     * fixed point */
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex2d, 0);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_FLOAT);
    GT_EQ_INT(attachment_param(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 32);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);

    /* glGenerateMipmap */
    glBindTexture(GL_TEXTURE_2D, tex2d);
    glGenerateMipmap(GL_TEXTURE_2D);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
    GT_EQ_INT(v, S / 2);
    glGenerateMipmap(GL_TEXTURE_RECTANGLE_ARB);
    GT_ERROR(GL_INVALID_ENUM);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(2, rb);
    glDeleteTextures(1, &tex3d);
    glDeleteTextures(1, &tex2d);
    GT_ERROR(GL_NO_ERROR);
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

    /* a draw buffer naming an empty attachment: complete, as
     * ARB_ES2_compatibility has it (asmgl advertises it; EXT_framebuffer_object
     * alone said INCOMPLETE_DRAW_BUFFER) */
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    glDrawBuffer(GL_COLOR_ATTACHMENT1_EXT);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT), GL_FRAMEBUFFER_COMPLETE_EXT);
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

    test_arb();

    asmgl_context_destroy(c);
    return gt_finish("gl.fbo");
}
