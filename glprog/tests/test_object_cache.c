/*
 * test_object_cache.c - the compiling backend's object cache on disk
 * (glprog/jit/jit.h "The object cache", jit/cache.c; ctest
 * glprog.object_cache).
 *
 * Through the backend, in a folder of its own (ASMGL_JIT_CACHE_DIR):
 *   - a program's first compile stores one file; the same program again
 *     in the process shares the function; after both are gone, it is
 *     loaded from the file, and gives the interpreter's bits;
 *   - a file with a byte of its object flipped, cut short, or holding
 *     another key's object is a miss: the program is compiled again and
 *     the file written again.
 * Through cache.c itself: a store and a load give back the bytes (a FIFO
 * or a link under a key's name is a miss, without waiting); a trim
 * removes the least recently used files (a load counts as a use) and a
 * temporary file a dead writer left; an object over the limit is not
 * stored; ASMGL_JIT_CACHE=0 means no folder, and a folder is made with its
 * parents.
 *
 * Skips (77) when the build or the environment has no llvm backend.
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gp_backend.h"
#include "jit/jit.h"
#include "jit/jit_llvm.h"
#include "test_exec_common.h"

/* The backend's calls of this process's functions by name (EX2, SIN,
 * POW) and a constant folded into the code. */
static const char prog_a[] =
    "!!ARBfp1.0\n"
    "PARAM k = {0.37, 0.91, 0.13, 0.5};\n"
    "TEMP a, b;\n"
    "MAD a, fragment.texcoord[0], k, fragment.color;\n"
    "EX2 b.x, a.x;\n"
    "SIN b.y, a.y;\n"
    "POW b.z, a.z, k.y;\n"
    "FRC b.w, a.w;\n"
    "MUL result.color, a, b;\n"
    "END\n";
static const char prog_b[] =
    "!!ARBfp1.0\n"
    "PARAM k = {0.25, 0.5, 0.75, 1.0};\n"
    "ADD result.color, fragment.color, k;\n"
    "END\n";

static tenv *te; /* the inputs, the program's constants, the outputs of a run */
static gp_vec out_ref[GP_VARY_COUNT], out_jit[GP_VARY_COUNT];
static char dir[] = "/tmp/asmgl-object-cache-XXXXXX";

static void counts(uint64_t *compiled, uint64_t *loaded, uint64_t *shared)
{
    gp_jit_cache_counts(compiled, loaded, shared);
}

static int count_files(const char *d, const char *suffix)
{
    DIR *h = opendir(d);
    int n = 0;
    for (struct dirent *e; h && (e = readdir(h));) {
        size_t l = strlen(e->d_name), m = strlen(suffix);
        n += l >= m && strcmp(e->d_name + l - m, suffix) == 0;
    }
    if (h)
        closedir(h);
    return n;
}

/* The one file of d ending in suffix, into path. */
static bool only_file(const char *d, const char *suffix, char *path, size_t n)
{
    DIR *h = opendir(d);
    int found = 0;
    for (struct dirent *e; h && (e = readdir(h));) {
        size_t l = strlen(e->d_name), m = strlen(suffix);
        if (l >= m && strcmp(e->d_name + l - m, suffix) == 0) {
            snprintf(path, n, "%s/%s", d, e->d_name);
            found++;
        }
    }
    if (h)
        closedir(h);
    return found == 1;
}

static gp_program *compile(const char *src)
{
    gp_limits lim;
    gp_limits_default(&lim, GP_STAGE_FRAGMENT);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), GP_STAGE_FRAGMENT, &lim, &err);
    CHECK(p != NULL, "compile: line %d: %s", err.line, err.msg);
    return p;
}

/* p on backend b (NULL: the interpreter) over te's inputs, into out. */
static void run(const gp_backend *b, const gp_program *p, gp_vec out[GP_VARY_COUNT])
{
    te_bind_consts(te, p);
    te_fill_out(te, 0.0f);
    if (b)
        gp_exec_on(b, p, &te->env);
    else
        gp_backend_fallback()->run(p, NULL, &te->env);
    memcpy(out, te->out, sizeof(te->out));
}

