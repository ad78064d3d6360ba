/*
 * pcss.c - asmgl-demo-pcss: percentage-closer soft shadows (PCSS) with
 * NV_gpu_program5 texture gathers.
 *
 * A point light of extent LIGHT_SIZE hangs LIGHT_HEIGHT above a ground
 * plane and circles over it; two floating slabs at different heights, a
 * pillar and a spinning torus cast shadows whose penumbrae widen with the
 * distance between occluder and receiver (contact hardening).
 *
 * Pass 1 (the shadow map, SHADOW_SIZE^2, light looking straight down):
 * every occluder is drawn into an FBO whose colour attachment is an R32F
 * texture holding the linear distance from the light plane, d = (Ly - y) / 16
 * (so it stays within [0, 1], the clear value 1 meaning "nothing"), and
 * whose depth attachment is a DEPTH_COMPONENT24 texture with
 * TEXTURE_COMPARE_MODE = COMPARE_R_TO_TEXTURE (LEQUAL).
 *
 * Pass 2 (the scene, !!NVvp5.0 + !!NVfp5.0), per fragment
 * (NV_gpu_program5 2.X.8.Z TXG, TXGO):
 *   1. blocker search: 16 gathers "TXG g, c, texture[0].x, 2D" (component
 *      selection, no compare) on a Vogel disc of radius
 *      K * (1/DMIN - 1/d_r) in shadow-map uv, turned per pixel by an
 *      interleaved-gradient-noise angle, where d_r is the receiver's
 *      distance; texels nearer than d_r - eps are blockers; their mean
 *      distance is d_b.  No blocker: fully lit (exactly the lit colour).
 *   2. penumbra: the filter radius is K * (d_r - d_b) / (d_b d_r) (uv),
 *      K = LIGHT_SIZE / (4 LIGHT_TAN), i.e. a penumbra of
 *      LIGHT_SIZE * (d_r - d_b) / d_b world units on the receiver (similar
 *      triangles between the light, the blocker and the receiver);
 *   3. percentage-closer filtering: 12 gathers "TXG g, c, texture[1],
 *      SHADOW2D" (four depth compares each, weighted bilinearly with the
 *      fraction of c * size - 0.5) on a turned Vogel disc of that radius,
 *      plus one sample made of four "TXGO g, uv, ox, oy, texture[1],
 *      SHADOW2D" whose per-texel integer offsets cover the 4x4 texel block
 *      around the centre; visibility = the mean of the thirteen.
 * Shading: albedo * (AMBIENT + DIFFUSE * max(N . l, 0) * visibility), with l
 * the direction from the origin to the light (a "sun" direction, so the lit
 * and umbra colours of the ground are constants the test can compute).
 *
 * Frame f: light at (-3 cos 0.03f, LIGHT_HEIGHT, -3 sin 0.03f); orthographic
 * camera, straight down at frame 0 (image x = world x, image down = world
 * +z, 30 px per unit at 320x240), tilting towards 35 degrees by frame 52.
 * demos/test_pcss.cmake probes frame 0.
 * Coordinates: world y up.  API thread only.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

#define SHADOW_SIZE 1024
#define LIGHT_HEIGHT 10.0f
#define LIGHT_ORBIT 3.0f
#define LIGHT_SIZE 1.5f  /* world units: the width of the area light */
#define LIGHT_TAN 0.9f   /* tan of the shadow frustum's half angle */
#define LIGHT_NEAR 1.0f
#define LIGHT_FAR 12.0f
#define DMIN 4.0f        /* nearest blocker distance the search must find */
#define AMBIENT 0.25f
#define DIFFUSE 0.75f
#define VIEW_HALF_HEIGHT 4.0f

/* ---- FBO entry points, looked up here (demo_gl.h's table is shared with the
 * Mesa twins, which need none of these) ---- */

static PFNGLGENFRAMEBUFFERSPROC p_glGenFramebuffers;
static PFNGLDELETEFRAMEBUFFERSPROC p_glDeleteFramebuffers;
static PFNGLBINDFRAMEBUFFERPROC p_glBindFramebuffer;
static PFNGLFRAMEBUFFERTEXTURE2DPROC p_glFramebufferTexture2D;
static PFNGLCHECKFRAMEBUFFERSTATUSPROC p_glCheckFramebufferStatus;

