/*
 * st_mem_parse.c - parses the memory commands of asmgl run
 * (docs/shader_test.md "Memory commands") into ST_OP_MEMORY commands (field
 * layout: shader_test.h enum st_mem_kind).  No GL calls: GL headers for enum
 * values only, so st_parse_check links it.  st_memory.c runs the commands.
 *
 *   ssbo N SIZE                         ssbo N subdata TYPE OFFSET V [V ...]
 *   probe ssbo TYPE N OFFSET OP V...     buffer NAME SIZE
 *   buffer NAME subdata TYPE OFFSET V... buffer NAME resident read_only|write_only|read_write
 *   buffer NAME nonresident             buffer NAME address env_STAGE|local_STAGE INDEX [OFFSET]
 *   probe buffer NAME TYPE OFFSET OP V...
 *   image bind IMGUNIT TEXUNIT LEVEL LAYER|layered ACCESS GL_FORMAT
 *   probe image TEXUNIT LEVEL X Y Z rgba|int|uint (V, V, V, V)
 *   compute X Y Z                       memory barrier GL_..._BIT [| GL_..._BIT ...]
 *
 * Thread: any.
 */
#include "shader_test.h"

#include "gl_names.h"
#include "util.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest buffer a command may create (bytes) and most values on a line. */
#define ST_MEM_MAX_SIZE ((long long)1 << 28)
#define ST_MEM_MAX_BINDING 63
#define ST_MEM_MAX_VALUES 65536

struct mcur {
    const char *p, *end;
};

static const struct {
    const char *name;
    int size;
} mem_types[] = {
    [ST_MT_FLOAT] = { "float", 4 },   [ST_MT_INT] = { "int", 4 },
    [ST_MT_UINT] = { "uint", 4 },     [ST_MT_INT64] = { "int64", 8 },
    [ST_MT_UINT64] = { "uint64", 8 }, [ST_MT_DOUBLE] = { "double", 8 },
    [ST_MT_INT8] = { "int8", 1 },     [ST_MT_UINT8] = { "uint8", 1 },
    [ST_MT_INT16] = { "int16", 2 },   [ST_MT_UINT16] = { "uint16", 2 },
    [ST_MT_HALF] = { "half", 2 },
};
#define MEM_NTYPES ((int)(sizeof mem_types / sizeof mem_types[0]))

int st_mem_type_size(int t)
{
    return t >= 0 && t < MEM_NTYPES ? mem_types[t].size : 0;
}

static bool m_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static void m_ws(struct mcur *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\v' || *c->p == '\f'))
        c->p++;
}

/* End of line, a trailing ';' or a '#' comment (as shader_test.c's). */
static bool m_end(struct mcur *c)
{
    m_ws(c);
    if (c->p < c->end && *c->p == ';') {
        c->p++;
        m_ws(c);
    }
    return c->p >= c->end || *c->p == '#';
}

