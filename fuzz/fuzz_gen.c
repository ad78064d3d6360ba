/*
 * fuzz_gen.c - valid programs from fuzzer bytes (fuzz_gen.h).
 *
 * A program is built instruction by instruction from a table of opcodes
 * (name, operand shape, NV_gpu_program4 types, the languages that have it,
 * after glprog/gp_opcodes.def).  Flow control keeps its structure valid by
 * construction: IF/ELSE/ENDIF and REP/ENDREP nest, BRK and CONT occur only
 * inside a loop, BRA jumps forward only, CAL calls a subroutine defined
 * after the caller (no recursion), every subroutine ends with RET.  Loops
 * may still run long (REP with a register count, no count at all); the
 * executor's instruction budget bounds them.
 */
#include "fuzz_gen.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned fz_u8(fz_bytes *b)
{
    if (!b->n)
        return 0;
    b->n--;
    return *b->p++;
}

uint32_t fz_u32(fz_bytes *b)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)fz_u8(b) << (8 * i);
    return v;
}

unsigned fz_below(fz_bytes *b, unsigned n)
{
    if (n <= 1)
        return 0;
    if (n <= 256)
        return fz_u8(b) % n;
    return fz_u32(b) % n;
}

/* ---- languages ------------------------------------------------------------ */

/* Language bits an opcode row lists and a program has. */
enum {
    P_AVP = 1 << 0, /* !!ARBvp1.0 */
    P_AFP = 1 << 1, /* !!ARBfp1.0 */
    P_VPX = 1 << 2, /* OPTION NV_vertex_program2 or 3 */
    P_VP3 = 1 << 3, /* OPTION NV_vertex_program3 */
    P_FPX = 1 << 4, /* OPTION NV_fragment_program or 2 */
    P_FP2 = 1 << 5, /* OPTION NV_fragment_program2 */
    P_NV4 = 1 << 6, /* NV_gpu_program4 (NV5 programs have it too) */
    P_NV5 = 1 << 7,
};
#define P_ARB_ALL (P_AVP | P_AFP | P_NV4)
#define P_FP_ALL (P_AFP | P_NV4)
#define P_NVX P_NV4

/* Operand shapes (gp_opcodes.def classes). */
enum {
    S_V1,   /* dst, vector */
    S_V2,   /* dst, vector, vector */
    S_V3,   /* dst, vector, vector, vector */
    S_S1,   /* dst, scalar */
    S_S2,   /* dst, scalar, scalar (POW) */
    S_VS,   /* dst, vector, scalar (DIV SHL SHR MOD) */
    S_SWZ,  /* SWZ extended swizzle */
    S_SCS,  /* dst.xy, scalar */
};

/* Types: F S U bits (NV4/NV5 suffixes). */
enum { T_F = 1, T_S = 2, T_U = 4, T_FI = 7, T_I = 6 };
enum {
    F_SR = 1,     /* scalar result */
    F_FP = 2,     /* fragment programs only */
    F_NOMOD = 4,  /* no modifiers (PK2H ...) */
    F_NOPREC = 8, /* ARB: no R/H/X precision (C and _SAT only) */
    F_NOX = 16,   /* ARB: no X precision */
};

typedef struct fz_op {
    const char *name;
    uint8_t shape, types, flags;
    uint16_t langs;
} fz_op;

