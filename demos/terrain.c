/*
 * terrain.c - asmgl-demo-terrain: a displacement-mapped terrain whose
 * tessellation level follows the distance from a viewpoint, drawn with
 * !!NVvp5.0 + !!NVtcp5.0 + !!NVtep5.0 + !!NVfp5.0 (NV_tessellation_program5).
 *
 * The terrain is GRID_X x GRID_Z flat QUADS patches of one world unit, over
 * x in [-6, 6], z in [-4.5, 4.5] (y up); each patch is its four corners at
 * y = 0 (GL_PATCHES, PATCH_VERTICES 4).
 *
 * Control program: each outer level is K / |m - E|, clamped to [1, MAXLEVEL],
 * with m the midpoint of that edge (at y = 0) and E the level viewpoint.  The
 * two patches that share an edge compute the same midpoint, hence the same
 * level, and the primitive generator places the edge's vertices from that
 * level alone (ARB_tessellation_shader 2.X.2): no crack.  The inner levels
 * are the larger outer level of the edges running the same way.
 * Evaluation program (QUADS, FRACTIONAL_ODD): (x, z) = corner + tesscoord;
 * height = HMAX * TXL of the height texture at level 0 (no derivatives in
 * this stage); the normal from a TXG gather of the 2x2 texels around the
 * point (central differences of the texel heights).
 * Fragment program: albedo from the displaced height (LOW_ALBEDO at 0, HIGH_ALBEDO at
 * HMAX) times AMBIENT + DIFFUSE max(N . l, 0), l a fixed sun direction.
 *
 * The height field (built here, HEIGHT_SIZE^2 8-bit texels): a plain at 0; a
 * plateau at HMAX, flat within PLATEAU_FLAT of PLATEAU_C, falling to 0 at
 * PLATEAU_FOOT; rolling hills over x in [-5, -1], z in [-4, 0].
 *
 * Frame f: level viewpoint E = (4 cos 0.04f, 3, 3 sin 0.04f); orthographic
 * camera straight down at frame 0 (image x = world x, image down = world +z,
 * 30 px per unit at 320x240), tilting towards 50 degrees by frame 40.
 * demos/test_terrain.cmake probes frame 0.  API thread only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

#define GRID_X 12
#define GRID_Z 9
#define HEIGHT_SIZE 128
#define HMAX 1.5f
#define LOD_K 24.0f
#define MAXLEVEL 32.0f
#define AMBIENT 0.3f
#define DIFFUSE 0.7f
#define VIEW_HALF_HEIGHT 4.0f
#define PLATEAU_CX 2.5f
#define PLATEAU_CZ (-1.0f)
#define PLATEAU_FLAT 0.8f
#define PLATEAU_FOOT 1.8f

static const float LOW_ALBEDO[3] = {0.30f, 0.50f, 0.20f};
static const float HIGH_ALBEDO[3] = {0.90f, 0.90f, 0.90f};
static const float SUN[3] = {0.3f, 1.0f, 0.2f};

static const char terrain_vp[] =
    "!!NVvp5.0\n"
    "MOV result.position, vertex.position;\n"
    "END\n";

/* env[0] = E, env[1] = (K, 1, MAXLEVEL).  Outer levels 0..3 are the edges
 * u = 0, v = 0, u = 1, v = 1 (ARB_tessellation_shader, QUADS). */
static const char terrain_tcp[] =
    "!!NVtcp5.0\n"
    "VERTICES_OUT 4;\n"
    "PARAM eye = program.env[0];\n"
    "PARAM k = program.env[1];\n"
    "TEMP d, l, lv;\n"
    "MOV result.position, vertex[0].position;\n"
    "ADD d, vertex[0].position, {0, 0, 0.5, 0};\n"
    "SUB d.xyz, d, eye;\n"
    "DP3 l.x, d, d;\n"
    "ADD d, vertex[0].position, {0.5, 0, 0, 0};\n"
    "SUB d.xyz, d, eye;\n"
    "DP3 l.y, d, d;\n"
    "ADD d, vertex[0].position, {1, 0, 0.5, 0};\n"
    "SUB d.xyz, d, eye;\n"
    "DP3 l.z, d, d;\n"
    "ADD d, vertex[0].position, {0.5, 0, 1, 0};\n"
    "SUB d.xyz, d, eye;\n"
    "DP3 l.w, d, d;\n"
    "RSQ lv.x, l.x;\n"
    "RSQ lv.y, l.y;\n"
    "RSQ lv.z, l.z;\n"
    "RSQ lv.w, l.w;\n"
    "MUL lv, lv, k.x;\n"
    "MAX lv, lv, k.y;\n"
    "MIN lv, lv, k.z;\n"
    "MOV result.patch.tessouter[0], lv.x;\n"
    "MOV result.patch.tessouter[1], lv.y;\n"
    "MOV result.patch.tessouter[2], lv.z;\n"
    "MOV result.patch.tessouter[3], lv.w;\n"
    "MAX result.patch.tessinner[0], lv.y, lv.w;\n"
    "MAX result.patch.tessinner[1], lv.x, lv.z;\n"
    "END\n";

