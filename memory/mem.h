/*
 * mem.h - buffer objects with stable storage (prefix mem_).
 *
 * A mem_buffer is the data store behind a GL buffer object
 * (ARB_vertex_buffer_object): a byte array whose address stays the same from
 * one mem_buffer_alloc (glBufferData) to the next, so a pointer taken at draw
 * time (vertex fetch, index fetch) stays valid while the buffer is only
 * written through mem_buffer_write.  Later this module also hands out GPU
 * addresses for NV_shader_buffer_load (mem_buffer_gpu_address is reserved for
 * that) and parameter buffers.
 *
 * Call order:
 *     mem_buffer *b = mem_buffer_create();
 *     mem_buffer_alloc(b, size, data)        glBufferData (replaces the store)
 *     mem_buffer_write / mem_buffer_read     glBufferSubData / glGetBufferSubData
 *     mem_buffer_map / mem_buffer_unmap      glMapBuffer / glUnmapBuffer
 *     mem_buffer_destroy(b);
 *
 * Sizes: every client-supplied offset/length goes through mem_range_ok and the
 * overflow-checked mem_size_* helpers (R14).
 * Ownership: the buffer owns its store.  Threads: mutated only on the API
 * thread; worker threads may read the store of a buffer the API thread keeps
 * alive and unmodified until the next flush (R9).
 * Errors: functions return MEM_OK or a mem_status, never abort.
 */
#ifndef MEMORY_MEM_H
#define MEMORY_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mem_status {
    MEM_OK = 0,
    MEM_OUT_OF_MEMORY,   /* allocation failed: GL_OUT_OF_MEMORY */
    MEM_OUT_OF_RANGE,    /* offset/size outside the store: GL_INVALID_VALUE */
    MEM_BAD_STATE        /* mapped when it must not be, or not mapped: GL_INVALID_OPERATION */
} mem_status;

/* ---- overflow-checked size arithmetic ------------------------------------ */

/* *out = a * b; false (and *out = 0) on overflow. */
bool mem_size_mul(size_t a, size_t b, size_t *out);
/* *out = a + b; false (and *out = 0) on overflow. */
bool mem_size_add(size_t a, size_t b, size_t *out);
/* true when [offset, offset + len) lies inside [0, size), without overflow. */
bool mem_range_ok(size_t size, size_t offset, size_t len);

/* ---- buffers ------------------------------------------------------------- */

typedef struct mem_buffer mem_buffer;

enum { MEM_MAP_READ = 1u << 0, MEM_MAP_WRITE = 1u << 1 };

mem_buffer *mem_buffer_create(void);
void mem_buffer_destroy(mem_buffer *b);

/* Replaces the store with size bytes, copied from data when not NULL, else
 * zeroed.  Fails with MEM_BAD_STATE while mapped (the caller unmaps first, as
 * glBufferData does) and keeps the old store on MEM_OUT_OF_MEMORY. */
mem_status mem_buffer_alloc(mem_buffer *b, size_t size, const void *data);
mem_status mem_buffer_write(mem_buffer *b, size_t offset, size_t len, const void *src);
mem_status mem_buffer_read(const mem_buffer *b, size_t offset, size_t len, void *dst);

/* The store (NULL when size is 0) and its size.  The pointer is stable until
 * the next mem_buffer_alloc or mem_buffer_destroy. */
void *mem_buffer_data(const mem_buffer *b);
size_t mem_buffer_size(const mem_buffer *b);

/* Maps [offset, offset + len) with MEM_MAP_* access; *ptr receives the address. */
mem_status mem_buffer_map(mem_buffer *b, size_t offset, size_t len, unsigned access,
                          void **ptr);
mem_status mem_buffer_unmap(mem_buffer *b);
bool mem_buffer_is_mapped(const mem_buffer *b);
/* The current mapping: pointer (NULL when unmapped), offset, length, access. */
void *mem_buffer_map_pointer(const mem_buffer *b);
size_t mem_buffer_map_offset(const mem_buffer *b);
size_t mem_buffer_map_length(const mem_buffer *b);
unsigned mem_buffer_map_access(const mem_buffer *b);

/* Reserved for NV_shader_buffer_load: the buffer's GPU address, 0 while it
 * has none (no address space yet). */
uint64_t mem_buffer_gpu_address(const mem_buffer *b);

#ifdef __cplusplus
}
#endif
#endif /* MEMORY_MEM_H */
