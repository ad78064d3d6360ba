#!/bin/bash
# run.sh ASMGL CORPUS_DIR TEMPLATE [RUN_OPTION...]
#
# Runs a shader_test template whose program sections take a real-world
# program from the corpus (../shared/corpus/real) verbatim: a line
#     @CORPUS path/in/corpus@
# is replaced by that file's text.  The templates hold the probes, computed
# by hand from what each program does (comments in each template).  The
# RUN_OPTIONs go to `asmgl run` (-o OUT.png: tools/image-checksums).  Exit
# status as `asmgl run`: 0 pass, 1 fail, 77 skip.
set -u
asmgl=$1 corpus=$2 template=$3
shift 3
tmp=$(mktemp --suffix=.shader_test) || exit 1
trap 'rm -f "$tmp"' EXIT
while IFS= read -r line || [ -n "$line" ]; do
    if [[ $line =~ ^@CORPUS\ (.+)@$ ]]; then
        f="$corpus/${BASH_REMATCH[1]}"
        if [ ! -r "$f" ]; then
            echo "run.sh: corpus file $f is missing"
            exit 1
        fi
        cat "$f"
        # the program text may lack a final newline
        [ -n "$(tail -c1 "$f")" ] && echo
    else
        printf '%s\n' "$line"
    fi
done < "$template" > "$tmp"
"$asmgl" run "$tmp" "$@"
