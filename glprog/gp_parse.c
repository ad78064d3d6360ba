/*
 * gp_parse.c - recursive-descent parser for the assembly languages: the
 * ARB headers (!!ARBvp1.0 / !!ARBfp1.0 with the NV option extensions
 * NV_vertex_program2/3, NV_fragment_program(2)) and the NV_gpu_program4/5
 * headers (!!NV*4.0, 4.1, 5.0, !!NVcp5.0).  Compile time, calling thread.
 *
 * The statement driver and what every dialect shares are here: statements
 * (declaration, label or instruction), instructions by grammar class,
 * operands, destinations, swizzles, write masks, condition code tests,
 * texture units and targets, symbols, options.  A front end per dialect
 * (gp_front, glprog/parse/parse_priv.h) adds what its grammar has beyond
 * that; each file is a translation unit of its own:
 *   parse/bindings.c  bindings and the parameter table (every dialect)
 *   parse/arb.c       the ARB front end: declarations, registers, address
 *                     registers, texture operands, opcode gating
 *   parse/nv.c        the NV_gpu_program4/5 front end: input and result
 *                     bindings, registers, destinations, texture operands,
 *                     opcode words and modifiers
 *   parse/nv_decl.c   its declarations: geometry and compute headers,
 *                     <varMods> declarations, TEXTURE, subroutines
 *   parse/memory.c    memory instructions, buffer and memory declarations
 *
 * Grammar references: ARB_vertex_program 2.14.2, ARB_fragment_program
 * 3.11.2, and the grammar changes in NV_fragment_program_option 3.11.2,
 * NV_fragment_program2 3.11.2, NV_vertex_program2_option 2.14.2 and
 * NV_vertex_program3 2.14.2.  One rule per operand shape (R2): instructions
 * are parsed by the grammar class of their gp_opcodes.def row, never by name.
 *
 * The parser resolves names (it has to, to parse "a[A0.x+1]"), lays out the
 * parameter table and builds gp_pinsn records.  Checks that need the whole
 * program (labels, block nesting, texture targets, aliasing, limits) are in
 * gp_validate.c; targets and program info are computed in gp_lower.c.
 */
#include "parse/parse_priv.h"

/* ---- operands (every dialect) --------------------------------------------
 * The shapes of 2.14.2 / 2.X.2 the dialects share; what a register or
 * binding is comes from the front end (gp_front). */

const gp_sym *gp_lookup(gp_parse *ps, const gp_token *t)
{
    gp_sym *s = gp_map_get(&ps->syms, ps->src + t->pos, t->len);
    if (!s)
        gp_fail(ps, t->pos, "undeclared identifier '%.*s'", t->len > 40 ? 40 : t->len, ps->src + t->pos);
    return s;
}

/* Component letters of a swizzle or mask token: returns 0..3 per letter in
 * comp[], the count, or -1 for a bad letter or mixed xyzw/rgba sets. */
int gp_components(gp_parse *ps, const gp_token *t, int *comp)
{
    const char *s = ps->src + t->pos;
    if (t->kind != GP_TOK_IDENT || t->len > 4)
        return -1;
    int set = -1;
    for (int i = 0; i < t->len; i++) {
        const char *p;
        int this_set;
        if ((p = strchr("xyzw", s[i])) && s[i])
            comp[i] = (int)(p - "xyzw"), this_set = 0;
        else if ((ps->stage == GP_STAGE_FRAGMENT || ps->nv4) && (p = strchr("rgba", s[i])) && s[i])
            comp[i] = (int)(p - "rgba"), this_set = 1;
        else
            return -1;
        if (set >= 0 && set != this_set)
            return -1;
        set = this_set;
    }
    return t->len;
}

/* <swizzleSuffix> / <scalarSuffix>, current token '.'. */
static void parse_swizzle(gp_parse *ps, gp_src *s, bool scalar)
{
    next(ps);
    int comp[4];
    int n = gp_components(ps, &ps->tok, comp);
    if (n != 1 && n != 4)
        gp_fail(ps, ps->tok.pos, "invalid swizzle '.%.*s'", ps->tok.len > 20 ? 20 : ps->tok.len,
                ps->src + ps->tok.pos);
    if (scalar && n != 1)
        gp_fail(ps, ps->tok.pos, "a scalar operand needs a single component, not '.%.*s'", ps->tok.len,
                ps->src + ps->tok.pos);
    next(ps);
    uint8_t old[4];
    memcpy(old, s->swz, 4);
    for (int i = 0; i < 4; i++)
        s->swz[i] = old[comp[n == 1 ? 0 : i]];
}

/* The operands every dialect reads alike, current token first: a
 * literal (*scalar_const: a bare scalar one), state.* or program.*, each
 * a parameter row.  Fails on a token that starts no operand; false for
 * other identifiers (nothing consumed). */
bool gp_param_src(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    gp_token t = ps->tok;
    if (t.kind == GP_TOK_INT || t.kind == GP_TOK_FLOAT || is_punct(&t, '{')) {
        s->file = GP_FILE_PARAM;
        s->index = gp_parse_param_single(ps, false, scalar_const);
    } else if (t.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, t.pos, "expected an operand, found %s", tok_str(ps, &t, b, sizeof(b)));
    } else if (tok_is(ps, &t, "state") || tok_is(ps, &t, "program")) {
        s->file = GP_FILE_PARAM;
        s->index = gp_parse_param_single(ps, false, NULL);
    } else {
        return false;
    }
    return true;
}

/* <instOperandV>/<instOperandS> (<vectorSrcReg>/<scalarSrcReg> in the ARB
 * grammars): [sign] ["|" [sign]] srcReg [suffix] ["|"].  SRC_BARE is the SWZ
 * source: no sign, no bars, no suffix. */
