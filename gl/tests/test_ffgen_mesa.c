/*
 * test_ffgen_mesa.c - the generated fixed-function programs checked against
 * Mesa's own fixed-function pipeline (the reference implementation).
 *
 * Runs on the asmgl.h context API implemented over OSMesa
 * (tools/peer/asmgl_osmesa.c), so it needs no part of libasmgl.
 *
 *   test_ffgen_mesa render [name-substring]
 *       For each setup in the table: a fresh context, the setup's GL state,
 *       then the scene rendered four times: real fixed function (the
 *       reference), our vertex + fragment programs, our vertex program with
 *       Mesa's fixed-function fragment stage, Mesa's fixed-function vertex
 *       stage with our fragment program.  The keys are built from GL state
 *       queries (keys_from_gl), the way gl/ builds them.  Every image must
 *       match the reference within the setup's tolerance.
 *   test_ffgen_mesa compile [count]
 *       Random keys: every generated program must load on Mesa (no error,
 *       under native limits) and gl_ff_*_program must keep its snprintf
 *       contract.
 *
 * Mesa lacks NV_vertex_program2_option, so result.clip[n] is rewritten for
 * it: in the combined pass the clip distances go to result.texcoord[7] and
 * the fragment program KILs where one is negative, with GL's clip planes off
 * (the same per-pixel test as clipping); where Mesa's fixed-function
 * fragment stage runs, the clip writes are dropped and Mesa clips the
 * position-invariant program against the planes itself.
 *
 * FFGEN_DUMP=<dir> writes reference/test images of failing setups as PPM.
 */
#include "asmgl/asmgl.h"
#include "gl_ffgen.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define W 128
#define H 128
#define PI 3.14159265358979f

/* ---- GL entry points beyond 1.1 ---------------------------------------------- */

static PFNGLACTIVETEXTUREPROC pActiveTexture;
typedef void (APIENTRYP ff_client_active_texture_fn)(GLenum);
static ff_client_active_texture_fn pClientActiveTexture;
static PFNGLTEXIMAGE3DPROC pTexImage3D;
static PFNGLSECONDARYCOLORPOINTERPROC pSecondaryColorPointer;
static PFNGLFOGCOORDPOINTERPROC pFogCoordPointer;
static PFNGLPOINTPARAMETERFPROC pPointParameterf;
static PFNGLPOINTPARAMETERFVPROC pPointParameterfv;
static PFNGLGENPROGRAMSARBPROC pGenProgramsARB;
static PFNGLBINDPROGRAMARBPROC pBindProgramARB;
static PFNGLPROGRAMSTRINGARBPROC pProgramStringARB;
static PFNGLDELETEPROGRAMSARBPROC pDeleteProgramsARB;
static PFNGLGETPROGRAMIVARBPROC pGetProgramivARB;

#define LOAD(var, name)                                                          \
    do {                                                                         \
        var = (void *)asmgl_get_proc_address(name);                             \
        if (!var) {                                                              \
            fprintf(stderr, "missing entry point %s\n", name);                  \
            exit(2);                                                             \
        }                                                                        \
    } while (0)

static void load_entry_points(void)
{
    LOAD(pActiveTexture, "glActiveTexture");
    LOAD(pClientActiveTexture, "glClientActiveTexture");
    LOAD(pTexImage3D, "glTexImage3D");
    LOAD(pSecondaryColorPointer, "glSecondaryColorPointer");
    LOAD(pFogCoordPointer, "glFogCoordPointer");
    LOAD(pPointParameterf, "glPointParameterf");
    LOAD(pPointParameterfv, "glPointParameterfv");
    LOAD(pGenProgramsARB, "glGenProgramsARB");
    LOAD(pBindProgramARB, "glBindProgramARB");
    LOAD(pProgramStringARB, "glProgramStringARB");
    LOAD(pDeleteProgramsARB, "glDeleteProgramsARB");
    LOAD(pGetProgramivARB, "glGetProgramivARB");
}

static asmgl_context *new_context(void)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = W;
    cfg.height = H;
    asmgl_context *c = asmgl_context_create(&cfg);
    if (!c || !asmgl_make_current(c)) {
        fprintf(stderr, "context: %s\n", asmgl_last_error());
        exit(2);
    }
    load_entry_points();
    return c;
}

/* ---- the scene ------------------------------------------------------------------ */

typedef struct vtx {
    float pos[3], nrm[3], col[4], sec[3], tex[4], fog;
} vtx;

typedef struct mesh {
    vtx *v;
    int nv;
    unsigned *idx;
    int ni;
} mesh;

static mesh sphere, cylinder, floor_grid, points, points_axis;

static void fill_attribs(vtx *v, float u, float t)
{
    v->col[0] = 0.5f + 0.45f * sinf(2 * PI * u);
    v->col[1] = 0.5f + 0.45f * cosf(3 * PI * t);
    v->col[2] = 0.5f + 0.4f * sinf(2 * PI * (u + t));
    v->col[3] = 0.35f + 0.6f * t;
    v->sec[0] = 0.3f + 0.3f * cosf(2 * PI * u);
    v->sec[1] = 0.2f + 0.2f * t;
    v->sec[2] = 0.4f * u;
    v->tex[0] = 2 * u;
    v->tex[1] = t;
    v->tex[2] = 0.5f + 0.4f * sinf(2 * PI * u);
    v->tex[3] = 1;
    v->fog = 8.0f * u * t + 0.5f;
}

static void grid_indices(mesh *m, int nu, int nt)
{
    m->ni = nu * nt * 6;
    m->idx = malloc(sizeof *m->idx * m->ni);
    int k = 0;
    for (int j = 0; j < nt; j++)
        for (int i = 0; i < nu; i++) {
            unsigned a = j * (nu + 1) + i, b = a + 1, c = a + nu + 1, d = c + 1;
            m->idx[k++] = a, m->idx[k++] = b, m->idx[k++] = d;
            m->idx[k++] = a, m->idx[k++] = d, m->idx[k++] = c;
        }
}

static void build_meshes(void)
{
    const int nu = 28, nt = 16;
    sphere.nv = (nu + 1) * (nt + 1);
    sphere.v = calloc(sphere.nv, sizeof(vtx));
    cylinder.nv = sphere.nv;
    cylinder.v = calloc(cylinder.nv, sizeof(vtx));
    for (int j = 0; j <= nt; j++)
        for (int i = 0; i <= nu; i++) {
            float u = (float)i / nu, t = (float)j / nt;
            float phi = 2 * PI * u, th = PI * t;
            vtx *s = &sphere.v[j * (nu + 1) + i];
            s->nrm[0] = sinf(th) * cosf(phi);
            s->nrm[1] = cosf(th);
            s->nrm[2] = sinf(th) * sinf(phi);
            for (int c = 0; c < 3; c++)
                s->pos[c] = 0.75f * s->nrm[c];
            fill_attribs(s, u, t);
            vtx *c = &cylinder.v[j * (nu + 1) + i];
            c->nrm[0] = cosf(phi);
            c->nrm[1] = 0;
            c->nrm[2] = sinf(phi);
            c->pos[0] = 0.45f * c->nrm[0];
            c->pos[1] = 0.55f - 1.1f * t;
            c->pos[2] = 0.45f * c->nrm[2];
            fill_attribs(c, u, t);
        }
    grid_indices(&sphere, nu, nt);
    grid_indices(&cylinder, nu, nt);

    const int fu = 8, ft = 20;
    floor_grid.nv = (fu + 1) * (ft + 1);
    floor_grid.v = calloc(floor_grid.nv, sizeof(vtx));
    for (int j = 0; j <= ft; j++)
        for (int i = 0; i <= fu; i++) {
            float u = (float)i / fu, t = (float)j / ft;
            vtx *f = &floor_grid.v[j * (fu + 1) + i];
            f->pos[0] = -2.5f + 5 * u;
            f->pos[1] = 0;
            f->pos[2] = 1.5f - 15 * t;
            f->nrm[1] = 1;
            fill_attribs(f, u, t);
        }
    grid_indices(&floor_grid, fu, ft);

    points.nv = 24;
    points.v = calloc(points.nv, sizeof(vtx));
    for (int i = 0; i < points.nv; i++) {
        float u = (float)i / (points.nv - 1);
        vtx *p = &points.v[i];
        p->pos[0] = -0.2f + 0.4f * u;
        p->pos[1] = 0.02f * (i % 3);
        p->pos[2] = 2.2f - 10.0f * u; /* eye z from -1.8 to -11.8 */
        p->nrm[2] = 1;
        fill_attribs(p, u, 0.5f);
    }
    /* On the eye's axis, far to near: with depth test off every point shows
     * as a ring, and eye distance == |z| (see points_atten). */
    points_axis.nv = 16;
    points_axis.v = calloc(points_axis.nv, sizeof(vtx));
    for (int i = 0; i < points_axis.nv; i++) {
        float u = (float)i / (points_axis.nv - 1);
        vtx *p = &points_axis.v[i];
        p->pos[2] = -8.0f + 10.0f * u; /* eye z from -12 to -2 */
        p->nrm[2] = 1;
        fill_attribs(p, u, 0.5f);
    }
}

