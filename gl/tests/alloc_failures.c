/*
 * alloc_failures.c - gl.alloc_failures: every allocation libasmgl makes in a
 * small program fails once, in turn, and the program checks what GL says.
 *
 * Runs under LD_PRELOAD=failinj.so (failinj.c).  The program (scenario())
 * creates a context, loads ARB and NV_gpu_program5 programs, draws with
 * them, draws with fixed function (plain and textured: generated programs),
 * draws a position-invariant program with a clip plane (its clip variant),
 * DrawPixels, reads back, resizes, renders into a surface and destroys the
 * context.  A first run with no
 * failure counts the allocations and keeps the image; then, for each n,
 * a forked child makes the n-th allocation fail and checks:
 *   - every GL error is GL_OUT_OF_MEMORY (GL 2.1 section 2.5: the only
 *     error for exhausted memory), never INVALID_OPERATION or another;
 *   - a program string that hit it says so: GL_PROGRAM_ERROR_STRING
 *     mentions "out of memory" and the position is -1, not a syntax error;
 *   - asmgl_context_create, asmgl_resize and asmgl_surface_create fail
 *     with the reason "out of memory";
 *   - a run where nothing reported a failure rendered exactly the image
 *     of the run without failures (no silently dropped work);
 *   - nothing is printed on stderr (no program dumps);
 *   - after asmgl_context_destroy libasmgl holds as many blocks as after
 *     the run without failures (no leak);
 *   - no crash, no hang (alarm).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <dlfcn.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "asmgl/asmgl.h"

#define SIZE 32

static void (*arm)(long);
static long (*count_fn)(void);
static long (*live_fn)(void);

/* What a child run reports to the parent (shared memory). */
typedef struct report {
    long count;      /* allocations counted */
    long live_after; /* blocks libasmgl holds after destroying the context */
    int oom_seen;    /* some call reported the failure (GL error, 0 / NULL result) */
    int ctx_refused; /* asmgl_context_create returned NULL */
    int violation;
    char msg[1024];
    unsigned char img[SIZE * SIZE * 4];
} report;

static report *rep;

static void violation(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t used = strlen(rep->msg);
    if (used < sizeof rep->msg - 2) {
        vsnprintf(rep->msg + used, sizeof rep->msg - used - 1, fmt, ap);
        strcat(rep->msg, "\n");
    }
    va_end(ap);
    rep->violation = 1;
}

/* Drains the GL errors after step what: each must be OUT_OF_MEMORY.
 * Returns true when one was. */
static int errors_ok(const char *what)
{
    int oom = 0;
    for (int k = 0; k < 8; k++) {
        GLenum e = glGetError();
        if (e == GL_NO_ERROR)
            break;
        if (e == GL_OUT_OF_MEMORY)
            oom = 1;
        else
            violation("%s: GL error 0x%04x", what, e);
    }
    rep->oom_seen |= oom;
    return oom;
}

/* Loads text into a new program object of target; true when it loaded.  An
 * out-of-memory failure must say so, never look like a syntax error. */
static int load(GLenum target, const char *text, GLuint *name)
{
    glGenProgramsARB(1, name);
    glBindProgramARB(target, *name);
    if (errors_ok("glGenProgramsARB, glBindProgramARB"))
        return 0;
    glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GLint pos = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    if (errors_ok("glProgramStringARB")) {
        if (pos != -1 || !msg || !strstr(msg, "out of memory"))
            violation("ProgramString out of memory: position %d, error string '%s'", pos,
                      msg ? msg : "(null)");
        return 0;
    }
    if (pos != -1)
        violation("ProgramString: position %d, '%s'", pos, msg ? msg : "(null)");
    return 1;
}

static void quad(void)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
}

static const char ARB_VP[] = "!!ARBvp1.0\n"
                             "PARAM mvp[4] = { state.matrix.mvp };\n"
                             "DP4 result.position.x, mvp[0], vertex.position;\n"
                             "DP4 result.position.y, mvp[1], vertex.position;\n"
                             "DP4 result.position.z, mvp[2], vertex.position;\n"
                             "DP4 result.position.w, mvp[3], vertex.position;\n"
                             "MOV result.color, vertex.color;\n"
                             "END\n";
static const char ARB_FP[] = "!!ARBfp1.0\n"
                             "PARAM k = program.local[0];\n"
                             "TEMP t;\n"
                             "MUL t, fragment.color, k;\n"
                             "MOV result.color, t;\n"
                             "END\n";
static const char NV5_FP[] = "!!NVfp5.0\n"
                             "TEMP t;\n"
                             "INT TEMP i;\n"
                             "MOV t, {0, 0, 0, 1};\n"
                             "MOV.S i.x, 0;\n"
                             "REP 4;\n"
                             "  ADD t.x, t.x, 0.125;\n"
                             "  ADD.S i.x, i.x, 1;\n"
                             "ENDREP;\n"
                             "I2F t.y, i.x;\n"
                             "MUL t.y, t.y, 0.125;\n"
                             "MOV result.color, t;\n"
                             "END\n";
