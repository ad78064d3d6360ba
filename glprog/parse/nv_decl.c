/*
 * parse/nv_decl.c - the declarations of the NV_gpu_program4/5 front end:
 * the statements an NV program starts with (geometry and compute), the
 * <varMods> declarations (TEMP ATTRIB OUTPUT PARAM BUFFER), TEXTURE,
 * IMAGE, and the NV5 subroutine types and variables.
 *
 * One of the parser's translation units (gp_parse.c has the file map);
 * compile time, calling thread.
 */
#include "parse_priv.h"

static void nv4_decl_geometry(gp_parse *ps, const gp_token *t);
static void cp_decl(gp_parse *ps, const gp_token *t);
static void tess_decl(gp_parse *ps, const gp_token *t);
static void nv4_decl_temp(gp_parse *ps, uint8_t dtype, uint8_t size);
static void nv4_decl_attrib(gp_parse *ps, uint8_t dtype, uint8_t interp, uint8_t size_mod);
static void nv4_decl_output(gp_parse *ps, uint8_t dtype, uint8_t size_mod);
static void nv5_decl_texture(gp_parse *ps);
static void sub_decl_type(gp_parse *ps);
static void sub_decl_var(gp_parse *ps);

/* ---- statements ------------------------------------------------------------ */

/* NV_gpu_program4 2.X.2: only the binding words, per program type. */
static bool nv4_is_reserved(gp_parse *ps, const char *s, int len)
{
    static const char *const words[] = { "program", "result", "state", "texture", "vertex", "fragment",
                                         "primitive" };
    bool cp = ps->stage == GP_STAGE_COMPUTE; /* NV_compute_program5: "invocation" */
    if (cp && len == 10 && memcmp(s, "invocation", 10) == 0)
        return true;
    bool in_stage[] = { true, true, true, true, ps->stage != GP_STAGE_FRAGMENT && !cp,
                        ps->stage == GP_STAGE_FRAGMENT, ps->stage != GP_STAGE_VERTEX && !cp };
    for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
        if (in_stage[i] && (size_t)len == strlen(words[i]) && memcmp(s, words[i], (size_t)len) == 0)
            return true;
    return false;
}

/* The declarations an NV program starts with (NV_geometry_program4
 * 2.X.7.Y, NV_gpu_program5 INVOCATIONS, NV_compute_program5 2.X.7.Y), each
 * in its program type only, t the first token: true when one was parsed.
 * At the first other statement, those that must be given are checked. */
static bool nv4_head(gp_parse *ps, const gp_token *t)
{
    static const struct {
        const char *word;
        gp_stage stage;
    } heads[] = { { "PRIMITIVE_IN", GP_STAGE_GEOMETRY }, { "PRIMITIVE_OUT", GP_STAGE_GEOMETRY },
                  { "VERTICES_OUT", GP_STAGE_GEOMETRY }, { "INVOCATIONS", GP_STAGE_GEOMETRY },
                  { "GROUP_SIZE", GP_STAGE_COMPUTE },    { "SHARED_MEMORY", GP_STAGE_COMPUTE },
                  { "TESS_MODE", GP_STAGE_TESS_EVAL },   { "TESS_SPACING", GP_STAGE_TESS_EVAL },
                  { "TESS_VERTEX_ORDER", GP_STAGE_TESS_EVAL }, { "TESS_POINT_MODE", GP_STAGE_TESS_EVAL } };
    for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++) {
        if (!tok_is(ps, t, heads[i].word))
            continue;
        /* NV_tessellation_program5 2.X.7.Y: VERTICES_OUT is also the
         * control program's output patch size */
        if (ps->stage == GP_STAGE_TESS_CONTROL && heads[i].stage == GP_STAGE_GEOMETRY && i == 2) {
            if (ps->decls_done)
                gp_fail(ps, t->pos, "%.*s must come before all other statements", t->len, ps->src + t->pos);
            tess_decl(ps, t);
            return true;
        }
        if (ps->stage != heads[i].stage && heads[i].stage == GP_STAGE_TESS_EVAL)
            gp_fail(ps, t->pos, "%.*s declarations are only available in tessellation evaluation programs", t->len,
                    ps->src + t->pos);
        if (ps->stage != heads[i].stage)
            gp_fail(ps, t->pos, "%.*s declarations are only available in %s programs", t->len, ps->src + t->pos,
                    gp_stage_word(heads[i].stage));
        if (ps->decls_done)
            gp_fail(ps, t->pos, "%.*s must come before all other statements", t->len, ps->src + t->pos);
        if (heads[i].stage == GP_STAGE_COMPUTE)
            cp_decl(ps, t);
        else if (heads[i].stage == GP_STAGE_TESS_EVAL)
            tess_decl(ps, t);
        else
            nv4_decl_geometry(ps, t);
        return true;
    }
    if (ps->stage == GP_STAGE_COMPUTE && !ps->decls_done && !ps->cp_group_size[0])
        gp_fail(ps, t->pos, "missing GROUP_SIZE declaration (compute programs declare GROUP_SIZE before their other "
                            "statements)");
    const char *missing = ps->decls_done ? NULL : gp_gs_missing_decl(ps);
    if (missing)
        gp_fail(ps, t->pos, "missing %s declaration (%s before their other statements)", missing,
                gp_decl_rule(ps));
    ps->decls_done = true;
    return false;
}

/* NV_geometry_program4 2.X.7.Y: PRIMITIVE_IN, PRIMITIVE_OUT and
 * VERTICES_OUT "must be included exactly once": the first one a geometry
 * program lacks, or NULL. */