void gp_parse_src(gp_parse *ps, gp_src *s, int shape, int *pos_out)
{
    memset(s, 0, sizeof(*s));
    for (int i = 0; i < 4; i++)
        s->swz[i] = (uint8_t)i;
    *pos_out = ps->tok.pos;
    bool neg = false, abs = false;
    if (shape != SRC_BARE) {
        if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+')) {
            neg = ps->tok.punct == '-';
            next(ps);
        }
        if (is_punct(&ps->tok, '|')) {
            if (!ps->has_cc)
                gp_fail(ps, ps->tok.pos, "the |absolute value| operator requires an NV program option");
            abs = true;
            next(ps);
            if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+'))
                next(ps); /* a sign inside |..| cannot change the result */
        }
    }
    int reg_pos = ps->tok.pos;
    bool scalar_const;
    ps->last_size = 0;
    ps->last_sym = NULL;
    front(ps)->src_reg(ps, s, &scalar_const);
    if (shape != SRC_BARE && is_punct(&ps->tok, '.')) {
        parse_swizzle(ps, s, shape == SRC_SCALAR);
    } else if (shape == SRC_SCALAR) {
        /* NV_fragment_program_option / NV_vertex_program2_option let a
         * scalar constant stand alone ("COS r, 3.14159"); ARB needs ".x". */
        if (!(scalar_const && ps->has_cc))
            gp_fail(ps, ps->tok.pos, "a scalar operand needs a component selector such as '.x' after %.*s",
                    ps->prev.pos + ps->prev.len - reg_pos > 40 ? 40 : ps->prev.pos + ps->prev.len - reg_pos,
                    ps->src + reg_pos);
        memset(s->swz, GP_SWZ_X, 4); /* (v,v,v,v): any component is v */
    }
    if (abs)
        expect(ps, '|', "to close the absolute value");
    s->abs = abs;
    s->negate = neg ? 0xf : 0;
}

/* <ccTest>: a rule of the dialect (front end cc_rule) [.swizzle]. */
static bool parse_cc_test(gp_parse *ps, gp_cc_test *cc, bool required)
{
    const gp_front *fe = front(ps);
    uint8_t cond, reg;
    if (!fe->cc_rule(ps, &cond, &reg)) {
        if (!required)
            return false;
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a condition code test (%s), found %s", fe->cc_rules,
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    cc->cond = cond;
    cc->reg = reg;
    gp_src tmp;
    for (int i = 0; i < 4; i++)
        tmp.swz[i] = (uint8_t)i;
    if (is_punct(&ps->tok, '.'))
        parse_swizzle(ps, &tmp, false);
    memcpy(cc->swz, tmp.swz, 4);
    return true;
}

/* "(ccTest)" after a destination or a branch. */
void gp_opt_cc_mask(gp_parse *ps, gp_cc_test *cc)
{
    for (int i = 0; i < 4; i++)
        cc->swz[i] = (uint8_t)i;
    if (!is_punct(&ps->tok, '('))
        return;
    if (!ps->has_cc)
        gp_fail(ps, ps->tok.pos, "condition code masks require an NV program option");
    next(ps);
    parse_cc_test(ps, cc, true);
    expect(ps, ')', "after the condition code test");
}

/* <optionalMask>, current token '.': components in xyzw (or rgba) order. */
uint8_t gp_parse_write_mask(gp_parse *ps)
{
    next(ps);
    int comp[4];
    int n = gp_components(ps, &ps->tok, comp);
    uint8_t mask = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && comp[i] <= comp[i - 1]) {
            n = -1;
            break;
        }
        mask |= (uint8_t)(1u << comp[i]);
    }
    if (n <= 0)
        gp_fail(ps, ps->tok.pos, "invalid write mask '.%.*s'", ps->tok.len > 20 ? 20 : ps->tok.len,
                ps->src + ps->tok.pos);
    next(ps);
    return mask;
}

/* <maskedDstReg> / <instResult>: a result binding or a TEMP / OUTPUT
 * variable (the front end reads what the dialect allows after the name),
 * write mask, and with NV options a condition code mask. */
void gp_parse_dst(gp_parse *ps, gp_dst *d, int *pos_out)
{
    const gp_front *fe = front(ps);
    memset(d, 0, sizeof(*d));
    ps->last_size = 0;
    ps->last_sym = NULL;
    *pos_out = ps->tok.pos;
    gp_token t = ps->tok;
    if (tok_is(ps, &t, "result")) {
        fe->result_dst(ps, d);
    } else if (t.kind == GP_TOK_IDENT && !fe->is_input(ps, &t) && !tok_is(ps, &t, "state") &&
               !tok_is(ps, &t, "program")) {
        const gp_sym *sym = gp_lookup(ps, &t);
        next(ps);
        ps->last_size = sym->size;
        if (sym->dtype)
            ps->last_sym = sym;
        if (sym->kind == GP_SYM_ADDRESS)
            gp_fail(ps, t.pos, "address register '%.*s' can only be written by address instructions", t.len,
                    ps->src + t.pos);
        if (sym->kind != GP_SYM_TEMP && sym->kind != GP_SYM_OUTPUT)
            gp_fail(ps, t.pos, "'%.*s' is read-only and cannot be a destination", t.len > 40 ? 40 : t.len,
                    ps->src + t.pos);
        d->file = sym->kind == GP_SYM_TEMP ? GP_FILE_TEMP : GP_FILE_OUTPUT;
        fe->var_dst(ps, d, sym, &t);
        /* NV_fragment_program_option 3.11.3.4, NV_gpu_program4 2.X.3.5:
         * one size per result */
        if (d->file == GP_FILE_OUTPUT && sym->size) {
            uint8_t *sz = &ps->out_size[d->index & 63];
            if (*sz && *sz != sym->size)
                gp_fail(ps, t.pos, "result written through variables of different sizes (SHORT and LONG)");
            *sz = sym->size;
        }
    } else {
        char b[64];
        gp_fail(ps, t.pos, "expected a temporary or a result as the destination, found %s",
                tok_str(ps, &t, b, sizeof(b)));
    }
    d->mask = 0xf;
    if (is_punct(&ps->tok, '.'))
        d->mask = gp_parse_write_mask(ps);
    gp_opt_cc_mask(ps, &d->cc);
}

