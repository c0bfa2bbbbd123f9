/* Counter-free refinement: cores without loop guards (refine_loops.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "refine_loops.h"
#include "scc.h"

struct cg_loop_guards {
    const ordo_stmt **stmts;  /* the guards' assumptions, sorted by address */
    unsigned n, cap;
    bool *counter;            /* per variable: a guard reads it */
    unsigned n_vars;
};

static int by_address(const void *a, const void *b)
{
    const ordo_stmt *x = *(const ordo_stmt *const *)a, *y = *(const ordo_stmt *const *)b;
    return (x > y) - (x < y);
}

/* The assumptions of an edge's statement (a large block: of its parts). */
static void add_assumptions(cg_loop_guards *g, const ordo_stmt *st)
{
    const ordo_stmt **list = NULL;
    unsigned n = 0, cap = 0;
    cg_flatten(st, &list, &n, &cap);
    for (unsigned i = 0; i < n; i++)
        if (list[i]->kind == ORDO_S_ASSUME) {
            XGROW(g->stmts, g->n, g->cap);
            g->stmts[g->n++] = list[i];
        }
    free(list);
}

/* The guards of f: the assumptions of the edges leaving a location
 * that has an edge on a cycle and one off it. */
static void add_proc(cg_loop_guards *g, const ordo_proc *f)
{
    bool *on_cycle = cg_cycle_edges(f);
    bool *stays = xcalloc(f->n_locs + 1, sizeof *stays);
    bool *leaves = xcalloc(f->n_locs + 1, sizeof *leaves);
    for (unsigned e = 0; e < f->n_edges; e++) {
        stays[f->edges[e].from] |= on_cycle[e];
        leaves[f->edges[e].from] |= !on_cycle[e];
    }
    for (unsigned e = 0; e < f->n_edges; e++)
        if (stays[f->edges[e].from] && leaves[f->edges[e].from])
            add_assumptions(g, f->edges[e].stmt);
    free(leaves);
    free(stays);
    free(on_cycle);
}

static void mark_reads(bool *counter, const ordo_expr *e)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_VAR)
        counter[e->var] = true;
    for (int i = 0; i < 3; i++)
        mark_reads(counter, e->kid[i]);
}

cg_loop_guards *cg_loop_guards_new(const ordo_program *p)
{
    cg_loop_guards *g = xcalloc(1, sizeof *g);
    for (unsigned i = 0; i < p->n_procs; i++)
        add_proc(g, &p->procs[i]);
    g->n_vars = p->n_vars;
    g->counter = xcalloc(p->n_vars + 1, sizeof *g->counter);
    for (unsigned i = 0; i < g->n; i++)
        mark_reads(g->counter, g->stmts[i]->cond);
    if (g->n) /* a NULL array, even empty, is undefined for qsort */
        qsort(g->stmts, g->n, sizeof *g->stmts, by_address);
    return g;
}

void cg_loop_guards_free(cg_loop_guards *g)
{
    if (!g)
        return;
    free(g->stmts);
    free(g->counter);
    free(g);
}

static bool is_guard(const cg_loop_guards *g, const ordo_stmt *st)
{
    return g->n && bsearch(&st, g->stmts, g->n, sizeof *g->stmts, by_address) != NULL;
}

/* The labels of pf that are no loop guard's (g NULL: all) in kept;
 * how many. */
static unsigned unguarded(const cg_loop_guards *g, const cg_path *pf, ordo_term *kept)
{
    unsigned n = 0;
    for (unsigned i = 0; i < pf->n_labels; i++)
        if (!g || !is_guard(g, pf->labels[i].stmt))
            kept[n++] = pf->labels[i].label;
    return n;
}

/* Does pf hold the label of a loop guard? */
static bool has_guard(const cg_loop_guards *g, const cg_path *pf)
{
    for (unsigned i = 0; i < pf->n_labels; i++)
        if (is_guard(g, pf->labels[i].stmt))
            return true;
    return false;
}

bool cg_loop_guards_relax(const cg_loop_guards *g, cg_path *pf)
{
    if (!has_guard(g, pf))
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
    ordo_term *kept = xmalloc((n + 1) * sizeof *kept);
    unsigned k = 0;
    for (unsigned i = 0; i < n; i++)
        if (i != skip)
            kept[k++] = pf->labels[core[i]].label;
    bool unsat = ordo_smt_check_assuming(pf->smt, k, kept) == ORDO_SMT_UNSAT;
    free(kept);
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
    ordo_term *kept = xmalloc((pf->n_labels + 1) * sizeof *kept);
    unsigned n = unguarded(g, pf, kept);
    ordo_smt_result r = ordo_smt_check_assuming(pf->smt, n, kept);
    free(kept);
    return r;
}
