/*
 * parse/arb.c - the ARB front end (!!ARBvp1.0, !!ARBfp1.0 and the NV
 * option extensions): reserved words, declarations, registers, address
 * registers, destinations, texture operands, condition code rules and the
 * opcode gating of the options.
 *
 * One of the parser's translation units (gp_parse.c has the file map);
 * compile time, calling thread.
 */
#include "parse_priv.h"

/* ---- declarations --------------------------------------------------------- */

/* ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2: the keywords,
 * the binding words of the program type and every opcode (and variant) of
 * the program's environment. */
static bool arb_is_reserved(gp_parse *ps, const char *s, int len)
{
    static const char *const common[] = { "ALIAS", "ATTRIB", "END", "OPTION", "OUTPUT", "PARAM",
                                          "TEMP", "program", "result", "state" };
    static const char *const vp[] = { "ADDRESS", "vertex" };
    static const char *const fp[] = { "fragment", "texture" };
    for (size_t i = 0; i < sizeof(common) / sizeof(common[0]); i++)
        if ((size_t)len == strlen(common[i]) && memcmp(s, common[i], (size_t)len) == 0)
            return true;
    const char *const *extra = ps->stage == GP_STAGE_VERTEX ? vp : fp;
    for (int i = 0; i < 2; i++)
        if ((size_t)len == strlen(extra[i]) && memcmp(s, extra[i], (size_t)len) == 0)
            return true;
    /* every opcode (and variant) of the program's environment is reserved */
    gp_opword w;
    if (gp_opcode_split(s, len, &w)) {
        const gp_opinfo *oi = &gp_opinfo_table[w.op];
        uint32_t m = gp_opword_mods(&w);
        bool cc_ok = w.cc < 2 || ps->cc01;
        if ((oi->profiles & ps->prof) && !(m & ~(oi->mods & ps->mods)) && cc_ok)
            return true;
    }
    return false;
}

static void decl_temp(gp_parse *ps, uint8_t size)
{
    do {
        gp_sym *s = gp_declare(ps, GP_SYM_TEMP);
        s->size = size;
        s->index = ps->num_temps++;
        int limit = ps->lim.max_temporaries;
        if (ps->options & (GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR))
            limit -= 1; /* ARB_fragment_program 3.11.4.5.1 */
        if (ps->num_temps > limit)
            gp_fail(ps, s->pos, "too many temporaries (%d > %d)", ps->num_temps, limit < 0 ? 0 : limit);
    } while (accept(ps, ','));
}

static void decl_address(gp_parse *ps)
{
    do {
        gp_sym *s = gp_declare(ps, GP_SYM_ADDRESS);
        s->index = ps->num_address++;
        if (ps->num_address > ps->lim.max_address_registers)
            gp_fail(ps, s->pos, "too many address registers (%d > %d)", ps->num_address,
                    ps->lim.max_address_registers);
    } while (accept(ps, ','));
}

static void decl_attrib(gp_parse *ps)
{
    gp_sym *s = gp_declare(ps, GP_SYM_ATTRIB);
    expect(ps, '=', "after the attribute name");
    gp_src dummy = { 0 };
    if (ps->stage == GP_STAGE_VERTEX && tok_is(ps, &ps->tok, "vertex"))
        s->index = gp_parse_vertex_binding(ps, &dummy, false);
    else if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &ps->tok, "fragment"))
        s->index = gp_parse_fragment_binding(ps, &dummy, false);
    else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a %s attribute binding, found %s",
                ps->stage == GP_STAGE_VERTEX ? "vertex" : "fragment", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    ps->inputs_bound |= 1ull << s->index;
}

static void decl_output(gp_parse *ps, uint8_t size)
{
    gp_sym *s = gp_declare(ps, GP_SYM_OUTPUT);
    s->size = size;
    expect(ps, '=', "after the result name");
    if (!tok_is(ps, &ps->tok, "result")) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a result binding, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_dst d = { 0 };
    gp_parse_result_binding(ps, &d, false);
    s->index = d.index;
    s->clipdist = d.clipdist;
}

/* ---- operands ------------------------------------------------------------- */

