/*
 * gl_texture.c - texture objects and texture image commands (API thread).
 *
 * Storage, conversion and sampling belong to texture/ (tex.h); this file
 * keeps GL's object model: names, per-unit bindings of the five GL 2.1
 * targets (1D, 2D, 3D, CUBE_MAP, RECTANGLE_ARB) and of EXT_texture_array's
 * 1D_ARRAY / 2D_ARRAY, ARB_texture_buffer_object's BUFFER and
 * ARB_texture_multisample's 2D_MULTISAMPLE(_ARRAY), the default object of each
 * target (name 0, shared by all units as GL 2.1 section 3.8.12 says), proxy
 * targets, pixel buffer objects as the source/destination of transfers, and
 * the flush that must precede any change to a texture a queued scene may
 * sample or render into (R9).
 */
#include "gl_priv.h"

#include <stdlib.h>
#include <string.h>

static const GLenum target_enums[GLC_TEX_TARGETS] = {
    GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_RECTANGLE_ARB,
    GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_BUFFER_ARB,
    GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_RENDERBUFFER_NV,
    GL_TEXTURE_CUBE_MAP_ARRAY};

/* The texture/ object kind behind a GL target: a texture renderbuffer is a
 * 2D multisample image whose storage is the renderbuffer's (rb_view). */
static tex_object *new_tex_object(GLenum target)
{
    return tex_object_create(target == GL_TEXTURE_RENDERBUFFER_NV ? GL_TEXTURE_2D_MULTISAMPLE : target);
}

/* Drops a texture renderbuffer's view of its renderbuffer's storage (the
 * image does not own it), so tex_object_free and redefinitions leave it be. */
static void rb_view_clear(gl_texture_obj *o)
{
    if (!o->tex || o->target != GL_TEXTURE_RENDERBUFFER_NV)
        return;
    tex_image *img = &o->tex->image[0][0];
    img->data = NULL;
    img->stencil = NULL;
    memset(img, 0, sizeof *img);
    tex_object_images_changed(o->tex);
}

/* Points a texture renderbuffer's image at its renderbuffer's colour (or
 * depth) samples: NV_explicit_multisample section 3.8.4. */
static void rb_view_set(gl_texture_obj *o)
{
    rb_view_clear(o);
    const gl_renderbuffer_obj *rb = o->rb;
    if (!rb)
        return;
    const rast_surface *s = rb->color.data ? &rb->color : &rb->depth_surf;
    if (!s->data)
        return;
    tex_image *img = &o->tex->image[0][0];
    img->width = s->width;
    img->height = s->height;
    img->depth = 1;
    img->format = s->format;
    img->internal_format = rb->internal_format;
    GLenum base = GL_RGBA;
    tex_internal_format_info(rb->internal_format, &base, NULL);
    img->base_format = s == &rb->depth_surf ? GL_DEPTH_COMPONENT : base;
    img->row_stride = s->stride;
    img->samples = s->samples > 0 ? s->samples : 1;
    img->sample_stride = s->samples > 0 ? s->sample_stride : s->stride * (size_t)s->height;
    img->slice_stride = img->sample_stride * (size_t)img->samples;
    img->data = s->data;
    tex_object_images_changed(o->tex);
}

typedef struct rb_walk {
    gl_renderbuffer_obj *rb;
    bool deleted;
} rb_walk;

static void rb_walk_one(gl_texture_obj *o, rb_walk *w)
{
    if (o->target != GL_TEXTURE_RENDERBUFFER_NV || o->rb != w->rb)
        return;
    if (w->deleted)
        o->rb = NULL;
    rb_view_set(o);
}

static void rb_walk_tex(gl_texture_obj *o, void *user)
{
    rb_walk_one(o, user);
}

/* Every texture of the share group views the renderbuffer's new storage,
 * or lets go of a deleted one (gl_share.c walks the contexts' defaults and
 * the deleted textures still bound somewhere, too). */
void gl_texture_renderbuffer_changed(gl_context *ctx, gl_renderbuffer_obj *rb, bool deleted)
{
    gl_resource_will_change(ctx, GL_RES_TEXTURE); /* a queued scene may sample the old storage (R9) */
    rb_walk w = {rb, deleted};
    gl_share_foreach_texture(ctx, rb_walk_tex, &w);
}

/* TexRenderbufferNV and TexBuffer: *obj the object name names in t (NULL
 * for 0; INVALID_OPERATION for a name that is none), *o the texture of
 * target index ti bound to the active unit, which is to view it; false when
 * an error is recorded or a handle names the texture (NV_bindless_texture).
 * Queued scenes are flushed first (R9). */
static bool view_args(gl_context *ctx, gl_name_table *t, GLuint name, int ti, void **obj,
                      gl_texture_obj **o)
{
    *obj = NULL;
    if (name) {
        void *v = gl_names_lookup(t, name);
        if (!v || v == GL_NAME_RESERVED) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
        *obj = v;
    }
    *o = ctx->bound_tex[ctx->active_texture][ti];
    if (!gl_bindless_may_modify(ctx, *o))
        return false;
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    return true;
}

/* TexRenderbufferNV (NV_explicit_multisample section 3.8.4): the texture
 * renderbuffer bound to the active unit views renderbuffer's storage
 * (0 detaches).  INVALID_ENUM for another target, INVALID_OPERATION for a
 * name that is no renderbuffer. */
GLAPI_EXPORT void APIENTRY glTexRenderbufferNV(GLenum target, GLuint renderbuffer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_TEXTURE_RENDERBUFFER_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    void *rb;
    gl_texture_obj *o;
    if (!view_args(ctx, &ctx->shared->renderbuffers, renderbuffer, GLC_TEX_RENDERBUFFER, &rb, &o))
        return;
    o->rb = rb;
    rb_view_set(o);
}

/* Proxy image state (GL 2.1 section 3.8.11): what the last proxy TexImage of
 * each target and level would have produced. */
typedef struct proxy_image {
    int width, height, depth, border;
    GLenum internal_format, base_format;
    tex_format storage;
} proxy_image;

typedef struct gl_texture_state {
    proxy_image proxy[GLC_TEX_TARGETS][TEX_MAX_LEVELS];
} gl_texture_state;

static gl_texture_state *tstate(gl_context *ctx)
{
    return (gl_texture_state *)ctx->tex_state;
}

bool gl_texture_init(gl_context *ctx)
{
    ctx->tex_state = calloc(1, sizeof(gl_texture_state));
    if (!ctx->tex_state)
        return false;
    for (int t = 0; t < GLC_TEX_TARGETS; t++) {
        gl_texture_obj *d = &ctx->default_tex[t];
        d->name = 0;
        d->target = target_enums[t];
        d->tex = new_tex_object(target_enums[t]);
        d->priority = 1.0f;
        if (!d->tex)
            return false;
        for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
            ctx->bound_tex[u][t] = d;
    }
    return true;
}

/* Frees t and what it owns; a buffer texture lets go of its buffer. */
void gl_texture_obj_destroy(gl_texture_obj *t)
{
    if (t->buffer)
        t->buffer->tex_refs--;
    rb_view_clear(t);
    tex_object_free(t->tex);
    free(t);
}

/* The context's own textures (the defaults); the named ones belong to the
 * share group (gl_share.c). */
void gl_texture_free_all(gl_context *ctx)
{
    for (int t = 0; t < GLC_TEX_TARGETS; t++) {
        if (ctx->default_tex[t].buffer)
            ctx->default_tex[t].buffer->tex_refs--;
        ctx->default_tex[t].buffer = NULL;
        rb_view_clear(&ctx->default_tex[t]);
        tex_object_free(ctx->default_tex[t].tex);
        ctx->default_tex[t].tex = NULL;
    }
    free(ctx->tex_state);
    ctx->tex_state = NULL;
}

gl_texture_obj *gl_texture_lookup(gl_context *ctx, GLuint name)
{
    void *v = gl_names_lookup(&ctx->shared->textures, name);
    return v && v != GL_NAME_RESERVED ? v : NULL;
}

int gl_texture_gp_target_index(int gp_target)
{
    switch (gp_target) {
    case GP_TEX_1D:
    case GP_TEX_SHADOW1D:
        return GLC_TEX_1D;
    case GP_TEX_2D:
    case GP_TEX_SHADOW2D:
        return GLC_TEX_2D;
    case GP_TEX_3D:
        return GLC_TEX_3D;
    case GP_TEX_CUBE:
    case GP_TEX_SHADOWCUBE:
        return GLC_TEX_CUBE;
    case GP_TEX_RECT:
    case GP_TEX_SHADOWRECT:
        return GLC_TEX_RECT;
    case GP_TEX_ARRAY1D:
    case GP_TEX_SHADOWARRAY1D:
        return GLC_TEX_1D_ARRAY;
    case GP_TEX_ARRAY2D:
    case GP_TEX_SHADOWARRAY2D:
        return GLC_TEX_2D_ARRAY;
    case GP_TEX_BUFFER:
        return GLC_TEX_BUFFER;
    case GP_TEX_2DMS:
        return GLC_TEX_2DMS;
    case GP_TEX_ARRAY2DMS:
        return GLC_TEX_2DMS_ARRAY;
    case GLC_GP_TEX_RENDERBUFFER:
        return GLC_TEX_RENDERBUFFER;
    case GP_TEX_CUBEARRAY:
    case GP_TEX_SHADOWCUBEARRAY:
        return GLC_TEX_CUBE_ARRAY;
    default:
        return -1;
    }
}

const tex_object *gl_texture_for_unit(gl_context *ctx, int unit, int gp_target)
{
    int t = gp_target == GLC_GP_TEX_RENDERBUFFER ? GLC_TEX_RENDERBUFFER : gl_texture_gp_target_index(gp_target);
    if (t < 0 || unit < 0 || unit >= GLC_MAX_IMAGE_UNITS)
        return NULL;
    return ctx->bound_tex[unit][t]->tex;
}

/* ---- buffer textures (ARB_texture_buffer_object) ---------------------------------- */

