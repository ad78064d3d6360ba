/*
 * gp_parse.c - recursive-descent parser for !!ARBvp1.0 / !!ARBfp1.0 and the
 * NV option extensions (NV_vertex_program2/3, NV_fragment_program(2)).
 * Compile time, calling thread.
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
#include <errno.h>
#include <stdio.h>

#include "gp_priv.h"

/* ---- errors and memory ---------------------------------------------------- */

void gp_fail(gp_parse *ps, int pos, const char *fmt, ...)
{
    gp_error *e = ps->err;
    if (pos < 0)
        pos = 0;
    if (pos > ps->len)
        pos = ps->len;
    e->pos = pos;
    gp_lex_linecol(ps->src, ps->len, pos, &e->line, &e->col);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
    va_end(ap);
    longjmp(ps->fail, 1);
}

void gp_fail_oom(gp_parse *ps)
{
    ps->err->out_of_memory = true;
    gp_fail(ps, ps->tok.pos, "out of memory");
}

void *gp_alloc(gp_parse *ps, size_t size)
{
    void *p = gp_arena_alloc(&ps->arena, size);
    if (!p)
        gp_fail_oom(ps);
    return p;
}

void gp_reserve(gp_parse *ps, void **arr, int *cap, int count, size_t elem)
{
    if (count < *cap)
        return;
    if (*cap > INT32_MAX / 2)
        gp_fail_oom(ps);
    int ncap = *cap ? *cap * 2 : 16;
    size_t old_bytes, new_bytes;
    if (!gp_size_mul((size_t)*cap, elem, &old_bytes) || !gp_size_mul((size_t)ncap, elem, &new_bytes))
        gp_fail_oom(ps);
    void *p = gp_arena_grow(&ps->arena, *arr, old_bytes, new_bytes);
    if (!p)
        gp_fail_oom(ps);
    *arr = p;
    *cap = ncap;
}

/* ---- tokens --------------------------------------------------------------- */

/* A token as the messages quote it: 'text' (shortened), or a description. */
static const char *tok_str(const gp_parse *ps, const gp_token *t, char *buf, size_t size)
{
    if (t->kind == GP_TOK_EOF)
        return "end of program";
    if (t->kind == GP_TOK_BAD) {
        unsigned char c = (unsigned char)ps->src[t->pos];
        if (c >= 0x21 && c < 0x7f)
            snprintf(buf, size, "'%c'", c);
        else
            snprintf(buf, size, "byte 0x%02x", c);
        return buf;
    }
    int n = t->len > 40 ? 40 : t->len;
    snprintf(buf, size, "'%.*s%s'", n, ps->src + t->pos, t->len > 40 ? "..." : "");
    return buf;
}

static void next(gp_parse *ps)
{
    ps->prev = ps->tok;
    gp_lex_next(&ps->lx, &ps->tok);
    if (ps->tok.kind == GP_TOK_BAD) {
        char b[48];
        gp_fail(ps, ps->tok.pos, "unexpected character %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
}

/* The token after the current one, without consuming anything. */
static gp_token peek(gp_parse *ps)
{
    gp_lexer save = ps->lx;
    gp_token t;
    gp_lex_next(&ps->lx, &t);
    ps->lx = save;
    return t;
}

static bool is_punct(const gp_token *t, char c)
{
    return t->kind == GP_TOK_PUNCT && t->punct == c;
}

static bool tok_is(const gp_parse *ps, const gp_token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == GP_TOK_IDENT && (size_t)t->len == n && memcmp(ps->src + t->pos, word, n) == 0;
}

static bool accept(gp_parse *ps, char c)
{
    if (!is_punct(&ps->tok, c))
        return false;
    next(ps);
    return true;
}

static void expect(gp_parse *ps, char c, const char *where)
{
    if (accept(ps, c))
        return;
    char b[64];
    gp_fail(ps, ps->tok.pos, "expected '%c'%s%s, found %s", c, where ? " " : "", where ? where : "",
            tok_str(ps, &ps->tok, b, sizeof(b)));
}

static void expect_semicolon(gp_parse *ps)
{
    expect(ps, ';', "at the end of the statement");
}

static int expect_int(gp_parse *ps, const char *what)
{
    if (ps->tok.kind != GP_TOK_INT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected %s, found %s", what, tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    int v = ps->tok.ival > INT32_MAX ? INT32_MAX : (int)ps->tok.ival;
    next(ps);
    return v;
}

static bool accept_word(gp_parse *ps, const char *word)
{
    if (!tok_is(ps, &ps->tok, word))
        return false;
    next(ps);
    return true;
}

/* ".word" ahead?  Consumes both when it is. */
static bool accept_dot_word(gp_parse *ps, const char *word)
{
    if (!is_punct(&ps->tok, '.'))
        return false;
    gp_token t = peek(ps);
    if (!tok_is(ps, &t, word))
        return false;
    next(ps);
    next(ps);
    return true;
}

/* ---- bindings ------------------------------------------------------------- */

/* Fails with "'<binding so far>' is not a valid binding" at the current token. */
static void bad_binding(gp_parse *ps, int start)
{
    int end = ps->tok.kind == GP_TOK_EOF ? ps->tok.pos : ps->tok.pos + ps->tok.len;
    int n = end - start;
    if (n > 60)
        n = 60;
    gp_fail(ps, ps->tok.kind == GP_TOK_EOF ? ps->prev.pos : ps->tok.pos,
            "'%.*s' is not a valid binding", n, ps->src + start);
}

static void binding_dot(gp_parse *ps, int start)
{
    if (!accept(ps, '.'))
        bad_binding(ps, start);
}

/* "[n]" with 0 <= n < limit; what names the item for the range message. */
static int binding_index(gp_parse *ps, int start, int limit, const char *what)
{
    if (!accept(ps, '['))
        bad_binding(ps, start);
    if (ps->tok.kind != GP_TOK_INT)
        bad_binding(ps, start);
    int pos = ps->tok.pos;
    uint32_t v = ps->tok.ival;
    next(ps);
    if (v >= (uint32_t)(limit > 0 ? limit : 0))
        gp_fail(ps, pos, "%s %u out of range (%d available)", what, v, limit > 0 ? limit : 0);
    expect(ps, ']', NULL);
    return (int)v;
}

static int opt_binding_index(gp_parse *ps, int start, int limit, const char *what)
{
    if (!is_punct(&ps->tok, '['))
        return 0;
    return binding_index(ps, start, limit, what);
}

/* Which word of a list the current identifier is, or -1. */
static int word_index(gp_parse *ps, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (tok_is(ps, &ps->tok, words[i]))
            return i;
    return -1;
}

static int binding_word(gp_parse *ps, int start, const char *const *words, int n)
{
    int i = word_index(ps, words, n);
    if (i < 0)
        bad_binding(ps, start);
    next(ps);
    return i;
}

/* A relative index "A0.x", "A0.x + 3", "A0.y - 2" (the address part of
 * ARB_vertex_program <progParamArrayRel>, NV <arrayMemRel>), current token
 * the register name.  Fills rel fields of s; returns the offset. */
static int parse_rel_index(gp_parse *ps, uint8_t *rel_reg, uint8_t *rel_comp, bool any_comp)
{
    int pos = ps->tok.pos;
    int reg;
    if (ps->stage == GP_STAGE_FRAGMENT) {
        /* NV_fragment_program2: the one predefined loop index register A0. */
        if (!tok_is(ps, &ps->tok, "A0") || !(ps->prof & GP_PROF_FP2))
            gp_fail(ps, pos, "relative addressing in fragment programs needs the A0 loop index "
                             "(OPTION NV_fragment_program2)");
        reg = 0;
    } else {
        gp_sym *s = gp_map_get(&ps->syms, ps->src + pos, ps->tok.len);
        if (!s)
            gp_fail(ps, pos, "undeclared identifier '%.*s'", ps->tok.len, ps->src + pos);
        if (s->kind != GP_SYM_ADDRESS)
            gp_fail(ps, pos, "'%.*s' is not an address register", ps->tok.len, ps->src + pos);
        reg = s->index;
    }
    next(ps);
    if (!accept(ps, '.'))
        gp_fail(ps, ps->tok.pos, "relative addressing needs an address register component, as in A0.x");
    int cpos = ps->tok.pos;
    static const char comps[] = "xyzw";
    if (ps->tok.kind != GP_TOK_IDENT || ps->tok.len != 1 || !strchr(comps, ps->src[cpos]))
        gp_fail(ps, cpos, "invalid address register component '%.*s'", ps->tok.len, ps->src + cpos);
    int c = (int)(strchr(comps, ps->src[cpos]) - comps);
    if (c != 0 && !any_comp)
        gp_fail(ps, cpos, "address register component must be x");
    next(ps);
    int off = 0;
    if (is_punct(&ps->tok, '+') || is_punct(&ps->tok, '-')) {
        bool neg = ps->tok.punct == '-';
        next(ps);
        int opos = ps->tok.pos;
        int v = expect_int(ps, "an offset");
        /* ARB_vertex_program limits offsets to -64..63; NV_vertex_program2
         * allows any integer and piglit's vp-arl-constant-array-huge-offset
         * uses +109 in plain ARB, so asmgl bounds them by the parameter
         * table instead (the access itself is checked against the array). */
        if (v > ps->lim.max_parameters)
            gp_fail(ps, opos, "relative address offset %d too large", v);
        off = neg ? -v : v;
    }
    *rel_reg = (uint8_t)reg;
    *rel_comp = (uint8_t)c;
    return off;
}

/* Marks a vertex attribute binding for the Table X.2.1 aliasing check. */
static void mark_vertex_attr(gp_parse *ps, int slot, bool generic, int pos)
{
    if (generic) {
        if (!(ps->attr_generic & (1u << slot)))
            ps->attr_generic_pos[slot] = pos;
        ps->attr_generic |= 1u << slot;
    } else {
        if (!(ps->attr_conv & (1u << slot)))
            ps->attr_conv_pos[slot] = pos;
        ps->attr_conv |= 1u << slot;
    }
}

/* "vertex.<item>" (ARB_vertex_program 2.14.3.1, NV_vertex_program3 indexed
 * forms), current token "vertex".  Returns the GP_VIN slot; with rel_ok,
 * "vertex.attrib[A0.x+n]" and "vertex.texcoord[A0.x+n]" fill s->rel*. */
static int parse_vertex_binding(gp_parse *ps, gp_src *s, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    binding_dot(ps, start);
    static const char *const items[] = { "position", "weight", "normal", "color", "fogcoord",
                                         "texcoord", "matrixindex", "attrib" };
    int item = binding_word(ps, start, items, 8);
    int slot = 0;
    bool generic = false;
    switch (item) {
    case 0:
        slot = GP_VIN_POSITION;
        break;
    case 1: {
        /* vertex.weight[n]: n < MAX_VERTEX_UNITS_ARB and divisible by 4 */
        int ipos = is_punct(&ps->tok, '[') ? peek(ps).pos : ps->tok.pos;
        int n = opt_binding_index(ps, start, ps->lim.max_vertex_units, "vertex weight");
        if (n % 4)
            gp_fail(ps, ipos, "vertex weight number %d is not divisible by four", n);
        slot = GP_VIN_WEIGHT;
        break;
    }
    case 2:
        slot = GP_VIN_NORMAL;
        break;
    case 3:
        slot = GP_VIN_COLOR0;
        if (accept_dot_word(ps, "secondary"))
            slot = GP_VIN_COLOR1;
        else
            accept_dot_word(ps, "primary");
        break;
    case 4:
        slot = GP_VIN_FOGCOORD;
        break;
    case 5:
    case 7: {
        int base = item == 5 ? GP_VIN_TEX0 : GP_VIN_GENERIC0;
        int count = item == 5 ? ps->lim.max_texture_coords : ps->lim.max_attribs;
        if (count > (item == 5 ? 8 : GP_VIN_COUNT))
            count = item == 5 ? 8 : GP_VIN_COUNT;
        generic = item == 7;
        if (item == 5 && !is_punct(&ps->tok, '[')) {
            slot = GP_VIN_TEX0;
            break;
        }
        if (item == 7 && !is_punct(&ps->tok, '['))
            bad_binding(ps, start);
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT) {
            if (!rel_ok || !(ps->prof & GP_PROF_VP3))
                gp_fail(ps, t.pos, "relative addressing of vertex attributes requires OPTION NV_vertex_program3");
            next(ps);
            int off = parse_rel_index(ps, &s->rel_reg, &s->rel_comp, true);
            expect(ps, ']', NULL);
            s->rel = 1;
            s->rel_file = GP_FILE_ADDRESS;
            s->rel_lo = base;
            s->rel_hi = base + count - 1;
            s->index = base + off;
            return INT32_MIN; /* relative: no single slot */
        }
        slot = base + binding_index(ps, start, count, item == 5 ? "texture coordinate" : "vertex attribute");
        break;
    }
    case 6:
        gp_fail(ps, ps->prev.pos, "vertex.matrixindex needs ARB_matrix_palette, which asmgl does not support");
    }
    mark_vertex_attr(ps, slot, generic, start);
    return slot;
}

/* "fragment.<item>" (ARB_fragment_program 3.11.3.1, NV_fragment_program2). */
static int parse_fragment_binding(gp_parse *ps, gp_src *s, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    binding_dot(ps, start);
    static const char *const items[] = { "color", "texcoord", "fogcoord", "position", "facing" };
    int item = binding_word(ps, start, items, 5);
    switch (item) {
    case 0:
        if (accept_dot_word(ps, "secondary"))
            return GP_VARY_COL1;
        accept_dot_word(ps, "primary");
        return GP_VARY_COL0;
    case 1: {
        int count = ps->lim.max_texture_coords > 8 ? 8 : ps->lim.max_texture_coords;
        if (!is_punct(&ps->tok, '['))
            return GP_VARY_TEX0;
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT) {
            if (!rel_ok || !(ps->prof & GP_PROF_FP2))
                gp_fail(ps, t.pos, "relative addressing of texture coordinates requires OPTION NV_fragment_program2");
            next(ps);
            int off = parse_rel_index(ps, &s->rel_reg, &s->rel_comp, false);
            expect(ps, ']', NULL);
            if (off < 0)
                gp_fail(ps, ps->prev.pos, "negative offsets are not allowed here");
            s->rel = 1;
            s->rel_file = GP_FILE_ADDRESS;
            s->rel_lo = GP_VARY_TEX0;
            s->rel_hi = GP_VARY_TEX0 + count - 1;
            s->index = GP_VARY_TEX0 + off;
            return INT32_MIN;
        }
        return GP_VARY_TEX0 + binding_index(ps, start, count, "texture coordinate");
    }
    case 2:
        return GP_VARY_FOG;
    case 3:
        return GP_VARY_POS;
    default:
        if (!(ps->prof & GP_PROF_FP2))
            gp_fail(ps, ps->prev.pos, "fragment.facing requires OPTION NV_fragment_program2");
        return GP_VARY_FACE;
    }
}

/* "result.<item>" (ARB_vertex_program Table X.4, ARB_fragment_program
 * 3.11.3.4, NV_vertex_program2 result.clip[n], NV_vertex_program3
 * result.texcoord[A0.x+n]), current token "result".  Fills d->index and the
 * clip/relative fields. */
static void parse_result_binding(gp_parse *ps, gp_dst *d, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    binding_dot(ps, start);
    d->file = GP_FILE_OUTPUT;
    if (ps->stage == GP_STAGE_FRAGMENT) {
        static const char *const items[] = { "color", "depth" };
        int item = binding_word(ps, start, items, 2);
        if (item == 1) {
            d->index = GP_FOUT_DEPTH;
            return;
        }
        d->index = GP_FOUT_COLOR0;
        if (is_punct(&ps->tok, '[')) {
            if (!(ps->options & GP_OPTION_DRAW_BUFFERS))
                gp_fail(ps, ps->tok.pos, "result.color[n] requires OPTION ARB_draw_buffers");
            int n = ps->lim.max_draw_buffers > 8 ? 8 : ps->lim.max_draw_buffers;
            d->index = GP_FOUT_COLOR0 + binding_index(ps, start, n, "draw buffer");
        }
        return;
    }
    static const char *const items[] = { "position", "color", "fogcoord", "pointsize", "texcoord", "clip" };
    int item = binding_word(ps, start, items, 6);
    switch (item) {
    case 0:
        /* 2.14.4.5.1: the option removes result.position from <resultBinding> */
        if (ps->options & GP_OPTION_POSITION_INVARIANT)
            gp_fail(ps, ps->prev.pos, "result.position cannot be used with OPTION ARB_position_invariant");
        d->index = GP_VARY_POS;
        break;
    case 1: {
        bool back = false, secondary = false;
        if (accept_dot_word(ps, "back"))
            back = true;
        else
            accept_dot_word(ps, "front");
        if (accept_dot_word(ps, "secondary"))
            secondary = true;
        else
            accept_dot_word(ps, "primary");
        d->index = back ? (secondary ? GP_VARY_BFC1 : GP_VARY_BFC0) : (secondary ? GP_VARY_COL1 : GP_VARY_COL0);
        break;
    }
    case 2:
        d->index = GP_VARY_FOG;
        break;
    case 3:
        d->index = GP_VARY_PSIZ;
        break;
    case 4: {
        int count = ps->lim.max_texture_coords > 8 ? 8 : ps->lim.max_texture_coords;
        d->index = GP_VARY_TEX0;
        if (!is_punct(&ps->tok, '['))
            break;
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT) {
            if (!rel_ok || !(ps->prof & GP_PROF_VP3))
                gp_fail(ps, t.pos, "relative addressing of result.texcoord requires OPTION NV_vertex_program3");
            next(ps);
            int off = parse_rel_index(ps, &d->rel_reg, &d->rel_comp, true);
            expect(ps, ']', NULL);
            d->rel = 1;
            d->rel_file = GP_FILE_ADDRESS;
            d->rel_lo = GP_VARY_TEX0;
            d->rel_hi = GP_VARY_TEX0 + count - 1;
            d->index = GP_VARY_TEX0 + off;
            return;
        }
        d->index = GP_VARY_TEX0 + binding_index(ps, start, count, "texture coordinate");
        break;
    }
    default: {
        if (!(ps->prof & GP_PROF_VP2))
            gp_fail(ps, ps->prev.pos, "result.clip[n] requires OPTION NV_vertex_program2");
        int n = ps->lim.max_clip_planes > 8 ? 8 : ps->lim.max_clip_planes;
        int k = binding_index(ps, start, n, "clip plane");
        d->index = GP_VARY_CLIP0 + k / 4;
        d->clipdist = (uint8_t)(1 + k % 4);
        break;
    }
    }
    d->rel_lo = d->rel_hi = d->index;
}

/* ---- parameters ----------------------------------------------------------- */

/* Adds a row to the parameter table.  Single bindings (array -1) reuse any
 * existing row with the same binding; array rows are always appended, so an
 * array stays contiguous for relative addressing; array -2 appends a row
 * of no array (the pairs of rows of NV5 64-bit literals). */
static int param_add(gp_parse *ps, const gp_param_binding *b, int array, int pos)
{
    const char *key = (const char *)b;
    int klen = (int)sizeof(*b);
    if (array == -1) {
        void *hit = gp_map_get(&ps->constmap, key, klen);
        if (hit)
            return (int)((intptr_t)hit - 1);
    }
    /* 3.11.3.6: each distinct state vector or constant counts once; the
     * table itself (arrays repeat bindings) is bounded at 4x that. */
    int limit = ps->lim.max_parameters;
    if (ps->options & (GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR))
        limit -= 2; /* ARB_fragment_program 3.11.4.5.1 */
    bool distinct = !gp_map_get(&ps->constmap, key, klen);
    if (distinct && (int)ps->constmap.count >= limit)
        gp_fail(ps, pos, "too many program parameters (%d > %d)", (int)ps->constmap.count + 1, limit < 0 ? 0 : limit);
    if (ps->num_params >= 4 * (limit > 0 ? limit : 0))
        gp_fail(ps, pos, "too many parameter bindings (%d rows)", ps->num_params + 1);
    int cap = ps->cap_params;
    gp_reserve(ps, (void **)&ps->params, &cap, ps->num_params, sizeof(*ps->params));
    int cap2 = ps->cap_params;
    gp_reserve(ps, (void **)&ps->param_array, &cap2, ps->num_params, sizeof(*ps->param_array));
    ps->cap_params = cap;
    int row = ps->num_params++;
    ps->params[row] = *b;
    ps->param_array[row] = array < 0 ? -1 : array;
    if (distinct) {
        char *copy = gp_alloc(ps, sizeof(*b));
        memcpy(copy, b, sizeof(*b));
        gp_map_put(ps, &ps->constmap, copy, klen, (void *)(intptr_t)(row + 1));
    }
    return row;
}

int gp_param_intern(gp_parse *ps, const gp_param_binding *b)
{
    void *hit = gp_map_get(&ps->constmap, (const char *)b, (int)sizeof(*b));
    if (hit)
        return (int)((intptr_t)hit - 1);
    int cap = ps->cap_params;
    gp_reserve(ps, (void **)&ps->params, &cap, ps->num_params, sizeof(*ps->params));
    int cap2 = ps->cap_params;
    gp_reserve(ps, (void **)&ps->param_array, &cap2, ps->num_params, sizeof(*ps->param_array));
    ps->cap_params = cap;
    int row = ps->num_params++;
    ps->params[row] = *b;
    ps->param_array[row] = -1;
    char *copy = gp_alloc(ps, sizeof(*b));
    memcpy(copy, b, sizeof(*b));
    gp_map_put(ps, &ps->constmap, copy, (int)sizeof(*b), (void *)(intptr_t)(row + 1));
    return row;
}

