/* Valmari's terminal-component proviso (por_proviso.h): the strongly
 * connected components (scc.h) of the ARG's edges, a covered child
 * standing for the node covering it. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "por_proviso.h"
#include "scc.h"

/* A node lazy pruning removed (prune.h) keeps its slot without a state. */
static bool live(const cg_arg *a, unsigned v)
{
    return a->nodes[v].state != NULL;
}

/* The node an ARG edge to child c leads to: c, or the node covering it. */
static unsigned target(const cg_arg *a, unsigned c)
{
    return a->nodes[c].covered_by >= 0 ? (unsigned)a->nodes[c].covered_by : c;
}

/* The ARG as a graph (scc.h) of its live nodes: start and succ are
 * malloc'ed; skip marks the removed nodes. */
static cg_graph graph_of(const cg_arg *a, unsigned **start, unsigned **succ, bool **skip)
{
    *start = xcalloc(a->n + 2, sizeof **start);
    *succ = xcalloc(a->n + 1, sizeof **succ);
    *skip = xcalloc(a->n + 1, sizeof **skip);
    for (unsigned c = 0; c < a->n; c++) {
        (*skip)[c] = !live(a, c);
        if (a->nodes[c].parent >= 0 && live(a, c))
            (*start)[a->nodes[c].parent + 1]++;
    }
    for (unsigned v = 0; v < a->n; v++)
        (*start)[v + 1] += (*start)[v];
    unsigned *fill = xmalloc((a->n + 1) * sizeof *fill);
    for (unsigned v = 0; v < a->n; v++)
        fill[v] = (*start)[v];
    for (unsigned c = 0; c < a->n; c++)
        if (a->nodes[c].parent >= 0 && live(a, c))
            (*succ)[fill[a->nodes[c].parent]++] = target(a, c);
    free(fill);
    return (cg_graph){ .n = a->n, .start = *start, .succ = *succ };
}

/* Marks the components with an edge to another component. */
static void mark_exits(const cg_arg *a, const unsigned *comp, bool *leaves)
{
    for (unsigned c = 0; c < a->n; c++) {
        int p = a->nodes[c].parent;
        if (p >= 0 && live(a, c) && a->nodes[p].covered_by < 0 && comp[p] != comp[target(a, c)])
            leaves[comp[p]] = true;
    }
}

unsigned *cg_proviso_nodes(const cg_arg *arg, unsigned *n)
{
    unsigned *start, *succ, n_comps;
    bool *skip;
    cg_graph g = graph_of(arg, &start, &succ, &skip);
    unsigned *comp = cg_scc(&g, skip, &n_comps);
    /* per component: leaves it, has a fully expanded node, a postponed one */
    bool *leaves = xcalloc(n_comps + 1, sizeof *leaves);
    bool *full = xcalloc(n_comps + 1, sizeof *full);
    unsigned *pick = xmalloc((n_comps + 1) * sizeof *pick);
    for (unsigned k = 0; k < n_comps; k++)
        pick[k] = CG_SCC_NONE;
    mark_exits(arg, comp, leaves);
    for (unsigned v = 0; v < arg->n; v++) {
        if (!live(arg, v) || arg->nodes[v].covered_by >= 0)
            continue;
        unsigned k = comp[v];
        if (!arg->nodes[v].reduced)
            full[k] = true;
        else if (pick[k] == CG_SCC_NONE)
            pick[k] = v;
    }
    unsigned *out = xmalloc((n_comps + 1) * sizeof *out);
    *n = 0;
    for (unsigned k = 0; k < n_comps; k++)
        if (!leaves[k] && !full[k] && pick[k] != CG_SCC_NONE)
            out[(*n)++] = pick[k];
    free(leaves);
    free(full);
    free(pick);
    free(comp);
    free(start);
    free(succ);
    free(skip);
    return out;
}
