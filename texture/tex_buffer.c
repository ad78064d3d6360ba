/*
 * tex_buffer.c - buffer textures (ARB_texture_buffer_object, NV_gpu_program4
 * BUFFER target): attaching a caller-owned byte range as the texel array
 * (API thread) and fetching one texel from it (worker threads, read-only).
 *
 * A buffer texture has no images and no canonical storage: texel n is read
 * straight from the attached bytes at n * texel_bytes with the layout of
 * table X.1 (element type, element count, normalisation), in the machine's
 * byte order (issue 8), then expanded to (R,G,B,A) by the base format as
 * table 3.21 does for every texture (ALPHA -> (0,0,0,A), LUMINANCE ->
 * (L,L,L,1), INTENSITY -> (I,I,I,I), ...; integer formats use integer 0 and
 * 1).  Only TXF reads texels and only TXQ reads the size (NV_gpu_program4
 * table X.17: "Buffer textures are not supported by normal texture lookup
 * functions").
 */
#include <string.h>

#include "tex_priv.h"

/* Element types of table X.1. */
enum { BE_UNORM8, BE_UNORM16, BE_HALF, BE_FLOAT, BE_S8, BE_S16, BE_S32, BE_U8, BE_U16, BE_U32 };

typedef struct buf_fmt {
    GLenum internal_format;
    GLenum base_format;
    uint8_t elem;  /* BE_* */
    uint8_t count; /* elements a texel */
} buf_fmt;

/* ARB_texture_buffer_object table X.1, in its order, plus the R and RG
 * formats GL 3.1 table 3.15 adds (ARB_texture_rg).  The INTENSITY16I_EXT ..
 * INTENSITY32UI_EXT rows of the extension's table name component "A", a
 * typo for "I": every INTENSITY row is taken as I here. */