static const char POSINV_VP[] = "!!ARBvp1.0\n"
                                "OPTION ARB_position_invariant;\n"
                                "MOV result.color, {0, 0, 1, 1};\n"
                                "END\n";

static void scenario(void)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = SIZE;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (!ctx) {
        rep->ctx_refused = 1;
        if (!strstr(asmgl_last_error(), "out of memory"))
            violation("asmgl_context_create: '%s'", asmgl_last_error());
        return;
    }
    if (!asmgl_make_current(ctx))
        violation("asmgl_make_current: '%s'", asmgl_last_error());
    glClearColor(0.25f, 0.25f, 0.25f, 1);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    errors_ok("glClear");

    /* ARB programs, left half */
    GLuint vp, fp, fp5, pvp;
    int vp_ok = load(GL_VERTEX_PROGRAM_ARB, ARB_VP, &vp);
    int fp_ok = load(GL_FRAGMENT_PROGRAM_ARB, ARB_FP, &fp);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 1, 0.5f, 1, 1);
    errors_ok("glProgramLocalParameter4fARB");
    glEnable(GL_SCISSOR_TEST);
    if (vp_ok && fp_ok) {
        glEnable(GL_VERTEX_PROGRAM_ARB);
        glEnable(GL_FRAGMENT_PROGRAM_ARB);
        glScissor(0, 0, SIZE / 2, SIZE / 2);
        glColor4f(1, 1, 0, 1);
        quad();
        errors_ok("draw with ARB programs");
        glDisable(GL_VERTEX_PROGRAM_ARB);
    }

    /* an NV_gpu_program5 fragment program with fixed-function vertices */
    if (load(GL_FRAGMENT_PROGRAM_ARB, NV5_FP, &fp5)) {
        glEnable(GL_FRAGMENT_PROGRAM_ARB);
        glScissor(SIZE / 2, 0, SIZE / 2, SIZE / 2);
        quad();
        errors_ok("draw with an NVfp5.0 program");
    }
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    /* fixed function: generated programs */
    glScissor(0, SIZE / 2, SIZE / 4, SIZE / 2);
    glColor4f(0, 1, 0, 1);
    quad();
    errors_ok("fixed-function draw");

    static unsigned char texels[4 * 4 * 4];
    for (int i = 0; i < 16; i++) {
        texels[i * 4 + 0] = (unsigned char)(i * 16);
        texels[i * 4 + 1] = 200;
        texels[i * 4 + 2] = (unsigned char)(255 - i * 16);
        texels[i * 4 + 3] = 255;
    }
    GLuint tex;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    int tex_oom = errors_ok("glTexImage2D");
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_MODULATE);
    glColor4f(1, 1, 1, 1);
    glScissor(SIZE / 4, SIZE / 2, SIZE / 4, SIZE / 2);
    quad();
    errors_ok("textured fixed-function draw");
    glDisable(GL_TEXTURE_2D);
    (void)tex_oom;

    /* a position-invariant vertex program under a clip plane: drawn
     * through its clip variant (x < 0.5 kept) */
    if (load(GL_VERTEX_PROGRAM_ARB, POSINV_VP, &pvp)) {
        static const GLdouble plane[4] = {-1, 0, 0, 0.5};
        glClipPlane(GL_CLIP_PLANE0, plane);
        glEnable(GL_CLIP_PLANE0);
        glEnable(GL_VERTEX_PROGRAM_ARB);
        glScissor(SIZE / 2, SIZE / 2, SIZE / 2, SIZE / 4);
        quad();
        errors_ok("position-invariant draw with a clip plane");
        glDisable(GL_VERTEX_PROGRAM_ARB);
        glDisable(GL_CLIP_PLANE0);
    }

    /* DrawPixels: the pixel path's own vertex program */
    glScissor(0, 0, SIZE, SIZE);
    glWindowPos2i(SIZE / 2, SIZE * 3 / 4);
    glDrawPixels(4, 4, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    errors_ok("glDrawPixels");
    glDisable(GL_SCISSOR_TEST);

    /* read-back */
    static float px[SIZE * SIZE * 4];
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_FLOAT, px);
    errors_ok("glReadPixels");
    if (!asmgl_read_color(ctx, rep->img))
        violation("asmgl_read_color: '%s'", asmgl_last_error());

    /* a resize and a surface: 0 / NULL with "out of memory", or done */
    if (!asmgl_resize(ctx, SIZE / 2, SIZE / 2)) {
        rep->oom_seen = 1;
        if (!strstr(asmgl_last_error(), "out of memory"))
            violation("asmgl_resize: '%s'", asmgl_last_error());
    }
    asmgl_surface *surf = asmgl_surface_create(&cfg);
    if (!surf) {
        rep->oom_seen = 1;
        if (!strstr(asmgl_last_error(), "out of memory"))
            violation("asmgl_surface_create: '%s'", asmgl_last_error());
    }
    if (surf) {
        if (!asmgl_make_current_surface(ctx, surf))
            violation("asmgl_make_current_surface: '%s'", asmgl_last_error());
        glClear(GL_COLOR_BUFFER_BIT);
        errors_ok("glClear of a surface");
        asmgl_make_current_surface(NULL, NULL);
        asmgl_surface_destroy(surf);
        asmgl_make_current(ctx);
    }

    glDeleteTextures(1, &tex);
    GLuint progs[4] = {vp, fp, fp5, pvp};
    glDeleteProgramsARB(4, progs);
    errors_ok("delete");
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
}

