/*
 * exec/memory.c - memory instructions: global memory (GPU addresses),
 * CBUFFER, STORAGE and SHARED variables; loads, stores, atomics, MEMBAR.
 * The bytes are reached through the runtime helpers gp_rt_mem_*
 * (gp_backend.h), which a compiled backend calls too.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- memory instructions (glprog.h "memory", gp_ir.h "NV_gpu_program5
 * memory instructions") ----------------------------------------------------
 *
 * Every memory instruction runs here, in a generic case (none has a fast
 * kind).  Where the bytes are:
 *   GP_MEM_GLOBAL   LOAD STORE ATOM: a 64-bit GPU address per lane (the
 *                   scalar operand through fetch64: a LONG variable's 64
 *                   bits, a 32-bit operand zero-extended), reached through
 *                   env->memory->space with mem_gpu_read / _write /
 *                   _pointer; an access is all or nothing (mem.h: a fault
 *                   reads 0 and drops the write, counted and reported with
 *                   the site env->mem_site and the lane's pixel);
 *   GP_MEM_CBUF     LDC: env->param_buffers[b] as bytes, param_buffer_words
 *                   * 4 of them;
 *   GP_MEM_STORAGE  LDB STB ATOMB: env->memory->storage[b];
 *   GP_MEM_SHARED   LDS STS ATOMS: env->shared, shared_size bytes.
 * For the last three the operand gives the byte offset (index + the
 * relative register's signed component; the variable's bounds rel_lo /
 * rel_hi are not applied: the view's size is the bound), and each ELEMENT
 * of the access is moved when it lies wholly inside the view, else it
 * reads 0 and its write is dropped (EDGE.SSBO_OOB; a negative offset is
 * outside).  Binding points of variable arrays (gp_src.nbuf, vtx, vtx_rel)
 * as fetch_buffer does for NV_parameter_buffer_object.
 *
 * Storage modifiers (MOD.ST_*, 2.X.4.5 BufferMemoryLoad / Store and
 * NV_gpu_program5_mem_extended): mem_count elements of mem_elem, little-
 * endian, back to back.  Loads: F16 -> float (exact), S8 / S16 sign- and
 * U8 / U16 zero-extended, 32-bit elements as bits, 64-bit elements as
 * 64-bit values (store64: both words of a LONG destination, narrowed into
 * a 32-bit one); components past mem_count are 0 (EDGE.LOAD_FILL).  Then
 * the ordinary result store: write mask, condition-code mask, _SAT on
 * float results, CC update.  LDC's swizzle, |abs| and negation apply to
 * the fetched vector (2.X.8.Z LDC).  Stores: the data operand read with
 * the base type (S / U / F, 64-bit kinds through fetch64), F16 rounded to
 * nearest even (overflow +-INF), 8 / 16-bit elements keep the low bits.
 * Misaligned plain accesses move the bytes at the address given
 * (EDGE.MEM_ALIGN, glprog.h).
 *
 * Lanes: loads run for the running group (helpers included); stores and
 * atomics for its live lanes only (EDGE.HELPER_STORES, EDGE.KIL_STORES),
 * one lane after the other in lane order.  Atomics (mem.h mem_atomic, real
 * host atomics) need natural alignment: a misaligned one is not performed,
 * returns 0, and in global memory counts as a MEM_GPU_FAULT_ALIGN fault;
 * lanes that do not perform one (helpers, killed, faults, out of range)
 * get 0.  They write dst.x only (EDGE.ATOM_YZW: y z w keep their values).
 */
#define GP_ATOM_SAME(op) ((int)GP_ATOM_##op == (int)MEM_ATOM_##op)
_Static_assert(GP_ATOM_SAME(ADD) && GP_ATOM_SAME(MIN) && GP_ATOM_SAME(MAX) && GP_ATOM_SAME(IWRAP) &&
                   GP_ATOM_SAME(DWRAP) && GP_ATOM_SAME(AND) && GP_ATOM_SAME(OR) && GP_ATOM_SAME(XOR) &&
                   GP_ATOM_SAME(EXCH) && GP_ATOM_SAME(CSWAP) && (int)GP_ATOM_COUNT == (int)MEM_ATOM_OP_COUNT,
               "gp_atom_op and MEM_ATOM_* agree (glprog.h)");
#undef GP_ATOM_SAME

/* GP_MEM_* and gp_mem_loc: gp_backend.h (the runtime helpers gp_rt_mem_*). */

static inline int memop_elem_bytes(int e)
{
    switch (e) {
    case GP_CVT_S8: case GP_CVT_U8: return 1;
    case GP_CVT_F16: case GP_CVT_S16: case GP_CVT_U16: return 2;
    case GP_CVT_F64: case GP_CVT_S64: case GP_CVT_U64: return 8;
    default: return 4;
    }
}

