/* test_nv5_bindless.c - NV_bindless_texture's texture handles (the GL API
 * and "Interactions with NV_gpu_program5"), values and errors from the
 * spec text:
 *   - GetTextureHandleNV: INVALID_VALUE for texture 0 or a name that is
 *     not an existing texture object, INVALID_OPERATION for an incomplete
 *     texture, 0 returned on error; a nonzero handle, the same one on every
 *     call for a texture, different for another texture;
 *   - GetTextureSamplerHandleNV: INVALID_VALUE for <sampler> zero or not a
 *     sampler object (asmgl has no sampler objects: always);
 *   - Make{,Non}ResidentNV: INVALID_OPERATION for an invalid handle, for
 *     an already resident / not resident one; IsTextureHandleResidentNV:
 *     FALSE/TRUE, INVALID_OPERATION for an invalid handle;
 *   - a texture with a handle is frozen: TexParameter* and TexImage* are
 *     INVALID_OPERATION and change nothing, TexSubImage* still works;
 *     deleting it makes its handle invalid;
 *   - UniformHandleui64NV: INVALID_OPERATION (asmgl has no GLSL program);
 *   - an !!NVfp5.0 program samples handle(<LONG>.x) (PK64 of a parameter
 *     holding the two words) while another texture is bound to unit 0;
 *     a non-resident handle reads (0, 0, 0, 0) (undefined in the spec,
 *     asmgl's choice), a handle of a 2D texture used with 3D reads what an
 *     incomplete texture does, (0, 0, 0, 1) (undefined); handle() without OPTION NV_bindless_texture fails to
 *     load at the "handle" token.
 * covers: API.GetTextureHandleNV API.MakeTextureHandleResidentNV
 * covers: API.IsHandleResidentNV API.UniformHandleui64NV OPT.NV_bindless_texture
 * covers: BIND.X.HANDLE EDGE.HANDLE_MISMATCH
 */
#include "gl_test.h"

#include <string.h>

/* A 2x2 GL_RGBA8 texture of one colour, NEAREST (complete). */
static GLuint make_texture(GLubyte r, GLubyte g, GLubyte b, GLubyte a)
{
    GLubyte px[2][2][4];
    for (int i = 0; i < 4; i++) {
        px[i / 2][i % 2][0] = r;
        px[i / 2][i % 2][1] = g;
        px[i / 2][i % 2][2] = b;
        px[i / 2][i % 2][3] = a;
    }
    GLuint t = 0;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    return t;
}

static void test_api(void)
{
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_bindless_texture") != NULL);

    /* INVALID_VALUE: zero, not an object, a name with no object yet */
    GT_EQ_INT(glGetTextureHandleNV(0), 0);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(glGetTextureHandleNV(4242), 0);
    GT_ERROR(GL_INVALID_VALUE);
    /* INVALID_OPERATION: not complete (no image) */
    GLuint inc = 0;
    glGenTextures(1, &inc);
    glBindTexture(GL_TEXTURE_2D, inc);
    GT_EQ_INT(glGetTextureHandleNV(inc), 0);
    GT_ERROR(GL_INVALID_OPERATION);

    GLuint t1 = make_texture(255, 0, 0, 255), t2 = make_texture(0, 255, 0, 255);
    GLuint64 h1 = glGetTextureHandleNV(t1);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(h1 != 0);
    GT_CHECK(glGetTextureHandleNV(t1) == h1); /* unique and stable */
    GLuint64 h2 = glGetTextureHandleNV(t2);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(h2 != 0 && h2 != h1);
    /* no sampler objects: every sampler is invalid */
    GT_EQ_INT(glGetTextureSamplerHandleNV(t1, 0), 0);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(glGetTextureSamplerHandleNV(t1, 7), 0);
    GT_ERROR(GL_INVALID_VALUE);

    /* residency */
    GT_EQ_INT(glIsTextureHandleResidentNV(h1), GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    glMakeTextureHandleNonResidentNV(h1); /* not resident */
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeTextureHandleResidentNV(h1);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsTextureHandleResidentNV(h1), GL_TRUE);
    GT_EQ_INT(glIsTextureHandleResidentNV(h2), GL_FALSE);
    glMakeTextureHandleResidentNV(h1); /* already resident */
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeTextureHandleNonResidentNV(h1);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsTextureHandleResidentNV(h1), GL_FALSE);
    /* invalid handles */
    glMakeTextureHandleResidentNV(0);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeTextureHandleResidentNV(h1 ^ 0x8000000000000000ull);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeTextureHandleNonResidentNV(0);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glIsTextureHandleResidentNV(0), GL_FALSE);
    GT_ERROR(GL_INVALID_OPERATION);

    /* the texture's state is frozen */
    glBindTexture(GL_TEXTURE_2D, t1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint mf = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &mf);
    GT_EQ_INT(mf, GL_NEAREST);
    GLfloat bc[4] = { 1, 1, 1, 1 };
    glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, bc);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint w = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
    GT_EQ_INT(w, 2);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 2, 2, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    const GLubyte blue[4] = { 0, 0, 255, 255 };
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue);
    GT_ERROR(GL_NO_ERROR);
    /* a texture without handles is not frozen */
    glBindTexture(GL_TEXTURE_2D, inc);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    GT_ERROR(GL_NO_ERROR);

    /* deleting the texture invalidates its handle */
    glMakeTextureHandleResidentNV(h2);
    GT_ERROR(GL_NO_ERROR);
    glDeleteTextures(1, &t2);
    GT_EQ_INT(glIsTextureHandleResidentNV(h2), GL_FALSE);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeTextureHandleNonResidentNV(h2);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(glIsTextureHandleResidentNV(h1) == GL_FALSE);
    GT_ERROR(GL_NO_ERROR);

    /* GLSL handle uniforms: no GLSL program in asmgl */
    glUniformHandleui64NV(0, h1);
    GT_ERROR(GL_INVALID_OPERATION);
    glUniformHandleui64vNV(0, 1, &h1);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramUniformHandleui64NV(1, 0, h1);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramUniformHandleui64vNV(1, 0, 1, &h1);
    GT_ERROR(GL_INVALID_OPERATION);

    glDeleteTextures(1, &t1);
    glDeleteTextures(1, &inc);
    GT_ERROR(GL_NO_ERROR);
}

