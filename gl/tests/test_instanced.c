/* test_instanced.c - ARB/EXT_draw_instanced entry points: with additive
 * blending each instance adds the colour once (ARB programs see no
 * instance id, so the instances coincide); primcount 0 draws nothing,
 * primcount < 0 is INVALID_VALUE.  The entry-point aliases resolve through
 * asmgl_get_proc_address.  (FEATURES.md has no API row for these; the
 * vertex.instance input, BIND.V.INSTANCE, needs an NV_vertex_program4
 * program and is not covered here.)
 */
#include "gl_test.h"

static const GLfloat quad[] = {-1, -1, 0, -1, -1, 1, 0, 1}; /* left half, strip */
static const GLushort idx[] = {0, 1, 2, 3};

static void reset(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    gt_program(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\n"
                                      "MOV result.position, vertex.position;\n"
                                      "MOV result.color, vertex.color;\n"
                                      "END\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);
    glColor4f(0.25f, 0.125f, 0.0f, 0.25f);
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);

    reset();
    glDrawArraysInstancedARB(GL_TRIANGLE_STRIP, 0, 4, 3);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(4, 8, 0.75f, 0.375f, 0.0f, 0.75f, 0.005f);
    GT_PROBE(12, 8, 0, 0, 0, 0, 0.002f);

    reset();
    glDrawElementsInstancedEXT(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, idx, 2);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(4, 8, 0.5f, 0.25f, 0.0f, 0.5f, 0.005f);

    /* indices from a buffer object, core name */
    GLuint eb;
    glGenBuffers(1, &eb);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    reset();
    glDrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, (const void *)0, 4);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(4, 8, 1.0f, 0.5f, 0.0f, 1.0f, 0.005f);

    /* primcount 0: nothing; < 0: INVALID_VALUE and nothing */
    reset();
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, 0);
    glDrawElementsInstancedARB(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, (const void *)0, 0);
    GT_ERROR(GL_NO_ERROR);
    glDrawArraysInstancedEXT(GL_TRIANGLE_STRIP, 0, 4, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glDrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_UNSIGNED_SHORT, (const void *)0, -1);
    GT_ERROR(GL_INVALID_VALUE);
    /* the other errors as for the non-instanced draws */
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, -1, 4, 1);
    GT_ERROR(GL_INVALID_VALUE);
    glDrawElementsInstanced(GL_TRIANGLE_STRIP, 4, GL_FLOAT, (const void *)0, 1);
    GT_ERROR(GL_INVALID_ENUM);
    glDrawArraysInstanced(0x7777, 0, 4, 1);
    GT_ERROR(GL_INVALID_ENUM);
    GT_PROBE(4, 8, 0, 0, 0, 0, 0.002f);
    glDeleteBuffers(1, &eb);

    GT_CHECK(asmgl_get_proc_address("glDrawArraysInstancedARB") != NULL);
    GT_CHECK(asmgl_get_proc_address("glDrawElementsInstancedEXT") != NULL);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.instanced");
}