/* env[0..3] = the view-projection's rows; env[4] = (1/12, 1/9, 6, 4.5) maps
 * world (x, z) to texture (s, t); env[5] = (HMAX, HMAX / (2 dx), HMAX / (2 dz),
 * with dx, dz a texel's world size, and 1 / HMAX: result.attrib[1].x is the
 * displaced y over HMAX, which picks the albedo.  TXG's components are the texels
 * (i0,j1), (i1,j1), (i1,j0), (i0,j0) (NV_gpu_program5 TXG, as textureGather). */
static const char terrain_tep[] =
    "!!NVtep5.0\n"
    "TESS_MODE QUADS;\n"
    "TESS_SPACING FRACTIONAL_ODD;\n"
    "TESS_VERTEX_ORDER CCW;\n"
    "PARAM mvp[4] = { program.env[0..3] };\n"
    "PARAM map = program.env[4];\n"
    "PARAM hs = program.env[5];\n"
    "TEMP p, t, h, g, n;\n"
    "MOV p, vertex[0].position;\n"
    "ADD p.xz, p, vertex.tesscoord.xxyy;\n"
    "ADD t.xy, p.xzzz, map.zwww;\n"
    "MUL t.xy, t, map;\n"
    "MOV t.zw, {0, 0, 0, 0};\n"
    "TXL h, t, texture[0], 2D;\n"
    "MUL p.y, h.x, hs.x;\n"
    "TXG g, t, texture[0].x, 2D;\n"
    "ADD n.x, g.y, g.z;\n"
    "SUB n.x, n.x, g.x;\n"
    "SUB n.x, n.x, g.w;\n"
    "ADD n.z, g.x, g.y;\n"
    "SUB n.z, n.z, g.z;\n"
    "SUB n.z, n.z, g.w;\n"
    "MUL n.xz, n, -hs.yyzz;\n"
    "MOV n.yw, {0, 1, 0, 0};\n"
    "DP3 n.w, n, n;\n"
    "RSQ n.w, n.w;\n"
    "MUL n.xyz, n, n.w;\n"
    "MOV n.w, 0;\n"
    "MOV result.attrib[0], n;\n"
    "MUL result.attrib[1], p.y, hs.w;\n"
    "DP4 result.position.x, mvp[0], p;\n"
    "DP4 result.position.y, mvp[1], p;\n"
    "DP4 result.position.z, mvp[2], p;\n"
    "DP4 result.position.w, mvp[3], p;\n"
    "END\n";

/* env[0] = l (normalized), env[1] = LOW_ALBEDO, env[2] = HIGH_ALBEDO,
 * env[3] = (AMBIENT, DIFFUSE). */
static const char terrain_fp[] =
    "!!NVfp5.0\n"
    "PARAM sun = program.env[0];\n"
    "PARAM lo = program.env[1];\n"
    "PARAM hi = program.env[2];\n"
    "PARAM k = program.env[3];\n"
    "TEMP n, a, d;\n"
    "DP3 n.w, fragment.attrib[0], fragment.attrib[0];\n"
    "RSQ n.w, n.w;\n"
    "MUL n.xyz, fragment.attrib[0], n.w;\n"
    "DP3_SAT d.x, n, sun;\n"
    "MAD d.x, d.x, k.y, k.x;\n"
    "SUB a, hi, lo;\n"
    "MAD a, fragment.attrib[1].x, a, lo;\n"
    "MUL result.color.xyz, a, d.x;\n"
    "MOV result.color.w, 1;\n"
    "END\n";

