/*
 * rast.h - the tile-based deferred pipeline (prefix rast_).
 *
 * Producer side (API thread):  rast_draw / rast_clear take an immutable
 * snapshot of everything the work needs (R7, R11): vertices are fetched and
 * run through the vertex program at once, primitives are clipped, set up
 * (fixed-point edge functions + attribute plane equations) and binned into
 * the 32x32-pixel tiles they touch, in a per-frame scene.
 * Consumer side (worker threads): rast_flush runs every tile of the scene:
 * ISP (coverage, depth/stencil, hidden-surface removal into a tag buffer),
 * USC (fragment programs on 2x2 quads, 16 lanes a task), PBE (alpha test,
 * blend, masks, write-out).  Output is bit-identical for any thread count.
 *
 * Flush points (the caller's duty): before reading or writing any surface or
 * texture that a pending scene uses (glReadPixels, glTexImage on a bound
 * texture, FBO switch, glFinish, context destruction).  rast_flush is cheap
 * when nothing is pending.
 *
 * Ownership: the caller owns surfaces and textures and keeps them alive until
 * the next rast_flush; everything else a draw needs (parameters, state,
 * vertex data) is copied.  Threads: all functions are called from the one
 * API thread owning the rast_context.
 *
 * Rasterization rules (details in the rasterizer's files):
 *   - pixel (x, y) has its centre at (x + 0.5, y + 0.5); vertices are snapped
 *     to 1/256 pixel; edge functions are exact integers;
 *   - triangles: top-left fill rule as seen on screen with y up: a centre on an
 *     edge is inside for left edges and horizontal top edges only, so shared
 *     edges are never drawn twice nor cracked;
 *   - lines: the parallelogram rule of llvmpipe/softpipe (not diamond exit):
 *     an x-major line covers, in each column whose centre is in [x0, x1)
 *     along the direction of travel, the w pixels whose centres lie in
 *     [y(x) - w/2, y(x) + w/2) (w = rounded width); y-major likewise;
 *   - points: GL 2.1 non-antialiased squares (odd sizes centred on the pixel,
 *     even sizes on the nearest pixel corner); with rast_state.point_sprite
 *     the NV5 fragment.pointcoord (GP_VARY_PNTC) varies over them
 *     (rast_setup_point.c), and so do texcoord[u] with point_coord_replace;
 *   - dual-source blending (ARB_blend_func_extended factors): SRC1 is
 *     result.color[n].secondary (rast_blend.c);
 *   - OPTION NV_early_fragment_tests: depth/stencil before the program,
 *     result.depth ignored (rast_state.c);
 *   - triangles are clipped to a guard band and scissored to the viewport
 *     (same pixels as clipping to -w <= x, y <= w); points and lines clip to the
 *     view volume, so wide ones may cross the viewport edge;
 *   - depth is float32 in [0, 1] (DEPTH32F surfaces), never quantised to 24
 *     bits; the polygon-offset unit r is 2^-24 (one step of a 24-bit buffer, at
 *     least one float step everywhere in [0, 1]);
 *   - RGBA8 stores clamp(c) * 255 rounded to nearest (the product taken
 *     exactly); RGBA32F stores and blends unclamped floats; RGBA32I/UI store
 *     result.color's 32-bit words unconverted: no blending, no alpha test
 *     when draw buffer 0 is integer, colour masks and the logic op (on whole
 *     words) apply, clears write rast_clear_args.color_bits;
 *   - ARB_draw_buffers: with the program option result.color[n] goes to draw
 *     buffer n; without it result.color goes to every colour buffer (the
 *     same for NV_fragment_program4, where result.color[n] needs the option);
 *   - NV_fragment_program4 interpolation (rast_state.c): FLAT inputs,
 *     primitive.id and integer inputs are the provoking vertex's words,
 *     copied bit for bit; NOPERSPECTIVE ones are linear in window space
 *     (clipped with t', 2.14.8); CENTROID is the pixel centre, except
 *     in multisample rasterization (below); the rest are perspective-correct;
 *   - result.depth written on some paths only: the other fragments keep
 *     their interpolated depth (EDGE.FP_DEPTH_PARTIAL: undefined in the
 *     spec); colour results start at 0 (same output for any thread count).
 * Geometry programs (rast_draw.gp.prog, rast_geometry.c): vertex-program results
 * -> input primitives per PRIMITIVE_IN (adjacency orders of NV_geometry_program4
 * 2.6.1 / Table X.1) -> the program on 16 primitives a task -> its EMITted
 * strips (PRIMITIVE_OUT) -> clipping.  EMITs past the vertex limit are ignored;
 * incomplete strips draw nothing; a task out of budget draws nothing and
 * ends the draw (stats: gs_invocations, gs_vertices, budget_exceeded; "Instruction
 * budget" below).
 * Tessellation (rast_draw.tep.prog, rast_tess.c; NV_tessellation_program5):
 * GL_PATCHES draws run patch by patch: vertex program -> control program
 * (VERTICES_OUT invocations in lock-step, or the default levels) ->
 * primitive generator (the Direct3D 11 reference tessellator's vertices and
 * triangles, as Mesa's) -> evaluation program on 16 generated vertices a
 * task -> the geometry program or clipping; memory stays one patch's worth
 * whatever the levels and patch count; stats: tcs_patches,
 * tes_invocations, tess_prims.  Fragment programs read the patch's number
 * as primitive.id (without a geometry program).
 * primitive.id reaches fragment programs flat from the provoking vertex: the
 * primitive's number in the draw without a geometry program (quads count
 * once, POLYGON 0, from 0 per draw and instance), result.primid with one.
 * Layered framebuffers (fb->layers > 1): bins per (layer, tile); a primitive
 * goes to its provoking vertex's result.layer (layer 0 without a geometry
 * program or without that result; outside [0, layers): drawn nowhere);
 * clears clear every layer.  Multisample surfaces: see "Multisampling" below.
 * Multisampling (framebuffer samples n = 2, 4, 8; rast_sample_positions):
 *   - sample positions, in 1/16 pixel from the centre with y up (GL window
 *     convention), are the numbers of Direct3D's standard patterns (also
 *     Vulkan's standard locations) read with y pointing up, i.e. D3D's
 *     pattern mirrored top to bottom (D3D's y points down):
 *       2: (4, 4) (-4, -4)
 *       4: (-2, -6) (6, -2) (-6, 2) (2, 6)
 *       8: (1, -3) (-1, 3) (5, 1) (-3, -5) (-5, 5) (-7, -1) (3, 7) (7, -7)
 *     (4x sample 0 is at (0.375, 0.125) from the pixel's lower-left corner);
 *   - a tile of an n-sample framebuffer holds its n sample planes at once
 *     and runs its command list once (loads, stores and clears cover every
 *     plane).  With rast_state.multisample on, plane s rasterizes
 *     triangles at sample s's position: the same exact fixed-point edge
 *     functions, shifted by the position (an exact integer shift, fill rule
 *     kept), and depth is the plane equation at the sample (per-sample depth
 *     and stencil tests, per-sample blending).  Points and lines keep their
 *     non-antialiased shapes (GL 2.1 3.3-3.4 allow it; choice documented
 *     here): a pixel they cover covers all its samples, but their depth is
 *     still taken at each sample.  With multisample off every pass uses the
 *     pixel centre, so all samples get the same fragment (GL 2.1 3.2.1);
 *   - the fragment program runs once per pixel a primitive covers at some
 *     sample (fragments_shaded counts pixels), with inputs at the pixel
 *     centre (fragment.position, interpolated inputs); its result goes to
 *     every covered sample that passes its own depth/stencil tests (late Z
 *     per sample for programs that change coverage or depth), blended per
 *     sample.  CENTROID inputs of a triangle whose coverage of the pixel
 *     is partial are evaluated at the lowest-numbered covered sample's
 *     position (a point in both the pixel and the primitive, as 3.5.6
 *     requires), else at the centre;
 *   - per-sample shading (NV_gpu_program5 issue 8): a program that binds
 *     fragment.sampleid or declares a SAMPLE attribute runs once per
 *     covered sample (multisample rasterization on), on the lanes that
 *     sample covers, with fragment.sampleid = the sample number and SAMPLE
 *     attributes at the sample's position (the others, and
 *     fragment.position, stay at the centre / centroid); its result goes to
 *     that sample only.  Otherwise fragment.sampleid is 0;
 *   - fragment.samplemask (NV5) = the samples of the pixel the primitive
 *     covers (rasterized coverage, before depth/stencil: such programs run
 *     with late Z), bit n = sample n; under per-sample shading only the
 *     shaded sample's bit (asmgl's choice, as GLSL 4.50 gl_SampleMaskIn);
 *     with a single-sampled framebuffer bit 0 = the centre is covered (1).
 *     result.samplemask (NV5) is ANDed with the coverage (a 0 bit: that
 *     sample is not written, nor its depth/stencil); single-sampled, a
 *     clear bit 0 discards the fragment; unwritten, it has no effect;
 *   - NV_gpu_program5 IPAC / IPAO / IPAS (rast_interp_at.c) evaluate the
 *     primitive's planes at that CENTROID position, at the centre + the
 *     offset (clamped to [RAST_IPAO_MIN, RAST_IPAO_MAX], snapped down to
 *     1/16 pixel), or at sample s's position (the centre without a
 *     multisample buffer or for a sample that does not exist);
 *   - coverage is ANDed (GL 2.1 4.1.3) with the dither-free alpha mask
 *     (sample_alpha_to_coverage): with a = clamp(result.color[0].a, 0, 1)
 *     (NaN: 0), samples 0 .. k - 1 where k = floor(a * n + 0.5), the same
 *     samples in every pixel (such draws run their depth/stencil tests after
 *     the program: late Z); then alpha becomes 1 with sample_alpha_to_one;
 *     with the sample-coverage mask (sample_coverage: the same pattern for
 *     v = clamp(value, 0, 1), complemented when sample_coverage_invert); and
 *     with sample_mask_value (sample_mask);
 *   - depth/stencil tests, HiZ and the deferred HSR tags work per plane
 *     (rast_hsr.c selects planes); a deferred primitive is shaded once for
 *     the quads where any plane kept its tag.  Single-sample framebuffers
 *     run the code they ran before, and images are bit-identical for any
 *     thread count.  glBlitFramebuffer's resolve (gl/) averages the planes.
 * Statistics: fragments_shaded counts live (non-helper) lanes the fragment
 * program ran on; fragments_hidden counts fragments that passed the depth
 * test but were overwritten before shading (a lower bound: whole primitives
 * skipped by hierarchical Z or by the backwards painter pass are not counted).
 */
