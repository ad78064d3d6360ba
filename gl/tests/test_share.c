/*
 * test_share.c - contexts that share objects (asmgl_context_create_shared;
 * GL 2.1 Appendix D): a texture, a program, a buffer, a renderbuffer and a
 * display list made in one context and used in another; deletion in one
 * context while another still binds the object (Appendix D.1.2); the
 * shared objects outliving the context that made them; a change through
 * one context to objects another's queued scene reads; framebuffer objects
 * and unshared pairs keeping their own namespaces; two threads rendering
 * with shared objects at once while one of them changes and deletes others.
 *
 * Expected pixels come from the spec: GL_REPLACE of a NEAREST-sampled
 * texel, a program's constant or parameter, the glColor of a list.
 */
#include "gl_test.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

enum { W = 16, H = 16 };

/* 2x2 RGBA8 texels, bottom row first: red, green / blue, white. */
static const unsigned char texels[16] = {255, 0, 0, 255, 0, 255, 0, 255,
                                         0, 0, 255, 255, 255, 255, 255, 255};

static asmgl_context *make(asmgl_context *share)
{
    asmgl_config cfg;
    asmgl_config_default(&cfg);
    cfg.width = W;
    cfg.height = H;
    asmgl_context *c = share ? asmgl_context_create_shared(&cfg, share) : asmgl_context_create(&cfg);
    if (!c) {
        fprintf(stderr, "cannot create a context: %s\n", asmgl_last_error());
        exit(1);
    }
    return c;
}

static void current(asmgl_context *c)
{
    if (!asmgl_make_current(c)) {
        fprintf(stderr, "make current: %s\n", asmgl_last_error());
        exit(1);
    }
}

static GLuint make_texture(void)
{
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    return t;
}

/* A window-filling quad (identity matrices) with texture coordinates. */
static void quad(void)
{
    glBegin(GL_QUADS);
    glTexCoord2f(0, 0);
    glVertex2f(-1, -1);
    glTexCoord2f(1, 0);
    glVertex2f(1, -1);
    glTexCoord2f(1, 1);
    glVertex2f(1, 1);
    glTexCoord2f(0, 1);
    glVertex2f(-1, 1);
    glEnd();
}

/* Draws the bound 2D texture over the window with REPLACE and checks the
 * four texels in the four quadrants. */
static void draw_and_probe_texture(const char *where)
{
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    quad();
    glDisable(GL_TEXTURE_2D);
    int before = gt_failures;
    GT_PROBE(4, 4, 1, 0, 0, 1, 0);
    GT_PROBE(12, 4, 0, 1, 0, 1, 0);
    GT_PROBE(4, 12, 0, 0, 1, 1, 0);
    GT_PROBE(12, 12, 1, 1, 1, 1, 0);
    if (gt_failures != before)
        fprintf(stderr, "  (texture drawn in %s)\n", where);
}

static const char *const const_fp = "!!ARBfp1.0\n"
                                    "MOV result.color, {0.25, 0.5, 0.75, 1.0};\n"
                                    "END\n";
static const char *const local_fp = "!!ARBfp1.0\n"
                                    "MOV result.color, program.local[0];\n"
                                    "END\n";
static const char *const env_fp = "!!ARBfp1.0\n"
                                  "MOV result.color, program.env[0];\n"
                                  "END\n";

static void draw_with_program(GLuint prog)
{
    glClear(GL_COLOR_BUFFER_BIT);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    quad();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
}

/* ---- an unshared pair ---------------------------------------------------------- */