static const fz_op ALU[] = {
    { "ABS", S_V1, T_FI, 0, P_ARB_ALL },  { "ADD", S_V2, T_FI, 0, P_ARB_ALL },
    { "DP3", S_V2, T_F, F_SR, P_ARB_ALL }, { "DP4", S_V2, T_F, F_SR, P_ARB_ALL },
    { "DPH", S_V2, T_F, F_SR, P_ARB_ALL }, { "DST", S_V2, T_F, F_NOX, P_ARB_ALL },
    { "EX2", S_S1, T_F, F_SR | F_NOX, P_ARB_ALL }, { "EXP", S_S1, 0, F_NOPREC, P_AVP },
    { "FLR", S_V1, T_FI, 0, P_ARB_ALL },  { "FRC", S_V1, T_F, 0, P_ARB_ALL },
    { "LG2", S_S1, T_F, F_SR | F_NOX, P_ARB_ALL }, { "LIT", S_V1, T_F, F_NOX, P_ARB_ALL },
    { "LOG", S_S1, 0, F_NOPREC, P_AVP },         { "MAD", S_V3, T_FI, 0, P_ARB_ALL },
    { "MAX", S_V2, T_FI, 0, P_ARB_ALL },  { "MIN", S_V2, T_FI, 0, P_ARB_ALL },
    { "MOV", S_V1, T_FI, 0, P_ARB_ALL },  { "MUL", S_V2, T_FI, 0, P_ARB_ALL },
    { "POW", S_S2, T_F, F_SR | F_NOX, P_ARB_ALL }, { "RCP", S_S1, T_F, F_SR | F_NOX, P_ARB_ALL },
    { "RSQ", S_S1, T_F, F_SR | F_NOX, P_ARB_ALL }, { "SGE", S_V2, T_FI, 0, P_ARB_ALL },
    { "SLT", S_V2, T_FI, 0, P_ARB_ALL },  { "SUB", S_V2, T_FI, 0, P_ARB_ALL },
    { "SWZ", S_SWZ, T_F, F_NOX, P_ARB_ALL },  { "XPD", S_V2, T_F, F_NOX, P_ARB_ALL },
    { "CMP", S_V3, T_FI, F_NOPREC, P_FP_ALL },   { "COS", S_S1, T_F, F_SR | F_NOX, P_FP_ALL | P_VPX },
    { "SIN", S_S1, T_F, F_SR | F_NOX, P_FP_ALL | P_VPX }, { "SCS", S_SCS, T_F, F_NOX, P_FP_ALL },
    { "LRP", S_V3, T_F, 0, P_FP_ALL },
    { "SEQ", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX }, { "SFL", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX },
    { "SGT", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX }, { "SLE", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX },
    { "SNE", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX }, { "STR", S_V2, T_FI, 0, P_VPX | P_FPX | P_NVX },
    { "SSG", S_V1, T_F, F_NOX, P_VPX | P_NVX }, { "RCC", S_S1, T_F, F_SR | F_NOX, P_VPX | P_NVX },
    { "DDX", S_V1, T_F, F_FP | F_NOX, P_FPX | P_NVX }, { "DDY", S_V1, T_F, F_FP | F_NOX, P_FPX | P_NVX },
    { "DIV", S_VS, T_FI, F_NOX, P_FP2 | P_NVX }, { "DP2", S_V2, T_F, F_SR, P_FP2 | P_NVX },
    { "DP2A", S_V3, T_F, F_SR, P_FP2 | P_NVX }, { "NRM", S_V1, T_F, F_NOX, P_FP2 | P_NVX },
    { "RFL", S_V2, T_F, F_NOX, P_FPX | P_NVX }, { "X2D", S_V3, T_F, F_NOX, P_FPX | P_NVX },
    { "PK2H", S_V1, T_F, F_SR | F_NOMOD, P_FPX | P_NVX }, { "PK2US", S_V1, T_F, F_SR | F_NOMOD, P_FPX | P_NVX },
    { "PK4B", S_V1, T_F, F_SR | F_NOMOD, P_FPX | P_NVX }, { "PK4UB", S_V1, T_F, F_SR | F_NOMOD, P_FPX | P_NVX },
    { "UP2H", S_S1, T_F, F_NOPREC, P_FPX | P_NVX }, { "UP2US", S_S1, T_F, F_NOPREC, P_FPX | P_NVX },
    { "UP4B", S_S1, T_F, F_NOPREC, P_FPX | P_NVX }, { "UP4UB", S_S1, T_F, F_NOPREC, P_FPX | P_NVX },
    { "AND", S_V2, T_I, 0, P_NVX }, { "OR", S_V2, T_I, 0, P_NVX }, { "XOR", S_V2, T_I, 0, P_NVX },
    { "NOT", S_V1, T_I, 0, P_NVX }, { "SHL", S_VS, T_I, 0, P_NVX }, { "SHR", S_VS, T_I, 0, P_NVX },
    { "MOD", S_VS, T_I, 0, P_NVX }, { "CEIL", S_V1, T_FI, 0, P_NVX },
    { "ROUND", S_V1, T_FI, 0, P_NVX }, { "TRUNC", S_V1, T_FI, 0, P_NVX },
    { "I2F", S_V1, T_I, 0, P_NVX }, { "SAD", S_V3, T_I, 0, P_NVX },
    { "BFE", S_V2, T_I, 0, P_NV5 }, { "BFI", S_V3, T_I, 0, P_NV5 }, { "BFR", S_V1, T_I, 0, P_NV5 },
    { "BTC", S_V1, T_I, 0, P_NV5 }, { "BTFL", S_V1, T_I, 0, P_NV5 }, { "BTFM", S_V1, T_I, 0, P_NV5 },
    { "TGALL", S_V1, T_FI, 0, P_NV5 }, { "TGANY", S_V1, T_FI, 0, P_NV5 },
    { "TGEQ", S_V1, T_FI, 0, P_NV5 }, { "TGBALLOT", S_V1, T_I, 0, P_NV5 },
    { "QSWZ0", S_V2, T_F, F_FP | F_NOMOD, P_NV5 }, { "QSWZ1", S_V2, T_F, F_FP | F_NOMOD, P_NV5 },
    { "QSWZ2", S_V2, T_F, F_FP | F_NOMOD, P_NV5 }, { "QSWZ3", S_V2, T_F, F_FP | F_NOMOD, P_NV5 },
    { "QSWZX", S_V2, T_F, F_FP | F_NOMOD, P_NV5 }, { "QSWZY", S_V2, T_F, F_FP | F_NOMOD, P_NV5 },
};
#define N_ALU (sizeof ALU / sizeof ALU[0])

/* ---- the program being built --------------------------------------------- */

#define NTEMP 8
#define NPARAM 8 /* PARAM c[NPARAM] = { program.env[0..NPARAM-1] } */

