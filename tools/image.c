/*
 * image.c - PNG output and image comparison for the asmgl command (image.h).
 * Links Debian's libstb; without it CMake defines ASMGL_STB_IMPLEMENTATION
 * and the stb implementations are compiled here instead.  Thread: any.
 */
#include "image.h"

#include "util.h"

#ifdef ASMGL_STB_IMPLEMENTATION
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#endif
#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <stdlib.h>
#include <string.h>

static const char *img_last_error = "";

bool img_write_png(const char *path, int width, int height, const unsigned char *pixels,
                   bool bottom_up)
{
    size_t row = (size_t)width * 4, bytes;
    if (width < 1 || height < 1 || !util_mul(row, (size_t)height, &bytes)) {
        img_last_error = "bad image size";
        return false;
    }
    const unsigned char *top_down = pixels;
    unsigned char *flipped = NULL;
    if (bottom_up) {
        if (!(flipped = malloc(bytes))) {
            img_last_error = "out of memory";
            return false;
        }
        for (int y = 0; y < height; y++)
            memcpy(flipped + (size_t)y * row, pixels + (size_t)(height - 1 - y) * row, row);
        top_down = flipped;
    }
    int ok = stbi_write_png(path, width, height, 4, top_down, (int)row);
    free(flipped);
    if (!ok)
        img_last_error = "cannot write the PNG file";
    return ok != 0;
}

unsigned char *img_load(const char *path, int *width, int *height)
{
    int comps;
    unsigned char *p = stbi_load(path, width, height, &comps, 4);
    if (!p)
        img_last_error = stbi_failure_reason() ? stbi_failure_reason() : "cannot read the image";
    return p;
}

void img_free(unsigned char *pixels)
{
    stbi_image_free(pixels);
}

const char *img_error(void)
{
    return img_last_error;
}

struct img_diff img_compare(const unsigned char *a, const unsigned char *b, int width, int height,
                            int tolerance, unsigned char *diff)
{
    struct img_diff d = { 0, 0 };
    size_t n = (size_t)width * (size_t)height;

    for (size_t i = 0; i < n; i++) {
        int worst = 0;
        for (int c = 0; c < 4; c++) {
            int delta = abs((int)a[i * 4 + c] - (int)b[i * 4 + c]);
            worst = delta > worst ? delta : worst;
        }
        d.max_diff = worst > d.max_diff ? worst : d.max_diff;
        if (worst > tolerance)
            d.differing++;
    }
    if (!diff)
        return d;
    /* Second pass: scale to the maximum so small differences stay visible. */
    for (size_t i = 0; i < n; i++) {
        int worst = 0;
        for (int c = 0; c < 3; c++) {
            int delta = abs((int)a[i * 4 + c] - (int)b[i * 4 + c]);
            worst = delta > worst ? delta : worst;
            diff[i * 4 + c] = (unsigned char)(d.max_diff ? delta * 255 / d.max_diff : 0);
        }
        int da = abs((int)a[i * 4 + 3] - (int)b[i * 4 + 3]);
        worst = da > worst ? da : worst;
        if (worst > tolerance) {
            diff[i * 4 + 0] = 255;
            diff[i * 4 + 1] = 0;
            diff[i * 4 + 2] = 0;
        }
        diff[i * 4 + 3] = 255;
    }
    return d;
}
