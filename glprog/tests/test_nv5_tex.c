/*
 * test_nv5_tex.c - glprog.nv5_tex: the texture additions of
 * NV_gpu_program5 (and the !!NV*4.1 headers) in the front end and the
 * executor.
 *   1. Errors, each at the position of a marker substring of the program
 *      text (the token the spec's rule is about): the 5.0 / 4.1 gates of
 *      TXG, TXGO and LOD; the component selector outside TXG/TXGO
 *      (2.X.4.4); the TXG and TXGO target lists (2.X.8.Z); TXGO's constant
 *      offsets; offset(<operand>) on TXD, TXGO and cube targets (2.X.4.4);
 *      TEXTURE declarations (2.X.3.8: consecutive units, sizes, ranges);
 *      the one-target rule across TEXTURE arrays; array member bounds; the
 *      extra vector operand (SHADOWARRAYCUBE reference only).
 *   2. Accepted programs: every TXG target and selector, TXGO targets,
 *      offset(<operand>) on TEX TXB TXL TXP TXF TXG, TEXTURE variables,
 *      the 4.1 headers with TXG and LOD, vertex and geometry programs.
 *   3. The IR: tex_comp, tex_flags, the TEXTURE array range, and
 *      info.tex_units_used covering the whole array.
 *   4. The executor against a recording sampler: TXG passes the component,
 *      TXGO its two offset vectors, offset(<operand>) with the ignored
 *      components zeroed (w always, z unless 3D, y for 1D), and an
 *      indexed TEXTURE array calls the sampler once per distinct unit with
 *      that unit's lanes; lanes whose index is outside the array read 0.
 * Test executable, single thread.
 *
 * covers: OP.TXG OP.TXGO OP.LOD HDR.NV41 DECL.TEXTURE BIND.X.TEXVAR BIND.X.TEXCOMP TEX.ONE_TARGET
 * covers: TEX.OFFSET_VAR TEX.GATHER_TARGETS TEX.GATHER_OFFSETS TEX.EXTRA_OPERAND TEX.ARRAYCUBE
 * covers: TEX.SHADOWARRAYCUBE EDGE.TEXOFF_VAR_RANGE
 */
#include "gp_test_util.h"

#include "gp_ir.h"

enum { V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT, G = GP_STAGE_GEOMETRY };

#define GP5 "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n"

/* at: the error is at the first occurrence of this substring (after the
 * first `skip` bytes of the text); msg: a part of the message, or "" */
