/*
 * fuzz_exec.c - libFuzzer target for the executor: the input drives
 * fuzz_gen.c to write a valid program (ARB, NV4 or NV5; vertex or
 * fragment), which gp_compile must accept (a rejection is a generator or
 * compiler bug: abort), then the rest of the input fills the parameters,
 * the input registers of 16 lanes and the live / helper masks, and gp_exec
 * runs the program twice on one gp_machine, with the texture sampler
 * (texture/ tex_sample on a small fixed texture set, as the rasterizer
 * wires it), a GPU address space holding one resident buffer that LOAD,
 * STORE and ATOM reach (memory/mem.h), a storage buffer (LDB STB ATOMB)
 * and two image units (texture/ tex_image_units_access: LOADIM STOREIM
 * ATOMIM), all reset to the input's bytes before each run.  Checks: no crash or sanitizer
 * report, a bounded run (a small instruction budget), and bit-identical
 * results (outputs, kill mask, status, buffer, storage and image bytes)
 * between the two runs.
 *
 * The executor is used directly rather than through the GL API: that
 * reaches every input slot, lane mask and helper lane in each call without
 * a draw's setup, and the GL target (fuzz_gl.c) covers the API path.
 * Under clang only the baseline executor is built (gp_exec.c
 * "Instruction-set variants"), so there is no AVX2 build to compare with.
 *
 * FUZZ_EXEC_PRINT=1 in the environment prints each program (reproducing a
 * crash: ./fuzz_exec crash-file).
 *
 * Built with FUZZ_BACKENDS defined it is the target fuzz_backends: the
 * reference run is on the baseline interpreter (backend "interp") and the
 * second on every other executor backend available here (glprog.h
 * gp_exec_backends: the AVX2 interpreter, compiled code), each compared
 * with the reference bit for bit (two NaNs match whatever their sign and
 * payload, as between the interpreter's builds): every lane's outputs,
 * kill mask, status and the memory, storage and image bytes.  Compiled code is made before
 * the run that uses it (ASMGL_JIT_SYNC=1), never left to the fallback.
 * A fragment program with no effect outside its registers also runs as a
 * pair (gp_exec2: compiled code's pair function), the second task on the
 * input lanes rotated by five with its own masks: each task must give what
 * the interpreter gives it alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_gen.h"
#include "glprog.h"
#include "mem.h"
#include "tex.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- fixtures, made once ---------------------------------------------------- */

static mem_space *g_space;
static mem_buffer *g_buf;
static uint64_t g_addr;
static gp_memory g_mem;
static tex_object *g_tex[FZ_UNITS];
static tex_object *g_img[2];      /* image units 0 and 1, redefined before every run */
static tex_image_unit g_units[GP_MAX_IMAGE_UNITS];
static uint8_t g_storage[FZ_STORAGE_BYTES];
static uint8_t g_texbuf[64];
static gp_machine *g_machine;
static bool g_print;

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_exec: %s\n", what);
    abort();
}

/* A w x h x d RGBA8 image of a fixed pattern at level `level` of face f. */
static void image(tex_object *t, int face, int level, GLenum ifmt, GLenum fmt, GLenum type, int w,
                  int h, int d)
{
    static uint8_t px[8 * 8 * 8 * 4];
    for (size_t i = 0; i < sizeof px; i++)
        px[i] = (uint8_t)(i * 37 + level * 11 + face);
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    if (tex_image_define(t, face, level, ifmt, w, h, d, 0, fmt, type, px, &ps) != GL_NO_ERROR)
        fail("texture fixture");
}

