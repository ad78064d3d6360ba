/*
 * exec/image.c - image instructions LOADIM STOREIM ATOMIM, through
 * env->memory->image (the runtime helper gp_rt_image, gp_backend.h).
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- images (EXT_shader_image_load_store "Dependencies on NV_gpu_
 * program5"; glprog.h gp_image_request) ----
 * One env->memory->image call per distinct image of the lanes: the unit
 * (tex_unit, or per lane tex_unit + T[tex_rel_reg].tex_rel_comp within
 * [tex_base, tex_base + tex_count) for image arrays: GP_TEXF_INDEXED) or
 * the 64-bit handle (GP_TEXF_HANDLE; 0 is no image).  Lanes without an
 * image, and every lane without an image function, read 0 and write
 * nothing (EDGE.IMG_INVALID).  LOADIM: the raw elements come back zero-
 * extended; here F16 becomes its float, S8 / S16 are sign-extended, and a
 * 1-element result is (v, 0, 0, 1), an X2 one (v, v', 0, 1), "1" of the
 * base type (EDGE.IMG_FILL).  STOREIM with a storage modifier hands the
 * elements as stored (F16: binary16 bits in the low 16 bits, nearest even;
 * 8 / 16-bit: the callee keeps the low bits, EDGE.IMG_STORE_TRUNC); a
 * formatted STOREIM the data as read with the instruction's type.
 * ATOMIM: x = operand (CSWAP: x compare, y new value), dst.x = the old
 * texel.  Stores and atomics only for live lanes, as above. */
static void image_call(gp_xs *x, const gp_insn *in, gp_image_request *req, gp_vec *out)
{
    if (!(in->tex_flags & (GP_TEXF_INDEXED | GP_TEXF_HANDLE))) {
        gp_rt_image(x->env, req, NULL, out);
        return;
    }
    uint64_t key[GP_LANES];
    bool handles = (in->tex_flags & GP_TEXF_HANDLE) != 0;
    if (handles) {
        uint64_t h[4][GP_LANES];
        fetch64(x, &in->tex_handle, GP_KIND_U, h);
        for (int l = 0; l < GP_LANES; l++)
            key[l] = h[0][l];
    } else {
        const gp_vec *ir = reg_file(x, GP_FILE_TEMP, in->tex_rel_reg);
        for (int l = 0; l < GP_LANES; l++) {
            int64_t u = (int64_t)in->tex_unit + (ir ? ir->c[in->tex_rel_comp & 3][l].i : 0);
            bool ok = u >= in->tex_base && u < (int64_t)in->tex_base + in->tex_count &&
                      u < GP_MAX_IMAGE_UNITS;
            key[l] = ok ? (uint64_t)u : UINT64_MAX;
        }
    }
    req->bindless = handles;
    gp_rt_image(x->env, req, key, out);
}

static GP_NOINLINE void exec_image(gp_xs *x, const gp_insn *in, int op)
{
    gp_machine *m = x->m;
    gp_image_request req;
    memset(&req, 0, sizeof(req));
    req.op = (uint8_t)op;
    req.target = in->tex_target;
    req.unit = in->tex_unit;
    req.elem = in->mem_elem;
    req.count = (uint8_t)(op == GP_IMG_STORE_FORMATTED ? 0 : memop_count_of(in));
    req.type = in->type;
    req.atom = in->mem_atom;
    req.coord = fetch(x, &in->src[op == GP_IMG_LOAD ? 0 : 1], &m->opnd[1], GP_TYPE_S32);
    gp_vec data;
    if (op == GP_IMG_STORE || op == GP_IMG_ATOM) {
        int t = op == GP_IMG_STORE ? gp_cvt_gptype(in->mem_elem) : in->type;
        const gp_vec *d = fetch(x, &in->src[0], &m->opnd[0], t);
        data = *d;
        if (op == GP_IMG_STORE && in->mem_elem == GP_CVT_F16)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    data.c[c][l].u = gp_f32_to_f16(data.c[c][l].f);
        req.data = &data;
    } else if (op == GP_IMG_STORE_FORMATTED) {
        int t = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
        req.type = (uint8_t)t;
        req.data = fetch(x, &in->src[0], &m->opnd[0], t);
    }
    req.lane_mask = op == GP_IMG_LOAD ? x->exec : x->exec & x->live;
    gp_vec *out = &m->tex;
    image_call(x, in, &req, out);
    if (op == GP_IMG_LOAD) {
        const int e = in->mem_elem, cnt = memop_count_of(in);
        int rtype = gp_cvt_gptype(e);
        gp_val one = { .u = rtype == GP_TYPE_F32 ? 0x3f800000u : 1u };
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                if (c < cnt)
                    out->c[c][l].u = memop_decode32(e, out->c[c][l].u);
                else
                    out->c[c][l] = c == 3 ? one : (gp_val){ .u = 0 };
            }
        store(x, in, out, rtype, false);
    } else if (op == GP_IMG_ATOM) {
        gp_insn q;
        memop_insn_x(in, &q);
        int rtype = in->type == GP_TYPE_S32 || in->type == GP_TYPE_U32 ? in->type : GP_TYPE_F32;
        store(x, &q, out, rtype, false);
    }
}
