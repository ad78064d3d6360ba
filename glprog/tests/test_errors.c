/*
 * test_errors.c - glprog.errors: malformed programs are rejected with the
 * offset, line and column of the offending token (GL_PROGRAM_ERROR_POSITION_ARB
 * semantics) and a message that names the problem.  Every expected position
 * below was counted by hand from the program text.  Test executable.
 */
#include "gp_test_util.h"

enum { V = GP_STAGE_VERTEX, F = GP_STAGE_FRAGMENT };

/* Limits some cases shrink (0 = default). */
typedef struct {
    int max_instructions, max_temporaries, max_parameters, max_alu;
} shrink;

static const struct ecase {
    int stage;
    const char *src;
    int pos, line, col;
    const char *msg;
    shrink lim;
} cases[] = {
    /* lexical */
    { V, "!!ARBvp1.0\nMOVX result.color, vertex.color;\nEND", 11, 2, 1, "unknown opcode 'MOVX'", { 0 } },
    { F, "!!ARBfp1.0\nMOV result.color, @;\nEND", 29, 2, 19, "unexpected character '@'", { 0 } },
    { V, "!!ARBvp1.0 # c\nBAD;\nEND", 15, 2, 1, "unknown opcode 'BAD'", { 0 } },
    { V, "!!ARBvp1.0\r\nTEMP a;\r\nMOVX a, a;\r\nEND", 21, 3, 1, "unknown opcode 'MOVX'", { 0 } },
    { V, "!!ARBvp1.0\rMOVX a;\rEND", 11, 2, 1, "unknown opcode 'MOVX'", { 0 } },
    { F, "!!ARBfp1.0\nMOV result.color, fragment.color;\n", 45, 3, 1, "missing END", { 0 } },
    /* headers */
    { F, "!!ARBvp1.0\nEND", 0, 1, 1, "is a vertex program header", { 0 } },
    /* whitespace before the header is skipped (gp_compile's leniency, as
     * Mesa and piglit's generated programs have it); offsets still count
     * from the first byte of the string */
    { V, "  !!ARBfp1.0\nEND", 2, 1, 3, "is a fragment program header", { 0 } },
    { V, "\n\n \t!!ARBvp1.0\nMOVX a;\nEND", 15, 4, 1, "unknown opcode 'MOVX'", { 0 } },
    { V, "\r\n!!ARBvp1.0\n\nMOV result.color, @;\nEND", 32, 4, 19, "unexpected character '@'", { 0 } },
    { V, "# comment\n!!ARBvp1.0\nEND", 0, 1, 1, "missing or unknown program header", { 0 } },
    { V, "\n\n", 2, 3, 1, "missing or unknown program header", { 0 } },
    { V, "!!VP1.0\nEND", 0, 1, 1, "unsupported program header", { 0 } },
    { F, "!!FP1.0\nEND", 0, 1, 1, "unsupported program header", { 0 } },
    { F, "!!NVfp4.1\nTXGO r;\nEND", 10, 2, 1, "requires an NV_gpu_program5 header", { 0 } }, /* 4.1 loads (HDR.NV41) */
    { V, "!!NVtcp5.0\nEND", 0, 1, 1, "is a tessellation control program header", { 0 } },
    /* options */
    { V, "!!ARBvp1.0\nOPTION foo;\nEND", 18, 2, 8, "unknown option 'foo'", { 0 } },
    { F, "!!ARBfp1.0\nOPTION ARB_fog_exp;\nOPTION ARB_fog_linear;\nEND", 38, 3, 8,
      "conflicts with an earlier ARB_fog option", { 0 } },
    { V, "!!ARBvp1.0\nTEMP a;\nOPTION ARB_position_invariant;\nEND", 19, 3, 1, "OPTION must come before", { 0 } },
    /* bindings */
    { V, "!!ARBvp1.0\nPARAM m = state.matrix.foo.row[0];\nEND", 34, 2, 24,
      "'state.matrix.foo' is not a valid binding", { 0 } },
    { V, "!!ARBvp1.0\nPARAM m[] = { state.matrix.mvp.row[3..1] };\nEND", 46, 2, 36, "invalid row range 3..1", { 0 } },
    { V, "!!ARBvp1.0\nMOV result.color, program.local[99999999999];\nEND", 43, 2, 33,
      "program local parameter 2147483647 out of range", { 0 } },
    { V, "!!ARBvp1.0\nOPTION ARB_position_invariant;\nMOV result.position, vertex.position;\nEND", 53, 3, 12,
      "result.position cannot be used", { 0 } },
    { F, "!!ARBfp1.0\nMOV result.color, fragment.facing;\nEND", 38, 2, 28,
      "fragment.facing requires OPTION NV_fragment_program2", { 0 } },
    { V, "!!ARBvp1.0\nTEMP a;\nMOV a, result.color;\nEND", 26, 3, 8, "write-only", { 0 } },
    { V, "!!ARBvp1.0\nMOV vertex.color, vertex.color;\nEND", 15, 2, 5,
      "expected a temporary or a result as the destination", { 0 } },
    /* names */
    { F, "!!ARBfp1.0\nMOV result.color, foo;\nEND", 29, 2, 19, "undeclared identifier 'foo'", { 0 } },
    { V, "!!ARBvp1.0\nTEMP MOV;\nEND", 16, 2, 6, "'MOV' is a reserved word", { 0 } },
    { V, "!!ARBvp1.0\nTEMP a;\nPARAM a = 1;\nEND", 25, 3, 7, "redeclaration of 'a'", { 0 } },
    /* operands */
    { V, "!!ARBvp1.0\nTEMP r;\nRCP r, r;\nEND", 27, 3, 9, "a scalar operand needs a component selector", { 0 } },
    { F, "!!ARBfp1.0\nMOV result.color, fragment.color.xgba;\nEND", 44, 2, 34, "invalid swizzle '.xgba'", { 0 } },
    { V, "!!ARBvp1.0\nTEMP r;\nMOV r.yx, vertex.color;\nEND", 25, 3, 7, "invalid write mask '.yx'", { 0 } },
    { V, "!!ARBvp1.0\nPARAM p[2] = { 1, 2 };\nMOV result.color, p[2];\nEND", 54, 3, 21,
      "array index 2 out of bounds for 'p' (2 elements)", { 0 } },
    { V, "!!ARBvp1.0\nPARAM p[3] = { 1, 2 };\nEND", 24, 2, 14, "declared with 3 elements but initialized with 2", { 0 } },
    { V, "!!ARBvp1.0\nTEMP a;\nMOV a (GT), a;\nEND", 25, 3, 7, "condition code masks require", { 0 } },
    /* opcodes and modifiers */
    { F, "!!ARBfp1.0\nMOVH result.color, fragment.color;\nEND", 11, 2, 1, "require OPTION NV_fragment_program", { 0 } },
    { F, "!!ARBfp1.0\nARL a.x, b.x;\nEND", 11, 2, 1, "'ARL' is not available in fragment programs", { 0 } },
    { V, "!!ARBvp1.0\nKIL vertex.position;\nEND", 11, 2, 1, "'KIL' is not available in vertex programs", { 0 } },
    /* textures */
    { F, "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[2], 2D;\n"
         "TEX result.color, fragment.texcoord[1], texture[2], 3D;\nEND",
      119, 3, 53, "texture unit 2 used with targets 2D and 3D", { 0 } },
    { F, "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[0], SHADOW2D;\nEND", 63, 2, 53,
      "requires OPTION ARB_fragment_program_shadow", { 0 } },
    { F, "!!ARBfp1.0\nTEX result.color, fragment.texcoord[0], texture[16], 2D;\nEND", 59, 2, 49,
      "texture image unit 16 out of range", { 0 } },
    /* labels and blocks */
    { V, "!!ARBvp1.0\nOPTION NV_vertex_program2;\na:\na:\nEND", 41, 4, 1, "duplicate label 'a'", { 0 } },
    { V, "!!ARBvp1.0\nOPTION NV_vertex_program2;\nBRA nowhere;\nEND", 42, 3, 5, "undefined label 'nowhere'", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nIF GT.x;\nEND", 40, 3, 1, "IF without a matching ENDIF", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nBRK;\nEND", 40, 3, 1, "BRK outside of a REP or LOOP block", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nREP {2}.x;\nENDLOOP;\nEND", 51, 4, 1,
      "ENDLOOP cannot close the REP block", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nREP {2}.x;\nin:\nENDREP;\nEND", 51, 4, 1,
      "label 'in' is inside", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nMOV result.color, fragment.texcoord[A0.x];\nEND", 58, 3, 19,
      "A0.x can only be used inside a LOOP", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nTEMP t;\nREP t;\nENDREP;\nEND", 52, 4, 5,
      "operand of REP must be a program parameter", { 0 } },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program;\nSHORT TEMP h;\nPK2H h, fragment.color;\nEND", 58, 4, 6,
      "PK2H cannot write a SHORT variable", { 0 } },
    /* whole-program rules */
    { V, "!!ARBvp1.0\nATTRIB a = vertex.normal;\nATTRIB b = vertex.attrib[2];\nEND", 48, 3, 12,
      "vertex.attrib[2] and vertex.normal", { 0 } },
    { V, "!!ARBvp1.0\nPARAM a[2] = { program.env[0], program.env[0] };\nADDRESS A0;\n"
         "ARL A0.x, vertex.position.x;\nMOV result.color, a[A0.x];\nEND",
      17, 2, 7, "program.env[0] is bound more than once", { 0 } },
    /* limits */
    { V, "!!ARBvp1.0\nMOV result.color, vertex.color;\nMOV result.color, vertex.color;\n"
         "MOV result.color, vertex.color;\nEND",
      75, 4, 1, "too many instructions (3 > 2)", { .max_instructions = 2 } },
    { V, "!!ARBvp1.0\nTEMP a, b, c;\nEND", 22, 2, 12, "too many temporaries (3 > 2)", { .max_temporaries = 2 } },
    { V, "!!ARBvp1.0\nTEMP a;\nMOV a, 1;\nMOV a, 2;\nMOV a, 3;\nEND", 46, 5, 8, "too many program parameters (3 > 2)",
      { .max_parameters = 2 } },
    { F, "!!ARBfp1.0\nMOV result.color, fragment.color;\nMOV result.color, fragment.color;\nEND", 79, 4, 1,
      "too many ALU instructions (2 > 1)", { .max_alu = 1 } },
};

