/*
 * exec/runtime.c - the executor runtime: the machine (per-thread scratch),
 * the lane scheduler and execution masks, lane vectors, operand fetch,
 * condition codes and result store, for 32-bit and double-width registers.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* Index of the lowest lane in a non-empty mask. */
static inline int lane_first(uint32_t v)
{
    return gp_lane_first(v);
}

/* Lanes in a mask (SWAR: no libgcc call on targets without POPCNT). */
static inline int lane_count(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (int)((v * 0x01010101u) >> 24);
}

/* The lanes of the quads (lanes 4q..4q+3) that have a lane in v. */
static inline uint32_t quads_any(uint32_t v)
{
    uint32_t q = (v | v >> 1 | v >> 2 | v >> 3) & 0x11111111u;
    return q * 0xfu;
}

#define GP_LANE_ALL ((uint32_t)((1ull << GP_LANES) - 1u))
#define GP_XD_NEVER 0xffffffffu /* an exec mask no group has */

enum {
    /* MAX_PROGRAM_CALL_DEPTH_NV when gp_program.max_call_depth is 0 (the
     * gp_limits_default value): CAL/PUSHA with this many call-stack entries
     * terminate the invocation (NV_vertex_program2_option 2.14.5.31,
     * NV_fragment_program2 3.11.X.2, NV_vertex_program3 2.14.5.44). */
    GP_EXEC_CALL_DEPTH = 8,
    /* Control-stack entries per lane: calls, PUSHA vectors and REP/LOOP
     * counters together.  Exceeding it terminates the lane; it bounds the
     * call depth a program may ask for (at most GP_EXEC_STACK - 16, leaving
     * room for loops). */
    GP_EXEC_STACK = 64,
    GP_EXEC_ADDR_REGS = 16,   /* address registers A0..A15 */
    GP_EXEC_PCACHE = 16,      /* broadcast parameter rows kept per gp_exec call */
    GP_EXEC_PCACHE_WAYS = 3,  /* slots a row may live in (> pinned operands) */
    GP_EXEC_TEMPS_MIN = 64,   /* temporaries allocated up front */
    GP_EXEC_PREPS = 8         /* prepared programs kept per machine */
};

/* Condition-code flags, one word per component and lane.  The legacy
 * {LT,EQ,GT,UN} values of NV_fragment_program_option 3.11.3.X are encoded
 * with NV_gpu_program4's flags (2.X.4.3): LT = SF, EQ = ZF, GT = none,
 * UN = SF|ZF.  Table X.16 evaluated on these gives exactly the legacy TestCC
 * results (UN passes only NE), so one representation serves both. */
enum { GP_CC_SF = 1u, GP_CC_ZF = 2u, GP_CC_OF = 4u, GP_CC_CF = 8u };

/* Control-stack entry kinds. */
enum {
    GP_STK_CALL = 1, /* v0 = return pc */
    GP_STK_ADDR,     /* v0..v3 = pushed address register (PUSHA) */
    GP_STK_REP,      /* v0 = remaining count, v1 = 1 if no count (NV4 "REP;") */
    GP_STK_LOOP      /* v0 = count, v1 = index, v2 = increment, v3 = saved A0.x */
};

/* ---- condition-code tests (NV_gpu_program4 Table X.16) ------------------- */

/* Each test as a 16-bit truth table over the four flag bits, built at
 * compile time: bit f is set when the test passes for flags f. */
#define CSF(f) (((f) >> 0) & 1)
#define CZF(f) (((f) >> 1) & 1)
#define COF(f) (((f) >> 2) & 1)
#define CCF(f) (((f) >> 3) & 1)
#define T_EQ(f) (!CSF(f) && CZF(f))
#define T_NE(f) (CSF(f) || !CZF(f))
#define T_LT(f) ((CSF(f) && !CZF(f)) ^ COF(f))
#define T_LE(f) (CSF(f) ^ (CZF(f) || COF(f)))
#define T_GT(f) ((!CSF(f) ^ COF(f)) && !CZF(f))
#define T_GE(f) (!(CSF(f) ^ COF(f)))
#define T_NAN(f) (CSF(f) && CZF(f))
#define T_LEG(f) (!CSF(f) || !CZF(f))
#define T_CF(f) (CCF(f))
#define T_NCF(f) (!CCF(f))
#define T_OF(f) (COF(f))
#define T_NOF(f) (!COF(f))
#define T_AB(f) (CCF(f) && !CZF(f))
#define T_BLE(f) (!CCF(f) || CZF(f))
#define T_SF(f) (CSF(f))
#define T_NSF(f) (!CSF(f))
#define CTBL(T)                                                                 \
    ((uint16_t)((T(0) << 0) | (T(1) << 1) | (T(2) << 2) | (T(3) << 3) |         \
                (T(4) << 4) | (T(5) << 5) | (T(6) << 6) | (T(7) << 7) |         \
                (T(8) << 8) | (T(9) << 9) | (T(10) << 10) | (T(11) << 11) |     \
                (T(12) << 12) | (T(13) << 13) | (T(14) << 14) | (T(15) << 15)))

static const uint16_t gp_cond_table[] = {
    [GP_COND_TR] = 0xffff,
    [GP_COND_FL] = 0,
    [GP_COND_EQ] = CTBL(T_EQ),
    [GP_COND_NE] = CTBL(T_NE),
    [GP_COND_LT] = CTBL(T_LT),
    [GP_COND_LE] = CTBL(T_LE),
    [GP_COND_GT] = CTBL(T_GT),
    [GP_COND_GE] = CTBL(T_GE),
    /* Table X.16 has no separate "EQ0"/"NE0" tests: the 0/1 suffix picks the
     * register (gp_cc_test.reg), so these are EQ and NE. */
    [GP_COND_EQ0] = CTBL(T_EQ),
    [GP_COND_NE0] = CTBL(T_NE),
    [GP_COND_NAN] = CTBL(T_NAN),
    [GP_COND_LEG] = CTBL(T_LEG),
    [GP_COND_CF] = CTBL(T_CF),
    [GP_COND_NCF] = CTBL(T_NCF),
    [GP_COND_OF] = CTBL(T_OF),
    [GP_COND_NOF] = CTBL(T_NOF),
    [GP_COND_AB] = CTBL(T_AB),
    [GP_COND_BLE] = CTBL(T_BLE),
    [GP_COND_SF] = CTBL(T_SF),
    [GP_COND_NSF] = CTBL(T_NSF),
};
_Static_assert(sizeof(gp_cond_table) / sizeof(gp_cond_table[0]) == GP_COND_NSF + 1,
               "gp_cond_table out of sync with gp_cond");

/* lane_bit[l] == 1 << l, as data so that mask tests vectorise (and + compare). */
static const uint32_t lane_bit[GP_LANES] = {
    1u << 0, 1u << 1, 1u << 2, 1u << 3, 1u << 4, 1u << 5, 1u << 6, 1u << 7,
    1u << 8, 1u << 9, 1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
};
_Static_assert(GP_LANES == 16, "lane_bit and the quad code assume 16 lanes");

/* ---- the machine ---------------------------------------------------------- */

struct gp_machine {
    gp_vec *temps;               /* temp_cap registers, 64-byte aligned */
    int temp_cap;
    gp_vec addr[GP_EXEC_ADDR_REGS];            /* integer view */
    uint32_t cc[2][4][GP_LANES];               /* CC0, CC1: GP_CC_* flags */
    int32_t lane_pc[GP_LANES];                 /* parked lanes: where they wait */
    int32_t lane_sp[GP_LANES];
    int32_t lane_calls[GP_LANES];              /* CALL + ADDR entries on the stack */
    int32_t lane_loops[GP_LANES];              /* REP + LOOP entries on the stack */
    int32_t lane_ifs[GP_LANES];                /* active IF blocks (all frames) */
    int64_t lane_steps[GP_LANES];              /* instructions executed */
    uint8_t stk_kind[GP_EXEC_STACK][GP_LANES]; /* GP_STK_* */
    int32_t stk_val[GP_EXEC_STACK][4][GP_LANES];
    int32_t stk_ifs[GP_EXEC_STACK][GP_LANES];  /* lane_ifs when the entry was pushed */
    /* Parameters broadcast to all lanes, so that a PARAM operand is a
     * register like any other: direct-mapped by row, valid while
     * pcache_gen[] equals gen, which every gp_exec call advances. */
    gp_vec pcache[GP_EXEC_PCACHE];
    int32_t pcache_row[GP_EXEC_PCACHE];
    uint32_t pcache_gen[GP_EXEC_PCACHE];
    uint32_t gen;
    gp_vec opnd[3];                            /* fetched operands */
    gp_vec res;                                /* instruction result */
    gp_vec tex;                                /* sampler output */
    /* Prepared forms of the programs this thread ran last (see "the
     * prepared program" below), least recently used replaced first. */
    gp_xprep prep[GP_EXEC_PREPS];
    uint64_t prep_clock;
    int prep_last;                             /* entry of the previous call */
    bool generic_only;                         /* gp_machine_set_fast_paths(m, false) */
    gp_vec tin[GP_IN_THREAD + 3];              /* inputs + NV_shader_thread_group rows (gp_ir.h) */
    gp_val tcp_prev[GP_PATCH_ROWS][4];         /* tessellation control: the per-patch values this
                                                  call last published (tcp_publish) */
};

#ifndef GP_EXEC_VARIANT /* defined once, by the baseline build */
gp_machine *gp_machine_create(void)
{
    size_t size = (sizeof(gp_machine) + 63) & ~(size_t)63;
    gp_machine *m = GP_ALIGNED_ALLOC(64, size);
    if (!m)
        return NULL;
    memset(m, 0, sizeof(*m));
    m->temps = GP_ALIGNED_ALLOC(64, GP_EXEC_TEMPS_MIN * sizeof(gp_vec));
    if (!m->temps) {
        GP_ALIGNED_FREE(m);
        return NULL;
    }
    /* Defined from the start: a call clears only the temporaries its
     * program may read before writing them (gp_xprep.zero). */
    memset(m->temps, 0, GP_EXEC_TEMPS_MIN * sizeof(gp_vec));
    m->temp_cap = GP_EXEC_TEMPS_MIN;
    return m;
}

static void prep_clear(gp_xprep *e);

