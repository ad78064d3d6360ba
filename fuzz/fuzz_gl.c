/*
 * fuzz_gl.c - libFuzzer target for the GL API: each input is a sequence of
 * at most MAX_CALLS GL calls with arguments from the input, made on a fresh
 * 32x32 headless context (asmgl.h), covering state, textures (images,
 * parameters, mipmaps), buffer objects, framebuffer objects and
 * renderbuffers, assembly programs (from fuzz_gen.c, a few fixed ones and
 * garbage), vertex arrays, draws (arrays, elements, immediate mode), pixel
 * store and readback, and GL 3.0's additions (vertex array objects,
 * indexed enables and masks, ClearBuffer, conditional rendering, primitive
 * queries, ClampColor, CopyBufferSubData, transform feedback bindings).  Enums come from the valid ones plus garbage; sizes
 * stay small; every pointer handed to GL is a fuzzer-owned buffer at least
 * as large as the call may read or write (client arrays, indices, pixels).
 * Checks: no crash, no sanitizer report (GL errors are fine).
 *
 * Rendering runs on the calling thread (ASMGL_THREADS=1) so that a crash
 * reproduces from its input alone.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asmgl/asmgl.h"
#include "fuzz_gen.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_CALLS 64
#define FB 32

/* ---- argument pools ------------------------------------------------------- */

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const GLenum CAPS[] = {
    GL_DEPTH_TEST, GL_STENCIL_TEST, GL_BLEND, GL_CULL_FACE, GL_SCISSOR_TEST, GL_ALPHA_TEST,
    GL_TEXTURE_2D, GL_TEXTURE_1D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP, GL_LIGHTING, GL_LIGHT0, GL_FOG,
    GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB, GL_GEOMETRY_PROGRAM_NV,
    GL_VERTEX_PROGRAM_TWO_SIDE_ARB, GL_VERTEX_PROGRAM_POINT_SIZE_ARB, GL_POLYGON_OFFSET_FILL,
    GL_COLOR_LOGIC_OP, GL_DITHER, GL_NORMALIZE, GL_POINT_SMOOTH, GL_LINE_STIPPLE,
    GL_POLYGON_STIPPLE, GL_CLIP_PLANE0, GL_TEXTURE_GEN_S, GL_COLOR_MATERIAL, GL_MULTISAMPLE,
    GL_POINT_SPRITE_ARB, GL_DEPTH_CLAMP, GL_RASTERIZER_DISCARD, GL_PRIMITIVE_RESTART_NV,
    GL_FRAMEBUFFER_SRGB, 0x1234, 0,
};
static const GLenum TEX_TARGETS[] = {
    GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_RECTANGLE_ARB,
    GL_TEXTURE_1D_ARRAY_EXT, GL_TEXTURE_2D_ARRAY_EXT, GL_TEXTURE_BUFFER_ARB,
    GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_CUBE_MAP_ARRAY_ARB, 0xdead,
};
static const GLenum IMG2D_TARGETS[] = {
    GL_TEXTURE_2D, GL_TEXTURE_RECTANGLE_ARB, GL_TEXTURE_1D_ARRAY_EXT,
    GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, GL_PROXY_TEXTURE_2D,
    GL_TEXTURE_3D, 0,
};
static const GLenum IFMTS[] = {
    GL_RGBA8, GL_RGB8, GL_RGBA, GL_LUMINANCE8, GL_ALPHA8, GL_R8, GL_RG16F, GL_RGBA16F_ARB,
    GL_RGBA32F_ARB, GL_RGBA8UI_EXT, GL_RGBA32I_EXT, GL_R32UI, GL_DEPTH_COMPONENT24,
    GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8_EXT, GL_SRGB8_ALPHA8_EXT, GL_RGB10_A2,
    GL_COMPRESSED_RGBA, GL_INTENSITY16, GL_STENCIL_INDEX8, GL_RGBA8_SNORM, GL_R16_SNORM,
    GL_R11F_G11F_B10F, GL_RGB9_E5, GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RG_RGTC2,
    4, 3, 0x1111,
};
static const GLenum FORMATS[] = {
    GL_RGBA, GL_RGB, GL_BGRA, GL_RED, GL_RG, GL_LUMINANCE, GL_LUMINANCE_ALPHA, GL_ALPHA,
    GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL_EXT, GL_STENCIL_INDEX, GL_RGBA_INTEGER_EXT,
    GL_RED_INTEGER_EXT, GL_COLOR_INDEX, 0x7777,
};
static const GLenum TYPES[] = {
    GL_UNSIGNED_BYTE, GL_BYTE, GL_UNSIGNED_SHORT, GL_SHORT, GL_UNSIGNED_INT, GL_INT, GL_FLOAT,
    GL_HALF_FLOAT_ARB, GL_UNSIGNED_INT_8_8_8_8_REV, GL_UNSIGNED_SHORT_5_6_5,
    GL_UNSIGNED_INT_24_8_EXT, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_BITMAP,
    GL_UNSIGNED_INT_2_10_10_10_REV, GL_UNSIGNED_INT_10F_11F_11F_REV, 0x5555,
};
static const GLenum TEX_PNAMES[] = {
    GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T,
    GL_TEXTURE_WRAP_R, GL_TEXTURE_BASE_LEVEL, GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_COMPARE_MODE_ARB,
    GL_TEXTURE_COMPARE_FUNC_ARB, GL_DEPTH_TEXTURE_MODE_ARB, GL_GENERATE_MIPMAP,
    GL_TEXTURE_MIN_LOD, GL_TEXTURE_MAX_LOD, GL_TEXTURE_LOD_BIAS, GL_TEXTURE_MAX_ANISOTROPY_EXT,
    GL_TEXTURE_SWIZZLE_R, 0x4444,
};
static const GLint TEX_VALUES[] = {
    GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_LINEAR, GL_REPEAT,
    GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT, GL_CLAMP, GL_COMPARE_R_TO_TEXTURE_ARB,
    GL_LEQUAL, GL_ALWAYS, GL_LUMINANCE, GL_ALPHA, 0, 1, 2, 3, 1000, -1, GL_ONE, GL_RED,
};
static const GLenum BUF_TARGETS[] = {
    GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER,
    GL_TEXTURE_BUFFER_ARB, GL_UNIFORM_BUFFER, GL_SHADER_STORAGE_BUFFER, GL_COPY_READ_BUFFER,
    0x2222,
};
static const GLenum USAGES[] = { GL_STATIC_DRAW, GL_DYNAMIC_READ, GL_STREAM_COPY, 0 };
static const GLenum PRIMS[] = {
    GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES, GL_TRIANGLE_STRIP,
    GL_TRIANGLE_FAN, GL_QUADS, GL_QUAD_STRIP, GL_POLYGON, GL_LINES_ADJACENCY_EXT,
    GL_TRIANGLES_ADJACENCY_EXT, GL_PATCHES, 0x99,
};
static const GLenum PROG_TARGETS[] = {
    GL_VERTEX_PROGRAM_ARB, GL_FRAGMENT_PROGRAM_ARB, GL_GEOMETRY_PROGRAM_NV,
    GL_COMPUTE_PROGRAM_NV, GL_TESS_CONTROL_PROGRAM_NV, 0x3333,
};
static const GLenum FUNCS[] = { GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_ALWAYS, 7 };
static const GLenum BLENDS[] = {
    GL_ZERO, GL_ONE, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_DST_COLOR, GL_CONSTANT_COLOR,
    GL_SRC_ALPHA_SATURATE, GL_SRC1_COLOR, 0x42,
};
static const GLenum ATTACH[] = {
    GL_COLOR_ATTACHMENT0_EXT, GL_COLOR_ATTACHMENT1_EXT, GL_DEPTH_ATTACHMENT_EXT,
    GL_STENCIL_ATTACHMENT_EXT, GL_DEPTH_STENCIL_ATTACHMENT, GL_COLOR_ATTACHMENT7_EXT, 0x8d00 + 99,
};
static const GLenum GETS[] = {
    GL_VIEWPORT, GL_MAX_TEXTURE_SIZE, GL_MODELVIEW_MATRIX, GL_CURRENT_COLOR, GL_DEPTH_RANGE,
    GL_TEXTURE_BINDING_2D, GL_FRAMEBUFFER_BINDING_EXT, GL_COLOR_CLEAR_VALUE, GL_SCISSOR_BOX,
    GL_MAX_PROGRAM_MATRICES_ARB, GL_CURRENT_RASTER_POSITION, GL_ARRAY_BUFFER_BINDING, 0x1,
};
static const GLenum ARR_TYPES[] = { GL_FLOAT, GL_UNSIGNED_BYTE, GL_SHORT, GL_INT, GL_DOUBLE,
                                    GL_HALF_FLOAT_ARB, GL_UNSIGNED_INT_2_10_10_10_REV, 0 };

