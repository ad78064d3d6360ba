/*
 * gp_lower.c - turns the validated parse into the immutable gp_program
 * (R3): a flat gp_insn array ending in GP_OP_END with every branch, call and
 * block target resolved, the parameter table, and the gp_program_info flags
 * later stages read instead of instructions; the work options add is done
 * here as ordinary instructions (ARB_position_invariant's prologue, the
 * ARB_fog_* epilogue: gp_ir.h), as are the NV run-time limits and the
 * block leaders of the executor's backends (gp_backend.h).  Compile time,
 * calling thread.
 */
#include "gp_backend.h"
#include "gp_priv.h"

/* ---- synthetic instructions ---------------------------------------------- */

/* A zeroed instruction: no target, no texture, identity cc swizzles. */
static gp_insn *synth(gp_insn *in, int op, int pos)
{
    memset(in, 0, sizeof(*in));
    in->op = (uint16_t)op;
    in->tex_target = GP_TEX_NONE;
    in->target = -1;
    in->pos = pos;
    for (int i = 0; i < 4; i++)
        in->cond.swz[i] = in->dst.cc.swz[i] = (uint8_t)i;
    return in;
}

static gp_dst synth_dst(int file, int index, unsigned mask)
{
    gp_dst d;
    memset(&d, 0, sizeof(d));
    d.file = (uint8_t)file;
    d.index = d.rel_lo = d.rel_hi = index;
    d.mask = (uint8_t)mask;
    for (int i = 0; i < 4; i++)
        d.cc.swz[i] = (uint8_t)i;
    return d;
}

/* An operand; comp < 0 reads .xyzw, else the scalar .comp. */
static gp_src synth_src(int file, int index, int comp)
{
    gp_src s;
    memset(&s, 0, sizeof(s));
    s.file = (uint8_t)file;
    s.index = s.rel_lo = s.rel_hi = index;
    for (int i = 0; i < 4; i++)
        s.swz[i] = (uint8_t)(comp < 0 ? i : comp);
    return s;
}

static int state_row(gp_parse *ps, int kind, int prop, int row)
{
    gp_param_binding b;
    memset(&b, 0, sizeof(b));
    b.kind = GP_PARAM_STATE;
    b.state.kind = (uint8_t)kind;
    b.state.prop = (uint8_t)prop;
    b.state.modifier = GP_MATMOD_NONE;
    b.state.row = (uint16_t)row;
    return gp_param_intern(ps, &b);
}

/* The prologue of a position-invariant vertex program (ARB_vertex_program
 * 2.14.4.5.1): clip position = MVP * vertex.position, one DP4 per row, as
 * the fixed-function transform computes it. */
static void emit_prologue(gp_parse *ps, gp_insn *out)
{
    for (int r = 0; r < 4; r++) {
        gp_insn *in = synth(&out[r], GP_OP_DP4, 0);
        in->dst = synth_dst(GP_FILE_OUTPUT, GP_VARY_POS, 1u << r);
        in->src[0] = synth_src(GP_FILE_PARAM, state_row(ps, GP_STATE_MATRIX_ROW, GP_MATRIX_MVP, r), -1);
        in->src[1] = synth_src(GP_FILE_INPUT, GP_VIN_POSITION, -1);
    }
}

/* The most instructions emit_fog writes (exp2, rgb and alpha written). */
enum { FOG_MAX_INSNS = 7 };

/* The epilogue of OPTION ARB_fog_linear / ARB_fog_exp / ARB_fog_exp2
 * (ARB_fragment_program 3.11.4.5.1, issue 29): fog the program's final
 * clamped colour, which the program wrote to temporary C instead of
 * result.color (mask: the components it wrote), with the fog factor in
 * temporary F = C + 1:
 *
 *   linear  ADD F.x, P.z, -fogcoord.x      end - z
 *           MUL_SAT F.x, F.x, P.w          f = (end - z) / (end - start)
 *   exp     MUL F.x, P.x, fogcoord.x       density * z
 *           MUL F.x, F.x, K.x              * -log2(e)
 *           EX2_SAT F.x, F.x               f = e^-(density * z)
 *   exp2    MUL F.x, P.x, fogcoord.x
 *           MUL F.x, F.x, F.x              (density * z)^2
 *           MUL F.x, F.x, K.x
 *           EX2_SAT F.x, F.x               f = e^-((density * z)^2)
 *   then    MOV_SAT C.rgb, C               the final clamped colour
 *           LRP result.color.rgb, F.x, C, state.fog.color
 *                                          f * C + (1 - f) * fog colour
 *           MOV result.color.a, C.w        alpha unchanged
 *
 * P = state.fog.params (density, start, end, 1/(end-start)), K = -log2(e),
 * z = fragment.fogcoord.x.  Only the components the program wrote are
 * written (no rgb: no fog factor at all).  Returns the count. */
