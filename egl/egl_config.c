/*
 * egl_config.c - framebuffer configurations: the table, eglGetConfigs,
 * eglChooseConfig (EGL 1.5 section 3.4.1) and eglGetConfigAttrib (any
 * thread; the table is constant).
 *
 * asmgl's default framebuffer is RGBA8 with optional depth 24 and stencil 8,
 * single-sampled or with 2, 4 or 8 samples (a multisample surface, resolved
 * when read or shown), so eight configs cover it: ids 1 and 2 single-
 * sampled, then each sample count with and without depth/stencil.  Every
 * other attribute is the same for all (ev_config_attrib), except what the
 * display adds: on an
 * X11 display whose screen has a TrueColor visual for RGBA8 the configs
 * also render to windows and pixmaps, and name that visual; elsewhere they
 * are pbuffer-only (the surfaceless and device platforms have neither).
 */
#include "egl_priv.h"

#include <stdint.h>
#include <stdlib.h>

static const ev_config configs[] = {
    {1, 24, 8, 0}, {2, 0, 0, 0}, {3, 24, 8, 2}, {4, 0, 0, 2},
    {5, 24, 8, 4}, {6, 0, 0, 4}, {7, 24, 8, 8}, {8, 0, 0, 8},
};
enum { NUM_CONFIGS = sizeof configs / sizeof configs[0] };

enum { MAX_PBUFFER_SIZE = 16384 }; /* asmgl's framebuffer limit */

const ev_config *ev_config_get(EGLConfig config)
{
    for (int i = 0; i < NUM_CONFIGS; i++)
        if (config == (EGLConfig)&configs[i])
            return &configs[i];
    ev_error(EGL_BAD_CONFIG);
    return NULL;
}

/* Whether c renders to windows of display d. */
static bool window_capable(const ev_display *d)
{
    return d->platform == EV_PLATFORM_X11 && d->x11.visual != 0;
}

/* EGL 1.5 Table 3.1. */
bool ev_config_attrib(const ev_display *d, const ev_config *c, EGLint attr, EGLint *v)
{
    bool window = window_capable(d);
    switch (attr) {
    case EGL_BUFFER_SIZE: *v = 32; break;
    case EGL_RED_SIZE:
    case EGL_GREEN_SIZE:
    case EGL_BLUE_SIZE:
    case EGL_ALPHA_SIZE: *v = 8; break;
    case EGL_LUMINANCE_SIZE:
    case EGL_ALPHA_MASK_SIZE: *v = 0; break;
    case EGL_BIND_TO_TEXTURE_RGB:
    case EGL_BIND_TO_TEXTURE_RGBA: *v = EGL_FALSE; break;
    case EGL_COLOR_BUFFER_TYPE: *v = EGL_RGB_BUFFER; break;
    case EGL_CONFIG_CAVEAT: *v = EGL_NONE; break;
    case EGL_CONFIG_ID: *v = c->id; break;
    case EGL_CONFORMANT:
    case EGL_RENDERABLE_TYPE: *v = EGL_OPENGL_BIT; break;
    case EGL_DEPTH_SIZE: *v = c->depth_size; break;
    case EGL_STENCIL_SIZE: *v = c->stencil_size; break;
    case EGL_LEVEL: *v = 0; break;
    case EGL_MAX_PBUFFER_WIDTH:
    case EGL_MAX_PBUFFER_HEIGHT: *v = MAX_PBUFFER_SIZE; break;
    case EGL_MAX_PBUFFER_PIXELS: *v = MAX_PBUFFER_SIZE * MAX_PBUFFER_SIZE; break;
    case EGL_MAX_SWAP_INTERVAL: *v = EV_MAX_SWAP_INTERVAL; break;
    case EGL_MIN_SWAP_INTERVAL: *v = 0; break;
    case EGL_NATIVE_RENDERABLE: *v = EGL_FALSE; break;
    case EGL_NATIVE_VISUAL_ID: *v = window ? (EGLint)d->x11.visual : 0; break;
    case EGL_NATIVE_VISUAL_TYPE: *v = window ? d->x11.visual_class : EGL_NONE; break;
    case EGL_SAMPLE_BUFFERS: *v = c->samples > 0; break;
    case EGL_SAMPLES: *v = c->samples; break;
    /* the colour buffer survives a swap (egl_surface.c), so
     * EGL_BUFFER_PRESERVED may be asked for */
    case EGL_SURFACE_TYPE:
        *v = EGL_PBUFFER_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT |
             (window ? EGL_WINDOW_BIT | EGL_PIXMAP_BIT : 0);
        break;
    case EGL_TRANSPARENT_TYPE: *v = EGL_NONE; break;
    case EGL_TRANSPARENT_RED_VALUE:
    case EGL_TRANSPARENT_GREEN_VALUE:
    case EGL_TRANSPARENT_BLUE_VALUE: *v = 0; break;
    default: return false;
    }
    return true;
}

EGLBoolean EGLAPIENTRY ev_eglGetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute,
                                             EGLint *value)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    const ev_config *c = ev_config_get(config);
    if (!c)
        return EGL_FALSE;
    EGLint v;
    if (!ev_config_attrib(d, c, attribute, &v))
        return ev_error(EGL_BAD_ATTRIBUTE);
    if (value)
        *value = v;
    return ev_ok();
}

