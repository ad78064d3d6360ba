/*
 * rast_priv.h - rasterizer internals shared by rasterizer/rast_*.c (never
 * included outside rasterizer/, R13).
 *
 * The two halves of the tiler and the data between them (R7):
 *
 *   API thread (producer)                       worker threads (consumer)
 *   rast_vertex.c  fetch, vertex program,       rast_tile.c   per-tile command loop,
 *                  primitive assembly             load/store, clears, dispatch
 *   rast_geometry.c geometry program: input       (bins per (layer, tile) for
 *                  primitives, EMIT strips        layered framebuffers)
 *   rast_clip.c    clip, project, face, cull,   rast_tile_cover_tmp.h  coverage
 *                  polygon mode, offset         rast_hsr.c    ISP: depth/stencil,
 *   rast_setup_tri.c / _line.c / _point.c         tag buffer, resolve
 *                  edge functions, planes       rast_shade.c  USC: quads -> tasks,
 *   rast_bin.c     binning (large ops: at the     interpolation, gp_exec, texturing
 *                  flush, on every executor)    rast_blend.c  PBE: alpha test, blend,
 *   rast_state.c   draw state (R11 decisions)     masks, formats
 *   rast_scene.c   arena, bins, commands
 *   rast_context.c context, workers, flush, stats, knobs
 *   rast_compute.c rast_dispatch: work groups on the executors (rast_pool_run,
 *                  fibers for BAR), and the gp_memory of draws and dispatches
 *   rast_tess_gen.c tessellation primitive generator: levels -> (u,v,w) and
 *                  primitives of one patch (pure, any thread)
 *   rast_lanes.c   a task's per-lane arithmetic (barycentrics, interpolation,
 *                  RGBA8 packing), baseline and AVX2 builds (pure, any thread)
 *
 * Pixel layout inside a tile (every per-pixel tile buffer uses it):
 *
 *   tile 32x32 = 8x8 blocks of 4x4 pixels; block b = (y/4)*8 + x/4
 *   block 4x4  = 2x2 quads;  quad q = ((y/2)&1)*2 + ((x/2)&1)
 *   quad 2x2   = lanes (x0,y0) (x1,y0) (x0,y1) (x1,y1), as in glprog.h
 *   pixel index p = b*16 + q*4 + (y&1)*2 + (x&1)
 *
 * so one block is exactly one 16-lane gp_exec task in lane order, and a quad
 * is 4 consecutive entries of every tile buffer.
 */
#ifndef RASTERIZER_RAST_PRIV_H
#define RASTERIZER_RAST_PRIV_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "rast.h"

/* The adjacency draw modes (EXT_geometry_shader4 / NV_geometry_program4),
 * for GL headers that predate them. */
#ifndef GL_LINES_ADJACENCY_EXT
#define GL_LINES_ADJACENCY_EXT 0x000A
#define GL_LINE_STRIP_ADJACENCY_EXT 0x000B
#define GL_TRIANGLES_ADJACENCY_EXT 0x000C
#define GL_TRIANGLE_STRIP_ADJACENCY_EXT 0x000D
#endif

/* Lane -> position inside a 4x4 block (glprog.h lane order per quad). */
static const int8_t rast_lane_x[16] = {0, 1, 0, 1, 2, 3, 2, 3, 0, 1, 0, 1, 2, 3, 2, 3};
static const int8_t rast_lane_y[16] = {0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3};

#define RAST_TILE_SHIFT 5
#define RAST_TILE_BLOCKS 8        /* blocks per tile row */
#define RAST_TILE_PIXELS (RAST_TILE_SIZE * RAST_TILE_SIZE)
#define RAST_FIXED_SHIFT 8        /* sub-pixel bits */
#define RAST_FIXED_ONE (1 << RAST_FIXED_SHIFT)
#define RAST_FIXED_HALF (RAST_FIXED_ONE / 2)
/* Guard band: triangles are clipped only where they leave the visible
 * rectangle (framebuffer and scissor, at most 16384 wide) by more than this many
 * pixels, so every snapped window coordinate lies in (-2^15, 2^15): 24 bits
 * with the 8 sub-pixel bits.  Edge coefficients are differences (< 2^24) and
 * edge values products of two of them (< 2^49): int64 never overflows. */
#define RAST_GUARD_PIXELS 4096
#define RAST_MAX_PENDING 4000     /* deferred primitives per tile before a resolve */
#define RAST_MAX_RUN 4096         /* painter primitives collected before a reverse pass */
#define RAST_MAX_NEAR 1024        /* primitives of a nearest-first punch-through region */
#define RAST_CHUNK_ELTS 2040      /* elements per vertex chunk: divisible by 2, 3, 4 */
#define RAST_CHUNK_HBITS 12       /* a chunk's index hash: 2^12 slots */
/* A vertex chunk's element tables (rast_vertex.c run_draw; API thread),
 * one per context rather than thread-local: each access to a shared
 * library's thread-local array is a __tls_get_addr call, and GCC made one
 * for every element. */
typedef struct rast_chunk_scratch {
    long pos[RAST_CHUNK_ELTS + 2];
    int uniq[RAST_CHUNK_ELTS + 2], slot_of[RAST_CHUNK_ELTS + 2];
    int hkey[1 << RAST_CHUNK_HBITS], hval[1 << RAST_CHUNK_HBITS];
} rast_chunk_scratch;
#define RAST_MAX_VARY 48          /* interpolated fragment inputs (slots) */
#define RAST_CMD_BLOCK_SIZE 28
#define RAST_DEFAULT_SCENE_CAP ((size_t)64 << 20)
#define RAST_TMPV 72              /* scratch vertices per draw (see rast_geom.tmpv) */
#define RAST_MAX_LAYERS 2048      /* layered framebuffers: bins per (layer, tile) */
#define RAST_MAX_EXECUTORS 64     /* the API thread and the workers */
#define RAST_MAX_PLANES 8         /* sample planes a tile holds at once (MAX_SAMPLES) */

/* ---- commands (R8) --------------------------------------------------------- */

enum rast_cmd {
    RAST_CMD_CLEAR,       /* arg: const rast_clear_data * */
    RAST_CMD_SET_STATE,   /* arg: const rast_dstate *; binned only when it changes */
    RAST_CMD_PRIM,        /* arg: const rast_prim *; edges cross the tile */
    RAST_CMD_PRIM_FULL,   /* arg: const rast_prim *; every edge accepts the whole tile */
    RAST_CMD_COUNT
};

typedef struct rast_cmd_block {
    struct rast_cmd_block *next;
    uint8_t op[RAST_CMD_BLOCK_SIZE];
    const void *arg[RAST_CMD_BLOCK_SIZE];
} rast_cmd_block;

/* A tile's command list.  Every block but the tail is full; the tail holds
 * `count` commands.  The count lives here rather than in the block so that
 * binning, which walks the bins in order, reads nothing from the blocks it
 * writes to (they are scattered over the arena). */
typedef struct rast_bin {
    rast_cmd_block *head, *tail;
    const void *last_state;
    uint32_t count;
} rast_bin;

/* Binning (rast_bin.c): a draw or a clear makes a binning op.  With one
 * executor the API thread bins it at once; with more, a large op waits for
 * the flush, where the executors bin the queued ops in parallel, each into
 * the bins of the tile rows it took, then run the tiles.  An op covers the
 * candidate tiles [first, end) of its box: numbered row by row over the
 * box (and layer by layer for a clear), the part of them this scene takes
 * (a primitive or a clear may span several scenes, R9). */
enum rast_op_kind {
    RAST_OP_PRIM,       /* arg: rast_prim *; tiles classified by nedges of its edges */
    RAST_OP_CLEAR,      /* arg: rast_clear_data *; every tile of the box, every layer */
};

typedef struct rast_bin_op {
    const void *arg;
    uint8_t kind;       /* enum rast_op_kind */
    uint8_t nedges;     /* RAST_OP_PRIM: edges binning tests (0, 3 or 4; 0 for a
                           multisample triangle: every tile of its box) */
    bool fast;          /* RAST_OP_PRIM: whole tiles get RAST_CMD_PRIM_FULL */
    uint16_t tx0, ty0, tx1, ty1; /* the box in tiles, inclusive */
    int lbase;          /* prims: the first bin of their layer */
    int first, end;     /* the candidates this scene bins */
} rast_bin_op;

#define RAST_OPS_PER_BLOCK 64
typedef struct rast_op_block {
    struct rast_op_block *next;
    int count;
    rast_bin_op op[RAST_OPS_PER_BLOCK];
} rast_op_block;

/* Command blocks are taken by executors in groups of RAST_GROUP_BLOCKS from
 * the ones the API thread reserved (rast_scene_take), so that the arena's
 * cap holds with binning on several threads. */
#define RAST_GROUP_BLOCKS 8

/* What one binner holds: the group it takes blocks from (or the arena, for
 * what the API thread bins at once), and the tile list it adds to. */
