/*
 * print/nv.c - the NV_gpu_program4/5 dialect.  NV4 programs print in their
 * own language: dotted modifiers on every typed instruction, no address
 * registers (relative indices are integer temporaries), declared arrays
 * wherever the IR indexes relatively (TEMP T<first>[n], ATTRIB I<k>,
 * OUTPUT O<k>, BUFFER X<k>; absolute buffer elements through B<binding>),
 * typed PARAM arrays for integer constants, an ATTRIB declaration per
 * fragment input with interpolation modifiers, and NV5 subroutines.  The
 * RETs the lowering put before labels and END (gp_ir.h) are left out and
 * the labels they end at are printed (L<n>), so the text compiles back to
 * the same instructions.  The memory instructions and their variables are
 * memory.c's.
 *
 * Part of the disassembler (print/print.h); any thread.
 */
#include "print.h"

/* ---- the arrays the text declares ------------------------------------------- */

int gp_pr_find_range(const gp_pr_range *r, int n, const gp_pr_range *k)
{
    for (int i = 0; i < n; i++)
        if (r[i].lo == k->lo && r[i].hi == k->hi && r[i].vtx == k->vtx && r[i].array == k->array &&
            r[i].buf == k->buf && r[i].comp == k->comp && r[i].nbuf == k->nbuf && r[i].lng == k->lng)
            return i;
    return -1;
}

void gp_pr_add_range(gp_pr_range *r, int *n, gp_pr_range k)
{
    if (gp_pr_find_range(r, *n, &k) < 0)
        r[(*n)++] = k;
}

static int first_comp(const uint8_t *swz)
{
    for (int i = 0; i < 4; i++)
        if (swz[i] <= GP_SWZ_W)
            return swz[i];
    return 0;
}

/* The ATTRIB an indexed input operand needs: its slot range, vertex (-1:
 * indexed too), clip component. */
static gp_pr_range input_key(const gp_src *s)
{
    gp_pr_range k = { s->rel ? s->rel_lo : s->index, s->rel ? s->rel_hi : s->index, s->vtx_rel ? -1 : s->vtx,
                      s->rel != 0, 0, 0, 0, 0 };
    if (!s->rel && (s->index == GP_VARY_CLIP0 || s->index == GP_VARY_CLIP1))
        k.comp = first_comp(s->swz);
    k.lng = s->hi != 0;
    return k;
}

/* The elements of program.buffer a source names: a range variable X<k>
 * when indexed or NV5 program.buffer[a..b] (a constant element is the
 * range i..i), else absolute elements of B<binding>. */
static void collect_buffer(gp_pr_nv *c, const gp_src *src)
{
    int b = src->buf % GP_MAX_PARAM_BUFFERS;
    if (src->rel || src->nbuf) {
        gp_pr_add_range(c->bufs, &c->nbuf, (gp_pr_range){ src->rel_lo, src->rel_hi, 0, true, b, 0, src->nbuf, 0 });
        return;
    }
    if (src->index < c->buf_lo[b])
        c->buf_lo[b] = src->index;
    if (src->index > c->buf_hi[b])
        c->buf_hi[b] = src->index;
}

/* Temporaries t0..t1 that an operand names: LONG low words (their hi), or
 * -1 for 32-bit temporaries. */
static void mark_temps(gp_pr_nv *c, int nt, int t0, int t1, int hi)
{
    for (int t = t0; t >= 0 && t <= t1 && t < nt; t++)
        c->long_hi[t] = hi ? hi : -1;
}

/* A relative index register stays a 32-bit temporary. */
static void mark_index(gp_pr_nv *c, int nt, int reg)
{
    if (reg < nt && c->long_hi[reg] == 0)
        c->long_hi[reg] = -1;
}

/* Temporaries t0..t1 are one array starting at t0. */
static void mark_array(gp_pr_nv *c, int nt, int t0, int t1)
{
    for (int t = t0; t <= t1 && t < nt; t++)
        c->temp_base[t] = t0;
}

/* Collects the arrays the text must declare.  Returns false when out of
 * memory. */
