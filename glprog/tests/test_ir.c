/*
 * test_ir.c - glprog.ir: the executable form gp_compile produces, checked
 * field by field against values worked out by hand from gp_ir.h's encoding
 * rules and the specs: opcode table and splitting, operand encoding (SWZ
 * and its separate selector terms, scalars, abs/negate, relative
 * addressing), the parameter table (deduplication, constant defaults,
 * state bindings), flow targets, condition codes, clip distances, the
 * position-invariant prologue, the "main" entry, the run-time limits of the
 * NV option programs, and the program info (I/O masks, texture units,
 * texture indirections of ARB_fragment_program issue 24).  Test executable.
 */
#include "gp_test_util.h"
#include "gp_priv.h"

static gp_program *compile(gp_stage stage, const char *src)
{
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), stage, NULL, &err);
    CHECK(p, "rejected at %d:%d: %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

static bool swz_is(const uint8_t *s, int a, int b, int c, int d)
{
    return s[0] == a && s[1] == b && s[2] == c && s[3] == d;
}

static void test_opcodes(void)
{
    /* the table: unique names, END first, rows as the specs say */
    for (int i = 0; i < GP_OP_COUNT; i++)
        for (int j = i + 1; j < GP_OP_COUNT; j++)
            CHECK(strcmp(gp_opinfo_table[i].name, gp_opinfo_table[j].name), "duplicate %s", gp_opinfo_table[i].name);
    CHECK(GP_OP_END == 0 && !strcmp(gp_opinfo_table[GP_OP_END].name, "END"), "END row");
    CHECK(gp_opinfo_table[GP_OP_EXP].cls == GP_CLASS_SCALAR && !(gp_opinfo_table[GP_OP_EXP].flags & GP_OPF_SCALAR_RESULT),
          "EXP: scalar source, vector result");
    CHECK(gp_opinfo_table[GP_OP_DP3].flags & GP_OPF_SCALAR_RESULT, "DP3 replicates");
    CHECK(gp_opinfo_table[GP_OP_POW].nsrc == 2 && gp_opinfo_table[GP_OP_MAD].nsrc == 3, "operand counts");
    CHECK(gp_opinfo_table[GP_OP_TEX].profiles & GP_PROF_VP3 && !(gp_opinfo_table[GP_OP_TEX].profiles & GP_PROF_ARBVP),
          "TEX: vertex programs only with NV_vertex_program3");
    CHECK(!(gp_opinfo_table[GP_OP_CMP].mods & GP_MODBIT_PREC) && !(gp_opinfo_table[GP_OP_X2D].mods & GP_MODBIT_PRECX) &&
              (gp_opinfo_table[GP_OP_ADD].mods & GP_MODBIT_PRECX),
          "precision columns of NV_fragment_program_option Table X.5");

    gp_opword w;
    CHECK(gp_opcode_split("DP2A", 4, &w) && w.op == GP_OP_DP2A && !w.prec && !w.cc, "DP2A");
    CHECK(gp_opcode_split("MOVRC_SAT", 9, &w) && w.op == GP_OP_MOV && w.prec == 'R' && w.cc == 1 && w.sat == GP_SAT_01,
          "MOVRC_SAT");
    CHECK(gp_opcode_split("DP3C1", 5, &w) && w.op == GP_OP_DP3 && w.cc == 3, "DP3C1");
    CHECK(gp_opcode_split("ADDH_SSAT", 9, &w) && w.op == GP_OP_ADD && w.prec == 'H' && w.sat == GP_SAT_11, "ADDH_SSAT");
    CHECK(gp_opcode_split("TXP", 3, &w) && w.op == GP_OP_TXP, "TXP");
    CHECK(gp_opcode_split("ENDIF", 5, &w) && w.op == GP_OP_ENDIF, "ENDIF");
    CHECK(gp_opcode_split("RCC", 3, &w) && w.op == GP_OP_RCC && !w.cc, "RCC is not RC+C");
    CHECK(!gp_opcode_split("ADDRESS", 7, &w), "ADDRESS is not an opcode");
    CHECK(!gp_opcode_split("MOV_SATC", 8, &w), "suffix order");
}

static void test_operands(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!ARBvp1.0\n"
                            "OPTION NV_vertex_program2;\n"
                            "PARAM a = 5;\n"
                            "PARAM b[3] = { program.env[0..2] };\n"
                            "ADDRESS A0;\n"
                            "TEMP R0, R1;\n"
                            "SWZ R0, vertex.color, -x, 0, 1, w;\n"      /* 0 */
                            "RCP R0.x, vertex.color.y;\n"                /* 1 */
                            "MOV R0, -|vertex.color.yzwx|;\n"            /* 2 */
                            "ARL A0.x, R1.z;\n"                          /* 3 */
                            "MOV R0, b[A0.x - 1];\n"                     /* 4 */
                            "MOVC R1 (NE.zyxw), R0.w;\n"                 /* 5 */
                            "MOV result.clip[5].x, R0;\n"                /* 6 */
                            "MOV R0, 1;\n"                               /* 7 */
                            "MOV R0, 1.0;\n"                             /* 8 */
                            "MOV R0, {1, 1, 1, 1};\n"                    /* 9 */
                            "MOV R0, {2};\n"                             /* 10 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(p->num_insns == 12 && in[11].op == GP_OP_END, "11 instructions + END, got %d", p->num_insns);
    /* SWZ: per-component negate, ZERO/ONE selectors */
    CHECK(in[0].op == GP_OP_SWZ && swz_is(in[0].src[0].swz, 0, GP_SWZ_ZERO, GP_SWZ_ONE, 3) &&
              in[0].src[0].negate == 0x1 && in[0].src[0].file == GP_FILE_INPUT && in[0].src[0].index == GP_VIN_COLOR0,
          "SWZ encoding");
    /* scalar operand: replicated component */
    CHECK(swz_is(in[1].src[0].swz, 1, 1, 1, 1) && in[1].dst.mask == 0x1, "scalar operand .y");
    /* |..| and sign */
    CHECK(in[2].src[0].abs && in[2].src[0].negate == 0xf && swz_is(in[2].src[0].swz, 1, 2, 3, 0), "-|x.yzwx|");
    /* ARL writes address register 0, component x */
    CHECK(in[3].dst.file == GP_FILE_ADDRESS && in[3].dst.index == 0 && in[3].dst.mask == 0x1 &&
              swz_is(in[3].src[0].swz, 2, 2, 2, 2),
          "ARL");
    /* relative: a is row 0, b rows 1..3; b[A0.x - 1] -> index 0, bounds 1..3 */
    const gp_src *r = &in[4].src[0];
    CHECK(r->file == GP_FILE_PARAM && r->rel && r->rel_file == GP_FILE_ADDRESS && r->rel_reg == 0 && r->rel_comp == 0 &&
              r->index == 0 && r->rel_lo == 1 && r->rel_hi == 3,
          "relative: index %d lo %d hi %d", r->index, r->rel_lo, r->rel_hi);
    CHECK(p->params[1].kind == GP_PARAM_ENV && p->params[1].index == 0 && p->params[3].index == 2, "env rows");
    CHECK(p->params[0].kind == GP_PARAM_CONST && p->params[0].value[0].f == 5 && p->params[0].value[3].f == 5, "a = 5");
    /* condition codes */
    CHECK(in[5].cc_update == 1 && in[5].dst.cc.cond == GP_COND_NE && swz_is(in[5].dst.cc.swz, 2, 1, 0, 3), "MOVC (NE.zyxw)");
    CHECK(in[4].dst.cc.cond == GP_COND_TR, "no cc mask = TR");
    /* result.clip[5]: slot CLIP1, component 1 */
    CHECK(in[6].dst.file == GP_FILE_OUTPUT && in[6].dst.index == GP_VARY_CLIP1 && in[6].dst.clipdist == 2 &&
              in[6].dst.mask == 0x1,
          "clip[5]");
    /* 1, 1.0 and {1,1,1,1} are one row; {2} is (2,0,0,1) */
    CHECK(in[7].src[0].index == in[8].src[0].index && in[8].src[0].index == in[9].src[0].index, "constant dedup");
    const gp_param_binding *c2 = &p->params[in[10].src[0].index];
    CHECK(c2->value[0].f == 2 && c2->value[1].f == 0 && c2->value[2].f == 0 && c2->value[3].f == 1, "{2} = (2,0,0,1)");
    CHECK(p->info.num_params == 6 && p->info.num_parameters == 6, "rows: 5, env0..2, 1, {2} + nothing else: %d",
          p->info.num_params);
    CHECK(p->info.inputs_read == (1ull << GP_VIN_COLOR0), "inputs_read %llx", (unsigned long long)p->info.inputs_read);
    CHECK(p->info.outputs_written == (1ull << GP_VARY_CLIP1), "outputs_written");
    CHECK(p->num_temps == 2 && p->num_address == 1 && p->entry == 0, "counts");
    gp_program_free(p);
}

/* SWZ with components as separate terms: every selector picks from the
 * source register itself, never from a component an earlier selector of
 * the same instruction replaced (the bug that made "w,x,x,y" wwww).  Values
 * below are x=0 y=1 z=2 w=3, ZERO=4, ONE=5 (gp_ir.h). */
static void test_swz(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!ARBvp1.0\n"
                            "PARAM p = program.local[1];\n"
                            "TEMP t;\n"
                            "SWZ t, p, w,x,x,y;\n"          /* 0: piglit swz */
                            "SWZ t, p, -w,-x,x,-y;\n"       /* 1 */
                            "SWZ t, p, 1,x,z,0;\n"          /* 2: piglit swz_src_and_constants */
                            "SWZ t, p, -0,-y,+1,-x;\n"      /* 3 */
                            "SWZ t, p, z, y, w, x;\n"       /* 4: spaces */
                            "SWZ t, p, y,y,y,y;\n"          /* 5 */
                            "SWZ result.color, t, x,y,z,w;\n" /* 6: identity */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(p->num_insns == 8, "7 SWZ + END, got %d", p->num_insns);
    CHECK(swz_is(in[0].src[0].swz, 3, 0, 0, 1) && in[0].src[0].negate == 0, "w,x,x,y");
    CHECK(swz_is(in[1].src[0].swz, 3, 0, 0, 1) && in[1].src[0].negate == 0xb, "-w,-x,x,-y: negate 1011b = 0xb");
    CHECK(swz_is(in[2].src[0].swz, GP_SWZ_ONE, 0, 2, GP_SWZ_ZERO) && in[2].src[0].negate == 0, "1,x,z,0");
    CHECK(swz_is(in[3].src[0].swz, GP_SWZ_ZERO, 1, GP_SWZ_ONE, 0) && in[3].src[0].negate == 0xb,
          "-0,-y,+1,-x: negate 0xb");
    CHECK(swz_is(in[4].src[0].swz, 2, 1, 3, 0), "z, y, w, x");
    CHECK(swz_is(in[5].src[0].swz, 1, 1, 1, 1), "y,y,y,y");
    CHECK(swz_is(in[6].src[0].swz, 0, 1, 2, 3) && in[6].src[0].file == GP_FILE_TEMP, "x,y,z,w");
    for (int i = 0; i < 6; i++)
        CHECK(in[i].src[0].file == GP_FILE_PARAM && !in[i].src[0].abs, "SWZ %d source", i);
    gp_program_free(p);

    /* fragment programs take rgba selectors too, one set per instruction */
    p = compile(GP_STAGE_FRAGMENT,
                "!!ARBfp1.0\n"
                "SWZ result.color, fragment.color, a,r,-1,g;\n"
                "END\n");
    if (p) {
        CHECK(swz_is(p->insns[0].src[0].swz, 3, 0, GP_SWZ_ONE, 1) && p->insns[0].src[0].negate == 0x4, "a,r,-1,g");
        gp_program_free(p);
    }
    gp_error err;
    const char *mixed = "!!ARBfp1.0\nSWZ result.color, fragment.color, a,x,0,1;\nEND\n";
    CHECK(!gp_compile(mixed, strlen(mixed), GP_STAGE_FRAGMENT, NULL, &err) && err.pos == 47,
          "mixed rgba/xyzw selectors rejected at the 'x' (pos %d)", err.pos);
}

static void test_state(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!ARBvp1.0\n"
                            "PARAM m = state.matrix.modelview[0].invtrans.row[2];\n"
                            "PARAM s = state.light[3].spot.direction;\n"
                            "PARAM l = state.lightprod[1].back.specular;\n"
                            "PARAM t = state.texgen[2].object.r;\n"
                            "PARAM q[2] = { state.matrix.texture[1].transpose.row[2..3] };\n"
                            "MOV result.color, m;\nMOV result.color, s;\nMOV result.color, l;\n"
                            "MOV result.color, t;\nMOV result.color, q[1];\nEND\n");
    if (!p)
        return;
    const gp_state_ref *m = &p->params[0].state, *s = &p->params[1].state, *l = &p->params[2].state;
    const gp_state_ref *t = &p->params[3].state, *q = &p->params[5].state;
    CHECK(p->params[0].kind == GP_PARAM_STATE && m->kind == GP_STATE_MATRIX_ROW && m->prop == GP_MATRIX_MODELVIEW &&
              m->modifier == GP_MATMOD_INVTRANS && m->row == 2 && m->index == 0,
          "modelview invtrans row 2");
    CHECK(s->kind == GP_STATE_LIGHT && s->index == 3 && s->prop == GP_LIGHT_SPOT_DIRECTION, "spot direction");
    CHECK(l->kind == GP_STATE_LIGHTPROD && l->index == 1 && l->face == GP_FACE_BACK && l->prop == GP_MAT_SPECULAR,
          "lightprod back specular");
    CHECK(t->kind == GP_STATE_TEXGEN && t->index == 2 && t->prop == GP_TEXGEN_OBJECT_R, "texgen object r");
    CHECK(q->prop == GP_MATRIX_TEXTURE && q->index == 1 && q->modifier == GP_MATMOD_TRANSPOSE && q->row == 3,
          "texture[1].transpose.row[3]");
    gp_program_free(p);
}

