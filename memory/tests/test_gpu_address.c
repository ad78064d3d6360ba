/* test_gpu_address.c - the GPU address space (mem_space): addresses,
 * residency, look-ups at every boundary, faults and their report.
 *
 * Expected values come from NV_shader_buffer_load section 2.9 (addresses
 * never 0, stable until BufferData / delete, resident range
 * [BUFFER_GPU_ADDRESS, BUFFER_GPU_ADDRESS + BUFFER_SIZE)), issue 16
 * (16-byte alignment) and mem.h's definitions of the undefined cases.
 *
 * No FEATURES.md IDs are cited here: the API rows are covered through GL
 * by gl/tests/test_buffer_address.c, and EDGE.MEM_NONRESIDENT,
 * EDGE.MEM_ACCESS_MODE and EDGE.MEM_ALIGN describe what programs see, so
 * they belong to the LOAD/STORE/ATOM tests that will use these accessors.
 */
#include "../mem.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
#define CHECK(c)                                                               \
    do {                                                                       \
        if (!(c)) {                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, __LINE__, #c); \
            failures++;                                                        \
        }                                                                      \
    } while (0)

/* A buffer of size bytes, byte i = (tag + i) & 0xff. */
static mem_buffer *make(size_t size, unsigned tag)
{
    mem_buffer *b = mem_buffer_create();
    unsigned char *d = malloc(size ? size : 1);
    for (size_t i = 0; i < size; i++)
        d[i] = (unsigned char)(tag + i);
    CHECK(b && mem_buffer_alloc(b, size, d) == MEM_OK);
    free(d);
    return b;
}

static void test_addresses(void)
{
    mem_space *s = mem_space_create();
    CHECK(s != NULL);
    mem_buffer *none = mem_buffer_create();
    /* no store: no address, cannot be resident */
    CHECK(mem_space_address(s, none) == 0 && mem_buffer_gpu_address(none) == 0);
    CHECK(mem_space_make_resident(s, none, MEM_GPU_READ) == MEM_BAD_STATE);
    CHECK(mem_buffer_alloc(none, 0, NULL) == MEM_OK && mem_space_address(s, none) == 0);

    mem_buffer *a = make(100, 0);
    CHECK(mem_buffer_gpu_address(a) == 0); /* not asked yet */
    uint64_t aa = mem_space_address(s, a);
    CHECK(aa != 0 && aa >= MEM_GPU_BASE && aa % 16 == 0 && aa % MEM_GPU_ALIGN == 0);
    CHECK(aa + 100 <= MEM_GPU_LIMIT);
    CHECK(mem_buffer_gpu_address(a) == aa && mem_space_address(s, a) == aa);

    /* stable while the store is: writes, mapping, residency changes */
    CHECK(mem_buffer_write(a, 3, 2, "xy") == MEM_OK && mem_space_address(s, a) == aa);
    void *m;
    CHECK(mem_buffer_map(a, 0, 100, MEM_MAP_READ, &m) == MEM_OK && mem_buffer_unmap(a) == MEM_OK);
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ) == MEM_OK && mem_space_address(s, a) == aa);
    CHECK(mem_space_make_non_resident(s, a) == MEM_OK && mem_space_address(s, a) == aa);

    /* a second buffer: no overlap, a guard gap in between */
    mem_buffer *b = make(1, 7);
    uint64_t ba = mem_space_address(s, b);
    CHECK(ba != 0 && ba % MEM_GPU_ALIGN == 0 && ba >= aa + 100 + MEM_GPU_GUARD);

    /* BufferData replaces the store: a new address, never the old one, and
     * not resident any more (NV_shader_buffer_load issue 10) */
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ) == MEM_OK && mem_buffer_is_resident(a));
    CHECK(mem_buffer_alloc(a, 100, NULL) == MEM_OK);
    CHECK(!mem_buffer_is_resident(a) && mem_buffer_resident_access(a) == 0);
    CHECK(mem_space_resident_count(s) == 0);
    CHECK(mem_buffer_gpu_address(a) == 0);
    uint64_t aa2 = mem_space_address(s, a);
    CHECK(aa2 != 0 && aa2 != aa && aa2 > ba); /* handed out in increasing order */
    /* the same size again: still a new address */
    CHECK(mem_buffer_alloc(a, 100, NULL) == MEM_OK);
    uint64_t aa3 = mem_space_address(s, a);
    CHECK(aa3 != aa2 && aa3 > aa2);
    /* respecified to no store: no address */
    CHECK(mem_buffer_alloc(a, 0, NULL) == MEM_OK && mem_space_address(s, a) == 0);

    /* a failed BufferData (mapped) keeps store, address and residency */
    CHECK(mem_space_make_resident(s, b, MEM_GPU_READ) == MEM_OK);
    CHECK(mem_buffer_map(b, 0, 1, MEM_MAP_READ, &m) == MEM_OK);
    CHECK(mem_buffer_alloc(b, 8, NULL) == MEM_BAD_STATE);
    CHECK(mem_buffer_is_resident(b) && mem_buffer_gpu_address(b) == ba);
    CHECK(mem_buffer_unmap(b) == MEM_OK);

    mem_buffer_destroy(none);
    mem_buffer_destroy(a);
    mem_buffer_destroy(b);
    CHECK(mem_space_resident_count(s) == 0);
    mem_space_destroy(s);
}

