/* test_buffer_address.c - NV_shader_buffer_load / NV_shader_buffer_store
 * API: GPU addresses of buffer objects, residency (bound and Named
 * variants), GetIntegerui64vNV, every error the specs list, and how
 * BufferData / BufferSubData / MapBuffer / DeleteBuffers interact with
 * residency.  Expected values and errors come from NV_shader_buffer_load
 * sections 2.9, 6.1.11, 6.1.13, "Errors", issue 10 and issue 16, and
 * NV_shader_buffer_store section 2.9 (READ_WRITE / WRITE_ONLY access).
 *
 * covers: API.MakeBufferResidentNV API.MakeBufferNonResidentNV API.IsBufferResidentNV
 * covers: API.GetBufferParameterui64vNV API.GetIntegerui64vNV API.E.SBL API.E.SBS LIM.SBL.ADDR
 * covers: API.Uniformui64NV
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

static GLuint64EXT address(GLenum target)
{
    GLuint64EXT a = 0xDEADBEEF;
    glGetBufferParameterui64vNV(target, GL_BUFFER_GPU_ADDRESS_NV, &a);
    return a;
}

static GLuint64EXT named_address(GLuint buffer)
{
    GLuint64EXT a = 0xDEADBEEF;
    glGetNamedBufferParameterui64vNV(buffer, GL_BUFFER_GPU_ADDRESS_NV, &a);
    return a;
}

static void test_tokens_and_limit(void)
{
    /* API.E.SBL / API.E.SBS token values */
    GT_EQ_INT(GL_BUFFER_GPU_ADDRESS_NV, 0x8F1D);
    GT_EQ_INT(GL_GPU_ADDRESS_NV, 0x8F34);
    GT_EQ_INT(GL_MAX_SHADER_BUFFER_ADDRESS_NV, 0x8F35);
    GT_EQ_INT(GL_SHADER_GLOBAL_ACCESS_BARRIER_BIT_NV, 0x10);

    /* LIM.SBL.ADDR: at least 0xFFFFFFFF */
    GLuint64EXT max = 0;
    glGetIntegerui64vNV(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &max);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(max >= 0xFFFFFFFFull);
    /* only the values whose Get command is GetIntegerui64vNV */
    GLuint64EXT v = 1234;
    glGetIntegerui64vNV(GL_MAX_TEXTURE_SIZE, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glGetIntegerui64vNV(GL_BUFFER_GPU_ADDRESS_NV, &v);
    GT_ERROR(GL_INVALID_ENUM);
    GT_CHECK(v == 1234);
    /* the other Gets convert it (GL 3.2 section 6.1.2: the nearest
     * representable value) */
    GLint i = 0;
    glGetIntegerv(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &i);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(i, max > 2147483647ull ? 2147483647 : (GLint)max);
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &b);
    GT_EQ_INT(b, GL_TRUE);
    GLdouble d = 0;
    glGetDoublev(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &d);
    GT_CHECK(d == (double)max);
    GT_ERROR(GL_NO_ERROR);

    /* Begin/End */
    glBegin(GL_POINTS);
    glGetIntegerui64vNV(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &v);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);

    /* advertised since programs LOAD and STORE (issue 6) */
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_shader_buffer_load "));
    GT_CHECK(ext && strstr(ext, "GL_NV_shader_buffer_store "));

    /* every entry point resolves */
    static const char *const names[] = {
        "glMakeBufferResidentNV", "glMakeBufferNonResidentNV", "glIsBufferResidentNV",
        "glMakeNamedBufferResidentNV", "glMakeNamedBufferNonResidentNV",
        "glIsNamedBufferResidentNV", "glGetBufferParameterui64vNV",
        "glGetNamedBufferParameterui64vNV", "glGetIntegerui64vNV"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        GT_CHECK(asmgl_get_proc_address(names[k]) != NULL);
}

