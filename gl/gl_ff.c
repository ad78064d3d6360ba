/*
 * gl_ff.c - fixed-function stages as generated programs (API thread).
 *
 * At a draw with no program enabled for a stage, the GL state is reduced to
 * a gl_ff_vertex_key / gl_ff_fragment_key (gl_ffgen.h), looked up in a small
 * per-context cache, and on a miss the text from gl_ffgen is compiled like an
 * application program (position invariance included, gl_program.c).  Each
 * cache entry is a gl_program_obj so its parameter table is resolved and
 * cached exactly as for application programs.
 */
#include "gl_ffgen.h"
#include "gl_priv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { FF_CACHE_MAX = 128 };

struct gl_ff_cache_entry {
    gl_ff_cache_entry *next;
    int stage;                 /* GLC_VP / GLC_FP */
    uint32_t hash;
    union {
        gl_ff_vertex_key vk;
        gl_ff_fragment_key fk;
    } key;
    gl_program_obj obj;
};

void gl_ff_free(gl_context *ctx)
{
    gl_ff_cache_entry *e = ctx->ff_cache;
    while (e) {
        gl_ff_cache_entry *n = e->next;
        gl_program_obj_release(&e->obj);
        free(e);
        e = n;
    }
    ctx->ff_cache = NULL;
}

/* ---- keys --------------------------------------------------------------------- */

static bool is_identity(const float m[16])
{
    for (int i = 0; i < 16; i++)
        if (m[i] != ((i % 5) == 0 ? 1.0f : 0.0f))
            return false;
    return true;
}

/* Whether the generated vertex program computes the point size (GL 2.1
 * section 3.4): distance attenuation other than (1, 0, 0), or a point
 * size that POINT_SIZE_MIN / POINT_SIZE_MAX clamp (the derived size is
 * clamped to them even without attenuation). */
static bool ff_derived_point_size(const gl_context *ctx)
{
    return ctx->point_atten[0] != 1.0f || ctx->point_atten[1] != 0.0f || ctx->point_atten[2] != 0.0f ||
           !(ctx->point_size >= ctx->point_min && ctx->point_size <= ctx->point_max);
}

static void build_vertex_key(gl_context *ctx, uint32_t fs_inputs, gl_ff_vertex_key *k)
{
    memset(k, 0, sizeof *k);
    k->fs_inputs = fs_inputs & GL_FF_IN_ALL;
    if (ctx->lighting) {
        k->lighting = 1;
        k->lights = (uint8_t)ctx->light_enabled;
        for (int i = 0; i < GLC_MAX_LIGHTS; i++) {
            const gl_light *l = &ctx->light[i];
            if (!(ctx->light_enabled & (1u << i)))
                continue;
            if (l->position[3] != 0.0f) {
                k->light_positional |= (uint8_t)(1u << i);
                if (l->position[3] != 1.0f)
                    k->light_homogeneous |= (uint8_t)(1u << i);
                if (l->attenuation[0] != 1.0f || l->attenuation[1] != 0.0f ||
                    l->attenuation[2] != 0.0f)
                    k->light_attenuated |= (uint8_t)(1u << i);
            }
            if (l->spot_cutoff != 180.0f)
                k->light_spot |= (uint8_t)(1u << i);
        }
        k->two_side = ctx->light_model_two_side;
        k->local_viewer = ctx->light_model_local_viewer;
        k->separate_specular = ctx->light_model_color_control == GL_SEPARATE_SPECULAR_COLOR;
        if (ctx->color_material)
            k->color_material =
                gl_ff_color_material_from_gl(ctx->color_material_face, ctx->color_material_mode);
        k->normalize = ctx->normalize;
        k->rescale_normal = ctx->rescale_normal;
    }
    k->fog_source = gl_ff_fog_source_from_gl(ctx->fog_coord_src, 0);
    k->clip_planes = (uint8_t)ctx->clip_enabled;
    k->point_size = ff_derived_point_size(ctx);
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++) {
        if (!is_identity(gl_matrix_top(ctx, GLC_STACK_TEXTURE0 + u)))
            k->texmat |= (uint8_t)(1u << u);
        for (int c = 0; c < 4; c++)
            if (ctx->texgen_enabled[u] & (1u << c))
                k->texgen[u][c] = gl_ff_texgen_from_gl(ctx->texgen[u][c].mode);
    }
    gl_ff_vertex_key_canonicalize(k);
}

/* The target fixed-function texturing uses on unit u (GL 2.1 section 3.8.15:
 * cube map, then 3D, then 2D, then 1D; ARB_texture_rectangle ranks the
 * rectangle target between 3D and 2D). */
