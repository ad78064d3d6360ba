/*
 * glx_config.c - framebuffer configurations and X visuals, the calls that
 * choose and describe them, and the GLX strings (any thread; gv_lock).
 *
 * Each screen gets GV_CONFIGS_PER_SCREEN configs, in this order:
 *   0 double buffered, depth 24 + stencil 8     2 single, depth 24 + stencil 8
 *   1 double buffered, no depth or stencil      3 single, no depth or stencil
 * then the same four with 2 samples (4..7), 4 samples (8..11) and 8
 * samples (12..15): the sample counts asmgl renders (GLX_ARB_multisample;
 * the surface is a multisample default framebuffer, resolved when shown).
 * All are RGBA8 (alpha 8 kept in the surface; a 24-bit window shows R, G,
 * B), rendering to windows, pixmaps and pbuffers.
 *
 * An X visual can only describe one set of GLX attributes (glXGetConfig
 * takes a visual), so each config gets its own 24-bit TrueColor visual of
 * the screen, the default visual going to config 0.  Servers with a GLX
 * extension offer dozens of such visuals (Xvfb: about 360); on a server
 * with fewer, the configs left over share the last visual: glXGetConfig
 * and glXChooseVisual describe the first config that has it, and a plain
 * window of that visual made current with a context whose config shares
 * it takes the context's config (glx_drawable.c).
 */
#include "glx_priv.h"

#include <X11/Xlibint.h>
#include <X11/Xutil.h>
#include <GL/glxproto.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static gv_screen *screens;
static int next_config_id = 1;

static const char extensions_string[] =
    "GLX_ARB_create_context GLX_ARB_create_context_profile GLX_ARB_get_proc_address "
    "GLX_ARB_multisample "
    "GLX_EXT_buffer_age GLX_EXT_no_config_context GLX_EXT_swap_control GLX_EXT_visual_info "
    "GLX_EXT_visual_rating "
    "GLX_MESA_query_renderer GLX_MESA_swap_control GLX_SGI_swap_control";

/* ---- screens ---------------------------------------------------------------------------- */

/* Xlib's close hook (XESetCloseDisplay): the connection is about to go. */
static int display_closing(Display *dpy, XExtCodes *codes)
{
    (void)codes;
    pthread_mutex_lock(&gv_lock);
    gv_display_closed(dpy);
    pthread_mutex_unlock(&gv_lock);
    return 0;
}

void gv_display_closed(Display *dpy)
{
    gv_contexts_display_closed(dpy);
    gv_drawables_display_closed(dpy);
    for (gv_screen *s = screens; s; s = s->next)
        if (s->dpy == dpy)
            s->dpy = NULL; /* its configs stay valid handles, of no display */
}

static bool is_rgb888(const XVisualInfo *v)
{
    return v->class == TrueColor && v->red_mask == 0xff0000 && v->green_mask == 0xff00 &&
           v->blue_mask == 0xff;
}

static void screen_init(gv_screen *s, Display *dpy, int screen)
{
    s->dpy = dpy;
    s->screen = screen;
    XVisualInfo tmpl = {.screen = screen, .depth = 24, .class = TrueColor};
    int n = 0;
    XVisualInfo *vis = XGetVisualInfo(dpy, VisualScreenMask | VisualDepthMask | VisualClassMask,
                                      &tmpl, &n);
    VisualID ids[GV_CONFIGS_PER_SCREEN];
    int num_ids = 0;
    VisualID def = XVisualIDFromVisual(DefaultVisual(dpy, screen));
    for (int i = 0; i < n; i++)
        if (vis[i].visualid == def && is_rgb888(&vis[i]))
            ids[num_ids++] = def;
    for (int i = 0; i < n && num_ids < GV_CONFIGS_PER_SCREEN; i++)
        if (vis[i].visualid != def && is_rgb888(&vis[i]))
            ids[num_ids++] = vis[i].visualid;
    if (vis)
        XFree(vis);
    if (num_ids == 0)
        return; /* nothing we can present to: no configs */
    static const struct { bool db; int depth, stencil; } kinds[4] = {
        {true, 24, 8}, {true, 0, 0}, {false, 24, 8}, {false, 0, 0}};
    static const int samples[GV_CONFIGS_PER_SCREEN / 4] = {0, 2, 4, 8};
    for (int i = 0; i < GV_CONFIGS_PER_SCREEN; i++) {
        gv_config *c = &s->configs[i];
        c->screen = s;
        c->id = next_config_id++;
        c->doublebuffer = kinds[i % 4].db;
        c->depth_size = kinds[i % 4].depth;
        c->stencil_size = kinds[i % 4].stencil;
        c->samples = samples[i / 4];
        c->visual = ids[i < num_ids ? i : num_ids - 1];
        c->visual_depth = 24;
    }
    s->num_configs = GV_CONFIGS_PER_SCREEN;
}

