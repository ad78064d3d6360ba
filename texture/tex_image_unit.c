/*
 * tex_image_unit.c - image units (EXT_shader_image_load_store section
 * 3.9.X and its "Dependencies on NV_gpu_program5": LOADIM, STOREIM, ATOMIM)
 * over texture/'s texel storage.  Worker threads, several at once, also on
 * the same texels (tex.h "Image units").
 *
 * A texel is seen through two formats of Table X.2: the level's own
 * internal format I (how its bits lie in memory) and the unit's format F
 * (what a formatted store converts to).  An access is valid only when both
 * are in the same size class (Table X.2 "equivalence"), so the packed bits
 * of one texel, up to four 32-bit words laid out as Table X.2 says, are the
 * common currency:
 *
 *   LOAD             canonical texel -> encode(I) -> words -> elements
 *   STORE            elements -> words -> decode(I) -> canonical texel
 *   STORE_FORMATTED  data -> F's value range -> encode(F) -> words
 *                    -> decode(I) -> canonical texel
 *   ATOM             the texel's 32-bit word (mem_atomic): the canonical
 *                    word itself where it holds exactly those bits (R32UI,
 *                    R32I, R32F, RGBA8), else a striped lock around a
 *                    decode / mem_atomic / encode of the texel
 *
 * Buffer textures have no canonical storage: their bytes are the words.
 * encode(I) of a texel decode(I) wrote gives back the same bits, so a store
 * followed by a load returns what was stored whatever I's canonical storage.
 */
#include <math.h>
#include <string.h>

#include "../glprog/glprog.h" /* gp_cvt_type, gp_type */
#include "../memory/mem.h"   /* mem_atomic */
#include "tex_priv.h"

/* ---- Table X.2 ------------------------------------------------------------------------------- */

enum { IK_FLOAT, IK_UNORM, IK_SNORM, IK_UINT, IK_SINT };

/* One format of Table X.2: n components of bits[c] bits each, packed from
 * bit 0 of word 0 upwards (no field crosses a 32-bit word). */
typedef struct img_fmt {
    GLenum format;
    uint8_t kind; /* IK_* */
    uint8_t n;
    uint8_t bits[4];
    uint8_t class_bytes;
} img_fmt;

#define B4(b) {b, b, b, b}
#define B2(b) {b, b, 0, 0}
#define B1(b) {b, 0, 0, 0}

/* In the order of Table X.2. */
static const img_fmt img_fmts[] = {
    {GL_RGBA32F, IK_FLOAT, 4, B4(32), 16},
    {GL_RGBA16F, IK_FLOAT, 4, B4(16), 8},
    {GL_RG32F, IK_FLOAT, 2, B2(32), 8},
    {GL_RG16F, IK_FLOAT, 2, B2(16), 4},
    {GL_R11F_G11F_B10F, IK_FLOAT, 3, {11, 11, 10, 0}, 4},
    {GL_R32F, IK_FLOAT, 1, B1(32), 4},
    {GL_R16F, IK_FLOAT, 1, B1(16), 2},

    {GL_RGBA32UI, IK_UINT, 4, B4(32), 16},
    {GL_RGBA16UI, IK_UINT, 4, B4(16), 8},
    {GL_RGB10_A2UI, IK_UINT, 4, {10, 10, 10, 2}, 4},
    {GL_RGBA8UI, IK_UINT, 4, B4(8), 4},
    {GL_RG32UI, IK_UINT, 2, B2(32), 8},
    {GL_RG16UI, IK_UINT, 2, B2(16), 4},
    {GL_RG8UI, IK_UINT, 2, B2(8), 2},
    {GL_R32UI, IK_UINT, 1, B1(32), 4},
    {GL_R16UI, IK_UINT, 1, B1(16), 2},
    {GL_R8UI, IK_UINT, 1, B1(8), 1},

    {GL_RGBA32I, IK_SINT, 4, B4(32), 16},
    {GL_RGBA16I, IK_SINT, 4, B4(16), 8},
    {GL_RGBA8I, IK_SINT, 4, B4(8), 4},
    {GL_RG32I, IK_SINT, 2, B2(32), 8},
    {GL_RG16I, IK_SINT, 2, B2(16), 4},
    {GL_RG8I, IK_SINT, 2, B2(8), 2},
    {GL_R32I, IK_SINT, 1, B1(32), 4},
    {GL_R16I, IK_SINT, 1, B1(16), 2},
    {GL_R8I, IK_SINT, 1, B1(8), 1},

    {GL_RGBA16, IK_UNORM, 4, B4(16), 8},
    {GL_RGB10_A2, IK_UNORM, 4, {10, 10, 10, 2}, 4},
    {GL_RGBA8, IK_UNORM, 4, B4(8), 4},
    {GL_RG16, IK_UNORM, 2, B2(16), 4},
    {GL_RG8, IK_UNORM, 2, B2(8), 2},
    {GL_R16, IK_UNORM, 1, B1(16), 2},
    {GL_R8, IK_UNORM, 1, B1(8), 1},

    {GL_RGBA16_SNORM, IK_SNORM, 4, B4(16), 8},
    {GL_RGBA8_SNORM, IK_SNORM, 4, B4(8), 4},
    {GL_RG16_SNORM, IK_SNORM, 2, B2(16), 4},
    {GL_RG8_SNORM, IK_SNORM, 2, B2(8), 2},
    {GL_R16_SNORM, IK_SNORM, 1, B1(16), 2},
    {GL_R8_SNORM, IK_SNORM, 1, B1(8), 1},
};

