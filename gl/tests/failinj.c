/*
 * failinj.c - an LD_PRELOAD allocator shim for gl.alloc_failures: makes one
 * chosen allocation of libasmgl fail, and counts what libasmgl still holds.
 *
 * malloc, calloc, realloc, aligned_alloc, posix_memalign and strdup are
 * wrapped.  Only calls made directly from libasmgl's code (the return
 * address lies in its executable segment) are counted and can fail; the C
 * library's own allocations and the test program's pass through.  The
 * program drives it through three functions it looks up with dlsym:
 *
 *   failinj_arm(n)   resets the count; the n-th counted allocation from
 *                    then on returns NULL (ENOMEM); 0 fails none
 *   failinj_count()  allocations counted since failinj_arm
 *   failinj_live()   blocks allocated by libasmgl and not yet freed
 *
 * Live blocks are kept in a fixed open-addressing table (no allocation of
 * its own); past its capacity failinj_live reports -1.  FAILINJ_BACKTRACE=1
 * prints the stack of the allocation made to fail (on stderr).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <stdlib.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

#define EXPORT __attribute__((visibility("default")))

static uintptr_t text_lo, text_hi; /* libasmgl's executable segment */
static atomic_long counted, fail_at;

static int find_asmgl(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size, (void)data;
    if (!info->dlpi_name || !strstr(info->dlpi_name, "libasmgl.so"))
        return 0;
    for (int k = 0; k < info->dlpi_phnum; k++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[k];
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
            text_lo = info->dlpi_addr + ph->p_vaddr;
            text_hi = text_lo + ph->p_memsz;
            return 1;
        }
    }
    return 0;
}

/* true when the allocation asked for from return address ra is libasmgl's
 * and is the one to fail */
static int fails(void *ra, int *ours)
{
    *ours = 0;
    if (!text_lo)
        dl_iterate_phdr(find_asmgl, NULL);
    if ((uintptr_t)ra < text_lo || (uintptr_t)ra >= text_hi)
        return 0;
    *ours = 1;
    long n = atomic_fetch_add(&counted, 1) + 1;
    if (n == atomic_load(&fail_at)) {
        const char *bt = getenv("FAILINJ_BACKTRACE");
        if (bt && *bt == '1') {
            void *frames[32];
            backtrace_symbols_fd(frames, backtrace(frames, 32), 2);
        }
        errno = ENOMEM;
        return 1;
    }
    return 0;
}

/* ---- live blocks ------------------------------------------------------------- */

enum { LIVE_BITS = 17, LIVE_SIZE = 1 << LIVE_BITS };
static void *live[LIVE_SIZE]; /* NULL empty, TOMB removed */
static atomic_flag live_lock = ATOMIC_FLAG_INIT;
static long live_count;
static int live_overflow;
#define TOMB ((void *)1)

static size_t slot(void *p)
{
    return (size_t)(((uintptr_t)p >> 4) * 0x9e3779b97f4a7c15ull >> (64 - LIVE_BITS));
}

static void lock(void)
{
    while (atomic_flag_test_and_set_explicit(&live_lock, memory_order_acquire)) {
    }
}

static void unlock(void)
{
    atomic_flag_clear_explicit(&live_lock, memory_order_release);
}

static void live_add(void *p)
{
    if (!p)
        return;
    lock();
    size_t h = slot(p);
    for (size_t i = 0; i < LIVE_SIZE; i++, h = (h + 1) & (LIVE_SIZE - 1))
        if (live[h] == NULL || live[h] == TOMB) {
            live[h] = p;
            live_count++;
            unlock();
            return;
        }
    live_overflow = 1;
    unlock();
}

static void live_remove(void *p)
{
    if (!p)
        return;
    lock();
    size_t h = slot(p);
    for (size_t i = 0; i < LIVE_SIZE && live[h]; i++, h = (h + 1) & (LIVE_SIZE - 1))
        if (live[h] == p) {
            live[h] = TOMB;
            live_count--;
            break;
        }
    unlock();
}

/* ---- the wrappers -------------------------------------------------------------- */

EXPORT void *malloc(size_t n)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return NULL;
    void *p = __libc_malloc(n);
    if (ours)
        live_add(p);
    return p;
}

EXPORT void *calloc(size_t a, size_t b)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return NULL;
    void *p = __libc_calloc(a, b);
    if (ours)
        live_add(p);
    return p;
}

EXPORT void *realloc(void *old, size_t n)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return NULL;
    void *p = __libc_realloc(old, n);
    if (p || n == 0) {
        live_remove(old);
        if (ours)
            live_add(p);
    }
    return p;
}

EXPORT void *aligned_alloc(size_t a, size_t n)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return NULL;
    void *p = __libc_memalign(a, n);
    if (ours)
        live_add(p);
    return p;
}

EXPORT int posix_memalign(void **out, size_t a, size_t n)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return ENOMEM;
    void *p = __libc_memalign(a, n);
    if (!p)
        return ENOMEM;
    if (ours)
        live_add(p);
    *out = p;
    return 0;
}

EXPORT char *strdup(const char *s)
{
    int ours;
    if (fails(__builtin_return_address(0), &ours))
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = __libc_malloc(n);
    if (d)
        memcpy(d, s, n);
    if (ours)
        live_add(d);
    return d;
}

EXPORT void free(void *p)
{
    live_remove(p);
    __libc_free(p);
}

/* ---- control ------------------------------------------------------------------ */

EXPORT void failinj_arm(long n)
{
    atomic_store(&counted, 0);
    atomic_store(&fail_at, n);
}

EXPORT long failinj_count(void)
{
    return atomic_load(&counted);
}

EXPORT long failinj_live(void)
{
    lock();
    long n = live_overflow ? -1 : live_count;
    unlock();
    return n;
}