/* "name[...]" on a parameter array, current token '['. */
static void parse_array_access(gp_parse *ps, const gp_sym *sym, gp_src *s)
{
    next(ps);
    s->file = GP_FILE_PARAM;
    if (ps->tok.kind == GP_TOK_INT) {
        int pos = ps->tok.pos;
        uint32_t v = ps->tok.ival;
        next(ps);
        /* 2.14.3.2: absolute accesses are checked against the array */
        if (v >= (uint32_t)sym->count)
            gp_fail(ps, pos, "array index %u out of bounds for '%.*s' (%d elements)", v, sym->len > 40 ? 40 : sym->len,
                    sym->name, sym->count);
        s->index = sym->index + (int)v;
        s->rel_lo = s->rel_hi = s->index;
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        if (ps->stage != GP_STAGE_VERTEX)
            gp_fail(ps, ps->tok.pos, "relative addressing of parameter arrays is only available in vertex programs");
        int off = gp_parse_rel_index(ps, &s->rel_reg, &s->rel_comp, (ps->prof & GP_PROF_VP2) != 0);
        MARK_REL(s, GP_FILE_ADDRESS, sym->index, sym->index + sym->count - 1);
        s->index = sym->index + off;
        ps->arrays[sym->array].relative = true;
    } else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an array index, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    expect(ps, ']', "after the array index");
}

/* <srcReg>: fills file/index (and rel); *scalar_const says it was a bare
 * scalar constant (which NV options accept as a scalar operand). */
static void arb_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    gp_token t = ps->tok;
    *scalar_const = false;
    if (gp_param_src(ps, s, scalar_const)) {
        /* a literal, state.* or program.* */
    } else if ((ps->stage == GP_STAGE_VERTEX && tok_is(ps, &t, "vertex")) ||
               (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "fragment"))) {
        s->file = GP_FILE_INPUT;
        int slot = ps->stage == GP_STAGE_VERTEX ? gp_parse_vertex_binding(ps, s, true)
                                                : gp_parse_fragment_binding(ps, s, true);
        if (slot != INT32_MIN) {
            s->index = slot;
            ps->inputs_bound |= 1ull << slot;
        } else {
            for (int i = s->rel_lo; i <= s->rel_hi; i++)
                ps->inputs_bound |= 1ull << i;
        }
    } else if (tok_is(ps, &t, "result")) {
        gp_fail(ps, t.pos, "result bindings are write-only and cannot be read");
    } else if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "texture")) {
        gp_fail(ps, t.pos, "expected an operand, found 'texture' (a texture unit is not an operand here)");
    } else {
        const gp_sym *sym = gp_lookup(ps, &t);
        next(ps);
        switch (sym->kind) {
        case GP_SYM_TEMP:
            s->file = GP_FILE_TEMP;
            s->index = sym->index;
            ps->last_size = sym->size;
            break;
        case GP_SYM_ATTRIB:
            s->file = GP_FILE_INPUT;
            s->index = sym->index;
            break;
        case GP_SYM_PARAM:
            if (is_punct(&ps->tok, '['))
                gp_fail(ps, ps->tok.pos, "'%.*s' is not a parameter array", t.len, ps->src + t.pos);
            s->file = GP_FILE_PARAM;
            s->index = sym->index;
            break;
        case GP_SYM_PARAM_ARRAY:
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, t.pos, "parameter array '%.*s' needs an index", t.len, ps->src + t.pos);
            parse_array_access(ps, sym, s);
            return;
        case GP_SYM_OUTPUT:
            gp_fail(ps, t.pos, "'%.*s' is a result variable and cannot be read", t.len, ps->src + t.pos);
        default:
            gp_fail(ps, t.pos, "address register '%.*s' cannot be used as an operand", t.len, ps->src + t.pos);
        }
        if (is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "'%.*s' is not a parameter array", t.len, ps->src + t.pos);
    }
    if (!s->rel)
        s->rel_lo = s->rel_hi = s->index;
}

/* An address register (ADDRESS variable), consumed. */
static const gp_sym *address_register(gp_parse *ps)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an address register, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const gp_sym *sym = gp_lookup(ps, &ps->tok);
    if (sym->kind != GP_SYM_ADDRESS)
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an address register", ps->tok.len, ps->src + ps->tok.pos);
    next(ps);
    return sym;
}

/* An address register operand (ARA, PUSHA): no swizzle. */
void gp_parse_addr_src(gp_parse *ps, gp_src *s, int *pos_out)
{
    memset(s, 0, sizeof(*s));
    *pos_out = ps->tok.pos;
    const gp_sym *sym = address_register(ps);
    if (is_punct(&ps->tok, '.'))
        gp_fail(ps, ps->tok.pos, "this address register operand takes no swizzle");
    s->file = GP_FILE_ADDRESS;
    s->index = s->rel_lo = s->rel_hi = sym->index;
    for (int i = 0; i < 4; i++)
        s->swz[i] = (uint8_t)i;
}

