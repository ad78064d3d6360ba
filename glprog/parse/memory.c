/*
 * parse/memory.c - memory instructions and declarations (NV_shader_buffer_load
 * / _store, NV_parameter_buffer_object2, NV_shader_storage_buffer_object,
 * NV_compute_program5 shared memory, EXT_shader_image_load_store images),
 * and the BUFFER / BUFFER4 declarations their buffer lists share.
 *
 * One of the parser's translation units (gp_parse.c has the file map);
 * compile time, calling thread.
 */
#include "parse_priv.h"

/* ---- memory instructions -------------------------------------------------
 * NV_gpu_program5 LOAD STORE ATOM MEMBAR (2.X.8.Z), NV_shader_buffer_load
 * LOAD and NV_parameter_buffer_object2 LDC under !!NV*4.0 with their
 * options, NV_shader_storage_buffer_object LDB STB ATOMB,
 * NV_compute_program5 LDS STS ATOMS BAR and MEMBAR.CTA,
 * EXT_shader_image_load_store "Dependencies on NV_gpu_program5" LOADIM
 * STOREIM ATOMIM; encoded as gp_ir.h "NV_gpu_program5 memory instructions"
 * says.  gp_mem_opword reads the modifiers (MOD.ST_RULE: exactly one storage
 * modifier and no data type; an atomic modifier on the atomics only, from
 * the op / type tables; COH VOL; CTA on compute MEMBAR), gp_mem_operands the
 * operands (CBUFFER / STORAGE / SHARED variables, image units, targets). */

/* Storage modifiers (2.X.4.1 Table X.14; NV_gpu_program5_mem_extended adds
 * the 16-bit float and the 8/16-bit vector forms). */
static const struct mem_storage {
    const char *name;
    uint8_t elem, count;
    bool mx; /* needs OPTION NV_gpu_program5_mem_extended */
} mem_storage[] = {
    { "F16", GP_CVT_F16, 1, true },   { "F16X2", GP_CVT_F16, 2, true }, { "F16X4", GP_CVT_F16, 4, true },
    { "F32", GP_CVT_F32, 1, false },  { "F32X2", GP_CVT_F32, 2, false }, { "F32X4", GP_CVT_F32, 4, false },
    { "F64", GP_CVT_F64, 1, false },  { "F64X2", GP_CVT_F64, 2, false }, { "F64X4", GP_CVT_F64, 4, false },
    { "S8", GP_CVT_S8, 1, false },    { "S8X2", GP_CVT_S8, 2, true },    { "S8X4", GP_CVT_S8, 4, true },
    { "S16", GP_CVT_S16, 1, false },  { "S16X2", GP_CVT_S16, 2, true },  { "S16X4", GP_CVT_S16, 4, true },
    { "S32", GP_CVT_S32, 1, false },  { "S32X2", GP_CVT_S32, 2, false }, { "S32X4", GP_CVT_S32, 4, false },
    { "S64", GP_CVT_S64, 1, false },  { "S64X2", GP_CVT_S64, 2, false }, { "S64X4", GP_CVT_S64, 4, false },
    { "U8", GP_CVT_U8, 1, false },    { "U8X2", GP_CVT_U8, 2, true },    { "U8X4", GP_CVT_U8, 4, true },
    { "U16", GP_CVT_U16, 1, false },  { "U16X2", GP_CVT_U16, 2, true },  { "U16X4", GP_CVT_U16, 4, true },
    { "U32", GP_CVT_U32, 1, false },  { "U32X2", GP_CVT_U32, 2, false }, { "U32X4", GP_CVT_U32, 4, false },
    { "U64", GP_CVT_U64, 1, false },  { "U64X2", GP_CVT_U64, 2, false }, { "U64X4", GP_CVT_U64, 4, false },
};
enum { MEM_NSTORAGE = (int)(sizeof(mem_storage) / sizeof(mem_storage[0])) };

static const char *const mem_atom_names[GP_ATOM_COUNT] = { "ADD", "MIN", "MAX", "IWRAP", "DWRAP",
                                                           "AND", "OR",  "XOR", "EXCH",  "CSWAP" };

int gp_mem_storage_word(const gp_parse *ps, const gp_token *t)
{
    for (int i = 0; i < MEM_NSTORAGE; i++)
        if (tok_is(ps, t, mem_storage[i].name))
            return i;
    return -1;
}

int gp_mem_atom_word(const gp_parse *ps, const gp_token *t)
{
    for (int i = 0; i < GP_ATOM_COUNT; i++)
        if (tok_is(ps, t, mem_atom_names[i]))
            return i;
    return -1;
}

static bool mem_is_atomic(int op)
{
    return (gp_opinfo_table[op].flags & GP_OPF_ATOMIC) != 0;
}

static bool mem_is_image(int op)
{
    return (gp_opinfo_table[op].flags & GP_OPF_IMAGE) != 0;
}

/* The atomic operation / storage type tables (EDGE.ATOM_TYPES):
 * NV_gpu_program5 ATOM Table X.Y (ATOMB and ATOMS the same), EXT_shader_
 * image_load_store ATOMIM Table X.4, NV_shader_atomic_float (F32 for ADD
 * and EXCH), NV_shader_atomic_int64 (S64 for every operation but IWRAP
 * DWRAP, U64 also for MIN MAX AND OR XOR; not ATOMIM).  Returns NULL when
 * allowed, else the option that would allow it ("" = none). */
