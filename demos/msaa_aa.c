/*
 * msaa_aa.c - asmgl-demo-msaa: antialiasing on a 4x multisampled
 * framebuffer with NV_gpu_program5's programmable interpolation (IPAS,
 * IPAO).
 *
 * Every frame is drawn into a framebuffer object with a 4-sample RGBA8
 * colour renderbuffer and resolved into the window by glBlitFramebuffer
 * (the samples averaged).  Multisampling alone smooths only geometric
 * edges: the fragment program runs once per pixel, so a pattern computed in
 * the program is as jagged as without it.  The three panels (design units:
 * 240 high, so pixels at the test size 320x240):
 *
 *   top left, x [0, 160), y [120, 240): a checkerboard of period P = 10.25
 *     computed in the program from texture coordinates (the pattern turns
 *     0.4 degrees a frame about (80, 120)).  Left of x = 80 it is evaluated
 *     at the pixel centre (aliased: two colours only); right of it the
 *     !!NVfp5.0 program evaluates the coordinates at each of the four sample
 *     positions with "IPAS p, fragment.texcoord[0], sid.x" (2.X.8.Z IPAS)
 *     and averages the four checker values: a supersampled pattern, with
 *     intermediate levels 1/4, 2/4, 3/4 along its edges.
 *   top right, x [160, 320): concentric rings (bands of width 6, period 12)
 *     around (240.25, 180.5) (moving with the frame), antialiased
 *     analytically: "IPAO q, fragment.texcoord[0], {+-0.25, 0}" and
 *     "{0, +-0.25}" (2.X.8.Z IPAO) give the radius a quarter pixel either
 *     side of the centre, hence its gradient g per pixel, and the band's
 *     coverage is clamp(0.5 - s / g, 0, 1) for the signed distance s to the
 *     band's nearer edge.
 *   bottom, y [0, 120): a fan of 16 thin triangles turning about (160, 60):
 *     geometric edges, smoothed by the multisample coverage itself.
 *
 * Sample positions are asmgl's 4x pattern (rasterizer/rast.h
 * "Multisampling"): (0.375, 0.125), (0.875, 0.375), (0.125, 0.625),
 * (0.625, 0.875) from the pixel's lower-left corner.  demos/test_msaa.cmake
 * probes frame 0.  API thread only.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"

#define SAMPLES 4
#define CHECK_PERIOD 10.25f
#define RING_PERIOD 12.0f
#define FAN_SPOKES 16
#define FAN_RADIUS 56.0f
#define FAN_HALF_ANGLE 0.021f /* radians: about 1.2 degrees */

/* ---- FBO entry points, looked up here (see pcss.c) ---- */

static PFNGLGENFRAMEBUFFERSPROC p_glGenFramebuffers;
static PFNGLDELETEFRAMEBUFFERSPROC p_glDeleteFramebuffers;
static PFNGLBINDFRAMEBUFFERPROC p_glBindFramebuffer;
static PFNGLFRAMEBUFFERRENDERBUFFERPROC p_glFramebufferRenderbuffer;
static PFNGLCHECKFRAMEBUFFERSTATUSPROC p_glCheckFramebufferStatus;
static PFNGLGENRENDERBUFFERSPROC p_glGenRenderbuffers;
static PFNGLDELETERENDERBUFFERSPROC p_glDeleteRenderbuffers;
static PFNGLBINDRENDERBUFFERPROC p_glBindRenderbuffer;
static PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC p_glRenderbufferStorageMultisample;
static PFNGLBLITFRAMEBUFFERPROC p_glBlitFramebuffer;

static bool load_fbo_entry_points(void)
{
#define GET(type, name) (p_##name = (type)demo_gl_proc(#name)) != NULL
    return GET(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers) &&
           GET(PFNGLDELETEFRAMEBUFFERSPROC, glDeleteFramebuffers) &&
           GET(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer) &&
           GET(PFNGLFRAMEBUFFERRENDERBUFFERPROC, glFramebufferRenderbuffer) &&
           GET(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus) &&
           GET(PFNGLGENRENDERBUFFERSPROC, glGenRenderbuffers) &&
           GET(PFNGLDELETERENDERBUFFERSPROC, glDeleteRenderbuffers) &&
           GET(PFNGLBINDRENDERBUFFERPROC, glBindRenderbuffer) &&
           GET(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, glRenderbufferStorageMultisample) &&
           GET(PFNGLBLITFRAMEBUFFERPROC, glBlitFramebuffer);
#undef GET
}

