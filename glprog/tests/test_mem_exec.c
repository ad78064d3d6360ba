/*
 * test_mem_exec.c - the executor's memory instructions (issue 6; glprog.h
 * "memory", gp_ir.h "NV_gpu_program5 memory instructions"): programs
 * compiled from text, run by gp_exec against a real GPU address space
 * (memory/mem.h), storage-buffer views, shared memory, parameter buffers
 * and a fake image function.  Every expected byte and value is written out
 * by hand from the pseudocode of NV_gpu_program5 2.X.4.5 (BufferMemoryLoad
 * / BufferMemoryStore, little-endian), 2.X.8.Z ATOM, NV_gpu_program5_mem_
 * extended, EXT_shader_image_load_store LOADIM / STOREIM / ATOMIM and the
 * choices glprog.h makes for the undefined cases.
 *
 * covers: OP.LOAD OP.STORE OP.ATOM OP.MEMBAR
 * covers: MOD.ST_RULE MOD.ST_S8 MOD.ST_U8 MOD.ST_S16 MOD.ST_U16 MOD.ST_F16 MOD.ST_F16X2 MOD.ST_F16X4
 * covers: MOD.ST_S8X2 MOD.ST_S8X4 MOD.ST_U8X2 MOD.ST_U8X4 MOD.ST_S16X2 MOD.ST_S16X4 MOD.ST_U16X2 MOD.ST_U16X4
 * covers: MOD.ST_F32X2 MOD.ST_F32X4 MOD.ST_S32X2 MOD.ST_S32X4 MOD.ST_U32X2 MOD.ST_U32X4
 * covers: MOD.ST_F64X2 MOD.ST_F64X4 MOD.ST_S64X2 MOD.ST_S64X4 MOD.ST_U64X2 MOD.ST_U64X4
 * covers: MOD.AT_ADD MOD.AT_MIN MOD.AT_MAX MOD.AT_IWRAP MOD.AT_DWRAP MOD.AT_AND MOD.AT_OR MOD.AT_XOR
 * covers: MOD.AT_EXCH MOD.AT_CSWAP
 * covers: EDGE.LOAD_FILL EDGE.ATOM_IWRAP EDGE.ATOM_DWRAP EDGE.ATOM_CSWAP EDGE.ATOM_YZW EDGE.MEM_ALIGN
 * covers: EDGE.HELPER_STORES EDGE.KIL_STORES
 * covers: OP.LOADIM OP.STOREIM OP.ATOMIM EDGE.IMG_FILL
 * covers: OP.LDC OP.LDB OP.STB OP.ATOMB EDGE.SSBO_OOB OP.LDS OP.STS OP.ATOMS OP.BAR
 * covers: EDGE.MEM_NONRESIDENT EDGE.MEM_ACCESS_MODE EDGE.IMG_INDEX_OOB OPT.NV_shader_buffer_load
 */
#include "test_exec_common.h"

#include <pthread.h>
#include <stdarg.h>

#include "mem.h"

/* ---- fixtures -------------------------------------------------------------- */

static mem_space *g_space;
static gp_memory g_mem;
static gp_val g_local[32][4]; /* program.local[n] as bound by run_src */

typedef struct tbuf {
    mem_buffer *b;
    uint64_t addr;
    uint8_t *data;
    size_t size;
} tbuf;

/* A buffer of size bytes filled with fill, made resident with access. */
static tbuf mk_buf(size_t size, unsigned access, uint8_t fill)
{
    tbuf t;
    t.b = mem_buffer_create();
    uint8_t *tmp = malloc(size);
    if (!t.b || !tmp)
        abort();
    memset(tmp, fill, size);
    CHECK(mem_buffer_alloc(t.b, size, tmp) == MEM_OK, "alloc");
    free(tmp);
    t.addr = mem_space_address(g_space, t.b);
    CHECK(t.addr != 0 && t.addr < 0x100000000ull, "address 0x%llx", (unsigned long long)t.addr);
    CHECK(mem_space_make_resident(g_space, t.b, access) == MEM_OK, "resident");
    t.data = mem_buffer_data(t.b);
    t.size = size;
    return t;
}

static void rm_buf(tbuf *t)
{
    mem_buffer_destroy(t->b); /* a resident buffer leaves the table with it */
    memset(t, 0, sizeof(*t));
}

static void set_local(int n, uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    g_local[n][0].u = x;
    g_local[n][1].u = y;
    g_local[n][2].u = z;
    g_local[n][3].u = w;
}

/* p's parameter table (malloc'ed): constants, program.local rows from
 * g_local, 0 elsewhere. */
static gp_val (*param_table(const gp_program *p))[4]
{
    const gp_program_info *info = gp_program_get_info(p);
    gp_val(*t)[4] = calloc((size_t)info->num_params + 1, sizeof(*t));
    if (!t)
        abort();
    for (int i = 0; i < info->num_params; i++)
        for (int c = 0; c < 4; c++) {
            const gp_param_binding *b = &info->params[i];
            if (b->kind == GP_PARAM_CONST)
                t[i][c] = b->value[c];
            else if (b->kind == GP_PARAM_LOCAL && b->index < 32)
                t[i][c] = g_local[b->index][c];
        }
    return t;
}

/* Compiles src for st, binds constants and locals, runs it on e with the
 * memory of e->env (set by the caller).  Returns whether it compiled. */
static bool run_src(tenv *e, const char *src, gp_stage st)
{
    gp_program *p = t_compile(src, st);
    if (!p)
        return false;
    gp_val(*params)[4] = param_table(p);
    e->env.params = (const gp_val(*)[4])params;
    e->env.machine = e->m;
    gp_exec(p, &e->env);
    CHECK(e->env.status == GP_EXEC_OK, "status %d", e->env.status);
    e->env.params = (const gp_val(*)[4])e->params;
    free(params);
    gp_program_free(p);
    return true;
}

static tenv *new_env(uint32_t live)
{
    tenv *e = te_new();
    e->env.live_mask = live;
    e->env.memory = &g_mem;
    for (int s = 0; s < GP_VARY_COUNT; s++)
        for (int c = 0; c < 4; c++)
            for (int l = 0; l < GP_LANES; l++)
                e->out[s].c[c][l].u = 0x55555555u;
    return e;
}

/* A growing program text. */
typedef struct tsrc {
    char s[32768];
    size_t n;
} tsrc;

static void src_add(tsrc *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void src_add(tsrc *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->s + t->n, sizeof(t->s) - t->n, fmt, ap);
    va_end(ap);
    if (k < 0 || (size_t)k >= sizeof(t->s) - t->n)
        abort();
    t->n += (size_t)k;
}

#define SENT 0x77777777u /* a destination's value before a load */
#define SENT_DEC "2004318071"

/* ---- LOAD: every storage modifier (2.X.4.5 BufferMemoryLoad) ---------------- */

/* Bytes 0..63 of the load buffer, written out by hand: */
static const uint8_t load_bytes[64] = {
    /* 0 */ 0x81, 0x02, 0xfe, 0x7f, 0x00, 0x80, 0xff, 0xff,
    /* 8: F16 1.0, -2.0, +INF, 2^-24 (denormal 0x0001) */
    0x00, 0x3c, 0x00, 0xc0, 0x00, 0x7c, 0x01, 0x00,
    /* 16: F32 1.5 (0x3fc00000), -10.0 (0xc1200000), +INF, bits 1 */
    0x00, 0x00, 0xc0, 0x3f, 0x00, 0x00, 0x20, 0xc1, 0x00, 0x00, 0x80, 0x7f, 0x01, 0x00, 0x00, 0x00,
    /* 32: F64 2.5 (0x4004000000000000) */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40,
    /* 40: S64 -3 */
    0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
    /* 48: U64 0x0123456789abcdef */
    0xef, 0xcd, 0xab, 0x89, 0x67, 0x45, 0x23, 0x01,
    /* 56: F64 -0.5 (0xbfe0000000000000) */
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xe0, 0xbf,
};

typedef struct ldcase {
    const char *op;
    int off;
    uint32_t want[4]; /* the destination's four words */
} ldcase;

#define I32(v) ((uint32_t)(int32_t)(v))
static const ldcase loads32[] = {
    { "LOAD.S8", 0, { I32(-127), 0, 0, 0 } },
    { "LOAD.U8", 0, { 129, 0, 0, 0 } },
    { "LOAD.S8", 3, { 127, 0, 0, 0 } },
    { "LOAD.S16", 0, { 0x0281, 0, 0, 0 } },
    { "LOAD.S16", 4, { I32(-32768), 0, 0, 0 } },
    { "LOAD.U16", 6, { 65535, 0, 0, 0 } },
    { "LOAD.S16", 6, { I32(-1), 0, 0, 0 } },
    { "LOAD.S8X2", 2, { I32(-2), 127, 0, 0 } },
    { "LOAD.S8X4", 0, { I32(-127), 2, I32(-2), 127 } },
    { "LOAD.U8X2", 2, { 254, 127, 0, 0 } },
    { "LOAD.U8X4", 4, { 0, 128, 255, 255 } },
    { "LOAD.S16X2", 4, { I32(-32768), I32(-1), 0, 0 } },
    { "LOAD.U16X2", 0, { 0x0281, 0x7ffe, 0, 0 } },
    { "LOAD.S16X4", 0, { 641, 32766, I32(-32768), I32(-1) } },
    { "LOAD.U16X4", 0, { 0x0281, 0x7ffe, 0x8000, 0xffff } },
    { "LOAD.F16", 8, { 0x3f800000u, 0, 0, 0 } },
    { "LOAD.F16X2", 10, { 0xc0000000u, 0x7f800000u, 0, 0 } },
    { "LOAD.F16X4", 8, { 0x3f800000u, 0xc0000000u, 0x7f800000u, 0x33800000u /* 2^-24 */ } },
    { "LOAD.F32", 16, { 0x3fc00000u, 0, 0, 0 } },
    { "LOAD.F32X2", 16, { 0x3fc00000u, 0xc1200000u, 0, 0 } },
    { "LOAD.F32X4", 16, { 0x3fc00000u, 0xc1200000u, 0x7f800000u, 1 } },
    { "LOAD.S32", 20, { 0xc1200000u, 0, 0, 0 } },
    { "LOAD.U32", 28, { 1, 0, 0, 0 } },
    { "LOAD.U32X2", 24, { 0x7f800000u, 1, 0, 0 } },
    { "LOAD.S32X4", 16, { 0x3fc00000u, 0xc1200000u, 0x7f800000u, 1 } },
    { "LOAD.U32X4", 0, { 0x7ffe0281u, 0xffff8000u, 0xc0003c00u, 0x00017c00u } },
    /* misaligned (EDGE.MEM_ALIGN, glprog.h: the bytes at the address) */
    { "LOAD.U32", 1, { 0x007ffe02u, 0, 0, 0 } },
    { "LOAD.S16X2", 3, { 0x007f, I32((int16_t)0xff80), 0, 0 } },
    /* 64-bit elements into a 32-bit variable narrow (gp_ir.h) */
    { "LOAD.F64", 32, { 0x40200000u /* 2.5f */, 0, 0, 0 } },
    { "LOAD.S64", 40, { 0xfffffffdu, 0, 0, 0 } },
    { "LOAD.U64", 48, { 0x89abcdefu, 0, 0, 0 } },
    { "LOAD.F64X2", 56, { 0xbf000000u /* -0.5f */, 0 /* bytes 64..71: 0.0 */, 0, 0 } },
    /* _SAT clamps the float results (NaN-free here): 1.5 -> 1, -10 -> 0,
     * INF -> 1, the denormal stays */
    { "LOAD.SAT.F32X4", 16, { 0x3f800000u, 0, 0x3f800000u, 1 } },
};

