/*
 * parse/nv.c - the NV_gpu_program4/5 front end (!!NV*4.0, 4.1, 5.0):
 * input and result bindings, operands, destinations, texture operands,
 * condition code rules, the opcode word and modifiers (the declarations
 * are in parse/nv_decl.c).
 *
 * One of the parser's translation units (gp_parse.c has the file map);
 * compile time, calling thread.
 */
#include "parse_priv.h"

static void nv4_varying(gp_parse *ps, nv4_binding *b, int start, int ctx, int which, const char *clip_what);
static void nv4_member_check(gp_parse *ps, const gp_token *t, bool member);

/* ---- NV_gpu_program4 ------------------------------------------------------ */

/* The grammar of !!NVvp4.0 / !!NVfp4.0 / !!NVgp4.0 where it differs from the
 * ARB one: typed declarations and arrays of every variable class, integer
 * temporaries as array indices, the bindings of NV_vertex_program4,
 * NV_fragment_program4 and NV_geometry_program4, parameter buffers (the
 * declarations: parse/nv_decl.c), dotted instruction modifiers, texel
 * offsets and the NV4 condition code tests.  The checks that need the whole program
 * (operand types against typed variables, texture targets and offsets,
 * loops without a count) are in gp_validate.c. */

const char *gp_stage_word(gp_stage s)
{
    return s == GP_STAGE_VERTEX         ? "vertex"
           : s == GP_STAGE_FRAGMENT     ? "fragment"
           : s == GP_STAGE_COMPUTE      ? "compute"
           : s == GP_STAGE_TESS_CONTROL ? "tessellation control"
           : s == GP_STAGE_TESS_EVAL    ? "tessellation evaluation"
                                        : "geometry";
}

/* Operand literals of type t: the gp_param_binding.type of their rows. */
void gp_set_operand_type(gp_parse *ps, uint8_t t)
{
    ps->opnd_type = t;
    ps->const_type = t == GP_TYPE_S32 ? 'S' : t == GP_TYPE_U32 ? 'U' : 0;
}

/* "[n]" or, where range_ok (array declarations), "[n..o]" with n <= o <
 * limit; returns n and sets *count. */
int gp_nv4_binding_range(gp_parse *ps, int start, int limit, const char *what, bool range_ok, int *count)
{
    if (!accept(ps, '['))
        gp_bad_binding(ps, start);
    if (ps->tok.kind != GP_TOK_INT)
        gp_bad_binding(ps, start);
    int apos = ps->tok.pos;
    uint32_t a = ps->tok.ival, b;
    next(ps);
    if (limit < 0)
        limit = 0;
    if (a >= (uint32_t)limit)
        gp_fail(ps, apos, "%s %u out of range (%d available)", what, a, limit);
    b = a;
    if (ps->tok.kind == GP_TOK_DOTDOT) {
        if (!range_ok)
            gp_fail(ps, ps->tok.pos, "a binding range is only allowed in an array declaration");
        next(ps);
        int bpos = ps->tok.pos;
        if (ps->tok.kind != GP_TOK_INT)
            gp_bad_binding(ps, start);
        b = ps->tok.ival;
        next(ps);
        if (b >= (uint32_t)limit)
            gp_fail(ps, bpos, "%s %u out of range (%d available)", what, b, limit);
        if (a > b)
            gp_fail(ps, apos, "invalid %s range %u..%u (the first is larger)", what, a, b);
    }
    expect(ps, ']', NULL);
    *count = (int)(b - a + 1);
    return (int)a;
}

/* NV_shader_thread_group 2.X.3.2 thread bindings "vertex.<item>" /
 * "fragment.<item>" (current token: the item): threadid, thread{eq,lt,le,
 * gt,ge}mask, warpid, smid, and in fragment programs helperthread.  Bound
 * to one component of the GP_IN_THREAD rows (gp_ir.h).  Returns false
 * (nothing consumed) for other items. */
static bool nv5_thread_input(gp_parse *ps, nv4_binding *b)
{
    static const char *const items[] = { "threadid", "warpid", "smid", "helperthread", "threadeqmask",
                                         "threadltmask", "threadlemask", "threadgtmask", "threadgemask" };
    static const uint8_t row[] = { 0, 0, 0, 0, 1, 1, 1, 1, 2 }, comp[] = { 0, 1, 2, 3, 0, 1, 2, 3, 0 };
    int k = ps->nv5 ? gp_word_index(ps, items, 9) : -1;
    if (k < 0 || (k == 3 && ps->stage != GP_STAGE_FRAGMENT))
        return false;
    if (!(ps->options & GP_OPTION_NV_SHADER_THREAD_GROUP))
        gp_fail(ps, ps->tok.pos, "'%s' requires OPTION NV_shader_thread_group", items[k]);
    next(ps);
    b->slot = GP_IN_THREAD + row[k];
    b->comp = (uint8_t)(1 + comp[k]);
    return true;
}

/* NV_vertex_program4 Table X.X: "vertex.<item>", current token "vertex". */
static void nv4_vertex_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    next(ps);
    if (is_punct(&ps->tok, '['))
        gp_fail(ps, ps->tok.pos, "vertex[n] bindings are only available in geometry programs");
    gp_binding_dot(ps, start);
    if (nv5_thread_input(ps, b))
        return;
    int item = gp_vertex_item(ps, start, &b->slot);
    bool generic = item == VIN_ATTRIB;
    if (item == VIN_TEXCOORD)
        nv4_varying(ps, b, start, ctx, VARY_TEXCOORD, NULL);
    if (generic) {
        b->family = 'A';
        b->slot += gp_nv4_binding_range(ps, start, min_int(ps->lim.max_attribs, GP_VIN_COUNT), "vertex attribute",
                                     ctx == 2, &b->count);
    }
    if (b->slot < GP_VIN_COUNT)
        for (int i = 0; i < b->count; i++)
            gp_mark_vertex_attr(ps, b->slot + i, generic, start);
}

/* "primitive.id", an input of fragment and geometry programs alike
 * (NV_fragment_program4, NV_geometry_program4): true when it was that. */
static bool nv4_primitive_id(gp_parse *ps, nv4_binding *b, int start)
{
    if (!tok_is(ps, &ps->tok, "primitive"))
        return false;
    next(ps);
    gp_binding_dot(ps, start);
    /* NV_shader_thread_group primitive.threadid / thread*mask / warpid /
     * smid in geometry programs (BIND.G.THREAD; glprog/exec/runtime.c fetch_geo_input) */
    if (ps->stage == GP_STAGE_GEOMETRY && nv5_thread_input(ps, b))
        return true;
    /* NV_gpu_program5 2.X.3.2 adds, in geometry programs, primitive.invocation
     * and primitive.vertexcount: (x, -, -, -) integers in GP_VARY_PRIMINFO's
     * x and y, bound like a clip distance (a single component of a row) so
     * every swizzle of the binding reads that component. */
    static const char *const id[] = { "id", "invocation", "vertexcount", "tessouter", "tessinner", "patch" };
    int wpos = ps->tok.pos;
    int k = gp_binding_word(ps, start, id, ps->nv5 && ps->stage == GP_STAGE_GEOMETRY ? 6 : 1);
    if (k >= 3) {
        /* primitive.tessouter[n] (n < 4), tessinner[n] (n < 2),
         * patch.attrib[n]: "A program will fail to load if this attribute
         * binding is used and the input primitive type is not PATCHES."
         * asmgl has no tessellation stage to produce per-patch values: they
         * read 0, bound to GP_VARY_PRIMINFO.z (which the rasterizer keeps 0)
         * in every component.  The [n..o] ranges are not supported. */
        if (ps->gs_prim_in != GP_PRIM_PATCHES)
            gp_fail(ps, wpos, "primitive.%s requires PRIMITIVE_IN PATCHES", id[k]);
        if (k == 5) {
            gp_binding_dot_word(ps, start, "attrib");
        }
        gp_binding_index(ps, start, k == 3 ? 4 : k == 4 ? 2 : 32,
                      k == 3 ? "outer tessellation level" : k == 4 ? "inner tessellation level" : "patch attribute");
        b->clip = true;
        b->slot = (GP_VARY_PRIMINFO - GP_VARY_CLIP0) * 4 + 2;
    } else if (k == 0) {
        b->slot = GP_VARY_PRIMID;
    } else {
        b->clip = true;
        b->slot = (GP_VARY_PRIMINFO - GP_VARY_CLIP0) * 4 + (k - 1);
    }
    return true;
}