const char *gp_gs_missing_decl(const gp_parse *ps)
{
    /* NV_tessellation_program5 2.X.7.Y: "A program will fail to load unless
     * it contains exactly one VERTICES_OUT declaration" (control); "A
     * tessellation evaluation program will fail to load if it has no
     * primitive generation mode declaration." */
    if (ps->stage == GP_STAGE_TESS_CONTROL)
        return ps->tcp_vertices_out ? NULL : "VERTICES_OUT";
    if (ps->stage == GP_STAGE_TESS_EVAL)
        return ps->tess_mode ? NULL : "TESS_MODE";
    if (ps->stage != GP_STAGE_GEOMETRY)
        return NULL;
    return !ps->gs_prim_in ? "PRIMITIVE_IN" : !ps->gs_prim_out ? "PRIMITIVE_OUT"
           : !ps->gs_vertices_out ? "VERTICES_OUT" : NULL;
}

/* The declarations gp_gs_missing_decl checks, for its messages. */
const char *gp_decl_rule(const gp_parse *ps)
{
    return ps->stage == GP_STAGE_TESS_CONTROL ? "tessellation control programs declare VERTICES_OUT"
           : ps->stage == GP_STAGE_TESS_EVAL  ? "tessellation evaluation programs declare TESS_MODE"
                                              : "geometry programs declare PRIMITIVE_IN, PRIMITIVE_OUT and VERTICES_OUT";
}

/* NV_tessellation_program5 2.X.7.Y (DECL.VERTICES_OUT_TCP, DECL.TESS_*):
 * a control program's "VERTICES_OUT n" (exactly once, 1 <= n <=
 * MAX_PATCH_VERTICES), an evaluation program's TESS_MODE (TRIANGLES QUADS
 * ISOLINES), TESS_SPACING (EQUAL FRACTIONAL_ODD FRACTIONAL_EVEN),
 * TESS_VERTEX_ORDER (CW CCW) and TESS_POINT_MODE, each at most once.  t is
 * the keyword (current). */
static void tess_decl(gp_parse *ps, const gp_token *t)
{
    int pos = t->pos;
    next(ps);
    if (tok_is(ps, t, "VERTICES_OUT")) {
        if (ps->tcp_vertices_out)
            gp_fail(ps, pos, "more than one VERTICES_OUT declaration");
        int vpos = ps->gs_vertices_out_pos = ps->tok.pos, vlen = ps->tok.len;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "the number of vertices");
        if (big || v == 0 || v > GP_MAX_PATCH_VERTICES)
            gp_fail(ps, vpos, "VERTICES_OUT %.*s out of range (1..%d, MAX_PATCH_VERTICES)", vlen > 20 ? 20 : vlen,
                    ps->src + vpos, GP_MAX_PATCH_VERTICES);
        ps->tcp_vertices_out = (int)v;
        return;
    }
    if (tok_is(ps, t, "TESS_POINT_MODE")) {
        if (ps->tess_point_mode)
            gp_fail(ps, pos, "more than one TESS_POINT_MODE declaration");
        ps->tess_point_mode = true;
        return;
    }
    static const char *const modes[] = { "TRIANGLES", "QUADS", "ISOLINES" };
    static const char *const spacings[] = { "EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN" };
    static const char *const orders[] = { "CW", "CCW" };
    int which = tok_is(ps, t, "TESS_MODE") ? 0 : tok_is(ps, t, "TESS_SPACING") ? 1 : 2;
    static const char *const words[] = { "TESS_MODE", "TESS_SPACING", "TESS_VERTEX_ORDER" };
    uint8_t *dst = which == 0 ? &ps->tess_mode : which == 1 ? &ps->tess_spacing : &ps->tess_order;
    if (*dst)
        gp_fail(ps, pos, "more than one %s declaration", words[which]);
    const char *const *list = which == 0 ? modes : which == 1 ? spacings : orders;
    int n = which == 2 ? 2 : 3;
    int k = gp_word_index(ps, list, n);
    if (k < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected %s, found %s",
                which == 0 ? "a tessellation mode (TRIANGLES, QUADS, ISOLINES)"
                : which == 1 ? "a tessellation spacing (EQUAL, FRACTIONAL_ODD, FRACTIONAL_EVEN)"
                             : "a vertex order (CW, CCW)",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    *dst = (uint8_t)(1 + k); /* 0 = not declared */
}

/* The declarations of NV programs, t the first token (current): buffers
 * and memory, TEXTURE, IMAGE, the subroutine types and variables, and the
 * <varMods> ones (TEMP OUTPUT ATTRIB PARAM BUFFER BUFFER4, ALIAS).  True
 * when one was parsed. */
