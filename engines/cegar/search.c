/* The abstractor: DFS or BFS over the ARG with coverage (search.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "coi.h"
#include "por_source.h"
#include "pred.h"
#include "search.h"

typedef struct {
    unsigned *v;
    size_t head, n, cap;   /* BFS takes from head, DFS from the end */
} worklist;

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

/* The successors of node n become its children; *covered tells whether
 * one of them is covered. */
static cg_search_result attach(cg_model *m, cg_arg *arg, unsigned n, cg_succs *succs,
                               worklist *w, unsigned *error_node, bool *covered)
{
    cg_search_result r = m->unsupported ? CG_SEARCH_UNSUPPORTED : CG_SEARCH_COMPLETE;
    for (unsigned i = 0; i < succs->n && r == CG_SEARCH_COMPLETE; i++) {
        forget_dead(m, succs->v[i].state);
        unsigned c = cg_arg_add(arg, succs->v[i].state, (int)n, succs->v[i].action);
        succs->v[i].state = NULL;
        if (succs->v[i].error) {
            *error_node = c;
            r = CG_SEARCH_ERROR;
        } else if (arg->nodes[c].covered_by < 0) {
            push(w, c);
        } else {
            *covered = true;
        }
    }
    cg_succs_clear(succs);
    return r;
}

/* Node n's successors: all, or under a source set (por_source.h), fully
 * expanded when a reduced successor is covered (the cycle proviso). */
static cg_search_result expand(cg_model *m, cg_arg *arg, unsigned n, cg_succs *succs,
                               worklist *w, cg_search_stats *st, unsigned *error_node)
{
    const cg_state *s = arg->nodes[n].state;
    double t0 = ordo_process_cputime_s();
    if (m->por)
        cg_por_successors(m->por, m, s, succs);
    else
        cg_successors(m, s, succs);
    st->successor_s += ordo_process_cputime_s() - t0;
    st->explored_actions += succs->n;
    bool covered = false;
    cg_search_result r = attach(m, arg, n, succs, w, error_node, &covered);
    if (r != CG_SEARCH_COMPLETE || !covered || !m->por)
        return r;
    t0 = ordo_process_cputime_s();
    cg_por_expand_fully(m->por, m, s, succs);
    st->successor_s += ordo_process_cputime_s() - t0;
    st->explored_actions += succs->n;
    return attach(m, arg, n, succs, w, error_node, &covered);
}

cg_search_result cg_search(cg_model *m, cg_arg *arg, bool bfs, const ordo_deadline *d,
                           cg_search_stats *st, unsigned *error_node)
{
    worklist w = { 0 };
    cg_succs succs = { 0 };
    cg_search_result r = CG_SEARCH_COMPLETE;
    push(&w, cg_arg_add(arg, cg_initial_state(m), -1, (cg_action){ 0, 0, -1 }));
    for (unsigned long k = 0; w.head < w.n && r == CG_SEARCH_COMPLETE; k++) {
        if (k % 256 == 0 && ordo_deadline_expired(d)) {
            r = CG_SEARCH_STOPPED;
            break;
        }
        r = expand(m, arg, pop(&w, bfs), &succs, &w, st, error_node);
    }
    free(succs.v);
    free(w.v);
    return r;
}
