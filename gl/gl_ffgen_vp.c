/*
 * gl_ffgen_vp.c - the fixed-function vertex stage (GL 2.1 sections 2.11 to
 * 2.14: eye coordinates, normals, lighting, texgen and texture matrices,
 * fog coordinate, user clip distances, point size) as an !!ARBvp1.0 program.
 * Thread: any (pure).
 *
 * The program is position-invariant and reads GL state only through state.*
 * bindings.  It uses at most 11 temporaries (ARB's minimum limit is 12):
 *
 *   eye   eye-space position (4D, as modelview * vertex)
 *   nrm   eye-space normal in xyz; w = 1 / eye.w once lighting starts
 *   udir  normalize(eye.xyz): origin -> vertex (local viewer, sphere/reflection)
 *   L     lighting: unit vector vertex -> light, then a light/material
 *         product; texgen: the reflection vector
 *   D     lighting: (n.VP, n.h, attenuation * spot, front shininess)
 *         (n.h = 1 and shininess 0 with shininess_zero);
 *         texgen: sphere-map (s, t)
 *   B     lighting: back-face dots (-n.VP, -n.h, -, back shininess)
 *   T     scratch (half vector, LIT results, coordinates before the texture matrix)
 *   c0 c1 b0 b1   front/back primary/secondary colour accumulators
 *
 * The body is generated twice: a dry run records which temporaries it uses,
 * then the header declares exactly those and the body is written for real.
 */
#include "gl_ffgen_priv.h"

#include <stdio.h>
#include <string.h>

enum { R_EYE, R_NRM, R_UDIR, R_L, R_D, R_B, R_T, R_C0, R_C1, R_B0, R_B1, R_COUNT };
static const char *const vp_reg_names[R_COUNT] = {
    "eye", "nrm", "udir", "L", "D", "B", "T", "c0", "c1", "b0", "b1"
};

typedef struct vp_gen {
    gl_ff_vertex_key k;  /* canonical copy */
    ff_text *t;
    unsigned used;       /* temporaries referenced (bit per R_*) */
    bool lit;            /* lighting computes the colours */
    bool need_eye, need_normal, need_udir, need_refl, need_sphere;
    uint8_t positional;  /* lights with w != 0 (only when lit) */
} vp_gen;

static const char *R(vp_gen *g, int r)
{
    g->used |= 1u << r;
    return vp_reg_names[r];
}

#define E(...) ff_emit(g->t, __VA_ARGS__)

static const char *const coord_names = "strq";

/* ---- what the key needs ---------------------------------------------------- */

static bool unit_read(const vp_gen *g, int u) { return (g->k.fs_inputs & GL_FF_IN_TEX(u)) != 0; }

static void vp_analyse(vp_gen *g)
{
    const gl_ff_vertex_key *k = &g->k;
    g->lit = k->lighting != 0;
    g->positional = g->lit ? k->light_positional : 0;
    bool eye_texgen = false, normal_texgen = false;
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!unit_read(g, u))
            continue;
        for (int c = 0; c < 4; c++) {
            switch (k->texgen[u][c]) {
            case GL_FF_TEXGEN_EYE_LINEAR: eye_texgen = true; break;
            case GL_FF_TEXGEN_SPHERE_MAP: g->need_sphere = true; /* fall through */
            case GL_FF_TEXGEN_REFLECTION_MAP: g->need_refl = true; break;
            case GL_FF_TEXGEN_NORMAL_MAP: normal_texgen = true; break;
            default: break;
            }
        }
    }
    bool fog = (k->fs_inputs & GL_FF_IN_FOG) != 0;
    g->need_udir = (g->lit && k->local_viewer) || g->need_refl;
    g->need_normal = (g->lit && k->lights) || g->need_refl || normal_texgen;
    g->need_eye = g->positional || g->need_udir || eye_texgen ||
                  (fog && k->fog_source != GL_FF_FOG_SRC_COORD) || k->clip_planes || k->point_size;
}

/* ---- eye coordinates and normal (GL 2.1 2.11.2, 2.11.3) ------------------------- */