typedef struct rast_binner {
    bool arena;                 /* blocks from the arena, under its cap (R9) */
    rast_cmd_block *group;
    int used;                   /* blocks of group taken */
    int *list;                  /* the row set's non-empty bins, in order of first use */
    int nlisted;
} rast_binner;

/* Row set j of m: the bins of tile rows j * tiles_y / m to
 * (j + 1) * tiles_y / m - 1, in every layer.  One executor bins it, then
 * any executor may run its tiles. */
typedef struct rast_rowset {
    _Alignas(64) atomic_int next; /* the next entry of list to run */
    atomic_int done;            /* binned: list and count are final */
    int *list;
    int count;
} rast_rowset;

/* The first tile row of row set j of m (j = m: tiles_y). */
static inline int rast_rowset_first_row(int tiles_y, int j, int m)
{
    return (int)((int64_t)j * tiles_y / m);
}

/* ---- draw state: decided once per state change (R11) ----------------------- */

/* Depth functions the hierarchical-Z block test understands (no stencil). */
enum { RAST_HIZ_NONE, RAST_HIZ_LESS, RAST_HIZ_LEQUAL, RAST_HIZ_GREATER, RAST_HIZ_GEQUAL };

enum rast_mode {
    RAST_MODE_DEFERRED,   /* ISP now, tag buffer, shade visible tags later (HSR) */
    RAST_MODE_DEPTH_ONLY, /* no colour output and no program effect: ISP only */
    RAST_MODE_EARLY_Z,    /* in order; depth/stencil before the program */
    RAST_MODE_LATE_Z,     /* in order; program (KIL, depth, alpha test) first */
    RAST_MODE_PUNCH       /* punch-through (rast_hsr.c): the decide program
                             (fp_decide) on every covered fragment, then as
                             DEFERRED with the fragments it kept */
};

struct rast_tile_ctx;
struct rast_dstate;
struct rast_prim;

/* Depth/stencil test and update of 4 quads; returns the surviving lanes. */
typedef uint32_t (*rast_isp_fn)(struct rast_tile_ctx *t, const struct rast_dstate *ds,
                                const uint16_t qbase[4], const float z[16],
                                uint32_t mask, bool front);
/* Writes one colour buffer for the lanes in mask. */
typedef void (*rast_pbe_fn)(struct rast_tile_ctx *t, const struct rast_dstate *ds, int buf,
                            const uint16_t qbase[4], const gp_vec *src, uint32_t mask);

/* What rast_tex_fn needs: the user pointer of gp_exec_env.tex. */
typedef struct rast_tex_units {
    const tex_object *textures[RAST_MAX_TEXTURE_UNITS];
    float lod_bias[RAST_MAX_TEXTURE_UNITS];
    const tex_sampler *samplers[RAST_MAX_TEXTURE_UNITS]; /* rast_draw.tex_samplers */
    /* units 0 .. num_prepared-1 of the above, prepared once per draw state
     * (texture/ tex_unit_prepare; rast_dstate_get: in the scene arena, and
     * not part of the comparison of draw states); units past them are
     * sampled unprepared */
    const tex_unit_state *prepared;
    const gp_tex_direct *direct; /* tex_unit_direct of each prepared unit: the
                                    fragment program's env.tex_direct */
    uint32_t num_prepared;
    const tex_object *const *handles;  /* rast_draw.tex_handles (NV_bindless_texture) */
    uint32_t num_handles;
} rast_tex_units;

/* ---- a stage's execution environment ------------------------------------------ */

/* The gp_exec_env every stage's calls start from, whichever the stage:
 * b's program tables (parameter table, parameter buffers, subroutine
 * values), the running thread's machine, the sampler (rast_tex_fn over a
 * rast_tex_units that outlives the call, or the API thread's own), the
 * instruction budget of one call, and the memory the program reaches with
 * the name its faults are reported under (memory NULL: none).  b's
 * parameter buffers are handed over as they are, so b comes from
 * rast_stage_binding_clean.  The caller then sets only what its stage has
 * of its own: inputs, outputs and live lanes; helper lanes, interpolation
 * and lane positions (fragments), emit (geometry), shared memory and the
 * barrier (compute).  Inline: fragment tasks make one each. */
static inline void rast_stage_env(const rast_stage_binding *b, gp_machine *machine, gp_tex_fn tex,
                                  void *tex_user, uint64_t insn_budget, const gp_memory *memory,
                                  const char *mem_site, gp_exec_env *env)
{
    memset(env, 0, sizeof(*env));
    env->machine = machine;
    env->params = b->params;
    env->tex = tex;
    env->tex_user = tex_user;
    env->insn_budget = insn_budget;
    memcpy(env->param_buffers, b->param_buffers, sizeof(env->param_buffers));
    memcpy(env->param_buffer_words, b->param_buffer_words, sizeof(env->param_buffer_words));
    env->subroutine_params = b->subroutine_params;
    env->num_subroutine_params = b->num_subroutine_params;
    env->memory = memory;
    env->mem_site = mem_site;
}

/* b as rast_stage_env hands it over (rast_vertex.c): the parameter buffers
 * of the binding points in used that are bound keep their word counts, the
 * others are NULL with 0 words. */
void rast_stage_binding_clean(rast_stage_binding *out, const rast_stage_binding *b, uint32_t used);

/* Stages a draw's or dispatch's budget stop names (rast_budget.c). */
enum rast_stage_id { RAST_STAGE_VERTEX, RAST_STAGE_GEOMETRY, RAST_STAGE_FRAGMENT, RAST_STAGE_COMPUTE,
                     RAST_STAGE_TESS_CONTROL, RAST_STAGE_TESS_EVAL, RAST_STAGE_COUNT };

/* A draw's run-time record in the scene (rast_budget.c): the lane-
 * instructions its stages have run and whether it was stopped.  One per
 * draw and scene (a draw spanning scenes gets a fresh one carrying the
 * counts over); primitives point at it, fragment tasks of any worker update
 * it. */
typedef struct rast_drawrec {
    /* What workers write, in a cache line of its own (rast_budget_rec), so
     * that their charges do not evict the scene's primitives and states
     * from the other workers' caches. */
    _Alignas(64) atomic_uint_fast64_t used; /* lane-instructions, all stages */
    atomic_int stop;            /* 0, or the first stop: (stage + 1) | RAST_STOP_TOTAL?
                                   (what is reported); no vertex or geometry task of
                                   the draw starts after any stop */
    atomic_bool halt;           /* no fragment task starts: a fragment task ran out,
                                   or the draw's total did (any stage) */
    _Alignas(64) uint64_t seq;  /* the draw's number in the context, from 1 */
    const gp_program *prog[RAST_STAGE_COUNT];
    uint32_t id[RAST_STAGE_COUNT];
    bool reported;
    struct rast_drawrec *next;  /* the scene's records (r->recs) */
} rast_drawrec;
/* rast_drawrec.stop: (stage + 1) | RAST_STOP_TOTAL when the draw's total ran out */
#define RAST_STOP_TOTAL 0x100

