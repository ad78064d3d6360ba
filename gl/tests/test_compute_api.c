/* test_compute_api.c - NV_compute_program5's API: COMPUTE_PROGRAM_NV as a
 * program target (Enable cap, BindProgramARB, env / local parameters,
 * GetProgramivARB), COMPUTE_PROGRAM_PARAMETER_BUFFER_NV bindings,
 * ARB_compute_shader's DispatchCompute / DispatchComputeIndirect with their
 * errors, DISPATCH_INDIRECT_BUFFER, and the compute limits with
 * ARB_compute_shader's minimums.  End to end: a compute program writes
 * every invocation's global index plus an env parameter to a storage
 * buffer (DispatchCompute and DispatchComputeIndirect), and another STOREs
 * through a resident buffer's GPU address passed as a local parameter, and
 * a third LDCs from its COMPUTE_PROGRAM_PARAMETER_BUFFER_NV binding;
 * GetBufferSubData reads them back.
 *
 * covers: API.E.TARGETS API.E.PBO API.REUSED LIM.CP.WGSIZE LIM.CP.WGCOUNT LIM.CP.SHARED
 */
#include "gl_test.h"

#include <string.h>

static GLint geti(GLenum v)
{
    GLint r = -12345;
    glGetIntegerv(v, &r);
    return r;
}

static GLint getii(GLenum v, GLuint i)
{
    GLint r = -12345;
    glGetIntegeri_v(v, i, &r);
    return r;
}

static void test_limits(void)
{
    GT_EQ_INT(GL_COMPUTE_PROGRAM_NV, 0x90FB);
    GT_EQ_INT(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0x90FC);
    /* ARB_compute_shader minimums: 65535 groups per dimension, groups of
     * (1024, 1024, 64) and 1024 invocations, 32 KB of shared memory */
    static const GLint min_size[3] = {1024, 1024, 64};
    for (GLuint i = 0; i < 3; i++) {
        GT_CHECK(getii(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i) >= 65535);
        GT_CHECK(getii(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i) >= min_size[i]);
    }
    GT_ERROR(GL_NO_ERROR);
    GLint v = -3;
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 3, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_EQ_INT(v, -3);
    glGetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &v);
    GT_ERROR(GL_INVALID_VALUE);
    GT_CHECK(geti(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS) >= 1024);
    GT_CHECK(geti(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE) >= 32768);
    GT_ERROR(GL_NO_ERROR);
    const char *ext = (const char *)glGetString(GL_EXTENSIONS);
    GT_CHECK(ext && strstr(ext, "GL_NV_compute_program5 "));
    GT_CHECK(asmgl_get_proc_address("glDispatchCompute") == (void (*)(void))glDispatchCompute);
    GT_CHECK(asmgl_get_proc_address("glDispatchComputeIndirect") ==
             (void (*)(void))glDispatchComputeIndirect);
}

