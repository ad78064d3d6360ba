/*
 * st_memory.c - runs the memory commands of asmgl run
 * (docs/shader_test.md "Memory commands", parsed by st_mem_parse.c): shader
 * storage buffers (NV_shader_storage_buffer_object), named buffers with GPU
 * addresses (NV_shader_buffer_load / NV_shader_buffer_store), image units
 * (EXT_shader_image_load_store), compute dispatch (NV_compute_program5) and
 * memory barriers, and the probes that read buffers and images back.
 *
 * Buffers are uploaded and read through GL_ARRAY_BUFFER, which is left
 * unbound afterwards (the runner's vertex arrays are client memory).  A
 * command whose GL call raises an error fails the test, naming the error.
 * Thread: the context's thread.
 */
#include "st_run.h"

#include "gl_loader.h"
#include "gl_names.h"
#include "program.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ST_MEM_SSBOS 64 /* bindings 0..63, as st_mem_parse.c allows */

struct mem_buf {
    GLuint buffer;
    size_t size;
};

struct st_mem {
    const struct shader_test *t;
    struct mem_buf ssbo[ST_MEM_SSBOS];
    struct mem_buf *named; /* by ID, t->nbuffer_names of them */
};

struct st_mem *st_mem_new(const struct shader_test *t)
{
    struct st_mem *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->t = t;
    m->named = calloc(t->nbuffer_names ? t->nbuffer_names : 1, sizeof *m->named);
    if (!m->named) {
        free(m);
        return NULL;
    }
    return m;
}

void st_mem_free(struct st_mem *m)
{
    if (!m)
        return;
    for (int k = 0; k < ST_MEM_SSBOS; k++)
        if (m->ssbo[k].buffer && gll.DeleteBuffers)
            gll.DeleteBuffers(1, &m->ssbo[k].buffer);
    for (size_t k = 0; k < m->t->nbuffer_names; k++)
        if (m->named[k].buffer && gll.DeleteBuffers)
            gll.DeleteBuffers(1, &m->named[k].buffer);
    free(m->named);
    free(m);
}

const char *st_mem_missing(const struct st_command *c)
{
#define NEED(field)                                                                                \
    do {                                                                                           \
        if (!gll.field)                                                                            \
            return "gl" #field;                                                                    \
    } while (0)
    switch (c->variant) {
    case ST_MEM_SSBO:
        NEED(BindBufferBase);
        /* fall through */
    case ST_MEM_BUFFER:
        NEED(GenBuffers);
        NEED(BindBuffer);
        NEED(BufferData);
        NEED(DeleteBuffers);
        break;
    case ST_MEM_SSBO_SUBDATA:
    case ST_MEM_BUFFER_SUBDATA:
        NEED(BindBuffer);
        NEED(BufferSubData);
        break;
    case ST_MEM_PROBE_SSBO:
    case ST_MEM_PROBE_BUFFER:
        NEED(BindBuffer);
        NEED(GetBufferSubData);
        break;
    case ST_MEM_RESIDENT:
        NEED(BindBuffer);
        NEED(MakeBufferResidentNV);
        break;
    case ST_MEM_NONRESIDENT:
        NEED(BindBuffer);
        NEED(MakeBufferNonResidentNV);
        break;
    case ST_MEM_ADDRESS:
        NEED(BindBuffer);
        NEED(GetBufferParameterui64vNV);
        if (c->i[4])
            NEED(ProgramLocalParameterI4uivNV);
        else
            NEED(ProgramEnvParameterI4uivNV);
        break;
    case ST_MEM_IMAGE_BIND:
        NEED(BindImageTextureEXT);
        break;
    case ST_MEM_PROBE_IMAGE:
        NEED(ActiveTexture);
        break;
    case ST_MEM_COMPUTE:
        NEED(DispatchCompute);
        break;
    case ST_MEM_BARRIER:
        NEED(MemoryBarrierEXT);
        break;
    }
    return NULL;
#undef NEED
}