/* p compiled by the backend gives the interpreter's bits. */
static void check_runs(const gp_backend *llvm, const gp_program *p, const char *what)
{
    CHECK(gp_backend_code(llvm, p) != NULL, "%s: not compiled", what);
    run(NULL, p, out_ref);
    run(llvm, p, out_jit);
    CHECK(memcmp(out_ref, out_jit, sizeof(out_ref)) == 0, "%s: outputs differ from the interpreter's",
          what);
}

/* Flips byte `at` of file path (at < 0: from its end). */
static void flip_byte(const char *path, long at)
{
    int fd = open(path, O_RDWR);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        CHECK(0, "cannot open %s", path);
        return;
    }
    off_t off = at < 0 ? st.st_size + at : at;
    unsigned char c = 0;
    CHECK(pread(fd, &c, 1, off) == 1, "read %s", path);
    c ^= 0x40;
    CHECK(pwrite(fd, &c, 1, off) == 1, "write %s", path);
    close(fd);
}

static void through_backend(const gp_backend *llvm)
{
    uint64_t c0, l0, s0, c, l, s;
    counts(&c0, &l0, &s0);

    /* first compile: one file; the same program again: shared */
    gp_program *p = compile(prog_a), *q = compile(prog_a);
    if (!p || !q)
        return;
    check_runs(llvm, p, "first compile");
    counts(&c, &l, &s);
    CHECK(c == c0 + 1 && l == l0 && s == s0, "first compile: compiled %llu loaded %llu shared %llu",
          (unsigned long long)(c - c0), (unsigned long long)(l - l0), (unsigned long long)(s - s0));
    CHECK(count_files(dir, ".jit") == 1, "first compile: %d files", count_files(dir, ".jit"));
    check_runs(llvm, q, "the same program");
    counts(&c, &l, &s);
    CHECK(c == c0 + 1 && s == s0 + 1, "the same program: compiled %llu shared %llu",
          (unsigned long long)(c - c0), (unsigned long long)(s - s0));
    gp_program_free(p);
    check_runs(llvm, q, "the sharer, the first program gone");
    gp_program_free(q);

    /* both gone: from the file */
    p = compile(prog_a);
    check_runs(llvm, p, "from the file");
    counts(&c, &l, &s);
    CHECK(c == c0 + 1 && l == l0 + 1, "from the file: compiled %llu loaded %llu",
          (unsigned long long)(c - c0), (unsigned long long)(l - l0));
    gp_program_free(p);

    char path[512];
    CHECK(only_file(dir, ".jit", path, sizeof(path)), "one file");

    /* a flipped byte of the object, then a file cut short: misses,
     * compiled and written again, and loaded from then on */
    static const long damage[] = {-1, -200};
    for (int k = 0; k < 3; k++) {
        const char *how = k == 0 ? "a flipped byte" : k == 1 ? "another flipped byte" : "cut short";
        if (k < 2) {
            flip_byte(path, damage[k]);
        } else {
            struct stat st;
            CHECK(stat(path, &st) == 0 && truncate(path, st.st_size / 2) == 0, "truncate");
        }
        uint64_t cb, lb, sb;
        counts(&cb, &lb, &sb);
        p = compile(prog_a);
        check_runs(llvm, p, how);
        counts(&c, &l, &s);
        CHECK(c == cb + 1 && l == lb, "%s: compiled %llu loaded %llu", how,
              (unsigned long long)(c - cb), (unsigned long long)(l - lb));
        gp_program_free(p);
        p = compile(prog_a);
        check_runs(llvm, p, how);
        counts(&c, &l, &s);
        CHECK(c == cb + 1 && l == lb + 1, "%s, written again: compiled %llu loaded %llu", how,
              (unsigned long long)(c - cb), (unsigned long long)(l - lb));
        gp_program_free(p);
    }

    /* another key's file under this key's name */
    gp_program *b = compile(prog_b);
    check_runs(llvm, b, "program b");
    gp_program_free(b);
    CHECK(count_files(dir, ".jit") == 2, "two programs: %d files", count_files(dir, ".jit"));
    char path_b[512] = "";
    DIR *h = opendir(dir);
    for (struct dirent *e; h && (e = readdir(h));)
        if (strstr(e->d_name, ".jit") && strcmp(strrchr(path, '/') + 1, e->d_name) != 0)
            snprintf(path_b, sizeof(path_b), "%s/%s", dir, e->d_name);
    if (h)
        closedir(h);
    CHECK(path_b[0] && rename(path_b, path) == 0, "move b's file over a's");
    counts(&c0, &l0, &s0);
    p = compile(prog_a);
    check_runs(llvm, p, "another key's file");
    counts(&c, &l, &s);
    CHECK(c == c0 + 1 && l == l0, "another key's file: compiled %llu loaded %llu",
          (unsigned long long)(c - c0), (unsigned long long)(l - l0));
    gp_program_free(p);
}

