# GLX tests (glx/tests/): ordinary libglvnd programs run under their own
# Xvfb (ASMGL_XVFB, winsys/CMakeLists.txt) with the vendor selected by the
# environment; each exits 77 (a skip) without an X server.
set(OpenGL_GL_PREFERENCE GLVND)
find_package(OpenGL COMPONENTS OpenGL GLX)
if(NOT OpenGL_OpenGL_FOUND OR NOT OpenGL_GLX_FOUND)
  message(STATUS "glx: libGLX/libOpenGL (libglvnd) not found: glx.* tests not built")
  return()
endif()
set(GLX_TEST_DIR ${CMAKE_CURRENT_SOURCE_DIR}/tests)
# The vendor variables go to the program only (env inside xvfb-run): Xvfb
# itself links libGLX, and must not load asmgl (nor, in the sanitizer
# build, an instrumented library without the ASan runtime).
set(GLX_ASMGL_ENV env __GLX_VENDOR_LIBRARY_NAME=asmgl
    LD_LIBRARY_PATH=$<TARGET_FILE_DIR:GLX_asmgl>)
set(GLX_MESA_ENV env __GLX_VENDOR_LIBRARY_NAME=mesa)
# glxinfo and glxgears are not ours: in the sanitizer build their asmgl runs
# get the ASan runtime preloaded (and their own leaks are not ours).
set(GLX_TOOL_ENV env)
if(ASMGL_SANITIZE AND EXISTS "${ASMGL_ASAN_RUNTIME}")
  set(GLX_TOOL_ENV env ASMGL_TOOL_PRELOAD=${ASMGL_ASAN_RUNTIME})
endif()

foreach(name api threads multisample)
  add_executable(glx_test_${name} ${GLX_TEST_DIR}/${name}.c)
  target_link_libraries(glx_test_${name} OpenGL::GLX OpenGL::OpenGL ${X11_X11_LIB}
    Threads::Threads)
  target_include_directories(glx_test_${name} PRIVATE ${X11_INCLUDE_DIR})
  add_dependencies(glx_test_${name} GLX_asmgl)
endforeach()
add_test(NAME glx.api COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0
  $<TARGET_FILE:glx_test_api>)
# the same through XPutImage instead of MIT-SHM
add_test(NAME glx.api_putimage COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0 ASMGL_XSHM=0
  $<TARGET_FILE:glx_test_api>)
set_tests_properties(glx.api_putimage PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)
# the same API checks on Mesa: the reference for what they expect
add_test(NAME glx.api_mesa COMMAND ${ASMGL_XVFB} ${GLX_MESA_ENV} $<TARGET_FILE:glx_test_api> mesa)
# two threads, two windows, with the tile workers on as well
add_test(NAME glx.threads COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=2
  $<TARGET_FILE:glx_test_threads>)
set_tests_properties(glx.api glx.threads PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)
set_tests_properties(glx.api_mesa PROPERTIES SKIP_RETURN_CODE 77 LABELS mesa_peer)
# GLX_ARB_multisample: a 4-sample window's resolved edge pixels against
# the hand-computed coverage (llvmpipe samples elsewhere: no Mesa run)
add_test(NAME glx.multisample COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0
  $<TARGET_FILE:glx_test_multisample>)
set_tests_properties(glx.multisample PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)

# glxinfo -B: asmgl's renderer with the asmgl vendor, llvmpipe with Mesa's
add_test(NAME glx.glxinfo COMMAND ${ASMGL_XVFB} ${GLX_TOOL_ENV} sh ${GLX_TEST_DIR}/glxinfo.sh
  $<TARGET_FILE_DIR:GLX_asmgl>)
set_tests_properties(glx.glxinfo PROPERTIES SKIP_RETURN_CODE 77)

# glxgears on asmgl and on Mesa in one Xvfb; each gear's colour must cover
# a share of the window close to Mesa's (gears_check.py).  glxgears draws
# with display lists: until asmgl has them (glNewList in
# gl/gl_entrypoints.def) it is disabled rather than failing, and so is
# glx.xfont.
find_package(Python3 COMPONENTS Interpreter)
add_test(NAME glx.glxgears
  COMMAND ${ASMGL_XVFB} ${GLX_TOOL_ENV} sh ${GLX_TEST_DIR}/gears.sh $<TARGET_FILE_DIR:GLX_asmgl>
          ${CMAKE_CURRENT_BINARY_DIR}/glxgears ${GLX_TEST_DIR}/gears_check.py)
