/*
 * exec/integer.c - the typed ALU (.S .U instructions and the integer
 * opcodes), bit-field instructions and CVT.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- typed ALU: .S .U and the integer opcodes (NV_gpu_program4 2.X.8.Z) ---
 *
 * The generic case of every instruction whose data type is .S or .U, and of
 * the opcodes only NV_gpu_program4 has (AND OR XOR NOT SHL SHR MOD CEIL
 * ROUND TRUNC I2F SAD, whatever their type).  Operands are fetched with the
 * kinds of gp_opinfo.io (so negate and |x| are the integer forms of
 * apply_mods); the result is stored through store() as its kind.  Where the
 * spec calls a result undefined, it is defined here as follows:
 *   SHL SHR        the count is taken modulo 32 (its low 5 bits), as D3D's
 *                  ishl/ushr/ishr (dxil-instruction-semantics.txt) and the
 *                  hardware do: shifting by 32 leaves the value, by -1 is
 *                  by 31.
 *   DIV MOD        by zero: all bits set (0xffffffff, -1 for .S), as DXIL
 *                  UDiv gives quotient and remainder; .S INT_MIN / -1 =
 *                  INT_MIN and INT_MIN % -1 = 0 (two's complement wrap); a
 *                  negative .S remainder has the sign of the dividend (C).
 *   FLR CEIL ROUND TRUNC .S/.U  the rounded value saturates to the range of
 *                  the type, NaN gives 0 (gp_f2i / f2u_sat).  ROUND is to
 *                  nearest even.
 *   MUL.S24/.U24   operands outside 24 bits: their low 24 bits are used
 *                  (sign-extended for S24).
 *   CC             SF ZF from the written value (cc_update); OF and CF from
 *                  ADD SUB MAD SAD per 2.X.4.3, with a negated operand
 *                  turning an add into a subtract and back (-A-B, undefined
 *                  there, is computed as the plain add); cleared otherwise.
 * Set-on instructions write ~0 (.S: -1, .U: UINT_MAX) for TRUE, 0 for FALSE. */

static inline uint32_t f2u_sat(float f)
{
    if (!(f > 0.0f))
        return 0; /* negative, -0 and NaN */
    if (f >= 4294967296.0f)
        return UINT32_MAX;
    return (uint32_t)f;
}

/* OF and CF of a + b (sub = false) or a - b (sub = true), 2.X.4.3. */
static inline uint32_t add_flags(uint32_t a, uint32_t b, bool sub)
{
    if (sub) {
        uint32_t r = a - b;
        return (((a ^ b) & (a ^ r)) >> 31) * GP_CC_OF | (uint32_t)(a >= b) * GP_CC_CF;
    }
    uint32_t r = a + b;
    return (((a ^ r) & (b ^ r)) >> 31) * GP_CC_OF | (uint32_t)(r < a) * GP_CC_CF;
}

/* Flags of "p + q" where p, q are fetched operands (possibly negated by
 * their modifiers nq/np: the negation is undone, exactly, in two's
 * complement, and the add becomes a subtract). */
static inline uint32_t add_flags_mod(uint32_t p, bool np, uint32_t q, bool nq)
{
    if (np == nq)
        return add_flags(p, q, false); /* a + b, or -A-B (undefined) */
    if (nq)
        return add_flags(p, 0u - q, true); /* a - B */
    return add_flags(q, 0u - p, true);     /* b - A */
}

