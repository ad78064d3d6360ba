/* test_nv4_queries.c - the enums and limits NV_gpu_program4 and its
 * companions add to the GL (values, GetProgramivARB / GetIntegerv answers
 * against the spec minimums, what they do when drawn with), the multi-set
 * parameter commands of EXT_gpu_program_parameters, and the parameter
 * buffer corner cases: an unbound binding point, and BUFFER and BUFFER4 on
 * one binding.
 *
 * covers: API.E.VP_CAPS API.E.VATTRIB API.E.FLOW API.E.GP4 LIM.GP4.TEXOFF
 * covers: API.E.PBO LIM.PBO.BINDINGS LIM.PBO.SIZE API.ProgramParameters4fvNV
 * covers: EDGE.PBO_UNBOUND EDGE.PBO_SAMEPOINT TEX.INCOMPLETE
 * covers: LIM.NV.CALLDEPTH LIM.NV.IFDEPTH LIM.NV.LOOPDEPTH LIM.GP4.COMPS
 * covers: DECL.BUFFER4 BIND.P.BUFFER
 */
#include "gl_test.h"

#include <string.h>

enum { W = 16, H = 16 };

static GLint progiv(GLenum target, GLenum pname)
{
    GLint v = -12345;
    glGetProgramivARB(target, pname, &v);
    return v;
}

static GLint geti(GLenum pname)
{
    GLint v = -12345;
    glGetIntegerv(pname, &v);
    return v;
}

static const GLenum targets[3] = {GL_VERTEX_PROGRAM_ARB, GL_GEOMETRY_PROGRAM_NV, GL_FRAGMENT_PROGRAM_ARB};

static void test_flow_and_gp4_limits(void)
{
    /* API.E.FLOW: values, and the NV_gpu_program4 table X.21 minimums */
    GT_EQ_INT(GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV, 0x88F4);
    GT_EQ_INT(GL_MAX_PROGRAM_LOOP_COUNT_NV, 0x88F8);
    for (int t = 0; t < 3; t++) {
        GT_CHECK(progiv(targets[t], GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV) >= 65536);
        GT_CHECK(progiv(targets[t], GL_MAX_PROGRAM_CALL_DEPTH_NV) >= 4);
        GT_CHECK(progiv(targets[t], GL_MAX_PROGRAM_IF_DEPTH_NV) >= 48);
        GT_CHECK(progiv(targets[t], GL_MAX_PROGRAM_LOOP_DEPTH_NV) >= 4);
        GT_CHECK(progiv(targets[t], GL_MAX_PROGRAM_LOOP_COUNT_NV) >= 255);
    }
    GT_ERROR(GL_NO_ERROR);
    progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_EXEC_INSTRUCTIONS_NV + 0x100);
    GT_ERROR(GL_INVALID_ENUM);

    /* LIM.GP4.TEXOFF: GetIntegerv, min <= -8, max >= 7 */
    GT_EQ_INT(GL_MIN_PROGRAM_TEXEL_OFFSET_EXT, 0x8904);
    GT_CHECK(geti(GL_MIN_PROGRAM_TEXEL_OFFSET_EXT) <= -8);
    GT_CHECK(geti(GL_MAX_PROGRAM_TEXEL_OFFSET_EXT) >= 7);
    GT_ERROR(GL_NO_ERROR);
    /* an offset inside the range loads, one past it does not */
    GLint maxoff = geti(GL_MAX_PROGRAM_TEXEL_OFFSET_EXT);
    char text[256];
    snprintf(text, sizeof text,
             "!!NVfp4.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D, (%d, 0);\nEND\n", maxoff);
    GLuint p;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GT_ERROR(GL_NO_ERROR);
    snprintf(text, sizeof text,
             "!!NVfp4.0\nTEX result.color, fragment.texcoord[0], texture[0], 2D, (%d, 0);\nEND\n", maxoff + 1);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GT_ERROR(GL_INVALID_OPERATION);

    /* API.E.GP4: component counts of a loaded program and their limits */
    GT_EQ_INT(GL_PROGRAM_ATTRIB_COMPONENTS_NV, 0x8906);
    GT_EQ_INT(GL_MAX_PROGRAM_GENERIC_RESULTS_NV, 0x8DA6);
    static const char vp[] = "!!NVvp4.0\n"
                             "MOV result.position, vertex.position;\n"
                             "MOV result.color.xy, vertex.attrib[3];\n"
                             "END\n";
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p + 100);
    glProgramStringARB(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(vp), vp);
    GT_ERROR(GL_NO_ERROR);
    GLint ac = progiv(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_ATTRIB_COMPONENTS_NV);
    GLint rc = progiv(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_RESULT_COMPONENTS_NV);
    /* two attributes are read (counted as vectors or by components used);
     * results: 4 position components and 2 colour ones by write mask */
    GT_CHECK(ac >= 2 && ac <= 8);
    GT_EQ_INT(rc, 6);
    GT_CHECK(progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_ATTRIB_COMPONENTS_NV) >= ac);
    GT_CHECK(progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_RESULT_COMPONENTS_NV) >= rc);
    GT_CHECK(progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_GENERIC_ATTRIBS_NV) >= 16);
    GT_CHECK(progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_GENERIC_RESULTS_NV) >= 16);
    GT_CHECK(progiv(GL_FRAGMENT_PROGRAM_ARB, GL_MAX_PROGRAM_GENERIC_ATTRIBS_NV) >= 16);
    GT_ERROR(GL_NO_ERROR);
    /* no program: 0 */
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    GT_EQ_INT(progiv(GL_VERTEX_PROGRAM_ARB, GL_PROGRAM_RESULT_COMPONENTS_NV), 0);
    GLuint del[2] = {p, p + 100};
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(2, del);
    GT_ERROR(GL_NO_ERROR);
}

