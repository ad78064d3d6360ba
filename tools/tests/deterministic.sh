#!/bin/bash
# deterministic.sh ASMGL FILE.shader_test
#
# Deterministic mode (rast.h, docs/limits.md "Reproducible side effects"):
# FILE, whose image depends on the order of its atomics, must give the same
# PNG byte for byte with ASMGL_THREADS=1, 3 and 8, on repeated runs, and with
# the --deterministic option instead of ASMGL_DETERMINISTIC=1.
set -u
asmgl=$1
file=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

run() { # NAME ENV... -- ARGS...
    local name=$1
    shift
    local envs=()
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    if ! env "${envs[@]}" timeout 60 "$asmgl" run "$file" -o "$tmp/$name.png" "$@" >"$tmp/out" 2>&1; then
        echo "FAIL: run $name (${envs[*]} $*) did not pass:"
        sed 's/^/    /' "$tmp/out" | head -n 10
        failures=$((failures + 1))
    fi
}

run ref ASMGL_DETERMINISTIC=1 ASMGL_THREADS=1 --
for i in 1 2; do
    for t in 1 3 8; do
        run "t$t.$i" ASMGL_DETERMINISTIC=1 ASMGL_THREADS=$t --
    done
    run "opt8.$i" ASMGL_THREADS=8 -- --deterministic
done
for f in "$tmp"/t*.png "$tmp"/opt*.png; do
    if ! cmp -s "$tmp/ref.png" "$f"; then
        echo "FAIL: $(basename "$f" .png) differs from the 1-thread image"
        failures=$((failures + 1))
    fi
done
if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "deterministic: 8 runs (1, 3, 8 threads; env and --deterministic) give one image"