static int ff_unit_target(gl_context *ctx, int u)
{
    uint8_t en = ctx->tex_enabled[u];
    if (en & (1u << GLC_TEX_CUBE))
        return GLC_TEX_CUBE;
    if (en & (1u << GLC_TEX_3D))
        return GLC_TEX_3D;
    if (en & (1u << GLC_TEX_RECT))
        return GLC_TEX_RECT;
    if (en & (1u << GLC_TEX_2D))
        return GLC_TEX_2D;
    if (en & (1u << GLC_TEX_1D))
        return GLC_TEX_1D;
    return -1;
}

static void build_combine(const gl_texenv *e, bool alpha, gl_ff_combine *c)
{
    c->mode = gl_ff_combine_mode_from_gl(alpha ? e->combine_alpha : e->combine_rgb);
    c->shift = gl_ff_combine_shift_from_scale(alpha ? e->alpha_scale : e->rgb_scale);
    for (int i = 0; i < 3; i++) {
        c->src[i] = gl_ff_combine_src_from_gl(alpha ? e->source_alpha[i] : e->source_rgb[i]);
        c->op[i] = gl_ff_combine_operand_from_gl(alpha ? e->operand_alpha[i] : e->operand_rgb[i]);
    }
}

static void build_fragment_key(gl_context *ctx, int num_draw_buffers, gl_ff_fragment_key *k)
{
    static const uint8_t ff_target[GLC_TEX_TARGETS] = {GL_FF_TEX_1D, GL_FF_TEX_2D, GL_FF_TEX_3D,
                                                       GL_FF_TEX_CUBE, GL_FF_TEX_RECT};
    memset(k, 0, sizeof *k);
    for (int u = 0; u < GLC_MAX_TEXTURE_UNITS; u++) {
        int t = ff_unit_target(ctx, u);
        if (t < 0)
            continue;
        const tex_object *tex = ctx->bound_tex[u][t]->tex;
        /* GL 2.1 section 3.8.10: an incomplete texture (with the unit's
         * sampler object's filters, ARB_sampler_objects) is as if texturing
         * were disabled on the unit */
        const tex_sampler *so = gl_sampler_for_unit(ctx, u);
        if (!tex_object_complete_with(tex, so ? so : &tex->sampler))
            continue;
        gl_ff_tex_unit *fu = &k->unit[u];
        fu->target = ff_target[t];
        int base = tex->sampler.base_level;
        if (base < 0 || base >= TEX_MAX_LEVELS)
            base = 0;
        const tex_image *img = &tex->image[0][base];
        GLenum bf = img->base_format ? img->base_format : GL_RGBA;
        fu->format = gl_ff_format_from_gl(bf, tex->sampler.depth_mode);
        if (fu->format == GL_FF_INVALID)
            fu->format = GL_FF_FMT_RGBA;
        fu->shadow = bf == GL_DEPTH_COMPONENT && tex->sampler.compare_mode == GL_COMPARE_R_TO_TEXTURE &&
                     (t == GLC_TEX_1D || t == GLC_TEX_2D || t == GLC_TEX_RECT);
        const gl_texenv *e = &ctx->texenv[u];
        fu->env_mode = gl_ff_env_mode_from_gl(e->mode);
        if (fu->env_mode == GL_FF_INVALID)
            fu->env_mode = GL_FF_ENV_MODULATE;
        if (fu->env_mode == GL_FF_ENV_COMBINE) {
            build_combine(e, false, &fu->rgb);
            build_combine(e, true, &fu->alpha);
        }
    }
    k->color_sum = ctx->lighting ? ctx->light_model_color_control == GL_SEPARATE_SPECULAR_COLOR
                                 : ctx->color_sum;
    k->fog_mode = ctx->fog ? gl_ff_fog_mode_from_gl(ctx->fog_mode) : GL_FF_FOG_NONE;
    if (k->fog_mode == GL_FF_INVALID)
        k->fog_mode = GL_FF_FOG_NONE;
    k->num_draw_buffers = (uint8_t)(num_draw_buffers > 1 ? num_draw_buffers : 0);
    gl_ff_fragment_key_canonicalize(k);
}

/* ---- cache ------------------------------------------------------------------------ */

/* Finds the entry for a key (moving it to the front), or NULL. */
static gl_ff_cache_entry *cache_find(gl_context *ctx, int stage, uint32_t hash, const void *key,
                                     size_t key_size)
{
    gl_ff_cache_entry **pp = &ctx->ff_cache;
    for (gl_ff_cache_entry *e = *pp; e; pp = &e->next, e = e->next) {
        if (e->stage != stage || e->hash != hash || memcmp(&e->key, key, key_size) != 0)
            continue;
        *pp = e->next;
        e->next = ctx->ff_cache;
        ctx->ff_cache = e;
        return e;
    }
    return NULL;
}

