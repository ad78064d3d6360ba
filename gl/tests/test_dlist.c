/* test_dlist.c - display lists (GL 2.1 section 5.4): every command class
 * inside a list (state, matrices, lighting and material, immediate-mode
 * vertices, array draws, raster position / Bitmap / DrawPixels, textures,
 * assembly program binds, strings and parameters, Enable/Disable), client
 * data copied at compile time, COMPILE against COMPILE_AND_EXECUTE, nested
 * CallList with its limit, CallLists of every type with ListBase, the
 * errors (at NewList/EndList, and those of recorded commands raised when
 * the list executes) and the commands that execute at once while a list is
 * compiled.  Expected values are worked out by hand in the comments.
 */
#include "gl_test.h"

#include <string.h>

enum { W = 16, H = 16 };

/* A quad covering the viewport (identity matrices). */
static void full_quad(void)
{
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static void clear_black(void)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
}

/* NewList/EndList/GenLists/DeleteLists/IsList errors and queries. */
static void test_errors_and_queries(void)
{
    GLint v = -1;
    glGetIntegerv(GL_MAX_LIST_NESTING, &v);
    GT_EQ_INT(v, 64);
    glGetIntegerv(GL_LIST_INDEX, &v);
    GT_EQ_INT(v, 0);
    glGetIntegerv(GL_LIST_MODE, &v);
    GT_EQ_INT(v, 0);
    glGetIntegerv(GL_LIST_BASE, &v);
    GT_EQ_INT(v, 0);

    glNewList(0, GL_COMPILE);
    GT_ERROR(GL_INVALID_VALUE);
    glNewList(1, GL_RENDER);
    GT_ERROR(GL_INVALID_ENUM);
    glEndList();
    GT_ERROR(GL_INVALID_OPERATION);
    GT_EQ_INT(glGenLists(-1), 0);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(glGenLists(0), 0);
    GT_ERROR(GL_NO_ERROR);
    glDeleteLists(1, -1);
    GT_ERROR(GL_INVALID_VALUE);
    glBegin(GL_POINTS);
    glNewList(1, GL_COMPILE);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);

    /* GenLists: a run of unused names, each an (empty) list */
    GLuint base = glGenLists(3);
    GT_CHECK(base != 0);
    GT_CHECK(glIsList(base) && glIsList(base + 1) && glIsList(base + 2));
    GT_CHECK(!glIsList(base + 3));
    GLuint next = glGenLists(2);
    GT_CHECK(next >= base + 3 || next + 2 <= base);
    glCallList(base); /* empty: nothing */
    GT_ERROR(GL_NO_ERROR);

    glNewList(base, GL_COMPILE);
    glGetIntegerv(GL_LIST_INDEX, &v); /* Get executes at once */
    GT_EQ_INT(v, base);
    glGetIntegerv(GL_LIST_MODE, &v);
    GT_EQ_INT(v, GL_COMPILE);
    glNewList(base + 1, GL_COMPILE); /* NewList inside NewList */
    GT_ERROR(GL_INVALID_OPERATION);
    glShadeModel(GL_TEXTURE_2D); /* a bad enum: recorded, no error yet */
    GT_ERROR(GL_NO_ERROR);
    glEndList();
    glGetIntegerv(GL_LIST_INDEX, &v);
    GT_EQ_INT(v, 0);
    glCallList(base); /* the recorded command's error, when it executes */
    GT_ERROR(GL_INVALID_ENUM);
    glCallList(base);
    GT_ERROR(GL_INVALID_ENUM);

    glDeleteLists(base, 3);
    GT_CHECK(!glIsList(base) && !glIsList(base + 2));
    glDeleteLists(next, 2);
    glDeleteLists(1, 0x7fffffff); /* a range wider than the names: no error */
    GT_ERROR(GL_NO_ERROR);
    /* CallList of an unused name does nothing */
    glCallList(12345);
    GT_ERROR(GL_NO_ERROR);
}