typedef struct rast_dstate {
    /* fragment program */
    rast_stage_binding fp;                 /* rast_draw.fp with the parameter buffers the
                                              program reads (rast_stage_binding_clean);
                                              fp.params: a copy in the scene arena */
    const gp_program_info *fpi;
    int num_fp_params;
    rast_tex_units tex;
    uint64_t insn_budget;
    /* interpolation: prim->attr holds nvary slots x 4 components */
    int nvary;
    uint8_t vary_slot[RAST_MAX_VARY];
    /* NV_fragment_program4 interpolation qualifiers, bit k = vary_slot[k]
     * (rast_shade.c): flat = the provoking vertex's bits (FLAT, integer
     * slots, GL_FLAT colours); nopersp = linear in window space */
    uint64_t vary_flat, vary_nopersp;
    bool vary_special;                     /* vary_flat | vary_nopersp non-zero */
    bool preset_color;                     /* zero colour results before a task (rast_shade.c) */
    bool preset;                           /* preset_color or the program writes depth */
    bool read_pos, read_face, read_fog;
    int fog_index;                         /* index of GP_VARY_FOG in vary_slot or -1 */
    float pos_x_add, pos_y_mul, pos_y_add; /* fragment.position conventions */
    /* ISP */
    uint8_t mode;                          /* enum rast_mode */
    bool depth_test, depth_write, stencil_test;
    GLenum depth_func;
    rast_stencil_face stencil[2];
    rast_isp_fn isp;
    rast_isp_fn isp_test;                  /* RAST_MODE_PUNCH without stencil: isp
                                              without its depth write (a pre-test) */
    const gp_program *fp_decide;           /* RAST_MODE_PUNCH: gp_program_punch_decide */
    uint64_t decide_vary;                  /* bit k: fp_decide reads vary_slot[k] (the
                                              others are not interpolated for it) */
    uint8_t hiz;                           /* RAST_HIZ_*: block min/max depth usable */
    float zmin, zmax;                      /* fragment depth clamp */
    /* PBE */
    bool alpha_test;
    GLenum alpha_func;
    float alpha_ref;
    int ncbuf;
    uint8_t cbuf[RAST_MAX_DRAW_BUFFERS];       /* colour buffers written */
    uint8_t cbuf_src[RAST_MAX_DRAW_BUFFERS];   /* GP_FOUT_COLOR0 + n feeding cbuf[i] */
    rast_pbe_fn pbe[RAST_MAX_DRAW_BUFFERS];
    /* RAST_MASK_ALPHA_IS_RED buffers: pbe[i] is rast_pbe_alpha_is_red,
     * which runs pbe_inner[buffer] and copies red into alpha */
    rast_pbe_fn pbe_inner[RAST_MAX_DRAW_BUFFERS];
    uint8_t alpha_is_red;                      /* bit per buffer */
    uint8_t pbe_overwrites;                    /* bit i: pbe[i] overwrites (rast_pbe_overwrites) */
    uint8_t color_mask[RAST_MAX_DRAW_BUFFERS]; /* indexed by buffer */
    tex_format cformat[RAST_MAX_DRAW_BUFFERS];
    GLenum cbase[RAST_MAX_DRAW_BUFFERS];       /* rast_surface.base */
    /* RGBA32F buffers (rast_blend.c): the range [lo, hi] the fragment's
     * colours and the blend constant are clamped to (fclamp_src), and the
     * range results are stored in (fclamp_res); fclamped: either is not
     * (-inf, +inf) (CLAMP_FRAGMENT_COLOR, rast_surface.range) */
    float fclamp_src[RAST_MAX_DRAW_BUFFERS][2], fclamp_res[RAST_MAX_DRAW_BUFFERS][2];
    uint8_t fclamped;                          /* bit per buffer */
    uint8_t srgb_buffers;                      /* bit per buffer: sRGB-encoded
                                                  writes (rast_state.framebuffer_srgb) */
    bool blend;                                /* some written buffer blends */
    uint8_t blend_buffers;                     /* bit per buffer: it blends */
    GLenum blend_src_rgb, blend_dst_rgb, blend_src_alpha, blend_dst_alpha;
    GLenum blend_eq_rgb, blend_eq_alpha;
    float blend_color[4], blend_color_clamped[4];
    bool logic_op;
    GLenum logic_op_mode;
    /* rectangles (window pixels, x0 y0 x1 y1, max exclusive) */
    int rect_tri[4];                       /* fb & scissor & viewport */
    int rect_pl[4];                        /* fb & scissor (points, lines) */
    /* multisampling (rast.h "Multisampling"): ms = the framebuffer has
     * samples > 1 and rast_state.multisample is on (sample positions used);
     * sample_mask = coverage mask of the samples (all ones unless ms);
     * a2c = alpha to coverage (ms only, forces LATE_Z); a2one = alpha to
     * one (ms only); sample_mask includes SAMPLE_COVERAGE; vary_centroid: bit k
     * = vary_slot[k] is CENTROID (ms only; sets vary_special) */
    bool ms, a2c, a2one;
    uint8_t nsamples;                      /* the framebuffer's sample count (>= 1) */
    uint32_t sample_mask;
    uint64_t vary_centroid;
    /* NV5 (rast.h "Multisampling"): vary_sample: bit k = vary_slot[k] is
     * declared SAMPLE (ms only; sets vary_special); per_sample: the program
     * runs once per covered sample (SAMPLE inputs or fragment.sampleid, ms
     * only); read_sample: fragment.sampleid / samplemask are read;
     * write_samplemask: result.samplemask is written (forces LATE_Z) */
    uint64_t vary_sample;
    bool per_sample, read_sample, write_samplemask;
    /* rast.h "Resources": what the fragment program reaches,
     * only the parts it uses (so draws with other bindings still share the
     * state); the views and textures are referenced until the flush (R9),
     * the table is copied */
    const struct mem_space *mem_space;
    gp_buffer_view storage[GP_MAX_STORAGE_BUFFERS];
    tex_image_unit images[GP_MAX_IMAGE_UNITS];
    /* polygon stipple (rast_state.polygon_stipple): per block of a tile, the
     * lanes kept (tiles start at multiples of 32 = the pattern's period) */
    bool stipple;
    uint16_t stipple_mask[RAST_TILE_PIXELS / 16];
    /* occlusion query counter (rast_state.samples_passed; rast_shade.c
     * counts into it) */
    uint64_t *samples_passed;
    /* (not compared: derived) the fragment tasks' gp_exec_env.memory, made
     * from the fields above by rast_dstate_get (image_user = images) */
    gp_memory mem;
} rast_dstate;

/* ---- primitives (setup output, R7) ------------------------------------------- */

/* One edge: E(x, y) = c + dx*x + dy*y at the centre of pixel (x, y); the pixel
 * is inside when E >= 0 (the fill rule is folded into c). */
typedef struct rast_edge {
    int64_t c, dx, dy;
} rast_edge;

/* Planes are (value at the reference point, d/dx, d/dy), evaluated at pixel
 * centres: v = p[0] + p[1]*(x + 0.5 - xr) + p[2]*(y + 0.5 - yr).
 * Attributes are interpolated with perspective-correct barycentrics:
 *   iw = plane(iw)                       (1/w_clip)
 *   l1 = plane(l1) / iw, l2 = plane(l2) / iw  (planes of l1/w, l2/w)
 *   a  = a0 + l1*(a1 - a0) + l2*(a2 - a0)
 * (affine prims store planes of l1, l2 directly).  Constant attributes stay
 * exact: a0 + l1*0 + l2*0 == a0. */
typedef struct rast_prim {
    const rast_dstate *ds;
    rast_drawrec *rec;        /* the draw it belongs to (instruction budget) */
    uint8_t nplanes;          /* 0 = rectangle (points), 3 = triangle, 4 = line */
    bool perspective;
    bool front;
    int32_t x0, y0, x1, y1;   /* pixel bounding box, clipped to the state's rect */
    rast_edge e[4];
    float xr, yr;
    float z[3], iw[3], l1[3], l2[3];
    float al1[3], al2[3];     /* affine (window-space) l1, l2: set only when the
                                 state has NOPERSPECTIVE slots (ds->vary_nopersp) */
    float attr[];             /* ds->nvary * 4 components x (a0, d1, d2) */
} rast_prim;

/* Fragment depth, the one definition every path uses (ISP, late Z,
 * fragment.position.z), so HSR and in-order shading agree to the bit:
 *   z = clamp(zbase(block) + zoff[lane], zmin, zmax)
 *   zbase = z0 + dz/dx * (bx + 0.5 - xr) + dz/dy * (by + 0.5 - yr)   (block origin)
 *   zoff[l] = dz/dx * lane_x[l] + dz/dy * lane_y[l]
 * (bx + 0.5 - xr is exact in float: both have at most 8 fractional bits and
 * magnitudes below 2^16.)  The library is built with -ffp-contract=off so no
 * call site fuses these differently. */
static inline void rast_z_offsets(const rast_prim *p, float zoff[16])
{
    for (int l = 0; l < 16; l++)
        zoff[l] = p->z[1] * (float)rast_lane_x[l] + p->z[2] * (float)rast_lane_y[l];
}

/* zbase from the block origin's window position (bx, by as floats): written
 * once for a float and for a vector of lanes (rast_lanes.c z, which
 * rast_eval_z runs).  sx, sy: the
 * position inside the pixel (0.5 = centre; a multisample pass's sample
 * position, k/16: still exact). */
#define RAST_BLOCK_X(block) (((block) & 7) * 4)
#define RAST_BLOCK_Y(block) (((block) >> 3) * 4)
#define RAST_Z_PLANE(p, bx, by, sx, sy) \
    ((p)->z[0] + (p)->z[1] * (((bx) + (sx)) - (p)->xr) + (p)->z[2] * (((by) + (sy)) - (p)->yr))
static inline float rast_z_base(int tile_x, int tile_y, const rast_prim *p, int block, float sx,
                                float sy)
{
    return RAST_Z_PLANE(p, (float)(tile_x + RAST_BLOCK_X(block)),
                        (float)(tile_y + RAST_BLOCK_Y(block)), sx, sy);
}

/* z of the 4 lanes j0..j0+3 of one quad: clamp with max/min semantics
 * (max(a, b) = a > b ? a : b: NaN -> lo), identical in the SSE2 and scalar
 * builds. */
#if defined(__SSE2__)
#include <emmintrin.h>
static inline void rast_z_quad(float zb, const float *zoff4, float zmin, float zmax, float *z4)
{
    __m128 v = _mm_add_ps(_mm_set1_ps(zb), _mm_loadu_ps(zoff4));
    v = _mm_min_ps(_mm_max_ps(v, _mm_set1_ps(zmin)), _mm_set1_ps(zmax));
    _mm_storeu_ps(z4, v);
}
#else
static inline void rast_z_quad(float zb, const float *zoff4, float zmin, float zmax, float *z4)
{
    for (int j = 0; j < 4; j++) {
        float v = zb + zoff4[j];
        v = v > zmin ? v : zmin;
        z4[j] = v < zmax ? v : zmax;
    }
}
#endif

