/*
 * tess_peer.c - the Mesa cross-check of tessellated draws: for a table of
 * TESS_MODE x TESS_SPACING x levels (integers, fractions, asymmetric outer
 * levels, 1 + epsilon, clamping, a discard), each drawn in point mode and as
 * a wireframe, writes OUT/NAME.shader_test, the draw with asmgl's NV
 * programs (!!NVtep5.0 with the default levels of PatchParameterfv), and
 * renders the same draw on Mesa llvmpipe with the equivalent GLSL
 * tessellation evaluation shader (no control shader: the default levels
 * there too), through libglvnd's EGL on a surfaceless display.
 * Both put tesscoord (u, v) (triangles: (u - w, v)) on a
 * 128x128 window with exact arithmetic (every product and sum fits a float),
 * blended GL_ONE GL_ONE (order-independent).  Points are moved to the
 * centre of their pixel (floor, exact on both sides) and coloured (u, v, w),
 * so the point set shows as the set of lit pixels and their colours;
 * wireframes are white.  asmgl renders each shader_test (asmgl run -o) and
 * the images are compared (agree below).
 *
 * Usage: tess_peer ASMGL OUTDIR.  Exit 0 when every draw agrees, 1 when one
 * does not, 77 when no Mesa llvmpipe context can be made.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stb/stb_image.h>

#define GL_FUNCS(X)                                                          \
    X(PFNGLGETSTRINGPROC, GetString)                                         \
    X(PFNGLGETERRORPROC, GetError)                                           \
    X(PFNGLCREATESHADERPROC, CreateShader)                                   \
    X(PFNGLSHADERSOURCEPROC, ShaderSource)                                   \
    X(PFNGLCOMPILESHADERPROC, CompileShader)                                 \
    X(PFNGLGETSHADERIVPROC, GetShaderiv)                                     \
    X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                           \
    X(PFNGLDELETESHADERPROC, DeleteShader)                                   \
    X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                 \
    X(PFNGLATTACHSHADERPROC, AttachShader)                                   \
    X(PFNGLLINKPROGRAMPROC, LinkProgram)                                     \
    X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                   \
    X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                         \
    X(PFNGLUSEPROGRAMPROC, UseProgram)                                       \
    X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                 \
    X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                             \
    X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                             \
    X(PFNGLPATCHPARAMETERIPROC, PatchParameteri)                             \
    X(PFNGLPATCHPARAMETERFVPROC, PatchParameterfv)                           \
    X(PFNGLDRAWARRAYSPROC, DrawArrays)                                       \
    X(PFNGLPOLYGONMODEPROC, PolygonMode)                                     \
    X(PFNGLCLEARCOLORPROC, ClearColor)                                       \
    X(PFNGLCLEARPROC, Clear)                                                 \
    X(PFNGLVIEWPORTPROC, Viewport)                                           \
    X(PFNGLENABLEPROC, Enable)                                               \
    X(PFNGLBLENDFUNCPROC, BlendFunc)                                           \
    X(PFNGLREADPIXELSPROC, ReadPixels)                                       \
    X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                             \
    X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                             \
    X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                           \
    X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                           \
    X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                     \
    X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)

static struct {
#define X(type, name) type name;
    GL_FUNCS(X)
#undef X
} gl;

enum { W = 128, H = 128 };
/* NDC offsets: exact binary fractions off the pixel grid's halves */
#ifndef OFFSET_X
#define OFFSET_X "0.0010986328125"
#define OFFSET_Y "0.0026855468750"
#endif

typedef struct level_row {
    const char *name;
    float outer[4], inner[2];
} level_row;

/* Levels: integers, fractions (every spacing rounds them its own way),
 * asymmetric outer levels, 1 + epsilon inner levels, clamping, a discard. */
static const level_row rows[] = {
    {"l1", {1, 1, 1, 1}, {1, 1}},
    {"l2", {2, 2, 2, 2}, {2, 2}},
    {"l3.3", {3.3f, 3.3f, 3.3f, 3.3f}, {3.3f, 3.3f}},
    {"l5", {5, 5, 5, 5}, {5, 5}},
    {"l7.9", {7.9f, 7.9f, 7.9f, 7.9f}, {7.9f, 7.9f}},
    {"l16", {16, 16, 16, 16}, {16, 16}},
    {"asym1", {1, 2.5f, 7.9f, 16}, {3.3f, 5}},
    {"asym2", {2, 3, 4, 5}, {6, 7}},
    {"asym3", {7, 6, 5, 4}, {3, 2}},
    {"eps", {3, 3, 3, 3}, {1, 1}},
    {"inner", {1, 1, 1, 1}, {5.5f, 2.25f}},
    {"frac", {5.000001f, 1.000001f, 2.999f, 63.5f}, {31.5f, 1.00001f}},
    {"clamp", {0.5f, 70, 12.7f, 5.5f}, {-1, 0}},
    {"discard", {0, 2, 2, 2}, {2, 2}},
};

