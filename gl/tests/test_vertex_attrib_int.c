/* test_vertex_attrib_int.c - NV_vertex_program4 integer vertex attributes:
 * VertexAttribI*EXT current values and VertexAttribIPointerEXT arrays are
 * kept as integers (queried back with GetVertexAttribI{iv,uiv}EXT), and
 * reach the vertex program unconverted: an ARB program reads the integer
 * bits as the float they spell, which shows no conversion happened.
 *
 * covers: API.VertexAttribIEXT API.VertexAttribIPointerEXT API.GetVertexAttribIEXT
 * (glArrayElement of an integer array keeps the bits as well)
 */
#include "gl_test.h"

static void check4(const GLint *v, GLint x, GLint y, GLint z, GLint w)
{
    GT_EQ_INT(v[0], x);
    GT_EQ_INT(v[1], y);
    GT_EQ_INT(v[2], z);
    GT_EQ_INT(v[3], w);
}

static void fullscreen(void)
{
    static const GLfloat pos[] = {-1, -1, 3, -1, -1, 3};
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    GLint iv[4];
    GLuint uv[4];

    /* current values: defaults (0, 0, 1) for missing components, as integers */
    glVertexAttribI1iEXT(1, -5);
    glGetVertexAttribIivEXT(1, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, -5, 0, 0, 1);
    glVertexAttribI2uiEXT(2, 0xffffffffu, 7);
    glGetVertexAttribIuivEXT(2, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    check4((const GLint *)uv, -1, 7, 0, 1);
    glVertexAttribI3iEXT(3, 1, 2, 3);
    glGetVertexAttribIivEXT(3, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, 1, 2, 3, 1);
    glVertexAttribI4uiEXT(4, 10, 20, 30, 40);
    glGetVertexAttribIuivEXT(4, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    check4((const GLint *)uv, 10, 20, 30, 40);
    const GLint vi[4] = {INT32_MIN, -1, 0, INT32_MAX};
    glVertexAttribI4ivEXT(5, vi);
    glGetVertexAttribIivEXT(5, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, INT32_MIN, -1, 0, INT32_MAX);
    const GLbyte vb[4] = {-1, -128, 127, 0};
    glVertexAttribI4bvEXT(6, vb);
    glGetVertexAttribIivEXT(6, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, -1, -128, 127, 0);
    const GLubyte vub[4] = {255, 0, 1, 2};
    glVertexAttribI4ubvEXT(6, vub);
    glGetVertexAttribIivEXT(6, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, 255, 0, 1, 2);
    const GLshort vs[4] = {-32768, 5, 6, 7};
    glVertexAttribI4svEXT(7, vs);
    glGetVertexAttribIivEXT(7, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, -32768, 5, 6, 7);
    const GLushort vus[4] = {65535, 1, 2, 3};
    glVertexAttribI4usvEXT(7, vus);
    glGetVertexAttribIivEXT(7, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, 65535, 1, 2, 3);
    const GLuint vu3[3] = {9, 8, 7};
    glVertexAttribI3uivEXT(8, vu3);
    glGetVertexAttribIuivEXT(8, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    check4((const GLint *)uv, 9, 8, 7, 1);
    GT_ERROR(GL_NO_ERROR);

    /* errors */
    glVertexAttribI4iEXT(16, 1, 2, 3, 4); /* MAX_VERTEX_ATTRIBS is 16 */
    GT_ERROR(GL_INVALID_VALUE);
    glGetVertexAttribIivEXT(0, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetVertexAttribIivEXT(1, 0x7777, iv);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribIPointerEXT(1, 4, GL_FLOAT, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribIPointerEXT(1, 5, GL_INT, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribIPointerEXT(1, 4, GL_INT, -4, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribIPointerEXT(16, 4, GL_INT, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);

    /* array state */
    static const GLint arr[3][4] = {{0x3f800000, 0, 0x3f000000, 0x3f800000},
                                    {0x3f800000, 0, 0x3f000000, 0x3f800000},
                                    {0x3f800000, 0, 0x3f000000, 0x3f800000}};
    glVertexAttribIPointerEXT(1, 4, GL_INT, 16, arr);
    GT_ERROR(GL_NO_ERROR);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, iv);
    GT_EQ_INT(iv[0], 1);
    glGetVertexAttribiv(1, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, iv);
    GT_EQ_INT(iv[0], 1);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED_ARB, iv);
    GT_EQ_INT(iv[0], 0);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, iv);
    GT_EQ_INT(iv[0], GL_INT);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB, iv);
    GT_EQ_INT(iv[0], 4);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_STRIDE_ARB, iv);
    GT_EQ_INT(iv[0], 16);
    /* a failed IPointer leaves the array as it was */
    glVertexAttribIPointerEXT(1, 4, GL_DOUBLE, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glGetVertexAttribIivEXT(1, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, iv);
    GT_EQ_INT(iv[0], GL_INT);
    /* the float pointer clears the flag */
    glVertexAttribPointerARB(2, 4, GL_INT, GL_FALSE, 16, arr);
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, iv);
    GT_EQ_INT(iv[0], 0);
    GT_ERROR(GL_NO_ERROR);

    /* the program sees integer bits: 0x3f800000 is 1.0, 0x3f000000 is 0.5 */
    gt_program(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\n"
                                      "MOV result.position, vertex.position;\n"
                                      "MOV result.color, vertex.attrib[1];\n"
                                      "END\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnableVertexAttribArrayARB(1);
    fullscreen();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 1.0f, 0.0f, 0.5f, 1.0f, 0.005f);

    /* an integer current value, likewise */
    glDisableVertexAttribArrayARB(1);
    glVertexAttribI4uiEXT(1, 0, 0x3f800000u, 0x3e800000u, 0x3f800000u);
    fullscreen();
    GT_PROBE(8, 8, 0.0f, 1.0f, 0.25f, 1.0f, 0.005f);

    /* an integer array of a smaller type: missing w is integer 1 (a
     * denormal as a float, i.e. 0 after the colour clamp) */
    static const GLubyte small[3][2] = {{0, 0}, {0, 0}, {0, 0}};
    glVertexAttribIPointerEXT(1, 2, GL_UNSIGNED_BYTE, 0, small);
    glEnableVertexAttribArrayARB(1);
    fullscreen();
    GT_PROBE(8, 8, 0.0f, 0.0f, 0.0f, 0.0f, 0.005f);
    GT_ERROR(GL_NO_ERROR);

    /* glArrayElement takes an integer array's element unconverted too
     * (NV_vertex_program4 2.8): the words themselves become the current
     * value; a signed short is sign-extended, missing w is integer 1 */
    static const GLint bits[2][2] = {{7, 8}, {0x3f800000, -5}};
    glVertexAttribIPointerEXT(1, 2, GL_INT, 0, bits);
    glArrayElement(1);
    glGetVertexAttribIivEXT(1, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, 0x3f800000, -5, 0, 1);
    static const GLshort neg[1][3] = {{-2, 300, -32768}};
    glVertexAttribIPointerEXT(1, 3, GL_SHORT, 0, neg);
    glArrayElement(0);
    glGetVertexAttribIivEXT(1, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    check4(iv, -2, 300, -32768, 1);
    glDisableVertexAttribArrayARB(1);
    GT_ERROR(GL_NO_ERROR);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.vertex_attrib_int");
}