static inline bool memop_elem_wide(int e)
{
    return e == GP_CVT_F64 || e == GP_CVT_S64 || e == GP_CVT_U64;
}

/* fetch64 / store64 kind of a 64-bit element */
static inline int memop_kind64(int e)
{
    return e == GP_CVT_F64 ? GP_KIND_F : e == GP_CVT_S64 ? GP_KIND_S : GP_KIND_U;
}

static inline int memop_count_of(const gp_insn *in)
{
    return in->mem_count == 2 ? 2 : in->mem_count == 4 ? 4 : 1;
}

static inline uint64_t memop_get_le(const uint8_t *p, int n)
{
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static inline void memop_put_le(uint8_t *p, uint64_t v, int n)
{
    for (int i = 0; i < n; i++, v >>= 8)
        p[i] = (uint8_t)v;
}

/* A loaded element of at most 32 bits as a register component. */
static inline uint32_t memop_decode32(int e, uint64_t raw)
{
    switch (e) {
    case GP_CVT_F16: return f_bits(gp_f16_to_f32((uint16_t)raw));
    case GP_CVT_S8: return (uint32_t)(int32_t)(int8_t)(uint8_t)raw;
    case GP_CVT_S16: return (uint32_t)(int32_t)(int16_t)(uint16_t)raw;
    default: return (uint32_t)raw;
    }
}

/* A register component as an element of at most 32 bits (memop_put_le keeps
 * the low bytes). */
static inline uint32_t memop_encode32(int e, uint32_t v)
{
    return e == GP_CVT_F16 ? gp_f32_to_f16(bits_f(v)) : v;
}

static void memop_locate(gp_xs *x, const gp_src *s, int space, gp_mem_loc *loc)
{
    loc->space = space;
    if (space == GP_MEM_GLOBAL) {
        uint64_t a[4][GP_LANES];
        fetch64(x, s, GP_KIND_U, a);
        for (int l = 0; l < GP_LANES; l++) {
            loc->off[l] = a[0][l];
            loc->base[l] = NULL;
            loc->size[l] = 0;
        }
        return;
    }
    const gp_vec *rr = s->rel ? reg_file(x, s->rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS,
                                         s->rel_reg)
                              : NULL;
    const gp_vec *vr = s->nbuf && s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
    for (int l = 0; l < GP_LANES; l++) {
        int64_t o = (int64_t)s->index + (rr ? rr->c[s->rel_comp & 3][l].i : 0);
        int64_t bp = s->buf;
        bool ok = true;
        if (s->nbuf) { /* a variable array of bindings: buf + element */
            int64_t k = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
            ok = k >= 0 && k < s->nbuf;
            bp += k;
        }
        uint8_t *base = NULL;
        uint64_t size = 0;
        if (ok || space == GP_MEM_SHARED)
            gp_rt_mem_view(x->env, space, bp, &base, &size);
        loc->base[l] = base;
        loc->size[l] = size;
        loc->off[l] = base && o >= 0 ? (uint64_t)o : UINT64_MAX;
    }
}

/* LDC's operand modifiers on the fetched vector (2.X.8.Z LDC: swizzle,
 * then |abs| and negation of the base type), 32-bit components. */
static void memop_swizzle32(const gp_src *s, gp_vec *r, int type)
{
    gp_vec t = *r;
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        gp_val row[GP_LANES];
        if (sel > GP_SWZ_W)
            fill_row(row, swz_const(sel, type));
        else
            memcpy(row, t.c[sel], sizeof(row));
        apply_mods(r->c[c], row, s->abs != 0, (s->negate >> c) & 1, type);
    }
}

/* The same on 64-bit components of a kind (fetch64's modifier rules). */
static void memop_swizzle64(const gp_src *s, uint64_t r[4][GP_LANES], int kind)
{
    uint64_t t[4][GP_LANES];
    memcpy(t, r, sizeof(t));
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        bool neg = (s->negate >> c) & 1;
        for (int l = 0; l < GP_LANES; l++) {
            uint64_t v = sel <= GP_SWZ_W ? t[sel][l]
                         : sel != GP_SWZ_ONE ? 0u : kind == GP_KIND_F ? 0x3ff0000000000000ull : 1u;
            r[c][l] = mods64(v, kind, s->abs != 0, neg);
        }
    }
}

