/*
 * test_backend.c - the executor's backend seam (gp_backend.h): the block
 * leaders gp_lower stores for hand-written programs (expected sets worked
 * out by hand from the programs' instruction indices and gp_backend.h's
 * rules), the registry and the choice it makes, and the per-program code
 * slot: filled once while several threads run the program, runs on the
 * fallback while another thread prepares it or when the backend has no
 * code for it, freed with the program.  ctest glprog.backend.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <time.h>

#include "gp_backend.h"
#include "test_exec_common.h"

static gp_program *compile_src(const char *src, gp_stage stage)
{
    gp_limits lim;
    gp_limits_default(&lim, stage);
    gp_error err;
    gp_program *p = gp_compile(src, strlen(src), stage, &lim, &err);
    CHECK(p != NULL, "compile: %s", err.msg);
    return p;
}

/* ---- block leaders ---------------------------------------------------------- */

typedef struct leader_case {
    const char *name;
    gp_stage stage;
    const char *src;
    int leaders[16]; /* the expected set, ascending, ended by -1 */
} leader_case;

static const leader_case leader_cases[] = {
    { "straight line", GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "TEMP t;\n"
      "ADD t, fragment.color, -0.5;\n"      /* 0 */
      "MUL result.color, t, 2;\n"           /* 1 */
      "END\n",                              /* 2 */
      { 0, -1 } },
    { "KIL", GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "TEMP t;\n"
      "SUB t, fragment.color, 0.5;\n"       /* 0 */
      "KIL t;\n"                            /* 1: the scheduler may drop lanes */
      "MOV result.color, t;\n"              /* 2 */
      "END\n",                              /* 3 */
      { 0, 2, -1 } },
    { "BRA CAL RET, entry at main", GP_STAGE_VERTEX,
      "!!ARBvp1.0\n"
      "OPTION NV_vertex_program2;\n"
      "ADDRESS A0;\n"
      "TEMP r;\n"
      "sub:\n"
      "  ADD r.y, r.y, 1;\n"                /* 0: CAL's target */
      "  RET;\n"                            /* 1 */
      "main:\n"
      "  MOV r, 0;\n"                       /* 2: entry; after RET */
      "  ARL A0.x, vertex.attrib[1].x;\n"   /* 3 */
      "loop:\n"
      "  ADD r.x, r.x, 1;\n"                /* 4: BRA's target */
      "  ARAC A0.x, A0;\n"                  /* 5 */
      "  BRA loop (GT.x);\n"                /* 6 */
      "  CAL sub;\n"                        /* 7: after BRA */
      "  MOV result.color, r;\n"            /* 8: after CAL (the return) */
      "  MOV result.position, vertex.position;\n" /* 9 */
      "END\n",                              /* 10 */
      { 0, 2, 4, 7, 8, -1 } },
    { "IF ELSE ENDIF, LOOP, REP BRK", GP_STAGE_FRAGMENT,
      "!!ARBfp1.0\n"
      "OPTION NV_fragment_program2;\n"
      "TEMP t, u, s;\n"
      "MOVC t, fragment.texcoord[0];\n"     /* 0 */
      "IF GT.x;\n"                          /* 1: -> 2 (true), 4 (after ELSE) */
      "  MOV u, {1, 0, 0, 0};\n"            /* 2 */
      "ELSE;\n"                             /* 3: -> 6 (after ENDIF) */
      "  MOV u, {2, 0, 0, 0};\n"            /* 4 */
      "ENDIF;\n"                            /* 5 */
      "MOV s, 0;\n"                         /* 6 */
      "LOOP {3, 1, 2};\n"                   /* 7: -> 8 (body), 10 (skip) */
      "  ADD s, s, fragment.texcoord[A0.x];\n" /* 8 */
      "ENDLOOP;\n"                          /* 9: -> 8 (again), 10 */
      "REP {10};\n"                         /* 10: -> 11, 15 */
      "  ADD u.y, u.y, 1;\n"                /* 11 */
      "  SUBC t.z, u.y, fragment.texcoord[0].y;\n" /* 12 */
      "  BRK (GE.z);\n"                     /* 13: -> 15, 14 */
      "ENDREP;\n"                           /* 14: -> 11, 15 */
      "MOV result.color, u;\n"              /* 15 */
      "END\n",                              /* 16 */
      { 0, 2, 4, 6, 8, 10, 11, 14, 15, -1 } },
    { "REP without a count, BRK, CONT", GP_STAGE_VERTEX,
      "!!NVvp4.0\n"
      "TEMP r, t;\n"
      "MOV.S r, 0;\n"                       /* 0 */
      "REP;\n"                              /* 1: -> 2, 7 */
      "  ADD.S r.x, r.x, 1;\n"              /* 2 */
      "  SGE.S.CC t.x, r.x, 4;\n"           /* 3 */
      "  BRK (NE.x);\n"                     /* 4: -> 7, 5 */
      "  CONT;\n"                           /* 5: -> 6 (the ENDREP), 6 */
      "ENDREP;\n"                           /* 6: -> 2, 7 */
      "MOV.S result.attrib[0], r;\n"        /* 7 */
      "MOV result.position, vertex.position;\n" /* 8 */
      "END\n",                              /* 9 */
      { 0, 2, 5, 6, 7, -1 } },
    { "BAR", GP_STAGE_COMPUTE,
      "!!NVcp5.0\n"
      "GROUP_SIZE 16;\n"
      "TEMP t;\n"
      "MOV.U t, invocation.localid;\n"      /* 0 */
      "BAR;\n"                              /* 1: the work group meets */
      "ADD.U t.x, t.x, 1;\n"                /* 2 */
      "END\n",                              /* 3 */
      { 0, 2, -1 } },
};

