/*
 * test_compute.c - rast_dispatch (rast.h "Compute", NV_compute_program5) on
 * real compiled !!NVcp5.0 programs, every result computed by hand:
 *   - invocation ids: GROUP_SIZE 4 2 2 x groups (3, 2, 2); every invocation
 *     STBs globalid / localindex / groupid / groupcount / localid /
 *     groupsize into its own 48-byte record (index from globalid), and a
 *     GROUP_SIZE 37 program STOREs through a global address (partial last
 *     gp_exec call);
 *   - a shared-memory tree reduction over GROUP_SIZE 256 (16 gp_exec calls)
 *     with BAR between the steps: the sum is right only if BAR makes every
 *     call wait for the others (no fibers: call 0 would read zeros);
 *   - ATOMS: a counter and a sum in shared memory, and the old values
 *     ATOMS returns (a permutation of 0..n-1), GROUP_SIZE 1000 (63 calls,
 *     the last one partial);
 *   - shared memory starts zeroed in every work group (EDGE.CP_SHARED_INIT);
 *   - BAR in divergent flow (EDGE.BAR_DIVERGENT): calls that end release
 *     the others, the dispatch never hangs; a call that runs out of
 *     instruction budget stops the dispatch, counted and reported once;
 *   - group counts: 0 groups does nothing; cp_invocations counts;
 *   - everything gives the same memory with 1, 2 and 4 threads;
 *   - deterministic mode: atomics across groups in group order (1, 4, 7
 *     threads).
 * covers: HDR.NVCP50 DECL.GROUP_SIZE DECL.SHARED DECL.SHARED_MEMORY
 * covers: BIND.C.LOCALID BIND.C.GLOBALID BIND.C.GROUPID BIND.C.GROUPCOUNT BIND.C.GROUPSIZE
 * covers: BIND.C.LOCALINDEX OP.BAR OP.LDS OP.STS OP.ATOMS EDGE.CP_SHARED_INIT
 * covers: EDGE.BAR_DIVERGENT EDGE.CP_DIMS
 * Thread: test main thread (plus the pool's workers).
 */
#include "rast_test.h"
#include "../../memory/mem.h"

/* A parameter table where program.local[0] = (lo, hi) of addr. */
static gp_val (*addr_params(const gp_program *p, uint64_t addr))[4]
{
    const gp_program_info *info = gp_program_get_info(p);
    int n = info->num_params > 0 ? info->num_params : 1;
    gp_val(*t)[4] = calloc((size_t)n, sizeof(*t));
    for (int i = 0; i < info->num_params; i++) {
        const gp_param_binding *b = &info->params[i];
        for (int c = 0; c < 4; c++)
            t[i][c] = b->kind == GP_PARAM_CONST ? b->value[c] : (gp_val){.u = 0};
        if (b->kind == GP_PARAM_LOCAL && b->index == 0) {
            t[i][0].u = (uint32_t)addr;
            t[i][1].u = (uint32_t)(addr >> 32);
        }
    }
    return t;
}

static GLenum dispatch(rast_context *r, const gp_program *cp, const gp_val (*params)[4],
                       uint8_t *sbuf, size_t sbytes, mem_space *space, uint32_t gx, uint32_t gy,
                       uint32_t gz)
{
    rast_dispatch_args a;
    memset(&a, 0, sizeof(a));
    a.cp.prog = cp;
    a.cp.params = params;
    a.res.space = space;
    a.res.storage[0] = (gp_buffer_view){sbuf, sbytes};
    a.groups[0] = gx;
    a.groups[1] = gy;
    a.groups[2] = gz;
    return rast_dispatch(r, &a);
}

static uint64_t cp_count(rast_context *r)
{
    rast_stats st;
    rast_stats_get(r, &st);
    return st.cp_invocations;
}

/* ---- invocation ids ------------------------------------------------------------ */

