/*
 * gp_print.c - disassembler: writes a gp_program back as program text of its
 * own language, one instruction a line, that gp_compile accepts and that
 * prints identically again (R15).  Any thread (reads the immutable
 * program only).
 *
 * Names: temporaries R<n>, address registers A<n>, the parameter table as
 * PARAM arrays P<k> split where relative addressing needs an array of its
 * own (so the bounds survive), branch targets L<n> (n = instruction number,
 * prologue excluded) and "main".  Every literal is a table row, so the
 * table is printed in order and rebuilt identically by the parser.
 * What the front end adds on its own (gp_ir.h: the position-invariant and
 * fog prologues, the fog epilogue, its hidden temporaries and parameter
 * rows) is left out, and writes to the hidden colour temporary print as
 * result.color: the OPTION line brings them all back when the text is
 * compiled again.
 */
#include <stdio.h>

#include "gp_priv.h"

typedef struct out {
    char *buf;
    size_t size, len;
} out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(out *o, const char *fmt, ...)
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

/* Shortest decimal that reads back as the same binary32 (infinities as
 * 1e39, which the parser rounds to inf like strtof). */
static void format_float(float f, char *buf, size_t size)
{
    if (f != f) {
        snprintf(buf, size, "0");
        return;
    }
    if (f > 3.4028235e38f || f < -3.4028235e38f) {
        snprintf(buf, size, f > 0 ? "1e39" : "-1e39");
        return;
    }
    if (f > -1e9f && f < 1e9f && f == (float)(long long)f) {
        snprintf(buf, size, "%s%lld", (f == 0 && 1 / f < 0) ? "-" : "", (long long)f);
        return;
    }
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(buf, size, "%.*g", prec, (double)f);
        if (strtof(buf, NULL) == f)
            break;
    }
    /* strtof honours the locale's decimal point; the parser wants '.' */
    for (char *c = buf; *c; c++)
        if (*c == ',')
            *c = '.';
}

static int fmt_state(const gp_state_ref *r, char *buf, size_t size)
{
    static const char *const mat[] = { "ambient", "diffuse", "specular", "emission", "shininess" };
    static const char *const light[] = { "ambient", "diffuse", "specular", "position",
                                         "attenuation", "spot.direction", "half" };
    static const char *const matrices[] = { "modelview", "projection", "mvp", "texture", "palette", "program" };
    static const char *const mods[] = { "", ".inverse", ".transpose", ".invtrans" };
    const char *face = r->face == GP_FACE_BACK ? ".back" : "";
    switch (r->kind) {
    case GP_STATE_MATERIAL:
        return snprintf(buf, size, "state.material%s.%s", face, mat[r->prop % 5]);
    case GP_STATE_LIGHT:
        return snprintf(buf, size, "state.light[%u].%s", r->index, light[r->prop % 7]);
    case GP_STATE_LIGHTMODEL_AMBIENT:
        return snprintf(buf, size, "state.lightmodel.ambient");
    case GP_STATE_LIGHTMODEL_SCENECOLOR:
        return snprintf(buf, size, "state.lightmodel%s.scenecolor", face);
    case GP_STATE_LIGHTPROD:
        return snprintf(buf, size, "state.lightprod[%u]%s.%s", r->index, face, mat[r->prop % 3]);
    case GP_STATE_TEXGEN:
        return snprintf(buf, size, "state.texgen[%u].%s.%c", r->index, r->prop >= 4 ? "object" : "eye",
                        "strq"[r->prop % 4]);
    case GP_STATE_FOG_COLOR:
        return snprintf(buf, size, "state.fog.color");
    case GP_STATE_FOG_PARAMS:
        return snprintf(buf, size, "state.fog.params");
    case GP_STATE_CLIPPLANE:
        return snprintf(buf, size, "state.clip[%u].plane", r->index);
    case GP_STATE_POINT_SIZE:
        return snprintf(buf, size, "state.point.size");
    case GP_STATE_POINT_ATTENUATION:
        return snprintf(buf, size, "state.point.attenuation");
    case GP_STATE_MATRIX_ROW: {
        char name[32];
        const char *m = matrices[r->prop % 6];
        if (r->prop == GP_MATRIX_MODELVIEW || r->prop == GP_MATRIX_TEXTURE || r->prop == GP_MATRIX_PALETTE ||
            r->prop == GP_MATRIX_PROGRAM)
            snprintf(name, sizeof(name), "%s[%u]", m, r->index);
        else
            snprintf(name, sizeof(name), "%s", m);
        return snprintf(buf, size, "state.matrix.%s%s.row[%u]", name, mods[r->modifier & 3], r->row);
    }
    case GP_STATE_TEXENV_COLOR:
        return snprintf(buf, size, "state.texenv[%u].color", r->index);
    case GP_STATE_DEPTH_RANGE:
        return snprintf(buf, size, "state.depth.range");
    default:
        return snprintf(buf, size, "state.?");
    }
}

int gp_format_binding(const gp_param_binding *b, char *buf, size_t size)
{
    switch (b->kind) {
    case GP_PARAM_ENV:
        return snprintf(buf, size, "program.env[%u]", b->index);
    case GP_PARAM_LOCAL:
        return snprintf(buf, size, "program.local[%u]", b->index);
    case GP_PARAM_STORAGELEN: /* NV_shader_storage_buffer_object */
        return snprintf(buf, size, "program.storagelen[%u]", b->index);
    case GP_PARAM_STATE:
        return fmt_state(&b->state, buf, size);
    default: {
        char v[4][32];
        for (int i = 0; i < 4; i++) {
            if (b->type == 'S')
                snprintf(v[i], sizeof(v[i]), "%d", (int)b->value[i].i);
            else if (b->type == 'U')
                snprintf(v[i], sizeof(v[i]), "%u", (unsigned)b->value[i].u);
            else
                format_float(b->value[i].f, v[i], sizeof(v[i]));
        }
        return snprintf(buf, size, "{%s, %s, %s, %s}", v[0], v[1], v[2], v[3]);
    }
    }
}

/* ---- the parameter table as PARAM arrays ---------------------------------- */

typedef struct layout {
    int *seg_of_row;   /* segment per table row */
    int *seg_base;     /* first row per segment */
    int num_segs;
} layout;

/* The rows the program text binds (the prologue's and epilogue's are not
 * printed: the parser adds them again). */
static int text_params(const gp_program *p)
{
    return p->info.num_params - p->num_synth_params;
}

