/*
 * shader_test.c - parses a piglit .shader_test file into struct shader_test
 * (see shader_test.h).  No GL calls: only GL headers, for enum values.
 *
 * The command language follows piglit's tests/shaders/shader_runner.c: each
 * [test] line is matched against a table of command words and an argument
 * pattern.  Unlike shader_runner, which reports a bad line only when it gets
 * there, every line is checked before anything runs.  Thread: any.
 */
#include "shader_test.h"

#include "gl_names.h"
#include "program.h"
#include "util.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The unparsed rest of one line: [p, end), end excludes "\r\n". */
struct cur {
    const char *p, *end;
};

struct parser {
    struct shader_test *t;
    int line;
    size_t req_cap, prog_cap, cmd_cap, attrib_cap, row_cap, element_cap;
    char why[256]; /* detail of the last argument error, "" if none */
};

static bool error_at(struct parser *ps, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: error: ", ps->t->path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return false;
}

static void warn_at(struct parser *ps, int line, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "%s:%d: warning: ", ps->t->path, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- lexing within a line ---------------------------------------------- */

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

static void skip_ws(struct cur *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\v' || *c->p == '\f'))
        c->p++;
}

/* End of line, or a trailing ';' (piglit's sscanf ignores it) or # comment. */
static bool at_line_end(struct cur *c)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ';') {
        c->p++;
        skip_ws(c);
    }
    return c->p >= c->end || *c->p == '#';
}

static bool eat_char(struct cur *c, char ch)
{
    skip_ws(c);
    if (c->p < c->end && *c->p == ch) {
        c->p++;
        return true;
    }
    return false;
}

/* Matches the space-separated words of w, each ending at an identifier
 * boundary, so "texture shadow2D" does not match "texture shadow2DArray". */
static bool eat_words(struct cur *c, const char *w)
{
    struct cur s = *c;
    while (*w) {
        size_t n = strcspn(w, " ");
        skip_ws(&s);
        if ((size_t)(s.end - s.p) < n || memcmp(s.p, w, n) != 0)
            return false;
        s.p += n;
        if (s.p < s.end && is_ident(*s.p) && is_ident(w[n - 1]))
            return false;
        w += n;
        while (*w == ' ')
            w++;
    }
    *c = s;
    return true;
}

static bool range_is(const char *s, size_t n, const char *lit)
{
    return strlen(lit) == n && memcmp(s, lit, n) == 0;
}

/* An identifier-like word: [A-Za-z0-9_]+. */
static bool scan_word(struct cur *c, const char **w, size_t *n)
{
    skip_ws(c);
    const char *s = c->p;
    while (c->p < c->end && is_ident(*c->p))
        c->p++;
    *w = s;
    *n = (size_t)(c->p - s);
    return *n > 0;
}

/* A float as piglit's strtof_hex reads it: "0x" gives the raw bit pattern,
 * anything else goes through strtod (so inf, -INF and NAN work). */
static bool scan_float(struct cur *c, float *out)
{
    skip_ws(c);
    if (c->p >= c->end)
        return false;
    char *e;
    if (c->end - c->p >= 2 && c->p[0] == '0' && c->p[1] == 'x') {
        unsigned long long u = strtoull(c->p, &e, 16);
        uint32_t bits = (uint32_t)u;
        memcpy(out, &bits, sizeof bits);
    } else {
        double d = strtod(c->p, &e);
        *out = (float)d;
    }
    /* The line ends at '\r', '\n' or the file's NUL, none of which strtod
     * consumes, so e never passes c->end. */
    if (e == c->p || e > c->end)
        return false;
    c->p = e;
    return true;
}

static bool scan_double(struct cur *c, double *out)
{
    skip_ws(c);
    if (c->p >= c->end)
        return false;
    char *e;
    *out = strtod(c->p, &e);
    if (e == c->p || e > c->end)
        return false;
    c->p = e;
    return true;
}

static bool scan_long(struct cur *c, long long *out, int base)
{
    skip_ws(c);
    if (c->p >= c->end || !(is_ident(*c->p) || *c->p == '-' || *c->p == '+'))
        return false;
    char *e;
    errno = 0;
    long long v = strtoll(c->p, &e, base);
    if (e == c->p || e > c->end || errno == ERANGE)
        return false;
    c->p = e;
    *out = v;
    return true;
}

static bool scan_int(struct cur *c, int *out)
{
    long long v;
    if (!scan_long(c, &v, 10) || v < INT_MIN || v > INT_MAX)
        return false;
    *out = (int)v;
    return true;
}

/* A 32-bit integer value, stored as its bit pattern.  ST_VAL_INT takes
 * -2^31..2^31-1, or a 0x bit pattern up to 0xffffffff; ST_VAL_UINT takes
 * 0..2^32-1. */
static bool scan_word32(struct cur *c, enum st_value_kind kind, uint32_t *out)
{
    long long v;
    skip_ws(c);
    const char *s = c->p;
    if (!scan_long(c, &v, 0))
        return false;
    bool hex = c->p - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    bool ok = kind == ST_VAL_UINT ? v >= 0 && v <= (long long)UINT32_MAX
                                  : (v >= INT32_MIN && v <= INT32_MAX) ||
                                        (hex && v >= 0 && v <= (long long)UINT32_MAX);
    if (!ok)
        return false;
    *out = (uint32_t)v;
    return true;
}

/* A value of a buffer: a float (0x gives raw bits, as in scan_float) or a
 * 32-bit integer, as its bit pattern. */
static bool scan_value(struct cur *c, enum st_value_kind kind, uint32_t *out)
{
    if (kind != ST_VAL_FLOAT)
        return scan_word32(c, kind, out);
    float f;
    if (!scan_float(c, &f))
        return false;
    memcpy(out, &f, sizeof f);
    return true;
}

/* "(V, V, ...)": one or more values into cmd->data (malloc'd; the caller
 * frees it when the command is not kept). */
#define ST_MAX_VALUES ((size_t)1 << 22)
static bool scan_value_list(struct parser *ps, struct cur *c, enum st_value_kind kind,
                            struct st_command *cmd)
{
    size_t cap = 0;
    if (!eat_char(c, '('))
        return false;
    do {
        uint32_t v;
        if (cmd->ndata >= ST_MAX_VALUES) {
            snprintf(ps->why, sizeof ps->why, "more than %zu values", ST_MAX_VALUES);
            return false;
        }
        if (!scan_value(c, kind, &v)) {
            snprintf(ps->why, sizeof ps->why, "bad %s value %zu",
                     kind == ST_VAL_FLOAT ? "float" : kind == ST_VAL_INT ? "int" : "uint",
                     cmd->ndata + 1);
            return false;
        }
        if (!util_reserve((void **)&cmd->data, &cap, cmd->ndata + 1, sizeof v)) {
            snprintf(ps->why, sizeof ps->why, "out of memory");
            return false;
        }
        cmd->data[cmd->ndata++] = v;
    } while (eat_char(c, ','));
    return eat_char(c, ')');
}

static bool scan_enum(struct parser *ps, struct cur *c, unsigned *out)
{
    const char *w;
    size_t n;
    if (!scan_word(c, &w, &n))
        return false;
    if (!gln_lookup(w, n, out)) {
        snprintf(ps->why, sizeof ps->why, "unknown GL enum name '%.*s'", (int)(n > 80 ? 80 : n), w);
        return false;
    }
    return true;
}

static bool parse_cmp(struct cur *c, enum st_cmp *cmp)
{
    static const struct {
        const char *op;
        enum st_cmp cmp;
    } ops[] = { { "==", ST_CMP_EQ }, { "!=", ST_CMP_NE }, { "<=", ST_CMP_LE },
                { ">=", ST_CMP_GE }, { "<", ST_CMP_LT },  { ">", ST_CMP_GT } };
    skip_ws(c);
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        size_t n = strlen(ops[i].op);
        if ((size_t)(c->end - c->p) >= n && memcmp(c->p, ops[i].op, n) == 0) {
            c->p += n;
            *cmp = ops[i].cmp;
            return true;
        }
    }
    return false;
}

/* ---- [require] ----------------------------------------------------------- */

static struct st_require *add_require(struct parser *ps, enum st_req_kind kind)
{
    struct shader_test *t = ps->t;
    if (!util_reserve((void **)&t->reqs, &ps->req_cap, t->nreqs + 1, sizeof *t->reqs))
        return NULL;
    struct st_require *r = &t->reqs[t->nreqs++];
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->line = ps->line;
    return r;
}

static char *dup_range(const char *s, size_t n, const char *prefix)
{
    size_t pn = prefix ? strlen(prefix) : 0;
    char *d = malloc(pn + n + 1);
    if (!d)
        return NULL;
    if (pn)
        memcpy(d, prefix, pn);
    memcpy(d + pn, s, n);
    d[pn + n] = '\0';
    return d;
}

/* "1.3" -> 13 for GL, "1.10" -> 110 for GLSL (piglit's encoding). */
static bool parse_version(struct cur *c, bool glsl, long *out)
{
    long long major, minor;
    skip_ws(c);
    if (!scan_long(c, &major, 10) || major < 0 || major > 99 || c->p >= c->end || *c->p != '.')
        return false;
    c->p++;
    if (!scan_long(c, &minor, 10) || minor < 0 || minor > 99)
        return false;
    *out = (long)(glsl ? major * 100 + minor : major * 10 + minor);
    return true;
}

/* Adds a requirement whose name is w (n bytes) with an optional prefix. */
static struct st_require *add_named(struct parser *ps, enum st_req_kind kind, const char *w,
                                    size_t n, const char *prefix)
{
    struct st_require *r = add_require(ps, kind);
    if (r && !(r->name = dup_range(w, n, prefix))) {
        ps->t->nreqs--;
        r = NULL;
    }
    if (!r)
        error_at(ps, ps->line, "out of memory");
    return r;
}