static inline size_t rast_prim_size(int nvary)
{
    return sizeof(rast_prim) + (size_t)nvary * 4 * 3 * sizeof(float);
}

/* ---- clears ------------------------------------------------------------------ */

typedef struct rast_clear_data {
    unsigned mask;                         /* RAST_CLEAR_* actually to do */
    int rect[4];                           /* window x0 y0 x1 y1 */
    uint8_t color_mask[RAST_MAX_DRAW_BUFFERS];
    uint8_t rgba8[RAST_MAX_DRAW_BUFFERS][4];
    float rgba32f[RAST_MAX_DRAW_BUFFERS][4]; /* RGBA32F buffers: in the buffer's range */
    uint32_t bits[4];                      /* RGBA32I / RGBA32UI buffers: color_bits */
    float depth;
    uint8_t stencil, stencil_mask;
} rast_clear_data;

/* ---- scene: what binning produces and tiles consume (llvmpipe lp_scene) ---- */

typedef struct rast_arena_chunk {
    struct rast_arena_chunk *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
} rast_arena_chunk;

typedef struct rast_scene {
    rast_framebuffer fb;        /* copy: surfaces of this scene */
    bool has_fb;
    int tiles_x, tiles_y;
    rast_bin *bins;             /* layers * tiles_per_layer: bin (l, t) at l * tiles_per_layer + t */
    size_t bins_cap;
    int layers;                 /* 1, or fb.layers of a layered framebuffer (<= RAST_MAX_LAYERS) */
    int tiles_per_layer;        /* tiles_x * tiles_y */
    int *tile_list;             /* 2 * bins: the API thread's list of non-empty bins,
                                   then the flush's row sets' lists */
    rast_arena_chunk *chunks;   /* in use, newest first */
    rast_arena_chunk *free_chunks;
    size_t bytes, cap;
    bool serial;                /* deterministic mode and a fragment program with side
                                   effects: one executor bins and runs the tiles, in
                                   order of first use (rast_context.c) */
    /* binning (rast_bin.c) */
    bool parallel;              /* more than one executor: large ops queue for the flush */
    rast_op_block *ops, *ops_tail; /* the queue */
    uint64_t queued_cands;      /* candidate tiles of the queued ops */
    uint64_t nqueued;           /* ops queued in this scene (rast_stats.ops_binned_at_flush) */
    uint64_t res_cmds, res_cands; /* commands and candidate tiles reserved for */
    int binners;                /* executors that may bin: the reservation's slack */
    rast_cmd_block **groups;    /* reserved groups of RAST_GROUP_BLOCKS blocks */
    int ngroups, groups_cap;
    atomic_int next_group;      /* the next group an executor takes */
    rast_binner now;            /* the API thread's, for the ops it bins at once */
    rast_rowset *sets;          /* the flush's row sets, then the API thread's
                                   (RAST_MAX_EXECUTORS + 1) */
    int nsets;                  /* row sets of the flush */
    atomic_int next_set;        /* the next row set an executor bins */
} rast_scene;

/* ---- per-thread tile context (worker side) ------------------------------------ */

typedef struct rast_task {
    int n;                      /* quads in use (1..4) */
    uint16_t qbase[4];          /* pixel index of each quad's first pixel */
    uint32_t live;              /* lanes to shade (helpers: the rest of used quads) */
    /* multisample framebuffers (t->nplanes > 1): the lanes each sample
     * plane's ISP kept; live is their union (rast_shade_task) */
    uint32_t slive[RAST_MAX_PLANES];
} rast_task;

/* One sample plane's tile buffers (rast_tile_ctx: the current plane's
 * pointers are copied into the context by rast_plane_select). */
typedef struct rast_plane {
    float *depth;
    uint8_t *stencil;
    uint16_t *tag;
    float *bzmin, *bzmax;
    void *color[RAST_MAX_DRAW_BUFFERS];
    bool hiz_valid;
    int8_t ox, oy;              /* sample position, 1/16 pixel from the centre */
} rast_plane;

typedef struct rast_tile_stats {
    uint64_t fragments_shaded, fragments_hidden, fragments_killed, fragments_punched;
    uint64_t tiles_run, budget_exceeded;
} rast_tile_stats;

typedef struct rast_tile_ctx {
    struct rast_context *r;
    const rast_scene *scene;
    gp_machine *machine;
    unsigned debug;
    int x, y;                   /* tile origin (window pixels) */
    int w, h;                   /* valid part inside the framebuffer */
    int layer;                  /* layer of the bin (surfaces at data + layer * layer_stride) */
    const rast_dstate *ds;      /* from the last SET_STATE */
    /* The fragment program's environment for fenv_ds (rast_shade.c), and
     * fenv2 the same for the second task of a pair: built once per state
     * of the scene, not per task; the tasks set only their inputs, lanes
     * and hooks.  fenv_ds is NULL at each tile's start. */
    gp_exec_env fenv, fenv2;
    const rast_dstate *fenv_ds;
    /* multisample framebuffers (rast.h "Multisampling"): the tile holds
     * nplanes sample planes at once (1 for single-sampled framebuffers);
     * depth .. color below are the current plane's (sample; rast_plane_select),
     * with its position in 1/16 pixel from the centre and as a float inside
     * the pixel.  shade_sample: the sample a per-sample invocation shades
     * (rast_shade_task), -1 otherwise. */
    int nplanes;
    int sample;
    int sample_ox, sample_oy;
    float sample_fx, sample_fy;
    int shade_sample;
    rast_plane planes[RAST_MAX_PLANES];
    void *ms_store;             /* planes 1.. and the multisample resolve lists (rast_tile.c) */
    int ms_cap;                 /* planes ms_store holds buffers for */
    uint16_t *ms_resolve_list;  /* RAST_TILE_PIXELS / 4 * 4 * RAST_MAX_PLANES entries */
    uint32_t *ms_resolve_live;  /* lanes (4 bits) of each sample s at bits 4s.. */
    /* tile buffers in block layout: the current plane's (plane 0's storage
     * is depth0 .. tag0) */
    float *depth;
    uint8_t *stencil;
    uint16_t *tag;              /* 0 = none, else pending index + 1 */
    _Alignas(64) float depth0[RAST_TILE_PIXELS];
    uint8_t stencil0[RAST_TILE_PIXELS];
    _Alignas(64) uint16_t tag0[RAST_TILE_PIXELS];
    void *color[RAST_MAX_DRAW_BUFFERS];  /* RGBA8: uint8[4], RGBA32F: float[4] per pixel */
    bool color_valid[RAST_MAX_DRAW_BUFFERS], color_dirty[RAST_MAX_DRAW_BUFFERS];
    /* A colour buffer whose writers so far all overwrite (rast_pbe_overwrites)
     * is not loaded: the tile holds only the pixels of color_written (bit p:
     * tile pixel p), and memory still holds the rest (rast_tile.c). */
    bool color_lazy[RAST_MAX_DRAW_BUFFERS];
    uint64_t color_written[RAST_MAX_DRAW_BUFFERS][RAST_TILE_PIXELS / 64];
    bool depth_valid, depth_dirty, stencil_valid, stencil_dirty;
    /* hierarchical Z: bounds of every block's 16 depth values (valid when
     * hiz_valid; writes outside the HiZ paths clear hiz_valid) */
    float *bzmin, *bzmax;       /* the current plane's (plane 0: bzmin0, bzmax0) */
    float bzmin0[RAST_TILE_PIXELS / 16], bzmax0[RAST_TILE_PIXELS / 16];
    bool hiz_valid;
    /* the primitive whose depth the whole tile's depth is, not yet
     * written per pixel (rast_hsr.c hiz_tile; single-sampled tiles), or
     * NULL; while set, t->depth and bzmin/bzmax are stale until
     * rast_hsr_zplane_expand, and zplane_lo/hi bound the tile's depth */
    const rast_prim *zplane;
    float zplane_lo, zplane_hi;
    /* hidden-surface removal */
    const rast_prim *pending[RAST_MAX_PENDING];
    int npending;
    /* a run of consecutive painter primitives (rast_hsr_run) */
    const rast_prim *run[RAST_MAX_RUN];
    uint8_t run_full[RAST_MAX_RUN];
    int nrun;
    /* the open nearest-first punch-through region (rast_hsr.c): its
     * primitives, the pending count and the depth and tags when it opened;
     * near_only: the block masks a replay keeps (NULL: every pixel) */
    const rast_prim *near[RAST_MAX_NEAR];
    uint8_t near_full[RAST_MAX_NEAR];
    int nnear, near_pending0;
    const uint16_t *near_only;
    /* the decide programs of the last 4 regions that lost in this tile
     * (near_nlost counts all): they decide in order */
    const gp_program *near_lost[4];
    int near_nlost;
    _Alignas(64) float near_depth[RAST_TILE_PIXELS];
    _Alignas(64) uint16_t near_tag[RAST_TILE_PIXELS];
    /* shading scratch */
    const struct rast_lane_ops *lanes; /* rast_lanes(): the task arithmetic */
    rast_task task;
    const rast_prim *task_prim;
    /* a full task of task_prim waiting for the next one, to run as a pair
     * (rast_task_add_quads; n == 0: none), where task_prim's tasks pair
     * (rast_shade_pairs, once per primitive) */
    rast_task task_ready;
    bool task_pairs;
    _Alignas(64) gp_vec inputs[GP_VARY_COUNT]; /* cache-line aligned: the executor's vectors */
    _Alignas(64) gp_vec outputs[GP_FOUT_COUNT];
    _Alignas(64) gp_vec inputs2[GP_VARY_COUNT]; /* the second task of a pair (rast_shade_pair) */
    _Alignas(64) gp_vec outputs2[GP_FOUT_COUNT];
    struct rast_cp_exec *cp;    /* compute scratch of this executor (rast_compute.c), NULL until used */
    uint16_t resolve_count[RAST_MAX_PENDING + 2];
    uint16_t resolve_list[RAST_TILE_PIXELS];
    uint8_t resolve_live[RAST_TILE_PIXELS / 4 * 4];
    /* fragment tasks' lane-instructions not yet added to budget_rec->used
     * (rast_budget_charge_task) */
    rast_drawrec *budget_rec;
    uint64_t budget_pend;
    rast_tile_stats stats;
} rast_tile_ctx;

