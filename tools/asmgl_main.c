/*
 * asmgl_main.c - the `asmgl` command: argument parsing and the subcommands
 * run (a piglit .shader_test), check (compile programs), compare (two PNGs),
 * info, and exec (the launcher, launch.c).  A client of the public API only:
 * <GL/gl.h>, <GL/glext.h> and asmgl/asmgl.h; built twice, against libasmgl
 * (asmgl) and against OSMesa through tools/peer/asmgl_osmesa.c (asmgl_mesa).
 * Thread: main only.
 */
#include "asmgl/asmgl.h"

#include "gl_loader.h"
#include "image.h"
#include "launch.h"
#include "program.h"
#include "shader_test.h"
#include "st_run.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Exit statuses shared by all subcommands. */
enum { EXIT_PASS = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_SKIP = 77 };

static const char usage_text[] =
    "usage: asmgl COMMAND [ARGS]\n"
    "\n"
    "  asmgl run FILE.shader_test [-o OUT.png] [--size WxH] [--max-input MIB]\n"
    "            [--deterministic]\n"
    "      Run a piglit shader_test (see docs/shader_test.md).  Exit 0 pass,\n"
    "      1 fail, 77 skip (an unmet requirement), 2 malformed file.\n"
    "      --deterministic: atomics and stores of fragment and compute programs\n"
    "      in a fixed order, the same image on every run and thread count\n"
    "      (as ASMGL_DETERMINISTIC=1; docs/limits.md).\n"
    "  asmgl check [--target vp|fp|gp|tcp|tep|cp] [--verdicts] [--max-input MIB] PROGRAM...\n"
    "      Compile assembly programs; '-' reads stdin.  The target comes from\n"
    "      the header (!!ARBvp1.0, !!NVfp5.0, ...) unless --target names it.\n"
    "      Errors print as FILE:LINE:COL: error: MESSAGE.  Exit 0 if all are\n"
    "      accepted, 1 if any is rejected.  --verdicts also prints\n"
    "      'FILE: accepted' or 'FILE: rejected' for every file.\n"
    "      run and check read regular files (or '-', stdin) of at most 64 MiB\n"
    "      unless --max-input raises the limit (1 to 65536 MiB).\n"
    "  asmgl compare A.png B.png [--tolerance N] [-o DIFF.png]\n"
    "      Exit 0 if no channel differs by more than N (default 0), else 1.\n"
    "  asmgl info\n"
    "      Print the GL vendor, renderer, versions and extensions.\n"
    "  asmgl exec [--] PROGRAM [ARGS...]\n"
    "      Run any GLX or EGL program on asmgl (libglvnd's vendor variables);\n"
    "      exit 125 without running it when asmgl's vendors do not load.\n"
    "      'asmgl exec --help' says more.\n"
    "  asmgl --version | --help\n";

static asmgl_context *open_context(int width, int height, bool depth)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = width;
    cfg.height = height;
    cfg.depth_bits = depth ? 24 : 0;
    cfg.stencil_bits = depth ? 8 : 0;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (!ctx) {
        fprintf(stderr, "asmgl: cannot create a %dx%d context: %s\n", width, height, asmgl_last_error());
        return NULL;
    }
    if (!asmgl_make_current(ctx)) {
        fprintf(stderr, "asmgl: cannot make the context current: %s\n", asmgl_last_error());
        asmgl_context_destroy(ctx);
        return NULL;
    }
    gll_load();
    return ctx;
}

static void close_context(asmgl_context *ctx)
{
    asmgl_make_current(NULL);
    asmgl_context_destroy(ctx);
}

static bool parse_size(const char *s, int *w, int *h)
{
    char *e;
    long a = strtol(s, &e, 10);
    if (e == s || (*e != 'x' && *e != 'X'))
        return false;
    const char *s2 = e + 1;
    long b = strtol(s2, &e, 10);
    if (e == s2 || *e || a < 1 || b < 1 || a > 16384 || b > 16384)
        return false;
    *w = (int)a;
    *h = (int)b;
    return true;
}

static bool write_framebuffer(const char *path, int width, int height)
{
    /* Zeroed: an integer colour buffer (fb rb GL_RGBA32I) cannot be read
     * as bytes, and then the image stays black. */
    unsigned char *px = calloc((size_t)width * (size_t)height, 4);
    if (!px) {
        fprintf(stderr, "asmgl: out of memory for the %dx%d image\n", width, height);
        return false;
    }
    glPixelStorei(GL_PACK_ALIGNMENT, 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, px);
    while (glGetError() != GL_NO_ERROR)
        ;
    bool ok = img_write_png(path, width, height, px, true);
    if (!ok)
        fprintf(stderr, "asmgl: %s: %s\n", path, img_error());
    free(px);
    return ok;
}