static const struct ecase {
    int stage;
    const char *src;
    const char *at;
    const char *msg;
} cases[] = {
    /* gates: TXG and LOD are V = 41, TXGO V = 50 (Table X.13) */
    { F, "!!NVfp4.0\nTEMP r;\nTXG r, r, texture[0], 2D;\nEND", "TXG", "opcode 'TXG' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.0\nTEMP r;\nLOD r, r, texture[0], 2D;\nEND", "LOD", "opcode 'LOD' requires an NV_gpu_program5 header" },
    { F, "!!NVfp4.1\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D;\nEND", "TXGO", "opcode 'TXGO' requires an NV_gpu_program5 header" },
    { F, "!!ARBfp1.0\nTXG result.color, fragment.color, texture[0], 2D;\nEND", "TXG", "not available" },
    /* component selector: TXG / TXGO only */
    { F, "!!NVfp5.0\nTEMP r;\nTEX r, r, texture[0].y, 2D;\nEND", "y, 2D", "only allowed on TXG and TXGO" },
    { F, "!!NVfp5.0\nTEMP r;\nLOD r, r, texture[0].x, 2D;\nEND", "x, 2D", "only allowed on TXG and TXGO" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0].q, 2D;\nEND", "q, 2D", "component selector" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0].xy, 2D;\nEND", "xy, 2D", "component selector" },
    /* TXG targets */
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], 1D;\nEND", "1D", "TXG cannot gather from a 1D texture" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], 3D;\nEND", "3D", "TXG cannot gather from a 3D texture" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], ARRAY1D;\nEND", "ARRAY1D", "TXG cannot gather" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], SHADOW1D;\nEND", "SHADOW1D", "TXG cannot gather" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], BUFFER;\nEND", "BUFFER", "" },
    /* TXGO targets: no cube maps */
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], CUBE;\nEND", "CUBE", "TXGO cannot gather from a CUBE texture" },
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], SHADOWCUBE;\nEND", "SHADOWCUBE", "TXGO cannot gather" },
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], ARRAYCUBE;\nEND", "ARRAYCUBE", "TXGO cannot gather" },
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], 1D;\nEND", "1D", "TXGO cannot gather" },
    /* TXGO: constant offsets must be zero, no offset(<operand>) */
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D, (1, 0);\nEND", "(1, 0)", "not a constant offset" },
    { F, "!!NVfp5.0\nTEMP r;\nTXGO r, r, r, r, texture[0], 2D, offset(r);\nEND", "offset", "TXGO does not take a texel offset" },
    /* offset(<operand>): not TXD, not cube targets */
    { F, "!!NVfp5.0\nTEMP r;\nTXD r, r, r, r, texture[0], 2D, offset(r);\nEND", "offset", "TXD does not take a texel offset" },
    { F, "!!NVfp5.0\nTEMP r;\nTEX r, r, texture[0], CUBE, offset(r);\nEND", "offset", "not supported for CUBE textures" },
    { F, "!!NVfp5.0\nTEMP r;\nTXG r, r, texture[0], SHADOWCUBE, offset(r);\nEND", "offset", "not supported for SHADOWCUBE" },
    { F, "!!NVfp5.0\nTEMP r;\nTXQ r, r, texture[0], 2D, offset(r);\nEND", "offset", "TXQ does not take a texel offset" },
    { F, "!!NVfp5.0\nTEMP r;\nTEX r, r, texture[0], 2D, offset r;\nEND", "r;\nEND", "expected '(' after 'offset'" },
    { F, "!!NVfp5.0\nTEMP r;\nTEX r, r, texture[0], 2D, offset(r;\nEND", ";\nEND", "expected ')' after the texel offset" },
    /* the 4.1 language has no offset(<operand>): "(" expected */
    { F, "!!NVfp4.1\nTEMP r;\nTEX r, r, texture[0], 2D, offset(r);\nEND", "offset", "" },
    /* TEXTURE declarations (2.X.3.8) */
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0], texture[2] };\nEND", "texture[2]", "increase consecutively" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[1..2], texture[0] };\nEND", "texture[0]", "increase consecutively" },
    { F, "!!NVfp5.0\nTEXTURE t[3] = { texture[0..3] };\nEND", "3]", "does not match" },
    { F, "!!NVfp5.0\nTEXTURE t[99999999999] = { texture[0] };\nEND", "999", "size exceeds the 16 texture image units" },
    { F, "!!NVfp5.0\nTEXTURE t[0] = { texture[0] };\nEND", "0]", "needs at least one element" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { };\nEND", "}", "expected a texture[n] binding" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..40] };\nEND", "40", "texture image unit 40 out of range" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[3..1] };\nEND", "3..", "the first is larger" },
    { F, "!!NVfp5.0\nTEXTURE t = texture[0..1];\nEND", "..", "only allowed in an array declaration" },
    { F, "!!NVfp5.0\nTEXTURE t[] = texture[0];\nEND", "texture[0]", "expected '{'" },
    { F, "!!NVfp5.0\nTEXTURE t = texture[0];\nTEXTURE t = texture[1];\nEND", "t = texture[1]", "redeclaration of 't'" },
    { F, "!!NVfp4.0\nTEXTURE t = texture[0];\nEND", "TEXTURE", "" },
    { F, "!!NVfp4.1\nTEXTURE t = texture[0];\nEND", "TEXTURE", "" },
    /* texture variables in instructions */
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..3] };\nTEMP r;\nTEX r, r, t[4], 2D;\nEND", "4]", "array index 4 out of bounds" },
    { F, "!!NVfp5.0\nTEXTURE s = texture[1];\nTEMP r;\nTEX r, r, s[0], 2D;\nEND", "[0]", "is not a TEXTURE array" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..3] };\nFLOAT TEMP f;\nTEMP r;\nTEX r, r, t[f.x], 2D;\nEND", "f.x]",
      "declared FLOAT" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..3] };\nTEMP r;\nMOV r, t[0];\nEND", "t[0];", "" },
    /* one target per unit: an array counts as all its units (2.X.4.4) */
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..3] };\nTEMP r;\nTEX r, r, t[2], 2D;\nTEX r, r, texture[1], 3D;\nEND",
      "3D", "texture unit 1 used with targets 2D and 3D" },
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[2..3] };\nINT TEMP i;\nTEMP r;\nTEX r, r, texture[3], 2D;\n"
         "TEX r, r, t[i.x], CUBE;\nEND", "CUBE", "texture unit 3 used with targets 2D and CUBE" },
    /* the extra operand: only the SHADOWARRAYCUBE reference */
    { F, "!!NVfp5.0\nTEMP r, c;\nTEX r, r, c, texture[0], 2D;\nEND", "c, texture", "takes one coordinate operand" },
    { F, "!!NVfp5.0\nTEMP r, c;\nTXG r, r, c, texture[0], ARRAYCUBE;\nEND", "c, texture", "takes one coordinate operand" },
    { F, "!!NVfp5.0\nTEMP r;\nTEX r, r, texture[0], SHADOWARRAYCUBE;\nEND", "SHADOWARRAYCUBE", "needs the depth reference" },
    { F, "!!NVfp5.0\nTEMP r;\nTXB r, r, texture[0], ARRAYCUBE;\nEND", "ARRAYCUBE", "no coordinate left for the bias" },
    { F, "!!NVfp5.0\nTEMP r;\nTXL r, r, r, texture[0], SHADOWARRAYCUBE;\nEND", "SHADOWARRAYCUBE", "cannot be used" },
    { F, "!!NVfp5.0\nTEMP r;\nTXF r, r, texture[0], ARRAYCUBE;\nEND", "ARRAYCUBE", "" },
    { F, "!!NVfp4.0\nTEMP r;\nTEX r, r, texture[0], ARRAYCUBE;\nEND", "ARRAYCUBE", "expected a texture target" },
};

