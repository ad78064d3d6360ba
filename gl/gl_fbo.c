/*
 * gl_fbo.c - framebuffer and renderbuffer objects, draw/read buffer
 * selection, and read-back: glReadPixels, glBlitFramebuffer and the region
 * reader glCopyTex* uses (API thread).
 *
 * ARB_framebuffer_object, and EXT_framebuffer_object, EXT_framebuffer_blit
 * and EXT_packed_depth_stencil, which it subsumes.  The two differ in one
 * place: ARB's BindFramebuffer/BindRenderbuffer take only names from
 * Gen* (INVALID_OPERATION otherwise), EXT's any name.  Multisample
 * renderbuffers and textures (ARB_texture_multisample) hold 1, 2, 4 or 8
 * sample planes (MAX_SAMPLES 8); the rasterizer writes every sample of a
 * covered pixel alike, glBlitFramebuffer resolves by averaging.  A
 * framebuffer 0 made with samples 2, 4 or 8 (asmgl.h) is multisampled the
 * same way; reads from it resolve (GL 2.1 section 4.3.2).  Layered
 * attachments (NV_geometry_program4 FramebufferTextureEXT) hand every layer
 * of a 3D or array level to the rasterizer.  Attachments render in place: a
 * texture image's storage (RGBA8, RGBA32F, RGBA32I/UI, DEPTH32F; the stencil
 * plane of a DEPTH_STENCIL image) or a renderbuffer's is handed to the
 * rasterizer as a rast_surface.
 * The draw framebuffer is snapshotted into ctx->draw_rfb; when the snapshot
 * changes (bind, attach, storage redefined) the queued scene is flushed
 * first, since it renders into the old surfaces (R9).
 *
 * Deviation: deleting a texture or renderbuffer detaches it from every
 * framebuffer object, not only the bound one (EXT_fbo section 4.4.2.2 keeps
 * it attached to unbound framebuffers), so no attachment ever dangles.
 */
#include "gl_priv.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

bool gl_fbo_init(gl_context *ctx)
{
    gl_framebuffer_obj *d = &ctx->fb_default;
    memset(d, 0, sizeof *d);
    d->draw_buffers[0] = GL_FRONT;
    d->read_buffer = GL_FRONT;
    ctx->draw_fb = ctx->read_fb = d;
    return true;
}

static void rb_free_storage(gl_renderbuffer_obj *rb)
{
    free(rb->color.data);
    free(rb->depth_surf.data);
    free(rb->stencil_surf.data);
    memset(&rb->color, 0, sizeof rb->color);
    memset(&rb->depth_surf, 0, sizeof rb->depth_surf);
    memset(&rb->stencil_surf, 0, sizeof rb->stencil_surf);
}

static void free_fb(GLuint name, void *v, void *user)
{
    (void)name;
    (void)user;
    if (v != GL_NAME_RESERVED)
        free(v);
}

void gl_renderbuffer_obj_destroy(gl_renderbuffer_obj *rb)
{
    rb_free_storage(rb);
    free(rb);
}

/* The context's framebuffer objects (renderbuffers belong to the share
 * group, gl_share.c). */
void gl_fbo_free_all(gl_context *ctx)
{
    gl_names_foreach(&ctx->framebuffers, free_fb, NULL);
    gl_names_free(&ctx->framebuffers);
}

/* The draw snapshot is rebuilt and compared at every draw, so a new default
 * framebuffer needs nothing here beyond the flush its caller did; the hook
 * stays for state derived from the window size later. */
void gl_fbo_default_resized(gl_context *ctx)
{
    (void)ctx;
}

/* ---- attachments and completeness ----------------------------------------------- */

/* The image behind a texture attachment, or NULL. */
static tex_image *att_image(const gl_attachment *a)
{
    if (a->type != GLC_ATTACH_TEXTURE || !a->tex)
        return NULL;
    tex_object *t = a->tex->tex;
    if (a->level < 0 || a->level >= TEX_MAX_LEVELS || a->face < 0 || a->face >= t->num_faces)
        return NULL;
    tex_image *img = &t->image[a->face][a->level];
    return img->format != TEX_FMT_NONE && img->data ? img : NULL;
}

/* The internal format of an attachment's image or renderbuffer; GL_NONE
 * when it has none. */
static GLenum att_internal_format(const gl_attachment *a)
{
    if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb)
        return a->rb->internal_format;
    const tex_image *img = att_image(a);
    return img ? img->internal_format : GL_NONE;
}

enum { KIND_COLOR, KIND_DEPTH, KIND_STENCIL };

static bool is_color_format(tex_format f)
{
    return f == TEX_FMT_RGBA8 || f == TEX_FMT_RGBA32F || f == TEX_FMT_RGBA32I || f == TEX_FMT_RGBA32UI;
}

/* The number of layers a texture attachment's level has (NV_geometry_program4
 * section 4.4.4.2: the depth of a 3D texture, 6 for a cube map, the layers of
 * an array texture), 1 for the other targets. */
static int att_level_layers(const gl_attachment *a, const tex_image *img)
{
    switch (a->tex->tex->target) {
    case GL_TEXTURE_3D:
    case GL_TEXTURE_2D_ARRAY_EXT:
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
    case GL_TEXTURE_CUBE_MAP_ARRAY: /* layer-faces */
        return img->depth;
    case GL_TEXTURE_1D_ARRAY_EXT:
        return img->height;
    case GL_TEXTURE_CUBE_MAP:
        return 6;
    default:
        return 1;
    }
}

/* The surface an attachment provides for a kind; data NULL when none.  A
 * single layer of a 3D or array texture points at that layer; a layered
 * attachment (FramebufferTextureEXT) describes every layer (layers,
 * layer_stride); multisample images give their sample planes. */
static rast_surface att_surface_storage(const gl_attachment *a, int kind);

/* The surface of an attachment; a colour one carries the base format
 * blending reads the destination as (rast_surface.base: 0 for RGBA) and,
 * in RGBA32F storage, the range of a fixed-point format (rast_surface.range). */
static rast_surface att_surface(const gl_attachment *a, int kind)
{
    rast_surface s = att_surface_storage(a, kind);
    if (kind != KIND_COLOR || !s.data)
        return s;
    GLenum base = GL_RGBA, ifmt = att_internal_format(a);
    tex_format storage;
    if (!tex_internal_format_info(ifmt, &base, &storage))
        base = GL_RGBA;
    s.srgb = s.format == TEX_FMT_RGBA8 && tex_internal_format_encoding(ifmt) == GL_SRGB;
    if (s.format == TEX_FMT_RGBA32F) {
        GLenum type = tex_internal_format_type(ifmt);
        s.range = type == GL_SIGNED_NORMALIZED     ? RAST_RANGE_SNORM
                  : type == GL_UNSIGNED_NORMALIZED ? RAST_RANGE_UNORM
                                                   : RAST_RANGE_FLOAT;
    }
    switch (base) {
    case GL_RGB:
    case GL_RG:
    case GL_RED:
    case GL_ALPHA:
    case GL_LUMINANCE:
    case GL_LUMINANCE_ALPHA:
    case GL_INTENSITY:
        s.base = base;
        break;
    default:
        break;
    }
    return s;
}

static rast_surface att_surface_storage(const gl_attachment *a, int kind)
{
    rast_surface s;
    memset(&s, 0, sizeof s);
    if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb) {
        s = kind == KIND_COLOR ? a->rb->color : kind == KIND_DEPTH ? a->rb->depth_surf
                                                                   : a->rb->stencil_surf;
        return s;
    }
    tex_image *img = att_image(a);
    if (!img)
        return s;
    GLenum target = a->tex->tex->target;
    bool one_d_array = target == GL_TEXTURE_1D_ARRAY_EXT;
    int nlayers = att_level_layers(a, img);
    /* bytes between layers: slices, rows of a 1D array, cube faces (only
     * when the level's six faces lie evenly spaced in memory) */
    size_t layer_bytes = one_d_array ? img->row_stride : img->slice_stride;
    size_t stencil_layer = one_d_array ? (size_t)img->width
                                       : (size_t)img->width * (size_t)img->height *
                                             (size_t)(img->samples > 1 ? img->samples : 1);
    size_t first = 0;
    int layers = 0;
    if (a->layered) {
        if (target == GL_TEXTURE_CUBE_MAP) {
            const tex_object *t = a->tex->tex;
            const unsigned char *base = t->image[0][a->level].data;
            ptrdiff_t step = (const unsigned char *)t->image[1][a->level].data - base;
            for (int f = 0; f < 6; f++) {
                const tex_image *fi = &t->image[f][a->level];
                if (!fi->data || fi->width != img->width || fi->height != img->height ||
                    fi->format != img->format || fi->border != img->border ||
                    (const unsigned char *)fi->data != base + step * f || step <= 0)
                    return s; /* not a layered image asmgl can render to */
            }
            layer_bytes = (size_t)step;
            if (img->stencil)
                return s;
        }
        layers = nlayers;
    } else if (nlayers > 1 && target != GL_TEXTURE_CUBE_MAP) {
        if (a->zoffset < 0 || a->zoffset >= nlayers)
            return s;
        first = (size_t)a->zoffset;
    }
    bool depthish = img->base_format == GL_DEPTH_COMPONENT || img->base_format == GL_DEPTH_STENCIL;
    switch (kind) {
    case KIND_COLOR:
        if (depthish || !is_color_format(img->format))
            return s;
        s.data = (unsigned char *)img->data + first * layer_bytes;
        s.stride = img->row_stride;
        s.format = img->format;
        break;
    case KIND_DEPTH:
        if (!depthish || img->format != TEX_FMT_DEPTH32F)
            return s;
        s.data = (unsigned char *)img->data + first * layer_bytes;
        s.stride = img->row_stride;
        s.format = TEX_FMT_DEPTH32F;
        break;
    default:
        if (img->base_format != GL_DEPTH_STENCIL || !img->stencil)
            return s;
        s.data = img->stencil + first * stencil_layer;
        s.stride = (size_t)img->width;
        s.format = TEX_FMT_S8;
        layer_bytes = stencil_layer;
        break;
    }
    s.width = img->width;
    s.height = one_d_array ? 1 : img->height;
    if (layers > 0) {
        s.layers = layers;
        s.layer_stride = layer_bytes;
    }
    if (img->samples > 0) {
        s.samples = img->samples;
        s.sample_stride = kind == KIND_STENCIL ? (size_t)img->width * (size_t)img->height
                                               : img->sample_stride;
    }
    return s;
}

/* Samples of an attachment's images (RENDERBUFFER_SAMPLES / TEXTURE_SAMPLES). */
static int att_samples(const gl_attachment *a)
{
    if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb)
        return a->rb->samples;
    const tex_image *img = att_image(a);
    return img ? img->samples : 0;
}

/* The red, green, blue, alpha bits a colour image of base format base
 * stored as storage (RGBA8 / RGBA32F) reports: the channels the base format
 * has (luminance and intensity count as red), as renderbuffers report them. */
