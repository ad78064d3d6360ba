/*
 * gp_validate.c - whole-program checks on the parsed instructions (R3):
 * labels, block nesting, texture targets per unit, vertex attribute
 * aliasing, relatively addressed arrays, and resource limits.  Compile
 * time, calling thread.  Fails through gp_fail with the position of the
 * offending token; computes the counts gp_lower reports.
 */
#include <stdio.h>

#include "gp_priv.h"

static bool is_tex(const gp_insn *in)
{
    return (gp_opinfo_table[in->op].flags & (GP_OPF_TEX | GP_OPF_KILL)) != 0;
}

/* NV_vertex_program2 2.14.4.X, NV_fragment_program2 3.11.4.X: "A program
 * will fail to load if an instruction refers to a label that is not
 * defined in the program string." */
static void check_labels(gp_parse *ps)
{
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        if (pi->label && !gp_map_get(&ps->labelmap, pi->label, pi->label_len))
            gp_fail(ps, pi->label_pos, "undefined label '%.*s'", pi->label_len > 40 ? 40 : pi->label_len, pi->label);
    }
}

/* NV_fragment_program2 3.11.4.X: blocks nest properly and close with the
 * right instruction, IF/loop nesting stays under the limits, BRK is inside
 * a loop, A0.x is used only inside LOOP, labels are outside every block,
 * and LOOP/REP operands are program parameters. */
static void check_flow(gp_parse *ps)
{
    /* exits: NV_gpu_program4 REP without a count must contain a BRK at
     * its own level or a RET at any level (2.X.8.Z REP) */
    typedef struct { int op, insn; bool has_else, exits; } frame;
    int n = ps->num_insns;
    frame *stack = gp_alloc(ps, sizeof(frame) * (size_t)(n + 1));
    int *depth_before = gp_alloc(ps, sizeof(int) * (size_t)(n + 1));
    int sp = 0, if_depth = 0, loop_depth = 0, loop_index_depth = 0;
    for (int i = 0; i < n; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        const gp_insn *in = &pi->in;
        depth_before[i] = sp;
        const char *name = gp_opinfo_table[in->op].name;
        for (int s = 0; s < 3; s++) {
            if (ps->stage == GP_STAGE_FRAGMENT && !ps->nv4 && in->src[s].rel && loop_index_depth == 0)
                gp_fail(ps, pi->src_pos[s], "the loop index A0.x can only be used inside a LOOP block");
        }
        switch (in->op) {
        case GP_OP_IF:
            if (if_depth >= ps->lim.max_if_depth)
                gp_fail(ps, in->pos, "IF nested too deeply (limit %d)", ps->lim.max_if_depth);
            if_depth++;
            stack[sp++] = (frame){ in->op, i, false, false };
            break;
        case GP_OP_REP:
        case GP_OP_LOOP:
            if (loop_depth >= ps->lim.max_loop_depth)
                gp_fail(ps, in->pos, "%s nested too deeply (limit %d)", name, ps->lim.max_loop_depth);
            /* 3.11.X.8/9: "fail to load if the vector operand is not a
             * program parameter" (NV_fragment_program2 only: NV4 REP
             * counts may be computed, or absent) */
            if (!ps->nv4 && (in->src[0].file != GP_FILE_PARAM || in->src[0].rel))
                gp_fail(ps, pi->src_pos[0], "the operand of %s must be a program parameter", name);
            loop_depth++;
            if (in->op == GP_OP_LOOP)
                loop_index_depth++;
            stack[sp++] = (frame){ in->op, i, false, false };
            break;
        case GP_OP_ELSE:
            if (sp == 0 || stack[sp - 1].op != GP_OP_IF || stack[sp - 1].has_else)
                gp_fail(ps, in->pos, "ELSE without a matching IF");
            stack[sp - 1].has_else = true;
            break;
        case GP_OP_ENDIF:
        case GP_OP_ENDREP:
        case GP_OP_ENDLOOP: {
            int open = in->op == GP_OP_ENDIF ? GP_OP_IF : in->op == GP_OP_ENDREP ? GP_OP_REP : GP_OP_LOOP;
            if (sp == 0 || stack[sp - 1].op != open) {
                if (sp == 0)
                    gp_fail(ps, in->pos, "%s without a matching %s", name, gp_opinfo_table[open].name);
                gp_fail(ps, in->pos, "%s cannot close the %s block opened at instruction %d", name,
                        gp_opinfo_table[stack[sp - 1].op].name, stack[sp - 1].insn + 1);
            }
            if (open == GP_OP_REP && ps->nv4) {
                const gp_insn *rep = &ps->insns[stack[sp - 1].insn].in;
                if (rep->src[0].file == GP_FILE_NONE && !stack[sp - 1].exits)
                    gp_fail(ps, rep->pos, "REP without a loop count needs a BRK or a RET inside its block");
            }
            sp--;
            if (open == GP_OP_IF)
                if_depth--;
            else
                loop_depth--;
            if (open == GP_OP_LOOP)
                loop_index_depth--;
            break;
        }
        case GP_OP_BRK:
        case GP_OP_CONT:
            if (loop_depth == 0)
                gp_fail(ps, in->pos, "%s outside of a REP or LOOP block", name);
            if (in->op == GP_OP_BRK)
                for (int k = sp - 1; k >= 0; k--)
                    if (stack[k].op != GP_OP_IF) {
                        stack[k].exits = true; /* the innermost loop */
                        break;
                    }
            break;
        case GP_OP_RET:
            for (int k = 0; k < sp; k++)
                stack[k].exits = true;
            break;
        default:
            break;
        }
    }
    depth_before[n] = sp;
    if (sp > 0) {
        const gp_insn *open = &ps->insns[stack[sp - 1].insn].in;
        const char *close = open->op == GP_OP_IF ? "ENDIF" : open->op == GP_OP_REP ? "ENDREP" : "ENDLOOP";
        gp_fail(ps, open->pos, "%s without a matching %s", gp_opinfo_table[open->op].name, close);
    }
    for (int l = 0; l < ps->num_labels; l++) {
        const gp_plabel *lb = &ps->labels[l];
        if (depth_before[lb->insn] > 0)
            gp_fail(ps, lb->pos, "label '%.*s' is inside an IF, REP or LOOP block", lb->len > 40 ? 40 : lb->len,
                    lb->name);
    }
}