static void test_target(void)
{
    /* an Enable cap, off initially */
    GT_CHECK(!glIsEnabled(GL_COMPUTE_PROGRAM_NV));
    GLboolean b = GL_TRUE;
    glGetBooleanv(GL_COMPUTE_PROGRAM_NV, &b);
    GT_EQ_INT(b, GL_FALSE);
    GT_ERROR(GL_NO_ERROR);
    /* no active compute program: disabled, then enabled without a program */
    glDispatchCompute(1, 1, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glEnable(GL_COMPUTE_PROGRAM_NV);
    GT_CHECK(glIsEnabled(GL_COMPUTE_PROGRAM_NV));
    glDispatchCompute(1, 1, 1);
    GT_ERROR(GL_INVALID_OPERATION);
    glDispatchComputeIndirect(0);
    GT_ERROR(GL_INVALID_OPERATION);
    /* indirect offsets are checked first: negative or unaligned */
    glDispatchComputeIndirect(-4);
    GT_ERROR(GL_INVALID_VALUE);
    glDispatchComputeIndirect(2);
    GT_ERROR(GL_INVALID_VALUE);
    glBegin(GL_POINTS);
    glDispatchCompute(1, 1, 1);
    glEnd();
    GT_ERROR(GL_INVALID_OPERATION);
    glDisable(GL_COMPUTE_PROGRAM_NV);

    /* BindProgramARB: the name takes the compute target; binding it to
     * another target is INVALID_OPERATION */
    GLuint p[2];
    glGenProgramsARB(2, p);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p[0]);
    GT_ERROR(GL_NO_ERROR);
    GLint binding = 0;
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_BINDING_ARB, &binding);
    GT_EQ_INT(binding, (GLint)p[0]);
    glBindProgramARB(GL_FRAGMENT_PROGRAM_ARB, p[0]);
    GT_ERROR(GL_INVALID_OPERATION);
    glBindProgramARB(GL_VERTEX_PROGRAM_ARB, p[1]);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p[1]);
    GT_ERROR(GL_INVALID_OPERATION);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_BINDING_ARB, &binding);
    GT_EQ_INT(binding, (GLint)p[0]);
    /* a header for another stage does not load into the compute target */
    static const char fp[] = "!!NVfp5.0\nMOV result.color, 1;\nEND\n";
    glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(fp), fp);
    GT_ERROR(GL_INVALID_OPERATION);

    /* env and local parameters of the target (ProgramEnv/LocalParameter*
     * take COMPUTE_PROGRAM_NV: "New Tokens"), separate from the others */
    glProgramEnvParameter4fARB(GL_COMPUTE_PROGRAM_NV, 5, 1, 2, 3, 4);
    glProgramEnvParameter4fARB(GL_FRAGMENT_PROGRAM_ARB, 5, 9, 9, 9, 9);
    glProgramLocalParameterI4uiNV(GL_COMPUTE_PROGRAM_NV, 7, 10, 20, 30, 0xFFFFFFFFu);
    GT_ERROR(GL_NO_ERROR);
    GLfloat f[4] = {0};
    glGetProgramEnvParameterfvARB(GL_COMPUTE_PROGRAM_NV, 5, f);
    GT_CHECK(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 4);
    GLuint u[4] = {0};
    glGetProgramLocalParameterIuivNV(GL_COMPUTE_PROGRAM_NV, 7, u);
    GT_CHECK(u[0] == 10 && u[1] == 20 && u[2] == 30 && u[3] == 0xFFFFFFFFu);
    GLint max_env = 0;
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_MAX_PROGRAM_ENV_PARAMETERS_ARB, &max_env);
    GT_CHECK(max_env >= 256);
    glProgramEnvParameter4fARB(GL_COMPUTE_PROGRAM_NV, (GLuint)max_env, 1, 2, 3, 4);
    GT_ERROR(GL_INVALID_VALUE);
    glDeleteProgramsARB(2, p);
    GT_ERROR(GL_NO_ERROR);
    glGetProgramivARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_BINDING_ARB, &binding);
    GT_EQ_INT(binding, 0);

    /* COMPUTE_PROGRAM_PARAMETER_BUFFER_NV: generic and indexed bindings */
    GLuint buf[2];
    glGenBuffers(2, buf);
    GT_EQ_INT(geti(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV), 0);
    glBindBufferBaseNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, buf[0]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(getii(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2), (GLint)buf[0]);
    GT_EQ_INT(geti(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV), (GLint)buf[0]);
    GT_EQ_INT(getii(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2), 0);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 16, NULL, GL_STATIC_DRAW);
    const GLuint words[2] = {5, 6};
    glProgramBufferParametersIuivNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, 1, 2, words);
    GT_ERROR(GL_NO_ERROR);
    GLuint back[4] = {1, 1, 1, 1};
    glGetBufferSubData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 0, 16, back);
    GT_CHECK(back[0] == 0 && back[1] == 5 && back[2] == 6 && back[3] == 0);

    /* DISPATCH_INDIRECT_BUFFER: a BindBuffer target with a binding query */
    GT_EQ_INT(geti(GL_DISPATCH_INDIRECT_BUFFER_BINDING), 0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, buf[1]);
    GT_ERROR(GL_NO_ERROR);
    GT_EQ_INT(geti(GL_DISPATCH_INDIRECT_BUFFER_BINDING), (GLint)buf[1]);
    glDeleteBuffers(2, buf);
    GT_EQ_INT(geti(GL_DISPATCH_INDIRECT_BUFFER_BINDING), 0);
    GT_EQ_INT(geti(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV), 0);
    GT_ERROR(GL_NO_ERROR);
}

