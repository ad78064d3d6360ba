# demo_test_common.cmake - what the demos' test scripts (test_*.cmake, run
# with cmake -P) share; each includes it.

# Runs the command in ARGN; a failure fails the test, naming `what` and the
# command.
function(run_or_fail what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(JOIN " " cmd ${ARGN})
    message(FATAL_ERROR "${what} failed (${rc}): ${cmd}")
  endif()
endfunction()

# Runs the demo command in ARGN (its arguments but -o) once with
# ASMGL_THREADS set to each of the list `counts`, writing
# ${OUT}/threads<n>.png; every image must equal the first count's, byte for
# byte.
function(expect_same_frame_for_threads counts)
  foreach(n ${counts})
    run_or_fail("the demo with ASMGL_THREADS=${n}"
                ${CMAKE_COMMAND} -E env ASMGL_THREADS=${n} ${ARGN} -o ${OUT}/threads${n}.png)
  endforeach()
  list(GET counts 0 first)
  foreach(n ${counts})
    execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${OUT}/threads${first}.png
                            ${OUT}/threads${n}.png RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      message(FATAL_ERROR "ASMGL_THREADS=${first} and ${n} rendered different images in ${OUT}")
    endif()
  endforeach()
endfunction()