/* Programs that compile and use most state (the rest come from fuzz_gen). */
static const char *const PROGRAMS[] = {
    "!!ARBvp1.0\nDP4 result.position.x, state.matrix.mvp.row[0], vertex.position;\n"
    "DP4 result.position.y, state.matrix.mvp.row[1], vertex.position;\n"
    "DP4 result.position.z, state.matrix.mvp.row[2], vertex.position;\n"
    "DP4 result.position.w, state.matrix.mvp.row[3], vertex.position;\n"
    "MOV result.color, vertex.color;\nMOV result.texcoord[0], vertex.texcoord[0];\nEND\n",
    "!!ARBfp1.0\nTEMP t;\nTEX t, fragment.texcoord[0], texture[0], 2D;\n"
    "MUL result.color, t, fragment.color;\nEND\n",
    "!!NVfp4.0\nTEMP t;\nTXF.U t, fragment.position, texture[1], 2D;\n"
    "I2F result.color, t;\nEND\n",
    "!!NVgp4.0\nPRIMITIVE_IN TRIANGLES;\nPRIMITIVE_OUT TRIANGLE_STRIP;\nVERTICES_OUT 3;\n"
    "MOV result.position, vertex[0].position;\nEMIT;\nMOV result.position, vertex[1].position;\n"
    "EMIT;\nMOV result.position, vertex[2].position;\nEMIT;\nEND\n",
    "!!NVfp5.0\nTEMP a;\nLOAD.U32 a.x, program.local[0].x;\n"
    "ATOM.ADD.U32 a.y, a.x, program.local[0].x;\nMOV result.color, a;\nEND\n",
    "!!ARBfp1.0\nKIL fragment.texcoord[0];\nMOV result.depth.z, fragment.color.x;\n"
    "MOV result.color, program.env[0];\nEND\n",
};