/* "texture" ["[" n "]"]: the texture image unit (ARB_fragment_program
 * <texImageUnit>, NV_gpu_program4 <texAccess>), n a constant below the
 * units there are (at most 32). */
int gp_texture_unit(gp_parse *ps)
{
    if (!accept_word(ps, "texture")) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected 'texture', found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    if (!accept(ps, '['))
        return 0;
    int upos = ps->tok.pos;
    if (ps->nv4 && ps->tok.kind == GP_TOK_IDENT)
        gp_fail(ps, upos, "the texture image unit must be a constant in NV_gpu_program4 programs");
    int unit = expect_int(ps, "a texture image unit");
    int limit = ps->lim.max_texture_image_units > 32 ? 32 : ps->lim.max_texture_image_units;
    if (unit >= limit)
        gp_fail(ps, upos, "texture image unit %d out of range (%d available)", unit, limit);
    expect(ps, ']', NULL);
    return unit;
}

/* The target words of texture and image instructions, and the grammars
 * that have each: ARB_fragment_program <texTarget> (with
 * ARB_fragment_program_shadow and MESA_texture_array), NV_gpu_program4
 * <texTarget> (Table X.17), the ARRAYCUBE targets of NV_gpu_program4.1 /
 * NV_gpu_program5, EXT_shader_image_load_store <imageTarget>. */
static const struct tex_word {
    const char *name;
    uint8_t target; /* gp_tex_target */
    uint8_t sets;   /* TEXW_* */
} tex_words[] = {
#define TEXW_ALL (TEXW_ARB | TEXW_NV4 | TEXW_IMAGE)
    { "1D", GP_TEX_1D, TEXW_ALL }, { "2D", GP_TEX_2D, TEXW_ALL }, { "3D", GP_TEX_3D, TEXW_ALL },
    { "CUBE", GP_TEX_CUBE, TEXW_ALL }, { "RECT", GP_TEX_RECT, TEXW_ALL }, { "ARRAY1D", GP_TEX_ARRAY1D, TEXW_ALL },
    { "ARRAY2D", GP_TEX_ARRAY2D, TEXW_ALL }, { "SHADOW1D", GP_TEX_SHADOW1D, TEXW_ARB | TEXW_NV4 },
    { "SHADOW2D", GP_TEX_SHADOW2D, TEXW_ARB | TEXW_NV4 }, { "SHADOWRECT", GP_TEX_SHADOWRECT, TEXW_ARB | TEXW_NV4 },
    { "SHADOWARRAY1D", GP_TEX_SHADOWARRAY1D, TEXW_ARB | TEXW_NV4 },
    { "SHADOWARRAY2D", GP_TEX_SHADOWARRAY2D, TEXW_ARB | TEXW_NV4 }, { "SHADOWCUBE", GP_TEX_SHADOWCUBE, TEXW_NV4 },
    { "2DMS", GP_TEX_2DMS, TEXW_NV4 | TEXW_IMAGE }, { "ARRAY2DMS", GP_TEX_ARRAY2DMS, TEXW_NV4 | TEXW_IMAGE },
    { "BUFFER", GP_TEX_BUFFER, TEXW_NV4 | TEXW_IMAGE }, { "RENDERBUFFER", GP_TEX_2DMS, TEXW_NV4 },
    { "ARRAYCUBE", GP_TEX_CUBEARRAY, TEXW_NV41 | TEXW_IMAGE }, { "SHADOWARRAYCUBE", GP_TEX_SHADOWCUBEARRAY, TEXW_NV41 },
#undef TEXW_ALL
};

/* <texTarget> / <imageTarget>: a word of the sets (TEXW_*); the numeric
 * ones ("2D", "2DMS") are a number and a word written together.  gate,
 * when set, names the OPTION a word needs (NULL: none); expected lists
 * the words for the message. */
void gp_parse_tex_target(gp_parse *ps, gp_pinsn *pi, unsigned sets,
                             const char *(*gate)(const gp_parse *ps, const char *word), const char *expected)
{
    pi->target_pos = ps->tok.pos;
    char word[24] = "";
    if (ps->tok.kind == GP_TOK_INT && ps->tok.ival >= 1 && ps->tok.ival <= 3) {
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT && t.pos == ps->tok.pos + ps->tok.len && t.len < 8)
            snprintf(word, sizeof(word), "%u%.*s", ps->tok.ival, t.len, ps->src + t.pos);
    } else if (ps->tok.kind == GP_TOK_IDENT && ps->tok.len < (int)sizeof(word)) {
        snprintf(word, sizeof(word), "%.*s", ps->tok.len, ps->src + ps->tok.pos);
    }
    const struct tex_word *tw = NULL;
    for (size_t i = 0; i < sizeof(tex_words) / sizeof(tex_words[0]); i++)
        if ((tex_words[i].sets & sets) && strcmp(word, tex_words[i].name) == 0)
            tw = &tex_words[i];
    if (!tw) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected %s, found %s", expected, tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const char *option = gate ? gate(ps, tw->name) : NULL;
    if (option)
        gp_fail(ps, pi->target_pos, "texture target %s requires OPTION %s", tw->name, option);
    if (ps->tok.kind == GP_TOK_INT)
        next(ps);
    next(ps);
    pi->in.tex_target = tw->target;
}

