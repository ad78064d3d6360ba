/*
 * test_tess_gen.c - the tessellation primitive generator (rast_tess_gen.c)
 * against ARB_tessellation_shader 2.X.2 (as NV_tessellation_program5 uses it):
 *   - vertex and primitive counts and tessellation coordinates worked out by
 *     hand from the spec text and figures for small levels, in every mode
 *     and spacing;
 *   - clamping and rounding of the levels, the discard rule, the
 *     1 + epsilon rule for inner levels of 1;
 *   - over a sweep of levels: the triangles tile the domain exactly (areas
 *     in integer arithmetic, every interior edge shared by two triangles in
 *     opposite directions, the boundary being the outer edges' subdivision),
 *     all wound per TESS_VERTEX_ORDER in the plane of Figure X.1;
 *   - crack freedom: an outer edge's vertices depend on its level only, are
 *     symmetric, and neighbouring patches (QUADS/QUADS, TRIANGLES/QUADS)
 *     get bit-identical vertices along a shared edge.
 * Positions equal Mesa's bit for bit (rasterizer.mesa_tess_gen, mesa_peer).
 * Prints the buffer sizes a level-64 patch needs in each mode.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rast_priv.h"
#include "rast_test.h"

#define TRI RAST_TESS_TRIANGLES
#define QUAD RAST_TESS_QUADS
#define ISO RAST_TESS_ISOLINES
#define EQ RAST_TESS_EQUAL
#define ODD RAST_TESS_FRACTIONAL_ODD
#define EVEN RAST_TESS_FRACTIONAL_EVEN

static const char *mode_name[] = {"TRIANGLES", "QUADS", "ISOLINES"};
static const char *spacing_name[] = {"EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN"};

static float (*uvw)[3];
static uint32_t *idx;

typedef struct gen {
    rast_tess_plan plan;
    uint32_t nv, np;
} gen;

static gen run(rast_tess_mode mode, rast_tess_spacing spacing, bool cw, bool point_mode,
               const float outer[4], const float inner[2])
{
    gen g;
    rast_tess_plan_init(&g.plan, mode, spacing, cw, point_mode, outer, inner);
    CHECK(g.plan.num_vertices <= RAST_TESS_MAX_VERTICES, "%u vertices", g.plan.num_vertices);
    CHECK(g.plan.num_prims * g.plan.verts_per_prim <= RAST_TESS_MAX_INDICES, "%u prims",
          g.plan.num_prims);
    g.nv = rast_tess_gen_coords(&g.plan, uvw);
    g.np = rast_tess_gen_prims(&g.plan, idx);
    CHECK(g.nv == g.plan.num_vertices && g.np == g.plan.num_prims,
          "%s %s: plan says %u vertices %u prims, generated %u %u", mode_name[mode],
          spacing_name[spacing], g.plan.num_vertices, g.plan.num_prims, g.nv, g.np);
    return g;
}

static gen run4(rast_tess_mode mode, rast_tess_spacing spacing, float o0, float o1, float o2,
                float o3, float i0, float i1)
{
    const float outer[4] = {o0, o1, o2, o3}, inner[2] = {i0, i1};
    return run(mode, spacing, false, false, outer, inner);
}

/* Coordinates as integers in units of 2^-16 (they are exact multiples). */
static int64_t fx(float f)
{
    double d = (double)f * 65536.0;
    CHECK(d == floor(d), "coordinate %.9g is not a multiple of 2^-16", f);
    return (int64_t)d;
}

static bool has_vertex(const gen *g, double u, double v, double w, double tol)
{
    for (uint32_t i = 0; i < g->nv; i++)
        if (fabs(uvw[i][0] - u) <= tol && fabs(uvw[i][1] - v) <= tol &&
            fabs(uvw[i][2] - w) <= tol)
            return true;
    return false;
}

/* Sorted parameters along one outer edge of a TRIANGLES or QUADS patch,
 * measured from the edge's first corner in Figure X.1 (u==0: from v = 0;
 * v==0: from u = 0; u==1: from v = 0; v==1: from u = 0; w==0: from u = 0). */
static uint32_t ring_size(const gen *g, rast_tess_mode mode)
{
    int sides = mode == TRI ? 3 : 4;
    if (g->plan.minimal)
        return (uint32_t)sides;
    uint32_t ring = 0;
    for (int e = 0; e < sides; e++)
        ring += (uint32_t)g->plan.outer[e].points - 1;
    return ring;
}

static int edge_params(const gen *g, rast_tess_mode mode, int edge, int64_t *t)
{
    /* The outer ring only: with FRACTIONAL_ODD and an inner level of 1,
     * inner vertices may lie on the edge too (2.X.2.1). */
    int n = 0;
    uint32_t ring = ring_size(g, mode);
    for (uint32_t i = 0; i < ring && i < g->nv; i++) {
        int64_t u = fx(uvw[i][0]), v = fx(uvw[i][1]), w = fx(uvw[i][2]);
        int64_t on = -1;
        if (edge == 0 && u == 0)
            on = v;
        else if (edge == 1 && v == 0)
            on = u;
        else if (mode == QUAD && edge == 2 && u == 65536)
            on = v;
        else if (mode == QUAD && edge == 3 && v == 65536)
            on = u;
        else if (mode == TRI && edge == 2 && w == 0)
            on = u;
        if (on >= 0)
            t[n++] = on;
    }
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && t[b - 1] > t[b]; b--) {
            int64_t x = t[b];
            t[b] = t[b - 1];
            t[b - 1] = x;
        }
    return n;
}

