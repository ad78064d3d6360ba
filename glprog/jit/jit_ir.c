/*
 * jit/jit_ir.c - glprog IR to LLVM IR: one function per program over the
 * 16 lanes of a task (jit.h says what it covers and why lanes outside the
 * execution mask need no masking except at outputs, KIL, derivatives and
 * the sampler).  Each case below is the interpreter's (gp_exec.c and
 * the exec/ files) operation for operation: the comments name the kernel whose
 * bits it gives.  Any thread; each call builds into its own context.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>


#include "gp_ir.h"
#include "gp_vmath.h"
#include "jit.h"
#include "jit_llvm.h"

#define NL GP_LANES
#define ADDR_REGS 16 /* gp_exec.c GP_EXEC_ADDR_REGS */
#define JIT_MAX_IF 16 /* IF blocks nested in a compiled program */
enum { CC_SF = 1u, CC_ZF = 2u, CC_OF = 4u, CC_CF = 8u }; /* exec/runtime.c GP_CC_* */

/* ---- what compiles --------------------------------------------------------- */

int jit_num_inputs(const gp_program *p)
{
    /* gp_exec.c: the rows the interpreter gives the INPUT file */
    if (p->info.stage != GP_STAGE_VERTEX)
        return GP_VARY_COUNT;
    if ((p->info.inputs_read >> GP_VIN_LONG_HI) != 0)
        return GP_VIN_ROWS;
    if ((p->info.inputs_read >> GP_VIN_VERTEXID & 3u) != 0)
        return GP_VIN_SLOTS;
    return GP_VIN_COUNT;
}

int jit_num_outputs(const gp_program *p)
{
    return p->info.stage == GP_STAGE_FRAGMENT ? GP_FOUT_COUNT : GP_VARY_COUNT;
}

static bool op_supported(int op)
{
    switch (op) {
    case GP_OP_ABS: case GP_OP_ADD: case GP_OP_ARL: case GP_OP_ARR: case GP_OP_CMP:
    case GP_OP_COS: case GP_OP_DDX: case GP_OP_DDY: case GP_OP_DIV: case GP_OP_DP2:
    case GP_OP_DP2A: case GP_OP_DP3: case GP_OP_DP4: case GP_OP_DPH: case GP_OP_DST:
    case GP_OP_EX2: case GP_OP_EXP: case GP_OP_FLR: case GP_OP_FRC: case GP_OP_KIL:
    case GP_OP_LG2: case GP_OP_LIT: case GP_OP_LOG: case GP_OP_LRP: case GP_OP_MAD:
    case GP_OP_MAX: case GP_OP_MIN: case GP_OP_MOV: case GP_OP_MUL: case GP_OP_NRM:
    case GP_OP_POW: case GP_OP_RCC: case GP_OP_RCP: case GP_OP_RFL: case GP_OP_RSQ:
    case GP_OP_SCS: case GP_OP_SEQ: case GP_OP_SFL: case GP_OP_SGE: case GP_OP_SGT:
    case GP_OP_SIN: case GP_OP_SLE: case GP_OP_SLT: case GP_OP_SNE: case GP_OP_SSG:
    case GP_OP_STR: case GP_OP_SUB: case GP_OP_SWZ: case GP_OP_TEX: case GP_OP_TXB:
    case GP_OP_TXD: case GP_OP_TXL: case GP_OP_TXP: case GP_OP_X2D: case GP_OP_XPD:
    case GP_OP_IF: case GP_OP_ELSE: case GP_OP_ENDIF: case GP_OP_END:
        return true;
    default:
        return false;
    }
}

/* The typed ALU (exec/integer.c exec_typed, typed_op): the .S / .U forms
 * of the opcodes it computes, and NV_gpu_program4's own opcodes.  Not here
 * (the interpreter runs them): the NV_gpu_program5 bit-field, vote, CVT,
 * 64-bit and IPA instructions. */
static bool typed_int_op(int op)
{
    switch (op) {
    case GP_OP_MOV: case GP_OP_SWZ: case GP_OP_ABS: case GP_OP_ADD: case GP_OP_SUB:
    case GP_OP_MAD: case GP_OP_MUL: case GP_OP_MIN: case GP_OP_MAX: case GP_OP_CMP:
    case GP_OP_SEQ: case GP_OP_SNE: case GP_OP_SLT: case GP_OP_SGE: case GP_OP_SGT:
    case GP_OP_SLE: case GP_OP_SFL: case GP_OP_STR: case GP_OP_AND: case GP_OP_OR:
    case GP_OP_XOR: case GP_OP_NOT: case GP_OP_SHL: case GP_OP_SHR: case GP_OP_DIV:
    case GP_OP_MOD: case GP_OP_SAD: case GP_OP_I2F: case GP_OP_FLR: case GP_OP_CEIL:
    case GP_OP_ROUND: case GP_OP_TRUNC:
        return true;
    default:
        return false;
    }
}

/* NV_gpu_program4's opcodes, which take the typed path whatever their type. */
static bool nv4_only_op(int op)
{
    switch (op) {
    case GP_OP_AND: case GP_OP_OR: case GP_OP_XOR: case GP_OP_NOT: case GP_OP_SHL:
    case GP_OP_SHR: case GP_OP_MOD: case GP_OP_CEIL: case GP_OP_ROUND: case GP_OP_TRUNC:
    case GP_OP_I2F: case GP_OP_SAD:
        return true;
    default:
        return false;
    }
}

/* Whether in runs on the typed path (the interpreter's gp_typed). */
static bool is_typed(const gp_insn *in)
{
    return in->type != GP_TYPE_F32 || nv4_only_op(in->op);
}

static const char *check_src(const gp_src *s)
{
    if (s->file != GP_FILE_TEMP && s->file != GP_FILE_INPUT && s->file != GP_FILE_PARAM &&
        s->file != GP_FILE_OUTPUT)
        return "an operand of a register file it does not read";
    if (s->hi || s->vtx || s->vtx_rel || s->nbuf)
        return "a LONG or per-vertex operand";
    if (s->rel && (s->rel_file != GP_FILE_ADDRESS ||
                   (s->file != GP_FILE_PARAM && s->file != GP_FILE_INPUT)))
        return "relative addressing other than PARAM / attribute arrays through A";
    return NULL;
}

const char *jit_check(const gp_program *p)
{
    if (p->info.stage != GP_STAGE_VERTEX && p->info.stage != GP_STAGE_FRAGMENT)
        return "not a vertex or fragment program";
    if (p->uses_thread)
        return "thread-group bindings";
    if (p->entry < 0 || p->entry >= p->num_insns)
        return "no entry";
    int n = 0;
    int ifs[JIT_MAX_IF], nif = 0; /* the open IF blocks */
    bool has_else[JIT_MAX_IF];
    for (int i = p->entry; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        n++;
        /* IF ELSE ENDIF: well nested, targets as the interpreter follows
         * them, never deep enough for the max_if_depth termination */
        if (in->op == GP_OP_IF) {
            if (nif == JIT_MAX_IF || (p->max_if_depth && nif + 1 >= p->max_if_depth))
                return "IF blocks nested too deeply";
            has_else[nif] = false;
            ifs[nif++] = i;
        } else if (in->op == GP_OP_ELSE) {
            if (!nif || has_else[nif - 1] || p->insns[ifs[nif - 1]].target != i)
                return "an ELSE it cannot match";
            has_else[nif - 1] = true;
        } else if (in->op == GP_OP_ENDIF) {
            if (!nif)
                return "an ENDIF it cannot match";
            const gp_insn *open = &p->insns[ifs[nif - 1]];
            if (has_else[nif - 1] ? p->insns[open->target].target != i : open->target != i)
                return "an ENDIF it cannot match";
            nif--;
        } else if (in->op == GP_OP_END && nif) {
            return "END inside an IF block";
        }
        bool typed = is_typed(in);
        if (typed ? !typed_int_op(in->op) : !op_supported(in->op))
            return "an opcode it does not compile (flow control, NV4/NV5 instructions)";
        if (in->op == GP_OP_END) {
            if (p->max_exec_instructions > 0 && n > p->max_exec_instructions)
                return "more instructions than max_exec_instructions";
            return NULL;
        }
        if (in->op == GP_OP_IF || in->op == GP_OP_ELSE || in->op == GP_OP_ENDIF) {
            if (in->op == GP_OP_IF && in->cond.reg > 1)
                return "a condition-code register past CC1";
            continue;
        }
        if (typed) {
            /* 32-bit integers, or the float forms of CEIL ROUND TRUNC */
            bool ints = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32;
            if (!ints && !(in->type == GP_TYPE_F32 &&
                           (in->op == GP_OP_CEIL || in->op == GP_OP_ROUND || in->op == GP_OP_TRUNC)))
                return "a typed instruction of a type it does not compile (.F64 .S64 .U64)";
            if (in->opmod && in->op != GP_OP_MUL)
                return "an opcode modifier other than MUL's";
            if (ints && (in->sat || in->precision))
                return "clamping or precision on an integer result";
        } else if (in->opmod) {
            return "an opcode modifier";
        }
        if (in->cc_update > 2 || in->dst.cc.reg > 1 || in->cond.reg > 1)
            return "a condition-code register past CC1";
        const gp_dst *d = &in->dst;
        if (d->rel || d->hi)
            return "a relatively addressed or LONG destination";
        if (d->file != GP_FILE_NONE && d->file != GP_FILE_TEMP && d->file != GP_FILE_OUTPUT &&
            d->file != GP_FILE_ADDRESS)
            return "a destination file it does not write";
        if ((d->file == GP_FILE_ADDRESS) != (in->op == GP_OP_ARL || in->op == GP_OP_ARR) &&
            d->file != GP_FILE_NONE)
            return "an address register written by a float instruction";
        if (gp_opinfo_table[in->op].flags & GP_OPF_TEX) {
            if (in->tex_flags)
                return "NV5 texture operands (indexed, handle, offset, extra)";
        }
        int nsrc = gp_opinfo_table[in->op].nsrc;
        if (in->op == GP_OP_SFL || in->op == GP_OP_STR)
            nsrc = 0;
        if (in->op == GP_OP_KIL && in->src[0].file == GP_FILE_NONE)
            nsrc = 0;
        for (int k = 0; k < nsrc; k++) {
            const char *why = check_src(&in->src[k]);
            if (why)
                return why;
        }
    }
    return "no END";
}

/* ---- the builder ---------------------------------------------------------- */