/* API.E.PBO, LIM.PBO.*: per-target limits and the binding targets. */
static void test_pbo_enums(void)
{
    GT_EQ_INT(GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV, 0x8DA0);
    GT_EQ_INT(GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV, 0x8DA1);
    GT_EQ_INT(GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV, 0x8DA2);
    GT_EQ_INT(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, 0x8DA3);
    GT_EQ_INT(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 0x8DA4);
    static const GLenum bt[3] = {GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV,
                                 GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV,
                                 GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV};
    GLuint b[3];
    glGenBuffers(3, b);
    for (int t = 0; t < 3; t++) {
        GLint nb = progiv(targets[t], GL_MAX_PROGRAM_PARAMETER_BUFFER_BINDINGS_NV);
        GLint sz = progiv(targets[t], GL_MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV);
        GT_CHECK(nb >= 8);
        GT_CHECK(sz >= 4096);
        /* every binding point below the limit exists, the limit does not */
        glBindBufferBaseNV(bt[t], (GLuint)nb - 1, b[t]);
        GT_ERROR(GL_NO_ERROR);
        GLint v = -1;
        glGetIntegerIndexedvEXT(bt[t], (GLuint)nb - 1, &v);
        GT_EQ_INT(v, (GLint)b[t]);
        glBindBufferBaseNV(bt[t], (GLuint)nb, b[t]);
        GT_ERROR(GL_INVALID_VALUE);
        glBindBuffer(bt[t], b[(t + 1) % 3]);
        GT_EQ_INT(geti(bt[t]), (GLint)b[(t + 1) % 3]);
        glBindBuffer(bt[t], 0);
    }
    /* NV_tessellation_program5's targets are binding targets too
     * (gl/tests/test_tess_api.c); a value next to them is none */
    glBindBuffer(GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV, b[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(geti(GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV), (GLint)b[0]);
    glBindBuffer(GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV + 1, b[0]);
    GT_ERROR(GL_INVALID_ENUM);
    glDeleteBuffers(3, b);
    GT_ERROR(GL_NO_ERROR);
}

/* EXT_gpu_program_parameters section 2.14.1 (NV_gpu_program4 documents it). */
static void test_parameters4fv(void)
{
    static const GLfloat v[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
    GLfloat got[4];
    for (int t = 0; t < 3; t++) {
        GLenum tg = targets[t];
        glProgramEnvParameters4fvEXT(tg, 10, 3, v);
        GT_ERROR(GL_NO_ERROR);
        glGetProgramEnvParameterfvARB(tg, 11, got);
        GT_NEAR(got[0], 5, 0);
        GT_NEAR(got[3], 8, 0);
        glGetProgramEnvParameterfvARB(tg, 12, got);
        GT_NEAR(got[2], 11, 0);
        GLuint p;
        glGenProgramsARB(1, &p);
        glBindProgramARB(tg, p);
        glProgramLocalParameters4fvEXT(tg, 0, 2, v + 4);
        GT_ERROR(GL_NO_ERROR);
        glGetProgramLocalParameterfvARB(tg, 1, got);
        GT_NEAR(got[0], 9, 0);
        GT_NEAR(got[3], 12, 0);
        /* index + count past the array, or count < 0: INVALID_VALUE, nothing stored */
        GLint maxenv = progiv(tg, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB);
        GLint maxloc = progiv(tg, GL_MAX_PROGRAM_LOCAL_PARAMETERS_ARB);
        glProgramEnvParameters4fvEXT(tg, (GLuint)maxenv - 1, 2, v);
        GT_ERROR(GL_INVALID_VALUE);
        glGetProgramEnvParameterfvARB(tg, (GLuint)maxenv - 1, got);
        GT_NEAR(got[0], 0, 0);
        glProgramEnvParameters4fvEXT(tg, (GLuint)maxenv - 1, 1, v); /* the last one fits */
        GT_ERROR(GL_NO_ERROR);
        glProgramLocalParameters4fvEXT(tg, (GLuint)maxloc - 2, 3, v);
        GT_ERROR(GL_INVALID_VALUE);
        glProgramLocalParameters4fvEXT(tg, 0, -1, v);
        GT_ERROR(GL_INVALID_VALUE);
        glProgramLocalParameters4fvEXT(GL_TEXTURE_2D, 0, 1, v);
        GT_ERROR(GL_INVALID_ENUM);
        glBindProgramARB(tg, 0);
        glDeleteProgramsARB(1, &p);
    }
    GT_ERROR(GL_NO_ERROR);
}

static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

static void draw_quad(void)
{
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
}

/* API.E.VP_CAPS: the enables and what they change. */
static void test_vp_caps(void)
{
    GT_EQ_INT(GL_VERTEX_PROGRAM_POINT_SIZE_ARB, 0x8642);
    GT_EQ_INT(GL_PROGRAM_POINT_SIZE_EXT, GL_VERTEX_PROGRAM_POINT_SIZE_ARB);
    GT_EQ_INT(GL_VERTEX_PROGRAM_TWO_SIDE_ARB, 0x8643);
    GT_EQ_INT(GL_COLOR_SUM_ARB, 0x8458);
    static const GLenum caps[3] = {GL_VERTEX_PROGRAM_POINT_SIZE_ARB, GL_VERTEX_PROGRAM_TWO_SIDE_ARB,
                                   GL_COLOR_SUM_ARB};
    for (int i = 0; i < 3; i++) {
        GT_CHECK(!glIsEnabled(caps[i]));
        glEnable(caps[i]);
        GT_CHECK(glIsEnabled(caps[i]));
        glDisable(caps[i]);
    }
    GT_ERROR(GL_NO_ERROR);

    /* point size from the program only while PROGRAM_POINT_SIZE is on */
    static const char vp[] = "!!NVvp4.0\n"
                             "MOV result.position, vertex.position;\n"
                             "MOV result.color, vertex.color;\n"
                             "MOV result.color.back, {0, 0, 1, 1};\n"
                             "MOV result.pointsize, 5;\n"
                             "END\n";
    GLuint p = gt_program(GL_VERTEX_PROGRAM_ARB, vp);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 1, 1, 1);
    glPointSize(1);
    glBegin(GL_POINTS);
    glVertex2f(0.0625f, 0.0625f); /* centre of pixel (8, 8) */
    glEnd();
    GT_PROBE(8, 8, 1, 1, 1, 1, 0.01f);
    GT_PROBE(10, 8, 0, 0, 0, 0, 0.01f);
    glEnable(GL_PROGRAM_POINT_SIZE_EXT);
    glBegin(GL_POINTS);
    glVertex2f(0.0625f, 0.0625f);
    glEnd();
    GT_PROBE(10, 8, 1, 1, 1, 1, 0.01f); /* a 5x5 square: 6..10 */
    GT_PROBE(11, 8, 0, 0, 0, 0, 0.01f);
    glDisable(GL_PROGRAM_POINT_SIZE_EXT);

    /* two-sided colour: a clockwise (back-facing) quad takes result.color.back */
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glEnd();
    GT_PROBE(4, 4, 1, 0, 0, 1, 0.01f);
    glEnable(GL_VERTEX_PROGRAM_TWO_SIDE_ARB);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(-1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glEnd();
    GT_PROBE(4, 4, 0, 0, 1, 1, 0.01f);
    glDisable(GL_VERTEX_PROGRAM_TWO_SIDE_ARB);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);

    /* COLOR_SUM: fixed-function fragments add the secondary colour */
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(0.25f, 0, 0, 1);
    glSecondaryColor3f(0, 0.5f, 0);
    draw_quad();
    GT_PROBE(4, 4, 0.25f, 0, 0, 1, 0.01f);
    glEnable(GL_COLOR_SUM_ARB);
    draw_quad();
    GT_PROBE(4, 4, 0.25f, 0.5f, 0, 1, 0.01f);
    glDisable(GL_COLOR_SUM_ARB);
    glSecondaryColor3f(0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

/* API.E.VATTRIB: generic attribute array queries. */
static void test_vattrib(void)
{
    GT_EQ_INT(GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB, 0x8622);
    GT_EQ_INT(GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, 0x88FD);
    static const GLshort data[12] = {0};
    GLint v = -1;
    glVertexAttribPointerARB(6, 3, GL_SHORT, GL_TRUE, 12, data);
    glEnableVertexAttribArrayARB(6);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB, &v);
    GT_EQ_INT(v, GL_TRUE);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB, &v);
    GT_EQ_INT(v, 3);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_STRIDE_ARB, &v);
    GT_EQ_INT(v, 12);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, &v);
    GT_EQ_INT(v, GL_SHORT);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED_ARB, &v);
    GT_EQ_INT(v, GL_TRUE);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, &v);
    GT_EQ_INT(v, GL_FALSE);
    void *ptr = NULL;
    glGetVertexAttribPointervARB(6, GL_VERTEX_ATTRIB_ARRAY_POINTER_ARB, &ptr);
    GT_CHECK(ptr == (void *)data);
    glDisableVertexAttribArrayARB(6);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_ENABLED_ARB, &v);
    GT_EQ_INT(v, GL_FALSE);
    /* the integer form: INTEGER TRUE, NORMALIZED FALSE */
    glVertexAttribIPointerEXT(6, 2, GL_INT, 0, data);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_INTEGER_EXT, &v);
    GT_EQ_INT(v, GL_TRUE);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED_ARB, &v);
    GT_EQ_INT(v, GL_FALSE);
    glGetVertexAttribivARB(6, GL_VERTEX_ATTRIB_ARRAY_TYPE_ARB, &v);
    GT_EQ_INT(v, GL_INT);
    /* CURRENT_VERTEX_ATTRIB of a generic slot; slot 0 has none */
    GLfloat f[4] = {0};
    glVertexAttrib4fARB(7, 1, 2, 3, 4);
    glGetVertexAttribfvARB(7, GL_CURRENT_VERTEX_ATTRIB_ARB, f);
    GT_NEAR(f[1], 2, 0);
    GT_NEAR(f[3], 4, 0);
    GT_ERROR(GL_NO_ERROR);
    glGetVertexAttribfvARB(0, GL_CURRENT_VERTEX_ATTRIB_ARB, f);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetVertexAttribivARB(GL_MAX_VERTEX_ATTRIBS_ARB + 1000, GL_VERTEX_ATTRIB_ARRAY_SIZE_ARB, &v);
    GT_ERROR(GL_INVALID_VALUE);
}

