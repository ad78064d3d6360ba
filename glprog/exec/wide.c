/*
 * exec/wide.c - the double-width ALU: .F64 .S64 .U64 instructions, PK64
 * and UP64.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- double-width ALU: .F64 .S64 .U64, PK64, UP64 (NV_gpu_program5 2.X.4.1) --
 *
 * The generic case of every instruction typed .F64 / .S64 / .U64 (the
 * opcodes whose Table X.13 F or I column says "6"; gp_parse.c refuses the
 * others) and of PK64 / UP64.  Operands are read with fetch64 as the kinds
 * of gp_opinfo.io made 64-bit (FLR CEIL ROUND TRUNC: a double operand,
 * I2F: a double result, SAD: unsigned 64-bit third operand and result),
 * computed in IEEE binary64 or 64-bit two's complement (overflow wraps:
 * EDGE.INT_OVERFLOW), and stored with store64.  The choices where the spec
 * is silent follow the 32-bit ones of exec_typed:
 *   SHL SHR .S64/.U64  the count is the scalar operand read as a 64-bit
 *                  integer, taken modulo 64 (its low 6 bits): shifting by
 *                  64 leaves the value, by -1 is by 63.
 *   DIV MOD        by zero: all 64 bits set; INT64_MIN / -1 = INT64_MIN,
 *                  INT64_MIN % -1 = 0; a negative remainder has the sign of
 *                  the dividend.
 *   FLR CEIL ROUND TRUNC .S64/.U64  the rounded double saturates to the
 *                  type's range, NaN gives 0; ROUND is to nearest even.
 *   I2F .S64/.U64  the result is a double (correctly rounded); written to a
 *                  32-bit variable it is then rounded to float (so a value
 *                  past 2^53 may be rounded twice).
 *   F64 numerics   as the float opcodes: MIN = b < a ? b : a, MAX =
 *                  a > b ? a : b (NaN: the first operand of MIN, the second
 *                  of MAX, as MINPS/MAXPS), CMP/compares false on NaN but
 *                  SNE, RCP(+-0) = +-INF, RSQ = 1/sqrt(|a|), SSG(NaN) = 0,
 *                  FRC = a - floor(a) capped at 1 - 2^-53 (INF, NaN: NaN),
 *                  MAD = a*b + c rounded twice (no fused multiply-add).
 *   TRUE           set-on instructions write 1.0 (F64), -1 (S64) or
 *                  2^64 - 1 (U64) as 64-bit values; FALSE 0.
 *   CC             2.X.4.3 on the 64-bit value (gp_ir.h); OF / CF from the
 *                  64-bit ADD SUB MAD SAD as exec_typed's 32-bit ones.
 *   MUL .S24 .U24 .HI do not combine with the 64-bit types (gp_parse.c).
 * PK64: (x | y << 32, z | w << 32, x | y << 32, z | w << 32) from the 32-bit
 * operand (a LONG operand narrowed first); UP64: (lo x, hi x, lo y, hi y)
 * of the 64-bit operand, a 32-bit result (x = low word: the executor's
 * word order is little-endian on every host). */

static inline int wide_kind(int iokind, int t)
{
    if (iokind == GP_KIND_F || iokind == GP_KIND_S || iokind == GP_KIND_U)
        return iokind;
    return t == GP_TYPE_F64 || t == GP_TYPE_F32 ? GP_KIND_F
           : t == GP_TYPE_S64 || t == GP_TYPE_S32 ? GP_KIND_S : GP_KIND_U;
}

static inline uint64_t d2i64_sat(double d)
{
    if (d != d)
        return 0;
    if (d >= 9223372036854775808.0)
        return (uint64_t)INT64_MAX;
    if (d < -9223372036854775808.0)
        return (uint64_t)INT64_MIN;
    return (uint64_t)(int64_t)d;
}

static inline uint64_t d2u64_sat(double d)
{
    if (!(d > 0.0))
        return 0; /* negative, -0 and NaN */
    if (d >= 18446744073709551616.0)
        return UINT64_MAX;
    return (uint64_t)d;
}

/* OF and CF of a + b or a - b in 64 bits (2.X.4.3, as add_flags). */
static inline uint32_t add_flags64(uint64_t a, uint64_t b, bool sub)
{
    if (sub) {
        uint64_t r = a - b;
        return (uint32_t)(((a ^ b) & (a ^ r)) >> 63) * GP_CC_OF | (uint32_t)(a >= b) * GP_CC_CF;
    }
    uint64_t r = a + b;
    return (uint32_t)(((a ^ r) & (b ^ r)) >> 63) * GP_CC_OF | (uint32_t)(r < a) * GP_CC_CF;
}