static bool make_layout(const gp_program *p, layout *l)
{
    int n = text_params(p);
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

static void free_layout(layout *l)
{
    GP_FREE(l->seg_of_row);
    GP_FREE(l->seg_base);
}

/* ---- operands ------------------------------------------------------------- */

static void put_rel(out *o, int reg, int comp, int off)
{
    put(o, "A%d.%c", reg, "xyzw"[comp & 3]);
    if (off > 0)
        put(o, " + %d", off);
    else if (off < 0)
        put(o, " - %d", -off);
}

static void put_input(out *o, const gp_program *p, const gp_src *s)
{
    if (p->info.stage == GP_STAGE_VERTEX) {
        if (s->rel) {
            bool tex = s->rel_lo == GP_VIN_TEX0;
            put(o, "vertex.%s[", tex ? "texcoord" : "attrib");
            put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
            put(o, "]");
            return;
        }
        static const char *const names[] = { "position", "weight", "normal", "color", "color.secondary", "fogcoord" };
        if (s->index < 6)
            put(o, "vertex.%s", names[s->index]);
        else if (s->index >= GP_VIN_TEX0)
            put(o, "vertex.texcoord[%d]", s->index - GP_VIN_TEX0);
        else
            put(o, "vertex.attrib[%d]", s->index);
        return;
    }
    if (s->rel) {
        put(o, "fragment.texcoord[");
        put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
        put(o, "]");
        return;
    }
    switch (s->index) {
    case GP_VARY_POS: put(o, "fragment.position"); break;
    case GP_VARY_COL0: put(o, "fragment.color"); break;
    case GP_VARY_COL1: put(o, "fragment.color.secondary"); break;
    case GP_VARY_FOG: put(o, "fragment.fogcoord"); break;
    case GP_VARY_FACE: put(o, "fragment.facing"); break;
    default: put(o, "fragment.texcoord[%d]", s->index - GP_VARY_TEX0); break;
    }
}

static void put_output(out *o, const gp_program *p, const gp_dst *d)
{
    if (p->info.stage == GP_STAGE_FRAGMENT) {
        if (d->index == GP_FOUT_DEPTH)
            put(o, "result.depth");
        else if (d->index == GP_FOUT_COLOR0)
            put(o, "result.color");
        else
            put(o, "result.color[%d]", d->index - GP_FOUT_COLOR0);
        return;
    }
    if (d->rel) {
        put(o, "result.texcoord[");
        put_rel(o, d->rel_reg, d->rel_comp, d->index - d->rel_lo);
        put(o, "]");
        return;
    }
    if (d->clipdist) {
        put(o, "result.clip[%d]", (d->index - GP_VARY_CLIP0) * 4 + d->clipdist - 1);
        return;
    }
    switch (d->index) {
    case GP_VARY_POS: put(o, "result.position"); break;
    case GP_VARY_COL0: put(o, "result.color"); break;
    case GP_VARY_COL1: put(o, "result.color.secondary"); break;
    case GP_VARY_BFC0: put(o, "result.color.back"); break;
    case GP_VARY_BFC1: put(o, "result.color.back.secondary"); break;
    case GP_VARY_FOG: put(o, "result.fogcoord"); break;
    case GP_VARY_PSIZ: put(o, "result.pointsize"); break;
    default: put(o, "result.texcoord[%d]", d->index - GP_VARY_TEX0); break;
    }
}

static void put_swizzle(out *o, const uint8_t *swz)
{
    if (swz[0] == 0 && swz[1] == 1 && swz[2] == 2 && swz[3] == 3)
        return;
    if (swz[0] == swz[1] && swz[1] == swz[2] && swz[2] == swz[3])
        put(o, ".%c", "xyzw"[swz[0] & 3]);
    else
        put(o, ".%c%c%c%c", "xyzw"[swz[0] & 3], "xyzw"[swz[1] & 3], "xyzw"[swz[2] & 3], "xyzw"[swz[3] & 3]);
}

/* The SWZ terms ", x, -y, 0, 1" after the source register: the same text in
 * ARB and NV4 programs (ARB_vertex_program 2.14.5.29 <extendedSwizzle>). */
static void put_ext_swizzle(out *o, const gp_src *src)
{
    for (int i = 0; i < 4; i++) {
        uint8_t c = src->swz[i];
        put(o, ", %s", (src->negate & (1u << i)) ? "-" : "");
        if (c == GP_SWZ_ZERO)
            put(o, "0");
        else if (c == GP_SWZ_ONE)
            put(o, "1");
        else
            put(o, "%c", "xyzw"[c & 3]);
    }
}

static void put_reg(out *o, const gp_program *p, const layout *l, const gp_src *s)
{
    switch (s->file) {
    case GP_FILE_TEMP:
        put(o, "R%d", s->index);
        break;
    case GP_FILE_INPUT:
        put_input(o, p, s);
        break;
    case GP_FILE_ADDRESS:
        put(o, "A%d", s->index);
        break;
    case GP_FILE_PARAM: {
        int row = s->rel ? s->rel_lo : s->index;
        int seg = row >= 0 && row < text_params(p) ? l->seg_of_row[row] : 0;
        int base = l->num_segs ? l->seg_base[seg] : 0;
        if (s->rel) {
            put(o, "P%d[", seg);
            put_rel(o, s->rel_reg, s->rel_comp, s->index - base);
            put(o, "]");
        } else {
            put(o, "P%d[%d]", seg, s->index - base);
        }
        break;
    }
    default:
        put(o, "?");
        break;
    }
}

static void put_src(out *o, const gp_program *p, const layout *l, const gp_src *s)
{
    if (s->negate == 0xf)
        put(o, "-");
    if (s->abs)
        put(o, "|");
    put_reg(o, p, l, s);
    put_swizzle(o, s->swz);
    if (s->abs)
        put(o, "|");
}

static void put_cc(out *o, const gp_program *p, const gp_cc_test *cc)
{
    put(o, "%s", gp_cond_name(cc->cond));
    if (p->info.options & GP_OPTION_NV_VERTEX_PROGRAM3)
        put(o, "%d", cc->reg);
    put_swizzle(o, cc->swz);
}

static void put_dst(out *o, const gp_program *p, const gp_dst *d)
{
    int color_temp = p->num_epilogue ? p->num_temps - p->num_synth_temps : -1;
    if (d->file == GP_FILE_TEMP && d->index == color_temp)
        put(o, "result.color"); /* the fog epilogue's input (gp_ir.h) */
    else if (d->file == GP_FILE_TEMP)
        put(o, "R%d", d->index);
    else if (d->file == GP_FILE_ADDRESS)
        put(o, "A%d", d->index);
    else
        put_output(o, p, d);
    bool arb_addr = d->file == GP_FILE_ADDRESS &&
                    !(p->info.options & (GP_OPTION_NV_VERTEX_PROGRAM2 | GP_OPTION_NV_VERTEX_PROGRAM3));
    if (d->mask != 0xf || arb_addr) {
        put(o, ".");
        for (int i = 0; i < 4; i++)
            if (d->mask & (1u << i))
                put(o, "%c", "xyzw"[i]);
    }
    if (d->cc.cond != GP_COND_TR || d->cc.reg) {
        put(o, " (");
        put_cc(o, p, &d->cc);
        put(o, ")");
    }
}

static void put_opt_cond(out *o, const gp_program *p, const gp_cc_test *cc)
{
    if (cc->cond == GP_COND_TR && cc->reg == 0)
        return;
    put(o, " (");
    put_cc(o, p, cc);
    put(o, ")");
}

static void put_insn(out *o, const gp_program *p, const layout *l, const gp_insn *in)
{
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    if (in->op == GP_OP_END) {
        put(o, "END\n");
        return;
    }
    put(o, "%s", oi->name);
    if (in->precision)
        put(o, "%c", in->precision);
    if (in->cc_update)
        put(o, "%s", in->cc_update == 2 ? "C1" : "C");
    if (in->sat)
        put(o, "%s", in->sat == GP_SAT_11 ? "_SSAT" : "_SAT");
    switch (oi->cls) {
    case GP_CLASS_NONE:
    case GP_CLASS_ENDFLOW:
        break;
    case GP_CLASS_BRA: {
        int t = in->target - p->num_prologue;
        put(o, " L%d", t);
        put_opt_cond(o, p, &in->cond);
        break;
    }
    case GP_CLASS_FLOW:
        put_opt_cond(o, p, &in->cond);
        break;
    case GP_CLASS_IF:
        put(o, " ");
        put_cc(o, p, &in->cond);
        break;
    case GP_CLASS_KIL:
        put(o, " ");
        if (in->src[0].file == GP_FILE_NONE)
            put_cc(o, p, &in->cond);
        else
            put_src(o, p, l, &in->src[0]);
        break;
    case GP_CLASS_LOOP:
    case GP_CLASS_PUSHA:
    case GP_CLASS_SRCS:
        put(o, " ");
        put_src(o, p, l, &in->src[0]);
        break;
    case GP_CLASS_POPA:
        put(o, " ");
        put_dst(o, p, &in->dst);
        break;
    case GP_CLASS_SWZ: {
        put(o, " ");
        put_dst(o, p, &in->dst);
        put(o, ", ");
        put_reg(o, p, l, &in->src[0]);
        put_ext_swizzle(o, &in->src[0]);
        break;
    }
    default:
        put(o, " ");
        put_dst(o, p, &in->dst);
        for (int i = 0; i < oi->nsrc; i++) {
            put(o, ", ");
            put_src(o, p, l, &in->src[i]);
        }
        if (oi->flags & GP_OPF_TEX)
            put(o, ", texture[%d], %s", in->tex_unit, gp_tex_target_name(in->tex_target));
        break;
    }
    put(o, ";\n");
}

/* ---- NV_gpu_program4 -------------------------------------------------------- */

/* NV4 programs print in their own language: dotted modifiers on every
 * typed instruction, no address registers (relative indices are integer
 * temporaries), declared arrays wherever the IR indexes relatively (TEMP
 * T<first>[n], ATTRIB I<k>, OUTPUT O<k>, BUFFER X<k>; absolute buffer
 * elements through B<binding>), typed PARAM arrays for integer constants,
 * and an ATTRIB declaration per fragment input with interpolation
 * modifiers.  The RETs the lowering put before labels and END (gp_ir.h)
 * are left out and the labels they end at are printed (L<n>), so the text
 * compiles back to the same instructions. */

typedef struct nv4_range {
    int lo, hi;       /* slots / elements / temporaries */
    int vtx;          /* inputs: the vertex, -1 = per vertex (indexed) */
    bool array;       /* inputs: an array (rel over lo..hi), else one slot */
    int buf;          /* buffers: the binding point */
    int comp;         /* inputs: the clip distance component of a clip slot */
    int nbuf;         /* buffers: gp_src.nbuf (NV5 program.buffer[a..b]) */
    int lng;          /* inputs: an NV5 LONG ATTRIB (gp_src.hi != 0) */
} nv4_range;

typedef struct nv4_ctx {
    const gp_program *p;
    layout l;
    uint8_t *seg_type;     /* per parameter segment: 0 or 'S' 'U' 'F' */
    int *temp_base;        /* per temporary: first of its array, -1 none */
    int *long_hi;          /* per temporary: gp_src.hi of the LONG operands whose
                              low word it is (NV5 "64-bit storage"), -1 a
                              32-bit temporary an operand names, 0 none */
    nv4_range *in, *outs, *bufs;
    int nin, nout, nbuf;
    nv4_range *subs;       /* NV5 SUBROUTINE variables CALI names: element
                              rows lo..hi, array = needs a member */
    int nsub;
    /* the byte ranges memory instructions name (comp = the file:
     * GP_FILE_BUFFER for LDC's CBUFFER, STORAGE, SHARED; printed as
     * M<k>) and the IMAGE arrays indexed at run time (G<k>) */
    nv4_range *mems, *imgs;
    int nmem, nimg;
    int buf_lo[GP_MAX_PARAM_BUFFERS], buf_hi[GP_MAX_PARAM_BUFFERS]; /* absolute elements */
    const gp_insn *insn;   /* the instruction being printed (the type of its
                              NV5 64-bit literals) */
} nv4_ctx;

static bool is_nv4(const gp_program *p)
{
    gp_lang l = p->info.lang;
    return l == GP_LANG_NVVP40 || l == GP_LANG_NVFP40 || l == GP_LANG_NVGP40 ||
           l == GP_LANG_NVVP50 || l == GP_LANG_NVFP50 || l == GP_LANG_NVGP50 ||
           l == GP_LANG_NVCP50; /* parsed as NV4 */
}

static int first_comp(const uint8_t *swz)
{
    for (int i = 0; i < 4; i++)
        if (swz[i] <= GP_SWZ_W)
            return swz[i];
    return 0;
}

/* The lowering's subroutine-end RETs have the position of what follows. */
static bool synthetic_ret(const gp_program *p, int i)
{
    return p->insns[i].op == GP_OP_RET && i + 1 < p->num_insns && p->insns[i].pos == p->insns[i + 1].pos &&
           i >= p->num_prologue;
}

static int find_range(nv4_range *r, int n, const nv4_range *k)
{
    for (int i = 0; i < n; i++)
        if (r[i].lo == k->lo && r[i].hi == k->hi && r[i].vtx == k->vtx && r[i].array == k->array &&
            r[i].buf == k->buf && r[i].comp == k->comp && r[i].nbuf == k->nbuf && r[i].lng == k->lng)
            return i;
    return -1;
}

/* The ATTRIB an indexed input operand needs: its slot range, vertex (-1:
 * indexed too), clip component. */
static nv4_range input_key(const gp_src *s)
{
    nv4_range k = { s->rel ? s->rel_lo : s->index, s->rel ? s->rel_hi : s->index, s->vtx_rel ? -1 : s->vtx,
                    s->rel != 0, 0, 0, 0, 0 };
    if (!s->rel && (s->index == GP_VARY_CLIP0 || s->index == GP_VARY_CLIP1))
        k.comp = first_comp(s->swz);
    k.lng = s->hi != 0;
    return k;
}

/* Collects the arrays the text must declare.  Returns false when out of
 * memory. */
static bool nv4_collect(nv4_ctx *c)
{
    const gp_program *p = c->p;
    int nt = p->num_temps > 0 ? p->num_temps : 1;
    size_t cap = (size_t)p->num_insns * 3 + 1;
    c->temp_base = GP_MALLOC(sizeof(int) * (size_t)nt);
    c->long_hi = GP_MALLOC(sizeof(int) * (size_t)nt);
    c->in = GP_MALLOC(sizeof(nv4_range) * cap);
    c->outs = GP_MALLOC(sizeof(nv4_range) * cap);
    c->bufs = GP_MALLOC(sizeof(nv4_range) * cap);
    c->subs = GP_MALLOC(sizeof(nv4_range) * cap);
    c->mems = GP_MALLOC(sizeof(nv4_range) * cap);
    c->imgs = GP_MALLOC(sizeof(nv4_range) * cap);
    if (!c->temp_base || !c->long_hi || !c->in || !c->outs || !c->bufs || !c->subs || !c->mems || !c->imgs)
        return false;
    for (int i = 0; i < nt; i++) {
        c->temp_base[i] = -1;
        c->long_hi[i] = 0;
    }
    for (int b = 0; b < GP_MAX_PARAM_BUFFERS; b++)
        c->buf_lo[b] = INT32_MAX, c->buf_hi[b] = -1;
    for (int i = p->num_prologue; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        /* rows named by operands: LONG low words (their hi), or -1 for
         * 32-bit temporaries */
        if (in->dst.file == GP_FILE_TEMP)
            for (int t = in->dst.rel ? in->dst.rel_lo : in->dst.index;
                 t >= 0 && t <= (in->dst.rel ? in->dst.rel_hi : in->dst.index) && t < nt; t++)
                c->long_hi[t] = in->dst.hi ? in->dst.hi : -1;
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &in->src[s];
            if (src->file == GP_FILE_TEMP)
                for (int t = src->rel ? src->rel_lo : src->index;
                     t >= 0 && t <= (src->rel ? src->rel_hi : src->index) && t < nt; t++)
                    c->long_hi[t] = src->hi ? src->hi : -1;
            if ((src->file == GP_FILE_TEMP || src->rel_file == GP_FILE_TEMP) && src->rel && src->rel_reg < nt &&
                c->long_hi[src->rel_reg] == 0)
                c->long_hi[src->rel_reg] = -1;
        }
        /* NV_bindless_texture handle(<operand>) of TEX and the image
         * instructions: a LONG handle variable stays LONG */
        if ((in->tex_flags & GP_TEXF_HANDLE) && in->tex_handle.file == GP_FILE_TEMP && in->tex_handle.index >= 0 &&
            in->tex_handle.index < nt && !in->tex_handle.rel)
            c->long_hi[in->tex_handle.index] = in->tex_handle.hi ? in->tex_handle.hi : -1;
        if (in->dst.rel && in->dst.rel_reg < nt && c->long_hi[in->dst.rel_reg] == 0)
            c->long_hi[in->dst.rel_reg] = -1;
        if (in->dst.file == GP_FILE_TEMP && in->dst.rel)
            for (int t = in->dst.rel_lo; t <= in->dst.rel_hi && t < nt; t++)
                c->temp_base[t] = in->dst.rel_lo;
        if (in->op == GP_OP_CALI && p->sub_elem_param) {
            /* a constant member names one element (gp_parse.c
             * nv4_rel_src): such variables print as scalars */
            const gp_src *s0 = &in->src[0];
            int k = 0;
            while (k < c->nsub && (c->subs[k].lo != s0->rel_lo || c->subs[k].hi != s0->rel_hi))
                k++;
            if (k == c->nsub)
                c->subs[c->nsub++] = (nv4_range){ s0->rel_lo, s0->rel_hi, 0, false, 0, 0, 0, 0 };
            if (s0->rel || s0->rel_hi > s0->rel_lo)
                c->subs[k].array = true;
        }
        if ((gp_opinfo_table[in->op].flags & (GP_OPF_MEMORY | GP_OPF_TEX)) && (in->tex_flags & GP_TEXF_INDEXED)) {
            /* an IMAGE array; NV5: a TEXTURE array (comp = 1) */
            nv4_range k = { in->tex_base, in->tex_base + in->tex_count - 1, 0, true, 0,
                            (gp_opinfo_table[in->op].flags & GP_OPF_TEX) ? 1 : 0, 0, 0 };
            if (find_range(c->imgs, c->nimg, &k) < 0)
                c->imgs[c->nimg++] = k;
        }
        if (in->dst.file == GP_FILE_OUTPUT && in->dst.rel) {
            nv4_range k = { in->dst.rel_lo, in->dst.rel_hi, 0, true, 0, 0, 0, 0 };
            if (find_range(c->outs, c->nout, &k) < 0)
                c->outs[c->nout++] = k;
        }
        for (int s = 0; s < 3; s++) {
            const gp_src *src = &in->src[s];
            if (src->file == GP_FILE_TEMP && src->rel)
                for (int t = src->rel_lo; t <= src->rel_hi && t < nt; t++)
                    c->temp_base[t] = src->rel_lo;
            if (src->file == GP_FILE_INPUT && (src->rel || src->vtx_rel || src->hi)) {
                nv4_range k = input_key(src);
                if (find_range(c->in, c->nin, &k) < 0)
                    c->in[c->nin++] = k;
            }
            if ((gp_opinfo_table[in->op].flags & GP_OPF_MEMORY) &&
                (src->file == GP_FILE_BUFFER || src->file == GP_FILE_STORAGE || src->file == GP_FILE_SHARED)) {
                /* CBUFFER / STORAGE / SHARED variables, one per
                 * byte range (a constant offset is the range i..i) */
                nv4_range k = { src->rel_lo, src->rel_hi, 0, true, src->buf, src->file, src->nbuf, 0 };
                if (find_range(c->mems, c->nmem, &k) < 0)
                    c->mems[c->nmem++] = k;
                continue;
            }
            if (src->file == GP_FILE_BUFFER) {
                int b = src->buf % GP_MAX_PARAM_BUFFERS;
                if (src->rel || src->nbuf) {
                    /* NV5 program.buffer[a..b]: one variable per element
                     * range (a constant element is the range i..i) */
                    nv4_range k = { src->rel_lo, src->rel_hi, 0, true, b, 0, src->nbuf, 0 };
                    if (find_range(c->bufs, c->nbuf, &k) < 0)
                        c->bufs[c->nbuf++] = k;
                } else {
                    if (src->index < c->buf_lo[b])
                        c->buf_lo[b] = src->index;
                    if (src->index > c->buf_hi[b])
                        c->buf_hi[b] = src->index;
                }
            }
        }
    }
    return true;
}

