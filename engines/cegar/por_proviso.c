/* Valmari's terminal-component proviso (por_proviso.h): Tarjan's strongly
 * connected components over the ARG, iteratively (ARGs are deep). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "por_proviso.h"

typedef struct {
    const cg_arg *arg;
    unsigned *first, *next_child;  /* children lists: first[v], next_child[c] */
    unsigned *index, *low, *comp;  /* Tarjan's numbers; comp: its component */
    bool *on_stack;
    unsigned *stack, n_stack, counter, n_comps;
} tarjan;

enum { NONE = ~0u };

/* The node an ARG edge to child c leads to: c, or the node covering it. */
static unsigned target(const cg_arg *a, unsigned c)
{
    return a->nodes[c].covered_by >= 0 ? (unsigned)a->nodes[c].covered_by : c;
}

/* A node lazy pruning removed (prune.h) keeps its slot without a state. */
static bool live(const cg_arg *a, unsigned v)
{
    return a->nodes[v].state != NULL;
}

static void build_children(tarjan *t)
{
    const cg_arg *a = t->arg;
    for (unsigned v = 0; v < a->n; v++)
        t->first[v] = NONE;
    for (unsigned c = a->n; c-- > 0;)
        if (a->nodes[c].parent >= 0 && live(a, c)) {
            t->next_child[c] = t->first[a->nodes[c].parent];
            t->first[a->nodes[c].parent] = c;
        }
}

/* Pops the component rooted at v. */
static void close_component(tarjan *t, unsigned v)
{
    unsigned w;
    do {
        w = t->stack[--t->n_stack];
        t->on_stack[w] = false;
        t->comp[w] = t->n_comps;
    } while (w != v);
    t->n_comps++;
}

static void visit(tarjan *t, unsigned v)
{
    t->index[v] = t->low[v] = t->counter++;
    t->stack[t->n_stack++] = v;
    t->on_stack[v] = true;
}

/* Tarjan from root, with an explicit DFS stack of (node, next child). */
static void strong_connect(tarjan *t, unsigned root, unsigned *dfs, unsigned *cursor)
{
    unsigned depth = 0;
    dfs[depth] = root;
    cursor[depth] = t->first[root];
    visit(t, root);
    while (true) {
        unsigned v = dfs[depth], c = cursor[depth];
        if (c != NONE) {
            cursor[depth] = t->next_child[c];
            unsigned w = target(t->arg, c);
            if (t->index[w] == NONE) {
                visit(t, w);
                dfs[++depth] = w;
                cursor[depth] = t->first[w];
            } else if (t->on_stack[w] && t->index[w] < t->low[v]) {
                t->low[v] = t->index[w];
            }
            continue;
        }
        if (t->low[v] == t->index[v])
            close_component(t, v);
        if (depth == 0)
            return;
        unsigned u = dfs[--depth];
        if (t->low[v] < t->low[u])
            t->low[u] = t->low[v];
    }
}

/* Marks the components with an edge to another component. */
static void mark_exits(const tarjan *t, bool *leaves)
{
    const cg_arg *a = t->arg;
    for (unsigned c = 0; c < a->n; c++) {
        int p = a->nodes[c].parent;
        if (p >= 0 && live(a, c) && a->nodes[p].covered_by < 0
            && t->comp[p] != t->comp[target(a, c)])
            leaves[t->comp[p]] = true;
    }
}

unsigned *cg_proviso_nodes(const cg_arg *arg, unsigned *n)
{
    unsigned size = arg->n + 1;
    tarjan t = { .arg = arg };
    t.first = xmalloc(size * sizeof *t.first);
    t.next_child = xmalloc(size * sizeof *t.next_child);
    t.index = xmalloc(size * sizeof *t.index);
    t.low = xmalloc(size * sizeof *t.low);
    t.comp = xmalloc(size * sizeof *t.comp);
    t.stack = xmalloc(size * sizeof *t.stack);
    t.on_stack = xcalloc(size, sizeof *t.on_stack);
    unsigned *dfs = xmalloc(size * sizeof *dfs), *cursor = xmalloc(size * sizeof *cursor);
    build_children(&t);
    for (unsigned v = 0; v < arg->n; v++)
        t.index[v] = NONE;
    for (unsigned v = 0; v < arg->n; v++)
        if (live(arg, v) && arg->nodes[v].covered_by < 0 && t.index[v] == NONE)
            strong_connect(&t, v, dfs, cursor);
    /* per component: leaves it, has a fully expanded node, a postponed one */
    bool *leaves = xcalloc(t.n_comps + 1, sizeof *leaves);
    bool *full = xcalloc(t.n_comps + 1, sizeof *full);
    unsigned *pick = xmalloc((t.n_comps + 1) * sizeof *pick);
    for (unsigned k = 0; k < t.n_comps; k++)
        pick[k] = NONE;
    mark_exits(&t, leaves);
    for (unsigned v = 0; v < arg->n; v++) {
        if (!live(arg, v) || arg->nodes[v].covered_by >= 0)
            continue;
        unsigned k = t.comp[v];
        if (!arg->nodes[v].reduced)
            full[k] = true;
        else if (pick[k] == NONE)
            pick[k] = v;
    }
    unsigned *out = xmalloc((t.n_comps + 1) * sizeof *out);
    *n = 0;
    for (unsigned k = 0; k < t.n_comps; k++)
        if (!leaves[k] && !full[k] && pick[k] != NONE)
            out[(*n)++] = pick[k];
    free(leaves);
    free(full);
    free(pick);
    free(dfs);
    free(cursor);
    free(t.first);
    free(t.next_child);
    free(t.index);
    free(t.low);
    free(t.comp);
    free(t.stack);
    free(t.on_stack);
    return out;
}