/* ---- programs ------------------------------------------------------------- */

static const char msaa_vp[] =
    "!!NVvp5.0\n"
    "PARAM mvp[4] = { state.matrix.mvp };\n"
    "DP4 result.position.x, mvp[0], vertex.position;\n"
    "DP4 result.position.y, mvp[1], vertex.position;\n"
    "DP4 result.position.z, mvp[2], vertex.position;\n"
    "DP4 result.position.w, mvp[3], vertex.position;\n"
    "MOV result.texcoord[0], vertex.texcoord[0];\n"
    "MOV result.color, vertex.color;\n"
    "END\n";

static const char flat_fp[] =
    "!!NVfp5.0\n"
    "MOV result.color, fragment.color;\n"
    "END\n";

/* program.env[0] = dark colour, program.env[1] = light colour.
 * checker(u, v) = frac((floor u + floor v) / 2): 0 (dark) or 0.5 (light). */
static const char checker_centre_fp[] =
    "!!NVfp5.0\n"
    "# the checkerboard at the pixel centre only: aliased\n"
    "PARAM dark = program.env[0];\n"
    "PARAM light = program.env[1];\n"
    "TEMP f;\n"
    "FLR f.xy, fragment.texcoord[0];\n"
    "ADD f.x, f.x, f.y;\n"
    "MUL f.x, f.x, 0.5;\n"
    "FRC f.x, f.x;\n"
    "ADD f.x, f.x, f.x;\n"
    "LRP result.color, f.x, light, dark;\n"
    "END\n";

static const char checker_ipas_fp[] =
    "!!NVfp5.0\n"
    "# the checkerboard at each of the four sample positions (IPAS), averaged\n"
    "PARAM dark = program.env[0];\n"
    "PARAM light = program.env[1];\n"
    "TEMP p, f, acc;\n"
    "INT TEMP sid;\n"
    "MOV.S sid, {0, 1, 2, 3};\n"
    "IPAS p, fragment.texcoord[0], sid.x;\n"
    "FLR f.xy, p;\n"
    "ADD f.x, f.x, f.y;\n"
    "MUL acc.x, f.x, 0.5;\n"
    "FRC acc.x, acc.x;\n"
    "IPAS p, fragment.texcoord[0], sid.y;\n"
    "FLR f.xy, p;\n"
    "ADD f.x, f.x, f.y;\n"
    "MUL f.x, f.x, 0.5;\n"
    "FRC f.x, f.x;\n"
    "ADD acc.x, acc.x, f.x;\n"
    "IPAS p, fragment.texcoord[0], sid.z;\n"
    "FLR f.xy, p;\n"
    "ADD f.x, f.x, f.y;\n"
    "MUL f.x, f.x, 0.5;\n"
    "FRC f.x, f.x;\n"
    "ADD acc.x, acc.x, f.x;\n"
    "IPAS p, fragment.texcoord[0], sid.w;\n"
    "FLR f.xy, p;\n"
    "ADD f.x, f.x, f.y;\n"
    "MUL f.x, f.x, 0.5;\n"
    "FRC f.x, f.x;\n"
    "ADD acc.x, acc.x, f.x;\n"
    "MUL acc.x, acc.x, 0.5;                # four values of 0 or 0.5 -> fraction light\n"
    "LRP result.color, acc.x, light, dark;\n"
    "END\n";

/* fragment.texcoord[0].xy = position relative to the rings' centre (pixels);
 * program.env[2] = (period, 1 / period, period / 2, period / 4). */