void gp_machine_free(gp_machine *m)
{
    if (!m)
        return;
    for (int k = 0; k < GP_EXEC_PREPS; k++)
        prep_clear(&m->prep[k]);
    GP_ALIGNED_FREE(m->temps);
    GP_ALIGNED_FREE(m);
}

void gp_machine_set_fast_paths(gp_machine *m, bool on)
{
    if (m)
        m->generic_only = !on;
}
#endif

/* Grows the temporaries to at least n (once per machine and program size,
 * never per call in steady state).  On failure the capacity stays and
 * registers beyond it read as zero and drop writes. */
static void machine_reserve_temps(gp_machine *m, int n)
{
    if (n <= m->temp_cap)
        return;
    int cap = m->temp_cap;
    while (cap < n)
        cap *= 2;
    gp_vec *t = GP_ALIGNED_ALLOC(64, (size_t)cap * sizeof(gp_vec));
    if (!t)
        return;
    memset(t, 0, (size_t)cap * sizeof(gp_vec));
    GP_ALIGNED_FREE(m->temps);
    m->temps = t;
    m->temp_cap = cap;
}

/* ---- execution state of one gp_exec call ----------------------------------- */

typedef struct gp_xs {
    const gp_program *p;
    gp_exec_env *env;
    gp_machine *m;
    uint32_t alive;    /* lanes not terminated */
    uint32_t exec;     /* the running group */
    uint32_t live;     /* fragment lanes that are covered and not killed */
    int32_t pc, sp;    /* the running group's position */
    int32_t stop_pc;   /* pc of the nearest parked group at the same sp, or -1 */
    int nexec;         /* popcount(exec) */
    int64_t budget;    /* lane-instructions left (env->insn_budget) */
    int64_t budget0;   /* the budget at the start (env->insn_used = budget0 - budget) */
    int64_t steps;     /* instructions the group ran since its counters were flushed */
    int64_t left;      /* instructions the group may run before a limit is checked */
    int num_temps;     /* registers addressable in each file */
    int num_inputs, num_outputs;
    gp_vec *file_base[8];   /* per gp_file: register 0 (NULL: no registers) */
    int32_t file_count[8];  /* per gp_file: registers addressable (PARAM: rows) */
    char *base[GP_XB_COUNT]; /* prepared operands: register 0 of each GP_XB_* */
    uint32_t pinned;        /* parameter cache slots used by this instruction */
    uint32_t direct_exec[GP_XB_COUNT]; /* per gp_xop.dbase: the exec mask with which a
                                          fast case may compute in place (xdirect) */
    int call_depth;    /* the program's run-time limits (gp_ir.h), resolved */
    int if_depth, loop_depth, loop_count;
    int64_t exec_limit;
    bool fragment;
    bool geometry;     /* inputs are per vertex: fetch_geo_input (file_count[INPUT] = 0) */
    int geo_vertices;  /* geometry: info.gs_vertices_in */
    bool tess;         /* tessellation programs: every input through fetch_tess_input */
    bool tcp_sync;     /* control programs writing per-patch results, or run in chunks
                          with a barrier: tcp_publish between any two instructions */
    int tcp_vertices;  /* control: info.tcp_vertices_out */
    /* OF / CF per component and lane that the next CC update merges in
     * (the integer adds of exec_typed); NULL: cleared, as cc_update does */
    uint32_t (*cc_extra)[GP_LANES];
} gp_xs;

/* Instruction accounting.  The group counts its instructions in x->steps;
 * they are added to the lanes' counters (lane_steps, the watchdog budget)
 * whenever the group changes, so the per-instruction cost is one increment
 * and one compare against x->left, the smaller of what the budget allows the
 * group and what its busiest lane may still run (max_exec_instructions). */
static void tcp_publish(gp_xs *x, bool barrier);

static void xs_flush(gp_xs *x)
{
    if (!x->steps)
        return;
    if (GP_UNLIKELY(x->tcp_sync))
        tcp_publish(x, true); /* lock-step: the instructions run so far land before the next */
    if (x->exec_limit)
        for (int l = 0; l < GP_LANES; l++)
            if (x->exec & lane_bit[l])
                x->m->lane_steps[l] += x->steps;
    x->budget -= x->steps * x->nexec;
    x->steps = 0;
}

static void xs_start_group(gp_xs *x)
{
    x->nexec = lane_count(x->exec);
    x->steps = 0;
    int64_t left = x->nexec ? x->budget / x->nexec : 0;
    if (GP_UNLIKELY(x->tcp_sync) && left > 1)
        left = 1; /* xs_limit (so xs_flush) before every instruction but the group's first */
    if (x->exec_limit) {
        for (int l = 0; l < GP_LANES; l++)
            if ((x->exec & lane_bit[l]) && x->exec_limit - x->m->lane_steps[l] < left)
                left = x->exec_limit - x->m->lane_steps[l];
    }
    x->left = left;
}

/* Picks the group to run next (see the top of the file).  The running
 * group's lanes are parked at (pc, sp) first.  Leaves exec == 0 when every
 * lane has terminated. */
static void xs_schedule(gp_xs *x)
{
    gp_machine *m = x->m;
    xs_flush(x);
    for (uint32_t b = x->exec; b; b &= b - 1) {
        int l = lane_first(b);
        m->lane_pc[l] = x->pc;
        m->lane_sp[l] = x->sp;
    }
    /* priority key: larger sp first, then smaller pc */
    int64_t best = INT64_MIN;
    for (uint32_t b = x->alive; b; b &= b - 1) {
        int l = lane_first(b);
        int64_t key = ((int64_t)m->lane_sp[l] << 32) - m->lane_pc[l];
        best = key > best ? key : best;
    }
    uint32_t exec = 0;
    int32_t best_sp = -1, best_pc = INT32_MAX, stop = INT32_MAX;
    if (x->alive) {
        best_sp = (int32_t)((best + INT32_MAX) >> 32);
        best_pc = (int32_t)(((int64_t)best_sp << 32) - best);
    }
    for (uint32_t b = x->alive; b; b &= b - 1) {
        int l = lane_first(b);
        if (m->lane_sp[l] != best_sp)
            continue;
        if (m->lane_pc[l] == best_pc)
            exec |= lane_bit[l];
        else if (m->lane_pc[l] < stop)
            stop = m->lane_pc[l];
    }
    x->exec = exec;
    x->pc = best_pc;
    x->sp = best_sp;
    x->stop_pc = stop == INT32_MAX ? -1 : stop;
    xs_start_group(x);
}

/* Moves the running group: lanes in taken go to (tpc, tsp), the others to
 * (fpc, fsp).  Divergence parks both halves and lets the scheduler choose. */
static void xs_branch(gp_xs *x, uint32_t taken, int32_t tpc, int32_t tsp, int32_t fpc,
                      int32_t fsp)
{
    if (x->exec == 0) {
        xs_schedule(x);
        return;
    }
    if (taken == x->exec) {
        x->pc = tpc;
        x->sp = tsp;
    } else if (taken == 0) {
        x->pc = fpc;
        x->sp = fsp;
    } else {
        gp_machine *m = x->m;
        xs_flush(x);
        for (int l = 0; l < GP_LANES; l++) {
            if (!(x->exec & lane_bit[l]))
                continue;
            bool t = (taken & lane_bit[l]) != 0;
            m->lane_pc[l] = t ? tpc : fpc;
            m->lane_sp[l] = t ? tsp : fsp;
        }
        x->exec = 0;
        xs_schedule(x);
        return;
    }
    if (x->alive != x->exec)
        xs_schedule(x); /* the group moved relative to parked ones */
}

/* Terminates lanes (END, RET on an empty stack, stack overflow, abnormal
 * termination).  Their outputs keep the values written so far, which is
 * what NV_fragment_program2 3.11.4.X asks for; the caller reschedules. */
static void xs_terminate(gp_xs *x, uint32_t lanes)
{
    if (!(lanes & x->alive))
        return;
    xs_flush(x);
    x->alive &= ~lanes;
    x->exec &= ~lanes;
    xs_start_group(x);
}

/* x->left ran out before the instruction at x->pc: flush the counters, then
 * either the watchdog budget cannot pay for one more instruction of the
 * group (false: stop the task) or some lanes reached max_exec_instructions
 * and terminate abnormally (NV_fragment_program2 3.11.4.X: "terminate
 * abnormally after executing MAX_PROGRAM_EXEC_INSTRUCTIONS instructions"),
 * and the caller fetches again. */
static bool xs_limit(gp_xs *x)
{
    x->steps--; /* the instruction at pc has not run */
    xs_flush(x);
    if (x->budget < x->nexec)
        return false;
    uint32_t over = 0;
    for (int l = 0; l < GP_LANES; l++)
        if ((x->exec & lane_bit[l]) && x->exec_limit && x->m->lane_steps[l] >= x->exec_limit)
            over |= lane_bit[l];
    if (over)
        xs_terminate(x, over);
    else
        xs_start_group(x);
    if (!x->exec)
        xs_schedule(x);
    return true;
}

/* ---- numeric helpers ----------------------------------------------------- */

static inline float bits_f(uint32_t u)
{
    gp_val v;
    v.u = u;
    return v.f;
}

static inline uint32_t f_bits(float f)
{
    gp_val v;
    v.f = f;
    return v.u;
}

/* floor() for every binary32 input without a libm call, so that lane loops
 * vectorise: values of magnitude >= 2^23, infinities and NaN are already
 * integral; -0 stays -0.  The selects are done on bits: GCC would turn float
 * selects around a conversion back into branches (-ftrapping-math). */
static inline float gp_floorf(float x)
{
    uint32_t small = 0u - (uint32_t)(fabsf(x) < 8388608.0f);
    float xs = bits_f(f_bits(x) & small);
    float t = (float)(int32_t)xs;
    t = t - bits_f((0u - (uint32_t)(t > xs)) & 0x3f800000u);
    t = bits_f((f_bits(t) & 0x7fffffffu) | (f_bits(x) & 0x80000000u));
    return bits_f((f_bits(t) & small) | (f_bits(x) & ~small));
}

/* Saturating float -> int32 (address registers, loop counts): NaN gives 0. */
static inline int32_t gp_f2i(float f)
{
    if (!(f == f))
        return 0;
    if (f >= 2147483648.0f)
        return INT32_MAX;
    if (f < -2147483648.0f)
        return INT32_MIN;
    return (int32_t)f;
}

