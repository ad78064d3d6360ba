/*
 * exec/interpolate.c - attribute interpolation at an offset, sample or the
 * centroid (IPAC IPAO IPAS, through env->interp: the runtime helper
 * gp_rt_interp, gp_backend.h).
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- attribute interpolation IPAC IPAO IPAS (NV_gpu_program5 2.X.8.Z) ------
 *
 * The first operand names a fragment attribute (gp_validate.c check_ipa);
 * its value is not loaded but evaluated by env->interp (glprog.h
 * gp_interp_fn) for the lanes of the running group (helpers included, for
 * derivatives): at the centroid (IPAC), at the pixel centre + (b.x, b.y)
 * (IPAO, the offset as the program gave it: the callee clamps and snaps
 * it), or at sample b.x (IPAS, a signed integer).  Then, as issue (8) of the
 * spec says, its swizzle, |abs| and negation apply to the interpolated
 * vector, and the result is stored like any F result (write mask, CC
 * update, _SAT).  A relatively addressed attribute array asks once per
 * distinct slot; a slot out of the array reads 0 (R5).  Without a callback
 * (env->interp NULL) the ordinary interpolated input is used. */
static GP_NOINLINE void exec_ipa(gp_xs *x, const gp_insn *in)
{
    gp_machine *m = x->m;
    gp_vec *R = &m->res;
    gp_vec *raw = &m->opnd[0];
    const gp_src *s = &in->src[0];
    const gp_exec_env *env = x->env;
    gp_val arg[GP_LANES][2];
    memset(arg, 0, sizeof(arg));
    int mode = in->op == GP_OP_IPAC ? GP_IPA_CENTROID : in->op == GP_OP_IPAO ? GP_IPA_OFFSET : GP_IPA_SAMPLE;
    if (mode == GP_IPA_OFFSET) {
        const gp_vec *o = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        for (int l = 0; l < GP_LANES; l++) {
            arg[l][0] = o->c[0][l];
            arg[l][1] = o->c[1][l];
        }
    } else if (mode == GP_IPA_SAMPLE) {
        const gp_val *sv = fetch_scalar(x, &in->src[1], &m->opnd[1], GP_TYPE_S32);
        for (int l = 0; l < GP_LANES; l++)
            arg[l][0] = sv[l];
    }
    int32_t slot[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    file_limit(x, GP_FILE_INPUT), slot);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            slot[l] = s->index;
    }
    memset(raw, 0, sizeof(*raw));
    uint32_t todo = x->exec;
    while (todo) {
        int32_t k = slot[lane_first(todo)];
        uint32_t group = 0;
        for (uint32_t b = todo; b; b &= b - 1) {
            int l = lane_first(b);
            if (slot[l] == k)
                group |= lane_bit[l];
        }
        todo &= ~group;
        const gp_vec *reg = k >= 0 ? reg_file(x, GP_FILE_INPUT, k) : NULL;
        if (!reg)
            continue; /* reads 0 */
        gp_rt_interp(env, k, mode, (const gp_val(*)[2])arg, group, reg, raw);
    }
    for (int c = 0; c < 4; c++) {
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        if (sel > GP_SWZ_W)
            fill_row(t, swz_const(sel, GP_TYPE_F32));
        else
            memcpy(t, raw->c[sel], sizeof(t));
        apply_mods(R->c[c], t, s->abs != 0, (s->negate >> c) & 1, GP_TYPE_F32);
    }
    store(x, in, R, GP_TYPE_F32, false);
}
