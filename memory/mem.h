/*
 * mem.h - buffer objects with stable storage (prefix mem_).
 *
 * A mem_buffer is the data store behind a GL buffer object
 * (ARB_vertex_buffer_object): a byte array whose address stays the same from
 * one mem_buffer_alloc (glBufferData) to the next, so a pointer taken at draw
 * time (vertex fetch, index fetch) stays valid while the buffer is only
 * written through mem_buffer_write.  A mem_space (below) hands out GPU
 * addresses for NV_shader_buffer_load / NV_shader_buffer_store and lets
 * programs read and write resident buffers through them.
 *
 * Call order:
 *     mem_buffer *b = mem_buffer_create();
 *     mem_buffer_alloc(b, size, data)        glBufferData (replaces the store)
 *     mem_buffer_write / mem_buffer_read     glBufferSubData / glGetBufferSubData
 *     mem_buffer_map / mem_buffer_unmap      glMapBuffer / glUnmapBuffer
 *     mem_buffer_destroy(b);
 * and for GPU addresses (one space per context, destroyed after its buffers
 * or before, either way):
 *     mem_space *s = mem_space_create();
 *     mem_space_address(s, b)                glGetBufferParameterui64vNV
 *     mem_space_make_resident(s, b, access)  glMakeBufferResidentNV
 *     mem_gpu_read / mem_gpu_write / ...     programs, on worker threads
 *     mem_space_make_non_resident(s, b)      glMakeBufferNonResidentNV
 *     mem_space_destroy(s);
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
#include <stdio.h>

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

/* ---- render storage --------------------------------------------------------- */

/* n bytes for a render surface, uninitialised (NULL on OOM; free() it):
 * aligned to a cache line, so that a tile's rows are whole lines (the
 * tiles' streaming stores need them), and to the transparent huge page size
 * with huge pages asked for (MADV_HUGEPAGE) where n spans one, so that
 * writing it first takes one fault per 2 MiB rather than one per 4 KiB. */
void *mem_alloc_render(size_t n);
/* The same, n zero bytes with every page written (mapped writable).  For
 * storage that is first read and then written, such as a colour buffer
 * whose tiles load its contents before shading: untouched pages map the
 * shared zero page on that read and take a copy-on-write fault on the
 * write, which flushes the TLB of every CPU running the process, once per
 * page, while the workers render. */
void *mem_zalloc_written(size_t n);

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

/* The buffer's GPU address (NV_shader_buffer_load), 0 while it has none:
 * no store, or no mem_space_address call since the store was made. */
uint64_t mem_buffer_gpu_address(const mem_buffer *b);

