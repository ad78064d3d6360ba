/*
 * print/core.c - what every dialect prints alike: the output buffer, the
 * parameter table as PARAM arrays, operands, destinations, condition code
 * tests, the instruction shapes of gp_op_class, the labels and the program
 * body; and gp_program_print, which picks the dialect of the program's
 * language (print/print.h).
 *
 * Part of the disassembler; any thread.
 */
#include "print.h"

void gp_pr_put(gp_out *o, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n >= sizeof(tmp))
        n = (int)sizeof(tmp) - 1;
    if (o->len < o->size) {
        size_t room = o->size - o->len;
        size_t k = (size_t)n < room ? (size_t)n : room;
        memcpy(o->buf + o->len, tmp, k);
    }
    o->len += (size_t)n;
}

/* ---- the parameter table as PARAM arrays ---------------------------------- */

int gp_pr_text_params(const gp_program *p)
{
    return p->info.num_params - p->num_synth_params;
}

/* One segment per relatively addressed range, and one for the rows between
 * them.  Returns false when out of memory. */
static bool make_layout(const gp_program *p, gp_pr_layout *l)
{
    int n = gp_pr_text_params(p);
    l->num_segs = 0;
    l->seg_of_row = GP_MALLOC(sizeof(int) * (size_t)(n + 1));
    l->seg_base = GP_MALLOC(sizeof(int) * (size_t)(n + 1));
    bool *start = GP_MALLOC((size_t)n + 1);
    if (!l->seg_of_row || !l->seg_base || !start) {
        GP_FREE(start);
        return false;
    }
    memset(start, 0, (size_t)n + 1);
    start[0] = true;
    for (int i = 0; i < p->num_insns; i++) {
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &p->insns[i].src[s];
            if (src->file == GP_FILE_PARAM && src->rel && src->rel_lo >= 0 && src->rel_hi < n) {
                start[src->rel_lo] = true;
                start[src->rel_hi + 1] = true;
            }
        }
    }
    for (int r = 0; r < n; r++) {
        if (start[r])
            l->seg_base[l->num_segs++] = r;
        l->seg_of_row[r] = l->num_segs - 1;
    }
    GP_FREE(start);
    return true;
}

static void free_layout(gp_pr_layout *l)
{
    GP_FREE(l->seg_of_row);
    GP_FREE(l->seg_base);
}

int gp_pr_seg(const gp_printer *pr, int row)
{
    return row >= 0 && row < gp_pr_text_params(pr->p) ? pr->l.seg_of_row[row] : 0;
}

void gp_pr_param_table(gp_printer *pr)
{
    static const char *const type_words[] = { ['S'] = "INT ", ['U'] = "UINT ", ['F'] = "FLOAT " };
    const gp_program *p = pr->p;
    for (int s = 0; s < pr->l.num_segs; s++) {
        int base = pr->l.seg_base[s];
        int end = s + 1 < pr->l.num_segs ? pr->l.seg_base[s + 1] : gp_pr_text_params(p);
        uint8_t t = pr->seg_type ? pr->seg_type[s] : 0;
        put(pr, "%sPARAM P%d[%d] = {", (t == 'S' || t == 'U' || t == 'F') ? type_words[t] : "", s, end - base);
        for (int r = base; r < end; r++) {
            char text[160];
            gp_format_binding(&p->params[r], text, sizeof(text));
            put(pr, "%s%s", r == base ? " " : ", ", text);
        }
        put(pr, " };\n");
    }
}

/* ---- header lines ----------------------------------------------------------- */

