/*
 * print/print.h - the disassembler's modules, private to glprog/print/.
 * gp_program_print (glprog.h) writes a gp_program back as program text of
 * its own language, one instruction a line, that gp_compile accepts and
 * that prints identically again (R15).  Any thread (reads the immutable
 * program only).
 *
 *   core.c     the output buffer, the parameter table as PARAM arrays,
 *              OPTION lines, operands, destinations, instructions, labels
 *              and the program body, and gp_program_print, which picks
 *              the dialect of the program's language
 *   bindings.c parameter bindings as text (gp_format_binding) and the
 *              names of the conventional varyings
 *   arb.c      !!ARBvp1.0 / !!ARBfp1.0 and their NV option programs
 *   nv.c       NV_gpu_program4/5: the arrays the text declares, typed
 *              modifiers, texture operands, subroutines
 *   memory.c   NV_gpu_program5 memory and image instructions and the
 *              CBUFFER / STORAGE / SHARED / IMAGE variables they name
 *
 * Names: temporaries R<n>, address registers A<n>, the parameter table as
 * PARAM arrays P<k> split where relative addressing needs an array of its
 * own (so the bounds survive), branch targets L<n> (n = instruction number,
 * prologue excluded) and "main".  Every literal is a table row, so the
 * table is printed in order and rebuilt identically by the parser.  What
 * the front end adds on its own (gp_ir.h: the position-invariant and fog
 * prologues, the fog epilogue, its hidden temporaries and parameter rows)
 * is left out, and writes to the hidden colour temporary print as
 * result.color: the OPTION line brings them all back when the text is
 * compiled again.
 */
#ifndef GLPROG_PRINT_PRINT_H
#define GLPROG_PRINT_PRINT_H

#include <stdio.h>

#include "../gp_priv.h"

/* The text written so far: len counts every byte, also those past size
 * (gp_program_print returns the length the whole text needs). */
typedef struct gp_out {
    char *buf;
    size_t size, len;
} gp_out;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void gp_pr_put(gp_out *o, const char *fmt, ...);
/* put(pr, fmt, ...): gp_pr_put to a gp_printer's output */
#define put(pr, ...) gp_pr_put(&(pr)->o, __VA_ARGS__)

/* A range of slots, elements, temporaries or units that the NV text
 * declares as one variable (nv.c, memory.c). */
typedef struct gp_pr_range {
    int lo, hi;       /* slots / elements / temporaries / units */
    int vtx;          /* inputs: the vertex, -1 = per vertex (indexed) */
    bool array;       /* inputs: an array (rel over lo..hi), else one slot */
    int buf;          /* buffers: the binding point */
    int comp;         /* inputs: the clip distance component of a clip slot;
                         memory: the file; unit arrays: 1 = NV5 TEXTURE */
    int nbuf;         /* buffers: gp_src.nbuf (NV5 program.buffer[a..b]) */
    int lng;          /* inputs: an NV5 LONG ATTRIB (gp_src.hi != 0) */
} gp_pr_range;

/* The arrays an NV_gpu_program4/5 text declares (nv.c nv_collect: long_hi
 * lies in temp_base's allocation, the other range lists in in's). */
typedef struct gp_pr_nv {
    int *temp_base;        /* per temporary: first of its array, -1 none */
    int *long_hi;          /* per temporary: gp_src.hi of the LONG operands whose
                              low word it is (NV5 "64-bit storage"), -1 a
                              32-bit temporary an operand names, 0 none */
    gp_pr_range *in, *outs, *bufs;
    int nin, nout, nbuf;
    gp_pr_range *subs;     /* NV5 SUBROUTINE variables CALI names: element
                              rows lo..hi, array = needs a member */
    int nsub;
    /* the byte ranges memory instructions name (comp = the file:
     * GP_FILE_BUFFER for LDC's CBUFFER, STORAGE, SHARED; printed as
     * M<k>) and the IMAGE / TEXTURE arrays indexed at run time (G<k>) */
    gp_pr_range *mems, *imgs;
    int nmem, nimg;
    int buf_lo[GP_MAX_PARAM_BUFFERS], buf_hi[GP_MAX_PARAM_BUFFERS]; /* absolute elements */
} gp_pr_nv;

typedef struct gp_printer gp_printer;

/* What a language prints its own way.  The program body, operands and
 * instruction shapes are core.c's; a dialect fills in the rest. */