static const buf_fmt buf_table[] = {
    {GL_ALPHA8, GL_ALPHA, BE_UNORM8, 1},
    {GL_ALPHA16, GL_ALPHA, BE_UNORM16, 1},
    {GL_ALPHA16F_ARB, GL_ALPHA, BE_HALF, 1},
    {GL_ALPHA32F_ARB, GL_ALPHA, BE_FLOAT, 1},
    {GL_ALPHA8I_EXT, GL_ALPHA, BE_S8, 1},
    {GL_ALPHA16I_EXT, GL_ALPHA, BE_S16, 1},
    {GL_ALPHA32I_EXT, GL_ALPHA, BE_S32, 1},
    {GL_ALPHA8UI_EXT, GL_ALPHA, BE_U8, 1},
    {GL_ALPHA16UI_EXT, GL_ALPHA, BE_U16, 1},
    {GL_ALPHA32UI_EXT, GL_ALPHA, BE_U32, 1},

    {GL_LUMINANCE8, GL_LUMINANCE, BE_UNORM8, 1},
    {GL_LUMINANCE16, GL_LUMINANCE, BE_UNORM16, 1},
    {GL_LUMINANCE16F_ARB, GL_LUMINANCE, BE_HALF, 1},
    {GL_LUMINANCE32F_ARB, GL_LUMINANCE, BE_FLOAT, 1},
    {GL_LUMINANCE8I_EXT, GL_LUMINANCE, BE_S8, 1},
    {GL_LUMINANCE16I_EXT, GL_LUMINANCE, BE_S16, 1},
    {GL_LUMINANCE32I_EXT, GL_LUMINANCE, BE_S32, 1},
    {GL_LUMINANCE8UI_EXT, GL_LUMINANCE, BE_U8, 1},
    {GL_LUMINANCE16UI_EXT, GL_LUMINANCE, BE_U16, 1},
    {GL_LUMINANCE32UI_EXT, GL_LUMINANCE, BE_U32, 1},

    {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, BE_UNORM8, 2},
    {GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, BE_UNORM16, 2},
    {GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, BE_HALF, 2},
    {GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, BE_FLOAT, 2},
    {GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA, BE_S8, 2},
    {GL_LUMINANCE_ALPHA16I_EXT, GL_LUMINANCE_ALPHA, BE_S16, 2},
    {GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA, BE_S32, 2},
    {GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA, BE_U8, 2},
    {GL_LUMINANCE_ALPHA16UI_EXT, GL_LUMINANCE_ALPHA, BE_U16, 2},
    {GL_LUMINANCE_ALPHA32UI_EXT, GL_LUMINANCE_ALPHA, BE_U32, 2},

    {GL_INTENSITY8, GL_INTENSITY, BE_UNORM8, 1},
    {GL_INTENSITY16, GL_INTENSITY, BE_UNORM16, 1},
    {GL_INTENSITY16F_ARB, GL_INTENSITY, BE_HALF, 1},
    {GL_INTENSITY32F_ARB, GL_INTENSITY, BE_FLOAT, 1},
    {GL_INTENSITY8I_EXT, GL_INTENSITY, BE_S8, 1},
    {GL_INTENSITY16I_EXT, GL_INTENSITY, BE_S16, 1},
    {GL_INTENSITY32I_EXT, GL_INTENSITY, BE_S32, 1},
    {GL_INTENSITY8UI_EXT, GL_INTENSITY, BE_U8, 1},
    {GL_INTENSITY16UI_EXT, GL_INTENSITY, BE_U16, 1},
    {GL_INTENSITY32UI_EXT, GL_INTENSITY, BE_U32, 1},

    {GL_RGBA8, GL_RGBA, BE_UNORM8, 4},
    {GL_RGBA16, GL_RGBA, BE_UNORM16, 4},
    {GL_RGBA16F_ARB, GL_RGBA, BE_HALF, 4},
    {GL_RGBA32F_ARB, GL_RGBA, BE_FLOAT, 4},
    {GL_RGBA8I_EXT, GL_RGBA, BE_S8, 4},
    {GL_RGBA16I_EXT, GL_RGBA, BE_S16, 4},
    {GL_RGBA32I_EXT, GL_RGBA, BE_S32, 4},
    {GL_RGBA8UI_EXT, GL_RGBA, BE_U8, 4},
    {GL_RGBA16UI_EXT, GL_RGBA, BE_U16, 4},
    {GL_RGBA32UI_EXT, GL_RGBA, BE_U32, 4},

    {GL_R8, GL_RED, BE_UNORM8, 1},
    {GL_R16, GL_RED, BE_UNORM16, 1},
    {GL_R16F, GL_RED, BE_HALF, 1},
    {GL_R32F, GL_RED, BE_FLOAT, 1},
    {GL_R8I, GL_RED, BE_S8, 1},
    {GL_R16I, GL_RED, BE_S16, 1},
    {GL_R32I, GL_RED, BE_S32, 1},
    {GL_R8UI, GL_RED, BE_U8, 1},
    {GL_R16UI, GL_RED, BE_U16, 1},
    {GL_R32UI, GL_RED, BE_U32, 1},

    {GL_RG8, GL_RG, BE_UNORM8, 2},
    {GL_RG16, GL_RG, BE_UNORM16, 2},
    {GL_RG16F, GL_RG, BE_HALF, 2},
    {GL_RG32F, GL_RG, BE_FLOAT, 2},
    {GL_RG8I, GL_RG, BE_S8, 2},
    {GL_RG16I, GL_RG, BE_S16, 2},
    {GL_RG32I, GL_RG, BE_S32, 2},
    {GL_RG8UI, GL_RG, BE_U8, 2},
    {GL_RG16UI, GL_RG, BE_U16, 2},
    {GL_RG32UI, GL_RG, BE_U32, 2},
};

static const uint8_t elem_bytes[] = {1, 2, 2, 4, 1, 2, 4, 1, 2, 4};

static const buf_fmt *buf_fmt_find(GLenum internal_format)
{
    for (size_t i = 0; i < sizeof buf_table / sizeof buf_table[0]; i++)
        if (buf_table[i].internal_format == internal_format)
            return &buf_table[i];
    return NULL;
}

static bool elem_is_int(int e)
{
    return e >= BE_S8;
}

bool tex_buffer_format_info(GLenum internal_format, size_t *texel_bytes)
{
    const buf_fmt *f = buf_fmt_find(internal_format);
    if (!f)
        return false;
    if (texel_bytes)
        *texel_bytes = (size_t)elem_bytes[f->elem] * f->count;
    return true;
}

