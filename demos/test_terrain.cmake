# test_terrain.cmake - the tessellated terrain demo's tests:
#   cmake -DMODE=headless|threads -DDEMO=... [-DCHECK=...] -DOUT=DIR -P test_terrain.cmake
#
# covers: HDR.NVTCP50 HDR.NVTEP50 BIND.R.PATCH_TESSOUTER BIND.R.PATCH_TESSINNER BIND.T.TESSCOORD OP.TXG OP.TXL
#
# Frame 0 at 320x240 (terrain.c): the camera looks straight down, 30 px per
# world unit, world x = -16/3 at the left edge and z = -4 at the top, so
# world (x, z) lies at PNG column 30 (x + 16/3) - 0.5 and row 30 (z + 4) - 0.5.
# The terrain covers the whole view.  Where the height field is flat the
# normal is up and N.l = 1 / |(0.3, 1, 0.2)| = 0.94072, so the shade is
# 0.3 + 0.7 * 0.94072 = 0.95850 (independent of the tessellation):
#  - the plain (height 0): LOW_ALBEDO (0.3, 0.5, 0.2) * 0.9585 * 255 =
#    (73.3, 122.2, 48.9) -> luma 99.2; world (-4, 3) -> PNG (39, 209) and
#    world (4.5, 3.5) -> PNG (294, 224);
#  - the plateau top (height 1 = HMAX, displaced by the evaluation program,
#    whose height also picks the albedo): HIGH_ALBEDO 0.9 * 0.9585 * 255 =
#    220.0 in every channel -> luma 220; its centre world (2.5, -1) -> PNG
#    (234, 89), flat within 0.8 units (24 px): also (250, 89), (234, 75);
#  - the hills (0.45 (1 - cos pi (x + 5)) (1 - cos pi (z + 4)) / 4 over
#    x in [-5, -1], z in [-4, 0]) peak at x = -4, -2 and z = -3, -1; the
#    summit at world (-2, -1) -> PNG (99, 89): height 0.45 ->
#    albedo LOW + 0.45 (HIGH - LOW) = (0.57, 0.68, 0.515) -> luma 153.7 at
#    the summit; the tessellated surface interpolates between generated
#    vertices, at most a few percent below it there: [135, 158].  Untessellated
#    (every level 1) the summit lies on the patch edge x = -2 between the
#    corners z = -1.5 and -0.5, whose heights are 0.225: luma 126, outside.
# A flat, undisplaced terrain (no evaluation program, or TXL reading 0)
# would be 99 everywhere; a missing patch leaves the sky (luma 137).
#
# Frame 30: the camera tilted by 50 sin 1.2 = 46.6 degrees; the terrain
# (z in [-4.5, 4.5], y in [0, 1.5]) spans rows 27..213 (the plain's far
# and near edges, clip y = (y cos 43.4 - z sin 43.4) / 4), with the sky above
# and below.  A hole in the terrain (a patch or triangle missing) shows the
# clear colour (115, 140, 178) inside rows 30..208; the terrain's colours all
# have blue <= green, far from it.  (This is not a crack test: a crack
# between patches of different levels opens only where an edge's height
# curves, is a pixel at most here, and was not caught when one outer level
# was set wrong; that no crack can appear follows from the control
# program's per-edge levels.)

set(args --headless --frames 1 --first 0 --size 320x240)

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

file(MAKE_DIRECTORY ${OUT})

if(MODE STREQUAL "headless")
  run_or_fail("the demo" ${DEMO} ${args} -o ${OUT}/frame0.png)
  run_or_fail("the terrain checks" ${CHECK} expect ${OUT}/frame0.png
              --pixel 39,209,97,102 --pixel 294,224,97,102      # the plain
              --pixel 234,89,218,222 --pixel 250,89,218,222     # the plateau top
              --pixel 234,75,218,222
              --pixel 99,89,135,158)                            # the hill top
  # a later frame, viewpoint moved and camera tilted: still lit relief
  run_or_fail("the demo, frame 30" ${DEMO} --headless --frames 1 --first 30 --size 320x240
              -o ${OUT}/frame30.png)
  run_or_fail("the frame 30 checks" ${CHECK} expect ${OUT}/frame30.png --min-stddev 15 --min-peak 200
              --absent 115,140,178,12,0,30,319,208)               # no hole shows the sky

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2;4" ${DEMO} --headless --frames 1 --first 25 --size 320x240)

else()
  message(FATAL_ERROR "test_terrain.cmake: unknown MODE '${MODE}'")
endif()