/* One [require] line, following shader_runner's process_requirement(). */
static bool parse_require_line(struct parser *ps, struct cur *c)
{
    struct shader_test *t = ps->t;
    struct st_require *r;
    const char *w;
    size_t n;
    long long v;

    skip_ws(c);
    if (c->p >= c->end || *c->p == '#')
        return true;
    if (*c->p == '!') {
        c->p++;
        if (!scan_word(c, &w, &n) || n < 4 || memcmp(w, "GL_", 3) != 0)
            return error_at(ps, ps->line, "expected an extension name after '!'");
        if (!add_named(ps, ST_REQ_NO_EXTENSION, w, n, NULL))
            return false;
    } else if (!scan_word(c, &w, &n)) {
        warn_at(ps, ps->line, "ignoring unrecognized requirement '%.*s'",
                (int)(c->end - c->p > 80 ? 80 : c->end - c->p), c->p);
        return true;
    } else if (n > 3 && memcmp(w, "GL_", 3) == 0) {
        /* A limit ("GL_MAX_VARYING_COMPONENTS >= 32") or an extension. */
        struct cur save = *c;
        enum st_cmp cmp;
        if (parse_cmp(c, &cmp)) {
            if (!(r = add_named(ps, ST_REQ_INT, w, n, NULL)))
                return false;
            if (!gln_lookup(w, n, &r->gl_enum))
                r->kind = ST_REQ_UNSUPPORTED; /* a limit asmgl cannot name */
            if (!scan_long(c, &v, 0) || v < INT_MIN || v > INT_MAX)
                return error_at(ps, ps->line, "expected an integer after the comparison");
            r->cmp = cmp;
            r->value = (long)v;
        } else {
            *c = save;
            if (!add_named(ps, ST_REQ_EXTENSION, w, n, NULL))
                return false;
        }
    } else if (range_is(w, n, "INT")) {
        if (!scan_word(c, &w, &n))
            return error_at(ps, ps->line, "expected: INT GL_NAME OP VALUE");
        if (!(r = add_named(ps, ST_REQ_INT, w, n, NULL)))
            return false;
        if (!gln_lookup(w, n, &r->gl_enum))
            r->kind = ST_REQ_UNSUPPORTED; /* a limit asmgl cannot name */
        if (!parse_cmp(c, &r->cmp) || !scan_long(c, &v, 0) || v < INT_MIN || v > INT_MAX)
            return error_at(ps, ps->line, "expected: INT GL_NAME OP VALUE");
        r->value = (long)v;
    } else if (range_is(w, n, "GLSL") || range_is(w, n, "GL")) {
        bool glsl = n == 4;
        if (!(r = add_require(ps, glsl ? ST_REQ_GLSL_VERSION : ST_REQ_GL_VERSION)))
            return error_at(ps, ps->line, "out of memory");
        /* CORE/COMPAT only choose piglit's context profile; asmgl has one
         * compatibility context, so they are accepted and ignored. */
        if (!eat_words(c, "CORE"))
            eat_words(c, "COMPAT");
        r->es = eat_words(c, "ES");
        if (!parse_cmp(c, &r->cmp) || !parse_version(c, glsl, &r->value))
            return error_at(ps, ps->line, "expected: %s [ES] OP MAJOR.MINOR", glsl ? "GLSL" : "GL");
    } else if (range_is(w, n, "SIZE")) {
        int wd, ht;
        if (!scan_int(c, &wd) || !scan_int(c, &ht) || wd < 1 || ht < 1 || wd > 16384 || ht > 16384)
            return error_at(ps, ps->line, "expected: SIZE WIDTH HEIGHT (1 to 16384)");
        t->width = wd;
        t->height = ht;
    } else if (range_is(w, n, "depthbuffer")) {
        t->depthbuffer = true;
    } else if (range_is(w, n, "rlimit")) {
        if (!(r = add_require(ps, ST_REQ_RLIMIT)))
            return error_at(ps, ps->line, "out of memory");
        if (!scan_long(c, &v, 0) || v <= 0 || v > LONG_MAX)
            return error_at(ps, ps->line, "expected: rlimit BYTES");
        r->value = (long)v;
    } else if (range_is(w, n, "SSO") || range_is(w, n, "SEPARABLE") || range_is(w, n, "SPIRV")) {
        /* GLSL program-object features; the rest of the line is theirs. */
        return add_named(ps, ST_REQ_UNSUPPORTED, w, n, NULL) != NULL;
    } else {
        /* A bare extension name ("ARB_vertex_program"): shader_runner
         * ignores such lines, asmgl checks them as GL_ARB_vertex_program. */
        size_t vendor = 0;
        while (vendor < n && ((w[vendor] >= 'A' && w[vendor] <= 'Z') ||
                              (w[vendor] >= '0' && w[vendor] <= '9')))
            vendor++;
        if (vendor < 2 || vendor + 1 >= n || w[vendor] != '_') {
            warn_at(ps, ps->line, "ignoring unrecognized requirement '%.*s'",
                    (int)(c->end - w > 80 ? 80 : c->end - w), w);
            return true;
        }
        if (!add_named(ps, ST_REQ_EXTENSION, w, n, "GL_"))
            return false;
    }
    if (!at_line_end(c))
        return error_at(ps, ps->line, "unexpected text after the requirement");
    return true;
}

/* ---- [vertex data] ------------------------------------------------------- */

static const struct {
    const char *name;
    unsigned gl_type;
    int size;
    bool integer;
} vd_types[] = {
    { "byte", GL_BYTE, 1, true },   { "ubyte", GL_UNSIGNED_BYTE, 1, true },
    { "short", GL_SHORT, 2, true }, { "ushort", GL_UNSIGNED_SHORT, 2, true },
    { "int", GL_INT, 4, true },     { "uint", GL_UNSIGNED_INT, 4, true },
    { "float", GL_FLOAT, 4, false }, { "double", GL_DOUBLE, 8, false },
    /* (asmgl) NV_vertex_attrib_integer_64bit: always glVertexAttribLPointerEXT */
    { "int64", GL_INT64_NV, 8, true }, { "uint64", GL_UNSIGNED_INT64_NV, 8, true },
};

static const struct {
    const char *name;
    enum st_attr_kind kind;
    unsigned unit;
} vd_names[] = {
    { "gl_Vertex", ST_ATTR_VERTEX, 0 },     { "piglit_vertex", ST_ATTR_VERTEX, 0 },
    { "gl_Color", ST_ATTR_COLOR, 0 },       { "gl_SecondaryColor", ST_ATTR_SECONDARY, 0 },
    { "gl_Normal", ST_ATTR_NORMAL, 0 },     { "gl_FogCoord", ST_ATTR_FOGCOORD, 0 },
    { "piglit_texcoord", ST_ATTR_TEXCOORD, 0 },
    { "gl_MultiTexCoord0", ST_ATTR_TEXCOORD, 0 }, { "gl_MultiTexCoord1", ST_ATTR_TEXCOORD, 1 },
    { "gl_MultiTexCoord2", ST_ATTR_TEXCOORD, 2 }, { "gl_MultiTexCoord3", ST_ATTR_TEXCOORD, 3 },
    { "gl_MultiTexCoord4", ST_ATTR_TEXCOORD, 4 }, { "gl_MultiTexCoord5", ST_ATTR_TEXCOORD, 5 },
    { "gl_MultiTexCoord6", ST_ATTR_TEXCOORD, 6 }, { "gl_MultiTexCoord7", ST_ATTR_TEXCOORD, 7 },
};

/* What glVertexPointer & co accept (GL 2.1 table 2.4); generic arrays take all. */
static bool vd_type_allowed(enum st_attr_kind kind, unsigned type, int comps)
{
    bool sif = type == GL_SHORT || type == GL_INT || type == GL_FLOAT || type == GL_DOUBLE;
    switch (kind) {
    case ST_ATTR_GENERIC: return true;
    case ST_ATTR_VERTEX: return sif && comps >= 2;
    case ST_ATTR_TEXCOORD: return sif;
    case ST_ATTR_NORMAL: return (sif || type == GL_BYTE) && comps == 3;
    case ST_ATTR_COLOR: return comps >= 3;
    case ST_ATTR_SECONDARY: return comps == 3;
    case ST_ATTR_FOGCOORD: return (type == GL_FLOAT || type == GL_DOUBLE) && comps == 1;
    }
    return false;
}

/* One column header: NAME[INDEX]/TYPE/COMPONENTS[/MATRIX_COLUMN], where
 * COMPONENTS is a count or a GLSL type (vec3, ivec2, mat2x3, ...). */
static bool parse_vd_column(struct parser *ps, const char *s, size_t n)
{
    struct st_vertex_data *vd = &ps->t->vdata;
    const char *end = s + n;
    const char *slash1 = memchr(s, '/', n);
    const char *slash2 = slash1 ? memchr(slash1 + 1, '/', (size_t)(end - slash1 - 1)) : NULL;
    if (!slash2)
        return error_at(ps, ps->line, "column '%.*s' is not NAME/TYPE/COMPONENTS", (int)n, s);

    const char *name = s;
    size_t name_len = (size_t)(slash1 - s);
    unsigned long array_index = 0;
    if (name_len > 0 && name[name_len - 1] == ']') {
        const char *br = memchr(name, '[', name_len);
        char *e;
        if (!br)
            return error_at(ps, ps->line, "bad array index in column '%.*s'", (int)n, s);
        array_index = strtoul(br + 1, &e, 10);
        if (e != name + name_len - 1 || array_index > 64)
            return error_at(ps, ps->line, "bad array index in column '%.*s'", (int)n, s);
        name_len = (size_t)(br - name);
    }

    const char *type = slash1 + 1;
    size_t type_len = (size_t)(slash2 - type);
    size_t ti;
    for (ti = 0; ti < sizeof vd_types / sizeof vd_types[0]; ti++)
        if (range_is(type, type_len, vd_types[ti].name))
            break;
    if (ti == sizeof vd_types / sizeof vd_types[0])
        return error_at(ps, ps->line, "unsupported vertex data type '%.*s'", (int)type_len, type);

    /* COMPONENTS: legacy count, or GLSL type (piglit-vbo.cpp decode_glsl_type). */
    const char *g = slash2 + 1;
    int rows = 0, cols = 1;
    bool integer = vd_types[ti].integer;
    bool is64 = vd_types[ti].gl_type == GL_INT64_NV || vd_types[ti].gl_type == GL_UNSIGNED_INT64_NV;
    bool lng = is64; /* (asmgl) 64-bit attributes: glVertexAttribLPointerEXT */
    if (g < end && *g >= '1' && *g <= '4') {
        rows = *g++ - '0';
    } else {
        static const struct {
            const char *prefix;
            int shape; /* 0 scalar, 1 vector, 2 matrix */
            bool integer;
            bool lng;
        } glsl[] = { { "int64_t", 0, true, true }, { "uint64_t", 0, true, true },
                     { "i64vec", 1, true, true },  { "u64vec", 1, true, true },
                     { "double", 0, false, true }, { "dvec", 1, false, true },
                     { "int", 0, true, false },    { "uint", 0, true, false },  { "float", 0, false, false },
                     { "ivec", 1, true, false },   { "uvec", 1, true, false },  { "vec", 1, false, false },
                     { "mat", 2, false, false } };
        size_t k;
        for (k = 0; k < sizeof glsl / sizeof glsl[0]; k++) {
            size_t pl = strlen(glsl[k].prefix);
            if ((size_t)(end - g) >= pl && memcmp(g, glsl[k].prefix, pl) == 0)
                break;
        }
        if (k == sizeof glsl / sizeof glsl[0])
            return error_at(ps, ps->line, "unsupported component type in column '%.*s'", (int)n, s);
        g += strlen(glsl[k].prefix);
        integer = glsl[k].integer;
        lng = glsl[k].lng;
        if (lng ? !(is64 ? integer : vd_types[ti].gl_type == GL_DOUBLE && !integer) : is64)
            return error_at(ps, ps->line,
                            "64-bit components (double, dvecN, int64_t, i64vecN, ...) need the matching 64-bit "
                            "type, and int64 / uint64 need them, in '%.*s'",
                            (int)n, s);
        rows = 1;
        if (glsl[k].shape > 0) {
            if (g >= end || *g < '2' || *g > '4')
                return error_at(ps, ps->line, "bad vector size in column '%.*s'", (int)n, s);
            rows = *g++ - '0';
            if (glsl[k].shape == 2) {
                cols = rows;
                if (g < end && *g == 'x') {
                    g++;
                    if (g >= end || *g < '2' || *g > '4')
                        return error_at(ps, ps->line, "bad matrix size in column '%.*s'", (int)n, s);
                    rows = *g++ - '0';
                }
            }
        }
    }
    unsigned long matrix_column = 0;
    if (g < end) {
        char *e;
        if (*g != '/' || g + 1 >= end)
            return error_at(ps, ps->line, "unexpected text in column '%.*s'", (int)n, s);
        matrix_column = strtoul(g + 1, &e, 10);
        if (e != end || matrix_column > 3)
            return error_at(ps, ps->line, "bad matrix column in column '%.*s'", (int)n, s);
    }
    if (integer && !vd_types[ti].integer)
        return error_at(ps, ps->line, "integer components need an integer type in '%.*s'", (int)n, s);

    struct st_attrib a = { 0 };
    char *e;
    unsigned long idx = strtoul(name, &e, 10);
    if (name_len > 0 && name[0] >= '0' && name[0] <= '9' && e == name + name_len) {
        idx += matrix_column + array_index * (unsigned long)cols;
        if (idx > 255)
            return error_at(ps, ps->line, "attribute index %lu out of range", idx);
        a.kind = ST_ATTR_GENERIC;
        a.index = (unsigned)idx;
    } else {
        size_t k;
        for (k = 0; k < sizeof vd_names / sizeof vd_names[0]; k++)
            if (range_is(name, name_len, vd_names[k].name))
                break;
        if (k == sizeof vd_names / sizeof vd_names[0])
            return error_at(ps, ps->line,
                            "unknown attribute '%.*s' (use a generic index such as 0/float/vec4, "
                            "or gl_Vertex, gl_Color, gl_SecondaryColor, gl_Normal, "
                            "gl_MultiTexCoordN, gl_FogCoord)",
                            (int)name_len, name);
        if (array_index || matrix_column || cols > 1)
            return error_at(ps, ps->line, "'%.*s' takes no array index or matrix", (int)name_len, name);
        a.kind = vd_names[k].kind;
        a.index = vd_names[k].unit;
        integer = false;
        if (lng)
            return error_at(ps, ps->line, "64-bit attributes must be generic ('%.*s')", (int)name_len, name);
        if (!vd_type_allowed(a.kind, vd_types[ti].gl_type, rows))
            return error_at(ps, ps->line, "type or component count not allowed for '%.*s'",
                            (int)name_len, name);
    }
    a.gl_type = vd_types[ti].gl_type;
    a.type_size = vd_types[ti].size;
    a.components = rows;
    a.integer = integer;
    a.lng = lng;
    if (lng && cols > 1)
        return error_at(ps, ps->line, "64-bit matrices are not supported in '%.*s'", (int)n, s);
    a.offset = vd->stride;

    if (!util_reserve((void **)&vd->attribs, &ps->attrib_cap, vd->nattribs + 1, sizeof a))
        return error_at(ps, ps->line, "out of memory");
    vd->attribs[vd->nattribs++] = a;
    vd->stride += (size_t)rows * (size_t)a.type_size;
    return true;
}

