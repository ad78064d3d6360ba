/*
 * test_punch_split.c - the punch-through split of fragment programs
 * (glprog.h gp_program_punch_variant / gp_program_punch_decide,
 * gp_lower_punch.c): which instructions the decide program keeps (the
 * backward slice of KIL and result.depth, counted by hand), that it kills
 * the same lanes and writes the same depth bits as the whole program on
 * random inputs (both executor paths), and which programs are not split:
 * no KIL or depth write, flow control, memory writes, OPTION
 * NV_early_fragment_tests, other stages.
 */
#include "test_exec_common.h"

#include "gp_ir.h"

static uint32_t rng = 12345u;
static float randf(float lo, float hi)
{
    rng = rng * 1664525u + 1013904223u;
    return lo + (hi - lo) * (float)(rng >> 8) / (float)(1u << 24);
}

/* Runs p on random texcoord[0] / color inputs (seeded by seed) with every
 * lane live; returns the environment (the caller frees it). */
static tenv *run_random(const gp_program *p, uint32_t seed)
{
    tenv *e = te_new();
    te_bind_consts(e, p);
    rng = seed;
    for (int l = 0; l < GP_LANES; l++)
        for (int c = 0; c < 4; c++) {
            e->in[GP_VARY_TEX0].c[c][l].f = randf(-1.0f, 1.0f);
            e->in[GP_VARY_COL0].c[c][l].f = randf(0.0f, 1.0f);
        }
    te_fill_out(e, -100.0f);
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status %d", e->env.status);
    return e;
}

/* src splits into a decide program of want_insns instructions (END
 * included) with the opcodes ops[] in order, deciding as src does. */
