/*
 * rast_state.c - per-draw state: every decision that depends only on GL state
 * is taken here, once per state change (R11, R12), never in the pixel loops.
 * Stage: setup (producer side).  Thread: API thread.
 *
 * A draw's state becomes a rast_dstate in the scene arena.  Consecutive draws
 * with identical state (and identical fragment-program parameters) share one,
 * so bins see SET_STATE only when something changed.
 *
 * Hidden-surface removal classification (R12).  Shading a primitive is
 * deferred (RAST_MODE_DEFERRED) only when hiding it is unobservable:
 *   - the program has no KIL, no depth write, no side effects;
 *   - no alpha test, no blending, no logic op;
 *   - every colour buffer written has a full colour mask.
 * Then the colour a pixel ends with is the colour of the last primitive that
 * passed the depth/stencil tests there, whatever the depth function: the ISP
 * runs the tests in submission order and keeps that primitive in the tag
 * buffer, and only it is shaded.  Stencil updates happen in the ISP either
 * way, so stencil state does not prevent deferral.  Everything else is shaded
 * in submission order, with the depth/stencil tests before the program when
 * the program can neither kill nor change depth (early Z), else after;
 * except punch-through (RAST_MODE_PUNCH): a program that only kills or
 * writes depth, in a state that otherwise allows deferral, runs the part of
 * it that decides those first (glprog's gp_program_punch_decide) and is then
 * deferred with the fragments that part keeps (rast_hsr.c hsr_punch).
 * Side effects (rast.h "Resources"): a program with stores or
 * atomics is never DEFERRED nor DEPTH_ONLY; it is LATE_Z (every covered
 * fragment inside the scissor runs it, the tests follow) or, with OPTION
 * NV_early_fragment_tests, EARLY_Z (only fragments passing depth/stencil
 * run it).  rast_hsr.c skips fragments before shading (HiZ tile and block
 * rejection) only in EARLY_Z, where a failing fragment never runs the
 * program anyway; helper lanes go to gp_exec as helper_mask (rast_shade.c)
 * and store nothing.  rasterizer/tests/test_side_effects.c counts it.
 */
#include <math.h>
#include <stdlib.h>

#include "rast_priv.h"

