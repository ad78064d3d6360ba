/*
 * test_mem_parse.c - glprog.mem_parse: the issue-6 front end (gp_parse.c
 * "memory instructions", "memory declarations"): every memory instruction,
 * declaration, binding and option loads, its IR is what gp_ir.h "NV_gpu_
 * program5 memory instructions" says (expected values below are written
 * from the spec tables and that contract, not copied from a print), the
 * info fields are set (glprog.h gp_program_info), and each program prints
 * back to a fixed point whose IR equals the original's (t_reprint,
 * same_ir).
 *   1. Storage modifiers (NV_gpu_program5 2.X.4.1, NV_gpu_program5_mem_
 *      extended): all 33 on LOAD: mem_elem, mem_count, insn.type.
 *   2. Atomic operations x storage types on ATOM / ATOMB / ATOMS / ATOMIM
 *      with and without OPTION NV_shader_atomic_float / _int64: the
 *      accepted set is the spec tables (EDGE.ATOM_TYPES), mem_atom.
 *   3. LOAD STORE ATOM MEMBAR operands (64-bit addresses), COH VOL CTA.
 *   4. NV4 LOAD / LDC with their options; CBUFFER byte offsets (LDC).
 *   5. STORAGE, program.storagelen, LDB STB ATOMB.
 *   6. IMAGE, image[n], every image target, image arrays indexed at run
 *      time, formatted / unformatted STOREIM.
 *   7. !!NVcp5.0: GROUP_SIZE, SHARED_MEMORY, SHARED, invocation.*, LDS STS
 *      ATOMS BAR, info.cp_*.
 *   8. The printer's indexed TEXTURE arrays and !!NV*4.1 headers (round
 *      trips that failed before issue 6).
 * Test executable, single thread.
 *
 * covers: OP.LOAD OP.STORE OP.ATOM OP.MEMBAR OP.LDC OP.LDB OP.STB OP.ATOMB OP.LDS OP.STS OP.ATOMS OP.BAR
 * covers: OP.LOADIM OP.STOREIM OP.ATOMIM
 * covers: MOD.ST_F16 MOD.ST_F16X2 MOD.ST_F16X4 MOD.ST_F32X2 MOD.ST_F32X4 MOD.ST_F64X2 MOD.ST_F64X4
 * covers: MOD.ST_S8 MOD.ST_S8X2 MOD.ST_S8X4 MOD.ST_S16 MOD.ST_S16X2 MOD.ST_S16X4 MOD.ST_S32X2 MOD.ST_S32X4
 * covers: MOD.ST_S64X2 MOD.ST_S64X4 MOD.ST_U8 MOD.ST_U8X2 MOD.ST_U8X4 MOD.ST_U16 MOD.ST_U16X2 MOD.ST_U16X4
 * covers: MOD.ST_U32X2 MOD.ST_U32X4 MOD.ST_U64X2 MOD.ST_U64X4 MOD.ST_RULE
 * covers: MOD.AT_ADD MOD.AT_MIN MOD.AT_MAX MOD.AT_IWRAP MOD.AT_DWRAP MOD.AT_AND MOD.AT_OR MOD.AT_XOR
 * covers: MOD.AT_EXCH MOD.AT_CSWAP MOD.COH MOD.VOL MOD.CTA EDGE.ATOM_TYPES
 * covers: DECL.CBUFFER DECL.STORAGE DECL.SHARED DECL.IMAGE DECL.GROUP_SIZE DECL.SHARED_MEMORY
 * covers: BIND.C.LOCALID BIND.C.GLOBALID BIND.C.GROUPID BIND.C.GROUPCOUNT BIND.C.GROUPSIZE BIND.C.LOCALINDEX
 * covers: BIND.P.STORAGELEN BIND.P.STORAGE BIND.P.SHAREDMEM BIND.X.IMAGE HDR.NVCP50
 * covers: OPT.NV_shader_buffer_load OPT.NV_parameter_buffer_object2 OPT.NV_shader_atomic_float
 * covers: OPT.NV_gpu_program5_mem_extended OPT.NV_shader_storage_buffer OPT.IMPLIED_IMAGE
 * covers: TEX.IMG_TARGETS EDGE.LDC_OPERAND BIND.C.THREAD LIM.SSBO.BLOCK
 */
#include "test_exec_common.h"

#define V GP_STAGE_VERTEX
#define F GP_STAGE_FRAGMENT
#define G GP_STAGE_GEOMETRY
#define C GP_STAGE_COMPUTE

/* Two programs have the same instructions: what the executor reads
 * (parameter rows may be renumbered by a print: only their file is
 * compared, and 64-bit literals' hi). */
static bool same_src(const gp_src *a, const gp_src *b)
{
    if (a->file != b->file || memcmp(a->swz, b->swz, 4) || a->negate != b->negate || a->abs != b->abs ||
        a->hi != b->hi)
        return false;
    if (a->file == GP_FILE_PARAM)
        return true;
    return a->index == b->index && a->rel == b->rel && a->rel_reg == b->rel_reg && a->rel_comp == b->rel_comp &&
           a->rel_lo == b->rel_lo && a->rel_hi == b->rel_hi && a->buf == b->buf && a->nbuf == b->nbuf &&
           a->vtx == b->vtx && a->vtx_rel == b->vtx_rel && a->vtx_rel_reg == b->vtx_rel_reg;
}

