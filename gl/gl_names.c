/*
 * gl_names.c - GL object name tables (API thread).
 *
 * Open addressing with linear probing over non-zero GLuint keys; removal
 * re-inserts the rest of the cluster, so there are no tombstones.  One table
 * per object kind (programs, textures, buffers, framebuffers, renderbuffers).
 */
#include "gl_priv.h"

#include <stdlib.h>

char gl_name_reserved_marker;

static size_t slot_of(GLuint name, size_t cap)
{
    uint32_t h = name * 2654435761u;
    return h & (cap - 1);
}

void *gl_names_lookup(const gl_name_table *t, GLuint name)
{
    if (!name || !t->cap)
        return NULL;
    for (size_t i = slot_of(name, t->cap);; i = (i + 1) & (t->cap - 1)) {
        if (t->keys[i] == name)
            return t->values[i];
        if (t->keys[i] == 0)
            return NULL;
    }
}

static bool grow(gl_name_table *t)
{
    size_t cap = t->cap ? t->cap * 2 : 64;
    GLuint *keys = calloc(cap, sizeof *keys);
    void **values = calloc(cap, sizeof *values);
    if (!keys || !values) {
        free(keys);
        free(values);
        return false;
    }
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->keys[i])
            continue;
        size_t j = slot_of(t->keys[i], cap);
        while (keys[j])
            j = (j + 1) & (cap - 1);
        keys[j] = t->keys[i];
        values[j] = t->values[i];
    }
    free(t->keys);
    free(t->values);
    t->keys = keys;
    t->values = values;
    t->cap = cap;
    return true;
}

bool gl_names_insert(gl_name_table *t, GLuint name, void *value)
{
    if ((t->count + 1) * 4 > t->cap * 3 && !grow(t))
        return false;
    size_t i = slot_of(name, t->cap);
    while (t->keys[i] && t->keys[i] != name)
        i = (i + 1) & (t->cap - 1);
    if (!t->keys[i])
        t->count++;
    t->keys[i] = name;
    t->values[i] = value;
    return true;
}

void gl_names_remove(gl_name_table *t, GLuint name)
{
    if (!name || !t->cap)
        return;
    size_t i = slot_of(name, t->cap);
    while (t->keys[i] != name) {
        if (!t->keys[i])
            return;
        i = (i + 1) & (t->cap - 1);
    }
    t->keys[i] = 0;
    t->values[i] = NULL;
    t->count--;
    /* re-insert the rest of the cluster */
    for (size_t j = (i + 1) & (t->cap - 1); t->keys[j]; j = (j + 1) & (t->cap - 1)) {
        GLuint k = t->keys[j];
        void *v = t->values[j];
        t->keys[j] = 0;
        t->values[j] = NULL;
        size_t s = slot_of(k, t->cap);
        while (t->keys[s])
            s = (s + 1) & (t->cap - 1);
        t->keys[s] = k;
        t->values[s] = v;
    }
}

bool gl_names_gen(gl_name_table *t, GLsizei n, GLuint *names)
{
    for (GLsizei i = 0; i < n; i++) {
        GLuint name = t->next ? t->next : 1;
        while (name == 0 || gl_names_lookup(t, name))
            name++;
        if (!gl_names_insert(t, name, GL_NAME_RESERVED)) {
            for (GLsizei j = 0; j < i; j++)
                gl_names_remove(t, names[j]);
            return false;
        }
        names[i] = name;
        t->next = name + 1;
    }
    return true;
}

bool gl_names_count_ok(gl_context *ctx, GLsizei n)
{
    GL_OUTSIDE_BEGIN(ctx, false);
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

bool gl_names_gen_checked(gl_context *ctx, gl_name_table *t, GLsizei n, GLuint *names)
{
    if (!gl_names_count_ok(ctx, n) || !n || !names)
        return false;
    if (!gl_names_gen(t, n, names)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return false;
    }
    return true;
}

void gl_names_delete(gl_context *ctx, gl_name_table *t, GLsizei n, const GLuint *names,
                     void (*detach)(gl_context *ctx, void *obj), int retire_kind)
{
    if (!gl_names_count_ok(ctx, n) || !names)
        return;
    for (GLsizei i = 0; i < n; i++) {
        void *v = gl_names_lookup(t, names[i]);
        if (!v)
            continue; /* unused names and 0 are silently ignored */
        if (v != GL_NAME_RESERVED)
            detach(ctx, v);
        gl_names_remove(t, names[i]);
        if (v != GL_NAME_RESERVED && retire_kind >= 0)
            gl_share_retire(ctx, retire_kind, v);
    }
}

void gl_names_foreach(const gl_name_table *t, void (*fn)(GLuint, void *, void *), void *user)
{
    for (size_t i = 0; i < t->cap; i++)
        if (t->keys[i])
            fn(t->keys[i], t->values[i], user);
}

void gl_names_free(gl_name_table *t)
{
    free(t->keys);
    free(t->values);
    t->keys = NULL;
    t->values = NULL;
    t->cap = t->count = 0;
}
