/* test_ssbo_api.c - shader storage buffers as NV_shader_storage_buffer_object
 * uses ARB_shader_storage_buffer_object's API: BindBufferBase / Range /
 * OffsetNV with SHADER_STORAGE_BUFFER, the generic and indexed bindings
 * (GetIntegerv, GetIntegeri_v, GetInteger64i_v, GetBooleani_v), their
 * errors (OpenGL 4.3 section 6.1.1: index, offset alignment, size), what
 * DeleteBuffers does to them, and the limits with ARB_ssbo's minimums.
 * End to end: a fragment program STBs into a buffer bound with a range
 * (the range's offset shifts where program.storage[n] starts, accesses past
 * the range are dropped), program.storagelen[n] is 0 (section 2.X.3.3: an
 * assembly program), and GetBufferSubData right after the draw sees the
 * stores (the GL flushes first), and MemoryBarrierEXT orders the stores
 * before a later draw's vertex fetch from the buffer.
 *
 * covers: API.REUSED LIM.SSBO.BINDINGS LIM.SSBO.BLOCK BIND.P.STORAGELEN
 */
#include "gl_test.h"

#include <string.h>

static GLint64 indexed64(GLenum value, GLuint index)
{
    GLint64 v = -12345;
    glGetInteger64i_v(value, index, &v);
    return v;
}

static GLint indexed(GLenum value, GLuint index)
{
    GLint v = -12345;
    glGetIntegeri_v(value, index, &v);
    return v;
}

static GLint generic(GLenum value)
{
    GLint v = -12345;
    glGetIntegerv(value, &v);
    return v;
}

static void check_binding(GLuint i, GLuint name, GLint64 start, GLint64 size, int line)
{
    GLint64 got[3] = {indexed64(GL_SHADER_STORAGE_BUFFER_BINDING, i),
                      indexed64(GL_SHADER_STORAGE_BUFFER_START, i),
                      indexed64(GL_SHADER_STORAGE_BUFFER_SIZE, i)};
    GLint64 want[3] = {name, start, size};
    for (int k = 0; k < 3; k++)
        if (got[k] != want[k]) {
            fprintf(stderr, "line %d: binding %u value %d = %lld, want %lld\n", line, i, k,
                    (long long)got[k], (long long)want[k]);
            gt_failures++;
        }
    GT_EQ_INT(indexed(GL_SHADER_STORAGE_BUFFER_BINDING, i), (GLint)name);
    GT_EQ_INT(indexed(GL_SHADER_STORAGE_BUFFER_START, i), (GLint)start);
    GT_ERROR(GL_NO_ERROR);
}
#define CHECK_BINDING(i, n, st, sz) check_binding((i), (n), (st), (sz), __LINE__)

static GLint max_bindings;

