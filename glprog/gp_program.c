/*
 * gp_program.c - the front end's public entry points: gp_limits_default,
 * gp_compile (header, then parse -> validate -> lower, one arena, one exit),
 * gp_program_get_info and gp_program_free (which frees the executor
 * backends' code too).  Compile time, any thread; no state outside the
 * caller's arguments.
 */
#include <assert.h>
#include <stdatomic.h>
#include <limits.h>
#include <stdio.h>

#include "gp_backend.h"
#include "gp_priv.h"

/*
 * Default limits.  Every value is at least the spec minimum (ARB_vertex_
 * program Table X.10: 128 instructions, 12 temporaries, 96 parameters, 16
 * attributes, 1 address register, 96 env/local, 8 program matrices;
 * ARB_fragment_program: 72/48/24 instructions, 4 indirections, 16
 * temporaries, 24 parameters, 10 attributes; NV_fragment_program2 and
 * NV_vertex_program2/3: 65536 executed instructions, call depth 4, IF depth
 * 48, loop depth 4, loop count 255) and at least what NVIDIA's drivers
 * report for these program types on GeForce 6 and later (4096 instructions
 * with no separate ALU/texture/indirection limits, 32 temporaries, 256 env
 * parameters, 16 texture image units, 8 texture coordinates, 8 draw
 * buffers).  Local parameters and the parameter count follow Mesa (4096):
 * piglit's big-param binds program.local[0..1020] in one array, beyond the
 * 256 of older NVIDIA parts.  Clip planes: 8, the two GP_VARY_CLIP slots.
 */
void gp_limits_default(gp_limits *lim, gp_stage stage)
{
    memset(lim, 0, sizeof(*lim));
    lim->max_instructions = 4096;
    lim->max_alu_instructions = 4096;
    lim->max_tex_instructions = 4096;
    lim->max_tex_indirections = 4096;
    lim->max_temporaries = 32;
    lim->max_parameters = 4096;
    lim->max_attribs = 16;
    lim->max_address_registers = stage == GP_STAGE_VERTEX ? 2 : 1;
    lim->max_env_parameters = 256;
    lim->max_local_parameters = 4096;
    lim->max_texture_coords = 8;
    lim->max_texture_image_units = 16;
    lim->max_draw_buffers = 8;
    lim->max_program_matrices = 8;
    lim->max_program_matrix_stack_depth = 4;
    lim->max_lights = 8;
    lim->max_clip_planes = 8;
    lim->max_texture_units = 8;
    lim->max_exec_instructions = 65536;
    lim->max_loop_depth = 4;
    lim->max_loop_count = 255;
    lim->max_call_depth = 8;
    lim->max_if_depth = 48;
    lim->max_vertex_units = 1;
    lim->max_palette_matrices = 0;
    lim->max_output_vertices = 256;          /* NV_geometry_program4 minimums */
    lim->max_total_output_components = 1024;
    lim->max_parameter_buffer_bindings = GP_MAX_PARAM_BUFFERS; /* >= 8 */
    lim->max_parameter_buffer_size = 16384;  /* words: 64 KB, NV_parameter_buffer_object issue 8 */
}

const gp_program_info *gp_program_get_info(const gp_program *p)
{
    return p ? &p->info : NULL;
}

void gp_program_free(gp_program *p)
{
    if (!p)
        return;
    /* first: a backend's release waits for a compile of p in progress */
    gp_backend_release_code(p);
    GP_FREE(p->insns);
    GP_FREE(p->params);
    GP_FREE(p->source);
    GP_FREE(p->sub_block);
    GP_FREE(p->leaders);
    uintptr_t punch = atomic_load_explicit(&p->punch, memory_order_acquire);
    if (punch > 1)
        gp_program_free((gp_program *)punch);
    GP_FREE(p);
}

enum { HDR_OK, HDR_LATER, HDR_OUT_OF_SCOPE };