typedef struct gen {
    fz_bytes *b;
    char *buf;
    size_t len, cap;
    bool oom;
    gp_stage stage;
    bool fp;          /* fragment program */
    int nv;           /* 0 ARB, 4, 5 */
    unsigned langs;   /* P_* bits the program has */
    bool cc;          /* condition codes exist (NV options or NV4/5) */
    bool rel;         /* relative addressing of c[] */
    int depth;        /* IF/REP nesting */
    int loops;        /* REP nesting */
    int labels;       /* forward labels made */
    int insns;
    int nsubs;        /* subroutines (ARB NV options, NV4/5) */
    int cur_sub;      /* -1: main */
    int pending_label; /* forward BRA target to place, -1 none */
    bool u31;         /* unsigned literals below 2^31 (they also serve as signed) */
} gen;

static void emit(gen *g, const char *fmt, ...)
{
    if (g->oom)
        return;
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
        va_end(ap);
        if (n < 0) {
            g->oom = true;
            return;
        }
        if (g->len + (size_t)n < g->cap) {
            g->len += (size_t)n;
            return;
        }
        size_t cap = g->cap * 2 + (size_t)n + 64;
        char *nb = realloc(g->buf, cap);
        if (!nb) {
            g->oom = true;
            return;
        }
        g->buf = nb;
        g->cap = cap;
    }
}

static unsigned pick(gen *g, unsigned n) { return fz_below(g->b, n); }
static bool coin(gen *g, unsigned one_in) { return pick(g, one_in) == 0; }

static const char *const COMP = "xyzw";

static void swizzle(gen *g, bool scalar)
{
    if (scalar) {
        emit(g, ".%c", COMP[pick(g, 4)]);
        return;
    }
    switch (pick(g, 4)) {
    case 0: break; /* .xyzw */
    case 1: emit(g, ".%c", COMP[pick(g, 4)]); break;
    default:
        emit(g, ".%c%c%c%c", COMP[pick(g, 4)], COMP[pick(g, 4)], COMP[pick(g, 4)], COMP[pick(g, 4)]);
    }
}

static void writemask(gen *g)
{
    unsigned m = pick(g, 16);
    if (m == 0 || m == 15)
        return;
    emit(g, ".");
    for (int c = 0; c < 4; c++)
        if (m & (1u << c))
            emit(g, "%c", COMP[c]);
}

/* A literal: type 'F' float, 'S' signed, 'U' unsigned. */
static void literal_scalar(gen *g, char type)
{
    unsigned v = pick(g, 256);
    if (type == 'U')
        emit(g, "%u", v < 200 ? v % 40 : fz_u32(g->b) >> (g->u31 ? 1 : 0));
    else if (type == 'S')
        emit(g, "%d", v < 200 ? (int)(v % 40) - 20 : (int)(fz_u32(g->b) >> 1));
    else {
        static const char *const F[] = { "0", "1", "0.5", "2", "-1", "3.75", "1e10", "-0.25",
                                         "1e-30", "100", "0.1", "-7" };
        emit(g, "%s", F[v % 12]);
    }
}

static void literal(gen *g, char type, bool scalar)
{
    if (scalar) { /* a scalar operand names its component: {v}.x */
        emit(g, "{");
        literal_scalar(g, type);
        emit(g, "}.x");
        return;
    }
    emit(g, "{");
    for (int c = 0; c < 4; c++) {
        if (c)
            emit(g, ", ");
        literal_scalar(g, type);
    }
    emit(g, "}");
}

/* An input attribute of the stage. */
static void attrib(gen *g)
{
    if (g->fp) {
        static const char *const A[] = { "fragment.texcoord[0]", "fragment.texcoord[1]",
                                         "fragment.color", "fragment.position" };
        emit(g, "%s", A[pick(g, 4)]);
    } else {
        static const char *const A[] = { "vertex.position", "vertex.attrib[1]", "vertex.attrib[2]",
                                         "vertex.color" };
        emit(g, "%s", A[pick(g, 4)]);
    }
}

/* A source operand of an instruction of type `type` (0 for ARB). */
static void source(gen *g, char type, bool scalar)
{
    bool neg = type != 'U' && coin(g, 4);
    bool absv = g->nv && coin(g, 6);
    unsigned k = pick(g, 16);
    if (k >= 13) { /* literal (negative numbers inside): no swizzle */
        literal(g, type ? type : 'F', scalar);
        return;
    }
    if (neg)
        emit(g, "-");
    if (absv)
        emit(g, "|");
    if (k < 8)
        emit(g, "R%u", pick(g, NTEMP));
    else if (k < 10)
        attrib(g);
    else if (k == 10 && g->rel)
        emit(g, "c[A0.x + %u]", pick(g, NPARAM));
    else if (k <= 11)
        emit(g, "c[%u]", pick(g, NPARAM));
    else
        emit(g, "program.local[%u]", 1 + pick(g, 7));
    swizzle(g, scalar);
    if (absv)
        emit(g, "|");
}

