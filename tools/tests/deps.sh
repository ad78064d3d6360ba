#!/bin/sh
# tools/tests/deps.sh MAKEFILE - every program and library the tests use
# outside the build comes from a Debian package the Makefile installs.
#
# A test that quietly relies on something installed by hand passes on a
# developer's machine and fails (or, worse, skips) on a fresh one: piglit's
# fast-skip once depended on wflinfo that way.  This lists what the test
# scripts call and asks dpkg which package owns each; the package must be in
# BUILD_PACKAGES or TEST_PACKAGES, or be essential (coreutils, sed, ...).
# Exit 77 (skip) where dpkg is absent (not Debian).
set -eu
makefile=${1:?usage: deps.sh MAKEFILE}
command -v dpkg-query >/dev/null 2>&1 || { echo "no dpkg: skipped"; exit 77; }

# The Makefile's package lists, continuation lines joined.
listed=$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$makefile" |
         sed -n 's/^\(BUILD\|TEST\)_PACKAGES *= *//p' | tr -s ' \t' '\n')

# What the tests reach: programs on PATH and files by absolute path.
programs="cmake ctest cc pkg-config readelf python3 piglit Xvfb xvfb-run xauth glxinfo glxgears eglinfo xwd clang"
files="/usr/lib/x86_64-linux-gnu/libOSMesa.so /usr/lib/x86_64-linux-gnu/piglit/tests
/usr/share/glvnd/egl_vendor.d/50_mesa.json /usr/lib/x86_64-linux-gnu/libGLX_mesa.so.0
/usr/lib/x86_64-linux-gnu/dri/swrast_dri.so /usr/include/glvnd/libglxabi.h
/usr/include/X11/extensions/XShm.h /usr/include/X11/extensions/Xrandr.h"

owner() { # prints the package that owns path $1, or nothing
    dpkg-query -S "$1" 2>/dev/null | head -n 1 | sed 's/:.*//; s/, .*//'
}
# resolve symlinks too: /usr/bin/cc belongs to no package, its target does
essential() { dpkg-query -W -f='${Essential} ${Priority}' "$1" 2>/dev/null | grep -Eq '^yes|required'; }

bad=0
check() { # $1: what, $2: path
    p=$(owner "$2")
    [ -n "$p" ] || p=$(owner "$(readlink -f "$2")")
    if [ -z "$p" ]; then
        echo "FAIL $1: $2 belongs to no installed package"; bad=1; return
    fi
    base=${p%%:*}
    if printf '%s\n' "$listed" | grep -qx "$base" || essential "$base"; then
        echo "ok   $1: $base"
        return
    fi
    # a dependency of a listed package counts: the listed one installs it
    for l in $listed; do
        if apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
               --no-breaks --no-replaces --no-enhances "$l" 2>/dev/null | grep -qx "  Depends: $base\|$base"; then
            echo "ok   $1: $base (through $l)"
            return
        fi
    done
    echo "FAIL $1: package $base is not in the Makefile's BUILD_PACKAGES or TEST_PACKAGES"
    bad=1
}
for prog in $programs; do
    path=$(command -v "$prog" 2>/dev/null) || { echo "FAIL $prog: not installed"; bad=1; continue; }
    # a copy outside dpkg (pyenv's python3, say) may shadow Debian's: the
    # Debian one is what a fresh machine has
    [ -n "$(owner "$(readlink -f "$path")")" ] || path=/usr/bin/$prog
    check "$prog" "$path"
done
for f in $files; do
    [ -e "$f" ] || { echo "FAIL $f: missing"; bad=1; continue; }
    check "$f" "$f"
done
[ $bad = 0 ] && echo "all test dependencies come from the Makefile's packages"
exit $bad
