/*
 * gp_priv.h - internals of the glprog front end (gp_opcodes.c gp_lex.c
 * gp_parse.c gp_validate.c gp_lower.c print/ gp_program.c).  Compile
 * time, on the calling (API) thread; nothing here is shared between
 * compilations.  No other folder includes this file.
 *
 * Data flow (R3):
 *
 *   text --gp_lex--> tokens --gp_parse--> gp_parse (pinsns, symbols, params)
 *        --gp_validate--> checked --gp_lower--> gp_program (gp_ir.h)
 *
 * All parse memory comes from one gp_arena owned by the gp_parse and freed at
 * the single exit of gp_compile.  The first error is recorded in the caller's
 * gp_error and unwinds with longjmp to that exit (gp_fail); nothing else is
 * held across a longjmp.
 */
#ifndef GLPROG_GP_PRIV_H
#define GLPROG_GP_PRIV_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "gp_ir.h"

#ifndef GP_MALLOC
#define GP_MALLOC(size) malloc(size)
#define GP_FREE(ptr) free(ptr)
#endif
#ifndef GP_ASSERT
#include <assert.h>
#define GP_ASSERT(cond) assert(cond)
#endif

/* ---- checked size arithmetic (R14) --------------------------------------- */

static inline bool gp_size_mul(size_t a, size_t b, size_t *out)
{
    if (b && a > SIZE_MAX / b)
        return false;
    *out = a * b;
    return true;
}

static inline bool gp_size_add(size_t a, size_t b, size_t *out)
{
    if (a > SIZE_MAX - b)
        return false;
    *out = a + b;
    return true;
}

/* ---- arena ---------------------------------------------------------------- */

typedef struct gp_arena_block gp_arena_block;
typedef struct gp_arena {
    gp_arena_block *head;
    size_t total;   /* bytes obtained from GP_MALLOC */
    size_t limit;   /* refuse to grow past this (0 = no limit) */
} gp_arena;

void gp_arena_init(gp_arena *a, size_t limit);
/* Zeroed, 16-byte aligned; NULL when out of memory or past the limit. */
void *gp_arena_alloc(gp_arena *a, size_t size);
/* Reallocation for growing arrays: a new block with the old bytes copied
 * (the old one stays until gp_arena_free; doubling keeps the waste <= 1x). */
void *gp_arena_grow(gp_arena *a, void *old, size_t old_size, size_t new_size);
void gp_arena_free(gp_arena *a);

/* ---- opcodes -------------------------------------------------------------- */

/* An opcode word split into mnemonic and suffixes, ARB/NV-option style:
 * NAME [R|H|X] [C|C0|C1] [_SAT|_SSAT]   (e.g. "MOVRC_SAT", "DP3C1", "TXP"). */
typedef struct gp_opword {
    int op;            /* gp_opcode */
    char prec;         /* 0, 'R', 'H', 'X' */
    uint8_t cc;        /* 0 none, 1 "C", 2 "C0", 3 "C1" */
    uint8_t sat;       /* GP_SAT_* */
    /* NV_gpu_program4 dotted modifiers (".F.CC1.SAT"), filled by the parser: */
    uint8_t type;      /* 0 none, 'F' 'S' 'U' (.F .S .U) */
    uint8_t opmod;     /* GP_OPMOD_* (.S24 .U24 .HI) */
    bool ntc;          /* .NTC */
} gp_opword;

/* Splits an identifier into an opcode and suffixes (structure only: the
 * caller checks profile and modifiers).  Longest mnemonic first, so "DP2A"
 * is DP2A, not DP2 + garbage. */
bool gp_opcode_split(const char *s, int len, gp_opword *w);
/* Modifier bits (GP_MODBIT_*) an opword uses. */
uint32_t gp_opword_mods(const gp_opword *w);

/* ---- tokens --------------------------------------------------------------- */