/* The condition of IF / BRK / BRA / a conditional write. */
static void cond(gen *g)
{
    static const char *const C[] = { "EQ", "GE", "GT", "LE", "LT", "NE", "TR", "FL" };
    emit(g, "%s", C[pick(g, 8)]);
    if (g->nv && coin(g, 3))
        emit(g, "%d", (int)pick(g, 2));
    swizzle(g, coin(g, 2));
}

static void dest(gen *g, bool scalar_mask_ok)
{
    emit(g, "R%u", pick(g, NTEMP));
    writemask(g);
    if (g->cc && coin(g, 5)) {
        emit(g, " (");
        cond(g);
        emit(g, ")");
    }
}

/* The opcode with its modifiers; returns the type letter used (0 ARB). */
static char opcode(gen *g, const fz_op *op)
{
    char type = 0;
    emit(g, "%s", op->name);
    if (g->nv) {
        if (op->types) {
            unsigned cand[3], nc = 0;
            for (unsigned i = 0; i < 3; i++)
                if (op->types & (1u << i))
                    cand[nc++] = 1u << i;
            unsigned t = cand[pick(g, nc)];
            type = t == T_F ? 'F' : t == T_S ? 'S' : 'U';
            if (type != 'F' || coin(g, 2))
                emit(g, ".%c", type);
        }
        if (op->flags & F_NOMOD)
            return type;
        if (g->cc && coin(g, 4))
            emit(g, ".CC%s", coin(g, 2) ? "" : (coin(g, 2) ? "0" : "1"));
        if (type == 'F' && coin(g, 6))
            emit(g, coin(g, 2) ? ".SAT" : ".SSAT");
        return type;
    }
    if (op->flags & F_NOMOD)
        return 'F';
    if (g->fp && (g->langs & P_FPX) && !(op->flags & F_NOPREC) && coin(g, 6))
        emit(g, "%c", "RHX"[pick(g, (op->flags & F_NOX) ? 2 : 3)]);
    if (g->cc && coin(g, 4))
        emit(g, "C");
    if ((g->fp || (g->langs & P_VP3)) && coin(g, 6))
        emit(g, "_SAT");
    return 'F';
}

static void alu(gen *g)
{
    /* choose among the rows the program's language has (never loops on
     * exhausted input: picks are 0 then) */
    const fz_op *cand[N_ALU];
    unsigned nc = 0;
    for (unsigned i = 0; i < N_ALU; i++)
        if ((ALU[i].langs & g->langs) && (!(ALU[i].flags & F_FP) || g->fp))
            cand[nc++] = &ALU[i];
    const fz_op *op = cand[pick(g, nc)];
    if (op->shape == S_SWZ) {
        emit(g, "SWZ");
        if (g->nv && coin(g, 2))
            emit(g, ".F");
        emit(g, " ");
        dest(g, true);
        emit(g, ", R%u", pick(g, NTEMP));
        for (int c = 0; c < 4; c++) {
            static const char *const X[] = { "x", "y", "z", "w", "0", "1", "-x", "-1" };
            emit(g, ", %s", X[pick(g, 8)]);
        }
        emit(g, ";\n");
        return;
    }
    char type = opcode(g, op);
    emit(g, " ");
    if (op->shape == S_SCS)
        emit(g, "R%u.%s", pick(g, NTEMP), coin(g, 2) ? "xy" : "x");
    else
        dest(g, true);
    char st = g->nv ? type : 0;
    if (g->nv && !strcmp(op->name, "SAD"))
        st = 'U'; /* its third operand is unsigned; non-negative literals suit all three */
    g->u31 = st == 'U' && type == 'S';
    switch (op->shape) {
    case S_V1: emit(g, ", "); source(g, st, false); break;
    case S_V2:
        emit(g, ", "); source(g, st, false);
        emit(g, ", "); source(g, st, false);
        break;
    case S_V3:
        emit(g, ", "); source(g, st, false);
        emit(g, ", "); source(g, st, false);
        emit(g, ", "); source(g, st, false);
        break;
    case S_S1: case S_SCS: emit(g, ", "); source(g, st, true); break;
    case S_S2:
        emit(g, ", "); source(g, st, true);
        emit(g, ", "); source(g, st, true);
        break;
    case S_VS:
        emit(g, ", "); source(g, st, false);
        emit(g, ", "); source(g, st, true);
        break;
    }
    emit(g, ";\n");
}

/* ---- textures ------------------------------------------------------------- */

static const char *const UNIT_TARGET[FZ_UNITS] = { "2D", "3D", "CUBE", "SHADOW2D", "RECT", "1D",
                                                   "ARRAY2D", "BUFFER" };

