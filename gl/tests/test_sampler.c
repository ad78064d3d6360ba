/* test_sampler.c - sampler objects (ARB_sampler_objects) and immutable
 * texture storage (ARB_texture_storage).
 *
 * Rendering: a sampler object bound to unit 0 replaces the texture's
 * filters (and so its completeness: GL 2.1 section 3.8.10, an incomplete
 * texture disables fixed-function texturing; ARB_fragment_program's TEX
 * reads (0, 0, 0, 1)), wrap modes and border colour; the texture's own
 * state stays as it was; changing a sampler between two draws changes only
 * the second (queued draws keep the old state).  TexStorage defines every
 * level, samples within them (the effective MAX_LEVEL is levels - 1,
 * GL 4.2 section 3.9.14) and refuses redefinition.  Errors and initial
 * state as ARB_sampler_objects and ARB_texture_storage say.
 */
#include <string.h>

#include "gl_test.h"

#define W 16

/* A quad over the pixels [x0, x1) x [y0, y1) of the W x W window with
 * texture coordinates s, t in [c0, c1]. */
static void quad(int x0, int y0, int x1, int y1, float c0, float c1)
{
    float l = 2.0f * x0 / W - 1, r = 2.0f * x1 / W - 1;
    float b = 2.0f * y0 / W - 1, t = 2.0f * y1 / W - 1;
    glBegin(GL_QUADS);
    glTexCoord2f(c0, c0);
    glVertex2f(l, b);
    glTexCoord2f(c1, c0);
    glVertex2f(r, b);
    glTexCoord2f(c1, c1);
    glVertex2f(r, t);
    glTexCoord2f(c0, c1);
    glVertex2f(l, t);
    glEnd();
}

static void test_sampling(void)
{
    /* 2x2 texels: (0,0) red, (1,0) green, (0,1) blue, (1,1) yellow; level 0
     * only, default MIN_FILTER NEAREST_MIPMAP_LINEAR: incomplete */
    static const GLubyte texels[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                       0, 0, 255, 255, 255, 255, 0, 255};
    GLuint tex, s;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    glColor4f(1, 0, 1, 1);
    glClearColor(0, 0, 0, 1);

    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(4, 4, 1, 0, 1, 1, 0.01); /* incomplete: the primary colour */

    glGenSamplers(1, &s);
    glBindSampler(0, s);
    glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    GT_ERROR(GL_NO_ERROR);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(4, 4, 1, 0, 0, 1, 0.01);   /* texel (0,0) */
    GT_PROBE(12, 4, 0, 1, 0, 1, 0.01);  /* texel (1,0) */
    GT_PROBE(12, 12, 1, 1, 0, 1, 0.01); /* texel (1,1) */

    /* the sampler's wraps and border colour: s, t = -1 + 3 (x + 1/2) / 16 */
    static const float blue[4] = {0, 0, 1, 1}, green[4] = {0, 1, 0, 1};
    glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
    glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
    glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, blue);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, -1, 2);
    GT_PROBE(1, 1, 0, 0, 1, 1, 0.01);  /* s = -0.72: border */
    GT_PROBE(6, 6, 1, 0, 0, 1, 0.01);  /* s = 0.22: texel (0,0) */
    GT_PROBE(14, 14, 0, 0, 1, 1, 0.01); /* s = 1.72: border */

    /* a change between two draws reaches only the second */
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W / 2, W, -1, -0.5f);
    glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, green);
    quad(W / 2, 0, W, W, -1, -0.5f);
    GT_PROBE(2, 8, 0, 0, 1, 1, 0.01);
    GT_PROBE(13, 8, 0, 1, 0, 1, 0.01);

    /* the texture's own state is untouched */
    GLint v = 0;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
    GT_EQ_INT(v, GL_NEAREST_MIPMAP_LINEAR);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
    GT_EQ_INT(v, GL_REPEAT);

    /* ARB_fragment_program: TEX through the sampler, and (0,0,0,1) for the
     * incomplete texture once the sampler is gone */
    static const char fp[] = "!!ARBfp1.0\n"
                             "TEX result.color, fragment.texcoord[0], texture[0], 2D;\n"
                             "END\n";
    GLuint prog = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(12, 4, 0, 1, 0, 1, 0.01);
    glBindSampler(0, 0);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(12, 4, 0, 0, 0, 1, 0.01);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &prog);
    glClearColor(0, 0, 0, 1);

    /* deleting a bound sampler unbinds it: incomplete again */
    glBindSampler(0, s);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(4, 4, 1, 0, 0, 1, 0.01);
    glDeleteSamplers(1, &s);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    GT_EQ_INT(v, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, W, W, 0, 1);
    GT_PROBE(4, 4, 1, 0, 1, 1, 0.01);
    GT_ERROR(GL_NO_ERROR);

    glDisable(GL_TEXTURE_2D);
    glDeleteTextures(1, &tex);
}