static bool nv4_declaration(gp_parse *ps, const gp_token *t0)
{
    gp_token t = *t0;
    char b[64];
    if (tok_is(ps, &t, "CBUFFER") || (ps->nv5 && (tok_is(ps, &t, "STORAGE") || tok_is(ps, &t, "SHARED")))) {
        gp_mem_decl(ps, tok_is(ps, &t, "CBUFFER") ? GP_SYM_CBUFFER : tok_is(ps, &t, "STORAGE") ? GP_SYM_STORAGE
                                                                                            : GP_SYM_SHARED);
        return true;
    }
    if (ps->nv5 && tok_is(ps, &t, "IMAGE")) {
        gp_mem_decl_image(ps); /* EXT_shader_image_load_store 2.X.3.X */
        return true;
    }
    if (ps->nv5 && tok_is(ps, &t, "TEXTURE")) {
        nv5_decl_texture(ps); /* 2.X.3.8 */
        return true;
    }
    if (ps->nv5 && (tok_is(ps, &t, "SUBROUTINETYPE") || tok_is(ps, &t, "SUBROUTINE"))) {
        next(ps);
        if (tok_is(ps, &t, "SUBROUTINETYPE"))
            sub_decl_type(ps);
        else
            sub_decl_var(ps);
        return true;
    }
    /* <varMods>: at most one data type and one size (2.X.3.1), and in
     * fragment programs interpolation modifiers (NV_fragment_program4) */
    static const char *const mods[] = { "SHORT", "LONG", "INT", "UINT", "FLOAT", "FLAT", "CENTROID",
                                        "NOPERSPECTIVE", "SAMPLE" };
    uint8_t dtype = 0, size = 0, interp = 0;
    int size_pos = 0, interp_pos = 0, first_mod = -1;
    for (;;) {
        int k = gp_word_index(ps, mods, 9);
        if (k < 0)
            break;
        int pos = ps->tok.pos;
        /* SAMPLE (NV_gpu_program5 2.X.2 <interpModifier>, FEATURES.md DT.SAMPLE) */
        if (k == 8 && !ps->nv5)
            gp_fail(ps, pos, "the SAMPLE interpolation modifier requires NV_gpu_program5 (!!NVfp5.0)");
        if (first_mod < 0)
            first_mod = pos;
        if (k <= 1) {
            if (size)
                gp_fail(ps, pos, "more than one storage size modifier (SHORT, LONG) in a declaration");
            size = k ? 'L' : 'S';
            size_pos = pos;
        } else if (k <= 4) {
            if (dtype)
                gp_fail(ps, pos, "more than one data type modifier (INT, UINT, FLOAT) in a declaration");
            dtype = (uint8_t)(k == 2 ? 'S' : k == 3 ? 'U' : 'F');
        } else {
            if (ps->stage != GP_STAGE_FRAGMENT)
                gp_fail(ps, pos, "interpolation modifiers (%s) are only available in fragment programs", mods[k]);
            uint8_t bit = (uint8_t)(1u << (k - 5));
            if (interp & bit)
                gp_fail(ps, pos, "'%s' is given twice in a declaration", mods[k]);
            interp |= bit;
            if ((interp & GP_INTERP_FLAT) && (interp & (GP_INTERP_CENTROID | GP_INTERP_NOPERSPECTIVE)))
                gp_fail(ps, pos, "FLAT cannot be combined with CENTROID or NOPERSPECTIVE");
            if ((interp & GP_INTERP_FLAT) && (interp & GP_INTERP_SAMPLE))
                gp_fail(ps, pos, "FLAT cannot be combined with SAMPLE");
            if ((interp & GP_INTERP_CENTROID) && (interp & GP_INTERP_SAMPLE))
                gp_fail(ps, pos, "CENTROID and SAMPLE cannot be combined (one interpolation location)");
            if (!interp_pos)
                interp_pos = pos;
        }
        next(ps);
    }
    t = ps->tok;
    bool has_mods = first_mod >= 0;
    if (tok_is(ps, &t, "TEMP")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        next(ps);
        nv4_decl_temp(ps, dtype, size);
    } else if (tok_is(ps, &t, "OUTPUT")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        if (size == 'L')
            gp_fail(ps, size_pos, "LONG is only allowed on TEMP declarations");
        next(ps);
        nv4_decl_output(ps, dtype, size);
    } else if (tok_is(ps, &t, "ATTRIB")) {
        /* NV_gpu_program5 2.X.3.1: LONG ATTRIB in vertex programs only (64-bit
         * vertex attributes, EXT_vertex_attrib_64bit; issue (6): "can not be
         * used for inputs of any program type" but vertex); glprog.h
         * GP_VIN_LONG_HI */
        bool long_attrib = size == 'L' && ps->nv5 && ps->stage == GP_STAGE_VERTEX;
        if (size == 'L' && ps->nv5 && !long_attrib)
            gp_fail(ps, size_pos, "LONG ATTRIB is only allowed in vertex programs (64-bit vertex attributes)");
        if (size && !long_attrib)
            gp_fail(ps, size_pos, "%s is only allowed on TEMP%s declarations", size == 'L' ? "LONG" : "SHORT",
                    size == 'L' ? "" : " and OUTPUT");
        next(ps);
        nv4_decl_attrib(ps, dtype, interp, long_attrib ? 'L' : 0);
    } else if (tok_is(ps, &t, "PARAM") || tok_is(ps, &t, "BUFFER") || tok_is(ps, &t, "BUFFER4")) {
        if (interp)
            gp_fail(ps, interp_pos, "interpolation modifiers are only allowed on ATTRIB declarations");
        if (size)
            gp_fail(ps, size_pos, "%s is only allowed on TEMP%s declarations", size == 'L' ? "LONG" : "SHORT",
                    size == 'L' ? "" : " and OUTPUT");
        bool param = tok_is(ps, &t, "PARAM");
        bool vec4 = tok_is(ps, &t, "BUFFER4");
        next(ps);
        /* constants of a typed declaration take its type; typeless ones
         * are floats (NV_gpu_program4 section 2.X.3.3) */
        uint8_t ct = dtype == 'S' ? GP_TYPE_S32 : dtype == 'U' ? GP_TYPE_U32 : GP_TYPE_F32;
        ps->opnd_type = ct;
        ps->const_type = dtype;
        if (param) {
            gp_sym *s = gp_decl_param(ps);
            s->dtype = dtype;
        } else {
            gp_nv4_decl_buffer(ps, dtype, vec4);
        }
        gp_set_operand_type(ps, GP_TYPE_F32);
    } else if (tok_is(ps, &t, "ALIAS")) {
        if (has_mods)
            gp_fail(ps, first_mod, "ALIAS takes no modifiers");
        next(ps);
        gp_decl_alias(ps);
    } else if (has_mods) {
        gp_fail(ps, t.pos, "expected TEMP, PARAM, ATTRIB, OUTPUT, BUFFER or BUFFER4 after the modifiers, found %s",
                tok_str(ps, &t, b, sizeof(b)));
    } else if (tok_is(ps, &t, "ADDRESS")) {
        gp_fail(ps, t.pos, "NV_gpu_program4 programs have no address registers (use an INT TEMP as array index)");
    } else {
        return false;
    }
    return true;
}