/* ---- GPU address space (NV_shader_buffer_load, NV_shader_buffer_store) ----
 *
 * One mem_space per GL context (asmgl contexts share no objects).  It gives
 * every buffer store a GPU address and keeps the table of RESIDENT buffers
 * that programs reach through LOAD/STORE/ATOM.
 *
 * Addresses (NV_shader_buffer_load section 2.9, issue 16):
 *   - a buffer gets its address the first time mem_space_address asks for it
 *     while it has a store (size > 0); the address stays the same while that
 *     store does (BufferSubData, Map/Unmap, residency changes keep it);
 *   - mem_buffer_alloc (glBufferData) replaces the store: the buffer loses
 *     its address (the next query gives a new one) and its residency;
 *   - addresses are never 0, start at MEM_GPU_BASE, are multiples of
 *     MEM_GPU_ALIGN (256: more than the 16 issue 16 promises, enough for
 *     every fetch size of NV_gpu_program5), and are handed out in increasing
 *     order, never reused within a space: ranges of different buffers never
 *     overlap, at least MEM_GPU_GUARD bytes lie between any two, and a stale
 *     pointer to a replaced or deleted store faults instead of reaching
 *     another buffer.  Addresses end below MEM_GPU_LIMIT
 *     (MAX_SHADER_BUFFER_ADDRESS_NV = MEM_GPU_LIMIT - 1); programs that
 *     form 32-bit addresses (NV_gpu_program4 LOAD) reach the stores whose
 *     addresses were handed out within the first 4 GiB.
 *
 * Threads: every mem_space_* function below runs on the API thread, and the
 * functions that change the resident table (make_resident, make_non_resident,
 * mem_buffer_alloc / mem_buffer_destroy of a resident buffer,
 * mem_space_destroy) run only while no worker uses the space: gl/ flushes
 * the queued scene first (R9).  The mem_gpu_* accessors read the table and
 * may run on any number of worker threads at once between such changes;
 * their fault counters are atomic.
 *
 * Accesses (mem_gpu_read / mem_gpu_write / mem_gpu_pointer) succeed only when
 * every byte of [addr, addr + bytes) lies inside ONE resident buffer whose
 * residency access allows it.  Anything else is a fault, never a crash: a
 * read fills dst with zeroes, a write is dropped, the pointer is NULL, and the
 * fault is counted.  Undefined cases of the specs are defined so:
 *   - an address in no resident buffer (NV_shader_buffer_load 2.X.4.5 "may
 *     result in application termination"): MEM_GPU_FAULT_UNMAPPED;
 *   - an access that starts inside a resident buffer but runs past its end
 *     (also one that would straddle two buffers, or whose addr + bytes wraps
 *     around 2^64): MEM_GPU_FAULT_BOUNDS;
 *   - a read of a buffer made resident WRITE_ONLY, or a write of one made
 *     resident READ_ONLY (NV_shader_buffer_store section 2.9 "undefined"):
 *     MEM_GPU_FAULT_ACCESS;
 *   - misaligned accesses (NV_shader_buffer_load 2.X.4.5 wants addresses
 *     that are multiples of the fetch size; "undefined" otherwise) are
 *     performed byte-exactly, as if the hardware allowed them, and are not
 *     faults: these accessors take no alignment.  A caller that needs
 *     natural alignment (atomics) checks it itself; since stores are
 *     16-byte aligned in host memory and addresses are MEM_GPU_ALIGN
 *     aligned, an address aligned to n <= 16 gives a pointer aligned to n;
 *   - bytes == 0 checks addr like a one-byte access and transfers nothing.
 *
 * Fault reports: the environment variable ASMGL_MEMORY_FAULTS=N (read when
 * the space is created) prints the first N faults to stderr, one line each:
 *   asmgl: memory fault 1: read of 4 bytes at 0x0000000000010100: no resident buffer [fragment program 3, pixel (5, 7)]
 * with the caller's site (mem_gpu_site) in brackets.  mem_space_faults
 * reports the counts. */

#define MEM_GPU_BASE ((uint64_t)0x10000)
#define MEM_GPU_ALIGN ((uint64_t)256)
#define MEM_GPU_GUARD ((uint64_t)256)
#ifndef MEM_GPU_LIMIT /* a test builds memory/ with a small one */
#define MEM_GPU_LIMIT ((uint64_t)1 << 48)
#endif

typedef struct mem_space mem_space;

/* Residency access (MakeBufferResidentNV READ_ONLY / WRITE_ONLY / READ_WRITE). */
enum { MEM_GPU_READ = 1u << 0, MEM_GPU_WRITE = 1u << 1 };

typedef enum mem_gpu_status {
    MEM_GPU_OK = 0,
    MEM_GPU_FAULT_UNMAPPED, /* addr is in no resident buffer */
    MEM_GPU_FAULT_BOUNDS,   /* starts in one, does not end in it */
    MEM_GPU_FAULT_ACCESS,   /* residency access forbids it */
    MEM_GPU_FAULT_ALIGN     /* misaligned where the caller needs natural
                               alignment (atomics); only through mem_gpu_fault */
} mem_gpu_status;

/* Where an access comes from, for fault reports: what (e.g. "fragment
 * program 3"; NULL = unknown) and a pixel (x, y), or x < 0 for none. */
typedef struct mem_gpu_site {
    const char *what;
    int x, y;
} mem_gpu_site;

typedef struct mem_gpu_faults {
    uint64_t reads, writes;   /* faulting reads / writes (pointer requests
                                 count as writes when they ask for write) */
    uint64_t unmapped, bounds, access; /* the same faults by kind */
    uint64_t misaligned;      /* MEM_GPU_FAULT_ALIGN (mem_gpu_fault) */
} mem_gpu_faults;

/* NULL on OOM.  Reads ASMGL_MEMORY_FAULTS. */
mem_space *mem_space_create(void);
/* Makes every resident buffer non-resident and frees the space.  Buffers
 * keep their addresses (numbers only) and may outlive it.  With fault
 * reports on and any fault counted, prints a last line with the totals:
 *   asmgl: 7 memory faults (5 reads, 2 writes) */
void mem_space_destroy(mem_space *s);

/* b's address in s, assigned on the first call while b has a store; 0 when
 * b has no store (size 0) or s has no room left below MEM_GPU_LIMIT. */
uint64_t mem_space_address(mem_space *s, mem_buffer *b);