void gp_pr_options(gp_printer *pr)
{
    /* in the order each dialect prints them */
    static const struct {
        uint32_t bit;
        unsigned sets;
        const char *name;
    } opts[] = {
        { GP_OPTION_POSITION_INVARIANT, GP_PR_ARB | GP_PR_NV, "ARB_position_invariant" },
        { GP_OPTION_NV_VERTEX_PROGRAM2, GP_PR_ARB, "NV_vertex_program2" },
        { GP_OPTION_NV_VERTEX_PROGRAM3, GP_PR_ARB, "NV_vertex_program3" },
        { GP_OPTION_NV_FRAGMENT_PROGRAM, GP_PR_ARB, "NV_fragment_program" },
        { GP_OPTION_NV_FRAGMENT_PROGRAM2, GP_PR_ARB, "NV_fragment_program2" },
        { GP_OPTION_FOG_EXP, GP_PR_ARB | GP_PR_NV, "ARB_fog_exp" },
        { GP_OPTION_FOG_EXP2, GP_PR_ARB | GP_PR_NV, "ARB_fog_exp2" },
        { GP_OPTION_FOG_LINEAR, GP_PR_ARB | GP_PR_NV, "ARB_fog_linear" },
        { GP_OPTION_PRECISION_FASTEST, GP_PR_ARB | GP_PR_NV, "ARB_precision_hint_fastest" },
        { GP_OPTION_PRECISION_NICEST, GP_PR_ARB | GP_PR_NV, "ARB_precision_hint_nicest" },
        { GP_OPTION_FRAGMENT_PROGRAM_SHADOW, GP_PR_ARB | GP_PR_NV, "ARB_fragment_program_shadow" },
        { GP_OPTION_DRAW_BUFFERS, GP_PR_ARB | GP_PR_NV, "ARB_draw_buffers" },
        { GP_OPTION_ORIGIN_UPPER_LEFT, GP_PR_ARB, "ARB_fragment_coord_origin_upper_left" },
        { GP_OPTION_PIXEL_CENTER_INTEGER, GP_PR_ARB, "ARB_fragment_coord_pixel_center_integer" },
        { GP_OPTION_TEXTURE_ARRAY, GP_PR_ARB, "MESA_texture_array" },
        { GP_OPTION_NV_EXPLICIT_MULTISAMPLE, GP_PR_NV, "NV_explicit_multisample" },
        { GP_OPTION_NV_TEXTURE_MULTISAMPLE, GP_PR_NV, "NV_texture_multisample" },
        { GP_OPTION_ARB_BLEND_FUNC_EXTENDED, GP_PR_NV, "ARB_blend_func_extended" },
        { GP_OPTION_NV_EARLY_FRAGMENT_TESTS, GP_PR_NV, "NV_early_fragment_tests" },
        { GP_OPTION_NV_BINDLESS_TEXTURE, GP_PR_NV, "NV_bindless_texture" },
        { GP_OPTION_NV_SHADER_THREAD_GROUP, GP_PR_NV, "NV_shader_thread_group" },
        { GP_OPTION_NV_SHADER_THREAD_SHUFFLE, GP_PR_NV, "NV_shader_thread_shuffle" },
        { GP_OPTION_NV_SHADER_BUFFER_LOAD, GP_PR_NV, "NV_shader_buffer_load" },
        { GP_OPTION_NV_PARAMETER_BUFFER_OBJECT2, GP_PR_NV, "NV_parameter_buffer_object2" },
        { GP_OPTION_NV_SHADER_ATOMIC_FLOAT, GP_PR_NV, "NV_shader_atomic_float" },
        { GP_OPTION_NV_SHADER_ATOMIC_INT64, GP_PR_NV, "NV_shader_atomic_int64" },
        { GP_OPTION_NV_GPU_PROGRAM5_MEM_EXTENDED, GP_PR_NV, "NV_gpu_program5_mem_extended" },
        { GP_OPTION_NV_SHADER_STORAGE_BUFFER, GP_PR_NV, "NV_shader_storage_buffer" },
    };
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
        if ((opts[i].sets & pr->d->option_set) && (pr->p->info.options & opts[i].bit))
            put(pr, "OPTION %s;\n", opts[i].name);
}

/* ---- operands ------------------------------------------------------------- */

/* A relative index: the dialect's index register, component and offset
 * (ARB: "A0.x + 3" or "A0.x - 3"; an NV_gpu_program4 offset is never
 * negative, the parser rejects one). */
void gp_pr_rel(gp_printer *pr, int reg, int comp, int off)
{
    put(pr, "%c%d.%c", pr->d->rel_reg, reg, "xyzw"[comp & 3]);
    if (off > 0)
        put(pr, " + %d", off);
    else if (off < 0)
        put(pr, " - %d", -off);
}