/* ARB_fragment_program 3.11.6: "a program will fail to load if it uses the
 * same texture image unit with different targets" (shadow targets are
 * different targets, ARB_fragment_program_shadow). */
static bool is_shadow(int t)
{
    return t == GP_TEX_SHADOW1D || t == GP_TEX_SHADOW2D || t == GP_TEX_SHADOWRECT || t == GP_TEX_SHADOWCUBE ||
           t == GP_TEX_SHADOWARRAY1D || t == GP_TEX_SHADOWARRAY2D || t == GP_TEX_SHADOWCUBEARRAY;
}

static bool is_cube(int t)
{
    return t == GP_TEX_CUBE || t == GP_TEX_SHADOWCUBE || t == GP_TEX_CUBEARRAY || t == GP_TEX_SHADOWCUBEARRAY;
}

/* NV_gpu_program5 2.X.4.4 and 2.X.8.Z TXG / TXGO: gather targets, the
 * component selector, offset(<operand>), the extra operand (FEATURES.md
 * TEX.GATHER_TARGETS, BIND.X.TEXCOMP, TEX.OFFSET_VAR, TEX.EXTRA_OPERAND). */
static void check_texture_nv5(gp_parse *ps, const gp_pinsn *pi)
{
    const gp_insn *in = &pi->in;
    const char *name = gp_opinfo_table[in->op].name;
    int t = in->tex_target;
    const char *tn = gp_tex_target_name(t);
    bool gather_o = t == GP_TEX_2D || t == GP_TEX_SHADOW2D || t == GP_TEX_ARRAY2D || t == GP_TEX_SHADOWARRAY2D ||
                    t == GP_TEX_RECT || t == GP_TEX_SHADOWRECT;
    bool gather = gather_o || is_cube(t);
    if (pi->comp_pos && in->op != GP_OP_TXG && in->op != GP_OP_TXGO)
        gp_fail(ps, pi->comp_pos, "a texture component selector is only allowed on TXG and TXGO, not %s", name);
    if (in->op == GP_OP_TXG && !gather)
        gp_fail(ps, pi->target_pos, "TXG cannot gather from a %s texture (2D, SHADOW2D, CUBE, SHADOWCUBE, ARRAY2D, "
                                    "SHADOWARRAY2D, ARRAYCUBE, SHADOWARRAYCUBE, RECT, SHADOWRECT only)", tn);
    if (in->op == GP_OP_TXGO) {
        if (!gather_o)
            gp_fail(ps, pi->target_pos, "TXGO cannot gather from a %s texture (2D, SHADOW2D, ARRAY2D, "
                                        "SHADOWARRAY2D, RECT, SHADOWRECT only)", tn);
        if (pi->offset_pos && (in->tex_offset[0] || in->tex_offset[1] || in->tex_offset[2]))
            gp_fail(ps, pi->offset_pos, "TXGO takes its texel offsets from its second and third operands, "
                                        "not a constant offset");
    }
    if (pi->offreg_pos) {
        if (in->op == GP_OP_TXD || in->op == GP_OP_TXGO || in->op == GP_OP_TXQ || in->op == GP_OP_LOD)
            gp_fail(ps, pi->offreg_pos, "%s does not take a texel offset from an operand", name);
        if (is_cube(t) || t == GP_TEX_BUFFER)
            gp_fail(ps, pi->offreg_pos, "texel offsets are not supported for %s textures", tn);
    }
    bool needs_extra = t == GP_TEX_SHADOWCUBEARRAY && in->op != GP_OP_TXQ;
    if (needs_extra && in->op != GP_OP_TEX && in->op != GP_OP_TXG && in->op != GP_OP_LOD)
        gp_fail(ps, pi->target_pos, "%s cannot be used with the SHADOWARRAYCUBE target", name);
    if (in->op == GP_OP_TXF && t == GP_TEX_CUBEARRAY)
        gp_fail(ps, pi->target_pos, "TXF cannot fetch from the ARRAYCUBE target (no cube maps: Table X.18)");
    if (pi->extra_pos && !needs_extra)
        gp_fail(ps, pi->extra_pos, "%s with a %s target takes one coordinate operand (the second vector operand "
                                   "is the SHADOWARRAYCUBE depth reference)", name, tn);
    if (needs_extra && !pi->extra_pos)
        gp_fail(ps, pi->target_pos, "%s with a SHADOWARRAYCUBE target needs the depth reference in a second "
                                    "vector operand (%s dst, coord, ref, texture, SHADOWARRAYCUBE)", name, name);
    if ((in->op == GP_OP_TXB || in->op == GP_OP_TXL || in->op == GP_OP_TXP) && t == GP_TEX_CUBEARRAY)
        gp_fail(ps, pi->target_pos, "%s cannot be used with the %s target (it has no coordinate left for the %s)",
                name, tn, in->op == GP_OP_TXB ? "bias" : in->op == GP_OP_TXL ? "LOD" : "projection");
}

