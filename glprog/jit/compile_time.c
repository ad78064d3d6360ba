/*
 * jit/compile_time.c - glprog_jit_compile_time: how long the llvm backend
 * takes to compile the programs of shared/corpus/real (a report, not a
 * test).  Every program of MANIFEST.tsv that gp_compile accepts is
 * compiled once per pipeline on this thread (IR, passes, machine code:
 * jit.h gp_jit_compile_seconds, CPU time of this thread, so that other
 * load on the machine does not count); prints how many compiled and fell
 * back, the median, 90th percentile, maximum (and which program) and total
 * compile times; then the same for the pair functions (jit.h jit_fn2, the
 * second tier) of the fragment programs that have one, with the backend's
 * pipeline.
 *
 *   glprog_jit_compile_time [SHARED_DIR [PIPELINE...]]
 *
 * SHARED_DIR defaults to $ASMGL_SHARED_DIR, then ../shared; the pipelines
 * (LLVM new pass manager syntax) default to the backend's own
 * (JIT_PASSES_DEFAULT) and two others to compare with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gp_ir.h"
#include "gp_test_util.h"
#include "jit.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* Compiles every program of progs (pair: the pair functions of those that
 * have one) with pipeline pipe and prints the figures under label. */
static void report(const char *label, const char *pipe, bool pair, gp_program **progs,
                   char **names, int nprogs, double *t)
{
    int n = 0, fell = 0, worst = -1;
    double total = 0, worst_s = -1;
    for (int i = 0; i < nprogs; i++) {
        if (pair && (jit_check(progs[i]) || jit_check_pair(progs[i])))
            continue; /* no pair function */
        double s = gp_jit_compile_seconds(progs[i], pipe, pair);
        if (s < 0) {
            fell++;
            continue;
        }
        if (s > worst_s) {
            worst_s = s;
            worst = i;
        }
        t[n++] = s;
        total += s;
    }
    qsort(t, (size_t)n, sizeof(double), cmp_double);
    printf("%s %s:\n  %d compiled, %d fall back; compile time median %.2f ms, "
           "90%% %.2f ms, max %.2f ms (%s, %d instructions), total %.1f ms\n",
           label, pipe, n, fell, n ? t[n / 2] * 1e3 : 0.0, n ? t[(n * 9) / 10] * 1e3 : 0.0,
           n ? t[n - 1] * 1e3 : 0.0, worst >= 0 ? names[worst] : "-",
           worst >= 0 ? progs[worst]->num_insns : 0, total * 1e3);
}

int main(int argc, char **argv)
{
    const char *shared = argc > 1 ? argv[1] : getenv("ASMGL_SHARED_DIR");
    if (!shared || !*shared)
        shared = "../shared";
    static const char *const default_pipes[] = {
        JIT_PASSES_DEFAULT,
        "function(mem2reg,instcombine,simplifycfg,gvn)",
        "default<O2>",
    };
    const char *const *pipes = argc > 2 ? (const char *const *)&argv[2] : default_pipes;
    int npipes = argc > 2 ? argc - 2 : (int)(sizeof(default_pipes) / sizeof(default_pipes[0]));
    if (!gp_jit_available()) {
        printf("no llvm backend here (ASMGL_JIT=0, or LLVM could not start)\n");
        return 77;
    }

    char path[4096];
    snprintf(path, sizeof(path), "%s/corpus/real/MANIFEST.tsv", shared);
    char *manifest = gpt_read_file(path, NULL);
    if (!manifest) {
        fprintf(stderr, "cannot read %s\n", path);
        return 1;
    }
    gp_program **progs = NULL;
    char **names = NULL;
    int nprogs = 0, cap = 0, rejected = 0;
    char *save = NULL;
    for (char *line = strtok_r(manifest, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || strncmp(line, "file\t", 5) == 0)
            continue;
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = 0;
        const char *file = line;
        char *header = tab + 1, *tab2 = strchr(header, '\t');
        if (tab2)
            *tab2 = 0;
        gp_stage st = strstr(header, "fp") || strstr(header, "FP") ? GP_STAGE_FRAGMENT
                      : strstr(header, "gp") ? GP_STAGE_GEOMETRY : GP_STAGE_VERTEX;
        snprintf(path, sizeof(path), "%s/corpus/real/%s", shared, file);
        size_t len;
        char *text = gpt_read_file(path, &len);
        if (!text)
            continue;
        gp_limits lim;
        gp_limits_default(&lim, st);
        gp_error err;
        gp_program *p = gp_compile(text, len, st, &lim, &err);
        free(text);
        if (!p) {
            rejected++;
            continue;
        }
        if (nprogs == cap) {
            cap = cap ? cap * 2 : 256;
            progs = realloc(progs, (size_t)cap * sizeof(*progs));
            names = realloc(names, (size_t)cap * sizeof(*names));
            if (!progs || !names)
                return 1;
        }
        names[nprogs] = strdup(file);
        progs[nprogs++] = p;
    }
    free(manifest);
    printf("corpus: %d programs gp_compile accepts (%d it rejects)\n", nprogs, rejected);

    double *t = malloc((size_t)(nprogs ? nprogs : 1) * sizeof(double));
    for (int k = 0; k < npipes; k++)
        report("pipeline", pipes[k], false, progs, names, nprogs, t);
    report("pair functions (second tier), pipeline", pipes[0], true, progs, names, nprogs, t);
    /* why programs fall back, one line per reason */
    typedef struct reason {
        const char *why;
        int n;
    } reason;
    reason reasons[32];
    int nr = 0;
    for (int i = 0; i < nprogs; i++) {
        const char *why = jit_check(progs[i]);
        if (!why)
            continue;
        int r = 0;
        while (r < nr && strcmp(reasons[r].why, why) != 0)
            r++;
        if (r == nr && nr < 32)
            reasons[nr++] = (reason){why, 0};
        if (r < nr)
            reasons[r].n++;
    }
    for (int r = 0; r < nr; r++)
        printf("  falls back: %d: %s\n", reasons[r].n, reasons[r].why);
    free(t);
    for (int i = 0; i < nprogs; i++) {
        gp_program_free(progs[i]);
        free(names[i]);
    }
    free(progs);
    free(names);
    return 0;
}