static void test_unshared(void)
{
    asmgl_context *a = make(NULL), *b = make(NULL);
    current(a);
    GLuint ta = make_texture();
    GLuint pa = gt_program(GL_FRAGMENT_PROGRAM_ARB, const_fp);
    GLuint ba;
    glGenBuffers(1, &ba);
    glBindBuffer(GL_ARRAY_BUFFER, ba);
    GLuint la = glGenLists(1);
    glNewList(la, GL_COMPILE);
    glEndList();
    GT_CHECK(glIsTexture(ta) && glIsProgramARB(pa) && glIsBuffer(ba) && glIsList(la));
    current(b);
    /* separate namespaces: b knows none of a's objects, and its own first
     * names are the same numbers */
    GT_CHECK(!glIsTexture(ta) && !glIsProgramARB(pa) && !glIsBuffer(ba) && !glIsList(la));
    GLuint tb;
    glGenTextures(1, &tb);
    GT_EQ_INT(tb, ta);
    GT_ERROR(GL_NO_ERROR);
    current(NULL);
    asmgl_context_destroy(a);
    asmgl_context_destroy(b);
}

/* ---- objects made in A, used in B ------------------------------------------------ */

static void test_use_across(void)
{
    asmgl_context *a = make(NULL);
    asmgl_context *b = make(a);
    asmgl_context *c = make(b); /* sharing with b is sharing with a */
    GT_CHECK(asmgl_context_create_shared(NULL, NULL) == NULL && strlen(asmgl_last_error()) > 0);

    current(a);
    GLuint tex = make_texture();
    GLuint prog = gt_program(GL_FRAGMENT_PROGRAM_ARB, const_fp);
    GLuint lprog = gt_program(GL_FRAGMENT_PROGRAM_ARB, local_fp);
    glProgramLocalParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0.5f, 0.25f, 1.0f, 1.0f);
    GLuint eprog = gt_program(GL_FRAGMENT_PROGRAM_ARB, env_fp);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 1, 0, 0, 1); /* env is per context */
    static const float pos[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    GLuint list = glGenLists(1);
    glNewList(list, GL_COMPILE);
    glColor4f(0, 1, 1, 1);
    glRectf(-1, -1, 1, 1);
    glEndList();
    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    GLuint fbo_a;
    glGenFramebuffers(1, &fbo_a);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_a);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    /* a draws with its env: red */
    draw_with_program(eprog);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);

    current(b);
    GT_CHECK(glIsTexture(tex) && glIsProgramARB(prog) && glIsBuffer(buf) && glIsList(list) &&
             glIsRenderbuffer(rb));
    /* framebuffer objects are not shared (ARB_framebuffer_object) */
    GT_CHECK(!glIsFramebuffer(fbo_a));
    glBindTexture(GL_TEXTURE_2D, tex);
    draw_and_probe_texture("b");
    draw_with_program(prog);
    GT_PROBE(8, 8, 0.25f, 0.5f, 0.75f, 1, 1.0f / 255);
    draw_with_program(lprog); /* a's local parameter belongs to the object */
    GT_PROBE(8, 8, 0.5f, 0.25f, 1, 1, 1.0f / 255);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 0, 0, 1, 0, 1);
    draw_with_program(eprog); /* the same object with b's env: green */
    GT_PROBE(8, 8, 0, 1, 0, 1, 0);
    /* the buffer as b's vertex array: a yellow quad */
    glClear(GL_COLOR_BUFFER_BIT);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glVertexPointer(2, GL_FLOAT, 0, (const void *)0);
    glEnableClientState(GL_VERTEX_ARRAY);
    glColor4f(1, 1, 0, 1);
    glDrawArrays(GL_QUADS, 0, 4);
    glDisableClientState(GL_VERTEX_ARRAY);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    GT_PROBE(8, 8, 1, 1, 0, 1, 0);
    /* the list */
    glClear(GL_COLOR_BUFFER_BIT);
    glCallList(list);
    GT_PROBE(8, 8, 0, 1, 1, 1, 0);
    /* the renderbuffer, attached to b's own framebuffer object */
    GLuint fbo_b;
    glGenFramebuffers(1, &fbo_b);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_b);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(0, 0, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(3, 3, 0, 0, 1, 1, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GT_ERROR(GL_NO_ERROR);

    /* c made a name; a sees it; a's env is still red */
    current(c);
    GLuint tc;
    glGenTextures(1, &tc);
    glBindTexture(GL_TEXTURE_2D, tc);
    GT_CHECK(tc != tex && tc != buf);
    current(a);
    GT_CHECK(glIsTexture(tc));
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    draw_with_program(eprog);
    GT_PROBE(8, 8, 1, 0, 0, 1, 0);
    /* a's draw framebuffer object is its own: the renderbuffer b attached
     * holds b's clear */
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_a);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    GT_PROBE(3, 3, 0, 0, 1, 1, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GT_ERROR(GL_NO_ERROR);

    /* the objects outlive the context that made them */
    current(NULL);
    asmgl_context_destroy(a);
    current(c);
    GT_CHECK(glIsTexture(tex) && glIsList(list));
    glBindTexture(GL_TEXTURE_2D, tex);
    draw_and_probe_texture("c after a was destroyed");
    current(NULL);
    asmgl_context_destroy(c);
    current(b);
    glClear(GL_COLOR_BUFFER_BIT);
    glCallList(list);
    GT_PROBE(8, 8, 0, 1, 1, 1, 0);
    current(NULL);
    asmgl_context_destroy(b);
}

/* ---- deletion while another context binds it (Appendix D.1.2) --------------------- */

static void test_delete_while_bound(void)
{
    asmgl_context *a = make(NULL);
    asmgl_context *b = make(a);
    current(a);
    GLuint tex = make_texture();
    GLuint prog = gt_program(GL_FRAGMENT_PROGRAM_ARB, const_fp);
    static const float pos[8] = {-1, -1, 1, -1, 1, 1, -1, 1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    GLuint rb;
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);

    current(b);
    glBindTexture(GL_TEXTURE_2D, tex);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glVertexPointer(2, GL_FLOAT, 0, (const void *)0);
    GLuint fbo;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    /* queue a draw sampling the texture, unflushed, before a deletes it */
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    quad();
    glDisable(GL_TEXTURE_2D);

    current(a);
    glDeleteTextures(1, &tex);
    glDeleteProgramsARB(1, &prog);
    glDeleteBuffers(1, &buf);
    glDeleteRenderbuffers(1, &rb);
    GT_ERROR(GL_NO_ERROR);
    /* the names are gone from both contexts */
    GT_CHECK(!glIsTexture(tex) && !glIsProgramARB(prog) && !glIsBuffer(buf) && !glIsRenderbuffer(rb));
    /* a's new objects may not take what b still uses */
    GLuint other = make_texture();
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texels + 12);

    current(b);
    GT_CHECK(!glIsTexture(tex) && !glIsProgramARB(prog) && !glIsBuffer(buf) && !glIsRenderbuffer(rb));
    /* the draw queued before the deletion */
    GT_PROBE(4, 4, 1, 0, 0, 1, 0);
    GT_PROBE(12, 12, 1, 1, 1, 1, 0);
    /* b still renders with all four */
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    GT_EQ_INT(bound, tex);
    draw_and_probe_texture("b after a deleted the texture");
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnableClientState(GL_VERTEX_ARRAY);
    glDrawArrays(GL_QUADS, 0, 4); /* deleted buffer as the array, deleted program */
    glDisableClientState(GL_VERTEX_ARRAY);
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    GT_PROBE(8, 8, 0.25f, 0.5f, 0.75f, 1, 1.0f / 255);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    GT_EQ_INT(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
    glClearColor(0, 1, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GT_PROBE(5, 5, 0, 1, 0, 1, 0);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    GT_ERROR(GL_NO_ERROR);

    /* unbinding lets them go (freed at the next deletion: ASan's leak
     * check sees whether they are) */
    glBindTexture(GL_TEXTURE_2D, 0);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, 0);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glVertexPointer(2, GL_FLOAT, 0, NULL);
    glDeleteFramebuffers(1, &fbo);
    GLuint spare;
    glGenTextures(1, &spare);
    glBindTexture(GL_TEXTURE_2D, spare);
    glDeleteTextures(1, &spare);
    glBindTexture(GL_TEXTURE_2D, other);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    quad();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(4, 4, 1, 1, 1, 1, 0); /* a's TexSubImage of texel (0, 0) */
    GT_PROBE(12, 4, 0, 1, 0, 1, 0);
    GT_ERROR(GL_NO_ERROR);
    current(NULL);
    /* b still binds "other" when a, then b, go */
    asmgl_context_destroy(a);
    asmgl_context_destroy(b);
}

/* ---- a change through one context to what another's queued scene reads ---------------- */

/* B queues draws sampling a texture and reading a program; A then
 * redefines both (new storage, new code).  asmgl runs B's queued scene
 * before A's change, so B's pixels are those of the old objects (Appendix
 * D.3 leaves them undefined; asmgl must not read freed storage). */
static void test_change_while_queued(void)
{
    asmgl_context *a = make(NULL);
    asmgl_context *b = make(a);
    current(a);
    GLuint tex = make_texture();
    GLuint prog = gt_program(GL_FRAGMENT_PROGRAM_ARB, const_fp);

    current(b);
    glBindTexture(GL_TEXTURE_2D, tex);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    glEnable(GL_TEXTURE_2D);
    glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
    glEnable(GL_SCISSOR_TEST);
    glScissor(0, 0, W, H / 2); /* the bottom half: the texture */
    quad();
    glDisable(GL_TEXTURE_2D);
    glScissor(0, H / 2, W, H / 2); /* the top half: the program */
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glEnable(GL_FRAGMENT_PROGRAM_ARB);
    quad();
    glDisable(GL_FRAGMENT_PROGRAM_ARB);
    glDisable(GL_SCISSOR_TEST);

    current(a);
    static const unsigned char black[4 * 4 * 4];
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, black);
    static const char *const other_fp = "!!ARBfp1.0\nMOV result.color, {1, 0, 1, 1};\nEND\n";
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, prog);
    glProgramStringARB(GL_FRAGMENT_PROGRAM_ARB, GL_PROGRAM_FORMAT_ASCII_ARB,
                       (GLsizei)strlen(other_fp), other_fp);
    GT_ERROR(GL_NO_ERROR);

    current(b);
    GT_PROBE(4, 4, 1, 0, 0, 1, 0);
    GT_PROBE(12, 4, 0, 1, 0, 1, 0);
    GT_PROBE(8, 12, 0.25f, 0.5f, 0.75f, 1, 1.0f / 255);
    /* drawn again, after the change: the new objects */
    glEnable(GL_TEXTURE_2D);
    quad();
    glDisable(GL_TEXTURE_2D);
    GT_PROBE(4, 4, 0, 0, 0, 0, 0);
    draw_with_program(prog);
    GT_PROBE(8, 8, 1, 0, 1, 1, 0);
    GT_ERROR(GL_NO_ERROR);
    current(NULL);
    asmgl_context_destroy(a);
    asmgl_context_destroy(b);
}