/* NV_gpu_program4 2.X.4.4 and the texture instructions of 2.X.8: which
 * instruction may use which target, and which texel offsets a target
 * takes. */
static void check_texture_nv4(gp_parse *ps, const gp_pinsn *pi)
{
    const gp_insn *in = &pi->in;
    const char *name = gp_opinfo_table[in->op].name;
    int t = in->tex_target;
    const char *tn = gp_tex_target_name(t);
    check_texture_nv5(ps, pi);
    bool ms = t == GP_TEX_2DMS || t == GP_TEX_ARRAY2DMS;
    if (in->op == GP_OP_TXQ)
        ; /* every target has a size */
    else if (in->op == GP_OP_TXFMS) {
        if (!ms)
            gp_fail(ps, pi->target_pos, "TXFMS needs a multisample target (RENDERBUFFER, 2DMS, ARRAY2DMS), not %s",
                    tn);
    } else if (ms) {
        gp_fail(ps, pi->target_pos, "%s cannot read a %s texture (only TXFMS and TXQ can)", name, tn);
    } else if (t == GP_TEX_BUFFER) {
        if (in->op != GP_OP_TXF)
            gp_fail(ps, pi->target_pos, "%s cannot sample a BUFFER texture (only TXF and TXQ can, Table X.17)", name);
    } else if (in->op == GP_OP_TXF) {
        if (t == GP_TEX_CUBE || is_shadow(t))
            gp_fail(ps, pi->target_pos, "TXF cannot fetch from the %s target (no cube maps, no depth comparison: "
                                        "Table X.18)", tn);
    } else if ((in->op == GP_OP_TXB || in->op == GP_OP_TXL || in->op == GP_OP_TXP) &&
               (t == GP_TEX_SHADOWCUBE || t == GP_TEX_SHADOWARRAY2D)) {
        gp_fail(ps, pi->target_pos, "%s cannot be used with the %s target (it has no coordinate left for the %s)",
                name, tn, in->op == GP_OP_TXB ? "bias" : in->op == GP_OP_TXL ? "LOD" : "projection");
    }
    if (!pi->offset_pos)
        return;
    const int8_t *o = in->tex_offset;
    bool one = t == GP_TEX_1D || t == GP_TEX_ARRAY1D || t == GP_TEX_SHADOW1D || t == GP_TEX_SHADOWARRAY1D;
    bool none = t == GP_TEX_CUBE || t == GP_TEX_SHADOWCUBE || t == GP_TEX_BUFFER || t == GP_TEX_CUBEARRAY ||
                t == GP_TEX_SHADOWCUBEARRAY;
    bool three = t == GP_TEX_3D;
    if (none && (o[0] || o[1] || o[2]))
        gp_fail(ps, pi->offset_pos, "texel offsets are not supported for %s textures", tn);
    if (one && (o[1] || o[2]))
        gp_fail(ps, pi->offset_pos, "a %s texture takes only an x texel offset", tn);
    if (!one && !none && !three && o[2])
        gp_fail(ps, pi->offset_pos, "a %s texture takes only x and y texel offsets", tn);
}