static void test_limits(void)
{
    /* ARB_shader_storage_buffer_object minimums: 8 bindings, 2^24 bytes per
     * block, an offset alignment of at most 256 */
    max_bindings = generic(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
    GT_CHECK(max_bindings >= 8);
    GLint block = generic(GL_MAX_SHADER_STORAGE_BLOCK_SIZE);
    GT_CHECK(block >= (1 << 24));
    GLint align = generic(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
    GT_CHECK(align >= 1 && align <= 256 && (align & (align - 1)) == 0);
    GT_CHECK(generic(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS) >= 8);
    GT_CHECK(generic(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS) >= 8);
    GT_ERROR(GL_NO_ERROR);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_shader_storage_buffer_object "));
    GT_CHECK(asmgl_get_proc_address("glGetInteger64i_v") == (void (*)(void))glGetInteger64i_v);
}

static void test_bindings(void)
{
    GLint align = generic(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
    /* initial state: everything 0 */
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), 0);
    for (GLuint i = 0; i < (GLuint)max_bindings; i++)
        CHECK_BINDING(i, 0, 0, 0);
    /* indexed queries past the last binding point */
    GLint64 v64 = -3;
    glGetInteger64i_v(GL_SHADER_STORAGE_BUFFER_SIZE, (GLuint)max_bindings, &v64);
    GT_ERROR(GL_INVALID_VALUE);
    GT_CHECK(v64 == -3);
    GLint v = -3;
    glGetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, (GLuint)max_bindings, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(v, -3);

    GLuint b[3];
    glGenBuffers(3, b);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), (GLint)b[0]);
    CHECK_BINDING(0, 0, 0, 0); /* BindBuffer binds the generic point only */
    glBufferData(GL_SHADER_STORAGE_BUFFER, 1024, NULL, GL_DYNAMIC_DRAW);
    GT_ERROR(GL_NO_ERROR);

    /* Base: whole buffer (start and size read 0), and the generic binding */
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, b[1]);
    GT_ERROR(GL_NO_ERROR);
    CHECK_BINDING(5, b[1], 0, 0);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), (GLint)b[1]);
    GT_CHECK(glIsBuffer(b[1])); /* the name became a buffer object */
    /* Range: offset and size as given */
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, (GLuint)max_bindings - 1, b[0], 2 * align, 48);
    GT_ERROR(GL_NO_ERROR);
    CHECK_BINDING((GLuint)max_bindings - 1, b[0], 2 * align, 48);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), (GLint)b[0]);
    GLboolean bb = GL_FALSE;
    glGetBooleani_v(GL_SHADER_STORAGE_BUFFER_BINDING, (GLuint)max_bindings - 1, &bb);
    GT_EQ_INT(bb, GL_TRUE);
    /* OffsetNV (NV_shader_storage_buffer_object section 2.X.3.Y names it):
     * from the offset to the end */
    glBindBufferOffsetNV(GL_SHADER_STORAGE_BUFFER, 2, b[0], align);
    GT_ERROR(GL_NO_ERROR);
    CHECK_BINDING(2, b[0], align, 0);

    /* errors: INVALID_VALUE, and nothing changes */
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)max_bindings, b[2]);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, (GLuint)max_bindings, b[0], 0, 16);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 5, b[0], 0, 0); /* size <= 0 */
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 5, b[0], 0, -16);
    GT_ERROR(GL_INVALID_VALUE);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 5, b[0], -align, 16);
    GT_ERROR(GL_INVALID_VALUE);
    if (align > 1) {
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 5, b[0], align / 2, 16); /* unaligned */
        GT_ERROR(GL_INVALID_VALUE);
        glBindBufferOffsetNV(GL_SHADER_STORAGE_BUFFER, 5, b[0], align + 1);
        GT_ERROR(GL_INVALID_VALUE);
    }
    CHECK_BINDING(5, b[1], 0, 0);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), (GLint)b[0]);
    GT_CHECK(!glIsBuffer(b[2])); /* not created by the failed Base */
    /* buffer 0 unbinds */
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, 0);
    GT_ERROR(GL_NO_ERROR);
    CHECK_BINDING(2, 0, 0, 0);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), 0);

    /* DeleteBuffers: every binding to the buffer reverts to 0 */
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b[0]);
    glDeleteBuffers(1, &b[0]);
    GT_ERROR(GL_NO_ERROR);
    CHECK_BINDING((GLuint)max_bindings - 1, 0, 0, 0);
    GT_EQ_INT(generic(GL_SHADER_STORAGE_BUFFER_BINDING), 0);
    CHECK_BINDING(5, b[1], 0, 0);
    glDeleteBuffers(2, &b[1]);
    CHECK_BINDING(5, 0, 0, 0);
    GT_ERROR(GL_NO_ERROR);
}

/* Fragment (x, y) of the 4x4 window, i = 4y + x, stores i + 100 to word i
 * of program.storage[1] and LEN + 7 to word i of program.storage[3]; every
 * fragment also stores 55 at byte 64 of storage[1], past its 64-byte range
 * (dropped).  LEN is 0 in stb_fp and program.storagelen[1].x (0 for an
 * assembly program) in storagelen_fp. */
#define STB_FP(decl, len)                                  \
    "!!NVfp5.0\n"                                          \
    "OPTION NV_shader_storage_buffer;\n"                   \
    "STORAGE sb[] = { program.storage[1] };\n"             \
    "STORAGE sl[] = { program.storage[3] };\n"             \
    decl                                                   \
    "TEMP p, v;\n"                                         \
    "FLR.U p.xy, fragment.position;\n"                     \
    "MAD.U p.z, p.y, 4, p.x;\n"                            \
    "MUL.U p.w, p.z, 4;\n"                                 \
    "ADD.U v.x, p.z, 100;\n"                               \
    "STB.U32 v, sb[p.w];\n"                                \
    "ADD.U v.x, " len ", 7;\n"                             \
    "STB.U32 v, sl[p.w];\n"                                \
    "MOV.U v.x, 55;\n"                                     \
    "STB.U32 v, sb[64];\n"                                 \
    "MOV result.color, {0, 1, 0, 1};\n"                    \
    "END\n"