enum {
    GP_TOK_EOF,
    GP_TOK_IDENT,   /* [A-Za-z_$][A-Za-z0-9_$]* */
    GP_TOK_INT,     /* [0-9]+ */
    GP_TOK_FLOAT,   /* see ARB_vertex_program 2.14.2 <floatConstant> */
    GP_TOK_PUNCT,   /* one of ; , . [ ] { } = + - ( ) | : */
    GP_TOK_DOTDOT,  /* ".." */
    GP_TOK_BAD      /* a character no token starts with */
};

typedef struct gp_token {
    uint8_t kind;
    char punct;        /* GP_TOK_PUNCT */
    bool big;          /* GP_TOK_INT: the value does not fit 32 bits */
    bool hex;          /* GP_TOK_INT written "0x..." (NV_gpu_program4) */
    int pos;           /* byte offset in the source */
    int len;           /* bytes */
    uint32_t ival;     /* GP_TOK_INT value, saturated at UINT32_MAX */
} gp_token;

typedef struct gp_lexer {
    const char *src;
    int len;
    int pos;
    bool hex;          /* NV_gpu_program4: <int> may be "0x" hex digits */
} gp_lexer;

/* Offset of the program header: the first byte after any leading spaces,
 * tabs, CRs and LFs (not comments).  See gp_compile for why whitespace
 * before the header is accepted. */
int gp_lex_header_start(const char *src, int len);
void gp_lex_init(gp_lexer *lx, const char *src, int len, int start);
void gp_lex_next(gp_lexer *lx, gp_token *t);
/* Value of an INT or FLOAT token, correctly rounded to binary32 whatever
 * the C locale (overflow gives +inf, as strtof does). */
float gp_lex_number(const char *src, const gp_token *t);
/* 1-based line and column of a byte offset ("\n", "\r\n" and "\r" end lines). */
void gp_lex_linecol(const char *src, int len, int pos, int *line, int *col);

/* ---- symbols -------------------------------------------------------------- */

enum gp_sym_kind {
    GP_SYM_TEMP, GP_SYM_ADDRESS, GP_SYM_PARAM, GP_SYM_PARAM_ARRAY,
    GP_SYM_ATTRIB, GP_SYM_OUTPUT,
    GP_SYM_BUFFER,     /* NV_parameter_buffer_object BUFFER / BUFFER4 */
    GP_SYM_SUBTYPE,    /* NV5 SUBROUTINETYPE: array = type number */
    GP_SYM_SUBROUTINE, /* NV5 SUBROUTINE variable: index = first row of
                          gp_parse.sub_elem, count, array = type number */
    GP_SYM_TEXTURE,    /* NV5 TEXTURE variable: units index..index+count-1 */
    /* gp_parse.c "memory": byte arrays only memory instructions
     * name (index = first byte, count = bytes, buf / nbuf as for BUFFER) */
    GP_SYM_CBUFFER,    /* NV_parameter_buffer_object2 CBUFFER (LDC) */
    GP_SYM_STORAGE,    /* NV_shader_storage_buffer_object STORAGE (LDB STB ATOMB) */
    GP_SYM_SHARED,     /* NV_compute_program5 SHARED (LDS STS ATOMS) */
    GP_SYM_IMAGE       /* EXT_shader_image_load_store IMAGE: units index..index+count-1 */
};

/* gp_sym.interp: NV_fragment_program4 interpolation modifiers */
enum { GP_INTERP_FLAT = 1, GP_INTERP_CENTROID = 2, GP_INTERP_NOPERSPECTIVE = 4,
       GP_INTERP_SAMPLE = 8 /* NV5 (NV_gpu_program4_1): per-sample interpolation */ };

