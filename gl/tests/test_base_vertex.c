/*
 * test_base_vertex.c - ARB_draw_elements_base_vertex: glDrawElementsBaseVertex,
 * glDrawRangeElementsBaseVertex and glDrawElementsInstancedBaseVertex add
 * basevertex to each index value before it selects the vertex.
 *
 * Rows 0-2 are a red triangle over the lower-left corner, rows 3-5 a green
 * one over the upper-right corner (fixed function, per-vertex colours).  On
 * a 32x32 window the lower-left triangle (-1,-1) (0,-1) (-1,0) covers pixel
 * (3, 3) (centre 3.5 + 3.5 < 16) and the upper-right one (1,1) (0,1) (1,0)
 * covers pixel (28, 28); neither covers the other's probe.
 */
#include "gl_test.h"

#include <string.h>

#define W 32
#define H 32

static const float verts[6][6] = {
    {-1, -1, 1, 0, 0, 1}, {0, -1, 1, 0, 0, 1}, {-1, 0, 1, 0, 0, 1},
    {1, 1, 0, 1, 0, 1},   {0, 1, 0, 1, 0, 1},  {1, 0, 0, 1, 0, 1},
};
static const float bg = 0.2f;

static void clear(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
}

/* lower-left (red) and upper-right (green) probes: 1 = drawn, 0 = background */
static void expect(int line, bool red, bool green)
{
    gt_probe(__FILE__, line, 3, 3, red ? 1 : bg, red ? 0 : bg, red ? 0 : bg, 1, 0.5f / 255);
    gt_probe(__FILE__, line, 28, 28, green ? 0 : bg, green ? 1 : bg, green ? 0 : bg, 1, 0.5f / 255);
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, H);
    glClearColor(bg, bg, bg, 1);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_draw_elements_base_vertex ") !=
             NULL);

    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, sizeof verts[0], verts);
    glColorPointer(4, GL_FLOAT, sizeof verts[0], &verts[0][2]);

    /* indices 0 1 2 + basevertex 3 are rows 3 4 5: only the green triangle */
    static const GLushort lo16[3] = {0, 1, 2};
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, 3);
    expect(__LINE__, false, true);
    GT_ERROR(GL_NO_ERROR);

    /* basevertex 0 is glDrawElements: the red triangle */
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, 0);
    expect(__LINE__, true, false);

    /* a negative basevertex: indices 3 4 5 - 3 are rows 0 1 2 (red) */
    static const GLubyte hi8[3] = {3, 4, 5};
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, hi8, -3);
    expect(__LINE__, true, false);
    GT_ERROR(GL_NO_ERROR);

    /* GL_UNSIGNED_INT indices, from an element buffer: 1 0 2 + 3 (green) */
    static const GLuint lo32[3] = {1, 0, 2};
    GLuint eb;
    glGenBuffers(1, &eb);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof lo32, lo32, GL_STATIC_DRAW);
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_INT, NULL, 3);
    expect(__LINE__, false, true);
    /* the indices at an odd offset in the buffer (GL 2.1 section 2.9.5 sets
     * no alignment rule): read bytewise, the same green triangle */
    GLubyte odd[1 + sizeof lo32];
    odd[0] = 0xee;
    memcpy(odd + 1, lo32, sizeof lo32);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof odd, odd, GL_STATIC_DRAW);
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_INT, (const void *)1, 3);
    expect(__LINE__, false, true);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    glDeleteBuffers(1, &eb);
    GT_ERROR(GL_NO_ERROR);

    /* DrawRangeElementsBaseVertex: start/end bound the index values (0..2),
     * not index + basevertex; end < start is INVALID_VALUE */
    clear();
    glDrawRangeElementsBaseVertex(GL_TRIANGLES, 0, 2, 3, GL_UNSIGNED_SHORT, lo16, 3);
    expect(__LINE__, false, true);
    GT_ERROR(GL_NO_ERROR);
    clear();
    glDrawRangeElementsBaseVertex(GL_TRIANGLES, 2, 0, 3, GL_UNSIGNED_SHORT, lo16, 3);
    GT_ERROR(GL_INVALID_VALUE);
    expect(__LINE__, false, false);

    /* DrawElementsInstancedBaseVertex: two instances of the green triangle;
     * primcount < 0 is INVALID_VALUE and draws nothing */
    clear();
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, 2, 3);
    expect(__LINE__, false, true);
    GT_ERROR(GL_NO_ERROR);
    clear();
    glDrawElementsInstancedBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, -1, 3);
    GT_ERROR(GL_INVALID_VALUE);
    expect(__LINE__, false, false);
    /* a bad mode is still INVALID_ENUM */
    glDrawElementsBaseVertex(GL_POLYGON + 100, 3, GL_UNSIGNED_SHORT, lo16, 3);
    GT_ERROR(GL_INVALID_ENUM);

    /* index + basevertex < 0 selects no vertex: nothing drawn, no error,
     * no read before the array */
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, -1);
    expect(__LINE__, false, false);
    GT_ERROR(GL_NO_ERROR);

    /* arrays in a buffer object: rows 3..5 are inside the 6-row store, and
     * basevertex 4 would fetch row 6, past its end: that draw is dropped */
    GLuint vb;
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);
    glVertexPointer(2, GL_FLOAT, sizeof verts[0], (const void *)0);
    glColorPointer(4, GL_FLOAT, sizeof verts[0], (const void *)(2 * sizeof(float)));
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, 3);
    expect(__LINE__, false, true);
    clear();
    glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, lo16, 4);
    expect(__LINE__, false, false);
    GT_ERROR(GL_NO_ERROR);
    glDeleteBuffers(1, &vb);

    asmgl_context_destroy(ctx);
    return gt_finish("gl.base_vertex");
}