static int cmd_run(int argc, char **argv)
{
    const char *file = NULL, *png = NULL;
    int width = 0, height = 0;
    size_t max_input = UTIL_MAX_INPUT_DEFAULT;

    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            png = argv[++i];
        } else if (strcmp(argv[i], "--size") == 0 && i + 1 < argc) {
            if (!parse_size(argv[++i], &width, &height)) {
                fprintf(stderr, "asmgl run: --size wants WIDTHxHEIGHT, each 1 to 16384\n");
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--deterministic") == 0) {
            /* read by the library when the context is created */
            setenv("ASMGL_DETERMINISTIC", "1", 1);
        } else if (strcmp(argv[i], "--max-input") == 0 && i + 1 < argc) {
            if (!util_parse_max_input(argv[++i], &max_input)) {
                fprintf(stderr, "asmgl run: --max-input wants a size in MiB, 1 to 65536\n");
                return EXIT_USAGE;
            }
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "asmgl run: unknown option '%s'\n%s", argv[i], usage_text);
            return EXIT_USAGE;
        } else if (!file) {
            file = argv[i];
        } else {
            fprintf(stderr, "asmgl run: one test file at a time\n");
            return EXIT_USAGE;
        }
    }
    if (!file) {
        fprintf(stderr, "%s", usage_text);
        return EXIT_USAGE;
    }

    size_t len;
    const char *why;
    char *text = util_read_file(file, max_input, &len, &why);
    if (!text) {
        fprintf(stderr, "asmgl run: %s: %s\n", file, why);
        return EXIT_USAGE;
    }
    struct shader_test t;
    if (!st_parse(&t, file, text, len)) {
        st_free(&t);
        return ST_MALFORMED;
    }

    /* --size beats the file's SIZE, which beats shader_runner's default. */
    if (!width) {
        width = t.width ? t.width : ST_DEFAULT_WIDTH;
        height = t.height ? t.height : ST_DEFAULT_HEIGHT;
    }
    asmgl_context *ctx = open_context(width, height, t.depthbuffer);
    if (!ctx) {
        st_free(&t);
        return EXIT_FAIL;
    }
    enum st_result result = st_execute(&t, width, height);
    if (png && result != ST_SKIP && !write_framebuffer(png, width, height))
        result = ST_FAIL;
    close_context(ctx);
    st_free(&t);

    printf("PIGLIT: {\"result\": \"%s\" }\n",
           result == ST_PASS ? "pass" : result == ST_SKIP ? "skip" : "fail");
    return (int)result;
}

static int cmd_check(int argc, char **argv)
{
    bool verdicts = false;
    const struct prog_stage *forced = NULL;
    int nfiles = 0;
    size_t max_input = UTIL_MAX_INPUT_DEFAULT;

    /* Options first, leaving only file names in argv. */
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--verdicts") == 0) {
            verdicts = true;
        } else if (strcmp(argv[i], "--target") == 0 && i + 1 < argc) {
            if (!(forced = prog_stage_from_short_name(argv[++i]))) {
                fprintf(stderr, "asmgl check: --target wants vp, fp, gp, tcp, tep or cp\n");
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "--max-input") == 0 && i + 1 < argc) {
            if (!util_parse_max_input(argv[++i], &max_input)) {
                fprintf(stderr, "asmgl check: --max-input wants a size in MiB, 1 to 65536\n");
                return EXIT_USAGE;
            }
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            fprintf(stderr, "asmgl check: unknown option '%s'\n%s", argv[i], usage_text);
            return EXIT_USAGE;
        } else {
            argv[nfiles++] = argv[i];
        }
    }
    if (nfiles == 0) {
        fprintf(stderr, "%s", usage_text);
        return EXIT_USAGE;
    }

    asmgl_context *ctx = open_context(16, 16, false);
    if (!ctx)
        return EXIT_FAIL;
    int status = EXIT_PASS;
    for (int i = 0; i < nfiles; i++) {
        const char *name = strcmp(argv[i], "-") == 0 ? "<stdin>" : argv[i];
        size_t len;
        const char *why;
        char *text = util_read_file(argv[i], max_input, &len, &why);
        if (!text) {
            fprintf(stderr, "asmgl check: %s: %s\n", name, why);
            status = EXIT_USAGE;
            continue;
        }
        const struct prog_stage *stage = forced ? forced : prog_stage_from_header(text, len);
        bool ok = false;
        if (!stage) {
            fprintf(stderr, "%s:1:1: error: no program header (!!ARBvp1.0, !!ARBfp1.0, "
                            "!!NVvp4.0, !!NVfp5.0, !!NVgp5.0, !!NVtcp5.0, !!NVtep5.0, !!NVcp5.0, ...)\n",
                    name);
        } else {
            struct prog_status st;
            GLuint id = prog_load(stage->target, text, len, &st);
            ok = st.ok;
            if (!ok)
                prog_print_error(stderr, name, 1, text, len, &st);
            GLL(DeleteProgramsARB)(1, &id);
        }
        if (verdicts)
            printf("%s: %s\n", name, ok ? "accepted" : "rejected");
        if (!ok && status == EXIT_PASS)
            status = EXIT_FAIL;
        free(text);
    }
    close_context(ctx);
    return status;
}