/* ---- hand-computed cases ------------------------------------------------------------ */

static void test_minimal(void)
{
    /* Every level 1 (EQUAL, FRACTIONAL_ODD): one triangle (0,0,1) (1,0,0)
     * (0,1,0); a quad as one triangle pair. */
    for (int s = EQ; s <= ODD; s++) {
        gen g = run4(TRI, s, 1, 1, 1, 1, 1, 1);
        CHECK(g.nv == 3 && g.np == 1, "TRI all 1: %u %u", g.nv, g.np);
        CHECK(has_vertex(&g, 0, 0, 1, 0) && has_vertex(&g, 1, 0, 0, 0) &&
                  has_vertex(&g, 0, 1, 0, 0),
              "TRI all 1 corners");
        g = run4(QUAD, s, 1, 1, 1, 1, 1, 1);
        CHECK(g.nv == 4 && g.np == 2, "QUAD all 1: %u %u", g.nv, g.np);
        CHECK(has_vertex(&g, 0, 0, 0, 0) && has_vertex(&g, 1, 0, 0, 0) &&
                  has_vertex(&g, 1, 1, 0, 0) && has_vertex(&g, 0, 1, 0, 0),
              "QUAD all 1 corners");
    }
    /* FRACTIONAL_EVEN clamps to 2: never a single triangle. */
    gen g = run4(TRI, EVEN, 1, 1, 1, 1, 1, 1);
    CHECK(g.nv == 7 && g.np == 6, "TRI EVEN all 1: %u %u", g.nv, g.np);
}

static void test_triangles_equal(void)
{
    /* Level 2: edge midpoints and the degenerate inner triangle, the
     * centre; six triangles around it. */
    gen g = run4(TRI, EQ, 2, 2, 2, 0, 2, 0);
    CHECK(g.nv == 7 && g.np == 6, "TRI 2: %u %u", g.nv, g.np);
    CHECK(has_vertex(&g, 0, 0.5, 0.5, 0) && has_vertex(&g, 0.5, 0, 0.5, 0) &&
              has_vertex(&g, 0.5, 0.5, 0, 0),
          "TRI 2 midpoints");
    CHECK(has_vertex(&g, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0x1p-16), "TRI 2 centre");

    /* Level 3: the inner triangle's corners are where perpendiculars to the
     * two edges through their 1/3 points meet: on the bisector at
     * (1/3) / cos 30 from the corner, barycentric (5/9, 2/9, 2/9). */
    g = run4(TRI, EQ, 3, 3, 3, 0, 3, 0);
    CHECK(g.nv == 12 && g.np == 13, "TRI 3: %u %u", g.nv, g.np);
    CHECK(has_vertex(&g, 5.0 / 9, 2.0 / 9, 2.0 / 9, 0x1p-15) &&
              has_vertex(&g, 2.0 / 9, 5.0 / 9, 2.0 / 9, 0x1p-15) &&
              has_vertex(&g, 2.0 / 9, 2.0 / 9, 5.0 / 9, 0x1p-15),
          "TRI 3 inner corners");
    /* The same corner in the 16.16 arithmetic of the reference tessellator,
     * by hand: the level-3 edge's vertices are 1/3 -> 0x5555 and 1 - 0x5555;
     * the inward distance 0x5555 * 2/3 (0xaaaa) rounds to 14563, and a
     * vertex moves along the edge by half of it, (14563 + 1) / 2 = 7282:
     * v = 43691 - 7282 = 36409, w = 65536 - 14563 - 36409 = 14564. */
    CHECK(has_vertex(&g, 14563 / 65536.0, 36409 / 65536.0, 14564 / 65536.0, 0),
          "TRI 3 inner corner in 16.16");

    /* Figure X.2, inner level 4: rings of 4 and 2 segments and the centre,
     * 12 + 6 + 1 vertices; each side of a ring pair gives inner + outer
     * vertices - 2 triangles: 3 * (3 + 5 - 2) + 3 * (1 + 3 - 2). */
    g = run4(TRI, EQ, 4, 4, 4, 0, 4, 0);
    CHECK(g.nv == 19 && g.np == 24, "TRI 4: %u %u", g.nv, g.np);
    /* Inner level 5: rings of 5, 3 and 1 segments, the innermost triangle
     * kept whole: 15 + 9 + 3 vertices, 3 * 8 + 3 * 4 + 1 triangles. */
    g = run4(TRI, EQ, 5, 5, 5, 0, 5, 0);
    CHECK(g.nv == 27 && g.np == 37, "TRI 5: %u %u", g.nv, g.np);

    /* Outer levels alone change the outer ring: (1, 2, 3) with inner 3. */
    g = run4(TRI, EQ, 1, 2, 3, 0, 3, 0);
    CHECK(g.nv == 6 + 3 && g.np == (2 + 2 - 2) + (2 + 3 - 2) + (2 + 4 - 2) + 1,
          "TRI (1,2,3) inner 3: %u %u", g.nv, g.np);
    CHECK(has_vertex(&g, 0, 0, 1, 0) && has_vertex(&g, 0.5, 0, 0.5, 0) &&
              has_vertex(&g, 1.0 / 3, 2.0 / 3, 0, 0x1p-16) &&
              has_vertex(&g, 2.0 / 3, 1.0 / 3, 0, 0x1p-16),
          "TRI (1,2,3) edges");
}