typedef struct ld64case {
    const char *op;
    int off;
    uint32_t want[8]; /* the LONG destination: x lo, x hi, y lo, y hi, z .., w .. */
} ld64case;

#define S77 SENT, SENT /* a LONG component left as it was: never (loads fill 0) */
static const ld64case loads64[] = {
    { "LOAD.U64X4", 32, { 0, 0x40040000u, 0xfffffffdu, 0xffffffffu, 0x89abcdefu, 0x01234567u, 0, 0xbfe00000u } },
    { "LOAD.S64X2", 40, { 0xfffffffdu, 0xffffffffu, 0x89abcdefu, 0x01234567u, 0, 0, 0, 0 } },
    { "LOAD.F64X4", 32, { 0, 0x40040000u, 0xfffffffdu, 0xffffffffu, 0x89abcdefu, 0x01234567u, 0, 0xbfe00000u } },
    { "LOAD.S64", 40, { 0xfffffffdu, 0xffffffffu, 0, 0, 0, 0, 0, 0 } },
    { "LOAD.F64", 56, { 0, 0xbfe00000u, 0, 0, 0, 0, 0, 0 } },
    /* 32-bit elements into a LONG variable widen: F -> double, S sign-,
     * U zero-extended (gp_ir.h "64-bit storage") */
    { "LOAD.F32X2", 16, { 0, 0x3ff80000u /* 1.5 */, 0, 0xc0240000u /* -10.0 */, 0, 0, 0, 0 } },
    { "LOAD.S32", 20, { 0xc1200000u, 0xffffffffu, 0, 0, 0, 0, 0, 0 } },
    { "LOAD.U32", 20, { 0xc1200000u, 0, 0, 0, 0, 0, 0, 0 } },
    { "LOAD.S8", 0, { I32(-127), 0xffffffffu, 0, 0, 0, 0, 0, 0 } },
};
#undef S77

static void test_load_modifiers(void)
{
    tbuf b = mk_buf(256, MEM_GPU_READ, 0);
    memcpy(b.data, load_bytes, sizeof(load_bytes));
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    const int n32 = (int)(sizeof(loads32) / sizeof(loads32[0]));
    /* one program per group of up to 16 loads (result.attrib[0..15]) */
    for (int first = 0; first < n32; first += 16) {
        tsrc t = { .n = 0 };
        src_add(&t, "!!NVvp5.0\nOPTION NV_gpu_program5_mem_extended;\nTEMP a, r;\n");
        for (int i = first; i < n32 && i < first + 16; i++) {
            src_add(&t, "ADD.U a.x, program.local[0].x, %d;\nMOV.U r, " SENT_DEC ";\n%s r, a.x;\n",
                    loads32[i].off, loads32[i].op);
            src_add(&t, "MOV.U result.attrib[%d], r;\n", i - first);
        }
        src_add(&t, "END\n");
        tenv *e = new_env(0xffffu);
        if (run_src(e, t.s, GP_STAGE_VERTEX)) {
            for (int i = first; i < n32 && i < first + 16; i++)
                for (int l = 0; l < GP_LANES; l++)
                    for (int c = 0; c < 4; c++) {
                        uint32_t got = e->out[GP_VARY_ATTR0 + i - first].c[c][l].u;
                        CHECK(got == loads32[i].want[c], "%s at %d lane %d comp %d: 0x%08x, want 0x%08x",
                              loads32[i].op, loads32[i].off, l, c, got, loads32[i].want[c]);
                    }
        }
        te_free(e);
    }
    const int n64 = (int)(sizeof(loads64) / sizeof(loads64[0]));
    tsrc t = { .n = 0 };
    src_add(&t, "!!NVvp5.0\nTEMP a, r;\nLONG TEMP L;\n");
    for (int i = 0; i < n64; i++) {
        src_add(&t, "ADD.U a.x, program.local[0].x, %d;\nMOV.U r, " SENT_DEC ";\nPK64.U L, r;\n%s L, a.x;\n",
                loads64[i].off, loads64[i].op);
        src_add(&t, "UP64.U r, L.xyxy;\nMOV.U result.attrib[%d], r;\n", 2 * i);
        src_add(&t, "UP64.U r, L.zwzw;\nMOV.U result.attrib[%d], r;\n", 2 * i + 1);
    }
    src_add(&t, "END\n");
    tenv *e = new_env(0xffffu);
    if (run_src(e, t.s, GP_STAGE_VERTEX)) {
        for (int i = 0; i < n64; i++)
            for (int l = 0; l < GP_LANES; l++)
                for (int k = 0; k < 8; k++) {
                    uint32_t got = e->out[GP_VARY_ATTR0 + 2 * i + k / 4].c[k % 4][l].u;
                    CHECK(got == loads64[i].want[k], "%s (LONG) at %d lane %d word %d: 0x%08x, want 0x%08x",
                          loads64[i].op, loads64[i].off, l, k, got, loads64[i].want[k]);
                }
    }
    te_free(e);
    rm_buf(&b);
}

/* A LONG address (PK64: NV5 64-bit pointers), the CC update of a load and
 * a conditional write mask reading it. */
static void test_load_long_address_cc(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ, 0);
    memcpy(b.data, load_bytes, sizeof(load_bytes));
    set_local(0, (uint32_t)b.addr, (uint32_t)(b.addr >> 32), 0, 0);
    set_local(1, 20, 0, 0, 0);
    const char *src = "!!NVvp5.0\n"
                      "LONG TEMP p, q;\nTEMP r, s;\n"
                      "PK64.U p, program.local[0];\n"
                      "PK64.U q, program.local[1];\n"
                      "ADD.U64 p.x, p.x, q.x;\n"          /* base + 20: S32 0xc1200000 */
                      "LOAD.S32.CC r, p.x;\n"             /* negative: SF set, LT holds */
                      "MOV.U s, 0;\n"
                      "MOV.U s.x (LT.x), 5;\n"
                      "MOV.U s.y (GT.x), 6;\n"
                      "MOV.U result.attrib[0], r;\n"
                      "MOV.U result.attrib[1], s;\n"
                      "END\n";
    tenv *e = new_env(0xffffu);
    if (run_src(e, src, GP_STAGE_VERTEX)) {
        for (int l = 0; l < GP_LANES; l++) {
            CHECK(e->out[GP_VARY_ATTR0].c[0][l].u == 0xc1200000u, "LONG address load lane %d", l);
            CHECK(e->out[GP_VARY_ATTR0 + 1].c[0][l].u == 5 && e->out[GP_VARY_ATTR0 + 1].c[1][l].u == 0,
                  "CC from LOAD lane %d: %u %u", l, e->out[GP_VARY_ATTR0 + 1].c[0][l].u,
                  e->out[GP_VARY_ATTR0 + 1].c[1][l].u);
        }
    }
    te_free(e);
    rm_buf(&b);
}

/* ---- STORE: every storage modifier (2.X.4.5 BufferMemoryStore) ------------- */

typedef struct stcase {
    const char *op;
    const char *data; /* the data operand */
    int off;
    int n;            /* bytes written */
    uint8_t bytes[32];
} stcase;

static const stcase stores[] = {
    { "STORE.S8", "-2", 1, 1, { 0xfe } },
    { "STORE.U8", "511", 3, 1, { 0xff } }, /* the low 8 bits */
    { "STORE.S16", "-32768", 4, 2, { 0x00, 0x80 } },
    { "STORE.U16", "70000", 6, 2, { 0x70, 0x11 } }, /* 0x11170: the low 16 bits */
    { "STORE.F16", "1.5", 8, 2, { 0x00, 0x3e } },
    { "STORE.F16", "65520.0", 10, 2, { 0x00, 0x7c } }, /* rounds past 65504: +INF */
    { "STORE.F16X2", "{-0.5, 5.9604644775390625e-8}", 12, 4, { 0x00, 0xb8, 0x01, 0x00 } },
    { "STORE.F16X4", "{1, 2, 3, 4}", 16, 8, { 0x00, 0x3c, 0x00, 0x40, 0x00, 0x42, 0x00, 0x44 } },
    { "STORE.F32", "-1.25", 24, 4, { 0x00, 0x00, 0xa0, 0xbf } },
    { "STORE.S32X2", "{-1, 2}", 32, 8, { 0xff, 0xff, 0xff, 0xff, 0x02, 0x00, 0x00, 0x00 } },
    { "STORE.F32X2", "{0.5, -4}", 40, 8, { 0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x80, 0xc0 } },
    { "STORE.U32X4", "{1, 2, 3, 3735928559}", 48, 16,
      { 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0xef, 0xbe, 0xad, 0xde } },
    { "STORE.S8X4", "{-1, 127, -128, 300}", 64, 4, { 0xff, 0x7f, 0x80, 0x2c } },
    { "STORE.U8X2", "{1, 258}", 68, 2, { 0x01, 0x02 } },
    { "STORE.S8X2", "{-3, 3}", 70, 2, { 0xfd, 0x03 } },
    { "STORE.S16X2", "{-2, 40000}", 72, 4, { 0xfe, 0xff, 0x40, 0x9c } },
    { "STORE.U16X2", "{65537, 2}", 76, 4, { 0x01, 0x00, 0x02, 0x00 } },
    { "STORE.U16X4", "{1, 2, 65535, 65536}", 80, 8, { 1, 0, 2, 0, 0xff, 0xff, 0, 0 } },
    { "STORE.S16X4", "{-1, -2, -3, -4}", 88, 8, { 0xff, 0xff, 0xfe, 0xff, 0xfd, 0xff, 0xfc, 0xff } },
    { "STORE.U8X4", "{16, 32, 48, 64}", 96, 4, { 16, 32, 48, 64 } },
    { "STORE.F32X4", "{1, -2, 0.25, 8}", 100, 16,
      { 0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0, 0, 0, 0x80, 0x3e, 0, 0, 0, 0x41 } },
    { "STORE.S32", "-100", 116, 4, { 0x9c, 0xff, 0xff, 0xff } },
    { "STORE.U32X2", "{7, 8}", 120, 8, { 7, 0, 0, 0, 8, 0, 0, 0 } },
    { "STORE.S32X4", "{-1, -2, 3, 4}", 128, 16,
      { 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 3, 0, 0, 0, 4, 0, 0, 0 } },
    { "STORE.F64", "2.5", 144, 8, { 0, 0, 0, 0, 0, 0, 0x04, 0x40 } },
    { "STORE.S64", "-2", 152, 8, { 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } },
    { "STORE.U64X2", "{1, 4294967296}", 160, 16, { 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0 } },
    { "STORE.F64X4", "{0.5, -1, 0, 3}", 176, 32,
      { 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 0, 0, 0, 0, 0, 0, 0xf0, 0xbf,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x08, 0x40 } },
    { "STORE.S64X2", "{-1, 2}", 208, 16,
      { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 2, 0, 0, 0, 0, 0, 0, 0 } },
    { "STORE.S64X4", "{1, 2, 3, -4}", 224, 32,
      { 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0,
        0xfc, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } },
    { "STORE.U64X4", "{5, 6, 7, 8}", 256, 32,
      { 5, 0, 0, 0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0 } },
    { "STORE.F64X2", "{-2, 0.125}", 288, 16, { 0, 0, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0xc0, 0x3f } },
    { "STORE.U64", "18446744073709551615", 304, 8, { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } },
};

