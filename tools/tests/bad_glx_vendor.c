/*
 * bad_glx_vendor.c - a library with libglvnd's GLX vendor entry point that
 * turns every ABI version down, as a vendor built for another major
 * version does.  libglvnd then drops it without a word and uses the X
 * server's vendor; tools/tests/exec.sh checks that asmgl exec refuses it
 * instead.  Test fixture only: nothing installs it.
 */
#include <glvnd/libglxabi.h>

__attribute__((visibility("default"))) Bool __glx_Main(uint32_t version, const __GLXapiExports *exports,
                                                       __GLXvendorInfo *vendor, __GLXapiImports *imports)
{
    (void)version;
    (void)exports;
    (void)vendor;
    (void)imports;
    return False;
}
