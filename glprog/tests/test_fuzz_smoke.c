/*
 * test_fuzz_smoke.c - glprog.fuzz_smoke: runs the libFuzzer entry point
 * (fuzz/fuzz_parse.c) over a few thousand deterministic mutations of
 * piglit's asmparsertest programs (byte flips, truncations, splices, token
 * insertions, duplications) and a few pathological inputs (10 MB programs,
 * deep nesting, floods of labels and aliases, huge constants).  Passing
 * means nothing crashed or aborted; CI runs it under ASan/UBSan.  Test
 * executable, single thread.
 */
#include <time.h>

#include "gp_test_util.h"
#include "../../fuzz/fuzz_parse.c"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)((rng >> 33) % n) : 0;
}

typedef struct {
    char *data;
    size_t len;
} blob;

static const char *const dict[] = {
    "TEMP ", "PARAM ", "ADDRESS A0;", "OPTION NV_fragment_program2;", "OPTION NV_vertex_program3;",
    "OPTION ARB_position_invariant;", "OPTION ARB_fog_exp2;", "MOV result.color, 1;", "state.matrix.mvp", ".row[0..3]", "[A0.x + 1]", "IF GT.x;", "ENDIF;",
    "ELSE;", "REP ", "ENDREP;", "LOOP ", "ENDLOOP;", "BRK;", "CAL a;", "a:", "main:", "RET;", "BRA a (EQ);",
    "{1,2,3,4}", "1e99999", "99999999999", "-", "|", "(", ")", "..", ".xyzw", ".x", ";", ",", "END",
    "texture[3], SHADOW2D", "result.clip[2]", "fragment.texcoord[A0.x]", "vertex.attrib[A0.y - 3]",
    "program.local[0..7]", "SWZ R0, R0, -x, 0, 1, w;", "MOVC1_SAT", "KIL EQ.x;", "#", "\n", "\r",
};

static blob mutate(const blob *seeds, int nseeds)
{
    const blob *a = &seeds[rnd((uint32_t)nseeds)];
    size_t cap = a->len * 2 + 256;
    blob m = { malloc(cap), a->len };
    memcpy(m.data, a->data, a->len);
    int rounds = 1 + (int)rnd(4);
    for (int r = 0; r < rounds; r++) {
        switch (rnd(6)) {
        case 0: /* bit flip */
            if (m.len)
                m.data[rnd((uint32_t)m.len)] ^= (char)(1u << rnd(8));
            break;
        case 1: /* truncation */
            m.len = rnd((uint32_t)m.len + 1);
            break;
        case 2: { /* splice: our prefix, another seed's suffix */
            const blob *b = &seeds[rnd((uint32_t)nseeds)];
            size_t cut = rnd((uint32_t)m.len + 1), from = rnd((uint32_t)b->len + 1);
            size_t tail = b->len - from;
            if (cut + tail > cap) {
                cap = cut + tail + 256;
                m.data = realloc(m.data, cap);
            }
            memcpy(m.data + cut, b->data + from, tail);
            m.len = cut + tail;
            break;
        }
        case 3: { /* insert a dictionary token */
            const char *t = dict[rnd(sizeof(dict) / sizeof(dict[0]))];
            size_t tl = strlen(t), at = rnd((uint32_t)m.len + 1);
            if (m.len + tl > cap) {
                cap = m.len + tl + 256;
                m.data = realloc(m.data, cap);
            }
            memmove(m.data + at + tl, m.data + at, m.len - at);
            memcpy(m.data + at, t, tl);
            m.len += tl;
            break;
        }
        case 4: { /* duplicate a range */
            if (!m.len)
                break;
            size_t from = rnd((uint32_t)m.len), n = 1 + rnd((uint32_t)(m.len - from));
            if (m.len + n > cap) {
                cap = m.len + n + 256;
                m.data = realloc(m.data, cap);
            }
            memmove(m.data + from + n, m.data + from, m.len - from);
            m.len += n;
            break;
        }
        default: /* set a byte to an interesting character */
            if (m.len)
                m.data[rnd((uint32_t)m.len)] = ";,.[]{}()|:#\n0123456789xyzw-+\0\xff"[rnd(31)];
            break;
        }
    }
    return m;
}

static int load_seeds(const char *dir, blob **seeds, int *n, int *cap)
{
    char **names;
    int k = gpt_list_dir(dir, ".txt", &names);
    for (int i = 0; i < k; i++) {
        char path[4096];
        snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
        size_t len;
        char *t = gpt_read_file(path, &len);
        if (!t)
            continue;
        if (*n == *cap) {
            *cap = *cap ? *cap * 2 : 64;
            *seeds = realloc(*seeds, sizeof(blob) * (size_t)*cap);
        }
        (*seeds)[(*n)++] = (blob){ t, len };
    }
    gpt_free_names(names, k);
    return k;
}