static const char *mode_glsl[] = {"triangles", "quads", "isolines"};
static const char *mode_nv[] = {"TRIANGLES", "QUADS", "ISOLINES"};
static const char *spacing_glsl[] = {"equal_spacing", "fractional_odd_spacing", "fractional_even_spacing"};
static const char *spacing_nv[] = {"EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN"};
static const char *mode_short[] = {"tri", "quad", "iso"};
static const char *spacing_short[] = {"equal", "odd", "even"};

static GLuint compile(GLenum type, const char *src)
{
    GLuint s = gl.CreateShader(type);
    gl.ShaderSource(s, 1, &src, NULL);
    gl.CompileShader(s);
    GLint ok = 0;
    gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[2048];
        gl.GetShaderInfoLog(s, sizeof(log), NULL, log);
        fprintf(stderr, "shader compile failed:\n%s\n%s\n", src, log);
        exit(1);
    }
    return s;
}

/* The position: quads and isolines (u, v) * (111, 109) / 64 - (111, 109) /
 * 128; triangles ((u - w) * 111 / 128, v * 109 / 64 - 109 / 128); plus an
 * offset (OFFSET_X, OFFSET_Y).  Every step is exact in single precision
 * (tesscoords are multiples of 2^-16), so fused or separate multiply-adds
 * give the same bits on both sides; the unequal scales and the offset keep
 * most edges off pixel-centre ties. */
static GLuint make_program(int mode, int spacing, bool points)
{
    static const char *vs = "#version 400 core\n"
                            "void main() { gl_Position = vec4(0.0); }\n";
    static const char *fs = "#version 400 core\n"
                            "in vec4 c;\n"
                            "out vec4 o;\n"
                            "void main() { o = c; }\n";
    char tes[1024];
    snprintf(tes, sizeof(tes),
             "#version 400 core\n"
             "layout(%s, %s, ccw%s) in;\n"
             "out vec4 c;\n"
             "void main() {\n"
             "    vec3 t = gl_TessCoord;\n"
             "    vec2 p = %s;\n"
             "%s"
             "    gl_Position = vec4(p + vec2(%s, %s), 0.0, 1.0);\n"
             "    c = %s;\n"
             "}\n",
             mode_glsl[mode], spacing_glsl[spacing], points ? ", point_mode" : "",
             mode == 0 ? "vec2((t.x - t.z) * 0.875, t.y * 1.75 - 0.875)" : "t.xy * 1.75 - 0.875",
             points ? "    p = floor(p * 64.0 + 64.0) * 0.015625 - 0.9921875;\n" : "",
             points ? "0.0" : OFFSET_X, points ? "0.0" : OFFSET_Y, points ? "vec4(t.x, t.y, t.z, 1.0)" : "vec4(1.0)");
    GLuint p = gl.CreateProgram();
    GLuint sh[3] = {compile(GL_VERTEX_SHADER, vs), compile(GL_TESS_EVALUATION_SHADER, tes),
                    compile(GL_FRAGMENT_SHADER, fs)};
    for (int i = 0; i < 3; i++)
        gl.AttachShader(p, sh[i]);
    gl.LinkProgram(p);
    GLint ok = 0;
    gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
        fprintf(stderr, "link failed: %s\n", log);
        exit(1);
    }
    for (int i = 0; i < 3; i++)
        gl.DeleteShader(sh[i]);
    return p;
}

static int init_gl(void)
{
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    if (!get_display) {
        printf("skip: no eglGetPlatformDisplayEXT\n");
        return 77;
    }
    EGLDisplay dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor;
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
        printf("skip: no surfaceless EGL display (Mesa's EGL vendor absent?)\n");
        return 77;
    }
    const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 0,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE};
    EGLContext ctx = EGL_NO_CONTEXT;
    if (eglBindAPI(EGL_OPENGL_API))
        ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        printf("skip: no GL 4.0 core context (0x%x)\n", eglGetError());
        return 77;
    }