/* The screens' tables go with the library (libGLX dlcloses its vendors at
 * exit, or when the application unloads libGL): no handle can reach them
 * after that. */
__attribute__((destructor)) static void screens_free(void)
{
    while (screens) {
        gv_screen *s = screens;
        screens = s->next;
        free(s);
    }
}

gv_screen *gv_screen_get(Display *dpy, int screen)
{
    if (!dpy || screen < 0 || screen >= ScreenCount(dpy))
        return NULL;
    bool known_display = false;
    for (gv_screen *s = screens; s; s = s->next) {
        if (s->dpy == dpy && s->screen == screen)
            return s;
        known_display |= s->dpy == dpy;
    }
    gv_screen *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (!known_display) {
        /* to hear of XCloseDisplay: drawables and contexts of it go then */
        XExtCodes *codes = XAddExtension(dpy);
        if (codes)
            XESetCloseDisplay(dpy, codes->extension, display_closing);
    }
    screen_init(s, dpy, screen);
    s->next = screens;
    screens = s;
    return s;
}

const gv_config *gv_config_get(GLXFBConfig config)
{
    for (gv_screen *s = screens; s; s = s->next)
        for (int i = 0; i < s->num_configs; i++)
            if ((GLXFBConfig)&s->configs[i] == config)
                return &s->configs[i];
    return NULL;
}

const gv_config *gv_config_from_visual_id(Display *dpy, int screen, VisualID id)
{
    gv_screen *s = gv_screen_get(dpy, screen);
    for (int i = 0; s && i < s->num_configs; i++)
        if (s->configs[i].visual == id)
            return &s->configs[i];
    return NULL;
}

const gv_config *gv_config_from_visual(Display *dpy, const XVisualInfo *vis)
{
    return vis ? gv_config_from_visual_id(dpy, vis->screen, vis->visualid) : NULL;
}

/* ---- attributes ------------------------------------------------------------------------- */

/* GLX 1.4 Table 3.1 attributes of c; false when attr is not one. */
static bool config_attrib(const gv_config *c, int attr, int *value)
{
    int v;
    switch (attr) {
    case GLX_USE_GL: v = True; break;
    case GLX_BUFFER_SIZE: v = 32; break;
    case GLX_LEVEL: v = 0; break;
    case GLX_RGBA: v = True; break;
    case GLX_DOUBLEBUFFER: v = c->doublebuffer; break;
    case GLX_STEREO: v = False; break;
    case GLX_AUX_BUFFERS: v = 0; break;
    case GLX_RED_SIZE:
    case GLX_GREEN_SIZE:
    case GLX_BLUE_SIZE:
    case GLX_ALPHA_SIZE: v = 8; break;
    case GLX_DEPTH_SIZE: v = c->depth_size; break;
    case GLX_STENCIL_SIZE: v = c->stencil_size; break;
    case GLX_ACCUM_RED_SIZE:
    case GLX_ACCUM_GREEN_SIZE:
    case GLX_ACCUM_BLUE_SIZE:
    case GLX_ACCUM_ALPHA_SIZE: v = 0; break;
    case GLX_CONFIG_CAVEAT: v = GLX_NONE; break;
    case GLX_X_VISUAL_TYPE: v = c->visual ? GLX_TRUE_COLOR : GLX_NONE; break;
    case GLX_TRANSPARENT_TYPE: v = GLX_NONE; break;
    case GLX_TRANSPARENT_INDEX_VALUE:
    case GLX_TRANSPARENT_RED_VALUE:
    case GLX_TRANSPARENT_GREEN_VALUE:
    case GLX_TRANSPARENT_BLUE_VALUE:
    case GLX_TRANSPARENT_ALPHA_VALUE: v = 0; break;
    case GLX_VISUAL_ID: v = (int)c->visual; break;
    case GLX_SCREEN: v = c->screen->screen; break;
    case GLX_DRAWABLE_TYPE:
        v = GLX_PIXMAP_BIT | GLX_PBUFFER_BIT | (c->visual ? GLX_WINDOW_BIT : 0);
        break;
    case GLX_RENDER_TYPE: v = GLX_RGBA_BIT; break;
    case GLX_X_RENDERABLE: v = c->visual ? True : False; break;
    case GLX_FBCONFIG_ID: v = c->id; break;
    case GLX_MAX_PBUFFER_WIDTH:
    case GLX_MAX_PBUFFER_HEIGHT: v = 16384; break;
    case GLX_MAX_PBUFFER_PIXELS: v = 16384 * 16384; break;
    case GLX_SAMPLE_BUFFERS: v = c->samples > 0; break;
    case GLX_SAMPLES: v = c->samples; break;
    default: return false;
    }
    *value = v;
    return true;
}

