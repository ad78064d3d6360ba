/*
 * test_exec_paths.c - every executor backend (gp_backend.h: each build of
 * the interpreter with its fast paths, and any other backend available on
 * this CPU) against the interpreter's generic path (ctest
 * glprog.exec_paths; single-threaded).  Random IR programs (every
 * ALU opcode the executor runs, texture, KIL, DDX/DDY, ARL, IF/ELSE blocks;
 * write masks, _SAT/_SSAT, R/H/X precision, CC updates and conditional
 * write masks, swizzles with 0/1, negation, |abs|, relative addressing,
 * destinations aliasing sources, out-of-range registers) run on each
 * backend (gp_exec_on; the interpreters with the prepared fast cases) and
 * on a machine with gp_machine_set_fast_paths off, over inputs full of
 * edge values (signed zeros, denormals, INF, NaNs with payloads), with
 * every lane running or only some.  Outputs, killed lanes, status and
 * the instruction count must agree bit for bit.  The same programs run again
 * after parameter rows change (the broadcast cache), interleaved with more
 * programs than a machine caches, and after being freed and rebuilt at the
 * same address (the serial number).
 *
 * Built with -DGP_TEST_REF_EXEC=prefix it compares against another
 * executor linked in with its entry points renamed (prefix_gp_exec ...),
 * e.g. an earlier gp_exec.c: the reference then runs with its defaults.
 */
#include "gp_backend.h"
#include "test_exec_common.h"

#ifdef GP_TEST_REF_EXEC
#define REF_CAT2(a, b) a##_##b
#define REF_CAT(a, b) REF_CAT2(a, b)
void REF_CAT(GP_TEST_REF_EXEC, gp_exec)(const gp_program *p, gp_exec_env *env);
gp_machine *REF_CAT(GP_TEST_REF_EXEC, gp_machine_create)(void);
void REF_CAT(GP_TEST_REF_EXEC, gp_machine_free)(gp_machine *m);
#define REF_EXEC REF_CAT(GP_TEST_REF_EXEC, gp_exec)
#define REF_CREATE REF_CAT(GP_TEST_REF_EXEC, gp_machine_create)
#define REF_FREE REF_CAT(GP_TEST_REF_EXEC, gp_machine_free)
#else
/* the reference is the interpreter's generic path: the fallback backend
 * (gp_exec would run the selected one, a compiler where there is one) */
static void ref_exec(const gp_program *p, gp_exec_env *env)
{
    gp_backend_fallback()->run(p, NULL, env);
}
#define REF_EXEC ref_exec
#define REF_CREATE gp_machine_create
#define REF_FREE gp_machine_free
#endif

/* xorshift64*: the same programs on every run */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}
static int rnd_n(int n)
{
    return (int)(rnd() % (uint32_t)n);
}
static bool chance(int percent)
{
    return rnd_n(100) < percent;
}

static const uint32_t edge_bits[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0xbf000000u,
    0x40490fdbu, 0xc0490fdbu, 0x00000001u, 0x80000001u, 0x007fffffu, 0x00800000u,
    0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
    0x7fc12345u, 0xffd54321u, 0x7f800001u, 0x4b000000u, 0xcb000000u, 0x4b7fffffu,
    0x3effffffu, 0xbf7fffffu, 0x3f7fffffu, 0x4effffffu, 0xcf000000u, 0x3dcccccdu,
    0x42c80000u, 0xc2c80000u, 0x3a83126fu, 0x477fe000u, 0x38800000u, 0x33800000u,
};
enum { N_EDGE = sizeof(edge_bits) / sizeof(edge_bits[0]) };

static uint32_t rnd_value(void)
{
    if (chance(55))
        return edge_bits[rnd_n(N_EDGE)];
    gp_val v;
    v.f = (float)((int)rnd_n(2001) - 1000) / (float)(1 + rnd_n(64));
    return v.u;
}

enum { NT = 8, NIN = GP_VIN_COUNT, NPARAM = 64, NPROG_BATCH = 12 };