static const char *const vp_text = "!!NVvp5.0\nMOV result.position, vertex.position;\nEND\n";

/* local[0] holds the handle's words; the texture bound to unit 0 is
 * another one, which the program never names */
static const char *const fp_text =
    "!!NVfp5.0\n"
    "OPTION NV_bindless_texture;\n"
    "UINT PARAM h = program.local[0];\n"
    "LONG TEMP l;\n"
    "PK64.U l.x, h;\n"
    "TEX result.color, {0.25, 0.25, 0, 0}, handle(l.x), 2D;\n"
    "END\n";

static void draw(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static void test_program(void)
{
    GLuint red = make_texture(255, 0, 0, 255), green = make_texture(0, 255, 0, 255);
    GLuint64 h = glGetTextureHandleNV(green);
    GT_ERROR(GL_NO_ERROR);
    glMakeTextureHandleResidentNV(h);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, red);
    GLuint vp = gt_program(GL_VERTEX_PROGRAM_ARB, vp_text);
    GLuint fp = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_text);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    GLuint words[4] = { (GLuint)h, (GLuint)(h >> 32), 0, 0 };
    glProgramLocalParameterI4uivNV(GL_FRAGMENT_PROGRAM_ARB, 0, words);
    GT_ERROR(GL_NO_ERROR);
    draw();
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f); /* the handle's texture, not unit 0's */
    /* non-resident: (0, 0, 0, 0) (asmgl) */
    glMakeTextureHandleNonResidentNV(h);
    GT_ERROR(GL_NO_ERROR);
    draw();
    GT_PROBE(3, 3, 0, 0, 0, 0, 0.01f);
    /* resident again: the contents may still change (TexSubImage) */
    glMakeTextureHandleResidentNV(h);
    const GLubyte white[16] = { 255, 255, 255, 255, 255, 255, 255, 255,
                                255, 255, 255, 255, 255, 255, 255, 255 };
    glBindTexture(GL_TEXTURE_2D, green);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, white);
    GT_ERROR(GL_NO_ERROR);
    draw();
    GT_PROBE(3, 3, 1, 1, 1, 1, 0.01f);
    /* a handle word that is no handle: (0, 0, 0, 0) */
    words[0] ^= 0x55u;
    glProgramLocalParameterI4uivNV(GL_FRAGMENT_PROGRAM_ARB, 0, words);
    draw();
    GT_PROBE(3, 3, 0, 0, 0, 0, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    /* 2.X.4.4: the handle's texture target must match the instruction's
     * (else undefined); asmgl reads what an incomplete texture returns,
     * (0, 0, 0, 1) */
    words[0] ^= 0x55u;
    static const char fp_3d[] = "!!NVfp5.0\n"
                                "OPTION NV_bindless_texture;\n"
                                "UINT PARAM h = program.local[0];\n"
                                "LONG TEMP l;\n"
                                "PK64.U l.x, h;\n"
                                "TEX result.color, {0.25, 0.25, 0.25, 0}, handle(l.x), 3D;\n"
                                "END\n";
    GLuint fp3 = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_3d);
    glProgramLocalParameterI4uivNV(GL_FRAGMENT_PROGRAM_ARB, 0, words);
    draw();
    GT_PROBE(3, 3, 0, 0, 0, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);

    /* handle() needs the option (2.X.5.Y): the error is at "handle" */
    static const char no_opt[] = "!!NVfp5.0\n"
                                 "LONG TEMP l;\n"
                                 "TEX result.color, {0, 0, 0, 0}, handle(l.x), 2D;\n"
                                 "END\n";
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(no_opt),
                       no_opt);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint pos = -1;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, (GLint)(strstr(no_opt, "handle") - no_opt));
    /* and the option needs an NV_gpu_program5 header */
    static const char nv4[] = "!!NVfp4.0\nOPTION NV_bindless_texture;\nEND\n";
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(nv4), nv4);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, (GLint)(strstr(nv4, "NV_bindless") - nv4));

    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &vp);
    glDeleteProgramsARB(1, &fp);
    glDeleteProgramsARB(1, &fp3);
    glDeleteTextures(1, &red);
    glDeleteTextures(1, &green);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(8, 8);
    test_api();
    test_program();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv5_bindless");
}
