#!/bin/bash
# expect_status.sh STATUS COMMAND...
#
# Runs COMMAND and passes when it exits with STATUS.  Any other 77 (skip) is
# passed on so ctest reports a skip; anything else fails, showing the output.
set -u
want=$1
shift
out=$("$@" 2>&1)
got=$?
if [ "$got" -eq "$want" ]; then
    echo "$out" | tail -n 20
    exit 0
fi
echo "$out"
if [ "$got" -eq 77 ]; then
    exit 77
fi
echo "FAIL: exit status $got, expected $want"
exit 1
