/*
 * fuzz_parse.c - libFuzzer entry point for the glprog front end: the input
 * is compiled as a vertex, a fragment and a tessellation control and
 * evaluation program (a header of another type fails at once); whatever compiles is
 * disassembled, and the disassembly must compile again (R15), so the fuzzer
 * also exercises the printer.  Single thread per call, as libFuzzer runs it.
 *
 * Build and run (clang; docs/testing.md "Fuzzing"):
 *   cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DASMGL_FUZZ=ON
 *   cmake --build build-fuzz --target fuzz_parse
 *   build-fuzz/bin/fuzz_parse corpus /usr/lib/x86_64-linux-gnu/piglit/tests/asmparsertest/shaders/ARBfp1.0
 * glprog.fuzz_smoke (glprog/tests/test_fuzz_smoke.c) runs this same function
 * over deterministic mutations in CI.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glprog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const gp_stage stages[4] = { GP_STAGE_VERTEX, GP_STAGE_FRAGMENT, GP_STAGE_TESS_CONTROL,
                                        GP_STAGE_TESS_EVAL };
    for (int s = 0; s < 4; s++) {
        gp_limits lim;
        gp_limits_default(&lim, stages[s]);
        gp_error err;
        gp_program *p = gp_compile((const char *)data, size, stages[s], &lim, &err);
        if (!p) {
            /* a rejection must say where and why */
            if (err.pos < 0 || (size_t)err.pos > size || err.line < 1 || err.col < 1 || !err.msg[0])
                abort();
            continue;
        }
        const gp_program_info *info = gp_program_get_info(p);
        if (!info || info->stage != stages[s])
            abort();
        size_t need = gp_program_print(p, NULL, 0);
        char *text = malloc(need + 1);
        if (text) {
            gp_program_print(p, text, need + 1);
            gp_program *q = gp_compile(text, need, stages[s], &lim, &err);
            if (!q)
                abort(); /* the disassembly of a valid program must be valid */
            gp_program_free(q);
            free(text);
        }
        gp_program_free(p);
    }
    return 0;
}
