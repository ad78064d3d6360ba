/*
 * gp_lower_punch.c - the punch-through split of a fragment program (glprog.h
 * gp_program_punch_variant): the "decide" program, which computes only what
 * the ISP needs before hidden-surface removal, i.e. which fragments KIL
 * discards and the depth the program writes (PowerVR's USC runs such a
 * part and feeds the result back with ATST / DEPTHF).  The rest of the
 * work is the original program itself, run later on the fragments that
 * stay visible: it recomputes the decision, which gives the same answer
 * because every lane's values depend only on its quad's inputs (killed
 * lanes keep running as helpers, exec/flow.c), so nothing has to be
 * carried from one run to the other.
 *
 * The decide program is the backward slice of the KIL instructions and the
 * result.depth writes over straight-line code: walking from the end, an
 * instruction is kept when it is a KIL, writes result.depth, or writes a
 * register (temporary, address register, condition code) that a kept
 * instruction after it reads; a kept instruction's sources, relative
 * indices, condition tests and conditional write masks become needed.  An
 * unconditional whole-register write (mask xyzw, no relative index) ends
 * the register's need; anything partial keeps it, so the old contents'
 * writers stay.  The kept instructions keep their order and operands, and
 * the parameter table, temporaries and inputs are p's, so the decide
 * program reads the same registers as p with the same values.
 *
 * Programs that are not split (NULL): not a fragment program, neither KIL
 * nor a depth write, any flow control (IF REP LOOP BRA CAL RET CALI ...),
 * side effects (stores, atomics, image writes: DESIGN.md wants them exactly
 * for the fragments an immediate renderer shades), memory reads (LOAD, LDB,
 * image loads: another tile's stores may land between the two runs, so
 * the decision could not be re-run to the same answer), operations across lanes
 * beyond the quad (thread-group votes, shuffles, fragment.helperthread: the
 * decide and the visible-fragment runs have different live lanes), reading
 * result registers, OPTION NV_early_fragment_tests (its tests run before
 * the program anyway), and any opcode outside the plain per-lane set.
 * Compile time, any thread; p is only read.
 */
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>

#include "gp_backend.h" /* gp_program_find_leaders */
#include "gp_priv.h"

/* Index space of the liveness sets: temporaries, address registers, then
 * the two condition-code registers. */
typedef struct punch_regs {
    int ntemp, naddr, n;
    uint8_t *need;
} punch_regs;

static int reg_slot(const punch_regs *r, int file, int index)
{
    switch (file) {
    case GP_FILE_TEMP: return index >= 0 && index < r->ntemp ? index : -1;
    case GP_FILE_ADDRESS: return index >= 0 && index < r->naddr ? r->ntemp + index : -1;
    case GP_FILE_CC: return index >= 0 && index < 2 ? r->ntemp + r->naddr + index : -1;
    default: return -1;
    }
}

/* Whether the opcode may be in a split program: per-lane (or per-quad:
 * DDX DDY, implicit LOD) computations without side effects or flow. */
static bool punch_op_ok(int op)
{
    switch (op) {
    case GP_OP_TGALL: case GP_OP_TGANY: case GP_OP_TGEQ: case GP_OP_TGBALLOT:
    case GP_OP_QSWZ0: case GP_OP_QSWZ1: case GP_OP_QSWZ2: case GP_OP_QSWZ3:
    case GP_OP_QSWZX: case GP_OP_QSWZY:
    case GP_OP_SHFDOWN: case GP_OP_SHFIDX: case GP_OP_SHFUP: case GP_OP_SHFXOR:
    case GP_OP_PUSHA: case GP_OP_POPA: case GP_OP_MEMBAR:
        return false;
    default: break;
    }
    const gp_opinfo *oi = &gp_opinfo_table[op];
    if (oi->flags & (GP_OPF_BRANCH | GP_OPF_SIDE_EFFECT | GP_OPF_ATOMIC | GP_OPF_BARRIER |
                     GP_OPF_GP_ONLY | GP_OPF_CP_ONLY))
        return false;
    switch (oi->cls) {
    case GP_CLASS_VECTOR: case GP_CLASS_SCALAR: case GP_CLASS_BINSC: case GP_CLASS_BIN:
    case GP_CLASS_TRI: case GP_CLASS_SWZ: case GP_CLASS_TEX: case GP_CLASS_TXD:
    case GP_CLASS_ARL: case GP_CLASS_ARA: case GP_CLASS_KIL: case GP_CLASS_VECSCA:
        return true;
    default:
        return op == GP_OP_END;
    }
}

/* Marks the registers operand s reads (its rows, LONG high rows, the
 * relative-index and vertex-index registers). */
