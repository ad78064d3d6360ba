# test_pcss.cmake - the PCSS demo's tests:
#   cmake -DMODE=headless|threads -DDEMO=... [-DCHECK=...] -DOUT=DIR -P test_pcss.cmake
#
# covers: OP.TXG OP.TXGO
#
# Frame 0 at 320x240 (pcss.c): the camera looks straight down, 30 px per
# world unit, world x = -16/3 at the left edge and z = -4 at the top, so
# world (x, z) lies at PNG column 30 (x + 16/3) - 0.5 and row 30 (z + 4) - 0.5
# (pixel centres).  The light is at L = (-3, 10, 0); a point (x, y, z)
# casts its shadow onto the ground at L + ((x, z) - L.xz) * 10 / (10 - y).
#
# Colours (8 bits): the ground's albedo (0.78, 0.74, 0.66) times
# 0.25 + 0.75 N.l, N.l = 10 / |L| = 10 / sqrt(109) = 0.9578 when lit:
# (192.6, 182.7, 163.0) -> luma 183.4; times 0.25 in the umbra:
# (49.7, 47.2, 42.1) -> luma 47.4.
#  - full light, far from every shadow: PNG (295, 150) (world (4.5, 1.0))
#    and (25, 90) (world (-4.5, -1.0)).
#  - slab A (y 1.45..1.55, x 0.5..1.5, z 1.3..2.3): the light's ray through
#    its centre (1, 1.55, 1.8) meets the ground at (1.734, 2.130), PNG
#    (211, 183): umbra.  Along that row the shadow's far edge is where the
#    slab's top outer edge x = 1.5 projects: -3 + 4.5 * 10 / 8.45 = 2.325
#    (column 229.3); the penumbra there is LIGHT_SIZE (d_r - d_b) / d_b =
#    1.5 * 1.55 / 8.45 = 0.275 units = 8.3 px wide (columns 225..233).
#  - slab B (y 4.95..5.05, x -2.8..-1.2, z -2.3..-0.7): the ray through its
#    centre (-2, 5.05, -1.5) meets the ground at (-0.980, -3.030), PNG
#    (130, 28): umbra.  Along row 28 the far edge x = -1.2 projects to
#    -3 + 1.8 * 10 / 4.95 = 0.636 (column 178.6) with a penumbra of
#    1.5 * 5.05 / 4.95 = 1.53 units = 45.9 px (columns 156..202).
# The higher slab's penumbra is 5.6 times as wide: the transition (pixels
# strictly between umbra + 8 and lit - 8 in luma, i.e. (55, 176)) counts
# about 88% of the width (a linear ramp; the 13-sample PCF is noisy but
# stays inside the band): slab A 3..14 pixels over columns 212..260, slab B
# 30..60 over columns 135..225 (no other shadow reaches either stretch:
# the pillar's, rows 24..72, begins at its own side x = 2.6, column 238;
# the torus's lies below row 190).

set(args --headless --frames 1 --first 0 --size 320x240)

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

file(MAKE_DIRECTORY ${OUT})

if(MODE STREQUAL "headless")
  run_or_fail("the demo" ${DEMO} ${args} -o ${OUT}/frame0.png)
  run_or_fail("the PCSS checks" ${CHECK} expect ${OUT}/frame0.png
              --pixel 295,150,182,185 --pixel 25,90,182,185     # full light
              --pixel 211,183,45,50 --pixel 130,28,45,50        # umbrae under the slabs' centres
              --pixel 215,183,45,50 --pixel 140,28,45,50
              --pixel 240,183,182,185 --pixel 215,28,182,185    # lit past the penumbrae
              --ramp 212,260,183,55,176,3,14                    # slab A, low: narrow
              --ramp 135,225,28,55,176,30,60)                   # slab B, high: wide
  # a later frame, light moved and camera tilted: still shadows and light
  run_or_fail("the demo, frame 40" ${DEMO} --headless --frames 1 --first 40 --size 320x240
              -o ${OUT}/frame40.png)
  run_or_fail("the frame 40 checks" ${CHECK} expect ${OUT}/frame40.png --min-stddev 20 --min-peak 180)

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2;4" ${DEMO} --headless --frames 1 --first 25 --size 320x240)

else()
  message(FATAL_ERROR "test_pcss.cmake: unknown MODE '${MODE}'")
endif()
