/*
 * test_nv4_ir.c - glprog.nv4_ir: the executable form of NV_gpu_program4
 * programs, field by field against values worked out by hand from gp_ir.h's
 * NV4 encoding rules and the specs: constants typed by their use (integer
 * rows, hexadecimal, signs), instruction data types, relative addressing
 * through integer temporaries of TEMP / PARAM / ATTRIB / OUTPUT / BUFFER
 * arrays, the bindings of NV_vertex_program4, NV_fragment_program4 (clip
 * distances folded into the swizzle, interpolation modifiers) and
 * NV_geometry_program4 (per-vertex inputs, relative vertex numbers, the
 * declarations), parameter buffers, the NV4 condition code tests, texel
 * offsets and targets, REP without a count, and subroutines (the RET the
 * lowering puts where a subroutine ends).  Test executable.
 *
 * covers: DT.CONST_INT_FLOAT DT.CONST_HEX DT.CONST_VECTOR DT.CONST_SCALAR_USE DT.TYPELESS DT.INT
 * covers: DT.UINT DT.FLOAT DECL.PARAM DECL.TEMP DECL.ATTRIB DECL.OUTPUT DECL.BUFFER DECL.BUFFER4
 * covers: DECL.ARRAYS DECL.VARMODS DECL.LABEL DECL.LABEL_MAIN DECL.PRIMITIVE_IN DECL.PRIMITIVE_OUT
 * covers: DECL.VERTICES_OUT_GP DECL.GP_2D_ATTRIB MOD.ARRAY_ABS MOD.ARRAY_REL MOD.OPND_NEG MOD.OPND_ABS
 * covers: MOD.OPND_SWZ MOD.DST_CCMASK BIND.V.ID BIND.V.INSTANCE BIND.V.ATTRIB BIND.V.ATTRIB_RANGE
 * covers: BIND.V.TEXCOORD_RANGE BIND.R.ATTRIB BIND.R.ID BIND.R.CLIP BIND.R.PRIMID BIND.R.LAYER
 * covers: BIND.R.COLOR_N BIND.F.ATTRIB BIND.F.CLIP BIND.F.FACING BIND.F.PRIMID BIND.F.RANGES
 * covers: BIND.G.POSITION BIND.G.COLOR BIND.G.TEXCOORD BIND.G.ATTRIB BIND.G.CLIP BIND.G.ID BIND.G.PRIMID
 * covers: BIND.G.FOG_PSIZE BIND.G.NOVERTEX BIND.P.BUFFER DT.FLAT DT.CENTROID DT.NOPERSPECTIVE
 * covers: CC.EQ CC.NE CC.LT CC.LE CC.GT CC.GE CC.TR CC.FL CC.NAN CC.LEG CC.CF CC.NCF CC.OF CC.NOF
 * covers: CC.AB CC.BLE CC.SF CC.NSF CC.SEL CC.SWZ CC.REG_NV4 TEX.OFFSET_IMM TEX.BUFFER TEX.ARRAY1D
 * covers: TEX.ARRAY2D TEX.SHADOWCUBE TEX.SHADOWARRAY1D TEX.SHADOWARRAY2D TEX.RECT TEX.SHADOWRECT
 * covers: OP.REP OP.CAL OP.RET OP.MUL OP.TXQ OP.TXF OP.TXFMS
 */
#include "gp_test_util.h"
#include "gp_priv.h"

static gp_program *compile(gp_stage stage, const char *src)
{
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), stage, NULL, &err);
    CHECK(p, "rejected at %d:%d: %s\n%s", err.line, err.col, err.msg, src);
    return p;
}

static bool swz_is(const uint8_t *s, int a, int b, int c, int d)
{
    return s[0] == a && s[1] == b && s[2] == c && s[3] == d;
}

static const gp_param_binding *row(const gp_program *p, const gp_src *s)
{
    return &p->params[s->index];
}