/* Outputs the program body writes: 0..nout-1; the temporaries are then
 * copied to nout..nout+NT-1 (and the CC to the next two, vertex only). */
static int nout = 24;

static const int alu_ops[] = {
    GP_OP_MOV, GP_OP_SWZ, GP_OP_ABS, GP_OP_FLR, GP_OP_FRC, GP_OP_SSG, GP_OP_ADD, GP_OP_SUB,
    GP_OP_MUL, GP_OP_MIN, GP_OP_MAX, GP_OP_SGE, GP_OP_SLT, GP_OP_SEQ, GP_OP_SNE, GP_OP_SGT,
    GP_OP_SLE, GP_OP_SFL, GP_OP_STR, GP_OP_DIV, GP_OP_MAD, GP_OP_CMP, GP_OP_LRP, GP_OP_DP2,
    GP_OP_DP2A, GP_OP_DP3, GP_OP_DP4, GP_OP_DPH, GP_OP_RCP, GP_OP_RSQ, GP_OP_RCC, GP_OP_EX2,
    GP_OP_LG2, GP_OP_COS, GP_OP_SIN, GP_OP_POW, GP_OP_DST, GP_OP_XPD, GP_OP_LIT, GP_OP_NRM,
    GP_OP_RFL, GP_OP_X2D, GP_OP_EXP, GP_OP_LOG, GP_OP_SCS,
    /* the common ones again, so that they dominate */
    GP_OP_MOV, GP_OP_ADD, GP_OP_MUL, GP_OP_MAD, GP_OP_DP3, GP_OP_DP4, GP_OP_MIN, GP_OP_MAX,
    GP_OP_LRP, GP_OP_CMP, GP_OP_RSQ, GP_OP_RCP, GP_OP_FRC, GP_OP_MOV, GP_OP_MUL, GP_OP_MAD,
};
enum { N_ALU = sizeof(alu_ops) / sizeof(alu_ops[0]) };

static bool scalar_operands(int op)
{
    int cls = gp_opinfo_table[op].cls;
    return cls == GP_CLASS_SCALAR || cls == GP_CLASS_BINSC;
}

static gp_src rnd_src(int nt, bool scalar, int dst_file, int dst_index)
{
    gp_src s;
    memset(&s, 0, sizeof(s));
    int f = rnd_n(10);
    if (f < 4) {
        s.file = GP_FILE_TEMP;
        s.index = chance(3) ? nt + rnd_n(3) : rnd_n(nt);
    } else if (f < 7) {
        s.file = GP_FILE_INPUT;
        s.index = chance(2) ? NIN + rnd_n(4) : rnd_n(NIN);
    } else {
        s.file = GP_FILE_PARAM;
        s.index = chance(2) ? NPARAM - 2 + rnd_n(6) : rnd_n(NPARAM - 4);
    }
    if (dst_file == GP_FILE_TEMP && chance(25)) {
        s.file = GP_FILE_TEMP; /* alias the destination */
        s.index = dst_index;
    }
    s.rel_lo = s.rel_hi = s.index;
    int r = rnd_n(10);
    for (int c = 0; c < 4; c++) {
        if (r < 3)
            s.swz[c] = (uint8_t)c;
        else
            s.swz[c] = (uint8_t)rnd_n(4);
        if (chance(4))
            s.swz[c] = (uint8_t)(GP_SWZ_ZERO + rnd_n(2));
    }
    if (scalar && chance(80))
        s.swz[1] = s.swz[2] = s.swz[3] = s.swz[0];
    if (chance(20))
        s.negate = chance(50) ? 0xf : (uint8_t)rnd_n(16);
    if (chance(12))
        s.abs = 1;
    if (chance(6) && s.file != GP_FILE_TEMP) {
        s.rel = 1;
        s.rel_file = GP_FILE_ADDRESS;
        s.rel_reg = 0;
        s.rel_comp = (uint8_t)rnd_n(2);
        s.rel_lo = s.file == GP_FILE_PARAM ? 0 : 0;
        s.rel_hi = s.file == GP_FILE_PARAM ? NPARAM - 1 : NIN - 1;
        s.index = rnd_n(8);
    }
    return s;
}

