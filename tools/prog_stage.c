/*
 * prog_stage.c - the GL-free half of program.h: which header and which
 * shader_test section belong to which program target, and byte offset to
 * line/column.  Pure data and arithmetic, so the shader_test parser can be
 * built and tested without a GL library.  Thread: any.
 */
#include "program.h"

#include <string.h>

static const struct prog_stage prog_stages[] = {
    { GL_VERTEX_PROGRAM_ARB, "GL_VERTEX_PROGRAM_ARB", "GL_ARB_vertex_program",
      "vertex program", "vp" },
    { GL_FRAGMENT_PROGRAM_ARB, "GL_FRAGMENT_PROGRAM_ARB", "GL_ARB_fragment_program",
      "fragment program", "fp" },
    { GL_GEOMETRY_PROGRAM_NV, "GL_GEOMETRY_PROGRAM_NV", "GL_NV_geometry_program4",
      "geometry program", "gp" },
    { GL_TESS_CONTROL_PROGRAM_NV, "GL_TESS_CONTROL_PROGRAM_NV", "GL_NV_tessellation_program5",
      "tessellation control program", "tcp" },
    { GL_TESS_EVALUATION_PROGRAM_NV, "GL_TESS_EVALUATION_PROGRAM_NV",
      "GL_NV_tessellation_program5", "tessellation evaluation program", "tep" },
    { GL_COMPUTE_PROGRAM_NV, "GL_COMPUTE_PROGRAM_NV", "GL_NV_compute_program5",
      "compute program", "cp" },
};

/* Header families (FEATURES.md HDR.*): the prefix decides the target. */
static const struct {
    const char *prefix;
    int stage; /* index into prog_stages */
} prog_headers[] = {
    { "!!ARBvp", 0 }, { "!!ARBfp", 1 }, { "!!NVvp", 0 },  { "!!NVfp", 1 },
    { "!!NVgp", 2 },  { "!!NVtcp", 3 }, { "!!NVtep", 4 }, { "!!NVcp", 5 },
};

const struct prog_stage *prog_stage_from_header(const char *text, size_t len)
{
    for (size_t i = 0; i < sizeof prog_headers / sizeof prog_headers[0]; i++) {
        size_t n = strlen(prog_headers[i].prefix);
        if (len >= n && memcmp(text, prog_headers[i].prefix, n) == 0)
            return &prog_stages[prog_headers[i].stage];
    }
    return NULL;
}

const struct prog_stage *prog_stage_from_section(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof prog_stages / sizeof prog_stages[0]; i++) {
        if (strlen(prog_stages[i].section) == len && memcmp(prog_stages[i].section, name, len) == 0)
            return &prog_stages[i];
    }
    return NULL;
}

const struct prog_stage *prog_stage_from_short_name(const char *name)
{
    for (size_t i = 0; i < sizeof prog_stages / sizeof prog_stages[0]; i++)
        if (strcmp(prog_stages[i].short_name, name) == 0)
            return &prog_stages[i];
    return NULL;
}

void prog_line_col(const char *text, size_t len, long pos, int *line, int *col)
{
    size_t end = pos < 0 ? 0 : (size_t)pos > len ? len : (size_t)pos;
    size_t line_start = 0;
    int l = 1;

    for (size_t i = 0; i < end; i++) {
        if (text[i] == '\n') {
            l++;
            line_start = i + 1;
        }
    }
    *line = l;
    *col = (int)(end - line_start) + 1;
}

