/*
 * shader_test.h - a piglit .shader_test file, parsed into plain data.
 *
 * The parser (shader_test.c) needs no GL context: it checks the syntax of
 * every section and command up front, so a malformed file is reported as
 * FILE:LINE before anything is drawn, and the executor (st_run.c) only reads
 * this structure.  Sections: [require], [vertex program], [fragment program]
 * (plus the NV stages of program.c), [vertex data], [elements], [test]; see
 * docs/shader_test.md for the command language.
 *
 * Ownership: a shader_test owns the file text and everything parsed from it;
 * st_free() releases it.  Errors: st_parse() prints "FILE:LINE: error: ..."
 * to stderr and returns false.  Thread: any (no globals).
 */
#ifndef ASMGL_TOOLS_SHADER_TEST_H
#define ASMGL_TOOLS_SHADER_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct prog_stage;

enum st_cmp { ST_CMP_EQ, ST_CMP_NE, ST_CMP_LT, ST_CMP_LE, ST_CMP_GT, ST_CMP_GE };

enum st_req_kind {
    ST_REQ_EXTENSION,    /* GL_ARB_foo, or a bare ARB_foo */
    ST_REQ_NO_EXTENSION, /* !GL_ARB_foo */
    ST_REQ_GL_VERSION,   /* GL [ES] >= 1.3 */
    ST_REQ_GLSL_VERSION, /* GLSL [ES] >= 1.10 */
    ST_REQ_INT,          /* INT GL_MAX_FOO >= 4, or GL_MAX_FOO >= 4 */
    ST_REQ_RLIMIT,       /* rlimit BYTES */
    ST_REQ_UNSUPPORTED,  /* SSO, SEPARABLE PROGRAM, SPIRV, a limit with an unknown name */
};

struct st_require {
    enum st_req_kind kind;
    int line;
    char *name;         /* extension name with GL_ prefix, or what is unsupported */
    unsigned gl_enum;   /* ST_REQ_INT */
    enum st_cmp cmp;
    long value;         /* version as 13 / 110, limit, or rlimit bytes */
    bool es;
};

/* An assembly program section: text runs from the line after the section
 * header up to the next section, as piglit passes it to GL. */
struct st_program {
    const struct prog_stage *stage;
    const char *text; /* points into shader_test.text */
    size_t len;
    int line;         /* file line of the first byte of text */
};

/* Where a [vertex data] column goes.  ARB programs have no named attributes,
 * so a column is a generic index (as in piglit) or a conventional array. */
enum st_attr_kind {
    ST_ATTR_GENERIC,   /* "3/float/vec4": vertex.attrib[3] */
    ST_ATTR_VERTEX,    /* gl_Vertex, piglit_vertex */
    ST_ATTR_COLOR,     /* gl_Color */
    ST_ATTR_SECONDARY, /* gl_SecondaryColor */
    ST_ATTR_NORMAL,    /* gl_Normal */
    ST_ATTR_TEXCOORD,  /* gl_MultiTexCoordN, piglit_texcoord (unit 0) */
    ST_ATTR_FOGCOORD,  /* gl_FogCoord */
};

struct st_attrib {
    enum st_attr_kind kind;
    unsigned index;   /* generic index or texture unit */
    unsigned gl_type; /* GL_FLOAT, GL_INT, ... */
    int type_size;    /* bytes per component */
    int components;   /* 1..4 */
    bool integer;     /* integer attribute: glVertexAttribIPointer */
    bool lng;         /* (asmgl) 64-bit attribute: glVertexAttribLPointerEXT (double with
                         dvecN / double components, int64 / uint64 types) */
    size_t offset;    /* within a row */
};

struct st_vertex_data {
    struct st_attrib *attribs;
    size_t nattribs;
    size_t stride; /* bytes per row */
    unsigned char *rows;
    size_t nrows;
    int line;      /* the [vertex data] header line */
};