typedef struct jb {
    const gp_program *p;
    LLVMContextRef C;
    LLVMModuleRef M;
    LLVMBuilderRef B;   /* the body */
    LLVMBuilderRef A;   /* allocas and initial values, in the entry block */
    LLVMValueRef fn;
    LLVMBasicBlockRef entry, exit;
    LLVMTypeRef v, i1, i8, i16, i32, i64, f32, ptr, vf, vi, vb, vl, vd;
    LLVMValueRef env, in, out, params, res;
    LLVMValueRef ran;                       /* the exec argument: the lanes the call runs */
    LLVMValueRef exec, live, used, killed; /* allocas: i32 i32 i64 i32 */
    /* lanes not terminated (the interpreter's alive: KIL ends quads with no
     * live lane in every group); an i32 alloca */
    LLVMValueRef alive;
    /* the open IF blocks: the execution mask at each IF, its true lanes,
     * and where the code goes on when the running block has no lane (its
     * ELSE or ENDIF) */
    int depth;
    LLVMValueRef if_exec[JIT_MAX_IF], if_true[JIT_MAX_IF];
    LLVMBasicBlockRef if_join[JIT_MAX_IF];
    LLVMValueRef *temps;                    /* num_temps * 4 allocas of vf */
    LLVMValueRef addr[ADDR_REGS * 4];       /* vi */
    LLVMValueRef cc[2][4];                  /* vi */
    LLVMValueRef row[3];                    /* [16 x float] scratch for calls */
    LLVMValueRef vec[4];                    /* gp_vec scratch: coord, ddx, ddy, result */
    LLVMValueRef req;                       /* gp_tex_request */
    int num_inputs, num_outputs, num_temps, naddr;
    bool fragment;
    int seg; /* instructions run since the last accounting (jb_account) */
    /* Operands as the interpreter has them in lanes it never runs: its
     * temporaries and address registers stay 0 there (jb_tex_operand). */
    bool unrun;
    /* +0 and -0 in every lane, loaded in the entry block from memory LLVM
     * cannot see into (cf) */
    LLVMValueRef zero, negzero;
    /* OF and CF of an integer add per component, or-ed into the flags the
     * store's CC update computes (exec/runtime.c x->cc_extra); NULL: none */
    LLVMValueRef *cc_extra;
    /* One of the two tasks of a pair function (jit_build_pair): the code
     * never leaves early, since the other task's code follows in the same
     * blocks (there are no lookups, which would need skipping too). */
    bool paired;
} jb;

/* What the entry block loads b->zero from. */
static const float jit_zeros[NL] __attribute__((aligned(64)));

const char *jit_symbol_name(int sym)
{
    static const char *const names[JIT_SYM_COUNT] = {
        [JIT_SYM_ZEROS] = "asmgl_jit_zeros",
        [JIT_SYM_ROUND_ROW] = "asmgl_jit_round_row",
        [JIT_SYM_VM_EX2] = "asmgl_jit_vm_ex2",
        [JIT_SYM_VM_LG2] = "asmgl_jit_vm_lg2",
        [JIT_SYM_VM_SIN] = "asmgl_jit_vm_sin",
        [JIT_SYM_VM_COS] = "asmgl_jit_vm_cos",
        [JIT_SYM_VM_POW] = "asmgl_jit_vm_pow",
        [JIT_SYM_K_EXP] = "asmgl_jit_k_exp",
        [JIT_SYM_K_LOG] = "asmgl_jit_k_log",
        [JIT_SYM_TEX] = "asmgl_jit_tex",
    };
    return names[sym];
}

uintptr_t jit_symbol_address(int sym)
{
    switch (sym) {
    case JIT_SYM_ZEROS: return (uintptr_t)jit_zeros;
    case JIT_SYM_ROUND_ROW: return (uintptr_t)gp_exec_round_row;
    case JIT_SYM_VM_EX2: return (uintptr_t)gp_vm_ex2;
    case JIT_SYM_VM_LG2: return (uintptr_t)gp_vm_lg2;
    case JIT_SYM_VM_SIN: return (uintptr_t)gp_vm_sin;
    case JIT_SYM_VM_COS: return (uintptr_t)gp_vm_cos;
    case JIT_SYM_VM_POW: return (uintptr_t)gp_vm_pow;
    case JIT_SYM_K_EXP: return (uintptr_t)gp_exec_k_exp;
    case JIT_SYM_K_LOG: return (uintptr_t)gp_exec_k_log;
    default: return (uintptr_t)gp_rt_tex;
    }
}

/* f in every lane.  A zero is not an LLVM constant but b->zero or
 * b->negzero: LLVM 15's InstCombine rewrites a select between a zero
 * constant and x on a strict compare of x with a zero constant of the
 * other sign, "x < +0 ? -0 : x", into "x <= +0 ? -0 : x", which turns +0
 * into -0 (an LLVM bug that later releases fixed).  CMP
 * against an unwritten temporary or SWZ's 0 formed it.  With no zero
 * constant in the IR the pattern cannot form; a register holding zero
 * costs nothing measurable. */
static LLVMValueRef cbits(jb *b, uint32_t u)
{
    if ((u & 0x7fffffffu) == 0 && b->zero)
        return u ? b->negzero : b->zero;
    LLVMValueRef e[NL];
    LLVMValueRef k = LLVMConstBitCast(LLVMConstInt(b->i32, u, 0), b->f32);
    for (int l = 0; l < NL; l++)
        e[l] = k;
    return LLVMConstVector(e, NL);
}

static LLVMValueRef cf(jb *b, float f)
{
    return cbits(b, ((gp_val){.f = f}).u);
}

static LLVMValueRef ci(jb *b, uint32_t u)
{
    LLVMValueRef e[NL];
    for (int l = 0; l < NL; l++)
        e[l] = LLVMConstInt(b->i32, u, 0);
    return LLVMConstVector(e, NL);
}

static LLVMValueRef k32(jb *b, uint32_t u)
{
    return LLVMConstInt(b->i32, u, 0);
}

static LLVMValueRef k64(jb *b, uint64_t u)
{
    return LLVMConstInt(b->i64, u, 0);
}

static LLVMValueRef fbits(jb *b, LLVMValueRef v)
{
    return LLVMBuildBitCast(b->B, v, b->vi, "");
}

static LLVMValueRef bitsf(jb *b, LLVMValueRef v)
{
    return LLVMBuildBitCast(b->B, v, b->vf, "");
}

static LLVMValueRef intrin(jb *b, const char *name, LLVMTypeRef *ov, int nov, LLVMValueRef *args,
                           int n)
{
    unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(b->M, id, ov, (size_t)nov);
    LLVMTypeRef t = LLVMIntrinsicGetType(b->C, id, ov, (size_t)nov);
    return LLVMBuildCall2(b->B, t, f, args, (unsigned)n, "");
}

static LLVMValueRef fn1(jb *b, const char *name, LLVMValueRef a)
{
    return intrin(b, name, &b->vf, 1, &a, 1);
}

/* A call of a C function of this process, by its name (jit_symbol_name):
 * no address of this process goes into the module. */
static LLVMValueRef call_c(jb *b, int sym, LLVMTypeRef ret, LLVMTypeRef *pt, int n,
                           LLVMValueRef *args)
{
    LLVMTypeRef ft = LLVMFunctionType(ret, pt, (unsigned)n, 0);
    const char *name = jit_symbol_name(sym);
    LLVMValueRef f = LLVMGetNamedFunction(b->M, name);
    if (!f)
        f = LLVMAddFunction(b->M, name, ft);
    return LLVMBuildCall2(b->B, ft, f, args, (unsigned)n, "");
}

static LLVMValueRef gep8(jb *b, LLVMValueRef base, uint64_t off)
{
    LLVMValueRef o = k64(b, off);
    return LLVMBuildGEP2(b->B, b->i8, base, &o, 1, "");
}

static LLVMValueRef ld(jb *b, LLVMTypeRef t, LLVMValueRef ptr, unsigned align)
{
    LLVMValueRef v = LLVMBuildLoad2(b->B, t, ptr, "");
    LLVMSetAlignment(v, align);
    return v;
}

static void st(jb *b, LLVMValueRef v, LLVMValueRef ptr, unsigned align)
{
    LLVMValueRef s = LLVMBuildStore(b->B, v, ptr);
    LLVMSetAlignment(s, align);
}

static LLVMValueRef alloca_in_entry(jb *b, LLVMTypeRef t, unsigned align)
{
    LLVMValueRef a = LLVMBuildAlloca(b->A, t, "");
    LLVMSetAlignment(a, align);
    return a;
}

static LLVMValueRef sel(jb *b, LLVMValueRef m, LLVMValueRef x, LLVMValueRef y)
{
    return LLVMBuildSelect(b->B, m, x, y, "");
}

static LLVMValueRef fcmp(jb *b, LLVMRealPredicate pr, LLVMValueRef x, LLVMValueRef y)
{
    return LLVMBuildFCmp(b->B, pr, x, y, "");
}

/* 1.0 where m holds, else +0.0 (V_SET). */
static LLVMValueRef set01(jb *b, LLVMValueRef m)
{
    return sel(b, m, cf(b, 1.0f), cf(b, 0.0f));
}

/* The lanes of a 16-bit mask as a vector of i1 (bit l = lane l). */
static LLVMValueRef lanes_of(jb *b, LLVMValueRef bits32)
{
    LLVMValueRef t = LLVMBuildTrunc(b->B, bits32, b->i16, "");
    return LLVMBuildBitCast(b->B, t, b->vb, "");
}

static LLVMValueRef bits_of(jb *b, LLVMValueRef lanes)
{
    LLVMValueRef t = LLVMBuildBitCast(b->B, lanes, b->i16, "");
    return LLVMBuildZExt(b->B, t, b->i32, "");
}

static LLVMValueRef exec_bits(jb *b)
{
    return ld(b, b->i32, b->exec, 4);
}

/* ---- instruction accounting ------------------------------------------------ */

/* used += popcount(exec) * the instructions run since the last time: the
 * interpreter's steps * nexec for the running group (exec/runtime.c
 * xs_flush). */
static void jb_account(jb *b)
{
    if (!b->seg)
        return;
    LLVMValueRef e = exec_bits(b);
    LLVMValueRef n = intrin(b, "llvm.ctpop", &b->i32, 1, &e, 1);
    LLVMValueRef add = LLVMBuildMul(b->B, LLVMBuildZExt(b->B, n, b->i64, ""),
                                    k64(b, (uint64_t)b->seg), "");
    LLVMValueRef u = ld(b, b->i64, b->used, 8);
    st(b, LLVMBuildAdd(b->B, u, add, ""), b->used, 8);
    b->seg = 0;
}

/* ---- condition codes (exec/runtime.c cc_lanes, cc_any, cc_update) -------- */

/* Lanes where test t passes on component c of the swizzled CC register. */
static LLVMValueRef cc_test(jb *b, const gp_cc_test *t, int c)
{
    if (t->cond == GP_COND_TR)
        return NULL; /* every lane */
    uint32_t tbl = gp_exec_cond_table(t->cond);
    LLVMValueRef f = ld(b, b->vi, b->cc[t->reg & 1][t->swz[c] & 3], 64);
    LLVMValueRef sh = LLVMBuildLShr(b->B, ci(b, tbl), LLVMBuildAnd(b->B, f, ci(b, 15), ""), "");
    return LLVMBuildICmp(b->B, LLVMIntNE, LLVMBuildAnd(b->B, sh, ci(b, 1), ""), ci(b, 0), "");
}

static LLVMValueRef cc_any(jb *b, const gp_cc_test *t)
{
    if (t->cond == GP_COND_TR)
        return NULL;
    LLVMValueRef any = NULL;
    uint32_t seen = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t bit = 1u << (t->swz[c] & 3);
        if (!(seen & bit)) {
            LLVMValueRef m = cc_test(b, t, c);
            any = any ? LLVMBuildOr(b->B, any, m, "") : m;
        }
        seen |= bit;
    }
    return any;
}