static void nv4_free(nv4_ctx *c)
{
    GP_FREE(c->temp_base);
    GP_FREE(c->long_hi);
    GP_FREE(c->in);
    GP_FREE(c->outs);
    GP_FREE(c->bufs);
    GP_FREE(c->subs);
    GP_FREE(c->mems);
    GP_FREE(c->imgs);
    GP_FREE(c->seg_type);
}

static void nv4_put_rel(out *o, int reg, int comp, int off)
{
    put(o, "R%d.%c", reg, "xyzw"[comp & 3]);
    if (off > 0)
        put(o, " + %d", off);
}

/* A temporary: R<n>, or T<first>[i] inside an indexed array. */
static void nv4_put_temp(out *o, const nv4_ctx *c, int index)
{
    int nt = c->p->num_temps;
    int base = index >= 0 && index < nt ? c->temp_base[index] : -1;
    if (base >= 0)
        put(o, "T%d[%d]", base, index - base);
    else
        put(o, "R%d", index);
}

static const char *nv4_vert_prefix(int vtx, char *buf, size_t size)
{
    if (vtx < 0)
        snprintf(buf, size, "vertex");
    else
        snprintf(buf, size, "vertex[%d]", vtx);
    return buf;
}

/* The binding of input slot (slot, count) of vertex vtx (geometry; -1:
 * "vertex." without a number).  swz0: the first selected component, for
 * clip distances. */