/* NV_geometry_program4 2.X.7.Y: PRIMITIVE_IN, PRIMITIVE_OUT, VERTICES_OUT,
 * each exactly once, before the other statements. */
static void nv4_decl_geometry(gp_parse *ps, const gp_token *t)
{
    int pos = t->pos;
    next(ps);
    if (tok_is(ps, t, "VERTICES_OUT")) {
        if (ps->gs_vertices_out)
            gp_fail(ps, pos, "more than one VERTICES_OUT declaration");
        int vpos = ps->gs_vertices_out_pos = ps->tok.pos;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "the number of vertices");
        if (big || v == 0 || v > (uint32_t)ps->lim.max_output_vertices)
            gp_fail(ps, vpos, "VERTICES_OUT %u out of range (1..%d)", v, ps->lim.max_output_vertices);
        ps->gs_vertices_out = (int)v;
        return;
    }
    if (tok_is(ps, t, "INVOCATIONS")) {
        /* NV_gpu_program5 2.X.7.Y "Program Invocation Count": optional, a
         * positive integer <= MAX_GEOMETRY_PROGRAM_INVOCATIONS_NV */
        if (!ps->nv5)
            gp_fail(ps, pos, "INVOCATIONS declarations require an NV_gpu_program5 header (!!NVgp5.0)");
        if (ps->gs_invocations)
            gp_fail(ps, pos, "more than one INVOCATIONS declaration");
        int vpos = ps->tok.pos, vlen = ps->tok.len;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "the number of invocations");
        if (big || v == 0 || v > GP_MAX_GS_INVOCATIONS)
            gp_fail(ps, vpos, "INVOCATIONS %.*s out of range (1..%d)", vlen > 20 ? 20 : vlen, ps->src + vpos,
                    GP_MAX_GS_INVOCATIONS);
        ps->gs_invocations = (int)v;
        return;
    }
    bool in = tok_is(ps, t, "PRIMITIVE_IN");
    if (in ? ps->gs_prim_in : ps->gs_prim_out)
        gp_fail(ps, pos, "more than one %s declaration", in ? "PRIMITIVE_IN" : "PRIMITIVE_OUT");
    /* NV_gpu_program5 adds PATCHES (a patch of up to GP_MAX_PATCH_VERTICES
     * vertices; vertex[m] past the draw's patch size reads zero) */
    static const char *const ins[] = { "POINTS", "LINES", "LINES_ADJACENCY", "TRIANGLES", "TRIANGLES_ADJACENCY",
                                       "PATCHES" };
    static const int in_prims[] = { GP_PRIM_POINTS, GP_PRIM_LINES, GP_PRIM_LINES_ADJACENCY, GP_PRIM_TRIANGLES,
                                    GP_PRIM_TRIANGLES_ADJACENCY, GP_PRIM_PATCHES };
    static const int in_verts[] = { 1, 2, 4, 3, 6, GP_MAX_PATCH_VERTICES };
    static const char *const outs[] = { "POINTS", "LINE_STRIP", "TRIANGLE_STRIP" };
    static const int out_prims[] = { GP_PRIM_POINTS, GP_PRIM_LINE_STRIP, GP_PRIM_TRIANGLE_STRIP };
    int i = gp_word_index(ps, in ? ins : outs, in ? 6 : 3);
    if (i == 5 && !ps->nv5)
        gp_fail(ps, ps->tok.pos, "PRIMITIVE_IN PATCHES requires an NV_gpu_program5 header (!!NVgp5.0)");
    if (i < 0) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a primitive type (%s), found %s",
                in ? "POINTS, LINES, LINES_ADJACENCY, TRIANGLES, TRIANGLES_ADJACENCY"
                   : "POINTS, LINE_STRIP, TRIANGLE_STRIP",
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    next(ps);
    if (in) {
        ps->gs_prim_in = in_prims[i];
        ps->gs_vertices_in = in_verts[i];
    } else {
        ps->gs_prim_out = out_prims[i];
    }
}

/* NV_compute_program5 2.X.7.Y (DECL.GROUP_SIZE, DECL.SHARED_MEMORY):
 * "GROUP_SIZE x [y [z]]" once, each dimension >= 1 and within
 * MAX_COMPUTE_WORK_GROUP_SIZE (1024, 1024, 64) with at most
 * MAX_COMPUTE_WORK_GROUP_INVOCATIONS (1024) in all; "SHARED_MEMORY n" at
 * most once, n <= MAX_COMPUTE_SHARED_MEMORY_SIZE.  t is the keyword. */