#ifndef RASTERIZER_RAST_H
#define RASTERIZER_RAST_H

#include <GL/gl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../glprog/glprog.h"
#include "../texture/tex.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RAST_TILE_SIZE 32
#define RAST_MAX_DRAW_BUFFERS 8
#define RAST_MAX_TEXTURE_UNITS 32
#define RAST_MAX_POINT_SIZE 255.0f   /* non-antialiased points: GL_ALIASED_POINT_SIZE_RANGE max */
#define RAST_MAX_LINE_WIDTH 255.0f   /* GL_ALIASED_LINE_WIDTH_RANGE max */
#define RAST_MAX_VIEWPORT 16384      /* GL_MAX_VIEWPORT_DIMS; larger viewports are clamped */
/* NV_gpu_program5 IPAO offsets (rast_interp_at.c): MIN_ / MAX_FRAGMENT_
 * INTERPOLATION_OFFSET_NV and FRAGMENT_PROGRAM_INTERPOLATION_OFFSET_BITS_NV */
#define RAST_IPAO_MIN (-0.5f)
#define RAST_IPAO_MAX 0.5f
#define RAST_IPAO_BITS 4

/* A render target: rows bottom-up (row 0 is window y = 0). */
typedef struct rast_surface {
    void *data;          /* NULL = absent; layer 0, sample 0 */
    int width, height;
    size_t stride;       /* bytes per row */
    tex_format format;   /* RGBA8 / RGBA32F / RGBA32I / RGBA32UI colour (integer
                            formats store the program's integer bits, never
                            blended or converted), DEPTH32F depth, S8 stencil */
    /* layered and multisample attachments (NV_geometry_program4,
     * NV_explicit_multisample) */
    int layers;          /* 0 or 1: one image; n > 1: a layered attachment (array
                            layers or cube faces in GL face order), layer l at
                            data + l * layer_stride */
    size_t layer_stride;
    int samples;         /* 0 or 1: single-sampled; n = 2, 4 or 8: n sample planes,
                            sample s at data + s * sample_stride (within a layer),
                            at position rast_sample_positions(n)[s] (see
                            "Multisampling" above) */
    size_t sample_stride;
    /* colour: the base format of the image (GL 2.1 table 3.15) when it has
     * fewer components than RGBA, 0 for RGBA.  Storage stays RGBA; what
     * blending reads as the destination is the base format's components
     * (RGB, RED, RG: alpha 1, missing colours 0; ALPHA: colours 0;
     * LUMINANCE, LUMINANCE_ALPHA, INTENSITY: L or I from red, I as alpha
     * too) */
    GLenum base;
    /* colour in RGBA32F storage for a fixed-point format (RGBA16, RGB10_A2,
     * the SNORM formats): what it is clamped to, as that format would be,
     * when written, blended and cleared (rast_blend.c); RAST_RANGE_FLOAT:
     * a float format, unclamped */
    uint8_t range;
    bool srgb;           /* RGBA8 colour holding sRGB-encoded values
                            (EXT_texture_sRGB formats): with
                            rast_state.framebuffer_srgb, written and blended
                            through the sRGB transfer functions */
} rast_surface;

