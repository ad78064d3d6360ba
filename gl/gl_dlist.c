/*
 * gl_dlist.c - display lists (GL 2.1 section 5.4; API thread of each
 * context, the list namespace shared between contexts under a lock).
 *
 * A list is a chain of blocks holding records: an 8-byte header (opcode,
 * size) and the command's copied arguments, then any client data the
 * command pointed to.  The opcodes are the rows of gl_dlist.def plus DRAW,
 * the vertices an array draw fetched at compile time:
 *
 *     block: | next | used | cap | record | record | ... |
 *     record: | op:16 | pad:16 | size:32 | arguments | data (8-aligned) |
 *
 * Recording: gl_dlist_save_<name> (called by each entry point's hook while
 * ctx->dl_record is set) appends one record; under COMPILE_AND_EXECUTE the
 * records just appended then run.  Running a list replays its records by
 * calling the entry points with ctx->dl_record clear, so every recorded
 * command validates, and raises its errors, when the list executes.
 *
 * Names: one gl_name_table per namespace, list name -> dl_list (or
 * GL_NAME_RESERVED for the empty lists GenLists makes).  Contexts sharing
 * objects share the namespace (gl_dlist_share); a list that runs holds a
 * reference, so another context may delete or redefine it meanwhile.
 */
#include "gl_priv.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum {
    DL_MAX_NESTING = 64,     /* MAX_LIST_NESTING (GL 2.1 Table 6.45 minimum) */
    DL_BLOCK_BYTES = 8192,   /* a list grows by blocks of this size (or one record) */
    DL_PAD_BYTES = 64        /* a pointer argument's data is padded to at least this */
};

/* ---- records ------------------------------------------------------------------ */

typedef struct dl_hdr {
    uint16_t op;
    uint16_t pad;
    uint32_t size;           /* bytes of the record, header included, a multiple of 8 */
} dl_hdr;

#define DL_ROUND8(n) (((n) + 7u) & ~(size_t)7u)
/* The data after a record's arguments. */
#define DL_DATA(s) ((unsigned char *)(s) + DL_ROUND8(sizeof *(s)))

enum {
    DL_OP_NONE,
#define DL_S(name, n, types) DL_OP_##name,
#define DL_X(name, n, types) DL_OP_##name,
#define DL_V(name, n, types, PT, ET, count_, imm_) DL_OP_##name,
#define DL_I(name, n, types, PT, fmt_, type_, w_, h_, d_, three_d_, imm_) DL_OP_##name,
#include "gl_dlist.def"
#undef DL_S
#undef DL_X
#undef DL_V
#undef DL_I
    DL_OP_DRAW,
    DL_OP_PRIORITIZE,
    DL_OP_COUNT
};

/* Argument records: the scalars; V and I add whether the pointer was NULL,
 * I the pixel store state the image is unpacked with and whether reading it
 * failed (pixel unpack buffer too small or mapped: INVALID_OPERATION). */