static bool m_char(struct mcur *c, char ch)
{
    m_ws(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* One word of w at an identifier boundary. */
static bool m_word_is(struct mcur *c, const char *w)
{
    struct mcur s = *c;
    size_t n = strlen(w);
    m_ws(&s);
    if ((size_t)(s.end - s.p) < n || memcmp(s.p, w, n) != 0)
        return false;
    s.p += n;
    if (s.p < s.end && m_ident(*s.p))
        return false;
    *c = s;
    return true;
}

static bool m_word(struct mcur *c, const char **w, size_t *n)
{
    m_ws(c);
    const char *s = c->p;
    while (c->p < c->end && m_ident(*c->p))
        c->p++;
    *w = s;
    *n = (size_t)(c->p - s);
    return *n > 0;
}

/* The token up to the next blank, copied NUL-terminated into buf. */
static bool m_token(struct mcur *c, char *buf, size_t size)
{
    m_ws(c);
    const char *s = c->p;
    while (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != ',' && *c->p != ')' &&
           *c->p != ';' && *c->p != '#')
        c->p++;
    size_t n = (size_t)(c->p - s);
    if (n == 0 || n >= size)
        return false;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return true;
}

static bool is_hex(const char *s)
{
    return s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
}

/* An unsigned number up to max (decimal, or 0x / 0 prefixed as strtoull). */
static bool parse_unsigned(const char *s, unsigned long long max, unsigned long long *out)
{
    char *e;
    if (!(s[0] >= '0' && s[0] <= '9') && s[0] != '+')
        return false;
    errno = 0;
    unsigned long long v = strtoull(s, &e, 0);
    if (*e || e == s || errno == ERANGE || v > max)
        return false;
    *out = v;
    return true;
}

/* A signed number in [min, max], or a 0x bit pattern up to umax. */
static bool parse_signed(const char *s, long long min, long long max, unsigned long long umax,
                         unsigned long long *out)
{
    if (is_hex(s))
        return parse_unsigned(s, umax, out);
    char *e;
    errno = 0;
    long long v = strtoll(s, &e, 10);
    if (*e || e == s || errno == ERANGE || v < min || v > max)
        return false;
    *out = (unsigned long long)v;
    return true;
}

/* IEEE binary16 from a float, rounding to nearest even. */
static uint16_t float_to_half(float f)
{
    uint32_t x;
    memcpy(&x, &f, sizeof x);
    uint32_t sign = (x >> 16) & 0x8000u, e = (x >> 23) & 0xffu, m = x & 0x7fffffu;
    if (e == 0xff)
        return (uint16_t)(sign | 0x7c00u | (m ? 0x200u | (m >> 13) : 0));
    int exp = (int)e - 127 + 15;
    if (exp >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (exp <= 0) {
        if (exp < -10)
            return (uint16_t)sign;
        m |= 0x800000u;
        int shift = 14 - exp;
        uint32_t h = m >> shift, rem = m & ((1u << shift) - 1), half = 1u << (shift - 1);
        if (rem > half || (rem == half && (h & 1)))
            h++;
        return (uint16_t)(sign | h);
    }
    uint32_t h = ((uint32_t)exp << 10) | (m >> 13), rem = m & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1)))
        h++; /* may carry into the exponent, up to infinity: correct */
    return (uint16_t)(sign | h);
}

/* One value of type t as its little-endian bytes at out. */
static bool parse_value(const char *s, int t, unsigned char *out)
{
    unsigned long long u = 0;
    switch (t) {
    case ST_MT_FLOAT:
    case ST_MT_DOUBLE:
    case ST_MT_HALF: {
        if (is_hex(s)) {
            unsigned long long max = t == ST_MT_DOUBLE ? ~0ull : t == ST_MT_FLOAT ? 0xffffffffull : 0xffffull;
            if (!parse_unsigned(s, max, &u))
                return false;
            break;
        }
        char *e;
        double d = strtod(s, &e);
        if (*e || e == s)
            return false;
        if (t == ST_MT_DOUBLE) {
            memcpy(&u, &d, sizeof d);
        } else if (t == ST_MT_FLOAT) {
            float f = (float)d;
            uint32_t w;
            memcpy(&w, &f, sizeof f);
            u = w;
        } else {
            u = float_to_half((float)d);
        }
        break;
    }
    case ST_MT_INT: if (!parse_signed(s, INT32_MIN, INT32_MAX, UINT32_MAX, &u)) return false; break;
    case ST_MT_INT8: if (!parse_signed(s, INT8_MIN, INT8_MAX, UINT8_MAX, &u)) return false; break;
    case ST_MT_INT16: if (!parse_signed(s, INT16_MIN, INT16_MAX, UINT16_MAX, &u)) return false; break;
    case ST_MT_INT64: if (!parse_signed(s, INT64_MIN, INT64_MAX, UINT64_MAX, &u)) return false; break;
    case ST_MT_UINT: if (!parse_unsigned(s, UINT32_MAX, &u)) return false; break;
    case ST_MT_UINT8: if (!parse_unsigned(s, UINT8_MAX, &u)) return false; break;
    case ST_MT_UINT16: if (!parse_unsigned(s, UINT16_MAX, &u)) return false; break;
    case ST_MT_UINT64: if (!parse_unsigned(s, UINT64_MAX, &u)) return false; break;
    default: return false;
    }
    for (int k = 0; k < mem_types[t].size; k++)
        out[k] = (unsigned char)(u >> (8 * k));
    return true;
}

static bool why_set(char *why, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, size, fmt, ap);
    va_end(ap);
    return false;
}