static const struct {
    int stage;
    const char *src;
} accepts[] = {
    /* every TXG target, every selector */
    { F, "!!NVfp5.0\nTEMP r, c;\nTXG r, c, texture[0], 2D;\nTXG r, c, texture[1].y, SHADOW2D;\n"
         "TXG r, c, texture[2].z, CUBE;\nTXG r, c, texture[3].w, SHADOWCUBE;\nTXG r, c, texture[4].x, ARRAY2D;\n"
         "TXG r, c, texture[5].g, SHADOWARRAY2D;\nTXG r, c, texture[6].b, ARRAYCUBE;\n"
         "TXG r, c, c, texture[7].a, SHADOWARRAYCUBE;\nTXG r, c, texture[8], RECT;\nTXG r, c, texture[9], SHADOWRECT;\n"
         "MOV result.color, r;\nEND" },
    /* TXGO targets, data types, modifiers */
    { F, "!!NVfp5.0\nTEMP r, c;\nINT TEMP ox, oy;\nTXGO r, c, ox, oy, texture[0], 2D;\n"
         "TXGO.S r, c, ox, oy, texture[1].y, SHADOW2D;\nTXGO.U.CC r, c, {0,1,1,0}, {0,0,-1,-1}, texture[2], ARRAY2D;\n"
         "TXGO.F.SAT r, c, ox, oy, texture[3], SHADOWARRAY2D;\nTXGO r, c, ox, oy, texture[4].w, RECT;\n"
         "TXGO r, c, ox, oy, texture[5], SHADOWRECT;\nMOV result.color, r;\nEND" },
    /* offset(<operand>) on the instructions that take it, constant forms too */
    { F, "!!NVfp5.0\nTEMP r, c;\nINT TEMP o;\nTEX r, c, texture[0], 2D, offset(o);\nTXB r, c, texture[0], 2D, offset(o.yxzw);\n"
         "TXL r, c, texture[0], 2D, offset({1, -2, 0, 0});\nTXP r, c, texture[0], 2D, offset(-o);\n"
         "TXF r, o, texture[1], 3D, offset(o);\nTXG r, c, texture[0].y, 2D, offset(o);\nTXG r, c, texture[0], 2D, (1, -1);\n"
         "TEX r, c, texture[2], ARRAY1D, offset(o);\nMOV result.color, r;\nEND" },
    /* TEXTURE variables */
    { F, "!!NVfp5.0\nTEXTURE t[] = { texture[0..3] };\nTEXTURE u[4] = { texture[4], texture[5..7] };\n"
         "TEXTURE s = texture[9];\nINT TEMP i;\nTEMP r;\nTEX r, r, t[i.x], 2D;\nTEX r, r, t[i.y + 2], 2D;\n"
         "TXG r, r, t[1].z, 2D;\nTEX r, r, u[3], 3D;\nTXL r, r, s, CUBE;\nTXG r, r, s.w, CUBE;\nMOV result.color, r;\nEND" },
    /* the 4.1 headers: TXG and LOD, ARRAYCUBE */
    { F, "!!NVfp4.1\nTEMP r;\nTXG r, fragment.texcoord[0], texture[0].w, 2D;\nLOD r, fragment.texcoord[0], texture[1], 2D;\n"
         "TEX r, r, texture[2], ARRAYCUBE;\nMOV result.color, r;\nEND" },
    { V, "!!NVvp4.1\nTEMP r;\nTXG r, vertex.position, texture[0], 2D;\nMOV result.position, r;\nEND" },
    { G, "!!NVgp4.1\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nTEMP r;\n"
         "LOD r, vertex[0].position, texture[0], 2D;\nMOV result.position, r;\nEMIT;\nEND" },
    /* vertex and geometry 5.0 programs */
    { V, "!!NVvp5.0\nTEXTURE t[] = { texture[0..1] };\nINT TEMP i;\nTEMP r;\nTXG r, vertex.position, t[i.x].y, 2D;\n"
         "TXGO r, r, i, i, texture[2], 2D;\nMOV result.position, r;\nEND" },
    { G, GP5 "TEMP r;\nINT TEMP o;\nTXG r, vertex[0].position, texture[0], RECT, offset(o);\nMOV result.position, r;\nEMIT;\nEND" },
    /* "offset" stays an ordinary name */
    { F, "!!NVfp5.0\nINT TEMP offset;\nTEMP r;\nTEX r, r, texture[0], 2D, offset(offset);\nMOV result.color, r;\nEND" },
};

