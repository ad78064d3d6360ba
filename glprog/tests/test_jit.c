/*
 * test_jit.c - the compiling backend llvm (glprog/jit/jit.h) against the
 * interpreter (ctest glprog.jit): hand-chosen programs covering what the
 * backend compiles (ARB vertex and fragment programs with every ALU opcode,
 * PARAM and attribute arrays through A0, TEX TXP TXB, KIL, position
 * invariance and fog;
 * the NV options' condition codes, conditional writes, H and X precision,
 * DDX DDY, ARR SSG RCC and the set-on opcodes; IF ELSE ENDIF blocks;
 * NV_gpu_program4's typed integer ALU) must really be compiled
 * (no silent fallback: the backend's code slot holds code), and must give
 * the interpreter's outputs bit for bit, with the same killed lanes,
 * status and instruction count, over many random inputs and parameters
 * drawn with signed zeros, infinities, NaN, denormals and ordinary values,
 * and over live / helper lane sets with partial quads.
 *
 * NaN: the inputs hold one NaN encoding, but invalid operations make x86's
 * default NaN (sign set) too, and when the two meet in a commutative + or
 * * the one returned is the first operand's, an operand order that is the
 * compiler's choice (test_exec_paths.c says the same of the interpreter's
 * two paths); such values are counted and must be NaN in both.
 *
 * Fragment programs also run in pairs (gp_exec2; those without IF blocks
 * or lookups on the pair function jit_fn2, two tasks' instructions
 * interleaved): each task of a pair must give what the interpreter gives it
 * alone, over two different input sets and lane sets.
 *
 * Runs the backend synchronously (ASMGL_JIT_SYNC=1, set here); skips (77)
 * when the build or the environment has no llvm backend (ASMGL_JIT=0).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp_backend.h"
#include "test_exec_common.h"

/* xorshift64*: the same values on every run */
static uint64_t rng = 0x2545f4914f6cdd1dull;
static uint32_t rnd(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t rnd_value(void)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, /* +-0 */
        0x7f800000u, 0xff800000u, /* +-INF */
        0x7fc00000u,              /* NaN */
        0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, /* denormals */
        0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u, /* +-1, +-0.5 */
        0x40200000u, 0xc0200000u, /* +-2.5 */
        0x7f7fffffu, 0xff7fffffu, /* +-FLT_MAX */
        0x00800000u, 0x33800000u, 0x4b000000u, 0xcb000000u, /* 2^-126, 2^-24, +-2^23 */
        0x3f7fffffu, 0xbf7fffffu, 0x42fe0000u, 0xc3000000u, /* just below 1, 127, -128 */
    };
    uint32_t r = rnd() % 100;
    if (r < 35)
        return special[rnd() % (sizeof(special) / sizeof(special[0]))];
    if (r < 70) { /* moderate values, either sign */
        float f = (float)((int32_t)(rnd() % 20001) - 10000) / 1000.0f;
        return t_bits(f);
    }
    uint32_t u = rnd();
    if ((u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu))
        u = 0x7fc00000u; /* one NaN encoding in the inputs */
    return u;
}

/* A sampler that depends on every coordinate bit of the lane and of its
 * quad's neighbours (derivatives), on the unit, target and operation. */
static void tex_fn(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(req->lane_mask >> l & 1))
            continue;
        int q = req->quad_derivatives ? l & ~3 : l;
        for (int c = 0; c < 4; c++) {
            uint32_t u = req->coord->c[c][l].u ^ (req->coord->c[(c + 1) & 3][q].u >> 3) ^
                         (req->quad_derivatives ? req->coord->c[c][q + 1].u << 1 ^
                                                      req->coord->c[c][q + 2].u >> 5 : 0);
            if (req->ddx)
                u ^= req->ddx->c[c][l].u * 3u + req->ddy->c[c][l].u;
            out->c[c][l].u = u + req->unit * 0x01000193u + req->op * 7u + req->target;
        }
    }
}

/* A unit's own lookup (env.tex_direct): units 0 and 2 take plain lookups
 * of the 2D and CUBE targets, with results of their own (tex_fn's, marked),
 * and decline the others, which then go to tex_fn; unit 1 has none, and
 * unit 3 is past the table.  Both backends must send every lookup the same
 * way, or the results differ. */
