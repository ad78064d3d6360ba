/* test_atomic.c - mem_atomic (mem.h "Atomics"): every operation on every
 * type, with expected old and new values computed by hand from the ATOM
 * pseudocode of NV_gpu_program5 2.X.8.Z (IWRAP: new = old >= op ? 0 :
 * old + 1; DWRAP: new = old == 0 || old > op ? op : old - 1; CSWAP: stores
 * op.y only when old == op.x), NV_shader_atomic_float (F32 ADD, EXCH) and
 * NV_shader_atomic_int64 (S64 / U64), plus a concurrency check: threads
 * hammering one word end with the exact sum.
 *
 * covers: MOD.AT_ADD MOD.AT_MIN MOD.AT_MAX MOD.AT_IWRAP MOD.AT_DWRAP
 * covers: MOD.AT_AND MOD.AT_OR MOD.AT_XOR MOD.AT_EXCH MOD.AT_CSWAP
 * covers: EDGE.ATOM_IWRAP EDGE.ATOM_DWRAP EDGE.ATOM_CSWAP
 */
#include "../mem.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int failures, checks;
#define CHECK(c, ...)                                                          \
    do {                                                                       \
        checks++;                                                              \
        if (!(c)) {                                                            \
            fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #c); \
            fprintf(stderr, __VA_ARGS__);                                      \
            fprintf(stderr, "\n");                                             \
            failures++;                                                        \
        }                                                                      \
    } while (0)

/* One 32-bit atomic: memory starts at init; expect old (returned) and the
 * word afterwards. */
static void a32(int op, int type, uint32_t init, uint32_t v, uint32_t v2, uint32_t want_new,
                int line)
{
    _Alignas(8) uint32_t w[2] = { init, 0xdeadbeefu };
    uint64_t old = mem_atomic(&w[0], op, type, v, v2);
    CHECK(old == init, "line %d: op %d type %d returned 0x%" PRIx64 ", want 0x%08x", line, op, type,
          old, init);
    CHECK(w[0] == want_new, "line %d: op %d type %d stored 0x%08x, want 0x%08x", line, op, type, w[0],
          want_new);
    CHECK(w[1] == 0xdeadbeefu, "line %d: the next word changed", line);
}

static void a64(int op, int type, uint64_t init, uint64_t v, uint64_t v2, uint64_t want_new,
                int line)
{
    _Alignas(16) uint64_t w[2] = { init, 0x0123456789abcdefull };
    uint64_t old = mem_atomic(&w[0], op, type, v, v2);
    CHECK(old == init, "line %d: op %d type %d returned 0x%" PRIx64 ", want 0x%" PRIx64, line, op,
          type, old, init);
    CHECK(w[0] == want_new, "line %d: op %d type %d stored 0x%" PRIx64 ", want 0x%" PRIx64, line, op,
          type, w[0], want_new);
    CHECK(w[1] == 0x0123456789abcdefull, "line %d: the next word changed", line);
}

#define A32(op, type, init, v, v2, want) a32(MEM_ATOM_##op, MEM_ATOM_##type, init, v, v2, want, __LINE__)
#define A64(op, type, init, v, v2, want) a64(MEM_ATOM_##op, MEM_ATOM_##type, init, v, v2, want, __LINE__)