static void vp_eye_and_normal(vp_gen *g)
{
    const gl_ff_vertex_key *k = &g->k;
    if (g->need_eye) {
        E("# eye coordinates: modelview * vertex\n");
        for (int r = 0; r < 4; r++)
            E("DP4 %s.%c, state.matrix.modelview.row[%d], vertex.position;\n", R(g, R_EYE), ff_comp(r), r);
    }
    if (g->need_normal) {
        const char *n = R(g, R_NRM);
        E("# eye-space normal: the upper 3x3 of the inverse transposed modelview\n");
        for (int r = 0; r < 3; r++)
            E("DP3 %s.%c, state.matrix.modelview.invtrans.row[%d], vertex.normal;\n", n, ff_comp(r), r);
        if (k->normalize) {
            E("DP3 %s.w, %s, %s;\nRSQ %s.w, %s.w;\nMUL %s.xyz, %s, %s.w;\n", n, n, n, n, n, n, n, n);
        } else if (k->rescale_normal) {
            E("# rescale: f = 1 / |third row of the inverse modelview|\n");
            E("DP3 %s.w, state.matrix.modelview.inverse.row[2], state.matrix.modelview.inverse.row[2];\n", n);
            E("RSQ %s.w, %s.w;\nMUL %s.xyz, %s, %s.w;\n", n, n, n, n, n);
        }
    }
    if (g->need_udir) {
        const char *u = R(g, R_UDIR), *e = R(g, R_EYE);
        E("# unit vector from the eye to the vertex\n");
        E("DP3 %s.w, %s, %s;\nRSQ %s.w, %s.w;\nMUL %s.xyz, %s, %s.w;\n", u, e, e, u, u, u, e, u);
    }
}

/* ---- lighting (GL 2.1 2.14.1) ------------------------------------------------ */

/* The material property prop (GL_FF_CM_*) of face (0 front, 1 back): the
 * vertex colour when colour material tracks it, else the state binding. */
static const char *material(const vp_gen *g, int face, unsigned prop, char *buf, size_t n)
{
    static const char *const names[] = { "ambient", "diffuse", "specular", "emission" };
    unsigned bit = face ? GL_FF_CM_BACK(prop) : prop;
    if (g->k.color_material & bit)
        return "vertex.color";
    int i = prop == GL_FF_CM_AMBIENT ? 0 : prop == GL_FF_CM_DIFFUSE ? 1 : prop == GL_FF_CM_SPECULAR ? 2 : 3;
    snprintf(buf, n, "state.material.%s.%s", face ? "back" : "front", names[i]);
    return buf;
}

/* Scene colour e_cm + a_cm * a_cs, alpha = diffuse alpha, into acc. */
static void vp_scene_color(vp_gen *g, int face, const char *acc)
{
    const char *fname = face ? "back" : "front";
    unsigned cm = face ? (unsigned)g->k.color_material >> 4 : g->k.color_material & 15u;
    char a[64], e[64], d[64];
    if (cm & (GL_FF_CM_AMBIENT | GL_FF_CM_EMISSION)) {
        E("MAD %s.xyz, %s, state.lightmodel.ambient, %s;\n", acc,
          material(g, face, GL_FF_CM_AMBIENT, a, sizeof a), material(g, face, GL_FF_CM_EMISSION, e, sizeof e));
        E("MOV %s.w, %s.w;\n", acc, material(g, face, GL_FF_CM_DIFFUSE, d, sizeof d));
    } else {
        E("MOV %s, state.lightmodel.%s.scenecolor;\n", acc, fname);
        if (cm & GL_FF_CM_DIFFUSE)
            E("MOV %s.w, vertex.color.w;\n", acc);
    }
}

