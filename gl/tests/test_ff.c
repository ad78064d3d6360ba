/*
 * test_ff.c - fixed-function drawing with no programs bound (generated
 * programs, gl_ff.c + gl_ffgen): smooth and flat colour, lighting, texture
 * environments, texgen, fog, clip planes, and the mixed cases of one
 * programmable stage with a fixed-function one (position-invariant vertex
 * programs included).  Values computed by hand; 8-bit tolerance.
 */
#include "gl_test.h"

#define S 64
#define STEP (1.0f / 255)

static void big_triangle(void)
{
    /* window (0,0) red, (128,0) green, (0,128) blue: covers the viewport */
    glBegin(GL_TRIANGLES);
    glColor3f(1, 0, 0);
    glVertex2f(-1, -1);
    glColor3f(0, 1, 0);
    glVertex2f(3, -1);
    glColor3f(0, 0, 1);
    glVertex2f(-1, 3);
    glEnd();
}

static void quad(float z)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex3f(-1, -1, z);
    glTexCoord2f(1, 0);
    glVertex3f(1, -1, z);
    glTexCoord2f(1, 1);
    glVertex3f(1, 1, z);
    glTexCoord2f(0, 1);
    glVertex3f(-1, 1, z);
    glEnd();
}

static void test_color(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
    big_triangle();
    /* pixel (16,16), centre (16.5,16.5): green and blue weights 16.5/128,
     * red 95/128 */
    GT_PROBE(16, 16, 95.0f / 128, 16.5f / 128, 16.5f / 128, 1, STEP);
    /* flat: the provoking (last) vertex colour */
    glShadeModel(GL_FLAT);
    big_triangle();
    GT_PROBE(16, 16, 0, 0, 1, 1, 0);
    glShadeModel(GL_SMOOTH);
    GT_ERROR(GL_NO_ERROR);
}

static void test_lighting(void)
{
    /* light 0 defaults: directional (0,0,1), diffuse 1, ambient 0; material
     * ambient 0.2, diffuse 0.8; light model ambient 0.2:
     * 0.2 * 0.2 + 0.8 * max(n.L, 0) = 0.04 + 0.8 = 0.84 for n = (0,0,1) */
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glNormal3f(0, 0, 1);
    quad(0);
    GT_PROBE(32, 32, 0.84f, 0.84f, 0.84f, 1, STEP);
    /* normal at 60 degrees: n.L = 0.5 -> 0.04 + 0.4 */
    glNormal3f(0.8660254f, 0, 0.5f);
    quad(0);
    GT_PROBE(32, 32, 0.44f, 0.44f, 0.44f, 1, STEP);
    /* colour material tracks glColor for ambient and diffuse:
     * 0.2 * (1,0,0) + (1,0,0) * 0.5 = (0.7, 0, 0) */
    glEnable(GL_COLOR_MATERIAL);
    glColor3f(1, 0, 0);
    quad(0);
    GT_PROBE(32, 32, 0.7f, 0, 0, 1, STEP);
    glDisable(GL_COLOR_MATERIAL);
    glDisable(GL_LIGHTING);
    glColor3f(1, 1, 1);
    GT_ERROR(GL_NO_ERROR);
}

static void test_texture(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    const unsigned char texel[4] = {128, 255, 255, 255};
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_2D);
    /* MODULATE: (1, 0.5, 1) * (128/255, 1, 1) */
    glColor4f(1, 0.5f, 1, 1);
    quad(0);
    GT_PROBE(32, 32, 128.0f / 255, 0.5f, 1, 1, STEP);
    /* ADD: (1, 0.5, 1) + (0.5, 1, 1) saturates */
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_ADD);
    glColor4f(0.25f, 0, 0, 1);
    quad(0);
    GT_PROBE(32, 32, 0.25f + 128.0f / 255, 1, 1, 1, STEP);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glDisable(GL_TEXTURE_2D);

    /* texgen: s = 0.5 x + 0.5 over a 2-texel 1D texture (red, green) */
    GLuint t1;
    glGenTextures(1, &t1);
    glBindTexture(GL_TEXTURE_1D, t1);
    const unsigned char rg[8] = {255, 0, 0, 255, 0, 255, 0, 255};
    glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, rg);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_1D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glEnable(GL_TEXTURE_1D);
    glTexGeni(GL_S, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    const float plane[4] = {0.5f, 0, 0, 0.5f};
    glTexGenfv(GL_S, GL_OBJECT_PLANE, plane);
    glEnable(GL_TEXTURE_GEN_S);
    glColor3f(1, 1, 1);
    quad(0);
    GT_PROBE(10, 32, 1, 0, 0, 1, 0);
    GT_PROBE(54, 32, 0, 1, 0, 1, 0);
    glDisable(GL_TEXTURE_GEN_S);
    glDisable(GL_TEXTURE_1D);
    GT_ERROR(GL_NO_ERROR);
}

static void test_fog(void)
{
    /* linear fog from |z_eye| = 1: f = (2 - 1) / (2 - 0) = 0.5, blended
     * with a black fog colour */
    glEnable(GL_FOG);
    glFogi(GL_FOG_MODE, GL_LINEAR);
    glFogf(GL_FOG_START, 0);
    glFogf(GL_FOG_END, 2);
    const float black[4] = {0, 0, 0, 0};
    glFogfv(GL_FOG_COLOR, black);
    glMatrixMode(GL_MODELVIEW);
    glTranslatef(0, 0, -1);
    glColor3f(1, 1, 1);
    quad(0);
    glLoadIdentity();
    glDisable(GL_FOG);
    GT_PROBE(32, 32, 0.5f, 0.5f, 0.5f, 1, STEP);
    GT_ERROR(GL_NO_ERROR);
}

