/*
 * exec/prep.c - building the pre-decoded form (exec/prep.h) of a program,
 * cached per machine.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* ---- the prepared program ---------------------------------------------------- */

/* Built the first time a machine runs a program (and again only if its
 * cache entry was reused for another), from the immutable IR:
 *   - per instruction, its gp_xop: for the float ALU opcodes with a
 *     fast case (gp_opcodes.def "fast") without CC test or update,
 *     precision H/X, relative addressing or result.clip, the fast kind and its row offsets;
 *   - the parameter operands of those instructions as broadcast slots;
 *   - which temporaries need clearing per call, and whether the program
 *     touches condition codes, address registers or the lane stacks, so a
 *     call initialises only what the program can observe.
 * Everything else runs through the generic case of its opcode. */

static _Atomic uint64_t gp_exec_last_serial; /* the last serial handed out */

/* The program's serial number, handed out on its first run (relaxed: it
 * orders nothing, it only names the program). */
static uint64_t program_serial(const gp_program *p)
{
    gp_program *w = (gp_program *)p; /* exec_serial is the one mutable field */
    uint64_t s = atomic_load_explicit(&w->exec_serial, memory_order_relaxed);
    if (GP_LIKELY(s != 0))
        return s;
    uint64_t mine = atomic_fetch_add_explicit(&gp_exec_last_serial, 1, memory_order_relaxed) + 1;
    uint64_t seen = 0;
    if (atomic_compare_exchange_strong_explicit(&w->exec_serial, &seen, mine, memory_order_relaxed,
                                                memory_order_relaxed))
        return mine;
    return seen; /* another thread named it first */
}

static void prep_clear(gp_xprep *e)
{
    GP_FREE(e->ops);
    GP_FREE(e->slots);
    GP_FREE(e->zero);
    if (e->pbc)
        GP_ALIGNED_FREE(e->pbc);
    memset(e, 0, sizeof(*e));
}

static inline bool prep_matches(const gp_xprep *e, const gp_program *p)
{
    return e->insns == p->insns && e->num_insns == p->num_insns &&
           e->num_temps == p->num_temps && e->num_params == p->info.num_params &&
           e->stage == (int)p->info.stage;
}

/* Fast kind + 1 of each opcode, 0 for none. */
static const uint8_t gp_xk_of_op[GP_OP_COUNT] = {
#define GP_XK_ENTRY(name, shape) [GP_OP_##name] = 1 + GP_XK_##name,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
};

static const uint8_t gp_xk_shape[GP_XK_COUNT] = {
#define GP_XK_ENTRY(name, shape) [GP_XK_##name] = GP_XS_##shape,
#define GP_OP GP_EXEC_FAST_ROW
#include "gp_opcodes.def"
#undef GP_OP
#undef GP_XK_ENTRY
};

/* Registers in the input and output files of a stage (gp_exec and the
 * prepared program agree through these). */
static inline int stage_inputs(int stage)
{
    return stage == GP_STAGE_VERTEX ? GP_VIN_COUNT : GP_VARY_COUNT;
}

static inline int stage_outputs(int stage)
{
    return stage == GP_STAGE_FRAGMENT ? GP_FOUT_COUNT : GP_VARY_COUNT;
}

/* The broadcast slot of a parameter operand, added if new; -1 when out of
 * memory. */
static int prep_slot(gp_xprep *e, int *cap, const gp_src *s)
{
    for (int k = 0; k < e->nslots; k++) {
        const gp_xslot *t = &e->slots[k];
        if (t->row == s->index && memcmp(t->swz, s->swz, 4) == 0 &&
            t->negate == (s->negate & 0xfu) && t->abs == (s->abs != 0))
            return k;
    }
    if (e->nslots == *cap) {
        int ncap = *cap ? *cap * 2 : 8;
        gp_xslot *n = GP_MALLOC((size_t)ncap * sizeof(*n));
        if (!n)
            return -1;
        if (e->nslots)
            memcpy(n, e->slots, (size_t)e->nslots * sizeof(*n));
        GP_FREE(e->slots);
        e->slots = n;
        *cap = ncap;
    }
    gp_xslot *t = &e->slots[e->nslots];
    memset(t, 0, sizeof(*t));
    t->row = s->index;
    memcpy(t->swz, s->swz, 4);
    t->negate = s->negate & 0xfu;
    t->abs = s->abs != 0;
    return e->nslots++;
}

