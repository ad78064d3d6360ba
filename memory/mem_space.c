/*
 * mem_space.c - the GPU address space of NV_shader_buffer_load /
 * NV_shader_buffer_store: address assignment, the resident table, and the
 * accessors programs use (mem.h describes the contract).
 *
 * The resident table is an array of entries sorted by address; a look-up is
 * a binary search for the last entry starting at or below the address.
 * Since ranges never overlap, that entry is the only one that can hold the
 * first byte.  The table changes only on the API thread while no worker
 * reads it (R9), so the accessors take no lock; the fault counters are
 * atomic because many workers may fault at once.
 */
#include "mem_priv.h"

#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

typedef struct mem_gpu_entry {
    uint64_t addr;
    uint64_t size;
    unsigned char *data;
    unsigned access;
    mem_buffer *buffer;
} mem_gpu_entry;

struct mem_space {
    uint64_t next;            /* next free address (multiple of MEM_GPU_ALIGN) */
    mem_gpu_entry *entries;   /* resident buffers, sorted by addr */
    size_t count, cap;
    uint64_t serial;
    /* faults */
    _Atomic uint64_t reads, writes, unmapped, bounds, access, misaligned;
    _Atomic uint64_t reported;  /* faults seen since the report limit was set */
    uint64_t report_limit;
    FILE *report_out;           /* NULL = stderr */
};

mem_space *mem_space_create(void)
{
    mem_space *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->next = MEM_GPU_BASE;
    const char *e = getenv("ASMGL_MEMORY_FAULTS");
    if (e && *e) {
        char *end;
        unsigned long long n = strtoull(e, &end, 10);
        if (*end == '\0' && e[0] != '-')
            s->report_limit = n;
    }
    return s;
}

void mem_space_destroy(mem_space *s)
{
    if (!s)
        return;
    /* with reports on, a last line with the totals (more may have faulted
     * than were printed) */
    uint64_t r = atomic_load(&s->reads), w = atomic_load(&s->writes);
    if (s->report_limit && (r || w))
        fprintf(s->report_out ? s->report_out : stderr,
                "asmgl: %" PRIu64 " memory faults (%" PRIu64 " reads, %" PRIu64 " writes)\n", r + w,
                r, w);
    for (size_t i = 0; i < s->count; i++) {
        s->entries[i].buffer->space = NULL;
        s->entries[i].buffer->resident_access = 0;
    }
    free(s->entries);
    free(s);
}

uint64_t mem_space_address(mem_space *s, mem_buffer *b)
{
    if (b->gpu_address)
        return b->gpu_address;
    if (!b->size || !b->data)
        return 0;
    /* [next, next + size) must end below MEM_GPU_LIMIT; next stays below it */
    uint64_t size = (uint64_t)b->size;
    if (s->next >= MEM_GPU_LIMIT || size > MEM_GPU_LIMIT - s->next)
        return 0;
    uint64_t addr = s->next;
    uint64_t end = addr + size; /* <= MEM_GPU_LIMIT: no overflow below */
    uint64_t next = ((end + MEM_GPU_ALIGN - 1) & ~(MEM_GPU_ALIGN - 1)) + MEM_GPU_GUARD;
    s->next = next; /* may reach MEM_GPU_LIMIT or a little beyond: full */
    b->gpu_address = addr;
    return addr;
}

