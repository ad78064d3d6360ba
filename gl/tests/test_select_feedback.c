/*
 * test_select_feedback.c - selection and feedback (GL 2.1 sections 5.2 and
 * 5.3): a clipped polygon's feedback vertices, polygon mode LINE tokens,
 * pass-through tokens, overflow, hits with a vertex program's clip-space
 * position, the name stack and its errors.  100 x 100 window, identity
 * matrices: window x = (x + 1) * 50, z = (z + 1) / 2; expected values by
 * hand.
 */
#include "gl_test.h"

#include <math.h>

/* Whether (x, y, z) is one of the n GL_3D vertices at v. */
static bool has_vertex(const float *v, int n, float x, float y, float z)
{
    for (int i = 0; i < n; i++)
        if (fabsf(v[3 * i] - x) < 1e-3f && fabsf(v[3 * i + 1] - y) < 1e-3f &&
            fabsf(v[3 * i + 2] - z) < 1e-3f)
            return true;
    return false;
}

static void test_feedback(void)
{
    GLfloat buf[64];
    glFeedbackBuffer(64, GL_3D, buf);
    GT_EQ_INT(glRenderMode(GL_FEEDBACK), 0);
    /* clipped at x = -1: A(-2,-.5) B(0,-.5) C(0,.5) -> (-1,-.5) B C (-1,0) */
    glBegin(GL_TRIANGLES);
    glVertex2f(-2.0f, -0.5f);
    glVertex2f(0.0f, -0.5f);
    glVertex2f(0.0f, 0.5f);
    glEnd();
    glPassThrough(42.0f);
    /* entirely outside: nothing */
    glBegin(GL_POINTS);
    glVertex2f(3.0f, 0.0f);
    glEnd();
    GLint n = glRenderMode(GL_RENDER);
    GT_EQ_INT(n, 2 + 4 * 3 + 2);
    GT_EQ_INT((int)buf[0], GL_POLYGON_TOKEN);
    GT_EQ_INT((int)buf[1], 4);
    GT_CHECK(has_vertex(buf + 2, 4, 0.0f, 25.0f, 0.5f));
    GT_CHECK(has_vertex(buf + 2, 4, 50.0f, 25.0f, 0.5f));
    GT_CHECK(has_vertex(buf + 2, 4, 50.0f, 75.0f, 0.5f));
    GT_CHECK(has_vertex(buf + 2, 4, 0.0f, 50.0f, 0.5f));
    GT_EQ_INT((int)buf[14], GL_PASS_THROUGH_TOKEN);
    GT_NEAR(buf[15], 42.0, 0);

    /* polygon mode LINE: three segments, the first a reset (GL_2D) */
    glFeedbackBuffer(64, GL_2D, buf);
    glRenderMode(GL_FEEDBACK);
    glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
    glBegin(GL_TRIANGLES);
    glVertex2f(-0.5f, -0.5f);
    glVertex2f(0.5f, -0.5f);
    glVertex2f(0.5f, 0.5f);
    glEnd();
    glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
    GT_EQ_INT(glRenderMode(GL_RENDER), 15);
    GT_EQ_INT((int)buf[0], GL_LINE_RESET_TOKEN);
    GT_EQ_INT((int)buf[5], GL_LINE_TOKEN);
    GT_EQ_INT((int)buf[10], GL_LINE_TOKEN);
    GT_NEAR(buf[1], 25, 1e-3);
    GT_NEAR(buf[2], 25, 1e-3);
    GT_NEAR(buf[3], 75, 1e-3);
    GT_NEAR(buf[4], 25, 1e-3);

    /* overflow: a GL_3D point needs 4 values */
    glFeedbackBuffer(3, GL_3D, buf);
    glRenderMode(GL_FEEDBACK);
    glBegin(GL_POINTS);
    glVertex2f(0.0f, 0.0f);
    glEnd();
    GT_EQ_INT(glRenderMode(GL_RENDER), -1);
    GT_ERROR(GL_NO_ERROR);
}

static void test_select(void)
{
    GLuint buf[64];
    glSelectBuffer(64, buf);
    glRenderMode(GL_SELECT);
    /* name-stack errors apply in SELECT mode */
    glLoadName(1);
    GT_ERROR(GL_INVALID_OPERATION);
    glPopName();
    GT_ERROR(GL_STACK_UNDERFLOW);
    glInitNames();
    glPushName(7);
    /* a vertex program moves z by +0.5: window z 0.75 */
    GLuint vp = gt_program(GL_VERTEX_PROGRAM_ARB,
                           "!!ARBvp1.0\n"
                           "MOV result.position, vertex.position;\n"
                           "ADD result.position.z, vertex.position.z, 0.5;\n"
                           "END\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glBegin(GL_TRIANGLES);
    glVertex3f(-0.5f, -0.5f, 0.0f);
    glVertex3f(0.5f, -0.5f, 0.0f);
    glVertex3f(0.5f, 0.5f, 0.0f);
    glEnd();
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDeleteProgramsARB(1, &vp);
    glLoadName(8); /* writes the hit of 7 */
    /* outside the view volume: no hit for 8 */
    glBegin(GL_LINES);
    glVertex2f(2.0f, 0.0f);
    glVertex2f(3.0f, 0.0f);
    glEnd();
    glLoadName(9);
    /* a line from z = -1 to z = 0 (window 0 .. 0.5) and a raster position at
     * window z 0.25: one hit, range 0 .. 0.5 */
    glBegin(GL_LINES);
    glVertex3f(0.0f, 0.0f, -1.0f);
    glVertex3f(0.5f, 0.0f, 0.0f);
    glEnd();
    glRasterPos3f(0.0f, 0.0f, -0.5f);
    GLint depth = 0;
    glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
    GT_EQ_INT(depth, 1);
    GT_EQ_INT(glRenderMode(GL_RENDER), 2);
    const double s = 4294967295.0;
    GT_EQ_INT(buf[0], 1);
    GT_NEAR(buf[1] / s, 0.75, 1e-6);
    GT_NEAR(buf[2] / s, 0.75, 1e-6);
    GT_EQ_INT(buf[3], 7);
    GT_EQ_INT(buf[4], 1);
    GT_NEAR(buf[5] / s, 0.0, 1e-6);
    GT_NEAR(buf[6] / s, 0.5, 1e-6);
    GT_EQ_INT(buf[7], 9);
    /* RENDER mode again: name-stack calls are ignored */
    glPopName();
    GT_ERROR(GL_NO_ERROR);
    GLint mode = 0;
    glGetIntegerv(GL_RENDER_MODE, &mode);
    GT_EQ_INT(mode, GL_RENDER);
    /* SELECT without a buffer is refused */
    glSelectBuffer(0, NULL);
    glRenderMode(GL_SELECT);
    GT_ERROR(GL_INVALID_OPERATION);
}

int main(void)
{
    asmgl_context *c = gt_context(100, 100);
    test_feedback();
    test_select();
    asmgl_context_destroy(c);
    return gt_finish("select_feedback");
}
