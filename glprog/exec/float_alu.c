/*
 * exec/float_alu.c - the float ALU: DDX/DDY, the multi-row kernels (XPD LIT
 * NRM RFL X2D EXP LOG SCS, pack / unpack), and the fast cases of the
 * pre-decoded form.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- DDX DDY -------------------------------------------------------------- */

/* DDX/DDY (NV_fragment_program_option 3.11.5.30/31) as fine derivatives
 * within each 2x2 quad, the FSWZADD recipe of reference/fswzadd-quad-
 * derivatives.txt: d/dx = right - left of the pixel's row, d/dy = upper -
 * lower of its column (lane 4q+2 is y+1).  A quad whose lanes are not all in
 * the running group is divergent: the result is 0.0, as FSWZADD without .NDV. */
static void quad_derivative(const gp_xs *x, const gp_view *a, gp_vec *r, uint32_t wmask, bool dy)
{
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        const gp_val *v = a->c[c];
        gp_val *o = r->c[c];
        for (int q = 0; q < GP_LANES; q += 4) {
            uint32_t qm = (x->exec >> q) & 0xfu;
            if (qm != 0xfu) {
                o[q + 0].f = o[q + 1].f = o[q + 2].f = o[q + 3].f = 0.0f;
                continue;
            }
            if (dy) {
                o[q + 0].f = o[q + 2].f = v[q + 2].f - v[q + 0].f;
                o[q + 1].f = o[q + 3].f = v[q + 3].f - v[q + 1].f;
            } else {
                o[q + 0].f = o[q + 1].f = v[q + 1].f - v[q + 0].f;
                o[q + 2].f = o[q + 3].f = v[q + 3].f - v[q + 2].f;
            }
        }
    }
}

/* ---- multi-row kernels: XPD LIT NRM RFL X2D EXP LOG SCS, pack / unpack -- */

static inline void k_xpd(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict b2)
{
    /* 2.14.5.27 */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float bx = b0[l].f, by = b1[l].f, bz = b2[l].f;
        r0[l].f = ay * bz - az * by;
        r1[l].f = az * bx - ax * bz;
        r2[l].f = ax * by - ay * bx;
    }
}

static inline void k_lit(gp_val *restrict r1, gp_val *restrict r2, const gp_val *restrict a0,
                         const gp_val *restrict a1, const gp_val *restrict a3)
{
    /* 2.14.5.13: x, y clamped to >= 0, w to (-128, +128) exclusive;
     * z = x > 0 ? y^w : 0 with 0^0 = 1 (gp_vm_pow gives exactly that). */
    const float wmax = 127.99999237060546875f; /* largest float below 128 */
    float y[GP_LANES], w[GP_LANES], p[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        float ay = a1[l].f, aw = a3[l].f;
        y[l] = ay < 0.0f ? 0.0f : ay;
        aw = aw < -wmax ? -wmax : aw;
        w[l] = aw > wmax ? wmax : aw;
    }
    gp_vm_pow(p, y, w);
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f;
        ax = ax < 0.0f ? 0.0f : ax;
        r1[l].f = ax;
        r2[l].f = ax > 0.0f ? p[l] : 0.0f;
    }
}

static inline void k_nrm(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2)
{
    /* NV_fragment_program2 3.11.5.51: xyz * RSQ(dot3).  A zero vector
     * gives 0 * INF = NaN, as the formula says. */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float sc = 1.0f / sqrtf(ax * ax + ay * ay + az * az);
        r0[l].f = ax * sc;
        r1[l].f = ay * sc;
        r2[l].f = az * sc;
    }
}

static inline void k_rfl(gp_val *restrict r0, gp_val *restrict r1, gp_val *restrict r2,
                         const gp_val *restrict a0, const gp_val *restrict a1,
                         const gp_val *restrict a2, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict b2)
{
    /* NV_fragment_program_option 3.11.5.36, step by step. */
    for (int l = 0; l < GP_LANES; l++) {
        float ax = a0[l].f, ay = a1[l].f, az = a2[l].f;
        float dx = b0[l].f, dy = b1[l].f, dz = b2[l].f;
        float tw = ax * ax + ay * ay + az * az;
        float tx = ax * dx + ay * dy + az * dz;
        tx = 2.0f * tx;
        tx = tx / tw;
        r0[l].f = tx * ax - dx;
        r1[l].f = tx * ay - dy;
        r2[l].f = tx * az - dz;
    }
}

