/*
 * mesa_tess_gen.c - rast_tess_gen against Mesa's tessellation primitive
 * generator (llvmpipe, through libglvnd's EGL on a surfaceless display).
 *
 * For every TESS_MODE x TESS_SPACING and a table of levels (integers,
 * fractions, asymmetric outer levels, clamping, discards, plus a seeded
 * random sweep), a GLSL tessellation control shader sets the levels from
 * uniforms and an evaluation shader writes gl_TessCoord to transform
 * feedback, with rasterization discarded.  Three captures per row:
 * point_mode (the vertex multiset), ccw and cw triangles (isolines: line
 * segments).  Each must equal rast_tess_gen's output bit for bit: points as
 * multisets, primitives as sets with each triangle's vertex cycle kept (so
 * the winding is compared), lines as ordered pairs.  The test also reports
 * whether Mesa's order is the generator's order, and checks Mesa's winding
 * against Figure X.1 on its own.
 *
 * Run as: mesa_tess_gen [-v]   (the ctest sets __EGL_VENDOR_LIBRARY_FILENAMES
 * to Mesa's JSON and GALLIUM_DRIVER=llvmpipe).  Exit 0 when every row
 * matches, 1 otherwise, 77 when no Mesa llvmpipe context can be made.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../rast_priv.h"

#define GL_FUNCS(X)                                                          \
    X(PFNGLGETSTRINGPROC, GetString)                                         \
    X(PFNGLGETERRORPROC, GetError)                                           \
    X(PFNGLENABLEPROC, Enable)                                               \
    X(PFNGLCREATESHADERPROC, CreateShader)                                   \
    X(PFNGLSHADERSOURCEPROC, ShaderSource)                                   \
    X(PFNGLCOMPILESHADERPROC, CompileShader)                                 \
    X(PFNGLGETSHADERIVPROC, GetShaderiv)                                     \
    X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                           \
    X(PFNGLDELETESHADERPROC, DeleteShader)                                   \
    X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                 \
    X(PFNGLATTACHSHADERPROC, AttachShader)                                   \
    X(PFNGLTRANSFORMFEEDBACKVARYINGSPROC, TransformFeedbackVaryings)         \
    X(PFNGLLINKPROGRAMPROC, LinkProgram)                                     \
    X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                   \
    X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                         \
    X(PFNGLUSEPROGRAMPROC, UseProgram)                                       \
    X(PFNGLDELETEPROGRAMPROC, DeleteProgram)                                 \
    X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                       \
    X(PFNGLUNIFORM4FVPROC, Uniform4fv)                                       \
    X(PFNGLUNIFORM2FVPROC, Uniform2fv)                                       \
    X(PFNGLGENVERTEXARRAYSPROC, GenVertexArrays)                             \
    X(PFNGLBINDVERTEXARRAYPROC, BindVertexArray)                             \
    X(PFNGLGENBUFFERSPROC, GenBuffers)                                       \
    X(PFNGLBINDBUFFERPROC, BindBuffer)                                       \
    X(PFNGLBINDBUFFERBASEPROC, BindBufferBase)                               \
    X(PFNGLBUFFERDATAPROC, BufferData)                                       \
    X(PFNGLMAPBUFFERRANGEPROC, MapBufferRange)                               \
    X(PFNGLUNMAPBUFFERPROC, UnmapBuffer)                                     \
    X(PFNGLGENQUERIESPROC, GenQueries)                                       \
    X(PFNGLBEGINQUERYPROC, BeginQuery)                                       \
    X(PFNGLENDQUERYPROC, EndQuery)                                           \
    X(PFNGLGETQUERYOBJECTUIVPROC, GetQueryObjectuiv)                         \
    X(PFNGLBEGINTRANSFORMFEEDBACKPROC, BeginTransformFeedback)               \
    X(PFNGLENDTRANSFORMFEEDBACKPROC, EndTransformFeedback)                   \
    X(PFNGLPATCHPARAMETERIPROC, PatchParameteri)                             \
    X(PFNGLDRAWARRAYSPROC, DrawArrays)                                       \
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

#define MAX_VERTS 32768 /* captured vertices per draw (24576 at most) */