/* A string of count copies of unit after head, and tail. */
static blob repeat(const char *head, const char *unit, size_t count, const char *tail)
{
    size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
    blob b = { malloc(hl + ul * count + tl + 1), hl + ul * count + tl };
    memcpy(b.data, head, hl);
    for (size_t i = 0; i < count; i++)
        memcpy(b.data + hl + i * ul, unit, ul);
    memcpy(b.data + hl + ul * count, tail, tl);
    return b;
}

static void run(const blob *b, const char *what)
{
    clock_t t0 = clock();
    LLVMFuzzerTestOneInput((const uint8_t *)b->data, b->len);
    double s = (double)(clock() - t0) / CLOCKS_PER_SEC;
    if (what)
        printf("  %-40s %8zu bytes  %.3f s\n", what, b->len, s);
}

int main(void)
{
    const char *piglit = gpt_env("PIGLIT_TESTS_DIR", "/usr/lib/x86_64-linux-gnu/piglit/tests");
    blob *seeds = NULL;
    int n = 0, cap = 0;
    char dir[2048];
    snprintf(dir, sizeof(dir), "%s/asmparsertest/shaders/ARBvp1.0", piglit);
    load_seeds(dir, &seeds, &n, &cap);
    snprintf(dir, sizeof(dir), "%s/asmparsertest/shaders/ARBfp1.0", piglit);
    load_seeds(dir, &seeds, &n, &cap);
    CHECK(n == 292, "found %d seed programs", n);
    if (!n)
        return 1;

    for (int i = 0; i < n; i++)
        run(&seeds[i], NULL);
    const int iterations = 4000;
    for (int i = 0; i < iterations; i++) {
        blob m = mutate(seeds, n);
        run(&m, NULL);
        free(m.data);
    }
    printf("fuzz_smoke: %d seeds, %d mutations\n", n, iterations);

    /* pathological inputs: each must end quickly with an error or a program */
    struct {
        const char *what, *head, *unit, *tail;
        size_t count;
    } path[] = {
        { "10 MB of instructions", "!!ARBvp1.0\nTEMP r;\n", "MOV r, vertex.color;\n", "END\n", 500000 },
        { "10 MB one-line comment", "!!ARBvp1.0 #", "xxxxxxxxxx", "\nEND\n", 1000000 },
        { "10 MB of whitespace", "!!ARBfp1.0", "          ", "END", 1000000 },
        { "deep IF nesting", "!!ARBfp1.0\nOPTION NV_fragment_program2;\n", "IF GT.x;\n", "END\n", 100000 },
        { "deep REP nesting", "!!ARBfp1.0\nOPTION NV_fragment_program2;\n", "REP {1}.x;\n", "END\n", 100000 },
        { "label flood", "!!ARBvp1.0\nOPTION NV_vertex_program2;\n", "L:", "END\n", 1 },
        { "alias flood", "!!ARBvp1.0\nTEMP t;\n", "", "END\n", 0 },
        { "10 MB identifier", "!!ARBvp1.0\nTEMP ", "abcdefghij", ";\nEND\n", 1000000 },
        { "10 MB number", "!!ARBvp1.0\nMOV result.color, ", "1234567890", ".5e-3;\nEND\n", 1000000 },
        { "huge array", "!!ARBvp1.0\nPARAM p[] = { 0", ", 1", " };\nEND\n", 2000000 },
        { "many constants", "!!ARBvp1.0\nTEMP r;\n", "ADD r, r, {1,2,3,4.5};\n", "END\n", 100000 },
        { "unterminated brace", "!!ARBvp1.0\nPARAM p[] = {", "{", "", 1000000 },
    };
    for (size_t i = 0; i < sizeof(path) / sizeof(path[0]); i++) {
        blob b;
        if (!strcmp(path[i].what, "label flood") || !strcmp(path[i].what, "alias flood")) {
            /* distinct names: L0: L1: ... / ALIAS a0 = t; ... */
            size_t count = 200000;
            b.data = malloc(count * 24 + 256);
            size_t len = (size_t)sprintf(b.data, "%s", path[i].head);
            for (size_t k = 0; k < count; k++)
                len += (size_t)sprintf(b.data + len, path[i].what[0] == 'l' ? "L%zu:\n" : "ALIAS a%zu = t;\n", k);
            len += (size_t)sprintf(b.data + len, "MOV result.color, vertex.color;\nEND\n");
            b.len = len;
        } else {
            b = repeat(path[i].head, path[i].unit, path[i].count, path[i].tail);
        }
        run(&b, path[i].what);
        free(b.data);
    }
    for (int i = 0; i < n; i++)
        free(seeds[i].data);
    free(seeds);
    return gpt_failures ? 1 : 0;
}
