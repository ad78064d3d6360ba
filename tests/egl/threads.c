/*
 * threads.c - two threads, two contexts, two pbuffers, through libglvnd
 * (<EGL/egl.h>, <GL/gl.h>, -lEGL -lOpenGL; the vendor comes from
 * __EGL_VENDOR_LIBRARY_FILENAMES).
 *
 *   phase 1  each thread makes its own context current and renders 40
 *            frames with an ARB fragment program, checking every frame:
 *            GL calls on one thread never reach the other's context
 *   phase 2  while both are current, each thread tries to take the other's
 *            context or surface: EGL_BAD_ACCESS, and its own stays current
 *   phase 3  both release; the contexts swap threads and find the pixels
 *            the other thread left in their pbuffer
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Atomic int failures;

#define CHECK(cond, ...)                                                          \
    do {                                                                          \
        if (!(cond)) {                                                            \
            fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond);      \
            fprintf(stderr, __VA_ARGS__);                                         \
            fprintf(stderr, "\n");                                                \
            failures++;                                                           \
        }                                                                         \
    } while (0)

enum { FRAMES = 40 };

static EGLDisplay dpy;
static EGLContext ctx[2];
static EGLSurface pb[2];
static const int width[2] = {32, 48}, height[2] = {32, 24};
static pthread_barrier_t barrier;

static const char constant_fp[] =
    "!!ARBfp1.0\n"
    "MOV result.color, program.local[0];\n"
    "END\n";

typedef struct gl_procs {
    PFNGLGENPROGRAMSARBPROC GenProgramsARB;
    PFNGLBINDPROGRAMARBPROC BindProgramARB;
    PFNGLPROGRAMSTRINGARBPROC ProgramStringARB;
    PFNGLPROGRAMLOCALPARAMETER4FARBPROC ProgramLocalParameter4fARB;
} gl_procs;

static void load(gl_procs *p)
{
    p->GenProgramsARB = (PFNGLGENPROGRAMSARBPROC)eglGetProcAddress("glGenProgramsARB");
    p->BindProgramARB = (PFNGLBINDPROGRAMARBPROC)eglGetProcAddress("glBindProgramARB");
    p->ProgramStringARB = (PFNGLPROGRAMSTRINGARBPROC)eglGetProcAddress("glProgramStringARB");
    p->ProgramLocalParameter4fARB =
        (PFNGLPROGRAMLOCALPARAMETER4FARBPROC)eglGetProcAddress("glProgramLocalParameter4fARB");
}

/* Draws a full-window quad of colour (r, g, b, 255) and checks every pixel. */
static void frame(const gl_procs *p, int who, int r, int g, int b)
{
    int w = width[who], h = height[who];
    p->ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, r / 255.0f, g / 255.0f, b / 255.0f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glBegin(GL_TRIANGLE_STRIP);
    glVertex2f(-1, -1);
    glVertex2f(1, -1);
    glVertex2f(-1, 1);
    glVertex2f(1, 1);
    glEnd();
    unsigned char *px = malloc((size_t)w * h * 4);
    memset(px, 0xAA, (size_t)w * h * 4);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
    int bad = 0;
    for (int i = 0; i < w * h; i++)
        bad += px[4 * i] != r || px[4 * i + 1] != g || px[4 * i + 2] != b || px[4 * i + 3] != 255;
    CHECK(bad == 0 && glGetError() == GL_NO_ERROR,
          "thread %d: %d wrong pixels for (%d,%d,%d), first %d %d %d %d", who, bad, r, g, b, px[0],
          px[1], px[2], px[3]);
    free(px);
}

/* The pixel colour thread `who` leaves in its pbuffer at frame k. */
static void colour(int who, int k, int *r, int *g, int *b)
{
    *r = (k * 6 + who * 3) & 255;
    *g = who ? 200 : 20;
    *b = 255 - k;
}

