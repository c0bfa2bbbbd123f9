/* The loops of the CFAs (loops.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "loops.h"
#include "scc.h"

/* Where an edge stands to the loops (loops.h). */
typedef struct {
    unsigned from;      /* its source's component */
    bool on_cycle, exit, branch;
} edge_loops;

typedef struct {
    unsigned n_locs;
    unsigned *comp;     /* per location */
    edge_loops *edges;
} proc_loops;

struct cg_loops {
    unsigned n_procs;
    proc_loops *procs;
};

/* Per component of comp (n_comps of them, over f's locations), whether
 * it holds a cycle (malloc'ed). */
static bool *cyclic_components(const ordo_proc *f, const unsigned *comp, unsigned n_comps)
{
    unsigned *size = xcalloc(n_comps + 1, sizeof *size);
    bool *cyclic = xcalloc(n_comps + 1, sizeof *cyclic);
    for (unsigned l = 0; l < f->n_locs; l++)
        size[comp[l]]++;
    for (unsigned e = 0; e < f->n_edges; e++) {
        unsigned from = f->edges[e].from, to = f->edges[e].to;
        if (from == to || (comp[from] == comp[to] && size[comp[from]] > 1))
            cyclic[comp[from]] = true;
    }
    free(size);
    return cyclic;
}

static bool is_guard(const ordo_stmt *st)
{
    while (st->kind == ORDO_S_SEQ && st->n_stmts > 0)
        st = st->stmts[0];
    return st->kind == ORDO_S_ASSUME;
}

/* The branches of f: the edges leaving a location that has an edge on a
 * cycle and one off it (x->edges' on_cycle set). */
static void mark_branches(proc_loops *x, const ordo_proc *f)
{
    bool *stays = xcalloc(f->n_locs + 1, sizeof *stays);
    bool *leaves = xcalloc(f->n_locs + 1, sizeof *leaves);
    for (unsigned e = 0; e < f->n_edges; e++) {
        stays[f->edges[e].from] |= x->edges[e].on_cycle;
        leaves[f->edges[e].from] |= !x->edges[e].on_cycle;
    }
    for (unsigned e = 0; e < f->n_edges; e++)
        x->edges[e].branch = stays[f->edges[e].from] && leaves[f->edges[e].from];
    free(leaves);
    free(stays);
}

static void build_proc(proc_loops *x, const ordo_proc *f)
{
    unsigned n_comps;
    x->n_locs = f->n_locs;
    x->comp = cg_cfa_components(f, &n_comps);
    bool *cyclic = cyclic_components(f, x->comp, n_comps);
    x->edges = xcalloc(f->n_edges + 1, sizeof *x->edges);
    for (unsigned e = 0; e < f->n_edges; e++) {
        unsigned from = x->comp[f->edges[e].from], to = x->comp[f->edges[e].to];
        x->edges[e].from = from;
        x->edges[e].on_cycle = from == to;
        x->edges[e].exit = cyclic[from] && from != to && is_guard(f->edges[e].stmt);
    }
    mark_branches(x, f);
    free(cyclic);
}

cg_loops *cg_loops_new(const ordo_program *p)
{
    cg_loops *l = xcalloc(1, sizeof *l);
    l->n_procs = p->n_procs;
    l->procs = xcalloc(p->n_procs + 1, sizeof *l->procs);
    for (unsigned i = 0; i < p->n_procs; i++)
        build_proc(&l->procs[i], &p->procs[i]);
    return l;
}

void cg_loops_free(cg_loops *l)
{
    if (!l)
        return;
    for (unsigned i = 0; i < l->n_procs; i++) {
        free(l->procs[i].comp);
        free(l->procs[i].edges);
    }
    free(l->procs);
    free(l);
}

bool cg_loops_on_cycle(const cg_loops *l, unsigned proc, unsigned edge)
{
    return l->procs[proc].edges[edge].on_cycle;
}

bool cg_loops_exit(const cg_loops *l, unsigned proc, unsigned edge)
{
    return l->procs[proc].edges[edge].exit;
}

bool cg_loops_branch(const cg_loops *l, unsigned proc, unsigned edge)
{
    return l->procs[proc].edges[edge].branch;
}

bool cg_loops_inside(const cg_loops *l, unsigned proc, unsigned edge, unsigned loc)
{
    const proc_loops *x = &l->procs[proc];
    return loc < x->n_locs && x->comp[loc] == x->edges[edge].from;
}
