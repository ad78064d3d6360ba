/*
 * st_parse_main.c - test driver for the shader_test parser alone (no GL
 * library, no context): parses each file and exits 2 at the first malformed
 * one, printing FILE:LINE: error: like `asmgl run` does.  Used by the
 * tools.st_parse.* ctests and handy for fuzzing the parser.
 */
#include "../shader_test.h"
#include "../util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s FILE.shader_test...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        size_t len;
        const char *why;
        char *text = util_read_file(argv[i], UTIL_MAX_INPUT_DEFAULT, &len, &why);
        if (!text) {
            fprintf(stderr, "%s: %s\n", argv[i], why);
            return 2;
        }
        struct shader_test t;
        bool ok = st_parse(&t, argv[i], text, len);
        if (ok)
            printf("%s: %zu requirements, %zu programs, %zu vertex rows, %zu commands\n", argv[i],
                   t.nreqs, t.nprogs, t.vdata.nrows, t.ncmds);
        st_free(&t);
        if (!ok)
            return 2;
    }
    return 0;
}