/* acc.xyz += factor * lightprod[i].<face>.<prop>; factor NULL means 1. */
static void vp_accumulate(vp_gen *g, int i, int face, unsigned prop, const char *factor, const char *acc)
{
    static const char *const names[] = { "ambient", "diffuse", "specular" };
    int pi = prop == GL_FF_CM_AMBIENT ? 0 : prop == GL_FF_CM_DIFFUSE ? 1 : 2;
    unsigned bit = face ? GL_FF_CM_BACK(prop) : prop;
    char prod[64];
    if (g->k.color_material & bit) {
        /* light colour times the tracked material (vertex colour) */
        const char *l = R(g, R_L);
        E("MUL %s.xyz, state.light[%d].%s, vertex.color;\n", l, i, names[pi]);
        snprintf(prod, sizeof prod, "%s", l);
    } else {
        snprintf(prod, sizeof prod, "state.lightprod[%d].%s.%s", i, face ? "back" : "front", names[pi]);
    }
    if (factor)
        E("MAD %s.xyz, %s, %s, %s;\n", acc, factor, prod, acc);
    else
        E("ADD %s.xyz, %s, %s;\n", acc, acc, prod);
}

static void vp_light(vp_gen *g, int i)
{
    const gl_ff_vertex_key *k = &g->k;
    const unsigned bit = 1u << i;
    const bool positional = (k->light_positional & bit) != 0;
    const bool spot = (k->light_spot & bit) != 0;
    const bool atten = (k->light_attenuated & bit) != 0;
    const char *L = R(g, R_L), *D = R(g, R_D), *T = R(g, R_T), *n = R(g, R_NRM);

    E("# light %d: %s%s%s\n", i, positional ? "positional" : "directional",
      spot ? ", spot" : "", atten ? ", attenuated" : "");
    if (positional) {
        const char *eye = R(g, R_EYE);
        /* VP = P/P.w - V/V.w, normalised; nrm.w holds 1 / eye.w. */
        if (k->light_homogeneous & bit) {
            E("RCP %s.w, state.light[%d].position.w;\n", L, i);
            E("MUL %s.xyz, state.light[%d].position, %s.w;\n", L, i, L);
            E("MAD %s.xyz, -%s, %s.w, %s;\n", L, eye, n, L);
        } else {
            E("MAD %s.xyz, -%s, %s.w, state.light[%d].position;\n", L, eye, n, i);
        }
        E("DP3 %s, %s, %s;\n", T, L, L);          /* T = d^2 */
        E("RSQ %s.w, %s.x;\n", L, T);             /* L.w = 1/d */
        E("MUL %s.xyz, %s, %s.w;\n", L, L, L);
        if (atten) {
            E("DST %s, %s, %s.w;\n", T, T, L);    /* (1, d, d^2, 1/d) */
            E("DP3 %s.x, %s, state.light[%d].attenuation;\n", T, T, i);
            E("RCP %s.z, %s.x;\n", D, T);
        }
    } else {
        E("DP3 %s.w, state.light[%d].position, state.light[%d].position;\n", T, i, i);
        E("RSQ %s.w, %s.w;\n", T, T);
        E("MUL %s.xyz, state.light[%d].position, %s.w;\n", L, i, T);
    }
    if (spot) {
        /* spot = (-VP . normalize(s))^exponent inside the cone, else 0: LIT
         * gives the power guarded by its x > 0 test. */
        E("DP3 %s.x, state.light[%d].spot.direction, state.light[%d].spot.direction;\n", T, i, i);
        E("RSQ %s.x, %s.x;\n", T, T);
        E("DP3 %s.y, -%s, state.light[%d].spot.direction;\n", T, L, i);
        E("MUL %s.y, %s.y, %s.x;\n", T, T, T);
        E("SGE %s.x, %s.y, state.light[%d].spot.direction.w;\n", T, T, i);
        E("MOV %s.w, state.light[%d].attenuation.w;\n", T, i);
        E("LIT %s, %s;\n", T, T);
        if (atten)
            E("MUL %s.z, %s.z, %s.z;\n", D, D, T);
        else
            E("MOV %s.z, %s.z;\n", D, T);
    }
    const bool scaled = spot || atten;

    /* half vector h (normalised); not needed when the exponent is 0 */
    char half[48];
    if (k->shininess_zero) {
        half[0] = '\0';
    } else if (k->local_viewer || positional) {
        if (k->local_viewer)
            E("SUB %s.xyz, %s, %s;\n", T, L, R(g, R_UDIR));       /* VP + VE, VE = -udir */
        else
            E("ADD %s.xyz, %s, {0, 0, 1, 0};\n", T, L);
        E("DP3 %s.w, %s, %s;\nRSQ %s.w, %s.w;\nMUL %s.xyz, %s, %s.w;\n", T, T, T, T, T, T, T, T);
        snprintf(half, sizeof half, "%s", T);
    } else {
        snprintf(half, sizeof half, "state.light[%d].half", i);
    }
    E("DP3 %s.x, %s, %s;\n", D, n, L);
    if (half[0])
        E("DP3 %s.y, %s, %s;\n", D, n, half);

    const bool sep = k->separate_specular != 0;
    /* a separate specular colour nobody reads is not computed */
    const bool spec = !sep || (k->fs_inputs & GL_FF_IN_COL1);
    for (int face = 0; face < (k->two_side ? 2 : 1); face++) {
        const char *acc0 = R(g, face ? R_B0 : R_C0);
        const char *acc1 = sep && spec ? R(g, face ? R_B1 : R_C1) : acc0;
        char fx[16], fy[16], fz[16];
        if (face) {
            const char *B = R(g, R_B);
            E("MOV %s.%s, -%s;\n", B, k->shininess_zero ? "x" : "xy", D);
            E("LIT %s, %s;\n", T, B);
        } else {
            E("LIT %s, %s;\n", T, D);
        }
        if (scaled)
            E("MUL %s, %s, %s.z;\n", T, T, D);
        snprintf(fx, sizeof fx, "%s.x", T);
        snprintf(fy, sizeof fy, "%s.y", T);
        snprintf(fz, sizeof fz, "%s.z", T);
        vp_accumulate(g, i, face, GL_FF_CM_AMBIENT, scaled ? fx : NULL, acc0);
        vp_accumulate(g, i, face, GL_FF_CM_DIFFUSE, fy, acc0);
        if (spec)
            vp_accumulate(g, i, face, GL_FF_CM_SPECULAR, fz, acc1);
    }
}