static void nv4_put_input_binding(out *o, const gp_program *p, int slot, int count, int vtx, int swz0)
{
    gp_stage st = p->info.stage;
    char range[32] = "";
    if (slot >= GP_IN_THREAD && slot < GP_IN_THREAD + 3) { /* NV_shader_thread_group (gp_ir.h) */
        static const char *const names[3][4] = { { "threadid", "warpid", "smid", "helperthread" },
                                                 { "threadeqmask", "threadltmask", "threadlemask", "threadgtmask" },
                                                 { "threadgemask", "threadgemask", "threadgemask", "threadgemask" } };
        put(o, "%s.%s", st == GP_STAGE_VERTEX ? "vertex" : st == GP_STAGE_GEOMETRY ? "primitive"
                        : st == GP_STAGE_COMPUTE ? "invocation" : "fragment",
            names[slot - GP_IN_THREAD][swz0 & 3]);
        return;
    }
    if (st == GP_STAGE_COMPUTE) { /* NV_compute_program5 Table X.1 (glprog.h GP_CIN_*) */
        static const char *const cin[GP_CIN_COUNT] = { "localid", "globalid", "groupid", "groupcount", "groupsize",
                                                       "localindex" };
        put(o, "invocation.%s", slot >= 0 && slot < GP_CIN_COUNT ? cin[slot] : "?");
        return;
    }
    if (st == GP_STAGE_VERTEX) {
        if (slot == GP_VIN_VERTEXID)
            put(o, "vertex.id");
        else if (slot == GP_VIN_INSTANCEID)
            put(o, "vertex.instance");
        else if (count > 1)
            put(o, "vertex.attrib[%d..%d]", slot, slot + count - 1);
        else
            put(o, "vertex.attrib[%d]", slot); /* the generic names alias every conventional one */
        return;
    }
    if (slot == GP_VARY_PRIMID) {
        put(o, "primitive.id");
        return;
    }
    if (slot == GP_VARY_SAMPLE && st == GP_STAGE_FRAGMENT) {
        put(o, (swz0 & 3) == 1 ? "fragment.samplemask" : "fragment.sampleid");
        return;
    }
    if (slot == GP_VARY_PNTC && st == GP_STAGE_FRAGMENT) {
        put(o, "fragment.pointcoord");
        return;
    }
    if (slot == GP_VARY_PRIMINFO && st == GP_STAGE_GEOMETRY) {
        /* NV5: x invocation, y vertexcount, z the tessellation bindings (0) */
        put(o, (swz0 & 3) == 0 ? "primitive.invocation" : (swz0 & 3) == 1 ? "primitive.vertexcount"
                                                                             : "primitive.tessouter[0]");
        return;
    }
    char pre[32];
    const char *prefix = st == GP_STAGE_FRAGMENT ? "fragment" : nv4_vert_prefix(vtx, pre, sizeof(pre));
    if (slot >= GP_VARY_TEX0 && slot < GP_VARY_TEX0 + 8) {
        if (count > 1)
            snprintf(range, sizeof(range), "[%d..%d]", slot - GP_VARY_TEX0, slot - GP_VARY_TEX0 + count - 1);
        else
            snprintf(range, sizeof(range), "[%d]", slot - GP_VARY_TEX0);
        put(o, "%s.texcoord%s", prefix, range);
        return;
    }
    if (slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32) {
        if (count > 1)
            snprintf(range, sizeof(range), "[%d..%d]", slot - GP_VARY_ATTR0, slot - GP_VARY_ATTR0 + count - 1);
        else
            snprintf(range, sizeof(range), "[%d]", slot - GP_VARY_ATTR0);
        put(o, "%s.attrib%s", prefix, range);
        return;
    }
    if (slot == GP_VARY_CLIP0 || slot == GP_VARY_CLIP1) {
        put(o, "%s.clip[%d]", prefix, (slot - GP_VARY_CLIP0) * 4 + (swz0 & 3));
        return;
    }
    static const char *const names[] = { [GP_VARY_POS] = "position", [GP_VARY_COL0] = "color",
                                         [GP_VARY_COL1] = "color.secondary", [GP_VARY_BFC0] = "color.back",
                                         [GP_VARY_BFC1] = "color.back.secondary", [GP_VARY_FOG] = "fogcoord",
                                         [GP_VARY_PSIZ] = "pointsize" };
    if (slot >= 0 && slot <= GP_VARY_PSIZ)
        put(o, "%s.%s", prefix, names[slot]);
    else if (slot == GP_VARY_FACE)
        put(o, "%s.facing", prefix);
    else if (slot == GP_VARY_ID)
        put(o, "%s.id", prefix);
    else
        put(o, "%s.?", prefix);
}

static void nv4_put_output_binding(out *o, const gp_program *p, int slot, int count, int clipdist)
{
    if (p->info.stage == GP_STAGE_FRAGMENT) {
        if (slot == GP_FOUT_SAMPLEMASK)
            put(o, "result.samplemask");
        else if (slot == GP_FOUT_DEPTH)
            put(o, "result.depth");
        else if (slot == GP_FOUT_COLOR0)
            put(o, "result.color");
        else if (slot == GP_FOUT_SECONDARY0)
            put(o, "result.color.secondary");
        else if (slot > GP_FOUT_SECONDARY0)
            put(o, "result.color[%d].secondary", slot - GP_FOUT_SECONDARY0);
        else
            put(o, "result.color[%d]", slot - GP_FOUT_COLOR0);
        return;
    }
    if (clipdist) {
        put(o, "result.clip[%d]", (slot - GP_VARY_CLIP0) * 4 + clipdist - 1);
        return;
    }
    char range[32];
    int base = slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32 ? GP_VARY_ATTR0 : GP_VARY_TEX0;
    if (count > 1)
        snprintf(range, sizeof(range), "[%d..%d]", slot - base, slot - base + count - 1);
    else
        snprintf(range, sizeof(range), "[%d]", slot - base);
    if (slot >= GP_VARY_TEX0 && slot < GP_VARY_TEX0 + 8) {
        put(o, "result.texcoord%s", range);
        return;
    }
    if (slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32) {
        put(o, "result.attrib%s", range);
        return;
    }
    switch (slot) {
    case GP_VARY_POS: put(o, "result.position"); break;
    case GP_VARY_COL0: put(o, "result.color"); break;
    case GP_VARY_COL1: put(o, "result.color.secondary"); break;
    case GP_VARY_BFC0: put(o, "result.color.back"); break;
    case GP_VARY_BFC1: put(o, "result.color.back.secondary"); break;
    case GP_VARY_FOG: put(o, "result.fogcoord"); break;
    case GP_VARY_PSIZ: put(o, "result.pointsize"); break;
    case GP_VARY_ID: put(o, "result.id"); break;
    case GP_VARY_PRIMID: put(o, "result.primid"); break;
    case GP_VARY_LAYER: put(o, "result.layer"); break;
    default: put(o, "result.?"); break;
    }
}

/* The parameter segment row r is in, and its declared type. */
static int nv4_seg(const nv4_ctx *c, int row)
{
    return row >= 0 && row < text_params(c->p) ? c->l.seg_of_row[row] : 0;
}

static void nv4_put_reg(out *o, const nv4_ctx *c, const gp_src *s)
{
    const gp_program *p = c->p;
    switch (s->file) {
    case GP_FILE_TEMP:
        if (s->rel) {
            put(o, "T%d[", s->rel_lo);
            nv4_put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
            put(o, "]");
        } else {
            nv4_put_temp(o, c, s->index);
        }
        break;
    case GP_FILE_INPUT: {
        if (!s->rel && !s->vtx_rel && !s->hi) { /* LONG ATTRIB: a variable I<n> */
            nv4_put_input_binding(o, p, s->index, 1, s->vtx, first_comp(s->swz));
            break;
        }
        nv4_range k = input_key(s);
        put(o, "I%d", find_range(c->in, c->nin, &k));
        if (s->vtx_rel) {
            put(o, "[");
            nv4_put_rel(o, s->vtx_rel_reg, s->vtx_rel_comp, s->vtx);
            put(o, "]");
        }
        if (s->rel) {
            put(o, "[");
            nv4_put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
            put(o, "]");
        }
        break;
    }
    case GP_FILE_PARAM: {
        int row = s->rel ? s->rel_lo : s->index;
        int seg = nv4_seg(c, row);
        int base = c->l.num_segs ? c->l.seg_base[seg] : 0;
        if (s->rel) {
            put(o, "P%d[", seg);
            nv4_put_rel(o, s->rel_reg, s->rel_comp, s->index - base);
            put(o, "]");
        } else {
            put(o, "P%d[%d]", seg, s->index - base);
        }
        break;
    }
    case GP_FILE_BUFFER:
        if (s->rel || s->nbuf) {
            nv4_range k = { s->rel_lo, s->rel_hi, 0, true, s->buf % GP_MAX_PARAM_BUFFERS, 0, s->nbuf, 0 };
            put(o, "X%d[", find_range(c->bufs, c->nbuf, &k));
            if (s->nbuf) { /* the binding index, then the element */
                if (s->vtx_rel)
                    nv4_put_rel(o, s->vtx_rel_reg, s->vtx_rel_comp, s->vtx);
                else
                    put(o, "%d", s->vtx);
                put(o, "][");
            }
            if (s->rel)
                nv4_put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
            else
                put(o, "%d", s->index - s->rel_lo);
            put(o, "]");
        } else {
            int b = s->buf % GP_MAX_PARAM_BUFFERS;
            put(o, "B%d[%d]", b, s->index - c->buf_lo[b]);
        }
        break;
    default:
        put(o, "?");
        break;
    }
}

/* An NV5 64-bit literal (gp_ir.h "64-bit storage", Constants: rows
 * s->index and s->index + 1 hold the low and high words), exactly, as the
 * operand type of c->insn reads it: F64 with 17 significant digits, S64 in
 * decimal, U64 in hex. */
static void nv4_put_lit64(out *o, const nv4_ctx *c, const gp_src *s)
{
    const gp_program *p = c->p;
    const gp_insn *in = c->insn;
    int t = GP_TYPE_U64;
    if (in && s >= in->src && s < in->src + 3) {
        int k = gp_io_kind(gp_opinfo_table[in->op].io, (int)(s - in->src) + 1);
        t = in->op == GP_OP_CVT ? gp_cvt_gptype(in->cvt_src)
            : k == GP_KIND_F ? GP_TYPE_F64 : k == GP_KIND_S ? GP_TYPE_S64 : k == GP_KIND_U ? GP_TYPE_U64 : in->type;
    }
    put(o, "{");
    for (int i = 0; i < 4; i++) {
        uint64_t v = (uint64_t)p->params[s->index].value[i].u | (uint64_t)p->params[s->index + 1].value[i].u << 32;
        if (i)
            put(o, ", ");
        if (t == GP_TYPE_F64 && ((v >> 52) & 0x7ff) == 0x7ff) {
            put(o, "%s1e999", v >> 63 ? "-" : ""); /* infinity (strtod overflows back to it) */
        } else if (t == GP_TYPE_F64) {
            double d;
            memcpy(&d, &v, sizeof(d));
            put(o, "%.17g", d);
        } else if (t == GP_TYPE_S64) {
            put(o, "%lld", (long long)(int64_t)v);
        } else {
            put(o, "0x%llx", (unsigned long long)v);
        }
    }
    put(o, "}");
}