static bool nv_collect(gp_printer *pr)
{
    const gp_program *p = pr->p;
    gp_pr_nv *c = &pr->nv;
    int nt = p->num_temps > 0 ? p->num_temps : 1;
    size_t cap = (size_t)p->num_insns * 3 + 1;
    /* two blocks: the per-temporary tables, and the six range lists of
     * cap entries each (one per operand at the most) */
    c->temp_base = GP_MALLOC(sizeof(int) * (size_t)nt * 2);
    c->in = GP_MALLOC(sizeof(gp_pr_range) * cap * 6);
    if (!c->temp_base || !c->in)
        return false;
    c->long_hi = c->temp_base + nt;
    c->outs = c->in + cap;
    c->bufs = c->outs + cap;
    c->subs = c->bufs + cap;
    c->mems = c->subs + cap;
    c->imgs = c->mems + cap;
    for (int i = 0; i < nt; i++) {
        c->temp_base[i] = -1;
        c->long_hi[i] = 0;
    }
    for (int b = 0; b < GP_MAX_PARAM_BUFFERS; b++)
        c->buf_lo[b] = INT32_MAX, c->buf_hi[b] = -1;
    for (int i = p->num_prologue; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        const gp_dst *d = &in->dst;
        if (d->file == GP_FILE_TEMP)
            mark_temps(c, nt, d->rel ? d->rel_lo : d->index, d->rel ? d->rel_hi : d->index, d->hi);
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &in->src[s];
            if (src->file == GP_FILE_TEMP)
                mark_temps(c, nt, src->rel ? src->rel_lo : src->index, src->rel ? src->rel_hi : src->index,
                           src->hi);
            if ((src->file == GP_FILE_TEMP || src->rel_file == GP_FILE_TEMP) && src->rel)
                mark_index(c, nt, src->rel_reg);
        }
        /* NV_bindless_texture handle(<operand>) of TEX and the image
         * instructions: a LONG handle variable stays LONG */
        const gp_src *h = &in->tex_handle;
        if ((in->tex_flags & GP_TEXF_HANDLE) && h->file == GP_FILE_TEMP && h->index >= 0 && h->index < nt && !h->rel)
            c->long_hi[h->index] = h->hi ? h->hi : -1;
        if (d->rel)
            mark_index(c, nt, d->rel_reg);
        if (d->file == GP_FILE_TEMP && d->rel)
            mark_array(c, nt, d->rel_lo, d->rel_hi);
        if (in->op == GP_OP_CALI && p->sub_elem_param) {
            /* a constant member names one element (gp_parse.c
             * nv4_rel_src): such variables print as scalars */
            const gp_src *s0 = &in->src[0];
            int k = 0;
            while (k < c->nsub && (c->subs[k].lo != s0->rel_lo || c->subs[k].hi != s0->rel_hi))
                k++;
            if (k == c->nsub)
                c->subs[c->nsub++] = (gp_pr_range){ s0->rel_lo, s0->rel_hi, 0, false, 0, 0, 0, 0 };
            if (s0->rel || s0->rel_hi > s0->rel_lo)
                c->subs[k].array = true;
        }
        gp_pr_nv_collect_units(pr, in);
        if (d->file == GP_FILE_OUTPUT && d->rel)
            gp_pr_add_range(c->outs, &c->nout, (gp_pr_range){ d->rel_lo, d->rel_hi, 0, true, 0, 0, 0, 0 });
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &in->src[s];
            if (src->file == GP_FILE_TEMP && src->rel)
                mark_array(c, nt, src->rel_lo, src->rel_hi);
            if (src->file == GP_FILE_INPUT && (src->rel || src->vtx_rel || src->hi))
                gp_pr_add_range(c->in, &c->nin, input_key(src));
            if (!gp_pr_nv_collect_memory(pr, in, src) && src->file == GP_FILE_BUFFER)
                collect_buffer(c, src);
        }
    }
    return true;
}

static void nv_release(gp_printer *pr)
{
    GP_FREE(pr->nv.temp_base);
    GP_FREE(pr->nv.in);
}

/* Splits the parameter segments where the constants' type changes (a
 * relatively addressed array has one type: its declaration's), then
 * collects the arrays. */
static bool nv_prepare(gp_printer *pr)
{
    const gp_program *p = pr->p;
    gp_pr_layout *l = &pr->l;
    int n = gp_pr_text_params(p);
    pr->seg_type = GP_MALLOC((size_t)n + 1);
    int *base = GP_MALLOC(sizeof(int) * (size_t)(n + 1));
    if (!pr->seg_type || !base) {
        GP_FREE(base);
        return false;
    }
    int segs = 0, cur = -1, prev_seg = -1;
    for (int r = 0; r < n; r++) {
        bool start = r == 0 || l->seg_of_row[r] != prev_seg;
        prev_seg = l->seg_of_row[r];
        const gp_param_binding *b = &p->params[r];
        if (start)
            cur = -1;
        if (b->kind == GP_PARAM_CONST) {
            /* a typed segment starts at its first constant, so that
             * typeless bindings before it stay typeless */
            if ((cur >= 0 && cur != b->type) || (cur < 0 && b->type && !start))
                start = true;
            cur = b->type;
        }
        if (start) {
            base[segs] = r;
            pr->seg_type[segs] = 0;
            segs++;
        }
        if (b->kind == GP_PARAM_CONST)
            pr->seg_type[segs - 1] = b->type;
        l->seg_of_row[r] = segs - 1;
    }
    memcpy(l->seg_base, base, sizeof(int) * (size_t)segs);
    l->num_segs = segs;
    GP_FREE(base);
    return nv_collect(pr);
}

/* ---- bindings and registers ------------------------------------------------- */

/* A temporary: R<n>, or T<first>[i] inside an indexed array. */
static void put_temp(gp_printer *pr, int index)
{
    int nt = pr->p->num_temps;
    int base = index >= 0 && index < nt ? pr->nv.temp_base[index] : -1;
    if (base >= 0)
        put(pr, "T%d[%d]", base, index - base);
    else
        put(pr, "R%d", index);
}

static const char *vert_prefix(int vtx, char *buf, size_t size)
{
    if (vtx < 0)
        snprintf(buf, size, "vertex");
    else
        snprintf(buf, size, "vertex[%d]", vtx);
    return buf;
}

/* "[n]" or "[n..m]": count slots from slot, numbered from base. */
static const char *slot_range(int slot, int count, int base, char *buf, size_t size)
{
    if (count > 1)
        snprintf(buf, size, "[%d..%d]", slot - base, slot - base + count - 1);
    else
        snprintf(buf, size, "[%d]", slot - base);
    return buf;
}

