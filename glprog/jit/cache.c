/*
 * jit/cache.c - compiled objects on disk, one file per key (jit.h "The
 * object cache").  Any thread: a file is written aside and renamed into
 * place, so a reader sees a whole file or none, and two processes that
 * store the same key store the same bytes.
 *
 * A file is a header (jit_cache_header) and the object.  A file whose
 * magic, version, key, size or hash does not check out is a miss and is
 * removed, so that the next compile writes it again.  A hit sets the
 * file's time, which is what the trim goes by: the least recently used
 * go first.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "jit.h"
#include "jit_llvm.h"

#define JIT_CACHE_MAGIC "asmglJIT"
/* Changes when the file's layout does (not when the code does: the key
 * holds the module's bitcode). */
#define JIT_CACHE_VERSION 1u
#define JIT_CACHE_SUFFIX ".jit"
/* A file being written, and how old one must be for the trim to take it
 * as left by a process that died while writing it. */
#define JIT_CACHE_TEMP ".tmp-"
#define JIT_CACHE_TEMP_STALE_S 3600

typedef struct jit_cache_header {
    char magic[8];
    uint32_t version;
    uint32_t reserved;              /* 0 */
    uint64_t size;                  /* the object's bytes, after the header */
    uint8_t key[JIT_KEY_BYTES];
    uint8_t sum[JIT_KEY_BYTES];     /* BLAKE3 of the object */
} jit_cache_header;

static void object_sum(const void *obj, size_t size, uint8_t sum[JIT_KEY_BYTES])
{
    llvm_blake3_hasher h;
    llvm_blake3_hasher_init(&h);
    llvm_blake3_hasher_update(&h, obj, size);
    llvm_blake3_hasher_finalize(&h, sum, JIT_KEY_BYTES);
}

void jit_key_hex(const uint8_t *key, int nbytes, char *hex)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 0; i < nbytes; i++) {
        hex[2 * i] = digits[key[i] >> 4];
        hex[2 * i + 1] = digits[key[i] & 15];
    }
    hex[2 * nbytes] = '\0';
}

/* dir/<key in hex>.jit into path (PATH_MAX bytes); false if too long. */
static bool key_path(char *path, const char *dir, const uint8_t key[JIT_KEY_BYTES])
{
    char hex[2 * JIT_KEY_BYTES + 1];
    jit_key_hex(key, JIT_KEY_BYTES, hex);
    int n = snprintf(path, PATH_MAX, "%s/%s" JIT_CACHE_SUFFIX, dir, hex);
    return n > 0 && n < PATH_MAX;
}

static bool read_full(int fd, void *buf, size_t n)
{
    char *p = buf;
    while (n) {
        ssize_t r = read(fd, p, n);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            return false;
        p += r;
        n -= (size_t)r;
    }
    return true;
}

static bool write_full(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t w = write(fd, p, n);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        n -= (size_t)w;
    }
    return true;
}

void *jit_cache_load(const char *dir, const uint8_t key[JIT_KEY_BYTES], size_t *size)
{
    char path[PATH_MAX];
    if (!key_path(path, dir, key))
        return NULL;
    /* a plain file only: not through a link, and never waiting on a FIFO
     * someone left under the name */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
    if (fd < 0)
        return NULL;
    jit_cache_header h;
    struct stat st;
    void *obj = NULL;
    bool ok = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && read_full(fd, &h, sizeof(h)) &&
              memcmp(h.magic, JIT_CACHE_MAGIC, sizeof(h.magic)) == 0 &&
              h.version == JIT_CACHE_VERSION && memcmp(h.key, key, JIT_KEY_BYTES) == 0 &&
              h.size > 0 && h.size <= JIT_CACHE_OBJECT_MAX &&
              (uint64_t)st.st_size == sizeof(h) + h.size;
    if (ok) {
        obj = malloc((size_t)h.size);
        ok = obj && read_full(fd, obj, (size_t)h.size);
    }
    if (ok) {
        uint8_t sum[JIT_KEY_BYTES];
        object_sum(obj, (size_t)h.size, sum);
        ok = memcmp(sum, h.sum, JIT_KEY_BYTES) == 0;
    }
    if (ok) {
        futimens(fd, NULL); /* used now: last in the trim's order */
        *size = (size_t)h.size;
    } else {
        free(obj);
        obj = NULL;
        unlink(path);
    }
    close(fd);
    return obj;
}

