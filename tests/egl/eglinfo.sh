#!/bin/sh
# eglinfo.sh EGLINFO - Mesa's eglinfo (mesa-utils) with asmgl's vendor
# (__EGL_VENDOR_LIBRARY_FILENAMES, given by ctest) under X: it must exit 0,
# list the X11, surfaceless and device platforms with asmgl as their vendor,
# the X11 configs rendering to windows and pixmaps ("win,pb,pix") on a
# TrueColor visual, and asmgl's device.  Exits 77 (a skip) without an X
# server.
eglinfo=$1
[ -n "$DISPLAY" ] || { echo "no X server: skipped"; exit 77; }
out=$("$eglinfo" 2>&1)
rc=$?
echo "$out"
fail() { echo "egl.eglinfo: FAIL: $*" >&2; exit 1; }
[ $rc -eq 0 ] || fail "eglinfo exited with $rc"
# the section of one platform: from its header to the next header
section() { echo "$out" | awk -v h="$1" '$0 ~ /^[A-Za-z0-9 ]+ platform:$/ {on = ($0 == h)} on'; }
for p in "X11 platform:" "Surfaceless platform:" "Device platform:"; do
    echo "$out" | grep -qx "$p" || fail "no \"$p\""
done
section "X11 platform:" | grep -q "^EGL vendor string: asmgl$" || fail "X11 vendor is not asmgl"
section "X11 platform:" | grep -Eq "^0x01 .*0x[0-9a-f]+TC .* win,pb,pix" || fail "no TrueColor window and pixmap config on X11"
section "Surfaceless platform:" | grep -q "^EGL vendor string: asmgl$" || fail "surfaceless vendor is not asmgl"
section "Surfaceless platform:" | grep -q " win" && fail "a window config without X"
section "Device platform:" | grep -q "EGL_MESA_device_software" || fail "no software device"
section "Device platform:" | grep -q "^EGL vendor string: asmgl$" || fail "device display vendor is not asmgl"
echo "egl.eglinfo: ok"
