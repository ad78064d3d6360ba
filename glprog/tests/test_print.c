/*
 * test_print.c - glprog.print: the disassembler (R15).
 *   1. golden: small programs print exactly as written here by hand;
 *   2. fixed point: for every accepted program (piglit asmparsertest, the
 *      real-world corpus, and feature programs below) parse, print,
 *      re-parse the printed text, print again: the two texts are identical
 *      and the two programs agree on their info.
 * Test executable, single thread.
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
      "!!ARBvp1.0\n"
      "PARAM mvp[4] = { state.matrix.mvp };\n"
      "TEMP t;\n"
      "DP4 t.x, mvp[0], vertex.position;\n"
      "MOV result.color, {0.5, 1, 2}.zyxw;\n"
      "SWZ result.texcoord[1], vertex.normal, -x, 0, 1, w;\n"
      "ADD result.position, t, -2.5;\n"
      "END\n",
      "!!ARBvp1.0\n"
      "TEMP R0;\n"
      "PARAM P0[6] = { state.matrix.mvp.row[0], state.matrix.mvp.row[1], state.matrix.mvp.row[2], "
      "state.matrix.mvp.row[3], {0.5, 1, 2, 1}, {2.5, 2.5, 2.5, 2.5} };\n"
      "DP4 R0.x, P0[0], vertex.position;\n"
      "MOV result.color, P0[4].zyxw;\n"
      "SWZ result.texcoord[1], vertex.normal, -x, 0, 1, w;\n"
      "ADD result.position, R0, -P0[5];\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      /* relative addressing keeps its array: P0 is b's rows, P1 the rest */
      "!!ARBvp1.0\n"
      "PARAM a = program.env[7];\n"
      "PARAM b[3] = { program.local[1..2], 0.25 };\n"
      "ADDRESS A;\n"
      "ARL A.x, vertex.attrib[6].y;\n"
      "MUL result.color, b[A.x + 1], a;\n"
      "END\n",
      "!!ARBvp1.0\n"
      "ADDRESS A0;\n"
      "PARAM P0[1] = { program.env[7] };\n"
      "PARAM P1[3] = { program.local[1], program.local[2], {0.25, 0.25, 0.25, 0.25} };\n"
      "ARL A0.x, vertex.attrib[6].y;\n"
      "MUL result.color, P1[A0.x + 1], P0[0];\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "TEMP r;\n"
      "MOVC r, fragment.color.bgra;\n"
      "IF NE.w;\n"
      "KIL LT.x;\n"
      "ENDIF;\n"
      "TEX_SAT result.color.rgb, r, texture[1], RECT;\n"
      "END\n",
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "TEMP R0;\n"
      "MOVC R0, fragment.color.zyxw;\n"
      "IF NE.w;\n"
      "  KIL LT.x;\n"
      "ENDIF;\n"
      "TEX_SAT result.color.xyz, R0, texture[1], RECT;\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      /* SWZ selectors as separate terms pick from the source register
       * (piglit arb_vertex_program swz*.shader_test) */
      "!!ARBvp1.0\n"
      "PARAM p = program.local[1];\n"
      "TEMP t;\n"
      "SWZ t, p, w,x,x,y;\n"
      "SWZ result.color, t, -1,x,-z,0;\n"
      "SWZ result.texcoord[0], p, -w,+y,-y,w;\n"
      "END\n",
      "!!ARBvp1.0\n"
      "TEMP R0;\n"
      "PARAM P0[1] = { program.local[1] };\n"
      "SWZ R0, P0[0], w, x, x, y;\n"
      "SWZ result.color, R0, -1, x, -z, 0;\n"
      "SWZ result.texcoord[0], P0[0], -w, y, -y, w;\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "SWZ result.color, fragment.color, a,r,-1,g;\n"
      "END\n",
      "!!ARBfp1.0\n"
      "SWZ result.color, fragment.color, w, x, -1, y;\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      /* fog: the epilogue, its temporaries and its state.fog.params row are
       * the option's, not printed; a row the text binds stays */
      "!!ARBfp1.0\n"
      "OPTION ARB_fog_linear;\n"
      "PARAM p = state.fog.color;\n"
      "TEMP t;\n"
      "MUL t, fragment.color, p;\n"
      "MOV result.color.xyz, t;\n"
      "MOV result.color.w, 1;\n"
      "END\n",
      "!!ARBfp1.0\n"
      "OPTION ARB_fog_linear;\n"
      "TEMP R0;\n"
      "PARAM P0[2] = { state.fog.color, {1, 1, 1, 1} };\n"
      "MUL R0, fragment.color, P0[0];\n"
      "MOV result.color.xyz, R0;\n"
      "MOV result.color.w, P0[1];\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      /* fog with RET: the CAL/BRA wrapper is not printed, "main" is */
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "OPTION ARB_fog_exp;\n"
      "sub:\n"
      "MOV result.color, fragment.color;\n"
      "RET;\n"
      "main:\n"
      "CAL sub;\n"
      "RET;\n"
      "END\n",
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "OPTION ARB_fog_exp;\n"
      "L0:\n"
      "MOV result.color, fragment.color;\n"
      "RET;\n"
      "main:\n"
      "CAL L0;\n"
      "RET;\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      /* position invariance: the prologue and its MVP rows are not printed */
      "!!ARBvp1.0\n"
      "OPTION ARB_position_invariant;\n"
      "MOV result.color, vertex.color;\n"
      "END\n",
      "!!ARBvp1.0\n"
      "OPTION ARB_position_invariant;\n"
      "MOV result.color, vertex.color;\n"
      "END\n" },
};

