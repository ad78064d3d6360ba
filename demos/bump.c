/*
 * bump.c - asmgl-demo-bump: a Doom 3-style bump-mapped, per-pixel lit room.
 *
 * A corner of a room (stone floor, two brick walls) with two steel crates, lit
 * by two moving point lights.  Rendering follows Doom 3's interaction model:
 *
 *   1. depth + ambient pass: every surface writes depth and a dim ambient term;
 *      the lights' marker cubes are drawn here too.
 *   2. per light:
 *      a. stencil shadow volumes of the crates (depth-fail, "Carmack's
 *         reverse"): back faces increment and front faces decrement the stencil
 *         where they fail the depth test; caps make every volume closed.
 *      b. the interaction pass: additive blend, depth test EQUAL against pass 1,
 *         stencil == 0.  The vertex program moves the light and half-angle
 *         vectors into each surface's tangent space; the fragment program reads
 *         the normal, diffuse and gloss maps and computes N.L, (N.H)^n (LIT) and
 *         a radial falloff.
 *
 * All passes share one vertex program, so every pass computes bit-identical
 * positions (EQUAL depth testing and the volumes' caps depend on that).
 * Geometry and lights are a function of the frame number only.
 *
 * Coordinates: world space = object space (the modelview is the camera), y up,
 * metres.  Tangent frames are right-handed: N = T x B, T along +s, B along +t.
 * API thread only.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

/* ---- programs ------------------------------------------------------------ */

/* Doom 3's attribute layout: attrib[8] texcoord, [9] tangent, [10] bitangent,
 * [11] normal.  Outputs: texcoord[0] surface uv; texcoord[1] the light vector
 * in tangent space, unnormalised so the fragment program can measure distance;
 * texcoord[2] the tangent-space half-angle vector, normalize(L) + normalize(V). */
static const char interaction_vp[] =
    "!!ARBvp1.0\n"
    "# Doom 3-style interaction setup: tangent-space light and half vectors.\n"
    "ATTRIB pos = vertex.position;\n"
    "ATTRIB uv = vertex.attrib[8];\n"
    "ATTRIB tan = vertex.attrib[9];\n"
    "ATTRIB bit = vertex.attrib[10];\n"
    "ATTRIB nrm = vertex.attrib[11];\n"
    "PARAM mvp[4] = { state.matrix.mvp };\n"
    "PARAM lightPos = program.env[0];\n"
    "PARAM viewPos = program.env[1];\n"
    "TEMP d, l, v, len;\n"
    "DP4 result.position.x, mvp[0], pos;\n"
    "DP4 result.position.y, mvp[1], pos;\n"
    "DP4 result.position.z, mvp[2], pos;\n"
    "DP4 result.position.w, mvp[3], pos;\n"
    "MOV result.texcoord[0], uv;\n"
    "# light vector into tangent space\n"
    "SUB d, lightPos, pos;\n"
    "DP3 l.x, tan, d;\n"
    "DP3 l.y, bit, d;\n"
    "DP3 l.z, nrm, d;\n"
    "MOV l.w, 1.0;\n"
    "MOV result.texcoord[1], l;\n"
    "# view vector into tangent space\n"
    "SUB d, viewPos, pos;\n"
    "DP3 v.x, tan, d;\n"
    "DP3 v.y, bit, d;\n"
    "DP3 v.z, nrm, d;\n"
    "# half-angle vector: normalize(L) + normalize(V)\n"
    "DP3 len.x, l, l;\n"
    "RSQ len.x, len.x;\n"
    "DP3 len.y, v, v;\n"
    "RSQ len.y, len.y;\n"
    "MUL v.xyz, v, len.y;\n"
    "MAD v.xyz, l, len.x, v;\n"
    "MOV v.w, 1.0;\n"
    "MOV result.texcoord[2], v;\n"
    "END\n";

