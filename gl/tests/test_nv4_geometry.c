/* test_nv4_geometry.c - NV_geometry_program4's GL side: the
 * GEOMETRY_PROGRAM_NV target (objects, strings, enable, parameters,
 * queries), ProgramVertexLimitNV, the adjacency primitive modes, and the
 * Begin-time errors: a mode the geometry program does not take, an enabled
 * program that did not load, and two stages using different texture targets
 * on one unit.  Drawing through a geometry program is checked by probing.
 *
 * covers: API.E.TARGETS API.E.GEO4 API.ProgramVertexLimitNV LIM.GEO4.GTIU
 * covers: API.E.GEO4_PRIMS EDGE.PRIM_MODE EDGE.INVALID_PROGRAM_DRAW TEX.STAGE_CONFLICT
 * covers: LIM.GEO4.OUTVERT LIM.GEO4.OUTCOMP
 */
#include "gl_test.h"

#include <string.h>

enum { W = 16, H = 16 };

static const char vp_text[] = "!!NVvp4.0\n"
                              "MOV result.position, vertex.position;\n"
                              "MOV result.color, vertex.color;\n"
                              "END\n";
static const char fp_text[] = "!!NVfp4.0\n"
                              "MOV result.color, fragment.color;\n"
                              "END\n";

/* Passes triangles through, colour from program.local[0] (a constant the
 * test sets, so the probe proves the geometry program ran). */
static const char gp_tri_text[] = "!!NVgp4.0\n"
                                  "PRIMITIVE_IN TRIANGLES;\n"
                                  "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                  "VERTICES_OUT 3;\n"
                                  "MOV result.position, vertex[0].position;\n"
                                  "MOV result.color, program.local[0];\n"
                                  "EMIT;\n"
                                  "MOV result.position, vertex[1].position;\n"
                                  "MOV result.color, program.local[0];\n"
                                  "EMIT;\n"
                                  "MOV result.position, vertex[2].position;\n"
                                  "MOV result.color, program.env[1];\n"
                                  "EMIT;\n"
                                  "END\n";

static const char gp_points_text[] = "!!NVgp4.0\n"
                                     "PRIMITIVE_IN POINTS;\n"
                                     "PRIMITIVE_OUT POINTS;\n"
                                     "VERTICES_OUT 1;\n"
                                     "MOV result.position, vertex[0].position;\n"
                                     "MOV result.color, vertex[0].color;\n"
                                     "EMIT;\n"
                                     "END\n";

static const char gp_lines_adj_text[] = "!!NVgp4.0\n"
                                        "PRIMITIVE_IN LINES_ADJACENCY;\n"
                                        "PRIMITIVE_OUT LINE_STRIP;\n"
                                        "VERTICES_OUT 2;\n"
                                        "MOV result.position, vertex[1].position;\n"
                                        "EMIT;\n"
                                        "MOV result.position, vertex[2].position;\n"
                                        "EMIT;\n"
                                        "END\n";

static const char gp_tri_adj_text[] = "!!NVgp4.0\n"
                                      "PRIMITIVE_IN TRIANGLES_ADJACENCY;\n"
                                      "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                      "VERTICES_OUT 3;\n"
                                      "MOV result.position, vertex[0].position;\n"
                                      "MOV result.color, vertex[1].color;\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[2].position;\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[4].position;\n"
                                      "EMIT;\n"
                                      "END\n";

/* Samples texture[0] as 2D (TEX.STAGE_CONFLICT). */
static const char gp_tex2d_text[] = "!!NVgp4.0\n"
                                    "PRIMITIVE_IN TRIANGLES;\n"
                                    "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                    "VERTICES_OUT 3;\n"
                                    "TEMP t;\n"
                                    "TEX t, vertex[0].position, texture[0], 2D;\n"
                                    "MOV result.position, vertex[0].position;\n"
                                    "EMIT;\n"
                                    "MOV result.position, vertex[1].position;\n"
                                    "EMIT;\n"
                                    "MOV result.position, vertex[2].position;\n"
                                    "EMIT;\n"
                                    "END\n";
static const char fp_tex3d_text[] = "!!NVfp4.0\n"
                                    "TEX result.color, fragment.texcoord[0], texture[0], 3D;\n"
                                    "END\n";