mem_status mem_space_make_resident(mem_space *s, mem_buffer *b, unsigned access)
{
    if (access == 0 || (access & ~(unsigned)(MEM_GPU_READ | MEM_GPU_WRITE)))
        return MEM_OUT_OF_RANGE;
    if (b->space || !b->size || !b->data)
        return MEM_BAD_STATE;
    uint64_t addr = mem_space_address(s, b);
    if (!addr)
        return MEM_OUT_OF_MEMORY;
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 16;
        size_t bytes;
        if (!mem_size_mul(cap, sizeof *s->entries, &bytes))
            return MEM_OUT_OF_MEMORY;
        mem_gpu_entry *e = realloc(s->entries, bytes);
        if (!e)
            return MEM_OUT_OF_MEMORY;
        s->entries = e;
        s->cap = cap;
    }
    /* insertion point: first entry with a higher address */
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->entries[mid].addr < addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    memmove(&s->entries[lo + 1], &s->entries[lo], (s->count - lo) * sizeof *s->entries);
    s->entries[lo] = (mem_gpu_entry){
        .addr = addr, .size = (uint64_t)b->size, .data = b->data, .access = access, .buffer = b};
    s->count++;
    s->serial++;
    b->space = s;
    b->resident_access = access;
    return MEM_OK;
}

mem_status mem_space_make_non_resident(mem_space *s, mem_buffer *b)
{
    if (b->space != s)
        return MEM_BAD_STATE;
    /* the entry with b's address (addresses are unique) */
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->entries[mid].addr < b->gpu_address)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < s->count && s->entries[lo].buffer == b) {
        memmove(&s->entries[lo], &s->entries[lo + 1], (s->count - lo - 1) * sizeof *s->entries);
        s->count--;
    }
    s->serial++;
    b->space = NULL;
    b->resident_access = 0;
    return MEM_OK;
}

bool mem_buffer_is_resident(const mem_buffer *b) { return b->space != NULL; }
unsigned mem_buffer_resident_access(const mem_buffer *b) { return b->resident_access; }
size_t mem_space_resident_count(const mem_space *s) { return s->count; }
uint64_t mem_space_serial(const mem_space *s) { return s->serial; }

/* ---- accessors ------------------------------------------------------------ */

/* The entry holding [addr, addr + bytes) (bytes 0 counts as 1), with the
 * fault kind otherwise. */