static void test_flow(void)
{
    gp_program *p = compile(GP_STAGE_FRAGMENT,
                            "!!ARBfp1.0\n"
                            "OPTION NV_fragment_program2;\n"
                            "PARAM n = {3, 1, 2, 0};\n"
                            "TEMP R0;\n"
                            "MOVC R0, fragment.color;\n"   /* 0 */
                            "IF GT.x;\n"                   /* 1 */
                            "  REP n;\n"                   /* 2 */
                            "    BRK (LT.y);\n"            /* 3 */
                            "  ENDREP;\n"                  /* 4 */
                            "ELSE;\n"                      /* 5 */
                            "  LOOP n;\n"                  /* 6 */
                            "    MOV R0, fragment.texcoord[A0.x + 1];\n" /* 7 */
                            "  ENDLOOP;\n"                 /* 8 */
                            "ENDIF;\n"                     /* 9 */
                            "CAL sub (EQ.w);\n"            /* 10 */
                            "KIL NE.x;\n"                  /* 11 */
                            "RET;\n"                       /* 12 */
                            "sub:\n"
                            "MOV result.color, R0;\n"      /* 13 */
                            "RET;\n"                       /* 14 */
                            "END\n");                      /* 15 */
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(p->num_insns == 16, "16 instructions with END");
    CHECK(in[1].op == GP_OP_IF && in[1].target == 5 && in[1].cond.cond == GP_COND_GT && swz_is(in[1].cond.swz, 0, 0, 0, 0),
          "IF -> ELSE");
    CHECK(in[5].target == 9 && in[9].target == 1, "ELSE -> ENDIF -> IF");
    CHECK(in[2].target == 4 && in[4].target == 2 && in[3].target == 4 && in[3].cond.cond == GP_COND_LT, "REP/BRK/ENDREP");
    CHECK(in[6].target == 8 && in[8].target == 6, "LOOP/ENDLOOP");
    CHECK(in[7].src[0].rel && in[7].src[0].index == GP_VARY_TEX0 + 1 && in[7].src[0].rel_lo == GP_VARY_TEX0 &&
              in[7].src[0].rel_hi == GP_VARY_TEX0 + 7,
          "texcoord[A0.x + 1]");
    CHECK(in[10].op == GP_OP_CAL && in[10].target == 13 && in[10].cond.cond == GP_COND_EQ &&
              swz_is(in[10].cond.swz, 3, 3, 3, 3),
          "CAL sub (EQ.w)");
    CHECK(in[11].src[0].file == GP_FILE_NONE && in[11].cond.cond == GP_COND_NE, "KIL NE.x");
    CHECK(in[12].target == -1 && in[2].src[0].file == GP_FILE_PARAM, "RET, REP operand");
    CHECK(p->num_address == 1 && p->info.uses_kill && !p->info.uses_derivatives, "info");
    gp_program_free(p);
}