static uint32_t typed_op(const gp_insn *in, int t, uint32_t a, uint32_t b, uint32_t c)
{
    const bool s = t == GP_TYPE_S32;
    int32_t ia = (int32_t)a, ib = (int32_t)b;
    float fa = bits_f(a);
    float r;
    switch (in->op) {
    case GP_OP_MOV:
    case GP_OP_SWZ: return a;
    case GP_OP_ABS: return s && ia < 0 ? 0u - a : a;
    case GP_OP_ADD: return a + b;
    case GP_OP_SUB: return a - b;
    case GP_OP_MAD: return a * b + c;
    case GP_OP_MUL:
        switch (in->opmod) {
        case GP_OPMOD_S24:
            /* low 32 bits of the 48-bit product: unsigned, no overflow */
            return (uint32_t)((int32_t)(a << 8) >> 8) * (uint32_t)((int32_t)(b << 8) >> 8);
        case GP_OPMOD_U24: return (a & 0xffffffu) * (b & 0xffffffu);
        case GP_OPMOD_HI:
            return s ? (uint32_t)((uint64_t)((int64_t)ia * (int64_t)ib) >> 32)
                     : (uint32_t)(((uint64_t)a * (uint64_t)b) >> 32);
        default: return a * b;
        }
    case GP_OP_MIN: return s ? (ia < ib ? a : b) : (a < b ? a : b);
    case GP_OP_MAX: return s ? (ia > ib ? a : b) : (a > b ? a : b);
    case GP_OP_CMP: return s && ia < 0 ? b : c;
    case GP_OP_SEQ: return 0u - (uint32_t)(a == b);
    case GP_OP_SNE: return 0u - (uint32_t)(a != b);
    case GP_OP_SLT: return 0u - (uint32_t)(s ? ia < ib : a < b);
    case GP_OP_SGE: return 0u - (uint32_t)(s ? ia >= ib : a >= b);
    case GP_OP_SGT: return 0u - (uint32_t)(s ? ia > ib : a > b);
    case GP_OP_SLE: return 0u - (uint32_t)(s ? ia <= ib : a <= b);
    case GP_OP_SFL: return 0;
    case GP_OP_STR: return 0xffffffffu;
    case GP_OP_AND: return a & b;
    case GP_OP_OR: return a | b;
    case GP_OP_XOR: return a ^ b;
    case GP_OP_NOT: return ~a;
    case GP_OP_SHL: return a << (b & 31u);
    case GP_OP_SHR: return s ? (uint32_t)(ia >> (b & 31u)) : a >> (b & 31u);
    case GP_OP_DIV:
        if (b == 0)
            return 0xffffffffu;
        if (s)
            return ib == -1 ? 0u - a : (uint32_t)(ia / ib);
        return a / b;
    case GP_OP_MOD:
        if (b == 0)
            return 0xffffffffu;
        if (s)
            return ib == -1 ? 0u : (uint32_t)(ia % ib);
        return a % b;
    case GP_OP_SAD: {
        uint32_t d = s ? (ia >= ib ? a - b : b - a) : (a >= b ? a - b : b - a);
        return d + c;
    }
    case GP_OP_I2F: return f_bits(s ? (float)ia : (float)a);
    case GP_OP_FLR: r = gp_floorf(fa); break;
    case GP_OP_CEIL: r = ceilf(fa); break;
    case GP_OP_ROUND: r = rintf(fa); break;
    case GP_OP_TRUNC: r = truncf(fa); break;
    default: return 0;
    }
    /* FLR CEIL ROUND TRUNC: a float operand, a result of the type */
    if (t == GP_TYPE_S32)
        return (uint32_t)gp_f2i(r);
    if (t == GP_TYPE_U32)
        return f2u_sat(r);
    return f_bits(r);
}

static void exec_bits(gp_xs *x, const gp_insn *in);
static void exec_vote(gp_xs *x, const gp_insn *in);
static void exec_cvt(gp_xs *x, const gp_insn *in);
static void exec_wide(gp_xs *x, const gp_insn *in);
static void exec_ipa(gp_xs *x, const gp_insn *in);