static void test_leaders(void)
{
    for (size_t k = 0; k < sizeof(leader_cases) / sizeof(leader_cases[0]); k++) {
        const leader_case *c = &leader_cases[k];
        gp_program *p = compile_src(c->src, c->stage);
        if (!p)
            continue;
        CHECK(p->leaders != NULL, "%s: no leaders stored", c->name);
        uint8_t want[64];
        memset(want, 0, sizeof(want));
        for (int i = 0; c->leaders[i] >= 0; i++)
            want[c->leaders[i]] = 1;
        bool same = p->leaders != NULL && p->num_insns <= 64;
        for (int i = 0; same && i < p->num_insns; i++)
            same = p->leaders[i] == want[i];
        CHECK(same, "%s: leaders differ", c->name);
        if (!same && p->leaders)
            for (int i = 0; i < p->num_insns; i++)
                printf("  %2d %-8s target %3d  leader %d want %d\n", i, gp_opinfo_table[p->insns[i].op].name,
                       p->insns[i].target, p->leaders[i], i < 64 ? want[i] : -1);
        /* the function gives the same for a program built otherwise */
        uint8_t again[64];
        if (p->num_insns <= 64) {
            gp_program_find_leaders(p, again);
            CHECK(memcmp(again, p->leaders, (size_t)p->num_insns) == 0, "%s: recomputed", c->name);
        }
        gp_program_free(p);
    }
}

/* ---- the registry and the choice -------------------------------------------- */