/* Programs near the cases above that must be accepted (the rule is not
 * over-applied). */
static const struct {
    int stage;
    const char *src;
} accepts[] = {
    { F, "!!ARBfp1.0\nTEMP SEQ, ARL, vertex, EQ;\nMOV SEQ, fragment.color;\nMOV result.color, SEQ;\nEND" },
    { V, "!!ARBvp1.0\nOPTION NV_vertex_program2;\nTEMP label1;\nlabel1: MOV label1, vertex.color;\nEND" },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program;\nTEMP EQ;\nKIL EQ;\nKIL EQ.x;\nEND" },
    { V, "!!ARBvp1.0\nPARAM a[2] = { program.env[0], program.env[0] };\nMOV result.color, a[1];\nEND" },
    { V, "!!ARBvp1.0\nMOV result.color, vertex.attrib[3];\nMOV result.texcoord, vertex.color.secondary;\nEND" },
    { F, "!!ARBfp1.0\nOPTION ARB_precision_hint_nicest;\nOPTION ARB_precision_hint_nicest;\nEND" },
    { F, "!!ARBfp1.0\nCOS result.color, 3.14159.x;\nEND" },
    { F, "!!ARBfp1.0\nOPTION NV_fragment_program2;\nPARAM n = {3, 0, 1};\nLOOP n;\nREP n;\n"
         "MOV result.color, fragment.texcoord[A0.x + 2];\nBRK;\nENDREP;\nENDLOOP;\nEND" },
    { V, "!!ARBvp1.0\nPARAM p[] = { 1, 2 };\nMOV result.color, p[1];\nEND trailing text is ignored @#$" },
    /* whitespace before the header (piglit's generated NV_vertex_program3 tests) */
    { V, "\n\n\n!!ARBvp1.0\n\n# REQUIRE GL_NV_vertex_program3\nOPTION NV_vertex_program3;\n"
         "TEX result.color, vertex.texcoord[0], texture[0], 2D;\nEND" },
    { F, " \t\r\n!!ARBfp1.0\nMOV result.color, fragment.color;\nEND" },
};

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        const struct ecase *c = &cases[i];
        gp_limits lim;
        gp_limits_default(&lim, (gp_stage)c->stage);
        if (c->lim.max_instructions)
            lim.max_instructions = c->lim.max_instructions;
        if (c->lim.max_temporaries)
            lim.max_temporaries = c->lim.max_temporaries;
        if (c->lim.max_parameters)
            lim.max_parameters = c->lim.max_parameters;
        if (c->lim.max_alu)
            lim.max_alu_instructions = c->lim.max_alu;
        gp_error err;
        gp_program *p = gp_compile(c->src, strlen(c->src), (gp_stage)c->stage, &lim, &err);
        CHECK(!p, "case %zu accepted", i);
        if (p) {
            gp_program_free(p);
            continue;
        }
        CHECK(err.pos == c->pos && err.line == c->line && err.col == c->col,
              "case %zu: position %d (line %d, column %d), want %d (line %d, column %d): %s", i, err.pos, err.line,
              err.col, c->pos, c->line, c->col, err.msg);
        CHECK(strstr(err.msg, c->msg) != NULL, "case %zu: message \"%s\" lacks \"%s\"", i, err.msg, c->msg);
        CHECK(!err.out_of_memory, "case %zu: flagged as out of memory", i);
    }
    for (size_t i = 0; i < sizeof(accepts) / sizeof(accepts[0]); i++) {
        gp_error err;
        gp_program *p = gp_compile(accepts[i].src, strlen(accepts[i].src), (gp_stage)accepts[i].stage, NULL, &err);
        CHECK(p, "accept %zu rejected at %d:%d: %s", i, err.line, err.col, err.msg);
        gp_program_free(p);
    }
    /* hostile limits are clamped, never overflow */
    {
        static const char prog[] = "!!ARBvp1.0\nOPTION ARB_position_invariant;\nTEMP a;\nMOV a, 1;\nEND";
        gp_limits lim;
        memset(&lim, 0x7f, sizeof(lim));
        gp_error err;
        gp_program *q = gp_compile(prog, sizeof(prog) - 1, GP_STAGE_VERTEX, &lim, &err);
        CHECK(q, "huge limits: %s", err.msg);
        gp_program_free(q);
        memset(&lim, 0xff, sizeof(lim)); /* all -1 */
        q = gp_compile(prog, sizeof(prog) - 1, GP_STAGE_VERTEX, &lim, &err);
        CHECK(!q && strstr(err.msg, "too many"), "negative limits: %s", q ? "accepted" : err.msg);
        gp_program_free(q);
    }
    /* NULL error pointer and NULL limits are allowed */
    gp_program *p = gp_compile("!!ARBvp1.0 END", 14, GP_STAGE_VERTEX, NULL, NULL);
    CHECK(p, "minimal program with NULL err");
    gp_program_free(p);
    CHECK(!gp_compile(NULL, 0, GP_STAGE_VERTEX, NULL, NULL), "NULL source");
    printf("errors: %zu rejection cases, %zu acceptance cases, %d failures\n", sizeof(cases) / sizeof(cases[0]),
           sizeof(accepts) / sizeof(accepts[0]), gpt_failures);
    return gpt_failures ? 1 : 0;
}