/* texture[0] normal map, texture[1] diffuse map, texture[2] gloss map. */
static const char interaction_fp[] =
    "!!ARBfp1.0\n"
    "# Doom 3-style interaction: bump-mapped diffuse and specular, one light.\n"
    "PARAM lightColor = program.env[2];\n"
    "PARAM falloff = program.env[3];      # x = 1 / radius^2\n"
    "PARAM material = program.local[0];   # x = specular exponent, y = specular scale\n"
    "TEMP n, l, h, lit, diffuse, gloss, t;\n"
    "TEX n, fragment.texcoord[0], texture[0], 2D;\n"
    "TEX diffuse, fragment.texcoord[0], texture[1], 2D;\n"
    "TEX gloss, fragment.texcoord[0], texture[2], 2D;\n"
    "# expand and renormalise the filtered normal\n"
    "MAD n.xyz, n, 2.0, -1.0;\n"
    "DP3 t.x, n, n;\n"
    "RSQ t.x, t.x;\n"
    "MUL n.xyz, n, t.x;\n"
    "# light direction; t.y keeps the squared distance\n"
    "DP3 t.y, fragment.texcoord[1], fragment.texcoord[1];\n"
    "RSQ t.x, t.y;\n"
    "MUL l.xyz, fragment.texcoord[1], t.x;\n"
    "DP3 t.x, fragment.texcoord[2], fragment.texcoord[2];\n"
    "RSQ t.x, t.x;\n"
    "MUL h.xyz, fragment.texcoord[2], t.x;\n"
    "# lit = (1, max(N.L, 0), N.L > 0 ? max(N.H, 0)^exponent : 0, 1)\n"
    "DP3 lit.x, n, l;\n"
    "DP3 lit.y, n, h;\n"
    "MOV lit.w, material.x;\n"
    "LIT lit, lit;\n"
    "# falloff = saturate(1 - d^2 / r^2)^2, fading out where the surface\n"
    "# itself turns away from the light\n"
    "MAD_SAT t.y, t.y, -falloff.x, 1.0;\n"
    "MUL t.y, t.y, t.y;\n"
    "MUL_SAT t.z, l.z, 4.0;\n"
    "MUL t.y, t.y, t.z;\n"
    "# (diffuse * N.L + gloss * scale * specular) * falloff * light colour\n"
    "MUL t.z, lit.z, material.y;\n"
    "MUL gloss.xyz, gloss, t.z;\n"
    "MAD diffuse.xyz, diffuse, lit.y, gloss;\n"
    "MUL diffuse.xyz, diffuse, t.y;\n"
    "MUL result.color.xyz, diffuse, lightColor;\n"
    "MOV result.color.w, 1.0;\n"
    "END\n";

/* The ambient pass: the diffuse map under a dim fill light, darkened a little
 * where the normal map tilts away from the surface normal. */
static const char ambient_fp[] =
    "!!ARBfp1.0\n"
    "PARAM ambient = program.env[4];\n"
    "TEMP n, c;\n"
    "TEX n, fragment.texcoord[0], texture[0], 2D;\n"
    "TEX c, fragment.texcoord[0], texture[1], 2D;\n"
    "MAD_SAT n.z, n.z, 2.0, -1.0;\n"
    "MUL c.xyz, c, n.z;\n"
    "MUL result.color.xyz, c, ambient;\n"
    "MOV result.color.w, 1.0;\n"
    "END\n";

/* Flat colour (program.local[0]): the lights' marker cubes. */
static const char marker_fp[] =
    "!!ARBfp1.0\n"
    "MOV result.color, program.local[0];\n"
    "END\n";

/* Shadow volumes write stencil only (the colour mask is off). */
static const char shadow_fp[] =
    "!!ARBfp1.0\n"
    "MOV result.color, 0.0;\n"
    "END\n";

/* ---- scene description ------------------------------------------------ */

#define ROOM_HALF 5.0f     /* the floor spans [-5, 5] in x and z */
#define ROOM_HEIGHT 6.0f
#define BOX_DIV 4          /* grid cells per crate face side; a power of two */
#define EXTRUDE 400.0f     /* shadow volumes reach this far from the light */
#define Z_NEAR 0.1f
#define Z_FAR 1000.0f      /* > EXTRUDE + the camera's distance to any light */
#define NUM_LIGHTS 2
#define NUM_BOXES 2

enum { MAT_BRICK, MAT_FLOOR, MAT_METAL, MAT_COUNT };