static void color_bits(GLenum base, tex_format storage, int bits[4])
{
    int n = storage == TEX_FMT_RGBA8 ? 8 : 32;
    bits[0] = base != GL_ALPHA ? n : 0;
    bits[1] = base == GL_RGBA || base == GL_RGB || base == GL_RG ? n : 0;
    bits[2] = base == GL_RGBA || base == GL_RGB ? n : 0;
    bits[3] = base == GL_RGBA || base == GL_ALPHA || base == GL_LUMINANCE_ALPHA ? n : 0;
}

static int att_index(GLenum attachment)
{
    if (attachment >= GL_COLOR_ATTACHMENT0 && attachment < GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
        return (int)(attachment - GL_COLOR_ATTACHMENT0);
    if (attachment == GL_DEPTH_ATTACHMENT)
        return GLC_ATT_DEPTH;
    if (attachment == GL_STENCIL_ATTACHMENT)
        return GLC_ATT_STENCIL;
    return -1;
}

/* EXT_framebuffer_object section 4.4.4.2 (with the ARB relaxation that the
 * attachments may differ in size: the drawable area is their intersection). */
GLenum gl_fbo_status(gl_context *ctx, gl_framebuffer_obj *fb)
{
    if (fb->name == 0) /* it exists unless made current without a surface */
        return ctx->no_default_fb ? GL_FRAMEBUFFER_UNDEFINED : GL_FRAMEBUFFER_COMPLETE;
    bool any = false;
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        const gl_attachment *a = &fb->att[i];
        if (a->type == GLC_ATTACH_NONE)
            continue;
        /* a layered cube map level renders as six layers once its faces
         * share one allocation (texture/ moves them: flush first) */
        if (a->layered && a->tex && a->tex->tex->target == GL_TEXTURE_CUBE_MAP && a->level >= 0 &&
            a->level < TEX_MAX_LEVELS && !a->tex->tex->cube_packed[a->level]) {
            gl_resource_will_change(ctx, GL_RES_TEXTURE);
            tex_cube_pack(a->tex->tex, a->level);
        }
        int kind = i < GLC_MAX_DRAW_BUFFERS ? KIND_COLOR : i == GLC_ATT_DEPTH ? KIND_DEPTH : KIND_STENCIL;
        /* texture/ keeps no border texels, so an image with a border
         * cannot be rendered as GL lays it out (window (0, 0) on texel
         * (-1, -1)): a combination asmgl does not support (EXT_framebuffer
         * _object section 4.4.4.2 allows FRAMEBUFFER_UNSUPPORTED) */
        const tex_image *bi = a->type == GLC_ATTACH_TEXTURE ? att_image(a) : NULL;
        if (bi && bi->border)
            return GL_FRAMEBUFFER_UNSUPPORTED;
        rast_surface s = att_surface(a, kind);
        if (!s.data || s.width <= 0 || s.height <= 0)
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
        /* compressed images are not renderable (GL 3.0 section 4.4.4) */
        const tex_image *ai = att_image(a);
        if (ai && tex_format_is_compressed(ai->internal_format))
            return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
        any = true;
    }
    if (!any)
        return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
    /* NV_geometry_program4 section 4.4.4.2: layered attachments */
    int layered = -1;                 /* all layered (1), none (0), unknown (-1) */
    GLenum layer_target = 0;
    int layer_count = -1;
    bool mixed_layers = false, mixed_counts = false;
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        const gl_attachment *a = &fb->att[i];
        if (a->type == GLC_ATTACH_NONE)
            continue;
        int l = a->layered ? 1 : 0;
        if (layered >= 0 && layered != l)
            mixed_layers = true;
        layered = l;
        if (!a->layered)
            continue;
        GLenum tgt = a->tex->tex->target;
        if (i < GLC_MAX_DRAW_BUFFERS) {
            if (layer_target && layer_target != tgt)
                mixed_layers = true;
            layer_target = tgt;
        }
        int n = att_level_layers(a, att_image(a));
        if (layer_count >= 0 && layer_count != n)
            mixed_counts = true;
        layer_count = n;
    }
    if (mixed_layers)
        return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT;
    if (mixed_counts)
        return GL_FRAMEBUFFER_INCOMPLETE_LAYER_COUNT_EXT;
    /* ARB_framebuffer_object 4.4.4.2 / ARB_texture_multisample: every
     * attachment has the same number of samples (and fixed locations) */
    int samples = -1, fixed = -1;
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        const gl_attachment *a = &fb->att[i];
        if (a->type == GLC_ATTACH_NONE)
            continue;
        int n = att_samples(a);
        if (samples >= 0 && samples != n)
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
        samples = n;
        int f = a->type == GLC_ATTACH_RENDERBUFFER || a->tex->fixed_sample_locations ||
                !n;
        if (fixed >= 0 && fixed != f)
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
        fixed = f;
    }
    /* No INCOMPLETE_DRAW_BUFFER / INCOMPLETE_READ_BUFFER: ARB_ES2_compatibility
     * (GL 4.1 section 4.4.4) drops those rules.  Drawing into a draw buffer
     * with nothing attached writes nothing there (build_rfb), and reading
     * from a read buffer with nothing attached is INVALID_OPERATION
     * (read_surface). */
    return GL_FRAMEBUFFER_COMPLETE;
}

/* Builds the rast_framebuffer of fb (complete). */
static void build_rfb(gl_context *ctx, gl_framebuffer_obj *fb, rast_framebuffer *r)
{
    memset(r, 0, sizeof *r);
    if (fb->name == 0) {
        r->width = ctx->config.width;
        r->height = ctx->config.height;
        GLenum b = fb->draw_buffers[0];
        if (b != GL_NONE)
            r->color[0] = ctx->win_color;
        r->depth = ctx->win_depth;
        r->stencil = ctx->win_stencil;
        return;
    }
    int w = GLC_MAX_SIZE, h = GLC_MAX_SIZE;
    for (int i = 0; i < GLC_MAX_DRAW_BUFFERS; i++) {
        GLenum b = fb->draw_buffers[i];
        if (b == GL_NONE)
            continue;
        r->color[i] = att_surface(&fb->att[b - GL_COLOR_ATTACHMENT0], KIND_COLOR);
    }
    r->depth = att_surface(&fb->att[GLC_ATT_DEPTH], KIND_DEPTH);
    r->stencil = att_surface(&fb->att[GLC_ATT_STENCIL], KIND_STENCIL);
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        const gl_attachment *a = &fb->att[i];
        if (a->type == GLC_ATTACH_NONE)
            continue;
        int kind = i < GLC_MAX_DRAW_BUFFERS ? KIND_COLOR : i == GLC_ATT_DEPTH ? KIND_DEPTH : KIND_STENCIL;
        rast_surface s = att_surface(a, kind);
        if (s.width < w)
            w = s.width;
        if (s.height < h)
            h = s.height;
        /* a layered framebuffer has the fewest layers of its attachments
         * (all equal when complete) */
        if (a->layered && (r->layers == 0 || s.layers < r->layers))
            r->layers = s.layers;
    }
    r->width = w;
    r->height = h;
}

const rast_framebuffer *gl_fbo_draw_target(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->draw_fb;
    if (gl_fbo_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return NULL;
    }
    rast_framebuffer r;
    build_rfb(ctx, fb, &r);
    if (memcmp(&r, &ctx->draw_rfb, sizeof r) != 0) {
        /* the queued scene renders into the old surfaces */
        gl_resource_will_change(ctx, GL_RES_SURFACE);
        ctx->draw_rfb = r;
    }
    return &ctx->draw_rfb;
}

static void detach_matching(gl_context *ctx, gl_framebuffer_obj *fb, const void *obj)
{
    for (int i = 0; i < GLC_ATT_COUNT; i++) {
        gl_attachment *a = &fb->att[i];
        if ((a->type == GLC_ATTACH_TEXTURE && (const void *)a->tex == obj) ||
            (a->type == GLC_ATTACH_RENDERBUFFER && (const void *)a->rb == obj))
            memset(a, 0, sizeof *a);
    }
    (void)ctx;
}

typedef struct detach_args {
    gl_context *ctx;
    const void *obj;
} detach_args;

static void detach_one(GLuint name, void *v, void *user)
{
    (void)name;
    detach_args *d = user;
    if (v != GL_NAME_RESERVED)
        detach_matching(d->ctx, v, d->obj);
}

static void detach_everywhere(gl_context *ctx, const void *obj)
{
    detach_args d = {ctx, obj};
    gl_names_foreach(&ctx->framebuffers, detach_one, &d);
}

void gl_fbo_texture_deleted(gl_context *ctx, gl_texture_obj *t)
{
    detach_everywhere(ctx, t);
}

/* ---- framebuffer objects --------------------------------------------------------------- */

/* Which bindings a framebuffer target selects; false with INVALID_ENUM. */
static bool fb_target(gl_context *ctx, GLenum target, bool *draw, bool *read)
{
    *draw = target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER;
    *read = target == GL_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER;
    if (!*draw && !*read) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    return true;
}

GLAPI_EXPORT void APIENTRY glGenFramebuffers(GLsizei n, GLuint *framebuffers)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->framebuffers, n, framebuffers);
}
GL_ALIAS(void, glGenFramebuffersEXT, glGenFramebuffers, (GLsizei n, GLuint *framebuffers))

/* Bind{Framebuffer,Renderbuffer}: the object name (not 0) names in t,
 * made of size zeroed bytes on its first bind (*made set); NULL with
 * INVALID_OPERATION for a name not from Gen*, or deleted, when gen_only
 * (ARB_framebuffer_object 4.4.1, 4.4.2.1), or with OUT_OF_MEMORY. */
static void *bound_object(gl_context *ctx, gl_name_table *t, GLuint name, size_t size,
                          bool gen_only, bool *made)
{
    *made = false;
    void *v = gl_names_lookup(t, name);
    if (v && v != GL_NAME_RESERVED)
        return v;
    if (!v && gen_only) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    v = calloc(1, size);
    if (!v || !gl_names_insert(t, name, v)) {
        free(v);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    *made = true;
    return v;
}

/* BindFramebuffer; gen_only: the name must come from GenFramebuffers (ARB). */
static void bind_framebuffer(GLenum target, GLuint framebuffer, bool gen_only)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    bool draw, read;
    if (!fb_target(ctx, target, &draw, &read))
        return;
    gl_framebuffer_obj *fb;
    if (framebuffer == 0) {
        fb = &ctx->fb_default;
    } else {
        bool made;
        fb = bound_object(ctx, &ctx->framebuffers, framebuffer, sizeof *fb, gen_only, &made);
        if (!fb)
            return;
        if (made) {
            fb->name = framebuffer;
            fb->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
            fb->read_buffer = GL_COLOR_ATTACHMENT0;
        }
    }
    if (draw && ctx->draw_fb != fb) {
        ctx->draw_fb = fb;
        gl_state_changed(ctx); /* state.fog.color ... follow its clamping (gl_state.c) */
    }
    if (read)
        ctx->read_fb = fb;
}

GLAPI_EXPORT void APIENTRY glBindFramebuffer(GLenum target, GLuint framebuffer)
{
    bind_framebuffer(target, framebuffer, true);
}

GLAPI_EXPORT void APIENTRY glBindFramebufferEXT(GLenum target, GLuint framebuffer)
{
    bind_framebuffer(target, framebuffer, false);
}