/* A constant row; type is gp_param_binding.type (0 for float literals). */
static void binding_const(gp_param_binding *b, const gp_val v[4], uint8_t type)
{
    memset(b, 0, sizeof(*b));
    b->kind = GP_PARAM_CONST;
    b->type = type;
    for (int i = 0; i < 4; i++)
        b->value[i] = v[i];
}

static void binding_state(gp_param_binding *b, gp_state_ref r)
{
    memset(b, 0, sizeof(*b));
    b->kind = GP_PARAM_STATE;
    b->state = r;
}

static void binding_program(gp_param_binding *b, int kind, uint32_t index)
{
    memset(b, 0, sizeof(*b));
    b->kind = (uint8_t)kind;
    b->index = index;
}

/* The optional sign (when signed_ok) and the number token of a constant,
 * for parse_number and parse_number64: *neg, the sign's position (the
 * number's when there is none), and the number token, not consumed. */
static gp_token number_token(gp_parse *ps, bool signed_ok, bool *neg, int *sign_pos)
{
    *neg = false;
    *sign_pos = ps->tok.pos;
    if (signed_ok && (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+'))) {
        *neg = ps->tok.punct == '-';
        next(ps);
    }
    gp_token t = ps->tok;
    if (t.kind != GP_TOK_INT && t.kind != GP_TOK_FLOAT) {
        char b[64];
        gp_fail(ps, t.pos, "expected a number, found %s", tok_str(ps, &t, b, sizeof(b)));
    }
    return t;
}

/* A number, optionally signed (signed_ok) - <signedFloatConstant> - as a
 * value of ps->opnd_type: float in ARB programs; in NV_gpu_program4 the
 * type its use asks for (2.X.3.3: "A program will fail to load if it
 * specifies a floating-point constant value ... that should be interpreted
 * as a signed or unsigned integer, or a negative integer constant value
 * that should be interpreted as an unsigned integer", or an integer too
 * large to be represented). */
static gp_val parse_number(gp_parse *ps, bool signed_ok)
{
    bool neg;
    int sign_pos;
    gp_token t = number_token(ps, signed_ok, &neg, &sign_pos);
    gp_val v;
    int n = t.len > 40 ? 40 : t.len;
    if (ps->opnd_type == GP_TYPE_F32) {
        float f = t.hex ? (float)t.ival : gp_lex_number(ps->src, &t);
        v.f = neg ? -f : f;
    } else if (t.kind == GP_TOK_FLOAT) {
        gp_fail(ps, t.pos, "floating-point constant '%.*s' used where %s integer is needed", n, ps->src + t.pos,
                ps->opnd_type == GP_TYPE_U32 ? "an unsigned" : "a signed");
    } else if (ps->opnd_type == GP_TYPE_U32) {
        if (neg && t.ival != 0)
            gp_fail(ps, sign_pos, "negative constant '-%.*s' used where an unsigned integer is needed", n,
                    ps->src + t.pos);
        if (t.big)
            gp_fail(ps, t.pos, "integer constant '%.*s' does not fit 32 bits", n, ps->src + t.pos);
        v.u = t.ival;
    } else {
        if (t.big || t.ival > (neg ? 0x80000000u : 0x7fffffffu))
            gp_fail(ps, t.pos, "integer constant '%s%.*s' does not fit a signed 32-bit integer", neg ? "-" : "", n,
                    ps->src + t.pos);
        v.u = neg ? 0u - t.ival : t.ival;
    }
    next(ps);
    return v;
}

/* "{a}", "{a,b}", "{a,b,c}", "{a,b,c,d}": missing y, z, w are 0, 0, 1
 * (ARB_vertex_program 2.14.3.2, Constant Bindings), of ps->opnd_type. */
static void parse_const_vector(gp_parse *ps, gp_val v[4])
{
    bool flt = ps->opnd_type == GP_TYPE_F32;
    v[0].u = v[1].u = v[2].u = 0;
    if (flt)
        v[3].f = 1.0f;
    else
        v[3].u = 1;
    next(ps); /* '{' */
    int n = 0;
    for (;;) {
        if (n == 4)
            gp_fail(ps, ps->tok.pos, "a constant vector has at most four components");
        v[n++] = parse_number(ps, true);
        if (!accept(ps, ','))
            break;
    }
    expect(ps, '}', "after the constant vector");
}

/* A number of a 64-bit operand type t (ps->lit64), exactly: F64 the double
 * nearest the decimal text (strtod), S64 / U64 the 64-bit integer (decimal
 * or NV4 "0x" hex), with parse_number's rules (2.X.3.3: a floating-point
 * constant for an integer type, a negative one for an unsigned type and an
 * integer too large to be represented fail to load).  Returns the bits. */
static uint64_t parse_number64(gp_parse *ps, bool signed_ok, uint8_t t)
{
    bool neg;
    int sign_pos;
    gp_token tk = number_token(ps, signed_ok, &neg, &sign_pos);
    int n = tk.len > 40 ? 40 : tk.len;
    char *text = gp_alloc(ps, (size_t)tk.len + 1);
    memcpy(text, ps->src + tk.pos, (size_t)tk.len);
    text[tk.len] = 0;
    uint64_t r = 0;
    errno = 0;
    if (t == GP_TYPE_F64) {
        double d = tk.hex ? (double)strtoull(text + 2, NULL, 16) : strtod(text, NULL);
        d = neg ? -d : d;
        memcpy(&r, &d, sizeof(r));
    } else if (tk.kind == GP_TOK_FLOAT) {
        gp_fail(ps, tk.pos, "floating-point constant '%.*s' used where %s integer is needed", n, ps->src + tk.pos,
                t == GP_TYPE_U64 ? "an unsigned" : "a signed");
    } else {
        unsigned long long u = strtoull(tk.hex ? text + 2 : text, NULL, tk.hex ? 16 : 10);
        if (errno == ERANGE)
            gp_fail(ps, tk.pos, "integer constant '%.*s' does not fit 64 bits", n, ps->src + tk.pos);
        if (t == GP_TYPE_U64) {
            if (neg && u != 0)
                gp_fail(ps, sign_pos, "negative constant '-%.*s' used where an unsigned integer is needed", n,
                        ps->src + tk.pos);
            r = u;
        } else {
            if (u > (neg ? 1ull << 63 : (1ull << 63) - 1))
                gp_fail(ps, tk.pos, "integer constant '%s%.*s' does not fit a signed 64-bit integer", neg ? "-" : "",
                        n, ps->src + tk.pos);
            r = neg ? 0u - (uint64_t)u : (uint64_t)u;
        }
    }
    next(ps);
    return r;
}

/* A literal operand (scalar or "{..}") of a 64-bit operand type (gp_ir.h
 * "64-bit storage", Constants): two consecutive GP_PARAM_CONST rows of
 * type 'U', the low words then the high words, and s->hi = 1.  An existing
 * equal pair is reused (a printed program declares the pair in a PARAM
 * array and names it again by the literal). */
static void parse_literal64(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    uint8_t t = ps->lit64;
    int pos = ps->tok.pos;
    uint64_t v[4];
    if (is_punct(&ps->tok, '{')) {
        /* missing y, z, w are 0, 0, 1 (ARB_vertex_program 2.14.3.2) */
        v[0] = v[1] = v[2] = 0;
        v[3] = t == GP_TYPE_F64 ? 0x3ff0000000000000ull : 1u;
        next(ps);
        int k = 0;
        for (;;) {
            if (k == 4)
                gp_fail(ps, ps->tok.pos, "a constant vector has at most four components");
            v[k++] = parse_number64(ps, true, t);
            if (!accept(ps, ','))
                break;
        }
        expect(ps, '}', "after the constant vector");
    } else {
        v[0] = v[1] = v[2] = v[3] = parse_number64(ps, false, t);
        *scalar_const = true;
    }
    gp_val lo[4], hi[4];
    for (int c = 0; c < 4; c++) {
        lo[c].u = (uint32_t)v[c];
        hi[c].u = (uint32_t)(v[c] >> 32);
    }
    gp_param_binding bl, bh;
    binding_const(&bl, lo, 'U');
    binding_const(&bh, hi, 'U');
    int row = -1;
    for (int r = 0; r + 1 < ps->num_params && row < 0; r++)
        if (!memcmp(&ps->params[r], &bl, sizeof(bl)) && !memcmp(&ps->params[r + 1], &bh, sizeof(bh)))
            row = r;
    if (row < 0) {
        row = param_add(ps, &bl, -2, pos);
        param_add(ps, &bh, -2, pos);
    }
    s->file = GP_FILE_PARAM;
    s->index = s->rel_lo = s->rel_hi = row;
    s->hi = 1;
}

/* Stage restrictions of state bindings (2.14.3.2 vs 3.11.3.2). */
static void state_stage_check(gp_parse *ps, int start, bool vertex_only)
{
    if (ps->nv4)
        return; /* NV_gpu_program4 2.X.3.3: every state binding in every program type */
    bool ok = vertex_only ? ps->stage == GP_STAGE_VERTEX : ps->stage == GP_STAGE_FRAGMENT;
    if (!ok) {
        int end = ps->prev.pos + ps->prev.len;
        gp_fail(ps, start, "'%.*s' is not available in %s programs", end - start > 60 ? 60 : end - start,
                ps->src + start, ps->stage == GP_STAGE_VERTEX ? "vertex" : "fragment");
    }
}

static int opt_face(gp_parse *ps)
{
    if (accept_dot_word(ps, "back"))
        return GP_FACE_BACK;
    accept_dot_word(ps, "front");
    return GP_FACE_FRONT;
}

/* state.matrix.<name>[.<modifier>] then, depending on what the caller
 * allows, ".row[a]" (single) or ".row[a..b]" / nothing (multiple).
 * Returns the number of rows and fills rows[]. */
static int parse_state_matrix(gp_parse *ps, int start, bool multi, gp_state_ref *rows)
{
    gp_state_ref r = { .kind = GP_STATE_MATRIX_ROW };
    binding_dot(ps, start);
    static const char *const names[] = { "modelview", "projection", "mvp", "texture", "palette", "program" };
    int name = binding_word(ps, start, names, 6);
    static const uint8_t props[] = { GP_MATRIX_MODELVIEW, GP_MATRIX_PROJECTION, GP_MATRIX_MVP,
                                     GP_MATRIX_TEXTURE, GP_MATRIX_PALETTE, GP_MATRIX_PROGRAM };
    r.prop = props[name];
    int n = 0;
    switch (name) {
    case 0:
        n = opt_binding_index(ps, start, ps->lim.max_vertex_units, "modelview matrix");
        break;
    case 3:
        n = opt_binding_index(ps, start, ps->lim.max_texture_units, "texture matrix");
        break;
    case 4:
        if (ps->lim.max_palette_matrices <= 0)
            gp_fail(ps, ps->prev.pos, "state.matrix.palette needs ARB_matrix_palette, which asmgl does not support");
        n = binding_index(ps, start, ps->lim.max_palette_matrices, "palette matrix");
        break;
    case 5:
        n = binding_index(ps, start, ps->lim.max_program_matrices, "program matrix");
        break;
    }
    r.index = (uint16_t)n;
    r.modifier = GP_MATMOD_NONE;
    static const char *const mods[] = { "inverse", "transpose", "invtrans" };
    if (is_punct(&ps->tok, '.')) {
        gp_token t = peek(ps);
        for (int i = 0; i < 3; i++) {
            if (tok_is(ps, &t, mods[i])) {
                next(ps);
                next(ps);
                r.modifier = (uint8_t)(GP_MATMOD_INVERSE + i);
                break;
            }
        }
    }
    int first = 0, last = 3;
    if (is_punct(&ps->tok, '.')) {
        gp_token t = peek(ps);
        if (tok_is(ps, &t, "row")) {
            next(ps);
            next(ps);
            if (!accept(ps, '['))
                bad_binding(ps, start);
            int apos = ps->tok.pos;
            first = expect_int(ps, "a matrix row");
            if (first > 3)
                gp_fail(ps, apos, "matrix row %d out of range (0..3)", first);
            last = first;
            if (ps->tok.kind == GP_TOK_DOTDOT) {
                if (!multi)
                    gp_fail(ps, ps->tok.pos, "a row range is only allowed in a parameter array");
                next(ps);
                int bpos = ps->tok.pos;
                last = expect_int(ps, "a matrix row");
                if (last > 3)
                    gp_fail(ps, bpos, "matrix row %d out of range (0..3)", last);
                if (first > last)
                    gp_fail(ps, apos, "invalid row range %d..%d (the first row is larger)", first, last);
            }
            expect(ps, ']', NULL);
        } else if (!multi) {
            bad_binding(ps, start);
        }
    } else if (!multi) {
        int end = ps->prev.pos + ps->prev.len;
        gp_fail(ps, start, "'%.*s' is a whole matrix: bind it to a parameter array, or select a row",
                end - start > 60 ? 60 : end - start, ps->src + start);
    }
    for (int i = first; i <= last; i++) {
        rows[i - first] = r;
        rows[i - first].row = (uint16_t)i;
    }
    return last - first + 1;
}

/* "state.<item>" (ARB_vertex_program 2.14.3.2 Tables X.3.2-X.3.8,
 * ARB_fragment_program 3.11.3.2), current token "state".  Fills up to 4
 * rows (a whole matrix in a multiple context); returns their count. */
static int parse_state_binding(gp_parse *ps, bool multi, gp_state_ref *rows)
{
    int start = ps->tok.pos;
    next(ps);
    binding_dot(ps, start);
    static const char *const items[] = { "material", "light", "lightmodel", "lightprod", "texgen",
                                         "fog", "clip", "point", "matrix", "texenv", "depth" };
    int item = binding_word(ps, start, items, 11);
    gp_state_ref r = { 0 };
    switch (item) {
    case 0: { /* material[.face].property */
        static const char *const p[] = { "ambient", "diffuse", "specular", "emission", "shininess" };
        r.kind = GP_STATE_MATERIAL;
        r.face = (uint8_t)opt_face(ps);
        binding_dot(ps, start);
        r.prop = (uint8_t)binding_word(ps, start, p, 5);
        break;
    }
    case 1: { /* light[n].property */
        static const char *const p[] = { "ambient", "diffuse", "specular", "position", "attenuation", "spot", "half" };
        static const uint8_t props[] = { GP_LIGHT_AMBIENT, GP_LIGHT_DIFFUSE, GP_LIGHT_SPECULAR, GP_LIGHT_POSITION,
                                         GP_LIGHT_ATTENUATION, GP_LIGHT_SPOT_DIRECTION, GP_LIGHT_HALF };
        r.kind = GP_STATE_LIGHT;
        r.index = (uint16_t)binding_index(ps, start, ps->lim.max_lights, "light");
        binding_dot(ps, start);
        int i = binding_word(ps, start, p, 7);
        if (i == 5) {
            binding_dot(ps, start);
            static const char *const d[] = { "direction" };
            binding_word(ps, start, d, 1);
        }
        r.prop = props[i];
        break;
    }
    case 2: /* lightmodel.ambient | lightmodel[.face].scenecolor */
        if (accept_dot_word(ps, "ambient")) {
            r.kind = GP_STATE_LIGHTMODEL_AMBIENT;
        } else {
            r.kind = GP_STATE_LIGHTMODEL_SCENECOLOR;
            r.face = (uint8_t)opt_face(ps);
            binding_dot(ps, start);
            static const char *const p[] = { "scenecolor" };
            binding_word(ps, start, p, 1);
        }
        break;
    case 3: { /* lightprod[n][.face].property */
        static const char *const p[] = { "ambient", "diffuse", "specular" };
        r.kind = GP_STATE_LIGHTPROD;
        r.index = (uint16_t)binding_index(ps, start, ps->lim.max_lights, "light");
        r.face = (uint8_t)opt_face(ps);
        binding_dot(ps, start);
        r.prop = (uint8_t)binding_word(ps, start, p, 3);
        break;
    }
    case 4: { /* texgen[n].eye|object.s|t|r|q */
        static const char *const t[] = { "eye", "object" };
        static const char *const c[] = { "s", "t", "r", "q" };
        r.kind = GP_STATE_TEXGEN;
        r.index = (uint16_t)opt_binding_index(ps, start, ps->lim.max_texture_units, "texture unit");
        binding_dot(ps, start);
        int type = binding_word(ps, start, t, 2);
        binding_dot(ps, start);
        int coord = binding_word(ps, start, c, 4);
        r.prop = (uint8_t)(type * 4 + coord);
        state_stage_check(ps, start, true);
        break;
    }
    case 5: { /* fog.color|params */
        static const char *const p[] = { "color", "params" };
        binding_dot(ps, start);
        r.kind = binding_word(ps, start, p, 2) ? GP_STATE_FOG_PARAMS : GP_STATE_FOG_COLOR;
        break;
    }
    case 6: { /* clip[n].plane */
        r.kind = GP_STATE_CLIPPLANE;
        r.index = (uint16_t)binding_index(ps, start, ps->lim.max_clip_planes, "clip plane");
        binding_dot(ps, start);
        static const char *const p[] = { "plane" };
        binding_word(ps, start, p, 1);
        state_stage_check(ps, start, true);
        break;
    }
    case 7: { /* point.size|attenuation */
        static const char *const p[] = { "size", "attenuation" };
        binding_dot(ps, start);
        r.kind = binding_word(ps, start, p, 2) ? GP_STATE_POINT_ATTENUATION : GP_STATE_POINT_SIZE;
        state_stage_check(ps, start, true);
        break;
    }
    case 8:
        return parse_state_matrix(ps, start, multi, rows);
    case 9: { /* texenv[n].color */
        r.kind = GP_STATE_TEXENV_COLOR;
        r.index = (uint16_t)opt_binding_index(ps, start, ps->lim.max_texture_units, "texture unit");
        binding_dot(ps, start);
        static const char *const p[] = { "color" };
        binding_word(ps, start, p, 1);
        state_stage_check(ps, start, false);
        break;
    }
    default: { /* depth.range */
        binding_dot(ps, start);
        static const char *const p[] = { "range" };
        binding_word(ps, start, p, 1);
        r.kind = GP_STATE_DEPTH_RANGE;
        state_stage_check(ps, start, false);
        break;
    }
    }
    rows[0] = r;
    return 1;
}

/* "program.env[a]" / "program.local[a]", or with ranges_ok "[a..b]".
 * Fills kind/first/last. */
static void parse_program_binding(gp_parse *ps, bool ranges_ok, int *kind, int *first, int *last)
{
    int start = ps->tok.pos;
    next(ps);
    binding_dot(ps, start);
    static const char *const items[] = { "env", "local", "storagelen" };
    int item = binding_word(ps, start, items, ps->nv5 ? 3 : 2);
    int limit = item ? ps->lim.max_local_parameters : ps->lim.max_env_parameters;
    const char *what = item ? "program local parameter" : "program environment parameter";
    if (item == 2) {
        /* NV_shader_storage_buffer_object 2.X.3.3 (BIND.P.STORAGELEN):
         * program.storagelen[a] / [a..b], GP_PARAM_STORAGELEN rows */
        if (!(ps->options & GP_OPTION_NV_SHADER_STORAGE_BUFFER))
            gp_fail(ps, start, "program.storagelen requires OPTION NV_shader_storage_buffer");
        limit = GP_MAX_STORAGE_BUFFERS;
        what = "storage buffer binding point";
    }
    if (!accept(ps, '['))
        bad_binding(ps, start);
    int apos = ps->tok.pos;
    int a = expect_int(ps, "a parameter number");
    if (a >= limit)
        gp_fail(ps, apos, "%s %d out of range (%d available)", what, a, limit);
    int b = a;
    if (ps->tok.kind == GP_TOK_DOTDOT) {
        if (!ranges_ok)
            gp_fail(ps, ps->tok.pos, "a parameter range is only allowed in a parameter array");
        next(ps);
        int bpos = ps->tok.pos;
        b = expect_int(ps, "a parameter number");
        if (b >= limit)
            gp_fail(ps, bpos, "%s %d out of range (%d available)", what, b, limit);
        if (a > b)
            gp_fail(ps, apos, "invalid parameter range %d..%d (the first is larger)", a, b);
    }
    expect(ps, ']', NULL);
    *kind = item == 2 ? GP_PARAM_STORAGELEN : item ? GP_PARAM_LOCAL : GP_PARAM_ENV;
    *first = a;
    *last = b;
}

/* NV_shader_thread_group 2.X.3.3 "Thread Group Property Bindings"
 * (BIND.P.THREADSTATE): when the current token "state" starts
 * "state.thread.<property>", parses it into b, an integer constant
 * (x, 0, 0, 0): warpsize 16 (a thread group is the GP_LANES lanes of one
 * gp_exec call, glprog.h "Thread groups"), warpspersm 1 and smcount 1
 * (asmgl's model: one thread group at a time per "SM", one "SM"; constants,
 * so that results do not depend on the worker count).  y z w are
 * undefined in the spec: 0.  Returns false (nothing consumed) otherwise. */
static bool parse_thread_state(gp_parse *ps, gp_param_binding *b)
{
    gp_lexer save = ps->lx;
    gp_token t1, t2;
    gp_lex_next(&ps->lx, &t1);
    gp_lex_next(&ps->lx, &t2);
    ps->lx = save;
    if (!ps->nv5 || !is_punct(&t1, '.') || !tok_is(ps, &t2, "thread"))
        return false;
    int start = ps->tok.pos;
    if (!(ps->options & GP_OPTION_NV_SHADER_THREAD_GROUP))
        gp_fail(ps, t2.pos, "state.thread bindings require OPTION NV_shader_thread_group");
    next(ps);
    binding_dot(ps, start);
    next(ps); /* thread */
    binding_dot(ps, start);
    static const char *const w[] = { "warpsize", "warpspersm", "smcount" };
    int k = binding_word(ps, start, w, 3);
    gp_val v[4] = { { .i = k == 0 ? GP_LANES : 1 }, { .i = 0 }, { .i = 0 }, { .i = 0 } };
    binding_const(b, v, 'S');
    return true;
}

/* A single parameter binding used inline or by "PARAM x = ...": state,
 * program.env/local or a constant.  Returns the table row. */
static int parse_param_single(gp_parse *ps, bool signed_const, bool *is_scalar_const)
{
    gp_param_binding b;
    int pos = ps->tok.pos;
    if (is_scalar_const)
        *is_scalar_const = false;
    if (tok_is(ps, &ps->tok, "state") && parse_thread_state(ps, &b)) {
        /* NV_shader_thread_group state.thread.* */
    } else if (tok_is(ps, &ps->tok, "state")) {
        gp_state_ref r[4];
        parse_state_binding(ps, false, r);
        binding_state(&b, r[0]);
    } else if (tok_is(ps, &ps->tok, "program")) {
        int kind, first, last;
        parse_program_binding(ps, false, &kind, &first, &last);
        binding_program(&b, kind, (uint32_t)first);
    } else if (is_punct(&ps->tok, '{')) {
        gp_val v[4];
        parse_const_vector(ps, v);
        binding_const(&b, v, ps->const_type);
    } else {
        if (ps->tok.kind == GP_TOK_IDENT) {
            char buf[64];
            gp_fail(ps, pos, "expected a parameter binding (state.*, program.env/local) or a constant, found %s",
                    tok_str(ps, &ps->tok, buf, sizeof(buf)));
        }
        gp_val x = parse_number(ps, signed_const);
        gp_val v[4] = { x, x, x, x };
        binding_const(&b, v, ps->const_type);
        if (is_scalar_const)
            *is_scalar_const = true;
    }
    return param_add(ps, &b, -1, pos);
}

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

/* NV_gpu_program4 forms of the rules below (defined further down). */
static const char *option_names(uint32_t mask, char *buf, size_t size);
static void nv4_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const);
static void nv4_dst(gp_parse *ps, gp_dst *d, int *pos_out);
static void nv4_texture(gp_parse *ps, gp_pinsn *pi);
static bool nv4_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg);

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
        s->rel = 1;
        s->rel_file = GP_FILE_ADDRESS;
        s->index = sym->index + off;
        s->rel_lo = sym->index;
        s->rel_hi = sym->index + sym->count - 1;
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

