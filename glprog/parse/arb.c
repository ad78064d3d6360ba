/*
 * parse/arb.c - the ARB front end (!!ARBvp1.0, !!ARBfp1.0 and the NV
 * option extensions): declarations and operands.
 *
 * Part of the parser's translation unit: gp_parse.c includes this file
 * (see its file map); compile time, calling thread.
 */

/* ---- declarations --------------------------------------------------------- */

static bool is_reserved(gp_parse *ps, const char *s, int len)
{
    if (ps->nv4) {
        /* NV_gpu_program4 2.X.2: only these, per program type */
        static const char *const words[] = { "program", "result", "state", "texture", "vertex", "fragment",
                                             "primitive" };
        bool cp = ps->stage == GP_STAGE_COMPUTE; /* NV_compute_program5: "invocation" */
        if (cp && len == 10 && memcmp(s, "invocation", 10) == 0)
            return true;
        bool in_stage[] = { true, true, true, true, ps->stage != GP_STAGE_FRAGMENT && !cp,
                            ps->stage == GP_STAGE_FRAGMENT, ps->stage != GP_STAGE_VERTEX && !cp };
        for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
            if (in_stage[i] && (size_t)len == strlen(words[i]) && memcmp(s, words[i], (size_t)len) == 0)
                return true;
        return false;
    }
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

/* <establishName>: a new identifier.  Returns the new symbol. */
static gp_sym *declare(gp_parse *ps, int kind)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const char *name = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    if (is_reserved(ps, name, len))
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

static void decl_temp(gp_parse *ps, uint8_t size)
{
    do {
        gp_sym *s = declare(ps, GP_SYM_TEMP);
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
        gp_sym *s = declare(ps, GP_SYM_ADDRESS);
        s->index = ps->num_address++;
        if (ps->num_address > ps->lim.max_address_registers)
            gp_fail(ps, s->pos, "too many address registers (%d > %d)", ps->num_address,
                    ps->lim.max_address_registers);
    } while (accept(ps, ','));
}

static void decl_attrib(gp_parse *ps)
{
    gp_sym *s = declare(ps, GP_SYM_ATTRIB);
    expect(ps, '=', "after the attribute name");
    gp_src dummy = { 0 };
    if (ps->stage == GP_STAGE_VERTEX && tok_is(ps, &ps->tok, "vertex"))
        s->index = parse_vertex_binding(ps, &dummy, false);
    else if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &ps->tok, "fragment"))
        s->index = parse_fragment_binding(ps, &dummy, false);
    else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a %s attribute binding, found %s",
                ps->stage == GP_STAGE_VERTEX ? "vertex" : "fragment", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    ps->inputs_bound |= 1ull << s->index;
}

static void decl_output(gp_parse *ps, uint8_t size)
{
    gp_sym *s = declare(ps, GP_SYM_OUTPUT);
    s->size = size;
    expect(ps, '=', "after the result name");
    if (!tok_is(ps, &ps->tok, "result")) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a result binding, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_dst d = { 0 };
    parse_result_binding(ps, &d, false);
    s->index = d.index;
    s->clipdist = d.clipdist;
}

static void decl_alias(gp_parse *ps)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_token name = ps->tok;
    if (is_reserved(ps, ps->src + name.pos, name.len))
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

static int new_array(gp_parse *ps, int pos)
{
    gp_reserve(ps, (void **)&ps->arrays, &ps->cap_arrays, ps->num_arrays, sizeof(*ps->arrays));
    int a = ps->num_arrays++;
    ps->arrays[a] = (gp_parray){ .base = ps->num_params, .count = 0, .pos = pos };
    return a;
}

/* One <paramMultipleItem>: state (a matrix gives up to four rows), program
 * env/local ranges, or a constant. */
static void parse_array_item(gp_parse *ps, int array)
{
    gp_param_binding b;
    int pos = ps->tok.pos;
    if (tok_is(ps, &ps->tok, "state") && parse_thread_state(ps, &b)) {
        param_add(ps, &b, array, pos); /* NV_shader_thread_group state.thread.* */
    } else if (tok_is(ps, &ps->tok, "state")) {
        gp_state_ref r[4];
        int n = parse_state_binding(ps, true, r);
        for (int i = 0; i < n; i++) {
            binding_state(&b, r[i]);
            param_add(ps, &b, array, pos);
        }
    } else if (tok_is(ps, &ps->tok, "program")) {
        int kind, first, last;
        parse_program_binding(ps, true, &kind, &first, &last);
        for (int i = first; i <= last; i++) {
            binding_program(&b, kind, (uint32_t)i);
            param_add(ps, &b, array, pos);
        }
    } else if (is_punct(&ps->tok, '{')) {
        gp_val v[4];
        parse_const_vector(ps, v);
        binding_const(&b, v, ps->const_type);
        param_add(ps, &b, array, pos);
    } else {
        gp_val x = parse_number(ps, true);
        gp_val v[4] = { x, x, x, x };
        binding_const(&b, v, ps->const_type);
        param_add(ps, &b, array, pos);
    }
}