static const char stb_fp[] = STB_FP("", "0");
static const char storagelen_fp[] = STB_FP("PARAM len = program.storagelen[1];\n", "len.x");

static void test_store_end_to_end(const char *fp_text)
{
    GLint align = generic(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
    GLuint prog = 0;
    glGenProgramsARB(1, &prog);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(fp_text), fp_text);
    if (glGetError() != GL_NO_ERROR) {
        fprintf(stderr, "%s:%d: the STB program did not load: %s\n%s", __FILE__, __LINE__,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB), fp_text);
        gt_failures++;
        glDeleteProgramsARB(1, &prog);
        return;
    }
    /* buffer a: storage[1] = bytes [align * 4, align * 4 + 64) of a 1024-byte
     * buffer; buffer b: storage[3], whole */
    GLuint b[2];
    glGenBuffers(2, b);
    GLuint fill[256];
    for (int i = 0; i < 256; i++)
        fill[i] = 0xEEEEEEEEu;
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glBufferData(GL_ARRAY_BUFFER, 1024, fill, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, b[1]);
    glBufferData(GL_ARRAY_BUFFER, 64, fill, GL_DYNAMIC_DRAW);
    GLintptr off = (GLintptr)align * 4;
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, b[0], off, 64);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, b[1]);
    GT_ERROR(GL_NO_ERROR);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glRecti(-1, -1, 1, 1);
    GT_ERROR(GL_NO_ERROR);

    GLuint got[256];
    memset(got, 0, sizeof got);
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 1024, got);
    GT_ERROR(GL_NO_ERROR);
    int bad = 0;
    for (int w = 0; w < 256; w++) {
        int i = w - (int)(off / 4);
        GLuint want = i >= 0 && i < 16 ? (GLuint)i + 100 : 0xEEEEEEEEu;
        if (got[w] != want) {
            if (!bad)
                fprintf(stderr, "%s:%d: word %d = 0x%x, want 0x%x\n", __FILE__, __LINE__, w,
                        got[w], want);
            bad++;
        }
    }
    GT_EQ_INT(bad, 0);
    glBindBuffer(GL_ARRAY_BUFFER, b[1]);
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, got);
    for (int w = 0; w < 16; w++)
        GT_EQ_INT(got[w], 7); /* LEN = storagelen[1].x = 0 */

    /* MapBuffer also sees the stores of a queued draw: rebind storage[1]
     * to the start of the buffer, draw the lower-left 2x2 pixels */
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, b[0], 0, 64);
    glRecti(-1, -1, 0, 0);
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    const GLuint *m = glMapBuffer(GL_ARRAY_BUFFER, GL_READ_ONLY);
    GT_CHECK(m != NULL);
    if (m) {
        GT_EQ_INT(m[0], 100); /* (0, 0) */
        GT_EQ_INT(m[5], 105); /* (1, 1) */
        GT_EQ_INT(m[2], 0xEEEEEEEEu); /* (2, 0) not covered */
        /* byte 64, past the new range: the store of 55 was dropped, the
         * first draw's 100 (word 0 of the old range) stays */
        GT_EQ_INT(m[16], 100);
    }
    glUnmapBuffer(GL_ARRAY_BUFFER);
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteBuffers(2, b);
    glDeleteProgramsARB(1, &prog);
    GT_ERROR(GL_NO_ERROR);
}

/* MemoryBarrierEXT(VERTEX_ATTRIB_ARRAY_BARRIER_BIT_EXT) orders a draw's
 * storage-buffer stores before a later draw's vertex fetch from the same
 * buffer (EXT_shader_image_load_store section 2.14.X): draw 1's fragments
 * (all 16) store the colour (0, 1, 0, 1) into vertex k's colour (k =
 * fragment index 0..3; the buffer starts red), then draw 2 takes its
 * vertex colours from the buffer (ColorPointer) with fixed-function
 * fragment processing: green everywhere.  Without the barrier the colours
 * are fetched when draw 2 is submitted, before draw 1 ran. */