/* Runs scenario() in a child with allocation n failing (0: none); returns
 * the child's wait status.  The child's stderr goes to errfd. */
static int run_child(long n, int errfd)
{
    memset(rep, 0, sizeof *rep);
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(errfd, 2);
        alarm(20);
        arm(n);
        scenario();
        rep->count = count_fn();
        rep->live_after = live_fn();
        _exit(0);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    return st;
}

int main(void)
{
    arm = (void (*)(long))dlsym(RTLD_DEFAULT, "failinj_arm");
    count_fn = (long (*)(void))dlsym(RTLD_DEFAULT, "failinj_count");
    live_fn = (long (*)(void))dlsym(RTLD_DEFAULT, "failinj_live");
    if (!arm || !count_fn || !live_fn) {
        fprintf(stderr, "gl.alloc_failures: run with LD_PRELOAD=<failinj.so>\n");
        return 1;
    }
    rep = mmap(NULL, sizeof *rep, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (rep == MAP_FAILED)
        return 1;
    char errpath[] = "/tmp/asmgl-alloc-failures-XXXXXX";
    int errfd = mkstemp(errpath);
    if (errfd < 0)
        return 1;
    unlink(errpath);

    /* the run without failures: the reference */
    int st = run_child(0, errfd);
    if (!WIFEXITED(st) || WEXITSTATUS(st) || rep->violation || rep->oom_seen || rep->ctx_refused ||
        rep->live_after < 0) {
        fprintf(stderr, "gl.alloc_failures: the run without failures failed (status 0x%x):\n%s",
                st, rep->msg);
        return 1;
    }
    long total = rep->count, live_ref = rep->live_after;
    static unsigned char ref[SIZE * SIZE * 4];
    memcpy(ref, rep->img, sizeof ref);
    struct stat sb;
    if (fstat(errfd, &sb) == 0 && sb.st_size > 0)
        fprintf(stderr, "note: the run without failures wrote %ld bytes on stderr\n",
                (long)sb.st_size);
    long ref_err_bytes = (long)sb.st_size;

    /* ALLOC_FAILURES_ONLY=n: only that allocation fails (debugging) */
    long first = 1, last = total;
    const char *only = getenv("ALLOC_FAILURES_ONLY");
    if (only && atol(only) > 0)
        first = last = atol(only);
    int failures = 0;
    long reported = 0, refused = 0, absorbed = 0;
    for (long n = first; n <= last; n++) {
        if (ftruncate(errfd, 0) != 0 || lseek(errfd, 0, SEEK_SET) != 0)
            return 1;
        st = run_child(n, errfd);
        char why[160] = "";
        if (WIFSIGNALED(st))
            snprintf(why, sizeof why, "killed by signal %d (%s)", WTERMSIG(st),
                     WTERMSIG(st) == SIGALRM ? "hang" : strsignal(WTERMSIG(st)));
        else if (WEXITSTATUS(st))
            snprintf(why, sizeof why, "exit status %d", WEXITSTATUS(st));
        else if (rep->live_after != live_ref)
            snprintf(why, sizeof why, "%ld blocks held after destroy, %ld without failures",
                     rep->live_after, live_ref);
        else if (!rep->oom_seen && !rep->ctx_refused && memcmp(rep->img, ref, sizeof ref))
            snprintf(why, sizeof why, "no error reported, but the image differs");
        fstat(errfd, &sb);
        if (!why[0] && sb.st_size > ref_err_bytes)
            snprintf(why, sizeof why, "%ld bytes on stderr", (long)sb.st_size);
        if (why[0] || rep->violation) {
            failures++;
            fprintf(stderr, "allocation %ld of %ld failed: %s\n%s", n, total, why, rep->msg);
            if (sb.st_size > 0) {
                char buf[2048];
                ssize_t k = pread(errfd, buf, sizeof buf - 1, 0);
                buf[k > 0 ? k : 0] = 0;
                fprintf(stderr, "  its stderr: %s\n", buf);
            }
            continue;
        }
        if (rep->ctx_refused)
            refused++;
        else if (rep->oom_seen)
            reported++;
        else
            absorbed++;
    }
    printf("gl.alloc_failures: %ld allocations, each failed once: %ld reported (GL_OUT_OF_MEMORY "
           "or \"out of memory\"), %ld context creations refused, %ld without visible effect, "
           "%d wrong\n",
           total, reported, refused, absorbed, failures);
    return failures != 0;
}
