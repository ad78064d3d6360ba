/*
 * util.h - small helpers shared by the asmgl command's files: reading a whole
 * file (or stdin) and growing arrays with overflow-checked sizes.
 * Thread: any.
 */
#ifndef ASMGL_TOOLS_UTIL_H
#define ASMGL_TOOLS_UTIL_H

#include <stdbool.h>
#include <stddef.h>

/* Reads the whole file ("-" is stdin) into a malloc'd buffer with a NUL after
 * the last byte.  Returns NULL and sets errno on failure. */
char *util_read_file(const char *path, size_t *len);

/* Makes room for at least n elements of elem bytes in *array (capacity *cap,
 * doubled as needed).  Returns false on overflow or allocation failure; the
 * array is then left as it was. */
bool util_reserve(void **array, size_t *cap, size_t n, size_t elem);

/* a * b, or false if it overflows size_t. */
bool util_mul(size_t a, size_t b, size_t *out);

#endif /* ASMGL_TOOLS_UTIL_H */