/* Address register destination (ARL, ARR, ARA, POPA). */
void gp_parse_addr_dst(gp_parse *ps, gp_dst *d, int *pos_out)
{
    memset(d, 0, sizeof(*d));
    *pos_out = ps->tok.pos;
    const gp_sym *sym = address_register(ps);
    d->file = GP_FILE_ADDRESS;
    d->index = d->rel_lo = d->rel_hi = sym->index;
    d->mask = 0xf;
    if (!(ps->prof & GP_PROF_VP2)) {
        /* ARB_vertex_program <addrWriteMask> ::= "." "x" (mandatory) */
        int mpos = ps->tok.pos;
        if (!is_punct(&ps->tok, '.'))
            gp_fail(ps, mpos, "address register write mask must be '.x'");
        d->mask = gp_parse_write_mask(ps);
        if (d->mask != 1)
            gp_fail(ps, mpos + 1, "address register write mask must be '.x'");
    } else if (is_punct(&ps->tok, '.')) {
        d->mask = gp_parse_write_mask(ps);
    }
    gp_opt_cc_mask(ps, &d->cc);
}

/* ARB_fragment_program_shadow and MESA_texture_array gate their targets. */
static const char *arb_tex_gate(const gp_parse *ps, const char *word)
{
    if (strncmp(word, "SHADOW", 6) == 0 && !(ps->options & GP_OPTION_FRAGMENT_PROGRAM_SHADOW))
        return "ARB_fragment_program_shadow";
    if (strstr(word, "ARRAY") && !(ps->options & GP_OPTION_TEXTURE_ARRAY))
        return "MESA_texture_array";
    return NULL;
}

/* "texture[n]" "," target (ARB_fragment_program <texImageUnit>
 * <texTarget>, ARB_fragment_program_shadow, MESA_texture_array). */
static void arb_texture(gp_parse *ps, gp_pinsn *pi)
{
    pi->unit_pos = ps->tok.pos;
    pi->in.tex_unit = (uint8_t)gp_texture_unit(ps);
    expect(ps, ',', "before the texture target");
    gp_parse_tex_target(ps, pi, TEXW_ARB, arb_tex_gate, "a texture target (1D, 2D, 3D, CUBE, RECT ...)");
}

/* <ccTest> rules: EQ GE GT LE LT NE TR FL, and with NV_vertex_program3 the
 * same with a 0 or 1 register suffix. */
static bool arb_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg)
{
    static const char *const rules[] = { "TR", "FL", "EQ", "NE", "LT", "LE", "GT", "GE" };
    static const uint8_t conds[] = { GP_COND_TR, GP_COND_FL, GP_COND_EQ, GP_COND_NE,
                                     GP_COND_LT, GP_COND_LE, GP_COND_GT, GP_COND_GE };
    const char *s = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    if (ps->tok.kind != GP_TOK_IDENT || !(len == 2 || (len == 3 && ps->cc01 && (s[2] == '0' || s[2] == '1'))))
        return false;
    for (int i = 0; i < 8; i++) {
        if (memcmp(s, rules[i], 2) == 0) {
            *cond = conds[i];
            *reg = (uint8_t)(len == 3 ? s[2] - '0' : 0);
            return true;
        }
    }
    return false;
}

/* Destinations (ARB_vertex_program <maskedDstReg>): the inputs are
 * vertex.* / fragment.* of the program type; result bindings may be
 * relatively addressed (NV_vertex_program3); variables are single. */
static bool arb_is_input(const gp_parse *ps, const gp_token *t)
{
    return (ps->stage == GP_STAGE_VERTEX && tok_is(ps, t, "vertex")) ||
           (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, t, "fragment"));
}

static void arb_result_dst(gp_parse *ps, gp_dst *d)
{
    gp_parse_result_binding(ps, d, true);
}

static void arb_var_dst(gp_parse *ps, gp_dst *d, const gp_sym *sym, const gp_token *t)
{
    (void)ps;
    (void)t;
    if (sym->kind == GP_SYM_OUTPUT)
        d->clipdist = sym->clipdist;
    d->index = sym->index;
    d->rel_lo = d->rel_hi = d->index;
}

/* ---- statements ----------------------------------------------------------- */

/* Which option an opcode needs in this stage (for the message). */
static const char *option_for(const gp_parse *ps, const gp_opinfo *oi)
{
    if (ps->stage == GP_STAGE_VERTEX) {
        if (oi->profiles & GP_PROF_VP2)
            return "NV_vertex_program2";
        if (oi->profiles & GP_PROF_VP3)
            return "NV_vertex_program3";
    } else {
        if (oi->profiles & GP_PROF_FPO)
            return "NV_fragment_program";
        if (oi->profiles & GP_PROF_FP2)
            return "NV_fragment_program2";
    }
    return NULL;
}

/* Checks an opcode word against the environment (R1: everything comes from
 * the table).  Fails with a message that names the problem. */
