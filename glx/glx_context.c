/*
 * glx_context.c - GLX contexts (an asmgl_context each), glXMakeCurrent /
 * glXMakeContextCurrent, the wait calls and the context queries (any
 * thread; gv_lock, plus the calling thread's current context in
 * thread-local storage).
 *
 * MakeCurrent maps onto asmgl_make_current_surface: the draw drawable's
 * asmgl_surface becomes the context's framebuffer 0 while the context is
 * current on this thread.  Drawable surfaces are shared
 * (asmgl_surface_set_shared), so a drawable may be current to several
 * contexts on several threads at once (GLX 1.4 section 3.3.7); they draw
 * into the same pixels, under asmgl.h's flush rule.  libGLX has already switched libGLdispatch to
 * our dispatch table (or switches it back when we fail).  A read drawable
 * other than the draw drawable is lent for reading
 * (asmgl_make_current_surfaces): ReadPixels, CopyPixels, CopyTex* and
 * blits from framebuffer 0 read it (GLX 1.4 section 3.3.7).
 *
 * Object sharing (share_list, GLX 1.4 section 3.3.7): the context shares
 * share_list's textures, buffers, programs, renderbuffers and display
 * lists (asmgl_context_create_shared; asmgl.h says what is shared).
 */
#include "glx_priv.h"

#include <X11/Xlibint.h>
#include <GL/glxproto.h>

#include <stdlib.h>

static gv_context *contexts;
/* This thread's current context (ours), kept by MakeCurrent. */
static _Thread_local gv_context *current;

gv_context *gv_context_current(void)
{
    return current;
}

static gv_context *context_find(GLXContext ctx)
{
    for (gv_context *c = contexts; c; c = c->next)
        if ((GLXContext)c == ctx && !c->deleted)
            return c;
    return NULL;
}

/* As context_find, and also the calling thread's current context after it
 * was destroyed: GLX 1.4 section 3.3.7 keeps it alive until released, and
 * libGLX still routes its handle to us (piglit glx-destroycontext-3). */
static gv_context *context_find_here(GLXContext ctx)
{
    if (current && (GLXContext)current == ctx)
        return current;
    return context_find(ctx);
}

static void context_free(gv_context *c)
{
    for (gv_context **p = &contexts; *p; p = &(*p)->next)
        if (*p == c) {
            *p = c->next;
            break;
        }
    asmgl_context_destroy(c->gl);
    free(c);
}

void gv_contexts_display_closed(Display *dpy)
{
    /* contexts outlive their display only as handles the application
     * still has to destroy; those current nowhere can go now */
    gv_context **p = &contexts;
    while (*p) {
        gv_context *c = *p;
        if (c->dpy == dpy && !c->owner) {
            *p = c->next;
            asmgl_context_destroy(c->gl);
            free(c);
        } else {
            p = &c->next;
        }
    }
}

/* ---- creation ----------------------------------------------------------------------------- */

/* A GL version that exists (GLX_ARB_create_context: others are BadMatch). */
static bool gl_version_valid(int major, int minor)
{
    static const int last_minor[] = {0, 5, 1, 3, 6}; /* 1.0-1.5, 2.0-2.1, 3.0-3.3, 4.0-4.6 */
    return major >= 1 && major <= 4 && minor >= 0 && minor <= last_minor[major];
}

/* Makes a context; NULL after sending the X error of request `minor`. */
static GLXContext context_create(Display *dpy, const gv_config *cfg, int screen, GLXContext share,
                                 int render_type, int major, int minor_version, int flags,
                                 int profile, int minor)
{
    pthread_mutex_lock(&gv_lock);
    GLXContext result = NULL;
    gv_context *sc = share ? context_find(share) : NULL;
    if (share && !sc) {
        gv_glx_error(dpy, GLXBadContext, 0, minor);
        goto out;
    }
    gv_context *c = calloc(1, sizeof *c);
    asmgl_config acfg = {.width = 1, .height = 1};
    asmgl_context *gl = !c ? NULL : sc ? asmgl_context_create_shared(&acfg, sc->gl)
                                       : asmgl_context_create(&acfg);
    if (!gl) {
        free(c);
        gv_x_error(dpy, BadAlloc, 0, minor);
        goto out;
    }
    c->dpy = dpy;
    c->config = cfg;
    c->screen = screen;
    c->gl = gl;
    c->render_type = render_type;
    c->major = major;
    c->minor = minor_version;
    c->flags = flags;
    c->profile = profile;
    c->next = contexts;
    contexts = c;
    result = (GLXContext)c;
out:
    pthread_mutex_unlock(&gv_lock);
    return result;
}

