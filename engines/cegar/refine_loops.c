/* Counter-free refinement: cores without loop guards (refine_loops.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "refine_loops.h"

struct cg_loop_guards {
    cg_guard_set guards;      /* of the loop branches (loops.h) */
    bool *counter;            /* per variable: a guard reads it */
    unsigned n_vars;
};

static void mark_reads(bool *counter, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        counter[e->var] = true;
    for (int i = 0; i < 3; i++)
        mark_reads(counter, e->kid[i]);
}

cg_loop_guards *cg_loop_guards_new(const ordo_program *p, const cg_loops *loops)
{
    cg_loop_guards *g = xcalloc(1, sizeof *g);
    cg_guard_set_build(&g->guards, p, loops, cg_loops_branch);
    g->n_vars = p->n_vars;
    g->counter = xcalloc(p->n_vars + 1, sizeof *g->counter);
    for (unsigned i = 0; i < g->guards.n; i++)
        mark_reads(g->counter, g->guards.v[i]->cond);
    return g;
}

void cg_loop_guards_free(cg_loop_guards *g)
{
    if (!g)
        return;
    cg_guard_set_free(&g->guards);
    free(g->counter);
    free(g);
}

bool cg_loop_guards_relax(const cg_loop_guards *g, cg_path *pf)
{
    if (!cg_guard_set_on_path(&g->guards, pf))
        return false;
    if (cg_loop_guards_check(g, pf) == ORDO_SMT_UNSAT)
        return true;
    cg_path_check(pf);
    return false;
}

/* Does the statement write a variable a loop guard reads? */
static bool writes_counter(const cg_loop_guards *g, const ordo_stmt *st)
{
    return (st->kind == ORDO_S_ASSIGN || st->kind == ORDO_S_HAVOC) && !st->lhs.is_mem &&
           st->lhs.var < g->n_vars && g->counter[st->lhs.var];
}

/* Is the path UNSAT with the core's labels but core[skip]? */
static bool unsat_without(cg_path *pf, const unsigned *core, unsigned n, unsigned skip)
{
    bool *without = xcalloc(n + 1, sizeof *without);
    without[skip] = true;
    bool unsat = cg_path_check_without(pf, core, n, without) == ORDO_SMT_UNSAT;
    free(without);
    return unsat;
}

unsigned cg_loop_guards_drop_counters(const cg_loop_guards *g, cg_path *pf, unsigned *core,
                                      unsigned n)
{
    unsigned i = 0;
    while (i < n)
        if (writes_counter(g, pf->labels[core[i]].stmt) && unsat_without(pf, core, n, i)) {
            memmove(core + i, core + i + 1, (n - i - 1) * sizeof *core);
            n--;
        } else {
            i++;
        }
    return n;
}

ordo_smt_result cg_loop_guards_check(const cg_loop_guards *g, cg_path *pf)
{
    return cg_guard_set_check_without(g ? &g->guards : NULL, pf);
}