static const char *const CP_IDS =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 2 2;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP a, v;\n"
    /* record (gx + 12 * (gy + 4 * gz)) of 48 bytes: global size (12, 4, 4) */
    "MAD.U a.x, invocation.globalid.z, 4, invocation.globalid.y;\n"
    "MAD.U a.x, a.x, 12, invocation.globalid.x;\n"
    "MUL.U a.x, a.x, 48;\n"
    "MOV.U v.xyz, invocation.globalid;\n"
    "MOV.U v.w, invocation.localindex.x;\n"
    "STB.U32X4 v, sb[a.x];\n"
    "MOV.U v.xyz, invocation.groupid;\n"
    "MAD.U v.w, invocation.groupcount.z, 10, invocation.groupcount.y;\n"
    "MAD.U v.w, v.w, 10, invocation.groupcount.x;\n"
    "ADD.U a.x, a.x, 16;\n"
    "STB.U32X4 v, sb[a.x];\n"
    "MOV.U v.xyz, invocation.localid;\n"
    "MAD.U v.w, invocation.groupsize.z, 10, invocation.groupsize.y;\n"
    "MAD.U v.w, v.w, 10, invocation.groupsize.x;\n"
    "ADD.U a.x, a.x, 16;\n"
    "STB.U32X4 v, sb[a.x];\n"
    "END\n";

static void test_ids(rast_context *r, uint32_t *out)
{
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_IDS);
    const gp_program_info *info = gp_program_get_info(cp);
    CHECK(info->cp_group_size[0] == 4 && info->cp_group_size[1] == 2 && info->cp_group_size[2] == 2,
          "GROUP_SIZE %d %d %d", info->cp_group_size[0], info->cp_group_size[1],
          info->cp_group_size[2]);
    gp_val(*pp)[4] = addr_params(cp, 0);
    enum { NREC = 12 * 4 * 4 };
    memset(out, 0xee, NREC * 48);
    uint64_t before = cp_count(r);
    CHECK(dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, NREC * 48, NULL, 3, 2, 2) ==
              GL_NO_ERROR,
          "dispatch");
    CHECK(cp_count(r) - before == NREC, "cp_invocations %llu, want %d",
          (unsigned long long)(cp_count(r) - before), NREC);
    int bad = 0;
    for (uint32_t z = 0; z < 4; z++) {
        for (uint32_t y = 0; y < 4; y++) {
            for (uint32_t x = 0; x < 12; x++) {
                const uint32_t *rec = out + (x + 12 * (y + 4 * z)) * 12;
                uint32_t lx = x % 4, ly = y % 2, lz = z % 2;
                uint32_t want[12] = {x, y, z, lx + 4 * ly + 8 * lz, /* globalid, localindex */
                                     x / 4, y / 2, z / 2, 3 + 20 + 200, /* groupid, groupcount */
                                     lx, ly, lz, 4 + 20 + 200};         /* localid, groupsize */
                if (memcmp(rec, want, sizeof want) != 0 && bad++ < 4)
                    CHECK(0, "invocation (%u %u %u): %u %u %u %u / %u %u %u %u / %u %u %u %u", x, y,
                          z, rec[0], rec[1], rec[2], rec[3], rec[4], rec[5], rec[6], rec[7], rec[8],
                          rec[9], rec[10], rec[11]);
            }
        }
    }
    /* no groups: nothing runs */
    memset(out, 0xee, 48);
    before = cp_count(r);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, NREC * 48, NULL, 0, 2, 2);
    CHECK(cp_count(r) == before && out[0] == 0xeeeeeeeeu, "a dispatch of 0 groups ran");
    free(pp);
    gp_program_free(cp);
}

/* GROUP_SIZE 37, 5 groups: 185 invocations, each STOREs 3 * globalid.x + 1 at
 * base + 4 * globalid.x through a global address (two full calls and one of
 * 5 lanes per group). */
static const char *const CP_STORE =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 37;\n"
    "LONG TEMP a, o;\n"
    "TEMP p, v;\n"
    "MUL.U p.x, invocation.globalid.x, 4;\n"
    "MOV.U p.y, 0;\n"
    "PK64.U o.x, p;\n"
    "PK64.U a.x, program.local[0];\n"
    "ADD.U64 a.x, a.x, o.x;\n"
    "MAD.U v.x, invocation.globalid.x, 3, 1;\n"
    "STORE.U32 v, a.x;\n"
    "END\n";