static void bind_mesh(const mesh *m)
{
    glVertexPointer(3, GL_FLOAT, sizeof(vtx), m->v->pos);
    glNormalPointer(GL_FLOAT, sizeof(vtx), m->v->nrm);
    glColorPointer(4, GL_FLOAT, sizeof(vtx), m->v->col);
    pSecondaryColorPointer(3, GL_FLOAT, sizeof(vtx), m->v->sec);
    pFogCoordPointer(GL_FLOAT, sizeof(vtx), &m->v->fog);
    for (int u = 0; u < 8; u++) {
        pClientActiveTexture(GL_TEXTURE0 + u);
        glTexCoordPointer(4, GL_FLOAT, sizeof(vtx), m->v->tex);
    }
}

static void enable_arrays(void)
{
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_NORMAL_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
    glEnableClientState(GL_FOG_COORD_ARRAY);
    for (int u = 0; u < 8; u++) {
        pClientActiveTexture(GL_TEXTURE0 + u);
        glEnableClientState(GL_TEXTURE_COORD_ARRAY);
    }
    pClientActiveTexture(GL_TEXTURE0);
}

enum { SCENE_POINTS = 1u << 0, SCENE_NO_FLOOR = 1u << 1, SCENE_POINTS_AXIS = 1u << 2 };

static void draw_scene(unsigned flags)
{
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glMatrixMode(GL_MODELVIEW);
    if (flags & (SCENE_POINTS | SCENE_POINTS_AXIS)) {
        const mesh *m = flags & SCENE_POINTS ? &points : &points_axis;
        if (flags & SCENE_POINTS_AXIS)
            glDisable(GL_DEPTH_TEST);
        bind_mesh(m);
        glDrawArrays(GL_POINTS, 0, m->nv);
        return;
    }
    glPushMatrix();
    glTranslatef(-0.5f, 0.3f, 0);
    glRotatef(25, 1, 0.4f, 0);
    bind_mesh(&sphere);
    glDrawElements(GL_TRIANGLES, sphere.ni, GL_UNSIGNED_INT, sphere.idx);
    glPopMatrix();

    glPushMatrix();
    glTranslatef(0.6f, -0.2f, 0.2f);
    glRotatef(50, 1, 0, 0.3f);
    bind_mesh(&cylinder);
    glDrawElements(GL_TRIANGLES, cylinder.ni, GL_UNSIGNED_INT, cylinder.idx);
    glPopMatrix();

    if (!(flags & SCENE_NO_FLOOR)) {
        glPushMatrix();
        glTranslatef(0, -1.1f, 0);
        bind_mesh(&floor_grid);
        glDrawElements(GL_TRIANGLES, floor_grid.ni, GL_UNSIGNED_INT, floor_grid.idx);
        glPopMatrix();
    }
}

/* The state every setup starts from. */
static void scene_defaults(void)
{
    glViewport(0, 0, W, H);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-0.55, 0.55, -0.55, 0.55, 1.5, 40);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glTranslatef(0, 0, -4);
    glEnable(GL_DEPTH_TEST);
    glClearColor(0.1f, 0.15f, 0.2f, 1);
    enable_arrays();
    const float amb[4] = { 0.25f, 0.2f, 0.15f, 1 }, dif[4] = { 0.8f, 0.6f, 0.4f, 0.7f };
    const float spe[4] = { 0.7f, 0.7f, 0.6f, 1 }, emi[4] = { 0.05f, 0.02f, 0, 1 };
    const float bdif[4] = { 0.2f, 0.5f, 0.9f, 0.9f }, bamb[4] = { 0.1f, 0.1f, 0.3f, 1 };
    const float bspe[4] = { 0.3f, 0.9f, 0.3f, 1 }, bemi[4] = { 0, 0.05f, 0.1f, 1 };
    glMaterialfv(GL_FRONT, GL_AMBIENT, amb);
    glMaterialfv(GL_FRONT, GL_DIFFUSE, dif);
    glMaterialfv(GL_FRONT, GL_SPECULAR, spe);
    glMaterialfv(GL_FRONT, GL_EMISSION, emi);
    glMaterialf(GL_FRONT, GL_SHININESS, 24);
    glMaterialfv(GL_BACK, GL_AMBIENT, bamb);
    glMaterialfv(GL_BACK, GL_DIFFUSE, bdif);
    glMaterialfv(GL_BACK, GL_SPECULAR, bspe);
    glMaterialfv(GL_BACK, GL_EMISSION, bemi);
    glMaterialf(GL_BACK, GL_SHININESS, 8);
    const float lm[4] = { 0.15f, 0.15f, 0.2f, 1 };
    glLightModelfv(GL_LIGHT_MODEL_AMBIENT, lm);
}

/* ---- setup helpers ----------------------------------------------------------------- */

static void v4(float *d, float a, float b, float c, float e) { d[0] = a, d[1] = b, d[2] = c, d[3] = e; }

static void light(int i, float x, float y, float z, float w)
{
    float p[4], a[4], d[4], s[4];
    v4(p, x, y, z, w);
    v4(a, 0.1f + 0.05f * i, 0.1f, 0.08f, 1);
    v4(d, 0.9f - 0.1f * (i % 3), 0.7f + 0.05f * (i % 4), 0.6f + 0.1f * (i % 2), 1);
    v4(s, 0.8f, 0.8f - 0.1f * (i % 3), 0.9f, 1);
    glEnable(GL_LIGHT0 + i);
    glLightfv(GL_LIGHT0 + i, GL_POSITION, p);
    glLightfv(GL_LIGHT0 + i, GL_AMBIENT, a);
    glLightfv(GL_LIGHT0 + i, GL_DIFFUSE, d);
    glLightfv(GL_LIGHT0 + i, GL_SPECULAR, s);
}

static void spot(int i, float dx, float dy, float dz, float cutoff, float exponent)
{
    float d[4];
    v4(d, dx, dy, dz, 0);
    glLightfv(GL_LIGHT0 + i, GL_SPOT_DIRECTION, d);
    glLightf(GL_LIGHT0 + i, GL_SPOT_CUTOFF, cutoff);
    glLightf(GL_LIGHT0 + i, GL_SPOT_EXPONENT, exponent);
}

static void atten(int i, float k0, float k1, float k2)
{
    glLightf(GL_LIGHT0 + i, GL_CONSTANT_ATTENUATION, k0);
    glLightf(GL_LIGHT0 + i, GL_LINEAR_ATTENUATION, k1);
    glLightf(GL_LIGHT0 + i, GL_QUADRATIC_ATTENUATION, k2);
}

/* Smooth periodic texel values: small coordinate differences give small
 * colour differences, and REPEAT has no seam. */
static float wave(int c, float x, float y, float z)
{
    static const float fx[4] = { 1, 2, 1, 3 }, fy[4] = { 2, 1, 1, 1 }, fz[4] = { 1, 1, 2, 1 }, ph[4] = { 0, 1, 2, 3 };
    return 0.5f + 0.45f * sinf(2 * PI * (fx[c] * x + fy[c] * y + fz[c] * z) + ph[c]);
}

static int format_comps(GLenum fmt)
{
    switch (fmt) {
    case GL_ALPHA: case GL_LUMINANCE: case GL_INTENSITY: case GL_DEPTH_COMPONENT: return 1;
    case GL_LUMINANCE_ALPHA: return 2;
    case GL_RGB: return 3;
    default: return 4;
    }
}

static float *texels(GLenum fmt, int w, int h, int d)
{
    int nc = format_comps(fmt);
    float *p = malloc(sizeof(float) * nc * w * h * d), *q = p;
    for (int z = 0; z < d; z++)
        for (int y = 0; y < h; y++)
            for (int x = 0; x < w; x++)
                for (int c = 0; c < nc; c++) {
                    int comp = nc == 1 ? (fmt == GL_ALPHA ? 3 : 0) : nc == 2 ? (c ? 3 : 0) : c;
                    float v = wave(comp, (x + 0.5f) / w, (y + 0.5f) / h, (z + 0.5f) / d);
                    if (fmt == GL_DEPTH_COMPONENT)
                        v = 0.5f + 0.8f * (v - 0.5f);
                    *q++ = v;
                }
    return p;
}