static int clampi(int v, int lo, int hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

static void rect_intersect(int r[4], int x0, int y0, int x1, int y1)
{
    if (x0 > r[0]) r[0] = x0;
    if (y0 > r[1]) r[1] = y0;
    if (x1 < r[2]) r[2] = x1;
    if (y1 < r[3]) r[3] = y1;
    if (r[2] < r[0]) r[2] = r[0];
    if (r[3] < r[1]) r[3] = r[1];
}

/* The clamping of RGBA32F buffer b (rast_priv.h fclamp_src, fclamp_res):
 * a float format clamps the fragment's colours to [0, 1] only with
 * CLAMP_FRAGMENT_COLOR TRUE; a fixed-point format kept as RGBA32F clamps
 * them, the blend constant and its results to its range, as the format's
 * own storage would (GL 3.0 4.1.8; SNORM: [-1, 1], EXT_texture_snorm), and
 * CLAMP_FRAGMENT_COLOR TRUE clamps the fragment's colours to [0, 1]
 * first. */
static void float_buffer_ranges(rast_dstate *ds, int b, uint8_t range, uint8_t clamp)
{
    float lo = -INFINITY, hi = INFINITY, rlo = -INFINITY, rhi = INFINITY;
    if (range != RAST_RANGE_FLOAT) {
        rlo = range == RAST_RANGE_SNORM ? -1.0f : 0.0f;
        rhi = 1.0f;
        lo = rlo;
        hi = rhi;
    }
    if (clamp == RAST_CLAMP_ON) {
        lo = 0.0f;
        hi = 1.0f;
    }
    ds->fclamp_src[b][0] = lo;
    ds->fclamp_src[b][1] = hi;
    ds->fclamp_res[b][0] = rlo;
    ds->fclamp_res[b][1] = rhi;
    if (lo != -INFINITY || rhi != INFINITY)
        ds->fclamped |= (uint8_t)(1u << b);
}

/* Pixels whose centre lies in [v0, v1). */
static int center_ceil(double v)
{
    double c = ceil(v - 0.5);
    if (!(c > -1e9)) return -1000000000;
    if (c > 1e9) return 1000000000;
    return (int)c;
}

static void fill_dstate(rast_context *r, const rast_draw *d, rast_dstate *ds)
{
    const rast_state *st = &d->state;
    const rast_framebuffer *fb = &r->scene.fb;
    const gp_program_info *fpi = gp_program_get_info(d->fp.prog);

    memset(ds, 0, sizeof(*ds));
    rast_stage_binding_clean(&ds->fp, &d->fp, fpi->param_buffers_used);
    ds->fpi = fpi;
    ds->num_fp_params = fpi->num_params;
    for (int i = 0; i < RAST_MAX_TEXTURE_UNITS; i++) {
        if (fpi->tex_units_used & (1u << i)) {
            ds->tex.textures[i] = d->textures[i];
            ds->tex.lod_bias[i] = d->tex_lod_bias[i];
            ds->tex.samplers[i] = d->tex_samplers[i];
        }
    }
    ds->tex.handles = d->tex_handles;
    ds->tex.num_handles = d->num_tex_handles;
    ds->insn_budget = r->insn_budget;
    /* resources (rast.h "Resources"): the parts the program uses */
    if (fpi->uses_global_memory)
        ds->mem_space = d->res.space;
    for (int n = 0; n < GP_MAX_STORAGE_BUFFERS; n++)
        if (fpi->storage_used & (1u << n))
            ds->storage[n] = d->res.storage[n];
    for (int u = 0; u < GP_MAX_IMAGE_UNITS; u++)
        if (fpi->images_used & (1u << u))
            memcpy(&ds->images[u], &d->res.images[u], sizeof(ds->images[u]));

    /* Fragment inputs interpolated from vertex attributes, and how
     * (NV_fragment_program4 2.X.3.1):
     *   FLAT: the provoking vertex's value, its 32-bit words copied without
     *     arithmetic, so integer attributes (which must be FLAT: DT.INT_FLAT,
     *     enforced at load) arrive bit for bit.  primitive.id and the layer
     *     are integers the rasterizer copies the same way.  GL_FLAT makes
     *     the colours flat whatever their modifiers (colours not declared
     *     FLAT follow the shade model);
     *   NOPERSPECTIVE: linear in window space (and clipped with t', 2.14.8);
     *   CENTROID: the pixel centre unless multisample rasterization is on
     *     (ds->ms), where a partly covered pixel of a triangle takes its
     *     lowest-numbered covered sample's position (rast.h
     *     "Multisampling"; the spec allows the centre when not
     *     multisampling: 3.5.6);
     *   default: perspective-correct.
     * Points take every attribute from their vertex (modifiers have no
     * effect); lines interpolate NOPERSPECTIVE slots linearly along the
     * line in window space. */
    ds->fog_index = -1;
    /* multisampling (rast.h "Multisampling"): every attachment of a complete
     * framebuffer has the same sample count */
    int nsamples = 1;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++)
        if (fb->color[b].data && fb->color[b].samples > nsamples)
            nsamples = fb->color[b].samples;
    if (fb->depth.data && fb->depth.samples > nsamples)
        nsamples = fb->depth.samples;
    if (fb->stencil.data && fb->stencil.samples > nsamples)
        nsamples = fb->stencil.samples;
    int npos;
    rast_sample_positions(nsamples, &npos);
    ds->nsamples = (uint8_t)npos;
    ds->ms = npos > 1 && npos == nsamples && st->multisample;
    ds->sample_mask = 0xffffffffu;
    if (ds->ms && st->sample_coverage) {
        /* samples 0 .. k - 1, k = floor(v * n + 0.5) (rast.h "Multisampling") */
        float v = rast_clampf(st->sample_coverage_value, 0.0f, 1.0f);
        int k = (int)floorf(v * (float)npos + 0.5f);
        uint32_t m = k >= 32 ? 0xffffffffu : (1u << k) - 1u;
        ds->sample_mask = st->sample_coverage_invert ? ~m : m;
    }
    if (ds->ms && st->sample_mask)
        ds->sample_mask &= st->sample_mask_value;
    ds->a2c = ds->ms && st->sample_alpha_to_coverage;
    ds->a2one = ds->ms && st->sample_alpha_to_one;
    uint64_t flat = fpi->inputs_flat | (1ull << GP_VARY_PRIMID) | (1ull << GP_VARY_LAYER);
    if (st->flat_shade)
        flat |= (1ull << GP_VARY_COL0) | (1ull << GP_VARY_COL1);
    for (int s = 0; s < GP_VARY_COUNT; s++) {
        if (!(fpi->inputs_read & (1ull << s)))
            continue;
        if (s == GP_VARY_POS) {
            ds->read_pos = true;
        } else if (s == GP_VARY_FACE) {
            ds->read_face = true;
        } else if (s == GP_VARY_COL0 || s == GP_VARY_COL1 || s == GP_VARY_FOG ||
                   (s >= GP_VARY_TEX0 && s < GP_VARY_TEX0 + 8) ||
                   (s >= GP_VARY_ATTR0 && s < GP_VARY_ATTR0 + 32) ||
                   s == GP_VARY_CLIP0 || s == GP_VARY_CLIP1 ||
                   s == GP_VARY_PRIMID || s == GP_VARY_LAYER ||
                   s == GP_VARY_PNTC /* NV5 fragment.pointcoord: rast_setup_point.c */) {
            if (ds->nvary >= RAST_MAX_VARY)
                continue;
            if (s == GP_VARY_FOG) {
                ds->read_fog = true;
                ds->fog_index = ds->nvary;
            }
            if (flat & (1ull << s))
                ds->vary_flat |= 1ull << ds->nvary;
            else if (fpi->inputs_noperspective & (1ull << s))
                ds->vary_nopersp |= 1ull << ds->nvary;
            if (ds->ms && (fpi->inputs_centroid & (1ull << s)) && !(flat & (1ull << s)))
                ds->vary_centroid |= 1ull << ds->nvary;
            if (ds->ms && (fpi->inputs_sample & (1ull << s)) && !(flat & (1ull << s)))
                ds->vary_sample |= 1ull << ds->nvary;
            ds->vary_slot[ds->nvary++] = (uint8_t)s;
        }
        /* VIEWPORT: not produced (read as zero); SAMPLE: filled by
         * rast_shade_task (ds->read_sample) */
    }
    ds->vary_special = (ds->vary_flat | ds->vary_nopersp | ds->vary_centroid | ds->vary_sample) != 0;
    /* NV5 multisample inputs and outputs (rast.h "Multisampling") */
    ds->read_sample = (fpi->inputs_read >> GP_VARY_SAMPLE) & 1u;
    ds->write_samplemask = (fpi->outputs_written >> GP_FOUT_SAMPLEMASK) & 1u;
    ds->per_sample = ds->ms && fpi->inputs_sample != 0;

    /* ARB_fragment_coord_conventions */
    bool center_int = fpi->options & GP_OPTION_PIXEL_CENTER_INTEGER;
    ds->pos_x_add = center_int ? 0.0f : 0.5f;
    if (fpi->options & GP_OPTION_ORIGIN_UPPER_LEFT) {
        ds->pos_y_mul = -1.0f;
        ds->pos_y_add = (float)fb->height - (center_int ? 1.0f : 0.5f);
    } else {
        ds->pos_y_mul = 1.0f;
        ds->pos_y_add = center_int ? 0.0f : 0.5f;
    }

    /* depth and stencil: GL acts as if a test is disabled without its buffer */
    ds->depth_test = st->depth_test && fb->depth.data;
    ds->depth_write = ds->depth_test && st->depth_write;
    ds->depth_func = st->depth_func;
    ds->stencil_test = st->stencil_test && fb->stencil.data;
    if (ds->stencil_test) {
        ds->stencil[0] = st->stencil[0];
        ds->stencil[1] = st->stencil[1];
    }
    float n = rast_clampf(st->depth_range[0], 0.0f, 1.0f);
    float f = rast_clampf(st->depth_range[1], 0.0f, 1.0f);
    if (st->depth_clamp) {
        ds->zmin = n < f ? n : f;
        ds->zmax = n < f ? f : n;
    } else {
        ds->zmin = 0.0f;
        ds->zmax = 1.0f;
    }

    /* colour buffers.  ARB_draw_buffers: with the ARB_draw_buffers (or
     * ATI_draw_buffers) option result.color[n] goes to draw buffer n and
     * result.color is result.color[0]; without it the single result.color
     * goes to every enabled draw buffer.  NV_fragment_program4 (2.X.3.5,
     * 2.X.6) is the same: result.color[n] exists only with the option (a
     * program binding it without fails to load), so nothing depends on
     * fpi->lang here (BIND.R.COLOR_N, BIND.R.COLOR_FRAG). */
    bool mrt = fpi->options & GP_OPTION_DRAW_BUFFERS;
    bool all_full = true;
    for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++) {
        const rast_surface *s = &fb->color[b];
        if (!s->data || (s->format != TEX_FMT_RGBA8 && s->format != TEX_FMT_RGBA32F &&
                         !rast_format_int(s->format)))
            continue;
        int src = mrt ? GP_FOUT_COLOR0 + b : GP_FOUT_COLOR0;
        if (mrt && !(fpi->outputs_written & (1ull << src)))
            continue; /* undefined colour: leave the buffer alone */
        uint8_t cm = st->color_mask[b] & 0xf;
        if (!cm)
            continue;
        if ((st->color_mask[b] & RAST_MASK_ALPHA_IS_RED) && !rast_format_int(s->format))
            ds->alpha_is_red |= (uint8_t)(1u << b);
        if (cm != 0xf)
            all_full = false;
        ds->cbuf[ds->ncbuf] = (uint8_t)b;
        ds->cbuf_src[ds->ncbuf] = (uint8_t)src;
        ds->ncbuf++;
        ds->color_mask[b] = cm;
        ds->cformat[b] = s->format;
        ds->cbase[b] = s->base;
        if (s->format == TEX_FMT_RGBA32F)
            float_buffer_ranges(ds, b, s->range, st->clamp_fragment);
        if (s->format == TEX_FMT_RGBA8 && s->srgb && st->framebuffer_srgb)
            ds->srgb_buffers |= (uint8_t)(1u << b);
    }
    /* EXT_texture_integer: the alpha test has no effect on colours written
     * to integer buffers.  It is one test per fragment on result.color[0]'s
     * alpha, so asmgl skips it when draw buffer 0 is an integer buffer (its
     * "alpha" is integer bits) and runs it as usual otherwise. */
    ds->alpha_test = st->alpha_test && !(fb->color[0].data && rast_format_int(fb->color[0].format));
    /* colour results start at 0 (rast_shade.c) where a program can skip a
     * colour write: flow control or condition-code write masks (NV4 and
     * later, the NV_fragment_program options of ARB programs) */
    ds->preset_color = fpi->lang != GP_LANG_ARBFP10 ||
                       (fpi->options & (GP_OPTION_NV_FRAGMENT_PROGRAM | GP_OPTION_NV_FRAGMENT_PROGRAM2));
    ds->preset = ds->preset_color || fpi->writes_depth || ds->write_samplemask;
    ds->alpha_func = st->alpha_func;
    ds->alpha_ref = rast_clampf(st->alpha_ref, 0.0f, 1.0f);
    ds->logic_op = st->logic_op_enable && st->logic_op != GL_COPY;
    ds->logic_op_mode = st->logic_op;
    /* the buffers written with BLEND enabled (logic ops take precedence) */
    uint8_t written = 0;
    for (int i = 0; i < ds->ncbuf; i++)
        written |= (uint8_t)(1u << ds->cbuf[i]);
    ds->blend_buffers = st->logic_op_enable ? 0 : st->blend_buffers & written;
    ds->blend = ds->blend_buffers != 0;
    if (ds->blend) {
        ds->blend_src_rgb = st->blend_src_rgb;
        ds->blend_dst_rgb = st->blend_dst_rgb;
        ds->blend_src_alpha = st->blend_src_alpha;
        ds->blend_dst_alpha = st->blend_dst_alpha;
        ds->blend_eq_rgb = st->blend_eq_rgb;
        ds->blend_eq_alpha = st->blend_eq_alpha;
        for (int c = 0; c < 4; c++) {
            ds->blend_color[c] = st->blend_color[c];
            ds->blend_color_clamped[c] = rast_clampf(st->blend_color[c], 0.0f, 1.0f);
        }
        /* ADD with (ONE, ZERO) everywhere is no blending at all */
        if (ds->blend_eq_rgb == GL_FUNC_ADD && ds->blend_eq_alpha == GL_FUNC_ADD &&
            ds->blend_src_rgb == GL_ONE && ds->blend_src_alpha == GL_ONE &&
            ds->blend_dst_rgb == GL_ZERO && ds->blend_dst_alpha == GL_ZERO) {
            ds->blend = false;
            ds->blend_buffers = 0;
        }
    }

    /* HSR classification (see the top of this file) */
    bool kill_like = fpi->uses_kill || ds->alpha_test || ds->a2c; /* a2c: coverage from the program */
    /* result.samplemask changes coverage; fragment.samplemask is the
     * rasterized coverage, before any depth test (so no early Z or HSR) */
    kill_like = kill_like || ds->write_samplemask || ds->read_sample;
    bool side = fpi->has_side_effects;
    if (ds->ncbuf == 0 && !side && !kill_like && !fpi->writes_depth)
        ds->mode = RAST_MODE_DEPTH_ONLY;
    else if (!(r->debug & RAST_DEBUG_NO_HSR) && !side && !kill_like && !fpi->writes_depth &&
             !ds->blend && !ds->logic_op && all_full)
        ds->mode = RAST_MODE_DEFERRED;
    else if (!side && !kill_like && !fpi->writes_depth)
        ds->mode = RAST_MODE_EARLY_Z;
    else
        ds->mode = RAST_MODE_LATE_Z;
    /* NV_gpu_program5 3.X: OPTION NV_early_fragment_tests runs the depth and
     * stencil tests (and their writes) before the program, whatever it does:
     * result.depth has no effect and fragments the program or the alpha
     * test discards have already updated depth and stencil
     * (EDGE.EARLY_DEPTH).  Occlusion queries count what passes the tests. */
    if (fpi->options & GP_OPTION_NV_EARLY_FRAGMENT_TESTS)
        ds->mode = ds->ncbuf == 0 && !side ? RAST_MODE_DEPTH_ONLY : RAST_MODE_EARLY_Z;
    /* An occlusion query counts the fragments that pass the tests, hidden
     * later or not: such draws are shaded in order, where rast_shade.c
     * counts the lanes that reach the PBE (rast.h rast_state.samples_passed). */
    ds->samples_passed = st->samples_passed;
    ds->stipple = st->polygon_stipple;
    if (ds->stipple)
        for (int b = 0; b < RAST_TILE_PIXELS / 16; b++) {
            uint16_t m = 0;
            for (int l = 0; l < 16; l++) {
                int x = RAST_BLOCK_X(b) + rast_lane_x[l], y = RAST_BLOCK_Y(b) + rast_lane_y[l];
                if ((st->polygon_stipple_rows[y] >> x) & 1u)
                    m |= (uint16_t)(1u << l);
            }
            ds->stipple_mask[b] = m;
        }
    if (ds->samples_passed && (ds->mode == RAST_MODE_DEFERRED || ds->mode == RAST_MODE_DEPTH_ONLY))
        ds->mode = RAST_MODE_EARLY_Z;
    /* Punch-through (rast_hsr.c): a program that is not deferred only
     * because it kills or writes depth, and is split by glprog into the
     * part that decides those (gp_program_punch_decide), is deferred after
     * that part ran: the rest of its state must allow deferral as above,
     * with no alpha test, coverage from the program, or multisampling. */
    if (ds->mode == RAST_MODE_LATE_Z && !(r->debug & (RAST_DEBUG_NO_HSR | RAST_DEBUG_NO_PUNCH)) &&
        !r->no_punch && !side && (fpi->uses_kill || fpi->writes_depth) && !ds->alpha_test &&
        !ds->a2c && !ds->write_samplemask && !ds->read_sample && !ds->blend && !ds->logic_op &&
        all_full && !ds->samples_passed && ds->nsamples <= 1 && !ds->ms &&
        !(fpi->options & GP_OPTION_NV_EARLY_FRAGMENT_TESTS)) {
        ds->fp_decide = gp_program_punch_decide(d->fp.prog);
        if (ds->fp_decide) {
            ds->mode = RAST_MODE_PUNCH;
            uint64_t in = gp_program_get_info(ds->fp_decide)->inputs_read;
            for (int k = 0; k < ds->nvary; k++)
                if ((in >> ds->vary_slot[k]) & 1u)
                    ds->decide_vary |= 1ull << k;
        }
    }

    /* rectangles */
    int W = fb->width, H = fb->height;
    ds->rect_pl[0] = 0;
    ds->rect_pl[1] = 0;
    ds->rect_pl[2] = W;
    ds->rect_pl[3] = H;
    if (st->scissor_test) {
        long sx1 = (long)st->scissor[0] + (st->scissor[2] > 0 ? st->scissor[2] : 0);
        long sy1 = (long)st->scissor[1] + (st->scissor[3] > 0 ? st->scissor[3] : 0);
        rect_intersect(ds->rect_pl, clampi(st->scissor[0], -1, W + 1),
                       clampi(st->scissor[1], -1, H + 1),
                       (int)(sx1 < -1 ? -1 : sx1 > W + 1 ? W + 1 : sx1),
                       (int)(sy1 < -1 ? -1 : sy1 > H + 1 ? H + 1 : sy1));
    }
    memcpy(ds->rect_tri, ds->rect_pl, sizeof(ds->rect_tri));
    double vx = st->viewport[0], vy = st->viewport[1];
    double vw = st->viewport[2] < RAST_MAX_VIEWPORT ? st->viewport[2] : RAST_MAX_VIEWPORT;
    double vh = st->viewport[3] < RAST_MAX_VIEWPORT ? st->viewport[3] : RAST_MAX_VIEWPORT;
    if (!(vw > 0) || !(vh > 0)) {
        ds->rect_tri[2] = ds->rect_tri[0];
        ds->rect_pl[2] = ds->rect_pl[0];
    } else {
        rect_intersect(ds->rect_tri, center_ceil(vx), center_ceil(vy), center_ceil(vx + vw),
                       center_ceil(vy + vh));
    }

    ds->isp = rast_isp_choose(ds);
    if (ds->mode == RAST_MODE_PUNCH && !ds->stencil_test) {
        rast_dstate nw = *ds;
        nw.depth_write = false;
        ds->isp_test = rast_isp_choose(&nw);
    }
    if (ds->depth_test && !ds->stencil_test) {
        switch (ds->depth_func) {
        case GL_LESS: ds->hiz = RAST_HIZ_LESS; break;
        case GL_LEQUAL: ds->hiz = RAST_HIZ_LEQUAL; break;
        case GL_GREATER: ds->hiz = RAST_HIZ_GREATER; break;
        case GL_GEQUAL: ds->hiz = RAST_HIZ_GEQUAL; break;
        default: break;
        }
    }
    for (int i = 0; i < ds->ncbuf; i++) {
        ds->pbe[i] = rast_pbe_choose(ds, ds->cbuf[i]);
        if (ds->alpha_is_red & (1u << ds->cbuf[i])) {
            ds->pbe_inner[ds->cbuf[i]] = ds->pbe[i];
            ds->pbe[i] = rast_pbe_alpha_is_red;
        }
        ds->pbe_overwrites |= (uint8_t)(rast_pbe_overwrites(ds->pbe[i]) << i);
    }
}