/* (Re)attaches o's buffer's current store to the texel view. */
static void buffer_reattach(gl_texture_obj *o)
{
    gl_buffer_obj *b = o->buffer;
    GLenum fmt = o->tex->buffer.internal_format;
    if (!b) {
        tex_buffer_attach(o->tex, fmt, NULL, 0);
        return;
    }
    tex_buffer_attach(o->tex, fmt, mem_buffer_data(b->mem), mem_buffer_size(b->mem));
}

typedef struct buffer_walk {
    gl_buffer_obj *b;
    bool deleted;
} buffer_walk;

static void buffer_walk_one(gl_texture_obj *o, buffer_walk *w)
{
    if (o->target != GL_TEXTURE_BUFFER_ARB || o->buffer != w->b)
        return;
    if (w->deleted) {
        o->buffer = NULL;
        w->b->tex_refs--;
    }
    buffer_reattach(o);
}

static void buffer_walk_tex(gl_texture_obj *o, void *user)
{
    buffer_walk_one(o, user);
}

/* Every buffer texture of the share group viewing b (gl_share.c). */
static void buffer_walk_all(gl_context *ctx, gl_buffer_obj *b, bool deleted)
{
    if (!b->tex_refs)
        return;
    gl_resource_will_change(ctx, GL_RES_TEXTURE); /* a queued scene may read the old store (R9) */
    buffer_walk w = {b, deleted};
    gl_share_foreach_texture(ctx, buffer_walk_tex, &w);
}

void gl_texture_buffer_changed(gl_context *ctx, gl_buffer_obj *b)
{
    buffer_walk_all(ctx, b, false);
}

/* Deviation: GL keeps a deleted buffer's store alive while a texture views
 * it; asmgl detaches it from every buffer texture instead (as deleting a
 * texture detaches it from every framebuffer, gl_fbo.c). */
void gl_texture_buffer_deleted(gl_context *ctx, gl_buffer_obj *b)
{
    buffer_walk_all(ctx, b, true);
}

/* glTexBufferARB (ARB_texture_buffer_object section 3.8.5; EXT_ and core
 * names alias it): target must be TEXTURE_BUFFER_ARB (INVALID_ENUM), the
 * format one of table X.1 (INVALID_ENUM), buffer 0 or a buffer object
 * (INVALID_OPERATION). */
GLAPI_EXPORT void APIENTRY glTexBufferARB(GLenum target, GLenum internalformat, GLuint buffer)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_TEXTURE_BUFFER_ARB) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    size_t texel;
    if (!tex_buffer_format_info(internalformat, &texel)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    void *v;
    gl_texture_obj *o;
    if (!view_args(ctx, &ctx->shared->buffers, buffer, GLC_TEX_BUFFER, &v, &o))
        return;
    gl_buffer_obj *b = v;
    if (o->buffer)
        o->buffer->tex_refs--;
    o->buffer = b;
    if (b)
        b->tex_refs++;
    GLenum e = tex_buffer_attach(o->tex, internalformat, b ? mem_buffer_data(b->mem) : NULL,
                                 b ? mem_buffer_size(b->mem) : 0);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}
GL_ALIAS(void, glTexBufferEXT, glTexBufferARB, (GLenum target, GLenum internalformat, GLuint buffer))
GL_ALIAS(void, glTexBuffer, glTexBufferARB, (GLenum target, GLenum internalformat, GLuint buffer))

/* ---- multisample textures (ARB_texture_multisample) ------------------------------ */

/* The sample count asmgl allocates for a request of n (ARB_framebuffer_object
 * 4.4.2.1: at least n, at most the next count supported): 1, 2, 4 or 8. */
int gl_texture_round_samples(int n)
{
    return n <= 0 ? 0 : n == 1 ? 1 : n == 2 ? 2 : n <= 4 ? 4 : 8;
}

static void tex_image_ms(gl_context *ctx, GLenum target, GLsizei samples, GLenum internalformat,
                         GLsizei w, GLsizei h, GLsizei d, GLboolean fixed, bool array)
{
    GL_OUTSIDE_BEGIN(ctx, );
    /* ARB_texture_multisample 3.8.4: the target may also be the proxy
     * (PROXY_TEXTURE_2D_MULTISAMPLE[_ARRAY]); a proxy request is checked as
     * the real one is and allocates nothing. */
    bool proxy = target == (array ? GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY
                                  : GL_PROXY_TEXTURE_2D_MULTISAMPLE);
    if (!proxy &&
        target != (array ? GL_TEXTURE_2D_MULTISAMPLE_ARRAY : GL_TEXTURE_2D_MULTISAMPLE)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    /* ARB_texture_multisample: more samples than MAX_*_SAMPLES (all
     * TEX_MAX_SAMPLES here) is INVALID_OPERATION; sizes as TexImage */
    if (samples > TEX_MAX_SAMPLES) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (samples < 1 || w < 0 || h < 0 || d < 0 || w > TEX_MAX_SIZE || h > TEX_MAX_SIZE ||
        d > GLC_MAX_ARRAY_LAYERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (proxy)
        return;
    gl_texture_obj *o = ctx->bound_tex[ctx->active_texture][array ? GLC_TEX_2DMS_ARRAY : GLC_TEX_2DMS];
    if (!gl_bindless_may_modify(ctx, o))
        return; /* NV_bindless_texture: a handle names it */
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_image_multisample(o->tex, gl_texture_round_samples(samples), internalformat, w,
                                     h, array ? d : 1);
    if (e != GL_NO_ERROR) {
        gl_error(ctx, e);
        return;
    }
    o->fixed_sample_locations = fixed ? GL_TRUE : GL_FALSE;
}

GLAPI_EXPORT void APIENTRY glTexImage2DMultisample(GLenum target, GLsizei samples,
                                                   GLenum internalformat, GLsizei width,
                                                   GLsizei height, GLboolean fixedsamplelocations)
{
    GL_CTX();
    tex_image_ms(ctx, target, samples, internalformat, width, height, 1, fixedsamplelocations, false);
}

GLAPI_EXPORT void APIENTRY glTexImage3DMultisample(GLenum target, GLsizei samples,
                                                   GLenum internalformat, GLsizei width,
                                                   GLsizei height, GLsizei depth,
                                                   GLboolean fixedsamplelocations)
{
    GL_CTX();
    tex_image_ms(ctx, target, samples, internalformat, width, height, depth, fixedsamplelocations,
                 true);
}

/* ---- objects ------------------------------------------------------------------- */

GLAPI_EXPORT void APIENTRY glGenTextures(GLsizei n, GLuint *textures)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->shared->textures, n, textures);
}
GL_ALIAS(void, glGenTexturesEXT, glGenTextures, (GLsizei n, GLuint *textures))

static void detach_texture(gl_context *ctx, void *v)
{
    gl_texture_obj *t = v;
    /* a queued scene may sample it or render into it */
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    /* GL 2.1 section 3.8.12: bound textures revert to the defaults */
    int ti = gl_tex_target_index(t->target);
    for (int u = 0; u < GLC_MAX_IMAGE_UNITS; u++)
        if (ti >= 0 && ctx->bound_tex[u][ti] == t)
            ctx->bound_tex[u][ti] = &ctx->default_tex[ti];
    gl_fbo_texture_deleted(ctx, t);
    gl_bindless_texture_deleted(ctx, t); /* its handles become invalid */
    gl_image_texture_deleted(ctx, t);   /* image units detach it */
}

GLAPI_EXPORT void APIENTRY glDeleteTextures(GLsizei n, const GLuint *textures)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->shared->textures, n, textures, detach_texture, GLC_OBJ_TEXTURE);
}
GL_ALIAS(void, glDeleteTexturesEXT, glDeleteTextures, (GLsizei n, const GLuint *textures))

GLAPI_EXPORT void APIENTRY glBindTexture(GLenum target, GLuint texture)
{
    GL_CTX();
    GL_DLIST_SAVE(glBindTexture, (ctx, target, texture));
    GL_OUTSIDE_BEGIN(ctx, );
    int ti = gl_tex_target_index(target);
    if (ti < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_texture_obj *t;
    if (texture == 0) {
        t = &ctx->default_tex[ti];
    } else {
        void *v = gl_names_lookup(&ctx->shared->textures, texture);
        if (v && v != GL_NAME_RESERVED) {
            t = v;
            if (t->target != target) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
        } else {
            t = calloc(1, sizeof *t);
            if (t) {
                t->name = texture;
                t->target = target;
                t->priority = 1.0f;
                t->tex = new_tex_object(target);
            }
            if (!t || !t->tex || !gl_names_insert(&ctx->shared->textures, texture, t)) {
                if (t)
                    tex_object_free(t->tex);
                free(t);
                gl_error(ctx, GL_OUT_OF_MEMORY);
                return;
            }
        }
    }
    ctx->bound_tex[ctx->active_texture][ti] = t;
}
GL_ALIAS(void, glBindTextureEXT, glBindTexture, (GLenum target, GLuint texture))

GLAPI_EXPORT GLboolean APIENTRY glIsTexture(GLuint texture)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    return gl_texture_lookup(ctx, texture) ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsTextureEXT, glIsTexture, (GLuint texture))

GLAPI_EXPORT GLboolean APIENTRY glAreTexturesResident(GLsizei n, const GLuint *textures,
                                                      GLboolean *residences)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return GL_FALSE;
    }
    for (GLsizei i = 0; i < n; i++)
        if (!textures || textures[i] == 0 || !gl_texture_lookup(ctx, textures[i])) {
            gl_error(ctx, GL_INVALID_VALUE);
            return GL_FALSE;
        }
    (void)residences; /* every texture is resident: TRUE, residences untouched */
    return GL_TRUE;
}

GLAPI_EXPORT void APIENTRY glPrioritizeTextures(GLsizei n, const GLuint *textures,
                                                const GLfloat *priorities)
{
    GL_CTX();
    GL_DLIST_SAVE(glPrioritizeTextures, (ctx, n, textures, priorities));
    if (!gl_names_count_ok(ctx, n))
        return;
    for (GLsizei i = 0; i < n && textures && priorities; i++) {
        gl_texture_obj *t = gl_texture_lookup(ctx, textures[i]);
        if (t)
            t->priority = gl_clampf(priorities[i], 0, 1);
    }
}