/* GROUP_SIZE 4 2: invocation (gx, gy) of a dispatch 8 invocations wide
 * writes gy * 8 + gx + env[3].x to word gy * 8 + gx of storage[0]. */
static const char ssbo_cp[] =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4 2;\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "PARAM k = program.env[3];\n"
    "TEMP t, v;\n"
    "MAD.U t.x, invocation.globalid.y, 8, invocation.globalid.x;\n"
    "MUL.U t.y, t.x, 4;\n"
    "ADD.U v.x, t.x, k.x;\n"
    "STB.U32 v, sb[t.y];\n"
    "END\n";

/* GROUP_SIZE 16: invocation i stores 3i + groupid.x to word i of the
 * buffer whose address is program.local[0].xy (low, high). */
static const char global_cp[] =
    "!!NVcp5.0\n"
    "GROUP_SIZE 16;\n"
    "LONG TEMP a, o;\n"
    "TEMP p, v;\n"
    "PARAM base = program.local[0];\n"
    "MUL.U p.x, invocation.globalid.x, 4;\n"
    "MOV.U p.y, 0;\n"
    "PK64.U o.x, p;\n"
    "PK64.U a.x, base;\n"
    "ADD.U64 a.x, a.x, o.x;\n"
    "MAD.U v.x, invocation.globalid.x, 3, invocation.groupid.x;\n"
    "STORE.U32 v, a.x;\n"
    "END\n";

static GLuint load_cp(const char *text)
{
    GLuint p = 0;
    glGenProgramsARB(1, &p);
    glBindProgramARB(GL_COMPUTE_PROGRAM_NV, p);
    glProgramStringARB(GL_COMPUTE_PROGRAM_NV, GL_PROGRAM_FORMAT_ASCII_ARB, (GLsizei)strlen(text),
                       text);
    if (glGetError() != GL_NO_ERROR) {
        fprintf(stderr, "%s:%d: the compute program did not load: %s\n%s", __FILE__, __LINE__,
                (const char *)glGetString(GL_PROGRAM_ERROR_STRING_ARB), text);
        gt_failures++;
        glDeleteProgramsARB(1, &p);
        return 0;
    }
    return p;
}