typedef struct gp_sym {
    const char *name;
    int len;
    uint8_t kind;      /* gp_sym_kind */
    uint8_t size;      /* 0, 'S' SHORT, 'L' LONG (NV_fragment_program) */
    uint8_t clipdist;  /* OUTPUT bound to result.clip[n]: 1 + n%4 */
    int index;         /* temp/address number, param row or array base, slot */
    int count;         /* array length */
    int array;         /* GP_SYM_PARAM_ARRAY: index into gp_parse.arrays */
    int pos;           /* where it was declared */
    /* NV_gpu_program4: */
    uint8_t dtype;     /* 0 typeless, 'F' FLOAT, 'S' INT, 'U' UINT */
    uint8_t interp;    /* GP_INTERP_* (fragment ATTRIB) */
    uint8_t comp;      /* ATTRIB bound to fragment.sampleid / samplemask: 1 + the
                          component of GP_VARY_SAMPLE it reads (0: none) */
    bool is_array;     /* declared with [] (TEMP, ATTRIB, OUTPUT, BUFFER) */
    bool clip;         /* ATTRIB/OUTPUT array of clip distances: index is the
                          first clip number, element k is clip index + k */
    bool per_vertex;   /* geometry ATTRIB bound without vertex[m]: the first
                          index selects the vertex */
    uint8_t vtx;       /* geometry ATTRIB bound to vertex[vtx] */
    uint8_t buf;       /* BUFFER: binding point (the first of nbuf) */
    uint8_t nbuf;      /* NV5 BUFFER bound to program.buffer[a..b]: b - a + 1, else 0 */
    bool vec4;         /* BUFFER4 */
} gp_sym;

/* Open-addressing map from a source slice to a pointer. */
typedef struct gp_map {
    struct gp_map_slot *slots;
    uint32_t cap, count;
} gp_map;

/* ---- parse output --------------------------------------------------------- */

typedef struct gp_pinsn {
    gp_insn in;
    const char *label; /* BRA/CAL: target label name */
    int label_len;
    int label_pos;
    int unit_pos;      /* texture[n] token, for target-conflict errors */
    int target_pos;    /* 1D/2D/... token */
    int src_pos[3];
    int dst_pos;
    uint8_t dst_size;  /* 'S' / 'L' when the destination was declared SHORT / LONG */
    uint8_t src_size[3];
    /* NV_gpu_program4: typed variables the operands name, for the type
     * check (NULL: a binding, a literal or a typeless variable) */
    const gp_sym *dst_sym, *src_sym[3];
    bool ntc;          /* .NTC: no type check */
    int offset_pos;    /* "(" of a texel offset, 0 if none */
    /* NV_gpu_program5 texture operands (parse/nv.c nv5_tex_*): */
    int comp_pos;      /* ".x" component selector of the texture, 0 if none */
    int offreg_pos;    /* "offset" of offset(<operand>), 0 if none */
    int extra_pos;     /* the second vector operand, 0 if none */
} gp_pinsn;

typedef struct gp_plabel {
    const char *name;
    int len;
    int pos;
    int insn;          /* index of the instruction it labels */
    int subnum1;       /* NV5 "label SUBROUTINENUM(n):": n + 1, else 0 */
} gp_plabel;

/* NV5 subroutines (gp_subroutine.c): "SUBROUTINETYPE T { a, b }" members. */
typedef struct gp_psubmember {
    int type;
    const char *label;
    int len, pos;
} gp_psubmember;

typedef struct gp_parray {
    int base, count;
    int pos;
    bool relative;     /* accessed with relative addressing somewhere */
} gp_parray;