static void test_prologue_and_entry(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION ARB_position_invariant;\n"
                                             "MOV result.color, vertex.color;\nEND\n");
    if (p) {
        CHECK(p->num_prologue == 4 && p->entry == 0 && p->num_insns == 6, "prologue");
        for (int r = 0; r < 4; r++) {
            const gp_insn *in = &p->insns[r];
            const gp_param_binding *b = &p->params[in->src[0].index];
            CHECK(in->op == GP_OP_DP4 && in->dst.file == GP_FILE_OUTPUT && in->dst.index == GP_VARY_POS &&
                      in->dst.mask == (1u << r) && in->src[1].file == GP_FILE_INPUT &&
                      in->src[1].index == GP_VIN_POSITION && b->kind == GP_PARAM_STATE &&
                      b->state.kind == GP_STATE_MATRIX_ROW && b->state.prop == GP_MATRIX_MVP && b->state.row == r,
                  "prologue row %d", r);
        }
        CHECK(p->info.num_instructions == 1 && p->info.num_parameters == 0, "prologue not counted");
        CHECK(p->info.outputs_written == ((1ull << GP_VARY_POS) | (1ull << GP_VARY_COL0)), "writes position");
        gp_program_free(p);
    }
    p = compile(GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION NV_vertex_program2;\n"
                                 "RET;\nmain:\nMOV result.color, vertex.color;\nEND\n");
    if (p) {
        CHECK(p->entry == 1 && p->num_prologue == 0, "main label entry");
        gp_program_free(p);
    }
    p = compile(GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION NV_vertex_program2;\nOPTION ARB_position_invariant;\n"
                                 "RET;\nmain:\nMOV result.color, vertex.color;\nEND\n");
    if (p) {
        CHECK(p->entry == 0 && p->num_prologue == 5 && p->insns[4].op == GP_OP_BRA && p->insns[4].target == 6 &&
                  p->insns[4].cond.cond == GP_COND_TR,
              "prologue then BRA main");
        gp_program_free(p);
    }
}