static void test_store(rast_context *r, uint32_t *out)
{
    mem_space *space = mem_space_create();
    mem_buffer *b = mem_buffer_create();
    mem_buffer_alloc(b, 4 * 200, NULL);
    mem_space_make_resident(space, b, MEM_GPU_READ | MEM_GPU_WRITE);
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_STORE);
    gp_val(*pp)[4] = addr_params(cp, mem_space_address(space, b));
    dispatch(r, cp, (const gp_val(*)[4])pp, NULL, 0, space, 5, 1, 1);
    const uint32_t *w = mem_buffer_data(b);
    int bad = 0;
    for (uint32_t i = 0; i < 200; i++) {
        uint32_t want = i < 185 ? 3 * i + 1 : 0;
        if (w[i] != want && bad++ < 4)
            CHECK(0, "STORE word %u = %u, want %u", i, w[i], want);
    }
    memcpy(out, w, 4 * 200);
    free(pp);
    gp_program_free(cp);
    mem_space_destroy(space);
    mem_buffer_destroy(b);
}

/* ---- shared memory and BAR ------------------------------------------------------- */

/* GROUP_SIZE 256: v = localindex + 1 + 1000 * groupid.x in sh[li]; then for
 * s = 128, 64 .. 1: BAR; li < s: sh[li] += sh[li + s]; finally BAR and
 * invocation 0 STBs sh[0] to word groupid.x.  Sum: 256 * 257 / 2 +
 * 256000 * g = 32896 + 256000 g. */
static gp_program *make_reduce(void)
{
    static char src[8192];
    int n = snprintf(src, sizeof src,
                     "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
                     "GROUP_SIZE 256;\n"
                     "SHARED_MEMORY 1024;\n"
                     "SHARED sh[] = { program.sharedmem };\n"
                     "STORAGE sb[] = { program.storage[0] };\n"
                     "TEMP a, b, c, t, u, v;\n"
                     "MUL.U a.x, invocation.localindex.x, 4;\n"
                     "ADD.U v.x, invocation.localindex.x, 1;\n"
                     "MAD.U v.x, invocation.groupid.x, 1000, v.x;\n"
                     "STS.U32 v, sh[a.x];\n");
    for (int s = 128; s >= 1; s /= 2)
        n += snprintf(src + n, sizeof src - (size_t)n,
                      "BAR;\n"
                      "SLT.U.CC c.x, invocation.localindex.x, %d;\n"
                      "IF NE.x;\n"
                      "ADD.U b.x, a.x, %d;\n"
                      "LDS.U32 t.x, sh[b.x];\n"
                      "LDS.U32 u.x, sh[a.x];\n"
                      "ADD.U u.x, u.x, t.x;\n"
                      "STS.U32 u, sh[a.x];\n"
                      "ENDIF;\n",
                      s, s * 4);
    snprintf(src + n, sizeof src - (size_t)n,
             "BAR;\n"
             "SEQ.U.CC c.x, invocation.localindex.x, 0;\n"
             "IF NE.x;\n"
             "LDS.U32 u.x, sh[a.x];\n"
             "MUL.U b.x, invocation.groupid.x, 4;\n"
             "STB.U32 u, sb[b.x];\n"
             "ENDIF;\n"
             "END\n");
    return rt_compile(GP_STAGE_COMPUTE, src);
}

static void test_reduce(rast_context *r, uint32_t *out)
{
    gp_program *cp = make_reduce();
    const gp_program_info *info = gp_program_get_info(cp);
    CHECK(info->uses_barrier && info->cp_shared_size == 1024, "BAR %d, SHARED_MEMORY %d",
          info->uses_barrier, info->cp_shared_size);
    gp_val(*pp)[4] = addr_params(cp, 0);
    memset(out, 0, 4 * 8);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, 4 * 8, NULL, 7, 1, 1);
    for (uint32_t g = 0; g < 7; g++)
        CHECK(out[g] == 32896u + 256000u * g, "group %u: sum %u, want %u", g, out[g],
              32896u + 256000u * g);
    CHECK(out[7] == 0, "word 7 = %u", out[7]);
    free(pp);
    gp_program_free(cp);
}

/* GROUP_SIZE 1000 (63 calls, the last of 8 lanes): ATOMS.ADD 1 on sh[0]
 * (old value -> word 2 + li of the group's record), ATOMS.ADD li on sh[4],
 * ATOMS.MAX li on sh[8]; BAR; invocation 0 copies sh[0], sh[4], sh[8] to
 * the record's words 0, 1 and 1002.  Want 1000, 999 * 1000 / 2 = 499500,
 * 999, and the old values a permutation of 0..999. */