typedef struct gp_pr_dialect {
    /* the register of a relative index: 'A' (ARB address registers) or
     * 'R' (NV integer temporaries) */
    char rel_reg;
    /* the OPTION names this dialect prints (GP_PR_ARB, GP_PR_NV) */
    unsigned option_set;
    /* NV4: the RETs the lowering puts before labels and END (gp_ir.h) are
     * left out and the labels they end at are printed */
    bool lowered_rets;
    /* the tables the declarations need (NULL: none); false when out of
     * memory.  release frees them, also after a failed prepare. */
    bool (*prepare)(gp_printer *pr);
    void (*release)(gp_printer *pr);
    /* header, OPTION lines and declarations */
    void (*declarations)(gp_printer *pr);
    /* the modifiers after the opcode name and precision suffix */
    void (*modifiers)(gp_printer *pr, const gp_insn *in);
    /* a register operand without modifiers or swizzle; value: the same
     * where an operand may also be a literal (NULL: reg) */
    void (*reg)(gp_printer *pr, const gp_src *s);
    void (*value)(gp_printer *pr, const gp_src *s);
    /* the register a destination names, without write mask */
    void (*dst_reg)(gp_printer *pr, const gp_dst *d);
    /* the operands of instructions outside the class shapes (NV5 memory
     * instructions): true when printed (NULL: none) */
    bool (*operands)(gp_printer *pr, const gp_insn *in);
    /* a CALI's subroutine variable (NULL: none) */
    void (*call_target)(gp_printer *pr, const gp_insn *in);
    /* the texture unit, target and offsets after a texture instruction's
     * operands */
    void (*texture)(gp_printer *pr, const gp_insn *in);
} gp_pr_dialect;

enum { GP_PR_ARB = 1, GP_PR_NV = 2 };

/* The parameter table as PARAM arrays: segments of rows. */
typedef struct gp_pr_layout {
    int *seg_of_row;   /* segment per table row */
    int *seg_base;     /* first row per segment */
    int num_segs;
} gp_pr_layout;

struct gp_printer {
    gp_out o;
    const gp_program *p;
    const gp_pr_dialect *d;
    gp_pr_layout l;
    uint8_t *seg_type;     /* per parameter segment: 0 or 'S' 'U' 'F' (NV
                              typed PARAM arrays; NULL: untyped) */
    const gp_insn *insn;   /* the instruction being printed (the type of its
                              NV5 64-bit literals) */
    gp_pr_nv nv;
};

extern const gp_pr_dialect gp_pr_arb, gp_pr_nv4;

/* bindings.c: the name after "result." / "fragment." / "vertex." of a
 * conventional varying slot (position .. pointsize, facing, id), NULL for
 * the others. */
const char *gp_pr_varying_name(int slot);

/* core.c: the rows the program text binds (the prologue's and epilogue's
 * are not printed: the parser adds them again), the segment a row is in. */
int gp_pr_text_params(const gp_program *p);
int gp_pr_seg(const gp_printer *pr, int row);

/* core.c: operands and their parts. */
void gp_pr_rel(gp_printer *pr, int reg, int comp, int off);
void gp_pr_element(gp_printer *pr, bool rel, int reg, int comp, int off);
void gp_pr_swizzle(gp_printer *pr, const uint8_t *swz);
void gp_pr_param(gp_printer *pr, const gp_src *s);
/* -|reg.swizzle| with the register as reg prints it; src: the dialect's */
void gp_pr_operand(gp_printer *pr, const gp_src *s, void (*reg)(gp_printer *pr, const gp_src *s));
void gp_pr_src(gp_printer *pr, const gp_src *s);
void gp_pr_dst(gp_printer *pr, const gp_dst *d);
void gp_pr_cc(gp_printer *pr, const gp_cc_test *cc);
void gp_pr_cc_sat(gp_printer *pr, const gp_insn *in, const char *const words[4]);

/* core.c: the OPTION lines of the options the dialect names, and the
 * PARAM arrays (typed where seg_type says). */
void gp_pr_options(gp_printer *pr);
void gp_pr_param_table(gp_printer *pr);

/* nv.c: the NV dialect's parts that memory.c shares. */
int gp_pr_find_range(const gp_pr_range *r, int n, const gp_pr_range *k);
void gp_pr_add_range(gp_pr_range *r, int *n, gp_pr_range k);
char gp_pr_type_letter(int t);
void gp_pr_nv_buffer_element(gp_printer *pr, const gp_src *s);

/* memory.c: the memory variables and unit arrays of an instruction
 * (collect_memory: false when src is no memory operand), their
 * declarations, the unit of a texture or image instruction, and the memory
 * instructions' modifiers and operands (operands: false for the other
 * instructions). */
void gp_pr_nv_collect_units(gp_printer *pr, const gp_insn *in);
bool gp_pr_nv_collect_memory(gp_printer *pr, const gp_insn *in, const gp_src *src);
void gp_pr_nv_memory_declarations(gp_printer *pr);
void gp_pr_nv_unit(gp_printer *pr, const gp_insn *in, bool texture);
void gp_pr_nv_memory_modifiers(gp_printer *pr, const gp_insn *in);
bool gp_pr_nv_memory_operands(gp_printer *pr, const gp_insn *in);

#endif