typedef struct material {
    const char *prefix;    /* demos/data/<prefix>_{normal,diffuse,gloss}.png */
    float exponent;        /* specular exponent */
    float spec_scale;      /* specular intensity */
    GLuint normal, diffuse, gloss;
} material;

typedef struct vertex {
    float pos[3], uv[2], tan[3], bit[3], nrm[3];
} vertex;

/* A range of the index buffer drawn with one material, or a light marker. */
typedef struct batch {
    int material;          /* MAT_*, or -1 for the marker of light `light` */
    int light;
    unsigned first, count;
} batch;

typedef struct box {
    float center[3], half, yaw;
} box;

typedef struct light {
    float pos[3], color[3], radius;
} light;

/* A face of a crate: a BOX_DIV x BOX_DIV grid spanned by its four corners. */
typedef struct face {
    float corner[4][3];    /* counter-clockwise seen from outside: (0,0) (1,0) (1,1) (0,1) */
    float t[3], b[3], n[3];
} face;

typedef struct scene {
    demo_options opt;
    GLuint vp, fp_interaction, fp_ambient, fp_marker, fp_shadow;
    material mat[MAT_COUNT];
    vertex *v;             /* the frame's geometry */
    GLuint *idx;
    unsigned nv, ni, cap_v, cap_i;
    batch batch[16];
    int nbatch;
    face faces[NUM_BOXES][6];
    float (*vol)[3];       /* one light's shadow volumes, a triangle list */
    unsigned nvol, cap_vol;
    box boxes[NUM_BOXES];
    light lights[NUM_LIGHTS];
    float eye[3];
    int oom;               /* an array could not grow: the frame is incomplete */
} scene;

/* ---- small vector helpers ------------------------------------------------ */

static void v3_set(float r[3], float x, float y, float z)
{
    r[0] = x;
    r[1] = y;
    r[2] = z;
}

static float v3_dot(const float a[3], const float b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

static void v3_cross(float r[3], const float a[3], const float b[3])
{
    r[0] = a[1] * b[2] - a[2] * b[1];
    r[1] = a[2] * b[0] - a[0] * b[2];
    r[2] = a[0] * b[1] - a[1] * b[0];
}

/* Rotation about +y by `yaw` radians. */
static void v3_yaw(float r[3], const float a[3], float yaw)
{
    float c = cosf(yaw), s = sinf(yaw);
    float x = c * a[0] + s * a[2], z = -s * a[0] + c * a[2];
    v3_set(r, x, a[1], z);
}

/* Bilinear point of a quad at (u, v).  Exact at the corners, and (with u, v
 * multiples of 1/BOX_DIV) equal on an edge shared by two faces whatever
 * direction each walks it, so the crates and their shadow volumes are
 * watertight. */
static void quad_point(float r[3], const float c[4][3], float u, float v)
{
    for (int k = 0; k < 3; k++)
        r[k] = (1.0f - u) * (1.0f - v) * c[0][k] + u * (1.0f - v) * c[1][k] + u * v * c[2][k] +
               (1.0f - u) * v * c[3][k];
}

/* ---- geometry ----------------------------------------------------------- */

static int grow(void **p, unsigned *cap, unsigned need, size_t elem)
{
    if (need <= *cap)
        return 1;
    unsigned n = *cap ? *cap : 256;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * elem);
    if (!q)
        return 0;
    *p = q;
    *cap = n;
    return 1;
}

/* Appends a grid of nu x nv cells over the quad `c`, with texture coordinates
 * spanning [0, su] x [0, sv], as triangles (0,1,2) (0,2,3) of each cell. */