static gp_sym *decl_param(gp_parse *ps)
{
    gp_sym *s = declare(ps, GP_SYM_PARAM);
    if (accept(ps, '[')) {
        int size = -1, size_pos = ps->tok.pos;
        if (ps->tok.kind == GP_TOK_INT) {
            size = expect_int(ps, "an array size");
            if (size < 1 || size > ps->lim.max_parameters)
                gp_fail(ps, size_pos, "invalid array size %d", size);
        }
        expect(ps, ']', "after the array size");
        expect(ps, '=', "after the array declaration");
        int brace = ps->tok.pos;
        expect(ps, '{', "to start the array initializer");
        s->kind = GP_SYM_PARAM_ARRAY;
        s->array = new_array(ps, s->pos);
        s->index = ps->num_params;
        do {
            parse_array_item(ps, s->array);
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        s->count = ps->num_params - s->index;
        ps->arrays[s->array].count = s->count;
        if (size >= 0 && size != s->count)
            gp_fail(ps, brace, "array '%.*s' is declared with %d elements but initialized with %d",
                    s->len > 40 ? 40 : s->len, s->name, size, s->count);
        return s;
    }
    expect(ps, '=', "after the parameter name");
    s->index = parse_param_single(ps, true, NULL);
    return s;
}

/* ---- operands ------------------------------------------------------------- */

static const gp_sym *lookup(gp_parse *ps, const gp_token *t)
{
    gp_sym *s = gp_map_get(&ps->syms, ps->src + t->pos, t->len);
    if (!s)
        gp_fail(ps, t->pos, "undeclared identifier '%.*s'", t->len > 40 ? 40 : t->len, ps->src + t->pos);
    return s;
}

/* Component letters of a swizzle or mask token: returns 0..3 per letter in
 * comp[], the count, or -1 for a bad letter or mixed xyzw/rgba sets. */
static int components(gp_parse *ps, const gp_token *t, int *comp)
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
    int n = components(ps, &ps->tok, comp);
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
        int off = parse_rel_index(ps, &s->rel_reg, &s->rel_comp, (ps->prof & GP_PROF_VP2) != 0);
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
static void parse_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    if (ps->nv4) {
        nv4_src_reg(ps, s, scalar_const);
        return;
    }
    gp_token t = ps->tok;
    *scalar_const = false;
    if (t.kind == GP_TOK_INT || t.kind == GP_TOK_FLOAT || is_punct(&t, '{')) {
        s->file = GP_FILE_PARAM;
        s->index = parse_param_single(ps, false, scalar_const);
    } else if (t.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, t.pos, "expected an operand, found %s", tok_str(ps, &t, b, sizeof(b)));
    } else if (tok_is(ps, &t, "state") || tok_is(ps, &t, "program")) {
        s->file = GP_FILE_PARAM;
        s->index = parse_param_single(ps, false, NULL);
    } else if ((ps->stage == GP_STAGE_VERTEX && tok_is(ps, &t, "vertex")) ||
               (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "fragment"))) {
        s->file = GP_FILE_INPUT;
        int slot = ps->stage == GP_STAGE_VERTEX ? parse_vertex_binding(ps, s, true)
                                                : parse_fragment_binding(ps, s, true);
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
        const gp_sym *sym = lookup(ps, &t);
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

enum { SRC_VECTOR, SRC_SCALAR, SRC_BARE };

/* <instOperandV>/<instOperandS> (<vectorSrcReg>/<scalarSrcReg> in the ARB
 * grammars): [sign] ["|" [sign]] srcReg [suffix] ["|"].  SRC_BARE is the SWZ
 * source: no sign, no bars, no suffix. */
static void parse_src(gp_parse *ps, gp_src *s, int shape, int *pos_out)
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
    parse_src_reg(ps, s, &scalar_const);
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

/* An address register operand (ARA, PUSHA): no swizzle. */
static void parse_addr_src(gp_parse *ps, gp_src *s, int *pos_out)
{
    memset(s, 0, sizeof(*s));
    *pos_out = ps->tok.pos;
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an address register, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const gp_sym *sym = lookup(ps, &ps->tok);
    if (sym->kind != GP_SYM_ADDRESS)
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an address register", ps->tok.len, ps->src + ps->tok.pos);
    next(ps);
    if (is_punct(&ps->tok, '.'))
        gp_fail(ps, ps->tok.pos, "this address register operand takes no swizzle");
    s->file = GP_FILE_ADDRESS;
    s->index = s->rel_lo = s->rel_hi = sym->index;
    for (int i = 0; i < 4; i++)
        s->swz[i] = (uint8_t)i;
}

/* <ccTest>: rule [.swizzle].  EQ GE GT LE LT NE TR FL, and with
 * NV_vertex_program3 the same with a 0 or 1 register suffix. */
static bool parse_cc_test(gp_parse *ps, gp_cc_test *cc, bool required)
{
    static const char *const rules[] = { "TR", "FL", "EQ", "NE", "LT", "LE", "GT", "GE" };
    static const uint8_t conds[] = { GP_COND_TR, GP_COND_FL, GP_COND_EQ, GP_COND_NE,
                                     GP_COND_LT, GP_COND_LE, GP_COND_GT, GP_COND_GE };
    if (ps->nv4) {
        /* NV_gpu_program4 Table X.16 */
        uint8_t cond, r;
        if (!nv4_cc_rule(ps, &cond, &r)) {
            if (!required)
                return false;
            char b[64];
            gp_fail(ps, ps->tok.pos, "expected a condition code test (EQ, NE, LT, LE, GT, GE, TR, FL, NAN, LEG, "
                                     "CF, NCF, OF, NOF, AB, BLE, SF, NSF; 0/1 for CC1), found %s",
                    tok_str(ps, &ps->tok, b, sizeof(b)));
        }
        next(ps);
        cc->cond = cond;
        cc->reg = r;
        gp_src tmp;
        for (int i = 0; i < 4; i++)
            tmp.swz[i] = (uint8_t)i;
        if (is_punct(&ps->tok, '.'))
            parse_swizzle(ps, &tmp, false);
        memcpy(cc->swz, tmp.swz, 4);
        return true;
    }
    const char *s = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    int rule = -1, reg = 0;
    if (ps->tok.kind == GP_TOK_IDENT && (len == 2 || (len == 3 && ps->cc01 && (s[2] == '0' || s[2] == '1')))) {
        for (int i = 0; i < 8; i++)
            if (memcmp(s, rules[i], 2) == 0)
                rule = i;
        if (len == 3)
            reg = s[2] - '0';
    }
    if (rule < 0) {
        if (!required)
            return false;
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a condition code test (EQ, NE, LT, LE, GT, GE, TR, FL), found %s",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    cc->cond = conds[rule];
    cc->reg = (uint8_t)reg;
    gp_src tmp;
    for (int i = 0; i < 4; i++)
        tmp.swz[i] = (uint8_t)i;
    if (is_punct(&ps->tok, '.'))
        parse_swizzle(ps, &tmp, false);
    memcpy(cc->swz, tmp.swz, 4);
    return true;
}

/* "(ccTest)" after a destination or a branch. */
static void opt_cc_mask(gp_parse *ps, gp_cc_test *cc)
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
static uint8_t parse_write_mask(gp_parse *ps)
{
    next(ps);
    int comp[4];
    int n = components(ps, &ps->tok, comp);
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

/* <maskedDstReg> / <instResult>: temporary or result, write mask, and with
 * NV options a condition code mask. */
static void parse_dst(gp_parse *ps, gp_dst *d, int *pos_out)
{
    if (ps->nv4) {
        nv4_dst(ps, d, pos_out);
        return;
    }
    memset(d, 0, sizeof(*d));
    ps->last_size = 0;
    *pos_out = ps->tok.pos;
    gp_token t = ps->tok;
    if (tok_is(ps, &t, "result")) {
        parse_result_binding(ps, d, true);
    } else if (t.kind == GP_TOK_IDENT &&
               !((ps->stage == GP_STAGE_VERTEX && tok_is(ps, &t, "vertex")) ||
                 (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "fragment")) || tok_is(ps, &t, "state") ||
                 tok_is(ps, &t, "program"))) {
        const gp_sym *sym = lookup(ps, &t);
        next(ps);
        ps->last_size = sym->size;
        if (sym->kind == GP_SYM_TEMP) {
            d->file = GP_FILE_TEMP;
        } else if (sym->kind == GP_SYM_OUTPUT) {
            d->file = GP_FILE_OUTPUT;
            d->clipdist = sym->clipdist;
            /* NV_fragment_program_option 3.11.3.4: one size per result */
            if (sym->size && d->file == GP_FILE_OUTPUT) {
                uint8_t *sz = &ps->out_size[sym->index & 63];
                if (*sz && *sz != sym->size)
                    gp_fail(ps, t.pos, "result written through variables of different sizes (SHORT and LONG)");
                *sz = sym->size;
            }
        } else if (sym->kind == GP_SYM_ADDRESS) {
            gp_fail(ps, t.pos, "address register '%.*s' can only be written by address instructions", t.len,
                    ps->src + t.pos);
        } else {
            gp_fail(ps, t.pos, "'%.*s' is read-only and cannot be a destination", t.len > 40 ? 40 : t.len,
                    ps->src + t.pos);
        }
        d->index = sym->index;
        d->rel_lo = d->rel_hi = d->index;
    } else {
        char b[64];
        gp_fail(ps, t.pos, "expected a temporary or a result as the destination, found %s",
                tok_str(ps, &t, b, sizeof(b)));
    }
    d->mask = 0xf;
    if (is_punct(&ps->tok, '.'))
        d->mask = parse_write_mask(ps);
    opt_cc_mask(ps, &d->cc);
}

/* Address register destination (ARL, ARR, ARA, POPA). */
static void parse_addr_dst(gp_parse *ps, gp_dst *d, int *pos_out)
{
    memset(d, 0, sizeof(*d));
    *pos_out = ps->tok.pos;
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an address register, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const gp_sym *sym = lookup(ps, &ps->tok);
    if (sym->kind != GP_SYM_ADDRESS)
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an address register", ps->tok.len, ps->src + ps->tok.pos);
    next(ps);
    d->file = GP_FILE_ADDRESS;
    d->index = d->rel_lo = d->rel_hi = sym->index;
    d->mask = 0xf;
    if (!(ps->prof & GP_PROF_VP2)) {
        /* ARB_vertex_program <addrWriteMask> ::= "." "x" (mandatory) */
        int mpos = ps->tok.pos;
        if (!is_punct(&ps->tok, '.'))
            gp_fail(ps, mpos, "address register write mask must be '.x'");
        d->mask = parse_write_mask(ps);
        if (d->mask != 1)
            gp_fail(ps, mpos + 1, "address register write mask must be '.x'");
    } else if (is_punct(&ps->tok, '.')) {
        d->mask = parse_write_mask(ps);
    }
    opt_cc_mask(ps, &d->cc);
}

/* "texture[n]" "," target (ARB_fragment_program <texImageUnit>
 * <texTarget>, ARB_fragment_program_shadow, MESA_texture_array). */
static void parse_texture(gp_parse *ps, gp_pinsn *pi)
{
    if (ps->nv4) {
        nv4_texture(ps, pi);
        return;
    }
    pi->unit_pos = ps->tok.pos;
    if (!accept_word(ps, "texture")) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected 'texture', found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    int unit = 0;
    if (accept(ps, '[')) {
        int upos = ps->tok.pos;
        unit = expect_int(ps, "a texture image unit");
        int limit = ps->lim.max_texture_image_units > 32 ? 32 : ps->lim.max_texture_image_units;
        if (unit >= limit)
            gp_fail(ps, upos, "texture image unit %d out of range (%d available)", unit, limit);
        expect(ps, ']', NULL);
    }
    expect(ps, ',', "before the texture target");
    pi->target_pos = ps->tok.pos;
    int target = -1;
    if (ps->tok.kind == GP_TOK_INT && ps->tok.ival >= 1 && ps->tok.ival <= 3) {
        gp_token t = peek(ps);
        if (tok_is(ps, &t, "D") && t.pos == ps->tok.pos + ps->tok.len) {
            target = GP_TEX_1D + (int)ps->tok.ival - 1;
            next(ps);
        }
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        static const char *const names[] = { "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT",
                                             "ARRAY1D", "ARRAY2D", "SHADOWARRAY1D", "SHADOWARRAY2D" };
        static const int targets[] = { GP_TEX_CUBE, GP_TEX_RECT, GP_TEX_SHADOW1D, GP_TEX_SHADOW2D,
                                       GP_TEX_SHADOWRECT, GP_TEX_ARRAY1D, GP_TEX_ARRAY2D,
                                       GP_TEX_SHADOWARRAY1D, GP_TEX_SHADOWARRAY2D };
        int i = word_index(ps, names, 9);
        if (i >= 0) {
            target = targets[i];
            bool shadow = strncmp(names[i], "SHADOW", 6) == 0;
            bool array = strstr(names[i], "ARRAY") != NULL;
            if (shadow && !(ps->options & GP_OPTION_FRAGMENT_PROGRAM_SHADOW))
                gp_fail(ps, ps->tok.pos, "texture target %s requires OPTION ARB_fragment_program_shadow", names[i]);
            if (array && !(ps->options & GP_OPTION_TEXTURE_ARRAY))
                gp_fail(ps, ps->tok.pos, "texture target %s requires OPTION MESA_texture_array", names[i]);
        }
    }
    if (target < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a texture target (1D, 2D, 3D, CUBE, RECT ...), found %s",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    pi->in.tex_unit = (uint8_t)unit;
    pi->in.tex_target = (uint8_t)target;
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
            int n = components(ps, &ps->tok, comp);
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