/* ---- fuzzer-owned memory -------------------------------------------------- */

/* Pixels (up to 32x32x8 texels of 16 bytes with skips), vertex arrays (64
 * vertices of 64-byte stride plus offset), readback. */
static uint8_t g_pixels[1 << 18];
static uint8_t g_verts[64 * 64 + 256];
static uint8_t g_out[1 << 18];
static uint8_t g_idx[64 * 4];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    setenv("ASMGL_THREADS", "1", 1); /* 0 would mean one per CPU */
    /* Endless programs stop after 2^16 lane-instructions a draw instead of
     * 2^36 (docs/limits.md), as fuzz_exec's do: this Debug, sanitized
     * build runs one lane about 10^5 instructions a second, and an input
     * may hold a dozen such draws or glRasterPos calls (one lane each). */
    setenv("ASMGL_DRAW_BUDGET", "65536", 0);
    return 0;
}

static GLenum pick_enum(fz_bytes *b, const GLenum *pool, size_t n)
{
    unsigned k = fz_u8(b);
    if (k == 255)
        return fz_u32(b); /* garbage */
    return pool[k % n];
}
#define PICK(b, pool) pick_enum(b, pool, N(pool))

static int small(fz_bytes *b, int lo, int hi) { return lo + (int)fz_below(b, (unsigned)(hi - lo + 1)); }
static float fval(fz_bytes *b) { return (float)((int)fz_u8(b) - 128) / 32.0f; }

static GLuint name(fz_bytes *b) { return fz_below(b, 6); /* 0..5: names the input reuses */ }

/* Pixel store values that keep every transfer inside g_pixels / g_out. */
static void pixel_store(fz_bytes *b)
{
    static const GLenum P[] = { GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS,
                                GL_UNPACK_SKIP_PIXELS, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_IMAGES,
                                GL_PACK_ALIGNMENT, GL_PACK_ROW_LENGTH, GL_PACK_SKIP_ROWS,
                                GL_PACK_SKIP_PIXELS, GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST, 0x77 };
    glPixelStorei(PICK(b, P), small(b, -1, 12));
}