/* State, enables and the matrix stack; COMPILE changes nothing until called. */
static void test_state_and_matrices(void)
{
    GLfloat scale[16] = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1};
    GLuint l = glGenLists(1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glShadeModel(GL_SMOOTH);
    glNewList(l, GL_COMPILE);
    glShadeModel(GL_FLAT);
    glLineWidth(3);
    glPointSize(5);
    glEnable(GL_CULL_FACE);
    glDisable(GL_DITHER);
    glClearColor(0.25f, 0.5f, 0.75f, 1);
    glPushMatrix(); /* pushes, then the pop below restores */
    glScalef(7, 7, 7);
    glPopMatrix();
    glTranslatef(1, 2, 3);
    glMultMatrixf(scale); /* copied now: the change below does not matter */
    glEndList();
    scale[0] = 100;

    GLint i = 0;
    GLfloat f[16];
    glGetIntegerv(GL_SHADE_MODEL, &i);
    GT_EQ_INT(i, GL_SMOOTH);
    GT_CHECK(!glIsEnabled(GL_CULL_FACE) && glIsEnabled(GL_DITHER));
    glGetFloatv(GL_MODELVIEW_MATRIX, f);
    GT_NEAR(f[12], 0, 0);

    glCallList(l);
    GT_ERROR(GL_NO_ERROR);
    glGetIntegerv(GL_SHADE_MODEL, &i);
    GT_EQ_INT(i, GL_FLAT);
    glGetFloatv(GL_LINE_WIDTH, f);
    GT_NEAR(f[0], 3, 0);
    glGetFloatv(GL_POINT_SIZE, f);
    GT_NEAR(f[0], 5, 0);
    GT_CHECK(glIsEnabled(GL_CULL_FACE) && !glIsEnabled(GL_DITHER));
    glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
    GT_NEAR(f[1], 0.5, 0);
    /* T(1,2,3) * S(2,3,4): diagonal 2,3,4, translation 1,2,3 */
    glGetFloatv(GL_MODELVIEW_MATRIX, f);
    const float want[16] = {2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 1, 2, 3, 1};
    for (int k = 0; k < 16; k++)
        GT_NEAR(f[k], want[k], 0);
    GLint depth = 0;
    glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
    GT_EQ_INT(depth, 1);

    glLoadIdentity();
    glShadeModel(GL_SMOOTH);
    glDisable(GL_CULL_FACE);
    glEnable(GL_DITHER);
    glLineWidth(1);
    glPointSize(1);
    glDeleteLists(l, 1);
}

/* Lights and materials with client arrays (copied at compile time), then a
 * lit quad: normal (0,0,1), light 0 directional along +z, diffuse white,
 * material ambient 0 and diffuse (0.5, 0.25, 1): colour = diffuse * N.L =
 * (0.5, 0.25, 1), alpha the diffuse alpha 1. */
static void test_lighting(void)
{
    GLfloat diffuse[4] = {0.5f, 0.25f, 1, 1}, black[4] = {0, 0, 0, 1};
    GLfloat white[4] = {1, 1, 1, 1}, dir[4] = {0, 0, 1, 0};
    GLuint l = glGenLists(1);
    glNewList(l, GL_COMPILE);
    glMaterialfv(GL_FRONT_AND_BACK, GL_AMBIENT, black);
    glMaterialfv(GL_FRONT_AND_BACK, GL_DIFFUSE, diffuse);
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, black);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightfv(GL_LIGHT0, GL_POSITION, dir);
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, black);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    glNormal3f(0, 0, 1);
    glEndList();
    diffuse[0] = diffuse[1] = diffuse[2] = 0; /* after compile: ignored */
    GT_CHECK(!glIsEnabled(GL_LIGHTING));

    clear_black();
    glCallList(l);
    full_quad();
    GT_PROBE(8, 8, 0.5f, 0.25f, 1, 1, 0.01f);
    GLfloat m[4];
    glGetMaterialfv(GL_FRONT, GL_DIFFUSE, m);
    GT_NEAR(m[0], 0.5, 0);
    GT_NEAR(m[1], 0.25, 0);
    glDisable(GL_LIGHTING);
    glDisable(GL_LIGHT0);
    glDeleteLists(l, 1);
}

/* glxgears' pattern: a list of ShadeModel, Normal, Begin/Vertex/End and
 * Material; COMPILE draws nothing and leaves the current values, CallList
 * draws; COMPILE_AND_EXECUTE draws while compiling and again when called. */