static int emit_fog(gp_parse *ps, gp_insn *out, int ctemp, unsigned mask)
{
    int n = 0, ftemp = ctemp + 1, pos = ps->end_pos;
    unsigned rgb = mask & 7u;
    gp_src fx = synth_src(GP_FILE_TEMP, ftemp, 0);
    gp_dst fdst = synth_dst(GP_FILE_TEMP, ftemp, 1);
    if (rgb) {
        int params = state_row(ps, GP_STATE_FOG_PARAMS, 0, 0);
        int color = state_row(ps, GP_STATE_FOG_COLOR, 0, 0);
        gp_src z = synth_src(GP_FILE_INPUT, GP_VARY_FOG, 0);
        gp_insn *in;
        if (ps->options & GP_OPTION_FOG_LINEAR) {
            in = synth(&out[n++], GP_OP_ADD, pos);
            in->dst = fdst;
            in->src[0] = synth_src(GP_FILE_PARAM, params, 2);
            in->src[1] = z;
            in->src[1].negate = 0xf;
            in = synth(&out[n++], GP_OP_MUL, pos);
            in->sat = GP_SAT_01;
            in->dst = fdst;
            in->src[0] = fx;
            in->src[1] = synth_src(GP_FILE_PARAM, params, 3);
        } else {
            gp_param_binding k;
            memset(&k, 0, sizeof(k));
            k.kind = GP_PARAM_CONST;
            for (int i = 0; i < 4; i++)
                k.value[i].f = -1.44269504088896341f; /* -log2(e): e^a = 2^(a log2 e) */
            int krow = gp_param_intern(ps, &k);
            in = synth(&out[n++], GP_OP_MUL, pos);
            in->dst = fdst;
            in->src[0] = synth_src(GP_FILE_PARAM, params, 0);
            in->src[1] = z;
            if (ps->options & GP_OPTION_FOG_EXP2) {
                in = synth(&out[n++], GP_OP_MUL, pos);
                in->dst = fdst;
                in->src[0] = in->src[1] = fx;
            }
            in = synth(&out[n++], GP_OP_MUL, pos);
            in->dst = fdst;
            in->src[0] = fx;
            in->src[1] = synth_src(GP_FILE_PARAM, krow, 0);
            in = synth(&out[n++], GP_OP_EX2, pos);
            in->sat = GP_SAT_01;
            in->dst = fdst;
            in->src[0] = fx;
        }
        in = synth(&out[n++], GP_OP_MOV, pos);
        in->sat = GP_SAT_01;
        in->dst = synth_dst(GP_FILE_TEMP, ctemp, rgb);
        in->src[0] = synth_src(GP_FILE_TEMP, ctemp, -1);
        in = synth(&out[n++], GP_OP_LRP, pos);
        in->dst = synth_dst(GP_FILE_OUTPUT, GP_FOUT_COLOR0, rgb);
        in->src[0] = fx;
        in->src[1] = synth_src(GP_FILE_TEMP, ctemp, -1);
        in->src[2] = synth_src(GP_FILE_PARAM, color, -1);
    }
    if (mask & 8u) {
        gp_insn *in = synth(&out[n++], GP_OP_MOV, pos);
        in->dst = synth_dst(GP_FILE_OUTPUT, GP_FOUT_COLOR0, 8);
        in->src[0] = synth_src(GP_FILE_TEMP, ctemp, 3);
    }
    GP_ASSERT(n <= FOG_MAX_INSNS);
    return n;
}

/* Matches blocks and sets IF/ELSE/ENDIF, REP/ENDREP, LOOP/ENDLOOP and
 * BRK/CONT targets (the nesting is already known to be correct). */