/* MakeBufferResidentNV: b must have a store and not be resident;
 * access is MEM_GPU_READ and/or MEM_GPU_WRITE (not 0).  Assigns the address
 * if b has none.  MEM_BAD_STATE (no store, already resident, resident in
 * another space), MEM_OUT_OF_RANGE (bad access bits), MEM_OUT_OF_MEMORY. */
mem_status mem_space_make_resident(mem_space *s, mem_buffer *b, unsigned access);
/* MakeBufferNonResidentNV: MEM_BAD_STATE when b is not resident in s. */
mem_status mem_space_make_non_resident(mem_space *s, mem_buffer *b);
/* Whether b is resident (in any space), and its residency access (0 if not). */
bool mem_buffer_is_resident(const mem_buffer *b);
unsigned mem_buffer_resident_access(const mem_buffer *b);
/* Number of resident buffers, and a serial bumped by every change of the
 * resident table (for callers that cache look-ups). */
size_t mem_space_resident_count(const mem_space *s);
uint64_t mem_space_serial(const mem_space *s);

/* Accessors (any thread, see above).  s is never NULL (gl/ makes the
 * context's space with gl_buffer_gpu_space); site may be NULL. */
mem_gpu_status mem_gpu_read(const mem_space *s, uint64_t addr, size_t bytes, void *dst,
                            const mem_gpu_site *site);
mem_gpu_status mem_gpu_write(const mem_space *s, uint64_t addr, size_t bytes, const void *src,
                             const mem_gpu_site *site);
/* The host pointer of [addr, addr + bytes) when the access (MEM_GPU_READ
 * and/or MEM_GPU_WRITE) is allowed, else NULL (a fault, counted and
 * reported).  For atomics and wide loads; valid until the table changes. */
void *mem_gpu_pointer(const mem_space *s, uint64_t addr, size_t bytes, unsigned access,
                      const mem_gpu_site *site);
/* The same check without counting or reporting anything. */
mem_gpu_status mem_gpu_check(const mem_space *s, uint64_t addr, size_t bytes, unsigned access);
/* Counts and reports a fault of kind st that the caller found itself
 * (glprog's executor, a misaligned ATOM: MEM_GPU_FAULT_ALIGN,
 * "the atomic is not performed"); access says read and/or write as for
 * mem_gpu_pointer.  Any thread. */
void mem_gpu_fault(const mem_space *s, mem_gpu_status st, uint64_t addr, size_t bytes,
                   unsigned access, const mem_gpu_site *site);

/* Fault counts since creation or the last reset (API thread, between
 * flushes). */
mem_gpu_faults mem_space_faults(const mem_space *s);
void mem_space_reset_faults(mem_space *s);
/* Replaces what ASMGL_MEMORY_FAULTS set: report the first limit faults
 * (counted from now) to out (NULL = stderr); limit 0 reports none. */
void mem_space_set_fault_report(mem_space *s, uint64_t limit, FILE *out);

/* ---- Atomics (ATOM ATOMB ATOMS ATOMIM) -----------------------------------
 *
 * One read-modify-write on host memory, as NV_gpu_program5's ATOM
 * pseudocode defines each operation (MOD.AT_*; EDGE.ATOM_IWRAP,
 * EDGE.ATOM_DWRAP, EDGE.ATOM_CSWAP: CSWAP stores only when old == v).
 * p must be aligned to the type's size (the caller checks: a misaligned
 * atomic is a fault); the operation is a real host atomic (C11 / GCC
 * __atomic, sequentially consistent), so any number of threads may hit the
 * same word.  v is the operand (CSWAP: the compare value), v2 the CSWAP
 * new value; both and the result are the type's bits zero-extended to 64
 * (F32: the float's bits).  Returns the old value.  Operation numbers are
 * glprog.h's gp_atom_op.  Operations that make no sense for a type (MIN on
 * F32, IWRAP on S64, ...) are refused by the program front end; here they
 * return the old value without storing. */
enum {
    MEM_ATOM_ADD, MEM_ATOM_MIN, MEM_ATOM_MAX, MEM_ATOM_IWRAP, MEM_ATOM_DWRAP, MEM_ATOM_AND,
    MEM_ATOM_OR, MEM_ATOM_XOR, MEM_ATOM_EXCH, MEM_ATOM_CSWAP, MEM_ATOM_OP_COUNT
};
enum { MEM_ATOM_U32, MEM_ATOM_S32, MEM_ATOM_U64, MEM_ATOM_S64, MEM_ATOM_F32, MEM_ATOM_TYPE_COUNT };
uint64_t mem_atomic(void *p, int op, int type, uint64_t v, uint64_t v2);

#ifdef __cplusplus
}
#endif
#endif /* MEMORY_MEM_H */