static bool parse_vd_value(struct cur *c, const struct st_attrib *a, unsigned char *dst)
{
    if (a->gl_type == GL_FLOAT) {
        float f;
        if (!scan_float(c, &f))
            return false;
        memcpy(dst, &f, sizeof f);
        return true;
    }
    if (a->gl_type == GL_DOUBLE) {
        double d;
        if (!scan_double(c, &d))
            return false;
        memcpy(dst, &d, sizeof d);
        return true;
    }
    if (a->gl_type == GL_INT64_NV || a->gl_type == GL_UNSIGNED_INT64_NV) {
        /* 64-bit integers: int64 takes -2^63..2^63-1 or a 0x bit pattern,
         * uint64 0..2^64-1 (decimal or 0x) */
        skip_ws(c);
        if (c->p >= c->end)
            return false;
        char *e;
        errno = 0;
        uint64_t u;
        bool neg = *c->p == '-';
        if (neg) {
            if (a->gl_type == GL_UNSIGNED_INT64_NV)
                return false;
            u = (uint64_t)strtoll(c->p, &e, 0);
        } else {
            if (*c->p == '+' || !(*c->p >= '0' && *c->p <= '9'))
                return false;
            u = (uint64_t)strtoull(c->p, &e, 0);
            bool hex = c->end - c->p > 1 && c->p[0] == '0' && (c->p[1] == 'x' || c->p[1] == 'X');
            if (a->gl_type == GL_INT64_NV && !hex && u > (uint64_t)INT64_MAX)
                return false;
        }
        if (e == c->p || e > c->end || errno == ERANGE)
            return false;
        c->p = e;
        memcpy(dst, &u, sizeof u);
        return true;
    }
    long long v, lo, hi;
    if (!scan_long(c, &v, 0))
        return false;
    switch (a->gl_type) {
    case GL_BYTE: lo = INT8_MIN; hi = INT8_MAX; break;
    case GL_UNSIGNED_BYTE: lo = 0; hi = UINT8_MAX; break;
    case GL_SHORT: lo = INT16_MIN; hi = INT16_MAX; break;
    case GL_UNSIGNED_SHORT: lo = 0; hi = UINT16_MAX; break;
    /* 32-bit values may also be written as unsigned bit patterns (0xffffffff). */
    case GL_INT: lo = INT32_MIN; hi = UINT32_MAX; break;
    default: lo = 0; hi = UINT32_MAX; break;
    }
    if (v < lo || v > hi)
        return false;
    /* Stored through the type's own width, so the host byte order is kept. */
    uint8_t u8 = (uint8_t)v;
    uint16_t u16 = (uint16_t)v;
    uint32_t u32 = (uint32_t)v;
    if (a->type_size == 1)
        memcpy(dst, &u8, 1);
    else if (a->type_size == 2)
        memcpy(dst, &u16, 2);
    else
        memcpy(dst, &u32, 4);
    return true;
}

static bool parse_vertex_data_line(struct parser *ps, struct cur *c)
{
    struct st_vertex_data *vd = &ps->t->vdata;

    /* Comments may end any line, as in piglit-vbo.cpp. */
    const char *hash = memchr(c->p, '#', (size_t)(c->end - c->p));
    if (hash)
        c->end = hash;
    skip_ws(c);
    if (c->p >= c->end)
        return true;

    if (vd->nattribs == 0) {
        while (c->p < c->end) {
            const char *s = c->p;
            while (c->p < c->end && *c->p != ' ' && *c->p != '\t')
                c->p++;
            if (!parse_vd_column(ps, s, (size_t)(c->p - s)))
                return false;
            skip_ws(c);
        }
        return true;
    }

    if (!util_reserve((void **)&vd->rows, &ps->row_cap, vd->nrows + 1, vd->stride))
        return error_at(ps, ps->line, "out of memory");
    unsigned char *row = vd->rows + vd->nrows * vd->stride;
    for (size_t i = 0; i < vd->nattribs; i++) {
        const struct st_attrib *a = &vd->attribs[i];
        for (int k = 0; k < a->components; k++) {
            if (!parse_vd_value(c, a, row + a->offset + (size_t)k * (size_t)a->type_size))
                return error_at(ps, ps->line, "bad or missing value for column %zu", i + 1);
        }
    }
    skip_ws(c);
    if (c->p < c->end)
        return error_at(ps, ps->line, "more values than the %zu column(s) hold", vd->nattribs);
    vd->nrows++;
    return true;
}

/* ---- [test] commands ----------------------------------------------------- */

struct cmd_def {
    const char *words;
    enum st_op op;
    int variant;
    /* Argument pattern: f float, i int, w 32-bit int or 0x pattern, u 32-bit
     * unsigned, e GL enum name, ( , ) literal, ? the rest may be absent. */
    const char *args;
    const char *usage;
};

/* Order matters: longer command words before their prefixes; rows with the
 * same words are tried in turn ("ortho" with and without arguments). */
