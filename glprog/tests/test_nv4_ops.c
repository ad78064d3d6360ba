/*
 * test_nv4_ops.c - glprog.nv4_ops: every NV_gpu_program4 opcode with every
 * data type and modifier family, in every program type, against a copy of
 * Table X.13 of NV_gpu_program4 made here by hand from the spec (with
 * NV_fragment_program4's DDX DDY KIL, NV_geometry_program4's EMIT ENDPRIM
 * and NV_explicit_multisample's TXFMS), independently of gp_opcodes.def.
 * For each opcode a small program is compiled with the bare opcode, each of
 * .F .S .U, the condition code modifiers (.CC .CC0 .CC1 and the C C0 C1
 * suffixes), the clamps (.SAT .SSAT, _SAT _SSAT), the R and H suffixes,
 * .NTC, the combined suffix form (ADDRC1_SSAT) and MUL's .S24 .U24 .HI:
 * what the table allows must load with the expected gp_insn (opcode, type,
 * sat, cc_update, precision, opmod), what it does not allow must fail.
 * Test executable, single thread.
 *
 * covers: HDR.NVVP40 HDR.NVFP40 HDR.NVGP40 MOD.F MOD.S MOD.U MOD.CC0 MOD.CC1 MOD.SAT MOD.SSAT
 * covers: MOD.PREC_R MOD.PREC_H MOD.NTC MOD.S24 MOD.U24 MOD.HI MOD.SUFFIX_ORDER MOD.UNIQUE
 * covers: OP.ABS OP.ADD OP.AND OP.BRK OP.CAL OP.CEIL OP.CMP OP.CONT OP.COS OP.DIV OP.DP2 OP.DP2A
 * covers: OP.DP3 OP.DP4 OP.DPH OP.DST OP.ELSE OP.ENDIF OP.ENDREP OP.EX2 OP.FLR OP.FRC OP.I2F OP.IF
 * covers: OP.KIL OP.LG2 OP.LIT OP.LRP OP.MAD OP.MAX OP.MIN OP.MOD OP.MOV OP.MUL OP.NOT OP.NRM OP.OR
 * covers: OP.PK2H OP.PK2US OP.PK4B OP.PK4UB OP.POW OP.RCC OP.RCP OP.REP OP.RET OP.RFL OP.ROUND
 * covers: OP.RSQ OP.SAD OP.SCS OP.SEQ OP.SFL OP.SGE OP.SGT OP.SHL OP.SHR OP.SIN OP.SLE OP.SLT OP.SNE
 * covers: OP.SSG OP.STR OP.SUB OP.SWZ OP.TEX OP.TRUNC OP.TXB OP.TXD OP.TXF OP.TXL OP.TXP OP.TXQ
 * covers: OP.UP2H OP.UP2US OP.UP4B OP.UP4UB OP.X2D OP.XOR OP.XPD OP.DDX OP.DDY OP.EMIT OP.ENDPRIM
 * covers: OP.TXFMS
 */
#include "gp_test_util.h"
#include "gp_priv.h"

/* Table X.13: name, modifier columns F I C S H D, result ("Out"), and the
 * program text the opcode is tried in ("%s" = the opcode word; r is a
 * typeless temporary).  'F' / 'G' in the stage column: fragment / geometry
 * programs only; '-' any. */