static void test_residency(void)
{
    mem_space *s = mem_space_create();
    mem_buffer *a = make(64, 0);
    CHECK(mem_space_make_resident(s, a, 0) == MEM_OUT_OF_RANGE);
    CHECK(mem_space_make_resident(s, a, 4) == MEM_OUT_OF_RANGE);
    CHECK(!mem_buffer_is_resident(a));
    CHECK(mem_space_make_non_resident(s, a) == MEM_BAD_STATE); /* not resident */
    uint64_t serial = mem_space_serial(s);
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK);
    CHECK(mem_space_serial(s) != serial);
    /* the address is assigned by MakeBufferResident when never asked */
    CHECK(mem_buffer_gpu_address(a) != 0);
    CHECK(mem_buffer_is_resident(a) && mem_buffer_resident_access(a) == (MEM_GPU_READ | MEM_GPU_WRITE));
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ) == MEM_BAD_STATE); /* already */
    CHECK(mem_buffer_resident_access(a) == (MEM_GPU_READ | MEM_GPU_WRITE));
    /* resident in another space: refused */
    mem_space *t = mem_space_create();
    CHECK(mem_space_make_resident(t, a, MEM_GPU_READ) == MEM_BAD_STATE);
    CHECK(mem_space_make_non_resident(t, a) == MEM_BAD_STATE);
    mem_space_destroy(t);
    CHECK(mem_space_make_non_resident(s, a) == MEM_OK && !mem_buffer_is_resident(a));
    CHECK(mem_space_make_non_resident(s, a) == MEM_BAD_STATE);

    /* destroying the space makes its buffers non-resident; they keep their
     * address numbers */
    uint64_t addr = mem_buffer_gpu_address(a);
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ) == MEM_OK);
    mem_space_destroy(s);
    CHECK(!mem_buffer_is_resident(a) && mem_buffer_gpu_address(a) == addr);
    mem_buffer_destroy(a);
}