static bool load_fbo_entry_points(void)
{
    p_glGenFramebuffers = (PFNGLGENFRAMEBUFFERSPROC)demo_gl_proc("glGenFramebuffers");
    p_glDeleteFramebuffers = (PFNGLDELETEFRAMEBUFFERSPROC)demo_gl_proc("glDeleteFramebuffers");
    p_glBindFramebuffer = (PFNGLBINDFRAMEBUFFERPROC)demo_gl_proc("glBindFramebuffer");
    p_glFramebufferTexture2D = (PFNGLFRAMEBUFFERTEXTURE2DPROC)demo_gl_proc("glFramebufferTexture2D");
    p_glCheckFramebufferStatus = (PFNGLCHECKFRAMEBUFFERSTATUSPROC)demo_gl_proc("glCheckFramebufferStatus");
    return p_glGenFramebuffers && p_glDeleteFramebuffers && p_glBindFramebuffer && p_glFramebufferTexture2D &&
           p_glCheckFramebufferStatus;
}

/* ---- programs ------------------------------------------------------------- */

/* Shadow pass: program.env[0..3] = the light's view-projection rows,
 * program.env[8].y = the light's height. */
static const char shadow_vp[] =
    "!!NVvp5.0\n"
    "PARAM lvp[4] = { program.env[0..3] };\n"
    "PARAM light = program.env[8];\n"
    "DP4 result.position.x, lvp[0], vertex.position;\n"
    "DP4 result.position.y, lvp[1], vertex.position;\n"
    "DP4 result.position.z, lvp[2], vertex.position;\n"
    "DP4 result.position.w, lvp[3], vertex.position;\n"
    "TEMP d;\n"
    "SUB d.x, light.y, vertex.position.y;      # distance below the light,\n"
    "MUL result.texcoord[0].x, d.x, 0.0625;    # / 16: within [0, 1]\n"
    "END\n";

static const char shadow_fp[] =
    "!!NVfp5.0\n"
    "MOV result.color, fragment.texcoord[0].x;\n"
    "END\n";

/* Scene pass vertex program: texcoord[0] = light clip position,
 * texcoord[1] = world position, texcoord[2] = normal, color = albedo. */
static const char scene_vp[] =
    "!!NVvp5.0\n"
    "PARAM lvp[4] = { program.env[0..3] };\n"
    "PARAM mvp[4] = { state.matrix.mvp };\n"
    "DP4 result.position.x, mvp[0], vertex.position;\n"
    "DP4 result.position.y, mvp[1], vertex.position;\n"
    "DP4 result.position.z, mvp[2], vertex.position;\n"
    "DP4 result.position.w, mvp[3], vertex.position;\n"
    "DP4 result.texcoord[0].x, lvp[0], vertex.position;\n"
    "DP4 result.texcoord[0].y, lvp[1], vertex.position;\n"
    "DP4 result.texcoord[0].z, lvp[2], vertex.position;\n"
    "DP4 result.texcoord[0].w, lvp[3], vertex.position;\n"
    "MOV result.texcoord[1], vertex.position;\n"
    "MOV result.texcoord[2], vertex.normal;\n"
    "MOV result.color, vertex.color;\n"
    "END\n";

/* Scene pass fragment program, assembled by build_scene_fp():
 *   program.env[8]  = light position (x, y, z, 1)
 *   program.env[9]  = normalize(light position), the shading direction
 *   program.env[10] = (SHADOW_SIZE, 1/SHADOW_SIZE, depth bias, blocker epsilon)
 *   program.env[11] = (K, 1/DMIN, AMBIENT, DIFFUSE), K = LIGHT_SIZE / (4 LIGHT_TAN)
 *   texture[0] = linear distance (R32F), texture[1] = depth (compare on). */