static void need_src(punch_regs *r, const gp_src *s)
{
    if (s->file == GP_FILE_NONE)
        return;
    if (s->file == GP_FILE_TEMP || s->file == GP_FILE_ADDRESS) {
        int lo = s->rel ? s->rel_lo : s->index, hi = s->rel ? s->rel_hi : s->index;
        for (int i = lo; i <= hi; i++) {
            int k = reg_slot(r, s->file, i);
            if (k >= 0)
                r->need[k] = 1;
            if (s->hi && (k = reg_slot(r, s->file, i + s->hi)) >= 0)
                r->need[k] = 1;
        }
    }
    if (s->rel) {
        int k = reg_slot(r, s->rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS, s->rel_reg);
        if (k >= 0)
            r->need[k] = 1;
    }
    if (s->vtx_rel) {
        int k = reg_slot(r, GP_FILE_TEMP, s->vtx_rel_reg);
        if (k >= 0)
            r->need[k] = 1;
    }
}

static void need_cc(punch_regs *r, const gp_cc_test *c)
{
    if (c->cond != GP_COND_TR) {
        int k = reg_slot(r, GP_FILE_CC, c->reg);
        if (k >= 0)
            r->need[k] = 1;
    }
}

/* Whether instruction in writes a needed register (of rows [lo, hi] of its
 * destination, with LONG high rows) or a needed condition code. */
static bool writes_needed(const punch_regs *r, const gp_insn *in)
{
    const gp_dst *d = &in->dst;
    if (d->file == GP_FILE_TEMP || d->file == GP_FILE_ADDRESS) {
        int lo = d->rel ? d->rel_lo : d->index, hi = d->rel ? d->rel_hi : d->index;
        for (int i = lo; i <= hi; i++) {
            int k = reg_slot(r, d->file, i);
            if (k >= 0 && r->need[k])
                return true;
            if (d->hi && (k = reg_slot(r, d->file, i + d->hi)) >= 0 && r->need[k])
                return true;
        }
    }
    if (in->cc_update) {
        int k = reg_slot(r, GP_FILE_CC, in->cc_update - 1);
        if (k >= 0 && r->need[k])
            return true;
    }
    return false;
}

/* Whether p can be split; fills err when not. */
static bool punch_check(const gp_program *p, gp_error *err)
{
    const gp_program_info *info = &p->info;
    const char *why = NULL;
    if (info->stage != GP_STAGE_FRAGMENT)
        why = "not a fragment program";
    else if (!info->uses_kill && !info->writes_depth)
        why = "the program neither kills nor writes depth";
    else if (gp_info_touches_memory(info) || p->uses_thread || p->sub_block)
        why = "memory or images, thread-group bindings or subroutines";
    else if (info->options & (GP_OPTION_NV_EARLY_FRAGMENT_TESTS | GP_OPTION_NV_SHADER_THREAD_GROUP |
                              GP_OPTION_NV_SHADER_THREAD_SHUFFLE))
        why = "early fragment tests or thread-group operations";
    else if (p->entry != 0 || p->num_prologue != 0 || p->num_insns < 1 ||
             p->insns[p->num_insns - 1].op != GP_OP_END)
        why = "not straight-line code";
    for (int i = 0; !why && i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        if (in->op >= GP_OP_COUNT || !punch_op_ok(in->op) || (in->op == GP_OP_END && i != p->num_insns - 1))
            why = "flow control, memory writes or cross-lane operations";
        for (int s = 0; !why && s < 3; s++)
            if (in->src[s].file == GP_FILE_OUTPUT)
                why = "reads a result register";
    }
    if (!why)
        return true;
    err->out_of_memory = false;
    snprintf(err->msg, sizeof(err->msg), "%s", why);
    return false;
}