static void rnd_insn(tprog *t, int op, int nt)
{
    gp_insn *in = tp_add(t, op);
    in->type = GP_TYPE_F32;
    in->tex_target = GP_TEX_NONE;
    int df = chance(35) ? GP_FILE_OUTPUT : GP_FILE_TEMP;
    int di = df == GP_FILE_TEMP ? (chance(3) ? nt : rnd_n(nt)) : (chance(2) ? 60 : rnd_n(nout));
    in->dst.file = (uint8_t)df;
    in->dst.index = di;
    in->dst.rel_lo = in->dst.rel_hi = di;
    in->dst.mask = (uint8_t)(chance(45) ? 0xf : rnd_n(16));
    for (int c = 0; c < 4; c++)
        in->dst.cc.swz[c] = in->cond.swz[c] = (uint8_t)c;
    if (chance(12))
        in->sat = (uint8_t)(1 + rnd_n(2));
    if (chance(6))
        in->precision = "RHX"[rnd_n(3)];
    if (chance(8))
        in->cc_update = (uint8_t)(1 + rnd_n(2));
    if (chance(8)) {
        in->dst.cc.cond = (uint8_t)(GP_COND_FL + rnd_n(GP_COND_NSF));
        in->dst.cc.reg = (uint8_t)rnd_n(2);
        for (int c = 0; c < 4; c++)
            in->dst.cc.swz[c] = (uint8_t)rnd_n(4);
    }
    if (chance(2))
        in->dst.clipdist = (uint8_t)(1 + rnd_n(4));
    bool sc = scalar_operands(op);
    int nsrc = gp_opinfo_table[op].nsrc;
    for (int i = 0; i < nsrc; i++)
        in->src[i] = rnd_src(nt, sc || (op == GP_OP_DIV && i == 1), df, di);
}

/* One random program: mostly ALU, with texture, KIL, derivatives, ARL
 * and IF blocks sprinkled in. */
