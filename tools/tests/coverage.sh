#!/bin/bash
# coverage.sh COVERAGE SOURCE FEATURES
#
# Tests tools/coverage (the ctest tools.coverage):
#   1. on the real tree: FEATURES.md parses into its 795 unique IDs, the
#      section counts match its Counts table, every "covers:" line names a
#      real ID;
#   2. on a fixture tree and ctest log made here: which tests count (passing,
#      not skipped or failed, own tests rather than aggregate or Mesa peer
#      ones, IDs in test names), --junit, --peer, --spec and --missing.
# The fixture's comment lines are written with printf, so that scanning the
# real tree does not read them as claims of this script.
set -u
cov=$1
src=$2
features=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $*"
    cut -c1-160 "$tmp/out" | sed 's/^/    /' | head -n 40
    failures=$((failures + 1))
}

# has REGEX DESCRIPTION / lacks REGEX DESCRIPTION on the last output
has() { grep -qE "$1" "$tmp/out" || fail "$2: no line matches '$1'"; }
lacks() { ! grep -qE "$1" "$tmp/out" || fail "$2: a line matches '$1'"; }

# ---- 1. the real tree ------------------------------------------------------
python3 "$cov" --source "$src" --features "$features" --check --expect-total 795 >"$tmp/out" 2>&1 ||
    fail "coverage --check on the source tree"
has "^check: 795 unique IDs in 12 sections match the Counts table" "real FEATURES.md"
has "^total +[0-9]+/795" "real total"
cat "$tmp/out"

# ---- 2. a fixture ----------------------------------------------------------
f=$tmp/src
mkdir -p "$f/tools/tests/run" "$f/tools/tests/misc" "$f/glprog/tests" "$tmp/build/Testing/Temporary"
claim() { # FILE LEADER IDS...
    local file=$1 leader=$2
    shift 2
    printf '%s covers: %s\n' "$leader" "$*" >"$file"
}
claim "$f/tools/tests/run/a.shader_test" "#" OP.ADD OP.MUL       # passes
claim "$f/tools/tests/run/b.shader_test" "#" OP.SUB              # fails
claim "$f/tools/tests/run/c.shader_test" "#" OP.DP3              # skips (piglit line)
claim "$f/tools/tests/run/d.shader_test" "#" OP.DP4              # only the Mesa peer ran it
claim "$f/tools/tests/run/e.shader_test" "#" OP.MAD              # only in an aggregate test
claim "$f/glprog/tests/test_alu.c" "/*" "OP.ABS, OP.CMP */"      # convention: glprog.alu
claim "$f/tools/tests/misc/x.txt" ";" OP.MIN                     # named by one test's command
claim "$f/tools/tests/misc/y.txt" "#" OP.NOSUCH                  # unknown ID: a warning
block() { # N NAME STATUS OUTPUT ARGS...
    local n=$1 name=$2 status=$3 output=$4
    shift 4
    local cmd=""
    for a in "$@"; do cmd="$cmd \"$a\""; done
    printf '%s/9 Testing: %s\n%s/9 Test: %s\nCommand:%s\nDirectory: /nowhere\n' "$n" "$name" "$n" "$name" "$cmd"
    printf '"%s" start time: Jan 01 00:00 UTC\nOutput:\n%s\n%s\n<end of output>\n' "$name" \
        "----------------------------------------------------------" "$output"
    printf 'Test time =   0.01 sec\n%s\nTest %s.\n' "----------------------------------------------------------" "$status"
    printf '"%s" end time: Jan 01 00:00 UTC\n"%s" time elapsed: 00:00:00\n%s\n\n' "$name" "$name" \
        "----------------------------------------------------------"
}
pass='PIGLIT: {"result": "pass" }'
skip='PIGLIT: {"result": "skip" }'
{
    printf 'Start testing: Jan 01 00:00 UTC\n----------------------------------------------------------\n'
    block 1 tools.run.a Passed "$pass" /bin/bash "$f/../expect_status.sh" 0 /bin/asmgl run "$f/tools/tests/run/a.shader_test"
    block 2 tools.run.b Failed "Probe color at (1,1)" /bin/bash /x.sh 0 /bin/asmgl run "$f/tools/tests/run/b.shader_test"
    block 3 tools.run.c Passed "$skip" /bin/bash /x.sh 0 /bin/asmgl run "$f/tools/tests/run/c.shader_test"
    block 4 mesa_peer.run.d Passed "$pass" /bin/bash /x.sh 0 /bin/asmgl_mesa run "$f/tools/tests/run/d.shader_test"
    block 5 tools.st_parse.own Passed "ok" /bin/st_parse_check "$f/tools/tests/run/a.shader_test" "$f/tools/tests/run/e.shader_test"
    block 6 glprog.alu Passed "ok" /bin/glprog_test_alu
    block 7 tools.misc Passed "ok" /bin/asmgl check "$f/tools/tests/misc/x.txt"
    block 8 glprog.OP.FLR-edges Passed "ok" /bin/glprog_test_flr
    block 9 glprog.OP.FRC Failed "bad" /bin/glprog_test_frc
    printf 'End testing: Jan 01 00:00 UTC\n'
} >"$tmp/build/Testing/Temporary/LastTest.log"

