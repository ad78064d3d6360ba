/*
 * gp_subroutine.c - NV_gpu_program5 subroutines (ARB_shader_subroutine,
 * "Dependencies on NV_gpu_program5"; FEATURES.md OPT.IMPLIED_SUBROUTINE,
 * DECL.SUBROUTINETYPE, DECL.SUBROUTINE, DECL.LABEL_SUBNUM, OP.CALI,
 * EDGE.CALI_RECURSION): the whole-program checks, the tables CALI runs
 * from (gp_ir.h gp_program.sub_*) and the queries the GL layer validates
 * glProgramSubroutineParametersuivNV with (glprog.h).  The parser
 * (parse/nv_decl.c sub_decl_type, sub_decl_var, gp_sub_cali_operand;
 * gp_parse.c parse_label) collects the declarations.  Compile time, calling thread.
 *
 * Choices where the spec is silent:
 *  - a label named in a SUBROUTINETYPE must exist and carry a
 *    SUBROUTINENUM ("Functions that will be used for indirect subroutine
 *    calls must all be assigned a unique unsigned integer SUBROUTINENUM");
 *  - CALI on a variable whose type has no labels fails to load (the GLSL
 *    rule of issue 2: "calls a function pointer with no potential
 *    associations");
 *  - recursion: "Programs that may potentially cause infinite recursion
 *    through indirect calls will fail to compile".  The program is cut
 *    into subroutines at its labels (each ends at the next label: the RET
 *    the lowering inserts); an edge goes from a subroutine to every one it
 *    may CAL, BRA into or CALI (every label of the variable's type).  A
 *    CALI edge on a cycle reachable from the entry (the "main" label, else
 *    the code before the first label) fails the load at the CALI.  Cycles
 *    of direct CALs only stay legal, as in NV_gpu_program4 (a call stack
 *    overflow terminates the invocation).
 */
#include "gp_priv.h"

/* Subroutine (region) of instruction i: the count of labels at or before
 * it (labels are in text order). */
static int region_of(const gp_parse *ps, int insn)
{
    int r = 0;
    while (r < ps->num_labels && ps->labels[r].insn <= insn)
        r++;
    return r;
}

static const gp_plabel *find_label(const gp_parse *ps, const char *name, int len)
{
    intptr_t li = (intptr_t)gp_map_get(&ps->labelmap, name, len);
    return li ? &ps->labels[li - 1] : NULL;
}

/* Type of the SUBROUTINE variable a CALI names. */
static int cali_type(const gp_parse *ps, const gp_insn *in)
{
    return ps->sub_param_type[ps->sub_elem[in->src[0].rel_lo]];
}

typedef struct sub_graph {
    int nodes;
    int *first;  /* CSR: edges of node n are to[first[n] .. first[n+1]) */
    int *to;
    int *mark;
    int *stack;
    int gen;
} sub_graph;

static void edge_add(int *count, int **to, int *fill, const int *first, int from, int dest, bool counting)
{
    if (counting)
        count[from]++;
    else
        (*to)[first[from] + fill[from]++] = dest;
}

/* Walks the edges of the program; counting: counts, else fills. */
static void sub_edges(gp_parse *ps, sub_graph *g, int *count, int *fill, bool counting)
{
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        int from = region_of(ps, i);
        if (pi->in.op == GP_OP_CALI) {
            int type = cali_type(ps, &pi->in);
            for (int k = 0; k < ps->num_submembers; k++) {
                if (ps->submembers[k].type != type)
                    continue;
                const gp_plabel *l = find_label(ps, ps->submembers[k].label, ps->submembers[k].len);
                edge_add(count, &g->to, fill, g->first, from, region_of(ps, l->insn), counting);
            }
        } else if (pi->label) {
            const gp_plabel *l = find_label(ps, pi->label, pi->label_len);
            if (l)
                edge_add(count, &g->to, fill, g->first, from, region_of(ps, l->insn), counting);
        }
    }
}

/* Whether dest can be reached from src (src itself counts). */
static bool reaches(sub_graph *g, int src, int dest)
{
    g->gen++;
    int sp = 0;
    g->stack[sp++] = src;
    g->mark[src] = g->gen;
    while (sp) {
        int n = g->stack[--sp];
        if (n == dest)
            return true;
        for (int e = g->first[n]; e < g->first[n + 1]; e++) {
            int t = g->to[e];
            if (g->mark[t] != g->gen) {
                g->mark[t] = g->gen;
                g->stack[sp++] = t;
            }
        }
    }
    return false;
}