static void put_varying(gp_printer *pr, const char *prefix, int slot, int count, int swz0);

/* The binding of input slot (slot, count) of vertex vtx (geometry; -1:
 * "vertex." without a number).  swz0: the first selected component, for
 * clip distances. */
static void put_input_binding(gp_printer *pr, int slot, int count, int vtx, int swz0)
{
    gp_stage st = pr->p->info.stage;
    char range[32];
    if (slot >= GP_IN_THREAD && slot < GP_IN_THREAD + 3) { /* NV_shader_thread_group (gp_ir.h) */
        static const char *const names[3][4] = { { "threadid", "warpid", "smid", "helperthread" },
                                                 { "threadeqmask", "threadltmask", "threadlemask", "threadgtmask" },
                                                 { "threadgemask", "threadgemask", "threadgemask", "threadgemask" } };
        put(pr, "%s.%s", st == GP_STAGE_VERTEX ? "vertex" : st == GP_STAGE_GEOMETRY || gp_tess_stage(st) ? "primitive"
                         : st == GP_STAGE_COMPUTE ? "invocation" : "fragment",
            names[slot - GP_IN_THREAD][swz0 & 3]);
        return;
    }
    if (st == GP_STAGE_COMPUTE) { /* NV_compute_program5 Table X.1 (glprog.h GP_CIN_*) */
        static const char *const cin[GP_CIN_COUNT] = { "localid", "globalid", "groupid", "groupcount", "groupsize",
                                                       "localindex" };
        put(pr, "invocation.%s", slot >= 0 && slot < GP_CIN_COUNT ? cin[slot] : "?");
        return;
    }
    if (st == GP_STAGE_VERTEX) {
        if (slot == GP_VIN_VERTEXID)
            put(pr, "vertex.id");
        else if (slot == GP_VIN_INSTANCEID)
            put(pr, "vertex.instance");
        else /* the generic names alias every conventional one */
            put(pr, "vertex.attrib%s", slot_range(slot, count, 0, range, sizeof(range)));
        return;
    }
    if (gp_tess_stage(st)) { /* NV_tessellation_program5 (gp_ir.h "Tessellation") */
        bool tcp = st == GP_STAGE_TESS_CONTROL;
        if (slot == GP_TIN_COORD) {
            put(pr, "vertex.tesscoord");
            return;
        }
        if (slot == GP_TIN_PRIM) {
            put(pr, "primitive.%s", (swz0 & 3) == 0 ? "id" : (swz0 & 3) == 1 ? "invocation" : "vertexcount");
            return;
        }
        const char *pre = tcp ? "primitive.out" : "primitive";
        if (slot >= GP_TIN_PATCH && slot < GP_TIN_PATCH + GP_PATCH_ROWS) {
            put(pr, "%s.patch.attrib%s", pre, slot_range(slot - GP_TIN_PATCH, count, GP_PATCH_ATTR0, range,
                                                         sizeof(range)));
            return;
        }
        if (slot >= GP_TIN_LEVEL && slot < GP_TIN_END) {
            bool inner = slot >= GP_TIN_LEVEL + 4;
            put(pr, "%s.%s%s", pre, inner ? "tessinner" : "tessouter",
                slot_range(slot, count, GP_TIN_LEVEL + (inner ? 4 : 0), range, sizeof(range)));
            return;
        }
        if (slot >= GP_TIN_VOUT && slot < GP_TIN_VOUT + GP_VARY_COUNT) {
            char pre[40];
            if (vtx < 0)
                snprintf(pre, sizeof(pre), "vertex.out");
            else
                snprintf(pre, sizeof(pre), "vertex.out[%d]", vtx);
            put_varying(pr, pre, slot - GP_TIN_VOUT, count, swz0);
            return;
        }
    }
    if (slot == GP_VARY_PRIMID) {
        put(pr, "primitive.id");
        return;
    }
    if (slot == GP_VARY_SAMPLE && st == GP_STAGE_FRAGMENT) {
        put(pr, (swz0 & 3) == 1 ? "fragment.samplemask" : "fragment.sampleid");
        return;
    }
    if (slot == GP_VARY_PNTC && st == GP_STAGE_FRAGMENT) {
        put(pr, "fragment.pointcoord");
        return;
    }
    if (slot == GP_VARY_PRIMINFO && st == GP_STAGE_GEOMETRY) {
        /* NV5: x invocation, y vertexcount, z the tessellation bindings (0) */
        put(pr, (swz0 & 3) == 0 ? "primitive.invocation" : (swz0 & 3) == 1 ? "primitive.vertexcount"
                                                                              : "primitive.tessouter[0]");
        return;
    }
    char pre[32];
    const char *prefix = st == GP_STAGE_FRAGMENT ? "fragment" : vert_prefix(vtx, pre, sizeof(pre));
    put_varying(pr, prefix, slot, count, swz0);
}