static void rnd_program(tprog *t, gp_stage stage)
{
    tp_init(t, stage);
    nout = stage == GP_STAGE_FRAGMENT ? GP_FOUT_COUNT - NT : 24;
    t->p.num_temps = NT;
    t->p.num_address = 1;
    t->p.info.num_params = NPARAM;
    int n = 4 + rnd_n(40);
    int open_if = -1, open_else = -1;
    bool straight = chance(40);
    for (int k = 0; k < n && t->n < T_MAX_INSNS - 8; k++) {
        int r = rnd_n(100);
        if (r < 4) {
            gp_insn *in = tp_add(t, GP_OP_TEX + rnd_n(3));
            in->type = GP_TYPE_F32;
            in->tex_target = GP_TEX_2D;
            in->tex_unit = (uint8_t)rnd_n(2);
            bool o = chance(50);
            in->dst = D(o ? GP_FILE_OUTPUT : GP_FILE_TEMP, rnd_n(o ? nout : NT), chance(70) ? "" : "xy");
            in->src[0] = rnd_src(NT, false, in->dst.file, in->dst.index);
            if (chance(10))
                in->sat = GP_SAT_01;
        } else if (r < 7 && !straight) {
            gp_insn *in = tp_add(t, GP_OP_KIL);
            if (chance(50)) {
                in->src[0] = rnd_src(NT, false, GP_FILE_NONE, 0);
            } else {
                in->cond = CC(GP_COND_LT + rnd_n(4), rnd_n(2), chance(50) ? "xyzw" : "x");
            }
        } else if (r < 10) {
            gp_insn *in = tp_add(t, chance(50) ? GP_OP_DDX : GP_OP_DDY);
            in->type = GP_TYPE_F32;
            bool o = chance(40);
            in->dst = D(o ? GP_FILE_OUTPUT : GP_FILE_TEMP, rnd_n(o ? nout : NT), chance(60) ? "" : "xz");
            in->src[0] = rnd_src(NT, false, in->dst.file, in->dst.index);
        } else if (r < 12) {
            gp_insn *in = tp_add(t, GP_OP_ARL);
            in->dst = D(GP_FILE_ADDRESS, 0, chance(50) ? "x" : "xy");
            in->src[0] = rnd_src(NT, false, GP_FILE_NONE, 0);
            in->src[0].rel = 0;
        } else if (r < 16 && !straight && open_if < 0) {
            open_if = tp_here(t);
            IF_(t, GP_OP_IF, CC(GP_COND_LT + rnd_n(4), rnd_n(2), chance(50) ? "x" : "xyzw"), -1);
        } else if (r < 19 && open_if >= 0 && open_else < 0) {
            open_else = tp_here(t);
            IF_(t, GP_OP_ELSE, CC(0, 0, NULL), -1);
        } else if (r < 23 && open_if >= 0) {
            int endif = tp_here(t);
            IF_(t, GP_OP_ENDIF, CC(0, 0, NULL), open_if);
            t->code[open_if].target = open_else >= 0 ? open_else : endif;
            if (open_else >= 0)
                t->code[open_else].target = endif;
            open_if = open_else = -1;
        } else {
            rnd_insn(t, alu_ops[rnd_n(N_ALU)], NT);
        }
    }
    if (open_if >= 0) {
        int endif = tp_here(t);
        IF_(t, GP_OP_ENDIF, CC(0, 0, NULL), open_if);
        t->code[open_if].target = open_else >= 0 ? open_else : endif;
        if (open_else >= 0)
            t->code[open_else].target = endif;
    }
    /* make the temporaries and the CC observable */
    for (int r = 0; r < NT; r++)
        I1(t, GP_OP_MOV, D(GP_FILE_OUTPUT, nout + r, ""), S(GP_FILE_TEMP, r, "xyzw"));
    for (int c = 0; c < 2 && stage != GP_STAGE_FRAGMENT; c++) {
        gp_insn *in = I1(t, GP_OP_MOV, D(GP_FILE_OUTPUT, nout + NT + c, ""), S(GP_FILE_PARAM, 0, "xyzw"));
        in->dst.cc = CC(GP_COND_LT, c, "xyzw");
    }
    tp_end(t);
}

/* A coordinate's bits, every NaN as one (see run_both). */
static uint32_t cbits(const gp_tex_request *req, int c, int l)
{
    gp_val v = req->coord->c[c][l];
    return isnan(v.f) ? 0x7fc00000u : v.u;
}

/* A sampler that depends on the lanes of each requested quad when it is
 * asked for quad derivatives (what the LOD of a real one does), on the
 * lane alone otherwise, bit-exactly, and on the unit. */
static void quad_tex(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(req->lane_mask >> l & 1))
            continue;
        int q = req->quad_derivatives ? l & ~3 : l;
        for (int c = 0; c < 4; c++) {
            int q1 = req->quad_derivatives ? q + 1 : l, q2 = req->quad_derivatives ? q + 2 : l;
            uint32_t u = cbits(req, c, l) ^ (cbits(req, c, q) >> 3) ^ (cbits(req, (c + 1) & 3, q1) << 1) ^
                         (cbits(req, c, q2) >> 7);
            out->c[c][l].u = u + req->unit * 0x01000193u + req->op;
        }
    }
}

static void dump_src(const gp_src *s)
{
    static const char files[] = "-TIOPAC";
    printf(" %s%s%c%d", s->negate ? "-" : "", s->abs ? "|" : "", files[s->file & 7], s->index);
    if (s->rel)
        printf("[A%d.%c %d..%d]", s->rel_reg, "xyzw"[s->rel_comp & 3], s->rel_lo, s->rel_hi);
    printf(".");
    for (int c = 0; c < 4; c++)
        printf("%c", "xyzw01"[s->swz[c] % 6]);
    if (s->negate && s->negate != 0xf)
        printf("(neg %x)", s->negate);
}