GLAPI_EXPORT void APIENTRY glActiveTexture(GLenum texture)
{
    GL_CTX();
    GL_DLIST_SAVE(glActiveTexture, (ctx, texture));
    GL_OUTSIDE_BEGIN(ctx, );
    if (texture < GL_TEXTURE0 || texture >= GL_TEXTURE0 + GLC_MAX_IMAGE_UNITS) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    ctx->active_texture = texture - GL_TEXTURE0;
}
GL_ALIAS(void, glActiveTextureARB, glActiveTexture, (GLenum texture))

/* ---- image targets --------------------------------------------------------------- */

/* Resolves an image target: the GLC target index, the cube face, and whether
 * it is a proxy.  dims: 1, 2 or 3 as the command.  Returns false (with
 * INVALID_ENUM recorded) for a target the command does not take. */
static bool image_target(gl_context *ctx, GLenum target, int dims, bool allow_proxy, int *ti,
                         int *face, bool *proxy)
{
    *face = 0;
    *proxy = false;
    switch (dims) {
    case 1:
        if (target == GL_TEXTURE_1D || (allow_proxy && target == GL_PROXY_TEXTURE_1D)) {
            *ti = GLC_TEX_1D;
            *proxy = target == GL_PROXY_TEXTURE_1D;
            return true;
        }
        break;
    case 2:
        if (target == GL_TEXTURE_2D || (allow_proxy && target == GL_PROXY_TEXTURE_2D)) {
            *ti = GLC_TEX_2D;
            *proxy = target == GL_PROXY_TEXTURE_2D;
            return true;
        }
        if (target == GL_TEXTURE_RECTANGLE_ARB ||
            (allow_proxy && target == GL_PROXY_TEXTURE_RECTANGLE_ARB)) {
            *ti = GLC_TEX_RECT;
            *proxy = target == GL_PROXY_TEXTURE_RECTANGLE_ARB;
            return true;
        }
        if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
            *ti = GLC_TEX_CUBE;
            *face = (int)(target - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
            return true;
        }
        if (allow_proxy && target == GL_PROXY_TEXTURE_CUBE_MAP) {
            *ti = GLC_TEX_CUBE;
            *proxy = true;
            return true;
        }
        /* EXT_texture_array: a 1D array is a 2D image of layers */
        if (target == GL_TEXTURE_1D_ARRAY_EXT ||
            (allow_proxy && target == GL_PROXY_TEXTURE_1D_ARRAY_EXT)) {
            *ti = GLC_TEX_1D_ARRAY;
            *proxy = target == GL_PROXY_TEXTURE_1D_ARRAY_EXT;
            return true;
        }
        break;
    case 3:
        if (target == GL_TEXTURE_3D || (allow_proxy && target == GL_PROXY_TEXTURE_3D)) {
            *ti = GLC_TEX_3D;
            *proxy = target == GL_PROXY_TEXTURE_3D;
            return true;
        }
        if (target == GL_TEXTURE_2D_ARRAY_EXT ||
            (allow_proxy && target == GL_PROXY_TEXTURE_2D_ARRAY_EXT)) {
            *ti = GLC_TEX_2D_ARRAY;
            *proxy = target == GL_PROXY_TEXTURE_2D_ARRAY_EXT;
            return true;
        }
        /* ARB_texture_cube_map_array: depth = 6 * layers layer-faces */
        if (target == GL_TEXTURE_CUBE_MAP_ARRAY ||
            (allow_proxy && target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY)) {
            *ti = GLC_TEX_CUBE_ARRAY;
            *proxy = target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY;
            return true;
        }
        break;
    }
    gl_error(ctx, GL_INVALID_ENUM);
    return false;
}

/* Whether TexImage*, CopyTexImage*, CompressedTexImage* may redefine o's
 * images: not while a texture handle names it (NV_bindless_texture), nor
 * once TexStorage made it immutable (ARB_texture_storage); false with
 * INVALID_OPERATION recorded. */
static bool may_redefine(gl_context *ctx, const gl_texture_obj *o)
{
    if (o->immutable) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    return gl_bindless_may_modify(ctx, o);
}

static tex_object *bound(gl_context *ctx, int ti)
{
    return ctx->bound_tex[ctx->active_texture][ti]->tex;
}

/* Client pointer of an unpack (pack) transfer: with a pixel buffer bound the
 * pointer is an offset into it, checked against the extent (ARB_pixel_buffer
 * _object section 3.6).  *ok false: error recorded. */
static const void *pbo_pointer(gl_context *ctx, gl_buffer_obj *buf, const void *ptr,
                               GLenum format, GLenum type, int w, int h, int d, bool three_d,
                               const tex_pixel_store *ps, bool *ok)
{
    *ok = true;
    if (!buf)
        return ptr;
    if (mem_buffer_is_mapped(buf->mem)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        *ok = false;
        return NULL;
    }
    GLenum err = GL_NO_ERROR;
    /* COLOR_INDEX images (gl_pixel_transfer_tex_image): 1D and 2D */
    size_t extent = format == GL_COLOR_INDEX && d == 1 ? gl_index_image_extent(ctx, type, w, h)
                    : tex_client_image_extent(format, type, w, h, d, three_d, ps, &err);
    if (format == GL_COLOR_INDEX && d == 1 && !extent && w > 0 && h > 0)
        err = GL_INVALID_ENUM;
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        *ok = false;
        return NULL;
    }
    size_t off = (size_t)(uintptr_t)ptr;
    if (!mem_range_ok(mem_buffer_size(buf->mem), off, extent) || !gl_pbo_offset_aligned(type, off)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        *ok = false;
        return NULL;
    }
    unsigned char *base = mem_buffer_data(buf->mem);
    return base ? base + off : NULL;
}

/* A proxy TexImage: records the image the command would create, or zeros. */
static void proxy_image_define(gl_context *ctx, int ti, int level, GLenum internal_format, int w,
                               int h, int d, int border, GLenum format, GLenum type)
{
    proxy_image *p = NULL;
    if (level >= 0 && level < TEX_MAX_LEVELS)
        p = &tstate(ctx)->proxy[ti][level];
    GLenum base;
    tex_format storage;
    if (!tex_internal_format_info(internal_format, &base, &storage)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!p || border < 0 || border > 1 || w < 0 || h < 0 || d < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* the format and type are checked as for a real image (GL 2.1 section
     * 3.8.1: a proxy command is a TexImage that only its errors and the
     * proxy state tell apart), the proxy state left alone on an error */
    GLenum err = GL_NO_ERROR;
    tex_pixel_store one;
    tex_pixel_store_default(&one);
    tex_client_image_size(format, type, 1, 1, 1, &one, &err);
    if (err == GL_NO_ERROR) {
        bool depth_data = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
        bool depth_fmt = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
        if (format == GL_STENCIL_INDEX)
            err = GL_INVALID_OPERATION; /* as tex_image_define */
        else if (depth_data != depth_fmt)
            err = GL_INVALID_OPERATION;
    }
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    memset(p, 0, sizeof *p);
    int max = (ti == GLC_TEX_3D ? TEX_MAX_3D_SIZE : TEX_MAX_SIZE) >> level;
    int iw = w - 2 * border, ih = ti == GLC_TEX_1D ? 1 : h - 2 * border;
    int id = ti == GLC_TEX_3D ? d - 2 * border : 1;
    /* EXT_texture_array: layers have no border and their own limit */
    bool layers_ok = true;
    if (ti == GLC_TEX_1D_ARRAY) {
        ih = 1;
        layers_ok = h >= 0 && h <= GLC_MAX_ARRAY_LAYERS;
    } else if (ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_CUBE_ARRAY) {
        id = 1;
        layers_ok = d >= 0 && d <= GLC_MAX_ARRAY_LAYERS && (ti != GLC_TEX_CUBE_ARRAY || d % 6 == 0);
    }
    bool ok = iw >= 0 && ih >= 0 && id >= 0 && iw <= max && ih <= max && id <= max && layers_ok &&
              !(ti == GLC_TEX_RECT && (level != 0 || border)) &&
              !((ti == GLC_TEX_CUBE || ti == GLC_TEX_CUBE_ARRAY) && iw != ih);
    /* an image larger than asmgl keeps (TEX_MAX_IMAGE_BYTES) is unsupported */
    int layers = ti == GLC_TEX_1D_ARRAY ? h : (ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_CUBE_ARRAY) ? d : 1;
    ok = ok && tex_image_fits(internal_format, iw, ih, id * layers, ti == GLC_TEX_CUBE ? 6 : 1);
    if (ok) {
        p->width = w;
        p->height = ti == GLC_TEX_1D ? 1 : h;
        p->depth = ti == GLC_TEX_3D || ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_CUBE_ARRAY ? d : 1;
        p->border = border;
        p->internal_format = internal_format;
        p->base_format = base;
        p->storage = storage;
    }
}

/* What TexImage and TexSubImage upload: the client's or the unpack
 * buffer's pixels as given, or, where pixel transfer applies (scale, bias,
 * MAP_COLOR; gl_pixelmap.c), a float RGBA copy in xf for the caller to free. */
typedef struct tex_upload {
    const void *pixels;
    GLenum format, type;
    const tex_pixel_store *store;
    tex_pixel_store ps; /* the copy's */
    float *xf;
} tex_upload;

/* Fills u after flushing queued scenes (R9); false when there is nothing to
 * upload, with *e the error to record (GL_NO_ERROR where pbo_pointer
 * recorded its own). */
static bool upload_begin(gl_context *ctx, tex_upload *u, GLenum format, GLenum type, int w, int h,
                         int d, bool three_d, const void *pixels, GLenum *e)
{
    bool ok;
    const void *src = pbo_pointer(ctx, ctx->pixel_unpack_buffer, pixels, format, type, w, h, d,
                                  three_d, &ctx->unpack, &ok);
    *e = GL_NO_ERROR;
    if (!ok)
        return false;
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    u->xf = gl_pixel_transfer_tex_image(ctx, format, type, w, h, d, src, e);
    if (u->xf) {
        tex_pixel_store_default(&u->ps);
        u->pixels = u->xf;
        u->format = GL_RGBA;
        u->type = GL_FLOAT;
        u->store = &u->ps;
        return true;
    }
    u->pixels = src;
    u->format = format;
    u->type = type;
    u->store = &ctx->unpack;
    return *e == GL_NO_ERROR;
}

static void tex_image_cmd(gl_context *ctx, int dims, GLenum target, GLint level, GLint internal_format,
                      GLsizei w, GLsizei h, GLsizei d, GLint border, GLenum format, GLenum type,
                      const void *pixels)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, true, &ti, &face, &proxy))
        return;
    if (proxy) {
        proxy_image_define(ctx, ti, level, (GLenum)internal_format, w, h, d, border, format, type);
        return;
    }
    if (!may_redefine(ctx, ctx->bound_tex[ctx->active_texture][ti]))
        return;
    tex_upload u;
    GLenum e;
    if (upload_begin(ctx, &u, format, type, w, h, d, dims == 3, pixels, &e)) {
        e = tex_image_define(bound(ctx, ti), face, level, (GLenum)internal_format, w, h, d, border,
                             u.format, u.type, u.pixels, u.store);
        free(u.xf);
    }
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glTexImage1D(GLenum target, GLint level, GLint internalformat,
                                        GLsizei width, GLint border, GLenum format, GLenum type,
                                        const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexImage1D, (ctx, target, level, internalformat, width, border, format, type,
                  pixels));
    tex_image_cmd(ctx, 1, target, level, internalformat, width, 1, 1, border, format, type, pixels);
}