static void resolve_blocks(gp_parse *ps, gp_insn *insns, int first, int count)
{
    int *stack = gp_alloc(ps, sizeof(int) * (size_t)(count + 1));
    int sp = 0;
    /* Forward targets: IF -> ELSE or ENDIF, ELSE -> ENDIF, REP/LOOP -> END*,
     * END* -> REP/LOOP.  ELSE takes its IF's place on the stack. */
    for (int i = first; i < first + count; i++) {
        gp_insn *in = &insns[i];
        switch (in->op) {
        case GP_OP_IF:
        case GP_OP_REP:
        case GP_OP_LOOP:
            stack[sp++] = i;
            break;
        case GP_OP_ELSE:
            insns[stack[sp - 1]].target = i;
            stack[sp - 1] = i;
            break;
        case GP_OP_ENDIF:
            insns[stack[--sp]].target = i;
            break;
        case GP_OP_ENDREP:
        case GP_OP_ENDLOOP: {
            int open = stack[--sp];
            insns[open].target = i;
            in->target = open;
            break;
        }
        default:
            break;
        }
    }
    /* ENDIF -> its IF, and BRK/CONT -> the end of the innermost loop. */
    int *ifs = gp_alloc(ps, sizeof(int) * (size_t)(count + 1));
    int ip = 0;
    sp = 0;
    for (int i = first; i < first + count; i++) {
        gp_insn *in = &insns[i];
        if (in->op == GP_OP_IF)
            ifs[ip++] = i;
        else if (in->op == GP_OP_ENDIF)
            in->target = ifs[--ip];
        else if (in->op == GP_OP_REP || in->op == GP_OP_LOOP)
            stack[sp++] = i;
        else if (in->op == GP_OP_ENDREP || in->op == GP_OP_ENDLOOP)
            sp--;
        else if ((in->op == GP_OP_BRK || in->op == GP_OP_CONT) && sp > 0)
            in->target = insns[stack[sp - 1]].target;
    }
}