static bool direct_fn(const void *self, const gp_tex_request *req, uint32_t mask, gp_vec *out)
{
    if (req->target != GP_TEX_2D && req->target != GP_TEX_CUBE)
        return false;
    gp_tex_request r = *req;
    r.lane_mask = mask;
    tex_fn(NULL, &r, out);
    uint32_t mark = *(const uint32_t *)self;
    for (int l = 0; l < GP_LANES; l++)
        if (mask >> l & 1)
            for (int c = 0; c < 4; c++)
                out->c[c][l].u ^= mark;
    return true;
}
static const uint32_t direct_marks[3] = {0x5a5a0001u, 0, 0x0f0f0003u};
static const gp_tex_direct direct_units[3] = {
    {direct_fn, &direct_marks[0]}, {NULL, NULL}, {direct_fn, &direct_marks[2]}};

typedef struct prog_case {
    const char *name;
    gp_stage stage;
    const char *src;
} prog_case;

static const prog_case cases[] = {
    {"arb vertex alu", GP_STAGE_VERTEX,
     "!!ARBvp1.0\n"
     "ADDRESS A0;\n"
     "PARAM mvp[4] = { state.matrix.mvp };\n"
     "PARAM arr[6] = { program.local[0..5] };\n"
     "PARAM k = program.local[6];\n"
     "TEMP r0, r1, r2, r3;\n"
     "DP4 result.position.x, mvp[0], vertex.position;\n"
     "DP4 result.position.y, mvp[1], vertex.position;\n"
     "DP4 result.position.z, mvp[2], vertex.position;\n"
     "DPH result.position.w, vertex.position, mvp[3];\n"
     "ARL A0.x, vertex.attrib[1].x;\n"
     "MOV r0, arr[A0.x + 1];\n"
     "ADD r0, r0, -arr[A0.x];\n"
     "MAD r1, vertex.attrib[2], k.xyzw, r0.wzyx;\n"
     "MUL r1.xy, r1, vertex.attrib[3].yxzw;\n"
     "SUB r1.zw, r1, vertex.attrib[3];\n"
     "DP3 r2.x, r1, vertex.attrib[4];\n"
     "MAX r2.y, r1.x, vertex.attrib[4].y;\n"
     "MIN r2.z, vertex.attrib[4].z, r1.w;\n"
     "SGE r2.w, r1.y, vertex.attrib[5].x;\n"
     "MOV result.color, r2;\n"
     "SLT r3, vertex.attrib[5], r1;\n"
     "FRC r3.xy, vertex.attrib[6];\n"
     "FLR r3.zw, vertex.attrib[6];\n"
     "MOV result.color.secondary, r3;\n"
     "ABS r0, vertex.attrib[7];\n"
     "XPD r0.xyz, r0, vertex.attrib[5];\n"
     "DST r1, vertex.attrib[6], vertex.attrib[7];\n"
     "SWZ r2, vertex.attrib[5], -x, 0, y, -1;\n"
     "MOV result.texcoord[0], r0;\n"
     "MOV result.texcoord[1], r1;\n"
     "MOV result.texcoord[2], r2;\n"
     "RCP r0.x, vertex.attrib[8].x;\n"
     "RSQ r0.y, vertex.attrib[8].y;\n"
     "EX2 r0.z, vertex.attrib[8].z;\n"
     "LG2 r0.w, vertex.attrib[8].w;\n"
     "MOV result.texcoord[3], r0;\n"
     "POW r1.x, vertex.attrib[9].x, vertex.attrib[9].y;\n"
     "EXP r2, vertex.attrib[9].z;\n"
     "LOG r3, vertex.attrib[9].w;\n"
     "LIT r1.yzw, vertex.attrib[10];\n"
     "MOV result.texcoord[4], r1;\n"
     "MOV result.texcoord[5], r2;\n"
     "MOV result.texcoord[6], r3;\n"
     "MOV result.pointsize, vertex.attrib[11].x;\n"
     "END\n"},
    {"arb vertex position_invariant", GP_STAGE_VERTEX,
     "!!ARBvp1.0\n"
     "OPTION ARB_position_invariant;\n"
     "TEMP t;\n"
     "LIT t, vertex.attrib[3];\n"
     "MAD result.color, t, program.env[2], vertex.attrib[5];\n"
     "MOV result.texcoord[0], vertex.texcoord[0];\n"
     "END\n"},
    {"arb fragment tex kil", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "TEMP a, b, c;\n"
     "PARAM p = program.local[0];\n"
     "TEX a, fragment.texcoord[0], texture[0], 2D;\n"
     "TXP b, fragment.texcoord[1], texture[1], 3D;\n"
     "KIL fragment.texcoord[2];\n"
     "TXB c, fragment.texcoord[3].yxzw, texture[2], CUBE;\n"
     "CMP a, -b, a, c;\n"
     "LRP b, p.x, a, c;\n"
     "SCS c.xy, fragment.texcoord[4].x;\n"
     "SIN c.z, fragment.texcoord[4].y;\n"
     "COS c.w, fragment.texcoord[4].z;\n"
     "MAD_SAT result.color, a, b, c;\n"
     "ADD_SAT result.depth.z, fragment.position.z, -p.y;\n"
     "END\n"},
    /* constants of the program are folded into the code, and POW by a
     * constant integer of magnitude <= 64 runs in it (pow_int): every such
     * exponent's sign, 0 and the limits, against the ones that still call
     * gp_vm_pow (65, a fraction, a parameter) */
    {"arb fragment pow by constants", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION ARB_draw_buffers;\n"
     "PARAM k = {16, -7, 0.5, 3};\n"
     "PARAM e = {64, -64, 65, 0};\n"
     "PARAM v = program.local[0];\n"
     "TEMP r, s, t;\n"
     "POW r.x, fragment.texcoord[0].x, k.x;\n"
     "POW r.y, fragment.texcoord[0].y, -k.y;\n"
     "POW r.z, fragment.texcoord[0].z, k.y;\n"
     "POW r.w, fragment.texcoord[0].w, k.w;\n"
     "POW s.x, fragment.texcoord[1].x, e.x;\n"
     "POW s.y, fragment.texcoord[1].y, e.y;\n"
     "POW s.z, fragment.texcoord[1].z, e.z;\n"
     "POW s.w, fragment.texcoord[1].w, e.w;\n"
     "POW t.x, fragment.texcoord[2].x, k.z;\n"
     "POW t.y, fragment.texcoord[2].y, {1}.x;\n"
     "POW t.z, fragment.texcoord[2].z, -{2}.x;\n"
     "POW t.w, fragment.texcoord[2].w, v.x;\n"
     "MAD result.color[0], r, k, e;\n"
     "MOV result.color[1], s;\n"
     "MOV result.color[2], t;\n"
     "END\n"},
    /* a unit's own lookup declines (unit 0, 3D), takes (unit 2, 2D) */
    {"arb fragment tex direct", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "TEMP a, b;\n"
     "TEX a, fragment.texcoord[0], texture[0], 3D;\n"
     "TXB b, fragment.texcoord[1], texture[2], 2D;\n"
     "ADD result.color, a, b;\n"
     "END\n"},
    {"arb fragment fog_exp2", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION ARB_fog_exp2;\n"
     "TEMP a;\n"
     "TEX a, fragment.texcoord[0], texture[3], RECT;\n"
     "KIL -a;\n"
     "MUL result.color, a, fragment.color;\n"
     "END\n"},
    {"arb fragment fog_linear", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION ARB_fog_linear;\n"
     "MUL result.color.xyw, fragment.texcoord[1], fragment.color;\n"
     "END\n"},
    {"nv fragment option", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION NV_fragment_program;\n"
     "OPTION ARB_draw_buffers;\n"
     "TEMP a, b, c;\n"
     "ADDC a, fragment.texcoord[0], -fragment.texcoord[1];\n"
     "MOVH b, fragment.texcoord[2];\n"
     "MULX c, fragment.texcoord[3], fragment.texcoord[2];\n"
     "MOV b (GT.xyzw), |fragment.texcoord[4]|;\n"
     "SEQ c.x (LE.y), a, b;\n"
     "SNE c.y, a, b;\n"
     "SGTC c.z, a, -b;\n"
     "SLE c.w (NE.z), a, b;\n"
     "DDX a.xy, fragment.texcoord[5];\n"
     "DDY a.zw, fragment.texcoord[5];\n"
     "RFL b.xyz, fragment.texcoord[6], fragment.texcoord[7];\n"
     "X2D result.color[1], fragment.texcoord[6], fragment.texcoord[7], fragment.texcoord[5];\n"
     "SFLH b.w, a, b;\n"
     "MADH_SAT result.color, a, b, c;\n"
     "STR c, a, b;\n"
     "MOVC_SAT c (EQ), -fragment.color;\n"
     "KIL NE.xxyy;\n"
     "MOVR result.color[2], c;\n"
     "MOVX result.color[3], fragment.texcoord[6];\n"
     "END\n"},
    {"nv vertex option 2", GP_STAGE_VERTEX,
     "!!ARBvp1.0\n"
     "OPTION NV_vertex_program2;\n"
     "ADDRESS A0;\n"
     "TEMP r, s;\n"
     "PARAM arr[4] = { program.local[0..3] };\n"
     "ARR A0, vertex.attrib[1];\n"
     "MOV r, arr[A0.z + 1];\n"
     "SSG s, vertex.attrib[2];\n"
     "RCC r.x, vertex.attrib[3].x;\n"
     "SEQC s.x, r, vertex.attrib[4];\n"
     "MOV r.y (NE.x), vertex.attrib[5].x;\n"
     "MOV result.color, r;\n"
     "MOV result.texcoord[0], s;\n"
     "MOV result.position, vertex.position;\n"
     "END\n"},
    {"nv vertex option 3", GP_STAGE_VERTEX,
     "!!ARBvp1.0\n"
     "OPTION NV_vertex_program3;\n"
     "ADDRESS A0;\n"
     "TEMP r;\n"
     "ARL A0.xy, vertex.attrib[1];\n"
     "MOV r, vertex.attrib[A0.x + 2];\n"
     "ADD r.yw, r, -vertex.texcoord[A0.y + 1].wzyx;\n"
     "MOV result.color, r;\n"
     "MOV result.position, vertex.position;\n"
     "END\n"},
    /* Signed zeros where LLVM 15 folds a compare with a zero constant and
     * a select of another zero constant (x < +0 ? -0 : x becomes
     * x <= +0 ? -0 : x, which turns +0 into -0; jit_ir.c cf): SWZ's 0
     * and an unwritten temporary are zero constants to the compiler. */
    {"signed zeros against zero constants", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION ARB_draw_buffers;\n"
     "TEMP z, never, r;\n"
     "SWZ z, fragment.texcoord[0], 0, 0, 0, 0;\n"
     "CMP result.color[0], fragment.texcoord[1], -z, fragment.texcoord[1];\n"
     "CMP result.color[1], -fragment.texcoord[2], z, -fragment.texcoord[2];\n"
     "CMP result.color[2], fragment.texcoord[3], fragment.texcoord[3], -z;\n"
     "MAX r.xy, fragment.texcoord[4], -z;\n"
     "MIN r.zw, -z, fragment.texcoord[4];\n"
     "MOV result.color[3], r;\n"
     "MUL r, fragment.texcoord[5], never;\n"
     "CMP result.color[4], r, -never, r;\n"
     "MAX r.xy, z, -fragment.texcoord[6];\n"
     "MIN r.zw, fragment.texcoord[6], z;\n"
     "MOV result.color[5], r;\n"
     "END\n"},
    /* NV_gpu_program4's typed ALU on the bits of the inputs (INT_MIN, -1,
     * 0 and NaN patterns among them): integer negation and |abs|, MUL's
     * .S24 .U24 .HI, division and modulo by 0 and by -1, shifts past 31,
     * conversions of INF and NaN to .S / .U, OF and CF of the adds in
     * conditional writes */
    {"nv4 typed ALU", GP_STAGE_FRAGMENT,
     "!!NVfp4.0\n"
     "OPTION ARB_draw_buffers;\n"
     "TEMP a, b, r, s;\n"
     "MOV.S a, fragment.texcoord[0];\n"
     "MOV.S b, fragment.texcoord[1];\n"
     "ADD.S r, a, -b;\n"
     "SUB.U.CC s.xy, a, b;\n"
     "MAD.S.CC1 s.zw, a, -b, |a|;\n"
     "MOV.U r (CF.xyzw), s;\n"
     "MOV.S r.xy (OF1.zwzw), -|b|;\n"
     "MOV.S result.color[0], r;\n"
     "MUL.S24 r.x, a, b;\n"
     "MUL.U24 r.y, a, b;\n"
     "MUL.S.HI r.z, a, b;\n"
     "MUL.U.HI r.w, a, b;\n"
     "MOV.S result.color[1], r;\n"
     "DIV.S r.x, a.x, -1;\n"
     "MOD.S r.y, a.y, b.x;\n"
     "DIV.U r.z, a.z, 0;\n"
     "MOD.S r.w, a.w, -1;\n"
     "MOV.S result.color[2], r;\n"
     "SHL.S r.x, a, b.x;\n"
     "SHR.S r.y, a, b.y;\n"
     "SHR.U r.z, a, b.z;\n"
     "SAD.U.CC r.w, a, b, a;\n"
     "AND.U r.x (NCF.w), r, b;\n"
     "MOV.S result.color[3], r;\n"
     "I2F.S r, a;\n"
     "I2F.U s, b;\n"
     "ADD r, r, s;\n"
     "MOV result.color[4], r;\n"
     "FLR.S r.x, fragment.texcoord[2];\n"
     "CEIL.U r.y, fragment.texcoord[2];\n"
     "ROUND.S r.z, fragment.texcoord[2];\n"
     "TRUNC.U r.w, fragment.texcoord[2];\n"
     "MOV.S result.color[5], r;\n"
     "MIN.S r.xy, a, b;\n"
     "MAX.U r.zw, a, b;\n"
     "XOR.U s, r, a;\n"
     "SEQ.S r.x, a.x, b.x;\n"
     "SLT.U r.y, a, b;\n"
     "SGE.S r.z, a, b;\n"
     "CMP.S r.w, a, b, -a;\n"
     "NOT.U s.x, r.w;\n"
     "OR.S s.y, s.x, b;\n"
     "ABS.S s.z, a;\n"
     "SNE.U s.w, a, 0;\n"
     "MOV.S result.color[6], r;\n"
     "MOV.U result.color[7], s;\n"
     "CEIL r, fragment.texcoord[3];\n"
     "ROUND.F s, -fragment.texcoord[3];\n"
     "TRUNC r.xy, |fragment.texcoord[3]|;\n"
     "MOV result.color[0].w, s.x;\n"
     "END\n"
    },
    /* IF / ELSE / ENDIF blocks, nested, with KIL, derivatives and a
     * texture lookup inside: each block under its lanes' mask, the
     * instruction count of every block its own lanes' */
    {"nv fragment IF blocks", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION NV_fragment_program2;\n"
     "TEMP a, b, r;\n"
     "MOVC a, fragment.texcoord[0];\n"
     "MOV r, fragment.texcoord[1];\n"
     "IF GT.x;\n"
     "ADD r, r, a;\n"
     "MOVC b, fragment.texcoord[2];\n"
     "IF LT.y;\n"
     "KIL fragment.texcoord[3];\n"
     "DDX r.zw, r;\n"
     "TEX b, r, texture[0], 2D;\n"
     "ELSE;\n"
     "MUL r.xy, r, -a;\n"
     "ENDIF;\n"
     "MAD r.w, b.x, a.y, r.z;\n"
     "ELSE;\n"
     "SUB r, r, a;\n"
     "IF NE.z;\n"
     "DDY r.x, a;\n"
     "KIL -fragment.texcoord[4];\n"
     "ENDIF;\n"
     "ENDIF;\n"
     "MOVC b.x, r.w;\n"
     "IF EQ.x;\n"
     "MOV r.y, 1;\n"
     "ENDIF;\n"
     "MOV result.color, r;\n"
     "END\n"
    },
};
enum { NCASES = sizeof(cases) / sizeof(cases[0]) };

