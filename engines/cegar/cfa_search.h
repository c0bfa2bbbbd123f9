/*
 * A depth-first search over one procedure's CFA at a time, for the
 * position-aware analyses of DCOI (coi_live.c searches backward from the
 * readers of a local, dfg_clear.c forward from a writer): every
 * procedure's edges indexed by location once, and the room of one search
 * (its marks and stack) sized for the largest procedure.
 */
#ifndef ORDO_CEGAR_CFA_SEARCH_H
#define ORDO_CEGAR_CFA_SEARCH_H

#include <stdbool.h>

#include <ordo/ir.h>

typedef struct {
    const ordo_program *p;
    ordo_edge_index *edges;   /* per procedure: incoming or outgoing */
    bool *seen;               /* per location of the procedure searched */
    unsigned *stack;
    unsigned n;               /* locations on the stack */
} cg_cfa_search;

/* incoming: index each location's incoming edges (a backward search),
 * else its outgoing ones. */
void cg_cfa_search_init(cg_cfa_search *s, const ordo_program *p, bool incoming);
void cg_cfa_search_free(cg_cfa_search *s);
/* Starts a search of procedure proc: no location seen, none to visit. */
void cg_cfa_search_start(cg_cfa_search *s, unsigned proc);
/* Marks loc seen and to be visited, unless it was seen already. */
void cg_cfa_search_reach(cg_cfa_search *s, unsigned loc);
/* The next location to visit; false when the search is done. */
bool cg_cfa_search_next(cg_cfa_search *s, unsigned *loc);

#endif