#define X(type, name)                                                       \
    gl.name = (type)eglGetProcAddress("gl" #name);                          \
    if (!gl.name) {                                                         \
        fprintf(stderr, "no gl" #name "\n");                                \
        return 1;                                                           \
    }
    GL_FUNCS(X)
#undef X
    const char *renderer = (const char *)gl.GetString(GL_RENDERER);
    if (!renderer || !strstr(renderer, "llvmpipe")) {
        printf("skip: renderer is %s, not llvmpipe\n", renderer ? renderer : "(none)");
        return 77;
    }
    printf("Mesa peer: %s, %s\n", renderer, (const char *)gl.GetString(GL_VERSION));
    GLuint fbo, rb, vao;
    gl.GenRenderbuffers(1, &rb);
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
    gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    gl.GenFramebuffers(1, &fbo);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    gl.GenVertexArrays(1, &vao);
    gl.BindVertexArray(vao);
    gl.Viewport(0, 0, W, H);
    gl.PatchParameteri(GL_PATCH_VERTICES, 1);
    return 0;
}

static bool write_shader_test(const char *path, int mode, int spacing, bool points, const level_row *r)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "[require]\nGL >= 1.3\nGL_NV_tessellation_program5\nSIZE %d %d\n\n", W, H);
    fprintf(f, "[vertex program]\n!!NVvp5.0\nMOV result.position, {0, 0, 0, 0};\nEND\n\n");
    fprintf(f, "[tessellation evaluation program]\n!!NVtep5.0\nTESS_MODE %s;\nTESS_SPACING %s;\n%s",
            mode_nv[mode], spacing_nv[spacing], points ? "TESS_POINT_MODE;\n" : "");
    fprintf(f, "TEMP p;\n");
    if (mode == 0) {
        fprintf(f, "SUB p.x, vertex.tesscoord.x, vertex.tesscoord.z;\n"
                   "MUL p.x, p.x, 0.875;\n"
                   "MAD p.y, vertex.tesscoord.y, 1.75, -0.875;\n");
    } else {
        fprintf(f, "MAD p.xy, vertex.tesscoord, 1.75, -0.875;\n");
    }
    if (points) /* to the centre of the pixel: x = (floor((p + 1) * 64) + 0.5) / 64 - 1 */
        fprintf(f, "MAD p.xy, p, 64, 64;\nFLR p.xy, p;\nMAD p.xy, p, 0.015625, -0.9921875;\n");
    fprintf(f, "ADD result.position.xy, p, {%s, %s, 0, 0};\nMOV result.position.zw, {0, 0, 0, 1};\n",
            points ? "0" : OFFSET_X, points ? "0" : OFFSET_Y);
    if (points)
        fprintf(f, "MOV result.color.xyz, vertex.tesscoord;\nMOV result.color.w, 1;\nEND\n\n");
    else
        fprintf(f, "MOV result.color, 1;\nEND\n\n");
    fprintf(f, "[fragment program]\n!!NVfp5.0\nMOV result.color, fragment.color;\nEND\n\n");
    fprintf(f, "[test]\nclear color 0 0 0 1\nclear\nenable GL_BLEND\nblend func GL_ONE GL_ONE\n%s",
            points ? "" : "polygon mode GL_FRONT_AND_BACK GL_LINE\n");
    fprintf(f, "patch parameter vertices 1\n");
    fprintf(f, "patch parameter default level outer %.9g %.9g %.9g %.9g\n", r->outer[0], r->outer[1],
            r->outer[2], r->outer[3]);
    fprintf(f, "patch parameter default level inner %.9g %.9g\n", r->inner[0], r->inner[1]);
    fprintf(f, "draw arrays GL_PATCHES 0 1\n");
    return fclose(f) == 0;
}

/* Compares asmgl's image (top row first) with Mesa's (glReadPixels order)
 * and prints what differs; true when they agree.  Points: every channel of
 * every pixel within 1.  Wireframes: the same, except that a pixel lit on
 * one side only is allowed (at most TIE_PIXELS of them) when the other side
 * lit a pixel next to it: a line passing exactly between two pixel centres,
 * which asmgl and llvmpipe break differently for a shared edge drawn in both
 * directions (the line rasterizer's business, not the tessellator's). */