static bool ints_are(const gp_param_binding *b, int32_t x, int32_t y, int32_t z, int32_t w)
{
    return b->kind == GP_PARAM_CONST && b->value[0].i == x && b->value[1].i == y && b->value[2].i == z &&
           b->value[3].i == w;
}

/* 2.X.3.3: literals take the type of the operand they are used in;
 * declarations the type of their modifier; typeless ones are floats. */
static void test_constants(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!NVvp4.0\n"
                            "INT PARAM k = {1, 2, 3, 4};\n"
                            "PARAM two = 2;\n"
                            "FLOAT PARAM ftwo = 2;\n"
                            "UINT PARAM ua[] = { 5, 0x10 };\n"
                            "TEMP r;\n"
                            "MOV.S r, 5;\n"            /* 0 */
                            "MOV.F r, 5;\n"            /* 1 */
                            "MOV.U r, 0xFFFFFFFF;\n"   /* 2 */
                            "MOV.S r, {-3, 7};\n"      /* 3 */
                            "MOV.S r, -3;\n"           /* 4 */
                            "MOV.U r, -1;\n"           /* 5 */
                            "MOV.F r, 0x10;\n"         /* 6 */
                            "MOV.S r, {-2147483648};\n" /* 7 */
                            "ADD.S r, k, two;\n"       /* 8 */
                            "MOV.F r, ftwo;\n"         /* 9 */
                            "MOV.U r, ua[1];\n"        /* 10 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    /* rows: k, two, ftwo, ua[0], ua[1], then the literals in order */
    CHECK(ints_are(&p->params[0], 1, 2, 3, 4) && p->params[0].type == 'S', "INT PARAM k");
    CHECK(p->params[1].value[0].f == 2.0f && p->params[1].type == 0, "typeless PARAM two = 2.0");
    CHECK(p->params[2].value[0].f == 2.0f && p->params[2].type == 'F', "FLOAT PARAM ftwo");
    CHECK(p->params[3].value[0].u == 5 && p->params[4].value[3].u == 16 && p->params[4].type == 'U', "UINT ua");
    const gp_param_binding *b = row(p, &in[0].src[0]);
    CHECK(ints_are(b, 5, 5, 5, 5) && b->type == 'S', "MOV.S r, 5: integer row");
    b = row(p, &in[1].src[0]);
    CHECK(b->value[0].f == 5.0f && b->value[3].f == 5.0f && b->type == 0, "MOV.F r, 5: float row");
    CHECK(in[0].src[0].index != in[1].src[0].index, "5 and 5.0 are different rows");
    b = row(p, &in[2].src[0]);
    CHECK(b->value[0].u == 0xffffffffu && b->type == 'U', "hex 0xFFFFFFFF as UINT");
    b = row(p, &in[3].src[0]);
    CHECK(ints_are(b, -3, 7, 0, 1), "{-3, 7} = (-3, 7, 0, 1)");
    b = row(p, &in[4].src[0]);
    CHECK(ints_are(b, 3, 3, 3, 3) && in[4].src[0].negate == 0xf, "-3: operand negation of 3");
    b = row(p, &in[5].src[0]);
    CHECK(b->value[0].u == 1 && in[5].src[0].negate == 0xf && in[5].type == GP_TYPE_U32, "MOV.U -1: -(1)");
    b = row(p, &in[6].src[0]);
    CHECK(b->value[0].f == 16.0f && b->type == 0, "0x10 as a float is 16.0");
    b = row(p, &in[7].src[0]);
    CHECK(b->value[0].i == INT32_MIN, "{-2147483648}");
    CHECK(in[8].src[0].index == 0 && in[8].src[1].index == 1 && in[8].type == GP_TYPE_S32, "ADD.S k, two");
    CHECK(in[10].src[0].index == 4, "ua[1] is row 4");
    CHECK(in[0].type == GP_TYPE_S32 && in[1].type == GP_TYPE_F32 && in[2].type == GP_TYPE_U32, "types");
    gp_program_free(p);
}