/* The draw state of d in the current scene (shared with the previous draw when
 * equal).  NULL on out-of-memory (scene full: the caller flushes and retries). */
rast_dstate *rast_dstate_get(rast_context *r, const rast_draw *d)
{
    rast_dstate cand;
    fill_dstate(r, d, &cand);
    size_t pbytes = (size_t)cand.num_fp_params * sizeof(gp_val[4]);
    rast_dstate *cur = r->cur_ds;
    if (cur) {
        cand.fp.params = cur->fp.params;
        cand.tex.prepared = cur->tex.prepared;
        cand.tex.direct = cur->tex.direct;
        cand.tex.num_prepared = cur->tex.num_prepared;
        if (memcmp(&cand, cur, offsetof(rast_dstate, mem)) == 0 &&
            (pbytes == 0 || memcmp(cur->fp.params, d->fp.params, pbytes) == 0))
            return cur;
    }
    rast_dstate *ds = rast_scene_alloc(&r->scene, sizeof(*ds));
    gp_val(*params)[4] = pbytes ? rast_scene_alloc(&r->scene, pbytes) : NULL;
    /* the texture units the program samples, prepared once (R11) */
    uint32_t used = cand.fpi->tex_units_used;
    uint32_t nunits = used ? 32u - (uint32_t)__builtin_clz(used) : 0u;
    tex_unit_state *units = nunits ? rast_scene_alloc(&r->scene, nunits * sizeof(*units)) : NULL;
    gp_tex_direct *direct = nunits ? rast_scene_alloc(&r->scene, nunits * sizeof(*direct)) : NULL;
    if (!ds || (pbytes && !params) || (nunits && (!units || !direct)))
        return NULL;
    for (uint32_t i = 0; i < nunits; i++) {
        tex_unit_prepare(&units[i], cand.tex.textures[i], cand.tex.samplers[i],
                         cand.tex.lod_bias[i]);
        direct[i] = tex_unit_direct(&units[i]);
    }
    cand.tex.prepared = units;
    cand.tex.direct = direct;
    cand.tex.num_prepared = nunits;
    if (pbytes)
        memcpy(params, d->fp.params, pbytes);
    memcpy(ds, &cand, sizeof(*ds));
    ds->fp.params = (const gp_val(*)[4])params;
    rast_memory_init(&ds->mem, ds->mem_space, ds->storage, ds->images);
    /* deterministic mode (rast.h): side effects in a fixed tile order */
    if (r->deterministic && ds->fpi->has_side_effects)
        r->scene.serial = true;
    r->cur_ds = ds;
    return ds;
}

