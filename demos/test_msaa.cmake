# test_msaa.cmake - the msaa demo's tests:
#   cmake -DMODE=headless|threads -DDEMO=... [-DCHECK=...] -DOUT=DIR -P test_msaa.cmake
#
# covers: OP.IPAS OP.IPAO
#
# Frame 0 at 320x240: one design unit is one pixel (msaa_aa.c).  Columns x
# and rows y below are PNG pixels from the top left; a PNG row y is GL
# window row 239 - y, whose pixel centres lie at GL y = 239 - y + 0.5.
# asmgl's 4x sample positions (rasterizer/rast.h "Multisampling") from a
# pixel's lower-left corner: (0.375, 0.125) (0.875, 0.375) (0.125, 0.625)
# (0.625, 0.875); the x fractions are 3/8, 7/8, 1/8, 5/8.  Luma = 0.299 R +
# 0.587 G + 0.114 B of 8-bit colours.
#
# Checkerboard, PNG row 104 (GL y = 135.5; v = (135.5 - 120) / 10.25 = 1.51,
# and 1.475..1.549 at the samples: floor 1 for all four), u = (x - 80) / 10.25:
# a square is light where floor(u) + floor(v) is odd, i.e. floor(u) even:
# x in [80, 90.25) light, [90.25, 100.5) dark, [100.5, 110.75) light,
# [110.75, 121) dark, [121, 131.25) light, [131.25, 141.5) dark, [141.5,
# 151.75) light.  dark (0.12, 0.12, 0.14) -> luma 31.2, light (0.95, 0.93,
# 0.85) -> 236.3; a fraction c of light samples -> 31.2 + 205.2 c.
#  - the IPAS half (x 80..159) averages the four samples:
#      x = 90: edge at 90.25, only the sample at 90.125 is light -> 1/4 -> 82.5
#      x = 100: edge at 100.5, samples at 100.625, 100.875 light -> 2/4 -> 133.8
#      x = 110: edge at 110.75, samples at .125 .375 .625 light -> 3/4 -> 185.1
#      x = 121: the edge is the pixel's left side -> pure light 236.3
#      x = 131, 141, 151: 1/4, 2/4, 3/4 again; x = 85, 95: pure light, dark
#    so exactly five colours on the row (dark, light, 1/4, 2/4, 3/4);
#  - the pixel-centre half (x 0..79): exactly two colours (aliased).
# Rings, PNG row 59 (GL y = 180.5, the rings' centre row; centre x 240.25):
# at pixel x the centre is at distance r = |x + 0.5 - 240.25|, a quarter
# or three quarters past a whole number; bands are where r mod 12 is in
# [3, 9]; the IPAO radii a quarter pixel either side give |grad r| = 1
# exactly on this row (the y offsets give equal radii), so coverage =
# clamp(0.5 - s, 0, 1) with s = |(r mod 12) - 6| - 3.  dark (0.1, 0.1, 0.3)
# -> luma 31.3, light (1, 0.8, 0.3) -> 204.7:
#      x = 160: r 79.75, s -1.25 -> 1 -> 204.7     x = 165: r 74.75, s 0.25 -> 1/4 -> 74.7
#      x = 166: r 73.75, s 1.25 -> 0 -> 31.3       x = 171: r 68.75, s -0.25 -> 3/4 -> 161.4
#      x = 243: r 3.25, s -0.25 -> 3/4 -> 161.4    x = 249: r 9.25, s 0.25 -> 1/4 -> 74.7
#      x = 240: r 0.25 (the centre pixel), s 2.75 -> 0 -> 31.3
#    and exactly four colours over x 160..319 (0, 1/4, 3/4, 1).
# Fan: the spoke at 90 degrees is the triangle from (160, 60) with
# half-angle 0.021 rad, so at height y its half-width is (y - 60) tan 0.021
# (0.0210 per unit).  PNG row 144 (GL row 95): the samples lie at
# y = 95.125 .. 95.875, half-widths 0.737 .. 0.753: pixel x = 159 covers its
# samples at 159.375 (0.625 from the axis), 159.625 and 159.875 but not
# 159.125 (0.875) -> 3/4; x = 160 likewise (160.125, .375, .625 in, .875
# out) -> 3/4.  PNG row 156 (GL row 83, half-widths 0.486 .. 0.502): only
# the samples 0.125 and 0.375 from the axis -> 2/4 in both.  Every sample
# is at least 0.11 px from an edge.  background (0.05, 0.08, 0.2) -> luma
# 21.6, white (1, 1, 0.9) -> 252.1: 3/4 -> 194.5, 2/4 -> 136.9.  Row 144
# crosses five spokes (45 .. 135 degrees) inside x 116..204 (the fan's
# radius 56 at that height): at least three colours over x 100..220, and
# the pure background at x = 100 and 220.

set(args --headless --frames 1 --first 0 --size 320x240)

include(${CMAKE_CURRENT_LIST_DIR}/demo_test_common.cmake)

file(MAKE_DIRECTORY ${OUT})

if(MODE STREQUAL "headless")
  run_or_fail("the demo" ${DEMO} ${args} -o ${OUT}/frame0.png)
  run_or_fail("the checkerboard checks (IPAS)" ${CHECK} expect ${OUT}/frame0.png
              --pixel 85,104,234,238 --pixel 95,104,29,33
              --pixel 90,104,80,85 --pixel 100,104,131,136 --pixel 110,104,183,188
              --pixel 121,104,234,238 --pixel 120,104,29,33
              --pixel 131,104,80,85 --pixel 141,104,131,136 --pixel 151,104,183,188
              --levels 80,159,104,5,5
              --levels 0,79,104,2,2)
  run_or_fail("the rings checks (IPAO)" ${CHECK} expect ${OUT}/frame0.png
              --pixel 160,59,202,207 --pixel 165,59,72,77 --pixel 166,59,29,34
              --pixel 171,59,159,164 --pixel 243,59,159,164 --pixel 249,59,72,77
              --pixel 240,59,29,34
              --levels 160,319,59,4,4)
  run_or_fail("the fan checks (multisample coverage)" ${CHECK} expect ${OUT}/frame0.png
              --pixel 159,144,192,197 --pixel 160,144,192,197
              --pixel 159,156,134,140 --pixel 160,156,134,140
              --pixel 100,144,19,24 --pixel 220,144,19,24
              --levels 100,220,144,3,30)
  # a later frame: the checkerboard has turned; its IPAS half still has
  # intermediate levels, its pixel-centre half still only two colours
  run_or_fail("the demo, frame 40" ${DEMO} --headless --frames 1 --first 40 --size 320x240
              -o ${OUT}/frame40.png)
  run_or_fail("the frame 40 checks" ${CHECK} expect ${OUT}/frame40.png
              --levels 80,159,104,3,40 --levels 0,79,104,2,2)

elseif(MODE STREQUAL "threads")
  expect_same_frame_for_threads("1;2;4" ${DEMO} --headless --frames 1 --first 25 --size 320x240)

else()
  message(FATAL_ERROR "test_msaa.cmake: unknown MODE '${MODE}'")
endif()
