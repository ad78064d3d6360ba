/*
 * gp_opcodes.c - the opcode table expanded from gp_opcodes.def (R1), and the
 * split of an opcode word into mnemonic and suffixes (R2).  Compile time,
 * any thread: everything here is read-only data or pure functions.
 */
#include <assert.h>

#include "gp_priv.h"

const gp_opinfo gp_opinfo_table[GP_OP_COUNT] = {
#define GP_OP(name, cls, nsrc, types, mods, nv4, io, profiles, flags, options, fast, doc) \
    { #name, GP_CLASS_##cls, nsrc, types, mods, profiles, flags, nv4, io, options },
#include "gp_opcodes.def"
#undef GP_OP
};

static_assert(sizeof(gp_opinfo_table) / sizeof(gp_opinfo_table[0]) == GP_OP_COUNT,
              "gp_opinfo_table out of sync with gp_opcodes.def");
static_assert(GP_OP_COUNT < 65536, "gp_insn.op is 16 bits");

/* Parses the suffix tail after a mnemonic: [R|H|X] [C|C0|C1] [_SAT|_SSAT]
 * (NV_fragment_program_option 3.11.4, NV_vertex_program3 2.14.4). */
static bool split_suffix(const char *s, int len, gp_opword *w)
{
    int i = 0;
    w->prec = 0;
    w->cc = 0;
    w->sat = GP_SAT_NONE;
    if (i < len && (s[i] == 'R' || s[i] == 'H' || s[i] == 'X'))
        w->prec = s[i++];
    if (i < len && s[i] == 'C') {
        i++;
        w->cc = 1;
        if (i < len && (s[i] == '0' || s[i] == '1'))
            w->cc = (uint8_t)(2 + (s[i++] - '0'));
    }
    if (len - i == 4 && memcmp(s + i, "_SAT", 4) == 0) {
        w->sat = GP_SAT_01;
        i += 4;
    } else if (len - i == 5 && memcmp(s + i, "_SSAT", 5) == 0) {
        w->sat = GP_SAT_11;
        i += 5;
    }
    return i == len;
}

bool gp_opcode_split(const char *s, int len, gp_opword *w)
{
    /* The longest suffix tail is "XC1_SSAT" (8) and the longest mnemonic
     * is 7 characters; anything longer is a plain identifier. */
    if (len <= 0 || len > 16)
        return false;
    int best = -1, best_len = 0;
    for (int op = 0; op < GP_OP_COUNT; op++) {
        const char *name = gp_opinfo_table[op].name;
        int n = (int)strlen(name);
        if (n > len || n <= best_len || memcmp(s, name, (size_t)n) != 0)
            continue;
        gp_opword tmp;
        memset(&tmp, 0, sizeof(tmp));
        if (split_suffix(s + n, len - n, &tmp)) {
            best = op;
            best_len = n;
            *w = tmp;
        }
    }
    if (best < 0)
        return false;
    w->op = best;
    return true;
}

uint32_t gp_opword_mods(const gp_opword *w)
{
    uint32_t m = 0;
    if (w->prec == 'R' || w->prec == 'H')
        m |= GP_MODBIT_PREC;
    if (w->prec == 'X')
        m |= GP_MODBIT_PRECX;
    if (w->cc)
        m |= GP_MODBIT_CC;
    if (w->sat == GP_SAT_01)
        m |= GP_MODBIT_SAT;
    if (w->sat == GP_SAT_11)
        m |= GP_MODBIT_SSAT;
    return m;
}

const char *gp_tex_target_name(int target)
{
    static const char *const names[GP_TEX_TARGET_COUNT] = {
        [GP_TEX_1D] = "1D", [GP_TEX_2D] = "2D", [GP_TEX_3D] = "3D",
        [GP_TEX_CUBE] = "CUBE", [GP_TEX_RECT] = "RECT",
        [GP_TEX_SHADOW1D] = "SHADOW1D", [GP_TEX_SHADOW2D] = "SHADOW2D",
        [GP_TEX_SHADOWRECT] = "SHADOWRECT", [GP_TEX_ARRAY1D] = "ARRAY1D",
        [GP_TEX_ARRAY2D] = "ARRAY2D", [GP_TEX_SHADOWCUBE] = "SHADOWCUBE",
        [GP_TEX_SHADOWARRAY1D] = "SHADOWARRAY1D",
        [GP_TEX_SHADOWARRAY2D] = "SHADOWARRAY2D", [GP_TEX_BUFFER] = "BUFFER",
        [GP_TEX_2DMS] = "2DMS", [GP_TEX_ARRAY2DMS] = "ARRAY2DMS",
        [GP_TEX_CUBEARRAY] = "ARRAYCUBE", [GP_TEX_SHADOWCUBEARRAY] = "SHADOWARRAYCUBE",
    };
    if (target < 0 || target >= GP_TEX_TARGET_COUNT || !names[target])
        return "?";
    return names[target];
}

const char *gp_cond_name(int cond)
{
    static const char *const names[] = {
        [GP_COND_TR] = "TR", [GP_COND_FL] = "FL", [GP_COND_EQ] = "EQ",
        [GP_COND_NE] = "NE", [GP_COND_LT] = "LT", [GP_COND_LE] = "LE",
        [GP_COND_GT] = "GT", [GP_COND_GE] = "GE", [GP_COND_EQ0] = "EQ0",
        [GP_COND_NE0] = "NE0", [GP_COND_NAN] = "NAN", [GP_COND_LEG] = "LEG",
        [GP_COND_CF] = "CF", [GP_COND_NCF] = "NCF", [GP_COND_OF] = "OF",
        [GP_COND_NOF] = "NOF", [GP_COND_AB] = "AB", [GP_COND_BLE] = "BLE",
        [GP_COND_SF] = "SF", [GP_COND_NSF] = "NSF",
    };
    if (cond < 0 || cond >= (int)(sizeof(names) / sizeof(names[0])) || !names[cond])
        return "?";
    return names[cond];
}
