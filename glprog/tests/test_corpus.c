/*
 * test_corpus.c - glprog.corpus: real-world programs compile.
 *   - every !!ARBvp1.0 / !!ARBfp1.0 program of shared/corpus/real (listed in
 *     MANIFEST.tsv) is accepted;
 *   - the legacy !!VP1.x / !!VSP1.0 / !!FP1.0 programs are rejected with a
 *     clean "unsupported program header" error at offset 0;
 *   - every !!NVvp4.0 / !!NVfp4.0 / !!NVgp4.0 program is accepted (and
 *     prints and compiles again), and so is every !!NVvp5.0 / !!NVfp5.0 /
 *     !!NVgp5.0 one (parsed as NV4: the corpus has none using NV5
 *     additions); the other NV headers are rejected with "not yet
 *     supported" (for now);
 *   - every [vertex program] / [fragment program] section of piglit's
 *     .shader_test files compiles.
 * Test executable, single thread.
 */
#include "gp_test_util.h"

static int total, bad;

/* Corpus entries that are not valid programs under the specs, so asmgl
 * must reject them (reported to the corpus owner): mesa-demos' tri-inv uses
 * an opcode "INV" that no assembly language has, and three Crystal Space
 * files are XML shader templates cut mid-CDATA ("]]>", "<?if ...?>"). */
static const struct {
    const char *file, *msg;
} known_invalid[] = {
    { "mesa-demos/tri-inv__modulate2D.fp", "unknown opcode 'INV'" },
    { "crystalspace/scattering.vp", "found ']'" },
    { "crystalspace/terrain_fixed_base.vp", "found ']'" },
    { "crystalspace/shader__scattering.vp", "found ']'" },
};

static const char *known_invalid_msg(const char *file)
{
    for (size_t i = 0; i < sizeof(known_invalid) / sizeof(known_invalid[0]); i++)
        if (!strcmp(known_invalid[i].file, file))
            return known_invalid[i].msg;
    return NULL;
}

static void expect_invalid(const char *name, const char *text, size_t len, gp_stage stage, const char *msg)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(text, len, stage, &lim, &err);
    total++;
    if (p || !strstr(err.msg, msg)) {
        bad++;
        fprintf(stderr, "%s: expected rejection with \"%s\", got %s\n", name, msg, p ? "acceptance" : err.msg);
    }
    gp_program_free(p);
}

static void expect_accept(const char *name, const char *text, size_t len, gp_stage stage)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(text, len, stage, &lim, &err);
    total++;
    if (!p) {
        bad++;
        fprintf(stderr, "REJECTED %s: line %d, column %d (offset %d): %s\n", name, err.line, err.col, err.pos,
                err.msg);
        return;
    }
    /* the disassembly of every accepted program must compile again */
    size_t need = gp_program_print(p, NULL, 0);
    char *buf = malloc(need + 1);
    gp_program_print(p, buf, need + 1);
    gp_program *q = gp_compile(buf, need, stage, &lim, &err);
    if (!q) {
        bad++;
        fprintf(stderr, "REPRINT REJECTED %s: line %d, column %d: %s\n%s\n", name, err.line, err.col, err.msg,
                buf);
    }
    gp_program_free(q);
    free(buf);
    gp_program_free(p);
}

static void expect_reject(const char *name, const char *text, size_t len, gp_stage stage, const char *msg)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(text, len, stage, &lim, &err);
    total++;
    if (p || err.pos != 0 || !strstr(err.msg, msg)) {
        bad++;
        fprintf(stderr, "%s: expected rejection at offset 0 with \"%s\", got %s (offset %d: %s)\n", name, msg,
                p ? "acceptance" : "rejection", err.pos, p ? "" : err.msg);
    }
    gp_program_free(p);
}

