/*
 * test_legacy_arrays.c - the GL 1.x client arrays beside the vertex
 * attributes: the colour index array's state (glIndexPointer: GL 2.1
 * table 6.7), kept and answered though indices do nothing in RGBA
 * rendering, saved by PushClientAttrib and reset with its buffer; and the
 * conventional vertex array beside generic attribute array 0, which
 * ARB_vertex_program section 2.8 keeps separate (own pointers, own
 * enables; its ArrayElement pseudo-code): generic array 0
 * provides the position when both are enabled.  glEnable of a client
 * array works as glEnableClientState (Mesa's compatibility behaviour).
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

/* A quad over the left half (conventional vertex array) and one over the
 * right half (generic attribute array 0), as triangle strips. */
static const float left[4][2] = {{-1, -1}, {0, -1}, {-1, 1}, {0, 1}};
static const float right[4][2] = {{0, -1}, {1, -1}, {0, 1}, {1, 1}};

static void clear_and_draw(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3f(0, 1, 0);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

static void test_vertex_and_attrib0_arrays(void)
{
    glVertexPointer(2, GL_FLOAT, 0, left);
    glVertexAttribPointerARB(0, 2, GL_FLOAT, GL_FALSE, 0, right);

    /* separate pointers and enables in the queries */
    void *p = NULL;
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    GT_CHECK(p == (void *)left);
    glGetVertexAttribPointervARB(0, GL_VERTEX_ATTRIB_ARRAY_POINTER_ARB, &p);
    GT_CHECK(p == (void *)right);
    glEnableClientState(GL_VERTEX_ARRAY);
    GLint v = -1;
    glGetVertexAttribivARB(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB, &v);
    GT_EQ_INT(v, 0);
    GT_EQ_INT(glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);

    /* only the conventional array: the left half */
    clear_and_draw();
    GT_PROBE(3, 8, 0, 1, 0, 1, 0.01);
    GT_PROBE(12, 8, 0, 0, 0, 1, 0.01);

    /* both: generic array 0 wins, the right half */
    glEnableVertexAttribArrayARB(0);
    GT_EQ_INT(glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);
    clear_and_draw();
    GT_PROBE(3, 8, 0, 0, 0, 1, 0.01);
    GT_PROBE(12, 8, 0, 1, 0, 1, 0.01);

    /* generic 0 alone */
    glDisableClientState(GL_VERTEX_ARRAY);
    glGetVertexAttribivARB(0, GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB, &v);
    GT_EQ_INT(v, 1);
    clear_and_draw();
    GT_PROBE(12, 8, 0, 1, 0, 1, 0.01);

    /* the vertex array's size and generic 0's stay apart */
    glGetIntegerv(GL_VERTEX_ARRAY_SIZE, &v);
    GT_EQ_INT(v, 2);
    glVertexPointer(3, GL_FLOAT, 12, NULL);
    glGetVertexAttribivARB(0, GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB, &v);
    GT_EQ_INT(v, 2);
    glGetVertexAttribivARB(0, GL_VERTEX_ATTRIB_ARRAY_STRIDE_ARB, &v);
    GT_EQ_INT(v, 0);

    /* PushClientAttrib keeps both */
    glVertexPointer(2, GL_FLOAT, 0, left);
    glEnableClientState(GL_VERTEX_ARRAY);
    glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
    glDisableVertexAttribArrayARB(0);
    glVertexPointer(2, GL_FLOAT, 0, right);
    glPopClientAttrib();
    clear_and_draw(); /* generic 0 (right) enabled again and winning */
    GT_PROBE(3, 8, 0, 0, 0, 1, 0.01);
    GT_PROBE(12, 8, 0, 1, 0, 1, 0.01);
    glDisableVertexAttribArrayARB(0);
    clear_and_draw(); /* the restored vertex array: left */
    GT_PROBE(3, 8, 0, 1, 0, 1, 0.01);
    GT_PROBE(12, 8, 0, 0, 0, 1, 0.01);
    glDisableClientState(GL_VERTEX_ARRAY);
    GT_ERROR(GL_NO_ERROR);

    /* glEnable / glDisable of a client array act as Enable/DisableClientState
     * (as Mesa in compatibility contexts) */
    glEnable(GL_VERTEX_ARRAY);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(glIsEnabled(GL_VERTEX_ARRAY), GL_TRUE);
    clear_and_draw(); /* the vertex array (left) */
    GT_PROBE(3, 8, 0, 1, 0, 1, 0.01);
    glDisable(GL_VERTEX_ARRAY);
    GT_EQ_INT(glIsEnabled(GL_VERTEX_ARRAY), GL_FALSE);
    glEnable(GL_NORMAL_ARRAY);
    GT_EQ_INT(glIsEnabled(GL_NORMAL_ARRAY), GL_TRUE);
    glDisable(GL_NORMAL_ARRAY);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    test_index_array_state();
    test_vertex_and_attrib0_arrays();
    asmgl_context_destroy(c);
    return gt_finish("gl.legacy_arrays");
}