/* NV_fragment_program4 Table X.X: "fragment.<item>" / "primitive.id". */
static void nv4_fragment_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    next(ps);
    gp_binding_dot(ps, start);
    /* NV_gpu_program5 2.X.2 / 2.X.3.2: fragment.sampleid (per-sample
     * execution, FEATURES.md BIND.F.SAMPLEID) and fragment.samplemask, the
     * x and y of GP_VARY_SAMPLE (every component of the binding reads it) */
    static const char *const ms_items[] = { "sampleid", "samplemask" };
    int ms_item = gp_word_index(ps, ms_items, 2);
    if (ms_item >= 0) {
        if (!ps->nv5)
            gp_fail(ps, start, "'fragment.%s' requires NV_gpu_program5 (!!NVfp5.0)", ms_items[ms_item]);
        next(ps);
        b->slot = GP_VARY_SAMPLE;
        b->comp = (uint8_t)(1 + ms_item);
        if (ms_item == 0)
            ps->interp_mask[3] |= 1ull << GP_VARY_SAMPLE; /* info.inputs_sample */
        return;
    }
    if (nv5_thread_input(ps, b))
        return;
    /* NV_gpu_program5 2.X.3.2: fragment.pointcoord (s, t, -, -) */
    int item = gp_fragment_item(ps, start, &b->slot);
    b->interp_ok = item == FIN_COLOR || item == FIN_TEXCOORD || item == FIN_ATTRIB;
    static const int8_t varying[] = { [FIN_TEXCOORD] = VARY_TEXCOORD, [FIN_CLIP] = VARY_CLIP,
                                      [FIN_ATTRIB] = VARY_ATTRIB, [FIN_POINTCOORD] = 0 };
    if (varying[item])
        nv4_varying(ps, b, start, ctx, varying[item], "clip distance");
}

/* The index of a texcoord, clip or attrib binding, which both result.*
 * and the inputs name (NV_gpu_program4 2.X.3.2, 2.X.3.5, NV_geometry_
 * program4), which (VARY_*) read, b->slot its first slot: "[n]", in
 * declarations (ctx 2) also "[n..o]"; clip_what names the clip array. */
static void nv4_varying(gp_parse *ps, nv4_binding *b, int start, int ctx, int which, const char *clip_what)
{
    if (which == VARY_TEXCOORD) {
        b->family = 'T';
        if (is_punct(&ps->tok, '['))
            b->slot += gp_nv4_binding_range(ps, start, min_int(ps->lim.max_texture_coords, 8), "texture coordinate",
                                         ctx == 2, &b->count);
    } else if (which == VARY_CLIP) {
        b->family = 'C';
        b->clip = true;
        b->slot = gp_nv4_binding_range(ps, start, min_int(ps->lim.max_clip_planes, 8), clip_what, ctx == 2, &b->count);
    } else if (which == VARY_ATTRIB) {
        b->family = 'A';
        b->slot += gp_nv4_binding_range(ps, start, 32, "generic attribute", ctx == 2, &b->count);
    }
}

/* NV_geometry_program4 Table X.2: "vertex[m].<item>" ("[m]" optional in
 * declarations) / "primitive.id". */
static void nv4_geometry_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    next(ps);
    if (is_punct(&ps->tok, '[')) {
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT)
            gp_fail(ps, t.pos, "the vertex number of a vertex[m] binding must be a constant (declare an ATTRIB "
                               "without [m] to index vertices)");
        b->vtx = gp_binding_index(ps, start, ps->gs_vertices_in, "input vertex");
    } else if (ctx) {
        b->per_vertex = true;
    } else {
        gp_fail(ps, ps->tok.pos, "a vertex binding in an instruction needs its vertex number, as in vertex[0]");
    }
    gp_binding_dot(ps, start);
    int item = gp_varying_item(ps, start, 8, &b->slot);
    nv4_varying(ps, b, start, ctx, item, "clip distance");
}

/* ---- NV_tessellation_program5 2.X.3.2 (BIND.T.*) -------------------------
 * Input rows of tessellation programs (gp_ir.h "Tessellation"): a vertex
 * slot of the input patch (vertex[m] / vertex.in[m], b->vtx = m), of the
 * output patch (vertex.out[m], GP_TIN_VOUT + slot), per-patch rows
 * (GP_TIN_PATCH + GP_PATCH_*), primitive.id / invocation / vertexcount
 * (components of GP_TIN_PRIM) and vertex.tesscoord (GP_TIN_COORD). */

/* Moves binding b by off rows (a clip-style binding counts components). */
static void tess_shift(nv4_binding *b, int off)
{
    b->slot += b->clip ? off * 4 : off;
}

/* "primitive[.in|.out].<item>", current token "primitive". */
static void nv5_tess_primitive(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    bool tcp = ps->stage == GP_STAGE_TESS_CONTROL;
    next(ps);
    gp_binding_dot(ps, start);
    int dir = 0; /* 0 none, 1 .in, 2 .out */
    if (tok_is(ps, &ps->tok, "in") || tok_is(ps, &ps->tok, "out")) {
        dir = tok_is(ps, &ps->tok, "in") ? 1 : 2;
        if (dir == 2 && !tcp)
            gp_fail(ps, ps->tok.pos, "'primitive.out' bindings are only available in tessellation control programs "
                                     "(the output patch)");
        next(ps);
        gp_binding_dot(ps, start);
    }
    /* NV_shader_thread_group "Dependencies on NV_tessellation_program5":
     * primitive.threadid / thread*mask / warpid / smid (BIND.G.THREAD;
     * glprog/exec/runtime.c fetch_tess_input) */
    if (dir == 0 && nv5_thread_input(ps, b))
        return;
    static const char *const items[] = { "id", "invocation", "vertexcount", "tessouter", "tessinner", "patch" };
    int wpos = ps->tok.pos;
    int k = gp_binding_word(ps, start, items, 6);
    if (k == 1 && !tcp)
        gp_fail(ps, wpos, "primitive.invocation is only available in tessellation control programs");
    if (k == 2 && dir == 2)
        gp_fail(ps, wpos, "primitive.out.vertexcount is not a binding (vertexcount is the input patch's)");
    if (k >= 3 && tcp && dir != 2)
        gp_fail(ps, wpos, "tessellation control programs read per-patch values of the output patch only: use "
                          "primitive.out.%s", items[k]);
    if (k < 3) {
        /* (id, invocation, vertexcount) in x, y, z of GP_TIN_PRIM: one
         * component each, bound like a clip distance */
        b->clip = true;
        b->slot = (GP_TIN_PRIM - GP_VARY_CLIP0) * 4 + k;
        return;
    }
    if (k == 5) {
        gp_binding_dot_word(ps, start, "attrib");
        b->family = 'P';
        b->slot = GP_TIN_PATCH + GP_PATCH_ATTR0 +
                  gp_nv4_binding_range(ps, start, GP_MAX_PATCH_ATTRIBS, "patch attribute", ctx == 2, &b->count);
        return;
    }
    /* tessouter[n] (n < 4), tessinner[n] (n < 2): a row each, (x, -, -, -) */
    b->family = k == 3 ? 'O' : 'N';
    b->comp = 1;
    b->slot = GP_TIN_LEVEL + (k == 3 ? 0 : 4) +
              gp_nv4_binding_range(ps, start, k == 3 ? 4 : 2,
                                   k == 3 ? "outer tessellation level" : "inner tessellation level", ctx == 2,
                                   &b->count);
}

/* "vertex[m].<item>", "vertex.in[m].<item>", "vertex.out[m].<item>" (TCP),
 * "[m]" optional in declarations, "vertex.tesscoord" (TEP); current token
 * "vertex". */
static void nv5_tess_vertex(gp_parse *ps, nv4_binding *b, int ctx)
{
    int start = ps->tok.pos;
    bool tcp = ps->stage == GP_STAGE_TESS_CONTROL;
    next(ps);
    bool out = false, numbered = false;
    if (is_punct(&ps->tok, '[')) {
        numbered = true;
    } else {
        gp_binding_dot(ps, start);
        if (tok_is(ps, &ps->tok, "tesscoord")) {
            if (tcp)
                gp_fail(ps, ps->tok.pos, "vertex.tesscoord is only available in tessellation evaluation programs");
            next(ps);
            b->clip = false;
            b->slot = GP_TIN_COORD;
            return;
        }
        if (tok_is(ps, &ps->tok, "in") || tok_is(ps, &ps->tok, "out")) {
            out = tok_is(ps, &ps->tok, "out");
            if (out && !tcp)
                gp_fail(ps, ps->tok.pos, "'vertex.out' bindings are only available in tessellation control programs "
                                         "(the output patch)");
            next(ps);
            numbered = is_punct(&ps->tok, '[');
            if (!numbered)
                gp_binding_dot(ps, start);
        }
    }
    if (numbered) {
        gp_token t = peek(ps);
        if (t.kind == GP_TOK_IDENT)
            gp_fail(ps, t.pos, "the vertex number of a vertex[m] binding must be a constant (declare an ATTRIB "
                               "without [m] to index vertices)");
        /* vertex.out[m]: "A program will fail to load if the vertex number
         * <m> is greater than or equal to the number of vertices in the
         * output patch." */
        b->vtx = gp_binding_index(ps, start, out ? ps->tcp_vertices_out : GP_MAX_PATCH_VERTICES,
                                  out ? "output patch vertex" : "input patch vertex");
        gp_binding_dot(ps, start);
    } else if (ctx) {
        b->per_vertex = true;
    } else {
        gp_fail(ps, ps->tok.pos, "a vertex binding in an instruction needs its vertex number, as in vertex[0]");
    }
    int item = gp_varying_item(ps, start, 8, &b->slot);
    nv4_varying(ps, b, start, ctx, item, "clip distance");
    if (out)
        tess_shift(b, GP_TIN_VOUT);
}