static void test_quads_equal(void)
{
    /* All levels n: the (n+1)^2 grid, 2n^2 triangles, vertices i/n, j/n. */
    for (int n = 1; n <= RAST_TESS_MAX_LEVEL; n++) {
        float l = (float)n;
        gen g = run4(QUAD, EQ, l, l, l, l, l, l);
        CHECK(g.nv == (uint32_t)((n + 1) * (n + 1)) && g.np == (uint32_t)(2 * n * n),
              "QUAD %d: %u %u", n, g.nv, g.np);
        bool pow2 = (n & (n - 1)) == 0;
        /* Fixed point: 1/n is rounded to 2^-16 (error <= 1/2 step), times an
         * index of at most n/2, and the result rounded again. */
        double tol = pow2 ? 0 : (n / 4.0 + 0.5) * 0x1p-16;
        for (uint32_t i = 0; i < g.nv; i++) {
            double a = uvw[i][0], b = uvw[i][1];
            CHECK(fabs(a - round(a * n) / n) <= tol && fabs(b - round(b * n) / n) <= tol,
                  "QUAD %d vertex (%.9g, %.9g) not on the grid", n, a, b);
        }
    }
    /* Figure X.3 right: inner (7, 4), a full grid of 8 x 5 vertices. */
    gen g = run4(QUAD, EQ, 4, 7, 4, 7, 7, 4);
    CHECK(g.nv == 40 && g.np == 56, "QUAD inner (7,4): %u %u", g.nv, g.np);
    /* Figure X.3 left: inner (4, 2) and outer 1: the inner rectangle is a
     * row of 3 vertices at v = 1/2, every outer vertex a corner. */
    g = run4(QUAD, EQ, 1, 1, 1, 1, 4, 2);
    CHECK(g.nv == 7 && g.np == 1 + 3 + 1 + 3, "QUAD inner (4,2): %u %u", g.nv, g.np);
    CHECK(has_vertex(&g, 0.25, 0.5, 0, 0) && has_vertex(&g, 0.5, 0.5, 0, 0) &&
              has_vertex(&g, 0.75, 0.5, 0, 0),
          "QUAD inner (4,2) row");
    /* Transposed: a column at u = 1/2. */
    g = run4(QUAD, EQ, 1, 1, 1, 1, 2, 4);
    CHECK(g.nv == 7 && has_vertex(&g, 0.5, 0.25, 0, 0) && has_vertex(&g, 0.5, 0.75, 0, 0),
          "QUAD inner (2,4) column");
    /* inner (3, 3): a single inner quad, its corners at 1/3 and 2/3. */
    g = run4(QUAD, EQ, 3, 3, 3, 3, 3, 3);
    CHECK(g.nv == 16 && g.np == 18, "QUAD 3: %u %u", g.nv, g.np);
    CHECK(has_vertex(&g, 1.0 / 3, 1.0 / 3, 0, 0x1p-16) &&
              has_vertex(&g, 2.0 / 3, 2.0 / 3, 0, 0x1p-16),
          "QUAD 3 inner quad");
}