typedef struct terrain_scene {
    GLuint vp, tcp, tep, fp, height_tex;
    float corners[GRID_X * GRID_Z * 4 * 4];
    PFNGLPATCHPARAMETERIPROC patch_parameteri;
} terrain_scene;

static float smooth01(float e0, float e1, float x)
{
    float t = (x - e0) / (e1 - e0);
    t = t < 0.0f ? 0.0f : (t > 1.0f ? 1.0f : t);
    return t * t * (3.0f - 2.0f * t);
}

/* Height in [0, 1] at world (x, z). */
static float height_at(float x, float z)
{
    float dx = x - PLATEAU_CX, dz = z - PLATEAU_CZ;
    float h = 1.0f - smooth01(PLATEAU_FLAT, PLATEAU_FOOT, sqrtf(dx * dx + dz * dz));
    if (x > -5.0f && x < -1.0f && z > -4.0f && z < 0.0f) {
        const float pi = 3.14159265f;
        h += 0.45f * (0.5f - 0.5f * cosf(pi * (x + 5.0f))) * (0.5f - 0.5f * cosf(pi * (z + 4.0f)));
    }
    return h > 1.0f ? 1.0f : h;
}

static GLuint make_height_texture(void)
{
    unsigned char *texels = malloc(HEIGHT_SIZE * HEIGHT_SIZE);
    if (!texels) {
        return 0;
    }
    for (int j = 0; j < HEIGHT_SIZE; j++) {
        for (int i = 0; i < HEIGHT_SIZE; i++) {
            float x = -6.0f + 12.0f * ((float)i + 0.5f) / HEIGHT_SIZE;
            float z = -4.5f + 9.0f * ((float)j + 0.5f) / HEIGHT_SIZE;
            texels[j * HEIGHT_SIZE + i] = (unsigned char)lroundf(255.0f * height_at(x, z));
        }
    }
    GLuint tex = 0;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, HEIGHT_SIZE, HEIGHT_SIZE, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
                 texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glBindTexture(GL_TEXTURE_2D, 0);
    free(texels);
    return tex;
}

static void terrain_destroy(void *p)
{
    terrain_scene *s = p;
    if (!s) {
        return;
    }
    GLuint progs[4] = {s->vp, s->tcp, s->tep, s->fp};
    for (int i = 0; i < 4; i++) {
        if (progs[i]) {
            glDeleteProgramsARB(1, &progs[i]);
        }
    }
    if (s->height_tex) {
        glDeleteTextures(1, &s->height_tex);
    }
    free(s);
}

static void *terrain_create(const demo_options *opt)
{
    (void)opt;
    terrain_scene *s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "asmgl-demo-terrain: out of memory\n");
        return NULL;
    }
    s->patch_parameteri = (PFNGLPATCHPARAMETERIPROC)demo_gl_proc("glPatchParameteri");
    s->vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, terrain_vp, "terrain vertex");
    s->tcp = demo_program_load(GL_TESS_CONTROL_PROGRAM_NV, terrain_tcp, "terrain tessellation control");
    s->tep = demo_program_load(GL_TESS_EVALUATION_PROGRAM_NV, terrain_tep, "terrain tessellation evaluation");
    s->fp = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, terrain_fp, "terrain fragment");
    s->height_tex = make_height_texture();
    if (!s->patch_parameteri || !s->vp || !s->tcp || !s->tep || !s->fp || !s->height_tex) {
        if (!s->patch_parameteri) {
            fprintf(stderr, "asmgl-demo-terrain: glPatchParameteri missing\n");
        }
        terrain_destroy(s);
        return NULL;
    }
    /* each patch: its corners (x0, z0), (x0+1, z0), (x0+1, z0+1), (x0, z0+1) */
    float *c = s->corners;
    for (int j = 0; j < GRID_Z; j++) {
        for (int i = 0; i < GRID_X; i++) {
            float x0 = -6.0f + (float)i, z0 = -4.5f + (float)j;
            const float off[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            for (int v = 0; v < 4; v++) {
                *c++ = x0 + off[v][0];
                *c++ = 0.0f;
                *c++ = z0 + off[v][1];
                *c++ = 1.0f;
            }
        }
    }
    return s;
}