GLXContext gv_glXCreateContext(Display *dpy, XVisualInfo *vis, GLXContext share_list, Bool direct)
{
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_from_visual(dpy, vis);
    pthread_mutex_unlock(&gv_lock);
    if (!c) { /* GLX 1.4 section 3.4: not a visual that supports GL */
        gv_x_error(dpy, BadValue, vis ? vis->visualid : 0, X_GLXCreateContext);
        return NULL;
    }
    return context_create(dpy, c, vis->screen, share_list, GLX_RGBA_TYPE, 1, 0, 0,
                          GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, X_GLXCreateContext);
}

GLXContext gv_glXCreateNewContext(Display *dpy, GLXFBConfig config, int render_type,
                                  GLXContext share_list, Bool direct)
{
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = gv_config_get(config);
    pthread_mutex_unlock(&gv_lock);
    if (!c) {
        gv_glx_error(dpy, GLXBadFBConfig, 0, X_GLXCreateNewContext);
        return NULL;
    }
    if (render_type != GLX_RGBA_TYPE) { /* no colour-index configs */
        gv_x_error(dpy, BadValue, (XID)render_type, X_GLXCreateNewContext);
        return NULL;
    }
    return context_create(dpy, c, c->screen->screen, share_list, render_type, 1, 0, 0,
                          GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, X_GLXCreateNewContext);
}

/* GLX_ARB_create_context and GLX_ARB_create_context_profile (with
 * GLX_EXT_no_config_context's GLX_SCREEN).  asmgl gives compatibility
 * contexts up to the GL version it reports; the errors are the specs':
 *   unknown attribute or flag bit, a render type not RGBA     BadValue
 *   a GL version that does not exist, forward-compatible < 3.0  BadMatch
 *   a profile mask with no, several or unknown bits (the ES bit
 *   too: GLX_EXT_create_context_es*_profile is not offered)     GLXBadProfileARB
 *   a version above asmgl's (so every core profile: 3.2 and up) GLXBadFBConfig
 * (piglit's glx_arb_create_context tests and Mesa read the specs so). */
GLXContext gv_glXCreateContextAttribsARB(Display *dpy, GLXFBConfig config, GLXContext share_list,
                                         Bool direct, const int *attrib_list)
{
    const int op = X_GLXCreateContextAttribsARB;
    int major = 1, minor = 0, flags = 0, render_type = GLX_RGBA_TYPE, screen = -1;
    bool render_type_given = false;
    int profile = GLX_CONTEXT_CORE_PROFILE_BIT_ARB; /* the default; ignored below 3.2 */
    for (const int *a = attrib_list; a && a[0] != None; a += 2) {
        switch (a[0]) {
        case GLX_CONTEXT_MAJOR_VERSION_ARB: major = a[1]; break;
        case GLX_CONTEXT_MINOR_VERSION_ARB: minor = a[1]; break;
        case GLX_CONTEXT_FLAGS_ARB: flags = a[1]; break;
        case GLX_CONTEXT_PROFILE_MASK_ARB: profile = a[1]; break;
        case GLX_RENDER_TYPE:
            render_type = a[1];
            render_type_given = true;
            break;
        case GLX_SCREEN: screen = a[1]; break;
        default:
            gv_x_error(dpy, BadValue, 0, op);
            return NULL;
        }
    }
    if (flags & ~(GLX_CONTEXT_DEBUG_BIT_ARB | GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB)) {
        gv_x_error(dpy, BadValue, 0, op);
        return NULL;
    }
    /* GLX_EXT_no_config_context: a render type needs a config */
    if (render_type != GLX_RGBA_TYPE || (render_type_given && !config)) {
        gv_x_error(dpy, BadValue, 0, op);
        return NULL;
    }
    /* forward-compatible: none below 3.0, and asmgl's contexts keep every
     * deprecated feature, so none from 3.0 either */
    if (!gl_version_valid(major, minor) || (flags & GLX_CONTEXT_FORWARD_COMPATIBLE_BIT_ARB)) {
        gv_x_error(dpy, BadMatch, 0, op);
        return NULL;
    }
    /* the mask is checked whatever the version; which profile is asked
     * for matters from 3.2 on, and asmgl stops at 3.0 */
    const int known = GLX_CONTEXT_CORE_PROFILE_BIT_ARB | GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB;
    if (profile == 0 || (profile & ~known) || (profile & (profile - 1))) {
        gv_glx_error(dpy, GLXBadProfileARB, 0, op);
        return NULL;
    }
    if (major * 10 + minor > gv_gl_version()) {
        gv_glx_error(dpy, GLXBadFBConfig, 0, op);
        return NULL;
    }
    pthread_mutex_lock(&gv_lock);
    const gv_config *c = config ? gv_config_get(config) : NULL;
    bool screen_ok = screen >= 0 && gv_screen_get(dpy, screen) != NULL;
    pthread_mutex_unlock(&gv_lock);
    if (config && !c) {
        gv_glx_error(dpy, GLXBadFBConfig, 0, op);
        return NULL;
    }
    if (!config && !screen_ok) { /* GLX_EXT_no_config_context needs a screen */
        gv_x_error(dpy, BadValue, 0, op);
        return NULL;
    }
    /* GLX_EXT_no_config_context: such a context's GLX_RENDER_TYPE is
     * GLX_DONT_CARE (and its GLX_FBCONFIG_ID None) */
    if (!c)
        render_type = (int)GLX_DONT_CARE;
    return context_create(dpy, c, c ? c->screen->screen : screen, share_list, render_type, major,
                          minor, flags, GLX_CONTEXT_COMPATIBILITY_PROFILE_BIT_ARB, op);
}