static void add_grid(scene *s, const float c[4][3], const float t[3], const float b[3], const float n[3],
                     int nu, int nv, float su, float sv)
{
    unsigned base = s->nv;
    if (!grow((void **)&s->v, &s->cap_v, s->nv + (nu + 1) * (nv + 1), sizeof *s->v) ||
        !grow((void **)&s->idx, &s->cap_i, s->ni + nu * nv * 6, sizeof *s->idx)) {
        s->oom = 1;
        return;
    }
    for (int j = 0; j <= nv; j++) {
        for (int i = 0; i <= nu; i++) {
            vertex *v = &s->v[s->nv++];
            float u = (float)i / nu, w = (float)j / nv;
            quad_point(v->pos, c, u, w);
            v->uv[0] = u * su;
            v->uv[1] = w * sv;
            memcpy(v->tan, t, sizeof v->tan);
            memcpy(v->bit, b, sizeof v->bit);
            memcpy(v->nrm, n, sizeof v->nrm);
        }
    }
    for (int j = 0; j < nv; j++) {
        for (int i = 0; i < nu; i++) {
            GLuint a = base + j * (nu + 1) + i, q[4] = {a, a + 1, a + nu + 2, a + nu + 1};
            GLuint tri[6] = {q[0], q[1], q[2], q[0], q[2], q[3]};
            memcpy(s->idx + s->ni, tri, sizeof tri);
            s->ni += 6;
        }
    }
}

/* A planar surface of the room: origin corner, edge along T, edge along B. */
static void add_wall(scene *s, const float o[3], const float eu[3], const float ev[3], int nu, int nv,
                     float tile)
{
    float c[4][3], t[3], b[3], n[3];
    float lu = sqrtf(v3_dot(eu, eu)), lv = sqrtf(v3_dot(ev, ev));
    for (int k = 0; k < 3; k++) {
        c[0][k] = o[k];
        c[1][k] = o[k] + eu[k];
        c[2][k] = o[k] + eu[k] + ev[k];
        c[3][k] = o[k] + ev[k];
        t[k] = eu[k] / lu;
        b[k] = ev[k] / lv;
    }
    v3_cross(n, t, b);
    add_grid(s, c, t, b, n, nu, nv, lu / tile, lv / tile);
}

/* The six faces of a cube: outward normal and tangent; B = N x T. */
static const float cube_axes[6][2][3] = {
    {{1, 0, 0}, {0, 0, -1}}, {{-1, 0, 0}, {0, 0, 1}}, {{0, 0, 1}, {1, 0, 0}},
    {{0, 0, -1}, {-1, 0, 0}}, {{0, 1, 0}, {1, 0, 0}}, {{0, -1, 0}, {1, 0, 0}},
};

/* Fills f[6] for a cube.  The eight corners are computed once and shared, so
 * neighbouring faces meet exactly. */
static void cube_faces(face f[6], const float center[3], float half, float yaw)
{
    float corner[8][3]; /* index bits: x+ = 1, y+ = 2, z+ = 4 */
    for (int i = 0; i < 8; i++) {
        float local[3] = {i & 1 ? half : -half, i & 2 ? half : -half, i & 4 ? half : -half}, r[3];
        v3_yaw(r, local, yaw);
        for (int k = 0; k < 3; k++)
            corner[i][k] = center[k] + r[k];
    }
    for (int k = 0; k < 6; k++) {
        const float *n = cube_axes[k][0], *t = cube_axes[k][1];
        float b[3];
        v3_cross(b, n, t);
        /* corner (su, sv) of the face, su/sv in {-1, +1} along T/B */
        static const int su[4] = {-1, 1, 1, -1}, sv[4] = {-1, -1, 1, 1};
        for (int c = 0; c < 4; c++) {
            int bits = 0;
            for (int a = 0; a < 3; a++) {
                float comp = n[a] + su[c] * t[a] + sv[c] * b[a];
                if (comp > 0.0f)
                    bits |= 1 << a;
            }
            memcpy(f[k].corner[c], corner[bits], sizeof f[k].corner[c]);
        }
        v3_yaw(f[k].n, n, yaw);
        v3_yaw(f[k].t, t, yaw);
        v3_yaw(f[k].b, b, yaw);
    }
}

static void add_batch(scene *s, int material, int light, unsigned first)
{
    if (s->nbatch < (int)(sizeof s->batch / sizeof s->batch[0]) && s->ni > first)
        s->batch[s->nbatch++] = (batch){material, light, first, s->ni - first};
}

