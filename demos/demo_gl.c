/*
 * demo_gl.c - checks the extensions a demo needs and looks up the post-1.1 GL
 * entry points it uses.  API thread only.
 */
#include "demo_gl.h"

#include <stdio.h>
#include <string.h>

#define DEMO_GL_DEFINE(type, name) type demo_##name;
DEMO_GL_ENTRY_POINTS(DEMO_GL_DEFINE)
#undef DEMO_GL_DEFINE

static void (*(*gl_get_proc)(const char *name))(void);

/* Whole-word search of a space-separated extension list. */
static int has_word(const char *list, const char *word, size_t len)
{
    for (const char *p = list; (p = strstr(p, "GL_")) != NULL; p++) {
        if ((p == list || p[-1] == ' ') && strncmp(p, word, len) == 0 && (p[len] == ' ' || p[len] == '\0'))
            return 1;
    }
    return 0;
}

void (*demo_gl_proc(const char *name))(void)
{
    if (!gl_get_proc)
        return NULL;
    void (*fn)(void) = gl_get_proc(name);
    size_t len = strlen(name);
    if (!fn && len > 3 && len < 128 && strcmp(name + len - 3, "ARB") == 0) {
        char core[128];
        memcpy(core, name, len - 3);
        core[len - 3] = '\0';
        fn = gl_get_proc(core);
    }
    return fn;
}

int demo_gl_load(void (*(*get_proc)(const char *name))(void), const char *extensions)
{
    int ok = 1;
    const char *have = (const char *)glGetString(GL_EXTENSIONS);
    if (!have) {
        fprintf(stderr, "demo: glGetString(GL_EXTENSIONS) returned NULL\n");
        return 0;
    }
    for (const char *w = extensions; w && *w;) {
        size_t len = strcspn(w, " ");
        if (len && !has_word(have, w, len)) {
            fprintf(stderr, "demo: the GL implementation (%s) does not advertise %.*s\n",
                    (const char *)glGetString(GL_RENDERER), (int)len, w);
            ok = 0;
        }
        w += len;
        w += strspn(w, " ");
    }
    if (!ok)
        return 0;

    gl_get_proc = get_proc;
#define DEMO_GL_LOOKUP(type, name)                                                    \
    demo_##name = (type)demo_gl_proc(#name);                                          \
    if (!demo_##name) {                                                               \
        fprintf(stderr, "demo: the GL implementation does not provide %s\n", #name); \
        ok = 0;                                                                       \
    }
    DEMO_GL_ENTRY_POINTS(DEMO_GL_LOOKUP)
#undef DEMO_GL_LOOKUP
    return ok;
}