static void test_store_modifiers(void)
{
    tbuf b = mk_buf(512, MEM_GPU_READ | MEM_GPU_WRITE, 0xaa);
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    const int n = (int)(sizeof(stores) / sizeof(stores[0]));
    tsrc t = { .n = 0 };
    src_add(&t, "!!NVvp5.0\nOPTION NV_gpu_program5_mem_extended;\nTEMP a, r;\nLONG TEMP L;\n");
    for (int i = 0; i < n; i++)
        src_add(&t, "ADD.U a.x, program.local[0].x, %d;\n%s %s, a.x;\n", stores[i].off, stores[i].op,
                stores[i].data);
    /* data from variables: promoted and narrowed as every operand is
     * (2.X.4.1, gp_ir.h "64-bit storage") */
    src_add(&t, "ADD.U a.x, program.local[0].x, 320;\nMOV.S r, -5;\nSTORE.S64 r, a.x;\n");
    src_add(&t, "ADD.U a.x, program.local[0].x, 328;\nMOV r, 0.1;\nSTORE.F64 r, a.x;\n");
    src_add(&t, "ADD.U a.x, program.local[0].x, 336;\nMOV.S64 L, -3;\nSTORE.S32 L, a.x;\n");
    src_add(&t, "ADD.U a.x, program.local[0].x, 340;\nMOV.F64 L, 0.1;\nSTORE.F32 L, a.x;\n");
    src_add(&t, "ADD.U a.x, program.local[0].x, 344;\nMOV r, {1.5, 2.5, 3.5, 4.5};\nSTORE.F32X2 r.wzyx, a.x;\n");
    src_add(&t, "END\n");
    uint8_t want[512];
    memset(want, 0xaa, sizeof(want));
    for (int i = 0; i < n; i++)
        memcpy(want + stores[i].off, stores[i].bytes, (size_t)stores[i].n);
    static const uint8_t m5[8] = { 0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
    /* (double)0.1f = 0x3fb99999a0000000 */
    static const uint8_t d01[8] = { 0, 0, 0, 0xa0, 0x99, 0x99, 0xb9, 0x3f };
    static const uint8_t m3[4] = { 0xfd, 0xff, 0xff, 0xff };
    /* (float)0.1 = 0x3dcccccd */
    static const uint8_t f01[4] = { 0xcd, 0xcc, 0xcc, 0x3d };
    /* 4.5 (0x40900000), 3.5 (0x40600000) */
    static const uint8_t wz[8] = { 0, 0, 0x90, 0x40, 0, 0, 0x60, 0x40 };
    memcpy(want + 320, m5, 8);
    memcpy(want + 328, d01, 8);
    memcpy(want + 336, m3, 4);
    memcpy(want + 340, f01, 4);
    memcpy(want + 344, wz, 8);
    /* one lane: every lane would store the same bytes */
    tenv *e = new_env(0x1u);
    if (run_src(e, t.s, GP_STAGE_VERTEX)) {
        for (int i = 0; i < 512; i++)
            CHECK(b.data[i] == want[i], "STORE byte %d: 0x%02x, want 0x%02x", i, b.data[i], want[i]);
    }
    te_free(e);
    rm_buf(&b);
}

/* Sixteen lanes store to their own words, in lane order where they
 * overlap; inactive lanes (not live) store nothing. */
static void test_store_lanes(void)
{
    tbuf b = mk_buf(128, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    const char *src = "!!NVvp5.0\nTEMP a, v;\n"
                      "MOV.U v, vertex.attrib[0];\n"             /* x = lane */
                      "MUL.U a.x, v.x, 4;\n"
                      "ADD.U a.x, a.x, program.local[0].x;\n"
                      "ADD.U v.y, v.x, 100;\n"
                      "STORE.U32 v.y, a.x;\n"                     /* word[lane] = 100 + lane */
                      "ADD.U a.x, program.local[0].x, 64;\n"
                      "STORE.U32 v.x, a.x;\n"                     /* word[16]: the last lane wins */
                      "END\n";
    tenv *e = new_env(0x7fffu); /* lane 15 is no vertex */
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].u = (uint32_t)l;
    if (run_src(e, src, GP_STAGE_VERTEX)) {
        uint32_t w[17];
        memcpy(w, b.data, sizeof(w));
        for (int l = 0; l < 15; l++)
            CHECK(w[l] == 100u + (uint32_t)l, "lane %d stored %u", l, w[l]);
        CHECK(w[15] == 0, "a lane that is not live stored %u", w[15]);
        CHECK(w[16] == 14, "the same word from every lane: lane 14 last, got %u", w[16]);
    }
    te_free(e);
    rm_buf(&b);
}

/* ---- ATOM: every operation and type (2.X.8.Z ATOM, NV_shader_atomic_float,
 * NV_shader_atomic_int64) ---------------------------------------------------- */

typedef struct atcase {
    const char *op;     /* with the storage modifier */
    const char *opt;    /* an OPTION line, or "" */
    const char *data;   /* the operand vector */
    uint64_t init, want; /* memory before and after; the result is init */
    int bytes;
} atcase;

#define OPT_F "OPTION NV_shader_atomic_float;\n"
#define OPT_I64 "OPTION NV_shader_atomic_int64;\n"
static const atcase atoms[] = {
    { "ADD.U32", "", "7", 5, 12, 4 },
    { "ADD.U32", "", "3", 0xfffffffeu, 1, 4 },
    { "ADD.S32", "", "3", 0xfffffffbu, 0xfffffffeu, 4 },
    { "MIN.U32", "", "3", 10, 3, 4 },
    { "MIN.U32", "", "4294967295", 5, 5, 4 },
    { "MIN.S32", "", "-1", 5, 0xffffffffu, 4 },
    { "MAX.U32", "", "4294967295", 5, 0xffffffffu, 4 },
    { "MAX.S32", "", "-1", 5, 5, 4 },
    { "MAX.S32", "", "-3", 0xfffffff6u, 0xfffffffdu, 4 },
    /* EDGE.ATOM_IWRAP: old >= op ? 0 : old + 1 */
    { "IWRAP.U32", "", "3", 2, 3, 4 },
    { "IWRAP.U32", "", "3", 3, 0, 4 },
    { "IWRAP.U32", "", "3", 7, 0, 4 },
    { "IWRAP.U32", "", "0", 5, 0, 4 },
    /* EDGE.ATOM_DWRAP: old == 0 || old > op ? op : old - 1 */
    { "DWRAP.U32", "", "5", 3, 2, 4 },
    { "DWRAP.U32", "", "5", 0, 5, 4 },
    { "DWRAP.U32", "", "5", 9, 5, 4 },
    { "DWRAP.U32", "", "5", 5, 4, 4 },
    { "AND.U32", "", "4278255360", 0xf0f0f0f0u, 0xf000f000u, 4 }, /* 0xff00ff00 */
    { "AND.S32", "", "-16", 0x12345678u, 0x12345670u, 4 },
    { "OR.U32", "", "1", 0xf0f0f0f0u, 0xf0f0f0f1u, 4 },
    { "OR.S32", "", "-65536", 0, 0xffff0000u, 4 },
    { "XOR.U32", "", "4278255360", 0xf0f0f0f0u, 0x0ff00ff0u, 4 },
    { "XOR.S32", "", "-1", 0x12345678u, 0xedcba987u, 4 },
    { "EXCH.U32", "", "1431655765", 0xaaaaaaaau, 0x55555555u, 4 },
    { "EXCH.S32", "", "-1", 1, 0xffffffffu, 4 },
    /* EDGE.ATOM_CSWAP: store y only when old == x; old returned both ways */
    { "CSWAP.U32", "", "{7, 99}", 7, 99, 4 },
    { "CSWAP.U32", "", "{8, 99}", 7, 7, 4 },
    { "CSWAP.S32", "", "{-1, 17}", 0xffffffffu, 17, 4 },
    { "CSWAP.S32", "", "{-1, 17}", 0xfffffffeu, 0xfffffffeu, 4 },
    /* NV_shader_atomic_float */
    { "ADD.F32", OPT_F, "2.25", 0x3fc00000u /* 1.5 */, 0x40700000u /* 3.75 */, 4 },
    { "ADD.F32", OPT_F, "1", 0x4b800000u /* 2^24 */, 0x4b800000u /* 2^24 + 1 rounds to even */, 4 },
    { "EXCH.F32", OPT_F, "-2", 0x3f800000u, 0xc0000000u, 4 },
    /* 64-bit (NV_gpu_program5 ADD EXCH CSWAP .U64; the rest with
     * NV_shader_atomic_int64) */
    { "ADD.U64", "", "1", 0x00000001ffffffffull, 0x0000000200000000ull, 8 },
    { "ADD.U64", "", "2", 0xffffffffffffffffull, 1, 8 },
    { "EXCH.U64", "", "18364758544493064720", 1, 0xfedcba9876543210ull, 8 },
    { "CSWAP.U64", "", "{1311768464867721216, 42}", 0x1234567800000000ull, 42, 8 },
    { "CSWAP.U64", "", "{0, 42}", 0x1234567800000000ull, 0x1234567800000000ull, 8 },
    { "CSWAP.U64", "", "{8589934597, 9}", 0x0000000100000005ull, 0x0000000100000005ull, 8 },
    { "ADD.S64", OPT_I64, "3", (uint64_t)-5, (uint64_t)-2, 8 },
    { "MIN.S64", OPT_I64, "-1", 5, (uint64_t)-1, 8 },
    { "MIN.U64", OPT_I64, "4294967295", 0x100000000ull, 0xffffffffull, 8 },
    { "MAX.S64", OPT_I64, "9223372036854775807", 0x8000000000000000ull, 0x7fffffffffffffffull, 8 },
    { "MAX.U64", OPT_I64, "18446744073709551615", 5, 0xffffffffffffffffull, 8 },
    { "AND.U64", OPT_I64, "1148435428713435120", 0xff00ff00ff00ff00ull, 0x0f000f000f000f00ull, 8 },
    { "OR.S64", OPT_I64, "1", 0x8000000000000000ull, 0x8000000000000001ull, 8 },
    { "XOR.U64", OPT_I64, "18446744073709551615", 0xffffffff00000000ull, 0x00000000ffffffffull, 8 },
    { "EXCH.S64", OPT_I64, "-7", 1, (uint64_t)-7, 8 },
    { "CSWAP.S64", OPT_I64, "{-1, 3}", (uint64_t)-1, 3, 8 },
};

static void test_atom_ops(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr + 8, 0, 0, 0);
    const int n = (int)(sizeof(atoms) / sizeof(atoms[0]));
    for (int i = 0; i < n; i++) {
        const atcase *a = &atoms[i];
        tsrc t = { .n = 0 };
        src_add(&t, "!!NVvp5.0\n%sTEMP r;\nLONG TEMP L;\nMOV.U r, " SENT_DEC ";\nPK64.U L, r;\n", a->opt);
        if (a->bytes == 4)
            src_add(&t, "ATOM.%s r, %s, program.local[0].x;\nMOV.U result.attrib[0], r;\n", a->op, a->data);
        else
            src_add(&t, "ATOM.%s L, %s, program.local[0].x;\nUP64.U r, L.xyxy;\nMOV.U result.attrib[0], r;\n"
                        "UP64.U r, L.zwzw;\nMOV.U result.attrib[1], r;\n",
                    a->op, a->data);
        src_add(&t, "END\n");
        memset(b.data, 0x33, 64);
        if (a->bytes == 4) {
            uint32_t w = (uint32_t)a->init;
            memcpy(b.data + 8, &w, 4);
        } else {
            memcpy(b.data + 8, &a->init, 8);
        }
        tenv *e = new_env(0x1u);
        if (!run_src(e, t.s, GP_STAGE_VERTEX)) {
            te_free(e);
            continue;
        }
        uint64_t now = 0;
        memcpy(&now, b.data + 8, (size_t)a->bytes);
        CHECK(now == a->want, "ATOM.%s %s: memory 0x%llx, want 0x%llx", a->op, a->data, (unsigned long long)now,
              (unsigned long long)a->want);
        CHECK(b.data[7] == 0x33 && b.data[8 + a->bytes] == 0x33, "ATOM.%s touched a neighbour", a->op);
        const gp_vec *o = &e->out[GP_VARY_ATTR0];
        if (a->bytes == 4) {
            CHECK(o->c[0][0].u == (uint32_t)a->init, "ATOM.%s returned 0x%08x, want 0x%08x", a->op, o->c[0][0].u,
                  (uint32_t)a->init);
            for (int c = 1; c < 4; c++) /* EDGE.ATOM_YZW: left as they were */
                CHECK(o->c[c][0].u == SENT, "ATOM.%s changed component %d", a->op, c);
        } else {
            uint64_t got = o->c[0][0].u | (uint64_t)o->c[1][0].u << 32;
            CHECK(got == a->init, "ATOM.%s returned 0x%llx", a->op, (unsigned long long)got);
            CHECK(o->c[2][0].u == SENT && o->c[3][0].u == SENT && o[1].c[0][0].u == SENT &&
                      o[1].c[3][0].u == SENT,
                  "ATOM.%s changed y z w of the LONG result", a->op);
        }
        te_free(e);
    }
    rm_buf(&b);
}