GLAPI_EXPORT void APIENTRY glTexImage2D(GLenum target, GLint level, GLint internalformat,
                                        GLsizei width, GLsizei height, GLint border, GLenum format,
                                        GLenum type, const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexImage2D, (ctx, target, level, internalformat, width, height, border, format,
                  type, pixels));
    tex_image_cmd(ctx, 2, target, level, internalformat, width, height, 1, border, format, type,
              pixels);
}

GLAPI_EXPORT void APIENTRY glTexImage3D(GLenum target, GLint level, GLint internalformat,
                                        GLsizei width, GLsizei height, GLsizei depth, GLint border,
                                        GLenum format, GLenum type, const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexImage3D, (ctx, target, level, internalformat, width, height, depth, border,
                  format, type, pixels));
    tex_image_cmd(ctx, 3, target, level, internalformat, width, height, depth, border, format, type,
              pixels);
}

GLAPI_EXPORT void APIENTRY glTexImage3DEXT(GLenum target, GLint level, GLenum internalformat,
                                           GLsizei width, GLsizei height, GLsizei depth,
                                           GLint border, GLenum format, GLenum type,
                                           const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexImage3D, (ctx, target, level, (GLint)internalformat, width, height, depth,
                                 border, format, type, pixels));
    tex_image_cmd(ctx, 3, target, level, (GLint)internalformat, width, height, depth, border, format,
              type, pixels);
}

static void tex_sub_image(gl_context *ctx, int dims, GLenum target, GLint level, GLint x, GLint y,
                          GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                          const void *pixels)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, false, &ti, &face, &proxy))
        return;
    if (w < 0 || h < 0 || d < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    tex_upload u;
    GLenum e;
    if (upload_begin(ctx, &u, format, type, w, h, d, dims == 3, pixels, &e)) {
        e = tex_image_sub(bound(ctx, ti), face, level, x, y, z, w, h, d, u.format, u.type,
                          u.pixels, u.store);
        free(u.xf);
    }
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glTexSubImage1D(GLenum target, GLint level, GLint xoffset,
                                           GLsizei width, GLenum format, GLenum type,
                                           const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexSubImage1D, (ctx, target, level, xoffset, width, format, type, pixels));
    tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format, type, pixels);
}

GLAPI_EXPORT void APIENTRY glTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                                           GLint yoffset, GLsizei width, GLsizei height,
                                           GLenum format, GLenum type, const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexSubImage2D, (ctx, target, level, xoffset, yoffset, width, height, format,
                  type, pixels));
    tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1, format, type,
                  pixels);
}

GLAPI_EXPORT void APIENTRY glTexSubImage3D(GLenum target, GLint level, GLint xoffset,
                                           GLint yoffset, GLint zoffset, GLsizei width,
                                           GLsizei height, GLsizei depth, GLenum format,
                                           GLenum type, const void *pixels)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexSubImage3D, (ctx, target, level, xoffset, yoffset, zoffset, width, height,
                  depth, format, type, pixels));
    tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height, depth, format,
                  type, pixels);
}
GL_ALIAS(void, glTexSubImage3DEXT, glTexSubImage3D,
         (GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width,
          GLsizei height, GLsizei depth, GLenum format, GLenum type, const void *pixels))

/* ---- copies from the read framebuffer ------------------------------------------- */

/* Reads a w x h region of the read framebuffer as float RGBA (depth in [0])
 * for a texture of base format base.  NULL with an error recorded. */
static float *read_region(gl_context *ctx, GLenum base, int x, int y, int w, int h)
{
    GLenum fmt = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL ? GL_DEPTH_COMPONENT : GL_RGBA;
    size_t n;
    if (!mem_size_mul((size_t)w * 4, (size_t)(h ? h : 1), &n) || !mem_size_mul(n, sizeof(float), &n)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    float *buf = malloc(n ? n : 16);
    if (!buf) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    if (!gl_fbo_read_float(ctx, fmt, x, y, w, h, buf)) {
        free(buf);
        return NULL;
    }
    return buf;
}

static bool is_int_storage(tex_format f)
{
    return f == TEX_FMT_RGBA32I || f == TEX_FMT_RGBA32UI;
}

/* EXT_texture_integer 3.8.2 (CopyTexImage): an integer texture copies from
 * an integer colour buffer only, and a non-integer one from a non-integer
 * buffer (INVALID_OPERATION).  For an integer pair, returns the buffer's
 * words (4 per texel, caller frees) and *type the client type that reads
 * them; NULL otherwise (*failed with the error recorded). */
static uint32_t *integer_copy_source(gl_context *ctx, tex_format storage, int x, int y, int w, int h,
                                     GLenum *type, bool *failed)
{
    *failed = false;
    tex_format rf = gl_fbo_read_color_format(ctx);
    if (rf == TEX_FMT_NONE) {
        *failed = true;
        return NULL;
    }
    if (is_int_storage(rf) != is_int_storage(storage)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        *failed = true;
        return NULL;
    }
    if (!is_int_storage(rf))
        return NULL;
    size_t n;
    if (!mem_size_mul((size_t)w * 16, (size_t)(h ? h : 1), &n)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        *failed = true;
        return NULL;
    }
    uint32_t *words = malloc(n ? n : 16);
    if (!words || !gl_fbo_read_words(ctx, x, y, w, h, words)) {
        if (!words)
            gl_error(ctx, GL_OUT_OF_MEMORY);
        free(words);
        *failed = true;
        return NULL;
    }
    *type = rf == TEX_FMT_RGBA32I ? GL_INT : GL_UNSIGNED_INT;
    return words;
}

static void copy_tex_image(gl_context *ctx, int dims, GLenum target, GLint level,
                           GLenum internal_format, GLint x, GLint y, GLsizei w, GLsizei h,
                           GLint border)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, false, &ti, &face, &proxy))
        return;
    if (!may_redefine(ctx, ctx->bound_tex[ctx->active_texture][ti]))
        return;
    /* GL 1.1 section 3.8 (CopyTexImage2D): internalformat may not be the
     * GL 1.0 component counts 1, 2, 3 or 4 that TexImage accepts */
    if (internal_format >= 1 && internal_format <= 4) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GLenum base;
    tex_format storage;
    if (!tex_internal_format_info(internal_format, &base, &storage)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    /* sizes no texture can have are refused before the framebuffer is
     * read (tex_image_define says INVALID_VALUE for them too) */
    if (w < 0 || h < 0 || border < 0 || border > 1 || w > TEX_MAX_SIZE + 2 * border ||
        h > TEX_MAX_SIZE + 2 * border) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (base != GL_DEPTH_COMPONENT && base != GL_DEPTH_STENCIL) {
        GLenum itype = 0;
        bool failed;
        uint32_t *words = integer_copy_source(ctx, storage, x, y, w, h, &itype, &failed);
        if (failed)
            return;
        if (words) {
            tex_pixel_store ips;
            tex_pixel_store_default(&ips);
            gl_resource_will_change(ctx, GL_RES_TEXTURE);
            GLenum e = tex_image_define(bound(ctx, ti), face, level, internal_format, w, h, 1, border,
                                        GL_RGBA_INTEGER, itype, words, &ips);
            free(words);
            if (e != GL_NO_ERROR)
                gl_error(ctx, e);
            return;
        }
    }
    float *px = read_region(ctx, base, x, y, w, h);
    if (!px)
        return;
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    GLenum fmt = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL ? GL_DEPTH_COMPONENT : GL_RGBA;
    /* depth comes back one float per texel in [0]: repack tightly */
    if (fmt == GL_DEPTH_COMPONENT)
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            px[i] = px[i * 4];
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_image_define(bound(ctx, ti), face, level, internal_format, w, h, 1, border, fmt,
                                GL_FLOAT, px, &ps);
    free(px);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glCopyTexImage1D(GLenum target, GLint level, GLenum internalformat,
                                            GLint x, GLint y, GLsizei width, GLint border)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyTexImage1D, (ctx, target, level, internalformat, x, y, width, border));
    copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border);
}

