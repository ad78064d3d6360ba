/*
 * test_asmparsertest.c - glprog.asmparsertest: every program of piglit's
 * asmparsertest (ARBvp1.0 and ARBfp1.0 folders) compiles, except those
 * marked "# FAIL", which must be rejected.  Programs that "# REQUIRE" an NV
 * option extension are included: asmgl implements those options.  Test
 * executable, single thread.
 */
#include "gp_test_util.h"

static int run_dir(const char *root, const char *sub, gp_stage stage, int *total)
{
    char dir[1024];
    snprintf(dir, sizeof(dir), "%s/asmparsertest/shaders/%s", root, sub);
    char **names;
    int n = gpt_list_dir(dir, ".txt", &names);
    if (n < 0) {
        fprintf(stderr, "cannot read %s\n", dir);
        return 1;
    }
    int bad = 0;
    for (int i = 0; i < n; i++) {
        char path[2048];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        size_t len;
        char *text = gpt_read_file(path, &len);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            bad++;
            continue;
        }
        bool expect_fail = strstr(text, "# FAIL") != NULL;
        gp_limits lim;
        gp_limits_default(&lim, stage);
        gp_error err;
        gp_program *p = gp_compile(text, len, stage, &lim, &err);
        if (!p != expect_fail) {
            bad++;
            if (p)
                fprintf(stderr, "DISAGREE %s/%s: accepted, but marked # FAIL\n", sub, names[i]);
            else
                fprintf(stderr, "DISAGREE %s/%s: rejected at line %d, column %d (offset %d): %s\n", sub,
                        names[i], err.line, err.col, err.pos, err.msg);
        } else if (!p && getenv("GLPROG_VERBOSE")) {
            printf("ok %s/%s: rejected: %d:%d: %s\n", sub, names[i], err.line, err.col, err.msg);
        }
        gp_program_free(p);
        free(text);
        (*total)++;
    }
    gpt_free_names(names, n);
    return bad;
}

int main(void)
{
    const char *root = gpt_env("PIGLIT_TESTS_DIR", "/usr/lib/x86_64-linux-gnu/piglit/tests");
    int total = 0, bad = 0;
    bad += run_dir(root, "ARBvp1.0", GP_STAGE_VERTEX, &total);
    bad += run_dir(root, "ARBfp1.0", GP_STAGE_FRAGMENT, &total);
    printf("asmparsertest: %d programs, %d agree with piglit, %d disagree\n", total, total - bad, bad);
    if (total != 292)
        fprintf(stderr, "expected 292 programs, found %d\n", total);
    return bad == 0 && total == 292 ? 0 : 1;
}