set_tests_properties(glx.glxgears PROPERTIES SKIP_RETURN_CODE 77 TIMEOUT 120)
# glXUseXFont's lists against the server's own glyphs
add_executable(glx_test_xfont ${GLX_TEST_DIR}/xfont.c)
target_link_libraries(glx_test_xfont OpenGL::GLX OpenGL::OpenGL ${X11_X11_LIB})
target_include_directories(glx_test_xfont PRIVATE ${X11_INCLUDE_DIR})
add_dependencies(glx_test_xfont GLX_asmgl)
add_test(NAME glx.xfont COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0
  $<TARGET_FILE:glx_test_xfont>)
set_tests_properties(glx.xfont PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)
file(READ ${CMAKE_SOURCE_DIR}/gl/gl_entrypoints.def ASMGL_ENTRYPOINTS)
if(NOT ASMGL_ENTRYPOINTS MATCHES "GL_ENTRY\\(glNewList\\)")
  message(STATUS "glx: asmgl has no display lists yet: glx.glxgears and glx.xfont are disabled")
  set_tests_properties(glx.glxgears glx.xfont PROPERTIES DISABLED TRUE)
endif()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/gl/gl_entrypoints.def)

# A GLFW program on GLX: 100 frames with a resize between (libglfw3-dev).
find_package(glfw3 QUIET)
if(glfw3_FOUND)
  add_executable(glx_test_glfw ${GLX_TEST_DIR}/glfw.c)
  target_link_libraries(glx_test_glfw glfw OpenGL::OpenGL ${X11_X11_LIB})
  target_include_directories(glx_test_glfw PRIVATE ${X11_INCLUDE_DIR})
  add_dependencies(glx_test_glfw GLX_asmgl)
  add_test(NAME glx.glfw COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0
    $<TARGET_FILE:glx_test_glfw>)
  add_test(NAME glx.glfw_mesa COMMAND ${ASMGL_XVFB} ${GLX_MESA_ENV} $<TARGET_FILE:glx_test_glfw> mesa)
  set_tests_properties(glx.glfw PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)
  set_tests_properties(glx.glfw_mesa PROPERTIES SKIP_RETURN_CODE 77 LABELS mesa_peer)
else()
  message(STATUS "glx: GLFW not found (libglfw3-dev): glx.glfw not built")
endif()

# piglit's ARB/NV program set (tests/piglit/run.sh) on the GLX vendor under
# Xvfb, against the same expectations as the surfaceless EGL run; the tests
# drawn without -fbo present to a real window.  Minutes on 2 cores.
# In the sanitizer build the ASan runtime is preloaded for the instrumented
# vendor (piglit's programs are not instrumented), for piglit only.
set(GLX_PIGLIT_ENV PIGLIT_PLATFORM=glx)
set(GLX_PIGLIT_DISABLED FALSE)
if(ASMGL_SANITIZE)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libasan.so
    OUTPUT_VARIABLE GLX_LIBASAN OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(EXISTS "${GLX_LIBASAN}")
    list(APPEND GLX_PIGLIT_ENV LD_PRELOAD=${GLX_LIBASAN} ASAN_OPTIONS=detect_leaks=0)
  else()
    set(GLX_PIGLIT_DISABLED TRUE)
  endif()
endif()
add_test(NAME piglit.conformance.glx
  COMMAND ${ASMGL_XVFB} env ${GLX_PIGLIT_ENV} sh ${CMAKE_SOURCE_DIR}/tests/piglit/run.sh
          ${CMAKE_BINARY_DIR} ${CMAKE_BINARY_DIR}/piglit-conformance-glx)
set_tests_properties(piglit.conformance.glx PROPERTIES
  SKIP_RETURN_CODE 77 TIMEOUT 900 PROCESSORS 2 DISABLED ${GLX_PIGLIT_DISABLED})