/* binary32 -> binary16 bits, round to nearest even; overflow gives +-INF,
 * NaN stays a (quiet) NaN. */
static uint16_t gp_f32_to_f16(float f)
{
    uint32_t x = f_bits(f);
    uint32_t sign = (x >> 16) & 0x8000u;
    x &= 0x7fffffffu;
    if (x >= 0x7f800000u) /* INF / NaN */
        return (uint16_t)(sign | 0x7c00u | (x > 0x7f800000u ? 0x200u | ((x >> 13) & 0x3ffu) : 0));
    if (x >= 0x477ff000u) /* >= 65520: rounds past 65504 */
        return (uint16_t)(sign | 0x7c00u);
    if (x < 0x38800000u) { /* below 2^-14: half denormal or zero */
        float a = bits_f(x) * 16777216.0f; /* exact: scales by 2^24 */
        return (uint16_t)(sign | (uint32_t)rintf(a));
    }
    uint32_t r = x - ((127u - 15u) << 23);
    r = (r + 0xfffu + ((r >> 13) & 1u)) >> 13;
    return (uint16_t)(sign | r);
}

static float gp_f16_to_f32(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0) /* zero or denormal: m * 2^-24, exact */
        return bits_f(sign | f_bits((float)m * (1.0f / 16777216.0f)));
    if (e == 31)
        return bits_f(sign | 0x7f800000u | (m << 13));
    return bits_f(sign | ((e + 127u - 15u) << 23) | (m << 13));
}

/* "X" precision (NV_fragment_program_option 3.11.4.X): signed 12-bit fixed
 * point with 10 fraction bits; overflow gives -2048/1024 or +2047/1024.
 * Rounded to the nearest step (ties to even); NaN has no fixed-point
 * encoding and becomes 0. */
static inline float gp_fx12(float f)
{
    if (!(f == f))
        return 0.0f;
    float s = rintf(f * 1024.0f);
    s = s < -2048.0f ? -2048.0f : s;
    s = s > 2047.0f ? 2047.0f : s;
    return s * (1.0f / 1024.0f);
}

/* ---- lane kernels ------------------------------------------------------------ */

/* Every ALU instruction is one or more of these: a pass over the GP_LANES
 * lanes of component rows (a row is GP_LANES consecutive 32-bit words, the
 * c[k] of a gp_vec).  They are written on short lane vectors (gp_f4, four
 * lanes: SSE2, the x86-64 baseline; eight, AVX2, in gp_exec_avx2.c's
 * build of this file) so they need no vectoriser and no
 * restrict: the result row may be an operand row of the same component
 * (ADD R0, R0, R1 computed straight into R0), which is safe because each
 * group of four lanes is read before it is written and lanes never mix.
 * Rows are either the same or disjoint (registers, broadcast parameters and
 * scratch are all made of whole rows).  Each kernel is the formula of the
 * spec section cited, evaluated in the order written (no FMA: the build
 * has -ffp-contract=off), so every lane gets the bits the scalar formula
 * gives.  Without vector extensions (the CMake option ASMGL_EXEC_VECTORS=OFF:
 * GP_EXEC_SCALAR) the same code runs on one lane at a time. */
#if defined(__GNUC__) && !defined(GP_EXEC_SCALAR)
#if defined(GP_EXEC_VARIANT) /* the AVX2 build: eight lanes (ymm) */
#define GP_VW 8
typedef float gp_f4 __attribute__((vector_size(32), aligned(4), may_alias));
typedef int32_t gp_i4 __attribute__((vector_size(32), aligned(4), may_alias));
#define V_SPLAT(k) ((gp_f4){(k), (k), (k), (k), (k), (k), (k), (k)})
#define V_ISPLAT(k) ((gp_i4){(k), (k), (k), (k), (k), (k), (k), (k)})
#else
#define GP_VW 4
typedef float gp_f4 __attribute__((vector_size(16), aligned(4), may_alias));
typedef int32_t gp_i4 __attribute__((vector_size(16), aligned(4), may_alias));
#define V_SPLAT(k) ((gp_f4){(k), (k), (k), (k)})
#define V_ISPLAT(k) ((gp_i4){(k), (k), (k), (k)})
#endif
#define V_LD(p) (*(const gp_f4 *)(const void *)(p))
#define V_ST(p, v) (*(gp_f4 *)(void *)(p) = (v))
#define V_MASK(cmp) (cmp)                   /* a comparison: all ones / zero per lane */
#define V_BITS(v) ((gp_i4)(v))
#define V_FLT(v) ((gp_f4)(v))
#define V_F2I(v) __builtin_convertvector((v), gp_i4) /* truncates, like (int32_t)f */
#define V_I2F(v) __builtin_convertvector((v), gp_f4)
#if defined(__clang__)
#define GP_UNROLL _Pragma("unroll")
#else
#define GP_UNROLL _Pragma("GCC unroll 4")
#endif
#else
#define GP_VW 1
typedef float gp_f4;
typedef int32_t gp_i4;
static inline gp_i4 v_bits(float f) { gp_val v; v.f = f; return v.i; }
static inline float v_flt(gp_i4 i) { gp_val v; v.i = i; return v.f; }
#define V_LD(p) (*(const float *)(p))
#define V_ST(p, v) (*(float *)(p) = (v))
#define V_SPLAT(k) ((float)(k))
#define V_ISPLAT(k) ((int32_t)(k))
#define V_MASK(cmp) (-(int32_t)(cmp))
#define V_BITS(v) v_bits(v)
#define V_FLT(v) v_flt(v)
#define V_F2I(v) ((int32_t)(v))
#define V_I2F(v) ((float)(v))
#define GP_UNROLL
#endif
_Static_assert(GP_LANES % GP_VW == 0, "rows are whole lane vectors");

/* m ? a : b per lane, on bits (m from V_MASK). */
#define V_SEL(m, a, b) V_FLT(((m) & V_BITS(a)) | (~(m) & V_BITS(b)))

/* ARB_vertex_program 2.14.5.16/17: MAX = (a > b) ? a : b, MIN = (a > b) ?
 * b : a, so a NaN operand gives b for MAX and a for MIN.  SSE's MAXPS(x, y)
 * is exactly "x > y ? x : y" and MINPS(x, y) "x < y ? x : y" (NaN or equal
 * zeros: y), so MAX = MAXPS(a, b) and MIN = MINPS(b, a). */
#if GP_VW == 8 && defined(__AVX__)
#include <immintrin.h>
#define V_MINPS(a, b) ((gp_f4)_mm256_min_ps((__m256)(a), (__m256)(b))) /* a < b ? a : b */
#define V_MAX(a, b) ((gp_f4)_mm256_max_ps((__m256)(a), (__m256)(b)))
#define V_MIN(a, b) ((gp_f4)_mm256_min_ps((__m256)(b), (__m256)(a)))
#define V_SQRT(a) ((gp_f4)_mm256_sqrt_ps((__m256)(a)))
#elif GP_VW == 4 && defined(__SSE__)
#include <xmmintrin.h>
#define V_MINPS(a, b) ((gp_f4)_mm_min_ps((__m128)(a), (__m128)(b))) /* a < b ? a : b */
#define V_MAX(a, b) ((gp_f4)_mm_max_ps((__m128)(a), (__m128)(b)))
#define V_MIN(a, b) ((gp_f4)_mm_min_ps((__m128)(b), (__m128)(a)))
#define V_SQRT(a) ((gp_f4)_mm_sqrt_ps((__m128)(a)))
#else
#define V_MINPS(a, b) V_SEL(V_MASK((a) < (b)), (a), (b))
#define V_MAX(a, b) V_SEL(V_MASK((a) > (b)), (a), (b))
#define V_MIN(a, b) V_SEL(V_MASK((a) > (b)), (b), (a))
static inline gp_f4 v_sqrt(gp_f4 a)
{
#if GP_VW == 1
    return sqrtf(a);
#else
    for (int j = 0; j < GP_VW; j++)
        a[j] = sqrtf(a[j]);
    return a;
#endif
}
#define V_SQRT(a) v_sqrt(a)
#endif

#define V_ONE V_SPLAT(1.0f)
#define V_ABS(a) V_FLT(V_BITS(a) & V_ISPLAT(0x7fffffff))

/* gp_floorf on a lane vector, the same values: lanes of magnitude below
 * 2^23 truncate (xs, 0 elsewhere), step down when that rounded up, and
 * take x's sign (so -0 stays -0; other negative results have it already);
 * the others are x. */
static GP_INLINE gp_f4 v_floor(gp_f4 x)
{
    gp_i4 xb = V_BITS(x);
    gp_i4 small = V_MASK(V_ABS(x) < V_SPLAT(8388608.0f));
    gp_f4 xs = V_FLT(xb & small);
    gp_f4 t = V_I2F(V_F2I(xs));
    t = t - V_FLT(V_MASK(t > xs) & V_BITS(V_ONE));
    gp_i4 tb = V_BITS(t) | (V_BITS(xs) & V_ISPLAT(INT32_MIN));
    return V_FLT(tb | (xb & ~small));
}

/* 1.0 where the comparison holds, else +0.0. */
#define V_SET(cmp) V_FLT(V_MASK(cmp) & V_BITS(V_ONE))

/* Kernel families: r = E over rows a (A), b (B), c (C). */
#define GP_LANE_LOOP GP_UNROLL for (int k_ = 0; k_ < GP_LANES; k_ += GP_VW)
#define GP_K1(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a)                  \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_);                                     \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
#define GP_K2(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a, const float *b)  \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_), B = V_LD(b + k_);                   \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
#define GP_K3(name, E)                                                        \
    static GP_INLINE void k_##name(float *r, const float *a, const float *b,  \
                                   const float *c)                            \
    {                                                                         \
        GP_LANE_LOOP {                                                        \
            const gp_f4 A = V_LD(a + k_), B = V_LD(b + k_), C = V_LD(c + k_); \
            V_ST(r + k_, (E));                                                \
        }                                                                     \
    }