static void nv4_put_src(out *o, const nv4_ctx *c, const gp_src *s)
{
    if (s->negate == 0xf)
        put(o, "-");
    if (s->abs)
        put(o, "|");
    if (s->hi && s->file == GP_FILE_PARAM && !s->rel && s->index >= 0 && s->index + 1 < text_params(c->p))
        nv4_put_lit64(o, c, s);
    else
        nv4_put_reg(o, c, s);
    put_swizzle(o, s->swz);
    if (s->abs)
        put(o, "|");
}

static void nv4_put_cc(out *o, const gp_cc_test *cc)
{
    put(o, "%s%s", gp_cond_name(cc->cond), cc->reg ? "1" : "");
    put_swizzle(o, cc->swz);
}

static void nv4_put_dst(out *o, const nv4_ctx *c, const gp_dst *d)
{
    const gp_program *p = c->p;
    int color_temp = p->num_epilogue ? p->num_temps - p->num_synth_temps : -1;
    if (d->file == GP_FILE_TEMP && d->index == color_temp) {
        put(o, "result.color"); /* the fog epilogue's input (gp_ir.h) */
    } else if (d->file == GP_FILE_TEMP) {
        if (d->rel) {
            put(o, "T%d[", d->rel_lo);
            nv4_put_rel(o, d->rel_reg, d->rel_comp, d->index - d->rel_lo);
            put(o, "]");
        } else {
            nv4_put_temp(o, c, d->index);
        }
    } else if (d->rel) {
        nv4_range k = { d->rel_lo, d->rel_hi, 0, true, 0, 0, 0, 0 };
        put(o, "O%d[", find_range(c->outs, c->nout, &k));
        nv4_put_rel(o, d->rel_reg, d->rel_comp, d->index - d->rel_lo);
        put(o, "]");
    } else {
        nv4_put_output_binding(o, p, d->index, 1, d->clipdist);
    }
    if (d->mask != 0xf) {
        put(o, ".");
        for (int i = 0; i < 4; i++)
            if (d->mask & (1u << i))
                put(o, "%c", "xyzw"[i]);
    }
    if (d->cc.cond != GP_COND_TR || d->cc.reg) {
        put(o, " (");
        nv4_put_cc(o, &d->cc);
        put(o, ")");
    }
}

static char nv4_type_letter(int t)
{
    return t == GP_TYPE_S32 || t == GP_TYPE_S64 ? 'S' : t == GP_TYPE_U32 || t == GP_TYPE_U64 ? 'U' : 'F';
}

/* Does an operand read a typed PARAM array with another type (the
 * instruction then needs .NTC to compile again)? */
static bool nv4_needs_ntc(const nv4_ctx *c, const gp_insn *in)
{
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    for (int s = 0; s < oi->nsrc; s++) {
        const gp_src *src = &in->src[s];
        if (src->file != GP_FILE_PARAM || src->hi) /* NV5 64-bit literals print as literals */
            continue;
        uint8_t t = c->seg_type[nv4_seg(c, src->rel ? src->rel_lo : src->index)];
        if (!t)
            continue;
        int k = gp_io_kind(oi->io, s + 1);
        char want = k == GP_KIND_F ? 'F' : k == GP_KIND_S ? 'S' : k == GP_KIND_U ? 'U' : nv4_type_letter(in->type);
        if (in->op == GP_OP_CVT) { /* the operand's storage type */
            int ct = gp_cvt_gptype(in->cvt_src);
            want = ct == GP_TYPE_S32 || ct == GP_TYPE_S64 ? 'S' : ct == GP_TYPE_U32 || ct == GP_TYPE_U64 ? 'U' : 'F';
        }
        if (t != want)
            return true;
    }
    return false;
}

/* ---- memory instructions (gp_ir.h "NV_gpu_program5 memory
 * instructions"): modifiers, then operands in the order of the grammar. */
static const char *const mem_atom_words[GP_ATOM_COUNT] = { "ADD", "MIN", "MAX", "IWRAP", "DWRAP",
                                                           "AND", "OR",  "XOR", "EXCH",  "CSWAP" };

static void nv4_put_mem_mods(out *o, const gp_insn *in)
{
    int op = in->op;
    if (gp_opinfo_table[op].flags & GP_OPF_ATOMIC)
        put(o, ".%s", in->mem_atom < GP_ATOM_COUNT ? mem_atom_words[in->mem_atom] : "?");
    if (in->mem_count)
        put(o, in->mem_count > 1 ? ".%sX%d" : ".%s", gp_cvt_type_name(in->mem_elem), in->mem_count);
    else if (op == GP_OP_STOREIM)
        put(o, ".%c", nv4_type_letter(in->type)); /* formatted */
    if (in->mem_flags & GP_MEMF_COH)
        put(o, ".COH");
    if (in->mem_flags & GP_MEMF_VOL)
        put(o, ".VOL");
    if (in->mem_flags & GP_MEMF_CTA)
        put(o, ".CTA");
}

/* A CBUFFER / STORAGE / SHARED operand: M<k>[binding][offset]. */
static void nv4_put_mem_var(out *o, const nv4_ctx *c, const gp_src *s)
{
    nv4_range k = { s->rel_lo, s->rel_hi, 0, true, s->buf, s->file, s->nbuf, 0 };
    put(o, "M%d", find_range(c->mems, c->nmem, &k));
    if (s->nbuf) {
        put(o, "[");
        if (s->vtx_rel)
            nv4_put_rel(o, s->vtx_rel_reg, s->vtx_rel_comp, s->vtx);
        else
            put(o, "%d", s->vtx);
        put(o, "]");
    }
    put(o, "[");
    if (s->rel)
        nv4_put_rel(o, s->rel_reg, s->rel_comp, s->index - s->rel_lo);
    else
        put(o, "%d", s->index - s->rel_lo);
    put(o, "]");
}

static void nv4_put_image(out *o, const nv4_ctx *c, const gp_insn *in)
{
    if (in->tex_flags & GP_TEXF_HANDLE) {
        put(o, "handle(");
        nv4_put_src(o, c, &in->tex_handle);
        put(o, ")");
    } else if (in->tex_flags & GP_TEXF_INDEXED) {
        nv4_range k = { in->tex_base, in->tex_base + in->tex_count - 1, 0, true, 0, 0, 0, 0 };
        put(o, "G%d[", find_range(c->imgs, c->nimg, &k));
        nv4_put_rel(o, in->tex_rel_reg, in->tex_rel_comp, in->tex_unit - in->tex_base);
        put(o, "]");
    } else {
        put(o, "image[%d]", in->tex_unit);
    }
}

static void nv4_put_mem_operands(out *o, const nv4_ctx *c, const gp_insn *in)
{
    int op = in->op;
    if (op == GP_OP_MEMBAR || op == GP_OP_BAR)
        return;
    put(o, " ");
    if (op == GP_OP_STOREIM) {
        nv4_put_image(o, c, in);
        put(o, ", ");
    }
    if (in->dst.file != GP_FILE_NONE) {
        nv4_put_dst(o, c, &in->dst);
        put(o, ", ");
    }
    const gp_src *s0 = &in->src[0], *s1 = &in->src[1];
    switch (op) {
    case GP_OP_LDC:
        if (s0->negate == 0xf)
            put(o, "-");
        if (s0->abs)
            put(o, "|");
        nv4_put_mem_var(o, c, s0);
        put_swizzle(o, s0->swz);
        if (s0->abs)
            put(o, "|");
        break;
    case GP_OP_LDB:
    case GP_OP_LDS:
        nv4_put_mem_var(o, c, s0);
        break;
    case GP_OP_STB:
    case GP_OP_STS:
    case GP_OP_ATOMB:
    case GP_OP_ATOMS:
        nv4_put_src(o, c, s0);
        put(o, ", ");
        nv4_put_mem_var(o, c, s1);
        break;
    case GP_OP_LOADIM:
        nv4_put_src(o, c, s0);
        put(o, ", ");
        nv4_put_image(o, c, in);
        put(o, ", %s", gp_tex_target_name(in->tex_target));
        break;
    case GP_OP_STOREIM:
        nv4_put_src(o, c, s0);
        put(o, ", ");
        nv4_put_src(o, c, s1);
        put(o, ", %s", gp_tex_target_name(in->tex_target));
        break;
    case GP_OP_ATOMIM:
        nv4_put_src(o, c, s0);
        put(o, ", ");
        nv4_put_src(o, c, s1);
        put(o, ", ");
        nv4_put_image(o, c, in);
        put(o, ", %s", gp_tex_target_name(in->tex_target));
        break;
    default: /* LOAD; STORE ATOM */
        nv4_put_src(o, c, s0);
        if (op != GP_OP_LOAD) {
            put(o, ", ");
            nv4_put_src(o, c, s1);
        }
        break;
    }
}

