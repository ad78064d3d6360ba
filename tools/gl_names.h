/*
 * gl_names.h - GL enum names <-> values for the asmgl command.
 *
 * The shader_test language names GL enums by their C spelling
 * ("enable GL_DEPTH_TEST", "depthfunc GL_LESS", "draw arrays GL_TRIANGLES").
 * This table covers every name the piglit ARB-program tests use plus the
 * common capability, comparison, blend, primitive, hint and format names.
 * Pure data: needs GL headers only, no GL library.
 */
#ifndef ASMGL_TOOLS_GL_NAMES_H
#define ASMGL_TOOLS_GL_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Looks up a "GL_*" name (len bytes at name, not NUL-terminated); a decimal or
 * 0x-prefixed number is accepted as a raw value.  Returns false if unknown. */
bool gln_lookup(const char *name, size_t len, unsigned *value);

/* The name of value, or NULL.  Where aliases share a value, the first listed. */
const char *gln_name(unsigned value);

#endif /* ASMGL_TOOLS_GL_NAMES_H */
