/*
 * mem_buffer.c - buffer object stores (API thread).
 *
 * A store is one malloc'd block, 16-byte aligned so vertex fetch may read
 * floats and vec4s from it directly.  It is replaced only by
 * mem_buffer_alloc, which is what keeps pointers into it stable (mem.h).
 */
#include "mem_priv.h"

#include <stdlib.h>
#include <string.h>

/* Overridable allocator (R14): a test can build with a failing one. */
#ifndef MEM_ALIGNED_ALLOC
#define MEM_ALIGNED_ALLOC(size) aligned_alloc(16, size)
#endif
#ifndef MEM_FREE
#define MEM_FREE(p) free(p)
#endif


bool mem_size_mul(size_t a, size_t b, size_t *out)
{
    if (a != 0 && b > SIZE_MAX / a) {
        *out = 0;
        return false;
    }
    *out = a * b;
    return true;
}

bool mem_size_add(size_t a, size_t b, size_t *out)
{
    if (b > SIZE_MAX - a) {
        *out = 0;
        return false;
    }
    *out = a + b;
    return true;
}

bool mem_range_ok(size_t size, size_t offset, size_t len)
{
    return offset <= size && len <= size - offset;
}

mem_buffer *mem_buffer_create(void)
{
    return calloc(1, sizeof(mem_buffer));
}

void mem_buffer_destroy(mem_buffer *b)
{
    if (!b)
        return;
    if (b->space)
        mem_space_make_non_resident(b->space, b);
    MEM_FREE(b->data);
    free(b);
}

mem_status mem_buffer_alloc(mem_buffer *b, size_t size, const void *data)
{
    if (b->mapped)
        return MEM_BAD_STATE;
    unsigned char *store = NULL;
    if (size) {
        /* aligned_alloc wants a multiple of the alignment */
        size_t rounded;
        if (!mem_size_add(size, 15, &rounded))
            return MEM_OUT_OF_MEMORY;
        rounded &= ~(size_t)15;
        store = MEM_ALIGNED_ALLOC(rounded);
        if (!store)
            return MEM_OUT_OF_MEMORY;
        if (data)
            memcpy(store, data, size);
        else
            memset(store, 0, size);
        memset(store + size, 0, rounded - size);
    }
    /* NV_shader_buffer_load section 2.9: respecifying the store makes the
     * buffer non-resident and invalidates its GPU address */
    if (b->space)
        mem_space_make_non_resident(b->space, b);
    b->gpu_address = 0;
    MEM_FREE(b->data);
    b->data = store;
    b->size = size;
    return MEM_OK;
}

mem_status mem_buffer_write(mem_buffer *b, size_t offset, size_t len, const void *src)
{
    if (!mem_range_ok(b->size, offset, len))
        return MEM_OUT_OF_RANGE;
    if (b->mapped)
        return MEM_BAD_STATE;
    if (len && src)
        memcpy(b->data + offset, src, len);
    return MEM_OK;
}

mem_status mem_buffer_read(const mem_buffer *b, size_t offset, size_t len, void *dst)
{
    if (!mem_range_ok(b->size, offset, len))
        return MEM_OUT_OF_RANGE;
    if (b->mapped)
        return MEM_BAD_STATE;
    if (len && dst)
        memcpy(dst, b->data + offset, len);
    return MEM_OK;
}

void *mem_buffer_data(const mem_buffer *b) { return b->data; }
size_t mem_buffer_size(const mem_buffer *b) { return b->size; }

mem_status mem_buffer_map(mem_buffer *b, size_t offset, size_t len, unsigned access, void **ptr)
{
    *ptr = NULL;
    if (b->mapped)
        return MEM_BAD_STATE;
    if (!mem_range_ok(b->size, offset, len))
        return MEM_OUT_OF_RANGE;
    b->mapped = true;
    b->map_offset = offset;
    b->map_length = len;
    b->map_access = access;
    /* A zero-sized store maps to a non-NULL address so callers can tell a
     * mapping from a failure. */
    static unsigned char empty[16];
    *ptr = b->data ? b->data + offset : empty;
    return MEM_OK;
}

mem_status mem_buffer_unmap(mem_buffer *b)
{
    if (!b->mapped)
        return MEM_BAD_STATE;
    b->mapped = false;
    b->map_offset = b->map_length = 0;
    b->map_access = 0;
    return MEM_OK;
}

bool mem_buffer_is_mapped(const mem_buffer *b) { return b->mapped; }

void *mem_buffer_map_pointer(const mem_buffer *b)
{
    if (!b->mapped)
        return NULL;
    static unsigned char empty[16];
    return b->data ? b->data + b->map_offset : empty;
}

size_t mem_buffer_map_offset(const mem_buffer *b) { return b->map_offset; }
size_t mem_buffer_map_length(const mem_buffer *b) { return b->map_length; }
unsigned mem_buffer_map_access(const mem_buffer *b) { return b->map_access; }

uint64_t mem_buffer_gpu_address(const mem_buffer *b) { return b->gpu_address; }
