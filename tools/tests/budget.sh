#!/bin/bash
# budget.sh ASMGL DIR
#
# Programs that never end (or run too long) in the vertex, tessellation,
# fragment and compute stages are stopped by the instruction budget (rast.h "Instruction
# budget", docs/limits.md): each DIR/*.shader_test must pass its probes (the
# image the docs promise) within 20 s, with 1 and 4 worker threads, and
# print its report on stderr exactly once.
set -u
asmgl=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# check FILE REPORT [ENV...]: run FILE, want exit 0 and REPORT once on stderr.
check() {
    local file=$1 report=$2
    shift 2
    for threads in 1 4; do
        local t0=$SECONDS
        env ASMGL_THREADS=$threads "$@" timeout 20 "$asmgl" run "$dir/$file" >"$tmp/out" 2>"$tmp/err"
        local rc=$? n
        n=$(grep -cF -- "$report" "$tmp/err")
        if [ "$rc" -ne 0 ] || [ "$n" -ne 1 ]; then
            echo "FAIL: $file (ASMGL_THREADS=$threads $*): exit $rc, report seen $n times"
            echo "    wanted: $report"
            sed 's/^/    /' "$tmp/out" "$tmp/err" | head -n 12
            failures=$((failures + 1))
        else
            echo "ok: $file, $threads thread(s), $((SECONDS - t0)) s"
        fi
    done
}

check vp_endless.shader_test \
    "asmgl: vertex program 1 exceeded its instruction budget in draw 2; the draw was stopped"
check vp_partial.shader_test \
    "asmgl: vertex program 1 exceeded its instruction budget in draw 1; the draw was stopped"
check fp_endless.shader_test \
    "asmgl: fragment program 2 exceeded its instruction budget in draw 2; the draw was stopped"
check cp_endless.shader_test \
    "asmgl: compute program 1 exceeded its instruction budget in dispatch 1; the dispatch was stopped"
check tep_endless.shader_test \
    "asmgl: tessellation evaluation program 2 exceeded its instruction budget in draw 1; the draw was stopped"
check tcp_endless.shader_test \
    "asmgl: tessellation control program 2 exceeded the draw's instruction budget in draw 1; the draw was stopped" \
    ASMGL_DRAW_BUDGET=1000000
check fp_total.shader_test \
    "asmgl: fragment program 2 exceeded the draw's instruction budget in draw 2; the draw was stopped" \
    ASMGL_DRAW_BUDGET=1000000

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