static void same_ir(const gp_program *p, const gp_program *q, const char *name)
{
    CHECK(p->num_insns == q->num_insns, "%s: %d instructions, reprinted %d", name, p->num_insns, q->num_insns);
    for (int i = 0; i < p->num_insns && i < q->num_insns; i++) {
        const gp_insn *a = &p->insns[i], *b = &q->insns[i];
        bool ok = a->op == b->op && a->type == b->type && a->mem_elem == b->mem_elem &&
                  a->mem_count == b->mem_count && a->mem_atom == b->mem_atom && a->mem_flags == b->mem_flags &&
                  a->cc_update == b->cc_update && a->sat == b->sat && a->dst.file == b->dst.file &&
                  a->dst.index == b->dst.index && a->dst.mask == b->dst.mask && a->dst.hi == b->dst.hi;
        if (gp_opinfo_table[a->op].flags & (GP_OPF_MEMORY | GP_OPF_TEX))
            ok = ok && a->tex_unit == b->tex_unit && a->tex_target == b->tex_target && a->tex_flags == b->tex_flags &&
                 (!(a->tex_flags & GP_TEXF_INDEXED) ||
                  (a->tex_base == b->tex_base && a->tex_count == b->tex_count && a->tex_rel_reg == b->tex_rel_reg &&
                   a->tex_rel_comp == b->tex_rel_comp));
        for (int s = 0; s < 3; s++)
            ok = ok && same_src(&a->src[s], &b->src[s]);
        if (a->tex_flags & GP_TEXF_HANDLE)
            ok = ok && same_src(&a->tex_handle, &b->tex_handle);
        CHECK(ok, "%s: instruction %d (%s) differs after the reprint", name, i, gp_opinfo_table[a->op].name);
    }
    const gp_program_info *x = &p->info, *y = &q->info;
    CHECK(x->has_side_effects == y->has_side_effects && x->uses_global_memory == y->uses_global_memory &&
              x->storage_used == y->storage_used && x->images_used == y->images_used &&
              !memcmp(x->cp_group_size, y->cp_group_size, sizeof(x->cp_group_size)) &&
              x->cp_shared_size == y->cp_shared_size && x->uses_barrier == y->uses_barrier &&
              x->options == y->options,
          "%s: info differs after the reprint", name);
}

/* Compiles, reprints, compares; returns the program (NULL: failed). */
static gp_program *load(const char *name, gp_stage st, const char *src)
{
    gp_program *p = t_compile(src, st);
    if (!p) {
        printf("  (%s)\n", name);
        return NULL;
    }
    gp_program *q = t_reprint(p, st, name);
    if (q)
        same_ir(p, q, name);
    gp_program_free(q);
    return p;
}

/* The first instruction with opcode op. */
static const gp_insn *find_op(const gp_program *p, int op, int nth)
{
    for (int i = 0; i < p->num_insns; i++)
        if (p->insns[i].op == op && nth-- == 0)
            return &p->insns[i];
    return NULL;
}