static const struct cmd_def cmd_defs[] = {
    { "clear color", ST_OP_CLEAR_COLOR, 0, "f f f f", "clear color R G B A" },
    { "clear depth", ST_OP_CLEAR_DEPTH, 0, "f", "clear depth D" },
    { "clear", ST_OP_CLEAR, 0, "", "clear" },
    { "color", ST_OP_COLOR, 0, "f f f f", "color R G B A" },
    { "texcoord", ST_OP_TEXCOORD, 0, "i ( f , f , f , f )", "texcoord UNIT (S, T, R, Q)" },
    { "draw rect tex", ST_OP_DRAW_RECT, ST_DRAW_TEX, "f f f f f f f f",
      "draw rect tex X Y W H TX TY TW TH" },
    { "draw rect ortho patch", ST_OP_DRAW_RECT, ST_DRAW_ORTHO | ST_DRAW_PATCH, "f f f f",
      "draw rect ortho patch X Y W H" },
    { "draw rect ortho", ST_OP_DRAW_RECT, ST_DRAW_ORTHO, "f f f f", "draw rect ortho X Y W H" },
    { "draw rect patch", ST_OP_DRAW_RECT, ST_DRAW_PATCH, "f f f f", "draw rect patch X Y W H" },
    { "draw rect", ST_OP_DRAW_RECT, 0, "f f f f", "draw rect X Y W H" },
    { "draw instanced rect ortho patch", ST_OP_DRAW_RECT,
      ST_DRAW_INSTANCED | ST_DRAW_ORTHO | ST_DRAW_PATCH, "i f f f f",
      "draw instanced rect ortho patch N X Y W H" },
    { "draw instanced rect ortho", ST_OP_DRAW_RECT, ST_DRAW_INSTANCED | ST_DRAW_ORTHO,
      "i f f f f", "draw instanced rect ortho N X Y W H" },
    { "draw instanced rect", ST_OP_DRAW_RECT, ST_DRAW_INSTANCED, "i f f f f",
      "draw instanced rect N X Y W H" },
    { "draw arrays instanced", ST_OP_DRAW_ARRAYS, 1, "e i i i",
      "draw arrays instanced GL_MODE FIRST COUNT INSTANCES" },
    { "draw arrays", ST_OP_DRAW_ARRAYS, 0, "e i i", "draw arrays GL_MODE FIRST COUNT" },
    { "draw elements", ST_OP_DRAW_ELEMENTS, 0, "e i i", "draw elements GL_MODE COUNT BASEVERTEX" },
    { "enable", ST_OP_ENABLE, 1, "e", "enable GL_CAP" },
    { "disable", ST_OP_ENABLE, 0, "e", "disable GL_CAP" },
    { "depthfunc", ST_OP_DEPTHFUNC, 0, "e", "depthfunc GL_FUNC" },
    { "blend func", ST_OP_BLEND_FUNC, 0, "e e", "blend func GL_SRC GL_DST" },
    { "hint", ST_OP_HINT, 0, "e e", "hint GL_TARGET GL_MODE" },
    { "patch parameter vertices", ST_OP_PATCH_VERTICES, 0, "i", "patch parameter vertices N" },
    { "patch parameter default level outer", ST_OP_PATCH_DEFAULT_LEVEL, GL_PATCH_DEFAULT_OUTER_LEVEL,
      "f f f f", "patch parameter default level outer O0 O1 O2 O3" },
    { "patch parameter default level inner", ST_OP_PATCH_DEFAULT_LEVEL, GL_PATCH_DEFAULT_INNER_LEVEL,
      "f f", "patch parameter default level inner I0 I1" },
    { "polygon mode", ST_OP_POLYGON_MODE, 0, "e e", "polygon mode GL_FACE GL_MODE" },
    { "provoking vertex first", ST_OP_PROVOKING, GL_FIRST_VERTEX_CONVENTION, "",
      "provoking vertex first|last" },
    { "provoking vertex last", ST_OP_PROVOKING, GL_LAST_VERTEX_CONVENTION, "",
      "provoking vertex first|last" },
    { "shade model smooth", ST_OP_SHADE_MODEL, GL_SMOOTH, "", "shade model smooth|flat" },
    { "shade model flat", ST_OP_SHADE_MODEL, GL_FLAT, "", "shade model smooth|flat" },
    { "clip plane", ST_OP_CLIP_PLANE, 0, "i f f f f", "clip plane N A B C D" },
    { "ortho", ST_OP_ORTHO, 0, "f f f f", "ortho [LEFT RIGHT BOTTOM TOP]" },
    { "ortho", ST_OP_ORTHO_WINDOW, 0, "", "ortho [LEFT RIGHT BOTTOM TOP]" },
    { "frustum", ST_OP_FRUSTUM, 0, "f f f f f f", "frustum LEFT RIGHT BOTTOM TOP NEAR FAR" },
    /* Integer colour buffers (asmgl; piglit has only relative probe rect rgba int). */
    { "probe rgba int", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA | ST_PROBE_INT, "f f ( w , w , w , w )",
      "probe rgba int X Y (R, G, B, A)" },
    { "probe rgba int", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA | ST_PROBE_INT, "f f w w w w",
      "probe rgba int X Y (R, G, B, A)" },
    { "probe rgba uint", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA | ST_PROBE_UINT, "f f ( u , u , u , u )",
      "probe rgba uint X Y (R, G, B, A)" },
    { "probe rgba uint", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA | ST_PROBE_UINT, "f f u u u u",
      "probe rgba uint X Y (R, G, B, A)" },
    { "probe rect rgba int", ST_OP_PROBE_RECT, ST_PROBE_RGBA | ST_PROBE_INT,
      "( i , i , i , i ) ( w , w , w , w )", "probe rect rgba int (X, Y, W, H) (R, G, B, A)" },
    { "probe rect rgba uint", ST_OP_PROBE_RECT, ST_PROBE_RGBA | ST_PROBE_UINT,
      "( i , i , i , i ) ( u , u , u , u )", "probe rect rgba uint (X, Y, W, H) (R, G, B, A)" },
    { "relative probe rect rgba int", ST_OP_PROBE_RECT, ST_PROBE_RGBA | ST_PROBE_INT | ST_PROBE_RELATIVE,
      "( f , f , f , f ) ( w , w , w , w )", "relative probe rect rgba int (X, Y, W, H) (R, G, B, A)" },
    { "relative probe rect rgba uint", ST_OP_PROBE_RECT,
      ST_PROBE_RGBA | ST_PROBE_UINT | ST_PROBE_RELATIVE, "( f , f , f , f ) ( u , u , u , u )",
      "relative probe rect rgba uint (X, Y, W, H) (R, G, B, A)" },
    { "probe rgba", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA, "f f f f f f", "probe rgba X Y R G B A" },
    { "probe rgb", ST_OP_PROBE_PIXEL, ST_PROBE_RGB, "f f f f f", "probe rgb X Y R G B" },
    { "probe depth", ST_OP_PROBE_DEPTH, 0, "f f f", "probe depth X Y D" },
    { "relative probe rgba", ST_OP_PROBE_PIXEL, ST_PROBE_RGBA | ST_PROBE_RELATIVE,
      "( f , f ) ( f , f , f , f )", "relative probe rgba (X, Y) (R, G, B, A)" },
    { "relative probe rgb", ST_OP_PROBE_PIXEL, ST_PROBE_RGB | ST_PROBE_RELATIVE,
      "( f , f ) ( f , f , f )", "relative probe rgb (X, Y) (R, G, B)" },
    { "probe rect rgba", ST_OP_PROBE_RECT, ST_PROBE_RGBA, "( i , i , i , i ) ( f , f , f , f )",
      "probe rect rgba (X, Y, W, H) (R, G, B, A)" },
    { "probe rect rgb", ST_OP_PROBE_RECT, ST_PROBE_RGB, "( i , i , i , i ) ( f , f , f )",
      "probe rect rgb (X, Y, W, H) (R, G, B)" },
    { "relative probe rect rgba", ST_OP_PROBE_RECT, ST_PROBE_RGBA | ST_PROBE_RELATIVE,
      "( f , f , f , f ) ( f , f , f , f )", "relative probe rect rgba (X, Y, W, H) (R, G, B, A)" },
    { "relative probe rect rgb", ST_OP_PROBE_RECT, ST_PROBE_RGB | ST_PROBE_RELATIVE,
      "( f , f , f , f ) ( f , f , f )", "relative probe rect rgb (X, Y, W, H) (R, G, B)" },
    { "probe all rgba", ST_OP_PROBE_RECT, ST_PROBE_RGBA | ST_PROBE_ALL, "f f f f",
      "probe all rgba R G B A" },
    { "probe all rgb", ST_OP_PROBE_RECT, ST_PROBE_RGB | ST_PROBE_ALL, "f f f", "probe all rgb R G B" },
    { "tolerance", ST_OP_TOLERANCE, 0, "f ? f ? f ? f", "tolerance R [G [B [A]]]" },
    { "texture rgbw 1D", ST_OP_TEX_RGBW_1D, 0, "i", "texture rgbw 1D UNIT" },
    { "texture rgbw 3D", ST_OP_TEX_RGBW_3D, 0, "i", "texture rgbw 3D UNIT" },
    { "texture rgbw 2DArray", ST_OP_TEX_ARRAY, GL_TEXTURE_2D_ARRAY, "i ( i , i , i )",
      "texture rgbw 2DArray UNIT (W, H, LAYERS)" },
    { "texture rgbw 1DArray", ST_OP_TEX_ARRAY, GL_TEXTURE_1D_ARRAY, "i ( i , i )",
      "texture rgbw 1DArray UNIT (W, LAYERS)" },
    { "texture rgbw", ST_OP_TEX_RGBW, 0, "i ( i , i ) ? e", "texture rgbw UNIT (W, H) [GL_FORMAT]" },
    { "texture miptree", ST_OP_TEX_MIPTREE, 0, "i", "texture miptree UNIT" },
    { "texture checkerboard", ST_OP_TEX_QUADS, 1,
      "i i ( i , i ) ( f , f , f , f ) ( f , f , f , f )",
      "texture checkerboard UNIT LEVEL (W, H) (R, G, B, A) (R, G, B, A)" },
    { "texture quads", ST_OP_TEX_QUADS, 0,
      "i i ( i , i ) ( i , i ) ( f , f , f , f ) ( f , f , f , f ) ( f , f , f , f ) ( f , f , f , f )",
      "texture quads UNIT LEVEL (W, H) (SQUARE_W, SQUARE_H) (BL) (BR) (TL) (TR)" },
    { "texture shadow1D", ST_OP_TEX_SHADOW, GL_TEXTURE_1D, "i ( i )", "texture shadow1D UNIT (W)" },
    { "texture shadow2D", ST_OP_TEX_SHADOW, GL_TEXTURE_2D, "i ( i , i )",
      "texture shadow2D UNIT (W, H)" },
    { "texture shadowRect", ST_OP_TEX_SHADOW, GL_TEXTURE_RECTANGLE, "i ( i , i )",
      "texture shadowRect UNIT (W, H)" },
    { "texture shadow1DArray", ST_OP_TEX_SHADOW, GL_TEXTURE_1D_ARRAY, "i ( i , i )",
      "texture shadow1DArray UNIT (W, LAYERS)" },
    { "texture shadow2DArray", ST_OP_TEX_SHADOW, GL_TEXTURE_2D_ARRAY, "i ( i , i , i )",
      "texture shadow2DArray UNIT (W, H, LAYERS)" },
    { "texture shadowCubeArray", ST_OP_TEX_SHADOW, GL_TEXTURE_CUBE_MAP_ARRAY, "i ( i , i )",
      "texture shadowCubeArray UNIT (W, LAYERS)" },
    { "texture junk 2DArray", ST_OP_TEX_JUNK, GL_TEXTURE_2D_ARRAY, "i ( i , i , i )",
      "texture junk 2DArray UNIT (W, H, LAYERS)" },
    { "texture integer", ST_OP_TEX_INTEGER, 0, "i ( i , i ) ( w , w ) e",
      "texture integer UNIT (W, H) (B, A) GL_FORMAT" },
    { "fb tex 2d", ST_OP_FB, ST_FB_TEX_2D, "i ? i ? i ? i ? i ? i ? i ? i", "fb tex 2d UNIT [UNIT...]" },
    { "fb ms", ST_OP_FB, ST_FB_MS, "e i i i", "fb ms GL_FORMAT WIDTH HEIGHT SAMPLES" },
    { "fb rb", ST_OP_FB, ST_FB_RB, "e", "fb rb GL_FORMAT" },
    { "fb winsys", ST_OP_FB, ST_FB_WINSYS, "", "fb winsys" },
    { "fb tex layered", ST_OP_FB, ST_FB_TEX_LAYERED, "i", "fb tex layered UNIT" },
};

/* shader_runner commands asmgl does not run (GLSL, buffers, FBOs, queries):
 * a test using one is skipped, not reported as malformed. */
static const char *const unsupported_cmds[] = {
    "active shader program", "active uniform", "atomic counter", "atomic counters",
    "blend barrier", "blit", "block array index", "block binding", "block matrix stride",
    "block offset", "block row major", "calllist", "deletelist", "endlist",
    "fb draw", "fb read", "fbfetch barrier", "image texture",
    "link error", "link success", "newlist", "patch parameter",
    "probe atomic counter", "probe warn all rgba", "probe xfb buffer",
    "program binary save restore", "resident image texture", "resident texture",
    "subuniform", "ubo array index", "uniform",
    "verify program_interface_query", "verify program_query", "verify query_object",
    "vertex attrib", "viewport indexed", "viewport swizzle", "xfb buffer object",
    "xfb draw arrays",
};

static bool scan_args(struct parser *ps, struct cur *c, const char *fmt, struct st_command *cmd)
{
    for (const char *f = fmt; *f; f++) {
        switch (*f) {
        case ' ':
            break;
        case 'f':
            if (cmd->nf >= (int)(sizeof cmd->f / sizeof cmd->f[0]) || !scan_float(c, &cmd->f[cmd->nf]))
                return false;
            cmd->nf++;
            break;
        case 'i':
            if (cmd->ni >= (int)(sizeof cmd->i / sizeof cmd->i[0]) || !scan_int(c, &cmd->i[cmd->ni]))
                return false;
            cmd->ni++;
            break;
        case 'e':
            if (cmd->ne >= (int)(sizeof cmd->e / sizeof cmd->e[0]) || !scan_enum(ps, c, &cmd->e[cmd->ne]))
                return false;
            cmd->ne++;
            break;
        case 'w': /* a 32-bit int (or 0x bit pattern), into i[] */
        case 'u': { /* a 32-bit unsigned int, into i[] as its bit pattern */
            uint32_t v;
            if (cmd->ni >= (int)(sizeof cmd->i / sizeof cmd->i[0]) ||
                !scan_word32(c, *f == 'u' ? ST_VAL_UINT : ST_VAL_INT, &v))
                return false;
            memcpy(&cmd->i[cmd->ni++], &v, sizeof v);
            break;
        }
        case '?':
            if (at_line_end(c))
                return true;
            break;
        default:
            if (!eat_char(c, *f))
                return false;
            break;
        }
    }
    return at_line_end(c);
}

struct word_value {
    const char *word;
    unsigned value;
};