GLenum tex_buffer_attach(tex_object *t, GLenum internal_format, const void *data, size_t size)
{
    if (!t || t->target != GL_TEXTURE_BUFFER_ARB)
        return GL_INVALID_OPERATION;
    const buf_fmt *f = buf_fmt_find(internal_format);
    if (!f)
        return GL_INVALID_ENUM;
    size_t tb = (size_t)elem_bytes[f->elem] * f->count;
    size_t n = data ? size / tb : 0;
    t->buffer.internal_format = internal_format;
    t->buffer.data = data;
    t->buffer.size = data ? size : 0;
    /* "The number of texels ... is then clamped to MAX_TEXTURE_BUFFER_SIZE_ARB" */
    t->buffer.texels = n > (size_t)TEX_MAX_BUFFER_TEXELS ? TEX_MAX_BUFFER_TEXELS : (int)n;
    return GL_NO_ERROR;
}

bool tex_buffer_is_int(const tex_object *t)
{
    const buf_fmt *f = buf_fmt_find(t->buffer.internal_format);
    return f && elem_is_int(f->elem);
}

/* Element m of a texel as a float (normalised by GL 2.1 table 2.9: c/255,
 * c/65535) or as raw 32-bit integer bits. */
static gp_val read_elem(int e, const uint8_t *p)
{
    gp_val v;
    uint16_t h;
    switch (e) {
    case BE_UNORM8: v.f = tex_u8_to_float[p[0]]; break;
    case BE_UNORM16: memcpy(&h, p, 2); v.f = (float)h / 65535.0f; break;
    case BE_HALF: memcpy(&h, p, 2); v.f = tex_half_to_float(h); break;
    case BE_FLOAT: memcpy(&v.f, p, 4); break;
    case BE_S8: v.i = (int8_t)p[0]; break;
    case BE_S16: { int16_t s; memcpy(&s, p, 2); v.i = s; break; }
    case BE_S32: memcpy(&v.i, p, 4); break;
    case BE_U8: v.u = p[0]; break;
    case BE_U16: memcpy(&h, p, 2); v.u = h; break;
    default: memcpy(&v.u, p, 4); break; /* BE_U32 */
    }
    return v;
}

void tex_buffer_fetch(const tex_object *t, int32_t index, gp_val out[4])
{
    memset(out, 0, 4 * sizeof(gp_val));
    const tex_buffer_view *b = &t->buffer;
    const buf_fmt *f = buf_fmt_find(b->internal_format);
    /* out of range or no buffer: undefined in the spec, (0,0,0,0) here */
    if (!f || !b->data || index < 0 || index >= b->texels)
        return;
    size_t eb = elem_bytes[f->elem];
    const uint8_t *p = (const uint8_t *)b->data + (size_t)index * eb * f->count;
    gp_val c[4];
    for (int m = 0; m < f->count; m++)
        c[m] = read_elem(f->elem, p + (size_t)m * eb);
    gp_val one;
    if (elem_is_int(f->elem))
        one.i = 1;
    else
        one.f = 1.0f;
    gp_val zero;
    zero.u = 0; /* 0.0f and integer 0 share their bits */
    /* table 3.21: the texture source colour of each base format */
    switch (f->base_format) {
    case GL_ALPHA: out[0] = out[1] = out[2] = zero; out[3] = c[0]; break;
    case GL_LUMINANCE: out[0] = out[1] = out[2] = c[0]; out[3] = one; break;
    case GL_LUMINANCE_ALPHA: out[0] = out[1] = out[2] = c[0]; out[3] = c[1]; break;
    case GL_INTENSITY: out[0] = out[1] = out[2] = out[3] = c[0]; break;
    case GL_RED: out[0] = c[0]; out[1] = out[2] = zero; out[3] = one; break;
    case GL_RG: out[0] = c[0]; out[1] = c[1]; out[2] = zero; out[3] = one; break;
    default: memcpy(out, c, 4 * sizeof(gp_val)); break; /* RGBA */
    }
}