static void test_addresses(void)
{
    GLuint buf[3];
    glGenBuffers(3, buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
    /* no data store yet: INVALID_OPERATION, params untouched */
    GT_CHECK(address(GL_ARRAY_BUFFER) == 0xDEADBEEF);
    GT_ERROR(GL_INVALID_OPERATION);
    glBufferData(GL_ARRAY_BUFFER, 100, NULL, GL_STATIC_DRAW);
    GLuint64EXT a0 = address(GL_ARRAY_BUFFER);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(a0 != 0 && a0 != 0xDEADBEEF && a0 % 16 == 0); /* issue 16 */
    GT_CHECK(address(GL_ARRAY_BUFFER) == a0);
    GT_CHECK(named_address(buf[0]) == a0);
    GT_ERROR(GL_NO_ERROR);

    /* any target BindBuffer takes */
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[1]);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, 4096, NULL, GL_STATIC_DRAW);
    GLuint64EXT a1 = address(GL_PIXEL_UNPACK_BUFFER);
    glBindBuffer(GL_TEXTURE_BUFFER_ARB, buf[2]);
    glBufferData(GL_TEXTURE_BUFFER_ARB, 1, NULL, GL_STATIC_DRAW);
    GLuint64EXT a2 = address(GL_TEXTURE_BUFFER_ARB);
    glBindBuffer(GL_TEXTURE_BUFFER_ARB, 0);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    GT_ERROR(GL_NO_ERROR);
    /* the ranges [a, a + size) of different buffers do not overlap */
    GT_CHECK(a1 != 0 && a2 != 0);
    GT_CHECK(a1 >= a0 + 100 || a0 >= a1 + 4096);
    GT_CHECK(a2 >= a1 + 4096 || a1 >= a2 + 1);
    GT_CHECK(a2 >= a0 + 100 || a0 >= a2 + 1);

    /* stable across BufferSubData, MapBuffer, residency */
    const unsigned char bytes[4] = {1, 2, 3, 4};
    glBufferSubData(GL_ARRAY_BUFFER, 8, 4, bytes);
    void *p = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_WRITE);
    GT_CHECK(p != NULL);
    GT_CHECK(address(GL_ARRAY_BUFFER) == a0); /* queries work while mapped */
    GT_CHECK(glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_CHECK(address(GL_ARRAY_BUFFER) == a0);
    glMakeBufferNonResidentNV(GL_ARRAY_BUFFER);
    GT_CHECK(address(GL_ARRAY_BUFFER) == a0);
    GT_ERROR(GL_NO_ERROR);

    /* BufferData respecifies the store: a new address (the old one is
     * invalid, issue 10) */
    glBufferData(GL_ARRAY_BUFFER, 100, NULL, GL_STATIC_DRAW);
    GLuint64EXT a0b = address(GL_ARRAY_BUFFER);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(a0b != 0 && a0b != a0 && a0b != a1 && a0b != a2);
    /* BufferData of size 0: no data store */
    glBufferData(GL_ARRAY_BUFFER, 0, NULL, GL_STATIC_DRAW);
    address(GL_ARRAY_BUFFER);
    GT_ERROR(GL_INVALID_OPERATION);

    /* errors: bad target, bad pname, nothing bound, Begin/End */
    GLuint64EXT v = 77;
    glGetBufferParameterui64vNV(GL_TEXTURE_2D, GL_BUFFER_GPU_ADDRESS_NV, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[1]);
    glGetBufferParameterui64vNV(GL_PIXEL_UNPACK_BUFFER, GL_BUFFER_SIZE, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glGetNamedBufferParameterui64vNV(buf[1], GL_BUFFER_SIZE, &v);
    GT_ERROR(GL_INVALID_ENUM);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glGetBufferParameterui64vNV(GL_PIXEL_UNPACK_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(v == 77);
    glGetNamedBufferParameterui64vNV(0, GL_BUFFER_GPU_ADDRESS_NV, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    /* BUFFER_GPU_ADDRESS_NV is not a glGetBufferParameteriv pname */
    GLint iv = 5;
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf[1]);
    glGetBufferParameteriv(GL_PIXEL_UNPACK_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &iv);
    GT_ERROR(GL_INVALID_ENUM);
    glBegin(GL_POINTS);
    glGetBufferParameterui64vNV(GL_PIXEL_UNPACK_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &v);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);

    /* Named on a name never bound: a new, empty object (no store) */
    glGetNamedBufferParameterui64vNV(4242, GL_BUFFER_GPU_ADDRESS_NV, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(glIsBuffer(4242) == GL_TRUE);
    GLuint extra[] = {4242};
    glDeleteBuffers(1, extra);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glDeleteBuffers(3, buf);
    GT_ERROR(GL_NO_ERROR);
}

static void test_residency(void)
{
    GLuint buf[2];
    glGenBuffers(2, buf);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf[0]);

    /* no data store: MakeBufferResident fails, IsBufferResident is FALSE */
    glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glIsBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER), GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);

    /* access: READ_ONLY (sbl), READ_WRITE, WRITE_ONLY (sbs); others enum */
    glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, GL_STATIC_DRAW);
    GT_ERROR(GL_INVALID_ENUM);
    glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, 0);
    GT_ERROR(GL_INVALID_ENUM);
    GT_EQ_INT(glIsBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER), GL_FALSE);
    static const GLenum access[] = {GL_READ_ONLY, GL_READ_WRITE, GL_WRITE_ONLY};
    for (int k = 0; k < 3; k++) {
        glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, access[k]);
        GT_ERROR(GL_NO_ERROR);
        GT_EQ_INT(glIsBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER), GL_TRUE);
        GT_EQ_INT(glIsNamedBufferResidentNV(buf[0]), GL_TRUE);
        /* already resident */
        glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, GL_READ_ONLY);
        GT_ERROR(GL_INVALID_OPERATION);
        glMakeNamedBufferResidentNV(buf[0], GL_READ_WRITE);
        GT_ERROR(GL_INVALID_OPERATION);
        GT_EQ_INT(glIsBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER), GL_TRUE);
        glMakeBufferNonResidentNV(GL_ELEMENT_ARRAY_BUFFER);
        GT_ERROR(GL_NO_ERROR);
        GT_EQ_INT(glIsBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER), GL_FALSE);
        /* not resident */
        glMakeBufferNonResidentNV(GL_ELEMENT_ARRAY_BUFFER);
        GT_ERROR(GL_INVALID_OPERATION);
        glMakeNamedBufferNonResidentNV(buf[0]);
        GT_ERROR(GL_INVALID_OPERATION);
    }

    /* nothing bound, bad target */
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
    glMakeBufferResidentNV(GL_PIXEL_PACK_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeBufferNonResidentNV(GL_PIXEL_PACK_BUFFER);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glIsBufferResidentNV(GL_PIXEL_PACK_BUFFER), GL_FALSE);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeBufferResidentNV(GL_TEXTURE_2D, GL_READ_ONLY);
    GT_ERROR(GL_INVALID_ENUM);
    glMakeBufferNonResidentNV(GL_TEXTURE_2D);
    GT_ERROR(GL_INVALID_ENUM);
    GT_EQ_INT(glIsBufferResidentNV(GL_TEXTURE_2D), GL_FALSE);
    GT_ERROR(GL_INVALID_ENUM);

    /* Named variants: buffer 0 is INVALID_OPERATION */
    glMakeNamedBufferResidentNV(0, GL_READ_ONLY);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeNamedBufferNonResidentNV(0);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glIsNamedBufferResidentNV(0), GL_FALSE);
    GT_ERROR(GL_INVALID_OPERATION);
    glMakeNamedBufferResidentNV(buf[0], GL_DYNAMIC_DRAW);
    GT_ERROR(GL_INVALID_ENUM);
    /* a name not bound before: a new object with no store */
    GT_EQ_INT(glIsNamedBufferResidentNV(777), GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsBuffer(777) == GL_TRUE);
    glMakeNamedBufferResidentNV(778, GL_READ_ONLY);
    GT_ERROR(GL_INVALID_OPERATION); /* no data store */
    GLuint extra[] = {777, 778};
    glDeleteBuffers(2, extra);

    /* Named residency of an unbound buffer */
    glBindBuffer(GL_ARRAY_BUFFER, buf[1]);
    glBufferData(GL_ARRAY_BUFFER, 32, NULL, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glMakeNamedBufferResidentNV(buf[1], GL_READ_WRITE);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsNamedBufferResidentNV(buf[1]), GL_TRUE);
    GT_EQ_INT(glIsNamedBufferResidentNV(buf[0]), GL_FALSE);
    glMakeNamedBufferNonResidentNV(buf[1]);
    GT_EQ_INT(glIsNamedBufferResidentNV(buf[1]), GL_FALSE);
    GT_ERROR(GL_NO_ERROR);

    /* Begin/End */
    glBegin(GL_POINTS);
    glMakeBufferResidentNV(GL_ELEMENT_ARRAY_BUFFER, GL_READ_ONLY);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    glMakeNamedBufferResidentNV(buf[1], GL_READ_ONLY);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    (void)glIsNamedBufferResidentNV(buf[1]);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glIsNamedBufferResidentNV(buf[1]), GL_FALSE);

    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    glDeleteBuffers(2, buf);
    GT_ERROR(GL_NO_ERROR);
}

