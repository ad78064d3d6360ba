/*
 * test_legacy_arrays.c - the GL 1.x client arrays beside the vertex
 * attributes: the colour index array's state (glIndexPointer: GL 2.1
 * table 6.7), kept and answered though indices do nothing in RGBA
 * rendering, saved by PushClientAttrib and reset with its buffer.
 */
#include "gl_test.h"

static void test_index_array_state(void)
{
    GLint v = -1;
    glGetIntegerv(GL_INDEX_ARRAY_TYPE, &v);
    GT_EQ_INT(v, GL_FLOAT); /* initial value */
    glGetIntegerv(GL_INDEX_ARRAY_STRIDE, &v);
    GT_EQ_INT(v, 0);

    static const GLshort idx[8];
    glIndexPointer(GL_SHORT, 10, idx);
    GT_ERROR(GL_NO_ERROR);
    glGetIntegerv(GL_INDEX_ARRAY_TYPE, &v);
    GT_EQ_INT(v, GL_SHORT);
    glGetIntegerv(GL_INDEX_ARRAY_STRIDE, &v);
    GT_EQ_INT(v, 10);
    GLfloat f = 0;
    glGetFloatv(GL_INDEX_ARRAY_STRIDE, &f);
    GT_NEAR(f, 10.0, 0);
    void *p = NULL;
    glGetPointerv(GL_INDEX_ARRAY_POINTER, &p);
    GT_CHECK(p == (void *)idx);

    /* errors leave the state alone */
    glIndexPointer(GL_UNSIGNED_INT, 4, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glIndexPointer(GL_FLOAT, -1, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glGetIntegerv(GL_INDEX_ARRAY_TYPE, &v);
    GT_EQ_INT(v, GL_SHORT);

    /* PushClientAttrib(VERTEX_ARRAY) saves it */
    glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
    glIndexPointer(GL_UNSIGNED_BYTE, 1, NULL);
    glGetIntegerv(GL_INDEX_ARRAY_TYPE, &v);
    GT_EQ_INT(v, GL_UNSIGNED_BYTE);
    glPopClientAttrib();
    glGetIntegerv(GL_INDEX_ARRAY_TYPE, &v);
    GT_EQ_INT(v, GL_SHORT);
    glGetIntegerv(GL_INDEX_ARRAY_STRIDE, &v);
    GT_EQ_INT(v, 10);

    /* the buffer binding, reset to 0 when the buffer is deleted */
    GLuint buf;
    glGenBuffersARB(1, &buf);
    glBindBufferARB(GL_ARRAY_BUFFER_ARB, buf);
    glBufferDataARB(GL_ARRAY_BUFFER_ARB, 64, NULL, GL_STATIC_DRAW_ARB);
    glIndexPointer(GL_INT, 0, (void *)16);
    glBindBufferARB(GL_ARRAY_BUFFER_ARB, 0);
    glGetIntegerv(GL_INDEX_ARRAY_BUFFER_BINDING, &v);
    GT_EQ_INT(v, (GLint)buf);
    glDeleteBuffersARB(1, &buf);
    glGetIntegerv(GL_INDEX_ARRAY_BUFFER_BINDING, &v);
    GT_EQ_INT(v, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    test_index_array_state();
    asmgl_context_destroy(c);
    return gt_finish("gl.legacy_arrays");
}