static void program_call(fz_bytes *b)
{
    GLenum target = PICK(b, PROG_TARGETS);
    glBindProgramARB(target, name(b));
    unsigned k = fz_u8(b) % 4;
    if (k == 0) {
        const char *s = PROGRAMS[fz_below(b, N(PROGRAMS))];
        glProgramStringARB(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(s), s);
    } else if (k == 1) { /* garbage text */
        size_t n = fz_below(b, 64);
        char text[64];
        for (size_t i = 0; i < n; i++)
            text[i] = (char)fz_u8(b);
        glProgramStringARB(target, fz_u8(b) == 7 ? 0x1234 : GL_PROGRAM_FORMAT_ASCII_ARB,
                           (GLsizei)n, text);
    } else {
        /* a generated program on the target of its stage */
        fz_bytes sub = { b->p, b->n < 256 ? b->n : 256 };
        fz_program p;
        if (fz_gen_program(&sub, &p) == 0) {
            GLenum t = p.stage == GP_STAGE_FRAGMENT ? GL_FRAGMENT_PROGRAM_ARB : GL_VERTEX_PROGRAM_ARB;
            glBindProgramARB(t, name(b));
            glProgramStringARB(t, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)p.len, p.text);
            glEnable(t);
            fz_program_free(&p);
        }
        size_t used = (size_t)(sub.p - b->p);
        b->p += used;
        b->n -= used;
    }
}

static void texture_call(fz_bytes *b, unsigned k)
{
    switch (k) {
    case 0:
        glActiveTexture(GL_TEXTURE0 + fz_below(b, 10));
        glBindTexture(PICK(b, TEX_TARGETS), name(b));
        break;
    case 1:
        glTexImage2D(PICK(b, IMG2D_TARGETS), small(b, -1, 4), (GLint)PICK(b, IFMTS), small(b, -1, 9),
                     small(b, -1, 9), small(b, 0, 1), PICK(b, FORMATS), PICK(b, TYPES),
                     fz_u8(b) & 1 ? g_pixels : NULL);
        break;
    case 2:
        glTexImage3D(fz_u8(b) & 1 ? GL_TEXTURE_3D : GL_TEXTURE_2D_ARRAY_EXT, small(b, 0, 3),
                     (GLint)PICK(b, IFMTS), small(b, 0, 8), small(b, 0, 8), small(b, 0, 8), 0,
                     PICK(b, FORMATS), PICK(b, TYPES), g_pixels);
        break;
    case 3:
        glTexSubImage2D(PICK(b, IMG2D_TARGETS), small(b, 0, 3), small(b, -2, 8), small(b, -2, 8),
                        small(b, 0, 9), small(b, 0, 9), PICK(b, FORMATS), PICK(b, TYPES), g_pixels);
        break;
    case 4:
        glTexParameteri(PICK(b, TEX_TARGETS), PICK(b, TEX_PNAMES), TEX_VALUES[fz_below(b, N(TEX_VALUES))]);
        break;
    case 5:
        glCopyTexImage2D(PICK(b, IMG2D_TARGETS), small(b, 0, 2), (GLint)PICK(b, IFMTS), small(b, -4, 40),
                         small(b, -4, 40), small(b, 0, 16), small(b, 0, 16), 0);
        break;
    case 6:
        glGenerateMipmapEXT(PICK(b, TEX_TARGETS));
        break;
    case 7:
        glTexBufferARB(GL_TEXTURE_BUFFER_ARB, PICK(b, IFMTS), name(b));
        break;
    case 8:
        glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, small(b, 0, 5), PICK(b, IFMTS), small(b, 0, 9),
                                small(b, 0, 9), fz_u8(b) & 1);
        break;
    default: {
        GLuint t = name(b);
        glDeleteTextures(1, &t);
        break;
    }
    }
}