/* Sixteen lanes on one word act one after the other in lane order
 * (glprog.h), each getting the value the previous lane left. */
static void test_atom_lane_order(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    struct {
        const char *line;
        uint32_t init;
        uint32_t old[16];
        uint32_t final;
    } cases[] = {
        { "ATOM.ADD.U32 r, 1, program.local[0].x;", 0,
          { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 }, 16 },
        /* IWRAP by 4: 0 1 2 3 4 0 1 ... (16 increments end on 16 % 5) */
        { "ATOM.IWRAP.U32 r, 4, program.local[0].x;", 0,
          { 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0 }, 1 },
        /* DWRAP by 3 from 0: 0 3 2 1 0 3 ... */
        { "ATOM.DWRAP.U32 r, 3, program.local[0].x;", 0,
          { 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1, 0, 3, 2, 1 }, 0 },
        /* EXCH lane + 100: each lane gets its predecessor's value */
        { "ADD.U v.x, v.x, 100;\nATOM.EXCH.U32 r, v.x, program.local[0].x;", 9,
          { 9, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114 }, 115 },
        /* CSWAP 0 -> lane + 1: only lane 0 finds 0 */
        { "ADD.U v.y, v.x, 1;\nATOM.CSWAP.U32 r, {0, 0}, program.local[0].x;", 0,
          { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 0 },
        { "ADD.U v.y, v.x, 1;\nMOV.U v.x, 0;\nATOM.CSWAP.U32 r, v, program.local[0].x;", 0,
          { 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1 }, 1 },
        /* MAX of lane ^ 5: the running maximum */
        { "XOR.U v.x, v.x, 5;\nATOM.MAX.U32 r, v.x, program.local[0].x;", 0,
          { 0, 5, 5, 7, 7, 7, 7, 7, 7, 13, 13, 15, 15, 15, 15, 15 }, 15 },
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
        tsrc t = { .n = 0 };
        src_add(&t, "!!NVvp5.0\nTEMP r, v;\nMOV.U v, vertex.attrib[0];\n%s\nMOV.U result.attrib[0], r;\nEND\n",
                cases[i].line);
        memcpy(b.data, &cases[i].init, 4);
        tenv *e = new_env(0xffffu);
        for (int l = 0; l < GP_LANES; l++)
            e->in[0].c[0][l].u = (uint32_t)l;
        if (run_src(e, t.s, GP_STAGE_VERTEX)) {
            for (int l = 0; l < GP_LANES; l++)
                CHECK(e->out[GP_VARY_ATTR0].c[0][l].u == cases[i].old[l], "case %zu lane %d: old %u, want %u", i, l,
                      e->out[GP_VARY_ATTR0].c[0][l].u, cases[i].old[l]);
            uint32_t w;
            memcpy(&w, b.data, 4);
            CHECK(w == cases[i].final, "case %zu: final %u, want %u", i, w, cases[i].final);
        }
        te_free(e);
    }
    rm_buf(&b);
}

/* ---- faults (mem.h): never a crash, reads 0, writes dropped, counted -------- */

static void test_faults(void)
{
    tbuf rw = mk_buf(64, MEM_GPU_READ | MEM_GPU_WRITE, 0x11);
    tbuf ro = mk_buf(64, MEM_GPU_READ, 0x22);
    tbuf wo = mk_buf(64, MEM_GPU_WRITE, 0x33);
    mem_space_reset_faults(g_space);
    set_local(0, (uint32_t)rw.addr, (uint32_t)ro.addr, (uint32_t)wo.addr, 0x100);
    set_local(1, (uint32_t)rw.addr + 62, (uint32_t)rw.addr + 2, (uint32_t)rw.addr + 4, 0);
    const char *src = "!!NVvp5.0\nTEMP r;\nLONG TEMP L;\n"
                      /* 1: unmapped (below MEM_GPU_BASE): read 0 */
                      "MOV.U r, " SENT_DEC ";\nLOAD.U32X2 r, program.local[0].w;\nMOV.U result.attrib[0], r;\n"
                      /* 2: bounds (62 + 4 > 64): read 0 */
                      "MOV.U r, " SENT_DEC ";\nLOAD.U32 r, program.local[1].x;\nMOV.U result.attrib[1], r;\n"
                      /* 3: access: a WRITE_ONLY buffer read */
                      "MOV.U r, " SENT_DEC ";\nLOAD.U32 r, program.local[0].z;\nMOV.U result.attrib[2], r;\n"
                      /* 4: access: a READ_ONLY buffer written, dropped */
                      "STORE.U32 305419896, program.local[0].y;\n"
                      /* 5: misaligned atomic: not performed, returns 0 */
                      "MOV.U r, " SENT_DEC ";\nATOM.ADD.U32 r, 1, program.local[1].y;\nMOV.U result.attrib[3], r;\n"
                      /* 6: atomic on a READ_ONLY buffer: access fault, 0 */
                      "MOV.U r, " SENT_DEC ";\nATOM.EXCH.U32 r, 9, program.local[0].y;\nMOV.U result.attrib[4], r;\n"
                      /* 7: a 64-bit atomic aligned to 4 only */
                      "MOV.U r, " SENT_DEC ";\nPK64.U L, r;\nATOM.ADD.U64 L, 1, program.local[1].z;\n"
                      "UP64.U r, L;\nMOV.U result.attrib[5], r;\n"
                      /* 8: a 64-bit address past 4 GiB: unmapped */
                      "PK64.U L, {0, 1, 0, 1};\nMOV.U r, " SENT_DEC ";\nLOAD.U32 r, L.x;\nMOV.U result.attrib[6], r;\n"
                      /* 9: aligned atomic in the same buffer works */
                      "ATOM.ADD.U32 r, 1, program.local[0].x;\nMOV.U result.attrib[7], r;\n"
                      "END\n";
    tenv *e = new_env(0x3u); /* two lanes: every fault counts twice */
    if (run_src(e, src, GP_STAGE_VERTEX)) {
        for (int l = 0; l < 2; l++) {
            for (int k = 0; k < 7; k++) {
                const gp_vec *o = &e->out[GP_VARY_ATTR0 + k];
                bool atom = k == 3 || k == 4;
                CHECK(o->c[0][l].u == 0, "fault case %d lane %d: x 0x%08x, want 0", k + 1, l, o->c[0][l].u);
                uint32_t rest = atom ? SENT : 0;
                if (k == 5) /* UP64 of the LONG result: x lo, x hi, y lo, y hi */
                    CHECK(o->c[1][l].u == 0 && o->c[2][l].u == SENT && o->c[3][l].u == SENT,
                          "64-bit misaligned atomic lane %d", l);
                else
                    CHECK(o->c[1][l].u == rest && o->c[2][l].u == rest && o->c[3][l].u == rest,
                          "fault case %d lane %d: y z w", k + 1, l);
            }
            CHECK(e->out[GP_VARY_ATTR0 + 7].c[0][l].u == 0x11111111u + (uint32_t)l, "aligned atomic lane %d", l);
        }
        mem_gpu_faults f = mem_space_faults(g_space);
        /* per lane: unmapped 1, 8; bounds 2; access 3, 4, 6; misaligned 5, 7 */
        CHECK(f.unmapped == 4 && f.bounds == 2 && f.access == 6 && f.misaligned == 4,
              "fault kinds: unmapped %llu bounds %llu access %llu misaligned %llu", (unsigned long long)f.unmapped,
              (unsigned long long)f.bounds, (unsigned long long)f.access, (unsigned long long)f.misaligned);
        /* reads: 1 2 3 8; writes: 4, and the atomics 5 6 7 (read-write) */
        CHECK(f.reads == 8 && f.writes == 8, "reads %llu writes %llu", (unsigned long long)f.reads,
              (unsigned long long)f.writes);
        for (int i = 0; i < 64; i++) {
            CHECK(ro.data[i] == 0x22, "READ_ONLY byte %d changed", i);
            CHECK(wo.data[i] == 0x33, "WRITE_ONLY byte %d changed", i);
        }
        uint32_t w0;
        memcpy(&w0, rw.data, 4);
        CHECK(w0 == 0x11111113u, "two aligned adds: 0x%08x", w0);
        CHECK(rw.data[4] == 0x11 && rw.data[5] == 0x11 && rw.data[62] == 0x11, "misaligned atomics stored");
    }
    te_free(e);

    /* no space, no memory at all: every access reads 0, nothing crashes */
    gp_memory none;
    memset(&none, 0, sizeof(none));
    for (int k = 0; k < 2; k++) {
        e = new_env(0xffffu);
        e->env.memory = k ? NULL : &none;
        const char *s2 = "!!NVvp5.0\nTEMP r;\nMOV.U r, " SENT_DEC ";\nLOAD.U32X4 r, program.local[0].x;\n"
                         "STORE.U32 1, program.local[0].x;\nATOM.ADD.U32 r.x, 1, program.local[0].x;\n"
                         "MOV.U result.attrib[0], r;\nEND\n";
        if (run_src(e, s2, GP_STAGE_VERTEX))
            for (int l = 0; l < GP_LANES; l++)
                for (int c = 0; c < 4; c++)
                    CHECK(e->out[GP_VARY_ATTR0].c[c][l].u == 0, "no memory (%d): lane %d comp %d", k, l, c);
        te_free(e);
    }
    CHECK(rw.data[0] == 0x13, "no-memory runs reached a buffer");
    rm_buf(&rw);
    rm_buf(&ro);
    rm_buf(&wo);
}

/* The fault report names the site and the lane's pixel (mem.h). */
static void test_fault_report(void)
{
    FILE *f = tmpfile();
    if (!f)
        return;
    mem_space_set_fault_report(g_space, 4, f);
    static const int32_t pos[GP_LANES][2] = { { 3, 4 }, { 5, 6 } };
    tenv *e = new_env(0x2u);
    e->env.mem_site = "vertex program 7";
    e->env.lane_pos = pos;
    set_local(0, 0x20, 0, 0, 0);
    run_src(e, "!!NVvp5.0\nTEMP r;\nLOAD.U32 r, program.local[0].x;\nEND\n", GP_STAGE_VERTEX);
    te_free(e);
    mem_space_set_fault_report(g_space, 0, NULL);
    char line[512] = "";
    rewind(f);
    if (!fgets(line, sizeof(line), f))
        line[0] = 0;
    fclose(f);
    CHECK(strstr(line, "read of 4 bytes at 0x0000000000000020") != NULL, "report: %s", line);
    CHECK(strstr(line, "[vertex program 7, pixel (5, 6)]") != NULL, "report site: %s", line);
}

/* ---- helper and killed lanes (EDGE.HELPER_STORES, EDGE.KIL_STORES) --------- */

static void test_helper_and_kil(void)
{
    tbuf b = mk_buf(128, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, (uint32_t)b.addr + 64, 0, 0);
    /* fragment.texcoord[0]: x = lane (integer bits), y < 0 kills */
    const char *src = "!!NVfp5.0\nTEMP a, r, v;\n"
                      "MOV.U v, fragment.texcoord[0];\n"
                      "KIL v.y;\n"
                      "MUL.U a.x, v.x, 4;\n"
                      "ADD.U a.x, a.x, program.local[0].y;\n"
                      "ADD.U v.z, v.x, 1;\n"
                      "STORE.U32 v.z, a.x;\n"                     /* slot[lane] = lane + 1 */
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOM.ADD.U32 r, 1, program.local[0].x;\n"  /* the counter */
                      "LOAD.U32 v, program.local[0].x;\n"         /* loads run for helpers */
                      "MOV.U r.y, v.x;\n"
                      "MOV.U result.color, r;\n"
                      "END\n";
    tenv *e = new_env(0x0777u);      /* quads 0..2 have 3 covered lanes, quad 3 none */
    e->env.helper_mask = 0xf888u;    /* helpers of quads 0..2 (quad 3: all helpers, runs nothing) */
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].u = (uint32_t)l;
        e->in[GP_VARY_TEX0].c[1][l].f = (l == 1 || l == 9 || l == 10) ? -1.0f : 1.0f;
    }
    if (run_src(e, src, GP_STAGE_FRAGMENT)) {
        /* covered and not killed: 0 2 4 5 6 8 -> six atomics and stores */
        const uint32_t writers = 0x0175u;
        uint32_t cnt;
        memcpy(&cnt, b.data, 4);
        CHECK(cnt == 6, "counter %u, want 6", cnt);
        uint32_t k = 0;
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t w;
            memcpy(&w, b.data + 64 + 4 * l, 4);
            bool wr = writers >> l & 1;
            CHECK(w == (wr ? (uint32_t)l + 1 : 0u), "lane %d stored %u", l, w);
            bool ran = l < 12;  /* quads 0..2 run (killed lanes go on as helpers) */
            if (!ran)
                continue;
            uint32_t got = e->out[GP_FOUT_COLOR0].c[0][l].u;
            /* writers get 0 1 2 ... in lane order; helpers and killed lanes 0 */
            CHECK(got == (wr ? k : 0u), "lane %d atomic result %u, want %u", l, got, wr ? k : 0u);
            CHECK(e->out[GP_FOUT_COLOR0].c[1][l].u == 6, "lane %d (helper or not) loaded %u", l,
                  e->out[GP_FOUT_COLOR0].c[1][l].u);
            if (wr)
                k++;
        }
        CHECK(e->env.killed_mask == 0x0602u, "killed 0x%04x", e->env.killed_mask);
    }
    te_free(e);
    rm_buf(&b);
}