enum { RAST_RANGE_FLOAT, RAST_RANGE_UNORM /* [0, 1] */, RAST_RANGE_SNORM /* [-1, 1] */ };

/* ARB_color_buffer_float (GL 3.0 sections 2.19.6, 3.12): whether colours
 * are clamped (rast_state.clamp_fragment, clamp_vertex): FIXED_ONLY, the
 * default (0), clamps for fixed-point buffers only; ON always; OFF never
 * (fixed-point buffers still clamp what they store and blend to their own
 * range, GL 3.0 4.1.8). */
enum { RAST_CLAMP_FIXED_ONLY, RAST_CLAMP_ON, RAST_CLAMP_OFF };

/* A colour-mask bit (rast_state.color_mask, rast_clear_args.color_mask):
 * the buffer holds one intensity (a GL INTENSITY attachment), so after each
 * write its alpha takes the value its red got, and blending reads that
 * intensity as the destination alpha. */
#define RAST_MASK_ALPHA_IS_RED 0x10u

typedef struct rast_framebuffer {
    int width, height;                          /* drawable area: min over attachments */
    rast_surface color[RAST_MAX_DRAW_BUFFERS];  /* indexed by draw buffer (after glDrawBuffers mapping) */
    rast_surface depth;
    rast_surface stencil;
    /* layered framebuffer (glFramebufferTextureEXT of an array or cube
     * texture on every attachment): the number of layers, the minimum over
     * the attachments; 0 = not layered.  A geometry program's result.layer
     * picks the layer of each primitive (0 without a geometry program or
     * when it does not write result.layer); rast_clear clears every layer. */
    int layers;
} rast_framebuffer;