#define DL_S(name, n, types) typedef struct { dl_hdr h; DL_FIELDS_##n types } dl_a_##name;
#define DL_X(name, n, types) typedef struct { dl_hdr h; DL_FIELDS_##n types } dl_a_##name;
#define DL_V(name, n, types, PT, ET, count_, imm_) \
    typedef struct { dl_hdr h; DL_FIELDS_##n types bool null; } dl_a_##name;
#define DL_I(name, n, types, PT, fmt_, type_, w_, h_, d_, three_d_, imm_)                      \
    typedef struct {                                                                        \
        dl_hdr h;                                                                           \
        DL_FIELDS_##n types bool null, bad;                                                 \
        tex_pixel_store ps;                                                                 \
    } dl_a_##name;
#include "gl_dlist.def"
#undef DL_S
#undef DL_X
#undef DL_V
#undef DL_I

/* DRAW: count vertices of mode, the slots in mask (bit per attribute slot)
 * as 4 floats each, slot by slot in increasing slot order. */
typedef struct dl_draw {
    dl_hdr h;
    GLenum mode;
    GLint count;
    uint32_t mask;
} dl_draw;

/* PRIORITIZE: PrioritizeTextures' n names, then n priorities (each array
 * NULL when the command got NULL). */
typedef struct dl_prioritize {
    dl_hdr h;
    GLsizei n;
    bool null_textures, null_priorities;
} dl_prioritize;

/* ---- lists and namespaces -------------------------------------------------------- */

typedef struct dl_block {
    struct dl_block *next;
    size_t used, cap;
    uint64_t data[];
} dl_block;

typedef struct dl_list {
    atomic_int refs;          /* the namespace's, plus one per running CallList */
    dl_block *head, *tail;
} dl_list;

typedef struct dl_space {
    atomic_int refs;          /* contexts using it */
    pthread_mutex_t lock;
    gl_name_table names;      /* dl_list *, or GL_NAME_RESERVED (empty list) */
} dl_space;

struct gl_dlist_ctx {
    dl_space *space;
    dl_list *compiling;       /* the list NewList began; NULL when none */
    GLuint index;             /* LIST_INDEX */
    GLenum mode;              /* LIST_MODE */
    int depth;                /* CallList nesting of the lists running */
    int nest;                 /* > 0: appending the records of one command (no run yet) */
    float (*capture)[4];      /* recording an array draw: the fetched element */
};

typedef struct gl_dlist_ctx gl_dlist_ctx;

static void list_unref(dl_list *l)
{
    if (!l || l == GL_NAME_RESERVED || atomic_fetch_sub(&l->refs, 1) != 1)
        return;
    for (dl_block *b = l->head, *n; b; b = n) {
        n = b->next;
        free(b);
    }
    free(l);
}

static void free_entry(GLuint name, void *value, void *user)
{
    (void)name;
    (void)user;
    list_unref(value);
}

static void space_unref(dl_space *s)
{
    if (!s || atomic_fetch_sub(&s->refs, 1) != 1)
        return;
    gl_names_foreach(&s->names, free_entry, NULL);
    gl_names_free(&s->names);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

bool gl_dlist_init(gl_context *ctx)
{
    gl_dlist_ctx *d = calloc(1, sizeof *d);
    dl_space *s = calloc(1, sizeof *s);
    if (!d || !s || pthread_mutex_init(&s->lock, NULL) != 0) {
        free(d);
        free(s);
        return false;
    }
    atomic_init(&s->refs, 1);
    d->space = s;
    ctx->dlist = d;
    return true;
}

bool gl_dlist_share(gl_context *ctx, gl_context *share)
{
    if (!ctx->dlist || !share || !share->dlist)
        return false;
    dl_space *s = share->dlist->space;
    atomic_fetch_add(&s->refs, 1);
    space_unref(ctx->dlist->space);
    ctx->dlist->space = s;
    return true;
}

void gl_dlist_free(gl_context *ctx)
{
    gl_dlist_ctx *d = ctx->dlist;
    if (!d)
        return;
    list_unref(d->compiling);
    space_unref(d->space);
    free(d);
    ctx->dlist = NULL;
    ctx->dl_record = false;
}

GLuint gl_dlist_index(gl_context *ctx)
{
    return ctx->dlist && ctx->dlist->compiling ? ctx->dlist->index : 0;
}

GLenum gl_dlist_mode(gl_context *ctx)
{
    return ctx->dlist && ctx->dlist->compiling ? ctx->dlist->mode : 0;
}

/* The list called name with a reference taken, or NULL (unused or empty). */
static dl_list *lookup_ref(dl_space *s, GLuint name)
{
    pthread_mutex_lock(&s->lock);
    dl_list *l = gl_names_lookup(&s->names, name);
    if (l == GL_NAME_RESERVED)
        l = NULL;
    if (l)
        atomic_fetch_add(&l->refs, 1);
    pthread_mutex_unlock(&s->lock);
    return l;
}

/* ---- recording --------------------------------------------------------------------- */

/* Where the next record goes: the records from a mark on are one command's. */
typedef struct dl_mark {
    dl_block *block;          /* NULL: the list's start */
    size_t used;
} dl_mark;

static dl_mark mark_now(gl_context *ctx)
{
    dl_list *l = ctx->dlist->compiling;
    return (dl_mark){l ? l->tail : NULL, l && l->tail ? l->tail->used : 0};
}

/* Appends a zeroed record of op with bytes of arguments and data; NULL with
 * OUT_OF_MEMORY recorded when the list cannot grow. */
static void *append(gl_context *ctx, int op, size_t bytes)
{
    dl_list *l = ctx->dlist->compiling;
    if (!l)
        return NULL;
    size_t size = DL_ROUND8(bytes);
    if (bytes > UINT32_MAX - 8) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return NULL;
    }
    dl_block *b = l->tail;
    if (!b || b->cap - b->used < size) {
        size_t cap = size > DL_BLOCK_BYTES ? size : DL_BLOCK_BYTES;
        b = malloc(sizeof *b + cap);
        if (!b) {
            gl_error(ctx, GL_OUT_OF_MEMORY);
            return NULL;
        }
        b->next = NULL;
        b->used = 0;
        b->cap = cap;
        if (l->tail)
            l->tail->next = b;
        else
            l->head = b;
        l->tail = b;
    }
    dl_hdr *h = (dl_hdr *)((unsigned char *)b->data + b->used);
    memset(h, 0, size);
    h->op = (uint16_t)op;
    h->size = (uint32_t)size;
    b->used += size;
    return h;
}

static void run_records(gl_context *ctx, const dl_block *b, size_t from);

/* Ends the recording of one command: under COMPILE_AND_EXECUTE its records
 * run now (section 5.4: "the commands are executed as they are compiled"). */
static void commit(gl_context *ctx, dl_mark m)
{
    gl_dlist_ctx *d = ctx->dlist;
    if (d->nest || !d->compiling || d->mode != GL_COMPILE_AND_EXECUTE)
        return;
    ctx->dl_record = false;
    if (m.block)
        run_records(ctx, m.block, m.used);
    else
        run_records(ctx, d->compiling->head, 0);
    ctx->dl_record = true;
}

/* Runs a command at once although a list is being compiled (section 5.4's
 * commands on proxy targets). */
#define DL_NOW(call)                  \
    do {                              \
        ctx->dl_record = false;       \
        call;                         \
        ctx->dl_record = true;        \
    } while (0)

/* Element counts of the pointer arguments (gl_dlist.def); parameters the
 * command does not take count 1, and the data is padded to DL_PAD_BYTES, so
 * a command that rejects them reads nothing out of bounds. */
static size_t dl_n_times(GLsizei n, size_t k)
{
    return n > 0 ? (size_t)n * k : 0;
}

static size_t dl_n_fog(GLenum pname)
{
    return pname == GL_FOG_COLOR ? 4 : 1;
}

static size_t dl_n_light(GLenum pname)
{
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_POSITION:
        return 4;
    case GL_SPOT_DIRECTION:
        return 3;
    default:
        return 1;
    }
}