static void test_isolines(void)
{
    /* Figure X.4 left: (4, 6): 4 lines at v = 0, 1/4, 1/2, 3/4 (none at
     * v = 1), 7 vertices and 6 segments each. */
    for (int s = EQ; s <= EVEN; s += EVEN - EQ) { /* FRACTIONAL_ODD makes 6 segments 7 */
        gen g = run4(ISO, s, 4, 6, -1, NAN, NAN, NAN);
        CHECK(g.nv == 28 && g.np == 24, "ISO (4,6) %s: %u %u", spacing_name[s], g.nv, g.np);
        for (uint32_t i = 0; i < g.nv; i++) {
            double v = uvw[i][1] * 4, u = uvw[i][0] * 6;
            CHECK(v == floor(v) && v < 4 && fabs(u - round(u)) < 6 * 0x1p-16 && uvw[i][2] == 0,
                  "ISO (4,6) vertex (%.9g, %.9g)", uvw[i][0], uvw[i][1]);
        }
        for (uint32_t p = 0; p < g.np; p++) {
            const float *a = uvw[idx[2 * p]], *b = uvw[idx[2 * p + 1]];
            CHECK(a[1] == b[1] && b[0] > a[0], "ISO segment %u not along a line", p);
        }
    }
    /* Figure X.4 right: (1, 3): one line at v = 0. */
    gen g = run4(ISO, EQ, 1, 3, 0, 0, 0, 0);
    CHECK(g.nv == 4 && g.np == 3 && has_vertex(&g, 1.0 / 3, 0, 0, 0x1p-16), "ISO (1,3)");
    /* The density is always equal spacing: 2.5 lines -> 3, also for the
     * fractional spacings; the detail follows the spacing. */
    g = run4(ISO, ODD, 2.5f, 1, 0, 0, 0, 0);
    CHECK(g.nv == 3 * 2 && g.np == 3, "ISO ODD (2.5, 1): %u %u", g.nv, g.np);
    g = run4(ISO, EVEN, 2.5f, 1, 0, 0, 0, 0);
    CHECK(g.nv == 3 * 3 && g.np == 3 * 2, "ISO EVEN (2.5, 1 -> 2): %u %u", g.nv, g.np);
    /* point_mode: every vertex once. */
    const float outer[4] = {3, 5, 0, 0}, inner[2] = {0, 0};
    rast_tess_plan pl;
    rast_tess_plan_init(&pl, ISO, EQ, false, true, outer, inner);
    CHECK(pl.num_vertices == 18 && pl.num_prims == 18 && pl.verts_per_prim == 1, "ISO points");
}

/* Segment lengths along the v==0 edge of a QUADS patch with that level. */
static int segments(rast_tess_spacing s, float level, double *len)
{
    gen g = run4(QUAD, s, 1, level, 1, 1, 1, 1);
    int64_t t[RAST_TESS_MAX_LEVEL + 2];
    int n = edge_params(&g, QUAD, 1, t);
    for (int i = 0; i + 1 < n; i++)
        len[i] = (double)(t[i + 1] - t[i]) / 65536.0;
    return n - 1;
}

static void test_fractional(void)
{
    /* 2.X.2: n = the level rounded up to odd (FRACTIONAL_ODD) or even;
     * n - 2 equal segments and two shorter equal ones placed symmetrically,
     * shrinking as n - f grows; equal to the others at n == f. */
    double len[RAST_TESS_MAX_LEVEL + 1];
    static const struct {
        rast_tess_spacing s;
        float lo, hi;
        int n;
    } ranges[] = {{ODD, 3.01f, 5.0f, 5}, {ODD, 1.01f, 3.0f, 3}, {ODD, 61.01f, 63.0f, 63},
                  {EVEN, 2.01f, 4.0f, 4}, {EVEN, 6.01f, 8.0f, 8}, {EVEN, 62.01f, 64.0f, 64}};
    for (size_t r = 0; r < sizeof(ranges) / sizeof(ranges[0]); r++) {
        double last_ratio = 0;
        for (int step = 0; step <= 20; step++) {
            float lo = ranges[r].lo, hi = ranges[r].hi;
            float f = step == 20 ? hi : lo + (hi - lo) * (float)step / 20.0f;
            int n = segments(ranges[r].s, f, len);
            CHECK(n == ranges[r].n, "%s %g: %d segments, not %d", spacing_name[ranges[r].s], f,
                  n, ranges[r].n);
            if (n != ranges[r].n)
                continue;
            double total = 0;
            for (int i = 0; i < n; i++) {
                total += len[i];
                CHECK(len[i] == len[n - 1 - i], "%s %g: not symmetric",
                      spacing_name[ranges[r].s], f);
            }
            CHECK(total == 1.0, "%s %g: total %g", spacing_name[ranges[r].s], f, total);
            /* The two shortest segments against the n - 2 others, which
             * agree within the fixed-point error (1/n rounded to 2^-16,
             * accumulated over up to n/2 vertices from each end); unless all
             * are equal, the short two are mirror images. */
            double tol = (n / 2 + 2) * 0x1p-16;
            int s0 = 0, s1 = -1;
            for (int i = 1; i < n; i++)
                if (len[i] < len[s0])
                    s0 = i;
            for (int i = 0; i < n; i++)
                if (i != s0 && (s1 < 0 || len[i] < len[s1]))
                    s1 = i;
            double lmin = len[s0], lmax = 0, llo = 1;
            for (int i = 0; i < n; i++)
                if (i != s0 && i != s1) {
                    lmax = fmax(lmax, len[i]);
                    llo = fmin(llo, len[i]);
                }
            bool equal_all = lmax - lmin <= tol;
            CHECK(equal_all || (len[s1] == lmin && s0 + s1 == n - 1),
                  "%s %g: short segments %d %d not a mirrored pair", spacing_name[ranges[r].s], f,
                  s0, s1);
            CHECK(lmax - llo <= tol, "%s %g: the %d long segments differ by %g",
                  spacing_name[ranges[r].s], f, n - 2, lmax - llo);
            double ratio = lmin / lmax;
            CHECK(ratio >= last_ratio - tol * n, "%s %g: short/long %g after %g",
                  spacing_name[ranges[r].s], f, ratio, last_ratio);
            last_ratio = ratio;
            if (f == ranges[r].hi)
                CHECK(equal_all, "%s %g: segments not equal", spacing_name[ranges[r].s], f);
        }
    }
}

