/*
 * gp_vmath.c - the executor's transcendental functions (gp_vmath.h), one
 * implementation for every backend.
 */
#include <math.h>

#include "gp_vmath.h"

void gp_vm_ex2(float *r, const float *a)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = exp2f(a[l]);
}

void gp_vm_lg2(float *r, const float *a)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = log2f(a[l]);
}

void gp_vm_sin(float *r, const float *a)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = sinf(a[l]);
}

void gp_vm_cos(float *r, const float *a)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = cosf(a[l]);
}

void gp_vm_pow(float *r, const float *a, const float *b)
{
    for (int l = 0; l < GP_LANES; l++)
        r[l] = powf(a[l], b[l]);
}