static void exec_typed(gp_xs *x, const gp_insn *in)
{
    if (GP_UNLIKELY((in->type >= GP_TYPE_F64 && in->op != GP_OP_CVT) || in->op == GP_OP_PK64 ||
                    in->op == GP_OP_UP64)) {
        exec_wide(x, in); /* NV_gpu_program5 64-bit data */
        return;
    }
    switch (in->op) { /* NV_gpu_program5 opcodes with their own helpers */
    case GP_OP_BFE:
    case GP_OP_BFI:
    case GP_OP_BFR:
    case GP_OP_BTC:
    case GP_OP_BTFL:
    case GP_OP_BTFM: exec_bits(x, in); return;
    case GP_OP_TGALL:
    case GP_OP_TGANY:
    case GP_OP_TGEQ: exec_vote(x, in); return;
    case GP_OP_CVT: exec_cvt(x, in); return;
    case GP_OP_IPAC:
    case GP_OP_IPAO:
    case GP_OP_IPAS: exec_ipa(x, in); return;
    default: break;
    }
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    const int t = in->type;
    const int rtype = gp_kind_type(gp_io_kind(oi->io, 0), t);
    const uint32_t wmask = in->dst.mask & 0xfu;
    const bool vecsca = oi->cls == GP_CLASS_VECSCA;
    const gp_val *op[3][4];
    int nsrc = oi->nsrc > 3 ? 3 : oi->nsrc;
    for (int i = 0; i < 3; i++)
        for (int c = 0; c < 4; c++)
            op[i][c] = gp_const_rows[0];
    for (int i = 0; i < nsrc; i++) {
        int k = gp_kind_type(gp_io_kind(oi->io, i + 1), t);
        if (vecsca && i == 1) {
            const gp_val *row = fetch_scalar(x, &in->src[i], &m->opnd[i], k);
            for (int c = 0; c < 4; c++)
                op[i][c] = row;
        } else {
            const gp_vec *v = fetch(x, &in->src[i], &m->opnd[i], k);
            for (int c = 0; c < 4; c++)
                op[i][c] = v->c[c];
        }
    }
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            R->c[c][l].u = typed_op(in, t, op[0][c][l].u, op[1][c][l].u, op[2][c][l].u);
    }
    /* OF / CF of the integer adds (2.X.4.3), merged by store_rows */
    uint32_t flags[4][GP_LANES];
    bool add = in->op == GP_OP_ADD || in->op == GP_OP_SUB || in->op == GP_OP_MAD ||
               in->op == GP_OP_SAD;
    if (in->cc_update && add && !is_float_type(t)) {
        for (int c = 0; c < 4; c++) {
            bool n0 = in->src[0].negate >> c & 1, n1 = in->src[1].negate >> c & 1;
            bool n2 = in->src[2].negate >> c & 1;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t a = op[0][c][l].u, b = op[1][c][l].u, k = op[2][c][l].u;
                uint32_t f;
                if (in->op == GP_OP_ADD)
                    f = add_flags_mod(a, n0, b, n1);
                else if (in->op == GP_OP_SUB)
                    f = add_flags_mod(a, n0, 0u - b, !n1);
                else if (in->op == GP_OP_MAD)
                    f = add_flags_mod(a * b, false, k, n2);
                else
                    f = add_flags(R->c[c][l].u - k, k, false);
                flags[c][l] = f;
            }
        }
        x->cc_extra = flags;
    }
    store(x, in, R, rtype, false);
    x->cc_extra = NULL;
}

/* ---- bit fields: BFE BFI BFR BTC BTFL BTFM (NV_gpu_program5 2.X.8.Z) ------
 *
 * BFE BFI BFR BTC BTFL BTFM: integer types only (.S default, .U), CC but no
 * clamping (Table X.13).  BFE and BFI take the field width from op0.x and
 * its offset from op0.y for every component.  Where the spec defines the
 * result (0 <= width, 0 <= offset < 32, width + offset <= 32) its
 * pseudo-code is followed: width 0 extracts 0, width 32 (offset 0) extracts
 * or inserts the whole value.  Where it says "undefined" (a negative width
 * or offset, offset >= 32, width + offset > 32) asmgl takes the low 5 bits
 * of width and offset and computes DXIL's Ibfe / Ubfe / Bfi
 * (dxil-instruction-semantics.txt), as SHL/SHR take their count mod 32:
 *   BFE  width 0: 0; width + offset < 32: the field, sign- (.S) or zero-
 *        (.U) extended; else value >> offset (arithmetic for .S), i.e. the
 *        field is cut at bit 31.
 *   BFI  mask = ((1 << width) - 1) << offset, cut to 32 bits:
 *        ((src << offset) & mask) | (dst & ~mask).
 * BTFL / BTFM of 0 give -1 (all bits: .U's maximum); BTFM.S of a negative
 * value finds the most significant zero, so BTFM.S(-1) = -1 too (DXIL
 * FirstbitSHi's "no match"). */