/* Whether a component-wise instruction reads, for a component c2 computed
 * after component c1, the destination row c1 through an operand (MOV R0,
 * R0.yxwz: computing R0.x in place would change what R0.y reads); it is
 * then computed into scratch.  Same-component reads are safe (kernels read
 * each lane before writing it). */
static bool prep_hazard(const gp_insn *in, int nsrc, bool scalar_b)
{
    const gp_dst *d = &in->dst;
    uint32_t wm = d->mask & 0xfu;
    for (int i = 0; i < nsrc; i++) {
        const gp_src *s = &in->src[i];
        if (s->file != d->file || s->index != d->index)
            continue;
        for (int c2 = 0; c2 < 4; c2++) {
            if (!(wm >> c2 & 1))
                continue;
            int sel = scalar_b && i == 1 ? s->swz[0] : s->swz[c2];
            if (sel <= GP_SWZ_W && sel < c2 && (wm >> sel & 1))
                return true;
        }
    }
    return false;
}

/* The gp_xop of one instruction; false when out of memory. */
static bool prep_insn(gp_xprep *e, int *slot_cap, const gp_program *p, const gp_insn *in,
                      gp_xop *o)
{
    memset(o, 0, sizeof(*o));
    o->kind = in->op;
    int xk = in->op < GP_OP_COUNT ? gp_xk_of_op[in->op] - 1 : -1;
    const gp_dst *d = &in->dst;
    uint32_t wm = d->mask & 0xfu;
    if (xk < 0 || in->type != GP_TYPE_F32 || in->cc_update || d->cc.cond != GP_COND_TR ||
        d->rel || d->clipdist || (in->precision && in->precision != 'R') ||
        in->sat > GP_SAT_11 || !wm || d->hi)
        return true;
    for (int i = 0; i < 3; i++)
        if (in->src[i].hi) /* LONG variables: the generic fetch / store (gp_ir.h) */
            return true;
    if (d->file == GP_FILE_TEMP && d->index >= 0 && d->index < p->num_temps)
        o->dbase = GP_XB_TEMP;
    else if (d->file == GP_FILE_OUTPUT && d->index >= 0 &&
             d->index < stage_outputs(p->info.stage))
        o->dbase = GP_XB_OUT;
    else
        return true;
    int shape = gp_xk_shape[xk];
    int nsrc = shape == GP_XS_V3 || shape == GP_XS_D2A ? 3
               : shape == GP_XS_V1 || shape == GP_XS_S1 ? 1 : 2;
    bool scalar_res = shape >= GP_XS_S1;
    bool scalar_b = shape == GP_XS_VS || shape == GP_XS_S2;
    for (int i = 0; i < nsrc; i++) {
        const gp_src *s = &in->src[i];
        if (s->rel)
            return true;
        bool scalar = (i == 1 && scalar_b) || shape == GP_XS_S1 || shape == GP_XS_S2 ||
                      (i == 2 && shape == GP_XS_D2A);
        if (s->file == GP_FILE_PARAM) {
            if (s->index < 0 || s->index >= p->info.num_params)
                return true;
            int k = prep_slot(e, slot_cap, s);
            if (k < 0)
                return false;
            o->sbase[i] = GP_XB_PBC;
            for (int c = 0; c < 4; c++)
                o->soff[i][c] = (uint32_t)((size_t)k * sizeof(gp_vec) +
                                           (size_t)(scalar ? 0 : c) * sizeof(gp_val) * GP_LANES);
            continue;
        }
        int limit = s->file == GP_FILE_TEMP ? p->num_temps
                    : s->file == GP_FILE_INPUT ? stage_inputs(p->info.stage) : 0;
        if (!limit || s->index < 0 || s->index >= limit)
            return true;
        int32_t row = s->index;
        if (s->file == GP_FILE_INPUT && p->info.stage == GP_STAGE_GEOMETRY) {
            /* a constant vertex: row vtx * GP_VARY_COUNT + slot (fetch_geo_input
             * takes the indexed ones) */
            if (s->vtx_rel || s->vtx >= p->info.gs_vertices_in)
                return true;
            row = s->vtx * GP_VARY_COUNT + s->index;
        }
        o->sbase[i] = s->file == GP_FILE_TEMP ? GP_XB_TEMP : GP_XB_IN;
        bool plain = !s->abs && !s->negate;
        for (int c = 0; c < 4; c++) {
            int sel = s->swz[scalar ? 0 : c];
            plain = plain && sel <= GP_SWZ_W;
            o->soff[i][c] = (uint32_t)((size_t)row * sizeof(gp_vec) +
                                       (size_t)(sel & 3) * sizeof(gp_val) * GP_LANES);
        }
        if (!plain)
            o->mods |= (uint8_t)(1u << i);
    }
    o->kind = (uint16_t)(GP_OP_COUNT + xk);
    o->wmask = (uint8_t)wm;
    o->sat = in->sat;
    o->doff = (uint32_t)((size_t)d->index * sizeof(gp_vec));
    o->c0 = (uint8_t)lane_first(wm);
    o->dsel = scalar_res || !prep_hazard(in, nsrc, scalar_b) ? o->dbase : (uint8_t)GP_XB_IN;
    return true;
}