static void make_textures(void)
{
    g_tex[FZ_UNIT_2D] = tex_object_create(GL_TEXTURE_2D);
    image(g_tex[FZ_UNIT_2D], 0, 0, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, 4, 1);
    image(g_tex[FZ_UNIT_2D], 0, 1, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 1);
    image(g_tex[FZ_UNIT_2D], 0, 2, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 1, 1, 1);
    g_tex[FZ_UNIT_2D]->sampler.min_filter = GL_LINEAR_MIPMAP_LINEAR;
    g_tex[FZ_UNIT_2D]->sampler.wrap_s = GL_REPEAT;
    g_tex[FZ_UNIT_3D] = tex_object_create(GL_TEXTURE_3D);
    image(g_tex[FZ_UNIT_3D], 0, 0, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 2);
    g_tex[FZ_UNIT_3D]->sampler.min_filter = GL_LINEAR;
    g_tex[FZ_UNIT_CUBE] = tex_object_create(GL_TEXTURE_CUBE_MAP);
    for (int f = 0; f < 6; f++)
        image(g_tex[FZ_UNIT_CUBE], f, 0, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 1);
    g_tex[FZ_UNIT_CUBE]->sampler.min_filter = GL_NEAREST;
    g_tex[FZ_UNIT_SHADOW2D] = tex_object_create(GL_TEXTURE_2D);
    image(g_tex[FZ_UNIT_SHADOW2D], 0, 0, GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT,
          4, 4, 1);
    g_tex[FZ_UNIT_SHADOW2D]->sampler.min_filter = GL_LINEAR;
    g_tex[FZ_UNIT_SHADOW2D]->sampler.compare_mode = GL_COMPARE_R_TO_TEXTURE_ARB;
    g_tex[FZ_UNIT_RECT] = tex_object_create(GL_TEXTURE_RECTANGLE_ARB);
    image(g_tex[FZ_UNIT_RECT], 0, 0, GL_RGBA32F_ARB, GL_RGBA, GL_UNSIGNED_BYTE, 3, 2, 1);
    g_tex[FZ_UNIT_RECT]->sampler.min_filter = GL_NEAREST;
    g_tex[FZ_UNIT_1D] = tex_object_create(GL_TEXTURE_1D);
    image(g_tex[FZ_UNIT_1D], 0, 0, GL_RGBA8UI_EXT, GL_RGBA_INTEGER_EXT, GL_UNSIGNED_BYTE, 4, 1, 1);
    g_tex[FZ_UNIT_1D]->sampler.min_filter = GL_NEAREST;
    g_tex[FZ_UNIT_1D]->sampler.mag_filter = GL_NEAREST;
    g_tex[FZ_UNIT_ARRAY2D] = tex_object_create(GL_TEXTURE_2D_ARRAY_EXT);
    image(g_tex[FZ_UNIT_ARRAY2D], 0, 0, GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 2, 2, 3);
    g_tex[FZ_UNIT_ARRAY2D]->sampler.min_filter = GL_LINEAR;
    g_tex[FZ_UNIT_BUFFER] = tex_object_create(GL_TEXTURE_BUFFER_ARB);
    for (size_t i = 0; i < sizeof g_texbuf; i++)
        g_texbuf[i] = (uint8_t)(i * 13);
    if (tex_buffer_attach(g_tex[FZ_UNIT_BUFFER], GL_RGBA8, g_texbuf, sizeof g_texbuf) != GL_NO_ERROR)
        fail("buffer texture fixture");
    for (int u = 0; u < FZ_UNITS; u++)
        if (!g_tex[u])
            fail("texture fixture");
}

static void setup(void)
{
    g_print = getenv("FUZZ_EXEC_PRINT") != NULL;
#ifdef FUZZ_BACKENDS
    setenv("ASMGL_JIT_SYNC", "1", 1); /* before any backend is chosen */
    setenv("ASMGL_JIT_PAIRS", "1", 1); /* pair functions on every host */
    /* every input a new program: no object cache to fill (a replay of a
     * crash compiles it the same way) */
    setenv("ASMGL_JIT_CACHE", "0", 1);
#endif
    g_space = mem_space_create();
    g_buf = mem_buffer_create();
    if (!g_space || !g_buf || mem_buffer_alloc(g_buf, FZ_MEM_BYTES, NULL) != MEM_OK)
        fail("memory fixture");
    g_addr = mem_space_address(g_space, g_buf);
    if (!g_addr || mem_space_make_resident(g_space, g_buf, MEM_GPU_READ | MEM_GPU_WRITE) != MEM_OK)
        fail("resident buffer");
    g_mem.space = g_space;
    g_mem.storage[0].data = g_storage;
    g_mem.storage[0].size = FZ_STORAGE_BYTES;
    g_img[0] = tex_object_create(GL_TEXTURE_2D);
    g_img[1] = tex_object_create(GL_TEXTURE_2D);
    if (!g_img[0] || !g_img[1])
        fail("image fixture");
    g_units[0] = (tex_image_unit){ g_img[0], 0, false, 0, GL_READ_WRITE, GL_RGBA8 };
    g_units[1] = (tex_image_unit){ g_img[1], 0, false, 0, GL_READ_WRITE, GL_R32UI };
    g_mem.image = tex_image_units_access;
    g_mem.image_user = g_units;
    make_textures();
    g_machine = gp_machine_create();
    if (!g_machine)
        fail("machine");
}

