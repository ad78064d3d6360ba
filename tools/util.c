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
#include <sys/stat.h>
#include <fcntl.h>
#include <unistd.h>

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

static const char *file_kind(mode_t m)
{
    if (S_ISDIR(m))
        return "a directory";
    if (S_ISFIFO(m))
        return "a FIFO";
    if (S_ISCHR(m))
        return "a character device";
    if (S_ISBLK(m))
        return "a block device";
    if (S_ISSOCK(m))
        return "a socket";
    return "not a plain file";
}

char *util_read_file(const char *path, size_t max, size_t *len, const char **why)
{
    static _Thread_local char msg[160];
    bool is_stdin = strcmp(path, "-") == 0;
    FILE *f = stdin;
    /* Only regular files: a FIFO or a device (/dev/zero, /dev/stdin on a
     * pipe) may never end; '-' is the way to read standard input, bounded
     * by max like any file.  O_NONBLOCK: opening a FIFO does not wait for
     * a writer before it is refused. */
    struct stat st;
    if (!is_stdin) {
        int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0 || fstat(fd, &st) != 0) {
            *why = strerror(errno);
            if (fd >= 0)
                close(fd);
            return NULL;
        }
        if (!S_ISREG(st.st_mode)) {
            snprintf(msg, sizeof msg, "not a regular file (%s); asmgl reads regular files, "
                     "or standard input as '-'", file_kind(st.st_mode));
            *why = msg;
            close(fd);
            return NULL;
        }
        fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
        if (!(f = fdopen(fd, "rb"))) {
            *why = strerror(errno);
            close(fd);
            return NULL;
        }
    }
    snprintf(msg, sizeof msg, "larger than the input limit of %zu MiB (--max-input MIB raises it)",
             max >> 20);
    if (!is_stdin && (uintmax_t)st.st_size > (uintmax_t)max) {
        *why = msg;
        fclose(f);
        return NULL;
    }

    /* Read in growing chunks up to max + 1 bytes: stdin has no size to ask
     * for, and a regular file may grow while it is read. */
    char *buf = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (!util_reserve((void **)&buf, &cap, n + 65536 + 1, 1)) {
            free(buf);
            if (!is_stdin)
                fclose(f);
            *why = strerror(ENOMEM);
            return NULL;
        }
        size_t room = cap - n - 1;
        if (room > max + 1 - n)
            room = max + 1 - n;
        size_t got = fread(buf + n, 1, room, f);
        n += got;
        if (n > max) {
            free(buf);
            if (!is_stdin)
                fclose(f);
            *why = msg;
            return NULL;
        }
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    if (!is_stdin)
        fclose(f);
    if (failed) {
        free(buf);
        *why = strerror(EIO);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

bool util_parse_max_input(const char *text, size_t *bytes)
{
    char *e;
    errno = 0;
    long v = strtol(text, &e, 10);
    if (e == text || *e || errno || v < 1 || v > 65536)
        return false;
    *bytes = (size_t)v << 20;
    return true;
}
