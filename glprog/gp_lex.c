/*
 * gp_lex.c - tokens of the ARB/NV assembly languages, with byte offsets
 * (ARB_vertex_program 2.14.2, ARB_fragment_program 3.11.2: whitespace is
 * space, tab, CR, LF and "#" comments to the end of the line).  Compile
 * time, calling thread.
 *
 * Opcodes are not tokens of their own: an identifier becomes an opcode only
 * at the start of a statement, after gp_opcode_split and the environment's
 * checks (gp_parse.c), because "SEQ" is an opcode under OPTION
 * NV_fragment_program and a legal temporary name without it.
 */
#include <math.h>
#include <stdio.h>

#include "gp_priv.h"

/* ---- lexer ---------------------------------------------------------------- */

static bool is_ident_start(int c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '$';
}

static bool is_ident_char(int c)
{
    return is_ident_start(c) || (c >= '0' && c <= '9');
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int gp_lex_header_start(const char *src, int len)
{
    int p = 0;
    while (p < len && is_space((unsigned char)src[p]))
        p++;
    return p;
}

void gp_lex_init(gp_lexer *lx, const char *src, int len, int start)
{
    lx->src = src;
    lx->len = len;
    lx->pos = start;
    lx->hex = false;
}

/* Length of an exponent "e[+-]digits" at p, or 0 if there is none. */
static int exponent_len(const char *s, int p, int len)
{
    if (p >= len || (s[p] != 'e' && s[p] != 'E'))
        return 0;
    int q = p + 1;
    if (q < len && (s[q] == '+' || s[q] == '-'))
        q++;
    if (q >= len || !is_digit((unsigned char)s[q]))
        return 0;
    while (q < len && is_digit((unsigned char)s[q]))
        q++;
    return q - p;
}

void gp_lex_next(gp_lexer *lx, gp_token *t)
{
    const char *s = lx->src;
    int len = lx->len, p = lx->pos;

    for (;;) {
        while (p < len && is_space((unsigned char)s[p]))
            p++;
        if (p < len && s[p] == '#') {
            while (p < len && s[p] != '\n' && s[p] != '\r')
                p++;
            continue;
        }
        break;
    }
    memset(t, 0, sizeof(*t));
    t->pos = p;
    if (p >= len) {
        t->kind = GP_TOK_EOF;
        lx->pos = p;
        return;
    }
    int c = (unsigned char)s[p];
    int q = p;
    if (is_ident_start(c)) {
        while (q < len && is_ident_char((unsigned char)s[q]))
            q++;
        t->kind = GP_TOK_IDENT;
    } else if (lx->hex && c == '0' && p + 2 < len && (s[p + 1] == 'x' || s[p + 1] == 'X') &&
               hex_value((unsigned char)s[p + 2]) >= 0) {
        /* NV_gpu_program4 2.X.2: <int> may be "0x" and hex digits */
        uint64_t v = 0;
        q = p + 2;
        while (q < len && hex_value((unsigned char)s[q]) >= 0) {
            v = v * 16 + (uint64_t)hex_value((unsigned char)s[q]);
            if (v > UINT32_MAX)
                v = (uint64_t)UINT32_MAX + 1;
            q++;
        }
        t->kind = GP_TOK_INT;
        t->hex = true;
        t->big = v > UINT32_MAX;
        t->ival = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    } else if (is_digit(c) || (c == '.' && p + 1 < len && is_digit((unsigned char)s[p + 1]))) {
        /* <floatConstant>: integer part, ".", fraction, exponent; either the
         * integer or the fraction part, and either the "." or the exponent,
         * may be missing.  "0..3" (a range) and "3.x" (a scalar constant with
         * a swizzle) end the number before the ".". */
        bool is_float = false;
        uint64_t v = 0;
        while (q < len && is_digit((unsigned char)s[q])) {
            v = v * 10 + (uint64_t)(s[q] - '0');
            if (v > UINT32_MAX)
                v = (uint64_t)UINT32_MAX + 1;
            q++;
        }
        if (q < len && s[q] == '.') {
            int r = q + 1;
            if (r < len && is_digit((unsigned char)s[r])) {
                while (r < len && is_digit((unsigned char)s[r]))
                    r++;
                r += exponent_len(s, r, len);
                is_float = true;
                q = r;
            } else if (r < len && s[r] == '.') {
                /* range: the integer ends here */
            } else if (exponent_len(s, r, len)) {
                q = r + exponent_len(s, r, len);
                is_float = true;
            } else if (r < len && is_ident_start((unsigned char)s[r])) {
                /* "3.x": integer, then a swizzle */
            } else if (q > p) {
                q = r; /* "1." */
                is_float = true;
            }
        } else if (exponent_len(s, q, len)) {
            q += exponent_len(s, q, len);
            is_float = true;
        }
        t->kind = is_float ? GP_TOK_FLOAT : GP_TOK_INT;
        t->big = !is_float && v > UINT32_MAX;
        t->ival = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    } else if (c == '.' && p + 1 < len && s[p + 1] == '.') {
        q = p + 2;
        t->kind = GP_TOK_DOTDOT;
    } else if (strchr(";,.[]{}=+-()|:", c) && c != 0) {
        q = p + 1;
        t->kind = GP_TOK_PUNCT;
        t->punct = (char)c;
    } else {
        q = p + 1;
        t->kind = GP_TOK_BAD;
    }
    t->len = q - p;
    lx->pos = q;
}

float gp_lex_number(const char *src, const gp_token *t)
{
    /* Rewrite the constant as "<digits>e<exponent>" with no decimal point,
     * so strtof's locale cannot matter, keeping at most MAXDIG significant
     * digits plus a sticky nonzero digit (enough for correct rounding of a
     * binary32: every halfway point has fewer than 120 significant digits). */
    enum { MAXDIG = 120 };
    char buf[MAXDIG + 40];
    int n = 0;
    long long exp10 = 0;
    bool seen_nonzero = false, sticky = false, in_frac = false;
    const char *s = src + t->pos;
    int i = 0, len = t->len;
    for (; i < len; i++) {
        char c = s[i];
        if (c == '.') {
            in_frac = true;
            continue;
        }
        if (c == 'e' || c == 'E')
            break;
        if (c == '0' && !seen_nonzero) {
            if (in_frac)
                exp10--;
            continue;
        }
        seen_nonzero = true;
        if (n < MAXDIG) {
            buf[n++] = c;
            if (in_frac)
                exp10--;
        } else {
            if (c != '0')
                sticky = true;
            if (!in_frac)
                exp10++;
        }
    }
    if (!seen_nonzero)
        return 0.0f;
    if (sticky)
        buf[n++] = '1', exp10--;
    if (i < len) {
        i++;
        bool neg = false;
        if (i < len && (s[i] == '+' || s[i] == '-'))
            neg = s[i++] == '-';
        long long e = 0;
        for (; i < len; i++) {
            e = e * 10 + (s[i] - '0');
            if (e > 1000000)
                e = 1000000; /* far past binary32 range either way */
        }
        exp10 += neg ? -e : e;
    }
    snprintf(buf + n, sizeof(buf) - (size_t)n, "e%lld", exp10);
    return strtof(buf, NULL);
}

void gp_lex_linecol(const char *src, int len, int pos, int *line, int *col)
{
    int l = 1, start = 0;
    if (pos > len)
        pos = len;
    for (int i = 0; i < pos; i++) {
        if (src[i] == '\n' || (src[i] == '\r' && (i + 1 >= len || src[i + 1] != '\n'))) {
            l++;
            start = i + 1;
        }
    }
    *line = l;
    *col = pos - start + 1;
}
