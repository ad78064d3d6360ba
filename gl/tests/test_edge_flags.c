/*
 * test_edge_flags.c - edge flags (GL 2.1 sections 2.6.2 and 3.5.4): in
 * polygon mode LINE and POINT only the edges (vertices) whose flag is set
 * are drawn, with the flags from the edge flag array, from glEdgeFlag
 * inside Begin/End, or constant; feedback lists the same edges.  32 x 32
 * window, glOrtho(0, 32, 0, 32): the square (1.5, 1.5)-(5.5, 5.5) has its
 * edges on pixel rows / columns 1 and 5 (expected pixels by hand).
 */
#include "gl_test.h"

static const float sq[4][2] = {{1.5f, 1.5f}, {5.5f, 1.5f}, {5.5f, 5.5f}, {1.5f, 5.5f}};
static const GLboolean flags[4] = {GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE};

static void clear(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/* bottom and top edges drawn, left and right not */
static void probe_lines(void)
{
    GT_PROBE(3, 1, 0, 1, 0, 1, 0.01f);
    GT_PROBE(3, 5, 0, 1, 0, 1, 0.01f);
    GT_PROBE(1, 3, 0, 0, 0, 0, 0.01f);
    GT_PROBE(5, 3, 0, 0, 0, 0, 0.01f);
}

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glColor4f(0, 1, 0, 1);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);

    /* the edge flag array, GL_QUADS */
    clear();
    glVertexPointer(2, GL_FLOAT, 0, sq);
    glEdgeFlagPointer(0, flags);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_EDGE_FLAG_ARRAY);
    glDrawArrays(GL_QUADS, 0, 4);
    probe_lines();

    /* polygon mode POINT: only the flagged vertices (0 and 2) */
    clear();
    glPolygonMode(GL_FRONT_AND_BACK, GL_POINT);
    glDrawArrays(GL_POLYGON, 0, 4);
    GT_PROBE(1, 1, 0, 1, 0, 1, 0.01f);
    GT_PROBE(5, 5, 0, 1, 0, 1, 0.01f);
    GT_PROBE(5, 1, 0, 0, 0, 0, 0.01f);
    GT_PROBE(1, 5, 0, 0, 0, 0, 0.01f);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);

    /* feedback: the two flagged edges */
    GLfloat fb[64];
    glFeedbackBuffer(64, GL_2D, fb);
    glRenderMode(GL_FEEDBACK);
    glDrawArrays(GL_POLYGON, 0, 4);
    GT_EQ_INT(glRenderMode(GL_RENDER), 10);
    GT_EQ_INT((int)fb[0], GL_LINE_RESET_TOKEN);
    GT_EQ_INT((int)fb[5], GL_LINE_RESET_TOKEN);
    glDisableClientState(GL_EDGE_FLAG_ARRAY);
    glDisableClientState(GL_VERTEX_ARRAY);

    /* glEdgeFlag inside Begin/End, GL_POLYGON */
    clear();
    glBegin(GL_POLYGON);
    for (int i = 0; i < 4; i++) {
        glEdgeFlag(flags[i]);
        glVertex2fv(sq[i]);
    }
    glEnd();
    probe_lines();

    /* a constant FALSE flag: no edge at all; strips ignore flags */
    clear();
    glEdgeFlag(GL_FALSE);
    glBegin(GL_TRIANGLES);
    glVertex2f(1.5f, 1.5f);
    glVertex2f(5.5f, 1.5f);
    glVertex2f(5.5f, 5.5f);
    glEnd();
    GT_PROBE(3, 1, 0, 0, 0, 0, 0.01f);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(1.5f, 1.5f);
    glVertex2f(5.5f, 1.5f);
    glVertex2f(1.5f, 5.5f);
    glEnd();
    GT_PROBE(3, 1, 0, 1, 0, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("edge_flags");
}
