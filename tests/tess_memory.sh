#!/usr/bin/env bash
# A tessellated draw of 1,000 quad patches at level 64 (64x64 cells each:
# 4,225 evaluated vertices and 8,192 triangles a patch, 8.2 million
# triangles in all) must finish under a 512 MiB address-space limit: the
# stage streams patch by patch (rasterizer/rast_tess.c) and the scene
# flushes at its arena cap, so memory does not grow with the draw.
# Prints the peak resident size (VmHWM) when /proc has it.
# Usage: tess_memory.sh ASMGL
set -u
asmgl=$1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
t="$tmp/grid.shader_test"
{
    printf '[require]\nGL >= 1.3\nGL_NV_tessellation_program5\nSIZE 512 512\n\n'
    printf '[vertex program]\n!!NVvp5.0\nMOV result.position, vertex.position;\nEND\n\n'
    printf '[tessellation evaluation program]\n!!NVtep5.0\nTESS_MODE QUADS;\nTEMP a, b;\n'
    printf 'LRP a, vertex.tesscoord.x, vertex[1].position, vertex[0].position;\n'
    printf 'LRP b, vertex.tesscoord.x, vertex[2].position, vertex[3].position;\n'
    printf 'LRP result.position, vertex.tesscoord.y, b, a;\nMOV result.color, {0, 1, 0, 1};\nEND\n\n'
    printf '[fragment program]\n!!NVfp5.0\nMOV result.color, fragment.color;\nEND\n\n'
    printf '[vertex data]\ngl_Vertex/float/2\n'
    # 40 x 25 patches over the window
    awk 'BEGIN { for (j = 0; j < 25; j++) for (i = 0; i < 40; i++) {
        x = i / 20 - 1; y = j / 12.5 - 1; w = 0.05; h = 0.08;
        printf "%.6f %.6f\n%.6f %.6f\n%.6f %.6f\n%.6f %.6f\n", x, y, x + w, y, x + w, y + h, x, y + h } }'
    printf '\n[test]\nclear color 0 0 0 0\nclear\npatch parameter vertices 4\n'
    printf 'patch parameter default level outer 64 64 64 64\npatch parameter default level inner 64 64\n'
    printf 'draw arrays GL_PATCHES 0 4000\nprobe all rgba 0 1 0 1\n'
} >"$t"
(
    ulimit -v 524288
    "$asmgl" run "$t" &
    pid=$!
    hwm=0
    while kill -0 $pid 2>/dev/null; do
        h=$(awk '/VmHWM/ { print $2 }' /proc/$pid/status 2>/dev/null)
        [ -n "$h" ] && [ "$h" -gt "$hwm" ] && hwm=$h
        sleep 0.05
    done
    wait $pid
    rc=$?
    echo "peak resident size >= $hwm KiB (sampled)"
    exit $rc
)
