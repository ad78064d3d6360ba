# test_oit.cmake - the order-independent transparency demo's tests:
#   cmake -DMODE=headless|threads -DDEMO=... -DREF=... -DCHECK=... -DGOLDEN=... -DOUT=DIR -P test_oit.cmake
#
# covers: OP.ATOM OP.STORE OP.LOAD MOD.AT_ADD MOD.AT_EXCH MOD.ST_U32X4 EDGE.KIL_STORES
#
# headless: frame 0 at 320x240 against the golden image demos/data/oit_golden.png,
# which asmgl-demo-oit-ref (demos/tools/oit_ref.c) computes on the CPU from the
# scene description alone, in double precision: every pixel within 3 of it per
# channel, but for at most 0.3% of the pixels (a pixel centre on an edge or on
# the line where two depth planes cross may go either way; the comparison also
# forgives an edge moved by one pixel).  The committed golden image must be
# exactly what the reference program computes now (so it is never an asmgl
# output).  Then frame 30, whose rectangles have turned, against the
# reference's frame 30.
# threads: frame 12 with 1, 2 and 4 worker threads: identical PNGs, although
# the node numbers the shared ATOM counter hands out differ between runs.

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

file(MAKE_DIRECTORY ${OUT})
set(args --headless --frames 1 --size 320x240)

if(MODE STREQUAL "headless")
  run_or_fail("the reference" ${REF} 0 320 240 ${OUT}/ref0.png)
  run_or_fail("the committed golden image against the reference" ${CHECK} compare ${GOLDEN} ${OUT}/ref0.png
              --tol 0 --max-bad 0 --max-mean 0)
  run_or_fail("the demo" ${DEMO} ${args} --first 0 -o ${OUT}/frame0.png)
  run_or_fail("frame 0 against the golden image" ${CHECK} compare ${OUT}/frame0.png ${GOLDEN}
              --tol 3 --max-bad 0.003 --max-mean 0.5 --diff ${OUT}/diff0.png)
  run_or_fail("the reference, frame 30" ${REF} 30 320 240 ${OUT}/ref30.png)
  run_or_fail("the demo, frame 30" ${DEMO} ${args} --first 30 -o ${OUT}/frame30.png)
  run_or_fail("frame 30 against the reference" ${CHECK} compare ${OUT}/frame30.png ${OUT}/ref30.png
              --tol 3 --max-bad 0.003 --max-mean 0.5 --diff ${OUT}/diff30.png)

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2;4" ${DEMO} ${args} --first 12)

else()
  message(FATAL_ERROR "test_oit.cmake: unknown MODE '${MODE}'")
endif()