/* Where one vertex-program input comes from. */
typedef struct rast_attrib {
    bool enabled;            /* array enabled: fetch from ptr; else use current */
    const void *ptr;         /* client memory or buffer object data + offset */
    size_t stride;           /* bytes between elements (0 -> tightly packed) */
    int size;                /* 1..4 components (GL_BGRA not yet) */
    GLenum type;             /* GL_FLOAT, GL_UNSIGNED_BYTE, ... */
    bool normalized;
    float current[4];        /* the current value (glVertexAttrib*, glColor*, ...):
                                32-bit words, copied to the program unconverted */
    bool integer;            /* NV_vertex_program4 integer array: components
                                are stored as signed/unsigned integers, not converted */
    /* 64-bit attributes (EXT_vertex_attrib_64bit, NV_vertex_attrib_
     * integer_64bit; glprog.h GP_VIN_LONG_HI).  is_long: an enabled array of
     * 8-byte components (type GL_DOUBLE: IEEE bits, GL_INT64_NV /
     * GL_UNSIGNED_INT64_NV: integers), unconverted; missing components are
     * (0, 0, 1) of the type.  Slot n's low words go to input row n, the high
     * words to row GP_VIN_LONG_HI + n.  A current value: current holds the
     * low words and current_hi the high words (0 for 32-bit values).  32-bit
     * arrays give high words 0. */
    bool is_long;
    uint32_t current_hi[4];
} rast_attrib;

typedef struct rast_stencil_face {
    GLenum func;
    int ref;
    uint8_t value_mask, write_mask;
    GLenum fail_op, zfail_op, zpass_op;
} rast_stencil_face;

/* Fixed-function state of a draw.  Zero-initialise, then fill. */
typedef struct rast_state {
    /* viewport transform */
    float viewport[4];       /* x, y, w, h */
    float depth_range[2];    /* near, far */
    bool scissor_test;
    int scissor[4];          /* x, y, w, h */
    /* primitive */
    bool cull_face;
    GLenum cull_mode;        /* GL_BACK, GL_FRONT, GL_FRONT_AND_BACK */
    GLenum front_face;       /* GL_CCW / GL_CW */
    GLenum polygon_mode[2];  /* front, back: GL_FILL / GL_LINE / GL_POINT */
    bool offset_fill, offset_line, offset_point;
    float offset_factor, offset_units;
    float point_size;        /* used when the program writes no result.pointsize or
                                program_point_size is off */
    bool program_point_size; /* GL_VERTEX_PROGRAM_POINT_SIZE */
    bool point_sprite;       /* GL_POINT_SPRITE: fragment.pointcoord (NV5) varies
                                over points (rast_setup_point.c) */
    bool point_sprite_lower_left; /* GL_POINT_SPRITE_COORD_ORIGIN LOWER_LEFT (default
                                UPPER_LEFT: t = 0 at the top) */
    bool polygon_stipple;    /* GL 2.1 3.5.2: a triangle's fragment at window (x, y)
                                is kept when bit x % 32 of polygon_stipple_rows[y % 32]
                                is set (rast_hsr.c coverage) */
    uint32_t polygon_stipple_rows[32];
    uint8_t point_coord_replace; /* bit u: with point_sprite, texcoord[u] of a point
                                is (s, t, 0, 1) as fragment.pointcoord (GL 2.1
                                3.4.1 COORD_REPLACE; rast_setup_point.c) */
    float line_width;
    bool line_stipple;       /* GL 2.1 3.5.2: fragment k of a line (counted along the
                                major axis from the start of the strip, or of each
                                independent segment or polygon edge) is kept when bit
                                (k / line_stipple_factor) % 16 of the pattern is set */
    uint16_t line_stipple_pattern;
    int line_stipple_factor; /* 1..256 */
    bool flat_shade;         /* GL_FLAT: colours from the provoking vertex */
    bool provoking_first;    /* EXT_provoking_vertex FIRST_VERTEX_CONVENTION:
                                lines, triangles, strips and fans take the first
                                vertex of each primitive (quads, quad strips and
                                polygons keep GL's choice) */
    bool two_side;           /* GL_VERTEX_PROGRAM_TWO_SIDE: back faces take BFC0/BFC1 */
    uint32_t clip_planes;    /* bit n: clip against result.clip[n] >= 0 */
    bool depth_clamp;
    /* per-fragment */
    bool depth_test;
    GLenum depth_func;
    bool depth_write;
    bool stencil_test;
    rast_stencil_face stencil[2]; /* front, back */
    bool alpha_test;
    GLenum alpha_func;
    float alpha_ref;
    uint8_t clamp_fragment;  /* RAST_CLAMP_*: CLAMP_FRAGMENT_COLOR */
    bool framebuffer_srgb;   /* FRAMEBUFFER_SRGB (GL 3.0 4.1.8, ARB_framebuffer_sRGB):
                                rast_surface.srgb buffers store the sRGB encoding
                                of colours and blend in linear */
    bool vertex_color_unclamped; /* CLAMP_VERTEX_COLOR FALSE: vertex colours keep
                                    their range (zero-init: clamped to [0, 1]) */
    uint8_t blend_buffers;   /* bit b: BLEND is enabled for draw buffer b
                                (EXT_draw_buffers2; GL 3.0 Enablei) */
    GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
    GLenum blend_eq_rgb, blend_eq_alpha;
    float blend_color[4];
    uint8_t color_mask[RAST_MAX_DRAW_BUFFERS]; /* bit per channel RGBA, plus
                                                  RAST_MASK_ALPHA_IS_RED */
    bool logic_op_enable;
    GLenum logic_op;
    bool dither;             /* ignored: asmgl never dithers */
    /* multisampling (GL 2.1 3.2.1, 4.1.3; ARB_texture_multisample):
     * used only when the framebuffer has samples > 1 */
    bool multisample;        /* GL_MULTISAMPLE (GL's default is on; zero-init: off,
                                every sample takes the pixel-centre fragment) */
    bool sample_alpha_to_coverage; /* GL_SAMPLE_ALPHA_TO_COVERAGE */
    bool sample_alpha_to_one; /* GL_SAMPLE_ALPHA_TO_ONE */
    bool sample_coverage;    /* GL_SAMPLE_COVERAGE: glSampleCoverage's mask ANDs coverage */
    float sample_coverage_value;
    bool sample_coverage_invert;
    bool sample_mask;        /* GL_SAMPLE_MASK: sample_mask_value ANDs coverage */
    uint32_t sample_mask_value; /* glSampleMaski word 0: bit s = sample s */
    /* GL 1.5 occlusion query (4.1.7): not NULL = the samples of this draw
     * that pass every per-fragment test (scissor, KIL, alpha, stencil,
     * depth) are added to *samples_passed by the tile workers, atomically,
     * so the sum is the same for any thread count.  Such a draw is shaded
     * in order (never deferred nor skipped by hidden-surface removal: its
     * passing fragments are counted even when a later draw hides them).
     * The caller keeps the counter alive until the next rast_flush. */
    uint64_t *samples_passed;
    /* GL 3.0 PRIMITIVES_GENERATED query (section 2.16): when not NULL, the
     * API thread adds each point, line and triangle vertex processing hands
     * to clipping (quads, strips and polygons decomposed into triangles) */
    uint64_t *prims_generated;
    bool rasterizer_discard; /* RASTERIZER_DISCARD (GL 3.0 3.1): primitives are
                                counted, then dropped before clipping */
} rast_state;