/* ---- NV_gpu_program4 ------------------------------------------------------ */

/* The grammar of !!NVvp4.0 / !!NVfp4.0 / !!NVgp4.0 where it differs from the
 * ARB one: typed declarations and arrays of every variable class, integer
 * temporaries as array indices, the bindings of NV_vertex_program4,
 * NV_fragment_program4 and NV_geometry_program4, parameter buffers, the
 * geometry declarations, dotted instruction modifiers, texel offsets and
 * the NV4 condition code tests.  The checks that need the whole program
 * (operand types against typed variables, texture targets and offsets,
 * loops without a count) are in gp_validate.c. */

static const char *stage_word(gp_stage s)
{
    return s == GP_STAGE_VERTEX ? "vertex" : s == GP_STAGE_FRAGMENT ? "fragment" : s == GP_STAGE_COMPUTE ? "compute"
                                                                                                          : "geometry";
}

/* The gp_type an operand or result of data type kind k (gp_io_kind) has in
 * an instruction of type op_type. */
static uint8_t kind_type(int k, uint8_t op_type)
{
    return k == GP_KIND_F ? GP_TYPE_F32 : k == GP_KIND_S ? GP_TYPE_S32 : k == GP_KIND_U ? GP_TYPE_U32 : op_type;
}

/* Operand literals of type t: the gp_param_binding.type of their rows. */
static void set_operand_type(gp_parse *ps, uint8_t t)
{
    ps->opnd_type = t;
    ps->const_type = t == GP_TYPE_S32 ? 'S' : t == GP_TYPE_U32 ? 'U' : 0;
}

/* A binding as the NV4 binding rules see it (2.X.3.2, 2.X.3.5). */
typedef struct nv4_binding {
    int slot;        /* first GP_VIN_ / GP_VARY_ / GP_FOUT_ slot; for clip
                        distances the first clip number */
    int count;       /* 1, or the length of a range "[n..o]" */
    char family;     /* 'T' texcoord, 'A' attrib, 'C' clip: what arrays hold */
    bool clip;       /* clip distances */
    bool per_vertex; /* geometry: "vertex." without "[m]" */
    int vtx;         /* geometry: m of "vertex[m]" */
    bool interp_ok;  /* fragment: interpolation modifiers allowed */
    uint8_t comp;    /* fragment.sampleid / samplemask: 1 + its GP_VARY_SAMPLE component */
    int pos;         /* where the binding starts */
    int end;         /* where it ends */
} nv4_binding;

/* "[n]" or, where range_ok (array declarations), "[n..o]" with n <= o <
 * limit; returns n and sets *count. */
static int nv4_binding_range(gp_parse *ps, int start, int limit, const char *what, bool range_ok, int *count)
{
    if (!accept(ps, '['))
        bad_binding(ps, start);
    if (ps->tok.kind != GP_TOK_INT)
        bad_binding(ps, start);
    int apos = ps->tok.pos;
    uint32_t a = ps->tok.ival, b;
    next(ps);
    if (limit < 0)
        limit = 0;
    if (a >= (uint32_t)limit)
        gp_fail(ps, apos, "%s %u out of range (%d available)", what, a, limit);
    b = a;
    if (ps->tok.kind == GP_TOK_DOTDOT) {
        if (!range_ok)
            gp_fail(ps, ps->tok.pos, "a binding range is only allowed in an array declaration");
        next(ps);
        int bpos = ps->tok.pos;
        if (ps->tok.kind != GP_TOK_INT)
            bad_binding(ps, start);
        b = ps->tok.ival;
        next(ps);
        if (b >= (uint32_t)limit)
            gp_fail(ps, bpos, "%s %u out of range (%d available)", what, b, limit);
        if (a > b)
            gp_fail(ps, apos, "invalid %s range %u..%u (the first is larger)", what, a, b);
    }
    expect(ps, ']', NULL);
    *count = (int)(b - a + 1);
    return (int)a;
}

static int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* ".primary" / ".secondary" (and, with faces, ".front" / ".back" first):
 * the colour slot. */
static int nv4_color_slot(gp_parse *ps, bool faces)
{
    bool back = false;
    if (faces) {
        if (accept_dot_word(ps, "back"))
            back = true;
        else
            accept_dot_word(ps, "front");
    }
    bool secondary = false;
    if (accept_dot_word(ps, "secondary"))
        secondary = true;
    else
        accept_dot_word(ps, "primary");
    return back ? (secondary ? GP_VARY_BFC1 : GP_VARY_BFC0) : (secondary ? GP_VARY_COL1 : GP_VARY_COL0);
}

/* NV_shader_thread_group 2.X.3.2 thread bindings "vertex.<item>" /
 * "fragment.<item>" (current token: the item): threadid, thread{eq,lt,le,
 * gt,ge}mask, warpid, smid, and in fragment programs helperthread.  Bound
 * to one component of the GP_IN_THREAD rows (gp_ir.h).  Returns false
 * (nothing consumed) for other items. */
static bool nv5_thread_input(gp_parse *ps, nv4_binding *b)
{
    static const char *const items[] = { "threadid", "warpid", "smid", "helperthread", "threadeqmask",
                                         "threadltmask", "threadlemask", "threadgtmask", "threadgemask" };
    static const uint8_t row[] = { 0, 0, 0, 0, 1, 1, 1, 1, 2 }, comp[] = { 0, 1, 2, 3, 0, 1, 2, 3, 0 };
    int k = ps->nv5 ? word_index(ps, items, 9) : -1;
    if (k < 0 || (k == 3 && ps->stage != GP_STAGE_FRAGMENT))
        return false;
    if (!(ps->options & GP_OPTION_NV_SHADER_THREAD_GROUP))
        gp_fail(ps, ps->tok.pos, "'%s' requires OPTION NV_shader_thread_group", items[k]);
    next(ps);
    b->slot = GP_IN_THREAD + row[k];
    b->comp = (uint8_t)(1 + comp[k]);
    return true;
}

/* NV_vertex_program4 Table X.X: "vertex.<item>", current token "vertex". */
static void nv4_vertex_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    next(ps);
    if (is_punct(&ps->tok, '['))
        gp_fail(ps, ps->tok.pos, "vertex[n] bindings are only available in geometry programs");
    binding_dot(ps, start);
    b->count = 1;
    if (nv5_thread_input(ps, b))
        return;
    static const char *const items[] = { "position", "weight", "normal", "color", "fogcoord",
                                         "texcoord", "attrib", "id", "instance", "matrixindex" };
    int item = binding_word(ps, start, items, 10);
    bool generic = false;
    switch (item) {
    case 0:
        b->slot = GP_VIN_POSITION;
        break;
    case 1: {
        int ipos = is_punct(&ps->tok, '[') ? peek(ps).pos : ps->tok.pos;
        int n = opt_binding_index(ps, start, ps->lim.max_vertex_units, "vertex weight");
        if (n % 4)
            gp_fail(ps, ipos, "vertex weight number %d is not divisible by four", n);
        b->slot = GP_VIN_WEIGHT;
        break;
    }
    case 2:
        b->slot = GP_VIN_NORMAL;
        break;
    case 3:
        b->slot = nv4_color_slot(ps, false) == GP_VARY_COL1 ? GP_VIN_COLOR1 : GP_VIN_COLOR0;
        break;
    case 4:
        b->slot = GP_VIN_FOGCOORD;
        break;
    case 5:
        b->family = 'T';
        b->slot = GP_VIN_TEX0;
        if (is_punct(&ps->tok, '['))
            b->slot += nv4_binding_range(ps, start, min_int(ps->lim.max_texture_coords, 8), "texture coordinate",
                                         ctx == 2, &b->count);
        break;
    case 6:
        b->family = 'A';
        generic = true;
        b->slot = GP_VIN_GENERIC0 + nv4_binding_range(ps, start, min_int(ps->lim.max_attribs, GP_VIN_COUNT),
                                                      "vertex attribute", ctx == 2, &b->count);
        break;
    case 7:
        b->slot = GP_VIN_VERTEXID;
        break;
    case 8:
        b->slot = GP_VIN_INSTANCEID;
        break;
    default:
        gp_fail(ps, ps->prev.pos, "vertex.matrixindex is not available in NV_gpu_program4 programs");
    }
    if (b->slot < GP_VIN_COUNT)
        for (int i = 0; i < b->count; i++)
            mark_vertex_attr(ps, b->slot + i, generic, start);
}

/* "primitive.id", an input of fragment and geometry programs alike
 * (NV_fragment_program4, NV_geometry_program4): true when it was that. */
static bool nv4_primitive_id(gp_parse *ps, nv4_binding *b, int start)
{
    if (!tok_is(ps, &ps->tok, "primitive"))
        return false;
    next(ps);
    binding_dot(ps, start);
    /* NV_shader_thread_group primitive.threadid / thread*mask / warpid /
     * smid in geometry programs (BIND.G.THREAD; gp_exec.c fetch_geo_input) */
    if (ps->stage == GP_STAGE_GEOMETRY && nv5_thread_input(ps, b))
        return true;
    /* NV_gpu_program5 2.X.3.2 adds, in geometry programs, primitive.invocation
     * and primitive.vertexcount: (x, -, -, -) integers in GP_VARY_PRIMINFO's
     * x and y, bound like a clip distance (a single component of a row) so
     * every swizzle of the binding reads that component. */
    static const char *const id[] = { "id", "invocation", "vertexcount", "tessouter", "tessinner", "patch" };
    int wpos = ps->tok.pos;
    int k = binding_word(ps, start, id, ps->nv5 && ps->stage == GP_STAGE_GEOMETRY ? 6 : 1);
    if (k >= 3) {
        /* primitive.tessouter[n] (n < 4), tessinner[n] (n < 2),
         * patch.attrib[n]: "A program will fail to load if this attribute
         * binding is used and the input primitive type is not PATCHES."
         * asmgl has no tessellation stage to produce per-patch values: they
         * read 0, bound to GP_VARY_PRIMINFO.z (which the rasterizer keeps 0)
         * in every component.  The [n..o] ranges are not supported. */
        if (ps->gs_prim_in != GP_PRIM_PATCHES)
            gp_fail(ps, wpos, "primitive.%s requires PRIMITIVE_IN PATCHES", id[k]);
        if (k == 5) {
            binding_dot(ps, start);
            static const char *const attrib[] = { "attrib" };
            binding_word(ps, start, attrib, 1);
        }
        binding_index(ps, start, k == 3 ? 4 : k == 4 ? 2 : 32,
                      k == 3 ? "outer tessellation level" : k == 4 ? "inner tessellation level" : "patch attribute");
        b->clip = true;
        b->slot = (GP_VARY_PRIMINFO - GP_VARY_CLIP0) * 4 + 2;
    } else if (k == 0) {
        b->slot = GP_VARY_PRIMID;
    } else {
        b->clip = true;
        b->slot = (GP_VARY_PRIMINFO - GP_VARY_CLIP0) * 4 + (k - 1);
    }
    return true;
}

/* NV_fragment_program4 Table X.X: "fragment.<item>" / "primitive.id". */
static void nv4_fragment_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    b->count = 1;
    if (nv4_primitive_id(ps, b, start))
        return;
    next(ps);
    binding_dot(ps, start);
    /* NV_gpu_program5 2.X.2 / 2.X.3.2: fragment.sampleid (per-sample
     * execution, FEATURES.md BIND.F.SAMPLEID) and fragment.samplemask, the
     * x and y of GP_VARY_SAMPLE (every component of the binding reads it) */
    static const char *const ms_items[] = { "sampleid", "samplemask" };
    int ms_item = word_index(ps, ms_items, 2);
    if (ms_item >= 0) {
        if (!ps->nv5)
            gp_fail(ps, start, "'fragment.%s' requires NV_gpu_program5 (!!NVfp5.0)", ms_items[ms_item]);
        next(ps);
        b->slot = GP_VARY_SAMPLE;
        b->comp = (uint8_t)(1 + ms_item);
        if (ms_item == 0)
            ps->interp_mask[3] |= 1ull << GP_VARY_SAMPLE; /* info.inputs_sample */
        return;
    }
    if (nv5_thread_input(ps, b))
        return;
    static const char *const items[] = { "color", "texcoord", "fogcoord", "position", "facing", "clip", "attrib",
                                         "pointcoord" };
    /* NV_gpu_program5 2.X.3.2: fragment.pointcoord (s, t, -, -) */
    int item = binding_word(ps, start, items, ps->nv5 ? 8 : 7);
    if (item == 7) {
        b->slot = GP_VARY_PNTC;
        return;
    }
    switch (item) {
    case 0:
        b->slot = nv4_color_slot(ps, false);
        b->interp_ok = true;
        break;
    case 1:
        b->family = 'T';
        b->interp_ok = true;
        b->slot = GP_VARY_TEX0;
        if (is_punct(&ps->tok, '['))
            b->slot += nv4_binding_range(ps, start, min_int(ps->lim.max_texture_coords, 8), "texture coordinate",
                                         ctx == 2, &b->count);
        break;
    case 2:
        b->slot = GP_VARY_FOG;
        break;
    case 3:
        b->slot = GP_VARY_POS;
        break;
    case 4:
        b->slot = GP_VARY_FACE;
        break;
    case 5:
        b->family = 'C';
        b->clip = true;
        b->slot = nv4_binding_range(ps, start, min_int(ps->lim.max_clip_planes, 8), "clip distance", ctx == 2, &b->count);
        break;
    default:
        b->family = 'A';
        b->interp_ok = true;
        b->slot = GP_VARY_ATTR0 + nv4_binding_range(ps, start, 32, "generic attribute", ctx == 2, &b->count);
        break;
    }
}

/* NV_geometry_program4 Table X.2: "vertex[m].<item>" ("[m]" optional in
 * declarations) / "primitive.id". */
/* The per-vertex varyings that both result.* and a geometry program's
 * vertex[m].* name (NV_gpu_program4 2.X.3.2, NV_geometry_program4): one
 * mapping from the word just read to its slot, so the two cannot drift. */
enum {
    NV4_VARY_POSITION, NV4_VARY_COLOR, NV4_VARY_FOGCOORD, NV4_VARY_POINTSIZE,
    NV4_VARY_TEXCOORD, NV4_VARY_CLIP, NV4_VARY_ATTRIB, NV4_VARY_ID
};

static void nv4_varying(gp_parse *ps, nv4_binding *b, int start, int ctx, int which, const char *clip_what)
{
    switch (which) {
    case NV4_VARY_POSITION:
        b->slot = GP_VARY_POS;
        break;
    case NV4_VARY_COLOR:
        b->slot = nv4_color_slot(ps, true);
        break;
    case NV4_VARY_FOGCOORD:
        b->slot = GP_VARY_FOG;
        break;
    case NV4_VARY_POINTSIZE:
        b->slot = GP_VARY_PSIZ;
        break;
    case NV4_VARY_TEXCOORD:
        b->family = 'T';
        b->slot = GP_VARY_TEX0;
        if (is_punct(&ps->tok, '['))
            b->slot += nv4_binding_range(ps, start, min_int(ps->lim.max_texture_coords, 8), "texture coordinate",
                                         ctx == 2, &b->count);
        break;
    case NV4_VARY_CLIP:
        b->family = 'C';
        b->clip = true;
        b->slot = nv4_binding_range(ps, start, min_int(ps->lim.max_clip_planes, 8), clip_what, ctx == 2, &b->count);
        break;
    case NV4_VARY_ATTRIB:
        b->family = 'A';
        b->slot = GP_VARY_ATTR0 + nv4_binding_range(ps, start, 32, "generic attribute", ctx == 2, &b->count);
        break;
    default:
        b->slot = GP_VARY_ID;
        break;
    }
}

static void nv4_geometry_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    b->count = 1;
    if (nv4_primitive_id(ps, b, start))
        return;
    next(ps);
    if (is_punct(&ps->tok, '[')) {
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT)
            gp_fail(ps, t.pos, "the vertex number of a vertex[m] binding must be a constant (declare an ATTRIB "
                               "without [m] to index vertices)");
        b->vtx = binding_index(ps, start, ps->gs_vertices_in, "input vertex");
    } else if (ctx) {
        b->per_vertex = true;
    } else {
        gp_fail(ps, ps->tok.pos, "a vertex binding in an instruction needs its vertex number, as in vertex[0]");
    }
    binding_dot(ps, start);
    static const char *const items[] = { "position", "color", "fogcoord", "pointsize",
                                         "texcoord", "attrib", "clip", "id" };
    static const uint8_t varying[] = { NV4_VARY_POSITION, NV4_VARY_COLOR, NV4_VARY_FOGCOORD, NV4_VARY_POINTSIZE,
                                       NV4_VARY_TEXCOORD, NV4_VARY_ATTRIB, NV4_VARY_CLIP, NV4_VARY_ID };
    nv4_varying(ps, b, start, ctx, varying[binding_word(ps, start, items, 8)], "clip distance");
}

/* Is t the start of an attribute binding of this program type? */
static bool nv4_is_input(const gp_parse *ps, const gp_token *t)
{
    if (ps->stage == GP_STAGE_COMPUTE) /* NV_compute_program5 Table X.1 */
        return tok_is(ps, t, "invocation");
    if (tok_is(ps, t, "vertex"))
        return ps->stage != GP_STAGE_FRAGMENT;
    if (tok_is(ps, t, "fragment"))
        return ps->stage == GP_STAGE_FRAGMENT;
    return tok_is(ps, t, "primitive") && ps->stage != GP_STAGE_VERTEX;
}

/* NV_compute_program5 Table X.1 (BIND.C.*): invocation.localid globalid
 * groupid groupcount groupsize localindex, rows GP_CIN_* (glprog.h); with
 * OPTION NV_shader_thread_group also invocation.threadid and the masks
 * (BIND.C.THREAD). */
static void nv5_compute_input(gp_parse *ps, nv4_binding *b)
{
    int start = ps->tok.pos;
    next(ps); /* invocation */
    binding_dot(ps, start);
    if (nv5_thread_input(ps, b))
        return;
    static const char *const items[] = { "localid", "globalid", "groupid", "groupcount", "groupsize",
                                         "localindex" };
    b->slot = GP_CIN_LOCALID + binding_word(ps, start, items, 6);
}

static void nv4_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    memset(b, 0, sizeof(*b));
    b->pos = ps->tok.pos;
    if (ps->stage == GP_STAGE_COMPUTE)
        nv5_compute_input(ps, b);
    else if (ps->stage == GP_STAGE_VERTEX)
        nv4_vertex_input(ps, b, ctx);
    else if (ps->stage == GP_STAGE_FRAGMENT)
        nv4_fragment_input(ps, b, ctx);
    else
        nv4_geometry_input(ps, b, ctx);
    b->end = ps->prev.pos + ps->prev.len;
}

/* Result bindings: NV_vertex_program4 Table X.4, NV_geometry_program4
 * Table X.3, NV_fragment_program4 2.X.3.5; current token "result". */