/* Positions of everything that moves, from the frame number. */
static void animate(scene *s, int frame)
{
    float t = frame / 30.0f; /* seconds at 30 frames per second */

    s->boxes[0] = (box){{-1.9f, 0.8f, -2.1f}, 0.8f, 0.35f};
    s->boxes[1] = (box){{0.9f, 0.45f, -0.4f}, 0.45f, 0.2f + 0.6f * t};

    /* warm light circling the crates, bobbing up and down */
    light *l = &s->lights[0];
    float a = 0.6f * t + 0.4f;
    v3_set(l->pos, -0.4f + 3.0f * cosf(a), 2.3f + 0.3f * sinf(1.3f * t), -0.8f + 3.0f * sinf(a));
    v3_set(l->color, 1.5f, 1.2f, 0.85f);
    l->radius = 7.0f;

    /* cool light sweeping along the left wall */
    l = &s->lights[1];
    v3_set(l->pos, -3.9f + 0.3f * sinf(0.7f * t), 2.6f, 0.6f + 2.4f * sinf(0.45f * t + 0.5f));
    v3_set(l->color, 0.75f, 0.9f, 1.4f);
    l->radius = 6.0f;

    v3_set(s->eye, 3.9f, 2.9f, 4.4f);
}

static void build_geometry(scene *s)
{
    s->nv = s->ni = 0;
    s->nbatch = 0;
    unsigned first = s->ni;

    const float h = ROOM_HALF, top = ROOM_HEIGHT;
    float o[3], eu[3], ev[3];
    /* floor: T = +x, B = -z, N = +y */
    v3_set(o, -h, 0, h), v3_set(eu, 2 * h, 0, 0), v3_set(ev, 0, 0, -2 * h);
    add_wall(s, o, eu, ev, 16, 16, 2.5f);
    add_batch(s, MAT_FLOOR, -1, first);
    first = s->ni;
    /* back wall (z = -h): T = +x, B = +y, N = +z */
    v3_set(o, -h, 0, -h), v3_set(eu, 2 * h, 0, 0), v3_set(ev, 0, top, 0);
    add_wall(s, o, eu, ev, 16, 8, 1.5f);
    /* left wall (x = -h): T = -z, B = +y, N = +x */
    v3_set(o, -h, 0, h), v3_set(eu, 0, 0, -2 * h), v3_set(ev, 0, top, 0);
    add_wall(s, o, eu, ev, 16, 8, 1.5f);
    add_batch(s, MAT_BRICK, -1, first);
    first = s->ni;

    for (int i = 0; i < NUM_BOXES; i++) {
        const box *b = &s->boxes[i];
        cube_faces(s->faces[i], b->center, b->half, b->yaw);
        for (int k = 0; k < 6; k++) {
            const face *f = &s->faces[i][k];
            add_grid(s, f->corner, f->t, f->b, f->n, BOX_DIV, BOX_DIV, 1.0f, 1.0f);
        }
    }
    add_batch(s, MAT_METAL, -1, first);

    for (int i = 0; i < NUM_LIGHTS; i++) {
        face f[6];
        first = s->ni;
        cube_faces(f, s->lights[i].pos, 0.07f, 0.0f);
        for (int k = 0; k < 6; k++)
            add_grid(s, f[k].corner, f[k].t, f[k].b, f[k].n, 1, 1, 1.0f, 1.0f);
        add_batch(s, -1, i, first);
    }
}

/* ---- shadow volumes ----------------------------------------------------- */

static void vol_tri(scene *s, const float a[3], const float b[3], const float c[3])
{
    if (!grow((void **)&s->vol, &s->cap_vol, s->nvol + 3, sizeof *s->vol)) {
        s->oom = 1;
        return;
    }
    memcpy(s->vol[s->nvol++], a, sizeof *s->vol);
    memcpy(s->vol[s->nvol++], b, sizeof *s->vol);
    memcpy(s->vol[s->nvol++], c, sizeof *s->vol);
}

/* The point where p's ray from the light is EXTRUDE away from the light.
 * Moving every point along its own ray keeps each face's winding as seen from
 * the light, so extruded caps keep their orientation. */
static void extrude(float r[3], const float p[3], const float l[3])
{
    float d[3] = {p[0] - l[0], p[1] - l[1], p[2] - l[2]};
    float k = EXTRUDE / sqrtf(v3_dot(d, d));
    for (int i = 0; i < 3; i++)
        r[i] = l[i] + d[i] * k;
}