GLAPI_EXPORT void APIENTRY glCopyTexImage2D(GLenum target, GLint level, GLenum internalformat,
                                            GLint x, GLint y, GLsizei width, GLsizei height,
                                            GLint border)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyTexImage2D, (ctx, target, level, internalformat, x, y, width, height,
                  border));
    copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height, border);
}

static void copy_tex_sub_image(gl_context *ctx, int dims, GLenum target, GLint level, GLint xo,
                               GLint yo, GLint zo, GLint x, GLint y, GLsizei w, GLsizei h)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, false, &ti, &face, &proxy))
        return;
    tex_object *t = bound(ctx, ti);
    if (level < 0 || level >= TEX_MAX_LEVELS || w < 0 || h < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    const tex_image *img = &t->image[face][level];
    if (!img->format) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* the destination region is checked before the framebuffer is read
     * (tex_image_sub with no pixels only checks): a region outside the
     * image is INVALID_VALUE whatever w and h cost to read */
    tex_pixel_store vps;
    tex_pixel_store_default(&vps);
    bool int_tex = is_int_storage(img->format);
    bool depth_tex = img->base_format == GL_DEPTH_COMPONENT || img->base_format == GL_DEPTH_STENCIL;
    GLenum ve = tex_image_sub(t, face, level, xo, yo, zo, w, h, 1,
                              depth_tex ? GL_DEPTH_COMPONENT : int_tex ? GL_RGBA_INTEGER : GL_RGBA,
                              int_tex ? GL_INT : GL_FLOAT, NULL, &vps);
    if (ve != GL_NO_ERROR && ve != GL_INVALID_OPERATION) {
        gl_error(ctx, ve);
        return;
    }
    if (img->base_format != GL_DEPTH_COMPONENT && img->base_format != GL_DEPTH_STENCIL) {
        GLenum itype = 0;
        bool failed;
        uint32_t *words = integer_copy_source(ctx, img->format, x, y, w, h, &itype, &failed);
        if (failed)
            return;
        if (words) {
            tex_pixel_store ips;
            tex_pixel_store_default(&ips);
            gl_resource_will_change(ctx, GL_RES_TEXTURE);
            GLenum e = tex_image_sub(t, face, level, xo, yo, zo, w, h, 1, GL_RGBA_INTEGER, itype, words, &ips);
            free(words);
            if (e != GL_NO_ERROR)
                gl_error(ctx, e);
            return;
        }
    }
    float *px = read_region(ctx, img->base_format, x, y, w, h);
    if (!px)
        return;
    GLenum fmt = img->base_format == GL_DEPTH_COMPONENT || img->base_format == GL_DEPTH_STENCIL
                     ? GL_DEPTH_COMPONENT
                     : GL_RGBA;
    if (fmt == GL_DEPTH_COMPONENT)
        for (size_t i = 0; i < (size_t)w * (size_t)h; i++)
            px[i] = px[i * 4];
    tex_pixel_store ps;
    tex_pixel_store_default(&ps);
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_image_sub(t, face, level, xo, yo, zo, w, h, 1, fmt, GL_FLOAT, px, &ps);
    free(px);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glCopyTexSubImage1D(GLenum target, GLint level, GLint xoffset, GLint x,
                                               GLint y, GLsizei width)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyTexSubImage1D, (ctx, target, level, xoffset, x, y, width));
    copy_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1);
}

GLAPI_EXPORT void APIENTRY glCopyTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                                               GLint yoffset, GLint x, GLint y, GLsizei width,
                                               GLsizei height)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyTexSubImage2D, (ctx, target, level, xoffset, yoffset, x, y, width, height));
    copy_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width, height);
}

GLAPI_EXPORT void APIENTRY glCopyTexSubImage3D(GLenum target, GLint level, GLint xoffset,
                                               GLint yoffset, GLint zoffset, GLint x, GLint y,
                                               GLsizei width, GLsizei height)
{
    GL_CTX();
    GL_DLIST_SAVE(glCopyTexSubImage3D, (ctx, target, level, xoffset, yoffset, zoffset, x, y, width,
                  height));
    copy_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y, width, height);
}
GL_ALIAS(void, glCopyTexSubImage3DEXT, glCopyTexSubImage3D,
         (GLenum target, GLint level, GLint xoffset, GLint yoffset, GLint zoffset, GLint x, GLint y,
          GLsizei width, GLsizei height))

/* The texture and face glGetTexImage and glGetCompressedTexImage read
 * (GL 2.1 section 6.1.4): any non-proxy target of a level in range; false
 * (with the GL error) otherwise. */
static bool read_image_target(gl_context *ctx, GLenum target, GLint level, int *ti, int *face)
{
    bool proxy;
    *face = 0;
    if (target == GL_TEXTURE_1D)
        *ti = GLC_TEX_1D;
    else if (target == GL_TEXTURE_3D)
        *ti = GLC_TEX_3D;
    else if (target == GL_TEXTURE_2D_ARRAY_EXT)
        *ti = GLC_TEX_2D_ARRAY;
    else if (target == GL_TEXTURE_CUBE_MAP_ARRAY)
        *ti = GLC_TEX_CUBE_ARRAY;
    else if (!image_target(ctx, target, 2, false, ti, face, &proxy))
        return false;
    if (level < 0 || level >= TEX_MAX_LEVELS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return false;
    }
    return true;
}

GLAPI_EXPORT void APIENTRY glGetTexImage(GLenum target, GLint level, GLenum format, GLenum type,
                                         void *pixels)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    if (!read_image_target(ctx, target, level, &ti, &face))
        return;
    tex_object *t = bound(ctx, ti);
    const tex_image *img = &t->image[face][level];
    bool ok;
    void *dst = (void *)pbo_pointer(ctx, ctx->pixel_pack_buffer, pixels, format, type, img->width,
                                    img->height, img->depth,
                                    ti == GLC_TEX_3D || ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_CUBE_ARRAY,
                                    &ctx->pack, &ok);
    if (!ok)
        return;
    gl_draw_flush(ctx); /* the image may be a render target of a queued scene */
    GLenum e = tex_image_get(t, face, level, format, type, dst, &ctx->pack);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

/* ---- parameters ---------------------------------------------------------------- */

/* The bound texture of a parameter target; NULL with INVALID_ENUM. */
static gl_texture_obj *param_target(gl_context *ctx, GLenum target)
{
    int ti = gl_tex_target_index(target);
    if (ti < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return NULL;
    }
    return ctx->bound_tex[ctx->active_texture][ti];
}

/* GL 2.1 section 3.8.4; v holds n values (4 for the border colour and
 * SWIZZLE_RGBA); ints: the border colour's words from TexParameterI{iv,uiv}
 * (the integer border colour), else NULL. */
static void tex_parameter(gl_context *ctx, GLenum target, GLenum pname, const double *v, int n,
                          const uint32_t *ints)
{
    GL_OUTSIDE_BEGIN(ctx, );
    gl_texture_obj *o = param_target(ctx, target);
    if (!o || !gl_bindless_may_modify(ctx, o))
        return;
    /* ARB_texture_buffer_object, ARB_texture_multisample: these targets
     * have no sampler state to set */
    if (target == GL_TEXTURE_BUFFER_ARB || target == GL_TEXTURE_2D_MULTISAMPLE ||
        target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY || target == GL_TEXTURE_RENDERBUFFER_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    tex_sampler s = o->tex->sampler;
    bool rect = o->target == GL_TEXTURE_RECTANGLE_ARB;
    switch (pname) {
    case GL_TEXTURE_PRIORITY:
        o->priority = gl_clampf((float)v[0], 0, 1);
        return;
    case GL_TEXTURE_BASE_LEVEL:
        if (v[0] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if (rect && v[0] != 0) { /* ARB_texture_rectangle: level 0 only */
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        s.base_level = gl_int_param(v[0]);
        break;
    case GL_TEXTURE_MAX_LEVEL:
        if (v[0] < 0) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        s.max_level = gl_int_param(v[0]);
        break;
    case GL_GENERATE_MIPMAP:
        s.generate_mipmap = v[0] != 0;
        break;
    case GL_DEPTH_TEXTURE_MODE: {
        GLenum e = gl_enum_param(v[0]);
        if (e != GL_LUMINANCE && e != GL_INTENSITY && e != GL_ALPHA && e != GL_RED)
            goto bad_enum;
        s.depth_mode = e;
        break;
    }
    /* ARB_texture_swizzle: RED, GREEN, BLUE, ALPHA, ZERO or ONE */
    case GL_TEXTURE_SWIZZLE_R:
    case GL_TEXTURE_SWIZZLE_G:
    case GL_TEXTURE_SWIZZLE_B:
    case GL_TEXTURE_SWIZZLE_A:
    case GL_TEXTURE_SWIZZLE_RGBA: {
        int first = pname == GL_TEXTURE_SWIZZLE_RGBA ? 0 : (int)(pname - GL_TEXTURE_SWIZZLE_R);
        int count = pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
        if (count > n)
            goto bad_enum;
        for (int i = 0; i < count; i++) {
            GLenum c = gl_enum_param(v[i]);
            if (c != GL_RED && c != GL_GREEN && c != GL_BLUE && c != GL_ALPHA && c != GL_ZERO &&
                c != GL_ONE)
                goto bad_enum;
            s.swizzle[first + i] = c;
        }
        break;
    }
    default: {
        GLenum err = gl_sampling_parameter_set(&s, pname, v, n, ints,
                                               o->target == GL_TEXTURE_RECTANGLE_ARB);
        if (err != GL_NO_ERROR) {
            gl_error(ctx, err);
            return;
        }
    }
    }
    if (o->immutable && (pname == GL_TEXTURE_BASE_LEVEL || pname == GL_TEXTURE_MAX_LEVEL)) {
        /* ARB_texture_storage: the value set is clamped to the storage's
         * levels (base to [0, levels-1], max to [base, levels-1]), as Mesa
         * and piglit texture-storage read the spec */
        int last = o->immutable_levels - 1;
        int base = o->app_base_level, max = o->app_max_level;
        if (pname == GL_TEXTURE_BASE_LEVEL)
            base = s.base_level < last ? s.base_level : last;
        else
            max = s.max_level < base ? base : s.max_level > last ? last : s.max_level;
        gl_resource_will_change(ctx, GL_RES_TEXTURE);
        gl_texture_set_level_range(o, base, max);
        return;
    }
    if (memcmp(&s, &o->tex->sampler, sizeof s) != 0) {
        gl_resource_will_change(ctx, GL_RES_TEXTURE); /* queued draws sample with the old state */
        o->tex->sampler = s;
    }
    return;
bad_enum:
    gl_error(ctx, GL_INVALID_ENUM);
}

GLAPI_EXPORT void APIENTRY glTexParameterf(GLenum target, GLenum pname, GLfloat param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameterf, (ctx, target, pname, param));
    /* the vector parameters as (param, 0, 0, 0), as Mesa (gl_fixed.c
     * glLightModelf) */
    const double v[4] = {param, 0, 0, 0};
    tex_parameter(ctx, target, pname, v, 4, NULL);
}

GLAPI_EXPORT void APIENTRY glTexParameteri(GLenum target, GLenum pname, GLint param)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameteri, (ctx, target, pname, param));
    /* the vector parameters as (param, 0, 0, 0), as Mesa (gl_fixed.c
     * glLightModelf) */
    const double v[4] = {param, 0, 0, 0};
    tex_parameter(ctx, target, pname, v, 4, NULL);
}