/* ARB_fragment_program issue 24: 1, 2 and 3 texture indirections. */
/* gp_program's run-time limits come from gp_limits for the programs whose
 * specs define them: NV_vertex_program2_option 2.14.4.4 / NV_vertex_program3
 * (executed instructions, call depth) and NV_fragment_program2 3.11.4.X
 * (those, IF depth, loop depth, loop count); 0 for every other program.
 * Synthetic instructions are added to the executed-instruction limit. */
static void test_run_limits(void)
{
    gp_limits lim;
    static const struct {
        gp_stage stage;
        const char *src;
        bool vp, fp2;
        int synth;
    } cases[] = {
        { GP_STAGE_VERTEX, "!!ARBvp1.0\nMOV result.position, vertex.position;\nEND\n", false, false, 0 },
        { GP_STAGE_FRAGMENT, "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n", false, false, 0 },
        { GP_STAGE_FRAGMENT, "!!ARBfp1.0\nOPTION NV_fragment_program;\nMOV result.color, fragment.color;\nEND\n",
          false, false, 0 },
        { GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION NV_vertex_program2;\nMOV result.position, vertex.position;\nEND\n",
          true, false, 0 },
        { GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION NV_vertex_program3;\nMOV result.position, vertex.position;\nEND\n",
          true, false, 0 },
        { GP_STAGE_VERTEX, "!!ARBvp1.0\nOPTION NV_vertex_program2;\nOPTION ARB_position_invariant;\n"
                           "MOV result.color, vertex.color;\nmain:\nRET;\nEND\n",
          true, false, 5 }, /* 4 DP4 + BRA main */
        { GP_STAGE_FRAGMENT, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nMOV result.color, fragment.color;\nEND\n",
          false, true, 0 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        gp_limits_default(&lim, cases[i].stage);
        lim.max_exec_instructions = 1000;
        lim.max_call_depth = 3;
        lim.max_if_depth = 5;
        lim.max_loop_depth = 2;
        lim.max_loop_count = 77;
        gp_error err;
        gp_program *p = gp_compile(cases[i].src, strlen(cases[i].src), cases[i].stage, &lim, &err);
        CHECK(p, "case %zu rejected: %s", i, err.msg);
        if (!p)
            continue;
        bool nv = cases[i].vp || cases[i].fp2;
        CHECK(p->max_exec_instructions == (nv ? 1000 + cases[i].synth : 0) && p->max_call_depth == (nv ? 3 : 0),
              "case %zu: exec %d call %d", i, p->max_exec_instructions, p->max_call_depth);
        CHECK(p->max_if_depth == (cases[i].fp2 ? 5 : 0) && p->max_loop_depth == (cases[i].fp2 ? 2 : 0) &&
                  p->max_loop_count == (cases[i].fp2 ? 77 : 0),
              "case %zu: if %d loop %d count %d", i, p->max_if_depth, p->max_loop_depth, p->max_loop_count);
        gp_program_free(p);
    }
    /* the defaults: 65536 instructions, call depth 8, IF depth 48, loop
     * depth 4, loop count 255 */
    gp_program *p = compile(GP_STAGE_FRAGMENT, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nMOV result.color, 1;\nEND\n");
    if (p) {
        CHECK(p->max_exec_instructions == 65536 && p->max_call_depth == 8 && p->max_if_depth == 48 &&
                  p->max_loop_depth == 4 && p->max_loop_count == 255,
              "defaults");
        gp_program_free(p);
    }
    /* a call depth of 0 cannot be stored (0 reads as the default 8) */
    gp_limits_default(&lim, GP_STAGE_VERTEX);
    lim.max_call_depth = 0;
    const char *vp2 = "!!ARBvp1.0\nOPTION NV_vertex_program2;\nMOV result.position, vertex.position;\nEND\n";
    gp_error err;
    p = gp_compile(vp2, strlen(vp2), GP_STAGE_VERTEX, &lim, &err);
    CHECK(p && p->max_call_depth == 1, "call depth 0 is stored as 1");
    gp_program_free(p);
}

static void test_indirections(void)
{
    static const struct {
        const char *src;
        int want;
    } cases[] = {
        { "!!ARBfp1.0\nMOV result.color, fragment.color;\nEND\n", 1 },
        { "!!ARBfp1.0\nTEMP myColor;\nMUL myColor, fragment.texcoord[0], fragment.texcoord[1];\n"
          "TEX result.color, myColor, texture[0], 2D;\nEND\n",
          2 },
        { "!!ARBfp1.0\nTEMP myColor1, myColor2;\nTEX myColor1, fragment.texcoord[0], texture[0], 2D;\n"
          "MUL myColor1, myColor1, myColor1;\nTEX myColor2, fragment.texcoord[1], texture[1], 2D;\n"
          "TEX myColor2, myColor1, texture[2], 2D;\nTEX result.color, myColor2, texture[3], 2D;\nEND\n",
          3 },
    };
    for (size_t i = 0; i < 3; i++) {
        gp_program *p = compile(GP_STAGE_FRAGMENT, cases[i].src);
        if (!p)
            continue;
        CHECK(p->info.num_tex_indirections == cases[i].want, "indirections case %zu: %d, want %d", i,
              p->info.num_tex_indirections, cases[i].want);
        gp_program_free(p);
    }
    gp_program *p = compile(GP_STAGE_FRAGMENT, cases[2].src);
    if (p) {
        const gp_program_info *info = &p->info;
        CHECK(info->num_tex_instructions == 4 && info->num_alu_instructions == 1 && info->num_temporaries == 2,
              "counts");
        CHECK(info->tex_units_used == 0xf && info->tex_target[3] == GP_TEX_2D && info->tex_target[4] == GP_TEX_NONE,
              "units");
        CHECK(info->inputs_read == ((1ull << GP_VARY_TEX0) | (1ull << (GP_VARY_TEX0 + 1))) &&
                  info->outputs_written == (1ull << GP_FOUT_COLOR0) && info->uses_derivatives && !info->writes_depth,
              "fragment info");
        gp_program_free(p);
    }
    const char *no_fp2 = "!!ARBfp1.0\nOPTION ARB_draw_buffers;\n"
                         "MOV result.depth.z, fragment.position;\nMOV result.color[2], fragment.facing;\nEND\n";
    gp_error err;
    p = gp_compile(no_fp2, strlen(no_fp2), GP_STAGE_FRAGMENT, NULL, &err);
    CHECK(!p, "fragment.facing needs NV_fragment_program2");
    gp_program_free(p);
    p = compile(GP_STAGE_FRAGMENT, "!!ARBfp1.0\nOPTION ARB_draw_buffers;\nOPTION NV_fragment_program2;\n"
                                   "MOV result.depth.z, fragment.position;\nMOV result.color[2], fragment.facing;\nEND\n");
    if (p) {
        CHECK(p->info.writes_depth && p->info.outputs_written == ((1ull << GP_FOUT_DEPTH) | (1ull << (GP_FOUT_COLOR0 + 2))),
              "depth and color[2]");
        CHECK(p->info.inputs_read == ((1ull << GP_VARY_POS) | (1ull << GP_VARY_FACE)), "position and facing");
        gp_program_free(p);
    }
}

int main(void)
{
    test_opcodes();
    test_operands();
    test_swz();
    test_state();
    test_flow();
    test_prologue_and_entry();
    test_indirections();
    test_run_limits();
    printf("ir: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
