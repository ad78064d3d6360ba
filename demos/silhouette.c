/*
 * silhouette.c - asmgl-demo-silhouette: cel-shaded torus with silhouette fins
 * extracted by an NV_geometry_program4 program from triangles with adjacency.
 *
 * The torus is drawn once, as GL_TRIANGLES_ADJACENCY_EXT: every triangle
 * comes with the far vertex of each of its three neighbours
 * (EXT_geometry_shader4 / NV_geometry_program4 vertex order: 0, 2, 4 the
 * triangle, 1 across edge 0-2, 3 across edge 2-4, 5 across edge 4-0).  The
 * geometry program (!!NVgp4.0)
 *   1. computes the face normal from the eye-space positions the vertex
 *      program passes in result.texcoord[0], and emits the triangle flat
 *      shaded (the normal rides in result.texcoord[1]);
 *   2. for each edge whose triangle faces the viewer while the neighbour
 *      across it faces away (a silhouette edge), emits a "fin": a quad
 *      extruded from the edge in window space, away from the triangle, a
 *      fixed number of pixels wide, drawn black.
 * The fragment program (!!NVfp4.0) quantises N.L into three bands with
 * integer instructions (F2I/I2F): cel shading.
 *
 * The camera is orthographic and the torus turns as a function of the
 * frame number only; at frame 0 the torus lies in the screen plane, so its
 * silhouette is exactly the circles of radius R + r and R - r (the tube has
 * a vertex ring at its outermost and innermost points), which is what the
 * test (demos/test_silhouette.cmake) probes.
 * Coordinates: object space = world space, y up; the view looks down -z.
 * API thread only.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

/* ---- programs ------------------------------------------------------------ */

static const char silhouette_vp[] =
    "!!NVvp4.0\n"
    "# clip-space position, and the eye-space position for the geometry program\n"
    "PARAM mvp[4] = { state.matrix.mvp };\n"
    "PARAM mv[4] = { state.matrix.modelview };\n"
    "DP4 result.position.x, mvp[0], vertex.position;\n"
    "DP4 result.position.y, mvp[1], vertex.position;\n"
    "DP4 result.position.z, mvp[2], vertex.position;\n"
    "DP4 result.position.w, mvp[3], vertex.position;\n"
    "DP4 result.texcoord[0].x, mv[0], vertex.position;\n"
    "DP4 result.texcoord[0].y, mv[1], vertex.position;\n"
    "DP4 result.texcoord[0].z, mv[2], vertex.position;\n"
    "MOV result.texcoord[0].w, 1;\n"
    "END\n";

/* program.env[0] = (W/2, H/2, 2/W, 2/H): window half-size and its inverse;
 * program.env[1].x = fin width in pixels. */
