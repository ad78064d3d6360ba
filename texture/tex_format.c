/*
 * tex_format.c - pixel transfer between client memory and float RGBA, and the
 * internal-format table.  API thread (the conversion tables are read-only and
 * are also read by workers).
 *
 * Unpacking follows GL 2.1 section 3.6.4 (Rasterization of Pixel Rectangles:
 * unpacking, conversion to float, conversion to RGB, final expansion to
 * RGBA); packing follows section 4.3.2 (Reading Pixels: conversion to L,
 * final conversion with table 4.7, placement in client memory).  Pixel
 * transfer operations (scale/bias, maps, colour table) belong to gl/ and are
 * not applied here.
 *
 * Client layout (GL 2.1 section 3.6.4, figure 3.8), in bytes:
 *
 *   base
 *    |<- skip ->|
 *    +----------+------------------------------------------------+
 *    | skip_images * image_stride + skip_rows * row_stride        |
 *    | + skip_pixels * group                                      |
 *    +------------------------------------------------------------+
 *    row j of image k starts at base + skip + k*image_stride + j*row_stride
 *    row_stride   = n*s*l               if s >= alignment
 *                 = a * ceil(n*s*l / a) otherwise      (l = ROW_LENGTH or w)
 *    image_stride = row_stride * (IMAGE_HEIGHT or h)
 *
 * where n is the number of elements in a group and s the element size.
 * Packed types have one element a group (two 32-bit elements for
 * FLOAT_32_UNSIGNED_INT_24_8_REV); SWAP_BYTES swaps each element.
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "tex_priv.h"

/* ---- conversion tables ---------------------------------------------------- */

#define U8F(c) ((float)(c) / 255.0f)
#define U8F4(c) U8F(c), U8F((c) + 1), U8F((c) + 2), U8F((c) + 3)
#define U8F16(c) U8F4(c), U8F4((c) + 4), U8F4((c) + 8), U8F4((c) + 12)
#define U8F64(c) U8F16(c), U8F16((c) + 16), U8F16((c) + 32), U8F16((c) + 48)
const float tex_u8_to_float[256] = {U8F64(0), U8F64(64), U8F64(128), U8F64(192)};

/* sRGB-encoded byte c -> linear (GL 2.1 section 3.8.15, EXT_texture_sRGB):
 * c/255 / 12.92 up to 0.04045, ((c/255 + 0.055) / 1.055)^2.4 above,
 * evaluated in double and rounded to float. */
const float tex_srgb8_to_linear[256] = {
    0.0f, 0.000303526991f, 0.000607053982f, 0.000910580973f, 0.00121410796f, 0.00151763496f,
    0.00182116195f, 0.00212468882f, 0.00242821593f, 0.0027317428f, 0.00303526991f, 0.00334653584f,
    0.00367650739f, 0.00402471703f, 0.00439144205f, 0.00477695325f, 0.00518151652f, 0.00560539169f,
    0.00604883302f, 0.00651209056f, 0.00699541019f, 0.00749903219f, 0.00802319311f, 0.00856812578f,
    0.00913405884f, 0.00972121768f, 0.010329823f, 0.0109600937f, 0.0116122449f, 0.012286488f,
    0.0129830325f, 0.0137020834f, 0.0144438436f, 0.0152085144f, 0.0159962941f, 0.0168073755f,
    0.0176419541f, 0.01850022f, 0.0193823613f, 0.0202885624f, 0.0212190095f, 0.0221738853f,
    0.0231533665f, 0.0241576321f, 0.0251868591f, 0.0262412224f, 0.0273208916f, 0.02842604f,
    0.0295568351f, 0.0307134446f, 0.0318960324f, 0.0331047662f, 0.0343398079f, 0.0356013142f,
    0.0368894488f, 0.0382043719f, 0.0395462364f, 0.0409151986f, 0.0423114114f, 0.043735031f,
    0.045186203f, 0.0466650873f, 0.0481718257f, 0.0497065671f, 0.0512694567f, 0.0528606474f,
    0.054480277f, 0.0561284907f, 0.0578054301f, 0.0595112368f, 0.0612460524f, 0.0630100146f,
    0.064803265f, 0.0666259378f, 0.0684781671f, 0.0703600943f, 0.0722718537f, 0.0742135718f,
    0.0761853829f, 0.078187421f, 0.0802198201f, 0.0822827071f, 0.0843762085f, 0.0865004584f,
    0.0886555836f, 0.0908417106f, 0.0930589661f, 0.0953074694f, 0.097587347f, 0.0998987257f,
    0.102241732f, 0.104616486f, 0.107023105f, 0.10946171f, 0.111932427f, 0.114435375f,
    0.116970666f, 0.119538426f, 0.122138776f, 0.124771819f, 0.127437681f, 0.130136475f,
    0.13286832f, 0.135633335f, 0.138431609f, 0.141263291f, 0.144128472f, 0.147027269f,
    0.149959788f, 0.152926147f, 0.155926466f, 0.158960834f, 0.162029371f, 0.165132195f,
    0.168269396f, 0.171441108f, 0.174647406f, 0.177888423f, 0.18116425f, 0.18447499f,
    0.187820777f, 0.191201687f, 0.194617838f, 0.198069319f, 0.20155625f, 0.205078736f,
    0.208636865f, 0.212230757f, 0.215860501f, 0.219526201f, 0.223227963f, 0.226965874f,
    0.230740055f, 0.23455058f, 0.238397568f, 0.242281124f, 0.246201321f, 0.25015828f,
    0.254152089f, 0.258182853f, 0.262250662f, 0.266355604f, 0.270497799f, 0.274677306f,
    0.278894275f, 0.283148736f, 0.287440836f, 0.291770637f, 0.296138257f, 0.300543785f,
    0.304987311f, 0.309468925f, 0.313988715f, 0.318546772f, 0.323143214f, 0.327778101f,
    0.332451522f, 0.337163627f, 0.341914415f, 0.346704066f, 0.351532608f, 0.356400132f,
    0.361306787f, 0.366252601f, 0.371237695f, 0.376262128f, 0.38132602f, 0.386429429f,
    0.391572475f, 0.396755219f, 0.401977777f, 0.407240212f, 0.412542611f, 0.417885065f,
    0.423267663f, 0.428690493f, 0.434153646f, 0.439657182f, 0.445201188f, 0.450785786f,
    0.456411034f, 0.462076992f, 0.467783809f, 0.473531485f, 0.479320168f, 0.48514995f,
    0.491020858f, 0.496932983f, 0.502886474f, 0.50888133f, 0.514917672f, 0.520995557f,
    0.527115107f, 0.533276379f, 0.539479494f, 0.545724452f, 0.55201143f, 0.558340371f,
    0.564711511f, 0.571124852f, 0.577580452f, 0.584078431f, 0.590618849f, 0.597201765f,
    0.603827357f, 0.610495567f, 0.617206573f, 0.623960376f, 0.630757153f, 0.637596846f,
    0.644479692f, 0.651405632f, 0.658374846f, 0.665387273f, 0.672443151f, 0.679542482f,
    0.686685324f, 0.693871737f, 0.701101899f, 0.708375752f, 0.715693474f, 0.723055124f,
    0.730460763f, 0.73791039f, 0.745404184f, 0.752942204f, 0.760524511f, 0.768151164f,
    0.775822222f, 0.783537805f, 0.791297913f, 0.799102724f, 0.806952238f, 0.814846575f,
    0.822785735f, 0.830769897f, 0.838799f, 0.846873224f, 0.854992628f, 0.863157213f,
    0.871367097f, 0.8796224f, 0.887923121f, 0.896269381f, 0.904661179f, 0.913098633f,
    0.921581864f, 0.930110872f, 0.938685715f, 0.947306514f, 0.955973327f, 0.964686275f,
    0.973445296f, 0.982250571f, 0.991102099f, 1.0f,
};

