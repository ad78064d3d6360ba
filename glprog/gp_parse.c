/*
 * gp_parse.c - recursive-descent parser for the assembly languages: the
 * ARB headers (!!ARBvp1.0 / !!ARBfp1.0 with the NV option extensions
 * NV_vertex_program2/3, NV_fragment_program(2)) and the NV_gpu_program4/5
 * headers (!!NV*4.0, 4.1, 5.0, !!NVcp5.0).  Compile time, calling thread.
 *
 * One translation unit in several files: this one holds the tokens and the
 * statement driver (instructions, subroutines, statements, options), and
 * includes the front ends after the prototypes of every function:
 *   parse/bindings.c  bindings and the parameter table (every dialect)
 *   parse/arb.c       the ARB front end: declarations, operands
 *   parse/nv.c        the NV_gpu_program4/5 front end: operands, texture
 *                     operands, opcode words, declarations
 *   parse/memory.c    memory instructions and declarations
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

/* The two tokens after the current one, without consuming anything. */
static void peek2(gp_parse *ps, gp_token *t1, gp_token *t2)
{
    gp_lexer save = ps->lx;
    gp_lex_next(&ps->lx, t1);
    gp_lex_next(&ps->lx, t2);
    ps->lx = save;
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

/* ---- types and functions of the whole parser ---------------------------- */

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

/* An array member "[int]" or "[tempvar.c +- int]" (2.X.4.2 <arrayMem>) of
 * a variable with count members. */
typedef struct nv4_index {
    bool rel;
    int value;       /* the member, or the constant offset */
    uint8_t reg, comp;
} nv4_index;

/* Marks a gp_src or gp_dst relatively addressed through a register of
 * file, its effective index bounded by lo..hi (the array). */
#define MARK_REL(o, file, lo, hi) ((o)->rel = 1, (o)->rel_file = (file), (o)->rel_lo = (lo), (o)->rel_hi = (hi))

/* Every function of the parser, so that the files below may call each
 * other in any order. */
static const char *tok_str(const gp_parse *ps, const gp_token *t, char *buf, size_t size);
static void next(gp_parse *ps);
static gp_token peek(gp_parse *ps);
static void peek2(gp_parse *ps, gp_token *t1, gp_token *t2);
static bool is_punct(const gp_token *t, char c);
static bool tok_is(const gp_parse *ps, const gp_token *t, const char *word);
static bool accept(gp_parse *ps, char c);
static void expect(gp_parse *ps, char c, const char *where);
static void expect_semicolon(gp_parse *ps);
static int expect_int(gp_parse *ps, const char *what);
static bool accept_word(gp_parse *ps, const char *word);
static bool accept_dot_word(gp_parse *ps, const char *word);
static void bad_binding(gp_parse *ps, int start);
static void binding_dot(gp_parse *ps, int start);
static int binding_index(gp_parse *ps, int start, int limit, const char *what);
static int opt_binding_index(gp_parse *ps, int start, int limit, const char *what);
static int word_index(gp_parse *ps, const char *const *words, int n);
static int binding_word(gp_parse *ps, int start, const char *const *words, int n);
static int parse_rel_index(gp_parse *ps, uint8_t *rel_reg, uint8_t *rel_comp, bool any_comp);
static void mark_vertex_attr(gp_parse *ps, int slot, bool generic, int pos);
static bool rel_binding_index(gp_parse *ps, bool allowed, const char *need, bool any_comp, uint8_t *reg,
                              uint8_t *comp, int *off);
static void vertex_weight(gp_parse *ps, int start);
static int color_slot(gp_parse *ps, bool faces);
static int parse_vertex_binding(gp_parse *ps, gp_src *s, bool rel_ok);
static int parse_fragment_binding(gp_parse *ps, gp_src *s, bool rel_ok);
static void parse_result_binding(gp_parse *ps, gp_dst *d, bool rel_ok);
static int param_add(gp_parse *ps, const gp_param_binding *b, int array, int pos);
static void binding_const(gp_param_binding *b, const gp_val v[4], uint8_t type);
static void binding_state(gp_param_binding *b, gp_state_ref r);
static void binding_program(gp_param_binding *b, int kind, uint32_t index);
static gp_token number_token(gp_parse *ps, bool signed_ok, bool *neg, int *sign_pos);
static gp_val parse_number(gp_parse *ps, bool signed_ok);
static void parse_const_vector(gp_parse *ps, gp_val v[4]);
static uint64_t parse_number64(gp_parse *ps, bool signed_ok, uint8_t t);
static void parse_literal64(gp_parse *ps, gp_src *s, bool *scalar_const);
static void state_stage_check(gp_parse *ps, int start, bool vertex_only);
static int opt_face(gp_parse *ps);
static int parse_state_matrix(gp_parse *ps, int start, bool multi, gp_state_ref *rows);
static int parse_state_binding(gp_parse *ps, bool multi, gp_state_ref *rows);
static void parse_program_binding(gp_parse *ps, bool ranges_ok, int *kind, int *first, int *last);
static bool parse_thread_state(gp_parse *ps, gp_param_binding *b);
static int parse_param_single(gp_parse *ps, bool signed_const, bool *is_scalar_const);
static bool is_reserved(gp_parse *ps, const char *s, int len);
static gp_sym *declare(gp_parse *ps, int kind);
static void decl_temp(gp_parse *ps, uint8_t size);
static void decl_address(gp_parse *ps);
static void decl_attrib(gp_parse *ps);
static void decl_output(gp_parse *ps, uint8_t size);
static void decl_alias(gp_parse *ps);
static int new_array(gp_parse *ps, int pos);
static void parse_array_item(gp_parse *ps, int array);
static gp_sym *decl_param(gp_parse *ps);
static const gp_sym *lookup(gp_parse *ps, const gp_token *t);
static int components(gp_parse *ps, const gp_token *t, int *comp);
static void parse_swizzle(gp_parse *ps, gp_src *s, bool scalar);
static void parse_array_access(gp_parse *ps, const gp_sym *sym, gp_src *s);
static void parse_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const);
static void parse_src(gp_parse *ps, gp_src *s, int shape, int *pos_out);
static void parse_addr_src(gp_parse *ps, gp_src *s, int *pos_out);
static bool parse_cc_test(gp_parse *ps, gp_cc_test *cc, bool required);
static void opt_cc_mask(gp_parse *ps, gp_cc_test *cc);
static uint8_t parse_write_mask(gp_parse *ps);
static void parse_dst(gp_parse *ps, gp_dst *d, int *pos_out);
static void parse_addr_dst(gp_parse *ps, gp_dst *d, int *pos_out);
static void parse_texture(gp_parse *ps, gp_pinsn *pi);
static void parse_ext_swizzle(gp_parse *ps, gp_src *s);
static const char *stage_word(gp_stage s);
static uint8_t kind_type(int k, uint8_t op_type);
static void set_operand_type(gp_parse *ps, uint8_t t);
static int nv4_binding_range(gp_parse *ps, int start, int limit, const char *what, bool range_ok, int *count);
static int min_int(int a, int b);
static bool nv5_thread_input(gp_parse *ps, nv4_binding *b);
static void nv4_vertex_input(gp_parse *ps, nv4_binding *b, int ctx);
static bool nv4_primitive_id(gp_parse *ps, nv4_binding *b, int start);
static void nv4_fragment_input(gp_parse *ps, nv4_binding *b, int ctx);
static void nv4_varying(gp_parse *ps, nv4_binding *b, int start, int ctx, int which, const char *clip_what);
static void nv4_geometry_input(gp_parse *ps, nv4_binding *b, int ctx);
static bool nv4_is_input(const gp_parse *ps, const gp_token *t);
static void nv5_compute_input(gp_parse *ps, nv4_binding *b);
static void nv4_input(gp_parse *ps, nv4_binding *b, int ctx);
static void nv4_result(gp_parse *ps, nv4_binding *b, int ctx);
static void nv4_array_member(gp_parse *ps, const gp_sym *sym, int count, nv4_index *ix);
static uint16_t long_rows(const gp_parse *ps, const gp_sym *sym);
static void nv4_rel_src(gp_src *s, const nv4_index *ix, int base, int count);
static void nv4_outer_index(gp_parse *ps, const gp_sym *sym, int count, gp_src *s);
static void nv4_input_operand(gp_parse *ps, gp_src *s, const nv4_binding *b, int member);
static void nv4_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const);
static void nv4_dst(gp_parse *ps, gp_dst *d, int *pos_out);
static void unit_list_decl(gp_parse *ps, gp_sym *sym, int limit, int size, int size_pos, const char *word, const char *decl, const char *unit);
static void nv5_decl_texture(gp_parse *ps);
static void nv5_tex_extra(gp_parse *ps, gp_pinsn *pi);
static bool nv5_tex_variable(gp_parse *ps, gp_pinsn *pi, int *unit);
static void nv5_tex_offset_reg(gp_parse *ps, gp_pinsn *pi);
static bool nv5_tex_handle(gp_parse *ps, gp_pinsn *pi);
static void nv4_texture(gp_parse *ps, gp_pinsn *pi);
static bool nv4_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg);
static void cvt_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);
static int mem_storage_word(const gp_parse *ps, const gp_token *t);
static int mem_atom_word(const gp_parse *ps, const gp_token *t);
static bool mem_is_atomic(int op);
static bool mem_is_image(int op);
static const char *mem_atom_check(const gp_parse *ps, int op, int atom, int elem);
static const char *mem_allowed_text(int op, int atom);
static void mem_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);
static void nv4_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);
static void nv4_decl_temp(gp_parse *ps, uint8_t dtype, uint8_t size);
static void nv4_expect_input(gp_parse *ps);
static void nv4_decl_attrib(gp_parse *ps, uint8_t dtype, uint8_t interp, uint8_t size_mod);
static void nv4_decl_output(gp_parse *ps, uint8_t dtype, uint8_t size_mod);
static void nv4_decl_buffer(gp_parse *ps, uint8_t dtype, bool vec4);
static void mem_decl(gp_parse *ps, int kind);
static void mem_decl_image(gp_parse *ps);
static void cp_decl(gp_parse *ps, const gp_token *t);
static void nv4_decl_geometry(gp_parse *ps, const gp_token *t);
static gp_pinsn *new_insn(gp_parse *ps, int pos);
static const char *option_for(const gp_parse *ps, const gp_opinfo *oi);
static void check_opword(gp_parse *ps, const gp_opword *w, const gp_token *t);
static void operand_context(gp_parse *ps, const gp_insn *in, int i);
static void mem_var_operand(gp_parse *ps, gp_pinsn *pi, int i, int kind);
static void mem_data_operand(gp_parse *ps, gp_pinsn *pi, int i);
static void mem_address_operand(gp_parse *ps, gp_pinsn *pi, int i);
static void mem_image_unit(gp_parse *ps, gp_pinsn *pi);
static void mem_image_target(gp_parse *ps, gp_pinsn *pi);
static void mem_operands(gp_parse *ps, gp_pinsn *pi);
static void parse_instruction(gp_parse *ps, const gp_opword *w0);
static void sub_decl_type(gp_parse *ps);
static void sub_param_item(gp_parse *ps, int type, bool range_ok);
static void sub_decl_var(gp_parse *ps);
static void sub_cali_operand(gp_parse *ps, gp_pinsn *pi);
static void parse_label(gp_parse *ps);
static void parse_statement_nv4(gp_parse *ps);
static void parse_statement(gp_parse *ps);
static const char *option_names(uint32_t mask, char *buf, size_t size);
static void parse_option(gp_parse *ps);
static void setup_environment(gp_parse *ps, int first_stmt_pos);

#include "parse/bindings.c"
#include "parse/arb.c"
#include "parse/nv.c"
#include "parse/memory.c"

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
        nv4_outer_index(ps, sym, sym->nbuf, s);
        s->nbuf = sym->nbuf;
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
        mem_operands(ps, pi);
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