enum st_op {
    ST_OP_CLEAR_COLOR,     /* f[0..3] */
    ST_OP_CLEAR_DEPTH,     /* f[0] */
    ST_OP_CLEAR,           /* glClear of the buffers named by clear color/depth */
    ST_OP_COLOR,           /* f[0..3]: glColor4fv */
    ST_OP_TEXCOORD,        /* i[0] unit, f[0..3]: glMultiTexCoord4fv */
    ST_OP_DRAW_RECT,       /* variant ST_DRAW_*; [i[0] instances] f[0..3] rect [f[4..7] tex] */
    ST_OP_DRAW_ARRAYS,     /* e[0] mode, i[0] first, i[1] count, [i[2] instances] */
    ST_OP_DRAW_ELEMENTS,   /* e[0] mode, i[0] count, i[1] basevertex: [elements] */
    ST_OP_ENABLE,          /* e[0]; variant 1 enable, 0 disable */
    ST_OP_DEPTHFUNC,       /* e[0] */
    ST_OP_BLEND_FUNC,      /* e[0] src, e[1] dst */
    ST_OP_HINT,            /* e[0] target, e[1] mode */
    ST_OP_PATCH_VERTICES,  /* i[0]: glPatchParameteri(GL_PATCH_VERTICES, n) */
    ST_OP_PATCH_DEFAULT_LEVEL, /* variant GL_PATCH_DEFAULT_OUTER_LEVEL (f[0..3]) or _INNER_LEVEL
                              (f[0..1]): glPatchParameterfv */
    ST_OP_POLYGON_MODE,    /* e[0] face, e[1] mode */
    ST_OP_PROVOKING,       /* variant = convention enum */
    ST_OP_SHADE_MODEL,     /* variant = GL_FLAT / GL_SMOOTH */
    ST_OP_CLIP_PLANE,      /* i[0] plane, f[0..3] */
    ST_OP_ORTHO,           /* f[0..3]: left right bottom top */
    ST_OP_ORTHO_WINDOW,    /* ortho with no arguments: window coordinates */
    ST_OP_FRUSTUM,         /* f[0..5] */
    ST_OP_PROBE_PIXEL,     /* variant ST_PROBE_*; f[0..1] position, f[2..] colour */
    ST_OP_PROBE_RECT,      /* variant ST_PROBE_*; i[0..3] or f[0..3] rect, then colour */
    ST_OP_PROBE_DEPTH,     /* f[0..1] position, f[2] depth */
    ST_OP_TOLERANCE,       /* f[0..nf-1] */
    ST_OP_TEX_RGBW,        /* i[0] unit, i[1..2] size, e[0] internal format if ne */
    ST_OP_TEX_RGBW_1D,     /* i[0] unit */
    ST_OP_TEX_RGBW_3D,     /* i[0] unit */
    ST_OP_TEX_ARRAY,       /* variant target; i[0] unit, i[1..] w [h] layers */
    ST_OP_TEX_MIPTREE,     /* i[0] unit */
    ST_OP_TEX_QUADS,       /* variant 1 checkerboard; i[0] unit i[1] level i[2..3] size
                              [i[4..5] square size]; f[] the colours */
    ST_OP_TEX_SHADOW,      /* variant target; i[0] unit, i[1..] w [h] [layers] */
    ST_OP_TEX_JUNK,        /* variant target; i[0] unit, i[1..3] size */
    ST_OP_TEXPARAMETER,    /* variant ST_TP_*; e[0] target, e[1] pname, value */
    ST_OP_PARAMETER,       /* variant ST_PARAM_*; e[0] target, i[0] index, f[0..3] or
                              i[1..4] (32-bit patterns) for the integer forms */
    ST_OP_PARAMETER_BUFFER, /* e[0] binding target (GL_*_PROGRAM_PARAMETER_BUFFER_NV),
                              i[0] binding index, variant ST_VAL_*, data[ndata] */
    ST_OP_TEX_INTEGER,     /* i[0] unit, i[1..2] size, i[3..4] b, a; e[0] internal format */
    ST_OP_TEX_BUFFER,      /* i[0] unit, e[0] internal format, data[ndata] */
    ST_OP_TEX_STORAGE,     /* i[0] unit, e[0] target, e[1] internal format, i[1] levels
                              (samples for the multisample targets), i[2..ni-1] w [h [d]] */
    ST_OP_FB,              /* variant ST_FB_*; see there */
    ST_OP_SUBROUTINE,      /* e[0] program target, data[ndata]: glProgramSubroutineParametersuivNV */
    ST_OP_TEX_HANDLE,      /* variant ST_PARAM_LOCAL | ST_TEX_HANDLE_NONRESIDENT; i[0] unit,
                              e[0] program target, i[1] parameter index (NV_bindless_texture) */
    ST_OP_MEMORY,          /* variant ST_MEM_*: the memory commands (ssbo, buffer,
                              image bind, probe image, compute, memory barrier); parsed by
                              st_mem_parse.c, run by st_memory.c, fields there */
    ST_OP_ATTRIB64,        /* (asmgl) e[0] GL_DOUBLE / GL_INT64_NV / GL_UNSIGNED_INT64_NV,
                              i[0] index; data[0..7]: (lo, hi) of x y z w (missing ones
                              0, 0, 1 of the type): glVertexAttribL4dvEXT / L4i64vNV /
                              L4ui64vNV */
    ST_OP_UNSUPPORTED,     /* a piglit command asmgl does not run: the test is skipped */
};