/* Everything one compilation builds; one per gp_compile call. */
typedef struct gp_parse {
    const char *src;
    int len;
    gp_stage stage;
    gp_lang lang;
    gp_limits lim;
    gp_error *err;
    jmp_buf fail;
    gp_arena arena;

    gp_lexer lx;
    gp_token tok;       /* current token */
    gp_token prev;      /* last consumed token */

    uint32_t options;   /* GP_OPTION_* */
    uint32_t prof;      /* GP_PROF_* bits of the program's environment */
    uint32_t mods;      /* GP_MODBIT_* the environment allows */
    bool has_cc;        /* condition codes exist (NV options) */
    bool cc01;          /* CC0/CC1, "C0"/"C1", "EQ0".. (NV_vertex_program3) */
    bool has_labels;    /* "name:" statements (NV_vertex_program2 / fp2) */
    int insn_limit;     /* max_instructions less what options take */

    gp_map syms;
    gp_map labelmap;
    gp_map constmap;    /* param binding bytes -> row, for deduplication */

    gp_param_binding *params;
    int *param_array;   /* per row: gp_parray index or -1 */
    int num_params, cap_params;

    gp_parray *arrays;
    int num_arrays, cap_arrays;

    gp_pinsn *insns;
    int num_insns, cap_insns;

    gp_plabel *labels;
    int num_labels, cap_labels;

    int num_temps, num_address;
    uint32_t attr_conv;     /* vertex: slots bound through conventional names */
    uint32_t attr_generic;  /* vertex: slots bound as vertex.attrib[n] */
    int attr_conv_pos[GP_VIN_COUNT], attr_generic_pos[GP_VIN_COUNT];
    uint8_t out_size[64];   /* per output slot: 0 unsized, 'S', 'L' */
    const struct gp_sym *attr_rel_owner[64]; /* NV4 2.X.3.2: the relatively addressed
                                              * attribute array using each slot */
    const struct gp_sym *out_rel_owner[64];  /* NV4 2.X.3.5: the same for result arrays */
    uint64_t inputs_bound;  /* attributes bound explicitly or implicitly */
    uint8_t last_size;      /* SHORT/LONG of the variable the last operand named */
    int end_pos;            /* the END token */

    /* NV_gpu_program4 (!!NVvp4.0 / !!NVfp4.0 / !!NVgp4.0) */
    bool nv4;               /* the language; the fields below are NV4 only */
    bool nv5;               /* !!NV*5.0: also the NV_gpu_program5 additions
                               (GP_PROF_NV5; FEATURES.md HDR.GATE5) */
    bool nv41;              /* !!NV*4.1: NV4 plus TXG, LOD and the ARRAYCUBE
                               targets (GP_PROF_NV41; FEATURES.md HDR.NV41) */
    uint8_t opnd_type;      /* gp_type a literal of the operand being parsed
                               takes (2.X.3.3: constants are typed by use) */
    uint8_t const_type;     /* gp_param_binding.type of such literals */
    uint8_t lit64;          /* NV5: GP_TYPE_F64 / S64 / U64 when the operand
                               being parsed is 64-bit: its literals are exact
                               64-bit pairs of rows (gp_ir.h "64-bit
                               storage", Constants), else 0 */
    const gp_sym *last_sym; /* typed variable the last operand named */
    int gs_prim_in, gs_prim_out, gs_vertices_out; /* gp_prim, VERTICES_OUT */
    int gs_vertices_in;
    int gs_invocations;     /* NV5 INVOCATIONS n; 0 = not declared (one) */
    /* NV_tessellation_program5 declarations (0 = not declared) */
    int tcp_vertices_out;   /* control: VERTICES_OUT */
    uint8_t tess_mode;      /* evaluation: 1 + TRIANGLES QUADS ISOLINES (gp_tess_mode) */
    uint8_t tess_spacing;   /* 1 + EQUAL FRACTIONAL_ODD FRACTIONAL_EVEN */
    uint8_t tess_order;     /* 1 + CW CCW */
    bool tess_point_mode;   /* TESS_POINT_MODE */
    /* memory, compute (gp_parse.c "memory") */
    int cp_group_size[3];   /* GROUP_SIZE; [0] == 0: not declared */
    int cp_shared_size;     /* SHARED_MEMORY n; -1 = not declared */
    int cp_shared_pos;      /* its count token */
    int cp_shared_use_pos;  /* first LDS / STS / ATOMS, 0 = none */
    int cp_shared_max;      /* 1 + the largest SHARED byte a variable binds */
    int cp_shared_max_pos;  /* that binding */
    uint32_t storage_used;  /* program.storage[n] a STORAGE variable binds */
    uint32_t images_used;   /* image units named */
    uint8_t mem_var;        /* GP_SYM_CBUFFER while LDC's operand is parsed, else 0 */
    bool mem_hit;           /* that operand named a CBUFFER variable */
    bool decls_done;        /* a statement other than a declaration was seen */
    uint64_t interp_set;    /* fragment slots an ATTRIB declaration bound */
    uint8_t interp[64];     /* their GP_INTERP_* */
    int interp_pos[64];
    uint64_t interp_mask[4]; /* slots with FLAT, CENTROID, NOPERSPECTIVE, SAMPLE (NV5; [3] also
                                has the GP_VARY_SAMPLE bit when fragment.sampleid is bound) */
    uint8_t buf_kind[GP_MAX_PARAM_BUFFERS]; /* 0, 1 BUFFER, 4 BUFFER4 */
    int gs_vertices_out_pos; /* the VERTICES_OUT count */
    int num_result_components; /* computed by the validator */

    /* NV5 subroutines (gp_subroutine.c) */
    int num_subtypes;
    gp_psubmember *submembers;
    int num_submembers, cap_submembers;
    int32_t *sub_elem;          /* per SUBROUTINE variable element: parameter index */
    int num_sub_elem, cap_sub_elem;
    int16_t *sub_param_type;    /* GP_MAX_SUBROUTINE_PARAMS entries once allocated: type or -1 */
    int num_sub_params;         /* 1 + the largest parameter bound */

    /* Counts the validator computes (the lowering reports them). */
    int num_alu, num_tex, num_tex_indirections, num_distinct_params;
} gp_parse;