/* SWZ's <extendedSwizzle>: four of [sign] (0 | 1 | component), one set.
 * Each selector names a component of the source register as parsed (s->swz
 * on entry), never one this loop has already replaced: "w,x,x,y" reads
 * (w, x, x, y), not (w, w, w, w). */
static void parse_ext_swizzle(gp_parse *ps, gp_src *s)
{
    uint8_t src_swz[4];
    memcpy(src_swz, s->swz, 4);
    int set = -1;
    for (int i = 0; i < 4; i++) {
        if (i > 0)
            expect(ps, ',', "between extended swizzle components");
        bool neg = false;
        if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+')) {
            neg = ps->tok.punct == '-';
            next(ps);
        }
        int pos = ps->tok.pos;
        uint8_t sel;
        if (ps->tok.kind == GP_TOK_INT && ps->tok.len == 1 && ps->tok.ival <= 1) {
            sel = ps->tok.ival ? GP_SWZ_ONE : GP_SWZ_ZERO;
        } else {
            int comp[4];
            int n = gp_components(ps, &ps->tok, comp);
            int this_set = n == 1 ? (strchr("xyzw", ps->src[pos]) ? 0 : 1) : -1;
            if (n != 1 || (set >= 0 && set != this_set))
                gp_fail(ps, pos, "invalid extended swizzle selector '%.*s'", ps->tok.len > 20 ? 20 : ps->tok.len,
                        ps->src + pos);
            set = this_set;
            sel = src_swz[comp[0]];
        }
        next(ps);
        s->swz[i] = sel;
        if (neg)
            s->negate |= (uint8_t)(1u << i);
    }
}

/* ---- declarations (every dialect) ---------------------------------------- */

/* <establishName>: a new identifier.  Returns the new symbol. */
gp_sym *gp_declare(gp_parse *ps, int kind)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const char *name = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    if (front(ps)->is_reserved(ps, name, len))
        gp_fail(ps, ps->tok.pos, "'%.*s' is a reserved word", len, name);
    gp_sym *old = gp_map_get(&ps->syms, name, len);
    if (old) {
        int line, col;
        gp_lex_linecol(ps->src, ps->len, old->pos, &line, &col);
        gp_fail(ps, ps->tok.pos, "redeclaration of '%.*s' (first declared at line %d, column %d)",
                len > 40 ? 40 : len, name, line, col);
    }
    gp_sym *s = gp_alloc(ps, sizeof(*s));
    s->name = name;
    s->len = len;
    s->kind = (uint8_t)kind;
    s->pos = ps->tok.pos;
    s->array = -1;
    gp_map_put(ps, &ps->syms, name, len, s);
    next(ps);
    return s;
}

void gp_decl_alias(gp_parse *ps)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_token name = ps->tok;
    if (front(ps)->is_reserved(ps, ps->src + name.pos, name.len))
        gp_fail(ps, name.pos, "'%.*s' is a reserved word", name.len, ps->src + name.pos);
    if (gp_map_get(&ps->syms, ps->src + name.pos, name.len))
        gp_fail(ps, name.pos, "redeclaration of '%.*s'", name.len, ps->src + name.pos);
    next(ps);
    expect(ps, '=', "after the alias name");
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a variable name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_sym *target = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
    if (!target)
        gp_fail(ps, ps->tok.pos, "undeclared identifier '%.*s'", ps->tok.len, ps->src + ps->tok.pos);
    next(ps);
    /* 2.14.3.6: the alias names the same variable */
    gp_map_put(ps, &ps->syms, ps->src + name.pos, name.len, target);
}

/* ---- instructions --------------------------------------------------------- */

static gp_pinsn *new_insn(gp_parse *ps, int pos)
{
    if (ps->num_insns >= ps->insn_limit)
        gp_fail(ps, pos, "too many instructions (%d > %d)", ps->num_insns + 1, ps->insn_limit < 0 ? 0 : ps->insn_limit);
    gp_reserve(ps, (void **)&ps->insns, &ps->cap_insns, ps->num_insns, sizeof(*ps->insns));
    gp_pinsn *pi = &ps->insns[ps->num_insns++];
    memset(pi, 0, sizeof(*pi));
    pi->in.pos = pos;
    pi->in.target = -1;
    pi->in.tex_target = GP_TEX_NONE;
    for (int i = 0; i < 4; i++)
        pi->in.cond.swz[i] = (uint8_t)i;
    return pi;
}

/* The data type literals of operand i take (NV4; ARB: always float). */
void gp_operand_context(gp_parse *ps, const gp_insn *in, int i)
{
    ps->lit64 = 0;
    if (ps->nv4 && in->op == GP_OP_CVT) {
        /* the operand's storage type; a literal of a 64-bit type is an
         * exact pair of rows (gp_ir.h "64-bit storage", Constants) */
        int t = gp_cvt_gptype(in->cvt_src);
        if (t == GP_TYPE_S64 || t == GP_TYPE_U64 || t == GP_TYPE_F64)
            ps->lit64 = (uint8_t)t;
        gp_set_operand_type(ps, (uint8_t)(t == GP_TYPE_S64 ? GP_TYPE_S32 : t == GP_TYPE_U64 ? GP_TYPE_U32
                                       : t == GP_TYPE_F64 ? GP_TYPE_F32 : t));
        return;
    }
    if (ps->nv4) {
        /* 64-bit types: a literal is an exact pair of rows (gp_ir.h
         * "64-bit storage", Constants); PK64 / UP64 keep their rules */
        int t = gp_kind_type(gp_io_kind(gp_opinfo_table[in->op].io, i + 1), in->type);
        if ((t == GP_TYPE_S64 || t == GP_TYPE_U64 || t == GP_TYPE_F64) && in->op != GP_OP_PK64 &&
            in->op != GP_OP_UP64)
            ps->lit64 = (uint8_t)t;
        gp_set_operand_type(ps, (uint8_t)(t == GP_TYPE_S64 ? GP_TYPE_S32 : t == GP_TYPE_U64 ? GP_TYPE_U32
                                       : t == GP_TYPE_F64 ? GP_TYPE_F32 : t));
    }
}