static void fill_info(gp_parse *ps, gp_program *p)
{
    gp_program_info *info = &p->info;
    info->stage = ps->stage;
    info->lang = ps->lang;
    info->options = ps->options;
    memset(info->tex_target, GP_TEX_NONE, sizeof(info->tex_target));
    for (int i = 0; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        const gp_opinfo *oi = &gp_opinfo_table[in->op];
        for (int s = 0; s < 4; s++) {
            /* s == 3: the NV_bindless_texture handle operand */
            if (s == 3 && !(in->tex_flags & GP_TEXF_HANDLE))
                break;
            const gp_src *src = s < 3 ? &in->src[s] : &in->tex_handle;
            if (src->file == GP_FILE_BUFFER)
                for (int b = src->buf; b < src->buf + (src->nbuf ? src->nbuf : 1) && b < 32; b++)
                    info->param_buffers_used |= 1u << b; /* NV5 program.buffer[a..b] */
            if (src->file != GP_FILE_INPUT)
                continue;
            if (src->index >= GP_IN_THREAD && src->index < GP_IN_THREAD + 3)
                p->uses_thread = 1; /* NV_shader_thread_group rows (gp_ir.h) */
            for (int k = src->rel ? src->rel_lo : src->index; k <= (src->rel ? src->rel_hi : src->index); k++) {
                if (k >= 0 && k < 64)
                    info->inputs_read |= 1ull << k;
                /* tessellation per-patch rows (gp_ir.h GP_TIN_PATCH) */
                if (gp_tess_stage(ps->stage) && k >= GP_TIN_PATCH && k < GP_TIN_PATCH + GP_PATCH_ROWS)
                    info->patch_inputs_read |= 1ull << (k - GP_TIN_PATCH);
                if (gp_tess_stage(ps->stage) && k >= GP_TIN_LEVEL && k < GP_TIN_END)
                    info->patch_inputs_read |= 1ull << (k < GP_TIN_LEVEL + 4 ? GP_PATCH_TESSOUTER : GP_PATCH_TESSINNER);
                /* NV5 LONG ATTRIB: the high words' row (glprog.h GP_VIN_LONG_HI) */
                if (src->hi && k >= 0 && k + src->hi < 64)
                    info->inputs_read |= 1ull << (k + src->hi);
            }
        }
        const gp_dst *d = &in->dst;
        if (d->file == GP_FILE_OUTPUT) {
            /* the result's data type: the opcode's fixed kind, else the
             * instruction's type (CVT: its destination storage type) */
            int kind = gp_io_kind(oi->io, 0);
            int rt = kind == GP_KIND_S ? GP_TYPE_S32 : kind == GP_KIND_U ? GP_TYPE_U32
                     : kind == GP_KIND_F ? GP_TYPE_F32 : in->type;
            if (in->op == GP_OP_CVT)
                rt = gp_cvt_gptype(in->cvt_dst);
            bool int_result = rt != GP_TYPE_F32 && rt != GP_TYPE_F64;
            for (int k = d->rel ? d->rel_lo : d->index; k <= (d->rel ? d->rel_hi : d->index); k++)
                if (ps->stage == GP_STAGE_TESS_CONTROL && k >= GP_TCP_LEVEL_ROW && k < GP_TCP_ROWS)
                    info->patch_outputs_written |= 1ull << (k < GP_TCP_LEVEL_ROW + 4 ? GP_PATCH_TESSOUTER
                                                                                       : GP_PATCH_TESSINNER);
                else if (ps->stage == GP_STAGE_TESS_CONTROL && k >= GP_VARY_COUNT && k < GP_TCP_ROWS)
                    info->patch_outputs_written |= 1ull << (k - GP_VARY_COUNT); /* result.patch.attrib */
                else if (k >= 0 && k < 64) {
                    info->outputs_written |= 1ull << k;
                    if (int_result)
                        info->outputs_int |= 1ull << k;
                }
            if (ps->stage == GP_STAGE_FRAGMENT && d->index == GP_FOUT_DEPTH)
                info->writes_depth = true;
        }
        if ((oi->flags & GP_OPF_TEX) && !(in->tex_flags & GP_TEXF_HANDLE)) {
            /* NV5 TEXTURE arrays: every unit of the array (a texture
             * handle uses no unit) */
            int lo = in->tex_count ? in->tex_base : in->tex_unit;
            int hi = in->tex_count ? in->tex_base + in->tex_count - 1 : in->tex_unit;
            for (int u = lo; u <= hi; u++) {
                info->tex_target[u & 31] = in->tex_target;
                info->tex_units_used |= 1u << (u & 31);
            }
        }
        if (oi->flags & GP_OPF_MEMORY) {
            /* glprog.h gp_program_info: STS / ATOMS change only shared
             * memory and are no side effects (they lack the flag) */
            if (oi->flags & GP_OPF_SIDE_EFFECT)
                info->has_side_effects = true;
            if (oi->flags & GP_OPF_GLOBAL)
                info->uses_global_memory = true;
            if (oi->flags & GP_OPF_BARRIER)
                info->uses_barrier = true;
            for (int k = 0; k < 2; k++)
                if (in->src[k].file == GP_FILE_STORAGE)
                    for (int b = in->src[k].buf; b < in->src[k].buf + (in->src[k].nbuf ? in->src[k].nbuf : 1) && b < 32;
                         b++)
                        info->storage_used |= 1u << b;
            if ((oi->flags & GP_OPF_IMAGE) && !(in->tex_flags & GP_TEXF_HANDLE)) {
                int lo = (in->tex_flags & GP_TEXF_INDEXED) ? in->tex_base : in->tex_unit;
                int hi = (in->tex_flags & GP_TEXF_INDEXED) ? in->tex_base + in->tex_count - 1 : in->tex_unit;
                for (int u = lo; u <= hi && u < 32; u++)
                    info->images_used |= 1u << u;
            }
        }
        if (oi->flags & GP_OPF_KILL)
            info->uses_kill = true;
        if (ps->stage == GP_STAGE_FRAGMENT && (oi->flags & GP_OPF_NEEDS_DERIV))
            info->uses_derivatives = true;
    }
    info->num_instructions = ps->num_insns;
    info->num_alu_instructions = ps->num_alu;
    info->num_tex_instructions = ps->num_tex;
    info->num_tex_indirections = ps->num_tex_indirections;
    info->num_temporaries = ps->num_temps;
    info->num_parameters = ps->num_distinct_params;
    info->num_attribs = __builtin_popcountll(ps->inputs_bound);
    info->num_address_registers = ps->num_address;
    info->num_params = ps->num_params;
    info->params = p->params;
    /* NV_gpu_program4 */
    info->inputs_flat = ps->interp_mask[0];
    info->inputs_centroid = ps->interp_mask[1];
    info->inputs_noperspective = ps->interp_mask[2];
    info->inputs_sample = ps->interp_mask[3];
    info->gs_primitive_in = (uint8_t)ps->gs_prim_in;
    info->gs_primitive_out = (uint8_t)ps->gs_prim_out;
    info->gs_vertices_in = ps->gs_vertices_in;
    info->gs_vertices_out = ps->gs_vertices_out;
    info->gs_invocations = ps->gs_invocations > 0 ? ps->gs_invocations : 1;
    /* NV_tessellation_program5 declarations (defaults: EQUAL, CCW) */
    info->tcp_vertices_out = ps->tcp_vertices_out;
    info->tess_mode = ps->tess_mode;
    info->tess_spacing = (uint8_t)(ps->tess_spacing ? ps->tess_spacing - 1 : GP_TESS_EQUAL);
    info->tess_vertex_order_cw = ps->tess_order == 1;
    info->tess_point_mode = ps->tess_point_mode;
    info->num_result_components = ps->num_result_components;
    /* compute declarations (1 = not given) */

    for (int d = 0; d < 3; d++)
        info->cp_group_size[d] = ps->stage == GP_STAGE_COMPUTE && ps->cp_group_size[d] ? ps->cp_group_size[d] : 1;
    info->cp_shared_size = ps->cp_shared_size;
    for (int b = 0; b < GP_MAX_PARAM_BUFFERS; b++)
        if (ps->buf_kind[b] == 4 && (info->param_buffers_used & (1u << b)))
            info->param_buffers_vec4 |= 1u << b;
}

