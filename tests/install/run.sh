#!/bin/bash
# run.sh BUILD_DIR CMAKE CC GLVND_VENDOR_DIR GLVND_VENDOR_FILE HAVE_GLX
#
# The install, as a packager and a user meet it: `cmake --install BUILD_DIR
# --prefix /usr` into a DESTDIR under BUILD_DIR/install-test, then
#   - the files: libraries in the multiarch libdir (CC -print-multiarch),
#     libasmgl.so linked to the versioned library, the vendors without a .so
#     link, the header, asmgl.pc, the CMake package, the asmgl command, the
#     EGL vendor JSON in libglvnd's folder naming the installed library;
#     no build-tree path in any installed RUNPATH;
#   - a program (consumer/main.c) built with pkg-config (PKG_CONFIG_PATH and
#     PKG_CONFIG_SYSROOT_DIR into the DESTDIR) and with CMake
#     (find_package(asmgl), CMAKE_PREFIX_PATH into the DESTDIR), each run on
#     the installed libasmgl (LD_LIBRARY_PATH) and rendering its clear colour;
#   - the installed launcher, which finds its vendors relative to itself:
#     asmgl exec -- env / eglinfo / glxinfo -B (under Xvfb, with the GLX vendor).
# GLVND_VENDOR_DIR and _FILE are the CMake cache's ASMGL_GLVND_EGL_VENDOR_*
# (the folder relative to /usr when not absolute; empty: no JSON there).
set -u
build=$(cd "$1" && pwd -P)
cmake=$2
cc=$3
vendor_dir=$4
vendor_file=$5
have_glx=$6
here=$(cd "$(dirname "$0")" && pwd -P)
work=$build/install-test
dest=$work/destdir
failures=0

fail() {
    echo "FAIL: $1"
    [ -f "$work/out" ] && sed 's/^/    /' "$work/out" | tail -n 20
    failures=$((failures + 1))
}
# run DESCRIPTION COMMAND...: must exit 0; output in $work/out.
run() {
    local what=$1
    shift
    "$@" >"$work/out" 2>&1 || fail "$what (exit $?)"
}
has() { grep -qE -- "$1" "$work/out" || fail "$2: output does not match '$1'"; }

rm -rf "$work"
mkdir -p "$work"
run "cmake --install into DESTDIR" env DESTDIR="$dest" "$cmake" --install "$build" --prefix /usr
if [ "$failures" -ne 0 ]; then
    exit 1
fi

# ---- the installed files ------------------------------------------------------
arch=$("$cc" -print-multiarch 2>/dev/null)
libdir=/usr/lib${arch:+/$arch}
echo "libdir: $libdir"
for f in "$libdir/libasmgl.so.0" "$libdir/libEGL_asmgl.so.0" /usr/include/asmgl/asmgl.h \
         "$libdir/pkgconfig/asmgl.pc" "$libdir/cmake/asmgl/asmglConfig.cmake" \
         "$libdir/cmake/asmgl/asmglConfigVersion.cmake" "$libdir/cmake/asmgl/asmglTargets.cmake" \
         /usr/bin/asmgl /usr/share/asmgl/asmgl_egl.json; do
    [ -f "$dest$f" ] || fail "$f is not installed"
done
[ "$have_glx" = 1 ] && { [ -f "$dest$libdir/libGLX_asmgl.so.0" ] || fail "$libdir/libGLX_asmgl.so.0 is not installed"; }
[ -L "$dest$libdir/libasmgl.so" ] && [ "$(readlink -f "$dest$libdir/libasmgl.so")" = "$(readlink -f "$dest$libdir/libasmgl.so.0")" ] ||
    fail "libasmgl.so is not a link to libasmgl.so.0's library"
for v in EGL GLX; do
    [ ! -e "$dest$libdir/lib${v}_asmgl.so" ] || fail "lib${v}_asmgl.so: a vendor library needs no .so link"
done