static void *worker(void *arg)
{
    int me = (int)(long)arg, other = 1 - me;
    CHECK(eglBindAPI(EGL_OPENGL_API), "eglBindAPI");

    /* phase 1 */
    CHECK(eglMakeCurrent(dpy, pb[me], pb[me], ctx[me]), "thread %d make current: 0x%x", me,
          eglGetError());
    const char *renderer = (const char *)glGetString(GL_RENDERER);
    CHECK(renderer && strstr(renderer, "asmgl"), "GL_RENDERER says asmgl");
    gl_procs p;
    load(&p);
    GLuint prog;
    p.GenProgramsARB(1, &prog);
    p.BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    p.ProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(constant_fp), constant_fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    CHECK(glGetError() == GL_NO_ERROR, "program loads");
    GLint vp[4];
    glGetIntegerv(GL_VIEWPORT, vp);
    CHECK(vp[2] == width[me] && vp[3] == height[me], "thread %d viewport %dx%d", me, vp[2], vp[3]);
    for (int k = 0; k < FRAMES; k++) {
        int r, g, b;
        colour(me, k, &r, &g, &b);
        frame(&p, me, r, g, b);
    }
    CHECK(eglGetCurrentContext() == ctx[me], "own context current");
    pthread_barrier_wait(&barrier);

    /* phase 2: the other thread holds ctx[other] and pb[other] */
    CHECK(!eglMakeCurrent(dpy, pb[other], pb[other], ctx[other]) && eglGetError() == EGL_BAD_ACCESS,
          "taking the other thread's context is EGL_BAD_ACCESS");
    CHECK(!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx[other]) &&
              eglGetError() == EGL_BAD_ACCESS,
          "taking the other thread's context surfaceless is EGL_BAD_ACCESS");
    CHECK(eglGetCurrentContext() == ctx[me] && eglGetCurrentSurface(EGL_DRAW) == pb[me],
          "a failed make-current keeps the old one");
    int r, g, b;
    colour(me, FRAMES - 1, &r, &g, &b);
    frame(&p, me, r, g, b);
    pthread_barrier_wait(&barrier);

    /* phase 3: swap contexts between the threads */
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    pthread_barrier_wait(&barrier);
    CHECK(eglMakeCurrent(dpy, pb[other], pb[other], ctx[other]), "thread %d takes context %d: 0x%x",
          me, other, eglGetError());
    {
        int w = width[other], h = height[other];
        unsigned char *px = calloc((size_t)w * h, 4);
        glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, px);
        colour(other, FRAMES - 1, &r, &g, &b);
        CHECK(px[0] == r && px[1] == g && px[2] == b && px[4 * (w * h - 1)] == r,
              "pbuffer %d kept thread %d's pixels: %d %d %d", other, other, px[0], px[1], px[2]);
        free(px);
    }
    load(&p);
    /* ctx[other]'s program object and enable state came along */
    frame(&p, other, 1, 2, 3);
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    CHECK(eglReleaseThread(), "eglReleaseThread");
    return NULL;
}

int main(void)
{
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        fprintf(stderr, "no EGL display: 0x%x\n", eglGetError());
        return 1;
    }
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    if (!vendor || strcmp(vendor, "asmgl") != 0) {
        fprintf(stderr, "EGL vendor is %s, not asmgl\n", vendor ? vendor : "(null)");
        return 1;
    }
    eglBindAPI(EGL_OPENGL_API);
    static const EGLint want[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                  EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!eglChooseConfig(dpy, want, &config, 1, &n) || n != 1) {
        fprintf(stderr, "no config\n");
        return 1;
    }
    for (int i = 0; i < 2; i++) {
        const EGLint attr[] = {EGL_WIDTH, width[i], EGL_HEIGHT, height[i], EGL_NONE};
        pb[i] = eglCreatePbufferSurface(dpy, config, attr);
        ctx[i] = eglCreateContext(dpy, config, EGL_NO_CONTEXT, NULL);
        if (pb[i] == EGL_NO_SURFACE || ctx[i] == EGL_NO_CONTEXT) {
            fprintf(stderr, "cannot create surface/context %d: 0x%x\n", i, eglGetError());
            return 1;
        }
    }
    pthread_barrier_init(&barrier, NULL, 2);
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "the main thread has no context");
    for (int i = 0; i < 2; i++) {
        CHECK(eglDestroyContext(dpy, ctx[i]), "eglDestroyContext");
        CHECK(eglDestroySurface(dpy, pb[i]), "eglDestroySurface");
    }
    eglTerminate(dpy);
    if (failures) {
        fprintf(stderr, "egl.threads: %d failures\n", (int)failures);
        return 1;
    }
    printf("egl.threads: ok\n");
    return 0;
}