static void split_case(const char *name, const char *src, int want_insns, const int *ops)
{
    gp_program *p = t_compile(src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    gp_error err;
    gp_program *q = gp_program_punch_variant(p, &err);
    CHECK(q != NULL, "%s: not split: %s", name, err.msg);
    if (!q) {
        gp_program_free(p);
        return;
    }
    CHECK(q->num_insns == want_insns, "%s: %d instructions, want %d", name, q->num_insns, want_insns);
    for (int i = 0; i < q->num_insns && i < want_insns; i++)
        CHECK(q->insns[i].op == ops[i], "%s: instruction %d is %s, want %s", name, i,
              gp_opinfo_table[q->insns[i].op].name, gp_opinfo_table[ops[i]].name);
    CHECK(!(q->info.outputs_written & ~(1ull << GP_FOUT_DEPTH)), "%s: writes colour", name);
    bool depth = p->info.writes_depth;
    int kills = 0;
    for (uint32_t seed = 1; seed <= 40; seed++) {
        tenv *a = run_random(p, seed), *b = run_random(q, seed);
        CHECK(a->env.killed_mask == b->env.killed_mask, "%s seed %u: killed %04x, decide %04x", name, seed,
              a->env.killed_mask, b->env.killed_mask);
        kills += a->env.killed_mask != 0 && a->env.killed_mask != 0xffffu;
        if (depth)
            for (int l = 0; l < GP_LANES; l++)
                CHECK(t_bits(OUTF(a, GP_FOUT_DEPTH, 2, l)) == t_bits(OUTF(b, GP_FOUT_DEPTH, 2, l)),
                      "%s seed %u lane %d: depth %g, decide %g", name, seed, l, OUTF(a, GP_FOUT_DEPTH, 2, l),
                      OUTF(b, GP_FOUT_DEPTH, 2, l));
        te_free(a);
        te_free(b);
    }
    CHECK(kills > 0, "%s: no input killed some lanes and not others", name);
    /* the cached one: made once */
    const gp_program *c1 = gp_program_punch_decide(p), *c2 = gp_program_punch_decide(p);
    CHECK(c1 && c1 == c2 && c1->num_insns == want_insns, "%s: cached decide program", name);
    gp_program_free(q);
    gp_program_free(p);
}

static void not_split(const char *name, const char *src, gp_stage stage)
{
    gp_program *p = t_compile(src, stage);
    if (!p)
        return;
    gp_error err;
    gp_program *q = gp_program_punch_variant(p, &err);
    CHECK(q == NULL, "%s: split", name);
    CHECK(q || err.msg[0], "%s: no reason given", name);
    CHECK(gp_program_punch_decide(p) == NULL, "%s: cached decide program", name);
    gp_program_free(q);
    gp_program_free(p);
}

int main(void)
{
    T_BOTH_PATHS
    {
        /* the colour chain and the instructions after the KIL go; a is
         * written twice (the second write reads the first) */
        static const int ops1[] = { GP_OP_MUL, GP_OP_SUB, GP_OP_KIL, GP_OP_END };
        split_case("arb",
                   "!!ARBfp1.0\n"
                   "PARAM k = {0.5, 0.25, 2, 1};\n"
                   "TEMP a, b, c;\n"
                   "MUL a, fragment.texcoord[0], k.z;\n"
                   "ADD b, fragment.color, k;\n"
                   "MUL c, b, b;\n"
                   "SUB a, a, k.x;\n"
                   "MOV result.color, c;\n"
                   "KIL a;\n"
                   "MAD result.color, a, c, b;\n"
                   "END\n",
                   4, ops1);
        /* a whole write ends a register's need: the first MOV b is dead */
        static const int ops2[] = { GP_OP_MOV, GP_OP_KIL, GP_OP_END };
        split_case("overwrite",
                   "!!ARBfp1.0\n"
                   "TEMP b;\n"
                   "MOV b, fragment.color;\n"
                   "MOV result.color, b;\n"
                   "MOV b, fragment.texcoord[0];\n"
                   "KIL b;\n"
                   "END\n",
                   3, ops2);
        /* condition codes, a conditional depth write and KIL on a test */
        static const int ops3[] = { GP_OP_SUB, GP_OP_MOV, GP_OP_MOV, GP_OP_MOV, GP_OP_KIL, GP_OP_END };
        split_case("cc depth",
                   "!!ARBfp1.0\n"
                   "OPTION NV_fragment_program;\n"
                   "TEMP a, b;\n"
                   "SUBC a, fragment.texcoord[0], 0.5;\n"
                   "MOV b, fragment.color;\n"
                   "MOV result.depth.z, fragment.texcoord[0].y;\n"
                   "MOV result.depth.z (GT.x), b.x;\n"
                   "KIL LT.y;\n"
                   "MOV result.color, b;\n"
                   "END\n",
                   6, ops3);
        /* the decision reads the quad (DDX) */
        static const int ops4[] = { GP_OP_MUL, GP_OP_DDX, GP_OP_KIL, GP_OP_END };
        split_case("derivative",
                   "!!ARBfp1.0\n"
                   "OPTION NV_fragment_program;\n"
                   "TEMP t, u;\n"
                   "MUL t, fragment.texcoord[0], fragment.texcoord[0];\n"
                   "DDX u, t;\n"
                   "ADD result.color, t, u;\n"
                   "KIL -u.x;\n"
                   "END\n",
                   4, ops4);
        /* NV4: integer ops and the decision through an address-like temp */
        static const int ops5[] = { GP_OP_MUL, GP_OP_TRUNC, GP_OP_AND, GP_OP_I2F, GP_OP_SUB, GP_OP_KIL, GP_OP_END };
        split_case("nv4",
                   "!!NVfp4.0\n"
                   "INT TEMP i;\n"
                   "TEMP f;\n"
                   "MUL f, fragment.texcoord[0], 4;\n"
                   "TRUNC.S i, f;\n"
                   "AND.S i, i, 1;\n"
                   "I2F f, i;\n"
                   "MOV result.color, f;\n"
                   "SUB f, f, 0.5;\n"
                   "KIL f;\n"
                   "END\n",
                   7, ops5);
    }

    not_split("no KIL", "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n", GP_STAGE_FRAGMENT);
    not_split("flow",
              "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP a;\nMOVC a, fragment.color;\n"
              "IF GT.x;\nKIL -a;\nENDIF;\nMOV result.color, a;\nEND\n",
              GP_STAGE_FRAGMENT);
    not_split("early fragment tests",
              "!!NVfp5.0\nOPTION NV_early_fragment_tests;\nTEMP a;\nMOV a, fragment.color;\n"
              "KIL a;\nMOV result.color, a;\nEND\n",
              GP_STAGE_FRAGMENT);
    not_split("store",
              "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE sb[] = { program.storage[0] };\nTEMP a;\n"
              "MOV a, fragment.color;\nSTB.F32 a.x, sb[0];\nKIL a;\nMOV result.color, a;\nEND\n",
              GP_STAGE_FRAGMENT);
    not_split("storage read",
              "!!NVfp5.0\nOPTION NV_shader_storage_buffer;\nSTORAGE sb[] = { program.storage[0] };\nTEMP a;\n"
              "LDB.F32 a.x, sb[0];\nKIL a;\nMOV result.color, a;\nEND\n",
              GP_STAGE_FRAGMENT);
    not_split("thread group",
              "!!NVfp5.0\nOPTION NV_shader_thread_group;\nTEMP a;\nTGBALLOT.U a.x, fragment.color.x;\n"
              "KIL fragment.color;\nMOV result.color, a;\nEND\n",
              GP_STAGE_FRAGMENT);
    not_split("vertex", "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n", GP_STAGE_VERTEX);
    return t_report("punch_split");
}