static void nv4_result(gp_parse *ps, nv4_binding *b, int ctx)
{
    if (ps->stage == GP_STAGE_COMPUTE) /* NV_compute_program5 2.X.3.5 */
        gp_fail(ps, ps->tok.pos, "compute programs have no result variables (write memory instead)");
    memset(b, 0, sizeof(*b));
    int start = b->pos = ps->tok.pos;
    b->count = 1;
    next(ps);
    binding_dot(ps, start);
    if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &ps->tok, "samplemask")) {
        /* NV_gpu_program5 2.X.2 grammar: result.samplemask (FEATURES.md
         * BIND.R.SAMPLEMASK; rast.h "Multisampling": ANDed with coverage) */
        if (!ps->nv5)
            gp_fail(ps, start, "'result.samplemask' requires NV_gpu_program5 (!!NVfp5.0)");
        next(ps);
        b->slot = GP_FOUT_SAMPLEMASK;
        b->end = ps->prev.pos + ps->prev.len;
        return;
    }
    if (ps->stage == GP_STAGE_FRAGMENT) {
        static const char *const items[] = { "color", "depth" };
        static const char *const others[] = { "position", "fogcoord", "pointsize", "texcoord", "clip",
                                              "attrib", "id", "primid", "layer" };
        if (word_index(ps, items, 2) < 0 && word_index(ps, others, 9) >= 0)
            gp_fail(ps, start, "'result.%.*s' is not available in fragment programs", ps->tok.len,
                    ps->src + ps->tok.pos);
        int item = binding_word(ps, start, items, 2);
        b->slot = item ? GP_FOUT_DEPTH : GP_FOUT_COLOR0;
        if (!item && is_punct(&ps->tok, '[')) {
            if (!(ps->options & GP_OPTION_DRAW_BUFFERS))
                gp_fail(ps, ps->tok.pos, "result.color[n] requires OPTION ARB_draw_buffers");
            b->slot = GP_FOUT_COLOR0 + binding_index(ps, start, min_int(ps->lim.max_draw_buffers, 8), "draw buffer");
        }
        /* NV_gpu_program5 2.X.3.5 / 3.11.4.5.3: with OPTION
         * ARB_blend_func_extended, result.color[n].primary (SRC_COLOR, the
         * ordinary result) and result.color[n].secondary (SRC1_COLOR) */
        if (!item && ps->nv5 && is_punct(&ps->tok, '.')) {
            gp_token w = peek(ps);
            bool prim = tok_is(ps, &w, "primary"), sec = tok_is(ps, &w, "secondary");
            if ((prim || sec) && !(ps->options & GP_OPTION_ARB_BLEND_FUNC_EXTENDED))
                gp_fail(ps, w.pos, "result.color[n].%s requires OPTION ARB_blend_func_extended",
                        prim ? "primary" : "secondary");
            if (prim || sec) {
                next(ps);
                next(ps);
                if (sec)
                    b->slot = GP_FOUT_SECONDARY0 + (b->slot - GP_FOUT_COLOR0);
            }
        }
        b->end = ps->prev.pos + ps->prev.len;
        return;
    }
    static const char *const items[] = { "position", "color", "fogcoord", "pointsize", "texcoord",
                                         "clip", "attrib", "id", "primid", "layer" };
    int item = binding_word(ps, start, items, 10);
    bool gs = ps->stage == GP_STAGE_GEOMETRY;
    if ((item == 7 && gs) || (item >= 8 && !gs)) {
        int end = ps->prev.pos + ps->prev.len;
        gp_fail(ps, start, "'%.*s' is not available in %s programs", end - start, ps->src + start,
                stage_word(ps->stage));
    }
    if (item == 0 && (ps->options & GP_OPTION_POSITION_INVARIANT))
        gp_fail(ps, ps->prev.pos, "result.position cannot be used with OPTION ARB_position_invariant");
    if (item == 8)
        b->slot = GP_VARY_PRIMID;
    else if (item == 9)
        b->slot = GP_VARY_LAYER;
    else
        nv4_varying(ps, b, start, ctx, item, "clip plane"); /* items 0..7 are in nv4_vary order */
    b->end = ps->prev.pos + ps->prev.len;
}

/* An array member "[int]" or "[tempvar.c +- int]" (2.X.4.2 <arrayMem>) of
 * a variable with count members. */
typedef struct nv4_index {
    bool rel;
    int value;       /* the member, or the constant offset */
    uint8_t reg, comp;
} nv4_index;

static void nv4_array_member(gp_parse *ps, const gp_sym *sym, int count, nv4_index *ix)
{
    memset(ix, 0, sizeof(*ix));
    expect(ps, '[', NULL);
    int n = sym->len > 40 ? 40 : sym->len;
    if (ps->tok.kind == GP_TOK_INT) {
        /* "Out-of-bounds array absolute accesses are not allowed." */
        if (ps->tok.big || ps->tok.ival >= (uint32_t)count)
            gp_fail(ps, ps->tok.pos, "array index %u out of bounds for '%.*s' (%d elements)", ps->tok.ival, n,
                    sym->name, count);
        ix->value = (int)ps->tok.ival;
        next(ps);
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        /* <arrayMemRel>: a scalar integer operand, then an offset in
         * [0, count-1] */
        const gp_sym *r = lookup(ps, &ps->tok);
        int rpos = ps->tok.pos, rlen = ps->tok.len > 40 ? 40 : ps->tok.len;
        if (r->kind != GP_SYM_TEMP || r->is_array)
            gp_fail(ps, rpos, "the relative index '%.*s' must be a temporary variable that is not an array", rlen,
                    ps->src + rpos);
        if (r->dtype == 'F')
            gp_fail(ps, rpos, "the relative index '%.*s' is declared FLOAT: an integer is needed", rlen,
                    ps->src + rpos);
        next(ps);
        if (!accept(ps, '.'))
            gp_fail(ps, ps->tok.pos, "a relative index needs one component, as in %.*s.x", rlen, ps->src + rpos);
        int comp[4];
        if (components(ps, &ps->tok, comp) != 1)
            gp_fail(ps, ps->tok.pos, "invalid relative index component '%.*s'", ps->tok.len > 20 ? 20 : ps->tok.len,
                    ps->src + ps->tok.pos);
        next(ps);
        ix->rel = true;
        ix->reg = (uint8_t)r->index;
        ix->comp = (uint8_t)comp[0];
        if (is_punct(&ps->tok, '+') || is_punct(&ps->tok, '-')) {
            int spos = ps->tok.pos;
            bool neg = ps->tok.punct == '-';
            next(ps);
            int opos = ps->tok.pos;
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "an offset");
            /* "A program will fail to load if it specifies an offset
             * outside that range." */
            if (big || v >= (uint32_t)count || (neg && v != 0))
                gp_fail(ps, neg ? spos : opos, "relative offset %s%u out of range for '%.*s' (0..%d)", neg ? "-" : "",
                        v, n, sym->name, count - 1);
            ix->value = (int)v;
        }
    } else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an array index, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    expect(ps, ']', "after the array index");
}

/* Array member ix of a variable whose members start at base. */
/* gp_src.hi / gp_dst.hi of an operand naming sym: the rows from a low
 * word to its high word for a LONG TEMP of an NV5 program, else 0. */
static uint16_t long_rows(const gp_parse *ps, const gp_sym *sym)
{
    /* LONG ATTRIB: the high words' input rows (glprog.h GP_VIN_LONG_HI) */
    if (ps->nv5 && sym->kind == GP_SYM_ATTRIB && sym->size == 'L')
        return GP_VIN_LONG_HI;
    if (!ps->nv5 || sym->kind != GP_SYM_TEMP || sym->size != 'L')
        return 0;
    return (uint16_t)(sym->is_array ? sym->count : 1);
}

static void nv4_rel_src(gp_src *s, const nv4_index *ix, int base, int count)
{
    s->index = base + ix->value;
    s->rel_lo = s->rel_hi = s->index;
    if (ix->rel) {
        s->rel = 1;
        s->rel_file = GP_FILE_TEMP;
        s->rel_reg = ix->reg;
        s->rel_comp = ix->comp;
        s->rel_lo = base;
        s->rel_hi = base + count - 1;
    }
}

/* An input binding read by an instruction: its slot (clip distances: the
 * component folded into the swizzle), vertex (geometry). */
static void nv4_input_operand(gp_parse *ps, gp_src *s, const nv4_binding *b, int member)
{
    s->file = GP_FILE_INPUT;
    if (b->clip) {
        int n = b->slot + member;
        s->index = GP_VARY_CLIP0 + n / 4;
        memset(s->swz, n % 4, 4); /* (c, -, -, -): every component may be c */
    } else {
        s->index = b->slot + member;
        if (b->comp)
            memset(s->swz, b->comp - 1, 4); /* fragment.sampleid / samplemask: (v, -, -, -) */
    }
    s->rel_lo = s->rel_hi = s->index;
    s->vtx = (uint8_t)b->vtx;
    if (s->index < GP_IN_THREAD) /* the thread rows are no attributes */
        ps->inputs_bound |= 1ull << (s->index & 63);
}

/* <srcReg> of an NV4 instruction: literals (typed by ps->opnd_type),
 * parameter bindings, attribute bindings, and TEMP / ATTRIB / PARAM /
 * BUFFER variables with their array members. */
static void nv4_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    gp_token t = ps->tok;
    *scalar_const = false;
    if ((t.kind == GP_TOK_INT || t.kind == GP_TOK_FLOAT || is_punct(&t, '{')) && ps->lit64) {
        parse_literal64(ps, s, scalar_const); /* NV5 64-bit literals */
    } else if (t.kind == GP_TOK_INT || t.kind == GP_TOK_FLOAT || is_punct(&t, '{')) {
        s->file = GP_FILE_PARAM;
        s->index = parse_param_single(ps, false, scalar_const);
    } else if (t.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, t.pos, "expected an operand, found %s", tok_str(ps, &t, b, sizeof(b)));
    } else if (tok_is(ps, &t, "state") || tok_is(ps, &t, "program")) {
        if (tok_is(ps, &t, "program")) {
            gp_lexer save = ps->lx;
            gp_token t1, t2;
            gp_lex_next(&ps->lx, &t1);
            gp_lex_next(&ps->lx, &t2);
            ps->lx = save;
            if (is_punct(&t1, '.') && tok_is(ps, &t2, "buffer"))
                gp_fail(ps, t.pos, "program.buffer bindings can only be used in BUFFER declarations (2.X.3.6)");
        }
        s->file = GP_FILE_PARAM;
        s->index = parse_param_single(ps, false, NULL);
    } else if (nv4_is_input(ps, &t)) {
        nv4_binding b;
        nv4_input(ps, &b, 0);
        nv4_input_operand(ps, s, &b, 0);
    } else if (tok_is(ps, &t, "result")) {
        gp_fail(ps, t.pos, "result bindings are write-only and cannot be read");
    } else if (tok_is(ps, &t, "texture")) {
        gp_fail(ps, t.pos, "expected an operand, found 'texture' (a texture unit is not an operand here)");
    } else if (tok_is(ps, &t, "vertex") || tok_is(ps, &t, "fragment") || tok_is(ps, &t, "primitive")) {
        gp_fail(ps, t.pos, "'%.*s' bindings are not available in %s programs", t.len, ps->src + t.pos,
                stage_word(ps->stage));
    } else {
        const gp_sym *sym = lookup(ps, &t);
        int n = t.len > 40 ? 40 : t.len;
        next(ps);
        if (sym->dtype)
            ps->last_sym = sym;
        bool member = sym->is_array || sym->kind == GP_SYM_PARAM_ARRAY;
        if (sym->kind == GP_SYM_OUTPUT)
            gp_fail(ps, t.pos, "'%.*s' is a result variable and cannot be read", n, ps->src + t.pos);
        if (sym->kind == GP_SYM_ATTRIB && sym->per_vertex) {
            /* NV_geometry_program4: the first index is the vertex */
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, t.pos, "'%.*s' needs a vertex index, as in %.*s[0]", n, ps->src + t.pos, n, ps->src + t.pos);
            nv4_index v;
            nv4_array_member(ps, sym, ps->gs_vertices_in, &v);
            s->vtx = (uint8_t)v.value;
            if (v.rel) {
                s->vtx_rel = 1;
                s->vtx_rel_reg = v.reg;
                s->vtx_rel_comp = v.comp;
            }
        }
        if ((sym->kind == GP_SYM_BUFFER || sym->kind == GP_SYM_CBUFFER) && sym->nbuf > 1) {
            /* NV5 program.buffer[a..b] variables: the first index selects
             * the binding point (0 = a), constant or relative */
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, t.pos, "'%.*s' spans %d buffer binding points and needs a binding index, as in %.*s[0]",
                        n, ps->src + t.pos, sym->nbuf, n, ps->src + t.pos);
            nv4_index v;
            nv4_array_member(ps, sym, sym->nbuf, &v);
            s->vtx = (uint8_t)v.value;
            s->nbuf = sym->nbuf;
            if (v.rel) {
                s->vtx_rel = 1;
                s->vtx_rel_reg = v.reg;
                s->vtx_rel_comp = v.comp;
            }
        }
        if (member && !is_punct(&ps->tok, '['))
            gp_fail(ps, t.pos, "array '%.*s' needs an array member, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        if (!member && is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
        nv4_index ix = { 0 };
        switch (sym->kind) {
        case GP_SYM_TEMP:
            s->file = GP_FILE_TEMP;
            ps->last_size = sym->size;
            if (member)
                nv4_array_member(ps, sym, sym->count, &ix);
            nv4_rel_src(s, &ix, sym->index, sym->count);
            s->hi = long_rows(ps, sym);
            break;
        case GP_SYM_PARAM:
            s->file = GP_FILE_PARAM;
            s->index = s->rel_lo = s->rel_hi = sym->index;
            break;
        case GP_SYM_PARAM_ARRAY:
            s->file = GP_FILE_PARAM;
            nv4_array_member(ps, sym, sym->count, &ix);
            nv4_rel_src(s, &ix, sym->index, sym->count);
            if (ix.rel)
                ps->arrays[sym->array].relative = true;
            break;
        case GP_SYM_BUFFER:
            if (ps->mem_var == GP_SYM_CBUFFER) /* NV_parameter_buffer_object2 2.X.3.6 */
                gp_fail(ps, t.pos, "LDC reads CBUFFER variables only; '%.*s' is a %s variable", n, ps->src + t.pos,
                        sym->vec4 ? "BUFFER4" : "BUFFER");
            s->file = GP_FILE_BUFFER;
            s->buf = sym->buf;
            if (member)
                nv4_array_member(ps, sym, sym->count, &ix);
            nv4_rel_src(s, &ix, sym->index, sym->count);
            break;
        case GP_SYM_CBUFFER:
            /* NV_parameter_buffer_object2 2.X.3.6: only LDC reads them;
             * elements are bytes (gp_ir.h LDC) (EDGE.LDC_OPERAND) */
            if (ps->mem_var != GP_SYM_CBUFFER)
                gp_fail(ps, t.pos, "'%.*s' is a CBUFFER variable: only LDC can read it", n, ps->src + t.pos);
            ps->mem_hit = true;
            ps->last_sym = NULL;
            s->file = GP_FILE_BUFFER;
            s->buf = sym->buf;
            if (member)
                nv4_array_member(ps, sym, sym->count, &ix);
            nv4_rel_src(s, &ix, sym->index, sym->count);
            break;
        case GP_SYM_STORAGE:
        case GP_SYM_SHARED:
            gp_fail(ps, t.pos, "'%.*s' is a %s variable: only %s can use it", n, ps->src + t.pos,
                    sym->kind == GP_SYM_STORAGE ? "STORAGE" : "SHARED",
                    sym->kind == GP_SYM_STORAGE ? "LDB, STB and ATOMB" : "LDS, STS and ATOMS");
        case GP_SYM_IMAGE:
            gp_fail(ps, t.pos, "'%.*s' is an IMAGE variable: it can only name the image of LOADIM, STOREIM and "
                               "ATOMIM", n, ps->src + t.pos);
        case GP_SYM_ATTRIB: {
            nv4_binding b = { .slot = sym->index, .clip = sym->clip, .vtx = s->vtx, .comp = sym->comp };
            if (member) {
                nv4_array_member(ps, sym, sym->count, &ix);
                if (ix.rel && sym->clip)
                    gp_fail(ps, t.pos, "relative addressing of clip distance arrays is not supported");
            }
            if (!sym->per_vertex)
                b.vtx = sym->vtx;
            uint8_t vtx_rel = s->vtx_rel;
            nv4_input_operand(ps, s, &b, ix.value);
            s->vtx_rel = vtx_rel;
            s->hi = long_rows(ps, sym); /* LONG ATTRIB */
            ps->last_size = sym->size;
            if (ix.rel) {
                nv4_rel_src(s, &ix, sym->index, sym->count);
                /* 2.X.3.2: "attribute bindings may be used in no more than
                 * one array variable accessed with relative addressing"
                 * (vertex and fragment inputs; geometry inputs are per
                 * vertex, vertex[n] arrays view one vertex of them) */
                for (int k = sym->index; ps->stage != GP_STAGE_GEOMETRY && k < sym->index + sym->count && k < 64;
                     k++) {
                    if (ps->attr_rel_owner[k] && ps->attr_rel_owner[k] != sym)
                        gp_fail(ps, t.pos, "attribute array '%.*s' shares a binding with another relatively addressed "
                                           "attribute array", n, sym->name);
                    ps->attr_rel_owner[k] = sym;
                }
            }
            break;
        }
        default:
            gp_fail(ps, t.pos, "'%.*s' cannot be used as an operand", n, ps->src + t.pos);
        }
    }
    if (!s->rel)
        s->rel_lo = s->rel_hi = s->index;
}

/* <instResult> of an NV4 instruction: a TEMP or OUTPUT variable (array
 * member) or a result binding, write mask, condition code mask. */
