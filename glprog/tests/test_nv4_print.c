/*
 * test_nv4_print.c - glprog.nv4_print: the disassembler on NV_gpu_program4
 * programs (R15).
 *   1. golden: programs print exactly as written here (checked by hand
 *      against the NV4 printing rules of print/nv.c: dotted modifiers,
 *      integer temporaries as array indices, declared arrays where the IR
 *      indexes relatively, typed PARAM arrays, interpolation modifiers,
 *      per-vertex geometry inputs, labels where subroutines end);
 *   2. fixed point: feature programs and the NV4 programs of the real-world
 *      corpus print, compile again, print identically, and agree on their
 *      info;
 *   3. a deterministic mutation smoke test over the same programs, in all
 *      three program types: whatever compiles prints and compiles again.
 * Test executable, single thread.
 *
 * covers: HDR.NVVP40 HDR.NVFP40 HDR.NVGP40 DECL.PROGRAM DECL.LABEL DECL.LABEL_MAIN DECL.ARRAYS
 * covers: DECL.TEMP DECL.PARAM DECL.ATTRIB DECL.OUTPUT DECL.BUFFER DECL.BUFFER4 DT.CENTROID DT.FLAT
 */
#include "gp_test_util.h"

static char *print_alloc(const gp_program *p)
{
    size_t need = gp_program_print(p, NULL, 0);
    char *buf = malloc(need + 1);
    size_t again = gp_program_print(p, buf, need + 1);
    CHECK(again == need && strlen(buf) == need, "print length %zu vs %zu", again, need);
    return buf;
}