static bool parse_type(struct mcur *c, int *t, char *why, size_t wsize)
{
    const char *w;
    size_t n;
    if (m_word(c, &w, &n))
        for (int k = 0; k < MEM_NTYPES; k++)
            if (strlen(mem_types[k].name) == n && memcmp(w, mem_types[k].name, n) == 0) {
                *t = k;
                return true;
            }
    return why_set(why, wsize, "unknown TYPE (float int uint int64 uint64 double int8 uint8 int16 "
                               "uint16 half)");
}

/* A non-negative int up to max. */
static bool parse_count(struct mcur *c, long long max, int *out)
{
    char buf[32];
    unsigned long long v;
    if (!m_token(c, buf, sizeof buf) || !parse_unsigned(buf, (unsigned long long)max, &v))
        return false;
    *out = (int)v;
    return true;
}

/* TYPE OFFSET [OP] V [V ...]: i[1] type, i[2] offset, i[3] bytes, data. */
static bool parse_values(struct mcur *c, struct st_command *cmd, bool with_type, bool with_op,
                         char *why, size_t wsize)
{
    int t = cmd->i[1];
    if (with_type) {
        if (!parse_type(c, &t, why, wsize))
            return false;
        cmd->i[1] = t;
    }
    if (!parse_count(c, ST_MEM_MAX_SIZE, &cmd->i[2]))
        return why_set(why, wsize, "bad OFFSET (0 .. %lld)", ST_MEM_MAX_SIZE);
    if (with_op) {
        m_ws(c);
        if (c->end - c->p >= 2 && (c->p[0] == '=' || c->p[0] == '!') && c->p[1] == '=') {
            cmd->i[4] = c->p[0] == '=' ? ST_CMP_EQ : ST_CMP_NE;
            c->p += 2;
        } else {
            return why_set(why, wsize, "expected == or !=");
        }
    }
    int size = mem_types[t].size;
    size_t n = 0, cap = 0;
    unsigned char *bytes = NULL;
    while (!m_end(c)) {
        char buf[64];
        unsigned char v[8];
        if (n >= ST_MEM_MAX_VALUES) {
            free(bytes);
            return why_set(why, wsize, "more than %d values", ST_MEM_MAX_VALUES);
        }
        if (!m_token(c, buf, sizeof buf) || !parse_value(buf, t, v)) {
            free(bytes);
            return why_set(why, wsize, "bad %s value %zu", mem_types[t].name, n + 1);
        }
        if (!util_reserve((void **)&bytes, &cap, (n + 1) * (size_t)size, 1)) {
            free(bytes);
            return why_set(why, wsize, "out of memory");
        }
        memcpy(bytes + n * (size_t)size, v, (size_t)size);
        n++;
    }
    if (n == 0)
        return why_set(why, wsize, "no values");
    size_t nbytes = n * (size_t)size, words = (nbytes + 3) / 4;
    cmd->data = calloc(words, sizeof *cmd->data);
    if (!cmd->data) {
        free(bytes);
        return why_set(why, wsize, "out of memory");
    }
    memcpy(cmd->data, bytes, nbytes);
    free(bytes);
    cmd->ndata = words;
    cmd->i[3] = (int)nbytes;
    cmd->ni = 5;
    if ((long long)cmd->i[2] + (long long)nbytes > ST_MEM_MAX_SIZE)
        return why_set(why, wsize, "OFFSET + the values' size exceed %lld bytes", ST_MEM_MAX_SIZE);
    return true;
}

/* The ID of buffer NAME; create adds it when unknown. */
static bool buffer_id(struct shader_test *t, const char *w, size_t n, bool create, int *id)
{
    for (size_t k = 0; k < t->nbuffer_names; k++)
        if (strlen(t->buffer_names[k]) == n && memcmp(t->buffer_names[k], w, n) == 0) {
            *id = (int)k;
            return true;
        }
    if (!create || t->nbuffer_names >= 4096)
        return false;
    char **grown = realloc(t->buffer_names, (t->nbuffer_names + 1) * sizeof *grown);
    if (!grown)
        return false;
    t->buffer_names = grown;
    char *name = malloc(n + 1);
    if (!name)
        return false;
    memcpy(name, w, n);
    name[n] = '\0';
    t->buffer_names[t->nbuffer_names] = name;
    *id = (int)t->nbuffer_names++;
    return true;
}

