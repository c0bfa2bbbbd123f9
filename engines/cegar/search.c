/* The abstractor: DFS or BFS over the ARG with coverage (search.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "coi.h"
#include "por_proviso.h"
#include "por_source.h"
#include "pred.h"
#include "search.h"

typedef struct {
    unsigned *v;
    size_t head, n, cap;   /* BFS takes from head, DFS from the end */
} worklist;

typedef struct {
    cg_model *m;
    cg_arg *arg;
    bool bfs;
    worklist w;
    cg_succs succs;
    cg_search_stats *st;
    unsigned *error_node;
} search;

static void push(worklist *w, unsigned node)
{
    XGROW(w->v, w->n, w->cap);
    w->v[w->n++] = node;
}

static unsigned pop(worklist *w, bool bfs)
{
    return bfs ? w->v[w->head++] : w->v[--w->n];
}

/* DCOI: what no real observer can read any more is forgotten before the
 * state meets coverage (coi.h, cg_coi_forget_dead; pred.h). */
static void forget_dead(cg_model *m, cg_state *s)
{
    if (!m->coi)
        return;
    if (m->smt)
        cg_pred_forget_dead(m, s, cg_coi_dead_vars(m->coi, s));
    else
        cg_coi_forget_dead(m->coi, s);
}

/* The successors in x->succs become node n's children; a re-opened node
 * (prune.h) keeps the children it has: no second child by one action. */
static cg_search_result attach(search *x, unsigned n, bool reopened)
{
    cg_succs *succs = &x->succs;
    cg_search_result r = x->m->unsupported ? CG_SEARCH_UNSUPPORTED : CG_SEARCH_COMPLETE;
    if (r == CG_SEARCH_COMPLETE && x->m->unknown_mutex) {
        *x->error_node = n;
        r = CG_SEARCH_MUTEX;
    }
    x->st->explored_actions += succs->n;
    for (unsigned i = 0; i < succs->n && r == CG_SEARCH_COMPLETE; i++) {
        if (reopened && cg_arg_has_child(x->arg, n, &succs->v[i].action))
            continue;
        forget_dead(x->m, succs->v[i].state);
        unsigned c = cg_arg_add(x->arg, succs->v[i].state, (int)n, succs->v[i].action);
        succs->v[i].state = NULL;
        if (succs->v[i].error) {
            *x->error_node = c;
            r = CG_SEARCH_ERROR;
        } else if (x->arg->nodes[c].covered_by < 0) {
            push(&x->w, c);
        }
    }
    cg_succs_clear(succs);
    return r;
}

/* Node n's successors: all, or under a source set (por_source.h); the
 * node remembers the precision version it was expanded under and whether
 * the source set left actions out (the proviso and lazy pruning read it). */
static cg_search_result expand(search *x, unsigned n)
{
    cg_node *node = &x->arg->nodes[n];
    const cg_state *s = node->state;
    bool reopened = node->reopened;
    node->reopened = false;
    node->expanded = true;
    node->version = x->arg->version;
    double t0 = ordo_process_cputime_s();
    if (x->m->por) {
        cg_por_successors(x->m->por, x->m, s, &x->succs);
        node->reduced = cg_por_postponed(x->m->por, s);
    } else {
        cg_successors(x->m, s, &x->succs);
    }
    x->st->successor_s += ordo_process_cputime_s() - t0;
    return attach(x, n, reopened);
}

/* Expands the worklist empty (or to an error, the deadline, ...). */
static cg_search_result run(search *x, const ordo_deadline *d)
{
    cg_search_result r = CG_SEARCH_COMPLETE;
    for (unsigned long k = 0; x->w.head < x->w.n && r == CG_SEARCH_COMPLETE; k++) {
        if (k % 256 == 0 && ordo_deadline_expired(d))
            return CG_SEARCH_STOPPED;
        r = expand(x, pop(&x->w, x->bfs));
    }
    return r;
}

/* Node n, expanded under a source set, gets the successors of the threads
 * it left out; taken: n_threads flags, the threads of n's children. */
static cg_search_result expand_rest(search *x, unsigned n, const bool *taken)
{
    const cg_state *s = x->arg->nodes[n].state;
    double t0 = ordo_process_cputime_s();
    cg_por_expand_fully(x->m->por, x->m, s, taken, &x->succs);
    x->st->successor_s += ordo_process_cputime_s() - t0;
    x->arg->nodes[n].reduced = false;
    return attach(x, n, true);
}

/* The proviso (por_proviso.h): expands the nodes it names fully; *more
 * is false when it names none (the search is complete). */
static cg_search_result complete_terminal_components(search *x, bool *more)
{
    unsigned k;
    unsigned *nodes = cg_proviso_nodes(x->arg, &k);
    *more = k > 0;
    int *slot = xmalloc((x->arg->n + 1) * sizeof *slot);
    for (unsigned v = 0; v < x->arg->n; v++)
        slot[v] = -1;
    unsigned width = 1;
    for (unsigned i = 0; i < k; i++) {
        slot[nodes[i]] = (int)i;
        if (x->arg->nodes[nodes[i]].state->n_threads > width)
            width = x->arg->nodes[nodes[i]].state->n_threads;
    }
    bool *taken = xcalloc((size_t)k * width + 1, sizeof *taken);
    for (unsigned c = 0, n_nodes = x->arg->n; c < n_nodes; c++) {
        int p = x->arg->nodes[c].parent;
        if (p >= 0 && slot[p] >= 0 && x->arg->nodes[c].state)
            taken[(size_t)slot[p] * width + x->arg->nodes[c].action.thread] = true;
    }
    cg_search_result r = CG_SEARCH_COMPLETE;
    for (unsigned i = 0; i < k && r == CG_SEARCH_COMPLETE; i++)
        r = expand_rest(x, nodes[i], taken + (size_t)i * width);
    free(taken);
    free(slot);
    free(nodes);
    return r;
}

cg_search_result cg_search(cg_model *m, cg_arg *arg, bool bfs, const ordo_deadline *d,
                           cg_search_stats *st, unsigned *error_node)
{
    search x = { .m = m, .arg = arg, .bfs = bfs, .st = st, .error_node = error_node };
    if (arg->n == 0)
        cg_arg_add(arg, cg_initial_state(m), -1, (cg_action){ .join = -1 });
    for (unsigned i = 0; i < arg->n; i++)
        if (cg_arg_open(arg, i))
            push(&x.w, i);
    cg_search_result r = run(&x, d);
    for (bool more = m->por != NULL; r == CG_SEARCH_COMPLETE && more;) {
        r = complete_terminal_components(&x, &more);
        if (r == CG_SEARCH_COMPLETE)
            r = run(&x, d);
    }
    free(x.succs.v);
    free(x.w.v);
    return r;
}