/* Is t the start of an attribute binding of this program type? */
bool gp_nv4_is_input(const gp_parse *ps, const gp_token *t)
{
    if (ps->stage == GP_STAGE_COMPUTE) /* NV_compute_program5 Table X.1 */
        return tok_is(ps, t, "invocation");
    if (tok_is(ps, t, "vertex"))
        return ps->stage != GP_STAGE_FRAGMENT;
    if (tok_is(ps, t, "fragment"))
        return ps->stage == GP_STAGE_FRAGMENT;
    return tok_is(ps, t, "primitive") && ps->stage != GP_STAGE_VERTEX;
}

/* NV_compute_program5 Table X.1 (BIND.C.*): invocation.localid globalid
 * groupid groupcount groupsize localindex, rows GP_CIN_* (glprog.h); with
 * OPTION NV_shader_thread_group also invocation.threadid and the masks
 * (BIND.C.THREAD). */
static void nv5_compute_input(gp_parse *ps, nv4_binding *b)
{
    int start = ps->tok.pos;
    next(ps); /* invocation */
    gp_binding_dot(ps, start);
    if (nv5_thread_input(ps, b))
        return;
    static const char *const items[] = { "localid", "globalid", "groupid", "groupcount", "groupsize",
                                         "localindex" };
    b->slot = GP_CIN_LOCALID + gp_binding_word(ps, start, items, 6);
}

void gp_nv4_input(gp_parse *ps, nv4_binding *b, int ctx)
{
    memset(b, 0, sizeof(*b));
    b->pos = ps->tok.pos;
    b->count = 1;
    if (ps->stage == GP_STAGE_COMPUTE)
        nv5_compute_input(ps, b);
    else if (ps->stage == GP_STAGE_VERTEX)
        nv4_vertex_input(ps, b, ctx);
    else if (gp_tess_stage(ps->stage) && tok_is(ps, &ps->tok, "primitive"))
        nv5_tess_primitive(ps, b, ctx);
    else if (gp_tess_stage(ps->stage))
        nv5_tess_vertex(ps, b, ctx);
    else if (nv4_primitive_id(ps, b, b->pos))
        ; /* primitive.*: fragment and geometry programs alike */
    else if (ps->stage == GP_STAGE_FRAGMENT)
        nv4_fragment_input(ps, b, ctx);
    else
        nv4_geometry_input(ps, b, ctx);
    b->end = ps->prev.pos + ps->prev.len;
}

/* Result bindings: NV_vertex_program4 Table X.4, NV_geometry_program4
 * Table X.3, NV_fragment_program4 2.X.3.5; current token "result". */
void gp_nv4_result(gp_parse *ps, nv4_binding *b, int ctx)
{
    if (ps->stage == GP_STAGE_COMPUTE) /* NV_compute_program5 2.X.3.5 */
        gp_fail(ps, ps->tok.pos, "compute programs have no result variables (write memory instead)");
    memset(b, 0, sizeof(*b));
    int start = b->pos = ps->tok.pos;
    b->count = 1;
    next(ps);
    gp_binding_dot(ps, start);
    if (ps->stage == GP_STAGE_FRAGMENT && tok_is(ps, &ps->tok, "samplemask")) {
        /* NV_gpu_program5 2.X.2 grammar: result.samplemask (FEATURES.md
         * BIND.R.SAMPLEMASK; rast.h "Multisampling": ANDed with coverage) */
        if (!ps->nv5)
            gp_fail(ps, start, "'result.samplemask' requires NV_gpu_program5 (!!NVfp5.0)");
        next(ps);
        b->slot = GP_FOUT_SAMPLEMASK;
        b->end = ps->prev.pos + ps->prev.len;
        return;
    }
    if (ps->stage == GP_STAGE_FRAGMENT) {
        static const char *const items[] = { "color", "depth" };
        static const char *const others[] = { "position", "fogcoord", "pointsize", "texcoord", "clip",
                                              "attrib", "id", "primid", "layer" };
        if (gp_word_index(ps, items, 2) < 0 && gp_word_index(ps, others, 9) >= 0)
            gp_fail(ps, start, "'result.%.*s' is not available in fragment programs", ps->tok.len,
                    ps->src + ps->tok.pos);
        b->slot = gp_fragment_result(ps, start);
        /* NV_gpu_program5 2.X.3.5 / 3.11.4.5.3: with OPTION
         * ARB_blend_func_extended, result.color[n].primary (SRC_COLOR, the
         * ordinary result) and result.color[n].secondary (SRC1_COLOR) */
        if (b->slot != GP_FOUT_DEPTH && ps->nv5 && is_punct(&ps->tok, '.')) {
            gp_token w = peek(ps);
            bool prim = tok_is(ps, &w, "primary"), sec = tok_is(ps, &w, "secondary");
            if ((prim || sec) && !(ps->options & GP_OPTION_ARB_BLEND_FUNC_EXTENDED))
                gp_fail(ps, w.pos, "result.color[n].%s requires OPTION ARB_blend_func_extended",
                        prim ? "primary" : "secondary");
            if (prim || sec) {
                next(ps);
                next(ps);
                if (sec)
                    b->slot = GP_FOUT_SECONDARY0 + (b->slot - GP_FOUT_COLOR0);
            }
        }
        b->end = ps->prev.pos + ps->prev.len;
        return;
    }
    if (gp_tess_stage(ps->stage) && tok_is(ps, &ps->tok, "patch")) {
        /* NV_tessellation_program5 Table X.6 (BIND.R.PATCH_*): control
         * programs' per-patch results, rows GP_VARY_COUNT + GP_PATCH_* of
         * the output file (gp_ir.h "Tessellation") */
        if (ps->stage != GP_STAGE_TESS_CONTROL)
            gp_fail(ps, ps->tok.pos, "result.patch bindings are only available in tessellation control programs");
        next(ps);
        gp_binding_dot(ps, start);
        static const char *const items[] = { "tessouter", "tessinner", "attrib" };
        int k = gp_binding_word(ps, start, items, 3);
        if (k == 2) {
            b->family = 'P';
            b->slot = GP_VARY_COUNT + GP_PATCH_ATTR0 +
                      gp_nv4_binding_range(ps, start, GP_MAX_PATCH_ATTRIBS, "patch attribute", ctx == 2, &b->count);
        } else {
            b->family = k == 0 ? 'O' : 'N';
            b->slot = GP_TCP_LEVEL_ROW + (k == 0 ? 0 : 4) +
                      gp_nv4_binding_range(ps, start, k == 0 ? 4 : 2,
                                           k == 0 ? "outer tessellation level" : "inner tessellation level",
                                           ctx == 2, &b->count);
        }
        b->end = ps->prev.pos + ps->prev.len;
        return;
    }
    int item = gp_result_item(ps, start, &b->slot);
    bool gs = ps->stage == GP_STAGE_GEOMETRY;
    if ((item == VARY_ID && gs) || (item >= VARY_PRIMID && !gs)) {
        int end = ps->prev.pos + ps->prev.len;
        gp_fail(ps, start, "'%.*s' is not available in %s programs", end - start, ps->src + start,
                gp_stage_word(ps->stage));
    }
    nv4_varying(ps, b, start, ctx, item, "clip plane");
    b->end = ps->prev.pos + ps->prev.len;
}