/* New flags from a written value: float SF = r < 0 or NaN, ZF = r == 0 or
 * NaN; integer SF = MSB, ZF = zero. */
static LLVMValueRef cc_flags(jb *b, LLVMValueRef v, bool is_float)
{
    LLVMValueRef sf, zf;
    if (is_float) {
        sf = fcmp(b, LLVMRealULT, v, cf(b, 0.0f));
        zf = fcmp(b, LLVMRealUEQ, v, cf(b, 0.0f));
    } else {
        sf = LLVMBuildICmp(b->B, LLVMIntSLT, v, ci(b, 0), "");
        zf = LLVMBuildICmp(b->B, LLVMIntEQ, v, ci(b, 0), "");
    }
    return LLVMBuildOr(b->B, sel(b, sf, ci(b, CC_SF), ci(b, 0)), sel(b, zf, ci(b, CC_ZF), ci(b, 0)),
                       "");
}

/* ---- operand fetch (exec/runtime.c fetch_view) ------------------------------ */

/* A vector of 16 equal i64. */
static LLVMValueRef cl(jb *b, int64_t v)
{
    LLVMValueRef e[NL];
    for (int l = 0; l < NL; l++)
        e[l] = LLVMConstInt(b->i64, (uint64_t)v, 1);
    return LLVMConstVector(e, NL);
}

/* Relatively addressed register rows: per lane index + A[reg].c[comp],
 * outside [max(lo, 0), min(hi, limit - 1)] reading 0 (rel_indices). */
static LLVMValueRef fetch_rel(jb *b, const gp_src *s, int sel_c)
{
    int64_t limit = s->file == GP_FILE_PARAM ? (int64_t)b->p->info.num_params : b->num_inputs;
    int64_t lo = s->rel_lo < 0 ? 0 : s->rel_lo;
    int64_t hi = s->rel_hi > limit - 1 ? limit - 1 : s->rel_hi;
    if (lo > hi || s->rel_reg >= b->naddr)
        return cf(b, 0.0f); /* no register in range (or A past the file): 0 */
    LLVMValueRef a = b->unrun ? ci(b, 0) : ld(b, b->vi, b->addr[s->rel_reg * 4 + (s->rel_comp & 3)], 64);
    LLVMValueRef e = LLVMBuildAdd(b->B, LLVMBuildSExt(b->B, a, b->vl, ""), cl(b, s->index), "");
    LLVMValueRef ok = LLVMBuildAnd(b->B, LLVMBuildICmp(b->B, LLVMIntSGE, e, cl(b, lo), ""),
                                   LLVMBuildICmp(b->B, LLVMIntSLE, e, cl(b, hi), ""), "");
    /* in range the float index fits 32 bits (gathers with 32-bit indices
     * are the cheaper ones) */
    LLVMValueRef e32 = LLVMBuildTrunc(b->B, sel(b, ok, e, cl(b, lo)), b->vi, "");
    /* the float of each lane: params[e][sel] or in[e].c[sel][l] */
    LLVMValueRef idx, base;
    if (s->file == GP_FILE_PARAM) {
        idx = LLVMBuildAdd(b->B, LLVMBuildMul(b->B, e32, ci(b, 4), ""), ci(b, (uint32_t)sel_c), "");
        base = b->params;
    } else {
        LLVMValueRef lane[NL];
        for (int l = 0; l < NL; l++)
            lane[l] = k32(b, (uint32_t)(sel_c * NL + l));
        idx = LLVMBuildAdd(b->B, LLVMBuildMul(b->B, e32, ci(b, 4 * NL), ""),
                           LLVMConstVector(lane, NL), "");
        base = b->in;
    }
    LLVMValueRef ptrs = LLVMBuildGEP2(b->B, b->f32, base, &idx, 1, "");
    /* every lane reads (a lane out of range reads row lo), then those
     * out of range take 0: a gather under the mask ok would be split into
     * a branch a lane where the target has no fast gather (LLVM's
     * ScalarizeMaskedMemIntrin: Zen 3 and other AVX2 CPUs), a block
     * per lane for every such read, whose compile took over a second for
     * a skinning vertex program of 48 of them */
    LLVMValueRef all[NL];
    for (int l = 0; l < NL; l++)
        all[l] = LLVMConstInt(b->i1, 1, 0);
    LLVMTypeRef ov[2] = {b->vf, LLVMVectorType(b->ptr, NL)};
    LLVMValueRef args[4] = {ptrs, k32(b, 4), LLVMConstVector(all, NL), LLVMGetUndef(b->vf)};
    return sel(b, ok, intrin(b, "llvm.masked.gather", ov, 2, args, 4), cf(b, 0.0f));
}

/* Component sel_c (0..3) of a register, before |abs| and negation. */
static LLVMValueRef read_reg(jb *b, const gp_src *s, int sel_c)
{
    if (s->rel)
        return fetch_rel(b, s, sel_c);
    int32_t i = s->index;
    switch (s->file) {
    case GP_FILE_TEMP:
        if (i < 0 || i >= b->num_temps || b->unrun)
            return cf(b, 0.0f);
        return ld(b, b->vf, b->temps[i * 4 + sel_c], 64);
    case GP_FILE_INPUT:
        if (i < 0 || i >= b->num_inputs)
            return cf(b, 0.0f);
        return ld(b, b->vf, gep8(b, b->in, (uint64_t)i * sizeof(gp_vec) + (uint64_t)sel_c * NL * 4), 4);
    case GP_FILE_OUTPUT:
        if (i < 0 || i >= b->num_outputs)
            return cf(b, 0.0f);
        return ld(b, b->vf, gep8(b, b->out, (uint64_t)i * sizeof(gp_vec) + (uint64_t)sel_c * NL * 4), 4);
    case GP_FILE_PARAM: {
        if (i < 0 || (uint32_t)i >= b->p->info.num_params)
            return cf(b, 0.0f);
        /* a constant of the program (a literal, a PARAM of numbers): its
         * bits, which env->params holds too (glprog.h), as an LLVM
         * constant, so the code folds them */
        const gp_param_binding *pb = b->p->info.params ? &b->p->info.params[i] : NULL;
        if (pb && pb->kind == GP_PARAM_CONST)
            return cbits(b, pb->value[sel_c].u);
        LLVMValueRef x = ld(b, b->f32, gep8(b, b->params, (uint64_t)i * 16 + (uint64_t)sel_c * 4), 4);
        LLVMValueRef u = LLVMGetUndef(b->vf);
        u = LLVMBuildInsertElement(b->B, u, x, k32(b, 0), "");
        LLVMValueRef zero[NL];
        for (int l = 0; l < NL; l++)
            zero[l] = k32(b, 0);
        return LLVMBuildShuffleVector(b->B, u, u, LLVMConstVector(zero, NL), "");
    }
    default:
        return cf(b, 0.0f);
    }
}

/* Component c of operand s: swizzle, |abs|, then negation (apply_mods on
 * bits; SWZ's 0 and 1 constants too). */
static LLVMValueRef src_comp(jb *b, const gp_src *s, int c)
{
    int sw = s->swz[c];
    LLVMValueRef v = sw > GP_SWZ_W ? cf(b, sw == GP_SWZ_ONE ? 1.0f : 0.0f) : read_reg(b, s, sw);
    bool neg = (s->negate >> c) & 1;
    if (!s->abs && !neg)
        return v;
    LLVMValueRef x = fbits(b, v);
    if (s->abs)
        x = LLVMBuildAnd(b->B, x, ci(b, 0x7fffffffu), "");
    if (neg)
        x = LLVMBuildXor(b->B, x, ci(b, 0x80000000u), "");
    return bitsf(b, x);
}

/* Component c of operand s when it is a constant of the program (as
 * src_comp reads it): its bits in *u. */
static bool const_comp(jb *b, const gp_src *s, int c, uint32_t *u)
{
    int sw = s->swz[c];
    if (sw > GP_SWZ_W) {
        *u = ((gp_val){.f = sw == GP_SWZ_ONE ? 1.0f : 0.0f}).u;
    } else {
        if (s->file != GP_FILE_PARAM || s->rel || s->index < 0 || !b->p->info.params ||
            (uint32_t)s->index >= b->p->info.num_params ||
            b->p->info.params[s->index].kind != GP_PARAM_CONST)
            return false;
        *u = b->p->info.params[s->index].value[sw].u;
    }
    if (s->abs)
        *u &= 0x7fffffffu;
    if ((s->negate >> c) & 1)
        *u ^= 0x80000000u;
    return true;
}

/* ---- result store (exec/runtime.c store, store_rows) --------------------- */

/* _SAT / _SSAT: "if (r < lo) r = lo; else if (r > hi) r = hi" (k_clamp). */
static LLVMValueRef clamp(jb *b, LLVMValueRef v, float lo, float hi)
{
    v = sel(b, fcmp(b, LLVMRealOLT, v, cf(b, lo)), cf(b, lo), v);
    return sel(b, fcmp(b, LLVMRealOGT, v, cf(b, hi)), cf(b, hi), v);
}

/* H / X precision through the interpreter's row function. */
static LLVMValueRef round_row(jb *b, LLVMValueRef v, int precision)
{
    st(b, v, b->row[0], 64);
    LLVMTypeRef pt[2] = {b->i32, b->ptr};
    LLVMValueRef args[2] = {k32(b, (uint32_t)precision), b->row[0]};
    call_c(b, JIT_SYM_ROUND_ROW, b->v, pt, 2, args);
    return ld(b, b->vf, b->row[0], 64);
}

/* Writes r[0..3] (float vectors; integer results as_int) to in's
 * destination.  scalar: r[0] for every component. */
