/*
 * glx_xfont.c - glXUseXFont (GLX 1.4 section 3.3.9): display lists that
 * draw the glyphs of an X font with glBitmap (calling thread, with one of
 * our contexts current).
 *
 * Glyph i of [first, first + count) becomes list list_base + i holding
 * one glBitmap of the glyph's ink box (lbearing .. rbearing across, ascent
 * above and descent below the baseline) with the section's parameters:
 * xorig = -lbearing, yorig = descent - 1, width rbearing - lbearing,
 * height ascent + descent, xmove the glyph's width, ymove 0.  A glyph the font lacks gets an empty
 * list, as the section says.  Each ink box is drawn by the X server into a
 * 1-bit pixmap and read back with XGetImage, so any font the server has
 * works, one- or two-byte.
 *
 * glBitmap keeps its image at list compile time under the unpack state
 * then current; the unpack state is set to tightly packed MSB-first rows
 * for these calls and restored after (the application's state is its own).
 */
#include "glx_priv.h"

#include <X11/Xutil.h>

#include <stdlib.h>
#include <string.h>

/* The metrics of glyph (byte1, byte2) of fs, or NULL when it has none. */
static const XCharStruct *glyph_metrics(const XFontStruct *fs, unsigned byte1, unsigned byte2)
{
    if (byte1 < fs->min_byte1 || byte1 > fs->max_byte1 || byte2 < fs->min_char_or_byte2 ||
        byte2 > fs->max_char_or_byte2)
        return NULL;
    if (!fs->per_char)
        return &fs->min_bounds; /* every glyph has the same metrics */
    unsigned cols = fs->max_char_or_byte2 - fs->min_char_or_byte2 + 1;
    const XCharStruct *cs =
        &fs->per_char[(byte1 - fs->min_byte1) * cols + (byte2 - fs->min_char_or_byte2)];
    /* a glyph of all-zero metrics does not exist (XLFD / Xlib convention) */
    if (cs->width == 0 && cs->lbearing == 0 && cs->rbearing == 0 && cs->ascent == 0 &&
        cs->descent == 0)
        return NULL;
    return cs;
}

/* The unpack state glXUseXFont changes, saved and restored. */
typedef struct unpack_state {
    GLint swap_bytes, lsb_first, row_length, skip_rows, skip_pixels, alignment;
} unpack_state;

static void unpack_save(const gv_gl_api *gl, unpack_state *s)
{
    gl->GetIntegerv(GL_UNPACK_SWAP_BYTES, &s->swap_bytes);
    gl->GetIntegerv(GL_UNPACK_LSB_FIRST, &s->lsb_first);
    gl->GetIntegerv(GL_UNPACK_ROW_LENGTH, &s->row_length);
    gl->GetIntegerv(GL_UNPACK_SKIP_ROWS, &s->skip_rows);
    gl->GetIntegerv(GL_UNPACK_SKIP_PIXELS, &s->skip_pixels);
    gl->GetIntegerv(GL_UNPACK_ALIGNMENT, &s->alignment);
}

static void unpack_set(const gv_gl_api *gl, const unpack_state *s)
{
    gl->PixelStorei(GL_UNPACK_SWAP_BYTES, s->swap_bytes);
    gl->PixelStorei(GL_UNPACK_LSB_FIRST, s->lsb_first);
    gl->PixelStorei(GL_UNPACK_ROW_LENGTH, s->row_length);
    gl->PixelStorei(GL_UNPACK_SKIP_ROWS, s->skip_rows);
    gl->PixelStorei(GL_UNPACK_SKIP_PIXELS, s->skip_pixels);
    gl->PixelStorei(GL_UNPACK_ALIGNMENT, s->alignment);
}

void gv_glXUseXFont(Font font, int first, int count, int list_base)
{
    gv_context *c = gv_context_current();
    const gv_gl_api *gl = gv_gl();
    if (!c || !c->dpy || count <= 0 || !gl->NewList || !gl->EndList || !gl->Bitmap)
        return; /* without display lists in asmgl there is nothing to build */
    Display *dpy = c->dpy;
    XFontStruct *fs = XQueryFont(dpy, font); /* a bad font: BadFont from the server */
    if (!fs)
        return;
    /* the largest ink box, for one scratch pixmap */
    int max_w = fs->max_bounds.rbearing - fs->min_bounds.lbearing;
    int max_h = fs->max_bounds.ascent + fs->max_bounds.descent;
    if (max_w < 1)
        max_w = 1;
    if (max_h < 1)
        max_h = 1;
    Window root = RootWindow(dpy, c->screen);
    Pixmap pix = XCreatePixmap(dpy, root, (unsigned)max_w, (unsigned)max_h, 1);
    XGCValues gcv = {.font = font, .foreground = 1, .background = 0};
    GC gc = XCreateGC(dpy, pix, GCFont | GCForeground | GCBackground, &gcv);
    size_t row_bytes = ((size_t)max_w + 7) / 8;
    unsigned char *bits = calloc(row_bytes * (size_t)max_h, 1);
    unpack_state saved, packed = {0, GL_FALSE, 0, 0, 0, 1};
    unpack_save(gl, &saved);
    unpack_set(gl, &packed);
    bool two_byte = fs->min_byte1 != 0 || fs->max_byte1 != 0;

    for (int i = 0; i < count; i++) {
        unsigned ch = (unsigned)(first + i);
        unsigned byte1 = two_byte ? (ch >> 8) & 0xff : 0, byte2 = ch & 0xff;
        if (!two_byte && ch > 0xff)
            byte1 = 0x100; /* outside a one-byte font */
        const XCharStruct *cs = glyph_metrics(fs, byte1, byte2);
        gl->NewList((GLuint)(list_base + i), GL_COMPILE);
        if (cs && bits) {
            int w = cs->rbearing - cs->lbearing, h = cs->ascent + cs->descent;
            if (w > max_w)
                w = max_w;
            if (h > max_h)
                h = max_h;
            memset(bits, 0, row_bytes * (size_t)max_h);
            if (w > 0 && h > 0) {
                /* the server draws the glyph at its origin; read the box */
                XSetForeground(dpy, gc, 0);
                XFillRectangle(dpy, pix, gc, 0, 0, (unsigned)max_w, (unsigned)max_h);
                XSetForeground(dpy, gc, 1);
                XChar2b c2 = {.byte1 = (unsigned char)byte1, .byte2 = (unsigned char)byte2};
                XDrawString16(dpy, pix, gc, -cs->lbearing, cs->ascent, &c2, 1);
                XImage *img = XGetImage(dpy, pix, 0, 0, (unsigned)w, (unsigned)h, 1, XYPixmap);
                if (img) {
                    /* GL bitmaps start at the bottom row, MSB first */
                    for (int y = 0; y < h; y++)
                        for (int x = 0; x < w; x++)
                            if (XGetPixel(img, x, y))
                                bits[(size_t)(h - 1 - y) * (((size_t)w + 7) / 8) + (size_t)x / 8] |=
                                    (unsigned char)(0x80 >> (x % 8));
                    XDestroyImage(img);
                }
            }
            gl->Bitmap(w > 0 ? w : 0, h > 0 ? h : 0, (GLfloat)-cs->lbearing, (GLfloat)(cs->descent - 1),
                       (GLfloat)cs->width, 0.0f, bits);
        }
        gl->EndList();
    }

    unpack_set(gl, &saved);
    free(bits);
    XFreeGC(dpy, gc);
    XFreePixmap(dpy, pix);
    XFreeFontInfo(NULL, fs, 1);
}