static void check_textures(gp_parse *ps)
{
    uint8_t target[32];
    memset(target, GP_TEX_NONE, sizeof(target));
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        if (!(gp_opinfo_table[pi->in.op].flags & GP_OPF_TEX))
            continue;
        if (ps->nv4)
            check_texture_nv4(ps, pi);
        if (pi->in.tex_flags & GP_TEXF_HANDLE)
            continue; /* NV_bindless_texture: no texture image unit */
        /* NV_gpu_program5 2.X.4.4: a TEXTURE array counts as using every
         * unit it covers (TEX.ONE_TARGET) */
        int lo = pi->in.tex_count ? pi->in.tex_base : pi->in.tex_unit;
        int hi = pi->in.tex_count ? pi->in.tex_base + pi->in.tex_count - 1 : pi->in.tex_unit;
        for (int u = lo; u <= hi; u++) {
            int unit = u & 31;
            if (target[unit] == GP_TEX_NONE)
                target[unit] = pi->in.tex_target;
            else if (target[unit] != pi->in.tex_target)
                gp_fail(ps, pi->target_pos, "texture unit %d used with targets %s and %s", unit,
                        gp_tex_target_name(target[unit]), gp_tex_target_name(pi->in.tex_target));
        }
    }
}

static const char *conventional_name(int slot, char *buf, size_t size)
{
    static const char *const names[] = { "vertex.position", "vertex.weight", "vertex.normal",
                                         "vertex.color", "vertex.color.secondary", "vertex.fogcoord" };
    if (slot < 6)
        return names[slot];
    snprintf(buf, size, "vertex.texcoord[%d]", slot - GP_VIN_TEX0);
    return buf;
}

