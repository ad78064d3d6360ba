#!/usr/bin/env python3
"""Writes the tess/points-*.shader_test files: the tessellation coordinates
the primitive generator makes for small levels, in every mode and spacing,
worked out from ARB_tessellation_shader 2.X.2 (incorporated by
NV_tessellation_program5), not from asmgl.

Each test draws one patch in TESS_POINT_MODE.  The evaluation program puts
the point of tesscoord (u, v) at pixel (36u, 36v) of a 40x37 window, in
colour (0.25, 0, 0, 0), blended GL_ONE GL_ONE: every expected pixel must read
red 0.25 (made exactly once).  A second draw puts every point on pixel
(38, 1) in colour (1/255, 0, 0, 0): red = the number of generated vertices /
255, so a missing, duplicated or extra vertex fails.  Levels are chosen so
that every coordinate is a multiple of 1/36 (the spacing is then equal in
every mode: 2.X.2 "equal_spacing", and fractional_odd / fractional_even with
an odd / even integer level make equal segments too).

The rules used (2.X.2):
  - clamping and rounding: equal_spacing to [1, 64] rounded up to an
    integer; fractional_odd to [1, 63] then the next odd integer;
    fractional_even to [2, 64] then the next even integer;
  - triangles: the u==0 / v==0 / w==0 edges are split by outer[0] / [1] /
    [2]; inner level n (1 with an outer level above 1 is 1+epsilon, i.e. 2
    equal / even, 3 odd) makes concentric triangles k = 1 .. n/2 whose
    corners lie where the perpendiculars through the k-th subdivision
    points of the two adjacent edges meet: the corner nearest (1,0,0) is
    (1 - 4k/(3n), 2k/(3n), 2k/(3n)); each of their edges is split into
    n - 2k equal segments (n - 2k = 0: the single centre point);
    every level 1: only the three corners;
  - quads: the u==0 / v==0 / u==1 / v==1 edges are split by outer[0..3];
    the interior grid is (i / m, j / n), 0 < i < m, 0 < j < n, m from
    inner[0] (along u, Figure X.3), n from inner[1] (1 -> 1+epsilon);
    every level 1: only the four corners;
  - isolines: outer[0] lines (always equal spacing) at v = k / outer[0],
    0 <= k < outer[0], each split by outer[1] (the spacing):
    (i / outer[1], v).
"""
import os
from fractions import Fraction as F

HERE = os.path.dirname(os.path.abspath(__file__))
S = 36