static void tex_fn(void *user, const gp_tex_request *req, gp_vec *out)
{
    (void)user;
    tex_sample(req->unit < FZ_UNITS ? g_tex[req->unit] : NULL, req, 0.0f, out);
}

/* ---- one input ---------------------------------------------------------------- */

/* A register value: mostly small numbers (loop counts and addresses stay
 * meaningful), sometimes raw bits (NaN, infinities, huge integers). */
static gp_val value(fz_bytes *b)
{
    gp_val v;
    unsigned k = fz_u8(b);
    if (k < 96)
        v.f = (float)((int)fz_u8(b) - 128) / 16.0f;
    else if (k < 192)
        v.i = (int)fz_u8(b) - 64;
    else
        v.u = fz_u32(b);
    return v;
}

#define ROWS ((int)GP_VIN_ROWS > (int)GP_VARY_COUNT ? (int)GP_VIN_ROWS : (int)GP_VARY_COUNT)
#define OUT_ROWS ((int)GP_VARY_COUNT > (int)GP_FOUT_COUNT ? (int)GP_VARY_COUNT : (int)GP_FOUT_COUNT)

typedef struct result {
    gp_vec out[OUT_ROWS];
    uint8_t mem[FZ_MEM_BYTES];
    uint8_t storage[FZ_STORAGE_BYTES];
    uint8_t img[2][FZ_IMAGE_SIZE * FZ_IMAGE_SIZE * 4];
    uint32_t killed;
    int status;
} result;

static gp_vec g_in[ROWS];
static uint8_t g_mem_init[FZ_MEM_BYTES + FZ_STORAGE_BYTES + 2 * FZ_IMAGE_SIZE * FZ_IMAGE_SIZE * 4];
static result g_res[2];
#ifdef FUZZ_BACKENDS
static result g_pair[3]; /* the second task's reference, the pair's two results */
#endif

#ifdef FUZZ_BACKENDS
static bool is_nan_bits(uint32_t u)
{
    return (u & 0x7f800000u) == 0x7f800000u && (u & 0x007fffffu) != 0;
}

/* Whether two backends' results agree: outputs bit for bit, except that
 * two NaNs match whatever their sign and payload (the rule of glprog's
 * test_exec_paths and README "Environment": which NaN survives an
 * operation is not part of the contract between backends, and LLVM's
 * folds move negations across operations); kill mask, status and the
 * memory, storage and image bytes exactly. */
static bool backends_agree(const result *a, const result *b)
{
    for (int r = 0; r < OUT_ROWS; r++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++) {
                uint32_t x = a->out[r].c[c][l].u, y = b->out[r].c[c][l].u;
                if (x != y && !(is_nan_bits(x) && is_nan_bits(y)))
                    return false;
            }
    return a->killed == b->killed && a->status == b->status &&
           memcmp(a->mem, b->mem, sizeof a->mem) == 0 &&
           memcmp(a->storage, b->storage, sizeof a->storage) == 0 &&
           memcmp(a->img, b->img, sizeof a->img) == 0;
}
#endif

