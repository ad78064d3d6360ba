/* small_space.c - a GPU address space that runs out: memory/ built with
 * MEM_GPU_LIMIT 0x11000, so [MEM_GPU_BASE, MEM_GPU_LIMIT) holds 4 KiB.
 * Addresses are handed out in order, each range rounded up to MEM_GPU_ALIGN
 * (256) plus a MEM_GPU_GUARD (256) gap (mem.h), so 1000-byte stores take
 * 0x10000, 0x10500, 0x10A00, and the next would end past the limit. */
#include "mem.h"

#include <stdio.h>

static int failures;
#define CHECK(c)                                                               \
    do {                                                                       \
        if (!(c)) {                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c); \
            failures++;                                                        \
        }                                                                      \
    } while (0)

int main(void)
{
    CHECK(MEM_GPU_LIMIT == 0x11000);
    mem_space *s = mem_space_create();
    mem_buffer *b[6];
    for (int i = 0; i < 6; i++)
        b[i] = mem_buffer_create();
    for (int i = 0; i < 4; i++)
        CHECK(mem_buffer_alloc(b[i], 1000, NULL) == MEM_OK);
    CHECK(mem_space_address(s, b[0]) == 0x10000);
    CHECK(mem_space_address(s, b[1]) == 0x10500);
    CHECK(mem_space_make_resident(s, b[2], MEM_GPU_READ) == MEM_OK);
    CHECK(mem_buffer_gpu_address(b[2]) == 0x10A00);
    /* 0x10F00 + 1000 > 0x11000: no room */
    CHECK(mem_space_address(s, b[3]) == 0);
    CHECK(mem_space_make_resident(s, b[3], MEM_GPU_READ) == MEM_OUT_OF_MEMORY);
    CHECK(!mem_buffer_is_resident(b[3]) && mem_space_resident_count(s) == 1);
    /* exactly the 256 bytes left: [0x10F00, 0x11000) */
    CHECK(mem_buffer_alloc(b[4], 256, NULL) == MEM_OK);
    CHECK(mem_space_make_resident(s, b[4], MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK);
    CHECK(mem_buffer_gpu_address(b[4]) == 0x10F00);
    unsigned char v = 1;
    CHECK(mem_gpu_write(s, MEM_GPU_LIMIT - 1, 1, &v, NULL) == MEM_GPU_OK);
    CHECK(mem_gpu_check(s, MEM_GPU_LIMIT - 1, 2, MEM_GPU_READ) == MEM_GPU_FAULT_BOUNDS);
    CHECK(mem_gpu_check(s, MEM_GPU_LIMIT, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    /* full now, even for one byte; freed ranges are not reused */
    CHECK(mem_buffer_alloc(b[5], 1, NULL) == MEM_OK && mem_space_address(s, b[5]) == 0);
    mem_buffer_destroy(b[0]);
    b[0] = NULL;
    CHECK(mem_space_address(s, b[5]) == 0);
    /* the buffers that have addresses keep working */
    CHECK(mem_gpu_check(s, 0x10A00, 1000, MEM_GPU_READ) == MEM_GPU_OK);
    for (int i = 0; i < 6; i++)
        mem_buffer_destroy(b[i]);
    mem_space_destroy(s);
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