/* ARB_vertex_program 2.14.3.1, Table X.2.1: a conventional attribute and
 * its generic alias may not both be bound. */
static void check_vertex_aliasing(gp_parse *ps)
{
    uint32_t both = ps->attr_conv & ps->attr_generic;
    if (!both)
        return;
    int worst = -1, slot = 0;
    for (int i = 0; i < GP_VIN_COUNT; i++) {
        if (!(both & (1u << i)))
            continue;
        int p = ps->attr_conv_pos[i] > ps->attr_generic_pos[i] ? ps->attr_conv_pos[i] : ps->attr_generic_pos[i];
        if (worst < 0 || p < worst)
            worst = p, slot = i;
    }
    char buf[32];
    gp_fail(ps, worst, "vertex.attrib[%d] and %s are the same attribute and may not both be bound "
                       "(ARB_vertex_program Table X.2.1)",
            slot, conventional_name(slot, buf, sizeof(buf)));
}

/* ARB_vertex_program 2.14.3.2: "A vertex program will fail to load if any
 * GL state vector is bound multiple times in a single array accessed using
 * relative addressing or bound once in two or more arrays accessed using
 * relative addressing." */
static void check_relative_arrays(gp_parse *ps)
{
    gp_map seen = { 0 };
    for (int a = 0; a < ps->num_arrays; a++) {
        const gp_parray *arr = &ps->arrays[a];
        if (!arr->relative)
            continue;
        for (int r = arr->base; r < arr->base + arr->count; r++) {
            const gp_param_binding *b = &ps->params[r];
            if (b->kind == GP_PARAM_CONST)
                continue;
            if (gp_map_get(&seen, (const char *)b, (int)sizeof(*b))) {
                char text[96];
                gp_format_binding(b, text, sizeof(text));
                gp_fail(ps, arr->pos, "%s is bound more than once in relatively addressed arrays", text);
            }
            gp_map_put(ps, &seen, (const char *)b, (int)sizeof(*b), (void *)1);
        }
    }
}

/* ARB_fragment_program 3.11.3.6 counts, the 24th issue's texture
 * indirection rule, and the attribute limit. */
