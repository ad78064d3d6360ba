/*
 * oit.c - asmgl-demo-oit: order-independent transparency with per-pixel
 * linked lists built by NV_gpu_program5 global-memory instructions
 * (NV_shader_buffer_load / NV_shader_buffer_store: ATOM, STORE, LOAD).
 *
 * Three buffer objects are made resident and their GPU addresses handed to
 * the programs as program.local parameters (PK64 joins the two words):
 *   counter  one uint: the next free node (ATOM.ADD.U32 allocates)
 *   heads    width x height uints: the first node of each pixel's list,
 *            0xffffffff = empty (reset with glBufferSubData every frame)
 *   nodes    16-byte nodes (packed RGBA8 colour, depth, next, 0)
 * Pass 1 draws the translucent rectangles of oit_scene.h with colour writes
 * off: each fragment allocates a node, swaps it into its pixel's head
 * (ATOM.EXCH.U32 returns the old head, which becomes the node's next) and
 * STOREs the node.  The program has side effects, so asmgl runs it for
 * every covered fragment in primitive order (rasterizer/rast.h
 * "Resources"), never hidden by HSR.  Pass 2 draws one window-sized
 * rectangle whose program walks the pixel's list (LOAD.U32X4), keeps up to
 * OIT_MAX_LAYERS nodes in TEMP arrays, and blends them farthest first over
 * the checkerboard background: c.a * c.rgb + (1 - c.a) * below.
 * A fragment whose ATOM returns a node index past the buffer is discarded
 * (KIL before its STORE: nothing is stored).
 *
 * The image does not depend on the thread count: a pixel's list holds its
 * fragments in primitive order whatever node numbers the shared counter
 * hands out, and the resolve reads only the lists' contents.
 * demos/test_oit.cmake compares frame 0 with the golden image that
 * demos/tools/oit_ref.c computes on the CPU from the same scene description.
 * API thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "demo.h"
#include "oit_scene.h"

#define OIT_MAX_LAYERS 8   /* nodes a pixel's resolve blends (the scene has <= 5) */
#define OIT_NODES_PER_PIXEL 3

#ifndef GL_BUFFER_GPU_ADDRESS_NV
#define GL_BUFFER_GPU_ADDRESS_NV 0x8F1D
#endif
#ifndef GL_READ_WRITE
#define GL_READ_WRITE 0x88BA
#endif

typedef void (*pfn_get_buffer_ui64)(GLenum target, GLenum pname, GLuint64EXT *params);
typedef void (*pfn_make_resident)(GLenum target, GLenum access);
typedef void (*pfn_local_i4ui)(GLenum target, GLuint index, GLuint x, GLuint y, GLuint z, GLuint w);

static PFNGLGENBUFFERSPROC p_glGenBuffers;
static PFNGLDELETEBUFFERSPROC p_glDeleteBuffers;
static PFNGLBINDBUFFERPROC p_glBindBuffer;
static PFNGLBUFFERDATAPROC p_glBufferData;
static PFNGLBUFFERSUBDATAPROC p_glBufferSubData;
static pfn_get_buffer_ui64 p_glGetBufferParameterui64vNV;
static pfn_make_resident p_glMakeBufferResidentNV;
static pfn_local_i4ui p_glProgramLocalParameterI4uiNV;

static bool load_entry_points(void)
{
#define GET(type, name) (p_##name = (type)demo_gl_proc(#name)) != NULL
    bool ok = GET(PFNGLGENBUFFERSPROC, glGenBuffers) && GET(PFNGLDELETEBUFFERSPROC, glDeleteBuffers) &&
              GET(PFNGLBINDBUFFERPROC, glBindBuffer) && GET(PFNGLBUFFERDATAPROC, glBufferData) &&
              GET(PFNGLBUFFERSUBDATAPROC, glBufferSubData) &&
              GET(pfn_get_buffer_ui64, glGetBufferParameterui64vNV) &&
              GET(pfn_make_resident, glMakeBufferResidentNV) &&
              GET(pfn_local_i4ui, glProgramLocalParameterI4uiNV);
#undef GET
    if (!ok)
        fprintf(stderr, "asmgl-demo-oit: a buffer or NV_shader_buffer_load entry point is missing\n");
    return ok;
}

