/*
 * xfont.c - glXUseXFont (GLX 1.4 section 3.3.9): the lists it builds draw
 * each glyph exactly as the X server draws it.  The string "Hg!" is drawn
 * twice: by GL (glCallLists over the font's lists, from a raster position)
 * into a window, and by the server (XDrawString) into a pixmap at the same
 * baseline; the two images must match pixel for pixel.  Lists for glyphs
 * the font lacks exist and are empty.
 */
#include "glx_test.h"

#define W 96
#define H 40

int main(void)
{
    Display *dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "no X display: skipped\n");
        return 77;
    }
    XSetErrorHandler(record_x_error);
    int scr = DefaultScreen(dpy);
    int attribs[] = {GLX_RGBA, GLX_DOUBLEBUFFER, None};
    XVisualInfo *vi = glXChooseVisual(dpy, scr, attribs);
    Font font = XLoadFont(dpy, "fixed");
    CHECK(vi && font, "visual and the font \"fixed\"");
    if (!vi || !font)
        return report("glx xfont");
    Window win = make_window(dpy, vi, W, H);
    GLXContext ctx = glXCreateContext(dpy, vi, NULL, True);
    CHECK(ctx && glXMakeCurrent(dpy, win, ctx), "context");

    GLuint base = glGenLists(256);
    glXUseXFont(font, 0, 256, (int)base);
    CHECK(glGetError() == GL_NO_ERROR, "GL error after glXUseXFont");
    CHECK(glIsList(base + 'H') && glIsList(base + 255), "lists made");

    /* GL: white glyphs on black, baseline at GL row 10, from x = 10 */
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    glColor3f(1, 1, 1);
    glRasterPos2i(10, 10);
    glListBase(base);
    glCallLists(3, GL_UNSIGNED_BYTE, "Hg!");
    unsigned char gl_img[H][W][4];
    glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, gl_img);

    /* X: the same string.  GLX 1.4 section 3.3.9 gives each glBitmap
     * yorig = descent - 1, so a glyph's lowest row above its baseline is
     * GL row 11; GL row r is X row H - 1 - r, so the baseline is X row
     * H - 11 (Mesa draws the same) */
    Pixmap pix = XCreatePixmap(dpy, win, W, H, (unsigned)vi->depth);
    XGCValues gcv = {.font = font, .foreground = 0, .background = 0};
    GC gc = XCreateGC(dpy, pix, GCFont | GCForeground | GCBackground, &gcv);
    XFillRectangle(dpy, pix, gc, 0, 0, W, H);
    XSetForeground(dpy, gc, 0xffffff);
    XDrawString(dpy, pix, gc, 10, H - 11, "Hg!", 3);
    XImage *x_img = XGetImage(dpy, pix, 0, 0, W, H, AllPlanes, ZPixmap);
    CHECK(x_img != NULL, "XGetImage");

    int ink = 0, differ = 0;
    for (int y = 0; x_img && y < H; y++)
        for (int x = 0; x < W; x++) {
            bool x_on = (XGetPixel(x_img, x, y) & 0xffffff) != 0;
            bool gl_on = gl_img[H - 1 - y][x][0] > 127;
            ink += x_on;
            if (x_on != gl_on && differ++ < 5)
                fprintf(stderr, "pixel (%d,%d): X %d, GL %d\n", x, y, x_on, gl_on);
        }
    if (getenv("XFONT_DUMP"))
        for (int y = 0; x_img && y < H; y++) {
            for (int x = 0; x < 40; x++)
                fputc((XGetPixel(x_img, x, y) & 0xffffff) ? 'X' : '.', stderr);
            fputc(' ', stderr);
            for (int x = 0; x < 40; x++)
                fputc(gl_img[H - 1 - y][x][0] > 127 ? 'G' : '.', stderr);
            fputc('\n', stderr);
        }
    CHECK(ink > 20, "the server drew %d pixels", ink);
    CHECK(differ == 0, "%d pixels differ from the server's glyphs", differ);

    if (x_img)
        XDestroyImage(x_img);
    XFreeGC(dpy, gc);
    XFreePixmap(dpy, pix);
    glDeleteLists(base, 256);
    glXMakeCurrent(dpy, None, NULL);
    glXDestroyContext(dpy, ctx);
    XUnloadFont(dpy, font);
    XFree(vi);
    CHECK(x_error_count == 0, "%d X errors, last %d", x_error_count, x_error_code);
    XCloseDisplay(dpy);
    return report("glx xfont");
}