static inline void k_x2d(gp_val *restrict r0, gp_val *restrict r1, const gp_val *restrict a0,
                         const gp_val *restrict a1, const gp_val *restrict b0,
                         const gp_val *restrict b1, const gp_val *restrict k0,
                         const gp_val *restrict k1, const gp_val *restrict k2,
                         const gp_val *restrict k3)
{
    /* NV_fragment_program_option 3.11.5.47: (x, y, x, y) */
    for (int l = 0; l < GP_LANES; l++) {
        float bx = b0[l].f, by = b1[l].f;
        r0[l].f = a0[l].f + bx * k0[l].f + by * k1[l].f;
        r1[l].f = a1[l].f + bx * k2[l].f + by * k3[l].f;
    }
}

static inline void k_exp(gp_vec *restrict r, const gp_val *restrict a)
{
    /* 2.14.5.9: (2^floor(t), t - floor(t), 2^t, 1); x exactly (ldexpf, INF
     * or 0 beyond the float range, NaN propagated), z from gp_vm_ex2. */
    float z[GP_LANES], t0[GP_LANES];
    for (int l = 0; l < GP_LANES; l++)
        t0[l] = a[l].f;
    gp_vm_ex2(z, t0);
    for (int l = 0; l < GP_LANES; l++) {
        float t = a[l].f, fl = gp_floorf(t);
        float p2 = !(fl == fl) ? fl
                   : fabsf(fl) < 512.0f ? ldexpf(1.0f, (int)fl)
                   : fl > 0.0f ? INFINITY : 0.0f;
        r->c[0][l].f = p2;
        r->c[1][l].f = t - fl;
        r->c[2][l].f = z[l];
        r->c[3][l].f = 1.0f;
    }
}

static inline void k_log(gp_vec *restrict r, const gp_val *restrict a)
{
    /* 2.14.5.14 on t = |a|: (floor(log2 t), t / 2^floor(log2 t), log2 t, 1),
     * the exponent taken exactly from the encoding.  Not specified for 0,
     * INF, NaN: 0 gives (-INF, 1, -INF, 1) (DXIL Log), INF gives (+INF, 1,
     * +INF, 1), NaN propagates to x, y and z. */
    float z[GP_LANES], t0[GP_LANES];
    for (int l = 0; l < GP_LANES; l++)
        t0[l] = fabsf(a[l].f);
    gp_vm_lg2(z, t0);
    for (int l = 0; l < GP_LANES; l++) {
        float t = fabsf(a[l].f), ex, mant;
        if (t == 0.0f) {
            ex = -INFINITY;
            mant = 1.0f;
        } else if (t == INFINITY) {
            ex = INFINITY;
            mant = 1.0f;
        } else if (!(t == t)) {
            ex = mant = t;
        } else {
            int e;
            float fr = frexpf(t, &e);
            ex = (float)(e - 1);
            mant = fr * 2.0f;
        }
        r->c[0][l].f = ex;
        r->c[1][l].f = mant;
        r->c[2][l].f = z[l];
        r->c[3][l].f = 1.0f;
    }
}

static inline void k_scs(gp_vec *restrict r, const gp_val *restrict a)
{
    /* ARB_fragment_program 3.11.5.23: (cos a, sin a, undefined, undefined);
     * z and w are written as 0. */
    float t0[GP_LANES];
    for (int l = 0; l < GP_LANES; l++)
        t0[l] = a[l].f;
    gp_vm_sincos(&r->c[1][0].f, &r->c[0][0].f, t0);
    for (int l = 0; l < GP_LANES; l++) {
        r->c[2][l].f = 0.0f;
        r->c[3][l].f = 0.0f;
    }
}

/* Pack / unpack, NV_fragment_program_option 3.11.5.32 - 3.11.5.46.  The
 * clamps are compares written so that NaN clamps to the low end; "round" is
 * round-half-up on the non-negative scaled values. */
static inline uint32_t pk_unorm(float v, float scale)
{
    v = v > 0.0f ? v : 0.0f;
    v = v < 1.0f ? v : 1.0f;
    return (uint32_t)floorf(scale * v + 0.5f);
}