static void buffer_call(fz_bytes *b, unsigned k)
{
    switch (k) {
    case 0:
        glBindBuffer(PICK(b, BUF_TARGETS), name(b));
        break;
    case 1:
        glBufferData(PICK(b, BUF_TARGETS), small(b, -1, 1024), fz_u8(b) & 1 ? g_pixels : NULL,
                     PICK(b, USAGES));
        break;
    case 2:
        glBufferSubData(PICK(b, BUF_TARGETS), small(b, -4, 512), small(b, -1, 512), g_pixels);
        break;
    case 3:
        glGetBufferSubData(PICK(b, BUF_TARGETS), small(b, -4, 512), small(b, -1, 512), g_out);
        break;
    case 4: {
        GLenum t = PICK(b, BUF_TARGETS);
        GLint size = 0;
        glGetBufferParameteriv(t, GL_BUFFER_SIZE, &size);
        uint8_t *p = glMapBuffer(t, fz_u8(b) & 1 ? GL_READ_WRITE : GL_WRITE_ONLY);
        if (p && size > 0)
            memset(p, fz_u8(b), (size_t)size);
        glUnmapBuffer(t);
        break;
    }
    case 5: {
        /* NV_shader_buffer_load: make the buffer resident and hand its
         * address to the programs as program.local[0].x (fuzz_gen.c) */
        GLenum t = PICK(b, BUF_TARGETS);
        GLuint64EXT addr = 0;
        glMakeBufferResidentNV(t, fz_u8(b) & 1 ? GL_READ_WRITE : GL_READ_ONLY);
        glGetBufferParameterui64vNV(t, GL_BUFFER_GPU_ADDRESS_NV, &addr);
        glProgramLocalParameterI4uiNV(PICK(b, PROG_TARGETS), 0, (GLuint)addr, (GLuint)(addr >> 32), 0, 0);
        break;
    }
    case 6:
        if (fz_u8(b) & 1)
            glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, fz_below(b, 20), name(b));
        else
            glBindImageTextureEXT(fz_below(b, 10), name(b), small(b, -1, 2), fz_u8(b) & 1, small(b, -1, 3),
                                  fz_u8(b) & 1 ? GL_READ_WRITE : GL_WRITE_ONLY,
                                  (GLint)PICK(b, IFMTS));
        break;
    default: {
        GLuint n = name(b);
        glDeleteBuffers(1, &n);
        break;
    }
    }
}

static void fbo_call(fz_bytes *b, unsigned k)
{
    switch (k) {
    case 0:
        glBindFramebufferEXT(fz_u8(b) & 1 ? GL_FRAMEBUFFER_EXT : GL_READ_FRAMEBUFFER, name(b));
        break;
    case 1:
        glFramebufferTexture2DEXT(GL_FRAMEBUFFER_EXT, PICK(b, ATTACH), PICK(b, IMG2D_TARGETS), name(b),
                                  small(b, -1, 3));
        break;
    case 2:
        glBindRenderbufferEXT(GL_RENDERBUFFER_EXT, name(b));
        glRenderbufferStorageEXT(GL_RENDERBUFFER_EXT, PICK(b, IFMTS), small(b, -1, 40), small(b, -1, 40));
        break;
    case 3:
        glFramebufferRenderbufferEXT(GL_FRAMEBUFFER_EXT, PICK(b, ATTACH), GL_RENDERBUFFER_EXT, name(b));
        break;
    case 4:
        glCheckFramebufferStatusEXT(fz_u8(b) & 1 ? GL_FRAMEBUFFER_EXT : fz_u32(b));
        break;
    case 5:
        glFramebufferTextureLayerEXT(GL_FRAMEBUFFER_EXT, PICK(b, ATTACH), name(b), small(b, -1, 3),
                                     small(b, -1, 9));
        break;
    case 6:
        glBlitFramebufferEXT(small(b, -8, 40), small(b, -8, 40), small(b, -8, 40), small(b, -8, 40),
                             small(b, -8, 40), small(b, -8, 40), small(b, -8, 40), small(b, -8, 40),
                             fz_u8(b) & 7 ? GL_COLOR_BUFFER_BIT : fz_u32(b),
                             fz_u8(b) & 1 ? GL_NEAREST : GL_LINEAR);
        break;
    case 7:
        glDrawBuffer(fz_u8(b) & 1 ? GL_COLOR_ATTACHMENT0_EXT : PICK(b, ATTACH));
        break;
    default: {
        GLuint n = name(b);
        if (fz_u8(b) & 1)
            glDeleteFramebuffersEXT(1, &n);
        else
            glDeleteRenderbuffersEXT(1, &n);
        break;
    }
    }
}