/* ---- clears ---------------------------------------------------------------- */

/* The clear as the tiles apply it (rast_clear_data), for the scene's
 * framebuffer sfb.  False when it clears nothing. */
static bool clear_data(const rast_framebuffer *sfb, const rast_clear_args *c, rast_clear_data *out)
{
    rast_clear_data cd;
    memset(&cd, 0, sizeof(cd));
    cd.rect[0] = 0;
    cd.rect[1] = 0;
    cd.rect[2] = sfb->width;
    cd.rect[3] = sfb->height;
    if (c->scissor_test) {
        long x1 = (long)c->scissor[0] + (c->scissor[2] > 0 ? c->scissor[2] : 0);
        long y1 = (long)c->scissor[1] + (c->scissor[3] > 0 ? c->scissor[3] : 0);
        rect_intersect(cd.rect, clampi(c->scissor[0], -1, sfb->width + 1),
                       clampi(c->scissor[1], -1, sfb->height + 1),
                       (int)(x1 < -1 ? -1 : x1 > sfb->width ? sfb->width : x1),
                       (int)(y1 < -1 ? -1 : y1 > sfb->height ? sfb->height : y1));
    }
    if (cd.rect[2] <= cd.rect[0] || cd.rect[3] <= cd.rect[1])
        return false;
    if (c->mask & RAST_CLEAR_COLOR) {
        for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++) {
            tex_format f = sfb->color[b].format;
            if (sfb->color[b].data && (c->color_mask[b] & 0xf) &&
                (f == TEX_FMT_RGBA8 || f == TEX_FMT_RGBA32F || rast_format_int(f))) {
                cd.color_mask[b] = c->color_mask[b] & (0xf | RAST_MASK_ALPHA_IS_RED);
                if (rast_format_int(f))
                    cd.color_mask[b] &= 0xf;
                cd.mask |= RAST_CLEAR_COLOR;
            }
        }
        for (int b = 0; b < RAST_MAX_DRAW_BUFFERS; b++) {
            /* each buffer's clear value: a fixed-point format kept as
             * RGBA32F takes its own range; an sRGB buffer with
             * FRAMEBUFFER_SRGB the colour's encoding (alpha stays linear) */
            const rast_surface *sb = &sfb->color[b];
            float lo = sb->range == RAST_RANGE_SNORM ? -1.0f : 0.0f;
            bool enc = c->framebuffer_srgb && sb->srgb;
            for (int i = 0; i < 4; i++) {
                cd.rgba32f[b][i] = sb->range == RAST_RANGE_FLOAT ? c->color[i]
                                                                 : rast_clampf(c->color[i], lo, 1.0f);
                float v = rast_clampf(c->color[i], 0.0f, 1.0f);
                if (enc && i < 3)
                    v = tex_linear_to_srgb(v);
                cd.rgba8[b][i] = (uint8_t)((double)v * 255.0 + 0.5);
            }
        }
        for (int i = 0; i < 4; i++) {
            cd.bits[i] = c->color_bits[i]; /* integer buffers: the words as given */
        }
    }
    if ((c->mask & RAST_CLEAR_DEPTH) && sfb->depth.data && c->depth_write) {
        cd.mask |= RAST_CLEAR_DEPTH;
        double dv = c->depth;
        cd.depth = dv >= 0.0 ? (dv <= 1.0 ? (float)dv : 1.0f) : 0.0f;
    }
    if ((c->mask & RAST_CLEAR_STENCIL) && sfb->stencil.data && c->stencil_write_mask) {
        cd.mask |= RAST_CLEAR_STENCIL;
        cd.stencil = (uint8_t)c->stencil;
        cd.stencil_mask = c->stencil_write_mask;
    }
    *out = cd;
    return cd.mask != 0;
}