/* Feature programs for the fixed-point check (options the corpus lacks). */
static const struct {
    gp_stage stage;
    const char *src;
} features[] = {
    { GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "PARAM count = {4, 0, 1, 0};\n"
      "PARAM c[2] = { {1,2,3,4}, program.env[3] };\n"
      "TEMP R0, R1;\n"
      "SHORT TEMP H0;\n"
      "MOVC R0, fragment.texcoord[0];\n"
      "IF GT.x;\n"
      "  MOVR R1 (NE.zyxw), -|R0.yxzw|;\n"
      "ELSE;\n"
      "  LOOP count;\n"
      "    ADDH_SSAT R1, R1, fragment.texcoord[A0.x + 1];\n"
      "    BRK (LT.y);\n"
      "  ENDLOOP;\n"
      "ENDIF;\n"
      "REP c[0];\n"
      "  DIV R1, R1, R0.z;\n"
      "ENDREP;\n"
      "CAL sub (EQ);\n"
      "KIL GT.xyww;\n"
      "TXL R0, R1, texture[2], CUBE;\n"
      "MOV result.color, R1;\n"
      "RET;\n"
      "sub:\n"
      "  NRM R1, R0;\n"
      "  DP2A R1.x, R1, R0, c[1];\n"
      "  COS R1.y, 3.5;\n"
      "  RET;\n"
      "END\n" },
    { GP_STAGE_VERTEX,
      "!!ARBvp1.0\n"
      "OPTION NV_vertex_program3;\n"
      "OPTION ARB_position_invariant;\n"
      "OPTION ARB_fragment_program_shadow;\n"
      "ADDRESS A0, A1;\n"
      "TEMP R0, R1;\n"
      "PARAM arr[4] = { program.local[0..3] };\n"
      "OUTPUT clip2 = result.clip[2];\n"
      "ARL A0, vertex.attrib[7];\n"
      "main:\n"
      "ARR A1.xy (GT0.x), R0;\n"
      "ARAC1 A0.xz, A1;\n"
      "PUSHA A0;\n"
      "POPA A1 (EQ1.wzyx);\n"
      "MOVC1_SAT R0, arr[A0.w - 1];\n"
      "SSG R1, |R0|;\n"
      "RCC R1.x, -R0.y;\n"
      "MOV result.texcoord[A1.x + 2], vertex.texcoord[A0.y + 1];\n"
      "DP4 clip2.x, R0, R1;\n"
      "MOV result.clip[5], R0;\n"
      "TXP R1, R0, texture[3], SHADOW2D;\n"
      "loop:\n"
      "BRA loop (LT1.x);\n"
      "CAL done;\n"
      "SIN R0, 0.5;\n"
      "done:\n"
      "RET (TR);\n"
      "END\n" },
    { GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program;\n"
      "OPTION ARB_fog_exp2;\n"
      "OPTION ATI_draw_buffers;\n"
      "OPTION MESA_texture_array;\n"
      "OPTION ARB_fragment_program_shadow;\n"
      "LONG OUTPUT c1 = result.color[1];\n"
      "TEMP t;\n"
      "DDX t, fragment.position;\n"
      "PK4UB t.x, t;\n"
      "UP4UBC t, t.x;\n"
      "X2DH_SAT t, t, fragment.fogcoord, {1, -0, 1e39, 1e-45};\n"
      "TXD c1 (EQ.x), t, t, t, texture[7], SHADOWARRAY2D;\n"
      "MOV result.depth.z, state.depth.range;\n"
      "MOV result.color, state.texenv[3].color;\n"
      "END\n" },
};

