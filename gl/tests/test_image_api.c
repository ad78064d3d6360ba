/* test_image_api.c - EXT_shader_image_load_store's API: BindImageTextureEXT
 * (every Table X.2 format, the errors of the spec's "Errors" section and
 * OpenGL 4.2's for level / layer / access), the per-unit state of Table 6.X
 * through GetIntegeri_v / GetIntegerIndexedvEXT / GetBooleani_v (initial
 * values, index errors), DeleteTextures detaching a bound texture (section
 * 3.9.X), the implementation limits with the spec's minimums, and
 * MemoryBarrierEXT's bits.  End to end: a fragment program STOREIMs into an
 * RGBA32UI texture bound to an image unit and GetTexImage (no glFinish in
 * between) reads what it wrote, and a texture unbound from the unit is
 * left alone.
 *
 * covers: API.BindImageTextureEXT API.MemoryBarrierEXT API.E.SILS_LIMITS API.E.SILS_BINDING
 * covers: API.E.SILS_BARRIERS LIM.SILS.UNITS LIM.SILS.COMBINED LIM.SILS.SAMPLES
 */
#include "gl_test.h"

#include <string.h>

static GLint unit_state(GLenum value, GLuint index)
{
    GLint v = -12345;
    glGetIntegeri_v(value, index, &v);
    return v;
}

static void check_unit(GLuint u, GLint name, GLint level, GLboolean layered, GLint layer,
                       GLenum access, GLenum format, int line)
{
    GLint got[6] = {unit_state(GL_IMAGE_BINDING_NAME_EXT, u),
                    unit_state(GL_IMAGE_BINDING_LEVEL_EXT, u),
                    unit_state(GL_IMAGE_BINDING_LAYERED_EXT, u),
                    unit_state(GL_IMAGE_BINDING_LAYER_EXT, u),
                    unit_state(GL_IMAGE_BINDING_ACCESS_EXT, u),
                    unit_state(GL_IMAGE_BINDING_FORMAT_EXT, u)};
    GLint want[6] = {name, level, layered, layer, (GLint)access, (GLint)format};
    for (int i = 0; i < 6; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "line %d: unit %u state %d = 0x%x, want 0x%x\n", line, u, i,
                    (unsigned)got[i], (unsigned)want[i]);
            gt_failures++;
        }
    /* the same state through the EXT_draw_buffers2 name and GetBooleani_v */
    GLint n = -1;
    glGetIntegerIndexedvEXT(GL_IMAGE_BINDING_NAME_EXT, u, &n);
    GT_EQ_INT(n, name);
    GLboolean b = 7;
    glGetBooleani_v(GL_IMAGE_BINDING_LAYERED_EXT, u, &b);
    GT_EQ_INT(b, layered ? GL_TRUE : GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
}
#define CHECK_UNIT(u, n, lv, ly, l, a, f) check_unit((u), (n), (lv), (ly), (l), (a), (f), __LINE__)

static void test_tokens_and_limits(void)
{
    /* API.E.SILS_LIMITS / _BINDING / _BARRIERS token values */
    GT_EQ_INT(GL_MAX_IMAGE_UNITS_EXT, 0x8F38);
    GT_EQ_INT(GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS_EXT, 0x8F39);
    GT_EQ_INT(GL_MAX_IMAGE_SAMPLES_EXT, 0x906D);
    GT_EQ_INT(GL_IMAGE_BINDING_NAME_EXT, 0x8F3A);
    GT_EQ_INT(GL_IMAGE_BINDING_LEVEL_EXT, 0x8F3B);
    GT_EQ_INT(GL_IMAGE_BINDING_LAYERED_EXT, 0x8F3C);
    GT_EQ_INT(GL_IMAGE_BINDING_LAYER_EXT, 0x8F3D);
    GT_EQ_INT(GL_IMAGE_BINDING_ACCESS_EXT, 0x8F3E);
    GT_EQ_INT(GL_IMAGE_BINDING_FORMAT_EXT, 0x906E);
    GT_EQ_INT(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT_EXT, 0x20);
    GT_EQ_INT(GL_ATOMIC_COUNTER_BARRIER_BIT_EXT, 0x1000);
    GT_EQ_INT(GL_ALL_BARRIER_BITS_EXT, 0xFFFFFFFFll);

    /* New Implementation Dependent State minimums: 8, 8, 0 */
    GLint units = 0, combined = 0, samples = -1;
    glGetIntegerv(GL_MAX_IMAGE_UNITS_EXT, &units);
    glGetIntegerv(GL_MAX_COMBINED_IMAGE_UNITS_AND_FRAGMENT_OUTPUTS_EXT, &combined);
    glGetIntegerv(GL_MAX_IMAGE_SAMPLES_EXT, &samples);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(units >= 8);
    GT_CHECK(combined >= 8);
    GT_CHECK(samples >= 0);
    GLfloat f = 0;
    glGetFloatv(GL_MAX_IMAGE_UNITS_EXT, &f);
    GT_CHECK(f == (GLfloat)units);
    GT_ERROR(GL_NO_ERROR);

    /* extension string and entry points */
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_EXT_shader_image_load_store "));
    GT_CHECK(asmgl_get_proc_address("glBindImageTextureEXT") ==
             (void (*)(void))glBindImageTextureEXT);
    GT_CHECK(asmgl_get_proc_address("glMemoryBarrierEXT") == (void (*)(void))glMemoryBarrierEXT);
}