static const char *mem_atom_check(const gp_parse *ps, int op, int atom, int elem)
{
    bool wrap = atom == GP_ATOM_IWRAP || atom == GP_ATOM_DWRAP;
    bool addx = atom == GP_ATOM_ADD || atom == GP_ATOM_EXCH;
    switch (elem) {
    case GP_CVT_U32:
        return NULL;
    case GP_CVT_S32:
        return wrap ? "" : NULL;
    case GP_CVT_F32:
        if (!addx)
            return "";
        return (ps->options & GP_OPTION_NV_SHADER_ATOMIC_FLOAT) ? NULL : "NV_shader_atomic_float";
    case GP_CVT_U64:
    case GP_CVT_S64:
        if (op == GP_OP_ATOMIM || wrap)
            return "";
        if (elem == GP_CVT_U64 && (addx || atom == GP_ATOM_CSWAP))
            return NULL;
        return (ps->options & GP_OPTION_NV_SHADER_ATOMIC_INT64) ? NULL : "NV_shader_atomic_int64";
    default:
        return "";
    }
}

/* The storage modifiers an opcode takes, for messages. */
static const char *mem_allowed_text(int op, int atom)
{
    if (op == GP_OP_ATOMIM)
        return atom == GP_ATOM_IWRAP || atom == GP_ATOM_DWRAP ? "U32" : "U32 S32 (F32 for ADD and EXCH with OPTION "
                                                                        "NV_shader_atomic_float)";
    if (mem_is_atomic(op))
        return atom == GP_ATOM_IWRAP || atom == GP_ATOM_DWRAP
                   ? "U32"
                   : "U32 S32 U64 (F32 for ADD and EXCH with OPTION NV_shader_atomic_float, S64 and more U64 "
                     "with OPTION NV_shader_atomic_int64)";
    return "";
}

/* The modifiers of a memory instruction (2.X.4.1); t is the opcode
 * token.  Fills in->type, mem_elem, mem_count, mem_atom, mem_flags,
 * cc_update and sat. */
