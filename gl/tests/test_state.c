/*
 * test_state.c - state.* bindings (ARB_vertex_program section 2.14.3.1,
 * ARB_fragment_program section 3.11.3.1) resolved from GL state, rendered
 * into four RGBA32F colour attachments and read back with glReadPixels.
 * Every expected value is computed by hand in the comments.  The programs
 * map each value v to v/8 + 0.5 so it fits [0,1] whatever clamping applies.
 */
#include "gl_test.h"

#include <math.h>
#include <string.h>

#define W 4
#define H 4

static GLuint tex[4], fbo;

static void setup_fbo(void)
{
    glGenTextures(4, tex);
    for (int i = 0; i < 4; i++) {
        glBindTexture(GL_TEXTURE_2D, tex[i]);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F_ARB, W, H, 0, GL_RGBA, GL_FLOAT, NULL);
    }
    glGenFramebuffersEXT(1, &fbo);
    glBindFramebufferEXT(GL_FRAMEBUFFER_EXT, fbo);
    for (int i = 0; i < 4; i++)
        glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, GL_COLOR_ATTACHMENT0_EXT + i, GL_TEXTURE_2D,
                                  tex[i], 0);
    static const GLenum bufs[4] = {GL_COLOR_ATTACHMENT0_EXT, GL_COLOR_ATTACHMENT1_EXT,
                                   GL_COLOR_ATTACHMENT2_EXT, GL_COLOR_ATTACHMENT3_EXT};
    glDrawBuffersARB(4, bufs);
    GT_EQ_INT(glCheckFramebufferStatusEXT(GL_FRAMEBUFFER_EXT), GL_FRAMEBUFFER_COMPLETE_EXT);
    glViewport(0, 0, W, H);
}

/* Checks attachment i against want (the state value, before the v/8+0.5
 * mapping) at the centre pixel. */
static void expect(int line, int i, float x, float y, float z, float w)
{
    float px[4];
    glReadBuffer(GL_COLOR_ATTACHMENT0_EXT + i);
    glReadPixels(1, 2, 1, 1, GL_RGBA, GL_FLOAT, px);
    float want[4] = {x, y, z, w};
    for (int c = 0; c < 4; c++) {
        float v = (px[c] - 0.5f) * 8.0f;
        if (!(fabsf(v - want[c]) <= 2e-5f)) {
            fprintf(stderr, "test_state.c:%d: attachment %d component %d = %.7g, want %.7g\n", line,
                    i, c, v, want[c]);
            gt_failures++;
        }
    }
}