/* A deleted framebuffer's bindings revert to the default framebuffer; it
 * belongs to this context alone and goes at once. */
static void free_framebuffer(gl_context *ctx, void *v)
{
    gl_resource_will_change(ctx, GL_RES_SURFACE);
    if (ctx->draw_fb == v)
        ctx->draw_fb = &ctx->fb_default;
    if (ctx->read_fb == v)
        ctx->read_fb = &ctx->fb_default;
    free(v);
}

GLAPI_EXPORT void APIENTRY glDeleteFramebuffers(GLsizei n, const GLuint *framebuffers)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->framebuffers, n, framebuffers, free_framebuffer, -1);
}
GL_ALIAS(void, glDeleteFramebuffersEXT, glDeleteFramebuffers, (GLsizei n, const GLuint *framebuffers))

GLAPI_EXPORT GLboolean APIENTRY glIsFramebuffer(GLuint framebuffer)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->framebuffers, framebuffer);
    return v && v != GL_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsFramebufferEXT, glIsFramebuffer, (GLuint framebuffer))

GLAPI_EXPORT GLenum APIENTRY glCheckFramebufferStatus(GLenum target)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    bool draw, read;
    if (!fb_target(ctx, target, &draw, &read))
        return 0;
    return gl_fbo_status(ctx, draw ? ctx->draw_fb : ctx->read_fb);
}
GL_ALIAS(GLenum, glCheckFramebufferStatusEXT, glCheckFramebufferStatus, (GLenum target))

/* The framebuffer an attach command changes; NULL (error recorded) for the
 * default framebuffer or a bad target. */
static gl_framebuffer_obj *attach_fb(gl_context *ctx, GLenum target)
{
    if (ctx->in_begin) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    bool draw, read;
    if (!fb_target(ctx, target, &draw, &read))
        return NULL;
    gl_framebuffer_obj *fb = draw ? ctx->draw_fb : ctx->read_fb;
    if (fb->name == 0) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return fb;
}

/* Sets attachment (index ai, or depth+stencil when ai < 0 for
 * DEPTH_STENCIL_ATTACHMENT) of fb. */
static void set_attachment(gl_context *ctx, gl_framebuffer_obj *fb, GLenum attachment,
                           const gl_attachment *a)
{
    int ai = att_index(attachment);
    if (ai < 0 && attachment != GL_DEPTH_STENCIL_ATTACHMENT) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (ai >= 0) {
        fb->att[ai] = *a;
    } else {
        fb->att[GLC_ATT_DEPTH] = *a;
        fb->att[GLC_ATT_STENCIL] = *a;
    }
}

/* How an attach command names the image. */
enum {
    FT_1D, FT_2D, FT_3D,   /* FramebufferTexture{1D,2D,3D}: textarget given */
    FT_LAYER,              /* FramebufferTextureLayer (ARB_framebuffer_object names) */
    FT_LAYER_EXT,          /* FramebufferTextureLayerEXT (NV_geometry_program4) */
    FT_FACE_EXT,           /* FramebufferTextureFaceEXT: textarget = the face */
    FT_LAYERED_EXT         /* FramebufferTextureEXT: the whole level, layered */
};

static bool is_layer_target(GLenum t)
{
    return t == GL_TEXTURE_3D || t == GL_TEXTURE_1D_ARRAY_EXT || t == GL_TEXTURE_2D_ARRAY_EXT ||
           t == GL_TEXTURE_2D_MULTISAMPLE_ARRAY || t == GL_TEXTURE_CUBE_MAP_ARRAY;
}

/* EXT_framebuffer_object 4.4.2.3 as NV_geometry_program4 rewrites it (the
 * ARB_framebuffer_object names keep ARB's INVALID_OPERATION for a name that
 * is no texture; the EXT commands of NV_geometry_program4 say
 * INVALID_VALUE). */
static void framebuffer_texture(gl_context *ctx, int how, GLenum target, GLenum attachment,
                                GLenum textarget, GLuint texture, GLint level, GLint zoffset)
{
    gl_framebuffer_obj *fb = attach_fb(ctx, target);
    if (!fb)
        return;
    gl_attachment a;
    memset(&a, 0, sizeof a);
    if (texture) {
        bool ext = how >= FT_LAYER_EXT;
        gl_texture_obj *t = gl_texture_lookup(ctx, texture);
        if (!t || !t->target) {
            gl_error(ctx, ext ? GL_INVALID_VALUE : GL_INVALID_OPERATION);
            return;
        }
        int face = 0;
        bool ok;
        switch (how) {
        case FT_1D:
            ok = textarget == GL_TEXTURE_1D && t->target == GL_TEXTURE_1D;
            break;
        case FT_2D:
            if (textarget >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && textarget <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
                ok = t->target == GL_TEXTURE_CUBE_MAP;
                face = (int)(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
            } else {
                ok = (textarget == GL_TEXTURE_2D || textarget == GL_TEXTURE_RECTANGLE_ARB ||
                      textarget == GL_TEXTURE_2D_MULTISAMPLE) &&
                     t->target == textarget;
            }
            break;
        case FT_3D:
            ok = textarget == GL_TEXTURE_3D && t->target == GL_TEXTURE_3D;
            break;
        case FT_LAYER:
        case FT_LAYER_EXT:
            ok = is_layer_target(t->target);
            break;
        case FT_FACE_EXT:
            if (textarget < GL_TEXTURE_CUBE_MAP_POSITIVE_X || textarget > GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
                gl_error(ctx, GL_INVALID_ENUM);
                return;
            }
            ok = t->target == GL_TEXTURE_CUBE_MAP;
            face = (int)(textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X);
            break;
        default: /* FT_LAYERED_EXT: any target but buffer textures */
            ok = t->target != GL_TEXTURE_BUFFER_ARB;
            break;
        }
        if (!ok) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        bool ms = t->target == GL_TEXTURE_2D_MULTISAMPLE || t->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
        if (level < 0 || level >= TEX_MAX_LEVELS || (t->target == GL_TEXTURE_RECTANGLE_ARB && level) ||
            (ms && level)) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        if ((how == FT_3D || how == FT_LAYER || how == FT_LAYER_EXT) &&
            (zoffset < 0 || zoffset >= (t->target == GL_TEXTURE_3D ? TEX_MAX_3D_SIZE : GLC_MAX_ARRAY_LAYERS))) {
            gl_error(ctx, GL_INVALID_VALUE);
            return;
        }
        a.type = GLC_ATTACH_TEXTURE;
        a.name = texture;
        a.tex = t;
        a.level = level;
        a.face = face;
        a.zoffset = how == FT_3D || how == FT_LAYER || how == FT_LAYER_EXT ? zoffset : 0;
        /* section 4.4.2.3: FramebufferTextureEXT of a 3D, cube map or array
         * texture attaches every layer */
        a.layered = how == FT_LAYERED_EXT && (is_layer_target(t->target) || t->target == GL_TEXTURE_CUBE_MAP);
    }
    set_attachment(ctx, fb, attachment, &a);
}

GLAPI_EXPORT void APIENTRY glFramebufferTexture1D(GLenum target, GLenum attachment,
                                                  GLenum textarget, GLuint texture, GLint level)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_1D, target, attachment, textarget, texture, level, 0);
}
GL_ALIAS(void, glFramebufferTexture1DEXT, glFramebufferTexture1D,
         (GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level))

GLAPI_EXPORT void APIENTRY glFramebufferTexture2D(GLenum target, GLenum attachment,
                                                  GLenum textarget, GLuint texture, GLint level)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_2D, target, attachment, textarget, texture, level, 0);
}
GL_ALIAS(void, glFramebufferTexture2DEXT, glFramebufferTexture2D,
         (GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level))

GLAPI_EXPORT void APIENTRY glFramebufferTexture3D(GLenum target, GLenum attachment,
                                                  GLenum textarget, GLuint texture, GLint level,
                                                  GLint zoffset)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_3D, target, attachment, textarget, texture, level, zoffset);
}
GL_ALIAS(void, glFramebufferTexture3DEXT, glFramebufferTexture3D,
         (GLenum target, GLenum attachment, GLenum textarget, GLuint texture, GLint level,
          GLint zoffset))

/* ARB_framebuffer_object 4.4.2.3: one layer of a 3D or array texture. */
GLAPI_EXPORT void APIENTRY glFramebufferTextureLayer(GLenum target, GLenum attachment,
                                                     GLuint texture, GLint level, GLint layer)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_LAYER, target, attachment, 0, texture, level, layer);
}

/* NV_geometry_program4 section 4.4.2.3 (EXT_texture_array's and
 * EXT_geometry_shader4's commands of the same names). */
GLAPI_EXPORT void APIENTRY glFramebufferTextureEXT(GLenum target, GLenum attachment,
                                                   GLuint texture, GLint level)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_LAYERED_EXT, target, attachment, 0, texture, level, 0);
}

GLAPI_EXPORT void APIENTRY glFramebufferTextureLayerEXT(GLenum target, GLenum attachment,
                                                        GLuint texture, GLint level, GLint layer)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_LAYER_EXT, target, attachment, 0, texture, level, layer);
}

GLAPI_EXPORT void APIENTRY glFramebufferTextureFaceEXT(GLenum target, GLenum attachment,
                                                       GLuint texture, GLint level, GLenum face)
{
    GL_CTX();
    framebuffer_texture(ctx, FT_FACE_EXT, target, attachment, face, texture, level, 0);
}

GLAPI_EXPORT void APIENTRY glFramebufferRenderbuffer(GLenum target, GLenum attachment,
                                                     GLenum renderbuffertarget,
                                                     GLuint renderbuffer)
{
    GL_CTX();
    gl_framebuffer_obj *fb = attach_fb(ctx, target);
    if (!fb)
        return;
    if (renderbuffertarget != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    gl_attachment a;
    memset(&a, 0, sizeof a);
    if (renderbuffer) {
        void *v = gl_names_lookup(&ctx->shared->renderbuffers, renderbuffer);
        if (!v || v == GL_NAME_RESERVED) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        a.type = GLC_ATTACH_RENDERBUFFER;
        a.name = renderbuffer;
        a.rb = v;
    }
    set_attachment(ctx, fb, attachment, &a);
}
GL_ALIAS(void, glFramebufferRenderbufferEXT, glFramebufferRenderbuffer,
         (GLenum target, GLenum attachment, GLenum renderbuffertarget, GLuint renderbuffer))

/* What GetFramebufferAttachmentParameteriv reports of one attachment point. */
typedef struct att_desc {
    GLenum type;              /* NONE, FRAMEBUFFER_DEFAULT, TEXTURE, RENDERBUFFER */
    const gl_attachment *a;   /* TEXTURE / RENDERBUFFER */
    int kind;                 /* KIND_* */
    int bits[6];              /* red green blue alpha depth stencil */
    GLenum component_type;
    GLenum encoding;          /* COLOR_ENCODING: SRGB or LINEAR */
} att_desc;

/* DEPTH_SIZE of a depth format: asmgl keeps every depth buffer as 32-bit
 * floats in [0, 1], whose resolution over [0.5, 1] is that of 24-bit fixed
 * point; the floating-point formats of ARB_depth_buffer_float say 32. */
static int depth_format_bits(GLenum internal_format)
{
    return internal_format == GL_DEPTH_COMPONENT32F || internal_format == GL_DEPTH32F_STENCIL8 ? 32 : 24;
}

int gl_fbo_draw_depth_bits(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->draw_fb;
    if (fb->name == 0)
        return ctx->no_default_fb ? 0 : ctx->config.depth_bits;
    if (gl_fbo_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE)
        return 0;
    const gl_attachment *a = &fb->att[GLC_ATT_DEPTH];
    if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb)
        return a->rb->depth;
    const tex_image *img = a->type == GLC_ATTACH_TEXTURE ? att_image(a) : NULL;
    return img ? depth_format_bits(img->internal_format) : 0;
}