/* Run-time limits of the NV option programs (gp_ir.h): the executed
 * instruction count and call depth of NV_vertex_program2_option 2.14.4.4
 * (NV_vertex_program3 adds PUSHA to the call stack), and for
 * NV_fragment_program2 3.11.4.X also the IF depth, loop depth and loop
 * count.  ARB programs and NV_fragment_program (no flow control) run
 * without them.  Synthetic instructions (nsynth) and the fog wrapper's CAL
 * (wrap) are not the program's: they do not use up its limits. */
static void set_run_limits(gp_parse *ps, gp_program *p, int nsynth, bool wrap)
{
    const gp_limits *lim = &ps->lim;
    bool vp2 = ps->stage == GP_STAGE_VERTEX && (ps->prof & GP_PROF_VP2);
    bool fp2 = ps->stage == GP_STAGE_FRAGMENT && (ps->prof & GP_PROF_FP2);
    if (ps->nv4) {
        /* NV_gpu_program4 2.X.5: only the call depth is a run-time limit
         * (loops and IF nesting are bounded at load time) */
        p->max_call_depth = lim->max_call_depth + (wrap ? 1 : 0);
        if (p->max_call_depth == 0)
            p->max_call_depth = 1;
        return;
    }
    if (!vp2 && !fp2)
        return;
    /* limits are clamped to [0, 2^24] (gp_program.c): no overflow here */
    p->max_exec_instructions = lim->max_exec_instructions > 0 ? lim->max_exec_instructions + nsynth : 0;
    p->max_call_depth = lim->max_call_depth + (wrap ? 1 : 0);
    if (p->max_call_depth == 0)
        p->max_call_depth = 1; /* 0 would read as the default; "no call" cannot be said */
    if (fp2) {
        p->max_if_depth = lim->max_if_depth;
        p->max_loop_depth = lim->max_loop_depth;
        p->max_loop_count = lim->max_loop_count;
    }
}

/* The program text's instructions, in order, with NV_gpu_program4's
 * subroutine ends made explicit (gp_ir.h): where a label starts a new
 * subroutine, and at END once the program has labels, a RET is inserted
 * unless an unconditional RET is already there.  map[i] is the index of
 * text instruction i (map[num_insns]: the end); origin[] the parsed
 * instruction of each (NULL for an inserted RET).  Returns the count. */
