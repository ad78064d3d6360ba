/*
 * demo_gl.c - looks up the post-1.1 GL entry points the demos use.
 * API thread only.
 */
#include "demo_gl.h"

#include <stdio.h>
#include <string.h>

#include "asmgl/asmgl.h"

#define DEMO_GL_DEFINE(type, name) type demo_##name;
DEMO_GL_ENTRY_POINTS(DEMO_GL_DEFINE)
#undef DEMO_GL_DEFINE

/* Whole-word search of a space-separated extension list. */
static int has_word(const char *list, const char *word, size_t len)
{
    for (const char *p = list; (p = strstr(p, "GL_")) != NULL; p++) {
        if ((p == list || p[-1] == ' ') && strncmp(p, word, len) == 0 && (p[len] == ' ' || p[len] == '\0'))
            return 1;
    }
    return 0;
}

/* Looks `name` up, then, for an ARB entry point that was promoted to core
 * unchanged (glActiveTextureARB, glVertexAttribPointerARB, ...), the core name. */
static void (*lookup(const char *name))(void)
{
    void (*fn)(void) = asmgl_get_proc_address(name);
    size_t len = strlen(name);
    if (!fn && len > 3 && len < 128 && strcmp(name + len - 3, "ARB") == 0) {
        char core[128];
        memcpy(core, name, len - 3);
        core[len - 3] = '\0';
        fn = asmgl_get_proc_address(core);
    }
    return fn;
}

int demo_gl_load(const char *extensions)
{
    int ok = 1;
#define DEMO_GL_LOOKUP(type, name)                                                    \
    demo_##name = (type)lookup(#name);                                                \
    if (!demo_##name) {                                                               \
        fprintf(stderr, "demo: the GL implementation does not provide %s\n", #name); \
        ok = 0;                                                                       \
    }
    DEMO_GL_ENTRY_POINTS(DEMO_GL_LOOKUP)
#undef DEMO_GL_LOOKUP

    const char *have = (const char *)glGetString(GL_EXTENSIONS);
    if (!have) {
        fprintf(stderr, "demo: glGetString(GL_EXTENSIONS) returned NULL\n");
        return 0;
    }
    for (const char *w = extensions; w && *w;) {
        size_t len = strcspn(w, " ");
        if (len && !has_word(have, w, len)) {
            fprintf(stderr, "demo: the GL implementation does not advertise %.*s\n", (int)len, w);
            ok = 0;
        }
        w += len;
        w += strspn(w, " ");
    }
    return ok;
}