static const char fp_tex2d_unit1_text[] = "!!NVfp4.0\n"
                                          "TEX result.color, fragment.texcoord[0], texture[1], 2D;\n"
                                          "END\n";

static GLint progiv(GLenum target, GLenum pname)
{
    GLint v = -12345;
    glGetProgramivARB(target, pname, &v);
    return v;
}

static void load(GLenum target, const char *text)
{
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
}

/* A full-window triangle pair as arrays. */
static const float quad[6][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}};

static void draw_quad(GLenum mode)
{
    glVertexPointer(2, GL_FLOAT, 0, quad);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(mode, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void test_target(void)
{
    /* API.E.TARGETS: the enum value, enable cap, binding */
    GT_EQ_INT(GL_GEOMETRY_PROGRAM_NV, 0x8C26);
    GT_CHECK(!glIsEnabled(GL_GEOMETRY_PROGRAM_NV));
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    GT_CHECK(glIsEnabled(GL_GEOMETRY_PROGRAM_NV));
    GLboolean b = GL_FALSE;
    glGetBooleanv(GL_GEOMETRY_PROGRAM_NV, &b);
    GT_EQ_INT(b, GL_TRUE);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    GT_CHECK(!glIsEnabled(GL_GEOMETRY_PROGRAM_NV));
    GT_ERROR(GL_NO_ERROR);
    /* the tessellation targets of the row are enable caps too
     * (gl/tests/test_tess_api.c) */
    glEnable(GL_TESS_CONTROL_PROGRAM_NV);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_TESS_CONTROL_PROGRAM_NV);

    /* initial program queries (NV_geometry_program4 New State) */
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_BINDING_ARB), 0);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), 0);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_INPUT_TYPE_EXT), 0);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_OUTPUT_TYPE_EXT), 0);
    GT_ERROR(GL_NO_ERROR);

    /* limits (API.E.GEO4, LIM.GEO4.GTIU) and their target restriction */
    GLint maxv = progiv(GL_GEOMETRY_PROGRAM_NV, GL_MAX_PROGRAM_OUTPUT_VERTICES_NV);
    GLint maxc = progiv(GL_GEOMETRY_PROGRAM_NV, GL_MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV);
    GT_CHECK(maxv >= 256);
    GT_CHECK(maxc >= 1024);
    GT_ERROR(GL_NO_ERROR);
    progiv(GL_VERTEX_PROGRAM_ARB, GL_MAX_PROGRAM_OUTPUT_VERTICES_NV);
    GT_ERROR(GL_INVALID_ENUM);
    progiv(GL_FRAGMENT_PROGRAM_ARB, GL_MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV);
    GT_ERROR(GL_INVALID_ENUM);
    GLint gtiu = -1;
    glGetIntegerv(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT, &gtiu);
    GT_CHECK(gtiu >= 16);
    GT_ERROR(GL_NO_ERROR);

    /* objects: a name bound to the geometry target is a geometry program */
    GLuint p[2];
    glGenProgramsARB(2, p);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, p[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsProgramARB(p[0]));
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_BINDING_ARB), (GLint)p[0]);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p[0]); /* target mismatch */
    GT_ERROR(GL_INVALID_OPERATION);

    /* ProgramStringARB compiles for the geometry stage: a vertex program
     * header is an error there, a geometry one loads */
    load(GL_GEOMETRY_PROGRAM_NV, vp_text);
    GT_ERROR(GL_INVALID_OPERATION);
    GLint pos = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_CHECK(pos >= 0);
    load(GL_GEOMETRY_PROGRAM_NV, gp_tri_text);
    GT_ERROR(GL_NO_ERROR);
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GT_EQ_INT(pos, -1);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_LENGTH_ARB), (GLint)strlen(gp_tri_text));
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), 3);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_INPUT_TYPE_EXT), GL_TRIANGLES);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_OUTPUT_TYPE_EXT), GL_TRIANGLE_STRIP);
    GT_CHECK(progiv(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_INSTRUCTIONS_ARB) >= 9);
    /* a geometry program string is not a vertex program */
    load(GL_VERTEX_PROGRAM_ARB, gp_tri_text);
    GT_ERROR(GL_INVALID_OPERATION);

    /* the other primitive types read back as GL enums */
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, p[1]);
    load(GL_GEOMETRY_PROGRAM_NV, gp_lines_adj_text);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_INPUT_TYPE_EXT), GL_LINES_ADJACENCY_EXT);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_OUTPUT_TYPE_EXT), GL_LINE_STRIP);
    load(GL_GEOMETRY_PROGRAM_NV, gp_tri_adj_text);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_INPUT_TYPE_EXT), GL_TRIANGLES_ADJACENCY_EXT);
    load(GL_GEOMETRY_PROGRAM_NV, gp_points_text);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_INPUT_TYPE_EXT), GL_POINTS);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_OUTPUT_TYPE_EXT), GL_POINTS);
    GT_ERROR(GL_NO_ERROR);

    /* env and local parameters of the geometry target, float and integer */
    GLfloat f[4];
    GLint iv[4];
    glProgramLocalParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 3, 1, 2, 3, 4);
    glGetProgramLocalParameterfvARB(GL_GEOMETRY_PROGRAM_NV, 3, f);
    GT_NEAR(f[0], 1, 0);
    GT_NEAR(f[3], 4, 0);
    glProgramEnvParameterI4iNV(GL_GEOMETRY_PROGRAM_NV, 5, -7, 8, -9, 10);
    glGetProgramEnvParameterIivNV(GL_GEOMETRY_PROGRAM_NV, 5, iv);
    GT_EQ_INT(iv[0], -7);
    GT_EQ_INT(iv[3], 10);
    glGetProgramEnvParameterIivNV(GL_VERTEX_PROGRAM_ARB, 5, iv); /* per target */
    GT_EQ_INT(iv[0], 0);
    GLint maxenv = progiv(GL_GEOMETRY_PROGRAM_NV, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB);
    GT_CHECK(maxenv >= 256);
    glProgramEnvParameter4fARB(GL_GEOMETRY_PROGRAM_NV, (GLuint)maxenv, 0, 0, 0, 0);
    GT_ERROR(GL_INVALID_VALUE);

    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, 0);
    glDeleteProgramsARB(2, p);
    GT_ERROR(GL_NO_ERROR);
}