void gp_mem_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    int op = w->op;
    const gp_opinfo *oi = &gp_opinfo_table[op];
    const char *name = oi->name;
    gp_insn *in = &pi->in;
    /* the options that enable them (OPT.*): gp_nv4_opword's OPTION gate */
    if (w->prec)
        gp_fail(ps, t->pos, "opcode '%s' does not take the %c suffix (its type is its storage modifier)", name,
                w->prec);
    int st = -1, st_pos = t->pos, atom = -1, atom_pos = t->pos, cc_pos = t->pos, sat_pos = t->pos;
    int type_pos = 0;
    uint8_t flags = 0;
    if (w->cc)
        cc_pos = t->pos;
    if (w->sat)
        sat_pos = t->pos;
    while (is_punct(&ps->tok, '.')) {
        gp_token m = peek(ps);
        char b[64];
        int k;
        if ((k = gp_mem_storage_word(ps, &m)) >= 0) {
            if (st >= 0)
                gp_fail(ps, m.pos, "more than one storage modifier on '%s' ('.%s' and '.%s')", name,
                        mem_storage[st].name, mem_storage[k].name);
            st = k;
            st_pos = m.pos;
        } else if ((k = gp_mem_atom_word(ps, &m)) >= 0) {
            if (!mem_is_atomic(op))
                gp_fail(ps, m.pos, "'.%s' is an atomic operation modifier: only ATOM, ATOMB, ATOMS and ATOMIM take "
                                   "one, not '%s'", mem_atom_names[k], name);
            if (atom >= 0)
                gp_fail(ps, m.pos, "more than one atomic operation modifier on '%s' ('.%s' and '.%s')", name,
                        mem_atom_names[atom], mem_atom_names[k]);
            atom = k;
            atom_pos = m.pos;
        } else if (tok_is(ps, &m, "COH") || tok_is(ps, &m, "VOL")) {
            uint8_t f = tok_is(ps, &m, "COH") ? GP_MEMF_COH : GP_MEMF_VOL;
            if (op == GP_OP_MEMBAR || op == GP_OP_BAR)
                gp_fail(ps, m.pos, "'%s' does not take the cache modifier '.%.*s'", name, m.len, ps->src + m.pos);
            if (flags & f)
                gp_fail(ps, m.pos, "'.%.*s' is given twice on '%s'", m.len, ps->src + m.pos, name);
            flags |= f;
        } else if (tok_is(ps, &m, "CTA")) {
            /* NV_compute_program5 2.X.4.1: MEMBAR.CTA (MOD.CTA) */
            if (op != GP_OP_MEMBAR)
                gp_fail(ps, m.pos, "'.CTA' is only allowed on MEMBAR, not '%s'", name);
            if (ps->stage != GP_STAGE_COMPUTE)
                gp_fail(ps, m.pos, "'MEMBAR.CTA' is only available in compute programs");
            if (flags & GP_MEMF_CTA)
                gp_fail(ps, m.pos, "'.CTA' is given twice on 'MEMBAR'");
            flags |= GP_MEMF_CTA;
        } else if (tok_is(ps, &m, "CC") || tok_is(ps, &m, "CC0") || tok_is(ps, &m, "CC1")) {
            if (w->cc)
                gp_fail(ps, m.pos, "more than one condition code modifier on '%s'", name);
            w->cc = (uint8_t)(tok_is(ps, &m, "CC") ? 1 : tok_is(ps, &m, "CC0") ? 2 : 3);
            cc_pos = m.pos;
        } else if (tok_is(ps, &m, "SAT") || tok_is(ps, &m, "SSAT")) {
            if (w->sat)
                gp_fail(ps, m.pos, "more than one clamping modifier on '%s'", name);
            w->sat = (uint8_t)(tok_is(ps, &m, "SAT") ? GP_SAT_01 : GP_SAT_11);
            sat_pos = m.pos;
        } else if (tok_is(ps, &m, "NTC")) {
            if (w->ntc)
                gp_fail(ps, m.pos, "'.NTC' is given twice on '%s'", name);
            w->ntc = true;
        } else if (tok_is(ps, &m, "F") || tok_is(ps, &m, "S") || tok_is(ps, &m, "U")) {
            /* STOREIM: an optional base data type = a formatted store */
            if (op != GP_OP_STOREIM)
                gp_fail(ps, m.pos, "'%s' takes no data type modifier ('.%.*s'): its storage modifier gives the data "
                                   "type (MOD.ST_RULE)", name, m.len, ps->src + m.pos);
            if (w->type)
                gp_fail(ps, m.pos, "more than one data type modifier on 'STOREIM'");
            w->type = (uint8_t)ps->src[m.pos];
            type_pos = m.pos;
        } else {
            gp_fail(ps, m.pos, "unknown instruction modifier %s after '%s'", tok_str(ps, &m, b, sizeof(b)), name);
        }
        next(ps);
        next(ps);
    }
    bool none = op == GP_OP_MEMBAR || op == GP_OP_BAR;
    if (none && st >= 0)
        gp_fail(ps, st_pos, "'%s' takes no storage modifier", name);
    if (op == GP_OP_STOREIM && st >= 0 && w->type)
        gp_fail(ps, type_pos > st_pos ? type_pos : st_pos, "STOREIM takes either a data type modifier (a formatted "
                                                          "store) or a storage modifier (unformatted), not both");
    if (!none && st < 0 && !(op == GP_OP_STOREIM))
        gp_fail(ps, t->pos, "'%s' needs a storage modifier such as .U32 or .F32X4 (MOD.ST_RULE)", name);
    if (mem_is_atomic(op) && atom < 0)
        gp_fail(ps, t->pos, "'%s' needs an atomic operation modifier (ADD MIN MAX IWRAP DWRAP AND OR XOR EXCH "
                            "CSWAP)", name);
    if (st >= 0) {
        const struct mem_storage *ms = &mem_storage[st];
        bool wide = ms->elem == GP_CVT_F64 || ms->elem == GP_CVT_S64 || ms->elem == GP_CVT_U64;
        /* NV_shader_buffer_load / NV_parameter_buffer_object2 under 4.0:
         * the 8..32-bit modifiers only */
        if (!ps->nv5 && (wide || ms->mx))
            gp_fail(ps, st_pos, "the storage modifier '.%s' requires an NV_gpu_program5 header", ms->name);
        if (ms->mx && !(ps->options & GP_OPTION_NV_GPU_PROGRAM5_MEM_EXTENDED))
            gp_fail(ps, st_pos, "the storage modifier '.%s' requires OPTION NV_gpu_program5_mem_extended", ms->name);
        if (mem_is_atomic(op)) {
            if (ms->count != 1)
                gp_fail(ps, st_pos, "'%s.%s' cannot take '.%s': atomics access one element (allowed: %s)", name,
                        mem_atom_names[atom], ms->name, mem_allowed_text(op, atom));
            const char *need = mem_atom_check(ps, op, atom, ms->elem);
            if (need && *need)
                gp_fail(ps, st_pos, "'%s.%s.%s' requires OPTION %s", name, mem_atom_names[atom], ms->name, need);
            if (need)
                gp_fail(ps, st_pos, "'%s.%s' does not take the storage modifier '.%s' (allowed: %s)", name,
                        mem_atom_names[atom], ms->name, mem_allowed_text(op, atom));
        } else if (mem_is_image(op)) {
            /* EXT_shader_image_load_store Table X.3: no 64-bit image
             * storage (and F16 / the 8- and 16-bit vectors only with
             * mem_extended, checked above) */
            if (wide)
                gp_fail(ps, st_pos, "'%s' does not take the 64-bit storage modifier '.%s' (image texels are at most "
                                    "4x32 bits)", name, ms->name);
        }
        in->mem_elem = ms->elem;
        in->mem_count = ms->count;
        in->type = (uint8_t)gp_cvt_gptype(ms->elem);
    } else if (op == GP_OP_STOREIM) {
        in->mem_count = 0; /* formatted */
        in->type = w->type == 'S' ? GP_TYPE_S32 : w->type == 'U' ? GP_TYPE_U32 : GP_TYPE_F32;
    } else {
        in->type = GP_TYPE_F32;
    }
    if (atom >= 0)
        in->mem_atom = (uint8_t)atom;
    (void)atom_pos;
    if (w->cc && !(oi->nv4 & GP_MODBIT_CC))
        gp_fail(ps, cc_pos, "opcode '%s' does not take condition code modifiers", name);
    if (w->sat) {
        if (!(oi->nv4 & GP_MODBIT_SAT))
            gp_fail(ps, sat_pos, "opcode '%s' does not take clamping modifiers", name);
        if (in->type != GP_TYPE_F32 && in->type != GP_TYPE_F64)
            gp_fail(ps, sat_pos, "a clamping modifier needs a floating-point result; '%s.%s' produces integers", name,
                    mem_storage[st].name);
    }
    in->mem_flags = flags;
    in->opmod = 0;
    in->sat = w->sat;
    in->precision = 0;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    pi->ntc = w->ntc;
}

