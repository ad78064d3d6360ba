#!/bin/sh
# test_window.sh DEMO CHECK OUT GLX_DIR EGL_JSON DEMO-ARGS... - a demo in a
# window on asmgl shows what it renders headless on asmgl.
#
# The demo runs twice with the same DEMO-ARGS (frames and size):
#  1. headless on asmgl's EGL vendor (EGL_JSON), -o OUT/headless.png;
#  2. in a window under `xvfb-run -a`, GLFW's GLX context on asmgl's GLX
#     vendor (__GLX_VENDOR_LIBRARY_NAME=asmgl, libGLX_asmgl.so.0 from
#     GLX_DIR), --screenshot OUT/window.png: the window's pixels read back
#     from the X server after the last frame's swap.
# Both runs set ASMGL_DEMO_RENDERER=asmgl, so a run that lands on another GL
# (Mesa) fails rather than compares Mesa with itself.  The screenshot must
# equal the headless frame exactly: the same renderer drew the same frame,
# and presenting it (glXSwapBuffers -> XPutImage) must not change a pixel.
# OUT/diff.png marks the pixels that differ.
#
# Exit 77 (skip) when the GLX vendor is not built or xvfb-run is missing.
set -u
[ $# -ge 5 ] || { echo "usage: test_window.sh DEMO CHECK OUT GLX_DIR EGL_JSON DEMO-ARGS..." >&2; exit 2; }
demo=$1 check=$2 out=$3 glx_dir=$4 egl_json=$5
shift 5

if [ ! -e "$glx_dir/libGLX_asmgl.so.0" ]; then
    echo "SKIP: asmgl's GLX vendor $glx_dir/libGLX_asmgl.so.0 is not built, so no window can be drawn by asmgl"
    exit 77
fi
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "SKIP: xvfb-run not found (Debian package xvfb)"
    exit 77
fi

mkdir -p "$out" || exit 1
rm -f "$out/headless.png" "$out/window.png" "$out/diff.png"

echo "== headless, EGL vendor $egl_json"
__EGL_VENDOR_LIBRARY_FILENAMES=$egl_json ASMGL_DEMO_RENDERER=asmgl \
    "$demo" --headless "$@" -o "$out/headless.png" || { echo "FAIL: the headless run"; exit 1; }

echo "== window, GLX vendor asmgl from $glx_dir"
__GLX_VENDOR_LIBRARY_NAME=asmgl LD_LIBRARY_PATH="$glx_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
ASMGL_DEMO_RENDERER=asmgl \
    xvfb-run -a -s "-screen 0 1024x768x24" "$demo" "$@" --screenshot "$out/window.png" ||
    { echo "FAIL: the windowed run"; exit 1; }

echo "== the window's screenshot against the headless frame"
"$check" compare "$out/window.png" "$out/headless.png" --tol 0 --max-bad 0 --max-mean 0 \
    --diff "$out/diff.png" || { echo "FAIL: the window does not show the headless frame ($out)"; exit 1; }