static const char silhouette_gp[] =
    "!!NVgp4.0\n"
    "PRIMITIVE_IN TRIANGLES_ADJACENCY;\n"
    "PRIMITIVE_OUT TRIANGLE_STRIP;\n"
    "VERTICES_OUT 15;\n"
    "PARAM half = program.env[0];\n"
    "PARAM width = program.env[1];\n"
    "TEMP q0, q1, q2, q3, q4, q5;   # window-space xy of the six vertices\n"
    "TEMP e1, e2, n, t, d, off, offa, offb, a;\n"
    "# face normal from eye-space positions\n"
    "SUB e1, vertex[2].texcoord[0], vertex[0].texcoord[0];\n"
    "SUB e2, vertex[4].texcoord[0], vertex[0].texcoord[0];\n"
    "XPD n, e1, e2;\n"
    "NRM n.xyz, n;\n"
    "MOV n.w, 0;\n"
    "MOV result.position, vertex[0].position;\n"
    "MOV result.texcoord[1], n;\n"
    "EMIT;\n"
    "MOV result.position, vertex[2].position;\n"
    "MOV result.texcoord[1], n;\n"
    "EMIT;\n"
    "MOV result.position, vertex[4].position;\n"
    "MOV result.texcoord[1], n;\n"
    "EMIT;\n"
    "ENDPRIM;\n"
    "# window-space xy (in pixels, relative to the centre) of every vertex\n"
    "RCP t.x, vertex[0].position.w; MUL q0, vertex[0].position, t.x; MUL q0, q0, half;\n"
    "RCP t.x, vertex[1].position.w; MUL q1, vertex[1].position, t.x; MUL q1, q1, half;\n"
    "RCP t.x, vertex[2].position.w; MUL q2, vertex[2].position, t.x; MUL q2, q2, half;\n"
    "RCP t.x, vertex[3].position.w; MUL q3, vertex[3].position, t.x; MUL q3, q3, half;\n"
    "RCP t.x, vertex[4].position.w; MUL q4, vertex[4].position, t.x; MUL q4, q4, half;\n"
    "RCP t.x, vertex[5].position.w; MUL q5, vertex[5].position, t.x; MUL q5, q5, half;\n"
    "# twice the signed area of the triangle (counter-clockwise = front)\n"
    "SUB e1, q2, q0;\n"
    "SUB e2, q4, q0;\n"
    "MUL a.x, e1.x, e2.y;\n"
    "MAD a.x, -e1.y, e2.x, a.x;\n"
    "SLE.CC a.x, a.x, 0;\n"
    "RET (NE.x);                    # back-facing: no fins\n"
    "# result registers are undefined after EMIT: every fin vertex sets all it uses\n"
    "CAL edge01;\n"
    "CAL edge23;\n"
    "CAL edge45;\n"
    "RET;\n"
    "# Each edge: neighbour (a, across, b) faces away when its signed area\n"
    "# (across - a) x (b - a) is <= 0; then emit the fin.\n"
    "edge01:\n"
    "SUB e1, q1, q0; SUB e2, q2, q0;\n"
    "MUL a.y, e1.x, e2.y; MAD a.y, -e1.y, e2.x, a.y;\n"
    "SGT.CC a.y, a.y, 0;\n"
    "RET (NE.y);\n"
    "SUB d, q2, q0; SUB t, q4, q0;\n"
    "CAL fin_offset;\n"
    "MOV result.position, vertex[0].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MOV result.position, vertex[2].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offa, vertex[0].position.w, vertex[0].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offb, vertex[2].position.w, vertex[2].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "ENDPRIM;\n"
    "RET;\n"
    "edge23:\n"
    "SUB e1, q3, q2; SUB e2, q4, q2;\n"
    "MUL a.y, e1.x, e2.y; MAD a.y, -e1.y, e2.x, a.y;\n"
    "SGT.CC a.y, a.y, 0;\n"
    "RET (NE.y);\n"
    "SUB d, q4, q2; SUB t, q0, q2;\n"
    "CAL fin_offset;\n"
    "MOV result.position, vertex[2].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MOV result.position, vertex[4].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offa, vertex[2].position.w, vertex[2].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offb, vertex[4].position.w, vertex[4].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "ENDPRIM;\n"
    "RET;\n"
    "edge45:\n"
    "SUB e1, q5, q4; SUB e2, q0, q4;\n"
    "MUL a.y, e1.x, e2.y; MAD a.y, -e1.y, e2.x, a.y;\n"
    "SGT.CC a.y, a.y, 0;\n"
    "RET (NE.y);\n"
    "SUB d, q0, q4; SUB t, q2, q4;\n"
    "CAL fin_offset;\n"
    "MOV result.position, vertex[4].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MOV result.position, vertex[0].position; MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offa, vertex[4].position.w, vertex[4].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "MAD result.position, offb, vertex[0].position.w, vertex[0].position;\n"
    "MOV result.texcoord[1], 0; EMIT;\n"
    "ENDPRIM;\n"
    "RET;\n"
    "# d = the edge in pixels, t = from its start to the third vertex:\n"
    "# off = the edge's unit normal pointing away from the triangle, times the\n"
    "# width, in NDC (clip-space xy offset per unit w); offa, offb = the outer\n"
    "# corners' offsets at the edge's start and end\n"
    "fin_offset:\n"
    "MOV n, 0;\n"
    "MOV n.x, -d.y;\n"
    "MOV n.y, d.x;\n"
    "DP3 a.z, n, n;\n"
    "RSQ a.z, a.z;\n"
    "MUL n, n, a.z;\n"
    "DP3.CC a.w, n, t;\n"
    "MOV n (GT.w), -n;\n"
    "MUL n, n, width.x;\n"
    "MUL off, n, half.zwzw;\n"
    "MOV off.zw, 0;\n"
    "# the outer corners also reach `width` past each end of the edge, so\n"
    "# neighbouring fins overlap and leave no wedge-shaped gaps at the joints\n"
    "MOV e1, 0;\n"
    "MOV e1.xy, d;\n"
    "MUL e1, e1, a.z;\n"
    "MUL e1, e1, width.x;\n"
    "MUL e1, e1, half.zwzw;\n"
    "SUB offa, off, e1;\n"
    "ADD offb, off, e1;\n"
    "RET;\n"
    "END\n";