/* A STORAGE / SHARED variable operand (NV_shader_storage_buffer_object
 * <storageUseV>, NV_compute_program5 <sharedUseV>): the variable, for a
 * program.storage[a..b] variable the binding index, then for an array the
 * byte offset (constant, or "T.x + n"); no swizzle or sign
 * (EDGE.LDC_OPERAND: nothing else is accepted). */
static void mem_var_operand(gp_parse *ps, gp_pinsn *pi, int i, int kind)
{
    gp_src *s = &pi->in.src[i];
    const char *name = gp_opinfo_table[pi->in.op].name;
    const char *what = kind == GP_SYM_STORAGE ? "STORAGE" : "SHARED";
    gp_token t = ps->tok;
    pi->src_pos[i] = t.pos;
    memset(s, 0, sizeof(*s));
    for (int c = 0; c < 4; c++)
        s->swz[c] = (uint8_t)c;
    const gp_sym *sym = t.kind == GP_TOK_IDENT ? gp_map_get(&ps->syms, ps->src + t.pos, t.len) : NULL;
    if (!sym || sym->kind != kind) {
        char b[64];
        gp_fail(ps, t.pos, "the memory operand of %s must be a %s variable, found %s", name, what,
                tok_str(ps, &t, b, sizeof(b)));
    }
    next(ps);
    int n = t.len > 40 ? 40 : t.len;
    if (sym->nbuf > 1) {
        /* program.storage[a..b] variables: the first index selects the
         * binding point (0 = a), as for NV5 BUFFER variables */
        if (!is_punct(&ps->tok, '['))
            gp_fail(ps, t.pos, "'%.*s' spans %d storage buffer binding points and needs a binding index, as in "
                               "%.*s[0]", n, ps->src + t.pos, sym->nbuf, n, ps->src + t.pos);
        gp_nv4_outer_index(ps, sym, sym->nbuf, s);
        s->nbuf = sym->nbuf;
    }
    nv4_index ix = { 0 };
    if (sym->is_array) {
        if (!is_punct(&ps->tok, '['))
            gp_fail(ps, t.pos, "array '%.*s' needs a byte offset, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        gp_nv4_array_member(ps, sym, sym->count, &ix);
    } else if (is_punct(&ps->tok, '[')) {
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
    }
    s->file = kind == GP_SYM_STORAGE ? GP_FILE_STORAGE : GP_FILE_SHARED;
    s->buf = sym->buf;
    gp_nv4_rel_src(s, &ix, sym->index, sym->count);
    if (!s->rel)
        s->rel_lo = s->rel_hi = s->index;
    if (kind == GP_SYM_SHARED && !ps->cp_shared_use_pos)
        ps->cp_shared_use_pos = pi->in.pos;
}

/* A data operand (vector) of a memory instruction: its literals take the
 * instruction's type (64-bit storage: exact 64-bit pairs). */
static void mem_data_operand(gp_parse *ps, gp_pinsn *pi, int i)
{
    gp_operand_context(ps, &pi->in, i);
    gp_parse_src(ps, &pi->in.src[i], SRC_VECTOR, &pi->src_pos[i]);
    pi->src_size[i] = ps->last_size;
    pi->src_sym[i] = ps->last_sym;
    ps->lit64 = 0;
}

/* The GPU address of LOAD / STORE / ATOM: an unsigned scalar (2.X.8.Z
 * "su"), 64 bits in NV5 programs (a LONG variable's component; a literal
 * is an exact 64-bit pair), 32 bits zero-extended otherwise. */
static void mem_address_operand(gp_parse *ps, gp_pinsn *pi, int i)
{
    gp_set_operand_type(ps, GP_TYPE_U32);
    ps->lit64 = ps->nv5 ? GP_TYPE_U64 : 0;
    gp_parse_src(ps, &pi->in.src[i], SRC_SCALAR, &pi->src_pos[i]);
    pi->src_size[i] = ps->last_size;
    pi->src_sym[i] = ps->last_sym;
    ps->lit64 = 0;
}

/* <imageUnit> (EXT_shader_image_load_store 2.X.2): image[n], an IMAGE
 * variable (an array member indexed at run time: GP_TEXF_INDEXED and
 * tex_base / tex_count / tex_rel_* as for TEXTURE arrays), or with OPTION
 * NV_bindless_texture handle(<scalar>). */
static void mem_image_unit(gp_parse *ps, gp_pinsn *pi)
{
    gp_insn *in = &pi->in;
    pi->unit_pos = ps->tok.pos;
    int unit = 0;
    const gp_sym *sym = ps->tok.kind == GP_TOK_IDENT ? gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len)
                                                     : NULL;
    if (gp_nv5_tex_handle(ps, pi)) {
        return; /* NV_bindless_texture image handle: no unit */
    } else if (sym && sym->kind == GP_SYM_IMAGE) {
        next(ps);
        unit = sym->index;
        in->tex_base = (uint8_t)sym->index;
        in->tex_count = (uint8_t)sym->count;
        if (sym->is_array) {
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, pi->unit_pos, "IMAGE array '%.*s' needs a member, as in %.*s[0]",
                        sym->len > 40 ? 40 : sym->len, sym->name, sym->len > 40 ? 40 : sym->len, sym->name);
            nv4_index ix;
            gp_nv4_array_member(ps, sym, sym->count, &ix);
            unit = sym->index + ix.value;
            if (ix.rel) {
                in->tex_flags |= GP_TEXF_INDEXED;
                in->tex_rel_reg = ix.reg;
                in->tex_rel_comp = ix.comp;
            }
        } else if (is_punct(&ps->tok, '[')) {
            gp_fail(ps, ps->tok.pos, "'%.*s' is not an IMAGE array", sym->len > 40 ? 40 : sym->len, sym->name);
        }
        for (int u = sym->index; u < sym->index + sym->count && u < 32; u++)
            ps->images_used |= 1u << u;
    } else if (accept_word(ps, "image")) {
        expect(ps, '[', "after 'image'");
        int upos = ps->tok.pos;
        if (ps->tok.kind == GP_TOK_IDENT)
            gp_fail(ps, upos, "the image unit of image[n] must be a constant (index an IMAGE array instead)");
        if (ps->tok.kind == GP_TOK_INT && (ps->tok.big || ps->tok.ival >= GP_MAX_IMAGE_UNITS))
            gp_fail(ps, upos, "image unit %u out of range (%d available)", ps->tok.ival, GP_MAX_IMAGE_UNITS);
        unit = expect_int(ps, "an image unit");
        expect(ps, ']', "after the image unit");
        ps->images_used |= 1u << unit;
    } else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an image unit (image[n] or an IMAGE variable), found %s",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    in->tex_unit = (uint8_t)unit;
}