/* Lane by lane (library calls, branches): in place is safe all the same. */
#define GP_KS1(name, E)                                                       \
    static void k_##name(float *r, const float *a)                            \
    {                                                                         \
        for (int l = 0; l < GP_LANES; l++) {                                  \
            const float A = a[l];                                             \
            r[l] = (E);                                                       \
        }                                                                     \
    }
static inline float gp_rcc(float a)
{
    /* NV_vertex_program2_option 2.14.5.33: 1/a clamped to [2^-64, 2^64] when
     * > 0, else to [-2^64, -2^-64] (RCC(+0) = 2^64, RCC(-0) = -2^64).  The
     * clamps are compares, so NaN stays NaN. */
    const float big = 18446744073709551616.0f, tiny = 5.42101086242752217e-20f;
    float r = 1.0f / a;
    if (r > 0.0f)
        r = r < tiny ? tiny : r > big ? big : r;
    else if (r <= 0.0f)
        r = r < -big ? -big : r > -tiny ? -tiny : r;
    return r;
}

GP_K1(mov, A)
GP_K1(abs, V_ABS(A))
GP_K1(flr, v_floor(A))
/* ARB_vertex_program 2.14.5.11: a - floor(a), "always in [0.0, 1.0)": a tiny
 * negative a would round up to 1.0, so the result is capped at 1 - 2^-24.
 * INF and NaN give NaN (DXIL Frc). */
static GP_INLINE gp_f4 v_frc(gp_f4 x)
{
    /* v_floor without its sign step, which only turns floor(-0) into -0:
     * here that difference is -0 - +0 = -0 where gp_frc has -0 - -0 = +0,
     * and the "+ 0" (not folded: IEEE) maps it to +0 and changes nothing
     * else (x - floor(x) is never -0 otherwise).  The cap, f >= 1 ? c : f
     * with c = 1 - 2^-24, is min(c, f) for every f (a NaN f stays). */
    gp_i4 xb = V_BITS(x);
    gp_i4 small = V_MASK(V_ABS(x) < V_SPLAT(8388608.0f));
    gp_f4 xs = V_FLT(xb & small);
    gp_f4 t = V_I2F(V_F2I(xs));
    t = t - V_FLT(V_MASK(t > xs) & V_BITS(V_ONE));
    gp_f4 fl = V_FLT(V_BITS(t) | (xb & ~small));
    gp_f4 f = (x - fl) + V_SPLAT(0.0f);
    return V_MINPS(V_SPLAT(0.99999994f), f);
}
GP_K1(frc, v_frc(A))
/* NV_vertex_program2_option 2.14.5.41; NaN is none of > = < and gives 0.0
 * ((a > 0) - (a < 0), as Mesa's interpreter does; masks are -1 for true). */
GP_K1(ssg, V_I2F(V_MASK(A < V_SPLAT(0.0f)) - V_MASK(A > V_SPLAT(0.0f))))
GP_K2(add, A + B)
GP_K2(sub, A - B)
GP_K2(mul, A * B)
GP_K2(max, V_MAX(A, B))
GP_K2(min, V_MIN(A, B))
/* 2.14.5.23/24 and NV_fragment_program_option 3.11.5.37-42: comparisons are
 * false for NaN except !=. */
GP_K2(sge, V_SET(A >= B))
GP_K2(slt, V_SET(A < B))
GP_K2(seq, V_SET(A == B))
GP_K2(sne, V_SET(A != B))
GP_K2(sgt, V_SET(A > B))
GP_K2(sle, V_SET(A <= B))
/* NV_fragment_program2 3.11.5.48: each component / the scalar. */
GP_K2(div, A / B)
/* 2.14.5.15: a*b + c, two roundings. */
GP_K3(mad, A * B + C)
/* ARB_fragment_program 3.11.5.3: a < 0 ? b : c (NaN picks c). */
GP_K3(cmp, V_SEL(V_MASK(A < V_SPLAT(0.0f)), B, C))
/* 3.11.5.14: a*b + (1-a)*c */
GP_K3(lrp, A * B + (V_ONE - A) * C)
/* 2.14.5.21: RCP(1) = 1 exactly; IEEE division gives +-INF for +-0. */
GP_K1(rcp, V_ONE / A)
/* 2.14.5.22: 1/sqrt(|a|), so RSQ(+-0) = +INF. */
GP_K1(rsq, V_ONE / V_SQRT(V_ABS(A)))
GP_KS1(rcc, gp_rcc(A))
/* The transcendentals are gp_vmath.h's, shared with every backend.
 * LG2 is undefined for a <= 0 (2.14.5.12): -INF for +-0 and NaN for
 * negatives, as the DXIL Log table does for unflushed inputs.  POW is
 * 2.14.5.20 ApproxPower, exact where EX2(b*LG2 a) fails (negative bases
 * with integer exponents), which the spec allows. */
#define k_ex2 gp_vm_ex2
#define k_lg2 gp_vm_lg2
#define k_cos gp_vm_cos
#define k_sin gp_vm_sin
#define k_pow gp_vm_pow

/* Dot products, summed left to right as the pseudocode writes them, into
 * one row. */
static GP_INLINE void k_dp2(float *r, const float *a0, const float *a1, const float *b0,
                            const float *b1)
{
    /* NV_fragment_program2 3.11.5.49 */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_));
}

static GP_INLINE void k_dp2a(float *r, const float *a0, const float *a1, const float *b0,
                             const float *b1, const float *k0)
{
    /* NV_fragment_program2 3.11.5.50: the DP2 sum, then + c.x */
    GP_LANE_LOOP {
        gp_f4 d = V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_);
        V_ST(r + k_, d + V_LD(k0 + k_));
    }
}

static GP_INLINE void k_dp3(float *r, const float *a0, const float *a1, const float *a2,
                            const float *b0, const float *b1, const float *b2)
{
    /* 2.14.5.4 */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_) +
                                  V_LD(a2 + k_) * V_LD(b2 + k_));
}

static GP_INLINE void k_dp4(float *r, const float *a0, const float *a1, const float *a2,
                            const float *a3, const float *b0, const float *b1, const float *b2,
                            const float *b3)
{
    /* 2.14.5.5; DPH (2.14.5.6) passes the constant row 1.0 as a3. */
    GP_LANE_LOOP V_ST(r + k_, V_LD(a0 + k_) * V_LD(b0 + k_) + V_LD(a1 + k_) * V_LD(b1 + k_) +
                                  V_LD(a2 + k_) * V_LD(b2 + k_) + V_LD(a3 + k_) * V_LD(b3 + k_));
}

/* _SAT / _SSAT on one row: ARB_fragment_program 3.11.4.3 "if (r < 0) r =
 * 0; else if (r > 1) r = 1;", so NaN passes unchanged and -0 stays -0. */
static GP_INLINE void k_clamp(float *r, float lo, float hi)
{
    const gp_f4 L = V_SPLAT(lo), H = V_SPLAT(hi);
    GP_LANE_LOOP {
        gp_f4 v = V_LD(r + k_);
        v = V_SEL(V_MASK(v < L), L, v);
        V_ST(r + k_, V_SEL(V_MASK(v > H), H, v));
    }
}

/* ---- operand fetch (R5) ---------------------------------------------------- */

/* Register index of a file, or NULL outside it (reads give 0, writes are
 * dropped: R5).  PARAM rows are not gp_vecs: see fetch_view. */
static inline const gp_vec *reg_file(const gp_xs *x, int file, int32_t index)
{
    /* only the register files have gp_vecs: GP_FILE_BUFFER / STORAGE /
     * SHARED operands are read by their own instructions' code */
    if ((unsigned)file > 7)
        return NULL;
    return (uint32_t)index < (uint32_t)x->file_count[file] && x->file_base[file]
               ? &x->file_base[file][index] : NULL;
}

static inline bool is_float_type(int type)
{
    return type == GP_TYPE_F32 || type == GP_TYPE_F64;
}

/* |x| then negation, per the operand's data type (NV_gpu_program4 2.X.4.2:
 * unsigned negation is two's complement and |x| does nothing; signed
 * |INT_MIN| and -INT_MIN stay INT_MIN). */
static void apply_mods(gp_val *restrict o, const gp_val *restrict in, bool absv, bool neg,
                       int type)
{
    if (is_float_type(type)) {
        uint32_t andm = absv ? 0x7fffffffu : 0xffffffffu;
        uint32_t xorm = neg ? 0x80000000u : 0u;
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = (in[l].u & andm) ^ xorm;
    } else if (type == GP_TYPE_S32) {
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t v = in[l].u;
            if (absv)
                v = (int32_t)v < 0 ? 0u - v : v;
            o[l].u = neg ? 0u - v : v;
        }
    } else {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = neg ? 0u - in[l].u : in[l].u;
    }
}

static inline gp_val swz_const(int sel, int type)
{
    gp_val v;
    if (sel == GP_SWZ_ONE)
        v.u = is_float_type(type) ? 0x3f800000u : 1u;
    else
        v.u = 0;
    return v;
}

/* Per-lane effective index of a relatively addressed operand; lanes whose
 * index falls outside [rel_lo, rel_hi] or the file get -1 (read as 0,
 * ARB_vertex_program 2.14.4.2 leaves the value undefined, R5 makes it 0). */
static void rel_indices(const gp_xs *x, uint8_t rel_file, uint8_t rel_reg, uint8_t rel_comp,
                        int32_t index, int32_t lo, int32_t hi, int32_t limit,
                        int32_t out[GP_LANES])
{
    const gp_vec *a = reg_file(x, rel_file == GP_FILE_TEMP ? GP_FILE_TEMP : GP_FILE_ADDRESS, rel_reg);
    if (lo < 0)
        lo = 0;
    if (hi > limit - 1)
        hi = limit - 1;
    for (int l = 0; l < GP_LANES; l++) {
        int64_t e = (int64_t)index + (a ? a->c[rel_comp & 3][l].i : 0);
        out[l] = (e >= lo && e <= hi) ? (int32_t)e : -1;
    }
}

static inline int32_t file_limit(const gp_xs *x, int file)
{
    return (unsigned)file > 7 ? 0 : x->file_count[file];
}

/* Per-lane source rows of a relatively addressed operand: a gp_vec register
 * or a parameter row, NULL (reads 0) when the index is out of range. */
typedef struct gp_rel_rows {
    const gp_vec *reg[GP_LANES];
    const gp_val *param[GP_LANES];
} gp_rel_rows;

