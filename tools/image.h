/*
 * image.h - PNG files for the asmgl command: writing the framebuffer after a
 * run, and comparing two images (stb_image / stb_image_write underneath).
 *
 * Pixels are tightly packed RGBA8.  Ownership: img_load() returns a buffer
 * the caller releases with img_free().  Errors: functions return false/NULL
 * and img_error() says why.  Thread: any (stb's failure reason is global, so
 * one thread at a time).
 */
#ifndef ASMGL_TOOLS_IMAGE_H
#define ASMGL_TOOLS_IMAGE_H

#include <stdbool.h>
#include <stddef.h>

/* Writes a PNG; bottom_up says the rows come bottom row first (glReadPixels
 * order) rather than top row first (PNG and img_load() order). */
bool img_write_png(const char *path, int width, int height, const unsigned char *pixels,
                   bool bottom_up);

/* Loads any image stb_image reads, converted to RGBA8, top row first. */
unsigned char *img_load(const char *path, int *width, int *height);
void img_free(unsigned char *pixels);
const char *img_error(void);

struct img_diff {
    int max_diff;          /* largest per-channel difference */
    size_t differing;      /* pixels with a channel differing by more than the tolerance */
};

/* Compares two same-sized images; if diff is not NULL it receives an RGBA8
 * image: the per-channel difference scaled so the largest shows at 255,
 * opaque, and pure red where a pixel exceeds the tolerance. */
struct img_diff img_compare(const unsigned char *a, const unsigned char *b, int width, int height,
                            int tolerance, unsigned char *diff);

#endif /* ASMGL_TOOLS_IMAGE_H */