/* ---- images: a fake image function checks the request and answers raw
 * texels (glprog.h gp_image_request) ----------------------------------------- */

typedef struct fake_img {
    int calls;
    gp_image_request last[8];
    gp_vec coord[8], data[8];
    uint32_t raw[4]; /* what a LOAD returns in each component */
    uint32_t old;    /* what an ATOM returns */
    uint32_t per_unit; /* added to LOAD results times the unit */
} fake_img;

static void fake_image(void *user, const gp_image_request *req, gp_vec *out)
{
    fake_img *f = user;
    if (f->calls < 8) {
        f->last[f->calls] = *req;
        f->coord[f->calls] = *req->coord;
        if (req->data)
            f->data[f->calls] = *req->data;
    }
    f->calls++;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(req->lane_mask >> l & 1))
            continue;
        for (int c = 0; c < 4; c++)
            out->c[c][l].u = req->op == GP_IMG_LOAD ? f->raw[c] + f->per_unit * req->unit
                                                    : c == 0 ? f->old + (uint32_t)req->unit : 0;
    }
}

typedef struct imcase {
    const char *op;
    uint32_t raw[4];
    uint32_t want[4];
    int elem, count;
} imcase;

static void test_images(void)
{
    static const imcase loads[] = {
        { "LOADIM.U32", { 7, 8, 9, 10 }, { 7, 0, 0, 1 }, GP_CVT_U32, 1 },
        { "LOADIM.S8", { 0xfe, 0, 0, 0 }, { I32(-2), 0, 0, 1 }, GP_CVT_S8, 1 },
        { "LOADIM.U8", { 0xfe, 0, 0, 0 }, { 254, 0, 0, 1 }, GP_CVT_U8, 1 },
        { "LOADIM.S16X2", { 0x8000, 0x7fff, 5, 5 }, { I32(-32768), 32767, 0, 1 }, GP_CVT_S16, 2 },
        { "LOADIM.F32", { 0x40400000u, 1, 1, 1 }, { 0x40400000u, 0, 0, 0x3f800000u }, GP_CVT_F32, 1 },
        { "LOADIM.F16X2", { 0x3c00, 0xc000, 1, 1 }, { 0x3f800000u, 0xc0000000u, 0, 0x3f800000u }, GP_CVT_F16, 2 },
        { "LOADIM.F16X4", { 0x3c00, 0xc000, 0x7c00, 0x0001 },
          { 0x3f800000u, 0xc0000000u, 0x7f800000u, 0x33800000u }, GP_CVT_F16, 4 },
        { "LOADIM.S32X4", { 1, 2, 3, 0xffffffffu }, { 1, 2, 3, 0xffffffffu }, GP_CVT_S32, 4 },
        { "LOADIM.U16X4", { 1, 2, 3, 0xffff }, { 1, 2, 3, 0xffff }, GP_CVT_U16, 4 },
        { "LOADIM.S8X2", { 0x80, 0x7f, 3, 3 }, { I32(-128), 127, 0, 1 }, GP_CVT_S8, 2 },
    };
    fake_img f;
    memset(&f, 0, sizeof(f));
    gp_memory mem = g_mem;
    mem.image = fake_image;
    mem.image_user = &f;
    for (size_t i = 0; i < sizeof(loads) / sizeof(loads[0]); i++) {
        tsrc t = { .n = 0 };
        src_add(&t, "!!NVfp5.0\nOPTION NV_gpu_program5_mem_extended;\nTEMP r, c;\n"
                    "MOV.U c, fragment.texcoord[0];\nMOV.U r, " SENT_DEC ";\n%s r, c, image[5], ARRAY2D;\n"
                    "MOV.U result.color, r;\nEND\n",
                loads[i].op);
        memset(&f, 0, sizeof(f));
        memcpy(f.raw, loads[i].raw, sizeof(f.raw));
        tenv *e = new_env(0x00f7u);
        e->env.helper_mask = 0x0008u;
        e->env.memory = &mem;
        for (int l = 0; l < GP_LANES; l++) {
            e->in[GP_VARY_TEX0].c[0][l].i = l;
            e->in[GP_VARY_TEX0].c[1][l].i = -l;
            e->in[GP_VARY_TEX0].c[2][l].i = 2;
            e->in[GP_VARY_TEX0].c[3][l].i = 3;
        }
        if (run_src(e, t.s, GP_STAGE_FRAGMENT)) {
            CHECK(f.calls == 1, "%s: %d calls", loads[i].op, f.calls);
            const gp_image_request *q = &f.last[0];
            CHECK(q->op == GP_IMG_LOAD && q->unit == 5 && q->target == GP_TEX_ARRAY2D && q->elem == loads[i].elem &&
                      q->count == loads[i].count && !q->bindless && q->data == NULL,
                  "%s: request op %d unit %d target %d elem %d count %d", loads[i].op, q->op, q->unit, q->target,
                  q->elem, q->count);
            CHECK(q->lane_mask == 0x00ffu, "%s: LOADIM lanes 0x%04x (helpers load too)", loads[i].op, q->lane_mask);
            for (int l = 0; l < 8; l++) {
                CHECK(f.coord[0].c[0][l].i == l && f.coord[0].c[1][l].i == -l && f.coord[0].c[2][l].i == 2 &&
                          f.coord[0].c[3][l].i == 3,
                      "%s: coordinate of lane %d", loads[i].op, l);
                for (int c = 0; c < 4; c++)
                    CHECK(e->out[GP_FOUT_COLOR0].c[c][l].u == loads[i].want[c], "%s lane %d comp %d: 0x%08x want 0x%08x",
                          loads[i].op, l, c, e->out[GP_FOUT_COLOR0].c[c][l].u, loads[i].want[c]);
            }
        }
        te_free(e);
    }

    /* stores and atomics: only live lanes; the elements as stored */
    memset(&f, 0, sizeof(f));
    f.old = 70;
    const char *src = "!!NVfp5.0\nOPTION NV_gpu_program5_mem_extended;\nTEMP r, c;\n"
                      "MOV.U c, fragment.texcoord[0];\n"
                      "STOREIM.U8 image[2], {300, 1, 2, 3}, c, 2D;\n"
                      "STOREIM.F16X4 image[3], {1.5, -2, 65520, 0.25}, c, 3D;\n"
                      "STOREIM.F image[4], {0.5, 0.25, 1, 2}, c, 2D;\n"
                      "STOREIM.S image[4], {-1, 2, 3, 4}, c, BUFFER;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOMIM.CSWAP.U32 r, {5, 9}, c, image[1], CUBE;\n"
                      "MOV.U result.color, r;\nEND\n";
    tenv *e = new_env(0x0077u);
    e->env.helper_mask = 0x0088u;
    e->env.memory = &mem;
    for (int l = 0; l < GP_LANES; l++)
        e->in[GP_VARY_TEX0].c[0][l].i = 10 + l;
    if (run_src(e, src, GP_STAGE_FRAGMENT)) {
        CHECK(f.calls == 5, "%d image calls", f.calls);
        for (int k = 0; k < 5 && k < f.calls; k++)
            CHECK(f.last[k].lane_mask == 0x0077u, "call %d lanes 0x%04x: helpers never store", k, f.last[k].lane_mask);
        const gp_image_request *q = f.last;
        CHECK(q[0].op == GP_IMG_STORE && q[0].unit == 2 && q[0].elem == GP_CVT_U8 && q[0].count == 1 &&
                  q[0].target == GP_TEX_2D,
              "STOREIM.U8 request");
        CHECK(f.data[0].c[0][0].u == 300, "STOREIM.U8 data %u (the callee keeps the low bits)", f.data[0].c[0][0].u);
        CHECK(q[1].op == GP_IMG_STORE && q[1].elem == GP_CVT_F16 && q[1].count == 4 && q[1].target == GP_TEX_3D,
              "STOREIM.F16X4 request");
        CHECK(f.data[1].c[0][0].u == 0x3e00 && f.data[1].c[1][0].u == 0xc000 && f.data[1].c[2][0].u == 0x7c00 &&
                  f.data[1].c[3][0].u == 0x3400,
              "STOREIM.F16X4 data as binary16: %x %x %x %x", f.data[1].c[0][0].u, f.data[1].c[1][0].u,
              f.data[1].c[2][0].u, f.data[1].c[3][0].u);
        CHECK(q[2].op == GP_IMG_STORE_FORMATTED && q[2].count == 0 && q[2].type == GP_TYPE_F32 &&
                  f.data[2].c[1][4].f == 0.25f,
              "formatted STOREIM.F");
        CHECK(q[3].op == GP_IMG_STORE_FORMATTED && q[3].type == GP_TYPE_S32 && q[3].target == GP_TEX_BUFFER &&
                  f.data[3].c[0][5].i == -1,
              "formatted STOREIM.S");
        CHECK(q[4].op == GP_IMG_ATOM && q[4].atom == GP_ATOM_CSWAP && q[4].elem == GP_CVT_U32 && q[4].unit == 1 &&
                  q[4].target == GP_TEX_CUBE && f.data[4].c[0][0].u == 5 && f.data[4].c[1][0].u == 9,
              "ATOMIM request");
        CHECK(f.coord[4].c[0][6].i == 16, "ATOMIM coordinate");
        for (int l = 0; l < 8; l++) {
            bool live = (0x77u >> l) & 1;
            CHECK(e->out[GP_FOUT_COLOR0].c[0][l].u == (live ? 71u : 0u), "ATOMIM result lane %d: %u", l,
                  e->out[GP_FOUT_COLOR0].c[0][l].u);
            CHECK(e->out[GP_FOUT_COLOR0].c[1][l].u == SENT, "ATOMIM changed y (lane %d)", l);
        }
    }
    te_free(e);

    /* no image function: reads 0 (filled), stores nothing, atomics 0 */
    e = new_env(0xffffu);
    if (run_src(e, "!!NVfp5.0\nTEMP r;\nLOADIM.F32 r, fragment.texcoord[0], image[0], 2D;\n"
                   "MOV.U result.color, r;\nEND\n",
                GP_STAGE_FRAGMENT))
        for (int l = 0; l < GP_LANES; l++)
            CHECK(e->out[GP_FOUT_COLOR0].c[0][l].u == 0 && e->out[GP_FOUT_COLOR0].c[3][l].f == 1.0f,
                  "no image: lane %d", l);
    te_free(e);
}