static void store(jb *b, const gp_insn *in, LLVMValueRef r[4], bool as_int, bool scalar)
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    if (!wmask || d->file == GP_FILE_NONE)
        return;
    LLVMValueRef v[4] = {0};
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1) && !(scalar && c == 0))
            continue;
        v[c] = r[scalar ? 0 : c];
    }
    if (!as_int && (in->precision == 'H' || in->precision == 'X' || in->sat)) {
        for (int c = 0; c < (scalar ? 1 : 4); c++) {
            if (!v[c])
                continue;
            if (in->precision == 'H' || in->precision == 'X')
                v[c] = round_row(b, v[c], in->precision);
            if (in->sat == GP_SAT_01)
                v[c] = clamp(b, v[c], 0.0f, 1.0f);
            else if (in->sat == GP_SAT_11)
                v[c] = clamp(b, v[c], -1.0f, 1.0f);
        }
    }
    if (scalar)
        for (int c = 1; c < 4; c++)
            v[c] = v[0];
    /* the condition-code write mask tests the CC before this update */
    LLVMValueRef lm[4] = {0};
    for (int c = 0; c < 4; c++)
        if (wmask >> c & 1)
            lm[c] = cc_test(b, &d->cc, c);
    LLVMValueRef execv = NULL;
    if (d->file == GP_FILE_OUTPUT || b->depth)
        execv = lanes_of(b, exec_bits(b));
    /* inside an IF block only the lanes running it write registers and
     * the CC (outside one every lane runs, and runs as the interpreter's
     * lanes do: straight through) */
    if (b->depth)
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                lm[c] = lm[c] ? LLVMBuildAnd(b->B, lm[c], execv, "") : execv;
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        LLVMValueRef val = v[c];
        int dc = c;
        bool write = true;
        if (d->clipdist) {
            write = c == 0;
            dc = (d->clipdist - 1) & 3;
        }
        if (write && d->file == GP_FILE_TEMP && d->index >= 0 && d->index < b->num_temps) {
            LLVMValueRef slot = b->temps[d->index * 4 + dc];
            LLVMValueRef x = as_int ? bitsf(b, val) : val;
            if (lm[c])
                x = sel(b, lm[c], x, ld(b, b->vf, slot, 64));
            st(b, x, slot, 64);
        } else if (write && d->file == GP_FILE_ADDRESS && d->index >= 0 && d->index < b->naddr) {
            LLVMValueRef slot = b->addr[d->index * 4 + dc];
            LLVMValueRef x = as_int ? val : fbits(b, val);
            if (lm[c])
                x = sel(b, lm[c], x, ld(b, b->vi, slot, 64));
            st(b, x, slot, 64);
        } else if (write && d->file == GP_FILE_OUTPUT && d->index >= 0 && d->index < b->num_outputs) {
            LLVMValueRef ptr = gep8(b, b->out, (uint64_t)d->index * sizeof(gp_vec) + (uint64_t)dc * NL * 4);
            LLVMValueRef m = lm[c] ? LLVMBuildAnd(b->B, lm[c], execv, "") : execv;
            LLVMValueRef x = as_int ? bitsf(b, val) : val;
            st(b, sel(b, m, x, ld(b, b->vf, ptr, 4)), ptr, 4);
        }
        if (in->cc_update) {
            LLVMValueRef slot = b->cc[(in->cc_update - 1) & 1][c];
            LLVMValueRef f = cc_flags(b, val, !as_int);
            if (b->cc_extra)
                f = LLVMBuildOr(b->B, f, b->cc_extra[c], "");
            if (lm[c])
                f = sel(b, lm[c], f, ld(b, b->vi, slot, 64));
            st(b, f, slot, 64);
        }
    }
}

/* ---- calls through memory: the transcendentals and the sampler ---------- */

/* sym: one of the gp_vm_* functions of one operand */
static LLVMValueRef vm1(jb *b, int sym, LLVMValueRef a)
{
    st(b, a, b->row[1], 64);
    LLVMTypeRef pt[2] = {b->ptr, b->ptr};
    LLVMValueRef args[2] = {b->row[0], b->row[1]};
    call_c(b, sym, b->v, pt, 2, args);
    return ld(b, b->vf, b->row[0], 64);
}

/* POW by a constant integer n, |n| <= 64: gp_vmath.c powi_uniform (the
 * path gp_vm_pow takes for one integer exponent in every lane) in the
 * function itself, the same double products in the same order:
 * |a|^|n| by squaring, 1 / that for n < 0, rounded once to float, negated
 * for a negative a and an odd n. */
static LLVMValueRef pow_int(jb *b, LLVMValueRef a, int n)
{
    LLVMTypeRef vd = b->vd;
    LLVMValueRef ai = fbits(b, a);
    LLVMValueRef x = LLVMBuildFPExt(b->B, bitsf(b, LLVMBuildAnd(b->B, ai, ci(b, 0x7fffffffu), "")),
                                    vd, "");
    LLVMValueRef p = NULL; /* 1.0: 1.0 * x is x, bit for bit */
    for (unsigned m = (unsigned)(n < 0 ? -n : n); m; m >>= 1) {
        if (m & 1)
            p = p ? LLVMBuildFMul(b->B, p, x, "") : x;
        if (m > 1)
            x = LLVMBuildFMul(b->B, x, x, "");
    }
    if (!p)
        return cf(b, 1.0f);
    if (n < 0)
        p = LLVMBuildFDiv(b->B, LLVMConstReal(vd, 1.0), p, "");
    LLVMValueRef r = LLVMBuildFPTrunc(b->B, p, b->vf, "");
    if (n & 1) {
        LLVMValueRef neg = LLVMBuildICmp(b->B, LLVMIntSLT, ai, ci(b, 0), "");
        r = sel(b, neg, bitsf(b, LLVMBuildXor(b->B, fbits(b, r), ci(b, 0x80000000u), "")), r);
    }
    return r;
}

static LLVMValueRef vm_pow(jb *b, LLVMValueRef x, LLVMValueRef y)
{
    st(b, x, b->row[1], 64);
    st(b, y, b->row[2], 64);
    LLVMTypeRef pt[3] = {b->ptr, b->ptr, b->ptr};
    LLVMValueRef args[3] = {b->row[0], b->row[1], b->row[2]};
    call_c(b, JIT_SYM_VM_POW, b->v, pt, 3, args);
    return ld(b, b->vf, b->row[0], 64);
}

/* k_exp / k_log into r[4] */
static void exp_log(jb *b, bool log, LLVMValueRef a, LLVMValueRef r[4])
{
    st(b, a, b->row[1], 64);
    LLVMTypeRef pt[2] = {b->ptr, b->ptr};
    LLVMValueRef args[2] = {b->vec[3], b->row[1]};
    call_c(b, log ? JIT_SYM_K_LOG : JIT_SYM_K_EXP, b->v, pt, 2, args);
    for (int c = 0; c < 4; c++)
        r[c] = ld(b, b->vf, gep8(b, b->vec[3], (uint64_t)c * NL * 4), 64);
}

/* A sampler operand into vec.  The sampler may read lanes outside the
 * execution mask (a quad's neighbours for derivatives): in lanes the
 * function never runs (not in its exec argument) the interpreter's
 * registers are still 0, so those lanes get the operand over zero
 * temporaries and address registers (outputs, inputs and parameters are
 * memory, the same for both). */
static void put_vec(jb *b, LLVMValueRef vec, const gp_src *s)
{
    LLVMValueRef ran = lanes_of(b, b->ran);
    for (int c = 0; c < 4; c++) {
        LLVMValueRef v = src_comp(b, s, c);
        b->unrun = true;
        LLVMValueRef z = src_comp(b, s, c);
        b->unrun = false;
        st(b, sel(b, ran, v, z), gep8(b, vec, (uint64_t)c * NL * 4), 64);
    }
}

/* The coordinates of a lookup: an input row as it is (every lane reads the
 * same memory whether the function runs it or not), else the operand put
 * into vec. */
static LLVMValueRef coord_vec(jb *b, LLVMValueRef vec, const gp_src *s)
{
    if (s->file == GP_FILE_INPUT && gp_src_unchanged(s) && s->index >= 0 &&
        s->index < b->num_inputs)
        return gep8(b, b->in, (uint64_t)s->index * sizeof(gp_vec));
    put_vec(b, vec, s);
    return vec;
}

/* exec/texture.c do_tex for one unit without NV5 operands. */
static void tex(jb *b, const gp_insn *in, int op, LLVMValueRef r[4])
{
    LLVMValueRef req = b->req;
    LLVMBuildMemSet(b->B, req, LLVMConstInt(b->i8, 0, 0), k64(b, sizeof(gp_tex_request)), 8);
    st(b, LLVMConstInt(b->i8, (uint64_t)op, 0), gep8(b, req, offsetof(gp_tex_request, op)), 1);
    st(b, LLVMConstInt(b->i8, in->tex_target, 0), gep8(b, req, offsetof(gp_tex_request, target)), 1);
    st(b, LLVMConstInt(b->i8, in->tex_unit, 0), gep8(b, req, offsetof(gp_tex_request, unit)), 1);
    st(b, LLVMConstInt(b->i8, in->tex_comp, 0), gep8(b, req, offsetof(gp_tex_request, component)), 1);
    bool qd = b->fragment && (gp_opinfo_table[in->op].flags & GP_OPF_IMPLICIT_LOD);
    st(b, LLVMConstInt(b->i8, qd, 0), gep8(b, req, offsetof(gp_tex_request, quad_derivatives)), 1);
    for (int k = 0; k < 3; k++)
        st(b, LLVMConstInt(b->i8, (uint64_t)(uint8_t)in->tex_offset[k], 0),
           gep8(b, req, offsetof(gp_tex_request, offset) + (uint64_t)k), 1);
    st(b, coord_vec(b, b->vec[0], &in->src[0]), gep8(b, req, offsetof(gp_tex_request, coord)), 8);
    if (op == GP_TEXOP_TXD) {
        put_vec(b, b->vec[1], &in->src[1]);
        put_vec(b, b->vec[2], &in->src[2]);
        st(b, b->vec[1], gep8(b, req, offsetof(gp_tex_request, ddx)), 8);
        st(b, b->vec[2], gep8(b, req, offsetof(gp_tex_request, ddy)), 8);
    }
    LLVMValueRef mask = exec_bits(b);
    st(b, mask, gep8(b, req, offsetof(gp_tex_request, lane_mask)), 4);
    LLVMBasicBlockRef done = NULL;
    if (op != GP_TEXOP_TXD) {
        /* a plain lookup: the unit's own function where the sampler gives
         * one (env->tex_direct), called here; gp_rt_tex where it has none
         * or it does not take the lookup */
        LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
        LLVMBasicBlockRef call = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
        LLVMBasicBlockRef slow = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
        done = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
        LLVMValueRef nul = LLVMConstNull(b->ptr);
        LLVMValueRef tbl = ld(b, b->ptr, gep8(b, b->env, offsetof(gp_exec_env, tex_direct)), 8);
        LLVMValueRef n = ld(b, b->i32, gep8(b, b->env, offsetof(gp_exec_env, num_tex_direct)), 4);
        LLVMValueRef have = LLVMBuildAnd(b->B, LLVMBuildICmp(b->B, LLVMIntNE, tbl, nul, ""),
                                         LLVMBuildICmp(b->B, LLVMIntUGT, n, k32(b, in->tex_unit), ""), "");
        LLVMBuildCondBr(b->B, have, entry, slow);
        LLVMPositionBuilderAtEnd(b->B, entry);
        LLVMValueRef d = gep8(b, tbl, (uint64_t)in->tex_unit * sizeof(gp_tex_direct));
        LLVMValueRef fn = ld(b, b->ptr, gep8(b, d, offsetof(gp_tex_direct, fn)), 8);
        LLVMValueRef self = ld(b, b->ptr, gep8(b, d, offsetof(gp_tex_direct, self)), 8);
        LLVMBuildCondBr(b->B, LLVMBuildICmp(b->B, LLVMIntNE, fn, nul, ""), call, slow);
        LLVMPositionBuilderAtEnd(b->B, call);
        LLVMTypeRef dt[4] = {b->ptr, b->ptr, b->i32, b->ptr};
        LLVMValueRef dargs[4] = {self, req, mask, b->vec[3]};
        LLVMValueRef ok = LLVMBuildCall2(b->B, LLVMFunctionType(b->i1, dt, 4, 0), fn, dargs, 4, "");
        LLVMBuildCondBr(b->B, ok, done, slow);
        LLVMPositionBuilderAtEnd(b->B, slow);
    }
    LLVMTypeRef pt[3] = {b->ptr, b->ptr, b->ptr};
    LLVMValueRef args[3] = {b->env, req, b->vec[3]};
    call_c(b, JIT_SYM_TEX, b->v, pt, 3, args);
    if (done) {
        LLVMBuildBr(b->B, done);
        LLVMPositionBuilderAtEnd(b->B, done);
    }
    for (int c = 0; c < 4; c++)
        r[c] = ld(b, b->vf, gep8(b, b->vec[3], (uint64_t)c * NL * 4), 64);
}