python3 "$cov" --source "$f" --features "$features" --build "$tmp/build" --tests --missing >"$tmp/out" 2>&1 ||
    fail "coverage --build on the fixture"
has "^  OP.ADD: tools.run.a$" "a passing run test covers its IDs"
has "^  OP.MUL: tools.run.a$" "every ID of a covers: line"
has "^  OP.ABS: glprog.alu$" "a C test by the naming convention, /* covers: */"
has "^  OP.CMP: glprog.alu$" "comma-separated IDs and */"
has "^  OP.MIN: tools.misc$" "a file named by exactly one test's command"
has "^  OP.FLR: glprog.OP.FLR-edges$" "an ID in a passing test's name"
for id in OP.SUB OP.DP3 OP.DP4 OP.MAD OP.FRC; do
    lacks "^  $id:" "$id is not covered"
done
has "^  OP \(135\): .*OP.MAD" "--missing lists OP.MAD"
has "^OP +6/141" "OP count"
has "^total +6/795" "total count"
has "covers: unknown ID 'OP.NOSUCH'" "unknown IDs are reported"

# --check fails on the unknown ID
python3 "$cov" --source "$f" --features "$features" --check >"$tmp/out" 2>&1 &&
    fail "coverage --check with an unknown covers: ID must fail"

# --peer counts only the Mesa peer's tests
python3 "$cov" --source "$f" --features "$features" --build "$tmp/build" --peer --tests >"$tmp/out" 2>&1 ||
    fail "coverage --peer"
has "^  OP.DP4: mesa_peer.run.d$" "--peer counts mesa_peer tests"
lacks "^  OP.ADD:" "--peer ignores asmgl tests"

# --junit overrides the statuses: tools.run.a skipped there
cat >"$tmp/junit.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="x" tests="2">
  <testcase name="tools.run.a" status="notrun"><skipped message="SKIP_RETURN_CODE=77"/></testcase>
  <testcase name="glprog.alu" status="run"></testcase>
</testsuite>
EOF
python3 "$cov" --source "$f" --features "$features" --build "$tmp/build" --junit "$tmp/junit.xml" --tests \
    >"$tmp/out" 2>&1 || fail "coverage --junit"
lacks "^  OP.ADD:" "a junit skip is not a pass"
has "^  OP.ABS: glprog.alu$" "a junit pass"

# without --build: what tests claim
python3 "$cov" --source "$f" --features "$features" >"$tmp/out" 2>&1 || fail "coverage without --build"
has "^OP +9/141" "claims mode counts every claimed OP ID"

# --spec restricts the rows to those citing a spec; unknown specs are errors
python3 "$cov" --source "$f" --features "$features" --spec NV_gp4,NV_vp4 >"$tmp/out" 2>&1 ||
    fail "coverage --spec"
has "rows citing NV_gp4, NV_vp4" "--spec title"
lacks "^total +[0-9]+/795" "--spec restricts the total"
python3 "$cov" --source "$f" --features "$features" --spec NV_nosuch >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail "an unknown --spec is a usage error"

echo "coverage.sh: $failures failure(s)"
[ "$failures" -eq 0 ]