if [ -n "$vendor_dir" ]; then
    case $vendor_dir in /*) ;; *) vendor_dir=/usr/$vendor_dir ;; esac
    json=$dest$vendor_dir/$vendor_file
    if [ -f "$json" ]; then
        cp "$json" "$work/out"
        has "\"library_path\" *: *\"$libdir/libEGL_asmgl.so.0\"" "$vendor_dir/$vendor_file names the installed vendor"
    else
        fail "$vendor_dir/$vendor_file is not installed"
    fi
fi

# Installed binaries find their libraries beside themselves, not in the build tree.
for f in /usr/bin/asmgl "$libdir/libEGL_asmgl.so.0" "$libdir/libGLX_asmgl.so.0"; do
    [ -f "$dest$f" ] || continue
    readelf -d "$dest$f" >"$work/out" 2>&1
    ! grep -q "$build" "$work/out" || fail "$f keeps a build-tree RUNPATH"
done

# ---- consumers -----------------------------------------------------------------
# check_consumer WHAT BINARY: runs on the DESTDIR's libasmgl and renders.
check_consumer() {
    run "$1: the program runs and reads back its clear colour" env LD_LIBRARY_PATH="$dest$libdir" "$2"
    has "0 channels wrong, GL error 0x0" "$1: the clear colour"
    local lib
    lib=$(sed -n 's/^library: //p' "$work/out")
    [ -n "$lib" ] && [ "$(readlink -f "$lib")" = "$(readlink -f "$dest$libdir/libasmgl.so.0")" ] ||
        fail "$1: ran on '$lib', not the installed $libdir/libasmgl.so.0"
}

export PKG_CONFIG_PATH="$dest$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest"
flags=$(pkg-config --cflags --libs asmgl) || fail "pkg-config asmgl"
echo "pkg-config --cflags --libs asmgl: $flags"
# shellcheck disable=SC2086 # the flags are words
run "a program built with pkg-config" "$cc" -o "$work/consumer-pc" "$here/consumer/main.c" $flags
[ -x "$work/consumer-pc" ] && check_consumer pkg-config "$work/consumer-pc"
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR

run "find_package(asmgl)" "$cmake" -S "$here/consumer" -B "$work/consumer-cmake" \
    -DCMAKE_PREFIX_PATH="$dest/usr" -DCMAKE_C_COMPILER="$cc"
run "a program built with CMake" "$cmake" --build "$work/consumer-cmake"
[ -x "$work/consumer-cmake/consumer" ] && check_consumer find_package "$work/consumer-cmake/consumer"

# ---- the installed launcher ----------------------------------------------------
run "the installed asmgl exec -- env" env -u LD_LIBRARY_PATH "$dest/usr/bin/asmgl" exec -- env
has "^__EGL_VENDOR_LIBRARY_FILENAMES=$dest/usr/share/asmgl/asmgl_egl.json\$" "the installed launcher's EGL JSON"
has "^LD_LIBRARY_PATH=$dest$libdir\$" "the installed launcher's library folder"
if command -v eglinfo >/dev/null; then
    # eglinfo's status says which platforms initialised; below 125 it ran.
    env -u DISPLAY "$dest/usr/bin/asmgl" exec -- eglinfo >"$work/out" 2>&1
    status=$?
    [ "$status" -lt 125 ] || fail "the installed asmgl exec -- eglinfo: exit $status"
    has "EGL vendor string: asmgl" "eglinfo through the installed launcher"
fi
if [ "$have_glx" = 1 ] && command -v glxinfo >/dev/null && command -v xvfb-run >/dev/null; then
    run "the installed asmgl exec -- glxinfo -B" xvfb-run -a "$dest/usr/bin/asmgl" exec -- glxinfo -B
    has "OpenGL renderer string: asmgl " "glxinfo -B through the installed launcher"
fi

if [ "$failures" -ne 0 ]; then
    echo "$failures failure(s)"
    exit 1
fi
echo "install: all checks passed"
