/* test_nv5_tex.c - the GL side of NV_gpu_program5's texture additions:
 *   - MIN_ / MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV (0x8E5E / 0x8E5F, NV5
 *     "New Implementation Dependent State"; asmgl answers NVIDIA's -32 and
 *     31, glprog.h GP_MIN/MAX_GATHER_OFFSET);
 *   - ARB_texture_cube_map_array, which the ARRAYCUBE targets sample: the
 *     extension string, TEXTURE_BINDING_CUBE_MAP_ARRAY, TexImage3D with
 *     depth = 6 * layers (INVALID_VALUE for a depth that is no multiple of
 *     6 or a non-square face), the proxy target, GetTexLevelParameter's
 *     depth, and a texel read back through GetTexImage;
 *   - the !!NVfp4.1 header loads (HDR.NV41) with TXG, a TXGO under it
 *     does not (a 5.0 opcode), with the position of the opcode.
 * covers: LIM.GP5.GATHEROFF API.E.GP5 TEX.ARRAYCUBE HDR.NV41
 */
#include "gl_test.h"

#include <string.h>

static void test_limits(void)
{
    GT_EQ_INT(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET_NV, 0x8E5E);
    GT_EQ_INT(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV, 0x8E5F);
    GLint mn = 0, mx = 0;
    glGetIntegerv(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET_NV, &mn);
    glGetIntegerv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV, &mx);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(mn, -32);
    GT_EQ_INT(mx, 31);
    /* at least the ordinary texel offset range (TXGO's is "likely larger") */
    GLint tmn = 0, tmx = 0;
    glGetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET_EXT, &tmn);
    glGetIntegerv(GL_MAX_PROGRAM_TEXEL_OFFSET_EXT, &tmx);
    GT_CHECK(mn <= tmn && mx >= tmx);
    GLfloat f = 0;
    glGetFloatv(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET_NV, &f);
    GT_NEAR(f, 31, 0);
}

static void test_cube_array(void)
{
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_texture_cube_map_array") != NULL);
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_CUBE_MAP_ARRAY, t);
    GT_ERROR(GL_NO_ERROR);
    GLint b = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY, &b);
    GT_EQ_INT(b, (GLint)t);
    /* depth must be a multiple of 6, faces square */
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 7, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 4, 6, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    /* 2 layers of 2x2 faces: texel (i, j) of layer-face k = (k, i, j, 255) */
    GLubyte px[12][2][2][4];
    for (int k = 0; k < 12; k++)
        for (int j = 0; j < 2; j++)
            for (int i = 0; i < 2; i++) {
                px[k][j][i][0] = (GLubyte)k;
                px[k][j][i][1] = (GLubyte)i;
                px[k][j][i][2] = (GLubyte)j;
                px[k][j][i][3] = 255;
            }
    glTexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 2, 2, 12, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_NO_ERROR);
    GLint d = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_DEPTH, &d);
    GT_EQ_INT(d, 12);
    GLubyte back[12][2][2][4];
    memset(back, 0, sizeof(back));
    glGetTexImage(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(back[9][1][0][0], 9);
    GT_EQ_INT(back[9][1][0][2], 1);
    GT_EQ_INT(back[11][0][1][1], 1);
    /* the proxy: a good size is recorded, a bad depth gives zeros */
    glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 18, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_DEPTH, &d);
    GT_EQ_INT(d, 18);
    glTexImage3D(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 10, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_CUBE_MAP_ARRAY, 0, GL_TEXTURE_WIDTH, &d);
    GT_EQ_INT(d, 0);
    GT_ERROR(GL_NO_ERROR);
    glDeleteTextures(1, &t);
}

static void test_nv41(void)
{
    static const char ok[] = "!!NVfp4.1\nTEMP r;\nTXG r, fragment.texcoord[0], texture[0].y, 2D;\n"
                             "MOV result.color, r;\nEND";
    /* "!!NVfp4.1\nTEMP r;\n" is 18 bytes: TXGO at 18 */
    static const char bad[] = "!!NVfp4.1\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D;\nMOV result.color, r;\nEND";
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(ok), ok);
    GT_ERROR(GL_NO_ERROR);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(bad), bad);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint pos = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, 18);
    glDeleteProgramsARB(1, &p);
}

int main(void)
{
    asmgl_context *c = gt_context(8, 8);
    test_limits();
    test_cube_array();
    test_nv41();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv5_tex");
}