static void test_dispatch_storage(void)
{
    GLuint p = load_cp(ssbo_cp);
    if (!p)
        return;
    glEnable(GL_COMPUTE_PROGRAM_NV);
    glProgramEnvParameterI4uiNV(GL_COMPUTE_PROGRAM_NV, 3, 1000, 0, 0, 0);
    GLuint b[2];
    glGenBuffers(2, b);
    GLuint init[64];
    for (int i = 0; i < 64; i++)
        init[i] = 0xEEEEEEEEu;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, b[0]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b[0]);
    GT_ERROR(GL_NO_ERROR);

    /* counts above MAX_COMPUTE_WORK_GROUP_COUNT: INVALID_VALUE, nothing runs */
    GLint maxc = getii(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1);
    glDispatchCompute(2, (GLuint)maxc + 1, 1);
    GT_ERROR(GL_INVALID_VALUE);
    /* a zero count dispatches nothing */
    glDispatchCompute(2, 0, 1);
    GT_ERROR(GL_NO_ERROR);
    GLuint got[64];
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    GT_EQ_INT(got[0], 0xEEEEEEEEu);

    /* (2, 3, 1) groups of 4 x 2: 8 x 6 invocations, words 0..47 */
    glDispatchCompute(2, 3, 1);
    GT_ERROR(GL_NO_ERROR);
    memset(got, 0, sizeof got);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    int bad = 0;
    for (int i = 0; i < 64; i++) {
        GLuint want = i < 48 ? (GLuint)i + 1000 : 0xEEEEEEEEu;
        if (got[i] != want && !bad++)
            fprintf(stderr, "%s:%d: word %d = 0x%x, want 0x%x\n", __FILE__, __LINE__, i, got[i],
                    want);
    }
    GT_EQ_INT(bad, 0);

    /* indirect: counts (1, 2, 1) at byte 4 of the dispatch buffer, env[3]
     * now 2000: 1 x 2 groups of 4 x 2 invocations, gx 0..3 and gy 0..3,
     * write word gy * 8 + gx = that + 2000; the other words stay */
    glProgramEnvParameterI4uiNV(GL_COMPUTE_PROGRAM_NV, 3, 2000, 0, 0, 0);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
    const GLuint cmd[5] = {77, 1, 2, 1, 77};
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, b[1]);
    glBufferData(GL_DISPATCH_INDIRECT_BUFFER, sizeof cmd, cmd, GL_STATIC_DRAW);
    glDispatchComputeIndirect(12); /* 12 + 12 > 20 bytes */
    GT_ERROR(GL_INVALID_OPERATION);
    glDispatchComputeIndirect(4);
    GT_ERROR(GL_NO_ERROR);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    bad = 0;
    for (int i = 0; i < 64; i++) {
        int gx = i % 8, gy = i / 8;
        GLuint want = gx < 4 && gy < 4 ? (GLuint)i + 2000 : 0xEEEEEEEEu;
        if (got[i] != want && !bad++)
            fprintf(stderr, "%s:%d: word %d = 0x%x, want 0x%x\n", __FILE__, __LINE__, i, got[i],
                    want);
    }
    GT_EQ_INT(bad, 0);
    /* counts read from the buffer above the limit (undefined in the spec):
     * asmgl dispatches nothing and records no error */
    const GLuint big[3] = {(GLuint)maxc + 1, 1, 1};
    glBufferSubData(GL_DISPATCH_INDIRECT_BUFFER, 4, sizeof big, big);
    glBufferData(GL_SHADER_STORAGE_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
    glDispatchComputeIndirect(4);
    GT_ERROR(GL_NO_ERROR);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof got, got);
    GT_EQ_INT(got[0], 0xEEEEEEEEu);
    /* no indirect buffer bound */
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    glDispatchComputeIndirect(0);
    GT_ERROR(GL_INVALID_OPERATION);

    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDeleteBuffers(2, b);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

