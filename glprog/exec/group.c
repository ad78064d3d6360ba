/*
 * exec/group.c - thread-group instructions: votes, ballot, quad swizzles
 * and shuffles.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- thread-group votes TGALL TGANY TGEQ (NV_gpu_program5 2.X.8.Z) --------
 *
 * The thread group is one gp_exec call: its GP_LANES lanes (one shading
 * task: 4 quads of fragments, up to 16 vertices or geometry primitives).
 * The active threads are the lanes that execute the instruction: the
 * running group (lanes parked at another pc, in another branch of an IF or
 * another iteration, have no bearing, as the spec says for flow control)
 * that are live.  Fragment helper lanes (uncovered or KIL'ed pixels run
 * only for their quad's derivatives) do not vote, as helper lanes do not
 * take part in D3D's wave operations, so a vote depends only on real
 * fragments; they do receive the result.  A component is zero if it
 * compares equal to 0 in the instruction's type (.F: +0, -0; NaN is
 * non-zero).  TRUE is 1.0 (.F), -1 (.S), all bits (.U); FALSE is 0.  With
 * no voting lane (a group of helpers only) the pseudo-code's empty loop
 * gives TGALL TRUE, TGANY FALSE and TGEQ FALSE. */
static GP_NOINLINE void exec_vote(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const bool fl = is_float_type(t);
    const uint32_t wmask = in->dst.mask & 0xfu;
    const uint32_t voters = x->exec & x->live;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    gp_val tv, fv;
    if (fl)
        tv.f = 1.0f;
    else
        tv.u = 0xffffffffu;
    fv.u = 0;
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        bool all = true, any = false;
        for (uint32_t b = voters; b; b &= b - 1) {
            int l = lane_first(b);
            bool nz = fl ? a->c[c][l].f != 0.0f : a->c[c][l].u != 0;
            all = all && nz;
            any = any || nz;
        }
        bool r = in->op == GP_OP_TGALL ? all : in->op == GP_OP_TGANY ? any : all == any;
        fill_row(R->c[c], r ? tv : fv);
    }
    store(x, in, R, t, false);
}

/* NV_shader_thread_group (OPTION NV_shader_thread_group).  TGBALLOT: bit l
 * of each result component is set when lane l votes (the live lanes of the
 * running group, as for TGALL: the thread group is the 16 lanes of one
 * gp_exec call, so thread numbers are lane numbers 0..15 and a "warp" has 16
 * threads) and its operand component is non-zero; other bits are 0
 * (EDGE.TG_INACTIVE).  QSWZ0..3 / X / Y (fragment programs): a read from
 * quad lane k (lane = quad*4 + (y&1)*2 + (x&1), glprog.h; so fragment 0 is
 * the lower left pixel of the quad in window coordinates, for the window and
 * FBOs alike) plus b of the lane itself; the value read from a lane that
 * does not run the instruction (another branch, or a quad lane no
 * primitive covers and no helper runs) is what its register holds
 * (undefined in the spec, as for DDX/DDY). */
static GP_NOINLINE void exec_thread_group(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const uint32_t wmask = in->dst.mask & 0xfu;
    if (in->op == GP_OP_TGBALLOT) {
        const int t = in->type;
        const bool fl = is_float_type(t);
        const uint32_t voters = x->exec & x->live;
        const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
        for (int c = 0; c < 4; c++) {
            if (!(wmask >> c & 1))
                continue;
            gp_val bits;
            bits.u = 0;
            for (uint32_t b = voters; b; b &= b - 1) {
                int l = lane_first(b);
                bool nz = fl ? a->c[c][l].f != 0.0f : a->c[c][l].u != 0;
                if (nz)
                    bits.u |= 1u << l;
            }
            fill_row(R->c[c], bits);
        }
        store(x, in, R, GP_TYPE_U32, false);
        return;
    }
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], GP_TYPE_F32);
    const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
    for (int c = 0; c < 4; c++) {
        if (!(wmask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            int q = l & ~3, k = l & 3, from;
            switch (in->op) {
            case GP_OP_QSWZ0: from = 0; break;
            case GP_OP_QSWZ1: from = 1; break;
            case GP_OP_QSWZ2: from = 2; break;
            case GP_OP_QSWZ3: from = 3; break;
            case GP_OP_QSWZX: from = k ^ 1; break;
            default: from = k ^ 2; break; /* QSWZY */
            }
            R->c[c][l].f = a->c[c][q + from].f + b->c[c][l].f;
        }
    }
    store(x, in, R, GP_TYPE_F32, false);
}

/* NV_shader_thread_shuffle 2.X.8.Z SHFDOWN SHFIDX SHFUP SHFXOR (gp_ir.h
 * "SHFDOWN SHFIDX SHFUP SHFXOR" gives the choices; FEATURES.md
 * EDGE.SHFL_RANGE).  Thread ids are lane numbers 0..15 (the thread group
 * of TGBALLOT); per lane l, index = b.x & 0x1f, segment mask = (c.x >> 8)
 * & 0xf and clamp = c.x & 0xf (a 16-lane warp), min = l & seg, max = min |
 * (clamp & ~seg); the source lane and its in-range test: SHFIDX (index &
 * ~seg) | min, <= max; SHFUP l - index, >= min; SHFDOWN l + index, <= max;
 * SHFXOR l ^ index, <= max.  d.x = TRUE / FALSE of the test, d.y = a.x of
 * the source lane when in range and that lane runs the instruction
 * (x->exec: helper lanes included, as QSWZ reads them, so a quad's shuffle
 * at a primitive's edge reads the helpers' values), else a.x of lane l
 * itself; d.z = d.w = 0. */
static GP_NOINLINE void exec_shuffle(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    const int t = in->type;
    const uint32_t active = x->exec;
    const gp_vec *a = fetch(x, &in->src[0], &m->opnd[0], t);
    const gp_vec *b = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_U32);
    const gp_vec *c = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_U32);
    gp_val tv, fv;
    if (is_float_type(t))
        tv.f = 1.0f;
    else
        tv.u = 0xffffffffu;
    fv.u = 0;
    for (int l = 0; l < GP_LANES; l++) {
        const int index = (int)(b->c[0][l].u & 0x1fu);
        const int seg = (int)(c->c[0][l].u >> 8 & 0xfu);
        const int clamp = (int)(c->c[0][l].u & 0xfu);
        const int lo = l & seg, hi = lo | (clamp & ~seg);
        int src;
        bool ok;
        switch (in->op) {
        case GP_OP_SHFIDX: src = (index & ~seg) | lo; ok = src <= hi; break;
        case GP_OP_SHFUP: src = l - index; ok = src >= lo; break;
        case GP_OP_SHFDOWN: src = l + index; ok = src <= hi; break;
        default: src = l ^ index; ok = src <= hi; break; /* SHFXOR */
        }
        const bool take = ok && src >= 0 && src < GP_LANES && (active >> src & 1);
        R->c[0][l] = ok ? tv : fv;
        R->c[1][l] = a->c[0][take ? src : l];
        R->c[2][l].u = 0;
        R->c[3][l].u = 0;
    }
    store(x, in, R, t, false);
}
