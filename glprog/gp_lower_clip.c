/*
 * gp_lower_clip.c - the clip-distance variant of a position-invariant ARB
 * vertex program (glprog.h gp_program_clip_variant): a copy of the compiled
 * program with the fixed-function clip distances appended as ordinary
 * instructions, parameter rows and one temporary, the way gp_lower adds the
 * position-invariant prologue and the fog epilogue.  Layout (gp_ir.h
 * "Clip-distance variant"):
 *
 *   prologue, text        p's instructions but its END, unchanged
 *   epilogue              DP4 E.x, MV[0], vertex.position  (.. E.w, MV[3])
 *                         DP4 result.clip[n].x, E, state.clip[n].plane
 *                                                            n = 0..7
 *   END
 *
 * E is the new temporary, MV[r] the rows state.matrix.modelview.row[r].  A
 * branch to p's END label lands on the epilogue.  A program that can RET on
 * an empty call stack (NV_vertex_program2) would end there without the
 * epilogue, so it runs called instead: the epilogue then starts with "BRA
 * over; entry: CAL 0; BRA over" and execution starts at that CAL, so the
 * program's RET returns to the BRA and the clip distances are still
 * written.  The prologue and text keep their indices, so no target moves
 * and the variant prints as p does.  Compile time, any thread; p is only
 * read.
 */
#include <stddef.h>
#include <stdio.h>

#include "gp_backend.h" /* gp_program_find_leaders */
#include "gp_priv.h"

enum {
    CLIP_PLANES = 8,   /* result.clip[0..7]: the components of GP_VARY_CLIP0/1 */
    CLIP_EYE_ROWS = 4, /* eye = modelview rows . vertex.position */
    CLIP_INSNS = CLIP_EYE_ROWS + CLIP_PLANES,
    CLIP_PARAMS = CLIP_EYE_ROWS + CLIP_PLANES,
    CLIP_WRAP_INSNS = 3 /* BRA over; CAL 0; BRA over */
};

/* Operands of the appended instructions: whole registers, no modifiers. */
static gp_src reg_operand(int file, int index)
{
    return (gp_src){ .file = (uint8_t)file, .swz = { 0, 1, 2, 3 }, .index = index, .rel_lo = index,
                     .rel_hi = index };
}

static gp_insn clip_insn(int op, int pos)
{
    return (gp_insn){ .op = (uint16_t)op, .tex_target = GP_TEX_NONE, .cond = { .swz = { 0, 1, 2, 3 } },
                      .dst = { .cc = { .swz = { 0, 1, 2, 3 } } }, .target = -1, .pos = pos };
}

/* DP4 into file/index (mask; clipdist for result.clip, gp_ir.h). */
static gp_insn clip_dp4(int file, int index, unsigned mask, int clipdist, gp_src a, gp_src b, int pos)
{
    gp_insn in = clip_insn(GP_OP_DP4, pos);
    in.dst.file = (uint8_t)file;
    in.dst.index = in.dst.rel_lo = in.dst.rel_hi = index;
    in.dst.mask = (uint8_t)mask;
    in.dst.clipdist = (uint8_t)clipdist;
    in.src[0] = a;
    in.src[1] = b;
    return in;
}

static gp_insn clip_jump(int op, int target, int pos)
{
    gp_insn in = clip_insn(op, pos);
    in.target = target;
    return in;
}

/* The state rows the epilogue reads, in the order the text variant bound
 * them: state.matrix.modelview.row[0..3], state.clip[0..7].plane. */
static void clip_bindings(gp_param_binding b[CLIP_PARAMS])
{
    memset(b, 0, sizeof(gp_param_binding) * CLIP_PARAMS);
    for (int i = 0; i < CLIP_PARAMS; i++) {
        b[i].kind = GP_PARAM_STATE;
        if (i < CLIP_EYE_ROWS) {
            b[i].state.kind = GP_STATE_MATRIX_ROW;
            b[i].state.prop = GP_MATRIX_MODELVIEW;
            b[i].state.modifier = GP_MATMOD_NONE;
            b[i].state.row = (uint16_t)i;
        } else {
            b[i].state.kind = GP_STATE_CLIPPLANE;
            b[i].state.index = (uint16_t)(i - CLIP_EYE_ROWS);
        }
    }
}

/* The row of b in table[0..n), or -1.  Bindings are compared as bytes, as
 * the front end interns them (every binding is built zeroed first). */
static int find_row(const gp_param_binding *table, int n, const gp_param_binding *b)
{
    for (int r = 0; r < n; r++)
        if (memcmp(&table[r], b, sizeof(*b)) == 0)
            return r;
    return -1;
}

static bool clip_fail(gp_error *err, bool oom, const char *msg)
{
    err->out_of_memory = oom;
    snprintf(err->msg, sizeof(err->msg), "%s", msg);
    return false;
}

/* Whether p can take the variant under lim; fills err when not.  The
 * variant's own instructions, temporary, parameter rows and attribute
 * (vertex.position) are granted on top of lim, so any program that loaded
 * under lim takes it. */