static bool scan_choice(struct cur *c, const struct word_value *tab, size_t n, unsigned *out)
{
    const char *w;
    size_t len;
    if (!scan_word(c, &w, &len))
        return false;
    for (size_t i = 0; i < n; i++) {
        if (range_is(w, len, tab[i].word)) {
            *out = tab[i].value;
            return true;
        }
    }
    return false;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* piglit's parse_tex_target() words, plus (asmgl) the multisample targets. */
static const struct word_value tex_targets[] = {
    { "1D", GL_TEXTURE_1D }, { "2D", GL_TEXTURE_2D }, { "3D", GL_TEXTURE_3D },
    { "Rect", GL_TEXTURE_RECTANGLE }, { "Cube", GL_TEXTURE_CUBE_MAP },
    { "1DArray", GL_TEXTURE_1D_ARRAY }, { "2DArray", GL_TEXTURE_2D_ARRAY },
    { "CubeArray", GL_TEXTURE_CUBE_MAP_ARRAY },
    { "2DMS", GL_TEXTURE_2D_MULTISAMPLE }, { "2DMSArray", GL_TEXTURE_2D_MULTISAMPLE_ARRAY },
};

/* How many sizes (after the level or sample count) texture storage takes
 * for target: 1 for 1D, 2 for 2D-like targets, 3 for layered and 3D ones. */
static int st_texture_dims(unsigned target)
{
    switch (target) {
    case GL_TEXTURE_1D: return 1;
    case GL_TEXTURE_2D: case GL_TEXTURE_RECTANGLE: case GL_TEXTURE_CUBE_MAP:
    case GL_TEXTURE_1D_ARRAY: case GL_TEXTURE_2D_MULTISAMPLE: return 2;
    default: return 3;
    }
}

/* fb tex slice TARGET UNIT LEVEL LAYER (shader_runner's). */
static bool parse_fb_tex_slice(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    if (!scan_choice(c, tex_targets, COUNT(tex_targets), &cmd->e[0])) {
        snprintf(ps->why, sizeof ps->why, "bad texture target (1D 2D 3D Rect Cube 1DArray "
                                          "2DArray CubeArray 2DMS 2DMSArray)");
        return false;
    }
    cmd->ne = 1;
    cmd->op = ST_OP_FB;
    cmd->variant = ST_FB_TEX_SLICE;
    return scan_args(ps, c, "i i i", cmd);
}

/* texture storage UNIT TARGET GL_FORMAT (LEVELS W [H [D]]), shader_runner's
 * (its numbers are separated by blanks; asmgl also takes commas), and
 * (asmgl) 2DMS / 2DMSArray with the sample count in place of LEVELS. */
static bool parse_texture_storage(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    cmd->op = ST_OP_TEX_STORAGE;
    if (!scan_int(c, &cmd->i[0]))
        return false;
    cmd->ni = 1;
    if (!scan_choice(c, tex_targets, COUNT(tex_targets), &cmd->e[0])) {
        snprintf(ps->why, sizeof ps->why, "bad texture target (1D 2D 3D Rect Cube 1DArray "
                                          "2DArray CubeArray 2DMS 2DMSArray)");
        return false;
    }
    if (!scan_enum(ps, c, &cmd->e[1]))
        return false;
    cmd->ne = 2;
    if (!eat_char(c, '('))
        return false;
    int want = 1 + st_texture_dims(cmd->e[0]);
    while (cmd->ni < 1 + want) {
        if (cmd->ni > 1)
            eat_char(c, ',');
        if (!scan_int(c, &cmd->i[cmd->ni])) {
            snprintf(ps->why, sizeof ps->why, "this target takes %d numbers: %s W%s%s", want,
                     cmd->e[0] == GL_TEXTURE_2D_MULTISAMPLE ||
                             cmd->e[0] == GL_TEXTURE_2D_MULTISAMPLE_ARRAY
                         ? "SAMPLES"
                         : "LEVELS",
                     want > 2 ? " H" : "", want > 3 ? " D" : "");
            return false;
        }
        cmd->ni++;
    }
    return eat_char(c, ')') && at_line_end(c);
}

/* texparameter TARGET NAME VALUE, with piglit's value words. */
static bool parse_texparameter(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    static const struct word_value targets[] = {
        { "1D", GL_TEXTURE_1D }, { "2D", GL_TEXTURE_2D }, { "3D", GL_TEXTURE_3D },
        { "Rect", GL_TEXTURE_RECTANGLE }, { "Cube", GL_TEXTURE_CUBE_MAP },
        { "1DArray", GL_TEXTURE_1D_ARRAY }, { "2DArray", GL_TEXTURE_2D_ARRAY },
        { "CubeArray", GL_TEXTURE_CUBE_MAP_ARRAY },
    };
    static const struct word_value compare_funcs[] = {
        { "greater", GL_GREATER }, { "gequal", GL_GEQUAL }, { "less", GL_LESS },
        { "lequal", GL_LEQUAL },   { "equal", GL_EQUAL },   { "notequal", GL_NOTEQUAL },
        { "never", GL_NEVER },     { "always", GL_ALWAYS },
    };
    static const struct word_value compare_modes[] = {
        { "none", GL_NONE }, { "compare_r_to_texture", GL_COMPARE_R_TO_TEXTURE },
    };
    static const struct word_value depth_modes[] = {
        { "intensity", GL_INTENSITY }, { "luminance", GL_LUMINANCE },
        { "alpha", GL_ALPHA }, { "red", GL_RED },
    };
    static const struct word_value min_filters[] = {
        { "nearest_mipmap_nearest", GL_NEAREST_MIPMAP_NEAREST },
        { "linear_mipmap_nearest", GL_LINEAR_MIPMAP_NEAREST },
        { "nearest_mipmap_linear", GL_NEAREST_MIPMAP_LINEAR },
        { "linear_mipmap_linear", GL_LINEAR_MIPMAP_LINEAR },
        { "nearest", GL_NEAREST }, { "linear", GL_LINEAR },
    };
    static const struct word_value wraps[] = {
        { "repeat", GL_REPEAT }, { "clamp_to_edge", GL_CLAMP_TO_EDGE },
        { "clamp_to_border", GL_CLAMP_TO_BORDER }, { "mirrored_repeat", GL_MIRRORED_REPEAT },
        { "clamp", GL_CLAMP },
    };
    static const struct word_value swizzles[] = {
        { "red", GL_RED }, { "green", GL_GREEN }, { "blue", GL_BLUE }, { "alpha", GL_ALPHA },
        { "zero", GL_ZERO }, { "one", GL_ONE },
    };
    static const struct {
        const char *name;
        unsigned pname;
        int kind;
        const struct word_value *values;
        size_t nvalues;
    } params[] = {
        { "compare_func", GL_TEXTURE_COMPARE_FUNC, ST_TP_ENUM, compare_funcs, COUNT(compare_funcs) },
        { "compare_mode", GL_TEXTURE_COMPARE_MODE, ST_TP_ENUM, compare_modes, COUNT(compare_modes) },
        { "depth_mode", GL_DEPTH_TEXTURE_MODE, ST_TP_ENUM, depth_modes, COUNT(depth_modes) },
        { "min", GL_TEXTURE_MIN_FILTER, ST_TP_ENUM, min_filters, COUNT(min_filters) },
        { "mag", GL_TEXTURE_MAG_FILTER, ST_TP_ENUM, min_filters + 4, 2 },
        { "wrap_s", GL_TEXTURE_WRAP_S, ST_TP_ENUM, wraps, COUNT(wraps) },
        { "wrap_t", GL_TEXTURE_WRAP_T, ST_TP_ENUM, wraps, COUNT(wraps) },
        { "wrap_r", GL_TEXTURE_WRAP_R, ST_TP_ENUM, wraps, COUNT(wraps) },
        { "swizzle_r", GL_TEXTURE_SWIZZLE_R, ST_TP_ENUM, swizzles, COUNT(swizzles) },
        { "swizzle_g", GL_TEXTURE_SWIZZLE_G, ST_TP_ENUM, swizzles, COUNT(swizzles) },
        { "swizzle_b", GL_TEXTURE_SWIZZLE_B, ST_TP_ENUM, swizzles, COUNT(swizzles) },
        { "swizzle_a", GL_TEXTURE_SWIZZLE_A, ST_TP_ENUM, swizzles, COUNT(swizzles) },
        { "lod_bias", GL_TEXTURE_LOD_BIAS, ST_TP_FLOAT, NULL, 0 },
        { "min_lod", GL_TEXTURE_MIN_LOD, ST_TP_FLOAT, NULL, 0 },
        { "max_lod", GL_TEXTURE_MAX_LOD, ST_TP_FLOAT, NULL, 0 },
        { "max_level", GL_TEXTURE_MAX_LEVEL, ST_TP_INT, NULL, 0 },
        { "base_level", GL_TEXTURE_BASE_LEVEL, ST_TP_INT, NULL, 0 },
        { "border_color", GL_TEXTURE_BORDER_COLOR, ST_TP_FLOATV, NULL, 0 },
    };

    if (!scan_choice(c, targets, COUNT(targets), &cmd->e[0])) {
        snprintf(ps->why, sizeof ps->why,
                 "bad texture target (1D 2D 3D Rect Cube 1DArray 2DArray CubeArray)");
        return false;
    }
    const char *w;
    size_t n, k;
    if (!scan_word(c, &w, &n))
        return false;
    for (k = 0; k < COUNT(params); k++)
        if (range_is(w, n, params[k].name))
            break;
    if (k == COUNT(params)) {
        snprintf(ps->why, sizeof ps->why, "unknown texture parameter '%.*s'", (int)(n > 60 ? 60 : n), w);
        return false;
    }
    cmd->e[1] = params[k].pname;
    cmd->ne = 2;
    cmd->variant = params[k].kind;
    switch (params[k].kind) {
    case ST_TP_ENUM:
        if (!scan_choice(c, params[k].values, params[k].nvalues, &cmd->e[2])) {
            snprintf(ps->why, sizeof ps->why, "bad value for %s", params[k].name);
            return false;
        }
        cmd->ne = 3;
        return at_line_end(c);
    case ST_TP_INT: return scan_args(ps, c, "i", cmd);
    case ST_TP_FLOAT: return scan_args(ps, c, "f", cmd);
    default: return scan_args(ps, c, "f f f f", cmd);
    }
}

/* The colour formats of texture integer, texture buffer and fb (ms, rb). */
static const struct st_format st_formats[] = {
    /* internal       transfer format     type            n  values        32-bit */
    { GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, 4, ST_VAL_FLOAT, false },
    { GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, 4, ST_VAL_FLOAT, false },
    { GL_RGBA16F, GL_RGBA, GL_FLOAT, 4, ST_VAL_FLOAT, false },
    { GL_R32F, GL_RED, GL_FLOAT, 1, ST_VAL_FLOAT, true },
    { GL_RG32F, GL_RG, GL_FLOAT, 2, ST_VAL_FLOAT, true },
    { GL_RGB32F, GL_RGB, GL_FLOAT, 3, ST_VAL_FLOAT, true },
    { GL_RGBA32F, GL_RGBA, GL_FLOAT, 4, ST_VAL_FLOAT, true },
    { GL_R32I, GL_RED_INTEGER, GL_INT, 1, ST_VAL_INT, true },
    { GL_RG32I, GL_RG_INTEGER, GL_INT, 2, ST_VAL_INT, true },
    { GL_RGB32I, GL_RGB_INTEGER, GL_INT, 3, ST_VAL_INT, true },
    { GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 4, ST_VAL_INT, true },
    { GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, 1, ST_VAL_UINT, true },
    { GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, 2, ST_VAL_UINT, true },
    { GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, 3, ST_VAL_UINT, true },
    { GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, ST_VAL_UINT, true },
    { GL_RGBA8I, GL_RGBA_INTEGER, GL_INT, 4, ST_VAL_INT, false },
    { GL_RGBA16I, GL_RGBA_INTEGER, GL_INT, 4, ST_VAL_INT, false },
    { GL_RGBA8UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, ST_VAL_UINT, false },
    { GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 4, ST_VAL_UINT, false },
};

const struct st_format *st_format_find(unsigned internal)
{
    for (size_t k = 0; k < COUNT(st_formats); k++)
        if (st_formats[k].internal == internal)
            return &st_formats[k];
    return NULL;
}

/* The program stages by their parameter-type suffix (env_vp, local_gp, ...),
 * with the target of their parameter buffers (NV_parameter_buffer_object,
 * NV_tessellation_program5, NV_compute_program5). */
static const struct {
    const char *suffix;
    unsigned target;
    unsigned buffer_target;
} param_stages[] = {
    { "vp", GL_VERTEX_PROGRAM_ARB, GL_VERTEX_PROGRAM_PARAMETER_BUFFER_NV },
    { "fp", GL_FRAGMENT_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV },
    { "gp", GL_GEOMETRY_PROGRAM_NV, GL_GEOMETRY_PROGRAM_PARAMETER_BUFFER_NV },
    { "tcp", GL_TESS_CONTROL_PROGRAM_NV, GL_TESS_CONTROL_PROGRAM_PARAMETER_BUFFER_NV },
    { "tep", GL_TESS_EVALUATION_PROGRAM_NV, GL_TESS_EVALUATION_PROGRAM_PARAMETER_BUFFER_NV },
    { "cp", GL_COMPUTE_PROGRAM_NV, GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV },
};

static int find_param_stage(const char *w, size_t n)
{
    for (size_t k = 0; k < COUNT(param_stages); k++)
        if (range_is(w, n, param_stages[k].suffix))
            return (int)k;
    return -1;
}

/* parameter buffer STAGE BINDING [float|int|uint] (V, V, ...)  (asmgl) */
static bool parse_parameter_buffer(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    static const struct word_value kinds[] = {
        { "float", ST_VAL_FLOAT }, { "int", ST_VAL_INT }, { "uint", ST_VAL_UINT },
    };
    const char *w;
    size_t n;
    int k;
    if (!scan_word(c, &w, &n) || (k = find_param_stage(w, n)) < 0) {
        snprintf(ps->why, sizeof ps->why, "unknown stage (vp fp gp tcp tep cp)");
        return false;
    }
    cmd->op = ST_OP_PARAMETER_BUFFER;
    cmd->e[0] = param_stages[k].buffer_target;
    cmd->ne = 1;
    if (!scan_int(c, &cmd->i[0]))
        return false;
    cmd->ni = 1;
    unsigned kind = ST_VAL_FLOAT;
    struct cur save = *c;
    if (!scan_choice(c, kinds, COUNT(kinds), &kind))
        *c = save;
    cmd->variant = (int)kind;
    return scan_value_list(ps, c, (enum st_value_kind)kind, cmd) && at_line_end(c);
}

/* attrib64 INDEX double|int64|uint64 X [Y [Z [W]]] (asmgl): a 64-bit
 * current value (EXT_vertex_attrib_64bit / NV_vertex_attrib_integer_64bit)
 * for a LONG ATTRIB; missing y, z are 0 and w 1 of the type.  Doubles are
 * C doubles, int64 / uint64 values decimal or 0x bit patterns. */
static bool parse_attrib64(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    static const struct word_value types[] = {
        { "double", GL_DOUBLE }, { "int64", GL_INT64_NV }, { "uint64", GL_UNSIGNED_INT64_NV },
    };
    cmd->op = ST_OP_ATTRIB64;
    if (!scan_int(c, &cmd->i[0]) || cmd->i[0] < 0) {
        snprintf(ps->why, sizeof ps->why, "bad attribute index");
        return false;
    }
    cmd->ni = 1;
    unsigned type;
    if (!scan_choice(c, types, COUNT(types), &type)) {
        snprintf(ps->why, sizeof ps->why, "unknown type (double int64 uint64)");
        return false;
    }
    cmd->e[0] = type;
    cmd->ne = 1;
    uint64_t v[4] = { 0, 0, 0, type == GL_DOUBLE ? 0x3ff0000000000000ull : 1u };
    struct st_attrib a = { 0 };
    a.gl_type = type;
    int n = 0;
    while (!at_line_end(c)) {
        unsigned char b[8];
        if (n == 4 || !parse_vd_value(c, &a, b)) {
            snprintf(ps->why, sizeof ps->why, "bad value %d", n + 1);
            return false;
        }
        memcpy(&v[n++], b, 8);
    }
    if (n == 0) {
        snprintf(ps->why, sizeof ps->why, "no value");
        return false;
    }
    cmd->data = malloc(8 * sizeof *cmd->data);
    if (!cmd->data) {
        snprintf(ps->why, sizeof ps->why, "out of memory");
        return false;
    }
    for (int k = 0; k < 4; k++) {
        cmd->data[2 * k] = (uint32_t)v[k];
        cmd->data[2 * k + 1] = (uint32_t)(v[k] >> 32);
    }
    cmd->ndata = 8;
    return true;
}

/* subroutine vertex|fragment|geometry V0 V1 ... (asmgl): the target's
 * program subroutine parameters 0, 1, ... (NV_gpu_program5 with
 * ARB_shader_subroutine); no values = a count of 0. */
static bool parse_subroutine(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    static const struct word_value stages[] = {
        { "vertex", GL_VERTEX_PROGRAM_ARB }, { "fragment", GL_FRAGMENT_PROGRAM_ARB },
        { "geometry", GL_GEOMETRY_PROGRAM_NV },
    };
    unsigned target;
    if (!scan_choice(c, stages, COUNT(stages), &target)) {
        snprintf(ps->why, sizeof ps->why, "unknown stage (vertex fragment geometry)");
        return false;
    }
    cmd->op = ST_OP_SUBROUTINE;
    cmd->e[0] = target;
    cmd->ne = 1;
    size_t cap = 0;
    while (!at_line_end(c)) {
        uint32_t v;
        if (cmd->ndata >= 4096 || !scan_value(c, ST_VAL_UINT, &v)) {
            snprintf(ps->why, sizeof ps->why, "bad value %zu", cmd->ndata + 1);
            return false;
        }
        if (!util_reserve((void **)&cmd->data, &cap, cmd->ndata + 1, sizeof v)) {
            snprintf(ps->why, sizeof ps->why, "out of memory");
            return false;
        }
        cmd->data[cmd->ndata++] = v;
    }
    return true;
}

/* The "env_" / "local_" prefix of a parameter word ("env_vp", "local_fp"):
 * skips it and sets ST_PARAM_LOCAL for local parameters. */
static bool param_kind_prefix(struct parser *ps, const char **w, size_t *n, int *variant)
{
    if (*n > 4 && memcmp(*w, "env_", 4) == 0) {
        *w += 4;
        *n -= 4;
        return true;
    }
    if (*n > 6 && memcmp(*w, "local_", 6) == 0) {
        *variant |= ST_PARAM_LOCAL;
        *w += 6;
        *n -= 6;
        return true;
    }
    snprintf(ps->why, sizeof ps->why, "unknown parameter type");
    return false;
}

/* texture handle UNIT env_STAGE|local_STAGE INDEX [nonresident] (asmgl):
 * the NV_bindless_texture handle of the texture on UNIT (made resident
 * unless "nonresident") into the program parameter as the uints
 * (low word, high word, 0, 0). */
static bool parse_texture_handle(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    const char *w;
    size_t n;
    if (!scan_int(c, &cmd->i[0]) || cmd->i[0] < 0 || cmd->i[0] > 31) {
        snprintf(ps->why, sizeof ps->why, "bad texture unit (0..31)");
        return false;
    }
    if (!scan_word(c, &w, &n))
        return false;
    int variant = 0;
    if (!param_kind_prefix(ps, &w, &n, &variant))
        return false;
    int k = find_param_stage(w, n);
    if (k < 0) {
        snprintf(ps->why, sizeof ps->why, "unknown parameter type");
        return false;
    }
    if (!scan_int(c, &cmd->i[1]) || cmd->i[1] < 0) {
        snprintf(ps->why, sizeof ps->why, "bad parameter index");
        return false;
    }
    if (eat_words(c, "nonresident"))
        variant |= ST_TEX_HANDLE_NONRESIDENT;
    if (!at_line_end(c))
        return false;
    cmd->op = ST_OP_TEX_HANDLE;
    cmd->variant = variant;
    cmd->e[0] = param_stages[k].target;
    cmd->ne = 1;
    cmd->ni = 2;
    return true;
}

/* parameter env_vp|local_vp|env_fp|local_fp INDEX (X, Y, Z, W); the NV
 * stages (gp, tcp, tep, cp), the _int/_uint forms (NV_gpu_program4) and
 * parameter buffers are asmgl additions. */
static bool parse_parameter(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    const char *w;
    size_t n;
    struct cur save = *c;
    if (eat_words(c, "buffer"))
        return parse_parameter_buffer(ps, c, cmd);
    *c = save;
    if (!scan_word(c, &w, &n))
        return false;
    int variant = 0;
    if (!param_kind_prefix(ps, &w, &n, &variant))
        return false;
    if (n > 4 && memcmp(w + n - 4, "_int", 4) == 0) {
        variant |= ST_PARAM_INT;
        n -= 4;
    } else if (n > 5 && memcmp(w + n - 5, "_uint", 5) == 0) {
        variant |= ST_PARAM_UINT;
        n -= 5;
    }
    int k = find_param_stage(w, n);
    if (k < 0) {
        snprintf(ps->why, sizeof ps->why, "unknown parameter type");
        return false;
    }
    cmd->variant = variant;
    cmd->e[0] = param_stages[k].target;
    cmd->ne = 1;
    const char *args = variant & ST_PARAM_INT    ? "i ( w , w , w , w )"
                       : variant & ST_PARAM_UINT ? "i ( u , u , u , u )"
                                                 : "i ( f , f , f , f )";
    if (!scan_args(ps, c, args, cmd))
        return false;
    if (cmd->i[0] < 0) {
        snprintf(ps->why, sizeof ps->why, "negative parameter index");
        return false;
    }
    return true;
}

/* texture buffer UNIT GL_FORMAT (V, V, ...)  (asmgl): a buffer texture
 * (EXT_texture_buffer_object) over a new buffer object holding the values. */
static bool parse_texture_buffer(struct parser *ps, struct cur *c, struct st_command *cmd)
{
    if (!scan_int(c, &cmd->i[0]) || !scan_enum(ps, c, &cmd->e[0]))
        return false;
    cmd->ni = 1;
    cmd->ne = 1;
    const struct st_format *fmt = st_format_find(cmd->e[0]);
    if (!fmt || !fmt->bits32) {
        snprintf(ps->why, sizeof ps->why, "the format must be one of GL_R32F .. GL_RGBA32F, "
                                          "GL_R32I .. GL_RGBA32I, GL_R32UI .. GL_RGBA32UI");
        return false;
    }
    return scan_value_list(ps, c, fmt->kind, cmd) && at_line_end(c);
}

/* Checks that are not syntax: sizes, units and modes that would make the
 * executor allocate absurd amounts or index out of range. */
static bool check_command(struct parser *ps, struct st_command *cmd)
{
    struct shader_test *t = ps->t;
    switch (cmd->op) {
    case ST_OP_TEXCOORD:
        if (cmd->i[0] < 0 || cmd->i[0] > 31)
            return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[0]);
        break;
    case ST_OP_DRAW_RECT:
        if ((cmd->variant & ST_DRAW_INSTANCED) && cmd->i[0] < 0)
            return error_at(ps, cmd->line, "negative instance count");
        break;
    case ST_OP_DRAW_ARRAYS:
        if (cmd->e[0] > GL_PATCHES)
            return error_at(ps, cmd->line, "%s is not a primitive mode",
                            gln_name(cmd->e[0]) ? gln_name(cmd->e[0]) : "the enum");
        if (cmd->i[0] < 0 || cmd->i[1] < 0 || (cmd->ni > 2 && cmd->i[2] < 0))
            return error_at(ps, cmd->line, "draw arrays needs FIRST, COUNT (and INSTANCES) >= 0");
        /* shader_runner's draw_arrays_common() check, done before drawing. */
        if (t->has_vertex_data && ((size_t)cmd->i[0] > t->vdata.nrows ||
                                   (size_t)cmd->i[1] > t->vdata.nrows - (size_t)cmd->i[0]))
            return error_at(ps, cmd->line, "draw arrays cannot draw beyond the %zu rows of [vertex data]",
                            t->vdata.nrows);
        break;
    case ST_OP_DRAW_ELEMENTS:
        if (cmd->e[0] > GL_PATCHES)
            return error_at(ps, cmd->line, "%s is not a primitive mode",
                            gln_name(cmd->e[0]) ? gln_name(cmd->e[0]) : "the enum");
        /* shader_runner's draw_elements_common() checks, done before drawing. */
        if (cmd->i[0] <= 0 || cmd->i[1] < 0)
            return error_at(ps, cmd->line, "draw elements needs COUNT > 0 and BASEVERTEX >= 0");
        if ((size_t)cmd->i[0] > t->nelements)
            return error_at(ps, cmd->line, "draw elements cannot draw beyond the %zu [elements]",
                            t->nelements);
        /* An index past [vertex data] would read outside the arrays
         * (shader_runner leaves that to the GL). */
        if (t->has_vertex_data) {
            for (int k = 0; k < cmd->i[0]; k++)
                if ((size_t)t->elements[k] + (size_t)cmd->i[1] >= t->vdata.nrows)
                    return error_at(ps, cmd->line, "element %d (%u + BASEVERTEX %d) is beyond the "
                                    "%zu rows of [vertex data]", k, t->elements[k], cmd->i[1],
                                    t->vdata.nrows);
        }
        break;
    case ST_OP_TEX_STORAGE: {
        if (cmd->i[0] < 0 || cmd->i[0] > 31)
            return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[0]);
        bool ms = cmd->e[0] == GL_TEXTURE_2D_MULTISAMPLE || cmd->e[0] == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
        if (cmd->i[1] < 1 || cmd->i[1] > (ms ? 64 : 15))
            return error_at(ps, cmd->line, "%s %d out of range 1..%d", ms ? "sample count" : "level count",
                            cmd->i[1], ms ? 64 : 15);
        size_t texels = ms ? (size_t)cmd->i[1] : 1;
        for (int k = 2; k < cmd->ni; k++) {
            if (cmd->i[k] < 1 || cmd->i[k] > 16384)
                return error_at(ps, cmd->line, "texture size %d out of range 1..16384", cmd->i[k]);
            texels *= (size_t)cmd->i[k];
        }
        if (texels > ((size_t)1 << 24))
            return error_at(ps, cmd->line, "texture too large (%zu texels)", texels);
        break;
    }
    case ST_OP_CLIP_PLANE:
        if (cmd->i[0] < 0 || cmd->i[0] > 7)
            return error_at(ps, cmd->line, "clip plane %d out of range 0..7", cmd->i[0]);
        break;
    case ST_OP_TEX_RGBW: case ST_OP_TEX_RGBW_1D: case ST_OP_TEX_RGBW_3D: case ST_OP_TEX_ARRAY:
    case ST_OP_TEX_MIPTREE: case ST_OP_TEX_QUADS: case ST_OP_TEX_SHADOW: case ST_OP_TEX_JUNK: {
        if (cmd->i[0] < 0 || cmd->i[0] > 31)
            return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[0]);
        /* Sizes follow the unit (and the level for quads/checkerboard). */
        int first = cmd->op == ST_OP_TEX_QUADS ? 2 : 1;
        int last = cmd->op == ST_OP_TEX_QUADS ? 3 : cmd->ni - 1;
        size_t texels = 1;
        for (int k = first; k <= last; k++) {
            if (cmd->i[k] < 1 || cmd->i[k] > 16384)
                return error_at(ps, cmd->line, "texture size %d out of range 1..16384", cmd->i[k]);
            texels *= (size_t)cmd->i[k];
        }
        /* 4 floats a texel, built in memory before upload: cap at 256 MiB. */
        if (texels > ((size_t)1 << 24))
            return error_at(ps, cmd->line, "texture too large (%zu texels)", texels);
        if (cmd->op == ST_OP_TEX_QUADS &&
            (cmd->i[1] < 0 || cmd->i[1] > 14 || (cmd->variant == 0 && (cmd->i[4] < 1 || cmd->i[5] < 1))))
            return error_at(ps, cmd->line, "bad mipmap level or square size");
        break;
    }
    case ST_OP_TEX_INTEGER: {
        const struct st_format *fmt = st_format_find(cmd->e[0]);
        if (cmd->i[0] < 0 || cmd->i[0] > 31)
            return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[0]);
        if (cmd->i[1] < 1 || cmd->i[1] > 16384 || cmd->i[2] < 1 || cmd->i[2] > 16384 ||
            (size_t)cmd->i[1] * (size_t)cmd->i[2] > ((size_t)1 << 24))
            return error_at(ps, cmd->line, "bad texture size %dx%d", cmd->i[1], cmd->i[2]);
        if (!fmt || !fmt->bits32 || fmt->kind == ST_VAL_FLOAT)
            return error_at(ps, cmd->line, "texture integer takes GL_R32I .. GL_RGBA32I or "
                                           "GL_R32UI .. GL_RGBA32UI");
        break;
    }
    case ST_OP_TEX_BUFFER: {
        const struct st_format *fmt = st_format_find(cmd->e[0]);
        if (cmd->i[0] < 0 || cmd->i[0] > 31)
            return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[0]);
        if (cmd->ndata % (size_t)fmt->components != 0)
            return error_at(ps, cmd->line, "%zu values do not make whole %d-component texels",
                            cmd->ndata, fmt->components);
        break;
    }
    case ST_OP_PARAMETER_BUFFER:
        if (cmd->i[0] < 0)
            return error_at(ps, cmd->line, "negative parameter buffer binding %d", cmd->i[0]);
        break;
    case ST_OP_FB:
        if (cmd->variant == ST_FB_TEX_2D || cmd->variant == ST_FB_TEX_LAYERED ||
            cmd->variant == ST_FB_TEX_SLICE) {
            if (cmd->variant == ST_FB_TEX_SLICE && (cmd->i[1] < 0 || cmd->i[1] > 14 || cmd->i[2] < 0))
                return error_at(ps, cmd->line, "bad level %d or layer %d", cmd->i[1], cmd->i[2]);
            if (cmd->variant == ST_FB_TEX_SLICE && cmd->e[0] == GL_TEXTURE_CUBE_MAP && cmd->i[2] > 5)
                return error_at(ps, cmd->line, "cube map face %d out of range 0..5", cmd->i[2]);
            if (cmd->variant == ST_FB_TEX_SLICE && cmd->i[2] != 0 &&
                (cmd->e[0] == GL_TEXTURE_1D || cmd->e[0] == GL_TEXTURE_2D ||
                 cmd->e[0] == GL_TEXTURE_RECTANGLE || cmd->e[0] == GL_TEXTURE_2D_MULTISAMPLE))
                return error_at(ps, cmd->line, "layer %d of a texture target without layers", cmd->i[2]);
            int units = cmd->variant == ST_FB_TEX_2D ? cmd->ni : 1;
            for (int k = 0; k < units; k++)
                if (cmd->i[k] < 0 || cmd->i[k] > 31)
                    return error_at(ps, cmd->line, "texture unit %d out of range 0..31", cmd->i[k]);
        } else if (cmd->variant == ST_FB_MS || cmd->variant == ST_FB_RB) {
            if (!st_format_find(cmd->e[0]))
                return error_at(ps, cmd->line, "%s is not a colour format asmgl run renders to",
                                gln_name(cmd->e[0]) ? gln_name(cmd->e[0]) : "the enum");
            if (cmd->variant == ST_FB_MS &&
                (cmd->i[0] < 1 || cmd->i[0] > 16384 || cmd->i[1] < 1 || cmd->i[1] > 16384 ||
                 cmd->i[2] < 0 || cmd->i[2] > 64))
                return error_at(ps, cmd->line, "bad framebuffer size or sample count");
        }
        break;
    default:
        break;
    }
    return true;
}