/* NV_geometry_program4 section 2.14.6.4. */
static void test_vertex_limit(void)
{
    GLint maxv = progiv(GL_GEOMETRY_PROGRAM_NV, GL_MAX_PROGRAM_OUTPUT_VERTICES_NV);
    GLint maxc = progiv(GL_GEOMETRY_PROGRAM_NV, GL_MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV);
    GLuint p;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, p);
    /* no program loaded yet */
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, 4);
    GT_ERROR(GL_INVALID_OPERATION);
    glProgramVertexLimitNV(GL_VERTEX_PROGRAM_ARB, 4);
    GT_ERROR(GL_INVALID_ENUM);

    load(GL_GEOMETRY_PROGRAM_NV, gp_tri_text); /* writes position + colour: 8 components */
    GT_ERROR(GL_NO_ERROR);
    GLint comps = progiv(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_RESULT_COMPONENTS_NV);
    GT_EQ_INT(comps, 8);
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, 7);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), 7);
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, 0);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, -3);
    GT_ERROR(GL_INVALID_VALUE);
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, maxv); /* "greater than or equal to" */
    GT_ERROR(GL_INVALID_VALUE);
    /* limit * components > total: the largest limit that fits, then one more */
    GLint fit = maxc / comps;
    if (fit >= maxv)
        fit = maxv - 1;
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, fit);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), fit);
    if ((maxc / comps) + 1 < maxv) {
        glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, maxc / comps + 1);
        GT_ERROR(GL_INVALID_VALUE);
        GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), fit);
    }
    /* reloading the string restores the declared limit */
    load(GL_GEOMETRY_PROGRAM_NV, gp_tri_text);
    GT_EQ_INT(progiv(GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_VERTICES_OUT_EXT), 3);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, 0);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