static mem_gpu_status lookup(const mem_space *s, uint64_t addr, size_t bytes, unsigned access,
                             const mem_gpu_entry **out)
{
    *out = NULL;
    /* last entry with entry.addr <= addr */
    size_t lo = 0, hi = s->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->entries[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return MEM_GPU_FAULT_UNMAPPED;
    const mem_gpu_entry *e = &s->entries[lo - 1];
    uint64_t off = addr - e->addr;
    if (off >= e->size)
        return MEM_GPU_FAULT_UNMAPPED;
    uint64_t n = bytes ? (uint64_t)bytes : 1;
    if (n > e->size - off) /* also catches addr + bytes wrapping around */
        return MEM_GPU_FAULT_BOUNDS;
    if ((access & e->access) != access)
        return MEM_GPU_FAULT_ACCESS;
    *out = e;
    return MEM_GPU_OK;
}

static void fault(const mem_space *cs, mem_gpu_status st, uint64_t addr, size_t bytes,
                  unsigned access, const mem_gpu_site *site)
{
    /* counters are the only part of the space accessors change */
    mem_space *s = (mem_space *)cs;
    bool write = (access & MEM_GPU_WRITE) != 0;
    atomic_fetch_add_explicit(write ? &s->writes : &s->reads, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(st == MEM_GPU_FAULT_UNMAPPED ? &s->unmapped
                              : st == MEM_GPU_FAULT_BOUNDS ? &s->bounds
                              : st == MEM_GPU_FAULT_ALIGN  ? &s->misaligned
                                                           : &s->access,
                              1, memory_order_relaxed);
    if (!s->report_limit)
        return;
    uint64_t n = atomic_fetch_add_explicit(&s->reported, 1, memory_order_relaxed) + 1;
    if (n > s->report_limit)
        return;
    static const char *const why[] = {"", "no resident buffer", "past the end of a resident buffer",
                                      "not allowed by the buffer's residency access",
                                      "misaligned for an atomic"};
    const char *kind = (access & MEM_GPU_WRITE) ? ((access & MEM_GPU_READ) ? "read-write" : "write")
                                                : "read";
    char where[256] = "";
    if (site && (site->what || site->x >= 0)) {
        if (site->x >= 0)
            snprintf(where, sizeof where, " [%s%spixel (%d, %d)]", site->what ? site->what : "",
                     site->what ? ", " : "", site->x, site->y);
        else
            snprintf(where, sizeof where, " [%s]", site->what);
    }
    /* one fprintf per line: lines from several workers do not interleave */
    fprintf(s->report_out ? s->report_out : stderr,
            "asmgl: memory fault %" PRIu64 ": %s of %zu bytes at 0x%016" PRIx64 ": %s%s\n", n, kind,
            bytes, addr, why[st], where);
}

mem_gpu_status mem_gpu_check(const mem_space *s, uint64_t addr, size_t bytes, unsigned access)
{
    const mem_gpu_entry *e;
    return lookup(s, addr, bytes, access, &e);
}

void mem_gpu_fault(const mem_space *s, mem_gpu_status st, uint64_t addr, size_t bytes,
                   unsigned access, const mem_gpu_site *site)
{
    if (!s || st == MEM_GPU_OK || st > MEM_GPU_FAULT_ALIGN)
        return;
    fault(s, st, addr, bytes, access ? access : MEM_GPU_READ, site);
}

mem_gpu_status mem_gpu_read(const mem_space *s, uint64_t addr, size_t bytes, void *dst,
                            const mem_gpu_site *site)
{
    const mem_gpu_entry *e;
    mem_gpu_status st = lookup(s, addr, bytes, MEM_GPU_READ, &e);
    if (st != MEM_GPU_OK) {
        if (bytes)
            memset(dst, 0, bytes);
        fault(s, st, addr, bytes, MEM_GPU_READ, site);
        return st;
    }
    if (bytes)
        memcpy(dst, e->data + (addr - e->addr), bytes);
    return MEM_GPU_OK;
}

mem_gpu_status mem_gpu_write(const mem_space *s, uint64_t addr, size_t bytes, const void *src,
                             const mem_gpu_site *site)
{
    const mem_gpu_entry *e;
    mem_gpu_status st = lookup(s, addr, bytes, MEM_GPU_WRITE, &e);
    if (st != MEM_GPU_OK) {
        fault(s, st, addr, bytes, MEM_GPU_WRITE, site);
        return st;
    }
    if (bytes)
        memcpy(e->data + (addr - e->addr), src, bytes);
    return MEM_GPU_OK;
}

void *mem_gpu_pointer(const mem_space *s, uint64_t addr, size_t bytes, unsigned access,
                      const mem_gpu_site *site)
{
    const mem_gpu_entry *e;
    if (access == 0)
        access = MEM_GPU_READ;
    mem_gpu_status st = lookup(s, addr, bytes, access, &e);
    if (st != MEM_GPU_OK) {
        fault(s, st, addr, bytes, access, site);
        return NULL;
    }
    return e->data + (addr - e->addr);
}

mem_gpu_faults mem_space_faults(const mem_space *cs)
{
    mem_space *s = (mem_space *)cs;
    return (mem_gpu_faults){
        .reads = atomic_load(&s->reads),
        .writes = atomic_load(&s->writes),
        .unmapped = atomic_load(&s->unmapped),
        .bounds = atomic_load(&s->bounds),
        .access = atomic_load(&s->access),
        .misaligned = atomic_load(&s->misaligned),
    };
}

void mem_space_reset_faults(mem_space *s)
{
    atomic_store(&s->reads, 0);
    atomic_store(&s->writes, 0);
    atomic_store(&s->unmapped, 0);
    atomic_store(&s->bounds, 0);
    atomic_store(&s->access, 0);
    atomic_store(&s->misaligned, 0);
}

void mem_space_set_fault_report(mem_space *s, uint64_t limit, FILE *out)
{
    s->report_limit = limit;
    s->report_out = out;
    atomic_store(&s->reported, 0);
}