/* GLX 1.4 section 3.3.7: a context current somewhere is destroyed when it
 * stops being current; its handle is invalid at once. */
void gv_glXDestroyContext(Display *dpy, GLXContext ctx)
{
    pthread_mutex_lock(&gv_lock);
    gv_context *c = context_find_here(ctx);
    if (!c)
        gv_glx_error(dpy, GLXBadContext, 0, X_GLXDestroyContext);
    else if (c->owner)
        c->deleted = true;
    else
        context_free(c);
    pthread_mutex_unlock(&gv_lock);
}

/* ---- make current ------------------------------------------------------------------------- */

/* Drops c's hold on its drawables (it is no longer current). */
static void release_drawables(gv_context *c)
{
    gv_drawable *ds[2] = {c->draw, c->read != c->draw ? c->read : NULL};
    for (int i = 0; i < 2; i++) {
        gv_drawable *d = ds[i];
        if (d && --d->current_count == 0 && d->deleted)
            gv_drawable_free(d);
    }
    c->draw = c->read = NULL;
}

static Bool make_current(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx,
                         int op)
{
    gv_context *old = current;
    pthread_mutex_lock(&gv_lock);
    Bool ok = False;
    gv_context *c = NULL;
    gv_drawable *dd = NULL, *rd = NULL;
    if (ctx) {
        c = context_find_here(ctx);
        if (!c) {
            gv_glx_error(dpy, GLXBadContext, 0, op);
            goto out;
        }
        if (c->owner && c->owner != gv_thread_id()) { /* GLX 1.4 section 3.3.7 */
            gv_x_error(dpy, BadAccess, 0, op);
            goto out;
        }
        /* GL 2.1 contexts need drawables (GLX 1.4 section 3.3.7) */
        if (draw == None || read == None) {
            gv_x_error(dpy, BadMatch, 0, op);
            goto out;
        }
        int error = 0;
        dd = gv_drawable_for_current(dpy, draw, c->config, &error);
        rd = dd && read != draw ? gv_drawable_for_current(dpy, read, c->config, &error) : dd;
        if (!dd || !rd) {
            if (error >= 256)
                gv_x_error(dpy, error - 256, dd ? read : draw, op);
            else
                gv_glx_error(dpy, error, dd ? read : draw, op);
            goto out;
        }
    }
    /* the implicit flush of the context that stops being current, so a
     * single-buffered window shows what was drawn (GLX 1.4 section 3.3.7) */
    if (old && (old != c || old->draw != dd))
        gv_gl()->Flush();
    if (!asmgl_make_current_surfaces(c ? c->gl : NULL, dd ? dd->surface : NULL,
                                     rd ? rd->surface : NULL)) {
        /* asmgl refused the context (current on another thread meanwhile) */
        gv_x_error(dpy, BadAccess, draw, op);
        goto out;
    }
    /* the new drawables are held before the old ones are let go, so one
     * that is both (and destroyed meanwhile) is not freed in between */
    if (dd) {
        dd->current_count++;
        if (rd != dd)
            rd->current_count++;
    }
    if (old) {
        old->owner = NULL;
        release_drawables(old);
        if (old->deleted && old != c)
            context_free(old);
    }
    current = c;
    ok = True;
    if (!c)
        goto out;
    c->owner = gv_thread_id();
    c->draw = dd;
    c->read = rd;
    gv_drawable_track_size(dd); /* new buffers if the window was resized */
    if (rd != dd)
        gv_drawable_track_size(rd);
    if (!c->viewport_set) {
        /* GLX 1.4 section 3.3.7: the first time a context is made current,
         * viewport and scissor become the drawable's size */
        gv_gl()->Viewport(0, 0, dd->width, dd->height);
        gv_gl()->Scissor(0, 0, dd->width, dd->height);
        c->viewport_set = true;
    }
out:
    pthread_mutex_unlock(&gv_lock);
    return ok;
}