int gv_glXGetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute, int *value)
{
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    int ret = !c ? GLX_BAD_VISUAL : !value ? GLX_BAD_VALUE
              : config_attrib(c, attribute, value) ? Success : GLX_BAD_ATTRIBUTE;
    pthread_mutex_unlock(&gv_lock);
    return ret;
}

int gv_glXGetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value)
{
    if (!value)
        return GLX_BAD_VALUE;
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_from_visual(dpy, vis);
    int ret;
    if (!vis || !gv_screen_get(dpy, vis->screen)) {
        ret = GLX_BAD_SCREEN;
    } else if (!c) {
        /* GLX 1.4 section 3.4: a visual without GL answers GLX_USE_GL false */
        if (attrib == GLX_USE_GL) {
            *value = False;
            ret = Success;
        } else {
            ret = GLX_BAD_VISUAL;
        }
    } else {
        ret = config_attrib(c, attrib, value) ? Success : GLX_BAD_ATTRIBUTE;
    }
    pthread_mutex_unlock(&gv_lock);
    return ret;
}

/* ---- choosing ----------------------------------------------------------------------------- */

/* Whether c meets attrib_list, with GLX 1.4 Table 3.4's defaults and
 * matching rules (glXChooseFBConfig).  An unknown attribute matches
 * nothing. */