/* Fails (false) when GL reports an error, naming it and the command. */
static bool gl_ok(const struct st_command *c)
{
    GLenum e = glGetError();
    if (e == GL_NO_ERROR)
        return true;
    printf("'%.*s' failed with %s\n", c->text_len, c->text, prog_gl_error_name(e));
    while (glGetError() != GL_NO_ERROR)
        ;
    return false;
}

/* The buffer an ssbo or buffer command names, or NULL (with a message). */
static struct mem_buf *find_buf(struct st_mem *m, const struct st_command *c, bool ssbo)
{
    struct mem_buf *b;
    if (ssbo) {
        b = &m->ssbo[c->i[0]];
        if (!b->buffer)
            printf("'%.*s': no buffer at ssbo binding %d (make one with 'ssbo %d SIZE')\n",
                   c->text_len, c->text, c->i[0], c->i[0]);
    } else {
        b = &m->named[c->i[0]];
        if (!b->buffer)
            printf("'%.*s': buffer %s was not made yet\n", c->text_len, c->text,
                   m->t->buffer_names[c->i[0]]);
    }
    return b->buffer ? b : NULL;
}

/* ssbo N SIZE / buffer NAME SIZE: a new zero-filled buffer replacing the
 * old one. */
static bool create_buf(struct st_mem *m, const struct st_command *c, bool ssbo)
{
    struct mem_buf *b = ssbo ? &m->ssbo[c->i[0]] : &m->named[c->i[0]];
    size_t size = (size_t)c->i[1];
    void *zeros = size ? calloc(1, size) : NULL;
    if (size && !zeros) {
        printf("out of memory for a %zu-byte buffer\n", size);
        return false;
    }
    if (b->buffer)
        GLL(DeleteBuffers)(1, &b->buffer);
    b->buffer = 0;
    b->size = size;
    GLL(GenBuffers)(1, &b->buffer);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, b->buffer);
    GLL(BufferData)(GL_ARRAY_BUFFER, (GLsizeiptr)size, zeros, GL_DYNAMIC_DRAW);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    free(zeros);
    if (ssbo)
        GLL(BindBufferBase)(GL_SHADER_STORAGE_BUFFER, (GLuint)c->i[0], b->buffer);
    return gl_ok(c);
}

static bool in_range(const struct st_command *c, const struct mem_buf *b)
{
    if ((size_t)c->i[2] + (size_t)c->i[3] <= b->size)
        return true;
    printf("'%.*s': bytes %d .. %d are outside the %zu-byte buffer\n", c->text_len, c->text,
           c->i[2], c->i[2] + c->i[3] - 1, b->size);
    return false;
}

static bool subdata(struct st_mem *m, const struct st_command *c, bool ssbo)
{
    struct mem_buf *b = find_buf(m, c, ssbo);
    if (!b || !in_range(c, b))
        return false;
    GLL(BindBuffer)(GL_ARRAY_BUFFER, b->buffer);
    GLL(BufferSubData)(GL_ARRAY_BUFFER, (GLintptr)c->i[2], (GLsizeiptr)c->i[3], c->data);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    return gl_ok(c);
}

static float half_to_float(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e == 0    ? ldexpf((float)m, -24)
              : e == 31 ? (m ? NAN : INFINITY)
                        : ldexpf((float)(m | 0x400), e - 25);
    return (h & 0x8000) ? -v : v;
}

/* Value k of type t at p: integers as 64-bit patterns (sign-extended for the
 * signed types), floats as doubles. */