static void test_arrays(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!NVvp4.0\n"
                            "TEMP r, a[3];\n"
                            "INT TEMP i;\n"
                            "PARAM c[4] = { program.local[0..3] };\n"
                            "ATTRIB va[] = { vertex.attrib[2..5] };\n"
                            "OUTPUT o[] = { result.attrib[1..2] };\n"
                            "BUFFER4 b[] = { program.buffer[2][4..7] };\n"
                            "BUFFER w = program.buffer[1][9];\n"
                            "BUFFER x[] = { program.buffer[3] };\n"
                            "MOV r, a[i.y + 2];\n"    /* 0 */
                            "MOV a[1], r;\n"          /* 1 */
                            "MOV r, c[i.w + 3];\n"    /* 2 */
                            "MOV r, va[i.x + 1];\n"   /* 3 */
                            "MOV r, va[3];\n"         /* 4 */
                            "MOV o[i.z + 1], r;\n"    /* 5 */
                            "MOV r, b[i.z + 1];\n"    /* 6 */
                            "MOV r, w;\n"             /* 7 */
                            "MOV r, x[i.x + 10];\n"   /* 8 */
                            "MOV r, -|a[0].wzyx|;\n"  /* 9 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    /* temporaries: r 0, a 1..3, i 4 */
    const gp_src *s = &in[0].src[0];
    CHECK(s->file == GP_FILE_TEMP && s->rel && s->rel_file == GP_FILE_TEMP && s->rel_reg == 4 && s->rel_comp == 1 &&
              s->index == 3 && s->rel_lo == 1 && s->rel_hi == 3,
          "a[i.y + 2]: index %d lo %d hi %d reg %d", s->index, s->rel_lo, s->rel_hi, s->rel_reg);
    CHECK(in[1].dst.file == GP_FILE_TEMP && in[1].dst.index == 2 && !in[1].dst.rel, "a[1] is temporary 2");
    CHECK(p->num_temps == 5 && p->info.num_temporaries == 5, "5 temporaries");
    s = &in[2].src[0];
    CHECK(s->file == GP_FILE_PARAM && s->rel && s->rel_file == GP_FILE_TEMP && s->rel_comp == 3 && s->index == 3 &&
              s->rel_lo == 0 && s->rel_hi == 3,
          "c[i.w + 3]");
    s = &in[3].src[0];
    CHECK(s->file == GP_FILE_INPUT && s->rel && s->rel_file == GP_FILE_TEMP && s->index == 3 && s->rel_lo == 2 &&
              s->rel_hi == 5,
          "va[i.x + 1]: slots 2..5");
    CHECK(in[4].src[0].index == 5 && !in[4].src[0].rel, "va[3] is vertex.attrib[5]");
    const gp_dst *d = &in[5].dst;
    CHECK(d->file == GP_FILE_OUTPUT && d->rel && d->rel_file == GP_FILE_TEMP && d->rel_comp == 2 &&
              d->index == GP_VARY_ATTR0 + 2 && d->rel_lo == GP_VARY_ATTR0 + 1 && d->rel_hi == GP_VARY_ATTR0 + 2,
          "o[i.z + 1]");
    s = &in[6].src[0];
    CHECK(s->file == GP_FILE_BUFFER && s->buf == 2 && s->rel && s->index == 5 && s->rel_lo == 4 && s->rel_hi == 7,
          "b[i.z + 1]: buffer 2 elements 4..7");
    s = &in[7].src[0];
    CHECK(s->file == GP_FILE_BUFFER && s->buf == 1 && !s->rel && s->index == 9, "w: buffer 1 word 9");
    s = &in[8].src[0];
    CHECK(s->file == GP_FILE_BUFFER && s->buf == 3 && s->index == 10 && s->rel_lo == 0 && s->rel_hi == 16383,
          "x[]: the whole buffer, 16384 words by default (hi %d)", s->rel_hi);
    s = &in[9].src[0];
    CHECK(s->abs && s->negate == 0xf && swz_is(s->swz, 3, 2, 1, 0) && s->index == 1, "-|a[0].wzyx|");
    CHECK(p->info.param_buffers_used == ((1u << 1) | (1u << 2) | (1u << 3)) && p->info.param_buffers_vec4 == (1u << 2),
          "buffers used %x vec4 %x", p->info.param_buffers_used, p->info.param_buffers_vec4);
    CHECK(p->info.inputs_read == (0xfull << 2), "inputs_read %llx", (unsigned long long)p->info.inputs_read);
    CHECK(p->info.outputs_written == (3ull << (GP_VARY_ATTR0 + 1)), "outputs_written");
    gp_program_free(p);
}