/* One draw call, as a snapshot (R7).
 * Non-indexed: element k (0 <= k < count) is vertex first + k.
 * Indexed: element k is vertex indices[first + k] (first counts indices). */
/* NV_bindless_texture: the first texture handle (rast_draw.tex_handles);
 * the GL layer hands out RAST_TEX_HANDLE_BASE + index (never 0). */
#define RAST_TEX_HANDLE_BASE 0x0000b1d700000001ull

/* ---- Resources: what programs reach besides textures --------------------
 * Global memory (the context's mem_space), storage buffers
 * (program.storage[n]) and image units, the same for every stage of a draw
 * and for a dispatch.  The storage views and the image units' textures are
 * referenced, not copied: the GL layer keeps them alive and unchanged by
 * the API until the next flush (R9), and flushes before any API call reads
 * or writes what programs may have written (glGetBufferSubData, glMapBuffer,
 * glReadPixels, glGetTexImage, glMemoryBarrierEXT ...).  The rasterizer
 * makes one glprog.h gp_memory per draw from it (image =
 * tex_image_units_access on a copy of images[] kept in the scene until the
 * flush; fragment programs get only the parts their gp_program_info says
 * they use).
 * Ordering: a fragment program with side effects (gp_program_info.
 * has_side_effects) is never deferred by hidden-surface removal: it runs
 * for exactly the fragments an immediate-mode renderer would shade (every
 * covered sample group that passes the scissor, pixel ownership and, with
 * OPTION NV_early_fragment_tests, the depth/stencil tests; without it the
 * tests follow the program), in primitive order per pixel; helper lanes and
 * KIL-discarded lanes store nothing.  Vertex and geometry programs run when
 * the draw is submitted (API thread), so their stores precede the stores of
 * fragments of earlier draws still queued: the order between draws is the
 * spec's "undefined without a barrier"; glMemoryBarrierEXT flushes. */
typedef struct rast_resources {
    struct mem_space *space;     /* NULL: no global memory */
    gp_buffer_view storage[GP_MAX_STORAGE_BUFFERS];
    tex_image_unit images[GP_MAX_IMAGE_UNITS];
} rast_resources;

/* What one programmable stage of a draw or dispatch runs with (R7); the
 * rasterizer makes the stage's gp_exec_env from it.  Referenced, not
 * copied: the caller keeps what the pointers name unchanged until the next
 * flush (R9; the GL layer calls gl_resource_will_change first). */
typedef struct rast_stage_binding {
    const gp_program *prog;
    const gp_val (*params)[4];  /* the resolved parameter table */
    /* NV_parameter_buffer_object: binding point a's words (NULL / 0 =
     * unbound), handed to gp_exec_env.param_buffers */
    const gp_val *param_buffers[GP_MAX_PARAM_BUFFERS];
    uint32_t param_buffer_words[GP_MAX_PARAM_BUFFERS];
    /* NV5 subroutines: program.subroutine[] values and their count, handed
     * to gp_exec_env.subroutine_params */
    const uint32_t *subroutine_params;
    uint32_t num_subroutine_params;
    /* the GL program name, for reports ("Instruction budget" below); 0 = a
     * generated program (fixed function) */
    uint32_t id;
} rast_stage_binding;