/* The program as IR, one instruction a line. */
static void dump(const gp_program *p)
{
    static const char files[] = "-TIOPAC";
    for (int i = 0; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        const gp_dst *d = &in->dst;
        printf("%3d %s%s%s%s", i, gp_opinfo_table[in->op].name, in->cc_update ? "C" : "",
               in->sat == 1 ? "_SAT" : in->sat == 2 ? "_SSAT" : "", in->precision ? "(prec)" : "");
        if (in->precision)
            printf("%c", in->precision);
        printf(" %c%d.%x", files[d->file & 7], d->index, d->mask);
        if (d->cc.cond)
            printf("(cc%d r%d %d%d%d%d)", d->cc.cond, d->cc.reg, d->cc.swz[0], d->cc.swz[1], d->cc.swz[2],
                   d->cc.swz[3]);
        if (d->clipdist)
            printf("(clip %d)", d->clipdist);
        for (int k = 0; k < gp_opinfo_table[in->op].nsrc; k++)
            dump_src(&in->src[k]);
        if (in->cond.cond)
            printf(" cond %d", in->cond.cond);
        if (in->target >= 0)
            printf(" -> %d", in->target);
        printf("\n");
    }
}

typedef struct world {
    gp_vec in[GP_VARY_COUNT];
    gp_val params[NPARAM + 8][4];
} world;

static void world_fill(world *w)
{
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                w->in[s].c[c][l].u = rnd_value();
    for (int r = 0; r < NPARAM + 8; r++)
        for (int c = 0; c < 4; c++)
            w->params[r][c].u = rnd_value();
    /* some small integers for ARL and relative addressing */
    for (int l = 0; l < GP_LANES; l++)
        w->in[0].c[0][l].f = (float)(rnd_n(12) - 2);
    w->params[1][0].f = 2.0f;
    w->params[1][1].f = -1.0f;
}

static int n_runs, n_nan_payload;

/* The backends under test, each with its own machine. */
static const gp_backend *backends[GP_BACKEND_SLOTS];
static gp_machine *machines[GP_BACKEND_SLOTS];
static int n_backends;

/* Runs p on every backend and on the reference over w with the given
 * lanes; compares. */
static void run_both(gp_machine *ref, const gp_program *p, const world *w, uint32_t live, uint32_t helper,
                     const char *what, int prog_no)
{
    static gp_vec out_a[GP_VARY_COUNT], out_b[GP_VARY_COUNT];
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                out_b[s].c[c][l].u = 0x7fa00000u + (uint32_t)(s * 64 + c * 16 + l);
    gp_exec_env ea, eb;
    memset(&eb, 0, sizeof(eb));
    eb.params = (const gp_val(*)[4])w->params;
    eb.inputs = w->in;
    eb.live_mask = live;
    eb.helper_mask = helper;
    eb.tex = quad_tex;
    eb.insn_budget = 1u << 20;
    ea = eb;
    eb.machine = ref;
    eb.outputs = out_b;
    REF_EXEC(p, &eb);
    for (int k = 0; k < n_backends; k++) {
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    out_a[s].c[c][l].u = 0x7fa00000u + (uint32_t)(s * 64 + c * 16 + l);
        ea.machine = machines[k];
        ea.outputs = out_a;
        gp_exec_on(backends[k], p, &ea);
        n_runs++;
        /* bit for bit, a NaN matching any NaN (t_rows_differ) */
        bool same = t_rows_differ(out_a, out_b, &n_nan_payload) < 0;
        CHECK(same && ea.killed_mask == eb.killed_mask && ea.status == eb.status &&
                  ea.insn_used == eb.insn_used,
              "program %d on %s (%s, live %04x helper %04x): outputs %s, killed %04x/%04x, status %d/%d, "
              "instructions %llu/%llu",
              prog_no, backends[k]->name, what, live, helper, same ? "same" : "differ", ea.killed_mask,
              eb.killed_mask, ea.status, eb.status, (unsigned long long)ea.insn_used,
              (unsigned long long)eb.insn_used);
        if (!same && t_failures <= 3) {
            for (int s = 0; s < GP_VARY_COUNT; s++)
                for (int c = 0; c < 4; c++)
                    for (int l = 0; l < GP_LANES; l++)
                        if (out_a[s].c[c][l].u != out_b[s].c[c][l].u &&
                            !(isnan(out_a[s].c[c][l].f) && isnan(out_b[s].c[c][l].f))) {
                            printf("  difference: slot %d comp %d lane %d: %08x vs %08x\n", s, c, l,
                                   out_a[s].c[c][l].u, out_b[s].c[c][l].u);
                        }
            dump(p);
        }
    }
}

