/*
 * print/memory.c - the NV_gpu_program5 memory and image instructions of the
 * NV dialect (gp_ir.h "NV_gpu_program5 memory instructions"): their
 * modifiers, their operands in the order of the grammar, the CBUFFER /
 * STORAGE / SHARED variables they name (M<k>) and the IMAGE and NV5
 * TEXTURE arrays indexed at run time (G<k>).
 *
 * Part of the disassembler (print/print.h); any thread.
 */
#include "print.h"

static bool is_memory_file(int file)
{
    return file == GP_FILE_BUFFER || file == GP_FILE_STORAGE || file == GP_FILE_SHARED;
}

/* The variable a memory operand names: one per byte range (a constant
 * offset is the range i..i), file and binding. */
static gp_pr_range memory_key(const gp_src *s)
{
    return (gp_pr_range){ s->rel_lo, s->rel_hi, 0, true, s->buf, s->file, s->nbuf, 0 };
}

/* The unit array an instruction indexes at run time: IMAGE (comp 0) or
 * NV5 TEXTURE (comp 1). */
static gp_pr_range unit_key(const gp_insn *in, bool texture)
{
    return (gp_pr_range){ in->tex_base, in->tex_base + in->tex_count - 1, 0, true, 0, texture ? 1 : 0, 0, 0 };
}

void gp_pr_nv_collect_units(gp_printer *pr, const gp_insn *in)
{
    unsigned flags = gp_opinfo_table[in->op].flags;
    if ((flags & (GP_OPF_MEMORY | GP_OPF_TEX)) && (in->tex_flags & GP_TEXF_INDEXED))
        gp_pr_add_range(pr->nv.imgs, &pr->nv.nimg, unit_key(in, (flags & GP_OPF_TEX) != 0));
}

bool gp_pr_nv_collect_memory(gp_printer *pr, const gp_insn *in, const gp_src *src)
{
    if (!(gp_opinfo_table[in->op].flags & GP_OPF_MEMORY) || !is_memory_file(src->file))
        return false;
    gp_pr_add_range(pr->nv.mems, &pr->nv.nmem, memory_key(src));
    return true;
}

void gp_pr_nv_memory_declarations(gp_printer *pr)
{
    const gp_pr_nv *c = &pr->nv;
    for (int k = 0; k < c->nmem; k++) {
        const gp_pr_range *r = &c->mems[k];
        char bind[32];
        if (r->nbuf)
            snprintf(bind, sizeof(bind), "[%d..%d]", r->buf, r->buf + r->nbuf - 1);
        else
            snprintf(bind, sizeof(bind), "[%d]", r->buf);
        const char *kw = r->comp == GP_FILE_BUFFER ? "CBUFFER" : r->comp == GP_FILE_STORAGE ? "STORAGE" : "SHARED";
        const char *bw = r->comp == GP_FILE_BUFFER ? "buffer" : r->comp == GP_FILE_STORAGE ? "storage" : "sharedmem";
        put(pr, "%s M%d[%d] = { program.%s%s[%d..%d] };\n", kw, k, r->hi - r->lo + 1, bw,
            r->comp == GP_FILE_SHARED ? "" : bind, r->lo, r->hi);
    }
    for (int k = 0; k < c->nimg; k++)
        put(pr, "%s G%d[%d] = { %s[%d..%d] };\n", c->imgs[k].comp ? "TEXTURE" : "IMAGE", k,
            c->imgs[k].hi - c->imgs[k].lo + 1, c->imgs[k].comp ? "texture" : "image", c->imgs[k].lo, c->imgs[k].hi);
}

/* The unit of a texture or image instruction: handle(<operand>)
 * (NV_bindless_texture), G<k>[index] (an array indexed at run time), or
 * texture[n] / image[n]. */