/* prefix.<item> of varying slot (slot, count). */
static void put_varying(gp_printer *pr, const char *prefix, int slot, int count, int swz0)
{
    char range[32];
    const char *name = gp_pr_varying_name(slot);
    if (slot >= GP_VARY_TEX0 && slot < GP_VARY_TEX0 + 8)
        put(pr, "%s.texcoord%s", prefix, slot_range(slot, count, GP_VARY_TEX0, range, sizeof(range)));
    else if (slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32)
        put(pr, "%s.attrib%s", prefix, slot_range(slot, count, GP_VARY_ATTR0, range, sizeof(range)));
    else if (slot == GP_VARY_CLIP0 || slot == GP_VARY_CLIP1)
        put(pr, "%s.clip[%d]", prefix, (slot - GP_VARY_CLIP0) * 4 + (swz0 & 3));
    else
        put(pr, "%s.%s", prefix, name ? name : "?");
}

static void put_output_binding(gp_printer *pr, int slot, int count, int clipdist)
{
    if (pr->p->info.stage == GP_STAGE_FRAGMENT) {
        if (slot == GP_FOUT_SAMPLEMASK)
            put(pr, "result.samplemask");
        else if (slot == GP_FOUT_DEPTH)
            put(pr, "result.depth");
        else if (slot == GP_FOUT_COLOR0)
            put(pr, "result.color");
        else if (slot == GP_FOUT_SECONDARY0)
            put(pr, "result.color.secondary");
        else if (slot > GP_FOUT_SECONDARY0)
            put(pr, "result.color[%d].secondary", slot - GP_FOUT_SECONDARY0);
        else
            put(pr, "result.color[%d]", slot - GP_FOUT_COLOR0);
        return;
    }
    char range[32];
    const char *name = gp_pr_varying_name(slot);
    if (pr->p->info.stage == GP_STAGE_TESS_CONTROL && slot >= GP_VARY_COUNT) {
        /* NV_tessellation_program5 Table X.6 (gp_ir.h "Tessellation") */
        if (slot >= GP_TCP_LEVEL_ROW) {
            bool inner = slot >= GP_TCP_LEVEL_ROW + 4;
            put(pr, "result.patch.%s%s", inner ? "tessinner" : "tessouter",
                slot_range(slot, count, GP_TCP_LEVEL_ROW + (inner ? 4 : 0), range, sizeof(range)));
        } else {
            put(pr, "result.patch.attrib%s", slot_range(slot - GP_VARY_COUNT, count, GP_PATCH_ATTR0, range,
                                                         sizeof(range)));
        }
        return;
    }
    if (clipdist)
        put(pr, "result.clip[%d]", (slot - GP_VARY_CLIP0) * 4 + clipdist - 1);
    else if (slot >= GP_VARY_TEX0 && slot < GP_VARY_TEX0 + 8)
        put(pr, "result.texcoord%s", slot_range(slot, count, GP_VARY_TEX0, range, sizeof(range)));
    else if (slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32)
        put(pr, "result.attrib%s", slot_range(slot, count, GP_VARY_ATTR0, range, sizeof(range)));
    else if (name)
        put(pr, "result.%s", name);
    else
        put(pr, "result.%s", slot == GP_VARY_PRIMID ? "primid" : slot == GP_VARY_LAYER ? "layer" : "?");
}