static void check_limits(gp_parse *ps)
{
    int alu = 0, tex = 0, indirections = 1;
    int nt = ps->num_temps > 0 ? ps->num_temps : 1;
    bool *temps_output = gp_alloc(ps, (size_t)nt);
    bool *alu_temps = gp_alloc(ps, (size_t)nt);
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_insn *in = &ps->insns[i].in;
        const gp_opinfo *oi = &gp_opinfo_table[in->op];
        bool kill = (oi->flags & GP_OPF_KILL) != 0;
        bool dst_temp = in->dst.file == GP_FILE_TEMP;
        if (is_tex(in)) {
            tex++;
            bool src_dep = in->src[0].file == GP_FILE_TEMP && temps_output[in->src[0].index];
            for (int s = 1; s < oi->nsrc; s++) /* TXD's derivative operands too */
                src_dep |= in->src[s].file == GP_FILE_TEMP && temps_output[in->src[s].index];
            if (src_dep || (!kill && dst_temp && alu_temps[in->dst.index])) {
                indirections++;
                memset(temps_output, 0, (size_t)nt);
                memset(alu_temps, 0, (size_t)nt);
            }
        } else {
            alu++;
            for (int s = 0; s < oi->nsrc; s++)
                if (in->src[s].file == GP_FILE_TEMP)
                    alu_temps[in->src[s].index] = true;
            if (dst_temp)
                alu_temps[in->dst.index] = true;
        }
        if (!kill && dst_temp)
            temps_output[in->dst.index] = true;
    }
    ps->num_alu = alu;
    ps->num_tex = tex;
    ps->num_tex_indirections = indirections;
    ps->num_distinct_params = (int)ps->constmap.count;

    bool fog = (ps->options & (GP_OPTION_FOG_EXP | GP_OPTION_FOG_EXP2 | GP_OPTION_FOG_LINEAR)) != 0;
    int attribs = __builtin_popcountll(ps->inputs_bound);
    int max_attribs = ps->lim.max_attribs - (fog ? 1 : 0);
    /* NV_gpu_program4 counts attribute components against an
     * implementation limit asmgl does not impose (2.X.3.2); the binding
     * ranges (texcoord, attrib, clip numbers) bound them already.  Nor
     * does NV4 have ARB_fragment_program's ALU / texture / indirection
     * limits. */
    if (ps->nv4)
        return;
    if (attribs > max_attribs)
        gp_fail(ps, ps->end_pos, "too many attributes (%d > %d)", attribs, max_attribs);
    if (ps->stage == GP_STAGE_FRAGMENT) {
        int max_alu = ps->lim.max_alu_instructions - (ps->lim.max_instructions - ps->insn_limit);
        if (alu > max_alu)
            gp_fail(ps, ps->end_pos, "too many ALU instructions (%d > %d)", alu, max_alu);
        if (tex > ps->lim.max_tex_instructions)
            gp_fail(ps, ps->end_pos, "too many texture instructions (%d > %d)", tex, ps->lim.max_tex_instructions);
        if (indirections > ps->lim.max_tex_indirections)
            gp_fail(ps, ps->end_pos, "too many texture indirections (%d > %d)", indirections,
                    ps->lim.max_tex_indirections);
    }
}

/* Per-instruction rules of NV_fragment_program_option 3.11.5: PK* results
 * may not go to SHORT variables and UP* operands may not be SHORT
 * variables.  Two more rules are deliberately not enforced, because piglit's
 * asmparsertest (the conformance target) expects the programs to load:
 * 3.11.5.36 "fail to load if the w component of [RFL's] result is enabled"
 * (size_specifier-68 writes RFL R0 with a full mask; the executor leaves w
 * undefined) and NV_vertex_program3 2.14.5 "POPA ... condition code write
 * mask test other than TR" (astack-08/09 use POPA a0 (EQ.xxxx)). */
static void check_instructions(gp_parse *ps)
{
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        const char *name = gp_opinfo_table[pi->in.op].name;
        switch (pi->in.op) {
        case GP_OP_PK2H:
        case GP_OP_PK2US:
        case GP_OP_PK4B:
        case GP_OP_PK4UB:
            if (pi->dst_size == 'S')
                gp_fail(ps, pi->dst_pos, "%s cannot write a SHORT variable", name);
            break;
        case GP_OP_UP2H:
        case GP_OP_UP2US:
        case GP_OP_UP4B:
        case GP_OP_UP4UB:
            if (pi->src_size[0] == 'S')
                gp_fail(ps, pi->src_pos[0], "the operand of %s cannot be a SHORT variable", name);
            break;
        case GP_OP_PK64: /* NV_gpu_program5 2.X.8.Z (FEATURES.md EDGE.PK64_LONG) */
            if (!pi->in.dst.hi)
                gp_fail(ps, pi->dst_pos, "PK64 must write a variable declared LONG");
            break;
        case GP_OP_UP64:
            if (!pi->in.src[0].hi)
                gp_fail(ps, pi->src_pos[0], "the operand of UP64 must be a variable declared LONG");
            break;
        case GP_OP_CVT:
            /* NV_gpu_program5 2.X.8.Z CVT: "Negation and absolute value
             * operators are not supported on the source operand"
             * (EDGE.CVT_OPND) */
            if (pi->in.src[0].negate || pi->in.src[0].abs)
                gp_fail(ps, pi->src_pos[0], "CVT does not take %s on its operand",
                        pi->in.src[0].abs ? "an absolute value |...|" : "a negation");
            break;
        default:
            break;
        }
    }
}

