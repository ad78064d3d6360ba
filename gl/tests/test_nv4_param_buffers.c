/* test_nv4_param_buffers.c - NV_parameter_buffer_object API: binding points
 * (BindBuffer{Range,Offset,Base}NV and the core-named Base/Range), their
 * queries, ProgramBufferParameters*NV updates read back with
 * GetBufferSubData, the per-target limits, and the errors.
 *
 * covers: API.BindBufferRangeNV API.ProgramBufferParametersNV API.GetIntegerIndexedvEXT
 */
#include "gl_test.h"

#include <string.h>

static GLint indexed(GLenum target, GLuint index)
{
    GLint v = -1;
    glGetIntegerIndexedvEXT(target, index, &v);
    return v;
}

static GLint generic(GLenum target)
{
    GLint v = -1;
    glGetIntegerv(target, &v);
    return v;
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);

    /* limits (NV_parameter_buffer_object: at least 8 bindings, 4096 words) */
    GLint nbind = 0, nwords = 0;
    glGetProgramivARB(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV, &nbind);
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV, &nwords);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(nbind >= 8);
    GT_CHECK(nwords >= 4096);

    /* initial state: all zero */
    GT_EQ_INT(generic(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV), 0);
    GT_EQ_INT(generic(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV), 0);
    GT_EQ_INT(generic(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV), 0);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind - 1), 0);
    GT_ERROR(GL_NO_ERROR);

    GLuint buf[3];
    glGenBuffers(3, buf);
    glBindBuffer(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, buf[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(generic(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV), buf[0]);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0), 0); /* generic only */
    glBufferData(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 64, NULL, GL_DYNAMIC_DRAW);
    GT_ERROR(GL_NO_ERROR);

    /* each Bind*NV binds the indexed point and the generic binding */
    glBindBufferBaseNV(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 2, buf[0]);
    GT_EQ_INT(indexed(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 2), buf[0]);
    GT_EQ_INT(generic(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV), buf[0]);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2), 0); /* per target */
    glBindBufferRangeNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 1, buf[1], 0, 16);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 1), buf[1]);
    GT_EQ_INT(generic(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV), buf[1]);
    glBindBufferOffsetNV(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, 0, buf[2], 0);
    GT_EQ_INT(indexed(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, 0), buf[2]);
    glBindBufferBase(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind - 1, buf[0]);
    glBindBufferRange(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, buf[0], 0, 32);
    GLint v = -1;
    glGetIntegeri_v(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind - 1, &v);
    GT_EQ_INT(v, buf[0]);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3), buf[0]);
    GLboolean bv = GL_FALSE;
    glGetBooleanIndexedvEXT(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, &bv);
    GT_EQ_INT(bv, GL_TRUE);
    glGetBooleani_v(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 4, &bv);
    GT_EQ_INT(bv, GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    glGetBooleanIndexedvEXT(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind, &bv);
    GT_ERROR(GL_INVALID_VALUE);

    /* bind errors */
    glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind, buf[0]);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRangeNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0, buf[0], 0, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRangeNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0, buf[0], 0, 6);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRangeNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0, buf[0], 16, 16);
    GT_ERROR(GL_INVALID_VALUE); /* parameter buffers take no offset */
    glBindBufferOffsetNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0, buf[0], 4);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferBaseNV(GL_ARRAY_BUFFER, 0, buf[0]);
    GT_ERROR(GL_INVALID_ENUM);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0), 0);
    glGetIntegerIndexedvEXT(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind, &v);
    GT_ERROR(GL_INVALID_VALUE);
    glGetIntegerIndexedvEXT(GL_ARRAY_BUFFER, 0, &v);
    GT_ERROR(GL_INVALID_ENUM);

    /* ProgramBufferParameters*NV: words of the buffer at the binding point */
    const GLfloat f[2] = {1.5f, -2.0f};
    const GLint si[2] = {-7, 123456789};
    const GLuint ui[3] = {0xffffffffu, 0x7f800001u, 42u};
    glProgramBufferParametersfvNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, 0, 2, f);
    glProgramBufferParametersIivNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, 2, 2, si);
    glProgramBufferParametersIuivNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, 13, 3, ui);
    GT_ERROR(GL_NO_ERROR);
    GLuint words[16];
    memset(words, 0xaa, sizeof words);
    glBindBuffer(GL_ARRAY_BUFFER, buf[0]);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, words);
    GT_ERROR(GL_NO_ERROR);
    GLfloat f0, f1;
    memcpy(&f0, &words[0], 4);
    memcpy(&f1, &words[1], 4);
    GT_NEAR(f0, 1.5, 0);
    GT_NEAR(f1, -2.0, 0);
    GT_EQ_INT((GLint)words[2], -7);
    GT_EQ_INT((GLint)words[3], 123456789);
    GT_EQ_INT(words[4], 0);
    GT_EQ_INT(words[13], 0xffffffffu);
    GT_EQ_INT(words[14], 0x7f800001u);
    GT_EQ_INT(words[15], 42u);

    /* errors: past the buffer's words, unbound point, bad index/target */
    glProgramBufferParametersIuivNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3, 14, 3, ui);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramBufferParametersIivNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 5, 0, 1, si);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramBufferParametersfvNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, (GLuint)nbind, 0, 1, f);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramBufferParametersfvNV(GL_VERTEX_PROGRAM_ARB, 0, 0, 1, f);
    GT_ERROR(GL_INVALID_ENUM);
    glGetBufferSubData(GL_ARRAY_BUFFER, 52, 4, &words[13]);
    GT_EQ_INT(words[13], 0xffffffffu); /* the failed update changed nothing */

    /* deleting a buffer unbinds it from every binding point */
    glDeleteBuffers(1, &buf[0]);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 3), 0);
    GT_EQ_INT(indexed(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 2), 0);
    GT_EQ_INT(generic(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV), 0);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 1), buf[1]);
    /* binding 0 unbinds */
    glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 1, 0);
    GT_EQ_INT(indexed(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 1), 0);
    GT_EQ_INT(generic(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV), 0);
    glDeleteBuffers(2, &buf[1]);
    GT_ERROR(GL_NO_ERROR);

    /* ARB programs read no parameter buffers: draws are unaffected */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(4, 4, 0, 0, 1, 1, 0.002f);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_param_buffers");
}
