/*
 * program.h - loading assembly program text through glProgramStringARB and
 * reporting its errors compiler-style (FILE:LINE:COL: error: message).
 *
 * Shared by `asmgl check` (whole files) and `asmgl run` (program sections
 * embedded in a .shader_test, whose line numbers are offset).
 * Thread: the thread that owns the current context.
 */
#ifndef ASMGL_TOOLS_PROGRAM_H
#define ASMGL_TOOLS_PROGRAM_H

#include <GL/gl.h>
#include <GL/glext.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* One program stage: its target, the extension that provides the target, and
 * the shader_test section that holds it. */
struct prog_stage {
    GLenum target;
    const char *target_name; /* "GL_VERTEX_PROGRAM_ARB" */
    const char *extension;   /* "GL_ARB_vertex_program" */
    const char *section;     /* "vertex program": the shader_test section */
    const char *short_name;  /* "vp": header family, and `asmgl check --target` */
};

/* The stage named by the header at the start of text ("!!ARBvp1.0",
 * "!!NVfp4.0", "!!NVgp5.0", ...), or NULL if text starts with no known header.
 * Only the family is matched; a bad version number is left for GL to reject. */
const struct prog_stage *prog_stage_from_header(const char *text, size_t len);

/* The stage whose shader_test section is name (len bytes), or NULL. */
const struct prog_stage *prog_stage_from_section(const char *name, size_t len);

/* The stage named vp, fp, gp, tcp, tep or cp, or NULL. */
const struct prog_stage *prog_stage_from_short_name(const char *name);

struct prog_status {
    bool ok;             /* no GL error and error position -1 */
    GLenum gl_error;     /* glGetError() after glProgramStringARB */
    int position;        /* GL_PROGRAM_ERROR_POSITION_ARB, -1 if none */
    const char *message; /* GL_PROGRAM_ERROR_STRING_ARB, owned by GL, never NULL */
};

/* Creates a program object, binds it to target and loads text into it.
 * Returns the object name (also on failure, so the caller may delete it). */
GLuint prog_load(GLenum target, const char *text, size_t len, struct prog_status *st);

/* 1-based line and byte column of byte offset pos in text (pos is clamped). */
void prog_line_col(const char *text, size_t len, long pos, int *line, int *col);

/* Prints "file:LINE:COL: error: message", the offending line and a caret.
 * first_line is the file line where text starts (1 for a whole file). */
void prog_print_error(FILE *out, const char *file, int first_line, const char *text,
                      size_t len, const struct prog_status *st);

/* "GL_INVALID_OPERATION" etc. */
const char *prog_gl_error_name(GLenum error);

#endif /* ASMGL_TOOLS_PROGRAM_H */
