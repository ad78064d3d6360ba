/*
 * exec/texture.c - texture instructions: one env->tex call per unit (or
 * texture array index, or bindless handle) of the lanes, through the
 * runtime helpers (gp_backend.h gp_rt_tex*).
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* The samplers are the runtime helpers gp_rt_tex / gp_rt_tex_units /
 * gp_rt_tex_handles (gp_backend.h), which a compiled backend calls too;
 * here are the per-lane units and handles they are given. */

/* NV_gpu_program5 TEXTURE arrays indexed at run time (gp_ir.h
 * GP_TEXF_INDEXED): unit = tex_unit + T[tex_rel_reg].tex_rel_comp per
 * lane, -1 for a unit outside the array, which reads (0, 0, 0, 0) (all
 * bits 0, so integer 0 too): R5, like out-of-range array reads. */
static void tex_call_indexed(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    const gp_vec *ir = reg_file(x, GP_FILE_TEMP, in->tex_rel_reg);
    int32_t unit[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int64_t u = (int64_t)in->tex_unit + (ir ? ir->c[in->tex_rel_comp & 3][l].i : 0);
        unit[l] = u >= in->tex_base && u < (int64_t)in->tex_base + in->tex_count ? (int32_t)u : -1;
    }
    gp_rt_tex_units(x->env, req, unit, out);
}

/* NV_bindless_texture "Interactions with NV_gpu_program5" (gp_ir.h
 * GP_TEXF_HANDLE): the texture of each lane is its 64-bit handle (the
 * operand's low and high words); handle 0 (never valid) reads (0, 0, 0, 0)
 * without a call, and so does a non-resident or invalid handle in the
 * sampler (the spec leaves it undefined). */
static void tex_call_handles(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    uint64_t h[4][GP_LANES];
    fetch64(x, &in->tex_handle, GP_KIND_U, h);
    gp_rt_tex_handles(x->env, req, h[0], out);
}

static void do_tex(gp_xs *x, const gp_insn *in, int op)
{
    gp_machine *m = x->m;
    gp_tex_request req;
    memset(&req, 0, sizeof(req));
    req.op = (uint8_t)op;
    req.target = in->tex_target;
    req.unit = in->tex_unit;
    /* Implicit LOD from the quad in fragment programs; elsewhere the base
     * LOD is 0 (NV_vertex_program3 2.14.5.45).  LOD computes it too. */
    req.quad_derivatives = x->fragment && (gp_opinfo_table[in->op].flags & GP_OPF_IMPLICIT_LOD);
    /* TXF and TXQ coordinates are signed integers (NV_gpu_program4 Table
     * X.13); TXQ's result is signed, TXF's of the instruction's type: the
     * sampler's integers (integer textures) pass through as bits. */
    bool icoord = op == GP_TEXOP_TXF || op == GP_TEXOP_TXQ || op == GP_TEXOP_TXFMS;
    req.coord = fetch(x, &in->src[0], &m->opnd[0], icoord ? GP_TYPE_S32 : GP_TYPE_F32);
    if (op == GP_TEXOP_TXD) {
        req.ddx = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        req.ddy = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_F32);
    }
    memcpy(req.offset, in->tex_offset, sizeof(req.offset));
    /* NV_gpu_program5: gather component, TXGO offsets (signed), the extra
     * operand (float), offset(<operand>) (signed; 2.X.4.4: w ignored, z
     * only for 3D, y not for the 1D targets) */
    req.component = in->tex_comp;
    gp_vec offs;
    if (op == GP_TEXOP_TXGO) {
        req.gather_x = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_S32);
        req.gather_y = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_S32);
    } else {
        if (in->tex_flags & GP_TEXF_EXTRA)
            req.extra = fetch(x, &in->src[1], &m->opnd[1], GP_TYPE_F32);
        if (in->tex_flags & GP_TEXF_OFFSET_REG) {
            const gp_vec *o = fetch(x, &in->src[2], &m->opnd[2], GP_TYPE_S32);
            int t = in->tex_target;
            bool one = t == GP_TEX_1D || t == GP_TEX_SHADOW1D || t == GP_TEX_ARRAY1D || t == GP_TEX_SHADOWARRAY1D;
            memset(&offs, 0, sizeof(offs));
            memcpy(offs.c[0], o->c[0], sizeof(offs.c[0]));
            if (!one)
                memcpy(offs.c[1], o->c[1], sizeof(offs.c[1]));
            if (t == GP_TEX_3D)
                memcpy(offs.c[2], o->c[2], sizeof(offs.c[2]));
            req.offset_reg = &offs;
        }
    }
    req.lane_mask = x->exec;
    if (in->tex_flags & GP_TEXF_HANDLE)
        tex_call_handles(x, in, &req, &m->tex);
    else if (in->tex_flags & GP_TEXF_INDEXED)
        tex_call_indexed(x, in, &req, &m->tex);
    else
        gp_rt_tex(x->env, &req, &m->tex);
    int rtype = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
    if (op == GP_TEXOP_TXQ)
        rtype = GP_TYPE_S32;
    store(x, in, &m->tex, rtype, false);
}
