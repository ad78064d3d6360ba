/* test_es2_compat.c - ARB_ES2_compatibility on asmgl.
 *
 * - FIXED (signed 16.16) generic arrays reach a vertex program as value /
 *   65536, through DrawArrays and ArrayElement; the conventional pointers
 *   refuse FIXED (INVALID_ENUM), as the extension adds it to
 *   VertexAttribPointer only.
 * - GetShaderPrecisionFormat answers binary32 ((127, 127), 23) and 32-bit
 *   integers ((31, 30), 0); ShaderBinary has no formats; the vector limits
 *   are the component limits / 4; SHADER_COMPILER is TRUE (desktop GL).
 * - ClearDepthf / DepthRangef set the state of ClearDepth / DepthRange,
 *   also from a display list.
 * - No INCOMPLETE_DRAW_BUFFER / INCOMPLETE_READ_BUFFER: a draw buffer with
 *   nothing attached is complete and receives nothing, reading from a read
 *   buffer with nothing attached is INVALID_OPERATION.
 * - RGB565 is a texture and renderbuffer format.
 * Expected values are the extension's and the hand-converted fixed-point
 * numbers (0x4000 = 0.25, 0xffff8000 = -0.5).
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

static void fixed_arrays(void)
{
    /* three vertices covering the viewport, positions as 16.16 fixed */
    static const GLint pos[3][2] = {{-0x10000, -0x10000}, {0x30000, -0x10000}, {-0x10000, 0x30000}};
    /* colour input: (0.25, -0.5, 1.0, 0.75) for every vertex */
    static const GLint col[3][4] = {{0x4000, (GLint)0xffff8000u, 0x10000, 0xc000},
                                    {0x4000, (GLint)0xffff8000u, 0x10000, 0xc000},
                                    {0x4000, (GLint)0xffff8000u, 0x10000, 0xc000}};
    /* colour = attrib1 * 0.5 + 0.5: (0.625, 0.25, 1.0, 0.875) */
    gt_program(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\n"
                                      "MOV result.position, vertex.attrib[0];\n"
                                      "MAD result.color, vertex.attrib[1], 0.5, 0.5;\n"
                                      "END\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glVertexAttribPointerARB(0, 2, GL_FIXED, GL_FALSE, 0, pos);
    GT_ERROR(GL_NO_ERROR);
    /* normalized is ignored for FIXED */
    glVertexAttribPointer(1, 4, GL_FIXED, GL_TRUE, 0, col);
    GT_ERROR(GL_NO_ERROR);
    GLint type = 0;
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_TYPE, &type);
    GT_EQ_INT(type, GL_FIXED);
    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 0.625f, 0.25f, 1.0f, 0.875f, 0.005f);

    /* ArrayElement converts the same way */
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLES);
    glArrayElement(0);
    glArrayElement(1);
    glArrayElement(2);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 0.625f, 0.25f, 1.0f, 0.875f, 0.005f);
    glDisableVertexAttribArray(0);
    glDisableVertexAttribArray(1);
    glDisable(GL_VERTEX_PROGRAM_ARB);

    /* the conventional arrays do not take FIXED */
    glVertexPointer(4, GL_FIXED, 0, pos);
    GT_ERROR(GL_INVALID_ENUM);
    glNormalPointer(GL_FIXED, 0, pos);
    GT_ERROR(GL_INVALID_ENUM);
    glColorPointer(4, GL_FIXED, 0, pos);
    GT_ERROR(GL_INVALID_ENUM);
    glTexCoordPointer(4, GL_FIXED, 0, pos);
    GT_ERROR(GL_INVALID_ENUM);
}