/* EDGE.PBO_UNBOUND and EDGE.PBO_SAMEPOINT (NV_gpu_program4 2.X.3.6). */
static void test_pbo_edges(void)
{
    static const char fp_buf[] = "!!NVfp4.0\n"
                                 "BUFFER4 b[] = { program.buffer[2] };\n"
                                 "MOV result.color, b[1];\n"
                                 "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_buf);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    /* bound: element 1 (the second vec4) reaches the pixel */
    static const GLfloat words[8] = {1, 0, 0, 1, 0, 1, 0, 1};
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, b);
    glBufferData(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, sizeof words, words, GL_STATIC_DRAW);
    glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2, b);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad();
    GT_PROBE(4, 4, 0, 1, 0, 1, 0.01f);
    /* too small (one vec4): undefined values, but no error and no fault */
    glBindBufferRangeNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2, b, 0, 16);
    draw_quad();
    GT_ERROR(GL_NO_ERROR);
    /* unbound: likewise */
    glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2, 0);
    draw_quad();
    glFinish();
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    /* BUFFER and BUFFER4 on one binding point: the program fails to load;
     * on different points it loads */
    static const char same[] = "!!NVfp4.0\n"
                               "BUFFER a[] = { program.buffer[0] };\n"
                               "BUFFER4 c[] = { program.buffer[0] };\n"
                               "MOV result.color, c[0];\n"
                               "ADD result.color.x, a[0], a[1];\n"
                               "END\n";
    static const char diff[] = "!!NVfp4.0\n"
                               "BUFFER a[] = { program.buffer[0] };\n"
                               "BUFFER4 c[] = { program.buffer[1] };\n"
                               "MOV result.color, c[0];\n"
                               "ADD result.color.x, a[0], a[1];\n"
                               "END\n";
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(same), same);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint pos = -1;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_CHECK(pos >= 0);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(diff), diff);
    GT_ERROR(GL_NO_ERROR);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    glDeleteBuffers(1, &b);
    GT_ERROR(GL_NO_ERROR);
}

