/*
 * parse/bindings.c - state and attribute bindings and the parameter table,
 * shared by every dialect (ARB_vertex_program 2.14.3.1, ARB_fragment_program
 * 3.11.3.1 and the NV extensions' additions).
 *
 * One of the parser's translation units (gp_parse.c has the file map);
 * compile time, calling thread.
 */
#include <errno.h>
#include <stdlib.h>

#include "parse_priv.h"

static gp_val parse_number(gp_parse *ps, bool signed_ok);
static uint64_t parse_number64(gp_parse *ps, bool signed_ok, uint8_t t);

/* ---- bindings ------------------------------------------------------------- */

/* Fails with "'<binding so far>' is not a valid binding" at the current token. */
void gp_bad_binding(gp_parse *ps, int start)
{
    int end = ps->tok.kind == GP_TOK_EOF ? ps->tok.pos : ps->tok.pos + ps->tok.len;
    int n = end - start;
    if (n > 60)
        n = 60;
    gp_fail(ps, ps->tok.kind == GP_TOK_EOF ? ps->prev.pos : ps->tok.pos,
            "'%.*s' is not a valid binding", n, ps->src + start);
}

void gp_binding_dot(gp_parse *ps, int start)
{
    if (!accept(ps, '.'))
        gp_bad_binding(ps, start);
}

/* "[n]" with 0 <= n < limit; what names the item for the range message. */
int gp_binding_index(gp_parse *ps, int start, int limit, const char *what)
{
    if (!accept(ps, '['))
        gp_bad_binding(ps, start);
    if (ps->tok.kind != GP_TOK_INT)
        gp_bad_binding(ps, start);
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
    return gp_binding_index(ps, start, limit, what);
}

/* Which word of a list the current identifier is, or -1. */
int gp_word_index(gp_parse *ps, const char *const *words, int n)
{
    for (int i = 0; i < n; i++)
        if (tok_is(ps, &ps->tok, words[i]))
            return i;
    return -1;
}

int gp_binding_word(gp_parse *ps, int start, const char *const *words, int n)
{
    int i = gp_word_index(ps, words, n);
    if (i < 0)
        gp_bad_binding(ps, start);
    next(ps);
    return i;
}

/* "." and one of the n words: its index. */
static int binding_dot_choice(gp_parse *ps, int start, const char *const *words, int n)
{
    gp_binding_dot(ps, start);
    return gp_binding_word(ps, start, words, n);
}

/* "." word, the only one allowed there. */
void gp_binding_dot_word(gp_parse *ps, int start, const char *word)
{
    binding_dot_choice(ps, start, &word, 1);
}

/* A relative index "A0.x", "A0.x + 3", "A0.y - 2" (the address part of
 * ARB_vertex_program <progParamArrayRel>, NV <arrayMemRel>), current token
 * the register name.  Fills rel fields of s; returns the offset. */
int gp_parse_rel_index(gp_parse *ps, uint8_t *rel_reg, uint8_t *rel_comp, bool any_comp)
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
void gp_mark_vertex_attr(gp_parse *ps, int slot, bool generic, int pos)
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

/* "[A0.x + n]" of an indexed binding, current token '[': false (nothing
 * consumed) when the index is no register.  Else fails with need unless
 * allowed (the option that permits it is on), and returns the register,
 * its component and the offset. */
static bool rel_binding_index(gp_parse *ps, bool allowed, const char *need, bool any_comp, uint8_t *reg,
                              uint8_t *comp, int *off)
{
    gp_token t = peek(ps);
    if (t.kind != GP_TOK_IDENT)
        return false;
    if (!allowed)
        gp_fail(ps, t.pos, "%s", need);
    next(ps);
    *off = gp_parse_rel_index(ps, reg, comp, any_comp);
    expect(ps, ']', NULL);
    return true;
}

/* The "[n]" of vertex.weight[n]: n < MAX_VERTEX_UNITS_ARB and divisible by
 * four (ARB_vertex_program 2.14.3.1, NV_vertex_program4 alike). */
static void vertex_weight(gp_parse *ps, int start)
{
    int ipos = is_punct(&ps->tok, '[') ? peek(ps).pos : ps->tok.pos;
    int n = opt_binding_index(ps, start, ps->lim.max_vertex_units, "vertex weight");
    if (n % 4)
        gp_fail(ps, ipos, "vertex weight number %d is not divisible by four", n);
}

