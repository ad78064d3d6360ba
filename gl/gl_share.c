/*
 * gl_share.c - objects shared between contexts: the share group (GL 2.1
 * Appendix D, GLX 1.4 section 3.3.7, EGL 1.5 section 3.7.1; any thread,
 * under the group's lock).
 *
 * What is shared: the name tables and objects of ARB/NV program objects,
 * texture objects, buffer objects, renderbuffers and sampler objects
 * (ARB_sampler_objects) live in the group
 * (ctx->shared); display lists share their own namespace (gl_dlist_share).
 * Framebuffer objects, the default texture and program objects (name 0)
 * and all other state stay the context's own (ARB_framebuffer_object
 * Appendix D).  GL 2.0 shader and program objects (gl_glsl.c) are not
 * shared.
 *
 * Threads: every GL entry point holds its context's group lock from
 * GL_CTX to its return (GL_SHARE_HOLD), as do the asmgl.h calls that touch
 * a context's queued scene.  So the contexts of one group run their GL
 * calls one at a time, whichever threads they are current on, and while
 * one runs, no other member is inside a GL call.  An unshared context takes
 * its own, uncontended lock.  Nested entry (display lists replaying entry
 * points) finds the lock held by this thread and takes nothing.
 *
 * The deferred renderer: a context's queued scene reads the objects its
 * draws referenced until its next flush.  Every change to an object a
 * scene may read is preceded by a flush point of gl/ (R9); gl_draw_flush
 * runs the scenes of every member then, so a change made through one
 * context never frees or rewrites storage another context's queued scene
 * still reads.  (Appendix D leaves the results of using an object changed
 * by another context undefined until the application synchronises; asmgl's
 * are those of the scene having run before the change.)
 *
 * Deletion (Appendix D.1.2): the name goes at once, from every context; the
 * deleting context unbinds the object as for one context; other contexts
 * that bind it (texture units, buffer binding points and vertex arrays,
 * program targets, the renderbuffer binding, framebuffer attachments, image
 * units, texture handles) keep using it.  Such an object waits in the
 * group's dead list and is freed (collect), at the next deletion in the
 * group or when a context leaves it, once no member binds it.
 * Textures that view a deleted buffer or renderbuffer let go of it in every
 * context (as for one context, gl_texture.c).
 */
#include "gl_priv.h"

#include <stdlib.h>

typedef struct gl_share_dead {
    int kind;                 /* GLC_OBJ_* */
    void *obj;
} gl_share_dead;

/* The lock is taken once per thread: a thread already holding it (the
 * holder field, written only by the holder) takes nothing again. */
static uintptr_t self_id(void)
{
    return (uintptr_t)pthread_self();
}

gl_share *gl_share_enter(gl_context *ctx)
{
    gl_share *s = ctx ? ctx->shared : NULL;
    if (!s)
        return NULL;
    uintptr_t me = self_id();
    if (atomic_load_explicit(&s->holder, memory_order_relaxed) == me)
        return NULL;
    pthread_mutex_lock(&s->lock);
    atomic_store_explicit(&s->holder, me, memory_order_relaxed);
    return s;
}

void gl_share_leave(gl_share **hp)
{
    gl_share *s = *hp;
    if (!s)
        return;
    atomic_store_explicit(&s->holder, 0, memory_order_relaxed);
    pthread_mutex_unlock(&s->lock);
}

bool gl_share_alone(const gl_context *ctx)
{
    return !ctx->shared || (ctx->shared->members == ctx && !ctx->share_next);
}

void gl_share_flush_all(gl_context *ctx)
{
    if (!ctx->shared)
        return;
    for (gl_context *m = ctx->shared->members; m; m = m->share_next)
        rast_flush(m->rast);
}

bool gl_share_join(gl_context *ctx, gl_context *share)
{
    if (share) {
        GL_SHARE_HOLD(share);
        if (!gl_dlist_share(ctx, share))
            return false;
        gl_share *s = share->shared;
        ctx->share_next = s->members;
        s->members = ctx;
        ctx->shared = s;
        return true;
    }
    gl_share *s = calloc(1, sizeof *s);
    if (!s)
        return false;
    if (pthread_mutex_init(&s->lock, NULL) != 0) {
        free(s);
        return false;
    }
    s->members = ctx;
    ctx->share_next = NULL;
    ctx->shared = s;
    return true;
}

/* ---- who binds an object ---------------------------------------------------------
 * Every pointer a context keeps to a shared object (a binding point of
 * gl_priv.h's asmgl_context, or of its framebuffer objects) must be seen
 * here, or a deleted object could be freed while that context still uses it. */

