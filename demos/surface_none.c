/*
 * surface_none.c - demo_surface_open_window (surface.h) for builds without
 * GLFW or Xlib: no window, so only --headless runs work.  API thread only.
 */
#include "surface.h"

#include <stdio.h>

demo_surface *demo_surface_open_window(int width, int height, const char *name)
{
    fprintf(stderr, "%s: built without GLFW, no window available; use --headless\n", name);
    return NULL;
}
