#!/bin/sh
# gears.sh - glxgears on asmgl against glxgears on Mesa (llvmpipe), in the
# same X server (run it under xvfb-run):
#     gears.sh LIBDIR OUTDIR CHECKER
# LIBDIR holds libGLX_asmgl.so.0.  Each run draws for a few seconds in a
# 300x300 window; xwd then dumps the window and CHECKER (gears_check.py)
# compares the share of the window each gear's colour covers.  Exit 77
# when glxgears, xwd or python3 is missing.
set -u
libdir=$1 out=$2 checker=$3
for tool in glxgears xwd python3; do
    command -v $tool >/dev/null 2>&1 || { echo "$tool not installed: skipped"; exit 77; }
done
mkdir -p "$out"

# shot VENDOR FILE [ENV...]: runs glxgears on VENDOR, dumps its window
shot() {
    vendor=$1 file=$2
    shift 2
    env __GLX_VENDOR_LIBRARY_NAME=$vendor "$@" stdbuf -oL glxgears -info -geometry 300x300+0+0 \
        >"$out/$vendor.log" 2>&1 &
    pid=$!
    sleep 4
    xwd -name glxgears -silent -out "$file"
    status=$?
    kill $pid 2>/dev/null
    wait $pid 2>/dev/null
    grep GL_RENDERER "$out/$vendor.log"
    return $status
}

shot mesa "$out/mesa.xwd" || { echo "no screenshot of glxgears on Mesa"; exit 1; }
# ASMGL_TOOL_PRELOAD: the ASan runtime, in the sanitizer build
shot asmgl "$out/asmgl.xwd" LD_LIBRARY_PATH="$libdir" \
    ${ASMGL_TOOL_PRELOAD:+LD_PRELOAD=$ASMGL_TOOL_PRELOAD ASAN_OPTIONS=detect_leaks=0} || { echo "no screenshot on asmgl"; exit 1; }
grep -q "GL_RENDERER *= *asmgl" "$out/asmgl.log" || { echo "glxgears did not run on asmgl"; exit 1; }
python3 "$checker" "$out/mesa.xwd" "$out/asmgl.xwd"