static const char scene_fp_head[] =
    "!!NVfp5.0\n"
    "# percentage-closer soft shadows with TXG / TXGO (NV_gpu_program5)\n"
    "PARAM light = program.env[8];\n"
    "PARAM ldir = program.env[9];\n"
    "PARAM sm = program.env[10];\n"
    "PARAM kk = program.env[11];\n"
    "TEMP uv, c, g, h, w, m, t, n, blk, acc, col, lit, rot, ab;\n"
    "INT TEMP ox, oy;\n"
    "# shading terms\n"
    "DP3 n.w, fragment.texcoord[2], fragment.texcoord[2];\n"
    "RSQ n.w, n.w;\n"
    "MUL n.xyz, fragment.texcoord[2], n.w;\n"
    "DP3_SAT lit.x, n, ldir;\n"
    "MUL lit.x, lit.x, kk.w;                   # DIFFUSE * max(N.l, 0)\n"
    "ADD col.xyz, kk.z, lit.x;                 # fully lit\n"
    "MUL col.xyz, col, fragment.color;\n"
    "MOV col.w, 1;\n"
    "# shadow-map coordinates: uv.xy, uv.z = reference depth - bias\n"
    "RCP t.w, fragment.texcoord[0].w;\n"
    "MUL uv, fragment.texcoord[0], t.w;\n"
    "MAD uv.xyz, uv, 0.5, 0.5;\n"
    "SUB uv.z, uv.z, sm.z;\n"
    "MOV uv.w, 0;\n"
    "MOV c, uv;\n"
    "# receiver distance below the light; t.x = 1/d_r\n"
    "SUB t.y, light.y, fragment.texcoord[1].y;\n"
    "RCP t.x, t.y;\n"
    "SUB t.w, t.y, sm.w;\n"
    "MUL t.w, t.w, 0.0625;                     # blocker threshold, as stored (/ 16)\n"
    "SUB t.z, kk.y, t.x;\n"
    "MUL t.z, t.z, kk.x;                       # search radius (uv)\n"
    "# the sample discs turn per pixel by 2 pi IGN(x, y) (interleaved gradient noise)\n"
    "DP4 h.x, fragment.position.xyxx, {0.06711056, 0.00583715, 0, 0};\n"
    "FRC h.x, h.x;\n"
    "MUL h.x, h.x, 52.9829189;\n"
    "FRC h.x, h.x;\n"
    "MUL h.x, h.x, 6.28318531;\n"
    "COS rot.x, h.x;\n"
    "SIN rot.y, h.x;\n"
    "MOV rot.z, -rot.y;\n"
    "MOV rot.w, rot.x;                         # (cos, sin, -sin, cos)\n"
    "MUL ab, rot, t.z;                          # c = uv + ab.xy dx + ab.zw dy\n"
    "MOV blk, 0;\n"
    "# 1. blocker search: 16 gathers of the distance texture over the disc\n";

static const char scene_fp_mid[] =
    "# no blocker: lit\n"
    "MOV.CC blk.y, blk.y;\n"
    "MOV result.color, col;\n"
    "RET (EQ.y);\n"
    "# 2. penumbra: filter half-width K (1/d_b - 1/d_r), d_b = mean blocker distance\n"
    "RCP h.y, blk.y;\n"
    "MUL h.x, blk.x, h.y;\n"
    "MUL h.x, h.x, 16;                         # d_b\n"
    "RCP h.z, h.x;\n"
    "SUB h.z, h.z, t.x;\n"
    "MUL t.z, h.z, kk.x;\n"
    "MAX t.z, t.z, 0;\n"
    "MOV acc, 0;\n"
    "# 3. PCF: the 4x4 texel block at the centre (one sample: the mean of four\n"
    "# TXGO of four texels each, integer offsets ox, oy per texel)\n"
    "MOV.S ox, {-1, 0, 1, 2};\n";

static const char scene_fp_tail[] =
    "# visibility = mean of the 13 samples\n"
    "MUL acc.x, acc.x, 0.0769230769;\n"
    "MUL lit.x, lit.x, acc.x;\n"
    "ADD col.xyz, kk.z, lit.x;\n"
    "MUL col.xyz, col, fragment.color;\n"
    "MOV result.color, col;\n"
    "END\n";

