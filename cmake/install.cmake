# Install rules (cmake --install, make install), included by the top-level
# CMakeLists.txt after every add_subdirectory.  What goes where, for a
# prefix P (/usr/local by default; Debian multiarch libdir, see the
# top-level CMakeLists.txt):
#   P/lib/<arch>/libasmgl.so.0.1.0, .so.0, .so   the GL library and its link
#   P/lib/<arch>/libEGL_asmgl.so.0(.1.0)         libglvnd vendors: loaded by
#   P/lib/<arch>/libGLX_asmgl.so.0(.1.0)         soname only, so no .so link
#   P/include/asmgl/asmgl.h
#   P/lib/<arch>/pkgconfig/asmgl.pc              pkg-config asmgl
#   P/lib/<arch>/cmake/asmgl/                    find_package(asmgl): asmgl::asmgl
#   P/bin/asmgl                                  the command and its launcher (asmgl exec)
#   P/share/asmgl/asmgl_egl.json                 the vendor JSON asmgl exec selects
#   ASMGL_GLVND_EGL_VENDOR_DIR/60_asmgl.json     the same vendor, where libglvnd looks
# The files whose text names the prefix (asmgl.pc, 60_asmgl.json) are
# written at install time (install_configured.cmake.in), because
# `cmake --install --prefix` may change the prefix after configuring.
include(CMakePackageConfigHelpers)

# ---- libglvnd's EGL vendor folder --------------------------------------------
# libglvnd reads its vendor JSONs from /etc/glvnd/egl_vendor.d and
# <its datadir>/glvnd/egl_vendor.d (/usr/share on Debian), never from
# P/share when P is another prefix.  The default asks libglvnd's pkg-config
# file for that datadir; a relative value is taken under the prefix (for a
# prefix outside the system, then selected with __EGL_VENDOR_LIBRARY_DIRS or
# _FILENAMES); an empty one installs no JSON there.
set(_asmgl_glvnd_dir "${CMAKE_INSTALL_DATADIR}/glvnd/egl_vendor.d")
find_package(PkgConfig QUIET)
if(PKG_CONFIG_FOUND)
  pkg_get_variable(_asmgl_glvnd_datadir libglvnd datadir)
  if(_asmgl_glvnd_datadir)
    set(_asmgl_glvnd_dir "${_asmgl_glvnd_datadir}/glvnd/egl_vendor.d")
  endif()
endif()
set(ASMGL_GLVND_EGL_VENDOR_DIR "${_asmgl_glvnd_dir}" CACHE STRING
    "Where libglvnd looks for EGL vendor JSONs (absolute, or relative to the install prefix; empty: none)")
# Vendors are tried in file-name order; Debian's Mesa is 50_mesa.json.  60
# keeps Mesa the default for every EGL program that does not ask for asmgl
# (an install must not move the whole system onto a software renderer),
# while asmgl's device is still listed by EGL_EXT_device_enumeration and
# the file selects asmgl alone through __EGL_VENDOR_LIBRARY_FILENAMES.
set(ASMGL_GLVND_EGL_VENDOR_FILE "60_asmgl.json" CACHE STRING
    "File name of asmgl's JSON in ASMGL_GLVND_EGL_VENDOR_DIR (sorting before 50_mesa.json makes asmgl the default EGL vendor)")

# ---- libraries ---------------------------------------------------------------
file(RELATIVE_PATH _asmgl_bin_to_lib ${CMAKE_INSTALL_FULL_BINDIR} ${CMAKE_INSTALL_FULL_LIBDIR})

set_target_properties(asmgl_gl PROPERTIES EXPORT_NAME asmgl)
install(TARGETS asmgl_gl EXPORT asmglTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(FILES ${CMAKE_SOURCE_DIR}/include/asmgl/asmgl.h
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/asmgl)

# The vendors find libasmgl.so.0 beside themselves ($ORIGIN), wherever the
# libraries were installed.
foreach(vendor EGL_asmgl GLX_asmgl)
  if(TARGET ${vendor})
    get_target_property(_asmgl_rpath ${vendor} INSTALL_RPATH)
    if(NOT _asmgl_rpath)
      set_target_properties(${vendor} PROPERTIES INSTALL_RPATH "$ORIGIN")
    endif()
    install(TARGETS ${vendor} LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} NAMELINK_SKIP)
  endif()
endforeach()

# ---- the asmgl command (and launcher) ----------------------------------------
if(TARGET asmgl_cli)
  set_target_properties(asmgl_cli PROPERTIES INSTALL_RPATH "$ORIGIN/${_asmgl_bin_to_lib}")
  install(TARGETS asmgl_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# ---- EGL vendor JSONs ----------------------------------------------------------
# asmgl exec's own copy sits under P/share/asmgl with a library_path relative
# to itself (libglvnd >= 1.3.4 resolves it so), which keeps an installed
# tree movable (DESTDIR, another prefix).
if(TARGET EGL_asmgl)
  file(RELATIVE_PATH ASMGL_EGL_LIBRARY_PATH ${CMAKE_INSTALL_FULL_DATADIR}/asmgl
       ${CMAKE_INSTALL_FULL_LIBDIR}/libEGL_asmgl.so.0)
  configure_file(${CMAKE_SOURCE_DIR}/egl/asmgl_egl.json.in
                 ${CMAKE_BINARY_DIR}/install/asmgl_egl.json @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/install/asmgl_egl.json
    DESTINATION ${CMAKE_INSTALL_DATADIR}/asmgl)
endif()

# ---- pkg-config, the glvnd JSON (install time), CMake package -----------------
set(ASMGL_INSTALL_EGL_VENDOR 0)
if(TARGET EGL_asmgl AND NOT ASMGL_GLVND_EGL_VENDOR_DIR STREQUAL "")
  set(ASMGL_INSTALL_EGL_VENDOR 1)
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/install_configured.cmake.in
               ${CMAKE_BINARY_DIR}/install/install_configured.cmake @ONLY)
install(SCRIPT ${CMAKE_BINARY_DIR}/install/install_configured.cmake)

set(_asmgl_cmakedir ${CMAKE_INSTALL_LIBDIR}/cmake/asmgl)
install(EXPORT asmglTargets NAMESPACE asmgl:: DESTINATION ${_asmgl_cmakedir})
configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/asmglConfig.cmake.in
  ${CMAKE_BINARY_DIR}/install/asmglConfig.cmake INSTALL_DESTINATION ${_asmgl_cmakedir})
# 0.x releases may change the API between minor versions.
write_basic_package_version_file(${CMAKE_BINARY_DIR}/install/asmglConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/install/asmglConfig.cmake
              ${CMAKE_BINARY_DIR}/install/asmglConfigVersion.cmake
  DESTINATION ${_asmgl_cmakedir})

# ---- test ----------------------------------------------------------------------
# The install into a DESTDIR, and programs built against it with pkg-config
# and with find_package (tests/install/run.sh).  Not in the sanitizer build:
# the programs built there are not instrumented.
if(TARGET asmgl_cli AND NOT ASMGL_SANITIZE)
  add_test(NAME install.destdir
    COMMAND bash ${CMAKE_SOURCE_DIR}/tests/install/run.sh ${CMAKE_BINARY_DIR} ${CMAKE_COMMAND}
            ${CMAKE_C_COMPILER} "${ASMGL_GLVND_EGL_VENDOR_DIR}" "${ASMGL_GLVND_EGL_VENDOR_FILE}"
            $<TARGET_EXISTS:GLX_asmgl>)
  set_tests_properties(install.destdir PROPERTIES TIMEOUT 300)
endif()