static bool clip_check(const gp_program *p, const gp_limits *lim, gp_error *err)
{
    const gp_program_info *info = &p->info;
    if (info->stage != GP_STAGE_VERTEX || info->lang != GP_LANG_ARBVP10 ||
        !(info->options & GP_OPTION_POSITION_INVARIANT) || p->num_prologue < 4 || p->num_insns < 1 ||
        p->insns[p->num_insns - 1].op != GP_OP_END || p->sub_block)
        return clip_fail(err, false, "not a position-invariant ARB vertex program");
    gp_limits def;
    if (!lim) {
        gp_limits_default(&def, GP_STAGE_VERTEX);
        lim = &def;
    }
    if ((int64_t)info->num_instructions + CLIP_INSNS > (int64_t)lim->max_instructions + CLIP_INSNS ||
        (int64_t)info->num_temporaries + 1 > (int64_t)lim->max_temporaries + 1 ||
        (int64_t)info->num_parameters + CLIP_PARAMS > (int64_t)lim->max_parameters + CLIP_PARAMS ||
        (int64_t)info->num_attribs + 1 > (int64_t)lim->max_attribs + 1)
        return clip_fail(err, false, "the clip-distance variant exceeds the program limits");
    return true;
}

gp_program *gp_program_clip_variant(const gp_program *p, const gp_limits *lim, gp_error *err)
{
    gp_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof(*err));
    err->pos = -1;
    if (!p || !clip_check(p, lim, err))
        return NULL;

    /* parameter rows: p's, then those of the bindings p lacks */
    gp_param_binding want[CLIP_PARAMS], added[CLIP_PARAMS];
    int row[CLIP_PARAMS], nadded = 0, nparams = p->info.num_params;
    clip_bindings(want);
    for (int i = 0; i < CLIP_PARAMS; i++) {
        row[i] = find_row(p->params, nparams, &want[i]);
        if (row[i] < 0) {
            int k = find_row(added, nadded, &want[i]);
            if (k < 0) {
                added[nadded] = want[i];
                k = nadded++;
            }
            row[i] = nparams + k;
        }
    }

    bool wrap = false; /* a RET may end the program (see the top) */
    for (int i = 0; i < p->num_insns; i++)
        wrap |= p->insns[i].op == GP_OP_RET;
    int body = p->num_insns - 1; /* p without its END */
    int nepi = CLIP_INSNS + (wrap ? CLIP_WRAP_INSNS : 0);
    int n = body + nepi + 1;

    gp_program *q = GP_MALLOC(sizeof(*q));
    if (!q) {
        clip_fail(err, true, "out of memory");
        return NULL;
    }
    memset(q, 0, sizeof(*q));
    /* everything up to the executor's own field (gp_ir.h exec_serial,
     * which another thread may be writing: not read here); the fields
     * after it are NV5's subroutines (p has none) and uses_thread */
    memcpy(q, p, offsetof(gp_program, exec_serial));
    q->uses_thread = p->uses_thread;
    q->insns = GP_MALLOC(sizeof(gp_insn) * (size_t)n);
    q->params = GP_MALLOC(sizeof(gp_param_binding) * (size_t)(nparams + nadded));
    q->source = GP_MALLOC(p->source_len + 1);
    if (!q->insns || !q->params || !q->source) {
        gp_program_free(q);
        clip_fail(err, true, "out of memory");
        return NULL;
    }
    memcpy(q->source, p->source, p->source_len);
    q->source[p->source_len] = 0;
    memcpy(q->params, p->params, sizeof(gp_param_binding) * (size_t)nparams);
    memcpy(q->params + nparams, added, sizeof(gp_param_binding) * (size_t)nadded);
    memcpy(q->insns, p->insns, sizeof(gp_insn) * (size_t)body);

    int pos = p->insns[body].pos, k = body, eye = p->num_temps;
    int over = body + (wrap ? CLIP_WRAP_INSNS : 0); /* the first DP4 */
    if (wrap) {
        q->insns[k++] = clip_jump(GP_OP_BRA, over, pos);
        q->entry = k;
        q->insns[k++] = clip_jump(GP_OP_CAL, 0, pos);
        q->insns[k++] = clip_jump(GP_OP_BRA, over, pos);
    }
    for (int r = 0; r < CLIP_EYE_ROWS; r++)
        q->insns[k++] = clip_dp4(GP_FILE_TEMP, eye, 1u << r, 0, reg_operand(GP_FILE_PARAM, row[r]),
                                 reg_operand(GP_FILE_INPUT, GP_VIN_POSITION), pos);
    for (int c = 0; c < CLIP_PLANES; c++)
        q->insns[k++] = clip_dp4(GP_FILE_OUTPUT, GP_VARY_CLIP0 + c / 4, 1, 1 + c % 4, reg_operand(GP_FILE_TEMP, eye),
                                 reg_operand(GP_FILE_PARAM, row[CLIP_EYE_ROWS + c]), pos);
    q->insns[k++] = p->insns[body]; /* END */
    GP_ASSERT(k == n);

    q->num_insns = n;
    q->num_temps = p->num_temps + 1;
    q->num_synth_temps = p->num_synth_temps + 1;
    q->num_synth_params = p->num_synth_params + nadded;
    q->num_epilogue = p->num_epilogue + nepi;
    /* synthetic instructions do not use up the program's run-time limits
     * (gp_ir.h); the CAL takes one call-stack entry (0 = the default, 8) */
    if (p->max_exec_instructions > 0)
        q->max_exec_instructions = p->max_exec_instructions + nepi;
    if (wrap)
        q->max_call_depth = (p->max_call_depth ? p->max_call_depth : 8) + 1;
    q->info.params = q->params;
    q->info.num_params = nparams + nadded;
    q->info.inputs_read |= 1ull << GP_VIN_POSITION;
    q->info.outputs_written |= 1ull << GP_VARY_CLIP0 | 1ull << GP_VARY_CLIP1;
    /* its own block leaders and empty backend code slots (gp_ir.h) */
    q->leaders = GP_MALLOC((size_t)n);
    if (!q->leaders) {
        gp_program_free(q);
        clip_fail(err, true, "out of memory");
        return NULL;
    }
    gp_program_find_leaders(q, q->leaders);
    return q;
}