static void load_value(const unsigned char *p, int t, uint64_t *u, double *d, bool *is_float)
{
    int size = st_mem_type_size(t);
    uint64_t v = 0;
    for (int k = 0; k < size; k++)
        v |= (uint64_t)p[k] << (8 * k);
    *is_float = t == ST_MT_FLOAT || t == ST_MT_DOUBLE || t == ST_MT_HALF;
    switch (t) {
    case ST_MT_FLOAT: {
        uint32_t w = (uint32_t)v;
        float f;
        memcpy(&f, &w, sizeof f);
        *d = f;
        break;
    }
    case ST_MT_DOUBLE: memcpy(d, &v, sizeof *d); break;
    case ST_MT_HALF: *d = half_to_float((uint16_t)v); break;
    case ST_MT_INT: v = (uint64_t)(int64_t)(int32_t)(uint32_t)v; break;
    case ST_MT_INT16: v = (uint64_t)(int64_t)(int16_t)(uint16_t)v; break;
    case ST_MT_INT8: v = (uint64_t)(int64_t)(int8_t)(uint8_t)v; break;
    default: break;
    }
    *u = v;
}

static void print_value(int t, uint64_t u, double d, bool is_float)
{
    bool is_signed = t == ST_MT_INT || t == ST_MT_INT8 || t == ST_MT_INT16 || t == ST_MT_INT64;
    if (is_float)
        printf("%.9g", d);
    else if (is_signed)
        printf("%lld", (long long)u);
    else
        printf("%llu", (unsigned long long)u);
    int bits = 8 * st_mem_type_size(t);
    uint64_t mask = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
    if (!is_float || t != ST_MT_DOUBLE)
        printf(" (0x%0*llx)", bits / 4, (unsigned long long)(u & mask));
}

/* probe ssbo / probe buffer: every value compared, == or !=; floats within
 * tolerance (NaN matches NaN). */
static bool probe_buf(struct st_mem *m, const struct st_command *c, bool ssbo, float tolerance)
{
    struct mem_buf *b = find_buf(m, c, ssbo);
    if (!b || !in_range(c, b))
        return false;
    unsigned char *got = malloc((size_t)c->i[3]);
    if (!got) {
        printf("out of memory\n");
        return false;
    }
    GLL(BindBuffer)(GL_ARRAY_BUFFER, b->buffer);
    GLL(GetBufferSubData)(GL_ARRAY_BUFFER, (GLintptr)c->i[2], (GLsizeiptr)c->i[3], got);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    if (!gl_ok(c)) {
        free(got);
        return false;
    }
    int t = c->i[1], size = st_mem_type_size(t), n = c->i[3] / size, failures = 0;
    const unsigned char *want = (const unsigned char *)c->data;
    for (int k = 0; k < n; k++) {
        uint64_t gu, wu;
        double gd = 0, wd = 0;
        bool is_float;
        load_value(got + (size_t)k * (size_t)size, t, &gu, &gd, &is_float);
        load_value(want + (size_t)k * (size_t)size, t, &wu, &wd, &is_float);
        bool equal = is_float ? (gd == wd || (isnan(gd) && isnan(wd)) || fabs(gd - wd) <= tolerance)
                              : gu == wu;
        if (equal == (c->i[4] == ST_CMP_EQ))
            continue;
        if (failures++ < 8) {
            if (ssbo)
                printf("Probe ssbo %d", c->i[0]);
            else
                printf("Probe buffer %s", m->t->buffer_names[c->i[0]]);
            printf(" at offset %d (value %d)\n  Expected: %s", c->i[2] + k * size, k,
                   c->i[4] == ST_CMP_EQ ? "" : "!= ");
            print_value(t, wu, wd, is_float);
            printf("\n  Observed: ");
            print_value(t, gu, gd, is_float);
            printf("\n");
        }
    }
    if (failures > 8)
        printf("(%d values differ in all)\n", failures);
    free(got);
    return failures == 0;
}

static bool resident(struct st_mem *m, const struct st_command *c, bool make)
{
    struct mem_buf *b = find_buf(m, c, false);
    if (!b)
        return false;
    GLL(BindBuffer)(GL_ARRAY_BUFFER, b->buffer);
    if (make)
        GLL(MakeBufferResidentNV)(GL_ARRAY_BUFFER, c->e[0]);
    else
        GLL(MakeBufferNonResidentNV)(GL_ARRAY_BUFFER);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    return gl_ok(c);
}

