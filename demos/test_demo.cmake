# test_demo.cmake - the demo tests, run as `cmake -DMODE=... -P test_demo.cmake`.
#
#   MODE=mesa      DEMO, MESA_JSON, CHECK, OUT: the bump demo's frame on Mesa
#                  (llvmpipe, selected by Mesa's EGL vendor JSON) has the
#                  expected properties
#   MODE=headless  DEMO, CHECK, OUT [, MESA_JSON]: asmgl's frame (the test's
#                  environment selects asmgl's EGL vendor) has the expected
#                  properties and, when MESA_JSON is given, matches the same
#                  binary's frame on Mesa, rendered now, within a tolerance
#                  (OUT/diff.png marks the misses)
#   MODE=threads   DEMO, OUT: ASMGL_THREADS=1 and =2 give byte-identical PNGs
#   MODE=refuse    DEMO, MESA_JSON, OUT: a demo that needs NV programs, on Mesa
#                  (which has none), exits with status 1 and names the missing
#                  extension: no crash, no picture
#
# The picture modes render frames 0..2 of the bump demo at 320x240 and keep
# their PNGs in OUT.  The probe points belong to that frame: re-pick them (with
# `asmgl-demo-imgcheck expect IMG --luma X,Y,0,255`) if the scene changes.

set(args --headless --frames 3 --size 320x240)

# What frame 2 of the bump demo must show (coordinates: fractions of the
# image from its top left):
#  - real content: luma varies and the mean is neither black nor blown out;
#  - the lit floor left of the small crate (0.45, 0.75) is at least 4x as
#    bright as the crate's shadow on the floor (0.51, 0.66);
#  - that shadow still gets the ambient term: dark, not black.
set(expect --min-stddev 25 --mean-range 25,120
           --brighter 0.45,0.75,0.51,0.66,4
           --luma 0.51,0.66,3,40)

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

# The demo on Mesa: only Mesa's EGL vendor is loaded, and the renderer must
# be llvmpipe.  In the sanitizer build, leak checking is off for these runs:
# Mesa's driver keeps allocations it never frees, and their stacks point into
# a library unloaded by exit time, so no suppression can name them (the runs
# on asmgl check the demo's own code for leaks).
set(on_mesa ${CMAKE_COMMAND} -E env __EGL_VENDOR_LIBRARY_FILENAMES=${MESA_JSON}
            ASMGL_DEMO_RENDERER=llvmpipe GALLIUM_DRIVER=llvmpipe ASAN_OPTIONS=detect_leaks=0)

file(MAKE_DIRECTORY ${OUT})

if(MODE STREQUAL "mesa")
  run_or_fail("the demo on Mesa" ${on_mesa} ${DEMO} ${args} -o ${OUT}/mesa.png)
  run_or_fail("the image check" ${CHECK} expect ${OUT}/mesa.png ${expect})

elseif(MODE STREQUAL "headless")
  run_or_fail("the asmgl demo" ${DEMO} ${args} -o ${OUT}/asmgl.png)
  run_or_fail("the image check" ${CHECK} expect ${OUT}/asmgl.png ${expect})
  if(MESA_JSON)
    run_or_fail("the demo on Mesa" ${on_mesa} ${DEMO} ${args} -o ${OUT}/mesa.png)
    # llvmpipe and softpipe differ by a mean of 0.44 and 0.09% of pixels
    # beyond 16 on this frame (texture filtering at the tiles' bevels); asmgl
    # gets somewhat more room than that.
    run_or_fail("the comparison with Mesa" ${CHECK} compare ${OUT}/asmgl.png ${OUT}/mesa.png
                --tol 24 --max-bad 0.02 --max-mean 4 --diff ${OUT}/diff.png)
  endif()

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2" ${DEMO} ${args})

elseif(MODE STREQUAL "refuse")
  file(REMOVE ${OUT}/refused.png)
  execute_process(COMMAND ${on_mesa} ${DEMO} --headless --frames 1 --size 64x64 -o ${OUT}/refused.png
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  message(STATUS "the demo on Mesa said:\n${err}")
  if(NOT rc EQUAL 1)
    message(FATAL_ERROR "expected exit status 1 from the demo on Mesa, got '${rc}'")
  endif()
  if(NOT err MATCHES "llvmpipe[^\n]*does not advertise GL_NV_")
    message(FATAL_ERROR "the demo on Mesa did not name the missing NV extension")
  endif()
  if(EXISTS ${OUT}/refused.png)
    message(FATAL_ERROR "the demo on Mesa wrote a picture although it refused to run")
  endif()

else()
  message(FATAL_ERROR "test_demo.cmake: unknown MODE '${MODE}'")
endif()
