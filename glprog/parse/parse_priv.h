/*
 * parse_priv.h - what the parser's translation units share: the token
 * helpers, the binding and operand types, the front end interface
 * (gp_front) and the functions one unit calls in another (gp_parse.c has
 * the file map).  Compile time, calling thread.  Only gp_parse.c and
 * glprog/parse/ include this file.
 */
#ifndef GLPROG_PARSE_PARSE_PRIV_H
#define GLPROG_PARSE_PARSE_PRIV_H

#include <stdio.h>

#include "gp_priv.h"

/* ---- tokens -------------------------------------------------------------- */

/* A token as the messages quote it: 'text' (shortened), or a description. */
static inline const char *tok_str(const gp_parse *ps, const gp_token *t, char *buf, size_t size)
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

static inline void next(gp_parse *ps)
{
    ps->prev = ps->tok;
    gp_lex_next(&ps->lx, &ps->tok);
    if (ps->tok.kind == GP_TOK_BAD) {
        char b[48];
        gp_fail(ps, ps->tok.pos, "unexpected character %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
}

/* The token after the current one, without consuming anything. */
static inline gp_token peek(gp_parse *ps)
{
    gp_lexer save = ps->lx;
    gp_token t;
    gp_lex_next(&ps->lx, &t);
    ps->lx = save;
    return t;
}

/* The two tokens after the current one, without consuming anything. */
static inline void peek2(gp_parse *ps, gp_token *t1, gp_token *t2)
{
    gp_lexer save = ps->lx;
    gp_lex_next(&ps->lx, t1);
    gp_lex_next(&ps->lx, t2);
    ps->lx = save;
}

static inline bool is_punct(const gp_token *t, char c)
{
    return t->kind == GP_TOK_PUNCT && t->punct == c;
}

static inline bool tok_is(const gp_parse *ps, const gp_token *t, const char *word)
{
    size_t n = strlen(word);
    return t->kind == GP_TOK_IDENT && (size_t)t->len == n && memcmp(ps->src + t->pos, word, n) == 0;
}

/* "." word after the current token? */
static inline bool dot_word_ahead(gp_parse *ps, const char *word)
{
    gp_token t1, t2;
    peek2(ps, &t1, &t2);
    return is_punct(&t1, '.') && tok_is(ps, &t2, word);
}

static inline bool accept(gp_parse *ps, char c)
{
    if (!is_punct(&ps->tok, c))
        return false;
    next(ps);
    return true;
}

static inline void expect(gp_parse *ps, char c, const char *where)
{
    if (accept(ps, c))
        return;
    char b[64];
    gp_fail(ps, ps->tok.pos, "expected '%c'%s%s, found %s", c, where ? " " : "", where ? where : "",
            tok_str(ps, &ps->tok, b, sizeof(b)));
}

static inline void expect_semicolon(gp_parse *ps)
{
    expect(ps, ';', "at the end of the statement");
}

static inline int expect_int(gp_parse *ps, const char *what)
{
    if (ps->tok.kind != GP_TOK_INT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected %s, found %s", what, tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    int v = ps->tok.ival > INT32_MAX ? INT32_MAX : (int)ps->tok.ival;
    next(ps);
    return v;
}

static inline bool accept_word(gp_parse *ps, const char *word)
{
    if (!tok_is(ps, &ps->tok, word))
        return false;
    next(ps);
    return true;
}

/* ".word" ahead?  Consumes both when it is. */
static inline bool accept_dot_word(gp_parse *ps, const char *word)
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

static inline int min_int(int a, int b)
{
    return a < b ? a : b;
}

/* ---- types ------------------------------------------------------------------ */

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

/* Operand shapes of parse_src: <instOperandV>, <instOperandS>, and SWZ's
 * bare source (no sign, bars or suffix). */
enum { SRC_VECTOR, SRC_SCALAR, SRC_BARE };

/* The grammars a texture target word belongs to (parse_tex_target). */
enum { TEXW_ARB = 1, TEXW_NV4 = 2, TEXW_NV41 = 4 /* NV4.1 and NV5 */, TEXW_IMAGE = 8 };

/* A dialect's front end: what it adds to the statement driver and to the
 * operand parsing every dialect shares (gp_parse.c).  gp_front_arb:
 * !!ARBvp1.0 / !!ARBfp1.0 and their NV options (parse/arb.c);
 * gp_front_nv: the NV_gpu_program4/5 headers (parse/nv.c, nv_decl.c). */
typedef struct gp_front {
    /* Labels come before the declarations (NV4, where "TEMP:" is a label)
     * rather than after them (ARB, where TEMP is reserved). */
    bool labels_first;
    /* Whether a name is a reserved word (<establishName>). */
    bool (*is_reserved)(gp_parse *ps, const char *s, int len);
    /* The declarations a program starts with, t the statement's first
     * token (current): true when one was parsed; NULL: none. */
    bool (*head)(gp_parse *ps, const gp_token *t);
    /* The other declarations: true when one was parsed. */
    bool (*declaration)(gp_parse *ps, const gp_token *t);
    /* Checks an opcode word t before its instruction is made; NULL: none. */
    void (*check_opcode)(gp_parse *ps, const gp_opword *w, const gp_token *t);
    /* Reads the modifiers after the opcode t (consumed); NULL: none. */
    void (*opword)(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);
    /* <srcReg>: file and index of an operand (parse_src reads the rest). */
    void (*src_reg)(gp_parse *ps, gp_src *s, bool *scalar_const);
    /* Is t an input binding (not a destination)? */
    bool (*is_input)(const gp_parse *ps, const gp_token *t);
    /* A result binding destination, current token "result". */
    void (*result_dst)(gp_parse *ps, gp_dst *d);
    /* The index of a TEMP / OUTPUT destination sym named t (consumed;
     * d->file set) and what the dialect allows after the name. */
    void (*var_dst)(gp_parse *ps, gp_dst *d, const gp_sym *sym, const gp_token *t);
    /* A condition code rule (current token, not consumed). */
    bool (*cc_rule)(gp_parse *ps, uint8_t *cond, uint8_t *reg);
    const char *cc_rules; /* the rules, for messages */
    /* The texture operands after "," of a texture instruction. */
    void (*texture)(gp_parse *ps, gp_pinsn *pi);
} gp_front;

extern const gp_front gp_front_arb, gp_front_nv;

static inline const gp_front *front(const gp_parse *ps)
{
    return ps->nv4 ? &gp_front_nv : &gp_front_arb;
}

/* Marks a gp_src or gp_dst relatively addressed through a register of
 * file, its effective index bounded by lo..hi (the array). */
#define MARK_REL(o, file, lo, hi) ((o)->rel = 1, (o)->rel_file = (file), (o)->rel_lo = (lo), (o)->rel_hi = (hi))

/* The items of vertex.<item> (ARB_vertex_program Table X.2; NV_vertex_
 * program4 adds id and instance), fragment.<item> (ARB_fragment_program
 * 3.11.3.1; NV_fragment_program4 adds clip and attrib, NV_gpu_program5
 * pointcoord) and of the per-vertex varyings: result.<item> of vertex and
 * geometry programs (ARB_vertex_program Table X.4 up to clip, NV_gpu_
 * program4 2.X.3.5 the rest) and a geometry program's vertex[m].<item>
 * (the first eight), each in word order. */
enum { VIN_POSITION, VIN_WEIGHT, VIN_NORMAL, VIN_COLOR, VIN_FOGCOORD, VIN_TEXCOORD, VIN_MATRIXINDEX, VIN_ATTRIB,
       VIN_ID, VIN_INSTANCE };
enum { FIN_COLOR, FIN_TEXCOORD, FIN_FOGCOORD, FIN_POSITION, FIN_FACING, FIN_CLIP, FIN_ATTRIB, FIN_POINTCOORD };
enum { VARY_POSITION, VARY_COLOR, VARY_FOGCOORD, VARY_POINTSIZE, VARY_TEXCOORD, VARY_CLIP, VARY_ATTRIB, VARY_ID,
       VARY_PRIMID, VARY_LAYER };

/* ---- gp_parse.c: the statement driver and the operands every dialect shares ------ */
const gp_sym *gp_lookup(gp_parse *ps, const gp_token *t);
int gp_components(gp_parse *ps, const gp_token *t, int *comp);
bool gp_param_src(gp_parse *ps, gp_src *s, bool *scalar_const);
void gp_parse_src(gp_parse *ps, gp_src *s, int shape, int *pos_out);
void gp_opt_cc_mask(gp_parse *ps, gp_cc_test *cc);
uint8_t gp_parse_write_mask(gp_parse *ps);
void gp_parse_dst(gp_parse *ps, gp_dst *d, int *pos_out);
int gp_texture_unit(gp_parse *ps);
void gp_parse_tex_target(gp_parse *ps, gp_pinsn *pi, unsigned sets,
                         const char *(*gate)(const gp_parse *ps, const char *word), const char *expected);
gp_sym *gp_declare(gp_parse *ps, int kind);
void gp_decl_alias(gp_parse *ps);
void gp_operand_context(gp_parse *ps, const gp_insn *in, int i);
const char *gp_option_names(uint32_t mask, char *buf, size_t size);

/* ---- parse/bindings.c: bindings and the parameter table -------------------------- */
void gp_bad_binding(gp_parse *ps, int start);
void gp_binding_dot(gp_parse *ps, int start);
int gp_binding_index(gp_parse *ps, int start, int limit, const char *what);
int gp_word_index(gp_parse *ps, const char *const *words, int n);
int gp_binding_word(gp_parse *ps, int start, const char *const *words, int n);
void gp_binding_dot_word(gp_parse *ps, int start, const char *word);
int gp_parse_rel_index(gp_parse *ps, uint8_t *rel_reg, uint8_t *rel_comp, bool any_comp);
void gp_mark_vertex_attr(gp_parse *ps, int slot, bool generic, int pos);
int gp_vertex_item(gp_parse *ps, int start, int *slot);
int gp_fragment_item(gp_parse *ps, int start, int *slot);
int gp_varying_item(gp_parse *ps, int start, int n, int *slot);
int gp_result_item(gp_parse *ps, int start, int *slot);
int gp_fragment_result(gp_parse *ps, int start);
int gp_parse_vertex_binding(gp_parse *ps, gp_src *s, bool rel_ok);
int gp_parse_fragment_binding(gp_parse *ps, gp_src *s, bool rel_ok);
void gp_parse_result_binding(gp_parse *ps, gp_dst *d, bool rel_ok);
void gp_parse_literal64(gp_parse *ps, gp_src *s, bool *scalar_const);
int gp_parse_param_single(gp_parse *ps, bool signed_const, bool *is_scalar_const);
gp_sym *gp_decl_param(gp_parse *ps);

/* ---- parse/arb.c: the ARB front end ---------------------------------------------- */
void gp_parse_addr_src(gp_parse *ps, gp_src *s, int *pos_out);
void gp_parse_addr_dst(gp_parse *ps, gp_dst *d, int *pos_out);

/* ---- parse/nv.c: the NV_gpu_program4/5 front end --------------------------------- */
const char *gp_stage_word(gp_stage s);
void gp_set_operand_type(gp_parse *ps, uint8_t t);
int gp_nv4_binding_range(gp_parse *ps, int start, int limit, const char *what, bool range_ok, int *count);
bool gp_nv4_is_input(const gp_parse *ps, const gp_token *t);
void gp_nv4_input(gp_parse *ps, nv4_binding *b, int ctx);
void gp_nv4_result(gp_parse *ps, nv4_binding *b, int ctx);
void gp_nv4_array_member(gp_parse *ps, const gp_sym *sym, int count, nv4_index *ix);
uint16_t gp_long_rows(const gp_parse *ps, const gp_sym *sym);
void gp_nv4_rel_src(gp_src *s, const nv4_index *ix, int base, int count);
void gp_nv4_outer_index(gp_parse *ps, const gp_sym *sym, int count, gp_src *s);
void gp_nv4_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const);
int gp_per_vertex_count(const gp_parse *ps, const gp_sym *sym);
void gp_nv4_result_dst(gp_parse *ps, gp_dst *d);
void gp_nv4_var_dst(gp_parse *ps, gp_dst *d, const gp_sym *sym, const gp_token *t);
bool gp_nv5_tex_handle(gp_parse *ps, gp_pinsn *pi);
void gp_nv4_texture(gp_parse *ps, gp_pinsn *pi);
bool gp_nv4_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg);
void gp_nv4_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);

/* ---- parse/nv_decl.c: NV declarations -------------------------------------------- */
const char *gp_gs_missing_decl(const gp_parse *ps);
const char *gp_decl_rule(const gp_parse *ps);
void gp_unit_list_decl(gp_parse *ps, gp_sym *sym, int limit, int size, int size_pos, const char *word,
                       const char *decl, const char *unit);
void gp_sub_cali_operand(gp_parse *ps, gp_pinsn *pi);

/* ---- parse/memory.c: memory instructions and declarations ------------------------ */
int gp_mem_storage_word(const gp_parse *ps, const gp_token *t);
int gp_mem_atom_word(const gp_parse *ps, const gp_token *t);
void gp_mem_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi);
void gp_mem_operands(gp_parse *ps, gp_pinsn *pi);
void gp_nv4_decl_buffer(gp_parse *ps, uint8_t dtype, bool vec4);
void gp_mem_decl(gp_parse *ps, int kind);
void gp_mem_decl_image(gp_parse *ps);

#endif /* GLPROG_PARSE_PARSE_PRIV_H */