static void parse_instruction(gp_parse *ps, const gp_opword *w0)
{
    gp_opword w1 = *w0, *w = &w1;
    const gp_opinfo *oi = &gp_opinfo_table[w->op];
    gp_token optok = ps->tok;
    gp_pinsn *pi = new_insn(ps, ps->tok.pos);
    gp_insn *in = &pi->in;
    ps->lit64 = 0;
    in->op = (uint16_t)w->op;
    in->sat = w->sat;
    in->precision = (uint8_t)w->prec;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    next(ps);
    if (front(ps)->opword)
        front(ps)->opword(ps, w, &optok, pi);
    if (oi->flags & GP_OPF_MEMORY) {
        gp_mem_operands(ps, pi);
        gp_set_operand_type(ps, GP_TYPE_F32);
        return;
    }
    switch (oi->cls) {
    case GP_CLASS_VECTOR:
    case GP_CLASS_SCALAR:
    case GP_CLASS_BINSC:
    case GP_CLASS_BIN:
    case GP_CLASS_TRI:
    case GP_CLASS_VECSCA:
    case GP_CLASS_TEX:
    case GP_CLASS_TXD:
    case GP_CLASS_SWZ:
        gp_parse_dst(ps, &in->dst, &pi->dst_pos);
        pi->dst_size = ps->last_size;
        pi->dst_sym = ps->last_sym;
        for (int i = 0; i < oi->nsrc; i++) {
            expect(ps, ',', "between operands");
            int shape = SRC_VECTOR;
            if (oi->cls == GP_CLASS_SCALAR || oi->cls == GP_CLASS_BINSC || (oi->cls == GP_CLASS_VECSCA && i == 1))
                shape = SRC_SCALAR;
            if (oi->cls == GP_CLASS_SWZ)
                shape = SRC_BARE;
            gp_operand_context(ps, in, i);
            gp_parse_src(ps, &in->src[i], shape, &pi->src_pos[i]);
            pi->src_size[i] = ps->last_size;
            pi->src_sym[i] = ps->last_sym;
        }
        if (oi->cls == GP_CLASS_SWZ) {
            expect(ps, ',', "before the extended swizzle");
            parse_ext_swizzle(ps, &in->src[0]);
        }
        if (oi->cls == GP_CLASS_TEX || oi->cls == GP_CLASS_TXD) {
            expect(ps, ',', "before the texture unit");
            front(ps)->texture(ps, pi);
        }
        break;
    case GP_CLASS_ARL:
        gp_parse_addr_dst(ps, &in->dst, &pi->dst_pos);
        expect(ps, ',', "between operands");
        /* ARB: <scalarSrcReg>; NV_vertex_program2: <instOperandV> */
        gp_parse_src(ps, &in->src[0], (ps->prof & GP_PROF_VP2) ? SRC_VECTOR : SRC_SCALAR, &pi->src_pos[0]);
        break;
    case GP_CLASS_ARA:
        gp_parse_addr_dst(ps, &in->dst, &pi->dst_pos);
        expect(ps, ',', "between operands");
        gp_parse_addr_src(ps, &in->src[0], &pi->src_pos[0]);
        break;
    case GP_CLASS_PUSHA:
        gp_parse_addr_src(ps, &in->src[0], &pi->src_pos[0]);
        break;
    case GP_CLASS_POPA: {
        int mpos = ps->tok.pos;
        gp_parse_addr_dst(ps, &in->dst, &pi->dst_pos);
        if (in->dst.mask != 0xf)
            gp_fail(ps, mpos, "POPA writes the whole address register (write mask .xyzw)");
        break;
    }
    case GP_CLASS_KIL: {
        /* ARB: KIL <vectorSrcReg>; NV_fragment_program_option: or a bare
         * <ccTest> ("KIL GT.x").  A declared variable wins over a cc name,
         * since condition code names are not reserved. */
        bool is_cc = false;
        if (ps->has_cc && ps->tok.kind == GP_TOK_IDENT && !gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len))
            is_cc = parse_cc_test(ps, &in->cond, false);
        if (!is_cc) {
            gp_operand_context(ps, in, 0);
            gp_parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
            pi->src_sym[0] = ps->last_sym;
        }
        break;
    }
    case GP_CLASS_BRA:
        if (in->op == GP_OP_CALI) {
            gp_sub_cali_operand(ps, pi);
            break;
        }
        if (ps->tok.kind != GP_TOK_IDENT) {
            char b[64];
            gp_fail(ps, ps->tok.pos, "expected a label, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
        }
        pi->label = ps->src + ps->tok.pos;
        pi->label_len = ps->tok.len;
        pi->label_pos = ps->tok.pos;
        next(ps);
        gp_opt_cc_mask(ps, &in->cond);
        break;
    case GP_CLASS_FLOW:
        gp_opt_cc_mask(ps, &in->cond);
        break;
    case GP_CLASS_IF:
        parse_cc_test(ps, &in->cond, true);
        break;
    case GP_CLASS_SRCS:
        /* NV_gpu_program5 EMITS <instOperandS>; 2.14.6.2: "A program will
         * fail to load if it contains an EMITS instruction and the output
         * primitive type ... is not POINTS." */
        if (in->op == GP_OP_EMITS && ps->gs_prim_out != GP_PRIM_POINTS)
            gp_fail(ps, optok.pos, "EMITS requires PRIMITIVE_OUT POINTS (NV_gpu_program5 2.14.6.2)");
        gp_operand_context(ps, in, 0);
        gp_parse_src(ps, &in->src[0], SRC_SCALAR, &pi->src_pos[0]);
        pi->src_sym[0] = ps->last_sym;
        break;
    case GP_CLASS_LOOP:
        /* NV_gpu_program4: "REP" without a count loops until BRK / RET */
        if (ps->nv4 && is_punct(&ps->tok, ';'))
            break;
        gp_operand_context(ps, in, 0);
        gp_parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
        pi->src_sym[0] = ps->last_sym;
        break;
    default:
        break;
    }
    if (ps->nv4)
        gp_set_operand_type(ps, GP_TYPE_F32);
}