static void terrain_render(void *p, int frame, int width, int height)
{
    terrain_scene *s = p;
    float aspect = (float)width / (float)(height > 0 ? height : 1);

    /* the camera: orthographic, rotated about x by 90 degrees - tilt, so at
     * tilt 0 eye x = world x, eye y = -world z, eye z = world y */
    float t = (float)frame * 0.04f;
    float tilt = 50.0f * sinf(t < 1.5707963f ? t : 1.5707963f) * 3.14159265f / 180.0f;
    float a = 1.5707963f - tilt, ca = cosf(a), sa = sinf(a);
    float sx = 1.0f / (VIEW_HALF_HEIGHT * aspect), sy = 1.0f / VIEW_HALF_HEIGHT, sz = 1.0f / 20.0f;
    /* rows of the view-projection: clip = (sx x, sy (y ca - z sa), -sz (y sa + z ca), 1) */
    const float rows[4][4] = {
        {sx, 0.0f, 0.0f, 0.0f},
        {0.0f, sy * ca, -sy * sa, 0.0f},
        {0.0f, -sz * sa, -sz * ca, 0.0f},
        {0.0f, 0.0f, 0.0f, 1.0f},
    };
    float E[3] = {4.0f * cosf(t), 3.0f, 3.0f * sinf(t)};
    float sl = sqrtf(SUN[0] * SUN[0] + SUN[1] * SUN[1] + SUN[2] * SUN[2]);

    glProgramEnvParameter4fARB(GL_TESS_CONTROL_PROGRAM_NV, 0, E[0], E[1], E[2], 1.0f);
    glProgramEnvParameter4fARB(GL_TESS_CONTROL_PROGRAM_NV, 1, LOD_K, 1.0f, MAXLEVEL, 0.0f);
    for (int r = 0; r < 4; r++) {
        glProgramEnvParameter4fARB(GL_TESS_EVALUATION_PROGRAM_NV, (GLuint)r, rows[r][0], rows[r][1], rows[r][2],
                                   rows[r][3]);
    }
    glProgramEnvParameter4fARB(GL_TESS_EVALUATION_PROGRAM_NV, 4, 1.0f / 12.0f, 1.0f / 9.0f, 6.0f, 4.5f);
    glProgramEnvParameter4fARB(GL_TESS_EVALUATION_PROGRAM_NV, 5, HMAX, HMAX * HEIGHT_SIZE / (2.0f * 12.0f),
                               HMAX * HEIGHT_SIZE / (2.0f * 9.0f), 1.0f / HMAX);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, SUN[0] / sl, SUN[1] / sl, SUN[2] / sl, 0.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 1, LOW_ALBEDO[0], LOW_ALBEDO[1], LOW_ALBEDO[2], 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 2, HIGH_ALBEDO[0], HIGH_ALBEDO[1], HIGH_ALBEDO[2], 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 3, AMBIENT, DIFFUSE, 0.0f, 0.0f);

    glViewport(0, 0, width, height);
    glClearColor(0.45f, 0.55f, 0.7f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);

    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_TESS_CONTROL_PROGRAM_NV);
    glEnable(GL_TESS_EVALUATION_PROGRAM_NV);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->vp);
    glBindProgramARB(GL_TESS_CONTROL_PROGRAM_NV, s->tcp);
    glBindProgramARB(GL_TESS_EVALUATION_PROGRAM_NV, s->tep);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp);
    glActiveTextureARB(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, s->height_tex);

    s->patch_parameteri(GL_PATCH_VERTICES, 4);
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(4, GL_FLOAT, 0, s->corners);
    glDrawArrays(GL_PATCHES, 0, GRID_X * GRID_Z * 4);
    glDisableClientState(GL_VERTEX_ARRAY);

    glBindTexture(GL_TEXTURE_2D, 0);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_TESS_CONTROL_PROGRAM_NV);
    glDisable(GL_TESS_EVALUATION_PROGRAM_NV);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDisable(GL_DEPTH_TEST);
}

static const demo_scene_ops terrain_ops = {
    .name = "asmgl-demo-terrain",
    .summary = "displacement-mapped terrain, tessellated by distance with NV_tessellation_program5",
    .extensions = "GL_NV_gpu_program5 GL_NV_tessellation_program5",
    .create = terrain_create,
    .render = terrain_render,
    .destroy = terrain_destroy,
};

int main(int argc, char **argv)
{
    return demo_run(argc, argv, &terrain_ops);
}
