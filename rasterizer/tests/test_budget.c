/*
 * test_budget.c - a fragment program that never ends (NV_fragment_program2
 * nested REP loops, 255^4 iterations) is stopped by the instruction budget,
 * counted, and its fragments discarded; the rest of the scene renders and
 * the process does not hang.  Thread: test main thread.
 */
#include "../rast_priv.h" /* RAST_BUDGET_SLACK */
#include "rast_test.h"

#include <string.h>

static char report_text[256];

static void keep_report(void *user, const char *message)
{
    (void)user;
    if (!report_text[0])
        snprintf(report_text, sizeof report_text, "%s", message);
}

int main(void)
{
    gp_program *vp = rt_compile(GP_STAGE_VERTEX, RT_VP_PASS);
    gp_program *fp = rt_compile(GP_STAGE_FRAGMENT, RT_FP_COLOR);
    gp_program *fpl = rt_compile(GP_STAGE_FRAGMENT,
                                 "!!ARBfp1.0\n"
                                 "OPTION NV_fragment_program2;\n"
                                 "PARAM n = {255, 0, 0, 0};\n"
                                 "TEMP t;\n"
                                 "MOV t, 0;\n"
                                 "REP n;\n REP n;\n  REP n;\n   REP n;\n"
                                 "    ADD t, t, 1;\n"
                                 "   ENDREP;\n  ENDREP;\n ENDREP;\nENDREP;\n"
                                 "MOV result.color, t;\n"
                                 "END\n");
    gp_val(*vpp)[4] = rt_params(vp, NULL, 0, NULL, 0);
    gp_val(*fpp)[4] = rt_params(fp, NULL, 0, NULL, 0);
    gp_val(*fplp)[4] = rt_params(fpl, NULL, 0, NULL, 0);
    const int W = 64, H = 64;
    rt_fb f;
    rt_fb_init(&f, W, H, RT_RGBA8);
    rast_context *r = rast_context_create(2);
    rast_context_set_insn_budget(r, 1u << 20);
    rt_clear(r, &f, 0, 0, 1, 1, 1.0);
    /* the endless program on the left half, a normal one on the right half */
    float pl[16] = {-1, -1, 0, 1, 0, -1, 0, 1, 0, 1, 0, 1, -1, 1, 0, 1};
    float pr[16] = {0, -1, 0, 1, 1, -1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1};
    float col[16] = {0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1};
    rast_draw d;
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fpl, (const gp_val(*)[4])fplp);
    d.mode = GL_QUADS;
    d.count = 4;
    rt_attrib(&d, GP_VIN_POSITION, pl, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
    d.fp.prog = fp;
    d.fp.params = (const gp_val(*)[4])fpp;
    rt_attrib(&d, GP_VIN_POSITION, pr, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats st;
    rast_stats_get(r, &st);
    CHECK(st.budget_exceeded >= 1, "budget_exceeded %llu", (unsigned long long)st.budget_exceeded);
    /* left: discarded (clear colour), right: green */
    CHECK(rt_px8(&f, 10, 10)[2] == 255 && rt_px8(&f, 10, 10)[1] == 0, "left half written");
    CHECK(rt_px8(&f, 50, 10)[1] == 255 && rt_px8(&f, 50, 10)[2] == 0, "right half missing");

    /* a task never runs more than the draw may (rast.h "Instruction
     * budget"): with a draw budget below the task budget, the endless task
     * stops at the draw's total, and the stop is the draw's.  (A fresh
     * context: each program's stop is reported once per context.) */
    rast_context_destroy(r);
    r = rast_context_create(2);
    CHECK(rast_context_task_budget(r) == GP_DEFAULT_INSN_BUDGET, "default task budget %llu",
          (unsigned long long)rast_context_task_budget(r));
    rast_context_set_draw_budget(r, 1u << 18);
    CHECK(rast_context_task_budget(r) == 1u << 18, "task budget under a draw budget %llu",
          (unsigned long long)rast_context_task_budget(r));
    rast_context_set_report(r, keep_report, NULL);
    rt_clear(r, &f, 0, 0, 1, 1, 1.0);
    d.fp.prog = fpl;
    d.fp.params = (const gp_val(*)[4])fplp;
    rt_attrib(&d, GP_VIN_POSITION, pl, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats_get(r, &st);
    CHECK(st.budget_exceeded >= 1, "budget_exceeded %llu under the draw budget",
          (unsigned long long)st.budget_exceeded);
    CHECK(rt_px8(&f, 10, 10)[2] == 255 && rt_px8(&f, 10, 10)[1] == 0, "left half written");
    CHECK(strstr(report_text, "exceeded the draw's instruction budget") != NULL, "report: %s",
          report_text);
    rast_context_destroy(r);
    rt_fb_free(&f);

    /* A draw's total passed by short tasks: each worker adds its tasks'
     * charges to the total in batches (RAST_BUDGET_SLACK), so the draw stops
     * within a batch of its total, not at the end of its tile or scene.  One
     * worker, one triangle over the whole framebuffer: its tasks run in
     * order, each with 16 live lanes, and each runs the 16 ALU instructions,
     * the MOV and END below (18 lane-instructions a lane: 288 a task).  The
     * vertex task adds a few lane-instructions a vertex. */
    char src[1024] = "!!ARBfp1.0\nTEMP t;\nMOV t, fragment.color;\n";
    for (int i = 1; i < 16; i++)
        strcat(src, "ADD t, t, fragment.color;\n");
    strcat(src, "MOV result.color, t;\nEND\n");
    gp_program *fps = rt_compile(GP_STAGE_FRAGMENT, src);
    gp_val(*fpsp)[4] = rt_params(fps, NULL, 0, NULL, 0);
    const int SW = 128, SH = 128; /* 1024 tasks: about 300,000 lane-instructions */
    const uint64_t total = 1u << 16, slack = RAST_BUDGET_SLACK(total), task = 18 * 16;
    rt_fb_init(&f, SW, SH, RT_RGBA8);
    r = rast_context_create(1);
    rast_context_set_draw_budget(r, total);
    report_text[0] = 0;
    rast_context_set_report(r, keep_report, NULL);
    rt_clear(r, &f, 0, 0, 1, 1, 1.0);
    float big[12] = {-1, -1, 0, 1, 3, -1, 0, 1, -1, 3, 0, 1};
    rt_draw_init(&d, &f, vp, (const gp_val(*)[4])vpp, fps, (const gp_val(*)[4])fpsp);
    d.mode = GL_TRIANGLES;
    d.count = 3;
    rt_attrib(&d, GP_VIN_POSITION, big, 4);
    rt_attrib(&d, GP_VIN_COLOR0, col, 4);
    rast_draw_submit(r, &d);
    rast_flush(r);
    rast_stats_get(r, &st);
    int drawn = 0;
    for (int y = 0; y < SH; y++)
        for (int x = 0; x < SW; x++)
            drawn += rt_px8(&f, x, y)[1] == 255;
    /* the task that finds the total passed is discarded, the ones before it drawn */
    CHECK((uint64_t)drawn + 16 == st.fragments_shaded, "drawn %d, shaded %llu", drawn,
          (unsigned long long)st.fragments_shaded);
    /* shaded: the total passed (with at most 64 lane-instructions of the
     * vertex task), at most a batch and a task later */
    uint64_t shaded = st.fragments_shaded / 16;
    uint64_t least = (total - 64) / task + 1, most = (total + slack) / task + 1;
    CHECK(shaded >= least && shaded <= most, "%llu tasks shaded under a total of %llu: want %llu..%llu",
          (unsigned long long)shaded, (unsigned long long)total, (unsigned long long)least,
          (unsigned long long)most);
    CHECK(strstr(report_text, "exceeded the draw's instruction budget") != NULL, "report: %s",
          report_text);
    rast_context_destroy(r);
    rt_fb_free(&f);
    gp_program_free(fps);
    free(fpsp);
    gp_program_free(vp);
    gp_program_free(fp);
    gp_program_free(fpl);
    free(vpp);
    free(fpp);
    free(fplp);
    RT_DONE();
}
