#!/bin/bash
# commands.sh ASMGL TESTS_DIR
#
# Exercises the asmgl subcommands besides run's test semantics: check (exit
# statuses, FILE:LINE:COL diagnostics, stdin, --verdicts, --target), run -o
# and --size, run's messages for integer probes, fb sizes and entry points
# the library lacks, compare (same, different, tolerance, sizes, diff
# image), --version, --help and usage errors.
set -u
asmgl=$1
dir=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

# expect STATUS DESCRIPTION COMMAND...: the command must exit with STATUS.
expect() {
    local want=$1 what=$2
    shift 2
    "$@" >"$tmp/out" 2>&1
    local got=$?
    if [ "$got" -ne "$want" ]; then
        echo "FAIL: $what: exit $got, expected $want"
        sed 's/^/    /' "$tmp/out" | head -n 10
        failures=$((failures + 1))
    fi
}

# output_has REGEX DESCRIPTION: the last command's output must match.
output_has() {
    if ! grep -qE "$1" "$tmp/out"; then
        echo "FAIL: $2: output does not match '$1'"
        sed 's/^/    /' "$tmp/out" | head -n 10
        failures=$((failures + 1))
    fi
}

c=$dir/check
expect 0 "check good programs" "$asmgl" check "$c/good.vp" "$c/good.fp"
expect 1 "check a bad program" "$asmgl" check "$c/bad.fp"
output_has "^$c/bad.fp:[0-9]+:[0-9]+: error: " "check diagnostic format"
expect 1 "check without header" "$asmgl" check "$c/noheader.fp"
output_has "noheader.fp:1:1: error: no program header" "check header message"
expect 1 "check from stdin" "$asmgl" check - <"$c/bad.fp"
output_has "^<stdin>:[0-9]+:[0-9]+: error: " "check stdin name"
expect 0 "check good from stdin" "$asmgl" check - <"$c/good.vp"
expect 1 "check --verdicts" "$asmgl" check --verdicts "$c/good.vp" "$c/bad.fp"
output_has "good.vp: accepted" "verdict accepted"
output_has "bad.fp: rejected" "verdict rejected"
expect 1 "check --target vp on a fragment program" "$asmgl" check --target vp "$c/good.fp"
expect 0 "check --target fp" "$asmgl" check --target fp "$c/good.fp"
expect 2 "check --target bogus" "$asmgl" check --target bogus "$c/good.fp"
expect 2 "check missing file" "$asmgl" check "$tmp/missing.vp"

r=$dir/run
expect 0 "run -o" "$asmgl" run "$r/textures-and-params.shader_test" -o "$tmp/a.png"
[ -s "$tmp/a.png" ] || { echo "FAIL: run -o wrote no PNG"; failures=$((failures + 1)); }
expect 0 "run -o again" "$asmgl" run "$r/textures-and-params.shader_test" -o "$tmp/b.png"
expect 0 "compare identical" "$asmgl" compare "$tmp/a.png" "$tmp/b.png"
output_has "max difference 0, 0 of 62500 pixels" "compare identical message"
expect 0 "run tolerance -o" "$asmgl" run "$r/tolerance.shader_test" -o "$tmp/c.png"
expect 1 "compare different" "$asmgl" compare "$tmp/a.png" "$tmp/c.png" -o "$tmp/diff.png"
output_has "pixels differ by more than 0" "compare different message"
[ -s "$tmp/diff.png" ] || { echo "FAIL: compare -o wrote no PNG"; failures=$((failures + 1)); }
expect 0 "compare with a large tolerance" "$asmgl" compare "$tmp/a.png" "$tmp/c.png" --tolerance 255
expect 0 "run --size" "$asmgl" run "$r/clear-bits-accumulate.shader_test" --size 31x17 -o "$tmp/d.png"
expect 1 "compare different sizes" "$asmgl" compare "$tmp/a.png" "$tmp/d.png"
output_has "sizes differ: 250x250 and 31x17" "compare sizes message"
expect 2 "compare unreadable" "$asmgl" compare "$tmp/a.png" "$tmp/missing.png"
expect 2 "run --size bad" "$asmgl" run "$r/tolerance.shader_test" --size 0x5
expect 2 "run missing file" "$asmgl" run "$tmp/missing.shader_test"
expect 1 "run failing probe" "$asmgl" run "$r/fail-probe.shader_test"
output_has "Probe color at \(1,1\)" "failing probe report"
output_has "Test failure on line 15" "failing probe line"
output_has 'PIGLIT: \{"result": "fail" \}' "piglit result line"
expect 1 "run program error" "$asmgl" run "$r/fail-program-error.shader_test"
output_has "fail-program-error.shader_test:(8|9):[0-9]+: error: " "program error position in the test file"
# The same for a [geometry program] (skipped where NV_geometry_program4 is absent).
"$asmgl" run "$r/fail-gp-program-error.shader_test" >"$tmp/out" 2>&1
got=$?
if [ "$got" -eq 1 ]; then
    output_has "fail-gp-program-error.shader_test:19:1: error: " "geometry program error position"