def clamp_round(level, spacing):
    if spacing == 'EQUAL':
        x = min(max(level, 1), 64)
        return int(-(-x // 1))
    if spacing == 'FRACTIONAL_ODD':
        x = min(max(level, 1), 63)
        n = int(-(-x // 1))
        return n if n % 2 else n + 1
    x = min(max(level, 2), 64)
    n = int(-(-x // 1))
    return n if n % 2 == 0 else n + 1


def eps_inner(n_raw, spacing):
    """A rounded inner level of 1: 1+epsilon.  Fractional odd spacing makes
    it three segments, the two outer ones of length epsilon / 2 (2.X.2: one
    long segment and two short ones), whose "inner" vertices lie on the edge
    within a pixel: the coordinates are returned as 0 and 1 (inner_pos)."""
    if n_raw != 1:
        return n_raw
    return 3 if spacing == 'FRACTIONAL_ODD' else 2


def inner_pos(i, n, eps_odd):
    """Position i of an inner subdivision into n equal segments, or of the
    fractional odd 1+epsilon one (0 + epsilon/2, 1 - epsilon/2: 0 and 1)."""
    if eps_odd:
        return F(0) if i <= 1 else F(1)
    return F(i, n)


def tri_points(outer, inner, sp):
    o = [clamp_round(x, sp) for x in outer[:3]]
    n = clamp_round(inner[0], sp)
    if o == [1, 1, 1] and n == 1:
        return {(F(0), F(0)), (F(1), F(0)), (F(0), F(1))}
    eps_odd = n == 1 and sp == 'FRACTIONAL_ODD'
    n = eps_inner(n, sp)
    pts = set()
    inner = []
    # (u, v) pairs; w = 1 - u - v
    for k in range(o[0] + 1):   # u == 0: v from 0 to 1
        pts.add((F(0), F(k, o[0])))
    for k in range(o[1] + 1):   # v == 0
        pts.add((F(k, o[1]), F(0)))
    for k in range(o[2] + 1):   # w == 0
        pts.add((F(k, o[2]), 1 - F(k, o[2])))
    if eps_odd:
        # the one inner triangle's corners sit epsilon from the outer ones
        return sorted(pts) + [(F(1), F(0)), (F(0), F(1)), (F(0), F(0))]
    for k in range(1, n // 2 + 1):
        a, b = 1 - F(4 * k, 3 * n), F(2 * k, 3 * n)
        corners = [(a, b), (b, a), (b, b)]   # near (1,0,0), (0,1,0), (0,0,1)
        seg = n - 2 * k
        if seg == 0:
            pts.add((F(1, 3), F(1, 3)))
            continue
        for c in range(3):
            p, q = corners[c], corners[(c + 1) % 3]
            for i in range(seg):
                t = F(i, seg)
                pts.add((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t))
    return pts


def quad_points(outer, inner, sp):
    o = [clamp_round(x, sp) for x in outer]
    m, n = clamp_round(inner[0], sp), clamp_round(inner[1], sp)
    if o == [1, 1, 1, 1] and m == 1 and n == 1:
        return {(F(0), F(0)), (F(1), F(0)), (F(1), F(1)), (F(0), F(1))}
    em, en = m == 1 and sp == 'FRACTIONAL_ODD', n == 1 and sp == 'FRACTIONAL_ODD'
    m, n = eps_inner(m, sp), eps_inner(n, sp)
    pts = set()
    for k in range(o[0] + 1):
        pts.add((F(0), F(k, o[0])))
    for k in range(o[1] + 1):
        pts.add((F(k, o[1]), F(0)))
    for k in range(o[2] + 1):
        pts.add((F(1), F(k, o[2])))
    for k in range(o[3] + 1):
        pts.add((F(k, o[3]), F(1)))
    grid = [(inner_pos(i, m, em), inner_pos(j, n, en)) for i in range(1, m) for j in range(1, n)]
    if em or en:
        return sorted(pts) + grid  # grid points on the edge: pixels hit twice
    pts.update(grid)
    return pts


def iso_points(outer, sp):
    lines = clamp_round(outer[0], 'EQUAL')
    seg = clamp_round(outer[1], sp)
    return {(F(i, seg), F(k, lines)) for k in range(lines) for i in range(seg + 1)}


TEMPLATE = """# Generated by make_points.py (see there for the rules): TESS_MODE {mode},
# TESS_SPACING {sp}, outer levels {outer}, inner levels {inner}{order_note}:
# {count} tessellation coordinates, each drawn once as a point at pixel
# (36u, 36v); the second draw counts them at pixel (38, 1).
# {covers_line}
[require]
GL >= 1.3
GL_NV_tessellation_program5
SIZE 40 37

[vertex program]
!!NVvp5.0
MOV result.position, vertex.position;
END

[tessellation evaluation program]
!!NVtep5.0
TESS_MODE {mode};
TESS_SPACING {sp};
{order}TESS_POINT_MODE;
PARAM s = program.env[0];
PARAM c = program.env[1];
MAD result.position.xy, vertex.tesscoord, s, s.zwzw;
MOV result.position.zw, {{0, 0, 0, 1}};
MOV result.color, c;
END

[fragment program]
!!NVfp5.0
MOV result.color, fragment.color;
END

[vertex data]
gl_Vertex/float/2
0 0
0 0
0 0
0 0

[test]
clear color 0 0 0 0
clear
enable GL_BLEND
blend func GL_ONE GL_ONE
patch parameter vertices {pv}
patch parameter default level outer {outer}
patch parameter default level inner {inner}
parameter env_tep 0 (1.8, 1.945945946, -0.975, -0.972972973)
parameter env_tep 1 (0.25, 0, 0, 0)
draw arrays GL_PATCHES 0 {pv}
parameter env_tep 0 (0, 0, 0.925, -0.918918919)
parameter env_tep 1 (0.003921569, 0, 0, 0)
draw arrays GL_PATCHES 0 {pv}
probe rgba 38 1 {countf} 0 0 0
{probes}
"""


def write(name, mode, sp, outer, inner, pts, covers, order=None):
    probes = []
    hits = {}
    for (u, v) in pts:
        hits[(u, v)] = hits.get((u, v), 0) + 1
    for (u, v) in sorted(hits, key=lambda p: (p[1], p[0])):
        x, y = u * S, v * S
        assert x.denominator == 1 and y.denominator == 1, (name, u, v)
        probes.append('probe rgba %d %d %g 0 0 0' % (x, y, 0.25 * hits[(u, v)]))
    assert len(pts) < 255
    text = TEMPLATE.format(
        mode=mode, sp=sp, outer=' '.join('%g' % x for x in outer), inner=' '.join('%g' % x for x in inner),
        order_note='' if order is None else ', TESS_VERTEX_ORDER ' + order,
        order='' if order is None else 'TESS_VERTEX_ORDER %s;\n' % order,
        count=len(pts), covers_line='cov' + 'ers: ' + covers, pv=3 if mode == 'TRIANGLES' else 4,
        countf='%.6f' % (len(pts) / 255), probes='\n'.join(probes))
    with open(os.path.join(HERE, 'points-%s.shader_test' % name), 'w') as f:
        f.write(text)


COV = 'HDR.NVTEP50 DECL.TESS_MODE DECL.TESS_SPACING DECL.TESS_POINT_MODE BIND.T.TESSCOORD'
CASES = [
    # name, mode, spacing, outer, inner
    ('tri-equal-1', 'TRIANGLES', 'EQUAL', [1, 1, 1, 1], [1, 1]),
    ('tri-equal-eps', 'TRIANGLES', 'EQUAL', [2, 1, 1, 1], [1, 1]),
    ('tri-equal-2', 'TRIANGLES', 'EQUAL', [2, 2, 2, 1], [2, 1]),
    ('tri-equal-3', 'TRIANGLES', 'EQUAL', [3, 3, 3, 1], [3, 1]),
    ('tri-equal-4-asym', 'TRIANGLES', 'EQUAL', [1, 2, 4, 1], [4, 1]),
    ('tri-equal-6', 'TRIANGLES', 'EQUAL', [6, 3, 2, 1], [6, 1]),
    ('tri-equal-round', 'TRIANGLES', 'EQUAL', [1.5, 2.2, 0.5, 1], [3.01, 1]),
    ('tri-odd-3', 'TRIANGLES', 'FRACTIONAL_ODD', [3, 1, 3, 1], [3, 1]),
    ('tri-odd-eps', 'TRIANGLES', 'FRACTIONAL_ODD', [3, 3, 3, 1], [1, 1]),
    ('tri-even-2', 'TRIANGLES', 'FRACTIONAL_EVEN', [2, 4, 2, 1], [4, 1]),
    ('tri-even-clamp', 'TRIANGLES', 'FRACTIONAL_EVEN', [1, 1, 1, 1], [1, 1]),
    ('quad-equal-1', 'QUADS', 'EQUAL', [1, 1, 1, 1], [1, 1]),
    ('quad-equal-eps', 'QUADS', 'EQUAL', [1, 3, 1, 1], [1, 1]),
    ('quad-equal-asym', 'QUADS', 'EQUAL', [2, 3, 4, 6], [4, 2]),
    ('quad-equal-6', 'QUADS', 'EQUAL', [6, 6, 6, 6], [6, 3]),
    ('quad-odd', 'QUADS', 'FRACTIONAL_ODD', [1, 3, 9, 3], [3, 9]),
    ('quad-odd-eps', 'QUADS', 'FRACTIONAL_ODD', [3, 1, 1, 1], [1, 1]),
    ('quad-even', 'QUADS', 'FRACTIONAL_EVEN', [2, 4, 6, 12], [6, 4]),
    ('quad-even-clamp', 'QUADS', 'FRACTIONAL_EVEN', [1, 1, 1, 1], [1, 1]),
    ('iso-equal', 'ISOLINES', 'EQUAL', [4, 6, 0, 0], [0, 0]),
    ('iso-equal-1', 'ISOLINES', 'EQUAL', [1, 1, 0, 0], [0, 0]),
    ('iso-odd', 'ISOLINES', 'FRACTIONAL_ODD', [3, 9, 0, 0], [0, 0]),
    ('iso-even', 'ISOLINES', 'FRACTIONAL_EVEN', [2, 1, 0, 0], [0, 0]),
    ('iso-density-round', 'ISOLINES', 'FRACTIONAL_ODD', [2.5, 3, 0, 0], [0, 0]),
]

if __name__ == '__main__':
    for name, mode, sp, outer, inner in CASES:
        if mode == 'TRIANGLES':
            pts = tri_points(outer, inner, sp)
        elif mode == 'QUADS':
            pts = quad_points(outer, inner, sp)
        else:
            pts = iso_points(outer, sp)
        write(name, mode, sp, outer, inner, pts, COV)
    # TESS_VERTEX_ORDER changes the winding only, never the points
    write('tri-equal-4-cw', 'TRIANGLES', 'EQUAL', [4, 4, 4, 1], [4, 1],
          tri_points([4, 4, 4], [4], 'EQUAL'), COV + ' DECL.TESS_VERTEX_ORDER', order='CW')