GLAPI_EXPORT void APIENTRY glTexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameterfv, (ctx, target, pname, params));
    if (!params)
        return;
    double v[4] = {params[0], 0, 0, 0};
    bool four = pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA;
    if (four)
        for (int i = 1; i < 4; i++)
            v[i] = params[i];
    tex_parameter(ctx, target, pname, v, four ? 4 : 1, NULL);
}

GLAPI_EXPORT void APIENTRY glTexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameteriv, (ctx, target, pname, params));
    if (!params)
        return;
    double v[4];
    int n = gl_sampling_values_from_int(pname, params, v);
    if (pname == GL_TEXTURE_SWIZZLE_RGBA) {
        for (int i = 1; i < 4; i++)
            v[i] = params[i];
        n = 4;
    }
    tex_parameter(ctx, target, pname, v, n, NULL);
}

/* EXT_texture_integer: TexParameterI{iv,uiv}EXT.  TEXTURE_BORDER_COLOR
 * takes the four words unconverted into the sampler's integer border colour
 * (what integer textures sample; the float border colour is left alone);
 * every other pname behaves as TexParameteriv. */
static void tex_parameter_int(GLenum target, GLenum pname, const uint32_t *params)
{
    GL_CTX();
    if (!params)
        return;
    int n = pname == GL_TEXTURE_SWIZZLE_RGBA || pname == GL_TEXTURE_BORDER_COLOR ? 4 : 1;
    double v[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++)
        v[i] = (double)(int32_t)params[i];
    tex_parameter(ctx, target, pname, v, n, pname == GL_TEXTURE_BORDER_COLOR ? params : NULL);
}

GLAPI_EXPORT void APIENTRY glTexParameterIivEXT(GLenum target, GLenum pname, const GLint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameterIivEXT, (ctx, target, pname, params));
    tex_parameter_int(target, pname, (const uint32_t *)params);
}
GL_ALIAS(void, glTexParameterIiv, glTexParameterIivEXT,
         (GLenum target, GLenum pname, const GLint *params))

GLAPI_EXPORT void APIENTRY glTexParameterIuivEXT(GLenum target, GLenum pname,
                                                 const GLuint *params)
{
    GL_CTX();
    GL_DLIST_SAVE(glTexParameterIuivEXT, (ctx, target, pname, params));
    tex_parameter_int(target, pname, params);
}
GL_ALIAS(void, glTexParameterIuiv, glTexParameterIuivEXT,
         (GLenum target, GLenum pname, const GLuint *params))

/* Writes the values of a texture parameter; returns the count, or 0
 * (error recorded). */
static int tex_parameter_values(gl_context *ctx, GLenum target, GLenum pname, double v[4])
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return 0;
    }
    gl_texture_obj *o = param_target(ctx, target);
    if (!o)
        return 0;
    if (target == GL_TEXTURE_BUFFER_ARB || target == GL_TEXTURE_RENDERBUFFER_NV) {
        gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
    const tex_sampler *s = &o->tex->sampler;
    switch (pname) {
    case GL_TEXTURE_SWIZZLE_R:
    case GL_TEXTURE_SWIZZLE_G:
    case GL_TEXTURE_SWIZZLE_B:
    case GL_TEXTURE_SWIZZLE_A:
        v[0] = s->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
        return 1;
    case GL_TEXTURE_SWIZZLE_RGBA:
        for (int i = 0; i < 4; i++)
            v[i] = s->swizzle[i];
        return 4;
    case GL_TEXTURE_PRIORITY:
        v[0] = o->priority;
        return 1;
    case GL_TEXTURE_RESIDENT:
        v[0] = GL_TRUE;
        return 1;
    case GL_TEXTURE_BASE_LEVEL:
        v[0] = o->immutable ? o->app_base_level : s->base_level;
        return 1;
    case GL_TEXTURE_MAX_LEVEL:
        v[0] = o->immutable ? o->app_max_level : s->max_level;
        return 1;
    case GL_GENERATE_MIPMAP:
        v[0] = s->generate_mipmap;
        return 1;
    case GL_DEPTH_TEXTURE_MODE:
        v[0] = s->depth_mode;
        return 1;
    case GL_TEXTURE_IMMUTABLE_FORMAT: /* ARB_texture_storage */
        v[0] = o->immutable;
        return 1;
    case GL_TEXTURE_IMMUTABLE_LEVELS: /* GL 4.2 */
        v[0] = o->immutable_levels;
        return 1;
    default:
        return gl_sampling_parameter_get(ctx, s, pname, v);
    }
}

/* GetTexParameter{f,i}v, GetTexParameterI{iv,uiv}EXT: the values of pname
 * stored in params as kind says. */
static void get_tex_parameter(GLenum target, GLenum pname, gl_param_kind kind, void *params)
{
    GL_CTX();
    if (kind == GL_PARAM_WORDS && pname == GL_TEXTURE_BORDER_COLOR) {
        GL_OUTSIDE_BEGIN(ctx, );
        gl_texture_obj *o = param_target(ctx, target);
        if (o && params)
            memcpy(params, o->tex->sampler.border_color_int, 16);
        return;
    }
    double v[4];
    int n = tex_parameter_values(ctx, target, pname, v);
    gl_sampling_values_store(NULL, pname, v, n, kind, params); /* the words are returned above */
}

GLAPI_EXPORT void APIENTRY glGetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
    get_tex_parameter(target, pname, GL_PARAM_FLOAT, params);
}

GLAPI_EXPORT void APIENTRY glGetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
    get_tex_parameter(target, pname, GL_PARAM_INT, params);
}

GLAPI_EXPORT void APIENTRY glGetTexParameterIivEXT(GLenum target, GLenum pname, GLint *params)
{
    get_tex_parameter(target, pname, GL_PARAM_WORDS, params);
}
GL_ALIAS(void, glGetTexParameterIiv, glGetTexParameterIivEXT,
         (GLenum target, GLenum pname, GLint *params))

GLAPI_EXPORT void APIENTRY glGetTexParameterIuivEXT(GLenum target, GLenum pname, GLuint *params)
{
    get_tex_parameter(target, pname, GL_PARAM_WORDS, params);
}
GL_ALIAS(void, glGetTexParameterIuiv, glGetTexParameterIuivEXT,
         (GLenum target, GLenum pname, GLuint *params))

/* Bits of one channel for an image's storage and base format. */
static int channel_bits(tex_format storage, GLenum base, GLenum pname)
{
    int bits = storage == TEX_FMT_RGBA8 ? 8 : storage == TEX_FMT_NONE || storage == TEX_FMT_DEPTH32F ? 0 : 32;
    bool r = false, g = false, b = false, a = false, l = false, i = false, d = false, st = false;
    switch (base) {
    case GL_RGBA:
        r = g = b = a = true;
        break;
    case GL_RGB:
        r = g = b = true;
        break;
    case GL_RG:
        r = g = true;
        break;
    case GL_RED:
        r = true;
        break;
    case GL_ALPHA:
        a = true;
        break;
    case GL_LUMINANCE:
        l = true;
        break;
    case GL_LUMINANCE_ALPHA:
        l = a = true;
        break;
    case GL_INTENSITY:
        i = true;
        break;
    case GL_DEPTH_COMPONENT:
        d = true;
        break;
    case GL_DEPTH_STENCIL:
        d = st = true;
        break;
    }
    switch (pname) {
    case GL_TEXTURE_RED_SIZE:
        return r ? bits : 0;
    case GL_TEXTURE_GREEN_SIZE:
        return g ? bits : 0;
    case GL_TEXTURE_BLUE_SIZE:
        return b ? bits : 0;
    case GL_TEXTURE_ALPHA_SIZE:
        return a ? bits : 0;
    case GL_TEXTURE_LUMINANCE_SIZE:
        return l ? bits : 0;
    case GL_TEXTURE_INTENSITY_SIZE:
        return i ? bits : 0;
    case GL_TEXTURE_DEPTH_SIZE:
        return d ? 32 : 0;
    case GL_TEXTURE_STENCIL_SIZE:
        return st ? 8 : 0;
    default:
        return 0;
    }
}

