/*
 * mem_alloc.c - zeroed storage with its pages mapped writable up front
 * (mem_zalloc_written, mem.h).  Any thread.
 */
#include "mem_priv.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

void *mem_zalloc_written(size_t n)
{
    unsigned char *p = calloc(n ? n : 1, 1);
    if (!p || n == 0)
        return p;
    long ps = sysconf(_SC_PAGESIZE);
    size_t page = ps > 0 ? (size_t)ps : 4096;
    /* The whole pages inside the block in one call where the kernel has
     * MADV_POPULATE_WRITE (Linux 5.14); a write to each page otherwise
     * (a write of the zero calloc left: the compiler keeps it, volatile). */
    uintptr_t lo = ((uintptr_t)p + page - 1) & ~(uintptr_t)(page - 1);
    uintptr_t hi = ((uintptr_t)p + n) & ~(uintptr_t)(page - 1);
#ifdef MADV_POPULATE_WRITE
    if (hi > lo && madvise((void *)lo, hi - lo, MADV_POPULATE_WRITE) == 0)
        return p;
#endif
    volatile unsigned char *v = p;
    for (size_t i = 0; i < n; i += page)
        v[i] = 0;
    v[n - 1] = 0;
    return p;
}
