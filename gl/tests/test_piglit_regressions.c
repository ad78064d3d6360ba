/* test_piglit_regressions.c - GL-level answers that piglit's
 * ext_texture_array / ext_texture_integer / arb_texture_multisample groups
 * found wrong (each check failed before its fix):
 *  - GL 2.0 section 2.15 shader and program objects: asmgl reports GL 2.1
 *    but has no GLSL compiler, so CreateShader & co. must exist and answer
 *    deterministically (COMPILE_STATUS / LINK_STATUS FALSE, a NUL-terminated
 *    info log of the advertised length, UseProgram of an unlinked program
 *    INVALID_OPERATION).  Before, libglvnd's no-op stubs left callers'
 *    variables uninitialised (piglit printed garbage logs and died on them).
 *  - ARB_texture_multisample: RenderbufferStorageMultisample with an
 *    integer format and samples > MAX_INTEGER_SAMPLES is INVALID_OPERATION;
 *    TexImage{2,3}DMultisample accept the PROXY_TEXTURE_2D_MULTISAMPLE
 *    [_ARRAY] targets.
 *  - GL 3.0 section 3.7.4 (EXT_texture_integer as corrected there):
 *    DrawPixels with an integer format is INVALID_OPERATION, FLOAT type
 *    included, and draws nothing.
 * And what piglit's copyteximage 1D_ARRAY checks through GLSL, which asmgl
 * cannot run there: CopyTexSubImage2D rows into 1D-array layers (passed
 * before these fixes too).
 */
#include "gl_test.h"

#include <string.h>

enum { W = 4, H = 4 };

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static void test_glsl_objects(void)
{
    GLuint vs = glCreateShader(GL_VERTEX_SHADER);
    GLuint fs = glCreateShader(GL_FRAGMENT_SHADER);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(vs != 0 && fs != 0 && vs != fs);
    GT_CHECK(glIsShader(fs) == GL_TRUE);
    GT_CHECK(glIsProgram(fs) == GL_FALSE);
    GT_EQ_INT(glCreateShader(GL_TEXTURE_2D), 0);
    GT_ERROR(GL_INVALID_ENUM);

    const char *src = "void main() { gl_FragColor = vec4(1.0); }";
    glShaderSource(fs, 1, &src, NULL);
    glCompileShader(fs);
    GT_ERROR(GL_NO_ERROR);
    GLint v = -7;
    glGetShaderiv(fs, GL_COMPILE_STATUS, &v);
    GT_EQ_INT(v, GL_FALSE);
    v = -7;
    glGetShaderiv(fs, GL_SHADER_TYPE, &v);
    GT_EQ_INT(v, GL_FRAGMENT_SHADER);
    GLint len = -7;
    glGetShaderiv(fs, GL_INFO_LOG_LENGTH, &len);
    GT_CHECK(len > 1 && len < 1000);
    char log[1000];
    memset(log, 0x7f, sizeof log);
    GLsizei got = -7;
    glGetShaderInfoLog(fs, (GLsizei)sizeof log, &got, log);
    GT_ERROR(GL_NO_ERROR);
    /* 6.1.14: length excludes the NUL, INFO_LOG_LENGTH includes it */
    GT_EQ_INT(got, len - 1);
    GT_EQ_INT(log[got], 0);
    GT_EQ_INT((long long)strlen(log), len - 1);
    /* truncation: bufSize 4 writes 3 characters and a NUL */
    memset(log, 0x7f, sizeof log);
    glGetShaderInfoLog(fs, 4, &got, log);
    GT_EQ_INT(got, 3);
    GT_EQ_INT(log[3], 0);
    GT_EQ_INT(log[4], 0x7f);

    GLuint p = glCreateProgram();
    GT_CHECK(p != 0 && p != vs && p != fs);
    glAttachShader(p, vs);
    glAttachShader(p, fs);
    GT_ERROR(GL_NO_ERROR);
    glAttachShader(p, fs); /* already attached */
    GT_ERROR(GL_INVALID_OPERATION);
    glAttachShader(fs, p); /* kinds swapped */
    GT_ERROR(GL_INVALID_OPERATION);
    glLinkProgram(p);
    GT_ERROR(GL_NO_ERROR);
    v = -7;
    glGetProgramiv(p, GL_LINK_STATUS, &v);
    GT_EQ_INT(v, GL_FALSE);
    v = -7;
    glGetProgramiv(p, GL_ATTACHED_SHADERS, &v);
    GT_EQ_INT(v, 2);
    len = -7;
    glGetProgramiv(p, GL_INFO_LOG_LENGTH, &len);
    GT_CHECK(len > 1 && len < 1000);
    got = -7;
    glGetProgramInfoLog(p, (GLsizei)sizeof log, &got, log);
    GT_EQ_INT(got, len - 1);
    GT_EQ_INT((long long)strlen(log), len - 1);
    GLuint att[4] = {0, 0, 0, 0};
    GLsizei natt = -7;
    glGetAttachedShaders(p, 4, &natt, att);
    GT_EQ_INT(natt, 2);
    GT_CHECK((att[0] == vs && att[1] == fs) || (att[0] == fs && att[1] == vs));
    char srcback[8];
    memset(srcback, 0x7f, sizeof srcback);
    got = -7;
    glGetShaderSource(fs, (GLsizei)sizeof srcback, &got, srcback);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(got >= 0 && got < (GLsizei)sizeof srcback && srcback[got] == 0);
    GLint size = -7;
    GLenum type = 0;
    glGetActiveUniform(p, 0, (GLsizei)sizeof log, NULL, &size, &type, log);
    GT_ERROR(GL_INVALID_VALUE); /* index >= ACTIVE_UNIFORMS (0) */
    GT_EQ_INT(size, -7);
    /* 2.15.3: a program that did not link cannot be current */
    glUseProgram(p);
    GT_ERROR(GL_INVALID_OPERATION);
    glUseProgram(0);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glGetUniformLocation(p, "tex"), -1);
    GT_ERROR(GL_INVALID_OPERATION);
    glUniform1i(-1, 0); /* -1: silently ignored */
    GT_ERROR(GL_NO_ERROR);
    glUniform1i(0, 0); /* no current program */
    GT_ERROR(GL_INVALID_OPERATION);

    /* names that are no object: INVALID_VALUE, outputs untouched */
    v = -7;
    glGetShaderiv(999, GL_COMPILE_STATUS, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(v, -7);
    glGetProgramiv(fs, GL_LINK_STATUS, &v); /* a shader, not a program */
    GT_ERROR(GL_INVALID_OPERATION);

    /* a shader deleted while attached lives until detached (2.15.1) */
    glDeleteShader(fs);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsShader(fs) == GL_TRUE);
    v = -7;
    glGetShaderiv(fs, GL_DELETE_STATUS, &v);
    GT_EQ_INT(v, GL_TRUE);
    glDeleteProgram(p);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsProgram(p) == GL_FALSE);
    GT_CHECK(glIsShader(fs) == GL_FALSE);
    GT_CHECK(glIsShader(vs) == GL_TRUE);
    glDeleteShader(vs);
    glDeleteShader(0);
    glDeleteProgram(0);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsShader(vs) == GL_FALSE);
}

