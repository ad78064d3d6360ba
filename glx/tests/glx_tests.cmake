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

foreach(name api threads)
  add_executable(glx_test_${name} ${GLX_TEST_DIR}/${name}.c)
  target_link_libraries(glx_test_${name} OpenGL::GLX OpenGL::OpenGL ${X11_X11_LIB}
    Threads::Threads)
  target_include_directories(glx_test_${name} PRIVATE ${X11_INCLUDE_DIR})
  add_dependencies(glx_test_${name} GLX_asmgl)
endforeach()
add_test(NAME glx.api COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=0
  $<TARGET_FILE:glx_test_api>)
# the same API checks on Mesa: the reference for what they expect
add_test(NAME glx.api_mesa COMMAND ${ASMGL_XVFB} ${GLX_MESA_ENV} $<TARGET_FILE:glx_test_api> mesa)
# two threads, two windows, with the tile workers on as well
add_test(NAME glx.threads COMMAND ${ASMGL_XVFB} ${GLX_ASMGL_ENV} ASMGL_THREADS=2
  $<TARGET_FILE:glx_test_threads>)
set_tests_properties(glx.api glx.threads PROPERTIES SKIP_RETURN_CODE 77 LABELS asan)
set_tests_properties(glx.api_mesa PROPERTIES SKIP_RETURN_CODE 77)
