/*
 * test_work_limits.c - the invocation limit of one draw or dispatch
 * (gl_limits.c, docs/gl_limits.md), here set to 1000 through
 * ASMGL_MAX_INVOCATIONS: a draw or dispatch asking for more runs the part
 * that fits, in GL order (whole instances, then vertices; whole planes,
 * rows, then groups), raises no GL error and is reported once on stderr.
 * Points at pixel (n % 64, n / 64) for instance or vertex n show which ran;
 * compute invocations store 1 at their global index.
 */
#include "gl_test.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIMIT 1000

static const char VP_INSTANCE[] = "!!NVvp4.0\n"
                                  "INT TEMP i;\n"
                                  "TEMP p;\n"
                                  "MOV.S i.x, vertex.instance.x;\n"
                                  "MOD.S i.y, i.x, 64;\n"
                                  "DIV.S i.z, i.x, 64;\n"
                                  "I2F p.xy, i.yzww;\n"
                                  "ADD p.xy, p, 0.5;\n"
                                  "MAD p.xy, p, 0.03125, -1;\n"
                                  "MOV p.zw, {0, 0, 0, 1};\n"
                                  "MOV result.position, p;\n"
                                  "MOV result.color, {1, 1, 1, 1};\n"
                                  "END\n";
static const char VP_VERTEX[] = "!!NVvp4.0\n"
                                "INT TEMP i;\n"
                                "TEMP p;\n"
                                "MOV.S i.x, vertex.id.x;\n"
                                "MOD.S i.y, i.x, 64;\n"
                                "DIV.S i.z, i.x, 64;\n"
                                "I2F p.xy, i.yzww;\n"
                                "ADD p.xy, p, 0.5;\n"
                                "MAD p.xy, p, 0.03125, -1;\n"
                                "MOV p.zw, {0, 0, 0, 1};\n"
                                "MOV result.position, p;\n"
                                "MOV result.color, {1, 1, 1, 1};\n"
                                "END\n";
static const char CP[] = "!!NVcp5.0\n"
                         "OPTION NV_shader_storage_buffer;\n"
                         "GROUP_SIZE 2;\n"
                         "STORAGE sb[] = { program.storage[0] };\n"
                         "TEMP t, v;\n"
                         "MAD.U t.x, invocation.globalid.z, 10, invocation.globalid.y;\n"
                         "MAD.U t.x, t.x, 20, invocation.globalid.x;\n"
                         "MUL.U t.y, t.x, 4;\n"
                         "MOV.U v.x, 1;\n"
                         "STB.U32 v, sb[t.y];\n"
                         "END\n";

/* Lit pixels n = 0 .. 4095 (x + 64 y) must be exactly those below lit. */
static void expect_lit_below(int line, int lit)
{
    static unsigned char px[64 * 64 * 4];
    glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int n = 0; n < 64 * 64; n++) {
        int on = px[n * 4] == 255;
        if (on != (n < lit) && bad++ < 3)
            fprintf(stderr, "line %d: point %d is %s\n", line, n, on ? "drawn" : "not drawn");
    }
    if (bad)
        gt_failures++;
}

static void draws(void)
{
    static float pos[4000 * 2];
    glEnableClientState(GL_VERTEX_ARRAY);
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glEnable(GL_VERTEX_PROGRAM_ARB);

    /* 10 vertices x 500 instances = 5000: the first 100 instances */
    gt_program(GL_VERTEX_PROGRAM_ARB, VP_INSTANCE);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArraysInstanced(GL_POINTS, 0, 10, 500);
    GT_ERROR(GL_NO_ERROR);
    expect_lit_below(__LINE__, 100);
    /* within the limit: all of it */
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArraysInstanced(GL_POINTS, 0, 2, 500);
    GT_ERROR(GL_NO_ERROR);
    expect_lit_below(__LINE__, 500);

    /* one instance of 4000 vertices: the first 1000 */
    gt_program(GL_VERTEX_PROGRAM_ARB, VP_VERTEX);
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_POINTS, 0, 4000);
    GT_ERROR(GL_NO_ERROR);
    expect_lit_below(__LINE__, LIMIT);
    static GLuint idx[3000];
    for (int i = 0; i < 3000; i++)
        idx[i] = (GLuint)i;
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawElements(GL_POINTS, 3000, GL_UNSIGNED_INT, idx);
    GT_ERROR(GL_NO_ERROR);
    expect_lit_below(__LINE__, LIMIT);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisableClientState(GL_VERTEX_ARRAY);
}

static void dispatches(void)
{
    gt_program(GL_COMPUTE_PROGRAM_NV, CP);
    glEnable(GL_COMPUTE_PROGRAM_NV);
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b);
    static GLuint words[2000];
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof words, words, GL_DYNAMIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);

    /* 10 x 10 x 10 groups of 2 = 2000 invocations: the planes z < 5 */
    glDispatchCompute(10, 10, 10);
    GT_ERROR(GL_NO_ERROR);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof words, words);
    int bad = 0;
    for (int i = 0; i < 2000; i++)
        if (words[i] != (i < 1000 ? 1u : 0u) && bad++ < 3)
            fprintf(stderr, "%s:%d: word %d = %u\n", __FILE__, __LINE__, i, words[i]);
    gt_failures += bad != 0;

    /* 1000 x 1 x 1 groups of 2 = 2000 invocations: the first 500 groups */
    memset(words, 0, sizeof words);
    glBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof words, words);
    glDispatchCompute(1000, 1, 1);
    GT_ERROR(GL_NO_ERROR);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof words, words);
    bad = 0;
    for (int i = 0; i < 2000; i++)
        if (words[i] != (i < 1000 ? 1u : 0u) && bad++ < 3)
            fprintf(stderr, "%s:%d: word %d = %u\n", __FILE__, __LINE__, i, words[i]);
    gt_failures += bad != 0;

    /* the largest dispatch the GL allows ends at once */
    glDispatchCompute(65535, 65535, 65535);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDeleteBuffers(1, &b);
}

int main(void)
{
    setenv("ASMGL_MAX_INVOCATIONS", "1000", 1);
    /* the reports go to stderr: keep them to check them */
    char path[] = "/tmp/asmgl-work-limits-XXXXXX";
    int fd = mkstemp(path);
    int saved = dup(2);
    if (fd < 0 || saved < 0)
        return 1;
    unlink(path);
    dup2(fd, 2);
    gt_context(64, 64);
    draws();
    dispatches();
    dup2(saved, 2);
    static char log[4096];
    ssize_t n = pread(fd, log, sizeof log - 1, 0);
    log[n > 0 ? n : 0] = 0;
    /* once per kind: the first cut draw and the first cut dispatch */
    GT_CHECK(strstr(log, "a draw of 10 vertices x 500 instances passes the limit of 1000 vertex "
                         "invocations (ASMGL_MAX_INVOCATIONS): only 10 x 100 were drawn") != NULL);
    GT_CHECK(strstr(log, "a dispatch of 10 x 10 x 10 groups of 2 passes the limit of 1000 "
                         "invocations (ASMGL_MAX_INVOCATIONS): only 10 x 10 x 5 groups ran") != NULL);
    int lines = 0;
    for (char *p = log; *p; p++)
        lines += *p == '\n';
    GT_EQ_INT(lines, 2);
    if (gt_failures)
        fprintf(stderr, "stderr was:\n%s", log);
    return gt_finish("gl.work_limits");
}
