/*
 * Strongly connected components by Tarjan's algorithm, without recursion
 * (ARGs and CFAs are deep): the one routine behind DCOI's cheaper
 * reachability (dfg_reach.c, thesis Section 4.1.2) and POR's proviso
 * (por_proviso.c, Valmari's terminal components), and the loops of the
 * CFAs (loops.c).
 */
#ifndef CEGAR_SCC_H
#define CEGAR_SCC_H

#include <stdbool.h>

#include <ordo/ir.h>

#define CG_SCC_NONE (~0u)

/* A graph of vertices 0 .. n - 1; the successors of v are
 * succ[start[v]] .. succ[start[v + 1] - 1]. */
typedef struct {
    unsigned n;
    const unsigned *start, *succ;
} cg_graph;

/* Per vertex, the number of its component (malloc'ed), numbered as the
 * components complete: a component reachable from another has the
 * smaller number. A vertex with skip[v] (skip may be NULL) is never
 * entered and gets CG_SCC_NONE; no edge may lead to one. *n_comps: how
 * many components there are. */
unsigned *cg_scc(const cg_graph *g, const bool *skip, unsigned *n_comps);

/* cg_scc on the locations of f's CFA (its edges as the successors). */
unsigned *cg_cfa_components(const ordo_proc *f, unsigned *n_comps);

#endif