/* ---- the instructions ------------------------------------------------------- */

static LLVMValueRef fadd(jb *b, LLVMValueRef x, LLVMValueRef y) { return LLVMBuildFAdd(b->B, x, y, ""); }
static LLVMValueRef fsub(jb *b, LLVMValueRef x, LLVMValueRef y) { return LLVMBuildFSub(b->B, x, y, ""); }
static LLVMValueRef fmul(jb *b, LLVMValueRef x, LLVMValueRef y) { return LLVMBuildFMul(b->B, x, y, ""); }
static LLVMValueRef fdiv(jb *b, LLVMValueRef x, LLVMValueRef y) { return LLVMBuildFDiv(b->B, x, y, ""); }

/* gp_f2i: NaN 0, saturating at the int32 range, else truncation. */
static LLVMValueRef f2i(jb *b, LLVMValueRef x)
{
    LLVMValueRef t = LLVMBuildFPToSI(b->B, x, b->vi, "");
    t = sel(b, fcmp(b, LLVMRealOGE, x, cf(b, 2147483648.0f)), ci(b, INT32_MAX), t);
    t = sel(b, fcmp(b, LLVMRealOLT, x, cf(b, -2147483648.0f)), ci(b, (uint32_t)INT32_MIN), t);
    return sel(b, fcmp(b, LLVMRealUNO, x, x), ci(b, 0), t);
}

/* KIL (exec/flow.c xs_kill): kill is a lane vector; returns false when no
 * lane is left (the function has returned on that path). */
static void kill_lanes(jb *b, LLVMValueRef kill)
{
    jb_account(b);
    LLVMValueRef e = exec_bits(b);
    LLVMValueRef k = LLVMBuildAnd(b->B, bits_of(b, kill), e, "");
    LLVMValueRef live = ld(b, b->i32, b->live, 4);
    LLVMValueRef kd = ld(b, b->i32, b->killed, 4);
    st(b, LLVMBuildOr(b->B, kd, LLVMBuildAnd(b->B, k, live, ""), ""), b->killed, 4);
    live = LLVMBuildAnd(b->B, live, LLVMBuildNot(b->B, k, ""), "");
    st(b, live, b->live, 4);
    LLVMValueRef keep;
    if (b->fragment) {
        /* quads with no live lane stop: exec &= quads_any(live) */
        LLVMValueRef q = LLVMBuildOr(b->B, live, LLVMBuildLShr(b->B, live, k32(b, 1), ""), "");
        q = LLVMBuildOr(b->B, q, LLVMBuildLShr(b->B, live, k32(b, 2), ""), "");
        q = LLVMBuildOr(b->B, q, LLVMBuildLShr(b->B, live, k32(b, 3), ""), "");
        keep = LLVMBuildMul(b->B, LLVMBuildAnd(b->B, q, k32(b, 0x11111111u), ""), k32(b, 0xf), "");
    } else {
        keep = LLVMBuildNot(b->B, k, "");
    }
    e = LLVMBuildAnd(b->B, e, keep, "");
    st(b, e, b->exec, 4);
    /* the lanes of the other groups end with their quads too */
    st(b, LLVMBuildAnd(b->B, ld(b, b->i32, b->alive, 4), keep, ""), b->alive, 4);
    if (b->depth || b->paired)
        return; /* lanes outside this IF block may still run; the pair's other task */
    LLVMBasicBlockRef next = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
    LLVMValueRef none = LLVMBuildICmp(b->B, LLVMIntEQ, e, k32(b, 0), "");
    LLVMBuildCondBr(b->B, none, b->exit, next);
    LLVMPositionBuilderAtEnd(b->B, next);
}

/* DDX / DDY (float_alu.c quad_derivative): within each 2x2 quad, 0 where
 * the quad is not wholly in the execution mask. */
static LLVMValueRef derivative(jb *b, LLVMValueRef v, bool dy)
{
    LLVMValueRef hi[NL], lo[NL];
    for (int l = 0; l < NL; l++) {
        int q = l & ~3, i = l & 3;
        int a, c;
        if (dy) {
            a = q + 2 + (i & 1);
            c = q + (i & 1);
        } else {
            a = q + (i & 2) + 1;
            c = q + (i & 2);
        }
        hi[l] = k32(b, (uint32_t)a);
        lo[l] = k32(b, (uint32_t)c);
    }
    LLVMValueRef d = fsub(b, LLVMBuildShuffleVector(b->B, v, v, LLVMConstVector(hi, NL), ""),
                          LLVMBuildShuffleVector(b->B, v, v, LLVMConstVector(lo, NL), ""));
    LLVMValueRef e = exec_bits(b);
    LLVMValueRef q = LLVMBuildAnd(b->B, e, LLVMBuildLShr(b->B, e, k32(b, 1), ""), "");
    q = LLVMBuildAnd(b->B, q, LLVMBuildLShr(b->B, e, k32(b, 2), ""), "");
    q = LLVMBuildAnd(b->B, q, LLVMBuildLShr(b->B, e, k32(b, 3), ""), "");
    q = LLVMBuildMul(b->B, LLVMBuildAnd(b->B, q, k32(b, 0x1111u), ""), k32(b, 0xf), "");
    return sel(b, lanes_of(b, q), d, cf(b, 0.0f));
}

/* ---- the typed ALU (exec/integer.c exec_typed, typed_op) ------------------- */

/* Component c of operand s as the bits of an integer (exec/runtime.c
 * apply_mods: .S |x| then two's-complement negation, .U negation only;
 * SWZ's 1 is the integer 1, swz_const). */
static LLVMValueRef src_int(jb *b, const gp_src *s, int c, bool sgn)
{
    int sw = s->swz[c];
    LLVMValueRef v = sw > GP_SWZ_W ? ci(b, sw == GP_SWZ_ONE ? 1u : 0u) : fbits(b, read_reg(b, s, sw));
    if (s->abs && sgn)
        v = sel(b, LLVMBuildICmp(b->B, LLVMIntSLT, v, ci(b, 0), ""), LLVMBuildSub(b->B, ci(b, 0), v, ""), v);
    if ((s->negate >> c) & 1)
        v = LLVMBuildSub(b->B, ci(b, 0), v, "");
    return v;
}

/* integer.c f2u_sat: negative, -0 and NaN 0, saturating at UINT32_MAX. */
static LLVMValueRef f2u(jb *b, LLVMValueRef x)
{
    LLVMValueRef t = LLVMBuildFPToUI(b->B, x, b->vi, "");
    t = sel(b, fcmp(b, LLVMRealOGE, x, cf(b, 4294967296.0f)), ci(b, UINT32_MAX), t);
    return sel(b, fcmp(b, LLVMRealOGT, x, cf(b, 0.0f)), t, ci(b, 0));
}

static LLVMValueRef icmp(jb *b, LLVMIntPredicate pr, LLVMValueRef x, LLVMValueRef y)
{
    return LLVMBuildICmp(b->B, pr, x, y, "");
}

/* OF and CF of x + y, or of x - y (integer.c add_flags, NV_gpu_program4
 * 2.X.4.3). */
static LLVMValueRef add_flags(jb *b, LLVMValueRef x, LLVMValueRef y, bool sub)
{
    LLVMBuilderRef B = b->B;
    LLVMValueRef r = sub ? LLVMBuildSub(B, x, y, "") : LLVMBuildAdd(B, x, y, "");
    LLVMValueRef ov = sub ? LLVMBuildAnd(B, LLVMBuildXor(B, x, y, ""), LLVMBuildXor(B, x, r, ""), "")
                          : LLVMBuildAnd(B, LLVMBuildXor(B, x, r, ""), LLVMBuildXor(B, y, r, ""), "");
    LLVMValueRef of = LLVMBuildMul(B, LLVMBuildLShr(B, ov, ci(b, 31), ""), ci(b, CC_OF), "");
    LLVMValueRef carry = sub ? icmp(b, LLVMIntUGE, x, y) : icmp(b, LLVMIntULT, r, x);
    return LLVMBuildOr(B, of, sel(b, carry, ci(b, CC_CF), ci(b, 0)), "");
}

/* integer.c add_flags_mod: the flags of p + q for operands fetched with
 * negations np, nq (undone exactly: the add becomes a subtract). */
static LLVMValueRef add_flags_mod(jb *b, LLVMValueRef p, bool np, LLVMValueRef q, bool nq)
{
    LLVMValueRef zero = ci(b, 0);
    if (np == nq)
        return add_flags(b, p, q, false);
    if (nq)
        return add_flags(b, p, LLVMBuildSub(b->B, zero, q, ""), true);
    return add_flags(b, q, LLVMBuildSub(b->B, zero, p, ""), true);
}