static int cmd_compare(int argc, char **argv)
{
    const char *files[2] = { NULL, NULL }, *diff_path = NULL;
    int nfiles = 0;
    long tolerance = 0;

    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--tolerance") == 0 && i + 1 < argc) {
            char *e;
            tolerance = strtol(argv[++i], &e, 10);
            if (*e || e == argv[i] || tolerance < 0 || tolerance > 255) {
                fprintf(stderr, "asmgl compare: --tolerance wants 0 to 255\n");
                return EXIT_USAGE;
            }
        } else if (strcmp(argv[i], "-o") == 0 && i + 1 < argc) {
            diff_path = argv[++i];
        } else if (nfiles < 2 && !(argv[i][0] == '-' && argv[i][1])) {
            files[nfiles++] = argv[i];
        } else {
            fprintf(stderr, "asmgl compare: unexpected argument '%s'\n%s", argv[i], usage_text);
            return EXIT_USAGE;
        }
    }
    if (nfiles != 2) {
        fprintf(stderr, "%s", usage_text);
        return EXIT_USAGE;
    }

    int w[2], h[2];
    unsigned char *img[2];
    for (int i = 0; i < 2; i++) {
        if (!(img[i] = img_load(files[i], &w[i], &h[i]))) {
            fprintf(stderr, "%s: %s\n", files[i], img_error());
            if (i)
                img_free(img[0]);
            return EXIT_USAGE;
        }
    }
    int status;
    if (w[0] != w[1] || h[0] != h[1]) {
        printf("sizes differ: %dx%d and %dx%d\n", w[0], h[0], w[1], h[1]);
        status = EXIT_FAIL;
    } else {
        unsigned char *diff = diff_path ? malloc((size_t)w[0] * (size_t)h[0] * 4) : NULL;
        struct img_diff d = img_compare(img[0], img[1], w[0], h[0], (int)tolerance, diff);
        printf("max difference %d, %zu of %zu pixels differ by more than %ld\n", d.max_diff,
               d.differing, (size_t)w[0] * (size_t)h[0], tolerance);
        status = d.differing ? EXIT_FAIL : EXIT_PASS;
        if (diff_path && !diff) {
            fprintf(stderr, "asmgl compare: out of memory for the difference image\n");
            status = EXIT_USAGE;
        } else if (diff && !img_write_png(diff_path, w[0], h[0], diff, false)) {
            fprintf(stderr, "%s: %s\n", diff_path, img_error());
            status = EXIT_USAGE;
        }
        free(diff);
    }
    img_free(img[0]);
    img_free(img[1]);
    return status;
}

static void print_gl_string(const char *label, GLenum name)
{
    const char *s = (const char *)glGetString(name);
    printf("%s: %s\n", label, s ? s : "(none)");
}

static int cmd_info(void)
{
    asmgl_context *ctx = open_context(16, 16, true);
    if (!ctx)
        return EXIT_FAIL;
    print_gl_string("vendor", GL_VENDOR);
    print_gl_string("renderer", GL_RENDERER);
    print_gl_string("version", GL_VERSION);
    print_gl_string("glsl", GL_SHADING_LANGUAGE_VERSION);
    char *ext = gll_extensions();
    /* One per line, so scripts can grep '^extension: GL_NV_gpu_program5$'. */
    for (char *p = ext ? strtok(ext, " ") : NULL; p; p = strtok(NULL, " "))
        printf("extension: %s\n", p);
    free(ext);
    close_context(ctx);
    return EXIT_PASS;
}

static int cmd_version(void)
{
    printf("asmgl %s\n", ASMGL_VERSION_STRING);
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = cfg.height = 16;
    asmgl_context *ctx = asmgl_context_create(&cfg);
    if (ctx && asmgl_make_current(ctx)) {
        print_gl_string("renderer", GL_RENDERER);
        print_gl_string("version", GL_VERSION);
    }
    if (ctx)
        close_context(ctx);
    return EXIT_PASS;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "%s", usage_text);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 2, argv + 2);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 2, argv + 2);
    if (strcmp(cmd, "compare") == 0)
        return cmd_compare(argc - 2, argv + 2);
    if (strcmp(cmd, "info") == 0)
        return cmd_info();
    if (strcmp(cmd, "exec") == 0)
        return launch_exec(argc - 2, argv + 2);
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0)
        return cmd_version();
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        printf("%s", usage_text);
        return EXIT_PASS;
    }
    fprintf(stderr, "asmgl: unknown command '%s'\n%s", cmd, usage_text);
    return EXIT_USAGE;
}