/* ---- two threads at once ------------------------------------------------------------ */

enum { ITERATIONS = 40 };

typedef struct worker {
    asmgl_context *ctx;
    GLuint tex;        /* shared, never changed: probed every iteration */
    GLuint churn_tex;  /* shared, redefined by the changer while the other draws it */
    GLuint churn_buf;  /* shared vertex buffer, respecified by the changer */
    bool changer;
    int failures;
} worker;

static void *worker_run(void *arg)
{
    worker *w = arg;
    if (!asmgl_make_current(w->ctx)) {
        w->failures++;
        return NULL;
    }
    static const float pos[8] = {0, -1, 1, -1, 1, 1, 0, 1}; /* the right half */
    for (int i = 0; i < ITERATIONS; i++) {
        glClearColor(0, 0, 0, 0);
        glClear(GL_COLOR_BUFFER_BIT);
        glEnable(GL_TEXTURE_2D);
        glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
        glBindTexture(GL_TEXTURE_2D, w->tex);
        glBegin(GL_QUADS); /* the left half samples texel column 0 */
        glTexCoord2f(0, 0);
        glVertex2f(-1, -1);
        glTexCoord2f(0.5f, 0);
        glVertex2f(0, -1);
        glTexCoord2f(0.5f, 1);
        glVertex2f(0, 1);
        glTexCoord2f(0, 1);
        glVertex2f(-1, 1);
        glEnd();
        if (w->changer) {
            /* redefine, create and delete shared objects the other thread
             * may be drawing with (results there undefined, never a crash) */
            if (i % 4 == 3) {
                /* delete the texture the other thread may have bound (it
                 * keeps it until it binds the name again, which makes a
                 * new texture: Appendix D.1.2) */
                glDeleteTextures(1, &w->churn_tex);
            }
            glBindTexture(GL_TEXTURE_2D, w->churn_tex);
            int n = 1 + (i % 3);
            unsigned char *px = calloc((size_t)n * n, 4);
            glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, n, n, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
            free(px);
            glBindBuffer(GL_ARRAY_BUFFER, w->churn_buf);
            glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, i % 2 ? GL_STREAM_DRAW : GL_STATIC_DRAW);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
            GLuint tmp[3];
            glGenTextures(3, tmp);
            for (int k = 0; k < 3; k++) {
                glBindTexture(GL_TEXTURE_2D, tmp[k]);
                glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
            }
            glDeleteTextures(3, tmp);
        } else {
            glBindTexture(GL_TEXTURE_2D, w->churn_tex);
            glBindBuffer(GL_ARRAY_BUFFER, w->churn_buf);
            glVertexPointer(2, GL_FLOAT, 0, (const void *)0);
            glTexCoordPointer(2, GL_FLOAT, 0, (const void *)0);
            glEnableClientState(GL_VERTEX_ARRAY);
            glEnableClientState(GL_TEXTURE_COORD_ARRAY);
            glDrawArrays(GL_QUADS, 0, 4);
            glDisableClientState(GL_VERTEX_ARRAY);
            glDisableClientState(GL_TEXTURE_COORD_ARRAY);
            glBindBuffer(GL_ARRAY_BUFFER, 0);
        }
        glDisable(GL_TEXTURE_2D);
        /* the unchanged texture: red at the bottom, blue at the top */
        unsigned char p[2][4];
        glReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p[0]);
        glReadPixels(3, 12, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p[1]);
        if (memcmp(p[0], texels, 4) != 0 || memcmp(p[1], texels + 8, 4) != 0) {
            fprintf(stderr, "thread %s, iteration %d: (%d %d %d %d) / (%d %d %d %d)\n",
                    w->changer ? "changer" : "drawer", i, p[0][0], p[0][1], p[0][2], p[0][3],
                    p[1][0], p[1][1], p[1][2], p[1][3]);
            w->failures++;
        }
        if (glGetError() != GL_NO_ERROR)
            w->failures++;
    }
    asmgl_make_current(NULL);
    return NULL;
}

static void test_threads(void)
{
    asmgl_context *a = make(NULL);
    asmgl_context *b = make(a);
    current(a);
    GLuint tex = make_texture();
    GLuint churn = make_texture();
    static const float pos[8] = {0, -1, 1, -1, 1, 1, 0, 1};
    GLuint buf;
    glGenBuffers(1, &buf);
    glBindBuffer(GL_ARRAY_BUFFER, buf);
    glBufferData(GL_ARRAY_BUFFER, sizeof pos, pos, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, 0);
    glFinish();
    current(NULL);

    worker w[2] = {{a, tex, churn, buf, true, 0}, {b, tex, churn, buf, false, 0}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        if (pthread_create(&th[i], NULL, worker_run, &w[i]) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            exit(1);
        }
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    GT_EQ_INT(w[0].failures, 0);
    GT_EQ_INT(w[1].failures, 0);
    asmgl_context_destroy(b);
    asmgl_context_destroy(a);
}

int main(void)
{
    test_unshared();
    test_use_across();
    test_delete_while_bound();
    test_change_while_queued();
    test_threads();
    return gt_finish("test_share");
}