static void tex(gen *g)
{
    unsigned units = g->nv ? FZ_UNITS : FZ_UNITS - 2;
    unsigned u = pick(g, units);
    if (u == FZ_UNIT_SHADOW2D && !g->fp && !g->nv)
        u = FZ_UNIT_2D; /* the shadow option is fp only */
    const char *tgt = UNIT_TARGET[u];
    static const char *const OPS[] = { "TEX", "TXP", "TXB", "TXL", "TXD", "TXF", "TXQ", "TXG", "LOD" };
    unsigned cand[9], nc = 0;
    for (unsigned k = 0; k < 9; k++) {
        if (u == FZ_UNIT_BUFFER && k != 5 && k != 6)
            continue; /* buffer textures: TXF, TXQ */
        if (k == 2 && !g->fp && !g->nv && !(g->langs & P_VP3))
            continue;
        if (k == 3 && !(g->langs & (P_FP2 | P_VP3 | P_NV4)))
            continue;
        if (k == 4 && !(g->langs & (P_FPX | P_NV4)))
            continue;
        if ((k == 5 || k == 6) && !g->nv)
            continue;
        if (k == 5 && (u == FZ_UNIT_CUBE || u == FZ_UNIT_SHADOW2D))
            continue;
        if ((k == 7 || k == 8) && g->nv != 5)
            continue;
        if (k == 7 && (u == FZ_UNIT_3D || u == FZ_UNIT_1D || u == FZ_UNIT_RECT))
            continue;
        if (k == 8 && (u == FZ_UNIT_RECT || !g->fp))
            continue;
        cand[nc++] = k;
    }
    if (!nc) { /* no texture instruction fits: an ALU one instead */
        alu(g);
        return;
    }
    const char *name = OPS[cand[pick(g, nc)]];
    bool integer = !strcmp(name, "TXF") || !strcmp(name, "TXQ");
    emit(g, "%s", name);
    if (g->nv && !integer && strcmp(name, "LOD") && coin(g, 3))
        emit(g, ".%c", "FSU"[pick(g, 3)]);
    emit(g, " ");
    dest(g, false);
    emit(g, ", ");
    if (!strcmp(name, "TXQ"))
        source(g, 'S', true);
    else
        source(g, !strcmp(name, "TXF") ? 'S' : (g->nv ? 'F' : 0), false);
    if (!strcmp(name, "TXD")) {
        emit(g, ", ");
        source(g, g->nv ? 'F' : 0, false);
        emit(g, ", ");
        source(g, g->nv ? 'F' : 0, false);
    }
    emit(g, ", texture[%u], %s", u, tgt);
    if (g->nv && u != FZ_UNIT_BUFFER && u != FZ_UNIT_CUBE && strcmp(name, "TXQ") &&
        strcmp(name, "LOD") && coin(g, 4))
    {
        /* constant texel offsets: as many as the target has dimensions */
        int dims = u == FZ_UNIT_3D ? 3 : u == FZ_UNIT_1D ? 1 : 2;
        int o[3] = { 0, 0, 0 };
        for (int i = 0; i < dims; i++)
            o[i] = (int)pick(g, 16) - 8;
        emit(g, ", (%d,%d,%d)", o[0], o[1], o[2]);
    }
    emit(g, ";\n");
}

/* ---- memory (NV5) --------------------------------------------------------- */

static const char *const MEM_TYPES[] = { "S8", "U8", "S16", "U16", "F16", "F32", "S32", "U32",
                                         "F32X2", "F32X4", "S32X2", "U32X4", "F16X2", "F16X4",
                                         "U8X4", "S16X4" };

/* R<a>.x = an address: inside the buffer, near it, or a wild one. */
static unsigned address(gen *g)
{
    unsigned a = pick(g, NTEMP);
    switch (pick(g, 4)) {
    case 0:
        emit(g, "ADD.U R%u.x, program.local[0].x, %u;\n", a, pick(g, FZ_MEM_BYTES / 4) * 4);
        break;
    case 1: /* per lane, partly outside the buffer */
        emit(g, "AND.U R%u.x, R%u.x, %u;\n", a, pick(g, NTEMP), 0x1fcu | pick(g, 4));
        emit(g, "ADD.U R%u.x, R%u.x, program.local[0].x;\n", a, a);
        break;
    case 2:
        emit(g, "ADD.U R%u.x, program.local[0].x, %u;\n", a, fz_u32(g->b) & 0x3ff);
        break;
    default: /* whatever the register holds */
        break;
    }
    return a;
}

/* Storage buffer sb (program.storage[0], FZ_STORAGE_BYTES) and image
 * units 0 (2D RGBA8) and 1 (2D R32UI): offsets and coordinates from
 * registers, in range or not. */
static void memory_views(gen *g, unsigned k)
{
    static const char *const AOP[] = { "ADD", "MIN", "MAX", "AND", "OR", "XOR", "EXCH", "CSWAP" };
    unsigned a = pick(g, NTEMP);
    emit(g, "AND.U R%u.x, R%u.x, %u;\n", a, pick(g, NTEMP), coin(g, 4) ? 0xffffffffu : 0x7cu | pick(g, 4));
    switch (k) {
    case 0:
        emit(g, "LDB.%s ", MEM_TYPES[pick(g, 16)]);
        dest(g, false);
        emit(g, ", sb[R%u.x];\n", a);
        break;
    case 1:
        emit(g, "STB.%s R%u, sb[R%u.x];\n", MEM_TYPES[pick(g, 16)], pick(g, NTEMP), a);
        break;
    case 2:
        emit(g, "ATOMB.%s.%s R%u, R%u, sb[R%u.x];\n", AOP[pick(g, 8)], coin(g, 2) ? "U32" : "S32",
             pick(g, NTEMP), pick(g, NTEMP), a);
        break;
    case 3:
        emit(g, "LOADIM.%s ", MEM_TYPES[pick(g, 16)]);
        dest(g, false);
        emit(g, ", R%u, image[%u], 2D;\n", pick(g, NTEMP), pick(g, 2));
        break;
    case 4:
        if (coin(g, 2))
            emit(g, "STOREIM.%s image[%u], R%u, R%u, 2D;\n", MEM_TYPES[pick(g, 16)], pick(g, 2),
                 pick(g, NTEMP), pick(g, NTEMP));
        else
            emit(g, "STOREIM.%c image[%u], R%u, R%u, 2D;\n", "FSU"[pick(g, 3)], pick(g, 2),
                 pick(g, NTEMP), pick(g, NTEMP));
        break;
    default:
        emit(g, "ATOMIM.%s.U32 R%u, R%u, R%u, image[1], 2D;\n", AOP[pick(g, 8)], pick(g, NTEMP),
             pick(g, NTEMP), pick(g, NTEMP));
        break;
    }
}