/* texture coordinates 1: the face normal (0 for fins, drawn black).
 * program.env[0] = the light direction in eye space, normalised;
 * program.env[1] = the base colour. */
static const char silhouette_fp[] =
    "!!NVfp4.0\n"
    "# cel shading: N.L quantised to three bands with integer instructions\n"
    "PARAM light = program.env[0];\n"
    "PARAM base = program.env[1];\n"
    "INT TEMP band;\n"
    "TEMP n, l, c;\n"
    "DP3 l.x, fragment.texcoord[1], light;\n"
    "DP3.CC n.x, fragment.texcoord[1], fragment.texcoord[1];\n"
    "MOV result.color, {0, 0, 0, 1};\n"
    "RET (EQ.x);                     # fins: black\n"
    "MAX l.x, l.x, 0;\n"
    "MUL l.x, l.x, 3;\n"
    "FLR.S band.x, l.x;              # 0, 1, 2 (3 at exactly N.L = 1)\n"
    "MIN.S band.x, band.x, 2;\n"
    "I2F.S c.x, band.x;\n"
    "MAD c.x, c.x, 0.3, 0.35;        # 0.35, 0.65, 0.95\n"
    "MUL result.color.xyz, base, c.x;\n"
    "END\n";

/* ---- the torus ----------------------------------------------------------- */

#define MAJOR_SEGS 64   /* around the ring */
#define MINOR_SEGS 16   /* around the tube: even, so rings sit at the outer- and innermost points */
#define MAJOR_R 0.6f
#define MINOR_R 0.25f
#define VIEW_HALF_HEIGHT 1.2f
#define FIN_PIXELS 8.0f /* at the test size, 320x240; scaled with the height */

typedef struct silhouette_scene {
    GLuint vp, gp, fp;
    float *verts;            /* MAJOR_SEGS * MINOR_SEGS xyz */
    GLuint *indices;         /* 2 triangles a quad, 6 indices each */
    int nindices;
} silhouette_scene;

static GLuint vid(int i, int j)
{
    i = ((i % MAJOR_SEGS) + MAJOR_SEGS) % MAJOR_SEGS;
    j = ((j % MINOR_SEGS) + MINOR_SEGS) % MINOR_SEGS;
    return (GLuint)(i * MINOR_SEGS + j);
}

/* V(i, j): ring angle u = 2 pi i / MAJOR, tube angle v = 2 pi j / MINOR
 * (v = 0 outermost, facing +radial; v = pi innermost).  Quad (i, j) is
 * A = V(i,j), B = V(i+1,j), C = V(i+1,j+1), D = V(i,j+1), split into
 * (A, B, C) and (A, C, D), counter-clockwise seen from outside.  The far
 * vertex across each edge (worked out from the neighbouring quads' splits):
 *   (A, B, C): across A-B V(i, j-1), across B-C V(i+2, j+1), across C-A D
 *   (A, C, D): across A-C B, across C-D V(i+1, j+2), across D-A V(i-1, j) */
static bool torus_build(silhouette_scene *s)
{
    s->verts = malloc(sizeof(float) * 3 * MAJOR_SEGS * MINOR_SEGS);
    s->nindices = MAJOR_SEGS * MINOR_SEGS * 12;
    s->indices = malloc(sizeof(GLuint) * (size_t)s->nindices);
    if (!s->verts || !s->indices)
        return false;
    const double pi = 3.14159265358979323846;
    for (int i = 0; i < MAJOR_SEGS; i++) {
        double u = 2.0 * pi * i / MAJOR_SEGS;
        for (int j = 0; j < MINOR_SEGS; j++) {
            double v = 2.0 * pi * j / MINOR_SEGS;
            double rr = MAJOR_R + MINOR_R * cos(v);
            float *p = s->verts + 3 * vid(i, j);
            p[0] = (float)(rr * cos(u));
            p[1] = (float)(rr * sin(u));
            p[2] = (float)(MINOR_R * sin(v));
        }
    }
    GLuint *o = s->indices;
    for (int i = 0; i < MAJOR_SEGS; i++) {
        for (int j = 0; j < MINOR_SEGS; j++) {
            GLuint A = vid(i, j), B = vid(i + 1, j), C = vid(i + 1, j + 1), D = vid(i, j + 1);
            GLuint t1[6] = {A, vid(i, j - 1), B, vid(i + 2, j + 1), C, D};
            GLuint t2[6] = {A, B, C, vid(i + 1, j + 2), D, vid(i - 1, j)};
            memcpy(o, t1, sizeof t1);
            memcpy(o + 6, t2, sizeof t2);
            o += 12;
        }
    }
    return true;
}

