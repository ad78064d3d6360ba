/*
 * test_lanes.c - the task arithmetic of rast_lanes.c, every build this CPU
 * runs (baseline, AVX2, AVX-512), against the formulas written out per lane:
 *   pos:   lane 4k + j at pixel qb[k] + j of the block layout (rast_pix_x,
 *          rast_pix_y) of a tile; its centre (+ 1/2) less the reference
 *          point;
 *   z:     the depth plane z0 + z1 (bx + sx - xr) + z2 (by + sy - yr) at
 *          the origin (bx, by) of the lane's 4x4 block, plus z1 x + z2 y
 *          for the pixel's place (x, y) in the block, then max with zmin
 *          and min with zmax as MAXPS and MINPS take them (a NaN depth
 *          gives zmin), rast_priv.h RAST_Z_PLANE and rast_z_quad;
 *   bary:  1/w = iw0 + iw1 dx + iw2 dy, l1 and l2 alike, divided by w when
 *          the primitive is perspective (rast_priv.h "planes");
 *   interp: pos and bary in one call with the varyings of its mask,
 *          each component a0 + l1 d1 + l2 d2, into their slots;
 *   pack8: GL 2.1 section 2.14.9's conversion of a colour component to an
 *          8-bit fixed-point value, f clamped to [0, 1] (NaN to 0), times
 *          255, rounded to nearest (f * 255 + 1/2 truncated, exact in
 *          double), at byte R, G, B, A of the pixel.
 * Random values with NaN, INF, -0, huge values and the halfway points
 * (k + 1/2) / 255 and their neighbours.  Every bit must match, but for
 * the payload of a NaN result.
 */
#include <stdint.h>

#include "../rast_priv.h"
#include "rast_test.h"

static uint64_t rng = 0x2545f4914f6cdd1dull;

static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)(rng >> 16);
}

