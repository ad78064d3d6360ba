/*
 * gp_test_util.h - small helpers shared by the glprog front-end tests:
 * reading files, listing a directory in sorted order, and a CHECK macro
 * that counts failures.  Test executables only; single thread.
 */
#ifndef GLPROG_TESTS_GP_TEST_UTIL_H
#define GLPROG_TESTS_GP_TEST_UTIL_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glprog.h"

#if defined(__GNUC__)
__attribute__((unused))
#endif
static int gpt_failures;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            gpt_failures++;                                                \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                  \
            fprintf(stderr, "\n");                                         \
        }                                                                  \
    } while (0)

/* Whole file, NUL-terminated; NULL if unreadable.  *len gets the size. */
static inline char *gpt_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 4096 + 1 > cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
        size_t got = fread(buf + n, 1, 4096, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    buf[n] = 0;
    if (len)
        *len = n;
    return buf;
}

static inline int gpt_cmp_names(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted names of the regular entries of dir ending in suffix (NULL = all);
 * returns the count, *names gets a malloc'd array of malloc'd strings. */
static inline int gpt_list_dir(const char *dir, const char *suffix, char ***names)
{
    DIR *d = opendir(dir);
    *names = NULL;
    if (!d)
        return -1;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        size_t l = strlen(e->d_name), sl = suffix ? strlen(suffix) : 0;
        if (suffix && (l < sl || strcmp(e->d_name + l - sl, suffix) != 0))
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            *names = realloc(*names, sizeof(char *) * (size_t)cap);
        }
        (*names)[n++] = strdup(e->d_name);
    }
    closedir(d);
    if (n)
        qsort(*names, (size_t)n, sizeof(char *), gpt_cmp_names);
    return n;
}

static inline void gpt_free_names(char **names, int n)
{
    for (int i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static inline const char *gpt_env(const char *name, const char *fallback)
{
    const char *v = getenv(name);
    return v && *v ? v : fallback;
}

#endif /* GLPROG_TESTS_GP_TEST_UTIL_H */
