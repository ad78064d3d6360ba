/* test_jit_exit.c - GL calls from an exit handler while programs are
 * compiled before their first task (ASMGL_JIT_SYNC=1): the handler,
 * registered before the first compile, runs after LLVM's static
 * destructors (exit handlers run last registered first), and draws with a
 * program nothing compiled yet.  The compiler must refuse that compile
 * (the interpreter draws it) instead of using LLVM after its statics are
 * gone: the pixel is right and the process exits 0.  Piglit's tests do
 * this when their EGL teardown flushes a last draw.
 */
#include "gl_test.h"

#include <stdlib.h>
#include <unistd.h>

static asmgl_context *ctx;

static void draw_with(const char *fp)
{
    gt_program(GL_FRAGMENT_PROGRAM_ARB, fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBegin(GL_QUADS);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(1, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static void at_exit(void)
{
    draw_with("!!ARBfp1.0\n"
              "MUL result.color, {0.5, 1, 0.25, 1}, {1, 0.5, 1, 1};\n"
              "END\n");
    GT_PROBE(4, 4, 0.5f, 0.5f, 0.25f, 1.0f, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    _exit(gt_finish("gl.jit_exit"));
}

int main(void)
{
    setenv("ASMGL_JIT_SYNC", "1", 1);
    atexit(at_exit);
    ctx = gt_context(8, 8);
    draw_with("!!ARBfp1.0\n"
              "MOV result.color, {0, 1, 0, 1};\n"
              "END\n");
    GT_PROBE(4, 4, 0, 1, 0, 1, 0.01f);
    GT_ERROR(GL_NO_ERROR);
    exit(0);
}