static void test_dispatch_global(void)
{
    GLuint p = load_cp(global_cp);
    if (!p)
        return;
    glEnable(GL_COMPUTE_PROGRAM_NV);
    GLuint b;
    glGenBuffers(1, &b);
    GLuint init[40];
    for (int i = 0; i < 40; i++)
        init[i] = 0xEEEEEEEEu;
    glBindBuffer(GL_ARRAY_BUFFER, b);
    glBufferData(GL_ARRAY_BUFFER, sizeof init, init, GL_DYNAMIC_DRAW);
    GLuint64EXT addr = 0;
    glGetBufferParameterui64vNV(GL_ARRAY_BUFFER, GL_BUFFER_GPU_ADDRESS_NV, &addr);
    glMakeBufferResidentNV(GL_ARRAY_BUFFER, GL_READ_WRITE);
    glProgramLocalParameterI4uiNV(GL_COMPUTE_PROGRAM_NV, 0, (GLuint)addr, (GLuint)(addr >> 32), 0, 0);
    GT_ERROR(GL_NO_ERROR);
    glDispatchCompute(2, 1, 1); /* 32 invocations */
    GT_ERROR(GL_NO_ERROR);
    GLuint got[40];
    glGetBufferSubData(GL_ARRAY_BUFFER, 0, sizeof got, got);
    int bad = 0;
    for (int i = 0; i < 40; i++) {
        GLuint want = i < 32 ? 3u * (GLuint)i + (GLuint)i / 16 : 0xEEEEEEEEu;
        if (got[i] != want && !bad++)
            fprintf(stderr, "%s:%d: word %d = 0x%x, want 0x%x\n", __FILE__, __LINE__, i, got[i],
                    want);
    }
    GT_EQ_INT(bad, 0);
    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDeleteBuffers(1, &b);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

/* COMPUTE_PROGRAM_PARAMETER_BUFFER_NV binding point 2 feeds the compute
 * program's CBUFFER (NV_parameter_buffer_object2 LDC; NV_compute_program5
 * "New Tokens"): invocation i (GROUP_SIZE 4, one group) loads word i of
 * the parameter buffer (10 * i + 5) and stores it plus i to word i of
 * storage[0]: 11i + 5.  A parameter buffer of the fragment target at the
 * same binding point is not seen. */
static const char ldc_cp[] =
    "!!NVcp5.0\n"
    "OPTION NV_shader_storage_buffer;\n"
    "GROUP_SIZE 4;\n"
    "CBUFFER cb[] = { program.buffer[2] };\n"
    "STORAGE sb[] = { program.storage[0] };\n"
    "TEMP t, v;\n"
    "MUL.U t.x, invocation.globalid.x, 4;\n"
    "LDC.U32 v, cb[t.x];\n"
    "ADD.U v.x, v.x, invocation.globalid.x;\n"
    "STB.U32 v, sb[t.x];\n"
    "END\n";

static void test_dispatch_param_buffer(void)
{
    GLuint p = load_cp(ldc_cp);
    if (!p)
        return;
    glEnable(GL_COMPUTE_PROGRAM_NV);
    GLuint b[3];
    glGenBuffers(3, b);
    GLuint words[4], other[4] = {7, 7, 7, 7}, zero[4] = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++)
        words[i] = 10u * (GLuint)i + 5;
    glBindBufferBaseNV(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 2, b[1]);
    glBufferData(GL_FRAGMENT_PROGRAM_PARAMETER_BUFFER_NV, 16, other, GL_STATIC_DRAW);
    glBindBufferBaseNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, b[0]);
    glBufferData(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 16, words, GL_STATIC_DRAW);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b[2]);
    glBufferData(GL_SHADER_STORAGE_BUFFER, 16, zero, GL_DYNAMIC_DRAW);
    GT_ERROR(GL_NO_ERROR);
    glDispatchCompute(1, 1, 1);
    GT_ERROR(GL_NO_ERROR);
    GLuint got[4] = {0};
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, got);
    for (int i = 0; i < 4; i++)
        GT_EQ_INT(got[i], 11 * i + 5);
    /* ProgramBufferParametersIuivNV updates what the next dispatch reads */
    const GLuint w1 = 100;
    glProgramBufferParametersIuivNV(GL_COMPUTE_PROGRAM_PARAMETER_BUFFER_NV, 2, 1, 1, &w1);
    glDispatchCompute(1, 1, 1);
    glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, 16, got);
    GT_EQ_INT(got[1], 101);
    GT_EQ_INT(got[2], 27);
    glDisable(GL_COMPUTE_PROGRAM_NV);
    glDeleteBuffers(3, b);
    glDeleteProgramsARB(1, &p);
    GT_ERROR(GL_NO_ERROR);
}

int main(void)
{
    asmgl_context *c = gt_context(4, 4);
    GT_ERROR(GL_NO_ERROR);
    test_limits();
    test_target();
    test_dispatch_storage();
    test_dispatch_global();
    test_dispatch_param_buffer();
    asmgl_context_destroy(c);
    return gt_finish("compute_api");
}
