/*
 * util.c - file reading and array growth for the asmgl command (util.h).
 * Thread: any.
 */
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool util_mul(size_t a, size_t b, size_t *out)
{
    if (a != 0 && b > SIZE_MAX / a)
        return false;
    *out = a * b;
    return true;
}

bool util_reserve(void **array, size_t *cap, size_t n, size_t elem)
{
    if (n <= *cap)
        return true;
    size_t want = *cap ? *cap : 16;
    while (want < n) {
        if (want > SIZE_MAX / 2)
            return false;
        want *= 2;
    }
    size_t bytes;
    if (!util_mul(want, elem, &bytes))
        return false;
    void *p = realloc(*array, bytes);
    if (!p)
        return false;
    *array = p;
    *cap = want;
    return true;
}

char *util_read_file(const char *path, size_t *len)
{
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = is_stdin ? stdin : fopen(path, "rb");
    if (!f)
        return NULL;

    /* Read in growing chunks: stdin and pipes have no size to ask for. */
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (!util_reserve((void **)&buf, &cap, n + 65536 + 1, 1)) {
            free(buf);
            if (!is_stdin)
                fclose(f);
            errno = ENOMEM;
            return NULL;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    if (!is_stdin)
        fclose(f);
    if (failed) {
        free(buf);
        errno = EIO;
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}
