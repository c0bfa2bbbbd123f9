/* Tarjan's strongly connected components (scc.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "scc.h"

typedef struct {
    const cg_graph *g;
    unsigned *index, *low, *comp, *stack, *calls, *next;
    bool *on_stack;
    unsigned n_index, n_stack, n_comps;
} tarjan;

static void visit(tarjan *t, unsigned v)
{
    t->index[v] = t->low[v] = ++t->n_index;
    t->stack[t->n_stack++] = v;
    t->on_stack[v] = true;
    t->next[v] = t->g->start[v];
}

/* The component of v is complete: pop it. */
static void complete(tarjan *t, unsigned v)
{
    unsigned w;
    do {
        w = t->stack[--t->n_stack];
        t->on_stack[w] = false;
        t->comp[w] = t->n_comps;
    } while (w != v);
    t->n_comps++;
}

/* Tarjan from root, with an explicit stack of the vertices being visited
 * (next[v]: v's next successor to look at). */
static void strong_components(tarjan *t, unsigned root)
{
    unsigned depth = 0;
    visit(t, root);
    t->calls[depth++] = root;
    while (depth > 0) {
        unsigned v = t->calls[depth - 1];
        if (t->next[v] < t->g->start[v + 1]) {
            unsigned w = t->g->succ[t->next[v]++];
            if (!t->index[w]) {
                visit(t, w);
                t->calls[depth++] = w;
            } else if (t->on_stack[w] && t->index[w] < t->low[v]) {
                t->low[v] = t->index[w];
            }
            continue;
        }
        if (t->low[v] == t->index[v])
            complete(t, v);
        if (--depth > 0 && t->low[v] < t->low[t->calls[depth - 1]])
            t->low[t->calls[depth - 1]] = t->low[v];
    }
}

unsigned *cg_scc(const cg_graph *g, const bool *skip, unsigned *n_comps)
{
    size_t n = g->n + 1;
    tarjan t = { .g = g };
    t.index = xcalloc(n, sizeof *t.index);
    t.low = xcalloc(n, sizeof *t.low);
    t.comp = xcalloc(n, sizeof *t.comp);
    t.stack = xcalloc(n, sizeof *t.stack);
    t.calls = xcalloc(n, sizeof *t.calls);
    t.next = xcalloc(n, sizeof *t.next);
    t.on_stack = xcalloc(n, sizeof *t.on_stack);
    for (unsigned v = 0; v < g->n; v++) {
        if (skip && skip[v])
            t.comp[v] = CG_SCC_NONE;
        else if (!t.index[v])
            strong_components(&t, v);
    }
    free(t.index);
    free(t.low);
    free(t.stack);
    free(t.calls);
    free(t.next);
    free(t.on_stack);
    *n_comps = t.n_comps;
    return t.comp;
}

unsigned *cg_cfa_components(const ordo_proc *f, unsigned *n_comps)
{
    ordo_edge_index out = ordo_edge_index_of(f, false);
    unsigned n_succ = out.start[f->n_locs];
    unsigned *succ = xcalloc(n_succ + 1, sizeof *succ);
    for (unsigned i = 0; i < n_succ; i++)
        succ[i] = f->edges[out.edge[i]].to;
    cg_graph g = { .n = f->n_locs, .start = out.start, .succ = succ };
    unsigned *comp = cg_scc(&g, NULL, n_comps);
    free(succ);
    ordo_edge_index_free(&out);
    return comp;
}