/* ---- 1. storage modifiers on LOAD ---------------------------------------- */
static void test_storage_modifiers(void)
{
    /* name, element type, count, base type: NV_gpu_program5 2.X.4.1 and
     * NV_gpu_program5_mem_extended ("F16" ... "U16X4") */
    static const struct {
        const char *name;
        int elem, count, type;
    } st[] = {
        { "F16", GP_CVT_F16, 1, GP_TYPE_F32 },   { "F16X2", GP_CVT_F16, 2, GP_TYPE_F32 },
        { "F16X4", GP_CVT_F16, 4, GP_TYPE_F32 }, { "F32", GP_CVT_F32, 1, GP_TYPE_F32 },
        { "F32X2", GP_CVT_F32, 2, GP_TYPE_F32 }, { "F32X4", GP_CVT_F32, 4, GP_TYPE_F32 },
        { "F64", GP_CVT_F64, 1, GP_TYPE_F64 },   { "F64X2", GP_CVT_F64, 2, GP_TYPE_F64 },
        { "F64X4", GP_CVT_F64, 4, GP_TYPE_F64 }, { "S8", GP_CVT_S8, 1, GP_TYPE_S32 },
        { "S8X2", GP_CVT_S8, 2, GP_TYPE_S32 },   { "S8X4", GP_CVT_S8, 4, GP_TYPE_S32 },
        { "S16", GP_CVT_S16, 1, GP_TYPE_S32 },   { "S16X2", GP_CVT_S16, 2, GP_TYPE_S32 },
        { "S16X4", GP_CVT_S16, 4, GP_TYPE_S32 }, { "S32", GP_CVT_S32, 1, GP_TYPE_S32 },
        { "S32X2", GP_CVT_S32, 2, GP_TYPE_S32 }, { "S32X4", GP_CVT_S32, 4, GP_TYPE_S32 },
        { "S64", GP_CVT_S64, 1, GP_TYPE_S64 },   { "S64X2", GP_CVT_S64, 2, GP_TYPE_S64 },
        { "S64X4", GP_CVT_S64, 4, GP_TYPE_S64 }, { "U8", GP_CVT_U8, 1, GP_TYPE_U32 },
        { "U8X2", GP_CVT_U8, 2, GP_TYPE_U32 },   { "U8X4", GP_CVT_U8, 4, GP_TYPE_U32 },
        { "U16", GP_CVT_U16, 1, GP_TYPE_U32 },   { "U16X2", GP_CVT_U16, 2, GP_TYPE_U32 },
        { "U16X4", GP_CVT_U16, 4, GP_TYPE_U32 }, { "U32", GP_CVT_U32, 1, GP_TYPE_U32 },
        { "U32X2", GP_CVT_U32, 2, GP_TYPE_U32 }, { "U32X4", GP_CVT_U32, 4, GP_TYPE_U32 },
        { "U64", GP_CVT_U64, 1, GP_TYPE_U64 },   { "U64X2", GP_CVT_U64, 2, GP_TYPE_U64 },
        { "U64X4", GP_CVT_U64, 4, GP_TYPE_U64 },
    };
    for (size_t i = 0; i < sizeof(st) / sizeof(st[0]); i++) {
        char src[512], name[64];
        /* LOAD (global), LDB (storage), LDS would need compute: STB for the
         * store side */
        snprintf(src, sizeof(src),
                 "!!NVfp5.0\nOPTION NV_gpu_program5_mem_extended;\nOPTION NV_shader_storage_buffer;\n"
                 "STORAGE sb[] = { program.storage[0] };\nLONG TEMP a, r;\n"
                 "LOAD.%s r, a.x;\nSTORE.%s r, a.y;\nLDB.%s r, sb[8];\nSTB.%s r, sb[16];\nEND\n",
                 st[i].name, st[i].name, st[i].name, st[i].name);
        snprintf(name, sizeof(name), "storage %s", st[i].name);
        gp_program *p = load(name, F, src);
        if (!p)
            continue;
        static const int ops[] = { GP_OP_LOAD, GP_OP_STORE, GP_OP_LDB, GP_OP_STB };
        for (int k = 0; k < 4; k++) {
            const gp_insn *in = find_op(p, ops[k], 0);
            CHECK(in && in->mem_elem == st[i].elem && in->mem_count == st[i].count && in->type == st[i].type,
                  "%s: %s elem %d count %d type %d", name, gp_opinfo_table[ops[k]].name, in ? in->mem_elem : -1,
                  in ? in->mem_count : -1, in ? in->type : -1);
        }
        const gp_insn *ld = find_op(p, GP_OP_LOAD, 0);
        /* the address is the LONG variable's 64 bits: hi = 1 (one row) */
        CHECK(ld && ld->src[0].file == GP_FILE_TEMP && ld->src[0].hi == 1 && ld->src[0].swz[0] == GP_SWZ_X,
              "%s: LOAD address operand", name);
        const gp_insn *sb = find_op(p, GP_OP_LDB, 0);
        CHECK(sb && sb->src[0].file == GP_FILE_STORAGE && sb->src[0].buf == 0 && sb->src[0].index == 8,
              "%s: LDB operand file %d buf %d byte %d", name, sb ? sb->src[0].file : -1, sb ? sb->src[0].buf : -1,
              sb ? sb->src[0].index : -1);
        CHECK(p->info.uses_global_memory && p->info.has_side_effects && p->info.storage_used == 1u,
              "%s: info", name);
        gp_program_free(p);
    }
}

/* ---- 2. atomic operations and storage types ------------------------------ */
/* Allowed per NV_gpu_program5 ATOM Table X.Y (ATOMB, ATOMS alike),
 * NV_shader_atomic_float (F32: ADD EXCH), NV_shader_atomic_int64 (S64:
 * all but IWRAP DWRAP; U64 adds MIN MAX AND OR XOR), EXT_shader_image_
 * load_store Table X.4 (ATOMIM: U32 all, S32 all but the wraps, F32 ADD
 * EXCH with the float option; no 64-bit). */
enum { T_U32, T_S32, T_U64, T_S64, T_F32 };
static bool atom_allowed(int op, int atom, int t, bool fl, bool i64)
{
    bool wrap = atom == GP_ATOM_IWRAP || atom == GP_ATOM_DWRAP;
    bool addx = atom == GP_ATOM_ADD || atom == GP_ATOM_EXCH;
    if (t == T_U32)
        return true;
    if (t == T_S32)
        return !wrap;
    if (t == T_F32)
        return addx && fl;
    if (op == GP_OP_ATOMIM)
        return false;
    if (t == T_U64)
        return addx || atom == GP_ATOM_CSWAP || (i64 && !wrap);
    return i64 && !wrap; /* S64 */
}