static void nv4_dst(gp_parse *ps, gp_dst *d, int *pos_out)
{
    memset(d, 0, sizeof(*d));
    ps->last_size = 0;
    ps->last_sym = NULL;
    *pos_out = ps->tok.pos;
    gp_token t = ps->tok;
    if (tok_is(ps, &t, "result")) {
        nv4_binding b;
        nv4_result(ps, &b, 0);
        d->file = GP_FILE_OUTPUT;
        d->index = b.clip ? GP_VARY_CLIP0 + b.slot / 4 : b.slot;
        d->clipdist = (uint8_t)(b.clip ? 1 + b.slot % 4 : 0);
        d->rel_lo = d->rel_hi = d->index;
    } else if (t.kind == GP_TOK_IDENT && !nv4_is_input(ps, &t) && !tok_is(ps, &t, "state") &&
               !tok_is(ps, &t, "program")) {
        const gp_sym *sym = lookup(ps, &t);
        int n = t.len > 40 ? 40 : t.len;
        next(ps);
        ps->last_size = sym->size;
        if (sym->dtype)
            ps->last_sym = sym;
        if (sym->kind != GP_SYM_TEMP && sym->kind != GP_SYM_OUTPUT)
            gp_fail(ps, t.pos, "'%.*s' is read-only and cannot be a destination", n, ps->src + t.pos);
        if (sym->is_array && !is_punct(&ps->tok, '['))
            gp_fail(ps, t.pos, "array '%.*s' needs an array member, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        if (!sym->is_array && is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
        nv4_index ix = { 0 };
        if (sym->is_array)
            nv4_array_member(ps, sym, sym->count, &ix);
        d->file = sym->kind == GP_SYM_TEMP ? GP_FILE_TEMP : GP_FILE_OUTPUT;
        d->hi = long_rows(ps, sym);
        if (sym->clip) {
            if (ix.rel)
                gp_fail(ps, t.pos, "relative addressing of clip distance arrays is not supported");
            int c = sym->index + ix.value;
            d->index = GP_VARY_CLIP0 + c / 4;
            d->clipdist = (uint8_t)(1 + c % 4);
        } else {
            d->index = sym->index + ix.value;
            d->clipdist = sym->clipdist;
        }
        d->rel_lo = d->rel_hi = d->index;
        if (ix.rel) {
            d->rel = 1;
            d->rel_file = GP_FILE_TEMP;
            d->rel_reg = ix.reg;
            d->rel_comp = ix.comp;
            d->rel_lo = sym->index;
            d->rel_hi = sym->index + sym->count - 1;
            /* 2.X.3.5: "result bindings may be used in no more than one
             * array addressed with relative addressing" */
            for (int k = sym->index; sym->kind == GP_SYM_OUTPUT && k < sym->index + sym->count && k < 64; k++) {
                if (ps->out_rel_owner[k] && ps->out_rel_owner[k] != sym)
                    gp_fail(ps, t.pos, "result array '%.*s' shares a binding with another relatively addressed "
                                       "result array", n, ps->src + t.pos);
                ps->out_rel_owner[k] = sym;
            }
        }
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
        d->mask = parse_write_mask(ps);
    opt_cc_mask(ps, &d->cc);
}

/* ---- NV_gpu_program5 texture operands (2.X.2 <texAccess>, 2.X.3.8) ------
 * TEXTURE declarations, texture variables (indexed at run time), the
 * gather component selector, the extra vector operand and offset(<operand>).
 * The rules that need the target are checked in gp_validate.c. */

/* "TEXTURE" <establishName> ( "=" texture[a] | "[" [n] "]" "=" "{" list "}" ),
 * current token TEXTURE (2.X.3.8: the units of an array increase
 * consecutively). */
/* The "=" and binding list of a TEXTURE (NV5 2.X.3.8) or IMAGE
 * (EXT_shader_image_load_store 2.X.3.X) declaration: word[a] or, for an
 * array, "{" word[a..b], ... "}" with units increasing consecutively, each
 * below limit, their number matching a size given at size_pos (size < 0:
 * none).  decl / unit name the declaration and its units in messages. */
static void unit_list_decl(gp_parse *ps, gp_sym *sym, int limit, int size, int size_pos, const char *word,
                           const char *decl, const char *unit)
{
    const char *a_word = strchr("aeiou", word[0]) ? "an" : "a";
    const char *a_decl = strchr("AEIOU", decl[0]) ? "an" : "a";
    char what[48];
    snprintf(what, sizeof(what), "in the %s declaration", decl);
    expect(ps, '=', what);
    bool braces = sym->is_array && accept(ps, '{');
    if (sym->is_array && !braces) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected '{' to start the %s list, found %s", word,
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    int first = -1, count = 0;
    for (;;) {
        int start = ps->tok.pos;
        if (!accept_word(ps, word)) {
            char b[64];
            gp_fail(ps, ps->tok.pos, "expected %s %s[n] binding, found %s", a_word, word,
                    tok_str(ps, &ps->tok, b, sizeof(b)));
        }
        int n = 0;
        int a = nv4_binding_range(ps, start, limit, unit, braces, &n);
        if (first < 0)
            first = a;
        else if (a != first + count)
            gp_fail(ps, start, "the %ss of %s %s array must increase consecutively (expected %s[%d])", unit, a_decl,
                    decl, word, first + count);
        count += n;
        if (!braces || !accept(ps, ','))
            break;
    }
    snprintf(what, sizeof(what), "to end the %s list", word);
    if (braces)
        expect(ps, '}', what);
    if (size >= 0 && size != count)
        gp_fail(ps, size_pos, "%s array size %d does not match its %d %ss", decl, size, count, unit);
    sym->index = first;
    sym->count = count;
}

static void nv5_decl_texture(gp_parse *ps)
{
    next(ps);
    gp_sym *sym = declare(ps, GP_SYM_TEXTURE);
    int limit = min_int(ps->lim.max_texture_image_units, 32);
    int size = -1, size_pos = 0;
    if (accept(ps, '[')) {
        sym->is_array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            if (ps->tok.big || ps->tok.ival > (uint32_t)limit)
                gp_fail(ps, size_pos, "the TEXTURE array size exceeds the %d texture image units", limit);
            size = (int)ps->tok.ival;
            if (size < 1)
                gp_fail(ps, size_pos, "a TEXTURE array needs at least one element");
            next(ps);
        }
        expect(ps, ']', "after the array size");
    }
    unit_list_decl(ps, sym, limit, size, size_pos, "texture", "TEXTURE", "texture image unit");
}

/* The extra vector operand of "TEXop dst, coord, extra, texture, target"
 * (2.X.2 <TEXop_instruction>; TEX.EXTRA_OPERAND): present when the token
 * after the coordinate's comma is not a texture.  Goes to src[1]. */
static void nv5_tex_extra(gp_parse *ps, gp_pinsn *pi)
{
    if (gp_opinfo_table[pi->in.op].cls != GP_CLASS_TEX || tok_is(ps, &ps->tok, "texture"))
        return;
    if (tok_is(ps, &ps->tok, "handle")) {
        gp_token t = peek(ps);
        if (is_punct(&t, '('))
            return; /* NV_bindless_texture handle(<operand>) */
    }
    if (ps->tok.kind == GP_TOK_IDENT) {
        const gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
        if (s && s->kind == GP_SYM_TEXTURE)
            return;
    }
    set_operand_type(ps, GP_TYPE_F32);
    parse_src(ps, &pi->in.src[1], SRC_VECTOR, &pi->extra_pos);
    pi->in.tex_flags |= GP_TEXF_EXTRA;
    expect(ps, ',', "before the texture unit");
}

/* A TEXTURE variable naming the unit (2.X.2 <texVarName> <optArrayMem>);
 * an array member "[R0.x + n]" is indexed at run time. */
static bool nv5_tex_variable(gp_parse *ps, gp_pinsn *pi, int *unit)
{
    if (ps->tok.kind != GP_TOK_IDENT)
        return false;
    const gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
    if (!s || s->kind != GP_SYM_TEXTURE)
        return false;
    next(ps);
    *unit = s->index;
    pi->in.tex_base = (uint8_t)s->index;
    pi->in.tex_count = (uint8_t)s->count;
    if (s->is_array && is_punct(&ps->tok, '[')) {
        nv4_index ix;
        nv4_array_member(ps, s, s->count, &ix);
        *unit = s->index + ix.value;
        if (ix.rel) {
            pi->in.tex_flags |= GP_TEXF_INDEXED;
            pi->in.tex_rel_reg = ix.reg;
            pi->in.tex_rel_comp = ix.comp;
        }
    } else if (is_punct(&ps->tok, '[')) {
        gp_fail(ps, ps->tok.pos, "'%.*s' is not a TEXTURE array", s->len > 40 ? 40 : s->len, s->name);
    }
    return true;
}

/* "offset" "(" <instOperandV> ")" (2.X.2 <texOffset>), current token
 * "offset": the run-time texel offset, signed integers, into src[2]. */
static void nv5_tex_offset_reg(gp_parse *ps, gp_pinsn *pi)
{
    pi->offreg_pos = ps->tok.pos;
    next(ps);
    expect(ps, '(', "after 'offset'");
    set_operand_type(ps, GP_TYPE_S32);
    int pos;
    parse_src(ps, &pi->in.src[2], SRC_VECTOR, &pos);
    expect(ps, ')', "after the texel offset operand");
    pi->in.tex_flags |= GP_TEXF_OFFSET_REG;
}

/* NV_bindless_texture "Interactions with NV_gpu_program5" 2.X.2:
 * <textureUseV> ::= "handle" "(" <addrUseS> ")", current token "handle"
 * followed by '('; allowed under OPTION NV_bindless_texture (2.X.5.Y).  The
 * scalar operand (any scalar integer operand: a LONG variable's component
 * is the whole 64-bit handle, a 32-bit one is zero-extended) goes to
 * gp_insn.tex_handle. */
static bool nv5_tex_handle(gp_parse *ps, gp_pinsn *pi)
{
    if (!tok_is(ps, &ps->tok, "handle"))
        return false;
    gp_token t = peek(ps);
    if (!is_punct(&t, '('))
        return false;
    if (!(ps->options & GP_OPTION_NV_BINDLESS_TEXTURE))
        gp_fail(ps, ps->tok.pos, "texture handles require OPTION NV_bindless_texture");
    next(ps);
    next(ps);
    set_operand_type(ps, GP_TYPE_U32);
    int pos;
    parse_src(ps, &pi->in.tex_handle, SRC_SCALAR, &pos);
    expect(ps, ')', "after the texture handle operand");
    pi->in.tex_flags |= GP_TEXF_HANDLE;
    return true;
}

/* <texAccess>: "texture" ["[" n "]"] "," target ["," "(" offsets ")"];
 * NV5 / NV4.1 also: an extra operand before it, a TEXTURE variable, a
 * component selector, ARRAYCUBE targets and "offset(<operand>)". */
static void nv4_texture(gp_parse *ps, gp_pinsn *pi)
{
    bool nv5t = ps->nv5 || ps->nv41;
    if (nv5t)
        nv5_tex_extra(ps, pi);
    pi->unit_pos = ps->tok.pos;
    int unit = 0;
    if (ps->nv5 && nv5_tex_handle(ps, pi)) {
        /* NV_bindless_texture: unit 0, unused */
    } else if (ps->nv5 && nv5_tex_variable(ps, pi, &unit)) {
        /* unit set; a constant index is folded in */
    } else if (!accept_word(ps, "texture")) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected 'texture', found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    } else if (accept(ps, '[')) {
        int upos = ps->tok.pos;
        if (ps->tok.kind == GP_TOK_IDENT)
            gp_fail(ps, upos, "the texture image unit must be a constant in NV_gpu_program4 programs");
        unit = expect_int(ps, "a texture image unit");
        int limit = min_int(ps->lim.max_texture_image_units, 32);
        if (unit >= limit)
            gp_fail(ps, upos, "texture image unit %d out of range (%d available)", unit, limit);
        expect(ps, ']', NULL);
    }
    if (nv5t && is_punct(&ps->tok, '.')) {
        /* <texImageUnitComp>: the gather component (2.X.4.4) */
        next(ps);
        int comp[4];
        pi->comp_pos = ps->tok.pos;
        if (components(ps, &ps->tok, comp) != 1)
            gp_fail(ps, ps->tok.pos, "expected a texture component selector (x, y, z or w)");
        pi->in.tex_comp = (uint8_t)comp[0];
        next(ps);
    }
    expect(ps, ',', "before the texture target");
    pi->target_pos = ps->tok.pos;
    int target = -1;
    if (ps->tok.kind == GP_TOK_INT && ps->tok.ival >= 1 && ps->tok.ival <= 3) {
        gp_token t = peek(ps);
        bool adjacent = t.pos == ps->tok.pos + ps->tok.len;
        if (adjacent && tok_is(ps, &t, "D")) {
            target = GP_TEX_1D + (int)ps->tok.ival - 1;
            next(ps);
        } else if (adjacent && ps->tok.ival == 2 && tok_is(ps, &t, "DMS")) {
            if (!(ps->options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
                gp_fail(ps, ps->tok.pos, "texture target 2DMS requires OPTION NV_texture_multisample");
            target = GP_TEX_2DMS;
            next(ps);
        }
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        static const char *const names[] = { "CUBE", "RECT", "SHADOW1D", "SHADOW2D", "SHADOWRECT", "ARRAY1D",
                                             "ARRAY2D", "SHADOWCUBE", "SHADOWARRAY1D", "SHADOWARRAY2D", "BUFFER",
                                             "RENDERBUFFER", "ARRAY2DMS" };
        static const int targets[] = { GP_TEX_CUBE, GP_TEX_RECT, GP_TEX_SHADOW1D, GP_TEX_SHADOW2D,
                                       GP_TEX_SHADOWRECT, GP_TEX_ARRAY1D, GP_TEX_ARRAY2D, GP_TEX_SHADOWCUBE,
                                       GP_TEX_SHADOWARRAY1D, GP_TEX_SHADOWARRAY2D, GP_TEX_BUFFER, GP_TEX_2DMS,
                                       GP_TEX_ARRAY2DMS };
        int i = word_index(ps, names, 13);
        if (i == 11 && !(ps->options & GP_OPTION_NV_EXPLICIT_MULTISAMPLE))
            gp_fail(ps, ps->tok.pos, "texture target RENDERBUFFER requires OPTION NV_explicit_multisample");
        if (i == 12 && !(ps->options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
            gp_fail(ps, ps->tok.pos, "texture target ARRAY2DMS requires OPTION NV_texture_multisample");
        if (i >= 0)
            target = targets[i];
        if (nv5t && tok_is(ps, &ps->tok, "ARRAYCUBE"))
            target = GP_TEX_CUBEARRAY;
        if (nv5t && tok_is(ps, &ps->tok, "SHADOWARRAYCUBE"))
            target = GP_TEX_SHADOWCUBEARRAY;
    }
    if (target < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a texture target (1D, 2D, 3D, CUBE, RECT, ARRAY2D, BUFFER ...), found %s",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    pi->in.tex_unit = (uint8_t)unit;
    pi->in.tex_target = (uint8_t)target;
    /* <texOffset>: one to three signed integers (2.X.4.4) */
    if (accept(ps, ',')) {
        if (ps->nv5 && tok_is(ps, &ps->tok, "offset")) {
            nv5_tex_offset_reg(ps, pi);
            return;
        }
        pi->offset_pos = ps->tok.pos;
        expect(ps, '(', "to start the texel offset");
        for (int i = 0; i < 3; i++) {
            if (i > 0 && !accept(ps, ','))
                break;
            bool neg = false;
            int spos = ps->tok.pos;
            if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+')) {
                neg = ps->tok.punct == '-';
                next(ps);
            }
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "a texel offset");
            long long o = neg ? -(long long)v : (long long)v;
            if (big || o < GP_MIN_TEXEL_OFFSET || o > GP_MAX_TEXEL_OFFSET)
                gp_fail(ps, spos, "texel offset %s%u out of range [%d, %d]", neg ? "-" : "", v, GP_MIN_TEXEL_OFFSET,
                        GP_MAX_TEXEL_OFFSET);
            pi->in.tex_offset[i] = (int8_t)o;
        }
        expect(ps, ')', "after the texel offset");
    }
}

/* NV4 <ccTest> rules (Table X.16), with an optional 0/1 register digit. */
static bool nv4_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg)
{
    static const struct {
        const char *name;
        uint8_t cond;
    } rules[] = {
        { "EQ", GP_COND_EQ }, { "GE", GP_COND_GE }, { "GT", GP_COND_GT }, { "LE", GP_COND_LE },
        { "LT", GP_COND_LT }, { "NE", GP_COND_NE }, { "TR", GP_COND_TR }, { "FL", GP_COND_FL },
        { "NAN", GP_COND_NAN }, { "LEG", GP_COND_LEG }, { "CF", GP_COND_CF }, { "NCF", GP_COND_NCF },
        { "OF", GP_COND_OF }, { "NOF", GP_COND_NOF }, { "AB", GP_COND_AB }, { "BLE", GP_COND_BLE },
        { "SF", GP_COND_SF }, { "NSF", GP_COND_NSF },
    };
    if (ps->tok.kind != GP_TOK_IDENT)
        return false;
    const char *s = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        int n = (int)strlen(rules[i].name);
        if (memcmp(s, rules[i].name, (size_t)(len < n ? len : n)) != 0 || len < n)
            continue;
        if (len == n) {
            *reg = 0;
        } else if (len == n + 1 && (s[n] == '0' || s[n] == '1')) {
            *reg = (uint8_t)(s[n] - '0');
        } else {
            continue;
        }
        *cond = rules[i].cond;
        return true;
    }
    return false;
}

/* CVT's modifiers (NV_gpu_program5 2.X.4.1, 2.X.8.Z CVT): exactly two
 * storage modifiers, the result's type then the operand's (F16 F32 F64 S8
 * S16 S32 S64 U8 U16 U32 U64); at most one rounding modifier (ROUND CEIL
 * FLR TRUNC; ROUND when none, EDGE.CVT_DEFAULT_RND); .CC/.CC0/.CC1; .SAT
 * (integer results: clamp to the type's range) or .SSAT (float results
 * only); .NTC; .PREC (accepted: asmgl never reorders arithmetic).  No data
 * type modifier and no R/H/X suffix: the storage modifiers are the types.
 * Fills cvt_dst / cvt_src / cvt_rnd and sets in->type to the result's base
 * type (gp_cvt_gptype). */
static void cvt_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    if (w->prec)
        gp_fail(ps, t->pos, "CVT does not take the %c suffix (its types are its two storage modifiers)", w->prec);
    static const char *const mods[] = { "CC", "CC0", "CC1", "SAT", "SSAT", "NTC", "PREC",
                                        "ROUND", "CEIL", "FLR", "TRUNC" };
    int ntypes = 0, types[2] = { 0, 0 };
    int rnd = -1, sat_pos = t->pos;
    bool prec = false;
    while (is_punct(&ps->tok, '.')) {
        gp_token m = peek(ps);
        int st = -1, k = -1;
        for (int i = 0; i < GP_CVT_COUNT; i++)
            if (tok_is(ps, &m, gp_cvt_type_name(i)))
                st = i;
        for (int i = 0; st < 0 && i < 11; i++)
            if (tok_is(ps, &m, mods[i]))
                k = i;
        if (st < 0 && k < 0) {
            char b[64];
            if (tok_is(ps, &m, "F") || tok_is(ps, &m, "S") || tok_is(ps, &m, "U"))
                gp_fail(ps, m.pos, "CVT takes no data type modifier (%s): its types are its two storage "
                                   "modifiers, CVT.<result type>.<operand type>", tok_str(ps, &m, b, sizeof(b)));
            gp_fail(ps, m.pos, "unknown instruction modifier %s after 'CVT' (storage types F16 F32 F64 S8 S16 "
                               "S32 S64 U8 U16 U32 U64, rounding ROUND CEIL FLR TRUNC, CC, SAT)",
                    tok_str(ps, &m, b, sizeof(b)));
        }
        next(ps);
        next(ps);
        if (st >= 0) {
            if (ntypes == 2)
                gp_fail(ps, m.pos, "CVT takes two storage modifiers (result type, operand type); '.%s' is a third",
                        gp_cvt_type_name(st));
            types[ntypes++] = st;
        } else if (k <= 2) {
            if (w->cc)
                gp_fail(ps, m.pos, "more than one condition code modifier on 'CVT'");
            w->cc = (uint8_t)(k + 1);
        } else if (k <= 4) {
            if (w->sat)
                gp_fail(ps, m.pos, "more than one clamping modifier on 'CVT'");
            w->sat = (uint8_t)(k == 3 ? GP_SAT_01 : GP_SAT_11);
            sat_pos = m.pos;
        } else if (k == 5) {
            if (w->ntc)
                gp_fail(ps, m.pos, "'.NTC' is given twice on 'CVT'");
            w->ntc = true;
        } else if (k == 6) {
            if (prec)
                gp_fail(ps, m.pos, "'.PREC' is given twice on 'CVT'");
            prec = true;
        } else {
            if (rnd >= 0)
                gp_fail(ps, m.pos, "more than one rounding modifier on 'CVT'");
            rnd = k == 7 ? GP_RND_ROUND : k == 8 ? GP_RND_CEIL : k == 9 ? GP_RND_FLR : GP_RND_TRUNC;
        }
    }
    if (ntypes < 2)
        gp_fail(ps, t->pos, "CVT needs two storage modifiers, CVT.<result type>.<operand type> (F16 F32 F64 S8 S16 "
                            "S32 S64 U8 U16 U32 U64), found %d", ntypes);
    int rt = gp_cvt_gptype(types[0]);
    if (w->sat == GP_SAT_11 && rt != GP_TYPE_F32 && rt != GP_TYPE_F64)
        gp_fail(ps, sat_pos, "'.SSAT' needs a floating-point result; CVT.%s clamps to its range with '.SAT'",
                gp_cvt_type_name(types[0]));
    gp_insn *in = &pi->in;
    in->type = (uint8_t)rt;
    in->cvt_dst = (uint8_t)types[0];
    in->cvt_src = (uint8_t)types[1];
    in->cvt_rnd = (uint8_t)(rnd < 0 ? GP_RND_ROUND : rnd);
    in->opmod = 0;
    in->sat = w->sat;
    in->precision = 0;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    pi->ntc = w->ntc;
}