void gp_nv4_array_member(gp_parse *ps, const gp_sym *sym, int count, nv4_index *ix)
{
    memset(ix, 0, sizeof(*ix));
    expect(ps, '[', NULL);
    int n = sym->len > 40 ? 40 : sym->len;
    if (ps->tok.kind == GP_TOK_INT) {
        /* "Out-of-bounds array absolute accesses are not allowed." */
        if (ps->tok.big || ps->tok.ival >= (uint32_t)count)
            gp_fail(ps, ps->tok.pos, "array index %u out of bounds for '%.*s' (%d elements)", ps->tok.ival, n,
                    sym->name, count);
        ix->value = (int)ps->tok.ival;
        next(ps);
    } else if (ps->tok.kind == GP_TOK_IDENT) {
        /* <arrayMemRel>: a scalar integer operand, then an offset in
         * [0, count-1] */
        const gp_sym *r = gp_lookup(ps, &ps->tok);
        int rpos = ps->tok.pos, rlen = ps->tok.len > 40 ? 40 : ps->tok.len;
        if (r->kind != GP_SYM_TEMP || r->is_array)
            gp_fail(ps, rpos, "the relative index '%.*s' must be a temporary variable that is not an array", rlen,
                    ps->src + rpos);
        if (r->dtype == 'F')
            gp_fail(ps, rpos, "the relative index '%.*s' is declared FLOAT: an integer is needed", rlen,
                    ps->src + rpos);
        next(ps);
        if (!accept(ps, '.'))
            gp_fail(ps, ps->tok.pos, "a relative index needs one component, as in %.*s.x", rlen, ps->src + rpos);
        int comp[4];
        if (gp_components(ps, &ps->tok, comp) != 1)
            gp_fail(ps, ps->tok.pos, "invalid relative index component '%.*s'", ps->tok.len > 20 ? 20 : ps->tok.len,
                    ps->src + ps->tok.pos);
        next(ps);
        ix->rel = true;
        ix->reg = (uint8_t)r->index;
        ix->comp = (uint8_t)comp[0];
        if (is_punct(&ps->tok, '+') || is_punct(&ps->tok, '-')) {
            int spos = ps->tok.pos;
            bool neg = ps->tok.punct == '-';
            next(ps);
            int opos = ps->tok.pos;
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "an offset");
            /* "A program will fail to load if it specifies an offset
             * outside that range." */
            if (big || v >= (uint32_t)count || (neg && v != 0))
                gp_fail(ps, neg ? spos : opos, "relative offset %s%u out of range for '%.*s' (0..%d)", neg ? "-" : "",
                        v, n, sym->name, count - 1);
            ix->value = (int)v;
        }
    } else {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected an array index, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    expect(ps, ']', "after the array index");
}

/* Array member ix of a variable whose members start at base. */
/* gp_src.hi / gp_dst.hi of an operand naming sym: the rows from a low
 * word to its high word for a LONG TEMP of an NV5 program, else 0. */
uint16_t gp_long_rows(const gp_parse *ps, const gp_sym *sym)
{
    /* LONG ATTRIB: the high words' input rows (glprog.h GP_VIN_LONG_HI) */
    if (ps->nv5 && sym->kind == GP_SYM_ATTRIB && sym->size == 'L')
        return GP_VIN_LONG_HI;
    if (!ps->nv5 || sym->kind != GP_SYM_TEMP || sym->size != 'L')
        return 0;
    return (uint16_t)(sym->is_array ? sym->count : 1);
}

void gp_nv4_rel_src(gp_src *s, const nv4_index *ix, int base, int count)
{
    s->index = base + ix->value;
    s->rel_lo = s->rel_hi = s->index;
    if (ix->rel) {
        MARK_REL(s, GP_FILE_TEMP, base, base + count - 1);
        s->rel_reg = ix->reg;
        s->rel_comp = ix->comp;
    }
}

/* The first index of a variable that has one before its member: the
 * vertex of a geometry program's per-vertex ATTRIB, the binding point of
 * a program.buffer[a..b] / program.storage[a..b] variable (0 = a). */
void gp_nv4_outer_index(gp_parse *ps, const gp_sym *sym, int count, gp_src *s)
{
    nv4_index v;
    gp_nv4_array_member(ps, sym, count, &v);
    s->vtx = (uint8_t)v.value;
    if (v.rel) {
        s->vtx_rel = 1;
        s->vtx_rel_reg = v.reg;
        s->vtx_rel_comp = v.comp;
    }
}

/* An input binding read by an instruction: its slot (clip distances: the
 * component folded into the swizzle), vertex (geometry). */
static void nv4_input_operand(gp_parse *ps, gp_src *s, const nv4_binding *b, int member)
{
    s->file = GP_FILE_INPUT;
    if (b->clip) {
        int n = b->slot + member;
        s->index = GP_VARY_CLIP0 + n / 4;
        memset(s->swz, n % 4, 4); /* (c, -, -, -): every component may be c */
    } else {
        s->index = b->slot + member;
        if (b->comp)
            memset(s->swz, b->comp - 1, 4); /* fragment.sampleid / samplemask: (v, -, -, -) */
    }
    s->rel_lo = s->rel_hi = s->index;
    s->vtx = (uint8_t)b->vtx;
    if (s->index < GP_IN_THREAD) /* the thread rows are no attributes */
        ps->inputs_bound |= 1ull << (s->index & 63);
}

/* Vertices a per-vertex ATTRIB sym (bound without [m]) spans: the input
 * primitive of a geometry program, the input patch of a tessellation
 * program (GP_MAX_PATCH_VERTICES; past the draw's patch size reads 0) or a
 * control program's output patch (vertex.out: VERTICES_OUT). */
int gp_per_vertex_count(const gp_parse *ps, const gp_sym *sym)
{
    if (!gp_tess_stage(ps->stage))
        return ps->gs_vertices_in;
    int row = sym->clip ? GP_VARY_CLIP0 + sym->index / 4 : sym->index;
    return row >= GP_TIN_VOUT && row < GP_TIN_VOUT + GP_VARY_COUNT ? ps->tcp_vertices_out : GP_MAX_PATCH_VERTICES;
}

/* <srcReg> of an NV4 instruction: literals (typed by ps->opnd_type),
 * parameter bindings, attribute bindings, and TEMP / ATTRIB / PARAM /
 * BUFFER variables with their array members. */