static GLenum channel_type(tex_format storage, GLenum base, GLenum ifmt, GLenum pname)
{
    GLenum size_pname = pname == GL_TEXTURE_RED_TYPE_ARB         ? GL_TEXTURE_RED_SIZE
                        : pname == GL_TEXTURE_GREEN_TYPE_ARB     ? GL_TEXTURE_GREEN_SIZE
                        : pname == GL_TEXTURE_BLUE_TYPE_ARB      ? GL_TEXTURE_BLUE_SIZE
                        : pname == GL_TEXTURE_ALPHA_TYPE_ARB     ? GL_TEXTURE_ALPHA_SIZE
                        : pname == GL_TEXTURE_LUMINANCE_TYPE_ARB ? GL_TEXTURE_LUMINANCE_SIZE
                        : pname == GL_TEXTURE_INTENSITY_TYPE_ARB ? GL_TEXTURE_INTENSITY_SIZE
                                                                 : GL_TEXTURE_DEPTH_SIZE;
    if (!channel_bits(storage, base, size_pname))
        return GL_NONE;
    if (pname == GL_TEXTURE_DEPTH_TYPE_ARB)
        return ifmt == GL_DEPTH_COMPONENT32F || ifmt == GL_DEPTH32F_STENCIL8
                   ? GL_FLOAT
                   : GL_UNSIGNED_NORMALIZED_ARB;
    GLenum t = tex_internal_format_type(ifmt);
    return t != GL_NONE ? t : GL_UNSIGNED_NORMALIZED_ARB;
}

static void get_level_parameter(gl_context *ctx, GLenum target, GLint level, GLenum pname,
                                GLint *out)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy = false;
    if (target == GL_TEXTURE_1D || target == GL_PROXY_TEXTURE_1D) {
        ti = GLC_TEX_1D;
        face = 0;
        proxy = target == GL_PROXY_TEXTURE_1D;
    } else if (target == GL_TEXTURE_3D || target == GL_PROXY_TEXTURE_3D) {
        ti = GLC_TEX_3D;
        face = 0;
        proxy = target == GL_PROXY_TEXTURE_3D;
    } else if (target == GL_TEXTURE_2D_ARRAY_EXT || target == GL_PROXY_TEXTURE_2D_ARRAY_EXT) {
        ti = GLC_TEX_2D_ARRAY;
        face = 0;
        proxy = target == GL_PROXY_TEXTURE_2D_ARRAY_EXT;
    } else if (target == GL_TEXTURE_CUBE_MAP_ARRAY || target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY) {
        ti = GLC_TEX_CUBE_ARRAY;
        face = 0;
        proxy = target == GL_PROXY_TEXTURE_CUBE_MAP_ARRAY;
    } else if (target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ||
               target == GL_TEXTURE_BUFFER_ARB) {
        ti = gl_tex_target_index(target);
        face = 0;
    } else if (!image_target(ctx, target, 2, true, &ti, &face, &proxy)) {
        return;
    }
    if (level < 0 || level >= TEX_MAX_LEVELS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    int w, h, d, border;
    GLenum ifmt, base;
    tex_format storage;
    if (proxy) {
        const proxy_image *p = &tstate(ctx)->proxy[ti][level];
        w = p->width;
        h = p->height;
        d = p->depth;
        border = p->border;
        ifmt = p->internal_format;
        base = p->base_format;
        storage = p->storage;
    } else {
        const tex_image *img = &bound(ctx, ti)->image[face][level];
        border = img->border;
        bool defined = img->format != TEX_FMT_NONE;
        w = defined ? img->width + 2 * border : 0;
        h = defined ? (ti == GLC_TEX_1D ? 1 : img->height + 2 * border) : 0;
        d = defined ? (ti == GLC_TEX_3D ? img->depth + 2 * border
                       : ti == GLC_TEX_2D_ARRAY || ti == GLC_TEX_2DMS_ARRAY || ti == GLC_TEX_CUBE_ARRAY ? img->depth
                                                                             : 1)
                    : 0;
        ifmt = img->internal_format;
        base = img->base_format;
        storage = img->format;
    }
    switch (pname) {
    case GL_TEXTURE_WIDTH:
        *out = w;
        return;
    case GL_TEXTURE_HEIGHT:
        *out = h;
        return;
    case GL_TEXTURE_DEPTH:
        *out = d;
        return;
    case GL_TEXTURE_BORDER:
        *out = border;
        return;
    case GL_TEXTURE_INTERNAL_FORMAT:
        /* GL 2.1 Table 6.16: initially 1 */
        *out = ifmt ? (GLint)ifmt : 1;
        return;
    case GL_TEXTURE_RED_SIZE:
    case GL_TEXTURE_GREEN_SIZE:
    case GL_TEXTURE_BLUE_SIZE:
    case GL_TEXTURE_ALPHA_SIZE:
    case GL_TEXTURE_LUMINANCE_SIZE:
    case GL_TEXTURE_INTENSITY_SIZE:
    case GL_TEXTURE_DEPTH_SIZE:
    case GL_TEXTURE_STENCIL_SIZE:
        *out = channel_bits(storage, base, pname);
        /* the packed float formats' own widths (EXT_packed_float,
         * EXT_texture_shared_exponent) */
        if (*out && ifmt == GL_R11F_G11F_B10F)
            *out = pname == GL_TEXTURE_BLUE_SIZE ? 10 : 11;
        else if (*out && ifmt == GL_RGB9_E5)
            *out = 9;
        /* S3TC: the resolution a component keeps through a block (5/6-bit
         * endpoints interpolated, 4-bit DXT3 alpha, 1-bit DXT1 alpha);
         * 4 for all, as Mesa, and 1 for DXT1's alpha */
        if (*out && tex_format_is_compressed(ifmt))
            *out = pname == GL_TEXTURE_ALPHA_SIZE && (ifmt == GL_COMPRESSED_RGBA_S3TC_DXT1_EXT ||
                                                      ifmt == GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT)
                       ? 1
                       : 4;
        return;
    case GL_TEXTURE_RED_TYPE_ARB:
    case GL_TEXTURE_GREEN_TYPE_ARB:
    case GL_TEXTURE_BLUE_TYPE_ARB:
    case GL_TEXTURE_ALPHA_TYPE_ARB:
    case GL_TEXTURE_LUMINANCE_TYPE_ARB:
    case GL_TEXTURE_INTENSITY_TYPE_ARB:
    case GL_TEXTURE_DEPTH_TYPE_ARB:
        *out = (GLint)channel_type(storage, base, ifmt, pname);
        return;
    case GL_TEXTURE_SHARED_SIZE:
        *out = ifmt == GL_RGB9_E5 ? 5 : 0;
        return;
    case GL_TEXTURE_COMPRESSED:
        *out = tex_format_is_compressed(ifmt);
        return;
    case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
        /* GL 2.1 section 6.1.3: INVALID_OPERATION for an image that is not
         * compressed (proxies included) */
        if (proxy || !tex_format_is_compressed(ifmt)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        *out = (GLint)tex_compressed_image_size(ifmt, w, h, d);
        return;
    case GL_TEXTURE_SAMPLES: /* ARB_texture_multisample */
        *out = proxy ? 0 : bound(ctx, ti)->image[face][level].samples;
        return;
    case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS:
        *out = proxy || (ti != GLC_TEX_2DMS && ti != GLC_TEX_2DMS_ARRAY)
                   ? GL_TRUE
                   : ctx->bound_tex[ctx->active_texture][ti]->fixed_sample_locations;
        return;
    case GL_TEXTURE_BUFFER_DATA_STORE_BINDING_ARB: /* GL 3.1's level query of the TBO state */
        if (ti != GLC_TEX_BUFFER)
            break;
        *out = ctx->bound_tex[ctx->active_texture][ti]->buffer
                   ? (GLint)ctx->bound_tex[ctx->active_texture][ti]->buffer->name
                   : 0;
        return;
    default:
        break;
    }
    gl_error(ctx, GL_INVALID_ENUM);
}

GLAPI_EXPORT void APIENTRY glGetTexLevelParameteriv(GLenum target, GLint level, GLenum pname,
                                                    GLint *params)
{
    GL_CTX();
    GLint v = 0;
    GLenum before = ctx->error;
    get_level_parameter(ctx, target, level, pname, &v);
    if (params && ctx->error == before)
        *params = v;
}

GLAPI_EXPORT void APIENTRY glGetTexLevelParameterfv(GLenum target, GLint level, GLenum pname,
                                                    GLfloat *params)
{
    GL_CTX();
    GLint v = 0;
    GLenum before = ctx->error;
    get_level_parameter(ctx, target, level, pname, &v);
    if (params && ctx->error == before)
        *params = (GLfloat)v;
}

GLAPI_EXPORT void APIENTRY glGenerateMipmap(GLenum target)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int ti = gl_tex_target_index(target);
    if (ti < 0 || ti == GLC_TEX_RECT || ti == GLC_TEX_BUFFER || ti == GLC_TEX_2DMS ||
        ti == GLC_TEX_2DMS_ARRAY || ti == GLC_TEX_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_generate_mipmap(bound(ctx, ti));
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}
GL_ALIAS(void, glGenerateMipmapEXT, glGenerateMipmap, (GLenum target))

/* ---- pixel store (GL 2.1 section 3.6.1) -------------------------------------------- */

static void pixel_store(gl_context *ctx, GLenum pname, double v)
{
    GL_OUTSIDE_BEGIN(ctx, );
    bool pack;
    switch (pname) {
    case GL_PACK_SWAP_BYTES:
    case GL_PACK_LSB_FIRST:
    case GL_PACK_ROW_LENGTH:
    case GL_PACK_IMAGE_HEIGHT:
    case GL_PACK_SKIP_ROWS:
    case GL_PACK_SKIP_PIXELS:
    case GL_PACK_SKIP_IMAGES:
    case GL_PACK_ALIGNMENT:
        pack = true;
        break;
    case GL_UNPACK_SWAP_BYTES:
    case GL_UNPACK_LSB_FIRST:
    case GL_UNPACK_ROW_LENGTH:
    case GL_UNPACK_IMAGE_HEIGHT:
    case GL_UNPACK_SKIP_ROWS:
    case GL_UNPACK_SKIP_PIXELS:
    case GL_UNPACK_SKIP_IMAGES:
    case GL_UNPACK_ALIGNMENT:
        pack = false;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    tex_pixel_store *ps = pack ? &ctx->pack : &ctx->unpack;
    int iv = (int)(v < 0 ? v - 0.5 : v + 0.5);
    switch (pname) {
    case GL_PACK_SWAP_BYTES:
    case GL_UNPACK_SWAP_BYTES:
        ps->swap_bytes = v != 0;
        return;
    case GL_PACK_LSB_FIRST:
    case GL_UNPACK_LSB_FIRST:
        ps->lsb_first = v != 0;
        return;
    case GL_PACK_ALIGNMENT:
    case GL_UNPACK_ALIGNMENT:
        if (iv != 1 && iv != 2 && iv != 4 && iv != 8) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        ps->alignment = iv;
        return;
    default:
        break;
    }
    if (iv < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    switch (pname) {
    case GL_PACK_ROW_LENGTH:
    case GL_UNPACK_ROW_LENGTH:
        ps->row_length = iv;
        break;
    case GL_PACK_IMAGE_HEIGHT:
    case GL_UNPACK_IMAGE_HEIGHT:
        ps->image_height = iv;
        break;
    case GL_PACK_SKIP_ROWS:
    case GL_UNPACK_SKIP_ROWS:
        ps->skip_rows = iv;
        break;
    case GL_PACK_SKIP_PIXELS:
    case GL_UNPACK_SKIP_PIXELS:
        ps->skip_pixels = iv;
        break;
    default:
        ps->skip_images = iv;
        break;
    }
}

GLAPI_EXPORT void APIENTRY glPixelStorei(GLenum pname, GLint param)
{
    GL_CTX();
    pixel_store(ctx, pname, param);
}

GLAPI_EXPORT void APIENTRY glPixelStoref(GLenum pname, GLfloat param)
{
    GL_CTX();
    pixel_store(ctx, pname, param);
}

/* ---- compressed images (GL 1.3 section 3.8.3) --------------------------------------- */

/* The source (or destination) of a compressed transfer of size bytes: with a
 * pixel buffer bound the pointer is an offset into it that must keep the
 * size bytes inside the buffer (ARB_pixel_buffer_object section 3.6).
 * *ok false: error recorded. */
static void *compressed_pbo_pointer(gl_context *ctx, gl_buffer_obj *buf, const void *ptr,
                                    size_t size, bool *ok)
{
    *ok = true;
    if (!buf)
        return (void *)ptr;
    size_t off = (size_t)(uintptr_t)ptr;
    if (mem_buffer_is_mapped(buf->mem) || !mem_range_ok(mem_buffer_size(buf->mem), off, size)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        *ok = false;
        return NULL;
    }
    unsigned char *base = mem_buffer_data(buf->mem);
    return base ? base + off : NULL;
}

/* glCompressedTexImage{1,2,3}D: the specific compressed formats are the S3TC
 * ones (texture/ tex_format_is_compressed); the generic GL_COMPRESSED_* are
 * no format of compressed data (GL 2.1 section 3.8.3: INVALID_ENUM). */
static void compressed_image(gl_context *ctx, int dims, GLenum target, GLint level,
                             GLenum internal_format, GLsizei w, GLsizei h, GLsizei d,
                             GLint border, GLsizei image_size, const void *data)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, true, &ti, &face, &proxy))
        return;
    if (!tex_format_is_compressed(internal_format)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (image_size < 0 || (size_t)image_size != tex_compressed_image_size(internal_format, w, h, d)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (proxy) {
        /* compressed data has no client format: checked as RGBA bytes */
        proxy_image_define(ctx, ti, level, internal_format, w, h, d, border, GL_RGBA,
                           GL_UNSIGNED_BYTE);
        return;
    }
    if (!may_redefine(ctx, ctx->bound_tex[ctx->active_texture][ti]))
        return;
    bool ok;
    const void *src = compressed_pbo_pointer(ctx, ctx->pixel_unpack_buffer, data,
                                             (size_t)image_size, &ok);
    if (!ok)
        return;
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_compressed_image_define(bound(ctx, ti), face, level, internal_format, w, h, d,
                                           border, (size_t)image_size, src);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

static void compressed_sub_image(gl_context *ctx, int dims, GLenum target, GLint level, GLint x,
                                 GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d, GLenum format,
                                 GLsizei image_size, const void *data)
{
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    bool proxy;
    if (!image_target(ctx, target, dims, false, &ti, &face, &proxy))
        return;
    if (image_size < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    bool ok;
    const void *src = compressed_pbo_pointer(ctx, ctx->pixel_unpack_buffer, data,
                                             (size_t)image_size, &ok);
    if (!ok)
        return;
    gl_resource_will_change(ctx, GL_RES_TEXTURE);
    GLenum e = tex_compressed_image_sub(bound(ctx, ti), face, level, x, y, z, w, h, d, format,
                                        (size_t)image_size, src);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

GLAPI_EXPORT void APIENTRY glCompressedTexImage1D(GLenum target, GLint level, GLenum internalformat,
                                                  GLsizei width, GLint border, GLsizei imageSize,
                                                  const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexImage1D, (ctx, target, level, internalformat, width, border,
                  imageSize, data));
    compressed_image(ctx, 1, target, level, internalformat, width, 1, 1, border, imageSize, data);
}

GLAPI_EXPORT void APIENTRY glCompressedTexImage2D(GLenum target, GLint level, GLenum internalformat,
                                                  GLsizei width, GLsizei height, GLint border,
                                                  GLsizei imageSize, const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexImage2D, (ctx, target, level, internalformat, width, height,
                  border, imageSize, data));
    compressed_image(ctx, 2, target, level, internalformat, width, height, 1, border, imageSize,
                     data);
}

GLAPI_EXPORT void APIENTRY glCompressedTexImage3D(GLenum target, GLint level, GLenum internalformat,
                                                  GLsizei width, GLsizei height, GLsizei depth,
                                                  GLint border, GLsizei imageSize, const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexImage3D, (ctx, target, level, internalformat, width, height, depth,
                  border, imageSize, data));
    compressed_image(ctx, 3, target, level, internalformat, width, height, depth, border, imageSize,
                     data);
}

GLAPI_EXPORT void APIENTRY glCompressedTexSubImage1D(GLenum target, GLint level, GLint xoffset,
                                                     GLsizei width, GLenum format, GLsizei imageSize,
                                                     const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexSubImage1D, (ctx, target, level, xoffset, width, format, imageSize,
                  data));
    compressed_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format, imageSize, data);
}