static void touch_at(const char *path, time_t t)
{
    struct timespec ts[2] = {{t, 0}, {t, 0}};
    CHECK(utimensat(AT_FDCWD, path, ts, 0) == 0, "utimensat %s", path);
}

static void key_of(uint8_t key[JIT_KEY_BYTES], int n)
{
    memset(key, 0, JIT_KEY_BYTES);
    key[0] = (uint8_t)n;
    key[JIT_KEY_BYTES - 1] = 0xa5;
}

static void key_file(char *path, size_t n, const char *d, int k)
{
    char hex[2 * JIT_KEY_BYTES + 1];
    uint8_t key[JIT_KEY_BYTES];
    key_of(key, k);
    jit_key_hex(key, JIT_KEY_BYTES, hex);
    snprintf(path, n, "%s/%s.jit", d, hex);
}

static void cache_files(void)
{
    char d[600];
    snprintf(d, sizeof(d), "%s/files", dir);
    CHECK(mkdir(d, 0700) == 0, "mkdir %s", d);
    static unsigned char obj[1000];
    for (size_t i = 0; i < sizeof(obj); i++)
        obj[i] = (unsigned char)(i * 7 + 3);
    uint8_t key[JIT_KEY_BYTES];
    char path[700];

    /* a store and a load: the same bytes */
    key_of(key, 1);
    CHECK(jit_cache_store(d, key, obj, sizeof(obj)), "store");
    size_t size = 0;
    unsigned char *back = jit_cache_load(d, key, &size);
    CHECK(back && size == sizeof(obj) && memcmp(back, obj, sizeof(obj)) == 0, "load: %zu bytes",
          size);
    free(back);
    key_of(key, 9);
    CHECK(!jit_cache_load(d, key, &size), "a key never stored");
    /* a FIFO and a link under a key's name: misses, at once */
    key_of(key, 7);
    key_file(path, sizeof(path), d, 7);
    CHECK(mkfifo(path, 0600) == 0, "mkfifo");
    CHECK(!jit_cache_load(d, key, &size), "a FIFO loaded");
    /* the link's target is a good file of the same key, in another folder */
    char other[620], target[700];
    snprintf(other, sizeof(other), "%s/other", d);
    CHECK(mkdir(other, 0700) == 0, "mkdir %s", other);
    key_of(key, 8);
    CHECK(jit_cache_store(other, key, obj, sizeof(obj)), "store in the other folder");
    back = jit_cache_load(other, key, &size);
    CHECK(back != NULL, "the link's target does not load");
    free(back);
    key_file(target, sizeof(target), other, 8);
    key_file(path, sizeof(path), d, 8);
    CHECK(symlink(target, path) == 0, "symlink");
    CHECK(!jit_cache_load(d, key, &size), "a link loaded");
    unlink(path);

    /* three files of about 1090 bytes (header and object) under a limit
     * of 3300: a fourth removes the least recently used.  Files 1 2 3 as
     * used at times 100 200 300, then a load of 1 (now): 2 goes. */
    for (int k = 2; k <= 3; k++) {
        key_of(key, k);
        CHECK(jit_cache_store(d, key, obj, sizeof(obj)), "store %d", k);
    }
    for (int k = 1; k <= 3; k++) {
        key_file(path, sizeof(path), d, k);
        touch_at(path, 100 * k);
    }
    key_of(key, 1);
    back = jit_cache_load(d, key, &size);
    CHECK(back != NULL, "load 1");
    free(back);
    key_of(key, 4);
    CHECK(jit_cache_store(d, key, obj, sizeof(obj)), "store 4");
    jit_cache_trim(d, 3300);
    for (int k = 1; k <= 4; k++) {
        key_file(path, sizeof(path), d, k);
        CHECK((access(path, F_OK) == 0) == (k != 2), "after the trim, file %d %s", k,
              k == 2 ? "is there" : "is gone");
    }

    /* a temporary file two hours old goes at the next trim; a new one
     * stays (another process may be writing it) */
    char old_tmp[700], new_tmp[700];
    snprintf(old_tmp, sizeof(old_tmp), "%s/.tmp-old", d);
    snprintf(new_tmp, sizeof(new_tmp), "%s/.tmp-new", d);
    FILE *f = fopen(old_tmp, "w"), *g = fopen(new_tmp, "w");
    CHECK(f && g, "temporary files");
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    touch_at(old_tmp, time(NULL) - 7200);
    key_of(key, 5);
    CHECK(jit_cache_store(d, key, obj, sizeof(obj)), "store 5");
    jit_cache_trim(d, 1u << 20);
    CHECK(access(old_tmp, F_OK) != 0, "a stale temporary file stays");
    CHECK(access(new_tmp, F_OK) == 0, "a new temporary file was removed");
    unlink(new_tmp);

    /* over the object limit: not stored */
    key_of(key, 6);
    CHECK(!jit_cache_store(d, key, obj, JIT_CACHE_OBJECT_MAX + 1),
          "an object over the limit stored");

    /* the folder: made with its parents; none with ASMGL_JIT_CACHE=0 */
    char buf[700], nested[700];
    snprintf(nested, sizeof(nested), "%s/a/b/c", dir);
    setenv("ASMGL_JIT_CACHE_DIR", nested, 1);
    struct stat st;
    CHECK(jit_cache_dir(buf, sizeof(buf)) && strcmp(buf, nested) == 0 && stat(nested, &st) == 0 &&
              S_ISDIR(st.st_mode) && (st.st_mode & 0777) == 0700,
          "ASMGL_JIT_CACHE_DIR: the folder");
    setenv("ASMGL_JIT_CACHE", "0", 1);
    CHECK(!jit_cache_dir(buf, sizeof(buf)), "ASMGL_JIT_CACHE=0 gives a folder");
    unsetenv("ASMGL_JIT_CACHE");
    setenv("ASMGL_JIT_CACHE_DIR", dir, 1);
}