/* typed_op for one component: operands and result as integer bits. */
static LLVMValueRef typed_val(jb *b, const gp_insn *in, int t, LLVMValueRef x, LLVMValueRef y,
                              LLVMValueRef z)
{
    LLVMBuilderRef B = b->B;
    const bool s = t == GP_TYPE_S32;
    LLVMValueRef zero = ci(b, 0), ones = ci(b, UINT32_MAX);
    switch (in->op) {
    case GP_OP_MOV:
    case GP_OP_SWZ: return x;
    case GP_OP_ABS: return s ? sel(b, icmp(b, LLVMIntSLT, x, zero), LLVMBuildSub(B, zero, x, ""), x) : x;
    case GP_OP_ADD: return LLVMBuildAdd(B, x, y, "");
    case GP_OP_SUB: return LLVMBuildSub(B, x, y, "");
    case GP_OP_MAD: return LLVMBuildAdd(B, LLVMBuildMul(B, x, y, ""), z, "");
    case GP_OP_MUL:
        switch (in->opmod) {
        case GP_OPMOD_S24: {
            LLVMValueRef e = ci(b, 8);
            return LLVMBuildMul(B, LLVMBuildAShr(B, LLVMBuildShl(B, x, e, ""), e, ""),
                                LLVMBuildAShr(B, LLVMBuildShl(B, y, e, ""), e, ""), "");
        }
        case GP_OPMOD_U24:
            return LLVMBuildMul(B, LLVMBuildAnd(B, x, ci(b, 0xffffffu), ""),
                                LLVMBuildAnd(B, y, ci(b, 0xffffffu), ""), "");
        case GP_OPMOD_HI: {
            LLVMValueRef x64 = s ? LLVMBuildSExt(B, x, b->vl, "") : LLVMBuildZExt(B, x, b->vl, "");
            LLVMValueRef y64 = s ? LLVMBuildSExt(B, y, b->vl, "") : LLVMBuildZExt(B, y, b->vl, "");
            return LLVMBuildTrunc(B, LLVMBuildLShr(B, LLVMBuildMul(B, x64, y64, ""), cl(b, 32), ""), b->vi, "");
        }
        default: return LLVMBuildMul(B, x, y, "");
        }
    case GP_OP_MIN: return sel(b, icmp(b, s ? LLVMIntSLT : LLVMIntULT, x, y), x, y);
    case GP_OP_MAX: return sel(b, icmp(b, s ? LLVMIntSGT : LLVMIntUGT, x, y), x, y);
    case GP_OP_CMP: return s ? sel(b, icmp(b, LLVMIntSLT, x, zero), y, z) : z;
    case GP_OP_SEQ: return LLVMBuildSExt(B, icmp(b, LLVMIntEQ, x, y), b->vi, "");
    case GP_OP_SNE: return LLVMBuildSExt(B, icmp(b, LLVMIntNE, x, y), b->vi, "");
    case GP_OP_SLT: return LLVMBuildSExt(B, icmp(b, s ? LLVMIntSLT : LLVMIntULT, x, y), b->vi, "");
    case GP_OP_SGE: return LLVMBuildSExt(B, icmp(b, s ? LLVMIntSGE : LLVMIntUGE, x, y), b->vi, "");
    case GP_OP_SGT: return LLVMBuildSExt(B, icmp(b, s ? LLVMIntSGT : LLVMIntUGT, x, y), b->vi, "");
    case GP_OP_SLE: return LLVMBuildSExt(B, icmp(b, s ? LLVMIntSLE : LLVMIntULE, x, y), b->vi, "");
    case GP_OP_SFL: return zero;
    case GP_OP_STR: return ones;
    case GP_OP_AND: return LLVMBuildAnd(B, x, y, "");
    case GP_OP_OR: return LLVMBuildOr(B, x, y, "");
    case GP_OP_XOR: return LLVMBuildXor(B, x, y, "");
    case GP_OP_NOT: return LLVMBuildNot(B, x, "");
    case GP_OP_SHL: return LLVMBuildShl(B, x, LLVMBuildAnd(B, y, ci(b, 31), ""), "");
    case GP_OP_SHR: {
        LLVMValueRef n = LLVMBuildAnd(B, y, ci(b, 31), "");
        return s ? LLVMBuildAShr(B, x, n, "") : LLVMBuildLShr(B, x, n, "");
    }
    case GP_OP_DIV:
    case GP_OP_MOD: {
        /* by zero all bits; .S by -1: -x and 0 (no division: LLVM's
         * quotient of those is poison) */
        LLVMValueRef by0 = icmp(b, LLVMIntEQ, y, zero);
        LLVMValueRef bym1 = s ? icmp(b, LLVMIntEQ, y, ones) : NULL;
        LLVMValueRef odd = bym1 ? LLVMBuildOr(B, by0, bym1, "") : by0;
        LLVMValueRef d = sel(b, odd, ci(b, 1), y);
        LLVMValueRef q;
        if (in->op == GP_OP_DIV)
            q = s ? LLVMBuildSDiv(B, x, d, "") : LLVMBuildUDiv(B, x, d, "");
        else
            q = s ? LLVMBuildSRem(B, x, d, "") : LLVMBuildURem(B, x, d, "");
        if (bym1)
            q = sel(b, bym1, in->op == GP_OP_DIV ? LLVMBuildSub(B, zero, x, "") : zero, q);
        return sel(b, by0, ones, q);
    }
    case GP_OP_SAD: {
        LLVMValueRef ge = icmp(b, s ? LLVMIntSGE : LLVMIntUGE, x, y);
        LLVMValueRef d = sel(b, ge, LLVMBuildSub(B, x, y, ""), LLVMBuildSub(B, y, x, ""));
        return LLVMBuildAdd(B, d, z, "");
    }
    case GP_OP_I2F:
        return fbits(b, s ? LLVMBuildSIToFP(B, x, b->vf, "") : LLVMBuildUIToFP(B, x, b->vf, ""));
    default: { /* FLR CEIL ROUND TRUNC: a float operand, a result of the type */
        const char *f = in->op == GP_OP_FLR ? "llvm.floor" : in->op == GP_OP_CEIL ? "llvm.ceil"
                        : in->op == GP_OP_ROUND ? "llvm.rint" : "llvm.trunc";
        LLVMValueRef r = fn1(b, f, bitsf(b, x));
        return t == GP_TYPE_S32 ? f2i(b, r) : t == GP_TYPE_U32 ? f2u(b, r) : fbits(b, r);
    }
    }
}

/* An instruction of the typed path (is_typed, jit_check's subset):
 * operands fetched with the kinds of gp_opinfo.io, the result stored as
 * its kind. */
static void emit_typed(jb *b, const gp_insn *in)
{
    const gp_opinfo *oi = &gp_opinfo_table[in->op];
    const int t = in->type;
    const int rtype = gp_kind_type(gp_io_kind(oi->io, 0), t);
    const uint32_t wmask = in->dst.mask & 0xfu;
    const bool vecsca = oi->cls == GP_CLASS_VECSCA;
    const int nsrc = oi->nsrc > 3 ? 3 : oi->nsrc;
    /* OF / CF of the integer adds (2.X.4.3) */
    const bool add = in->cc_update && (t == GP_TYPE_S32 || t == GP_TYPE_U32) &&
                     (in->op == GP_OP_ADD || in->op == GP_OP_SUB || in->op == GP_OP_MAD ||
                      in->op == GP_OP_SAD);
    LLVMValueRef r[4] = {0}, extra[4] = {0};
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        LLVMValueRef op[3] = {ci(b, 0), ci(b, 0), ci(b, 0)};
        for (int i = 0; i < nsrc; i++) {
            int k = gp_kind_type(gp_io_kind(oi->io, i + 1), t);
            int cc = vecsca && i == 1 ? 0 : c; /* DIV's scalar operand */
            op[i] = k == GP_TYPE_S32 || k == GP_TYPE_U32 ? src_int(b, &in->src[i], cc, k == GP_TYPE_S32)
                                                         : fbits(b, src_comp(b, &in->src[i], cc));
        }
        r[c] = typed_val(b, in, t, op[0], op[1], op[2]);
        if (add) {
            bool n0 = in->src[0].negate >> c & 1, n1 = in->src[1].negate >> c & 1;
            bool n2 = in->src[2].negate >> c & 1;
            LLVMValueRef zero = ci(b, 0);
            if (in->op == GP_OP_ADD)
                extra[c] = add_flags_mod(b, op[0], n0, op[1], n1);
            else if (in->op == GP_OP_SUB)
                extra[c] = add_flags_mod(b, op[0], n0, LLVMBuildSub(b->B, zero, op[1], ""), !n1);
            else if (in->op == GP_OP_MAD)
                extra[c] = add_flags_mod(b, LLVMBuildMul(b->B, op[0], op[1], ""), false, op[2], n2);
            else
                extra[c] = add_flags(b, LLVMBuildSub(b->B, r[c], op[2], ""), op[2], false);
        }
        if (rtype != GP_TYPE_S32 && rtype != GP_TYPE_U32)
            r[c] = bitsf(b, r[c]);
    }
    b->cc_extra = add ? extra : NULL;
    store(b, in, r, rtype == GP_TYPE_S32 || rtype == GP_TYPE_U32, false);
    b->cc_extra = NULL;
}

/* Starts IF block d's code for the lanes in mask: a branch past it (to
 * if_join[d], where the ELSE or ENDIF takes over) when mask is empty.
 * Every register lives in an alloca, so the paths meet without phis of
 * our own; the count of the instructions jumped over multiplies an empty
 * mask there (jb_account). */
static void run_block(jb *b, LLVMValueRef mask, int d)
{
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
    b->if_join[d] = LLVMAppendBasicBlockInContext(b->C, b->fn, "");
    LLVMBuildCondBr(b->B, LLVMBuildICmp(b->B, LLVMIntEQ, mask, k32(b, 0), ""), b->if_join[d], body);
    LLVMPositionBuilderAtEnd(b->B, body);
}

/* Ends the running part of IF block d: both paths go on at if_join[d]. */
static void join_block(jb *b, int d)
{
    LLVMBuildBr(b->B, b->if_join[d]);
    LLVMPositionBuilderAtEnd(b->B, b->if_join[d]);
}

#define S(i, c) src_comp(b, &in->src[i], (c))

