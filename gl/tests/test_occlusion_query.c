/*
 * test_occlusion_query.c - GL 1.5 occlusion queries (GL 2.1 section 4.1.7):
 * SAMPLES_PASSED counts exactly the samples that pass the per-fragment
 * tests, also for draws the deferred renderer could hide (a later draw
 * covers them), with KIL, the alpha test, scissor and the depth test, and
 * the count is the same for 1 and 4 worker threads.  Expected counts are
 * pixel areas worked out by hand (100 x 100 window, identity matrices:
 * NDC x maps to window (x + 1) * 50).
 */
#include "gl_test.h"

#include <stdlib.h>

/* An axis-aligned quad over NDC [x0, x1] x [y0, y1] at NDC depth z. */
static void quad(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_QUADS);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

static GLuint result(GLuint q)
{
    GLuint avail = 0, n = 12345;
    glGetQueryObjectuiv(q, GL_QUERY_RESULT_AVAILABLE, &avail);
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
    GT_EQ_INT(avail, GL_TRUE);
    return n;
}

/* Runs the sequence with ASMGL_THREADS = threads; writes the counts. */
static void run(const char *threads, GLuint out[6])
{
    setenv("ASMGL_THREADS", threads, 1);
    asmgl_context *c = gt_context(100, 100);
    GLuint q[6];
    glGenQueries(6, q);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);

    /* 0: pixels 10..59 square (2500), then hidden by a nearer quad drawn
     * outside the query: still 2500 */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    quad(-0.8f, -0.8f, 0.2f, 0.2f, 0.0f);
    glEndQuery(GL_SAMPLES_PASSED);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, -0.5f);

    /* 1: behind everything: 0 */
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    quad(-0.8f, -0.8f, 0.2f, 0.2f, 0.5f);
    glEndQuery(GL_SAMPLES_PASSED);

    /* 2: depth test off, scissor 20..69 x 0..99 on the 10..59 square:
     * 40 x 50 = 2000, over two draws of the same query */
    glDisable(GL_DEPTH_TEST);
    glEnable(GL_SCISSOR_TEST);
    glScissor(20, 0, 50, 100);
    glBeginQuery(GL_SAMPLES_PASSED, q[2]);
    quad(-0.8f, -0.8f, 0.2f, 0.2f, 0.9f);
    quad(-0.8f, -0.8f, 0.2f, -0.3f, 0.9f); /* rows 10..34: 40 x 25 = 1000 more */
    glEndQuery(GL_SAMPLES_PASSED);
    glDisable(GL_SCISSOR_TEST);

    /* 3: KIL where fragment.position.x < 35 (columns 10..34 die): 25 x 50 */
    static const char fp[] =
        "!!ARBfp1.0\n"
        "TEMP t;\n"
        "SUB t, fragment.position.x, 35.0;\n"
        "KIL t.x;\n"
        "MOV result.color, fragment.color;\n"
        "END\n";
    GLuint prog = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBeginQuery(GL_SAMPLES_PASSED, q[3]);
    quad(-0.8f, -0.8f, 0.2f, 0.2f, 0.0f);
    glEndQuery(GL_SAMPLES_PASSED);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &prog);

    /* 4: alpha test GREATER 0.5 with alpha 0.25: nothing passes */
    glEnable(GL_ALPHA_TEST);
    glAlphaFunc(GL_GREATER, 0.5f);
    glColor4f(1, 1, 1, 0.25f);
    glBeginQuery(GL_SAMPLES_PASSED, q[4]);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, 0.0f);
    glEndQuery(GL_SAMPLES_PASSED);
    glDisable(GL_ALPHA_TEST);

    /* 5: colour and depth writes off (a bounding-box test), depth LESS
     * against the -0.5 quad (depth 0.25): the quad at NDC -0.6 (depth 0.2)
     * over the whole window passes everywhere: 10000 */
    glEnable(GL_DEPTH_TEST);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthMask(GL_FALSE);
    glBeginQuery(GL_SAMPLES_PASSED, q[5]);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, -0.6f);
    glEndQuery(GL_SAMPLES_PASSED);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);

    for (int i = 0; i < 6; i++)
        out[i] = result(q[i]);
    GT_ERROR(GL_NO_ERROR);

    /* errors (GL 2.1 4.1.7): nested begin, end without begin, name 0,
     * result of the active query, wrong target */
    glBeginQuery(GL_SAMPLES_PASSED, q[0]);
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    GT_ERROR(GL_INVALID_OPERATION);
    GLuint v;
    glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &v);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint cur = 0;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
    GT_EQ_INT(cur, q[0]);
    glEndQuery(GL_SAMPLES_PASSED);
    glEndQuery(GL_SAMPLES_PASSED);
    GT_ERROR(GL_INVALID_OPERATION);
    glBeginQuery(GL_SAMPLES_PASSED, 0);
    GT_ERROR(GL_INVALID_OPERATION);
    glBeginQuery(GL_TEXTURE_2D, q[0]);
    GT_ERROR(GL_INVALID_ENUM);
    GLint bits = 0;
    glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
    GT_CHECK(bits >= 32);

    /* deleting the active query ends it; draws after it count nowhere */
    glBeginQuery(GL_SAMPLES_PASSED, q[1]);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, -0.9f);
    glDeleteQueries(6, q);
    quad(-1.0f, -1.0f, 1.0f, 1.0f, -0.95f);
    glFinish();
    GT_CHECK(!glIsQuery(q[1]));
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
}

int main(void)
{
    GLuint one[6], four[6];
    run("1", one);
    run("4", four);
    static const GLuint want[6] = {2500, 0, 3000, 1250, 0, 10000};
    for (int i = 0; i < 6; i++) {
        GT_EQ_INT(one[i], want[i]);
        GT_EQ_INT(four[i], want[i]);
    }
    return gt_finish("occlusion_query");
}