static void check_opword(gp_parse *ps, const gp_opword *w, const gp_token *t)
{
    const gp_opinfo *oi = &gp_opinfo_table[w->op];
    const char *s = ps->src + t->pos;
    if (!(oi->profiles & ps->prof)) {
        const char *opt = option_for(ps, oi);
        if (opt)
            gp_fail(ps, t->pos, "opcode '%s' requires OPTION %s", oi->name, opt);
        gp_fail(ps, t->pos, "opcode '%s' is not available in %s programs", oi->name,
                ps->stage == GP_STAGE_VERTEX ? "vertex" : "fragment");
    }
    uint32_t m = gp_opword_mods(w);
    /* precision suffixes exist only in fragment programs: "MOVX" in a
     * vertex program is just an unknown word */
    uint32_t stage_mods = ps->stage == GP_STAGE_VERTEX ? GP_MODBIT_CC | GP_MODBIT_SAT
                                                        : GP_MODBIT_CC | GP_MODBIT_SAT | GP_MODBIT_SSAT |
                                                              GP_MODBIT_PREC | GP_MODBIT_PRECX;
    if ((m & ~stage_mods) || (w->cc >= 2 && ps->stage != GP_STAGE_VERTEX))
        gp_fail(ps, t->pos, "unknown opcode '%.*s'", t->len, s);
    if (m & ~oi->mods)
        gp_fail(ps, t->pos, "opcode '%s' does not take the modifiers in '%.*s'", oi->name, t->len, s);
    if ((m & ~ps->mods) || (w->cc >= 2 && !ps->cc01)) {
        const char *need = ps->stage == GP_STAGE_VERTEX
                               ? ((m & GP_MODBIT_SAT) || w->cc >= 2 ? "NV_vertex_program3" : "NV_vertex_program2")
                               : ((m & GP_MODBIT_SSAT) ? "NV_fragment_program2" : "NV_fragment_program");
        gp_fail(ps, t->pos, "the modifiers of '%.*s' require OPTION %s", t->len, s, need);
    }
}

/* The ARB declarations (TEMP OUTPUT PARAM ATTRIB ALIAS, ADDRESS in vertex
 * programs; SHORT / LONG TEMP and OUTPUT with NV_fragment_program_option),
 * t the first token (current): true when one was parsed. */
static bool arb_declaration(gp_parse *ps, const gp_token *t0)
{
    gp_token t = *t0;
    uint8_t size = 0;
    if ((ps->prof & GP_PROF_FPO) && (tok_is(ps, &t, "SHORT") || tok_is(ps, &t, "LONG"))) {
        /* NV_fragment_program_option <varSize> */
        size = tok_is(ps, &t, "SHORT") ? 'S' : 'L';
        next(ps);
        t = ps->tok;
        if (!tok_is(ps, &t, "TEMP") && !tok_is(ps, &t, "OUTPUT"))
            gp_fail(ps, t.pos, "expected TEMP or OUTPUT after %s", size == 'S' ? "SHORT" : "LONG");
    }
    if (tok_is(ps, &t, "TEMP")) {
        next(ps);
        decl_temp(ps, size);
    } else if (tok_is(ps, &t, "OUTPUT")) {
        next(ps);
        decl_output(ps, size);
    } else if (tok_is(ps, &t, "PARAM")) {
        next(ps);
        gp_decl_param(ps);
    } else if (tok_is(ps, &t, "ATTRIB")) {
        next(ps);
        decl_attrib(ps);
    } else if (tok_is(ps, &t, "ALIAS")) {
        next(ps);
        gp_decl_alias(ps);
    } else if (ps->stage == GP_STAGE_VERTEX && tok_is(ps, &t, "ADDRESS")) {
        next(ps);
        decl_address(ps);
    } else if (ps->stage == GP_STAGE_FRAGMENT && (tok_is(ps, &t, "SHORT") || tok_is(ps, &t, "LONG"))) {
        gp_fail(ps, t.pos, "%s declarations require OPTION NV_fragment_program", tok_is(ps, &t, "SHORT") ? "SHORT" : "LONG");
    } else if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "ADDRESS")) {
        gp_fail(ps, t.pos, "fragment programs cannot declare address registers");
    } else {
        return false;
    }
    return true;
}

const gp_front gp_front_arb = {
    .is_reserved = arb_is_reserved, .declaration = arb_declaration, .check_opcode = check_opword,
    .src_reg = arb_src_reg, .is_input = arb_is_input, .result_dst = arb_result_dst, .var_dst = arb_var_dst,
    .cc_rule = arb_cc_rule, .cc_rules = "EQ, NE, LT, LE, GT, GE, TR, FL", .texture = arb_texture,
};