/* Drops the least recently used entries beyond FF_CACHE_MAX; queued draws may
 * still run their code, so flush first. */
static void cache_trim(gl_context *ctx)
{
    int n = 0;
    gl_ff_cache_entry *e = ctx->ff_cache, *prev = NULL;
    while (e && n < FF_CACHE_MAX) {
        prev = e;
        e = e->next;
        n++;
    }
    if (!e || !prev)
        return;
    gl_resource_will_change(ctx, GL_RES_PROGRAM);
    prev->next = NULL;
    while (e) {
        gl_ff_cache_entry *nx = e->next;
        gl_program_obj_release(&e->obj);
        free(e);
        e = nx;
    }
}

static gl_program_obj *cache_insert(gl_context *ctx, int stage, uint32_t hash, const void *key,
                                    size_t key_size, size_t (*gen)(const void *, char *, size_t))
{
    size_t n = gen(key, NULL, 0);
    char *text = malloc(n + 1);
    gl_ff_cache_entry *e = calloc(1, sizeof *e);
    if (!text || !e) {
        free(text);
        free(e);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    gen(key, text, n + 1);
    /* ASMGL_DUMP_FF=1 prints every generated program (debugging aid) */
    const char *dump = getenv("ASMGL_DUMP_FF");
    if (dump && *dump && *dump != '0')
        fprintf(stderr, "asmgl: generated %s program:\n%s\n", stage == GLC_VP ? "vertex" : "fragment",
                text);
    gp_error err;
    gp_program *p = gl_program_compile(ctx, text, n, stage, &err, NULL);
    if (!p && err.out_of_memory) { /* no generator bug: GL 2.1 section 2.5 */
        free(text);
        free(e);
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    if (!p) {
        /* a generator bug: report it where a developer will look */
        fprintf(stderr, "asmgl: generated %s program failed to compile: line %d, column %d: %s\n%s\n",
                stage == GLC_VP ? "vertex" : "fragment", err.line, err.col, err.msg, text);
        free(text);
        free(e);
        gl_error(ctx, GL_INVALID_OPERATION);
        return NULL;
    }
    e->stage = stage;
    e->hash = hash;
    memcpy(&e->key, key, key_size);
    e->obj.target = stage == GLC_VP ? GL_VERTEX_PROGRAM_ARB : GL_FRAGMENT_PROGRAM_ARB;
    e->obj.prog = p;
    e->obj.string = text;
    e->obj.length = (GLint)n;
    e->next = ctx->ff_cache;
    ctx->ff_cache = e;
    cache_trim(ctx);
    return &e->obj;
}

static size_t gen_vertex(const void *k, char *buf, size_t size)
{
    return gl_ff_vertex_program(k, buf, size);
}

static size_t gen_fragment(const void *k, char *buf, size_t size)
{
    return gl_ff_fragment_program(k, buf, size);
}

gl_program_obj *gl_ff_fragment_program_obj(gl_context *ctx, int num_draw_buffers,
                                           uint32_t *inputs)
{
    gl_ff_fragment_key k;
    build_fragment_key(ctx, num_draw_buffers, &k);
    *inputs = gl_ff_fragment_key_inputs(&k);
    uint32_t h = gl_ff_fragment_key_hash(&k);
    gl_ff_cache_entry *e = cache_find(ctx, GLC_FP, h, &k, sizeof k);
    if (e)
        return &e->obj;
    return cache_insert(ctx, GLC_FP, h, &k, sizeof k, gen_fragment);
}

gl_program_obj *gl_ff_vertex_program_obj(gl_context *ctx, uint32_t fs_inputs)
{
    gl_ff_vertex_key k;
    build_vertex_key(ctx, fs_inputs, &k);
    uint32_t h = gl_ff_vertex_key_hash(&k);
    gl_ff_cache_entry *e = cache_find(ctx, GLC_VP, h, &k, sizeof k);
    if (e)
        return &e->obj;
    return cache_insert(ctx, GLC_VP, h, &k, sizeof k, gen_vertex);
}

/* What the draw must do for a generated vertex program (gl_ffgen.h). */
void gl_ff_vertex_rast_state(gl_context *ctx, rast_state *rs)
{
    rs->clip_planes = ctx->clip_enabled;
    rs->two_side = ctx->lighting && ctx->light_model_two_side;
    rs->program_point_size = ff_derived_point_size(ctx);
}