static const char *const CP_ATOMS =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 1000;\n"
    "SHARED_MEMORY 16;\n"
    "SHARED sh[] = { program.sharedmem };\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP a, b, c, t;\n"
    "MOV.U a.x, 0;\n"
    "ATOMS.ADD.U32 t.x, 1, sh[a.x];\n"
    "MUL.U b.x, invocation.groupid.x, 4012;\n"
    "MAD.U c.x, invocation.localindex.x, 4, 8;\n"
    "ADD.U c.x, c.x, b.x;\n"
    "STB.U32 t, sb[c.x];\n"
    "MOV.U a.x, 4;\n"
    "ATOMS.ADD.U32 t.x, invocation.localindex.x, sh[a.x];\n"
    "MOV.U a.x, 8;\n"
    "ATOMS.MAX.U32 t.x, invocation.localindex.x, sh[a.x];\n"
    "BAR;\n"
    "SEQ.U.CC c.x, invocation.localindex.x, 0;\n"
    "IF NE.x;\n"
    "MOV.U a.x, 0;\n"
    "LDS.U32 t.x, sh[a.x];\n"
    "STB.U32 t, sb[b.x];\n"
    "MOV.U a.x, 4;\n"
    "LDS.U32 t.x, sh[a.x];\n"
    "ADD.U c.x, b.x, 4;\n"
    "STB.U32 t, sb[c.x];\n"
    "MOV.U a.x, 8;\n"
    "LDS.U32 t.x, sh[a.x];\n"
    "ADD.U c.x, b.x, 4008;\n"
    "STB.U32 t, sb[c.x];\n"
    "ENDIF;\n"
    "END\n";

enum { ATOMS_REC = 1003, ATOMS_GROUPS = 3 };

static void test_atoms(rast_context *r, uint32_t *out)
{
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_ATOMS);
    gp_val(*pp)[4] = addr_params(cp, 0);
    memset(out, 0xee, 4 * ATOMS_REC * ATOMS_GROUPS);
    uint64_t before = cp_count(r);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, 4 * ATOMS_REC * ATOMS_GROUPS, NULL,
             ATOMS_GROUPS, 1, 1);
    CHECK(cp_count(r) - before == 1000u * ATOMS_GROUPS, "cp_invocations %llu",
          (unsigned long long)(cp_count(r) - before));
    for (int g = 0; g < ATOMS_GROUPS; g++) {
        const uint32_t *rec = out + g * ATOMS_REC;
        CHECK(rec[0] == 1000, "group %d: counter %u", g, rec[0]);
        CHECK(rec[1] == 499500, "group %d: sum %u", g, rec[1]);
        CHECK(rec[1002] == 999, "group %d: max %u", g, rec[1002]);
        static uint8_t seen[1000];
        memset(seen, 0, sizeof seen);
        int bad = 0;
        for (int i = 0; i < 1000; i++) {
            uint32_t v = rec[2 + i];
            if (v >= 1000 || seen[v])
                bad++;
            else
                seen[v] = 1;
        }
        CHECK(bad == 0, "group %d: %d old values of ATOMS.ADD are not a permutation of 0..999", g,
              bad);
    }
    free(pp);
    gp_program_free(cp);
}

/* Shared memory starts at zero in every group: each invocation reads its
 * word before writing li + 77 there (4 groups of 64, in sequence on each
 * executor, so a stale group's values would show). */
static const char *const CP_ZERO =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 64;\n"
    "SHARED_MEMORY 256;\n"
    "SHARED sh[] = { program.sharedmem };\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP a, b, t;\n"
    "MUL.U a.x, invocation.localindex.x, 4;\n"
    "LDS.U32 t.x, sh[a.x];\n"
    "MUL.U b.x, invocation.globalid.x, 4;\n"
    "STB.U32 t, sb[b.x];\n"
    "ADD.U t.x, invocation.localindex.x, 77;\n"
    "STS.U32 t, sh[a.x];\n"
    "END\n";