static void nv4_put_insn(out *o, const nv4_ctx *c, const gp_insn *in)
{
    const gp_program *p = c->p;
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    if (in->op == GP_OP_END) {
        put(o, "END\n");
        return;
    }
    put(o, "%s", oi->name);
    if (in->precision)
        put(o, "%c", in->precision); /* R / H: the F type */
    static const char *const opmods[] = { "", ".S24", ".U24", ".HI" };
    if (in->opmod == GP_OPMOD_S24 || in->opmod == GP_OPMOD_U24)
        put(o, "%s", opmods[in->opmod]);
    else if (oi->types && !in->precision)
        put(o, in->type >= GP_TYPE_F64 ? ".%c64" : ".%c", nv4_type_letter(in->type)); /* NV5 .F64 .S64 .U64 */
    if (in->opmod == GP_OPMOD_HI)
        put(o, ".HI");
    if (in->op == GP_OP_CVT) { /* NV_gpu_program5 CVT.<result>.<operand>[.rounding] */
        put(o, ".%s.%s", gp_cvt_type_name(in->cvt_dst), gp_cvt_type_name(in->cvt_src));
        if (in->cvt_rnd != GP_RND_ROUND)
            put(o, ".%s", gp_cvt_rnd_name(in->cvt_rnd));
    }
    if (oi->flags & GP_OPF_MEMORY)
        nv4_put_mem_mods(o, in);
    if (in->cc_update)
        put(o, "%s", in->cc_update == 2 ? ".CC1" : ".CC");
    if (in->sat)
        put(o, "%s", in->sat == GP_SAT_11 ? ".SSAT" : ".SAT");
    if (nv4_needs_ntc(c, in))
        put(o, ".NTC");
    if (oi->flags & GP_OPF_MEMORY) {
        nv4_put_mem_operands(o, c, in);
        put(o, ";\n");
        return;
    }
    switch (oi->cls) {
    case GP_CLASS_NONE:
    case GP_CLASS_ENDFLOW:
        break;
    case GP_CLASS_BRA:
        if (in->op == GP_OP_CALI) { /* V<k>[member] (print_nv4's SUBROUTINE declarations) */
            const gp_src *s0 = &in->src[0];
            int k = 0;
            while (k < c->nsub && (c->subs[k].lo != s0->rel_lo || c->subs[k].hi != s0->rel_hi))
                k++;
            put(o, " V%d", k);
            if (k < c->nsub && c->subs[k].array) {
                put(o, "[");
                if (s0->rel)
                    nv4_put_rel(o, s0->rel_reg, s0->rel_comp, s0->index - s0->rel_lo);
                else
                    put(o, "%d", s0->index - s0->rel_lo);
                put(o, "]");
            }
        } else {
            put(o, " L%d", in->target - p->num_prologue);
        }
        if (in->cond.cond != GP_COND_TR || in->cond.reg) {
            put(o, " (");
            nv4_put_cc(o, &in->cond);
            put(o, ")");
        }
        break;
    case GP_CLASS_FLOW:
        if (in->cond.cond != GP_COND_TR || in->cond.reg) {
            put(o, " (");
            nv4_put_cc(o, &in->cond);
            put(o, ")");
        }
        break;
    case GP_CLASS_IF:
        put(o, " ");
        nv4_put_cc(o, &in->cond);
        break;
    case GP_CLASS_KIL:
        put(o, " ");
        if (in->src[0].file == GP_FILE_NONE)
            nv4_put_cc(o, &in->cond);
        else
            nv4_put_src(o, c, &in->src[0]);
        break;
    case GP_CLASS_LOOP:
    case GP_CLASS_SRCS:
        if (in->src[0].file != GP_FILE_NONE) {
            put(o, " ");
            nv4_put_src(o, c, &in->src[0]);
        }
        break;
    case GP_CLASS_SWZ: {
        put(o, " ");
        nv4_put_dst(o, c, &in->dst);
        put(o, ", ");
        nv4_put_reg(o, c, &in->src[0]);
        put_ext_swizzle(o, &in->src[0]);
        break;
    }
    default:
        put(o, " ");
        nv4_put_dst(o, c, &in->dst);
        for (int i = 0; i < oi->nsrc; i++) {
            put(o, ", ");
            nv4_put_src(o, c, &in->src[i]);
        }
        if (oi->flags & GP_OPF_TEX) {
            const char *tn = gp_tex_target_name(in->tex_target);
            if (in->tex_target == GP_TEX_2DMS && (p->info.options & GP_OPTION_NV_EXPLICIT_MULTISAMPLE) &&
                !(p->info.options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
                tn = "RENDERBUFFER";
            if (in->tex_flags & GP_TEXF_EXTRA) {
                put(o, ", ");
                nv4_put_src(o, c, &in->src[1]);
            }
            /* NV5: an indexed TEXTURE array prints as a TEXTURE variable
             * G<k> declared over its unit range (print_nv4) */
            if (in->tex_flags & GP_TEXF_HANDLE) {
                put(o, ", handle("); /* NV_bindless_texture */
                nv4_put_src(o, c, &in->tex_handle);
                put(o, ")");
            } else if (in->tex_flags & GP_TEXF_INDEXED) {
                nv4_range k = { in->tex_base, in->tex_base + in->tex_count - 1, 0, true, 0, 1, 0, 0 };
                put(o, ", G%d[", find_range(c->imgs, c->nimg, &k));
                nv4_put_rel(o, in->tex_rel_reg, in->tex_rel_comp, in->tex_unit - in->tex_base);
                put(o, "]");
            } else
                put(o, ", texture[%d]", in->tex_unit);
            if (in->tex_comp)
                put(o, ".%c", "xyzw"[in->tex_comp & 3]);
            put(o, ", %s", tn);
            const int8_t *off = in->tex_offset;
            if (off[0] || off[1] || off[2])
                put(o, ", (%d, %d, %d)", off[0], off[1], off[2]);
            if (in->tex_flags & GP_TEXF_OFFSET_REG) {
                put(o, ", offset(");
                nv4_put_src(o, c, &in->src[2]);
                put(o, ")");
            }
        }
        break;
    }
    put(o, ";\n");
}

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
                     ((info->inputs_noperspective & bit) ? 4 : 0) | ((info->inputs_sample & bit & ~(1ull << GP_VARY_SAMPLE)) ? 8 : 0));
}

/* NV5 subroutines (gp_ir.h gp_program.sub_*): the labels of the
 * SUBROUTINETYPEs are S<num>, printed as "S<num> SUBROUTINENUM(<num>):"
 * where their subroutines start; type t is Y<t> (declared in id order, so
 * that the ids come back); the variables CALI names are V<k> (in order of
 * first use: elements rel_lo..rel_hi of the CALI operand), and every other
 * bound program.subroutine[i] keeps its type through a W<i>. */
static void print_nv5_subroutines(out *o, const nv4_ctx *c)
{
    const gp_program *p = c->p;
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
        put(o, "SUBROUTINETYPE Y%d {", t);
        int n = 0;
        for (int e = 0; e < p->num_sub_entries; e++)
            if (p->sub_entries[e][0] == t)
                put(o, "%s S%d", n++ ? "," : "", p->sub_entries[e][1]);
        put(o, " };\n");
    }
    for (int k = 0; k < c->nsub; k++) {
        const nv4_range *v = &c->subs[k];
        int type = p->sub_param_type[p->sub_elem_param[v->lo]];
        if (!v->array) {
            put(o, "SUBROUTINE Y%d V%d = program.subroutine[%d];\n", type, k, p->sub_elem_param[v->lo]);
            continue;
        }
        put(o, "SUBROUTINE Y%d V%d[%d] = {", type, k, v->hi - v->lo + 1);
        for (int r = v->lo; r <= v->hi; r++)
            put(o, "%s program.subroutine[%d]", r > v->lo ? "," : "", p->sub_elem_param[r]);
        put(o, " };\n");
    }
    for (int i = 0; i < np; i++) {
        bool named = p->sub_param_type[i] < 0;
        for (int k = 0; k < c->nsub && !named; k++)
            for (int r = c->subs[k].lo; r <= c->subs[k].hi && !named; r++)
                named = p->sub_elem_param[r] == i;
        if (!named)
            put(o, "SUBROUTINE Y%d W%d = program.subroutine[%d];\n", p->sub_param_type[i], i, i);
    }
}

/* The SUBROUTINENUM labels of instruction i (one per number). */
static void put_nv5_sublabels(out *o, const gp_program *p, int i)
{
    for (int e = 0; e < p->num_sub_entries; e++) {
        if (p->sub_entries[e][2] != i)
            continue;
        bool seen = false;
        for (int f = 0; f < e && !seen; f++)
            seen = p->sub_entries[f][1] == p->sub_entries[e][1];
        if (!seen)
            put(o, "S%d SUBROUTINENUM(%d):\n", p->sub_entries[e][1], p->sub_entries[e][1]);
    }
}

