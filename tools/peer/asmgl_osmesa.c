/*
 * asmgl_osmesa.c - the asmgl.h context API implemented over Mesa's OSMesa.
 *
 * Not part of libasmgl.  Linking a client of the public API (the asmgl
 * command, the demos) against this file instead of libasmgl.so gives the
 * same program running on Mesa, so asmgl's results and speed can be compared
 * with the peer implementation in one run.  Thread: API thread only.
 */
#include "asmgl/asmgl.h"

#include <GL/osmesa.h>
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

struct asmgl_context {
    OSMesaContext osm;
    int width, height;
    unsigned char *pixels; /* RGBA8, bottom row first (OSMesa's Y-up default) */
};

static _Thread_local asmgl_context *current;
static _Thread_local const char *last_error = "";

void asmgl_config_default(asmgl_config *cfg)
{
    cfg->width = 256;
    cfg->height = 256;
    cfg->depth_bits = 24;
    cfg->stencil_bits = 8;
    cfg->samples = 0;
}

asmgl_context *asmgl_context_create(const asmgl_config *cfg)
{
    if (!cfg || cfg->width < 1 || cfg->height < 1 || cfg->width > 16384 || cfg->height > 16384) {
        last_error = "invalid size";
        return NULL;
    }
    asmgl_context *c = calloc(1, sizeof *c);
    if (!c) {
        last_error = "out of memory";
        return NULL;
    }
    c->osm = OSMesaCreateContextExt(OSMESA_RGBA, cfg->depth_bits, cfg->stencil_bits, 0, NULL);
    c->width = cfg->width;
    c->height = cfg->height;
    c->pixels = calloc((size_t)cfg->width * cfg->height, 4);
    if (!c->osm || !c->pixels) {
        last_error = "OSMesaCreateContextExt failed";
        asmgl_context_destroy(c);
        return NULL;
    }
    return c;
}

void asmgl_context_destroy(asmgl_context *c)
{
    if (!c)
        return;
    if (current == c)
        asmgl_make_current(NULL);
    if (c->osm)
        OSMesaDestroyContext(c->osm);
    free(c->pixels);
    free(c);
}

int asmgl_make_current(asmgl_context *c)
{
    current = c;
    if (!c)
        return 1;
    if (!OSMesaMakeCurrent(c->osm, c->pixels, GL_UNSIGNED_BYTE, c->width, c->height)) {
        last_error = "OSMesaMakeCurrent failed";
        return 0;
    }
    return 1;
}

asmgl_context *asmgl_get_current(void) { return current; }

int asmgl_resize(asmgl_context *c, int width, int height)
{
    unsigned char *p = calloc((size_t)width * height, 4);
    if (!p)
        return 0;
    free(c->pixels);
    c->pixels = p;
    c->width = width;
    c->height = height;
    return current == c ? asmgl_make_current(c) : 1;
}

int asmgl_read_color(asmgl_context *c, void *dst)
{
    asmgl_context *prev = current;
    if (prev != c && !asmgl_make_current(c))
        return 0;
    glFinish();
    memcpy(dst, c->pixels, (size_t)c->width * c->height * 4);
    if (prev != c)
        asmgl_make_current(prev);
    return 1;
}

/* OSMesaGetProcAddress hands out a dispatch stub for any "gl..." name, even
 * one Mesa does not implement (glBindBufferBaseNV), and calling such a stub
 * does nothing.  asmgl.h promises NULL for those, so that clients can skip
 * instead: libOSMesa exports every entry point Mesa implements, so a name it
 * does not export is one Mesa lacks. */
void (*asmgl_get_proc_address(const char *name))(void)
{
    if (!name || !dlsym(RTLD_DEFAULT, name))
        return NULL;
    return (void (*)(void))OSMesaGetProcAddress(name);
}

const char *asmgl_last_error(void) { return last_error; }
