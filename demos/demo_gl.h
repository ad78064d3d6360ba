/*
 * demo_gl.h - the GL the demos render with.
 *
 * The demos are ordinary libglvnd programs.  GL 1.0/1.1 entry points are
 * called directly: libOpenGL.so exports them and dispatches each call to the
 * vendor of the current context (EGL's or GLX's, see surface.h).  Later entry
 * points are looked up once, after the context is made current, through the
 * surface's get_proc (eglGetProcAddress or glfwGetProcAddress; an ARB name
 * that is missing is retried without its suffix, as core GL names the
 * promoted functions) into the demo_gl* pointers below, and renamed by
 * macros so call sites read like plain GL.  A missing one is reported by name
 * instead of failing at link or load time, and so is a missing extension: a
 * demo on a GL without the extensions it needs (Mesa has no NV programs)
 * exits with a message before it calls anything.
 *
 * To add an entry point: one X() row in DEMO_GL_ENTRY_POINTS plus one
 * #define line below it.
 */
#ifndef DEMO_GL_H
#define DEMO_GL_H

#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#define DEMO_GL_ENTRY_POINTS(X)                                            \
    X(PFNGLACTIVETEXTUREARBPROC, glActiveTextureARB)                       \
    X(PFNGLGENPROGRAMSARBPROC, glGenProgramsARB)                           \
    X(PFNGLDELETEPROGRAMSARBPROC, glDeleteProgramsARB)                     \
    X(PFNGLBINDPROGRAMARBPROC, glBindProgramARB)                           \
    X(PFNGLPROGRAMSTRINGARBPROC, glProgramStringARB)                       \
    X(PFNGLPROGRAMENVPARAMETER4FARBPROC, glProgramEnvParameter4fARB)       \
    X(PFNGLPROGRAMLOCALPARAMETER4FARBPROC, glProgramLocalParameter4fARB)   \
    X(PFNGLVERTEXATTRIBPOINTERARBPROC, glVertexAttribPointerARB)           \
    X(PFNGLENABLEVERTEXATTRIBARRAYARBPROC, glEnableVertexAttribArrayARB)   \
    X(PFNGLDISABLEVERTEXATTRIBARRAYARBPROC, glDisableVertexAttribArrayARB)

#define DEMO_GL_DECLARE(type, name) extern type demo_##name;
DEMO_GL_ENTRY_POINTS(DEMO_GL_DECLARE)
#undef DEMO_GL_DECLARE

#define glActiveTextureARB demo_glActiveTextureARB
#define glGenProgramsARB demo_glGenProgramsARB
#define glDeleteProgramsARB demo_glDeleteProgramsARB
#define glBindProgramARB demo_glBindProgramARB
#define glProgramStringARB demo_glProgramStringARB
#define glProgramEnvParameter4fARB demo_glProgramEnvParameter4fARB
#define glProgramLocalParameter4fARB demo_glProgramLocalParameter4fARB
#define glVertexAttribPointerARB demo_glVertexAttribPointerARB
#define glEnableVertexAttribArrayARB demo_glEnableVertexAttribArrayARB
#define glDisableVertexAttribArrayARB demo_glDisableVertexAttribArrayARB

/* Checks the extensions named in `extensions` (space separated) and resolves
 * every entry point above through get_proc, which demo_gl_proc uses from
 * then on.  Prints what is missing to stderr.  Returns 1 when everything is
 * there, 0 otherwise.  Call with a context current. */
int demo_gl_load(void (*(*get_proc)(const char *name))(void), const char *extensions);

/* GL entry point `name` of the current context (ARB names fall back to the
 * core name), or NULL.  After demo_gl_load. */
void (*demo_gl_proc(const char *name))(void);

#endif /* DEMO_GL_H */