static void tex_params(GLenum target, GLenum wrap)
{
    glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(target, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(target, GL_TEXTURE_WRAP_T, wrap);
    glTexParameteri(target, GL_TEXTURE_WRAP_R, wrap);
}

/* Binds and enables a texture of the given target and base format on unit u. */
static void tex(int u, GLenum target, GLenum fmt)
{
    GLuint name;
    pActiveTexture(GL_TEXTURE0 + u);
    glGenTextures(1, &name);
    glBindTexture(target, name);
    GLenum ext = fmt == GL_INTENSITY ? GL_LUMINANCE : fmt;
    float *p;
    switch (target) {
    case GL_TEXTURE_1D:
        p = texels(fmt, 32, 1, 1);
        glTexImage1D(target, 0, fmt, 32, 0, ext, GL_FLOAT, p);
        tex_params(target, GL_REPEAT);
        break;
    case GL_TEXTURE_3D:
        p = texels(fmt, 8, 8, 8);
        pTexImage3D(target, 0, fmt, 8, 8, 8, 0, ext, GL_FLOAT, p);
        tex_params(target, GL_REPEAT);
        break;
    case GL_TEXTURE_RECTANGLE_ARB:
        p = texels(fmt, 40, 24, 1);
        glTexImage2D(target, 0, fmt, 40, 24, 0, ext, GL_FLOAT, p);
        glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
        glTexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        break;
    case GL_TEXTURE_CUBE_MAP: {
        /* texel = f(direction): continuous across the cube's edges */
        const int n = 16;
        p = malloc(sizeof(float) * 3 * n * n);
        for (int f = 0; f < 6; f++) {
            for (int y = 0; y < n; y++)
                for (int x = 0; x < n; x++) {
                    float sc = 2 * (x + 0.5f) / n - 1, tc = 2 * (y + 0.5f) / n - 1, d[3];
                    switch (f) {
                    case 0: d[0] = 1, d[1] = -tc, d[2] = -sc; break;
                    case 1: d[0] = -1, d[1] = -tc, d[2] = sc; break;
                    case 2: d[0] = sc, d[1] = 1, d[2] = tc; break;
                    case 3: d[0] = sc, d[1] = -1, d[2] = -tc; break;
                    case 4: d[0] = sc, d[1] = -tc, d[2] = 1; break;
                    default: d[0] = -sc, d[1] = -tc, d[2] = -1; break;
                    }
                    float l = sqrtf(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                    for (int c = 0; c < 3; c++)
                        p[(y * n + x) * 3 + c] = 0.5f + 0.45f * d[(c + 1) % 3] / l * (c == 1 ? -1 : 1);
                }
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGB, n, n, 0, GL_RGB, GL_FLOAT, p);
        }
        tex_params(target, GL_CLAMP_TO_EDGE);
        break;
    }
    default:
        p = texels(fmt, 32, 32, 1);
        glTexImage2D(target, 0, fmt, 32, 32, 0, ext, GL_FLOAT, p);
        tex_params(target, GL_REPEAT);
        break;
    }
    free(p);
    glEnable(target);
}

static void env(int u, GLenum mode)
{
    pActiveTexture(GL_TEXTURE0 + u);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, mode);
    float c[4];
    v4(c, 0.9f, 0.3f, 0.6f - 0.1f * u, 0.4f + 0.1f * u);
    glTexEnvfv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_COLOR, c);
}

/* COMBINE with rgb and alpha given as (mode, src0, op0, src1, op1, src2, op2). */
static void combine(int u, GLenum mrgb, GLenum s0, GLenum o0, GLenum s1, GLenum o1, GLenum s2, GLenum o2,
                    GLenum ma, GLenum as0, GLenum ao0, GLenum as1, GLenum ao1, GLenum as2, GLenum ao2)
{
    env(u, GL_COMBINE);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_RGB, mrgb);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_RGB, s0);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_RGB, o0);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_RGB, s1);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND1_RGB, o1);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_RGB, s2);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_RGB, o2);
    glTexEnvi(GL_TEXTURE_ENV, GL_COMBINE_ALPHA, ma);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC0_ALPHA, as0);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND0_ALPHA, ao0);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC1_ALPHA, as1);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND1_ALPHA, ao1);
    glTexEnvi(GL_TEXTURE_ENV, GL_SRC2_ALPHA, as2);
    glTexEnvi(GL_TEXTURE_ENV, GL_OPERAND2_ALPHA, ao2);
}

static void texgen(int u, int coord, GLenum mode)
{
    pActiveTexture(GL_TEXTURE0 + u);
    GLenum c = GL_S + coord;
    glTexGeni(c, GL_TEXTURE_GEN_MODE, mode);
    float p[4];
    v4(p, coord == 0 ? 0.6f : 0.1f, coord == 1 ? 0.7f : -0.2f, coord == 2 ? 0.5f : 0.15f, coord == 3 ? 1.0f : 0.3f);
    if (mode == GL_OBJECT_LINEAR)
        glTexGenfv(c, GL_OBJECT_PLANE, p);
    if (mode == GL_EYE_LINEAR)
        glTexGenfv(c, GL_EYE_PLANE, p);
    glEnable(GL_TEXTURE_GEN_S + coord);
}

static void texmat(int u, float angle, float sx, float sy)
{
    pActiveTexture(GL_TEXTURE0 + u);
    glMatrixMode(GL_TEXTURE);
    glLoadIdentity();
    glTranslatef(0.1f, 0.2f, 0);
    glRotatef(angle, 0, 0, 1);
    glScalef(sx, sy, 1);
    glMatrixMode(GL_MODELVIEW);
}

static void fog(GLenum mode, GLenum src)
{
    glEnable(GL_FOG);
    glFogi(GL_FOG_MODE, mode);
    glFogi(GL_FOG_COORD_SRC, src);
    glFogf(GL_FOG_START, src == GL_FOG_COORD ? 1.0f : 3.0f);
    glFogf(GL_FOG_END, src == GL_FOG_COORD ? 9.0f : 16.0f);
    glFogf(GL_FOG_DENSITY, src == GL_FOG_COORD ? 0.25f : 0.12f);
    float c[4];
    v4(c, 0.7f, 0.75f, 0.8f, 1);
    glFogfv(GL_FOG_COLOR, c);
}

static void clip_plane(int i, double a, double b, double c, double d)
{
    double p[4] = { a, b, c, d };
    glClipPlane(GL_CLIP_PLANE0 + i, p);
    glEnable(GL_CLIP_PLANE0 + i);
}

/* ---- the setups ------------------------------------------------------------------- */

#define L_ON() glEnable(GL_LIGHTING)

static void s_unlit(void) {}
static void s_unlit_colorsum(void) { glEnable(GL_COLOR_SUM); }
static void s_dir_diffuse(void)
{
    L_ON();
    float z[4] = { 0, 0, 0, 1 };
    glMaterialfv(GL_FRONT_AND_BACK, GL_SPECULAR, z);
    light(0, 0.4f, 0.6f, 1, 0);
}
static void s_dir_specular(void) { L_ON(); light(0, -0.5f, 0.7f, 0.8f, 0); }
static void s_point(void) { L_ON(); light(0, 1.2f, 1.0f, 2.0f, 1); }
static void s_point_atten(void) { L_ON(); light(0, 0.2f, 1.5f, 1.0f, 1); atten(0, 0.3f, 0.2f, 0.15f); }
static void s_spot(void) { L_ON(); light(0, 0, 0.5f, 3, 1); spot(0, 0, -0.2f, -1, 25, 6); }
static void s_spot_atten(void) { L_ON(); light(0, 0.5f, 0.5f, 3, 1); spot(0, -0.1f, -0.2f, -1, 35, 2); atten(0, 0.5f, 0.1f, 0.02f); }
static void s_spot_dir(void) { L_ON(); light(0, 0.1f, 0.3f, 1, 0); spot(0, -0.1f, -0.3f, -1, 40, 3); }
static void s_spot_exp0(void) { L_ON(); light(0, 0, 0, 3, 1); spot(0, 0, 0, -1, 30, 0); }
static void s_three(void)
{
    L_ON();
    light(0, -0.6f, 0.4f, 0.7f, 0);
    light(1, 1.5f, -0.5f, 1.5f, 1);
    atten(1, 0.4f, 0.2f, 0.05f);
    light(2, -1, 1.5f, 2.5f, 1);
    spot(2, 0.3f, -0.5f, -1, 30, 4);
}
static void s_eight(void)
{
    L_ON();
    for (int i = 0; i < 8; i++) {
        float a = 2 * PI * i / 8;
        light(i, 1.5f * cosf(a), 1.5f * sinf(a), 1.5f, i % 3 ? 1.0f : 0.0f);
        if (i % 4 == 1)
            atten(i, 0.6f, 0.2f, 0.1f);
        if (i % 4 == 2)
            spot(i, -cosf(a), -sinf(a), -1, 40, 2);
    }
}
static void s_local_viewer(void)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, 1);
    light(0, 1, 1, 2, 1);
    light(1, -0.5f, 0.5f, 1, 0);
}
static void s_local_viewer_spot(void)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_LOCAL_VIEWER, 1);
    light(0, -0.5f, 1, 2.5f, 1);
    spot(0, 0.2f, -0.4f, -1, 30, 5);
    atten(0, 0.7f, 0.1f, 0);
}
static void s_two_side(void)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
    light(0, 0.3f, 1.0f, 1.5f, 1);
    light(1, -0.5f, -0.3f, 0.7f, 0);
}
static void s_two_side_separate(void)
{
    s_two_side();
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
}
static void s_two_side_spot_atten(void)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, 1);
    light(0, 0.6f, 1.0f, 2.0f, 1);
    spot(0, -0.2f, -0.4f, -1, 45, 3);
    atten(0, 0.5f, 0.15f, 0.03f);
}
static void s_separate(void)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_COLOR_CONTROL, GL_SEPARATE_SPECULAR_COLOR);
    light(0, 1, 1, 2, 1);
}
static void s_no_lights(void) { L_ON(); }
static void s_shininess0(void)
{
    L_ON();
    glMaterialf(GL_FRONT, GL_SHININESS, 0);
    light(0, 0.3f, 0.4f, 1, 0);
}
static void s_light_modelview(void)
{
    L_ON();
    glPushMatrix();
    glRotatef(40, 0, 1, 0);
    glTranslatef(0.5f, 0, 0);
    light(0, 0, 1, 2, 1);
    spot(0, 0, -0.3f, -1, 50, 2);
    light(1, 1, 0, 0.5f, 0);
    glPopMatrix();
}
static void s_cm(GLenum face, GLenum mode, int two_side)
{
    L_ON();
    glLightModeli(GL_LIGHT_MODEL_TWO_SIDE, two_side);
    glColorMaterial(face, mode);
    glEnable(GL_COLOR_MATERIAL);
    light(0, 0.5f, 1, 1.5f, 1);
    light(1, -0.6f, 0.2f, 0.8f, 0);
}
static void s_cm_amb_dif(void) { s_cm(GL_FRONT, GL_AMBIENT_AND_DIFFUSE, 0); }
static void s_cm_dif(void) { s_cm(GL_FRONT, GL_DIFFUSE, 0); }
static void s_cm_amb(void) { s_cm(GL_FRONT, GL_AMBIENT, 0); }
static void s_cm_emi(void) { s_cm(GL_FRONT, GL_EMISSION, 0); }
static void s_cm_spe(void) { s_cm(GL_FRONT, GL_SPECULAR, 0); }
static void s_cm_fb(void) { s_cm(GL_FRONT_AND_BACK, GL_AMBIENT_AND_DIFFUSE, 1); }
/* Mesa 22.3's fixed function mishandles back-only colour material with
 * per-vertex colours (a back-facing quad lit by white light with colour
 * (0,1,0) comes out (0,1,1)), so this setup uses the current colour. */