static void array_call(fz_bytes *b, unsigned k)
{
    /* stride <= 64, offset <= 64, at most 4 components of 8 bytes: vertex
     * 63 ends inside g_verts */
    GLsizei stride = small(b, 0, 64);
    const uint8_t *ptr = g_verts + fz_below(b, 65);
    GLint size = small(b, 1, 4);
    GLenum type = PICK(b, ARR_TYPES);
    switch (k) {
    case 0: glVertexPointer(size, type, stride, ptr); glEnableClientState(GL_VERTEX_ARRAY); break;
    case 1: glColorPointer(size, type, stride, ptr); glEnableClientState(GL_COLOR_ARRAY); break;
    case 2: glTexCoordPointer(size, type, stride, ptr); glEnableClientState(GL_TEXTURE_COORD_ARRAY); break;
    case 3: {
        GLuint i = fz_below(b, 17);
        glVertexAttribPointerARB(i, size, type, fz_u8(b) & 1, stride, ptr);
        glEnableVertexAttribArrayARB(i);
        break;
    }
    default:
        glDisableClientState(fz_u8(b) & 1 ? GL_VERTEX_ARRAY : GL_COLOR_ARRAY);
        glDisableVertexAttribArrayARB(fz_below(b, 17));
        break;
    }
}

static void draw_call(fz_bytes *b, unsigned k)
{
    GLenum mode = PICK(b, PRIMS);
    switch (k) {
    case 0:
        glDrawArrays(mode, small(b, -1, 32), small(b, -1, 32));
        break;
    case 1: {
        /* indices below 64 whatever the type */
        GLsizei count = small(b, -1, 48);
        unsigned t = fz_u8(b) % 3;
        for (int i = 0; i < 48; i++) {
            unsigned v = fz_below(b, 64);
            if (t == 0)
                g_idx[i] = (uint8_t)v;
            else if (t == 1)
                ((uint16_t *)g_idx)[i] = (uint16_t)v;
            else
                ((uint32_t *)g_idx)[i] = v;
        }
        GLenum type = t == 0 ? GL_UNSIGNED_BYTE : t == 1 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT;
        GLint ebo = 0;
        glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &ebo);
        glDrawElements(mode, count, type, ebo ? (const void *)(uintptr_t)fz_below(b, 64) : g_idx);
        break;
    }
    case 2: {
        glBegin(mode);
        int n = small(b, 0, 12);
        for (int i = 0; i < n; i++) {
            glColor4f(fval(b), fval(b), fval(b), fval(b));
            glTexCoord2f(fval(b), fval(b));
            glVertexAttrib4fARB(fz_below(b, 4) + 1, fval(b), fval(b), fval(b), fval(b));
            glVertex3f(fval(b), fval(b), fval(b));
        }
        glEnd();
        break;
    }
    case 3:
        glDrawArraysInstancedARB(mode, small(b, 0, 8), small(b, 0, 16), small(b, 0, 3));
        break;
    default:
        glRectf(fval(b), fval(b), fval(b), fval(b));
        break;
    }
}