static void test_immediate_vertices(void)
{
    static const GLfloat green[4] = {0, 1, 0, 1};
    GLuint l = glGenLists(2);
    glColor4f(1, 0, 0, 1);
    clear_black();
    glNewList(l, GL_COMPILE);
    glShadeModel(GL_FLAT);
    glNormal3f(0, 0, 1);
    glColor4fv(green);
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, 0);
    glVertex3f(1, -1, 0);
    glVertex3f(1, 1, 0);
    glVertex3f(-1, 1, 0);
    glEnd();
    glEndList();
    GT_PROBE(8, 8, 0, 0, 0, 0, 0);
    GLfloat c[4];
    glGetFloatv(GL_CURRENT_COLOR, c);
    GT_NEAR(c[0], 1, 0); /* still red: the list's Color did not execute */
    glCallList(l);
    GT_PROBE(8, 8, 0, 1, 0, 1, 0.002f);
    glGetFloatv(GL_CURRENT_COLOR, c);
    GT_NEAR(c[1], 1, 0);

    /* a second, COMPILE_AND_EXECUTE list of a blue rectangle (glRect) */
    clear_black();
    glNewList(l + 1, GL_COMPILE_AND_EXECUTE);
    glColor3ub(0, 0, 255);
    glRecti(-1, -1, 1, 1);
    glEndList();
    GT_PROBE(8, 8, 0, 0, 1, 1, 0.002f);
    clear_black();
    glCallList(l + 1);
    GT_PROBE(8, 8, 0, 0, 1, 1, 0.002f);

    /* a list holding Begin only: the vertices of another, the End of a third */
    GLuint parts = glGenLists(3);
    glNewList(parts, GL_COMPILE);
    glBegin(GL_TRIANGLES);
    glEndList();
    glNewList(parts + 1, GL_COMPILE);
    glColor3f(1, 1, 0);
    glVertex2f(-1, -1);
    glVertex2f(3, -1);
    glVertex2f(-1, 3);
    glEndList();
    glNewList(parts + 2, GL_COMPILE);
    glEnd();
    glEndList();
    clear_black();
    glCallList(parts);
    glCallList(parts + 1);
    glCallList(parts + 2);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 1, 1, 0, 1, 0.002f);
    /* a list whose Rect executes inside Begin/End: INVALID_OPERATION then */
    glBegin(GL_TRIANGLES);
    glCallList(l + 1);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glShadeModel(GL_SMOOTH);
    glDeleteLists(l, 2);
    glDeleteLists(parts, 3);
}

/* glxgears' gear lists: Material(AMBIENT_AND_DIFFUSE), ShadeModel(FLAT),
 * Normal and a QUAD_STRIP, called between PushMatrix/Translate/Rotate and
 * PopMatrix with lighting on.  Light 0 has its defaults (diffuse white,
 * direction +z) and the light model ambient is 0.2: colour = 0.2 * (0.8,
 * 0.1, 0) + 1 * (0.8, 0.1, 0) = (0.96, 0.12, 0), alpha 1.  The rotation
 * about z keeps the normal (0, 0, 1). */
static void test_gears_pattern(void)
{
    static const GLfloat red[4] = {0.8f, 0.1f, 0, 1};
    GLuint gear = glGenLists(1);
    glNewList(gear, GL_COMPILE);
    glMaterialfv(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, red);
    glShadeModel(GL_FLAT);
    glNormal3f(0, 0, 1);
    glBegin(GL_QUAD_STRIP);
    for (int i = 0; i <= 4; i++) {
        glVertex3f(-0.6f + 0.3f * (float)i, -0.6f, 0);
        glVertex3f(-0.6f + 0.3f * (float)i, 0.6f, 0);
    }
    glEnd();
    glShadeModel(GL_SMOOTH);
    glEndList();

    static const GLfloat ambient[4] = {0.2f, 0.2f, 0.2f, 1}, zero[4] = {0, 0, 0, 1};
    static const GLfloat white[4] = {1, 1, 1, 1}, dir[4] = {0, 0, 1, 0};
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, ambient); /* the defaults again */
    glLightfv(GL_LIGHT0, GL_AMBIENT, zero);
    glLightfv(GL_LIGHT0, GL_DIFFUSE, white);
    glLightfv(GL_LIGHT0, GL_POSITION, dir);
    glEnable(GL_LIGHTING);
    glEnable(GL_LIGHT0);
    clear_black();
    glPushMatrix();
    glTranslatef(0.1f, 0, 0);
    glRotatef(30, 0, 0, 1);
    glCallList(gear);
    glPopMatrix();
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 0.96f, 0.12f, 0, 1, 0.01f);
    GT_PROBE(0, 0, 0, 0, 0, 0, 0);
    GLint depth = 0;
    glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
    GT_EQ_INT(depth, 1);
    glDisable(GL_LIGHTING);
    glDisable(GL_LIGHT0);
    glDeleteLists(gear, 1);
}

