/*
 * test_vmath.c - the transcendental functions of gp_vmath.h against double
 * precision references (glibc's exp2, log2, sin, cos, pow in double) over
 * millions of inputs, the special values the specs list, and the same bits
 * from every build of the functions (base, avx2).
 *
 * Bounds: NV_vertex_program2 2.14.3.13 (EX2: |error| < 2^-22 * 2^floor(x)),
 * 2.14.3.17 (LG2: |error| < 2^-22), 2.14.3.8 / 2.14.3.33 (COS, SIN:
 * |error| < 2^-22 on [0, 2*PI]); ARB_vertex_program and
 * ARB_fragment_program leave the precision to the implementation.  On top
 * of those, the ulp bounds gp_vmath.c promises (EX2 1.5 ulp; LG2, POW and
 * SIN, COS 0.501 ulp: rounded once from double, correctly
 * but for rare near-halfway cases), so a regression shows even where the
 * spec would still pass.  The measured maxima are printed.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gp_test_util.h"
#include "gp_vmath.h"

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t rnd32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

/* uniform in [lo, hi) */
static float rndf(double lo, double hi)
{
    return (float)(lo + (hi - lo) * (rnd32() / 4294967296.0));
}

static float bits_f(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static uint32_t f_bits(float f)
{
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
}

/* |got - want| in units of the last place of want as a float (denormal
 * spacing below 2^-126); INF / NaN mismatches are huge. */
static double ulp_err(float got, double want)
{
    if (isnan(want))
        return isnan(got) ? 0.0 : 1e30;
    if (isinf(got) || isinf(want)) {
        if (got == want)
            return 0.0;
        /* overflow at the edge: want just past FLT_MAX may round to INF */
        if (isinf(got) && fabs(want) >= FLT_MAX && (got > 0) == (want > 0))
            return fabs(want) >= (double)FLT_MAX * (1.0 + 0x1p-25) ? 0.0 : 1e30;
        return 1e30;
    }
    int e;
    frexp(want, &e); /* want = m * 2^e, m in [0.5, 1) */
    if (e - 1 < -126)
        e = -125;
    return fabs((double)got - want) / ldexp(1.0, e - 1 - 23);
}

#define N 16 /* GP_LANES */
_Static_assert(N == GP_LANES, "one task");

typedef struct stat {
    double max_ulp, max_abs, at, at2;
} stat;

static void note(stat *s, double ulp, double abs_err, float a, float b)
{
    if (ulp > s->max_ulp) {
        s->max_ulp = ulp;
        s->at = a;
        s->at2 = b;
    }
    if (abs_err > s->max_abs)
        s->max_abs = abs_err;
}

/* ---- EX2 -------------------------------------------------------------- */

static void check_ex2(const gp_vm_impl *vm)
{
    stat s = {0};
    double worst_spec = 0; /* |error| / (2^-22 * 2^floor(x)) */
    float a[N], r[N];
    for (int it = 0; it < 3000000 / N; it++) {
        for (int l = 0; l < N; l++)
            a[l] = it % 4 == 0 ? rndf(-1.0, 1.0) : it % 4 == 1 ? rndf(-151.0, 129.0) : rndf(-20.0, 20.0);
        vm->ex2(r, a);
        for (int l = 0; l < N; l++) {
            double w = exp2((double)a[l]);
            double err = fabs((double)r[l] - w);
            note(&s, ulp_err(r[l], w), 0, a[l], 0);
            if (w <= FLT_MAX && w >= 0x1p-126) {
                double sp = err / ldexp(0x1p-22, (int)floor(a[l]));
                if (sp > worst_spec)
                    worst_spec = sp;
            }
        }
    }
    printf("%s EX2: max %.3f ulp (at %.9g), max error / spec bound %.4f\n", vm->name, s.max_ulp, s.at,
           worst_spec);
    CHECK(s.max_ulp <= 1.5, "%s EX2 error %.3f ulp at %.9g", vm->name, s.max_ulp, s.at);
    CHECK(worst_spec < 1.0, "%s EX2 beyond 2^-22 * 2^floor(x)", vm->name);
}

/* ---- LG2 -------------------------------------------------------------- */

static void check_lg2(const gp_vm_impl *vm)
{
    stat s = {0};
    float a[N], r[N];
    /* every 127th positive finite float (denormals included), then random
     * ones near 1 where log2 is small */
    uint32_t b = 1;
    for (int it = 0; it < 2000000 / N; it++) {
        for (int l = 0; l < N; l++) {
            if (it % 2 == 0) {
                a[l] = bits_f(b);
                b = b + 127 > 0x7f7fffffu ? 1 + (b % 127) : b + 127;
            } else {
                a[l] = rndf(0.5, 2.0);
            }
        }
        vm->lg2(r, a);
        for (int l = 0; l < N; l++) {
            double w = log2((double)a[l]);
            note(&s, ulp_err(r[l], w), fabs((double)r[l] - w), a[l], 0);
        }
    }
    printf("%s LG2: max %.3f ulp (at %.9g), max absolute error %.3g (2^%.2f)\n", vm->name, s.max_ulp,
           s.at, s.max_abs, log2(s.max_abs));
    CHECK(s.max_ulp <= 0.501, "%s LG2 error %.3f ulp at %.9g", vm->name, s.max_ulp, s.at);
    /* 2.14.3.17: 2^-22 absolute; a float result of magnitude 4 or more has
     * an ulp of 2^-21 ("not enough bits"): there, the ulp bound above */
    stat small = {0};
    for (int it = 0; it < 1000000 / N; it++) {
        for (int l = 0; l < N; l++)
            a[l] = it % 2 ? rndf(1.0 / 16, 16.0) : rndf(0.9, 1.1);
        vm->lg2(r, a);
        for (int l = 0; l < N; l++)
            note(&small, 0, fabs((double)r[l] - log2((double)a[l])), a[l], 0);
    }
    printf("%s LG2 on [1/16, 16): max absolute error %.3g (2^%.2f)\n", vm->name, small.max_abs,
           log2(small.max_abs));
    CHECK(small.max_abs < 0x1p-22, "%s LG2 absolute error %g", vm->name, small.max_abs);
}

/* ---- SIN, COS, SINCOS ------------------------------------------------- */

static void check_sincos(const gp_vm_impl *vm)
{
    stat ss = {0}, sc = {0};
    double abs_2pi = 0;
    float a[N], rs[N], rc[N], rs2[N], rc2[N];
    int same = 1;
    for (int it = 0; it < 3000000 / N; it++) {
        int range = it % 3;
        for (int l = 0; l < N; l++)
            a[l] = range == 0 ? rndf(0.0, 2.0 * M_PI) : range == 1 ? rndf(-100.0, 100.0)
                                                                   : rndf(-1.6e6, 1.6e6);
        vm->sin(rs, a);
        vm->cos(rc, a);
        vm->sincos(rs2, rc2, a);
        same &= !memcmp(rs, rs2, sizeof rs) && !memcmp(rc, rc2, sizeof rc);
        for (int l = 0; l < N; l++) {
            double ws = sin((double)a[l]), wc = cos((double)a[l]);
            double es = fabs((double)rs[l] - ws), ec = fabs((double)rc[l] - wc);
            note(&ss, ulp_err(rs[l], ws), es, a[l], 0);
            note(&sc, ulp_err(rc[l], wc), ec, a[l], 0);
            if (range == 0 && fmax(es, ec) > abs_2pi)
                abs_2pi = fmax(es, ec);
        }
    }
    printf("%s SIN: max %.3f ulp (at %.9g); COS: max %.3f ulp (at %.9g); |x| < 1.6e6\n", vm->name,
           ss.max_ulp, ss.at, sc.max_ulp, sc.at);
    printf("%s SIN/COS on [0, 2pi): max absolute error %.3g (2^%.2f)\n", vm->name, abs_2pi,
           log2(abs_2pi));
    CHECK(abs_2pi < 0x1p-22, "%s SIN/COS absolute error %g on [0, 2pi)", vm->name, abs_2pi);
    CHECK(ss.max_ulp <= 0.501, "%s SIN error %.3f ulp at %.9g", vm->name, ss.max_ulp, ss.at);
    CHECK(sc.max_ulp <= 0.501, "%s COS error %.3f ulp at %.9g", vm->name, sc.max_ulp, sc.at);
    CHECK(same, "%s SINCOS differs from SIN and COS", vm->name);

    /* beyond: the spec lets the error "typically increase"; gp_vmath.c
     * reduces every float exactly enough to stay within 0.501 ulp */
    stat bs = {0}, bc = {0};
    for (int it = 0; it < 1000000 / N; it++) {
        for (int l = 0; l < N; l++) {
            /* any finite float; every 4th near 2^19, where the reductions meet */
            a[l] = it % 4 ? bits_f((rnd32() % 0x7f800000u) | (rnd32() & 1u) << 31)
                          : rndf(-1e6, 1e6);
        }
        vm->sincos(rs, rc, a);
        for (int l = 0; l < N; l++) {
            note(&bs, ulp_err(rs[l], sin((double)a[l])), 0, a[l], 0);
            note(&bc, ulp_err(rc[l], cos((double)a[l])), 0, a[l], 0);
        }
    }
    printf("%s SIN: max %.3f ulp (at %.9g); COS: max %.3f ulp (at %.9g); any finite float\n",
           vm->name, bs.max_ulp, bs.at, bc.max_ulp, bc.at);
    CHECK(bs.max_ulp <= 0.501, "%s SIN error %.3f ulp at %.9g", vm->name, bs.max_ulp, bs.at);
    CHECK(bc.max_ulp <= 0.501, "%s COS error %.3f ulp at %.9g", vm->name, bc.max_ulp, bc.at);
}

/* ---- POW -------------------------------------------------------------- */

static void check_pow(const gp_vm_impl *vm)
{
    stat s = {0};
    float a[N], b[N], r[N];
    for (int it = 0; it < 3000000 / N; it++) {
        for (int l = 0; l < N; l++) {
            switch (it % 5) {
            case 0: /* LIT: y in [0, 1], w in (-128, 128) */
                a[l] = rndf(0.0, 1.0);
                b[l] = rndf(-128.0, 128.0);
                break;
            case 1:
                a[l] = rndf(0.0, 1000.0);
                b[l] = rndf(-12.0, 12.0);
                break;
            case 2: /* over the whole range, to overflow and denormals */
                a[l] = bits_f(rnd32() % 0x7f800000u);
                b[l] = rndf(-4.0, 4.0);
                break;
            case 3: /* negative bases, integer exponents */
                a[l] = -rndf(0.0, 50.0);
                b[l] = (float)((int)(rnd32() % 41) - 20);
                break;
            default: /* integer exponents up to 64, some not */
                a[l] = rndf(0.0, 8.0);
                b[l] = (float)((int)(rnd32() % 161) - 80);
                if (l % 5 == 0)
                    b[l] += 0.5f;
                break;
            }
        }
        vm->pow(r, a, b);
        for (int l = 0; l < N; l++)
            note(&s, ulp_err(r[l], pow((double)a[l], (double)b[l])), 0, a[l], b[l]);
    }
    printf("%s POW: max %.3f ulp (at %.9g ^ %.9g)\n", vm->name, s.max_ulp, s.at, s.at2);
    CHECK(s.max_ulp <= 0.501, "%s POW error %.3f ulp at %.9g ^ %.9g", vm->name, s.max_ulp, s.at, s.at2);

    /* exact results stay exact (tests and shaders rely on x^2, 2^n...) */
    int exact = 1;
    for (int base = -16; base <= 16; base++) {
        for (int e0 = -8; e0 <= 8; e0 += N) {
            for (int l = 0; l < N; l++) {
                a[l] = (float)base * 0.5f;
                b[l] = (float)(e0 + l);
            }
            vm->pow(r, a, b);
            for (int l = 0; l < N; l++) {
                double w = pow((double)a[l], (double)b[l]);
                if ((double)(float)w == w && f_bits(r[l]) != f_bits((float)w)) {
                    exact = 0;
                    fprintf(stderr, "%s POW(%g, %g) = %.9g, want %.9g\n", vm->name, a[l], b[l], r[l], w);
                }
            }
        }
    }
    CHECK(exact, "%s POW of exactly representable results", vm->name);

    /* a lane's bits do not depend on the other lanes (gp_vmath.c picks a
     * path per lane; inactive lanes hold anything) */
    int alone = 1;
    for (int it = 0; it < 20000; it++) {
        float a1[N], b1[N], r1[N];
        for (int l = 0; l < N; l++) {
            a[l] = rndf(-4.0, 4.0);
            b[l] = it % 2 ? (float)((int)(rnd32() % 129) - 64) : rndf(-64.0, 64.0);
            a1[l] = it % 3 ? bits_f(rnd32()) : 0.0f;
            b1[l] = it % 5 ? bits_f(rnd32()) : (float)(int)(rnd32() % 7);
        }
        int k = it % N;
        a1[k] = a[k];
        b1[k] = b[k];
        vm->pow(r, a, b);
        vm->pow(r1, a1, b1);
        alone &= f_bits(r[k]) == f_bits(r1[k]) || (isnan(r[k]) && isnan(r1[k]));
    }
    CHECK(alone, "%s POW lane depends on the other lanes", vm->name);

    /* one integer exponent in every lane (its own path) gives the bits of
     * the per-lane path, which a second exponent in one lane forces; bases
     * with NaN, INF, zeros, negatives and denormals */
    int uniform = 1;
    for (int n = -66; n <= 66; n++) {
        for (int it = 0; it < 40; it++) {
            float b1[N], r1[N];
            for (int l = 0; l < N; l++) {
                a[l] = it % 4 == 0 ? bits_f(rnd32()) : rndf(-3.0, 3.0);
                b[l] = b1[l] = (float)n;
            }
            a[it % N] = it % 3 ? -0.0f : 0.0f;
            b1[(it + 1) % N] = (float)(n > 0 ? n - 1 : n + 1); /* not uniform */
            vm->pow(r, a, b);
            vm->pow(r1, a, b1);
            for (int l = 0; l < N; l++) {
                if (l != (it + 1) % N && f_bits(r[l]) != f_bits(r1[l])) {
                    uniform = 0;
                    fprintf(stderr, "%s POW(%a, %d): %a uniform, %a per lane\n", vm->name, a[l],
                            n, r[l], r1[l]);
                }
            }
        }
    }
    CHECK(uniform, "%s POW with one exponent in every lane", vm->name);
}

/* ---- special values --------------------------------------------------- */

typedef struct special {
    char fn; /* e ex2, l lg2, s sin, c cos, p pow */
    float a, b, want;
} special;

static const special specials[] = {
    /* NV_vertex_program2 2.14.3.13 EX2: NaN -> NaN, -INF -> +0, +INF ->
     * +INF, +-0 -> 1; integers exactly 2^n, also into the denormals and
     * to overflow */
    {'e', NAN, 0, NAN},
    {'e', -INFINITY, 0, 0.0f},
    {'e', INFINITY, 0, INFINITY},
    {'e', 0.0f, 0, 1.0f},
    {'e', -0.0f, 0, 1.0f},
    {'e', 1.0f, 0, 2.0f},
    {'e', 10.0f, 0, 1024.0f},
    {'e', -1.0f, 0, 0.5f},
    {'e', 127.0f, 0, 0x1p127f},
    {'e', 128.0f, 0, INFINITY},
    {'e', -126.0f, 0, 0x1p-126f},
    {'e', -149.0f, 0, 0x1p-149f},
    {'e', -150.0f, 0, 0.0f},
    {'e', -140.5f, 0, 0x1.6ap-141f}, /* 2^-140.5 = 362.04 * 2^-149 */
    {'e', 0x1p-149f, 0, 1.0f},
    {'e', 0.5f, 0, 1.41421354f},
    /* 2.14.3.17 LG2: NaN -> NaN, +INF -> +INF, +-0 -> -INF, negative and
     * -INF -> NaN; powers of two exactly, denormals included */
    {'l', NAN, 0, NAN},
    {'l', INFINITY, 0, INFINITY},
    {'l', 0.0f, 0, -INFINITY},
    {'l', -0.0f, 0, -INFINITY},
    {'l', -1.0f, 0, NAN},
    {'l', -0x1p-149f, 0, NAN},
    {'l', -INFINITY, 0, NAN},
    {'l', 1.0f, 0, 0.0f},
    {'l', 2.0f, 0, 1.0f},
    {'l', 0.25f, 0, -2.0f},
    {'l', 0x1p127f, 0, 127.0f},
    {'l', 0x1p-126f, 0, -126.0f},
    {'l', 0x1p-149f, 0, -149.0f},
    {'l', 0x1p-140f, 0, -140.0f},
    {'l', FLT_MAX, 0, 128.0f},
    /* 2.14.3.33 SIN: NaN, +-INF -> NaN, +-0 -> +-0; 2.14.3.8 COS: NaN,
     * +-INF -> NaN, +-0 -> 1 */
    {'s', NAN, 0, NAN},
    {'s', INFINITY, 0, NAN},
    {'s', -INFINITY, 0, NAN},
    {'s', 0.0f, 0, 0.0f},
    {'s', -0.0f, 0, -0.0f},
    {'s', 0x1p-149f, 0, 0x1p-149f},
    {'s', -0x1p-20f, 0, -0x1p-20f},
    {'s', (float)M_PI_2, 0, 1.0f},
    {'s', (float)-M_PI_2, 0, -1.0f},
    {'s', (float)M_PI, 0, -8.74227766e-08f}, /* sin of pi rounded to float */
    {'s', 1e30f, 0, -0.791163445f}, /* sin(1e30) rounded (double sin): large reduction */
    {'s', FLT_MAX, 0, -0.521876514f},
    {'c', NAN, 0, NAN},
    {'c', INFINITY, 0, NAN},
    {'c', -INFINITY, 0, NAN},
    {'c', 0.0f, 0, 1.0f},
    {'c', -0.0f, 0, 1.0f},
    {'c', (float)M_PI, 0, -1.0f},
    {'c', (float)M_PI_2, 0, -4.37113883e-08f},
    {'c', 1e30f, 0, -0.61160481f},
    {'c', -FLT_MAX, 0, 0.853021026f},
    /* POW: ARB_vertex_program 2.14.5.13 0^0 = 1; the rest C99 F.9.4.4 as
     * powf had them, NV_vertex_program2 2.14.3.18 (LIT) lists where it agrees */
    {'p', 0.0f, 0.0f, 1.0f},
    {'p', NAN, 0.0f, 1.0f},
    {'p', 1.0f, NAN, 1.0f},
    {'p', NAN, 2.0f, NAN},
    {'p', 2.0f, NAN, NAN},
    {'p', 0.0f, 3.0f, 0.0f},
    {'p', -0.0f, 3.0f, -0.0f},
    {'p', -0.0f, 2.0f, 0.0f},
    {'p', -0.0f, 0.5f, 0.0f},
    {'p', 0.0f, -1.0f, INFINITY},
    {'p', -0.0f, -1.0f, -INFINITY},
    {'p', -0.0f, -2.0f, INFINITY},
    {'p', INFINITY, 2.0f, INFINITY},
    {'p', INFINITY, -2.0f, 0.0f},
    {'p', -INFINITY, 3.0f, -INFINITY},
    {'p', -INFINITY, -3.0f, -0.0f},
    {'p', -INFINITY, 0.5f, INFINITY},
    {'p', 0.5f, INFINITY, 0.0f},
    {'p', 2.0f, INFINITY, INFINITY},
    {'p', 0.5f, -INFINITY, INFINITY},
    {'p', 2.0f, -INFINITY, 0.0f},
    {'p', -1.0f, INFINITY, 1.0f},
    {'p', -1.0f, -INFINITY, 1.0f},
    {'p', 1.0f, INFINITY, 1.0f},
    {'p', -3.0f, 2.0f, 9.0f},
    {'p', -2.0f, 3.0f, -8.0f},
    {'p', -0.5f, -2.0f, 4.0f},
    {'p', -2.0f, 0.5f, NAN},
    {'p', -2.0f, 0x1p24f, INFINITY}, /* an even integer */
    {'p', 3.0f, 2.0f, 9.0f},
    {'p', 2.0f, 10.0f, 1024.0f},
    {'p', 4.0f, 0.5f, 2.0f},
    {'p', 2.0f, 128.0f, INFINITY},
    {'p', 2.0f, -149.0f, 0x1p-149f},
    {'p', 2.0f, -150.0f, 0.0f},
    {'p', 0.25f, 127.99999237f, 0.0f}, /* 2^-255.99998: underflows */
    {'p', 2.0f, 127.99999237f, 3.40280562e38f},
};

static void check_specials(const gp_vm_impl *vm)
{
    int n = (int)(sizeof specials / sizeof specials[0]);
    for (int i = 0; i < n; i++) {
        const special *t = &specials[i];
        float a[N], b[N], r[N];
        for (int l = 0; l < N; l++) {
            /* the value in one lane among others, so lanes stay apart */
            a[l] = l == i % N ? t->a : 0.75f;
            b[l] = l == i % N ? t->b : 1.5f;
        }
        switch (t->fn) {
        case 'e': vm->ex2(r, a); break;
        case 'l': vm->lg2(r, a); break;
        case 's': vm->sin(r, a); break;
        case 'c': vm->cos(r, a); break;
        default: vm->pow(r, a, b); break;
        }
        float got = r[i % N];
        int ok = isnan(t->want) ? isnan(got) : f_bits(got) == f_bits(t->want);
        CHECK(ok, "%s %c(%.9g, %.9g) = %.9g, want %.9g", vm->name, t->fn, t->a, t->b, got, t->want);
    }
}

/* ---- same bits from every build -------------------------------------- */

static void check_same_bits(const gp_vm_impl *v0, const gp_vm_impl *v1)
{
    long diff[6] = {0};
    float a[N], b[N], r0[N], r1[N], s0[N], s1[N];
    for (int it = 0; it < 2000000 / N; it++) {
        for (int l = 0; l < N; l++) {
            /* any bit pattern, and values in the usual ranges */
            a[l] = it % 2 ? bits_f(rnd32()) : rndf(-200.0, 200.0);
            b[l] = it % 3 ? bits_f(rnd32()) : rndf(-20.0, 20.0);
        }
        v0->ex2(r0, a), v1->ex2(r1, a);
        diff[0] += memcmp(r0, r1, sizeof r0) != 0;
        v0->lg2(r0, a), v1->lg2(r1, a);
        diff[1] += memcmp(r0, r1, sizeof r0) != 0;
        v0->sin(r0, a), v1->sin(r1, a);
        diff[2] += memcmp(r0, r1, sizeof r0) != 0;
        v0->cos(r0, a), v1->cos(r1, a);
        diff[3] += memcmp(r0, r1, sizeof r0) != 0;
        v0->sincos(r0, s0, a), v1->sincos(r1, s1, a);
        diff[4] += memcmp(r0, r1, sizeof r0) != 0 || memcmp(s0, s1, sizeof s0) != 0;
        v0->pow(r0, a, b), v1->pow(r1, a, b);
        diff[5] += memcmp(r0, r1, sizeof r0) != 0;
    }
    printf("%s vs %s: tasks with differing bits: ex2 %ld lg2 %ld sin %ld cos %ld sincos %ld pow %ld\n",
           v0->name, v1->name, diff[0], diff[1], diff[2], diff[3], diff[4], diff[5]);
    CHECK(!diff[0] && !diff[1] && !diff[2] && !diff[3] && !diff[4] && !diff[5],
          "%s and %s give different bits", v0->name, v1->name);
}

int main(void)
{
    const gp_vm_impl *vms[4];
    int nvm = 0;
    while (nvm < 4 && (vms[nvm] = gp_vm_variant(nvm)))
        nvm++;
    CHECK(nvm >= 1, "no build of gp_vmath");
    for (int i = 0; i < nvm; i++) {
        rng = 0x9e3779b97f4a7c15ull; /* the same inputs for each build */
        check_specials(vms[i]);
        check_ex2(vms[i]);
        check_lg2(vms[i]);
        check_sincos(vms[i]);
        check_pow(vms[i]);
    }
    for (int i = 1; i < nvm; i++)
        check_same_bits(vms[0], vms[i]);
    if (nvm < 2)
        printf("one build of gp_vmath on this CPU: no same-bits comparison\n");

    /* the entry points run one of the builds */
    float a[N], r0[N], r1[N];
    for (int l = 0; l < N; l++)
        a[l] = (float)l * 0.37f - 2.0f;
    gp_vm_pow(r0, a, a);
    vms[0]->pow(r1, a, a);
    CHECK(!memcmp(r0, r1, sizeof r0), "gp_vm_pow differs from the base build");

    if (gpt_failures)
        fprintf(stderr, "%d failure(s)\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