static void quad(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

/* Fragment program writing fragment.texcoord[0..3] to the four buffers. */
static const char fp_copy[] =
    "!!ARBfp1.0\n"
    "OPTION ARB_draw_buffers;\n"
    "PARAM k = {0.125, 0.5, 0, 0};\n"
    "MAD result.color[0], fragment.texcoord[0], k.x, k.y;\n"
    "MAD result.color[1], fragment.texcoord[1], k.x, k.y;\n"
    "MAD result.color[2], fragment.texcoord[2], k.x, k.y;\n"
    "MAD result.color[3], fragment.texcoord[3], k.x, k.y;\n"
    "END\n";

static void set_state(void)
{
    /* light 0, specified under an identity modelview */
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    const float pos[4] = {0, 3, 4, 0};
    glLightfv(GL_LIGHT0, GL_POSITION, pos);
    const float diffuse[4] = {0.5f, 0.25f, 1, 1};
    glLightfv(GL_LIGHT0, GL_DIFFUSE, diffuse);
    const float dir[3] = {1, 0, 0};
    glLightfv(GL_LIGHT0, GL_SPOT_DIRECTION, dir);
    glLightf(GL_LIGHT0, GL_SPOT_CUTOFF, 60);
    const float mdiff[4] = {0.5f, 0.8f, 0.25f, 0.75f};
    const float mamb[4] = {0.5f, 0.5f, 1, 1};
    const float memi[4] = {0.1f, 0.2f, 0.3f, 1};
    glMaterialfv(GL_FRONT, GL_DIFFUSE, mdiff);
    glMaterialfv(GL_FRONT, GL_AMBIENT, mamb);
    glMaterialfv(GL_FRONT, GL_EMISSION, memi);
    glFogf(GL_FOG_DENSITY, 0.5f);
    glFogf(GL_FOG_START, 2);
    glFogf(GL_FOG_END, 6);
    const float fogc[4] = {0.5f, 0.25f, 0.125f, 1};
    glFogfv(GL_FOG_COLOR, fogc);
    glDepthRange(0.25, 0.75);
    glActiveTexture(GL_TEXTURE1);
    const float envc[4] = {0.1f, 0.2f, 0.3f, 0.4f};
    glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, envc);
    glActiveTexture(GL_TEXTURE0);

    /* P = Ortho(0,4, 0,2, -1,1):  rows (0.5,0,0,-1) (0,1,0,-1) (0,0,-1,0) (0,0,0,1)
     * M = Translate(1,0,0) Scale(2,2,2): rows (2,0,0,1) (0,2,0,0) (0,0,2,0) (0,0,0,1) */
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, 4, 0, 2, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glTranslatef(1, 0, 0);
    glScalef(2, 2, 2);
    /* eye plane p M^-1 = (1,2,3,4) rows (0.5,0,0,-0.5)(0,0.5,0,0)(0,0,0.5,0)(0,0,0,1)
     * = (0.5, 1, 1.5, 3.5) */
    const float plane[4] = {1, 2, 3, 4};
    glTexGenfv(GL_S, GL_EYE_PLANE, plane);
    /* clip plane p M^-1 = (0,1,0,-1) M^-1 = (0, 0.5, 0, -1) */
    const double cp[4] = {0, 1, 0, -1};
    glClipPlane(GL_CLIP_PLANE0, cp);
    glPointSize(3);
    glPointParameterf(GL_POINT_SIZE_MIN, 1);
    glPointParameterf(GL_POINT_SIZE_MAX, 4);
    glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, 2);
    const float att[3] = {1, 0.5f, 0.25f};
    glPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, att);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 5, -1, 2, -3, 0.5f);
    /* program matrix 0: row 1 = (m[1], m[5], m[9], m[13]) = (1, -2, 0.5, 3) */
    const float pm[16] = {1, 1, 0, 0, 0, -2, 0, 0, 0, 0.5f, 1, 0, 0, 3, 0, 1};
    glMatrixMode(GL_MATRIX0_ARB);
    glLoadMatrixf(pm);
    glMatrixMode(GL_MODELVIEW);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    setup_fbo();
    set_state();

    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    gt_program(GL_FRAGMENT_PROGRAM_ARB, fp_copy);

    /* pass A */
    gt_program(GL_VERTEX_PROGRAM_ARB,
               "!!ARBvp1.0\n"
               "MOV result.position, vertex.position;\n"
               "MOV result.texcoord[0], state.matrix.mvp.row[0];\n"
               "MOV result.texcoord[1], state.light[0].half;\n"
               "MOV result.texcoord[2], state.lightprod[0].diffuse;\n"
               "MOV result.texcoord[3], state.fog.params;\n"
               "END\n");
    quad();
    GT_ERROR(GL_NO_ERROR);
    /* MVP row 0 = (0.5*2, 0, 0, 0.5*1 - 1) */
    expect(__LINE__, 0, 1, 0, 0, -0.5f);
    /* h = ||(0,0.6,0.8) + (0,0,1)|| = (0, 0.6, 1.8)/sqrt(3.6) */
    expect(__LINE__, 1, 0, 0.316227766f, 0.948683298f, 1);
    /* (0.5*0.5, 0.25*0.8, 1*0.25, material alpha 0.75) */
    expect(__LINE__, 2, 0.25f, 0.2f, 0.25f, 0.75f);
    /* (density, start, end, 1/(end - start)) */
    expect(__LINE__, 3, 0.5f, 2, 6, 0.25f);

    /* pass B */
    gt_program(GL_VERTEX_PROGRAM_ARB,
               "!!ARBvp1.0\n"
               "MOV result.position, vertex.position;\n"
               "MOV result.texcoord[0], state.matrix.modelview.inverse.row[0];\n"
               "MOV result.texcoord[1], state.matrix.projection.transpose.row[3];\n"
               "MOV result.texcoord[2], state.light[0].spot.direction;\n"
               "MOV result.texcoord[3], state.lightmodel.scenecolor;\n"
               "END\n");
    quad();
    GT_ERROR(GL_NO_ERROR);
    expect(__LINE__, 0, 0.5f, 0, 0, -0.5f);
    /* column 3 of P */
    expect(__LINE__, 1, -1, -1, 0, 1);
    /* direction as specified under identity, cos(60) */
    expect(__LINE__, 2, 1, 0, 0, 0.5f);
    /* 0.2 * (0.5,0.5,1) + (0.1,0.2,0.3), alpha = diffuse alpha 0.75 */
    expect(__LINE__, 3, 0.2f, 0.3f, 0.5f, 0.75f);

    /* pass D */
    gt_program(GL_VERTEX_PROGRAM_ARB,
               "!!ARBvp1.0\n"
               "MOV result.position, vertex.position;\n"
               "MOV result.texcoord[0], state.texgen[0].eye.s;\n"
               "MOV result.texcoord[1], state.clip[0].plane;\n"
               "MOV result.texcoord[2], state.point.size;\n"
               "MOV result.texcoord[3], state.point.attenuation;\n"
               "END\n");
    quad();
    GT_ERROR(GL_NO_ERROR);
    expect(__LINE__, 0, 0.5f, 1, 1.5f, 3.5f);
    expect(__LINE__, 1, 0, 0.5f, 0, -1);
    expect(__LINE__, 2, 3, 1, 4, 2);
    expect(__LINE__, 3, 1, 0.5f, 0.25f, 1);

    /* pass C: fragment-side bindings */
    glDisable(GL_VERTEX_PROGRAM_ARB);
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\n"
               "OPTION ARB_draw_buffers;\n"
               "PARAM k = {0.125, 0.5, 0, 0};\n"
               "MAD result.color[0], state.depth.range, k.x, k.y;\n"
               "MAD result.color[1], state.texenv[1].color, k.x, k.y;\n"
               "MAD result.color[2], state.matrix.program[0].row[1], k.x, k.y;\n"
               "MAD result.color[3], program.env[5], k.x, k.y;\n"
               "END\n");
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    quad();
    GT_ERROR(GL_NO_ERROR);
    expect(__LINE__, 0, 0.25f, 0.75f, 0.5f, 1);
    expect(__LINE__, 1, 0.1f, 0.2f, 0.3f, 0.4f);
    expect(__LINE__, 2, 1, -2, 0.5f, 3);
    expect(__LINE__, 3, -1, 2, -3, 0.5f);

    /* a parameter change between draws is seen by the next draw (the
     * resolved table is cached until state changes) */
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 5, 1, 1, 1, 1);
    glDepthRange(0, 1);
    quad();
    expect(__LINE__, 3, 1, 1, 1, 1);
    expect(__LINE__, 0, 0, 1, 1, 1);

    asmgl_context_destroy(c);
    return gt_finish("gl.state");
}