/* Is the cube face with outward normal n (and centre cube_center + half * n)
 * facing the light? */
static int faces_light(const float n[3], const float center[3], float half, const float l[3])
{
    float d[3] = {l[0] - center[0] - half * n[0], l[1] - center[1] - half * n[1], l[2] - center[2] - half * n[2]};
    return v3_dot(n, d) > 0.0f;
}

/* A crate's closed depth-fail shadow volume: light-facing faces as the near
 * cap (the very triangles the crate is drawn with), the other faces extruded
 * as the far cap, and side walls along the silhouette, walked with the same
 * grid points as the cap so that no T-junctions open cracks. */
static void box_volume(scene *s, const box *bx, const face f[6], const float l[3])
{
    for (int k = 0; k < 6; k++) {
        int lit = faces_light(f[k].n, bx->center, bx->half, l);
        for (int j = 0; j < BOX_DIV; j++) {
            for (int i = 0; i < BOX_DIV; i++) {
                float p[4][3];
                quad_point(p[0], f[k].corner, (float)i / BOX_DIV, (float)j / BOX_DIV);
                quad_point(p[1], f[k].corner, (float)(i + 1) / BOX_DIV, (float)j / BOX_DIV);
                quad_point(p[2], f[k].corner, (float)(i + 1) / BOX_DIV, (float)(j + 1) / BOX_DIV);
                quad_point(p[3], f[k].corner, (float)i / BOX_DIV, (float)(j + 1) / BOX_DIV);
                if (!lit)
                    for (int c = 0; c < 4; c++)
                        extrude(p[c], p[c], l);
                vol_tri(s, p[0], p[1], p[2]);
                vol_tri(s, p[0], p[2], p[3]);
            }
        }
        if (!lit)
            continue;
        /* each edge, counter-clockwise: corner e to corner e + 1 */
        for (int e = 0; e < 4; e++) {
            const float *c0 = f[k].corner[e], *c1 = f[k].corner[(e + 1) & 3];
            /* the neighbour across this edge has its normal along (edge midpoint - face centre) */
            float mid[3], ctr[3], nn[3];
            quad_point(ctr, f[k].corner, 0.5f, 0.5f);
            for (int a = 0; a < 3; a++) {
                mid[a] = 0.5f * (c0[a] + c1[a]);
                nn[a] = (mid[a] - ctr[a]) / bx->half;
            }
            if (faces_light(nn, bx->center, bx->half, l))
                continue;
            static const float eu[4][2] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
            for (int i = 0; i < BOX_DIV; i++) {
                float a0 = (float)i / BOX_DIV, a1 = (float)(i + 1) / BOX_DIV;
                float p0[3], p1[3], q0[3], q1[3];
                const float *s0 = eu[e], *s1 = eu[(e + 1) & 3];
                quad_point(p0, f[k].corner, s0[0] + (s1[0] - s0[0]) * a0, s0[1] + (s1[1] - s0[1]) * a0);
                quad_point(p1, f[k].corner, s0[0] + (s1[0] - s0[0]) * a1, s0[1] + (s1[1] - s0[1]) * a1);
                extrude(q0, p0, l);
                extrude(q1, p1, l);
                /* outward-facing: (p1, p0, q0, q1) */
                vol_tri(s, p1, p0, q0);
                vol_tri(s, p1, q0, q1);
            }
        }
    }
}

/* ---- rendering ---------------------------------------------------------- */

static void bind_surface_arrays(scene *s)
{
    const GLsizei stride = sizeof(vertex);
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(3, GL_FLOAT, stride, s->v[0].pos);
    glVertexAttribPointerARB(8, 2, GL_FLOAT, GL_FALSE, stride, s->v[0].uv);
    glVertexAttribPointerARB(9, 3, GL_FLOAT, GL_FALSE, stride, s->v[0].tan);
    glVertexAttribPointerARB(10, 3, GL_FLOAT, GL_FALSE, stride, s->v[0].bit);
    glVertexAttribPointerARB(11, 3, GL_FLOAT, GL_FALSE, stride, s->v[0].nrm);
    for (int i = 8; i <= 11; i++)
        glEnableVertexAttribArrayARB(i);
}