static void test_clamping(void)
{
    double len[RAST_TESS_MAX_LEVEL + 1];
    static const struct {
        rast_tess_spacing s;
        float level;
        int n;
    } cases[] = {
        {EQ, 70, 64},      {EQ, INFINITY, 64}, {EQ, 64.01f, 64}, {EQ, 0.5f, 1},  {EQ, 1e-30f, 1},
        {EQ, 2.0001f, 3},  {EQ, 63.5f, 64},    {ODD, 64, 63},    {ODD, 62.5f, 63}, {ODD, 0.2f, 1},
        {ODD, 1.5f, 3},    {ODD, 4, 5},        {EVEN, 0.3f, 2},  {EVEN, 1, 2},    {EVEN, 2.5f, 4},
        {EVEN, 63.5f, 64}, {EVEN, 100, 64},    {EVEN, 4, 4},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        int n = segments(cases[i].s, cases[i].level, len);
        CHECK(n == cases[i].n, "%s level %g: %d segments, not %d", spacing_name[cases[i].s],
              cases[i].level, n, cases[i].n);
    }
    /* Inner levels: NaN and negative clamp to the least level, never discard. */
    gen a = run4(QUAD, EQ, 4, 4, 4, 4, NAN, -5);
    gen b = run4(QUAD, EQ, 4, 4, 4, 4, 1, 1);
    CHECK(!a.plan.discard && a.nv == b.nv && a.np == b.np, "QUAD inner NaN/-5: %u %u", a.nv, a.np);
}

static void test_discard(void)
{
    static const struct {
        rast_tess_mode mode;
        float outer[4];
        bool discard;
    } cases[] = {
        {TRI, {0, 2, 2, 2}, true},       {TRI, {2, -0.0f, 2, 2}, true},
        {TRI, {2, 2, NAN, 2}, true},     {TRI, {2, 2, 2, 0}, false},
        {TRI, {2, 2, 2, NAN}, false},    {TRI, {1e-40f, 2, 2, 2}, true},
        {QUAD, {2, 2, 2, 0}, true},      {QUAD, {2, 2, 2, -INFINITY}, true},
        {QUAD, {2, NAN, 2, 2}, true},    {QUAD, {FLT_MIN, 2, 2, 2}, false},
        {QUAD, {INFINITY, 2, 2, 2}, false},
        {ISO, {2, 0, 2, 2}, true},       {ISO, {NAN, 2, 2, 2}, true},
        {ISO, {2, 2, 0, NAN}, false},    {ISO, {0.01f, 0.01f, -1, -1}, false},
    };
    const float inner[2] = {-3, NAN};
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        for (int s = EQ; s <= EVEN; s++) {
            gen g = run(cases[i].mode, s, false, false, cases[i].outer, inner);
            CHECK(g.plan.discard == cases[i].discard && (g.nv == 0) == cases[i].discard &&
                      (g.np == 0) == cases[i].discard,
                  "%s %s outer %g %g %g %g: discard %d, %u vertices", mode_name[cases[i].mode],
                  spacing_name[s], cases[i].outer[0], cases[i].outer[1], cases[i].outer[2],
                  cases[i].outer[3], g.plan.discard, g.nv);
        }
    }
    /* Values outside the enums: discarded, nothing written. */
    rast_tess_plan pl;
    const float outer[4] = {4, 4, 4, 4};
    rast_tess_plan_init(&pl, (rast_tess_mode)7, EQ, false, false, outer, inner);
    CHECK(pl.discard && rast_tess_gen_coords(&pl, NULL) == 0 && rast_tess_gen_prims(&pl, NULL) == 0,
          "bad mode");
    rast_tess_plan_init(&pl, QUAD, (rast_tess_spacing)-1, false, false, outer, inner);
    CHECK(pl.discard && pl.num_vertices == 0, "bad spacing");
}

static void test_inner_one(void)
{
    /* Inner level 1 with an outer level above 1 acts as 1 + epsilon:
     * EQUAL -> 2 segments (a centre vertex), FRACTIONAL_ODD -> 3 segments
     * whose inner vertices lie on the patch edge (here: the corners). */
    gen g = run4(TRI, EQ, 2, 1, 1, 0, 1, 0);
    CHECK(g.nv == 4 + 1 && g.np == 2 + 1 + 1 && has_vertex(&g, 1.0 / 3, 1.0 / 3, 1.0 / 3, 0x1p-16),
          "TRI EQUAL inner 1 outer (2,1,1): %u %u", g.nv, g.np);
    g = run4(TRI, ODD, 3, 1, 1, 0, 1, 0);
    CHECK(g.nv == 5 + 3 && g.np == 4 + 2 + 2 + 1, "TRI ODD inner 1 outer (3,1,1): %u %u", g.nv,
          g.np);
    int at_corner = 0;
    for (uint32_t i = 5; i < g.nv; i++)
        at_corner += uvw[i][0] == 1 || uvw[i][1] == 1 || uvw[i][2] == 1;
    CHECK(at_corner == 3, "TRI ODD inner 1: %d inner vertices at corners", at_corner);
    g = run4(QUAD, ODD, 1, 1, 1, 1, 1, 3);
    CHECK(g.nv == 4 + 2 * 2 && !g.plan.minimal, "QUAD ODD inner (1,3): %u", g.nv);
    g = run4(QUAD, EQ, 1, 1, 1, 1, 1, 3);
    CHECK(g.nv == 4 + 1 * 2 && has_vertex(&g, 0.5, 1.0 / 3, 0, 0x1p-16),
          "QUAD EQUAL inner (1,3): %u", g.nv);
}