static void test_vertex_bindings(void)
{
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!NVvp4.0\n"
                            "TEMP r;\n"
                            "MOV.S r, vertex.id;\n"             /* 0 */
                            "MOV.S r, vertex.instance.xxxx;\n"  /* 1 */
                            "MOV.S result.id, r;\n"             /* 2 */
                            "MOV result.attrib[5], r.bgra;\n"   /* 3 */
                            "MOV result.clip[6], r;\n"          /* 4 */
                            "MOV result.color.back.secondary, vertex.texcoord[2];\n" /* 5 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(in[0].src[0].file == GP_FILE_INPUT && in[0].src[0].index == GP_VIN_VERTEXID, "vertex.id");
    CHECK(in[1].src[0].index == GP_VIN_INSTANCEID && swz_is(in[1].src[0].swz, 0, 0, 0, 0), "vertex.instance");
    CHECK(in[2].dst.file == GP_FILE_OUTPUT && in[2].dst.index == GP_VARY_ID, "result.id");
    CHECK(in[3].dst.index == GP_VARY_ATTR0 + 5 && swz_is(in[3].src[0].swz, 2, 1, 0, 3), "result.attrib[5], .bgra");
    CHECK(in[4].dst.index == GP_VARY_CLIP1 && in[4].dst.clipdist == 3, "result.clip[6]: CLIP1 component z");
    CHECK(in[5].dst.index == GP_VARY_BFC1 && in[5].src[0].index == GP_VIN_TEX0 + 2, "back secondary, texcoord[2]");
    CHECK(p->info.inputs_read == ((1ull << GP_VIN_VERTEXID) | (1ull << GP_VIN_INSTANCEID) | (1ull << (GP_VIN_TEX0 + 2))),
          "inputs_read");
    CHECK(p->info.lang == GP_LANG_NVVP40 && p->info.stage == GP_STAGE_VERTEX, "language");
    gp_program_free(p);
}

static void test_fragment_bindings(void)
{
    gp_program *p = compile(GP_STAGE_FRAGMENT,
                            "!!NVfp4.0\n"
                            "OPTION ARB_draw_buffers;\n"
                            "FLAT INT ATTRIB idx = fragment.attrib[0];\n"
                            "CENTROID NOPERSPECTIVE ATTRIB tc = fragment.texcoord[1];\n"
                            "NOPERSPECTIVE ATTRIB c0 = fragment.color;\n"
                            "NOPERSPECTIVE ATTRIB c1 = fragment.color.secondary;\n"
                            "ATTRIB cl[] = { fragment.clip[4..7] };\n"
                            "TEMP r;\n"
                            "MOV r, fragment.attrib[3];\n"  /* 0 */
                            "MOV.S r, primitive.id;\n"      /* 1 */
                            "MOV r, fragment.facing.x;\n"   /* 2 */
                            "MOV r, fragment.clip[6];\n"    /* 3 */
                            "MOV r, fragment.clip[6].x;\n"  /* 4 */
                            "MOV r, cl[1];\n"               /* 5 */
                            "MOV.S r, idx;\n"               /* 6 */
                            "MOV result.color[3], tc;\n"    /* 7 */
                            "MOV.S result.color, r;\n"      /* 8 */
                            "MOV result.depth.z, r;\n"      /* 9 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(in[0].src[0].index == GP_VARY_ATTR0 + 3, "fragment.attrib[3]");
    CHECK(in[1].src[0].index == GP_VARY_PRIMID && in[1].type == GP_TYPE_S32, "primitive.id");
    CHECK(in[2].src[0].index == GP_VARY_FACE, "fragment.facing");
    /* (c, -, -, -): the clip distance's component in every swizzle slot */
    CHECK(in[3].src[0].index == GP_VARY_CLIP1 && swz_is(in[3].src[0].swz, 2, 2, 2, 2), "fragment.clip[6]");
    CHECK(in[4].src[0].index == GP_VARY_CLIP1 && swz_is(in[4].src[0].swz, 2, 2, 2, 2), "fragment.clip[6].x");
    CHECK(in[5].src[0].index == GP_VARY_CLIP1 && swz_is(in[5].src[0].swz, 1, 1, 1, 1), "cl[1] = fragment.clip[5]");
    CHECK(in[6].src[0].index == GP_VARY_ATTR0, "idx");
    CHECK(in[7].dst.index == GP_FOUT_COLOR0 + 3 && in[7].src[0].index == GP_VARY_TEX0 + 1, "result.color[3]");
    CHECK(in[8].dst.index == GP_FOUT_COLOR0 && in[8].type == GP_TYPE_S32, "integer result.color");
    CHECK(p->info.writes_depth, "writes depth");
    const gp_program_info *info = &p->info;
    CHECK(info->inputs_flat == (1ull << GP_VARY_ATTR0), "flat %llx", (unsigned long long)info->inputs_flat);
    CHECK(info->inputs_centroid == (1ull << (GP_VARY_TEX0 + 1)), "centroid");
    CHECK(info->inputs_noperspective == ((1ull << (GP_VARY_TEX0 + 1)) | (1ull << GP_VARY_COL0) | (1ull << GP_VARY_COL1)),
          "noperspective %llx", (unsigned long long)info->inputs_noperspective);
    CHECK(info->outputs_written == ((1ull << GP_FOUT_COLOR0) | (1ull << (GP_FOUT_COLOR0 + 3)) | (1ull << GP_FOUT_DEPTH)),
          "outputs_written");
    gp_program_free(p);
}