/* Vogel (sunflower) disc of n points: radius sqrt((k + 0.5) / n), angle
 * k * 137.5 degrees; rotated per pixel in the program. */
static void vogel(int k, int n, float *x, float *y)
{
    float r = sqrtf(((float)k + 0.5f) / (float)n), a = (float)k * 2.39996323f;
    *x = r * cosf(a);
    *y = r * sinf(a);
}

#define SEARCH_SAMPLES 16
#define PCF_SAMPLES 12

static char *build_scene_fp(void)
{
    size_t cap = 20000, len = 0;
    char *s = malloc(cap);
    if (!s)
        return NULL;
#define APPEND(...) len += (size_t)snprintf(s + len, cap - len, __VA_ARGS__)
    APPEND("%s", scene_fp_head);
    for (int k = 0; k < SEARCH_SAMPLES; k++) {
        float x, y;
        vogel(k, SEARCH_SAMPLES, &x, &y);
        APPEND("MAD c.xy, ab, %.6f, uv;\n", x);
        APPEND("MAD c.xy, ab.zwzw, %.6f, c;\n", y);
        APPEND("TXG g, c, texture[0].x, 2D;\n");
        APPEND("SLT m, g, t.w;\n");
        APPEND("DP4 h.x, m, g;\n");
        APPEND("DP4 h.y, m, 1;\n");
        APPEND("ADD blk.xy, blk, h;\n");
    }
    APPEND("%s", scene_fp_mid);
    for (int j = 0; j < 4; j++) {
        APPEND("MOV.S oy, %d;\n", j - 1);
        APPEND("TXGO g, uv, ox, oy, texture[1], SHADOW2D;\n");
        APPEND("DP4 h.x, g, 0.0625;\n");
        APPEND("ADD acc.x, acc.x, h.x;\n");
    }
    APPEND("# ... and %d bilinear-weighted TXG over the rotated filter disc: weights\n"
           "# ((1-a)b, ab, a(1-b), (1-a)(1-b)), (a, b) = frac(c * size - 0.5)\n"
           "MUL ab, rot, t.z;\n", PCF_SAMPLES);
    for (int k = 0; k < PCF_SAMPLES; k++) {
        float x, y;
        vogel(k, PCF_SAMPLES, &x, &y);
        APPEND("MAD c.xy, ab, %.6f, uv;\n", x);
        APPEND("MAD c.xy, ab.zwzw, %.6f, c;\n", y);
        APPEND("MAD h.xy, c, sm.x, -0.5;\n");
        APPEND("FRC h.xy, h;\n");
        APPEND("ADD h.zw, 1, -h.xyxy;\n");
        APPEND("MUL w, h.zxxz, h.yyww;\n");
        APPEND("TXG g, c, texture[1], SHADOW2D;\n");
        APPEND("DP4 h.x, g, w;\n");
        APPEND("ADD acc.x, acc.x, h.x;\n");
    }
    APPEND("%s", scene_fp_tail);
#undef APPEND
    if (len >= cap) {
        free(s);
        return NULL;
    }
    return s;
}

/* ---- geometry ---------------------------------------------------------------- */

typedef struct vtx {
    float p[3], n[3], c[3];
} vtx;

typedef struct mesh {
    vtx *v;
    int n, cap;
} mesh;

static void push(mesh *m, const float p[3], const float n[3], const float c[3])
{
    if (m->n == m->cap) {
        int cap = m->cap ? m->cap * 2 : 256;
        vtx *v = realloc(m->v, sizeof *v * (size_t)cap);
        if (!v)
            return;
        m->v = v;
        m->cap = cap;
    }
    vtx *o = &m->v[m->n++];
    memcpy(o->p, p, sizeof o->p);
    memcpy(o->n, n, sizeof o->n);
    memcpy(o->c, c, sizeof o->c);
}

/* A quad a, b, cc, d (counter-clockwise seen from outside), normal nrm. */
static void quad(mesh *m, const float a[3], const float b[3], const float cc[3], const float d[3],
                 const float nrm[3], const float col[3])
{
    push(m, a, nrm, col);
    push(m, b, nrm, col);
    push(m, cc, nrm, col);
    push(m, a, nrm, col);
    push(m, cc, nrm, col);
    push(m, d, nrm, col);
}

