/* Edges of a procedure indexed by location, and the topological order of
 * its locations (ir.h: ordo_edge_index). */
#include <stdlib.h>

#include <ordo/ir.h>
#include <ordo/xalloc.h>

ordo_edge_index ordo_edge_index_of(const ordo_proc *f, bool incoming)
{
    ordo_edge_index x = { xcalloc(f->n_locs + 2, sizeof *x.start),
                          xcalloc(f->n_edges + 1, sizeof *x.edge) };
    for (unsigned e = 0; e < f->n_edges; e++)
        x.start[(incoming ? f->edges[e].to : f->edges[e].from) + 1]++;
    for (unsigned l = 0; l < f->n_locs; l++)
        x.start[l + 1] += x.start[l];
    unsigned *fill = xcalloc(f->n_locs + 1, sizeof *fill);
    for (unsigned e = 0; e < f->n_edges; e++) { /* stable: keeps edge order */
        unsigned at = incoming ? f->edges[e].to : f->edges[e].from;
        x.edge[x.start[at] + fill[at]++] = e;
    }
    free(fill);
    return x;
}

void ordo_edge_index_free(ordo_edge_index *x)
{
    free(x->start);
    free(x->edge);
    x->start = x->edge = NULL;
}

/* Kahn's algorithm over the out-edge index (an unrolled procedure has tens
 * of thousands of locations: no scan of all edges per location). */
bool ordo_topological_locations(const ordo_proc *f, const ordo_edge_index *out, unsigned *order)
{
    unsigned *indeg = xcalloc(f->n_locs + 1, sizeof *indeg);
    for (unsigned e = 0; e < f->n_edges; e++)
        indeg[f->edges[e].to]++;
    unsigned tail = 0;
    for (unsigned l = 0; l < f->n_locs; l++)
        if (!indeg[l])
            order[tail++] = l;
    for (unsigned head = 0; head < tail; head++)
        for (unsigned i = out->start[order[head]]; i < out->start[order[head] + 1]; i++) {
            unsigned to = f->edges[out->edge[i]].to;
            if (--indeg[to] == 0)
                order[tail++] = to;
        }
    free(indeg);
    return tail == f->n_locs;
}

bool *ordo_reachable_locations(const ordo_proc *f, const ordo_edge_index *out,
                               const unsigned *from, unsigned n_from)
{
    bool *seen = xcalloc(f->n_locs + 1, sizeof *seen);
    unsigned *work = xcalloc(f->n_locs + 1, sizeof *work), n = 0;
    for (unsigned i = 0; i < n_from; i++)
        if (!seen[from[i]]) {
            seen[from[i]] = true;
            work[n++] = from[i];
        }
    while (n) {
        unsigned l = work[--n];
        for (unsigned i = out->start[l]; i < out->start[l + 1]; i++) {
            unsigned to = f->edges[out->edge[i]].to;
            if (!seen[to]) {
                seen[to] = true;
                work[n++] = to;
            }
        }
    }
    free(work);
    return seen;
}