static const img_fmt *img_fmt_find(GLenum format)
{
    for (size_t i = 0; i < sizeof img_fmts / sizeof img_fmts[0]; i++)
        if (img_fmts[i].format == format)
            return &img_fmts[i];
    return NULL;
}

/* A texture level's internal format as a Table X.2 format: the sized
 * formats themselves, and the unsized RGBA / RG / RED (and 4) as the sized
 * format texture/ stores them like (RGBA8, RG8, R8), as Mesa does. */
static const img_fmt *level_fmt(GLenum internal_format)
{
    switch (internal_format) {
    case 4:
    case GL_RGBA: return img_fmt_find(GL_RGBA8);
    case GL_RG: return img_fmt_find(GL_RG8);
    case GL_RED: return img_fmt_find(GL_R8);
    default: return img_fmt_find(internal_format);
    }
}

bool tex_image_format_info(GLenum format, int *class_bytes)
{
    const img_fmt *f = img_fmt_find(format);
    if (f && class_bytes)
        *class_bytes = f->class_bytes;
    return f != NULL;
}

/* ---- one component <-> its bits -------------------------------------------------------------- */

static float bitsf(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static uint32_t mask_of(int bits)
{
    return bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
}

/* The unsigned 11- and 10-bit floats of EXT_packed_float (5-bit exponent,
 * bias 15, mbits mantissa bits, no sign). */
static float uf_to_float(uint32_t v, int mbits)
{
    uint32_t e = v >> mbits, m = v & mask_of(mbits);
    if (e == 0)
        return ldexpf((float)m, -14 - mbits);
    if (e == 31)
        return m ? bitsf(0x7fc00000u) : bitsf(0x7f800000u);
    return ldexpf((float)((1u << mbits) | m), (int)e - 15 - mbits);
}

/* GL 4.x section 2.3.4.3/4 (EXT_packed_float): finite values round to the
 * nearest representable value (ties to even), negative values and -Inf
 * become 0, values above the largest finite one (65024 for 11 bits, 64512
 * for 10) become it, +Inf stays +Inf and NaN becomes a (positive) NaN. */
static uint32_t float_to_uf(float f, int mbits)
{
    uint32_t maxfin = (30u << mbits) | mask_of(mbits);
    if (isnan(f))
        return (31u << mbits) | 1u;
    if (!(f > 0.0f))
        return 0;
    if (isinf(f))
        return 31u << mbits;
    int ex;
    float fr = frexpf(f, &ex); /* f = fr * 2^ex, fr in [0.5, 1) */
    int e = ex - 1 + 15;       /* biased exponent of f = (2 fr) * 2^(ex-1) */
    uint64_t v;
    if (e <= 0) /* a denormal: m * 2^(-14 - mbits) */
        v = (uint64_t)nearbyintf(ldexpf(f, 14 + mbits));
    else if (e >= 31)
        return maxfin;
    else /* a carry out of the mantissa lands in the exponent, as it must */
        v = ((uint64_t)e << mbits) + (uint64_t)nearbyintf(ldexpf(2.0f * fr - 1.0f, mbits));
    return v > maxfin ? maxfin : (uint32_t)v;
}

/* GL 4.x section 2.3.5 (fixed-point conversion): clamp, scale, round to
 * nearest; NaN becomes 0. */
static uint32_t unorm_bits(float f, int bits)
{
    float max = (float)mask_of(bits);
    if (!(f > 0.0f))
        return 0;
    if (f >= 1.0f)
        return mask_of(bits);
    return (uint32_t)lrintf(f * max);
}

static uint32_t snorm_bits(float f, int bits)
{
    float max = (float)((1u << (bits - 1)) - 1u);
    if (isnan(f))
        return 0;
    if (f < -1.0f)
        f = -1.0f;
    if (f > 1.0f)
        f = 1.0f;
    return (uint32_t)(int32_t)lrintf(f * max) & mask_of(bits);
}

static int32_t sign_extend(uint32_t v, int bits)
{
    if (bits >= 32)
        return (int32_t)v;
    uint32_t sign = 1u << (bits - 1);
    return (int32_t)((v ^ sign) - sign);
}

static uint32_t comp_encode(const img_fmt *f, int c, gp_val v)
{
    int b = f->bits[c];
    switch (f->kind) {
    case IK_FLOAT:
        if (b == 32)
            return v.u;
        if (b == 16)
            return tex_float_to_half(v.f);
        return float_to_uf(v.f, b - 5);
    case IK_UNORM: return unorm_bits(v.f, b);
    case IK_SNORM: return snorm_bits(v.f, b);
    default: return v.u & mask_of(b); /* integers: the low bits */
    }
}

static gp_val comp_decode(const img_fmt *f, int c, uint32_t u)
{
    int b = f->bits[c];
    gp_val v;
    switch (f->kind) {
    case IK_FLOAT:
        if (b == 32)
            v.u = u;
        else if (b == 16)
            v.f = tex_half_to_float((uint16_t)u);
        else
            v.f = uf_to_float(u, b - 5);
        break;
    case IK_UNORM: v.f = (float)u / (float)mask_of(b); break;
    case IK_SNORM: {
        /* GL 4.2 equation 2.2: max(c / (2^(b-1) - 1), -1) */
        float s = (float)sign_extend(u, b) / (float)((1u << (b - 1)) - 1u);
        v.f = s < -1.0f ? -1.0f : s;
        break;
    }
    case IK_SINT: v.i = sign_extend(u, b); break;
    default: v.u = u; break;
    }
    return v;
}

/* ---- a texel's values <-> its words ---------------------------------------------------------- */

static void texel_encode(const img_fmt *f, const gp_val v[4], uint32_t w[4])
{
    memset(w, 0, 4 * sizeof(uint32_t));
    int off = 0;
    for (int c = 0; c < f->n; c++) {
        w[off >> 5] |= comp_encode(f, c, v[c]) << (off & 31);
        off += f->bits[c];
    }
}

/* Missing components are (0, 0, 0, 1), "1" of the format's kind (the base
 * format expansion every texture gets: RED -> (R, 0, 0, 1), ...). */
static void texel_decode(const img_fmt *f, const uint32_t w[4], gp_val v[4])
{
    bool integer = f->kind == IK_UINT || f->kind == IK_SINT;
    v[0].u = v[1].u = v[2].u = 0;
    if (integer)
        v[3].u = 1;
    else
        v[3].f = 1.0f;
    int off = 0;
    for (int c = 0; c < f->n; c++) {
        uint32_t u = (w[off >> 5] >> (off & 31)) & mask_of(f->bits[c]);
        v[c] = comp_decode(f, c, u);
        off += f->bits[c];
    }
}

/* ---- the canonical texel --------------------------------------------------------------------- */

static bool storage_fits(const img_fmt *f, tex_format s)
{
    switch (f->kind) {
    case IK_UINT: return s == TEX_FMT_RGBA32UI;
    case IK_SINT: return s == TEX_FMT_RGBA32I;
    default: return s == TEX_FMT_RGBA8 || s == TEX_FMT_RGBA32F;
    }
}

static void canon_read(tex_format s, const uint8_t *p, gp_val v[4])
{
    if (s == TEX_FMT_RGBA8) {
        for (int c = 0; c < 4; c++)
            v[c].f = tex_u8_to_float[p[c]];
    } else {
        memcpy(v, p, 16); /* RGBA32F, RGBA32I, RGBA32UI */
    }
}

static void canon_write(tex_format s, uint8_t *p, const gp_val v[4])
{
    if (s == TEX_FMT_RGBA8) {
        uint8_t b[4];
        for (int c = 0; c < 4; c++)
            b[c] = (uint8_t)unorm_bits(v[c].f, 8);
        memcpy(p, b, 4); /* one whole-texel write */
    } else {
        memcpy(p, v, 16);
    }
}

/* ---- the bound level and one lane's texel ---------------------------------------------------- */

typedef struct img_view {
    const tex_object *t;
    const img_fmt *ifmt;  /* the level's format I (buffer: the view's) */
    const img_fmt *ufmt;  /* the unit's format F */
    int vt;               /* gp_tex_target the program must use */
    int level;
    int face;             /* CUBE single face (layered CUBE: from z) */
    int row;              /* 1D view of a 1D array layer: the layer's row */
    int slice;            /* 2D view of a 3D / array / cube array layer */
    bool buffer;
} img_view;

/* EXT_shader_image_load_store section 3.9.X: what the unit's binding makes
 * of the texture, or false when every access through it is invalid. */
static bool view_setup(const tex_image_unit *u, img_view *v)
{
    memset(v, 0, sizeof *v);
    const tex_object *t = u->tex;
    v->t = t;
    v->level = u->level;
    v->ufmt = img_fmt_find(u->format);
    if (!t || !v->ufmt)
        return false;
    if (t->target == GL_TEXTURE_BUFFER_ARB) {
        v->buffer = true;
        v->vt = GP_TEX_BUFFER;
        v->ifmt = img_fmt_find(t->buffer.internal_format);
        return t->buffer.data && v->ifmt && v->ifmt->class_bytes == v->ufmt->class_bytes;
    }
    int layers = 1; /* what a single-layer binding's `layer` may select */
    const tex_image *img0;
    if (tex_target_is_ms(t->target)) {
        if (u->level != 0)
            return false;
        img0 = &t->image[0][0];
        if (img0->samples <= 0)
            return false;
    } else {
        /* the level must be one a complete texture of this base level
         * would use: base <= level <= MAX_LEVEL and inside the mipmap
         * chain (mip_end), the filters playing no part (tex.h) */
        int base = t->target == GL_TEXTURE_RECTANGLE_ARB ? 0 : t->sampler.base_level;
        int lv = u->level;
        if (base < 0 || base >= TEX_MAX_LEVELS || lv < base || lv >= TEX_MAX_LEVELS ||
            lv > t->sampler.max_level || t->mip_end[base] < lv)
            return false;
        img0 = &t->image[0][lv];
    }
    if (!img0->data || img0->border != 0 || img0->width <= 0 || img0->height <= 0 ||
        img0->depth <= 0)
        return false;
    v->ifmt = level_fmt(img0->internal_format);
    if (!v->ifmt || v->ifmt->class_bytes != v->ufmt->class_bytes ||
        !storage_fits(v->ifmt, img0->format))
        return false;
    bool layered = u->layered;
    switch (t->target) {
    case GL_TEXTURE_1D: v->vt = GP_TEX_1D; layered = true; break;
    case GL_TEXTURE_2D: v->vt = GP_TEX_2D; layered = true; break;
    case GL_TEXTURE_RECTANGLE_ARB: v->vt = GP_TEX_RECT; layered = true; break;
    case GL_TEXTURE_2D_MULTISAMPLE: v->vt = GP_TEX_2DMS; layered = true; break;
    case GL_TEXTURE_3D: v->vt = layered ? GP_TEX_3D : GP_TEX_2D; layers = img0->depth; break;
    case GL_TEXTURE_CUBE_MAP: v->vt = layered ? GP_TEX_CUBE : GP_TEX_2D; layers = 6; break;
    case GL_TEXTURE_1D_ARRAY_EXT:
        v->vt = layered ? GP_TEX_ARRAY1D : GP_TEX_1D;
        layers = img0->height;
        break;
    case GL_TEXTURE_2D_ARRAY_EXT:
        v->vt = layered ? GP_TEX_ARRAY2D : GP_TEX_2D;
        layers = img0->depth;
        break;
    case GL_TEXTURE_CUBE_MAP_ARRAY:
        v->vt = layered ? GP_TEX_CUBEARRAY : GP_TEX_2D;
        layers = img0->depth;
        break;
    case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
        v->vt = layered ? GP_TEX_ARRAY2DMS : GP_TEX_2DMS;
        layers = img0->depth;
        break;
    default: return false;
    }
    if (!layered) {
        /* EDGE.IMG_LAYER_BIND: the one layer / face / slice `layer` */
        if (u->layer < 0 || u->layer >= layers)
            return false;
        if (t->target == GL_TEXTURE_CUBE_MAP)
            v->face = u->layer;
        else if (t->target == GL_TEXTURE_1D_ARRAY_EXT)
            v->row = u->layer;
        else
            v->slice = u->layer; /* cube map arrays: 6 * layer + face is the slice */
    }
    return true;
}

/* Lane coordinates (x, y, z, w) -> the texel's address, or NULL when the
 * access is invalid.  Coordinates the instruction's pseudocode forces to
 * zero are ignored; one the target's row of Table X.5 does not list (y of
 * ARRAY1D, whose layer is z: EDGE.IMG_ARRAY1D) must be zero. */
static uint8_t *lane_texel(const img_view *v, int32_t x, int32_t y, int32_t z, int32_t w)
{
    if (v->buffer) {
        if (x < 0 || x >= v->t->buffer.texels)
            return NULL;
        size_t cb = v->ifmt->class_bytes;
        if (((size_t)x + 1) * cb > v->t->buffer.size)
            return NULL;
        return (uint8_t *)(uintptr_t)v->t->buffer.data + (size_t)x * cb;
    }
    int face = v->face;
    int64_t i = x, j = 0, k = v->slice, s = 0;
    switch (v->vt) {
    case GP_TEX_1D: j = v->row; break;
    case GP_TEX_ARRAY1D:
        if (y != 0)
            return NULL;
        j = z;
        break;
    case GP_TEX_2D:
    case GP_TEX_RECT: j = y; break;
    case GP_TEX_3D:
    case GP_TEX_ARRAY2D:
    case GP_TEX_CUBEARRAY: j = y; k = z; break;
    case GP_TEX_CUBE:
        if (z < 0 || z > 5)
            return NULL;
        j = y;
        face = z;
        break;
    case GP_TEX_2DMS: j = y; s = w; break;
    case GP_TEX_ARRAY2DMS: j = y; k = z; s = w; break;
    default: return NULL;
    }
    const tex_image *img = &v->t->image[face][v->level];
    int samples = img->samples > 0 ? img->samples : 1;
    if (!img->data || i < 0 || i >= img->width || j < 0 || j >= img->height || k < 0 ||
        k >= img->depth || s < 0 || s >= samples)
        return NULL;
    return (uint8_t *)img->data + (size_t)k * img->slice_stride + (size_t)s * img->sample_stride +
           (size_t)j * img->row_stride + (size_t)i * tex_format_bytes(img->format);
}

/* ---- atomics --------------------------------------------------------------------------------- */

/* Texels whose 32-bit word is not one canonical word (RG16F, RGBA8UI, ...)
 * are updated under one of these spinlocks, chosen by address. */
#define IMG_LOCKS 64
static unsigned char img_locks[IMG_LOCKS];

static unsigned char *lock_for(const void *p)
{
    return &img_locks[((uintptr_t)p >> 4) % IMG_LOCKS];
}

/* Whether the canonical texel's first 32-bit word is the packed 1x32 texel
 * of I (R32UI / R32I / R32F in RGBA32UI / RGBA32I / RGBA32F component 0,
 * RGBA8 in its four bytes). */
static bool word_is_canonical(const img_fmt *f, tex_format s)
{
    if (f->n == 1 && f->bits[0] == 32)
        return true; /* storage_fits already matched the kind */
    return f->kind == IK_UNORM && f->n == 4 && f->bits[0] == 8 && s == TEX_FMT_RGBA8;
}

static uint32_t texel_atomic(const img_view *v, uint8_t *p, int op, int type, uint32_t a,
                             uint32_t b)
{
    if (v->buffer) {
        if ((uintptr_t)p & 3u)
            return 0; /* a misaligned buffer view: not performed */
        return (uint32_t)mem_atomic(p, op, type, a, b);
    }
    tex_format s = v->t->image[0][v->level].format;
    if (word_is_canonical(v->ifmt, s))
        return (uint32_t)mem_atomic(p, op, type, a, b);
    unsigned char *lk = lock_for(p);
    while (__atomic_test_and_set(lk, __ATOMIC_ACQUIRE))
        ;
    gp_val val[4];
    uint32_t w[4];
    canon_read(s, p, val);
    texel_encode(v->ifmt, val, w);
    uint32_t old = (uint32_t)mem_atomic(&w[0], op, type, a, b);
    texel_decode(v->ifmt, w, val);
    canon_write(s, p, val);
    __atomic_clear(lk, __ATOMIC_RELEASE);
    return old;
}

/* ---- formatted stores ------------------------------------------------------------------------ */

/* Data of gp_type `type` as values of F (section 3.9.X: "as if passed
 * through TexImage2D" with RGBA/FLOAT, RGBA_INTEGER/INT or
 * RGBA_INTEGER/UNSIGNED_INT): integer formats clamp to the range of their
 * size (tex.h "Integer internal formats keep client integers (clamped
 * ...)"); unorm/snorm/float conversion happens in comp_encode.  A type that
 * does not fit the format (undefined in the spec) is converted by value:
 * integers to the nearest float, floats to integers toward zero,
 * saturating (tex.h). */
static gp_val format_value(const img_fmt *f, int c, int type, gp_val d)
{
    gp_val r;
    int b = f->bits[c];
    if (f->kind == IK_UINT || f->kind == IK_SINT) {
        int64_t lo = f->kind == IK_SINT ? -((int64_t)1 << (b - 1)) : 0;
        int64_t hi = f->kind == IK_SINT ? ((int64_t)1 << (b - 1)) - 1 : (int64_t)mask_of(b);
        int64_t x;
        if (type == GP_TYPE_F32) {
            if (isnan(d.f))
                x = 0;
            else if (d.f <= (float)lo)
                x = lo;
            else if (d.f >= (float)hi)
                x = hi;
            else
                x = (int64_t)d.f;
        } else {
            x = type == GP_TYPE_S32 ? (int64_t)d.i : (int64_t)d.u;
        }
        if (x < lo)
            x = lo;
        if (x > hi)
            x = hi;
        r.u = (uint32_t)x;
        return r;
    }
    if (type == GP_TYPE_S32)
        r.f = (float)d.i;
    else if (type == GP_TYPE_U32)
        r.f = (float)d.u;
    else
        r = d;
    return r;
}

/* ---- the access ------------------------------------------------------------------------------ */

static int cvt_bytes(int elem)
{
    switch (elem) {
    case GP_CVT_S8:
    case GP_CVT_U8: return 1;
    case GP_CVT_F16:
    case GP_CVT_S16:
    case GP_CVT_U16: return 2;
    case GP_CVT_F32:
    case GP_CVT_S32:
    case GP_CVT_U32: return 4;
    default: return 0; /* no 64-bit image storage */
    }
}

static void write_zero(gp_vec *out, uint32_t mask)
{
    if (!out)
        return;
    for (int l = 0; l < GP_LANES; l++)
        if (mask & (1u << l))
            for (int c = 0; c < 4; c++)
                out->c[c][l].u = 0;
}

static void lane_load(const img_view *v, const uint8_t *p, int eb, int count, gp_val o[4])
{
    uint32_t w[4];
    if (v->buffer) {
        memset(w, 0, sizeof w);
        memcpy(w, p, v->ifmt->class_bytes); /* the machine's byte order: little endian */
    } else {
        gp_val val[4];
        canon_read(v->t->image[0][v->level].format, p, val);
        texel_encode(v->ifmt, val, w);
    }
    const uint8_t *bytes = (const uint8_t *)w;
    for (int m = 0; m < count; m++) {
        uint32_t e = 0;
        memcpy(&e, bytes + m * eb, (size_t)eb); /* zero-extended */
        o[m].u = e;
    }
}

/* Writes the packed words w (class_bytes of them) to the texel at p. */
static void lane_store_words(const img_view *v, uint8_t *p, const uint32_t w[4])
{
    if (v->buffer) {
        memcpy(p, w, v->ifmt->class_bytes);
        return;
    }
    gp_val val[4];
    texel_decode(v->ifmt, w, val);
    canon_write(v->t->image[0][v->level].format, p, val);
}

void tex_image_access(const tex_image_unit *u, const gp_image_request *req, gp_vec *out)
{
    if (!req)
        return;
    uint32_t mask = req->lane_mask & (GP_LANES >= 32 ? 0xffffffffu : ((1u << GP_LANES) - 1u));
    write_zero(out, mask);
    img_view v;
    if (!u || !req->coord || req->bindless || !view_setup(u, &v) || req->target != v.vt)
        return;
    /* access modes (undefined in the spec): an access the mode forbids is
     * invalid; an atomic reads and writes, so it needs READ_WRITE */
    bool reads = req->op == GP_IMG_LOAD || req->op == GP_IMG_ATOM;
    bool writes = req->op != GP_IMG_LOAD;
    if (req->op > GP_IMG_ATOM || (u->access != GL_READ_ONLY && u->access != GL_WRITE_ONLY &&
                                  u->access != GL_READ_WRITE) ||
        (reads && u->access == GL_WRITE_ONLY) || (writes && u->access == GL_READ_ONLY))
        return;
    int eb = cvt_bytes(req->elem);
    int count = req->count;
    if (req->op != GP_IMG_STORE_FORMATTED) {
        /* EDGE.IMG_SIZE_MATCH: the storage modifier's bytes are the class's
         * (Table X.3, and the X2 / X4 forms NV_gpu_program5_mem_extended
         * adds: U8X4 on a 1x32 format, ...) */
        if (eb == 0 || (count != 1 && count != 2 && count != 4) ||
            eb * count != v.ifmt->class_bytes)
            return;
        if (req->op == GP_IMG_ATOM && (count != 1 || eb != 4 || !req->data))
            return;
    } else if (!req->data || (req->type != GP_TYPE_F32 && req->type != GP_TYPE_S32 &&
                              req->type != GP_TYPE_U32)) {
        return;
    }
    if (req->op == GP_IMG_STORE && !req->data)
        return;
    int atype = req->elem == GP_CVT_S32 ? MEM_ATOM_S32
                : req->elem == GP_CVT_F32 ? MEM_ATOM_F32 : MEM_ATOM_U32;
    const gp_vec *c = req->coord;
    bool ms = v.vt == GP_TEX_2DMS || v.vt == GP_TEX_ARRAY2DMS;
    for (int l = 0; l < GP_LANES; l++) {
        if (!(mask & (1u << l)))
            continue;
        /* the instructions' pseudocode: coordinates the target does not use
         * are zero */
        int32_t x = c->c[0][l].i, y = c->c[1][l].i, z = c->c[2][l].i, w = c->c[3][l].i;
        if (v.vt == GP_TEX_1D || v.vt == GP_TEX_BUFFER)
            y = 0;
        if (v.vt == GP_TEX_1D || v.vt == GP_TEX_2D || v.vt == GP_TEX_BUFFER ||
            v.vt == GP_TEX_RECT || v.vt == GP_TEX_2DMS)
            z = 0;
        if (!ms)
            w = 0;
        uint8_t *p = lane_texel(&v, x, y, z, w);
        if (!p)
            continue;
        switch (req->op) {
        case GP_IMG_LOAD: {
            gp_val o[4];
            lane_load(&v, p, eb, count, o);
            if (out)
                for (int m = 0; m < count; m++)
                    out->c[m][l] = o[m];
            break;
        }
        case GP_IMG_STORE: {
            uint32_t wd[4] = {0, 0, 0, 0};
            uint8_t *bytes = (uint8_t *)wd;
            for (int m = 0; m < count; m++) /* EDGE.IMG_STORE_TRUNC: the low bytes */
                memcpy(bytes + m * eb, &req->data->c[m][l].u, (size_t)eb);
            lane_store_words(&v, p, wd);
            break;
        }
        case GP_IMG_STORE_FORMATTED: {
            gp_val d[4];
            uint32_t wd[4];
            memset(d, 0, sizeof d);
            for (int q = 0; q < v.ufmt->n; q++)
                d[q] = format_value(v.ufmt, q, req->type, req->data->c[q][l]);
            texel_encode(v.ufmt, d, wd);
            lane_store_words(&v, p, wd);
            break;
        }
        default: { /* GP_IMG_ATOM */
            uint32_t old = texel_atomic(&v, p, req->atom, atype, req->data->c[0][l].u,
                                        req->data->c[1][l].u);
            if (out)
                out->c[0][l].u = old;
            break;
        }
        }
    }
}

void tex_image_units_access(void *units, const gp_image_request *req, gp_vec *out)
{
    if (!req)
        return;
    /* bindless image handles (NV_bindless_texture): not supported yet, every
     * such access is invalid; so is a unit past the table (EDGE.IMG_INDEX_OOB) */
    if (!units || req->bindless || req->unit >= GP_MAX_IMAGE_UNITS) {
        tex_image_access(NULL, req, out);
        return;
    }
    tex_image_access(&((const tex_image_unit *)units)[req->unit], req, out);
}