static inline uint32_t add_flags64_mod(uint64_t p, bool np, uint64_t q, bool nq)
{
    if (np == nq)
        return add_flags64(p, q, false);
    if (nq)
        return add_flags64(p, 0u - q, true);
    return add_flags64(q, 0u - p, true);
}

static uint64_t wide_op(const gp_insn *in, int t, uint64_t a, uint64_t b, uint64_t c)
{
    const uint64_t one = 0x3ff0000000000000ull;
    double r;
    switch (in->op) { /* a double operand, a result of the type */
    case GP_OP_FLR: r = floor(bits_d(a)); goto rounded;
    case GP_OP_CEIL: r = ceil(bits_d(a)); goto rounded;
    case GP_OP_ROUND: r = nearbyint(bits_d(a)); goto rounded;
    case GP_OP_TRUNC: r = trunc(bits_d(a)); goto rounded;
    case GP_OP_I2F:
        return d_bits(t == GP_TYPE_S64 ? (double)(int64_t)a : (double)a);
    default: break;
    }
    if (t == GP_TYPE_F64) {
        double fa = bits_d(a), fb = bits_d(b), fc = bits_d(c);
        switch (in->op) {
        case GP_OP_MOV: return a;
        case GP_OP_ABS: return a & ~(1ull << 63);
        case GP_OP_ADD: return d_bits(fa + fb);
        case GP_OP_SUB: return d_bits(fa - fb);
        case GP_OP_MUL: return d_bits(fa * fb);
        case GP_OP_MAD: {
            double p = fa * fb;
            return d_bits(p + fc);
        }
        case GP_OP_DIV: return d_bits(fa / fb);
        case GP_OP_MIN: return fb < fa ? b : a;
        case GP_OP_MAX: return fa > fb ? a : b;
        case GP_OP_CMP: return fa < 0.0 ? b : c;
        case GP_OP_SEQ: return fa == fb ? one : 0u;
        case GP_OP_SNE: return fa != fb ? one : 0u;
        case GP_OP_SLT: return fa < fb ? one : 0u;
        case GP_OP_SGE: return fa >= fb ? one : 0u;
        case GP_OP_SGT: return fa > fb ? one : 0u;
        case GP_OP_SLE: return fa <= fb ? one : 0u;
        case GP_OP_SFL: return 0u;
        case GP_OP_STR: return one;
        case GP_OP_RCP: return d_bits(1.0 / fa);
        case GP_OP_RSQ: return d_bits(1.0 / sqrt(fabs(fa)));
        case GP_OP_SSG: return d_bits((double)((fa > 0.0) - (fa < 0.0)));
        case GP_OP_FRC: {
            double f = (fa - floor(fa)) + 0.0;
            const double cap = 1.0 - 0x1p-53;
            return d_bits(cap < f ? cap : f);
        }
        default: return 0u;
        }
    }
    const bool s = t == GP_TYPE_S64;
    int64_t ia = (int64_t)a, ib = (int64_t)b;
    switch (in->op) {
    case GP_OP_MOV: return a;
    case GP_OP_ABS: return s && ia < 0 ? 0u - a : a;
    case GP_OP_ADD: return a + b;
    case GP_OP_SUB: return a - b;
    case GP_OP_MUL: return a * b;
    case GP_OP_MAD: return a * b + c;
    case GP_OP_MIN: return s ? (ia < ib ? a : b) : (a < b ? a : b);
    case GP_OP_MAX: return s ? (ia > ib ? a : b) : (a > b ? a : b);
    case GP_OP_CMP: return s && ia < 0 ? b : c;
    case GP_OP_SEQ: return 0u - (uint64_t)(a == b);
    case GP_OP_SNE: return 0u - (uint64_t)(a != b);
    case GP_OP_SLT: return 0u - (uint64_t)(s ? ia < ib : a < b);
    case GP_OP_SGE: return 0u - (uint64_t)(s ? ia >= ib : a >= b);
    case GP_OP_SGT: return 0u - (uint64_t)(s ? ia > ib : a > b);
    case GP_OP_SLE: return 0u - (uint64_t)(s ? ia <= ib : a <= b);
    case GP_OP_SFL: return 0u;
    case GP_OP_STR: return UINT64_MAX;
    case GP_OP_AND: return a & b;
    case GP_OP_OR: return a | b;
    case GP_OP_XOR: return a ^ b;
    case GP_OP_NOT: return ~a;
    case GP_OP_SHL: return a << (b & 63u);
    case GP_OP_SHR: return s ? (uint64_t)(ia >> (b & 63u)) : a >> (b & 63u);
    case GP_OP_DIV:
        if (b == 0)
            return UINT64_MAX;
        if (s)
            return ib == -1 ? 0u - a : (uint64_t)(ia / ib);
        return a / b;
    case GP_OP_MOD:
        if (b == 0)
            return UINT64_MAX;
        if (s)
            return ib == -1 ? 0u : (uint64_t)(ia % ib);
        return a % b;
    case GP_OP_SAD: return (s ? (ia >= ib ? a - b : b - a) : (a >= b ? a - b : b - a)) + c;
    default: return 0u;
    }
rounded:
    if (t == GP_TYPE_S64)
        return d2i64_sat(r);
    if (t == GP_TYPE_U64)
        return d2u64_sat(r);
    return d_bits(r);
}

