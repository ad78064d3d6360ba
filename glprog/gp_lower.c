/*
 * gp_lower.c - turns the validated parse into the immutable gp_program
 * (R3): a flat gp_insn array ending in GP_OP_END with every branch, call and
 * block target resolved, the parameter table, and the gp_program_info flags
 * later stages read instead of instructions.  Compile time, calling thread.
 */
#include "gp_priv.h"

/* The prologue of a position-invariant vertex program (ARB_vertex_program
 * 2.14.4.5.1): clip position = MVP * vertex.position, one DP4 per row, as
 * the fixed-function transform computes it. */
static void emit_prologue(gp_parse *ps, gp_insn *out)
{
    for (int r = 0; r < 4; r++) {
        gp_param_binding b;
        memset(&b, 0, sizeof(b));
        b.kind = GP_PARAM_STATE;
        b.state.kind = GP_STATE_MATRIX_ROW;
        b.state.prop = GP_MATRIX_MVP;
        b.state.modifier = GP_MATMOD_NONE;
        b.state.row = (uint16_t)r;
        int row = gp_param_intern(ps, &b);
        gp_insn *in = &out[r];
        memset(in, 0, sizeof(*in));
        in->op = GP_OP_DP4;
        in->tex_target = GP_TEX_NONE;
        in->target = -1;
        in->pos = 0;
        for (int i = 0; i < 4; i++)
            in->cond.swz[i] = in->dst.cc.swz[i] = (uint8_t)i;
        in->dst.file = GP_FILE_OUTPUT;
        in->dst.index = in->dst.rel_lo = in->dst.rel_hi = GP_VARY_POS;
        in->dst.mask = (uint8_t)(1u << r);
        in->src[0].file = GP_FILE_PARAM;
        in->src[0].index = in->src[0].rel_lo = in->src[0].rel_hi = row;
        in->src[1].file = GP_FILE_INPUT;
        in->src[1].index = in->src[1].rel_lo = in->src[1].rel_hi = GP_VIN_POSITION;
        for (int i = 0; i < 4; i++)
            in->src[0].swz[i] = in->src[1].swz[i] = (uint8_t)i;
    }
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
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &in->src[s];
            if (src->file != GP_FILE_INPUT)
                continue;
            for (int k = src->rel ? src->rel_lo : src->index; k <= (src->rel ? src->rel_hi : src->index); k++)
                if (k >= 0 && k < 64)
                    info->inputs_read |= 1ull << k;
        }
        const gp_dst *d = &in->dst;
        if (d->file == GP_FILE_OUTPUT) {
            for (int k = d->rel ? d->rel_lo : d->index; k <= (d->rel ? d->rel_hi : d->index); k++)
                if (k >= 0 && k < 64)
                    info->outputs_written |= 1ull << k;
            if (ps->stage == GP_STAGE_FRAGMENT && d->index == GP_FOUT_DEPTH)
                info->writes_depth = true;
        }
        if (oi->flags & GP_OPF_TEX) {
            info->tex_target[in->tex_unit & 31] = in->tex_target;
            info->tex_units_used |= 1u << (in->tex_unit & 31);
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
}

gp_program *gp_lower_program(gp_parse *ps)
{
    bool posinv = (ps->options & GP_OPTION_POSITION_INVARIANT) != 0;
    const gp_plabel *main_label = NULL;
    intptr_t mi = (intptr_t)gp_map_get(&ps->labelmap, "main", 4);
    if (mi)
        main_label = &ps->labels[mi - 1];
    int pro = 0;
    if (posinv)
        pro = 4 + (main_label && main_label->insn != 0 ? 1 : 0);

    /* Everything that can fail through gp_fail happens before the mallocs
     * (the prologue's parameter rows; scratch from the arena). */
    int n = pro + ps->num_insns + 1;
    gp_insn *tmp = gp_alloc(ps, sizeof(gp_insn) * (size_t)n);
    if (posinv)
        emit_prologue(ps, tmp);
    if (pro == 5) {
        gp_insn *bra = &tmp[4];
        memset(bra, 0, sizeof(*bra));
        bra->op = GP_OP_BRA;
        bra->tex_target = GP_TEX_NONE;
        for (int i = 0; i < 4; i++)
            bra->cond.swz[i] = bra->dst.cc.swz[i] = (uint8_t)i;
        bra->target = pro + main_label->insn;
    }
    for (int i = 0; i < ps->num_insns; i++) {
        gp_insn *in = &tmp[pro + i];
        *in = ps->insns[i].in;
        if (ps->insns[i].label) {
            const gp_pinsn *pi = &ps->insns[i];
            intptr_t li = (intptr_t)gp_map_get(&ps->labelmap, pi->label, pi->label_len);
            GP_ASSERT(li > 0);
            in->target = pro + ps->labels[li - 1].insn;
        }
    }
    gp_insn *end = &tmp[n - 1];
    memset(end, 0, sizeof(*end));
    end->op = GP_OP_END;
    end->tex_target = GP_TEX_NONE;
    end->target = -1;
    end->pos = ps->end_pos;
    for (int i = 0; i < 4; i++)
        end->cond.swz[i] = end->dst.cc.swz[i] = (uint8_t)i;
    resolve_blocks(ps, tmp, pro, ps->num_insns);

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
    p->num_temps = ps->num_temps;
    p->num_address = ps->num_address;
    if (ps->stage == GP_STAGE_FRAGMENT && (ps->prof & GP_PROF_FP2))
        p->num_address = 1; /* the LOOP index A0 */
    p->num_prologue = pro;
    p->entry = (!posinv && main_label) ? main_label->insn : 0;
    fill_info(ps, p);
    return p;
}