static uint32_t float_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static float bits_float(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* ---- packed floats (EXT_packed_float, EXT_texture_shared_exponent) ------------------- */

/* An unsigned float of 5 exponent bits (bias 15) and m mantissa bits. */
static uint32_t ufloat_pack(float f, int m)
{
    uint32_t inf = 31u << m;
    if (f != f)
        return inf | 1u; /* NaN */
    if (!(f > 0.0f))
        return 0; /* negative, -0, -inf */
    if (f == INFINITY)
        return inf;
    int ex;
    float fr = frexpf(f, &ex); /* f = fr 2^ex, fr in [0.5, 1) */
    int biased = ex - 1 + 15;
    if (biased >= 31)
        return (30u << m) | ((1u << m) - 1u); /* the largest finite value */
    if (biased <= 0) /* denormal: mant 2^(-14 - m) */
        return (uint32_t)ldexpf(f, 14 + m);
    return ((uint32_t)biased << m) | (uint32_t)ldexpf(2.0f * fr - 1.0f, m);
}

static float ufloat_unpack(uint32_t v, int m)
{
    uint32_t e = v >> m, mant = v & ((1u << m) - 1u);
    if (e == 0)
        return ldexpf((float)mant, -14 - m);
    if (e == 31)
        return mant ? NAN : INFINITY;
    return ldexpf(1.0f + ldexpf((float)mant, -m), (int)e - 15);
}

uint32_t tex_pack_r11g11b10f(const float rgb[3])
{
    return ufloat_pack(rgb[0], 6) | ufloat_pack(rgb[1], 6) << 11 | ufloat_pack(rgb[2], 5) << 22;
}

void tex_unpack_r11g11b10f(uint32_t w, float rgb[3])
{
    rgb[0] = ufloat_unpack(w & 0x7ffu, 6);
    rgb[1] = ufloat_unpack((w >> 11) & 0x7ffu, 6);
    rgb[2] = ufloat_unpack(w >> 22, 5);
}

/* EXT_texture_shared_exponent section 3.8.x "Encoding of shared exponent
 * formats": N = 9 mantissa bits, B = 15, Emax = 31. */
uint32_t tex_pack_rgb9e5(const float rgb[3])
{
    const float max_v = ldexpf(511.0f / 512.0f, 16); /* sharedexp_max = 65408 */
    float c[3], max_c = 0.0f;
    for (int i = 0; i < 3; i++) {
        float v = rgb[i];
        c[i] = v > 0.0f ? (v < max_v ? v : max_v) : 0.0f; /* NaN: 0 */
        if (c[i] > max_c)
            max_c = c[i];
    }
    int fl = -16; /* max(-B - 1, floor(log2(max_c))) */
    if (max_c > 0.0f) {
        int ex;
        frexpf(max_c, &ex);
        if (ex - 1 > fl)
            fl = ex - 1;
    }
    int e = fl + 1 + 15;
    if ((uint32_t)floorf(ldexpf(max_c, 15 + 9 - e) + 0.5f) == 512u)
        e++;
    uint32_t w = (uint32_t)e << 27;
    for (int i = 0; i < 3; i++)
        w |= (uint32_t)floorf(ldexpf(c[i], 15 + 9 - e) + 0.5f) << (9 * i);
    return w;
}

void tex_unpack_rgb9e5(uint32_t w, float rgb[3])
{
    int e = (int)(w >> 27);
    for (int i = 0; i < 3; i++)
        rgb[i] = ldexpf((float)((w >> (9 * i)) & 0x1ffu), e - 15 - 9);
}

float tex_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t mant = h & 0x3ffu;
    if (exp == 0) {
        /* zero or subnormal: mant * 2^-24, exact in binary32 */
        float v = (float)mant * (1.0f / 16777216.0f);
        return sign ? -v : v;
    }
    if (exp == 31)
        return bits_float(sign | 0x7f800000u | (mant << 13));
    return bits_float(sign | ((exp + 112u) << 23) | (mant << 13));
}

uint16_t tex_float_to_half(float f)
{
    uint32_t x = float_bits(f);
    uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
    uint32_t ax = x & 0x7fffffffu;
    if (ax >= 0x7f800000u) /* inf, NaN (keeps a quiet NaN) */
        return (uint16_t)(sign | 0x7c00u | (ax > 0x7f800000u ? 0x200u : 0u));
    if (ax >= 0x477ff000u) /* >= 65520 rounds to infinity */
        return (uint16_t)(sign | 0x7c00u);
    if (ax < 0x38800000u) {
        /* below 2^-14: a subnormal half, mant = round(|f| * 2^24) (exact
         * scaling, then nearest-even; 1024 is the smallest normal) */
        float v = nearbyintf(bits_float(ax) * 16777216.0f);
        return (uint16_t)(sign | (uint16_t)v);
    }
    uint32_t h = ((((ax >> 23) - 112u)) << 10) | ((ax >> 13) & 0x3ffu);
    uint32_t rem = ax & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u)))
        h++; /* a carry into the exponent is the right result */
    return (uint16_t)(sign | h);
}

float tex_srgb_to_linear(float c)
{
    if (c <= 0.04045f)
        return c / 12.92f;
    return powf((c + 0.055f) / 1.055f, 2.4f);
}

float tex_linear_to_srgb(float c)
{
    if (!(c > 0.0f))
        return 0.0f;
    if (c >= 1.0f)
        return 1.0f;
    if (c < 0.0031308f)
        return c * 12.92f;
    return 1.055f * powf(c, 1.0f / 2.4f) - 0.055f;
}

/* ---- internal formats ------------------------------------------------------- */

#define F8 TEX_FMT_RGBA8
#define FF TEX_FMT_RGBA32F
#define FD TEX_FMT_DEPTH32F
#define FI TEX_FMT_RGBA32I
#define FU TEX_FMT_RGBA32UI
#define SI TEX_IF_SINT
#define UI TEX_IF_UINT

/* GL 2.1 section 3.8.1 tables 3.15-3.17: the base format each internal format
 * names.  Storage: GL lets the implementation choose component resolutions
 * ("the GL ... with internal component resolutions of its own choosing"), and
 * asmgl keeps every format of 8 bits or fewer a component in RGBA8 (so RGB5,
 * RGBA4, R3_G3_B2 ... are not quantised to their nominal precision), wider
 * fixed-point formats in RGBA32F clamped to [0,1], float formats
 * (ARB_texture_float) in RGBA32F unclamped (16F is kept at 32-bit precision),
 * signed normalized formats (EXT_texture_snorm) in RGBA32F clamped to [-1,1],
 * sRGB formats linearised in RGBA32F, depth in DEPTH32F, and integer formats
 * (EXT_texture_integer, ARB_texture_rg) in RGBA32I / RGBA32UI with values
 * clamped at upload to the range of their nominal size (int_bits). */