static void vp_colors(vp_gen *g)
{
    const gl_ff_vertex_key *k = &g->k;
    const bool col0 = (k->fs_inputs & GL_FF_IN_COL0) != 0;
    const bool col1 = (k->fs_inputs & GL_FF_IN_COL1) != 0;
    if (!g->lit) {
        if (col0)
            E("MOV result.color, vertex.color;\n");
        if (col1)
            E("MOV result.color.secondary, vertex.color.secondary;\n");
        return;
    }
    const bool sep = k->separate_specular != 0 && col1;
    E("# lighting: c = e + a * a_cs + sum of att * spot * (a * a_l + (n.VP) d * d_l + f (n.h)^s s * s_l)\n");
    for (int face = 0; face < (k->two_side ? 2 : 1); face++) {
        vp_scene_color(g, face, R(g, face ? R_B0 : R_C0));
        if (sep)
            E("MOV %s, {0, 0, 0, 0};\n", R(g, face ? R_B1 : R_C1));
    }
    if (k->lights) {
        if (k->shininess_zero) {
            /* LIT of (n.VP, 1, -, 0): f_i * 1^0, without relying on 0^0 */
            E("MOV %s.yw, {0, 1, 0, 0};\n", R(g, R_D));
            if (k->two_side)
                E("MOV %s.yw, {0, 1, 0, 0};\n", R(g, R_B));
        } else {
            E("MOV %s.w, state.material.front.shininess.x;\n", R(g, R_D));
            if (k->two_side)
                E("MOV %s.w, state.material.back.shininess.x;\n", R(g, R_B));
        }
        if (g->positional)
            E("RCP %s.w, %s.w;\n", R(g, R_NRM), R(g, R_EYE));
        for (int i = 0; i < GL_FF_MAX_LIGHTS; i++)
            if (k->lights & (1u << i))
                vp_light(g, i);
    }
    /* Outputs.  The secondary colour's alpha is 0 (ARB_vertex_program issue 43). */
    static const char *const out0[2] = { "result.color", "result.color.back" };
    static const char *const out1[2] = { "result.color.secondary", "result.color.back.secondary" };
    for (int face = 0; face < (k->two_side ? 2 : 1); face++) {
        if (col0)
            E("MOV %s, %s;\n", out0[face], R(g, face ? R_B0 : R_C0));
        if (col1) {
            if (sep)
                E("MOV %s, %s;\n", out1[face], R(g, face ? R_B1 : R_C1));
            else
                E("MOV %s, {0, 0, 0, 0};\n", out1[face]);
        }
    }
}

