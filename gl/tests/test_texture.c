/*
 * test_texture.c - texture objects through the GL API: names and bindings
 * per unit, parameters and their queries, level parameters, proxies,
 * mipmap generation, non-power-of-two and rectangle textures, cube maps and
 * glCopyTexImage2D, sampled with fragment programs.
 */
#include "gl_test.h"

#include <string.h>

#define S 16

static void quad(void)
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

static GLint level_param(GLenum target, int level, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, level, pname, &v);
    return v;
}

int main(void)
{
    asmgl_context *c = gt_context(S, S);

    /* bindings are per unit; name 0 is the default object */
    GLuint t[3];
    glGenTextures(3, t);
    GT_CHECK(!glIsTexture(t[0])); /* not bound yet */
    glActiveTexture(GL_TEXTURE3);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    GT_CHECK(glIsTexture(t[0]));
    GLint b = -1;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    GT_EQ_INT(b, (GLint)t[0]);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    GT_EQ_INT(b, 0);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &b);
    GT_EQ_INT(b, GL_TEXTURE0);

    /* parameters: defaults (GL 2.1 Table 6.20) and changes */
    glBindTexture(GL_TEXTURE_2D, t[1]);
    GLint v = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
    GT_EQ_INT(v, GL_NEAREST_MIPMAP_LINEAR);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
    GT_EQ_INT(v, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
    GT_EQ_INT(v, GL_CLAMP_TO_EDGE);
    const float border[4] = {0.25f, 0.5f, 0.75f, 1};
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
    float f4[4];
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, f4);
    GT_NEAR(f4[2], 0.75, 0);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, &v);
    GT_EQ_INT(v, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_NONE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glGetTexParameteriv(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, &v);
    GT_EQ_INT(v, GL_LINEAR); /* ARB_texture_rectangle default */

    /* level parameters and mipmap generation */
    unsigned char px[8 * 4 * 4];
    for (int i = 0; i < 8 * 4; i++) {
        px[i * 4 + 0] = 255;
        px[i * 4 + 1] = i < 16 ? 0 : 255; /* bottom half red, top half yellow */
        px[i * 4 + 2] = 0;
        px[i * 4 + 3] = 255;
    }
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 8);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT), 4);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT), GL_RGB8);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE), 8);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE), 0);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH), 0);
    glGenerateMipmapEXT(GL_TEXTURE_2D);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH), 4);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH), 1);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 3, GL_TEXTURE_HEIGHT), 1);
    /* level 3 is the average: red 1, green 0.5 */
    unsigned char l3[4];
    glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, l3);
    GT_EQ_INT(l3[0], 255);
    GT_CHECK(l3[1] == 127 || l3[1] == 128);
    GT_EQ_INT(l3[3], 255);
    GT_ERROR(GL_NO_ERROR);

    /* proxies: a legal size reports it, an illegal one zeros */
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 64);
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 1 << 15, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 0);
    glTexImage2D(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_EQ_INT(level_param(GL_PROXY_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH), 0); /* not square */
    GT_ERROR(GL_NO_ERROR);

    /* sampling: a non-power-of-two 3x1 texture, nearest, across the window */
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[2], 2D;\nEND\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, t[2]);
    const unsigned char rgb3[9] = {255, 0, 0, 0, 255, 0, 0, 0, 255};
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 3, 1, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb3);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    quad();
    GT_PROBE(1, 8, 1, 0, 0, 1, 0);
    GT_PROBE(8, 8, 0, 1, 0, 1, 0);
    GT_PROBE(14, 8, 0, 0, 1, 1, 0);
    /* an incomplete texture (mipmapped filter, one level) samples (0,0,0,1) */
    glActiveTexture(GL_TEXTURE2);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glActiveTexture(GL_TEXTURE0);
    quad();
    GT_PROBE(8, 8, 0, 0, 0, 1, 0);

    /* a rectangle texture uses unnormalised coordinates */
    GLuint rect;
    glGenTextures(1, &rect);
    glBindTexture(GL_TEXTURE_RECTANGLE_ARB, rect);
    glTexImage2D(GL_TEXTURE_RECTANGLE_ARB, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px + 4 * 14);
    glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], RECT;\nEND\n");
    glBegin(GL_QUADS); /* s from 0 to 2 across the window */
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(2, 0);
    glVertex2f(1, -1);
    glTexCoord2f(2, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    GT_PROBE(2, 8, 1, 0, 0, 1, 0);  /* texel 14 of px: red */
    GT_PROBE(13, 8, 1, 0, 0, 1, 0); /* texel 15: red */
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    /* cube map: faces by target; the +X face sampled along (1,0,0) */
    GLuint cube;
    glGenTextures(1, &cube);
    glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
    for (int face = 0; face < 6; face++) {
        unsigned char col[4] = {(unsigned char)(face * 40), 0, 255, 255};
        glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, col);
    }
    glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\nTEX result.color, {0, -1, 0, 0}, texture[0], CUBE;\nEND\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    quad();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GT_PROBE(8, 8, 120.0f / 255, 0, 1, 1, 0); /* -Y is face 3 */

    /* CopyTexImage2D from the framebuffer */
    glClearColor(0, 0.5f, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindTexture(GL_TEXTURE_2D, t[1]);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 2, 2, 0);
    GT_EQ_INT(level_param(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH), 2);
    unsigned char cp[16];
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, cp);
    GT_EQ_INT(cp[2], 255);
    GT_EQ_INT(cp[13], 128);

    glDeleteTextures(3, t);
    GT_CHECK(!glIsTexture(t[0]));
    glActiveTexture(GL_TEXTURE3);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &b);
    GT_EQ_INT(b, 0); /* reverted to the default */
    glActiveTexture(GL_TEXTURE0);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("gl.texture");
}