/* ---- programs ------------------------------------------------------------- */

/* vertex.position is already in clip space (the CPU maps window
 * coordinates); colours are flat per rectangle. */
static const char pass_vp[] =
    "!!NVvp5.0\n"
    "MOV result.position, vertex.position;\n"
    "MOV result.color, vertex.color;\n"
    "END\n";

/* program.local[0] = nodes address (low, high), [1] = heads address,
 * [2] = (width, node count, 0, 0), [3] = counter address. */
static const char build_fp[] =
    "!!NVfp5.0\n"
    "# pass 1: push this fragment onto its pixel's list\n"
    "LONG TEMP ca, ha, na;\n"
    "UINT TEMP p, idx, old;\n"
    "TEMP v;\n"
    "PK64.U ca.x, program.local[3];\n"
    "ATOM.ADD.U32 idx.x, {1, 0, 0, 0}, ca.x;\n"
    "# out of nodes: discard before anything is stored\n"
    "SGE.U.CC p.z, idx.x, program.local[2].y;\n"
    "KIL NE.z;\n"
    "TRUNC.U p.xy, fragment.position;\n"
    "MAD.U p.x, p.y, program.local[2].x, p.x;\n"
    "MUL.U p.x, p.x, 4;\n"
    "PK64.U ha.x, program.local[1];\n"
    "ADD.U64 ha.x, ha.x, p.x;\n"
    "ATOM.EXCH.U32 old.x, idx.x, ha.x;\n"
    "PK4UB v.x, fragment.color;\n"
    "MOV v.y, fragment.position.z;\n"
    "MOV.U v.z, old.x;\n"
    "MOV.U v.w, 0;\n"
    "MUL.U idx.y, idx.x, 16;\n"
    "PK64.U na.x, program.local[0];\n"
    "ADD.U64 na.x, na.x, idx.y;\n"
    "STORE.U32X4 v, na.x;\n"
    "MOV result.color, 0;\n"
    "END\n";

/* program.local[0..2] as above; [4] / [5] = background dark / light;
 * [6] = (1 / checker size, ...). */
static const char resolve_fp[] =
    "!!NVfp5.0\n"
    "# pass 2: sort this pixel's fragments by depth and blend them\n"
    "TEMP D[8], C[8];\n"
    "TEMP acc, t, c, best, node;\n"
    "LONG TEMP ha, na, nb;\n"
    "UINT TEMP p, q;\n"
    "INT TEMP m, k, j;\n"
    "# background checkerboard\n"
    "MUL t.xy, fragment.position, program.local[6].x;\n"
    "FLR t.xy, t;\n"
    "ADD t.x, t.x, t.y;\n"
    "MUL t.x, t.x, 0.5;\n"
    "FRC t.x, t.x;\n"
    "ADD t.x, t.x, t.x;\n"
    "LRP acc, t.x, program.local[5], program.local[4];\n"
    "# the head of the list\n"
    "TRUNC.U p.xy, fragment.position;\n"
    "MAD.U p.x, p.y, program.local[2].x, p.x;\n"
    "MUL.U p.x, p.x, 4;\n"
    "PK64.U ha.x, program.local[1];\n"
    "ADD.U64 ha.x, ha.x, p.x;\n"
    "LOAD.U32 q.x, ha.x;\n"
    "PK64.U nb.x, program.local[0];\n"
    "MOV.S m.x, 0;\n"
    "REP.S 8;\n"
    "  SEQ.U.CC q.y, q.x, 4294967295;\n"
    "  BRK (NE.y);\n"
    "  MUL.U q.z, q.x, 16;\n"
    "  ADD.U64 na.x, nb.x, q.z;\n"
    "  LOAD.U32X4 node, na.x;\n"
    "  MOV D[m.x], node.y;\n"
    "  MOV C[m.x], node.x;\n"
    "  MOV.U q.x, node.z;\n"
    "  ADD.S m.x, m.x, 1;\n"
    "ENDREP;\n"
    "# farthest first: pick the largest depth left, blend it, mark it used\n"
    "REP.S m.x;\n"
    "  MOV best.x, -1;\n"
    "  MOV.S j.x, 0;\n"
    "  MOV.S k.x, 0;\n"
    "  REP.S m.x;\n"
    "    SGT.CC t.x, D[k.x].x, best.x;\n"
    "    IF NE.x;\n"
    "      MOV best.x, D[k.x].x;\n"
    "      MOV.S j.x, k.x;\n"
    "    ENDIF;\n"
    "    ADD.S k.x, k.x, 1;\n"
    "  ENDREP;\n"
    "  MOV D[j.x].x, -2;\n"
    "  UP4UB c, C[j.x].x;\n"
    "  LRP acc.xyz, c.w, c, acc;\n"
    "ENDREP;\n"
    "MOV acc.w, 1;\n"
    "MOV result.color, acc;\n"
    "END\n";

