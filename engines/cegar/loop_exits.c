/* Loop exits of the CFAs (loop_exits.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "loop_exits.h"
#include "scc.h"

/* Per location of f, its component; *cyclic (malloc'ed, per component)
 * says whether the component holds a cycle. */
static unsigned *components(const ordo_proc *f, bool **cyclic)
{
    unsigned n_comps;
    unsigned *comp = cg_cfa_components(f, &n_comps);
    unsigned *size = xcalloc(n_comps + 1, sizeof *size);
    *cyclic = xcalloc(n_comps + 1, sizeof **cyclic);
    for (unsigned l = 0; l < f->n_locs; l++)
        size[comp[l]]++;
    for (unsigned e = 0; e < f->n_edges; e++) {
        unsigned from = f->edges[e].from, to = f->edges[e].to;
        if (from == to || (comp[from] == comp[to] && size[comp[from]] > 1))
            (*cyclic)[comp[from]] = true;
    }
    free(size);
    return comp;
}

static bool is_guard(const ordo_stmt *st)
{
    while (st->kind == ORDO_S_SEQ && st->n_stmts > 0)
        st = st->stmts[0];
    return st->kind == ORDO_S_ASSUME;
}

void cg_loop_exits_build(cg_loop_exits *x, const ordo_program *p)
{
    x->n_procs = p->n_procs;
    x->comp = xcalloc(p->n_procs + 1, sizeof *x->comp);
    x->exit = xcalloc(p->n_procs + 1, sizeof *x->exit);
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *f = &p->procs[i];
        bool *cyclic;
        x->comp[i] = components(f, &cyclic);
        x->exit[i] = xcalloc(f->n_edges + 1, sizeof **x->exit);
        for (unsigned e = 0; e < f->n_edges; e++) {
            unsigned from = x->comp[i][f->edges[e].from], to = x->comp[i][f->edges[e].to];
            x->exit[i][e] = cyclic[from] && from != to && is_guard(f->edges[e].stmt);
        }
        free(cyclic);
    }
}

void cg_loop_exits_free(cg_loop_exits *x)
{
    for (unsigned i = 0; i < x->n_procs; i++) {
        free(x->comp[i]);
        free(x->exit[i]);
    }
    free(x->comp);
    free(x->exit);
    *x = (cg_loop_exits){ 0 };
}

bool cg_loop_exits_inside(const cg_loop_exits *x, const ordo_program *p, unsigned proc,
                          unsigned edge, unsigned loc)
{
    return loc < p->procs[proc].n_locs &&
           x->comp[proc][loc] == x->comp[proc][p->procs[proc].edges[edge].from];
}
