/*
 * stb_impl.c - stb_image and stb_image_write compiled into the demos, used
 * only where no compiled libstb is installed (see CMakeLists.txt).
 */
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image.h>
#include <stb_image_write.h>