static void box(mesh *m, const float lo[3], const float hi[3], const float col[3])
{
    float p[8][3];
    for (int i = 0; i < 8; i++) {
        p[i][0] = i & 1 ? hi[0] : lo[0];
        p[i][1] = i & 2 ? hi[1] : lo[1];
        p[i][2] = i & 4 ? hi[2] : lo[2];
    }
    static const float nx[3] = {1, 0, 0}, mx[3] = {-1, 0, 0}, ny[3] = {0, 1, 0}, my[3] = {0, -1, 0},
                       nz[3] = {0, 0, 1}, mz[3] = {0, 0, -1};
    quad(m, p[1], p[3], p[7], p[5], nx, col); /* +x */
    quad(m, p[0], p[4], p[6], p[2], mx, col); /* -x */
    quad(m, p[2], p[6], p[7], p[3], ny, col); /* +y */
    quad(m, p[0], p[1], p[5], p[4], my, col); /* -y */
    quad(m, p[4], p[5], p[7], p[6], nz, col); /* +z */
    quad(m, p[0], p[2], p[3], p[1], mz, col); /* -z */
}

/* A torus around axis (sin a, cos a, 0) (tilted from y by a about z),
 * spun by angle b about that axis. */
static void torus(mesh *m, const float ctr[3], float R, float r, float a, float b, const float col[3])
{
    enum { NU = 40, NV = 16 };
    const float pi = 3.14159265f;
    float ca = cosf(a), sa = sinf(a);
    float P[NU + 1][NV + 1][3], N[NU + 1][NV + 1][3];
    for (int i = 0; i <= NU; i++)
        for (int j = 0; j <= NV; j++) {
            float u = 2 * pi * i / NU + b, v = 2 * pi * j / NV;
            /* local: ring in the xz plane, axis y */
            float lx = (R + r * cosf(v)) * cosf(u), ly = r * sinf(v), lz = (R + r * cosf(v)) * sinf(u);
            float nx = cosf(v) * cosf(u), ny = sinf(v), nz = cosf(v) * sinf(u);
            /* tilt about z */
            P[i][j][0] = ctr[0] + ca * lx - sa * ly;
            P[i][j][1] = ctr[1] + sa * lx + ca * ly;
            P[i][j][2] = ctr[2] + lz;
            N[i][j][0] = ca * nx - sa * ny;
            N[i][j][1] = sa * nx + ca * ny;
            N[i][j][2] = nz;
        }
    for (int i = 0; i < NU; i++)
        for (int j = 0; j < NV; j++) {
            int i1 = i + 1, j1 = j + 1;
            push(m, P[i][j], N[i][j], col);
            push(m, P[i][j1], N[i][j1], col);
            push(m, P[i1][j1], N[i1][j1], col);
            push(m, P[i][j], N[i][j], col);
            push(m, P[i1][j1], N[i1][j1], col);
            push(m, P[i1][j], N[i1][j], col);
        }
}

/* ---- scene ----------------------------------------------------------------- */

typedef struct pcss_scene {
    GLuint shadow_vp, shadow_fp, scene_vp, scene_fp;
    GLuint dist_tex, depth_tex, fbo;
    mesh ground, casters;
} pcss_scene;

static const float ground_col[3] = {0.78f, 0.74f, 0.66f};

/* Frame f's occluders.  Frame 0's are the ones test_pcss.cmake measures:
 *   slab A (low):  x [0.5, 1.5], y [1.45, 1.55], z [1.3, 2.3]
 *   slab B (high): x [-2.8, -1.2], y [4.95, 5.05], z [-2.3, -0.7]
 *   pillar:        x [2.6, 3.4], y [0, 2.5], z [-2.4, -1.6]
 *   torus:         centre (-3, 2.2, 2.6), R 0.8, r 0.22 */
