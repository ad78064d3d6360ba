/*
 * bench_vmath.c - micro benchmark of gp_vmath.h (not a ctest; single
 * thread): nanoseconds per 16-lane call of each function, for every build
 * of gp_vmath this CPU runs and for the per-lane libm loop (exp2f, log2f,
 * sinf, cosf, powf) the functions replaced.  Build: it links against
 * libglprog like the tests, e.g.
 *   cc -O2 -I glprog -I include glprog/tests/bench_vmath.c build/lib/libglprog.a -lm
 * Times are the thread's CPU time (a shared machine deschedules it); take
 * the best of several runs,
 * or count instructions (valgrind --tool=callgrind) with a small count:
 * bench_vmath [calls].
 */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "gp_vmath.h"

#define N GP_LANES

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void libm_ex2(float *r, const float *a)
{
    for (int l = 0; l < N; l++)
        r[l] = exp2f(a[l]);
}
static void libm_lg2(float *r, const float *a)
{
    for (int l = 0; l < N; l++)
        r[l] = log2f(a[l]);
}
static void libm_sin(float *r, const float *a)
{
    for (int l = 0; l < N; l++)
        r[l] = sinf(a[l]);
}
static void libm_cos(float *r, const float *a)
{
    for (int l = 0; l < N; l++)
        r[l] = cosf(a[l]);
}
static void libm_sincos(float *rs, float *rc, const float *a)
{
    libm_cos(rc, a);
    libm_sin(rs, a);
}
static void libm_pow(float *r, const float *a, const float *b)
{
    for (int l = 0; l < N; l++)
        r[l] = powf(a[l], b[l]);
}
static const gp_vm_impl libm_impl = {
    "libm loop", libm_ex2, libm_lg2, libm_sin, libm_cos, libm_sincos, libm_pow,
};

#define SETS 64 /* distinct input tasks, cycled */
static float in_a[SETS][N], in_b[SETS][N], in_pos[SETS][N], in_unit[SETS][N], in_16[N];
static volatile float sink;

static void run(const gp_vm_impl *vm, long calls)
{
    float r[N], r2[N];
    double t[7];
    for (int f = 0; f < 7; f++) {
        double best = 1e30;
        for (int rep = 0; rep < 3; rep++) {
            double t0 = now();
            for (long i = 0; i < calls; i++) {
                int s = (int)(i % SETS);
                switch (f) {
                case 0: vm->ex2(r, in_a[s]); break;
                case 1: vm->lg2(r, in_pos[s]); break;
                case 2: vm->sin(r, in_a[s]); break;
                case 3: vm->cos(r, in_a[s]); break;
                case 4: vm->sincos(r, r2, in_a[s]); break;
                case 5: vm->pow(r, in_pos[s], in_b[s]); break;
                default: vm->pow(r, in_unit[s], in_16); break; /* a specular x^16 */
                }
                sink = r[i % N];
            }
            double dt = (now() - t0) / calls * 1e9;
            if (dt < best)
                best = dt;
        }
        t[f] = best;
    }
    printf("%-10s %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f %8.1f\n", vm->name, t[0], t[1], t[2], t[3],
           t[4], t[5], t[6]);
}

int main(int argc, char **argv)
{
    long calls = argc > 1 ? atol(argv[1]) : 1000000;
    srand(1);
    for (int s = 0; s < SETS; s++) {
        for (int l = 0; l < N; l++) {
            in_a[s][l] = (float)(rand() / (double)RAND_MAX * 20.0 - 10.0);
            in_b[s][l] = (float)(rand() / (double)RAND_MAX * 64.0 - 32.0);
            in_pos[s][l] = (float)(rand() / (double)RAND_MAX * 4.0);
            in_unit[s][l] = (float)(rand() / (double)RAND_MAX);
            in_16[l] = 16.0f;
        }
    }
    printf("ns per call of %d lanes, best of 3 runs of %ld calls\n", N, calls);
    printf("%-10s %8s %8s %8s %8s %8s %8s %8s\n", "", "ex2", "lg2", "sin", "cos", "sincos", "pow",
           "pow x^16");
    run(&libm_impl, calls);
    const gp_vm_impl *vm;
    for (int i = 0; (vm = gp_vm_variant(i)); i++)
        run(vm, calls);
    return 0;
}
