#!/bin/bash
# exec.sh MODE ASMGL BUILD_DIR HAVE_GLX [BAD_GLX_VENDOR]
#
# Tests of the launcher, `asmgl exec` (tools/launch.c).  ASMGL is the built
# asmgl command in BUILD_DIR/bin; HAVE_GLX is 1 when this build made
# libGLX_asmgl.so.0; BAD_GLX_VENDOR, a library whose __glx_Main turns every
# ABI version down (bad_glx_vendor.c).  MODE:
#   env      usage and option errors; the variables the program sees (asmgl
#            exec -- env); the program's own exit status, 126 and 127
#   refuse   trees that lack a vendor, or whose vendor is not one: exit 125,
#            the missing piece named, and the program never run; programs
#            the variables cannot reach (32-bit, set-user-ID)
#   eglinfo  eglinfo (mesa-utils) reports asmgl's EGL vendor, where without
#            the launcher it reports Mesa's
#   glxinfo  under Xvfb, glxinfo -B reports asmgl's renderer (skips, 77,
#            when the build has no GLX vendor)
set -u
mode=$1
asmgl=$2
build=$(cd "$3" && pwd -P)
have_glx=$4
bad_glx_vendor=${5:-}
tmp=$(cd "$(mktemp -d)" && pwd -P)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
    echo "FAIL: $1"
    sed 's/^/    /' "$tmp/out" | head -n 20
    failures=$((failures + 1))
}

# expect STATUS DESCRIPTION COMMAND...: the command must exit with STATUS;
# its stdout and stderr go to $tmp/out.
expect() {
    local want=$1 what=$2
    shift 2
    "$@" >"$tmp/out" 2>&1
    local got=$?
    [ "$got" -eq "$want" ] || fail "$what: exit $got, expected $want"
}

# has REGEX DESCRIPTION / lacks REGEX DESCRIPTION: about the last output.
has() { grep -qE -- "$1" "$tmp/out" || fail "$2: output does not match '$1'"; }
lacks() { ! grep -qE -- "$1" "$tmp/out" || fail "$2: output matches '$1'"; }

# A copy of the asmgl command in a tree of its own: tree DIR [build].  With
# "build" the tree is marked as a build tree (a CMakeCache.txt beside bin/).
tree() {
    rm -rf "$1"
    mkdir -p "$1/bin"
    cp "$asmgl" "$1/bin/asmgl"
    [ "${2:-}" = build ] && touch "$1/CMakeCache.txt"
    return 0
}

# The refusal shape: exit 125, the missing piece named, and PROGRAM (touch
# of a marker) never run.
refused() {
    local what=$1 dir=$2 regex=$3
    rm -f "$tmp/ran"
    expect 125 "$what" "$dir/bin/asmgl" exec -- touch "$tmp/ran"
    has "$regex" "$what"
    has "not running touch" "$what"
    [ ! -e "$tmp/ran" ] || fail "$what: the program ran"
}