void gp_nv4_src_reg(gp_parse *ps, gp_src *s, bool *scalar_const)
{
    gp_token t = ps->tok;
    *scalar_const = false;
    if ((t.kind == GP_TOK_INT || t.kind == GP_TOK_FLOAT || is_punct(&t, '{')) && ps->lit64) {
        gp_parse_literal64(ps, s, scalar_const); /* NV5 64-bit literals */
    } else if (tok_is(ps, &t, "program") && dot_word_ahead(ps, "buffer")) {
        gp_fail(ps, t.pos, "program.buffer bindings can only be used in BUFFER declarations (2.X.3.6)");
    } else if (gp_param_src(ps, s, scalar_const)) {
        /* a literal, state.* or program.* */
    } else if (gp_nv4_is_input(ps, &t)) {
        nv4_binding b;
        gp_nv4_input(ps, &b, 0);
        nv4_input_operand(ps, s, &b, 0);
    } else if (tok_is(ps, &t, "result")) {
        gp_fail(ps, t.pos, "result bindings are write-only and cannot be read");
    } else if (tok_is(ps, &t, "texture")) {
        gp_fail(ps, t.pos, "expected an operand, found 'texture' (a texture unit is not an operand here)");
    } else if (tok_is(ps, &t, "vertex") || tok_is(ps, &t, "fragment") || tok_is(ps, &t, "primitive")) {
        gp_fail(ps, t.pos, "'%.*s' bindings are not available in %s programs", t.len, ps->src + t.pos,
                gp_stage_word(ps->stage));
    } else {
        const gp_sym *sym = gp_lookup(ps, &t);
        int n = t.len > 40 ? 40 : t.len;
        next(ps);
        if (sym->dtype)
            ps->last_sym = sym;
        bool member = sym->is_array || sym->kind == GP_SYM_PARAM_ARRAY;
        if (sym->kind == GP_SYM_OUTPUT)
            gp_fail(ps, t.pos, "'%.*s' is a result variable and cannot be read", n, ps->src + t.pos);
        if (sym->kind == GP_SYM_ATTRIB && sym->per_vertex) {
            /* NV_geometry_program4: the first index is the vertex */
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, t.pos, "'%.*s' needs a vertex index, as in %.*s[0]", n, ps->src + t.pos, n, ps->src + t.pos);
            gp_nv4_outer_index(ps, sym, gp_per_vertex_count(ps, sym), s);
        }
        if ((sym->kind == GP_SYM_BUFFER || sym->kind == GP_SYM_CBUFFER) && sym->nbuf > 1) {
            /* NV5 program.buffer[a..b] variables: the first index selects
             * the binding point (0 = a), constant or relative */
            if (!is_punct(&ps->tok, '['))
                gp_fail(ps, t.pos, "'%.*s' spans %d buffer binding points and needs a binding index, as in %.*s[0]",
                        n, ps->src + t.pos, sym->nbuf, n, ps->src + t.pos);
            gp_nv4_outer_index(ps, sym, sym->nbuf, s);
            s->nbuf = sym->nbuf;
        }
        nv4_member_check(ps, &t, member);
        nv4_index ix = { 0 };
        switch (sym->kind) {
        case GP_SYM_TEMP:
            s->file = GP_FILE_TEMP;
            ps->last_size = sym->size;
            if (member)
                gp_nv4_array_member(ps, sym, sym->count, &ix);
            gp_nv4_rel_src(s, &ix, sym->index, sym->count);
            s->hi = gp_long_rows(ps, sym);
            break;
        case GP_SYM_PARAM:
            s->file = GP_FILE_PARAM;
            s->index = s->rel_lo = s->rel_hi = sym->index;
            break;
        case GP_SYM_PARAM_ARRAY:
            s->file = GP_FILE_PARAM;
            gp_nv4_array_member(ps, sym, sym->count, &ix);
            gp_nv4_rel_src(s, &ix, sym->index, sym->count);
            if (ix.rel)
                ps->arrays[sym->array].relative = true;
            break;
        case GP_SYM_BUFFER:
        case GP_SYM_CBUFFER:
            /* NV_parameter_buffer_object2 2.X.3.6: only LDC reads CBUFFER
             * variables, and only them; their elements are bytes (gp_ir.h
             * LDC) (EDGE.LDC_OPERAND) */
            if (sym->kind == GP_SYM_BUFFER && ps->mem_var == GP_SYM_CBUFFER)
                gp_fail(ps, t.pos, "LDC reads CBUFFER variables only; '%.*s' is a %s variable", n, ps->src + t.pos,
                        sym->vec4 ? "BUFFER4" : "BUFFER");
            if (sym->kind == GP_SYM_CBUFFER && ps->mem_var != GP_SYM_CBUFFER)
                gp_fail(ps, t.pos, "'%.*s' is a CBUFFER variable: only LDC can read it", n, ps->src + t.pos);
            if (sym->kind == GP_SYM_CBUFFER) {
                ps->mem_hit = true;
                ps->last_sym = NULL;
            }
            s->file = GP_FILE_BUFFER;
            s->buf = sym->buf;
            if (member)
                gp_nv4_array_member(ps, sym, sym->count, &ix);
            gp_nv4_rel_src(s, &ix, sym->index, sym->count);
            break;
        case GP_SYM_STORAGE:
        case GP_SYM_SHARED:
            gp_fail(ps, t.pos, "'%.*s' is a %s variable: only %s can use it", n, ps->src + t.pos,
                    sym->kind == GP_SYM_STORAGE ? "STORAGE" : "SHARED",
                    sym->kind == GP_SYM_STORAGE ? "LDB, STB and ATOMB" : "LDS, STS and ATOMS");
        case GP_SYM_IMAGE:
            gp_fail(ps, t.pos, "'%.*s' is an IMAGE variable: it can only name the image of LOADIM, STOREIM and "
                               "ATOMIM", n, ps->src + t.pos);
        case GP_SYM_ATTRIB: {
            nv4_binding b = { .slot = sym->index, .clip = sym->clip, .vtx = s->vtx, .comp = sym->comp };
            if (member) {
                gp_nv4_array_member(ps, sym, sym->count, &ix);
                if (ix.rel && sym->clip)
                    gp_fail(ps, t.pos, "relative addressing of clip distance arrays is not supported");
            }
            if (!sym->per_vertex)
                b.vtx = sym->vtx;
            uint8_t vtx_rel = s->vtx_rel;
            nv4_input_operand(ps, s, &b, ix.value);
            s->vtx_rel = vtx_rel;
            s->hi = gp_long_rows(ps, sym); /* LONG ATTRIB */
            ps->last_size = sym->size;
            if (ix.rel) {
                gp_nv4_rel_src(s, &ix, sym->index, sym->count);
                /* 2.X.3.2: "attribute bindings may be used in no more than
                 * one array variable accessed with relative addressing"
                 * (vertex and fragment inputs; geometry inputs are per
                 * vertex, vertex[n] arrays view one vertex of them) */
                for (int k = sym->index; ps->stage != GP_STAGE_GEOMETRY && !gp_tess_stage(ps->stage) &&
                                         k < sym->index + sym->count && k < 64;
                     k++) {
                    if (ps->attr_rel_owner[k] && ps->attr_rel_owner[k] != sym)
                        gp_fail(ps, t.pos, "attribute array '%.*s' shares a binding with another relatively addressed "
                                           "attribute array", n, sym->name);
                    ps->attr_rel_owner[k] = sym;
                }
            }
            break;
        }
        default:
            gp_fail(ps, t.pos, "'%.*s' cannot be used as an operand", n, ps->src + t.pos);
        }
    }
    if (!s->rel)
        s->rel_lo = s->rel_hi = s->index;
}

/* "[" member "]" after the name t of a variable that is an array
 * (member), nothing after one that is not. */
static void nv4_member_check(gp_parse *ps, const gp_token *t, bool member)
{
    int n = t->len > 40 ? 40 : t->len;
    if (member && !is_punct(&ps->tok, '['))
        gp_fail(ps, t->pos, "array '%.*s' needs an array member, as in %.*s[0]", n, ps->src + t->pos, n,
                ps->src + t->pos);
    if (!member && is_punct(&ps->tok, '['))
        gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t->pos);
}

/* <instResult> of an NV4 instruction (the driver's gp_parse_dst reads the
 * rest): a result binding, current token "result" ... */
void gp_nv4_result_dst(gp_parse *ps, gp_dst *d)
{
    nv4_binding b;
    gp_nv4_result(ps, &b, 0);
    d->file = GP_FILE_OUTPUT;
    d->index = b.clip ? GP_VARY_CLIP0 + b.slot / 4 : b.slot;
    d->clipdist = (uint8_t)(b.clip ? 1 + b.slot % 4 : 0);
    d->rel_lo = d->rel_hi = d->index;
}

/* ... or a TEMP or OUTPUT variable sym named t (consumed), with its array
 * member. */
void gp_nv4_var_dst(gp_parse *ps, gp_dst *d, const gp_sym *sym, const gp_token *t)
{
    nv4_member_check(ps, t, sym->is_array);
    nv4_index ix = { 0 };
    if (sym->is_array)
        gp_nv4_array_member(ps, sym, sym->count, &ix);
    d->hi = gp_long_rows(ps, sym);
    if (sym->clip) {
        if (ix.rel)
            gp_fail(ps, t->pos, "relative addressing of clip distance arrays is not supported");
        int c = sym->index + ix.value;
        d->index = GP_VARY_CLIP0 + c / 4;
        d->clipdist = (uint8_t)(1 + c % 4);
    } else {
        d->index = sym->index + ix.value;
        d->clipdist = sym->clipdist;
    }
    d->rel_lo = d->rel_hi = d->index;
    if (ix.rel) {
        MARK_REL(d, GP_FILE_TEMP, sym->index, sym->index + sym->count - 1);
        d->rel_reg = ix.reg;
        d->rel_comp = ix.comp;
        /* 2.X.3.5: "result bindings may be used in no more than one
         * array addressed with relative addressing" */
        for (int k = sym->index; sym->kind == GP_SYM_OUTPUT && k < sym->index + sym->count && k < 64; k++) {
            if (ps->out_rel_owner[k] && ps->out_rel_owner[k] != sym)
                gp_fail(ps, t->pos, "result array '%.*s' shares a binding with another relatively addressed "
                                    "result array", t->len > 40 ? 40 : t->len, ps->src + t->pos);
            ps->out_rel_owner[k] = sym;
        }
    }
}

/* ---- NV_gpu_program5 texture operands (2.X.2 <texAccess>, 2.X.3.8) ------
 * Texture variables (indexed at run time; TEXTURE declarations are in
 * parse/nv_decl.c), the gather component selector, the extra vector
 * operand and offset(<operand>).
 * The rules that need the target are checked in gp_validate.c. */

/* The extra vector operand of "TEXop dst, coord, extra, texture, target"
 * (2.X.2 <TEXop_instruction>; TEX.EXTRA_OPERAND): present when the token
 * after the coordinate's comma is not a texture.  Goes to src[1]. */
static void nv5_tex_extra(gp_parse *ps, gp_pinsn *pi)
{
    if (gp_opinfo_table[pi->in.op].cls != GP_CLASS_TEX || tok_is(ps, &ps->tok, "texture"))
        return;
    if (tok_is(ps, &ps->tok, "handle")) {
        gp_token t = peek(ps);
        if (is_punct(&t, '('))
            return; /* NV_bindless_texture handle(<operand>) */
    }
    if (ps->tok.kind == GP_TOK_IDENT) {
        const gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
        if (s && s->kind == GP_SYM_TEXTURE)
            return;
    }
    gp_set_operand_type(ps, GP_TYPE_F32);
    gp_parse_src(ps, &pi->in.src[1], SRC_VECTOR, &pi->extra_pos);
    pi->in.tex_flags |= GP_TEXF_EXTRA;
    expect(ps, ',', "before the texture unit");
}