static size_t print_nv4(const gp_program *p, char *buf, size_t size)
{
    out o = { buf, size, 0 };
    const gp_program_info *info = &p->info;
    static const char *const headers[] = { [GP_STAGE_VERTEX] = "!!NVvp4.0", [GP_STAGE_FRAGMENT] = "!!NVfp4.0",
                                           [GP_STAGE_GEOMETRY] = "!!NVgp4.0" };
    static const char *const headers5[] = { [GP_STAGE_VERTEX] = "!!NVvp5.0", [GP_STAGE_FRAGMENT] = "!!NVfp5.0",
                                            [GP_STAGE_GEOMETRY] = "!!NVgp5.0", [GP_STAGE_TESS_CONTROL] = "!!NVtcp5.0",
                                            [GP_STAGE_TESS_EVAL] = "!!NVtep5.0", [GP_STAGE_COMPUTE] = "!!NVcp5.0" };
    bool nv5 = info->lang == GP_LANG_NVVP50 || info->lang == GP_LANG_NVFP50 || info->lang == GP_LANG_NVGP50 ||
               info->lang == GP_LANG_NVCP50;
    /* a 4.0-language program with what only NV_gpu_program4_1 has (TXG,
     * LOD, the ARRAYCUBE targets: FEATURES.md HDR.NV41) came from a 4.1
     * header (info.lang is the 4.0 language then) */
    bool nv41 = false;
    for (int i = 0; i < p->num_insns && !nv5; i++) {
        const gp_insn *in = &p->insns[i];
        if ((gp_opinfo_table[in->op].profiles & GP_PROF_NV41) ||
            ((gp_opinfo_table[in->op].flags & GP_OPF_TEX) &&
             (in->tex_target == GP_TEX_CUBEARRAY || in->tex_target == GP_TEX_SHADOWCUBEARRAY)))
            nv41 = true;
    }
    if (nv5)
        put(&o, "%s\n", headers5[info->stage <= GP_STAGE_COMPUTE ? info->stage : 0]);
    else
        put(&o, "%.7s%s\n", headers[info->stage <= GP_STAGE_GEOMETRY ? info->stage : 0], nv41 ? ".1" : ".0");
    static const struct {
        uint32_t bit;
        const char *name;
    } opts[] = {
        { GP_OPTION_POSITION_INVARIANT, "ARB_position_invariant" },
        { GP_OPTION_FOG_EXP, "ARB_fog_exp" },
        { GP_OPTION_FOG_EXP2, "ARB_fog_exp2" },
        { GP_OPTION_FOG_LINEAR, "ARB_fog_linear" },
        { GP_OPTION_PRECISION_FASTEST, "ARB_precision_hint_fastest" },
        { GP_OPTION_PRECISION_NICEST, "ARB_precision_hint_nicest" },
        { GP_OPTION_FRAGMENT_PROGRAM_SHADOW, "ARB_fragment_program_shadow" },
        { GP_OPTION_DRAW_BUFFERS, "ARB_draw_buffers" },
        { GP_OPTION_NV_EXPLICIT_MULTISAMPLE, "NV_explicit_multisample" },
        { GP_OPTION_NV_TEXTURE_MULTISAMPLE, "NV_texture_multisample" },
        { GP_OPTION_ARB_BLEND_FUNC_EXTENDED, "ARB_blend_func_extended" },
        { GP_OPTION_NV_EARLY_FRAGMENT_TESTS, "NV_early_fragment_tests" },
        { GP_OPTION_NV_BINDLESS_TEXTURE, "NV_bindless_texture" },
        { GP_OPTION_NV_SHADER_THREAD_GROUP, "NV_shader_thread_group" },
        { GP_OPTION_NV_SHADER_THREAD_SHUFFLE, "NV_shader_thread_shuffle" },
        { GP_OPTION_NV_SHADER_BUFFER_LOAD, "NV_shader_buffer_load" },
        { GP_OPTION_NV_PARAMETER_BUFFER_OBJECT2, "NV_parameter_buffer_object2" },
        { GP_OPTION_NV_SHADER_ATOMIC_FLOAT, "NV_shader_atomic_float" },
        { GP_OPTION_NV_SHADER_ATOMIC_INT64, "NV_shader_atomic_int64" },
        { GP_OPTION_NV_GPU_PROGRAM5_MEM_EXTENDED, "NV_gpu_program5_mem_extended" },
        { GP_OPTION_NV_SHADER_STORAGE_BUFFER, "NV_shader_storage_buffer" },
    };
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
        if (info->options & opts[i].bit)
            put(&o, "OPTION %s;\n", opts[i].name);
    if (info->stage == GP_STAGE_GEOMETRY) {
        static const char *const prims[] = { "?", "POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES",
                                             "TRIANGLES_ADJACENCY", "LINE_STRIP", "TRIANGLE_STRIP", "PATCHES" };
        put(&o, "PRIMITIVE_IN %s;\nPRIMITIVE_OUT %s;\nVERTICES_OUT %d;\n",
            prims[info->gs_primitive_in <= GP_PRIM_PATCHES ? info->gs_primitive_in : 0],
            prims[info->gs_primitive_out & 7], info->gs_vertices_out);
        if (info->gs_invocations > 1)
            put(&o, "INVOCATIONS %d;\n", info->gs_invocations);
    }
    if (info->stage == GP_STAGE_COMPUTE) { /* NV_compute_program5 2.X.7.Y */
        put(&o, "GROUP_SIZE %d %d %d;\n", info->cp_group_size[0], info->cp_group_size[1], info->cp_group_size[2]);
        if (info->cp_shared_size > 0)
            put(&o, "SHARED_MEMORY %d;\n", info->cp_shared_size);
    }

    nv4_ctx c;
    memset(&c, 0, sizeof(c));
    c.p = p;
    bool ok = make_layout(p, &c.l);
    if (ok) {
        /* split the parameter segments where the constants' type changes
         * (a relatively addressed array has one type: its declaration's) */
        int n = text_params(p);
        c.seg_type = GP_MALLOC((size_t)n + 1);
        int *base2 = GP_MALLOC(sizeof(int) * (size_t)(n + 1));
        ok = c.seg_type && base2;
        if (ok) {
            int segs = 0, cur = -1, prev_seg = -1;
            for (int r = 0; r < n; r++) {
                bool start = r == 0 || c.l.seg_of_row[r] != prev_seg;
                prev_seg = c.l.seg_of_row[r];
                const gp_param_binding *b = &p->params[r];
                if (start)
                    cur = -1;
                if (b->kind == GP_PARAM_CONST) {
                    /* a typed segment starts at its first constant, so
                     * that typeless bindings before it stay typeless */
                    if ((cur >= 0 && cur != b->type) || (cur < 0 && b->type && !start))
                        start = true;
                    cur = b->type;
                }
                if (start) {
                    base2[segs] = r;
                    c.seg_type[segs] = 0;
                    segs++;
                }
                if (b->kind == GP_PARAM_CONST)
                    c.seg_type[segs - 1] = b->type;
                c.l.seg_of_row[r] = segs - 1;
            }
            memcpy(c.l.seg_base, base2, sizeof(int) * (size_t)segs);
            c.l.num_segs = segs;
        }
        GP_FREE(base2);
    }
    ok = ok && nv4_collect(&c);
    if (!ok) {
        free_layout(&c.l);
        nv4_free(&c);
        if (size)
            buf[0] = 0;
        return 0;
    }

    /* temporaries, in index order so that they are allocated alike */
    int ntemps = p->num_temps - p->num_synth_temps, col = 0;
    /* NV5 LONG TEMPs (n low-word rows, then n high-word rows): an array
     * whose first elements the program never names starts at the lowest
     * row that keeps every named row in it and clear of the rows before
     * (so each operand keeps its rows and its hi); their declarations
     * replace the rows they cover */
    int floor_row = 0;
    for (int t = 0; t < ntemps; t++) {
        int n = c.long_hi[t];
        if (n < 0)
            floor_row = t + 1;
        if (n <= 0)
            continue;
        int top = t;
        for (int k = t; k < t + n && k < ntemps; k++)
            if (c.long_hi[k] == n)
                top = k;
        int base = top - n + 1 > floor_row ? top - n + 1 : floor_row;
        for (int k = base; k < base + 2 * n && k < ntemps; k++)
            c.long_hi[k] = k == base ? -2 - n : 0; /* -2 - n: a declaration of n here */
        floor_row = base + 2 * n;
        t = floor_row - 1;
    }
    for (int t = 0; t < ntemps; t++) {
        if (c.long_hi[t] < -1) {
            int n = -2 - c.long_hi[t];
            if (col)
                put(&o, ";\n");
            col = 0;
            if (n > 1 || c.temp_base[t] == t) {
                for (int k = 0; k < n && t + k < ntemps; k++)
                    c.temp_base[t + k] = t;
                put(&o, "LONG TEMP T%d[%d];\n", t, n);
            } else {
                put(&o, "LONG TEMP R%d;\n", t);
            }
            t += 2 * n - 1;
            continue;
        }
        if (c.temp_base[t] >= 0 && c.temp_base[t] != t)
            continue;
        put(&o, "%s", col == 0 ? "TEMP " : ", ");
        if (c.temp_base[t] == t) {
            int len = 1;
            while (t + len < ntemps && c.temp_base[t + len] == t)
                len++;
            put(&o, "T%d[%d]", t, len);
        } else {
            put(&o, "R%d", t);
        }
        if (++col == 16) {
            put(&o, ";\n");
            col = 0;
        }
    }
    if (col)
        put(&o, ";\n");
    for (int s = 0; s < c.l.num_segs; s++) {
        int base = c.l.seg_base[s];
        int end = s + 1 < c.l.num_segs ? c.l.seg_base[s + 1] : text_params(p);
        static const char *const tw[] = { ['S'] = "INT ", ['U'] = "UINT ", ['F'] = "FLOAT " };
        uint8_t t = c.seg_type[s];
        put(&o, "%sPARAM P%d[%d] = {", (t == 'S' || t == 'U' || t == 'F') ? tw[t] : "", s, end - base);
        for (int r = base; r < end; r++) {
            char text[160];
            gp_format_binding(&p->params[r], text, sizeof(text));
            put(&o, "%s%s", r == base ? " " : ", ", text);
        }
        put(&o, " };\n");
    }
    for (int b = 0; b < GP_MAX_PARAM_BUFFERS; b++)
        if (c.buf_hi[b] >= 0)
            put(&o, "%s B%d[%d] = { program.buffer[%d][%d..%d] };\n",
                (info->param_buffers_vec4 >> b) & 1 ? "BUFFER4" : "BUFFER", b, c.buf_hi[b] - c.buf_lo[b] + 1, b,
                c.buf_lo[b], c.buf_hi[b]);
    for (int k = 0; k < c.nbuf; k++) {
        char bind[24];
        if (c.bufs[k].nbuf) /* NV5 program.buffer[a..b] */
            snprintf(bind, sizeof(bind), "%d..%d", c.bufs[k].buf, c.bufs[k].buf + c.bufs[k].nbuf - 1);
        else
            snprintf(bind, sizeof(bind), "%d", c.bufs[k].buf);
        put(&o, "%s X%d[%d] = { program.buffer[%s][%d..%d] };\n",
            (info->param_buffers_vec4 >> c.bufs[k].buf) & 1 ? "BUFFER4" : "BUFFER", k,
            c.bufs[k].hi - c.bufs[k].lo + 1, bind, c.bufs[k].lo, c.bufs[k].hi);
    }
    for (int k = 0; k < c.nmem; k++) { /* CBUFFER / STORAGE / SHARED byte ranges */
        const nv4_range *r = &c.mems[k];
        char bind[32];
        if (r->nbuf)
            snprintf(bind, sizeof(bind), "[%d..%d]", r->buf, r->buf + r->nbuf - 1);
        else
            snprintf(bind, sizeof(bind), "[%d]", r->buf);
        const char *kw = r->comp == GP_FILE_BUFFER ? "CBUFFER" : r->comp == GP_FILE_STORAGE ? "STORAGE" : "SHARED";
        const char *bw = r->comp == GP_FILE_BUFFER ? "buffer" : r->comp == GP_FILE_STORAGE ? "storage" : "sharedmem";
        put(&o, "%s M%d[%d] = { program.%s%s[%d..%d] };\n", kw, k, r->hi - r->lo + 1, bw,
            r->comp == GP_FILE_SHARED ? "" : bind, r->lo, r->hi);
    }
    for (int k = 0; k < c.nimg; k++) /* IMAGE arrays; comp 1: NV5 TEXTURE arrays */
        put(&o, "%s G%d[%d] = { %s[%d..%d] };\n", c.imgs[k].comp ? "TEXTURE" : "IMAGE", k,
            c.imgs[k].hi - c.imgs[k].lo + 1, c.imgs[k].comp ? "texture" : "image", c.imgs[k].lo, c.imgs[k].hi);
    print_nv5_subroutines(&o, &c);
    /* fragment inputs with interpolation modifiers, then the input arrays */
    char words[48];
    for (int slot = 0; slot < 64 && info->stage == GP_STAGE_FRAGMENT; slot++) {
        uint8_t bits = interp_of(info, slot);
        if (!bits)
            continue;
        put(&o, "%sATTRIB Q%d = ", interp_words(bits, words, sizeof(words)), slot);
        nv4_put_input_binding(&o, p, slot, 1, 0, 0);
        put(&o, ";\n");
    }
    for (int k = 0; k < c.nin; k++) {
        const nv4_range *r = &c.in[k];
        uint8_t bits = info->stage == GP_STAGE_FRAGMENT ? interp_of(info, r->lo) : 0;
        put(&o, "%s%sATTRIB I%d", r->lng ? "LONG " : "", interp_words(bits, words, sizeof(words)), k);
        if (r->array) {
            put(&o, "[] = { ");
            nv4_put_input_binding(&o, p, r->lo, r->hi - r->lo + 1, r->vtx, 0);
            put(&o, " };\n");
        } else {
            put(&o, " = ");
            nv4_put_input_binding(&o, p, r->lo, 1, r->vtx, r->comp);
            put(&o, ";\n");
        }
    }
    for (int k = 0; k < c.nout; k++) {
        put(&o, "OUTPUT O%d[] = { ", k);
        nv4_put_output_binding(&o, p, c.outs[k].lo, c.outs[k].hi - c.outs[k].lo + 1, 0);
        put(&o, " };\n");
    }

    /* labels: CAL targets, "main", and where a subroutine ends */
    int main_at = p->entry;
    if (p->num_prologue > 0) {
        const gp_insn *last = &p->insns[p->num_prologue - 1];
        if (p->insns[0].op == GP_OP_CAL)
            main_at = p->insns[0].target;
        else
            main_at = last->op == GP_OP_BRA ? last->target : -1;
    }
    bool *label = GP_MALLOC((size_t)p->num_insns + 1);
    if (!label) {
        free_layout(&c.l);
        nv4_free(&c);
        if (size)
            buf[0] = 0;
        return 0;
    }
    memset(label, 0, (size_t)p->num_insns + 1);
    int last = p->num_insns - 1 - p->num_epilogue;
    for (int j = p->num_prologue; j < p->num_insns; j++) {
        int t = p->insns[j].target;
        if (gp_opinfo_table[p->insns[j].op].cls == GP_CLASS_BRA && t >= 0 && t < p->num_insns)
            label[t] = true;
        if (synthetic_ret(p, j) && j + 1 < last)
            label[j + 1] = true;
    }
    int depth = 0;
    for (int i = p->num_prologue; i <= last; i++) {
        if (i == main_at && i > p->num_prologue)
            put(&o, "main:\n");
        if (label[i])
            put(&o, "L%d:\n", i - p->num_prologue);
        put_nv5_sublabels(&o, p, i);
        const gp_insn *in = i == last ? &p->insns[p->num_insns - 1] : &p->insns[i];
        if (i != last && synthetic_ret(p, i))
            continue;
        int op = in->op;
        if (op == GP_OP_ELSE || op == GP_OP_ENDIF || op == GP_OP_ENDREP)
            depth--;
        for (int d = 0; d < depth && d < 32; d++)
            put(&o, "  ");
        c.insn = in;
        nv4_put_insn(&o, &c, in);
        if (op == GP_OP_IF || op == GP_OP_ELSE || op == GP_OP_REP)
            depth++;
    }
    GP_FREE(label);
    free_layout(&c.l);
    nv4_free(&c);
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return o.len;
}