/* IMAGE arrays indexed per lane (GP_TEXF_INDEXED): one call per unit, in
 * lane order of their first lanes; an index outside the array reads 0. */
static void test_image_arrays(void)
{
    fake_img f;
    memset(&f, 0, sizeof(f));
    f.raw[0] = 7;
    f.per_unit = 1000;
    gp_memory mem = g_mem;
    mem.image = fake_image;
    mem.image_user = &f;
    const char *src = "!!NVfp5.0\nIMAGE imgs[] = { image[2..5] };\nTEMP r, c;\n"
                      "MOV.S c, fragment.texcoord[0];\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "LOADIM.U32 r, c, imgs[c.y], 2D;\n"
                      "MOV.U result.color, r;\nEND\n";
    tenv *e = new_env(0xffffu);
    e->env.memory = &mem;
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].i = l;
        e->in[GP_VARY_TEX0].c[1][l].i = l % 5 == 4 ? -1 : l % 5; /* element 0..3, or -1 */
    }
    if (run_src(e, src, GP_STAGE_FRAGMENT)) {
        CHECK(f.calls == 4, "%d image calls, want one per unit", f.calls);
        for (int k = 0; k < 4 && k < f.calls; k++) {
            uint32_t want = 0;
            for (int l = 0; l < GP_LANES; l++)
                if (l % 5 == k)
                    want |= 1u << l;
            CHECK(f.last[k].unit == 2 + k && f.last[k].lane_mask == want, "call %d: unit %d lanes 0x%04x", k,
                  f.last[k].unit, f.last[k].lane_mask);
        }
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t x = l % 5 == 4 ? 0u : 7u + 1000u * (uint32_t)(2 + l % 5);
            CHECK(e->out[GP_FOUT_COLOR0].c[0][l].u == x && e->out[GP_FOUT_COLOR0].c[3][l].u == 1,
                  "image array lane %d: %u", l, e->out[GP_FOUT_COLOR0].c[0][l].u);
        }
    }
    te_free(e);
}

/* ---- LDC: CBUFFER bytes of the parameter buffer bindings
 * (NV_parameter_buffer_object2 2.X.8.Z LDC) ----------------------------------- */

static void test_ldc(void)
{
    static const uint8_t bytes[32] = {
        0x01, 0x02, 0x03, 0x04,             /* 0 */
        0x00, 0x00, 0xc0, 0x3f,             /* 4: 1.5f */
        0xf6, 0xff, 0xff, 0xff,             /* 8: -10 */
        0x00, 0x00, 0x00, 0x40,             /* 12: 2.0f */
        0, 0, 0, 0, 0, 0, 0xe0, 0xbf,       /* 16: F64 -0.5 */
        7, 0, 0, 0, 8, 0, 0, 0,             /* 24: 7, 8 */
    };
    gp_val words[16]; /* 8 bound, 8 more that must never be read */
    memcpy(words, bytes, sizeof(bytes));
    for (int i = 8; i < 16; i++)
        words[i].u = 0xddddddddu;
    struct {
        const char *line;
        uint32_t want[4];
    } cases[] = {
        { "LDC.U8 r, cb[2];", { 3, 0, 0, 0 } },
        { "LDC.S16 r, cb[2];", { 0x0403, 0, 0, 0 } },
        { "LDC.S8 r, cb[8];", { I32(-10), 0, 0, 0 } },
        { "LDC.F32 r, cb[4];", { 0x3fc00000u, 0, 0, 0 } },
        { "LDC.F32X2 r, cb[12];", { 0x40000000u, 0, 0, 0 } },
        { "LDC.S32 r, cb[8];", { I32(-10), 0, 0, 0 } },
        { "LDC.U32X4 r, cb[24];", { 7, 8, 0, 0 } },       /* bytes 32.. are past the binding: 0 */
        { "LDC.U32 r, cb[32];", { 0, 0, 0, 0 } },
        { "LDC.F64 r, cb[16];", { 0xbf000000u, 0, 0, 0 } }, /* narrowed to -0.5f */
        { "LDC.U32X2 r, cb[24].yxyx;", { 8, 7, 8, 7 } },   /* swizzle after the fetch */
        { "LDC.F32 r, -cb[4];", { 0xbfc00000u, 0x80000000u, 0x80000000u, 0x80000000u } },
        { "LDC.S32X2 r, |cb[8]|;", { 10, 0x40000000u, 0, 0 } }, /* -10, 2.0f's bits */
        { "LDC.F32X4 r, cb[4].xxzw;", { 0x3fc00000u, 0x3fc00000u, 0x40000000u, 0 } },
        { "MOV.U a.x, 24;\nLDC.U32 r, cb[a.x + 4];", { 8, 0, 0, 0 } },
        { "MOV.S a.x, -8;\nLDC.U32 r, cb[a.x + 4];", { 0, 0, 0, 0 } }, /* offset -4 */
        { "LDC.U32X4 r, none[0];", { 0, 0, 0, 0 } },         /* an unbound binding */
    };
    tsrc t = { .n = 0 };
    src_add(&t, "!!NVvp5.0\nCBUFFER cb[] = { program.buffer[1] };\nCBUFFER none[] = { program.buffer[3] };\n"
                "TEMP a, r;\n");
    const int n = (int)(sizeof(cases) / sizeof(cases[0]));
    for (int i = 0; i < n; i++)
        src_add(&t, "MOV.U r, " SENT_DEC ";\n%s\nMOV.U result.attrib[%d], r;\n", cases[i].line, i);
    src_add(&t, "END\n");
    tenv *e = new_env(0xffffu);
    e->env.param_buffers[1] = words;
    e->env.param_buffer_words[1] = 8;
    if (run_src(e, t.s, GP_STAGE_VERTEX))
        for (int i = 0; i < n; i++)
            for (int l = 0; l < GP_LANES; l++)
                for (int c = 0; c < 4; c++)
                    CHECK(e->out[GP_VARY_ATTR0 + i].c[c][l].u == cases[i].want[c], "%s lane %d comp %d: 0x%08x",
                          cases[i].line, l, c, e->out[GP_VARY_ATTR0 + i].c[c][l].u);
    te_free(e);
}