static gp_program *compile(int stage, const char *src, gp_error *err)
{
    return gp_compile(src, strlen(src), (gp_stage)stage, NULL, err);
}

/* ---- 4. a recording sampler ---------------------------------------------- */

typedef struct rec {
    int calls;
    uint8_t op[8], unit[8], comp[8];
    uint32_t mask[8];
    gp_vec off[8];       /* offset_reg copy (zero when none) */
    bool has_off[8];
    gp_vec gx[8], gy[8]; /* TXGO */
    bool has_g[8];
} rec;

/* Result: (unit, lane, component, op) as integers. */
static void rec_tex(void *user, const gp_tex_request *req, gp_vec *out)
{
    rec *r = user;
    int k = r->calls++;
    if (k < 8) {
        r->op[k] = req->op;
        r->unit[k] = req->unit;
        r->comp[k] = req->component;
        r->mask[k] = req->lane_mask;
        r->has_off[k] = req->offset_reg != NULL;
        if (req->offset_reg)
            r->off[k] = *req->offset_reg;
        r->has_g[k] = req->gather_x && req->gather_y;
        if (r->has_g[k]) {
            r->gx[k] = *req->gather_x;
            r->gy[k] = *req->gather_y;
        }
    }
    for (int l = 0; l < GP_LANES; l++) {
        out->c[0][l].i = req->unit;
        out->c[1][l].i = l;
        out->c[2][l].i = req->component;
        out->c[3][l].i = req->op;
    }
}

typedef struct runner {
    gp_program *p;
    gp_machine *m;
    gp_val (*params)[4];
    gp_vec in[(int)GP_VIN_SLOTS > (int)GP_VARY_COUNT ? (int)GP_VIN_SLOTS : (int)GP_VARY_COUNT];
    gp_vec out[GP_VARY_COUNT + GP_FOUT_COUNT];
    rec r;
} runner;

