/*
 * test_nv5_msaa_parse.c - glprog.nv5_msaa_parse: the NV_gpu_program5
 * multisample bindings and the SAMPLE modifier in fragment programs
 * (2.X.2 grammar: <interpModifier> "SAMPLE", fragment.sampleid,
 * fragment.samplemask, result.samplemask; 2.X.3.2): what loads and the
 * program info the rasterizer reads (inputs_read / inputs_sample bits,
 * outputs_written), what fails to load and where (line, column of the
 * offending token), and the printer's text compiling again to the same info.
 *
 * covers: BIND.F.SAMPLEMASK BIND.F.SAMPLEID BIND.R.SAMPLEMASK DT.SAMPLE HDR.GATE5
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glprog.h"

static int failures;
#define CHECK(cond, ...)                                                              \
    do {                                                                              \
        if (!(cond)) {                                                                \
            failures++;                                                               \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                             \
            fprintf(stderr, "\n");                                                    \
        }                                                                             \
    } while (0)

static gp_program *compile(const char *src, gp_error *err)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    return gp_compile(src, strlen(src), GP_STAGE_FRAGMENT, &lim, err);
}

/* src must fail at (line, col) with a message containing msg */
static void fails(const char *src, int line, int col, const char *msg)
{
    gp_error err;
    gp_program *p = compile(src, &err);
    CHECK(!p, "accepted:\n%s", src);
    if (p) {
        gp_program_free(p);
        return;
    }
    CHECK(err.line == line && err.col == col && strstr(err.msg, msg),
          "error at %d:%d '%s', want %d:%d '%s'\n%s", err.line, err.col, err.msg, line, col, msg, src);
}

/* compiles, checks the info, and compiles the printed text to the same info */
static void loads(const char *src, uint64_t read_bits, uint64_t sample_bits, uint64_t written_bits)
{
    gp_error err;
    gp_program *p = compile(src, &err);
    CHECK(p, "rejected at %d:%d: %s\n%s", err.line, err.col, err.msg, src);
    if (!p)
        return;
    for (int round = 0; round < 2 && p; round++) {
        const gp_program_info *info = gp_program_get_info(p);
        CHECK((info->inputs_read & read_bits) == read_bits, "round %d inputs_read %llx lacks %llx", round,
              (unsigned long long)info->inputs_read, (unsigned long long)read_bits);
        CHECK(info->inputs_sample == sample_bits, "round %d inputs_sample %llx, want %llx", round,
              (unsigned long long)info->inputs_sample, (unsigned long long)sample_bits);
        CHECK((info->outputs_written & written_bits) == written_bits, "round %d outputs_written %llx lacks %llx",
              round, (unsigned long long)info->outputs_written, (unsigned long long)written_bits);
        if (round == 1)
            break;
        size_t n = gp_program_print(p, NULL, 0);
        char *text = malloc(n + 1);
        gp_program_print(p, text, n + 1);
        gp_program *q = compile(text, &err);
        CHECK(q, "printed text rejected at %d:%d: %s\n%s", err.line, err.col, err.msg, text);
        free(text);
        gp_program_free(p);
        p = q;
    }
    gp_program_free(p);
}

int main(void)
{
    const uint64_t SAMPLE = 1ull << GP_VARY_SAMPLE;
    /* fragment.samplemask alone: read, no per-sample execution */
    loads("!!NVfp5.0\nI2F.U result.color.x, fragment.samplemask;\nEND\n", SAMPLE, 0, 1ull << GP_FOUT_COLOR0);
    /* fragment.sampleid (any swizzle reads the id): per-sample */
    loads("!!NVfp5.0\nI2F.S result.color, fragment.sampleid.yzwx;\nEND\n", SAMPLE, SAMPLE, 1ull << GP_FOUT_COLOR0);
    /* through ATTRIB declarations */
    loads("!!NVfp5.0\nATTRIB id = fragment.sampleid;\nATTRIB m = fragment.samplemask;\n"
          "TEMP t;\nI2F.S t.x, id;\nI2F.U t.y, m.x;\nMOV result.color, t;\nEND\n",
          SAMPLE, SAMPLE, 1ull << GP_FOUT_COLOR0);
    /* result.samplemask */
    loads("!!NVfp5.0\nMOV.U result.samplemask.x, 5;\nMOV result.color, 1;\nEND\n", 0, 0,
          (1ull << GP_FOUT_SAMPLEMASK) | (1ull << GP_FOUT_COLOR0));
    loads("!!NVfp5.0\nOUTPUT m = result.samplemask;\nMOV.U m.x, 3;\nEND\n", 0, 0, 1ull << GP_FOUT_SAMPLEMASK);
    /* SAMPLE attributes (also with NOPERSPECTIVE) */
    loads("!!NVfp5.0\nSAMPLE ATTRIB a = fragment.texcoord[2];\nMOV result.color, a;\nEND\n",
          1ull << (GP_VARY_TEX0 + 2), 1ull << (GP_VARY_TEX0 + 2), 1ull << GP_FOUT_COLOR0);
    loads("!!NVfp5.0\nNOPERSPECTIVE SAMPLE ATTRIB a[] = { fragment.attrib[1..2] };\n"
          "ADD result.color, a[0], a[1];\nEND\n",
          (3ull << (GP_VARY_ATTR0 + 1)), (3ull << (GP_VARY_ATTR0 + 1)), 1ull << GP_FOUT_COLOR0);

    /* NV_gpu_program4 has none of them */
    fails("!!NVfp4.0\nI2F.U result.color.x, fragment.samplemask;\nEND\n", 2, 23,
          "requires NV_gpu_program5");
    fails("!!NVfp4.0\nI2F.S result.color.x, fragment.sampleid;\nEND\n", 2, 23, "requires NV_gpu_program5");
    fails("!!NVfp4.0\nMOV.U result.samplemask.x, 5;\nEND\n", 2, 7, "requires NV_gpu_program5");
    fails("!!NVfp4.0\nSAMPLE ATTRIB a = fragment.texcoord[0];\nMOV result.color, a;\nEND\n", 2, 1,
          "requires NV_gpu_program5");
    /* one interpolation location; FLAT has none */
    fails("!!NVfp5.0\nCENTROID SAMPLE ATTRIB a = fragment.texcoord[0];\nMOV result.color, a;\nEND\n", 2, 10,
          "CENTROID and SAMPLE cannot be combined");
    fails("!!NVfp5.0\nFLAT SAMPLE ATTRIB a = fragment.texcoord[0];\nMOV result.color, a;\nEND\n", 2, 6,
          "FLAT cannot be combined with SAMPLE");
    fails("!!NVfp5.0\nSAMPLE SAMPLE ATTRIB a = fragment.texcoord[0];\nMOV result.color, a;\nEND\n", 2, 8,
          "'SAMPLE' is given twice");
    /* not an interpolated binding; not on TEMP; not in vertex programs */
    fails("!!NVfp5.0\nSAMPLE ATTRIB m = fragment.samplemask;\nMOV result.color, m;\nEND\n", 2, 19,
          "interpolation modifiers cannot be used");
    fails("!!NVfp5.0\nSAMPLE TEMP t;\nMOV result.color, t;\nEND\n", 2, 1,
          "interpolation modifiers are only allowed on ATTRIB");
    /* fragment.sampleid is read-only */
    fails("!!NVfp5.0\nMOV fragment.sampleid, 1;\nEND\n", 2, 5, "");
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