/* rm -r of what the test made */
static void remove_tree(const char *d)
{
    DIR *h = opendir(d);
    for (struct dirent *e; h && (e = readdir(h));) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
            continue;
        char path[1024];
        snprintf(path, sizeof(path), "%s/%s", d, e->d_name);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode))
            remove_tree(path);
        else
            unlink(path);
    }
    if (h)
        closedir(h);
    rmdir(d);
}

int main(void)
{
    if (!mkdtemp(dir)) {
        printf("object_cache: no temporary folder\n");
        return 1;
    }
    setenv("ASMGL_JIT_CACHE_DIR", dir, 1);
    unsetenv("ASMGL_JIT_CACHE");
    setenv("ASMGL_JIT_SYNC", "1", 1);
    setenv("ASMGL_JIT_PAIRS", "0", 1); /* one function a program */
    const gp_backend *llvm = gp_backend_find("llvm");
    if (!llvm || !jit_llvm_load(false)) {
        printf("object_cache: no llvm backend here (built without ASMGL_JIT, or ASMGL_JIT=0): "
               "skipped\n");
        remove_tree(dir);
        return 77;
    }
    te = te_new();
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                te->in[s].c[c][l].f = (float)((s * 31 + c * 7 + l * 3) % 97) / 97.0f - 0.25f;
    through_backend(llvm);
    te_free(te);
    cache_files();
    remove_tree(dir);
    return t_report("object_cache");
}
