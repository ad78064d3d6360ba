/*
 * fuzz_gen.h - a generator of valid assembly programs driven by fuzzer bytes,
 * shared by the executor and GL API fuzz targets (fuzz/).
 *
 * fz_gen_program turns a byte stream into the text of one program that
 * gp_compile must accept: ARB (!!ARBvp1.0 / !!ARBfp1.0, with or without the
 * NV_vertex_program2/3 and NV_fragment_program/2 options), NV_gpu_program4
 * (!!NVvp4.0 / !!NVfp4.0) or NV_gpu_program5 (!!NVvp5.0 / !!NVfp5.0).  What a
 * program may contain is what its language allows: ALU instructions of every
 * class, condition codes, flow control (IF, REP with bounded and unbounded
 * counts, BRK, CONT, BRA, CAL, RET), relative addressing of a parameter
 * array, texture instructions on the fixed unit/target table below, and the
 * NV5 memory instructions (LOAD, STORE, ATOM, MEMBAR) on addresses made from
 * program.local[0].x, the base address of a resident buffer of
 * FZ_MEM_BYTES bytes, plus addresses outside it.
 */
#ifndef FUZZ_FUZZ_GEN_H
#define FUZZ_FUZZ_GEN_H

#include <stddef.h>
#include <stdint.h>

#include "glprog.h"

/* The bytes a generator reads; past the end every read is 0. */
typedef struct fz_bytes {
    const uint8_t *p;
    size_t n;
} fz_bytes;

unsigned fz_u8(fz_bytes *b);
uint32_t fz_u32(fz_bytes *b);
/* A value in [0, n) (n >= 1). */
unsigned fz_below(fz_bytes *b, unsigned n);

/* The resident buffer memory instructions address (bytes). */
#define FZ_MEM_BYTES 256
/* program.storage[0] (LDB STB ATOMB), bytes; image units 0 (2D RGBA8) and
 * 1 (2D R32UI), FZ_IMAGE_SIZE texels square (LOADIM STOREIM ATOMIM). */
#define FZ_STORAGE_BYTES 64
#define FZ_IMAGE_SIZE 4

/* Texture unit -> target the generated programs use (ARB: a unit keeps one
 * target in a program).  Units 6 (ARRAY2D) and 7 (BUFFER) are NV4/NV5 only. */
enum {
    FZ_UNIT_2D, FZ_UNIT_3D, FZ_UNIT_CUBE, FZ_UNIT_SHADOW2D, FZ_UNIT_RECT, FZ_UNIT_1D,
    FZ_UNIT_ARRAY2D, FZ_UNIT_BUFFER, FZ_UNITS
};

typedef struct fz_program {
    gp_stage stage;
    char *text;  /* NUL-terminated, malloc'ed */
    size_t len;
} fz_program;

/* Generates one program from b (stage and language from its first bytes).
 * Returns 0 on success, -1 when memory runs out. */
int fz_gen_program(fz_bytes *b, fz_program *out);
void fz_program_free(fz_program *p);

#endif /* FUZZ_FUZZ_GEN_H */