static char type_letter(int type)
{
    return type == GP_TYPE_S32 || type == GP_TYPE_S64 ? 'S' : type == GP_TYPE_U32 || type == GP_TYPE_U64 ? 'U' : 'F';
}

static const char *type_word(char letter)
{
    return letter == 'S' ? "INT" : letter == 'U' ? "UINT" : "FLOAT";
}

/* NV_gpu_program4 2.X.4: "If any variables with a conflicting data type
 * are used in the instruction, the program will fail to load unless the
 * "NTC" (no type checking) instruction modifier is specified."  Bindings,
 * literals and typeless variables take any type. */
static void check_types(gp_parse *ps)
{
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        if (pi->ntc)
            continue;
        const gp_insn *in = &pi->in;
        const gp_opinfo *oi = &gp_opinfo_table[in->op];
        for (int k = 0; k <= oi->nsrc; k++) {
            const gp_sym *sym = k == 0 ? pi->dst_sym : pi->src_sym[k - 1];
            if (!sym || !sym->dtype)
                continue;
            int kind = gp_io_kind(oi->io, k);
            char want = kind == GP_KIND_F ? 'F' : kind == GP_KIND_S ? 'S' : kind == GP_KIND_U ? 'U'
                                                                                              : type_letter(in->type);
            if (in->op == GP_OP_CVT) { /* the storage type of the result / operand */
                int ct = gp_cvt_gptype(k == 0 ? in->cvt_dst : in->cvt_src);
                want = ct == GP_TYPE_S32 || ct == GP_TYPE_S64 ? 'S' : ct == GP_TYPE_U32 || ct == GP_TYPE_U64 ? 'U' : 'F';
            }
            if (sym->dtype == want)
                continue;
            char op[24];
            if (in->op == GP_OP_CVT)
                snprintf(op, sizeof(op), "CVT.%s.%s", gp_cvt_type_name(in->cvt_dst), gp_cvt_type_name(in->cvt_src));
            else if (oi->types)
                snprintf(op, sizeof(op), "%s.%c", oi->name, type_letter(in->type));
            else
                snprintf(op, sizeof(op), "%s", oi->name);
            gp_fail(ps, k == 0 ? pi->dst_pos : pi->src_pos[k - 1],
                    "'%.*s' is declared %s, but %s %s it as %s (add .NTC to allow it)", sym->len > 40 ? 40 : sym->len,
                    sym->name, type_word((char)sym->dtype), op, k == 0 ? "writes" : "reads", type_word(want));
        }
    }
}

/* Result components written (NV_gpu_program4 2.X.3.5, issue 44: the
 * union of the write masks per result; one per clip distance), and
 * NV_geometry_program4 2.14.6.4: VERTICES_OUT times that is bounded. */
static void check_results(gp_parse *ps)
{
    uint8_t mask[64];
    uint8_t clips = 0;
    memset(mask, 0, sizeof(mask));
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_dst *d = &ps->insns[i].in.dst;
        if (d->file != GP_FILE_OUTPUT)
            continue;
        if (d->clipdist) {
            clips |= (uint8_t)(1u << (((d->index - GP_VARY_CLIP0) * 4 + d->clipdist - 1) & 7));
            continue;
        }
        for (int k = d->rel ? d->rel_lo : d->index; k <= (d->rel ? d->rel_hi : d->index); k++)
            mask[k & 63] |= d->mask;
    }
    int n = __builtin_popcount(clips);
    for (int k = 0; k < 64; k++)
        n += __builtin_popcount(mask[k]);
    ps->num_result_components = n;
    if (ps->stage == GP_STAGE_GEOMETRY && ps->gs_vertices_out > 0 &&
        (long long)ps->gs_vertices_out * n > ps->lim.max_total_output_components)
        gp_fail(ps, ps->gs_vertices_out_pos, "VERTICES_OUT %d times %d result components exceeds the limit of %d "
                                             "(MAX_PROGRAM_TOTAL_OUTPUT_COMPONENTS_NV)",
                ps->gs_vertices_out, n, ps->lim.max_total_output_components);
}