/* ".primary" / ".secondary" (and, with faces, ".front" / ".back" first) of
 * a colour binding: the GP_VARY_ colour slot. */
static int color_slot(gp_parse *ps, bool faces)
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

/* The item word of "vertex.<item>" (after the dot) and what the items
 * without an index read: returns the item (VIN_*), its GP_VIN_ slot in
 * *slot (texcoord, attrib: the first of the range, which the caller
 * reads). */
int gp_vertex_item(gp_parse *ps, int start, int *slot)
{
    static const char *const items[] = { "position", "weight", "normal",      "color",  "fogcoord",
                                         "texcoord", "matrixindex", "attrib", "id",    "instance" };
    static const int slots[] = { GP_VIN_POSITION, GP_VIN_WEIGHT, GP_VIN_NORMAL,   GP_VIN_COLOR0,   GP_VIN_FOGCOORD,
                                 GP_VIN_TEX0,     0,             GP_VIN_GENERIC0, GP_VIN_VERTEXID, GP_VIN_INSTANCEID };
    int item = gp_binding_word(ps, start, items, ps->nv4 ? 10 : 8);
    *slot = slots[item];
    if (item == VIN_WEIGHT)
        vertex_weight(ps, start);
    else if (item == VIN_COLOR && color_slot(ps, false) == GP_VARY_COL1)
        *slot = GP_VIN_COLOR1;
    else if (item == VIN_MATRIXINDEX)
        gp_fail(ps, ps->prev.pos, "%s", ps->nv4 ? "vertex.matrixindex is not available in NV_gpu_program4 programs"
                                                : "vertex.matrixindex needs ARB_matrix_palette, which asmgl does not "
                                                  "support");
    return item;
}

/* The same for "fragment.<item>": FIN_*, the GP_VARY_ slot in *slot. */
int gp_fragment_item(gp_parse *ps, int start, int *slot)
{
    static const char *const items[] = { "color",  "texcoord", "fogcoord", "position",
                                         "facing", "clip",     "attrib",   "pointcoord" };
    static const int slots[] = { GP_VARY_COL0, GP_VARY_TEX0, GP_VARY_FOG,   GP_VARY_POS,
                                 GP_VARY_FACE, 0,            GP_VARY_ATTR0, GP_VARY_PNTC };
    int item = gp_binding_word(ps, start, items, !ps->nv4 ? 5 : ps->nv5 ? 8 : 7);
    *slot = slots[item];
    if (item == FIN_COLOR)
        *slot = color_slot(ps, false);
    else if (item == FIN_FACING && !ps->nv4 && !(ps->prof & GP_PROF_FP2))
        gp_fail(ps, ps->prev.pos, "fragment.facing requires OPTION NV_fragment_program2");
    return item;
}

/* The same for a per-vertex varying, one of the first n items: VARY_*,
 * the GP_VARY_ slot in *slot (clip: 0, the caller reads the index). */
int gp_varying_item(gp_parse *ps, int start, int n, int *slot)
{
    static const char *const items[] = { "position", "color",  "fogcoord", "pointsize", "texcoord",
                                         "clip",     "attrib", "id",       "primid",    "layer" };
    static const int slots[] = { GP_VARY_POS, GP_VARY_COL0,  GP_VARY_FOG, GP_VARY_PSIZ,   GP_VARY_TEX0,
                                 0,           GP_VARY_ATTR0, GP_VARY_ID,  GP_VARY_PRIMID, GP_VARY_LAYER };
    int item = gp_binding_word(ps, start, items, n);
    *slot = item == VARY_COLOR ? color_slot(ps, true) : slots[item];
    return item;
}

/* "result.<item>" of a vertex or geometry program after the dot: the
 * varying item.  2.14.4.5.1: ARB_position_invariant removes
 * result.position from <resultBinding>. */
int gp_result_item(gp_parse *ps, int start, int *slot)
{
    int item = gp_varying_item(ps, start, ps->nv4 ? 10 : 6, slot);
    if (item == VARY_POSITION && (ps->options & GP_OPTION_POSITION_INVARIANT))
        gp_fail(ps, ps->prev.pos, "result.position cannot be used with OPTION ARB_position_invariant");
    return item;
}