typedef struct cache_file {
    struct timespec time;
    uint64_t size;
    char name[2 * JIT_KEY_BYTES + sizeof(JIT_CACHE_SUFFIX)];
} cache_file;

static int older_first(const void *a, const void *b)
{
    const cache_file *x = a, *y = b;
    if (x->time.tv_sec != y->time.tv_sec)
        return x->time.tv_sec < y->time.tv_sec ? -1 : 1;
    return x->time.tv_nsec < y->time.tv_nsec ? -1 : x->time.tv_nsec > y->time.tv_nsec;
}

static bool has_suffix(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

void jit_cache_trim(const char *dir, uint64_t max)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    cache_file *files = NULL;
    size_t n = 0, cap = 0;
    uint64_t total = 0;
    time_t now = time(NULL);
    struct dirent *e;
    while ((e = readdir(d))) {
        struct stat st;
        bool temp = strncmp(e->d_name, JIT_CACHE_TEMP, strlen(JIT_CACHE_TEMP)) == 0;
        if ((!temp && (!has_suffix(e->d_name, JIT_CACHE_SUFFIX) ||
                       strlen(e->d_name) >= sizeof(files->name))) ||
            fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (temp) {
            if (now - st.st_mtime > JIT_CACHE_TEMP_STALE_S)
                unlinkat(dirfd(d), e->d_name, 0);
            continue;
        }
        if (n == cap) {
            size_t c = cap ? 2 * cap : 64;
            cache_file *f = realloc(files, c * sizeof(*f));
            if (!f)
                break;
            files = f;
            cap = c;
        }
        files[n].time = st.st_mtim;
        files[n].size = (uint64_t)st.st_size;
        memcpy(files[n].name, e->d_name, strlen(e->d_name) + 1);
        total += files[n].size;
        n++;
    }
    if (total > max) {
        qsort(files, n, sizeof(*files), older_first);
        for (size_t i = 0; i < n && total > max; i++)
            if (unlinkat(dirfd(d), files[i].name, 0) == 0)
                total -= files[i].size;
    }
    free(files);
    closedir(d);
}

bool jit_cache_store(const char *dir, const uint8_t key[JIT_KEY_BYTES], const void *obj,
                     size_t size)
{
    char path[PATH_MAX], temp[PATH_MAX];
    int n = snprintf(temp, sizeof(temp), "%s/" JIT_CACHE_TEMP "XXXXXX", dir);
    if (!size || size > JIT_CACHE_OBJECT_MAX || !key_path(path, dir, key) || n <= 0 ||
        n >= (int)sizeof(temp))
        return false;
    int fd = mkostemp(temp, O_CLOEXEC); /* mode 0600 */
    if (fd < 0)
        return false;
    jit_cache_header h;
    memset(&h, 0, sizeof(h));
    memcpy(h.magic, JIT_CACHE_MAGIC, sizeof(h.magic));
    h.version = JIT_CACHE_VERSION;
    h.size = size;
    memcpy(h.key, key, JIT_KEY_BYTES);
    object_sum(obj, size, h.sum);
    bool ok = write_full(fd, &h, sizeof(h)) && write_full(fd, obj, size);
    ok = close(fd) == 0 && ok;
    ok = ok && rename(temp, path) == 0;
    if (!ok)
        unlink(temp);
    return ok;
}

/* mkdir -p, the folders it makes mode 0700 (the cache holds code this
 * user's processes will run). */
static bool make_dirs(char *path)
{
    for (char *p = path + 1;; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        bool ok = mkdir(path, 0700) == 0 || errno == EEXIST;
        *p = c;
        if (!ok)
            return false;
        if (!c)
            break;
    }
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *jit_cache_dir(char *buf, size_t n)
{
    const char *off = getenv("ASMGL_JIT_CACHE");
    if (off && strcmp(off, "0") == 0)
        return NULL;
    const char *dir = getenv("ASMGL_JIT_CACHE_DIR");
    const char *xdg = getenv("XDG_CACHE_HOME");
    const char *home = getenv("HOME");
    int k;
    if (dir && *dir)
        k = snprintf(buf, n, "%s", dir);
    else if (xdg && xdg[0] == '/')
        k = snprintf(buf, n, "%s/asmgl/jit", xdg);
    else if (home && home[0] == '/')
        k = snprintf(buf, n, "%s/.cache/asmgl/jit", home);
    else
        return NULL;
    if (k <= 0 || (size_t)k >= n || !make_dirs(buf))
        return NULL;
    return buf;
}
