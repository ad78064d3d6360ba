#!/bin/bash
# include_check.sh SOURCE_DIR
#
# The folder rule of docs/architecture.md "Folders and their public
# headers": a file includes, from another folder, only that folder's public
# header, and only from a folder below its own:
#
#   memory <- glprog <- texture <- rasterizer <- gl <- winsys
#                                                 gl <- {egl, glx, tools, demos, fuzz, bench, tests}
#
#   folder       public header
#   memory/      memory/mem.h
#   glprog/      glprog/glprog.h
#   texture/     texture/tex.h
#   rasterizer/  rasterizer/rast.h
#   gl/          include/asmgl/asmgl.h (the GL entry points come from <GL/gl.h>)
#   winsys/      winsys/winsys.h
#
# egl/, glx/, tools/, demos/, fuzz/, bench/ and tests/ are leaves: no other
# folder includes their headers.  A folder's tests/ belong to the folder.
# Every #include of a .h or .def file of this repository is checked, whether
# it names a path ("../glprog/glprog.h") or only a file the include path
# finds ("glprog.h", <asmgl/asmgl.h>).  Prints each violation; exit 1 if there is one.
set -u
src=$(cd "${1:?usage: include_check.sh SOURCE_DIR}" && pwd)
cd "$src" || exit 2

declare -A rank=([memory]=0 [glprog]=1 [texture]=2 [rasterizer]=3 [gl]=4 [winsys]=5)
declare -A public=([memory]=memory/mem.h [glprog]=glprog/glprog.h [texture]=texture/tex.h
                   [rasterizer]=rasterizer/rast.h [gl]=include/asmgl/asmgl.h
                   [winsys]=winsys/winsys.h)
leaves="egl glx tools demos fuzz bench tests"
folders="memory glprog texture rasterizer gl winsys $leaves"

# owner PATH: the folder a repository path belongs to (include/asmgl is gl's)
owner() {
    case $1 in
    include/*) echo gl ;;
    */*) echo "${1%%/*}" ;;
    *) echo . ;;
    esac
}

# resolve FROM_DIR NAME: the repository path of a quoted include, or nothing
# when it is not a file of this repository (a system header)
resolve() {
    local dir=$1 name=$2 f
    if [[ $name == \<* ]]; then
        name=${name#<} # <...>: the include path only
    elif [ -f "$dir/$name" ]; then
        realpath --relative-to="$src" "$dir/$name"
        return
    fi
    # the include path: every folder root and include/
    for f in include $folders; do
        if [ -f "$f/$name" ]; then
            realpath --relative-to="$src" "$f/$name"
            return
        fi
    done
}

bad=0
for from in $folders; do
    [ -d "$from" ] || continue
    while IFS= read -r file; do
        dir=$(dirname "$file")
        while IFS= read -r name; do
            case $name in *.h|*.def) ;; *) continue ;; esac
            target=$(resolve "$dir" "$name")
            [ -n "$target" ] || continue
            to=$(owner "$target")
            [ "$to" = "$from" ] && continue
            if [ -z "${public[$to]:-}" ]; then
                echo "$file: includes $target, a header of the leaf folder $to/"
                bad=1
            elif [ "$target" != "${public[$to]}" ]; then
                echo "$file: includes $target, private to $to/ (its public header is ${public[$to]})"
                bad=1
            elif [ -n "${rank[$from]:-}" ] && [ "${rank[$to]}" -ge "${rank[$from]}" ]; then
                echo "$file: includes $target: $from/ may not depend on $to/ (docs/architecture.md)"
                bad=1
            fi
        done < <(sed -nE -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+"([^"]+)".*/\1/p' \
                         -e 's/^[[:space:]]*#[[:space:]]*include[[:space:]]+<([^>]+)>.*/<\1/p' "$file")
    done < <(find "$from" \( -name '*.c' -o -name '*.h' -o -name '*.def' -o -name '*.cpp' \) -type f | LC_ALL=C sort)
done
[ $bad = 0 ] && echo "include_check: every include follows the folder rule"
exit $bad
