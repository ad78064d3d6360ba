/*
 * gl_ffgen_priv.h - internals shared by gl_ffgen.c, gl_ffgen_vp.c and
 * gl_ffgen_fp.c; nothing outside these three files includes it.
 *
 * ff_text is an append-only program text with snprintf semantics: it writes
 * what fits into the caller's buffer, keeps NUL termination, and counts the
 * full length so the caller can size a second call.
 */
#ifndef GL_GL_FFGEN_PRIV_H
#define GL_GL_FFGEN_PRIV_H

#include "gl_ffgen.h"

#include <stdarg.h>

typedef struct ff_text {
    char *buf;
    size_t size; /* bytes available in buf, NUL included */
    size_t len;  /* length written so far, whether it fitted or not */
} ff_text;

void ff_text_init(ff_text *t, char *buf, size_t size);

/* Appends printf-formatted text. */
void ff_emit(ff_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The component letter of component c (0..3). */
static inline char ff_comp(int c) { return "xyzw"[c & 3]; }

/* Writes the letters of a 4-bit write mask ("xyw") into out (5 bytes). */
void ff_mask_str(unsigned mask, char out[5]);

#endif /* GL_GL_FFGEN_PRIV_H */
