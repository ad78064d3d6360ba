#!/bin/bash
# expect_malformed.sh PROGRAM FILE [SUBCOMMAND]
#
# FILE's first line is "# expect: LINE REGEX".  Runs PROGRAM [SUBCOMMAND] FILE
# and passes when it exits 2 with "FILE:LINE: error: ..." on stderr, the
# message matching REGEX (grep -E).
set -u
prog=$1
file=$2
sub=${3:-}
read -r hash tag line regex < <(head -n 1 "$file")
if [ "$hash $tag" != "# expect:" ] || [ -z "$line" ]; then
    echo "$file: first line must be '# expect: LINE REGEX'"
    exit 1
fi
if [ -n "$sub" ]; then
    err=$("$prog" "$sub" "$file" 2>&1 >/dev/null)
else
    err=$("$prog" "$file" 2>&1 >/dev/null)
fi
status=$?
echo "$err" | cut -c1-300
if [ $status -ne 2 ]; then
    echo "FAIL: exit status $status, expected 2"
    exit 1
fi
if ! grep -qE "^$(printf '%s' "$file" | sed 's/[][\.*^$]/\\&/g'):$line: error: .*$regex" <<<"$err"; then
    echo "FAIL: expected '$file:$line: error: ...$regex'"
    exit 1
fi