/* Records the first error at pos and unwinds to gp_compile (never returns). */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 3, 4)))
#endif
void gp_fail(gp_parse *ps, int pos, const char *fmt, ...);
#if defined(__GNUC__)
__attribute__((noreturn))
#endif
void gp_fail_oom(gp_parse *ps);

/* Arena allocation that unwinds on failure. */
void *gp_alloc(gp_parse *ps, size_t size);
/* Makes room for one more element in a growing array. */
void gp_reserve(gp_parse *ps, void **arr, int *cap, int count, size_t elem);

void *gp_map_get(const gp_map *m, const char *key, int len);
void gp_map_put(gp_parse *ps, gp_map *m, const char *key, int len, void *value);

/* A parameter row for b: an existing row with the same binding, or a new
 * one (no limit check: for rows the front end adds itself). */
int gp_param_intern(gp_parse *ps, const gp_param_binding *b);

/* The passes.  Each unwinds through gp_fail on the first error. */
void gp_parse_program(gp_parse *ps);
void gp_validate_program(gp_parse *ps);
gp_program *gp_lower_program(gp_parse *ps);

/* NV5 subroutines (gp_subroutine.c): the validator's checks (SUBROUTINETYPE
 * labels, recursion through CALI) and the lowering's tables (map[i] = index
 * of text instruction i in the final program, pro the prologue length).
 * gp_lower_subroutines never unwinds: false = out of memory. */
void gp_validate_subroutines(gp_parse *ps);
bool gp_lower_subroutines(const gp_parse *ps, gp_program *p, const int *map, int pro);

/* Text of a parameter binding ("state.matrix.mvp.row[2]", "program.env[3]",
 * "{1, 2, 3, 4}"), as the printer writes it; returns snprintf's count. */
int gp_format_binding(const gp_param_binding *b, char *buf, size_t size);

/* Names shared by the parser's messages and the printer. */
const char *gp_tex_target_name(int target);
const char *gp_cond_name(int cond);

#endif /* GLPROG_GP_PRIV_H */