/* A TEXTURE variable naming the unit (2.X.2 <texVarName> <optArrayMem>);
 * an array member "[R0.x + n]" is indexed at run time. */
static bool nv5_tex_variable(gp_parse *ps, gp_pinsn *pi, int *unit)
{
    if (ps->tok.kind != GP_TOK_IDENT)
        return false;
    const gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
    if (!s || s->kind != GP_SYM_TEXTURE)
        return false;
    next(ps);
    *unit = s->index;
    pi->in.tex_base = (uint8_t)s->index;
    pi->in.tex_count = (uint8_t)s->count;
    if (s->is_array && is_punct(&ps->tok, '[')) {
        nv4_index ix;
        gp_nv4_array_member(ps, s, s->count, &ix);
        *unit = s->index + ix.value;
        if (ix.rel) {
            pi->in.tex_flags |= GP_TEXF_INDEXED;
            pi->in.tex_rel_reg = ix.reg;
            pi->in.tex_rel_comp = ix.comp;
        }
    } else if (is_punct(&ps->tok, '[')) {
        gp_fail(ps, ps->tok.pos, "'%.*s' is not a TEXTURE array", s->len > 40 ? 40 : s->len, s->name);
    }
    return true;
}

/* "offset" "(" <instOperandV> ")" (2.X.2 <texOffset>), current token
 * "offset": the run-time texel offset, signed integers, into src[2]. */
static void nv5_tex_offset_reg(gp_parse *ps, gp_pinsn *pi)
{
    pi->offreg_pos = ps->tok.pos;
    next(ps);
    expect(ps, '(', "after 'offset'");
    gp_set_operand_type(ps, GP_TYPE_S32);
    int pos;
    gp_parse_src(ps, &pi->in.src[2], SRC_VECTOR, &pos);
    expect(ps, ')', "after the texel offset operand");
    pi->in.tex_flags |= GP_TEXF_OFFSET_REG;
}

/* NV_bindless_texture "Interactions with NV_gpu_program5" 2.X.2:
 * <textureUseV> ::= "handle" "(" <addrUseS> ")", current token "handle"
 * followed by '('; allowed under OPTION NV_bindless_texture (2.X.5.Y).  The
 * scalar operand (any scalar integer operand: a LONG variable's component
 * is the whole 64-bit handle, a 32-bit one is zero-extended) goes to
 * gp_insn.tex_handle. */
bool gp_nv5_tex_handle(gp_parse *ps, gp_pinsn *pi)
{
    if (!tok_is(ps, &ps->tok, "handle"))
        return false;
    gp_token t = peek(ps);
    if (!is_punct(&t, '('))
        return false;
    if (!(ps->options & GP_OPTION_NV_BINDLESS_TEXTURE))
        gp_fail(ps, ps->tok.pos, "texture handles require OPTION NV_bindless_texture");
    next(ps);
    next(ps);
    gp_set_operand_type(ps, GP_TYPE_U32);
    int pos;
    gp_parse_src(ps, &pi->in.tex_handle, SRC_SCALAR, &pos);
    expect(ps, ')', "after the texture handle operand");
    pi->in.tex_flags |= GP_TEXF_HANDLE;
    return true;
}

/* NV_explicit_multisample and NV_texture_multisample gate their targets. */
static const char *nv4_tex_gate(const gp_parse *ps, const char *word)
{
    if (strcmp(word, "RENDERBUFFER") == 0 && !(ps->options & GP_OPTION_NV_EXPLICIT_MULTISAMPLE))
        return "NV_explicit_multisample";
    if (strstr(word, "2DMS") && !(ps->options & GP_OPTION_NV_TEXTURE_MULTISAMPLE))
        return "NV_texture_multisample";
    return NULL;
}

/* <texAccess>: "texture" ["[" n "]"] "," target ["," "(" offsets ")"];
 * NV5 / NV4.1 also: an extra operand before it, a TEXTURE variable, a
 * component selector, ARRAYCUBE targets and "offset(<operand>)". */
void gp_nv4_texture(gp_parse *ps, gp_pinsn *pi)
{
    bool nv5t = ps->nv5 || ps->nv41;
    if (nv5t)
        nv5_tex_extra(ps, pi);
    pi->unit_pos = ps->tok.pos;
    int unit = 0;
    if (ps->nv5 && gp_nv5_tex_handle(ps, pi)) {
        /* NV_bindless_texture: unit 0, unused */
    } else if (ps->nv5 && nv5_tex_variable(ps, pi, &unit)) {
        /* unit set; a constant index is folded in */
    } else {
        unit = gp_texture_unit(ps);
    }
    if (nv5t && is_punct(&ps->tok, '.')) {
        /* <texImageUnitComp>: the gather component (2.X.4.4) */
        next(ps);
        int comp[4];
        pi->comp_pos = ps->tok.pos;
        if (gp_components(ps, &ps->tok, comp) != 1)
            gp_fail(ps, ps->tok.pos, "expected a texture component selector (x, y, z or w)");
        pi->in.tex_comp = (uint8_t)comp[0];
        next(ps);
    }
    expect(ps, ',', "before the texture target");
    gp_parse_tex_target(ps, pi, nv5t ? TEXW_NV4 | TEXW_NV41 : TEXW_NV4, nv4_tex_gate,
                     "a texture target (1D, 2D, 3D, CUBE, RECT, ARRAY2D, BUFFER ...)");
    pi->in.tex_unit = (uint8_t)unit;
    /* <texOffset>: one to three signed integers (2.X.4.4) */
    if (accept(ps, ',')) {
        if (ps->nv5 && tok_is(ps, &ps->tok, "offset")) {
            nv5_tex_offset_reg(ps, pi);
            return;
        }
        pi->offset_pos = ps->tok.pos;
        expect(ps, '(', "to start the texel offset");
        for (int i = 0; i < 3; i++) {
            if (i > 0 && !accept(ps, ','))
                break;
            bool neg = false;
            int spos = ps->tok.pos;
            if (is_punct(&ps->tok, '-') || is_punct(&ps->tok, '+')) {
                neg = ps->tok.punct == '-';
                next(ps);
            }
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "a texel offset");
            long long o = neg ? -(long long)v : (long long)v;
            if (big || o < GP_MIN_TEXEL_OFFSET || o > GP_MAX_TEXEL_OFFSET)
                gp_fail(ps, spos, "texel offset %s%u out of range [%d, %d]", neg ? "-" : "", v, GP_MIN_TEXEL_OFFSET,
                        GP_MAX_TEXEL_OFFSET);
            pi->in.tex_offset[i] = (int8_t)o;
        }
        expect(ps, ')', "after the texel offset");
    }
}

/* NV4 <ccTest> rules (Table X.16), with an optional 0/1 register digit. */
bool gp_nv4_cc_rule(gp_parse *ps, uint8_t *cond, uint8_t *reg)
{
    static const struct {
        const char *name;
        uint8_t cond;
    } rules[] = {
        { "EQ", GP_COND_EQ }, { "GE", GP_COND_GE }, { "GT", GP_COND_GT }, { "LE", GP_COND_LE },
        { "LT", GP_COND_LT }, { "NE", GP_COND_NE }, { "TR", GP_COND_TR }, { "FL", GP_COND_FL },
        { "NAN", GP_COND_NAN }, { "LEG", GP_COND_LEG }, { "CF", GP_COND_CF }, { "NCF", GP_COND_NCF },
        { "OF", GP_COND_OF }, { "NOF", GP_COND_NOF }, { "AB", GP_COND_AB }, { "BLE", GP_COND_BLE },
        { "SF", GP_COND_SF }, { "NSF", GP_COND_NSF },
    };
    if (ps->tok.kind != GP_TOK_IDENT)
        return false;
    const char *s = ps->src + ps->tok.pos;
    int len = ps->tok.len;
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        int n = (int)strlen(rules[i].name);
        if (memcmp(s, rules[i].name, (size_t)(len < n ? len : n)) != 0 || len < n)
            continue;
        if (len == n) {
            *reg = 0;
        } else if (len == n + 1 && (s[n] == '0' || s[n] == '1')) {
            *reg = (uint8_t)(s[n] - '0');
        } else {
            continue;
        }
        *cond = rules[i].cond;
        return true;
    }
    return false;
}

/* CVT's modifiers (NV_gpu_program5 2.X.4.1, 2.X.8.Z CVT): exactly two
 * storage modifiers, the result's type then the operand's (F16 F32 F64 S8
 * S16 S32 S64 U8 U16 U32 U64); at most one rounding modifier (ROUND CEIL
 * FLR TRUNC; ROUND when none, EDGE.CVT_DEFAULT_RND); .CC/.CC0/.CC1; .SAT
 * (integer results: clamp to the type's range) or .SSAT (float results
 * only); .NTC; .PREC (accepted: asmgl never reorders arithmetic).  No data
 * type modifier and no R/H/X suffix: the storage modifiers are the types.
 * Fills cvt_dst / cvt_src / cvt_rnd and sets in->type to the result's base
 * type (gp_cvt_gptype). */