static void run_corpus(const char *shared)
{
    char path[2048];
    snprintf(path, sizeof(path), "%s/corpus/real/MANIFEST.tsv", shared);
    char *manifest = gpt_read_file(path, NULL);
    if (!manifest) {
        fprintf(stderr, "cannot read %s\n", path);
        bad++;
        return;
    }
    int arb = 0, legacy = 0, nv = 0;
    char *save = NULL;
    for (char *line = strtok_r(manifest, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#' || strncmp(line, "file\t", 5) == 0)
            continue;
        char *tab = strchr(line, '\t');
        if (!tab)
            continue;
        *tab = 0;
        const char *file = line, *header = tab + 1;
        char *tab2 = strchr(header, '\t');
        if (tab2)
            *tab2 = 0;
        snprintf(path, sizeof(path), "%s/corpus/real/%s", shared, file);
        size_t len;
        char *text = gpt_read_file(path, &len);
        if (!text) {
            fprintf(stderr, "cannot read %s\n", path);
            bad++;
            continue;
        }
        const char *inv = known_invalid_msg(file);
        if (inv) {
            expect_invalid(file, text, len, strstr(header, "fp") ? GP_STAGE_FRAGMENT : GP_STAGE_VERTEX, inv);
            arb++;
        } else if (!strcmp(header, "!!ARBvp1.0")) {
            expect_accept(file, text, len, GP_STAGE_VERTEX);
            arb++;
        } else if (!strcmp(header, "!!ARBfp1.0")) {
            expect_accept(file, text, len, GP_STAGE_FRAGMENT);
            arb++;
        } else if (!strncmp(header, "!!NV", 4)) {
            gp_stage st = strstr(header, "fp") ? GP_STAGE_FRAGMENT : strstr(header, "gp") ? GP_STAGE_GEOMETRY
                                                                                          : GP_STAGE_VERTEX;
            if (strstr(header, "4.0") || !strcmp(header, "!!NVvp5.0") || !strcmp(header, "!!NVfp5.0") ||
                !strcmp(header, "!!NVgp5.0"))
                expect_accept(file, text, len, st);
            else
                expect_reject(file, text, len, st, "not yet supported");
            nv++;
        } else {
            gp_stage st = strstr(header, "FP") ? GP_STAGE_FRAGMENT : GP_STAGE_VERTEX;
            expect_reject(file, text, len, st, "unsupported program header");
            legacy++;
        }
        free(text);
    }
    free(manifest);
    printf("corpus: %d ARB programs, %d legacy NV, %d NV4/5\n", arb, legacy, nv);
}

/* Sections "[vertex program]" / "[fragment program]" of a .shader_test. */
static void run_shader_test(const char *path, int *sections)
{
    char *text = gpt_read_file(path, NULL);
    if (!text)
        return;
    for (char *p = text; (p = strstr(p, "\n[")) != NULL;) {
        p++;
        gp_stage stage;
        if (!strncmp(p, "[vertex program]", 16))
            stage = GP_STAGE_VERTEX;
        else if (!strncmp(p, "[fragment program]", 18))
            stage = GP_STAGE_FRAGMENT;
        else
            continue;
        char *body = strchr(p, '\n');
        if (!body)
            break;
        body++;
        char *end = body;
        while (*end && !(end[0] == '[' && (end == body || end[-1] == '\n')))
            end++;
        char name[4200]; /* path (up to 4096) and the section name */
        snprintf(name, sizeof(name), "%s %s", path, stage == GP_STAGE_VERTEX ? "[vertex program]" : "[fragment program]");
        expect_accept(name, body, (size_t)(end - body), stage);
        (*sections)++;
        p = end;
        if (!*end)
            break;
    }
    free(text);
}

static void walk(const char *dir, int *files, int *sections)
{
    char **names;
    int n = gpt_list_dir(dir, NULL, &names);
    for (int i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        size_t l = strlen(names[i]);
        if (l > 12 && !strcmp(names[i] + l - 12, ".shader_test")) {
            char *t = gpt_read_file(path, NULL);
            bool has = t && (strstr(t, "[vertex program]") || strstr(t, "[fragment program]"));
            free(t);
            if (has) {
                (*files)++;
                run_shader_test(path, sections);
            }
        } else if (!strchr(names[i], '.')) {
            walk(path, files, sections);
        }
    }
    gpt_free_names(names, n);
}

int main(void)
{
    const char *shared = gpt_env("ASMGL_SHARED_DIR", "../shared");
    const char *piglit = gpt_env("PIGLIT_TESTS_DIR", "/usr/lib/x86_64-linux-gnu/piglit/tests");
    run_corpus(shared);
    int files = 0, sections = 0;
    walk(piglit, &files, &sections);
    printf("piglit: %d shader_test files with %d program sections\n", files, sections);
    printf("corpus test: %d checks, %d failed\n", total, bad);
    if (files != 89)
        fprintf(stderr, "expected 89 piglit shader_test files with programs, found %d\n", files);
    return bad == 0 && files == 89 ? 0 : 1;
}