static void test_registry(void)
{
    int n = gp_backend_count();
    CHECK(n >= 1 && n < GP_BACKEND_SLOTS, "%d backends (a slot is left for the test below)", n);
    for (int i = 0; i < n; i++) {
        const gp_backend *b = gp_backend_at(i);
        CHECK(b && b->slot == i && b->name && b->run, "row %d", i);
        for (int j = 0; j < i; j++)
            CHECK(strcmp(gp_backend_at(j)->name, b->name) != 0, "name %s twice", b->name);
        CHECK(gp_backend_find(b->name) == (gp_backend_available(b) ? b : NULL), "find %s", b->name);
    }
    CHECK(gp_backend_at(n) == NULL && gp_backend_at(-1) == NULL, "outside the registry");
    CHECK(gp_backend_find("no such backend") == NULL, "unknown name");
    const gp_backend *interp = gp_backend_find("interp");
    CHECK(interp && !interp->prepare && !interp->isa, "the baseline interpreter is always there");
    const gp_backend *sel = gp_backend_selected(), *fb = gp_backend_fallback();
    CHECK(gp_backend_available(sel) && gp_backend_available(fb) && !fb->prepare, "selected %s, fallback %s",
          sel->name, fb->name);
    /* what the environment asked for (ctest runs this with and without) */
    const char *want = getenv("ASMGL_EXEC_BACKEND");
    const char *isa = getenv("ASMGL_EXEC_ISA");
    if (want && gp_backend_find(want))
        CHECK(strcmp(sel->name, want) == 0, "ASMGL_EXEC_BACKEND=%s ran %s", want, sel->name);
    if (isa && strcmp(isa, "base") == 0)
        CHECK(!fb->isa && (!sel->isa || want), "ASMGL_EXEC_ISA=base: %s / %s", sel->name, fb->name);
    if (!want && !isa)
        for (int i = 0; i < n; i++)
            if (gp_backend_available(gp_backend_at(i))) {
                CHECK(sel == gp_backend_at(i), "default: the first available (%s), not %s",
                      gp_backend_at(i)->name, sel->name);
                break;
            }
    /* the public listing (glprog.h gp_exec_backends): the available rows,
     * in registry order */
    const char *names[GP_BACKEND_SLOTS];
    int avail = gp_exec_backends(names, GP_BACKEND_SLOTS), k = 0;
    for (int i = 0; i < n; i++)
        if (gp_backend_available(gp_backend_at(i))) {
            CHECK(k < avail && strcmp(names[k], gp_backend_at(i)->name) == 0, "listed %d: %s", k,
                  k < avail ? names[k] : "(none)");
            k++;
        }
    CHECK(k == avail, "%d listed, %d available", avail, k);
    CHECK(gp_exec_backends(names, 0) == avail, "the count without names");
    printf("backends:");
    for (int i = 0; i < n; i++)
        printf(" %s%s", gp_backend_at(i)->name, gp_backend_available(gp_backend_at(i)) ? "" : " (unavailable)");
    printf("; selected %s, fallback %s\n", sel->name, fb->name);
}

/* ---- the code slot --------------------------------------------------------------- */

/* A backend with code: prepare is slow so that the other threads find the
 * slot claimed; run counts and runs the fallback (so outputs can be
 * compared); release counts. */
static atomic_int n_prepare, n_run, n_release, n_wrong_code;
static bool give_code = true;

typedef struct test_code {
    gp_code base;
    const gp_program *p;
} test_code;

static void test_release(gp_code *code)
{
    atomic_fetch_add(&n_release, 1);
    free(code);
}

static gp_code *test_prepare(const gp_program *p)
{
    atomic_fetch_add(&n_prepare, 1);
    struct timespec ts = { 0, 20 * 1000 * 1000 };
    nanosleep(&ts, NULL);
    if (!give_code)
        return NULL;
    test_code *c = malloc(sizeof(*c));
    c->base.release = test_release;
    c->p = p;
    return &c->base;
}

static void test_run(const gp_program *p, const gp_code *code, gp_exec_env *env)
{
    const test_code *c = (const test_code *)code;
    if (!c || c->p != p)
        atomic_fetch_add(&n_wrong_code, 1);
    atomic_fetch_add(&n_run, 1);
    gp_backend_fallback()->run(p, NULL, env);
}

static gp_backend test_backend = { "test", 0, NULL, NULL, test_prepare, test_run, NULL, NULL };