#define TIE_PIXELS 12
static bool agree(const char *name, const unsigned char *mesa, const unsigned char *ours, bool points, int *ties)
{
    int bad = 0, tie = 0, maxd = 0;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            const unsigned char *m = mesa + ((size_t)y * W + (size_t)x) * 4;
            const unsigned char *o = ours + ((size_t)(H - 1 - y) * W + (size_t)x) * 4;
            int d = 0;
            for (int c = 0; c < 3; c++) {
                int e = abs((int)m[c] - (int)o[c]);
                d = e > d ? e : d;
            }
            if (d <= 1)
                continue;
            maxd = d > maxd ? d : maxd;
            bool lit_m = m[0] | m[1] | m[2], lit_o = o[0] | o[1] | o[2];
            bool near = false;
            for (int dy = -1; dy <= 1 && !points && lit_m != lit_o; dy++) {
                for (int dx = -1; dx <= 1; dx++) {
                    int xx = x + dx, yy = y + dy;
                    if (xx < 0 || yy < 0 || xx >= W || yy >= H)
                        continue;
                    const unsigned char *n = lit_m ? ours + ((size_t)(H - 1 - yy) * W + (size_t)xx) * 4
                                                   : mesa + ((size_t)yy * W + (size_t)xx) * 4;
                    near |= (n[0] | n[1] | n[2]) != 0;
                }
            }
            if (near)
                tie++;
            else
                bad++;
        }
    }
    *ties += tie;
    if (bad || tie > TIE_PIXELS) {
        printf("FAIL %s: %d pixels differ by up to %d, %d more are line ties\n", name, bad, maxd, tie);
        return false;
    }
    return true;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: tess_peer ASMGL OUTDIR\n");
        return 1;
    }
    int rc = init_gl();
    if (rc)
        return rc;
    static unsigned char px[W * H * 4];
    int n = 0, failed = 0, ties = 0;
    for (int mode = 0; mode < 3; mode++) {
        for (int sp = 0; sp < 3; sp++) {
            for (int pts = 1; pts >= 0; pts--) {
                GLuint prog = make_program(mode, sp, pts);
                gl.UseProgram(prog);
                gl.Enable(GL_BLEND);
                gl.BlendFunc(GL_ONE, GL_ONE);
                gl.PolygonMode(GL_FRONT_AND_BACK, pts ? GL_FILL : GL_LINE);
                for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
                    const level_row *r = &rows[k];
                    char name[128], path[700], png[700], cmd[2200];
                    snprintf(name, sizeof name, "%s-%s-%s-%s", mode_short[mode], spacing_short[sp],
                             pts ? "points" : "wire", r->name);
                    gl.PatchParameterfv(GL_PATCH_DEFAULT_OUTER_LEVEL, r->outer);
                    gl.PatchParameterfv(GL_PATCH_DEFAULT_INNER_LEVEL, r->inner);
                    gl.ClearColor(0, 0, 0, 1);
                    gl.Clear(GL_COLOR_BUFFER_BIT);
                    gl.DrawArrays(GL_PATCHES, 0, 1);
                    gl.ReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
                    GLenum err = gl.GetError();
                    if (err) {
                        fprintf(stderr, "%s: GL error 0x%x\n", name, err);
                        return 1;
                    }
                    snprintf(path, sizeof path, "%s/%s.shader_test", argv[2], name);
                    snprintf(png, sizeof png, "%s/%s.png", argv[2], name);
                    if (!write_shader_test(path, mode, sp, pts, r)) {
                        fprintf(stderr, "cannot write %s\n", path);
                        return 1;
                    }
                    snprintf(cmd, sizeof cmd, "'%s' run '%s' -o '%s' >/dev/null", argv[1], path, png);
                    int w = 0, h = 0, comps = 0;
                    unsigned char *ours = system(cmd) == 0 ? stbi_load(png, &w, &h, &comps, 4) : NULL;
                    if (!ours || w != W || h != H) {
                        printf("FAIL %s: asmgl run %s\n", name, path);
                        failed++;
                    } else if (!agree(name, px, ours, pts, &ties)) {
                        failed++;
                    }
                    stbi_image_free(ours);
                    n++;
                }
                gl.DeleteProgram(prog);
            }
        }
    }
    printf("%d of %d draws match Mesa (points within 1/255; wireframes within 1/255 but for %d "
           "line-tie pixels in all)\n", n - failed, n, ties);
    return failed ? 1 : 0;
}