static void cp_decl(gp_parse *ps, const gp_token *t)
{
    int pos = t->pos;
    next(ps);
    if (tok_is(ps, t, "GROUP_SIZE")) {
        if (ps->cp_group_size[0])
            gp_fail(ps, pos, "GROUP_SIZE is declared twice");
        static const int max[3] = { GP_MAX_CP_SIZE_XY, GP_MAX_CP_SIZE_XY, GP_MAX_CP_SIZE_Z };
        long long total = 1;
        int first_pos = ps->tok.pos;
        for (int d = 0; d < 3; d++) {
            if (d > 0 && ps->tok.kind != GP_TOK_INT) {
                ps->cp_group_size[d] = 1;
                continue;
            }
            int vpos = ps->tok.pos;
            uint32_t v = ps->tok.ival;
            bool big = ps->tok.big;
            expect_int(ps, "a work group size");
            if (big || v < 1 || v > (uint32_t)max[d])
                gp_fail(ps, vpos, "GROUP_SIZE %c dimension %u out of range (1..%d)", "xyz"[d], v, max[d]);
            ps->cp_group_size[d] = (int)v;
            total *= v;
        }
        if (total > GP_MAX_CP_INVOCATIONS)
            gp_fail(ps, first_pos, "GROUP_SIZE %d x %d x %d is %lld invocations, more than %d (MAX_COMPUTE_WORK_GROUP_"
                                   "INVOCATIONS)", ps->cp_group_size[0], ps->cp_group_size[1], ps->cp_group_size[2],
                    total, GP_MAX_CP_INVOCATIONS);
    } else {
        if (ps->cp_shared_pos)
            gp_fail(ps, pos, "SHARED_MEMORY is declared twice");
        int vpos = ps->tok.pos;
        uint32_t v = ps->tok.ival;
        bool big = ps->tok.big;
        expect_int(ps, "a shared memory size in bytes");
        if (big || v > GP_MAX_CP_SHARED)
            gp_fail(ps, vpos, "SHARED_MEMORY %u exceeds the limit of %d bytes (MAX_COMPUTE_SHARED_MEMORY_SIZE)", v,
                    GP_MAX_CP_SHARED);
        ps->cp_shared_size = (int)v;
        ps->cp_shared_pos = vpos;
    }
}

/* ---- variables -------------------------------------------------------------- */

/* TEMP (2.X.3.4): "TEMP a, b[4];" arrays need a size. */
static void nv4_decl_temp(gp_parse *ps, uint8_t dtype, uint8_t size)
{
    do {
        gp_sym *s = gp_declare(ps, GP_SYM_TEMP);
        s->dtype = dtype;
        s->size = size;
        int n = 1;
        if (accept(ps, '[')) {
            if (ps->tok.kind != GP_TOK_INT)
                gp_fail(ps, ps->tok.pos, "temporary array '%.*s' needs a size", s->len > 40 ? 40 : s->len, s->name);
            int spos = ps->tok.pos;
            n = expect_int(ps, "an array size");
            if (n < 1 || n > ps->lim.max_temporaries)
                gp_fail(ps, spos, "invalid array size %d", n);
            expect(ps, ']', "after the array size");
            s->is_array = true;
            s->count = n;
        }
        s->index = ps->num_temps;
        /* NV_gpu_program5 LONG TEMP (2.X.3.1 with GL_NV_gpu_program_fp64):
         * 64-bit components, the low words in n temporaries and the high
         * words in the n after them (gp_ir.h "64-bit storage"; gp_long_rows) */
        ps->num_temps += size == 'L' && ps->nv5 ? 2 * n : n;
        int limit = ps->lim.max_temporaries;
        if (ps->options & (GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR))
            limit -= 1; /* 2.X.6.Y fog options */
        if (ps->num_temps > limit)
            gp_fail(ps, s->pos, "too many temporaries (%d > %d)", ps->num_temps, limit < 0 ? 0 : limit);
    } while (accept(ps, ','));
}

/* Text of a binding for messages. */
#define BINDING_TEXT(ps, b) ((b)->end - (b)->pos > 60 ? 60 : (b)->end - (b)->pos), ((ps)->src + (b)->pos)

static void nv4_expect_input(gp_parse *ps)
{
    const gp_token *t = &ps->tok;
    if (gp_nv4_is_input(ps, t))
        return;
    if (tok_is(ps, t, "vertex") || tok_is(ps, t, "fragment") || tok_is(ps, t, "primitive"))
        gp_fail(ps, t->pos, "'%.*s' bindings are not available in %s programs", t->len, ps->src + t->pos,
                gp_stage_word(ps->stage));
    char b[64];
    gp_fail(ps, t->pos, "expected a %s attribute binding, found %s", gp_stage_word(ps->stage),
            tok_str(ps, t, b, sizeof(b)));
}

/* One binding of an ATTRIB declaration (ctx 1; 2 in an array). */
static void nv4_attrib_binding(gp_parse *ps, nv4_binding *b, int ctx)
{
    nv4_expect_input(ps);
    gp_nv4_input(ps, b, ctx);
}

/* One binding of an OUTPUT declaration (ctx 1; 2 in an array). */
static void nv4_result_binding(gp_parse *ps, nv4_binding *b, int ctx)
{
    if (!tok_is(ps, &ps->tok, "result")) {
        char t[64];
        gp_fail(ps, ps->tok.pos, "expected a result binding, found %s", tok_str(ps, &ps->tok, t, sizeof(t)));
    }
    gp_nv4_result(ps, b, ctx);
}

/* What follows the name of an ATTRIB or OUTPUT variable s (2.X.3.2,
 * 2.X.3.5): "=" and one binding, or "[" [n] "]" "=" "{" bindings "}" of
 * one kind, consecutive (texcoord, attrib and clip ranges), n of them
 * when n is given.  bind reads one binding; what names the class in
 * messages; no_array, when set, is the message that refuses an array.
 * Fills *first, s->is_array and s->count; returns the number of members
 * (1 for a single binding). */