static const struct golden {
    gp_stage stage;
    const char *src, *want;
} goldens[] = {
    { GP_STAGE_VERTEX,
      "!!NVvp4.0\n"
      "OPTION ARB_position_invariant;\n"
      "INT TEMP i;\n"
      "TEMP t[2], r;\n"
      "PARAM c[2] = { program.local[0..1] };\n"
      "INT PARAM k = { 1, -2, 0x10 };\n"
      "ATTRIB va[] = { vertex.attrib[4..5] };\n"
      "OUTPUT o[] = { result.texcoord[1..2] };\n"
      "ROUND.S i, vertex.attrib[1];\n"
      "ADD.S i.x, i, k;\n"
      "MOV t[i.x + 1], c[i.y];\n"
      "MOV r, va[i.z];\n"
      "MOV o[i.x], t[1];\n"
      "MULC1.U24.NTC i, i, 3;\n"
      "MOV.F.SAT result.clip[5], -|r.w|;\n"
      "MOVH result.color (GT1.xyzw), r.bgra;\n"
      "END\n",
      "!!NVvp4.0\n"
      "OPTION ARB_position_invariant;\n"
      "TEMP R0, T1[2], R3;\n"
      "PARAM P0[2] = { program.local[0], program.local[1] };\n"
      "INT PARAM P1[1] = { {1, -2, 16, 1} };\n"
      "UINT PARAM P2[1] = { {3, 3, 3, 3} };\n"
      "ATTRIB I0[] = { vertex.attrib[4..5] };\n"
      "OUTPUT O0[] = { result.texcoord[1..2] };\n"
      "ROUND.S R0, vertex.attrib[1];\n"
      "ADD.S R0.x, R0, P1[0];\n"
      "MOV.F T1[R0.x + 1], P0[R0.y];\n"
      "MOV.F R3, I0[R0.z];\n"
      "MOV.F O0[R0.x], T1[1];\n"
      "MUL.U24.CC1 R0, R0, P2[0];\n"
      "MOV.F.SAT result.clip[5], -|R3.w|;\n"
      "MOVH result.color (GT1), R3.zyxw;\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!NVfp4.0\n"
      "OPTION ARB_draw_buffers;\n"
      "CENTROID ATTRIB tc[] = { fragment.texcoord[0..1] };\n"
      "FLAT INT ATTRIB id = fragment.attrib[7];\n"
      "BUFFER4 b[] = { program.buffer[2][4..7] };\n"
      "INT TEMP i;\n"
      "TEMP r;\n"
      "MOV.S i, id;\n"
      "TEX r, tc[i.x + 1], texture[1], ARRAY2D, (1, -1);\n"
      "TXF.U.CC.NTC i, i, texture[2], BUFFER;\n"
      "KIL NE1.x;\n"
      "ADD r, r, b[i.y + 3];\n"
      "MOV r, b[1];\n"
      "MOV result.color[1], fragment.clip[6];\n"
      "MOV result.depth.z, primitive.id;\n"
      "END\n",
      "!!NVfp4.0\n"
      "OPTION ARB_draw_buffers;\n"
      "TEMP R0, R1;\n"
      "BUFFER4 B2[1] = { program.buffer[2][5..5] };\n"
      "BUFFER4 X0[4] = { program.buffer[2][4..7] };\n"
      "CENTROID ATTRIB Q7 = fragment.texcoord[0];\n"
      "CENTROID ATTRIB Q8 = fragment.texcoord[1];\n"
      "FLAT ATTRIB Q24 = fragment.attrib[7];\n"
      "CENTROID ATTRIB I0[] = { fragment.texcoord[0..1] };\n"
      "MOV.S R0, fragment.attrib[7];\n"
      "TEX.F R1, I0[R0.x + 1], texture[1], ARRAY2D, (1, -1, 0);\n"
      "TXF.U.CC R0, R0, texture[2], BUFFER;\n"
      "KIL.F NE1.x;\n"
      "ADD.F R1, R1, X0[R0.y + 3];\n"
      "MOV.F R1, B2[0];\n"
      "MOV.F result.color[1], fragment.clip[6].z;\n"
      "MOV.F result.depth.z, primitive.id;\n"
      "END\n" },
    { GP_STAGE_GEOMETRY,
      "!!NVgp4.0\n"
      "PRIMITIVE_IN LINES;\n"
      "PRIMITIVE_OUT POINTS;\n"
      "VERTICES_OUT 2;\n"
      "ATTRIB p = vertex.position;\n"
      "INT TEMP i;\n"
      "MOV.S i, primitive.id;\n"
      "REP.S 2;\n"
      "  MOV result.position, p[i.x];\n"
      "  MOV result.color.back, vertex[1].attrib[3];\n"
      "  EMIT;\n"
      "  ADD.S.CC i.x, i, 1;\n"
      "  BRK (GE.x);\n"
      "ENDREP;\n"
      "END\n",
      "!!NVgp4.0\n"
      "PRIMITIVE_IN LINES;\n"
      "PRIMITIVE_OUT POINTS;\n"
      "VERTICES_OUT 2;\n"
      "TEMP R0;\n"
      "INT PARAM P0[2] = { {2, 2, 2, 2}, {1, 1, 1, 1} };\n"
      "ATTRIB I0 = vertex.position;\n"
      "MOV.S R0, primitive.id;\n"
      "REP.S P0[0];\n"
      "  MOV.F result.position, I0[R0.x];\n"
      "  MOV.F result.color.back, vertex[1].attrib[3];\n"
      "  EMIT;\n"
      "  ADD.S.CC R0.x, R0, P0[1];\n"
      "  BRK (GE.x);\n"
      "ENDREP;\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      "!!NVvp4.0\n"
      "TEMP r;\n"
      "sq:\n"
      "  MUL r, r, r;\n"
      "main:\n"
      "  MOV r, 3;\n"
      "  CAL sq (NE.x);\n"
      "  IF GT.x;\n"
      "    RET;\n"
      "  ENDIF;\n"
      "  MOV result.position, r;\n"
      "END\n",
      "!!NVvp4.0\n"
      "TEMP R0;\n"
      "PARAM P0[1] = { {3, 3, 3, 3} };\n"
      "L0:\n"
      "MUL.F R0, R0, R0;\n"
      "main:\n"
      "L2:\n"
      "MOV.F R0, P0[0];\n"
      "CAL L0 (NE.x);\n"
      "IF GT.x;\n"
      "  RET;\n"
      "ENDIF;\n"
      "MOV.F result.position, R0;\n"
      "END\n" },
};