static const struct header {
    const char *text;
    gp_lang lang;
    gp_stage stage;
    int status;
} headers[] = {
    { "!!ARBvp1.0", GP_LANG_ARBVP10, GP_STAGE_VERTEX, HDR_OK },
    { "!!ARBfp1.0", GP_LANG_ARBFP10, GP_STAGE_FRAGMENT, HDR_OK },
    { "!!NVvp4.0", GP_LANG_NVVP40, GP_STAGE_VERTEX, HDR_OK },
    { "!!NVfp4.0", GP_LANG_NVFP40, GP_STAGE_FRAGMENT, HDR_OK },
    { "!!NVgp4.0", GP_LANG_NVGP40, GP_STAGE_GEOMETRY, HDR_OK },
    /* NV_gpu_program4_1 (FEATURES.md HDR.NV41): the 4.0 languages plus the
     * Table X.13 rows with V = 41 (TXG, LOD) and the ARRAYCUBE targets;
     * info.lang is the 4.0 language (gp_parse.nv41 tells them apart). */
    { "!!NVvp4.1", GP_LANG_NVVP40, GP_STAGE_VERTEX, HDR_OK },
    { "!!NVfp4.1", GP_LANG_NVFP40, GP_STAGE_FRAGMENT, HDR_OK },
    { "!!NVgp4.1", GP_LANG_NVGP40, GP_STAGE_GEOMETRY, HDR_OK },
    /* NV_gpu_program5 2.X.2: the NV_gpu_program4 languages extended.  The
     * front end parses them as NV4 (info.lang says which header it was)
     * plus the NV5 rows of gp_opcodes.def (GP_PROF_NV5) and the NV5
     * declarations and bindings; !!NVcp5.0 (NV_compute_program5) likewise,
     * with the memory instructions (gp_parse.c "memory"). */
    { "!!NVvp5.0", GP_LANG_NVVP50, GP_STAGE_VERTEX, HDR_OK },
    { "!!NVfp5.0", GP_LANG_NVFP50, GP_STAGE_FRAGMENT, HDR_OK },
    { "!!NVgp5.0", GP_LANG_NVGP50, GP_STAGE_GEOMETRY, HDR_OK },
    /* NV_tessellation_program5 2.X.2 (HDR.NVTCP50, HDR.NVTEP50) */
    { "!!NVtcp5.0", GP_LANG_NVTCP50, GP_STAGE_TESS_CONTROL, HDR_OK },
    { "!!NVtep5.0", GP_LANG_NVTEP50, GP_STAGE_TESS_EVAL, HDR_OK },
    { "!!NVcp5.0", GP_LANG_NVCP50, GP_STAGE_COMPUTE, HDR_OK }, /* NV_compute_program5 */
    { "!!VP1.0", GP_LANG_ARBVP10, GP_STAGE_VERTEX, HDR_OUT_OF_SCOPE },
    { "!!VP1.1", GP_LANG_ARBVP10, GP_STAGE_VERTEX, HDR_OUT_OF_SCOPE },
    { "!!VP2.0", GP_LANG_ARBVP10, GP_STAGE_VERTEX, HDR_OUT_OF_SCOPE },
    { "!!VSP1.0", GP_LANG_ARBVP10, GP_STAGE_VERTEX, HDR_OUT_OF_SCOPE },
    { "!!FP1.0", GP_LANG_ARBFP10, GP_STAGE_FRAGMENT, HDR_OUT_OF_SCOPE },
};

static const char *stage_name(gp_stage s)
{
    static const char *const names[GP_STAGE_COUNT] = { "vertex", "fragment", "geometry",
                                                       "tessellation control", "tessellation evaluation",
                                                       "compute" };
    return (unsigned)s < GP_STAGE_COUNT ? names[s] : "unknown";
}

static void set_error(gp_error *err, const char *src, int len, int pos, const char *msg, const char *arg)
{
    err->pos = pos;
    gp_lex_linecol(src, len, pos, &err->line, &err->col);
    snprintf(err->msg, sizeof(err->msg), msg, arg);
}

/* Client-supplied limits go into arithmetic (limit - 4, 4 * limit): keep
 * every field in [0, 2^24] so none of it can overflow. */
static void clamp_limits(gp_limits *lim)
{
    static_assert(sizeof(gp_limits) % sizeof(int) == 0, "gp_limits holds ints only");
    int *f = &lim->max_instructions;
    for (size_t i = 0; i < sizeof(gp_limits) / sizeof(int); i++) {
        if (f[i] < 0)
            f[i] = 0;
        if (f[i] > (1 << 24))
            f[i] = 1 << 24;
    }
    if (lim->max_vertex_units < 1)
        lim->max_vertex_units = 1; /* modelview[0] and weight[0] always exist */
    if (lim->max_parameter_buffer_bindings > GP_MAX_PARAM_BUFFERS)
        lim->max_parameter_buffer_bindings = GP_MAX_PARAM_BUFFERS; /* gp_src.buf, the env's table */
}

/* Arena cap: generous for any real program, but a hostile 10 MB string of
 * labels or aliases ends as "out of memory" rather than exhausting the host. */