static int verbose;

/* ---- the level table --------------------------------------------------------- */

typedef struct level_row {
    float outer[4], inner[2];
} level_row;

static const level_row fixed_rows[] = {
    {{1, 1, 1, 1}, {1, 1}},
    {{1.5f, 1.5f, 1.5f, 1.5f}, {1.5f, 1.5f}},
    {{2, 2, 2, 2}, {2, 2}},
    {{3.3f, 3.3f, 3.3f, 3.3f}, {3.3f, 3.3f}},
    {{4, 4, 4, 4}, {4, 4}},
    {{7.9f, 7.9f, 7.9f, 7.9f}, {7.9f, 7.9f}},
    {{16, 16, 16, 16}, {16, 16}},
    {{64, 64, 64, 64}, {64, 64}},
    {{1, 2.5f, 7.9f, 16}, {3.3f, 5}},
    {{64, 1, 33.3f, 2}, {1, 64}},
    {{3, 3, 3, 3}, {1, 1}},
    {{1, 1, 1, 1}, {2.2f, 1}},
    {{1, 1, 1, 1}, {1, 3}},
    {{2, 3, 4, 5}, {6, 7}},
    {{7, 6, 5, 4}, {3, 2}},
    {{2.5f, 2.5f, 2.5f, 2.5f}, {1, 1}},
    {{1, 1, 1, 1}, {5.5f, 2.25f}},
    {{5.000001f, 1.000001f, 2.999f, 63.5f}, {31.5f, 1.00001f}},
    {{1 + 0x1p-17f, 1, 1, 1}, {1, 1}},
    {{1 + 0x1p-16f, 1, 1, 1}, {1, 1}},
    {{1, 1, 1, 1}, {1 + 0x1p-16f, 1}},
    {{0.5f, 70, 12.7f, 5.5f}, {-1, NAN}},
    {{65, 64.5f, 100, 1e30f}, {1e30f, INFINITY}},
    {{INFINITY, INFINITY, INFINITY, INFINITY}, {INFINITY, INFINITY}},
    {{0.25f, 0.001f, 0.75f, 0.9f}, {0.5f, 0}},
    {{0, 2, 2, 2}, {2, 2}},         /* discarded in every mode */
    {{NAN, 2, 2, 2}, {2, 2}},       /* discarded in every mode */
    {{2, -0.0f, 2, 2}, {2, 2}},     /* discarded in every mode */
    {{2, 2, -1, 2}, {2, 2}},        /* TRIANGLES and QUADS discard */
    {{2, 2, 2, 0}, {2, 2}},         /* QUADS discards */
    {{2, 2, NAN, -INFINITY}, {2, 2}}, /* ISOLINES keeps */
    {{1e-40f, 2, 2, 2}, {2, 2}},    /* a denormal counts as 0 */
    {{19, 33.5f, 6, 30.002f}, {12.214f, 28.64f}}, /* FRACTIONAL_EVEN: two slivers turn over */
    {{30.002f, 30.002f, 30.002f, 30.002f}, {30.002f, 30.002f}},
    {{2.0001f, 4.0001f, 62.0001f, 63.9999f}, {3.0001f, 62.9999f}},
};

#define N_RANDOM 160

static uint32_t lcg = 12345;
static float random_level(void)
{
    lcg = lcg * 1664525u + 1013904223u;
    uint32_t r = lcg >> 8;
    float x = 0.6f + (float)(r % 65000) / 1000.0f; /* [0.6, 65.6) */
    switch ((r >> 20) & 3) {
    case 0: return floorf(x);
    case 1: return floorf(x) + 0.5f;
    default: return x;
    }
}

/* ---- GL -------------------------------------------------------------------------- */

static const char *mode_glsl[] = {"triangles", "quads", "isolines"};
static const char *spacing_glsl[] = {"equal_spacing", "fractional_odd_spacing",
                                     "fractional_even_spacing"};