static const char rings_ipao_fp[] =
    "!!NVfp5.0\n"
    "# rings antialiased analytically: the radius's gradient from IPAO\n"
    "PARAM dark = program.env[0];\n"
    "PARAM light = program.env[1];\n"
    "PARAM ring = program.env[2];\n"
    "TEMP q, t, r, d, s;\n"
    "IPAO q, fragment.texcoord[0], {0.25, 0, 0, 0};\n"
    "DP2 t.x, q, q;\n"
    "IPAO q, fragment.texcoord[0], {-0.25, 0, 0, 0};\n"
    "DP2 t.y, q, q;\n"
    "IPAO q, fragment.texcoord[0], {0, 0.25, 0, 0};\n"
    "DP2 t.z, q, q;\n"
    "IPAO q, fragment.texcoord[0], {0, -0.25, 0, 0};\n"
    "DP2 t.w, q, q;\n"
    "MAX t, t, 1e-12;\n"
    "RSQ r.x, t.x;\n"
    "RSQ r.y, t.y;\n"
    "RSQ r.z, t.z;\n"
    "RSQ r.w, t.w;\n"
    "MUL r, r, t;                           # radii at the four offsets\n"
    "SUB d.xy, r.xzxx, r.ywxx;\n"
    "DP2 d.z, d, d;\n"
    "MAX d.z, d.z, 1e-12;\n"
    "RSQ d.w, d.z;\n"
    "MUL d.z, d.z, d.w;\n"
    "ADD d.z, d.z, d.z;                     # g = |grad r| in 1/pixel\n"
    "# signed distance to the nearer band edge at the pixel centre\n"
    "DP2 s.x, fragment.texcoord[0], fragment.texcoord[0];\n"
    "MAX s.x, s.x, 1e-12;\n"
    "RSQ s.y, s.x;\n"
    "MUL s.x, s.x, s.y;                     # r0\n"
    "MUL s.x, s.x, ring.y;\n"
    "FRC s.x, s.x;\n"
    "MUL s.x, s.x, ring.x;                  # r0 mod period\n"
    "SUB s.x, s.x, ring.z;\n"
    "SUB s.x, |s.x|, ring.w;                # < 0 inside the band\n"
    "RCP d.w, d.z;\n"
    "MUL s.x, s.x, d.w;\n"
    "SUB_SAT s.x, 0.5, s.x;                 # coverage\n"
    "LRP result.color, s.x, light, dark;\n"
    "END\n";

/* ---- scene ------------------------------------------------------------------ */

typedef struct msaa_scene {
    GLuint vp, flat, centre, ipas, ipao;
    GLuint fbo, color_rb;
    int fb_w, fb_h;
} msaa_scene;

static void msaa_destroy(void *p)
{
    msaa_scene *s = p;
    if (!s)
        return;
    GLuint progs[5] = {s->vp, s->flat, s->centre, s->ipas, s->ipao};
    glDeleteProgramsARB(5, progs);
    if (s->fbo)
        p_glDeleteFramebuffers(1, &s->fbo);
    if (s->color_rb)
        p_glDeleteRenderbuffers(1, &s->color_rb);
    free(s);
}

static void *msaa_create(const demo_options *opt)
{
    (void)opt;
    if (!load_fbo_entry_points()) {
        fprintf(stderr, "asmgl-demo-msaa: framebuffer object entry points missing\n");
        return NULL;
    }
    msaa_scene *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, msaa_vp, "vertex");
    s->flat = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, flat_fp, "flat fragment");
    s->centre = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, checker_centre_fp, "checker (pixel centre) fragment");
    s->ipas = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, checker_ipas_fp, "checker (IPAS) fragment");
    s->ipao = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, rings_ipao_fp, "rings (IPAO) fragment");
    if (!s->vp || !s->flat || !s->centre || !s->ipas || !s->ipao) {
        msaa_destroy(s);
        return NULL;
    }
    p_glGenFramebuffers(1, &s->fbo);
    p_glGenRenderbuffers(1, &s->color_rb);
    return s;
}

/* (Re)allocates the 4-sample colour buffer for width x height. */
static bool fbo_size(msaa_scene *s, int width, int height)
{
    if (s->fb_w == width && s->fb_h == height)
        return true;
    p_glBindRenderbuffer(GL_RENDERBUFFER, s->color_rb);
    p_glRenderbufferStorageMultisample(GL_RENDERBUFFER, SAMPLES, GL_RGBA8, width, height);
    p_glBindRenderbuffer(GL_RENDERBUFFER, 0);
    p_glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
    p_glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, s->color_rb);
    GLenum st = p_glCheckFramebufferStatus(GL_FRAMEBUFFER);
    p_glBindFramebuffer(GL_FRAMEBUFFER, 0);
    if (st != GL_FRAMEBUFFER_COMPLETE) {
        fprintf(stderr, "asmgl-demo-msaa: multisample framebuffer incomplete (0x%04x)\n", st);
        return false;
    }
    GLint samples = 0;
    p_glBindRenderbuffer(GL_RENDERBUFFER, s->color_rb);
    PFNGLGETRENDERBUFFERPARAMETERIVPROC get_rb =
        (PFNGLGETRENDERBUFFERPARAMETERIVPROC)demo_gl_proc("glGetRenderbufferParameteriv");
    if (get_rb)
        get_rb(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
    p_glBindRenderbuffer(GL_RENDERBUFFER, 0);
    if (samples != SAMPLES) {
        fprintf(stderr, "asmgl-demo-msaa: asked for %d samples, got %d\n", SAMPLES, (int)samples);
        return false;
    }
    s->fb_w = width;
    s->fb_h = height;
    return true;
}

