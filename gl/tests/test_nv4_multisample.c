/* test_nv4_multisample.c - multisample surfaces through GL:
 * ARB_texture_multisample (TexImage2D/3DMultisample, the bindings and
 * level queries, attaching them, GetMultisamplefv's sample positions,
 * SampleMaski and SAMPLE_MASK), NV_explicit_multisample's names for the
 * same, multisample renderbuffers (RenderbufferStorageMultisample with
 * samples > 0), completeness, the resolve blit, and TXFMS reading what was
 * rendered into a multisample texture.
 */
#include "gl_test.h"

#include <string.h>

enum { W = 8, H = 8, S = 4 };

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static GLint level_param(GLenum target, GLenum pname)
{
    GLint v = -1;
    glGetTexLevelParameteriv(target, 0, pname, &v);
    return v;
}

static void test_textures(void)
{
    GT_CHECK(geti(GL_MAX_SAMPLES) >= 4);
    GT_CHECK(geti(GL_MAX_COLOR_TEXTURE_SAMPLES) >= 1);
    GT_CHECK(geti(GL_MAX_DEPTH_TEXTURE_SAMPLES) >= 1);
    GT_CHECK(geti(GL_MAX_INTEGER_SAMPLES) >= 1);
    GT_EQ_INT(geti(GL_MAX_SAMPLE_MASK_WORDS), 1);
    GT_EQ_INT(geti(GL_SAMPLES), 0);
    GT_EQ_INT(geti(GL_SAMPLE_BUFFERS), 0);
    GT_ERROR(GL_NO_ERROR);

    GLuint t[2];
    glGenTextures(2, t);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, t[0]);
    GT_EQ_INT(geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE), (GLint)t[0]);
    glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, S, S, GL_TRUE);
    GT_ERROR(GL_INVALID_ENUM);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, geti(GL_MAX_COLOR_TEXTURE_SAMPLES) + 1, GL_RGBA8, S,
                            S, GL_TRUE);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, -1, S, GL_TRUE);
    GT_ERROR(GL_INVALID_VALUE);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, S, S, GL_TRUE);
    GT_ERROR(GL_NO_ERROR);
    /* at least the samples asked for */
    GT_CHECK(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES) >= 3);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_WIDTH), S);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), GL_TRUE);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, S, S, GL_FALSE);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_SAMPLES), 4);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), GL_FALSE);
    /* no sampler state, no ordinary images */
    glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GT_ERROR(GL_INVALID_ENUM);
    glTexImage2D(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    GT_ERROR(GL_INVALID_OPERATION);

    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, t[1]);
    GT_EQ_INT(geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY), (GLint)t[1]);
    glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, GL_RGBA8, S, S, 3, GL_TRUE);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_DEPTH), 3);
    GT_EQ_INT(level_param(GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_SAMPLES), 2);
    glTexImage3DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, S, S, 3, GL_TRUE);
    GT_ERROR(GL_INVALID_ENUM);
    glDeleteTextures(2, t);
    GT_ERROR(GL_NO_ERROR);
}