typedef struct rast_draw {
    GLenum mode;              /* GL_POINTS .. GL_POLYGON, or the adjacency modes
                                 GL_LINES_ADJACENCY_EXT .. GL_TRIANGLE_STRIP_ADJACENCY_EXT
                                 (0xA-0xD); the GL layer has checked the mode against
                                 the geometry program's PRIMITIVE_IN (EDGE.PRIM_MODE).
                                 Without a geometry program an adjacency mode draws
                                 its primitives without the adjacent vertices */
    int first, count;         /* vertices, or indices when indices/index_type set */
    GLenum index_type;        /* 0 = non-indexed */
    const void *indices;
    int base_vertex;          /* ARB_draw_elements_base_vertex: indexed element
                                 k is vertex indices[first + k] + base_vertex (also its
                                 vertex.id); the GL layer keeps every sum in [0, INT_MAX] */
    int instance_count;       /* >= 1 */
    rast_attrib attribs[GP_VIN_COUNT];
    /* The programmable stages: vp and fp never have a NULL prog (fixed
     * function comes as a generated program); gp.prog NULL = no geometry
     * program.  A geometry program runs between the vertex program and
     * clipping on every input primitive (lanes = primitives), with
     * primitive.id = the primitive's number in the draw (EDGE.PRIMITIVE_ID),
     * and its EMITted strips (PRIMITIVE_OUT) go on to clipping,
     * result.layer to the layered framebuffer. */
    rast_stage_binding vp, fp, gp;
    const tex_object *textures[RAST_MAX_TEXTURE_UNITS]; /* per unit, the object of the
                                                           target the fp/vp uses there */
    float tex_lod_bias[RAST_MAX_TEXTURE_UNITS];
    /* ARB_sampler_objects: per unit, the state of the sampler object bound
     * there (NULL: none, the texture's own state; texture/ tex_sample_with).
     * Referenced, not copied: the GL layer flushes before it changes or
     * frees one (R9). */
    const tex_sampler *tex_samplers[RAST_MAX_TEXTURE_UNITS];
    /* NV_bindless_texture: the resident texture handles.  Handle h
     * names tex_handles[h - RAST_TEX_HANDLE_BASE] when that index is below
     * num_tex_handles and the entry is not NULL (resident); any other
     * handle reads (0, 0, 0, 0).  Referenced, not copied: the GL layer
     * flushes before it changes the table (R9). */
    const tex_object *const *tex_handles;
    uint32_t num_tex_handles;
    rast_state state;
    const rast_framebuffer *fb;
    int gp_vertex_limit;      /* ProgramVertexLimitNV's limit; 0 = the
                                 program's VERTICES_OUT */
    /* NV_gpu_program5: GL_PATCH_VERTICES for mode GL_PATCHES (0xE),
     * drawn only through a geometry program with PRIMITIVE_IN PATCHES (the GL
     * layer refuses other such draws): count / patch_vertices patches of
     * patch_vertices vertices each, 1..GP_MAX_PATCH_VERTICES */
    int patch_vertices;
    /* Global memory, storage buffers, image units (see
     * "Resources" above); all zero = none. */
    rast_resources res;
    /* Edge flags (GL 2.1 2.6.2): in polygon mode LINE or POINT, an edge of
     * an independent triangle, quad or polygon is drawn only when the flag
     * of the vertex it starts at is set.  Vertex id's flag (the index, or
     * first + k) is edge_flags[id * edge_flag_stride] != 0; with edge_flags
     * NULL every flag is !edge_flag_false (glEdgeFlag's current value).
     * Referenced during rast_draw_submit only.  Strips and fans draw every
     * edge. */
    const GLboolean *edge_flags;
    size_t edge_flag_stride;
    bool edge_flag_false;
    /* NV_tessellation_program5 (rast_tess.c): tep.prog not NULL = a
     * tessellated draw of mode GL_PATCHES, patch_vertices vertices a patch
     * (a partial last patch is dropped).  Per patch: the vertex program on
     * its vertices; the control program tcp (NULL: none; the input patch
     * passes through with the levels tess_outer / tess_inner,
     * PATCH_DEFAULT_OUTER_LEVEL / _INNER_LEVEL) with VERTICES_OUT
     * invocations; the primitive generator (the evaluation program's TESS_*
     * declarations); the evaluation program on every generated vertex; its
     * triangles, lines or points to the geometry program when gp.prog is
     * set (PRIMITIVE_IN TRIANGLES, LINES or POINTS), else to clipping. */
    rast_stage_binding tcp, tep;
    float tess_outer[4], tess_inner[2];
} rast_draw;

typedef struct rast_context rast_context;

/* threads: worker count; 0 = ASMGL_THREADS or one per core. */
rast_context *rast_context_create(int threads);
void rast_context_destroy(rast_context *r);
int rast_context_threads(const rast_context *r);

/* Queues a draw; returns GL_NO_ERROR or GL_OUT_OF_MEMORY. */
GLenum rast_draw_submit(rast_context *r, const rast_draw *d);

