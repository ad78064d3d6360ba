/*
 * st_run.h - executes a parsed shader_test against the current GL context,
 * with the semantics of piglit's shader_runner (requirements, programs,
 * [vertex data], then the [test] commands in order).
 *
 * Call order: make a context current (its size is the window size the
 * commands assume), gll_load(), st_execute().  Messages (failed probes,
 * skip reasons, program errors) go to stdout/stderr as shader_runner prints
 * them.  Thread: the context's thread.
 */
#ifndef ASMGL_TOOLS_ST_RUN_H
#define ASMGL_TOOLS_ST_RUN_H

#include "shader_test.h"

/* Also the process exit status of `asmgl run`. */
enum st_result { ST_PASS = 0, ST_FAIL = 1, ST_MALFORMED = 2, ST_SKIP = 77 };

/* Window size shader_runner uses when a test has no SIZE requirement. */
#define ST_DEFAULT_WIDTH 250
#define ST_DEFAULT_HEIGHT 250

enum st_result st_execute(const struct shader_test *t, int width, int height);

/* The memory commands (ST_OP_MEMORY, st_memory.c): buffers, residency,
 * addresses, image units, compute, barriers and their probes.  One st_mem
 * per st_execute; st_mem_free deletes the buffers it made. */
struct st_mem;
struct st_mem *st_mem_new(const struct shader_test *t);
void st_mem_free(struct st_mem *m);

/* The gl name of the first entry point c needs that the library lacks, or
 * NULL (the test is then skipped, as for the other commands). */
const char *st_mem_missing(const struct st_command *c);

/* Runs c; false (with a message) when it failed.  textures[unit] and
 * targets[unit] are the runner's texture objects and their targets (32
 * units), tolerance its four probe tolerances. */
bool st_mem_run(struct st_mem *m, const struct st_command *c, const unsigned *textures,
                const unsigned *targets, const float *tolerance);

#endif /* ASMGL_TOOLS_ST_RUN_H */