/* DrawArrays, DrawElements and ArrayElement record the vertices they fetch:
 * the arrays changed or disabled afterwards do not matter. */
static void test_arrays(void)
{
    GLfloat pos[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    GLubyte col[4][4] = {{0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}, {0, 255, 0, 255}};
    GLushort idx[6] = {0, 1, 2, 0, 2, 3};
    GLuint l = glGenLists(3);
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glColorPointer(4, GL_UNSIGNED_BYTE, 0, col);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    clear_black();
    glNewList(l, GL_COMPILE);
    glDrawArrays(GL_QUADS, 0, 4);
    glEndList();
    glNewList(l + 1, GL_COMPILE);
    glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
    glEndList();
    glNewList(l + 2, GL_COMPILE);
    glBegin(GL_QUADS);
    for (int i = 0; i < 4; i++)
        glArrayElement(i);
    glEnd();
    glEndList();
    GT_PROBE(8, 8, 0, 0, 0, 0, 0);
    memset(col, 255, sizeof col); /* white now */
    pos[2][0] = pos[2][1] = -1;
    glDisableClientState(GL_COLOR_ARRAY);
    glDisableClientState(GL_VERTEX_ARRAY);
    for (int k = 0; k < 3; k++) {
        clear_black();
        glCallList(l + (GLuint)k);
        GT_ERROR(GL_NO_ERROR);
        GT_PROBE(8, 8, 0, 1, 0, 1, 0.002f);
        GT_PROBE(2, 13, 0, 1, 0, 1, 0.002f);
    }
    /* a recorded DrawArrays executed inside Begin/End: INVALID_OPERATION,
     * nothing drawn */
    clear_black();
    glBegin(GL_QUADS);
    glCallList(l);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    GT_PROBE(8, 8, 0, 0, 0, 0, 0);
    /* errors of array draws come when the list executes */
    glNewList(l, GL_COMPILE);
    glDrawArrays(GL_QUADS, 0, -1);
    glEndList();
    GT_ERROR(GL_NO_ERROR);
    glCallList(l);
    GT_ERROR(GL_INVALID_VALUE);
    glNewList(l, GL_COMPILE);
    glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, idx);
    glEndList();
    glCallList(l);
    GT_ERROR(GL_INVALID_ENUM);
    glDeleteLists(l, 3);
}

/* RasterPos/WindowPos, Bitmap and DrawPixels unpack their images with the
 * pixel store state of compile time. */
static void test_raster(void)
{
    GLuint l = glGenLists(2);
    /* a 3x2 bitmap, LSB first, alignment 1: row 0 = 0b101 (bits 0 and 2),
     * row 1 = 0b010 */
    GLubyte bits[2] = {0x05, 0x02};
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_TRUE);
    glNewList(l, GL_COMPILE);
    glColor3f(1, 0, 1);
    glWindowPos2i(4, 4); /* the raster colour is latched here: magenta */
    glBitmap(3, 2, 0, 0, 0, 0, bits);
    glEndList();
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_LSB_FIRST, GL_FALSE);
    bits[0] = bits[1] = 0xff;
    clear_black();
    glCallList(l);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(4, 4, 1, 0, 1, 1, 0.002f);
    GT_PROBE(5, 4, 0, 0, 0, 0, 0);
    GT_PROBE(6, 4, 1, 0, 1, 1, 0.002f);
    GT_PROBE(4, 5, 0, 0, 0, 0, 0);
    GT_PROBE(5, 5, 1, 0, 1, 1, 0.002f);

    /* DrawPixels of a 2x2 image skipping one pixel of each 3-pixel row */
    GLubyte px[2][3][4] = {{{0, 0, 0, 0}, {255, 0, 0, 255}, {0, 255, 0, 255}},
                           {{0, 0, 0, 0}, {0, 0, 255, 255}, {255, 255, 255, 255}}};
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
    glNewList(l + 1, GL_COMPILE);
    glRasterPos2f(0, 0); /* window (8, 8) with identity matrices */
    glDrawPixels(2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
    glEndList();
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
    memset(px, 0, sizeof px);
    clear_black();
    glCallList(l + 1);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0.002f);
    GT_PROBE(9, 8, 0, 1, 0, 1, 0.002f);
    GT_PROBE(8, 9, 0, 0, 1, 1, 0.002f);
    GT_PROBE(9, 9, 1, 1, 1, 1, 0.002f);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glDeleteLists(l, 2);
}