static bool add_command(struct parser *ps, const struct st_command *cmd)
{
    struct shader_test *t = ps->t;
    if (!util_reserve((void **)&t->cmds, &ps->cmd_cap, t->ncmds + 1, sizeof *cmd))
        return error_at(ps, ps->line, "out of memory");
    t->cmds[t->ncmds++] = *cmd;
    return true;
}

/* Keeps cmd if it passes check_command; its data is freed otherwise. */
static bool add_checked_command(struct parser *ps, struct st_command *cmd)
{
    if (check_command(ps, cmd) && add_command(ps, cmd))
        return true;
    free(cmd->data);
    return false;
}

static bool parse_command(struct parser *ps, struct cur *c, const char *text, int text_len)
{
    struct st_command cmd;
    memset(&cmd, 0, sizeof cmd);
    cmd.line = ps->line;
    cmd.text = text;
    cmd.text_len = text_len;

    /* The memory commands: ssbo, buffer, image bind, probe
     * ssbo/buffer/image, compute, memory barrier (st_mem_parse.c). */
    char mem_why[1024];
    int mem = st_mem_parse(ps->t, c->p, c->end, &cmd, mem_why, sizeof mem_why);
    if (mem < 0)
        return error_at(ps, ps->line, "bad memory command: %s", mem_why);
    if (mem > 0)
        return add_checked_command(ps, &cmd);

    struct cur pv = *c;
    struct cur pl = *c;
    bool patch_vertices = eat_words(&pv, "patch parameter vertices") || /* the ones we run */
                          eat_words(&pl, "patch parameter default level");
    for (size_t k = 0; k < COUNT(unsupported_cmds) && !patch_vertices; k++) {
        struct cur s = *c;
        if (eat_words(&s, unsupported_cmds[k])) {
            cmd.op = ST_OP_UNSUPPORTED;
            return add_command(ps, &cmd);
        }
    }

    struct cur s = *c;
    ps->why[0] = '\0';
    if (eat_words(&s, "texparameter")) {
        cmd.op = ST_OP_TEXPARAMETER;
        if (!parse_texparameter(ps, &s, &cmd))
            return error_at(ps, ps->line, "bad texparameter%s%s; expected: texparameter TARGET NAME VALUE",
                            ps->why[0] ? ": " : "", ps->why);
        return check_command(ps, &cmd) && add_command(ps, &cmd);
    }
    if (eat_words(&s, "attrib64")) {
        if (!parse_attrib64(ps, &s, &cmd)) {
            free(cmd.data);
            return error_at(ps, ps->line, "bad attrib64%s%s; expected: attrib64 INDEX double|int64|uint64 "
                            "X [Y [Z [W]]]", ps->why[0] ? ": " : "", ps->why);
        }
        return add_checked_command(ps, &cmd);
    }
    if (eat_words(&s, "subroutine")) {
        if (!parse_subroutine(ps, &s, &cmd)) {
            free(cmd.data);
            return error_at(ps, ps->line, "bad subroutine%s%s; expected: subroutine vertex|fragment|geometry "
                            "V0 V1 ...", ps->why[0] ? ": " : "", ps->why);
        }
        return add_checked_command(ps, &cmd);
    }
    s = *c;
    if (eat_words(&s, "parameter")) {
        cmd.op = ST_OP_PARAMETER;
        if (!parse_parameter(ps, &s, &cmd)) {
            free(cmd.data);
            return error_at(ps, ps->line,
                            "bad parameter%s%s; expected: parameter env_vp|local_vp|env_fp|local_fp"
                            "[_int|_uint] INDEX (X, Y, Z, W), or parameter buffer STAGE BINDING "
                            "[float|int|uint] (V, ...)",
                            ps->why[0] ? ": " : "", ps->why);
        }
        return add_checked_command(ps, &cmd);
    }
    s = *c;
    if (eat_words(&s, "texture storage")) {
        if (!parse_texture_storage(ps, &s, &cmd))
            return error_at(ps, ps->line, "bad texture storage%s%s; expected: texture storage UNIT "
                            "TARGET GL_FORMAT (LEVELS W [H [D]])", ps->why[0] ? ": " : "", ps->why);
        return add_checked_command(ps, &cmd);
    }
    s = *c;
    if (eat_words(&s, "fb tex slice")) {
        if (!parse_fb_tex_slice(ps, &s, &cmd))
            return error_at(ps, ps->line, "bad fb tex slice%s%s; expected: fb tex slice TARGET "
                            "UNIT LEVEL LAYER", ps->why[0] ? ": " : "", ps->why);
        return add_checked_command(ps, &cmd);
    }
    s = *c;
    if (eat_words(&s, "texture handle")) {
        if (!parse_texture_handle(ps, &s, &cmd))
            return error_at(ps, ps->line, "bad texture handle%s%s; expected: texture handle UNIT "
                            "env_STAGE|local_STAGE INDEX [nonresident]", ps->why[0] ? ": " : "", ps->why);
        return add_checked_command(ps, &cmd);
    }
    s = *c;
    if (eat_words(&s, "texture buffer")) {
        cmd.op = ST_OP_TEX_BUFFER;
        if (!parse_texture_buffer(ps, &s, &cmd)) {
            free(cmd.data);
            return error_at(ps, ps->line, "bad texture buffer%s%s; expected: texture buffer UNIT "
                            "GL_FORMAT (V, ...)", ps->why[0] ? ": " : "", ps->why);
        }
        return add_checked_command(ps, &cmd);
    }

    const struct cmd_def *matched = NULL;
    char why[sizeof ps->why] = "";
    for (size_t k = 0; k < COUNT(cmd_defs); k++) {
        s = *c;
        if (!eat_words(&s, cmd_defs[k].words))
            continue;
        if (matched && strcmp(matched->words, cmd_defs[k].words) != 0)
            break; /* a shorter command that merely prefixes the words tried */
        struct st_command try = cmd;
        try.op = cmd_defs[k].op;
        try.variant = cmd_defs[k].variant;
        ps->why[0] = '\0';
        if (scan_args(ps, &s, cmd_defs[k].args, &try))
            return check_command(ps, &try) && add_command(ps, &try);
        if (!matched) {
            /* Report the first row tried; later rows overwrite ps->why. */
            matched = &cmd_defs[k];
            memcpy(why, ps->why, sizeof why);
        }
    }
    if (matched)
        return error_at(ps, ps->line, "bad arguments%s%s; expected: %s", why[0] ? ": " : "", why,
                        matched->usage);
    return error_at(ps, ps->line, "unknown command '%.*s'", text_len > 80 ? 80 : text_len, text);
}