/* ---- statements ----------------------------------------------------------- */

static void parse_label(gp_parse *ps)
{
    gp_token t = ps->tok;
    next(ps);
    int subnum = 0;
    if (!is_punct(&ps->tok, ':')) {
        /* NV5 <instLabel>: <identifier> "SUBROUTINENUM" "(" <int> ")" */
        next(ps); /* SUBROUTINENUM */
        expect(ps, '(', "after SUBROUTINENUM");
        int npos = ps->tok.pos;
        bool big = ps->tok.big;
        uint32_t v = ps->tok.ival;
        expect_int(ps, "a subroutine number");
        if (big || v >= GP_MAX_SUBROUTINE_NUM)
            gp_fail(ps, npos, "SUBROUTINENUM %u out of range (MAX_PROGRAM_SUBROUTINE_NUM_NV is %d)", v,
                    GP_MAX_SUBROUTINE_NUM);
        for (int i = 0; i < ps->num_labels; i++)
            if (ps->labels[i].subnum1 == (int)v + 1)
                gp_fail(ps, npos, "SUBROUTINENUM %u is already given to label '%.*s'", v,
                        ps->labels[i].len > 40 ? 40 : ps->labels[i].len, ps->labels[i].name);
        subnum = (int)v + 1;
        expect(ps, ')', "after the subroutine number");
        if (!is_punct(&ps->tok, ':')) {
            char b[64];
            gp_fail(ps, ps->tok.pos, "expected ':' after the label, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
        }
    }
    next(ps); /* ':' */
    if (gp_map_get(&ps->labelmap, ps->src + t.pos, t.len))
        gp_fail(ps, t.pos, "duplicate label '%.*s'", t.len > 40 ? 40 : t.len, ps->src + t.pos);
    gp_reserve(ps, (void **)&ps->labels, &ps->cap_labels, ps->num_labels, sizeof(*ps->labels));
    gp_plabel *l = &ps->labels[ps->num_labels++];
    *l = (gp_plabel){ ps->src + t.pos, t.len, t.pos, ps->num_insns, subnum };
    gp_map_put(ps, &ps->labelmap, l->name, l->len, (void *)(intptr_t)ps->num_labels);
}

/* One statement: a declaration (the front end's), a label or an
 * instruction, and its ';'. */
static void parse_statement(gp_parse *ps)
{
    const gp_front *fe = front(ps);
    gp_token t = ps->tok;
    char b[64];
    if (t.kind != GP_TOK_IDENT)
        gp_fail(ps, t.pos, "expected an instruction or declaration, found %s", tok_str(ps, &t, b, sizeof(b)));
    if (tok_is(ps, &t, "OPTION"))
        gp_fail(ps, t.pos, "OPTION must come before all other statements");
    if (fe->head && fe->head(ps, &t)) {
        expect_semicolon(ps);
        return;
    }
    /* "name:", NV5 "name SUBROUTINENUM(n):" */
    bool label = false;
    if (ps->has_labels) {
        gp_token after = peek(ps);
        label = is_punct(&after, ':') || (ps->nv5 && tok_is(ps, &after, "SUBROUTINENUM"));
    }
    if (label && fe->labels_first) {
        parse_label(ps);
        return;
    }
    if (fe->declaration(ps, &t)) {
        expect_semicolon(ps);
        return;
    }
    if (label) {
        parse_label(ps);
        return;
    }
    gp_opword w;
    if (!gp_opcode_split(ps->src + t.pos, t.len, &w) || w.op == GP_OP_END) {
        if (gp_map_get(&ps->syms, ps->src + t.pos, t.len))
            gp_fail(ps, t.pos, "expected an instruction or declaration, found the variable %s",
                    tok_str(ps, &t, b, sizeof(b)));
        gp_fail(ps, t.pos, "unknown opcode %s", tok_str(ps, &t, b, sizeof(b)));
    }
    if (fe->check_opcode)
        fe->check_opcode(ps, &w, &t);
    parse_instruction(ps, &w);
    expect_semicolon(ps);
}

/* ---- options -------------------------------------------------------------- */

struct opt {
    const char *name;
    uint32_t bit;
    int stage;
    uint8_t langs; /* ARB / NV4 below */
};
enum { OPT_ARB = 1, OPT_NV4 = 2, OPT_NV5 = 4 }; /* OPT_NV5: only under an NV_gpu_program5 header */
/* ARB_vertex_program 2.14.4.5, ARB_fragment_program 3.11.4.5, the
 * extensions that add options, and NV_vertex_program4 / NV_fragment_
 * program4 2.X.6.Y (NV_geometry_program4 has none; NV_explicit_
 * multisample's applies to every program type); stage -1 = any. */
static const struct opt opts[] = {
    { "ARB_position_invariant", GP_OPTION_POSITION_INVARIANT, GP_STAGE_VERTEX, OPT_ARB | OPT_NV4 },
    { "NV_vertex_program2", GP_OPTION_NV_VERTEX_PROGRAM2, GP_STAGE_VERTEX, OPT_ARB },
    { "NV_vertex_program3", GP_OPTION_NV_VERTEX_PROGRAM3, GP_STAGE_VERTEX, OPT_ARB },
    { "ARB_fog_exp", GP_OPTION_FOG_EXP, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_fog_exp2", GP_OPTION_FOG_EXP2, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_fog_linear", GP_OPTION_FOG_LINEAR, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_precision_hint_fastest", GP_OPTION_PRECISION_FASTEST, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_precision_hint_nicest", GP_OPTION_PRECISION_NICEST, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_fragment_program_shadow", GP_OPTION_FRAGMENT_PROGRAM_SHADOW, -1, OPT_ARB | OPT_NV4 },
    { "NV_fragment_program", GP_OPTION_NV_FRAGMENT_PROGRAM, GP_STAGE_FRAGMENT, OPT_ARB },
    { "NV_fragment_program2", GP_OPTION_NV_FRAGMENT_PROGRAM2, GP_STAGE_FRAGMENT, OPT_ARB },
    { "ARB_draw_buffers", GP_OPTION_DRAW_BUFFERS, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ATI_draw_buffers", GP_OPTION_DRAW_BUFFERS, GP_STAGE_FRAGMENT, OPT_ARB | OPT_NV4 },
    { "ARB_fragment_coord_origin_upper_left", GP_OPTION_ORIGIN_UPPER_LEFT, GP_STAGE_FRAGMENT, OPT_ARB },
    { "ARB_fragment_coord_pixel_center_integer", GP_OPTION_PIXEL_CENTER_INTEGER, GP_STAGE_FRAGMENT, OPT_ARB },
    { "MESA_texture_array", GP_OPTION_TEXTURE_ARRAY, GP_STAGE_FRAGMENT, OPT_ARB },
    { "NV_explicit_multisample", GP_OPTION_NV_EXPLICIT_MULTISAMPLE, -1, OPT_NV4 },
    { "NV_texture_multisample", GP_OPTION_NV_TEXTURE_MULTISAMPLE, -1, OPT_NV4 },
    /* NV_gpu_program5 2.X.6.Y and 3.11.4.5.3 (NV5 fragment programs only) */
    { "NV_early_fragment_tests", GP_OPTION_NV_EARLY_FRAGMENT_TESTS, GP_STAGE_FRAGMENT, OPT_NV5 },
    { "ARB_blend_func_extended", GP_OPTION_ARB_BLEND_FUNC_EXTENDED, GP_STAGE_FRAGMENT, OPT_NV5 },
    /* NV_shader_thread_group "Dependencies on NV_gpu_program5" (TGBALLOT, QSWZ*) */
    { "NV_shader_thread_group", GP_OPTION_NV_SHADER_THREAD_GROUP, -1, OPT_NV5 },
    /* NV_shader_thread_shuffle "Dependencies on NV_gpu_program5" (SHF*) */
    { "NV_shader_thread_shuffle", GP_OPTION_NV_SHADER_THREAD_SHUFFLE, -1, OPT_NV5 },
    /* NV_bindless_texture 2.X.5.Y (any stage): handle(<operand>) */
    { "NV_bindless_texture", GP_OPTION_NV_BINDLESS_TEXTURE, -1, OPT_NV5 },
    /* NV_shader_buffer_load / NV_parameter_buffer_object2
     * 2.X.6 (NV4; implied by the 5.0 headers, accepted there too),
     * NV_shader_atomic_float / _int64, NV_gpu_program5_mem_extended and
     * NV_shader_storage_buffer_object "Dependencies on NV_gpu_program5"
     * (any stage, compute included) */
    { "NV_shader_buffer_load", GP_OPTION_NV_SHADER_BUFFER_LOAD, -1, OPT_NV4 },
    { "NV_parameter_buffer_object2", GP_OPTION_NV_PARAMETER_BUFFER_OBJECT2, -1, OPT_NV4 },
    { "NV_shader_atomic_float", GP_OPTION_NV_SHADER_ATOMIC_FLOAT, -1, OPT_NV5 },
    { "NV_shader_atomic_int64", GP_OPTION_NV_SHADER_ATOMIC_INT64, -1, OPT_NV5 },
    { "NV_gpu_program5_mem_extended", GP_OPTION_NV_GPU_PROGRAM5_MEM_EXTENDED, -1, OPT_NV5 },
    { "NV_shader_storage_buffer", GP_OPTION_NV_SHADER_STORAGE_BUFFER, -1, OPT_NV5 },
};

/* The names of the options in mask, as "A or B" (the OPTION gate of an
 * opcode, gp_opcodes.def), in the order of the table above. */
const char *gp_option_names(uint32_t mask, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]) && n < size; i++)
        if (opts[i].bit & mask) {
            n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? " or " : "", opts[i].name);
            mask &= ~opts[i].bit;
        }
    return buf;
}