/* ---- storage buffers: LDB STB ATOMB (NV_shader_storage_buffer_object),
 * out-of-range offsets (EDGE.SSBO_OOB) ------------------------------------- */

static void test_storage(void)
{
    uint8_t back[128];
    memset(back, 0xcc, sizeof(back));
    gp_memory mem = g_mem;
    mem.storage[2].data = back;
    mem.storage[2].size = 64; /* bytes 64.. are outside the view */
    uint32_t s3[2] = { 0x33, 0x333 }, s4[2] = { 0x44, 0x444 };
    mem.storage[3].data = (uint8_t *)s3;
    mem.storage[3].size = sizeof(s3);
    mem.storage[4].data = (uint8_t *)s4; /* bound, but not part of two[] */
    mem.storage[4].size = sizeof(s4);
    const char *src = "!!NVvp5.0\nOPTION NV_shader_storage_buffer;\nOPTION NV_shader_atomic_float;\n"
                      "OPTION NV_gpu_program5_mem_extended;\n"
                      "STORAGE sb[] = { program.storage[2] };\n"
                      "STORAGE two[] = { program.storage[2..3] };\n"
                      "STORAGE un[] = { program.storage[5] };\n"
                      "TEMP a, r;\n"
                      "MOV.S a, vertex.attrib[0];\n"            /* x = lane */
                      "MUL.S a.y, a.x, 2;\n"                    /* y = 2 * lane */
                      "ADD.S a.z, a.y, 16;\n"
                      "STB.U16 a.x, sb[a.z];\n"                 /* bytes 16 + 2l: lane */
                      "STB.U32X2 {1, 2}, sb[60];\n"             /* element 2 is outside: dropped */
                      "MOV.S a.w, -4;\n"
                      "STB.U32 {9}, sb[a.w];\n"                 /* a negative offset: dropped */
                      "ADD.S a.w, a.w, 68;\n"
                      "STB.U8 {9}, sb[a.w];\n"                  /* 64: dropped */
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOMB.ADD.U32 r, 3, sb[0];\n"            /* lane order: 0 3 6 .. */
                      "MOV.U result.attrib[0], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOMB.ADD.U32 r, 1, sb[6];\n"            /* misaligned: not done, 0 */
                      "MOV.U result.attrib[1], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOMB.EXCH.U32 r, 5, sb[a.w];\n"         /* outside: not done, 0 */
                      "MOV.U result.attrib[2], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "LDB.U16X2 r, sb[a.z];\n"                 /* lane, lane + 1 (lane 15: the next is byte 48: 0xcccc) */
                      "MOV.U result.attrib[3], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "LDB.U32X4 r, sb[56];\n"                  /* two elements inside, two outside */
                      "MOV.U result.attrib[4], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "LDB.U32 r, un[0];\n"                     /* program.storage[5]: unbound */
                      "MOV.U result.attrib[5], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "LDB.U32 r, two[1][4];\n"                 /* program.storage[3] */
                      "MOV.U result.attrib[8], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "MOV.S a.w, 2;\n"
                      "LDB.U32 r, two[a.w][4];\n"               /* element 2: outside the variable */
                      "MOV.U result.attrib[9], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "MOV.S a.w, 0;\n"
                      "LDB.U32 r, two[a.w][60];\n"              /* binding 2 + 0: the word written above */
                      "MOV.U result.attrib[6], r;\n"
                      "MOV.U r, " SENT_DEC ";\n"
                      "ATOMB.ADD.F32 r, 0.5, sb[8];\n"
                      "MOV.U result.attrib[7], r;\n"
                      "END\n";
    memset(back + 8, 0, 4); /* F32 0.0 for the float adds */
    memset(back, 0, 4);
    tenv *e = new_env(0xffffu);
    e->env.memory = &mem;
    for (int l = 0; l < GP_LANES; l++)
        e->in[0].c[0][l].i = l;
    if (run_src(e, src, GP_STAGE_VERTEX)) {
        for (int l = 0; l < GP_LANES; l++) {
            uint16_t h;
            memcpy(&h, back + 16 + 2 * l, 2);
            CHECK(h == (uint16_t)l, "STB.U16 lane %d: %u", l, h);
            CHECK(e->out[GP_VARY_ATTR0].c[0][l].u == 3u * (uint32_t)l, "ATOMB lane %d: %u", l,
                  e->out[GP_VARY_ATTR0].c[0][l].u);
            CHECK(e->out[GP_VARY_ATTR0].c[1][l].u == SENT, "ATOMB wrote y");
            CHECK(e->out[GP_VARY_ATTR0 + 1].c[0][l].u == 0, "misaligned ATOMB lane %d", l);
            CHECK(e->out[GP_VARY_ATTR0 + 2].c[0][l].u == 0, "ATOMB outside lane %d", l);
            uint32_t y = l < 15 ? (uint32_t)l + 1 : 0xccccu;
            CHECK(e->out[GP_VARY_ATTR0 + 3].c[0][l].u == (uint32_t)l && e->out[GP_VARY_ATTR0 + 3].c[1][l].u == y &&
                      e->out[GP_VARY_ATTR0 + 3].c[2][l].u == 0,
                  "LDB.U16X2 lane %d: %u %u", l, e->out[GP_VARY_ATTR0 + 3].c[0][l].u, e->out[GP_VARY_ATTR0 + 3].c[1][l].u);
            const gp_vec *o = &e->out[GP_VARY_ATTR0 + 4];
            CHECK(o->c[0][l].u == 0xccccccccu && o->c[1][l].u == 1 && o->c[2][l].u == 0 && o->c[3][l].u == 0,
                  "LDB.U32X4 across the end lane %d: %x %x %x %x", l, o->c[0][l].u, o->c[1][l].u, o->c[2][l].u,
                  o->c[3][l].u);
            CHECK(e->out[GP_VARY_ATTR0 + 5].c[0][l].u == 0, "unbound storage lane %d", l);
            CHECK(e->out[GP_VARY_ATTR0 + 6].c[0][l].u == 1, "storage array lane %d", l);
            CHECK(e->out[GP_VARY_ATTR0 + 8].c[0][l].u == 0x333, "two[1] lane %d: 0x%x", l,
                  e->out[GP_VARY_ATTR0 + 8].c[0][l].u);
            CHECK(e->out[GP_VARY_ATTR0 + 9].c[0][l].u == 0, "two[2] lane %d: 0x%x", l,
                  e->out[GP_VARY_ATTR0 + 9].c[0][l].u);
            CHECK(e->out[GP_VARY_ATTR0 + 7].c[0][l].f == 0.5f * (float)l, "ATOMB.ADD.F32 lane %d: %g", l,
                  (double)e->out[GP_VARY_ATTR0 + 7].c[0][l].f);
        }
        uint32_t w;
        memcpy(&w, back, 4);
        CHECK(w == 48, "ATOMB total %u", w);
        float fsum;
        memcpy(&fsum, back + 8, 4);
        CHECK(fsum == 8.0f, "ATOMB.ADD.F32 total %g", (double)fsum);
        memcpy(&w, back + 60, 4);
        CHECK(w == 1, "STB.U32X2 first element %u", w);
        for (int i = 64; i < 128; i++)
            CHECK(back[i] == 0xcc, "byte %d outside the view changed", i);
        CHECK(back[4] == 0xcc && back[5] == 0xcc && back[6] == 0xcc && back[7] == 0xcc, "misaligned ATOMB stored");
    }
    te_free(e);
}

/* ---- compute: LDS STS ATOMS and BAR (NV_compute_program5) ------------------ */

static int g_barriers;
static void count_barrier(void *user)
{
    (void)user;
    g_barriers++;
}