static GP_NOINLINE void exec_wide(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    const uint32_t wmask = in->dst.mask & 0xfu;
    const int t = in->type;
    uint64_t r[4][GP_LANES];
    if (in->op == GP_OP_PK64) {
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], gp_kind_type(wide_kind(GP_KIND_OP, t), t));
        for (int l = 0; l < GP_LANES; l++) {
            r[0][l] = r[2][l] = (uint64_t)a->c[0][l].u | (uint64_t)a->c[1][l].u << 32;
            r[1][l] = r[3][l] = (uint64_t)a->c[2][l].u | (uint64_t)a->c[3][l].u << 32;
        }
        store64(x, in, r, wide_kind(GP_KIND_OP, t));
        return;
    }
    if (in->op == GP_OP_UP64) {
        uint64_t a[4][GP_LANES];
        gp_vec *R = &m->res;
        fetch64(x, &in->src[0], wide_kind(GP_KIND_OP, t), a);
        for (int l = 0; l < GP_LANES; l++) {
            R->c[0][l].u = (uint32_t)a[0][l];
            R->c[1][l].u = (uint32_t)(a[0][l] >> 32);
            R->c[2][l].u = (uint32_t)a[1][l];
            R->c[3][l].u = (uint32_t)(a[1][l] >> 32);
        }
        store(x, in, R, gp_kind_type(wide_kind(GP_KIND_OP, t), t), false);
        return;
    }
    uint64_t op[3][4][GP_LANES];
    int nsrc = oi->nsrc > 3 ? 3 : oi->nsrc;
    for (int i = 0; i < 3; i++) {
        if (i < nsrc)
            fetch64(x, &in->src[i], wide_kind(gp_io_kind(oi->io, i + 1), t), op[i]);
        else
            memset(op[i], 0, sizeof(op[i]));
    }
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            r[c][l] = wide_op(in, t, op[0][c][l], op[1][c][l], op[2][c][l]);
    }
    /* OF / CF of the integer adds (2.X.4.3), merged by store64 */
    uint32_t flags[4][GP_LANES];
    bool add = in->op == GP_OP_ADD || in->op == GP_OP_SUB || in->op == GP_OP_MAD ||
               in->op == GP_OP_SAD;
    if (in->cc_update && add && t != GP_TYPE_F64) {
        for (int c = 0; c < 4; c++) {
            bool n0 = in->src[0].negate >> c & 1, n1 = in->src[1].negate >> c & 1;
            bool n2 = in->src[2].negate >> c & 1;
            for (int l = 0; l < GP_LANES; l++) {
                uint64_t a = op[0][c][l], b = op[1][c][l], k = op[2][c][l];
                uint32_t f;
                if (in->op == GP_OP_ADD)
                    f = add_flags64_mod(a, n0, b, n1);
                else if (in->op == GP_OP_SUB)
                    f = add_flags64_mod(a, n0, 0u - b, !n1);
                else if (in->op == GP_OP_MAD)
                    f = add_flags64_mod(a * b, false, k, n2);
                else
                    f = add_flags64(r[c][l] - k, k, false);
                flags[c][l] = f;
            }
        }
        x->cc_extra = flags;
    }
    store64(x, in, r, wide_kind(gp_io_kind(oi->io, 0), t));
    x->cc_extra = NULL;
}