/* ---- vertices (API thread) ------------------------------------------------------ */

/* A shaded vertex is `stride` floats:
 *   [0..3] clip position, [4..7] window x, y, z and 1/w (after projection),
 *   [8] outcode, [9] edge flag (1 or 0, rast_draw.edge_flags), [10..11] unused,
 *   then 4 floats per kept varying slot (slot_off), clip distances, point size.
 * Clipping interpolates [0..3] and [12..stride). */
#define RAST_V_CLIP 0
#define RAST_V_WIN 4
#define RAST_V_CODE 8     /* outcode (uint32 stored in the float's bits) */
#define RAST_V_EDGE 9     /* edge flag of the edge that starts at the vertex */
#define RAST_V_ATTR 12

typedef struct rast_vlayout {
    int stride;
    int16_t slot_off[GP_VARY_COUNT];   /* -1: not kept */
    int clip_off;                      /* 8 distances, -1 if no user plane */
    int psiz_off;                      /* -1 when the state's point size is used */
} rast_vlayout;

/* Clip plane bits of a vertex outcode. */
enum {
    RAST_CLIP_GUARD_BITS = 0xfu,       /* guard band x0 x1 y0 y1 (triangles) */
    RAST_CLIP_Z_BITS = 0x30u,          /* -w <= z, z <= w */
    RAST_CLIP_USER_SHIFT = 6,          /* 8 user planes: bits 6..13 */
    RAST_CLIP_VIEW_SHIFT = 14,         /* exact -w <= x, y <= w: bits 14..17 (points, lines) */
    RAST_CLIP_NONFINITE = 1u << 18
};

/* Per-draw geometry state (API thread only). */
typedef struct rast_geom {
    rast_context *r;
    const rast_draw *d;
    const rast_dstate *ds;      /* the scene's copy, referenced by prims; replaced
                                   after every flush (rast_bin_prim) */
    unsigned ds_gen;            /* scene generation ds belongs to */
    rast_dstate dsl;            /* local copy: what setup reads */
    rast_vlayout lay;
    bool flat;                  /* GL_FLAT and some colour is kept */
    bool pv_first;              /* rast_state.provoking_first */
    int nkeep;                  /* kept varying slots: (slot, offset, clamp) */
    uint8_t keep_slot[GP_VARY_COUNT];
    int16_t keep_off[GP_VARY_COUNT];
    bool keep_clamp[GP_VARY_COUNT];
    float *tmpv;                /* scratch vertices: flat copies, clip output; the last
                                   one is the line setup's third vertex */
    int tmpv_used;
    bool in_polygon;            /* setting up polygon-mode lines/points (rect_tri) */
    const float *pv;            /* provoking vertex of the primitive being clipped and
                                   set up: FLAT slots read it (rast_setup_attrs) */
    /* viewport transform: window = c + h * ndc */
    float vp_cx, vp_cy, vp_hx, vp_hy, z_scale, z_bias;
    float guard_plane[4][4];
    uint32_t tri_clip_mask, pl_clip_mask;
    float point_size, line_width;
    long stipple_count;         /* line stipple counter (rast_setup_line.c) */
    float offset_units_r;       /* units * r, r = 2^-23 */
    bool two_side_colors;
    int col_off[2], bfc_off[2]; /* COL0/1 and BFC0/1 offsets (-1 if absent) */
    /* what the vertex and geometry programs run with (rast_stage_env):
     * rast_draw.vp / .gp cleaned, d's texture units */
    rast_stage_binding vp, gp;
    rast_stage_binding tcp, tep; /* rast_draw.tcp / .tep cleaned (tessellated draws) */
    rast_tex_units units;
    tex_unit_state unit_state[RAST_MAX_TEXTURE_UNITS]; /* units.prepared */
    int instance;               /* vertex.instance of the vertices being shaded */
    int layer;                  /* layer the next primitive is binned to (rast_bin_prim) */
    GLenum err;
} rast_geom;

/* ---- the context ---------------------------------------------------------------- */

struct rast_context {
    int nthreads;
    pthread_t *workers;
    rast_tile_ctx **tctx;       /* one per executor; [0] is the API thread's */
    pthread_mutex_t mu;
    pthread_cond_t cv_work, cv_done;
    unsigned generation;
    int busy_workers;
    bool quit;
    rast_scene scene;
    unsigned scene_gen;         /* incremented by every flush */
    int ntctx;
    /* knobs */
    unsigned debug;
    uint64_t insn_budget_set;   /* rast_context_set_insn_budget's value (0 = the default) */
    uint64_t insn_budget;       /* a task's budget in force: the above, at most the draw's */
    bool deterministic;         /* rast_context_set_deterministic / ASMGL_DETERMINISTIC */
    bool no_punch;              /* ASMGL_PUNCH=0: as RAST_DEBUG_NO_PUNCH */
    bool punch_ordered;         /* ASMGL_PUNCH=ordered: as RAST_DEBUG_PUNCH_IN_ORDER */
    /* instruction budget per draw / dispatch (rast_budget.c) */
    uint64_t draw_budget;       /* lane-instructions of all stages; 0 = the default */
    uint64_t draw_seq, dispatch_seq;
    rast_drawrec *cur_rec;      /* the draw being submitted's record in this scene */
    const rast_draw *cur_draw;  /* the draw being submitted */
    bool in_draw;
    uint64_t carry_used;        /* its counts from the scenes flushed during it */
    int carry_stop;
    bool carry_halt;
    rast_drawrec *recs;         /* the scene's records, newest first */
    struct { int stage; uint32_t id; const gp_program *prog; } reported[64];
    int nreported;              /* programs already reported (once each) */
    void (*report)(void *user, const char *message);
    void *report_user;
    /* draw state reuse */
    rast_dstate *cur_ds;        /* last state put in the current scene */
    /* vertex scratch (API thread) */
    gp_machine *vmachine;
    rast_chunk_scratch *chunk;  /* run_draw's element tables */
    float *verts;
    size_t verts_cap;
    uint32_t *outcodes;
    size_t outcodes_cap;
    float *clipbuf;
    size_t clipbuf_cap;
    unsigned char *prim_scratch;
    size_t prim_scratch_cap;
    gp_vec vin[GP_VIN_ROWS];   /* + vertex.id, vertex.instance, LONG ATTRIB high words */
    gp_vec vout[GP_VARY_COUNT];
    struct rast_gs *gs;         /* geometry-stage scratch (rast_geometry.c), NULL until used */
    struct rast_tess *tess;     /* tessellation-stage scratch (rast_tess.c), NULL until used */
    gp_memory vmem;             /* vertex / geometry programs' gp_exec_env.memory
                                   (geom_init, from the draw being submitted) */
    /* the executors' work (rast_pool_run): every executor calls job(r, its tile ctx) */
    void (*job)(struct rast_context *r, rast_tile_ctx *t);
    void *job_arg;
    /* statistics (API-thread ones; tile ones are summed at flush) */
    rast_stats stats;
};

/* rast_context.c */
void rast_flush_internal(rast_context *r);
/* Runs job(r, t) on every executor (the API thread's tile ctx and each
 * worker's) and returns when all have returned; r->job_arg is the job's. */