static void state_call(fz_bytes *b, unsigned k)
{
    switch (k) {
    case 0: glEnable(PICK(b, CAPS)); break;
    case 1: glDisable(PICK(b, CAPS)); break;
    case 2: glClearColor(fval(b), fval(b), fval(b), fval(b)); glClear(fz_u8(b) & 1 ? fz_u32(b) : 0x4500); break;
    case 3: glViewport(small(b, -8, 40), small(b, -8, 40), small(b, -1, 40), small(b, -1, 40)); break;
    case 4: glScissor(small(b, -8, 40), small(b, -8, 40), small(b, -1, 40), small(b, -1, 40)); break;
    case 5: glBlendFunc(PICK(b, BLENDS), PICK(b, BLENDS)); break;
    case 6: glDepthFunc(PICK(b, FUNCS)); break;
    case 7: glStencilFunc(PICK(b, FUNCS), small(b, -1, 300), fz_u32(b)); glStencilOp(GL_KEEP, GL_INCR, GL_INVERT); break;
    case 8: glColorMask(fz_u8(b) & 1, fz_u8(b) & 1, fz_u8(b) & 1, fz_u8(b) & 1); break;
    case 9: glPolygonMode(GL_FRONT_AND_BACK, fz_u8(b) & 1 ? GL_LINE : GL_POINT); break;
    case 10: glCullFace(fz_u8(b) & 1 ? GL_FRONT : GL_BACK); break;
    case 11: glPointSize(fval(b)); glLineWidth(fval(b)); break;
    case 12: glMatrixMode(fz_u8(b) & 1 ? GL_PROJECTION : GL_MODELVIEW); glLoadIdentity(); break;
    case 13: glRotatef(fval(b) * 90, fval(b), fval(b), fval(b)); glTranslatef(fval(b), fval(b), fval(b)); break;
    case 14: glProgramEnvParameter4fARB(PICK(b, PROG_TARGETS), fz_below(b, 300), fval(b), fval(b), fval(b), fval(b)); break;
    case 15: glProgramLocalParameter4fARB(PICK(b, PROG_TARGETS), fz_below(b, 300), fval(b), fval(b), fval(b), fval(b)); break;
    case 16: pixel_store(b); break;
    case 17: glGetIntegerv(PICK(b, GETS), (GLint *)g_out); break;
    case 18: glGetError(); break;
    case 19: glFinish(); break;
    case 20: glPushMatrix(); break;
    case 21: glPopMatrix(); break;
    case 22: glAlphaFunc(PICK(b, FUNCS), fval(b)); break;
    case 23: glDepthRange(fval(b), fval(b)); break;
    case 24: glLogicOp(GL_CLEAR + fz_below(b, 17)); break;
    case 25: glPolygonOffset(fval(b), fval(b)); break;
    case 26: glFrustum(fval(b), fval(b), fval(b), fval(b), fval(b), fval(b)); break;
    case 27: glBlendEquation(fz_u8(b) & 1 ? GL_FUNC_ADD : GL_MAX + fz_below(b, 4)); break;
    case 28: {
        static const GLenum ENV[] = { GL_TEXTURE_ENV_MODE, GL_COMBINE_RGB, GL_SOURCE0_RGB, GL_OPERAND0_RGB,
                                      GL_RGB_SCALE, 0x21 };
        glTexEnvi(fz_u8(b) & 1 ? GL_TEXTURE_ENV : GL_TEXTURE_FILTER_CONTROL, PICK(b, ENV),
                  TEX_VALUES[fz_below(b, N(TEX_VALUES))]);
        break;
    }
    case 29: glTexGeni(GL_S + fz_below(b, 5), GL_TEXTURE_GEN_MODE, TEX_VALUES[fz_below(b, N(TEX_VALUES))]); break;
    case 30: glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, TEX_VALUES[fz_below(b, N(TEX_VALUES))]); break;
    default: {
        GLuint n = name(b);
        glDeleteProgramsARB(1, &n);
        break;
    }
    }
}

static void pixels_call(fz_bytes *b, unsigned k)
{
    GLenum fmt = PICK(b, FORMATS), type = PICK(b, TYPES);
    GLint pbo = 0;
    switch (k) {
    case 0:
        glGetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &pbo);
        glReadPixels(small(b, -4, 36), small(b, -4, 36), small(b, -1, 32), small(b, -1, 32), fmt, type,
                     pbo ? (void *)(uintptr_t)fz_below(b, 64) : g_out);
        break;
    case 1:
        glGetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &pbo);
        glDrawPixels(small(b, -1, 16), small(b, -1, 16), fmt, type,
                     pbo ? (void *)(uintptr_t)fz_below(b, 64) : g_pixels);
        break;
    case 2:
        glGetTexImage(PICK(b, IMG2D_TARGETS), small(b, -1, 3), fmt, type, g_out);
        break;
    case 3:
        glRasterPos2f(fval(b), fval(b));
        glCopyPixels(small(b, -4, 36), small(b, -4, 36), small(b, -1, 32), small(b, -1, 32),
                     fz_u8(b) & 1 ? GL_COLOR : GL_DEPTH);
        break;
    default:
        glReadBuffer(fz_u8(b) & 1 ? GL_COLOR_ATTACHMENT0_EXT : fz_u32(b));
        break;
    }
}