/* ---- sections ------------------------------------------------------------ */

/* Sections of GLSL-based shader_tests; asmgl runs assembly programs only. */
static const char *const glsl_sections[] = {
    "vertex shader", "vertex shader passthrough", "vertex shader spirv",
    "vertex shader specializations", "tessellation control shader",
    "tessellation control shader spirv", "tessellation control shader specializations",
    "tessellation evaluation shader", "tessellation evaluation shader spirv",
    "tessellation evaluation shader specializations", "geometry shader",
    "geometry shader spirv", "geometry shader specializations", "geometry layout",
    "fragment shader", "fragment shader spirv", "fragment shader specializations",
    "compute shader", "compute shader spirv", "compute shader specializations",
    "shader include", "shader include paths",
};

enum section { SEC_NONE, SEC_REQUIRE, SEC_PROGRAM, SEC_VERTEX_DATA, SEC_ELEMENTS, SEC_IGNORED, SEC_TEST };

/* An [elements] line: vertex indices 0..65535 separated by blanks, up to a
 * '#' comment (shader_runner's process_elements()). */
static bool parse_elements_line(struct parser *ps, struct cur *c)
{
    struct shader_test *t = ps->t;
    for (;;) {
        skip_ws(c);
        if (c->p >= c->end || *c->p == '#')
            return true;
        long long v;
        if (!scan_long(c, &v, 0) || v < 0 || v > UINT16_MAX ||
            (c->p < c->end && *c->p != ' ' && *c->p != '\t' && *c->p != '#'))
            return error_at(ps, ps->line, "[elements] takes vertex indices 0..65535");
        if (!util_reserve((void **)&t->elements, &ps->element_cap, t->nelements + 1,
                          sizeof *t->elements))
            return error_at(ps, ps->line, "out of memory");
        t->elements[t->nelements++] = (uint16_t)v;
    }
}