/* BufferData, BufferSubData, MapBuffer, DeleteBuffers of a resident buffer. */
static void test_interplay(void)
{
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    float data[4] = {1, 2, 3, 4};
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_DYNAMIC_DRAW);
    GLuint64EXT a = address(GL_ARRAY_BUFFER);
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_WRITE);
    GT_ERROR(GL_NO_ERROR);

    /* BufferSubData and reads keep residency and address */
    float two = 20;
    glBufferSubData(GL_ARRAY_BUFFER, 4, 4, &two);
    float back[4] = {0};
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof back, back);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(back[0] == 1 && back[1] == 20 && back[3] == 4);
    GT_EQ_INT(glIsBufferResidentNV(GL_ARRAY_BUFFER), GL_TRUE);
    GT_CHECK(address(GL_ARRAY_BUFFER) == a);

    /* mapping a resident buffer is allowed (issue 7, 8) and keeps it resident */
    float *p = glMapBuffer(GL_ARRAY_BUFFER, GL_WRITE_ONLY);
    GT_CHECK(p != NULL);
    if (p)
        p[2] = 30;
    GT_EQ_INT(glIsBufferResidentNV(GL_ARRAY_BUFFER), GL_TRUE);
    GT_CHECK(glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);
    glGetBufferSubData(GL_ARRAY_BUFFER, 8, 4, back);
    GT_CHECK(back[0] == 30);
    /* a mapped buffer may be made non-resident and resident again */
    p = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
    glMakeBufferNonResidentNV(GL_ARRAY_BUFFER);
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsBufferResidentNV(GL_ARRAY_BUFFER), GL_TRUE);
    GT_CHECK(glUnmapBuffer(GL_ARRAY_BUFFER) == GL_TRUE);

    /* a resident buffer still feeds vertex arrays: a point at the centre */
    static const float pos[2] = {0, 0};
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_NO_ERROR);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(0, 1, 0, 1);
    glVertexPointer(2, GL_FLOAT, 0, NULL);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_POINTS, 0, 1);
    glDisableClientState(GL_VERTEX_ARRAY);
    GT_PROBE(8, 8, 0, 1, 0, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);

    /* BufferData makes it non-resident and gives it a new address
     * (section 2.9, issue 10); a failed BufferData changes nothing */
    GLuint64EXT b = address(GL_ARRAY_BUFFER);
    GT_CHECK(b != a);
    glBufferData(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(glIsBufferResidentNV(GL_ARRAY_BUFFER), GL_TRUE);
    GT_CHECK(address(GL_ARRAY_BUFFER) == b);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsBufferResidentNV(GL_ARRAY_BUFFER), GL_FALSE);
    GLuint64EXT c = address(GL_ARRAY_BUFFER);
    GT_CHECK(c != 0 && c != a && c != b);
    glMakeBufferNonResidentNV(GL_ARRAY_BUFFER);
    GT_ERROR(GL_INVALID_OPERATION);

    /* deleting a resident buffer: the name, re-created, is not resident */
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_NO_ERROR);
    glDeleteBuffers(1, &buf);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsBuffer(buf), GL_FALSE);
    GT_EQ_INT(glIsNamedBufferResidentNV(buf), GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    /* and gets a fresh address when given a store */
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof data, data, GL_STATIC_DRAW);
    GLuint64EXT d = address(GL_ARRAY_BUFFER);
    GT_CHECK(d != 0 && d != a && d != b && d != c);
    /* left resident: the context frees it (checked under ASan) */
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_ERROR(GL_NO_ERROR);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
}

/* Section 2.20.3's GLSL pointer uniforms: asmgl has no GLSL program, so
 * every call is INVALID_OPERATION (no current program / no such program)
 * and writes nothing. */
static void test_pointer_uniforms(void)
{
    GLuint64EXT v = 5;
    glUniformui64NV(0, 42);
    GT_ERROR(GL_INVALID_OPERATION);
    glUniformui64vNV(0, 1, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramUniformui64NV(1, 0, 42);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramUniformui64vNV(1, 0, 1, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetUniformui64vNV(1, 0, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(v == 5);
    GT_CHECK(asmgl_get_proc_address("glProgramUniformui64vNV") ==
             (void (*)(void))glProgramUniformui64vNV);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    test_tokens_and_limit();
    test_addresses();
    test_residency();
    test_interplay();
    test_pointer_uniforms();
    asmgl_context_destroy(c);

    /* without a current context every entry point does nothing */
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_EQ_INT(glIsNamedBufferResidentNV(1), GL_FALSE);
    GLuint64EXT v = 9;
    glGetIntegerui64vNV(GL_MAX_SHADER_BUFFER_ADDRESS_NV, &v);
    GT_CHECK(v == 9);
    return gt_finish("buffer_address");
}
