/* Static program order closure (see po.h). */
#include "po.h"

#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

/* Successor lists of the unconditional po edges: succ[start[u]..start[u+1]). */
typedef struct {
    size_t *start;
    unsigned *succ;
} po_adjacency;

static po_adjacency adjacency(const oc_events *es)
{
    po_adjacency a = { xcalloc(es->n + 2, sizeof *a.start),
                       xmalloc((es->n_po + 1) * sizeof *a.succ) };
    for (size_t i = 0; i < es->n_po; i++)
        if (!es->po[i].lit)
            a.start[es->po[i].from + 1]++;
    for (size_t e = 0; e < es->n; e++)
        a.start[e + 1] += a.start[e];
    size_t *fill = xmalloc((es->n + 1) * sizeof *fill);
    memcpy(fill, a.start, (es->n + 1) * sizeof *fill);
    for (size_t i = 0; i < es->n_po; i++)
        if (!es->po[i].lit)
            a.succ[fill[es->po[i].from]++] = es->po[i].to;
    free(fill);
    return a;
}

/* Kahn's algorithm; order[] receives a topological order. False on a cycle. */
static bool topological_order(size_t n, const po_adjacency *a, unsigned *order)
{
    unsigned *indeg = xcalloc(n + 1, sizeof *indeg);
    for (size_t k = 0; k < a->start[n]; k++)
        indeg[a->succ[k]]++;
    size_t head = 0, tail = 0;
    for (size_t e = 0; e < n; e++)
        if (!indeg[e])
            order[tail++] = (unsigned)e;
    while (head < tail) {
        unsigned u = order[head++];
        for (size_t k = a->start[u]; k < a->start[u + 1]; k++)
            if (--indeg[a->succ[k]] == 0)
                order[tail++] = a->succ[k];
    }
    free(indeg);
    return tail == n;
}

bool oc_po_build(oc_po *po, const oc_events *es)
{
    po->n = es->n;
    po->words = (es->n + 63) / 64;
    po->bits = xcalloc(po->n * po->words + 1, sizeof *po->bits);
    po_adjacency a = adjacency(es);
    unsigned *order = xmalloc((es->n + 1) * sizeof *order);
    bool acyclic = topological_order(es->n, &a, order);
    po->succ_start = a.start;
    po->succ = a.succ;
    po->order = order;
    /* Rows in reverse topological order: row(u) = ∪ over successors v of {v} ∪ row(v). */
    for (size_t k = es->n; acyclic && k-- > 0;) {
        unsigned u = order[k];
        uint64_t *row = po->bits + (size_t)u * po->words;
        for (size_t j = a.start[u]; j < a.start[u + 1]; j++) {
            unsigned v = a.succ[j];
            const uint64_t *vrow = po->bits + (size_t)v * po->words;
            row[v / 64] |= 1ull << (v % 64);
            for (size_t w = 0; w < po->words; w++)
                row[w] |= vrow[w];
        }
    }
    return acyclic;
}

void oc_po_free(oc_po *po)
{
    free(po->bits);
    free(po->succ_start);
    free(po->succ);
    free(po->order);
    memset(po, 0, sizeof *po);
}

bool oc_po_before(const oc_po *po, unsigned a, unsigned b)
{
    return (po->bits[(size_t)a * po->words + b / 64] >> (b % 64)) & 1;
}

const uint64_t *oc_po_row(const oc_po *po, unsigned a)
{
    return po->bits + (size_t)a * po->words;
}

bool oc_po_query_fn(const void *po, unsigned a, unsigned b)
{
    return oc_po_before(po, a, b);
}