static bool finish_program(struct parser *ps, const char *next_line)
{
    struct st_program *p = &ps->t->progs[ps->t->nprogs - 1];
    p->len = (size_t)(next_line - p->text);
    const struct prog_stage *hdr = prog_stage_from_header(p->text, p->len);
    if (hdr && hdr != p->stage)
        return error_at(ps, p->line, "the program header is for %s but the section is [%s]",
                        hdr->target_name, p->stage->section);
    return true;
}

bool st_parse(struct shader_test *t, const char *path, char *text, size_t len)
{
    struct parser ps;
    memset(t, 0, sizeof *t);
    memset(&ps, 0, sizeof ps);
    t->path = path;
    t->text = text;
    t->len = len;
    ps.t = t;

    enum section sec = SEC_NONE;
    bool have_require = false;
    const char *p = text, *end = text + len;

    for (ps.line = 1; p < end; ps.line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = nl ? nl : end;
        const char *next = nl ? nl + 1 : end;
        struct cur c = { p, line_end };
        if (c.end > c.p && c.end[-1] == '\r')
            c.end--;

        if (sec != SEC_TEST && *p == '[') {
            /* A section header ends the previous section (piglit: any line
             * whose first byte is '[' outside [test]). */
            if (sec == SEC_PROGRAM && !finish_program(&ps, p))
                return false;
            const char *close = memchr(p, ']', (size_t)(c.end - p));
            if (!close)
                return error_at(&ps, ps.line, "section header without ']'");
            const char *name = p + 1;
            size_t n = (size_t)(close - name);
            struct cur rest = { close + 1, c.end };
            if (!at_line_end(&rest))
                return error_at(&ps, ps.line, "unexpected text after the section header");

            const struct prog_stage *stage = prog_stage_from_section(name, n);
            size_t k;
            for (k = 0; k < COUNT(glsl_sections); k++)
                if (range_is(name, n, glsl_sections[k]))
                    break;
            if (range_is(name, n, "require")) {
                sec = SEC_REQUIRE;
                have_require = true;
            } else if (stage) {
                if (!util_reserve((void **)&t->progs, &ps.prog_cap, t->nprogs + 1, sizeof *t->progs))
                    return error_at(&ps, ps.line, "out of memory");
                struct st_program *prog = &t->progs[t->nprogs++];
                prog->stage = stage;
                prog->text = next;
                prog->len = 0;
                prog->line = ps.line + 1;
                sec = SEC_PROGRAM;
            } else if (range_is(name, n, "vertex data")) {
                if (t->has_vertex_data)
                    return error_at(&ps, ps.line, "more than one [vertex data] section");
                t->has_vertex_data = true;
                t->vdata.line = ps.line;
                sec = SEC_VERTEX_DATA;
            } else if (range_is(name, n, "elements")) {
                sec = SEC_ELEMENTS;
            } else if (range_is(name, n, "test")) {
                sec = SEC_TEST;
            } else if (k < COUNT(glsl_sections)) {
                if (!t->glsl_section) {
                    t->glsl_section = dup_range(p, (size_t)(close + 1 - p), NULL);
                    t->glsl_line = ps.line;
                    if (!t->glsl_section)
                        return error_at(&ps, ps.line, "out of memory");
                }
                sec = SEC_IGNORED;
            } else {
                return error_at(&ps, ps.line, "unknown section '%.*s'", (int)(n > 60 ? 60 : n) + 2, p);
            }
        } else {
            switch (sec) {
            case SEC_NONE:
            case SEC_PROGRAM:
            case SEC_IGNORED:
                break; /* text before any section is ignored, as in piglit */
            case SEC_REQUIRE:
                if (!parse_require_line(&ps, &c))
                    return false;
                break;
            case SEC_ELEMENTS:
                if (!parse_elements_line(&ps, &c))
                    return false;
                break;
            case SEC_VERTEX_DATA:
                /* A GLSL test is skipped; its data names GLSL attributes. */
                if (!t->glsl_section && !parse_vertex_data_line(&ps, &c))
                    return false;
                break;
            case SEC_TEST: {
                skip_ws(&c);
                int n = (size_t)(c.end - c.p) > INT_MAX ? INT_MAX : (int)(c.end - c.p);
                if (!t->glsl_section && c.p < c.end && *c.p != '#' && !parse_command(&ps, &c, c.p, n))
                    return false;
                break;
            }
            }
        }
        p = next;
    }
    if (sec == SEC_PROGRAM && !finish_program(&ps, end))
        return false;
    if (!have_require)
        return error_at(&ps, 1, "no [require] section");
    if (t->has_vertex_data && t->vdata.nattribs == 0 && !t->glsl_section)
        return error_at(&ps, t->vdata.line, "[vertex data] has no column header");
    return true;
}

void st_free(struct shader_test *t)
{
    for (size_t i = 0; i < t->nreqs; i++)
        free(t->reqs[i].name);
    free(t->reqs);
    free(t->progs);
    free(t->vdata.attribs);
    free(t->vdata.rows);
    free(t->elements);
    for (size_t i = 0; i < t->ncmds; i++)
        free(t->cmds[i].data);
    free(t->cmds);
    for (size_t i = 0; i < t->nbuffer_names; i++)
        free(t->buffer_names[i]);
    free(t->buffer_names);
    free(t->glsl_section);
    free(t->text);
    memset(t, 0, sizeof *t);
}