static void s_cm_back(void)
{
    s_cm(GL_BACK, GL_DIFFUSE, 1);
    glDisableClientState(GL_COLOR_ARRAY);
    glColor4f(0.3f, 0.9f, 0.5f, 0.8f);
}
static void s_cm_back_emission(void)
{
    s_cm(GL_BACK, GL_EMISSION, 1);
    glDisableClientState(GL_COLOR_ARRAY);
    glColor4f(0.3f, 0.2f, 0.5f, 0.8f);
}
static void s_shininess0_two_side(void)
{
    s_two_side();
    glMaterialf(GL_FRONT_AND_BACK, GL_SHININESS, 0);
}
static void s_normalize(void)
{
    L_ON();
    glEnable(GL_NORMALIZE);
    glScalef(1.3f, 0.8f, 1.1f);
    light(0, 0.5f, 1, 1.5f, 1);
}
static void s_rescale(void)
{
    L_ON();
    glEnable(GL_RESCALE_NORMAL);
    glScalef(0.7f, 0.7f, 0.7f);
    light(0, 0.5f, 1, 1.5f, 0);
}
static void s_unnormalized(void)
{
    L_ON();
    glScalef(1.2f, 1.2f, 1.2f);
    light(0, 0.5f, 1, 1.5f, 0);
}
static void s_light_homogeneous(void)
{
    L_ON();
    light(0, 1.0f, 2.0f, 3.0f, 2.0f); /* the point (0.5, 1, 1.5) */
    atten(0, 0.5f, 0.3f, 0);
}

/* texture coordinates */
static void s_texgen_object(void) { tex(0, GL_TEXTURE_2D, GL_RGB); texgen(0, 0, GL_OBJECT_LINEAR); texgen(0, 1, GL_OBJECT_LINEAR); }
static void s_texgen_eye(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    glPushMatrix();
    glRotatef(30, 1, 1, 0);
    texgen(0, 0, GL_EYE_LINEAR);
    texgen(0, 1, GL_EYE_LINEAR);
    glPopMatrix();
}
static void s_texgen_sphere(void) { tex(0, GL_TEXTURE_2D, GL_RGB); texgen(0, 0, GL_SPHERE_MAP); texgen(0, 1, GL_SPHERE_MAP); }
static void s_texgen_reflection(void)
{
    tex(0, GL_TEXTURE_CUBE_MAP, GL_RGB);
    for (int c = 0; c < 3; c++)
        texgen(0, c, GL_REFLECTION_MAP);
}
static void s_texgen_normal(void)
{
    tex(0, GL_TEXTURE_CUBE_MAP, GL_RGB);
    glEnable(GL_NORMALIZE);
    glScalef(1.2f, 1, 0.9f);
    for (int c = 0; c < 3; c++)
        texgen(0, c, GL_NORMAL_MAP);
}
static void s_texgen_mixed(void)
{
    tex(0, GL_TEXTURE_3D, GL_RGBA);
    texgen(0, 0, GL_OBJECT_LINEAR);
    texgen(0, 1, GL_EYE_LINEAR);
}
static void s_texgen_q(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    texgen(0, 0, GL_OBJECT_LINEAR);
    texgen(0, 1, GL_OBJECT_LINEAR);
    pActiveTexture(GL_TEXTURE0);
    float q[4] = { 0.1f, 0.05f, 0.2f, 1.2f };
    glTexGeni(GL_Q, GL_TEXTURE_GEN_MODE, GL_OBJECT_LINEAR);
    glTexGenfv(GL_Q, GL_OBJECT_PLANE, q);
    glEnable(GL_TEXTURE_GEN_Q);
}
static void s_texmat(void) { tex(0, GL_TEXTURE_2D, GL_RGBA); texmat(0, 30, 1.5f, 0.8f); }
static void s_texmat_projective(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    pActiveTexture(GL_TEXTURE0);
    glMatrixMode(GL_TEXTURE);
    float m[16] = { 1, 0, 0, 0.2f, 0, 1, 0, 0.3f, 0, 0, 1, 0, 0, 0, 0, 1 }; /* q = 1 + 0.2 s + 0.3 t */
    glLoadMatrixf(m);
    glMatrixMode(GL_MODELVIEW);
}
static void s_texgen_texmat(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    texgen(0, 0, GL_EYE_LINEAR);
    texgen(0, 1, GL_OBJECT_LINEAR);
    texmat(0, -20, 2, 1.5f);
}
static void s_texgen_two_units(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    texgen(0, 0, GL_SPHERE_MAP);
    texgen(0, 1, GL_SPHERE_MAP);
    tex(1, GL_TEXTURE_CUBE_MAP, GL_RGB);
    for (int c = 0; c < 3; c++)
        texgen(1, c, GL_REFLECTION_MAP);
    env(1, GL_ADD);
    texmat(1, 15, 1, 1);
}

/* fog */
static void s_fog_linear(void) { fog(GL_LINEAR, GL_FRAGMENT_DEPTH); }
static void s_fog_exp(void) { fog(GL_EXP, GL_FRAGMENT_DEPTH); }
static void s_fog_exp2(void) { fog(GL_EXP2, GL_FRAGMENT_DEPTH); }
static void s_fog_coord_linear(void) { fog(GL_LINEAR, GL_FOG_COORD); }
static void s_fog_coord_exp(void) { fog(GL_EXP, GL_FOG_COORD); }
static void s_fog_coord_exp2(void) { fog(GL_EXP2, GL_FOG_COORD); }
static void s_fog_lit_tex(void)
{
    s_three();
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    fog(GL_EXP2, GL_FRAGMENT_DEPTH);
}

/* points */
static void s_points(void)
{
    float a[3] = { 0.2f, 0.3f, 0.05f };
    glPointSize(30);
    pPointParameterfv(GL_POINT_DISTANCE_ATTENUATION, a);
    pPointParameterf(GL_POINT_SIZE_MIN, 1);
    pPointParameterf(GL_POINT_SIZE_MAX, 60);
}
static void s_points_clamped(void)
{
    s_points();
    pPointParameterf(GL_POINT_SIZE_MIN, 6);
    pPointParameterf(GL_POINT_SIZE_MAX, 14);
}
static void s_points_lit(void)
{
    s_points();
    L_ON();
    /* Not (0, 0, 1, 0): Mesa 22.3 leaves state.light[0].half at 0 when the
     * position is set to its default value. */
    light(0, 0.05f, 0.1f, 1, 0);
}

/* clip planes */
static void s_clip1(void) { clip_plane(0, 1, 0.3, 0, 0.1); }
static void s_clip2(void)
{
    glPushMatrix();
    glRotatef(30, 0, 0, 1);
    clip_plane(0, 0, 1, 0, 0.3);
    clip_plane(1, -1, 0, 0.2, 0.8);
    glPopMatrix();
}
static void s_clip4_lit(void)
{
    clip_plane(0, 1, 0, 0, 1.0);
    clip_plane(1, -1, 0, 0, 1.0);
    clip_plane(2, 0, 1, 0, 0.9);
    clip_plane(3, 0, -0.7f, 1, 0.8);
    s_three();
}

/* texture environments: every legacy mode with every base format */
static const GLenum formats[6] = { GL_ALPHA, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_INTENSITY, GL_RGB, GL_RGBA };
static const GLenum modes[5] = { GL_REPLACE, GL_MODULATE, GL_DECAL, GL_BLEND, GL_ADD };
static int env_case; /* mode * 6 + format */
static void s_env(void)
{
    tex(0, GL_TEXTURE_2D, formats[env_case % 6]);
    env(0, modes[env_case / 6]);
}
static void s_env_lit_two_units(void)
{
    s_separate();
    tex(0, GL_TEXTURE_2D, GL_LUMINANCE_ALPHA);
    env(0, GL_BLEND);
    tex(1, GL_TEXTURE_2D, GL_INTENSITY);
    env(1, GL_ADD);
}