elif [ "$got" -ne 77 ]; then
    echo "FAIL: run geometry program error: exit $got, expected 1 or 77"
    sed 's/^/    /' "$tmp/out" | head -n 10
    failures=$((failures + 1))
fi

expect 1 "run integer probe of the window" "$asmgl" run "$r/fail-int-probe-window.shader_test"
output_has "the colour buffer must be an integer one" "integer probe message"
expect 1 "run probe outside an fb" "$asmgl" run "$r/fail-fb-size.shader_test"
output_has "Probe at \(20,20\) is outside the 16x16 framebuffer" "fb size message"
# Probing a multisample framebuffer (skipped where ARB_texture_multisample is absent).
"$asmgl" run "$r/fail-probe-multisample.shader_test" >"$tmp/out" 2>&1
got=$?
if [ "$got" -eq 1 ]; then
    output_has "a multisample framebuffer cannot be read" "multisample probe message"
elif [ "$got" -ne 77 ]; then
    echo "FAIL: run multisample probe: exit $got, expected 1 or 77"
    sed 's/^/    /' "$tmp/out" | head -n 10
    failures=$((failures + 1))
fi

# A command whose entry point the library does not export skips the test,
# naming the function; once the library has it, the test runs (and passes).
printf '%s\n' '[require]' 'GL >= 1.3' 'ARB_vertex_program' 'ARB_fragment_program' '' \
    '[vertex program]' '!!ARBvp1.0' 'MOV result.position, vertex.position;' 'END' '' \
    '[fragment program]' '!!ARBfp1.0' 'MOV result.color, {0, 1, 0, 1};' 'END' '' \
    '[test]' 'parameter local_fp_int 0 (1, 2, 3, 4)' 'draw rect -1 -1 2 2' \
    'probe all rgba 0 1 0 1' >"$tmp/int-param.shader_test"
"$asmgl" run "$tmp/int-param.shader_test" >"$tmp/out" 2>&1
got=$?
if [ "$got" -eq 77 ]; then
    output_has ":17: 'parameter local_fp_int 0 \(1, 2, 3, 4\)' needs glProgramLocalParameterI4ivNV, which the GL library does not provide" \
        "missing entry point named"
elif [ "$got" -ne 0 ]; then
    echo "FAIL: run with glProgramLocalParameterI4ivNV: exit $got, expected 77 or 0"
    sed 's/^/    /' "$tmp/out" | head -n 10
    failures=$((failures + 1))
fi

expect 0 "--version" "$asmgl" --version
output_has "^asmgl [0-9]+\.[0-9]+\.[0-9]+" "--version text"
expect 0 "--help" "$asmgl" --help
output_has "asmgl run FILE.shader_test" "--help text"
expect 0 "info" "$asmgl" info
output_has "^extension: GL_ARB_vertex_program$" "info lists extensions"
expect 2 "no command" "$asmgl"
expect 2 "unknown command" "$asmgl" frobnicate

echo "commands.sh: $failures failure(s)"
[ "$failures" -eq 0 ]