/* Sizes and component type of a framebuffer object's attachment. */
static void describe_object(const gl_attachment *a, int kind, att_desc *d)
{
    d->a = a;
    d->type = a->type == GLC_ATTACH_TEXTURE ? GL_TEXTURE : GL_RENDERBUFFER;
    d->component_type = GL_UNSIGNED_NORMALIZED;
    d->encoding = GL_LINEAR;
    GLenum ifmt = att_internal_format(a);
    if (kind == KIND_COLOR && ifmt != GL_NONE)
        d->encoding = tex_internal_format_encoding(ifmt);
    if (a->type == GLC_ATTACH_RENDERBUFFER) {
        const gl_renderbuffer_obj *rb = a->rb;
        int v[6] = {rb->red, rb->green, rb->blue, rb->alpha, rb->depth, rb->stencil};
        memcpy(d->bits, v, sizeof v);
        if (kind == KIND_COLOR && rb->color.format == TEX_FMT_RGBA32F)
            d->component_type = tex_internal_format_type(rb->internal_format);
        else if (kind == KIND_COLOR && rb->color.format == TEX_FMT_RGBA32I)
            d->component_type = GL_INT;
        else if (kind == KIND_COLOR && rb->color.format == TEX_FMT_RGBA32UI)
            d->component_type = GL_UNSIGNED_INT;
    } else {
        const tex_image *img = att_image(a);
        if (!img)
            return; /* no image (yet): sizes 0 */
        bool depthish = img->base_format == GL_DEPTH_COMPONENT || img->base_format == GL_DEPTH_STENCIL;
        if (!depthish)
            color_bits(img->base_format, img->format, d->bits);
        d->bits[4] = depthish ? depth_format_bits(img->internal_format) : 0;
        d->bits[5] = img->base_format == GL_DEPTH_STENCIL ? 8 : 0;
        if (img->format == TEX_FMT_RGBA32F)
            d->component_type = depthish ? GL_FLOAT : tex_internal_format_type(img->internal_format);
        else if (img->format == TEX_FMT_RGBA32I)
            d->component_type = GL_INT;
        else if (img->format == TEX_FMT_RGBA32UI)
            d->component_type = GL_UNSIGNED_INT;
    }
    if (kind == KIND_STENCIL)
        d->component_type = GL_INDEX;
}

/* ARB_framebuffer_object section 6.1.13 (in its numbering: "Framebuffer
 * Object Queries"): the default framebuffer answers for FRONT_LEFT and
 * BACK_LEFT (its one colour buffer), DEPTH and STENCIL; a framebuffer object
 * for its attachment points.  false with INVALID_ENUM for another name. */
static bool describe_attachment(gl_context *ctx, const gl_framebuffer_obj *fb, GLenum attachment,
                                att_desc *d)
{
    memset(d, 0, sizeof *d);
    d->type = GL_NONE;
    if (fb->name == 0) {
        int kind;
        switch (attachment) {
        case GL_FRONT_LEFT:
        case GL_BACK_LEFT:
            kind = KIND_COLOR;
            break;
        case GL_FRONT_RIGHT:
        case GL_BACK_RIGHT:
        case GL_AUX0:
        case GL_AUX1:
        case GL_AUX2:
        case GL_AUX3:
            return true; /* buffers asmgl's default framebuffer does not have */
        case GL_DEPTH:
            kind = KIND_DEPTH;
            break;
        case GL_STENCIL:
            kind = KIND_STENCIL;
            break;
        default:
            gl_error(ctx, GL_INVALID_ENUM);
            return false;
        }
        d->kind = kind;
        if (ctx->no_default_fb || (kind == KIND_DEPTH && !ctx->config.depth_bits) ||
            (kind == KIND_STENCIL && !ctx->config.stencil_bits))
            return true;
        d->type = GL_FRAMEBUFFER_DEFAULT;
        d->encoding = GL_LINEAR;
        d->component_type = kind == KIND_STENCIL ? GL_INDEX : GL_UNSIGNED_NORMALIZED;
        if (kind == KIND_COLOR)
            d->bits[0] = d->bits[1] = d->bits[2] = d->bits[3] = 8;
        else if (kind == KIND_DEPTH)
            d->bits[4] = ctx->config.depth_bits;
        else
            d->bits[5] = ctx->config.stencil_bits;
        return true;
    }
    int ai = att_index(attachment);
    if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
        /* both must name the same object (4.4.2.2) */
        const gl_attachment *da = &fb->att[GLC_ATT_DEPTH], *sa = &fb->att[GLC_ATT_STENCIL];
        if (da->type != sa->type || da->name != sa->name || da->level != sa->level ||
            da->face != sa->face || da->zoffset != sa->zoffset) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return false;
        }
        ai = GLC_ATT_DEPTH;
    }
    if (ai < 0) {
        gl_error(ctx, GL_INVALID_ENUM);
        return false;
    }
    d->kind = ai < GLC_MAX_DRAW_BUFFERS ? KIND_COLOR : ai == GLC_ATT_DEPTH ? KIND_DEPTH : KIND_STENCIL;
    if (fb->att[ai].type != GLC_ATTACH_NONE)
        describe_object(&fb->att[ai], d->kind, d);
    return true;
}

GLAPI_EXPORT void APIENTRY glGetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment,
                                                                 GLenum pname, GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    bool draw, read;
    if (!fb_target(ctx, target, &draw, &read))
        return;
    att_desc d;
    if (!describe_attachment(ctx, draw ? ctx->draw_fb : ctx->read_fb, attachment, &d))
        return;
    GLint v;
    if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
        v = (GLint)d.type;
    } else if (d.type == GL_NONE) {
        /* nothing attached: the name reads 0, anything else is an error */
        if (pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        v = 0;
    } else {
        switch (pname) {
        case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
        case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
        case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
        case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
        case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
        case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
            v = d.bits[pname - GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE];
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
            /* a depth+stencil pair has no one component type (GL 3.0) */
            if (attachment == GL_DEPTH_STENCIL_ATTACHMENT) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
            v = (GLint)d.component_type;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
            v = (GLint)d.encoding;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
            if (d.type == GL_FRAMEBUFFER_DEFAULT)
                goto bad_enum;
            v = (GLint)d.a->name;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
            if (d.type != GL_TEXTURE)
                goto bad_enum;
            v = d.a->level;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
            if (d.type != GL_TEXTURE)
                goto bad_enum;
            v = d.a->tex->target == GL_TEXTURE_CUBE_MAP ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + d.a->face)
                                                        : 0;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER: /* == ..._3D_ZOFFSET_EXT */
            if (d.type != GL_TEXTURE)
                goto bad_enum;
            v = d.a->zoffset;
            break;
        case GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT: /* NV_geometry_program4 */
            if (d.type == GL_FRAMEBUFFER_DEFAULT)
                goto bad_enum;
            v = d.type == GL_TEXTURE && d.a->layered;
            break;
        default:
            goto bad_enum;
        }
    }
    if (params)
        *params = v;
    return;
bad_enum:
    gl_error(ctx, GL_INVALID_ENUM);
}
GL_ALIAS(void, glGetFramebufferAttachmentParameterivEXT, glGetFramebufferAttachmentParameteriv,
         (GLenum target, GLenum attachment, GLenum pname, GLint *params))

/* ---- renderbuffers ----------------------------------------------------------------------- */

GLAPI_EXPORT void APIENTRY glGenRenderbuffers(GLsizei n, GLuint *renderbuffers)
{
    GL_CTX();
    gl_names_gen_checked(ctx, &ctx->shared->renderbuffers, n, renderbuffers);
}
GL_ALIAS(void, glGenRenderbuffersEXT, glGenRenderbuffers, (GLsizei n, GLuint *renderbuffers))

/* BindRenderbuffer; gen_only: the name must come from GenRenderbuffers (ARB). */
static void bind_renderbuffer(GLenum target, GLuint renderbuffer, bool gen_only)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (renderbuffer == 0) {
        ctx->renderbuffer = NULL;
        return;
    }
    bool made;
    gl_renderbuffer_obj *rb = bound_object(ctx, &ctx->shared->renderbuffers, renderbuffer,
                                           sizeof *rb, gen_only, &made);
    if (!rb)
        return;
    if (made) {
        rb->name = renderbuffer;
        rb->internal_format = GL_RGBA;
    }
    ctx->renderbuffer = rb;
}

GLAPI_EXPORT void APIENTRY glBindRenderbuffer(GLenum target, GLuint renderbuffer)
{
    bind_renderbuffer(target, renderbuffer, true);
}

GLAPI_EXPORT void APIENTRY glBindRenderbufferEXT(GLenum target, GLuint renderbuffer)
{
    bind_renderbuffer(target, renderbuffer, false);
}

static void detach_renderbuffer(gl_context *ctx, void *v)
{
    gl_resource_will_change(ctx, GL_RES_SURFACE);
    if (ctx->renderbuffer == v)
        ctx->renderbuffer = NULL;
    detach_everywhere(ctx, v);
    gl_texture_renderbuffer_changed(ctx, v, true);
}

GLAPI_EXPORT void APIENTRY glDeleteRenderbuffers(GLsizei n, const GLuint *renderbuffers)
{
    GL_CTX();
    gl_names_delete(ctx, &ctx->shared->renderbuffers, n, renderbuffers, detach_renderbuffer,
                    GLC_OBJ_RENDERBUFFER);
}
GL_ALIAS(void, glDeleteRenderbuffersEXT, glDeleteRenderbuffers,
         (GLsizei n, const GLuint *renderbuffers))

GLAPI_EXPORT GLboolean APIENTRY glIsRenderbuffer(GLuint renderbuffer)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    void *v = gl_names_lookup(&ctx->shared->renderbuffers, renderbuffer);
    return v && v != GL_NAME_RESERVED ? GL_TRUE : GL_FALSE;
}
GL_ALIAS(GLboolean, glIsRenderbufferEXT, glIsRenderbuffer, (GLuint renderbuffer))

/* samples > 0: that many sample planes (rast_surface.samples). */
static bool alloc_surface(rast_surface *s, int w, int h, tex_format f, size_t texel, int samples)
{
    size_t plane, n;
    if (!mem_size_mul((size_t)w * (size_t)h, texel, &plane) ||
        !mem_size_mul(plane, (size_t)(samples > 0 ? samples : 1), &n))
        return false;
    s->data = mem_zalloc_written(n); /* loaded by tiles before written */
    if (!s->data)
        return false;
    s->width = w;
    s->height = h;
    s->stride = (size_t)w * texel;
    s->format = f;
    if (samples > 0) {
        s->samples = samples;
        s->sample_stride = plane;
    }
    return true;
}