typedef struct fb_scan {
    const void *obj;
    bool found;
} fb_scan;

static void fb_scan_one(GLuint name, void *v, void *user)
{
    (void)name;
    fb_scan *f = user;
    if (v == GL_NAME_RESERVED)
        return;
    const gl_framebuffer_obj *fb = v;
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        const gl_attachment *a = &fb->att[i];
        if ((a->type == GLC_ATTACH_TEXTURE && (const void *)a->tex == f->obj) ||
            (a->type == GLC_ATTACH_RENDERBUFFER && (const void *)a->rb == f->obj))
            f->found = true;
    }
}

/* Whether one of c's framebuffer objects has obj attached. */
static bool attached_in(gl_context *c, const void *obj)
{
    fb_scan f = {obj, false};
    gl_names_foreach(&c->framebuffers, fb_scan_one, &f);
    return f.found;
}

static bool texture_bound_in(gl_context *c, const gl_texture_obj *t)
{
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        for (int i = 0; i < GLC_TEX_TARGETS; i++)
            if (c->bound_tex[u][i] == t)
                return true;
    for (int i = 0; i < GP_MAX_IMAGE_UNITS; i++)
        if (c->image_unit[i].tex == t)
            return true;
    for (uint32_t i = 0; i < c->num_tex_handles; i++)
        if (c->tex_handle_obj[i] == t)
            return true;
    return attached_in(c, t);
}

static bool buffer_bound_in(gl_context *c, const gl_buffer_obj *b)
{
    if (c->array_buffer == b || c->pixel_pack_buffer == b ||
        c->pixel_unpack_buffer == b || c->texture_buffer == b || c->shader_storage_buffer == b ||
        c->dispatch_indirect_buffer == b || c->copy_read_buffer == b ||
        c->copy_write_buffer == b || c->xfb_buffer == b)
        return true;
    for (int i = 0; i < GLC_MAX_TF_SEPARATE_ATTRIBS; i++)
        if (c->xfb_binding[i].buffer == b)
            return true;
    if (gl_vao_uses_buffer(c, b))
        return true;
    for (int t = 0; t < GLC_PB_TARGETS; t++) {
        if (c->param_buffer[t] == b)
            return true;
        for (int i = 0; i < GP_MAX_PARAM_BUFFERS; i++)
            if (c->param_binding[t][i].buffer == b)
                return true;
    }
    for (int i = 0; i < GP_MAX_STORAGE_BUFFERS; i++)
        if (c->ssbo[i].buffer == b)
            return true;
    return false;
}

static bool program_bound_in(gl_context *c, const gl_program_obj *p)
{
    for (int t = 0; t < GLC_PROGRAM_TARGETS; t++)
        if (c->program[t] == p)
            return true;
    return false;
}

static bool renderbuffer_bound_in(gl_context *c, const gl_renderbuffer_obj *rb)
{
    return c->renderbuffer == rb || attached_in(c, rb);
}

static bool sampler_bound_in(gl_context *c, const gl_sampler_obj *so)
{
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        if (c->bound_sampler[u] == so)
            return true;
    return false;
}

/* Whether a member of s other than except binds obj. */
static bool bound_anywhere(gl_share *s, const gl_context *except, int kind, const void *obj)
{
    for (gl_context *c = s->members; c; c = c->share_next) {
        if (c == except)
            continue;
        bool b = false;
        switch (kind) {
        case GLC_OBJ_TEXTURE: b = texture_bound_in(c, obj); break;
        case GLC_OBJ_BUFFER: b = buffer_bound_in(c, obj); break;
        case GLC_OBJ_PROGRAM: b = program_bound_in(c, obj); break;
        case GLC_OBJ_RENDERBUFFER: b = renderbuffer_bound_in(c, obj); break;
        case GLC_OBJ_SAMPLER: b = sampler_bound_in(c, obj); break;
        }
        if (b)
            return true;
    }
    return false;
}

static void destroy(int kind, void *obj)
{
    switch (kind) {
    case GLC_OBJ_TEXTURE: gl_texture_obj_destroy(obj); break;
    case GLC_OBJ_BUFFER: gl_buffer_obj_destroy(obj); break;
    case GLC_OBJ_PROGRAM: gl_program_obj_destroy(obj); break;
    case GLC_OBJ_RENDERBUFFER: gl_renderbuffer_obj_destroy(obj); break;
    case GLC_OBJ_SAMPLER: gl_sampler_obj_destroy(obj); break;
    }
}

/* Frees the dead objects no member other than except binds.  Textures go
 * first: a dead texture may hold a buffer's tex_refs.  The scenes of the
 * group have run (the callers flushed). */