static const char colour_fp[] =
    "!!NVfp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP p, v;\n"
    "FLR.U p.xy, fragment.position;\n"
    "MAD.U p.z, p.y, 4, p.x;\n"
    "MUL.U p.w, p.z, 16;\n"
    "MOV.F v, {0, 1, 0, 1};\n"
    "SLT.U.CC p.x, p.z, 4;\n"
    "IF NE.x;\n"
    "  STB.F32X4 v, sb[p.w];\n"
    "ENDIF;\n"
    "MOV result.color, {0, 0, 1, 1};\n"
    "END\n";

static void test_barrier_vertex_fetch(void)
{
    GLuint prog = 0;
    glGenProgramsARB(1, &prog);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(colour_fp), colour_fp);
    if (glGetError() != GL_NO_ERROR) {
        fprintf(stderr, "%s:%d: the program did not load: %s\n", __FILE__, __LINE__,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB));
        gt_failures++;
        glDeleteProgramsARB(1, &prog);
        return;
    }
    GLfloat red[16];
    for (int k = 0; k < 4; k++) {
        red[4 * k + 0] = 1;
        red[4 * k + 1] = 0;
        red[4 * k + 2] = 0;
        red[4 * k + 3] = 1;
    }
    static const GLfloat pos[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    GLuint b;
    glGenBuffers(1, &b);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof red, red, GL_DYNAMIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glRecti(-1, -1, 1, 1); /* draw 1: the stores */
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glMemoryBarrierEXT(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT_EXT);
    glEnableClientState(GL_VERTEX_ARRAY);
    glEnableClientState(GL_COLOR_ARRAY);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexPointer(2, GL_FLOAT, 0, pos);
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glColorPointer(4, GL_FLOAT, 0, NULL);
    glDrawArrays(GL_QUADS, 0, 4); /* draw 2: colours from the buffer */
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisableClientState(GL_COLOR_ARRAY);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    GT_ERROR(GL_NO_ERROR);
    GT_PROBE(0, 0, 0, 1, 0, 1, 0.01f);
    GT_PROBE(3, 3, 0, 1, 0, 1, 0.01f);
    glDeleteBuffers(1, &b);
    glDeleteProgramsARB(1, &prog);
    GT_ERROR(GL_NO_ERROR);
}

/* A queued draw that stores into a storage buffer finishes before the
 * buffer's store is replaced (BufferData), rewritten (BufferSubData) or
 * freed (DeleteBuffers): the new contents are exactly what the API wrote,
 * and nothing writes freed memory (run under ASan). */
static void test_respecify_after_store(void)
{
    GLuint prog = 0;
    glGenProgramsARB(1, &prog);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(stb_fp), stb_fp);
    if (glGetError() != GL_NO_ERROR) {
        fprintf(stderr, "%s:%d: the STB program did not load\n", __FILE__, __LINE__);
        gt_failures++;
        glDeleteProgramsARB(1, &prog);
        return;
    }
    GLuint b[2];
    glGenBuffers(2, b);
    GLuint data[16], got[16];
    for (int i = 0; i < 16; i++)
        data[i] = 0x5000u + (GLuint)i;
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, b[1]);
    glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_DYNAMIC_DRAW);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, b[0], 0, 64);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, b[1]);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);

    glRecti(-1, -1, 1, 1);
    glBindBuffer(GL_ARRAY_BUFFER, b[0]);
    glBufferData(GL_ARRAY_BUFFER, 64, data, GL_DYNAMIC_DRAW); /* new store */
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, got);
    GT_CHECK(memcmp(got, data, 64) == 0);

    glRecti(-1, -1, 1, 1);
    glBufferSubData(GL_ARRAY_BUFFER, 0, 64, data); /* after the draw's stores */
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, 64, got);
    GT_CHECK(memcmp(got, data, 64) == 0);

    glRecti(-1, -1, 1, 1);
    glDeleteBuffers(2, b); /* the queued draw must not write freed stores */
    GT_ERROR(GL_NO_ERROR);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDeleteProgramsARB(1, &prog);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(4, 4);
    GT_ERROR(GL_NO_ERROR);
    test_limits();
    test_bindings();
    test_store_end_to_end(stb_fp);
    test_store_end_to_end(storagelen_fp);
    test_barrier_vertex_fetch();
    test_respecify_after_store();
    asmgl_context_destroy(c);
    return gt_finish("ssbo_api");
}