EGLBoolean EGLAPIENTRY ev_eglGetConfigs(EGLDisplay dpy, EGLConfig *out, EGLint config_size,
                                        EGLint *num_config)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    if (!num_config)
        return ev_error(EGL_BAD_PARAMETER);
    EGLint n = 0;
    if (!out)
        n = NUM_CONFIGS;
    else
        for (; n < config_size && n < NUM_CONFIGS; n++)
            out[n] = (EGLConfig)&configs[n];
    *num_config = n;
    return ev_ok();
}

/* ---- eglChooseConfig ----------------------------------------------------------------------- */

/* How a requested value selects configs (EGL 1.5 Table 3.4). */
enum { RULE_EXACT, RULE_ATLEAST, RULE_MASK, RULE_IGNORE };

static const struct {
    EGLint attr, def, rule;
} rules[] = {
    {EGL_BUFFER_SIZE, 0, RULE_ATLEAST},
    {EGL_RED_SIZE, 0, RULE_ATLEAST},
    {EGL_GREEN_SIZE, 0, RULE_ATLEAST},
    {EGL_BLUE_SIZE, 0, RULE_ATLEAST},
    {EGL_LUMINANCE_SIZE, 0, RULE_ATLEAST},
    {EGL_ALPHA_SIZE, 0, RULE_ATLEAST},
    {EGL_ALPHA_MASK_SIZE, 0, RULE_ATLEAST},
    {EGL_BIND_TO_TEXTURE_RGB, EGL_DONT_CARE, RULE_EXACT},
    {EGL_BIND_TO_TEXTURE_RGBA, EGL_DONT_CARE, RULE_EXACT},
    {EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER, RULE_EXACT},
    {EGL_CONFIG_CAVEAT, EGL_DONT_CARE, RULE_EXACT},
    {EGL_CONFIG_ID, EGL_DONT_CARE, RULE_EXACT},
    {EGL_CONFORMANT, 0, RULE_MASK},
    {EGL_DEPTH_SIZE, 0, RULE_ATLEAST},
    {EGL_LEVEL, 0, RULE_EXACT},
    {EGL_MATCH_NATIVE_PIXMAP, EGL_NONE, RULE_IGNORE}, /* checked by hand */
    {EGL_MAX_PBUFFER_WIDTH, 0, RULE_IGNORE},
    {EGL_MAX_PBUFFER_HEIGHT, 0, RULE_IGNORE},
    {EGL_MAX_PBUFFER_PIXELS, 0, RULE_IGNORE},
    {EGL_MAX_SWAP_INTERVAL, EGL_DONT_CARE, RULE_EXACT},
    {EGL_MIN_SWAP_INTERVAL, EGL_DONT_CARE, RULE_EXACT},
    {EGL_NATIVE_RENDERABLE, EGL_DONT_CARE, RULE_EXACT},
    {EGL_NATIVE_VISUAL_ID, 0, RULE_IGNORE},
    {EGL_NATIVE_VISUAL_TYPE, EGL_DONT_CARE, RULE_EXACT},
    {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES_BIT, RULE_MASK},
    {EGL_SAMPLE_BUFFERS, 0, RULE_ATLEAST},
    {EGL_SAMPLES, 0, RULE_ATLEAST},
    {EGL_STENCIL_SIZE, 0, RULE_ATLEAST},
    {EGL_SURFACE_TYPE, EGL_WINDOW_BIT, RULE_MASK},
    {EGL_TRANSPARENT_TYPE, EGL_NONE, RULE_EXACT},
    {EGL_TRANSPARENT_RED_VALUE, EGL_DONT_CARE, RULE_EXACT},
    {EGL_TRANSPARENT_GREEN_VALUE, EGL_DONT_CARE, RULE_EXACT},
    {EGL_TRANSPARENT_BLUE_VALUE, EGL_DONT_CARE, RULE_EXACT},
};
enum { NUM_RULES = sizeof rules / sizeof rules[0] };

static int rule_index(EGLint attr)
{
    for (int i = 0; i < NUM_RULES; i++)
        if (rules[i].attr == attr)
            return i;
    return -1;
}

/* The request, one value per rule, for the sort below. */
typedef struct request {
    EGLint value[NUM_RULES];
} request;

static EGLint req(const request *r, EGLint attr)
{
    return r->value[rule_index(attr)];
}