GLAPI_EXPORT void APIENTRY glCompressedTexSubImage2D(GLenum target, GLint level, GLint xoffset,
                                                     GLint yoffset, GLsizei width, GLsizei height,
                                                     GLenum format, GLsizei imageSize,
                                                     const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexSubImage2D, (ctx, target, level, xoffset, yoffset, width, height,
                  format, imageSize, data));
    compressed_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1, format,
                         imageSize, data);
}

GLAPI_EXPORT void APIENTRY glCompressedTexSubImage3D(GLenum target, GLint level, GLint xoffset,
                                                     GLint yoffset, GLint zoffset, GLsizei width,
                                                     GLsizei height, GLsizei depth, GLenum format,
                                                     GLsizei imageSize, const void *data)
{
    GL_CTX();
    GL_DLIST_SAVE(glCompressedTexSubImage3D, (ctx, target, level, xoffset, yoffset, zoffset, width,
                  height, depth, format, imageSize, data));
    compressed_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width, height, depth,
                         format, imageSize, data);
}

/* GL 2.1 section 6.1.4: the level's blocks; INVALID_OPERATION for an image
 * that is not compressed. */
GLAPI_EXPORT void APIENTRY glGetCompressedTexImage(GLenum target, GLint level, void *img)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    int ti, face;
    if (!read_image_target(ctx, target, level, &ti, &face))
        return;
    const tex_object *t = bound(ctx, ti);
    const tex_image *im = &t->image[face][level];
    if (!tex_format_is_compressed(im->internal_format)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    bool ok;
    void *dst = compressed_pbo_pointer(
        ctx, ctx->pixel_pack_buffer, img,
        tex_compressed_image_size(im->internal_format, im->width, im->height, im->depth), &ok);
    if (!ok)
        return;
    gl_draw_flush(ctx);
    GLenum e = tex_compressed_image_get(t, face, level, dst);
    if (e != GL_NO_ERROR)
        gl_error(ctx, e);
}

/* ---- render targets ---------------------------------------------------------------- */

uint8_t gl_draw_buffer_channels(const gl_context *ctx, int i)
{
    const gl_framebuffer_obj *fb = ctx->draw_fb;
    if (!fb || fb->name == 0 || i < 0 || i >= GLC_MAX_DRAW_BUFFERS)
        return 0xf;
    GLenum b = fb->draw_buffers[i];
    if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
        return 0xf;
    const gl_attachment *a = &fb->att[b - GL_COLOR_ATTACHMENT0];
    GLenum base = GL_RGBA;
    if (a->type == GLC_ATTACH_TEXTURE && a->tex && a->tex->tex) {
        int face = a->face >= 0 && a->face < a->tex->tex->num_faces ? a->face : 0;
        if (a->level >= 0 && a->level < TEX_MAX_LEVELS)
            base = a->tex->tex->image[face][a->level].base_format;
    } else if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb) {
        tex_internal_format_info(a->rb->internal_format, &base, NULL);
    }
    switch (base) {
    case GL_RGB: return 0x7;
    case GL_RG: return 0x3;
    case GL_RED:
    case GL_LUMINANCE: return 0x1;
    case GL_INTENSITY: return 0x1 | RAST_MASK_ALPHA_IS_RED;
    case GL_LUMINANCE_ALPHA: return 0x9;
    case GL_ALPHA: return 0x8;
    default: return 0xf;
    }
}

uint8_t gl_color_mask_for(const gl_context *ctx, int i)
{
    uint8_t ch = gl_draw_buffer_channels(ctx, i);
    uint8_t m = i >= 0 && i < GLC_MAX_DRAW_BUFFERS ? ctx->color_mask[i] : ctx->color_mask[0];
    return (uint8_t)((m & ch & 0xf) | (ch & RAST_MASK_ALPHA_IS_RED));
}