void gp_validate_subroutines(gp_parse *ps)
{
    if (!ps->nv5)
        return;
    for (int k = 0; k < ps->num_submembers; k++) {
        const gp_psubmember *m = &ps->submembers[k];
        int n = m->len > 40 ? 40 : m->len;
        const gp_plabel *l = find_label(ps, m->label, m->len);
        if (!l)
            gp_fail(ps, m->pos, "undefined label '%.*s' in SUBROUTINETYPE", n, m->label);
        if (!l->subnum1)
            gp_fail(ps, m->pos, "label '%.*s' has no SUBROUTINENUM and cannot be in a SUBROUTINETYPE", n, m->label);
    }
    bool any_cali = false;
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        if (pi->in.op != GP_OP_CALI)
            continue;
        any_cali = true;
        int type = cali_type(ps, &pi->in);
        bool has = false;
        for (int k = 0; k < ps->num_submembers && !has; k++)
            has = ps->submembers[k].type == type;
        if (!has)
            gp_fail(ps, pi->src_pos[0], "no label has the SUBROUTINETYPE of this variable: CALI cannot call anything");
    }
    if (!any_cali)
        return;

    sub_graph g;
    g.nodes = ps->num_labels + 1;
    g.gen = 0;
    int *count = gp_alloc(ps, sizeof(int) * (size_t)(g.nodes + 1));
    int *fill = gp_alloc(ps, sizeof(int) * (size_t)(g.nodes + 1));
    g.first = gp_alloc(ps, sizeof(int) * (size_t)(g.nodes + 1));
    g.mark = gp_alloc(ps, sizeof(int) * (size_t)g.nodes);
    g.to = NULL;
    sub_edges(ps, &g, count, fill, true);
    int total = 0;
    for (int n = 0; n < g.nodes; n++) {
        g.first[n] = total;
        total += count[n];
    }
    g.first[g.nodes] = total;
    g.to = gp_alloc(ps, sizeof(int) * (size_t)(total + 1));
    g.stack = gp_alloc(ps, sizeof(int) * (size_t)(g.nodes + total + 1));
    sub_edges(ps, &g, count, fill, false);

    const gp_plabel *mainl = find_label(ps, "main", 4);
    int entry = mainl ? region_of(ps, mainl->insn) : 0;
    for (int i = 0; i < ps->num_insns; i++) {
        const gp_pinsn *pi = &ps->insns[i];
        if (pi->in.op != GP_OP_CALI)
            continue;
        int from = region_of(ps, i);
        if (!reaches(&g, entry, from))
            continue;
        int type = cali_type(ps, &pi->in);
        for (int k = 0; k < ps->num_submembers; k++) {
            const gp_psubmember *m = &ps->submembers[k];
            if (m->type != type)
                continue;
            const gp_plabel *l = find_label(ps, m->label, m->len);
            if (reaches(&g, region_of(ps, l->insn), from))
                gp_fail(ps, pi->in.pos,
                        "CALI may recurse: label '%.*s' of its SUBROUTINETYPE can reach this instruction again",
                        l->len > 40 ? 40 : l->len, l->name);
        }
    }
}

static int entry_cmp(const void *a, const void *b)
{
    const int32_t *x = a, *y = b;
    if (x[0] != y[0])
        return x[0] < y[0] ? -1 : 1;
    return x[1] < y[1] ? -1 : x[1] > y[1];
}

bool gp_lower_subroutines(const gp_parse *ps, gp_program *p, const int *map, int pro)
{
    p->info.num_subroutine_params = ps->num_sub_params;
    if (!ps->nv5 || (ps->num_sub_elem == 0 && ps->num_submembers == 0))
        return true;
    size_t ne = (size_t)ps->num_sub_elem, np = (size_t)ps->num_sub_params, nm = (size_t)ps->num_submembers;
    /* all counts are bounded by the source length: no overflow */
    size_t bytes = sizeof(int32_t) * (ne + np + 3 * nm + 3);
    int32_t *blk = GP_MALLOC(bytes);
    if (!blk)
        return false;
    memset(blk, 0, bytes);
    int32_t *elem = blk, *ptype = blk + ne + 1;
    int32_t (*ent)[3] = (int32_t (*)[3])(void *)(ptype + np + 1);
    for (size_t i = 0; i < ne; i++)
        elem[i] = ps->sub_elem[i];
    for (size_t i = 0; i < np; i++)
        ptype[i] = ps->sub_param_type[i];
    int n = 0;
    for (size_t k = 0; k < nm; k++) {
        const gp_psubmember *m = &ps->submembers[k];
        const gp_plabel *l = find_label(ps, m->label, m->len);
        if (!l || !l->subnum1)
            continue; /* the validator refused it */
        ent[n][0] = m->type;
        ent[n][1] = l->subnum1 - 1;
        ent[n][2] = pro + map[l->insn];
        n++;
    }
    qsort(ent, (size_t)n, sizeof(ent[0]), entry_cmp);
    int u = 0; /* "SUBROUTINETYPE T { a, a }": one row */
    for (int i = 0; i < n; i++)
        if (u == 0 || entry_cmp(ent[u - 1], ent[i]) != 0)
            memcpy(ent[u++], ent[i], sizeof(ent[0]));
    p->sub_block = blk;
    p->sub_elem_param = elem;
    p->sub_param_type = ptype;
    p->sub_entries = (const int32_t (*)[3])ent;
    p->num_sub_entries = u;
    return true;
}

int gp_program_subroutine_check(const gp_program *p, uint32_t index, uint32_t num)
{
    if (!p || index >= (uint32_t)p->info.num_subroutine_params || p->sub_param_type[index] < 0)
        return GP_SUB_OK;
    int32_t type = p->sub_param_type[index];
    for (int i = 0; i < p->num_sub_entries; i++)
        if (p->sub_entries[i][0] == type && (uint32_t)p->sub_entries[i][1] == num)
            return GP_SUB_OK;
    return GP_SUB_BAD_NUM;
}

uint32_t gp_program_subroutine_default(const gp_program *p, uint32_t index)
{
    if (!p || index >= (uint32_t)p->info.num_subroutine_params || p->sub_param_type[index] < 0)
        return 0;
    for (int i = 0; i < p->num_sub_entries; i++)
        if (p->sub_entries[i][0] == p->sub_param_type[index])
            return (uint32_t)p->sub_entries[i][1]; /* sorted: the smallest */
    return 0;
}
