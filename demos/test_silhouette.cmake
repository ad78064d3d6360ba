# test_silhouette.cmake - the silhouette demo's tests:
#   cmake -DMODE=headless|threads -DDEMO=... [-DCHECK=...] -DOUT=DIR -P test_silhouette.cmake
#
# Frame 0 at 320x240: the torus (R = 0.6, r = 0.25) lies in the screen plane
# under an orthographic view of half-height 1.2, so 100 pixels per unit,
# centred on the image.  Its silhouette is the circles of radius 85 px
# (R + r) and 35 px (R - r); the geometry program extrudes 8-pixel fins
# outwards from the outer one (85..93 px) and inwards from the inner one
# (27..35 px).  Along the middle row, from the centre (x = 160) to the right:
#   x = 160       the hole: background (0.35, 0.42, 0.55) = (89, 107, 140) -> luma 105.5
#   x = 191       inner fin, 31 px: black
#   x = 220       tube top, 60 px: normal (0, 0, 1), N.L = 1/sqrt(1.34) = 0.864,
#                 and the facets either side (tilted 11.25 degrees) 0.898 and
#                 0.797: band 2 -> 0.95 * (0.95, 0.55, 0.2) = (230, 133, 48) -> luma 152.5
#   x = 249       outer fin, 89 px: black
#   x = 275       outside, 115 px: background
# and the same mirrored on the left and along the middle column (fins are
# in every direction).  Fractions: x / 320 and y / 240 of pixel centres.

set(args --headless --frames 1 --first 0 --size 320x240)

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

file(MAKE_DIRECTORY ${OUT})

if(MODE STREQUAL "headless")
  run_or_fail("the demo" ${DEMO} ${args} -o ${OUT}/frame0.png)
  run_or_fail("the silhouette checks" ${CHECK} expect ${OUT}/frame0.png
              --luma 0.5016,0.5021,100,111      # hole
              --luma 0.5984,0.5021,0,20         # inner fin, right
              --luma 0.6891,0.5021,145,160      # tube top
              --luma 0.7797,0.5021,0,20         # outer fin, right
              --luma 0.8609,0.5021,100,111      # outside, right
              --luma 0.2203,0.5021,0,20         # outer fin, left (x = 71)
              --luma 0.4047,0.5021,0,20         # inner fin, left (x = 129)
              --luma 0.5016,0.1312,0,20         # outer fin, top (row 31)
              --luma 0.5016,0.8729,0,20)        # outer fin, bottom (row 209)
  # a later frame, turned: still outlined and shaded (not all one colour)
  run_or_fail("the demo, frame 40" ${DEMO} --headless --frames 1 --first 40 --size 320x240
              -o ${OUT}/frame40.png)
  run_or_fail("the frame 40 checks" ${CHECK} expect ${OUT}/frame40.png --min-stddev 20)

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2;4" ${DEMO} --headless --frames 1 --first 25 --size 320x240)

else()
  message(FATAL_ERROR "test_silhouette.cmake: unknown MODE '${MODE}'")
endif()