/* <imageTarget> (TEX.IMG_TARGETS): 1D 2D 3D RECT CUBE BUFFER ARRAY1D
 * ARRAY2D ARRAYCUBE 2DMS ARRAY2DMS; no SHADOW targets, no option needed. */
static void mem_image_target(gp_parse *ps, gp_pinsn *pi)
{
    expect(ps, ',', "before the image target");
    if (ps->tok.kind == GP_TOK_IDENT && ps->tok.len > 6 && memcmp(ps->src + ps->tok.pos, "SHADOW", 6) == 0)
        gp_fail(ps, ps->tok.pos, "image instructions have no shadow targets (1D 2D 3D RECT CUBE BUFFER ARRAY1D "
                                 "ARRAY2D ARRAYCUBE 2DMS ARRAY2DMS)");
    gp_parse_tex_target(ps, pi, TEXW_IMAGE, NULL, "an image target (1D 2D 3D RECT CUBE BUFFER ARRAY1D ARRAY2D "
                                               "ARRAYCUBE 2DMS ARRAY2DMS)");
}

/* The operands of a memory instruction (gp_ir.h: which src holds what). */
void gp_mem_operands(gp_parse *ps, gp_pinsn *pi)
{
    gp_insn *in = &pi->in;
    int op = in->op;
    bool has_dst = op == GP_OP_LOAD || op == GP_OP_ATOM || op == GP_OP_LDC || op == GP_OP_LDB || op == GP_OP_ATOMB ||
                   op == GP_OP_LDS || op == GP_OP_ATOMS || op == GP_OP_LOADIM || op == GP_OP_ATOMIM;
    if (op == GP_OP_MEMBAR || op == GP_OP_BAR)
        return;
    if (op == GP_OP_STOREIM) {
        mem_image_unit(ps, pi);
        expect(ps, ',', "between operands");
    }
    if (has_dst) {
        gp_parse_dst(ps, &in->dst, &pi->dst_pos);
        pi->dst_size = ps->last_size;
        pi->dst_sym = ps->last_sym;
        expect(ps, ',', "between operands");
    }
    switch (op) {
    case GP_OP_LOAD:
        mem_address_operand(ps, pi, 0);
        break;
    case GP_OP_STORE:
    case GP_OP_ATOM:
        mem_data_operand(ps, pi, 0);
        expect(ps, ',', "between operands");
        mem_address_operand(ps, pi, 1);
        break;
    case GP_OP_LDC:
        /* NV_parameter_buffer_object2 LDC: a CBUFFER variable, swizzle,
         * sign and |.| as for any operand (gp_nv4_src_reg takes the CBUFFER
         * only while mem_var says so) */
        ps->mem_var = GP_SYM_CBUFFER;
        ps->mem_hit = false;
        gp_parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
        ps->mem_var = 0;
        if (!ps->mem_hit)
            gp_fail(ps, pi->src_pos[0], "the operand of LDC must be a CBUFFER variable (NV_parameter_buffer_object2 "
                                        "2.X.8.Z LDC)");
        break;
    case GP_OP_LDB:
    case GP_OP_LDS:
        mem_var_operand(ps, pi, 0, op == GP_OP_LDB ? GP_SYM_STORAGE : GP_SYM_SHARED);
        break;
    case GP_OP_STB:
    case GP_OP_STS:
    case GP_OP_ATOMB:
    case GP_OP_ATOMS:
        mem_data_operand(ps, pi, 0);
        expect(ps, ',', "between operands");
        mem_var_operand(ps, pi, 1, op == GP_OP_STB || op == GP_OP_ATOMB ? GP_SYM_STORAGE : GP_SYM_SHARED);
        break;
    case GP_OP_LOADIM:
    case GP_OP_STOREIM:
    case GP_OP_ATOMIM:
        /* LOADIM coord, image; STOREIM (image,) data, coord; ATOMIM data,
         * coord, image; then the target */
        mem_data_operand(ps, pi, 0);
        if (op != GP_OP_LOADIM) {
            expect(ps, ',', "between operands");
            mem_data_operand(ps, pi, 1);
        }
        if (op != GP_OP_STOREIM) {
            expect(ps, ',', "before the image unit");
            mem_image_unit(ps, pi);
        }
        mem_image_target(ps, pi);
        break;
    default:
        break;
    }
}