static void unbind_surface_arrays(void)
{
    for (int i = 8; i <= 11; i++)
        glDisableVertexAttribArrayARB(i);
}

static void bind_material(const material *m)
{
    const GLuint tex[3] = {m->normal, m->diffuse, m->gloss};
    for (int u = 0; u < 3; u++) {
        glActiveTextureARB(GL_TEXTURE0_ARB + u);
        glBindTexture(GL_TEXTURE_2D, tex[u]);
    }
    glActiveTextureARB(GL_TEXTURE0_ARB);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, m->exponent, m->spec_scale, 0.0f, 0.0f);
}

/* Draws every lit surface (not the markers) with the bound programs. */
static void draw_surfaces(scene *s)
{
    for (int i = 0; i < s->nbatch; i++) {
        const batch *b = &s->batch[i];
        if (b->material < 0)
            continue;
        bind_material(&s->mat[b->material]);
        glDrawElements(GL_TRIANGLES, (GLsizei)b->count, GL_UNSIGNED_INT, s->idx + b->first);
    }
}

static void draw_shadow_volumes(scene *s, const light *l)
{
    s->nvol = 0;
    for (int i = 0; i < NUM_BOXES; i++)
        box_volume(s, &s->boxes[i], s->faces[i], l->pos);
    if (!s->nvol)
        return;
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp_shadow);
    glClear(GL_STENCIL_BUFFER_BIT);
    glEnable(GL_STENCIL_TEST);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glDepthMask(GL_FALSE);
    glDepthFunc(GL_LESS);
    glStencilFunc(GL_ALWAYS, 0, ~0u);
    glVertexPointer(3, GL_FLOAT, 0, s->vol);
    /* depth fail: +1 behind back faces, -1 behind front faces.  Back faces go
     * first so the saturating GL_INCR/GL_DECR never clamp at zero. */
    glCullFace(GL_FRONT);
    glStencilOp(GL_KEEP, GL_INCR, GL_KEEP);
    glDrawArrays(GL_TRIANGLES, 0, (GLsizei)s->nvol);
    glCullFace(GL_BACK);
    glStencilOp(GL_KEEP, GL_DECR, GL_KEEP);
    glDrawArrays(GL_TRIANGLES, 0, (GLsizei)s->nvol);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glStencilFunc(GL_EQUAL, 0, ~0u);
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
}

static void bump_render(void *state, int frame, int width, int height)
{
    scene *s = state;
    animate(s, frame);
    build_geometry(s);

    glViewport(0, 0, width, height);
    glDisable(GL_BLEND);
    glDisable(GL_STENCIL_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glDepthMask(GL_TRUE);
    glStencilMask(~0u);
    glClearColor(0.0f, 0.0f, 0.0f, 1.0f);
    glClearDepth(1.0);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    if (s->oom)
        return; /* leave a black frame rather than a partial one */

    /* camera: 60 degree vertical field of view */
    float aspect = (float)width / height, top = Z_NEAR * tanf(30.0f * 3.14159265f / 180.0f);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-top * aspect, top * aspect, -top, top, Z_NEAR, Z_FAR);
    float view[16];
    const float at[3] = {-1.3f, 0.7f, -1.7f}, up[3] = {0.0f, 1.0f, 0.0f};
    demo_look_at(view, s->eye, at, up);
    glMatrixMode(GL_MODELVIEW);
    glLoadMatrixf(view);

    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glFrontFace(GL_CCW);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->vp);
    glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 1, s->eye[0], s->eye[1], s->eye[2], 1.0f);

    /* 1. depth and ambient; the light markers */
    bind_surface_arrays(s);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp_ambient);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 4, 0.07f, 0.07f, 0.08f, 1.0f);
    draw_surfaces(s);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp_marker);
    for (int i = 0; i < s->nbatch; i++) {
        const batch *b = &s->batch[i];
        if (b->material >= 0)
            continue;
        const float *c = s->lights[b->light].color;
        glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, c[0], c[1], c[2], 1.0f);
        glDrawElements(GL_TRIANGLES, (GLsizei)b->count, GL_UNSIGNED_INT, s->idx + b->first);
    }

    /* 2. each light: shadow volumes into the stencil, then its interaction */
    for (int i = 0; i < NUM_LIGHTS; i++) {
        const light *l = &s->lights[i];
        glProgramEnvParameter4fARB(GL_VERTEX_PROGRAM_ARB, 0, l->pos[0], l->pos[1], l->pos[2], 1.0f);
        glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 2, l->color[0], l->color[1], l->color[2], 1.0f);
        glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 3, 1.0f / (l->radius * l->radius), 0.0f, 0.0f, 0.0f);
        if (s->opt.shadows) {
            unbind_surface_arrays();
            draw_shadow_volumes(s, l);
            bind_surface_arrays(s);
        }
        glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->fp_interaction);
        glDepthMask(GL_FALSE);
        glDepthFunc(GL_EQUAL);
        glEnable(GL_BLEND);
        glBlendFunc(GL_ONE, GL_ONE);
        draw_surfaces(s);
        glDisable(GL_BLEND);
        glDisable(GL_STENCIL_TEST);
    }

    unbind_surface_arrays();
    glDisableClientState(GL_VERTEX_ARRAY);
    glDepthMask(GL_TRUE);
    glDepthFunc(GL_LESS);
}

