/* test_tex_array.c - EXT_texture_array through GL: TEXTURE_1D_ARRAY_EXT
 * (TexImage2D, layers in the height) and TEXTURE_2D_ARRAY_EXT (TexImage3D,
 * TexSubImage3D, CopyTexSubImage3D), bindings, level queries, proxies,
 * MAX_ARRAY_TEXTURE_LAYERS_EXT, GetTexImage, sampling through NV_gpu_program4
 * ARRAY1D / ARRAY2D targets, and rendering into one layer with
 * FramebufferTextureLayerEXT.
 *
 * covers: TEX.ARRAY1D TEX.ARRAY2D
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8, TW = 4 };

static GLint level_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
}

/* A TW x TW RGBA8 image of one colour. */
static void fill(GLubyte *p, int n, GLubyte r, GLubyte g, GLubyte b, GLubyte a)
{
    for (int i = 0; i < n; i++) {
        p[i * 4 + 0] = r;
        p[i * 4 + 1] = g;
        p[i * 4 + 2] = b;
        p[i * 4 + 3] = a;
    }
}

static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

static void draw_quad(void)
{
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void test_2d_array(void)
{
    GLint maxl = -1;
    glGetIntegerv(GL_MAX_ARRAY_TEXTURE_LAYERS_EXT, &maxl);
    GT_CHECK(maxl >= 64); /* EXT_texture_array minimum */
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, t);
    GT_ERROR(GL_NO_ERROR);
    GLint b = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY_EXT, &b);
    GT_EQ_INT(b, (GLint)t);
    glBindTexture(GL_TEXTURE_2D, t); /* an array texture is not a 2D one */
    GT_ERROR(GL_INVALID_OPERATION);

    /* three layers: red, green, blue */
    GLubyte img[3][TW * TW * 4];
    fill(img[0], TW * TW, 255, 0, 0, 255);
    fill(img[1], TW * TW, 0, 255, 0, 255);
    fill(img[2], TW * TW, 0, 0, 255, 255);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, TW, TW, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_WIDTH), TW);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_HEIGHT), TW);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_DEPTH), 3);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
    GT_ERROR(GL_NO_ERROR);

    /* layers have no border and their own limit; the proxy says so */
    glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, TW, TW, maxl, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_DEPTH), maxl);
    glTexImage3D(GL_PROXY_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, TW, TW, maxl + 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_WIDTH), 0);
    GT_ERROR(GL_NO_ERROR);
    glTexImage2D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, TW, TW, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_ENUM); /* a 3D command's target */

    /* TexSubImage3D: layer 2, one texel yellow */
    static const GLubyte yellow[4] = {255, 255, 0, 255};
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 1, 1, 2, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, yellow);
    GT_ERROR(GL_NO_ERROR);
    glTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 3, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, yellow);
    GT_ERROR(GL_INVALID_VALUE); /* layer 3 of 3 */
    GLubyte back[3][TW * TW * 4];
    memset(back, 0x55, sizeof back);
    glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(back[0][0], 255);
    GT_EQ_INT(back[1][1], 255);
    GT_EQ_INT(back[2][2], 255);
    GT_EQ_INT(back[2][(1 * TW + 1) * 4 + 0], 255); /* the yellow texel */
    GT_EQ_INT(back[2][(1 * TW + 1) * 4 + 1], 255);
    GT_EQ_INT(back[2][(1 * TW + 1) * 4 + 2], 0);

    /* sampling: ARRAY2D, layer = round(texcoord.z) */
    glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GLint v = -1;
    glGetTexParameteriv(GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, &v);
    GT_EQ_INT(v, GL_NEAREST);
    static const char fp[] = "!!NVfp4.0\n"
                             "TEX result.color, fragment.texcoord[0], texture[0], ARRAY2D;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glTexCoord3f(0.1f, 0.1f, 1.2f);
    draw_quad();
    GT_PROBE(2, 2, 0, 1, 0, 1, 0.01f);
    glTexCoord3f(0.1f, 0.1f, 0.0f);
    draw_quad();
    GT_PROBE(2, 2, 1, 0, 0, 1, 0.01f);
    glTexCoord3f(0.3f, 0.3f, 2.0f); /* texel (1, 1) of layer 2 */
    draw_quad();
    GT_PROBE(2, 2, 1, 1, 0, 1, 0.01f);

    /* CopyTexSubImage3D: the framebuffer (cleared to magenta) into layer 0 */
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glCopyTexSubImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, 0, 0, 0, 0, 0, TW, TW);
    GT_ERROR(GL_NO_ERROR);
    glTexCoord3f(0.5f, 0.5f, 0.0f);
    draw_quad();
    GT_PROBE(2, 2, 1, 0, 1, 1, 0.01f);
    glTexCoord3f(0.5f, 0.5f, 1.0f); /* layer 1 unchanged */
    draw_quad();
    GT_PROBE(2, 2, 0, 1, 0, 1, 0.01f);

    /* rendering into layer 1 through a framebuffer object */
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLint lay = -1;
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER_EXT, &lay);
    GT_EQ_INT(lay, 1);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glClearColor(0, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 1, 1, 1);
    glViewport(0, 0, TW, TW);
    glBegin(GL_TRIANGLES); /* the lower-left half, white */
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(-1, 1);
    glEnd();
    GT_PROBE(0, 0, 1, 1, 1, 1, 0.01f);
    GT_PROBE(TW - 1, TW - 1, 0, 1, 1, 1, 0.01f);
    /* a layer past the texture's: incomplete */
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 3);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    memset(back, 0, sizeof back);
    glGetTexImage(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    GT_EQ_INT(back[1][0], 255); /* layer 1 texel (0,0): white */
    GT_EQ_INT(back[1][2], 255);
    GT_EQ_INT(back[1][((TW - 1) * TW + TW - 1) * 4 + 0], 0); /* cyan corner */
    GT_EQ_INT(back[0][1], 0);   /* layer 0 still magenta */
    GT_EQ_INT(back[0][2], 255);
    GT_EQ_INT(back[2][2], 255); /* layer 2 still blue */

    glDeleteFramebuffers(1, &fbo);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    glDeleteTextures(1, &t);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

static void test_1d_array(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t);
    GLint b = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_1D_ARRAY_EXT, &b);
    GT_EQ_INT(b, (GLint)t);
    /* two layers of TW texels: layer 0 red, layer 1 blue */
    GLubyte img[2][TW * 4];
    fill(img[0], TW, 255, 0, 0, 255);
    fill(img[1], TW, 0, 0, 255, 255);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, TW, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(level_param(GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_HEIGHT), 2);
    GT_EQ_INT(level_param(GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_DEPTH), 1);
    glTexImage2D(GL_PROXY_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, TW, 5, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_HEIGHT), 5);
    /* TexSubImage2D of row 1 = layer 1: green */
    GLubyte green[TW * 4];
    fill(green, TW, 0, 255, 0, 255);
    glTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 1, TW, 1, GL_RGBA, GL_UNSIGNED_BYTE, green);
    GT_ERROR(GL_NO_ERROR);
    glTexParameteri(GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    static const char fp[] = "!!NVfp4.0\n"
                             "TEX result.color, fragment.texcoord[0], texture[0], ARRAY1D;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glTexCoord2f(0.5f, 0.6f); /* layer = floor(0.6 + 0.5) = 1 */
    draw_quad();
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f);
    glTexCoord2f(0.5f, 0.4f); /* layer 0 */
    draw_quad();
    GT_PROBE(3, 3, 1, 0, 0, 1, 0.01f);
    glTexCoord2f(0.5f, 7.0f); /* clamped to the last layer */
    draw_quad();
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f);
    /* rendering into one layer of a 1D array: a 1-pixel-high image */
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTextureLayerEXT(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(1, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glTexCoord2f(0.5f, 0.0f);
    draw_quad();
    GT_PROBE(3, 3, 1, 1, 0, 1, 0.01f);
    glTexCoord2f(0.5f, 1.0f); /* layer 1 untouched */
    draw_quad();
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteFramebuffers(1, &fbo);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    glDeleteTextures(1, &t);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_EXT_texture_array ") != NULL);
    test_2d_array();
    test_1d_array();
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_array");
}