static const char slot_src[] =
    "!!ARBfp1.0\n"
    "TEMP t;\n"
    "MAD t, fragment.color, {2, 3, 4, 5}, fragment.texcoord[0];\n"
    "RSQ t.w, t.w;\n"
    "MUL result.color, t, {0.5, 0.25, 2, 1};\n"
    "END\n";

enum { N_THREADS = 4, N_CALLS = 50 };

typedef struct worker {
    const gp_program *p;
    const gp_backend *b;
    gp_vec in[GP_VARY_COUNT], out[GP_VARY_COUNT];
    const gp_val (*params)[4];
    bool same;
} worker;

static void worker_run(worker *w, const gp_backend *b, gp_machine *m)
{
    gp_exec_env env;
    memset(&env, 0, sizeof(env));
    env.machine = m;
    env.params = w->params;
    env.inputs = w->in;
    env.outputs = w->out;
    env.live_mask = 0xffffu;
    if (b)
        gp_exec_on(b, w->p, &env);
    else
        gp_exec(w->p, &env);
}

/* gp_exec_backend runs the named backend as gp_exec would, and nothing
 * for a name that is not available. */
static void test_exec_backend(void)
{
    gp_program *p = compile_src(slot_src, GP_STAGE_FRAGMENT);
    const gp_program_info *info = gp_program_get_info(p);
    gp_val(*params)[4] = calloc((size_t)info->num_params + 1, sizeof *params);
    for (int i = 0; i < info->num_params; i++)
        for (int c = 0; c < 4; c++)
            params[i][c] = info->params[i].value[c];
    static worker w;
    memset(&w, 0, sizeof w);
    w.p = p;
    w.params = (const gp_val(*)[4])params;
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                w.in[s].c[c][l].f = (float)(s - c * 0.75 + l * 0.5);
    gp_machine *m = gp_machine_create();
    worker_run(&w, NULL, m);
    gp_vec ref[GP_VARY_COUNT];
    memcpy(ref, w.out, sizeof ref);
    const char *names[GP_BACKEND_SLOTS];
    int n = gp_exec_backends(names, GP_BACKEND_SLOTS);
    for (int i = 0; i < n && i < GP_BACKEND_SLOTS; i++) {
        gp_exec_env env;
        memset(&env, 0, sizeof env);
        memset(w.out, 0, sizeof w.out);
        env.machine = m;
        env.params = w.params;
        env.inputs = w.in;
        env.outputs = w.out;
        env.live_mask = 0xffffu;
        CHECK(gp_exec_backend(names[i], p, &env), "run on %s", names[i]);
        CHECK(memcmp(ref, w.out, sizeof ref) == 0, "%s differs from gp_exec", names[i]);
    }
    gp_exec_env env;
    memset(&env, 0, sizeof env);
    env.machine = m;
    CHECK(!gp_exec_backend("no such backend", p, &env), "an unknown name runs nothing");
    gp_machine_free(m);
    free(params);
    gp_program_free(p);
}

static void *worker_main(void *arg)
{
    worker *w = arg;
    gp_machine *m = gp_machine_create();
    gp_vec ref[GP_VARY_COUNT];
    worker_run(w, NULL, m);
    memcpy(ref, w->out, sizeof(ref));
    w->same = true;
    for (int k = 0; k < N_CALLS; k++) {
        memset(w->out, 0, sizeof(w->out));
        worker_run(w, w->b, m);
        w->same &= memcmp(ref, w->out, sizeof(ref)) == 0;
    }
    gp_machine_free(m);
    return NULL;
}

