/*
 * tex_test.h - the tiny check harness of texture/'s tests (single thread).
 * Every expected value in the tests is computed by hand from the spec and
 * written next to the check; none is copied from the code's output.
 */
#ifndef TEXTURE_TESTS_TEX_TEST_H
#define TEXTURE_TESTS_TEX_TEST_H

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../tex.h"

static int tt_failures;
static int tt_checks;

#define CHECK(cond)                                                                        \
    do {                                                                                   \
        tt_checks++;                                                                       \
        if (!(cond)) {                                                                     \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);       \
            tt_failures++;                                                                 \
        }                                                                                  \
    } while (0)

#define CHECK_INT(a, b)                                                                    \
    do {                                                                                   \
        long long tt_a = (long long)(a), tt_b = (long long)(b);                            \
        tt_checks++;                                                                       \
        if (tt_a != tt_b) {                                                                \
            fprintf(stderr, "%s:%d: %s = %lld (0x%llx), expected %lld (0x%llx)\n", __FILE__, \
                    __LINE__, #a, tt_a, tt_a, tt_b, tt_b);                                 \
            tt_failures++;                                                                 \
        }                                                                                  \
    } while (0)

#define CHECK_NEAR(a, b, eps)                                                              \
    do {                                                                                   \
        double tt_a = (double)(a), tt_b = (double)(b);                                     \
        tt_checks++;                                                                       \
        if (!(fabs(tt_a - tt_b) <= (eps)) && !(tt_a == tt_b)) {                            \
            fprintf(stderr, "%s:%d: %s = %.9g, expected %.9g (eps %g)\n", __FILE__,        \
                    __LINE__, #a, tt_a, tt_b, (double)(eps));                              \
            tt_failures++;                                                                 \
        }                                                                                  \
    } while (0)

#define CHECK_VEC4(v, x, y, z, w, eps)                                                     \
    do {                                                                                   \
        CHECK_NEAR((v)[0], (x), (eps));                                                    \
        CHECK_NEAR((v)[1], (y), (eps));                                                    \
        CHECK_NEAR((v)[2], (z), (eps));                                                    \
        CHECK_NEAR((v)[3], (w), (eps));                                                    \
    } while (0)

static int tt_finish(const char *name)
{
    if (tt_failures)
        fprintf(stderr, "%s: %d of %d checks FAILED\n", name, tt_failures, tt_checks);
    else
        printf("%s: all %d checks passed\n", name, tt_checks);
    return tt_failures ? 1 : 0;
}

#endif