/* ---- properties over a sweep ------------------------------------------------------------ */

/* Position in the plane of Figure X.1, in units of 2^-16 (TRIANGLES: the
 * equilateral triangle with (0,0,1) at the origin, (1,0,0) at (2, 0) and
 * (0,1,0) at (1, 1) in these units: x = 2u + v, y = v; QUADS: x = u, y = v). */
static void plane_xy(rast_tess_mode mode, uint32_t i, int64_t *x, int64_t *y)
{
    int64_t u = fx(uvw[i][0]), v = fx(uvw[i][1]);
    *x = mode == TRI ? 2 * u + v : u;
    *y = v;
}

typedef struct edge_use {
    uint32_t a, b;
} edge_use;

static int cmp_edge(const void *pa, const void *pb)
{
    const edge_use *a = pa, *b = pb;
    if (a->a != b->a)
        return a->a < b->a ? -1 : 1;
    return a->b < b->b ? -1 : a->b > b->b;
}

static bool find_edge(const edge_use *e, size_t n, uint32_t a, uint32_t b)
{
    edge_use k = {a, b};
    return bsearch(&k, e, n, sizeof(k), cmp_edge) != NULL;
}

static int folds; /* turned-over slivers met (see check_tiling) */

static void check_tiling(const gen *g, rast_tess_mode mode, rast_tess_spacing s, bool cw,
                         const float *outer, const float *inner)
{
    char what[160];
    snprintf(what, sizeof(what), "%s %s %s outer %g %g %g %g inner %g %g", mode_name[mode],
             spacing_name[s], cw ? "cw" : "ccw", outer[0], outer[1], outer[2], outer[3],
             inner[0], inner[1]);
    for (uint32_t i = 0; i < g->nv; i++) {
        int64_t u = fx(uvw[i][0]), v = fx(uvw[i][1]), w = fx(uvw[i][2]);
        CHECK(u >= 0 && u <= 65536 && v >= 0 && v <= 65536 && w >= 0 && w <= 65536,
              "%s: vertex %u outside the domain", what, i);
        CHECK(mode == TRI ? u + v + w == 65536 : w == 0, "%s: vertex %u: w %lld", what, i,
              (long long)w);
    }
    if (mode == ISO || g->plan.discard)
        return;
    /* Signed areas: none against the vertex order, summing to the domain. */
    int64_t total = 0;
    static edge_use edges[RAST_TESS_MAX_INDICES];
    size_t ne = 0;
    static char used[RAST_TESS_MAX_VERTICES];
    memset(used, 0, g->nv);
    for (uint32_t p = 0; p < g->np; p++) {
        const uint32_t *t = &idx[3 * p];
        int64_t x[3], y[3];
        for (int j = 0; j < 3; j++) {
            CHECK(t[j] < g->nv, "%s: index %u out of range", what, t[j]);
            if (t[j] >= g->nv)
                return;
            used[t[j]] = 1;
            plane_xy(mode, t[j], &x[j], &y[j]);
        }
        int64_t a = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
        if (cw)
            a = -a;
        if (a < 0) {
            /* The reference tessellator's one known fold: where 1/n rounds
             * up in 16.16 (n = 30 for FRACTIONAL_EVEN 30.002), the vertex
             * next to the middle of an edge lands a few 2^-16 steps past
             * it, and its mirror image on the other side: the two slivers
             * between them and the middle vertex turn over (Mesa's too,
             * rasterizer.mesa_tess_gen).  Anything else is a bug. */
            int64_t close = INT64_MAX;
            for (int j = 0; j < 3; j++) {
                int64_t dx = llabs(x[j] - x[(j + 1) % 3]), dy = llabs(y[j] - y[(j + 1) % 3]);
                close = dx > dy ? (dx < close ? dx : close) : (dy < close ? dy : close);
            }
            CHECK(close <= 16, "%s: triangle %u wound against the vertex order", what, p);
            folds++;
        }
        total += a;
        /* Directed edges in counter-clockwise order. */
        for (int j = 0; j < 3; j++) {
            uint32_t from = t[j], to = t[(j + 1) % 3];
            edges[ne++] = cw ? (edge_use){to, from} : (edge_use){from, to};
        }
    }
    /* Doubled areas: the triangle (0,0) (2,0) (1,1), the unit square. */
    int64_t domain = (int64_t)2 * 65536 * 65536;
    CHECK(total == domain, "%s: triangles cover %lld, the domain %lld", what, (long long)total,
          (long long)domain);
    for (uint32_t i = 0; i < g->nv; i++)
        CHECK(used[i], "%s: vertex %u in no triangle", what, i);
    /* Every directed edge once; its reverse present unless it is an edge of
     * the outer ring (vertices 0 .. ring-1 in order), which is the boundary
     * walked counter-clockwise, each ring edge exactly once. */
    qsort(edges, ne, sizeof(edges[0]), cmp_edge);
    for (size_t i = 1; i < ne; i++)
        CHECK(cmp_edge(&edges[i - 1], &edges[i]) != 0, "%s: edge %u-%u used twice", what,
              edges[i].a, edges[i].b);
    uint32_t ring = ring_size(g, mode);
    size_t boundary = 0;
    for (size_t i = 0; i < ne; i++) {
        uint32_t a = edges[i].a, b = edges[i].b;
        bool on_ring = a < ring && b < ring && b == (a + 1) % ring;
        if (on_ring)
            boundary++;
        else
            CHECK(find_edge(edges, ne, b, a), "%s: edge %u-%u has no neighbour", what, a, b);
        CHECK(!on_ring || !find_edge(edges, ne, b, a), "%s: boundary edge %u-%u inside", what,
              a, b);
    }
    CHECK(boundary == ring, "%s: %zu boundary edges, ring of %u", what, boundary, ring);
}

