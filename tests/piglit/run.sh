#!/bin/sh
# tests/piglit/run.sh - piglit's own ARB program tests, those of the
# texture extensions asmgl advertises, and the display-list tests of GL
# 1.0 - 1.4 and general/ (Debian's piglit binaries, unmodified),
# on asmgl through the EGL vendor, checked against
# tests/piglit/expectations.txt.  The ctest piglit.conformance runs it.
#
# Usage: run.sh [--legacy] BUILD_DIR [RESULTS_DIR] [--update]
#   --legacy     the legacy GL set instead (the ctest piglit.legacy): every
#                test named in tests/piglit/legacy-expectations.txt, piglit's
#                tests of OpenGL 1.0 - 2.1 and of the extensions legacy
#                applications use (the file's header says how the list was
#                made), run from the quick profile with a 60 s timeout and
#                checked against that file
#   BUILD_DIR    holds asmgl_egl.json (and lib/libEGL_asmgl.so.0,
#                lib/libGLX_asmgl.so.0)
#   RESULTS_DIR  piglit's results (default BUILD_DIR/piglit-conformance,
#                BUILD_DIR/piglit-legacy with --legacy); emptied first
#   --update     rewrite the expectations from this run (see compare.py)
# Exit: 0 no test worse than expected, 1 some are (or piglit failed),
# 77 piglit is not installed (ctest reports a skip).
#
# Environment given to piglit:
#   __EGL_VENDOR_LIBRARY_FILENAMES  selects asmgl as the only EGL vendor
#   PIGLIT_PLATFORM=surfaceless_egl, EGL_PLATFORM=surfaceless
#   PIGLIT_NO_WINDOW=1  piglit's switch for window-less platforms: tests that
#       draw into the window (the three piglit runs without -fbo) report
#       their result instead of entering the platform's event loop, which on
#       surfaceless_egl is empty and makes piglit abort() (Mesa too).  The
#       -fbo tests render into a framebuffer object (ARB_framebuffer_object).
#       See expectations.txt.
#   PIGLIT_NO_FAST_SKIP=1  piglit's fast-skip asks wflinfo (waffle-utils)
#       for the GL version before each shader_test; without wflinfo it reads
#       version 0.0 and skips every test that requires GL 1.3 or more.  The
#       tests themselves check their requirements against the real context,
#       so the result no longer depends on whether waffle-utils happens to
#       be installed.
#   ASMGL_THREADS=0 unless set: piglit already runs one test per core.
#
# GLX mode (the ctest piglit.conformance.glx): with PIGLIT_PLATFORM=glx in
# the caller's environment (and an X server in DISPLAY: ctest runs it under
# xvfb-run), piglit runs on the GLX vendor instead:
# __GLX_VENDOR_LIBRARY_NAME=asmgl with BUILD_DIR/lib on
# LD_LIBRARY_PATH, and without PIGLIT_NO_WINDOW, so the tests drawn without
# -fbo render into a real window and present it.  Same expectations.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
set_name=conformance
expectations=$here/expectations.txt
if [ "${1:-}" = --legacy ]; then
    set_name=legacy
    expectations=$here/legacy-expectations.txt
    shift
fi
[ $# -ge 1 ] || { sed -n '2,19p' "$0"; exit 2; }
build=$(cd "$1" && pwd)
results=${2:-$build/piglit-$set_name}
update=${3:-}
case "$results" in --update) update=--update; results=$build/piglit-$set_name ;; esac

if ! command -v piglit >/dev/null 2>&1; then
    echo "piglit is not installed (Debian: apt-get install piglit): skipped"
    exit 77
fi
if [ "${PIGLIT_PLATFORM:-}" = glx ]; then
    if [ ! -f "$build/lib/libGLX_asmgl.so.0" ]; then
        echo "no $build/lib/libGLX_asmgl.so.0: build the glx/ target GLX_asmgl first" >&2
        exit 1
    fi
    if [ -z "${DISPLAY:-}" ]; then
        echo "PIGLIT_PLATFORM=glx needs an X server (run under xvfb-run -a)" >&2
        exit 1
    fi
    export __GLX_VENDOR_LIBRARY_NAME=asmgl
    export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    unset PIGLIT_NO_WINDOW
    # libglvnd falls back to the server's vendor (Mesa) without a word when
    # it cannot load asmgl's: make sure the renderer is asmgl's
    if ! glxinfo -B 2>&1 | grep -q "OpenGL renderer string: asmgl"; then
        glxinfo -B >&2 || true
        echo "GLX does not reach asmgl's vendor (see above)" >&2
        exit 1
    fi
else
    if [ ! -f "$build/asmgl_egl.json" ]; then
        echo "no $build/asmgl_egl.json: build the egl/ target EGL_asmgl first" >&2
        exit 1
    fi
    export __EGL_VENDOR_LIBRARY_FILENAMES="$build/asmgl_egl.json"
    export PIGLIT_PLATFORM=surfaceless_egl
    export EGL_PLATFORM=surfaceless
    export PIGLIT_NO_WINDOW=1
fi
export PIGLIT_NO_FAST_SKIP=1
# PIGLIT_TEST_TIMEOUT: seconds one piglit test may take (60 for the legacy
# list as its README runs it, 120 for the program set); the sanitizer build
# raises it, since its Debug code runs ten times slower.
export ASMGL_THREADS="${ASMGL_THREADS:-0}"

rm -rf "$results"
mkdir -p "$(dirname "$results")"
log="$results.log"
start=$(date +%s)
if [ $set_name = legacy ]; then
    # the test names are the expectations' (compare.py --names)
    python3 "$here/compare.py" "$expectations" --names >"$results.list"
    set -- --timeout "${PIGLIT_TEST_TIMEOUT:-60}" quick --test-list "$results.list"
else
    set -- --timeout "${PIGLIT_TEST_TIMEOUT:-120}" all -t asmparsertest -t arb_vertex_program -t arb_fragment_program \
        -t nv_fragment_program -t nv_vertex_program \
        -t ext_texture_integer -t ext_texture_array -t arb_texture_buffer_object \
        -t ext_texture_buffer_object -t arb_texture_multisample -t nv_gpu_program \
        -t nv_geometry -t 'opengl 1\.[014]@.*dlist' -t '^general@.*dlist'
fi
if ! piglit run "$@" "$results" >"$log" 2>&1; then
    tail -n 30 "$log" >&2
    echo "piglit run failed (log: $log)" >&2
    exit 1
fi
echo "piglit run: $(($(date +%s) - start)) s, results in $results"
exec python3 "$here/compare.py" "$expectations" "$results" $update
