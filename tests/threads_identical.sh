#!/usr/bin/env bash
# Renders scenes with ASMGL_THREADS=1, 2 and 4 and requires byte-identical
# PNGs.  Usage: threads_identical.sh ASMGL (SCENE_DIR | FILE.shader_test)...
set -u
asmgl=$1; shift
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
scenes=()
for d in "$@"; do
    if [ -d "$d" ]; then
        for f in "$d"/*.shader_test; do [ -e "$f" ] && scenes+=("$f"); done
    elif [ -f "$d" ]; then
        scenes+=("$d")
    fi
done
[ ${#scenes[@]} -gt 0 ] || { echo "no scenes found"; exit 1; }
fail=0
for f in "${scenes[@]}"; do
    name=$(basename "$f" .shader_test)
    for t in 1 2 4; do
        ASMGL_THREADS=$t "$asmgl" run "$f" -o "$tmp/$name.$t.png" >"$tmp/$name.$t.log" 2>&1
        rc=$?
        if [ $rc -ne 0 ]; then echo "FAIL $name: threads=$t exit $rc"; cat "$tmp/$name.$t.log"; fail=1; fi
    done
    for t in 2 4; do
        if ! cmp -s "$tmp/$name.1.png" "$tmp/$name.$t.png"; then
            echo "FAIL $name: image with ASMGL_THREADS=$t differs from ASMGL_THREADS=1"; fail=1
        fi
    done
    cmp -s "$tmp/$name.1.png" "$tmp/$name.2.png" && cmp -s "$tmp/$name.1.png" "$tmp/$name.4.png" &&
        echo "ok   $name (1, 2, 4 threads identical)"
done
exit $fail