static float sweep_level(uint32_t *seed)
{
    *seed = *seed * 1103515245u + 12345u;
    uint32_t r = *seed >> 8;
    float x = 0.5f + (float)(r % 66000) / 1000.0f;
    switch ((r >> 18) & 3) {
    case 0: return floorf(x);
    case 1: return floorf(x) + 0.5f;
    default: return x;
    }
}

static void test_sweep(void)
{
    uint32_t seed = 7;
    int cases = 0;
    for (int k = 0; k < 400; k++) {
        float outer[4], inner[2];
        if (k < 64) { /* every integer level, uniform */
            for (int j = 0; j < 4; j++)
                outer[j] = (float)(k + 1);
            inner[0] = inner[1] = (float)(k + 1);
        } else if (k < 64 + 66) { /* small mixed levels: every parity mix */
            int a = k - 64;
            outer[0] = (float)(a % 4 + 1), outer[1] = (float)(a / 4 % 4 + 1);
            outer[2] = 1.5f + (float)(a % 3), outer[3] = (float)(a % 5 + 1);
            inner[0] = (float)(a % 6 + 1), inner[1] = (float)(a / 6 % 6 + 1) - 0.25f;
        } else if (k < 64 + 66 + 4) { /* just above an even level: 1/30 rounds up */
            static const float near[4][6] = {
                {30.002f, 30.002f, 30.002f, 30.002f, 30.002f, 30.002f},
                {2.0001f, 4.0001f, 62.0001f, 63.9999f, 3.0001f, 62.9999f},
                {19, 33.5f, 6, 30.002f, 12.214f, 28.64f},
                {30.0001f, 6.0001f, 10.0001f, 14.0001f, 18.0001f, 22.0001f}};
            memcpy(outer, near[k - 64 - 66], sizeof(outer));
            memcpy(inner, near[k - 64 - 66] + 4, sizeof(inner));
        } else {
            for (int j = 0; j < 4; j++)
                outer[j] = sweep_level(&seed);
            for (int j = 0; j < 2; j++)
                inner[j] = sweep_level(&seed);
        }
        for (int m = TRI; m <= ISO; m++)
            for (int s = EQ; s <= EVEN; s++)
                for (int cw = 0; cw < 2; cw++) {
                    gen g = run(m, s, cw, false, outer, inner);
                    check_tiling(&g, m, s, cw, outer, inner);
                    gen p = run(m, s, cw, true, outer, inner);
                    CHECK(p.nv == g.nv && p.np == p.nv && p.plan.verts_per_prim == 1 &&
                              g.plan.verts_per_prim == (m == ISO ? 2u : 3u),
                          "point_mode: %u vertices, %u points", p.nv, p.np);
                    for (uint32_t i = 0; i < p.np; i++)
                        CHECK(idx[i] == i, "point_mode: point %u is vertex %u", i, idx[i]);
                    cases++;
                }
    }
    printf("tiling and winding checked on %d patches (%d sliver folds of the reference "
           "tessellator)\n", cases, folds);
}

