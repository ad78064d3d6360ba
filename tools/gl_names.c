/*
 * gl_names.c - the GL enum name table of the asmgl command (see gl_names.h).
 * Thread: any; read-only data.
 */
#include "gl_names.h"

#include <GL/gl.h>
#include <GL/glext.h>
#include <stdlib.h>
#include <string.h>

struct gln_entry {
    const char *name;
    unsigned value;
};

#define N(e) { #e, e }

/* Grouped by use; lookups are linear, the table is small and used only while
 * parsing.  Aliases (GL_TEXTURE_RECTANGLE/_ARB) come after the core name so
 * gln_name() prints the core spelling. */
static const struct gln_entry gln_table[] = {
    /* glEnable capabilities */
    N(GL_ALPHA_TEST), N(GL_AUTO_NORMAL), N(GL_BLEND), N(GL_COLOR_LOGIC_OP),
    N(GL_COLOR_MATERIAL), N(GL_COLOR_SUM), N(GL_CULL_FACE), N(GL_DEPTH_CLAMP),
    N(GL_DEPTH_TEST), N(GL_DITHER), N(GL_FOG), N(GL_LIGHTING), N(GL_LIGHT0),
    N(GL_LINE_SMOOTH), N(GL_LINE_STIPPLE), N(GL_MULTISAMPLE), N(GL_NORMALIZE),
    N(GL_POINT_SMOOTH), N(GL_POINT_SPRITE), N(GL_POLYGON_OFFSET_FILL),
    N(GL_POLYGON_OFFSET_LINE), N(GL_POLYGON_OFFSET_POINT), N(GL_POLYGON_SMOOTH),
    N(GL_POLYGON_STIPPLE), N(GL_PRIMITIVE_RESTART), N(GL_PROGRAM_POINT_SIZE),
    N(GL_RASTERIZER_DISCARD), N(GL_RESCALE_NORMAL), N(GL_SAMPLE_ALPHA_TO_COVERAGE),
    N(GL_SAMPLE_ALPHA_TO_ONE), N(GL_SAMPLE_COVERAGE), N(GL_SAMPLE_SHADING),
    N(GL_SCISSOR_TEST), N(GL_STENCIL_TEST), N(GL_TEXTURE_CUBE_MAP_SEAMLESS),
    N(GL_CLIP_PLANE0), N(GL_CLIP_PLANE1), N(GL_CLIP_PLANE2), N(GL_CLIP_PLANE3),
    N(GL_CLIP_PLANE4), N(GL_CLIP_PLANE5),
    { "GL_CLIP_PLANE6", GL_CLIP_PLANE0 + 6 }, { "GL_CLIP_PLANE7", GL_CLIP_PLANE0 + 7 },
    N(GL_VERTEX_PROGRAM_ARB), N(GL_FRAGMENT_PROGRAM_ARB), N(GL_GEOMETRY_PROGRAM_NV),
    N(GL_TESS_CONTROL_PROGRAM_NV), N(GL_TESS_EVALUATION_PROGRAM_NV),
    N(GL_COMPUTE_PROGRAM_NV), N(GL_VERTEX_PROGRAM_TWO_SIDE),
    N(GL_VERTEX_PROGRAM_POINT_SIZE), N(GL_VERTEX_PROGRAM_TWO_SIDE_ARB),
    N(GL_VERTEX_PROGRAM_POINT_SIZE_ARB), N(GL_DEPTH_CLAMP_NV),

    /* texture targets (also capabilities for fixed-function texturing) */
    N(GL_TEXTURE_1D), N(GL_TEXTURE_2D), N(GL_TEXTURE_3D), N(GL_TEXTURE_RECTANGLE),
    N(GL_TEXTURE_CUBE_MAP), N(GL_TEXTURE_1D_ARRAY), N(GL_TEXTURE_2D_ARRAY),
    N(GL_TEXTURE_CUBE_MAP_ARRAY), N(GL_TEXTURE_BUFFER), N(GL_TEXTURE_2D_MULTISAMPLE),
    N(GL_TEXTURE_2D_MULTISAMPLE_ARRAY), N(GL_TEXTURE_RECTANGLE_ARB),
    N(GL_TEXTURE_RECTANGLE_NV),

    /* comparison functions (depthfunc, compare_func) */
    N(GL_NEVER), N(GL_LESS), N(GL_EQUAL), N(GL_LEQUAL), N(GL_GREATER),
    N(GL_NOTEQUAL), N(GL_GEQUAL), N(GL_ALWAYS),

    /* blend factors and equations */
    N(GL_ZERO), N(GL_ONE), N(GL_SRC_COLOR), N(GL_ONE_MINUS_SRC_COLOR),
    N(GL_DST_COLOR), N(GL_ONE_MINUS_DST_COLOR), N(GL_SRC_ALPHA),
    N(GL_ONE_MINUS_SRC_ALPHA), N(GL_DST_ALPHA), N(GL_ONE_MINUS_DST_ALPHA),
    N(GL_SRC_ALPHA_SATURATE), N(GL_CONSTANT_COLOR), N(GL_ONE_MINUS_CONSTANT_COLOR),
    N(GL_CONSTANT_ALPHA), N(GL_ONE_MINUS_CONSTANT_ALPHA), N(GL_SRC1_COLOR),
    N(GL_SRC1_ALPHA), N(GL_ONE_MINUS_SRC1_COLOR), N(GL_ONE_MINUS_SRC1_ALPHA),
    N(GL_FUNC_ADD), N(GL_FUNC_SUBTRACT), N(GL_FUNC_REVERSE_SUBTRACT), N(GL_MIN),
    N(GL_MAX),

    /* primitive modes (draw arrays) */
    N(GL_POINTS), N(GL_LINES), N(GL_LINE_LOOP), N(GL_LINE_STRIP), N(GL_TRIANGLES),
    N(GL_TRIANGLE_STRIP), N(GL_TRIANGLE_FAN), N(GL_QUADS), N(GL_QUAD_STRIP),
    N(GL_POLYGON), N(GL_LINES_ADJACENCY), N(GL_LINE_STRIP_ADJACENCY),
    N(GL_TRIANGLES_ADJACENCY), N(GL_TRIANGLE_STRIP_ADJACENCY), N(GL_PATCHES),

    /* polygon mode, faces, shade model, provoking vertex */
    N(GL_FRONT), N(GL_BACK), N(GL_FRONT_AND_BACK), N(GL_POINT), N(GL_LINE),
    N(GL_FILL), N(GL_FLAT), N(GL_SMOOTH), N(GL_FIRST_VERTEX_CONVENTION),
    N(GL_LAST_VERTEX_CONVENTION),

    /* hints */
    N(GL_LINE_SMOOTH_HINT), N(GL_POLYGON_SMOOTH_HINT), N(GL_POINT_SMOOTH_HINT),
    N(GL_PERSPECTIVE_CORRECTION_HINT), N(GL_FOG_HINT), N(GL_TEXTURE_COMPRESSION_HINT),
    N(GL_FRAGMENT_SHADER_DERIVATIVE_HINT), N(GL_FASTEST), N(GL_NICEST),
    N(GL_DONT_CARE),

    /* texture parameters and values */
    N(GL_NEAREST), N(GL_LINEAR), N(GL_NEAREST_MIPMAP_NEAREST),
    N(GL_LINEAR_MIPMAP_NEAREST), N(GL_NEAREST_MIPMAP_LINEAR),
    N(GL_LINEAR_MIPMAP_LINEAR), N(GL_REPEAT), N(GL_CLAMP), N(GL_CLAMP_TO_EDGE),
    N(GL_CLAMP_TO_BORDER), N(GL_MIRRORED_REPEAT), N(GL_COMPARE_R_TO_TEXTURE),
    N(GL_COMPARE_REF_TO_TEXTURE), N(GL_NONE),

    /* internal formats (texture rgbw ... FORMAT) */
    N(GL_ALPHA), N(GL_LUMINANCE), N(GL_LUMINANCE_ALPHA), N(GL_INTENSITY),
    N(GL_RED), N(GL_RG), N(GL_RGB), N(GL_RGBA), N(GL_ALPHA8), N(GL_LUMINANCE8),
    N(GL_LUMINANCE8_ALPHA8), N(GL_INTENSITY8), N(GL_R8), N(GL_RG8), N(GL_RGB8),
    N(GL_RGBA8), N(GL_R16), N(GL_RG16), N(GL_RGB16), N(GL_RGBA16), N(GL_R8_SNORM),
    N(GL_RG8_SNORM), N(GL_RGB8_SNORM), N(GL_RGBA8_SNORM), N(GL_R16_SNORM),
    N(GL_RG16_SNORM), N(GL_RGBA16_SNORM), N(GL_R16F), N(GL_RG16F), N(GL_RGB16F),
    N(GL_RGBA16F), N(GL_R32F), N(GL_RG32F), N(GL_RGB32F), N(GL_RGBA32F),
    N(GL_R11F_G11F_B10F), N(GL_RGB9_E5), N(GL_RGB10_A2), N(GL_RGB5_A1), N(GL_RGBA4),
    N(GL_RGB565), N(GL_SRGB8), N(GL_SRGB8_ALPHA8), N(GL_R8I), N(GL_R8UI),
    N(GL_RG8I), N(GL_RG8UI), N(GL_RGBA8I), N(GL_RGBA8UI), N(GL_R16I), N(GL_R16UI),
    N(GL_RGBA16I), N(GL_RGBA16UI), N(GL_R32I), N(GL_R32UI), N(GL_RG32I),
    N(GL_RG32UI), N(GL_RGBA32I), N(GL_RGBA32UI), N(GL_RGB8I), N(GL_RGB8UI),
    N(GL_RG16I), N(GL_RG16UI), N(GL_RGB16I), N(GL_RGB16UI), N(GL_RGB32I), N(GL_RGB32UI),
    N(GL_DEPTH_COMPONENT),
    N(GL_DEPTH_COMPONENT16), N(GL_DEPTH_COMPONENT24), N(GL_DEPTH_COMPONENT32),
    N(GL_DEPTH_COMPONENT32F), N(GL_DEPTH_STENCIL), N(GL_DEPTH24_STENCIL8),

    /* limits for "INT GL_MAX_... >= N" requirements */
    N(GL_MAX_TEXTURE_SIZE), N(GL_MAX_3D_TEXTURE_SIZE), N(GL_MAX_TEXTURE_UNITS),
    N(GL_MAX_TEXTURE_COORDS), N(GL_MAX_TEXTURE_IMAGE_UNITS),
    N(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), N(GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS),
    N(GL_MAX_VERTEX_ATTRIBS), N(GL_MAX_CLIP_PLANES), N(GL_MAX_DRAW_BUFFERS),
    N(GL_MAX_VIEWPORT_DIMS), N(GL_MAX_ARRAY_TEXTURE_LAYERS),
    N(GL_MAX_RECTANGLE_TEXTURE_SIZE), N(GL_MAX_PROGRAM_MATRICES_ARB),
    N(GL_MAX_PROGRAM_MATRIX_STACK_DEPTH_ARB), N(GL_MAX_VERTEX_OUTPUT_COMPONENTS),
    N(GL_MAX_FRAGMENT_UNIFORM_COMPONENTS), N(GL_MAX_VERTEX_UNIFORM_COMPONENTS),
    N(GL_MAX_VARYING_COMPONENTS), N(GL_NUM_PROGRAM_BINARY_FORMATS),
    N(GL_MAX_GEOMETRY_OUTPUT_VERTICES), N(GL_MAX_PATCH_VERTICES),
    N(GL_MAX_PROGRAM_TEXEL_OFFSET), N(GL_MIN_PROGRAM_TEXEL_OFFSET),
    N(GL_MAX_SAMPLES),
};

#undef N

static bool gln_parse_number(const char *s, size_t len, unsigned *value)
{
    char buf[24];
    char *end;

    if (len == 0 || len >= sizeof buf || !(s[0] >= '0' && s[0] <= '9'))
        return false;
    memcpy(buf, s, len);
    buf[len] = '\0';
    unsigned long v = strtoul(buf, &end, 0);
    if (*end != '\0' || v > 0xffffffffUL)
        return false;
    *value = (unsigned)v;
    return true;
}

bool gln_lookup(const char *name, size_t len, unsigned *value)
{
    for (size_t i = 0; i < sizeof gln_table / sizeof gln_table[0]; i++) {
        if (strlen(gln_table[i].name) == len && memcmp(gln_table[i].name, name, len) == 0) {
            *value = gln_table[i].value;
            return true;
        }
    }
    return gln_parse_number(name, len, value);
}

const char *gln_name(unsigned value)
{
    for (size_t i = 0; i < sizeof gln_table / sizeof gln_table[0]; i++)
        if (gln_table[i].value == value)
            return gln_table[i].name;
    return NULL;
}
