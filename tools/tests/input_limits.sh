#!/bin/bash
# input_limits.sh ASMGL
#
# `asmgl run` and `asmgl check` read only regular files (or '-') of at most
# 64 MiB unless --max-input raises it (docs/shader_test.md "Input files"):
# /dev/zero, a FIFO with no writer, /dev/stdin on a pipe, a directory and
# an oversize file are refused at once with a clear message and exit 2,
# and an endless stdin stops at the limit.  Runs under a 2 GiB address-space
# limit and a timeout, so reading without bound fails the test instead of
# filling the machine.
set -u
asmgl=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
ulimit -v 2097152

# expect STATUS REGEX DESCRIPTION COMMAND...: exit STATUS within 20 s, output matching
# REGEX (none: '').
expect() {
    local want=$1 re=$2 what=$3
    shift 3
    timeout 20 "$@" >"$tmp/out" 2>&1 </dev/null
    local got=$?
    if [ "$got" -ne "$want" ] || { [ -n "$re" ] && ! grep -qE -e "$re" "$tmp/out"; }; then
        echo "FAIL: $what: exit $got (expected $want), output:"
        sed 's/^/    /' "$tmp/out" | head -n 5
        echo "    (wanted /$re/)"
        failures=$((failures + 1))
    fi
}

notreg='not a regular file'
expect 2 "$notreg \\(a character device\\)" "run /dev/zero" "$asmgl" run /dev/zero
expect 2 "$notreg \\(a character device\\)" "check /dev/zero" "$asmgl" check /dev/zero
expect 2 "$notreg \\(a directory\\)" "run a directory" "$asmgl" run "$tmp"
mkfifo "$tmp/fifo"
expect 2 "$notreg \\(a FIFO\\)" "run a FIFO" "$asmgl" run "$tmp/fifo"
expect 2 "$notreg \\(a FIFO\\)" "check a FIFO" "$asmgl" check "$tmp/fifo"
# /dev/stdin on a pipe is a FIFO; '-' is the way to read stdin
timeout 20 bash -c "echo '!!ARBfp1.0' | '$asmgl' check /dev/stdin" >"$tmp/out" 2>&1
got=$?
if [ "$got" -ne 2 ] || ! grep -q "$notreg (a FIFO)" "$tmp/out"; then
    echo "FAIL: check /dev/stdin on a pipe: exit $got"; cat "$tmp/out"; failures=$((failures + 1))
fi

# oversize: a sparse 64 MiB + 1 byte file (refused by its size, never read)
truncate -s $((64 * 1048576 + 1)) "$tmp/big.shader_test"
expect 2 'larger than the input limit of 64 MiB' "run an oversize file" "$asmgl" run "$tmp/big.shader_test"
expect 2 'larger than the input limit of 64 MiB' "check an oversize file" "$asmgl" check "$tmp/big.shader_test"
# --max-input raises the limit: the file is read, then judged on its text
expect 1 'no program header' "check --max-input 65" "$asmgl" check --max-input 65 "$tmp/big.shader_test"
expect 2 '--max-input wants' "--max-input 0" "$asmgl" run --max-input 0 "$tmp/big.shader_test"
# exactly the limit is accepted (1 MiB of comments, --max-input 1)
{ printf '!!ARBfp1.0\nMOV result.color, 1;\nEND\n'; head -c $((1048576 - 32)) /dev/zero | tr '\0' '#'; printf '\n'; } >"$tmp/one.fp"
truncate -s 1048576 "$tmp/one.fp"
expect 0 '' "check a file of exactly --max-input" "$asmgl" check --max-input 1 "$tmp/one.fp"

# an endless stdin stops at the limit
timeout 20 bash -c "'$asmgl' check - </dev/zero" >"$tmp/out" 2>&1
got=$?
if [ "$got" -ne 2 ] || ! grep -q 'larger than the input limit of 64 MiB' "$tmp/out"; then
    echo "FAIL: check - </dev/zero: exit $got"; head -n 5 "$tmp/out"; failures=$((failures + 1))
fi
timeout 20 bash -c "'$asmgl' run - </dev/zero" >"$tmp/out" 2>&1
got=$?
if [ "$got" -ne 2 ] || ! grep -q 'larger than the input limit of 64 MiB' "$tmp/out"; then
    echo "FAIL: run - </dev/zero: exit $got"; head -n 5 "$tmp/out"; failures=$((failures + 1))
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "input limits: all refused as documented"
