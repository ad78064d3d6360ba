/*
 * gl_dlist_priv.h - the display list recording hooks of gl/ (GL 2.1 section
 * 5.4; API thread).  Included by gl_priv.h; gl_dlist.c implements them.
 *
 * While a list is compiled (glNewList), ctx->dl_record is set and every
 * listable entry point starts with a one-line hook,
 *
 *     GL_DLIST_SAVE(glShadeModel, (ctx, mode));
 *
 * which appends the command and its copied arguments to the list and returns:
 * under GL_COMPILE nothing else happens, under GL_COMPILE_AND_EXECUTE the
 * recorded command then runs from the list.  Running a list calls the same
 * entry points with ctx->dl_record clear, so a command validates (and
 * raises its errors) when the list executes, not when it is compiled.  The
 * commands and their argument layouts are the rows of gl_dlist.def.
 */
#ifndef GL_GL_DLIST_PRIV_H
#define GL_GL_DLIST_PRIV_H

/* Argument lists of n arguments of the types (T0, ..., Tn-1): parameters
 * a0..an-1 after a leading comma, struct fields, and the fields as call
 * arguments (ARGSC: with a trailing comma, for a pointer after them), the
 * copies into a record s, and the parameters as arguments with a trailing
 * comma (NAMESC). */
#define DL_PARAMS_0()
#define DL_PARAMS_1(T0) , T0 a0
#define DL_PARAMS_2(T0, T1) , T0 a0, T1 a1
#define DL_PARAMS_3(T0, T1, T2) , T0 a0, T1 a1, T2 a2
#define DL_PARAMS_4(T0, T1, T2, T3) , T0 a0, T1 a1, T2 a2, T3 a3
#define DL_PARAMS_5(T0, T1, T2, T3, T4) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4
#define DL_PARAMS_6(T0, T1, T2, T3, T4, T5) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5
#define DL_PARAMS_7(T0, T1, T2, T3, T4, T5, T6) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6
#define DL_PARAMS_8(T0, T1, T2, T3, T4, T5, T6, T7) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7
#define DL_PARAMS_9(T0, T1, T2, T3, T4, T5, T6, T7, T8) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8
#define DL_PARAMS_10(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9) , T0 a0, T1 a1, T2 a2, T3 a3, T4 a4, T5 a5, T6 a6, T7 a7, T8 a8, T9 a9
#define DL_FIELDS_0()
#define DL_FIELDS_1(T0) T0 a0;
#define DL_FIELDS_2(T0, T1) T0 a0; T1 a1;
#define DL_FIELDS_3(T0, T1, T2) T0 a0; T1 a1; T2 a2;
#define DL_FIELDS_4(T0, T1, T2, T3) T0 a0; T1 a1; T2 a2; T3 a3;
#define DL_FIELDS_5(T0, T1, T2, T3, T4) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4;
#define DL_FIELDS_6(T0, T1, T2, T3, T4, T5) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4; T5 a5;
#define DL_FIELDS_7(T0, T1, T2, T3, T4, T5, T6) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4; T5 a5; T6 a6;
#define DL_FIELDS_8(T0, T1, T2, T3, T4, T5, T6, T7) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4; T5 a5; T6 a6; T7 a7;
#define DL_FIELDS_9(T0, T1, T2, T3, T4, T5, T6, T7, T8) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4; T5 a5; T6 a6; T7 a7; T8 a8;
#define DL_FIELDS_10(T0, T1, T2, T3, T4, T5, T6, T7, T8, T9) T0 a0; T1 a1; T2 a2; T3 a3; T4 a4; T5 a5; T6 a6; T7 a7; T8 a8; T9 a9;
#define DL_ARGS_0
#define DL_ARGS_1 s->a0
#define DL_ARGS_2 s->a0, s->a1
#define DL_ARGS_3 s->a0, s->a1, s->a2
#define DL_ARGS_4 s->a0, s->a1, s->a2, s->a3
#define DL_ARGS_5 s->a0, s->a1, s->a2, s->a3, s->a4
#define DL_ARGS_6 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5
#define DL_ARGS_7 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6
#define DL_ARGS_8 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7
#define DL_ARGS_9 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7, s->a8
#define DL_ARGS_10 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7, s->a8, s->a9
#define DL_ARGSC_0
#define DL_ARGSC_1 s->a0,
#define DL_ARGSC_2 s->a0, s->a1,
#define DL_ARGSC_3 s->a0, s->a1, s->a2,
#define DL_ARGSC_4 s->a0, s->a1, s->a2, s->a3,
#define DL_ARGSC_5 s->a0, s->a1, s->a2, s->a3, s->a4,
#define DL_ARGSC_6 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5,
#define DL_ARGSC_7 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6,
#define DL_ARGSC_8 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7,
#define DL_ARGSC_9 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7, s->a8,
#define DL_ARGSC_10 s->a0, s->a1, s->a2, s->a3, s->a4, s->a5, s->a6, s->a7, s->a8, s->a9,
#define DL_COPY_0
#define DL_COPY_1 s->a0 = a0;
#define DL_COPY_2 s->a0 = a0; s->a1 = a1;
#define DL_COPY_3 s->a0 = a0; s->a1 = a1; s->a2 = a2;
#define DL_COPY_4 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3;
#define DL_COPY_5 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4;
#define DL_COPY_6 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4; s->a5 = a5;
#define DL_COPY_7 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4; s->a5 = a5; s->a6 = a6;
#define DL_COPY_8 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4; s->a5 = a5; s->a6 = a6; s->a7 = a7;
#define DL_COPY_9 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4; s->a5 = a5; s->a6 = a6; s->a7 = a7; s->a8 = a8;
#define DL_COPY_10 s->a0 = a0; s->a1 = a1; s->a2 = a2; s->a3 = a3; s->a4 = a4; s->a5 = a5; s->a6 = a6; s->a7 = a7; s->a8 = a8; s->a9 = a9;
#define DL_NAMESC_0
#define DL_NAMESC_1 a0,
#define DL_NAMESC_2 a0, a1,
#define DL_NAMESC_3 a0, a1, a2,
#define DL_NAMESC_4 a0, a1, a2, a3,
#define DL_NAMESC_5 a0, a1, a2, a3, a4,
#define DL_NAMESC_6 a0, a1, a2, a3, a4, a5,
#define DL_NAMESC_7 a0, a1, a2, a3, a4, a5, a6,
#define DL_NAMESC_8 a0, a1, a2, a3, a4, a5, a6, a7,
#define DL_NAMESC_9 a0, a1, a2, a3, a4, a5, a6, a7, a8,
#define DL_NAMESC_10 a0, a1, a2, a3, a4, a5, a6, a7, a8, a9,