/* TexImage2D (data copied), TexParameter, BindTexture and Enable in a
 * list; a proxy TexImage executes at once. */
static void test_textures(void)
{
    GLuint tex = 0, l = glGenLists(1);
    glGenTextures(1, &tex);
    GLubyte texels[2][2][4] = {{{255, 0, 0, 255}, {0, 255, 0, 255}},
                               {{0, 0, 255, 255}, {255, 255, 0, 255}}};
    glNewList(l, GL_COMPILE);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    GLint pw = 0;
    glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &pw);
    GT_EQ_INT(pw, 8); /* the proxy command ran while compiling */
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    GLfloat prio = 0.25f;
    glPrioritizeTextures(1, &tex, &prio);
    glEndList();
    prio = 1; /* priority 1 now; the list sets its copy, 0.25 */
    glPrioritizeTextures(1, &tex, &prio);
    memset(texels, 0, sizeof texels);
    GT_CHECK(!glIsEnabled(GL_TEXTURE_2D));
    clear_black();
    glCallList(l);
    GT_ERROR(GL_NO_ERROR);
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
    GLfloat got = 0;
    glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_PRIORITY, &got);
    GT_NEAR(got, 0.25, 0);
    /* texel (0,0) red bottom left ... (1,1) yellow top right */
    GT_PROBE(2, 2, 1, 0, 0, 1, 0.002f);
    GT_PROBE(13, 2, 0, 1, 0, 1, 0.002f);
    GT_PROBE(2, 13, 0, 0, 1, 1, 0.002f);
    GT_PROBE(13, 13, 1, 1, 0, 1, 0.002f);
    glDisable(GL_TEXTURE_2D);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDeleteTextures(1, &tex);
    glDeleteLists(l, 1);
}

/* Program binds, ProgramString, env and local parameters and the program
 * enable in lists; GenPrograms executes at once (ARB_fragment_program
 * section 5.4). */
static void test_programs(void)
{
    static const char env_fp[] = "!!ARBfp1.0\nMOV result.color, program.env[3];\nEND\n";
    char local_fp[] = "!!ARBfp1.0\nMOV result.color, program.local[1];\nEND\n";
    GLuint p[2] = {0, 0}, l = glGenLists(2);
    glGenProgramsARB(2, p);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[0]);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(env_fp), env_fp);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    GT_ERROR(GL_NO_ERROR);
    GLfloat local[4] = {0, 0.5f, 1, 1};
    glNewList(l, GL_COMPILE);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[1]);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(local_fp), local_fp);
    glProgramLocalParameter4fvARB(GL_FRAGMENT_PROGRAM_ARB, 1, local);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glEndList();
    strstr(local_fp, "[1]")[1] = '0'; /* program.local[0] now: too late for the list */
    local[1] = 0;
    glNewList(l + 1, GL_COMPILE);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[0]);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 3, 1, 0.25f, 0, 1);
    glEndList();
    GT_CHECK(!glIsEnabled(GL_FRAGMENT_PROGRAM_ARB));
    GLint bound = -1;
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &bound);
    GT_EQ_INT(bound, 0);

    clear_black();
    glCallList(l);
    GT_ERROR(GL_NO_ERROR);
    GT_CHECK(glIsEnabled(GL_FRAGMENT_PROGRAM_ARB));
    full_quad();
    GT_PROBE(8, 8, 0, 0.5f, 1, 1, 0.01f);
    glCallList(l + 1);
    full_quad();
    GT_PROBE(8, 8, 1, 0.25f, 0, 1, 0.01f);
    glGetProgramivARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_BINDING_ARB, &bound);
    GT_EQ_INT(bound, (GLint)p[0]);

    /* a recorded bind of a vertex program name to the fragment target
     * fails when executed */
    GLuint vp = 0;
    glNewList(l, GL_COMPILE);
    glGenProgramsARB(1, &vp); /* at once */
    GT_CHECK(vp != 0);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, vp);
    glEndList();
    glCallList(l);
    GT_ERROR(GL_NO_ERROR);
    glCallList(l + 1); /* p[0] again, still a fragment program */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glNewList(l, GL_COMPILE);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, vp);
    glEndList();
    GT_ERROR(GL_NO_ERROR);
    glCallList(l);
    GT_ERROR(GL_INVALID_OPERATION);

    glNewList(l, GL_COMPILE_AND_EXECUTE);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glEndList();
    GT_CHECK(!glIsEnabled(GL_FRAGMENT_PROGRAM_ARB));
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, 0);
    glDeleteProgramsARB(2, p);
    glDeleteProgramsARB(1, &vp);
    glDeleteLists(l, 2);
}