static void rel_rows(const gp_xs *x, const gp_src *s, gp_rel_rows *rr)
{
    int32_t idx[GP_LANES];
    rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                file_limit(x, s->file), idx);
    bool param = s->file == GP_FILE_PARAM;
    for (int l = 0; l < GP_LANES; l++) {
        rr->reg[l] = !param && idx[l] >= 0 ? reg_file(x, s->file, idx[l]) : NULL;
        rr->param[l] = param && idx[l] >= 0 ? x->env->params[idx[l]] : NULL;
    }
}

/* Component c of a relatively addressed operand, before abs/negate. */
static void fetch_rel_comp(const gp_src *s, const gp_rel_rows *rr, int c, int type, gp_val *o)
{
    int sel = s->swz[c];
    if (sel > GP_SWZ_W) {
        gp_val k = swz_const(sel, type);
        for (int l = 0; l < GP_LANES; l++)
            o[l] = k;
    } else if (s->file == GP_FILE_PARAM) {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = rr->param[l] ? rr->param[l][sel].u : 0u;
    } else {
        for (int l = 0; l < GP_LANES; l++)
            o[l].u = rr->reg[l] ? rr->reg[l]->c[sel][l].u : 0u;
    }
}

/* An operand as four component rows (R5's one fetch path).  A view points
 * straight into the register when no modifier applies, so swizzles cost
 * nothing; |abs|, negation, parameters (uniform: broadcast once) and
 * relative addressing fill rows of buf.  Only the components in need are
 * set.  ARB_vertex_program 2.14.4.1 VectorLoad, NV_fragment_program_option
 * 3.11.4.1 (|abs| before negation), NV_gpu_program4 2.X.4.2 typed views. */
typedef struct gp_view {
    const gp_val *c[4];
} gp_view;

#define GP_ROW16(v) {v, v, v, v, v, v, v, v, v, v, v, v, v, v, v, v}
static const gp_val gp_const_rows[6][GP_LANES] = {
    GP_ROW16({.u = 0x00000000u}), /* +0.0, integer 0 */
    GP_ROW16({.u = 0x80000000u}), /* -0.0 */
    GP_ROW16({.u = 0x3f800000u}), /* +1.0 */
    GP_ROW16({.u = 0xbf800000u}), /* -1.0 */
    GP_ROW16({.u = 1u}),          /* integer 1 */
    GP_ROW16({.u = 0xffffffffu}), /* integer -1 (unsigned negation of 1) */
};

/* The row of a SWZ constant 0 / 1 after |abs| (no change) and negation. */
static const gp_val *const_row(int sel, bool neg, int type)
{
    if (sel != GP_SWZ_ONE)
        return gp_const_rows[is_float_type(type) && neg ? 1 : 0];
    if (is_float_type(type))
        return gp_const_rows[neg ? 3 : 2];
    return gp_const_rows[neg ? 5 : 4];
}

static inline void fill_row(gp_val *restrict r, gp_val v)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = v;
}

/* Out of line so that the stores vectorise (restrict is kept). */
static GP_NOINLINE void broadcast4(gp_vec *restrict v, const gp_val *restrict p)
{
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            v->c[c][l].u = p[c].u;
}

/* Parameter row index broadcast to all lanes (through the per-call cache),
 * or NULL outside the table.  A slot returned for one operand is pinned for
 * the rest of the instruction (x->pinned, cleared per instruction), so the
 * up to three PARAM operands of one instruction never evict each other: a
 * row lives in one of GP_EXEC_PCACHE_WAYS slots from row % GP_EXEC_PCACHE,
 * and at most two of them can be pinned. */
static inline const gp_vec *param_vec(gp_xs *x, int32_t row)
{
    if ((uint32_t)row >= (uint32_t)x->file_count[GP_FILE_PARAM])
        return NULL;
    gp_machine *m = x->m;
    int slot = -1;
    for (int k = 0; k < GP_EXEC_PCACHE_WAYS; k++) {
        int s = (row + k) & (GP_EXEC_PCACHE - 1);
        if (m->pcache_row[s] == row && m->pcache_gen[s] == m->gen) {
            x->pinned |= 1u << s;
            return &m->pcache[s];
        }
        if (slot < 0 && !(x->pinned >> s & 1))
            slot = s;
    }
    GP_ASSERT(slot >= 0);
    if (slot < 0) /* more PARAM operands than an instruction has */
        slot = row & (GP_EXEC_PCACHE - 1);
    broadcast4(&m->pcache[slot], x->env->params[row]);
    m->pcache_row[slot] = row;
    m->pcache_gen[slot] = m->gen;
    x->pinned |= 1u << slot;
    return &m->pcache[slot];
}

/* A GP_FILE_BUFFER operand (NV_parameter_buffer_object, gp_ir.h): element
 * e = index (+ the integer temporary's component, within [rel_lo, rel_hi])
 * of env->param_buffers[buf], one word broadcast to (w, w, w, w) or, for a
 * BUFFER4 binding, the words 4e..4e+3.  Words past the bound buffer, an
 * unbound binding and indices out of range read 0. */
