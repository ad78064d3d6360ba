/*
 * launch.h - `asmgl exec`, the launcher: runs an unmodified program with
 * libglvnd's GLX and EGL dispatch pointed at asmgl's vendor libraries (the
 * role VirtualGL's vglrun plays for VirtualGL).  Thread: main only.
 */
#ifndef ASMGL_TOOLS_LAUNCH_H
#define ASMGL_TOOLS_LAUNCH_H

/* Exit statuses of `asmgl exec` itself, as env(1) and timeout(1) use them;
 * once the program runs, its own status is the command's. */
enum {
    LAUNCH_REFUSED = 125,       /* a vendor is missing or would not load */
    LAUNCH_NOT_EXECUTABLE = 126,
    LAUNCH_NOT_FOUND = 127
};

/* `asmgl exec [--] PROGRAM [ARGS...]`: argv holds what follows "exec".
 * Finds the vendor libraries beside the running executable (a build tree or
 * an installed tree), checks that each loads and is a libglvnd vendor, sets
 * __GLX_VENDOR_LIBRARY_NAME, __EGL_VENDOR_LIBRARY_FILENAMES and
 * LD_LIBRARY_PATH, and replaces the process with PROGRAM.  Returns only on
 * failure: 2 (usage), or one of the LAUNCH_* statuses after printing why. */
int launch_exec(int argc, char **argv);

#endif /* ASMGL_TOOLS_LAUNCH_H */