/* Temporaries whose value before the program's first write can be read:
 * in straight-line code (no flow instruction, no relative addressing of
 * temporaries, starting at 0) a register every row of which is written
 * unconditionally before it is read needs no clearing, provided every lane
 * runs (the rows are then written in all lanes but killed quads', which no
 * later instruction observes).  Returns false when out of memory. */
static bool prep_zero_list(gp_xprep *e, const gp_program *p)
{
    int nt = p->num_temps;
    e->nzero = -1;
    if (nt <= 0 || p->entry != 0)
        return true;
    for (int i = 0; i < p->num_insns; i++) {
        const gp_insn *in = &p->insns[i];
        if (in->op >= GP_OP_COUNT || (gp_opinfo_table[in->op].flags & GP_OPF_BRANCH) ||
            in->op == GP_OP_PUSHA || in->op == GP_OP_POPA)
            return true;
        for (int k = 0; k < 3; k++)
            if (in->src[k].rel && (in->src[k].file == GP_FILE_TEMP || in->src[k].rel_file == GP_FILE_TEMP))
                return true;
        if (in->dst.rel && (in->dst.file == GP_FILE_TEMP || in->dst.rel_file == GP_FILE_TEMP))
            return true;
        /* LONG variables: their high-word rows are read and written through
         * hi, which the analysis below does not follow */
        if (in->dst.hi || in->src[0].hi || in->src[1].hi || in->src[2].hi)
            return true;
        /* texture and image arrays, texture and image handles, geometry
         * vertex indices and arrays of binding points read temporaries
         * outside src[].file/index, which the analysis below does not follow */
        if ((in->tex_flags & (GP_TEXF_INDEXED | GP_TEXF_HANDLE)) || in->src[0].vtx_rel ||
            in->src[1].vtx_rel || in->src[2].vtx_rel)
            return true;
    }
    uint8_t *rows = GP_MALLOC((size_t)nt);     /* bit c: row c written */
    bool *need = GP_MALLOC((size_t)nt * sizeof(bool));
    e->zero = GP_MALLOC((size_t)nt * sizeof(int32_t));
    if (!rows || !need || !e->zero) {
        GP_FREE(rows);
        GP_FREE(need);
        return false;
    }
    memset(rows, 0, (size_t)nt);
    memset(need, 0, (size_t)nt * sizeof(bool));
    for (int i = 0; i < p->num_insns && p->insns[i].op != GP_OP_END; i++) {
        const gp_insn *in = &p->insns[i];
        for (int k = 0; k < 3; k++) {
            const gp_src *s = &in->src[k];
            if (s->file != GP_FILE_TEMP || s->index < 0 || s->index >= nt)
                continue;
            for (int c = 0; c < 4; c++)
                if (s->swz[c] <= GP_SWZ_W && !(rows[s->index] >> s->swz[c] & 1))
                    need[s->index] = true;
        }
        const gp_dst *d = &in->dst;
        /* atomics write dst.x only (gp_ir.h EDGE.ATOM_YZW) */
        bool atom = in->op == GP_OP_ATOM || in->op == GP_OP_ATOMB || in->op == GP_OP_ATOMS ||
                    in->op == GP_OP_ATOMIM;
        if (d->file == GP_FILE_TEMP && d->index >= 0 && d->index < nt &&
            d->cc.cond == GP_COND_TR && !d->clipdist)
            rows[d->index] |= d->mask & (atom ? 0x1u : 0xfu);
    }
    int n = 0;
    for (int t = 0; t < nt; t++)
        if (need[t])
            e->zero[n++] = t;
    e->nzero = n;
    GP_FREE(rows);
    GP_FREE(need);
    return true;
}

