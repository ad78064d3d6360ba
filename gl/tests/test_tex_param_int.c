/* test_tex_param_int.c - EXT_texture_integer texture parameters:
 * TexParameterI{iv,uiv}EXT store the integer border colour unconverted
 * (read back bit-exact with GetTexParameterI{iv,uiv}EXT) and leave the
 * float border colour alone; other pnames behave as TexParameteriv.
 * (FEATURES.md has no API row for these entry points.)
 */
#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);

    GLint iv[4] = {-1, -1, -1, -1};
    glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, iv);
    GT_EQ_INT(iv[0], 0);
    GT_EQ_INT(iv[3], 0);

    const GLint bi[4] = {-5, INT32_MIN, INT32_MAX, 7};
    glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bi);
    GT_ERROR(GL_NO_ERROR);
    glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, iv);
    GT_EQ_INT(iv[0], -5);
    GT_EQ_INT(iv[1], INT32_MIN);
    GT_EQ_INT(iv[2], INT32_MAX);
    GT_EQ_INT(iv[3], 7);
    /* the float border colour is unchanged */
    GLfloat fv[4] = {9, 9, 9, 9};
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, fv);
    GT_NEAR(fv[0], 0.0, 0);
    GT_NEAR(fv[3], 0.0, 0);

    const GLuint bu[4] = {0xffffffffu, 0x7fc00001u, 0u, 1u};
    glTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bu);
    GLuint uv[4];
    glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, uv);
    GT_EQ_INT(uv[0], 0xffffffffu);
    GT_EQ_INT(uv[1], 0x7fc00001u);
    GT_EQ_INT(uv[2], 0u);
    GT_EQ_INT(uv[3], 1u);
    GT_ERROR(GL_NO_ERROR);

    /* other pnames: as TexParameteriv / GetTexParameteriv */
    const GLint nearest = GL_NEAREST;
    glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &nearest);
    glGetTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, iv);
    GT_EQ_INT(iv[0], GL_NEAREST);
    const GLuint lvl = 3;
    glTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &lvl);
    glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, uv);
    GT_EQ_INT(uv[0], 3);
    GT_ERROR(GL_NO_ERROR);

    /* errors */
    const GLint bad = 0x7777;
    glTexParameterIivEXT(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &bad);
    GT_ERROR(GL_INVALID_ENUM);
    glTexParameterIivEXT(GL_TEXTURE_2D, 0x7777, bi);
    GT_ERROR(GL_INVALID_ENUM);
    glTexParameterIuivEXT(0x7777, GL_TEXTURE_BORDER_COLOR, bu);
    GT_ERROR(GL_INVALID_ENUM);
    glGetTexParameterIivEXT(0x7777, GL_TEXTURE_BORDER_COLOR, iv);
    GT_ERROR(GL_INVALID_ENUM);
    glGetTexParameterIuivEXT(GL_TEXTURE_2D, 0x7777, uv);
    GT_ERROR(GL_INVALID_ENUM);
    glGetTexParameterIuivEXT(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, uv);
    GT_EQ_INT(uv[0], 0xffffffffu); /* unchanged by the failures */

    glDeleteTextures(1, &t);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_param_int");
}
