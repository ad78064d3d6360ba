/* test_alloc.c - render storage (mem.h "render storage"): mem_alloc_render
 * returns storage aligned to a cache line, and to the kernel's transparent
 * huge page size (read here from sysfs, as a user would) when the block
 * spans one; mem_zalloc_written returns zero bytes, also where the block
 * reuses memory the process wrote and freed before. */
#include "../mem.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;
#define CHECK(c, ...)                                                          \
    do {                                                                       \
        if (!(c)) {                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #c); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
            failures++;                                                        \
        }                                                                      \
    } while (0)

static size_t sysfs_huge_page(void)
{
    unsigned long long s = 0;
    FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/hpage_pmd_size", "r");
    if (f) {
        if (fscanf(f, "%llu", &s) != 1)
            s = 0;
        fclose(f);
    }
    return (size_t)s;
}

int main(void)
{
    size_t huge = sysfs_huge_page();
    static const size_t sizes[] = {0, 1, 63, 4096, 250 * 250 * 4, (size_t)3 << 20, (size_t)2048 * 2048 * 4};
    for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
        size_t n = sizes[i];
        unsigned char *p = mem_alloc_render(n);
        CHECK(p != NULL, "mem_alloc_render(%zu)", n);
        if (!p)
            continue;
        CHECK(((uintptr_t)p & 63) == 0, "mem_alloc_render(%zu) = %p: not on a cache line", n, (void *)p);
        if (huge && n >= huge)
            CHECK(((uintptr_t)p & (huge - 1)) == 0, "mem_alloc_render(%zu) = %p: not on a %zu-byte page",
                  n, (void *)p, huge);
        memset(p, 0xa5, n ? n : 1); /* dirty memory the next allocation may reuse */
        free(p);
        unsigned char *z = mem_zalloc_written(n);
        CHECK(z != NULL, "mem_zalloc_written(%zu)", n);
        if (!z)
            continue;
        size_t nonzero = 0;
        for (size_t k = 0; k < n; k++)
            nonzero += z[k] != 0;
        CHECK(nonzero == 0, "mem_zalloc_written(%zu): %zu bytes not zero", n, nonzero);
        CHECK(((uintptr_t)z & 63) == 0, "mem_zalloc_written(%zu) = %p: not on a cache line", n, (void *)z);
        free(z);
    }
    if (failures) {
        fprintf(stderr, "%d check(s) failed\n", failures);
        return 1;
    }
    printf("ok (huge page size %zu)\n", huge);
    return 0;
}