static void emit_insn(jb *b, const gp_insn *in)
{
    LLVMValueRef r[4] = {0};
    uint32_t wmask = in->dst.mask & 0xfu;
    b->seg++;
    if (is_typed(in)) {
        emit_typed(b, in);
        return;
    }
    switch (in->op) {
    case GP_OP_MOV:
    case GP_OP_SWZ:
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = S(0, c);
        break;
    case GP_OP_ABS:
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = bitsf(b, LLVMBuildAnd(b->B, fbits(b, S(0, c)), ci(b, 0x7fffffffu), ""));
        break;
    case GP_OP_FLR:
        /* gp_floorf: floor with -0 kept */
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = fn1(b, "llvm.floor", S(0, c));
        break;
    case GP_OP_FRC:
        /* v_frc: x - floor(x), capped at 1 - 2^-24 (MINPS(c, f)).  v_frc
         * adds + 0 because its floor turns -0 into +0; llvm.floor keeps
         * -0, so here x - floor(x) is never -0 and the add would change
         * no float's bits (checked over all 2^32): it would only lengthen
         * the chain by an add's latency. */
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1) {
                LLVMValueRef x = S(0, c);
                LLVMValueRef f = fsub(b, x, fn1(b, "llvm.floor", x));
                LLVMValueRef cap = cf(b, 0.99999994f);
                r[c] = sel(b, fcmp(b, LLVMRealOLT, cap, f), cap, f);
            }
        break;
    case GP_OP_SSG:
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1) {
                LLVMValueRef x = S(0, c);
                r[c] = sel(b, fcmp(b, LLVMRealOLT, x, cf(b, 0.0f)), cf(b, -1.0f),
                           sel(b, fcmp(b, LLVMRealOGT, x, cf(b, 0.0f)), cf(b, 1.0f), cf(b, 0.0f)));
            }
        break;
    case GP_OP_ADD: case GP_OP_SUB: case GP_OP_MUL: case GP_OP_MAX: case GP_OP_MIN:
    case GP_OP_SGE: case GP_OP_SLT: case GP_OP_SEQ: case GP_OP_SNE: case GP_OP_SGT:
    case GP_OP_SLE:
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            LLVMValueRef x = S(0, c), y = S(1, c);
            switch (in->op) {
            case GP_OP_ADD: r[c] = fadd(b, x, y); break;
            case GP_OP_SUB: r[c] = fsub(b, x, y); break;
            case GP_OP_MUL: r[c] = fmul(b, x, y); break;
            /* MAX = a > b ? a : b, MIN = b < a ? b : a (MAXPS(a, b), MINPS(b, a)) */
            case GP_OP_MAX: r[c] = sel(b, fcmp(b, LLVMRealOGT, x, y), x, y); break;
            case GP_OP_MIN: r[c] = sel(b, fcmp(b, LLVMRealOLT, y, x), y, x); break;
            case GP_OP_SGE: r[c] = set01(b, fcmp(b, LLVMRealOGE, x, y)); break;
            case GP_OP_SLT: r[c] = set01(b, fcmp(b, LLVMRealOLT, x, y)); break;
            case GP_OP_SEQ: r[c] = set01(b, fcmp(b, LLVMRealOEQ, x, y)); break;
            case GP_OP_SNE: r[c] = set01(b, fcmp(b, LLVMRealUNE, x, y)); break;
            case GP_OP_SGT: r[c] = set01(b, fcmp(b, LLVMRealOGT, x, y)); break;
            default: r[c] = set01(b, fcmp(b, LLVMRealOLE, x, y)); break;
            }
        }
        break;
    case GP_OP_SFL:
    case GP_OP_STR:
        for (int c = 0; c < 4; c++)
            r[c] = cf(b, in->op == GP_OP_STR ? 1.0f : 0.0f);
        break;
    case GP_OP_MAD: case GP_OP_CMP: case GP_OP_LRP:
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            LLVMValueRef x = S(0, c), y = S(1, c), z = S(2, c);
            if (in->op == GP_OP_MAD)
                r[c] = fadd(b, fmul(b, x, y), z);
            else if (in->op == GP_OP_CMP)
                r[c] = sel(b, fcmp(b, LLVMRealOLT, x, cf(b, 0.0f)), y, z);
            else /* a*b + (1-a)*c */
                r[c] = fadd(b, fmul(b, x, y), fmul(b, fsub(b, cf(b, 1.0f), x), z));
        }
        break;
    case GP_OP_DIV: {
        LLVMValueRef y = S(1, 0);
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = fdiv(b, S(0, c), y);
        break;
    }
    case GP_OP_RCP:
        r[0] = fdiv(b, cf(b, 1.0f), S(0, 0));
        store(b, in, r, false, true);
        return;
    case GP_OP_RSQ:
        r[0] = fdiv(b, cf(b, 1.0f), fn1(b, "llvm.sqrt", fn1(b, "llvm.fabs", S(0, 0))));
        store(b, in, r, false, true);
        return;
    case GP_OP_RCC: {
        /* gp_rcc: 1/a clamped to [2^-64, 2^64] when > 0, else when <= 0 to
         * [-2^64, -2^-64]; NaN stays */
        const float big = 18446744073709551616.0f, tiny = 5.42101086242752217e-20f;
        LLVMValueRef x = fdiv(b, cf(b, 1.0f), S(0, 0));
        LLVMValueRef p = sel(b, fcmp(b, LLVMRealOLT, x, cf(b, tiny)), cf(b, tiny),
                             sel(b, fcmp(b, LLVMRealOGT, x, cf(b, big)), cf(b, big), x));
        LLVMValueRef n = sel(b, fcmp(b, LLVMRealOLT, x, cf(b, -big)), cf(b, -big),
                             sel(b, fcmp(b, LLVMRealOGT, x, cf(b, -tiny)), cf(b, -tiny), x));
        r[0] = sel(b, fcmp(b, LLVMRealOGT, x, cf(b, 0.0f)), p,
                   sel(b, fcmp(b, LLVMRealOLE, x, cf(b, 0.0f)), n, x));
        store(b, in, r, false, true);
        return;
    }
    case GP_OP_EX2: case GP_OP_LG2: case GP_OP_SIN: case GP_OP_COS:
        r[0] = vm1(b, in->op == GP_OP_EX2 ? JIT_SYM_VM_EX2 : in->op == GP_OP_LG2 ? JIT_SYM_VM_LG2
                      : in->op == GP_OP_SIN ? JIT_SYM_VM_SIN : JIT_SYM_VM_COS, S(0, 0));
        store(b, in, r, false, true);
        return;
    case GP_OP_POW: {
        gp_val e = {.u = 0};
        bool k = const_comp(b, &in->src[1], 0, &e.u);
        if (k && e.f >= -64.0f && e.f <= 64.0f && e.f == (float)(int)e.f)
            r[0] = pow_int(b, S(0, 0), (int)e.f);
        else
            r[0] = vm_pow(b, S(0, 0), S(1, 0));
        store(b, in, r, false, true);
        return;
    }
    case GP_OP_DP2: case GP_OP_DP2A: case GP_OP_DP3: case GP_OP_DP4: case GP_OP_DPH: {
        /* summed left to right (k_dp*); DPH is DP4 with a.w = 1 */
        int n = in->op == GP_OP_DP2 || in->op == GP_OP_DP2A ? 2 : in->op == GP_OP_DP3 ? 3 : 4;
        LLVMValueRef s = NULL;
        for (int c = 0; c < n; c++) {
            LLVMValueRef x = in->op == GP_OP_DPH && c == 3 ? cf(b, 1.0f) : S(0, c);
            LLVMValueRef t = fmul(b, x, S(1, c));
            s = s ? fadd(b, s, t) : t;
        }
        if (in->op == GP_OP_DP2A)
            s = fadd(b, s, S(2, 0));
        r[0] = s;
        store(b, in, r, false, true);
        return;
    }
    case GP_OP_DST:
        r[0] = cf(b, 1.0f);
        r[1] = fmul(b, S(0, 1), S(1, 1));
        r[2] = S(0, 2);
        r[3] = S(1, 3);
        break;
    case GP_OP_XPD: {
        LLVMValueRef ax = S(0, 0), ay = S(0, 1), az = S(0, 2);
        LLVMValueRef bx = S(1, 0), by = S(1, 1), bz = S(1, 2);
        r[0] = fsub(b, fmul(b, ay, bz), fmul(b, az, by));
        r[1] = fsub(b, fmul(b, az, bx), fmul(b, ax, bz));
        r[2] = fsub(b, fmul(b, ax, by), fmul(b, ay, bx));
        r[3] = cf(b, 0.0f);
        break;
    }
    case GP_OP_LIT: {
        /* k_lit: x, y >= 0, w in (-128, 128), z = x > 0 ? pow(y, w) : 0 */
        const float wmax = 127.99999237060546875f;
        LLVMValueRef ax = S(0, 0), ay = S(0, 1), aw = S(0, 3);
        LLVMValueRef y = sel(b, fcmp(b, LLVMRealOLT, ay, cf(b, 0.0f)), cf(b, 0.0f), ay);
        aw = sel(b, fcmp(b, LLVMRealOLT, aw, cf(b, -wmax)), cf(b, -wmax), aw);
        LLVMValueRef w = sel(b, fcmp(b, LLVMRealOGT, aw, cf(b, wmax)), cf(b, wmax), aw);
        LLVMValueRef pw = vm_pow(b, y, w);
        ax = sel(b, fcmp(b, LLVMRealOLT, ax, cf(b, 0.0f)), cf(b, 0.0f), ax);
        r[0] = cf(b, 1.0f);
        r[1] = ax;
        r[2] = sel(b, fcmp(b, LLVMRealOGT, ax, cf(b, 0.0f)), pw, cf(b, 0.0f));
        r[3] = cf(b, 1.0f);
        break;
    }
    case GP_OP_NRM: {
        /* k_nrm: xyz * (1 / sqrt(x*x + y*y + z*z)), w 0 */
        LLVMValueRef ax = S(0, 0), ay = S(0, 1), az = S(0, 2);
        LLVMValueRef d = fadd(b, fadd(b, fmul(b, ax, ax), fmul(b, ay, ay)), fmul(b, az, az));
        LLVMValueRef sc = fdiv(b, cf(b, 1.0f), fn1(b, "llvm.sqrt", d));
        r[0] = fmul(b, ax, sc);
        r[1] = fmul(b, ay, sc);
        r[2] = fmul(b, az, sc);
        r[3] = cf(b, 0.0f);
        break;
    }
    case GP_OP_RFL: {
        /* k_rfl, step by step */
        LLVMValueRef ax = S(0, 0), ay = S(0, 1), az = S(0, 2);
        LLVMValueRef dx = S(1, 0), dy = S(1, 1), dz = S(1, 2);
        LLVMValueRef tw = fadd(b, fadd(b, fmul(b, ax, ax), fmul(b, ay, ay)), fmul(b, az, az));
        LLVMValueRef tx = fadd(b, fadd(b, fmul(b, ax, dx), fmul(b, ay, dy)), fmul(b, az, dz));
        tx = fmul(b, cf(b, 2.0f), tx);
        tx = fdiv(b, tx, tw);
        r[0] = fsub(b, fmul(b, tx, ax), dx);
        r[1] = fsub(b, fmul(b, tx, ay), dy);
        r[2] = fsub(b, fmul(b, tx, az), dz);
        r[3] = cf(b, 0.0f);
        break;
    }
    case GP_OP_X2D: {
        /* k_x2d: (a.x + b.x*c.x + b.y*c.y, a.y + b.x*c.z + b.y*c.w, x, y) */
        LLVMValueRef bx = S(1, 0), by = S(1, 1);
        r[0] = fadd(b, fadd(b, S(0, 0), fmul(b, bx, S(2, 0))), fmul(b, by, S(2, 1)));
        r[1] = fadd(b, fadd(b, S(0, 1), fmul(b, bx, S(2, 2))), fmul(b, by, S(2, 3)));
        r[2] = r[0];
        r[3] = r[1];
        break;
    }
    case GP_OP_EXP:
    case GP_OP_LOG:
        exp_log(b, in->op == GP_OP_LOG, S(0, 0), r);
        break;
    case GP_OP_SCS: {
        LLVMValueRef a = S(0, 0);
        r[0] = vm1(b, JIT_SYM_VM_COS, a);
        r[1] = vm1(b, JIT_SYM_VM_SIN, a);
        r[2] = r[3] = cf(b, 0.0f);
        break;
    }
    case GP_OP_DDX:
    case GP_OP_DDY:
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = derivative(b, S(0, c), in->op == GP_OP_DDY);
        break;
    case GP_OP_ARL:
    case GP_OP_ARR:
        /* floor (ARL) or round to even (ARR), then gp_f2i */
        for (int c = 0; c < 4; c++)
            if (wmask >> c & 1)
                r[c] = f2i(b, fn1(b, in->op == GP_OP_ARL ? "llvm.floor" : "llvm.rint", S(0, c)));
        store(b, in, r, true, false);
        return;
    case GP_OP_IF: {
        /* NV_fragment_program2 3.11.X.7 (exec IF in gp_exec.c): the lanes
         * whose condition holds run the block, the others the ELSE block;
         * both run here under their masks, one after the other (the
         * interpreter's order: a block's instructions count its lanes),
         * and a block no lane runs is jumped over */
        jb_account(b);
        LLVMValueRef e = exec_bits(b);
        LLVMValueRef m = cc_any(b, &in->cond);
        LLVMValueRef t = m ? LLVMBuildAnd(b->B, e, bits_of(b, m), "") : e;
        int d = b->depth++;
        b->if_exec[d] = e;
        b->if_true[d] = t;
        st(b, t, b->exec, 4);
        run_block(b, t, d);
        return;
    }
    case GP_OP_ELSE: {
        /* the true block's lanes end here (counting the ELSE); the false
         * ones still alive run */
        int d = b->depth - 1;
        join_block(b, d);
        jb_account(b);
        LLVMValueRef f = LLVMBuildAnd(b->B, b->if_exec[d], LLVMBuildNot(b->B, b->if_true[d], ""), "");
        f = LLVMBuildAnd(b->B, f, ld(b, b->i32, b->alive, 4), "");
        st(b, f, b->exec, 4);
        run_block(b, f, d);
        return;
    }
    case GP_OP_ENDIF:
        /* the groups meet again: the IF's lanes still alive */
        join_block(b, b->depth - 1);
        jb_account(b);
        b->depth--;
        st(b, LLVMBuildAnd(b->B, b->if_exec[b->depth], ld(b, b->i32, b->alive, 4), ""), b->exec, 4);
        return;
    case GP_OP_KIL: {
        LLVMValueRef kill;
        if (in->src[0].file == GP_FILE_NONE) {
            kill = cc_any(b, &in->cond);
            if (!kill)
                kill = lanes_of(b, k32(b, 0xffffu));
        } else {
            kill = NULL;
            for (int c = 0; c < 4; c++) {
                LLVMValueRef m = fcmp(b, LLVMRealOLT, S(0, c), cf(b, 0.0f));
                kill = kill ? LLVMBuildOr(b->B, kill, m, "") : m;
            }
        }
        kill_lanes(b, kill);
        return;
    }
    case GP_OP_TEX: tex(b, in, GP_TEXOP_TEX, r); break;
    case GP_OP_TXP: tex(b, in, GP_TEXOP_TXP, r); break;
    case GP_OP_TXB: tex(b, in, GP_TEXOP_TXB, r); break;
    case GP_OP_TXL: tex(b, in, GP_TEXOP_TXL, r); break;
    case GP_OP_TXD: tex(b, in, GP_TEXOP_TXD, r); break;
    default:
        return;
    }
    store(b, in, r, false, false);
}

