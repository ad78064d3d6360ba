#!/bin/bash
# check_all_used.sh CORPUS_DIR TEMPLATE_DIR
#
# Every !!NVvp4.0 / !!NVfp4.0 / !!NVgp4.0 program of the corpus must be run
# by some template here (every program that can run on its own renders
# without error); fails naming the ones no template uses.
set -u
corpus=$1 dir=$2
status=0 n=0
while IFS= read -r f; do
    rel=${f#"$corpus"/}
    n=$((n + 1))
    if ! grep -qxF "@CORPUS $rel@" "$dir"/*.shader_test.in; then
        echo "no template runs $rel"
        status=1
    fi
done < <(grep -rlE '^!!NV(vp|fp|gp)4\.0' "$corpus" | sort)
echo "$n NV_gpu_program4 corpus programs"
exit $status