/* Draw-time errors and adjacency modes. */
static void test_draw_checks(void)
{
    GLuint vp = gt_program(GL_VERTEX_PROGRAM_ARB, vp_text);
    GLuint fp = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_text);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    static const float pts[6][2] = {{0, 0}, {0.1f, 0}, {0.2f, 0}, {0.3f, 0}, {0.4f, 0}, {0.5f, 0}};
    static const GLubyte idx[6] = {0, 1, 2, 3, 4, 5};
    glVertexPointer(2, GL_FLOAT, 0, pts);
    glEnableClientState(GL_VERTEX_ARRAY);

    /* API.E.GEO4_PRIMS: the four modes, accepted without a geometry program
     * by every draw command; the next value is not a mode */
    GT_EQ_INT(GL_LINES_ADJACENCY_EXT, 0xA);
    GT_EQ_INT(GL_TRIANGLE_STRIP_ADJACENCY_EXT, 0xD);
    for (GLenum m = GL_LINES_ADJACENCY_EXT; m <= GL_TRIANGLE_STRIP_ADJACENCY_EXT; m++) {
        glDrawArrays(m, 0, 6);
        glDrawElements(m, 6, GL_UNSIGNED_BYTE, idx);
        glDrawRangeElements(m, 0, 5, 6, GL_UNSIGNED_BYTE, idx);
        glDrawArraysInstancedARB(m, 0, 6, 2);
        glDrawElementsInstancedARB(m, 6, GL_UNSIGNED_BYTE, idx, 2);
        glBegin(m);
        glVertex2f(0, 0);
        glEnd();
        GT_ERROR(GL_NO_ERROR);
    }
    glDrawArrays(GL_PATCHES + 1, 0, 6); /* TRIANGLE_STRIP_ADJACENCY + 1 is GL_PATCHES (NV5) */
    GT_ERROR(GL_INVALID_ENUM);

    /* EDGE.PRIM_MODE: each PRIMITIVE_IN and the modes it takes */
    struct {
        const char *text;
        GLenum ok[6];
        int nok;
    } cases[] = {
        {gp_points_text, {GL_POINTS}, 1},
        {gp_tri_text, {GL_TRIANGLES, GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN, GL_QUADS, GL_QUAD_STRIP, GL_POLYGON}, 6},
        {gp_lines_adj_text, {GL_LINES_ADJACENCY_EXT, GL_LINE_STRIP_ADJACENCY_EXT}, 2},
        {gp_tri_adj_text, {GL_TRIANGLES_ADJACENCY_EXT, GL_TRIANGLE_STRIP_ADJACENCY_EXT}, 2},
    };
    GLuint gp = gt_program(GL_GEOMETRY_PROGRAM_NV, gp_points_text);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        load(GL_GEOMETRY_PROGRAM_NV, cases[c].text);
        GT_ERROR(GL_NO_ERROR);
        for (GLenum m = GL_POINTS; m <= GL_TRIANGLE_STRIP_ADJACENCY_EXT; m++) {
            if (m > GL_POLYGON && m < GL_LINES_ADJACENCY_EXT)
                continue;
            bool ok = false;
            for (int k = 0; k < cases[c].nok; k++)
                ok |= cases[c].ok[k] == m;
            GLenum want = ok ? GL_NO_ERROR : GL_INVALID_OPERATION;
            glDrawArrays(m, 0, 6);
            GT_ERROR(want);
            glDrawElements(m, 6, GL_UNSIGNED_BYTE, idx);
            GT_ERROR(want);
            glDrawRangeElements(m, 0, 5, 6, GL_UNSIGNED_BYTE, idx);
            GT_ERROR(want);
            glDrawArraysInstancedARB(m, 0, 6, 1);
            GT_ERROR(want);
            glBegin(m); /* the error comes from Begin (End then has none) */
            glEnd();
            GT_ERROR(want);
        }
    }
    /* LINES programs take LINES, LINE_STRIP, LINE_LOOP */
    static const char gp_lines_text[] = "!!NVgp4.0\nPRIMITIVE_IN LINES;\nPRIMITIVE_OUT POINTS;\n"
                                        "VERTICES_OUT 1;\nMOV result.position, vertex[0].position;\n"
                                        "EMIT;\nEND\n";
    load(GL_GEOMETRY_PROGRAM_NV, gp_lines_text);
    GT_ERROR(GL_NO_ERROR);
    glDrawArrays(GL_LINES, 0, 6);
    glDrawArrays(GL_LINE_STRIP, 0, 6);
    glDrawArrays(GL_LINE_LOOP, 0, 6);
    GT_ERROR(GL_NO_ERROR);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glRectf(0, 0, 1, 1); /* an implicit Begin(POLYGON) */
    GT_ERROR(GL_INVALID_OPERATION);
    /* disabled: no check */
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_NO_ERROR);

    /* EDGE.INVALID_PROGRAM_DRAW: an enabled geometry program object whose
     * string never loaded */
    GLuint bad;
    glGenProgramsARB(1, &bad);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, bad);
    load(GL_GEOMETRY_PROGRAM_NV, "!!NVgp4.0\nPRIMITIVE_IN POINTS;\nEND\n"); /* no VERTICES_OUT */
    GT_ERROR(GL_INVALID_OPERATION);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_POINTS);
    GT_ERROR(GL_INVALID_OPERATION);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glDrawElements(GL_POINTS, 6, GL_UNSIGNED_BYTE, idx);
    GT_ERROR(GL_INVALID_OPERATION);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_NO_ERROR);
    /* the same for the vertex and fragment targets (ARB_vertex_program
     * 2.14.5, ARB_fragment_program 3.11.8): the default objects hold none */
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, vp);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glBegin(GL_TRIANGLES);
    GT_ERROR(GL_INVALID_OPERATION);
    glEnd();
    glGetError();
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, fp);
    glDrawArrays(GL_POINTS, 0, 6);
    GT_ERROR(GL_NO_ERROR);

    /* TEX.STAGE_CONFLICT (NV_gpu_program4 2.X.4.4): the geometry program
     * samples unit 0 as 2D, the fragment program as 3D */
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, gp);
    load(GL_GEOMETRY_PROGRAM_NV, gp_tex2d_text);
    GT_ERROR(GL_NO_ERROR);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_NO_ERROR); /* fragment program samples nothing */
    GLuint fp3 = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_tex3d_text);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glBegin(GL_TRIANGLES);
    GT_ERROR(GL_INVALID_OPERATION);
    glEnd();
    glGetError();
    /* other unit: no conflict */
    GLuint fp2 = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_tex2d_unit1_text);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_NO_ERROR);
    /* fragment program off: fixed-function texturing of unit 0 as 3D
     * conflicts too, as 2D does not */
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glEnable(GL_TEXTURE_3D);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glDisable(GL_TEXTURE_3D);
    glEnable(GL_TEXTURE_2D);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_TEXTURE_2D);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    /* vertex program (unit 0, 2D) against the fragment program (3D) */
    static const char vp_tex2d[] = "!!NVvp4.0\nTEMP t;\nTEX t, vertex.position, texture[0], 2D;\n"
                                   "MOV result.position, vertex.position;\nEND\n";
    GLuint vp2 = gt_program(GL_VERTEX_PROGRAM_ARB, vp_tex2d);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, fp3);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_INVALID_OPERATION);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDrawArrays(GL_TRIANGLES, 0, 6);
    GT_ERROR(GL_NO_ERROR);

    glDisableClientState(GL_VERTEX_ARRAY);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, 0);
    GLuint all[] = {vp, fp, gp, bad, fp3, fp2, vp2};
    glDeleteProgramsARB(7, all);
    GT_ERROR(GL_NO_ERROR);
}

