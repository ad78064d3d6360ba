/*
 * exec/flow.c - flow control helpers: KIL, the per-lane control stack
 * (CAL, PUSHA, REP, LOOP) and RET.
 *
 * Part of the executor's translation unit: gp_exec.c includes this file
 * (once per instruction-set build), after exec/runtime.c; see gp_exec.c
 * for the file map.
 */

/* KIL: removes lanes from the live mask (ARB_fragment_program 3.11.6.4).
 * Killed lanes keep running as helpers for their quad's derivatives; a quad
 * with no live lane left stops (nothing it computes is observable). */
static void xs_kill(gp_xs *x, uint32_t lanes)
{
    lanes &= x->exec;
    if (!lanes)
        return;
    x->env->killed_mask |= lanes & x->live;
    x->live &= ~lanes;
    uint32_t dead = 0;
    if (x->fragment) {
        for (int q = 0; q < GP_LANES; q += 4)
            if (!((x->live >> q) & 0xfu))
                dead |= 0xfu << q;
    } else {
        dead = lanes;
    }
    dead &= x->alive;
    if (dead)
        xs_terminate(x, dead);
}

/* Pushes one control-stack entry for the lanes in lanes at depth x->sp
 * (the group's depth is uniform).  Lanes whose stack is full, or, for CAL
 * and PUSHA, whose call depth reached the limit, terminate ("a CAL
 * instruction will cause the call stack to overflow and the fragment
 * program to terminate", NV_fragment_program2 3.11.X.2; PUSHA,
 * NV_vertex_program3 2.14.5.44).  Returns the lanes that pushed. */
static uint32_t stk_push(gp_xs *x, uint32_t lanes, int kind, const int32_t v[4][GP_LANES])
{
    gp_machine *m = x->m;
    bool call = kind == GP_STK_CALL || kind == GP_STK_ADDR;
    uint32_t over = 0;
    if (x->sp >= GP_EXEC_STACK) {
        over = lanes;
    } else if (call) {
        for (int l = 0; l < GP_LANES; l++)
            if ((lanes & lane_bit[l]) && m->lane_calls[l] >= x->call_depth)
                over |= lane_bit[l];
    }
    if (over) {
        xs_terminate(x, over);
        lanes &= ~over;
    }
    if (x->sp < GP_EXEC_STACK) {
        for (int l = 0; l < GP_LANES; l++) {
            if (!(lanes & lane_bit[l]))
                continue;
            m->stk_kind[x->sp][l] = (uint8_t)kind;
            for (int k = 0; k < 4; k++)
                m->stk_val[x->sp][k][l] = v[k][l];
            m->stk_ifs[x->sp][l] = m->lane_ifs[l];
            if (call)
                m->lane_calls[l]++;
            else
                m->lane_loops[l]++;
        }
    }
    return lanes;
}

/* Pops the REP/LOOP entry at depth for lane l: a LOOP block restores the
 * enclosing loop's A0.x (NV_fragment_program2 3.11.3.Y: each LOOP block has
 * its own A0.x), and IF blocks left open inside (BRK, RET) are closed. */
static void loop_exit_lane(gp_machine *m, int depth, int l)
{
    if (m->stk_kind[depth][l] == GP_STK_LOOP)
        m->addr[0].c[0][l].i = m->stk_val[depth][3][l];
    m->lane_loops[l]--;
    m->lane_ifs[l] = m->stk_ifs[depth][l];
}

/* RET for the lanes in taken (NV_vertex_program2_option 2.14.5.34 with
 * NV_vertex_program3's change): loop entries above the return address are
 * dropped (RET inside a REP, NV_gpu_program4); an empty stack ends the lane
 * normally, a PUSHA entry on top ends it abnormally. */
static void do_ret(gp_xs *x, uint32_t taken)
{
    gp_machine *m = x->m;
    if (!taken) {
        x->pc++;
        return;
    }
    uint32_t ended = 0;
    xs_flush(x);
    for (int l = 0; l < GP_LANES; l++) {
        if (!(x->exec & lane_bit[l]))
            continue;
        if (!(taken & lane_bit[l])) {
            m->lane_pc[l] = x->pc + 1;
            m->lane_sp[l] = x->sp;
            continue;
        }
        int s = x->sp;
        while (s > 0 && (m->stk_kind[s - 1][l] == GP_STK_REP || m->stk_kind[s - 1][l] == GP_STK_LOOP)) {
            loop_exit_lane(m, s - 1, l);
            s--;
        }
        if (s == 0 || m->stk_kind[s - 1][l] != GP_STK_CALL) {
            ended |= lane_bit[l];
            continue;
        }
        m->lane_pc[l] = m->stk_val[s - 1][0][l];
        m->lane_sp[l] = s - 1;
        m->lane_calls[l]--;
        m->lane_ifs[l] = m->stk_ifs[s - 1][l];
    }
    x->alive &= ~ended;
    x->exec = 0;
    xs_schedule(x);
}
