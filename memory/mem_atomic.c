/*
 * mem_atomic.c - one atomic read-modify-write (mem.h "Atomics").
 *
 * Integer operations map onto GCC/Clang __atomic builtins where one exists
 * (ADD AND OR XOR EXCH, and CSWAP as a strong compare-exchange); the rest
 * (MIN MAX IWRAP DWRAP, F32 ADD) are compare-exchange loops.  All are
 * sequentially consistent, so ATOM results are exact with any number of
 * worker threads.
 */
#include "mem.h"

#include <string.h>

/* new value of op for old value o (integers of the type's width, already
 * sign- or zero-extended into int64/uint64) */
static uint64_t apply_int(int op, bool is_signed, int bits, uint64_t o, uint64_t v, bool *store)
{
    uint64_t mask = bits == 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    int64_t so = bits == 64 ? (int64_t)o : (int64_t)(int32_t)(uint32_t)o;
    int64_t sv = bits == 64 ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
    *store = true;
    switch (op) {
    case MEM_ATOM_ADD: return (o + v) & mask;
    case MEM_ATOM_MIN: return is_signed ? (sv < so ? v : o) : (v < o ? v : o);
    case MEM_ATOM_MAX: return is_signed ? (sv > so ? v : o) : (v > o ? v : o);
    /* NV_gpu_program5 ATOM: IWRAP  new = (old >= op) ? 0 : old + 1;
     *                       DWRAP  new = (old == 0 || old > op) ? op : old - 1 */
    case MEM_ATOM_IWRAP: return o >= v ? 0 : (o + 1) & mask;
    case MEM_ATOM_DWRAP: return (o == 0 || o > v) ? v : (o - 1) & mask;
    case MEM_ATOM_AND: return o & v;
    case MEM_ATOM_OR: return o | v;
    case MEM_ATOM_XOR: return o ^ v;
    case MEM_ATOM_EXCH: return v;
    default: *store = false; return o;
    }
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

uint64_t mem_atomic(void *p, int op, int type, uint64_t v, uint64_t v2)
{
    if ((unsigned)op >= MEM_ATOM_OP_COUNT || (unsigned)type >= MEM_ATOM_TYPE_COUNT)
        return 0;
    if (type == MEM_ATOM_U64 || type == MEM_ATOM_S64) {
        uint64_t *q = p;
        if (op == MEM_ATOM_CSWAP) {
            uint64_t expect = v;
            __atomic_compare_exchange_n(q, &expect, v2, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
            return expect; /* the old value, whether it matched or not */
        }
        uint64_t o = __atomic_load_n(q, __ATOMIC_SEQ_CST);
        for (;;) {
            bool store;
            uint64_t n = apply_int(op, type == MEM_ATOM_S64, 64, o, v, &store);
            if (!store || __atomic_compare_exchange_n(q, &o, n, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
                return o;
        }
    }
    uint32_t *q = p;
    uint32_t v32 = (uint32_t)v;
    if (op == MEM_ATOM_CSWAP) {
        uint32_t expect = v32;
        __atomic_compare_exchange_n(q, &expect, (uint32_t)v2, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
        return expect;
    }
    if (type == MEM_ATOM_F32 && op != MEM_ATOM_ADD && op != MEM_ATOM_EXCH)
        return __atomic_load_n(q, __ATOMIC_SEQ_CST); /* NV_shader_atomic_float: ADD, EXCH only */
    uint32_t o = __atomic_load_n(q, __ATOMIC_SEQ_CST);
    for (;;) {
        bool store = true;
        uint32_t n;
        if (type == MEM_ATOM_F32)
            n = op == MEM_ATOM_ADD ? f32_bits(bits_f32(o) + bits_f32(v32)) : v32;
        else
            n = (uint32_t)apply_int(op, type == MEM_ATOM_S32, 32, o, v32, &store);
        if (!store || __atomic_compare_exchange_n(q, &o, n, true, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
            return o;
    }
}