static int subroutine_text(gp_parse *ps, gp_insn **out, const gp_pinsn ***origin, int **map)
{
    int n = ps->num_insns;
    bool *ends = gp_alloc(ps, (size_t)n + 1);
    int extra = 0;
    if (ps->nv4 && ps->num_labels > 0) {
        for (int l = 0; l < ps->num_labels; l++)
            ends[ps->labels[l].insn] = true;
        ends[n] = true;
        ends[0] = false;
        for (int i = 1; i <= n; i++) {
            const gp_insn *prev = &ps->insns[i - 1].in;
            if (ends[i] && prev->op == GP_OP_RET && prev->cond.cond == GP_COND_TR)
                ends[i] = false;
            extra += ends[i];
        }
    }
    gp_insn *text = gp_alloc(ps, sizeof(gp_insn) * (size_t)(n + extra + 1));
    const gp_pinsn **orig = gp_alloc(ps, sizeof(*orig) * (size_t)(n + extra + 1));
    int *m = gp_alloc(ps, sizeof(int) * (size_t)(n + 1));
    int k = 0;
    for (int i = 0; i <= n; i++) {
        if (ends[i]) {
            gp_insn *ret = synth(&text[k], GP_OP_RET, i < n ? ps->insns[i].in.pos : ps->end_pos);
            ret->type = GP_TYPE_F32;
            orig[k++] = NULL;
        }
        m[i] = k;
        if (i < n) {
            text[k] = ps->insns[i].in;
            orig[k++] = &ps->insns[i];
        }
    }
    *out = text;
    *origin = orig;
    *map = m;
    return k;
}

/* Block leaders for the executor's backends: the list and its reasons are
 * in gp_backend.h (they follow the jumps of the interpreter's flow cases
 * and the instructions after which it returns to its lane scheduler). */
static void mark(uint8_t *out, int n, int i)
{
    if (i >= 0 && i < n)
        out[i] = 1;
}

void gp_program_find_leaders(const gp_program *p, uint8_t *out)
{
    int n = p->num_insns;
    memset(out, 0, (size_t)n);
    mark(out, n, 0);
    mark(out, n, p->entry);
    for (int i = 0; i < n; i++) {
        const gp_insn *in = &p->insns[i];
        switch (in->op) {
        case GP_OP_BRA:
        case GP_OP_CAL:
        case GP_OP_CONT:
            mark(out, n, in->target);
            break;
        case GP_OP_IF:
        case GP_OP_ELSE:
        case GP_OP_REP:
        case GP_OP_LOOP:
        case GP_OP_ENDREP:
        case GP_OP_ENDLOOP:
        case GP_OP_BRK:
            if (in->target >= 0)
                mark(out, n, in->target + 1);
            break;
        case GP_OP_CALI:
            for (int e = 0; e < p->num_sub_entries; e++)
                mark(out, n, p->sub_entries[e][2]);
            break;
        case GP_OP_RET:
        case GP_OP_KIL:
        case GP_OP_PUSHA:
        case GP_OP_POPA:
        case GP_OP_BAR:
        case GP_OP_END:
            break;
        default:
            continue; /* falls through to the next instruction */
        }
        mark(out, n, i + 1);
    }
}

