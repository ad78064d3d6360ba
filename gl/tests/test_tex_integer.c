/* test_tex_integer.c - EXT_texture_integer through GL: integer internal
 * formats in TexImage (and the integer/non-integer INVALID_OPERATION
 * mixes), level queries, TexParameterI / GetTexParameterI, integer textures
 * read by TXF, integer renderbuffers and texture attachments,
 * ClearColorIiEXT / IuiEXT, RGBA_INTEGER_MODE_EXT, ReadPixels with
 * *_INTEGER formats (and the errors for mixing them with non-integer
 * buffers), integer fragment program results, the INVALID_OPERATION for
 * fixed-function fragments into integer buffers, and blits.
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

enum { W = 8, H = 8, S = 4 };

static GLint level_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
}

static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

static void draw_quad(void)
{
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void test_textures(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    static const GLuint big[4] = {0xffffffffu, 0x80000000u, 7, 1};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, big);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA32UI_EXT);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_SIZE), 32);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_TYPE_ARB), GL_UNSIGNED_INT);
    GLuint back[4] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, back);
    GT_EQ_INT(back[0], 0xffffffffu);
    GT_EQ_INT(back[1], 0x80000000u);
    GT_EQ_INT(back[2], 7);
    /* mixes: integer internal format with a non-integer client format, and back */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 1, 1, 0, GL_RGBA, GL_UNSIGNED_INT, big);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, big);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_FLOAT, big);
    GT_ERROR(GL_INVALID_ENUM);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA32UI_EXT); /* kept */

    /* signed, narrower: clamped to the format's range on upload */
    GLuint ts;
    glGenTextures(1, &ts);
    glBindTexture(GL_TEXTURE_2D, ts);
    static const GLint sv[4] = {-1000, 1000, -5, 3};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I_EXT, 1, 1, 0, GL_RGBA_INTEGER_EXT, GL_INT, sv);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, GL_TEXTURE_RED_TYPE_ARB), GL_INT);
    GLint sb[4] = {0};
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_INT, sb);
    GT_EQ_INT(sb[0], -128);
    GT_EQ_INT(sb[1], 127);
    GT_EQ_INT(sb[2], -5);

    /* TexParameterI / GetTexParameterI: the border colour's raw words */
    static const GLint border[4] = {-3, 70000, 0, 2147483647};
    glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    GLint bb[4] = {0};
    glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bb);
    GT_EQ_INT(bb[0], -3);
    GT_EQ_INT(bb[1], 70000);
    GT_EQ_INT(bb[3], 2147483647);
    glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &(GLint){GL_NEAREST});
    GLuint ub = 0;
    glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &ub);
    GT_EQ_INT(ub, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);

    /* TXF of the unsigned texture: raw words; compared in the program */
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    static const char fp[] = "!!NVfp4.0\n"
                             "UINT TEMP v;\n"
                             "UINT PARAM want = program.local[0];\n"
                             "TXF.U v, {0, 0, 0, 0}, texture[0], 2D;\n"
                             "SEQ.U v, v, want;\n"
                             "I2F.U result.color, v;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0xffffffffu, 0x80000000u, 8, 1);
    draw_quad();
    GT_PROBE(3, 3, 1, 1, 0, 1, 0.01f);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    GLuint del[2] = {t, ts};
    glDeleteTextures(2, del);
    GT_ERROR(GL_NO_ERROR);
}