static const char *mode_name[] = {"TRIANGLES", "QUADS", "ISOLINES"};
static const char *spacing_name[] = {"EQUAL", "FRACTIONAL_ODD", "FRACTIONAL_EVEN"};
static const char *variant_name[] = {"point_mode", "ccw", "cw"};

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

/* variant: 0 point_mode, 1 ccw, 2 cw */
static GLuint make_program(int mode, int spacing, int variant)
{
    static const char *vs = "#version 400 core\n"
                            "void main() { gl_Position = vec4(0.0); }\n";
    static const char *tcs = "#version 400 core\n"
                             "layout(vertices = 1) out;\n"
                             "uniform vec4 outer;\n"
                             "uniform vec2 inner;\n"
                             "void main() {\n"
                             "    gl_out[gl_InvocationID].gl_Position = vec4(0.0);\n"
                             "    gl_TessLevelOuter[0] = outer.x;\n"
                             "    gl_TessLevelOuter[1] = outer.y;\n"
                             "    gl_TessLevelOuter[2] = outer.z;\n"
                             "    gl_TessLevelOuter[3] = outer.w;\n"
                             "    gl_TessLevelInner[0] = inner.x;\n"
                             "    gl_TessLevelInner[1] = inner.y;\n"
                             "}\n";
    char tes[512];
    snprintf(tes, sizeof(tes),
             "#version 400 core\n"
             "layout(%s, %s, %s%s) in;\n"
             "out vec3 tc;\n"
             "void main() { tc = gl_TessCoord; gl_Position = vec4(0.0); }\n",
             mode_glsl[mode], spacing_glsl[spacing], variant == 2 ? "cw" : "ccw",
             variant == 0 ? ", point_mode" : "");
    GLuint p = gl.CreateProgram();
    GLuint sh[3] = {compile(GL_VERTEX_SHADER, vs), compile(GL_TESS_CONTROL_SHADER, tcs),
                    compile(GL_TESS_EVALUATION_SHADER, tes)};
    for (int i = 0; i < 3; i++)
        gl.AttachShader(p, sh[i]);
    const char *varying = "tc";
    gl.TransformFeedbackVaryings(p, 1, &varying, GL_INTERLEAVED_ATTRIBS);
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

/* Draws one patch and returns the captured vertices (3 floats each). */
static uint32_t mesa_capture(GLuint prog, GLenum tf_prim, int vpp, const level_row *row,
                             float (*out)[3])
{
    static GLuint q[2];
    if (!q[0])
        gl.GenQueries(2, q);
    gl.UseProgram(prog);
    gl.Uniform4fv(gl.GetUniformLocation(prog, "outer"), 1, row->outer);
    gl.Uniform2fv(gl.GetUniformLocation(prog, "inner"), 1, row->inner);
    gl.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[0]);
    gl.BeginQuery(GL_PRIMITIVES_GENERATED, q[1]);
    gl.BeginTransformFeedback(tf_prim);
    gl.DrawArrays(GL_PATCHES, 0, 1);
    gl.EndTransformFeedback();
    gl.EndQuery(GL_PRIMITIVES_GENERATED);
    gl.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
    GLuint written = 0, generated = 0;
    gl.GetQueryObjectuiv(q[0], GL_QUERY_RESULT, &written);
    gl.GetQueryObjectuiv(q[1], GL_QUERY_RESULT, &generated);
    if (written != generated) {
        fprintf(stderr, "transform feedback overflow: %u of %u primitives\n", written, generated);
        exit(1);
    }
    uint32_t n = written * (uint32_t)vpp;
    if (n) {
        const float *p = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0,
                                          (GLsizeiptr)n * 3 * sizeof(float), GL_MAP_READ_BIT);
        if (!p) {
            fprintf(stderr, "map failed: 0x%x\n", gl.GetError());
            exit(1);
        }
        memcpy(out, p, (size_t)n * 3 * sizeof(float));
        gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
    }
    GLenum err = gl.GetError();
    if (err) {
        fprintf(stderr, "GL error 0x%x\n", err);
        exit(1);
    }
    return n;
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
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
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
    const char *version = (const char *)gl.GetString(GL_VERSION);
    if (!renderer || !strstr(renderer, "llvmpipe")) {
        printf("skip: renderer is %s, not llvmpipe\n", renderer ? renderer : "(none)");
        return 77;
    }
    printf("Mesa peer: %s, %s\n", renderer, version);
    /* A surfaceless context has no default framebuffer: draw into a 1x1
     * renderbuffer (rasterization is discarded anyway). */
    GLuint fbo, rb, vao, buf;
    gl.GenRenderbuffers(1, &rb);
    gl.BindRenderbuffer(GL_RENDERBUFFER, rb);
    gl.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 1, 1);
    gl.GenFramebuffers(1, &fbo);
    gl.BindFramebuffer(GL_FRAMEBUFFER, fbo);
    gl.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    gl.GenVertexArrays(1, &vao);
    gl.BindVertexArray(vao);
    gl.GenBuffers(1, &buf);
    gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
    gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, (GLsizeiptr)MAX_VERTS * 3 * sizeof(float), NULL,
                 GL_STREAM_READ);
    gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
    gl.Enable(GL_RASTERIZER_DISCARD);
    gl.PatchParameteri(GL_PATCH_VERTICES, 1);
    return 0;
}