/* buffer NAME address env_STAGE|local_STAGE INDEX [OFFSET]: the GPU address
 * plus OFFSET into the parameter as (low word, high word, 0, 0). */
static bool address(struct st_mem *m, const struct st_command *c)
{
    struct mem_buf *b = find_buf(m, c, false);
    if (!b)
        return false;
    GLuint64EXT a = 0;
    GLL(BindBuffer)(GL_ARRAY_BUFFER, b->buffer);
    GLL(GetBufferParameterui64vNV)(GL_ARRAY_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &a);
    GLL(BindBuffer)(GL_ARRAY_BUFFER, 0);
    if (!gl_ok(c))
        return false;
    uint64_t off = (uint64_t)(uint32_t)c->i[2] | (uint64_t)(uint32_t)c->i[3] << 32;
    uint64_t v64 = (uint64_t)a + off;
    GLuint v[4] = { (GLuint)v64, (GLuint)(v64 >> 32), 0, 0 };
    if (c->i[4])
        GLL(ProgramLocalParameterI4uivNV)(c->e[0], (GLuint)c->i[1], v);
    else
        GLL(ProgramEnvParameterI4uivNV)(c->e[0], (GLuint)c->i[1], v);
    return gl_ok(c);
}

static bool image_bind(const struct st_command *c, const unsigned *textures)
{
    GLuint tex = textures[c->i[1]];
    if (!tex) {
        printf("'%.*s': no texture on unit %d\n", c->text_len, c->text, c->i[1]);
        return false;
    }
    GLL(BindImageTextureEXT)((GLuint)c->i[0], tex, c->i[2], c->i[4] ? GL_TRUE : GL_FALSE, c->i[3],
                             c->e[0], (GLint)c->e[1]);
    return gl_ok(c);
}

/* probe image: level LEVEL of the unit's texture read with glGetTexImage,
 * texel (X, Y, Z) compared.  Z is the slice of a 3D texture, the layer of
 * an array (a 1D array's layers are its rows: Y must be 0), the face of a
 * cube map, 6 * layer + face of a cube map array. */