void rast_pool_run(rast_context *r, void (*job)(rast_context *r, rast_tile_ctx *t), void *arg);

/* rast_compute.c */
void rast_cp_exec_free(struct rast_cp_exec *cp);
/* The gp_memory of resources res for programs (rast.h "Resources"): image
 * accesses go to res->images, which must outlive the gp_exec calls. */
void rast_memory_init(gp_memory *m, const struct mem_space *space,
                      const gp_buffer_view storage[GP_MAX_STORAGE_BUFFERS],
                      const tex_image_unit images[GP_MAX_IMAGE_UNITS]);

/* rast_budget.c */
/* Starts / ends a draw's accounting (rast_vertex_run_draw). */
void rast_budget_draw_begin(rast_context *r, const rast_draw *d);
void rast_budget_draw_end(rast_context *r);
/* The current draw's record in the current scene, made on first use; NULL
 * when the arena is full. */
rast_drawrec *rast_budget_rec(rast_context *r);
/* Adds a task's lane-instructions (API-thread stages); true when this task
 * ran out or took the draw past its total.  rast_budget_stopped: the draw
 * has stopped (any stage, any reason): its vertex and geometry stages run
 * no more tasks. */
bool rast_budget_charge(rast_context *r, int stage, uint64_t used, bool exceeded);
bool rast_budget_stopped(const rast_context *r);
/* A fragment task's charge (any worker); true when this task ran out or
 * took the draw past its total: its results are discarded. */
bool rast_budget_charge_rec(rast_drawrec *rec, uint64_t limit, uint64_t used, bool exceeded, int stage);
/* A fragment task's charge, gathered per worker: added to rec->used when a
 * task ran out, when the worker's pending charge reaches
 * RAST_BUDGET_SLACK(limit), when the task's draw differs from the last, and
 * at the tile's end (rast_budget_settle).  True: the draw was stopped,
 * discard this task. */
bool rast_budget_charge_task(rast_tile_ctx *t, rast_drawrec *rec, uint64_t used, bool exceeded);
void rast_budget_settle(rast_tile_ctx *t);
/* The most a worker keeps pending: 1/64 of the draw's total, at most 2^20
 * lane-instructions (a few hundred tasks of a long program). */
#define RAST_BUDGET_SLACK(limit) ((limit) / 64 < ((uint64_t)1 << 20) ? (limit) / 64 : ((uint64_t)1 << 20))
/* At a flush, after the tiles ran: carries the current draw's counts over
 * and reports the scene's stopped draws; the records go with the scene. */
void rast_budget_flush(rast_context *r);
/* The draw / dispatch budget in force (r->draw_budget or the default). */
uint64_t rast_budget_total(const rast_context *r);
/* Reports a stop once per program (stderr, or r->report). */
void rast_budget_report(rast_context *r, int stage, uint32_t id, const gp_program *prog, bool total,
                        bool dispatch, uint64_t seq);
/* Reports, once per program, a vertex run outside draws (raster position,
 * selection, feedback: rast_vertex_run_lanes) that the budget stopped. */
void rast_budget_report_vertex(rast_context *r, uint32_t id, const gp_program *prog);

/* rast_scene.c */
void rast_scene_init(rast_scene *s);
void rast_scene_fini(rast_scene *s);
bool rast_scene_begin(rast_scene *s, const rast_framebuffer *fb);
void *rast_scene_alloc(rast_scene *s, size_t bytes);
bool rast_scene_set_executors(rast_scene *s, int n, bool deterministic);
int rast_scene_take(rast_scene *s, int cands, int cmds_per_cand);
void rast_scene_queue_binned(rast_scene *s);
bool rast_scene_op_room(rast_scene *s);
void rast_scene_push_op(rast_scene *s, const rast_bin_op *op);
bool rast_scene_bin_grow(rast_scene *s, rast_binner *bn, rast_bin *b);

/* Appends a command to a tile's bin.  tile = layer * tiles_per_layer +
 * ty * tiles_x + tx.  False only for a binner from the arena that is full:
 * the caller flushes and goes on from that bin (R9).  A binner from the
 * reservation that rast_scene_take made does not fail.  Inline: binning a
 * full-screen primitive calls it once per tile. */
static inline bool rast_scene_bin(rast_scene *s, rast_binner *bn, int tile, enum rast_cmd op,
                                  const void *arg)
{
    rast_bin *b = &s->bins[tile];
    if (__builtin_expect(b->count == 0 || b->count == RAST_CMD_BLOCK_SIZE, 0) &&
        !rast_scene_bin_grow(s, bn, b))
        return false;
    b->tail->op[b->count] = (uint8_t)op;
    b->tail->arg[b->count] = arg;
    b->count++;
    return true;
}

/* Bins SET_STATE only when the bin's last state differs. */
static inline bool rast_scene_bin_state(rast_scene *s, rast_binner *bn, int tile,
                                        const void *state)
{
    rast_bin *b = &s->bins[tile];
    if (b->last_state == state)
        return true;
    if (!rast_scene_bin(s, bn, tile, RAST_CMD_SET_STATE, state))
        return false;
    b->last_state = state;
    return true;
}
void rast_scene_reset(rast_scene *s);
bool rast_fb_equal(const rast_framebuffer *a, const rast_framebuffer *b);

/* rast_state.c */
rast_dstate *rast_dstate_get(rast_context *r, const rast_draw *d);
GLenum rast_clear_bin(rast_context *r, const rast_framebuffer *fb, const rast_clear_args *c);

/* rast_clip.c */
void rast_clip_project(const rast_geom *g, float *v);
uint32_t rast_clip_outcode(const rast_geom *g, const float *v);
void rast_clip_triangle(rast_geom *g, float *v0, float *v1, float *v2,
                        const float *provoking, unsigned edge_flags);
void rast_clip_line(rast_geom *g, float *v0, float *v1, const float *provoking);
void rast_clip_point(rast_geom *g, float *v0);

/* rast_setup_tri.c / _line.c / _point.c: window-space vertices -> binned prims */
void rast_setup_tri(rast_geom *g, const float *v0, const float *v1, const float *v2,
                    bool front, float offset);
void rast_setup_line(rast_geom *g, const float *v0, const float *v1, bool front, float offset);
void rast_setup_point(rast_geom *g, const float *v, bool front, float offset);
/* Shared by the setups (rast_bin.c): copies prim (built in scratch) into the
 * scene and bins it into the tiles its bounding box touches (R9). */
void rast_bin_prim(rast_geom *g, const rast_prim *scratch_prim);

rast_prim *rast_prim_scratch(rast_geom *g);
void rast_setup_attrs(rast_geom *g, rast_prim *p, const float *v0, const float *v1,
                      const float *v2, bool back);
void rast_edge_from_line(rast_edge *e, int64_t A, int64_t B, int64_t C, bool inclusive);
void rast_center_span(int64_t fmin, int64_t fmax, int32_t *lo, int32_t *hi);
bool rast_prim_bbox(rast_prim *p, int64_t xmin, int64_t xmax, int64_t ymin, int64_t ymax,
                    const int rect[4]);
void rast_setup_planes(rast_prim *p, const float *v0, const float *v1, const float *v2,
                       double x0, double y0, double x1, double y1, double x2, double y2,
                       float zoffset, bool affine);

/* rast_bin.c: binning.  rast_bin_take gives op up to cands candidates from
 * op->first on, as many as the arena has room for, and bins it or queues
 * it for the flush; rast_bin_set bins every queued op's candidates in row
 * set j of m with bn, and marks the set done. */
int rast_bin_take(rast_scene *s, rast_bin_op *op, int cands, int cmds_per_cand);
void rast_bin_set(rast_scene *s, rast_binner *bn, int j, int m);

/* rast_vertex.c */
GLenum rast_vertex_run_draw(rast_context *r, const rast_draw *d);
int rast_index_at(const rast_draw *d, long pos);
/* Runs the vertex program on vertices ids[0..m) (m <= GP_LANES) into r->vout;
 * returns false when the task ran out of budget (its vertices are dead). */
bool rast_vs_run(rast_geom *g, const int *ids, int m);
/* A vertex record (rast_vlayout) from lane `lane` of the result registers out:
 * position, kept slots (colours clamped), clip distances, point size,
 * projection and outcode (0xffffffff when dead). */
void rast_vertex_record(const rast_geom *g, const gp_vec *out, int lane, float *v, bool dead);

/* rast_geometry.c: the geometry-program stage (a draw with rast_draw.gp.prog) */
GLenum rast_gs_run_draw(rast_geom *g);
void rast_gs_free(struct rast_gs *gs);
/* Tessellated draws: the geometry program on primitives made elsewhere
 * (rast_tess.c).  nprims primitives of vin vertices (1, 2 or 3, what
 * PRIMITIVE_IN takes), vertex k of primitive i at verts + idx[i * vin + k] *
 * vrec_words: the GP_VARY_COUNT slots' 4 words each (vrec_words =
 * GP_VARY_COUNT * 4); primitive i's primitive.id is first_id + i.
 * GL_NO_ERROR or GL_OUT_OF_MEMORY; a budget stop ends it as in
 * rast_gs_run_draw. */
