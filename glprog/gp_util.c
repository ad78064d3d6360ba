/*
 * gp_util.c - the compiler's small utilities: the arena all parse memory
 * comes from, the slice map (names to values), and parse errors (gp_fail
 * records the position and message and unwinds to gp_compile).  Compile
 * time, calling thread.  The parser and the validator use them; the
 * lexer (gp_lex.c) does not, and they use only its gp_lex_linecol.
 */
#include <stdarg.h>
#include <stdio.h>

#include "gp_priv.h"

/* ---- arena ---------------------------------------------------------------- */

struct gp_arena_block {
    gp_arena_block *next;
    size_t size, used;
    _Alignas(16) unsigned char data[];
};

void gp_arena_init(gp_arena *a, size_t limit)
{
    a->head = NULL;
    a->total = 0;
    a->limit = limit;
}

void *gp_arena_alloc(gp_arena *a, size_t size)
{
    size_t need;
    if (!gp_size_add(size, 15, &need))
        return NULL;
    need &= ~(size_t)15;
    if (need == 0)
        need = 16;
    gp_arena_block *b = a->head;
    if (!b || b->size - b->used < need) {
        size_t bsize = need > 48 * 1024 ? need : 64 * 1024 - sizeof(gp_arena_block);
        size_t total;
        if (!gp_size_add(bsize, sizeof(gp_arena_block), &total))
            return NULL;
        if (a->limit && (total > a->limit || a->total > a->limit - total))
            return NULL;
        b = GP_MALLOC(total);
        if (!b)
            return NULL;
        a->total += total;
        b->size = bsize;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = b->data + b->used;
    b->used += need;
    memset(p, 0, size);
    return p;
}

void *gp_arena_grow(gp_arena *a, void *old, size_t old_size, size_t new_size)
{
    void *p = gp_arena_alloc(a, new_size);
    if (p && old && old_size)
        memcpy(p, old, old_size < new_size ? old_size : new_size);
    return p;
}

void gp_arena_free(gp_arena *a)
{
    gp_arena_block *b = a->head;
    while (b) {
        gp_arena_block *next = b->next;
        GP_FREE(b);
        b = next;
    }
    a->head = NULL;
    a->total = 0;
}

/* ---- errors and memory ---------------------------------------------------- */

void gp_fail(gp_parse *ps, int pos, const char *fmt, ...)
{
    gp_error *e = ps->err;
    if (pos < 0)
        pos = 0;
    if (pos > ps->len)
        pos = ps->len;
    e->pos = pos;
    gp_lex_linecol(ps->src, ps->len, pos, &e->line, &e->col);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
    va_end(ap);
    longjmp(ps->fail, 1);
}

void gp_fail_oom(gp_parse *ps)
{
    ps->err->out_of_memory = true;
    gp_fail(ps, ps->tok.pos, "out of memory");
}

void *gp_alloc(gp_parse *ps, size_t size)
{
    void *p = gp_arena_alloc(&ps->arena, size);
    if (!p)
        gp_fail_oom(ps);
    return p;
}

void gp_reserve(gp_parse *ps, void **arr, int *cap, int count, size_t elem)
{
    if (count < *cap)
        return;
    if (*cap > INT32_MAX / 2)
        gp_fail_oom(ps);
    int ncap = *cap ? *cap * 2 : 16;
    size_t old_bytes, new_bytes;
    if (!gp_size_mul((size_t)*cap, elem, &old_bytes) || !gp_size_mul((size_t)ncap, elem, &new_bytes))
        gp_fail_oom(ps);
    void *p = gp_arena_grow(&ps->arena, *arr, old_bytes, new_bytes);
    if (!p)
        gp_fail_oom(ps);
    *arr = p;
    *cap = ncap;
}

/* ---- slice map ------------------------------------------------------------ */

struct gp_map_slot {
    const char *key;
    int len;
    uint32_t hash;
    void *value;
};

static uint32_t map_hash(const char *key, int len)
{
    uint32_t h = 2166136261u; /* FNV-1a */
    for (int i = 0; i < len; i++)
        h = (h ^ (unsigned char)key[i]) * 16777619u;
    return h;
}

void *gp_map_get(const gp_map *m, const char *key, int len)
{
    if (!m->cap)
        return NULL;
    uint32_t h = map_hash(key, len);
    for (uint32_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        const struct gp_map_slot *s = &m->slots[i];
        if (!s->key)
            return NULL;
        if (s->hash == h && s->len == len && memcmp(s->key, key, (size_t)len) == 0)
            return s->value;
    }
}

void gp_map_put(gp_parse *ps, gp_map *m, const char *key, int len, void *value)
{
    if ((m->count + 1) * 2 > m->cap) {
        uint32_t ncap = m->cap ? m->cap * 2 : 64;
        if (ncap < m->cap)
            gp_fail_oom(ps);
        struct gp_map_slot *ns = gp_alloc(ps, (size_t)ncap * sizeof(*ns));
        for (uint32_t i = 0; i < m->cap; i++) {
            struct gp_map_slot *s = &m->slots[i];
            if (!s->key)
                continue;
            uint32_t j = s->hash & (ncap - 1);
            while (ns[j].key)
                j = (j + 1) & (ncap - 1);
            ns[j] = *s;
        }
        m->slots = ns;
        m->cap = ncap;
    }
    uint32_t h = map_hash(key, len);
    uint32_t i = h & (m->cap - 1);
    while (m->slots[i].key) {
        struct gp_map_slot *s = &m->slots[i];
        if (s->hash == h && s->len == len && memcmp(s->key, key, (size_t)len) == 0) {
            s->value = value;
            return;
        }
        i = (i + 1) & (m->cap - 1);
    }
    m->slots[i] = (struct gp_map_slot){ key, len, h, value };
    m->count++;
}