static bool config_matches(const gv_config *c, const int *attrib_list)
{
    /* defaults that exclude something: DRAWABLE_TYPE WINDOW_BIT,
     * RENDER_TYPE RGBA_BIT, LEVEL 0, STEREO false, CAVEAT/TRANSPARENT
     * dont-care or none: all our configs meet them except the window bit */
    int drawable_type = GLX_WINDOW_BIT;
    for (const int *a = attrib_list; a && a[0] != None; a += 2) {
        int attr = a[0], want = a[1], have;
        switch (attr) {
        case GLX_FBCONFIG_ID:
            if (want != (int)GLX_DONT_CARE)
                return c->id == want; /* every other attribute is ignored */
            continue;
        case GLX_DRAWABLE_TYPE:
            drawable_type = want == (int)GLX_DONT_CARE ? 0 : want;
            continue;
        case GLX_RENDER_TYPE:
            if (want != (int)GLX_DONT_CARE && !(want & GLX_RGBA_BIT))
                return false;
            continue;
        case GLX_DOUBLEBUFFER:
        case GLX_STEREO:
        case GLX_X_RENDERABLE:
        case GLX_X_VISUAL_TYPE:
        case GLX_CONFIG_CAVEAT:
        case GLX_TRANSPARENT_TYPE:
        case GLX_LEVEL:
            if (want == (int)GLX_DONT_CARE)
                continue;
            config_attrib(c, attr, &have);
            if (attr == GLX_DOUBLEBUFFER || attr == GLX_STEREO || attr == GLX_X_RENDERABLE)
                want = want != 0;
            if (have != want)
                return false;
            continue;
        case GLX_TRANSPARENT_INDEX_VALUE:
        case GLX_TRANSPARENT_RED_VALUE:
        case GLX_TRANSPARENT_GREEN_VALUE:
        case GLX_TRANSPARENT_BLUE_VALUE:
        case GLX_TRANSPARENT_ALPHA_VALUE:
        case GLX_VISUAL_ID:
        case GLX_MAX_PBUFFER_WIDTH:
        case GLX_MAX_PBUFFER_HEIGHT:
        case GLX_MAX_PBUFFER_PIXELS:
            continue; /* ignored by glXChooseFBConfig (Table 3.4) */
        case GLX_BUFFER_SIZE:
        case GLX_AUX_BUFFERS:
        case GLX_RED_SIZE:
        case GLX_GREEN_SIZE:
        case GLX_BLUE_SIZE:
        case GLX_ALPHA_SIZE:
        case GLX_DEPTH_SIZE:
        case GLX_STENCIL_SIZE:
        case GLX_ACCUM_RED_SIZE:
        case GLX_ACCUM_GREEN_SIZE:
        case GLX_ACCUM_BLUE_SIZE:
        case GLX_ACCUM_ALPHA_SIZE:
        case GLX_SAMPLE_BUFFERS:
        case GLX_SAMPLES:
            if (want == (int)GLX_DONT_CARE)
                continue;
            config_attrib(c, attr, &have);
            if (have < want)
                return false;
            continue;
        case GLX_FRAMEBUFFER_SRGB_CAPABLE_ARB:
        case GLX_BIND_TO_TEXTURE_RGB_EXT:
        case GLX_BIND_TO_TEXTURE_RGBA_EXT:
        case GLX_BIND_TO_MIPMAP_TEXTURE_EXT:
        case GLX_Y_INVERTED_EXT:
            /* capabilities no config has: asking for one matches nothing */
            if (want != (int)GLX_DONT_CARE && want)
                return false;
            continue;
        default:
            return false;
        }
    }
    int have_types;
    config_attrib(c, GLX_DRAWABLE_TYPE, &have_types);
    return (have_types & drawable_type) == drawable_type;
}

/* GLX 1.4 Table 3.4's sort order for what our configs differ in: single
 * buffered first (DOUBLEBUFFER "smaller"), then the fewer sample buffers
 * and samples, then the larger depth buffer, then the smaller stencil
 * buffer. */
static int config_order(const void *pa, const void *pb)
{
    const gv_config *a = *(const gv_config *const *)pa, *b = *(const gv_config *const *)pb;
    if (a->doublebuffer != b->doublebuffer)
        return a->doublebuffer - b->doublebuffer;
    if (a->samples != b->samples) /* SAMPLE_BUFFERS, then SAMPLES: both follow samples */
        return a->samples - b->samples;
    if (a->depth_size != b->depth_size)
        return b->depth_size - a->depth_size;
    if (a->stencil_size != b->stencil_size)
        return a->stencil_size - b->stencil_size;
    return a->id - b->id;
}

/* An Xlib-allocated array (the application XFrees it) of the configs of
 * (dpy, screen) that attrib_list accepts (all with match_all), sorted. */
static GLXFBConfig *configs_list(Display *dpy, int screen, const int *attrib_list, bool match_all,
                                 int *nelements)
{
    if (nelements)
        *nelements = 0;
    pthread_mutex_lock(&gv_lock);
    gv_screen *s = gv_screen_get(dpy, screen);
    const gv_config *found[GV_CONFIGS_PER_SCREEN];
    int n = 0;
    for (int i = 0; s && i < s->num_configs; i++)
        if (match_all || config_matches(&s->configs[i], attrib_list))
            found[n++] = &s->configs[i];
    pthread_mutex_unlock(&gv_lock);
    if (n == 0 || !nelements)
        return NULL;
    if (!match_all)
        qsort(found, (size_t)n, sizeof found[0], config_order);
    GLXFBConfig *out = Xmalloc(sizeof(GLXFBConfig) * (size_t)n);
    if (!out)
        return NULL;
    for (int i = 0; i < n; i++)
        out[i] = (GLXFBConfig)found[i];
    *nelements = n;
    return out;
}

GLXFBConfig *gv_glXChooseFBConfig(Display *dpy, int screen, const int *attrib_list, int *nelements)
{
    return configs_list(dpy, screen, attrib_list, false, nelements);
}

