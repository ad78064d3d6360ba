/* test_vertex_attrib_64bit.c - EXT_vertex_attrib_64bit and
 * NV_vertex_attrib_integer_64bit: VertexAttribL*dEXT / L*i64NV / L*ui64NV
 * current values (missing y, z = 0, w = 1 of the type) queried back with
 * GetVertexAttribLdvEXT / GetVertexAttribLi64vNV / GetVertexAttribLui64vNV,
 * VertexAttribLPointerEXT arrays (GL_DOUBLE, GL_INT64_NV,
 * GL_UNSIGNED_INT64_NV) and their state, the errors, and the values
 * reaching an NV_gpu_program5 "LONG ATTRIB" unconverted: the program
 * compares them with values a float or a 32-bit word cannot hold
 * (1.0000000000000002, 2^40 + 3, -(2^40) - 3) and writes 1.0 per
 * component that matched, from arrays, current values, Begin/End and
 * glArrayElement.
 *
 * covers: DT.LONG MOD.F64 MOD.S64 MOD.U64
 */
#include "gl_test.h"

#include <stdint.h>
#include <string.h>

#define P40 1099511627776ll /* 2^40 */

static void fullscreen(void)
{
    static const GLfloat pos[] = {-1, -1, 3, -1, -1, 3};
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

/* red: attrib[1].x - 1.0 > 0 in doubles (1.0000000000000002 - 1 = 2^-52;
 *      as a float the attribute would be 1.0 and the difference 0);
 * green: attrib[2].x == 2^40 + 3 as S64 (the low word alone is 3);
 * blue: attrib[3].x == -(2^40) - 3 as S64;
 * alpha: attrib[1].w == 1.0 (the default w of a 1-component double) and
 *      attrib[2].y == 0 (the default y). */
static const char vp_text[] = "!!NVvp5.0\n"
                              "LONG ATTRIB d = vertex.attrib[1];\n"
                              "LONG ATTRIB n = vertex.attrib[2];\n"
                              "LONG ATTRIB m = vertex.attrib[3];\n"
                              "LONG TEMP t;\n"
                              "TEMP c, e;\n"
                              "MOV result.position, vertex.position;\n"
                              "SUB.F64 t.x, d.x, 1.0;\n"
                              "SGT.F64 t.x, t.x, 0.0;\n"
                              "MOV.F c.x, t.x;\n"
                              "SEQ.S64 t.y, n.x, 1099511627779;\n"
                              "CVT.F32.S64 c.y, t.y;\n"
                              "MOV c.y, -c.y;\n"
                              "SEQ.S64 t.z, m.x, -1099511627779;\n"
                              "I2F.S c.z, -t.z;\n"
                              "SEQ.F64 t.w, d.w, 1.0;\n"
                              "MOV.F c.w, t.w;\n"
                              "SEQ.S64 t.x, n.y, 0;\n"
                              "I2F.S e.x, -t.x;\n"
                              "MUL c.w, c.w, e.x;\n"
                              "MOV result.color, c;\n"
                              "END\n";

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GT_ERROR(GL_NO_ERROR);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_EXT_vertex_attrib_64bit "));
    GT_CHECK(ext && strstr(ext, "GL_NV_vertex_attrib_integer_64bit "));

    /* ---- current values: y, z default 0, w 1 (double 1.0 / integer 1) ---- */
    GLdouble dv[4];
    GLint64EXT iv[4];
    GLuint64EXT uv[4];
    glVertexAttribL1dEXT(1, 1.0000000000000002);
    glGetVertexAttribLdvEXT(1, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_CHECK(dv[0] == 1.0000000000000002 && dv[1] == 0.0 && dv[2] == 0.0 && dv[3] == 1.0);
    glVertexAttribL2dEXT(4, -0.1, 1e300);
    glGetVertexAttribLdvEXT(4, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_CHECK(dv[0] == -0.1 && dv[1] == 1e300 && dv[2] == 0.0 && dv[3] == 1.0);
    const GLdouble d3[3] = {3.5, -2.0, 0.3};
    glVertexAttribL3dvEXT(5, d3);
    glGetVertexAttribLdvEXT(5, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_CHECK(dv[0] == 3.5 && dv[1] == -2.0 && dv[2] == 0.3 && dv[3] == 1.0);
    const GLdouble d4[4] = {1e-310, 4.0, 5.0, 6.0}; /* a double denormal */
    glVertexAttribL4dvEXT(5, d4);
    glGetVertexAttribLdvEXT(5, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_CHECK(dv[0] == 1e-310 && dv[1] == 4.0 && dv[2] == 5.0 && dv[3] == 6.0);
    glVertexAttribL1i64NV(6, -P40 - 3);
    glGetVertexAttribLi64vNV(6, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    GT_EQ_INT(iv[0], -P40 - 3);
    GT_EQ_INT(iv[1], 0);
    GT_EQ_INT(iv[2], 0);
    GT_EQ_INT(iv[3], 1);
    glVertexAttribL3i64NV(6, INT64_MIN, INT64_MAX, -1);
    glGetVertexAttribLi64vNV(6, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    GT_CHECK(iv[0] == INT64_MIN && iv[1] == INT64_MAX && iv[2] == -1 && iv[3] == 1);
    const GLuint64EXT u4[4] = {0xffffffff00000005ull, 1, 2, UINT64_MAX};
    glVertexAttribL4ui64vNV(7, u4);
    glGetVertexAttribLui64vNV(7, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    GT_CHECK(uv[0] == 0xffffffff00000005ull && uv[1] == 1 && uv[2] == 2 && uv[3] == UINT64_MAX);
    glVertexAttribL2ui64NV(7, 0x123456789abcdef0ull, 9);
    glGetVertexAttribLui64vNV(7, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    GT_CHECK(uv[0] == 0x123456789abcdef0ull && uv[1] == 9 && uv[2] == 0 && uv[3] == 1);
    const GLint64EXT i2[2] = {-5, 5};
    glVertexAttribL2i64vNV(8, i2);
    glGetVertexAttribLi64vNV(8, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    GT_CHECK(iv[0] == -5 && iv[1] == 5 && iv[2] == 0 && iv[3] == 1);
    /* a 32-bit setter replaces the 64-bit value: the high words read 0 */
    glVertexAttribI4uiEXT(8, 1, 2, 3, 4);
    glGetVertexAttribLui64vNV(8, GL_CURRENT_VERTEX_ATTRIB_ARB, uv);
    GT_CHECK(uv[0] == 1 && uv[1] == 2 && uv[2] == 3 && uv[3] == 4);
    GT_ERROR(GL_NO_ERROR);

    /* ---- errors ---- */
    glVertexAttribL1dEXT(16, 1.0); /* MAX_VERTEX_ATTRIBS is 16 */
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribL4i64NV(16, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribL1ui64vNV(17, u4);
    GT_ERROR(GL_INVALID_VALUE);
    glGetVertexAttribLdvEXT(16, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_ERROR(GL_INVALID_VALUE);
    glGetVertexAttribLdvEXT(0, GL_CURRENT_VERTEX_ATTRIB_ARB, dv); /* attribute 0 has none */
    GT_ERROR(GL_INVALID_OPERATION);
    glGetVertexAttribLi64vNV(1, 0x7777, iv);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribLPointerEXT(1, 4, GL_FLOAT, 0, NULL); /* only 64-bit types */
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribLPointerEXT(1, 4, GL_INT, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribLPointerEXT(1, 5, GL_DOUBLE, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribLPointerEXT(1, 0, GL_INT64_NV, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribLPointerEXT(1, 4, GL_DOUBLE, -8, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    glVertexAttribLPointerEXT(16, 4, GL_DOUBLE, 0, NULL);
    GT_ERROR(GL_INVALID_VALUE);
    /* the 64-bit integer types only through the L pointer */
    glVertexAttribPointerARB(1, 4, GL_INT64_NV, GL_FALSE, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glVertexAttribIPointerEXT(1, 4, GL_UNSIGNED_INT64_NV, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glBegin(GL_POINTS);
    glVertexAttribLPointerEXT(1, 4, GL_DOUBLE, 0, NULL);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);

    /* ---- array state ---- */
    static const GLint64EXT ints[3][2] = {{P40 + 3, 0}, {P40 + 3, 0}, {P40 + 3, 0}};
    glVertexAttribLPointerEXT(2, 2, GL_INT64_NV, 16, ints);
    GT_ERROR(GL_NO_ERROR);
    glGetVertexAttribLdvEXT(2, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, dv);
    GT_EQ_INT((GLint)dv[0], GL_INT64_NV);
    glGetVertexAttribLi64vNV(2, GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB, iv);
    GT_EQ_INT(iv[0], 2);
    GLint gi[4];
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_STRIDE_ARB, gi);
    GT_EQ_INT(gi[0], 16);
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, gi);
    GT_EQ_INT(gi[0], 0);
    void *ptr = NULL;
    glGetVertexAttribPointervARB(2, GL_VERTEX_ATTRIB_ARRAY_POINTER_ARB, &ptr);
    GT_CHECK(ptr == (void *)ints);
    /* a failed L pointer leaves the array as it was */
    glVertexAttribLPointerEXT(2, 4, GL_SHORT, 0, NULL);
    GT_ERROR(GL_INVALID_ENUM);
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, gi);
    GT_EQ_INT(gi[0], GL_INT64_NV);
    glVertexAttribLPointerEXT(2, 2, GL_UNSIGNED_INT64_NV, 16, ints);
    glGetVertexAttribiv(2, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, gi);
    GT_EQ_INT(gi[0], GL_UNSIGNED_INT64_NV);
    glVertexAttribLPointerEXT(2, 2, GL_INT64_NV, 16, ints);
    GT_ERROR(GL_NO_ERROR);

    /* ---- drawing: arrays (1: double, 2: int64) and a current value (3) ---- */
    gt_program(GL_VERTEX_PROGRAM_ARB, vp_text);
    GT_ERROR(GL_NO_ERROR);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    static const GLdouble dbl[3] = {1.0000000000000002, 1.0000000000000002, 1.0000000000000002};
    glVertexAttribLPointerEXT(1, 1, GL_DOUBLE, 0, dbl);
    glEnableVertexAttribArrayARB(1);
    glEnableVertexAttribArrayARB(2);
    glVertexAttribL1i64NV(3, -P40 - 3);
    fullscreen();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 1.0f, 1.0f, 1.0f, 1.0f, 0.005f);

    /* the same values through a buffer object */
    GLuint buf;
    glGenBuffersARB(1, &buf);
    glBindBufferARB(GL_ARRAY_BUFFER_ARB, buf);
    glBufferDataARB(GL_ARRAY_BUFFER_ARB, sizeof ints, ints, GL_STATIC_DRAW_ARB);
    glVertexAttribLPointerEXT(2, 2, GL_INT64_NV, 16, (const void *)0);
    glBindBufferARB(GL_ARRAY_BUFFER_ARB, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    fullscreen();
    GT_PROBE(8, 8, 1.0f, 1.0f, 1.0f, 1.0f, 0.005f);

    /* mutated values fail their component: 1.0 (red 0), 2^40 + 2 (green 0),
     * -(2^40) - 3 + 2^32 (blue 0: only the high word differs), size 3 with
     * y = 1 (alpha 0) */
    static const GLdouble one[3] = {1.0, 1.0, 1.0};
    static const GLint64EXT bad[3][3] = {{P40 + 2, 1, 0}, {P40 + 2, 1, 0}, {P40 + 2, 1, 0}};
    glVertexAttribLPointerEXT(1, 1, GL_DOUBLE, 0, one);
    glVertexAttribLPointerEXT(2, 3, GL_INT64_NV, 24, bad);
    glVertexAttribL1i64NV(3, -P40 - 3 + 4294967296ll);
    fullscreen();
    GT_PROBE(8, 8, 0.0f, 0.0f, 0.0f, 0.0f, 0.005f);

    /* ---- current values only (arrays off) ---- */
    glDisableVertexAttribArrayARB(1);
    glDisableVertexAttribArrayARB(2);
    glVertexAttribL1dEXT(1, 1.0000000000000002);
    glVertexAttribL1i64NV(2, P40 + 3);
    glVertexAttribL1i64NV(3, -P40 - 3);
    fullscreen();
    GT_PROBE(8, 8, 1.0f, 1.0f, 1.0f, 1.0f, 0.005f);
    /* a float value in attribute 1 (1.0f): red 0, and its w is the float
     * 1.0's word, not the double 1.0: alpha 0 */
    glVertexAttrib1fARB(1, 1.0f);
    fullscreen();
    GT_PROBE(8, 8, 0.0f, 1.0f, 1.0f, 0.0f, 0.005f);

    /* ---- Begin/End: every vertex keeps its own 64-bit values (smooth
     * shading): vertex 0 has d = 1.0 (red 0), vertices 1 and 2 have
     * 1.0000000000000002 (red 1).  Red at a pixel is the barycentric weight
     * of vertices 1 and 2: pixel (0, 0) at NDC (-0.9375, -0.9375) gives
     * (x + 1) / 4 + (y + 1) / 4 = 0.03125; pixel (15, 0) at (0.9375,
     * -0.9375): 0.484375 + 0.015625 = 0.5 ---- */
    glDisableClientState(GL_VERTEX_ARRAY);
    glBegin(GL_TRIANGLES);
    glVertexAttribL1dEXT(1, 1.0);
    glVertex2f(-1, -1);
    glVertexAttribL1dEXT(1, 1.0000000000000002);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(0, 0, 0.03125f, 1.0f, 1.0f, 1.0f, 0.005f);
    GT_PROBE(15, 0, 0.5f, 1.0f, 1.0f, 1.0f, 0.005f);

    /* ---- glArrayElement: the 64-bit array's element becomes the current
     * value (red 1 from element 1, even inside Begin/End) ---- */
    static const GLdouble pick[2] = {1.0, 1.0000000000000002};
    glVertexAttribLPointerEXT(1, 1, GL_DOUBLE, 0, pick);
    glEnableVertexAttribArrayARB(1);
    glBegin(GL_TRIANGLES);
    glArrayElement(1);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEnd();
    glDisableVertexAttribArrayARB(1);
    GT_PROBE(8, 8, 1.0f, 1.0f, 1.0f, 1.0f, 0.005f);
    glGetVertexAttribLdvEXT(1, GL_CURRENT_VERTEX_ATTRIB_ARB, dv);
    GT_CHECK(dv[0] == 1.0000000000000002 && dv[3] == 1.0);
    GT_ERROR(GL_NO_ERROR);

    /* ---- glRasterPos runs the program on the current values too (the
     * high words included): red 0 for 1.0, 1 for 1.0000000000000002 ---- */
    GLfloat rc[4];
    glVertexAttribL1dEXT(1, 1.0);
    glRasterPos2f(0, 0);
    glGetFloatv(GL_CURRENT_RASTER_COLOR, rc);
    GT_CHECK(rc[0] == 0.0f && rc[1] == 1.0f && rc[2] == 1.0f && rc[3] == 1.0f);
    glVertexAttribL1dEXT(1, 1.0000000000000002);
    glRasterPos2f(0, 0);
    glGetFloatv(GL_CURRENT_RASTER_COLOR, rc);
    GT_CHECK(rc[0] == 1.0f && rc[1] == 1.0f && rc[2] == 1.0f && rc[3] == 1.0f);
    GT_ERROR(GL_NO_ERROR);

    /* ---- VertexAttribL*(0, ...) inside Begin/End provokes a vertex, like
     * glVertex: a double position read by LONG ATTRIB and narrowed (MOV.F
     * of a LONG operand: (float)double); three L4d calls make the
     * fullscreen triangle, coloured (0.25, 0.5, 0.75, 1) ---- */
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    gt_program(GL_VERTEX_PROGRAM_ARB, "!!NVvp5.0\n"
                                      "LONG ATTRIB p = vertex.attrib[0];\n"
                                      "TEMP q;\n"
                                      "MOV.F q, p;\n"
                                      "MOV result.position, q;\n"
                                      "MOV result.color, {0.25, 0.5, 0.75, 1};\n"
                                      "END\n");
    glBegin(GL_TRIANGLES);
    glVertexAttribL4dEXT(0, -1, -1, 0, 1);
    glVertexAttribL2dEXT(0, 3, -1); /* z 0, w 1.0 */
    glVertexAttribL4dEXT(0, -1, 3, 0, 1);
    glEnd();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 0.25f, 0.5f, 0.75f, 1.0f, 0.005f);
    GT_PROBE(0, 15, 0.25f, 0.5f, 0.75f, 1.0f, 0.005f);
    GT_PROBE(15, 0, 0.25f, 0.5f, 0.75f, 1.0f, 0.005f);

    /* ---- glPushAttrib(CURRENT) keeps the high words ---- */
    glPushAttrib(GL_CURRENT_BIT);
    glVertexAttribL1i64NV(6, 7);
    glPopAttrib();
    glGetVertexAttribLi64vNV(6, GL_CURRENT_VERTEX_ATTRIB_ARB, iv);
    GT_CHECK(iv[0] == INT64_MIN && iv[1] == INT64_MAX && iv[2] == -1 && iv[3] == 1);
    GT_ERROR(GL_NO_ERROR);

    glDeleteBuffersARB(1, &buf);
    asmgl_context_destroy(c);
    return gt_finish("vertex_attrib_64bit");
}