/* ---- memory instructions (issue 6) ---------------------------------------
 * NV_gpu_program5 LOAD STORE ATOM MEMBAR (2.X.8.Z), NV_shader_buffer_load
 * LOAD and NV_parameter_buffer_object2 LDC under !!NV*4.0 with their
 * options, NV_shader_storage_buffer_object LDB STB ATOMB,
 * NV_compute_program5 LDS STS ATOMS BAR and MEMBAR.CTA,
 * EXT_shader_image_load_store "Dependencies on NV_gpu_program5" LOADIM
 * STOREIM ATOMIM; encoded as gp_ir.h "NV_gpu_program5 memory instructions"
 * says.  mem_opword reads the modifiers (MOD.ST_RULE: exactly one storage
 * modifier and no data type; an atomic modifier on the atomics only, from
 * the op / type tables; COH VOL; CTA on compute MEMBAR), mem_operands the
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

static int mem_storage_word(const gp_parse *ps, const gp_token *t)
{
    for (int i = 0; i < MEM_NSTORAGE; i++)
        if (tok_is(ps, t, mem_storage[i].name))
            return i;
    return -1;
}

static int mem_atom_word(const gp_parse *ps, const gp_token *t)
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
static void mem_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    int op = w->op;
    const gp_opinfo *oi = &gp_opinfo_table[op];
    const char *name = oi->name;
    gp_insn *in = &pi->in;
    /* the options that enable them (OPT.*): nv4_opword's OPTION gate */
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
        if ((k = mem_storage_word(ps, &m)) >= 0) {
            if (st >= 0)
                gp_fail(ps, m.pos, "more than one storage modifier on '%s' ('.%s' and '.%s')", name,
                        mem_storage[st].name, mem_storage[k].name);
            st = k;
            st_pos = m.pos;
        } else if ((k = mem_atom_word(ps, &m)) >= 0) {
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

/* The dotted modifiers after an NV4 opcode (".F.CC1.SAT", Table X.14) and
 * the checks of 2.X.4.1 against the opcode's Table X.13 row: at most one
 * modifier of each kind, only the modifiers the row allows, clamping only
 * with a floating-point result.  t is the opcode token (already consumed). */
static void nv4_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    const gp_opinfo *oi = &gp_opinfo_table[w->op];
    const char *s = ps->src + t->pos;
    int tl = t->len;
    char opt_names[128];
    /* NV_gpu_program5 "Dependencies on NV_gpu_program4": its additions need
     * a 5.0 header (HDR.GATE5), even where the implementation has them.
     * GP_OPF_OPTION_ADMITS: LOAD / LDC under 4.0 with their options
     * (OPT.NV_shader_buffer_load, OPT.NV_parameter_buffer_object2). */
    bool admits = (oi->flags & GP_OPF_OPTION_ADMITS) != 0;
    bool opt_ok = admits && (ps->options & oi->options);
    if (!(oi->profiles & ps->prof) && !opt_ok) {
        if (admits && !ps->nv5)
            gp_fail(ps, t->pos, "opcode '%s' requires an NV_gpu_program5 header (!!NV%sp5.0) or OPTION %s", oi->name,
                    ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v",
                    option_names(oi->options, opt_names, sizeof(opt_names)));
        if ((oi->profiles & GP_PROF_NV5) && !ps->nv5)
            gp_fail(ps, t->pos, "opcode '%s' requires an NV_gpu_program5 header (!!NV%sp5.0)", oi->name,
                    ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v");
        gp_fail(ps, t->pos, "opcode '%s' is not available in NV_gpu_program%c programs", oi->name,
                ps->nv5 ? '5' : '4');
    }
    if ((oi->flags & GP_OPF_FP_ONLY) && ps->stage != GP_STAGE_FRAGMENT)
        gp_fail(ps, t->pos, "opcode '%s' is only available in fragment programs", oi->name);
    if ((oi->flags & GP_OPF_GP_ONLY) && ps->stage != GP_STAGE_GEOMETRY)
        gp_fail(ps, t->pos, "opcode '%s' is only available in geometry programs", oi->name);
    /* the OPTION gate (gp_opcodes.def): NV_shader_thread_group, _shuffle,
     * NV_explicit_multisample / NV_texture_multisample, NV_shader_storage_buffer */
    if (oi->options && !admits && !(ps->options & oi->options))
        gp_fail(ps, t->pos, "opcode '%s' requires OPTION %s", oi->name,
                option_names(oi->options, opt_names, sizeof(opt_names)));
    if ((oi->flags & GP_OPF_CP_ONLY) && ps->stage != GP_STAGE_COMPUTE)
        gp_fail(ps, t->pos, "opcode '%s' is only available in compute programs (!!NVcp5.0)", oi->name);
    if (w->op == GP_OP_CVT) {
        cvt_opword(ps, w, t, pi);
        return;
    }
    if (oi->flags & GP_OPF_MEMORY) {
        mem_opword(ps, w, t, pi);
        return;
    }
    /* Table X.15 suffixes: R and H are the F type (H also needs column H) */
    if (w->prec == 'X')
        gp_fail(ps, t->pos, "the X precision suffix of '%.*s' is not available in NV_gpu_program4 programs", tl, s);
    if (w->prec && !(oi->types & GP_TYPEBIT_F))
        gp_fail(ps, t->pos, "opcode '%s' does not take the %c suffix (a floating-point data type)", oi->name, w->prec);
    if (w->prec == 'H' && !(oi->nv4 & GP_MODBIT_PREC))
        gp_fail(ps, t->pos, "opcode '%s' does not take the H suffix", oi->name);
    int type_pos = t->pos, cc_pos = t->pos, sat_pos = t->pos, mod_pos = t->pos;
    bool type_dotted = false;
    bool wide = false; /* a 64-bit data type modifier (.F64 .S64 .U64) */
    const char *type_word = NULL; /* the data type modifier as written */
    if (w->prec)
        w->type = 'F';
    bool prec_seen = false;
    while (is_punct(&ps->tok, '.')) {
        gp_token m = peek(ps);
        static const char *const names[] = { "F", "U", "S", "CC", "CC0", "CC1", "SAT", "SSAT",
                                             "NTC", "S24", "U24", "HI" };
        int k = -1;
        for (int i = 0; i < 12; i++)
            if (tok_is(ps, &m, names[i]))
                k = i;
        /* NV_gpu_program5 2.X.4.1: sized data type modifiers (.F32 .U32
         * .S32 are .F .U .S; .F64 .U64 .S64 the 64-bit types) and .PREC,
         * only under a 5.0 header (HDR.GATE5) */
        static const char *const sized[] = { "F32", "U32", "S32", "F64", "U64", "S64", "PREC" };
        int ks = -1;
        for (int i = 0; k < 0 && i < 7; i++)
            if (tok_is(ps, &m, sized[i]))
                ks = i;
        if (ks >= 0) {
            if (!ps->nv5)
                gp_fail(ps, m.pos, "the modifier '.%s' requires an NV_gpu_program5 header (!!NV%sp5.0)", sized[ks],
                        ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v");
            if (ks == 6) {
                /* NV_gpu_program5 2.X.4.1 (MOD.PREC): "For arithmetic and
                 * logical operations", results must not depend on the
                 * surrounding instructions.  asmgl never fuses or reorders
                 * (each instruction rounds its own result, -ffp-contract=off),
                 * so it is accepted and changes nothing. */
                if (!oi->types || (oi->flags & GP_OPF_TEX))
                    gp_fail(ps, m.pos, "'.PREC' applies only to arithmetic and logical instructions, not '%s'",
                            oi->name);
                if (prec_seen)
                    gp_fail(ps, m.pos, "'.PREC' is given twice on '%s'", oi->name);
                prec_seen = true;
                next(ps);
                next(ps);
                continue;
            }
            k = ks;
            if (ks >= 3) { /* .F64 .U64 .S64 (Table X.13 "6") */
                wide = true;
                k = ks - 3;
            }
        }
        if (k < 0) {
            char b[64];
            /* issue 6: the memory modifiers on other opcodes */
            if (mem_storage_word(ps, &m) >= 0)
                gp_fail(ps, m.pos, "the storage modifier '.%.*s' is only allowed on memory instructions (LOAD STORE "
                                   "ATOM LDC ...), not '%s'", m.len, ps->src + m.pos, oi->name);
            if (mem_atom_word(ps, &m) >= 0)
                gp_fail(ps, m.pos, "'.%.*s' is an atomic operation modifier: only ATOM, ATOMB, ATOMS and ATOMIM take "
                                   "one, not '%s'", m.len, ps->src + m.pos, oi->name);
            if (tok_is(ps, &m, "COH") || tok_is(ps, &m, "VOL") || tok_is(ps, &m, "CTA"))
                gp_fail(ps, m.pos, "the modifier '.%.*s' is only allowed on memory instructions, not '%s'", m.len,
                        ps->src + m.pos, oi->name);
            gp_fail(ps, m.pos, "unknown instruction modifier %s after '%s'", tok_str(ps, &m, b, sizeof(b)), oi->name);
        }
        next(ps);
        next(ps);
        if (k <= 2) {
            if (w->type)
                gp_fail(ps, m.pos, "more than one data type modifier on '%s'", oi->name);
            w->type = (uint8_t)"FUS"[k];
            type_pos = m.pos;
            type_word = ks >= 0 ? sized[ks] : names[k];
            type_dotted = true;
        } else if (k <= 5) {
            if (w->cc)
                gp_fail(ps, m.pos, "more than one condition code modifier on '%s'", oi->name);
            w->cc = (uint8_t)(k == 3 ? 1 : k == 4 ? 2 : 3);
            cc_pos = m.pos;
        } else if (k <= 7) {
            if (w->sat)
                gp_fail(ps, m.pos, "more than one clamping modifier on '%s'", oi->name);
            w->sat = (uint8_t)(k == 6 ? GP_SAT_01 : GP_SAT_11);
            sat_pos = m.pos;
        } else if (k == 8) {
            if (w->ntc)
                gp_fail(ps, m.pos, "'.NTC' is given twice on '%s'", oi->name);
            w->ntc = true;
        } else {
            if (w->opmod)
                gp_fail(ps, m.pos, "more than one of '.S24', '.U24' and '.HI' on '%s'", oi->name);
            w->opmod = (uint8_t)(k - 8); /* GP_OPMOD_S24 / U24 / HI */
            mod_pos = m.pos;
        }
    }
    /* Table X.13 */
    if (type_dotted && w->type == 'F' && !(oi->types & GP_TYPEBIT_F))
        gp_fail(ps, type_pos, "opcode '%s' does not take the data type modifier '.%s'", oi->name, type_word);
    if ((w->type == 'S' || w->type == 'U') && !(oi->types & GP_TYPEBIT_S))
        gp_fail(ps, type_pos, "opcode '%s' does not take the data type modifier '.%s'", oi->name,
                type_word ? type_word : w->type == 'S' ? "S" : "U");
    /* NV_gpu_program5 Table X.13: the 64-bit modifiers only where the F
     * (F64) or I (S64, U64) column says "6".  F64 is gated on the
     * GL_NV_gpu_program_fp64 string, which asmgl always advertises
     * (FEATURES.md DT.FP64_GATE). */
    if (wide && !(oi->types & (w->type == 'F' ? GP_TYPEBIT_F64 : GP_TYPEBIT_S64)))
        gp_fail(ps, type_pos, "opcode '%s' does not take the 64-bit data type modifier '.%s' (Table X.13)", oi->name,
                type_word);
    if (wide && w->opmod)
        gp_fail(ps, mod_pos, "the modifier '.%s' cannot be combined with the 64-bit data type '.%s'",
                w->opmod == GP_OPMOD_S24 ? "S24" : w->opmod == GP_OPMOD_U24 ? "U24" : "HI", type_word);
    if (w->opmod) {
        static const char *const mn[] = { "", "S24", "U24", "HI" };
        static const uint32_t mb[] = { 0, GP_MODBIT_S24, GP_MODBIT_U24, GP_MODBIT_HI };
        if (!(oi->nv4 & mb[w->opmod]))
            gp_fail(ps, mod_pos, "the modifier '.%s' is only allowed on MUL", mn[w->opmod]);
        if (w->opmod != GP_OPMOD_HI && w->type)
            gp_fail(ps, type_pos, "'.%s' implies the data type: '%s.%s' takes no other data type modifier",
                    mn[w->opmod], oi->name, mn[w->opmod]);
        if (w->opmod == GP_OPMOD_HI && w->type != 'S' && w->type != 'U')
            gp_fail(ps, mod_pos, "'.HI' needs the data type modifier '.S' or '.U'");
    }
    if (w->cc && !(oi->nv4 & GP_MODBIT_CC))
        gp_fail(ps, cc_pos, "opcode '%s' does not take condition code modifiers", oi->name);
    /* Table X.13 column D: F where F is allowed, else S; an opcode without
     * data type modifiers has its fixed result type (TXQ: S) */
    uint8_t type = w->type == 'S' ? GP_TYPE_S32 : w->type == 'U' ? GP_TYPE_U32 : w->type == 'F' ? GP_TYPE_F32
                   : (oi->types & GP_TYPEBIT_F) ? GP_TYPE_F32 : oi->types ? GP_TYPE_S32
                   : kind_type(gp_io_kind(oi->io, 0), GP_TYPE_F32);
    if (w->opmod == GP_OPMOD_S24)
        type = GP_TYPE_S32;
    else if (w->opmod == GP_OPMOD_U24)
        type = GP_TYPE_U32;
    if (wide)
        type = type == GP_TYPE_S32 ? GP_TYPE_S64 : type == GP_TYPE_U32 ? GP_TYPE_U64 : GP_TYPE_F64;
    if (w->sat) {
        if (!(oi->nv4 & GP_MODBIT_SAT))
            gp_fail(ps, sat_pos, "opcode '%s' does not take clamping modifiers", oi->name);
        uint8_t rt = kind_type(gp_io_kind(oi->io, 0), type);
        if (rt != GP_TYPE_F32 && rt != GP_TYPE_F64)
            gp_fail(ps, sat_pos, "a clamping modifier needs a floating-point result; '%s.%c' produces integers",
                    oi->name, type == GP_TYPE_U32 || type == GP_TYPE_U64 ? 'U' : 'S');
    }
    gp_insn *in = &pi->in;
    in->type = type;
    in->opmod = w->opmod;
    in->sat = w->sat;
    in->precision = (uint8_t)w->prec;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    pi->ntc = w->ntc;
}

/* ---- NV4 declarations ----- */

/* TEMP (2.X.3.4): "TEMP a, b[4];" arrays need a size. */
static void nv4_decl_temp(gp_parse *ps, uint8_t dtype, uint8_t size)
{
    do {
        gp_sym *s = declare(ps, GP_SYM_TEMP);
        s->dtype = dtype;
        s->size = size;
        int n = 1;
        if (accept(ps, '[')) {
            if (ps->tok.kind != GP_TOK_INT)
                gp_fail(ps, ps->tok.pos, "temporary array '%.*s' needs a size", s->len > 40 ? 40 : s->len, s->name);
            int spos = ps->tok.pos;
            n = expect_int(ps, "an array size");
            if (n < 1 || n > ps->lim.max_temporaries)
                gp_fail(ps, spos, "invalid array size %d", n);
            expect(ps, ']', "after the array size");
            s->is_array = true;
            s->count = n;
        }
        s->index = ps->num_temps;
        /* NV_gpu_program5 LONG TEMP (2.X.3.1 with GL_NV_gpu_program_fp64):
         * 64-bit components, the low words in n temporaries and the high
         * words in the n after them (gp_ir.h "64-bit storage"; long_rows) */
        ps->num_temps += size == 'L' && ps->nv5 ? 2 * n : n;
        int limit = ps->lim.max_temporaries;
        if (ps->options & (GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR))
            limit -= 1; /* 2.X.6.Y fog options */
        if (ps->num_temps > limit)
            gp_fail(ps, s->pos, "too many temporaries (%d > %d)", ps->num_temps, limit < 0 ? 0 : limit);
    } while (accept(ps, ','));
}

/* Text of a binding for messages. */
#define BINDING_TEXT(ps, b) ((b)->end - (b)->pos > 60 ? 60 : (b)->end - (b)->pos), ((ps)->src + (b)->pos)

static void nv4_expect_input(gp_parse *ps)
{
    const gp_token *t = &ps->tok;
    if (nv4_is_input(ps, t))
        return;
    if (tok_is(ps, t, "vertex") || tok_is(ps, t, "fragment") || tok_is(ps, t, "primitive"))
        gp_fail(ps, t->pos, "'%.*s' bindings are not available in %s programs", t->len, ps->src + t->pos,
                stage_word(ps->stage));
    char b[64];
    gp_fail(ps, t->pos, "expected a %s attribute binding, found %s", stage_word(ps->stage),
            tok_str(ps, t, b, sizeof(b)));
}

/* ATTRIB (2.X.3.2): one binding, or an array of bindings of one kind that
 * increase consecutively; interpolation modifiers (NV_fragment_program4
 * 2.X.3.1). */
static void nv4_decl_attrib(gp_parse *ps, uint8_t dtype, uint8_t interp, uint8_t size_mod)
{
    gp_sym *s = declare(ps, GP_SYM_ATTRIB);
    s->dtype = dtype;
    s->interp = interp;
    s->size = size_mod; /* 'L': NV5 LONG ATTRIB (long_rows) */
    int size = -1, size_pos = 0, n = 0;
    bool array = false;
    if (accept(ps, '[')) {
        array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            size = expect_int(ps, "an array size");
        }
        expect(ps, ']', "after the array size");
    }
    expect(ps, '=', "after the attribute name");
    nv4_binding first, b;
    memset(&first, 0, sizeof(first));
    if (array) {
        expect(ps, '{', "to start the array initializer");
        do {
            nv4_expect_input(ps);
            nv4_input(ps, &b, 2);
            if (!b.family)
                gp_fail(ps, b.pos, "'%.*s' cannot be an attribute array member (only texcoord, attrib and clip "
                                   "bindings form arrays)", BINDING_TEXT(ps, &b));
            if (n == 0)
                first = b;
            else if (b.family != first.family || b.per_vertex != first.per_vertex || b.vtx != first.vtx ||
                     b.slot != first.slot + n)
                gp_fail(ps, b.pos, "the bindings of attribute array '%.*s' must be of one kind and consecutive",
                        s->len > 40 ? 40 : s->len, s->name);
            n += b.count;
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        if (size >= 0 && size != n)
            gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d",
                    s->len > 40 ? 40 : s->len, s->name, size, n);
    } else {
        nv4_expect_input(ps);
        nv4_input(ps, &first, 1);
        n = 1;
    }
    s->is_array = array;
    s->count = array ? n : 0;
    s->clip = first.clip;
    s->comp = first.comp;
    s->per_vertex = first.per_vertex;
    s->vtx = (uint8_t)first.vtx;
    s->index = first.slot;
    /* NV_gpu_program5 2.X.3.1 LONG ATTRIB: 64-bit generic attributes (the
     * conventional names alias them); vertex.id / vertex.instance are no
     * vertex attributes of EXT_vertex_attrib_64bit */
    if (size_mod == 'L' && first.slot + n > GP_VIN_COUNT)
        gp_fail(ps, first.pos, "LONG cannot be used with '%.*s' (only vertex attributes are 64-bit)",
                BINDING_TEXT(ps, &first));
    for (int i = 0; i < n; i++) {
        int slot = first.clip ? GP_VARY_CLIP0 + (first.slot + i) / 4 : first.slot + i;
        if (slot < GP_IN_THREAD) /* the NV_shader_thread_group rows are no attributes */
            ps->inputs_bound |= 1ull << (slot & 63);
    }
    if (ps->stage != GP_STAGE_FRAGMENT)
        return;
    /* NV_fragment_program4 2.X.3.1 */
    if (interp && !first.interp_ok)
        gp_fail(ps, first.pos, "interpolation modifiers cannot be used with '%.*s'", BINDING_TEXT(ps, &first));
    if ((dtype == 'S' || dtype == 'U') && first.interp_ok && !(interp & GP_INTERP_FLAT))
        gp_fail(ps, s->pos, "integer attribute '%.*s' must be declared FLAT", s->len > 40 ? 40 : s->len, s->name);
    if (!first.interp_ok)
        return;
    for (int i = 0; i < n; i++) {
        int slot = first.slot + i;
        uint64_t bit = 1ull << slot;
        if ((ps->interp_set & bit) && ps->interp[slot] != interp) {
            int line, col;
            gp_lex_linecol(ps->src, ps->len, ps->interp_pos[slot], &line, &col);
            gp_fail(ps, first.pos, "'%.*s' is also bound at line %d, column %d with other interpolation modifiers",
                    BINDING_TEXT(ps, &first), line, col);
        }
        /* the primary and secondary colours are interpolated alike */
        int other = slot == GP_VARY_COL0 ? GP_VARY_COL1 : slot == GP_VARY_COL1 ? GP_VARY_COL0 : -1;
        if (other >= 0 && (ps->interp_set & (1ull << other)) && ps->interp[other] != interp)
            gp_fail(ps, first.pos, "the primary and secondary colours must have the same interpolation modifiers");
        ps->interp_set |= bit;
        ps->interp[slot] = interp;
        ps->interp_pos[slot] = first.pos;
        for (int k = 0; k < 4; k++)
            if (interp & (1u << k))
                ps->interp_mask[k] |= bit;
    }
}

/* OUTPUT (2.X.3.5): one result binding, or (not in fragment programs) an
 * array of consecutive bindings of one kind. */
static void nv4_decl_output(gp_parse *ps, uint8_t dtype, uint8_t size_mod)
{
    gp_sym *s = declare(ps, GP_SYM_OUTPUT);
    s->dtype = dtype;
    s->size = size_mod;
    int size = -1, size_pos = 0, n = 0;
    bool array = false;
    if (is_punct(&ps->tok, '[')) {
        if (ps->stage == GP_STAGE_FRAGMENT)
            gp_fail(ps, ps->tok.pos, "fragment program results cannot be arrays");
        next(ps);
        array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            size = expect_int(ps, "an array size");
        }
        expect(ps, ']', "after the array size");
    }
    expect(ps, '=', "after the result name");
    nv4_binding first, b;
    memset(&first, 0, sizeof(first));
    if (array) {
        expect(ps, '{', "to start the array initializer");
        do {
            if (!tok_is(ps, &ps->tok, "result")) {
                char t[64];
                gp_fail(ps, ps->tok.pos, "expected a result binding, found %s", tok_str(ps, &ps->tok, t, sizeof(t)));
            }
            nv4_result(ps, &b, 2);
            if (!b.family)
                gp_fail(ps, b.pos, "'%.*s' cannot be a result array member (only texcoord, attrib and clip "
                                   "bindings form arrays)", BINDING_TEXT(ps, &b));
            if (n == 0)
                first = b;
            else if (b.family != first.family || b.slot != first.slot + n)
                gp_fail(ps, b.pos, "the bindings of result array '%.*s' must be of one kind and consecutive",
                        s->len > 40 ? 40 : s->len, s->name);
            n += b.count;
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        if (size >= 0 && size != n)
            gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d",
                    s->len > 40 ? 40 : s->len, s->name, size, n);
    } else {
        if (!tok_is(ps, &ps->tok, "result")) {
            char t[64];
            gp_fail(ps, ps->tok.pos, "expected a result binding, found %s", tok_str(ps, &ps->tok, t, sizeof(t)));
        }
        nv4_result(ps, &first, 1);
        n = 1;
    }
    s->is_array = array;
    s->count = array ? n : 0;
    s->index = first.slot;
    if (first.clip) {
        if (array) {
            s->clip = true;
        } else {
            s->index = GP_VARY_CLIP0 + first.slot / 4;
            s->clipdist = (uint8_t)(1 + first.slot % 4);
        }
    }
}

/* BUFFER / BUFFER4 (2.X.3.6, NV_parameter_buffer_object): elements of one
 * binding point, consecutive. */
static void nv4_decl_buffer(gp_parse *ps, uint8_t dtype, bool vec4)
{
    gp_sym *s = declare(ps, GP_SYM_BUFFER);
    s->dtype = dtype;
    s->vec4 = vec4;
    int max_elems = ps->lim.max_parameter_buffer_size / (vec4 ? 4 : 1);
    int nbind = min_int(ps->lim.max_parameter_buffer_bindings, GP_MAX_PARAM_BUFFERS);
    int size = -1, size_pos = 0, n = 0, a = -1, first = 0;
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
        int start = ps->tok.pos;
        if (!tok_is(ps, &ps->tok, "program")) {
            char t[64];
            gp_fail(ps, start, "expected a program.buffer binding, found %s", tok_str(ps, &ps->tok, t, sizeof(t)));
        }
        next(ps);
        binding_dot(ps, start);
        static const char *const w[] = { "buffer" };
        binding_word(ps, start, w, 1);
        int bpoint, nb = 1;
        {
            /* NV5 Table X.12.1 (BIND.P.BUFFER_RANGE): program.buffer[a..b] */
            gp_lexer save = ps->lx;
            gp_token t1, t2;
            gp_lex_next(&ps->lx, &t1);
            gp_lex_next(&ps->lx, &t2);
            ps->lx = save;
            bool range = ps->nv5 && is_punct(&ps->tok, '[') && t1.kind == GP_TOK_INT && t2.kind == GP_TOK_DOTDOT;
            if (range)
                bpoint = nv4_binding_range(ps, start, nbind, "parameter buffer binding point", true, &nb);
            else
                bpoint = binding_index(ps, start, nbind, "parameter buffer binding point");
        }
        int lo = 0, count = 0;
        if (is_punct(&ps->tok, '[')) {
            lo = nv4_binding_range(ps, start, max_elems, "parameter buffer element", array, &count);
        } else {
            /* the whole buffer: the declared size, or the largest one */
            if (!array || n > 0 || is_punct(&ps->tok, ','))
                gp_fail(ps, start, "program.buffer[%d] names a whole buffer: only a BUFFER array of that one "
                                   "binding can use it", bpoint);
            count = size >= 0 ? size : max_elems;
        }
        if (n == 0) {
            a = bpoint;
            first = lo;
            s->nbuf = nb > 1 ? (uint8_t)nb : 0;
        } else if (bpoint != a || lo != first + n || (nb > 1 ? nb : 0) != s->nbuf) {
            gp_fail(ps, start, "the bindings of buffer array '%.*s' must use one binding point and consecutive "
                               "elements", s->len > 40 ? 40 : s->len, s->name);
        }
        n += count;
        uint8_t kind = vec4 ? 4 : 1;
        for (int bp = bpoint; bp < bpoint + nb; bp++) {
            if (ps->buf_kind[bp] && ps->buf_kind[bp] != kind)
                gp_fail(ps, start, "program.buffer[%d] is used both by BUFFER and by BUFFER4 variables", bp);
            ps->buf_kind[bp] = kind;
        }
        if (!array || !accept(ps, ','))
            break;
    }
    if (array)
        expect(ps, '}', "at the end of the array initializer");
    if (size >= 0 && size != n)
        gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d", s->len > 40 ? 40 : s->len,
                s->name, size, n);
    s->buf = (uint8_t)a;
    s->index = first;
    s->count = array ? n : 1;
    s->is_array = array;
}