static void test_multisample(void)
{
    /* MAX_INTEGER_SAMPLES + 1 on an integer renderbuffer: INVALID_OPERATION
     * (ARB_texture_multisample, RenderbufferStorageMultisample) even when it
     * also exceeds MAX_SAMPLES; non-integer formats keep INVALID_VALUE. */
    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, geti(GL_MAX_INTEGER_SAMPLES) + 1,
                                     GL_RGBA16I, 8, 8);
    GT_ERROR(GL_INVALID_OPERATION);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, geti(GL_MAX_SAMPLES) + 1, GL_RGBA8, 8, 8);
    GT_ERROR(GL_INVALID_VALUE);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, geti(GL_MAX_INTEGER_SAMPLES), GL_RGBA16I, 8, 8);
    GT_ERROR(GL_NO_ERROR);
    glDeleteRenderbuffers(1, &rb);

    /* proxies: accepted, and they leave the bound texture alone */
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
    glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE, geti(GL_MAX_COLOR_TEXTURE_SAMPLES),
                            GL_RGB, 64, 64, GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    GLint w = -7;
    glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &w);
    GT_EQ_INT(w, 0);
    glTexImage3DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    glTexImage2DMultisample(GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, GL_RGBA8, 8, 8, GL_FALSE);
    GT_ERROR(GL_INVALID_ENUM);
    glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_FALSE);
    GT_ERROR(GL_INVALID_ENUM);
    glDeleteTextures(1, &t);
}

static void test_drawpixels_integer(void)
{
    glClearColor(0, 1, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    static const GLuint black_u[4] = {0, 0, 0, 0};
    static const float black_f[4] = {0, 0, 0, 0};
    glRasterPos2f(-1, -1);
    glDrawPixels(1, 1, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, black_u);
    GT_ERROR(GL_INVALID_OPERATION);
    glDrawPixels(1, 1, GL_RGBA_INTEGER_EXT, GL_FLOAT, black_f);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_PROBE(0, 0, 0, 1, 0, 0, 0.01f); /* nothing drawn */
}

/* EXT_texture_array (CopyTexSubImage2D on TEXTURE_1D_ARRAY_EXT): framebuffer
 * row y0 + j goes to layer yoffset + j (piglit's copyteximage 1D_ARRAY fills
 * 16 layers 4 rows at a time this way). */
static void test_copy_1d_array(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_1D_ARRAY_EXT, t);
    glTexImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA8, W, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_NO_ERROR);
    /* rows 0..3 of the framebuffer: red, green, blue, white */
    static const float rows[4][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {1, 1, 1}};
    glEnable(GL_SCISSOR_TEST);
    for (int r = 0; r < 4; r++) {
        glScissor(0, r, W, 1);
        glClearColor(rows[r][0], rows[r][1], rows[r][2], 1);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    glDisable(GL_SCISSOR_TEST);
    glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 4, 0, 0, W, 4); /* layers 4..7 */
    GT_ERROR(GL_NO_ERROR);
    GLubyte img[8][W][4];
    memset(img, 0x55, sizeof img);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glGetTexImage(GL_TEXTURE_1D_ARRAY_EXT, 0, GL_RGBA, GL_UNSIGNED_BYTE, img);
    GT_ERROR(GL_NO_ERROR);
    for (int r = 0; r < 4; r++)
        for (int x = 0; x < W; x++) {
            GT_EQ_INT(img[4 + r][x][0], rows[r][0] * 255);
            GT_EQ_INT(img[4 + r][x][1], rows[r][1] * 255);
            GT_EQ_INT(img[4 + r][x][2], rows[r][2] * 255);
        }
    /* a layer range past the array: INVALID_VALUE */
    glCopyTexSubImage2D(GL_TEXTURE_1D_ARRAY_EXT, 0, 0, 6, 0, 0, W, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteTextures(1, &t);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_glsl_objects();
    test_multisample();
    test_drawpixels_integer();
    test_copy_1d_array();
    asmgl_context_destroy(c);
    return gt_finish("gl.piglit_regressions");
}