static void test_state(void)
{
    /* SAMPLE_MASK: an enable, SAMPLE_MASK_VALUE initially all ones */
    GT_CHECK(!glIsEnabled(GL_SAMPLE_MASK));
    glEnable(GL_SAMPLE_MASK);
    GT_CHECK(glIsEnabled(GL_SAMPLE_MASK));
    glDisable(GL_SAMPLE_MASK);
    GLint v = 0;
    glGetIntegerIndexedvEXT(GL_SAMPLE_MASK_VALUE, 0, &v);
    GT_EQ_INT((GLuint)v, 0xffffffffu);
    glSampleMaski(0, 0x5u);
    glGetIntegerIndexedvEXT(GL_SAMPLE_MASK_VALUE, 0, &v);
    GT_EQ_INT(v, 5);
    GT_EQ_INT(geti(GL_SAMPLE_MASK_VALUE), 5);
    glSampleMaskIndexedNV(0, 0x9u);
    glGetIntegerIndexedvEXT(GL_SAMPLE_MASK_VALUE_NV, 0, &v);
    GT_EQ_INT(v, 9);
    GT_ERROR(GL_NO_ERROR);
    glSampleMaski(1, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glGetIntegerIndexedvEXT(GL_SAMPLE_MASK_VALUE, 1, &v);
    GT_ERROR(GL_INVALID_VALUE);
    glSampleMaski(0, ~0u);
    /* MULTISAMPLE_BIT saves the mask and its enable */
    glPushAttrib(GL_MULTISAMPLE_BIT);
    glSampleMaski(0, 3);
    glEnable(GL_SAMPLE_MASK);
    glPopAttrib();
    GT_EQ_INT((GLuint)geti(GL_SAMPLE_MASK_VALUE), 0xffffffffu);
    GT_CHECK(!glIsEnabled(GL_SAMPLE_MASK));

    /* no multisample framebuffer: no sample to ask about */
    GLfloat pos[2];
    glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
    GT_ERROR(GL_INVALID_VALUE);
}

/* The standard positions (gl_fbo.c's table: D3D / Vulkan standard sample
 * locations), one count at a time through a renderbuffer of that count. */
static void test_positions(void)
{
    static const float want4[4][2] = {{0.375f, 0.125f}, {0.875f, 0.375f}, {0.125f, 0.625f}, {0.625f, 0.875f}};
    static const float want2[2][2] = {{0.75f, 0.75f}, {0.25f, 0.25f}};
    static const float want8[8][2] = {{0.5625f, 0.3125f}, {0.4375f, 0.6875f}, {0.8125f, 0.5625f},
                                      {0.3125f, 0.1875f}, {0.1875f, 0.8125f}, {0.0625f, 0.4375f},
                                      {0.6875f, 0.9375f}, {0.9375f, 0.0625f}};
    GLuint rb, fbo;
    glGenRenderbuffers(1, &rb);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    for (int n = 2; n <= 8; n *= 2) {
        glRenderbufferStorageMultisample(GL_RENDERBUFFER, n, GL_RGBA8, S, S);
        glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
        GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
        GT_EQ_INT(geti(GL_SAMPLES), n);
        GT_EQ_INT(geti(GL_SAMPLE_BUFFERS), 1);
        const float(*want)[2] = n == 2 ? want2 : n == 4 ? want4 : want8;
        for (int i = 0; i < n; i++) {
            GLfloat p[2] = {-1, -1};
            if (i & 1)
                glGetMultisamplefvNV(GL_SAMPLE_POSITION, (GLuint)i, p);
            else
                glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)i, p);
            GT_NEAR(p[0], want[i][0], 1e-6);
            GT_NEAR(p[1], want[i][1], 1e-6);
        }
        GLfloat p[2];
        glGetMultisamplefv(GL_SAMPLE_POSITION, (GLuint)n, p);
        GT_ERROR(GL_INVALID_VALUE);
        glGetMultisamplefv(GL_SAMPLES, 0, p);
        GT_ERROR(GL_INVALID_ENUM);
    }
    /* 3 rounds up to 4 */
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 3, GL_RGBA8, S, S);
    GLint v = 0;
    glGetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &v);
    GT_EQ_INT(v, 4);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &fbo);
    glDeleteRenderbuffers(1, &rb);
    GT_ERROR(GL_NO_ERROR);
}

static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