static gp_vec inputs[(int)GP_VARY_COUNT > (int)GP_VIN_ROWS ? (int)GP_VARY_COUNT : (int)GP_VIN_ROWS];
static gp_vec inputs_b[GP_VARY_COUNT]; /* the second task of a pair */
static gp_vec out_ref_b[GP_VARY_COUNT], out_jit_b[GP_VARY_COUNT];
static gp_val params[256][4];
static gp_vec out_ref[GP_VARY_COUNT], out_jit[GP_VARY_COUNT];
static int n_nan;

static void fill(const gp_program *p)
{
    for (size_t s = 0; s < sizeof(inputs) / sizeof(inputs[0]); s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                inputs[s].c[c][l].u = rnd_value();
    /* small integers where ARL / ARR read (attrib 1), some out of range */
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            if (rnd() % 4)
                inputs[1].c[c][l].f = (float)((int)(rnd() % 9) - 3) + (rnd() % 2 ? 0.5f : 0.0f);
    const gp_program_info *info = gp_program_get_info(p);
    for (int r = 0; r < info->num_params && r < 256; r++)
        for (int c = 0; c < 4; c++) {
            const gp_param_binding *b = &info->params[r];
            params[r][c].u = b->kind == GP_PARAM_CONST ? b->value[c].u : rnd_value();
        }
}

static void run(const gp_backend *b, const gp_program *p, gp_machine *m, gp_vec *out,
                uint32_t live, uint32_t helper, uint64_t budget, gp_exec_env *e)
{
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                out[s].c[c][l].u = 0x7fa00000u + (uint32_t)(s * 64 + c * 16 + l);
    memset(e, 0, sizeof(*e));
    e->machine = m;
    e->params = (const gp_val(*)[4])params;
    e->inputs = inputs;
    e->outputs = out;
    e->live_mask = live;
    e->helper_mask = helper;
    e->tex = tex_fn;
    e->tex_direct = direct_units;
    e->num_tex_direct = 3;
    e->insn_budget = budget;
    if (b)
        gp_exec_on(b, p, e);
    else
        gp_backend_fallback()->run(p, NULL, e);
}

/* Whether outputs a are the interpreter's r bit for bit (NaN for NaN
 * counted in n_nan); with a label, prints the first lane that differs. */
static bool same_outputs(const gp_vec *a, const gp_vec *r, const char *label)
{
    int d = t_rows_differ(a, r, &n_nan);
    if (d >= 0 && label) {
        int s = d / (4 * GP_LANES), c = d / GP_LANES % 4, l = d % GP_LANES;
        printf("  %s: slot %d comp %d lane %d: %08x, interpreter %08x\n", label, s, c, l,
               a[s].c[c][l].u, r[s].c[c][l].u);
    }
    return d < 0;
}

/* A pair of tasks of fragment program p: task a on inputs (run's), task b
 * on inputs_b with its own lanes, through gp_exec2 against the interpreter
 * on each. */
static bool check_pair(const gp_program *p, gp_machine *mr, gp_machine *mj, uint32_t live_a,
                       uint32_t help_a, uint32_t live_b, uint32_t help_b, char *why, size_t n)
{
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                inputs_b[s].c[c][l].u = rnd_value();
    gp_exec_env ra, rb, ja, jb;
    /* the references: the interpreter on each task alone */
    run(NULL, p, mr, out_ref, live_a, help_a, 0, &ra);
    gp_vec saved[GP_VARY_COUNT];
    memcpy(saved, inputs, sizeof(saved));
    memcpy(inputs, inputs_b, sizeof(saved));
    run(NULL, p, mr, out_ref_b, live_b, help_b, 0, &rb);
    memcpy(inputs, saved, sizeof(saved));
    /* the pair: both environments as run sets them, b's on inputs_b */
    run(NULL, p, mj, out_jit, live_a, help_a, 0, &ja); /* fills ja; outputs overwritten below */
    jb = ja;
    jb.inputs = inputs_b;
    jb.outputs = out_jit_b;
    jb.live_mask = live_b;
    jb.helper_mask = help_b;
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                out_jit[s].c[c][l].u = 0x7fa00000u + (uint32_t)(s * 64 + c * 16 + l);
                out_jit_b[s].c[c][l].u = 0x7fa00000u + (uint32_t)(s * 64 + c * 16 + l);
            }
    gp_exec2(p, &ja, &jb);
    bool sa = same_outputs(out_jit, out_ref, NULL), sb = same_outputs(out_jit_b, out_ref_b, NULL);
    snprintf(why, n, "outputs %s/%s, killed %04x/%04x %04x/%04x, instructions %llu/%llu %llu/%llu",
             sa ? "same" : "differ", sb ? "same" : "differ", ja.killed_mask, ra.killed_mask,
             jb.killed_mask, rb.killed_mask, (unsigned long long)ja.insn_used,
             (unsigned long long)ra.insn_used, (unsigned long long)jb.insn_used,
             (unsigned long long)rb.insn_used);
    return sa && sb && ja.killed_mask == ra.killed_mask && jb.killed_mask == rb.killed_mask &&
           ja.status == ra.status && jb.status == rb.status && ja.insn_used == ra.insn_used &&
           jb.insn_used == rb.insn_used;
}