static inline uint32_t bit_extract(uint32_t width, uint32_t offset, uint32_t v, bool s)
{
    if (!(width <= 32 && offset < 32 && width + offset <= 32)) {
        width &= 31u; /* undefined in the spec: DXIL Ibfe / Ubfe */
        offset &= 31u;
    }
    if (width == 0)
        return 0;
    if (width + offset < 32) {
        uint32_t t = v << (32 - (width + offset));
        return s ? (uint32_t)((int32_t)t >> (32 - width)) : t >> (32 - width);
    }
    return s ? (uint32_t)((int32_t)v >> offset) : v >> offset;
}

static inline uint32_t bit_insert(uint32_t width, uint32_t offset, uint32_t src, uint32_t dst)
{
    if (!(width <= 32 && offset < 32 && width + offset <= 32)) {
        width &= 31u; /* undefined in the spec: DXIL Bfi */
        offset &= 31u;
    }
    if (width == 32)
        return src;
    uint32_t mask = (uint32_t)(((1ull << width) - 1u) << offset);
    return ((src << offset) & mask) | (dst & ~mask);
}

static inline uint32_t bit_reverse(uint32_t v)
{
    v = (v >> 1 & 0x55555555u) | (v & 0x55555555u) << 1;
    v = (v >> 2 & 0x33333333u) | (v & 0x33333333u) << 2;
    v = (v >> 4 & 0x0f0f0f0fu) | (v & 0x0f0f0f0fu) << 4;
    v = (v >> 8 & 0x00ff00ffu) | (v & 0x00ff00ffu) << 8;
    return v >> 16 | v << 16;
}

static inline uint32_t bit_count(uint32_t v)
{
    v = v - (v >> 1 & 0x55555555u);
    v = (v & 0x33333333u) + (v >> 2 & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

static inline uint32_t bit_find_lsb(uint32_t v)
{
    if (!v)
        return 0xffffffffu;
    uint32_t n = 0;
    while (!(v & 1u)) {
        v >>= 1;
        n++;
    }
    return n;
}

static inline uint32_t bit_find_msb(uint32_t v, bool s)
{
    if (s && (v >> 31))
        v = ~v; /* negative: the most significant zero */
    if (!v)
        return 0xffffffffu;
    uint32_t n = 31;
    while (!(v >> 31)) {
        v <<= 1;
        n--;
    }
    return n;
}

static GP_NOINLINE void exec_bits(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const bool s = t == GP_TYPE_S32;
    const uint32_t wmask = in->dst.mask & 0xfu;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    if (in->op == GP_OP_BFE || in->op == GP_OP_BFI) {
        /* the field from op0.x (width) and op0.y (offset) for all components */
        const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], t);
        const gp_vec *c3 = in->op == GP_OP_BFI ? fetch(x, &in->src[2], &m->opnd[2], t) : NULL;
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t w = a->c[0][l].u, o = a->c[1][l].u;
                R->c[c][l].u = c3 ? bit_insert(w, o, b->c[c][l].u, c3->c[c][l].u)
                                  : bit_extract(w, o, b->c[c][l].u, s);
            }
        }
    } else {
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t v = a->c[c][l].u;
                R->c[c][l].u = in->op == GP_OP_BFR ? bit_reverse(v)
                               : in->op == GP_OP_BTC ? bit_count(v)
                               : in->op == GP_OP_BTFL ? bit_find_lsb(v)
                                                      : bit_find_msb(v, s);
            }
        }
    }
    store(x, in, R, t, false);
}

