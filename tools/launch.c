/*
 * launch.c - `asmgl exec -- PROGRAM ARGS...`: runs any program on asmgl
 * through libglvnd (see launch.h).  Thread: main only.
 *
 * libglvnd picks vendors from the environment:
 *   GLX  __GLX_FORCE_VENDOR_LIBRARY_<screen>, else __GLX_VENDOR_LIBRARY_NAME
 *        (dlopen("libGLX_<name>.so.0")), else the names the X server gives
 *        through GLX_EXT_libglvnd, else "indirect".
 *   EGL  __EGL_VENDOR_LIBRARY_FILENAMES (a list of JSON files), else every
 *        JSON in __EGL_VENDOR_LIBRARY_DIRS or its built-in directories.
 * A named GLX vendor that fails to load is skipped without a word, and the
 * server's choice (Mesa on Xvfb and most desktops) takes over.  So the
 * launcher proves, before exec, that each vendor library exists, loads
 * with every symbol resolved and exports its libglvnd entry point; when
 * one does not, it names what is missing and runs nothing.
 *
 * Where the vendors are is decided from the launcher's own executable
 * (/proc/self/exe), so a build tree and an installed tree both work, and an
 * installed tree can move (DESTDIR, another prefix):
 *   build tree      BIN/../CMakeCache.txt exists: BIN/../lib and
 *                   BIN/../asmgl_egl.json (the top-level CMakeLists.txt
 *                   puts binaries in bin/ and libraries in lib/)
 *   installed tree  BIN/ASMGL_LAUNCH_LIBDIR and BIN/ASMGL_LAUNCH_EGL_JSON,
 *                   paths relative to the installed bin/ (tools/CMakeLists.txt)
 */
#include "launch.h"

#include "util.h"

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* libglvnd's GLX vendor ABI (libglvnd-dev), for the handshake below. */
#if defined(__has_include)
#if __has_include(<glvnd/libglxabi.h>)
#include <glvnd/libglxabi.h>
#define LAUNCH_GLX_HANDSHAKE 1
#endif
#endif

/* Which vendors this build made (1 or 0), and where an installed tree keeps
 * them relative to its bin/. */
#ifndef ASMGL_LAUNCH_GLX
#define ASMGL_LAUNCH_GLX 0
#endif
#ifndef ASMGL_LAUNCH_EGL
#define ASMGL_LAUNCH_EGL 0
#endif
#ifndef ASMGL_LAUNCH_LIBDIR
#define ASMGL_LAUNCH_LIBDIR "../lib"
#endif
#ifndef ASMGL_LAUNCH_EGL_JSON
#define ASMGL_LAUNCH_EGL_JSON "../share/asmgl/asmgl_egl.json"
#endif

#define GLX_VENDOR_NAME "asmgl"
#define GLX_VENDOR_FILE "libGLX_" GLX_VENDOR_NAME ".so.0"
#define GLX_FORCE_PREFIX "__GLX_FORCE_VENDOR_LIBRARY_"

extern char **environ;

static const char exec_usage[] =
    "usage: asmgl exec [--] PROGRAM [ARGS...]\n"
    "\n"
    "Runs PROGRAM with libglvnd's GLX and EGL calls going to asmgl:\n"
    "  __GLX_VENDOR_LIBRARY_NAME=" GLX_VENDOR_NAME "  (libGLX_asmgl.so.0; any\n"
    "      __GLX_FORCE_VENDOR_LIBRARY_<n> is removed, since it would win)\n"
    "  __EGL_VENDOR_LIBRARY_FILENAMES=<asmgl's vendor JSON>\n"
    "  LD_LIBRARY_PATH=<asmgl's library folder>:$LD_LIBRARY_PATH\n"
    "The vendor libraries are looked for beside this asmgl command (its build\n"
    "tree or its installed tree) and must load before PROGRAM runs; if one\n"
    "does not, asmgl exec says which and exits 125 without running anything,\n"
    "rather than let libglvnd fall back to another vendor (Mesa).  Otherwise\n"
    "the status is PROGRAM's (126: not executable, 127: not found).\n";

/* Where this launcher's vendors are. */
struct launch_layout {
    const char *kind; /* "build tree" or "installed tree" */
    char bindir[PATH_MAX];
    char libdir[PATH_MAX];
    char glx_lib[PATH_MAX];
    char egl_json[PATH_MAX];
};

static int problems;