static void memory(gen *g)
{
    unsigned k = pick(g, 8);
    if (k == 3) {
        emit(g, "MEMBAR;\n");
        return;
    }
    if (k >= 4) {
        memory_views(g, k - 4 + (coin(g, 2) ? 2 : 0));
        return;
    }
    unsigned a = address(g);
    if (k == 0) {
        emit(g, "LOAD.%s ", MEM_TYPES[pick(g, 16)]);
        dest(g, false);
        emit(g, ", R%u.x;\n", a);
    } else if (k == 1) {
        emit(g, "STORE.%s R%u, R%u.x;\n", MEM_TYPES[pick(g, 16)], pick(g, NTEMP), a);
    } else {
        static const char *const AOP[] = { "ADD", "MIN", "MAX", "IWRAP", "DWRAP", "AND", "OR",
                                           "XOR", "EXCH", "CSWAP" };
        unsigned o = pick(g, 10);
        const char *t = coin(g, 2) ? "U32" : "S32";
        if ((o == 3 || o == 4) && t[0] == 'S')
            t = "U32";
        emit(g, "ATOM.%s.%s R%u, R%u, R%u.x;\n", AOP[o], t, pick(g, NTEMP), pick(g, NTEMP), a);
    }
}

static void block(gen *g, int budget);

/* NV5 conversions and 64-bit values (LONG TEMP L0), interpolation (IPA*,
 * fragment programs); NV_vertex_program3's address stack. */
static void extra(gen *g)
{
    static const char *const CT[] = { "F16", "F32", "S8", "S16", "S32", "U8", "U16", "U32" };
    unsigned k = pick(g, 7);
    if (g->nv == 5 && k == 6) {
        /* NV_shader_thread_shuffle: (value, valid) = SHF* value, index, mask */
        static const char *const S[] = { "SHFDOWN", "SHFIDX", "SHFUP", "SHFXOR" };
        emit(g, "%s.%c R%u.xy, R%u.%c, R%u.%c, ", S[pick(g, 4)], "FSU"[pick(g, 3)], pick(g, NTEMP),
             pick(g, NTEMP), COMP[pick(g, 4)], pick(g, NTEMP), COMP[pick(g, 4)]);
        literal(g, 'U', true);
        emit(g, ";\n");
    } else if (g->nv == 5 && k == 0) {
        emit(g, "CVT.%s.%s", CT[pick(g, 8)], CT[pick(g, 8)]);
        if (coin(g, 3))
            emit(g, ".%s", (const char *[]){ "FLR", "CEIL", "TRUNC", "ROUND" }[pick(g, 4)]);
        emit(g, " ");
        dest(g, false);
        emit(g, ", R%u", pick(g, NTEMP));
        swizzle(g, false);
        emit(g, ";\n");
    } else if (g->nv == 5 && k == 1) {
        emit(g, "PK64.%c L0, R%u;\n", "FSU"[pick(g, 3)], pick(g, NTEMP));
    } else if (g->nv == 5 && k == 2) {
        emit(g, "UP64.%c R%u, L0;\n", "FSU"[pick(g, 3)], pick(g, NTEMP));
    } else if (g->nv == 5 && k == 3) {
        if (coin(g, 2))
            emit(g, "CVT.F64.%s L0, R%u;\n", CT[pick(g, 8)], pick(g, NTEMP));
        else
            emit(g, "CVT.%s.F64 R%u, L0;\n", CT[pick(g, 8)], pick(g, NTEMP));
    } else if (g->nv == 5 && g->fp && k == 4) {
        static const char *const A[] = { "fragment.texcoord[0]", "fragment.texcoord[1]",
                                         "fragment.color" };
        unsigned m = pick(g, 3);
        emit(g, "%s R%u, %s", m == 0 ? "IPAC" : m == 1 ? "IPAO" : "IPAS", pick(g, NTEMP), A[pick(g, 3)]);
        if (m == 1)
            emit(g, ", R%u", pick(g, NTEMP));
        else if (m == 2)
            emit(g, ", R%u.%c", pick(g, NTEMP), COMP[pick(g, 4)]);
        emit(g, ";\n");
    } else if (g->nv == 5 && k == 5) {
        unsigned u = coin(g, 2) ? FZ_UNIT_2D : FZ_UNIT_ARRAY2D;
        emit(g, "TXGO R%u, R%u, R%u, R%u, texture[%u], %s;\n", pick(g, NTEMP), pick(g, NTEMP),
             pick(g, NTEMP), pick(g, NTEMP), u, u == FZ_UNIT_2D ? "2D" : "ARRAY2D");
    } else if ((g->langs & P_VP3) && k < 2) {
        emit(g, "PUSHA A0;\n");
        block(g, 3);
        emit(g, "POPA A0;\n");
    } else {
        alu(g);
    }
}