/* "result.<item>" of a fragment program after the dot: color, color[n]
 * (ARB_draw_buffers) or depth; returns the GP_FOUT_ slot. */
int gp_fragment_result(gp_parse *ps, int start)
{
    static const char *const items[] = { "color", "depth" };
    if (gp_binding_word(ps, start, items, 2))
        return GP_FOUT_DEPTH;
    if (!is_punct(&ps->tok, '['))
        return GP_FOUT_COLOR0;
    if (!(ps->options & GP_OPTION_DRAW_BUFFERS))
        gp_fail(ps, ps->tok.pos, "result.color[n] requires OPTION ARB_draw_buffers");
    int n = ps->lim.max_draw_buffers > 8 ? 8 : ps->lim.max_draw_buffers;
    return GP_FOUT_COLOR0 + gp_binding_index(ps, start, n, "draw buffer");
}

/* "vertex.<item>" (ARB_vertex_program 2.14.3.1, NV_vertex_program3 indexed
 * forms), current token "vertex".  Returns the GP_VIN slot; with rel_ok,
 * "vertex.attrib[A0.x+n]" and "vertex.texcoord[A0.x+n]" fill s->rel*. */
int gp_parse_vertex_binding(gp_parse *ps, gp_src *s, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    gp_binding_dot(ps, start);
    int slot;
    int item = gp_vertex_item(ps, start, &slot);
    bool generic = item == VIN_ATTRIB;
    if ((item == VIN_TEXCOORD && is_punct(&ps->tok, '[')) || item == VIN_ATTRIB) {
        int base = slot;
        int count = generic ? ps->lim.max_attribs : ps->lim.max_texture_coords;
        if (count > (generic ? GP_VIN_COUNT : 8))
            count = generic ? GP_VIN_COUNT : 8;
        if (!is_punct(&ps->tok, '['))
            gp_bad_binding(ps, start);
        int off;
        if (rel_binding_index(ps, rel_ok && (ps->prof & GP_PROF_VP3), "relative addressing of vertex attributes "
                              "requires OPTION NV_vertex_program3", true, &s->rel_reg, &s->rel_comp, &off)) {
            MARK_REL(s, GP_FILE_ADDRESS, base, base + count - 1);
            s->index = base + off;
            return INT32_MIN; /* relative: no single slot */
        }
        slot = base + gp_binding_index(ps, start, count, generic ? "vertex attribute" : "texture coordinate");
    }
    gp_mark_vertex_attr(ps, slot, generic, start);
    return slot;
}

/* "fragment.<item>" (ARB_fragment_program 3.11.3.1, NV_fragment_program2). */
int gp_parse_fragment_binding(gp_parse *ps, gp_src *s, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    gp_binding_dot(ps, start);
    int slot;
    if (gp_fragment_item(ps, start, &slot) != FIN_TEXCOORD || !is_punct(&ps->tok, '['))
        return slot;
    int count = ps->lim.max_texture_coords > 8 ? 8 : ps->lim.max_texture_coords;
    int off;
    if (rel_binding_index(ps, rel_ok && (ps->prof & GP_PROF_FP2), "relative addressing of texture coordinates "
                          "requires OPTION NV_fragment_program2", false, &s->rel_reg, &s->rel_comp, &off)) {
        if (off < 0)
            gp_fail(ps, ps->prev.pos, "negative offsets are not allowed here");
        MARK_REL(s, GP_FILE_ADDRESS, GP_VARY_TEX0, GP_VARY_TEX0 + count - 1);
        s->index = GP_VARY_TEX0 + off;
        return INT32_MIN;
    }
    return GP_VARY_TEX0 + gp_binding_index(ps, start, count, "texture coordinate");
}

/* "result.<item>" (ARB_vertex_program Table X.4, ARB_fragment_program
 * 3.11.3.4, NV_vertex_program2 result.clip[n], NV_vertex_program3
 * result.texcoord[A0.x+n]), current token "result".  Fills d->index and the
 * clip/relative fields. */