static GP_NOINLINE void fetch_buffer(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                     uint32_t need, gp_view *v)
{
    unsigned b = s->buf < GP_MAX_PARAM_BUFFERS ? s->buf : 0;
    const gp_val *w = s->buf < GP_MAX_PARAM_BUFFERS ? x->env->param_buffers[b] : NULL;
    uint64_t nw = w ? x->env->param_buffer_words[b] : 0;
    bool vec4 = (x->p->info.param_buffers_vec4 >> b) & 1;
    /* NV5 program.buffer[a..b] (gp_src.nbuf): a binding point per lane */
    const gp_val *lw[GP_LANES];
    uint64_t lnw[GP_LANES];
    if (s->nbuf) {
        const gp_vec *vr = s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
        for (int l = 0; l < GP_LANES; l++) {
            int64_t o = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
            int64_t bp = (int64_t)s->buf + o;
            bool ok = o >= 0 && o < s->nbuf && bp < GP_MAX_PARAM_BUFFERS;
            lw[l] = ok ? x->env->param_buffers[bp] : NULL;
            lnw[l] = lw[l] ? x->env->param_buffer_words[bp] : 0;
        }
    } else {
        for (int l = 0; l < GP_LANES; l++) {
            lw[l] = w;
            lnw[l] = nw;
        }
    }
    int32_t idx[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    INT32_MAX, idx);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            idx[l] = s->index >= 0 ? s->index : -1;
    }
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        for (int l = 0; l < GP_LANES; l++) {
            if (sel > GP_SWZ_W) {
                t[l] = swz_const(sel, type);
                continue;
            }
            uint64_t k = vec4 ? (uint64_t)idx[l] * 4 + (uint64_t)sel : (uint64_t)idx[l];
            t[l].u = idx[l] >= 0 && k < lnw[l] ? lw[l][k].u : 0u;
        }
        apply_mods(buf->c[c], t, s->abs != 0, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

/* A geometry program input (NV_geometry_program4; gp_ir.h "Inputs"): slot
 * index (+ the integer temporary's component, within [rel_lo, rel_hi]) of
 * vertex v = vtx (+ T[vtx_rel_reg].vtx_rel_comp as a signed integer), read
 * from row v * GP_VARY_COUNT + slot of env->inputs.  A v outside
 * [0, gs_vertices_in) or a slot out of range reads 0 (R5).  primitive.id is
 * slot GP_VARY_PRIMID of vertex 0, so it needs nothing more.  Geometry
 * programs have file_count[GP_FILE_INPUT] = 0, so every input operand comes
 * here through fetch_view's slow path (the prepared fast cases address the
 * constant-vertex ones directly: prep_insn). */
static GP_NOINLINE void fetch_geo_input(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                        uint32_t need, gp_view *v)
{
    const gp_vec *in = x->env->inputs;
    int32_t slot[GP_LANES];
    if (s->rel) {
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi,
                    GP_VARY_COUNT, slot);
    } else {
        for (int l = 0; l < GP_LANES; l++)
            slot[l] = s->index >= 0 && s->index < GP_VARY_COUNT ? s->index : -1;
    }
    const gp_vec *vr = s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
    const gp_vec *rows[GP_LANES];
    for (int l = 0; l < GP_LANES; l++) {
        int64_t vv = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
        rows[l] = in && slot[l] >= 0 && vv >= 0 && vv < x->geo_vertices
                      ? &in[vv * GP_VARY_COUNT + slot[l]] : NULL;
    }
    gp_vec tr; /* NV_shader_thread_group primitive.threadid ..: the GP_IN_THREAD
                * rows of gp_ir.h, per lane (helperthread is fragment-only) */
    if (!s->rel && s->index >= GP_IN_THREAD && s->index < GP_IN_THREAD + 3) {
        const int row = s->index - GP_IN_THREAD;
        const uint32_t all = (uint32_t)((1ull << GP_LANES) - 1);
        memset(&tr, 0, sizeof(tr));
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t lt = (1u << l) - 1, le = (2u << l) - 1;
            if (row == 0) {
                tr.c[0][l].u = (uint32_t)l;
            } else if (row == 1) {
                tr.c[0][l].u = 1u << l;
                tr.c[1][l].u = lt;
                tr.c[2][l].u = le & all;
                tr.c[3][l].u = all & ~le;
            } else {
                tr.c[0][l].u = all & ~lt;
            }
            rows[l] = &tr;
        }
    }
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        int sel = s->swz[c];
        gp_val t[GP_LANES];
        if (sel > GP_SWZ_W) {
            fill_row(t, swz_const(sel, type));
        } else {
            for (int l = 0; l < GP_LANES; l++)
                t[l].u = rows[l] ? rows[l]->c[sel][l].u : 0u;
        }
        apply_mods(buf->c[c], t, s->abs != 0, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

/* A tessellation program input (gp_ir.h "Tessellation"): per lane, the
 * row index (+ the integer temporary's component within [rel_lo, rel_hi])
 * of vertex v = vtx (+ T[vtx_rel_reg].vtx_rel_comp); rows and vertices
 * outside what the env provides read 0 (R5; the spec leaves vertex[m] past
 * the patch size undefined). */
static GP_NOINLINE void fetch_tess_input(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                         uint32_t need, gp_view *v)
{
    const gp_exec_env *e = x->env;
    const bool tcp = x->p->info.stage == GP_STAGE_TESS_CONTROL;
    int32_t idx[GP_LANES];
    if (s->rel)
        rel_indices(x, s->rel_file, s->rel_reg, s->rel_comp, s->index, s->rel_lo, s->rel_hi, GP_TIN_END, idx);
    else
        for (int l = 0; l < GP_LANES; l++)
            idx[l] = s->index;
    const gp_vec *vr = s->vtx_rel ? reg_file(x, GP_FILE_TEMP, s->vtx_rel_reg) : NULL;
    gp_vec t;
    for (int l = 0; l < GP_LANES; l++) {
        const int r = idx[l];
        const int64_t vv = (int64_t)s->vtx + (vr ? vr->c[s->vtx_rel_comp & 3][l].i : 0);
        gp_val q[4];
        memset(q, 0, sizeof(q));
        if (r >= 0 && r < GP_VARY_COUNT) {
            /* input patch vertex vv */
            if (e->patch_in && vv >= 0 && vv < e->patch_in_vertices && vv < GP_MAX_PATCH_VERTICES)
                memcpy(q, e->patch_in[vv * GP_VARY_COUNT + r], sizeof(q));
        } else if (r >= GP_TIN_VOUT && r < GP_TIN_VOUT + GP_VARY_COUNT) {
            /* output patch vertex vv: lane vv % GP_LANES of its chunk */
            if (tcp && e->outputs && vv >= 0 && vv < x->tcp_vertices) {
                const gp_vec *o = &e->outputs[gp_tcp_vertex_row((int)vv, r - GP_TIN_VOUT)];
                for (int c = 0; c < 4; c++)
                    q[c] = o->c[c][vv % GP_LANES];
            }
        } else if (r >= GP_TIN_PATCH && r < GP_TIN_PATCH + GP_PATCH_ROWS) {
            const gp_val(*pa)[4] = tcp ? (const gp_val(*)[4])e->patch_out : e->patch_attr_in;
            if (pa)
                memcpy(q, pa[r - GP_TIN_PATCH], sizeof(q));
        } else if (r >= GP_TIN_LEVEL && r < GP_TIN_END) {
            const gp_val(*pa)[4] = tcp ? (const gp_val(*)[4])e->patch_out : e->patch_attr_in;
            int n = r - GP_TIN_LEVEL;
            if (pa)
                q[0] = n < 4 ? pa[GP_PATCH_TESSOUTER][n] : pa[GP_PATCH_TESSINNER][n - 4];
        } else if (r == GP_TIN_PRIM) {
            q[0].i = e->primitive_id;
            q[1].i = tcp ? e->tcp_first_invocation + l : 0;
            q[2].i = e->patch_in_vertices;
        } else if (r == GP_TIN_COORD && e->inputs) {
            for (int c = 0; c < 4; c++)
                q[c] = e->inputs[GP_TIN_TESSCOORD].c[c][l];
        } else if (r >= GP_IN_THREAD && r < GP_IN_THREAD + 3) {
            /* NV_shader_thread_group primitive.threadid ..: the GP_IN_THREAD
             * rows of gp_ir.h for lane l (helperthread is fragment-only) */
            const uint32_t all = (uint32_t)((1ull << GP_LANES) - 1);
            const uint32_t lt = (1u << l) - 1, le = (2u << l) - 1;
            if (r == GP_IN_THREAD) {
                q[0].u = (uint32_t)l;
            } else if (r == GP_IN_THREAD + 1) {
                q[0].u = 1u << l;
                q[1].u = lt;
                q[2].u = le & all;
                q[3].u = all & ~le;
            } else {
                q[0].u = all & ~lt;
            }
        }
        for (int c = 0; c < 4; c++)
            t.c[c][l] = q[c];
    }
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        int sel = s->swz[c];
        if (sel > GP_SWZ_W)
            fill_row(t.c[c], swz_const(sel, type));
        apply_mods(buf->c[c], sel > GP_SWZ_W ? t.c[c] : t.c[sel], s->abs != 0, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

/* Tessellation control programs (glprog.h "tessellation"): the per-patch
 * results the instructions since the last call wrote, per lane, into the
 * chunk's scratch rows GP_VARY_COUNT + r, land in env->patch_out: for
 * each component the highest lane whose value changed wins (EDGE.TCP_RACES,
 * glprog.h: the highest invocation of one instruction whose write changes
 * the value; a lane writing the value before does not count), and the row is broadcast
 * again.  Then, with a barrier and more than one chunk, the other chunks
 * run up to the same point (lock-step across calls; not at the end of the
 * program, barrier false: a call that ends releases the others). */
static void tcp_publish(gp_xs *x, bool barrier)
{
    gp_exec_env *e = x->env;
    gp_machine *m = x->m;
    gp_vec *rows = x->file_count[GP_FILE_OUTPUT] ? x->file_base[GP_FILE_OUTPUT] : NULL;
    for (uint64_t b = x->p->info.patch_outputs_written; b && rows; b &= b - 1) {
        int r = __builtin_ctzll(b);
        /* patch.attrib[n]: its row's four components; a level n of
         * tessouter / tessinner: x of its own row (gp_ir.h), published as
         * component n of the GP_PATCH_TESSOUTER / TESSINNER row */
        bool level = r == GP_PATCH_TESSOUTER || r == GP_PATCH_TESSINNER;
        int ncomp = r == GP_PATCH_TESSINNER ? 2 : 4;
        for (int c = 0; c < ncomp; c++) {
            gp_vec *row = level ? &rows[GP_TCP_LEVEL_ROW + (r == GP_PATCH_TESSINNER ? 4 : 0) + c]
                                : &rows[GP_VARY_COUNT + r];
            gp_val *lanes = row->c[level ? 0 : c];
            uint32_t prev = m->tcp_prev[r][c].u, val = prev;
            bool changed = false;
            for (int l = GP_LANES - 1; l >= 0 && !changed; l--)
                if (lanes[l].u != prev) {
                    val = lanes[l].u;
                    changed = true;
                }
            if (!changed)
                continue;
            m->tcp_prev[r][c].u = val;
            if (e->patch_out)
                e->patch_out[r][c].u = val;
            for (int l = 0; l < GP_LANES; l++)
                lanes[l].u = val;
        }
    }
    if (barrier && e->barrier && x->tcp_vertices > GP_LANES)
        e->barrier(e->barrier_user);
}

static void fetch64(gp_xs *x, const gp_src *s, int kind, uint64_t out[4][GP_LANES]);
static GP_NOINLINE void fetch_long_f32(gp_xs *x, const gp_src *s, gp_vec *buf, uint32_t need,
                                       gp_view *v);

static GP_NOINLINE void fetch_view_slow(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                                        uint32_t need, gp_view *v)
{
    bool absv = s->abs != 0;
    if (GP_UNLIKELY(s->hi) && is_float_type(type)) {
        /* a 32-bit float operand of a LONG variable: (float)double (gp_ir.h
         * "64-bit storage"); S/U operands read the low words, below */
        fetch_long_f32(x, s, buf, need, v);
        return;
    }
    if (GP_UNLIKELY(s->file == GP_FILE_BUFFER)) {
        fetch_buffer(x, s, buf, type, need, v);
        return;
    }
    if (GP_UNLIKELY(x->geometry) && s->file == GP_FILE_INPUT) {
        /* per-vertex inputs (file_count[INPUT] is 0 in geometry programs) */
        fetch_geo_input(x, s, buf, type, need, v);
        return;
    }
    if (GP_UNLIKELY(x->tess) && s->file == GP_FILE_INPUT) {
        fetch_tess_input(x, s, buf, type, need, v); /* file_count[INPUT] is 0 too */
        return;
    }
    if (GP_LIKELY(!s->rel)) {
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        for (int c = 0; c < 4; c++) {
            if (!(need >> c & 1))
                continue;
            int sel = s->swz[c];
            bool neg = (s->negate >> c) & 1;
            if (sel > GP_SWZ_W || !r) {
                v->c[c] = const_row(sel > GP_SWZ_W ? sel : GP_SWZ_ZERO, neg, type);
            } else if (!absv && !neg) {
                v->c[c] = r->c[sel];
            } else {
                apply_mods(buf->c[c], r->c[sel], absv, neg, type);
                v->c[c] = buf->c[c];
            }
        }
        return;
    }
    gp_rel_rows rr;
    rel_rows(x, s, &rr);
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        gp_val t[GP_LANES];
        fetch_rel_comp(s, &rr, c, type, t);
        apply_mods(buf->c[c], t, absv, (s->negate >> c) & 1, type);
        v->c[c] = buf->c[c];
    }
}

static GP_INLINE void fetch_view(gp_xs *x, const gp_src *s, gp_vec *buf, int type,
                              uint32_t need, gp_view *v)
{
    if (GP_LIKELY(!s->rel && !s->abs && !s->negate && !s->hi &&
                  (s->swz[0] | s->swz[1] | s->swz[2] | s->swz[3]) <= GP_SWZ_W)) {
        /* the common case: a swizzled register, no copy at all */
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        if (GP_LIKELY(r != NULL)) {
            v->c[0] = r->c[s->swz[0]];
            v->c[1] = r->c[s->swz[1]];
            v->c[2] = r->c[s->swz[2]];
            v->c[3] = r->c[s->swz[3]];
            return;
        }
    }
    fetch_view_slow(x, s, buf, type, need, v);
}

/* The operand as one contiguous vector, for the sampler request: the
 * register itself when it needs no change, else a copy in buf. */
static const gp_vec *fetch(gp_xs *x, const gp_src *s, gp_vec *buf, int type)
{
    if (gp_src_unchanged(s)) {
        const gp_vec *r = s->file == GP_FILE_PARAM ? param_vec(x, s->index)
                                                   : reg_file(x, s->file, s->index);
        if (r)
            return r;
    }
    gp_view v;
    fetch_view(x, s, buf, type, 0xfu, &v);
    for (int c = 0; c < 4; c++)
        if (v.c[c] != buf->c[c])
            memcpy(buf->c[c], v.c[c], sizeof(buf->c[c]));
    return buf;
}

/* A scalar operand (ScalarLoad): the first swizzled component, which the
 * front end replicates into swz[0..3] (gp_ir.h).  GP_LANES values, in the
 * register itself or in row 0 of buf. */
static const gp_val *fetch_scalar(gp_xs *x, const gp_src *s, gp_vec *buf, int type)
{
    gp_view v;
    fetch_view(x, s, buf, type, 1u, &v);
    return v.c[0];
}

/* ---- condition codes ------------------------------------------------------ */

/* Lanes for which test t passes on component c of the swizzled CC register
 * (NV_fragment_program_option 3.11.4.3 TestCC, NV_gpu_program4 2.X.4.3). */
static uint32_t cc_lanes(const gp_xs *x, const gp_cc_test *t, int c)
{
    if (t->cond == GP_COND_TR)
        return GP_LANE_ALL;
    if (t->cond >= sizeof(gp_cond_table) / sizeof(gp_cond_table[0]))
        return 0;
    uint32_t tbl = gp_cond_table[t->cond];
    const uint32_t *f = x->m->cc[t->reg & 1][t->swz[c] & 3];
    uint32_t bits = 0;
    for (int l = 0; l < GP_LANES; l++)
        bits |= ((tbl >> (f[l] & 15u)) & 1u) << l;
    return bits;
}

/* Branch / KIL / IF conditions: true when ANY of the four swizzled
 * components passes (NV_vertex_program2_option 2.14.4.X, NV_fragment_program2
 * 3.11.X.7). */
static uint32_t cc_any(const gp_xs *x, const gp_cc_test *t)
{
    if (t->cond == GP_COND_TR)
        return GP_LANE_ALL;
    uint32_t bits = 0, seen = 0;
    for (int c = 0; c < 4; c++) {
        uint32_t b = 1u << (t->swz[c] & 3);
        if (!(seen & b))
            bits |= cc_lanes(x, t, c);
        seen |= b;
    }
    return bits;
}

/* New flags for the lanes in lm of one CC component from the written value:
 * floats per NV_gpu_program4 2.X.4.3 (SF = r < 0 or NaN, ZF = r == 0 or NaN,
 * which encodes LT/EQ/GT/UN of NV_fragment_program_option 3.11.3.X with -0
 * and +0 both EQ); integers SF = MSB, ZF = zero, OF = CF = 0. */
static void cc_update(uint32_t *restrict cc, const gp_val *restrict v, uint32_t lm, int rtype)
{
    uint32_t f[GP_LANES];
    if (is_float_type(rtype)) {
        for (int l = 0; l < GP_LANES; l++) {
            float r = v[l].f;
            uint32_t nan = !(r == r);
            f[l] = (((uint32_t)(r < 0.0f) | nan) * GP_CC_SF) | (((uint32_t)(r == 0.0f) | nan) * GP_CC_ZF);
        }
    } else {
        for (int l = 0; l < GP_LANES; l++)
            f[l] = ((v[l].u >> 31) * GP_CC_SF) | ((uint32_t)(v[l].u == 0) * GP_CC_ZF);
    }
    for (int l = 0; l < GP_LANES; l++) {
        uint32_t sel = 0u - (uint32_t)((lm & lane_bit[l]) != 0);
        cc[l] = (f[l] & sel) | (cc[l] & ~sel);
    }
}

/* ---- result store (R5) ----------------------------------------------------- */

/* Masked copy of one component row: the lanes of lm from s, the others
 * kept (as bits: gp_val is a union of 32-bit types, a row GP_LANES
 * consecutive 32-bit words). */
static GP_INLINE void write_row(gp_val *d, const gp_val *s, uint32_t lm)
{
    if (lm == GP_LANE_ALL) {
        memcpy(d, s, sizeof(gp_val) * GP_LANES);
        return;
    }
#if GP_VW == 8
    const gp_i4 bits = {1, 2, 4, 8, 16, 32, 64, 128};
#elif GP_VW == 4
    const gp_i4 bits = {1, 2, 4, 8};
#else
    const gp_i4 bits = 1;
#endif
    GP_LANE_LOOP {
        gp_i4 m = V_MASK((V_ISPLAT((int32_t)(lm >> k_)) & bits) == bits);
        V_ST(&d[k_].f, V_SEL(m, V_LD(&s[k_].f), V_LD(&d[k_].f)));
    }
}
_Static_assert(sizeof(gp_val) == sizeof(uint32_t), "gp_val rows are arrays of 32-bit words");

/* Precision (NV_fragment_program_option 3.11.4.X: H = fp16, overflow +-INF;
 * X = fx12) then clamping (ARB_fragment_program 3.11.4.3 pseudocode
 * "if (r < 0) r = 0; else if (r > 1) r = 1;", so NaN passes unchanged;
 * NV_fragment_program2 _SSAT clamps to [-1,1] the same way: k_clamp). */
static void float_result_mods(const gp_insn *in, gp_val *row)
{
    if (in->precision == 'H') {
        for (int l = 0; l < GP_LANES; l++)
            row[l].f = gp_f16_to_f32(gp_f32_to_f16(row[l].f));
    } else if (in->precision == 'X') {
        for (int l = 0; l < GP_LANES; l++)
            row[l].f = gp_fx12(row[l].f);
    }
    if (in->sat == GP_SAT_01)
        k_clamp(&row[0].f, 0.0f, 1.0f);
    else if (in->sat == GP_SAT_11)
        k_clamp(&row[0].f, -1.0f, 1.0f);
}

/* Writes the result rows (type rtype, precision and clamping already
 * applied) to the destination under the execution mask, the write mask and
 * the condition-code write mask, and updates the CC
 * (NV_fragment_program_option 3.11.4.3 UpdateDestination; NV_vertex_program3
 * 2.14.4.3 adds the clamp before the merge).  rows[c] is the result for
 * component c; it must not be a row of the destination register. */
static void store_widen(gp_xs *x, const gp_insn *in, const gp_val *const rows[4], int rtype);

static void store_rows(gp_xs *x, const gp_insn *in, const gp_val *const rows[4], int rtype)
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    if (GP_UNLIKELY(d->hi)) {
        store_widen(x, in, rows, rtype); /* a LONG destination: both words */
        return;
    }
    bool reg = d->file == GP_FILE_TEMP || d->file == GP_FILE_OUTPUT || d->file == GP_FILE_ADDRESS;
    if (d->cc.cond == GP_COND_TR && !in->cc_update && !d->rel && !d->clipdist) {
        /* the common case: plain masked write */
        gp_vec *dreg = reg ? (gp_vec *)reg_file(x, d->file, d->index) : NULL;
        if (dreg)
            for (int c = 0; c < 4; c++)
                if (wmask >> c & 1)
                    write_row(dreg->c[c], rows[c], x->exec);
        return;
    }
    gp_vec *dreg = NULL;
    int32_t idx[GP_LANES];
    bool rel = d->rel != 0;
    if (reg) {
        if (rel)
            rel_indices(x, d->rel_file, d->rel_reg, d->rel_comp, d->index, d->rel_lo, d->rel_hi,
                        file_limit(x, d->file), idx);
        else
            dreg = (gp_vec *)reg_file(x, d->file, d->index);
    }
    /* the condition-code write mask tests the CC as it was before this
     * instruction's update (UpdateDestination: merged into mergedCC, which
     * replaces cc at the end), so all four tests come first */
    uint32_t lms[4];
    for (int c = 0; c < 4; c++)
        lms[c] = (wmask >> c & 1) ? x->exec & cc_lanes(x, &d->cc, c) : 0u;
    for (int c = 0; c < 4; c++) {
        uint32_t lm = lms[c];
        if (!lm)
            continue;
        const gp_val *row = rows[c];
        if (rel) {
            for (int l = 0; l < GP_LANES; l++) {
                if (!(lm & lane_bit[l]) || idx[l] < 0)
                    continue;
                gp_vec *t = (gp_vec *)reg_file(x, d->file, idx[l]);
                if (t)
                    t->c[c][l] = row[l];
            }
        } else if (dreg) {
            if (d->clipdist) {
                /* result.clip[n]: only the x result counts, into comp n%4. */
                if (c == 0)
                    write_row(dreg->c[(d->clipdist - 1) & 3], row, lm);
            } else {
                write_row(dreg->c[c], row, lm);
            }
        }
        if (in->cc_update) {
            uint32_t *cc = x->m->cc[(in->cc_update - 1) & 1][c];
            cc_update(cc, row, lm, rtype);
            if (x->cc_extra)
                for (int l = 0; l < GP_LANES; l++)
                    if (lm & lane_bit[l])
                        cc[l] |= x->cc_extra[c][l];
        }
    }
}

/* store_rows for a result computed in scratch r: floats get precision and
 * clamping first.  scalar: only r->c[0] is valid and is replicated to every
 * written component. */
static inline void store(gp_xs *x, const gp_insn *in, gp_vec *r, int rtype, bool scalar)
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    if (GP_LIKELY(!in->sat && !in->precision && d->cc.cond == GP_COND_TR && !in->cc_update &&
                  !d->rel && !d->clipdist && !d->hi)) {
        /* the common case: plain masked write */
        gp_vec *dreg = (gp_vec *)reg_file(x, d->file, d->index);
        if (dreg && d->file != GP_FILE_INPUT && d->file != GP_FILE_PARAM)
            for (int c = 0; c < 4; c++)
                if (wmask >> c & 1)
                    write_row(dreg->c[c], r->c[scalar ? 0 : c], x->exec);
        return;
    }
    if (!wmask)
        return;
    if (is_float_type(rtype) && (in->precision == 'H' || in->precision == 'X' || in->sat)) {
        for (int c = 0; c < (scalar ? 1 : 4); c++)
            if (scalar || (wmask >> c & 1))
                float_result_mods(in, r->c[c]);
    }
    const gp_val *rows[4];
    for (int c = 0; c < 4; c++)
        rows[c] = r->c[scalar ? 0 : c];
    store_rows(x, in, rows, rtype);
}