/* ---- lifetime ------------------------------------------------------------ */

static void bump_destroy(void *state)
{
    scene *s = state;
    for (int i = 0; i < MAT_COUNT; i++) {
        GLuint tex[3] = {s->mat[i].normal, s->mat[i].diffuse, s->mat[i].gloss};
        glDeleteTextures(3, tex);
    }
    GLuint progs[5] = {s->vp, s->fp_interaction, s->fp_ambient, s->fp_marker, s->fp_shadow};
    for (int i = 0; i < 5; i++)
        if (progs[i])
            glDeleteProgramsARB(1, &progs[i]);
    free(s->v);
    free(s->idx);
    free(s->vol);
    free(s);
}

static void *bump_create(const demo_options *opt)
{
    scene *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->opt = *opt;
    static const material mats[MAT_COUNT] = {
        [MAT_BRICK] = {"brick", 20.0f, 1.4f, 0, 0, 0},
        [MAT_FLOOR] = {"floor", 64.0f, 2.5f, 0, 0, 0},
        [MAT_METAL] = {"metal", 32.0f, 2.0f, 0, 0, 0},
    };
    int ok = 1;
    for (int i = 0; i < MAT_COUNT; i++) {
        material *m = &s->mat[i];
        char name[64];
        *m = mats[i];
        snprintf(name, sizeof name, "%s_normal.png", m->prefix);
        ok &= (m->normal = demo_texture_load(opt->data_dir, name)) != 0;
        snprintf(name, sizeof name, "%s_diffuse.png", m->prefix);
        ok &= (m->diffuse = demo_texture_load(opt->data_dir, name)) != 0;
        snprintf(name, sizeof name, "%s_gloss.png", m->prefix);
        ok &= (m->gloss = demo_texture_load(opt->data_dir, name)) != 0;
    }
    ok &= (s->vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, interaction_vp, "interaction vertex")) != 0;
    ok &= (s->fp_interaction = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, interaction_fp, "interaction fragment")) != 0;
    ok &= (s->fp_ambient = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, ambient_fp, "ambient fragment")) != 0;
    ok &= (s->fp_marker = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, marker_fp, "marker fragment")) != 0;
    ok &= (s->fp_shadow = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, shadow_fp, "shadow fragment")) != 0;
    if (!ok) {
        bump_destroy(s);
        return NULL;
    }
    return s;
}

static const demo_scene_ops bump_scene = {
    .name = "asmgl-demo-bump",
    .summary = "A Doom 3-style bump-mapped room lit per pixel by two moving lights (ARB assembly programs).",
    .extensions = "GL_ARB_vertex_program GL_ARB_fragment_program GL_ARB_multitexture",
    .create = bump_create,
    .render = bump_render,
    .destroy = bump_destroy,
};

int main(int argc, char **argv) { return demo_run(argc, argv, &bump_scene); }