static void test_zero(rast_context *r, uint32_t *out)
{
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_ZERO);
    gp_val(*pp)[4] = addr_params(cp, 0);
    memset(out, 0xee, 4 * 256);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, 4 * 256, NULL, 4, 1, 1);
    int bad = 0;
    for (int i = 0; i < 256; i++)
        bad += out[i] != 0;
    CHECK(bad == 0, "%d invocations read non-zero shared memory (first %u)", bad, out[0]);
    free(pp);
    gp_program_free(cp);
}

/* BAR in divergent flow: only the first 16 invocations (call 0) reach the
 * two BARs; the other three calls end without one.  Each invocation
 * writes li + 1 to its word; the dispatch must end. */
static const char *const CP_DIVERGE =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 64;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP b, c, t;\n"
    "SLT.U.CC c.x, invocation.localindex.x, 16;\n"
    "IF NE.x;\n"
    "BAR;\n"
    "BAR;\n"
    "ENDIF;\n"
    "MUL.U b.x, invocation.globalid.x, 4;\n"
    "ADD.U t.x, invocation.localindex.x, 1;\n"
    "STB.U32 t, sb[b.x];\n"
    "END\n";

static void test_diverge(rast_context *r, uint32_t *out)
{
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_DIVERGE);
    gp_val(*pp)[4] = addr_params(cp, 0);
    memset(out, 0, 4 * 128);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, 4 * 128, NULL, 2, 1, 1);
    int bad = 0;
    for (uint32_t i = 0; i < 128; i++)
        bad += out[i] != i % 64 + 1;
    CHECK(bad == 0, "%d invocations wrote the wrong value", bad);
    free(pp);
    gp_program_free(cp);
}

/* Instruction budget (rast_context_set_insn_budget, per gp_exec call as
 * for vertex tasks; rast.h "Instruction budget"): call 0 of each group
 * (li < 16) loops forever before BAR and runs out (counted in
 * budget_exceeded), which stops the dispatch: no call or group starts
 * after it, so the calls waiting at BAR of a group that had not run them
 * yet store nothing, and at most one group per executor runs out.  The stop
 * is reported once (rast_context_set_report). */
static const char *const CP_RUNAWAY =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 64;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP b, c, t;\n"
    "MOV.U t.x, 0;\n"
    "SLT.U.CC c.x, invocation.localindex.x, 16;\n"
    "IF NE.x;\n"
    "REP;\n"
    "ADD.U t.x, t.x, 1;\n"
    "SEQ.U.CC c.y, t.x, 0;\n" /* never: t counts up from 1 */
    "BRK (NE.y);\n"
    "ENDREP;\n"
    "ENDIF;\n"
    "BAR;\n"
    "MUL.U b.x, invocation.globalid.x, 4;\n"
    "ADD.U t.x, invocation.localindex.x, 1;\n"
    "STB.U32 t, sb[b.x];\n"
    "END\n";

static char runaway_msg[256];
static int runaway_reports;

static void capture_report(void *user, const char *message)
{
    (void)user;
    runaway_reports++;
    snprintf(runaway_msg, sizeof runaway_msg, "%s", message);
}

static void test_runaway(rast_context *r, uint32_t *out, int threads)
{
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_RUNAWAY);
    gp_val(*pp)[4] = addr_params(cp, 0);
    memset(out, 0, 4 * 192);
    rast_context_set_insn_budget(r, 20000);
    rast_context_set_report(r, capture_report, NULL);
    runaway_reports = 0;
    rast_stats before, after;
    rast_stats_get(r, &before);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)out, 4 * 192, NULL, 3, 1, 1);
    rast_stats_get(r, &after);
    rast_context_set_insn_budget(r, 0);
    rast_context_set_report(r, NULL, NULL);
    unsigned long long ex = (unsigned long long)(after.budget_exceeded - before.budget_exceeded);
    CHECK(ex >= 1 && ex <= (unsigned long long)threads, "budget_exceeded +%llu, want 1..%d", ex,
          threads);
    CHECK(runaway_reports == 1 && strstr(runaway_msg, "asmgl: compute program (generated) exceeded "
                                                      "its instruction budget in dispatch ") &&
              strstr(runaway_msg, "; the dispatch was stopped\n"),
          "%d reports, last '%s'", runaway_reports, runaway_msg);
    /* every word is 0 (not run) or what its invocation stores; one executor
     * stops in group 0 before any call past call 0 ran */
    int bad = 0, stored = 0;
    for (uint32_t i = 0; i < 192; i++) {
        bad += out[i] != 0 && (i % 64 < 16 || out[i] != i % 64 + 1);
        stored += out[i] != 0;
    }
    CHECK(bad == 0, "runaway: %d invocations wrote the wrong value", bad);
    CHECK(threads > 1 || stored == 0, "runaway: %d stores after the stop with 1 thread", stored);
    /* which groups ran before the stop depends on the executors: left out of
     * the comparison between thread counts */
    memset(out, 0, 4 * 192);
    free(pp);
    gp_program_free(cp);
}

