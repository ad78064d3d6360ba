/*
 * gl_loader.c - fills the table of post-GL-1.1 entry points (gl_loader.h)
 * through the public asmgl_get_proc_address(), and lists the extensions.
 * Thread: the context's thread.
 */
#include "gl_loader.h"

#include "asmgl/asmgl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gll_table gll;

static void (*gll_resolve(const char *name, const char *aliases))(void)
{
    void (*fn)(void) = asmgl_get_proc_address(name);
    /* aliases: "glFooARB glFooEXT", tried left to right. */
    for (const char *a = aliases; !fn && a && *a;) {
        char buf[64];
        size_t n = strcspn(a, " ");
        if (n > 0 && n < sizeof buf) {
            memcpy(buf, a, n);
            buf[n] = '\0';
            fn = asmgl_get_proc_address(buf);
        }
        a += n;
        a += strspn(a, " ");
    }
    return fn;
}

void gll_load(void)
{
    /* Converting between function pointer types is the GetProcAddress idiom;
     * every call then goes through the entry point's real type. */
#define GLL_RESOLVE(type, field, name, aliases) gll.field = (type)gll_resolve(name, aliases);
    GLL_ENTRY_POINTS(GLL_RESOLVE)
#undef GLL_RESOLVE
}

_Noreturn void gll_missing(const char *field)
{
    fprintf(stderr, "asmgl: the GL library does not provide gl%s\n", field);
    exit(1);
}

char *gll_extensions(void)
{
    const char *all = (const char *)glGetString(GL_EXTENSIONS);
    size_t len = 0;
    char *list;

    if (all) {
        len = strlen(all);
        if (!(list = malloc(len + 3)))
            return NULL;
        list[0] = ' ';
        memcpy(list + 1, all, len);
        memcpy(list + 1 + len, " ", 2);
        return list;
    }

    /* Core-style implementations list extensions one by one. */
    GLint n = 0;
    while (glGetError() != GL_NO_ERROR)
        ;
    glGetIntegerv(GL_NUM_EXTENSIONS, &n);
    if (glGetError() != GL_NO_ERROR || n <= 0 || !gll.GetStringi)
        return NULL;
    list = malloc(2);
    if (!list)
        return NULL;
    strcpy(list, " ");
    len = 1;
    for (GLint i = 0; i < n; i++) {
        const char *e = (const char *)gll.GetStringi(GL_EXTENSIONS, (GLuint)i);
        if (!e)
            continue;
        size_t el = strlen(e);
        char *grown = realloc(list, len + el + 2);
        if (!grown) {
            free(list);
            return NULL;
        }
        list = grown;
        memcpy(list + len, e, el);
        memcpy(list + len + el, " ", 2);
        len += el + 1;
    }
    return list;
}

int gll_has_extension(const char *list, const char *name)
{
    size_t n = strlen(name);
    if (!list || n == 0)
        return 0;
    for (const char *p = strstr(list, name); p; p = strstr(p + 1, name)) {
        if (p > list && p[-1] == ' ' && p[n] == ' ')
            return 1;
    }
    return 0;
}