/* A buffer element: [binding] (NV5 program.buffer[a..b]), then [element]. */
void gp_pr_nv_buffer_element(gp_printer *pr, const gp_src *s)
{
    if (s->nbuf)
        gp_pr_element(pr, s->vtx_rel, s->vtx_rel_reg, s->vtx_rel_comp, s->vtx);
    gp_pr_element(pr, s->rel, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
}

static void nv_reg(gp_printer *pr, const gp_src *s)
{
    const gp_pr_nv *c = &pr->nv;
    switch (s->file) {
    case GP_FILE_TEMP:
        if (s->rel) {
            put(pr, "T%d", s->rel_lo);
            gp_pr_element(pr, true, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
        } else {
            put_temp(pr, s->index);
        }
        break;
    case GP_FILE_INPUT: {
        if (!s->rel && !s->vtx_rel && !s->hi) { /* LONG ATTRIB: a variable I<n> */
            put_input_binding(pr, s->index, 1, s->vtx, first_comp(s->swz));
            break;
        }
        gp_pr_range k = input_key(s);
        put(pr, "I%d", gp_pr_find_range(c->in, c->nin, &k));
        if (s->vtx_rel)
            gp_pr_element(pr, true, s->vtx_rel_reg, s->vtx_rel_comp, s->vtx);
        if (s->rel)
            gp_pr_element(pr, true, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
        break;
    }
    case GP_FILE_PARAM:
        gp_pr_param(pr, s);
        break;
    case GP_FILE_BUFFER:
        if (s->rel || s->nbuf) {
            gp_pr_range k = { s->rel_lo, s->rel_hi, 0, true, s->buf % GP_MAX_PARAM_BUFFERS, 0, s->nbuf, 0 };
            put(pr, "X%d", gp_pr_find_range(c->bufs, c->nbuf, &k));
            gp_pr_nv_buffer_element(pr, s);
        } else {
            int b = s->buf % GP_MAX_PARAM_BUFFERS;
            put(pr, "B%d[%d]", b, s->index - c->buf_lo[b]);
        }
        break;
    default:
        put(pr, "?");
        break;
    }
}

/* The data type operand s (1..3) of in reads: CVT's operand type, the
 * operand kind of its opcode (64-bit where the kind fixes the base type),
 * or the instruction's type. */
static int operand_type(const gp_insn *in, int s)
{
    int k = gp_io_kind(gp_opinfo_table[in->op].io, s);
    return in->op == GP_OP_CVT ? gp_cvt_gptype(in->cvt_src)
           : k == GP_KIND_F    ? GP_TYPE_F64
           : k == GP_KIND_S    ? GP_TYPE_S64
           : k == GP_KIND_U    ? GP_TYPE_U64
                               : in->type;
}

/* An NV5 64-bit literal (gp_ir.h "64-bit storage", Constants: rows
 * s->index and s->index + 1 hold the low and high words), exactly, as the
 * operand type of pr->insn reads it: F64 with 17 significant digits, S64
 * in decimal, U64 in hex. */
static void put_lit64(gp_printer *pr, const gp_src *s)
{
    const gp_program *p = pr->p;
    const gp_insn *in = pr->insn;
    int t = in && s >= in->src && s < in->src + 3 ? operand_type(in, (int)(s - in->src) + 1) : GP_TYPE_U64;
    put(pr, "{");
    for (int i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)p->params[s->index].value[i].u | (uint64_t)p->params[s->index + 1].value[i].u << 32;
        if (i)
            put(pr, ", ");
        if (t == GP_TYPE_F64 && ((v >> 52) & 0x7ff) == 0x7ff) {
            put(pr, "%s1e999", v >> 63 ? "-" : ""); /* infinity (strtod overflows back to it) */
        } else if (t == GP_TYPE_F64) {
            double d;
            memcpy(&d, &v, sizeof(d));
            put(pr, "%.17g", d);
        } else if (t == GP_TYPE_S64) {
            put(pr, "%lld", (long long)(int64_t)v);
        } else {
            put(pr, "0x%llx", (unsigned long long)v);
        }
    }
    put(pr, "}");
}

static void nv_value(gp_printer *pr, const gp_src *s)
{
    if (s->hi && s->file == GP_FILE_PARAM && !s->rel && s->index >= 0 && s->index + 1 < gp_pr_text_params(pr->p))
        put_lit64(pr, s);
    else
        nv_reg(pr, s);
}

static void nv_dst_reg(gp_printer *pr, const gp_dst *d)
{
    if (d->file == GP_FILE_TEMP && d->rel) {
        put(pr, "T%d", d->rel_lo);
        gp_pr_element(pr, true, d->rel_reg, d->rel_comp, d->index - d->rel_lo);
    } else if (d->file == GP_FILE_TEMP) {
        put_temp(pr, d->index);
    } else if (d->rel) {
        gp_pr_range k = { d->rel_lo, d->rel_hi, 0, true, 0, 0, 0, 0 };
        put(pr, "O%d", gp_pr_find_range(pr->nv.outs, pr->nv.nout, &k));
        gp_pr_element(pr, true, d->rel_reg, d->rel_comp, d->index - d->rel_lo);
    } else {
        put_output_binding(pr, d->index, 1, d->clipdist);
    }
}

/* ---- instructions ----------------------------------------------------------- */

char gp_pr_type_letter(int t)
{
    return t == GP_TYPE_S32 || t == GP_TYPE_S64 ? 'S' : t == GP_TYPE_U32 || t == GP_TYPE_U64 ? 'U' : 'F';
}

/* Does an operand read a typed PARAM array with another type (the
 * instruction then needs .NTC to compile again)? */
static bool needs_ntc(const gp_printer *pr, const gp_insn *in)
{
    for (int s = 0; s < gp_opinfo_table[in->op].nsrc; s++) {
        const gp_src *src = &in->src[s];
        if (src->file != GP_FILE_PARAM || src->hi) /* NV5 64-bit literals print as literals */
            continue;
        uint8_t t = pr->seg_type[gp_pr_seg(pr, src->rel ? src->rel_lo : src->index)];
        if (t && t != gp_pr_type_letter(operand_type(in, s + 1)))
            return true;
    }
    return false;
}

/* Data type (.S .U .F64, or .S24 .U24 .HI of MUL), CVT's types and
 * rounding, memory modifiers, .CC .SAT and .NTC. */
static void nv_modifiers(gp_printer *pr, const gp_insn *in)
{
    static const char *const words[4] = { ".CC", ".CC1", ".SAT", ".SSAT" };
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    if (in->opmod == GP_OPMOD_S24 || in->opmod == GP_OPMOD_U24)
        put(pr, "%s", in->opmod == GP_OPMOD_S24 ? ".S24" : ".U24");
    else if (oi->types && !in->precision) /* R / H: the F type */
        put(pr, in->type >= GP_TYPE_F64 ? ".%c64" : ".%c", gp_pr_type_letter(in->type)); /* NV5 .F64 .S64 .U64 */
    if (in->opmod == GP_OPMOD_HI)
        put(pr, ".HI");
    if (in->op == GP_OP_CVT) { /* NV_gpu_program5 CVT.<result>.<operand>[.rounding] */
        put(pr, ".%s.%s", gp_cvt_type_name(in->cvt_dst), gp_cvt_type_name(in->cvt_src));
        if (in->cvt_rnd != GP_RND_ROUND)
            put(pr, ".%s", gp_cvt_rnd_name(in->cvt_rnd));
    }
    if (oi->flags & GP_OPF_MEMORY)
        gp_pr_nv_memory_modifiers(pr, in);
    gp_pr_cc_sat(pr, in, words);
    if (needs_ntc(pr, in))
        put(pr, ".NTC");
}

/* CALI V<k>[member] (the SUBROUTINE declarations of nv_subroutines). */
static void nv_call_target(gp_printer *pr, const gp_insn *in)
{
    const gp_pr_nv *c = &pr->nv;
    const gp_src *s0 = &in->src[0];
    int k = 0;
    while (k < c->nsub && (c->subs[k].lo != s0->rel_lo || c->subs[k].hi != s0->rel_hi))
        k++;
    put(pr, " V%d", k);
    if (k < c->nsub && c->subs[k].array)
        gp_pr_element(pr, s0->rel, s0->rel_reg, s0->rel_comp, s0->index - s0->rel_lo);
}

/* The extra operand, the unit (texture[n], a bindless handle, or an NV5
 * TEXTURE array G<k> declared over its unit range), the gather component,
 * the target and the texel offsets. */
static void nv_texture(gp_printer *pr, const gp_insn *in)
{
    const gp_program *p = pr->p;
    const char *tn = gp_tex_target_name(in->tex_target);
    if (in->tex_target == GP_TEX_2DMS && (p->info.options & GP_OPTION_NV_EXPLICIT_MULTISAMPLE) &&
        !(p->info.options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
        tn = "RENDERBUFFER";
    if (in->tex_flags & GP_TEXF_EXTRA) {
        put(pr, ", ");
        gp_pr_src(pr, &in->src[1]);
    }
    put(pr, ", ");
    gp_pr_nv_unit(pr, in, true);
    if (in->tex_comp)
        put(pr, ".%c", "xyzw"[in->tex_comp & 3]);
    put(pr, ", %s", tn);
    const int8_t *off = in->tex_offset;
    if (off[0] || off[1] || off[2])
        put(pr, ", (%d, %d, %d)", off[0], off[1], off[2]);
    if (in->tex_flags & GP_TEXF_OFFSET_REG) {
        put(pr, ", offset(");
        gp_pr_src(pr, &in->src[2]);
        put(pr, ")");
    }
}

/* ---- declarations ----------------------------------------------------------- */

static const char *interp_words(uint8_t bits, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s", (bits & 1) ? "FLAT " : "", (bits & 2) ? "CENTROID " : "",
             (bits & 4) ? "NOPERSPECTIVE " : "", (bits & 8) ? "SAMPLE " : "");
    return buf;
}

static uint8_t interp_of(const gp_program_info *info, int slot)
{
    uint64_t bit = 1ull << (slot & 63);
    return (uint8_t)(((info->inputs_flat & bit) ? 1 : 0) | ((info->inputs_centroid & bit) ? 2 : 0) |
                     ((info->inputs_noperspective & bit) ? 4 : 0) |
                     ((info->inputs_sample & bit & ~(1ull << GP_VARY_SAMPLE)) ? 8 : 0));
}

/* NV5 subroutines (gp_ir.h gp_program.sub_*): the labels of the
 * SUBROUTINETYPEs are S<num>, printed as "S<num> SUBROUTINENUM(<num>):"
 * where their subroutines start (core.c); type t is Y<t> (declared in id
 * order, so that the ids come back); the variables CALI names are V<k> (in
 * order of first use: elements rel_lo..rel_hi of the CALI operand), and
 * every other bound program.subroutine[i] keeps its type through a W<i>. */
static void nv_subroutines(gp_printer *pr)
{
    const gp_program *p = pr->p;
    const gp_pr_nv *c = &pr->nv;
    if (!p->sub_elem_param)
        return;
    int ntypes = 0, np = p->info.num_subroutine_params;
    for (int i = 0; i < np; i++)
        if (p->sub_param_type[i] + 1 > ntypes)
            ntypes = p->sub_param_type[i] + 1;
    for (int e = 0; e < p->num_sub_entries; e++)
        if (p->sub_entries[e][0] + 1 > ntypes)
            ntypes = p->sub_entries[e][0] + 1;
    for (int t = 0; t < ntypes; t++) {
        put(pr, "SUBROUTINETYPE Y%d {", t);
        int n = 0;
        for (int e = 0; e < p->num_sub_entries; e++)
            if (p->sub_entries[e][0] == t)
                put(pr, "%s S%d", n++ ? "," : "", p->sub_entries[e][1]);
        put(pr, " };\n");
    }
    for (int k = 0; k < c->nsub; k++) {
        const gp_pr_range *v = &c->subs[k];
        int type = p->sub_param_type[p->sub_elem_param[v->lo]];
        if (!v->array) {
            put(pr, "SUBROUTINE Y%d V%d = program.subroutine[%d];\n", type, k, p->sub_elem_param[v->lo]);
            continue;
        }
        put(pr, "SUBROUTINE Y%d V%d[%d] = {", type, k, v->hi - v->lo + 1);
        for (int r = v->lo; r <= v->hi; r++)
            put(pr, "%s program.subroutine[%d]", r > v->lo ? "," : "", p->sub_elem_param[r]);
        put(pr, " };\n");
    }
    for (int i = 0; i < np; i++) {
        bool named = p->sub_param_type[i] < 0;
        for (int k = 0; k < c->nsub && !named; k++)
            for (int r = c->subs[k].lo; r <= c->subs[k].hi && !named; r++)
                named = p->sub_elem_param[r] == i;
        if (!named)
            put(pr, "SUBROUTINE Y%d W%d = program.subroutine[%d];\n", p->sub_param_type[i], i, i);
    }
}

/* The header: !!NVvp4.0 .. !!NVcp5.0; a 4.0-language program with what only
 * NV_gpu_program4_1 has (TXG, LOD, the ARRAYCUBE targets: FEATURES.md
 * HDR.NV41) came from a 4.1 header (info.lang is the 4.0 language then). */
static void nv_header(gp_printer *pr)
{
    const gp_program *p = pr->p;
    const gp_program_info *info = &p->info;
    static const char *const headers[] = { [GP_STAGE_VERTEX] = "!!NVvp4.0", [GP_STAGE_FRAGMENT] = "!!NVfp4.0",
                                           [GP_STAGE_GEOMETRY] = "!!NVgp4.0" };
    static const char *const headers5[] = { [GP_STAGE_VERTEX] = "!!NVvp5.0", [GP_STAGE_FRAGMENT] = "!!NVfp5.0",
                                            [GP_STAGE_GEOMETRY] = "!!NVgp5.0", [GP_STAGE_TESS_CONTROL] = "!!NVtcp5.0",
                                            [GP_STAGE_TESS_EVAL] = "!!NVtep5.0", [GP_STAGE_COMPUTE] = "!!NVcp5.0" };
    bool nv5 = info->lang == GP_LANG_NVVP50 || info->lang == GP_LANG_NVFP50 || info->lang == GP_LANG_NVGP50 ||
               info->lang == GP_LANG_NVCP50 || info->lang == GP_LANG_NVTCP50 || info->lang == GP_LANG_NVTEP50;
    bool nv41 = false;
    for (int i = 0; i < p->num_insns && !nv5; i++) {
        const gp_insn *in = &p->insns[i];
        if ((gp_opinfo_table[in->op].profiles & GP_PROF_NV41) ||
            ((gp_opinfo_table[in->op].flags & GP_OPF_TEX) &&
             (in->tex_target == GP_TEX_CUBEARRAY || in->tex_target == GP_TEX_SHADOWCUBEARRAY)))
            nv41 = true;
    }
    if (nv5)
        put(pr, "%s\n", headers5[info->stage <= GP_STAGE_COMPUTE ? info->stage : 0]);
    else
        put(pr, "%.7s%s\n", headers[info->stage <= GP_STAGE_GEOMETRY ? info->stage : 0], nv41 ? ".1" : ".0");
    gp_pr_options(pr);
    if (info->stage == GP_STAGE_GEOMETRY) {
        static const char *const prims[] = { "?", "POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES",
                                             "TRIANGLES_ADJACENCY", "LINE_STRIP", "TRIANGLE_STRIP", "PATCHES" };
        put(pr, "PRIMITIVE_IN %s;\nPRIMITIVE_OUT %s;\nVERTICES_OUT %d;\n",
            prims[info->gs_primitive_in <= GP_PRIM_PATCHES ? info->gs_primitive_in : 0],
            prims[info->gs_primitive_out & 7], info->gs_vertices_out);
        if (info->gs_invocations > 1)
            put(pr, "INVOCATIONS %d;\n", info->gs_invocations);
    }
    if (info->stage == GP_STAGE_TESS_CONTROL) /* NV_tessellation_program5 2.X.7.Y */
        put(pr, "VERTICES_OUT %d;\n", info->tcp_vertices_out);
    if (info->stage == GP_STAGE_TESS_EVAL) {
        static const char *const modes[] = { "?", "TRIANGLES", "QUADS", "ISOLINES" };
        static const char *const spacings[] = { "EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN" };
        put(pr, "TESS_MODE %s;\nTESS_SPACING %s;\nTESS_VERTEX_ORDER %s;\n", modes[info->tess_mode & 3],
            spacings[info->tess_spacing <= GP_TESS_FRACTIONAL_EVEN ? info->tess_spacing : 0],
            info->tess_vertex_order_cw ? "CW" : "CCW");
        if (info->tess_point_mode)
            put(pr, "TESS_POINT_MODE;\n");
    }
    if (info->stage == GP_STAGE_COMPUTE) { /* NV_compute_program5 2.X.7.Y */
        put(pr, "GROUP_SIZE %d %d %d;\n", info->cp_group_size[0], info->cp_group_size[1], info->cp_group_size[2]);
        if (info->cp_shared_size > 0)
            put(pr, "SHARED_MEMORY %d;\n", info->cp_shared_size);
    }
}

/* Temporaries, in index order so that they are allocated alike. */
static void nv_temps(gp_printer *pr)
{
    const gp_program *p = pr->p;
    gp_pr_nv *c = &pr->nv;
    int ntemps = p->num_temps - p->num_synth_temps, col = 0;
    /* NV5 LONG TEMPs (n low-word rows, then n high-word rows): an array
     * whose first elements the program never names starts at the lowest
     * row that keeps every named row in it and clear of the rows before
     * (so each operand keeps its rows and its hi); their declarations
     * replace the rows they cover */
    int floor_row = 0;
    for (int t = 0; t < ntemps; t++) {
        int n = c->long_hi[t];
        if (n < 0)
            floor_row = t + 1;
        if (n <= 0)
            continue;
        int top = t;
        for (int k = t; k < t + n && k < ntemps; k++)
            if (c->long_hi[k] == n)
                top = k;
        int base = top - n + 1 > floor_row ? top - n + 1 : floor_row;
        for (int k = base; k < base + 2 * n && k < ntemps; k++)
            c->long_hi[k] = k == base ? -2 - n : 0; /* -2 - n: a declaration of n here */
        floor_row = base + 2 * n;
        t = floor_row - 1;
    }
    for (int t = 0; t < ntemps; t++) {
        if (c->long_hi[t] < -1) {
            int n = -2 - c->long_hi[t];
            if (col)
                put(pr, ";\n");
            col = 0;
            if (n > 1 || c->temp_base[t] == t) {
                for (int k = 0; k < n && t + k < ntemps; k++)
                    c->temp_base[t + k] = t;
                put(pr, "LONG TEMP T%d[%d];\n", t, n);
            } else {
                put(pr, "LONG TEMP R%d;\n", t);
            }
            t += 2 * n - 1;
            continue;
        }
        if (c->temp_base[t] >= 0 && c->temp_base[t] != t)
            continue;
        put(pr, "%s", col == 0 ? "TEMP " : ", ");
        if (c->temp_base[t] == t) {
            int len = 1;
            while (t + len < ntemps && c->temp_base[t + len] == t)
                len++;
            put(pr, "T%d[%d]", t, len);
        } else {
            put(pr, "R%d", t);
        }
        if (++col == 16) {
            put(pr, ";\n");
            col = 0;
        }
    }
    if (col)
        put(pr, ";\n");
}

/* BUFFER B<b> (absolute elements) and X<k> (ranges) over program.buffer. */
static void nv_buffers(gp_printer *pr)
{
    const gp_program_info *info = &pr->p->info;
    const gp_pr_nv *c = &pr->nv;
    for (int b = 0; b < GP_MAX_PARAM_BUFFERS; b++)
        if (c->buf_hi[b] >= 0)
            put(pr, "%s B%d[%d] = { program.buffer[%d][%d..%d] };\n",
                (info->param_buffers_vec4 >> b) & 1 ? "BUFFER4" : "BUFFER", b, c->buf_hi[b] - c->buf_lo[b] + 1, b,
                c->buf_lo[b], c->buf_hi[b]);
    for (int k = 0; k < c->nbuf; k++) {
        char bind[24];
        if (c->bufs[k].nbuf) /* NV5 program.buffer[a..b] */
            snprintf(bind, sizeof(bind), "%d..%d", c->bufs[k].buf, c->bufs[k].buf + c->bufs[k].nbuf - 1);
        else
            snprintf(bind, sizeof(bind), "%d", c->bufs[k].buf);
        put(pr, "%s X%d[%d] = { program.buffer[%s][%d..%d] };\n",
            (info->param_buffers_vec4 >> c->bufs[k].buf) & 1 ? "BUFFER4" : "BUFFER", k,
            c->bufs[k].hi - c->bufs[k].lo + 1, bind, c->bufs[k].lo, c->bufs[k].hi);
    }
}

/* Fragment inputs with interpolation modifiers (Q<slot>), the input arrays
 * and variables (I<k>) and the output arrays (O<k>). */
static void nv_attribs(gp_printer *pr)
{
    const gp_program_info *info = &pr->p->info;
    const gp_pr_nv *c = &pr->nv;
    char words[48];
    for (int slot = 0; slot < 64 && info->stage == GP_STAGE_FRAGMENT; slot++) {
        uint8_t bits = interp_of(info, slot);
        if (!bits)
            continue;
        put(pr, "%sATTRIB Q%d = ", interp_words(bits, words, sizeof(words)), slot);
        put_input_binding(pr, slot, 1, 0, 0);
        put(pr, ";\n");
    }
    for (int k = 0; k < c->nin; k++) {
        const gp_pr_range *r = &c->in[k];
        uint8_t bits = info->stage == GP_STAGE_FRAGMENT ? interp_of(info, r->lo) : 0;
        put(pr, "%s%sATTRIB I%d", r->lng ? "LONG " : "", interp_words(bits, words, sizeof(words)), k);
        if (r->array) {
            put(pr, "[] = { ");
            put_input_binding(pr, r->lo, r->hi - r->lo + 1, r->vtx, 0);
            put(pr, " };\n");
        } else {
            put(pr, " = ");
            put_input_binding(pr, r->lo, 1, r->vtx, r->comp);
            put(pr, ";\n");
        }
    }
    for (int k = 0; k < c->nout; k++) {
        put(pr, "OUTPUT O%d[] = { ", k);
        put_output_binding(pr, c->outs[k].lo, c->outs[k].hi - c->outs[k].lo + 1, 0);
        put(pr, " };\n");
    }
}

static void nv_declarations(gp_printer *pr)
{
    nv_header(pr);
    nv_temps(pr);
    gp_pr_param_table(pr);
    nv_buffers(pr);
    gp_pr_nv_memory_declarations(pr);
    nv_subroutines(pr);
    nv_attribs(pr);
}

const gp_pr_dialect gp_pr_nv4 = { .rel_reg = 'R', .option_set = GP_PR_NV, .lowered_rets = true,
                                  .prepare = nv_prepare, .release = nv_release, .declarations = nv_declarations,
                                  .modifiers = nv_modifiers, .reg = nv_reg, .value = nv_value,
                                  .dst_reg = nv_dst_reg, .operands = gp_pr_nv_memory_operands,
                                  .call_target = nv_call_target, .texture = nv_texture };