static void test_compute(void)
{
    tbuf b = mk_buf(512, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    const char *src = "!!NVcp5.0\nGROUP_SIZE 16;\nSHARED_MEMORY 64;\n"
                      "SHARED sh[] = { program.sharedmem[0..63] };\n"
                      "LONG TEMP p;\nUINT TEMP i, o, t, u;\n"
                      "MOV.U i.x, invocation.localindex.x;\n"
                      "MUL.U o.x, i.x, 4;\n"
                      "ADD.U t.x, i.x, 100;\n"
                      "STS.U32 t, sh[o.x];\n"                   /* slot i = 100 + i */
                      "MEMBAR.CTA;\n"
                      "BAR;\n"
                      "ADD.U o.y, o.x, 4;\nAND.U o.y, o.y, 63;\n"
                      "LDS.U32 u, sh[o.y];\n"                   /* slot (i + 1) % 16 */
                      "MOV.U t.y, u.x;\n"
                      "ATOMS.ADD.U32 u, 1, sh[0];\n"            /* lane order: 100 101 .. */
                      "MOV.U t.z, u.x;\n"
                      "ATOMS.ADD.U32 u, 1, sh[2];\n"            /* misaligned: 0 */
                      "MOV.U t.w, u.x;\n"
                      "MOV.U o.z, 64;\n"
                      "STS.U32 t, sh[o.z];\n"                   /* outside SHARED_MEMORY: dropped */
                      "LDS.U32 u, sh[o.z];\n"                   /* and reads 0 */
                      "ADD.U t.w, t.w, u.x;\n"
                      "MUL.U o.x, i.x, 16;\n"
                      "PK64.U p.x, program.local[0];\n"
                      "ADD.U64 p.x, p.x, o.x;\n"
                      "STORE.U32X4 t, p.x;\n"
                      "END\n";
    uint8_t shared[128];
    memset(shared, 0xee, sizeof(shared));
    tenv *e = new_env(0xffffu);
    e->env.shared = shared;
    e->env.shared_size = 64;
    e->env.barrier = count_barrier;
    for (int l = 0; l < GP_LANES; l++)
        for (int r = 0; r < GP_CIN_COUNT; r++)
            for (int c = 0; c < 4; c++)
                e->in[r].c[c][l].u = 0;
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_CIN_LOCALID].c[0][l].u = (uint32_t)l;
        e->in[GP_CIN_GLOBALID].c[0][l].u = (uint32_t)l;
        e->in[GP_CIN_LOCALINDEX].c[0][l].u = (uint32_t)l;
        e->in[GP_CIN_GROUPSIZE].c[0][l].u = 16;
        e->in[GP_CIN_GROUPCOUNT].c[0][l].u = 1;
    }
    g_barriers = 0;
    if (run_src(e, src, GP_STAGE_COMPUTE)) {
        CHECK(g_barriers == 1, "BAR called the barrier %d times", g_barriers);
        for (int l = 0; l < GP_LANES; l++) {
            uint32_t w[4];
            memcpy(w, b.data + 16 * l, 16);
            CHECK(w[0] == 100u + (uint32_t)l && w[1] == 100u + (uint32_t)((l + 1) % 16) && w[2] == 100u + (uint32_t)l &&
                      w[3] == 0,
                  "compute lane %d: %u %u %u %u", l, w[0], w[1], w[2], w[3]);
        }
        uint32_t s0;
        memcpy(&s0, shared, 4);
        CHECK(s0 == 116, "shared slot 0 after 16 ATOMS: %u", s0);
        for (int i = 64; i < 128; i++)
            CHECK(shared[i] == 0xee, "shared byte %d outside shared_size changed", i);
    }
    /* without a barrier function BAR does nothing (one call, lockstep) */
    e->env.barrier = NULL;
    memset(shared, 0, sizeof(shared));
    run_src(e, src, GP_STAGE_COMPUTE);
    CHECK(b.data[16 * 3] == 103, "compute without a barrier function");
    te_free(e);
    rm_buf(&b);
}

/* An atomic writes dst.x only: the prepared program must still clear the
 * destination's other components at the start of a call (gp_exec.c
 * prep_zero_list), whatever the machine ran before. */
static void test_atom_fresh_yzw(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, 0, 0, 0);
    tenv *e = new_env(0xffffu);
    run_src(e, "!!NVvp5.0\nTEMP r;\nMOV.U r, 12345;\nMOV.U result.attrib[0], r;\nEND\n", GP_STAGE_VERTEX);
    if (run_src(e, "!!NVvp5.0\nTEMP r;\nATOM.ADD.U32 r, 1, program.local[0].x;\nMOV.U result.attrib[0], r;\nEND\n",
                GP_STAGE_VERTEX))
        for (int l = 0; l < GP_LANES; l++)
            CHECK(e->out[GP_VARY_ATTR0].c[0][l].u == (uint32_t)l && e->out[GP_VARY_ATTR0].c[1][l].u == 0 &&
                      e->out[GP_VARY_ATTR0].c[2][l].u == 0 && e->out[GP_VARY_ATTR0].c[3][l].u == 0,
                  "ATOM result lane %d: %u %u", l, e->out[GP_VARY_ATTR0].c[0][l].u, e->out[GP_VARY_ATTR0].c[1][l].u);
    te_free(e);
    rm_buf(&b);
}

/* NV_gpu_program4 LOAD (OPTION NV_shader_buffer_load): a 32-bit address
 * zero-extended; and bindless image handles (NV_bindless_texture
 * handle(): one image call per distinct handle, handle 0 none). */
static void test_nv4_load_and_handles(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ, 0);
    static const uint32_t w[2] = { 0xcafef00du, 42 };
    memcpy(b.data + 8, w, sizeof(w));
    set_local(0, (uint32_t)b.addr + 8, 0, 0, 0);
    tenv *e = new_env(0xffffu);
    if (run_src(e, "!!NVvp4.0\nOPTION NV_shader_buffer_load;\nTEMP r;\nMOV.U r, " SENT_DEC ";\n"
                   "LOAD.U32X2 r, program.local[0].x;\nMOV.U result.attrib[0], r;\nEND\n",
                GP_STAGE_VERTEX))
        for (int l = 0; l < GP_LANES; l++)
            CHECK(e->out[GP_VARY_ATTR0].c[0][l].u == 0xcafef00du && e->out[GP_VARY_ATTR0].c[1][l].u == 42 &&
                      e->out[GP_VARY_ATTR0].c[2][l].u == 0 && e->out[GP_VARY_ATTR0].c[3][l].u == 0,
                  "NV4 LOAD lane %d", l);
    te_free(e);
    rm_buf(&b);

    fake_img f;
    memset(&f, 0, sizeof(f));
    f.raw[0] = 9;
    gp_memory mem = g_mem;
    mem.image = fake_image;
    mem.image_user = &f;
    e = new_env(0xffffu);
    e->env.memory = &mem;
    for (int l = 0; l < GP_LANES; l++) {
        e->in[GP_VARY_TEX0].c[0][l].u = l % 3 == 0 ? 0u : 0x1234u; /* low word; 0 with a 0 high word: no image */
        e->in[GP_VARY_TEX0].c[1][l].u = l % 3 == 0 ? 0u : (l % 3 == 1 ? 5u : 6u);
    }
    if (run_src(e, "!!NVfp5.0\nOPTION NV_bindless_texture;\nLONG TEMP h;\nTEMP r;\n"
                   "PK64.U h, fragment.texcoord[0];\n"
                   "LOADIM.U32 r, fragment.texcoord[1], handle(h.x), 2D;\n"
                   "MOV.U result.color, r;\nEND\n",
                GP_STAGE_FRAGMENT)) {
        CHECK(f.calls == 2, "%d calls for two handles", f.calls);
        for (int k = 0; k < 2 && k < f.calls; k++) {
            uint64_t want = k == 0 ? 0x500001234ull : 0x600001234ull;
            uint32_t lanes = 0;
            for (int l = 0; l < GP_LANES; l++)
                if (l % 3 == k + 1)
                    lanes |= 1u << l;
            CHECK(f.last[k].bindless && f.last[k].handle == want && f.last[k].lane_mask == lanes,
                  "call %d: bindless %d handle 0x%llx lanes 0x%04x", k, f.last[k].bindless,
                  (unsigned long long)f.last[k].handle, f.last[k].lane_mask);
        }
        for (int l = 0; l < GP_LANES; l++)
            CHECK(e->out[GP_FOUT_COLOR0].c[0][l].u == (l % 3 == 0 ? 0u : 9u) && e->out[GP_FOUT_COLOR0].c[3][l].u == 1,
                  "bindless LOADIM lane %d", l);
    }
    te_free(e);
}

/* ---- MEMBAR, and atomics from several threads at once ----------------------- */

typedef struct tjob {
    const gp_program *p;
    int rounds;
} tjob;

static void *atom_worker(void *arg)
{
    tjob *j = arg;
    gp_machine *m = gp_machine_create();
    gp_vec in[GP_VARY_COUNT], out[GP_VARY_COUNT];
    memset(in, 0, sizeof(in));
    gp_val(*params)[4] = param_table(j->p);
    for (int r = 0; r < j->rounds; r++) {
        gp_exec_env env;
        memset(&env, 0, sizeof(env));
        env.machine = m;
        env.params = (const gp_val(*)[4])params;
        env.inputs = in;
        env.outputs = out;
        env.live_mask = 0xffffu;
        env.memory = &g_mem;
        gp_exec(j->p, &env);
    }
    gp_machine_free(m);
    free(params);
    return NULL;
}

static void test_threads(void)
{
    tbuf b = mk_buf(64, MEM_GPU_READ | MEM_GPU_WRITE, 0);
    set_local(0, (uint32_t)b.addr, (uint32_t)b.addr + 8, 0, 0);
    gp_program *p = t_compile("!!NVvp5.0\nTEMP r;\n"
                              "ATOM.ADD.U32 r, 1, program.local[0].x;\n"
                              "MEMBAR;\n"
                              "ATOM.ADD.U64 r, 4294967297, program.local[0].y;\n"
                              "END\n",
                              GP_STAGE_VERTEX);
    if (!p) {
        rm_buf(&b);
        return;
    }
    enum { NT = 4, ROUNDS = 500 };
    pthread_t th[NT];
    tjob job = { p, ROUNDS };
    for (int i = 0; i < NT; i++)
        CHECK(pthread_create(&th[i], NULL, atom_worker, &job) == 0, "pthread_create");
    for (int i = 0; i < NT; i++)
        pthread_join(th[i], NULL);
    uint32_t sum;
    uint64_t sum64;
    memcpy(&sum, b.data, 4);
    memcpy(&sum64, b.data + 8, 8);
    const uint64_t n = (uint64_t)NT * ROUNDS * GP_LANES; /* 32000 */
    CHECK(sum == n, "ATOM.ADD.U32 from %d threads: %u, want %llu", NT, sum, (unsigned long long)n);
    CHECK(sum64 == n * 0x100000001ull, "ATOM.ADD.U64 from %d threads: 0x%llx", NT, (unsigned long long)sum64);
    gp_program_free(p);
    rm_buf(&b);
}

int main(void)
{
    g_space = mem_space_create();
    if (!g_space)
        return 1;
    mem_space_set_fault_report(g_space, 0, NULL);
    memset(&g_mem, 0, sizeof(g_mem));
    g_mem.space = g_space;
    T_BOTH_PATHS {
        test_load_modifiers();
        test_load_long_address_cc();
        test_store_modifiers();
        test_store_lanes();
        test_atom_ops();
        test_atom_lane_order();
        test_faults();
        test_fault_report();
        test_helper_and_kil();
        test_images();
        test_image_arrays();
        test_ldc();
        test_storage();
        test_compute();
        test_atom_fresh_yzw();
        test_nv4_load_and_handles();
    }
    test_threads();
    mem_space_destroy(g_space);
    return t_report("test_mem_exec");
}