static void fixed_point(const char *name, const char *text, size_t len, gp_stage stage)
{
    gp_error err;
    gp_program *p = gp_compile(text, len, stage, NULL, &err);
    if (!p)
        return; /* rejected programs are the other tests' business */
    char *a = print_alloc(p);
    gp_program *q = gp_compile(a, strlen(a), stage, NULL, &err);
    CHECK(q, "%s: printed text rejected: %d:%d %s\n%s", name, err.line, err.col, err.msg, a);
    if (q) {
        char *b = print_alloc(q);
        CHECK(strcmp(a, b) == 0, "%s: print is not a fixed point:\n--- first\n%s--- second\n%s", name, a, b);
        const gp_program_info *pi = gp_program_get_info(p), *qi = gp_program_get_info(q);
        CHECK(pi->num_instructions == qi->num_instructions && pi->num_params == qi->num_params &&
                  pi->inputs_read == qi->inputs_read && pi->outputs_written == qi->outputs_written &&
                  pi->options == qi->options && pi->uses_kill == qi->uses_kill &&
                  memcmp(pi->tex_target, qi->tex_target, sizeof(pi->tex_target)) == 0 &&
                  memcmp(pi->params, qi->params, sizeof(gp_param_binding) * (size_t)pi->num_params) == 0,
              "%s: reparsed program differs in its info", name);
        free(b);
    }
    gp_program_free(q);
    free(a);
    gp_program_free(p);
}

static int fixed_point_dir(const char *dir, const char *suffix, gp_stage stage)
{
    char **names;
    int n = gpt_list_dir(dir, suffix, &names);
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        size_t len;
        char *text = gpt_read_file(path, &len);
        if (!text)
            continue;
        gp_stage st = stage;
        if (!strncmp(text, "!!ARBvp1.0", 10))
            st = GP_STAGE_VERTEX;
        else if (!strncmp(text, "!!ARBfp1.0", 10))
            st = GP_STAGE_FRAGMENT;
        fixed_point(path, text, len, st);
        free(text);
    }
    gpt_free_names(names, n);
    return n > 0 ? n : 0;
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
        /* truncated output stays NUL-terminated and reports the full length */
        char small[16];
        size_t need = gp_program_print(p, small, sizeof(small));
        CHECK(need == strlen(text) && strlen(small) == sizeof(small) - 1 &&
                  memcmp(small, text, sizeof(small) - 1) == 0, "truncation");
        free(text);
        gp_program_free(p);
        char name[32];
        snprintf(name, sizeof(name), "golden %zu", i);
        fixed_point(name, goldens[i].src, strlen(goldens[i].src), goldens[i].stage);
    }
    for (size_t i = 0; i < sizeof(features) / sizeof(features[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(features[i].src, strlen(features[i].src), features[i].stage, NULL, &err);
        CHECK(p, "feature program %zu rejected: %d:%d %s", i, err.line, err.col, err.msg);
        gp_program_free(p);
        char name[32];
        snprintf(name, sizeof(name), "feature %zu", i);
        fixed_point(name, features[i].src, strlen(features[i].src), features[i].stage);
    }
    const char *piglit = gpt_env("PIGLIT_TESTS_DIR", "/usr/lib/x86_64-linux-gnu/piglit/tests");
    const char *shared = gpt_env("ASMGL_SHARED_DIR", "../shared");
    char dir[2048];
    int files = 0;
    snprintf(dir, sizeof(dir), "%s/asmparsertest/shaders/ARBvp1.0", piglit);
    files += fixed_point_dir(dir, ".txt", GP_STAGE_VERTEX);
    snprintf(dir, sizeof(dir), "%s/asmparsertest/shaders/ARBfp1.0", piglit);
    files += fixed_point_dir(dir, ".txt", GP_STAGE_FRAGMENT);
    char **subs;
    snprintf(dir, sizeof(dir), "%s/corpus/real", shared);
    int ns = gpt_list_dir(dir, NULL, &subs);
    for (int i = 0; i < ns; i++) {
        char sub[4096];
        snprintf(sub, sizeof(sub), "%s/%s", dir, subs[i]);
        files += fixed_point_dir(sub, ".vp", GP_STAGE_VERTEX);
        files += fixed_point_dir(sub, ".fp", GP_STAGE_FRAGMENT);
    }
    gpt_free_names(subs, ns);
    printf("print: %d files checked, %d failures\n", files, gpt_failures);
    CHECK(files > 900, "expected the piglit and corpus programs, found %d files", files);
    return gpt_failures ? 1 : 0;
}