/* ST_OP_MEMORY commands (docs/shader_test.md "Memory commands").  ID is an
 * ssbo binding N or the index of a buffer NAME in shader_test.buffer_names. */
enum st_mem_kind {
    ST_MEM_SSBO,          /* ssbo N SIZE: i[0] N, i[1] SIZE */
    ST_MEM_BUFFER,        /* buffer NAME SIZE: i[0] ID, i[1] SIZE */
    ST_MEM_SSBO_SUBDATA,  /* i[0] ID, i[1] st_mem_type, i[2] OFFSET, i[3] bytes; data: the
                             bytes (ndata words) */
    ST_MEM_BUFFER_SUBDATA,
    ST_MEM_PROBE_SSBO,    /* as subdata, plus i[4] ST_CMP_EQ / ST_CMP_NE */
    ST_MEM_PROBE_BUFFER,
    ST_MEM_RESIDENT,      /* i[0] ID, e[0] GL_READ_ONLY / GL_WRITE_ONLY / GL_READ_WRITE */
    ST_MEM_NONRESIDENT,   /* i[0] ID */
    ST_MEM_ADDRESS,       /* i[0] ID, e[0] program target, i[1] parameter index, i[2..3]
                             OFFSET's low and high words, i[4] 1 for local, 0 for env */
    ST_MEM_IMAGE_BIND,    /* i[0] image unit, i[1] texture unit, i[2] level, i[3] layer,
                             i[4] layered; e[0] access, e[1] format */
    ST_MEM_PROBE_IMAGE,   /* i[0] texture unit, i[1] level, i[2..4] x y z, i[5] st_value_kind;
                             f[0..3] (float) or data[0..3] (int, uint) */
    ST_MEM_COMPUTE,       /* i[0..2] groups */
    ST_MEM_BARRIER,       /* e[0] the barrier bits */
};

/* A value type of the memory commands: name, size and how values parse. */
enum st_mem_type {
    ST_MT_FLOAT, ST_MT_INT, ST_MT_UINT, ST_MT_INT64, ST_MT_UINT64, ST_MT_DOUBLE,
    ST_MT_INT8, ST_MT_UINT8, ST_MT_INT16, ST_MT_UINT16, ST_MT_HALF,
};

/* Bytes of one value of type t. */
int st_mem_type_size(int t);

enum {
    ST_DRAW_TEX = 1,       /* draw rect tex: texture coordinates on unit 0 */
    ST_DRAW_ORTHO = 2,     /* coordinates in pixels */
    ST_DRAW_PATCH = 4,     /* GL_PATCHES of 4 vertices */
    ST_DRAW_INSTANCED = 8, /* i[0] instances */
};

enum {
    ST_PROBE_RGB = 3,      /* component count in the low bits */
    ST_PROBE_RGBA = 4,
    ST_PROBE_COMPONENTS = 7,
    ST_PROBE_RELATIVE = 8, /* coordinates are fractions of the window */
    ST_PROBE_ALL = 16,     /* the whole window */
    ST_PROBE_INT = 32,     /* probe ... rgba int: GL_RGBA_INTEGER, GL_INT, exact */
    ST_PROBE_UINT = 64,    /* probe ... rgba uint: GL_RGBA_INTEGER, GL_UNSIGNED_INT, exact */
};