/* Compiles a vertex program (independent lanes), fills the constant rows,
 * runs it on all 16 lanes with vertex.attrib[1].x = lane index (int). */
static bool run_vp(runner *u, const char *src)
{
    memset(u, 0, sizeof(*u));
    gp_error err;
    u->p = compile(V, src, &err);
    CHECK(u->p, "run: rejected at %d:%d: %s", err.line, err.col, err.msg);
    if (!u->p)
        return false;
    const gp_program_info *info = gp_program_get_info(u->p);
    u->params = calloc((size_t)(info->num_params + 1), sizeof(*u->params));
    for (int i = 0; i < info->num_params; i++)
        memcpy(u->params[i], info->params[i].value, sizeof(u->params[i]));
    for (int l = 0; l < GP_LANES; l++) {
        u->in[1].c[0][l].i = l;
        for (int c = 0; c < 4; c++)
            u->in[0].c[c][l].f = 0.5f;
    }
    u->m = gp_machine_create();
    gp_exec_env env;
    memset(&env, 0, sizeof(env));
    env.machine = u->m;
    env.params = (const gp_val (*)[4])u->params;
    env.inputs = u->in;
    env.outputs = u->out;
    env.live_mask = 0xffff;
    env.tex = rec_tex;
    env.tex_user = &u->r;
    gp_exec(u->p, &env);
    CHECK(env.status == GP_EXEC_OK, "run: status %d", env.status);
    return true;
}

static void run_free(runner *u)
{
    gp_machine_free(u->m);
    gp_program_free(u->p);
    free(u->params);
}