/* Lists 'base + k' (k = 1..9) translate x by 1 << k, so the x translation
 * after a CallLists says which lists ran. */
static float x_translation(void)
{
    GLfloat m[16];
    glGetFloatv(GL_MODELVIEW_MATRIX, m);
    return m[12];
}

static void test_call_lists(void)
{
    GLuint base = glGenLists(10);
    for (GLuint k = 1; k < 10; k++) {
        glNewList(base + k, GL_COMPILE);
        glTranslatef((float)(1 << k), 0, 0);
        glEndList();
    }
    glMatrixMode(GL_MODELVIEW);
    glListBase(base);
    GLint v = 0;
    glGetIntegerv(GL_LIST_BASE, &v);
    GT_EQ_INT(v, base);

    const GLbyte b[2] = {1, 2};
    const GLubyte ub[2] = {3, 4};
    const GLshort s[2] = {5, 6};
    const GLushort us[2] = {7, 8};
    const GLint i[2] = {9, 1};
    const GLuint ui[2] = {2, 3};
    const GLfloat f[2] = {4.0f, 5.0f};
    const GLubyte two[4] = {0, 6, 0, 7};          /* 6, 7 */
    const GLubyte three[6] = {0, 0, 8, 0, 0, 9};  /* 8, 9 */
    const GLubyte four[8] = {0, 0, 0, 1, 0, 0, 0, 2};
    struct {
        GLenum type;
        const void *names;
        float want;
    } cases[] = {
        {GL_BYTE, b, 2 + 4},           {GL_UNSIGNED_BYTE, ub, 8 + 16},
        {GL_SHORT, s, 32 + 64},        {GL_UNSIGNED_SHORT, us, 128 + 256},
        {GL_INT, i, 512 + 2},          {GL_UNSIGNED_INT, ui, 4 + 8},
        {GL_FLOAT, f, 16 + 32},        {GL_2_BYTES, two, 64 + 128},
        {GL_3_BYTES, three, 256 + 512}, {GL_4_BYTES, four, 2 + 4},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        glLoadIdentity();
        glCallLists(2, cases[c].type, cases[c].names);
        GT_ERROR(GL_NO_ERROR);
        GT_NEAR(x_translation(), cases[c].want, 0);
    }
    /* a negative byte name: base + (-1) is base - 1, an unused name */
    const GLbyte neg[2] = {-1, 1};
    glLoadIdentity();
    glCallLists(2, GL_BYTE, neg);
    GT_NEAR(x_translation(), 2, 0);
    glCallLists(1, GL_DOUBLE, b);
    GT_ERROR(GL_INVALID_ENUM);
    glCallLists(-1, GL_BYTE, b);
    GT_ERROR(GL_INVALID_VALUE);

    /* CallLists and ListBase recorded: the names are copied, the base is
     * the one when the list executes (ListBase inside the same list) */
    GLuint names[3] = {1, 2, 3};
    GLuint rec = glGenLists(1);
    glNewList(rec, GL_COMPILE);
    glListBase(base);
    glCallLists(3, GL_UNSIGNED_INT, names);
    glEndList();
    names[0] = names[1] = names[2] = 9;
    glListBase(0);
    glLoadIdentity();
    glCallList(rec);
    GT_NEAR(x_translation(), 2 + 4 + 8, 0);
    glGetIntegerv(GL_LIST_BASE, &v);
    GT_EQ_INT(v, base);
    /* LIST_BIT saves the base */
    glPushAttrib(GL_LIST_BIT);
    glListBase(77);
    glPopAttrib();
    glGetIntegerv(GL_LIST_BASE, &v);
    GT_EQ_INT(v, base);
    glListBase(0);

    /* nesting: chain[k] translates by 1 then calls chain[k + 1]; only 64
     * levels run (MAX_LIST_NESTING), so the translation is 64 */
    enum { CHAIN = 70 };
    GLuint chain = glGenLists(CHAIN);
    for (GLuint k = 0; k < CHAIN; k++) {
        glNewList(chain + k, GL_COMPILE);
        glTranslatef(1, 0, 0);
        glCallList(chain + k + 1);
        glEndList();
    }
    glLoadIdentity();
    glCallList(chain);
    GT_ERROR(GL_NO_ERROR);
    GT_NEAR(x_translation(), 64, 0);
    /* a list calling itself: 64 levels, no error */
    glNewList(chain, GL_COMPILE);
    glTranslatef(1, 0, 0);
    glCallList(chain);
    glEndList();
    glLoadIdentity();
    glCallList(chain);
    GT_NEAR(x_translation(), 64, 0);
    glLoadIdentity();
    glDeleteLists(chain, CHAIN);
    glDeleteLists(base, 10);
    glDeleteLists(rec, 1);
    GT_ERROR(GL_NO_ERROR);
}