static int nv4_decl_bindings(gp_parse *ps, gp_sym *s, const char *what, const char *no_array,
                             void (*bind)(gp_parse *, nv4_binding *, int), nv4_binding *first)
{
    int size = -1, size_pos = 0, n = 0;
    bool array = false;
    if (is_punct(&ps->tok, '[')) {
        if (no_array)
            gp_fail(ps, ps->tok.pos, "%s", no_array);
        next(ps);
        array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            size = expect_int(ps, "an array size");
        }
        expect(ps, ']', "after the array size");
    }
    char where[32];
    snprintf(where, sizeof(where), "after the %s name", what);
    expect(ps, '=', where);
    memset(first, 0, sizeof(*first));
    if (array) {
        const char *a = strchr("aeiou", what[0]) ? "an" : "a";
        expect(ps, '{', "to start the array initializer");
        do {
            nv4_binding b;
            bind(ps, &b, 2);
            if (!b.family)
                gp_fail(ps, b.pos, "'%.*s' cannot be %s %s array member (only texcoord, attrib and clip bindings "
                                   "form arrays)", BINDING_TEXT(ps, &b), a, what);
            if (n == 0)
                *first = b;
            else if (b.family != first->family || b.per_vertex != first->per_vertex || b.vtx != first->vtx ||
                     b.slot != first->slot + n)
                gp_fail(ps, b.pos, "the bindings of %s array '%.*s' must be of one kind and consecutive", what,
                        s->len > 40 ? 40 : s->len, s->name);
            n += b.count;
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        if (size >= 0 && size != n)
            gp_fail(ps, size_pos, "array '%.*s' is declared with %d elements but bound to %d",
                    s->len > 40 ? 40 : s->len, s->name, size, n);
    } else {
        bind(ps, first, 1);
        n = 1;
    }
    s->is_array = array;
    s->count = array ? n : 0;
    return n;
}

/* ATTRIB (2.X.3.2): one binding, or an array of bindings of one kind that
 * increase consecutively; interpolation modifiers (NV_fragment_program4
 * 2.X.3.1). */
static void nv4_decl_attrib(gp_parse *ps, uint8_t dtype, uint8_t interp, uint8_t size_mod)
{
    gp_sym *s = gp_declare(ps, GP_SYM_ATTRIB);
    s->dtype = dtype;
    s->interp = interp;
    s->size = size_mod; /* 'L': NV5 LONG ATTRIB (gp_long_rows) */
    nv4_binding first;
    int n = nv4_decl_bindings(ps, s, "attribute", NULL, nv4_attrib_binding, &first);
    s->clip = first.clip;
    s->comp = first.comp;
    s->per_vertex = first.per_vertex;
    s->vtx = (uint8_t)first.vtx;
    s->index = first.slot;
    /* NV_gpu_program5 2.X.3.1 LONG ATTRIB: 64-bit generic attributes (the
     * conventional names alias them); vertex.id / vertex.instance are no
     * vertex attributes of EXT_vertex_attrib_64bit */
    if (size_mod == 'L' && first.slot + n > GP_VIN_COUNT)
        gp_fail(ps, first.pos, "LONG cannot be used with '%.*s' (only vertex attributes are 64-bit)",
                BINDING_TEXT(ps, &first));
    for (int i = 0; i < n; i++) {
        int slot = first.clip ? GP_VARY_CLIP0 + (first.slot + i) / 4 : first.slot + i;
        if (slot < GP_IN_THREAD) /* the NV_shader_thread_group rows are no attributes */
            ps->inputs_bound |= 1ull << (slot & 63);
    }
    if (ps->stage != GP_STAGE_FRAGMENT)
        return;
    /* NV_fragment_program4 2.X.3.1 */
    if (interp && !first.interp_ok)
        gp_fail(ps, first.pos, "interpolation modifiers cannot be used with '%.*s'", BINDING_TEXT(ps, &first));
    if ((dtype == 'S' || dtype == 'U') && first.interp_ok && !(interp & GP_INTERP_FLAT))
        gp_fail(ps, s->pos, "integer attribute '%.*s' must be declared FLAT", s->len > 40 ? 40 : s->len, s->name);
    if (!first.interp_ok)
        return;
    for (int i = 0; i < n; i++) {
        int slot = first.slot + i;
        uint64_t bit = 1ull << slot;
        if ((ps->interp_set & bit) && ps->interp[slot] != interp) {
            int line, col;
            gp_lex_linecol(ps->src, ps->len, ps->interp_pos[slot], &line, &col);
            gp_fail(ps, first.pos, "'%.*s' is also bound at line %d, column %d with other interpolation modifiers",
                    BINDING_TEXT(ps, &first), line, col);
        }
        /* the primary and secondary colours are interpolated alike */
        int other = slot == GP_VARY_COL0 ? GP_VARY_COL1 : slot == GP_VARY_COL1 ? GP_VARY_COL0 : -1;
        if (other >= 0 && (ps->interp_set & (1ull << other)) && ps->interp[other] != interp)
            gp_fail(ps, first.pos, "the primary and secondary colours must have the same interpolation modifiers");
        ps->interp_set |= bit;
        ps->interp[slot] = interp;
        ps->interp_pos[slot] = first.pos;
        for (int k = 0; k < 4; k++)
            if (interp & (1u << k))
                ps->interp_mask[k] |= bit;
    }
}

/* OUTPUT (2.X.3.5): one result binding, or (not in fragment programs) an
 * array of consecutive bindings of one kind. */