static void gl30_call(fz_bytes *b, unsigned k)
{
    static const GLenum BUFS[] = {GL_COLOR, GL_DEPTH, GL_STENCIL, GL_DEPTH_STENCIL, 0x99};
    static const GLenum QUERIES[] = {GL_SAMPLES_PASSED, GL_PRIMITIVES_GENERATED,
                                     GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, 0x77};
    static const GLenum MODES[] = {GL_QUERY_WAIT, GL_QUERY_NO_WAIT, GL_QUERY_BY_REGION_WAIT, 0};
    static const GLenum CLAMPS[] = {GL_CLAMP_VERTEX_COLOR, GL_CLAMP_FRAGMENT_COLOR,
                                    GL_CLAMP_READ_COLOR, GL_TRUE, GL_FALSE, GL_FIXED_ONLY};
    static const GLenum BTARGETS[] = {GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, GL_ARRAY_BUFFER,
                                      GL_TRANSFORM_FEEDBACK_BUFFER, 0x55};
    GLint iv[4] = {small(b, -9, 9), small(b, 0, 300), -1, 7};
    GLfloat fv[4] = {fval(b), fval(b), fval(b), fval(b)};
    switch (k) {
    case 0: {
        GLuint v = name(b);
        glGenVertexArrays(1, &v);
        break;
    }
    case 1:
        glBindVertexArray(name(b));
        break;
    case 2: {
        GLuint v = name(b);
        glDeleteVertexArrays(1, &v);
        break;
    }
    case 3:
        glEnablei(fz_u8(b) & 1 ? GL_BLEND : PICK(b, CAPS), small(b, -1, 9));
        glColorMaski(small(b, 0, 9), fz_u8(b) & 1, fz_u8(b) & 1, fz_u8(b) & 1, fz_u8(b) & 1);
        break;
    case 4:
        glClearBufferfv(PICK(b, BUFS), small(b, -1, 9), fv);
        break;
    case 5:
        glClearBufferiv(PICK(b, BUFS), small(b, -1, 9), iv);
        glClearBufferuiv(PICK(b, BUFS), small(b, -1, 9), (const GLuint *)iv);
        glClearBufferfi(PICK(b, BUFS), small(b, -1, 1), fv[0], iv[0]);
        break;
    case 6:
        glBeginQuery(PICK(b, QUERIES), name(b));
        break;
    case 7:
        glEndQuery(PICK(b, QUERIES));
        break;
    case 8:
        glBeginConditionalRender(name(b), PICK(b, MODES));
        break;
    case 9:
        glEndConditionalRender();
        break;
    case 10:
        glClampColor(PICK(b, CLAMPS), PICK(b, CLAMPS));
        break;
    case 11:
        glCopyBufferSubData(PICK(b, BTARGETS), PICK(b, BTARGETS), small(b, -4, 64),
                            small(b, -4, 64), small(b, -4, 64));
        break;
    case 12:
        glBindBufferRange(PICK(b, BTARGETS), small(b, -1, 5), name(b), small(b, -4, 64),
                          small(b, -4, 64));
        break;
    default:
        if (fz_u8(b) & 1)
            glBeginTransformFeedback(fz_u8(b) & 1 ? GL_POINTS : fz_u32(b));
        else
            glEndTransformFeedback();
        break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = FB;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (!ctx || !asmgl_make_current(ctx)) {
        fprintf(stderr, "fuzz_gl: no context: %s\n", asmgl_last_error());
        abort();
    }
    fz_bytes b = { data, size };
    /* the client memory GL may read: from the input, then a fixed pattern */
    for (size_t i = 0; i < sizeof g_verts; i++)
        g_verts[i] = (uint8_t)(i * 7);
    for (size_t i = 0; i < sizeof g_pixels; i++)
        g_pixels[i] = (uint8_t)(i * 13);
    size_t seed = b.n < 64 ? b.n : 64;
    memcpy(g_verts, b.p, seed);
    for (int call = 0; call < MAX_CALLS && b.n; call++) {
        unsigned op = fz_u8(&b);
        unsigned k = fz_u8(&b);
        if (op >= 240) { /* the top sixteenth: GL 3.0's calls */
            gl30_call(&b, k % 14);
            continue;
        }
        switch (op % 8) {
        case 0: state_call(&b, k % 32); break;
        case 1: texture_call(&b, k % 10); break;
        case 2: buffer_call(&b, k % 8); break;
        case 3: fbo_call(&b, k % 9); break;
        case 4: program_call(&b); break;
        case 5: array_call(&b, k % 5); break;
        case 6: draw_call(&b, k % 5); break;
        default: pixels_call(&b, k % 5); break;
        }
    }
    glFinish();
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    return 0;
}