static inline void k_pk(gp_val *restrict r, const gp_view *a, int op)
{
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t w = 0;
        switch (op) {
        case GP_OP_PK2H:
            w = (uint32_t)gp_f32_to_f16(a->c[0][l].f) |
                ((uint32_t)gp_f32_to_f16(a->c[1][l].f) << 16);
            break;
        case GP_OP_PK2US:
            w = pk_unorm(a->c[0][l].f, 65535.0f) | (pk_unorm(a->c[1][l].f, 65535.0f) << 16);
            break;
        case GP_OP_PK4UB:
            for (int c = 0; c < 4; c++)
                w |= pk_unorm(a->c[c][l].f, 255.0f) << (8 * c);
            break;
        default: /* PK4B: clamp [-128/127, 127/127], round(127 x + 128) */
            for (int c = 0; c < 4; c++) {
                float v = a->c[c][l].f;
                v = v > -128.0f / 127.0f ? v : -128.0f / 127.0f;
                v = v < 1.0f ? v : 1.0f;
                w |= ((uint32_t)floorf(127.0f * v + 128.0f + 0.5f) & 0xffu) << (8 * c);
            }
            break;
        }
        r[l].u = w;
    }
}

static inline void k_up(gp_vec *restrict r, const gp_val *restrict a, int op)
{
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t w = a[l].u;
        switch (op) {
        case GP_OP_UP2H:
            r->c[0][l].f = r->c[2][l].f = gp_f16_to_f32((uint16_t)(w & 0xffffu));
            r->c[1][l].f = r->c[3][l].f = gp_f16_to_f32((uint16_t)(w >> 16));
            break;
        case GP_OP_UP2US:
            r->c[0][l].f = r->c[2][l].f = (float)(w & 0xffffu) / 65535.0f;
            r->c[1][l].f = r->c[3][l].f = (float)(w >> 16) / 65535.0f;
            break;
        case GP_OP_UP4B:
            for (int c = 0; c < 4; c++)
                r->c[c][l].f = ((float)((w >> (8 * c)) & 0xffu) - 128.0f) / 127.0f;
            break;
        default: /* UP4UB */
            for (int c = 0; c < 4; c++)
                r->c[c][l].f = (float)((w >> (8 * c)) & 0xffu) / 255.0f;
            break;
        }
    }
}

/* ---- fast cases ------------------------------------------------------------- */

/* A component row as the kernels take it. */
#define ROW(row) (&(row)[0].f)

/* Component rows of operand i of a fast instruction: register rows and
 * broadcast parameter rows by offset (a swizzle is a choice of rows, no
 * copy), or through fetch_view when a register operand has modifiers (need:
 * the components the kernel reads; the others are left unset). */
static GP_INLINE void xrows(gp_xs *x, const gp_xop *o, int i, uint32_t need, const float *r[4])
{
    if (GP_LIKELY(!((o->mods >> i) & 1))) {
        const char *b = x->base[o->sbase[i]];
        for (int c = 0; c < 4; c++)
            r[c] = (const float *)(const void *)(b + o->soff[i][c]);
        return;
    }
    gp_view v;
    fetch_view_slow(x, &x->p->insns[x->pc].src[i], &x->m->opnd[i], GP_TYPE_F32, need, &v);
    for (int c = 0; c < 4; c++)
        r[c] = (need >> c & 1) ? ROW(v.c[c]) : NULL;
}

/* Whether a fast instruction may compute straight into its destination:
 * it has no aliasing hazard (gp_xop.dsel) and no lane needs its old value
 * kept: every lane runs, or, for a temporary, the lanes that do not
 * run never have (not in env's lanes) and are whole quads, or any lanes in
 * a non-fragment program, so nothing reads them: DDX/DDY read quads that
 * all run, samplers the quads of the lanes they are asked for. */
static GP_INLINE bool xdirect(const gp_xs *x, const gp_xop *o)
{
    return x->exec == x->direct_exec[o->dsel];
}

/* Where a fast instruction computes its result rows: straight into the
 * destination register when nothing needs merging (xdirect), else into the
 * scratch m->res, which xfinish merges under the execution mask as store()
 * would. */
static GP_INLINE float *xtarget(const gp_xs *x, const gp_xop *o, bool dir)
{
    return dir ? (float *)(void *)(x->base[o->dbase] + o->doff) : ROW(x->m->res.c[0]);
}

