/*
 * present_none.c - present.h for builds without GLFW or libepoxy: no window,
 * so only --headless runs work.  API thread only.
 */
#include "present.h"

#include <stdio.h>

present_window *present_open(int width, int height, const char *title)
{
    fprintf(stderr, "present: built without GLFW/libepoxy, no window available; use --headless\n");
    return NULL;
}

void present_framebuffer_size(present_window *w, int *width, int *height) {}

int present_frame(present_window *w, const unsigned char *rgba, int width, int height) { return 0; }

void present_close(present_window *w) {}