/* LOAD LDC LDB LDS: src[0] is the address / the view operand. */
static GP_NOINLINE void exec_mem_load(gp_xs *x, const gp_insn *in, int space)
{
    const int e = in->mem_elem, cnt = memop_count_of(in), esz = memop_elem_bytes(e);
    const bool wide = memop_elem_wide(e);
    gp_mem_loc loc;
    memop_locate(x, &in->src[0], space, &loc);
    gp_vec *R = &x->m->res;
    uint64_t r64[4][GP_LANES];
    memset(R, 0, sizeof(*R));
    memset(r64, 0, sizeof(r64));
    uint8_t raw[32];
    for (uint32_t b = x->exec; b; b &= b - 1) {
        int l = lane_first(b);
        gp_rt_mem_read(x->env, &loc, l, esz, cnt, raw);
        for (int k = 0; k < cnt; k++) {
            uint64_t v = memop_get_le(raw + k * esz, esz);
            if (wide)
                r64[k][l] = v;
            else
                R->c[k][l].u = memop_decode32(e, v);
        }
    }
    bool post = space == GP_MEM_CBUF; /* LDC: swizzle and modifiers after the fetch */
    if (wide) {
        if (post)
            memop_swizzle64(&in->src[0], r64, memop_kind64(e));
        store64(x, in, r64, memop_kind64(e));
    } else {
        int rtype = gp_cvt_gptype(e);
        if (post)
            memop_swizzle32(&in->src[0], R, rtype);
        store(x, in, R, rtype, false);
    }
}

/* STORE STB STS: src[0] the data, src[1] the address / view operand. */
static GP_NOINLINE void exec_mem_store(gp_xs *x, const gp_insn *in, int space)
{
    uint32_t lanes = x->exec & x->live;
    if (!lanes)
        return;
    const int e = in->mem_elem, cnt = memop_count_of(in), esz = memop_elem_bytes(e);
    const bool wide = memop_elem_wide(e);
    gp_mem_loc loc;
    memop_locate(x, &in->src[1], space, &loc);
    uint64_t d64[4][GP_LANES];
    gp_view dv;
    if (wide)
        fetch64(x, &in->src[0], memop_kind64(e), d64);
    else
        fetch_view(x, &in->src[0], &x->m->opnd[0], gp_cvt_gptype(e), (1u << cnt) - 1u, &dv);
    uint8_t raw[32];
    for (uint32_t b = lanes; b; b &= b - 1) {
        int l = lane_first(b);
        for (int k = 0; k < cnt; k++)
            memop_put_le(raw + k * esz, wide ? d64[k][l] : memop_encode32(e, dv.c[k][l].u), esz);
        gp_rt_mem_write(x->env, &loc, l, esz, cnt, raw);
    }
}

/* The instruction with only dst.x written (atomics: EDGE.ATOM_YZW). */
static inline void memop_insn_x(const gp_insn *in, gp_insn *q)
{
    *q = *in;
    q->dst.mask &= 1u;
}

static inline int memop_atom_type(int e)
{
    switch (e) {
    case GP_CVT_U32: return MEM_ATOM_U32;
    case GP_CVT_S32: return MEM_ATOM_S32;
    case GP_CVT_U64: return MEM_ATOM_U64;
    case GP_CVT_S64: return MEM_ATOM_S64;
    case GP_CVT_F32: return MEM_ATOM_F32;
    default: return -1;
    }
}

/* ATOM ATOMB ATOMS: src[0] the operand (x; CSWAP: x compare, y new
 * value), src[1] the address / view operand; dst.x = the old value. */
static GP_NOINLINE void exec_mem_atom(gp_xs *x, const gp_insn *in, int space)
{
    const int e = in->mem_elem, esz = memop_elem_bytes(e);
    const bool wide = memop_elem_wide(e);
    const int mt = memop_atom_type(e);
    uint32_t lanes = mt >= 0 ? x->exec & x->live : 0u;
    gp_mem_loc loc;
    memop_locate(x, &in->src[1], space, &loc);
    uint64_t v64[4][GP_LANES], old64[4][GP_LANES];
    gp_view dv;
    if (wide)
        fetch64(x, &in->src[0], memop_kind64(e), v64);
    else
        fetch_view(x, &in->src[0], &x->m->opnd[0], gp_cvt_gptype(e), 0x3u, &dv);
    gp_vec *R = &x->m->res;
    memset(R, 0, sizeof(*R));
    memset(old64, 0, sizeof(old64));
    for (uint32_t b = lanes; b; b &= b - 1) {
        int l = lane_first(b);
        void *p = gp_rt_mem_atomic_ptr(x->env, &loc, l, esz);
        if (!p)
            continue;
        uint64_t v = wide ? v64[0][l] : dv.c[0][l].u;
        uint64_t v2 = wide ? v64[1][l] : dv.c[1][l].u;
        uint64_t old = mem_atomic(p, in->mem_atom, mt, v, v2);
        if (wide)
            old64[0][l] = old;
        else
            R->c[0][l].u = (uint32_t)old;
    }
    gp_insn q;
    memop_insn_x(in, &q);
    if (wide)
        store64(x, &q, old64, memop_kind64(e));
    else
        store(x, &q, R, gp_cvt_gptype(e), false);
}