/* ---- buffer declarations -------------------------------------------------
 * BUFFER, BUFFER4, CBUFFER, STORAGE and SHARED variables bind consecutive
 * elements of one binding point: "program" "." word "[" a "]" ["[" b
 * [".." c] "]"], in NV5 programs also "[a..b]" binding points. */

/* The bindings of such a declaration as they are read. */
typedef struct buffer_list {
    int n;     /* elements so far */
    int point; /* the binding point of the first */
    int first; /* its first element */
} buffer_list;

/* "program" "." word of a binding; returns where it starts. */
static int buffer_binding_word(gp_parse *ps, const char *word)
{
    int start = ps->tok.pos;
    if (!tok_is(ps, &ps->tok, "program")) {
        char t[64];
        gp_fail(ps, start, "expected a program.%s binding, found %s", word, tok_str(ps, &ps->tok, t, sizeof(t)));
    }
    next(ps);
    gp_binding_dot_word(ps, start, word);
    return start;
}

/* The binding point "[a]", or in NV5 programs "[a..b]" (Table X.12.1,
 * BIND.P.BUFFER_RANGE): returns a, *nb the number of points.  Where a
 * range is not allowed, range_message says whether ".." fails as a range
 * (else as a missing ']'). */
static int buffer_point(gp_parse *ps, int start, int nbind, const char *what, bool range_message, int *nb)
{
    gp_token t1, t2;
    peek2(ps, &t1, &t2);
    bool range = ps->nv5 && is_punct(&ps->tok, '[') && t1.kind == GP_TOK_INT && t2.kind == GP_TOK_DOTDOT;
    if (range || range_message)
        return gp_nv4_binding_range(ps, start, nbind, what, range, nb);
    *nb = 1;
    return gp_binding_index(ps, start, nbind, what);
}

/* Adds count elements from lo of binding points point..point+nb-1 to the
 * list of s, which must continue the list (what names the declaration). */
static void buffer_list_add(gp_parse *ps, gp_sym *s, buffer_list *l, int start, const char *what, int point, int nb,
                            int lo, int count)
{
    if (l->n == 0) {
        l->point = point;
        l->first = lo;
        s->nbuf = nb > 1 ? (uint8_t)nb : 0;
    } else if (point != l->point || lo != l->first + l->n || (nb > 1 ? nb : 0) != s->nbuf) {
        gp_fail(ps, start, "the bindings of %s array '%.*s' must use one binding point and consecutive elements",
                what, s->len > 40 ? 40 : s->len, s->name);
    }
    l->n += count;
}

/* The end of the declaration: "}" of an array, its declared size (size
 * at size_pos; -1 none) against the list, and s's binding. */
static void buffer_list_end(gp_parse *ps, gp_sym *s, const buffer_list *l, bool array, int size, int size_pos)
{
    if (array)
        expect(ps, '}', "at the end of the array initializer");
    if (size >= 0 && size != l->n)
        gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d", s->len > 40 ? 40 : s->len,
                s->name, size, l->n);
    s->buf = (uint8_t)l->point;
    s->index = l->first;
    s->count = array ? l->n : 1;
    s->is_array = array;
}

/* BUFFER / BUFFER4 (2.X.3.6, NV_parameter_buffer_object): elements of one
 * binding point, consecutive. */