static const struct {
    const char *suffix;
    unsigned target;
} mem_stages[] = {
    { "vp", GL_VERTEX_PROGRAM_ARB },         { "fp", GL_FRAGMENT_PROGRAM_ARB },
    { "gp", GL_GEOMETRY_PROGRAM_NV },        { "tcp", GL_TESS_CONTROL_PROGRAM_NV },
    { "tep", GL_TESS_EVALUATION_PROGRAM_NV }, { "cp", GL_COMPUTE_PROGRAM_NV },
};

/* env_STAGE or local_STAGE into e[0] and i[4]. */
static bool parse_param_stage(struct mcur *c, struct st_command *cmd)
{
    const char *w;
    size_t n;
    if (!m_word(c, &w, &n))
        return false;
    int local;
    if (n > 4 && memcmp(w, "env_", 4) == 0) {
        local = 0;
        w += 4, n -= 4;
    } else if (n > 6 && memcmp(w, "local_", 6) == 0) {
        local = 1;
        w += 6, n -= 6;
    } else {
        return false;
    }
    for (size_t k = 0; k < sizeof mem_stages / sizeof mem_stages[0]; k++)
        if (strlen(mem_stages[k].suffix) == n && memcmp(w, mem_stages[k].suffix, n) == 0) {
            cmd->e[0] = mem_stages[k].target;
            cmd->ne = 1;
            cmd->i[4] = local;
            return true;
        }
    return false;
}

static bool parse_enum(struct mcur *c, unsigned *out)
{
    const char *w;
    size_t n;
    return m_word(c, &w, &n) && gln_lookup(w, n, out);
}