/* Feature programs: every opcode family, binding and declaration form. */
static const struct feature {
    gp_stage stage;
    const char *src;
} features[] = {
    { GP_STAGE_VERTEX,
      "!!NVvp4.0\n"
      "# typed declarations, arrays, relative addressing, integer ops\n"
      "INT TEMP i, j;\n"
      "UINT TEMP u;\n"
      "FLOAT TEMP f;\n"
      "TEMP t[4], r;\n"
      "PARAM mvp[4] = { state.matrix.mvp };\n"
      "INT PARAM k[2] = { {1, -2, 3, 0x10}, 7 };\n"
      "ATTRIB va[] = { vertex.attrib[1..3] };\n"
      "OUTPUT tc[] = { result.texcoord[0..3] };\n"
      "MOV.S i, vertex.id;\n"
      "ADD.S j, i, k[1];\n"
      "MOD.S j.x, j, 3;\n"
      "SHL.U u, u, 2;\n"
      "SHR.S j, j, i.x;\n"
      "AND.U u, u, 0xff;\n"
      "OR.S j, j, {1, 2, 3, 4};\n"
      "XOR.U u, u, u;\n"
      "NOT.S j, j;\n"
      "I2F.S f, j;\n"
      "MUL.S24 i, i, j;\n"
      "MUL.U24 u, u, u;\n"
      "MUL.S.HI i, i, j;\n"
      "SAD.S u, i, j, u;\n"
      "MOV.F t[i.x + 1], f;\n"
      "MOV.F r, t[i.y];\n"
      "MOV r, va[j.x];\n"
      "MOV r, va[2];\n"
      "MOV tc[i.x], r;\n"
      "DP4 result.position.x, mvp[0], vertex.position;\n"
      "DP4 result.position.y, mvp[1], vertex.position;\n"
      "DP4 result.position.z, mvp[2], vertex.position;\n"
      "DP4 result.position.w, mvp[3], vertex.position;\n"
      "MOV result.attrib[3], r;\n"
      "MOV.S result.id, vertex.instance;\n"
      "MOV result.clip[2], r.y;\n"
      "CEIL.S i, r;\n"
      "ROUND.U u, r;\n"
      "TRUNC.S i, r;\n"
      "FLR.F r, r;\n"
      "SEQ.S i, i, j;\n"
      "SGE.U u, u, u;\n"
      "STR.S i, i, i;\n"
      "SFL.F r, r, r;\n"
      "MAX.S i, i, j;\n"
      "MIN.U u, u, u;\n"
      "ABS.S i, i;\n"
      "DIV.S i, i, j.x;\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!NVfp4.0\n"
      "OPTION ARB_draw_buffers;\n"
      "FLAT INT ATTRIB idx = fragment.attrib[0];\n"
      "CENTROID ATTRIB tc = fragment.texcoord[1];\n"
      "NOPERSPECTIVE ATTRIB np[] = { fragment.attrib[2..3] };\n"
      "ATTRIB cl[] = { fragment.clip[0..3] };\n"
      "TEMP r, s;\n"
      "INT TEMP i;\n"
      "MOV.S i, idx;\n"
      "MOV r, np[i.x];\n"
      "MOV s, cl[3];\n"
      "ADD r, r, fragment.clip[5];\n"
      "MOVC.F r, r;\n"
      "KIL LT.x;\n"
      "KIL.F r;\n"
      "KIL NAN1.xyzw;\n"
      "SNE.F.CC1 s, r, s;\n"
      "IF GT1.x;\n"
      " DDX r, r;\n"
      "ELSE;\n"
      " DDY r, r;\n"
      "ENDIF;\n"
      "REP;\n"
      "  ADD.F.CC s.x, s.x, -1;\n"
      "  BRK (LE.x);\n"
      "ENDREP;\n"
      "REP.S i.x;\n"
      "  CONT (EQ1.y);\n"
      "ENDREP;\n"
      "TEX r, tc, texture[0], 2D, (1, -1);\n"
      "TXB.F r, tc, texture[1], CUBE;\n"
      "TXL r, tc, texture[2], 3D, (1, 2, 3);\n"
      "TXP r, tc, texture[3], SHADOW2D;\n"
      "TXD r, tc, r, s, texture[4], ARRAY2D, (-8, 7);\n"
      "TXF.S i, i, texture[5], BUFFER;\n"
      "TXQ i, i.x, texture[6], RECT;\n"
      "TEX r, tc, texture[7], SHADOWCUBE;\n"
      "TEX r, tc, texture[8], SHADOWARRAY2D;\n"
      "TEX r, tc, texture[9], SHADOWARRAY1D;\n"
      "MOV result.color[1], fragment.facing;\n"
      "MOV.S result.color[2], primitive.id;\n"
      "MOV result.depth.z, fragment.position;\n"
      "PK2H.U.NTC i, r;\n"
      "UP2H.U.NTC r, i.x;\n"
      "PK4UB r.x, r;\n"
      "UP4B.F r, r.x;\n"
      "MOVH r, r;\n"
      "ADDR_SAT r, r, r;\n"
      "MOV.F.SSAT r, r;\n"
      "DP2 r, r, r;\n"
      "DP2A r, r, r, r;\n"
      "X2D r, r, r, r;\n"
      "RFL r, r, r;\n"
      "NRM r, r;\n"
      "SCS r, r.x;\n"
      "SSG r, r;\n"
      "RCC r, r.x;\n"
      "LIT r, r;\n"
      "DST r, r, r;\n"
      "XPD r, r, r;\n"
      "CMP.S i, i, i, i;\n"
      "LRP r, r, r, r;\n"
      "POW r, r.x, r.y;\n"
      "SWZ r, r, -x, 0, 1, w;\n"
      "MOV result.color, r;\n"
      "END\n" },
    { GP_STAGE_GEOMETRY,
      "!!NVgp4.0\n"
      "PRIMITIVE_IN TRIANGLES_ADJACENCY;\n"
      "PRIMITIVE_OUT LINE_STRIP;\n"
      "VERTICES_OUT 12;\n"
      "ATTRIB pos = vertex.position;\n"
      "ATTRIB tcs[] = { vertex.texcoord[0..3] };\n"
      "ATTRIB t1[4] = { vertex[1].texcoord[1..4] };\n"
      "ATTRIB pc = vertex.clip[2];\n"
      "INT TEMP a;\n"
      "TEMP r;\n"
      "MOV.S a, primitive.id;\n"
      "MOV r, pos[1];\n"
      "MOV r, pos[a.x + 2];\n"
      "MOV r, tcs[a.x][1];\n"
      "MOV r, tcs[a.x][a.y];\n"
      "MOV r, tcs[2][a.y + 1];\n"
      "MOV r, t1[2];\n"
      "MOV r, pc[a.z];\n"
      "ADD r, r, vertex[5].color.back.secondary;\n"
      "MOV r, vertex[0].clip[3];\n"
      "MOV r, vertex[4].id;\n"
      "MOV result.position, r;\n"
      "MOV.S result.layer, a;\n"
      "MOV.S result.primid, a;\n"
      "EMIT;\n"
      "ENDPRIM;\n"
      "EMIT;\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!NVfp4.0\n"
      "BUFFER4 vecs[] = { program.buffer[0] };\n"
      "BUFFER words[8] = { program.buffer[3][8..15] };\n"
      "BUFFER one = program.buffer[2][5];\n"
      "UINT BUFFER ub[] = { program.buffer[4][0..3], program.buffer[4][4] };\n"
      "INT TEMP i;\n"
      "TEMP r;\n"
      "MOV.S i, words[0];\n"
      "MOV r, vecs[i.x + 2];\n"
      "MOV r, words[i.y];\n"
      "MOV r, one;\n"
      "MOV.U.NTC i, ub[4];\n"
      "MOV result.color, r;\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      "!!NVvp4.0\n"
      "TEMP r;\n"
      "INT TEMP c;\n"
      "sub:\n"
      "  MUL r, r, r;\n"
      "  RET;\n"
      "sub2:\n"
      "  ADD r, r, 1;\n"
      "main:\n"
      "  MOV r, 9.0;\n"
      "  CAL sub;\n"
      "  CAL sub2 (GT.x);\n"
      "  MOV result.position, r;\n"
      "END\n" },
};