static void test_geometry(void)
{
    gp_program *p = compile(GP_STAGE_GEOMETRY,
                            "!!NVgp4.0\n"
                            "PRIMITIVE_IN TRIANGLES_ADJACENCY;\n"
                            "PRIMITIVE_OUT LINE_STRIP;\n"
                            "VERTICES_OUT 12;\n"
                            "ATTRIB p = vertex.position;\n"
                            "ATTRIB tcs[] = { vertex.texcoord[0..3] };\n"
                            "ATTRIB t1[4] = { vertex[1].texcoord[1..4] };\n"
                            "INT TEMP i;\n"
                            "TEMP r;\n"
                            "MOV r, vertex[2].texcoord[1];\n"          /* 0 */
                            "MOV r, p[i.x + 1];\n"                     /* 1 */
                            "MOV r, tcs[i.x][i.y + 2];\n"              /* 2 */
                            "MOV r, tcs[5][3];\n"                      /* 3 */
                            "MOV r, t1[2];\n"                          /* 4 */
                            "MOV.S i, primitive.id;\n"                 /* 5 */
                            "MOV r, vertex[4].color.back.secondary;\n" /* 6 */
                            "MOV r, vertex[3].clip[5];\n"              /* 7 */
                            "MOV.S i, vertex[0].id;\n"                 /* 8 */
                            "MOV r, vertex[1].pointsize;\n"            /* 9 */
                            "MOV result.position, r;\n"                /* 10 */
                            "MOV.S result.layer.x, i;\n"               /* 11 */
                            "MOV.S result.primid.x, i;\n"              /* 12 */
                            "EMIT;\n"                                  /* 13 */
                            "ENDPRIM;\n"                               /* 14 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    const gp_program_info *info = &p->info;
    CHECK(info->gs_primitive_in == GP_PRIM_TRIANGLES_ADJACENCY && info->gs_vertices_in == 6 &&
              info->gs_primitive_out == GP_PRIM_LINE_STRIP && info->gs_vertices_out == 12,
          "declarations");
    const gp_src *s = &in[0].src[0];
    CHECK(s->file == GP_FILE_INPUT && s->index == GP_VARY_TEX0 + 1 && s->vtx == 2 && !s->vtx_rel, "vertex[2].texcoord[1]");
    s = &in[1].src[0];
    CHECK(s->index == GP_VARY_POS && s->vtx_rel && s->vtx_rel_reg == 0 && s->vtx_rel_comp == 0 && s->vtx == 1 &&
              !s->rel,
          "p[i.x + 1]: vertex i.x + 1");
    s = &in[2].src[0];
    CHECK(s->vtx_rel && s->vtx == 0 && s->rel && s->rel_comp == 1 && s->index == GP_VARY_TEX0 + 2 &&
              s->rel_lo == GP_VARY_TEX0 && s->rel_hi == GP_VARY_TEX0 + 3,
          "tcs[i.x][i.y + 2]");
    s = &in[3].src[0];
    CHECK(!s->vtx_rel && s->vtx == 5 && !s->rel && s->index == GP_VARY_TEX0 + 3, "tcs[5][3]");
    s = &in[4].src[0];
    CHECK(s->vtx == 1 && s->index == GP_VARY_TEX0 + 3, "t1[2] = vertex[1].texcoord[3]");
    s = &in[5].src[0];
    CHECK(s->index == GP_VARY_PRIMID && s->vtx == 0, "primitive.id");
    CHECK(in[6].src[0].index == GP_VARY_BFC1 && in[6].src[0].vtx == 4, "vertex[4].color.back.secondary");
    CHECK(in[7].src[0].index == GP_VARY_CLIP1 && swz_is(in[7].src[0].swz, 1, 1, 1, 1) && in[7].src[0].vtx == 3,
          "vertex[3].clip[5]");
    CHECK(in[8].src[0].index == GP_VARY_ID, "vertex[0].id");
    CHECK(in[9].src[0].index == GP_VARY_PSIZ && in[9].src[0].vtx == 1, "vertex[1].pointsize");
    CHECK(in[11].dst.index == GP_VARY_LAYER && in[12].dst.index == GP_VARY_PRIMID, "result.layer, result.primid");
    CHECK(in[13].op == GP_OP_EMIT && in[14].op == GP_OP_ENDPRIM && in[15].op == GP_OP_END, "EMIT ENDPRIM END");
    /* position 4 + layer 1 + primid 1 */
    CHECK(info->num_result_components == 6, "result components %d", info->num_result_components);
    gp_program_free(p);
}

/* Table X.16: every rule, with and without the register digit. */
static void test_cc(void)
{
    static const struct {
        const char *name;
        int cond;
    } rules[] = {
        { "EQ", GP_COND_EQ }, { "GE", GP_COND_GE }, { "GT", GP_COND_GT }, { "LE", GP_COND_LE },
        { "LT", GP_COND_LT }, { "NE", GP_COND_NE }, { "TR", GP_COND_TR }, { "FL", GP_COND_FL },
        { "NAN", GP_COND_NAN }, { "LEG", GP_COND_LEG }, { "CF", GP_COND_CF }, { "NCF", GP_COND_NCF },
        { "OF", GP_COND_OF }, { "NOF", GP_COND_NOF }, { "AB", GP_COND_AB }, { "BLE", GP_COND_BLE },
        { "SF", GP_COND_SF }, { "NSF", GP_COND_NSF },
    };
    for (size_t i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
        for (int reg = -1; reg <= 1; reg++) {
            char src[256], test[16];
            snprintf(test, sizeof(test), "%s%s", rules[i].name, reg < 0 ? "" : reg ? "1" : "0");
            snprintf(src, sizeof(src),
                     "!!NVfp4.0\nTEMP r;\nMOV.CC1 r, r;\nIF %s.y;\nMOV r (%s.zwxy), r;\nENDIF;\nKIL %s;\nEND\n",
                     test, test, test);
            gp_program *p = compile(GP_STAGE_FRAGMENT, src);
            if (!p)
                continue;
            const gp_insn *in = p->insns;
            int want_reg = reg == 1 ? 1 : 0;
            CHECK(in[0].cc_update == 2, "MOV.CC1");
            CHECK(in[1].op == GP_OP_IF && in[1].cond.cond == rules[i].cond && in[1].cond.reg == want_reg &&
                      swz_is(in[1].cond.swz, 1, 1, 1, 1),
                  "IF %s.y", test);
            CHECK(in[2].dst.cc.cond == rules[i].cond && in[2].dst.cc.reg == want_reg &&
                      swz_is(in[2].dst.cc.swz, 2, 3, 0, 1),
                  "(%s.zwxy)", test);
            CHECK(in[4].op == GP_OP_KIL && in[4].src[0].file == GP_FILE_NONE && in[4].cond.cond == rules[i].cond &&
                      swz_is(in[4].cond.swz, 0, 1, 2, 3),
                  "KIL %s", test);
            gp_program_free(p);
        }
    }
}

static void test_textures(void)
{
    gp_program *p = compile(GP_STAGE_FRAGMENT,
                            "!!NVfp4.0\n"
                            "OPTION NV_explicit_multisample;\n"
                            "TEMP r;\n"
                            "INT TEMP i;\n"
                            "TEX r, r, texture[0], ARRAY2D, (-8, 7);\n" /* 0 */
                            "TXF.S i, i, texture[1], BUFFER;\n"        /* 1 */
                            "TXQ i, i.x, texture[2], SHADOWCUBE;\n"    /* 2 */
                            "TXFMS.U.NTC i, i, texture[3], RENDERBUFFER;\n" /* 3 */
                            "TXL r, r, texture[4], SHADOWARRAY1D, (3);\n" /* 4 */
                            "TXD r, r, r, r, texture[5], SHADOWRECT, (1, -1);\n" /* 5 */
                            "TEX r, r, texture[6], ARRAY1D, (-2);\n"   /* 6 */
                            "TXB r, r, texture[7], 3D, (1, 2, 3);\n"   /* 7 */
                            "TXP r, r, texture[8], RECT;\n"            /* 8 */
                            "END\n");
    if (!p)
        return;
    const gp_insn *in = p->insns;
    CHECK(in[0].tex_target == GP_TEX_ARRAY2D && in[0].tex_offset[0] == -8 && in[0].tex_offset[1] == 7 &&
              in[0].tex_offset[2] == 0,
          "ARRAY2D, (-8, 7)");
    CHECK(in[1].tex_target == GP_TEX_BUFFER && in[1].type == GP_TYPE_S32 && in[1].tex_unit == 1, "TXF BUFFER");
    CHECK(in[2].tex_target == GP_TEX_SHADOWCUBE && in[2].type == GP_TYPE_S32, "TXQ: signed");
    CHECK(in[3].tex_target == GP_TEX_2DMS && in[3].type == GP_TYPE_U32, "RENDERBUFFER is a 2D multisample image");
    CHECK(in[4].tex_offset[0] == 3 && in[5].tex_offset[1] == -1 && in[7].tex_offset[2] == 3, "offsets");
    CHECK(in[6].tex_target == GP_TEX_ARRAY1D && in[8].tex_target == GP_TEX_RECT, "targets");
    CHECK(p->info.tex_target[1] == GP_TEX_BUFFER && p->info.tex_units_used == 0x1ff, "info targets");
    CHECK(p->info.uses_derivatives, "TEX, TXB, TXP need derivatives");
    gp_program_free(p);
    p = compile(GP_STAGE_FRAGMENT, "!!NVfp4.0\nINT TEMP i;\nTXF.S i, i, texture[0], 2D;\nTXQ i, i.x, texture[1], 2D;\nEND\n");
    if (p) {
        CHECK(!p->info.uses_derivatives, "TXF and TXQ need no derivatives");
        gp_program_free(p);
    }
}

static void test_flow(void)
{
    /* REP without a count; REP.S with one; BRK / CONT targets */
    gp_program *p = compile(GP_STAGE_VERTEX,
                            "!!NVvp4.0\n"
                            "INT TEMP i;\n"
                            "TEMP r;\n"
                            "REP;\n"          /* 0 */
                            "  REP.S i.x;\n"  /* 1 */
                            "    CONT;\n"     /* 2 */
                            "  ENDREP;\n"     /* 3 */
                            "  BRK (GT.x);\n" /* 4 */
                            "ENDREP;\n"       /* 5 */
                            "END\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(in[0].op == GP_OP_REP && in[0].src[0].file == GP_FILE_NONE && in[0].target == 5, "REP without a count");
        CHECK(in[1].src[0].file == GP_FILE_TEMP && in[1].type == GP_TYPE_S32 && in[1].target == 3, "REP.S i.x");
        CHECK(in[2].target == 3 && in[4].target == 5 && in[5].target == 0, "CONT, BRK, ENDREP targets");
        CHECK(p->num_insns == 7 && p->max_call_depth == 8 && p->max_loop_count == 0 && p->max_exec_instructions == 0,
              "no RET added without labels; NV4 run-time limits");
        gp_program_free(p);
    }
    /* 2.X.8.Z CAL: a label starts a subroutine, which ends at the next label
     * or at the end of the program: RETs are added there, with the
     * position of what follows them */
    p = compile(GP_STAGE_VERTEX,
                "!!NVvp4.0\n"
                "TEMP r;\n"
                "sub:\n"
                "  MUL r, r, r;\n" /* text 0 */
                "main:\n"
                "  MOV r, 1;\n"    /* text 1 */
                "  CAL sub;\n"     /* text 2 */
                "done:\n"
                "  RET;\n"         /* text 3 */
                "END\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(p->num_insns == 7, "MUL RET MOV CAL RET RET END: %d", p->num_insns);
        CHECK(in[0].op == GP_OP_MUL && in[1].op == GP_OP_RET && in[1].pos == in[2].pos && in[2].op == GP_OP_MOV,
              "RET before main:");
        CHECK(in[3].op == GP_OP_CAL && in[3].target == 0, "CAL sub");
        CHECK(in[4].op == GP_OP_RET && in[4].pos == in[5].pos && in[5].op == GP_OP_RET && in[6].op == GP_OP_END,
              "RET before done:, the explicit RET, then END (no RET added after an unconditional RET)");
        CHECK(p->entry == 2 && p->info.num_instructions == 4, "entry %d, %d instructions", p->entry,
              p->info.num_instructions);
        gp_program_free(p);
    }
    /* MUL's special modifiers */
    p = compile(GP_STAGE_VERTEX, "!!NVvp4.0\nTEMP r;\nMUL.S24 r, r, r;\nMUL.U.HI r, r, r;\nMULC1.U24 r, r, r;\nEND\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(in[0].opmod == GP_OPMOD_S24 && in[0].type == GP_TYPE_S32, "MUL.S24");
        CHECK(in[1].opmod == GP_OPMOD_HI && in[1].type == GP_TYPE_U32, "MUL.U.HI");
        CHECK(in[2].opmod == GP_OPMOD_U24 && in[2].type == GP_TYPE_U32 && in[2].cc_update == 2, "MULC1.U24");
        gp_program_free(p);
    }
}

int main(void)
{
    test_constants();
    test_arrays();
    test_vertex_bindings();
    test_fragment_bindings();
    test_geometry();
    test_cc();
    test_textures();
    test_flow();
    printf("nv4_ir: %d failures\n", gpt_failures);
    return gpt_failures ? 1 : 0;
}
