# gl/tests/ffgen.cmake - tests of the fixed-function program generator
# (gl/gl_ffgen*.c).  gl/CMakeLists.txt includes this file; it needs nothing
# else from gl/, so it also works included on its own.
#
#   gl.ffgen_keys          keys, hashing, canonical form, program text (no GL)
#   gl.ffgen_vs_mesa       generated programs vs Mesa's fixed function (OSMesa)
#   gl.ffgen_mesa_compile  random keys: every program loads on Mesa
#   gl.ffgen_compile       random keys: every program compiles with gp_compile
#                          (once glprog/ builds)
set(FFGEN_GL_DIR ${CMAKE_CURRENT_LIST_DIR}/..)
set(FFGEN_ROOT ${CMAKE_CURRENT_LIST_DIR}/../..)

file(GLOB FFGEN_SOURCES CONFIGURE_DEPENDS ${FFGEN_GL_DIR}/gl_ffgen*.c)
add_library(gl_ffgen_standalone STATIC ${FFGEN_SOURCES})
target_include_directories(gl_ffgen_standalone PUBLIC ${FFGEN_GL_DIR} ${FFGEN_ROOT}/include ${FFGEN_ROOT}/glprog)

add_executable(test_ffgen_keys ${CMAKE_CURRENT_LIST_DIR}/test_ffgen_keys.c)
target_link_libraries(test_ffgen_keys gl_ffgen_standalone)
add_test(NAME gl.ffgen_keys COMMAND test_ffgen_keys)

find_library(FFGEN_OSMESA_LIB OSMesa)
if(FFGEN_OSMESA_LIB)
  add_executable(test_ffgen_mesa ${CMAKE_CURRENT_LIST_DIR}/test_ffgen_mesa.c ${FFGEN_ROOT}/tools/peer/asmgl_osmesa.c)
  target_link_libraries(test_ffgen_mesa gl_ffgen_standalone ${FFGEN_OSMESA_LIB} m)
  add_test(NAME gl.ffgen_vs_mesa COMMAND test_ffgen_mesa render)
  add_test(NAME gl.ffgen_mesa_compile COMMAND test_ffgen_mesa compile 1000)
  # OSMesa's llvmpipe: one thread keeps the run light on small machines.
  set_tests_properties(gl.ffgen_vs_mesa gl.ffgen_mesa_compile PROPERTIES ENVIRONMENT "LP_NUM_THREADS=0")
else()
  message(STATUS "ffgen: libOSMesa not found, gl.ffgen_vs_mesa skipped")
endif()

if(TARGET glprog AND EXISTS ${FFGEN_ROOT}/glprog/gp_parse.c)
  add_executable(test_ffgen_compile ${CMAKE_CURRENT_LIST_DIR}/test_ffgen_compile.c)
  target_link_libraries(test_ffgen_compile gl_ffgen_standalone glprog)
  add_test(NAME gl.ffgen_compile COMMAND test_ffgen_compile)
endif()