Bool gv_glXMakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx)
{
    return make_current(dpy, drawable, drawable, ctx, X_GLXMakeCurrent);
}

Bool gv_glXMakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read, GLXContext ctx)
{
    return make_current(dpy, draw, read, ctx, X_GLXMakeContextCurrent);
}

/* ---- queries, copy, wait ------------------------------------------------------------------ */

int gv_glXQueryContext(Display *dpy, GLXContext ctx, int attribute, int *value)
{
    pthread_mutex_lock(&gv_lock);
    gv_context *c = context_find(ctx);
    int ret = Success;
    if (!c) {
        ret = GLX_BAD_CONTEXT;
    } else if (!value) {
        ret = GLX_BAD_VALUE;
    } else {
        switch (attribute) {
        case GLX_FBCONFIG_ID: *value = c->config ? c->config->id : 0; break;
        case GLX_RENDER_TYPE: *value = c->render_type; break;
        case GLX_SCREEN: *value = c->screen; break;
        default: ret = GLX_BAD_ATTRIBUTE; break;
        }
    }
    pthread_mutex_unlock(&gv_lock);
    return ret;
}

Bool gv_glXIsDirect(Display *dpy, GLXContext ctx)
{
    pthread_mutex_lock(&gv_lock);
    bool ok = context_find(ctx) != NULL;
    pthread_mutex_unlock(&gv_lock);
    if (!ok)
        gv_glx_error(dpy, GLXBadContext, 0, X_GLXIsDirect);
    return ok ? True : False; /* every asmgl context renders in the client */
}

/* glXCopyContext (GLX 1.4 section 3.3.7): the attribute groups of mask,
 * as glPushAttrib saves them (asmgl_context_copy).  GLXBadContext for a
 * bad handle, BadAccess for a destination current on some thread,
 * BadMatch for contexts of different screens.  A source current on
 * another thread is BadAccess too: its state is changing there (asmgl's
 * choice; the spec leaves it open). */
void gv_glXCopyContext(Display *dpy, GLXContext src, GLXContext dst, unsigned long mask)
{
    pthread_mutex_lock(&gv_lock);
    gv_context *s = context_find_here(src), *d = context_find(dst);
    if (!s || !d)
        gv_glx_error(dpy, GLXBadContext, 0, X_GLXCopyContext);
    else if (d->owner || (s->owner && s->owner != gv_thread_id()))
        gv_x_error(dpy, BadAccess, 0, X_GLXCopyContext);
    else if (s->screen != d->screen || s->dpy != d->dpy)
        gv_x_error(dpy, BadMatch, 0, X_GLXCopyContext);
    else if (!asmgl_context_copy(d->gl, s->gl, mask))
        gv_x_error(dpy, BadAlloc, 0, X_GLXCopyContext);
    pthread_mutex_unlock(&gv_lock);
}

/* GLX 1.4 section 3.3.8: GL rendering is complete before X rendering that
 * follows; a single-buffered drawable is presented then (flush callback). */
void gv_glXWaitGL(void)
{
    if (current)
        gv_gl()->Finish();
}

/* X rendering is complete before GL rendering that follows. */
void gv_glXWaitX(void)
{
    if (current && current->dpy)
        XSync(current->dpy, False);
}