static bool prep_build(gp_xprep *e, const gp_program *p, uint64_t serial)
{
    memset(e, 0, sizeof(*e));
    int n = p->num_insns;
    e->ops = GP_MALLOC((size_t)(n > 0 ? n : 1) * sizeof(gp_xop));
    if (!e->ops)
        return false;
    int slot_cap = 0;
    for (int i = 0; i < n; i++) {
        const gp_insn *in = &p->insns[i];
        if (!prep_insn(e, &slot_cap, p, in, &e->ops[i]))
            return false;
        uint32_t fl = in->op < GP_OP_COUNT ? gp_opinfo_table[in->op].flags : 0;
        if (in->cc_update || in->dst.cc.cond != GP_COND_TR || in->cond.cond != GP_COND_TR)
            e->uses_cc = true;
        if ((fl & GP_OPF_BRANCH) || in->op == GP_OP_PUSHA || in->op == GP_OP_POPA)
            e->uses_stack = true;
        if (in->op == GP_OP_ARL || in->op == GP_OP_ARR || in->op == GP_OP_ARA ||
            in->op == GP_OP_PUSHA || in->op == GP_OP_POPA || in->op == GP_OP_LOOP ||
            in->op == GP_OP_ENDLOOP || in->dst.file == GP_FILE_ADDRESS || in->dst.rel)
            e->uses_addr = true;
        for (int k = 0; k < 3; k++)
            if (in->src[k].rel || in->src[k].file == GP_FILE_ADDRESS)
                e->uses_addr = true;
    }
    if (e->nslots) {
        e->pbc = GP_ALIGNED_ALLOC(64, (size_t)e->nslots * sizeof(gp_vec));
        if (!e->pbc)
            return false;
    }
    if (!prep_zero_list(e, p))
        return false;
    e->insns = p->insns;
    e->num_insns = n;
    e->num_temps = p->num_temps;
    e->num_params = p->info.num_params;
    e->stage = (int)p->info.stage;
    e->serial = serial;
    return true;
}

/* prep_get when the previous call's entry is not p's. */
static GP_NOINLINE gp_xprep *prep_find(gp_machine *m, const gp_program *p, uint64_t serial)
{
    int victim = 0;
    gp_xprep *e = NULL;
    for (int k = 0; k < GP_EXEC_PREPS; k++) {
        if (m->prep[k].serial == serial) {
            victim = k;
            e = &m->prep[k];
            break;
        }
        if (m->prep[k].used < m->prep[victim].used)
            victim = k;
    }
    if (!e || !prep_matches(e, p)) {
        e = &m->prep[victim];
        prep_clear(e);
        if (!prep_build(e, p, serial)) {
            prep_clear(e);
            return NULL;
        }
    }
    m->prep_last = victim;
    return e;
}

/* The machine's prepared form of p (built now if it has none), or NULL
 * (fast paths off, out of memory: the generic path runs everything). */
static inline gp_xprep *prep_get(gp_machine *m, const gp_program *p)
{
    if (m->generic_only)
        return NULL;
    uint64_t serial = program_serial(p);
    gp_xprep *e = &m->prep[m->prep_last];
    if (GP_UNLIKELY(e->serial != serial || !prep_matches(e, p))) {
        e = prep_find(m, p, serial);
        if (!e)
            return NULL;
    }
    e->used = ++m->prep_clock;
    return e;
}

/* Broadcasts the parameter operands whose table rows changed since the
 * last call: the values fetch_view gives (|abs| then negation, 0/1
 * selectors as const_row). */
static void prep_params(gp_xprep *e, const gp_val (*params)[4])
{
    for (int k = 0; k < e->nslots; k++) {
        gp_xslot *s = &e->slots[k];
        const gp_val *row = params[s->row];
        if (s->valid && memcmp(s->raw, row, sizeof(s->raw)) == 0)
            continue;
        memcpy(s->raw, row, sizeof(s->raw));
        s->valid = 1;
        uint32_t andm = s->abs ? 0x7fffffffu : 0xffffffffu;
        for (int c = 0; c < 4; c++) {
            bool neg = (s->negate >> c) & 1;
            gp_val v;
            if (s->swz[c] > GP_SWZ_W)
                v = const_row(s->swz[c], neg, GP_TYPE_F32)[0];
            else
                v.u = (row[s->swz[c]].u & andm) ^ (neg ? 0x80000000u : 0u);
            fill_row(e->pbc[k].c[c], v);
        }
    }
}
