/* CFA reachability of every procedure (dfg.h): the 2D array of thesis
 * Section 4.1.2, one row of edge bits per location, or, where that array
 * would be too large, its cheaper over-approximation by strongly
 * connected components. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "dfg.h"
#include "scc.h"

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

/* Per edge, the component of its source. */
static unsigned *edge_components(const ordo_proc *f, const unsigned *comp)
{
    unsigned *c = xcalloc(f->n_edges + 1, sizeof *c);
    for (unsigned e = 0; e < f->n_edges; e++)
        c[e] = comp[f->edges[e].from];
    return c;
}

void cg_reach_build(cg_reach *r, const ordo_program *p)
{
    cg_reach_build_limited(r, p, CG_REACH_MAX_BITS);
}

void cg_reach_build_limited(cg_reach *r, const ordo_program *p, uint64_t max_bits)
{
    r->n_procs = p->n_procs;
    r->bits = xcalloc(p->n_procs + 1, sizeof *r->bits);
    r->n_edges = xcalloc(p->n_procs + 1, sizeof *r->n_edges);
    r->loc_comp = xcalloc(p->n_procs + 1, sizeof *r->loc_comp);
    r->edge_comp = xcalloc(p->n_procs + 1, sizeof *r->edge_comp);
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *f = &p->procs[i];
        r->n_edges[i] = f->n_edges;
        if (f->n_edges == 0)
            continue;
        if ((uint64_t)f->n_locs * f->n_edges <= max_bits) {
            r->bits[i] = matrix(f);
            continue;
        }
        unsigned n_comps;
        r->loc_comp[i] = cg_cfa_components(f, &n_comps);
        r->edge_comp[i] = edge_components(f, r->loc_comp[i]);
    }
}

void cg_reach_free(cg_reach *r)
{
    for (unsigned i = 0; i < r->n_procs; i++) {
        free(r->bits[i]);
        free(r->loc_comp[i]);
        free(r->edge_comp[i]);
    }
    free(r->bits);
    free(r->loc_comp);
    free(r->edge_comp);
    free(r->n_edges);
    *r = (cg_reach){ 0 };
}

bool cg_reach_edge(const cg_reach *r, unsigned proc, unsigned loc, unsigned edge)
{
    const uint64_t *bits = r->bits[proc];
    if (!bits) /* the thesis' SCC comparison: reachable only downstream */
        return !r->loc_comp[proc] || r->edge_comp[proc][edge] <= r->loc_comp[proc][loc];
    unsigned words = (r->n_edges[proc] + 63) / 64;
    return bits[(size_t)loc * words + edge / 64] >> (edge % 64) & 1;
}