/* parameter: which entry point sets it. */
enum { ST_PARAM_LOCAL = 1, ST_PARAM_INT = 2, ST_PARAM_UINT = 4 };
enum { ST_TEX_HANDLE_NONRESIDENT = 8 }; /* texture handle ... nonresident */

/* How the values of parameter buffer / texture buffer are written. */
enum st_value_kind { ST_VAL_FLOAT, ST_VAL_INT, ST_VAL_UINT };

/* fb: the framebuffer the following commands draw into and probe. */
enum {
    ST_FB_TEX_2D,   /* fb tex 2d UNIT...: i[0..ni-1] units, one colour attachment each */
    ST_FB_MS,       /* fb ms GL_FORMAT W H SAMPLES: e[0], i[0..2] */
    ST_FB_RB,       /* fb rb GL_FORMAT (asmgl): e[0], window size */
    ST_FB_WINSYS,   /* fb winsys: back to the window */
    ST_FB_TEX_LAYERED, /* fb tex layered UNIT: i[0]; the whole texture (glFramebufferTexture) */
    ST_FB_TEX_SLICE,   /* fb tex slice TARGET UNIT LEVEL LAYER: e[0], i[0..2] */
};

enum { ST_TP_ENUM, ST_TP_INT, ST_TP_FLOAT, ST_TP_FLOATV };

struct st_command {
    enum st_op op;
    int variant;
    int line;
    const char *text; /* the command as written, for messages */
    int text_len;
    int nf, ni, ne;
    float f[16];
    int i[8];
    unsigned e[3];
    uint32_t *data;   /* variable-length values (buffers), owned by the shader_test */
    size_t ndata;
};

/* A colour format the integer, buffer and framebuffer commands accept. */
struct st_format {
    unsigned internal;  /* GL_RGBA32I */
    unsigned format;    /* pixel transfer format: GL_RGBA_INTEGER */
    unsigned type;      /* pixel transfer type: GL_INT */
    int components;
    enum st_value_kind kind; /* unorm formats count as float */
    bool bits32;        /* 32-bit components: usable by texture integer / buffer */
};

/* The entry for internal format value, or NULL when asmgl run does not know it. */
const struct st_format *st_format_find(unsigned internal);

struct shader_test {
    const char *path;
    char *text; /* the whole file, NUL-terminated */
    size_t len;

    int width, height; /* from SIZE, 0 when absent */
    bool depthbuffer;

    struct st_require *reqs;
    size_t nreqs;
    struct st_program *progs;
    size_t nprogs;
    bool has_vertex_data;
    struct st_vertex_data vdata;
    struct st_command *cmds;
    size_t ncmds;
    /* [elements]: 16-bit vertex indices for draw elements (shader_runner's
     * GL_UNSIGNED_SHORT element buffer). */
    uint16_t *elements;
    size_t nelements;

    /* Names of `buffer NAME` (memory commands), indexed by ID. */
    char **buffer_names;
    size_t nbuffer_names;

    /* The first GLSL-only section ([vertex shader] ...), which asmgl cannot
     * run: the test is skipped.  NULL if none. */
    char *glsl_section;
    int glsl_line;
};

/* Parses text (len bytes, NUL-terminated at text[len]); t takes ownership of
 * text (malloc'd) even on failure.  path is used in messages and kept. */
bool st_parse(struct shader_test *t, const char *path, char *text, size_t len);

void st_free(struct shader_test *t);

/* Parses the [test] line [p, end) if it is a memory command (st_mem_parse.c):
 * 0 when it is not one, 1 when cmd was filled in (cmd->data malloc'd),
 * -1 when it is a malformed memory command (why holds the message, with
 * the expected syntax).  Named buffers are added to t->buffer_names. */
int st_mem_parse(struct shader_test *t, const char *p, const char *end, struct st_command *cmd,
                 char *why, size_t why_size);

#endif /* ASMGL_TOOLS_SHADER_TEST_H */