int main(void)
{
    setenv("ASMGL_JIT_SYNC", "1", 1);
    setenv("ASMGL_JIT_PAIRS", "1", 1); /* the pair functions on every host */
    const gp_backend *llvm = gp_backend_find("llvm");
    if (!llvm) {
        printf("jit: no llvm backend here (built without ASMGL_JIT, or ASMGL_JIT=0): skipped\n");
        return 77;
    }
    static const uint32_t lane_sets[][2] = {
        {0xffffu, 0}, {0x001fu, 0}, {0x8421u, 0x7bdeu}, {0x00f0u, 0xff0fu},
        {0x1u, 0xeu}, {0x5a5au, 0}, {0xfff0u, 0x000fu},
    };
    gp_machine *mr = gp_machine_create(), *mj = gp_machine_create();
    for (int k = 0; k < NCASES; k++) {
        const prog_case *pc = &cases[k];
        gp_limits lim;
        gp_limits_default(&lim, pc->stage);
        gp_error err;
        gp_program *p = gp_compile(pc->src, strlen(pc->src), pc->stage, &lim, &err);
        CHECK(p != NULL, "%s: compile: line %d: %s", pc->name, err.line, err.msg);
        if (!p)
            continue;
        /* really compiled: the slot holds code, not "none" */
        CHECK(gp_backend_code(llvm, p) != NULL, "%s: the llvm backend did not compile it", pc->name);
        int mismatches = 0;
        for (int it = 0; it < 400; it++) {
            fill(p);
            uint32_t live = lane_sets[it % 7][0], helper = lane_sets[it % 7][1];
            if (it % 7 == 6 && pc->stage != GP_STAGE_FRAGMENT)
                live = rnd() & 0xffffu;
            gp_exec_env er, ej;
            run(NULL, p, mr, out_ref, live, helper, 0, &er);
            run(llvm, p, mj, out_jit, live, helper, 0, &ej);
            char label[96];
            snprintf(label, sizeof label, "%s run %d", pc->name, it);
            bool same = same_outputs(out_jit, out_ref, mismatches < 3 ? label : NULL);
            mismatches += !same;
            CHECK(same && ej.killed_mask == er.killed_mask && ej.status == er.status &&
                      ej.insn_used == er.insn_used,
                  "%s run %d (live %04x helper %04x): outputs %s, killed %04x/%04x, status %d/%d, "
                  "instructions %llu/%llu",
                  pc->name, it, live, helper, same ? "same" : "differ", ej.killed_mask, er.killed_mask,
                  ej.status, er.status, (unsigned long long)ej.insn_used,
                  (unsigned long long)er.insn_used);
        }
        /* in pairs: every fragment program without IF blocks or lookups
         * has its pair function (compiled in prepare under ASMGL_JIT_SYNC);
         * the others run as two calls */
        bool pairs = pc->stage == GP_STAGE_FRAGMENT && !strstr(pc->src, "IF ") &&
                     !strstr(pc->src, "TEX ") && !strstr(pc->src, "TXP ") &&
                     !strstr(pc->src, "TXB ");
        CHECK(gp_backend_runs_pairs(llvm, p) == pairs, "%s: pair function %s", pc->name,
              pairs ? "missing" : "for a program it cannot pair");
        for (int it = 0; pc->stage == GP_STAGE_FRAGMENT && it < 100; it++) {
            fill(p);
            char why[160];
            int a = it % 7, b = (it * 3 + 1) % 7;
            CHECK(check_pair(p, mr, mj, lane_sets[a][0], lane_sets[a][1], lane_sets[b][0],
                             lane_sets[b][1], why, sizeof why),
                  "%s pair run %d: %s", pc->name, it, why);
        }
        /* a watchdog budget below the program's cost: the interpreter runs
         * it (and stops it) the same way */
        {
            gp_exec_env er, ej;
            fill(p);
            run(NULL, p, mr, out_ref, 0xffffu, 0, 40, &er);
            run(llvm, p, mj, out_jit, 0xffffu, 0, 40, &ej);
            CHECK(ej.status == er.status && ej.insn_used == er.insn_used &&
                      memcmp(out_jit, out_ref, sizeof(out_ref)) == 0,
                  "%s with a budget of 40: status %d/%d, instructions %llu/%llu", pc->name,
                  ej.status, er.status, (unsigned long long)ej.insn_used,
                  (unsigned long long)er.insn_used);
        }
        gp_program_free(p);
    }
    gp_machine_free(mr);
    gp_machine_free(mj);
    printf("%d values NaN in both with different encodings\n", n_nan);
    return t_report("jit");
}