static const tex_ifmt ifmt_table[] = {
    {1, GL_LUMINANCE, F8, 0, 0},
    {2, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {3, GL_RGB, F8, 0, 0},
    {4, GL_RGBA, F8, 0, 0},
    {GL_ALPHA, GL_ALPHA, F8, 0, 0},
    {GL_ALPHA4, GL_ALPHA, F8, 0, 0},
    {GL_ALPHA8, GL_ALPHA, F8, 0, 0},
    {GL_ALPHA12, GL_ALPHA, FF, 0, 0},
    {GL_ALPHA16, GL_ALPHA, FF, 0, 0},
    {GL_LUMINANCE, GL_LUMINANCE, F8, 0, 0},
    {GL_LUMINANCE4, GL_LUMINANCE, F8, 0, 0},
    {GL_LUMINANCE8, GL_LUMINANCE, F8, 0, 0},
    {GL_LUMINANCE12, GL_LUMINANCE, FF, 0, 0},
    {GL_LUMINANCE16, GL_LUMINANCE, FF, 0, 0},
    {GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {GL_LUMINANCE4_ALPHA4, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {GL_LUMINANCE6_ALPHA2, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {GL_LUMINANCE12_ALPHA4, GL_LUMINANCE_ALPHA, FF, 0, 0},
    {GL_LUMINANCE12_ALPHA12, GL_LUMINANCE_ALPHA, FF, 0, 0},
    {GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, FF, 0, 0},
    {GL_INTENSITY, GL_INTENSITY, F8, 0, 0},
    {GL_INTENSITY4, GL_INTENSITY, F8, 0, 0},
    {GL_INTENSITY8, GL_INTENSITY, F8, 0, 0},
    {GL_INTENSITY12, GL_INTENSITY, FF, 0, 0},
    {GL_INTENSITY16, GL_INTENSITY, FF, 0, 0},
    {GL_RGB, GL_RGB, F8, 0, 0},
    {GL_R3_G3_B2, GL_RGB, F8, 0, 0},
    {GL_RGB4, GL_RGB, F8, 0, 0},
    {GL_RGB5, GL_RGB, F8, 0, 0},
    {GL_RGB565, GL_RGB, F8, 0, 0}, /* ARB_ES2_compatibility */
    {GL_RGB8, GL_RGB, F8, 0, 0},
    {GL_RGB10, GL_RGB, FF, 0, 0},
    {GL_RGB12, GL_RGB, FF, 0, 0},
    {GL_RGB16, GL_RGB, FF, 0, 0},
    {GL_RGBA, GL_RGBA, F8, 0, 0},
    {GL_RGBA2, GL_RGBA, F8, 0, 0},
    {GL_RGBA4, GL_RGBA, F8, 0, 0},
    {GL_RGB5_A1, GL_RGBA, F8, 0, 0},
    {GL_RGBA8, GL_RGBA, F8, 0, 0},
    {GL_RGB10_A2, GL_RGBA, FF, 0, 0},
    {GL_RGBA12, GL_RGBA, FF, 0, 0},
    {GL_RGBA16, GL_RGBA, FF, 0, 0},
    /* ARB_texture_rg (GL 3.0) */
    {GL_RED, GL_RED, F8, 0, 0},
    {GL_R8, GL_RED, F8, 0, 0},
    {GL_R16, GL_RED, FF, 0, 0},
    {GL_RG, GL_RG, F8, 0, 0},
    {GL_RG8, GL_RG, F8, 0, 0},
    {GL_RG16, GL_RG, FF, 0, 0},
    {GL_R16F, GL_RED, FF, TEX_IF_FLOAT, 0},
    {GL_R32F, GL_RED, FF, TEX_IF_FLOAT, 0},
    {GL_RG16F, GL_RG, FF, TEX_IF_FLOAT, 0},
    {GL_RG32F, GL_RG, FF, TEX_IF_FLOAT, 0},
    /* EXT_texture_snorm (GL 3.1 table 3.12 for RED .. RGBA) */
    {GL_RED_SNORM, GL_RED, FF, TEX_IF_SNORM, 0},
    {GL_R8_SNORM, GL_RED, FF, TEX_IF_SNORM, 0},
    {GL_R16_SNORM, GL_RED, FF, TEX_IF_SNORM, 0},
    {GL_RG_SNORM, GL_RG, FF, TEX_IF_SNORM, 0},
    {GL_RG8_SNORM, GL_RG, FF, TEX_IF_SNORM, 0},
    {GL_RG16_SNORM, GL_RG, FF, TEX_IF_SNORM, 0},
    {GL_RGB_SNORM, GL_RGB, FF, TEX_IF_SNORM, 0},
    {GL_RGB8_SNORM, GL_RGB, FF, TEX_IF_SNORM, 0},
    {GL_RGB16_SNORM, GL_RGB, FF, TEX_IF_SNORM, 0},
    {GL_RGBA_SNORM, GL_RGBA, FF, TEX_IF_SNORM, 0},
    {GL_RGBA8_SNORM, GL_RGBA, FF, TEX_IF_SNORM, 0},
    {GL_RGBA16_SNORM, GL_RGBA, FF, TEX_IF_SNORM, 0},
    {GL_ALPHA_SNORM, GL_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_ALPHA8_SNORM, GL_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_ALPHA16_SNORM, GL_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE_SNORM, GL_LUMINANCE, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE8_SNORM, GL_LUMINANCE, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE16_SNORM, GL_LUMINANCE, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE_ALPHA_SNORM, GL_LUMINANCE_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE8_ALPHA8_SNORM, GL_LUMINANCE_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_LUMINANCE16_ALPHA16_SNORM, GL_LUMINANCE_ALPHA, FF, TEX_IF_SNORM, 0},
    {GL_INTENSITY_SNORM, GL_INTENSITY, FF, TEX_IF_SNORM, 0},
    {GL_INTENSITY8_SNORM, GL_INTENSITY, FF, TEX_IF_SNORM, 0},
    {GL_INTENSITY16_SNORM, GL_INTENSITY, FF, TEX_IF_SNORM, 0},
    /* EXT_packed_float, EXT_texture_shared_exponent (GL 3.0) */
    {GL_R11F_G11F_B10F, GL_RGB, FF, TEX_IF_FLOAT | TEX_IF_R11G11B10F, 0},
    {GL_RGB9_E5, GL_RGB, FF, TEX_IF_FLOAT | TEX_IF_RGB9E5, 0},
    /* ARB_texture_float */
    {GL_RGBA32F_ARB, GL_RGBA, FF, TEX_IF_FLOAT, 0},
    {GL_RGB32F_ARB, GL_RGB, FF, TEX_IF_FLOAT, 0},
    {GL_ALPHA32F_ARB, GL_ALPHA, FF, TEX_IF_FLOAT, 0},
    {GL_INTENSITY32F_ARB, GL_INTENSITY, FF, TEX_IF_FLOAT, 0},
    {GL_LUMINANCE32F_ARB, GL_LUMINANCE, FF, TEX_IF_FLOAT, 0},
    {GL_LUMINANCE_ALPHA32F_ARB, GL_LUMINANCE_ALPHA, FF, TEX_IF_FLOAT, 0},
    {GL_RGBA16F_ARB, GL_RGBA, FF, TEX_IF_FLOAT, 0},
    {GL_RGB16F_ARB, GL_RGB, FF, TEX_IF_FLOAT, 0},
    {GL_ALPHA16F_ARB, GL_ALPHA, FF, TEX_IF_FLOAT, 0},
    {GL_INTENSITY16F_ARB, GL_INTENSITY, FF, TEX_IF_FLOAT, 0},
    {GL_LUMINANCE16F_ARB, GL_LUMINANCE, FF, TEX_IF_FLOAT, 0},
    {GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, FF, TEX_IF_FLOAT, 0},
    /* EXT_texture_sRGB (GL 2.1 core) */
    {GL_SRGB, GL_RGB, F8, TEX_IF_SRGB, 0},
    {GL_SRGB8, GL_RGB, F8, TEX_IF_SRGB, 0},
    {GL_SRGB_ALPHA, GL_RGBA, F8, TEX_IF_SRGB, 0},
    {GL_SRGB8_ALPHA8, GL_RGBA, F8, TEX_IF_SRGB, 0},
    {GL_SLUMINANCE, GL_LUMINANCE, F8, TEX_IF_SRGB, 0},
    {GL_SLUMINANCE8, GL_LUMINANCE, F8, TEX_IF_SRGB, 0},
    {GL_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, F8, TEX_IF_SRGB, 0},
    {GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, F8, TEX_IF_SRGB, 0},
    /* generic compressed formats: GL 2.1 section 3.8.3 lets them be stored
     * uncompressed */
    {GL_COMPRESSED_ALPHA, GL_ALPHA, F8, 0, 0},
    {GL_COMPRESSED_LUMINANCE, GL_LUMINANCE, F8, 0, 0},
    {GL_COMPRESSED_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, F8, 0, 0},
    {GL_COMPRESSED_INTENSITY, GL_INTENSITY, F8, 0, 0},
    {GL_COMPRESSED_RGB, GL_RGB, F8, 0, 0},
    {GL_COMPRESSED_RGBA, GL_RGBA, F8, 0, 0},
    {GL_COMPRESSED_RED, GL_RED, F8, 0, 0},
    {GL_COMPRESSED_RG, GL_RG, F8, 0, 0},
    {GL_COMPRESSED_SRGB, GL_RGB, F8, TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SRGB_ALPHA, GL_RGBA, F8, TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SLUMINANCE, GL_LUMINANCE, F8, TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SLUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, F8, TEX_IF_SRGB, 0},
    /* EXT_texture_compression_s3tc (and EXT_texture_sRGB's S3TC formats):
     * kept as compressed blocks (tex_image.blocks) beside their decoded
     * texels, which sampling reads (tex_compressed.c) */
    {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, GL_RGBA, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, F8, TEX_IF_BLOCKS | TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, GL_RGBA, F8, TEX_IF_BLOCKS | TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_RGBA, F8, TEX_IF_BLOCKS | TEX_IF_SRGB, 0},
    {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_RGBA, F8, TEX_IF_BLOCKS | TEX_IF_SRGB, 0},
    /* ARB_texture_compression_rgtc (GL 3.0): as S3TC; the signed forms
     * decode into RGBA32F (EXT_texture_snorm's clamping) */
    {GL_COMPRESSED_RED_RGTC1, GL_RED, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, FF, TEX_IF_BLOCKS | TEX_IF_SNORM, 0},
    {GL_COMPRESSED_RG_RGTC2, GL_RG, F8, TEX_IF_BLOCKS, 0},
    {GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, FF, TEX_IF_BLOCKS | TEX_IF_SNORM, 0},
    /* ARB_depth_texture, ARB_depth_buffer_float, EXT_packed_depth_stencil */
    {GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, FD, 0, 0},
    {GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, FD, 0, 0},
    {GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, FD, 0, 0},
    {GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, FD, 0, 0},
    {GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, FD, TEX_IF_FLOAT, 0},
    {GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, FD, 0, 0},
    {GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, FD, 0, 0},
    {GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, FD, TEX_IF_FLOAT, 0},
    /* EXT_texture_integer */
    {GL_RGBA32UI_EXT, GL_RGBA, FU, UI, 32},
    {GL_RGB32UI_EXT, GL_RGB, FU, UI, 32},
    {GL_ALPHA32UI_EXT, GL_ALPHA, FU, UI, 32},
    {GL_INTENSITY32UI_EXT, GL_INTENSITY, FU, UI, 32},
    {GL_LUMINANCE32UI_EXT, GL_LUMINANCE, FU, UI, 32},
    {GL_LUMINANCE_ALPHA32UI_EXT, GL_LUMINANCE_ALPHA, FU, UI, 32},
    {GL_RGBA16UI_EXT, GL_RGBA, FU, UI, 16},
    {GL_RGB16UI_EXT, GL_RGB, FU, UI, 16},
    {GL_ALPHA16UI_EXT, GL_ALPHA, FU, UI, 16},
    {GL_INTENSITY16UI_EXT, GL_INTENSITY, FU, UI, 16},
    {GL_LUMINANCE16UI_EXT, GL_LUMINANCE, FU, UI, 16},
    {GL_LUMINANCE_ALPHA16UI_EXT, GL_LUMINANCE_ALPHA, FU, UI, 16},
    {GL_RGBA8UI_EXT, GL_RGBA, FU, UI, 8},
    {GL_RGB8UI_EXT, GL_RGB, FU, UI, 8},
    {GL_ALPHA8UI_EXT, GL_ALPHA, FU, UI, 8},
    {GL_INTENSITY8UI_EXT, GL_INTENSITY, FU, UI, 8},
    {GL_LUMINANCE8UI_EXT, GL_LUMINANCE, FU, UI, 8},
    {GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA, FU, UI, 8},
    {GL_RGBA32I_EXT, GL_RGBA, FI, SI, 32},
    {GL_RGB32I_EXT, GL_RGB, FI, SI, 32},
    {GL_ALPHA32I_EXT, GL_ALPHA, FI, SI, 32},
    {GL_INTENSITY32I_EXT, GL_INTENSITY, FI, SI, 32},
    {GL_LUMINANCE32I_EXT, GL_LUMINANCE, FI, SI, 32},
    {GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA, FI, SI, 32},
    {GL_RGBA16I_EXT, GL_RGBA, FI, SI, 16},
    {GL_RGB16I_EXT, GL_RGB, FI, SI, 16},
    {GL_ALPHA16I_EXT, GL_ALPHA, FI, SI, 16},
    {GL_INTENSITY16I_EXT, GL_INTENSITY, FI, SI, 16},
    {GL_LUMINANCE16I_EXT, GL_LUMINANCE, FI, SI, 16},
    {GL_LUMINANCE_ALPHA16I_EXT, GL_LUMINANCE_ALPHA, FI, SI, 16},
    {GL_RGBA8I_EXT, GL_RGBA, FI, SI, 8},
    {GL_RGB8I_EXT, GL_RGB, FI, SI, 8},
    {GL_ALPHA8I_EXT, GL_ALPHA, FI, SI, 8},
    {GL_INTENSITY8I_EXT, GL_INTENSITY, FI, SI, 8},
    {GL_LUMINANCE8I_EXT, GL_LUMINANCE, FI, SI, 8},
    {GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA, FI, SI, 8},
    /* ARB_texture_rg integer formats */
    {GL_R8I, GL_RED, FI, SI, 8},
    {GL_R8UI, GL_RED, FU, UI, 8},
    {GL_R16I, GL_RED, FI, SI, 16},
    {GL_R16UI, GL_RED, FU, UI, 16},
    {GL_R32I, GL_RED, FI, SI, 32},
    {GL_R32UI, GL_RED, FU, UI, 32},
    {GL_RG8I, GL_RG, FI, SI, 8},
    {GL_RG8UI, GL_RG, FU, UI, 8},
    {GL_RG16I, GL_RG, FI, SI, 16},
    {GL_RG16UI, GL_RG, FU, UI, 16},
    {GL_RG32I, GL_RG, FI, SI, 32},
    {GL_RG32UI, GL_RG, FU, UI, 32},
};

void tex_base_apply(GLenum base, bool collapse, const void *in, void *out, size_t size,
                    const void *one)
{
    /* for each RGBA component the value's component it takes, or Z (0) or O (*one) */
    enum { Z = 4, O = 5 };
    static const uint8_t rgba[4] = {0, 1, 2, 3}, alpha[4] = {Z, Z, Z, 3}, lum[4] = {0, 0, 0, O},
                         lum_alpha[4] = {0, 0, 0, 3}, intensity[4] = {0, 0, 0, 0},
                         red[4] = {0, Z, Z, O}, red_alpha[4] = {0, Z, Z, 3}, rg[4] = {0, 1, Z, O},
                         rgb[4] = {0, 1, 2, O};
    const uint8_t *sel;
    switch (base) {
    case GL_ALPHA: sel = alpha; break;
    case GL_LUMINANCE: sel = collapse ? red : lum; break;
    case GL_LUMINANCE_ALPHA: sel = collapse ? red_alpha : lum_alpha; break;
    case GL_INTENSITY: sel = collapse ? red : intensity; break;
    case GL_RED: sel = red; break;
    case GL_RG: sel = rg; break;
    case GL_RGB: sel = rgb; break;
    default: sel = rgba; break;
    }
    unsigned char t[4 * sizeof(int64_t)];
    const unsigned char *src = in;
    for (int c = 0; c < 4; c++) {
        if (sel[c] < 4)
            memcpy(t + (size_t)c * size, src + (size_t)sel[c] * size, size);
        else if (sel[c] == O)
            memcpy(t + (size_t)c * size, one, size);
        else
            memset(t + (size_t)c * size, 0, size);
    }
    memcpy(out, t, 4 * size);
}

/* The table's entries by internal format, for a binary search: draws look
 * up the formats of their attachments (the framebuffer snapshot), so a
 * lookup should not walk the whole table.  Built once; the formats are
 * unique in the table. */
enum { NUM_IFMTS = sizeof ifmt_table / sizeof ifmt_table[0] };
static const tex_ifmt *ifmt_sorted[NUM_IFMTS];
static pthread_once_t ifmt_sorted_once = PTHREAD_ONCE_INIT;

static int ifmt_cmp(const void *a, const void *b)
{
    GLenum x = (*(const tex_ifmt *const *)a)->internal_format;
    GLenum y = (*(const tex_ifmt *const *)b)->internal_format;
    return x < y ? -1 : x > y;
}

static void ifmt_sort(void)
{
    for (size_t i = 0; i < NUM_IFMTS; i++)
        ifmt_sorted[i] = &ifmt_table[i];
    qsort(ifmt_sorted, NUM_IFMTS, sizeof ifmt_sorted[0], ifmt_cmp);
}

const tex_ifmt *tex_ifmt_lookup(GLenum internal_format)
{
    pthread_once(&ifmt_sorted_once, ifmt_sort);
    size_t lo = 0, hi = NUM_IFMTS;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        GLenum f = ifmt_sorted[mid]->internal_format;
        if (f == internal_format)
            return ifmt_sorted[mid];
        if (f < internal_format)
            lo = mid + 1;
        else
            hi = mid;
    }
    return NULL;
}

GLenum tex_internal_format_encoding(GLenum internal_format)
{
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    return f && (f->flags & TEX_IF_SRGB) ? GL_SRGB : GL_LINEAR;
}

GLenum tex_internal_format_type(GLenum internal_format)
{
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!f)
        return GL_NONE;
    if (f->flags & TEX_IF_SINT)
        return GL_INT;
    if (f->flags & TEX_IF_UINT)
        return GL_UNSIGNED_INT;
    if (f->flags & TEX_IF_SNORM)
        return GL_SIGNED_NORMALIZED;
    if ((f->flags & TEX_IF_FLOAT) && f->base_format != GL_DEPTH_COMPONENT &&
        f->base_format != GL_DEPTH_STENCIL)
        return GL_FLOAT;
    return GL_UNSIGNED_NORMALIZED;
}

bool tex_internal_format_info(GLenum internal_format, GLenum *base_format,
                              tex_format *storage)
{
    const tex_ifmt *f = tex_ifmt_lookup(internal_format);
    if (!f)
        return false;
    if (base_format)
        *base_format = f->base_format;
    if (storage)
        *storage = (tex_format)f->storage;
    return true;
}

size_t tex_format_bytes(tex_format f)
{
    switch (f) {
    case TEX_FMT_RGBA8: return 4;
    case TEX_FMT_RGBA32F: return 16;
    case TEX_FMT_DEPTH32F: return 4;
    case TEX_FMT_S8: return 1;
    case TEX_FMT_RGBA32I: return 16;
    case TEX_FMT_RGBA32UI: return 16;
    default: return 0;
    }
}

/* ---- client formats and types ------------------------------------------------ */

enum { CF_COLOR, CF_LUM, CF_LUM_ALPHA, CF_DEPTH, CF_STENCIL, CF_DEPTH_STENCIL };

/* A client format: n components a group; comp[i] is the RGBA slot the i-th
 * component of a group lands in (GL 2.1 table 3.6). */
typedef struct tex_cfmt {
    GLenum format;
    uint8_t kind;
    uint8_t n;
    int8_t comp[4];
    bool integer; /* EXT_texture_integer *_INTEGER formats */
} tex_cfmt;

static const tex_cfmt cfmt_table[] = {
    {GL_RED, CF_COLOR, 1, {0}, false},
    {GL_GREEN, CF_COLOR, 1, {1}, false},
    {GL_BLUE, CF_COLOR, 1, {2}, false},
    {GL_ALPHA, CF_COLOR, 1, {3}, false},
    {GL_RG, CF_COLOR, 2, {0, 1}, false},
    {GL_RGB, CF_COLOR, 3, {0, 1, 2}, false},
    {GL_BGR, CF_COLOR, 3, {2, 1, 0}, false},
    {GL_RGBA, CF_COLOR, 4, {0, 1, 2, 3}, false},
    {GL_BGRA, CF_COLOR, 4, {2, 1, 0, 3}, false},
    {GL_ABGR_EXT, CF_COLOR, 4, {3, 2, 1, 0}, false},
    {GL_LUMINANCE, CF_LUM, 1, {0}, false},
    {GL_LUMINANCE_ALPHA, CF_LUM_ALPHA, 2, {0, 3}, false},
    {GL_DEPTH_COMPONENT, CF_DEPTH, 1, {0}, false},
    {GL_STENCIL_INDEX, CF_STENCIL, 1, {0}, false},
    {GL_DEPTH_STENCIL, CF_DEPTH_STENCIL, 2, {0, 1}, false},
    /* EXT_texture_integer table 3.6 additions, RG_INTEGER from ARB_texture_rg */
    {GL_RED_INTEGER_EXT, CF_COLOR, 1, {0}, true},
    {GL_GREEN_INTEGER_EXT, CF_COLOR, 1, {1}, true},
    {GL_BLUE_INTEGER_EXT, CF_COLOR, 1, {2}, true},
    {GL_ALPHA_INTEGER_EXT, CF_COLOR, 1, {3}, true},
    {GL_RG_INTEGER, CF_COLOR, 2, {0, 1}, true},
    {GL_RGB_INTEGER_EXT, CF_COLOR, 3, {0, 1, 2}, true},
    {GL_BGR_INTEGER_EXT, CF_COLOR, 3, {2, 1, 0}, true},
    {GL_RGBA_INTEGER_EXT, CF_COLOR, 4, {0, 1, 2, 3}, true},
    {GL_BGRA_INTEGER_EXT, CF_COLOR, 4, {2, 1, 0, 3}, true},
    {GL_LUMINANCE_INTEGER_EXT, CF_LUM, 1, {0}, true},
    {GL_LUMINANCE_ALPHA_INTEGER_EXT, CF_LUM_ALPHA, 2, {0, 3}, true},
};

enum {
    CT_UNORM, CT_SNORM, CT_FLOAT, CT_HALF, CT_PACKED, CT_DS_24_8, CT_DS_32F_24_8, CT_BITMAP,
    CT_R11G11B10F, /* EXT_packed_float: UNSIGNED_INT_10F_11F_11F_REV, RGB only */
    CT_RGB9E5      /* EXT_texture_shared_exponent: UNSIGNED_INT_5_9_9_9_REV, RGB only */
};

/* A client type: elements of size bytes, elems a group for packed types
 * (0 = one element a component); packed fields in component order, bits and
 * shift (GL 2.1 tables 3.8-3.11: the first component is in the most
 * significant bits, or the least significant for _REV types). */
typedef struct tex_ctype {
    GLenum type;
    uint8_t kind;
    uint8_t size;
    uint8_t elems;   /* packed: elements a group */
    uint8_t ncomp;   /* packed colour: components in the element */
    uint8_t bits[4];
    uint8_t shift[4];
} tex_ctype;

static const tex_ctype ctype_table[] = {
    {GL_UNSIGNED_BYTE, CT_UNORM, 1, 0, 0, {0}, {0}},
    {GL_BYTE, CT_SNORM, 1, 0, 0, {0}, {0}},
    {GL_UNSIGNED_SHORT, CT_UNORM, 2, 0, 0, {0}, {0}},
    {GL_SHORT, CT_SNORM, 2, 0, 0, {0}, {0}},
    {GL_UNSIGNED_INT, CT_UNORM, 4, 0, 0, {0}, {0}},
    {GL_INT, CT_SNORM, 4, 0, 0, {0}, {0}},
    {GL_FLOAT, CT_FLOAT, 4, 0, 0, {0}, {0}},
    {GL_HALF_FLOAT_ARB, CT_HALF, 2, 0, 0, {0}, {0}},
    {GL_BITMAP, CT_BITMAP, 1, 0, 0, {0}, {0}},
    {GL_UNSIGNED_BYTE_3_3_2, CT_PACKED, 1, 1, 3, {3, 3, 2}, {5, 2, 0}},
    {GL_UNSIGNED_BYTE_2_3_3_REV, CT_PACKED, 1, 1, 3, {3, 3, 2}, {0, 3, 6}},
    {GL_UNSIGNED_SHORT_5_6_5, CT_PACKED, 2, 1, 3, {5, 6, 5}, {11, 5, 0}},
    {GL_UNSIGNED_SHORT_5_6_5_REV, CT_PACKED, 2, 1, 3, {5, 6, 5}, {0, 5, 11}},
    {GL_UNSIGNED_SHORT_4_4_4_4, CT_PACKED, 2, 1, 4, {4, 4, 4, 4}, {12, 8, 4, 0}},
    {GL_UNSIGNED_SHORT_4_4_4_4_REV, CT_PACKED, 2, 1, 4, {4, 4, 4, 4}, {0, 4, 8, 12}},
    {GL_UNSIGNED_SHORT_5_5_5_1, CT_PACKED, 2, 1, 4, {5, 5, 5, 1}, {11, 6, 1, 0}},
    {GL_UNSIGNED_SHORT_1_5_5_5_REV, CT_PACKED, 2, 1, 4, {5, 5, 5, 1}, {0, 5, 10, 15}},
    {GL_UNSIGNED_INT_8_8_8_8, CT_PACKED, 4, 1, 4, {8, 8, 8, 8}, {24, 16, 8, 0}},
    {GL_UNSIGNED_INT_8_8_8_8_REV, CT_PACKED, 4, 1, 4, {8, 8, 8, 8}, {0, 8, 16, 24}},
    {GL_UNSIGNED_INT_10_10_10_2, CT_PACKED, 4, 1, 4, {10, 10, 10, 2}, {22, 12, 2, 0}},
    {GL_UNSIGNED_INT_2_10_10_10_REV, CT_PACKED, 4, 1, 4, {10, 10, 10, 2}, {0, 10, 20, 30}},
    {GL_UNSIGNED_INT_10F_11F_11F_REV, CT_R11G11B10F, 4, 1, 3, {0}, {0}},
    {GL_UNSIGNED_INT_5_9_9_9_REV, CT_RGB9E5, 4, 1, 3, {0}, {0}},
    {GL_UNSIGNED_INT_24_8, CT_DS_24_8, 4, 1, 0, {0}, {0}},
    {GL_FLOAT_32_UNSIGNED_INT_24_8_REV, CT_DS_32F_24_8, 4, 2, 0, {0}, {0}},
};

static const tex_cfmt *cfmt_find(GLenum format)
{
    for (size_t i = 0; i < sizeof cfmt_table / sizeof cfmt_table[0]; i++)
        if (cfmt_table[i].format == format)
            return &cfmt_table[i];
    return NULL;
}

static const tex_ctype *ctype_find(GLenum type)
{
    for (size_t i = 0; i < sizeof ctype_table / sizeof ctype_table[0]; i++)
        if (ctype_table[i].type == type)
            return &ctype_table[i];
    return NULL;
}

/* GL 2.1 section 3.6.4 and table 3.8: which format/type pairs are legal.
 * Integer formats (GL 3.0 section 3.7.2): the floating-point types are an
 * INVALID_ENUM; the packed types take RGB_INTEGER, RGBA_INTEGER and
 * BGRA_INTEGER as GL 3.3 table 3.5 lists them. */
static GLenum check_format_type(const tex_cfmt *f, const tex_ctype *t)
{
    if (!f || !t)
        return GL_INVALID_ENUM;
    if (f->integer) {
        switch (t->kind) {
        case CT_FLOAT:
        case CT_HALF:
        case CT_BITMAP: return GL_INVALID_ENUM;
        case CT_PACKED:
            if (t->ncomp == 3)
                return f->format == GL_RGB_INTEGER_EXT ? GL_NO_ERROR : GL_INVALID_OPERATION;
            return (f->format == GL_RGBA_INTEGER_EXT || f->format == GL_BGRA_INTEGER_EXT)
                       ? GL_NO_ERROR
                       : GL_INVALID_OPERATION;
        case CT_DS_24_8:
        case CT_DS_32F_24_8:
        case CT_R11G11B10F:
        case CT_RGB9E5: return GL_INVALID_OPERATION;
        default: return GL_NO_ERROR;
        }
    }
    switch (t->kind) {
    case CT_BITMAP:
        /* BITMAP is only for COLOR_INDEX (unsupported) and STENCIL_INDEX */
        return f->kind == CF_STENCIL ? GL_NO_ERROR : GL_INVALID_ENUM;
    case CT_PACKED:
        if (f->kind != CF_COLOR)
            return GL_INVALID_OPERATION;
        if (t->ncomp == 3)
            return f->format == GL_RGB ? GL_NO_ERROR : GL_INVALID_OPERATION;
        return (f->format == GL_RGBA || f->format == GL_BGRA) ? GL_NO_ERROR
                                                              : GL_INVALID_OPERATION;
    case CT_R11G11B10F:
    case CT_RGB9E5:
        /* EXT_packed_float, EXT_texture_shared_exponent: RGB only */
        return f->kind != CF_COLOR ? GL_INVALID_OPERATION
               : f->format == GL_RGB ? GL_NO_ERROR
                                     : GL_INVALID_OPERATION;
    case CT_DS_24_8:
    case CT_DS_32F_24_8:
        /* EXT_packed_depth_stencil / ARB_depth_buffer_float */
        return f->kind == CF_DEPTH_STENCIL ? GL_NO_ERROR : GL_INVALID_OPERATION;
    default:
        return f->kind == CF_DEPTH_STENCIL ? GL_INVALID_ENUM : GL_NO_ERROR;
    }
}

GLenum tex_xfer_setup(tex_xfer *x, GLenum format, GLenum type, int w, int h, int d,
                      bool three_d, const tex_pixel_store *ps)
{
    tex_pixel_store def;
    memset(x, 0, sizeof *x);
    if (!ps) {
        tex_pixel_store_default(&def);
        ps = &def;
    }
    const tex_cfmt *f = cfmt_find(format);
    const tex_ctype *t = ctype_find(type);
    GLenum err = check_format_type(f, t);
    if (err != GL_NO_ERROR)
        return err;
    if (w < 0 || h < 0 || d < 0)
        return GL_INVALID_VALUE;
    int a = ps->alignment;
    if (a != 1 && a != 2 && a != 4 && a != 8)
        return GL_INVALID_VALUE;
    if (ps->row_length < 0 || ps->image_height < 0 || ps->skip_pixels < 0 ||
        ps->skip_rows < 0 || ps->skip_images < 0)
        return GL_INVALID_VALUE;

    x->fmt = f;
    x->type = t;
    x->fmt_class = f->integer ? TEX_CLASS_INTEGER
                   : f->kind == CF_DEPTH ? TEX_CLASS_DEPTH
                   : f->kind == CF_STENCIL ? TEX_CLASS_STENCIL
                   : f->kind == CF_DEPTH_STENCIL ? TEX_CLASS_DEPTH_STENCIL
                                                 : TEX_CLASS_COLOR;
    x->w = w;
    x->h = h;
    x->d = d;
    x->swap = ps->swap_bytes;
    x->lsb_first = ps->lsb_first;

    size_t l = ps->row_length > 0 ? (size_t)ps->row_length : (size_t)w;
    size_t ih = (three_d && ps->image_height > 0) ? (size_t)ps->image_height : (size_t)h;
    size_t s = t->size;
    size_t n = t->elems ? t->elems : f->n; /* elements a group */
    size_t row, tmp;

    if (t->kind == CT_BITMAP) {
        /* GL 2.1 section 3.6.4: k = a * ceil(l / (8a)) for bitmaps */
        size_t bits_a = (size_t)a * 8;
        row = (l + bits_a - 1) / bits_a * (size_t)a;
        x->group = 0;
        x->skip_bits = (size_t)ps->skip_pixels;
    } else {
        if (!tex_size_mul(n, s, &x->group))
            return GL_INVALID_VALUE;
        if (!tex_size_mul(x->group, l, &row))
            return GL_INVALID_VALUE;
        if (s < (size_t)a) {
            if (!tex_size_add(row, (size_t)a - 1, &tmp))
                return GL_INVALID_VALUE;
            row = tmp / (size_t)a * (size_t)a;
        }
    }
    x->row_stride = row;
    if (!tex_size_mul(row, ih, &x->image_stride))
        return GL_INVALID_VALUE;

    size_t skip = 0, part;
    if (three_d) {
        if (!tex_size_mul(x->image_stride, (size_t)ps->skip_images, &skip))
            return GL_INVALID_VALUE;
    }
    if (!tex_size_mul(row, (size_t)ps->skip_rows, &part) || !tex_size_add(skip, part, &skip))
        return GL_INVALID_VALUE;
    if (t->kind != CT_BITMAP) {
        if (!tex_size_mul(x->group, (size_t)ps->skip_pixels, &part) ||
            !tex_size_add(skip, part, &skip))
            return GL_INVALID_VALUE;
    }
    x->skip = skip;

    /* extent = skip + (d-1)*image + (h-1)*row + bytes of one row of w groups */
    if (w == 0 || h == 0 || d == 0) {
        x->extent = 0;
        return GL_NO_ERROR;
    }
    size_t ext = skip, last;
    if (!tex_size_mul(x->image_stride, (size_t)(d - 1), &part) || !tex_size_add(ext, part, &ext))
        return GL_INVALID_VALUE;
    if (!tex_size_mul(row, (size_t)(h - 1), &part) || !tex_size_add(ext, part, &ext))
        return GL_INVALID_VALUE;
    if (t->kind == CT_BITMAP) {
        if (!tex_size_add(x->skip_bits, (size_t)w, &last))
            return GL_INVALID_VALUE;
        last = (last + 7) / 8;
    } else if (!tex_size_mul(x->group, (size_t)w, &last)) {
        return GL_INVALID_VALUE;
    }
    if (!tex_size_add(ext, last, &ext))
        return GL_INVALID_VALUE;
    /* A pointer plus the extent must stay addressable: cap at half the space. */
    if (ext > SIZE_MAX / 2)
        return GL_INVALID_VALUE;
    x->extent = ext;
    return GL_NO_ERROR;
}

void tex_pixel_store_default(tex_pixel_store *ps)
{
    memset(ps, 0, sizeof *ps);
    ps->alignment = 4;
}

size_t tex_client_image_extent(GLenum format, GLenum type, int w, int h, int d,
                               bool three_d, const tex_pixel_store *ps, GLenum *err)
{
    tex_xfer x;
    GLenum e = tex_xfer_setup(&x, format, type, w, h, d, three_d, ps);
    if (err)
        *err = e;
    return e == GL_NO_ERROR ? x.extent : 0;
}

size_t tex_client_image_size(GLenum format, GLenum type, int w, int h, int d,
                             const tex_pixel_store *ps, GLenum *err)
{
    return tex_client_image_extent(format, type, w, h, d, d > 1, ps, err);
}

/* ---- element access -------------------------------------------------------- */

static uint32_t rd16(const uint8_t *p, bool swap)
{
    uint16_t v;
    memcpy(&v, p, 2);
    if (swap)
        v = (uint16_t)((v >> 8) | (v << 8));
    return v;
}

static uint32_t rd32(const uint8_t *p, bool swap)
{
    uint32_t v;
    memcpy(&v, p, 4);
    if (swap)
        v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
    return v;
}

static void wr16(uint8_t *p, uint32_t v, bool swap)
{
    uint16_t u = (uint16_t)v;
    if (swap)
        u = (uint16_t)((u >> 8) | (u << 8));
    memcpy(p, &u, 2);
}

static void wr32(uint8_t *p, uint32_t v, bool swap)
{
    if (swap)
        v = (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
    memcpy(p, &v, 4);
}

/* An element of a packed or integer type, zero-extended. */
static uint32_t rd_elem(const uint8_t *p, int size, bool swap)
{
    switch (size) {
    case 1: return p[0];
    case 2: return rd16(p, swap);
    default: return rd32(p, swap);
    }
}

static void wr_elem(uint8_t *p, int size, uint32_t v, bool swap)
{
    switch (size) {
    case 1: p[0] = (uint8_t)v; break;
    case 2: wr16(p, v, swap); break;
    default: wr32(p, v, swap); break;
    }
}

static int32_t sign_extend(uint32_t v, int size)
{
    switch (size) {
    case 1: return (int8_t)(uint8_t)v;
    case 2: return (int16_t)(uint16_t)v;
    default: return (int32_t)v;
    }
}

/* One component to float: GL 2.1 table 2.9 (unsigned c/(2^b-1), signed
 * (2c+1)/(2^b-1)), FLOAT as is, HALF_FLOAT per ARB_half_float_pixel. */
static float conv_in(const tex_ctype *t, const uint8_t *p, bool swap)
{
    switch (t->kind) {
    case CT_UNORM:
        switch (t->size) {
        case 1: return tex_u8_to_float[p[0]];
        case 2: return (float)rd16(p, swap) / 65535.0f;
        default: return (float)((double)rd32(p, swap) / 4294967295.0);
        }
    case CT_SNORM: {
        int32_t c = sign_extend(rd_elem(p, t->size, swap), t->size);
        switch (t->size) {
        case 1: return (float)(2 * c + 1) / 255.0f;
        case 2: return (float)(2 * c + 1) / 65535.0f;
        default: return (float)((2.0 * c + 1.0) / 4294967295.0);
        }
    }
    case CT_FLOAT: return bits_float(rd32(p, swap));
    case CT_HALF: return tex_half_to_float((uint16_t)rd16(p, swap));
    default: return 0.0f;
    }
}

/* A float stencil index to an integer, masked to the 8 stencil bits. */
static float stencil_from_float(float f)
{
    if (!(f > -2147483648.0f && f < 2147483648.0f))
        return 0.0f;
    int32_t i = (int32_t)nearbyintf(f);
    return (float)((uint32_t)i & 0xffu);
}

/* One stencil index (GL 2.1 section 3.6.4: indices are not normalised). */
static float conv_index_in(const tex_ctype *t, const uint8_t *p, bool swap)
{
    switch (t->kind) {
    case CT_UNORM:
    case CT_SNORM: return (float)(rd_elem(p, t->size, swap) & 0xffu);
    case CT_FLOAT: return stencil_from_float(bits_float(rd32(p, swap)));
    case CT_HALF: return stencil_from_float(tex_half_to_float((uint16_t)rd16(p, swap)));
    default: return 0.0f;
    }
}

static const uint8_t *row_ptr(const tex_xfer *x, const void *base, int j, int k)
{
    return (const uint8_t *)base + x->skip + (size_t)k * x->image_stride +
           (size_t)j * x->row_stride;
}

void tex_xfer_unpack_row(const tex_xfer *x, const void *base, int j, int k, float *rgba)
{
    const tex_cfmt *f = x->fmt;
    const tex_ctype *t = x->type;
    const uint8_t *p = row_ptr(x, base, j, k);
    bool swap = x->swap && t->size > 1;

    if (t->kind == CT_FLOAT && f->kind == CF_COLOR && f->n == 4 && f->comp[0] == 0 &&
        f->comp[1] == 1 && f->comp[2] == 2 && f->comp[3] == 3 && !swap &&
        x->group == 4 * sizeof(float)) {
        memcpy(rgba, p, (size_t)x->w * 4 * sizeof(float)); /* RGBA floats: as they are */
        return;
    }
    for (int i = 0; i < x->w; i++, rgba += 4) {
        float c[4] = {0.0f, 0.0f, 0.0f, 1.0f};
        if (t->kind == CT_BITMAP) {
            size_t bit = x->skip_bits + (size_t)i;
            uint8_t byte = p[bit >> 3];
            unsigned sh = x->lsb_first ? (unsigned)(bit & 7) : 7u - (unsigned)(bit & 7);
            c[0] = (float)((byte >> sh) & 1u);
            memcpy(rgba, c, sizeof c);
            continue;
        }
        const uint8_t *g = p + (size_t)i * x->group;
        switch (t->kind) {
        case CT_PACKED: {
            uint32_t e = rd_elem(g, t->size, swap);
            for (int q = 0; q < t->ncomp; q++) {
                uint32_t max = (1u << t->bits[q]) - 1u;
                c[f->comp[q]] = (float)((e >> t->shift[q]) & max) / (float)max;
            }
            break;
        }
        case CT_R11G11B10F:
            tex_unpack_r11g11b10f(rd32(g, swap), c);
            break;
        case CT_RGB9E5:
            tex_unpack_rgb9e5(rd32(g, swap), c);
            break;
        case CT_DS_24_8: {
            uint32_t e = rd32(g, swap);
            c[0] = (float)((double)(e >> 8) / 16777215.0);
            c[1] = (float)(e & 0xffu);
            break;
        }
        case CT_DS_32F_24_8:
            c[0] = bits_float(rd32(g, swap));
            c[1] = (float)(rd32(g + 4, swap) & 0xffu);
            break;
        default:
            switch (f->kind) {
            case CF_COLOR:
                for (int q = 0; q < f->n; q++)
                    c[f->comp[q]] = conv_in(t, g + (size_t)q * t->size, swap);
                break;
            case CF_LUM:
                /* GL 2.1 section 3.6.4 "Conversion to RGB": L -> (L, L, L) */
                c[0] = c[1] = c[2] = conv_in(t, g, swap);
                break;
            case CF_LUM_ALPHA:
                c[0] = c[1] = c[2] = conv_in(t, g, swap);
                c[3] = conv_in(t, g + t->size, swap);
                break;
            case CF_DEPTH:
                c[0] = conv_in(t, g, swap);
                break;
            case CF_STENCIL:
                c[0] = conv_index_in(t, g, swap);
                break;
            default:
                break;
            }
            break;
        }
        memcpy(rgba, c, sizeof c);
    }
}

bool tex_xfer_is_u8_color(const tex_xfer *x)
{
    return x->type->type == GL_UNSIGNED_BYTE && !x->fmt->integer &&
           (x->fmt->kind == CF_COLOR || x->fmt->kind == CF_LUM || x->fmt->kind == CF_LUM_ALPHA);
}

void tex_xfer_unpack_row_u8(const tex_xfer *x, const void *base, int j, int k, uint8_t *rgba)
{
    const tex_cfmt *f = x->fmt;
    const uint8_t *p = row_ptr(x, base, j, k);
    if (f->kind == CF_COLOR && f->n == 4 && f->comp[0] == 0 && f->comp[3] == 3) {
        memcpy(rgba, p, (size_t)x->w * 4); /* RGBA: the bytes as they are */
        return;
    }
    for (int i = 0; i < x->w; i++, rgba += 4, p += x->group) {
        rgba[0] = rgba[1] = rgba[2] = 0;
        rgba[3] = 255;
        if (f->kind == CF_COLOR) {
            for (int q = 0; q < f->n; q++)
                rgba[f->comp[q]] = p[q];
        } else {
            rgba[0] = rgba[1] = rgba[2] = p[0];
            if (f->kind == CF_LUM_ALPHA)
                rgba[3] = p[1];
        }
    }
}

/* One component of an integer transfer: signed types sign-extend. */
static int64_t conv_int_in(const tex_ctype *t, const uint8_t *p, bool swap)
{
    uint32_t e = rd_elem(p, t->size, swap);
    return t->kind == CT_SNORM ? (int64_t)sign_extend(e, t->size) : (int64_t)e;
}

void tex_xfer_unpack_row_int(const tex_xfer *x, const void *base, int j, int k, int64_t *rgba)
{
    const tex_cfmt *f = x->fmt;
    const tex_ctype *t = x->type;
    const uint8_t *p = row_ptr(x, base, j, k);
    bool swap = x->swap && t->size > 1;

    for (int i = 0; i < x->w; i++, rgba += 4) {
        int64_t c[4] = {0, 0, 0, 1};
        const uint8_t *g = p + (size_t)i * x->group;
        if (t->kind == CT_PACKED) {
            /* the fields are unsigned integers, not normalised */
            uint32_t e = rd_elem(g, t->size, swap);
            for (int q = 0; q < t->ncomp; q++)
                c[f->comp[q]] = (e >> t->shift[q]) & ((1u << t->bits[q]) - 1u);
        } else if (f->kind == CF_LUM || f->kind == CF_LUM_ALPHA) {
            c[0] = c[1] = c[2] = conv_int_in(t, g, swap);
            if (f->kind == CF_LUM_ALPHA)
                c[3] = conv_int_in(t, g + t->size, swap);
        } else {
            for (int q = 0; q < f->n; q++)
                c[f->comp[q]] = conv_int_in(t, g + (size_t)q * t->size, swap);
        }
        memcpy(rgba, c, sizeof c);
    }
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : v > hi ? hi : v;
}

void tex_xfer_pack_row_int(const tex_xfer *x, void *base, int j, int k, const int64_t *rgba)
{
    const tex_cfmt *f = x->fmt;
    const tex_ctype *t = x->type;
    uint8_t *p = (uint8_t *)row_ptr(x, base, j, k);
    bool swap = x->swap && t->size > 1;
    /* GL 3.0 section 4.3.2: each component clamped to the range of type */
    int bits = 8 * t->size;
    int64_t lo = t->kind == CT_SNORM ? -((int64_t)1 << (bits - 1)) : 0;
    int64_t hi = t->kind == CT_SNORM ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;

    for (int i = 0; i < x->w; i++, rgba += 4) {
        uint8_t *g = p + (size_t)i * x->group;
        int64_t v[4] = {0, 0, 0, 0};
        switch (f->kind) {
        case CF_LUM:
            v[0] = rgba[0] + rgba[1] + rgba[2]; /* "Conversion to L" */
            break;
        case CF_LUM_ALPHA:
            v[0] = rgba[0] + rgba[1] + rgba[2];
            v[1] = rgba[3];
            break;
        default:
            for (int q = 0; q < f->n; q++)
                v[q] = rgba[f->comp[q]];
            break;
        }
        if (t->kind == CT_PACKED) {
            uint32_t e = 0;
            for (int q = 0; q < t->ncomp; q++) {
                int64_t max = ((int64_t)1 << t->bits[q]) - 1;
                e |= (uint32_t)clamp64(v[q], 0, max) << t->shift[q];
            }
            wr_elem(g, t->size, e, swap);
            continue;
        }
        for (int q = 0; q < f->n; q++)
            wr_elem(g + (size_t)q * t->size, t->size, (uint32_t)clamp64(v[q], lo, hi), swap);
    }
}

/* ---- packing ------------------------------------------------------------------ */

static float clampf(float v, float lo, float hi)
{
    return fminf(fmaxf(v, lo), hi); /* NaN -> lo */
}

/* GL 2.1 table 4.7, after clamping (section 4.3.2 "Final Conversion"). */
static uint32_t conv_out(const tex_ctype *t, float v)
{
    switch (t->kind) {
    case CT_UNORM: {
        double c = clampf(v, 0.0f, 1.0f);
        switch (t->size) {
        case 1: return (uint32_t)(c * 255.0 + 0.5);
        case 2: return (uint32_t)(c * 65535.0 + 0.5);
        default: return (uint32_t)(c * 4294967295.0 + 0.5);
        }
    }
    case CT_SNORM: {
        /* c = ((2^b - 1) f - 1) / 2 */
        double c = clampf(v, -1.0f, 1.0f);
        double m = t->size == 1 ? 255.0 : t->size == 2 ? 65535.0 : 4294967295.0;
        return (uint32_t)(int32_t)floor((m * c - 1.0) / 2.0 + 0.5);
    }
    case CT_FLOAT: return float_bits(v);
    case CT_HALF: return tex_float_to_half(v);
    default: return 0;
    }
}

/* A stencil index into an integer element (masked to the element). */
static uint32_t conv_index_out(const tex_ctype *t, float v)
{
    if (t->kind == CT_FLOAT)
        return float_bits(v);
    if (t->kind == CT_HALF)
        return tex_float_to_half(v);
    if (!(v > -2147483648.0f && v < 2147483648.0f))
        return 0;
    return (uint32_t)(int32_t)nearbyintf(v);
}

void tex_xfer_pack_row(const tex_xfer *x, void *base, int j, int k, const float *rgba)
{
    const tex_cfmt *f = x->fmt;
    const tex_ctype *t = x->type;
    uint8_t *p = (uint8_t *)row_ptr(x, base, j, k);
    bool swap = x->swap && t->size > 1;

    for (int i = 0; i < x->w; i++, rgba += 4) {
        if (t->kind == CT_BITMAP) {
            size_t bit = x->skip_bits + (size_t)i;
            unsigned sh = x->lsb_first ? (unsigned)(bit & 7) : 7u - (unsigned)(bit & 7);
            uint8_t m = (uint8_t)(1u << sh);
            if (conv_index_out(t, rgba[0]) & 1u)
                p[bit >> 3] |= m;
            else
                p[bit >> 3] &= (uint8_t)~m;
            continue;
        }
        uint8_t *g = p + (size_t)i * x->group;
        /* the components of the group, in group order */
        float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        switch (f->kind) {
        case CF_COLOR:
            for (int q = 0; q < f->n; q++)
                v[q] = rgba[f->comp[q]];
            break;
        case CF_LUM:
            v[0] = rgba[0] + rgba[1] + rgba[2]; /* GL 2.1 section 4.3.2 "Conversion to L" */
            break;
        case CF_LUM_ALPHA:
            v[0] = rgba[0] + rgba[1] + rgba[2];
            v[1] = rgba[3];
            break;
        default:
            v[0] = rgba[0];
            v[1] = rgba[1];
            break;
        }
        switch (t->kind) {
        case CT_PACKED: {
            uint32_t e = 0;
            for (int q = 0; q < t->ncomp; q++) {
                uint32_t max = (1u << t->bits[q]) - 1u;
                e |= (uint32_t)(clampf(v[q], 0.0f, 1.0f) * (float)max + 0.5f) << t->shift[q];
            }
            wr_elem(g, t->size, e, swap);
            break;
        }
        case CT_R11G11B10F:
            wr32(g, tex_pack_r11g11b10f(v), swap);
            break;
        case CT_RGB9E5:
            wr32(g, tex_pack_rgb9e5(v), swap);
            break;
        case CT_DS_24_8: {
            uint32_t dz = (uint32_t)(clampf(v[0], 0.0f, 1.0f) * 16777215.0 + 0.5);
            wr32(g, (dz << 8) | (conv_index_out(t, v[1]) & 0xffu), swap);
            break;
        }
        case CT_DS_32F_24_8:
            wr32(g, float_bits(v[0]), swap);
            wr32(g + 4, conv_index_out(t, v[1]) & 0xffu, swap);
            break;
        default:
            if (f->kind == CF_STENCIL) {
                wr_elem(g, t->size, conv_index_out(t, v[0]), swap);
                break;
            }
            for (int q = 0; q < f->n; q++)
                wr_elem(g + (size_t)q * t->size, t->size, conv_out(t, v[q]), swap);
            break;
        }
    }
}

/* ---- whole images ---------------------------------------------------------------- */

/* The four conversions of whole images: d images of h rows between client
 * memory and RGBA values (float, or int64_t when integer) in the direction
 * asked; tex_xfer_setup's errors, INVALID_OPERATION when the format's class
 * is not of the value type, INVALID_VALUE for a NULL buffer. */
static GLenum pixels_convert(GLenum format, GLenum type, int w, int h, int d,
                             const tex_pixel_store *ps, bool integer, bool pack, void *client,
                             void *rgba)
{
    tex_xfer x;
    GLenum err = tex_xfer_setup(&x, format, type, w, h, d, d > 1, ps);
    if (err != GL_NO_ERROR)
        return err;
    if ((x.fmt_class == TEX_CLASS_INTEGER) != integer)
        return GL_INVALID_OPERATION;
    if (x.extent == 0)
        return GL_NO_ERROR;
    if (!client || !rgba)
        return GL_INVALID_VALUE;
    for (int k = 0; k < d; k++)
        for (int j = 0; j < h; j++) {
            size_t at = ((size_t)k * (size_t)h + (size_t)j) * (size_t)w * 4;
            if (integer && pack)
                tex_xfer_pack_row_int(&x, client, j, k, (const int64_t *)rgba + at);
            else if (integer)
                tex_xfer_unpack_row_int(&x, client, j, k, (int64_t *)rgba + at);
            else if (pack)
                tex_xfer_pack_row(&x, client, j, k, (const float *)rgba + at);
            else
                tex_xfer_unpack_row(&x, client, j, k, (float *)rgba + at);
        }
    return GL_NO_ERROR;
}

GLenum tex_pixels_unpack(GLenum format, GLenum type, int w, int h, int d,
                         const void *src, const tex_pixel_store *ps, float *rgba)
{
    return pixels_convert(format, type, w, h, d, ps, false, false, (void *)src, rgba);
}

GLenum tex_pixels_pack(GLenum format, GLenum type, int w, int h,
                       const float *rgba, void *dst, const tex_pixel_store *ps)
{
    return pixels_convert(format, type, w, h, 1, ps, false, true, dst, (void *)rgba);
}

GLenum tex_pixels_unpack_int(GLenum format, GLenum type, int w, int h, int d,
                             const void *src, const tex_pixel_store *ps, int64_t *rgba)
{
    return pixels_convert(format, type, w, h, d, ps, true, false, (void *)src, rgba);
}

GLenum tex_pixels_pack_int(GLenum format, GLenum type, int w, int h,
                           const int64_t *rgba, void *dst, const tex_pixel_store *ps)
{
    return pixels_convert(format, type, w, h, 1, ps, true, true, dst, (void *)rgba);
}