static void test_lookups(void)
{
    mem_space *s = mem_space_create();
    mem_space_set_fault_report(s, 0, NULL);
    mem_buffer *a = make(100, 10), *b = make(48, 200), *c = make(32, 50);
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK);
    CHECK(mem_space_make_resident(s, b, MEM_GPU_READ) == MEM_OK);
    CHECK(mem_space_make_resident(s, c, MEM_GPU_WRITE) == MEM_OK);
    uint64_t aa = mem_buffer_gpu_address(a), ba = mem_buffer_gpu_address(b),
             ca = mem_buffer_gpu_address(c);
    CHECK(aa && ba > aa && ca > ba);
    unsigned char out[16], pat[16];
    memset(pat, 0xEE, sizeof pat);

    /* first byte, last byte, a whole buffer */
    memset(out, 0x55, sizeof out);
    CHECK(mem_gpu_read(s, aa, 1, out, NULL) == MEM_GPU_OK && out[0] == 10);
    CHECK(mem_gpu_read(s, aa + 99, 1, out, NULL) == MEM_GPU_OK && out[0] == (unsigned char)(10 + 99));
    CHECK(mem_gpu_read(s, ba, 16, out, NULL) == MEM_GPU_OK && out[0] == 200 && out[15] == (unsigned char)215);
    CHECK(mem_gpu_check(s, aa, 100, MEM_GPU_READ) == MEM_GPU_OK);
    CHECK(mem_gpu_check(s, aa, 101, MEM_GPU_READ) == MEM_GPU_FAULT_BOUNDS);
    /* a misaligned access inside one buffer is performed byte-exactly */
    CHECK(mem_gpu_read(s, aa + 3, 4, out, NULL) == MEM_GPU_OK && out[0] == 13 && out[3] == 16);

    /* one past the end, the last bytes plus one, straddling into the next */
    memset(out, 0x55, sizeof out);
    CHECK(mem_gpu_read(s, aa + 100, 1, out, NULL) == MEM_GPU_FAULT_UNMAPPED && out[0] == 0);
    memset(out, 0x55, sizeof out);
    CHECK(mem_gpu_read(s, aa + 98, 4, out, NULL) == MEM_GPU_FAULT_BOUNDS);
    CHECK(out[0] == 0 && out[1] == 0 && out[2] == 0 && out[3] == 0 && out[4] == 0x55);
    CHECK(mem_gpu_check(s, aa + 99, (size_t)(ba - (aa + 99)) + 1, MEM_GPU_READ) ==
          MEM_GPU_FAULT_BOUNDS); /* [last byte of a, first byte of b] */
    CHECK(mem_gpu_check(s, ba - 1, 2, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED); /* guard byte */
    /* zero, below the base, huge, the top of the address space */
    CHECK(mem_gpu_check(s, 0, 4, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, MEM_GPU_BASE - 1, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, UINT64_MAX, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, UINT64_MAX - 3, 4, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, (uint64_t)1 << 63, 16, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, ca + 32 + ((uint64_t)1 << 32), 4, MEM_GPU_READ) ==
          MEM_GPU_FAULT_UNMAPPED);
    /* addr + bytes wrapping around 2^64 from inside a buffer */
    CHECK(mem_gpu_check(s, aa + 10, SIZE_MAX, MEM_GPU_READ) == MEM_GPU_FAULT_BOUNDS);
    CHECK(mem_gpu_check(s, aa + 10, (size_t)(0 - (aa + 10)) + 4, MEM_GPU_READ) ==
          MEM_GPU_FAULT_BOUNDS);
    CHECK(mem_gpu_pointer(s, aa + 1, SIZE_MAX, MEM_GPU_READ, NULL) == NULL);
    /* zero bytes: the address alone is checked */
    CHECK(mem_gpu_check(s, aa + 99, 0, MEM_GPU_READ) == MEM_GPU_OK);
    CHECK(mem_gpu_check(s, aa + 100, 0, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);

    /* writes: in range they land in the store, out of range they are dropped */
    CHECK(mem_gpu_write(s, aa + 96, 4, "ABCD", NULL) == MEM_GPU_OK);
    CHECK(mem_buffer_read(a, 96, 4, out) == MEM_OK && memcmp(out, "ABCD", 4) == 0);
    CHECK(mem_gpu_write(s, aa + 97, 4, pat, NULL) == MEM_GPU_FAULT_BOUNDS);
    CHECK(mem_buffer_read(a, 96, 4, out) == MEM_OK && memcmp(out, "ABCD", 4) == 0);
    CHECK(mem_gpu_write(s, aa + 100, 1, pat, NULL) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_write(s, ca, 4, "wxyz", NULL) == MEM_GPU_OK);
    CHECK(mem_buffer_read(c, 0, 4, out) == MEM_OK && memcmp(out, "wxyz", 4) == 0);

    /* residency access (NV_shader_buffer_store section 2.9) */
    CHECK(mem_gpu_write(s, ba, 4, pat, NULL) == MEM_GPU_FAULT_ACCESS);
    CHECK(mem_buffer_read(b, 0, 1, out) == MEM_OK && out[0] == 200);
    memset(out, 0x55, sizeof out);
    CHECK(mem_gpu_read(s, ca, 4, out, NULL) == MEM_GPU_FAULT_ACCESS && out[0] == 0 && out[3] == 0);
    CHECK(mem_gpu_pointer(s, ba, 4, MEM_GPU_READ | MEM_GPU_WRITE, NULL) == NULL);
    unsigned char *p = mem_gpu_pointer(s, aa + 16, 16, MEM_GPU_READ | MEM_GPU_WRITE, NULL);
    CHECK(p == (unsigned char *)mem_buffer_data(a) + 16 && ((uintptr_t)p & 15) == 0);
    CHECK(mem_gpu_pointer(s, ba + 47, 1, MEM_GPU_READ, NULL) == (unsigned char *)mem_buffer_data(b) + 47);

    /* fault counts so far (mem_gpu_check counts nothing): reads aa+100
     * (unmapped), aa+98 (bounds), pointer aa+1 x SIZE_MAX (bounds), ca
     * (access); writes aa+97 (bounds), aa+100 (unmapped), ba (access),
     * pointer ba read-write (access; a write since it asks for one) */
    mem_gpu_faults f = mem_space_faults(s);
    CHECK(f.reads == 4 && f.writes == 4);
    CHECK(f.unmapped == 2 && f.bounds == 3 && f.access == 3);

    /* non-resident, deleted, reallocated buffers no longer answer */
    CHECK(mem_space_make_non_resident(s, b) == MEM_OK);
    CHECK(mem_gpu_check(s, ba, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_check(s, aa, 1, MEM_GPU_READ) == MEM_GPU_OK);
    CHECK(mem_gpu_check(s, ca, 1, MEM_GPU_WRITE) == MEM_GPU_OK);
    mem_buffer_destroy(c);
    CHECK(mem_gpu_check(s, ca, 1, MEM_GPU_WRITE) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_space_resident_count(s) == 1);
    CHECK(mem_buffer_alloc(a, 100, NULL) == MEM_OK);
    CHECK(mem_gpu_check(s, aa, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_space_resident_count(s) == 0);
    CHECK(mem_space_make_resident(s, a, MEM_GPU_READ) == MEM_OK);
    uint64_t na = mem_buffer_gpu_address(a);
    CHECK(na != aa && mem_gpu_check(s, na, 100, MEM_GPU_READ) == MEM_GPU_OK);
    CHECK(mem_gpu_check(s, aa, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);

    mem_space_reset_faults(s);
    f = mem_space_faults(s);
    CHECK(f.reads == 0 && f.writes == 0 && f.unmapped == 0 && f.bounds == 0 && f.access == 0);
    mem_buffer_destroy(a);
    mem_buffer_destroy(b);
    mem_space_destroy(s);
}

/* Many buffers, residency toggled in a scattered order: each look-up finds
 * its own buffer (the table stays sorted). */
static void test_many(void)
{
    enum { N = 300 };
    mem_space *s = mem_space_create();
    mem_space_set_fault_report(s, 0, NULL);
    mem_buffer *b[N];
    uint64_t addr[N];
    for (int i = 0; i < N; i++) {
        b[i] = make((size_t)(1 + (i * 37) % 700), (unsigned)i);
        addr[i] = mem_space_address(s, b[i]);
    }
    for (int i = 0; i < N; i++) {
        int k = (i * 7) % N; /* 7 and 300 are coprime: every k once */
        if (k % 3 != 1)
            CHECK(mem_space_make_resident(s, b[k], MEM_GPU_READ) == MEM_OK);
    }
    for (int i = 0; i < N; i += 5)
        if (i % 3 != 1)
            CHECK(mem_space_make_non_resident(s, b[i]) == MEM_OK);
    size_t expect = 0;
    for (int i = 0; i < N; i++) {
        bool resident = i % 3 != 1 && i % 5 != 0;
        expect += resident;
        size_t size = (size_t)(1 + (i * 37) % 700);
        unsigned char v = 0x77;
        mem_gpu_status st = mem_gpu_read(s, addr[i] + size - 1, 1, &v, NULL);
        if (resident)
            CHECK(st == MEM_GPU_OK && v == (unsigned char)(i + size - 1));
        else
            CHECK(st == MEM_GPU_FAULT_UNMAPPED && v == 0);
        CHECK(mem_gpu_check(s, addr[i] + size, 1, MEM_GPU_READ) == MEM_GPU_FAULT_UNMAPPED);
        if (i)
            CHECK(addr[i] >= addr[i - 1] + (size_t)(1 + ((i - 1) * 37) % 700) + MEM_GPU_GUARD);
    }
    CHECK(mem_space_resident_count(s) == expect);
    for (int i = 0; i < N; i++)
        mem_buffer_destroy(b[i]);
    CHECK(mem_space_resident_count(s) == 0);
    mem_space_destroy(s);
}

/* Worker threads read, write and fault at once: counts are exact. */
typedef struct worker_arg {
    const mem_space *s;
    uint64_t base;
    int id;
} worker_arg;

enum { THREADS = 4, ITER = 20000 };

static void *worker(void *p)
{
    const worker_arg *w = p;
    for (int i = 0; i < ITER; i++) {
        uint32_t v = (uint32_t)i;
        uint64_t slot = w->base + (uint64_t)w->id * 4;
        if (mem_gpu_write(w->s, slot, 4, &v, NULL) != MEM_GPU_OK)
            return (void *)1;
        uint32_t r;
        if (mem_gpu_read(w->s, slot, 4, &r, NULL) != MEM_GPU_OK || r != v)
            return (void *)1;
        if (mem_gpu_read(w->s, w->base + 4096 + (uint64_t)i, 4, &r, NULL) != MEM_GPU_FAULT_UNMAPPED ||
            r != 0)
            return (void *)1;
    }
    return NULL;
}

static void test_threads(void)
{
    mem_space *s = mem_space_create();
    mem_space_set_fault_report(s, 0, NULL);
    mem_buffer *b = make(64, 0);
    CHECK(mem_space_make_resident(s, b, MEM_GPU_READ | MEM_GPU_WRITE) == MEM_OK);
    pthread_t t[THREADS];
    worker_arg arg[THREADS];
    for (int i = 0; i < THREADS; i++) {
        arg[i] = (worker_arg){s, mem_buffer_gpu_address(b), i};
        CHECK(pthread_create(&t[i], NULL, worker, &arg[i]) == 0);
    }
    for (int i = 0; i < THREADS; i++) {
        void *r;
        CHECK(pthread_join(t[i], &r) == 0 && r == NULL);
    }
    mem_gpu_faults f = mem_space_faults(s);
    CHECK(f.reads == (uint64_t)THREADS * ITER && f.writes == 0 && f.unmapped == f.reads);
    mem_buffer_destroy(b);
    mem_space_destroy(s);
}

/* ASMGL_MEMORY_FAULTS=2 prints the first two faults to stderr. */
static void test_report(void)
{
    char path[] = "/tmp/asmgl_memfaultsXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0)
        return;
    fflush(stderr);
    int saved = dup(2);
    CHECK(saved >= 0 && dup2(fd, 2) == 2);

    setenv("ASMGL_MEMORY_FAULTS", "2", 1);
    mem_space *s = mem_space_create();
    unsetenv("ASMGL_MEMORY_FAULTS");
    mem_buffer *b = make(16, 0);
    CHECK(mem_space_make_resident(s, b, MEM_GPU_READ) == MEM_OK);
    uint64_t ba = mem_buffer_gpu_address(b);
    uint32_t v = 0;
    mem_gpu_site px = {"fragment program 3", 5, 7};
    mem_gpu_site vp = {"vertex program 1", -1, 0};
    CHECK(mem_gpu_read(s, 0x40, 4, &v, &px) == MEM_GPU_FAULT_UNMAPPED);
    CHECK(mem_gpu_write(s, ba + 14, 4, &v, &vp) == MEM_GPU_FAULT_BOUNDS);
    CHECK(mem_gpu_read(s, 0x80, 4, &v, NULL) == MEM_GPU_FAULT_UNMAPPED); /* not printed */
    fflush(stderr);
    dup2(saved, 2);
    close(saved);

    char expect[512];
    snprintf(expect, sizeof expect,
             "asmgl: memory fault 1: read of 4 bytes at 0x0000000000000040: no resident buffer "
             "[fragment program 3, pixel (5, 7)]\n"
             "asmgl: memory fault 2: write of 4 bytes at 0x%016" PRIx64
             ": past the end of a resident buffer [vertex program 1]\n",
             ba + 14);
    char got[1024] = "";
    FILE *f = fopen(path, "r");
    CHECK(f != NULL);
    if (f) {
        size_t n = fread(got, 1, sizeof got - 1, f);
        got[n] = '\0';
        fclose(f);
    }
    CHECK(strcmp(got, expect) == 0);
    if (strcmp(got, expect) != 0)
        fprintf(stderr, "got:\n%sexpected:\n%s", got, expect);
    mem_gpu_faults c = mem_space_faults(s);
    CHECK(c.reads == 2 && c.writes == 1);

    /* a report set by the caller, to a file of its own */
    FILE *out = tmpfile();
    CHECK(out != NULL);
    if (out) {
        mem_space_set_fault_report(s, 1, out);
        CHECK(mem_gpu_pointer(s, ba, 4, MEM_GPU_READ | MEM_GPU_WRITE, NULL) == NULL);
        CHECK(mem_gpu_read(s, 0, 1, &v, NULL) == MEM_GPU_FAULT_UNMAPPED);
        rewind(out);
        char line[256] = "";
        CHECK(fgets(line, sizeof line, out) != NULL);
        snprintf(expect, sizeof expect,
                 "asmgl: memory fault 1: read-write of 4 bytes at 0x%016" PRIx64
                 ": not allowed by the buffer's residency access\n",
                 ba);
        CHECK(strcmp(line, expect) == 0);
        CHECK(fgets(line, sizeof line, out) == NULL); /* only one */
        /* destroying the space prints the totals since creation: reads
         * 0x40, 0x80, 0 = 3; writes ba + 14, the read-write pointer = 2 */
        mem_buffer_destroy(b);
        mem_space_destroy(s);
        s = NULL;
        b = NULL;
        rewind(out);
        CHECK(fgets(line, sizeof line, out) != NULL && strcmp(line, expect) == 0);
        CHECK(fgets(line, sizeof line, out) != NULL &&
              strcmp(line, "asmgl: 5 memory faults (3 reads, 2 writes)\n") == 0);
        CHECK(fgets(line, sizeof line, out) == NULL);
        fclose(out);
    }
    remove(path);
    mem_buffer_destroy(b);
    mem_space_destroy(s);
}

int main(void)
{
    test_addresses();
    test_residency();
    test_lookups();
    test_many();
    test_threads();
    test_report();
    if (failures) {
        fprintf(stderr, "%d failure(s)\n", failures);
        return 1;
    }
    printf("ok\n");
    return 0;
}
