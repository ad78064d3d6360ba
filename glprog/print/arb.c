/*
 * print/arb.c - the !!ARBvp1.0 / !!ARBfp1.0 dialect, with the NV option
 * programs (NV_vertex_program2/3, NV_fragment_program/2 options): the
 * conventional input and output names, address registers, undotted
 * modifiers ("MOVC_SAT"), and TEMP / ADDRESS / PARAM declarations.
 *
 * Part of the disassembler (print/print.h); any thread.
 */
#include "print.h"

/* vertex.attrib[A0.x + 2], result.texcoord[A0.x] (NV_vertex_program3
 * relative attribute and output addressing). */
static void put_rel_array(gp_printer *pr, const char *name, int reg, int comp, int off)
{
    put(pr, "%s", name);
    gp_pr_element(pr, true, reg, comp, off);
}

/* A varying by its conventional name (fragment.color, result.fogcoord),
 * else a texture coordinate set. */
static void put_varying(gp_printer *pr, const char *prefix, int slot)
{
    const char *name = gp_pr_varying_name(slot);
    if (name)
        put(pr, "%s.%s", prefix, name);
    else
        put(pr, "%s.texcoord[%d]", prefix, slot - GP_VARY_TEX0);
}

static void put_input(gp_printer *pr, const gp_src *s)
{
    if (pr->p->info.stage == GP_STAGE_VERTEX) {
        if (s->rel) {
            put_rel_array(pr, s->rel_lo == GP_VIN_TEX0 ? "vertex.texcoord" : "vertex.attrib", s->rel_reg,
                          s->rel_comp, s->index - s->rel_lo);
            return;
        }
        static const char *const names[] = { "position", "weight", "normal", "color", "color.secondary", "fogcoord" };
        if (s->index < 6)
            put(pr, "vertex.%s", names[s->index]);
        else if (s->index >= GP_VIN_TEX0)
            put(pr, "vertex.texcoord[%d]", s->index - GP_VIN_TEX0);
        else
            put(pr, "vertex.attrib[%d]", s->index);
        return;
    }
    if (s->rel)
        put_rel_array(pr, "fragment.texcoord", s->rel_reg, s->rel_comp, s->index - s->rel_lo);
    else
        put_varying(pr, "fragment", s->index);
}

static void put_output(gp_printer *pr, const gp_dst *d)
{
    if (pr->p->info.stage == GP_STAGE_FRAGMENT) {
        if (d->index == GP_FOUT_DEPTH)
            put(pr, "result.depth");
        else if (d->index == GP_FOUT_COLOR0)
            put(pr, "result.color");
        else
            put(pr, "result.color[%d]", d->index - GP_FOUT_COLOR0);
        return;
    }
    if (d->rel)
        put_rel_array(pr, "result.texcoord", d->rel_reg, d->rel_comp, d->index - d->rel_lo);
    else if (d->clipdist)
        put(pr, "result.clip[%d]", (d->index - GP_VARY_CLIP0) * 4 + d->clipdist - 1);
    else
        put_varying(pr, "result", d->index);
}

/* Temporaries and address registers: R<n>, A<n>.  False for the other
 * files. */
static bool put_numbered(gp_printer *pr, int file, int index)
{
    if (file == GP_FILE_TEMP)
        put(pr, "R%d", index);
    else if (file == GP_FILE_ADDRESS)
        put(pr, "A%d", index);
    else
        return false;
    return true;
}

static void arb_reg(gp_printer *pr, const gp_src *s)
{
    if (put_numbered(pr, s->file, s->index))
        return;
    if (s->file == GP_FILE_INPUT)
        put_input(pr, s);
    else if (s->file == GP_FILE_PARAM)
        gp_pr_param(pr, s);
    else
        put(pr, "?");
}

static void arb_dst_reg(gp_printer *pr, const gp_dst *d)
{
    if (!put_numbered(pr, d->file, d->index))
        put_output(pr, d);
}

/* "C", "C1", "_SAT", "_SSAT" after the opcode (NV option programs). */
static void arb_modifiers(gp_printer *pr, const gp_insn *in)
{
    static const char *const words[4] = { "C", "C1", "_SAT", "_SSAT" };
    gp_pr_cc_sat(pr, in, words);
}

static void arb_texture(gp_printer *pr, const gp_insn *in)
{
    put(pr, ", texture[%d], %s", in->tex_unit, gp_tex_target_name(in->tex_target));
}

static void arb_declarations(gp_printer *pr)
{
    const gp_program *p = pr->p;
    bool vertex = p->info.stage == GP_STAGE_VERTEX;
    put(pr, "%s\n", vertex ? "!!ARBvp1.0" : "!!ARBfp1.0");
    gp_pr_options(pr);
    int ntemps = p->num_temps - p->num_synth_temps;
    for (int i = 0; i < ntemps; i++)
        put(pr, "%s%s%d%s", i % 16 == 0 ? "TEMP " : "", "R", i, i == ntemps - 1 || i % 16 == 15 ? ";\n" : ", ");
    if (vertex)
        for (int i = 0; i < p->num_address; i++)
            put(pr, "%sA%d%s", i == 0 ? "ADDRESS " : "", i, i == p->num_address - 1 ? ";\n" : ", ");
    gp_pr_param_table(pr);
}

const gp_pr_dialect gp_pr_arb = { .rel_reg = 'A', .option_set = GP_PR_ARB, .declarations = arb_declarations,
                                  .modifiers = arb_modifiers, .reg = arb_reg, .dst_reg = arb_dst_reg,
                                  .texture = arb_texture };