/* ---- double-width registers: LONG variables (gp_ir.h "64-bit storage") -----
 *
 * A LONG variable's component is two 32-bit rows: the low word in the
 * operand's row, the high word src.hi / dst.hi rows further (relative
 * addressing moves both).  fetch64 reads any operand as 64-bit values of a
 * kind (GP_KIND_S / U: integers, GP_KIND_F: the bits of a double), store64
 * writes 64-bit results; the 32-bit paths narrow (fetch_long_f32, the low
 * words) and widen (store_widen) where a 32-bit instruction meets a LONG
 * variable. */

static inline double bits_d(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof(d));
    return d;
}

static inline uint64_t d_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof(u));
    return u;
}

/* |x| then negation of one 64-bit component of a kind (U: |x| does
 * nothing, negation is two's complement; S: |INT64_MIN| and -INT64_MIN stay
 * INT64_MIN; F: the sign bit). */
static inline uint64_t mods64(uint64_t v, int kind, bool absv, bool neg)
{
    if (kind == GP_KIND_F) {
        if (absv)
            v &= ~(1ull << 63);
        return neg ? v ^ (1ull << 63) : v;
    }
    if (absv && kind == GP_KIND_S && (int64_t)v < 0)
        v = 0u - v;
    return neg ? 0u - v : v;
}

