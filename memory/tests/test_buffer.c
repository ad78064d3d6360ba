/* test_buffer.c - mem_buffer store, ranges, mapping and overflow checks. */
#include "../mem.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

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
    size_t s;
    CHECK(mem_size_mul(SIZE_MAX / 2, 2, &s) && s == (SIZE_MAX / 2) * 2);
    CHECK(!mem_size_mul(SIZE_MAX / 2 + 1, 2, &s) && s == 0);
    CHECK(mem_size_add(1, 2, &s) && s == 3);
    CHECK(!mem_size_add(SIZE_MAX, 1, &s));
    CHECK(mem_range_ok(10, 0, 10));
    CHECK(mem_range_ok(10, 10, 0));
    CHECK(!mem_range_ok(10, 11, 0));
    CHECK(!mem_range_ok(10, 5, 6));
    CHECK(!mem_range_ok(10, 5, SIZE_MAX)); /* offset + len wraps */

    mem_buffer *b = mem_buffer_create();
    CHECK(b && mem_buffer_size(b) == 0 && mem_buffer_data(b) == NULL);
    const unsigned char init[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    CHECK(mem_buffer_alloc(b, 8, init) == MEM_OK);
    unsigned char *p = mem_buffer_data(b);
    CHECK(p && ((uintptr_t)p & 15) == 0 && mem_buffer_size(b) == 8);
    CHECK(mem_buffer_write(b, 6, 2, (const unsigned char[]){9, 10}) == MEM_OK);
    CHECK(mem_buffer_data(b) == p); /* stable storage */
    unsigned char out[8];
    CHECK(mem_buffer_read(b, 0, 8, out) == MEM_OK);
    CHECK(out[0] == 1 && out[5] == 6 && out[6] == 9 && out[7] == 10);
    CHECK(mem_buffer_write(b, 7, 2, out) == MEM_OUT_OF_RANGE);
    CHECK(mem_buffer_read(b, SIZE_MAX, 2, out) == MEM_OUT_OF_RANGE);

    void *m;
    CHECK(mem_buffer_map(b, 2, 4, MEM_MAP_READ | MEM_MAP_WRITE, &m) == MEM_OK);
    CHECK(m == p + 2 && mem_buffer_is_mapped(b) && mem_buffer_map_length(b) == 4);
    CHECK(mem_buffer_map(b, 0, 1, MEM_MAP_READ, &m) == MEM_BAD_STATE && m == NULL);
    CHECK(mem_buffer_write(b, 0, 1, out) == MEM_BAD_STATE);
    CHECK(mem_buffer_alloc(b, 4, NULL) == MEM_BAD_STATE);
    CHECK(mem_buffer_unmap(b) == MEM_OK);
    CHECK(mem_buffer_unmap(b) == MEM_BAD_STATE);
    CHECK(mem_buffer_map_pointer(b) == NULL);

    CHECK(mem_buffer_alloc(b, 3, NULL) == MEM_OK);
    CHECK(mem_buffer_read(b, 0, 3, out) == MEM_OK && out[0] == 0 && out[2] == 0);
    CHECK(mem_buffer_alloc(b, 0, NULL) == MEM_OK && mem_buffer_data(b) == NULL);
    CHECK(mem_buffer_map(b, 0, 0, MEM_MAP_READ, &m) == MEM_OK && m != NULL);
    CHECK(mem_buffer_unmap(b) == MEM_OK);
    CHECK(mem_buffer_gpu_address(b) == 0);
    mem_buffer_destroy(b);

    if (failures)
        fprintf(stderr, "%d failure(s)\n", failures);
    else
        printf("memory.buffer: all passed\n");
    return failures != 0;
}