gp_program *gp_lower_program(gp_parse *ps)
{
    bool posinv = (ps->options & GP_OPTION_POSITION_INVARIANT) != 0;
    int text_params = ps->num_params; /* rows after these are the prologue's / epilogue's */
    gp_insn *text;
    const gp_pinsn **origin;
    int *map;
    int ntext = subroutine_text(ps, &text, &origin, &map);
    int main_at = -1; /* the "main" label's instruction */
    intptr_t mi = (intptr_t)gp_map_get(&ps->labelmap, "main", 4);
    if (mi)
        main_at = map[ps->labels[mi - 1].insn];

    /* Fog options: result.color writes go to a hidden temporary that the
     * epilogue fogs into result.color.  A program that can end with a RET
     * on an empty call stack (NV_fragment_program2) would skip an epilogue
     * placed before END, so its code is called from a 2-instruction
     * prologue instead: CAL entry; BRA epilogue. */
    bool fog = ps->stage == GP_STAGE_FRAGMENT &&
               (ps->options & (GP_OPTION_FOG_LINEAR | GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2));
    unsigned color_mask = 0;
    bool has_ret = false;
    for (int i = 0; fog && i < ntext; i++) {
        const gp_insn *in = &text[i];
        if (in->dst.file == GP_FILE_OUTPUT && in->dst.index == GP_FOUT_COLOR0)
            color_mask |= in->dst.mask;
        has_ret |= in->op == GP_OP_RET;
    }
    int ctemp = ps->num_temps; /* hidden: the colour, then the fog factor */
    gp_insn epi[FOG_MAX_INSNS];
    int nepi = color_mask ? emit_fog(ps, epi, ctemp, color_mask) : 0;
    bool wrap = nepi > 0 && has_ret;

    int pro = 0;
    if (posinv)
        pro = 4 + (main_at > 0 ? 1 : 0);
    else if (wrap)
        pro = 2;

    /* Everything that can fail through gp_fail happens before the mallocs
     * (the prologue's and epilogue's parameter rows; scratch from the
     * arena). */
    int n = pro + ntext + nepi + 1;
    gp_insn *tmp = gp_alloc(ps, sizeof(gp_insn) * (size_t)n);
    if (posinv)
        emit_prologue(ps, tmp);
    if (pro == 5)
        synth(&tmp[4], GP_OP_BRA, 0)->target = pro + main_at;
    if (wrap) {
        synth(&tmp[0], GP_OP_CAL, 0)->target = pro + (main_at >= 0 ? main_at : 0);
        synth(&tmp[1], GP_OP_BRA, 0)->target = pro + ntext;
    }
    for (int i = 0; i < ntext; i++) {
        gp_insn *in = &tmp[pro + i];
        *in = text[i];
        const gp_pinsn *pi = origin[i];
        if (pi && pi->label) {
            intptr_t li = (intptr_t)gp_map_get(&ps->labelmap, pi->label, pi->label_len);
            GP_ASSERT(li > 0);
            in->target = pro + map[ps->labels[li - 1].insn];
        }
        gp_dst *d = &in->dst;
        if (nepi && d->file == GP_FILE_OUTPUT && d->index == GP_FOUT_COLOR0) {
            d->file = GP_FILE_TEMP; /* mask and cc mask stay */
            d->index = d->rel_lo = d->rel_hi = ctemp;
        }
    }
    memcpy(&tmp[pro + ntext], epi, sizeof(gp_insn) * (size_t)nepi);
    synth(&tmp[n - 1], GP_OP_END, ps->end_pos);
    resolve_blocks(ps, tmp, pro, ntext);

    size_t insn_bytes, param_bytes, src_bytes;
    if (!gp_size_mul((size_t)n, sizeof(gp_insn), &insn_bytes) ||
        !gp_size_mul((size_t)(ps->num_params ? ps->num_params : 1), sizeof(gp_param_binding), &param_bytes) ||
        !gp_size_add((size_t)ps->len, 1, &src_bytes))
        gp_fail_oom(ps);
    gp_program *p = GP_MALLOC(sizeof(*p));
    if (!p)
        gp_fail_oom(ps);
    memset(p, 0, sizeof(*p));
    p->insns = GP_MALLOC(insn_bytes);
    p->params = GP_MALLOC(param_bytes);
    p->source = GP_MALLOC(src_bytes);
    if (!p->insns || !p->params || !p->source) {
        GP_FREE(p->insns);
        GP_FREE(p->params);
        GP_FREE(p->source);
        GP_FREE(p);
        gp_fail_oom(ps);
    }
    memcpy(p->insns, tmp, insn_bytes);
    if (ps->num_params)
        memcpy(p->params, ps->params, sizeof(gp_param_binding) * (size_t)ps->num_params);
    memcpy(p->source, ps->src, (size_t)ps->len);
    p->source[ps->len] = 0;
    p->source_len = (size_t)ps->len;
    p->num_insns = n;
    p->num_temps = ps->num_temps + (nepi ? 2 : 0);
    p->num_synth_temps = nepi ? 2 : 0;
    p->num_synth_params = ps->num_params - text_params;
    p->num_address = ps->num_address;
    if (ps->stage == GP_STAGE_FRAGMENT && (ps->prof & GP_PROF_FP2))
        p->num_address = 1; /* the LOOP index A0 */
    p->num_prologue = pro;
    p->num_epilogue = nepi;
    p->entry = (!posinv && !wrap && main_at >= 0) ? main_at : 0;
    set_run_limits(ps, p, pro + nepi, wrap);
    fill_info(ps, p);
    p->leaders = GP_MALLOC((size_t)n);
    if (!p->leaders || !gp_lower_subroutines(ps, p, map, pro)) {
        gp_program_free(p);
        gp_fail_oom(ps);
    }
    gp_program_find_leaders(p, p->leaders);
    return p;
}