/* One reason not to run, printed as it is found. */
static void refuse(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("asmgl exec: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    problems++;
}

/* dst = a "/" b (b alone when it is absolute), false when it does not fit. */
static bool path_join(char dst[PATH_MAX], const char *a, const char *b)
{
    int n = b[0] == '/' ? snprintf(dst, PATH_MAX, "%s", b) : snprintf(dst, PATH_MAX, "%s/%s", a, b);
    return n > 0 && n < PATH_MAX;
}

/* Removes "." and ".." components and doubled slashes from an absolute
 * path, in place, so that the variables and messages carry no "bin/../".
 * Lexical: the launcher's folder is already free of symbolic links
 * (/proc/self/exe), and what is appended to it names no link to climb out
 * of. */
static void path_normalize(char *path)
{
    if (path[0] != '/')
        return;
    char *out = path;
    const char *p = path;
    while (*p) {
        while (*p == '/')
            p++;
        const char *end = strchrnul(p, '/');
        size_t n = (size_t)(end - p);
        if (n == 0 || (n == 1 && p[0] == '.')) {
            /* nothing */
        } else if (n == 2 && p[0] == '.' && p[1] == '.') {
            while (out > path && *--out != '/')
                ;
        } else {
            *out++ = '/';
            memmove(out, p, n);
            out += n;
        }
        p = end;
    }
    if (out == path)
        *out++ = '/';
    *out = '\0';
}

static bool file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The folder holding the running executable. */
static bool self_bindir(char dst[PATH_MAX])
{
    ssize_t n = readlink("/proc/self/exe", dst, PATH_MAX - 1);
    if (n <= 0 || n >= PATH_MAX - 1)
        return false;
    dst[n] = '\0';
    char *slash = strrchr(dst, '/');
    if (!slash)
        return false;
    *(slash == dst ? slash + 1 : slash) = '\0';
    return true;
}

static bool find_layout(struct launch_layout *l)
{
    if (!self_bindir(l->bindir)) {
        refuse("cannot read /proc/self/exe to find asmgl's libraries: %s", strerror(errno));
        return false;
    }
    char cache[PATH_MAX];
    bool fits;
    if (path_join(cache, l->bindir, "../CMakeCache.txt") && file_exists(cache)) {
        l->kind = "build tree";
        fits = path_join(l->libdir, l->bindir, "../lib") &&
               path_join(l->egl_json, l->bindir, "../asmgl_egl.json");
    } else {
        l->kind = "installed tree";
        fits = path_join(l->libdir, l->bindir, ASMGL_LAUNCH_LIBDIR) &&
               path_join(l->egl_json, l->bindir, ASMGL_LAUNCH_EGL_JSON);
    }
    path_normalize(l->libdir);
    path_normalize(l->egl_json);
    if (!fits || !path_join(l->glx_lib, l->libdir, GLX_VENDOR_FILE)) {
        refuse("the path of asmgl's libraries beside %s is too long", l->bindir);
        return false;
    }
    return true;
}

#ifdef LAUNCH_GLX_HANDSHAKE
/* libglvnd calls __glx_Main with its ABI version when it loads a GLX
 * vendor, and drops the vendor (for the X server's choice) when the call
 * returns False or leaves a required import unset: a vendor built for
 * another major version of the ABI, say.  The launcher makes the same call.
 * The exports table is empty: __glx_Main only keeps the pointer for later
 * (libglxabi.h), and this process is replaced by exec in a moment. */
static void check_glx_handshake(const char *path, void *main_entry)
{
    static __GLXapiExports exports;
    static __GLXapiImports imports;
    static char vendor_info; /* libGLX's opaque per-vendor pointer */
    __PFNGLXMAINPROC glx_main;
    memcpy(&glx_main, &main_entry, sizeof glx_main);
    if (!glx_main(GLX_VENDOR_ABI_VERSION, &exports, (__GLXvendorInfo *)&vendor_info, &imports))
        refuse("GLX vendor library %s refused libglvnd's GLX vendor ABI %u.%u", path,
               (unsigned)GLX_VENDOR_ABI_MAJOR_VERSION, (unsigned)GLX_VENDOR_ABI_MINOR_VERSION);
    else if (!imports.isScreenSupported || !imports.getProcAddress || !imports.getDispatchAddress ||
             !imports.setDispatchIndex)
        refuse("GLX vendor library %s left a required libglvnd import unset", path);
}
#endif

/* The library must exist, load with all its symbols resolved (RTLD_NOW:
 * libglvnd loads lazily, so an unresolved symbol would only fail later,
 * inside the program) and export the vendor entry point. */
static void check_vendor_library(const char *what, const char *path, const char *entry)
{
    if (!file_exists(path)) {
        refuse("%s %s: not found", what, path);
        return;
    }
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        refuse("%s %s does not load: %s", what, path, dlerror());
        return;
    }
    void *main_entry = dlsym(h, entry);
    if (!main_entry) {
        refuse("%s %s is not a libglvnd vendor: it has no %s", what, path, entry);
        return;
    }
#ifdef LAUNCH_GLX_HANDSHAKE
    if (strcmp(entry, "__glx_Main") == 0)
        check_glx_handshake(path, main_entry);
#endif
    /* Left open: the process is replaced by exec in a moment. */
}

