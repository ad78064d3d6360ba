/*
 * demo_gl.h - the GL the demos render with.
 *
 * Rendering code includes this header, never <epoxy/gl.h> (that one belongs
 * to present_glfw.c, which talks to the host GL; see present.h).
 *
 * GL 1.0/1.1 entry points are called directly: every implementation the demos
 * link against (libasmgl.so, or libOSMesa.so through tools/peer/asmgl_osmesa.c)
 * exports them.  Later entry points are looked up once, after the context is
 * made current, with asmgl_get_proc_address() (an ARB name that is missing is
 * retried without its suffix, as core GL names the promoted functions) into
 * the demo_gl* pointers below, and renamed by macros so call sites read like
 * plain GL.  A missing one
 * is reported by name instead of failing at link or load time.
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

/* Resolves every entry point above through asmgl_get_proc_address and checks
 * the extensions named in `extensions` (space separated).  Prints what is
 * missing to stderr.  Returns 1 when everything is there, 0 otherwise.
 * Call with a context current. */
int demo_gl_load(const char *extensions);

#endif /* DEMO_GL_H */