/* ---- texture coordinates (GL 2.1 2.11.4, 2.11.2) ----------------------------------- */

static void vp_texcoords(vp_gen *g)
{
    const gl_ff_vertex_key *k = &g->k;
    if (g->need_refl) {
        const char *L = R(g, R_L), *n = R(g, R_NRM), *u = R(g, R_UDIR);
        E("# reflection vector r = u - 2 n (n . u)\n");
        E("DP3 %s.w, %s, %s;\nADD %s.w, %s.w, %s.w;\nMAD %s.xyz, -%s.w, %s, %s;\n", L, n, u, L, L, L, L, L, n, u);
        if (g->need_sphere) {
            const char *D = R(g, R_D);
            E("# sphere map: (s, t) = r.xy / m + 1/2, m = 2 sqrt(rx^2 + ry^2 + (rz + 1)^2)\n");
            E("ADD %s, %s, {0, 0, 1, 0};\n", D, L);
            E("DP3 %s.w, %s, %s;\nRSQ %s.w, %s.w;\n", D, D, D, D, D);
            E("MUL %s.w, %s.w, {0.5, 0.5, 0.5, 0.5};\n", D, D);
            E("MAD %s.xy, %s, %s.w, {0.5, 0.5, 0.5, 0.5};\n", D, L, D);
        }
    }
    for (int u = 0; u < GL_FF_MAX_UNITS; u++) {
        if (!unit_read(g, u))
            continue;
        const bool texmat = (k->texmat >> u) & 1;
        char dst[32];
        if (texmat)
            snprintf(dst, sizeof dst, "%s", R(g, R_T));
        else
            snprintf(dst, sizeof dst, "result.texcoord[%d]", u);
        E("# texture coordinates %d\n", u);
        unsigned by_mode[GL_FF_TEXGEN_REFLECTION_MAP + 1] = { 0 };
        for (int c = 0; c < 4; c++)
            by_mode[k->texgen[u][c]] |= 1u << c;
        char m[5];
        if (by_mode[GL_FF_TEXGEN_NONE]) {
            ff_mask_str(by_mode[GL_FF_TEXGEN_NONE], m);
            E("MOV %s%s%s, vertex.texcoord[%d];\n", dst, by_mode[GL_FF_TEXGEN_NONE] == 15 ? "" : ".",
              by_mode[GL_FF_TEXGEN_NONE] == 15 ? "" : m, u);
        }
        for (int c = 0; c < 4; c++) {
            if (k->texgen[u][c] == GL_FF_TEXGEN_OBJECT_LINEAR)
                E("DP4 %s.%c, vertex.position, state.texgen[%d].object.%c;\n", dst, ff_comp(c), u, coord_names[c]);
            else if (k->texgen[u][c] == GL_FF_TEXGEN_EYE_LINEAR)
                E("DP4 %s.%c, %s, state.texgen[%d].eye.%c;\n", dst, ff_comp(c), R(g, R_EYE), u, coord_names[c]);
        }
        static const int vec_modes[3] = { GL_FF_TEXGEN_SPHERE_MAP, GL_FF_TEXGEN_REFLECTION_MAP, GL_FF_TEXGEN_NORMAL_MAP };
        const int vec_regs[3] = { R_D, R_L, R_NRM };
        for (int i = 0; i < 3; i++) {
            if (!by_mode[vec_modes[i]])
                continue;
            ff_mask_str(by_mode[vec_modes[i]], m);
            E("MOV %s.%s, %s;\n", dst, m, R(g, vec_regs[i]));
        }
        if (texmat)
            for (int r = 0; r < 4; r++)
                E("DP4 result.texcoord[%d].%c, state.matrix.texture[%d].row[%d], %s;\n", u, ff_comp(r), u, r, dst);
    }
}