static bool same_info(const gp_program_info *a, const gp_program_info *b)
{
    return a->num_instructions == b->num_instructions && a->num_params == b->num_params &&
           a->inputs_read == b->inputs_read && a->outputs_written == b->outputs_written &&
           a->options == b->options && a->uses_kill == b->uses_kill && a->writes_depth == b->writes_depth &&
           a->uses_derivatives == b->uses_derivatives && a->tex_units_used == b->tex_units_used &&
           memcmp(a->tex_target, b->tex_target, sizeof(a->tex_target)) == 0 &&
           memcmp(a->params, b->params, sizeof(gp_param_binding) * (size_t)a->num_params) == 0 &&
           a->inputs_flat == b->inputs_flat && a->inputs_centroid == b->inputs_centroid &&
           a->inputs_noperspective == b->inputs_noperspective && a->gs_primitive_in == b->gs_primitive_in &&
           a->gs_primitive_out == b->gs_primitive_out && a->gs_vertices_out == b->gs_vertices_out &&
           a->num_result_components == b->num_result_components &&
           a->param_buffers_used == b->param_buffers_used && a->param_buffers_vec4 == b->param_buffers_vec4;
}

static int fixed_points;

static void fixed_point(const char *name, const char *text, size_t len, gp_stage stage)
{
    gp_error err;
    gp_program *p = gp_compile(text, len, stage, NULL, &err);
    CHECK(p, "%s rejected: %d:%d %s", name, err.line, err.col, err.msg);
    if (!p)
        return;
    char *a = print_alloc(p);
    gp_program *q = gp_compile(a, strlen(a), stage, NULL, &err);
    CHECK(q, "%s: printed text rejected: %d:%d %s\n%s", name, err.line, err.col, err.msg, a);
    if (q) {
        char *b = print_alloc(q);
        CHECK(strcmp(a, b) == 0, "%s: print is not a fixed point:\n--- first\n%s--- second\n%s", name, a, b);
        CHECK(same_info(gp_program_get_info(p), gp_program_get_info(q)), "%s: reparsed program differs in its info",
              name);
        free(b);
    }
    fixed_points++;
    gp_program_free(q);
    free(a);
    gp_program_free(p);
}

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)((rng >> 33) % n) : 0;
}

