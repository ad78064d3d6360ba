/*
 * test_draw_paths.c - one scene drawn through every vertex path gives the
 * same pixels: immediate mode, client arrays, glArrayElement,
 * glInterleavedArrays, buffer objects with glDrawArrays / glDrawElements /
 * glDrawRangeElements, and generic attributes aliased onto the conventional
 * ones (ARB_vertex_program Table X.2.1: colour = attribute 3).
 */
#include "gl_test.h"

#include <stdlib.h>
#include <string.h>

#define W 32
#define H 32
#define NV 6

/* two triangles with per-vertex colours: (x, y, r, g, b, a) */
static const float verts[NV][6] = {
    {-0.9f, -0.9f, 1, 0, 0, 1}, {0.9f, -0.9f, 0, 1, 0, 1}, {-0.9f, 0.9f, 0, 0, 1, 1},
    {0.2f, 0.2f, 1, 1, 0, 1},   {0.9f, 0.2f, 1, 1, 0, 1},  {0.9f, 0.9f, 1, 1, 0, 1},
};
static const GLushort indices[NV] = {0, 1, 2, 3, 4, 5};

static unsigned char ref[W * H * 4], img[W * H * 4];
static asmgl_context *ctx;

static void clear(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
}

static void compare(int line, const char *path)
{
    asmgl_read_color(ctx, img);
    if (memcmp(img, ref, sizeof img) != 0) {
        int n = 0;
        for (int i = 0; i < W * H * 4; i++)
            n += img[i] != ref[i];
        fprintf(stderr, "test_draw_paths.c:%d: %s differs from immediate mode in %d bytes\n", line,
                path, n);
        gt_failures++;
    }
}