static void cvt_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    if (w->prec)
        gp_fail(ps, t->pos, "CVT does not take the %c suffix (its types are its two storage modifiers)", w->prec);
    static const char *const mods[] = { "CC", "CC0", "CC1", "SAT", "SSAT", "NTC", "PREC",
                                        "ROUND", "CEIL", "FLR", "TRUNC" };
    int ntypes = 0, types[2] = { 0, 0 };
    int rnd = -1, sat_pos = t->pos;
    bool prec = false;
    while (is_punct(&ps->tok, '.')) {
        gp_token m = peek(ps);
        int st = -1, k = -1;
        for (int i = 0; i < GP_CVT_COUNT; i++)
            if (tok_is(ps, &m, gp_cvt_type_name(i)))
                st = i;
        for (int i = 0; st < 0 && i < 11; i++)
            if (tok_is(ps, &m, mods[i]))
                k = i;
        if (st < 0 && k < 0) {
            char b[64];
            if (tok_is(ps, &m, "F") || tok_is(ps, &m, "S") || tok_is(ps, &m, "U"))
                gp_fail(ps, m.pos, "CVT takes no data type modifier (%s): its types are its two storage "
                                   "modifiers, CVT.<result type>.<operand type>", tok_str(ps, &m, b, sizeof(b)));
            gp_fail(ps, m.pos, "unknown instruction modifier %s after 'CVT' (storage types F16 F32 F64 S8 S16 "
                               "S32 S64 U8 U16 U32 U64, rounding ROUND CEIL FLR TRUNC, CC, SAT)",
                    tok_str(ps, &m, b, sizeof(b)));
        }
        next(ps);
        next(ps);
        if (st >= 0) {
            if (ntypes == 2)
                gp_fail(ps, m.pos, "CVT takes two storage modifiers (result type, operand type); '.%s' is a third",
                        gp_cvt_type_name(st));
            types[ntypes++] = st;
        } else if (k <= 2) {
            if (w->cc)
                gp_fail(ps, m.pos, "more than one condition code modifier on 'CVT'");
            w->cc = (uint8_t)(k + 1);
        } else if (k <= 4) {
            if (w->sat)
                gp_fail(ps, m.pos, "more than one clamping modifier on 'CVT'");
            w->sat = (uint8_t)(k == 3 ? GP_SAT_01 : GP_SAT_11);
            sat_pos = m.pos;
        } else if (k == 5) {
            if (w->ntc)
                gp_fail(ps, m.pos, "'.NTC' is given twice on 'CVT'");
            w->ntc = true;
        } else if (k == 6) {
            if (prec)
                gp_fail(ps, m.pos, "'.PREC' is given twice on 'CVT'");
            prec = true;
        } else {
            if (rnd >= 0)
                gp_fail(ps, m.pos, "more than one rounding modifier on 'CVT'");
            rnd = k == 7 ? GP_RND_ROUND : k == 8 ? GP_RND_CEIL : k == 9 ? GP_RND_FLR : GP_RND_TRUNC;
        }
    }
    if (ntypes < 2)
        gp_fail(ps, t->pos, "CVT needs two storage modifiers, CVT.<result type>.<operand type> (F16 F32 F64 S8 S16 "
                            "S32 S64 U8 U16 U32 U64), found %d", ntypes);
    int rt = gp_cvt_gptype(types[0]);
    if (w->sat == GP_SAT_11 && rt != GP_TYPE_F32 && rt != GP_TYPE_F64)
        gp_fail(ps, sat_pos, "'.SSAT' needs a floating-point result; CVT.%s clamps to its range with '.SAT'",
                gp_cvt_type_name(types[0]));
    gp_insn *in = &pi->in;
    in->type = (uint8_t)rt;
    in->cvt_dst = (uint8_t)types[0];
    in->cvt_src = (uint8_t)types[1];
    in->cvt_rnd = (uint8_t)(rnd < 0 ? GP_RND_ROUND : rnd);
    in->opmod = 0;
    in->sat = w->sat;
    in->precision = 0;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    pi->ntc = w->ntc;
}

/* The dotted modifiers after an NV4 opcode (".F.CC1.SAT", Table X.14) and
 * the checks of 2.X.4.1 against the opcode's Table X.13 row: at most one
 * modifier of each kind, only the modifiers the row allows, clamping only
 * with a floating-point result.  t is the opcode token (already consumed). */