/* targets */
static void s_tex1d(void) { tex(0, GL_TEXTURE_1D, GL_RGB); }
static void s_tex3d(void) { tex(0, GL_TEXTURE_3D, GL_RGBA); env(0, GL_MODULATE); }
static void s_texrect(void)
{
    tex(0, GL_TEXTURE_RECTANGLE_ARB, GL_RGBA);
    env(0, GL_DECAL);
    texmat(0, 0, 20, 24);
}
static void s_shadow(GLenum mode, GLenum env_mode)
{
    tex(0, GL_TEXTURE_2D, GL_DEPTH_COMPONENT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_R_TO_TEXTURE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, mode);
    env(0, env_mode);
}
static void s_shadow_lum(void) { s_shadow(GL_LUMINANCE, GL_MODULATE); }
static void s_shadow_int(void) { s_shadow(GL_INTENSITY, GL_REPLACE); }
static void s_shadow_alpha(void) { s_shadow(GL_ALPHA, GL_BLEND); }
static void s_depth_nocompare(void)
{
    tex(0, GL_TEXTURE_2D, GL_DEPTH_COMPONENT);
    glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE);
    env(0, GL_MODULATE);
}

/* combiners */
#define T GL_TEXTURE
#define P GL_PREVIOUS
#define PC GL_PRIMARY_COLOR
#define K GL_CONSTANT
#define SC GL_SRC_COLOR
#define OMC GL_ONE_MINUS_SRC_COLOR
#define SA GL_SRC_ALPHA
#define OMA GL_ONE_MINUS_SRC_ALPHA
static void s_comb_replace(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_REPLACE, T, OMC, 0, SC, 0, SC, GL_REPLACE, PC, OMA, 0, SA, 0, SA);
}
static void s_comb_modulate(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_MODULATE, T, SA, PC, OMC, 0, SC, GL_MODULATE, T, OMA, PC, SA, 0, SA);
}
static void s_comb_add(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    combine(0, GL_ADD, T, SC, PC, SC, 0, SC, GL_ADD, T, SA, PC, SA, 0, SA);
}
static void s_comb_add_signed(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_ADD_SIGNED, T, SC, P, OMC, 0, SC, GL_ADD_SIGNED, T, SA, K, SA, 0, SA);
}
static void s_comb_interpolate(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_INTERPOLATE, T, SC, K, SC, PC, SA, GL_INTERPOLATE, K, SA, PC, SA, T, OMA);
}
static void s_comb_subtract(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_SUBTRACT, PC, SC, T, SC, 0, SC, GL_SUBTRACT, T, SA, PC, OMA, 0, SA);
}
static void s_comb_dot3_rgb(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    combine(0, GL_DOT3_RGB, T, SC, PC, SC, 0, SC, GL_REPLACE, PC, SA, 0, SA, 0, SA);
}
static void s_comb_dot3_rgba(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_DOT3_RGBA, T, SC, K, OMC, 0, SC, GL_REPLACE, PC, SA, 0, SA, 0, SA);
    glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 2);
}
static void s_comb_scale(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_MODULATE, T, SC, PC, SC, 0, SC, GL_MODULATE, T, SA, PC, SA, 0, SA);
    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2);
    glTexEnvf(GL_TEXTURE_ENV, GL_ALPHA_SCALE, 4);
}
static void s_comb_dot3_scale4(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    combine(0, GL_DOT3_RGB, T, SC, PC, SC, 0, SC, GL_MODULATE, T, SA, PC, SA, 0, SA);
    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 4);
}
static void s_comb_crossbar(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGB);
    env(0, GL_MODULATE);
    tex(1, GL_TEXTURE_2D, GL_RGBA);
    texmat(1, 45, 1, 1);
    combine(1, GL_INTERPOLATE, GL_TEXTURE0, SC, GL_TEXTURE1, SC, P, SA, GL_MODULATE, GL_TEXTURE1, SA, GL_TEXTURE0, SA, 0, SA);
}
static void s_comb_three_units(void)
{
    s_dir_specular();
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_MODULATE, T, SC, PC, SC, 0, SC, GL_REPLACE, T, SA, 0, SA, 0, SA);
    tex(1, GL_TEXTURE_CUBE_MAP, GL_RGB);
    for (int c = 0; c < 3; c++)
        texgen(1, c, GL_REFLECTION_MAP);
    combine(1, GL_INTERPOLATE, T, SC, P, SC, K, SA, GL_REPLACE, P, SA, 0, SA, 0, SA);
    tex(2, GL_TEXTURE_1D, GL_LUMINANCE);
    combine(2, GL_ADD_SIGNED, P, SC, T, SC, 0, SC, GL_MODULATE, P, SA, K, SA, 0, SA);
    glTexEnvf(GL_TEXTURE_ENV, GL_RGB_SCALE, 2);
}
static void s_comb_ati(GLenum mode)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, mode, T, SC, PC, SC, K, SC, mode, T, SA, PC, SA, K, SA);
}
static void s_comb_ati_add(void) { s_comb_ati(GL_MODULATE_ADD_ATI); }
static void s_comb_ati_signed(void) { s_comb_ati(GL_MODULATE_SIGNED_ADD_ATI); }
static void s_comb_ati_sub(void) { s_comb_ati(GL_MODULATE_SUBTRACT_ATI); }
static void s_comb_zero_one(void)
{
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    combine(0, GL_INTERPOLATE, T, SC, GL_ONE, SC, GL_ZERO, OMC, GL_MODULATE_SUBTRACT_ATI, T, SA, GL_ONE, SA, PC, SA);
}
static void s_colorsum_tex(void)
{
    glEnable(GL_COLOR_SUM);
    tex(0, GL_TEXTURE_2D, GL_RGB);
}
static void s_everything(void)
{
    s_two_side_separate();
    glEnable(GL_COLOR_MATERIAL);
    glColorMaterial(GL_FRONT_AND_BACK, GL_DIFFUSE);
    tex(0, GL_TEXTURE_2D, GL_RGBA);
    env(0, GL_MODULATE);
    texmat(0, 10, 1.2f, 1);
    tex(1, GL_TEXTURE_2D, GL_LUMINANCE);
    texgen(1, 0, GL_EYE_LINEAR);
    texgen(1, 1, GL_SPHERE_MAP);
    env(1, GL_BLEND);
    fog(GL_LINEAR, GL_FRAGMENT_DEPTH);
    clip_plane(0, 0.3, 1, 0, 0.6);
}

typedef struct setup {
    const char *name;
    void (*fn)(void);
    int arg;          /* env_case */
    unsigned scene;   /* SCENE_* */
    int tol;          /* per channel, of 255 */
    int max_bad;      /* pixels allowed beyond tol */
    const char *why;  /* why a looser tolerance */
} setup;

#define S(name, fn) { name, fn, 0, 0, 2, 0, NULL }
#define SX(name, fn, scene, tol, bad, why) { name, fn, 0, scene, tol, bad, why }