/* Commands a list cannot hold execute at once while one is compiled
 * (section 5.4); COMPILE_AND_EXECUTE runs each command as it is recorded;
 * a redefinition replaces the list at EndList. */
static void test_not_compiled_and_modes(void)
{
    GLuint l = glGenLists(1);
    GLfloat pos[3][2] = {{-1, -1}, {3, -1}, {-1, 3}};
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glBindTexture(GL_TEXTURE_2D, 0);

    glNewList(l, GL_COMPILE);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
    GLint v = 0;
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
    GT_EQ_INT(v, 2);
    glEnableClientState(GL_VERTEX_ARRAY);
    GT_CHECK(glIsEnabled(GL_VERTEX_ARRAY));
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glDeleteTextures(1, &tex);
    GT_CHECK(!glIsTexture(tex));
    GLuint extra = glGenLists(1);
    GT_CHECK(extra != 0 && glIsList(extra));
    glDeleteLists(extra, 1);
    GT_CHECK(!glIsList(extra));
    glFlush();
    glFinish();
    GLubyte rb[4];
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rb);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 3, 1); /* ARB_draw_instanced: refused */
    GT_ERROR(GL_INVALID_OPERATION);
    glColor3f(0, 1, 1);
    glDrawArrays(GL_TRIANGLES, 0, 3);
    glEndList();
    GT_ERROR(GL_NO_ERROR);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    /* the list holds the colour and the draw only */
    glDisableClientState(GL_VERTEX_ARRAY);
    clear_black();
    glCallList(l);
    GT_PROBE(8, 8, 0, 1, 1, 1, 0.002f);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
    GT_EQ_INT(v, 4);
    GT_CHECK(!glIsEnabled(GL_VERTEX_ARRAY));

    /* COMPILE_AND_EXECUTE: the clear happens while compiling */
    glNewList(l, GL_COMPILE_AND_EXECUTE);
    glGetIntegerv(GL_LIST_MODE, &v);
    GT_EQ_INT(v, GL_COMPILE_AND_EXECUTE);
    glClearColor(1, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0.002f);
    /* the old definition (cyan triangle) is still what CallList runs */
    glCallList(l);
    GT_PROBE(8, 8, 0, 1, 1, 1, 0.002f);
    glEndList();
    clear_black();
    /* the new one: a red clear, then CallList(l), which is now itself: the
     * clear 64 levels deep (MAX_LIST_NESTING), then nothing */
    glCallList(l);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0.002f);
    GT_ERROR(GL_NO_ERROR);
    glDeleteLists(l, 1);
}

int main(void)
{
    asmgl_context *c = gt_context(W, H);
    GT_ERROR(GL_NO_ERROR);
    test_errors_and_queries();
    test_state_and_matrices();
    test_lighting();
    test_immediate_vertices();
    test_gears_pattern();
    test_arrays();
    test_raster();
    test_textures();
    test_programs();
    test_call_lists();
    test_not_compiled_and_modes();
    GT_ERROR(GL_NO_ERROR);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("dlist");
}