#undef S

/* The per-task part of a function's entry block: task k's arguments
 * (env, in, out, exec, live, res at first + 0..5; params is argument 3 of
 * every function), its registers and their initial values.  False when out
 * of memory. */
static bool task_init(jb *b, int first)
{
    b->env = LLVMGetParam(b->fn, (unsigned)first);
    b->in = LLVMGetParam(b->fn, (unsigned)first + 1);
    b->out = LLVMGetParam(b->fn, (unsigned)first + 2);
    int k = first == 0 ? 4 : first + 3; /* after params in the first task's list */
    b->ran = LLVMGetParam(b->fn, (unsigned)k);
    LLVMValueRef live = LLVMGetParam(b->fn, (unsigned)k + 1);
    b->res = LLVMGetParam(b->fn, (unsigned)k + 2);

    /* registers start defined: temporaries and address registers 0, CC EQ */
    b->temps = calloc((size_t)(b->num_temps > 0 ? b->num_temps : 1) * 4, sizeof(LLVMValueRef));
    if (!b->temps)
        return false;
    for (int i = 0; i < b->num_temps * 4; i++) {
        b->temps[i] = alloca_in_entry(b, b->vf, 64);
        LLVMValueRef s = LLVMBuildStore(b->A, b->zero, b->temps[i]);
        LLVMSetAlignment(s, 64);
    }
    for (int i = 0; i < b->naddr * 4; i++) {
        b->addr[i] = alloca_in_entry(b, b->vi, 64);
        LLVMValueRef s = LLVMBuildStore(b->A, LLVMConstNull(b->vi), b->addr[i]);
        LLVMSetAlignment(s, 64);
    }
    for (int r = 0; r < 2; r++)
        for (int c = 0; c < 4; c++) {
            b->cc[r][c] = alloca_in_entry(b, b->vi, 64);
            LLVMValueRef s = LLVMBuildStore(b->A, ci(b, CC_ZF), b->cc[r][c]);
            LLVMSetAlignment(s, 64);
        }
    for (int i = 0; i < 3; i++)
        b->row[i] = alloca_in_entry(b, b->vf, 64);
    for (int i = 0; i < 4; i++)
        b->vec[i] = alloca_in_entry(b, LLVMArrayType(b->f32, 4 * NL), 64);
    b->req = alloca_in_entry(b, LLVMArrayType(b->i8, sizeof(gp_tex_request)), 16);
    b->exec = alloca_in_entry(b, b->i32, 4);
    b->live = alloca_in_entry(b, b->i32, 4);
    b->used = alloca_in_entry(b, b->i64, 8);
    b->killed = alloca_in_entry(b, b->i32, 4);
    b->alive = alloca_in_entry(b, b->i32, 4);
    LLVMBuildStore(b->A, b->ran, b->exec);
    LLVMBuildStore(b->A, b->ran, b->alive);
    LLVMBuildStore(b->A, live, b->live);
    LLVMBuildStore(b->A, LLVMConstInt(b->i64, 0, 0), b->used);
    LLVMBuildStore(b->A, LLVMConstInt(b->i32, 0, 0), b->killed);
    return true;
}

/* Builds the function of ntasks tasks (1, or 2 for a pair: the second
 * task's arguments follow the first's, jit.h jit_fn2), every instruction
 * emitted for each task in turn, so that the two tasks' dependency chains
 * interleave. */
static const char *build(const gp_program *p, LLVMContextRef c, LLVMModuleRef m, const char *name,
                         int ntasks)
{
    const char *why = jit_check(p);
    if (why)
        return why;
    jb tb[2], *b = &tb[0];
    memset(tb, 0, sizeof(tb));
    b->p = p;
    b->C = c;
    b->M = m;
    b->v = LLVMVoidTypeInContext(c);
    b->i1 = LLVMInt1TypeInContext(c);
    b->i8 = LLVMInt8TypeInContext(c);
    b->i16 = LLVMInt16TypeInContext(c);
    b->i32 = LLVMInt32TypeInContext(c);
    b->i64 = LLVMInt64TypeInContext(c);
    b->f32 = LLVMFloatTypeInContext(c);
    b->ptr = LLVMPointerTypeInContext(c, 0);
    b->vf = LLVMVectorType(b->f32, NL);
    b->vi = LLVMVectorType(b->i32, NL);
    b->vb = LLVMVectorType(b->i1, NL);
    b->vl = LLVMVectorType(b->i64, NL);
    b->vd = LLVMVectorType(LLVMDoubleTypeInContext(c), NL);
    b->fragment = p->info.stage == GP_STAGE_FRAGMENT;
    b->num_inputs = jit_num_inputs(p);
    b->num_outputs = jit_num_outputs(p);
    b->num_temps = p->num_temps;
    b->naddr = p->num_address < 1 ? 1 : p->num_address > ADDR_REGS ? ADDR_REGS : p->num_address;
    b->paired = ntasks == 2;

    /* (env, in, out, params, exec, live, res) [+ (env, in, out, exec, live, res)] */
    LLVMTypeRef pt[13] = {b->ptr, b->ptr, b->ptr, b->ptr, b->i32, b->i32, b->ptr,
                          b->ptr, b->ptr, b->ptr, b->i32, b->i32, b->ptr};
    unsigned np = ntasks == 2 ? 13 : 7;
    b->fn = LLVMAddFunction(m, name, LLVMFunctionType(b->v, pt, np, 0));
    /* inputs, outputs and parameters do not overlap (gp_jit_run and
     * gp_jit_run2 check inputs against outputs) */
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    unsigned na[5] = {2, 3, 4, 9, 10}; /* attribute indices: argument + 1 */
    for (int k = 0; k < (ntasks == 2 ? 5 : 3); k++)
        LLVMAddAttributeAtIndex(b->fn, na[k], LLVMCreateEnumAttribute(c, noalias, 0));
    b->params = LLVMGetParam(b->fn, 3);

    b->entry = LLVMAppendBasicBlockInContext(c, b->fn, "entry");
    LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(c, b->fn, "body");
    b->exit = LLVMAppendBasicBlockInContext(c, b->fn, "exit");
    b->A = LLVMCreateBuilderInContext(c);
    b->B = LLVMCreateBuilderInContext(c);
    LLVMPositionBuilderAtEnd(b->A, b->entry);
    LLVMPositionBuilderAtEnd(b->B, body);

    LLVMValueRef zp = LLVMAddGlobal(m, b->vf, jit_symbol_name(JIT_SYM_ZEROS));
    b->zero = LLVMBuildLoad2(b->A, b->vf, zp, "zero");
    LLVMSetAlignment(b->zero, 64);
    b->negzero = LLVMBuildBitCast(
        b->A, LLVMBuildXor(b->A, LLVMBuildBitCast(b->A, b->zero, b->vi, ""), ci(b, 0x80000000u), ""),
        b->vf, "negzero");
    if (ntasks == 2)
        tb[1] = tb[0]; /* the shared part: context, function, builders, types */
    bool ok = true;
    for (int k = 0; k < ntasks; k++)
        ok = task_init(&tb[k], k == 0 ? 0 : 7) && ok;
    if (!ok) {
        for (int k = 0; k < ntasks; k++)
            free(tb[k].temps);
        LLVMDisposeBuilder(b->A);
        LLVMDisposeBuilder(b->B);
        return "out of memory";
    }
    LLVMBuildBr(b->A, body);

    for (int i = p->entry; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        if (in->op == GP_OP_END) {
            for (int k = 0; k < ntasks; k++) {
                tb[k].seg++; /* END counts, as the interpreter's fetch does */
                jb_account(&tb[k]);
            }
            LLVMBuildBr(b->B, b->exit);
            break;
        }
        for (int k = 0; k < ntasks; k++)
            emit_insn(&tb[k], in);
    }

    LLVMPositionBuilderAtEnd(b->B, b->exit);
    for (int k = 0; k < ntasks; k++) {
        jb *t = &tb[k];
        LLVMValueRef u = LLVMBuildLoad2(b->B, b->i64, t->used, "");
        LLVMValueRef kd = LLVMBuildLoad2(b->B, b->i32, t->killed, "");
        st(b, u, gep8(b, t->res, offsetof(jit_result, used)), 8);
        st(b, kd, gep8(b, t->res, offsetof(jit_result, killed)), 4);
        free(t->temps);
    }
    LLVMBuildRetVoid(b->B);

    LLVMDisposeBuilder(b->A);
    LLVMDisposeBuilder(b->B);
    return NULL;
}

const char *jit_build(const gp_program *p, LLVMContextRef c, LLVMModuleRef m, const char *name)
{
    return build(p, c, m, name, 1);
}

const char *jit_check_pair(const gp_program *p)
{
    if (p->info.stage != GP_STAGE_FRAGMENT)
        return "not a fragment program";
    for (int i = p->entry; i < p->num_insns && p->insns[i].op != GP_OP_END; i++) {
        if (p->insns[i].op == GP_OP_IF)
            return "IF blocks (a branch over one task's block would skip the other's)";
        /* a lookup is a call, around which both tasks' registers are
         * spilled: kil50's program gained nothing in pairs, the bump
         * demo's lost 4% */
        if (gp_opinfo_table[p->insns[i].op].flags & GP_OPF_TEX)
            return "texture lookups";
    }
    return NULL;
}

const char *jit_build_pair(const gp_program *p, LLVMContextRef c, LLVMModuleRef m, const char *name)
{
    const char *why = jit_check_pair(p); /* build checks jit_check's part */
    return why ? why : build(p, c, m, name, 2);
}
