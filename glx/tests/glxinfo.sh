#!/bin/sh
# glxinfo.sh - the vendor selection is real: under the same X server,
# `glxinfo -B` reports asmgl's renderer with __GLX_VENDOR_LIBRARY_NAME=asmgl
# (LIBDIR on the library path) and llvmpipe with __GLX_VENDOR_LIBRARY_NAME=mesa.
#     glxinfo.sh LIBDIR        (under xvfb-run; exit 77 without glxinfo)
set -u
libdir=$1
command -v glxinfo >/dev/null 2>&1 || { echo "glxinfo not installed: skipped"; exit 77; }
# ASMGL_TOOL_PRELOAD: the ASan runtime, in the sanitizer build
asmgl=$(env __GLX_VENDOR_LIBRARY_NAME=asmgl LD_LIBRARY_PATH="$libdir" \
        ${ASMGL_TOOL_PRELOAD:+LD_PRELOAD=$ASMGL_TOOL_PRELOAD ASAN_OPTIONS=detect_leaks=0} glxinfo -B 2>&1)
mesa=$(env __GLX_VENDOR_LIBRARY_NAME=mesa glxinfo -B 2>&1)
echo "$asmgl" | grep -E "renderer string|version string"
echo "$mesa" | grep -E "renderer string"
status=0
echo "$asmgl" | grep -q "OpenGL renderer string: asmgl" || { echo "asmgl: not asmgl's renderer"; status=1; }
echo "$asmgl" | grep -q "direct rendering: Yes" || { echo "asmgl: not direct"; status=1; }
echo "$mesa" | grep -q "OpenGL renderer string: llvmpipe" || { echo "mesa: not llvmpipe"; status=1; }
exit $status