static void parse_option(gp_parse *ps)
{
    next(ps); /* OPTION */
    gp_token t = ps->tok;
    char b[64];
    if (t.kind != GP_TOK_IDENT)
        gp_fail(ps, t.pos, "expected an option name, found %s", tok_str(ps, &t, b, sizeof(b)));
    const struct opt *o = NULL;
    for (size_t i = 0; i < sizeof(opts) / sizeof(opts[0]); i++)
        if (tok_is(ps, &t, opts[i].name))
            o = &opts[i];
    if (!o)
        gp_fail(ps, t.pos, "unknown option %s", tok_str(ps, &t, b, sizeof(b)));
    if (o->langs == OPT_NV5 && !ps->nv5)
        gp_fail(ps, t.pos, "option %s requires an NV_gpu_program5 header", o->name);
    if (!(o->langs & (ps->nv5 ? OPT_NV4 | OPT_NV5 : ps->nv4 ? OPT_NV4 : OPT_ARB)))
        gp_fail(ps, t.pos, "option %s is not available in %s programs", o->name,
                ps->nv4 ? "NV_gpu_program4" : "ARB");
    if (o->stage >= 0 && o->stage != (int)ps->stage)
        gp_fail(ps, t.pos, "option %s is not available in %s programs", o->name, gp_stage_word(ps->stage));
    const uint32_t fog = GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR;
    const uint32_t hint = GP_OPTION_PRECISION_FASTEST | GP_OPTION_PRECISION_NICEST;
    /* 3.11.4.5.1 / 3.11.4.5.2: one fog option, one precision hint */
    if ((o->bit & fog) && (ps->options & fog & ~o->bit))
        gp_fail(ps, t.pos, "option %s conflicts with an earlier ARB_fog option", o->name);
    if ((o->bit & hint) && (ps->options & hint & ~o->bit))
        gp_fail(ps, t.pos, "option %s conflicts with the earlier precision hint", o->name);
    ps->options |= o->bit;
    next(ps);
    expect_semicolon(ps);
}

