/*
 * test_vao.c - ARB_vertex_array_object (GL 3.0 section 2.10): names, the
 * state an object holds and what stays the context's, deletion, buffers
 * deleted while attached, and the client attribute stack.
 *
 * Vertex rows 0-2 are a red triangle over the lower-left corner, rows 3-5 a
 * green one over the upper-right corner (fixed function, per-vertex
 * colours).  On a 32x32 window the lower-left triangle (-1,-1) (0,-1)
 * (-1,0) covers pixel (3, 3) and the upper-right one (1,1) (0,1) (1,0)
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

/* lower-left (red) and upper-right (green) probes: 1 = drawn, 0 = background */
static void expect(int line, bool red, bool green)
{
    gt_probe(__FILE__, line, 3, 3, red ? 1 : bg, red ? 0 : bg, red ? 0 : bg, 1, 0.5f / 255);
    gt_probe(__FILE__, line, 28, 28, green ? 0 : bg, green ? 1 : bg, green ? 0 : bg, 1, 0.5f / 255);
}

static GLint get_int(GLenum pname)
{
    GLint v = -1;
    glGetIntegerv(pname, &v);
    return v;
}

/* Sets up the bound object: the vertex buffer vb as position and colour
 * arrays, and an element buffer holding indices of the first row `first`. */
static GLuint setup_arrays(GLuint vb, GLushort first)
{
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(2, GL_FLOAT, sizeof verts[0], (const void *)0);
    glColorPointer(4, GL_FLOAT, sizeof verts[0], (const void *)(2 * sizeof(float)));
    const GLushort idx[3] = {first, (GLushort)(first + 1), (GLushort)(first + 2)};
    GLuint eb;
    glGenBuffers(1, &eb);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, eb);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof idx, idx, GL_STATIC_DRAW);
    return eb;
}

static void draw(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
}

int main(void)
{
    asmgl_context *ctx = gt_context(W, H);
    glClearColor(bg, bg, bg, 1);
    GT_CHECK(strstr((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_vertex_array_object ") !=
             NULL);

    /* names: 0 is bound; a generated name is not an object until bound;
     * binding a name that was never generated is INVALID_OPERATION */
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), 0);
    GLuint vao[2];
    glGenVertexArrays(2, vao);
    GT_CHECK(vao[0] != 0 && vao[1] != 0 && vao[0] != vao[1]);
    GT_CHECK(!glIsVertexArray(vao[0]));
    GT_CHECK(!glIsVertexArray(0));
    glBindVertexArray(vao[0] + vao[1] + 100);
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), 0);
    glGenVertexArrays(-1, vao);
    GT_ERROR(GL_INVALID_VALUE);

    GLuint vb;
    glGenBuffers(1, &vb);
    glBindBuffer(GL_ARRAY_BUFFER, vb);
    glBufferData(GL_ARRAY_BUFFER, sizeof verts, verts, GL_STATIC_DRAW);

    /* object 1 draws the red triangle, object 2 the green one */
    glBindVertexArray(vao[0]);
    GT_CHECK(glIsVertexArray(vao[0]));
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), (GLint)vao[0]);
    /* a new object starts in the initial state */
    GT_CHECK(!glIsEnabled(GL_VERTEX_ARRAY));
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    GLuint eb_red = setup_arrays(vb, 0);
    glBindVertexArray(vao[1]);
    GT_CHECK(!glIsEnabled(GL_COLOR_ARRAY));
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    /* ARRAY_BUFFER_BINDING is the context's, not the object's */
    GT_EQ_INT(get_int(GL_ARRAY_BUFFER_BINDING), (GLint)vb);
    GLuint eb_green = setup_arrays(vb, 3);
    GT_ERROR(GL_NO_ERROR);

    glBindVertexArray(vao[0]);
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)eb_red);
    draw();
    expect(__LINE__, true, false);
    glBindVertexArray(vao[1]);
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)eb_green);
    draw();
    expect(__LINE__, false, true);

    /* the default object kept its own (empty) state meanwhile */
    glBindVertexArray(0);
    GT_CHECK(!glIsEnabled(GL_VERTEX_ARRAY));
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    void *p = (void *)1;
    glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
    GT_CHECK(p == NULL);

    /* the client attribute stack saves the binding and the bound object's
     * state (GL 3.0: VERTEX_ARRAY_BINDING is in the vertex-array group) */
    glBindVertexArray(vao[0]);
    glPushClientAttrib(GL_CLIENT_VERTEX_ARRAY_BIT);
    glDisableClientState(GL_COLOR_ARRAY);
    glBindVertexArray(vao[1]);
    glPopClientAttrib();
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), (GLint)vao[0]);
    GT_CHECK(glIsEnabled(GL_COLOR_ARRAY));
    draw();
    expect(__LINE__, true, false);

    /* inside Begin/End */
    glBegin(GL_POINTS);
    glBindVertexArray(0);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), (GLint)vao[0]);

    /* a buffer deleted while attached: GL 3.0 section 2.9 resets the
     * bindings in the deleting context, taken to include the objects not
     * bound (vao[1]'s element buffer) */
    glDeleteBuffers(1, &eb_green);
    glBindVertexArray(vao[1]);
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), 0);
    GT_CHECK(!glIsBuffer(eb_green));

    /* deleting the bound object reverts the binding to 0; its name is gone */
    glDeleteVertexArrays(1, &vao[1]);
    GT_EQ_INT(get_int(GL_VERTEX_ARRAY_BINDING), 0);
    GT_CHECK(!glIsVertexArray(vao[1]));
    glBindVertexArray(vao[1]);
    GT_ERROR(GL_INVALID_OPERATION);
    /* the other object is untouched */
    glBindVertexArray(vao[0]);
    draw();
    expect(__LINE__, true, false);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &vao[0]);
    GT_ERROR(GL_NO_ERROR);

    /* Share group: a buffer deleted in one context while attached to a
     * vertex array object of another stays in use there (GL 3.0 Appendix
     * D.1.2: the object goes once no context binds it), until that object
     * is deleted; vertex array objects themselves are not shared. */
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = W;
    cfg.height = H;
    asmgl_context *other = asmgl_context_create_shared(&cfg, ctx);
    GT_CHECK(other != NULL);
    GLuint ovao;
    asmgl_make_current(other);
    glClearColor(bg, bg, bg, 1);
    glGenVertexArrays(1, &ovao);
    glBindVertexArray(ovao);
    setup_arrays(vb, 3); /* the shared vertex buffer; a new element buffer */
    GLuint oeb = (GLuint)get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING);
    glBindVertexArray(0);
    asmgl_make_current(ctx);
    GT_CHECK(!glIsVertexArray(ovao)); /* not shared */
    glDeleteBuffers(1, &vb);
    glDeleteBuffers(1, &oeb);
    GT_CHECK(!glIsBuffer(vb));
    asmgl_make_current(other);
    glBindVertexArray(ovao);
    GT_EQ_INT(get_int(GL_ELEMENT_ARRAY_BUFFER_BINDING), (GLint)oeb);
    draw();
    expect(__LINE__, false, true);
    glBindVertexArray(0);
    glDeleteVertexArrays(1, &ovao); /* the last user: the buffers go */
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(other);
    asmgl_make_current(ctx);
    glDeleteBuffers(1, &eb_red);
    GT_ERROR(GL_NO_ERROR);

    asmgl_context_destroy(ctx);
    return gt_finish("vao");
}