/* NV_gpu_program5 2.X.8.Z IPAC / IPAO / IPAS (EDGE.IPA_OPERAND): "A
 * program will fail to load if it contains an IPA* instruction whose first
 * operand is not a fragment program attribute variable or matches the
 * "fragment.facing" or "primitive.id" binding."  Accepted: the attributes
 * that are interpolated over the primitive (fragment.color, .texcoord,
 * .fogcoord, .position, .attrib, .clip and NV5's .pointcoord), bound
 * directly or through an ATTRIB variable, relatively addressed arrays
 * included.  Refused with them: the other per-primitive or per-sample
 * integers (fragment.sampleid, .samplemask, .layer), temporaries,
 * parameters and literals. */
static bool ipa_slot_ok(int slot)
{
    return slot == GP_VARY_POS || slot == GP_VARY_COL0 || slot == GP_VARY_COL1 || slot == GP_VARY_FOG ||
           (slot >= GP_VARY_TEX0 && slot < GP_VARY_TEX0 + 8) || slot == GP_VARY_CLIP0 ||
           slot == GP_VARY_CLIP1 || (slot >= GP_VARY_ATTR0 && slot < GP_VARY_ATTR0 + 32) ||
           slot == GP_VARY_PNTC;
}

static void check_ipa(gp_parse *ps)
{
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        int op = pi->in.op;
        if (op != GP_OP_IPAC && op != GP_OP_IPAO && op != GP_OP_IPAS)
            continue;
        const gp_src *s = &pi->in.src[0];
        const char *name = gp_opinfo_table[op].name;
        if (s->file != GP_FILE_INPUT)
            gp_fail(ps, pi->src_pos[0], "the first operand of %s must be a fragment attribute (an interpolated "
                                        "fragment.* binding or an ATTRIB variable)", name);
        int lo = s->rel ? s->rel_lo : s->index, hi = s->rel ? s->rel_hi : s->index;
        for (int k = lo; k <= hi; k++) {
            if (ipa_slot_ok(k))
                continue;
            const char *what = k == GP_VARY_FACE ? "fragment.facing" : k == GP_VARY_PRIMID ? "primitive.id"
                               : k == GP_VARY_SAMPLE ? "fragment.sampleid / fragment.samplemask"
                               : k == GP_VARY_LAYER ? "fragment.layer" : "this binding";
            gp_fail(ps, pi->src_pos[0], "%s cannot interpolate %s: its first operand must be an interpolated "
                                        "fragment attribute", name, what);
        }
    }
}

void gp_validate_program(gp_parse *ps)
{
    /* NV_compute_program5 2.X.7.Y: GROUP_SIZE is mandatory (DECL.GROUP_SIZE) */
    if (ps->stage == GP_STAGE_COMPUTE && !ps->cp_group_size[0])
        gp_fail(ps, ps->end_pos, "missing GROUP_SIZE declaration (compute programs must declare their work group "
                                 "size)");
    check_instructions(ps);
    if (ps->nv4)
        check_types(ps);
    if (ps->nv5 && ps->stage == GP_STAGE_FRAGMENT)
        check_ipa(ps);
    check_labels(ps);
    gp_validate_subroutines(ps);
    check_flow(ps);
    check_textures(ps);
    if (ps->stage == GP_STAGE_VERTEX)
        check_vertex_aliasing(ps);
    /* ARB: parameter arrays are indexed only in vertex programs; NV4:
     * every array, every program type (2.X.3.3) */
    if (ps->stage == GP_STAGE_VERTEX || ps->nv4)
        check_relative_arrays(ps);
    check_limits(ps);
    check_results(ps);
}
