/*
 * gl_loader.h - GL entry points beyond GL 1.1, resolved at start-up, and the
 * implementation's extension list.
 *
 * The asmgl command calls GL 1.0/1.1 functions directly (every GL library
 * exports them) and everything newer through this table, filled by
 * asmgl_get_proc_address().  The same code then runs on libasmgl and on the
 * OSMesa peer, whichever entry points each exports, and an entry point a
 * library lacks is reported by name when a command first needs it instead of
 * failing at link time.
 *
 * Call order: create and make current a context, gll_load(), then GLL(Name)(...).
 * Thread: the thread that owns the context.
 */
#ifndef ASMGL_TOOLS_GL_LOADER_H
#define ASMGL_TOOLS_GL_LOADER_H

#include <GL/gl.h>
#include <GL/glext.h>

/* X(pointer type, field, name, aliases or NULL): the aliases, separated by
 * spaces, are tried in turn when the first name does not resolve (core name
 * first, then the ARB/EXT ones).  The field is the name without "gl". */
#define GLL_ENTRY_POINTS(X)                                                                        \
    X(PFNGLACTIVETEXTUREPROC, ActiveTexture, "glActiveTexture", "glActiveTextureARB")              \
    X(PFNGLCLIENTACTIVETEXTUREARBPROC, ClientActiveTexture, "glClientActiveTexture",                  \
      "glClientActiveTextureARB")                                                                  \
    X(PFNGLMULTITEXCOORD4FVARBPROC, MultiTexCoord4fv, "glMultiTexCoord4fv", "glMultiTexCoord4fvARB")  \
    X(PFNGLTEXIMAGE3DPROC, TexImage3D, "glTexImage3D", "glTexImage3DEXT")                          \
    X(PFNGLTEXSUBIMAGE3DPROC, TexSubImage3D, "glTexSubImage3D", "glTexSubImage3DEXT")              \
    X(PFNGLSECONDARYCOLORPOINTERPROC, SecondaryColorPointer, "glSecondaryColorPointer",            \
      "glSecondaryColorPointerEXT")                                                                \
    X(PFNGLFOGCOORDPOINTERPROC, FogCoordPointer, "glFogCoordPointer", "glFogCoordPointerEXT")      \
    X(PFNGLGENPROGRAMSARBPROC, GenProgramsARB, "glGenProgramsARB", NULL)                           \
    X(PFNGLBINDPROGRAMARBPROC, BindProgramARB, "glBindProgramARB", NULL)                           \
    X(PFNGLDELETEPROGRAMSARBPROC, DeleteProgramsARB, "glDeleteProgramsARB", NULL)                  \
    X(PFNGLPROGRAMSTRINGARBPROC, ProgramStringARB, "glProgramStringARB", NULL)                     \
    X(PFNGLPROGRAMENVPARAMETER4FVARBPROC, ProgramEnvParameter4fvARB,                               \
      "glProgramEnvParameter4fvARB", NULL)                                                         \
    X(PFNGLPROGRAMLOCALPARAMETER4FVARBPROC, ProgramLocalParameter4fvARB,                           \
      "glProgramLocalParameter4fvARB", NULL)                                                       \
    X(PFNGLVERTEXATTRIBPOINTERARBPROC, VertexAttribPointerARB, "glVertexAttribPointerARB",         \
      "glVertexAttribPointer")                                                                     \
    X(PFNGLVERTEXATTRIBIPOINTERPROC, VertexAttribIPointer, "glVertexAttribIPointer",               \
      "glVertexAttribIPointerEXT")                                                                 \
    X(PFNGLVERTEXATTRIBLPOINTEREXTPROC, VertexAttribLPointerEXT, "glVertexAttribLPointerEXT",      \
      "glVertexAttribLPointer")                                                                    \
    X(PFNGLVERTEXATTRIBL4DVEXTPROC, VertexAttribL4dvEXT, "glVertexAttribL4dvEXT",                  \
      "glVertexAttribL4dv")                                                                        \
    X(PFNGLVERTEXATTRIBL4I64VNVPROC, VertexAttribL4i64vNV, "glVertexAttribL4i64vNV", NULL)         \
    X(PFNGLVERTEXATTRIBL4UI64VNVPROC, VertexAttribL4ui64vNV, "glVertexAttribL4ui64vNV", NULL)      \
    X(PFNGLENABLEVERTEXATTRIBARRAYARBPROC, EnableVertexAttribArrayARB,                             \
      "glEnableVertexAttribArrayARB", "glEnableVertexAttribArray")                                 \
    X(PFNGLDISABLEVERTEXATTRIBARRAYARBPROC, DisableVertexAttribArrayARB,                           \
      "glDisableVertexAttribArrayARB", "glDisableVertexAttribArray")                               \
    X(PFNGLDRAWARRAYSINSTANCEDPROC, DrawArraysInstanced, "glDrawArraysInstanced",                  \
      "glDrawArraysInstancedARB")                                                                  \
    X(PFNGLPATCHPARAMETERIPROC, PatchParameteri, "glPatchParameteri", NULL)                        \
    X(PFNGLPATCHPARAMETERFVPROC, PatchParameterfv, "glPatchParameterfv", NULL)                     \
    X(PFNGLPROVOKINGVERTEXPROC, ProvokingVertex, "glProvokingVertex", "glProvokingVertexEXT")      \
    X(PFNGLGETSTRINGIPROC, GetStringi, "glGetStringi", NULL)                                       \
    /* NV_gpu_program4 integer parameters; NV_parameter_buffer_object */                          \
    X(PFNGLPROGRAMENVPARAMETERI4IVNVPROC, ProgramEnvParameterI4ivNV,                               \
      "glProgramEnvParameterI4ivNV", NULL)                                                         \
    X(PFNGLPROGRAMENVPARAMETERI4UIVNVPROC, ProgramEnvParameterI4uivNV,                             \
      "glProgramEnvParameterI4uivNV", NULL)                                                        \
    X(PFNGLPROGRAMLOCALPARAMETERI4IVNVPROC, ProgramLocalParameterI4ivNV,                           \
      "glProgramLocalParameterI4ivNV", NULL)                                                       \
    X(PFNGLPROGRAMLOCALPARAMETERI4UIVNVPROC, ProgramLocalParameterI4uivNV,                         \
      "glProgramLocalParameterI4uivNV", NULL)                                                      \
    X(PFNGLBINDBUFFERBASENVPROC, BindBufferBaseNV, "glBindBufferBaseNV", NULL)                     \
    X(PFNGLPROGRAMSUBROUTINEPARAMETERSUIVNVPROC, ProgramSubroutineParametersuivNV,                \
      "glProgramSubroutineParametersuivNV", NULL)                                                  \
    /* NV_bindless_texture (texture handle) */                                                    \
    X(PFNGLGETTEXTUREHANDLENVPROC, GetTextureHandleNV, "glGetTextureHandleNV", NULL)               \
    X(PFNGLMAKETEXTUREHANDLERESIDENTNVPROC, MakeTextureHandleResidentNV,                           \
      "glMakeTextureHandleResidentNV", NULL)                                                       \
    X(PFNGLISTEXTUREHANDLERESIDENTNVPROC, IsTextureHandleResidentNV,                               \
      "glIsTextureHandleResidentNV", NULL)                                                         \
    /* buffer objects, buffer textures */                                                         \
    X(PFNGLGENBUFFERSPROC, GenBuffers, "glGenBuffers", "glGenBuffersARB")                          \
    X(PFNGLBINDBUFFERPROC, BindBuffer, "glBindBuffer", "glBindBufferARB")                          \
    X(PFNGLBUFFERDATAPROC, BufferData, "glBufferData", "glBufferDataARB")                          \
    X(PFNGLDELETEBUFFERSPROC, DeleteBuffers, "glDeleteBuffers", "glDeleteBuffersARB")              \
    X(PFNGLTEXBUFFERPROC, TexBuffer, "glTexBuffer", "glTexBufferARB glTexBufferEXT")               \
    /* framebuffer objects (ARB_framebuffer_object or EXT_framebuffer_object) */                  \
    X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers, "glGenFramebuffers", "glGenFramebuffersEXT")      \
    X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer, "glBindFramebuffer", "glBindFramebufferEXT")      \
    X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers, "glDeleteFramebuffers",                     \
      "glDeleteFramebuffersEXT")                                                                   \
    X(PFNGLFRAMEBUFFERTEXTURE2DPROC, FramebufferTexture2D, "glFramebufferTexture2D",               \
      "glFramebufferTexture2DEXT")                                                                 \
    X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer, "glFramebufferRenderbuffer",      \
      "glFramebufferRenderbufferEXT")                                                              \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus, "glCheckFramebufferStatus",         \
      "glCheckFramebufferStatusEXT")                                                               \
    X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers, "glGenRenderbuffers", "glGenRenderbuffersEXT")  \
    X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer, "glBindRenderbuffer", "glBindRenderbufferEXT")  \
    X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers, "glDeleteRenderbuffers",                  \
      "glDeleteRenderbuffersEXT")                                                                  \
    X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage, "glRenderbufferStorage",                  \
      "glRenderbufferStorageEXT")                                                                  \
    X(PFNGLRENDERBUFFERSTORAGEMULTISAMPLEPROC, RenderbufferStorageMultisample,                     \
      "glRenderbufferStorageMultisample", "glRenderbufferStorageMultisampleEXT")                   \
    X(PFNGLDRAWBUFFERSPROC, DrawBuffers, "glDrawBuffers", "glDrawBuffersARB")                      \
    /* layered framebuffers (NV_geometry_program4, ARB_geometry_shader4, GL 3.2) */                \
    X(PFNGLFRAMEBUFFERTEXTUREPROC, FramebufferTexture, "glFramebufferTexture",                     \
      "glFramebufferTextureARB glFramebufferTextureEXT")                                           \
    X(PFNGLFRAMEBUFFERTEXTURELAYERPROC, FramebufferTextureLayer, "glFramebufferTextureLayer",      \
      "glFramebufferTextureLayerARB glFramebufferTextureLayerEXT")                                 \
    X(PFNGLFRAMEBUFFERTEXTURE1DPROC, FramebufferTexture1D, "glFramebufferTexture1D",               \
      "glFramebufferTexture1DEXT")                                                                 \
    /* texture storage; multisample textures (ARB_texture_multisample) */                         \
    X(PFNGLTEXSTORAGE1DPROC, TexStorage1D, "glTexStorage1D", NULL)                                 \
    X(PFNGLTEXSTORAGE2DPROC, TexStorage2D, "glTexStorage2D", NULL)                                 \
    X(PFNGLTEXSTORAGE3DPROC, TexStorage3D, "glTexStorage3D", NULL)                                 \
    X(PFNGLTEXIMAGE2DMULTISAMPLEPROC, TexImage2DMultisample, "glTexImage2DMultisample", NULL)      \
    X(PFNGLTEXIMAGE3DMULTISAMPLEPROC, TexImage3DMultisample, "glTexImage3DMultisample", NULL)      \
    X(PFNGLDRAWELEMENTSBASEVERTEXPROC, DrawElementsBaseVertex, "glDrawElementsBaseVertex", NULL) \
    /* memory commands: buffer data, NV_shader_buffer_load/store, */                    \
    /* NV_shader_storage_buffer_object, EXT_shader_image_load_store, NV_compute_program5 */       \
    X(PFNGLBUFFERSUBDATAPROC, BufferSubData, "glBufferSubData", "glBufferSubDataARB")              \
    X(PFNGLGETBUFFERSUBDATAPROC, GetBufferSubData, "glGetBufferSubData", "glGetBufferSubDataARB")  \
    X(PFNGLBINDBUFFERBASEPROC, BindBufferBase, "glBindBufferBase", NULL)                           \
    X(PFNGLMAKEBUFFERRESIDENTNVPROC, MakeBufferResidentNV, "glMakeBufferResidentNV", NULL)         \
    X(PFNGLMAKEBUFFERNONRESIDENTNVPROC, MakeBufferNonResidentNV, "glMakeBufferNonResidentNV",      \
      NULL)                                                                                        \
    X(PFNGLGETBUFFERPARAMETERUI64VNVPROC, GetBufferParameterui64vNV,                               \
      "glGetBufferParameterui64vNV", NULL)                                                         \
    X(PFNGLBINDIMAGETEXTUREEXTPROC, BindImageTextureEXT, "glBindImageTextureEXT",                  \
      "glBindImageTexture")                                                                        \
    X(PFNGLMEMORYBARRIEREXTPROC, MemoryBarrierEXT, "glMemoryBarrierEXT", "glMemoryBarrier")        \
    X(PFNGLDISPATCHCOMPUTEPROC, DispatchCompute, "glDispatchCompute", NULL)

struct gll_table {
#define GLL_FIELD(type, field, name, alias) type field;
    GLL_ENTRY_POINTS(GLL_FIELD)
#undef GLL_FIELD
};

extern struct gll_table gll;

/* Resolves every entry point of the table; unresolved ones stay NULL. */
void gll_load(void);

/* Prints which entry point is missing and exits with status 1.  Callers that
 * can skip instead (asmgl run) check gll.Field for NULL before calling. */
_Noreturn void gll_missing(const char *field);

/* Calls through the table, failing cleanly when the library lacks fn. */
#define GLL(fn) (*(gll.fn ? gll.fn : (gll_missing(#fn), gll.fn)))

/* The current context's extensions as one malloc'd string " GL_A GL_B ... "
 * (from GL_EXTENSIONS, or glGetStringi where that is absent); NULL if none. */
char *gll_extensions(void);

/* Whether name appears in a list from gll_extensions(). */
int gll_has_extension(const char *list, const char *name);

#endif /* ASMGL_TOOLS_GL_LOADER_H */