/* _SAT/_SSAT on the result rows, then the write: merged from scratch, or,
 * computed in place, a scalar result copied to the other components. */
static GP_INLINE void xfinish(gp_xs *x, const gp_xop *o, float *t, bool dir, bool scalar)
{
    uint32_t wm = o->wmask;
    if (GP_UNLIKELY(o->sat)) {
        float lo = o->sat == GP_SAT_11 ? -1.0f : 0.0f;
        if (scalar) {
            k_clamp(t, lo, 1.0f);
        } else {
            for (int c = 0; c < 4; c++)
                if (wm >> c & 1)
                    k_clamp(t + GP_LANES * c, lo, 1.0f);
        }
    }
    if (!dir) {
        gp_vec *d = (gp_vec *)(void *)(x->base[o->dbase] + o->doff);
        const gp_vec *r = &x->m->res;
        for (int c = 0; c < 4; c++)
            if (wm >> c & 1)
                write_row(d->c[c], r->c[scalar ? 0 : c], x->exec);
    } else if (scalar && (wm & ~(1u << o->c0))) {
        gp_vec *d = (gp_vec *)(void *)(x->base[o->dbase] + o->doff);
        for (int c = o->c0 + 1; c < 4; c++)
            if (wm >> c & 1)
                memcpy(d->c[c], t, sizeof(d->c[c]));
    }
}

typedef void (*gp_kern1)(float *, const float *);
typedef void (*gp_kern2)(float *, const float *, const float *);
typedef void (*gp_kern3)(float *, const float *, const float *, const float *);

/* Operand i's row for component c, by offset from base b (no modifiers). */
#define XSRC(b, i, c) ((const float *)(const void *)((b) + o->soff[i][c]))

/* Component-wise instructions on 1-3 vector operands (shapes V1 V2 V3, and
 * VS: operand 1 a scalar).  With plain operands the components are inlined
 * kernel passes (the full write mask without tests); bases are read once
 * (the kernels' stores may alias anything). */
static GP_INLINE void xvec(gp_xs *x, const gp_xop *o, int nsrc, bool scalar_b, gp_kern1 k1,
                           gp_kern2 k2, gp_kern3 k3)
{
    const bool dir = xdirect(x, o);
    float *t = xtarget(x, o, dir);
    const uint32_t wm = o->wmask;
    if (GP_LIKELY(!o->mods)) {
        const char *a = x->base[o->sbase[0]];
        const char *b = nsrc > 1 ? x->base[o->sbase[1]] : NULL;
        const char *c3 = nsrc > 2 ? x->base[o->sbase[2]] : NULL;
#define XVEC_COMP(c)                                                       \
    do {                                                                   \
        float *r = t + GP_LANES * (c);                                     \
        if (nsrc == 1)                                                     \
            k1(r, XSRC(a, 0, c));                                          \
        else if (nsrc == 2)                                                \
            k2(r, XSRC(a, 0, c), XSRC(b, 1, scalar_b ? 0 : (c)));          \
        else                                                               \
            k3(r, XSRC(a, 0, c), XSRC(b, 1, c), XSRC(c3, 2, c));           \
    } while (0)
        if (wm == 0xf) {
            GP_UNROLL for (int c = 0; c < 4; c++)
                XVEC_COMP(c);
        } else {
            GP_UNROLL for (int c = 0; c < 4; c++)
                if (wm >> c & 1)
                    XVEC_COMP(c);
        }
#undef XVEC_COMP
    } else {
        const float *a[4], *b[4], *c3[4];
        xrows(x, o, 0, wm, a);
        if (nsrc > 1)
            xrows(x, o, 1, scalar_b ? 1u : wm, b);
        if (nsrc > 2)
            xrows(x, o, 2, wm, c3);
        for (int c = 0; c < 4; c++) {
            if (!(wm >> c & 1))
                continue;
            float *r = t + GP_LANES * c;
            if (nsrc == 1)
                k1(r, a[c]);
            else if (nsrc == 2)
                k2(r, a[c], b[scalar_b ? 0 : c]);
            else
                k3(r, a[c], b[c], c3[c]);
        }
    }
    xfinish(x, o, t, dir, false);
}

/* The row a scalar result is computed into. */
static GP_INLINE float *xtarget_scalar(const gp_xs *x, const gp_xop *o, bool dir)
{
    return xtarget(x, o, dir) + (dir ? GP_LANES * o->c0 : 0);
}