/* Tokens worth splicing into NV4 programs. */
static const char *const dict[] = {
    ".S", ".U", ".F", ".CC1", ".SAT", ".NTC", "INT ", "UINT ", "FLAT ", "TEMP a[4];", "[R0.x + 1]", "[0]",
    "REP;", "ENDREP;", "BRK;", "IF NAN1.x;", "ENDIF;", "CAL main;", "main:", "RET;", "EMIT;", "0x7fffffff",
    "{-1, 2}", ", (1, -1)", "BUFFER", "program.buffer[1][0..3]", "vertex[1].", "primitive.id", "fragment.clip[5]",
    "result.attrib[3]", "TXF", "TXQ", "..", ";", ",", "#", "\n",
};

static void mutate_and_compile(const char *seed)
{
    size_t len = strlen(seed), cap = len * 2 + 256;
    char *m = malloc(cap);
    memcpy(m, seed, len);
    int rounds = 1 + (int)rnd(3);
    for (int r = 0; r < rounds; r++) {
        switch (rnd(4)) {
        case 0:
            if (len)
                m[rnd((uint32_t)len)] ^= (char)(1u << rnd(8));
            break;
        case 1:
            len = rnd((uint32_t)len + 1);
            break;
        case 2: { /* insert a dictionary token */
            const char *t = dict[rnd(sizeof(dict) / sizeof(dict[0]))];
            size_t tl = strlen(t), at = rnd((uint32_t)len + 1);
            if (len + tl >= cap)
                break;
            memmove(m + at + tl, m + at, len - at);
            memcpy(m + at, t, tl);
            len += tl;
            break;
        }
        default: { /* delete a span */
            size_t at = rnd((uint32_t)len + 1), n = rnd(12);
            if (at + n > len)
                n = len - at;
            memmove(m + at, m + at + n, len - at - n);
            len -= n;
            break;
        }
        }
    }
    static const gp_stage stages[3] = { GP_STAGE_VERTEX, GP_STAGE_FRAGMENT, GP_STAGE_GEOMETRY };
    for (int s = 0; s < 3; s++) {
        gp_error err;
        gp_program *p = gp_compile(m, len, stages[s], NULL, &err);
        if (!p) {
            CHECK(err.pos >= 0 && (size_t)err.pos <= len && err.line >= 1 && err.col >= 1 && err.msg[0],
                  "a rejection says where and why");
            continue;
        }
        char *a = print_alloc(p);
        gp_program *q = gp_compile(a, strlen(a), stages[s], NULL, &err);
        CHECK(q, "mutant's disassembly rejected: %d:%d %s\n--- mutant\n%.*s\n--- printed\n%s", err.line, err.col,
              err.msg, (int)len, m, a);
        gp_program_free(q);
        free(a);
        gp_program_free(p);
    }
    free(m);
}