static void test_atomics(void)
{
    static const char *const atoms[GP_ATOM_COUNT] = { "ADD", "MIN", "MAX", "IWRAP", "DWRAP",
                                                      "AND", "OR",  "XOR", "EXCH",  "CSWAP" };
    static const char *const types[] = { "U32", "S32", "U64", "S64", "F32" };
    static const int elem[] = { GP_CVT_U32, GP_CVT_S32, GP_CVT_U64, GP_CVT_S64, GP_CVT_F32 };
    static const int ops[] = { GP_OP_ATOM, GP_OP_ATOMB, GP_OP_ATOMS, GP_OP_ATOMIM };
    int accepted = 0, refused = 0;
    for (int o = 0; o < 4; o++)
        for (int opt = 0; opt < 4; opt++)
            for (int a = 0; a < GP_ATOM_COUNT; a++)
                for (int t = 0; t < 5; t++) {
                    bool fl = opt & 1, i64 = (opt & 2) != 0;
                    char src[700], ins[160];
                    int op = ops[o];
                    if (op == GP_OP_ATOM)
                        snprintf(ins, sizeof(ins), "ATOM.%s.%s r, v, a.x;", atoms[a], types[t]);
                    else if (op == GP_OP_ATOMB)
                        snprintf(ins, sizeof(ins), "ATOMB.%s.%s r, v, sb[16];", atoms[a], types[t]);
                    else if (op == GP_OP_ATOMS)
                        snprintf(ins, sizeof(ins), "ATOMS.%s.%s r, v, sh[8];", atoms[a], types[t]);
                    else
                        snprintf(ins, sizeof(ins), "ATOMIM.%s.%s r, v, c, image[1], 2D;", atoms[a], types[t]);
                    snprintf(src, sizeof(src),
                             "!!NVcp5.0\n%s%sOPTION NV_shader_storage_buffer;\nGROUP_SIZE 4;\nSHARED_MEMORY 64;\n"
                             "SHARED sh[] = { program.sharedmem };\nSTORAGE sb[] = { program.storage[1] };\n"
                             "LONG TEMP a, r, v;\nTEMP c;\n%s\nEND\n",
                             fl ? "OPTION NV_shader_atomic_float;\n" : "", i64 ? "OPTION NV_shader_atomic_int64;\n" : "",
                             ins);
                    bool want = atom_allowed(op, a, t, fl, i64);
                    gp_error err;
                    gp_program *p = gp_compile(src, strlen(src), C, NULL, &err);
                    CHECK(!!p == want, "%s (float %d, int64 %d): %s", ins, fl, i64, p ? "accepted" : err.msg);
                    if (p) {
                        accepted++;
                        const gp_insn *in = find_op(p, op, 0);
                        CHECK(in && in->mem_atom == a && in->mem_elem == elem[t] && in->mem_count == 1,
                              "%s: mem_atom %d elem %d", ins, in ? in->mem_atom : -1, in ? in->mem_elem : -1);
                        /* operand v: the type of the storage modifier;
                         * ATOM's address is the LONG a (hi 1) */
                        if (op == GP_OP_ATOM)
                            CHECK(in && in->src[1].hi == 1 && in->src[1].file == GP_FILE_TEMP, "%s: address", ins);
                        if (op == GP_OP_ATOMS)
                            CHECK(in && in->src[1].file == GP_FILE_SHARED && in->src[1].index == 8, "%s: shared", ins);
                        if (op == GP_OP_ATOMIM)
                            CHECK(in && in->tex_unit == 1 && in->tex_target == GP_TEX_2D, "%s: image", ins);
                        if (opt == 3 && t == T_U32) {
                            gp_program *q = t_reprint(p, C, ins);
                            if (q)
                                same_ir(p, q, ins);
                            gp_program_free(q);
                        }
                    } else {
                        refused++;
                        /* refused at the storage modifier (the text after
                         * the atomic one's dot) */
                        const char *m = strstr(src, ins);
                        int at = (int)(m - src) + (int)strlen(gp_opinfo_table[op].name) + 1 + (int)strlen(atoms[a]) + 1;
                        CHECK(err.pos == at, "%s: error at %d, want %d (%s)", ins, err.pos, at, err.msg);
                    }
                    gp_program_free(p);
                }
    printf("atomics: %d accepted, %d refused\n", accepted, refused);
    /* the counts the tables give: per option set and opcode, ATOM/B/S
     * accept U32 10 + S32 8 + U64 3 (+5 with int64) + S64 (8 with int64)
     * + F32 (2 with float); ATOMIM U32 10 + S32 8 (+ F32 2) */
    int want = 0;
    for (int opt = 0; opt < 4; opt++) {
        bool fl = opt & 1, i64 = (opt & 2) != 0;
        want += 3 * (10 + 8 + (i64 ? 8 : 3) + (i64 ? 8 : 0) + (fl ? 2 : 0));
        want += 10 + 8 + (fl ? 2 : 0);
    }
    CHECK(accepted == want, "accepted %d atomic forms, the tables allow %d", accepted, want);
}