case $mode in
env)
    expect 2 "exec without a program" "$asmgl" exec
    has "usage: asmgl exec" "exec without a program prints usage"
    expect 2 "exec -- without a program" "$asmgl" exec --
    has "usage: asmgl exec" "exec -- without a program prints usage"
    expect 2 "an unknown option" "$asmgl" exec --frobnicate true
    has "unknown option '--frobnicate'" "an unknown option is named"
    expect 0 "exec --help" "$asmgl" exec --help
    has "__EGL_VENDOR_LIBRARY_FILENAMES" "exec --help names the variables"
    expect 0 "asmgl --help" "$asmgl" --help
    has "asmgl exec" "asmgl --help lists exec"

    expect 0 "exec -- env" env LD_LIBRARY_PATH=/before __GLX_FORCE_VENDOR_LIBRARY_0=mesa \
        __GLX_FORCE_VENDOR_LIBRARY_1=mesa "$asmgl" exec -- env
    has "^__EGL_VENDOR_LIBRARY_FILENAMES=$build/asmgl_egl.json\$" "the EGL vendor JSON is the build tree's"
    has "^LD_LIBRARY_PATH=$build/lib:/before\$" "LD_LIBRARY_PATH starts with the build tree's lib/ and keeps the rest"
    if [ "$have_glx" = 1 ]; then
        has "^__GLX_VENDOR_LIBRARY_NAME=asmgl\$" "the GLX vendor is asmgl"
        lacks "^__GLX_FORCE_VENDOR_LIBRARY_" "__GLX_FORCE_VENDOR_LIBRARY_n, which would win, is removed"
    else
        has "no GLX vendor" "a build without the GLX vendor says so"
    fi
    # the same without "--", and with no LD_LIBRARY_PATH before
    expect 0 "exec env" env -u LD_LIBRARY_PATH "$asmgl" exec env
    has "^LD_LIBRARY_PATH=$build/lib\$" "LD_LIBRARY_PATH is the build tree's lib/ alone"

    expect 7 "the program's exit status" "$asmgl" exec -- sh -c 'exit 7'
    expect 0 "arguments reach the program" "$asmgl" exec -- sh -c 'test "$1" = "a b"' sh "a b"
    expect 127 "a program that does not exist" "$asmgl" exec -- asmgl-no-such-program
    has "asmgl-no-such-program: command not found" "a missing program is named"
    printf 'not a program\n' >"$tmp/plain"
    chmod -x "$tmp/plain"
    expect 126 "a file that is not executable" "$asmgl" exec -- "$tmp/plain"
    ;;

refuse)
    # A build tree with neither vendor: both named.
    tree "$tmp/t1" build
    refused "an empty build tree" "$tmp/t1" "EGL vendor file $tmp/t1/asmgl_egl.json: not found"
    [ "$have_glx" = 1 ] && has "GLX vendor library $tmp/t1/lib/libGLX_asmgl.so.0: not found" \
        "an empty build tree: the GLX vendor"

    # An installed tree with nothing beside bin/: the installed paths named.
    tree "$tmp/t2"
    refused "an empty installed tree" "$tmp/t2" "EGL vendor file $tmp/t2/share/asmgl/asmgl_egl.json: not found"
    has "installed tree" "an empty installed tree is called so"

    # The JSON is there, its library is not.
    tree "$tmp/t3" build
    mkdir -p "$tmp/t3/lib"
    printf '{ "file_format_version" : "1.0.0", "ICD" : { "library_path" : "lib/libEGL_asmgl.so.0" } }\n' \
        >"$tmp/t3/asmgl_egl.json"
    refused "a JSON naming a missing library" "$tmp/t3" "EGL vendor library $tmp/t3/lib/libEGL_asmgl.so.0: not found"

    # A library that is no vendor (libasmgl itself) and one that does not load.
    cp "$build/lib/libasmgl.so.0" "$tmp/t3/lib/libEGL_asmgl.so.0"
    refused "a JSON naming a library that is not a vendor" "$tmp/t3" "is not a libglvnd vendor: it has no __egl_Main"
    printf 'not a library\n' >"$tmp/t3/lib/libEGL_asmgl.so.0"
    refused "a JSON naming a file that does not load" "$tmp/t3" "libEGL_asmgl.so.0 does not load"
    printf '{ "ICD" : { } }\n' >"$tmp/t3/asmgl_egl.json"
    refused "a JSON without library_path" "$tmp/t3" 'has no "library_path"'

    # A good EGL vendor beside a missing or broken GLX one.
    if [ "$have_glx" = 1 ]; then
        tree "$tmp/t4" build
        mkdir -p "$tmp/t4/lib"
        cp -P "$build"/lib/libEGL_asmgl.so* "$build"/lib/libasmgl.so* "$tmp/t4/lib/"
        printf '{ "file_format_version" : "1.0.0", "ICD" : { "library_path" : "lib/libEGL_asmgl.so.0" } }\n' \
            >"$tmp/t4/asmgl_egl.json"
        refused "a build tree without the GLX vendor" "$tmp/t4" "GLX vendor library $tmp/t4/lib/libGLX_asmgl.so.0: not found"
        lacks "EGL vendor" "a build tree without the GLX vendor: the EGL vendor is fine"
        cp "$build/lib/libasmgl.so.0" "$tmp/t4/lib/libGLX_asmgl.so.0"
        refused "a GLX library that is not a vendor" "$tmp/t4" "is not a libglvnd vendor: it has no __glx_Main"
        if [ -n "$bad_glx_vendor" ]; then
            cp "$bad_glx_vendor" "$tmp/t4/lib/libGLX_asmgl.so.0"
            refused "a GLX vendor that turns libglvnd's ABI down" "$tmp/t4" "refused libglvnd's GLX vendor ABI"
        fi
    fi

    # Programs the variables cannot reach, with asmgl's own vendors in place.
    printf '\177ELF\001\001\001\000\000\000\000\000\000\000\000\000' >"$tmp/elf32"
    chmod +x "$tmp/elf32"
    expect 125 "a 32-bit program" "$asmgl" exec -- "$tmp/elf32"
    has "is a 32-bit program" "a 32-bit program is refused"
    cp /bin/true "$tmp/suid"
    chmod u+s "$tmp/suid"
    if [ -u "$tmp/suid" ]; then
        expect 125 "a set-user-ID program" "$asmgl" exec -- "$tmp/suid"
        has "set-user-ID" "a set-user-ID program is refused"
    fi
    ;;