/* An array member: "[reg.c + off]" when indexed at run time, else "[off]". */
void gp_pr_element(gp_printer *pr, bool rel, int reg, int comp, int off)
{
    put(pr, "[");
    if (rel)
        gp_pr_rel(pr, reg, comp, off);
    else
        put(pr, "%d", off);
    put(pr, "]");
}

void gp_pr_swizzle(gp_printer *pr, const uint8_t *swz)
{
    if (swz[0] == 0 && swz[1] == 1 && swz[2] == 2 && swz[3] == 3)
        return;
    if (swz[0] == swz[1] && swz[1] == swz[2] && swz[2] == swz[3])
        put(pr, ".%c", "xyzw"[swz[0] & 3]);
    else
        put(pr, ".%c%c%c%c", "xyzw"[swz[0] & 3], "xyzw"[swz[1] & 3], "xyzw"[swz[2] & 3], "xyzw"[swz[3] & 3]);
}

/* The SWZ terms ", x, -y, 0, 1" after the source register: the same text in
 * ARB and NV4 programs (ARB_vertex_program 2.14.5.29 <extendedSwizzle>). */
static void put_ext_swizzle(gp_printer *pr, const gp_src *src)
{
    for (int i = 0; i < 4; i++) {
        uint8_t c = src->swz[i];
        put(pr, ", %s", (src->negate & (1u << i)) ? "-" : "");
        if (c == GP_SWZ_ZERO)
            put(pr, "0");
        else if (c == GP_SWZ_ONE)
            put(pr, "1");
        else
            put(pr, "%c", "xyzw"[c & 3]);
    }
}

/* A parameter row: P<segment>[row in the segment]. */
void gp_pr_param(gp_printer *pr, const gp_src *s)
{
    int seg = gp_pr_seg(pr, s->rel ? s->rel_lo : s->index);
    int base = pr->l.num_segs ? pr->l.seg_base[seg] : 0;
    put(pr, "P%d", seg);
    gp_pr_element(pr, s->rel, s->rel_reg, s->rel_comp, s->index - base);
}

void gp_pr_operand(gp_printer *pr, const gp_src *s, void (*reg)(gp_printer *pr, const gp_src *s))
{
    if (s->negate == 0xf)
        put(pr, "-");
    if (s->abs)
        put(pr, "|");
    reg(pr, s);
    gp_pr_swizzle(pr, s->swz);
    if (s->abs)
        put(pr, "|");
}

void gp_pr_src(gp_printer *pr, const gp_src *s)
{
    gp_pr_operand(pr, s, pr->d->value ? pr->d->value : pr->d->reg);
}

/* A condition code test: GT, GT1.x (NV_vertex_program3 names the register
 * of every test, NV_gpu_program4 only CC1's). */
void gp_pr_cc(gp_printer *pr, const gp_cc_test *cc)
{
    put(pr, "%s", gp_cond_name(cc->cond));
    if (cc->reg || (pr->p->info.options & GP_OPTION_NV_VERTEX_PROGRAM3))
        put(pr, "%d", cc->reg);
    gp_pr_swizzle(pr, cc->swz);
}

static void put_opt_cond(gp_printer *pr, const gp_cc_test *cc)
{
    if (cc->cond == GP_COND_TR && cc->reg == 0)
        return;
    put(pr, " (");
    gp_pr_cc(pr, cc);
    put(pr, ")");
}

void gp_pr_dst(gp_printer *pr, const gp_dst *d)
{
    const gp_program *p = pr->p;
    int color_temp = p->num_epilogue ? p->num_temps - p->num_synth_temps : -1;
    if (d->file == GP_FILE_TEMP && d->index == color_temp)
        put(pr, "result.color"); /* the fog epilogue's input (gp_ir.h) */
    else
        pr->d->dst_reg(pr, d);
    /* an ARB address register names its component (ARB_vertex_program
     * 2.14.5.1: "A0.x") */
    bool arb_addr = d->file == GP_FILE_ADDRESS &&
                    !(p->info.options & (GP_OPTION_NV_VERTEX_PROGRAM2 | GP_OPTION_NV_VERTEX_PROGRAM3));
    if (d->mask != 0xf || arb_addr) {
        put(pr, ".");
        for (int i = 0; i < 4; i++)
            if (d->mask & (1u << i))
                put(pr, "%c", "xyzw"[i]);
    }
    put_opt_cond(pr, &d->cc);
}