static void collect(gl_share *s, const gl_context *except)
{
    for (int kind = GLC_OBJ_TEXTURE; kind <= GLC_OBJ_SAMPLER; kind++) {
        size_t n = 0;
        for (size_t i = 0; i < s->dead_count; i++) {
            gl_share_dead d = s->dead[i];
            if (d.kind == kind && !bound_anywhere(s, except, d.kind, d.obj))
                destroy(d.kind, d.obj);
            else
                s->dead[n++] = d;
        }
        s->dead_count = n;
    }
}

void gl_share_collect(gl_context *ctx)
{
    gl_share *s = ctx->shared;
    if (s && s->dead_count) {
        gl_draw_flush(ctx); /* queued scenes may still read the dead objects */
        collect(s, NULL);
    }
}

void gl_share_retire(gl_context *ctx, int kind, void *obj)
{
    gl_share *s = ctx->shared;
    if (!s || gl_share_alone(ctx) || !bound_anywhere(s, ctx, kind, obj)) {
        destroy(kind, obj);
    } else {
        if (s->dead_count == s->dead_cap) {
            size_t cap = s->dead_cap ? s->dead_cap * 2 : 16;
            gl_share_dead *d = realloc(s->dead, cap * sizeof *d);
            if (!d) {
                /* still in use elsewhere: keeping it (unfreed) is the only
                 * safe choice when the list cannot grow */
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
            s->dead = d;
            s->dead_cap = cap;
        }
        s->dead[s->dead_count++] = (gl_share_dead){kind, obj};
    }
    gl_share_collect(ctx);
}

/* ---- walking every texture --------------------------------------------------------- */

typedef struct tex_walk {
    void (*fn)(gl_texture_obj *, void *);
    void *user;
} tex_walk;

static void tex_walk_name(GLuint name, void *v, void *user)
{
    (void)name;
    tex_walk *w = user;
    if (v != GL_NAME_RESERVED)
        w->fn(v, w->user);
}

void gl_share_foreach_texture(gl_context *ctx, void (*fn)(gl_texture_obj *, void *), void *user)
{
    gl_share *s = ctx->shared;
    if (!s) {
        for (int t = 0; t < GLC_TEX_TARGETS; t++)
            fn(&ctx->default_tex[t], user);
        return;
    }
    for (gl_context *c = s->members; c; c = c->share_next)
        for (int t = 0; t < GLC_TEX_TARGETS; t++)
            if (c->default_tex[t].tex)
                fn(&c->default_tex[t], user);
    tex_walk w = {fn, user};
    gl_names_foreach(&s->textures, tex_walk_name, &w);
    for (size_t i = 0; i < s->dead_count; i++)
        if (s->dead[i].kind == GLC_OBJ_TEXTURE)
            fn(s->dead[i].obj, user);
}

/* ---- leaving ----------------------------------------------------------------------- */

static void free_named(GLuint name, void *v, void *user)
{
    (void)name;
    if (v != GL_NAME_RESERVED)
        destroy(*(const int *)user, v);
}

gl_share *gl_share_part(gl_context *ctx)
{
    gl_share *s = ctx->shared;
    if (!s)
        return NULL;
    gl_context **pp = &s->members;
    while (*pp && *pp != ctx)
        pp = &(*pp)->share_next;
    if (*pp)
        *pp = ctx->share_next;
    ctx->share_next = NULL;
    ctx->shared = NULL;
    if (s->members) {
        /* what only ctx bound may go now */
        gl_share_flush_all(s->members);
        collect(s, NULL);
        return NULL;
    }
    /* the last context: every shared object goes, textures before the
     * buffers and renderbuffers they view */
    static const int order[] = {GLC_OBJ_TEXTURE, GLC_OBJ_PROGRAM, GLC_OBJ_BUFFER,
                                GLC_OBJ_RENDERBUFFER, GLC_OBJ_SAMPLER};
    gl_name_table *tables[] = {&s->textures, &s->programs, &s->buffers, &s->renderbuffers,
                               &s->samplers};
    for (int k = 0; k < 5; k++) {
        for (size_t i = 0; i < s->dead_count; i++)
            if (s->dead[i].kind == order[k])
                destroy(s->dead[i].kind, s->dead[i].obj);
        gl_names_foreach(tables[k], free_named, (void *)&order[k]);
        gl_names_free(tables[k]);
    }
    free(s->dead);
    s->dead = NULL;
    s->dead_count = s->dead_cap = 0;
    return s;
}

void gl_share_destroy(gl_share *s)
{
    if (!s)
        return;
    pthread_mutex_destroy(&s->lock);
    free(s);
}