/* Table X.2 of EXT_shader_image_load_store: every image unit format. */
static const GLenum formats[] = {
    GL_RGBA32F, GL_RGBA16F, GL_RG32F, GL_RG16F, GL_R11F_G11F_B10F, GL_R32F, GL_R16F,
    GL_RGBA32UI, GL_RGBA16UI, GL_RGB10_A2UI, GL_RGBA8UI, GL_RG32UI, GL_RG16UI, GL_RG8UI,
    GL_R32UI, GL_R16UI, GL_R8UI, GL_RGBA32I, GL_RGBA16I, GL_RGBA8I, GL_RG32I, GL_RG16I,
    GL_RG8I, GL_R32I, GL_R16I, GL_R8I, GL_RGBA16, GL_RGB10_A2, GL_RGBA8, GL_RG16, GL_RG8,
    GL_R16, GL_R8, GL_RGBA16_SNORM, GL_RGBA8_SNORM, GL_RG16_SNORM, GL_RG8_SNORM, GL_R16_SNORM,
    GL_R8_SNORM};

static void test_binding(void)
{
    GLint units = 8;
    glGetIntegerv(GL_MAX_IMAGE_UNITS_EXT, &units);

    /* Table 6.X initial values: 0, 0, FALSE, 0, READ_ONLY, R8 */
    for (GLuint u = 0; u < (GLuint)units; u++)
        CHECK_UNIT(u, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    /* the index must be below MAX_IMAGE_UNITS_EXT; nothing is written */
    GLint v = -7;
    glGetIntegeri_v(GL_IMAGE_BINDING_NAME_EXT, (GLuint)units, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(v, -7);
    GLboolean bv = 7;
    glGetBooleani_v(GL_IMAGE_BINDING_LAYERED_EXT, (GLuint)units, &bv);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(bv, 7);

    GLuint tex[3];
    glGenTextures(3, tex);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
    glBindTexture(GL_TEXTURE_2D_ARRAY_EXT, tex[1]);
    glTexImage3D(GL_TEXTURE_2D_ARRAY_EXT, 0, GL_RGBA8, 4, 4, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GT_ERROR(GL_NO_ERROR);

    /* section 3.9.X: a bound unit reports what was given */
    glBindImageTextureEXT(3, tex[1], 0, GL_TRUE, 2, GL_READ_WRITE, GL_RGBA8);
    GT_ERROR(GL_NO_ERROR);
    CHECK_UNIT(3, (GLint)tex[1], 0, GL_TRUE, 2, GL_READ_WRITE, GL_RGBA8);
    glBindImageTextureEXT((GLuint)units - 1, tex[0], 1, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    GT_ERROR(GL_NO_ERROR);
    CHECK_UNIT((GLuint)units - 1, (GLint)tex[0], 1, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32F);
    CHECK_UNIT(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8); /* other units unchanged */

    /* every format of Table X.2 is accepted */
    for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++) {
        glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, (GLint)formats[i]);
        GT_ERROR(GL_NO_ERROR);
        GT_EQ_INT(unit_state(GL_IMAGE_BINDING_FORMAT_EXT, 1), (GLint)formats[i]);
    }
    glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);

    /* "Errors": INVALID_VALUE for index >= MAX_IMAGE_UNITS_EXT, a name that
     * is not an existing texture object (tex[2] is only generated, 999 was
     * never generated), a format not in Table X.2 (GL 4.2 also: negative
     * level or layer); INVALID_ENUM for a bad access.  Nothing changes. */
    glBindImageTextureEXT((GLuint)units, tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    GT_ERROR(GL_INVALID_VALUE);
    glBindImageTextureEXT(1, 999, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    GT_ERROR(GL_INVALID_VALUE);
    glBindImageTextureEXT(1, tex[2], 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    GT_ERROR(GL_INVALID_VALUE);
    static const GLenum bad_formats[] = {GL_RGBA, GL_RGB8, GL_RGB32F_ARB, GL_DEPTH_COMPONENT24,
                                         GL_LUMINANCE8, GL_ALPHA32F_ARB, GL_SRGB8_ALPHA8, 0};
    for (size_t i = 0; i < sizeof bad_formats / sizeof bad_formats[0]; i++) {
        glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, 0, GL_READ_WRITE, (GLint)bad_formats[i]);
        GT_ERROR(GL_INVALID_VALUE);
    }
    glBindImageTextureEXT(1, tex[0], -1, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
    GT_ERROR(GL_INVALID_VALUE);
    glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, -1, GL_READ_WRITE, GL_RGBA8);
    GT_ERROR(GL_INVALID_VALUE);
    glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, 0, GL_RGBA, GL_RGBA8);
    GT_ERROR(GL_INVALID_ENUM);
    glBindImageTextureEXT(1, tex[0], 0, GL_FALSE, 0, GL_READ_WRITE + 100, GL_RGBA8);
    GT_ERROR(GL_INVALID_ENUM);
    CHECK_UNIT(1, (GLint)tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    /* inside Begin/End */
    glBegin(GL_POINTS);
    glBindImageTextureEXT(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    CHECK_UNIT(1, (GLint)tex[0], 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);

    /* texture 0 unbinds (level ignored) */
    glBindImageTextureEXT(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(unit_state(GL_IMAGE_BINDING_NAME_EXT, 1), 0);

    /* DeleteTextures detaches the texture from every unit it is bound to,
     * as BindImageTextureEXT(unit, 0, ...) would */
    glBindImageTextureEXT(0, tex[1], 0, GL_FALSE, 1, GL_READ_ONLY, GL_RGBA8UI);
    GT_ERROR(GL_NO_ERROR);
    glDeleteTextures(1, &tex[1]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(unit_state(GL_IMAGE_BINDING_NAME_EXT, 0), 0);
    GT_EQ_INT(unit_state(GL_IMAGE_BINDING_NAME_EXT, 3), 0);
    GT_EQ_INT(unit_state(GL_IMAGE_BINDING_NAME_EXT, (GLuint)units - 1), (GLint)tex[0]);
    glDeleteTextures(1, &tex[0]);
    GT_EQ_INT(unit_state(GL_IMAGE_BINDING_NAME_EXT, (GLuint)units - 1), 0);
    glDeleteTextures(1, &tex[2]);
    GT_ERROR(GL_NO_ERROR);
}

static void test_barrier(void)
{
    /* every defined bit alone, NV_shader_buffer_store's global-access bit,
     * ARB_shader_storage_buffer_object's, all of them, and none */
    static const GLbitfield ok[] = {
        GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT_EXT, GL_ELEMENT_ARRAY_BARRIER_BIT_EXT,
        GL_UNIFORM_BARRIER_BIT_EXT, GL_TEXTURE_FETCH_BARRIER_BIT_EXT,
        GL_SHADER_GLOBAL_ACCESS_BARRIER_BIT_NV, GL_SHADER_IMAGE_ACCESS_BARRIER_BIT_EXT,
        GL_COMMAND_BARRIER_BIT_EXT, GL_PIXEL_BUFFER_BARRIER_BIT_EXT,
        GL_TEXTURE_UPDATE_BARRIER_BIT_EXT, GL_BUFFER_UPDATE_BARRIER_BIT_EXT,
        GL_FRAMEBUFFER_BARRIER_BIT_EXT, GL_TRANSFORM_FEEDBACK_BARRIER_BIT_EXT,
        GL_ATOMIC_COUNTER_BARRIER_BIT_EXT, GL_SHADER_STORAGE_BARRIER_BIT,
        GL_ALL_BARRIER_BITS_EXT, 0, GL_SHADER_IMAGE_ACCESS_BARRIER_BIT_EXT | GL_COMMAND_BARRIER_BIT_EXT};
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        glMemoryBarrierEXT(ok[i]);
        GT_ERROR(GL_NO_ERROR);
    }
    /* an undefined bit (GL 4.2's rule; the EXT lists no error) */
    glMemoryBarrierEXT(0x00400000);
    GT_ERROR(GL_INVALID_VALUE);
    glMemoryBarrierEXT(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT_EXT | 0x80000000u);
    GT_ERROR(GL_INVALID_VALUE);
    glBegin(GL_POINTS);
    glMemoryBarrierEXT(GL_ALL_BARRIER_BITS_EXT);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
}

/* A fragment program stores (x + 1, y + 1, 7, 9) into texel (x, y) of the
 * RGBA32UI image at unit 2 (STOREIM.U: a formatted store of unsigned
 * integers, format RGBA32UI: no conversion).  The draw covers all 4x4 pixels; GetTexImage then reads
 * every texel without a Finish in between (the GL flushes, R9). */
static const char store_fp[] =
    "!!NVfp5.0\n"
    "IMAGE img = image[2];\n"
    "INT TEMP c;\n"
    "UINT TEMP v;\n"
    "FLR.S c, fragment.position;\n"
    "FLR.U v, fragment.position;\n"
    "ADD.U v.xy, v, 1;\n"
    "MOV.U v.zw, {0, 0, 7, 9};\n"
    "STOREIM.U img, v, c, 2D;\n"
    "MOV result.color, {0, 1, 0, 1};\n"
    "END\n";

static void test_store_end_to_end(void)
{
    GLuint prog = 0;
    glGenProgramsARB(1, &prog);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(store_fp), store_fp);
    if (glGetError() != GL_NO_ERROR) {
        fprintf(stderr, "%s:%d: the STOREIM program did not load: %s\n", __FILE__, __LINE__,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
        gt_failures++;
        glDeleteProgramsARB(1, &prog);
        return;
    }
    GLuint tex[2];
    glGenTextures(2, tex);
    GLuint zero[4 * 4 * 4];
    memset(zero, 0, sizeof zero);
    for (int i = 0; i < 2; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI_EXT, 4, 4, 0, GL_RGBA_INTEGER_EXT,
                     GL_UNSIGNED_INT, zero);
    }
    glBindImageTextureEXT(2, tex[0], 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA32UI);
    GT_ERROR(GL_NO_ERROR);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glRecti(-1, -1, 1, 1);
    GT_ERROR(GL_NO_ERROR);
    GLuint got[4 * 4 * 4];
    memset(got, 0xAB, sizeof got);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, got);
    GT_ERROR(GL_NO_ERROR);
    int bad = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            const GLuint *t = &got[(y * 4 + x) * 4];
            if (t[0] != (GLuint)x + 1 || t[1] != (GLuint)y + 1 || t[2] != 7 || t[3] != 9)
                bad++;
        }
    if (bad) {
        fprintf(stderr, "%s:%d: %d texels differ; texel (1, 2) = (%u, %u, %u, %u), want (2, 3, 7, 9)\n",
                __FILE__, __LINE__, bad, got[36], got[37], got[38], got[39]);
        gt_failures++;
    }
    /* the unit now names tex[1]: tex[0] keeps its values, tex[1] gets them */
    glBindImageTextureEXT(2, tex[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, zero);
    glRecti(-1, -1, 0, 0); /* the lower-left 2x2 pixels */
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, got);
    GT_EQ_INT(got[0], 0);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_INT, got);
    GT_EQ_INT(got[(1 * 4 + 1) * 4 + 0], 2); /* texel (1, 1) = (2, 2, 7, 9) */
    GT_EQ_INT(got[(1 * 4 + 1) * 4 + 3], 9);
    GT_EQ_INT(got[(2 * 4 + 2) * 4 + 0], 0); /* (2, 2) not covered */
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteTextures(2, tex);
    glDeleteProgramsARB(1, &prog);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(4, 4);
    GT_ERROR(GL_NO_ERROR);
    test_tokens_and_limits();
    test_binding();
    test_barrier();
    test_store_end_to_end();
    asmgl_context_destroy(c);
    return gt_finish("image_api");
}