/* TEX.INCOMPLETE: ARB_fragment_program 3.11.6 - an incomplete texture
 * samples as (0, 0, 0, 1); NV_gpu_program4 leaves it undefined (no error,
 * no fault). */
static void test_incomplete(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    static const GLubyte red[4 * 4] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
    /* the default MIN_FILTER needs mipmaps: incomplete with level 0 only */
    static const char fp_arb[] = "!!ARBfp1.0\n"
                                 "TEX result.color, fragment.texcoord[0], texture[0], 2D;\n"
                                 "END\n";
    GLuint p = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_arb);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
    glClear(GL_COLOR_BUFFER_BIT);
    glTexCoord2f(0.5f, 0.5f);
    draw_quad();
    GT_PROBE(4, 4, 0, 0, 0, 1, 0.01f);
    /* complete: the texel */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    draw_quad();
    GT_PROBE(4, 4, 1, 0, 0, 1, 0.01f);
    /* NV_gpu_program4: undefined, but drawn without error */
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    static const char fp_nv[] = "!!NVfp4.0\n"
                                "TEX result.color, fragment.texcoord[0], texture[0], 2D;\n"
                                "END\n";
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(fp_nv), fp_nv);
    draw_quad();
    glFinish();
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glDeleteProgramsARB(1, &p);
    glDeleteTextures(1, &t);
    glClearColor(0, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    test_flow_and_gp4_limits();
    test_pbo_enums();
    test_parameters4fv();
    test_vp_caps();
    test_vattrib();
    test_pbo_edges();
    test_incomplete();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_queries");
}
