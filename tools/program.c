/*
 * program.c - loads assembly programs into GL and prints their errors with
 * line and column (see program.h).  Thread: the context's thread.
 */
#include "program.h"

#include "gl_loader.h"

#include <string.h>

GLuint prog_load(GLenum target, const char *text, size_t len, struct prog_status *st)
{
    GLuint id = 0;
    GLint pos = -1;

    /* Errors left by earlier calls must not be blamed on this program. */
    while (glGetError() != GL_NO_ERROR)
        ;
    GLL(GenProgramsARB)(1, &id);
    GLL(BindProgramARB)(target, id);
    GLL(ProgramStringARB)(target, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)len, text);
    st->gl_error = glGetError();
    glGetIntegerv(GL_PROGRAM_ERROR_POSITION_ARB, &pos);
    st->position = pos;
    const char *msg = (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB);
    st->message = msg ? msg : "";
    /* ARB_vertex_program 2.14.1: a program that loads leaves the position at
     * -1, so a position without an error is reported too (as piglit does). */
    st->ok = st->gl_error == GL_NO_ERROR && pos == -1;
    return id;
}

const char *prog_gl_error_name(GLenum error)
{
    switch (error) {
    case GL_NO_ERROR: return "GL_NO_ERROR";
    case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
    case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
    case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
    case GL_STACK_OVERFLOW: return "GL_STACK_OVERFLOW";
    case GL_STACK_UNDERFLOW: return "GL_STACK_UNDERFLOW";
    case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
    case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
    default: return "unknown GL error";
    }
}

void prog_print_error(FILE *out, const char *file, int first_line, const char *text,
                      size_t len, const struct prog_status *st)
{
    /* Some implementations end the string with a newline; the diagnostic
     * line supplies its own. */
    int mlen = (int)strlen(st->message);
    while (mlen > 0 && (st->message[mlen - 1] == '\n' || st->message[mlen - 1] == '\r'))
        mlen--;

    if (st->position < 0) {
        /* No position: the failure is not at a place in the text (an
         * unsupported target, or a library that forgot to set it). */
        if (mlen)
            fprintf(out, "%s:%d:1: error: %.*s\n", file, first_line, mlen, st->message);
        else
            fprintf(out, "%s:%d:1: error: program rejected with %s and no error position\n", file,
                    first_line, prog_gl_error_name(st->gl_error));
        return;
    }
    int line, col;
    prog_line_col(text, len, st->position, &line, &col);
    if (st->gl_error == GL_NO_ERROR)
        fprintf(out,
                "%s:%d:%d: error: GL_PROGRAM_ERROR_POSITION_ARB is %d but no GL error was raised"
                "%s%.*s\n",
                file, first_line + line - 1, col, st->position, mlen ? ": " : "", mlen, st->message);
    else if (mlen)
        fprintf(out, "%s:%d:%d: error: %.*s\n", file, first_line + line - 1, col, mlen, st->message);
    else
        fprintf(out, "%s:%d:%d: error: program rejected with %s\n", file, first_line + line - 1, col,
                prog_gl_error_name(st->gl_error));

    /* The offending line and a caret under the column, like a compiler;
     * tabs are kept so the caret lines up. */
    size_t start = (size_t)st->position > len ? len : (size_t)st->position;
    start -= (size_t)(col - 1);
    size_t end = start;
    while (end < len && text[end] != '\n' && text[end] != '\r')
        end++;
    fprintf(out, "  %.*s\n  ", (int)(end - start), text + start);
    for (size_t i = start; i < start + (size_t)(col - 1); i++)
        fputc(text[i] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}