static const setup setups_fixed[] = {
    S("unlit", s_unlit),
    S("unlit_colorsum", s_unlit_colorsum),
    S("light_dir_diffuse", s_dir_diffuse),
    S("light_dir_specular", s_dir_specular),
    S("light_point", s_point),
    S("light_point_atten", s_point_atten),
    SX("light_spot", s_spot, 0, 2, 8, "spot cone edge: GL >= vs Mesa >"),
    SX("light_spot_atten", s_spot_atten, 0, 2, 8, "spot cone edge"),
    SX("light_spot_directional", s_spot_dir, 0, 2, 8, "spot cone edge"),
    SX("light_spot_exponent0", s_spot_exp0, 0, 2, 8, "spot cone edge"),
    SX("light_three", s_three, 0, 2, 8, "spot cone edge"),
    SX("light_eight", s_eight, 0, 2, 8, "spot cone edge"),
    S("light_local_viewer", s_local_viewer),
    SX("light_local_viewer_spot", s_local_viewer_spot, 0, 2, 8, "spot cone edge"),
    S("light_two_side", s_two_side),
    S("light_two_side_separate", s_two_side_separate),
    SX("light_two_side_spot_atten", s_two_side_spot_atten, 0, 2, 8, "spot cone edge"),
    S("light_separate_specular", s_separate),
    S("light_no_lights", s_no_lights),
    S("light_shininess0", s_shininess0),
    SX("light_modelview", s_light_modelview, 0, 2, 8, "spot cone edge"),
    S("cm_ambient_and_diffuse", s_cm_amb_dif),
    S("cm_diffuse", s_cm_dif),
    S("cm_ambient", s_cm_amb),
    S("cm_emission", s_cm_emi),
    S("cm_specular", s_cm_spe),
    S("cm_front_and_back_two_side", s_cm_fb),
    S("cm_back_two_side", s_cm_back),
    S("cm_back_emission_two_side", s_cm_back_emission),
    S("light_shininess0_two_side", s_shininess0_two_side),
    S("normalize", s_normalize),
    S("rescale_normal", s_rescale),
    S("unnormalized_scaled", s_unnormalized),
    S("light_homogeneous_position", s_light_homogeneous),
    S("texgen_object", s_texgen_object),
    S("texgen_eye", s_texgen_eye),
    SX("texgen_sphere", s_texgen_sphere, 0, 3, 16, "sphere map: steep texcoord gradients at silhouettes"),
    SX("texgen_reflection_cube", s_texgen_reflection, 0, 3, 16, "cube face choice at edges"),
    SX("texgen_normal_cube", s_texgen_normal, 0, 3, 16, "cube face choice at edges"),
    S("texgen_mixed_3d", s_texgen_mixed),
    S("texgen_q", s_texgen_q),
    S("texmat", s_texmat),
    S("texmat_projective", s_texmat_projective),
    S("texgen_texmat", s_texgen_texmat),
    SX("texgen_two_units", s_texgen_two_units, 0, 3, 16, "sphere map / cube edges"),
    S("fog_linear", s_fog_linear),
    S("fog_exp", s_fog_exp),
    S("fog_exp2", s_fog_exp2),
    S("fog_coord_linear", s_fog_coord_linear),
    S("fog_coord_exp", s_fog_coord_exp),
    S("fog_coord_exp2", s_fog_coord_exp2),
    SX("fog_lit_tex", s_fog_lit_tex, 0, 2, 8, "spot cone edge"),
    SX("points_atten_axis", s_points, SCENE_POINTS_AXIS, 2, 0, NULL),
    SX("points_atten_axis_clamped", s_points_clamped, SCENE_POINTS_AXIS, 2, 0, NULL),
    SX("points_atten_axis_lit", s_points_lit, SCENE_POINTS_AXIS, 2, 0, NULL),
    SX("points_atten_off_axis", s_points, SCENE_POINTS, 2, 100,
       "GL's eye distance vs Mesa's |z|: edge columns of the near points"),
    SX("points_atten_off_axis_lit", s_points_lit, SCENE_POINTS, 2, 100, "eye distance vs |z|"),
    SX("clip_1", s_clip1, 0, 2, 40, "clipping vs KIL on the interpolated distance at the plane"),
    SX("clip_2_rotated", s_clip2, 0, 2, 40, "clipping vs KIL at the planes"),
    SX("clip_4_lit", s_clip4_lit, 0, 2, 60, "clipping vs KIL at the planes; spot edge"),
    S("env_lit_two_units", s_env_lit_two_units),
    S("tex_1d", s_tex1d),
    S("tex_3d", s_tex3d),
    S("tex_rect_decal", s_texrect),
    SX("shadow_luminance", s_shadow_lum, 0, 2, 16, "depth compare steps"),
    SX("shadow_intensity", s_shadow_int, 0, 2, 16, "depth compare steps"),
    SX("shadow_alpha", s_shadow_alpha, 0, 2, 16, "depth compare steps"),
    S("depth_no_compare", s_depth_nocompare),
    S("combine_replace", s_comb_replace),
    S("combine_modulate", s_comb_modulate),
    S("combine_add", s_comb_add),
    S("combine_add_signed", s_comb_add_signed),
    S("combine_interpolate", s_comb_interpolate),
    S("combine_subtract", s_comb_subtract),
    S("combine_dot3_rgb", s_comb_dot3_rgb),
    S("combine_dot3_rgba", s_comb_dot3_rgba),
    S("combine_scale", s_comb_scale),
    S("combine_dot3_scale4", s_comb_dot3_scale4),
    S("combine_crossbar", s_comb_crossbar),
    SX("combine_three_units", s_comb_three_units, 0, 3, 16, "cube edges"),
    S("combine_ati_modulate_add", s_comb_ati_add),
    S("combine_ati_modulate_signed_add", s_comb_ati_signed),
    S("combine_ati_modulate_subtract", s_comb_ati_sub),
    S("combine_zero_one", s_comb_zero_one),
    S("colorsum_tex", s_colorsum_tex),
    SX("everything", s_everything, 0, 3, 60, "sphere map; clip plane edge"),
};

/* ---- keys from GL state (what gl/ does) ------------------------------------------- */

static GLenum base_format(GLint internal)
{
    switch (internal) {
    case GL_ALPHA: case GL_ALPHA8: case GL_ALPHA16: return GL_ALPHA;
    case 1: case GL_LUMINANCE: case GL_LUMINANCE8: case GL_LUMINANCE16: return GL_LUMINANCE;
    case 2: case GL_LUMINANCE_ALPHA: case GL_LUMINANCE8_ALPHA8: return GL_LUMINANCE_ALPHA;
    case GL_INTENSITY: case GL_INTENSITY8: case GL_INTENSITY16: return GL_INTENSITY;
    case 3: case GL_RGB: case GL_RGB8: case GL_RGB16: return GL_RGB;
    case GL_DEPTH_COMPONENT: case GL_DEPTH_COMPONENT16: case GL_DEPTH_COMPONENT24: case GL_DEPTH_COMPONENT32:
        return GL_DEPTH_COMPONENT;
    default: return GL_RGBA;
    }
}

static void combiner_from_gl(gl_ff_combine *c, bool alpha)
{
    GLint v;
    glGetTexEnviv(GL_TEXTURE_ENV, alpha ? GL_COMBINE_ALPHA : GL_COMBINE_RGB, &v);
    c->mode = gl_ff_combine_mode_from_gl(v);
    for (int i = 0; i < 3; i++) {
        glGetTexEnviv(GL_TEXTURE_ENV, (alpha ? GL_SRC0_ALPHA : GL_SRC0_RGB) + i, &v);
        c->src[i] = gl_ff_combine_src_from_gl(v);
        glGetTexEnviv(GL_TEXTURE_ENV, (alpha ? GL_OPERAND0_ALPHA : GL_OPERAND0_RGB) + i, &v);
        c->op[i] = gl_ff_combine_operand_from_gl(v);
    }
    float s;
    glGetTexEnvfv(GL_TEXTURE_ENV, alpha ? GL_ALPHA_SCALE : GL_RGB_SCALE, &s);
    c->shift = gl_ff_combine_shift_from_scale(s);
}

static void keys_from_gl(gl_ff_vertex_key *vk, gl_ff_fragment_key *fk)
{
    memset(vk, 0, sizeof *vk);
    memset(fk, 0, sizeof *fk);
    const bool lighting = glIsEnabled(GL_LIGHTING);
    GLint v;

    /* fragment */
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        pActiveTexture(GL_TEXTURE0 + u);
        gl_ff_tex_unit *t = &fk->unit[u];
        GLenum target = 0, face = 0;
        if (glIsEnabled(GL_TEXTURE_CUBE_MAP))
            target = GL_TEXTURE_CUBE_MAP, face = GL_TEXTURE_CUBE_MAP_POSITIVE_X, t->target = GL_FF_TEX_CUBE;
        else if (glIsEnabled(GL_TEXTURE_3D))
            target = GL_TEXTURE_3D, t->target = GL_FF_TEX_3D;
        else if (glIsEnabled(GL_TEXTURE_RECTANGLE_ARB))
            target = GL_TEXTURE_RECTANGLE_ARB, t->target = GL_FF_TEX_RECT;
        else if (glIsEnabled(GL_TEXTURE_2D))
            target = GL_TEXTURE_2D, t->target = GL_FF_TEX_2D;
        else if (glIsEnabled(GL_TEXTURE_1D))
            target = GL_TEXTURE_1D, t->target = GL_FF_TEX_1D;
        if (!target)
            continue;
        GLint internal, depth_mode = GL_LUMINANCE, compare = GL_NONE;
        glGetTexLevelParameteriv(face ? face : target, 0, GL_TEXTURE_INTERNAL_FORMAT, &internal);
        GLenum base = base_format(internal);
        if (base == GL_DEPTH_COMPONENT) {
            glGetTexParameteriv(target, GL_DEPTH_TEXTURE_MODE, &depth_mode);
            glGetTexParameteriv(target, GL_TEXTURE_COMPARE_MODE, &compare);
            t->shadow = compare == GL_COMPARE_R_TO_TEXTURE;
        }
        t->format = gl_ff_format_from_gl(base, depth_mode);
        glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &v);
        t->env_mode = gl_ff_env_mode_from_gl(v);
        if (t->env_mode == GL_FF_ENV_COMBINE) {
            combiner_from_gl(&t->rgb, false);
            combiner_from_gl(&t->alpha, true);
        }
    }
    glGetIntegerv(GL_LIGHT_MODEL_COLOR_CONTROL, &v);
    const bool separate = v == GL_SEPARATE_SPECULAR_COLOR;
    fk->color_sum = lighting ? separate : glIsEnabled(GL_COLOR_SUM);
    if (glIsEnabled(GL_FOG)) {
        glGetIntegerv(GL_FOG_MODE, &v);
        fk->fog_mode = gl_ff_fog_mode_from_gl(v);
    }
    gl_ff_fragment_key_canonicalize(fk);

    /* vertex */
    vk->fs_inputs = gl_ff_fragment_key_inputs(fk);
    vk->lighting = lighting;
    for (int i = 0; i < GL_FF_MAX_LIGHTS; i++) {
        if (!glIsEnabled(GL_LIGHT0 + i))
            continue;
        const uint8_t bit = (uint8_t)(1u << i);
        float p[4], cut, k[3];
        vk->lights |= bit;
        glGetLightfv(GL_LIGHT0 + i, GL_POSITION, p);
        glGetLightfv(GL_LIGHT0 + i, GL_SPOT_CUTOFF, &cut);
        glGetLightfv(GL_LIGHT0 + i, GL_CONSTANT_ATTENUATION, &k[0]);
        glGetLightfv(GL_LIGHT0 + i, GL_LINEAR_ATTENUATION, &k[1]);
        glGetLightfv(GL_LIGHT0 + i, GL_QUADRATIC_ATTENUATION, &k[2]);
        if (p[3] != 0)
            vk->light_positional |= bit;
        if (p[3] != 0 && p[3] != 1)
            vk->light_homogeneous |= bit;
        if (cut != 180)
            vk->light_spot |= bit;
        if (k[0] != 1 || k[1] != 0 || k[2] != 0)
            vk->light_attenuated |= bit;
    }
    glGetIntegerv(GL_LIGHT_MODEL_TWO_SIDE, &v);
    vk->two_side = v != 0;
    float shin[2];
    glGetMaterialfv(GL_FRONT, GL_SHININESS, &shin[0]);
    glGetMaterialfv(GL_BACK, GL_SHININESS, &shin[1]);
    vk->shininess_zero = shin[0] == 0 && (!vk->two_side || shin[1] == 0);
    glGetIntegerv(GL_LIGHT_MODEL_LOCAL_VIEWER, &v);
    vk->local_viewer = v != 0;
    vk->separate_specular = separate;
    if (glIsEnabled(GL_COLOR_MATERIAL)) {
        GLint face, mode;
        glGetIntegerv(GL_COLOR_MATERIAL_FACE, &face);
        glGetIntegerv(GL_COLOR_MATERIAL_PARAMETER, &mode);
        vk->color_material = gl_ff_color_material_from_gl(face, mode);
    }
    vk->normalize = glIsEnabled(GL_NORMALIZE);
    vk->rescale_normal = glIsEnabled(GL_RESCALE_NORMAL);
    glGetIntegerv(GL_FOG_COORD_SRC, &v);
    vk->fog_source = gl_ff_fog_source_from_gl(v, 0);
    for (int i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
        if (glIsEnabled(GL_CLIP_PLANE0 + i))
            vk->clip_planes |= (uint8_t)(1u << i);
    float att[3];
    glGetFloatv(GL_POINT_DISTANCE_ATTENUATION, att);
    vk->point_size = att[0] != 1 || att[1] != 0 || att[2] != 0;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        pActiveTexture(GL_TEXTURE0 + u);
        for (int c = 0; c < 4; c++) {
            if (!glIsEnabled(GL_TEXTURE_GEN_S + c))
                continue;
            glGetTexGeniv(GL_S + c, GL_TEXTURE_GEN_MODE, &v);
            vk->texgen[u][c] = gl_ff_texgen_from_gl(v);
        }
        float m[16];
        glGetFloatv(GL_TEXTURE_MATRIX, m);
        for (int i = 0; i < 16; i++)
            if (m[i] != (i % 5 == 0 ? 1.0f : 0.0f))
                vk->texmat |= (uint8_t)(1u << u);
    }
    pActiveTexture(GL_TEXTURE0);
    gl_ff_vertex_key_canonicalize(vk);
}

