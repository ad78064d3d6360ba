/*
 * test_gl30.c - what OpenGL 3.0 adds around its GLSL that asmgl answers
 * without GLSL: the version queries, GetStringi; transform feedback's
 * buffer bindings and commands (no program object is ever current, so
 * BeginTransformFeedback is INVALID_OPERATION); the PRIMITIVES_GENERATED
 * and TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN queries; RASTERIZER_DISCARD;
 * the GLSL-only commands' errors (GL 3.0 sections 2.15, 2.16, 2.20, 3.1,
 * 3.12.2, 6.1).
 *
 * Primitive counts by hand: a 5-vertex triangle strip is 3 triangles; 2
 * quads are 4 triangles (GL 3.0 decomposes them); 7 points are 7; a
 * 4-vertex line loop is 4 lines.
 */
#include "gl_test.h"

#include <string.h>

#define W 8

static GLuint64 result_of(GLuint q)
{
    GLuint64 v = 12345;
    glGetQueryObjectui64v(q, GL_QUERY_RESULT, &v);
    return v;
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, W);

    /* ---- version, extensions by index ---- */
    GLint major = 0, minor = -1, n = 0;
    glGetIntegerv(GL_MAJOR_VERSION, &major);
    glGetIntegerv(GL_MINOR_VERSION, &minor);
    GT_CHECK(major == 3 && minor == 0);
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    GT_CHECK(n > 0);
    bool found = false;
    for (GLint i = 0; i < n; i++)
        found |= strcmp((const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i),
                        "GL_ARB_vertex_array_object") == 0;
    GT_CHECK(found);

    /* ---- transform feedback buffer bindings ---- */
    GLuint buf[2];
    glGenBuffers(2, buf);
    glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf[0]);
    glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, NULL, GL_STREAM_COPY);
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 2, buf[0], 16, 64);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[1]);
    GLint v = -1;
    glGetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v); /* the generic one: the last bound */
    GT_EQ_INT(v, (GLint)buf[1]);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &v);
    GT_EQ_INT(v, (GLint)buf[0]);
    GLint64 v64 = -1;
    glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 2, &v64);
    GT_EQ_INT(v64, 16);
    glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2, &v64);
    GT_EQ_INT(v64, 64);
    glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &v64);
    GT_EQ_INT(v64, 0); /* Base: the whole buffer */
    GT_ERROR(GL_NO_ERROR);
    GLint max_sep = 0;
    glGetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &max_sep);
    GT_EQ_INT(max_sep, 4);
    glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, (GLuint)max_sep, buf[0]);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 2, 16); /* offset not 4-aligned */
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 0, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, (GLuint)max_sep, &v);
    GT_ERROR(GL_INVALID_VALUE);
    /* a deleted buffer leaves its bindings */
    glDeleteBuffers(1, &buf[0]);
    glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 2, &v);
    GT_EQ_INT(v, 0);

    /* ---- transform feedback itself: no program object is current ---- */
    glBeginTransformFeedback(GL_QUADS);
    GT_ERROR(GL_INVALID_ENUM);
    glBeginTransformFeedback(GL_POINTS);
    GT_ERROR(GL_INVALID_OPERATION);
    glEndTransformFeedback();
    GT_ERROR(GL_INVALID_OPERATION);

    /* ---- PRIMITIVES_GENERATED, TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN ---- */
    static const float strip[5][2] = {{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}};
    static const float quads[8][2] = {{-1, -1}, {0, -1}, {0, 0}, {-1, 0},
                                      {0, 0},   {1, 0},  {1, 1}, {0, 1}};
    glEnableClientState(GL_VERTEX_ARRAY);
    GLuint q[3];
    glGenQueries(3, q);
    glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
    glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
    glBeginQuery(GL_SAMPLES_PASSED, q[2]); /* all three at once: separate targets */
    GT_ERROR(GL_NO_ERROR);
    glVertexPointer(2, GL_FLOAT, 0, strip);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 5);
    glVertexPointer(2, GL_FLOAT, 0, quads);
    glDrawArrays(GL_QUADS, 0, 8);
    glDrawArrays(GL_POINTS, 0, 7);
    glDrawArrays(GL_LINE_LOOP, 0, 4);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    glEndQuery(GL_SAMPLES_PASSED);
    GT_EQ_INT(result_of(q[0]), 3 + 4 + 7 + 4);
    GT_EQ_INT(result_of(q[1]), 0);
    GT_CHECK(result_of(q[2]) > 0);
    GLint cur = -1;
    glGetQueryiv(GL_PRIMITIVES_GENERATED, GL_CURRENT_QUERY, &cur);
    GT_EQ_INT(cur, 0);
    /* a query object keeps its first target */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    GT_ERROR(GL_INVALID_OPERATION);

    /* ---- RASTERIZER_DISCARD: counted, not drawn; clears ignored ---- */
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_RASTERIZER_DISCARD);
    GT_CHECK(glIsEnabled(GL_RASTERIZER_DISCARD));
    glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
    glColor3f(1, 0, 0);
    glVertexPointer(2, GL_FLOAT, 0, strip);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 5);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEndQuery(GL_PRIMITIVES_GENERATED);
    glDisable(GL_RASTERIZER_DISCARD);
    GT_EQ_INT(result_of(q[0]), 3);
    GT_PROBE(W / 2, 1, 0, 0, 1, 1, 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 5);
    GT_PROBE(W / 2, 1, 1, 0, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);

    /* ---- the GLSL-only commands, on a program that never links ---- */
    GLuint prog = glCreateProgram();
    glBindFragDataLocation(prog, 0, "color");
    GT_ERROR(GL_NO_ERROR);
    glBindFragDataLocation(prog, 8, "color");
    GT_ERROR(GL_INVALID_VALUE);
    glBindFragDataLocation(prog, 0, "gl_FragColor");
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glGetFragDataLocation(prog, "color"), -1);
    GT_ERROR(GL_INVALID_OPERATION);
    const char *names[1] = {"v"};
    glTransformFeedbackVaryings(prog, 1, names, GL_TRIANGLES);
    GT_ERROR(GL_INVALID_ENUM);
    glTransformFeedbackVaryings(prog, 5, names, GL_SEPARATE_ATTRIBS);
    GT_ERROR(GL_INVALID_VALUE);
    glTransformFeedbackVaryings(prog, 1, names, GL_INTERLEAVED_ATTRIBS);
    GT_ERROR(GL_NO_ERROR);
    char name[8];
    GLsizei len, size;
    GLenum type;
    glGetTransformFeedbackVarying(prog, 0, sizeof name, &len, &size, &type, name);
    GT_ERROR(GL_INVALID_VALUE);
    glUniform1ui(-1, 7);
    GT_ERROR(GL_NO_ERROR);
    glUniform4ui(0, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_OPERATION);
    glTransformFeedbackVaryings(12345, 1, names, GL_INTERLEAVED_ATTRIBS);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteProgram(prog);

    asmgl_context_destroy(ctx);
    return gt_finish("gl30");
}