eglinfo)
    command -v eglinfo >/dev/null || { echo "SKIP: eglinfo (mesa-utils) is not installed"; exit 77; }
    # Headless (no DISPLAY): the surfaceless and device platforms.  eglinfo
    # exits non-zero when a platform fails to initialise, so its status
    # only has to show that the launcher ran it (below 125).
    # Without the launcher: Mesa's vendor, so the check below can fail.
    env -u DISPLAY -u __EGL_VENDOR_LIBRARY_FILENAMES -u __EGL_VENDOR_LIBRARY_DIRS eglinfo >"$tmp/out" 2>&1
    has "EGL vendor string: Mesa" "eglinfo without the launcher reports Mesa"
    env -u DISPLAY "$asmgl" exec -- eglinfo >"$tmp/out" 2>&1
    status=$?
    [ "$status" -lt 125 ] || fail "asmgl exec -- eglinfo: exit $status"
    has "EGL vendor string: asmgl" "eglinfo reports asmgl's EGL vendor"
    lacks "EGL vendor string: Mesa" "eglinfo reports no other vendor"
    ;;

glxinfo)
    if [ "$have_glx" != 1 ]; then
        echo "SKIP: this build has no GLX vendor (target GLX_asmgl, glx/)"
        exit 77
    fi
    command -v glxinfo >/dev/null || { echo "SKIP: glxinfo (mesa-utils) is not installed"; exit 77; }
    command -v xvfb-run >/dev/null || { echo "SKIP: xvfb-run (xvfb) is not installed"; exit 77; }
    # Without the launcher Xvfb's GLX_EXT_libglvnd answer picks Mesa.
    env -u __GLX_VENDOR_LIBRARY_NAME xvfb-run -a glxinfo -B >"$tmp/out" 2>&1
    has "OpenGL renderer string: llvmpipe" "glxinfo -B without the launcher reports llvmpipe"
    expect 0 "asmgl exec -- glxinfo -B" xvfb-run -a "$asmgl" exec -- glxinfo -B
    has "OpenGL vendor string: asmgl\$" "glxinfo -B reports asmgl's vendor"
    has "OpenGL renderer string: asmgl " "glxinfo -B reports asmgl's renderer"
    ;;

*)
    echo "exec.sh: unknown mode '$mode'"
    exit 2
    ;;
esac

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "exec $mode: all checks passed"