/* ---- scene ---------------------------------------------------------------- */

static void silhouette_destroy(void *p)
{
    silhouette_scene *s = p;
    if (!s)
        return;
    GLuint progs[3] = {s->vp, s->gp, s->fp};
    glDeleteProgramsARB(3, progs);
    free(s->verts);
    free(s->indices);
    free(s);
}

static void *silhouette_create(const demo_options *opt)
{
    (void)opt;
    silhouette_scene *s = calloc(1, sizeof *s);
    if (!s || !torus_build(s)) {
        fprintf(stderr, "asmgl-demo-silhouette: out of memory\n");
        silhouette_destroy(s);
        return NULL;
    }
    s->vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, silhouette_vp, "vertex");
    s->gp = demo_program_load(GL_GEOMETRY_PROGRAM_NV, silhouette_gp, "geometry");
    s->fp = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, silhouette_fp, "fragment");
    if (!s->vp || !s->gp || !s->fp) {
        silhouette_destroy(s);
        return NULL;
    }
    return s;
}

static void silhouette_render(void *p, int frame, int width, int height)
{
    silhouette_scene *s = p;
    float aspect = (float)width / (float)(height > 0 ? height : 1);

    glViewport(0, 0, width, height);
    glClearColor(0.35f, 0.42f, 0.55f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);

    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(-VIEW_HALF_HEIGHT * aspect, VIEW_HALF_HEIGHT * aspect, -VIEW_HALF_HEIGHT, VIEW_HALF_HEIGHT,
            -5.0, 5.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    /* frame 0: the torus in the screen plane (the test's reference pose) */
    glRotatef((float)frame * 2.0f, 1.0f, 0.0f, 0.0f);
    glRotatef((float)frame * 1.3f, 0.0f, 1.0f, 0.0f);

    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->vp);
    glBindProgramARB(GL_GEOMETRY_PROGRAM_NV, s->gp);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_GEOMETRY_PROGRAM_NV);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);

    float fin = FIN_PIXELS * (float)height / 240.0f;
    glProgramEnvParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 0, 0.5f * (float)width, 0.5f * (float)height,
                               2.0f / (float)width, 2.0f / (float)height);
    glProgramEnvParameter4fARB(GL_GEOMETRY_PROGRAM_NV, 1, fin, 0.0f, 0.0f, 0.0f);
    /* light from the upper right, towards the viewer: normalize(0.3, 0.5, 1) */
    float l[3] = {0.3f, 0.5f, 1.0f};
    float ll = 1.0f / sqrtf(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, l[0] * ll, l[1] * ll, l[2] * ll, 0.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 1, 0.95f, 0.55f, 0.2f, 1.0f);

    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(3, GL_FLOAT, 0, s->verts);
    glDrawElements(GL_TRIANGLES_ADJACENCY_EXT, s->nindices, GL_UNSIGNED_INT, s->indices);
    glDisableClientState(GL_VERTEX_ARRAY);

    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_GEOMETRY_PROGRAM_NV);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDisable(GL_DEPTH_TEST);
}

static const demo_scene_ops silhouette_ops = {
    .name = "asmgl-demo-silhouette",
    .summary = "cel-shaded torus outlined by silhouette fins from an NV_geometry_program4 program",
    .extensions = "GL_NV_gpu_program4 GL_NV_geometry_program4",
    .create = silhouette_create,
    .render = silhouette_render,
    .destroy = silhouette_destroy,
};

int main(int argc, char **argv)
{
    return demo_run(argc, argv, &silhouette_ops);
}