void gp_nv4_opword(gp_parse *ps, gp_opword *w, const gp_token *t, gp_pinsn *pi)
{
    const gp_opinfo *oi = &gp_opinfo_table[w->op];
    const char *s = ps->src + t->pos;
    int tl = t->len;
    char opt_names[128];
    /* NV_gpu_program5 "Dependencies on NV_gpu_program4": its additions need
     * a 5.0 header (HDR.GATE5), even where the implementation has them.
     * GP_OPF_OPTION_ADMITS: LOAD / LDC under 4.0 with their options
     * (OPT.NV_shader_buffer_load, OPT.NV_parameter_buffer_object2). */
    bool admits = (oi->flags & GP_OPF_OPTION_ADMITS) != 0;
    bool opt_ok = admits && (ps->options & oi->options);
    if (!(oi->profiles & ps->prof) && !opt_ok) {
        if (admits && !ps->nv5)
            gp_fail(ps, t->pos, "opcode '%s' requires an NV_gpu_program5 header (!!NV%sp5.0) or OPTION %s", oi->name,
                    ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v",
                    gp_option_names(oi->options, opt_names, sizeof(opt_names)));
        if ((oi->profiles & GP_PROF_NV5) && !ps->nv5)
            gp_fail(ps, t->pos, "opcode '%s' requires an NV_gpu_program5 header (!!NV%sp5.0)", oi->name,
                    ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v");
        gp_fail(ps, t->pos, "opcode '%s' is not available in NV_gpu_program%c programs", oi->name,
                ps->nv5 ? '5' : '4');
    }
    if ((oi->flags & GP_OPF_FP_ONLY) && ps->stage != GP_STAGE_FRAGMENT)
        gp_fail(ps, t->pos, "opcode '%s' is only available in fragment programs", oi->name);
    if ((oi->flags & GP_OPF_GP_ONLY) && ps->stage != GP_STAGE_GEOMETRY)
        gp_fail(ps, t->pos, "opcode '%s' is only available in geometry programs", oi->name);
    /* the OPTION gate (gp_opcodes.def): NV_shader_thread_group, _shuffle,
     * NV_explicit_multisample / NV_texture_multisample, NV_shader_storage_buffer */
    if (oi->options && !admits && !(ps->options & oi->options))
        gp_fail(ps, t->pos, "opcode '%s' requires OPTION %s", oi->name,
                gp_option_names(oi->options, opt_names, sizeof(opt_names)));
    if ((oi->flags & GP_OPF_CP_ONLY) && ps->stage != GP_STAGE_COMPUTE)
        gp_fail(ps, t->pos, "opcode '%s' is only available in compute programs (!!NVcp5.0)", oi->name);
    if (w->op == GP_OP_CVT) {
        cvt_opword(ps, w, t, pi);
        return;
    }
    if (oi->flags & GP_OPF_MEMORY) {
        gp_mem_opword(ps, w, t, pi);
        return;
    }
    /* Table X.15 suffixes: R and H are the F type (H also needs column H) */
    if (w->prec == 'X')
        gp_fail(ps, t->pos, "the X precision suffix of '%.*s' is not available in NV_gpu_program4 programs", tl, s);
    if (w->prec && !(oi->types & GP_TYPEBIT_F))
        gp_fail(ps, t->pos, "opcode '%s' does not take the %c suffix (a floating-point data type)", oi->name, w->prec);
    if (w->prec == 'H' && !(oi->nv4 & GP_MODBIT_PREC))
        gp_fail(ps, t->pos, "opcode '%s' does not take the H suffix", oi->name);
    int type_pos = t->pos, cc_pos = t->pos, sat_pos = t->pos, mod_pos = t->pos;
    bool type_dotted = false;
    bool wide = false; /* a 64-bit data type modifier (.F64 .S64 .U64) */
    const char *type_word = NULL; /* the data type modifier as written */
    if (w->prec)
        w->type = 'F';
    bool prec_seen = false;
    while (is_punct(&ps->tok, '.')) {
        gp_token m = peek(ps);
        static const char *const names[] = { "F", "U", "S", "CC", "CC0", "CC1", "SAT", "SSAT",
                                             "NTC", "S24", "U24", "HI" };
        int k = -1;
        for (int i = 0; i < 12; i++)
            if (tok_is(ps, &m, names[i]))
                k = i;
        /* NV_gpu_program5 2.X.4.1: sized data type modifiers (.F32 .U32
         * .S32 are .F .U .S; .F64 .U64 .S64 the 64-bit types) and .PREC,
         * only under a 5.0 header (HDR.GATE5) */
        static const char *const sized[] = { "F32", "U32", "S32", "F64", "U64", "S64", "PREC" };
        int ks = -1;
        for (int i = 0; k < 0 && i < 7; i++)
            if (tok_is(ps, &m, sized[i]))
                ks = i;
        if (ks >= 0) {
            if (!ps->nv5)
                gp_fail(ps, m.pos, "the modifier '.%s' requires an NV_gpu_program5 header (!!NV%sp5.0)", sized[ks],
                        ps->stage == GP_STAGE_FRAGMENT ? "f" : ps->stage == GP_STAGE_GEOMETRY ? "g" : "v");
            if (ks == 6) {
                /* NV_gpu_program5 2.X.4.1 (MOD.PREC): "For arithmetic and
                 * logical operations", results must not depend on the
                 * surrounding instructions.  asmgl never fuses or reorders
                 * (each instruction rounds its own result, -ffp-contract=off),
                 * so it is accepted and changes nothing. */
                if (!oi->types || (oi->flags & GP_OPF_TEX))
                    gp_fail(ps, m.pos, "'.PREC' applies only to arithmetic and logical instructions, not '%s'",
                            oi->name);
                if (prec_seen)
                    gp_fail(ps, m.pos, "'.PREC' is given twice on '%s'", oi->name);
                prec_seen = true;
                next(ps);
                next(ps);
                continue;
            }
            k = ks;
            if (ks >= 3) { /* .F64 .U64 .S64 (Table X.13 "6") */
                wide = true;
                k = ks - 3;
            }
        }
        if (k < 0) {
            char b[64];
            /* the memory modifiers on other opcodes */
            if (gp_mem_storage_word(ps, &m) >= 0)
                gp_fail(ps, m.pos, "the storage modifier '.%.*s' is only allowed on memory instructions (LOAD STORE "
                                   "ATOM LDC ...), not '%s'", m.len, ps->src + m.pos, oi->name);
            if (gp_mem_atom_word(ps, &m) >= 0)
                gp_fail(ps, m.pos, "'.%.*s' is an atomic operation modifier: only ATOM, ATOMB, ATOMS and ATOMIM take "
                                   "one, not '%s'", m.len, ps->src + m.pos, oi->name);
            if (tok_is(ps, &m, "COH") || tok_is(ps, &m, "VOL") || tok_is(ps, &m, "CTA"))
                gp_fail(ps, m.pos, "the modifier '.%.*s' is only allowed on memory instructions, not '%s'", m.len,
                        ps->src + m.pos, oi->name);
            gp_fail(ps, m.pos, "unknown instruction modifier %s after '%s'", tok_str(ps, &m, b, sizeof(b)), oi->name);
        }
        next(ps);
        next(ps);
        if (k <= 2) {
            if (w->type)
                gp_fail(ps, m.pos, "more than one data type modifier on '%s'", oi->name);
            w->type = (uint8_t)"FUS"[k];
            type_pos = m.pos;
            type_word = ks >= 0 ? sized[ks] : names[k];
            type_dotted = true;
        } else if (k <= 5) {
            if (w->cc)
                gp_fail(ps, m.pos, "more than one condition code modifier on '%s'", oi->name);
            w->cc = (uint8_t)(k == 3 ? 1 : k == 4 ? 2 : 3);
            cc_pos = m.pos;
        } else if (k <= 7) {
            if (w->sat)
                gp_fail(ps, m.pos, "more than one clamping modifier on '%s'", oi->name);
            w->sat = (uint8_t)(k == 6 ? GP_SAT_01 : GP_SAT_11);
            sat_pos = m.pos;
        } else if (k == 8) {
            if (w->ntc)
                gp_fail(ps, m.pos, "'.NTC' is given twice on '%s'", oi->name);
            w->ntc = true;
        } else {
            if (w->opmod)
                gp_fail(ps, m.pos, "more than one of '.S24', '.U24' and '.HI' on '%s'", oi->name);
            w->opmod = (uint8_t)(k - 8); /* GP_OPMOD_S24 / U24 / HI */
            mod_pos = m.pos;
        }
    }
    /* Table X.13 */
    if (type_dotted && w->type == 'F' && !(oi->types & GP_TYPEBIT_F))
        gp_fail(ps, type_pos, "opcode '%s' does not take the data type modifier '.%s'", oi->name, type_word);
    if ((w->type == 'S' || w->type == 'U') && !(oi->types & GP_TYPEBIT_S))
        gp_fail(ps, type_pos, "opcode '%s' does not take the data type modifier '.%s'", oi->name,
                type_word ? type_word : w->type == 'S' ? "S" : "U");
    /* NV_gpu_program5 Table X.13: the 64-bit modifiers only where the F
     * (F64) or I (S64, U64) column says "6".  F64 is gated on the
     * GL_NV_gpu_program_fp64 string, which asmgl always advertises
     * (FEATURES.md DT.FP64_GATE). */
    if (wide && !(oi->types & (w->type == 'F' ? GP_TYPEBIT_F64 : GP_TYPEBIT_S64)))
        gp_fail(ps, type_pos, "opcode '%s' does not take the 64-bit data type modifier '.%s' (Table X.13)", oi->name,
                type_word);
    if (wide && w->opmod)
        gp_fail(ps, mod_pos, "the modifier '.%s' cannot be combined with the 64-bit data type '.%s'",
                w->opmod == GP_OPMOD_S24 ? "S24" : w->opmod == GP_OPMOD_U24 ? "U24" : "HI", type_word);
    if (w->opmod) {
        static const char *const mn[] = { "", "S24", "U24", "HI" };
        static const uint32_t mb[] = { 0, GP_MODBIT_S24, GP_MODBIT_U24, GP_MODBIT_HI };
        if (!(oi->nv4 & mb[w->opmod]))
            gp_fail(ps, mod_pos, "the modifier '.%s' is only allowed on MUL", mn[w->opmod]);
        if (w->opmod != GP_OPMOD_HI && w->type)
            gp_fail(ps, type_pos, "'.%s' implies the data type: '%s.%s' takes no other data type modifier",
                    mn[w->opmod], oi->name, mn[w->opmod]);
        if (w->opmod == GP_OPMOD_HI && w->type != 'S' && w->type != 'U')
            gp_fail(ps, mod_pos, "'.HI' needs the data type modifier '.S' or '.U'");
    }
    if (w->cc && !(oi->nv4 & GP_MODBIT_CC))
        gp_fail(ps, cc_pos, "opcode '%s' does not take condition code modifiers", oi->name);
    /* Table X.13 column D: F where F is allowed, else S; an opcode without
     * data type modifiers has its fixed result type (TXQ: S) */
    uint8_t type = w->type == 'S' ? GP_TYPE_S32 : w->type == 'U' ? GP_TYPE_U32 : w->type == 'F' ? GP_TYPE_F32
                   : (oi->types & GP_TYPEBIT_F) ? GP_TYPE_F32 : oi->types ? GP_TYPE_S32
                   : gp_kind_type(gp_io_kind(oi->io, 0), GP_TYPE_F32);
    if (w->opmod == GP_OPMOD_S24)
        type = GP_TYPE_S32;
    else if (w->opmod == GP_OPMOD_U24)
        type = GP_TYPE_U32;
    if (wide)
        type = type == GP_TYPE_S32 ? GP_TYPE_S64 : type == GP_TYPE_U32 ? GP_TYPE_U64 : GP_TYPE_F64;
    if (w->sat) {
        if (!(oi->nv4 & GP_MODBIT_SAT))
            gp_fail(ps, sat_pos, "opcode '%s' does not take clamping modifiers", oi->name);
        uint8_t rt = gp_kind_type(gp_io_kind(oi->io, 0), type);
        if (rt != GP_TYPE_F32 && rt != GP_TYPE_F64)
            gp_fail(ps, sat_pos, "a clamping modifier needs a floating-point result; '%s.%c' produces integers",
                    oi->name, type == GP_TYPE_U32 || type == GP_TYPE_U64 ? 'U' : 'S');
    }
    gp_insn *in = &pi->in;
    in->type = type;
    in->opmod = w->opmod;
    in->sat = w->sat;
    in->precision = (uint8_t)w->prec;
    in->cc_update = (uint8_t)(w->cc == 0 ? 0 : w->cc == 3 ? 2 : 1);
    pi->ntc = w->ntc;
}


