/* test_tex_buffer.c - ARB_texture_buffer_object (and EXT_texture_buffer_object's
 * names) through GL: TexBufferARB, the TEXTURE_BUFFER_ARB buffer binding and
 * texture binding, the queries, TXF/TXQ of buffer textures in NV_gpu_program4
 * fragment programs, and the texel view following the buffer store
 * (BufferData moves it; BufferSubData and MapBuffer write it after queued
 * draws have read the old words).
 *
 * covers: TEX.BUFFER
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8 };

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
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

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_texture_buffer_object ") != NULL);
    GT_CHECK(ext && strstr(ext, "GL_EXT_texture_buffer_object ") != NULL);

    GT_CHECK(geti(GL_MAX_TEXTURE_BUFFER_SIZE_ARB) >= 65536);
    GT_EQ_INT(geti(GL_TEXTURE_BINDING_BUFFER_ARB), 0);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_ARB), 0);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_FORMAT_ARB), GL_LUMINANCE8); /* initial */
    GT_ERROR(GL_NO_ERROR);

    GLuint buf[2], tex;
    glGenBuffers(2, buf);
    glGenTextures(1, &tex);
    /* TEXTURE_BUFFER_ARB is a buffer binding point */
    glBindBuffer(GL_TEXTURE_BUFFER_ARB, buf[0]);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_ARB), (GLint)buf[0]);
    /* texels: RGBA8 words; texel 0 red, 1 green, 2 blue, 3 white */
    static const GLubyte texels[4][4] = {{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 255, 255}};
    glBufferData(GL_TEXTURE_BUFFER_ARB, sizeof texels, texels, GL_STATIC_DRAW);
    GT_ERROR(GL_NO_ERROR);

    glBindTexture(GL_TEXTURE_BUFFER_ARB, tex);
    GT_EQ_INT(geti(GL_TEXTURE_BINDING_BUFFER_ARB), (GLint)tex);
    glBindTexture(GL_TEXTURE_2D, tex); /* a buffer texture is nothing else */
    GT_ERROR(GL_INVALID_OPERATION);

    /* errors: target, format, buffer name */
    glTexBufferARB(GL_TEXTURE_2D, GL_RGBA8, buf[0]);
    GT_ERROR(GL_INVALID_ENUM);
    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGB8, buf[0]); /* not in table X.1 */
    GT_ERROR(GL_INVALID_ENUM);
    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGBA8, 4242);
    GT_ERROR(GL_INVALID_OPERATION);
    /* buffer textures have no images and no sampler state */
    glTexImage2D(GL_TEXTURE_BUFFER_ARB, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    GT_ERROR(GL_INVALID_ENUM);
    glTexParameteri(GL_TEXTURE_BUFFER_ARB, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GT_ERROR(GL_INVALID_ENUM);

    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGBA8, buf[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB), (GLint)buf[0]);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_FORMAT_ARB), GL_RGBA8);
    GLint lv = -1;
    glGetTexLevelParameteriv(GL_TEXTURE_BUFFER_ARB, 0, GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB, &lv);
    GT_EQ_INT(lv, (GLint)buf[0]);
    /* the binding is per unit */
    glActiveTexture(GL_TEXTURE1);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB), 0);
    glActiveTexture(GL_TEXTURE0);

    /* TXF reads texel x = program.local[0].x; TXQ gives the texel count */
    static const char fp[] = "!!NVfp4.0\n"
                             "INT PARAM idx = program.local[0];\n"
                             "TXF result.color, idx, texture[0], BUFFER;\n"
                             "END\n";
    static const char fpq[] = "!!NVfp4.0\n"
                              "INT TEMP n;\n"
                              "TEMP f;\n"
                              "TXQ n, 0, texture[0], BUFFER;\n"
                              "I2F f, n.x;\n"
                              "MUL result.color, f, 0.125;\n"
                              "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 1, 0, 0, 0);
    draw_quad();
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 2, 0, 0, 0);
    draw_quad();
    GT_PROBE(3, 3, 0, 0, 1, 1, 0.01f);
    /* past the end: (0, 0, 0, 0) */
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 4, 0, 0, 0);
    draw_quad();
    GT_PROBE(3, 3, 0, 0, 0, 0, 0.01f);

    /* BufferSubData after a queued draw: the draw saw the old texel */
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0, 0);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, 8);
    draw_quad(); /* left half: texel 0, red */
    static const GLubyte yellow[4] = {255, 255, 0, 255};
    glBufferSubData(GL_TEXTURE_BUFFER_ARB, 0, 4, yellow);
    glScissor(4, 0, 4, 8);
    draw_quad(); /* right half: yellow */
    glDisable(GL_SCISSOR_TEST);
    GT_PROBE(1, 3, 1, 0, 0, 1, 0.01f);
    GT_PROBE(6, 3, 1, 1, 0, 1, 0.01f);

    /* BufferData gives a new store (and size): the texture follows it */
    static const GLubyte more[8][4] = {{0}, {0}, {0}, {0}, {0}, {0}, {0}, {0, 255, 255, 255}};
    glBufferData(GL_TEXTURE_BUFFER_ARB, sizeof more, more, GL_STATIC_DRAW);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 7, 0, 0, 0);
    draw_quad();
    GT_PROBE(3, 3, 0, 1, 1, 1, 0.01f);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    GLuint pq = gt_program(GL_FRAGMENT_PROGRAM_ARB, fpq);
    draw_quad();
    GT_PROBE(3, 3, 1, 1, 1, 1, 0.01f); /* 8 texels * 0.125 */

    /* a mapped write after a queued draw */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 7, 0, 0, 0);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, 4, 8);
    draw_quad();
    GLubyte *m = glMapBuffer(GL_TEXTURE_BUFFER_ARB, GL_WRITE_ONLY);
    GT_CHECK(m != NULL);
    if (m) {
        m[28] = 255;
        m[29] = 0;
        m[30] = 255;
    }
    glUnmapBuffer(GL_TEXTURE_BUFFER_ARB);
    glScissor(4, 0, 4, 8);
    draw_quad();
    glDisable(GL_SCISSOR_TEST);
    GT_PROBE(1, 3, 0, 1, 1, 1, 0.01f);
    GT_PROBE(6, 3, 1, 0, 1, 1, 0.01f);

    /* the EXT name; another format reads the same bytes differently:
     * RGBA8UI texels with an integer program */
    glTexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_R32UI, buf[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_FORMAT_ARB), GL_R32UI);
    static const char fpu[] = "!!NVfp4.0\n"
                              "INT PARAM idx = program.local[0];\n"
                              "UINT TEMP t;\n"
                              "TXF.U t, idx, texture[0], BUFFER;\n"
                              "UINT PARAM want = program.local[1];\n"
                              "SEQ.U t.x, t.x, want.x;\n"
                              "I2F.U result.color, t;\n"
                              "MOV result.color.w, 1;\n"
                              "END\n";
    /* texel 7's word is bytes 255,0,255,255 -> 0xffff00ff little-endian */
    GLuint pu = gt_program(GL_FRAGMENT_PROGRAM_ARB, fpu);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 7, 0, 0, 0);
    glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 1, 0xffff00ffu, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad();
    GT_PROBE(3, 3, 1, 0, 0, 1, 0.01f);

    /* deleting the buffer detaches it: the texture has no store */
    glDeleteBuffers(1, &buf[0]);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB), 0);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_ARB), 0);
    draw_quad(); /* incomplete: no fault */
    glFinish();
    /* a generated name that was never bound is no buffer object yet */
    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGBA8, buf[1]);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_TEXTURE_BUFFER_ARB, buf[1]);
    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGBA8, buf[1]);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB), (GLint)buf[1]);
    /* detach with buffer 0 */
    glTexBufferARB(GL_TEXTURE_BUFFER_ARB, GL_RGBA8, 0);
    GT_EQ_INT(geti(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB), 0);
    GT_ERROR(GL_NO_ERROR);

    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GLuint progs[] = {p, pq, pu};
    glDeleteProgramsARB(3, progs);
    glDeleteTextures(1, &tex);
    glDeleteBuffers(1, &buf[1]);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("gl.tex_buffer");
}