/* ---- the scene ------------------------------------------------------------ */

typedef struct oit_demo {
    GLuint vp, build, resolve;
    GLuint counter, heads, nodes;
    int width, height;           /* the size the buffers were made for */
    uint32_t node_count;
    uint64_t counter_addr, heads_addr, nodes_addr;
    uint32_t *empty_heads;       /* width x height of 0xffffffff */
} oit_demo;

static void oit_free_buffers(oit_demo *s)
{
    GLuint b[3] = {s->counter, s->heads, s->nodes};
    if (s->counter)
        p_glDeleteBuffers(3, b);
    s->counter = s->heads = s->nodes = 0;
    free(s->empty_heads);
    s->empty_heads = NULL;
    s->width = s->height = 0;
}

static void oit_destroy(void *p)
{
    oit_demo *s = p;
    if (!s)
        return;
    oit_free_buffers(s);
    GLuint progs[3] = {s->vp, s->build, s->resolve};
    for (int i = 0; i < 3; i++)
        if (progs[i])
            glDeleteProgramsARB(1, &progs[i]);
    free(s);
}

/* A resident READ_WRITE buffer of `size` bytes (zeroed); its GPU address. */
static GLuint resident_buffer(size_t size, uint64_t *addr)
{
    GLuint b = 0;
    p_glGenBuffers(1, &b);
    p_glBindBuffer(GL_ARRAY_BUFFER, b);
    p_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)size, NULL, GL_DYNAMIC_DRAW);
    GLuint64EXT a = 0;
    p_glGetBufferParameterui64vNV(GL_ARRAY_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &a);
    p_glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_WRITE);
    p_glBindBuffer(GL_ARRAY_BUFFER, 0);
    *addr = a;
    return b;
}

static bool oit_make_buffers(oit_demo *s, int width, int height)
{
    oit_free_buffers(s);
    size_t pixels = (size_t)width * (size_t)height;
    s->node_count = (uint32_t)(pixels * OIT_NODES_PER_PIXEL);
    s->empty_heads = malloc(pixels * sizeof(uint32_t));
    if (!s->empty_heads)
        return false;
    memset(s->empty_heads, 0xff, pixels * sizeof(uint32_t));
    s->counter = resident_buffer(16, &s->counter_addr);
    s->heads = resident_buffer(pixels * 4, &s->heads_addr);
    s->nodes = resident_buffer((size_t)s->node_count * 16, &s->nodes_addr);
    GLenum err = glGetError();
    if (err != GL_NO_ERROR || !s->counter_addr || !s->heads_addr || !s->nodes_addr) {
        fprintf(stderr, "asmgl-demo-oit: resident buffers failed (%s)\n", demo_gl_error_name(err));
        return false;
    }
    s->width = width;
    s->height = height;
    return true;
}

static void *oit_create(const demo_options *opt)
{
    (void)opt;
    if (!load_entry_points())
        return NULL;
    oit_demo *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->vp = demo_program_load(GL_VERTEX_PROGRAM_ARB, pass_vp, "the vertex program");
    s->build = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, build_fp, "the list-building program");
    s->resolve = demo_program_load(GL_FRAGMENT_PROGRAM_ARB, resolve_fp, "the resolve program");
    if (!s->vp || !s->build || !s->resolve) {
        oit_destroy(s);
        return NULL;
    }
    return s;
}