static size_t dl_n_light_model(GLenum pname)
{
    return pname == GL_LIGHT_MODEL_AMBIENT ? 4 : 1;
}

static size_t dl_n_material(GLenum pname)
{
    switch (pname) {
    case GL_AMBIENT:
    case GL_DIFFUSE:
    case GL_SPECULAR:
    case GL_EMISSION:
    case GL_AMBIENT_AND_DIFFUSE:
        return 4;
    case GL_COLOR_INDEXES:
        return 3;
    default:
        return 1;
    }
}

static size_t dl_n_tex_env(GLenum pname)
{
    return pname == GL_TEXTURE_ENV_COLOR ? 4 : 1;
}

static size_t dl_n_tex_gen(GLenum pname)
{
    return pname == GL_OBJECT_PLANE || pname == GL_EYE_PLANE ? 4 : 1;
}

/* PixelMap's values: size of them when the size is valid (else none: the
 * command fails when the list runs) */
static size_t dl_n_pixel_map(GLsizei size)
{
    return size > 0 && size <= GLC_PIXEL_MAP_MAX ? (size_t)size : 0;
}

/* PixelMap with a pixel unpack buffer bound reads an offset into it: it
 * executes at once rather than be copied (ARB_pixel_buffer_object would
 * copy the buffer's values at compile time; asmgl does not) */
static bool dl_pbo_unpack(const gl_context *ctx)
{
    return ctx->pixel_unpack_buffer != NULL;
}

static size_t dl_n_tex_parameter(GLenum pname)
{
    return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
}

static size_t dl_n_point_parameter(GLenum pname)
{
    return pname == GL_POINT_DISTANCE_ATTENUATION ? 3 : 1;
}

/* Bytes per name of CallLists' types (GL 2.1 Table 5.7), 0 for others. */
static size_t call_lists_size(GLenum type)
{
    switch (type) {
    case GL_BYTE:
    case GL_UNSIGNED_BYTE:
        return 1;
    case GL_SHORT:
    case GL_UNSIGNED_SHORT:
    case GL_2_BYTES:
        return 2;
    case GL_3_BYTES:
        return 3;
    case GL_INT:
    case GL_UNSIGNED_INT:
    case GL_FLOAT:
    case GL_4_BYTES:
        return 4;
    default:
        return 0;
    }
}

static size_t dl_n_call_lists(GLsizei n, GLenum type)
{
    return dl_n_times(n, call_lists_size(type));
}

/* Section 5.4: TexImage* on a proxy target executes immediately. */
static bool dl_proxy(GLenum target)
{
    switch (target) {
    case GL_PROXY_TEXTURE_1D:
    case GL_PROXY_TEXTURE_2D:
    case GL_PROXY_TEXTURE_3D:
    case GL_PROXY_TEXTURE_CUBE_MAP:
    case GL_PROXY_TEXTURE_RECTANGLE_ARB:
    case GL_PROXY_TEXTURE_1D_ARRAY_EXT:
    case GL_PROXY_TEXTURE_2D_ARRAY_EXT:
        return true;
    default:
        return false;
    }
}

/* Bytes of a record of `head` bytes of arguments plus n elements of size
 * es (padded); false when that does not fit a record. */
static bool record_bytes(size_t head, size_t n, size_t es, size_t *out)
{
    size_t data;
    if (!mem_size_mul(n, es, &data))
        return false;
    if (data < DL_PAD_BYTES)
        data = DL_PAD_BYTES;
    return mem_size_add(DL_ROUND8(head), data, out) && *out <= UINT32_MAX - 8;
}

/* The client image a DL_I command points to: where to copy it from and how
 * many bytes (the extent the unpack state gives), or *null (nothing to read:
 * a NULL pointer, or a format/type the command will reject before reading),
 * or *bad (the pixel unpack buffer cannot supply it). */
