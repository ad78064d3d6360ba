#!/bin/sh
# piglit_egl.sh PIGLIT_BIN - piglit's EGL tests (the "egl" groups of
# piglit's tests/opengl.py, Debian's binaries) on asmgl's vendor
# (__EGL_VENDOR_LIBRARY_FILENAMES, given by ctest) under X: the X11
# platform (windows, eglQuerySurface), EGL_KHR_create_context for desktop
# GL, the device extensions and the surfaceless platform.
#
#   pass   must pass
#   skip   asmgl lacks what the test needs (multisample or sRGB configs,
#          fence syncs, EGLImage, a GL above 2.1, a DRM device...): piglit
#          must skip it, or pass once asmgl has it; a failure or a crash is
#          an error either way
#
# Not run: the tests that ask for OpenGL ES configs or the default
# EGL_RENDERABLE_TYPE (EGL_OPENGL_ES_BIT, EGL 1.5 Table 3.4) and report
# "fail" when there is none: egl-create-pbuffer-surface,
# egl-create-largest-pbuffer-surface, egl-copy-buffers,
# egl-terminate-then-unbind-context, egl-surfaceless-context-viewport and
# the *-gles variants.  Exits 77 (a skip) without piglit or an X server.
bin=${1:?usage: piglit_egl.sh PIGLIT_BIN}
[ -x "$bin/egl-create-surface" ] || { echo "no piglit in $bin: skipped"; exit 77; }
[ -n "${DISPLAY:-}" ] || { echo "no X server: skipped"; exit 77; }

bad=0
run() { # $1: pass|skip, then the test and its arguments
    want=$1
    shift
    out=$(timeout 60 "$bin/$@" -auto 2>&1)
    rc=$?
    got=$(printf '%s\n' "$out" | sed -n 's/.*"result": "\([a-z]*\)".*/\1/p' | tail -n 1)
    [ -n "$got" ] || got="no result (exit $rc)"
    if [ "$got" = pass ] || { [ "$want" = skip ] && [ "$got" = skip ]; }; then
        echo "ok   $* : $got"
    else
        echo "FAIL $* : $got, expected $want"
        printf '%s\n' "$out" | tail -n 5 | sed 's/^/     /'
        bad=1
    fi
}

# EGL 1.4 on X11 windows
run pass egl-create-surface
run pass egl-query-surface --bad-attr
run pass egl-query-surface --bad-surface
run pass egl-query-surface --attr=EGL_HEIGHT
run pass egl-query-surface --attr=EGL_WIDTH
run skip egl-create-msaa-pbuffer-surface
run skip egl-invalid-attr
run skip egl-context-priority
run skip egl-blob-cache
run skip egl-gl_oes_egl_image
run skip egl-flush-external
run skip egl-ext_egl_image_storage
run skip egl-nok-swap-region
run skip egl-nok-texture-from-pixmap
# EGL_KHR_create_context, desktop GL
run pass egl-create-context-default-major-version-gl
run pass egl-create-context-default-minor-version-gl
run pass egl-create-context-valid-attribute-empty-gl
run pass egl-create-context-valid-attribute-null-gl
run pass egl-create-context-invalid-gl-version
run pass egl-create-context-invalid-attribute-gl
run pass egl-create-context-invalid-flag-gl
run pass egl-create-context-invalid-profile
run pass egl-create-context-core-profile
run pass egl-create-context-pre-GL32-profile
run pass egl-create-context-verify-gl-flavor
run skip egl-create-context-valid-flag-forward-compatible-gl
run skip egl-create-context-valid-flag-debug-gl gl
run skip egl-create-context-no-error gl
run skip egl_khr_gl_renderbuffer_image-clear-shared-image GL_RGBA
run skip egl-configless-context
run skip egl_khr_fence_sync
run skip egl-gl-colorspace
run skip egl-gl-colorspace srgb
run skip egl_chromium_sync_control
run skip egl_mesa_query_driver
# client extensions, devices, the surfaceless platform
run pass egl_ext_client_extensions 1
run pass egl_ext_client_extensions 2
run pass egl_ext_client_extensions 3
run pass egl_khr_get_all_proc_addresses
run pass egl_ext_device_query
run pass egl_ext_device_enumeration
run pass egl_ext_device_base
run pass egl_mesa_device_software
run skip egl_ext_device_drm
run skip egl_ext_platform_device
run pass egl_mesa_platform_surfaceless

[ $bad = 0 ] && echo "piglit.egl: ok"
exit $bad