static bool config_matches(const ev_display *d, const ev_config *c, const request *r)
{
    EGLint id = req(r, EGL_CONFIG_ID);
    if (id != EGL_DONT_CARE) /* section 3.4.1.1: every other attribute is ignored */
        return c->id == id;
    for (int i = 0; i < NUM_RULES; i++) {
        EGLint want = r->value[i], have;
        if (want == EGL_DONT_CARE || rules[i].rule == RULE_IGNORE)
            continue;
        /* the transparent values only count for a transparent type */
        if ((rules[i].attr == EGL_TRANSPARENT_RED_VALUE || rules[i].attr == EGL_TRANSPARENT_GREEN_VALUE ||
             rules[i].attr == EGL_TRANSPARENT_BLUE_VALUE) &&
            req(r, EGL_TRANSPARENT_TYPE) == EGL_NONE)
            continue;
        ev_config_attrib(d, c, rules[i].attr, &have);
        switch (rules[i].rule) {
        case RULE_EXACT:
            if (have != want)
                return false;
            break;
        case RULE_ATLEAST:
            if (have < want)
                return false;
            break;
        case RULE_MASK:
            if ((have & want) != want)
                return false;
            break;
        }
    }
    return true;
}

/* The sort's context: the display the configs are asked of, and the request. */
typedef struct sort_ctx {
    const ev_display *d;
    const request *r;
} sort_ctx;

static EGLint cfg(const ev_display *d, const ev_config *c, EGLint attr)
{
    EGLint v = 0;
    ev_config_attrib(d, c, attr, &v);
    return v;
}

/* Section 3.4.1.2, in its order: caveat, buffer type, the sum of the
 * requested colour sizes (larger first), then smaller buffer size, sample
 * buffers, samples, depth, stencil, alpha mask, native visual type, config
 * id. */
static int compare_configs(const void *pa, const void *pb, void *user)
{
    const sort_ctx *sc = user;
    const request *r = sc->r;
    const ev_display *d = sc->d;
    const ev_config *a = *(const ev_config *const *)pa, *b = *(const ev_config *const *)pb;
    static const EGLint smaller_first[] = {EGL_CONFIG_CAVEAT, EGL_COLOR_BUFFER_TYPE};
    for (int i = 0; i < 2; i++)
        if (cfg(d, a, smaller_first[i]) != cfg(d, b, smaller_first[i]))
            return cfg(d, a, smaller_first[i]) < cfg(d, b, smaller_first[i]) ? -1 : 1;
    static const EGLint colors[] = {EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE,
                                    EGL_LUMINANCE_SIZE};
    EGLint sa = 0, sb = 0;
    for (int i = 0; i < 5; i++) {
        EGLint w = req(r, colors[i]);
        if (w != 0 && w != EGL_DONT_CARE) {
            sa += cfg(d, a, colors[i]);
            sb += cfg(d, b, colors[i]);
        }
    }
    if (sa != sb)
        return sa > sb ? -1 : 1;
    static const EGLint rest[] = {EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES, EGL_DEPTH_SIZE,
                                  EGL_STENCIL_SIZE, EGL_ALPHA_MASK_SIZE, EGL_NATIVE_VISUAL_TYPE,
                                  EGL_CONFIG_ID};
    for (size_t i = 0; i < sizeof rest / sizeof rest[0]; i++)
        if (cfg(d, a, rest[i]) != cfg(d, b, rest[i]))
            return cfg(d, a, rest[i]) < cfg(d, b, rest[i]) ? -1 : 1;
    return 0;
}

EGLBoolean EGLAPIENTRY ev_eglChooseConfig(EGLDisplay dpy, const EGLint *attrib_list,
                                          EGLConfig *out, EGLint config_size, EGLint *num_config)
{
    pthread_mutex_lock(&ev_lock);
    ev_display *d = ev_display_get(dpy, true);
    pthread_mutex_unlock(&ev_lock);
    if (!d)
        return EGL_FALSE;
    if (!num_config)
        return ev_error(EGL_BAD_PARAMETER);

    request r;
    for (int i = 0; i < NUM_RULES; i++)
        r.value[i] = rules[i].def;
    for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
        int i = rule_index(a[0]);
        if (i < 0)
            return ev_error(EGL_BAD_ATTRIBUTE);
        r.value[i] = a[1];
    }
    /* EGL_MATCH_NATIVE_PIXMAP (section 3.4.1.1): only configs that render
     * to that pixmap; only X11 displays have pixmaps */
    EGLint pixmap = req(&r, EGL_MATCH_NATIVE_PIXMAP);
    if (pixmap != EGL_NONE && pixmap != EGL_DONT_CARE) {
        int m = ev_x11_pixmap_matches(d, (ev_xid)(uint32_t)pixmap);
        if (m < 0)
            return ev_error(-m);
        if (!m) {
            *num_config = 0;
            return ev_ok();
        }
        EGLint *type = &r.value[rule_index(EGL_SURFACE_TYPE)];
        *type = *type == EGL_DONT_CARE ? EGL_PIXMAP_BIT : *type | EGL_PIXMAP_BIT;
    }

    const ev_config *match[NUM_CONFIGS];
    int n = 0;
    for (int i = 0; i < NUM_CONFIGS; i++)
        if (config_matches(d, &configs[i], &r))
            match[n++] = &configs[i];
    sort_ctx sc = {d, &r};
    qsort_r(match, (size_t)n, sizeof match[0], compare_configs, &sc);

    if (!out) {
        *num_config = n;
    } else {
        EGLint k = 0;
        for (; k < config_size && k < n; k++)
            out[k] = (EGLConfig)match[k];
        *num_config = k;
    }
    return ev_ok();
}