static void set_addr(GLuint index, uint64_t a)
{
    p_glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, index, (GLuint)a, (GLuint)(a >> 32), 0, 0);
}

static void oit_render(void *p, int frame, int width, int height)
{
    oit_demo *s = p;
    if ((s->width != width || s->height != height) && !oit_make_buffers(s, width, height))
        return;

    /* reset the lists and the allocator */
    static const uint32_t zero[4] = {0, 0, 0, 0};
    p_glBindBuffer(GL_ARRAY_BUFFER, s->counter);
    p_glBufferSubData(GL_ARRAY_BUFFER, 0, sizeof zero, zero);
    p_glBindBuffer(GL_ARRAY_BUFFER, s->heads);
    p_glBufferSubData(GL_ARRAY_BUFFER, 0, (GLsizeiptr)((size_t)width * height * 4), s->empty_heads);
    p_glBindBuffer(GL_ARRAY_BUFFER, 0);

    glViewport(0, 0, width, height);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_BLEND);
    glEnable(GL_VERTEX_PROGRAM_ARB);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, s->vp);

    /* pass 1: the rectangles, as clip-space quads, colour writes off */
    float v[OIT_QUADS * 4][4], col[OIT_QUADS * 4][4];
    for (int q = 0; q < OIT_QUADS; q++)
        for (int k = 0; k < 4; k++) {
            double c[3];
            oit_corner(q, k, frame, width, height, c);
            v[q * 4 + k][0] = (float)(2.0 * c[0] / width - 1.0);
            v[q * 4 + k][1] = (float)(2.0 * c[1] / height - 1.0);
            v[q * 4 + k][2] = (float)(2.0 * c[2] - 1.0);
            v[q * 4 + k][3] = 1.0f;
            for (int i = 0; i < 4; i++)
                col[q * 4 + k][i] = (float)oit_quads[q].rgba[i];
        }
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->build);
    set_addr(0, s->nodes_addr);
    set_addr(1, s->heads_addr);
    p_glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 2, (GLuint)width, s->node_count, 0, 0);
    set_addr(3, s->counter_addr);
    glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glVertexPointer(4, GL_FLOAT, 0, v);
    glColorPointer(4, GL_FLOAT, 0, col);
    glDrawArrays(GL_QUADS, 0, OIT_QUADS * 4);
    glDisableClientState(GL_COLOR_ARRAY);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);

    /* pass 2: resolve every pixel (the window-sized rectangle) */
    static const float full[4][4] = {{-1, -1, 0, 1}, {1, -1, 0, 1}, {1, 1, 0, 1}, {-1, 1, 0, 1}};
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, s->resolve);
    set_addr(0, s->nodes_addr);
    set_addr(1, s->heads_addr);
    p_glProgramLocalParameterI4uiNV(GL_FRAGMENT_PROGRAM_ARB, 2, (GLuint)width, s->node_count, 0, 0);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 4, (float)oit_bg_dark[0], (float)oit_bg_dark[1],
                                 (float)oit_bg_dark[2], 1.0f);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 5, (float)oit_bg_light[0], (float)oit_bg_light[1],
                                 (float)oit_bg_light[2], 1.0f);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 6, (float)(1.0 / OIT_CHECK), 0.0f, 0.0f, 0.0f);
    glVertexPointer(4, GL_FLOAT, 0, full);
    glDrawArrays(GL_QUADS, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisable(GL_VERTEX_PROGRAM_ARB);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
}

static const demo_scene_ops oit_ops = {
    .name = "asmgl-demo-oit",
    .summary = "order-independent transparency: per-pixel linked lists with NV_gpu_program5 ATOM / STORE / LOAD",
    .extensions = "GL_NV_gpu_program5 GL_NV_shader_buffer_load GL_NV_shader_buffer_store",
    .create = oit_create,
    .render = oit_render,
    .destroy = oit_destroy,
};

int main(int argc, char **argv)
{
    return demo_run(argc, argv, &oit_ops);
}