static size_t arena_limit(size_t len)
{
    size_t lim = ((size_t)64 << 20) + len * 32;
    return lim > ((size_t)1 << 30) ? ((size_t)1 << 30) : lim;
}

gp_program *gp_compile(const char *src, size_t len, gp_stage stage, const gp_limits *lim, gp_error *err)
{
    gp_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof(*err));
    err->pos = -1;
    if (!src)
        len = 0, src = "";
    if (len > (size_t)INT_MAX - 16) {
        set_error(err, "", 0, 0, "program string too long%s", "");
        return NULL;
    }
    int n = (int)len;

    /* ARB_vertex_program 2.14.2 (ARB_fragment_program 3.11.2 alike): "A
     * vertex program is required to begin with the header string
     * "!!ARBvp1.0", without any preceding whitespace."  Deliberate
     * leniency: spaces, tabs, CRs and LFs before the header are skipped,
     * as Mesa does (its lexer drops whitespace before the header token).
     * piglit relies on it: its generated asmparsertest programs
     * (gen_vp_tex.py, since 2016) start with blank lines, and piglit
     * expects them to load.  Comments before the header stay an error.
     * Offsets (error positions, lines, columns) still count from the first
     * byte of src; parsing starts right after the header. */
    int hs = gp_lex_header_start(src, n);
    const char *hdr = src + hs;
    size_t hlen = len - (size_t)hs;
    const struct header *h = NULL;
    for (size_t i = 0; i < sizeof(headers) / sizeof(headers[0]); i++) {
        size_t hl = strlen(headers[i].text);
        if (hlen >= hl && memcmp(hdr, headers[i].text, hl) == 0)
            h = &headers[i];
    }
    if (!h) {
        set_error(err, src, n, hs, "missing or unknown program header (expected %s)",
                  stage == GP_STAGE_VERTEX ? "!!ARBvp1.0" : stage == GP_STAGE_FRAGMENT ? "!!ARBfp1.0" : "an NV header");
        return NULL;
    }
    if (h->status == HDR_OUT_OF_SCOPE) {
        set_error(err, src, n, hs, "unsupported program header '%s' (only the ARB and NV_gpu_program "
                                   "languages are supported)", h->text);
        return NULL;
    }
    if (h->stage != stage) {
        char msg[160];
        snprintf(msg, sizeof(msg), "'%%s' is a %s program header, but the program is loaded as a %s program",
                 stage_name(h->stage), stage_name(stage));
        set_error(err, src, n, hs, msg, h->text);
        return NULL;
    }
    if (h->status == HDR_LATER) {
        set_error(err, src, n, hs, "'%s' programs are not yet supported", h->text);
        return NULL;
    }

    gp_parse *ps = GP_MALLOC(sizeof(*ps));
    if (!ps) {
        set_error(err, src, n, 0, "out of memory%s", "");
        err->out_of_memory = true;
        return NULL;
    }
    memset(ps, 0, sizeof(*ps));
    ps->src = src;
    ps->len = n;
    ps->stage = stage;
    ps->lang = h->lang;
    ps->nv4 = h->lang == GP_LANG_NVVP40 || h->lang == GP_LANG_NVFP40 || h->lang == GP_LANG_NVGP40 ||
              h->lang == GP_LANG_NVVP50 || h->lang == GP_LANG_NVFP50 || h->lang == GP_LANG_NVGP50 ||
              h->lang == GP_LANG_NVCP50 || h->lang == GP_LANG_NVTCP50 || h->lang == GP_LANG_NVTEP50;
    ps->nv5 = h->lang == GP_LANG_NVVP50 || h->lang == GP_LANG_NVFP50 || h->lang == GP_LANG_NVGP50 ||
              h->lang == GP_LANG_NVCP50 || h->lang == GP_LANG_NVTCP50 || h->lang == GP_LANG_NVTEP50;
    ps->nv41 = strcmp(h->text + strlen(h->text) - 3, "4.1") == 0;
    ps->err = err;
    if (lim)
        ps->lim = *lim;
    else
        gp_limits_default(&ps->lim, stage);
    clamp_limits(&ps->lim);
    gp_arena_init(&ps->arena, arena_limit(len));
    gp_lex_init(&ps->lx, src, n, hs + (int)strlen(h->text));

    gp_program *volatile prog = NULL;
    if (setjmp(ps->fail) == 0) {
        gp_parse_program(ps);
        gp_validate_program(ps);
        prog = gp_lower_program(ps);
    }
    /* the single exit: all parse memory goes at once */
    gp_arena_free(&ps->arena);
    GP_FREE(ps);
    return prog;
}