static void test_buffers(void)
{
    GLboolean im = GL_TRUE;
    glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &im);
    GT_EQ_INT(im, GL_FALSE);
    /* reading integers from a non-integer buffer */
    GLint px[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, px);
    GT_ERROR(GL_INVALID_OPERATION);

    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32I_EXT, S, S);
    GT_ERROR(GL_NO_ERROR);
    GLint v = -1;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_RED_SIZE, &v);
    GT_EQ_INT(v, 32);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                          GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
    GT_EQ_INT(v, GL_INT);
    glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &im);
    GT_EQ_INT(im, GL_TRUE);
    GT_EQ_INT((glGetIntegerv(GL_RED_BITS, &v), v), 32);

    /* ClearColorIiEXT: words the float path could not keep */
    glViewport(0, 0, S, S);
    glClearColorIiEXT(-5, 16777217, INT32_MIN, INT32_MAX);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_NO_ERROR);
    memset(px, 0, sizeof px);
    glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, px);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(px[0], -5);
    GT_EQ_INT(px[1], 16777217);
    GT_EQ_INT(px[2], INT32_MIN);
    GT_EQ_INT(px[3], INT32_MAX);
    /* narrower client types clamp (GL 3.0 4.3.2 final conversion) */
    GLshort sp[4] = {0};
    glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER_EXT, GL_SHORT, sp);
    GT_EQ_INT(sp[0], -5);
    GT_EQ_INT(sp[1], 32767);
    GT_EQ_INT(sp[2], -32768);
    /* non-integer formats from an integer buffer */
    GLubyte ubp[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, ubp);
    GT_ERROR(GL_INVALID_OPERATION);
    GLfloat fpx[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, fpx);
    GT_ERROR(GL_INVALID_OPERATION);

    /* EXT_texture_integer Errors: no fixed-function fragments into integer
     * colour buffers (Begin, DrawPixels, Bitmap, CopyPixels) */
    glRectf(-1, -1, 1, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_TRIANGLES);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    static const GLubyte one[4] = {1, 2, 3, 4};
    glRasterPos2f(0, 0);
    glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, one);
    GT_ERROR(GL_INVALID_OPERATION);
    glBitmap(1, 1, 0, 0, 0, 0, one);
    GT_ERROR(GL_INVALID_OPERATION);
    glCopyPixels(0, 0, 1, 1, GL_COLOR);
    GT_ERROR(GL_INVALID_OPERATION);
    glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, px);
    GT_EQ_INT(px[0], -5); /* nothing was drawn */

    /* a fragment program's integer result lands unconverted */
    static const char fp[] = "!!NVfp4.0\n"
                             "INT PARAM c = program.local[0];\n"
                             "MOV.S result.color, c;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 123456789, -2, 0, -123456789);
    glRectf(-1, -1, 0, 0); /* lower-left 2x2 */
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GLint area[S * S * 4];
    glReadPixels(0, 0, S, S, GL_RGBA_INTEGER_EXT, GL_INT, area);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(area[0], 123456789);
    GT_EQ_INT(area[1], -2);
    GT_EQ_INT(area[3], -123456789);
    GT_EQ_INT(area[(3 * S + 3) * 4 + 0], -5); /* outside the rectangle: the clear */

    /* CopyTexImage: integer buffer to integer texture copies words; a
     * non-integer texture from it, or an integer one from the window,
     * is INVALID_OPERATION */
    GLuint ct;
    glGenTextures(1, &ct);
    glBindTexture(GL_TEXTURE_2D, ct);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I_EXT, 0, 0, S, S, 0);
    GT_ERROR(GL_NO_ERROR);
    GLint cw[S * S * 4];
    memset(cw, 0, sizeof cw);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_INT, cw);
    GT_EQ_INT(cw[0], 123456789);
    GT_EQ_INT(cw[3], -123456789);
    GT_EQ_INT(cw[(3 * S + 3) * 4 + 2], INT32_MIN);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 3, 3, 1, 1); /* the clear texel to (0,0) */
    GT_ERROR(GL_NO_ERROR);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_INT, cw);
    GT_EQ_INT(cw[0], -5);
    GT_EQ_INT(cw[1], 16777217);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, S, S, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32I_EXT, 0, 0, S, S, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glDeleteTextures(1, &ct);

    /* an unsigned integer texture as attachment: ClearColorIuiEXT */
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16UI_EXT, S, S, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_SHORT, NULL);
    GLuint fbo2;
    glGenFramebuffers(1, &fbo2);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo2);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColorIuiEXT(1, 65535, 3000000000u, 4);
    glClear(GL_COLOR_BUFFER_BIT);
    GLuint up[4] = {0};
    glReadPixels(2, 2, 1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, up);
    GT_EQ_INT(up[0], 1);
    GT_EQ_INT(up[1], 65535);
    GT_EQ_INT(up[2], 3000000000u); /* the buffer keeps 32 bits */
    GT_EQ_INT(up[3], 4);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GLuint tex_back[S * S * 4];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, tex_back);
    GT_EQ_INT(tex_back[0], 1);
    GT_EQ_INT(tex_back[3], 4);

    /* blits: integer to integer of the same kind copies words; to a
     * normalised buffer, with LINEAR, or signed to unsigned: INVALID_OPERATION */
    GLuint rb2, fbo3;
    glGenRenderbuffers(1, &rb2);
    glBindRenderbuffer(GL_RENDERBUFFER, rb2);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32I_EXT, S, S);
    glGenFramebuffers(1, &fbo3);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo3);
    glFramebufferRenderbuffer(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb2);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_LINEAR);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo3);
    glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER_EXT, GL_INT, px);
    GT_EQ_INT(px[0], 123456789);
    GT_EQ_INT(px[3], -123456789);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo2); /* unsigned */
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    GLuint fbos[] = {fbo, fbo2, fbo3}, rbs[] = {rb, rb2};
    glDeleteFramebuffers(3, fbos);
    glDeleteRenderbuffers(2, rbs);
    glDeleteTextures(1, &t);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_EXT_texture_integer ") != NULL);
    test_textures();
    test_buffers();
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_integer");
}