static void renderbuffer_storage(gl_context *ctx, GLenum target, GLsizei samples,
                                 GLenum internal_format, int w, int h)
{
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    /* which planes the format has */
    bool color = false, depth = false, stencil = false;
    tex_format cfmt = TEX_FMT_RGBA8;
    GLenum base = 0;
    switch (internal_format) {
    case GL_STENCIL_INDEX:
    case GL_STENCIL_INDEX1:
    case GL_STENCIL_INDEX4:
    case GL_STENCIL_INDEX8:
    case GL_STENCIL_INDEX16:
        stencil = true;
        base = GL_STENCIL_INDEX;
        break;
    default: {
        tex_format storage;
        /* compressed formats, generic or specific, are not renderable
         * (ARB_framebuffer_object section 4.4.2: INVALID_ENUM) */
        bool compressed = tex_format_is_compressed(internal_format) ||
                          (internal_format >= GL_COMPRESSED_ALPHA &&
                           internal_format <= GL_COMPRESSED_INTENSITY) ||
                          internal_format == GL_COMPRESSED_RGB || internal_format == GL_COMPRESSED_RGBA ||
                          internal_format == GL_COMPRESSED_RED || internal_format == GL_COMPRESSED_RG ||
                          internal_format == GL_COMPRESSED_SRGB ||
                          internal_format == GL_COMPRESSED_SRGB_ALPHA ||
                          internal_format == GL_COMPRESSED_SLUMINANCE ||
                          internal_format == GL_COMPRESSED_SLUMINANCE_ALPHA;
        if (compressed || !tex_internal_format_info(internal_format, &base, &storage)) {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
        if (base == GL_DEPTH_COMPONENT) {
            depth = true;
        } else if (base == GL_DEPTH_STENCIL) {
            depth = stencil = true;
        } else if (base == GL_RGBA || base == GL_RGB || base == GL_RG || base == GL_RED ||
                   base == GL_ALPHA || base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA ||
                   base == GL_INTENSITY) {
            color = true;
            cfmt = storage; /* RGBA8, RGBA32F, or RGBA32I/UI (EXT_texture_integer) */
        } else {
            gl_error(ctx, GL_INVALID_ENUM);
            return;
        }
    }
    }
    /* ARB_texture_multisample (changes to RenderbufferStorageMultisample):
     * an integer format with samples > MAX_INTEGER_SAMPLES (TEX_MAX_SAMPLES
     * here, equal to MAX_SAMPLES) is INVALID_OPERATION; that rule is the
     * specific one, so it wins over MAX_SAMPLES' INVALID_VALUE below. */
    if (color && (cfmt == TEX_FMT_RGBA32I || cfmt == TEX_FMT_RGBA32UI) &&
        samples > TEX_MAX_SAMPLES /* MAX_INTEGER_SAMPLES */) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (w < 0 || h < 0 || w > GLC_MAX_SIZE || h > GLC_MAX_SIZE || samples < 0 ||
        samples > TEX_MAX_SAMPLES /* MAX_SAMPLES */) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    samples = gl_texture_round_samples(samples);
    gl_renderbuffer_obj *rb = ctx->renderbuffer;
    if (!rb) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    gl_resource_will_change(ctx, GL_RES_SURFACE); /* a queued scene may render into the old storage */
    rb_free_storage(rb);
    rb->internal_format = internal_format;
    rb->width = w;
    rb->height = h;
    rb->red = rb->green = rb->blue = rb->alpha = rb->depth = rb->stencil = 0;
    rb->samples = samples;
    bool ok = true;
    if (color) {
        ok = alloc_surface(&rb->color, w, h, cfmt, tex_format_bytes(cfmt), samples);
        int bits[4];
        color_bits(base, cfmt, bits);
        rb->red = bits[0];
        rb->green = bits[1];
        rb->blue = bits[2];
        rb->alpha = bits[3];
    }
    if (ok && depth) {
        ok = alloc_surface(&rb->depth_surf, w, h, TEX_FMT_DEPTH32F, sizeof(float), samples);
        if (ok)
            for (size_t i = 0; i < (size_t)w * (size_t)h * (size_t)(samples ? samples : 1); i++)
                ((float *)rb->depth_surf.data)[i] = 1.0f;
        rb->depth = depth_format_bits(internal_format);
    }
    if (ok && stencil) {
        ok = alloc_surface(&rb->stencil_surf, w, h, TEX_FMT_S8, 1, samples);
        rb->stencil = 8;
    }
    if (!ok) {
        rb_free_storage(rb);
        rb->width = rb->height = 0;
        gl_error(ctx, GL_OUT_OF_MEMORY);
    }
    gl_texture_renderbuffer_changed(ctx, rb, false); /* texture renderbuffers follow */
}

GLAPI_EXPORT void APIENTRY glRenderbufferStorage(GLenum target, GLenum internalformat,
                                                 GLsizei width, GLsizei height)
{
    GL_CTX();
    renderbuffer_storage(ctx, target, 0, internalformat, width, height);
}

/* ARB_framebuffer_object 4.4.2.1: RenderbufferStorage is this with
 * samples = 0, and samples > MAX_SAMPLES (8) is INVALID_VALUE; the storage
 * has the next count asmgl supports (2, 4 or 8; 1 stays 1). */
GLAPI_EXPORT void APIENTRY glRenderbufferStorageMultisample(GLenum target, GLsizei samples,
                                                            GLenum internalformat, GLsizei width,
                                                            GLsizei height)
{
    GL_CTX();
    renderbuffer_storage(ctx, target, samples, internalformat, width, height);
}
GL_ALIAS(void, glRenderbufferStorageEXT, glRenderbufferStorage,
         (GLenum target, GLenum internalformat, GLsizei width, GLsizei height))

GLAPI_EXPORT void APIENTRY glGetRenderbufferParameteriv(GLenum target, GLenum pname,
                                                        GLint *params)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (target != GL_RENDERBUFFER) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    const gl_renderbuffer_obj *rb = ctx->renderbuffer;
    if (!rb) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    GLint v;
    switch (pname) {
    case GL_RENDERBUFFER_WIDTH:
        v = rb->width;
        break;
    case GL_RENDERBUFFER_HEIGHT:
        v = rb->height;
        break;
    case GL_RENDERBUFFER_INTERNAL_FORMAT:
        v = (GLint)rb->internal_format;
        break;
    case GL_RENDERBUFFER_RED_SIZE:
        v = rb->red;
        break;
    case GL_RENDERBUFFER_GREEN_SIZE:
        v = rb->green;
        break;
    case GL_RENDERBUFFER_BLUE_SIZE:
        v = rb->blue;
        break;
    case GL_RENDERBUFFER_ALPHA_SIZE:
        v = rb->alpha;
        break;
    case GL_RENDERBUFFER_DEPTH_SIZE:
        v = rb->depth;
        break;
    case GL_RENDERBUFFER_STENCIL_SIZE:
        v = rb->stencil;
        break;
    case GL_RENDERBUFFER_SAMPLES:
        v = rb->samples;
        break;
    default:
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (params)
        *params = v;
}
GL_ALIAS(void, glGetRenderbufferParameterivEXT, glGetRenderbufferParameteriv,
         (GLenum target, GLenum pname, GLint *params))

/* ---- draw and read buffers --------------------------------------------------------------- */

/* Validates one colour buffer name for fb; returns the canonical value, or 0
 * with an error recorded. */
static GLenum check_buffer(gl_context *ctx, const gl_framebuffer_obj *fb, GLenum buf, bool multi)
{
    if (buf == GL_NONE)
        return GL_NONE;
    if (fb->name) {
        if (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
            return buf;
        gl_error(ctx, (buf >= GL_FRONT_LEFT && buf <= GL_AUX3) ? GL_INVALID_OPERATION : GL_INVALID_ENUM);
        return 0;
    }
    /* The default framebuffer has one colour buffer; asmgl lets FRONT and
     * BACK (and their LEFT forms) name it, so double-buffered applications
     * run unchanged. */
    switch (buf) {
    case GL_FRONT:
    case GL_BACK:
    case GL_LEFT:
    case GL_FRONT_AND_BACK:
        if (multi) {
            gl_error(ctx, GL_INVALID_ENUM);
            return 0;
        }
        return buf;
    case GL_FRONT_LEFT:
    case GL_BACK_LEFT:
        return buf;
    case GL_RIGHT:
    case GL_FRONT_RIGHT:
    case GL_BACK_RIGHT:
    case GL_AUX0:
    case GL_AUX1:
    case GL_AUX2:
    case GL_AUX3:
        gl_error(ctx, GL_INVALID_OPERATION);
        return 0;
    default:
        if (buf >= GL_COLOR_ATTACHMENT0 && buf < GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
            gl_error(ctx, GL_INVALID_OPERATION);
        else
            gl_error(ctx, GL_INVALID_ENUM);
        return 0;
    }
}

GLAPI_EXPORT void APIENTRY glDrawBuffer(GLenum buf)
{
    GL_CTX();
    GL_DLIST_SAVE(glDrawBuffer, (ctx, buf));
    GL_OUTSIDE_BEGIN(ctx, );
    gl_framebuffer_obj *fb = ctx->draw_fb;
    GLenum b = check_buffer(ctx, fb, buf, false);
    if (b == 0 && buf != GL_NONE)
        return;
    fb->draw_buffers[0] = b;
    for (int i = 1; i < GLC_MAX_DRAW_BUFFERS; i++)
        fb->draw_buffers[i] = GL_NONE;
}

GLAPI_EXPORT void APIENTRY glDrawBuffers(GLsizei n, const GLenum *bufs)
{
    GL_CTX();
    GL_DLIST_SAVE(glDrawBuffers, (ctx, n, bufs));
    GL_OUTSIDE_BEGIN(ctx, );
    if (n < 0 || n > GLC_MAX_DRAW_BUFFERS) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    gl_framebuffer_obj *fb = ctx->draw_fb;
    GLenum nb[GLC_MAX_DRAW_BUFFERS] = {0};
    for (GLsizei i = 0; i < n; i++) {
        GLenum b = check_buffer(ctx, fb, bufs[i], true);
        if (b == 0 && bufs[i] != GL_NONE)
            return;
        /* a buffer may appear once (ARB_draw_buffers) */
        for (GLsizei j = 0; j < i; j++)
            if (b != GL_NONE && nb[j] == b) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
        /* the default framebuffer has only draw buffer 0 */
        if (!fb->name && i > 0 && b != GL_NONE) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        nb[i] = b;
    }
    memcpy(fb->draw_buffers, nb, sizeof nb);
}
GL_ALIAS(void, glDrawBuffersARB, glDrawBuffers, (GLsizei n, const GLenum *bufs))

GLAPI_EXPORT void APIENTRY glReadBuffer(GLenum src)
{
    GL_CTX();
    GL_DLIST_SAVE(glReadBuffer, (ctx, src));
    GL_OUTSIDE_BEGIN(ctx, );
    gl_framebuffer_obj *fb = ctx->read_fb;
    GLenum b = check_buffer(ctx, fb, src, false);
    if (b == 0 && src != GL_NONE)
        return;
    fb->read_buffer = b;
}

/* ---- read-back ------------------------------------------------------------------------------ */

/* The read framebuffer's surface for a pixel format class; NULL with an
 * error recorded. */
static const rast_surface *read_surface(gl_context *ctx, GLenum format, rast_surface *tmp)
{
    gl_framebuffer_obj *fb = ctx->read_fb;
    if (gl_fbo_status(ctx, fb) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return NULL;
    }
    const rast_surface *s = NULL;
    bool rw = ctx->read_win_set; /* framebuffer 0 reads another surface */
    switch (format) {
    case GL_DEPTH_COMPONENT:
    case GL_DEPTH_STENCIL:
        if (fb->name == 0)
            s = rw ? &ctx->read_win_depth : &ctx->win_depth;
        else {
            *tmp = att_surface(&fb->att[GLC_ATT_DEPTH], KIND_DEPTH);
            s = tmp;
        }
        break;
    case GL_STENCIL_INDEX:
        if (fb->name == 0)
            s = rw ? &ctx->read_win_stencil : &ctx->win_stencil;
        else {
            *tmp = att_surface(&fb->att[GLC_ATT_STENCIL], KIND_STENCIL);
            s = tmp;
        }
        break;
    default:
        if (fb->read_buffer == GL_NONE)
            break;
        if (fb->name == 0)
            s = rw ? &ctx->read_win_color : &ctx->win_color;
        else {
            *tmp = att_surface(&fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0], KIND_COLOR);
            s = tmp;
        }
        break;
    }
    if (!s || !s->data) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    return s;
}

static void surface_texel1(const rast_surface *s, const unsigned char *base, int x, int y,
                           float out[4]);

/* One texel of a surface as float RGBA: the average of its samples (the
 * resolve of a multisample surface); stencil indices are not averaged:
 * sample 0's. */
static void surface_texel(const rast_surface *s, int x, int y, float out[4])
{
    if (s->samples <= 1 || s->format == TEX_FMT_S8) {
        surface_texel1(s, s->data, x, y, out);
        return;
    }
    float sum[4] = {0, 0, 0, 0};
    for (int k = 0; k < s->samples; k++) {
        float v[4];
        surface_texel1(s, (const unsigned char *)s->data + (size_t)k * s->sample_stride, x, y, v);
        for (int c = 0; c < 4; c++)
            sum[c] += v[c];
    }
    for (int c = 0; c < 4; c++)
        out[c] = sum[c] / (float)s->samples;
}

static void surface_texel1(const rast_surface *s, const unsigned char *base, int x, int y,
                           float out[4])
{
    const unsigned char *row = base + s->stride * (size_t)y;
    switch (s->format) {
    case TEX_FMT_RGBA8:
        for (int c = 0; c < 4; c++)
            out[c] = row[x * 4 + c] / 255.0f;
        break;
    case TEX_FMT_RGBA32F:
        memcpy(out, row + (size_t)x * 16, 16);
        break;
    case TEX_FMT_DEPTH32F:
        memcpy(out, row + (size_t)x * 4, 4);
        out[1] = out[2] = 0;
        out[3] = 1;
        break;
    case TEX_FMT_S8:
        out[0] = row[x];
        out[1] = out[2] = 0;
        out[3] = 1;
        break;
    case TEX_FMT_RGBA32I:
        for (int c = 0; c < 4; c++) {
            int32_t v;
            memcpy(&v, row + (size_t)x * 16 + (size_t)c * 4, 4);
            out[c] = (float)v;
        }
        break;
    case TEX_FMT_RGBA32UI:
        for (int c = 0; c < 4; c++) {
            uint32_t v;
            memcpy(&v, row + (size_t)x * 16 + (size_t)c * 4, 4);
            out[c] = (float)v;
        }
        break;
    default:
        out[0] = out[1] = out[2] = 0;
        out[3] = 1;
        break;
    }
}

static bool is_integer_surface(const rast_surface *s)
{
    return s->format == TEX_FMT_RGBA32I || s->format == TEX_FMT_RGBA32UI;
}

/* SAMPLE_BUFFERS / SAMPLES of a framebuffer, bound for reading or not:
 * the samples of its attachments (equal when complete); framebuffer 0's
 * are its surface's (asmgl.h samples 2, 4 or 8: a multisample default
 * framebuffer; for reading, the read surface's), 0 when there is none. */
static int fb_samples(const gl_context *ctx, const gl_framebuffer_obj *fb, bool read)
{
    if (fb->name == 0)
        return ctx->no_default_fb ? 0
               : read && ctx->read_win_set ? ctx->read_win_samples
                                           : ctx->config.samples;
    int n = 0;
    for (int i = 0; i < GLC_ATT_COUNT; i++)
        if (fb->att[i].type != GLC_ATTACH_NONE && att_samples(&fb->att[i]) > n)
            n = att_samples(&fb->att[i]);
    return n;
}

int gl_fbo_samples(gl_context *ctx, bool draw)
{
    return fb_samples(ctx, draw ? ctx->draw_fb : ctx->read_fb, !draw);
}

/* ARB_framebuffer_object 4.3.2 (ReadPixels, CopyPixels, CopyTex*): a
 * complete multisample framebuffer object cannot be read.  A multisample
 * framebuffer 0 can: GL 2.1 section 4.3.2 reads its colour resolved
 * (surface_texel averages the samples), depth as any function of the
 * samples (their average) and stencil from sample 0 (surface_texel). */
static bool read_fb_multisample_object(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->read_fb;
    return fb->name != 0 && gl_fbo_status(ctx, fb) == GL_FRAMEBUFFER_COMPLETE &&
           fb_samples(ctx, fb, true) > 0;
}

void gl_fbo_resolve_row(const rast_surface *s, int y, unsigned char *out)
{
    const unsigned char *row = (const unsigned char *)s->data + s->stride * (size_t)y;
    if (s->samples <= 1) {
        memcpy(out, row, (size_t)s->width * 4);
        return;
    }
    /* the arithmetic of glBlitFramebuffer's resolve: surface_texel's
     * average, stored by write_texel's rounding */
    for (int x = 0; x < s->width; x++) {
        float v[4];
        surface_texel(s, x, y, v);
        for (int c = 0; c < 4; c++)
            out[x * 4 + c] = (unsigned char)lrintf(gl_clampf(v[c], 0, 1) * 255.0f);
    }
}

bool gl_fbo_draw_integer(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->draw_fb;
    if (fb->name == 0)
        return false;
    for (int i = 0; i < GLC_MAX_DRAW_BUFFERS; i++) {
        GLenum b = fb->draw_buffers[i];
        if (b == GL_NONE)
            continue;
        rast_surface s = att_surface(&fb->att[b - GL_COLOR_ATTACHMENT0], KIND_COLOR);
        if (s.data)
            return is_integer_surface(&s);
    }
    return false;
}

bool gl_fbo_draw_fixed_point(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->draw_fb;
    if (fb->name == 0)
        return true;
    for (int i = 0; i < GLC_MAX_DRAW_BUFFERS; i++) {
        GLenum b = fb->draw_buffers[i];
        if (b < GL_COLOR_ATTACHMENT0 || b >= GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
            continue;
        GLenum ifmt = att_internal_format(&fb->att[b - GL_COLOR_ATTACHMENT0]);
        if (ifmt != GL_NONE && tex_internal_format_type(ifmt) == GL_FLOAT)
            return false;
    }
    return true;
}

bool gl_fbo_draw_srgb_capable(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->draw_fb;
    if (fb->name == 0)
        return false;
    for (int i = 0; i < GLC_MAX_DRAW_BUFFERS; i++) {
        rast_surface s = att_surface(&fb->att[i], KIND_COLOR);
        if (s.srgb)
            return true;
    }
    return false;
}

bool gl_clamp_fragment_colors(gl_context *ctx)
{
    if (ctx->clamp_fragment_color == GL_FIXED_ONLY)
        return gl_fbo_draw_fixed_point(ctx);
    return ctx->clamp_fragment_color == GL_TRUE;
}

void gl_colors_as_read(gl_context *ctx, const float *in, float *out, int n)
{
    bool clamp = gl_clamp_fragment_colors(ctx);
    for (int i = 0; i < n; i++)
        out[i] = clamp ? gl_clampf(in[i], 0, 1) : in[i];
}

/* The base internal format of the read framebuffer's colour buffer
 * (GL_RGBA for the window and for unknown ones). */
static GLenum read_color_base(gl_context *ctx)
{
    gl_framebuffer_obj *fb = ctx->read_fb;
    if (fb->name == 0 || fb->read_buffer == GL_NONE)
        return GL_RGBA;
    const gl_attachment *a = &fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0];
    GLenum base = GL_RGBA;
    if (a->type == GLC_ATTACH_TEXTURE) {
        const tex_image *img = att_image(a);
        if (img)
            base = img->base_format;
    } else if (a->type == GLC_ATTACH_RENDERBUFFER && a->rb) {
        tex_format storage;
        if (!tex_internal_format_info(a->rb->internal_format, &base, &storage))
            base = GL_RGBA;
    }
    return base;
}

/* Whether ReadPixels clamps colours to [0, 1] (ARB_color_buffer_float
 * CLAMP_READ_COLOR; FIXED_ONLY: for a fixed-point read buffer, SNORM ones
 * included, as Mesa). */
static bool read_clamped(gl_context *ctx)
{
    if (ctx->clamp_read_color != GL_FIXED_ONLY)
        return ctx->clamp_read_color == GL_TRUE;
    gl_framebuffer_obj *fb = ctx->read_fb;
    if (fb->name == 0 || fb->read_buffer < GL_COLOR_ATTACHMENT0 ||
        fb->read_buffer >= GL_COLOR_ATTACHMENT0 + GLC_MAX_DRAW_BUFFERS)
        return true;
    GLenum t = tex_internal_format_type(
        att_internal_format(&fb->att[fb->read_buffer - GL_COLOR_ATTACHMENT0]));
    return t == GL_UNSIGNED_NORMALIZED || t == GL_SIGNED_NORMALIZED;
}

bool gl_fbo_read_float(gl_context *ctx, GLenum format, int x, int y, int w, int h, float *out)
{
    rast_surface tmp, tmp2;
    /* ARB_framebuffer_object 4.3.2: no reads from a multisample framebuffer object */
    if (read_fb_multisample_object(ctx)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    const rast_surface *s = read_surface(ctx, format, &tmp);
    if (!s)
        return false;
    const rast_surface *st = NULL;
    if (format == GL_DEPTH_STENCIL) {
        st = read_surface(ctx, GL_STENCIL_INDEX, &tmp2);
        if (!st)
            return false;
    }
    gl_draw_flush(ctx);
    GLenum base = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL ||
                  format == GL_STENCIL_INDEX ? GL_RGBA : read_color_base(ctx);
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            float *o = out + ((size_t)j * (size_t)w + (size_t)i) * 4;
            long long sx = (long long)x + i, sy = (long long)y + j;
            if (sx < 0 || sy < 0 || sx >= s->width || sy >= s->height) {
                o[0] = o[1] = o[2] = o[3] = 0; /* outside the window: undefined, 0 */
                continue;
            }
            surface_texel(s, sx, sy, o);
            /* GL 3.0 section 4.3.2 (ARB_framebuffer_object): a colour
             * buffer of base format L, LA or I reads as R = L (or I),
             * G = B = 0, A = 1 (LA: A); components a base format lacks
             * read as 0, alpha as 1 (table 3.15: RGB, RG, RED, ALPHA) */
            if (base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA || base == GL_INTENSITY) {
                o[1] = o[2] = 0.0f;
                if (base != GL_LUMINANCE_ALPHA)
                    o[3] = 1.0f;
            } else if (base == GL_RGB || base == GL_RG || base == GL_RED) {
                if (base != GL_RGB)
                    o[2] = 0.0f;
                if (base == GL_RED)
                    o[1] = 0.0f;
                o[3] = 1.0f;
            } else if (base == GL_ALPHA) {
                o[0] = o[1] = o[2] = 0.0f;
            }
            if (st) {
                float sv[4];
                surface_texel(st, sx, sy, sv);
                o[1] = sv[0];
            }
        }
    return true;
}

bool gl_fbo_read_size(gl_context *ctx, GLenum format, int *width, int *height)
{
    rast_surface tmp;
    const rast_surface *s = read_surface(ctx, format, &tmp);
    if (!s)
        return false;
    *width = s->width;
    *height = s->height;
    return true;
}

tex_format gl_fbo_read_color_format(gl_context *ctx)
{
    rast_surface tmp;
    const rast_surface *s = read_surface(ctx, GL_RGBA, &tmp);
    return s ? s->format : TEX_FMT_NONE;
}

bool gl_fbo_read_words(gl_context *ctx, int x, int y, int w, int h, uint32_t *out)
{
    rast_surface tmp;
    if (read_fb_multisample_object(ctx)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return false;
    }
    const rast_surface *s = read_surface(ctx, GL_RGBA, &tmp);
    if (!s)
        return false;
    gl_draw_flush(ctx);
    for (int j = 0; j < h; j++)
        for (int i = 0; i < w; i++) {
            uint32_t *o = out + ((size_t)j * (size_t)w + (size_t)i) * 4;
            long long sx = (long long)x + i, sy = (long long)y + j;
            if (!is_integer_surface(s) || sx < 0 || sy < 0 || sx >= s->width || sy >= s->height) {
                memset(o, 0, 16);
                continue;
            }
            memcpy(o, (const unsigned char *)s->data + s->stride * (size_t)sy + (size_t)sx * 16, 16);
        }
    return true;
}

GLAPI_EXPORT void APIENTRY glReadPixels(GLint x, GLint y, GLsizei width, GLsizei height,
                                        GLenum format, GLenum type, void *pixels)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (width < 0 || height < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    GLenum err = GL_NO_ERROR;
    size_t extent = tex_client_image_extent(format, type, width, height, 1, false, &ctx->pack, &err);
    if (err != GL_NO_ERROR) {
        gl_error(ctx, err);
        return;
    }
    GLenum cls = format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX ||
                         format == GL_DEPTH_STENCIL
                     ? format
                     : GL_RGBA;
    rast_surface tmp;
    const rast_surface *s = read_surface(ctx, cls, &tmp);
    if (!s)
        return;
    if (read_fb_multisample_object(ctx)) { /* ARB_framebuffer_object 4.3.2 */
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    /* EXT_texture_integer 4.3.2: integer formats read integer colour
     * buffers only, and the others never read them */
    bool int_format = gl_is_integer_client_format(format);
    if (cls == GL_RGBA && int_format != is_integer_surface(s)) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    unsigned char *dst = pixels;
    if (ctx->pixel_pack_buffer) {
        mem_buffer *m = ctx->pixel_pack_buffer->mem;
        size_t off = (size_t)(uintptr_t)pixels;
        if (mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, extent) ||
            !gl_pbo_offset_aligned(type, off)) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        dst = (unsigned char *)mem_buffer_data(m) + off;
    }
    if (!dst || width == 0 || height == 0)
        return;
    gl_draw_flush(ctx);
    if (int_format) {
        size_t ni;
        if (!mem_size_mul((size_t)width * (size_t)height, 4 * sizeof(int64_t), &ni)) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        int64_t *iv = malloc(ni);
        if (!iv) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return;
        }
        for (int j = 0; j < height; j++)
            for (int i = 0; i < width; i++) {
                int64_t *o = iv + ((size_t)j * (size_t)width + (size_t)i) * 4;
                long long sx = (long long)x + i, sy = (long long)y + j;
                if (sx < 0 || sy < 0 || sx >= s->width || sy >= s->height) {
                    o[0] = o[1] = o[2] = o[3] = 0;
                    continue;
                }
                const unsigned char *p = (const unsigned char *)s->data + s->stride * (size_t)sy +
                                         (size_t)sx * 16;
                for (int c = 0; c < 4; c++) {
                    uint32_t w;
                    memcpy(&w, p + c * 4, 4);
                    o[c] = s->format == TEX_FMT_RGBA32I ? (int64_t)(int32_t)w : (int64_t)w;
                }
            }
        GLenum e = tex_pixels_pack_int(format, type, width, height, iv, dst, &ctx->pack);
        if (e != GL_NO_ERROR)
            gl_error(ctx, e);
        free(iv);
        return;
    }

    /* fast path: single-sampled RGBA8 to RGBA/UNSIGNED_BYTE, rows inside
     * the surface */
    const tex_pixel_store *ps = &ctx->pack;
    if (format == GL_RGBA && type == GL_UNSIGNED_BYTE && s->format == TEX_FMT_RGBA8 &&
        s->samples <= 1 && read_color_base(ctx) == GL_RGBA && x >= 0 && y >= 0 && (long long)x + width <= s->width &&
        (long long)y + height <= s->height && !ps->swap_bytes &&
        ps->skip_pixels == 0 && ps->skip_rows == 0 && (ps->row_length == 0 || ps->row_length == width)) {
        size_t row = (size_t)width * 4;
        size_t pitch = (row + (size_t)ps->alignment - 1) / (size_t)ps->alignment * (size_t)ps->alignment;
        for (int j = 0; j < height; j++)
            memcpy(dst + pitch * (size_t)j,
                   (const unsigned char *)s->data + s->stride * (size_t)(y + j) + (size_t)x * 4, row);
        return;
    }

    float *rgba = gl_rgba_image_alloc(ctx, width, height);
    if (!rgba)
        return;
    if (gl_fbo_read_float(ctx, cls, x, y, width, height, rgba)) {
        if (cls == GL_RGBA && read_clamped(ctx))
            for (size_t i = 0; i < (size_t)width * (size_t)height * 4; i++)
                rgba[i] = gl_clampf(rgba[i], 0, 1);
        /* luminance from a fixed-point colour buffer: L = R + G + B is
         * clamped to [0, 1] too, whatever the type (as Mesa's read colour
         * clamping, GL 3.0 section 4.3.2) */
        if ((format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA) &&
            gl_fbo_read_color_format(ctx) == TEX_FMT_RGBA8)
            for (size_t i = 0; i < (size_t)width * (size_t)height; i++) {
                float *c = rgba + i * 4;
                c[0] = gl_clampf(c[0] + c[1] + c[2], 0, 1);
                c[1] = c[2] = 0.0f;
            }
        GLenum e = tex_pixels_pack(format, type, width, height, rgba, dst, ps);
        if (e != GL_NO_ERROR)
            gl_error(ctx, e);
    }
    free(rgba);
}

/* ---- glBlitFramebuffer (EXT_framebuffer_blit) ------------------------------------------------- */

static void write_texel(const rast_surface *s, int x, int y, const float v[4], uint8_t mask)
{
    unsigned char *row = (unsigned char *)s->data + s->stride * (size_t)y;
    switch (s->format) {
    case TEX_FMT_RGBA32I:
    case TEX_FMT_RGBA32UI:
        break; /* integer blits copy words (blit_plane) */
    case TEX_FMT_RGBA8:
        for (int c = 0; c < 4; c++)
            if (mask & (1u << c))
                row[x * 4 + c] = (unsigned char)lrintf(gl_clampf(v[c], 0, 1) * 255.0f);
        break;
    case TEX_FMT_RGBA32F:
        for (int c = 0; c < 4; c++)
            if (mask & (1u << c))
                memcpy(row + (size_t)x * 16 + (size_t)c * 4, &v[c], 4);
        break;
    case TEX_FMT_DEPTH32F:
        memcpy(row + (size_t)x * 4, &v[0], 4);
        break;
    case TEX_FMT_S8:
        row[x] = (unsigned char)((int)v[0] & mask);
        break;
    default:
        break;
    }
}

/* The texel column (row) of the whole coordinate f in a surface of size n,
 * clamped to the edge (done on the float: f may be far outside int, or
 * NaN, which reads the first texel). */
static int clamp_texel(float f, int n)
{
    return !(f > 0) ? 0 : f >= (float)n ? n - 1 : (int)f;
}

/* Samples src at the continuous position (u, v) with the filter. */
static void blit_sample(const rast_surface *s, float u, float v, GLenum filter, float out[4])
{
    if (filter == GL_LINEAR) {
        float fx = u - 0.5f, fy = v - 0.5f;
        float x0 = floorf(fx), y0 = floorf(fy);
        float ax = fx - x0, ay = fy - y0;
        float t[4][4];
        for (int k = 0; k < 4; k++)
            surface_texel(s, clamp_texel(x0 + (float)(k & 1), s->width),
                          clamp_texel(y0 + (float)(k >> 1), s->height), t[k]);
        for (int c = 0; c < 4; c++)
            out[c] = (t[0][c] * (1 - ax) + t[1][c] * ax) * (1 - ay) +
                     (t[2][c] * (1 - ax) + t[3][c] * ax) * ay;
        return;
    }
    surface_texel(s, clamp_texel(floorf(u), s->width), clamp_texel(floorf(v), s->height), out);
}

/* One sample plane of a multisample surface as a single-sampled one. */
static rast_surface sample_plane(const rast_surface *s, int k)
{
    rast_surface p = *s;
    p.data = (unsigned char *)s->data + (size_t)k * s->sample_stride;
    p.samples = 0;
    return p;
}

/* Pixel (x, y) of a multisample destination from texel (sx, sy) of the
 * source (the rectangles have equal sizes, so there is no filtering):
 * ARB_framebuffer_object 4.3.2 (BlitFramebuffer) copies the samples of a
 * source with as many samples unmodified and replicates a single-sampled
 * source's value into every destination sample. */
static void blit_samples(const rast_surface *src, const rast_surface *dst, int sx, int sy, int x,
                         int y, uint8_t mask)
{
    for (int k = 0; k < dst->samples; k++) {
        rast_surface sp = sample_plane(src, src->samples > 1 ? k : 0);
        rast_surface dp = sample_plane(dst, k);
        if (is_integer_surface(src)) {
            memcpy((unsigned char *)dp.data + dp.stride * (size_t)y + (size_t)x * 16,
                   (const unsigned char *)sp.data + sp.stride * (size_t)sy + (size_t)sx * 16, 16);
            continue;
        }
        float t[4];
        surface_texel1(&sp, sp.data, sx, sy, t);
        write_texel(&dp, x, y, t, mask);
    }
}

static void blit_plane(gl_context *ctx, const rast_surface *src, const rast_surface *dst, int sx0,
                       int sy0, int sx1, int sy1, int dx0, int dy0, int dx1, int dy1, GLenum filter,
                       uint8_t mask, int dw, int dh)
{
    if (!src || !dst || !src->data || !dst->data)
        return;
    /* the destination rectangle clipped to the buffer and the scissor, in
     * 64 bits: GLint corners and x + width may lie anywhere */
    long long xmin = dx0 < dx1 ? dx0 : dx1, xmax = dx0 < dx1 ? dx1 : dx0;
    long long ymin = dy0 < dy1 ? dy0 : dy1, ymax = dy0 < dy1 ? dy1 : dy0;
    if (xmin < 0)
        xmin = 0;
    if (ymin < 0)
        ymin = 0;
    if (xmax > dw)
        xmax = dw;
    if (ymax > dh)
        ymax = dh;
    if (ctx->scissor_test) {
        long long s0 = ctx->scissor[0], s1 = ctx->scissor[1];
        if (xmin < s0)
            xmin = s0;
        if (ymin < s1)
            ymin = s1;
        if (xmax > s0 + ctx->scissor[2])
            xmax = s0 + ctx->scissor[2];
        if (ymax > s1 + ctx->scissor[3])
            ymax = s1 + ctx->scissor[3];
    }
    float scx = (float)((long long)sx1 - sx0) / (float)((long long)dx1 - dx0);
    float scy = (float)((long long)sy1 - sy0) / (float)((long long)dy1 - dy0);
    for (int y = (int)ymin; y < ymax; y++)
        for (int x = (int)xmin; x < xmax; x++) {
            float u = sx0 + (x + 0.5f - dx0) * scx, v = sy0 + (y + 0.5f - dy0) * scy;
            /* only pixels whose source lies in the source rectangle are written */
            if (u < fminf(sx0, sx1) || u >= fmaxf(sx0, sx1) || v < fminf(sy0, sy1) || v >= fmaxf(sy0, sy1))
                continue;
            if (u < 0 || v < 0 || u >= src->width || v >= src->height)
                continue; /* outside the read buffer: undefined, left alone */
            if (dst->samples > 1) {
                blit_samples(src, dst, (int)floorf(u), (int)floorf(v), x, y, mask);
                continue;
            }
            if (is_integer_surface(src)) {
                /* EXT_texture_integer: integer words are copied, never
                 * converted (NEAREST only; a multisample source gives sample 0) */
                int xi = (int)floorf(u), yi = (int)floorf(v);
                memcpy((unsigned char *)dst->data + dst->stride * (size_t)y + (size_t)x * 16,
                       (const unsigned char *)src->data + src->stride * (size_t)yi + (size_t)xi * 16, 16);
                continue;
            }
            float t[4];
            blit_sample(src, u, v, filter, t);
            write_texel(dst, x, y, t, mask);
        }
}

GLAPI_EXPORT void APIENTRY glBlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1,
                                             GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
                                             GLbitfield mask, GLenum filter)
{
    GL_CTX();
    GL_DLIST_SAVE(glBlitFramebuffer, (ctx, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1, dstY1,
                  mask, filter));
    GL_OUTSIDE_BEGIN(ctx, );
    if (mask & ~(GLbitfield)(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (filter != GL_NEAREST && filter != GL_LINEAR) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (gl_render_discarded(ctx))
        return;
    const rast_framebuffer *dfb = gl_fbo_draw_target(ctx);
    if (!dfb)
        return;
    if (gl_fbo_status(ctx, ctx->read_fb) != GL_FRAMEBUFFER_COMPLETE) {
        gl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
        return;
    }
    rast_surface tmp;
    const rast_surface *src;
    if ((mask & GL_COLOR_BUFFER_BIT) && ctx->read_fb->read_buffer != GL_NONE &&
        (src = read_surface(ctx, GL_RGBA, &tmp)) != NULL) {
        /* ARB_framebuffer_object 4.3.3: float to fixed-point or back is
         * INVALID_OPERATION; EXT_texture_integer: integer to non-integer
         * or back too, and integer with LINEAR */
        bool float_src = src->format == TEX_FMT_RGBA32F;
        bool int_src = is_integer_surface(src);
        if (int_src && filter == GL_LINEAR) {
            gl_error(ctx, GL_INVALID_OPERATION);
            return;
        }
        for (int i = 0; i < RAST_MAX_DRAW_BUFFERS; i++)
            if (dfb->color[i].data && ((dfb->color[i].format == TEX_FMT_RGBA32F) != float_src ||
                                       is_integer_surface(&dfb->color[i]) != int_src ||
                                       (int_src && dfb->color[i].format != src->format))) {
                gl_error(ctx, GL_INVALID_OPERATION);
                return;
            }
    }
    /* ARB_framebuffer_object 4.3.2 (as GL 3.0, relaxing
     * EXT_framebuffer_multisample): a multisample source is resolved into
     * a single-sampled destination, a single-sampled source replicated
     * into every sample of a multisample one, and samples are copied
     * unmodified between framebuffers of equal SAMPLES (a different count
     * is INVALID_OPERATION); whenever either is multisample, the source
     * and destination rectangles must have the same size. */
    int rs = fb_samples(ctx, ctx->read_fb, true), ds = fb_samples(ctx, ctx->draw_fb, false);
    if (rs > 0 && ds > 0 && rs != ds) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if ((rs > 0 || ds > 0) && (llabs((long long)srcX1 - srcX0) != llabs((long long)dstX1 - dstX0) ||
                               llabs((long long)srcY1 - srcY0) != llabs((long long)dstY1 - dstY0))) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    if (srcX0 == srcX1 || srcY0 == srcY1 || dstX0 == dstX1 || dstY0 == dstY1)
        return;
    gl_resource_will_change(ctx, GL_RES_SURFACE);
    /* Blits are affected by the scissor test only, not by masks or other
     * per-fragment operations (EXT_framebuffer_blit section 4.3.2).  A
     * buffer the read framebuffer lacks is not copied. */
    if ((mask & GL_COLOR_BUFFER_BIT) && ctx->read_fb->read_buffer != GL_NONE) {
        src = read_surface(ctx, GL_RGBA, &tmp);
        for (int i = 0; src && i < RAST_MAX_DRAW_BUFFERS; i++)
            blit_plane(ctx, src, &dfb->color[i], srcX0, srcY0, srcX1, srcY1, dstX0, dstY0,
                       dstX1, dstY1, filter, 0xf, dfb->width, dfb->height);
    }
    if (mask & GL_DEPTH_BUFFER_BIT) {
        src = read_surface(ctx, GL_DEPTH_COMPONENT, &tmp);
        if (src && dfb->depth.data)
            blit_plane(ctx, src, &dfb->depth, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1,
                       dstY1, GL_NEAREST, 0xff, dfb->width, dfb->height);
    }
    if (mask & GL_STENCIL_BUFFER_BIT) {
        src = read_surface(ctx, GL_STENCIL_INDEX, &tmp);
        if (src && dfb->stencil.data)
            blit_plane(ctx, src, &dfb->stencil, srcX0, srcY0, srcX1, srcY1, dstX0, dstY0, dstX1,
                       dstY1, GL_NEAREST, 0xff, dfb->width, dfb->height);
    }
}
GL_ALIAS(void, glBlitFramebufferEXT, glBlitFramebuffer,
         (GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0,
          GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter))

/* ---- multisample state (ARB_texture_multisample, NV_explicit_multisample) -------- */

/* Sample positions: the rasterizer's table (rast_sample_positions; rast.h
 * "Multisampling" documents it), in 1/16 pixel from the centre with y up, so
 * SAMPLE_POSITION reports exactly where the rasterizer samples:
 *   1: (0.5, 0.5)
 *   2: (0.75, 0.75) (0.25, 0.25)
 *   4: (0.375, 0.125) (0.875, 0.375) (0.125, 0.625) (0.625, 0.875)
 *   8: (0.5625, 0.3125) (0.4375, 0.6875) (0.8125, 0.5625) (0.3125, 0.1875)
 *      (0.1875, 0.8125) (0.0625, 0.4375) (0.6875, 0.9375) (0.9375, 0.0625)
 * from the pixel's lower-left corner: Direct3D's standard patterns (Vulkan's
 * standard locations) with their y read upwards (D3D's pattern mirrored
 * top to bottom). */

/* SAMPLE_POSITION of sample index of the draw framebuffer; INVALID_ENUM for
 * another pname, bad_index for index >= SAMPLES. */
static void get_multisample(GLenum pname, GLuint index, GLfloat *val, GLenum bad_index)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (pname != GL_SAMPLE_POSITION) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    int n = fb_samples(ctx, ctx->draw_fb, false);
    if (index >= (GLuint)n) {
        gl_error(ctx, bad_index);
        return;
    }
    int npos;
    const int8_t(*pos)[2] = rast_sample_positions(n, &npos);
    if (val && index < (GLuint)npos) {
        val[0] = 0.5f + pos[index][0] / 16.0f;
        val[1] = 0.5f + pos[index][1] / 16.0f;
    }
}

/* GetMultisamplefv (ARB_texture_multisample section 6.1.x): INVALID_VALUE
 * for index >= SAMPLES. */
GLAPI_EXPORT void APIENTRY glGetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
    get_multisample(pname, index, val, GL_INVALID_VALUE);
}