enum {
    RAST_CLEAR_COLOR = 1u << 0,   /* all colour buffers */
    RAST_CLEAR_DEPTH = 1u << 1,
    RAST_CLEAR_STENCIL = 1u << 2
};
typedef struct rast_clear_args {
    unsigned mask;
    float color[4];
    uint32_t color_bits[4];  /* integer colour buffers (RGBA32I/UI) get these
                                words: glClearColorIiEXT / IuiEXT's values */
    double depth;
    int stencil;
    bool scissor_test;
    int scissor[4];
    uint8_t color_mask[RAST_MAX_DRAW_BUFFERS];
    uint8_t stencil_write_mask;
    bool depth_write;
    bool framebuffer_srgb;   /* as rast_state's: sRGB buffers clear to the encoding */
} rast_clear_args;
GLenum rast_clear(rast_context *r, const rast_framebuffer *fb, const rast_clear_args *c);

/* ---- Compute (NV_compute_program5) ----------------------------------------
 * rast_dispatch flushes pending draws, then runs groups[0] x groups[1] x
 * groups[2] work groups of cp (info.cp_group_size invocations each) on the
 * worker pool and returns when all are done (synchronous: the GL layer's
 * glDispatchCompute returns after the stores are visible).  Each work
 * group runs on one worker: ceil(n / GP_LANES) gp_exec calls with
 * consecutive local indices, its own zeroed shared memory of
 * info.cp_shared_size bytes (EDGE.CP_SHARED_INIT: asmgl zeroes it), and
 * BAR implemented by switching between the calls (glprog.h GP_CIN_*).
 * Groups are handed to workers in order, so a program whose result does
 * not depend on the order of atomics gives the same memory for any thread
 * count.  A call out of instruction budget ends (counted in
 * budget_exceeded) and stops the dispatch ("Instruction budget" below):
 * no group starts after it.  GL_NO_ERROR, or GL_OUT_OF_MEMORY. */
typedef struct rast_dispatch_args {
    rast_stage_binding cp;    /* the compute program (cp.id: its GL name, for reports) */
    rast_resources res;
    uint32_t groups[3];
} rast_dispatch_args;
GLenum rast_dispatch(rast_context *r, const rast_dispatch_args *a);

/* Runs vertex program vp (GL name id, 0: generated) for one vertex,
 * outside any draw, on the API thread: the raster position (GL 2.1 section
 * 2.13, ARB_vertex_program section 2.14: RasterPos goes through the vertex
 * program).  in holds GP_VIN_ROWS rows and out GP_VARY_COUNT rows, lane 0
 * of each; tex samples for TEX instructions (the caller flushes first if a
 * queued scene renders into what it samples, R9).  The vertex runs under
 * the context's task instruction budget ("Instruction budget" below);
 * false when the budget stopped it (out then holds what was written
 * before), counted in budget_exceeded and reported once per program. */
bool rast_vertex_run_one(rast_context *r, const gp_program *vp, uint32_t id,
                         const gp_val (*params)[4], const gp_vec *in, gp_vec *out, gp_tex_fn tex,
                         void *tex_user);
/* The same for the vertex stage binding vp over the lanes of live_mask (at
 * most GP_LANES vertices, one per lane), with its parameter buffers and
 * subroutines: selection and feedback (GL 2.1 sections 5.2, 5.3) run the
 * vertex stage on the API thread this way. */
bool rast_vertex_run_lanes(rast_context *r, const rast_stage_binding *vp, const gp_vec *in,
                           gp_vec *out, uint32_t live_mask, gp_tex_fn tex, void *tex_user);

/* Runs every pending tile and returns when the surfaces are up to date. */
void rast_flush(rast_context *r);

/* Counters for tests and benchmarks (reset by rast_stats_reset). */
typedef struct rast_stats {
    uint64_t draws, primitives_binned, fragments_shaded, fragments_hidden;
    uint64_t tiles_run, budget_exceeded;
    /* the rasterizer's own counters: */
    uint64_t vertices_shaded;   /* vertex program invocations (live lanes) */
    uint64_t scene_flushes;     /* scenes run (explicit flushes and full arenas) */
    uint64_t fragments_killed;  /* shaded fragments discarded by KIL or the alpha test */
    uint64_t gs_invocations;    /* geometry program invocations (live lanes: input primitives
                                   times INVOCATIONS) */
    uint64_t gs_vertices;       /* vertices EMITted and kept (at most the vertex limit each) */
    uint64_t cp_invocations;    /* compute program invocations (rast_dispatch) */
    uint64_t tcs_patches;       /* patches the tessellation stage took (control program
                                   run, or passed through) */
    uint64_t tes_invocations;   /* evaluation program invocations (generated vertices) */
    uint64_t tess_prims;        /* primitives the primitive generator made */
    uint64_t fragments_punched; /* covered fragments the punch-through decide program ran
                                   on (rast_hsr.c; not in fragments_shaded) */
    uint64_t ops_binned_at_flush; /* primitives and clears (or their parts that one
                                   scene took) binned at the flush, in parallel */
} rast_stats;
void rast_stats_get(const rast_context *r, rast_stats *s);
void rast_stats_reset(rast_context *r);