/* The string value of "key" in a JSON text, with \" \\ \/ unescaped: enough
 * for libglvnd's vendor files, which hold one such key.  NULL if absent. */
static char *json_string_value(const char *text, const char *key)
{
    char quoted[64];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *p = strstr(text, quoted);
    if (!p)
        return NULL;
    p += strlen(quoted);
    p += strspn(p, " \t\r\n");
    if (*p++ != ':')
        return NULL;
    p += strspn(p, " \t\r\n");
    if (*p++ != '"')
        return NULL;
    char *out = malloc(strlen(p) + 1), *o = out;
    if (!out)
        return NULL;
    for (; *p && *p != '"'; p++) {
        if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '/'))
            p++;
        *o++ = *p;
    }
    *o = '\0';
    if (*p != '"') {
        free(out);
        return NULL;
    }
    return out;
}

/* The JSON must exist and name a library_path that is an EGL vendor.  As
 * libglvnd (>= 1.3.4) does, a path with a slash that is not absolute is
 * relative to the JSON's own folder; a bare file name is looked up by the
 * dynamic linker, so it is tried in asmgl's library folder first. */
static void check_egl_vendor(const struct launch_layout *l)
{
    const char *what = "EGL vendor library";
    if (!file_exists(l->egl_json)) {
        refuse("EGL vendor file %s: not found", l->egl_json);
        return;
    }
    size_t len;
    const char *why = NULL;
    char *text = util_read_file(l->egl_json, UTIL_MAX_INPUT_DEFAULT, &len, &why);
    if (!text) {
        refuse("EGL vendor file %s: %s", l->egl_json, why);
        return;
    }
    char *lib = json_string_value(text, "library_path");
    free(text);
    if (!lib || !lib[0]) {
        refuse("EGL vendor file %s has no \"library_path\"", l->egl_json);
        free(lib);
        return;
    }
    char path[PATH_MAX], dir[PATH_MAX];
    bool fits;
    if (strchr(lib, '/')) {
        memcpy(dir, l->egl_json, strlen(l->egl_json) + 1);
        *strrchr(dir, '/') = '\0';
        fits = path_join(path, dir, lib);
    } else {
        fits = path_join(path, l->libdir, lib);
        if (fits && !file_exists(path)) {
            void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
            if (!h)
                refuse("%s %s (named by %s) does not load: %s", what, lib, l->egl_json, dlerror());
            else if (!dlsym(h, "__egl_Main"))
                refuse("%s %s is not a libglvnd vendor: it has no __egl_Main", what, lib);
            free(lib);
            return;
        }
    }
    free(lib);
    if (!fits) {
        refuse("%s: the library_path in %s is too long", what, l->egl_json);
        return;
    }
    check_vendor_library(what, path, "__egl_Main");
}

/* PROGRAM as execvp would find it: itself when it has a slash, else the
 * first executable match in $PATH.  Sets errno like execvp. */
static bool find_program(const char *prog, char dst[PATH_MAX])
{
    if (strchr(prog, '/')) {
        if (snprintf(dst, PATH_MAX, "%s", prog) >= PATH_MAX) {
            errno = ENAMETOOLONG;
            return false;
        }
        if (access(dst, F_OK) != 0)
            return false;
        return true;
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/usr/local/bin:/usr/bin:/bin";
    int err = ENOENT;
    for (const char *p = path;; p++) {
        const char *end = strchr(p, ':');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        /* An empty entry is the current folder. */
        int w = n ? snprintf(dst, PATH_MAX, "%.*s/%s", (int)n, p, prog) : snprintf(dst, PATH_MAX, "./%s", prog);
        struct stat st;
        if (w > 0 && w < PATH_MAX && stat(dst, &st) == 0 && S_ISREG(st.st_mode)) {
            if (access(dst, X_OK) == 0)
                return true;
            err = EACCES;
        }
        if (!end)
            break;
        p = end;
    }
    errno = err;
    return false;
}

/* Programs the variables cannot reach: set-user/group-ID ones (libglvnd and
 * the dynamic linker ignore the environment there) and 32-bit ones (asmgl's
 * libraries are 64-bit, so libglvnd would load another vendor). */
static void check_program(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && (st.st_mode & (S_ISUID | S_ISGID)))
        refuse("%s is set-user-ID or set-group-ID: libglvnd and the dynamic linker ignore the "
               "variables that select asmgl for it", path);
    FILE *f = fopen(path, "rb");
    if (!f)
        return;
    unsigned char ident[5];
    if (fread(ident, 1, sizeof ident, f) == sizeof ident && memcmp(ident, "\177ELF", 4) == 0 &&
        ident[4] != (sizeof(void *) == 8 ? 2 : 1))
        refuse("%s is a %d-bit program and asmgl's vendor libraries are %d-bit: libglvnd would "
               "load another vendor", path, ident[4] == 1 ? 32 : 64, (int)sizeof(void *) * 8);
    fclose(f);
}