GLenum rast_gs_run_prims(rast_geom *g, const gp_val *verts, const uint32_t *idx, long nprims, int vin,
                         int32_t first_id);

/* rast_tess.c: the tessellation stage (a draw with rast_draw.tep.prog) */
GLenum rast_tess_run_draw(rast_geom *g);
void rast_tess_free(struct rast_tess *ts);

/* rast_tile.c */
void rast_tile_run(rast_tile_ctx *t, const rast_scene *s, int tile);
rast_tile_ctx *rast_tile_ctx_create(rast_context *r);
void rast_tile_ctx_free(rast_tile_ctx *t);
void rast_tile_load_color(rast_tile_ctx *t, int buf);
void rast_tile_load_depth(rast_tile_ctx *t);
void rast_tile_load_stencil(rast_tile_ctx *t);

/* Makes sample plane s the current one (its buffers in t->depth .. color,
 * its position in t->sample_*); the current plane's HiZ validity is kept. */
static inline void rast_plane_select(rast_tile_ctx *t, int s)
{
    t->planes[t->sample].hiz_valid = t->hiz_valid;
    const rast_plane *pl = &t->planes[s];
    t->sample = s;
    t->depth = pl->depth;
    t->stencil = pl->stencil;
    t->tag = pl->tag;
    t->bzmin = pl->bzmin;
    t->bzmax = pl->bzmax;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        t->color[b] = pl->color[b];
    t->hiz_valid = pl->hiz_valid;
    t->sample_ox = pl->ox;
    t->sample_oy = pl->oy;
    t->sample_fx = 0.5f + (float)pl->ox / 16.0f;
    t->sample_fy = 0.5f + (float)pl->oy / 16.0f;
}

/* rast_hsr.c */
void rast_hsr_prim(rast_tile_ctx *t, const rast_prim *p, bool full);
void rast_hsr_run(rast_tile_ctx *t);
bool rast_hsr_painter(const rast_dstate *ds);
void rast_hsr_resolve(rast_tile_ctx *t);
void rast_hsr_discard(rast_tile_ctx *t);
void rast_hsr_near_close(rast_tile_ctx *t);
void rast_hsr_zplane_expand(rast_tile_ctx *t);
rast_isp_fn rast_isp_choose(const rast_dstate *ds);

/* rast_shade.c */
void rast_shade_task(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late);
/* Whether two tasks of state ds run as a pair: one sample plane, a
 * program with no effect outside its registers (the two runs must not see
 * each other, glprog.h gp_exec2), and one the executor runs in pairs, or
 * may once it has run for a while (gp_exec_may_pair). */
bool rast_shade_pairs(const rast_tile_ctx *t, const rast_dstate *ds);
/* Two tasks of p with disjoint pixels, where rast_shade_pairs: the same as
 * rast_shade_task(t, p, a, late) then b, the two run as a pair
 * (gp_exec2), so compiled code interleaves them. */
void rast_shade_pair(rast_tile_ctx *t, const rast_prim *p, const rast_task *a, const rast_task *b,
                     bool late);
/* Punch-through: runs p's decide program (ds->fp_decide) on the task and
 * returns the live lanes it keeps; z gets their depth (result.depth.z,
 * clamped) when the program writes depth.  0 when the draw is stopped or
 * the task ran out of instructions (nothing of it is drawn). */
uint32_t rast_punch_task(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, float z[16]);
void rast_task_add_quads(rast_tile_ctx *t, const rast_prim *p, int block, uint32_t mask);
/* The same for multisample framebuffers: smask[s] = the lanes sample plane s
 * keeps (s < t->nplanes) */
void rast_task_add_quads_ms(rast_tile_ctx *t, const rast_prim *p, int block,
                            const uint16_t *smask);
void rast_task_flush(rast_tile_ctx *t);
void rast_tex_fn(void *user, const gp_tex_request *req, gp_vec *out);
/* z of 4 quads (the task arithmetic's z, RAST_Z_PLANE and rast_z_quad's
 * clamp): at the sample position of the pass for ms states when
 * at_sample, else at pixel centres */
void rast_eval_z(const rast_tile_ctx *t, const rast_prim *p, const uint16_t qbase[4], float z[16],
                 bool at_sample);

/* rast_interp_at.c: NV_gpu_program5 IPAC / IPAO / IPAS, the gp_interp_fn of
 * fragment tasks (env.interp_user = a rast_interp_user on the task's stack). */
typedef struct rast_interp_user {
    const rast_prim *p;
    const float *fx, *fy;       /* per lane: the pixel's window x, y (integers) */
    const gp_vec *inputs;       /* the task's ordinary inputs (slots without planes) */
} rast_interp_user;
void rast_interp_fn(void *user, int slot, int mode, const gp_val (*arg)[2], uint32_t lane_mask,
                    gp_vec *out);
/* The CENTROID position rule (rast.h "Multisampling") for triangle p at pixel
 * (px, py) of an nsamples framebuffer: the offset from the pixel centre of
 * the lowest-numbered covered sample when some but not all samples are
 * covered (returns true), else (0, 0). */
bool rast_centroid_offset(const rast_prim *p, int nsamples, int64_t px, int64_t py, float *ox,
                          float *oy);

/* rast_shade_ms.c: multisample tiles (t->nplanes > 1) */
/* A per-sample state's task (ds->per_sample): rast_shade_task once per
 * plane with lanes, t->shade_sample = that plane. */
void rast_shade_per_sample(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late);
/* GP_VARY_SAMPLE = (fragment.sampleid, fragment.samplemask, 0, 0) of a task. */
void rast_sample_inputs(const rast_tile_ctx *t, const rast_task *task, gp_vec *v);
/* After the program: coverage, late depth/stencil and the PBE per plane. */
void rast_shade_finish_ms(rast_tile_ctx *t, const rast_prim *p, const rast_task *task, bool late,
                          const uint16_t qb[4], uint32_t killed);

/* rast_blend.c */
rast_pbe_fn rast_pbe_choose(const rast_dstate *ds, int buf);
/* Whether pbe writes every component of every lane it is given without
 * reading the tile, and records them in t->color_written: a buffer whose
 * writers are all such need not be loaded. */
bool rast_pbe_overwrites(rast_pbe_fn pbe);
/* The writer of a RAST_MASK_ALPHA_IS_RED buffer (see rast_dstate). */
void rast_pbe_alpha_is_red(struct rast_tile_ctx *t, const struct rast_dstate *ds, int buf,
                           const uint16_t qbase[4], const gp_vec *src, uint32_t mask);
uint32_t rast_alpha_test(const rast_dstate *ds, const gp_vec *color0, uint32_t mask);

/* rast_lanes.c: the per-lane arithmetic of a 16-lane task, built for the
 * baseline, AVX2 and AVX-512F with the same bits. */
typedef struct rast_lane_ops {
    const char *name; /* "base", "avx2", "avx512" */
    /* the pixels of a task's lanes: lane 4k + j is pixel j of the quad at
     * block-layout index qb[k] of the tile at (x, y); fx, fy its window
     * coordinates (integers), dx, dy its centre (+ 1/2) less (xr, yr) */
    void (*pos)(int x, int y, const uint16_t qb[4], float xr, float yr, float fx[16], float fy[16],
                float dx[16], float dy[16]);
    /* the depth of p at the lanes' pixels (the same quads), at (sx, sy)
     * inside each pixel, clamped to [zmin, zmax]: rast_eval_z */
    void (*z)(int x, int y, const uint16_t qb[4], const rast_prim *p, float sx, float sy, float zmin,
              float zmax, float z[16]);
    /* 1/w, and the barycentrics l1, l2 (divided by w when p->perspective;
     * only when varyings) of p at the lanes' offsets dx, dy from its
     * reference point */
    void (*bary)(const rast_prim *p, const float dx[16], const float dy[16], bool varyings,
                 float iw[16], float l1[16], float l2[16]);
    /* pos and bary (fx, fy and iw only) in one call with p's varyings k
     * of vmask (bit k), 4 components of (a0, d1, d2) each, interpolated
     * into in[slot[k]]: a0 + l1 * d1 + l2 * d2 */
    void (*interp)(int x, int y, const uint16_t qb[4], const rast_prim *p, int nvary,
                   const uint8_t *slot, uint64_t vmask, float fx[16], float fy[16], float iw[16],
                   gp_vec *in);
    /* RGBA floats (channel, lane) to RGBA8 words (bytes R, G, B, A),
     * rast_blend.c f2u8 each */
    void (*pack8)(const float src[4][16], uint32_t px[16]);
} rast_lane_ops;
/* A register's components as the floats pack8 takes (gp_val is a union
 * with a float member). */