/* The condition code update and saturation modifiers: words[0..1] for CC0
 * and CC1, words[2..3] for [0, 1] and [-1, 1]. */
void gp_pr_cc_sat(gp_printer *pr, const gp_insn *in, const char *const words[4])
{
    if (in->cc_update)
        put(pr, "%s", words[in->cc_update == 2 ? 1 : 0]);
    if (in->sat)
        put(pr, "%s", words[in->sat == GP_SAT_11 ? 3 : 2]);
}

/* ---- instructions ----------------------------------------------------------- */

/* One instruction in the shape of its class (gp_opcodes.def). */
static void put_insn(gp_printer *pr, const gp_insn *in)
{
    const gp_program *p = pr->p;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    if (in->op == GP_OP_END) {
        put(pr, "END\n");
        return;
    }
    put(pr, "%s", oi->name);
    if (in->precision)
        put(pr, "%c", in->precision);
    pr->d->modifiers(pr, in);
    if (pr->d->operands && pr->d->operands(pr, in)) {
        put(pr, ";\n");
        return;
    }
    switch (oi->cls) {
    case GP_CLASS_NONE:
    case GP_CLASS_ENDFLOW:
        break;
    case GP_CLASS_BRA:
        if (in->op == GP_OP_CALI && pr->d->call_target)
            pr->d->call_target(pr, in);
        else
            put(pr, " L%d", in->target - p->num_prologue);
        /* fall through */
    case GP_CLASS_FLOW: /* [the label,] the condition */
        put_opt_cond(pr, &in->cond);
        break;
    case GP_CLASS_IF:
        put(pr, " ");
        gp_pr_cc(pr, &in->cond);
        break;
    case GP_CLASS_KIL:
        put(pr, " ");
        if (in->src[0].file == GP_FILE_NONE)
            gp_pr_cc(pr, &in->cond);
        else
            gp_pr_src(pr, &in->src[0]);
        break;
    case GP_CLASS_LOOP:
    case GP_CLASS_PUSHA:
    case GP_CLASS_SRCS:
        if (in->src[0].file != GP_FILE_NONE) { /* none: NV_gpu_program4 REP without a count */
            put(pr, " ");
            gp_pr_src(pr, &in->src[0]);
        }
        break;
    default: /* the result, then the operands (POPA: none; SWZ: a register
              * and its extended swizzle) and the texture */
        put(pr, " ");
        gp_pr_dst(pr, &in->dst);
        if (oi->cls == GP_CLASS_SWZ) {
            put(pr, ", ");
            pr->d->reg(pr, &in->src[0]);
            put_ext_swizzle(pr, &in->src[0]);
            break;
        }
        for (int i = 0; i < oi->nsrc; i++) {
            put(pr, ", ");
            gp_pr_src(pr, &in->src[i]);
        }
        if (oi->flags & GP_OPF_TEX)
            pr->d->texture(pr, in);
        break;
    }
    put(pr, ";\n");
}

/* ---- labels and the program body -------------------------------------------- */

/* The lowering's subroutine-end RETs have the position of what follows. */
static bool lowered_ret(const gp_program *p, int i)
{
    return p->insns[i].op == GP_OP_RET && i + 1 < p->num_insns && p->insns[i].pos == p->insns[i + 1].pos &&
           i >= p->num_prologue;
}

/* NV5 subroutines: the SUBROUTINENUM labels of instruction i (one per
 * number; nv.c declares the types and variables). */
static void put_sublabels(gp_printer *pr, int i)
{
    const gp_program *p = pr->p;
    for (int e = 0; e < p->num_sub_entries; e++) {
        if (p->sub_entries[e][2] != i)
            continue;
        bool seen = false;
        for (int f = 0; f < e && !seen; f++)
            seen = p->sub_entries[f][1] == p->sub_entries[e][1];
        if (!seen)
            put(pr, "S%d SUBROUTINENUM(%d):\n", p->sub_entries[e][1], p->sub_entries[e][1]);
    }
}