/* A geometry program's outputs reach the framebuffer: its colour comes
 * from its own parameters, not from the vertices. */
static void test_render(void)
{
    GLuint vp = gt_program(GL_VERTEX_PROGRAM_ARB, vp_text);
    GLuint fp = gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_text);
    GLuint gp = gt_program(GL_GEOMETRY_PROGRAM_NV, gp_tri_text);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    /* API.E.GEO4_PRIMS without a geometry program: the adjacent vertices
     * (1, 3, 5) are dropped, vertices 0, 2, 4 make the triangle */
    static const float adj[6][2] = {{-1, -1}, {0.9f, 0.9f}, {1, -1}, {0.9f, 0.9f}, {-1, 1}, {0.9f, 0.9f}};
    glColor4f(1, 1, 1, 1);
    glVertexPointer(2, GL_FLOAT, 0, adj);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_TRIANGLES_ADJACENCY_EXT, 0, 6);
    glDisableClientState(GL_VERTEX_ARRAY);
    GT_PROBE(2, 2, 1, 1, 1, 1, 0.01f);
    GT_PROBE(W - 2, H - 2, 0, 0, 0, 0, 0.01f);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 0, 0, 1);
    /* without the geometry program: the vertex colour */
    draw_quad(GL_TRIANGLES);
    GT_PROBE(W / 2, H / 2, 1, 0, 0, 1, 0.01f);
    /* with it: local[0] on two vertices and env[1] on the third, flat
     * colours equal, so every pixel gets (0, 1, 0, 1) */
    glProgramLocalParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 0, 0, 1, 0, 1);
    glProgramEnvParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 1, 0, 1, 0, 1);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    draw_quad(GL_TRIANGLES);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(W / 2, H / 2, 0, 1, 0, 1, 0.01f);
    GT_PROBE(1, 1, 0, 1, 0, 1, 0.01f);
    GT_PROBE(W - 2, H - 2, 0, 1, 0, 1, 0.01f);
    /* immediate mode goes through it too */
    glProgramEnvParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 1, 0, 0, 1, 1);
    glProgramLocalParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 0, 0, 0, 1, 1);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, 1);
    glEnd();
    GT_PROBE(W / 2, H / 2, 0, 0, 1, 1, 0.01f);

    /* GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV binding points reach the
     * geometry program; a buffer update after a queued draw does not
     * change what that draw read */
    static const char gp_buf_text[] = "!!NVgp4.0\n"
                                      "PRIMITIVE_IN TRIANGLES;\n"
                                      "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                      "VERTICES_OUT 3;\n"
                                      "BUFFER4 b[] = { program.buffer[1] };\n"
                                      "MOV result.position, vertex[0].position;\n"
                                      "MOV result.color, b[2];\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[1].position;\n"
                                      "MOV result.color, b[2];\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[2].position;\n"
                                      "MOV result.color, b[2];\n"
                                      "EMIT;\n"
                                      "END\n";
    glProgramStringARB(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(gp_buf_text),
                       gp_buf_text);
    GT_ERROR(GL_NO_ERROR);
    static const GLfloat words[12] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, buf);
    glBufferData(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, sizeof words, words, GL_DYNAMIC_DRAW);
    glBindBufferBaseNV(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, 1, buf);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, W / 2, H);
    draw_quad(GL_TRIANGLES); /* left half: magenta */
    static const GLfloat cyan[4] = {0, 1, 1, 1};
    glProgramBufferParametersfvNV(GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV, 1, 8, 4, cyan);
    glScissor(W / 2, 0, W / 2, H);
    draw_quad(GL_TRIANGLES); /* right half: cyan */
    glDisable(GL_SCISSOR_TEST);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(2, H / 2, 1, 0, 1, 1, 0.01f);
    GT_PROBE(W - 3, H / 2, 0, 1, 1, 1, 0.01f);
    glDeleteBuffers(1, &buf);

    /* the vertex limit a draw uses is ProgramVertexLimitNV's: a program
     * declaring 1 vertex but emitting 3 draws its triangle once the limit
     * is 3 (a limit of 1 lets the extra EMITs have no effect, or any) */
    static const char gp_lim_text[] = "!!NVgp4.0\n"
                                      "PRIMITIVE_IN TRIANGLES;\n"
                                      "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
                                      "VERTICES_OUT 1;\n"
                                      "MOV result.color, {1, 1, 0, 1};\n"
                                      "MOV result.position, vertex[0].position;\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[1].position;\n"
                                      "EMIT;\n"
                                      "MOV result.position, vertex[2].position;\n"
                                      "EMIT;\n"
                                      "END\n";
    glProgramStringARB(GL_GEOMETRY_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(gp_lim_text),
                       gp_lim_text);
    GT_ERROR(GL_NO_ERROR);
    glProgramVertexLimitNV(GL_GEOMETRY_PROGRAM_NV, 3);
    glClear(GL_COLOR_BUFFER_BIT);
    draw_quad(GL_TRIANGLES);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(W / 2, H / 2, 1, 1, 0, 1, 0.01f);

    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GLuint all[] = {vp, fp, gp};
    glDeleteProgramsARB(3, all);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_geometry_program4 ") != NULL);
    test_target();
    test_vertex_limit();
    test_draw_checks();
    test_render();
    asmgl_context_destroy(c);
    return gt_finish("gl.nv4_geometry");
}
