/*
 * test_fragops.c - per-fragment operations and clears on known pixels
 * (GL 2.1 chapter 4): scissored and masked clears, depth, stencil, alpha
 * test, blending, logic ops and face culling.  Expected values by hand; 8-bit
 * results allow half a step (0.5/255) or one step where GL rounds freely.
 */
#include "gl_test.h"

#define S 16
#define STEP (1.0f / 255)

static void full_rect(float z)
{
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, z);
    glVertex3f(1, -1, z);
    glVertex3f(1, 1, z);
    glVertex3f(-1, 1, z);
    glEnd();
}

static int stencil_at(int x, int y)
{
    unsigned char s = 0;
    glReadPixels(x, y, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
    return s;
}

static float depth_at(int x, int y)
{
    float d = -1;
    glReadPixels(x, y, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
    return d;
}

static void test_clears(void)
{
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_SCISSOR_TEST);
    glScissor(2, 2, 4, 4);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    GT_PROBE(2, 2, 0, 0, 1, 1, 0);
    GT_PROBE(5, 5, 0, 0, 1, 1, 0);
    GT_PROBE(6, 5, 1, 0, 0, 1, 0);
    GT_PROBE(1, 1, 1, 0, 0, 1, 0);

    /* only green and alpha are written */
    glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
    glClearColor(1, 1, 1, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GT_PROBE(8, 8, 1, 1, 0, 0.5f, STEP);
    GT_PROBE(3, 3, 0, 1, 1, 0.5f, STEP);

    /* stencil write mask and depth mask apply to clears */
    glClearStencil(0);
    glClearDepth(1);
    glClear(GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glStencilMask(0x0f);
    glClearStencil(0xff);
    glDepthMask(GL_FALSE);
    glClearDepth(0.5);
    glClear(GL_STENCIL_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glStencilMask(0xff);
    glDepthMask(GL_TRUE);
    GT_EQ_INT(stencil_at(4, 4), 0x0f);
    GT_NEAR(depth_at(4, 4), 1.0, 0);
    glClear(GL_DEPTH_BUFFER_BIT);
    GT_NEAR(depth_at(4, 4), 0.5, 0);
    GT_ERROR(GL_NO_ERROR);
}

static void test_depth(void)
{
    glClearColor(0, 0, 0, 1);
    glClearDepth(0.5);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glColor3f(1, 0, 0);
    full_rect(0.0f); /* window depth 0.5: LESS fails against 0.5 */
    GT_PROBE(8, 8, 0, 0, 0, 1, 0);
    glDepthFunc(GL_LEQUAL);
    full_rect(0.0f);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0);
    /* a depth range maps z = 0 to 0.25 + 0.5 * (0.75 - 0.25) = 0.5 again;
     * z = -1 to 0.25 */
    glDepthRange(0.25, 0.75);
    glDepthFunc(GL_LESS);
    glColor3f(0, 1, 0);
    full_rect(-1.0f);
    GT_PROBE(8, 8, 0, 1, 0, 1, 0);
    GT_NEAR(depth_at(8, 8), 0.25, 1e-6);
    glDepthRange(0, 1);
    /* depth writes off: the test still applies */
    glDepthMask(GL_FALSE);
    glColor3f(0, 0, 1);
    full_rect(-1.0f); /* 0 < 0.25 passes, depth stays 0.25 */
    GT_PROBE(8, 8, 0, 0, 1, 1, 0);
    GT_NEAR(depth_at(8, 8), 0.25, 1e-6);
    glDepthMask(GL_TRUE);
    glDisable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    GT_ERROR(GL_NO_ERROR);
}

static void test_stencil(void)
{
    glClearStencil(0);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    /* mark the left half with 1, writing no colour */
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glRectf(-1, -1, 0, 1);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    GT_EQ_INT(stencil_at(2, 2), 1);
    GT_EQ_INT(stencil_at(12, 2), 0);
    /* draw green where the stencil is 1, incrementing it */
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    glColor3f(0, 1, 0);
    full_rect(0);
    GT_PROBE(2, 2, 0, 1, 0, 1, 0);
    GT_PROBE(12, 2, 0, 0, 0, 1, 0);
    GT_EQ_INT(stencil_at(2, 2), 2);
    /* DECR_WRAP on failing fragments: 0 - 1 wraps to 255 */
    glStencilFunc(GL_NEVER, 0, 0xff);
    glStencilOp(GL_DECR_WRAP, GL_KEEP, GL_KEEP);
    full_rect(0);
    GT_EQ_INT(stencil_at(12, 2), 255);
    GT_EQ_INT(stencil_at(2, 2), 1);
    /* separate back-face state: a clockwise (back-facing) quad uses it */
    glStencilFuncSeparate(GL_FRONT, GL_NEVER, 0, 0xff);
    glStencilFuncSeparate(GL_BACK, GL_ALWAYS, 0, 0xff);
    glStencilOpSeparate(GL_BACK, GL_KEEP, GL_KEEP, GL_ZERO);
    glBegin(GL_QUADS); /* clockwise */
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, 1);
    glVertex2f(1, -1);
    glEnd();
    GT_EQ_INT(stencil_at(12, 2), 0);
    GLint v = 0;
    glGetIntegerv(GL_STENCIL_BACK_FUNC, &v);
    GT_EQ_INT(v, GL_ALWAYS);
    glGetIntegerv(GL_STENCIL_FUNC, &v);
    GT_EQ_INT(v, GL_NEVER);
    glDisable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 0, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    GT_ERROR(GL_NO_ERROR);
}

static void test_alpha_blend(void)
{
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_ALPHA_TEST);
    glAlphaFunc(GL_GREATER, 0.5f);
    glColor4f(1, 0, 0, 0.4f);
    glRectf(-1, -1, 0, 1); /* rejected */
    glColor4f(1, 0, 0, 0.6f);
    glRectf(0, -1, 1, 1); /* kept */
    glDisable(GL_ALPHA_TEST);
    GT_PROBE(2, 2, 0, 0, 1, 1, 0);
    GT_PROBE(12, 2, 1, 0, 0, 0.6f, 0.5f * STEP);

    /* (1,0,0,0.5) over (0,0,1,1): rgb = 0.5 src + 0.5 dst, a = 0.25 + 0.5 */
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glColor4f(1, 0, 0, 0.5f);
    full_rect(0);
    GT_PROBE(8, 8, 0.5f, 0, 0.5f, 0.75f, STEP);
    /* MAX per component with (0.25, 1, 0.25, 0) */
    glBlendEquation(GL_MAX);
    glColor4f(0.25f, 1, 0.25f, 0);
    full_rect(0);
    GT_PROBE(8, 8, 0.5f, 1, 0.5f, 0.75f, STEP);
    /* constant colour: dst * (1 - 0.25) with CONSTANT_ALPHA = 0.25 */
    glBlendEquation(GL_FUNC_ADD);
    glBlendColor(0, 0, 0, 0.25f);
    glBlendFunc(GL_ZERO, GL_ONE_MINUS_CONSTANT_ALPHA);
    full_rect(0);
    GT_PROBE(8, 8, 0.375f, 0.75f, 0.375f, 0.5625f, 2 * STEP);
    /* separate alpha: rgb replaced, alpha kept */
    glBlendFuncSeparate(GL_ONE, GL_ZERO, GL_ZERO, GL_ONE);
    glColor4f(0, 0, 0, 1);
    full_rect(0);
    GT_PROBE(8, 8, 0, 0, 0, 0.5625f, 2 * STEP);
    glDisable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ZERO);

    /* XOR: 0x55 ^ 0xff = 0xaa */
    glClearColor(85.0f / 255, 85.0f / 255, 85.0f / 255, 85.0f / 255);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_COLOR_LOGIC_OP);
    glLogicOp(GL_XOR);
    glColor4f(1, 1, 1, 1);
    full_rect(0);
    glDisable(GL_COLOR_LOGIC_OP);
    unsigned char px[4];
    glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GT_EQ_INT(px[0], 0xaa);
    GT_EQ_INT(px[3], 0xaa);
    GT_ERROR(GL_NO_ERROR);
}

static void test_cull(void)
{
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_CULL_FACE);
    glColor3f(1, 1, 1);
    glBegin(GL_TRIANGLES); /* clockwise: back-facing, culled */
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, -1);
    glEnd();
    GT_PROBE(2, 2, 0, 0, 0, 1, 0);
    glFrontFace(GL_CW);
    glBegin(GL_TRIANGLES);
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, -1);
    glEnd();
    GT_PROBE(2, 2, 1, 1, 1, 1, 0);
    glFrontFace(GL_CCW);
    glDisable(GL_CULL_FACE);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(S, S);
    test_clears();
    test_depth();
    test_stencil();
    test_alpha_blend();
    test_cull();
    asmgl_context_destroy(c);
    return gt_finish("gl.fragops");
}