void gp_parse_result_binding(gp_parse *ps, gp_dst *d, bool rel_ok)
{
    int start = ps->tok.pos;
    next(ps);
    gp_binding_dot(ps, start);
    d->file = GP_FILE_OUTPUT;
    if (ps->stage == GP_STAGE_FRAGMENT) {
        d->index = gp_fragment_result(ps, start);
        return;
    }
    int item = gp_result_item(ps, start, &d->index);
    if (item == VARY_TEXCOORD && is_punct(&ps->tok, '[')) {
        int count = ps->lim.max_texture_coords > 8 ? 8 : ps->lim.max_texture_coords;
        int off;
        if (rel_binding_index(ps, rel_ok && (ps->prof & GP_PROF_VP3), "relative addressing of result.texcoord "
                              "requires OPTION NV_vertex_program3", true, &d->rel_reg, &d->rel_comp, &off)) {
            MARK_REL(d, GP_FILE_ADDRESS, GP_VARY_TEX0, GP_VARY_TEX0 + count - 1);
            d->index = GP_VARY_TEX0 + off;
            return;
        }
        d->index = GP_VARY_TEX0 + gp_binding_index(ps, start, count, "texture coordinate");
    } else if (item == VARY_CLIP) {
        if (!(ps->prof & GP_PROF_VP2))
            gp_fail(ps, ps->prev.pos, "result.clip[n] requires OPTION NV_vertex_program2");
        int n = ps->lim.max_clip_planes > 8 ? 8 : ps->lim.max_clip_planes;
        int k = gp_binding_index(ps, start, n, "clip plane");
        d->index = GP_VARY_CLIP0 + k / 4;
        d->clipdist = (uint8_t)(1 + k % 4);
    }
    d->rel_lo = d->rel_hi = d->index;
}

/* ---- parameters ----------------------------------------------------------- */

/* Appends row b (a member of parameter array `array`, or of none when
 * negative) to the table; a distinct binding is remembered for reuse. */
static int param_append(gp_parse *ps, const gp_param_binding *b, int array, bool distinct)
{
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
        gp_map_put(ps, &ps->constmap, copy, (int)sizeof(*b), (void *)(intptr_t)(row + 1));
    }
    return row;
}

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
    return param_append(ps, b, array, distinct);
}