static bool probe_image(const struct st_command *c, const unsigned *textures,
                        const unsigned *targets, const float *tolerance)
{
    int unit = c->i[0], level = c->i[1], x = c->i[2], y = c->i[3], z = c->i[4], kind = c->i[5];
    GLuint tex = textures[unit];
    GLenum target = targets[unit];
    if (!tex) {
        printf("'%.*s': no texture on unit %d\n", c->text_len, c->text, unit);
        return false;
    }
    if (target == GL_TEXTURE_BUFFER || target == GL_TEXTURE_2D_MULTISAMPLE ||
        target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
        printf("'%.*s': glGetTexImage cannot read a %s texture\n", c->text_len, c->text,
               gln_name(target) ? gln_name(target) : "buffer or multisample");
        return false;
    }
    GLenum image = target;
    int row = y, slice = z;
    if (target == GL_TEXTURE_CUBE_MAP) {
        if (z > 5) {
            printf("'%.*s': cube map face %d out of range 0..5\n", c->text_len, c->text, z);
            return false;
        }
        image = GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)z;
        slice = 0;
    } else if (target == GL_TEXTURE_1D_ARRAY) {
        if (y != 0) {
            printf("'%.*s': a 1D array texture has rows as layers: use Y 0, Z LAYER\n",
                   c->text_len, c->text);
            return false;
        }
        row = z;
        slice = 0;
    }
    GLint active = GL_TEXTURE0;
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
    GLL(ActiveTexture)(GL_TEXTURE0 + (GLenum)unit);
    glBindTexture(target, tex);
    GLint w = 0, h = 0, d = 0;
    glGetTexLevelParameteriv(image, level, GL_TEXTURE_WIDTH, &w);
    glGetTexLevelParameteriv(image, level, GL_TEXTURE_HEIGHT, &h);
    glGetTexLevelParameteriv(image, level, GL_TEXTURE_DEPTH, &d);
    bool ok = gl_ok(c);
    if (ok && (w <= 0 || h <= 0 || d <= 0 || x >= w || row >= h || slice >= d)) {
        printf("'%.*s': texel (%d, %d, %d) is outside level %d (%dx%dx%d)\n", c->text_len, c->text,
               x, y, z, level, w, h, d);
        ok = false;
    }
    void *px = NULL;
    size_t texels = (size_t)(w > 0 ? w : 0) * (size_t)(h > 0 ? h : 0) * (size_t)(d > 0 ? d : 0);
    if (ok && !(px = malloc(texels * 4 * sizeof(float)))) {
        printf("out of memory reading a %dx%dx%d image\n", w, h, d);
        ok = false;
    }
    if (ok) {
        if (kind == ST_VAL_FLOAT)
            glGetTexImage(image, level, GL_RGBA, GL_FLOAT, px);
        else
            glGetTexImage(image, level, GL_RGBA_INTEGER, kind == ST_VAL_INT ? GL_INT : GL_UNSIGNED_INT,
                          px);
        ok = gl_ok(c);
    }
    GLL(ActiveTexture)((GLenum)active);
    if (!ok) {
        free(px);
        return false;
    }
    size_t at = (((size_t)slice * (size_t)h + (size_t)row) * (size_t)w + (size_t)x) * 4;
    bool pass = true;
    if (kind == ST_VAL_FLOAT) {
        const float *p = (const float *)px + at;
        for (int k = 0; k < 4; k++)
            if (!(p[k] == c->f[k] || fabsf(p[k] - c->f[k]) <= tolerance[k] ||
                  (isnan(p[k]) && isnan(c->f[k]))))
                pass = false;
        if (!pass)
            printf("Probe image unit %d level %d at (%d, %d, %d)\n  Expected: %f %f %f %f\n"
                   "  Observed: %f %f %f %f\n", unit, level, x, y, z, c->f[0], c->f[1], c->f[2],
                   c->f[3], p[0], p[1], p[2], p[3]);
    } else {
        const uint32_t *p = (const uint32_t *)px + at;
        pass = memcmp(p, c->data, 4 * sizeof *p) == 0;
        if (!pass) {
            const char *f = kind == ST_VAL_INT ? " %d" : " %u";
            printf("Probe image unit %d level %d at (%d, %d, %d)\n  Expected:", unit, level, x, y, z);
            for (int k = 0; k < 4; k++)
                printf(f, c->data[k]);
            printf("\n  Observed:");
            for (int k = 0; k < 4; k++)
                printf(f, p[k]);
            printf("\n");
        }
    }
    free(px);
    return pass;
}

bool st_mem_run(struct st_mem *m, const struct st_command *c, const unsigned *textures,
                const unsigned *targets, const float *tolerance)
{
    switch (c->variant) {
    case ST_MEM_SSBO: return create_buf(m, c, true);
    case ST_MEM_BUFFER: return create_buf(m, c, false);
    case ST_MEM_SSBO_SUBDATA: return subdata(m, c, true);
    case ST_MEM_BUFFER_SUBDATA: return subdata(m, c, false);
    case ST_MEM_PROBE_SSBO: return probe_buf(m, c, true, tolerance[0]);
    case ST_MEM_PROBE_BUFFER: return probe_buf(m, c, false, tolerance[0]);
    case ST_MEM_RESIDENT: return resident(m, c, true);
    case ST_MEM_NONRESIDENT: return resident(m, c, false);
    case ST_MEM_ADDRESS: return address(m, c);
    case ST_MEM_IMAGE_BIND: return image_bind(c, textures);
    case ST_MEM_PROBE_IMAGE: return probe_image(c, textures, targets, tolerance);
    case ST_MEM_COMPUTE:
        GLL(DispatchCompute)((GLuint)c->i[0], (GLuint)c->i[1], (GLuint)c->i[2]);
        return gl_ok(c);
    case ST_MEM_BARRIER:
        GLL(MemoryBarrierEXT)(c->e[0]);
        return gl_ok(c);
    }
    return false;
}