/* ---- flow control ---------------------------------------------------------- */

static void flow(gen *g, int budget)
{
    bool has_if = g->langs & (P_FP2 | P_NV4);
    bool has_bra = !g->fp && !g->nv && (g->langs & P_VPX);
    unsigned k = pick(g, 6);
    if (k == 0 && has_if && g->depth < 4) {
        emit(g, "IF ");
        cond(g);
        emit(g, ";\n");
        g->depth++;
        block(g, budget / 2);
        if (coin(g, 2)) {
            emit(g, "ELSE;\n");
            block(g, budget / 2);
        }
        g->depth--;
        emit(g, "ENDIF;\n");
    } else if (k == 1 && has_if && g->depth < 4 && !((g->langs & P_FP2) && coin(g, 3))) {
        /* REP with a small constant count, a register count, or none (NV4) */
        unsigned c = pick(g, 4);
        if (c == 0 && g->nv)
            emit(g, "REP;\n");
        else if (c == 1 && g->nv) {
            emit(g, "REP ");
            source(g, 'F', true);
            emit(g, ";\n");
        } else if (c == 1)
            emit(g, "REP c[%u].%c;\n", pick(g, NPARAM), COMP[pick(g, 4)]); else if (g->nv && c == 2)
            emit(g, "REP.S {%u};\n", pick(g, 6));
        else
            emit(g, "REP {%u};\n", pick(g, 6));
        g->depth++;
        g->loops++;
        block(g, budget / 2);
        if (c == 0 && g->nv) /* a REP without a count needs a BRK */
            emit(g, "BRK (%s.x);\n", coin(g, 2) ? "TR" : "NE");
        g->loops--;
        g->depth--;
        emit(g, "ENDREP;\n");
    } else if (k == 1 && (g->langs & P_FP2) && g->depth < 4) {
        /* NV_fragment_program2 LOOP {count, A0.x start, increment} */
        emit(g, "LOOP {%u, %d, %d};\n", pick(g, 5), (int)pick(g, 8) - 2, (int)pick(g, 5) - 2);
        g->depth++;
        g->loops++;
        block(g, budget / 2);
        g->loops--;
        g->depth--;
        emit(g, "ENDLOOP;\n");
    } else if (k == 2 && g->loops) {
        bool cont = g->nv && coin(g, 2);
        emit(g, "%s", cont ? "CONT" : "BRK");
        if (coin(g, 3) || !g->cc) {
            emit(g, ";\n");
        } else {
            emit(g, " (");
            cond(g);
            emit(g, ");\n");
        }
    } else if (k == 3 && g->nsubs && g->cur_sub + 1 < g->nsubs) {
        int s = g->cur_sub + 1 + (int)pick(g, (unsigned)(g->nsubs - g->cur_sub - 1));
        emit(g, "CAL S%d", s);
        if (g->cc && coin(g, 2)) {
            emit(g, " (");
            cond(g);
            emit(g, ")");
        }
        emit(g, ";\n");
    } else if (k == 4 && has_bra && g->depth == 0 && g->pending_label < 0) {
        /* forward branch to a label placed later in the same block */
        g->pending_label = g->labels++;
        emit(g, "BRA F%d", g->pending_label);
        if (g->cc) {
            emit(g, " (");
            cond(g);
            emit(g, ")");
        }
        emit(g, ";\n");
    } else if (k == 5 && g->cur_sub >= 0 && g->cc) {
        emit(g, "RET (");
        cond(g);
        emit(g, ");\n");
    } else {
        alu(g);
    }
}

static void statement(gen *g, int budget)
{
    g->insns++;
    unsigned k = pick(g, 16);
    bool texok = g->fp || g->nv || (g->langs & P_VP3);
    if (k < 9)
        alu(g);
    else if (k < 11 && texok)
        tex(g);
    else if (k == 12 && (g->nv == 5 || (g->langs & P_VP3)) && coin(g, 2))
        extra(g);
    else if (k < 13 && g->nv == 5)
        memory(g);
    else if (k == 13 && g->fp)
        emit(g, "KIL %s;\n", g->cc && coin(g, 2) ? "NE.x" : "-R7");
    else if (k == 14 && g->rel) {
        if (g->nv)
            emit(g, "%s A0.x, R%u.x;\n", coin(g, 2) ? "FLR.S" : "ROUND.S", pick(g, NTEMP));
        else
            emit(g, "%s A0.x, R%u.%c;\n", (g->langs & P_VPX) && coin(g, 2) ? "ARR" : "ARL",
                 pick(g, NTEMP), COMP[pick(g, 4)]);
    } else
        flow(g, budget);
}