int gp_param_intern(gp_parse *ps, const gp_param_binding *b)
{
    void *hit = gp_map_get(&ps->constmap, (const char *)b, (int)sizeof(*b));
    if (hit)
        return (int)((intptr_t)hit - 1);
    return param_append(ps, b, -1, true);
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
void gp_parse_literal64(gp_parse *ps, gp_src *s, bool *scalar_const)
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
    static const char *const names[] = { "modelview", "projection", "mvp", "texture", "palette", "program" };
    int name = binding_dot_choice(ps, start, names, 6);
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
        n = gp_binding_index(ps, start, ps->lim.max_palette_matrices, "palette matrix");
        break;
    case 5:
        n = gp_binding_index(ps, start, ps->lim.max_program_matrices, "program matrix");
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
                gp_bad_binding(ps, start);
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
            gp_bad_binding(ps, start);
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
    gp_binding_dot(ps, start);
    static const char *const items[] = { "material", "light", "lightmodel", "lightprod", "texgen",
                                         "fog", "clip", "point", "matrix", "texenv", "depth" };
    int item = gp_binding_word(ps, start, items, 11);
    gp_state_ref r = { 0 };
    switch (item) {
    case 0: { /* material[.face].property */
        static const char *const p[] = { "ambient", "diffuse", "specular", "emission", "shininess" };
        r.kind = GP_STATE_MATERIAL;
        r.face = (uint8_t)opt_face(ps);
        r.prop = (uint8_t)binding_dot_choice(ps, start, p, 5);
        break;
    }
    case 1: { /* light[n].property */
        static const char *const p[] = { "ambient", "diffuse", "specular", "position", "attenuation", "spot", "half" };
        static const uint8_t props[] = { GP_LIGHT_AMBIENT, GP_LIGHT_DIFFUSE, GP_LIGHT_SPECULAR, GP_LIGHT_POSITION,
                                         GP_LIGHT_ATTENUATION, GP_LIGHT_SPOT_DIRECTION, GP_LIGHT_HALF };
        r.kind = GP_STATE_LIGHT;
        r.index = (uint16_t)gp_binding_index(ps, start, ps->lim.max_lights, "light");
        int i = binding_dot_choice(ps, start, p, 7);
        if (i == 5) {
            gp_binding_dot_word(ps, start, "direction");
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
            gp_binding_dot_word(ps, start, "scenecolor");
        }
        break;
    case 3: { /* lightprod[n][.face].property */
        static const char *const p[] = { "ambient", "diffuse", "specular" };
        r.kind = GP_STATE_LIGHTPROD;
        r.index = (uint16_t)gp_binding_index(ps, start, ps->lim.max_lights, "light");
        r.face = (uint8_t)opt_face(ps);
        r.prop = (uint8_t)binding_dot_choice(ps, start, p, 3);
        break;
    }
    case 4: { /* texgen[n].eye|object.s|t|r|q */
        static const char *const t[] = { "eye", "object" };
        static const char *const c[] = { "s", "t", "r", "q" };
        r.kind = GP_STATE_TEXGEN;
        r.index = (uint16_t)opt_binding_index(ps, start, ps->lim.max_texture_units, "texture unit");
        int type = binding_dot_choice(ps, start, t, 2);
        int coord = binding_dot_choice(ps, start, c, 4);
        r.prop = (uint8_t)(type * 4 + coord);
        state_stage_check(ps, start, true);
        break;
    }
    case 5: { /* fog.color|params */
        static const char *const p[] = { "color", "params" };
        r.kind = binding_dot_choice(ps, start, p, 2) ? GP_STATE_FOG_PARAMS : GP_STATE_FOG_COLOR;
        break;
    }
    case 6: { /* clip[n].plane */
        r.kind = GP_STATE_CLIPPLANE;
        r.index = (uint16_t)gp_binding_index(ps, start, ps->lim.max_clip_planes, "clip plane");
        gp_binding_dot_word(ps, start, "plane");
        state_stage_check(ps, start, true);
        break;
    }
    case 7: { /* point.size|attenuation */
        static const char *const p[] = { "size", "attenuation" };
        r.kind = binding_dot_choice(ps, start, p, 2) ? GP_STATE_POINT_ATTENUATION : GP_STATE_POINT_SIZE;
        state_stage_check(ps, start, true);
        break;
    }
    case 8:
        return parse_state_matrix(ps, start, multi, rows);
    case 9: { /* texenv[n].color */
        r.kind = GP_STATE_TEXENV_COLOR;
        r.index = (uint16_t)opt_binding_index(ps, start, ps->lim.max_texture_units, "texture unit");
        gp_binding_dot_word(ps, start, "color");
        state_stage_check(ps, start, false);
        break;
    }
    default: { /* depth.range */
        gp_binding_dot_word(ps, start, "range");
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
    static const char *const items[] = { "env", "local", "storagelen" };
    int item = binding_dot_choice(ps, start, items, ps->nv5 ? 3 : 2);
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
        gp_bad_binding(ps, start);
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
    gp_token t1, t2;
    peek2(ps, &t1, &t2);
    if (!ps->nv5 || !is_punct(&t1, '.') || !tok_is(ps, &t2, "thread"))
        return false;
    int start = ps->tok.pos;
    if (!(ps->options & GP_OPTION_NV_SHADER_THREAD_GROUP))
        gp_fail(ps, t2.pos, "state.thread bindings require OPTION NV_shader_thread_group");
    next(ps);
    gp_binding_dot(ps, start);
    next(ps); /* thread */
    static const char *const w[] = { "warpsize", "warpspersm", "smcount" };
    int k = binding_dot_choice(ps, start, w, 3);
    gp_val v[4] = { { .i = k == 0 ? GP_LANES : 1 }, { .i = 0 }, { .i = 0 }, { .i = 0 } };
    binding_const(b, v, 'S');
    return true;
}

/* A single parameter binding used inline or by "PARAM x = ...": state,
 * program.env/local or a constant.  Returns the table row. */
int gp_parse_param_single(gp_parse *ps, bool signed_const, bool *is_scalar_const)
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

/* ---- PARAM declarations (every dialect) ----------------------------------- */

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

gp_sym *gp_decl_param(gp_parse *ps)
{
    gp_sym *s = gp_declare(ps, GP_SYM_PARAM);
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
    s->index = gp_parse_param_single(ps, true, NULL);
    return s;
}