GLXFBConfig *gv_glXGetFBConfigs(Display *dpy, int screen, int *nelements)
{
    return configs_list(dpy, screen, NULL, true, nelements);
}

/* The XVisualInfo of visual id on screen, Xlib-allocated; NULL if none. */
static XVisualInfo *visual_info(Display *dpy, int screen, VisualID id)
{
    if (!id)
        return NULL;
    XVisualInfo tmpl = {.visualid = id, .screen = screen};
    int n = 0;
    XVisualInfo *v = XGetVisualInfo(dpy, VisualIDMask | VisualScreenMask, &tmpl, &n);
    return n > 0 ? v : NULL;
}

XVisualInfo *gv_glXGetVisualFromFBConfig(Display *dpy, GLXFBConfig config)
{
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    VisualID id = c ? c->visual : 0;
    int screen = c ? c->screen->screen : 0;
    pthread_mutex_unlock(&gv_lock);
    return visual_info(dpy, screen, id);
}

/* glXChooseVisual (GLX 1.4 section 3.4, Table 3.1's minimum rules):
 * booleans stand alone, the rest take a value.  GLX_RGBA must be asked
 * for (asmgl has no colour-index mode); without GLX_DOUBLEBUFFER only
 * single-buffered visuals qualify.  Of the fitting configs the one with
 * the fewest samples wins (GLX_ARB_multisample: the smallest number that
 * meets the request), then one without a depth buffer when none was asked
 * for, else the deeper. */
XVisualInfo *gv_glXChooseVisual(Display *dpy, int screen, int *attrib_list)
{
    bool rgba = false, db = false;
    int depth = 0, stencil = 0, min_color = 0, level = 0, samples = 0, sample_buffers = 0;
    int accum = 0, aux = 0;
    bool stereo = false;
    for (int *a = attrib_list; a && *a != None; a++) {
        switch (*a) {
        case GLX_USE_GL: break;
        case GLX_RGBA: rgba = true; break;
        case GLX_DOUBLEBUFFER: db = true; break;
        case GLX_STEREO: stereo = true; break;
        case GLX_BUFFER_SIZE:
        case GLX_RED_SIZE:
        case GLX_GREEN_SIZE:
        case GLX_BLUE_SIZE:
        case GLX_ALPHA_SIZE:
            if (a[1] > min_color)
                min_color = a[1];
            a++;
            break;
        case GLX_LEVEL: level = *++a; break;
        case GLX_AUX_BUFFERS: aux = *++a; break;
        case GLX_DEPTH_SIZE: depth = *++a; break;
        case GLX_STENCIL_SIZE: stencil = *++a; break;
        case GLX_ACCUM_RED_SIZE:
        case GLX_ACCUM_GREEN_SIZE:
        case GLX_ACCUM_BLUE_SIZE:
        case GLX_ACCUM_ALPHA_SIZE:
            if (a[1] > accum)
                accum = a[1];
            a++;
            break;
        case GLX_SAMPLE_BUFFERS: sample_buffers = *++a; break;
        case GLX_SAMPLES: samples = *++a; break;
        default:
            return NULL; /* GLX 1.4: an unknown attribute matches nothing */
        }
    }
    if (!rgba || stereo || level != 0 || aux > 0 || accum > 0 || sample_buffers > 1 ||
        samples > 8 || min_color > 32 || depth > 24 || stencil > 8)
        return NULL;
    pthread_mutex_lock(&gv_lock);
    gv_screen *s = gv_screen_get(dpy, screen);
    const gv_config *best = NULL;
    for (int i = 0; s && i < s->num_configs; i++) {
        const gv_config *c = &s->configs[i];
        if (c->doublebuffer != db || c->depth_size < depth || c->stencil_size < stencil ||
            (c->samples > 0) < sample_buffers || c->samples < samples)
            continue;
        /* the visual must describe this config (glXGetConfig) */
        if (gv_config_from_visual_id(dpy, screen, c->visual) != c)
            continue;
        bool want_depth = depth > 0 || stencil > 0;
        if (!best || c->samples < best->samples ||
            (c->samples == best->samples &&
             (want_depth ? c->depth_size > best->depth_size : c->depth_size < best->depth_size)))
            best = c;
    }
    VisualID id = best ? best->visual : 0;
    pthread_mutex_unlock(&gv_lock);
    return visual_info(dpy, screen, id);
}