/* Removes every __GLX_FORCE_VENDOR_LIBRARY_<screen>: libglvnd reads them
 * before __GLX_VENDOR_LIBRARY_NAME. */
static void unset_glx_force(void)
{
    const size_t plen = strlen(GLX_FORCE_PREFIX);
    for (;;) {
        char name[128] = "";
        for (char **e = environ; e && *e; e++) {
            const char *eq = strchr(*e, '=');
            if (strncmp(*e, GLX_FORCE_PREFIX, plen) == 0 && eq && (size_t)(eq - *e) < sizeof name) {
                memcpy(name, *e, (size_t)(eq - *e));
                name[eq - *e] = '\0';
                break;
            }
        }
        if (!name[0] || unsetenv(name) != 0)
            return;
    }
}

static bool set_environment(const struct launch_layout *l)
{
    if (ASMGL_LAUNCH_GLX) {
        unset_glx_force();
        if (setenv("__GLX_VENDOR_LIBRARY_NAME", GLX_VENDOR_NAME, 1) != 0)
            return false;
    }
    if (ASMGL_LAUNCH_EGL && setenv("__EGL_VENDOR_LIBRARY_FILENAMES", l->egl_json, 1) != 0)
        return false;
    const char *old = getenv("LD_LIBRARY_PATH");
    size_t n = strlen(l->libdir) + (old && *old ? strlen(old) + 1 : 0) + 1;
    char *ld = malloc(n);
    if (!ld)
        return false;
    snprintf(ld, n, "%s%s%s", l->libdir, old && *old ? ":" : "", old && *old ? old : "");
    int r = setenv("LD_LIBRARY_PATH", ld, 1);
    free(ld);
    return r == 0;
}

int launch_exec(int argc, char **argv)
{
    if (argc > 0 && (strcmp(argv[0], "--help") == 0 || strcmp(argv[0], "-h") == 0)) {
        printf("%s", exec_usage);
        return 0;
    }
    if (argc > 0 && strcmp(argv[0], "--") == 0) {
        argc--;
        argv++;
    } else if (argc > 0 && argv[0][0] == '-') {
        fprintf(stderr, "asmgl exec: unknown option '%s'\n%s", argv[0], exec_usage);
        return 2;
    }
    if (argc == 0) {
        fprintf(stderr, "%s", exec_usage);
        return 2;
    }

    char prog[PATH_MAX];
    if (!find_program(argv[0], prog)) {
        int err = errno;
        fprintf(stderr, "asmgl exec: %s: %s\n", argv[0], err == ENOENT ? "command not found" : strerror(err));
        return err == ENOENT ? LAUNCH_NOT_FOUND : LAUNCH_NOT_EXECUTABLE;
    }

    struct launch_layout l = {0};
    if (find_layout(&l)) {
        if (!ASMGL_LAUNCH_GLX && !ASMGL_LAUNCH_EGL)
            refuse("this asmgl was built without vendor libraries (libglvnd's development files "
                   "were missing): nothing can select asmgl");
        if (ASMGL_LAUNCH_GLX)
            check_vendor_library("GLX vendor library", l.glx_lib, "__glx_Main");
        if (ASMGL_LAUNCH_EGL)
            check_egl_vendor(&l);
        check_program(prog);
    }
    if (problems) {
        fprintf(stderr, "asmgl exec: not running %s: libglvnd would give it another GL vendor "
                        "(such as Mesa), not asmgl\n", argv[0]);
        if (l.kind)
            fprintf(stderr, "asmgl exec: (this asmgl command, in %s, looks for its vendors in the %s "
                            "around it)\n", l.bindir, l.kind);
        return LAUNCH_REFUSED;
    }
    if (!ASMGL_LAUNCH_GLX)
        fprintf(stderr, "asmgl exec: this asmgl has no GLX vendor (libGLX_asmgl.so.0 was not built): "
                        "GLX calls of %s go to the X server's vendor, not asmgl\n", argv[0]);
    if (!set_environment(&l)) {
        fprintf(stderr, "asmgl exec: cannot set the environment: %s\n", strerror(errno));
        return LAUNCH_REFUSED;
    }
    execv(prog, argv);
    int err = errno;
    fprintf(stderr, "asmgl exec: %s: %s\n", prog, strerror(err));
    return err == ENOENT ? LAUNCH_NOT_FOUND : LAUNCH_NOT_EXECUTABLE;
}
