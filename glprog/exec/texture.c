/*
 * exec/texture.c - texture instructions: one env->tex call per unit (or
 * texture array index, or bindless handle) of the lanes.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* Calls env->tex, or writes what an incomplete texture returns. */
static void tex_call(gp_xs *x, const gp_tex_request *req, gp_vec *out)
{
    if (x->env->tex) {
        x->env->tex(x->env->tex_user, req, out);
    } else {
        /* No sampler bound: what an incomplete texture returns. */
        for (int l = 0; l < GP_LANES; l++) {
            out->c[0][l].f = out->c[1][l].f = out->c[2][l].f = 0.0f;
            out->c[3][l].f = 1.0f;
        }
    }
}

/* NV_gpu_program5 TEXTURE arrays indexed at run time (gp_ir.h
 * GP_TEXF_INDEXED): unit = tex_unit + T[tex_rel_reg].tex_rel_comp per
 * lane; the lanes are grouped by unit and env->tex is called once per
 * distinct unit.  A unit outside the array reads (0, 0, 0, 0) (all bits 0,
 * so integer 0 too): R5, like out-of-range array reads. */
static void tex_call_indexed(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    const gp_vec *ir = reg_file(x, GP_FILE_TEMP, in->tex_rel_reg);
    int32_t unit[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int64_t u = (int64_t)in->tex_unit + (ir ? ir->c[in->tex_rel_comp & 3][l].i : 0);
        unit[l] = u >= in->tex_base && u < (int64_t)in->tex_base + in->tex_count ? (int32_t)u : -1;
    }
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    while (todo) {
        int32_t u = unit[lane_first(todo)];
        uint32_t group = 0;
        for (int l = 0; l < GP_LANES; l++)
            if ((todo >> l & 1) && unit[l] == u)
                group |= 1u << l;
        todo &= ~group;
        if (u < 0)
            continue;
        req->unit = (uint8_t)u;
        req->lane_mask = group;
        tex_call(x, req, &tmp);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                if (group >> l & 1)
                    out->c[c][l] = tmp.c[c][l];
    }
}

/* NV_bindless_texture "Interactions with NV_gpu_program5" (gp_ir.h
 * GP_TEXF_HANDLE): the texture of each lane is its 64-bit handle; the lanes
 * are grouped by handle and env->tex is called once per distinct handle
 * with req->bindless set.  Handle 0 (never valid) reads (0, 0, 0, 0), all
 * bits 0, without a call; so does a non-resident or invalid handle in the
 * sampler (the spec leaves it undefined). */
static void tex_call_handles(gp_xs *x, const gp_insn *in, gp_tex_request *req, gp_vec *out)
{
    uint64_t h[4][GP_LANES];
    fetch64(x, &in->tex_handle, GP_KIND_U, h);
    memset(out, 0, sizeof(*out));
    gp_vec tmp;
    uint32_t todo = req->lane_mask;
    req->bindless = true;
    while (todo) {
        uint64_t v = h[0][lane_first(todo)];
        uint32_t group = 0;
        for (int l = 0; l < GP_LANES; l++)
            if ((todo >> l & 1) && h[0][l] == v)
                group |= 1u << l;
        todo &= ~group;
        if (v == 0)
            continue;
        req->handle = v;
        req->lane_mask = group;
        if (x->env->tex)
            x->env->tex(x->env->tex_user, req, &tmp);
        else
            memset(&tmp, 0, sizeof(tmp));
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                if (group >> l & 1)
                    out->c[c][l] = tmp.c[c][l];
    }
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
        tex_call(x, &req, &m->tex);
    int rtype = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
    if (op == GP_TEXOP_TXQ)
        rtype = GP_TYPE_S32;
    store(x, in, &m->tex, rtype, false);
}