size_t gp_program_print(const gp_program *p, char *buf, size_t size)
{
    out o = { buf, size, 0 };
    if (!p) {
        if (size)
            buf[0] = 0;
        return 0;
    }
    if (is_nv4(p))
        return print_nv4(p, buf, size);
    const gp_program_info *info = &p->info;
    bool vertex = info->stage == GP_STAGE_VERTEX;
    put(&o, "%s\n", vertex ? "!!ARBvp1.0" : "!!ARBfp1.0");
    static const struct {
        uint32_t bit;
        const char *name;
    } opts[] = {
        { GP_OPTION_POSITION_INVARIANT, "ARB_position_invariant" },
        { GP_OPTION_NV_VERTEX_PROGRAM2, "NV_vertex_program2" },
        { GP_OPTION_NV_VERTEX_PROGRAM3, "NV_vertex_program3" },
        { GP_OPTION_NV_FRAGMENT_PROGRAM, "NV_fragment_program" },
        { GP_OPTION_NV_FRAGMENT_PROGRAM2, "NV_fragment_program2" },
        { GP_OPTION_FOG_EXP, "ARB_fog_exp" },
        { GP_OPTION_FOG_EXP2, "ARB_fog_exp2" },
        { GP_OPTION_FOG_LINEAR, "ARB_fog_linear" },
        { GP_OPTION_PRECISION_FASTEST, "ARB_precision_hint_fastest" },
        { GP_OPTION_PRECISION_NICEST, "ARB_precision_hint_nicest" },
        { GP_OPTION_FRAGMENT_PROGRAM_SHADOW, "ARB_fragment_program_shadow" },
        { GP_OPTION_DRAW_BUFFERS, "ARB_draw_buffers" },
        { GP_OPTION_ORIGIN_UPPER_LEFT, "ARB_fragment_coord_origin_upper_left" },
        { GP_OPTION_PIXEL_CENTER_INTEGER, "ARB_fragment_coord_pixel_center_integer" },
        { GP_OPTION_TEXTURE_ARRAY, "MESA_texture_array" },
    };
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
        if (info->options & opts[i].bit)
            put(&o, "OPTION %s;\n", opts[i].name);
    int ntemps = p->num_temps - p->num_synth_temps;
    for (int i = 0; i < ntemps; i++)
        put(&o, "%s%s%d%s", i % 16 == 0 ? "TEMP " : "", "R", i, i == ntemps - 1 || i % 16 == 15 ? ";\n" : ", ");
    if (vertex)
        for (int i = 0; i < p->num_address; i++)
            put(&o, "%sA%d%s", i == 0 ? "ADDRESS " : "", i, i == p->num_address - 1 ? ";\n" : ", ");

    layout l;
    if (!make_layout(p, &l)) {
        free_layout(&l);
        if (size)
            buf[0] = 0;
        return 0;
    }
    for (int s = 0; s < l.num_segs; s++) {
        int base = l.seg_base[s];
        int end = s + 1 < l.num_segs ? l.seg_base[s + 1] : text_params(p);
        put(&o, "PARAM P%d[%d] = {", s, end - base);
        for (int r = base; r < end; r++) {
            char text[160];
            gp_format_binding(&p->params[r], text, sizeof(text));
            put(&o, "%s%s", r == base ? " " : ", ", text);
        }
        put(&o, " };\n");
    }

    /* labels: branch/call targets, and "main" where the program's own code
     * starts (printed only past its first instruction, where it matters):
     * the entry, or the target of the prologue's CAL (fog wrapper) or final
     * BRA (position invariance) */
    int main_at = p->entry;
    if (p->num_prologue > 0) {
        const gp_insn *last = &p->insns[p->num_prologue - 1];
        if (p->insns[0].op == GP_OP_CAL)
            main_at = p->insns[0].target;
        else
            main_at = last->op == GP_OP_BRA ? last->target : -1;
    }
    bool *is_target = GP_MALLOC((size_t)p->num_insns + 1);
    if (!is_target) {
        free_layout(&l);
        if (size)
            buf[0] = 0;
        return 0;
    }
    memset(is_target, 0, (size_t)p->num_insns + 1);
    for (int j = p->num_prologue; j < p->num_insns; j++) {
        int t = p->insns[j].target;
        if (gp_opinfo_table[p->insns[j].op].cls == GP_CLASS_BRA && t >= 0 && t < p->num_insns)
            is_target[t] = true;
    }
    /* the program's instructions, then its END (the epilogue between them
     * is not printed; a label on the epilogue labels the END) */
    int depth = 0;
    int last = p->num_insns - 1 - p->num_epilogue;
    for (int i = p->num_prologue; i <= last; i++) {
        if (i == main_at && i > p->num_prologue)
            put(&o, "main:\n");
        if (is_target[i])
            put(&o, "L%d:\n", i - p->num_prologue);
        const gp_insn *in = i == last ? &p->insns[p->num_insns - 1] : &p->insns[i];
        int op = in->op;
        /* indent structured blocks (NV_fragment_program2) */
        if (op == GP_OP_ELSE || op == GP_OP_ENDIF || op == GP_OP_ENDREP || op == GP_OP_ENDLOOP)
            depth--;
        for (int d = 0; d < depth && d < 32; d++)
            put(&o, "  ");
        put_insn(&o, p, &l, in);
        if (op == GP_OP_IF || op == GP_OP_ELSE || op == GP_OP_REP || op == GP_OP_LOOP)
            depth++;
    }
    GP_FREE(is_target);
    free_layout(&l);
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return o.len;
}