static void test_sampler_state(void)
{
    GLuint s[2];
    glGenSamplers(-1, s);
    GT_ERROR(GL_INVALID_VALUE);
    glGenSamplers(2, s);
    GT_CHECK(glIsSampler(s[0]) && glIsSampler(s[1]));
    GT_CHECK(!glIsSampler(0));
    GT_CHECK(!glIsSampler(s[1] + 100));

    /* GL 3.3 table 6.23 initial values */
    GLint v = 0;
    GLfloat f = 0;
    glGetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
    GT_EQ_INT(v, GL_NEAREST_MIPMAP_LINEAR);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_MAG_FILTER, &v);
    GT_EQ_INT(v, GL_LINEAR);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_WRAP_R, &v);
    GT_EQ_INT(v, GL_REPEAT);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_COMPARE_MODE, &v);
    GT_EQ_INT(v, GL_NONE);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_COMPARE_FUNC, &v);
    GT_EQ_INT(v, GL_LEQUAL);
    glGetSamplerParameterfv(s[0], GL_TEXTURE_MIN_LOD, &f);
    GT_NEAR(f, -1000.0, 0);
    glGetSamplerParameterfv(s[0], GL_TEXTURE_MAX_LOD, &f);
    GT_NEAR(f, 1000.0, 0);
    GT_ERROR(GL_NO_ERROR);

    glSamplerParameterf(s[0], GL_TEXTURE_LOD_BIAS, 2.5f);
    glGetSamplerParameterfv(s[0], GL_TEXTURE_LOD_BIAS, &f);
    GT_NEAR(f, 2.5, 0);
    glSamplerParameteri(s[0], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_COMPARE_MODE, &v);
    GT_EQ_INT(v, GL_COMPARE_REF_TO_TEXTURE);
    const GLint bi[4] = {-3, 7, INT32_MAX, 0};
    GLint biv[4];
    glSamplerParameterIiv(s[0], GL_TEXTURE_BORDER_COLOR, bi);
    glGetSamplerParameterIiv(s[0], GL_TEXTURE_BORDER_COLOR, biv);
    GT_CHECK(memcmp(bi, biv, sizeof bi) == 0);
    GT_ERROR(GL_NO_ERROR);

    /* binding points: one per texture image unit, GetIntegerv of the
     * active unit */
    glBindSampler(3, s[1]);
    glActiveTexture(GL_TEXTURE3);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    GT_EQ_INT(v, (GLint)s[1]);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    GT_EQ_INT(v, 0);
    GT_ERROR(GL_NO_ERROR);

    /* errors */
    GLint max_units = 0;
    glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &max_units);
    glBindSampler((GLuint)max_units, s[0]);
    GT_ERROR(GL_INVALID_VALUE);
    glBindSampler(0, s[1] + 100); /* never generated */
    GT_ERROR(GL_INVALID_OPERATION);
    glSamplerParameteri(s[1] + 100, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetSamplerParameteriv(0, GL_TEXTURE_MIN_FILTER, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    glSamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 0); /* texture state, not sampler */
    GT_ERROR(GL_INVALID_ENUM);
    glSamplerParameteri(s[0], GL_TEXTURE_WRAP_S, GL_NEAREST);
    GT_ERROR(GL_INVALID_ENUM);
    glSamplerParameteri(s[0], GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    GT_ERROR(GL_INVALID_ENUM);
    glSamplerParameterf(s[0], GL_TEXTURE_MAX_ANISOTROPY_EXT, 0.5f);
    GT_ERROR(GL_INVALID_VALUE);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_SWIZZLE_R, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glGetSamplerParameteriv(s[0], GL_TEXTURE_MAG_FILTER, &v);
    GT_EQ_INT(v, GL_LINEAR); /* unchanged by the failures */

    /* deleted names are gone; 0 and unused names are ignored */
    const GLuint del[3] = {0, s[1] + 100, s[1]};
    glDeleteSamplers(3, del);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(!glIsSampler(s[1]));
    glActiveTexture(GL_TEXTURE3);
    glGetIntegerv(GL_SAMPLER_BINDING, &v);
    GT_EQ_INT(v, 0);
    glActiveTexture(GL_TEXTURE0);
    glBindSampler(0, s[1]);
    GT_ERROR(GL_INVALID_OPERATION);
    glDeleteSamplers(1, s);
    GT_ERROR(GL_NO_ERROR);
}

static void test_storage(void)
{
    GLuint t[2];
    glGenTextures(2, t);
    glBindTexture(GL_TEXTURE_2D, t[0]);
    GLint v = -1;
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
    GT_EQ_INT(v, GL_FALSE);

    /* errors first, on a texture they leave mutable */
    glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4); /* 4x4 has 3 levels */
    GT_ERROR(GL_INVALID_OPERATION);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4); /* unsized */
    GT_ERROR(GL_INVALID_ENUM);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 0, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glTexStorage2D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4);
    GT_ERROR(GL_INVALID_ENUM);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 2);
    GT_ERROR(GL_INVALID_VALUE);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
    GT_EQ_INT(v, GL_FALSE);
    glBindTexture(GL_TEXTURE_1D, 0);
    glTexStorage1D(GL_TEXTURE_1D, 1, GL_RGBA8, 4); /* the default texture */
    GT_ERROR(GL_INVALID_OPERATION);

    /* 2 of the 3 levels of a 4x4 texture: levels 0 and 1 defined, level 2
     * not, and the texture mipmap complete all the same */
    glTexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 4, 4);
    GT_ERROR(GL_NO_ERROR);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
    GT_EQ_INT(v, GL_TRUE);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
    GT_EQ_INT(v, 2);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_INTERNAL_FORMAT, &v);
    GT_EQ_INT(v, GL_RGBA8);
    glGetTexLevelParameteriv(GL_TEXTURE_2D, 2, GL_TEXTURE_WIDTH, &v);
    GT_EQ_INT(v, 0);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
    GT_EQ_INT(v, 1000); /* as set: the clamp is for sampling only */

    /* redefinition is refused; contents may change */
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_INVALID_OPERATION);
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
    GT_ERROR(GL_INVALID_OPERATION);
    glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 4, 4, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    GLubyte red[16 * 4], green[4 * 4];
    for (int i = 0; i < 16; i++)
        memcpy(red + 4 * i, (const GLubyte[4]){255, 0, 0, 255}, 4);
    for (int i = 0; i < 4; i++)
        memcpy(green + 4 * i, (const GLubyte[4]){0, 255, 0, 255}, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, red);
    glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
    GT_ERROR(GL_NO_ERROR);

    /* NEAREST_MIPMAP_NEAREST: a 4x4-pixel quad reads level 0, a 2x2 one
     * level 1 (lambda = 1) */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_TEXTURE_2D);
    glColor4f(1, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, 4, 4, 0, 1);
    quad(8, 8, 10, 10, 0, 1);
    GT_PROBE(1, 1, 1, 0, 0, 1, 0.01);
    GT_PROBE(9, 9, 0, 1, 0, 1, 0.01);
    /* BASE_LEVEL past the storage is clamped to the last level (as Mesa;
     * piglit arb_texture_storage texture-storage reads it back clamped) */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 5);
    glClear(GL_COLOR_BUFFER_BIT);
    quad(0, 0, 4, 4, 0, 1);
    GT_PROBE(1, 1, 0, 1, 0, 1, 0.01);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
    GT_EQ_INT(v, 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 4);
    glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
    GT_EQ_INT(v, 1);
    glDisable(GL_TEXTURE_2D);
    GT_ERROR(GL_NO_ERROR);

    /* cube maps: every face of every level */
    glBindTexture(GL_TEXTURE_CUBE_MAP, t[1]);
    glTexStorage2D(GL_TEXTURE_CUBE_MAP, 3, GL_RGBA16F, 8, 8);
    GT_ERROR(GL_NO_ERROR);
    glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 2, GL_TEXTURE_HEIGHT, &v);
    GT_EQ_INT(v, 2);
    glGetTexLevelParameteriv(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 2, GL_TEXTURE_INTERNAL_FORMAT, &v);
    GT_EQ_INT(v, GL_RGBA16F);
    glDeleteTextures(2, t);
}

int main(void)
{
    asmgl_context *c = gt_context(W, W);
    GT_ERROR(GL_NO_ERROR);
    test_sampling();
    test_sampler_state();
    test_storage();
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.sampler");
}