/* ---- memory declarations (issue 6) ----------------------------------------
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

static void mem_decl(gp_parse *ps, int kind)
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
    gp_sym *s = declare(ps, kind);
    int max_elems = kind == GP_SYM_CBUFFER ? 4 * ps->lim.max_parameter_buffer_size
                    : kind == GP_SYM_STORAGE ? MEM_MAX_STORAGE_BYTES : ps->cp_shared_size;
    if (max_elems < 1)
        max_elems = 1;
    int nbind = kind == GP_SYM_CBUFFER ? min_int(ps->lim.max_parameter_buffer_bindings, GP_MAX_PARAM_BUFFERS)
                : GP_MAX_STORAGE_BUFFERS;
    int size = -1, size_pos = 0, n = 0, a = 0, first = 0;
    bool array = false;
    if (accept(ps, '[')) {
        array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            if (ps->tok.big || ps->tok.ival < 1 || ps->tok.ival > (uint32_t)max_elems)
                gp_fail(ps, size_pos, "invalid %s array size %u (1..%d bytes)", what, ps->tok.ival, max_elems);
            size = expect_int(ps, "an array size");
        }
        expect(ps, ']', "after the array size");
    }
    /* NV_gpu_program5 <BUFFER_statement>: CBUFFER takes a second
     * <optArraySize>; with two, the first counts binding points */
    int nb_size = -1, nb_size_pos = 0;
    if (array && kind == GP_SYM_CBUFFER && ps->nv5 && accept(ps, '[')) {
        nb_size = size;
        nb_size_pos = size_pos;
        size = -1;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            if (ps->tok.big || ps->tok.ival < 1 || ps->tok.ival > (uint32_t)max_elems)
                gp_fail(ps, size_pos, "invalid %s array size %u (1..%d bytes)", what, ps->tok.ival, max_elems);
            size = expect_int(ps, "an array size");
        }
        expect(ps, ']', "after the array size");
    }
    expect(ps, '=', "after the variable name");
    if (array)
        expect(ps, '{', "to start the array initializer");
    static const char *const words[] = { "buffer", "storage", "sharedmem" };
    const char *word = kind == GP_SYM_CBUFFER ? words[0] : kind == GP_SYM_STORAGE ? words[1] : words[2];
    for (;;) {
        int start = ps->tok.pos;
        if (!tok_is(ps, &ps->tok, "program")) {
            char t[64];
            gp_fail(ps, start, "expected a program.%s binding, found %s", word, tok_str(ps, &ps->tok, t, sizeof(t)));
        }
        next(ps);
        binding_dot(ps, start);
        binding_word(ps, start, &word, 1);
        int bpoint = 0, nb = 1;
        if (kind != GP_SYM_SHARED) {
            /* program.buffer[a] / program.storage[a], or [a..b] (NV5) */
            gp_lexer save = ps->lx;
            gp_token t1, t2;
            gp_lex_next(&ps->lx, &t1);
            gp_lex_next(&ps->lx, &t2);
            ps->lx = save;
            bool range = ps->nv5 && is_punct(&ps->tok, '[') && t1.kind == GP_TOK_INT && t2.kind == GP_TOK_DOTDOT;
            bpoint = nv4_binding_range(ps, start, nbind, kind == GP_SYM_CBUFFER ? "parameter buffer binding point"
                                                                                : "storage buffer binding point",
                                       range, &nb);
        }
        int lo = 0, count = 0;
        if (is_punct(&ps->tok, '[')) {
            int epos = ps->tok.pos + 1;
            lo = nv4_binding_range(ps, start, max_elems, kind == GP_SYM_SHARED ? "shared memory byte" : "byte",
                                   array, &count);
            if (kind == GP_SYM_SHARED && lo + count > ps->cp_shared_max) {
                ps->cp_shared_max = lo + count;
                ps->cp_shared_max_pos = epos;
            }
        } else {
            if (!array || n > 0 || is_punct(&ps->tok, ','))
                gp_fail(ps, start, "a whole %s binding can only initialize a %s array of that one binding",
                        kind == GP_SYM_SHARED ? "shared memory" : "buffer", what);
            count = size >= 0 ? size : max_elems;
        }
        if (n == 0) {
            a = bpoint;
            first = lo;
            s->nbuf = nb > 1 ? (uint8_t)nb : 0;
        } else if (bpoint != a || lo != first + n || (nb > 1 ? nb : 0) != s->nbuf) {
            gp_fail(ps, start, "the bindings of %s array '%.*s' must use one binding point and consecutive elements",
                    what, s->len > 40 ? 40 : s->len, s->name);
        }
        n += count;
        if (n > max_elems)
            gp_fail(ps, start, "%s array '%.*s' is larger than %d bytes", what, s->len > 40 ? 40 : s->len, s->name,
                    max_elems);
        if (kind == GP_SYM_STORAGE)
            for (int bp = bpoint; bp < bpoint + nb && bp < 32; bp++)
                ps->storage_used |= 1u << bp;
        if (!array || !accept(ps, ','))
            break;
    }
    if (array)
        expect(ps, '}', "at the end of the array initializer");
    if (size >= 0 && size != n)
        gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d", s->len > 40 ? 40 : s->len,
                s->name, size, n);
    if (nb_size >= 0 && nb_size != (s->nbuf ? s->nbuf : 1))
        gp_fail(ps, nb_size_pos, "array '%.*s' is declared with %d binding points but bound to %d",
                s->len > 40 ? 40 : s->len, s->name, nb_size, s->nbuf ? s->nbuf : 1);
    s->buf = (uint8_t)a;
    s->index = first;
    s->count = array ? n : 1;
    s->is_array = array;
}

/* IMAGE (EXT_shader_image_load_store 2.X.3.X, DECL.IMAGE): image[a] or
 * "[" [n] "]" "=" "{" image[a..b], ... "}" with units increasing
 * consecutively, each < MAX_IMAGE_UNITS. */
static void mem_decl_image(gp_parse *ps)
{
    next(ps);
    gp_sym *sym = declare(ps, GP_SYM_IMAGE);
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
    unit_list_decl(ps, sym, limit, size, size_pos, "image", "IMAGE", "image unit");
}

/* NV_compute_program5 2.X.7.Y (DECL.GROUP_SIZE, DECL.SHARED_MEMORY):
 * "GROUP_SIZE x [y [z]]" once, each dimension >= 1 and within
 * MAX_COMPUTE_WORK_GROUP_SIZE (1024, 1024, 64) with at most
 * MAX_COMPUTE_WORK_GROUP_INVOCATIONS (1024) in all; "SHARED_MEMORY n" at
 * most once, n <= MAX_COMPUTE_SHARED_MEMORY_SIZE.  t is the keyword. */
static void cp_decl(gp_parse *ps, const gp_token *t)
{
    int pos = t->pos;
    next(ps);
    if (tok_is(ps, t, "GROUP_SIZE")) {
        if (ps->cp_group_size[0])
            gp_fail(ps, pos, "GROUP_SIZE is declared twice");
        static const int max[3] = { GP_MAX_CP_SIZE_XY, GP_MAX_CP_SIZE_XY, GP_MAX_CP_SIZE_Z };
        long long total = 1;
        int first_pos = ps->tok.pos;
        for (int d = 0; d < 3; d++) {
            if (d > 0 && ps->tok.kind != GP_TOK_INT) {
                ps->cp_group_size[d] = 1;
                continue;
            }
            int vpos = ps->tok.pos;
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "a work group size");
            if (big || v < 1 || v > (uint32_t)max[d])
                gp_fail(ps, vpos, "GROUP_SIZE %c dimension %u out of range (1..%d)", "xyz"[d], v, max[d]);
            ps->cp_group_size[d] = (int)v;
            total *= v;
        }
        if (total > GP_MAX_CP_INVOCATIONS)
            gp_fail(ps, first_pos, "GROUP_SIZE %d x %d x %d is %lld invocations, more than %d (MAX_COMPUTE_WORK_GROUP_"
                                   "INVOCATIONS)", ps->cp_group_size[0], ps->cp_group_size[1], ps->cp_group_size[2],
                    total, GP_MAX_CP_INVOCATIONS);
    } else {
        if (ps->cp_shared_pos)
            gp_fail(ps, pos, "SHARED_MEMORY is declared twice");
        int vpos = ps->tok.pos;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "a shared memory size in bytes");
        if (big || v > GP_MAX_CP_SHARED)
            gp_fail(ps, vpos, "SHARED_MEMORY %u exceeds the limit of %d bytes (MAX_COMPUTE_SHARED_MEMORY_SIZE)", v,
                    GP_MAX_CP_SHARED);
        ps->cp_shared_size = (int)v;
        ps->cp_shared_pos = vpos;
    }
}

/* NV_geometry_program4 2.X.7.Y: PRIMITIVE_IN, PRIMITIVE_OUT, VERTICES_OUT,
 * each exactly once, before the other statements. */
