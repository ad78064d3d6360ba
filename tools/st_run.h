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

#endif /* ASMGL_TOOLS_ST_RUN_H */