int main(void)
{
    ctx = gt_context(W, H);
    glClearColor(0.1f, 0.1f, 0.1f, 1);

    /* immediate mode: the reference */
    clear();
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < NV; i++) {
        glColor4fv(&verts[i][2]);
        glVertex2fv(verts[i]);
    }
    glEnd();
    asmgl_read_color(ctx, ref);
    /* the flat yellow triangle, and the background */
    GT_PROBE(26, 24, 1, 1, 0, 1, 0);
    GT_PROBE(30, 1, 0.1f, 0.1f, 0.1f, 1, 0.5f / 255);
    GT_ERROR(GL_NO_ERROR);

    /* a long Begin/End (more vertices than one immediate batch) */
    clear();
    glBegin(GL_TRIANGLES);
    for (int r = 0; r < 11000; r++)
        for (int i = 0; i < NV; i++) {
            glColor4fv(&verts[i][2]);
            glVertex2fv(verts[i]);
        }
    glEnd();
    compare(__LINE__, "66000 vertices in one Begin/End");

    /* client arrays */
    clear();
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, sizeof verts[0], verts);
    glColorPointer(4, GL_FLOAT, sizeof verts[0], &verts[0][2]);
    glDrawArrays(GL_TRIANGLES, 0, NV);
    compare(__LINE__, "glDrawArrays (client)");

    clear();
    glDrawElements(GL_TRIANGLES, NV, GL_UNSIGNED_SHORT, indices);
    compare(__LINE__, "glDrawElements (client)");

    clear();
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < NV; i++)
        glArrayElement(i);
    glEnd();
    compare(__LINE__, "glArrayElement");

    /* colours as unsigned bytes: 1.0 -> 255, 0 -> 0 convert exactly */
    unsigned char ub[NV][4];
    for (int i = 0; i < NV; i++)
        for (int k = 0; k < 4; k++)
            ub[i][k] = (unsigned char)(verts[i][2 + k] * 255);
    clear();
    glColorPointer(4, GL_UNSIGNED_BYTE, 0, ub);
    glDrawArrays(GL_TRIANGLES, 0, NV);
    compare(__LINE__, "glDrawArrays (ubyte colours)");

    /* generic attribute 3 is the colour array */
    clear();
    glDisableClientState(GL_COLOR_ARRAY);
    glVertexAttribPointerARB(3, 4, GL_FLOAT, GL_FALSE, sizeof verts[0], &verts[0][2]);
    glEnableVertexAttribArrayARB(3);
    GT_CHECK(glIsEnabled(GL_COLOR_ARRAY));
    glDrawArrays(GL_TRIANGLES, 0, NV);
    compare(__LINE__, "glVertexAttribPointerARB(3)");
    glDisableVertexAttribArrayARB(3);
    GT_CHECK(!glIsEnabled(GL_COLOR_ARRAY));

    /* interleaved C4F_N3F_V3F */
    float inter[NV][10];
    for (int i = 0; i < NV; i++) {
        memcpy(inter[i], &verts[i][2], 4 * sizeof(float));
        inter[i][4] = 0;
        inter[i][5] = 0;
        inter[i][6] = 1;
        inter[i][7] = verts[i][0];
        inter[i][8] = verts[i][1];
        inter[i][9] = 0;
    }
    clear();
    glInterleavedArrays(GL_C4F_N3F_V3F, 0, inter);
    glDrawArrays(GL_TRIANGLES, 0, NV);
    compare(__LINE__, "glInterleavedArrays");
    glDisableClientState(GL_NORMAL_ARRAY);

    /* buffer objects */
    GLuint vbo[2];
    glGenBuffers(2, vbo);
    glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, NULL, GL_STATIC_DRAW);
    glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof verts, verts);
    glVertexPointer(2, GL_FLOAT, sizeof verts[0], (void *)0);
    glColorPointer(4, GL_FLOAT, sizeof verts[0], (void *)(2 * sizeof(float)));
    glEnableClientState(GL_COLOR_ARRAY);
    glBindBuffer(GL_ARRAY_BUFFER, 0); /* the arrays keep their buffer */
    GLint bound = 0;
    glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &bound);
    GT_EQ_INT(bound, (GLint)vbo[0]);
    clear();
    glDrawArrays(GL_TRIANGLES, 0, NV);
    compare(__LINE__, "glDrawArrays (VBO)");

    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, vbo[1]);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STATIC_DRAW);
    clear();
    glDrawElements(GL_TRIANGLES, NV, GL_UNSIGNED_SHORT, (void *)0);
    compare(__LINE__, "glDrawElements (VBO)");
    clear();
    glDrawRangeElements(GL_TRIANGLES, 0, NV - 1, 3, GL_UNSIGNED_SHORT, (void *)0);
    glDrawRangeElements(GL_TRIANGLES, 0, NV - 1, 3, GL_UNSIGNED_SHORT, (void *)(3 * sizeof(GLushort)));
    compare(__LINE__, "glDrawRangeElements (VBO)");

    /* drawing from a mapped buffer is an error; indices past the buffer draw nothing */
    void *m = glMapBuffer(GL_ELEMENT_ARRAY_BUFFER, GL_READ_WRITE);
    GT_CHECK(m != NULL);
    glDrawElements(GL_TRIANGLES, NV, GL_UNSIGNED_SHORT, (void *)0);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_CHECK(glUnmapBuffer(GL_ELEMENT_ARRAY_BUFFER));
    GLint size = 0;
    glGetBufferParameteriv(GL_ELEMENT_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
    GT_EQ_INT(size, (GLint)sizeof indices);
    clear();
    asmgl_read_color(ctx, ref); /* the cleared image */
    glDrawArrays(GL_TRIANGLES, 0, NV + 3); /* vertices 6..8 are outside the VBO */
    compare(__LINE__, "an out-of-range draw");
    GT_ERROR(GL_NO_ERROR);

    /* the current colour through generic attribute 3 */
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
    glDisableClientState(GL_COLOR_ARRAY);
    glVertexAttrib4fARB(3, 0.0f, 1.0f, 1.0f, 1.0f);
    float cc[4];
    glGetFloatv(GL_CURRENT_COLOR, cc);
    GT_NEAR(cc[1], 1, 0);
    GT_NEAR(cc[0], 0, 0);
    clear();
    glDrawArrays(GL_TRIANGLES, 3, 3);
    GT_PROBE(26, 24, 0, 1, 1, 1, 0);
    glDeleteBuffers(2, vbo);
    GLint after = -1;
    glGetIntegerv(GL_VERTEX_ARRAY_BUFFER_BINDING, &after);
    GT_EQ_INT(after, 0); /* deleting a buffer unbinds it from the arrays */
    glDisableClientState(GL_VERTEX_ARRAY);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("gl.draw_paths");
}