/* ---- 3. LOAD STORE ATOM MEMBAR, cache modifiers --------------------------- */
static void test_global(void)
{
    gp_program *p = load("global", F,
                         "!!NVfp5.0\nLONG TEMP a;\nTEMP r, s;\n"
                         "LOAD.F32X4.COH r, a.x;\n"                /* 0 */
                         "LOAD.U8.VOL.CC s.y, a.y;\n"              /* 1 */
                         "STORE.S32X2.COH.VOL r, a.x;\n"           /* 2 */
                         "STORE.U32 r, 4294967296;\n"              /* 3: a 64-bit literal address */
                         "ATOM.CSWAP.U32 s, r, a.x;\n"             /* 4 */
                         "MEMBAR;\n"                               /* 5 */
                         "LOAD.F32.SAT r, a.z;\n"                  /* 6 */
                         "MOV result.color, r;\nEND\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(in[0].op == GP_OP_LOAD && in[0].mem_flags == GP_MEMF_COH && in[0].dst.mask == 0xf, "LOAD.COH");
        CHECK(in[1].mem_flags == GP_MEMF_VOL && in[1].cc_update == 1 && in[1].dst.mask == 2 &&
                  in[1].src[0].swz[0] == GP_SWZ_Y && in[1].type == GP_TYPE_U32,
              "LOAD.U8.VOL.CC");
        CHECK(in[2].op == GP_OP_STORE && in[2].mem_flags == (GP_MEMF_COH | GP_MEMF_VOL) &&
                  in[2].dst.file == GP_FILE_NONE && in[2].src[0].file == GP_FILE_TEMP && in[2].src[1].hi == 1,
              "STORE operands");
        /* 2^32 does not fit 32 bits: an exact pair of U rows (gp_ir.h
         * Constants), low word 0, high word 1 */
        const gp_src *l = &in[3].src[1];
        CHECK(l->file == GP_FILE_PARAM && l->hi == 1 && p->params[l->index].value[0].u == 0 &&
                  p->params[l->index + 1].value[0].u == 1,
              "64-bit literal address");
        CHECK(in[4].mem_atom == GP_ATOM_CSWAP && in[4].dst.file == GP_FILE_TEMP, "ATOM.CSWAP");
        CHECK(in[5].op == GP_OP_MEMBAR && in[5].dst.file == GP_FILE_NONE && in[5].src[0].file == GP_FILE_NONE,
              "MEMBAR");
        CHECK(in[6].sat == GP_SAT_01, "LOAD.F32.SAT");
        CHECK(p->info.has_side_effects && p->info.uses_global_memory && !p->info.uses_barrier, "info");
        gp_program_free(p);
    }
    /* a program that only loads has no side effects */
    p = load("load only", V, "!!NVvp5.0\nLONG TEMP a;\nTEMP r;\nLOAD.F32X4 r, a.x;\nMOV result.position, r;\nEND\n");
    if (p) {
        CHECK(!p->info.has_side_effects && p->info.uses_global_memory, "LOAD: no side effects");
        gp_program_free(p);
    }
    /* geometry programs too; MEMBAR.CTA in compute */
    p = load("geometry store", G,
             "!!NVgp5.0\nPRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\nLONG TEMP a;\n"
             "STORE.F64X4 a, a.x;\nEMIT;\nEND\n");
    if (p) {
        const gp_insn *in = find_op(p, GP_OP_STORE, 0);
        CHECK(in && in->type == GP_TYPE_F64 && in->src[0].hi == 1, "STORE.F64X4 of a LONG variable");
        gp_program_free(p);
    }
    p = load("membar cta", C, "!!NVcp5.0\nGROUP_SIZE 1;\nMEMBAR.CTA;\nMEMBAR;\nEND\n");
    if (p) {
        CHECK(p->insns[0].mem_flags == GP_MEMF_CTA && p->insns[1].mem_flags == 0, "MEMBAR.CTA");
        gp_program_free(p);
    }
}

/* ---- 4. NV4 options, CBUFFER / LDC -------------------------------------- */
static void test_ldc(void)
{
    gp_program *p = load("nv4 load ldc", V,
                         "!!NVvp4.0\nOPTION NV_shader_buffer_load;\nOPTION NV_parameter_buffer_object2;\n"
                         "CBUFFER cb[] = { program.buffer[2][16..79] };\nBUFFER bb[] = { program.buffer[2] };\n"
                         "UINT TEMP i;\nTEMP r;\n"
                         "LOAD.U32X4 r, i.x;\n"           /* 0: a 32-bit address */
                         "LDC.F32X4 r, cb[4];\n"          /* 1: byte 16 + 4 */
                         "LDC.S8 r, -cb[i.y + 3].wzyx;\n" /* 2 */
                         "ADD r, r, bb[1];\n"
                         "MOV result.position, r;\nEND\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(in[0].op == GP_OP_LOAD && in[0].src[0].hi == 0 && in[0].mem_count == 4, "NV4 LOAD");
        CHECK(in[1].op == GP_OP_LDC && in[1].src[0].file == GP_FILE_BUFFER && in[1].src[0].buf == 2 &&
                  in[1].src[0].index == 20 && !in[1].src[0].rel,
              "LDC constant byte offset: buf %d index %d", in[1].src[0].buf, in[1].src[0].index);
        const gp_src *s = &in[2].src[0];
        CHECK(s->rel && s->rel_file == GP_FILE_TEMP && s->rel_comp == 1 && s->index == 19 && s->rel_lo == 16 &&
                  s->rel_hi == 79 && s->negate == 0xf && s->swz[0] == GP_SWZ_W && s->swz[3] == GP_SWZ_X,
              "LDC relative byte offset: index %d lo %d hi %d", s->index, s->rel_lo, s->rel_hi);
        CHECK(in[2].type == GP_TYPE_S32 && in[2].mem_elem == GP_CVT_S8, "LDC.S8 type");
        /* the BUFFER shares binding 2 with the CBUFFER (2.X.3.6) */
        CHECK(p->info.param_buffers_used == 1u << 2, "param_buffers_used %x", p->info.param_buffers_used);
        CHECK(p->info.uses_global_memory && !p->info.has_side_effects, "info");
        gp_program_free(p);
    }
    /* NV5: implied; 64-bit storage and program.buffer[a..b] CBUFFERs */
    p = load("nv5 ldc", F,
             "!!NVfp5.0\nCBUFFER cr[][] = { program.buffer[1..3][0..255] };\nINT TEMP i;\nLONG TEMP r;\n"
             "LDC.F64X2 r, cr[i.x][i.y + 8];\nLDC.U16 r.x, cr[2][6];\nMOV result.color, r;\nEND\n");
    if (p) {
        const gp_src *s = &p->insns[0].src[0];
        CHECK(s->nbuf == 3 && s->buf == 1 && s->vtx_rel && s->rel && s->index == 8 && s->rel_hi == 255,
              "LDC of a program.buffer[1..3] CBUFFER");
        CHECK(p->insns[0].type == GP_TYPE_F64 && p->insns[0].dst.hi == 1, "LDC.F64X2 into a LONG variable");
        CHECK(p->insns[1].src[0].vtx == 2 && p->insns[1].src[0].index == 6, "constant binding index");
        CHECK(p->info.param_buffers_used == 0xeu, "param_buffers_used %x", p->info.param_buffers_used);
        gp_program_free(p);
    }
}