void gp_nv4_decl_buffer(gp_parse *ps, uint8_t dtype, bool vec4)
{
    gp_sym *s = gp_declare(ps, GP_SYM_BUFFER);
    s->dtype = dtype;
    s->vec4 = vec4;
    int max_elems = ps->lim.max_parameter_buffer_size / (vec4 ? 4 : 1);
    int nbind = min_int(ps->lim.max_parameter_buffer_bindings, GP_MAX_PARAM_BUFFERS);
    int size = -1, size_pos = 0;
    buffer_list l = { 0, -1, 0 };
    bool array = false;
    if (accept(ps, '[')) {
        array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            size = expect_int(ps, "an array size");
            if (size < 1 || size > max_elems)
                gp_fail(ps, size_pos, "invalid array size %d", size);
        }
        expect(ps, ']', "after the array size");
    }
    expect(ps, '=', "after the buffer name");
    if (array)
        expect(ps, '{', "to start the array initializer");
    for (;;) {
        /* "program" "." "buffer" "[" a "]" ["[" b [".." c] "]"] */
        int start = buffer_binding_word(ps, "buffer");
        int nb;
        int bpoint = buffer_point(ps, start, nbind, "parameter buffer binding point", false, &nb);
        int lo = 0, count = 0;
        if (is_punct(&ps->tok, '[')) {
            lo = gp_nv4_binding_range(ps, start, max_elems, "parameter buffer element", array, &count);
        } else {
            /* the whole buffer: the declared size, or the largest one */
            if (!array || l.n > 0 || is_punct(&ps->tok, ','))
                gp_fail(ps, start, "program.buffer[%d] names a whole buffer: only a BUFFER array of that one "
                                   "binding can use it", bpoint);
            count = size >= 0 ? size : max_elems;
        }
        buffer_list_add(ps, s, &l, start, "buffer", bpoint, nb, lo, count);
        uint8_t kind = vec4 ? 4 : 1;
        for (int bp = bpoint; bp < bpoint + nb; bp++) {
            if (ps->buf_kind[bp] && ps->buf_kind[bp] != kind)
                gp_fail(ps, start, "program.buffer[%d] is used both by BUFFER and by BUFFER4 variables", bp);
            ps->buf_kind[bp] = kind;
        }
        if (!array || !accept(ps, ','))
            break;
    }
    buffer_list_end(ps, s, &l, array, size, size_pos);
}

/* ---- memory declarations -------------------------------------------------
 * CBUFFER (NV_parameter_buffer_object2 2.X.3.6, DECL.CBUFFER): as BUFFER,
 * elements are bytes of program.buffer[a] (or [a..b], NV5), up to 4 *
 * MAX_PROGRAM_PARAMETER_BUFFER_SIZE_NV; may share a binding point with
 * BUFFER / BUFFER4.  STORAGE (NV_shader_storage_buffer_object 2.X.3.Y,
 * DECL.STORAGE): bytes of program.storage[a] (or [a..b]), needs OPTION
 * NV_shader_storage_buffer.  SHARED (NV_compute_program5 2.X.3.Y,
 * DECL.SHARED): bytes of program.sharedmem, compute programs only, within
 * SHARED_MEMORY (EDGE.CP_SHARED_DECL).  Single variables name one element
 * ("program.storage[0][16]"); arrays take element ranges, consecutive, of
 * one binding (point); a whole buffer ("program.buffer[0]") is an array of
 * its declared size, else of the largest size. */
#define MEM_MAX_STORAGE_BYTES (1 << 24) /* MAX_SHADER_STORAGE_BLOCK_SIZE (LIM.SSBO.BLOCK) */

/* The size in "[" [n] "]" of a CBUFFER / STORAGE / SHARED array, after
 * the '[': n in 1..max_elems bytes, or none (*size stays -1). */
static void mem_array_size(gp_parse *ps, const char *what, int max_elems, int *size, int *size_pos)
{
    if (ps->tok.kind == GP_TOK_INT) {
        *size_pos = ps->tok.pos;
        if (ps->tok.big || ps->tok.ival < 1 || ps->tok.ival > (uint32_t)max_elems)
            gp_fail(ps, *size_pos, "invalid %s array size %u (1..%d bytes)", what, ps->tok.ival, max_elems);
        *size = expect_int(ps, "an array size");
    }
    expect(ps, ']', "after the array size");
}