/* A quad x0..x1, y0..y1 whose texture coordinates are the affine map
 * t = M (x - ox, y - oy) (M row-major 2x2). */
static void pattern_quad(float x0, float y0, float x1, float y1, float ox, float oy, const float M[4])
{
    const float xs[4] = {x0, x1, x1, x0}, ys[4] = {y0, y0, y1, y1};
    glBegin(GL_QUADS);
    for (int i = 0; i < 4; i++) {
        float dx = xs[i] - ox, dy = ys[i] - oy;
        glTexCoord2f(M[0] * dx + M[1] * dy, M[2] * dx + M[3] * dy);
        glVertex2f(xs[i], ys[i]);
    }
    glEnd();
}

static void msaa_render(void *p, int frame, int width, int height)
{
    msaa_scene *s = p;
    if (!fbo_size(s, width, height))
        return;
    float scale = (float)height / 240.0f;

    p_glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
    glViewport(0, 0, width, height);
    glClearColor(0.05f, 0.08f, 0.2f, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_MULTISAMPLE);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0.0, (double)width / scale, 0.0, 240.0, -1.0, 1.0);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();

    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->vp);

    /* checkerboard: pattern coordinates R(phi) (x - 80, y - 120) / P */
    float phi = (float)frame * 0.4f * 3.14159265f / 180.0f;
    float c = cosf(phi) / CHECK_PERIOD, sn = sinf(phi) / CHECK_PERIOD;
    const float M[4] = {c, sn, -sn, c};
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0.12f, 0.12f, 0.14f, 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 1, 0.95f, 0.93f, 0.85f, 1.0f);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->centre);
    pattern_quad(0.0f, 120.0f, 80.0f, 240.0f, 80.0f, 120.0f, M);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->ipas);
    pattern_quad(80.0f, 120.0f, 160.0f, 240.0f, 80.0f, 120.0f, M);

    /* rings: texture coordinates = position - centre */
    float cx = 240.25f + 20.0f * sinf((float)frame * 0.05f), cy = 180.5f;
    static const float I[4] = {1, 0, 0, 1};
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0.1f, 0.1f, 0.3f, 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 1, 1.0f, 0.8f, 0.3f, 1.0f);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 2, RING_PERIOD, 1.0f / RING_PERIOD, RING_PERIOD / 2.0f,
                               RING_PERIOD / 4.0f);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->ipao);
    pattern_quad(160.0f, 120.0f, (float)width / scale, 240.0f, cx, cy, I);

    /* the fan: thin triangles, geometric edges */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->flat);
    float turn = (float)frame * 0.7f * 3.14159265f / 180.0f;
    glBegin(GL_TRIANGLES);
    glColor3f(1.0f, 1.0f, 0.9f);
    for (int k = 0; k < FAN_SPOKES; k++) {
        float a = turn + (float)k * 2.0f * 3.14159265f / FAN_SPOKES;
        glVertex2f(160.0f, 60.0f);
        glVertex2f(160.0f + FAN_RADIUS * cosf(a - FAN_HALF_ANGLE), 60.0f + FAN_RADIUS * sinf(a - FAN_HALF_ANGLE));
        glVertex2f(160.0f + FAN_RADIUS * cosf(a + FAN_HALF_ANGLE), 60.0f + FAN_RADIUS * sinf(a + FAN_HALF_ANGLE));
    }
    glEnd();

    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);

    /* resolve: the four samples of each pixel averaged into the window */
    p_glBindFramebuffer(GL_READ_FRAMEBUFFER, s->fbo);
    p_glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    p_glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    p_glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

static const demo_scene_ops msaa_ops = {
    .name = "asmgl-demo-msaa",
    .summary = "4x multisampling with NV_gpu_program5 IPAS (supersampled pattern) and IPAO (analytic edges)",
    .extensions = "GL_NV_gpu_program5 GL_ARB_framebuffer_object",
    .create = msaa_create,
    .render = msaa_render,
    .destroy = msaa_destroy,
};

int main(int argc, char **argv)
{
    return demo_run(argc, argv, &msaa_ops);
}
