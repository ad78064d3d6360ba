/*
 * bench_exec.c - micro benchmark of the executor (not a ctest; single
 * thread).  Compiles a few typical programs with gp_compile and runs them
 * over full 16-lane tasks, with the executor's fast paths and with its
 * generic path only (gp_machine_set_fast_paths), printing nanoseconds per
 * task and per lane-instruction.  Build: it links against libglprog like
 * the tests, e.g.
 *   cc -O2 -I glprog -I include glprog/tests/bench_exec.c build/lib/libglprog.a -lm
 * Wall time on a shared machine is noisy: for comparisons count
 * instructions (valgrind --tool=callgrind) with a small task count and one
 * mode: bench_exec [tasks [fast|generic]].
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gp_ir.h"

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void fake_tex(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    for (int c = 0; c < 4; c++)
        for (int l = 0; l < GP_LANES; l++)
            out->c[c][l].f = req->coord->c[c & 1][l].f * 0.5f;
}

static const struct {
    const char *name;
    gp_stage stage;
    const char *src;
} progs[] = {
    {"vp transform+light", GP_STAGE_VERTEX,
     "!!ARBvp1.0\n"
     "PARAM mvp[4] = { state.matrix.mvp };\n"
     "PARAM l = program.local[0];\n"
     "PARAM h = program.local[1];\n"
     "TEMP n, d;\n"
     "DP4 result.position.x, mvp[0], vertex.position;\n"
     "DP4 result.position.y, mvp[1], vertex.position;\n"
     "DP4 result.position.z, mvp[2], vertex.position;\n"
     "DP4 result.position.w, mvp[3], vertex.position;\n"
     "DP3 n.w, vertex.normal, vertex.normal;\n"
     "RSQ n.w, n.w;\n"
     "MUL n.xyz, vertex.normal, n.w;\n"
     "DP3 d.x, n, l;\n"
     "DP3 d.y, n, h;\n"
     "MOV d.w, 16;\n"
     "LIT d, d;\n"
     "MAD result.color, d.y, vertex.color, d.z;\n"
     "MOV result.texcoord[0], vertex.texcoord[0];\n"
     "END\n"},
    {"fp texture+blend", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "TEMP a, b, c;\n"
     "TEX a, fragment.texcoord[0], texture[0], 2D;\n"
     "TXP b, fragment.texcoord[1], texture[1], 2D;\n"
     "MUL c, a, fragment.color;\n"
     "LRP c, b.w, c, b;\n"
     "DP3 a.x, c, {0.3, 0.59, 0.11, 0};\n"
     "CMP c.w, -a.x, c.w, 1;\n"
     "MAD_SAT result.color, c, program.local[0], program.local[1];\n"
     "END\n"},
    {"fp2 loop+branch", GP_STAGE_FRAGMENT,
     "!!ARBfp1.0\n"
     "OPTION NV_fragment_program2;\n"
     "TEMP s, t;\n"
     "MOV s, 0;\n"
     "LOOP {8, 0, 1};\n"
     "  MADC t, fragment.texcoord[A0.x], 0.5, -0.25;\n"
     "  IF GT.x;\n"
     "    ADD s, s, t;\n"
     "  ELSE;\n"
     "    SUB s, s, t;\n"
     "  ENDIF;\n"
     "ENDLOOP;\n"
     "MOV result.color, s;\n"
     "END\n"},
};

int main(int argc, char **argv)
{
    int tasks = argc > 1 ? atoi(argv[1]) : 200000;
    gp_machine *m = gp_machine_create();
    static gp_vec in[GP_VARY_COUNT], out[GP_VARY_COUNT];
    static gp_val params[256][4];
    srand(1);
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                in[s].c[c][l].f = (float)rand() / RAND_MAX * 2.0f - 1.0f;
    for (size_t i = 0; i < sizeof(progs) / sizeof(progs[0]); i++) {
        gp_limits lim;
        gp_limits_default(&lim, progs[i].stage);
        gp_error err;
        gp_program *p = gp_compile(progs[i].src, strlen(progs[i].src), progs[i].stage, &lim, &err);
        if (!p) {
            printf("%s: compile error %d:%d %s\n", progs[i].name, err.line, err.col, err.msg);
            continue;
        }
        for (int r = 0; r < p->info.num_params && r < 256; r++)
            for (int c = 0; c < 4; c++)
                params[r][c].f = p->info.params[r].kind == GP_PARAM_CONST ? p->info.params[r].value[c].f
                                                                            : 0.25f * (c + 1);
        gp_exec_env env;
        memset(&env, 0, sizeof(env));
        env.machine = m;
        env.params = (const gp_val(*)[4])params;
        env.inputs = in;
        env.outputs = out;
        env.live_mask = 0xffff;
        env.tex = fake_tex;
        /* count lane-instructions of one task through the budget */
        env.insn_budget = 1ull << 40;
        gp_exec(p, &env);
        uint64_t per_task = 0;
        for (uint64_t b = 1;; b++) {
            env.insn_budget = b * GP_LANES;
            gp_exec(p, &env);
            if (env.status == GP_EXEC_OK) {
                per_task = b;
                break;
            }
        }
        env.insn_budget = 0;
        for (int fast = 1; fast >= 0; fast--) {
            if (argc > 2 && strcmp(argv[2], fast ? "fast" : "generic") != 0)
                continue;
            gp_machine_set_fast_paths(m, fast != 0);
            double t0 = now();
            for (int k = 0; k < tasks; k++)
                gp_exec(p, &env);
            double t = now() - t0;
            printf("%-20s %-7s %3d insns/lane  %8.1f ns/task  %6.2f ns/lane-insn  %6.1f Mlanes/s\n",
                   progs[i].name, fast ? "fast" : "generic", (int)per_task, t / tasks * 1e9,
                   t / tasks * 1e9 / (per_task * GP_LANES), tasks * (double)GP_LANES / t * 1e-6);
        }
        gp_machine_set_fast_paths(m, true);
        gp_program_free(p);
    }
    gp_machine_free(m);
    return 0;
}