/* ---- 5. storage buffers --------------------------------------------------- */
static void test_storage(void)
{
    gp_program *p = load("storage", V,
                         "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\n"
                         "STORAGE a[] = { program.storage[3] };\n"
                         "STORAGE b = program.storage[5][40];\n"
                         "STORAGE c[] = { program.storage[6..8][16..31] };\n"
                         "PARAM len[] = { program.storagelen[3..4] };\n"
                         "INT TEMP i;\nTEMP r;\n"
                         "LDB.U32 r, a[i.x + 4];\n"
                         "STB.F32X2 r, b;\n"
                         "ATOMB.OR.U32 r.x, r, c[i.y][8];\n"
                         "ADD.U r, program.storagelen[15], len[1];\n"
                         "MOV result.position, r;\nEND\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK(in[0].src[0].file == GP_FILE_STORAGE && in[0].src[0].buf == 3 && in[0].src[0].rel &&
                  in[0].src[0].index == 4 && in[0].src[0].rel_lo == 0 && in[0].src[0].rel_hi == (1 << 24) - 1,
              "LDB a[i.x + 4]");
        CHECK(in[1].src[1].file == GP_FILE_STORAGE && in[1].src[1].buf == 5 && in[1].src[1].index == 40 &&
                  !in[1].src[1].rel,
              "STB b");
        CHECK(in[2].src[1].nbuf == 3 && in[2].src[1].buf == 6 && in[2].src[1].vtx_rel && in[2].src[1].index == 24,
              "ATOMB c[i.y][8]");
        /* program.storagelen rows: GP_PARAM_STORAGELEN with the binding */
        int n = 0;
        for (int r = 0; r < p->info.num_params; r++)
            if (p->params[r].kind == GP_PARAM_STORAGELEN)
                n |= 1 << p->params[r].index;
        CHECK(n == ((1 << 3) | (1 << 4) | (1 << 15)), "storagelen rows %x", n);
        CHECK(p->info.storage_used == ((1u << 3) | (1u << 5) | (7u << 6)), "storage_used %x", p->info.storage_used);
        CHECK(p->info.has_side_effects && !p->info.uses_global_memory, "info");
        gp_program_free(p);
    }
}