/* Scalar operands, scalar result (S1, S2). */
static GP_INLINE void xsca(gp_xs *x, const gp_xop *o, int nsrc, gp_kern1 k1, gp_kern2 k2)
{
    const bool dir = xdirect(x, o);
    float *t = xtarget_scalar(x, o, dir);
    const float *a, *b = NULL;
    if (GP_LIKELY(!o->mods)) {
        a = XSRC(x->base[o->sbase[0]], 0, 0);
        if (nsrc > 1)
            b = XSRC(x->base[o->sbase[1]], 1, 0);
    } else {
        const float *ra[4], *rb[4];
        xrows(x, o, 0, 1u, ra);
        a = ra[0];
        if (nsrc > 1) {
            xrows(x, o, 1, 1u, rb);
            b = rb[0];
        }
    }
    if (nsrc == 1)
        k1(t, a);
    else
        k2(t, a, b);
    xfinish(x, o, t, dir, true);
}

/* One lane group of a dot product: n components of both operands (DPH:
 * a.w = 1), DP2A adding operand 2's first component; the sums of k_dp2,
 * k_dp2a, k_dp3 and k_dp4, in their order. */
static GP_INLINE gp_f4 v_dot(int n, bool dph, bool dp2a, const float *const a[4],
                             const float *const b[4], const float *k, int i)
{
    gp_f4 d = V_LD(a[0] + i) * V_LD(b[0] + i) + V_LD(a[1] + i) * V_LD(b[1] + i);
    if (dp2a)
        return d + V_LD(k + i);
    if (n >= 3)
        d = d + V_LD(a[2] + i) * V_LD(b[2] + i);
    if (dph)
        return d + V_ONE * V_LD(b[3] + i);
    if (n == 4)
        d = d + V_LD(a[3] + i) * V_LD(b[3] + i);
    return d;
}

/* Dot products.  A full write mask computed in place stores each lane
 * group's sum (clamped for _SAT/_SSAT) to the four rows at once. */
static GP_INLINE void xdot(gp_xs *x, const gp_xop *o, int n, bool dph, bool dp2a)
{
    const bool dir = xdirect(x, o);
    const float *a[4], *b[4], *k[4] = {NULL, NULL, NULL, NULL};
    uint32_t na = (1u << n) - 1u, nb = dph ? 0xfu : na;
    if (GP_LIKELY(!o->mods)) {
        const char *ab = x->base[o->sbase[0]], *bb = x->base[o->sbase[1]];
        for (int c = 0; c < 4; c++) {
            a[c] = XSRC(ab, 0, c);
            b[c] = XSRC(bb, 1, c);
        }
        if (dp2a)
            k[0] = XSRC(x->base[o->sbase[2]], 2, 0);
    } else {
        xrows(x, o, 0, na, a);
        xrows(x, o, 1, nb, b);
        if (dp2a)
            xrows(x, o, 2, 1u, k);
    }
    if (dir && o->wmask == 0xf) {
        float *d = xtarget(x, o, true);
        if (GP_LIKELY(!o->sat)) {
            GP_LANE_LOOP {
                gp_f4 v = v_dot(n, dph, dp2a, a, b, k[0], k_);
                V_ST(d + k_, v);
                V_ST(d + GP_LANES + k_, v);
                V_ST(d + 2 * GP_LANES + k_, v);
                V_ST(d + 3 * GP_LANES + k_, v);
            }
            return;
        }
        const gp_f4 lo = V_SPLAT(o->sat == GP_SAT_11 ? -1.0f : 0.0f), hi = V_ONE;
        GP_LANE_LOOP {
            gp_f4 v = v_dot(n, dph, dp2a, a, b, k[0], k_);
            v = V_SEL(V_MASK(v < lo), lo, v);
            v = V_SEL(V_MASK(v > hi), hi, v);
            V_ST(d + k_, v);
            V_ST(d + GP_LANES + k_, v);
            V_ST(d + 2 * GP_LANES + k_, v);
            V_ST(d + 3 * GP_LANES + k_, v);
        }
        return;
    }
    float *t = xtarget_scalar(x, o, dir);
    GP_LANE_LOOP V_ST(t + k_, v_dot(n, dph, dp2a, a, b, k[0], k_));
    xfinish(x, o, t, dir, true);
}