/* ---- programs on Mesa --------------------------------------------------------------- */

static char *gen_vp(const gl_ff_vertex_key *k)
{
    size_t n = gl_ff_vertex_program(k, NULL, 0);
    char *s = malloc(n + 1);
    gl_ff_vertex_program(k, s, n + 1);
    return s;
}

static char *gen_fp(const gl_ff_fragment_key *k)
{
    size_t n = gl_ff_fragment_program(k, NULL, 0);
    char *s = malloc(n + 1);
    gl_ff_fragment_program(k, s, n + 1);
    return s;
}

/* A growing string. */
typedef struct str {
    char *s;
    size_t n, cap;
} str;

static void str_add(str *b, const char *p, size_t n)
{
    if (b->n + n + 1 > b->cap) {
        b->cap = (b->n + n + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, p, n);
    b->n += n;
    b->s[b->n] = '\0';
}

static void str_addf(str *b, const char *fmt, ...)
{
    char tmp[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    str_add(b, tmp, (size_t)n);
}

/* Mesa has no NV_vertex_program2: drop result.clip writes (keep = false), or
 * move clip distance n to result.texcoord[7 - n / 4], component n % 4. */
static char *vp_for_mesa(const char *src, bool keep, unsigned planes)
{
    str b = { 0 };
    const char *p = src;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p + 1) : strlen(p);
        const char *clip = strstr(p, "result.clip[");
        bool has_clip = clip && clip < p + len;
        if (!strncmp(p, "OPTION NV_vertex_program2;", 26)) {
            /* dropped */
        } else if (!strncmp(p, "END", 3) && keep && planes) {
            for (int t = 0; t < 2; t++) {
                unsigned m = (planes >> (4 * t)) & 15u;
                if (!m)
                    continue;
                char mask[5];
                int k = 0;
                for (int c = 0; c < 4; c++)
                    if (!(m & (1u << c)))
                        mask[k++] = "xyzw"[c];
                mask[k] = '\0';
                if (k)
                    str_addf(&b, "MOV result.texcoord[%d].%s, {1, 1, 1, 1};\n", 7 - t, mask);
            }
            str_add(&b, p, len);
        } else if (has_clip && keep) {
            int n = atoi(clip + 12);
            str_add(&b, p, (size_t)(clip - p));
            str_addf(&b, "result.texcoord[%d].%c", 7 - n / 4, "xyzw"[n % 4]);
            const char *rest = strstr(clip, "].x") + 3;
            str_add(&b, rest, (size_t)(p + len - rest));
        } else if (!has_clip) {
            str_add(&b, p, len);
        }
        p += len;
    }
    return b.s;
}

/* Adds "KIL fragment.texcoord[t];" for the clip distances in planes. */
static char *fp_for_mesa(const char *src, unsigned planes)
{
    str b = { 0 };
    const char *end = strstr(src, "\nEND");
    str_add(&b, src, (size_t)(end - src + 1));
    for (int t = 0; t < 2; t++)
        if ((planes >> (4 * t)) & 15u)
            str_addf(&b, "KIL fragment.texcoord[%d];\n", 7 - t);
    str_add(&b, end + 1, strlen(end + 1));
    return b.s;
}

static void print_numbered(const char *s)
{
    int line = 1;
    fprintf(stderr, "%4d  ", line);
    for (; *s; s++) {
        fputc(*s, stderr);
        if (*s == '\n' && s[1])
            fprintf(stderr, "%4d  ", ++line);
    }
}

/* Loads src as the current program of target; returns the name or 0. */
static GLuint load_program(GLenum target, const char *src, bool quiet)
{
    GLuint name;
    while (glGetError() != GL_NO_ERROR) {}
    pGenProgramsARB(1, &name);
    pBindProgramARB(target, name);
    pProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(src), src);
    GLint pos = -1, native = 1;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    GLenum err = glGetError();
    if (err == GL_NO_ERROR && pos == -1)
        pGetProgramivARB(target, GL_PROGRAM_UNDER_NATIVE_LIMITS_ARB, &native);
    if (err != GL_NO_ERROR || pos != -1 || !native) {
        if (!quiet) {
            fprintf(stderr, "program failed to load: error 0x%x at %d (%s)%s\n", err, pos,
                    (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB), native ? "" : " over native limits");
            print_numbered(src);
        }
        pDeleteProgramsARB(1, &name);
        return 0;
    }
    return name;
}

/* ---- rendering and comparison --------------------------------------------------------- */

enum { PASS_REF, PASS_BOTH, PASS_VP, PASS_FP, PASS_COUNT };
static const char *const pass_names[PASS_COUNT] = { "fixed function", "vp+fp", "vp only", "fp only" };

static void write_ppm(const char *dir, const char *name, const char *suffix, const unsigned char *px)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s_%s.ppm", dir, name, suffix);
    FILE *f = fopen(path, "wb");
    if (!f)
        return;
    fprintf(f, "P6\n%d %d\n255\n", W, H);
    for (int y = H - 1; y >= 0; y--)
        for (int x = 0; x < W; x++)
            fwrite(px + (y * W + x) * 4, 1, 3, f);
    fclose(f);
}

/* Renders setup s with pass p into px; false if a program failed to load. */
static bool render(const setup *s, int p, unsigned char *px)
{
    asmgl_context *ctx = new_context();
    scene_defaults();
    env_case = s->arg;
    s->fn();
    pActiveTexture(GL_TEXTURE0);
    glMatrixMode(GL_MODELVIEW);
    bool ok = true;
    if (p != PASS_REF) {
        gl_ff_vertex_key vk;
        gl_ff_fragment_key fk;
        keys_from_gl(&vk, &fk);
        GLuint vp = 0, fp = 0;
        char *vtext = NULL, *ftext = NULL;
        const unsigned planes = vk.clip_planes;
        if (p == PASS_BOTH || p == PASS_VP) {
            char *t = gen_vp(&vk);
            vtext = vp_for_mesa(t, p == PASS_BOTH, planes);
            free(t);
            vp = load_program(GL_VERTEX_PROGRAM_ARB, vtext, false);
            ok &= vp != 0;
            glEnable(GL_VERTEX_PROGRAM_ARB);
            if (vk.lighting && vk.two_side)
                glEnable(GL_VERTEX_PROGRAM_TWO_SIDE_ARB);
            if (vk.point_size)
                glEnable(GL_VERTEX_PROGRAM_POINT_SIZE_ARB);
            if (p == PASS_BOTH)
                for (int i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
                    glDisable(GL_CLIP_PLANE0 + i);
        }
        if (p == PASS_BOTH || p == PASS_FP) {
            char *t = gen_fp(&fk);
            ftext = p == PASS_BOTH && planes ? fp_for_mesa(t, planes) : strdup(t);
            free(t);
            fp = load_program(GL_FRAGMENT_PROGRAM_ARB, ftext, false);
            ok &= fp != 0;
            glEnable(GL_FRAGMENT_PROGRAM_ARB);
        }
        if (getenv("FFGEN_VERBOSE")) {
            if (vtext)
                fprintf(stderr, "---- %s vertex program\n%s", s->name, vtext);
            if (ftext)
                fprintf(stderr, "---- %s fragment program\n%s", s->name, ftext);
        }
        free(vtext);
        free(ftext);
    }
    draw_scene(s->scene);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR) {
        fprintf(stderr, "%s (%s): GL error 0x%x\n", s->name, pass_names[p], err);
        ok = false;
    }
    asmgl_read_color(ctx, px);
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    return ok;
}