/* GetMultisamplefvNV (NV_explicit_multisample 3.2.1): INVALID_OPERATION for
 * index >= SAMPLES. */
GLAPI_EXPORT void APIENTRY glGetMultisamplefvNV(GLenum pname, GLuint index, GLfloat *val)
{
    get_multisample(pname, index, val, GL_INVALID_OPERATION);
}

/* SampleMaski: word maskNumber of SAMPLE_MASK_VALUE (INVALID_VALUE for
 * maskNumber >= MAX_SAMPLE_MASK_WORDS = 1); with SAMPLE_MASK enabled it ANDs
 * the coverage of multisample rasterization (rast_state.sample_mask_value). */
static void sample_mask(GLuint maskNumber, GLbitfield mask, GLenum bad_index_error)
{
    GL_CTX();
    GL_OUTSIDE_BEGIN(ctx, );
    if (maskNumber >= 1) {
        gl_error(ctx, bad_index_error);
        return;
    }
    ctx->sample_mask_value = mask;
}

GLAPI_EXPORT void APIENTRY glSampleMaski(GLuint maskNumber, GLbitfield mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glSampleMaski, (ctx, maskNumber, mask));
    sample_mask(maskNumber, mask, GL_INVALID_VALUE);
}

/* NV_explicit_multisample section 4.1.3 makes a bad index INVALID_OPERATION
 * (its Errors section says INVALID_VALUE; asmgl follows 4.1.3, as
 * FEATURES.md's API.SampleMaskIndexedNV does). */
GLAPI_EXPORT void APIENTRY glSampleMaskIndexedNV(GLuint index, GLbitfield mask)
{
    GL_CTX();
    GL_DLIST_SAVE(glSampleMaskIndexedNV, (ctx, index, mask));
    sample_mask(index, mask, GL_INVALID_OPERATION);
}
