/* test_raster_budget.c - a vertex program that never ends, run outside a
 * draw: RasterPos (GL 2.1 section 2.13 runs the vertex program) is stopped
 * by the instruction budget (rast.h "Instruction budget"), raises no GL
 * error and leaves the raster position invalid, so a Bitmap after it draws
 * nothing; selection (section 5.2) of a draw whose vertices are stopped
 * records no hit.  A program that ends gives a valid position and a hit.
 * The endless program is NV4's REP without a count, whose BRK is never
 * taken.
 *
 * covers: OP.REP
 */
#include "gl_test.h"

static const char VP_ENDLESS[] = "!!NVvp4.0\n"
                                 "TEMP r;\n"
                                 "MOV r, 0;\n"
                                 "REP;\n"
                                 " SLT.CC0 r.w, r.x, -1.0;\n"
                                 " BRK (NE0.w);\n"
                                 " ADD r.x, r.x, 1;\n"
                                 "ENDREP;\n"
                                 "MOV result.position, vertex.position;\n"
                                 "END\n";
static const char VP_PLAIN[] = "!!NVvp4.0\n"
                               "MOV result.position, vertex.position;\n"
                               "MOV result.color, vertex.color;\n"
                               "END\n";

/* Selects a triangle around the origin with the bound program; returns
 * the hit count. */
static GLint select_triangle(void)
{
    GLuint buf[64];
    glSelectBuffer(64, buf);
    glRenderMode(GL_SELECT);
    glInitNames();
    glPushName(7);
    glBegin(GL_TRIANGLES);
    glVertex2f(-0.5f, -0.5f);
    glVertex2f(0.5f, -0.5f);
    glVertex2f(0.0f, 0.5f);
    glEnd();
    return glRenderMode(GL_RENDER);
}

int main(void)
{
    asmgl_context *c = gt_context(16, 16);
    GLboolean valid = GL_FALSE;
    /* 8x2, each row padded to UNPACK_ALIGNMENT (4) bytes */
    static const GLubyte bits[8] = {0xff, 0, 0, 0, 0xff, 0, 0, 0};

    GLuint endless = gt_program(GL_VERTEX_PROGRAM_ARB, VP_ENDLESS);
    GLuint plain = gt_program(GL_VERTEX_PROGRAM_ARB, VP_PLAIN);
    glEnable(GL_VERTEX_PROGRAM_ARB);

    /* a program that ends: a valid position, and the bitmap lands */
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, plain);
    glRasterPos2f(0.0f, 0.0f);
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    GT_EQ_INT(valid, GL_TRUE);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor4f(1, 1, 1, 1);
    glRasterPos2f(0.0f, 0.0f); /* the raster colour is latched here */
    glBitmap(8, 2, 0, 0, 0, 0, bits);
    GT_PROBE(8, 8, 1, 1, 1, 1, 0.01f);
    GT_EQ_INT(select_triangle(), 1);
    GT_ERROR(GL_NO_ERROR);

    /* the endless program: stopped, no error, an invalid position */
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, endless);
    glRasterPos2f(0.0f, 0.0f);
    GT_ERROR(GL_NO_ERROR);
    glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
    GT_EQ_INT(valid, GL_FALSE);
    glClear(GL_COLOR_BUFFER_BIT);
    glBitmap(8, 2, 0, 0, 0, 0, bits);
    GT_PROBE(8, 8, 0, 0, 0, 0, 0.01f);
    GT_EQ_INT(select_triangle(), 0);
    GT_ERROR(GL_NO_ERROR);

    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.raster_budget");
}