/* ---- comparison ------------------------------------------------------------------- */

typedef struct prim_key {
    uint32_t w[9]; /* up to 3 vertices x (u, v, w) bit patterns */
} prim_key;

static int key_vpp; /* vertices per primitive of the keys being sorted */

static int cmp_vertex(const uint32_t *a, const uint32_t *b)
{
    for (int i = 0; i < 3; i++)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

static int cmp_key(const void *pa, const void *pb)
{
    const prim_key *a = pa, *b = pb;
    for (int i = 0; i < 3 * key_vpp; i++)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* Primitive i of a capture as a key; a triangle starts at its least vertex,
 * its cycle (and so its winding) kept. */
static void make_key(const float (*v)[3], int vpp, uint32_t i, prim_key *k)
{
    uint32_t w[3][3];
    memset(k, 0, sizeof(*k));
    for (int j = 0; j < vpp; j++)
        memcpy(w[j], v[i * (uint32_t)vpp + (uint32_t)j], sizeof(w[j]));
    int first = 0;
    if (vpp == 3)
        for (int j = 1; j < 3; j++)
            if (cmp_vertex(w[j], w[first]) < 0)
                first = j;
    for (int j = 0; j < vpp; j++)
        memcpy(&k->w[3 * j], w[(first + j) % vpp], sizeof(w[0]));
}

/* Signed doubled area of a triangle in the plane of Figure X.1 (TRIANGLES:
 * (u,v,w) placed on an equilateral triangle). */
static double area2(const float (*v)[3], int tri_mode)
{
    double x[3], y[3];
    for (int j = 0; j < 3; j++) {
        x[j] = tri_mode ? v[j][0] + 0.5 * v[j][1] : v[j][0];
        y[j] = v[j][1];
    }
    return (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0]);
}

static float (*mesa_v)[3], (*ours_v)[3], (*coords)[3];
static uint32_t *indices;
static prim_key *keys_a, *keys_b;

typedef struct result {
    uint32_t mesa_n, ours_n; /* captured vertices */
    bool same_order, same_set;
    int mesa_bad_winding;
} result;

static result compare_one(GLuint prog, int mode, int spacing, int variant, const level_row *row)
{
    result res = {0};
    int vpp = variant == 0 ? 1 : mode == RAST_TESS_ISOLINES ? 2 : 3;
    GLenum tf_prim = vpp == 1 ? GL_POINTS : vpp == 2 ? GL_LINES : GL_TRIANGLES;
    res.mesa_n = mesa_capture(prog, tf_prim, vpp, row, mesa_v);

    rast_tess_plan plan;
    rast_tess_plan_init(&plan, (rast_tess_mode)mode, (rast_tess_spacing)spacing, variant == 2,
                        variant == 0, row->outer, row->inner);
    uint32_t nv = rast_tess_gen_coords(&plan, coords);
    uint32_t np = rast_tess_gen_prims(&plan, indices);
    if (nv != plan.num_vertices || np != plan.num_prims ||
        (!plan.discard && plan.verts_per_prim != (uint32_t)vpp)) {
        fprintf(stderr, "plan counts %u/%u vpp %u, generated %u/%u\n", plan.num_vertices,
                plan.num_prims, plan.verts_per_prim, nv, np);
        return res;
    }
    res.ours_n = np * (uint32_t)vpp;
    for (uint32_t i = 0; i < res.ours_n; i++)
        memcpy(ours_v[i], coords[indices[i]], sizeof(ours_v[i]));

    if (vpp == 3)
        for (uint32_t p = 0; p < res.mesa_n / 3; p++) {
            double a = area2(&mesa_v[3 * p], mode == RAST_TESS_TRIANGLES);
            if (variant == 2 ? a > 0 : a < 0)
                res.mesa_bad_winding++;
        }
    if (res.mesa_n != res.ours_n)
        return res;
    res.same_order = memcmp(mesa_v, ours_v, (size_t)res.ours_n * sizeof(ours_v[0])) == 0;
    if (!res.same_order && verbose) {
        uint32_t i = 0;
        while (!memcmp(mesa_v[i], ours_v[i], sizeof(ours_v[i])))
            i++;
        fprintf(stderr, "  %s: vertex %u of %u differs first:", variant_name[variant], i,
                res.ours_n);
        for (uint32_t j = i; j < i + 6 && j < res.ours_n; j++)
            fprintf(stderr, " mesa (%g %g %g) ours (%g %g %g);", mesa_v[j][0], mesa_v[j][1],
                    mesa_v[j][2], ours_v[j][0], ours_v[j][1], ours_v[j][2]);
        fprintf(stderr, "\n");
    }
    uint32_t nprim = res.ours_n / (uint32_t)vpp;
    for (uint32_t p = 0; p < nprim; p++) {
        make_key((const float(*)[3])mesa_v, vpp, p, &keys_a[p]);
        make_key((const float(*)[3])ours_v, vpp, p, &keys_b[p]);
    }
    key_vpp = vpp;
    qsort(keys_a, nprim, sizeof(prim_key), cmp_key);
    qsort(keys_b, nprim, sizeof(prim_key), cmp_key);
    res.same_set = memcmp(keys_a, keys_b, nprim * sizeof(prim_key)) == 0;
    if (!res.same_set && verbose) {
        for (uint32_t p = 0; p < nprim; p++)
            if (memcmp(&keys_a[p], &keys_b[p], sizeof(prim_key))) {
                float f[2][9];
                memcpy(f[0], keys_a[p].w, sizeof(f[0]));
                memcpy(f[1], keys_b[p].w, sizeof(f[1]));
                fprintf(stderr, "  first difference, sorted primitive %u:\n", p);
                for (int s = 0; s < 2; s++) {
                    fprintf(stderr, "   %s", s ? "ours" : "mesa");
                    for (int j = 0; j < 3 * vpp; j++)
                        fprintf(stderr, " %.9g", f[s][j]);
                    fprintf(stderr, "\n");
                }
                break;
            }
    }
    return res;
}

static void print_levels(const level_row *r, char *buf, size_t size)
{
    snprintf(buf, size, "outer %g %g %g %g inner %g %g", r->outer[0], r->outer[1], r->outer[2],
             r->outer[3], r->inner[0], r->inner[1]);
}

int main(int argc, char **argv)
{
    verbose = argc > 1 && !strcmp(argv[1], "-v");
    int rc = init_gl();
    if (rc)
        return rc;
    mesa_v = malloc(MAX_VERTS * sizeof(*mesa_v));
    ours_v = malloc(MAX_VERTS * sizeof(*ours_v));
    coords = malloc(RAST_TESS_MAX_VERTICES * sizeof(*coords));
    indices = malloc(RAST_TESS_MAX_INDICES * sizeof(*indices));
    keys_a = malloc(MAX_VERTS * sizeof(*keys_a));
    keys_b = malloc(MAX_VERTS * sizeof(*keys_b));
    if (!mesa_v || !ours_v || !coords || !indices || !keys_a || !keys_b)
        return 1;

    size_t n_fixed = sizeof(fixed_rows) / sizeof(fixed_rows[0]);
    size_t n_rows = n_fixed + N_RANDOM;
    level_row *rows = malloc(n_rows * sizeof(*rows));
    memcpy(rows, fixed_rows, sizeof(fixed_rows));
    for (size_t i = n_fixed; i < n_rows; i++) {
        for (int j = 0; j < 4; j++)
            rows[i].outer[j] = random_level();
        for (int j = 0; j < 2; j++)
            rows[i].inner[j] = random_level();
    }

    int failures = 0, compared = 0, reordered = 0;
    printf("%-9s %-15s %-52s %6s %6s  %s\n", "mode", "spacing", "levels", "points", "prims",
           "point_mode, ccw, cw (ISOLINES: point_mode, lines)");
    for (int mode = 0; mode < 3; mode++) {
        for (int spacing = 0; spacing < 3; spacing++) {
            int n_variants = mode == RAST_TESS_ISOLINES ? 2 : 3;
            GLuint prog[3];
            for (int v = 0; v < n_variants; v++)
                prog[v] = make_program(mode, spacing, v);
            int random_same = 0, random_set = 0, random_bad = 0;
            for (size_t i = 0; i < n_rows; i++) {
                result r[3];
                bool ok = true, order = true;
                int bad_winding = 0;
                for (int v = 0; v < n_variants; v++) {
                    r[v] = compare_one(prog[v], mode, spacing, v, &rows[i]);
                    ok &= r[v].mesa_n == r[v].ours_n && r[v].same_set;
                    order &= r[v].same_order;
                    bad_winding += r[v].mesa_bad_winding;
                    compared++;
                    reordered += !r[v].same_order;
                }
                failures += !ok;
                char lv[96];
                print_levels(&rows[i], lv, sizeof(lv));
                const char *verdict = !ok ? "DIFFERENT"
                                    : order ? "identical"
                                            : "same sets, other order";
                if (i < n_fixed || !ok || verbose) {
                    uint32_t prims = r[1].mesa_n / (mode == RAST_TESS_ISOLINES ? 2 : 3);
                    printf("%-9s %-15s %-52s %6u %6u  %s", mode_name[mode],
                           spacing_name[spacing], lv, r[0].mesa_n, prims, verdict);
                    if (bad_winding)
                        printf(" (%d of Mesa's ccw+cw triangles turned over)", bad_winding);
                    printf("\n");
                    if (!ok)
                        for (int v = 0; v < n_variants; v++)
                            printf("    %s: Mesa %u vertices, ours %u\n", variant_name[v],
                                   r[v].mesa_n, r[v].ours_n);
                }
                if (i >= n_fixed)
                    !ok ? random_bad++ : order ? random_same++ : random_set++;
            }
            printf("%-9s %-15s %d random level sets: %d identical, %d same sets in another "
                   "order, %d different\n",
                   mode_name[mode], spacing_name[spacing], N_RANDOM, random_same, random_set,
                   random_bad);
            for (int v = 0; v < n_variants; v++)
                gl.DeleteProgram(prog[v]);
        }
    }
    printf("%d captures compared, %d in another order than Mesa's, %d level rows different\n",
           compared, reordered, failures);
    free(rows);
    free(mesa_v);
    free(ours_v);
    free(coords);
    free(indices);
    free(keys_a);
    free(keys_b);
    return failures ? 1 : 0;
}