static float bits_f(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t f_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/* the same float: the same bits, or both NaN (which operand of a+b a NaN
 * result takes its payload from is the compiler's choice) */
static bool same(float a, float b)
{
    return f_bits(a) == f_bits(b) || (a != a && b != b);
}

/* A colour component worth testing: specials, halfway points of the
 * 8-bit conversion and their neighbours, values around [0, 1]. */
static float colour_value(void)
{
    static const uint32_t sp[] = {0x7fc00000u, 0xffc00000u, 0x7f800000u, 0xff800000u,
                                  0x80000000u, 0x00000000u, 0x00000001u, 0x3f800000u,
                                  0x3f800001u, 0x3f7fffffu, 0x7f7fffffu, 0xbf800000u};
    switch (rnd() % 4) {
    case 0: return bits_f(sp[rnd() % (sizeof sp / sizeof sp[0])]);
    case 1: {
        float h = ((float)(rnd() % 256) + 0.5f) / 255.0f;
        return bits_f(f_bits(h) + (rnd() % 3) - 1);
    }
    case 2: return (float)(rnd() % 1000) / 999.0f;
    default: return (float)((int)(rnd() % 4000) - 1000) / 2000.0f;
    }
}

/* a coordinate-like value: mostly ordinary, sometimes special */
static float any_value(void)
{
    if (rnd() % 16 == 0)
        return colour_value();
    return (float)((int32_t)rnd() % 100000) / 997.0f;
}

static uint8_t spec_u8(float f)
{
    double c = f >= 0.0f ? (f <= 1.0f ? f : 1.0) : 0.0; /* NaN: not >= 0 */
    return (uint8_t)(c * 255.0 + 0.5);
}

/* MAXPS(v, lo) then MINPS(_, hi): the second operand where a compare is false */
static float clamp_ps(float v, float lo, float hi)
{
    v = v > lo ? v : lo;
    return v < hi ? v : hi;
}

/* bary's formulas at offsets (dx, dy): 1/w and the barycentrics */
static void ref_bary(const rast_prim *p, float dx, float dy, float *w, float *a, float *b)
{
    *w = p->iw[0] + p->iw[1] * dx + p->iw[2] * dy;
    *a = p->l1[0] + p->l1[1] * dx + p->l1[2] * dy;
    *b = p->l2[0] + p->l2[1] * dx + p->l2[2] * dy;
    if (p->perspective) {
        float r = 1.0f / *w;
        *a *= r;
        *b *= r;
    }
}

static void check_ops(const rast_lane_ops *o)
{
    int bad_bary = 0, bad_pack = 0, bad_pos = 0, bad_z = 0, bad_interp = 0;
    for (int it = 0; it < 20000; it++) {
        int tx = (int)(rnd() % 512) * 32, ty = (int)(rnd() % 512) * 32;
        uint16_t qb[4];
        int whole = (int)(rnd() % 64); /* every fourth task one whole block, its quads in order */
        for (int k = 0; k < 4; k++)
            qb[k] = (uint16_t)(it % 4 == 0 ? whole * 16 + k * 4
                                           : (rnd() % 64) * 16 + (rnd() % 4) * 4); /* block, quad */
        float xr = any_value(), yr = any_value();
        float fx[16], fy[16], pdx[16], pdy[16];
        o->pos(tx, ty, qb, xr, yr, fx, fy, pdx, pdy);
        for (int l = 0; l < 16; l++) {
            float x = (float)(tx + rast_pix_x(qb[l / 4] + l % 4));
            float y = (float)(ty + rast_pix_y(qb[l / 4] + l % 4));
            bad_pos += !same(fx[l], x) || !same(fy[l], y) || !same(pdx[l], (x + 0.5f) - xr) ||
                       !same(pdy[l], (y + 0.5f) - yr);
        }

        rast_prim p;
        memset(&p, 0, sizeof p);
        /* a plane with depths mostly in [0, 1] over the tile, its
         * reference point anywhere (the rounding of (bx + sx) - xr), or
         * special values */
        p.xr = xr;
        p.yr = yr;
        p.z[0] = (float)(rnd() % 100000) / 99999.0f;
        p.z[1] = (float)((int)(rnd() % 20001) - 10000) / 1e9f;
        p.z[2] = (float)((int)(rnd() % 20001) - 10000) / 1e9f;
        if (it % 8 == 0)
            p.z[rnd() % 3] = colour_value();
        /* centres, or a multisample pass's sample position k / 16 */
        float sx = it % 3 ? 0.5f : (float)(rnd() % 16) / 16.0f;
        float sy = it % 3 ? 0.5f : (float)(rnd() % 16) / 16.0f;
        float zmin = it % 4 ? 0.0f : colour_value(), zmax = it % 4 ? 1.0f : colour_value();
        float z[16];
        o->z(tx, ty, qb, &p, sx, sy, zmin, zmax, z);
        for (int l = 0; l < 16; l++) {
            int pix = qb[l / 4] + l % 4, block = pix >> 4, in = pix & 15;
            float bx = (float)(tx + (block % 8) * 4), by = (float)(ty + (block / 8) * 4);
            float zb = p.z[0] + p.z[1] * ((bx + sx) - p.xr) + p.z[2] * ((by + sy) - p.yr);
            float x = (float)(rast_pix_x(in)), y = (float)(rast_pix_y(in));
            bad_z += !same(z[l], clamp_ps(zb + (p.z[1] * x + p.z[2] * y), zmin, zmax));
        }
        for (int k = 0; k < 3; k++) {
            p.iw[k] = any_value();
            p.l1[k] = any_value();
            p.l2[k] = any_value();
        }
        p.perspective = it % 2;
        float dx[16], dy[16], iw[16], l1[16], l2[16];
        for (int l = 0; l < 16; l++) {
            dx[l] = any_value();
            dy[l] = any_value();
        }
        o->bary(&p, dx, dy, true, iw, l1, l2);
        for (int l = 0; l < 16; l++) {
            float w, a, b;
            ref_bary(&p, dx[l], dy[l], &w, &a, &b);
            bad_bary += !same(iw[l], w) || !same(l1[l], a) || !same(l2[l], b);
        }

        /* interp: p's planes with the tile's positions, three varyings
         * into slots 5, 2 and 7, the mask leaving out the second */
        float pa[36];
        for (int k = 0; k < 36; k++)
            pa[k] = any_value();
        _Alignas(rast_prim) unsigned char pbuf[sizeof(rast_prim) + sizeof pa];
        rast_prim *pp = (rast_prim *)(void *)pbuf;
        *pp = p;
        memcpy(pp->attr, pa, sizeof pa);
        const uint8_t slots[3] = {5, 2, 7};
        static gp_vec in[8];
        memset(in, 0, sizeof in);
        float ifx[16], ify[16], iiw[16];
        o->interp(tx, ty, qb, pp, 3, slots, 5, ifx, ify, iiw, in);
        for (int l = 0; l < 16; l++) {
            float w, a, b;
            ref_bary(&p, (fx[l] + 0.5f) - pp->xr, (fy[l] + 0.5f) - pp->yr, &w, &a, &b);
            bad_interp += !same(ifx[l], fx[l]) || !same(ify[l], fy[l]) || !same(iiw[l], w);
            for (int k = 0; k < 3; k++)
                for (int c = 0; c < 4; c++) {
                    const float *e = pa + 12 * k + 3 * c;
                    float want = k == 1 ? 0.0f : e[0] + a * e[1] + b * e[2];
                    bad_interp += !same(in[slots[k]].c[c][l].f, want);
                }
        }

        float col[4][16];
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < 16; l++)
                col[c][l] = colour_value();
        uint32_t px[16];
        o->pack8((const float(*)[16])col, px);
        for (int l = 0; l < 16; l++) {
            const uint8_t *b = (const uint8_t *)&px[l];
            for (int c = 0; c < 4; c++)
                bad_pack += b[c] != spec_u8(col[c][l]);
        }
    }
    /* and every float within 1024 ulps of each halfway point (k + 1/2) / 255,
     * where 255 v + 1/2 comes within 2^-15 of an integer */
    for (int k = 0; k < 255; k++) {
        float h = ((float)k + 0.5f) / 255.0f;
        for (int d = -1024; d < 1024; d += 16) {
            float col[4][16];
            for (int l = 0; l < 16; l++)
                for (int c = 0; c < 4; c++)
                    col[c][l] = bits_f(f_bits(h) + (uint32_t)(d + l));
            uint32_t px[16];
            o->pack8((const float(*)[16])col, px);
            for (int l = 0; l < 16; l++)
                bad_pack += (px[l] & 0xffu) != spec_u8(col[0][l]);
        }
    }
    CHECK(bad_pos == 0, "%s pos: %d lanes differ", o->name, bad_pos);
    CHECK(bad_z == 0, "%s z: %d lanes differ", o->name, bad_z);
    CHECK(bad_interp == 0, "%s interp: %d values differ", o->name, bad_interp);
    CHECK(bad_bary == 0, "%s bary: %d lanes differ", o->name, bad_bary);
    CHECK(bad_pack == 0, "%s pack8: %d bytes differ", o->name, bad_pack);
    printf("%s: checked\n", o->name);
}

int main(void)
{
    int n = 0;
    for (int i = 0; i < 4; i++) {
        const rast_lane_ops *o = rast_lanes_variant(i);
        if (o) {
            check_ops(o);
            n++;
        }
    }
    CHECK(n >= 1, "no build of rast_lanes.c");
    /* the one in use is one of them */
    CHECK(rast_lanes() == rast_lanes_variant(0) || rast_lanes() == rast_lanes_variant(1) ||
              rast_lanes() == rast_lanes_variant(2),
          "rast_lanes() is none of the builds");
    RT_DONE();
}
