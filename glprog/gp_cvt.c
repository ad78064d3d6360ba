/*
 * gp_cvt.c - NV_gpu_program5 CVT value conversions (gp_cvt.h has the
 * rules and the choices for the cases the spec leaves undefined).  Integer
 * arithmetic on the encodings only: the result does not depend on the FP
 * environment or the instruction set the executor was built for.
 */
#include "gp_cvt.h"

#include <stdbool.h>

#include "gp_ir.h"

enum { NUM_FINITE, NUM_INF, NUM_NAN };

/* An operand value, exactly: (-1)^neg * m * 2^e, or INF / NaN (payload
 * left-aligned in pay: bit 63 is the quiet bit). */
typedef struct cvt_num {
    int cls;
    bool neg;
    uint64_t m;
    int e;
    uint64_t pay;
} cvt_num;

/* Binary floating-point formats: exponent and fraction bits. */
typedef struct cvt_fmt {
    int ebits, mbits;
} cvt_fmt;

static bool cvt_is_float(int t)
{
    return t == GP_CVT_F16 || t == GP_CVT_F32 || t == GP_CVT_F64;
}

static cvt_fmt cvt_float_fmt(int t)
{
    return t == GP_CVT_F16 ? (cvt_fmt){ 5, 10 } : t == GP_CVT_F32 ? (cvt_fmt){ 8, 23 } : (cvt_fmt){ 11, 52 };
}

/* Integer types: width in bits and signedness. */
static int cvt_int_bits(int t)
{
    switch (t) {
    case GP_CVT_S8:
    case GP_CVT_U8: return 8;
    case GP_CVT_S16:
    case GP_CVT_U16: return 16;
    case GP_CVT_S32:
    case GP_CVT_U32: return 32;
    default: return 64;
    }
}

static bool cvt_is_signed(int t)
{
    return t == GP_CVT_S8 || t == GP_CVT_S16 || t == GP_CVT_S32 || t == GP_CVT_S64;
}

static int cvt_clz64(uint64_t v)
{
    int n = 0;
    while (!(v & (1ull << 63))) {
        v <<= 1;
        n++;
    }
    return n;
}

/* Sign-extends the low n bits of v (1 <= n <= 64). */
static uint64_t cvt_sext(uint64_t v, int n)
{
    if (n >= 64)
        return v;
    uint64_t sign = 1ull << (n - 1);
    v &= (sign << 1) - 1;
    return (v ^ sign) - sign;
}

static uint64_t cvt_zext(uint64_t v, int n)
{
    return n >= 64 ? v : v & ((1ull << n) - 1);
}

static cvt_num cvt_decode(uint64_t v, int t)
{
    cvt_num x = { NUM_FINITE, false, 0, 0, 0 };
    if (cvt_is_float(t)) {
        cvt_fmt f = cvt_float_fmt(t);
        int bias = (1 << (f.ebits - 1)) - 1;
        int nb = 1 + f.ebits + f.mbits;
        v = cvt_zext(v, nb);
        x.neg = (v >> (nb - 1)) & 1;
        int ex = (int)((v >> f.mbits) & ((1u << f.ebits) - 1));
        uint64_t frac = v & ((1ull << f.mbits) - 1);
        if (ex == (1 << f.ebits) - 1) {
            x.cls = frac ? NUM_NAN : NUM_INF;
            x.pay = frac << (64 - f.mbits);
        } else if (ex == 0) {
            x.m = frac;
            x.e = 1 - bias - f.mbits;
        } else {
            x.m = frac | 1ull << f.mbits;
            x.e = ex - bias - f.mbits;
        }
        return x;
    }
    int n = cvt_int_bits(t);
    if (cvt_is_signed(t)) {
        uint64_t s = cvt_sext(v, n);
        x.neg = (s >> 63) & 1;
        x.m = x.neg ? 0 - s : s; /* -2^63 -> 2^63 */
    } else {
        x.m = cvt_zext(v, n);
    }
    return x;
}

/* m / 2^s rounded to an integer by rnd for a value of sign neg (s >= 1). */
static uint64_t cvt_shift_round(uint64_t m, int s, bool neg, int rnd)
{
    uint64_t q, r, half;
    bool above, at;
    if (s > 64) {
        q = 0;
        r = m;
        above = false; /* m < 2^64 <= 2^(s-1): below half */
        at = false;
    } else if (s == 64) {
        q = 0;
        r = m;
        half = 1ull << 63;
        above = r > half;
        at = r == half;
    } else {
        q = m >> s;
        r = m & ((1ull << s) - 1);
        half = 1ull << (s - 1);
        above = r > half;
        at = r == half;
    }
    bool up;
    switch (rnd) {
    case GP_RND_CEIL: up = !neg && r; break;
    case GP_RND_FLR: up = neg && r; break;
    case GP_RND_TRUNC: up = false; break;
    default: up = above || (at && (q & 1)); break;
    }
    return q + up;
}

