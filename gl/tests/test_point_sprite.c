/*
 * test_point_sprite.c - ARB_point_sprite / GL 2.1 3.4.1 COORD_REPLACE: with
 * POINT_SPRITE on, a unit whose COORD_REPLACE is TRUE gets (s, t, 0, 1)
 * over the point, s = 1/2 + (x_f + 1/2 - x_w) / size and (origin
 * UPPER_LEFT) t = 1/2 - (y_f + 1/2 - y_w) / size; other units and
 * points without sprites keep the vertex's coordinates.  A 4-pixel point
 * at window (16, 16) covers pixels 14..17; values by hand.
 */
#include "gl_test.h"

static void point(void)
{
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_POINTS);
    glVertex2f(16.0f, 16.0f);
    glEnd();
}

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    glMatrixMode(GL_PROJECTION);
    glOrtho(0, 32, 0, 32, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    gt_program(GL_FRAGMENT_PROGRAM_ARB,
               "!!ARBfp1.0\n"
               "MOV result.color, fragment.texcoord[0];\n"
               "END\n");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glPointSize(4.0f);
    glTexCoord4f(0.25f, 0.5f, 0.75f, 1.0f);

    glEnable(GL_POINT_SPRITE);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
    GLint v = 0;
    glGetTexEnviv(GL_POINT_SPRITE, GL_COORD_REPLACE, &v);
    GT_EQ_INT(v, GL_TRUE);
    point();
    GT_PROBE(14, 17, 0.125f, 0.125f, 0, 1, 0.01f);
    GT_PROBE(17, 14, 0.875f, 0.875f, 0, 1, 0.01f);
    GT_PROBE(15, 15, 0.375f, 0.625f, 0, 1, 0.01f);

    /* LOWER_LEFT origin: t = 1/2 + (y_f + 1/2 - y_w) / size */
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
    point();
    GT_PROBE(14, 17, 0.125f, 0.875f, 0, 1, 0.01f);
    glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_UPPER_LEFT);

    /* sprites off: the vertex's coordinates */
    glDisable(GL_POINT_SPRITE);
    point();
    GT_PROBE(14, 17, 0.25f, 0.5f, 0.75f, 1, 0.01f);

    /* COORD_REPLACE of unit 0 off */
    glEnable(GL_POINT_SPRITE);
    glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_FALSE);
    point();
    GT_PROBE(17, 14, 0.25f, 0.5f, 0.75f, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("point_sprite");
}