int main(void)
{
    for (size_t i = 0; i < sizeof(goldens) / sizeof(goldens[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(goldens[i].src, strlen(goldens[i].src), goldens[i].stage, NULL, &err);
        CHECK(p, "golden %zu rejected: %d:%d %s", i, err.line, err.col, err.msg);
        if (!p)
            continue;
        char *text = print_alloc(p);
        CHECK(strcmp(text, goldens[i].want) == 0, "golden %zu:\n--- got\n%s--- want\n%s", i, text, goldens[i].want);
        free(text);
        gp_program_free(p);
        char name[32];
        snprintf(name, sizeof(name), "golden %zu", i);
        fixed_point(name, goldens[i].src, strlen(goldens[i].src), goldens[i].stage);
    }
    for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
        char name[32];
        snprintf(name, sizeof(name), "feature %zu", i);
        fixed_point(name, features[i].src, strlen(features[i].src), features[i].stage);
    }
    /* the NV4 programs of the real-world corpus */
    const char *shared = gpt_env("ASMGL_SHARED_DIR", "../shared");
    char dir[2048];
    snprintf(dir, sizeof(dir), "%s/corpus/real", shared);
    char **subs;
    int ns = gpt_list_dir(dir, NULL, &subs), corpus = 0;
    for (int i = 0; i < ns; i++) {
        char sub[4096];
        snprintf(sub, sizeof(sub), "%s/%s", dir, subs[i]);
        char **names;
        int n = gpt_list_dir(sub, NULL, &names);
        for (int k = 0; k < n; k++) {
            char path[8192];
            snprintf(path, sizeof(path), "%s/%s", sub, names[k]);
            size_t len;
            char *text = gpt_read_file(path, &len);
            if (text && !strncmp(text, "!!NV", 4) && strstr(text, "4.0")) {
                gp_stage st = !strncmp(text, "!!NVfp", 6) ? GP_STAGE_FRAGMENT
                              : !strncmp(text, "!!NVgp", 6) ? GP_STAGE_GEOMETRY : GP_STAGE_VERTEX;
                fixed_point(path, text, len, st);
                corpus++;
            }
            free(text);
        }
        gpt_free_names(names, n);
    }
    gpt_free_names(subs, ns);
    CHECK(corpus >= 6, "expected the 6 NV4 corpus programs, found %d", corpus);
    /* mutation smoke test */
    int mutants = 0;
    for (int round = 0; round < 400; round++) {
        size_t nf = sizeof(features) / sizeof(features[0]), ng = sizeof(goldens) / sizeof(goldens[0]);
        size_t k = rnd((uint32_t)(nf + ng));
        mutate_and_compile(k < nf ? features[k].src : goldens[k - nf].src);
        mutants++;
    }
    printf("nv4_print: %d fixed points (%d corpus programs), %d mutants, %d failures\n", fixed_points, corpus, mutants,
           gpt_failures);
    return gpt_failures ? 1 : 0;
}
