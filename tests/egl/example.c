/*
 * example.c - an ordinary EGL program: <EGL/egl.h> and <GL/gl.h> only,
 * linked with -lEGL -lOpenGL (libglvnd).  Nothing in it knows asmgl; the
 * ctest egl.example sets __EGL_VENDOR_LIBRARY_FILENAMES to build/asmgl_egl.json
 * and the program checks that it really got asmgl (GL_RENDERER) and that
 * rendering with an ARB fragment program produces the right pixels:
 *
 *   1. a 64x64 pbuffer with depth: a gradient written by a fragment program,
 *      read back with glReadPixels; the depth test works
 *   2. a surfaceless context (EGL_KHR_surfaceless_context, no config) that
 *      renders into a framebuffer object
 *   3. back to the pbuffer: its pixels survived the other context
 *
 * Extension functions (glProgramStringARB ...) come from eglGetProcAddress,
 * as an application must get them; core ones from libOpenGL.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1 /* core 3.0 FBO functions, exported by libOpenGL */
#include <GL/gl.h>
#include <GL/glext.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                        \
    do {                                                        \
        if (!(cond)) {                                          \
            fprintf(stderr, "%s:%d: FAIL: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                       \
            fprintf(stderr, "\n");                              \
            failures++;                                         \
        }                                                       \
    } while (0)

#define REQUIRE(cond, ...)                                      \
    do {                                                        \
        CHECK(cond, __VA_ARGS__);                               \
        if (!(cond))                                            \
            exit(1);                                            \
    } while (0)

static PFNGLGENPROGRAMSARBPROC GenProgramsARB;
static PFNGLBINDPROGRAMARBPROC BindProgramARB;
static PFNGLPROGRAMSTRINGARBPROC ProgramStringARB;
static PFNGLPROGRAMLOCALPARAMETER4FARBPROC ProgramLocalParameter4fARB;
static PFNGLDELETEPROGRAMSARBPROC DeleteProgramsARB;

static bool has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; p && (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return true;
    return false;
}

static void load_gl(void)
{
    GenProgramsARB = (PFNGLGENPROGRAMSARBPROC)eglGetProcAddress("glGenProgramsARB");
    BindProgramARB = (PFNGLBINDPROGRAMARBPROC)eglGetProcAddress("glBindProgramARB");
    ProgramStringARB = (PFNGLPROGRAMSTRINGARBPROC)eglGetProcAddress("glProgramStringARB");
    ProgramLocalParameter4fARB =
        (PFNGLPROGRAMLOCALPARAMETER4FARBPROC)eglGetProcAddress("glProgramLocalParameter4fARB");
    DeleteProgramsARB = (PFNGLDELETEPROGRAMSARBPROC)eglGetProcAddress("glDeleteProgramsARB");
    REQUIRE(GenProgramsARB && BindProgramARB && ProgramStringARB && ProgramLocalParameter4fARB &&
                DeleteProgramsARB,
            "eglGetProcAddress of the ARB_fragment_program functions");
}

/* Red = x, green = y over a 64-pixel span, blue and alpha from local 0. */
static const char gradient_fp[] =
    "!!ARBfp1.0\n"
    "PARAM scale = {0.015625, 0.015625, 0, 0};\n"
    "PARAM ba = program.local[0];\n"
    "TEMP t;\n"
    "MUL t, fragment.position, scale;\n"
    "MOV result.color.xy, t;\n"
    "MOV result.color.zw, ba;\n"
    "END\n";

static GLuint load_fp(const char *text)
{
    GLuint prog;
    GenProgramsARB(1, &prog);
    BindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    ProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text), text);
    GLint pos = -2;
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    REQUIRE(glGetError() == GL_NO_ERROR && pos == -1, "fragment program loads (error at %d: %s)", pos,
            (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
    return prog;
}

static void quad(float z)
{
    glBegin(GL_QUADS);
    glVertex3f(-1, -1, z);
    glVertex3f(1, -1, z);
    glVertex3f(1, 1, z);
    glVertex3f(-1, 1, z);
    glEnd();
}

/* Checks w x h RGBA8 pixels against the gradient with blue b. */
static void check_gradient(const unsigned char *px, int w, int h, int b, const char *what)
{
    int bad = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const unsigned char *p = px + 4 * (y * w + x);
            int r = (int)((x + 0.5f) / 64 * 255 + 0.5f), g = (int)((y + 0.5f) / 64 * 255 + 0.5f);
            if (abs(p[0] - r) > 1 || abs(p[1] - g) > 1 || abs(p[2] - b) > 1 || p[3] != 255) {
                if (bad++ < 3)
                    fprintf(stderr, "%s: pixel (%d,%d) = %d %d %d %d, expected %d %d %d 255\n", what, x,
                            y, p[0], p[1], p[2], p[3], r, g, b);
            }
        }
    CHECK(bad == 0, "%s: %d wrong pixels", what, bad);
}

int main(void)
{
    /* ---- display ---- */
    const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
    REQUIRE(client && has_word(client, "EGL_MESA_platform_surfaceless"),
            "client extensions name the surfaceless platform: %s", client ? client : "(null)");
    EGLDisplay dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    REQUIRE(dpy != EGL_NO_DISPLAY, "eglGetPlatformDisplay: 0x%x", eglGetError());
    EGLint major = 0, minor = 0;
    REQUIRE(eglInitialize(dpy, &major, &minor), "eglInitialize: 0x%x", eglGetError());
    CHECK(major == 1 && minor == 5, "EGL %d.%d", major, minor);
    CHECK(eglGetDisplay(EGL_DEFAULT_DISPLAY) == dpy, "the default display is the surfaceless one");
    const char *vendor = eglQueryString(dpy, EGL_VENDOR);
    REQUIRE(vendor && strcmp(vendor, "asmgl") == 0, "EGL_VENDOR is asmgl, got %s",
            vendor ? vendor : "(null)");
    CHECK(strncmp(eglQueryString(dpy, EGL_VERSION), "1.5", 3) == 0, "EGL_VERSION");
    CHECK(has_word(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL"), "EGL_CLIENT_APIS");
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    CHECK(has_word(ext, "EGL_KHR_create_context") && has_word(ext, "EGL_KHR_surfaceless_context") &&
              has_word(ext, "EGL_KHR_no_config_context"),
          "display extensions: %s", ext);

    REQUIRE(eglBindAPI(EGL_OPENGL_API), "eglBindAPI(EGL_OPENGL_API)");
    CHECK(eglQueryAPI() == EGL_OPENGL_API, "eglQueryAPI");

    /* ---- config: RGBA8 with depth, for pbuffers and desktop GL ---- */
    static const EGLint want[] = {EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
                                  EGL_ALPHA_SIZE, 8, EGL_DEPTH_SIZE, 24,
                                  EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                                  EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    REQUIRE(eglChooseConfig(dpy, want, &config, 1, &n) && n == 1, "eglChooseConfig: %d configs", n);
    EGLint v;
    eglGetConfigAttrib(dpy, config, EGL_DEPTH_SIZE, &v);
    CHECK(v >= 24, "depth size %d", v);
    eglGetConfigAttrib(dpy, config, EGL_RENDERABLE_TYPE, &v);
    CHECK(v & EGL_OPENGL_BIT, "renderable type 0x%x", v);

    /* ---- 1. pbuffer ---- */
    static const EGLint pb_attr[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
    EGLSurface pb = eglCreatePbufferSurface(dpy, config, pb_attr);
    REQUIRE(pb != EGL_NO_SURFACE, "eglCreatePbufferSurface: 0x%x", eglGetError());
    eglQuerySurface(dpy, pb, EGL_WIDTH, &v);
    CHECK(v == 64, "pbuffer width %d", v);
    static const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1,
                                      EGL_NONE};
    EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, ctx_attr);
    REQUIRE(ctx != EGL_NO_CONTEXT, "eglCreateContext 2.1: 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent(pbuffer): 0x%x", eglGetError());
    CHECK(eglGetCurrentContext() == ctx && eglGetCurrentDisplay() == dpy &&
              eglGetCurrentSurface(EGL_DRAW) == pb && eglGetCurrentSurface(EGL_READ) == pb,
          "eglGetCurrent*");

    const char *renderer = (const char *)glGetString(GL_RENDERER);
    printf("GL_RENDERER: %s\nGL_VERSION: %s\n", renderer ? renderer : "(null)",
           (const char *)glGetString(GL_VERSION));
    REQUIRE(renderer && strstr(renderer, "asmgl"), "GL_RENDERER says asmgl");
    CHECK(strncmp((const char *)glGetString(GL_VERSION), "3.0", 3) == 0, "GL_VERSION 3.0");
    CHECK(has_word((const char *)glGetString(GL_EXTENSIONS), "GL_ARB_fragment_program"),
          "GL_ARB_fragment_program");
    load_gl();

    GLint vp[4];
    glGetIntegerv(GL_VIEWPORT, vp);
    CHECK(vp[0] == 0 && vp[1] == 0 && vp[2] == 64 && vp[3] == 64,
          "viewport set to the surface on first make-current: %d %d %d %d", vp[0], vp[1], vp[2], vp[3]);
    GLint depth_bits = 0;
    glGetIntegerv(GL_DEPTH_BITS, &depth_bits);
    CHECK(depth_bits == 24, "GL_DEPTH_BITS %d", depth_bits);

    GLuint fp = load_fp(gradient_fp);
    glClearColor(0, 0, 0, 0);
    glClearDepth(1.0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
    glEnable(GL_DEPTH_TEST);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0.5f, 1);
    quad(0.0f);
    /* behind the first quad: hidden by the depth test */
    ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 1.0f, 1);
    quad(0.5f);
    glDisable(GL_DEPTH_TEST);
    CHECK(eglSwapBuffers(dpy, pb), "eglSwapBuffers(pbuffer)");
    static unsigned char px[64 * 64 * 4];
    glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error after drawing");
    check_gradient(px, 64, 64, 128, "pbuffer");

    /* A GL function asmgl lacks: libglvnd's stub is a no-op, not a crash. */
    PFNGLCREATEVERTEXARRAYSPROC create_vao =
        (PFNGLCREATEVERTEXARRAYSPROC)eglGetProcAddress("glCreateVertexArrays");
    if (create_vao) {
        GLuint vao = 12345;
        create_vao(1, &vao);
        CHECK(vao == 12345, "the missing function did nothing");
    }

    /* ---- 2. surfaceless, no config, into a framebuffer object ---- */
    EGLContext ctx2 = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, NULL);
    REQUIRE(ctx2 != EGL_NO_CONTEXT, "eglCreateContext(EGL_NO_CONFIG_KHR): 0x%x", eglGetError());
    REQUIRE(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx2),
            "eglMakeCurrent(surfaceless): 0x%x", eglGetError());
    CHECK(eglGetCurrentContext() == ctx2 && eglGetCurrentSurface(EGL_DRAW) == EGL_NO_SURFACE,
          "current: ctx2, no surface");
    load_gl(); /* the same stubs; they now dispatch to ctx2 */
    glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    CHECK(glGetError() != GL_NO_ERROR, "reading framebuffer 0 without a surface is an error");

    GLuint tex, fbo;
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 32, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    REQUIRE(glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE, "FBO complete");
    glViewport(0, 0, 32, 16);
    GLuint fp2 = load_fp(gradient_fp);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    ProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 0, 0.25f, 1);
    quad(0.0f);
    static unsigned char fpx[32 * 16 * 4];
    glReadPixels(0, 0, 32, 16, GL_RGBA, GL_UNSIGNED_BYTE, fpx);
    CHECK(glGetError() == GL_NO_ERROR, "no GL error in the FBO pass");
    check_gradient(fpx, 32, 16, 64, "surfaceless FBO");
    DeleteProgramsARB(1, &fp2);

    /* ---- 3. back to the pbuffer: its pixels are still there ---- */
    REQUIRE(eglMakeCurrent(dpy, pb, pb, ctx), "eglMakeCurrent(back): 0x%x", eglGetError());
    memset(px, 0, sizeof px);
    glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, px);
    check_gradient(px, 64, 64, 128, "pbuffer after the surfaceless pass");
    DeleteProgramsARB(1, &fp);
    CHECK(eglWaitGL() && eglWaitClient(), "eglWaitGL/eglWaitClient");

    /* ---- teardown ---- */
    CHECK(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT), "release");
    CHECK(eglGetCurrentContext() == EGL_NO_CONTEXT, "nothing current");
    CHECK(eglDestroyContext(dpy, ctx) && eglDestroyContext(dpy, ctx2), "eglDestroyContext");
    CHECK(eglDestroySurface(dpy, pb), "eglDestroySurface");
    CHECK(eglTerminate(dpy), "eglTerminate");
    CHECK(eglReleaseThread(), "eglReleaseThread");

    if (failures) {
        fprintf(stderr, "egl.example: %d failures\n", failures);
        return 1;
    }
    printf("egl.example: ok\n");
    return 0;
}