static void build_casters(mesh *m, int frame)
{
    static const float slab_col[3] = {0.75f, 0.3f, 0.25f}, slab2_col[3] = {0.3f, 0.45f, 0.75f},
                       pillar_col[3] = {0.7f, 0.7f, 0.72f}, torus_col[3] = {0.9f, 0.7f, 0.25f};
    m->n = 0;
    box(m, (const float[3]){0.5f, 1.45f, 1.3f}, (const float[3]){1.5f, 1.55f, 2.3f}, slab_col);
    box(m, (const float[3]){-2.8f, 4.95f, -2.3f}, (const float[3]){-1.2f, 5.05f, -0.7f}, slab2_col);
    box(m, (const float[3]){2.6f, 0.0f, -2.4f}, (const float[3]){3.4f, 2.5f, -1.6f}, pillar_col);
    torus(m, (const float[3]){-3.0f, 2.2f, 2.6f}, 0.8f, 0.22f, 0.5f, (float)frame * 0.05f, torus_col);
}

static void pcss_destroy(void *p)
{
    pcss_scene *s = p;
    if (!s)
        return;
    GLuint progs[4] = {s->shadow_vp, s->shadow_fp, s->scene_vp, s->scene_fp};
    glDeleteProgramsARB(4, progs);
    GLuint tex[2] = {s->dist_tex, s->depth_tex};
    glDeleteTextures(2, tex);
    if (s->fbo && p_glDeleteFramebuffers)
        p_glDeleteFramebuffers(1, &s->fbo);
    free(s->ground.v);
    free(s->casters.v);
    free(s);
}

static void *pcss_create(const demo_options *opt)
{
    (void)opt;
    if (!load_fbo_entry_points()) {
        fprintf(stderr, "asmgl-demo-pcss: framebuffer object entry points missing\n");
        return NULL;
    }
    pcss_scene *s = calloc(1, sizeof *s);
    char *fp = build_scene_fp();
    if (!s || !fp) {
        fprintf(stderr, "asmgl-demo-pcss: out of memory\n");
        free(fp);
        free(s);
        return NULL;
    }
    s->shadow_vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, shadow_vp, "shadow vertex");
    s->shadow_fp = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, shadow_fp, "shadow fragment");
    s->scene_vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, scene_vp, "scene vertex");
    s->scene_fp = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, fp, "scene fragment (PCSS)");
    free(fp);
    if (!s->shadow_vp || !s->shadow_fp || !s->scene_vp || !s->scene_fp) {
        pcss_destroy(s);
        return NULL;
    }

    /* the shadow map: linear distance (R32F) + depth with compare */
    glGenTextures(1, &s->dist_tex);
    glBindTexture(GL_TEXTURE_2D, s->dist_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, SHADOW_SIZE, SHADOW_SIZE, 0, GL_RED, GL_FLOAT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glGenTextures(1, &s->depth_tex);
    glBindTexture(GL_TEXTURE_2D, s->depth_tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, SHADOW_SIZE, SHADOW_SIZE, 0, GL_DEPTH_COMPONENT,
                 GL_UNSIGNED_INT, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glBindTexture(GL_TEXTURE_2D, 0);

    p_glGenFramebuffers(1, &s->fbo);
    p_glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
    p_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, s->dist_tex, 0);
    p_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, s->depth_tex, 0);
    GLenum st = p_glCheckFramebufferStatus(GL_FRAMEBUFFER);
    p_glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (st != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "asmgl-demo-pcss: shadow framebuffer incomplete (0x%04x)\n", st);
        pcss_destroy(s);
        return NULL;
    }

    static const float up[3] = {0, 1, 0};
    quad(&s->ground, (const float[3]){-6, 0, -6}, (const float[3]){-6, 0, 6}, (const float[3]){6, 0, 6},
         (const float[3]){6, 0, -6}, up, ground_col);
    return s;
}

/* r = a * b, column-major 4x4 */
static void mat_mul(float r[16], const float a[16], const float b[16])
{
    float t[16];
    for (int c = 0; c < 4; c++)
        for (int rr = 0; rr < 4; rr++) {
            float sum = 0;
            for (int k = 0; k < 4; k++)
                sum += a[k * 4 + rr] * b[c * 4 + k];
            t[c * 4 + rr] = sum;
        }
    memcpy(r, t, sizeof t);
}