/* The recorders, one per gl_dlist.def row: gl_dlist_save_<name>(ctx, args...). */
#define DL_S(name, n, types) void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types);
#define DL_X(name, n, types) void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types);
#define DL_V(name, n, types, PT, ET, count_, imm_) \
    void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types, PT ptr);
#define DL_I(name, n, types, PT, fmt_, type_, w_, h_, d_, three_d_, imm_) \
    void gl_dlist_save_##name(gl_context *ctx DL_PARAMS_##n types, PT ptr);
#include "gl_dlist.def"
#undef DL_S
#undef DL_X
#undef DL_V
#undef DL_I

/* The hook at the top of a listable entry point (after GL_CTX, before any
 * validation): records name(args) while compiling and returns. */
#define GL_DLIST_SAVE(name, args)          \
    do {                                   \
        if (ctx->dl_record) {              \
            gl_dlist_save_##name args;     \
            return;                        \
        }                                  \
    } while (0)

/* PrioritizeTextures: two arrays of n (gl_dlist.c, by hand). */
void gl_dlist_save_glPrioritizeTextures(gl_context *ctx, GLsizei n, const GLuint *textures,
                                        const GLfloat *priorities);

/* Commands that a list may not hold and that fail while one is compiled:
 * ARB_draw_instanced's "INVALID_OPERATION is generated if
 * DrawArraysInstancedARB or DrawElementsInstancedARB is called during
 * display list compilation" (and the base-vertex form). */
#define GL_DLIST_REFUSE()                                  \
    do {                                                   \
        if (ctx->dl_record) {                              \
            gl_error(ctx, GL_INVALID_OPERATION);           \
            return;                                        \
        }                                                  \
    } while (0)

/* Array draws (gl_array.c) while compiling: the vertices they fetch now
 * become one draw of the list.  True when recorded (the caller returns);
 * false for instances != 1 (instanced draws refuse first). */
bool gl_dlist_save_draw_arrays(gl_context *ctx, GLenum mode, GLint first, GLsizei count,
                               GLsizei instances);
bool gl_dlist_save_draw_elements(gl_context *ctx, GLenum mode, GLsizei count, GLenum type,
                                 const void *indices, GLsizei instances, GLint base_vertex);

/* Context life (gl_context.c): every context starts with its own list
 * namespace; gl_dlist_share makes ctx use share's (the lists of contexts
 * that share objects, GLX 1.4 section 3.3.7).  False on OUT_OF_MEMORY. */
bool gl_dlist_init(gl_context *ctx);
bool gl_dlist_share(gl_context *ctx, gl_context *share);
void gl_dlist_free(gl_context *ctx);
/* LIST_INDEX and LIST_MODE (0 when no list is being compiled). */
GLuint gl_dlist_index(gl_context *ctx);
GLenum gl_dlist_mode(gl_context *ctx);

#endif /* GL_GL_DLIST_PRIV_H */