static void exec_tests(void)
{
    runner u;
    /* TXG: the component and the op reach the sampler; result stored */
    if (run_vp(&u, "!!NVvp5.0\nTEMP r;\nTXG.S r, vertex.position, texture[3].z, 2D;\nMOV.S result.texcoord[0], r;\nEND")) {
        CHECK(u.r.calls == 1 && u.r.op[0] == GP_TEXOP_TXG && u.r.unit[0] == 3 && u.r.comp[0] == 2 &&
              u.r.mask[0] == 0xffff && !u.r.has_off[0],
              "TXG request: calls %d op %d unit %d comp %d mask %x", u.r.calls, u.r.op[0], u.r.unit[0], u.r.comp[0],
              u.r.mask[0]);
        CHECK(u.out[GP_VARY_TEX0].c[0][5].i == 3 && u.out[GP_VARY_TEX0].c[1][5].i == 5 &&
              u.out[GP_VARY_TEX0].c[2][5].i == 2 && u.out[GP_VARY_TEX0].c[3][5].i == GP_TEXOP_TXG, "TXG result");
    }
    run_free(&u);
    /* LOD */
    if (run_vp(&u, "!!NVvp5.0\nTEMP r;\nLOD r, vertex.position, texture[1], CUBE;\nMOV result.texcoord[0], r;\nEND"))
        CHECK(u.r.calls == 1 && u.r.op[0] == GP_TEXOP_LOD && u.r.unit[0] == 1, "LOD request");
    run_free(&u);
    /* TXGO: offsets x from op2, y from op3, signed */
    if (run_vp(&u, "!!NVvp5.0\nTEMP r;\nTXGO r, vertex.position, {-1, 2, 3, -32}, {31, -4, 5, 6}, texture[0].w, 2D;\n"
                   "MOV result.texcoord[0], r;\nEND")) {
        CHECK(u.r.calls == 1 && u.r.op[0] == GP_TEXOP_TXGO && u.r.comp[0] == 3 && u.r.has_g[0], "TXGO request");
        const int wx[4] = { -1, 2, 3, -32 }, wy[4] = { 31, -4, 5, 6 };
        for (int c = 0; c < 4 && u.r.has_g[0]; c++)
            CHECK(u.r.gx[0].c[c][7].i == wx[c] && u.r.gy[0].c[c][7].i == wy[c], "TXGO offset %d: (%d, %d)", c,
                  u.r.gx[0].c[c][7].i, u.r.gy[0].c[c][7].i);
    }
    run_free(&u);
    /* offset(<operand>): w ignored, z only for 3D, y not for 1D (2.X.4.4) */
    static const struct {
        const char *target;
        int want[4];
    } offs[] = { { "2D", { 1, -2, 0, 0 } }, { "3D", { 1, -2, 3, 0 } }, { "1D", { 1, 0, 0, 0 } },
                 { "ARRAY1D", { 1, 0, 0, 0 } }, { "RECT", { 1, -2, 0, 0 } } };
    for (size_t k = 0; k < sizeof(offs) / sizeof(offs[0]); k++) {
        char src[256];
        snprintf(src, sizeof(src), "!!NVvp5.0\nTEMP r;\nINT TEMP o;\nMOV.S o, {1, -2, 3, 4};\n"
                                   "TXL r, vertex.position, texture[0], %s, offset(o);\nMOV result.texcoord[0], r;\nEND",
                 offs[k].target);
        if (run_vp(&u, src)) {
            CHECK(u.r.calls == 1 && u.r.has_off[0], "%s: register offset passed", offs[k].target);
            for (int c = 0; c < 4 && u.r.has_off[0]; c++)
                CHECK(u.r.off[0].c[c][9].i == offs[k].want[c], "%s offset %d: %d, want %d", offs[k].target, c,
                      u.r.off[0].c[c][9].i, offs[k].want[c]);
        }
        run_free(&u);
    }
    /* a TEXTURE array indexed per lane: index = lane % 5 - 1 over units
     * 2..5 (t[i.x + 1]: unit 2 + 1 + (lane % 5 - 1) = 2 + lane % 5):
     * lane % 5 == 4 is unit 6, outside the array: reads 0.  So four
     * calls, units 2, 3, 4, 5, each with the lanes l % 5 == unit - 2. */
    if (run_vp(&u, "!!NVvp5.0\nTEXTURE t[] = { texture[2..5] };\nINT TEMP i;\nTEMP r;\n"
                   "MOD.S i.x, vertex.attrib[1].x, 5;\nSUB.S i.x, i.x, 1;\n"
                   "TEX.S r, vertex.position, t[i.x + 1], 2D;\nMOV.S result.texcoord[0], r;\nEND")) {
        CHECK(u.r.calls == 4, "indexed: %d sampler calls, want 4", u.r.calls);
        for (int k = 0; k < u.r.calls && k < 4; k++) {
            int unit = u.r.unit[k];
            uint32_t want = 0;
            for (int l = 0; l < GP_LANES; l++)
                if (l % 5 == unit - 2)
                    want |= 1u << l;
            CHECK(unit >= 2 && unit <= 5 && u.r.mask[k] == want, "indexed call %d: unit %d mask %04x, want %04x", k,
                  unit, u.r.mask[k], want);
        }
        for (int l = 0; l < GP_LANES; l++) {
            int unit = 2 + l % 5;
            bool in = unit <= 5;
            CHECK(u.out[GP_VARY_TEX0].c[0][l].i == (in ? unit : 0) && u.out[GP_VARY_TEX0].c[1][l].i == (in ? l : 0) &&
                  u.out[GP_VARY_TEX0].c[3][l].i == (in ? GP_TEXOP_TEX : 0),
                  "indexed lane %d: unit %d", l, u.out[GP_VARY_TEX0].c[0][l].i);
        }
    }
    run_free(&u);
    /* a temporary read only as a TEXTURE array index starts at 0 in every
     * call, as all temporaries do: not the value an earlier program left
     * in the same machine's register (i is never written, so t[i.x] is
     * texture[2] in all lanes) */
    runner a;
    if (run_vp(&a, "!!NVvp5.0\nINT TEMP j;\nMOV.S j, {2, 2, 2, 2};\nMOV.S result.texcoord[0], j;\nEND")) {
        gp_error err;
        gp_program *b = compile(V, "!!NVvp5.0\nTEXTURE t[] = { texture[2..5] };\nINT TEMP i;\nTEMP r;\n"
                                   "TEX.S r, vertex.position, t[i.x], 2D;\nMOV.S result.texcoord[0], r;\nEND",
                                &err);
        CHECK(b, "unwritten index: rejected: %s", err.msg);
        if (b) {
            gp_exec_env env;
            memset(&env, 0, sizeof(env));
            env.machine = a.m;
            env.params = (const gp_val (*)[4])a.params;
            env.inputs = a.in;
            env.outputs = a.out;
            env.live_mask = 0xffff;
            env.tex = rec_tex;
            env.tex_user = &a.r;
            a.r.calls = 0;
            gp_exec(b, &env);
            CHECK(a.r.calls == 1 && a.r.unit[0] == 2 && a.r.mask[0] == 0xffff,
                  "unwritten index: %d calls, unit %d, want 1 call on unit 2", a.r.calls, a.r.unit[0]);
            gp_program_free(b);
        }
    }
    run_free(&a);
}

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        gp_error err;
        gp_program *p = compile(c->stage, c->src, &err);
        CHECK(!p, "case %zu accepted:\n%s", i, c->src);
        if (p) {
            gp_program_free(p);
            continue;
        }
        const char *at = strstr(c->src + 10, c->at);
        int want = at ? (int)(at - c->src) : -2;
        CHECK(err.pos == want, "case %zu: position %d (line %d, column %d), want %d: %s", i, err.pos, err.line,
              err.col, want, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
    }
    for (size_t i = 0; i < sizeof(accepts) / sizeof(accepts[0]); i++) {
        gp_error err;
        gp_program *p = compile(accepts[i].stage, accepts[i].src, &err);
        CHECK(p, "accept %zu rejected at %d:%d: %s", i, err.line, err.col, err.msg);
        gp_program_free(p);
    }

    /* 3. the IR of the TEXTURE-variable program (accepts[3]) */
    {
        gp_error err;
        gp_program *p = compile(F, accepts[3].src, &err);
        if (p) {
            const gp_program_info *info = gp_program_get_info(p);
            /* units 0..7 (t, u) and 9 (s) */
            CHECK(info->tex_units_used == 0x2ffu, "tex_units_used %x", info->tex_units_used);
            const gp_insn *in = p->insns;
            while (in->op != GP_OP_TEX)
                in++;
            CHECK((in->tex_flags & GP_TEXF_INDEXED) && in->tex_base == 0 && in->tex_count == 4 && in->tex_unit == 0 &&
                      in->tex_rel_comp == 0,
                  "t[i.x]: flags %x base %d count %d unit %d", in->tex_flags, in->tex_base, in->tex_count, in->tex_unit);
            in++;
            CHECK((in->tex_flags & GP_TEXF_INDEXED) && in->tex_unit == 2 && in->tex_rel_comp == 1, "t[i.y + 2]");
            in++;
            CHECK(in->op == GP_OP_TXG && !(in->tex_flags & GP_TEXF_INDEXED) && in->tex_unit == 1 && in->tex_comp == 2,
                  "t[1].z: unit %d comp %d", in->tex_unit, in->tex_comp);
            in++;
            CHECK(in->tex_unit == 7 && in->tex_base == 4 && in->tex_count == 4, "u[3]");
            in += 2;
            CHECK(in->op == GP_OP_TXG && in->tex_unit == 9 && in->tex_comp == 3, "s.w");
            gp_program_free(p);
        }
        p = compile(F, accepts[2].src, &err);
        if (p) {
            const gp_insn *in = p->insns;
            CHECK(in->op == GP_OP_TEX && in->tex_flags == GP_TEXF_OFFSET_REG && in->src[2].file == GP_FILE_TEMP,
                  "offset(o): flags %x", in->tex_flags);
            gp_program_free(p);
        }
        p = compile(F, accepts[0].src, &err);
        if (p) {
            const gp_insn *in = p->insns + 7; /* the SHADOWARRAYCUBE gather */
            CHECK(in->op == GP_OP_TXG && in->tex_target == GP_TEX_SHADOWCUBEARRAY && in->tex_flags == GP_TEXF_EXTRA &&
                      in->src[1].file == GP_FILE_TEMP && in->tex_comp == 3,
                  "extra operand: op %d target %d flags %x", in->op, in->tex_target, in->tex_flags);
            gp_program_free(p);
        }
    }
    exec_tests();
    printf("nv5_tex: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