static void nv4_decl_output(gp_parse *ps, uint8_t dtype, uint8_t size_mod)
{
    gp_sym *s = gp_declare(ps, GP_SYM_OUTPUT);
    s->dtype = dtype;
    s->size = size_mod;
    nv4_binding first;
    nv4_decl_bindings(ps, s, "result",
                      ps->stage == GP_STAGE_FRAGMENT ? "fragment program results cannot be arrays" : NULL,
                      nv4_result_binding, &first);
    s->index = first.slot;
    if (first.clip) {
        if (s->is_array) {
            s->clip = true;
        } else {
            s->index = GP_VARY_CLIP0 + first.slot / 4;
            s->clipdist = (uint8_t)(1 + first.slot % 4);
        }
    }
}

/* The "=" and binding list of a TEXTURE (NV5 2.X.3.8) or IMAGE
 * (EXT_shader_image_load_store 2.X.3.X) declaration: word[a] or, for an
 * array, "{" word[a..b], ... "}" with units increasing consecutively, each
 * below limit, their number matching a size given at size_pos (size < 0:
 * none).  decl / unit name the declaration and its units in messages. */
void gp_unit_list_decl(gp_parse *ps, gp_sym *sym, int limit, int size, int size_pos, const char *word,
                           const char *decl, const char *unit)
{
    const char *a_word = strchr("aeiou", word[0]) ? "an" : "a";
    const char *a_decl = strchr("AEIOU", decl[0]) ? "an" : "a";
    char what[48];
    snprintf(what, sizeof(what), "in the %s declaration", decl);
    expect(ps, '=', what);
    bool braces = sym->is_array && accept(ps, '{');
    if (sym->is_array && !braces) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected '{' to start the %s list, found %s", word,
                tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    int first = -1, count = 0;
    for (;;) {
        int start = ps->tok.pos;
        if (!accept_word(ps, word)) {
            char b[64];
            gp_fail(ps, ps->tok.pos, "expected %s %s[n] binding, found %s", a_word, word,
                    tok_str(ps, &ps->tok, b, sizeof(b)));
        }
        int n = 0;
        int a = gp_nv4_binding_range(ps, start, limit, unit, braces, &n);
        if (first < 0)
            first = a;
        else if (a != first + count)
            gp_fail(ps, start, "the %ss of %s %s array must increase consecutively (expected %s[%d])", unit, a_decl,
                    decl, word, first + count);
        count += n;
        if (!braces || !accept(ps, ','))
            break;
    }
    snprintf(what, sizeof(what), "to end the %s list", word);
    if (braces)
        expect(ps, '}', what);
    if (size >= 0 && size != count)
        gp_fail(ps, size_pos, "%s array size %d does not match its %d %ss", decl, size, count, unit);
    sym->index = first;
    sym->count = count;
}

/* "TEXTURE" <establishName> ( "=" texture[a] | "[" [n] "]" "=" "{" list "}" ),
 * current token TEXTURE (2.X.3.8: the units of an array increase
 * consecutively). */
static void nv5_decl_texture(gp_parse *ps)
{
    next(ps);
    gp_sym *sym = gp_declare(ps, GP_SYM_TEXTURE);
    int limit = min_int(ps->lim.max_texture_image_units, 32);
    int size = -1, size_pos = 0;
    if (accept(ps, '[')) {
        sym->is_array = true;
        if (ps->tok.kind == GP_TOK_INT) {
            size_pos = ps->tok.pos;
            if (ps->tok.big || ps->tok.ival > (uint32_t)limit)
                gp_fail(ps, size_pos, "the TEXTURE array size exceeds the %d texture image units", limit);
            size = (int)ps->tok.ival;
            if (size < 1)
                gp_fail(ps, size_pos, "a TEXTURE array needs at least one element");
            next(ps);
        }
        expect(ps, ']', "after the array size");
    }
    gp_unit_list_decl(ps, sym, limit, size, size_pos, "texture", "TEXTURE", "texture image unit");
}

/* ---- NV5 subroutines (ARB_shader_subroutine, "Dependencies on
 * NV_gpu_program5": implied by every !!NV*5.0 header) -------------------
 * The checks that need the whole program (labels of a SUBROUTINETYPE,
 * recursion) and the tables are in gp_subroutine.c. */

/* SUBROUTINETYPE <establishName> "{" <labelInitList> "}": creates the type
 * or, if the name is already a type, adds the labels to it. */
