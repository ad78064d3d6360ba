/*
 * main.c - a program built against an installed asmgl (tests/install/run.sh
 * builds it twice: with pkg-config asmgl and with find_package(asmgl)).  It
 * clears an 8x8 context to (51, 102, 153, 255) / 255, reads it back, and
 * prints which libasmgl it ran on, so the script can tell the installed one
 * from the build tree's.  Exit 0 when every pixel has the clear colour.
 */
#define _GNU_SOURCE /* dladdr */
#include <asmgl/asmgl.h>
#include <GL/gl.h>

#include <dlfcn.h>
#include <stdio.h>

enum { SIZE = 8 };

int main(void)
{
    Dl_info info;
    if (dladdr((void *)asmgl_context_create, &info) && info.dli_fname)
        printf("library: %s\n", info.dli_fname);

    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = SIZE;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (!ctx || !asmgl_make_current(ctx)) {
        fprintf(stderr, "no asmgl context: %s\n", asmgl_last_error());
        return 1;
    }
    printf("renderer: %s\n", (const char *)glGetString(GL_RENDERER));

    /* k/255 converts back to exactly k (GL 2.1 section 2.14.9). */
    const unsigned char want[4] = {51, 102, 153, 255};
    glClearColor(want[0] / 255.0f, want[1] / 255.0f, want[2] / 255.0f, want[3] / 255.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    unsigned char px[SIZE * SIZE * 4];
    glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, px);
    GLenum err = glGetError();

    int bad = 0;
    for (int i = 0; i < SIZE * SIZE; i++)
        for (int c = 0; c < 4; c++)
            bad += px[i * 4 + c] != want[c];
    printf("pixel 0: %d %d %d %d, %d channels wrong, GL error 0x%x\n", px[0], px[1], px[2], px[3], bad, err);

    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
    return bad == 0 && err == GL_NO_ERROR ? 0 : 1;
}