static void run_threads(const gp_program *p, const gp_val (*params)[4])
{
    static worker w[N_THREADS];
    pthread_t th[N_THREADS];
    for (int t = 0; t < N_THREADS; t++) {
        memset(&w[t], 0, sizeof(w[t]));
        w[t].p = p;
        w[t].b = &test_backend;
        w[t].params = params;
        for (int s = 0; s < GP_VARY_COUNT; s++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    w[t].in[s].c[c][l].f = (float)(s + c * 0.5 + l * 0.125 + t);
        pthread_create(&th[t], NULL, worker_main, &w[t]);
    }
    for (int t = 0; t < N_THREADS; t++) {
        pthread_join(th[t], NULL);
        CHECK(w[t].same, "thread %d: the backend's results differ from gp_exec's", t);
    }
}

static void test_code_slot(void)
{
    test_backend.slot = gp_backend_count(); /* a slot no registered backend uses */
    gp_program *p = compile_src(slot_src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    static gp_val params[64][4];
    for (int i = 0; i < p->info.num_params && i < 64; i++)
        if (p->info.params[i].kind == GP_PARAM_CONST)
            memcpy(params[i], p->info.params[i].value, sizeof(params[i]));

    /* code: prepared once by one of the threads, run by every later call */
    give_code = true;
    run_threads(p, (const gp_val(*)[4])params);
    CHECK(atomic_load(&n_prepare) == 1, "prepare ran %d times, want 1", atomic_load(&n_prepare));
    CHECK(atomic_load(&n_run) >= 1 && atomic_load(&n_run) <= N_THREADS * N_CALLS, "run %d times",
          atomic_load(&n_run));
    CHECK(gp_backend_code(&test_backend, p) != NULL, "the slot holds the code");
    int runs = atomic_load(&n_run);
    run_threads(p, (const gp_val(*)[4])params);
    CHECK(atomic_load(&n_prepare) == 1 && atomic_load(&n_run) == runs + N_THREADS * N_CALLS,
          "once prepared, every call runs the code (%d prepares, %d runs)", atomic_load(&n_prepare),
          atomic_load(&n_run) - runs);
    CHECK(atomic_load(&n_release) == 0, "nothing released before the program is freed");
    CHECK(atomic_load(&n_wrong_code) == 0, "run got another program's code");
    gp_program_free(p);
    CHECK(atomic_load(&n_release) == 1, "released %d times with the program, want 1", atomic_load(&n_release));

    /* no code: prepared once, every call on the fallback */
    p = compile_src(slot_src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    atomic_store(&n_prepare, 0);
    atomic_store(&n_run, 0);
    atomic_store(&n_release, 0);
    give_code = false;
    run_threads(p, (const gp_val(*)[4])params);
    CHECK(atomic_load(&n_prepare) == 1 && atomic_load(&n_run) == 0, "no code: %d prepares, %d runs",
          atomic_load(&n_prepare), atomic_load(&n_run));
    CHECK(gp_backend_code(&test_backend, p) == NULL, "the slot says no code");
    gp_program_free(p);
    CHECK(atomic_load(&n_release) == 0, "nothing to release");

    /* the interpreters prepare nothing and leave the slots alone */
    p = compile_src(slot_src, GP_STAGE_FRAGMENT);
    if (!p)
        return;
    for (int i = 0; i < gp_backend_count(); i++) {
        const gp_backend *b = gp_backend_at(i);
        if (!gp_backend_available(b) || b->prepare)
            continue; /* a compiler's slot holds its code */
        worker w1;
        memset(&w1, 0, sizeof(w1));
        w1.p = p;
        w1.params = (const gp_val(*)[4])params;
        gp_machine *m = gp_machine_create();
        worker_run(&w1, b, m);
        gp_machine_free(m);
        CHECK(gp_backend_code(b, p) == NULL, "%s: no code", b->name);
    }
    for (int i = 0; i < gp_backend_count(); i++) {
        const gp_backend *b = gp_backend_at(i);
        if (!b->prepare)
            CHECK(atomic_load(&p->backend_code[b->slot]) == 0, "slot %d empty", b->slot);
    }
    gp_program_free(p);
}

int main(void)
{
    test_leaders();
    test_registry();
    test_exec_backend();
    test_code_slot();
    return t_report("backend");
}