gp_program *gp_program_punch_variant(const gp_program *p, gp_error *err)
{
    gp_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof(*err));
    err->pos = -1;
    if (!p || !punch_check(p, err))
        return NULL;

    punch_regs r = { .ntemp = p->num_temps, .naddr = p->num_address };
    r.n = r.ntemp + r.naddr + 2;
    r.need = GP_MALLOC((size_t)r.n);
    uint8_t *keep = GP_MALLOC((size_t)p->num_insns);
    if (!r.need || !keep) {
        GP_FREE(r.need);
        GP_FREE(keep);
        err->out_of_memory = true;
        snprintf(err->msg, sizeof(err->msg), "out of memory");
        return NULL;
    }
    memset(r.need, 0, (size_t)r.n);
    int n = 0;
    for (int i = p->num_insns - 1; i >= 0; i--) {
        const gp_insn *in = &p->insns[i];
        const gp_dst *d = &in->dst;
        bool depth = d->file == GP_FILE_OUTPUT && !d->rel && d->index == GP_FOUT_DEPTH;
        bool k = in->op == GP_OP_END || in->op == GP_OP_KIL || depth || writes_needed(&r, in);
        keep[i] = k;
        if (!k)
            continue;
        n++;
        /* a whole, unconditional write ends the register's need (SCS
         * leaves z and w as they were: never whole) */
        if ((d->file == GP_FILE_TEMP || d->file == GP_FILE_ADDRESS) && !d->rel && !d->hi &&
            d->mask == 0xf && d->cc.cond == GP_COND_TR && !d->clipdist && in->op != GP_OP_SCS) {
            int s = reg_slot(&r, d->file, d->index);
            if (s >= 0)
                r.need[s] = 0;
        }
        for (int s = 0; s < 3; s++)
            need_src(&r, &in->src[s]);
        need_src(&r, &in->tex_handle);
        need_cc(&r, &in->cond);
        need_cc(&r, &d->cc);
        if (in->tex_flags & GP_TEXF_INDEXED) {
            int s = reg_slot(&r, GP_FILE_TEMP, in->tex_rel_reg);
            if (s >= 0)
                r.need[s] = 1;
        }
        if (d->rel) {
            int s = reg_slot(&r, d->rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS, d->rel_reg);
            if (s >= 0)
                r.need[s] = 1;
        }
    }
    GP_FREE(r.need);

    gp_program *q = GP_MALLOC(sizeof(*q));
    if (!q) {
        GP_FREE(keep);
        err->out_of_memory = true;
        snprintf(err->msg, sizeof(err->msg), "out of memory");
        return NULL;
    }
    memset(q, 0, sizeof(*q));
    /* as gp_lower_clip.c: everything up to the executor's own field */
    memcpy(q, p, offsetof(gp_program, exec_serial));
    q->insns = GP_MALLOC(sizeof(gp_insn) * (size_t)n);
    q->params = GP_MALLOC(sizeof(gp_param_binding) * (size_t)(p->info.num_params ? p->info.num_params : 1));
    q->source = GP_MALLOC(p->source_len + 1);
    q->leaders = GP_MALLOC((size_t)n);
    if (!q->insns || !q->params || !q->source || !q->leaders) {
        GP_FREE(keep);
        gp_program_free(q);
        err->out_of_memory = true;
        snprintf(err->msg, sizeof(err->msg), "out of memory");
        return NULL;
    }
    memcpy(q->source, p->source, p->source_len);
    q->source[p->source_len] = 0;
    memcpy(q->params, p->params, sizeof(gp_param_binding) * (size_t)p->info.num_params);
    int j = 0, epi = 0;
    for (int i = 0; i < p->num_insns; i++) {
        if (!keep[i])
            continue;
        epi += i >= p->num_insns - 1 - p->num_epilogue && i < p->num_insns - 1;
        q->insns[j++] = p->insns[i];
    }
    GP_FREE(keep);
    GP_ASSERT(j == n);
    q->num_insns = n;
    q->num_epilogue = epi;
    q->info.params = q->params;
    /* the decide program writes no colour: only result.depth remains; it
     * reads the inputs its instructions name (the caller may leave the
     * others uninterpolated) */
    q->info.outputs_written &= 1ull << GP_FOUT_DEPTH;
    uint64_t in = 0;
    for (int i = 0; i < n; i++)
        for (int s = 0; s < 4; s++) {
            const gp_src *src = s < 3 ? &q->insns[i].src[s] : &q->insns[i].tex_handle;
            if (src->file != GP_FILE_INPUT)
                continue;
            int lo = src->rel ? src->rel_lo : src->index, hi = src->rel ? src->rel_hi : src->index;
            for (int k = lo < 0 ? 0 : lo; k <= hi && k < 64; k++)
                in |= 1ull << k;
        }
    q->info.inputs_read &= in;
    q->info.outputs_int &= q->info.outputs_written;
    gp_program_find_leaders(q, q->leaders);
    return q;
}

const gp_program *gp_program_punch_decide(const gp_program *p)
{
    if (!p)
        return NULL;
    gp_program *mp = (gp_program *)p; /* the cache slot is the one field written */
    uintptr_t v = atomic_load_explicit(&mp->punch, memory_order_acquire);
    if (v == 0) {
        gp_program *q = gp_program_punch_variant(p, NULL);
        uintptr_t want = q ? (uintptr_t)q : 1, expect = 0;
        if (atomic_compare_exchange_strong_explicit(&mp->punch, &expect, want, memory_order_acq_rel,
                                                    memory_order_acquire)) {
            v = want;
        } else {
            gp_program_free(q); /* another thread's is in place */
            v = expect;
        }
    }
    return v > 1 ? (const gp_program *)v : NULL;
}