/* ---- 6. images ----------------------------------------------------------- */
static void test_images(void)
{
    static const struct {
        const char *name;
        int target;
    } tg[] = { { "1D", GP_TEX_1D },           { "2D", GP_TEX_2D },
               { "3D", GP_TEX_3D },           { "RECT", GP_TEX_RECT },
               { "CUBE", GP_TEX_CUBE },       { "BUFFER", GP_TEX_BUFFER },
               { "ARRAY1D", GP_TEX_ARRAY1D }, { "ARRAY2D", GP_TEX_ARRAY2D },
               { "ARRAYCUBE", GP_TEX_CUBEARRAY }, { "2DMS", GP_TEX_2DMS },
               { "ARRAY2DMS", GP_TEX_ARRAY2DMS } };
    for (size_t i = 0; i < sizeof(tg) / sizeof(tg[0]); i++) {
        char src[400], name[40];
        snprintf(src, sizeof(src),
                 "!!NVfp5.0\nINT TEMP c;\nTEMP r;\nLOADIM.F32X4 r, c, image[7], %s;\n"
                 "STOREIM.U32 image[0], r, c, %s;\nATOMIM.ADD.U32 r, r, c, image[3], %s;\n"
                 "MOV result.color, r;\nEND\n",
                 tg[i].name, tg[i].name, tg[i].name);
        snprintf(name, sizeof(name), "image target %s", tg[i].name);
        gp_program *p = load(name, F, src);
        if (!p)
            continue;
        for (int k = 0; k < 3; k++) {
            const gp_insn *in = &p->insns[k];
            CHECK(in->tex_target == tg[i].target, "%s: insn %d target %d", name, k, in->tex_target);
        }
        CHECK(p->insns[0].tex_unit == 7 && p->insns[1].tex_unit == 0 && p->insns[2].tex_unit == 3, "%s: units", name);
        CHECK(p->info.images_used == 0x89u && p->info.has_side_effects && p->info.tex_units_used == 0 &&
                  p->info.num_tex_instructions == 0,
              "%s: info images %x", name, p->info.images_used);
        gp_program_free(p);
    }
    gp_program *p = load("image arrays", F,
                         "!!NVfp5.0\nIMAGE one = image[2];\nIMAGE arr[] = { image[4..6], image[7] };\n"
                         "INT TEMP c;\nTEMP r;\n"
                         "LOADIM.S16 r, c, arr[c.w + 1], 2D;\n" /* 0: indexed */
                         "LOADIM.U8 r, c, arr[3], 2D;\n"        /* 1: constant member */
                         "STOREIM one, r, c, 2D;\n"             /* 2: formatted, no type */
                         "STOREIM.S one, r, c, 2D;\n"           /* 3 */
                         "STOREIM.U one, r, c, 2D;\n"           /* 4 */
                         "STOREIM.F one, r, c, 2D;\n"           /* 5 */
                         "STOREIM.S32X2.COH one, r, c, 2D;\n"   /* 6: unformatted */
                         "MOV result.color, r;\nEND\n");
    if (p) {
        const gp_insn *in = p->insns;
        CHECK((in[0].tex_flags & GP_TEXF_INDEXED) && in[0].tex_base == 4 && in[0].tex_count == 4 &&
                  in[0].tex_unit == 5 && in[0].tex_rel_comp == 3,
              "indexed image array: base %d count %d unit %d", in[0].tex_base, in[0].tex_count, in[0].tex_unit);
        CHECK(!(in[1].tex_flags & GP_TEXF_INDEXED) && in[1].tex_unit == 7, "constant member: unit %d", in[1].tex_unit);
        CHECK(in[2].mem_count == 0 && in[2].type == GP_TYPE_F32 && in[2].tex_unit == 2, "formatted STOREIM");
        CHECK(in[3].mem_count == 0 && in[3].type == GP_TYPE_S32, "STOREIM.S");
        CHECK(in[4].mem_count == 0 && in[4].type == GP_TYPE_U32, "STOREIM.U");
        CHECK(in[5].mem_count == 0 && in[5].type == GP_TYPE_F32, "STOREIM.F");
        CHECK(in[6].mem_count == 2 && in[6].mem_elem == GP_CVT_S32 && in[6].mem_flags == GP_MEMF_COH,
              "STOREIM.S32X2");
        CHECK(in[2].src[0].file == GP_FILE_TEMP && in[2].src[1].file == GP_FILE_TEMP && in[2].dst.file == GP_FILE_NONE,
              "STOREIM operands");
        /* IMAGE variables bind their units (2, 4..7) */
        CHECK(p->info.images_used == 0xf4u, "images_used %x", p->info.images_used);
        gp_program_free(p);
    }
    /* NV_bindless_texture image handles: a LONG variable's 64 bits (the
     * reprint keeps it LONG), no unit */
    p = load("image handles", F,
             "!!NVfp5.0\nOPTION NV_bindless_texture;\nLONG TEMP h;\nINT TEMP c;\nTEMP r;\n"
             "LOADIM.U32 r, c, handle(h.x), 2D;\nATOMIM.ADD.S32 r, r, c, handle(h.y), 3D;\nMOV result.color, r;\nEND\n");
    if (p) {
        CHECK((p->insns[0].tex_flags & GP_TEXF_HANDLE) && p->insns[0].tex_handle.hi == 1 &&
                  p->insns[0].tex_handle.file == GP_FILE_TEMP && p->insns[1].tex_handle.swz[0] == GP_SWZ_Y,
              "image handle operands");
        CHECK(p->info.images_used == 0 && p->info.has_side_effects, "image handles: no units");
        gp_program_free(p);
    }
    /* mem_extended image modifiers (F16, 8/16-bit vectors) */
    p = load("image mx", F,
             "!!NVfp5.0\nOPTION NV_gpu_program5_mem_extended;\nINT TEMP c;\nTEMP r;\n"
             "LOADIM.F16X2 r, c, image[1], 2D;\nSTOREIM.U8X4 image[1], r, c, 2D;\nMOV result.color, r;\nEND\n");
    if (p) {
        CHECK(p->insns[0].mem_elem == GP_CVT_F16 && p->insns[0].mem_count == 2 && p->insns[0].type == GP_TYPE_F32,
              "LOADIM.F16X2");
        gp_program_free(p);
    }
}