static const void *image_source(gl_context *ctx, GLenum format, GLenum type, GLsizei w,
                                GLsizei h, GLsizei d, bool three_d, const void *ptr,
                                size_t *extent, bool *null, bool *bad)
{
    *extent = 0;
    *null = *bad = false;
    size_t e = 0;
    if (w > 0 && h > 0 && d > 0) {
        GLenum err = GL_NO_ERROR;
        /* colour-index images (DrawPixels, 1D and 2D TexImage) through the
         * pixel maps: their own extent (gl_pixelmap.c) */
        if (format == GL_COLOR_INDEX && d == 1 && !three_d) {
            e = gl_index_image_extent(ctx, type, w, h);
            if (!e)
                err = GL_INVALID_ENUM;
        } else {
            e = tex_client_image_extent(format, type, w, h, d, three_d, &ctx->unpack, &err);
        }
        if (err != GL_NO_ERROR) {
            *null = true;
            return NULL;
        }
    }
    if (ctx->pixel_unpack_buffer) {
        mem_buffer *m = ctx->pixel_unpack_buffer->mem;
        size_t off = (size_t)(uintptr_t)ptr;
        if (e && (mem_buffer_is_mapped(m) || !mem_range_ok(mem_buffer_size(m), off, e) ||
                  !mem_buffer_data(m))) {
            *bad = true;
            return NULL;
        }
        *extent = e;
        return e ? (const unsigned char *)mem_buffer_data(m) + off : NULL;
    }
    if (!ptr) {
        *null = true;
        return NULL;
    }
    *extent = e;
    return ptr;
}

#define DL_S(name, n, types)                                                                \
    void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types)                          \
    {                                                                                       \
        dl_mark m = mark_now(ctx);                                                          \
        dl_a_##name *s = append(ctx, DL_OP_##name, sizeof *s);                              \
        if (s) {                                                                            \
            DL_COPY_##n                                                                     \
        }                                                                                   \
        commit(ctx, m);                                                                     \
    }