static uint64_t cvt_encode_float(const cvt_num *x, int t, int rnd)
{
    cvt_fmt f = cvt_float_fmt(t);
    int bias = (1 << (f.ebits - 1)) - 1;
    int emax = bias, emin = 1 - bias;
    uint64_t sign = (uint64_t)x->neg << (f.ebits + f.mbits);
    uint64_t expall = ((1ull << f.ebits) - 1) << f.mbits;
    uint64_t fmask = (1ull << f.mbits) - 1;
    if (x->cls == NUM_NAN)
        return sign | expall | 1ull << (f.mbits - 1) | (x->pay >> (64 - f.mbits));
    if (x->cls == NUM_INF)
        return sign | expall;
    if (!x->m)
        return sign;
    /* the largest finite value, or INF, when the value is beyond it */
    bool away = rnd == GP_RND_ROUND || (rnd == GP_RND_CEIL && !x->neg) || (rnd == GP_RND_FLR && x->neg);
    uint64_t over = away ? sign | expall : sign | (expall - (1ull << f.mbits)) | fmask;
    int h = 63 - cvt_clz64(x->m);
    int E = h + x->e; /* exponent of the leading bit */
    if (E > emax)
        return over;
    int q = E - f.mbits > emin - f.mbits ? E - f.mbits : emin - f.mbits; /* weight of the last bit */
    uint64_t M;
    if (x->e >= q)
        M = x->m << (x->e - q); /* exact: fewer than mbits + 1 bits */
    else
        M = cvt_shift_round(x->m, q - x->e, x->neg, rnd);
    if (M >> (f.mbits + 1)) { /* rounded up to the next power of two */
        M >>= 1;
        q++;
    }
    if (!M)
        return sign;
    if (q + f.mbits > emax)
        return sign | expall; /* rounded away past the largest finite value */
    uint64_t bexp = (M >> f.mbits) ? (uint64_t)(q + f.mbits + bias) : 0; /* 0: denormal */
    return sign | bexp << f.mbits | (M & fmask);
}

static uint64_t cvt_encode_int(const cvt_num *x, int t, int rnd, int sat)
{
    int n = cvt_int_bits(t);
    bool sd = cvt_is_signed(t);
    uint64_t umax = n >= 64 ? ~0ull : (1ull << n) - 1;
    uint64_t smax = umax >> 1, smin_mag = smax + 1; /* |min| of the signed type */
    if (x->cls == NUM_NAN)
        return 0;
    if (x->cls == NUM_INF) /* DXIL ftoi / ftou: the ends of the range */
        return x->neg ? (sd ? cvt_sext(smin_mag, n) : 0) : (sd ? smax : umax);
    /* the magnitude, rounded to an integer: q, or >= 2^64 (big) */
    uint64_t q;
    bool big = false;
    if (x->e >= 0) {
        if (x->e >= 64) {
            q = 0;
            big = x->m != 0;
        } else {
            q = x->m << x->e;
            big = x->e > 0 && (x->m >> (64 - x->e)) != 0;
        }
    } else {
        q = cvt_shift_round(x->m, -x->e, x->neg, rnd);
    }
    if (sat) {
        if (x->neg && q) {
            if (!sd)
                return 0;
            return big || q > smin_mag ? cvt_sext(smin_mag, n) : 0 - q;
        }
        if (x->neg)
            return 0;
        uint64_t hi = sd ? smax : umax;
        return big || q > hi ? hi : q;
    }
    uint64_t r = x->neg ? 0 - q : q; /* low 64 bits, two's complement */
    return sd ? cvt_sext(r, n) : cvt_zext(r, n);
}

uint64_t gp_cvt_value(uint64_t v, int src, int dst, int rnd, int sat)
{
    if ((unsigned)src >= GP_CVT_COUNT || (unsigned)dst >= GP_CVT_COUNT)
        return 0;
    cvt_num x = cvt_decode(v, src);
    if (!cvt_is_float(dst))
        return cvt_encode_int(&x, dst, rnd, sat != GP_SAT_NONE);
    uint64_t r = cvt_encode_float(&x, dst, rnd);
    if (sat == GP_SAT_NONE || x.cls == NUM_NAN)
        return r;
    /* clamp the result to [0,1] / [-1,1]; IEEE encodings of one sign order
     * like their magnitudes (INF included) */
    cvt_fmt f = cvt_float_fmt(dst);
    uint64_t sign = 1ull << (f.ebits + f.mbits);
    uint64_t one = (uint64_t)((1 << (f.ebits - 1)) - 1) << f.mbits;
    uint64_t mag = r & (sign - 1);
    if (r & sign)
        return sat == GP_SAT_11 ? (mag > one ? sign | one : r) : (mag ? 0 : r);
    return mag > one ? one : r;
}