static const struct row {
    const char *name;
    const char *cols; /* "FICSHD" as X or -, D as F S or - */
    const char *out;  /* v s vf vs vu - */
    char stage;
    const char *text;
} table[] = {
    { "ABS", "XXXXXF", "v", '-', "%s r, r;" },
    { "ADD", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "AND", "-XX--S", "v", '-', "%s r, r, r;" },
    { "BRK", "------", "-", '-', "REP;\n%s;\nENDREP;" },
    { "CAL", "------", "-", '-', "%s l;\nl:\nRET;" },
    { "CEIL", "XXXXXF", "v", '-', "%s r, r;" },
    { "CMP", "XXXXXF", "v", '-', "%s r, r, r, r;" },
    { "CONT", "------", "-", '-', "REP;\n%s;\nBRK;\nENDREP;" },
    { "COS", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "DIV", "XXXXXF", "v", '-', "%s r, r, r.x;" },
    { "DP2", "X-XXXF", "s", '-', "%s r, r, r;" },
    { "DP2A", "X-XXXF", "s", '-', "%s r, r, r, r;" },
    { "DP3", "X-XXXF", "s", '-', "%s r, r, r;" },
    { "DP4", "X-XXXF", "s", '-', "%s r, r, r;" },
    { "DPH", "X-XXXF", "s", '-', "%s r, r, r;" },
    { "DST", "X-XXXF", "v", '-', "%s r, r, r;" },
    { "ELSE", "------", "-", '-', "IF GT.x;\n%s;\nENDIF;" },
    { "ENDIF", "------", "-", '-', "IF GT.x;\n%s;" },
    { "ENDREP", "------", "-", '-', "REP 2;\n%s;" },
    { "EX2", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "FLR", "XXXXXF", "v", '-', "%s r, r;" },
    { "FRC", "X-XXXF", "v", '-', "%s r, r;" },
    { "I2F", "-XX--S", "vf", '-', "%s r, r;" },
    { "IF", "------", "-", '-', "%s GT.x;\nENDIF;" },
    { "KIL", "XX--XF", "-", 'F', "%s r;" },
    { "LG2", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "LIT", "X-XXXF", "v", '-', "%s r, r;" },
    { "LRP", "X-XXXF", "v", '-', "%s r, r, r, r;" },
    { "MAD", "XXXXXF", "v", '-', "%s r, r, r, r;" },
    { "MAX", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "MIN", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "MOD", "-XX--S", "v", '-', "%s r, r, r.x;" },
    { "MOV", "XXXXXF", "v", '-', "%s r, r;" },
    { "MUL", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "NOT", "-XX--S", "v", '-', "%s r, r;" },
    { "NRM", "X-XXXF", "v", '-', "%s r, r;" },
    { "OR", "-XX--S", "v", '-', "%s r, r, r;" },
    { "PK2H", "XX---F", "s", '-', "%s r, r;" },
    { "PK2US", "XX---F", "s", '-', "%s r, r;" },
    { "PK4B", "XX---F", "s", '-', "%s r, r;" },
    { "PK4UB", "XX---F", "s", '-', "%s r, r;" },
    { "POW", "X-XXXF", "s", '-', "%s r, r.x, r.y;" },
    { "RCC", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "RCP", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "REP", "XX--XF", "-", '-', "%s r.x;\nBRK;\nENDREP;" },
    { "RET", "------", "-", '-', "%s;" },
    { "RFL", "X-XXXF", "v", '-', "%s r, r, r;" },
    { "ROUND", "XXXXXF", "v", '-', "%s r, r;" },
    { "RSQ", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "SAD", "-XX--S", "vu", '-', "%s r, r, r, r;" },
    { "SCS", "X-XXXF", "v", '-', "%s r, r.x;" },
    { "SEQ", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SFL", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SGE", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SGT", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SHL", "-XX--S", "v", '-', "%s r, r, r.x;" },
    { "SHR", "-XX--S", "v", '-', "%s r, r, r.x;" },
    { "SIN", "X-XXXF", "s", '-', "%s r, r.x;" },
    { "SLE", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SLT", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SNE", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SSG", "X-XXXF", "v", '-', "%s r, r;" },
    { "STR", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SUB", "XXXXXF", "v", '-', "%s r, r, r;" },
    { "SWZ", "X-XXXF", "v", '-', "%s r, r, x, -y, 0, 1;" },
    { "TEX", "XXXX-F", "v", '-', "%s r, r, texture[0], 2D;" },
    { "TRUNC", "XXXXXF", "v", '-', "%s r, r;" },
    { "TXB", "XXXX-F", "v", '-', "%s r, r, texture[0], 2D;" },
    { "TXD", "XXXX-F", "v", '-', "%s r, r, r, r, texture[0], 2D;" },
    { "TXF", "XXXX-F", "v", '-', "%s r, r, texture[0], 2D;" },
    { "TXL", "XXXX-F", "v", '-', "%s r, r, texture[0], 2D;" },
    { "TXP", "XXXX-F", "v", '-', "%s r, r, texture[0], 2D;" },
    { "TXQ", "-----S", "vs", '-', "%s r, r.x, texture[0], 2D;" },
    { "UP2H", "XXXX-F", "vf", '-', "%s r, r.x;" },
    { "UP2US", "XXXX-F", "vf", '-', "%s r, r.x;" },
    { "UP4B", "XXXX-F", "vf", '-', "%s r, r.x;" },
    { "UP4UB", "XXXX-F", "vf", '-', "%s r, r.x;" },
    { "X2D", "X-XXXF", "v", '-', "%s r, r, r, r;" },
    { "XOR", "-XX--S", "v", '-', "%s r, r, r;" },
    { "XPD", "X-XXXF", "v", '-', "%s r, r, r;" },
    /* NV_fragment_program4 (KIL above) */
    { "DDX", "X-XXXF", "v", 'F', "%s r, r;" },
    { "DDY", "X-XXXF", "v", 'F', "%s r, r;" },
    /* NV_geometry_program4 */
    { "EMIT", "------", "-", 'G', "%s;" },
    { "ENDPRIM", "------", "-", 'G', "%s;" },
    /* NV_explicit_multisample / NV_texture_multisample ("as TXF") */
    { "TXFMS", "XXXX-F", "v", '-', "%s r, r, texture[0], 2DMS;" },
};

static const gp_stage stages[3] = { GP_STAGE_VERTEX, GP_STAGE_FRAGMENT, GP_STAGE_GEOMETRY };
static int compiled, rejected;

/* Compiles row's text with opword in stage; returns the program (NULL if
 * rejected, err filled). */
static gp_program *try_op(const struct row *r, const char *opword, gp_stage st, gp_error *err)
{
    static const char *const headers[] = { "!!NVvp4.0\n", "!!NVfp4.0\n", "!!NVgp4.0\n" };
    char body[256], src[768];
    snprintf(body, sizeof(body), r->text, opword);
    int h = st == GP_STAGE_VERTEX ? 0 : st == GP_STAGE_FRAGMENT ? 1 : 2;
    snprintf(src, sizeof(src), "%s%s%sTEMP r;\n%s\nEND\n", headers[h],
             !strcmp(r->name, "TXFMS") ? "OPTION NV_texture_multisample;\n" : "",
             h == 2 ? "PRIMITIVE_IN POINTS;\nPRIMITIVE_OUT POINTS;\nVERTICES_OUT 1;\n" : "", body);
    gp_program *p = gp_compile(src, strlen(src), st, NULL, err);
    if (p)
        compiled++;
    else
        rejected++;
    return p;
}

static const gp_insn *find_op(const gp_program *p, const char *name)
{
    for (int i = 0; i < p->num_insns; i++)
        if (!strcmp(gp_opinfo_table[p->insns[i].op].name, name))
            return &p->insns[i];
    return NULL;
}

typedef struct expect {
    int type;       /* gp_type */
    int sat, cc, prec, opmod;
} expect;

/* opword must load (want) or fail, and when it loads the instruction must
 * be as expected. */
static void check(const struct row *r, gp_stage st, const char *opword, bool want, const expect *e)
{
    gp_error err;
    gp_program *p = try_op(r, opword, st, &err);
    CHECK(!!p == want, "%s in stage %d: %s (want %s)", opword, (int)st, p ? "accepted" : err.msg,
          want ? "accepted" : "rejected");
    if (!p)
        return;
    const gp_insn *in = find_op(p, r->name);
    CHECK(in, "%s: no %s instruction", opword, r->name);
    if (in && e) {
        CHECK(in->type == e->type && in->sat == e->sat && in->cc_update == e->cc && in->precision == e->prec &&
                  in->opmod == e->opmod,
              "%s: type %d sat %d cc %d prec %d opmod %d, want %d %d %d %d %d", opword, in->type, in->sat,
              in->cc_update, in->precision, in->opmod, e->type, e->sat, e->cc, e->prec, e->opmod);
    }
    gp_program_free(p);
}

static void test_row(const struct row *r)
{
    bool F = r->cols[0] == 'X', I = r->cols[1] == 'X', C = r->cols[2] == 'X', S = r->cols[3] == 'X',
         H = r->cols[4] == 'X';
    int dflt = r->cols[5] == 'S' ? GP_TYPE_S32 : GP_TYPE_F32;
    bool float_out_only = !strcmp(r->out, "vf"); /* result float whatever the type */
    bool typed_out = !strcmp(r->out, "v") || !strcmp(r->out, "s");
    char w[64];
    for (int si = 0; si < 3; si++) {
        gp_stage st = stages[si];
        bool legal = r->stage == '-' || (r->stage == 'F' && st == GP_STAGE_FRAGMENT) ||
                     (r->stage == 'G' && st == GP_STAGE_GEOMETRY);
        expect e = { dflt, 0, 0, 0, 0 };
        check(r, st, r->name, legal, &e); /* the default data type, column D */
        if (!legal)
            continue;
        /* data types */
        static const char tl[3] = { 'F', 'S', 'U' };
        static const int tt[3] = { GP_TYPE_F32, GP_TYPE_S32, GP_TYPE_U32 };
        for (int t = 0; t < 3; t++) {
            snprintf(w, sizeof(w), "%s.%c", r->name, tl[t]);
            e = (expect){ tt[t], 0, 0, 0, 0 };
            check(r, st, w, t == 0 ? F : I, &e);
        }
        /* condition code updates: dotted and suffix forms */
        static const char *const ccw[] = { ".CC", ".CC0", ".CC1" };
        static const char *const ccs[] = { "C", "C0", "C1" };
        for (int k = 0; k < 3; k++) {
            e = (expect){ dflt, 0, k == 2 ? 2 : 1, 0, 0 };
            snprintf(w, sizeof(w), "%s%s", r->name, ccw[k]);
            check(r, st, w, C, &e);
            snprintf(w, sizeof(w), "%s%s", r->name, ccs[k]);
            check(r, st, w, C, &e);
        }
        /* clamps: only where the result is a float (2.X.4.1) */
        bool float_default = float_out_only || (typed_out && dflt == GP_TYPE_F32);
        static const char *const satw[] = { ".SAT", ".SSAT" };
        static const char *const sats[] = { "_SAT", "_SSAT" };
        for (int k = 0; k < 2; k++) {
            e = (expect){ dflt, k + 1, 0, 0, 0 };
            snprintf(w, sizeof(w), "%s%s", r->name, satw[k]);
            check(r, st, w, S && float_default, &e);
            snprintf(w, sizeof(w), "%s%s", r->name, sats[k]);
            check(r, st, w, S && float_default, &e);
            if (I) {
                e = (expect){ GP_TYPE_S32, k + 1, 0, 0, 0 };
                snprintf(w, sizeof(w), "%s.S%s", r->name, satw[k]);
                check(r, st, w, S && float_out_only, &e);
            }
        }
        /* precision suffixes: R wherever F is, H where column H says */
        e = (expect){ GP_TYPE_F32, 0, 0, 'R', 0 };
        snprintf(w, sizeof(w), "%sR", r->name);
        check(r, st, w, F, &e);
        e.prec = 'H';
        snprintf(w, sizeof(w), "%sH", r->name);
        check(r, st, w, H, &e);
        /* NTC: every instruction */
        e = (expect){ dflt, 0, 0, 0, 0 };
        snprintf(w, sizeof(w), "%s.NTC", r->name);
        check(r, st, w, true, &e);
        /* everything at once, suffix and dotted forms (Table X.15 order) */
        if (F && C && S) {
            e = (expect){ GP_TYPE_F32, GP_SAT_11, 2, 'R', 0 };
            snprintf(w, sizeof(w), "%sRC1_SSAT", r->name);
            check(r, st, w, true, &e);
            e = (expect){ GP_TYPE_F32, GP_SAT_01, 1, 0, 0 };
            snprintf(w, sizeof(w), "%s.F.CC0.SAT.NTC", r->name);
            check(r, st, w, true, &e);
            snprintf(w, sizeof(w), "%s_SATC", r->name); /* wrong suffix order */
            check(r, st, w, false, NULL);
        }
        if (I && C) {
            e = (expect){ GP_TYPE_U32, 0, 2, 0, 0 };
            snprintf(w, sizeof(w), "%sC1.U", r->name); /* suffix, then a dotted type */
            check(r, st, w, true, &e);
        }
        /* MUL's special modifiers */
        bool mul = !strcmp(r->name, "MUL");
        e = (expect){ GP_TYPE_S32, 0, 0, 0, GP_OPMOD_S24 };
        snprintf(w, sizeof(w), "%s.S24", r->name);
        check(r, st, w, mul, &e);
        e = (expect){ GP_TYPE_U32, 0, 0, 0, GP_OPMOD_U24 };
        snprintf(w, sizeof(w), "%s.U24", r->name);
        check(r, st, w, mul, &e);
        e = (expect){ GP_TYPE_U32, 0, 1, 0, GP_OPMOD_HI };
        snprintf(w, sizeof(w), "%s.U.HI.CC", r->name);
        check(r, st, w, mul, &e);
        snprintf(w, sizeof(w), "%s.S24.S", r->name);
        check(r, st, w, false, NULL);
    }
}

int main(void)
{
    size_t n = sizeof(table) / sizeof(table[0]);
    /* the opcode table has a row for each of these, and they are the NV4
     * opcodes: any other row must be unavailable in NV4 programs */
    for (int op = 0; op < GP_OP_COUNT; op++) {
        const gp_opinfo *oi = &gp_opinfo_table[op];
        bool listed = false;
        for (size_t i = 0; i < n; i++)
            listed |= !strcmp(table[i].name, oi->name);
        if (op == GP_OP_END)
            continue;
        CHECK(listed == !!(oi->profiles & GP_PROF_NV4), "%s: %s in NV4 programs", oi->name,
              listed ? "missing" : "available");
        if (!listed) {
            /* e.g. ARL, BRA, LOOP, EXP: rejected by name */
            char src[160];
            snprintf(src, sizeof(src), "!!NVvp4.0\nTEMP r;\n%s r, r;\nEND\n", oi->name);
            gp_error err;
            gp_program *p = gp_compile(src, strlen(src), GP_STAGE_VERTEX, NULL, &err);
            /* NV_gpu_program5-only rows name the header they need (HDR.GATE5) */
            const char *want = (oi->profiles & GP_PROF_NV5) ? "requires an NV_gpu_program5 header"
                                                            : "not available in NV_gpu_program4";
            CHECK(!p && err.pos == 18 && strstr(err.msg, want), "%s: %s", oi->name, p ? "accepted" : err.msg);
            gp_program_free(p);
        }
    }
    for (size_t i = 0; i < n; i++)
        test_row(&table[i]);
    printf("nv4_ops: %zu opcodes, %d programs compiled, %d rejected, %d failures\n", n, compiled, rejected,
           gpt_failures);
    return gpt_failures ? 1 : 0;
}
