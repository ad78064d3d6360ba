/*
 * mem_alloc.c - storage for render surfaces: aligned, on transparent huge
 * pages where the kernel gives them, with its pages mapped writable up front
 * (mem_alloc_render, mem_zalloc_written; mem.h).  Any thread.
 */
#include "mem_priv.h"

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* The transparent huge page size (2 MiB on x86-64), or 0 where the kernel
 * has none; read once. */
static size_t huge_page_size(void)
{
    static atomic_size_t cached = 1; /* 1: not read yet */
    size_t v = atomic_load_explicit(&cached, memory_order_relaxed);
    if (v != 1)
        return v;
    v = 0;
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", "r");
    if (f) {
        unsigned long long s = 0;
        if (fscanf(f, "%llu", &s) == 1 && s >= 4096 && s <= (1ull << 30) && !(s & (s - 1)))
            v = (size_t)s;
        fclose(f);
    }
    atomic_store_explicit(&cached, v, memory_order_relaxed);
    return v;
}

void *mem_alloc_render(size_t n)
{
    if (n == 0)
        n = 1;
    size_t huge = huge_page_size();
    size_t align = huge && n >= huge ? huge : 64;
    void *p = NULL;
    if (posix_memalign(&p, align, n) != 0)
        return NULL;
#ifdef MADV_HUGEPAGE
    /* A 2048x2048 colour buffer is 4096 small pages, each a fault when
     * first written, or 8 huge ones; where the kernel has no huge page
     * free it falls back to small pages. */
    if (align == huge)
        madvise(p, n & ~(huge - 1), MADV_HUGEPAGE);
#endif
    return p;
}

void *mem_zalloc_written(size_t n)
{
    void *p = mem_alloc_render(n);
    if (p)
        memset(p, 0, n ? n : 1); /* writes every page: none stays the shared zero page */
    return p;
}
