/*
 * util.h - small helpers shared by the asmgl command's files: reading a whole
 * file (or stdin) and growing arrays with overflow-checked sizes.
 * Thread: any.
 */
#ifndef ASMGL_TOOLS_UTIL_H
#define ASMGL_TOOLS_UTIL_H

#include <stdbool.h>
#include <stddef.h>

/* The largest input file the asmgl command reads unless told otherwise
 * (docs/shader_test.md "Input files"): 64 MiB. */
#define UTIL_MAX_INPUT_DEFAULT ((size_t)64 << 20)

/* Reads the whole file ("-" is stdin) into a malloc'd buffer with a NUL after
 * the last byte.  Only regular files (and "-") are read, and at most max
 * bytes: a FIFO, device or directory, or a longer input, is refused without
 * reading it all.  Returns NULL on failure with *why set to a message
 * ("not a regular file (...)", "larger than ...", or strerror's). */
char *util_read_file(const char *path, size_t max, size_t *len, const char **why);

/* Parses a --max-input value: a size in MiB, 1 to 65536.  Returns false if
 * the text is not one. */
bool util_parse_max_input(const char *text, size_t *bytes);

/* Makes room for at least n elements of elem bytes in *array (capacity *cap,
 * doubled as needed).  Returns false on overflow or allocation failure; the
 * array is then left as it was. */
bool util_reserve(void **array, size_t *cap, size_t n, size_t elem);

/* a * b, or false if it overflows size_t. */
bool util_mul(size_t a, size_t b, size_t *out);

#endif /* ASMGL_TOOLS_UTIL_H */