void gp_pr_nv_unit(gp_printer *pr, const gp_insn *in, bool texture)
{
    if (in->tex_flags & GP_TEXF_HANDLE) {
        put(pr, "handle(");
        gp_pr_src(pr, &in->tex_handle);
        put(pr, ")");
    } else if (in->tex_flags & GP_TEXF_INDEXED) {
        gp_pr_range k = unit_key(in, texture);
        put(pr, "G%d", gp_pr_find_range(pr->nv.imgs, pr->nv.nimg, &k));
        gp_pr_element(pr, true, in->tex_rel_reg, in->tex_rel_comp, in->tex_unit - in->tex_base);
    } else {
        put(pr, "%s[%d]", texture ? "texture" : "image", in->tex_unit);
    }
}

static const char *const atom_words[GP_ATOM_COUNT] = { "ADD", "MIN", "MAX", "IWRAP", "DWRAP",
                                                       "AND", "OR",  "XOR", "EXCH",  "CSWAP" };

/* The atomic operation, storage type (.U32X4; STOREIM: the formatted
 * type), .COH .VOL .CTA. */
void gp_pr_nv_memory_modifiers(gp_printer *pr, const gp_insn *in)
{
    int op = in->op;
    if (gp_opinfo_table[op].flags & GP_OPF_ATOMIC)
        put(pr, ".%s", in->mem_atom < GP_ATOM_COUNT ? atom_words[in->mem_atom] : "?");
    if (in->mem_count)
        put(pr, in->mem_count > 1 ? ".%sX%d" : ".%s", gp_cvt_type_name(in->mem_elem), in->mem_count);
    else if (op == GP_OP_STOREIM)
        put(pr, ".%c", gp_pr_type_letter(in->type)); /* formatted */
    if (in->mem_flags & GP_MEMF_COH)
        put(pr, ".COH");
    if (in->mem_flags & GP_MEMF_VOL)
        put(pr, ".VOL");
    if (in->mem_flags & GP_MEMF_CTA)
        put(pr, ".CTA");
}

/* A CBUFFER / STORAGE / SHARED operand: M<k>[binding][offset]. */
static void put_memory_var(gp_printer *pr, const gp_src *s)
{
    gp_pr_range k = memory_key(s);
    put(pr, "M%d", gp_pr_find_range(pr->nv.mems, pr->nv.nmem, &k));
    gp_pr_nv_buffer_element(pr, s);
}

/* The operands of a memory instruction: [image unit,] [result,] the
 * operands (a CBUFFER / STORAGE / SHARED variable where the opcode reads or
 * writes one), [image unit,] [target].  False for the other instructions. */
bool gp_pr_nv_memory_operands(gp_printer *pr, const gp_insn *in)
{
    int op = in->op;
    const gp_opinfo *oi = &gp_opinfo_table[op];
    if (!(oi->flags & GP_OPF_MEMORY))
        return false;
    if (op == GP_OP_MEMBAR || op == GP_OP_BAR)
        return true;
    put(pr, " ");
    if (op == GP_OP_STOREIM) {
        gp_pr_nv_unit(pr, in, false);
        put(pr, ", ");
    }
    if (in->dst.file != GP_FILE_NONE) {
        gp_pr_dst(pr, &in->dst);
        put(pr, ", ");
    }
    const gp_src *s0 = &in->src[0], *s1 = &in->src[1];
    switch (op) {
    case GP_OP_LDC:
        gp_pr_operand(pr, s0, put_memory_var);
        break;
    case GP_OP_LDB:
    case GP_OP_LDS:
        put_memory_var(pr, s0);
        break;
    case GP_OP_STB:
    case GP_OP_STS:
    case GP_OP_ATOMB:
    case GP_OP_ATOMS:
        gp_pr_src(pr, s0);
        put(pr, ", ");
        put_memory_var(pr, s1);
        break;
    default: /* LOAD LOADIM; STORE ATOM STOREIM ATOMIM */
        gp_pr_src(pr, s0);
        if (oi->nsrc > 1) {
            put(pr, ", ");
            gp_pr_src(pr, s1);
        }
        break;
    }
    if (op == GP_OP_LOADIM || op == GP_OP_ATOMIM) {
        put(pr, ", ");
        gp_pr_nv_unit(pr, in, false);
    }
    if (oi->flags & GP_OPF_IMAGE)
        put(pr, ", %s", gp_tex_target_name(in->tex_target));
    return true;
}