/* Labels: branch/call targets, where a lowered subroutine ends, and "main"
 * where the program's own code starts (printed only past its first
 * instruction, where it matters): the entry, or the target of the
 * prologue's CAL (fog wrapper) or final BRA (position invariance).  Then
 * the program's instructions and its END (the epilogue between them is not
 * printed; a label on the epilogue labels the END), structured blocks
 * indented.  Returns false when out of memory. */
static bool put_body(gp_printer *pr)
{
    const gp_program *p = pr->p;
    int main_at = p->entry;
    if (p->num_prologue > 0) {
        const gp_insn *last = &p->insns[p->num_prologue - 1];
        if (p->insns[0].op == GP_OP_CAL)
            main_at = p->insns[0].target;
        else
            main_at = last->op == GP_OP_BRA ? last->target : -1;
    }
    bool *label = GP_MALLOC((size_t)p->num_insns + 1);
    if (!label)
        return false;
    memset(label, 0, (size_t)p->num_insns + 1);
    int last = p->num_insns - 1 - p->num_epilogue;
    for (int j = p->num_prologue; j < p->num_insns; j++) {
        int t = p->insns[j].target;
        if (gp_opinfo_table[p->insns[j].op].cls == GP_CLASS_BRA && t >= 0 && t < p->num_insns)
            label[t] = true;
        if (pr->d->lowered_rets && lowered_ret(p, j) && j + 1 < last)
            label[j + 1] = true;
    }
    int depth = 0;
    for (int i = p->num_prologue; i <= last; i++) {
        if (i == main_at && i > p->num_prologue)
            put(pr, "main:\n");
        if (label[i])
            put(pr, "L%d:\n", i - p->num_prologue);
        put_sublabels(pr, i);
        const gp_insn *in = i == last ? &p->insns[p->num_insns - 1] : &p->insns[i];
        if (pr->d->lowered_rets && i != last && lowered_ret(p, i))
            continue;
        int op = in->op;
        if (op == GP_OP_ELSE || op == GP_OP_ENDIF || op == GP_OP_ENDREP || op == GP_OP_ENDLOOP)
            depth--;
        for (int d = 0; d < depth && d < 32; d++)
            put(pr, "  ");
        pr->insn = in;
        put_insn(pr, in);
        if (op == GP_OP_IF || op == GP_OP_ELSE || op == GP_OP_REP || op == GP_OP_LOOP)
            depth++;
    }
    GP_FREE(label);
    return true;
}

/* NV_gpu_program4/5 languages (the NV5 compute language is parsed as NV4
 * too). */
static bool is_nv4(const gp_program *p)
{
    gp_lang l = p->info.lang;
    return l == GP_LANG_NVVP40 || l == GP_LANG_NVFP40 || l == GP_LANG_NVGP40 || l == GP_LANG_NVVP50 ||
           l == GP_LANG_NVFP50 || l == GP_LANG_NVGP50 || l == GP_LANG_NVCP50 || l == GP_LANG_NVTCP50 ||
           l == GP_LANG_NVTEP50;
}

size_t gp_program_print(const gp_program *p, char *buf, size_t size)
{
    gp_printer pr;
    memset(&pr, 0, sizeof(pr));
    pr.o = (gp_out){ buf, size, 0 };
    pr.p = p;
    pr.d = p && is_nv4(p) ? &gp_pr_nv4 : &gp_pr_arb;
    bool ok = p && make_layout(p, &pr.l) && (!pr.d->prepare || pr.d->prepare(&pr));
    if (ok) {
        pr.d->declarations(&pr);
        ok = put_body(&pr);
    }
    free_layout(&pr.l);
    if (pr.d->release)
        pr.d->release(&pr);
    GP_FREE(pr.seg_type);
    if (!ok) /* out of memory: "" */
        pr.o.len = 0;
    if (size)
        buf[pr.o.len < size ? pr.o.len : size - 1] = 0;
    return pr.o.len;
}
