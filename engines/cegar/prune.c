/* Lazy pruning of the ARG after a refinement (prune.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "prune.h"

static bool same_state(const cg_state *a, const cg_state *b)
{
    return cg_state_same_control(a, b) && expl_leq(a, b) && expl_leq(b, a);
}

static bool same_action(const cg_action *a, const cg_action *b)
{
    return a->thread == b->thread && a->edge == b->edge && a->join == b->join &&
           a->mutex == b->mutex;
}

/* Does node n's action, taken again from its parent's state under m's
 * precision, give n's state? */
static bool unchanged(cg_model *m, const cg_arg *arg, unsigned n, cg_succs *succs)
{
    const cg_node *x = &arg->nodes[n];
    const cg_state *parent = arg->nodes[x->parent].state;
    cg_thread_successors(m, parent, x->action.thread, succs);
    bool same = false;
    for (unsigned i = 0; i < succs->n && !same; i++)
        same = same_action(&succs->v[i].action, &x->action) &&
               same_state(succs->v[i].state, x->state);
    cg_succs_clear(succs);
    return same;
}

/* The pivot: the first node after the root on the path to `error` that
 * changes; -1 when none does. */
static int pivot(cg_model *m, const cg_arg *arg, unsigned error)
{
    unsigned depth = 0;
    for (int i = (int)error; arg->nodes[i].parent >= 0; i = arg->nodes[i].parent)
        depth++;
    unsigned *path = xmalloc((depth + 1) * sizeof *path);
    unsigned k = depth;
    for (int i = (int)error; arg->nodes[i].parent >= 0; i = arg->nodes[i].parent)
        path[--k] = (unsigned)i;
    cg_succs succs = { 0 };
    int found = -1;
    for (k = 0; k < depth && found < 0; k++)
        if (!unchanged(m, arg, path[k], &succs))
            found = (int)path[k];
    free(succs.v);
    free(path);
    return found;
}

static void reopen(cg_arg *arg, unsigned n)
{
    arg->nodes[n].expanded = false;
    arg->nodes[n].reopened = true;
}

bool cg_prune_lazy(cg_model *m, cg_arg *arg, unsigned error, bool reexpand_reduced)
{
    int p = pivot(m, arg, error);
    if (p < 0)
        return false;
    unsigned parent = (unsigned)arg->nodes[p].parent;
    cg_arg_prune(arg, (unsigned)p);
    reopen(arg, parent);
    arg->version++;
    for (unsigned i = 0; i < arg->n && reexpand_reduced; i++) {
        const cg_node *x = &arg->nodes[i];
        if (x->state && x->expanded && x->reduced && x->version < arg->version)
            reopen(arg, i);
    }
    return true;
}