/* ---- 7. compute programs -------------------------------------------------- */
static void test_compute(void)
{
    gp_program *p = load("compute", C,
                         "!!NVcp5.0\nGROUP_SIZE 8 4 2;\nSHARED_MEMORY 1024;\n"
                         "SHARED sh[] = { program.sharedmem };\n"
                         "SHARED part[] = { program.sharedmem[256..511] };\n"
                         "SHARED one = program.sharedmem[12];\n"
                         "ATTRIB gid = invocation.globalid;\n"
                         "TEMP r, s;\nINT TEMP i;\n"
                         "MOV.U r, invocation.localid;\n"     /* 0 */
                         "MOV.U r, gid;\n"                    /* 1 */
                         "MOV.U r, invocation.groupid;\n"     /* 2 */
                         "MOV.U r, invocation.groupcount;\n"  /* 3 */
                         "MOV.U r, invocation.groupsize;\n"   /* 4 */
                         "MOV.S i, invocation.localindex;\n"  /* 5 */
                         "STS.U32 r, sh[i.x];\n"              /* 6 */
                         "BAR;\n"                             /* 7 */
                         "LDS.F32X4 s, part[i.x + 16];\n"     /* 8 */
                         "ATOMS.IWRAP.U32 s.x, r, one;\n"     /* 9 */
                         "END\n");
    if (p) {
        const gp_insn *in = p->insns;
        static const int rows[] = { GP_CIN_LOCALID, GP_CIN_GLOBALID, GP_CIN_GROUPID, GP_CIN_GROUPCOUNT,
                                    GP_CIN_GROUPSIZE, GP_CIN_LOCALINDEX };
        for (int k = 0; k < 6; k++)
            CHECK(in[k].src[0].file == GP_FILE_INPUT && in[k].src[0].index == rows[k], "invocation row %d: %d", k,
                  in[k].src[0].index);
        CHECK(p->info.inputs_read == 0x3fu, "inputs_read %llx", (unsigned long long)p->info.inputs_read);
        CHECK(in[6].src[1].file == GP_FILE_SHARED && in[6].src[1].rel && in[6].src[1].rel_lo == 0 &&
                  in[6].src[1].rel_hi == 1023,
              "STS sh[i.x]");
        CHECK(in[7].op == GP_OP_BAR, "BAR");
        CHECK(in[8].src[0].index == 272 && in[8].src[0].rel_lo == 256 && in[8].src[0].rel_hi == 511,
              "LDS part[i.x + 16]: index %d", in[8].src[0].index);
        CHECK(in[9].src[1].index == 12 && !in[9].src[1].rel && in[9].mem_atom == GP_ATOM_IWRAP, "ATOMS one");
        const gp_program_info *info = &p->info;
        CHECK(info->cp_group_size[0] == 8 && info->cp_group_size[1] == 4 && info->cp_group_size[2] == 2 &&
                  info->cp_shared_size == 1024 && info->uses_barrier && !info->has_side_effects &&
                  !info->uses_global_memory && info->stage == GP_STAGE_COMPUTE && info->lang == GP_LANG_NVCP50,
              "compute info");
        gp_program_free(p);
    }
    /* one dimension: the others are 1; no SHARED_MEMORY: 0; the limits
     * themselves (1024 x 1 x 1, 1 x 1 x 64, 49152 bytes) load */
    p = load("compute 1-D", C, "!!NVcp5.0\nGROUP_SIZE 1024;\nSHARED_MEMORY 49152;\nEND\n");
    if (p) {
        CHECK(p->info.cp_group_size[0] == 1024 && p->info.cp_group_size[1] == 1 && p->info.cp_group_size[2] == 1 &&
                  p->info.cp_shared_size == 49152 && !p->info.uses_barrier,
              "GROUP_SIZE 1024");
        gp_program_free(p);
    }
    p = load("compute z", C, "!!NVcp5.0\nGROUP_SIZE 1 16 64;\nEND\n");
    if (p) {
        CHECK(p->info.cp_group_size[1] == 16 && p->info.cp_group_size[2] == 64 && p->info.cp_shared_size == 0,
              "GROUP_SIZE 1 16 64");
        gp_program_free(p);
    }
    /* NV_shader_thread_group in compute programs (BIND.C.THREAD): the
     * thread rows of gp_ir.h, x = threadid, threadltmask = row + 1, y */
    p = load("compute threads", C,
             "!!NVcp5.0\nOPTION NV_shader_thread_group;\nGROUP_SIZE 32;\nTEMP r;\n"
             "MOV.U r, invocation.threadid;\nMOV.U r, invocation.threadltmask;\nEND\n");
    if (p) {
        CHECK(p->insns[0].src[0].file == GP_FILE_INPUT && p->insns[0].src[0].index == GP_IN_THREAD &&
                  p->insns[0].src[0].swz[0] == GP_SWZ_X,
              "invocation.threadid");
        CHECK(p->insns[1].src[0].index == GP_IN_THREAD + 1 && p->insns[1].src[0].swz[0] == GP_SWZ_Y,
              "invocation.threadltmask");
        gp_program_free(p);
    }
    /* storage, global memory and images from compute programs */
    p = load("compute memory", C,
             "!!NVcp5.0\nOPTION NV_shader_storage_buffer;\nGROUP_SIZE 64;\n"
             "STORAGE out[] = { program.storage[0] };\nLONG TEMP a;\nTEMP r;\n"
             "MOV.U r, invocation.globalid;\nSHL.U r.y, r.x, 2;\nSTB.U32 r.x, out[r.y];\n"
             "ATOM.ADD.U64 r, a, a.x;\nSTOREIM.U image[0], r, r, 2D;\nEND\n");
    if (p) {
        CHECK(p->info.has_side_effects && p->info.uses_global_memory && p->info.storage_used == 1u &&
                  p->info.images_used == 1u,
              "compute memory info");
        gp_program_free(p);
    }
}

/* ---- 8. the printer's other NV5 texture forms ----------------------------
 * An indexed TEXTURE array prints as a TEXTURE variable over its units (as
 * an IMAGE array does), and a 4.0-language program with TXG / LOD /
 * ARRAYCUBE prints its !!NV*4.1 header: both compile back to the same IR. */
static void test_print_texture_forms(void)
{
    gp_program *p = load("texture array", F,
                         "!!NVfp5.0\nTEXTURE t[] = { texture[2..5] };\nINT TEMP i;\nTEMP r;\n"
                         "TEX r, r, t[i.y + 1], 2D;\nTXL r, r, t[0], 2D;\nMOV result.color, r;\nEND\n");
    if (p) {
        CHECK((p->insns[0].tex_flags & GP_TEXF_INDEXED) && p->insns[0].tex_unit == 3 && p->insns[0].tex_base == 2 &&
                  p->insns[0].tex_count == 4,
              "indexed TEXTURE array");
        gp_program_free(p);
    }
    p = load("nv4.1 header", F,
             "!!NVfp4.1\nTEMP r;\nLOD r, fragment.texcoord[0], texture[0], 2D;\n"
             "TEX r, r, texture[1], ARRAYCUBE;\nMOV result.color, r;\nEND\n");
    if (p) {
        char *txt = t_print_alloc(p);
        CHECK(strncmp(txt, "!!NVfp4.1\n", 10) == 0, "4.1 header printed: %.10s", txt);
        free(txt);
        gp_program_free(p);
    }
}

int main(void)
{
    test_print_texture_forms();
    test_storage_modifiers();
    test_atomics();
    test_global();
    test_ldc();
    test_storage();
    test_images();
    test_compute();
    return t_report("mem_parse");
}