static bool parse_buffer(struct shader_test *t, struct mcur *c, struct st_command *cmd, char *why,
                         size_t wsize)
{
    const char *w;
    size_t n;
    if (!m_word(c, &w, &n))
        return why_set(why, wsize, "expected a buffer NAME");
    struct mcur s = *c;
    int size;
    if (parse_count(&s, ST_MEM_MAX_SIZE, &size) && m_end(&s)) {
        cmd->variant = ST_MEM_BUFFER;
        cmd->i[1] = size;
        cmd->ni = 2;
        if (!buffer_id(t, w, n, true, &cmd->i[0]))
            return why_set(why, wsize, "too many buffers");
        return true;
    }
    if (!buffer_id(t, w, n, false, &cmd->i[0]))
        return why_set(why, wsize, "buffer '%.*s' is not made by an earlier 'buffer %.*s SIZE'",
                       (int)(n > 40 ? 40 : n), w, (int)(n > 40 ? 40 : n), w);
    if (m_word_is(c, "subdata")) {
        cmd->variant = ST_MEM_BUFFER_SUBDATA;
        return parse_values(c, cmd, true, false, why, wsize);
    }
    if (m_word_is(c, "resident")) {
        static const struct {
            const char *w;
            unsigned e;
        } access[] = { { "read_only", GL_READ_ONLY }, { "write_only", GL_WRITE_ONLY },
                       { "read_write", GL_READ_WRITE } };
        cmd->variant = ST_MEM_RESIDENT;
        cmd->ni = 1;
        for (size_t k = 0; k < 3; k++)
            if (m_word_is(c, access[k].w)) {
                cmd->e[0] = access[k].e;
                cmd->ne = 1;
                return m_end(c) || why_set(why, wsize, "trailing text");
            }
        return why_set(why, wsize, "expected read_only, write_only or read_write");
    }
    if (m_word_is(c, "nonresident")) {
        cmd->variant = ST_MEM_NONRESIDENT;
        cmd->ni = 1;
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    if (m_word_is(c, "address")) {
        char buf[40];
        unsigned long long off = 0;
        cmd->variant = ST_MEM_ADDRESS;
        if (!parse_param_stage(c, cmd))
            return why_set(why, wsize, "expected env_STAGE or local_STAGE (vp fp gp tcp tep cp)");
        if (!parse_count(c, INT_MAX, &cmd->i[1]))
            return why_set(why, wsize, "bad parameter INDEX");
        if (!m_end(c) && (!m_token(c, buf, sizeof buf) ||
                          !parse_signed(buf, INT64_MIN, INT64_MAX, UINT64_MAX, &off)))
            return why_set(why, wsize, "bad OFFSET");
        cmd->i[2] = (int)(uint32_t)off;
        cmd->i[3] = (int)(uint32_t)(off >> 32);
        cmd->ni = 5;
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    return why_set(why, wsize, "expected SIZE, subdata, resident, nonresident or address");
}


static bool parse_mem(struct shader_test *t, struct mcur *c, struct st_command *cmd, char *why,
                      size_t wsize)
{
    struct mcur s = *c;
    if (m_word_is(&s, "ssbo")) {
        *c = s;
        if (!parse_count(c, ST_MEM_MAX_BINDING, &cmd->i[0]))
            return why_set(why, wsize, "bad binding N (0 .. %d)", ST_MEM_MAX_BINDING);
        if (m_word_is(c, "subdata")) {
            cmd->variant = ST_MEM_SSBO_SUBDATA;
            return parse_values(c, cmd, true, false, why, wsize);
        }
        cmd->variant = ST_MEM_SSBO;
        cmd->ni = 2;
        if (!parse_count(c, ST_MEM_MAX_SIZE, &cmd->i[1]))
            return why_set(why, wsize, "bad SIZE (0 .. %lld)", ST_MEM_MAX_SIZE);
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    s = *c;
    if (m_word_is(&s, "buffer")) {
        *c = s;
        return parse_buffer(t, c, cmd, why, wsize);
    }
    s = *c;
    if (m_word_is(&s, "probe") && m_word_is(&s, "ssbo")) {
        *c = s;
        cmd->variant = ST_MEM_PROBE_SSBO;
        if (!parse_type(c, &cmd->i[1], why, wsize))
            return false;
        if (!parse_count(c, ST_MEM_MAX_BINDING, &cmd->i[0]))
            return why_set(why, wsize, "bad binding N (0 .. %d)", ST_MEM_MAX_BINDING);
        return parse_values(c, cmd, false, true, why, wsize);
    }
    s = *c;
    if (m_word_is(&s, "probe") && m_word_is(&s, "buffer")) {
        const char *w;
        size_t n;
        *c = s;
        cmd->variant = ST_MEM_PROBE_BUFFER;
        if (!m_word(c, &w, &n) || !buffer_id(t, w, n, false, &cmd->i[0]))
            return why_set(why, wsize, "expected the NAME of an earlier 'buffer NAME SIZE'");
        return parse_values(c, cmd, true, true, why, wsize);
    }
    s = *c;
    if (m_word_is(&s, "image") && m_word_is(&s, "bind")) {
        *c = s;
        cmd->variant = ST_MEM_IMAGE_BIND;
        if (!parse_count(c, 1023, &cmd->i[0]) || !parse_count(c, 31, &cmd->i[1]) ||
            !parse_count(c, 14, &cmd->i[2]))
            return why_set(why, wsize, "bad IMGUNIT, TEXUNIT (0 .. 31) or LEVEL (0 .. 14)");
        if (m_word_is(c, "layered")) {
            cmd->i[4] = 1;
        } else if (!parse_count(c, 16383, &cmd->i[3])) {
            return why_set(why, wsize, "bad LAYER (0 .. 16383 or layered)");
        }
        cmd->ni = 5;
        if (!parse_enum(c, &cmd->e[0]) ||
            (cmd->e[0] != GL_READ_ONLY && cmd->e[0] != GL_WRITE_ONLY && cmd->e[0] != GL_READ_WRITE))
            return why_set(why, wsize, "expected GL_READ_ONLY, GL_WRITE_ONLY or GL_READ_WRITE");
        if (!parse_enum(c, &cmd->e[1]))
            return why_set(why, wsize, "unknown GL_FORMAT");
        cmd->ne = 2;
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    s = *c;
    if (m_word_is(&s, "probe") && m_word_is(&s, "image")) {
        *c = s;
        cmd->variant = ST_MEM_PROBE_IMAGE;
        if (!parse_count(c, 31, &cmd->i[0]) || !parse_count(c, 14, &cmd->i[1]) ||
            !parse_count(c, 16383, &cmd->i[2]) || !parse_count(c, 16383, &cmd->i[3]) ||
            !parse_count(c, 98303, &cmd->i[4]))
            return why_set(why, wsize, "bad TEXUNIT, LEVEL, X, Y or Z");
        int kind;
        if (m_word_is(c, "rgba"))
            kind = ST_VAL_FLOAT;
        else if (m_word_is(c, "int"))
            kind = ST_VAL_INT;
        else if (m_word_is(c, "uint"))
            kind = ST_VAL_UINT;
        else
            return why_set(why, wsize, "expected rgba, int or uint");
        cmd->i[5] = kind;
        cmd->ni = 6;
        if (!m_char(c, '('))
            return why_set(why, wsize, "expected (V, V, V, V)");
        cmd->data = calloc(4, sizeof *cmd->data);
        if (!cmd->data)
            return why_set(why, wsize, "out of memory");
        cmd->ndata = 4;
        for (int k = 0; k < 4; k++) {
            char buf[64];
            unsigned char v[8];
            int t4 = kind == ST_VAL_FLOAT ? ST_MT_FLOAT : kind == ST_VAL_INT ? ST_MT_INT : ST_MT_UINT;
            if ((k > 0 && !m_char(c, ',')) || !m_token(c, buf, sizeof buf) || !parse_value(buf, t4, v))
                return why_set(why, wsize, "bad value %d", k + 1);
            memcpy(&cmd->data[k], v, 4);
            if (kind == ST_VAL_FLOAT)
                memcpy(&cmd->f[k], v, 4);
        }
        cmd->nf = kind == ST_VAL_FLOAT ? 4 : 0;
        if (!m_char(c, ')'))
            return why_set(why, wsize, "expected ')'");
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    s = *c;
    if (m_word_is(&s, "compute")) {
        *c = s;
        cmd->variant = ST_MEM_COMPUTE;
        for (int k = 0; k < 3; k++)
            if (!parse_count(c, 65535, &cmd->i[k]))
                return why_set(why, wsize, "bad group count (0 .. 65535)");
        cmd->ni = 3;
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    s = *c;
    if (m_word_is(&s, "memory") && m_word_is(&s, "barrier")) {
        *c = s;
        cmd->variant = ST_MEM_BARRIER;
        cmd->ne = 1;
        do {
            unsigned bit;
            if (!parse_enum(c, &bit))
                return why_set(why, wsize, "unknown barrier bit");
            cmd->e[0] |= bit;
        } while (m_char(c, '|'));
        return m_end(c) || why_set(why, wsize, "trailing text");
    }
    return false;
}

int st_mem_parse(struct shader_test *t, const char *p, const char *end, struct st_command *cmd,
                 char *why, size_t why_size)
{
    struct mcur c = { p, end }, s = c;
    static const char *const firsts[][2] = {
        { "ssbo", NULL }, { "buffer", NULL }, { "probe", "ssbo" }, { "probe", "buffer" },
        { "image", "bind" }, { "probe", "image" }, { "compute", NULL }, { "memory", "barrier" },
    };
    size_t k;
    for (k = 0; k < sizeof firsts / sizeof firsts[0]; k++) {
        s = c;
        if (m_word_is(&s, firsts[k][0]) && (!firsts[k][1] || m_word_is(&s, firsts[k][1])))
            break;
    }
    if (k == sizeof firsts / sizeof firsts[0])
        return 0;
    cmd->op = ST_OP_MEMORY;
    why[0] = '\0';
    if (parse_mem(t, &c, cmd, why, why_size))
        return 1;
    free(cmd->data);
    cmd->data = NULL;
    cmd->ndata = 0;
    static const char *const usage[] = {
        "ssbo N SIZE, or ssbo N subdata TYPE OFFSET V [V ...]",
        "buffer NAME SIZE|subdata TYPE OFFSET V [V ...]|resident read_only|write_only|read_write"
        "|nonresident|address env_STAGE|local_STAGE INDEX [OFFSET]",
        "probe ssbo TYPE N OFFSET ==|!= V [V ...]",
        "probe buffer NAME TYPE OFFSET ==|!= V [V ...]",
        "image bind IMGUNIT TEXUNIT LEVEL LAYER|layered GL_READ_ONLY|GL_WRITE_ONLY|GL_READ_WRITE "
        "GL_FORMAT",
        "probe image TEXUNIT LEVEL X Y Z rgba|int|uint (V, V, V, V)",
        "compute X Y Z",
        "memory barrier GL_..._BARRIER_BIT [| GL_..._BARRIER_BIT ...]",
    };
    size_t used = strlen(why);
    if (used + 16 < why_size)
        snprintf(why + used, why_size - used, "; expected: %s", usage[k]);
    return -1;
}