static int run_render(const char *filter)
{
    static setup all[sizeof setups_fixed / sizeof setups_fixed[0] + 30];
    int n = 0;
    for (size_t i = 0; i < sizeof setups_fixed / sizeof setups_fixed[0]; i++)
        all[n++] = setups_fixed[i];
    static char env_names[30][48];
    static const char *const fmt_names[6] = { "alpha", "luminance", "luminance_alpha", "intensity", "rgb", "rgba" };
    static const char *const mode_names[5] = { "replace", "modulate", "decal", "blend", "add" };
    for (int c = 0; c < 30; c++) {
        snprintf(env_names[c], sizeof env_names[c], "env_%s_%s", mode_names[c / 6], fmt_names[c % 6]);
        all[n++] = (setup){ env_names[c], s_env, c, 0, 2, 0, NULL };
    }

    build_meshes();
    const char *dump = getenv("FFGEN_DUMP");
    unsigned char *ref = malloc(W * H * 4), *img = malloc(W * H * 4);
    int failed = 0, ran = 0;
    for (int i = 0; i < n; i++) {
        const setup *s = &all[i];
        if (filter && !strstr(s->name, filter))
            continue;
        ran++;
        render(s, PASS_REF, ref);
        /* the reference must show something beyond the clear colour */
        int covered = 0;
        for (int k = 0; k < W * H; k++)
            covered += ref[k * 4] != ref[0] || ref[k * 4 + 1] != ref[1] || ref[k * 4 + 2] != ref[2];
        bool setup_ok = covered > 40;
        if (!setup_ok)
            printf("FAIL %-34s reference image is empty\n", s->name);
        char line[256];
        int lpos = snprintf(line, sizeof line, "%-34s", s->name);
        for (int p = PASS_BOTH; p < PASS_COUNT; p++) {
            bool loaded = render(s, p, img);
            int bad = 0, maxd = 0;
            for (int k = 0; k < W * H; k++) {
                int d = 0;
                for (int c = 0; c < 4; c++) {
                    int e = abs((int)ref[k * 4 + c] - (int)img[k * 4 + c]);
                    d = e > d ? e : d;
                }
                maxd = d > maxd ? d : maxd;
                bad += d > s->tol;
            }
            bool ok = loaded && bad <= s->max_bad;
            lpos += snprintf(line + lpos, sizeof line - lpos, "  %s: max %3d bad %4d%s", pass_names[p], maxd, bad,
                             ok ? "" : " FAIL");
            if (!ok) {
                setup_ok = false;
                if (dump) {
                    static const char *const sfx[PASS_COUNT] = { "ref", "both", "vp", "fp" };
                    write_ppm(dump, s->name, "ref", ref);
                    write_ppm(dump, s->name, sfx[p], img);
                }
            }
        }
        printf("%s %s%s%s\n", setup_ok ? "ok  " : "FAIL", line, s->why ? "  # " : "", s->why ? s->why : "");
        failed += !setup_ok;
    }
    printf("%d of %d setups match Mesa's fixed function\n", ran - failed, ran);
    free(ref);
    free(img);
    return failed ? 1 : 0;
}

/* ---- random keys compile ------------------------------------------------------------ */

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 17;
    rng_state ^= rng_state << 5;
    return n ? rng_state % n : 0;
}

static void random_vertex_key(gl_ff_vertex_key *k)
{
    memset(k, 0, sizeof *k);
    k->fs_inputs = rnd(1u << 16) & GL_FF_IN_ALL;
    k->lighting = rnd(3) != 0;
    k->lights = (uint8_t)rnd(256);
    k->light_positional = (uint8_t)rnd(256);
    k->light_homogeneous = (uint8_t)rnd(256);
    k->light_spot = (uint8_t)rnd(256);
    k->light_attenuated = (uint8_t)rnd(256);
    k->two_side = rnd(2);
    k->local_viewer = rnd(2);
    k->separate_specular = rnd(2);
    k->color_material = rnd(2) ? (uint8_t)rnd(256) : 0;
    k->normalize = rnd(2);
    k->rescale_normal = rnd(2);
    k->fog_source = rnd(4);
    k->clip_planes = rnd(2) ? (uint8_t)rnd(256) : 0;
    k->point_size = rnd(2);
    k->texmat = (uint8_t)rnd(256);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++)
        for (int c = 0; c < 4; c++)
            k->texgen[u][c] = rnd(2) ? (uint8_t)rnd(6) : 0;
}

static void random_combine(gl_ff_combine *c, bool alpha)
{
    c->mode = (uint8_t)rnd(GL_FF_COMBINE_MODE_COUNT);
    if (alpha && (c->mode == GL_FF_COMBINE_DOT3_RGB || c->mode == GL_FF_COMBINE_DOT3_RGBA))
        c->mode = GL_FF_COMBINE_ADD;
    c->shift = (uint8_t)rnd(3);
    for (int i = 0; i < 3; i++) {
        uint32_t s = rnd(14);
        c->src[i] = (uint8_t)(s < 6 ? s : GL_FF_SRC_TEXTURE0 + (s - 6));
        c->op[i] = (uint8_t)(alpha ? 2 + rnd(2) : rnd(4));
    }
}

static void random_fragment_key(gl_ff_fragment_key *k)
{
    memset(k, 0, sizeof *k);
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        gl_ff_tex_unit *t = &k->unit[u];
        if (rnd(3))
            continue;
        t->target = (uint8_t)(1 + rnd(5));
        t->shadow = rnd(4) == 0;
        t->format = (uint8_t)rnd(6);
        t->env_mode = (uint8_t)rnd(6);
        if (t->env_mode == GL_FF_ENV_COMBINE) {
            random_combine(&t->rgb, false);
            random_combine(&t->alpha, true);
        }
    }
    k->color_sum = rnd(2);
    k->fog_mode = (uint8_t)rnd(4);
    k->num_draw_buffers = (uint8_t)rnd(5);
}

static int run_compile(int count)
{
    asmgl_context *ctx = new_context();
    int failed = 0;
    char small[40];
    for (int i = 0; i < count && failed < 5; i++) {
        gl_ff_vertex_key vk;
        gl_ff_fragment_key fk;
        random_vertex_key(&vk);
        random_fragment_key(&fk);
        if (i % 4 == 0) /* a consistent pair now and then */
            vk.fs_inputs = gl_ff_fragment_key_inputs(&fk);

        char *v = gen_vp(&vk), *f = gen_fp(&fk);
        /* snprintf contract: truncated output is a prefix, NUL-terminated */
        size_t nv = gl_ff_vertex_program(&vk, small, sizeof small);
        if (nv != strlen(v) || strncmp(small, v, sizeof small - 1) || small[sizeof small - 1]) {
            fprintf(stderr, "vertex program length/truncation mismatch\n");
            failed++;
        }
        size_t nf = gl_ff_fragment_program(&fk, small, sizeof small);
        if (nf != strlen(f) || strncmp(small, f, sizeof small - 1)) {
            fprintf(stderr, "fragment program length/truncation mismatch\n");
            failed++;
        }
        /* canonical keys give the same program */
        gl_ff_vertex_key cv = vk;
        gl_ff_vertex_key_canonicalize(&cv);
        char *v2 = gen_vp(&cv);
        const char *b1 = strchr(v, '\n'), *b2 = strchr(v2, '\n');
        if (strcmp(b1, b2)) {
            fprintf(stderr, "canonical vertex key changes the program\n");
            failed++;
        }
        free(v2);

        char *vs = vp_for_mesa(v, false, 0), *vr = vp_for_mesa(v, true, vk.clip_planes);
        if (!load_program(GL_VERTEX_PROGRAM_ARB, vs, false) || !load_program(GL_VERTEX_PROGRAM_ARB, vr, false))
            failed++;
        if (!load_program(GL_FRAGMENT_PROGRAM_ARB, f, false))
            failed++;
        free(vs);
        free(vr);
        free(v);
        free(f);
    }
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    printf("%d random key pairs: %s\n", count, failed ? "FAIL" : "all programs load on Mesa");
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "compile"))
        return run_compile(argc >= 3 ? atoi(argv[2]) : 2000);
    if (argc >= 2 && !strcmp(argv[1], "render"))
        return run_render(argc >= 3 ? argv[2] : NULL);
    fprintf(stderr, "usage: %s render [filter] | compile [count]\n", argv[0]);
    return 2;
}