static void draw_mesh(const mesh *m)
{
    if (!m->n)
        return;
    glVertexPointer(3, GL_FLOAT, sizeof(vtx), m->v[0].p);
    glNormalPointer(GL_FLOAT, sizeof(vtx), m->v[0].n);
    glColorPointer(3, GL_FLOAT, sizeof(vtx), m->v[0].c);
    glDrawArrays(GL_TRIANGLES, 0, m->n);
}

static void pcss_render(void *p, int frame, int width, int height)
{
    pcss_scene *s = p;
    float aspect = (float)width / (float)(height > 0 ? height : 1);
    float ang = 0.03f * (float)frame;
    float L[3] = {-LIGHT_ORBIT * cosf(ang), LIGHT_HEIGHT, -LIGHT_ORBIT * sinf(ang)};

    build_casters(&s->casters, frame);

    /* the light's view-projection: straight down from L, image up = -z */
    float view[16], proj[16] = {0}, lvp[16];
    demo_look_at(view, L, (const float[3]){L[0], 0.0f, L[2]}, (const float[3]){0, 0, -1});
    float n = LIGHT_NEAR, f = LIGHT_FAR;
    proj[0] = 1.0f / LIGHT_TAN;
    proj[5] = 1.0f / LIGHT_TAN;
    proj[10] = -(f + n) / (f - n);
    proj[11] = -1.0f;
    proj[14] = -2.0f * f * n / (f - n);
    mat_mul(lvp, proj, view);
    for (int r = 0; r < 4; r++) {
        glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, (GLuint)r, lvp[r], lvp[4 + r], lvp[8 + r], lvp[12 + r]);
    }
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 8, L[0], L[1], L[2], 1.0f);

    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_NORMAL_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);

    /* pass 1: the shadow map (occluders only; the ground casts nothing) */
    p_glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
    glViewport(0, 0, SHADOW_SIZE, SHADOW_SIZE);
    glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->shadow_vp);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->shadow_fp);
    draw_mesh(&s->casters);
    p_glBindFramebuffer(GL_FRAMEBUFFER, 0);

    /* pass 2: the scene */
    glViewport(0, 0, width, height);
    glClearColor(0.45f, 0.55f, 0.7f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(-VIEW_HALF_HEIGHT * aspect, VIEW_HALF_HEIGHT * aspect, -VIEW_HALF_HEIGHT, VIEW_HALF_HEIGHT, -50.0,
            50.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    float t = (float)frame * 0.03f;
    float tilt = 35.0f * sinf(t < 1.5707963f ? t : 1.5707963f);
    glRotatef(90.0f - tilt, 1.0f, 0.0f, 0.0f);

    float ll = sqrtf(L[0] * L[0] + L[1] * L[1] + L[2] * L[2]);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 8, L[0], L[1], L[2], 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 9, L[0] / ll, L[1] / ll, L[2] / ll, 0.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 10, (float)SHADOW_SIZE, 1.0f / SHADOW_SIZE, 0.0005f,
                               0.05f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 11, LIGHT_SIZE / (4.0f * LIGHT_TAN), 1.0f / DMIN, AMBIENT,
                               DIFFUSE);
    glActiveTextureARB(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, s->dist_tex);
    glActiveTextureARB(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, s->depth_tex);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->scene_vp);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->scene_fp);
    draw_mesh(&s->ground);
    draw_mesh(&s->casters);

    glBindTexture(GL_TEXTURE_2D, 0);
    glActiveTextureARB(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, 0);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDisable(GL_DEPTH_TEST);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_NORMAL_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
}

static const demo_scene_ops pcss_ops = {
    .name = "asmgl-demo-pcss",
    .summary = "percentage-closer soft shadows with NV_gpu_program5 TXG / TXGO on a SHADOW2D target",
    .extensions = "GL_NV_gpu_program5 GL_ARB_framebuffer_object",
    .create = pcss_create,
    .render = pcss_render,
    .destroy = pcss_destroy,
};

int main(int argc, char **argv)
{
    return demo_run(argc, argv, &pcss_ops);
}