/* Operand s as 64-bit values: lo | hi << 32 for a LONG variable or a 64-bit
 * literal (its two GP_PARAM_CONST rows, s->hi = 1), else the
 * 32-bit value promoted (2.X.4.1: S sign-, U zero-extended, F float ->
 * double); then |x| and negation on the 64-bit value of the kind (U: |x|
 * does nothing, negation is two's complement; S: |INT64_MIN| and
 * -INT64_MIN stay INT64_MIN; F: the sign bit). */
static void fetch64(gp_xs *x, const gp_src *s, int kind, uint64_t out[4][GP_LANES])
{
    gp_src q = *s;
    q.abs = 0;
    q.negate = 0;
    q.hi = 0;
    gp_vec lbuf, hbuf;
    gp_view lo, hi;
    if (s->hi) {
        fetch_view(x, &q, &lbuf, GP_TYPE_U32, 0xfu, &lo);
        q.index += s->hi;
        q.rel_lo += s->hi;
        q.rel_hi += s->hi;
        fetch_view(x, &q, &hbuf, GP_TYPE_U32, 0xfu, &hi);
        for (int c = 0; c < 4; c++) {
            int sel = s->swz[c];
            if (sel > GP_SWZ_W) {
                uint64_t k = sel != GP_SWZ_ONE ? 0u : kind == GP_KIND_F ? 0x3ff0000000000000ull : 1u;
                for (int l = 0; l < GP_LANES; l++)
                    out[c][l] = k;
                continue;
            }
            for (int l = 0; l < GP_LANES; l++)
                out[c][l] = (uint64_t)lo.c[c][l].u | (uint64_t)hi.c[c][l].u << 32;
        }
    } else {
        int t = kind == GP_KIND_F ? GP_TYPE_F32 : kind == GP_KIND_S ? GP_TYPE_S32 : GP_TYPE_U32;
        fetch_view(x, &q, &lbuf, t, 0xfu, &lo);
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                gp_val v = lo.c[c][l];
                out[c][l] = kind == GP_KIND_F ? d_bits((double)v.f)
                            : kind == GP_KIND_S ? (uint64_t)(int64_t)v.i : (uint64_t)v.u;
            }
    }
    if (!s->abs && !s->negate)
        return;
    for (int c = 0; c < 4; c++) {
        bool neg = (s->negate >> c) & 1;
        for (int l = 0; l < GP_LANES; l++) {
            out[c][l] = mods64(out[c][l], kind, s->abs != 0, neg);
        }
    }
}

/* A 32-bit float operand of a LONG variable (fetch_view_slow): the double,
 * modifiers applied, rounded to float (nearest even; |x| and negation
 * commute with the rounding). */
static GP_NOINLINE void fetch_long_f32(gp_xs *x, const gp_src *s, gp_vec *buf, uint32_t need,
                                       gp_view *v)
{
    uint64_t t[4][GP_LANES];
    fetch64(x, s, GP_KIND_F, t);
    for (int c = 0; c < 4; c++) {
        if (!(need >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++)
            buf->c[c][l].f = (float)bits_d(t[c][l]);
        v->c[c] = buf->c[c];
    }
}

/* CC flags (2.X.4.3) of a 64-bit value: SF = bit 63 / double < 0 or NaN,
 * ZF = all 64 bits 0 / double == 0 or NaN; OF = CF = 0. */
static inline uint32_t cc_flags64(uint64_t v, int kind)
{
    if (kind == GP_KIND_F) {
        double d = bits_d(v);
        uint32_t nan = !(d == d);
        return (((uint32_t)(d < 0.0) | nan) * GP_CC_SF) | (((uint32_t)(d == 0.0) | nan) * GP_CC_ZF);
    }
    return ((uint32_t)(v >> 63) * GP_CC_SF) | ((uint32_t)(v == 0) * GP_CC_ZF);
}

/* Writes per-component rows lo (and hi: NULL for a 32-bit destination) under
 * the execution mask, the write mask and the condition-code write mask,
 * and sets the CC of the written lanes to flags (the CC tests see the CC
 * before the update, as in store_rows). */
static void store_pair(gp_xs *x, const gp_insn *in, gp_val lo[4][GP_LANES],
                       gp_val (*hi)[GP_LANES], uint32_t flags[4][GP_LANES])
{
    const gp_dst *d = &in->dst;
    uint32_t wmask = d->mask & 0xfu;
    bool reg = d->file == GP_FILE_TEMP || d->file == GP_FILE_OUTPUT || d->file == GP_FILE_ADDRESS;
    int32_t hoff = hi ? d->hi : 0;
    gp_vec *dlo = NULL, *dhi = NULL;
    int32_t idx[GP_LANES];
    bool rel = d->rel != 0;
    if (reg) {
        if (rel) {
            rel_indices(x, d->rel_file, d->rel_reg, d->rel_comp, d->index, d->rel_lo, d->rel_hi,
                        file_limit(x, d->file), idx);
        } else {
            dlo = (gp_vec *)reg_file(x, d->file, d->index);
            dhi = hi ? (gp_vec *)reg_file(x, d->file, d->index + hoff) : NULL;
        }
    }
    uint32_t lms[4]; /* the CC before the update (store_rows) */
    for (int c = 0; c < 4; c++)
        lms[c] = (wmask >> c & 1) ? x->exec & cc_lanes(x, &d->cc, c) : 0u;
    for (int c = 0; c < 4; c++) {
        uint32_t lm = lms[c];
        if (!lm)
            continue;
        if (rel) {
            for (int l = 0; l < GP_LANES; l++) {
                if (!(lm & lane_bit[l]) || idx[l] < 0)
                    continue;
                gp_vec *t = (gp_vec *)reg_file(x, d->file, idx[l]);
                if (t)
                    t->c[c][l] = lo[c][l];
                t = hi ? (gp_vec *)reg_file(x, d->file, idx[l] + hoff) : NULL;
                if (t)
                    t->c[c][l] = hi[c][l];
            }
        } else {
            if (dlo) {
                if (d->clipdist) {
                    if (c == 0)
                        write_row(dlo->c[(d->clipdist - 1) & 3], lo[c], lm);
                } else {
                    write_row(dlo->c[c], lo[c], lm);
                }
            }
            if (dhi)
                write_row(dhi->c[c], hi[c], lm);
        }
        if (in->cc_update) {
            uint32_t *cc = x->m->cc[(in->cc_update - 1) & 1][c];
            for (int l = 0; l < GP_LANES; l++)
                if (lm & lane_bit[l])
                    cc[l] = flags[c][l];
        }
    }
}

/* store_rows to a LONG variable: the 32-bit result widened (S sign-, U
 * zero-extended, F float -> double); the CC from the 32-bit value. */
static GP_NOINLINE void store_widen(gp_xs *x, const gp_insn *in, const gp_val *const rows[4],
                                    int rtype)
{
    gp_val lo[4][GP_LANES], hi[4][GP_LANES];
    uint32_t flags[4][GP_LANES];
    for (int c = 0; c < 4; c++) {
        if (!(in->dst.mask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t u = rows[c][l].u;
            uint64_t w = is_float_type(rtype) ? d_bits((double)bits_f(u))
                         : rtype == GP_TYPE_S32 ? (uint64_t)(int64_t)(int32_t)u : (uint64_t)u;
            lo[c][l].u = (uint32_t)w;
            hi[c][l].u = (uint32_t)(w >> 32);
        }
        if (in->cc_update) {
            cc_update(flags[c], rows[c], GP_LANE_ALL, rtype);
            if (x->cc_extra)
                for (int l = 0; l < GP_LANES; l++)
                    flags[c][l] |= x->cc_extra[c][l];
        }
    }
    store_pair(x, in, lo, hi, flags);
}

/* The 64-bit results r of kind (GP_KIND_S / U / F) of instruction in:
 * _SAT / _SSAT clamp F results (the ARB pseudocode's compares, NaN
 * passes), then the write to a LONG destination (both words) or to a
 * 32-bit one (narrowed: the low word / (float)double, nearest even), and
 * the CC from the 64-bit value (plus gp_xs.cc_extra: OF / CF). */
static void store64(gp_xs *x, const gp_insn *in, uint64_t r[4][GP_LANES], int kind)
{
    const gp_dst *d = &in->dst;
    gp_val lo[4][GP_LANES], hi[4][GP_LANES];
    uint32_t flags[4][GP_LANES];
    for (int c = 0; c < 4; c++) {
        if (!(d->mask >> c & 1))
            continue;
        for (int l = 0; l < GP_LANES; l++) {
            uint64_t v = r[c][l];
            if (kind == GP_KIND_F && in->sat) {
                double f = bits_d(v), mn = in->sat == GP_SAT_11 ? -1.0 : 0.0;
                if (f < mn)
                    v = d_bits(mn);
                else if (f > 1.0)
                    v = d_bits(1.0);
                r[c][l] = v;
            }
            if (d->hi) {
                lo[c][l].u = (uint32_t)v;
                hi[c][l].u = (uint32_t)(v >> 32);
            } else {
                lo[c][l].u = kind == GP_KIND_F ? f_bits((float)bits_d(v)) : (uint32_t)v;
            }
            flags[c][l] = cc_flags64(v, kind) | (x->cc_extra ? x->cc_extra[c][l] : 0u);
        }
    }
    store_pair(x, in, lo, d->hi ? hi : NULL, flags);
}