/* Prints where two results first differ (reproducing a report). */
static void print_difference(const result *a, const result *b)
{
    for (int r = 0; r < OUT_ROWS; r++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                if (a->out[r].c[c][l].u != b->out[r].c[c][l].u) {
                    fprintf(stderr, "output row %d component %d lane %d: 0x%08x (%g) vs 0x%08x (%g)\n",
                            r, c, l, a->out[r].c[c][l].u, a->out[r].c[c][l].f, b->out[r].c[c][l].u,
                            b->out[r].c[c][l].f);
                    return;
                }
    if (a->killed != b->killed || a->status != b->status)
        fprintf(stderr, "kill mask 0x%x vs 0x%x, status %d vs %d\n", a->killed, b->killed, a->status,
                b->status);
    else
        fprintf(stderr, "the memory, storage or image bytes differ\n");
}

/* An environment of the fixtures for one task: p's parameters, inputs in,
 * results out, the lanes live and helper. */
static void env_init(gp_exec_env *e, const gp_val (*params)[4], gp_vec *in, gp_vec *out,
                     uint32_t live, uint32_t helper)
{
    memset(e, 0, sizeof *e);
    e->machine = g_machine;
    e->params = params;
    e->inputs = in;
    e->outputs = out;
    e->live_mask = live;
    e->helper_mask = helper;
    e->tex = tex_fn;
    e->insn_budget = 1u << 16; /* bounded time: endless loops end here */
    e->memory = &g_mem;
}

#ifdef FUZZ_BACKENDS
/* Two tasks of p through gp_exec2 (gp_exec's choice of backend): a on
 * g_in, b on g_in2; only the outputs, kill masks and status are kept (the
 * program has no other effects). */
static gp_vec g_in2[ROWS];
static void run_pair(const gp_program *p, const gp_val (*params)[4], uint32_t live_a,
                     uint32_t help_a, uint32_t live_b, uint32_t help_b, result *ra, result *rb)
{
    memset(ra, 0, sizeof *ra);
    memset(rb, 0, sizeof *rb);
    gp_exec_env a, b;
    env_init(&a, params, g_in, ra->out, live_a, help_a);
    env_init(&b, params, g_in2, rb->out, live_b, help_b);
    gp_exec2(p, &a, &b);
    ra->killed = a.killed_mask;
    ra->status = a.status;
    rb->killed = b.killed_mask;
    rb->status = b.status;
}
#endif

/* Runs p on the backend named backend (NULL: gp_exec's choice). */
static void run(const char *backend, const gp_program *p, const gp_val (*params)[4], uint32_t live,
                uint32_t helper, result *r)
{
    if (mem_buffer_write(g_buf, 0, FZ_MEM_BYTES, g_mem_init) != MEM_OK)
        fail("buffer reset");
    memcpy(g_storage, g_mem_init + FZ_MEM_BYTES, FZ_STORAGE_BYTES);
    const uint8_t *img = g_mem_init + FZ_MEM_BYTES + FZ_STORAGE_BYTES;
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    if (tex_image_define(g_img[0], 0, 0, GL_RGBA8, FZ_IMAGE_SIZE, FZ_IMAGE_SIZE, 1, 0, GL_RGBA,
                         GL_UNSIGNED_BYTE, img, &ps) != GL_NO_ERROR ||
        tex_image_define(g_img[1], 0, 0, GL_R32UI, FZ_IMAGE_SIZE, FZ_IMAGE_SIZE, 1, 0,
                         GL_RED_INTEGER_EXT, GL_UNSIGNED_INT, img + sizeof r->img[0], &ps) != GL_NO_ERROR)
        fail("image reset");
    memset(r, 0, sizeof *r);
    gp_exec_env env;
    env_init(&env, params, g_in, r->out, live, helper);
    if (!backend)
        gp_exec(p, &env);
    else if (!gp_exec_backend(backend, p, &env))
        fail("a listed backend is not available");
    r->killed = env.killed_mask;
    r->status = env.status;
    if (mem_buffer_read(g_buf, 0, FZ_MEM_BYTES, r->mem) != MEM_OK)
        fail("buffer read");
    memcpy(r->storage, g_storage, FZ_STORAGE_BYTES);
    for (int i = 0; i < 2; i++)
        memcpy(r->img[i], g_img[i]->image[0][0].data, sizeof r->img[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_machine)
        setup();
    fz_bytes b = { data, size };
    fz_program prog;
    if (fz_gen_program(&b, &prog))
        return 0;
    if (g_print)
        fprintf(stderr, "%s", prog.text);
    gp_limits lim;
    gp_limits_default(&lim, prog.stage);
    gp_error err;
    gp_program *p = gp_compile(prog.text, prog.len, prog.stage, &lim, &err);
    if (!p) {
        fprintf(stderr, "fuzz_exec: a generated program does not compile: line %d, column %d: %s\n%s",
                err.line, err.col, err.msg, prog.text);
        abort();
    }
    const gp_program_info *info = gp_program_get_info(p);

    /* the parameter table: constants as compiled, program.local[0].x the
     * buffer's address, everything else from the input */
    gp_val(*params)[4] = calloc((size_t)info->num_params + 1, sizeof *params);
    if (!params)
        fail("out of memory");
    for (int i = 0; i < info->num_params; i++) {
        const gp_param_binding *pb = &info->params[i];
        for (int c = 0; c < 4; c++) {
            if (pb->kind == GP_PARAM_CONST)
                params[i][c] = pb->value[c];
            else if (pb->kind == GP_PARAM_STORAGELEN)
                params[i][c].u = 0;
            else
                params[i][c] = value(&b);
        }
        if (pb->kind == GP_PARAM_LOCAL && pb->index == 0)
            params[i][0].u = (uint32_t)g_addr;
    }
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                g_in[r].c[c][l] = (r < 8 || r == GP_VIN_TEX0) ? value(&b) : (gp_val){ .u = 0 };
    uint32_t live = (fz_u8(&b) | fz_u8(&b) << 8) & 0xffff;
    uint32_t helper = prog.stage == GP_STAGE_FRAGMENT ? (fz_u8(&b) | fz_u8(&b) << 8) & ~live & 0xffff : 0;
    if (!live)
        live = 0xffff;
    for (size_t i = 0; i < sizeof g_mem_init; i++)
        g_mem_init[i] = (uint8_t)fz_u8(&b);

#ifdef FUZZ_BACKENDS
    run("interp", p, (const gp_val(*)[4])params, live, helper, &g_res[0]);
    const char *names[8];
    int n = gp_exec_backends(names, 8);
    for (int i = 0; i < n && i < 8; i++) {
        if (strcmp(names[i], "interp") == 0)
            continue;
        run(names[i], p, (const gp_val(*)[4])params, live, helper, &g_res[1]);
        if (!backends_agree(&g_res[0], &g_res[1])) {
            fprintf(stderr, "fuzz_backends: backend %s differs from interp on\n%s", names[i],
                    prog.text);
            print_difference(&g_res[0], &g_res[1]);
            abort();
        }
    }
    if (prog.stage == GP_STAGE_FRAGMENT && !gp_info_touches_memory(info)) {
        /* b's inputs: a's lanes rotated, and in the rows the input leaves
         * 0 (a fragment program reads most of its inputs there) values of
         * the first rows, so that the two tasks' inputs differ */
        for (int r = 0; r < ROWS; r++)
            for (int c = 0; c < 4; c++)
                for (int l = 0; l < GP_LANES; l++)
                    g_in2[r].c[c][l] = r < 8 || r == GP_VIN_TEX0
                                           ? g_in[r].c[c][(l + 5) % GP_LANES]
                                           : g_in[r % 8].c[(c + 1) % 4][(l + 3) % GP_LANES];
        uint32_t live2 = ((live >> 5) | (live << 11)) & 0xffff;
        uint32_t help2 = ((helper >> 5) | (helper << 11)) & ~live2 & 0xffff;
        gp_vec saved[ROWS];
        memcpy(saved, g_in, sizeof saved);
        memcpy(g_in, g_in2, sizeof saved);
        run("interp", p, (const gp_val(*)[4])params, live2, help2, &g_pair[0]);
        memcpy(g_in, saved, sizeof saved);
        run_pair(p, (const gp_val(*)[4])params, live, helper, live2, help2, &g_pair[1], &g_pair[2]);
        const result *ref[2] = {&g_res[0], &g_pair[0]};
        for (int k = 0; k < 2; k++) {
            result want = *ref[k];
            memset(want.mem, 0, sizeof want.mem); /* not kept by run_pair */
            memset(want.storage, 0, sizeof want.storage);
            memset(want.img, 0, sizeof want.img);
            if (!backends_agree(&want, &g_pair[1 + k])) {
                fprintf(stderr, "fuzz_backends: task %c of a pair differs from interp on\n%s",
                        "ab"[k], prog.text);
                print_difference(&want, &g_pair[1 + k]);
                abort();
            }
        }
    }
#else
    run(NULL, p, (const gp_val(*)[4])params, live, helper, &g_res[0]);
    run(NULL, p, (const gp_val(*)[4])params, live, helper, &g_res[1]);
    if (memcmp(&g_res[0], &g_res[1], sizeof g_res[0]) != 0) {
        fprintf(stderr, "fuzz_exec: two runs of the same program and input differ\n%s", prog.text);
        print_difference(&g_res[0], &g_res[1]);
        abort();
    }
#endif
    if (g_res[0].status == GP_EXEC_UNSUPPORTED) {
        fprintf(stderr, "fuzz_exec: the executor does not run an instruction of\n%s", prog.text);
        abort();
    }
    free(params);
    gp_program_free(p);
    fz_program_free(&prog);
    return 0;
}