/* ---- test and tuning knobs (added; all default off / default value) ------
 * Each takes effect for work submitted after the call (it flushes first). */
enum {
    RAST_DEBUG_NO_HSR = 1u << 0,    /* shade every primitive in submission order
                                       (no tag buffer); images must not change */
    RAST_DEBUG_NO_FASTPATH = 1u << 1, /* no trivially-accepted tiles/blocks: every
                                       pixel goes through the edge tests */
    RAST_DEBUG_NO_PUNCH = 1u << 2,  /* no punch-through: KIL / depth-writing programs
                                       are shaded in order (also ASMGL_PUNCH=0) */
    RAST_DEBUG_PUNCH_IN_ORDER = 1u << 3 /* punch-through decides every primitive in
                                       submission order, not nearest first
                                       (also ASMGL_PUNCH=ordered) */
};
void rast_context_set_debug(rast_context *r, unsigned flags);
/* Sample positions of an n-sample surface (the one table both the rasterizer
 * and glGetMultisamplefv use): n pairs (x, y) in 1/16 pixel from the pixel
 * centre, y up; sample s is at (x + 0.5 + dx/16, y + 0.5 + dy/16).  n = 2, 4, 8
 * (other n: the single centre (0, 0); *count gets the pairs returned). */
const int8_t (*rast_sample_positions(int n, int *count))[2];
/* ---- Instruction budget (rast_budget.c; docs/limits.md) -------------------
 * Every task (16 lanes of one stage) may run insn_budget lane-instructions
 * (0 = GP_DEFAULT_INSN_BUDGET), and every draw or dispatch draw_budget
 * lane-instructions over all its tasks and stages (0 = RAST_DEFAULT_DRAW_
 * BUDGET, or ASMGL_DRAW_BUDGET from the environment at context creation);
 * a task's budget is at most the draw's.
 * The first task that runs out, or the task that passes the draw's total,
 * stops the draw or dispatch: its task's results are discarded (no
 * fragments written; vertices dead, so their primitives are not drawn; a
 * geometry task emits nothing) and no stage starts another task for that
 * draw, except that the primitives binned before a vertex or geometry task
 * ran out are still shaded (not after a total stop; the tessellation
 * stages count as vertex-side stages).  What was drawn
 * (stored, for a dispatch) before the stop stays;
 * draws before it are complete and draws after it run normally.  Which of
 * a stopped draw's fragment tasks ran before the stop depends on the order
 * workers took tiles (a program that never ends writes nothing anywhere).
 * A worker adds its fragment tasks to the draw's total in batches (of at
 * most 1/64 of the total or 2^20 lane-instructions, and at each tile's
 * end), so a draw may run that much a worker past its total before a task
 * finds it passed: one shared counter charged by every task cost two
 * workers about a tenth of their time.
 * Tasks that ran out count in rast_stats.budget_exceeded.
 * Each stop is reported once per program (stage, GL name) with the message
 *   asmgl: <stage> program <name> exceeded its instruction budget in draw N;
 *   the draw was stopped
 * ("exceeded the draw's instruction budget" for the total; "dispatch N"
 * for compute; name "(generated)" for fixed function), N counting the
 * context's draws (dispatches) from 1.  It goes to report(user, message)
 * when set (the hook for a debug-output channel), else to stderr; on the
 * API thread, when the draw ends (vertex, geometry), after the flush that
 * ran its fragments, or when the dispatch returns. */
#define RAST_DEFAULT_DRAW_BUDGET (1ull << 36)
void rast_context_set_insn_budget(rast_context *r, uint64_t budget);
void rast_context_set_draw_budget(rast_context *r, uint64_t budget);
/* The budget a task runs under now: the task budget, at most the draw's. */
uint64_t rast_context_task_budget(const rast_context *r);
void rast_context_set_report(rast_context *r, void (*report)(void *user, const char *message),
                             void *user);
/* ---- Deterministic mode (docs/limits.md "Reproducible side effects") -----
 * The image and memory are the same for any thread count, except where
 * fragment programs with side effects (gp_program_info.has_side_effects:
 * stores, atomics) in different tiles race: the order of their atomics
 * (and so ATOM's returned values, and what feeds back from them) and of
 * their stores to one address is the order the workers took the tiles.
 * GPUs do not order them either.  In deterministic mode (off by default;
 * ASMGL_DETERMINISTIC=1 in the environment at context creation, or this
 * call) a scene holding such a draw runs all its tiles on the API thread
 * alone, in the order of their first command, and a dispatch of a compute
 * program with side effects runs its groups in order on the API thread:
 * the same result on every run and with any ASMGL_THREADS, at the cost of
 * the parallelism of those scenes and dispatches. */
void rast_context_set_deterministic(rast_context *r, bool on);
bool rast_context_deterministic(const rast_context *r);
/* Byte cap of the scene arena (default 64 MiB); when binning reaches it the
 * scene is flushed and binning continues in a fresh one (R9), from the bin
 * that did not fit: one clear or primitive may span several scenes
 * (rast_scene.c), and GL_OUT_OF_MEMORY means a fresh scene took nothing. */
void rast_context_set_scene_cap(rast_context *r, size_t bytes);

#ifdef __cplusplus
}
#endif
#endif /* RASTERIZER_RAST_H */