/* Starts a scene for fb, flushing one of another framebuffer first. */
static bool clear_scene_begin(rast_context *r, const rast_framebuffer *fb)
{
    rast_scene *s = &r->scene;
    if (rast_scene_begin(s, fb))
        return true;
    if (!s->has_fb)
        return false;
    rast_flush_internal(r);
    return rast_scene_begin(s, fb);
}

/* Bins the clear to every tile of its rectangle, in every layer.  When the
 * arena fills up the scene is flushed and binning goes on from the tile
 * that did not fit (rast_scene.c): a clear is never cut short.  Only a
 * fresh scene that cannot take one tile is GL_OUT_OF_MEMORY. */
GLenum rast_clear_bin(rast_context *r, const rast_framebuffer *fb, const rast_clear_args *c)
{
    rast_scene *s = &r->scene;
    if (!clear_scene_begin(r, fb))
        return GL_OUT_OF_MEMORY;
    rast_clear_data cd;
    if (!clear_data(&s->fb, c, &cd))
        return GL_NO_ERROR;
    rast_bin_op op = {
        .kind = RAST_OP_CLEAR,
        .tx0 = (uint16_t)(cd.rect[0] >> RAST_TILE_SHIFT), .ty0 = (uint16_t)(cd.rect[1] >> RAST_TILE_SHIFT),
        .tx1 = (uint16_t)((cd.rect[2] - 1) >> RAST_TILE_SHIFT), .ty1 = (uint16_t)((cd.rect[3] - 1) >> RAST_TILE_SHIFT),
    };
    int total = (op.tx1 - op.tx0 + 1) * (op.ty1 - op.ty0 + 1) * s->layers;
    bool fresh = false; /* the scene was flushed just before this attempt */
    for (int next = 0; next < total;) {
        rast_clear_data *p = rast_scene_alloc(s, sizeof(*p));
        int got = 0;
        if (p) {
            *p = cd;
            op.arg = p;
            op.first = next;
            got = rast_bin_take(s, &op, total - next, 1);
            next += got;
        }
        if (next == total)
            break;
        if (fresh && got == 0)
            return GL_OUT_OF_MEMORY; /* a fresh scene takes nothing */
        rast_flush_internal(r); /* R9: run what is binned, go on */
        if (!clear_scene_begin(r, fb))
            return GL_OUT_OF_MEMORY;
        fresh = true;
    }
    return GL_NO_ERROR;
}

/* ---- sample positions ------------------------------------------------------ */

/* rast.h "Multisampling": Direct3D's standard patterns (Vulkan's standard
 * sample locations) in 1/16 pixel from the centre, read with y up. */
static const int8_t sample_pos_1[1][2] = {{0, 0}};
static const int8_t sample_pos_2[2][2] = {{4, 4}, {-4, -4}};
static const int8_t sample_pos_4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const int8_t sample_pos_8[8][2] = {{1, -3}, {-1, 3}, {5, 1},   {-3, -5},
                                          {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};

const int8_t (*rast_sample_positions(int n, int *count))[2]
{
    switch (n) {
    case 2: *count = 2; return sample_pos_2;
    case 4: *count = 4; return sample_pos_4;
    case 8: *count = 8; return sample_pos_8;
    default: *count = 1; return sample_pos_1;
    }
}