static void draw_quad(void)
{
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void test_render_resolve(void)
{
    /* a 4-sample colour renderbuffer and depth renderbuffer */
    GLuint rb[3], fbo[2], tex;
    glGenRenderbuffers(3, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, S, S);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_DEPTH_COMPONENT24, S, S);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[2]);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_DEPTH_COMPONENT24, S, S);
    glGenFramebuffers(2, fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[2]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glViewport(0, 0, S, S);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    glRectf(-1, -1, 0, 1); /* left half red */
    GT_ERROR(GL_NO_ERROR);
    /* no reads from a multisample framebuffer */
    GLubyte px[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_ERROR(GL_INVALID_OPERATION);

    /* resolve into a single-sampled texture */
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, S, S, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[1]);
    glFramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[0]);
    /* rectangles must match for a resolve */
    glBlitFramebuffer(0, 0, S, S, 0, 0, S / 2, S / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    /* into a multisample framebuffer: each pixel replicated into every
     * sample (ARB_framebuffer_object 4.3.2), rectangles of equal sizes */
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo[1]);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo[0]);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S / 2, S / 2, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glBlitFramebuffer(0, 0, S, S, 0, 0, S, S, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo[1]);
    GT_PROBE(0, 2, 1, 0, 0, 1, 0.01f);
    GT_PROBE(3, 2, 0, 0, 1, 1, 0.01f);

    /* a multisample texture attachment, read back per sample with TXFMS */
    GLuint mst;
    glGenTextures(1, &mst);
    glBindTexture(GL_TEXTURE_2D_MULTISAMPLE, mst);
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, S, S, GL_TRUE);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, mst, 0);
    /* a texture with fixed locations beside renderbuffers: complete */
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, mst, 1);
    GT_ERROR(GL_INVALID_VALUE); /* level 0 only */
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glColor4f(1, 1, 0, 1);
    glRectf(0, -1, 1, 1); /* right half yellow */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);
    static const char fp[] = "!!NVfp4.0\n"
                             "OPTION NV_texture_multisample;\n"
                             "INT PARAM c = program.local[0];\n"
                             "TXFMS result.color, c, texture[0], 2DMS;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    for (int s = 0; s < 4; s++) {
        glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 3, 1, 0, s); /* right half */
        draw_quad();
        GT_PROBE(4, 4, 1, 1, 0, 1, 0.01f);
        glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 1, 0, s); /* left half: clear */
        draw_quad();
        GT_PROBE(4, 4, 0, 1, 0, 1, 0.01f);
    }
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);

    /* a non-fixed-location texture with renderbuffers: INCOMPLETE_MULTISAMPLE */
    glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, S, S, GL_FALSE);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo[0]);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    glDeleteFramebuffers(2, fbo);
    glDeleteRenderbuffers(3, rb);
    GLuint texs[] = {tex, mst};
    glDeleteTextures(2, texs);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

/* NV_explicit_multisample: a texture renderbuffer views a renderbuffer's
 * samples, read with TXFMS on the RENDERBUFFER target. */
static void test_texture_renderbuffer(void)
{
    GLuint rb, fbo, tex;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 2, GL_RGBA8, S, S);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glViewport(0, 0, S, S);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    glRectf(-1, -1, 0, 1); /* left half red */
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, W, H);

    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_RENDERBUFFER_NV, tex);
    GT_EQ_INT(geti(GL_TEXTURE_BINDING_RENDERBUFFER_NV), (GLint)tex);
    GT_EQ_INT(geti(GL_TEXTURE_RENDERBUFFER_DATA_STORE_BINDING_NV), 0);
    glTexRenderbufferNV(GL_TEXTURE_2D, rb);
    GT_ERROR(GL_INVALID_ENUM);
    glTexRenderbufferNV(GL_TEXTURE_RENDERBUFFER_NV, 4242);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexRenderbufferNV(GL_TEXTURE_RENDERBUFFER_NV, rb);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(geti(GL_TEXTURE_RENDERBUFFER_DATA_STORE_BINDING_NV), (GLint)rb);
    glTexParameteri(GL_TEXTURE_RENDERBUFFER_NV, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GT_ERROR(GL_INVALID_ENUM);

    static const char fp[] = "!!NVfp4.0\n"
                             "OPTION NV_explicit_multisample;\n"
                             "INT PARAM c = program.local[0];\n"
                             "TXFMS result.color, c, texture[0], RENDERBUFFER;\n"
                             "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    for (int smp = 0; smp < 2; smp++) {
        glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0, smp);
        glRectf(-1, -1, 1, 1);
        GT_PROBE(4, 4, 1, 0, 0, 1, 0.01f);
        glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 3, 3, 0, smp);
        glRectf(-1, -1, 1, 1);
        GT_PROBE(4, 4, 0, 0, 1, 1, 0.01f);
    }
    /* a sample past the count reads (0, 0, 0, 0) */
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0, 2);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(4, 4, 0, 0, 0, 0, 0.01f);

    /* new storage: the texture follows it */
    glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 2 * S, 2 * S);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glProgramLocalParameterI4iNV(GL_FRAGMENT_PROGRAM_ARB, 0, 2 * S - 1, 2 * S - 1, 0, 3);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(4, 4, 0, 1, 0, 1, 0.01f);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    /* deleting the renderbuffer detaches it */
    glDeleteRenderbuffers(1, &rb);
    GT_EQ_INT(geti(GL_TEXTURE_RENDERBUFFER_DATA_STORE_BINDING_NV), 0);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &tex);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_ARB_texture_multisample ") != NULL);
    test_textures();
    test_state();
    test_positions();
    test_render_resolve();
    GT_CHECK(ext && strstr(ext, "GL_NV_explicit_multisample ") != NULL);
    test_texture_renderbuffer();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_multisample");
}
