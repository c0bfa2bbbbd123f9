/*
 * One procedure's CFA searched depth-first (cfa_search.h).
 */
#include "cfa_search.h"

#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

void cg_cfa_search_init(cg_cfa_search *s, const ordo_program *p, bool incoming)
{
    *s = (cg_cfa_search){ .p = p };
    s->edges = xcalloc(p->n_procs + 1, sizeof *s->edges);
    unsigned max_locs = 0;
    for (unsigned i = 0; i < p->n_procs; i++) {
        s->edges[i] = ordo_edge_index_of(&p->procs[i], incoming);
        if (p->procs[i].n_locs > max_locs)
            max_locs = p->procs[i].n_locs;
    }
    s->seen = xcalloc(max_locs + 1, sizeof *s->seen);
    s->stack = xcalloc(max_locs + 1, sizeof *s->stack);
}

void cg_cfa_search_free(cg_cfa_search *s)
{
    for (unsigned i = 0; i < s->p->n_procs; i++)
        ordo_edge_index_free(&s->edges[i]);
    free(s->edges);
    free(s->seen);
    free(s->stack);
    *s = (cg_cfa_search){ 0 };
}

void cg_cfa_search_start(cg_cfa_search *s, unsigned proc)
{
    memset(s->seen, 0, s->p->procs[proc].n_locs * sizeof *s->seen);
    s->n = 0;
}

void cg_cfa_search_reach(cg_cfa_search *s, unsigned loc)
{
    if (!s->seen[loc]) {
        s->seen[loc] = true;
        s->stack[s->n++] = loc;
    }
}

bool cg_cfa_search_next(cg_cfa_search *s, unsigned *loc)
{
    if (s->n == 0)
        return false;
    *loc = s->stack[--s->n];
    return true;
}