void gp_mem_decl(gp_parse *ps, int kind)
{
    const char *what = kind == GP_SYM_CBUFFER ? "CBUFFER" : kind == GP_SYM_STORAGE ? "STORAGE" : "SHARED";
    int decl_pos = ps->tok.pos;
    if (kind == GP_SYM_STORAGE && !(ps->options & GP_OPTION_NV_SHADER_STORAGE_BUFFER))
        gp_fail(ps, decl_pos, "STORAGE declarations require OPTION NV_shader_storage_buffer");
    if (kind == GP_SYM_CBUFFER && !ps->nv5 && !(ps->options & GP_OPTION_NV_PARAMETER_BUFFER_OBJECT2))
        gp_fail(ps, decl_pos, "CBUFFER declarations require OPTION NV_parameter_buffer_object2 (or an "
                              "NV_gpu_program5 header)");
    if (kind == GP_SYM_SHARED && ps->stage != GP_STAGE_COMPUTE)
        gp_fail(ps, decl_pos, "SHARED declarations are only available in compute programs (!!NVcp5.0)");
    if (kind == GP_SYM_SHARED && !ps->cp_shared_pos)
        gp_fail(ps, decl_pos, "SHARED variables need a SHARED_MEMORY declaration before them");
    if (kind == GP_SYM_SHARED && ps->cp_shared_size == 0)
        gp_fail(ps, decl_pos, "SHARED_MEMORY 0 leaves no shared memory for SHARED variables");
    next(ps);
    gp_sym *s = gp_declare(ps, kind);
    int max_elems = kind == GP_SYM_CBUFFER ? 4 * ps->lim.max_parameter_buffer_size
                    : kind == GP_SYM_STORAGE ? MEM_MAX_STORAGE_BYTES : ps->cp_shared_size;
    if (max_elems < 1)
        max_elems = 1;
    int nbind = kind == GP_SYM_CBUFFER ? min_int(ps->lim.max_parameter_buffer_bindings, GP_MAX_PARAM_BUFFERS)
                : GP_MAX_STORAGE_BUFFERS;
    int size = -1, size_pos = 0;
    buffer_list l = { 0, 0, 0 };
    bool array = accept(ps, '[');
    if (array)
        mem_array_size(ps, what, max_elems, &size, &size_pos);
    /* NV_gpu_program5 <BUFFER_statement>: CBUFFER takes a second
     * <optArraySize>; with two, the first counts binding points */
    int nb_size = -1, nb_size_pos = 0;
    if (array && kind == GP_SYM_CBUFFER && ps->nv5 && accept(ps, '[')) {
        nb_size = size;
        nb_size_pos = size_pos;
        size = -1;
        mem_array_size(ps, what, max_elems, &size, &size_pos);
    }
    expect(ps, '=', "after the variable name");
    if (array)
        expect(ps, '{', "to start the array initializer");
    const char *word = kind == GP_SYM_CBUFFER ? "buffer" : kind == GP_SYM_STORAGE ? "storage" : "sharedmem";
    for (;;) {
        int start = buffer_binding_word(ps, word);
        int bpoint = 0, nb = 1;
        if (kind != GP_SYM_SHARED) /* program.buffer[a] / program.storage[a], or [a..b] (NV5) */
            bpoint = buffer_point(ps, start, nbind, kind == GP_SYM_CBUFFER ? "parameter buffer binding point"
                                                                           : "storage buffer binding point",
                                  true, &nb);
        int lo = 0, count = 0;
        if (is_punct(&ps->tok, '[')) {
            int epos = ps->tok.pos + 1;
            lo = gp_nv4_binding_range(ps, start, max_elems, kind == GP_SYM_SHARED ? "shared memory byte" : "byte",
                                   array, &count);
            if (kind == GP_SYM_SHARED && lo + count > ps->cp_shared_max) {
                ps->cp_shared_max = lo + count;
                ps->cp_shared_max_pos = epos;
            }
        } else {
            if (!array || l.n > 0 || is_punct(&ps->tok, ','))
                gp_fail(ps, start, "a whole %s binding can only initialize a %s array of that one binding",
                        kind == GP_SYM_SHARED ? "shared memory" : "buffer", what);
            count = size >= 0 ? size : max_elems;
        }
        buffer_list_add(ps, s, &l, start, what, bpoint, nb, lo, count);
        if (l.n > max_elems)
            gp_fail(ps, start, "%s array '%.*s' is larger than %d bytes", what, s->len > 40 ? 40 : s->len, s->name,
                    max_elems);
        if (kind == GP_SYM_STORAGE)
            for (int bp = bpoint; bp < bpoint + nb && bp < 32; bp++)
                ps->storage_used |= 1u << bp;
        if (!array || !accept(ps, ','))
            break;
    }
    buffer_list_end(ps, s, &l, array, size, size_pos);
    if (nb_size >= 0 && nb_size != (s->nbuf ? s->nbuf : 1))
        gp_fail(ps, nb_size_pos, "array '%.*s' is declared with %d binding points but bound to %d",
                s->len > 40 ? 40 : s->len, s->name, nb_size, s->nbuf ? s->nbuf : 1);
}

/* IMAGE (EXT_shader_image_load_store 2.X.3.X, DECL.IMAGE): image[a] or
 * "[" [n] "]" "=" "{" image[a..b], ... "}" with units increasing
 * consecutively, each < MAX_IMAGE_UNITS. */
void gp_mem_decl_image(gp_parse *ps)
{
    next(ps);
    gp_sym *sym = gp_declare(ps, GP_SYM_IMAGE);
    int limit = GP_MAX_IMAGE_UNITS;
    int size = -1, size_pos = 0;
    if (accept(ps, '[')) {
        sym->is_array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            if (ps->tok.big || ps->tok.ival > (uint32_t)limit || ps->tok.ival < 1)
                gp_fail(ps, size_pos, "invalid IMAGE array size %u (1..%d image units)", ps->tok.ival, limit);
            size = (int)ps->tok.ival;
            next(ps);
        }
        expect(ps, ']', "after the array size");
    }
    gp_unit_list_decl(ps, sym, limit, size, size_pos, "image", "IMAGE", "image unit");
}