/* ---- strings ------------------------------------------------------------------------------ */

static const char *glx_string(int name)
{
    switch (name) {
    case GLX_VENDOR: return GV_VENDOR_STRING;
    case GLX_VERSION: return GV_GLX_VERSION_STRING;
    case GLX_EXTENSIONS: return extensions_string;
    default: return NULL;
    }
}

const char *gv_glXQueryServerString(Display *dpy, int screen, int name)
{
    return glx_string(name);
}

const char *gv_glXGetClientString(Display *dpy, int name)
{
    return glx_string(name);
}

const char *gv_glXQueryExtensionsString(Display *dpy, int screen)
{
    return extensions_string;
}

/* ---- GLX_MESA_query_renderer ------------------------------------------------------------ */

/* One renderer (index 0) per screen: asmgl, in software, in system memory,
 * compatibility profile up to asmgl's GL version, no core or ES.  Integer
 * attributes fill 1 value, 3 for the version, 2 for the profile versions
 * (as the extension's table says). */
static Bool renderer_integer(int attribute, unsigned int *value)
{
    if (!value)
        return False;
    int gl = gv_gl_version();
    switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA:
    case GLX_RENDERER_DEVICE_ID_MESA:
        value[0] = 0xffffffffu; /* no PCI device */
        return True;
    case GLX_RENDERER_VERSION_MESA: {
        unsigned major = 0, minor = 0, patch = 0;
        sscanf(ASMGL_VERSION_STRING, "%u.%u.%u", &major, &minor, &patch);
        value[0] = major;
        value[1] = minor;
        value[2] = patch;
        return True;
    }
    case GLX_RENDERER_ACCELERATED_MESA: value[0] = False; return True;
    case GLX_RENDERER_VIDEO_MEMORY_MESA: {
        long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGE_SIZE);
        value[0] = pages > 0 && size > 0 ? (unsigned)((unsigned long long)pages * (unsigned long long)size >> 20) : 0;
        return True;
    }
    case GLX_RENDERER_UNIFIED_MEMORY_ARCHITECTURE_MESA: value[0] = True; return True;
    case GLX_RENDERER_PREFERRED_PROFILE_MESA:
        value[0] = GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
        return True;
    case GLX_RENDERER_OPENGL_COMPATIBILITY_PROFILE_VERSION_MESA:
        value[0] = (unsigned)(gl / 10);
        value[1] = (unsigned)(gl % 10);
        return True;
    case GLX_RENDERER_OPENGL_CORE_PROFILE_VERSION_MESA:
    case GLX_RENDERER_OPENGL_ES_PROFILE_VERSION_MESA:
    case GLX_RENDERER_OPENGL_ES2_PROFILE_VERSION_MESA:
        value[0] = value[1] = 0; /* not offered */
        return True;
    default:
        return False;
    }
}

static const char *renderer_string(int attribute)
{
    switch (attribute) {
    case GLX_RENDERER_VENDOR_ID_MESA: return GV_VENDOR_STRING;
    case GLX_RENDERER_DEVICE_ID_MESA: return "asmgl (tile-based deferred, software)";
    default: return NULL;
    }
}

static bool renderer_valid(Display *dpy, int screen, int renderer)
{
    pthread_mutex_lock(&gv_lock);
    bool ok = renderer == 0 && gv_screen_get(dpy, screen) != NULL;
    pthread_mutex_unlock(&gv_lock);
    return ok;
}

Bool gv_glXQueryRendererIntegerMESA(Display *dpy, int screen, int renderer, int attribute,
                                    unsigned int *value)
{
    return renderer_valid(dpy, screen, renderer) ? renderer_integer(attribute, value) : False;
}

const char *gv_glXQueryRendererStringMESA(Display *dpy, int screen, int renderer, int attribute)
{
    return renderer_valid(dpy, screen, renderer) ? renderer_string(attribute) : NULL;
}

Bool gv_glXQueryCurrentRendererIntegerMESA(int attribute, unsigned int *value)
{
    return gv_context_current() ? renderer_integer(attribute, value) : False;
}

const char *gv_glXQueryCurrentRendererStringMESA(int attribute)
{
    return gv_context_current() ? renderer_string(attribute) : NULL;
}
