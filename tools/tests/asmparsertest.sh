#!/bin/bash
# asmparsertest.sh ASMGL SHADERS_DIR
#
# Runs `ASMGL check` over piglit's asmparsertest programs (SHADERS_DIR/ARBvp1.0
# and ARBfp1.0), loaded for the target their folder names, each with Unix and
# DOS line endings, as piglit's asmparsertest does; fails listing every
# program whose verdict disagrees with its "# FAIL" marker (present: must be
# rejected; absent: must be accepted).
# A program with "# REQUIRE GL_x" is skipped, as piglit skips it, when the
# implementation (asmgl info) lacks GL_x; the skipped ones are listed.
set -u
asmgl=$1
dir=$2

exts=$("$asmgl" info | sed -n 's/^extension: //p') || { echo "asmgl info failed"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

declare -A expect
checked_vp=()
checked_fp=()
skipped=()
for f in "$dir"/ARBvp1.0/*.txt "$dir"/ARBfp1.0/*.txt; do
    missing=""
    for e in $(grep -o '# REQUIRE [^[:space:]]*' "$f" | awk '{print $3}'); do
        grep -qxF "$e" <<<"$exts" || missing="$missing $e"
    done
    if [ -n "$missing" ]; then
        skipped+=("${f#$dir/} (needs$missing)")
        continue
    fi
    want=accepted
    grep -qF '# FAIL' "$f" && want=rejected
    rel=${f#$dir/}
    mkdir -p "$tmp/lf/$(dirname "$rel")" "$tmp/crlf/$(dirname "$rel")"
    tr -d '\r' <"$f" >"$tmp/lf/$rel"
    sed 's/$/\r/' "$tmp/lf/$rel" >"$tmp/crlf/$rel"
    expect["$tmp/lf/$rel"]=$want
    expect["$tmp/crlf/$rel"]=$want
    case $rel in
    ARBvp1.0/*) checked_vp+=("$tmp/lf/$rel" "$tmp/crlf/$rel") ;;
    *) checked_fp+=("$tmp/lf/$rel" "$tmp/crlf/$rel") ;;
    esac
done

bad=0
agree=0
while IFS= read -r line; do
    file=${line%: *}
    got=${line##*: }
    if [ "${expect[$file]:-}" = "$got" ]; then
        agree=$((agree + 1))
    else
        bad=$((bad + 1))
        variant=LF
        case $file in "$tmp/crlf/"*) variant=CRLF ;; esac
        rel=${file#$tmp/lf/}
        rel=${rel#$tmp/crlf/}
        echo "DISAGREE: $rel ($variant): expected ${expect[$file]:-?}, got $got"
        if [ "$got" = rejected ]; then
            target=fp
            case $rel in ARBvp1.0/*) target=vp ;; esac
            "$asmgl" check --target $target "$file" 2>&1 | sed "s|$tmp/[a-z]*/||; s/^/    /" | head -3
        fi
    fi
done < <(
    "$asmgl" check --target vp --verdicts "${checked_vp[@]}" 2>/dev/null
    "$asmgl" check --target fp --verdicts "${checked_fp[@]}" 2>/dev/null
)

total=$((${#checked_vp[@]} + ${#checked_fp[@]}))
if [ $((agree + bad)) -ne "$total" ]; then
    echo "asmgl check reported $((agree + bad)) verdicts for $total files"
    bad=$((bad + 1))
fi
for s in "${skipped[@]}"; do
    echo "skipped: $s"
done
echo "asmparsertest: $((total / 2)) programs checked (x2 line endings): $agree agree, $bad disagree; ${#skipped[@]} skipped"
[ "$bad" -eq 0 ]