static uint32_t fb(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static void test_u32_s32(void)
{
    /* ADD wraps modulo 2^32 (both types: the same bits) */
    A32(ADD, U32, 5, 7, 0, 12);
    A32(ADD, U32, 0xfffffffeu, 3, 0, 1);
    A32(ADD, S32, 0xfffffffbu /* -5 */, 3, 0, 0xfffffffeu /* -2 */);
    A32(ADD, S32, 0x7fffffffu, 1, 0, 0x80000000u);
    /* MIN / MAX: unsigned vs signed comparison of the same bits */
    A32(MIN, U32, 10, 3, 0, 3);
    A32(MIN, U32, 3, 10, 0, 3);
    A32(MIN, U32, 5, 0xffffffffu, 0, 5);             /* 4294967295 > 5 */
    A32(MIN, S32, 5, 0xffffffffu /* -1 */, 0, 0xffffffffu);
    A32(MIN, S32, 0x80000000u, 0x7fffffffu, 0, 0x80000000u);
    A32(MAX, U32, 5, 0xffffffffu, 0, 0xffffffffu);
    A32(MAX, S32, 5, 0xffffffffu, 0, 5);
    A32(MAX, S32, 0xfffffff6u /* -10 */, 0xfffffffdu /* -3 */, 0, 0xfffffffdu);
    A32(MAX, U32, 9, 9, 0, 9);
    /* IWRAP (U32): old >= op ? 0 : old + 1 */
    A32(IWRAP, U32, 0, 3, 0, 1);
    A32(IWRAP, U32, 2, 3, 0, 3);
    A32(IWRAP, U32, 3, 3, 0, 0);            /* reached the limit: wrap to 0 */
    A32(IWRAP, U32, 7, 3, 0, 0);            /* above it: 0 too */
    A32(IWRAP, U32, 5, 0, 0, 0);            /* op 0: always 0 */
    A32(IWRAP, U32, 0xfffffffeu, 0xffffffffu, 0, 0xffffffffu);
    /* DWRAP (U32): old == 0 || old > op ? op : old - 1 */
    A32(DWRAP, U32, 3, 5, 0, 2);
    A32(DWRAP, U32, 1, 5, 0, 0);
    A32(DWRAP, U32, 0, 5, 0, 5);            /* at 0: wrap to op */
    A32(DWRAP, U32, 9, 5, 0, 5);            /* above op: op */
    A32(DWRAP, U32, 5, 5, 0, 4);            /* equal: decrement */
    /* bitwise */
    A32(AND, U32, 0xf0f0f0f0u, 0xff00ff00u, 0, 0xf000f000u);
    A32(AND, S32, 0xffffffffu, 0x12345678u, 0, 0x12345678u);
    A32(OR, U32, 0xf0f0f0f0u, 0x0f000001u, 0, 0xfff0f0f1u);
    A32(OR, S32, 0, 0x80000000u, 0, 0x80000000u);
    A32(XOR, U32, 0xf0f0f0f0u, 0xff00ff00u, 0, 0x0ff00ff0u);
    A32(XOR, S32, 0x12345678u, 0x12345678u, 0, 0);
    /* EXCH */
    A32(EXCH, U32, 0xaaaaaaaau, 0x55555555u, 0, 0x55555555u);
    A32(EXCH, S32, 1, 0xffffffffu, 0, 0xffffffffu);
    /* CSWAP: compare with v, store v2 only on a match; old returned both ways */
    A32(CSWAP, U32, 7, 7, 99, 99);
    A32(CSWAP, U32, 7, 8, 99, 7);
    A32(CSWAP, S32, 0xffffffffu, 0xffffffffu, 0x11u, 0x11u);
    A32(CSWAP, S32, 0xfffffffeu, 0xffffffffu, 0x11u, 0xfffffffeu);
}

static void test_f32(void)
{
    /* NV_shader_atomic_float: ADD, EXCH */
    A32(ADD, F32, fb(1.5f), fb(2.25f), 0, fb(3.75f));
    A32(ADD, F32, fb(-1.0f), fb(1.0f), 0, fb(0.0f));
    A32(ADD, F32, fb(16777216.0f), fb(1.0f), 0, fb(16777216.0f)); /* 2^24 + 1 rounds to even */
    A32(ADD, F32, fb(3.0e38f), fb(3.0e38f), 0, 0x7f800000u);      /* overflow: +INF */
    A32(EXCH, F32, fb(1.0f), fb(-2.0f), 0, fb(-2.0f));
    /* operations F32 does not have keep memory (mem.h) */
    A32(MIN, F32, fb(1.0f), fb(-2.0f), 0, fb(1.0f));
    A32(AND, F32, fb(1.0f), 0, 0, fb(1.0f));
}

static void test_64(void)
{
    const uint64_t big = 0x00000001ffffffffull;
    A64(ADD, U64, big, 1, 0, 0x0000000200000000ull); /* carries into the high word */
    A64(ADD, U64, 0xffffffffffffffffull, 2, 0, 1);
    A64(ADD, S64, (uint64_t)-5, 3, 0, (uint64_t)-2);
    A64(MIN, U64, 0x100000000ull, 0xffffffffull, 0, 0xffffffffull);
    A64(MIN, S64, 5, (uint64_t)-1, 0, (uint64_t)-1);
    A64(MIN, U64, 5, (uint64_t)-1, 0, 5);
    A64(MAX, S64, 5, (uint64_t)-1, 0, 5);
    A64(MAX, U64, 5, (uint64_t)-1, 0, (uint64_t)-1);
    A64(MAX, S64, 0x8000000000000000ull, 0x7fffffffffffffffull, 0, 0x7fffffffffffffffull);
    A64(AND, U64, 0xff00ff00ff00ff00ull, 0x0ff00ff00ff00ff0ull, 0, 0x0f000f000f000f00ull);
    A64(OR, S64, 0x8000000000000000ull, 1, 0, 0x8000000000000001ull);
    A64(XOR, U64, 0xffffffff00000000ull, 0xffffffffffffffffull, 0, 0x00000000ffffffffull);
    A64(EXCH, U64, 1, 0xfedcba9876543210ull, 0, 0xfedcba9876543210ull);
    A64(EXCH, S64, 1, (uint64_t)-7, 0, (uint64_t)-7);
    A64(CSWAP, U64, 0x1234567800000000ull, 0x1234567800000000ull, 42, 42);
    A64(CSWAP, U64, 0x1234567800000000ull, 0x0000000000000000ull, 42, 0x1234567800000000ull);
    /* the high words matter: equal low words, different high words */
    A64(CSWAP, S64, 0x0000000100000005ull, 0x0000000200000005ull, 9, 0x0000000100000005ull);
    /* IWRAP / DWRAP on 64 bits (the front end allows only U32; mem_atomic
     * computes them at full width) */
    A64(IWRAP, U64, 0xffffffffull, 0x100000000ull, 0, 0x100000000ull);
    A64(DWRAP, U64, 0, 0x100000000ull, 0, 0x100000000ull);
}

static void test_bad(void)
{
    /* an operation or type out of range does nothing and returns 0 */
    _Alignas(8) uint32_t w = 77;
    CHECK(mem_atomic(&w, MEM_ATOM_OP_COUNT, MEM_ATOM_U32, 1, 0) == 0 && w == 77, "bad op");
    CHECK(mem_atomic(&w, MEM_ATOM_ADD, MEM_ATOM_TYPE_COUNT, 1, 0) == 0 && w == 77, "bad type");
    CHECK(mem_atomic(&w, -1, MEM_ATOM_U32, 1, 0) == 0 && w == 77, "negative op");
}

/* mem_gpu_fault: the caller's own faults (a misaligned ATOM) are counted
 * and reported like the accessors' (mem.h). */
static void test_fault_align(void)
{
    mem_space *s = mem_space_create();
    FILE *f = tmpfile();
    if (!s || !f) {
        CHECK(0, "no space or no tmpfile");
        return;
    }
    mem_space_set_fault_report(s, 1, f);
    mem_gpu_site site = { "fragment program 2", 4, 9 };
    mem_gpu_fault(s, MEM_GPU_FAULT_ALIGN, 0x10002, 4, MEM_GPU_READ | MEM_GPU_WRITE, &site);
    mem_gpu_fault(s, MEM_GPU_FAULT_ALIGN, 0x10004, 8, MEM_GPU_READ | MEM_GPU_WRITE, NULL);
    mem_gpu_fault(s, MEM_GPU_OK, 0x10000, 4, MEM_GPU_READ, NULL); /* not a fault: ignored */
    mem_gpu_faults c = mem_space_faults(s);
    CHECK(c.misaligned == 2 && c.writes == 2 && c.reads == 0 && c.unmapped == 0 && c.bounds == 0 && c.access == 0,
          "counts: misaligned %llu writes %llu", (unsigned long long)c.misaligned, (unsigned long long)c.writes);
    char line[256] = "";
    rewind(f);
    if (!fgets(line, sizeof line, f))
        line[0] = 0;
    CHECK(strstr(line, "read-write of 4 bytes at 0x0000000000010002: misaligned for an atomic "
                       "[fragment program 2, pixel (4, 9)]") != NULL,
          "report: %s", line);
    CHECK(!fgets(line, sizeof line, f), "only the first fault is reported (limit 1)");
    mem_space_reset_faults(s);
    c = mem_space_faults(s);
    CHECK(c.misaligned == 0 && c.writes == 0, "reset");
    mem_space_set_fault_report(s, 0, NULL);
    fclose(f);
    mem_space_destroy(s);
}

/* ---- concurrency: every thread adds 1 to the same words N times ---------- */

enum { THREADS = 4, ROUNDS = 50000 };
static _Alignas(16) uint32_t shared32;
static _Alignas(16) uint64_t shared64;
static _Alignas(16) uint32_t sharedf;
static _Alignas(16) uint32_t shared_max;

static void *hammer(void *arg)
{
    uint32_t id = (uint32_t)(uintptr_t)arg;
    for (int i = 0; i < ROUNDS; i++) {
        mem_atomic(&shared32, MEM_ATOM_ADD, MEM_ATOM_U32, 1, 0);
        mem_atomic(&shared64, MEM_ATOM_ADD, MEM_ATOM_U64, 0x100000001ull, 0);
        mem_atomic(&sharedf, MEM_ATOM_ADD, MEM_ATOM_F32, fb(1.0f), 0);
        mem_atomic(&shared_max, MEM_ATOM_MAX, MEM_ATOM_U32, id * ROUNDS + (uint32_t)i, 0);
    }
    return NULL;
}

static void test_threads(void)
{
    shared32 = 0;
    shared64 = 0;
    sharedf = fb(0.0f);
    shared_max = 0;
    pthread_t t[THREADS];
    for (int i = 0; i < THREADS; i++)
        CHECK(pthread_create(&t[i], NULL, hammer, (void *)(uintptr_t)i) == 0, "pthread_create");
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    const uint64_t n = (uint64_t)THREADS * ROUNDS; /* 200000 */
    CHECK(shared32 == n, "U32 sum %u, want %" PRIu64, shared32, n);
    CHECK(shared64 == n * 0x100000001ull, "U64 sum 0x%" PRIx64, shared64);
    /* 200000 is exact in binary32, and so is every partial sum */
    CHECK(sharedf == fb(200000.0f), "F32 sum bits 0x%08x", sharedf);
    CHECK(shared_max == (uint32_t)(THREADS * ROUNDS - 1), "MAX %u", shared_max);
}

int main(void)
{
    test_u32_s32();
    test_f32();
    test_64();
    test_bad();
    test_fault_align();
    test_threads();
    printf("test_atomic: %d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