/* ---- CVT: storage type conversion (NV_gpu_program5 2.X.8.Z) ----------------
 *
 * Always this generic case (no fast path).  The operand is read with the
 * base type of cvt_src (64-bit types through fetch64, so a 32-bit variable
 * is promoted first: EDGE.CVT_SIZE), each written component converted by
 * gp_cvt_value (gp_cvt.h: rounding, clamping, the undefined cases; pure
 * integer code, so both executor builds agree), and the result stored as
 * the base type of cvt_dst (store64 for 64-bit types: a 32-bit destination
 * narrows it).  F16 meets LONG variables as a value: an F16 operand of one
 * is its double rounded to binary16, an F16 result into one is stored as
 * the double of the binary16 value (EDGE.CVT_SIZE).  _SAT is applied by gp_cvt_value (integer clamping, F16),
 * not again by the store.  An F16 result is binary16 bits in the low half
 * of the component: its CC update (2.X.4.3: SF = < 0 or NaN, ZF = 0 or
 * NaN) is taken from the binary16 value, component by component in
 * store_rows' order. */
static GP_NOINLINE void exec_cvt(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    const int st = gp_cvt_gptype(in->cvt_src), dt = gp_cvt_gptype(in->cvt_dst);
    const uint32_t wmask = in->dst.mask & 0xfu;
    uint64_t v[4][GP_LANES];
    if (st == GP_TYPE_F64 || st == GP_TYPE_S64 || st == GP_TYPE_U64) {
        fetch64(x, &in->src[0], st == GP_TYPE_F64 ? GP_KIND_F : st == GP_TYPE_S64 ? GP_KIND_S : GP_KIND_U, v);
    } else if (in->cvt_src == GP_CVT_F16 && in->src[0].hi) {
        /* an F16 operand of a LONG variable: its double converted to F16
         * (with the instruction's rounding) first (EDGE.CVT_SIZE) */
        fetch64(x, &in->src[0], GP_KIND_F, v);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], GP_CVT_F64, GP_CVT_F16, in->cvt_rnd, GP_SAT_NONE);
    } else {
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], st);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = a->c[c][l].u;
    }
    for (int c = 0; c < 4; c++)
        if (wmask >> c & 1)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], in->cvt_src, in->cvt_dst, in->cvt_rnd, in->sat);
    gp_insn ci = *in;
    ci.sat = GP_SAT_NONE;
    if (in->cvt_dst == GP_CVT_F16 && in->dst.hi) {
        /* an F16 result into a LONG variable: as the double of its value */
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                v[c][l] = gp_cvt_value(v[c][l], GP_CVT_F16, GP_CVT_F64, GP_RND_ROUND, GP_SAT_NONE);
        store64(x, &ci, v, GP_KIND_F);
        return;
    }
    if (dt == GP_TYPE_F64 || dt == GP_TYPE_S64 || dt == GP_TYPE_U64) {
        store64(x, &ci, v, dt == GP_TYPE_F64 ? GP_KIND_F : dt == GP_TYPE_S64 ? GP_KIND_S : GP_KIND_U);
        return;
    }
    gp_vec *R = &m->res;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            R->c[c][l].u = (uint32_t)v[c][l];
    if (in->cvt_dst != GP_CVT_F16 || !in->cc_update) {
        store(x, &ci, R, dt, false);
        return;
    }
    ci.cc_update = 0;
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        uint32_t lm = x->exec & cc_lanes(x, &in->dst.cc, c);
        ci.dst.mask = (uint8_t)(1u << c);
        store(x, &ci, R, dt, false);
        gp_val f[GP_LANES];
        for (int l = 0; l < GP_LANES; l++)
            f[l].f = gp_f16_to_f32((uint16_t)R->c[c][l].u);
        if (lm)
            cc_update(x->m->cc[(in->cc_update - 1) & 1][c], f, lm, GP_TYPE_F32);
    }
}