/* The environment the options describe: profile bits, modifiers, syntax. */
static void setup_environment(gp_parse *ps, int first_stmt_pos)
{
    uint32_t o = ps->options;
    if (ps->nv4) {
        /* NV_gpu_program4: one instruction set for every program type,
         * condition codes CC0/CC1, labels (subroutines), |abs| */
        ps->prof = ps->nv5 ? GP_PROF_NV5 : ps->nv41 ? GP_PROF_NV4 | GP_PROF_NV41 : GP_PROF_NV4;
        ps->mods = 0; /* modifiers come from the opcode table's nv4 column */
        ps->has_cc = true;
        ps->cc01 = true;
        ps->has_labels = true;
    } else if (ps->stage == GP_STAGE_VERTEX) {
        bool vp3 = (o & GP_OPTION_NV_VERTEX_PROGRAM3) != 0;
        bool vp2 = vp3 || (o & GP_OPTION_NV_VERTEX_PROGRAM2);
        ps->prof = GP_PROF_ARBVP | (vp2 ? GP_PROF_VP2 : 0) | (vp3 ? GP_PROF_VP3 : 0);
        ps->mods = vp3 ? (GP_MODBIT_CC | GP_MODBIT_SAT) : vp2 ? GP_MODBIT_CC : 0;
        ps->has_cc = vp2;
        ps->cc01 = vp3;
        ps->has_labels = vp2;
        /* NV_vertex_program3 "Dependencies on ARB_fragment_program_shadow" */
        if ((o & GP_OPTION_FRAGMENT_PROGRAM_SHADOW) && !vp3)
            gp_fail(ps, first_stmt_pos, "OPTION ARB_fragment_program_shadow in a vertex program requires "
                                        "OPTION NV_vertex_program3");
    } else {
        bool fp2 = (o & GP_OPTION_NV_FRAGMENT_PROGRAM2) != 0;
        bool fpo = fp2 || (o & GP_OPTION_NV_FRAGMENT_PROGRAM);
        ps->prof = GP_PROF_ARBFP | (fpo ? GP_PROF_FPO : 0) | (fp2 ? GP_PROF_FP2 : 0);
        ps->mods = GP_MODBIT_SAT | (fpo ? GP_MODBIT_CC | GP_MODBIT_PREC | GP_MODBIT_PRECX : 0) |
                   (fp2 ? GP_MODBIT_SSAT : 0);
        ps->has_cc = fpo;
        ps->has_labels = fp2;
    }
    /* 2.14.4.5.1 and 3.11.4.5.1 take instructions for the fixed-function
     * work the option adds. */
    ps->insn_limit = ps->lim.max_instructions;
    if (o & GP_OPTION_POSITION_INVARIANT)
        ps->insn_limit -= 4;
    if (o & GP_OPTION_FOG_EXP)
        ps->insn_limit -= 3;
    if (o & GP_OPTION_FOG_EXP2)
        ps->insn_limit -= 4;
    if (o & GP_OPTION_FOG_LINEAR)
        ps->insn_limit -= 2;
}

/* Header (checked by gp_compile), options, statements, END.  Text after
 * END is not parsed. */
void gp_parse_program(gp_parse *ps)
{
    ps->lx.hex = ps->nv4; /* NV_gpu_program4 <int> may be hexadecimal */
    next(ps);
    while (tok_is(ps, &ps->tok, "OPTION"))
        parse_option(ps);
    setup_environment(ps, ps->tok.pos);
    for (;;) {
        if (ps->tok.kind == GP_TOK_EOF)
            gp_fail(ps, ps->tok.pos, "missing END at the end of the program");
        if (tok_is(ps, &ps->tok, "END")) {
            ps->end_pos = ps->tok.pos;
            const char *missing = ps->nv4 && !ps->decls_done ? gp_gs_missing_decl(ps) : NULL;
            if (missing)
                gp_fail(ps, ps->tok.pos, "missing %s declaration (%s)", missing, gp_decl_rule(ps));
            break;
        }
        parse_statement(ps);
    }
}