/* Deterministic mode (rast.h): every invocation of 256 groups of 100 runs a
 * short loop (so executors overlap), then takes the next value of a counter
 * in storage (ATOMB.ADD with its returned value) and stores it at its global
 * id.  Groups run in order on one executor,
 * calls in order, lanes in order, so invocation i gets exactly i (by hand),
 * with any thread count. */
static const char *const CP_ORDER =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 100;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP a, b, t;\n"
    "MOV.U a.x, 0;\n"
    "REP {300};\n"
    "ADD.U a.y, a.y, 1;\n"
    "ENDREP;\n"
    "ATOMB.ADD.U32 t.x, 1, sb[a.x];\n"
    "MAD.U b.x, invocation.globalid.x, 4, 4;\n"
    "STB.U32 t, sb[b.x];\n"
    "END\n";

static void test_deterministic(int threads)
{
    rast_context *r = rast_context_create(threads);
    rast_context_set_deterministic(r, true);
    CHECK(rast_context_deterministic(r), "deterministic mode not set");
    gp_program *cp = rt_compile(GP_STAGE_COMPUTE, CP_ORDER);
    gp_val(*pp)[4] = addr_params(cp, 0);
    enum { N = 256 * 100 };
    static uint32_t buf[1 + N];
    memset(buf, 0, sizeof buf);
    dispatch(r, cp, (const gp_val(*)[4])pp, (uint8_t *)buf, sizeof buf, NULL, 256, 1, 1);
    int bad = 0;
    for (uint32_t i = 0; i < N; i++)
        bad += buf[1 + i] != i;
    CHECK(buf[0] == N && bad == 0, "deterministic, %d threads: counter %u, %d invocations "
          "out of order", threads, buf[0], bad);
    free(pp);
    gp_program_free(cp);
    rast_context_destroy(r);
}

enum {
    OUT_IDS = 0,
    OUT_STORE = OUT_IDS + 12 * 4 * 4 * 12,
    OUT_REDUCE = OUT_STORE + 200,
    OUT_ATOMS = OUT_REDUCE + 8,
    OUT_ZERO = OUT_ATOMS + ATOMS_REC * ATOMS_GROUPS,
    OUT_DIVERGE = OUT_ZERO + 256,
    OUT_RUNAWAY = OUT_DIVERGE + 128,
    OUT_WORDS = OUT_RUNAWAY + 192
};

static void run_all(int threads, uint32_t *out)
{
    rast_context *r = rast_context_create(threads);
    CHECK(rast_context_threads(r) == threads, "threads %d", rast_context_threads(r));
    test_ids(r, out + OUT_IDS);
    test_store(r, out + OUT_STORE);
    test_reduce(r, out + OUT_REDUCE);
    test_atoms(r, out + OUT_ATOMS);
    test_zero(r, out + OUT_ZERO);
    test_diverge(r, out + OUT_DIVERGE);
    test_runaway(r, out + OUT_RUNAWAY, threads);
    rast_context_destroy(r);
}

int main(void)
{
    static uint32_t ref[OUT_WORDS], cur[OUT_WORDS];
    run_all(1, ref);
    const int threads[] = {2, 4};
    for (int i = 0; i < 3; i++)
        test_deterministic(1 + i * 3);
    for (int i = 0; i < 2; i++) {
        run_all(threads[i], cur);
        /* the ATOMS old values depend on the order of the atomics within a
         * group (asmgl's: call order), the same on every executor */
        CHECK(memcmp(cur, ref, sizeof ref) == 0, "%d threads: memory differs from 1 thread",
              threads[i]);
    }
    RT_DONE();
}