static void test_clip_planes(void)
{
    /* plane (1, 0, 0, -0.5) specified under a translation by +0.25 is stored
     * as p M^-1 = (1, 0, 0, -0.5 - 0.25): it keeps eye x >= 0.75 */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glTranslatef(0.25f, 0, 0);
    const double plane[4] = {1, 0, 0, -0.5};
    glClipPlane(GL_CLIP_PLANE0, plane);
    glLoadIdentity();
    double got[4];
    glGetClipPlane(GL_CLIP_PLANE0, got);
    GT_NEAR(got[3], -0.75, 1e-7);
    glEnable(GL_CLIP_PLANE0);
    glColor3f(1, 1, 1);
    quad(0);
    glDisable(GL_CLIP_PLANE0);
    /* drawn under the identity: NDC x >= 0.75, window x >= 56 */
    GT_PROBE(54, 32, 0, 0, 0, 1, 0);
    GT_PROBE(57, 32, 1, 1, 1, 1, 0);
    GT_ERROR(GL_NO_ERROR);
}

static void test_mixed(void)
{
    /* a vertex program with fixed-function fragment processing */
    gt_program(GL_VERTEX_PROGRAM_ARB,
               "!!ARBvp1.0\n"
               "MOV result.position, vertex.position;\n"
               "MOV result.color, program.env[0];\n"
               "END\n");
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, 0.25f, 0.5f, 0.75f, 1);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    quad(0);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    GT_PROBE(32, 32, 0.25f, 0.5f, 0.75f, 1, STEP);

    /* fixed-function vertex processing feeding a fragment program that
     * reads texture coordinate set 1, transformed by texture matrix 1 */
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\nMOV result.color, fragment.texcoord[1];\nEND\n");
    glActiveTexture(GL_TEXTURE1);
    glMatrixMode(GL_TEXTURE);
    glScalef(0.5f, 0.5f, 0.5f);
    glMatrixMode(GL_MODELVIEW);
    glActiveTexture(GL_TEXTURE0);
    glMultiTexCoord4f(GL_TEXTURE1, 0.5f, 1, 0.25f, 1);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GT_PROBE(32, 32, 0.25f, 0.5f, 0.125f, 1, STEP);
    GT_ERROR(GL_NO_ERROR);
}

/* ARB_vertex_program 2.14.4.5.1: a position-invariant program is clipped by
 * the client clip planes like fixed function (gl_program_clip_variant). */
static void test_clip_position_invariant(void)
{
    static const char *const progs[] = {
        "!!ARBvp1.0\n"
        "OPTION ARB_position_invariant;\n"
        "MOV result.color, vertex.color;\n"
        "END\n",
        /* "SEQ" is a name here but a reserved word under OPTION
         * NV_vertex_program2, which provides result.clip: the variant is
         * made from the compiled program, not from its text */
        "\n!!ARBvp1.0 OPTION ARB_position_invariant;\n"
        "TEMP SEQ; # END of nothing\n"
        "MOV SEQ, vertex.color;\n"
        "MOV result.color, SEQ;\n"
        "END\n",
    };
    for (int i = 0; i < 2; i++) {
        GLuint p = gt_program(GL_VERTEX_PROGRAM_ARB, progs[i]);
        glEnable(GL_VERTEX_PROGRAM_ARB);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        /* as test_clip_planes: eye x >= 0.75 is kept */
        glTranslatef(0.25f, 0, 0);
        const double plane[4] = {1, 0, 0, -0.5};
        glClipPlane(GL_CLIP_PLANE0, plane);
        glLoadIdentity();
        glEnable(GL_CLIP_PLANE0);
        glColor3f(1, 1, 1);
        quad(0);
        GT_PROBE(54, 32, 0, 0, 0, 1, 0);
        GT_PROBE(57, 32, 1, 1, 1, 1, 0);
        /* the test is in eye coordinates: modelview x + 0.5, projection
         * x - 0.5 keep object x >= 0.25 = NDC x >= 0.25: window x >= 40
         * (a clip-space test would keep x >= 56) */
        glClear(GL_COLOR_BUFFER_BIT);
        glMatrixMode(GL_PROJECTION);
        glTranslatef(-0.5f, 0, 0);
        glMatrixMode(GL_MODELVIEW);
        glTranslatef(0.5f, 0, 0);
        quad(0);
        glLoadIdentity();
        glMatrixMode(GL_PROJECTION);
        glLoadIdentity();
        glMatrixMode(GL_MODELVIEW);
        GT_PROBE(38, 32, 0, 0, 0, 1, 0);
        GT_PROBE(41, 32, 1, 1, 1, 1, 0);
        /* planes disabled: the whole quad */
        glDisable(GL_CLIP_PLANE0);
        quad(0);
        GT_PROBE(2, 32, 1, 1, 1, 1, 0);
        glDisable(GL_VERTEX_PROGRAM_ARB);
        glDeleteProgramsARB(1, &p);
        GT_ERROR(GL_NO_ERROR);
    }

    /* a program that is not position-invariant and writes no result.clip
     * is not clipped (section 2.11 edit) */
    GLuint p = gt_program(GL_VERTEX_PROGRAM_ARB, "!!ARBvp1.0\n"
                                                  "MOV result.position, vertex.position;\n"
                                                  "MOV result.color, vertex.color;\n"
                                                  "END\n");
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_CLIP_PLANE0);
    quad(0);
    glDisable(GL_CLIP_PLANE0);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDeleteProgramsARB(1, &p);
    GT_PROBE(2, 32, 1, 1, 1, 1, 0);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(S, S);
    test_color();
    test_lighting();
    test_texture();
    test_fog();
    test_clip_planes();
    test_clip_position_invariant();
    test_mixed();
    asmgl_context_destroy(c);
    return gt_finish("gl.ff");
}
