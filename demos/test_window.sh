#!/bin/sh
# test_window.sh GL DEMO CHECK OUT EGL_JSON GLX_DIR DEMO-ARGS... - a demo in a
# window shows what the same GL renders headless.
#
# GL is asmgl or mesa.  The demo runs twice with the same DEMO-ARGS (frames
# and size):
#  1. headless on the EGL vendor EGL_JSON, -o OUT/headless.png;
#  2. in a window under `xvfb-run -a`: GLFW's GLX context on the GLX vendor
#     named GL (for asmgl, libGLX_asmgl.so.0 from GLX_DIR; for mesa GLX_DIR
#     is unused), --screenshot OUT/window.png: the window's pixels read back
#     from the X server after the last frame's swap.
# Both runs set ASMGL_DEMO_RENDERER (asmgl, or llvmpipe for mesa), so a run
# that lands on another GL fails rather than compares that GL with itself.
# The screenshot must equal the headless frame exactly: the same renderer
# drew the same frame, and presenting it (glXSwapBuffers, then XPutImage or
# XShmPutImage) must not change a pixel.  OUT/diff.png marks the pixels that
# differ.
#
# Exit 77 (skip) when asmgl's GLX vendor is not built or xvfb-run is missing.
set -u
[ $# -ge 6 ] || { echo "usage: test_window.sh asmgl|mesa DEMO CHECK OUT EGL_JSON GLX_DIR DEMO-ARGS..." >&2; exit 2; }
gl=$1 demo=$2 check=$3 out=$4 egl_json=$5 glx_dir=$6
shift 6

case $gl in
asmgl)
    renderer=asmgl
    if [ ! -e "$glx_dir/libGLX_asmgl.so.0" ]; then
        echo "SKIP: asmgl's GLX vendor $glx_dir/libGLX_asmgl.so.0 is not built, so asmgl cannot draw a window"
        exit 77
    fi
    # libglvnd dlopens libGLX_<name>.so.0 by name: the build's lib/ first
    libpath="$glx_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ;;
mesa)
    renderer=llvmpipe
    libpath=${LD_LIBRARY_PATH:-}
    GALLIUM_DRIVER=llvmpipe
    # Mesa's own allocations are not ours to check (see test_demo.cmake)
    ASAN_OPTIONS=detect_leaks=0
    export GALLIUM_DRIVER ASAN_OPTIONS ;;
*)
    echo "test_window.sh: GL must be asmgl or mesa, not '$gl'" >&2
    exit 2 ;;
esac
if ! command -v xvfb-run >/dev/null 2>&1; then
    echo "SKIP: xvfb-run not found (Debian package xvfb)"
    exit 77
fi

mkdir -p "$out" || exit 1
rm -f "$out/headless.png" "$out/window.png" "$out/diff.png"

echo "== headless, EGL vendor $egl_json"
__EGL_VENDOR_LIBRARY_FILENAMES=$egl_json ASMGL_DEMO_RENDERER=$renderer \
    "$demo" --headless "$@" -o "$out/headless.png" || { echo "FAIL: the headless run"; exit 1; }

echo "== window, GLX vendor $gl"
# Xvfb as the other X tests run it (winsys/CMakeLists.txt).  The vendor
# variables reach the demo only (env inside xvfb-run), never Xvfb.
# In the sanitizer build leaks are checked here too on asmgl: glfwTerminate
# unloads libGL and with it the GLX vendor, which frees what it holds in
# its globals (glx_config.c's per-screen configs) as it goes.  On Mesa
# leak checking stays off (its driver state, set above).
xvfb-run -a -s "-screen 0 1024x768x24 -nolisten tcp -noreset" \
    env __GLX_VENDOR_LIBRARY_NAME="$gl" LD_LIBRARY_PATH="$libpath" ASMGL_DEMO_RENDERER=$renderer \
    "$demo" "$@" --screenshot "$out/window.png" ||
    { echo "FAIL: the windowed run"; exit 1; }

echo "== the window's screenshot against the headless frame"
"$check" compare "$out/window.png" "$out/headless.png" --tol 0 --max-bad 0 --max-mean 0 \
    --diff "$out/diff.png" || { echo "FAIL: the window does not show the headless frame ($out)"; exit 1; }