static inline const float (*rast_vec_floats(const gp_vec *v))[16]
{
    return (const float(*)[16])(const void *)v->c;
}
/* The widest build this CPU runs (ASMGL_EXEC_ISA=base: the baseline;
 * =avx2: nothing wider). */
const rast_lane_ops *rast_lanes(void);
/* Build i (0 baseline, 1 AVX2, 2 AVX-512), or NULL where the CPU lacks
 * it: for tests. */
const rast_lane_ops *rast_lanes_variant(int i);
#if defined(__GNUC__) && defined(__x86_64__)
#define RAST_LANES_HAS_AVX2 1
extern const rast_lane_ops rast_lane_ops_avx2;   /* rast_lanes_avx2.c */
extern const rast_lane_ops rast_lane_ops_avx512; /* rast_lanes_avx512.c */
#else
#define RAST_LANES_HAS_AVX2 0
#endif

/* out = the lanes l (0..15) where "A FUNC B" for the GL comparison function
 * func (NEVER: none; ALWAYS, and any other value: all), A and B expressions
 * of l evaluated per lane: the alpha, depth and stencil tests' one mapping
 * of the functions.  One switch per task, a loop per case. */
#define RAST_FUNC_LANES(out, func, A, B)                                  \
    do {                                                                  \
        uint32_t fl_ = 0;                                                 \
        switch (func) {                                                   \
        case GL_NEVER: break;                                             \
        case GL_LESS: RAST_FUNC_LOOP_(fl_, (A) < (B)) break;              \
        case GL_EQUAL: RAST_FUNC_LOOP_(fl_, (A) == (B)) break;            \
        case GL_LEQUAL: RAST_FUNC_LOOP_(fl_, (A) <= (B)) break;           \
        case GL_GREATER: RAST_FUNC_LOOP_(fl_, (A) > (B)) break;           \
        case GL_NOTEQUAL: RAST_FUNC_LOOP_(fl_, (A) != (B)) break;         \
        case GL_GEQUAL: RAST_FUNC_LOOP_(fl_, (A) >= (B)) break;           \
        default: fl_ = 0xffffu; break;                                    \
        }                                                                 \
        (out) = fl_;                                                      \
    } while (0)
#define RAST_FUNC_LOOP_(acc, EXPR)                                        \
    for (int l = 0; l < 16; l++)                                          \
        (acc) |= (uint32_t)(EXPR) << l;

/* ---- small helpers ------------------------------------------------------------- */

/* Where depth is taken for primitive p on the tile's current sample plane:
 * the plane's sample position for multisample states, else the pixel centre. */
static inline float rast_zs_x(const rast_tile_ctx *t, const rast_prim *p)
{
    return p->ds->ms ? t->sample_fx : 0.5f;
}
static inline float rast_zs_y(const rast_tile_ctx *t, const rast_prim *p)
{
    return p->ds->ms ? t->sample_fy : 0.5f;
}

/* Tile-local pixel coordinates of a block-layout pixel index. */
static inline int rast_pix_x(int p)
{
    return ((p >> 4) & 7) * 4 + ((p >> 2) & 1) * 2 + (p & 1);
}
static inline int rast_pix_y(int p)
{
    return (p >> 7) * 4 + ((p >> 3) & 1) * 2 + ((p >> 1) & 1);
}
static inline int rast_pix_index(int x, int y)
{
    return ((y >> 2) * 8 + (x >> 2)) * 16 + (((y >> 1) & 1) * 2 + ((x >> 1) & 1)) * 4 +
           (y & 1) * 2 + (x & 1);
}

/* (no -mpopcnt: __builtin_popcount would be a libgcc call) */
static inline int rast_popcount(uint32_t m)
{
    m = m - ((m >> 1) & 0x55555555u);
    m = (m & 0x33333333u) + ((m >> 2) & 0x33333333u);
    m = (m + (m >> 4)) & 0x0f0f0f0fu;
    return (int)((m * 0x01010101u) >> 24);
}

/* Colour formats of 16-byte pixels (tile load/store, clears). */
static inline bool rast_format_int(tex_format f)
{
    return f == TEX_FMT_RGBA32I || f == TEX_FMT_RGBA32UI;
}
static inline size_t rast_color_bpp(tex_format f)
{
    return (f == TEX_FMT_RGBA32F || rast_format_int(f)) ? 16 : 4;
}

static inline float rast_clampf(float v, float lo, float hi)
{
    /* NaN -> lo */
    return v >= lo ? (v <= hi ? v : hi) : lo;
}

/* ---- Tessellation primitive generator (rast_tess_gen.c) ----------------------
 * ARB_tessellation_shader 2.X.2 / NV_tessellation_program5: subdivides one
 * patch's domain from its levels into tessellation coordinates (u,v,w) and
 * primitives, with the vertex positions and triangulation of the Direct3D 11
 * reference tessellator (what hardware and Mesa/llvmpipe produce).
 *
 * Call order, per patch (any thread; pure functions, no allocation):
 *   rast_tess_plan_init(&plan, mode, spacing, cw, point_mode, outer, inner);
 *   plan.num_vertices, plan.num_prims * plan.verts_per_prim  -> buffer sizes
 *   rast_tess_gen_coords(&plan, uvw);      uvw[plan.num_vertices][3]
 *   rast_tess_gen_prims(&plan, indices);   indices[num_prims * verts_per_prim]
 * A discarded patch has num_vertices == num_prims == 0.  Every size is at
 * most RAST_TESS_MAX_VERTICES / RAST_TESS_MAX_INDICES, so a caller may also
 * keep one buffer of each for all patches.
 *
 * Coordinates are multiples of 2^-16 (16.16 fixed point, converted exactly);
 * w = 1 - u - v for TRIANGLES and 0 otherwise.  Primitives are index lists:
 * triangles (TRIANGLES, QUADS) wound per cw in the (u,v) plane of Figure X.1,
 * line segments (ISOLINES, increasing u), or one point per vertex in
 * point_mode.  An edge's vertices depend only on that edge's level and the
 * spacing, and each edge is subdivided symmetrically: neighbouring patches
 * sharing an edge level get identical positions along it (no cracks). */
#define RAST_TESS_MAX_LEVEL 64      /* MAX_TESS_GEN_LEVEL */
#define RAST_TESS_MAX_VERTICES 4225 /* (64 + 1)^2: QUADS, EQUAL, every level 64 */
#define RAST_TESS_MAX_INDICES 24576 /* 64 * 64 * 2 triangles * 3 */

typedef enum rast_tess_mode {
    RAST_TESS_TRIANGLES,
    RAST_TESS_QUADS,
    RAST_TESS_ISOLINES,
} rast_tess_mode;

typedef enum rast_tess_spacing {
    RAST_TESS_EQUAL,
    RAST_TESS_FRACTIONAL_ODD,
    RAST_TESS_FRACTIONAL_EVEN,
} rast_tess_spacing;

/* One subdivided level (an edge, an inner axis, isoline density or detail),
 * in 16.16 fixed point: the half-edge from 0 to 1/2 holds half_points
 * vertices placed between the subdivisions of floor(level/2) and
 * ceil(level/2) segments; the other half is its mirror image. */
typedef struct rast_tess_edge {
    uint32_t inv_floor, inv_ceil; /* 1 / segments on the floor and ceil levels */
    uint32_t frac;                /* fraction of the half level */
    int32_t half_points;          /* vertices on [0, 1/2) */
    int32_t split;                /* vertex index after which floor lags ceil by one */
    int32_t points;               /* vertices on the whole edge, both ends included */
    bool odd;                     /* odd parity: no vertex at 1/2 */
} rast_tess_edge;

typedef struct rast_tess_plan {
    rast_tess_mode mode;
    bool cw, point_mode;
    bool discard; /* a relevant outer level <= 0 (or denormal) or NaN: nothing */
    bool minimal; /* every level 1: one triangle, or one quad as two triangles */
    /* TRIANGLES: outer[0..2] (u==0, v==0, w==0 edges), inner[0];
     * QUADS: outer[0..3] (u==0, v==0, u==1, v==1), inner[0] (u), inner[1] (v);
     * ISOLINES: outer[0] the line density, outer[1] the detail along a line. */
    rast_tess_edge outer[4], inner[2];
    int32_t inner_points[2]; /* inner[] points, at least 3 (even) or 4 (odd) */
    uint32_t num_vertices;
    uint32_t num_prims;
    uint32_t verts_per_prim; /* 3 triangles, 2 lines, 1 point_mode (also if discarded) */
} rast_tess_plan;

void rast_tess_plan_init(rast_tess_plan *plan, rast_tess_mode mode, rast_tess_spacing spacing,
                         bool cw, bool point_mode, const float outer[4], const float inner[2]);
uint32_t rast_tess_gen_coords(const rast_tess_plan *plan, float (*uvw)[3]);
uint32_t rast_tess_gen_prims(const rast_tess_plan *plan, uint32_t *indices);

#endif /* RASTERIZER_RAST_PRIV_H */