static void nv4_decl_geometry(gp_parse *ps, const gp_token *t)
{
    int pos = t->pos;
    next(ps);
    if (tok_is(ps, t, "VERTICES_OUT")) {
        if (ps->gs_vertices_out)
            gp_fail(ps, pos, "more than one VERTICES_OUT declaration");
        int vpos = ps->gs_vertices_out_pos = ps->tok.pos;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "the number of vertices");
        if (big || v == 0 || v > (uint32_t)ps->lim.max_output_vertices)
            gp_fail(ps, vpos, "VERTICES_OUT %u out of range (1..%d)", v, ps->lim.max_output_vertices);
        ps->gs_vertices_out = (int)v;
        return;
    }
    if (tok_is(ps, t, "INVOCATIONS")) {
        /* NV_gpu_program5 2.X.7.Y "Program Invocation Count": optional, a
         * positive integer <= MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV */
        if (!ps->nv5)
            gp_fail(ps, pos, "INVOCATIONS declarations require an NV_gpu_program5 header (!!NVgp5.0)");
        if (ps->gs_invocations)
            gp_fail(ps, pos, "more than one INVOCATIONS declaration");
        int vpos = ps->tok.pos, vlen = ps->tok.len;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "the number of invocations");
        if (big || v == 0 || v > GP_MAX_GS_INVOCATIONS)
            gp_fail(ps, vpos, "INVOCATIONS %.*s out of range (1..%d)", vlen > 20 ? 20 : vlen, ps->src + vpos,
                    GP_MAX_GS_INVOCATIONS);
        ps->gs_invocations = (int)v;
        return;
    }
    bool in = tok_is(ps, t, "PRIMITIVE_IN");
    if (in ? ps->gs_prim_in : ps->gs_prim_out)
        gp_fail(ps, pos, "more than one %s declaration", in ? "PRIMITIVE_IN" : "PRIMITIVE_OUT");
    /* NV_gpu_program5 adds PATCHES (a patch of up to GP_MAX_PATCH_VERTICES
     * vertices; vertex[m] past the draw's patch size reads zero) */
    static const char *const ins[] = { "POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES", "TRIANGLES_ADJACENCY",
                                       "PATCHES" };
    static const int in_prims[] = { GP_PRIM_POINTS, GP_PRIM_LINES, GP_PRIM_LINES_ADJACENCY, GP_PRIM_TRIANGLES,
                                    GP_PRIM_TRIANGLES_ADJACENCY, GP_PRIM_PATCHES };
    static const int in_verts[] = { 1, 2, 4, 3, 6, GP_MAX_PATCH_VERTICES };
    static const char *const outs[] = { "POINTS", "LINE_STRIP", "TRIANGLE_STRIP" };
    static const int out_prims[] = { GP_PRIM_POINTS, GP_PRIM_LINE_STRIP, GP_PRIM_TRIANGLE_STRIP };
    int i = word_index(ps, in ? ins : outs, in ? 6 : 3);
    if (i == 5 && !ps->nv5)
        gp_fail(ps, ps->tok.pos, "PRIMITIVE_IN PATCHES requires an NV_gpu_program5 header (!!NVgp5.0)");
    if (i < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a primitive type (%s), found %s",
                in ? "POINTS, LINES, LINES_ADJACENCY, TRIANGLES, TRIANGLES_ADJACENCY"
                   : "POINTS, LINE_STRIP, TRIANGLE_STRIP",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    if (in) {
        ps->gs_prim_in = in_prims[i];
        ps->gs_vertices_in = in_verts[i];
    } else {
        ps->gs_prim_out = out_prims[i];
    }
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

/* The data type literals of operand i take (NV4; ARB: always float). */
static void operand_context(gp_parse *ps, const gp_insn *in, int i)
{
    ps->lit64 = 0;
    if (ps->nv4 && in->op == GP_OP_CVT) {
        /* the operand's storage type; a literal of a 64-bit type is an
         * exact pair of rows (gp_ir.h "64-bit storage", Constants) */
        int t = gp_cvt_gptype(in->cvt_src);
        if (t == GP_TYPE_S64 || t == GP_TYPE_U64 || t == GP_TYPE_F64)
            ps->lit64 = (uint8_t)t;
        set_operand_type(ps, (uint8_t)(t == GP_TYPE_S64 ? GP_TYPE_S32 : t == GP_TYPE_U64 ? GP_TYPE_U32
                                       : t == GP_TYPE_F64 ? GP_TYPE_F32 : t));
        return;
    }
    if (ps->nv4) {
        /* 64-bit types: a literal is an exact pair of rows (gp_ir.h
         * "64-bit storage", Constants); PK64 / UP64 keep their rules */
        int t = kind_type(gp_io_kind(gp_opinfo_table[in->op].io, i + 1), in->type);
        if ((t == GP_TYPE_S64 || t == GP_TYPE_U64 || t == GP_TYPE_F64) && in->op != GP_OP_PK64 &&
            in->op != GP_OP_UP64)
            ps->lit64 = (uint8_t)t;
        set_operand_type(ps, (uint8_t)(t == GP_TYPE_S64 ? GP_TYPE_S32 : t == GP_TYPE_U64 ? GP_TYPE_U32
                                       : t == GP_TYPE_F64 ? GP_TYPE_F32 : t));
    }
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
        nv4_index v;
        nv4_array_member(ps, sym, sym->nbuf, &v);
        s->vtx = (uint8_t)v.value;
        s->nbuf = sym->nbuf;
        if (v.rel) {
            s->vtx_rel = 1;
            s->vtx_rel_reg = v.reg;
            s->vtx_rel_comp = v.comp;
        }
    }
    nv4_index ix = { 0 };
    if (sym->is_array) {
        if (!is_punct(&ps->tok, '['))
            gp_fail(ps, t.pos, "array '%.*s' needs a byte offset, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        nv4_array_member(ps, sym, sym->count, &ix);
    } else if (is_punct(&ps->tok, '[')) {
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
    }
    s->file = kind == GP_SYM_STORAGE ? GP_FILE_STORAGE : GP_FILE_SHARED;
    s->buf = sym->buf;
    nv4_rel_src(s, &ix, sym->index, sym->count);
    if (!s->rel)
        s->rel_lo = s->rel_hi = s->index;
    if (kind == GP_SYM_SHARED && !ps->cp_shared_use_pos)
        ps->cp_shared_use_pos = pi->in.pos;
}

/* A data operand (vector) of a memory instruction: its literals take the
 * instruction's type (64-bit storage: exact 64-bit pairs). */
static void mem_data_operand(gp_parse *ps, gp_pinsn *pi, int i)
{
    operand_context(ps, &pi->in, i);
    parse_src(ps, &pi->in.src[i], SRC_VECTOR, &pi->src_pos[i]);
    pi->src_size[i] = ps->last_size;
    pi->src_sym[i] = ps->last_sym;
    ps->lit64 = 0;
}

/* The GPU address of LOAD / STORE / ATOM: an unsigned scalar (2.X.8.Z
 * "su"), 64 bits in NV5 programs (a LONG variable's component; a literal
 * is an exact 64-bit pair), 32 bits zero-extended otherwise. */
static void mem_address_operand(gp_parse *ps, gp_pinsn *pi, int i)
{
    set_operand_type(ps, GP_TYPE_U32);
    ps->lit64 = ps->nv5 ? GP_TYPE_U64 : 0;
    parse_src(ps, &pi->in.src[i], SRC_SCALAR, &pi->src_pos[i]);
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
    if (nv5_tex_handle(ps, pi)) {
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
            nv4_array_member(ps, sym, sym->count, &ix);
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
    pi->target_pos = ps->tok.pos;
    int target = -1;
    if (ps->tok.kind == GP_TOK_INT && ps->tok.ival >= 1 && ps->tok.ival <= 3) {
        gp_token t = peek(ps);
        bool adjacent = t.pos == ps->tok.pos + ps->tok.len;
        if (adjacent && tok_is(ps, &t, "D")) {
            target = GP_TEX_1D + (int)ps->tok.ival - 1;
            next(ps);
        } else if (adjacent && ps->tok.ival == 2 && tok_is(ps, &t, "DMS")) {
            target = GP_TEX_2DMS;
            next(ps);
        }
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        static const char *const names[] = { "RECT", "CUBE", "BUFFER", "ARRAY1D", "ARRAY2D", "ARRAYCUBE",
                                             "ARRAY2DMS" };
        static const int targets[] = { GP_TEX_RECT, GP_TEX_CUBE, GP_TEX_BUFFER, GP_TEX_ARRAY1D, GP_TEX_ARRAY2D,
                                       GP_TEX_CUBEARRAY, GP_TEX_ARRAY2DMS };
        int i = word_index(ps, names, 7);
        if (i >= 0)
            target = targets[i];
        else if (ps->tok.len > 6 && memcmp(ps->src + ps->tok.pos, "SHADOW", 6) == 0)
            gp_fail(ps, ps->tok.pos, "image instructions have no shadow targets (1D 2D 3D RECT CUBE BUFFER ARRAY1D "
                                     "ARRAY2D ARRAYCUBE 2DMS ARRAY2DMS)");
    }
    if (target < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an image target (1D 2D 3D RECT CUBE BUFFER ARRAY1D ARRAY2D ARRAYCUBE 2DMS "
                                 "ARRAY2DMS), found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    pi->in.tex_target = (uint8_t)target;
}

/* The operands of a memory instruction (gp_ir.h: which src holds what). */
static void mem_operands(gp_parse *ps, gp_pinsn *pi)
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
        parse_dst(ps, &in->dst, &pi->dst_pos);
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
         * sign and |.| as for any operand (nv4_src_reg takes the CBUFFER
         * only while mem_var says so) */
        ps->mem_var = GP_SYM_CBUFFER;
        ps->mem_hit = false;
        parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
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
        mem_data_operand(ps, pi, 0);
        expect(ps, ',', "before the image unit");
        mem_image_unit(ps, pi);
        mem_image_target(ps, pi);
        break;
    case GP_OP_STOREIM:
        mem_data_operand(ps, pi, 0);
        expect(ps, ',', "between operands");
        mem_data_operand(ps, pi, 1);
        mem_image_target(ps, pi);
        break;
    case GP_OP_ATOMIM:
        mem_data_operand(ps, pi, 0);
        expect(ps, ',', "between operands");
        mem_data_operand(ps, pi, 1);
        expect(ps, ',', "before the image unit");
        mem_image_unit(ps, pi);
        mem_image_target(ps, pi);
        break;
    default:
        break;
    }
}

static void sub_cali_operand(gp_parse *ps, gp_pinsn *pi); /* NV5 subroutines, below */

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
    if (ps->nv4)
        nv4_opword(ps, w, &optok, pi);
    if (oi->flags & GP_OPF_MEMORY) {
        mem_operands(ps, pi); /* issue 6 */
        set_operand_type(ps, GP_TYPE_F32);
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
        parse_dst(ps, &in->dst, &pi->dst_pos);
        pi->dst_size = ps->last_size;
        pi->dst_sym = ps->last_sym;
        for (int i = 0; i < oi->nsrc; i++) {
            expect(ps, ',', "between operands");
            int shape = SRC_VECTOR;
            if (oi->cls == GP_CLASS_SCALAR || oi->cls == GP_CLASS_BINSC || (oi->cls == GP_CLASS_VECSCA && i == 1))
                shape = SRC_SCALAR;
            if (oi->cls == GP_CLASS_SWZ)
                shape = SRC_BARE;
            operand_context(ps, in, i);
            parse_src(ps, &in->src[i], shape, &pi->src_pos[i]);
            pi->src_size[i] = ps->last_size;
            pi->src_sym[i] = ps->last_sym;
        }
        if (oi->cls == GP_CLASS_SWZ) {
            expect(ps, ',', "before the extended swizzle");
            parse_ext_swizzle(ps, &in->src[0]);
        }
        if (oi->cls == GP_CLASS_TEX || oi->cls == GP_CLASS_TXD) {
            expect(ps, ',', "before the texture unit");
            parse_texture(ps, pi);
        }
        break;
    case GP_CLASS_ARL:
        parse_addr_dst(ps, &in->dst, &pi->dst_pos);
        expect(ps, ',', "between operands");
        /* ARB: <scalarSrcReg>; NV_vertex_program2: <instOperandV> */
        parse_src(ps, &in->src[0], (ps->prof & GP_PROF_VP2) ? SRC_VECTOR : SRC_SCALAR, &pi->src_pos[0]);
        break;
    case GP_CLASS_ARA:
        parse_addr_dst(ps, &in->dst, &pi->dst_pos);
        expect(ps, ',', "between operands");
        parse_addr_src(ps, &in->src[0], &pi->src_pos[0]);
        break;
    case GP_CLASS_PUSHA:
        parse_addr_src(ps, &in->src[0], &pi->src_pos[0]);
        break;
    case GP_CLASS_POPA: {
        int mpos = ps->tok.pos;
        parse_addr_dst(ps, &in->dst, &pi->dst_pos);
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
            operand_context(ps, in, 0);
            parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
            pi->src_sym[0] = ps->last_sym;
        }
        break;
    }
    case GP_CLASS_BRA:
        if (in->op == GP_OP_CALI) {
            sub_cali_operand(ps, pi);
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
        opt_cc_mask(ps, &in->cond);
        break;
    case GP_CLASS_FLOW:
        opt_cc_mask(ps, &in->cond);
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
        operand_context(ps, in, 0);
        parse_src(ps, &in->src[0], SRC_SCALAR, &pi->src_pos[0]);
        pi->src_sym[0] = ps->last_sym;
        break;
    case GP_CLASS_LOOP:
        /* NV_gpu_program4: "REP" without a count loops until BRK / RET */
        if (ps->nv4 && is_punct(&ps->tok, ';'))
            break;
        operand_context(ps, in, 0);
        parse_src(ps, &in->src[0], SRC_VECTOR, &pi->src_pos[0]);
        pi->src_sym[0] = ps->last_sym;
        break;
    default:
        break;
    }
    if (ps->nv4)
        set_operand_type(ps, GP_TYPE_F32);
}

/* ---- NV5 subroutines (ARB_shader_subroutine, "Dependencies on
 * NV_gpu_program5": implied by every !!NV*5.0 header) -------------------
 * The checks that need the whole program (labels of a SUBROUTINETYPE,
 * recursion) and the tables are in gp_subroutine.c. */

/* SUBROUTINETYPE <establishName> "{" <labelInitList> "}": creates the type
 * or, if the name is already a type, adds the labels to it. */
static void sub_decl_type(gp_parse *ps)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a subroutine type name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
    if (s && s->kind == GP_SYM_SUBTYPE) {
        next(ps);
    } else {
        s = declare(ps, GP_SYM_SUBTYPE);
        s->array = ps->num_subtypes++;
    }
    expect(ps, '{', "to start the SUBROUTINETYPE label list");
    if (!is_punct(&ps->tok, '}')) {
        do {
            if (ps->tok.kind != GP_TOK_IDENT) {
                char b[64];
                gp_fail(ps, ps->tok.pos, "expected a label, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
            }
            gp_reserve(ps, (void **)&ps->submembers, &ps->cap_submembers, ps->num_submembers,
                       sizeof(*ps->submembers));
            ps->submembers[ps->num_submembers++] =
                (gp_psubmember){ s->array, ps->src + ps->tok.pos, ps->tok.len, ps->tok.pos };
            next(ps);
        } while (accept(ps, ','));
    }
    expect(ps, '}', "at the end of the SUBROUTINETYPE label list");
}

/* One <progSubroutineParams> of a SUBROUTINE declaration of type `type`:
 * program.subroutine[i] or [i..j] (ranges only in arrays). */
static void sub_param_item(gp_parse *ps, int type, bool range_ok)
{
    int start = ps->tok.pos;
    if (!accept_word(ps, "program") || !accept_dot_word(ps, "subroutine"))
        gp_fail(ps, start, "a SUBROUTINE variable is bound to program.subroutine[n]");
    int count;
    int ipos = ps->tok.pos;
    int first = nv4_binding_range(ps, start, GP_MAX_SUBROUTINE_PARAMS, "program.subroutine index", range_ok,
                                  &count);
    if (!ps->sub_param_type) {
        ps->sub_param_type = gp_alloc(ps, sizeof(int16_t) * GP_MAX_SUBROUTINE_PARAMS);
        for (int i = 0; i < GP_MAX_SUBROUTINE_PARAMS; i++)
            ps->sub_param_type[i] = -1;
    }
    for (int i = first; i < first + count; i++) {
        /* "A program subroutine parameter may only be assigned to
         * subroutine variables of a single SUBROUTINETYPE." */
        if (ps->sub_param_type[i] >= 0 && ps->sub_param_type[i] != type)
            gp_fail(ps, ipos, "program.subroutine[%d] is already bound to a variable of another SUBROUTINETYPE", i);
        ps->sub_param_type[i] = (int16_t)type;
        if (i + 1 > ps->num_sub_params)
            ps->num_sub_params = i + 1;
        gp_reserve(ps, (void **)&ps->sub_elem, &ps->cap_sub_elem, ps->num_sub_elem, sizeof(*ps->sub_elem));
        ps->sub_elem[ps->num_sub_elem++] = i;
    }
}

/* SUBROUTINE <establishedName> <establishName> "=" <progSubroutineParam>
 * | ... <establishName> "[" [size] "]" "=" "{" <progSubroutineInitList> "}" */
static void sub_decl_var(gp_parse *ps)
{
    int tpos = ps->tok.pos;
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, tpos, "expected a subroutine type name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const gp_sym *t = lookup(ps, &ps->tok);
    if (t->kind != GP_SYM_SUBTYPE)
        gp_fail(ps, tpos, "'%.*s' is not a SUBROUTINETYPE", t->len > 40 ? 40 : t->len, t->name);
    next(ps);
    gp_sym *s = declare(ps, GP_SYM_SUBROUTINE);
    s->array = t->array;
    s->index = ps->num_sub_elem;
    if (accept(ps, '[')) {
        int size = -1, size_pos = ps->tok.pos;
        if (ps->tok.kind == GP_TOK_INT) {
            size = expect_int(ps, "an array size");
            if (size < 1 || size > GP_MAX_SUBROUTINE_PARAMS)
                gp_fail(ps, size_pos, "invalid array size %d", size);
        }
        expect(ps, ']', "after the array size");
        expect(ps, '=', "after the array declaration");
        int brace = ps->tok.pos;
        expect(ps, '{', "to start the array initializer");
        do {
            sub_param_item(ps, t->array, true);
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        s->is_array = true;
        s->count = ps->num_sub_elem - s->index;
        if (size >= 0 && size != s->count)
            gp_fail(ps, brace, "array '%.*s' is declared with %d elements but initialized with %d",
                    s->len > 40 ? 40 : s->len, s->name, size, s->count);
        return;
    }
    expect(ps, '=', "after the subroutine variable name");
    sub_param_item(ps, t->array, false);
    s->count = 1;
}

/* CALI's operand: <subroutineVarName> <optArrayMem> (array variables need
 * the member, others take none); then the optional "(cc)". */
static void sub_cali_operand(gp_parse *ps, gp_pinsn *pi)
{
    gp_token t = ps->tok;
    if (t.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, t.pos, "expected a SUBROUTINE variable, found %s", tok_str(ps, &t, b, sizeof(b)));
    }
    const gp_sym *s = lookup(ps, &t);
    int n = t.len > 40 ? 40 : t.len;
    if (s->kind != GP_SYM_SUBROUTINE)
        gp_fail(ps, t.pos, "CALI needs a SUBROUTINE variable; '%.*s' is not one", n, ps->src + t.pos);
    next(ps);
    gp_src *src = &pi->in.src[0];
    src->file = GP_FILE_NONE;
    pi->src_pos[0] = t.pos;
    if (s->is_array) {
        if (!is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "array '%.*s' needs an array member, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        nv4_index ix;
        nv4_array_member(ps, s, s->count, &ix);
        nv4_rel_src(src, &ix, s->index, s->count);
    } else {
        if (is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
        src->index = src->rel_lo = src->rel_hi = s->index;
    }
    opt_cc_mask(ps, &pi->in.cond);
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

/* One NV4 statement: declarations with <varMods>, the geometry
 * declarations, labels and instructions. */
static void parse_statement_nv4(gp_parse *ps)
{
    gp_token t = ps->tok;
    char b[64];
    if (t.kind != GP_TOK_IDENT)
        gp_fail(ps, t.pos, "expected an instruction or declaration, found %s", tok_str(ps, &t, b, sizeof(b)));
    if (tok_is(ps, &t, "PRIMITIVE_IN") || tok_is(ps, &t, "PRIMITIVE_OUT") || tok_is(ps, &t, "VERTICES_OUT") ||
        tok_is(ps, &t, "INVOCATIONS")) {
        if (ps->stage != GP_STAGE_GEOMETRY)
            gp_fail(ps, t.pos, "%.*s declarations are only available in geometry programs", t.len, ps->src + t.pos);
        if (ps->decls_done)
            gp_fail(ps, t.pos, "%.*s must come before all other statements", t.len, ps->src + t.pos);
        nv4_decl_geometry(ps, &t);
        expect_semicolon(ps);
        return;
    }
    if (tok_is(ps, &t, "GROUP_SIZE") || tok_is(ps, &t, "SHARED_MEMORY")) {
        /* NV_compute_program5 2.X.7.Y */
        if (ps->stage != GP_STAGE_COMPUTE)
            gp_fail(ps, t.pos, "%.*s declarations are only available in compute programs", t.len, ps->src + t.pos);
        if (ps->decls_done)
            gp_fail(ps, t.pos, "%.*s must come before all other statements", t.len, ps->src + t.pos);
        cp_decl(ps, &t);
        expect_semicolon(ps);
        return;
    }
    if (tok_is(ps, &t, "OPTION"))
        gp_fail(ps, t.pos, "OPTION must come before all other statements");
    if (ps->stage == GP_STAGE_COMPUTE && !ps->decls_done && !ps->cp_group_size[0])
        gp_fail(ps, t.pos, "missing GROUP_SIZE declaration (compute programs declare GROUP_SIZE before their other "
                           "statements)");
    if (ps->stage == GP_STAGE_GEOMETRY && !ps->decls_done) {
        /* NV_geometry_program4 2.X.7.Y: each "must be included exactly once" */
        const char *missing = !ps->gs_prim_in ? "PRIMITIVE_IN" : !ps->gs_prim_out ? "PRIMITIVE_OUT"
                              : !ps->gs_vertices_out ? "VERTICES_OUT" : NULL;
        if (missing)
            gp_fail(ps, t.pos, "missing %s declaration (geometry programs declare PRIMITIVE_IN, PRIMITIVE_OUT and "
                               "VERTICES_OUT before their other statements)", missing);
    }
    ps->decls_done = true;
    gp_token after = peek(ps);
    if (is_punct(&after, ':') || (ps->nv5 && tok_is(ps, &after, "SUBROUTINENUM"))) {
        parse_label(ps);
        return;
    }
    if (tok_is(ps, &t, "CBUFFER") || (ps->nv5 && (tok_is(ps, &t, "STORAGE") || tok_is(ps, &t, "SHARED")))) {
        mem_decl(ps, tok_is(ps, &t, "CBUFFER") ? GP_SYM_CBUFFER : tok_is(ps, &t, "STORAGE") ? GP_SYM_STORAGE
                                                                                            : GP_SYM_SHARED);
        expect_semicolon(ps);
        return;
    }
    if (ps->nv5 && tok_is(ps, &t, "IMAGE")) {
        mem_decl_image(ps); /* EXT_shader_image_load_store 2.X.3.X */
        expect_semicolon(ps);
        return;
    }
    if (ps->nv5 && tok_is(ps, &t, "TEXTURE")) {
        nv5_decl_texture(ps); /* 2.X.3.8 */
        expect_semicolon(ps);
        return;
    }
    if (ps->nv5 && (tok_is(ps, &t, "SUBROUTINETYPE") || tok_is(ps, &t, "SUBROUTINE"))) {
        next(ps);
        if (tok_is(ps, &t, "SUBROUTINETYPE"))
            sub_decl_type(ps);
        else
            sub_decl_var(ps);
        expect_semicolon(ps);
        return;
    }
    /* <varMods>: at most one data type and one size (2.X.3.1), and in
     * fragment programs interpolation modifiers (NV_fragment_program4) */
    static const char *const mods[] = { "SHORT", "LONG", "INT", "UINT", "FLOAT", "FLAT", "CENTROID",
                                        "NOPERSPECTIVE", "SAMPLE" };
    uint8_t dtype = 0, size = 0, interp = 0;
    int size_pos = 0, interp_pos = 0, first_mod = -1;
    for (;;) {
        int k = word_index(ps, mods, 9);
        if (k < 0)
            break;
        int pos = ps->tok.pos;
        /* SAMPLE (NV_gpu_program5 2.X.2 <interpModifier>, FEATURES.md DT.SAMPLE) */
        if (k == 8 && !ps->nv5)
            gp_fail(ps, pos, "the SAMPLE interpolation modifier requires NV_gpu_program5 (!!NVfp5.0)");
        if (first_mod < 0)
            first_mod = pos;
        if (k <= 1) {
            if (size)
                gp_fail(ps, pos, "more than one storage size modifier (SHORT, LONG) in a declaration");
            size = k ? 'L' : 'S';
            size_pos = pos;
        } else if (k <= 4) {
            if (dtype)
                gp_fail(ps, pos, "more than one data type modifier (INT, UINT, FLOAT) in a declaration");
            dtype = (uint8_t)(k == 2 ? 'S' : k == 3 ? 'U' : 'F');
        } else {
            if (ps->stage != GP_STAGE_FRAGMENT)
                gp_fail(ps, pos, "interpolation modifiers (%s) are only available in fragment programs", mods[k]);
            uint8_t bit = (uint8_t)(1u << (k - 5));
            if (interp & bit)
                gp_fail(ps, pos, "'%s' is given twice in a declaration", mods[k]);
            interp |= bit;
            if ((interp & GP_INTERP_FLAT) && (interp & (GP_INTERP_CENTROID | GP_INTERP_NOPERSPECTIVE)))
                gp_fail(ps, pos, "FLAT cannot be combined with CENTROID or NOPERSPECTIVE");
            if ((interp & GP_INTERP_FLAT) && (interp & GP_INTERP_SAMPLE))
                gp_fail(ps, pos, "FLAT cannot be combined with SAMPLE");
            if ((interp & GP_INTERP_CENTROID) && (interp & GP_INTERP_SAMPLE))
                gp_fail(ps, pos, "CENTROID and SAMPLE cannot be combined (one interpolation location)");
            if (!interp_pos)
                interp_pos = pos;
        }
        next(ps);
    }
    t = ps->tok;
    bool has_mods = first_mod >= 0;
    if (tok_is(ps, &t, "TEMP")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        next(ps);
        nv4_decl_temp(ps, dtype, size);
    } else if (tok_is(ps, &t, "OUTPUT")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        if (size == 'L')
            gp_fail(ps, size_pos, "LONG is only allowed on TEMP declarations");
        next(ps);
        nv4_decl_output(ps, dtype, size);
    } else if (tok_is(ps, &t, "ATTRIB")) {
        /* NV_gpu_program5 2.X.3.1: LONG ATTRIB in vertex programs only (64-bit
         * vertex attributes, EXT_vertex_attrib_64bit; issue (6): "can not be
         * used for inputs of any program type" but vertex); glprog.h
         * GP_VIN_LONG_HI */
        bool long_attrib = size == 'L' && ps->nv5 && ps->stage == GP_STAGE_VERTEX;
        if (size == 'L' && ps->nv5 && !long_attrib)
            gp_fail(ps, size_pos, "LONG ATTRIB is only allowed in vertex programs (64-bit vertex attributes)");
        if (size && !long_attrib)
            gp_fail(ps, size_pos, "%s is only allowed on TEMP%s declarations", size == 'L' ? "LONG" : "SHORT",
                    size == 'L' ? "" : " and OUTPUT");
        next(ps);
        nv4_decl_attrib(ps, dtype, interp, long_attrib ? 'L' : 0);
    } else if (tok_is(ps, &t, "PARAM") || tok_is(ps, &t, "BUFFER") || tok_is(ps, &t, "BUFFER4")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        if (size)
            gp_fail(ps, size_pos, "%s is only allowed on TEMP%s declarations", size == 'L' ? "LONG" : "SHORT",
                    size == 'L' ? "" : " and OUTPUT");
        bool param = tok_is(ps, &t, "PARAM");
        bool vec4 = tok_is(ps, &t, "BUFFER4");
        next(ps);
        /* constants of a typed declaration take its type; typeless ones
         * are floats (2.X.3.3, issue 7) */
        uint8_t ct = dtype == 'S' ? GP_TYPE_S32 : dtype == 'U' ? GP_TYPE_U32 : GP_TYPE_F32;
        ps->opnd_type = ct;
        ps->const_type = dtype;
        if (param) {
            gp_sym *s = decl_param(ps);
            s->dtype = dtype;
        } else {
            nv4_decl_buffer(ps, dtype, vec4);
        }
        set_operand_type(ps, GP_TYPE_F32);
    } else if (tok_is(ps, &t, "ALIAS")) {
        if (has_mods)
            gp_fail(ps, first_mod, "ALIAS takes no modifiers");
        next(ps);
        decl_alias(ps);
    } else if (has_mods) {
        gp_fail(ps, t.pos, "expected TEMP, PARAM, ATTRIB, OUTPUT, BUFFER or BUFFER4 after the modifiers, found %s",
                tok_str(ps, &t, b, sizeof(b)));
    } else if (tok_is(ps, &t, "ADDRESS")) {
        gp_fail(ps, t.pos, "NV_gpu_program4 programs have no address registers (use an INT TEMP as array index)");
    } else {
        gp_opword w;
        if (!gp_opcode_split(ps->src + t.pos, t.len, &w) || w.op == GP_OP_END) {
            if (gp_map_get(&ps->syms, ps->src + t.pos, t.len))
                gp_fail(ps, t.pos, "expected an instruction or declaration, found the variable %s",
                        tok_str(ps, &t, b, sizeof(b)));
            gp_fail(ps, t.pos, "unknown opcode %s", tok_str(ps, &t, b, sizeof(b)));
        }
        parse_instruction(ps, &w);
    }
    expect_semicolon(ps);
}

static void parse_statement(gp_parse *ps)
{
    if (ps->nv4) {
        parse_statement_nv4(ps);
        return;
    }
    gp_token t = ps->tok;
    char b[64];
    if (t.kind != GP_TOK_IDENT)
        gp_fail(ps, t.pos, "expected an instruction or declaration, found %s", tok_str(ps, &t, b, sizeof(b)));
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
        decl_param(ps);
    } else if (tok_is(ps, &t, "ATTRIB")) {
        next(ps);
        decl_attrib(ps);
    } else if (tok_is(ps, &t, "ALIAS")) {
        next(ps);
        decl_alias(ps);
    } else if (ps->stage == GP_STAGE_VERTEX && tok_is(ps, &t, "ADDRESS")) {
        next(ps);
        decl_address(ps);
    } else if (tok_is(ps, &t, "OPTION")) {
        gp_fail(ps, t.pos, "OPTION must come before all other statements");
    } else if (ps->stage == GP_STAGE_FRAGMENT && (tok_is(ps, &t, "SHORT") || tok_is(ps, &t, "LONG"))) {
        gp_fail(ps, t.pos, "%s declarations require OPTION NV_fragment_program", tok_is(ps, &t, "SHORT") ? "SHORT" : "LONG");
    } else if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &t, "ADDRESS")) {
        gp_fail(ps, t.pos, "fragment programs cannot declare address registers");
    } else {
        if (ps->has_labels) {
            gp_token n = peek(ps);
            if (is_punct(&n, ':')) {
                parse_label(ps);
                return;
            }
        }
        gp_opword w;
        if (!gp_opcode_split(ps->src + t.pos, t.len, &w)) {
            if (gp_map_get(&ps->syms, ps->src + t.pos, t.len))
                gp_fail(ps, t.pos, "expected an instruction or declaration, found the variable %s",
                        tok_str(ps, &t, b, sizeof(b)));
            gp_fail(ps, t.pos, "unknown opcode %s", tok_str(ps, &t, b, sizeof(b)));
        }
        if (w.op == GP_OP_END)
            gp_fail(ps, t.pos, "unknown opcode %s", tok_str(ps, &t, b, sizeof(b)));
        check_opword(ps, &w, &t);
        parse_instruction(ps, &w);
    }
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
static const char *option_names(uint32_t mask, char *buf, size_t size)
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
        gp_fail(ps, t.pos, "option %s is not available in %s programs", o->name, stage_word(ps->stage));
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
            if (ps->nv4 && ps->stage == GP_STAGE_GEOMETRY && !ps->decls_done) {
                const char *missing = !ps->gs_prim_in ? "PRIMITIVE_IN" : !ps->gs_prim_out ? "PRIMITIVE_OUT"
                                      : !ps->gs_vertices_out ? "VERTICES_OUT" : NULL;
                if (missing)
                    gp_fail(ps, ps->tok.pos, "missing %s declaration (geometry programs declare PRIMITIVE_IN, "
                                             "PRIMITIVE_OUT and VERTICES_OUT)", missing);
            }
            break;
        }
        parse_statement(ps);
    }
}