static void shader_queries(void)
{
    GLint range[2] = {-1, -1}, precision = -1;
    static const GLenum floats[] = {GL_LOW_FLOAT, GL_MEDIUM_FLOAT, GL_HIGH_FLOAT};
    static const GLenum ints[] = {GL_LOW_INT, GL_MEDIUM_INT, GL_HIGH_INT};
    for (int i = 0; i < 3; i++) {
        glGetShaderPrecisionFormat(GL_FRAGMENT_SHADER, floats[i], range, &precision);
        GT_EQ_INT(range[0], 127);
        GT_EQ_INT(range[1], 127);
        GT_EQ_INT(precision, 23);
        glGetShaderPrecisionFormat(GL_VERTEX_SHADER, ints[i], range, &precision);
        GT_EQ_INT(range[0], 31);
        GT_EQ_INT(range[1], 30);
        GT_EQ_INT(precision, 0);
    }
    GT_ERROR(GL_NO_ERROR);
    glGetShaderPrecisionFormat(GL_GEOMETRY_SHADER, GL_HIGH_FLOAT, range, &precision);
    GT_ERROR(GL_INVALID_ENUM);
    glGetShaderPrecisionFormat(GL_VERTEX_SHADER, GL_FLOAT, range, &precision);
    GT_ERROR(GL_INVALID_ENUM);

    GLint n = -1;
    glGetIntegerv(GL_NUM_SHADER_BINARY_FORMATS, &n);
    GT_EQ_INT(n, 0);
    GLboolean compiler = GL_FALSE;
    glGetBooleanv(GL_SHADER_COMPILER, &compiler);
    GT_EQ_INT(compiler, GL_TRUE);
    GLuint shader = glCreateShader(GL_VERTEX_SHADER);
    glShaderBinary(1, &shader, 0x1234, "x", 1);
    GT_ERROR(GL_INVALID_ENUM);
    glShaderBinary(-1, &shader, 0x1234, "x", 1);
    GT_ERROR(GL_INVALID_VALUE);
    glShaderBinary(1, &shader, 0x1234, "x", -1);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteShader(shader);
    glReleaseShaderCompiler();
    GT_ERROR(GL_NO_ERROR);

    static const GLenum pairs[3][2] = {
        {GL_MAX_VERTEX_UNIFORM_COMPONENTS, GL_MAX_VERTEX_UNIFORM_VECTORS},
        {GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, GL_MAX_FRAGMENT_UNIFORM_VECTORS},
        {GL_MAX_VARYING_FLOATS, GL_MAX_VARYING_VECTORS}};
    for (int i = 0; i < 3; i++) {
        GLint comps = 0, vecs = 0;
        glGetIntegerv(pairs[i][0], &comps);
        glGetIntegerv(pairs[i][1], &vecs);
        GT_CHECK(vecs > 0);
        GT_EQ_INT(vecs, comps / 4);
    }
    GLint fmt = 0, type = 0;
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
    glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
    GT_EQ_INT(fmt, GL_RGBA);
    GT_EQ_INT(type, GL_UNSIGNED_BYTE);
    GT_ERROR(GL_NO_ERROR);
}

static void float_depth_state(void)
{
    GLfloat v[2];
    glClearDepthf(0.25f);
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, v);
    GT_NEAR(v[0], 0.25, 0);
    glClearDepthf(2.0f); /* clamped to [0, 1] like ClearDepth */
    glGetFloatv(GL_DEPTH_CLEAR_VALUE, v);
    GT_NEAR(v[0], 1.0, 0);
    glDepthRangef(0.125f, 0.75f);
    glGetFloatv(GL_DEPTH_RANGE, v);
    GT_NEAR(v[0], 0.125, 0);
    GT_NEAR(v[1], 0.75, 0);

    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glDepthRangef(0.5f, 0.625f);
    glEndList();
    glGetFloatv(GL_DEPTH_RANGE, v);
    GT_NEAR(v[0], 0.125, 0); /* compiled, not executed */
    glCallList(list);
    glGetFloatv(GL_DEPTH_RANGE, v);
    GT_NEAR(v[0], 0.5, 0);
    GT_NEAR(v[1], 0.625, 0);
    glDeleteLists(list, 1);
    glDepthRange(0, 1);
    GT_ERROR(GL_NO_ERROR);
}

static void missing_attachments(void)
{
    GLuint fb, tex, rb;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 16, 16, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_NO_ERROR);
    GLint ifmt = 0;
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &ifmt);
    GT_EQ_INT(ifmt, GL_RGB565);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);

    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    static const GLenum bufs[2] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
    glDrawBuffers(2, bufs);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.02f);

    /* reading from an attachment point with nothing there */
    glReadBuffer(GL_COLOR_ATTACHMENT1);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    GLubyte px[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_INVALID_OPERATION);

    /* RGB565 renderbuffer */
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGB565, 8, 8);
    GT_ERROR(GL_NO_ERROR);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(2, 2, 1, 0, 1, 1, 0.02f);
    GT_ERROR(GL_NO_ERROR);

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fb);
    glDeleteRenderbuffers(1, &rb);
    glDeleteTextures(1, &tex);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_ES2_compatibility"));
    fixed_arrays();
    shader_queries();
    float_depth_state();
    missing_attachments();
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.es2_compat");
}