/* ---- fog coordinate, clip distances, point size ------------------------------------ */

static void vp_fog(vp_gen *g)
{
    if (!(g->k.fs_inputs & GL_FF_IN_FOG))
        return;
    switch (g->k.fog_source) {
    case GL_FF_FOG_SRC_COORD:
        E("MOV result.fogcoord.x, vertex.fogcoord.x;\n");
        break;
    case GL_FF_FOG_SRC_RADIAL: {
        const char *T = R(g, R_T), *e = R(g, R_EYE);
        E("# fog: eye distance\nDP3 %s.x, %s, %s;\nRSQ %s.x, %s.x;\nRCP result.fogcoord.x, %s.x;\n", T, e, e, T, T, T);
        break;
    }
    case GL_FF_FOG_SRC_PLANE:
        E("MOV result.fogcoord.x, %s.z;\n", R(g, R_EYE));
        break;
    default:
        E("# fog: |z_eye| approximates the eye distance\nABS result.fogcoord.x, %s.z;\n", R(g, R_EYE));
        break;
    }
}

static void vp_clip(vp_gen *g)
{
    for (int i = 0; i < GL_FF_MAX_CLIP_PLANES; i++)
        if (g->k.clip_planes & (1u << i))
            E("DP4 result.clip[%d].x, %s, state.clip[%d].plane;\n", i, R(g, R_EYE), i);
}

static void vp_point_size(vp_gen *g)
{
    if (!g->k.point_size)
        return;
    const char *T = R(g, R_T), *e = R(g, R_EYE);
    /* d is |z| in eye coordinates, the distance along the view axis, as
     * Mesa computes it and as piglit's arb_point_parameters-point-attenuation
     * expects (GL 2.1 section 3.4 names the eye distance; the two agree on
     * the view axis) */
    E("# point size: clamp(size / sqrt(a + b d + c d^2), min, max), d = |eye z|\n");
    E("ABS %s.y, %s.z;\nMUL %s.z, %s.y, %s.y;\nMOV %s.x, 1.0;\n", T, e, T, T, T, T);
    E("DP3 %s.x, %s, state.point.attenuation;\nRSQ %s.x, %s.x;\n", T, T, T, T);
    E("MUL %s.x, %s.x, state.point.size.x;\nMAX %s.x, %s.x, state.point.size.y;\n", T, T, T, T);
    E("MIN result.pointsize.x, %s.x, state.point.size.z;\n", T);
}

static void vp_body(vp_gen *g)
{
    vp_eye_and_normal(g);
    vp_colors(g);
    vp_texcoords(g);
    vp_fog(g);
    vp_clip(g);
    vp_point_size(g);
}

size_t gl_ff_vertex_program(const gl_ff_vertex_key *key, char *buf, size_t size)
{
    vp_gen g;
    memset(&g, 0, sizeof g);
    g.k = *key;
    gl_ff_vertex_key_canonicalize(&g.k);
    vp_analyse(&g);

    ff_text dry;
    ff_text_init(&dry, NULL, 0);
    g.t = &dry;
    vp_body(&g);

    ff_text out;
    ff_text_init(&out, buf, size);
    g.t = &out;
    ff_emit(&out, "!!ARBvp1.0\n# asmgl fixed-function vertex program (gl_ffgen, key %08x)\n",
            gl_ff_vertex_key_hash(&g.k));
    ff_emit(&out, "OPTION ARB_position_invariant;\n");
    if (g.k.clip_planes)
        ff_emit(&out, "OPTION NV_vertex_program2;\n");
    const char *sep = "TEMP ";
    for (int r = 0; r < R_COUNT; r++) {
        if (g.used & (1u << r)) {
            ff_emit(&out, "%s%s", sep, vp_reg_names[r]);
            sep = ", ";
        }
    }
    if (g.used)
        ff_emit(&out, ";\n");
    vp_body(&g);
    ff_emit(&out, "END\n");
    return out.len;
}