#define DL_X(name, n, types) /* below */
#define DL_V(name, n, types, PT, ET, count_, imm_)                                            \
    void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types, PT ptr)                  \
    {                                                                                       \
        if (imm_) {                                                                         \
            DL_NOW(name(DL_NAMESC_##n ptr));                                                \
            return;                                                                         \
        }                                                                                   \
        size_t cnt = ptr ? (size_t)(count_) : 0, bytes;                                     \
        if (!record_bytes(sizeof(dl_a_##name), cnt, sizeof(ET), &bytes)) {                  \
            gl_error(ctx, GL_OUT_OF_MEMORY);                                                \
            return;                                                                         \
        }                                                                                   \
        dl_mark m = mark_now(ctx);                                                          \
        dl_a_##name *s = append(ctx, DL_OP_##name, bytes);                                  \
        if (s) {                                                                            \
            DL_COPY_##n s->null = !ptr;                                                     \
            if (cnt)                                                                        \
                memcpy(DL_DATA(s), (const void *)ptr, cnt * sizeof(ET));                    \
        }                                                                                   \
        commit(ctx, m);                                                                     \
    }
#define DL_I(name, n, types, PT, fmt_, type_, w_, h_, d_, three_d_, imm_)                       \
    void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types, PT ptr)                  \
    {                                                                                       \
        if (imm_) {                                                                         \
            DL_NOW(name(DL_NAMESC_##n ptr));                                                \
            return;                                                                         \
        }                                                                                   \
        size_t ext, bytes;                                                                  \
        bool null, bad;                                                                     \
        const void *src = image_source(ctx, fmt_, type_, w_, h_, d_, three_d_, ptr, &ext,   \
                                       &null, &bad);                                        \
        if (!record_bytes(sizeof(dl_a_##name), ext, 1, &bytes)) {                           \
            gl_error(ctx, GL_OUT_OF_MEMORY);                                                \
            return;                                                                         \
        }                                                                                   \
        dl_mark m = mark_now(ctx);                                                          \
        dl_a_##name *s = append(ctx, DL_OP_##name, bytes);                                  \
        if (s) {                                                                            \
            DL_COPY_##n s->null = null;                                                     \
            s->bad = bad;                                                                   \
            s->ps = ctx->unpack;                                                            \
            if (ext)                                                                        \
                memcpy(DL_DATA(s), src, ext);                                               \
        }                                                                                   \
        commit(ctx, m);                                                                     \
    }
#include "gl_dlist.def"
#undef DL_S
#undef DL_X
#undef DL_V
#undef DL_I

static void save_internal(gl_context *ctx, int op, size_t size, const void *rec)
{
    dl_mark m = mark_now(ctx);
    dl_hdr *s = append(ctx, op, size);
    if (s)
        memcpy(s + 1, (const dl_hdr *)rec + 1, size - sizeof *s);
    commit(ctx, m);
}

/* While an array draw is recorded, the attributes glArrayElement fetches
 * go to the draw's element (record_draw) instead. */
void gl_dlist_save_attrib4f(gl_context *ctx, GLuint slot, GLfloat x, GLfloat y, GLfloat z,
                            GLfloat w)
{
    float(*cap)[4] = ctx->dlist->capture;
    if (cap) {
        if (slot < GP_VIN_COUNT) {
            cap[slot][0] = x;
            cap[slot][1] = y;
            cap[slot][2] = z;
            cap[slot][3] = w;
        }
        return;
    }
    dl_a_attrib4f s = {.a0 = slot, .a1 = x, .a2 = y, .a3 = z, .a4 = w};
    save_internal(ctx, DL_OP_attrib4f, sizeof s, &s);
}

/* 64-bit attributes (VertexAttribL*); arrays of them are not captured
 * (record_draw leaves them out: the current value applies). */
void gl_dlist_save_attrib4l(gl_context *ctx, GLuint slot, GLuint64 x, GLuint64 y, GLuint64 z,
                            GLuint64 w)
{
    if (ctx->dlist->capture)
        return;
    dl_a_attrib4l s = {.a0 = slot, .a1 = x, .a2 = y, .a3 = z, .a4 = w};
    save_internal(ctx, DL_OP_attrib4l, sizeof s, &s);
}

void gl_dlist_save_error(gl_context *ctx, GLenum err)
{
    dl_a_error s = {.a0 = err};
    save_internal(ctx, DL_OP_error, sizeof s, &s);
}

void gl_dlist_save_glPrioritizeTextures(gl_context *ctx, GLsizei n, const GLuint *textures,
                                        const GLfloat *priorities)
{
    size_t cnt = textures && priorities ? dl_n_times(n, 1) : 0, bytes;
    if (!record_bytes(sizeof(dl_prioritize), cnt, sizeof(GLuint) + sizeof(GLfloat), &bytes)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    dl_mark m = mark_now(ctx);
    dl_prioritize *s = append(ctx, DL_OP_PRIORITIZE, bytes);
    if (s) {
        s->n = n;
        s->null_textures = !textures;
        s->null_priorities = !priorities;
        if (cnt) {
            memcpy(DL_DATA(s), textures, cnt * sizeof(GLuint));
            memcpy(DL_DATA(s) + cnt * sizeof(GLuint), priorities, cnt * sizeof(GLfloat));
        }
    }
    commit(ctx, m);
}

static void exec_prioritize(const dl_prioritize *s)
{
    size_t cnt = !s->null_textures && !s->null_priorities ? dl_n_times(s->n, 1) : 0;
    const unsigned char *data = DL_DATA(s);
    glPrioritizeTextures(s->n, s->null_textures ? NULL : (const GLuint *)(const void *)data,
                         s->null_priorities
                             ? NULL
                             : (const GLfloat *)(const void *)(data + cnt * sizeof(GLuint)));
}

/* ---- array draws ---------------------------------------------------------------------- */

/* The records of one array draw: DRAW with the elements fetched now
 * (glArrayElement's fetch, its attributes captured by
 * gl_dlist_save_attrib4f), index k of the draw being element
 * indices[k] + base_vertex, or first + k without indices. */
static void record_draw(gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                        const void *indices, GLint first, GLint base_vertex)
{
    gl_dlist_ctx *d = ctx->dlist;
    uint32_t mask = 0;
    for (int s = 0; s < GP_VIN_COUNT; s++)
        if (ctx->vao->array[s].enabled && !ctx->vao->array[s].lng)
            mask |= 1u << s;
    const unsigned char *idx = indices;
    if (type && ctx->vao->element_buffer) {
        mem_buffer *m = ctx->vao->element_buffer->mem;
        size_t off = (size_t)(uintptr_t)indices, bytes;
        size_t es = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
        idx = mem_size_mul((size_t)count, es, &bytes) && !mem_buffer_is_mapped(m) &&
                      mem_range_ok(mem_buffer_size(m), off, bytes) && mem_buffer_data(m)
                  ? (const unsigned char *)mem_buffer_data(m) + off
                  : NULL;
    }
    /* nothing to fetch: a DRAW of no vertices still checks its mode and
     * Begin/End when it runs */
    if (!(mask & 1u) || (type && !idx))
        count = 0;
    int nslots = __builtin_popcount(mask);
    size_t bytes;
    if (!record_bytes(sizeof(dl_draw), (size_t)count * (size_t)nslots, 4 * sizeof(float), &bytes)) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    dl_mark m = mark_now(ctx);
    dl_draw *s = append(ctx, DL_OP_DRAW, bytes);
    if (!s)
        return;
    s->mode = mode;
    s->count = count;
    s->mask = mask;
    float *out = (float *)DL_DATA(s);
    float elem[GP_VIN_COUNT][4];
    d->capture = elem;
    d->nest++;
    for (GLsizei v = 0; v < count; v++) {
        long long i = first + (long long)v;
        if (type) {
            i = gl_index_at(idx, type, (size_t)v);
            i += base_vertex;
        }
        for (int a = 0; a < GP_VIN_COUNT; a++) {
            elem[a][0] = elem[a][1] = elem[a][2] = 0;
            elem[a][3] = 1;
        }
        if (i >= 0 && i <= INT32_MAX)
            glArrayElement((GLint)i);
        int k = 0;
        for (int a = 0; a < GP_VIN_COUNT; a++)
            if (mask >> a & 1u)
                memcpy(out + ((size_t)k++ * (size_t)count + (size_t)v) * 4, elem[a], sizeof elem[a]);
    }
    d->nest--;
    d->capture = NULL;
    commit(ctx, m);
}

bool gl_dlist_save_draw_arrays(gl_context *ctx, GLenum mode, GLint first, GLsizei count,
                               GLsizei instances)
{
    if (instances != 1)
        return false;
    if (first < 0 || count < 0)
        gl_dlist_save_error(ctx, GL_INVALID_VALUE);
    else
        record_draw(ctx, mode, count, 0, NULL, first, 0);
    return true;
}

bool gl_dlist_save_draw_elements(gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                                 const void *indices, GLsizei instances, GLint base_vertex)
{
    if (instances != 1)
        return false;
    if (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT)
        gl_dlist_save_error(ctx, GL_INVALID_ENUM);
    else if (count < 0)
        gl_dlist_save_error(ctx, GL_INVALID_VALUE);
    else
        record_draw(ctx, mode, count, type, indices, 0, base_vertex);
    return true;
}

/* DRAW runs as DrawArrays would (GL 2.1 section 2.8), from the copies. */
static void exec_draw(gl_context *ctx, const dl_draw *s)
{
    if (!gl_valid_mode(s->mode)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    GL_OUTSIDE_BEGIN(ctx, );
    if (!gl_draw_validate(ctx, s->mode) || s->count <= 0)
        return;
    rast_attrib at[GP_VIN_COUNT];
    memset(at, 0, sizeof at);
    const float *data = (const float *)(const void *)DL_DATA(s);
    int k = 0;
    for (int a = 0; a < GP_VIN_COUNT; a++) {
        memcpy(at[a].current, ctx->current[a], sizeof at[a].current);
        memcpy(at[a].current_hi, ctx->current_hi[a], sizeof at[a].current_hi);
        if (!(s->mask >> a & 1u))
            continue;
        at[a].enabled = true;
        at[a].ptr = data + (size_t)k++ * (size_t)s->count * 4;
        at[a].stride = 4 * sizeof(float);
        at[a].size = 4;
        at[a].type = GL_FLOAT;
    }
    gl_draw_submit(ctx, s->mode, 0, s->count, 0, NULL, at);
}

/* ---- internal operations (DL_X rows) ------------------------------------------------- */

static void dl_exec_attrib4f(gl_context *ctx, GLuint slot, GLfloat x, GLfloat y, GLfloat z,
                             GLfloat w)
{
    if (slot < GP_VIN_COUNT)
        gl_attrib4f(ctx, slot, x, y, z, w);
}

static void dl_exec_attrib4l(gl_context *ctx, GLuint slot, GLuint64 x, GLuint64 y, GLuint64 z,
                             GLuint64 w)
{
    const uint64_t v[4] = {x, y, z, w};
    if (slot < GP_VIN_COUNT)
        gl_attrib4l(ctx, slot, v);
}

static void dl_exec_error(gl_context *ctx, GLenum err)
{
    gl_error(ctx, err);
}

/* ---- running lists ---------------------------------------------------------------------- */

static void run_record(gl_context *ctx, const dl_hdr *h)
{
    switch (h->op) {
#define DL_S(name, n, types)                                                                \
    case DL_OP_##name: {                                                                    \
        const dl_a_##name *s = (const void *)h;                                             \
        (void)s;                                                                            \
        name(DL_ARGS_##n);                                                                  \
        break;                                                                              \
    }
#define DL_X(name, n, types)                                                                \
    case DL_OP_##name: {                                                                    \
        const dl_a_##name *s = (const void *)h;                                             \
        dl_exec_##name(ctx, DL_ARGS_##n);                                                   \
        break;                                                                              \
    }
#define DL_V(name, n, types, PT, ET, count_, imm_)                                            \
    case DL_OP_##name: {                                                                    \
        const dl_a_##name *s = (const void *)h;                                             \
        name(DL_ARGSC_##n s->null ? NULL : (PT)(const void *)DL_DATA(s));                   \
        break;                                                                              \
    }
#define DL_I(name, n, types, PT, fmt_, type_, w_, h_, d_, three_d_, imm_)                       \
    case DL_OP_##name: {                                                                    \
        const dl_a_##name *s = (const void *)h;                                             \
        if (s->bad) {                                                                       \
            gl_error(ctx, GL_INVALID_OPERATION);                                            \
            break;                                                                          \
        }                                                                                   \
        tex_pixel_store ps = ctx->unpack;                                                   \
        gl_buffer_obj *pbo = ctx->pixel_unpack_buffer;                                      \
        ctx->unpack = s->ps;                                                                \
        ctx->pixel_unpack_buffer = NULL;                                                    \
        name(DL_ARGSC_##n s->null ? NULL : (PT)(const void *)DL_DATA(s));                   \
        ctx->unpack = ps;                                                                   \
        ctx->pixel_unpack_buffer = pbo;                                                     \
        break;                                                                              \
    }
#include "gl_dlist.def"
#undef DL_S
#undef DL_X
#undef DL_V
#undef DL_I
    case DL_OP_DRAW:
        exec_draw(ctx, (const dl_draw *)(const void *)h);
        break;
    case DL_OP_PRIORITIZE:
        exec_prioritize((const dl_prioritize *)(const void *)h);
        break;
    default:
        break;
    }
}

/* Runs the records from offset `from` of block b to the list's end. */
static void run_records(gl_context *ctx, const dl_block *b, size_t from)
{
    for (; b; b = b->next, from = 0)
        for (size_t p = from; p < b->used;) {
            const dl_hdr *h = (const dl_hdr *)(const void *)((const unsigned char *)b->data + p);
            run_record(ctx, h);
            p += h->size;
        }
}

/* CallList's execution (section 5.4): nothing for an unused or empty name,
 * nor beyond MAX_LIST_NESTING levels. */
static void execute_list(gl_context *ctx, GLuint name)
{
    gl_dlist_ctx *d = ctx->dlist;
    if (!d || d->depth >= DL_MAX_NESTING)
        return;
    dl_list *l = lookup_ref(d->space, name);
    if (!l)
        return;
    bool rec = ctx->dl_record;
    ctx->dl_record = false;
    d->depth++;
    run_records(ctx, l->head, 0);
    d->depth--;
    ctx->dl_record = rec;
    list_unref(l);
}

/* ---- entry points ------------------------------------------------------------------------ */

GLAPI_EXPORT void APIENTRY glNewList(GLuint list, GLenum mode)
{
    GL_CTX();
    gl_dlist_ctx *d = ctx->dlist;
    if (!d)
        return;
    GL_OUTSIDE_BEGIN(ctx, );
    if (list == 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (mode != GL_COMPILE && mode != GL_COMPILE_AND_EXECUTE) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (d->compiling) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    dl_list *l = calloc(1, sizeof *l);
    if (!l) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        return;
    }
    atomic_init(&l->refs, 1);
    d->compiling = l;
    d->index = list;
    d->mode = mode;
    ctx->dl_record = true;
}

/* The list replaces any old one of its name only now (section 5.4). */
GLAPI_EXPORT void APIENTRY glEndList(void)
{
    GL_CTX();
    gl_dlist_ctx *d = ctx->dlist;
    if (!d)
        return;
    GL_OUTSIDE_BEGIN(ctx, );
    if (!d->compiling) {
        gl_error(ctx, GL_INVALID_OPERATION);
        return;
    }
    dl_list *l = d->compiling;
    d->compiling = NULL;
    ctx->dl_record = false;
    dl_space *s = d->space;
    pthread_mutex_lock(&s->lock);
    dl_list *old = gl_names_lookup(&s->names, d->index);
    bool ok = gl_names_insert(&s->names, d->index, l);
    pthread_mutex_unlock(&s->lock);
    if (!ok) {
        gl_error(ctx, GL_OUT_OF_MEMORY);
        list_unref(l);
        return;
    }
    list_unref(old);
}

GLAPI_EXPORT void APIENTRY glCallList(GLuint list)
{
    GL_CTX();
    GL_DLIST_SAVE(glCallList, (ctx, list));
    execute_list(ctx, list);
}

/* Name i of CallLists' array (GL 2.1 section 5.4, Table 5.7), before the
 * list base is added. */
static GLuint list_offset(const unsigned char *p, GLenum type, GLsizei i)
{
    switch (type) {
    case GL_BYTE:
        return (GLuint)(GLint)((const GLbyte *)p)[i];
    case GL_UNSIGNED_BYTE:
        return p[i];
    case GL_SHORT: {
        GLshort v;
        memcpy(&v, p + 2 * (size_t)i, 2);
        return (GLuint)(GLint)v;
    }
    case GL_UNSIGNED_SHORT: {
        GLushort v;
        memcpy(&v, p + 2 * (size_t)i, 2);
        return v;
    }
    case GL_INT:
    case GL_UNSIGNED_INT: {
        GLuint v;
        memcpy(&v, p + 4 * (size_t)i, 4);
        return v;
    }
    case GL_FLOAT: {
        GLfloat v;
        memcpy(&v, p + 4 * (size_t)i, 4);
        return v > -2147483648.0f && v < 2147483648.0f ? (GLuint)(GLint)v : 0;
    }
    case GL_2_BYTES:
        p += 2 * (size_t)i;
        return (GLuint)p[0] << 8 | p[1];
    case GL_3_BYTES:
        p += 3 * (size_t)i;
        return (GLuint)p[0] << 16 | (GLuint)p[1] << 8 | p[2];
    default: /* GL_4_BYTES */
        p += 4 * (size_t)i;
        return (GLuint)p[0] << 24 | (GLuint)p[1] << 16 | (GLuint)p[2] << 8 | p[3];
    }
}

GLAPI_EXPORT void APIENTRY glCallLists(GLsizei n, GLenum type, const void *lists)
{
    GL_CTX();
    GL_DLIST_SAVE(glCallLists, (ctx, n, type, lists));
    if (n < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return;
    }
    if (!call_lists_size(type)) {
        gl_error(ctx, GL_INVALID_ENUM);
        return;
    }
    if (!lists)
        return;
    GLuint base = ctx->list_base;
    for (GLsizei i = 0; i < n; i++)
        execute_list(ctx, base + list_offset(lists, type, i));
}

GLAPI_EXPORT void APIENTRY glListBase(GLuint base)
{
    GL_CTX();
    GL_DLIST_SAVE(glListBase, (ctx, base));
    GL_OUTSIDE_BEGIN(ctx, );
    ctx->list_base = base;
}

/* A run of range unused names, reserved as empty lists (section 5.4); 0 when
 * none exists.  Each restart of the search passes a used name, so it ends. */
GLAPI_EXPORT GLuint APIENTRY glGenLists(GLsizei range)
{
    GL_CTX(0);
    GL_OUTSIDE_BEGIN(ctx, 0);
    if (range < 0) {
        gl_error(ctx, GL_INVALID_VALUE);
        return 0;
    }
    if (range == 0 || !ctx->dlist)
        return 0;
    dl_space *s = ctx->dlist->space;
    pthread_mutex_lock(&s->lock);
    uint64_t base = s->names.next ? s->names.next : 1;
    bool wrapped = false, found = false;
    while (!found) {
        if (base + (uint64_t)range - 1 > UINT32_MAX) {
            if (wrapped)
                break;
            wrapped = true;
            base = 1;
            continue;
        }
        found = true;
        for (GLsizei k = range - 1; k >= 0; k--)
            if (gl_names_lookup(&s->names, (GLuint)(base + (uint64_t)k))) {
                base += (uint64_t)k + 1;
                found = false;
                break;
            }
    }
    GLsizei made = 0;
    if (found)
        for (; made < range; made++)
            if (!gl_names_insert(&s->names, (GLuint)(base + (uint64_t)made), GL_NAME_RESERVED))
                break;
    if (found && made < range)
        for (GLsizei k = 0; k < made; k++)
            gl_names_remove(&s->names, (GLuint)(base + (uint64_t)k));
    bool ok = found && made == range;
    if (ok)
        s->names.next = (GLuint)(base + (uint64_t)range);
    pthread_mutex_unlock(&s->lock);
    if (found && !ok)
        gl_error(ctx, GL_OUT_OF_MEMORY);
    return ok ? (GLuint)base : 0;
}

typedef struct range_collect {
    uint64_t lo, hi;          /* [lo, hi) */
    GLuint *names;
    size_t n;
} range_collect;

static void collect_in_range(GLuint name, void *value, void *user)
{
    range_collect *c = user;
    (void)value;
    if (name >= c->lo && name < c->hi)
        c->names[c->n++] = name;
}

static void delete_name(dl_space *s, GLuint name)
{
    dl_list *l = gl_names_lookup(&s->names, name);
    if (!l)
        return;
    gl_names_remove(&s->names, name);
    list_unref(l);
}

GLAPI_EXPORT void APIENTRY glDeleteLists(GLuint list, GLsizei range)
{
    GL_CTX();
    if (!gl_names_count_ok(ctx, range))
        return;
    if (!ctx->dlist)
        return;
    dl_space *s = ctx->dlist->space;
    pthread_mutex_lock(&s->lock);
    uint64_t hi = (uint64_t)list + (uint64_t)range;
    if ((size_t)range <= s->names.count) {
        for (uint64_t n = list; n < hi && n <= UINT32_MAX; n++)
            delete_name(s, (GLuint)n);
    } else {
        /* a range wider than the namespace: visit the names instead */
        range_collect c = {list, hi, malloc(s->names.count * sizeof(GLuint) + 1), 0};
        if (c.names) {
            gl_names_foreach(&s->names, collect_in_range, &c);
            for (size_t i = 0; i < c.n; i++)
                delete_name(s, c.names[i]);
            free(c.names);
        } else {
            gl_error(ctx, GL_OUT_OF_MEMORY);
        }
    }
    pthread_mutex_unlock(&s->lock);
}

GLAPI_EXPORT GLboolean APIENTRY glIsList(GLuint list)
{
    GL_CTX(GL_FALSE);
    GL_OUTSIDE_BEGIN(ctx, GL_FALSE);
    if (!ctx->dlist)
        return GL_FALSE;
    dl_space *s = ctx->dlist->space;
    pthread_mutex_lock(&s->lock);
    bool used = gl_names_lookup(&s->names, list) != NULL;
    pthread_mutex_unlock(&s->lock);
    return used ? GL_TRUE : GL_FALSE;
}
