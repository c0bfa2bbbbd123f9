/* CFA reachability of every procedure (dfg.h): the 2D array of thesis
 * Section 4.1.2, one row of edge bits per location. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "dfg.h"

/* The rows of f: bit e of row l when edge e's source is reachable from l. */
static uint64_t *matrix(const ordo_proc *f)
{
    unsigned words = (f->n_edges + 63) / 64;
    uint64_t *bits = xcalloc((size_t)f->n_locs * words + 1, sizeof *bits);
    ordo_edge_index out = ordo_edge_index_of(f, false);
    for (unsigned l = 0; l < f->n_locs; l++) {
        bool *from = ordo_reachable_locations(f, &out, &l, 1);
        uint64_t *row = bits + (size_t)l * words;
        for (unsigned e = 0; e < f->n_edges; e++)
            if (from[f->edges[e].from])
                row[e / 64] |= UINT64_C(1) << (e % 64);
        free(from);
    }
    ordo_edge_index_free(&out);
    return bits;
}

void cg_reach_build(cg_reach *r, const ordo_program *p)
{
    r->n_procs = p->n_procs;
    r->bits = xcalloc(p->n_procs + 1, sizeof *r->bits);
    r->n_edges = xcalloc(p->n_procs + 1, sizeof *r->n_edges);
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *f = &p->procs[i];
        r->n_edges[i] = f->n_edges;
        if ((uint64_t)f->n_locs * f->n_edges <= CG_REACH_MAX_BITS && f->n_edges > 0)
            r->bits[i] = matrix(f);
    }
}

void cg_reach_free(cg_reach *r)
{
    for (unsigned i = 0; i < r->n_procs; i++)
        free(r->bits[i]);
    free(r->bits);
    free(r->n_edges);
    *r = (cg_reach){ 0 };
}

bool cg_reach_edge(const cg_reach *r, unsigned proc, unsigned loc, unsigned edge)
{
    const uint64_t *bits = r->bits[proc];
    if (!bits)
        return true;
    unsigned words = (r->n_edges[proc] + 63) / 64;
    return bits[(size_t)loc * words + edge / 64] >> (edge % 64) & 1;
}