static void test_cracks(void)
{
    /* An outer edge's vertices depend only on its level: the same list for
     * every edge of every mode, whatever the other levels; symmetric about
     * the middle (bit for bit), so neighbours walking the edge either way
     * agree.  ISOLINES detail uses the same subdivision. */
    uint32_t seed = 99;
    int64_t ref[RAST_TESS_MAX_LEVEL + 2], t[RAST_TESS_MAX_LEVEL + 2];
    for (int s = EQ; s <= EVEN; s++) {
        for (int step = 1; step <= 4 * RAST_TESS_MAX_LEVEL + 8; step++) {
            float level = (float)step * 0.25f + (step % 3 == 0 ? 0.01f : 0.0f);
            int nref = -1;
            for (int trial = 0; trial < 3; trial++) {
                for (int m = TRI; m <= QUAD; m++) {
                    for (int e = 0; e < (m == TRI ? 3 : 4); e++) {
                        float outer[4], inner[2];
                        for (int j = 0; j < 4; j++)
                            outer[j] = trial == 0 ? level : sweep_level(&seed);
                        inner[0] = trial == 0 ? level : sweep_level(&seed);
                        inner[1] = trial == 0 ? level : sweep_level(&seed);
                        outer[e] = level;
                        gen g = run(m, s, trial & 1, false, outer, inner);
                        if (g.plan.discard) /* a random level of 0 */
                            continue;
                        int n = edge_params(&g, m, e, t);
                        if (nref < 0) {
                            nref = n;
                            memcpy(ref, t, sizeof(t[0]) * (size_t)n);
                            for (int i = 0; i < n; i++)
                                CHECK(ref[i] + ref[n - 1 - i] == 65536,
                                      "%s level %g: edge not symmetric", spacing_name[s], level);
                        }
                        CHECK(n == nref && !memcmp(t, ref, sizeof(t[0]) * (size_t)n),
                              "%s level %g: %s edge %d differs (outer %g %g %g %g inner %g %g)",
                              spacing_name[s], level, mode_name[m], e, outer[0], outer[1],
                              outer[2], outer[3], inner[0], inner[1]);
                    }
                }
            }
            /* Isoline detail: the u of one line. */
            gen g = run4(ISO, s, 1, level, 0, 0, 0, 0);
            for (uint32_t i = 0; i < g.nv; i++)
                t[i] = fx(uvw[i][0]);
            CHECK((int)g.nv == nref && !memcmp(t, ref, sizeof(t[0]) * (size_t)nref),
                  "%s level %g: isoline detail differs", spacing_name[s], level);
        }
    }

    /* Two QUADS patches side by side: A's u==1 edge is B's u==0 edge; a
     * TRIANGLES patch's w==0 edge on a QUADS patch's v==0 edge.  The shared
     * vertices are the same floats. */
    float la[4] = {3.3f, 7, 5.7f, 2}, lb[4] = {5.7f, 1.5f, 9, 33}, in[2] = {4.5f, 6};
    for (int s = EQ; s <= EVEN; s++) {
        gen a = run(QUAD, s, false, false, la, in);
        int na = edge_params(&a, QUAD, 2, ref);
        gen b = run(QUAD, s, false, false, lb, in);
        int nb = edge_params(&b, QUAD, 0, t);
        CHECK(na == nb && !memcmp(ref, t, sizeof(t[0]) * (size_t)na), "%s: QUADS neighbours",
              spacing_name[s]);
        float lt[4] = {2, 3, 7, 0}, lq[4] = {4, 7, 4, 4};
        gen tr = run(TRI, s, false, false, lt, in);
        int nt = edge_params(&tr, TRI, 2, ref);
        gen q = run(QUAD, s, false, false, lq, in);
        int nq = edge_params(&q, QUAD, 1, t);
        CHECK(nt == nq && !memcmp(ref, t, sizeof(t[0]) * (size_t)nt),
              "%s: TRIANGLES/QUADS neighbours", spacing_name[s]);
    }
}

static void report_sizes(void)
{
    /* The buffers one level-64 patch needs: coordinates (3 floats per
     * vertex) and indices (4 bytes each); the generator itself uses the plan
     * and two rows of at most 66 indices on the stack. */
    const float l64[4] = {64, 64, 64, 64}, i64[2] = {64, 64};
    for (int m = TRI; m <= ISO; m++)
        for (int s = EQ; s <= EVEN; s++) {
            gen g = run(m, s, false, false, l64, i64);
            size_t cb = (size_t)g.nv * 3 * sizeof(float);
            size_t ib = (size_t)g.np * g.plan.verts_per_prim * sizeof(uint32_t);
            printf("level 64 %-9s %-15s %5u vertices %5u %s: %6zu + %6zu = %6zu bytes\n",
                   mode_name[m], spacing_name[s], g.nv, g.np, m == ISO ? "lines    " : "triangles",
                   cb, ib, cb + ib);
        }
    printf("rast_tess_plan: %zu bytes; worst case %d vertices, %d indices: %zu bytes\n",
           sizeof(rast_tess_plan), RAST_TESS_MAX_VERTICES, RAST_TESS_MAX_INDICES,
           (size_t)RAST_TESS_MAX_VERTICES * 12 + (size_t)RAST_TESS_MAX_INDICES * 4);
}

int main(void)
{
    uvw = malloc(RAST_TESS_MAX_VERTICES * sizeof(*uvw));
    idx = malloc(RAST_TESS_MAX_INDICES * sizeof(*idx));
    if (!uvw || !idx)
        return 1;
    test_minimal();
    test_triangles_equal();
    test_quads_equal();
    test_isolines();
    test_fractional();
    test_clamping();
    test_discard();
    test_inner_one();
    test_sweep();
    test_cracks();
    report_sizes();
    free(uvw);
    free(idx);
    RT_DONE();
}