static void block(gen *g, int budget)
{
    int n = (int)pick(g, (unsigned)budget + 1);
    for (int i = 0; i < n && g->insns < 80; i++) {
        statement(g, budget);
        if (g->pending_label >= 0 && g->depth == 0 && coin(g, 3)) {
            emit(g, "F%d:\n", g->pending_label);
            g->pending_label = -1;
        }
    }
}

/* ---- the whole program ------------------------------------------------------ */

int fz_gen_program(fz_bytes *b, fz_program *out)
{
    gen g0 = { 0 }, *g = &g0;
    g->b = b;
    g->cap = 1024;
    g->buf = malloc(g->cap);
    g->cur_sub = -1;
    g->pending_label = -1;
    if (!g->buf)
        return -1;
    g->buf[0] = 0;
    unsigned lang = pick(g, 8);
    g->fp = lang & 1;
    g->stage = g->fp ? GP_STAGE_FRAGMENT : GP_STAGE_VERTEX;
    g->nv = lang < 4 ? 0 : lang < 6 ? 4 : 5;
    if (!g->nv) {
        emit(g, g->fp ? "!!ARBfp1.0\nOPTION ARB_fragment_program_shadow;\n" : "!!ARBvp1.0\n");
        g->langs = g->fp ? P_AFP : P_AVP;
        unsigned o = pick(g, 3); /* 0: plain, 1: NV option, 2: NV option 2/3 */
        if (o) {
            if (g->fp) {
                emit(g, o == 1 ? "OPTION NV_fragment_program;\n" : "OPTION NV_fragment_program2;\n");
                g->langs |= P_FPX | (o == 2 ? P_FP2 : 0);
            } else {
                emit(g, o == 1 ? "OPTION NV_vertex_program2;\n" : "OPTION NV_vertex_program3;\n");
                g->langs |= P_VPX | (o == 2 ? P_VP3 : 0);
            }
            g->cc = true;
        }
        g->rel = !g->fp;
    } else {
        static const char *const H[2][2] = { { "!!NVvp4.0\n", "!!NVfp4.0\n" },
                                             { "!!NVvp5.0\n", "!!NVfp5.0\n" } };
        emit(g, "%s", H[g->nv == 5][g->fp]);
        g->langs = P_NV4 | (g->nv == 5 ? P_NV5 : 0);
        g->cc = true;
        g->rel = true;
        if (g->nv == 5)
            emit(g, "OPTION NV_shader_thread_group;\nOPTION NV_shader_thread_shuffle;\n"
                    "OPTION NV_gpu_program5_mem_extended;\nOPTION NV_shader_storage_buffer;\n"
                    "STORAGE sb[] = { program.storage[0] };\n");
    }
    emit(g, "TEMP R0, R1, R2, R3, R4, R5, R6, R7;\n");
    if (g->nv == 5)
        emit(g, "LONG TEMP L0;\n");
    emit(g, "PARAM c[%d] = { program.env[0..%d] };\n", NPARAM, NPARAM - 1);
    if (g->rel)
        emit(g, g->nv ? "INT TEMP A0;\n" : "ADDRESS A0;\n");
    if (g->langs & (P_VPX | P_FP2 | P_NV4))
        g->nsubs = (int)pick(g, 3);
    /* registers start from the inputs, so that values are not all zero */
    emit(g, "MOV R0, %s;\n", g->fp ? "fragment.texcoord[0]" : "vertex.attrib[1]");
    emit(g, "MOV R1, %s;\n", g->fp ? "fragment.texcoord[1]" : "vertex.attrib[2]");
    block(g, 24);
    if (g->pending_label >= 0)
        emit(g, "F%d:\n", g->pending_label);
    g->pending_label = -1;
    if (g->fp) {
        emit(g, "MOV result.color, R%u;\n", pick(g, NTEMP));
        if (coin(g, 3))
            emit(g, "MOV result.depth.z, R%u.x;\n", pick(g, NTEMP));
    } else {
        emit(g, "MOV result.position, R%u;\n", pick(g, NTEMP));
        emit(g, "MOV result.color, R%u;\n", pick(g, NTEMP));
        emit(g, "MOV result.texcoord[0], R%u;\n", pick(g, NTEMP));
    }
    if (g->nsubs) {
        emit(g, "RET;\n");
        for (int s = 0; s < g->nsubs; s++) {
            g->cur_sub = s;
            emit(g, "S%d:\n", s);
            block(g, 8);
            if (g->pending_label >= 0)
                emit(g, "F%d:\n", g->pending_label);
            g->pending_label = -1;
            emit(g, "RET;\n");
        }
    }
    emit(g, "END\n");
    if (g->oom) {
        free(g->buf);
        return -1;
    }
    out->stage = g->stage;
    out->text = g->buf;
    out->len = g->len;
    return 0;
}

void fz_program_free(fz_program *p)
{
    free(p->text);
    p->text = NULL;
}
