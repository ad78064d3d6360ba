/*
 * test_material_begin_end.c - glMaterial between Begin and End (GL 2.1
 * 2.14.3): each vertex is lit with the material current when it was
 * specified.  One directional light (diffuse white, along +z), normal +z,
 * no ambient, so a lit vertex's colour is its diffuse material; expected
 * colours by hand.
 */
#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(32, 32);
    static const float black[4] = {0, 0, 0, 1}, white[4] = {1, 1, 1, 1};
    static const float red[4] = {1, 0, 0, 1}, green[4] = {0, 1, 0, 1}, blue[4] = {0, 0, 1, 1};
    static const float dir[4] = {0, 0, 1, 0};
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    glLightfv(GL_LIGHT0, GL_AMBIENT, black);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightfv(GL_LIGHT0, GL_SPECULAR, black);
    glLightfv(GL_LIGHT0, GL_POSITION, dir);
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, blue);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);

    /* left quad red, right quad green (smooth: every vertex of a quad has
     * the same material) */
    glNormal3f(0, 0, 1);
    glBegin(GL_QUADS);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, red);
    glVertex2f(-1, -1);
    glVertex2f(0, -1);
    glVertex2f(0, 1);
    glVertex2f(-1, 1);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, green);
    glVertex2f(0, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(0, 1);
    glEnd();
    GT_PROBE(8, 16, 1, 0, 0, 1, 0.01f);
    GT_PROBE(24, 16, 0, 1, 0, 1, 0.01f);
    /* the material after End is the last one set */
    float d[4];
    glGetMaterialfv(GL_FRONT, GL_DIFFUSE, d);
    GT_NEAR(d[1], 1.0, 0);
    GT_NEAR(d[2], 0.0, 0);
    /* a later draw without changes uses it (COLOR_MATERIAL stayed off) */
    GT_CHECK(!glIsEnabled(GL_COLOR_MATERIAL));
    glColor4f(1, 0, 1, 1);
    glRectf(-1, -1, 1, 1);
    GT_PROBE(8, 16, 0, 1, 0, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_context_destroy(c);
    return gt_finish("material_begin_end");
}
