/*
 * jit/jit_llvm.c - opens libLLVM-15 and resolves the functions of
 * jit_llvm.h (jit_llvm_load).  Any thread.
 *
 * The library stays open for the life of the process (never dlclose:
 * compiled code, and the static destructors LLVM registers, live in it).
 */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

#include "jit_llvm.h"

jit_llvm_api jit_llvm;

/* The library's soname first (the loader's search), then the file CMake
 * found at build time. */
static const char *const llvm_files[] = {
    "libLLVM-15.so.1",
#ifdef ASMGL_LLVM_FILE
    ASMGL_LLVM_FILE,
#endif
};

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static bool load_debug, loaded;

static void load(void)
{
    void *h = NULL;
    for (size_t i = 0; !h && i < sizeof(llvm_files) / sizeof(llvm_files[0]); i++) {
        h = dlopen(llvm_files[i], RTLD_NOW | RTLD_LOCAL);
        if (!h && load_debug)
            fprintf(stderr, "asmgl: jit: cannot open %s: %s\n", llvm_files[i], dlerror());
    }
    if (!h)
        return;
    jit_llvm_api api;
    /* # and ## take the names as written, not as jit_llvm.h's macros */
#define JIT_LLVM_RESOLVE(name)                                                  \
    api.p_##name = (__typeof__(api.p_##name))dlsym(h, #name);                   \
    if (!api.p_##name) {                                                        \
        if (load_debug)                                                         \
            fprintf(stderr, "asmgl: jit: libLLVM-15 has no %s\n", #name);       \
        return;                                                                 \
    }
    JIT_LLVM_FUNCTIONS(JIT_LLVM_RESOLVE)
#undef JIT_LLVM_RESOLVE
#if !JIT_LLVM_HAVE_NATIVE
    if (load_debug)
        fprintf(stderr, "asmgl: jit: LLVM was built without this host's target\n");
    return;
#endif
    /* LLVM_NATIVE_TARGETINFO .. expand to the functions' names (which
     * jit_llvm.h does not redefine): their strings after expansion */
#define JIT_LLVM_STR2(x) #x
#define JIT_LLVM_STR(x) JIT_LLVM_STR2(x)
#define JIT_LLVM_RESOLVE_NATIVE(name)                                           \
    api.p_##name = (__typeof__(api.p_##name))dlsym(h, JIT_LLVM_STR(name));      \
    if (!api.p_##name) {                                                        \
        if (load_debug)                                                         \
            fprintf(stderr, "asmgl: jit: libLLVM-15 has no %s\n", JIT_LLVM_STR(name)); \
        return;                                                                 \
    }
    JIT_LLVM_NATIVE(JIT_LLVM_RESOLVE_NATIVE)
#undef JIT_LLVM_RESOLVE_NATIVE
    jit_llvm = api;
    loaded = true;
}

bool jit_llvm_load(bool debug)
{
    load_debug = debug;
    pthread_once(&load_once, load);
    return loaded;
}
