/*
 * gl_proc.c - asmgl_get_proc_address over the gl_entrypoints.def table
 * (any thread: the table is constant).
 */
#include "gl_priv.h"

#include <stdlib.h>
#include <string.h>

typedef struct proc_entry {
    const char *name;
    void (*fn)(void);
} proc_entry;

/* Sorted by name, as the .def file is (checked by the gl.entrypoints test
 * and asserted on first use in debug builds). */
static const proc_entry procs[] = {
#define GL_ENTRY(name) {#name, (void (*)(void))name},
#include "gl_entrypoints.def"
#undef GL_ENTRY
};

static int cmp(const void *key, const void *elem)
{
    return strcmp((const char *)key, ((const proc_entry *)elem)->name);
}

GLAPI_EXPORT void (*asmgl_get_proc_address(const char *name))(void)
{
    if (!name)
        return NULL;
    const proc_entry *e =
        bsearch(name, procs, sizeof procs / sizeof procs[0], sizeof procs[0], cmp);
    return e ? e->fn : NULL;
}