static const uint32_t lane_sets[][2] = {
    {0xffffu, 0}, {0xffffu, 0}, {0x0fffu, 0}, {0x7777u, 0x8888u}, {0x00ffu, 0xff00u},
    {0x1u, 0x000eu}, {0xfff0u, 0}, {0x5a5au, 0xa5a5u}, {0x001fu, 0},
};
enum { N_LANE_SETS = sizeof(lane_sets) / sizeof(lane_sets[0]) };

int main(int argc, char **argv)
{
    int batches = argc > 1 ? atoi(argv[1]) : 150;
    for (int i = 0; i < gp_backend_count(); i++)
        if (gp_backend_available(gp_backend_at(i))) {
            backends[n_backends] = gp_backend_at(i);
            machines[n_backends++] = gp_machine_create();
            printf("backend %s\n", gp_backend_at(i)->name);
        }
    gp_machine *ref = REF_CREATE();
#ifndef GP_TEST_REF_EXEC
    gp_machine_set_fast_paths(ref, false);
#endif
    static world w;
    static tprog progs[NPROG_BATCH];
    int prog_no = 0;
    for (int b = 0; b < batches; b++) {
        world_fill(&w);
        gp_stage stage = b % 3 == 2 ? GP_STAGE_FRAGMENT : GP_STAGE_VERTEX;
        int first = prog_no;
        for (int k = 0; k < NPROG_BATCH; k++, prog_no++) {
            rnd_program(&progs[k], stage);
            for (int ls = 0; ls < N_LANE_SETS; ls++) {
                if (ls > 2 && !chance(40))
                    continue;
                run_both(ref, &progs[k].p, &w, lane_sets[ls][0], lane_sets[ls][1], "first run",
                         prog_no);
            }
        }
        /* again, interleaved (more programs than a machine caches), after
         * some parameter rows and inputs changed */
        for (int r = 0; r < 6; r++)
            for (int c = 0; c < 4; c++)
                w.params[rnd_n(NPARAM)][c].u = rnd_value();
        for (int s = 0; s < 4; s++)
            w.in[rnd_n(NIN)].c[rnd_n(4)][rnd_n(GP_LANES)].u = rnd_value();
        for (int k = NPROG_BATCH - 1; k >= 0; k--)
            run_both(ref, &progs[k].p, &w, 0xffffu, 0, "new parameters", first + k);
        for (int k = 0; k < NPROG_BATCH; k += 2)
            run_both(ref, &progs[k].p, &w, 0xffffu, 0, "same parameters", first + k);
        /* a program rebuilt in place: a new program at the same address */
        tprog *t = &progs[rnd_n(NPROG_BATCH)];
        uint64_t old_state = rng_state;
        rnd_program(t, stage);
        rng_state = old_state ^ 0x5555u;
        run_both(ref, &t->p, &w, 0xffffu, 0, "rebuilt in place", prog_no++);
    }
    for (int k = 0; k < n_backends; k++)
        gp_machine_free(machines[k]);
    REF_FREE(ref);
    printf("%d runs, %d values NaN in both with different payloads\n", n_runs, n_nan_payload);
    return t_report("exec_paths");
}
