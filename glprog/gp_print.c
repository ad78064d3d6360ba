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
    case GP_PARAM_STATE:
        return fmt_state(&b->state, buf, size);
    default: {
        char v[4][32];
        for (int i = 0; i < 4; i++)
            format_float(b->value[i].f, v[i], sizeof(v[i]));
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

static bool make_layout(const gp_program *p, layout *l)
{
    int n = p->info.num_params;
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
        int seg = row >= 0 && row < p->info.num_params ? l->seg_of_row[row] : 0;
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
    if (d->file == GP_FILE_TEMP)
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
        for (int i = 0; i < 4; i++) {
            uint8_t c = in->src[0].swz[i];
            put(o, ", %s", (in->src[0].negate & (1u << i)) ? "-" : "");
            if (c == GP_SWZ_ZERO)
                put(o, "0");
            else if (c == GP_SWZ_ONE)
                put(o, "1");
            else
                put(o, "%c", "xyzw"[c & 3]);
        }
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

size_t gp_program_print(const gp_program *p, char *buf, size_t size)
{
    out o = { buf, size, 0 };
    if (!p) {
        if (size)
            buf[0] = 0;
        return 0;
    }
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
    for (int i = 0; i < p->num_temps; i++)
        put(&o, "%s%s%d%s", i % 16 == 0 ? "TEMP " : "", "R", i, i == p->num_temps - 1 || i % 16 == 15 ? ";\n" : ", ");
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
        int end = s + 1 < l.num_segs ? l.seg_base[s + 1] : info->num_params;
        put(&o, "PARAM P%d[%d] = {", s, end - base);
        for (int r = base; r < end; r++) {
            char text[160];
            gp_format_binding(&p->params[r], text, sizeof(text));
            put(&o, "%s%s", r == base ? " " : ", ", text);
        }
        put(&o, " };\n");
    }

    /* labels: branch/call targets, and "main" where execution starts */
    int main_at = -1;
    if (p->num_prologue == 5)
        main_at = p->insns[4].target;
    else if (p->num_prologue == 0 && p->entry != 0)
        main_at = p->entry;
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
    int depth = 0;
    for (int i = p->num_prologue; i < p->num_insns; i++) {
        if (i == main_at)
            put(&o, "main:\n");
        if (is_target[i])
            put(&o, "L%d:\n", i - p->num_prologue);
        int op = p->insns[i].op;
        /* indent structured blocks (NV_fragment_program2) */
        if (op == GP_OP_ELSE || op == GP_OP_ENDIF || op == GP_OP_ENDREP || op == GP_OP_ENDLOOP)
            depth--;
        for (int d = 0; d < depth && d < 32; d++)
            put(&o, "  ");
        put_insn(&o, p, &l, &p->insns[i]);
        if (op == GP_OP_IF || op == GP_OP_ELSE || op == GP_OP_REP || op == GP_OP_LOOP)
            depth++;
    }
    GP_FREE(is_target);
    free_layout(&l);
    if (size)
        buf[o.len < size ? o.len : size - 1] = 0;
    return o.len;
}