static void sub_decl_type(gp_parse *ps)
{
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, ps->tok.pos, "expected a subroutine type name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    gp_sym *s = gp_map_get(&ps->syms, ps->src + ps->tok.pos, ps->tok.len);
    if (s && s->kind == GP_SYM_SUBTYPE) {
        next(ps);
    } else {
        s = gp_declare(ps, GP_SYM_SUBTYPE);
        s->array = ps->num_subtypes++;
    }
    expect(ps, '{', "to start the SUBROUTINETYPE label list");
    if (!is_punct(&ps->tok, '}')) {
        do {
            if (ps->tok.kind != GP_TOK_IDENT) {
                char b[64];
                gp_fail(ps, ps->tok.pos, "expected a label, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
            }
            gp_reserve(ps, (void **)&ps->submembers, &ps->cap_submembers, ps->num_submembers,
                       sizeof(*ps->submembers));
            ps->submembers[ps->num_submembers++] =
                (gp_psubmember){ s->array, ps->src + ps->tok.pos, ps->tok.len, ps->tok.pos };
            next(ps);
        } while (accept(ps, ','));
    }
    expect(ps, '}', "at the end of the SUBROUTINETYPE label list");
}

/* One <progSubroutineParams> of a SUBROUTINE declaration of type `type`:
 * program.subroutine[i] or [i..j] (ranges only in arrays). */
static void sub_param_item(gp_parse *ps, int type, bool range_ok)
{
    int start = ps->tok.pos;
    if (!accept_word(ps, "program") || !accept_dot_word(ps, "subroutine"))
        gp_fail(ps, start, "a SUBROUTINE variable is bound to program.subroutine[n]");
    int count;
    int ipos = ps->tok.pos;
    int first = gp_nv4_binding_range(ps, start, GP_MAX_SUBROUTINE_PARAMS, "program.subroutine index", range_ok,
                                  &count);
    if (!ps->sub_param_type) {
        ps->sub_param_type = gp_alloc(ps, sizeof(int16_t) * GP_MAX_SUBROUTINE_PARAMS);
        for (int i = 0; i < GP_MAX_SUBROUTINE_PARAMS; i++)
            ps->sub_param_type[i] = -1;
    }
    for (int i = first; i < first + count; i++) {
        /* "A program subroutine parameter may only be assigned to
         * subroutine variables of a single SUBROUTINETYPE." */
        if (ps->sub_param_type[i] >= 0 && ps->sub_param_type[i] != type)
            gp_fail(ps, ipos, "program.subroutine[%d] is already bound to a variable of another SUBROUTINETYPE", i);
        ps->sub_param_type[i] = (int16_t)type;
        if (i + 1 > ps->num_sub_params)
            ps->num_sub_params = i + 1;
        gp_reserve(ps, (void **)&ps->sub_elem, &ps->cap_sub_elem, ps->num_sub_elem, sizeof(*ps->sub_elem));
        ps->sub_elem[ps->num_sub_elem++] = i;
    }
}

/* SUBROUTINE <establishedName> <establishName> "=" <progSubroutineParam>
 * | ... <establishName> "[" [size] "]" "=" "{" <progSubroutineInitList> "}" */
static void sub_decl_var(gp_parse *ps)
{
    int tpos = ps->tok.pos;
    if (ps->tok.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, tpos, "expected a subroutine type name, found %s", tok_str(ps, &ps->tok, b, sizeof(b)));
    }
    const gp_sym *t = gp_lookup(ps, &ps->tok);
    if (t->kind != GP_SYM_SUBTYPE)
        gp_fail(ps, tpos, "'%.*s' is not a SUBROUTINETYPE", t->len > 40 ? 40 : t->len, t->name);
    next(ps);
    gp_sym *s = gp_declare(ps, GP_SYM_SUBROUTINE);
    s->array = t->array;
    s->index = ps->num_sub_elem;
    if (accept(ps, '[')) {
        int size = -1, size_pos = ps->tok.pos;
        if (ps->tok.kind == GP_TOK_INT) {
            size = expect_int(ps, "an array size");
            if (size < 1 || size > GP_MAX_SUBROUTINE_PARAMS)
                gp_fail(ps, size_pos, "invalid array size %d", size);
        }
        expect(ps, ']', "after the array size");
        expect(ps, '=', "after the array declaration");
        int brace = ps->tok.pos;
        expect(ps, '{', "to start the array initializer");
        do {
            sub_param_item(ps, t->array, true);
        } while (accept(ps, ','));
        expect(ps, '}', "at the end of the array initializer");
        s->is_array = true;
        s->count = ps->num_sub_elem - s->index;
        if (size >= 0 && size != s->count)
            gp_fail(ps, brace, "array '%.*s' is declared with %d elements but initialized with %d",
                    s->len > 40 ? 40 : s->len, s->name, size, s->count);
        return;
    }
    expect(ps, '=', "after the subroutine variable name");
    sub_param_item(ps, t->array, false);
    s->count = 1;
}

/* CALI's operand: <subroutineVarName> <optArrayMem> (array variables need
 * the member, others take none); then the optional "(cc)". */
void gp_sub_cali_operand(gp_parse *ps, gp_pinsn *pi)
{
    gp_token t = ps->tok;
    if (t.kind != GP_TOK_IDENT) {
        char b[64];
        gp_fail(ps, t.pos, "expected a SUBROUTINE variable, found %s", tok_str(ps, &t, b, sizeof(b)));
    }
    const gp_sym *s = gp_lookup(ps, &t);
    int n = t.len > 40 ? 40 : t.len;
    if (s->kind != GP_SYM_SUBROUTINE)
        gp_fail(ps, t.pos, "CALI needs a SUBROUTINE variable; '%.*s' is not one", n, ps->src + t.pos);
    next(ps);
    gp_src *src = &pi->in.src[0];
    src->file = GP_FILE_NONE;
    pi->src_pos[0] = t.pos;
    if (s->is_array) {
        if (!is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "array '%.*s' needs an array member, as in %.*s[0]", n, ps->src + t.pos, n,
                    ps->src + t.pos);
        nv4_index ix;
        gp_nv4_array_member(ps, s, s->count, &ix);
        gp_nv4_rel_src(src, &ix, s->index, s->count);
    } else {
        if (is_punct(&ps->tok, '['))
            gp_fail(ps, ps->tok.pos, "'%.*s' is not an array", n, ps->src + t.pos);
        src->index = src->rel_lo = src->rel_hi = s->index;
    }
    gp_opt_cc_mask(ps, &pi->in.cond);
}

const gp_front gp_front_nv = {
    .labels_first = true, .is_reserved = nv4_is_reserved, .head = nv4_head, .declaration = nv4_declaration,
    .opword = gp_nv4_opword, .src_reg = gp_nv4_src_reg, .is_input = gp_nv4_is_input, .result_dst = gp_nv4_result_dst,
    .var_dst = gp_nv4_var_dst, .cc_rule = gp_nv4_cc_rule, .texture = gp_nv4_texture,
    .cc_rules = "EQ, NE, LT, LE, GT, GE, TR, FL, NAN, LEG, CF, NCF, OF, NOF, AB, BLE, SF, NSF; 0/1 for CC1",
};
