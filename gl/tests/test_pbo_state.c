/* test_pbo_state.c - pixel buffer objects as the source and destination of
 * the state images (ARB_pixel_buffer_object, GL 2.1 sections 3.6.3, 3.5.2,
 * 6.1.x): PixelMap reads its values from the unpack buffer and
 * GetPixelMap writes them to the pack buffer; PolygonStipple and
 * GetPolygonStipple likewise (GetPolygonStipple honouring the pack
 * state).  A range outside the buffer or a misaligned offset is
 * INVALID_OPERATION.  As piglit's gl-2.1 pbo test checks on Mesa.
 */
#include <string.h>

#include "gl_test.h"

int main(void)
{
    asmgl_context *c = gt_context(8, 8);
    GLuint b[2];
    glGenBuffers(2, b);

    /* pixel maps */
    GLushort vals[16];
    for (int i = 0; i < 16; i++)
        vals[i] = (GLushort)(65535 - 4000 * i);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b[0]);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, 2 + sizeof vals, NULL, GL_STREAM_DRAW);
    glBufferSubData(GL_PIXEL_UNPACK_BUFFER, 2, sizeof vals, vals);
    glPixelMapusv(GL_PIXEL_MAP_R_TO_R, 16, (const GLushort *)(uintptr_t)2);
    GT_ERROR(GL_NO_ERROR);
    glPixelMapusv(GL_PIXEL_MAP_G_TO_G, 16, (const GLushort *)(uintptr_t)1); /* misaligned */
    GT_ERROR(GL_INVALID_OPERATION);
    glPixelMapusv(GL_PIXEL_MAP_G_TO_G, 17, (const GLushort *)(uintptr_t)2); /* past the end */
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    GLint size = 0;
    glGetIntegerv(GL_PIXEL_MAP_R_TO_R_SIZE, &size);
    GT_EQ_INT(size, 16);
    glGetIntegerv(GL_PIXEL_MAP_G_TO_G_SIZE, &size);
    GT_EQ_INT(size, 1); /* unchanged by the failures */

    glBindBuffer(GL_PIXEL_PACK_BUFFER, b[1]);
    glBufferData(GL_PIXEL_PACK_BUFFER, 256, NULL, GL_STREAM_READ);
    glGetPixelMapusv(GL_PIXEL_MAP_R_TO_R, (GLushort *)(uintptr_t)4);
    GT_ERROR(GL_NO_ERROR);
    GLushort back[16];
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 4, sizeof back, back);
    GT_CHECK(memcmp(back, vals, sizeof vals) == 0);

    /* polygon stipple: rows of 0xAA 0x55 0xF0 0x0F through both buffers */
    GLubyte pat[128];
    for (int i = 0; i < 128; i++)
        pat[i] = (GLubyte[]){0xAA, 0x55, 0xF0, 0x0F}[i % 4];
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, b[0]);
    glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof pat, pat, GL_STREAM_DRAW);
    glPolygonStipple(NULL);
    GT_ERROR(GL_NO_ERROR);
    glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
    glGetPolygonStipple((GLubyte *)(uintptr_t)8);
    GT_ERROR(GL_NO_ERROR);
    GLubyte got[128];
    glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 8, sizeof got, got);
    GT_CHECK(memcmp(got, pat, sizeof pat) == 0);
    glGetPolygonStipple((GLubyte *)(uintptr_t)200); /* 128 bytes do not fit */
    GT_ERROR(GL_INVALID_OPERATION);
    glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);

    /* client memory with PACK_SKIP_ROWS 1 and PACK_ROW_LENGTH 64 (8
     * bytes a row): row y lands at byte 8 (y + 1) */
    GLubyte wide[8 * 33];
    memset(wide, 0x33, sizeof wide);
    glPixelStorei(GL_PACK_SKIP_ROWS, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 64);
    glGetPolygonStipple(wide);
    GT_EQ_INT(wide[0], 0x33);      /* skipped row untouched */
    GT_EQ_INT(wide[8], 0xAA);
    GT_EQ_INT(wide[8 + 3], 0x0F);
    GT_EQ_INT(wide[8 + 4], 0x33);  /* past the 32 pixels of the row */
    GT_EQ_INT(wide[16 + 1], 0x55);
    GT_ERROR(GL_NO_ERROR);

    glDeleteBuffers(2, b);
    asmgl_make_current(NULL);
    asmgl_context_destroy(c);
    return gt_finish("gl.pbo_state");
}
