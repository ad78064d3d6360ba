/* test_provoking_vertex.c - EXT_provoking_vertex: glProvokingVertex state,
 * errors, and flat shading taking the first or the last vertex of
 * triangles, strips, fans and lines.  (FEATURES.md has no row for it.)
 */
#include "gl_test.h"

/* One covering triangle with vertex colours red, green, blue in order. */
static void tri(GLenum mode)
{
    glBegin(mode);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(0, 0, 1);
    glVertex2f(-1, 3);
    glEnd();
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    GLint v = 0;
    GLboolean b = GL_TRUE;
    glGetIntegerv(GL_PROVOKING_VERTEX_EXT, &v);
    GT_EQ_INT(v, GL_LAST_VERTEX_CONVENTION_EXT);
    glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION_EXT, &b);
    GT_EQ_INT(b, GL_FALSE);
    glProvokingVertexEXT(GL_FLAT);
    GT_ERROR(GL_INVALID_ENUM);
    glBegin(GL_TRIANGLES);
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION_EXT);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glGetIntegerv(GL_PROVOKING_VERTEX_EXT, &v);
    GT_EQ_INT(v, GL_LAST_VERTEX_CONVENTION_EXT);

    glShadeModel(GL_FLAT);
    const GLenum modes[] = {GL_TRIANGLES, GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN};
    for (int i = 0; i < 3; i++) {
        glProvokingVertexEXT(GL_LAST_VERTEX_CONVENTION_EXT);
        tri(modes[i]);
        GT_PROBE(4, 4, 0, 0, 1, 1, 0.002f);
        glProvokingVertexEXT(GL_FIRST_VERTEX_CONVENTION_EXT);
        tri(modes[i]);
        /* a fan's first triangle (0, 1, 2) is provoked by vertex 1 */
        if (modes[i] == GL_TRIANGLE_FAN)
            GT_PROBE(4, 4, 0, 1, 0, 1, 0.002f);
        else
            GT_PROBE(4, 4, 1, 0, 0, 1, 0.002f);
    }
    glGetIntegerv(GL_PROVOKING_VERTEX_EXT, &v);
    GT_EQ_INT(v, GL_FIRST_VERTEX_CONVENTION_EXT);

    /* lines: a horizontal line through row 8 */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_LINES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, 0.0625f);
    glColor3f(0, 1, 0);
    glVertex2f(1, 0.0625f);
    glEnd();
    GT_PROBE(8, 8, 1, 0, 0, 1, 0.002f);
    glProvokingVertex(GL_LAST_VERTEX_CONVENTION_EXT);
    glBegin(GL_LINES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, 0.0625f);
    glColor3f(0, 1, 0);
    glVertex2f(1, 0.0625f);
    glEnd();
    GT_PROBE(8, 8, 0, 1, 0, 1, 0.002f);

    /* smooth shading ignores it: the centre of the triangle mixes colours */
    glShadeModel(GL_SMOOTH);
    glProvokingVertex(GL_FIRST_VERTEX_CONVENTION_EXT);
    tri(GL_TRIANGLES);
    GT_PROBE(0, 0, 1, 0, 0, 1, 0.1f);
    GT_ERROR(GL_NO_ERROR);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.provoking_vertex");
}
