/* The abstract reachability graph (arg.h). */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "arg.h"

void cg_arg_init(cg_arg *a)
{
    *a = (cg_arg){ 0 };
    cg_cover_index_init(&a->candidates);
}

void cg_arg_free(cg_arg *a)
{
    for (unsigned i = 0; i < a->n; i++)
        cg_state_free(a->nodes[i].state);
    free(a->nodes);
    cg_cover_index_free(&a->candidates);
    *a = (cg_arg){ 0 };
}

/* The latest live candidate of s's control part that covers s (sig: s's
 * signature), or -1. */
static int covering(cg_arg *a, const cg_state *s, const cg_sig *sig)
{
    const cg_cover_class *c = cg_cover_class_at(&a->candidates, cg_state_control_hash(s), false);
    for (unsigned i = c ? c->n : 0; i-- > 0;) {
        const cg_state *t = a->nodes[c->v[i].node].state;
        if (cg_sig_may_cover(&c->v[i].sig, sig) && t && cg_state_same_control(s, t) &&
            expl_leq(s, t))
            return (int)c->v[i].node;
    }
    return -1;
}

/* Node id (signed sig) becomes a coverage candidate of later nodes. */
static void candidate(cg_arg *a, unsigned id, const cg_sig *sig)
{
    cg_cover_class *c = cg_cover_class_at(&a->candidates,
                                          cg_state_control_hash(a->nodes[id].state), true);
    XGROW(c->v, c->n, c->cap);
    c->v[c->n++] = (cg_candidate){ .sig = *sig, .node = id };
}

unsigned cg_arg_add(cg_arg *a, cg_state *s, int parent, cg_action action)
{
    XGROW(a->nodes, a->n, a->cap);
    s = cg_state_pack(s);
    cg_sig sig = cg_sig_of(s);
    unsigned id = a->n++;
    a->nodes[id] = (cg_node){ .state = s, .parent = parent, .action = action,
                              .covered_by = covering(a, s, &sig), .first_child = -1,
                              .next_sibling = parent >= 0 ? a->nodes[parent].first_child : -1 };
    if (parent >= 0)
        a->nodes[parent].first_child = (int)id;
    if (a->nodes[id].covered_by >= 0)
        a->covered++;
    else
        candidate(a, id, &sig);
    return id;
}

unsigned cg_arg_prune(cg_arg *a, unsigned n)
{
    unsigned pruned = 0;
    /* a child comes after its parent: one pass marks the subtree */
    for (unsigned i = n; i < a->n; i++) {
        cg_node *x = &a->nodes[i];
        if (i != n && (x->parent < 0 || a->nodes[x->parent].state || !x->state))
            continue;
        cg_state_free(x->state);
        x->state = NULL;
        pruned++;
    }
    for (unsigned i = 0; i < a->n; i++) {
        cg_node *x = &a->nodes[i];
        if (x->state && x->covered_by >= 0 && !a->nodes[x->covered_by].state) {
            x->covered_by = -1;
            cg_sig sig = cg_sig_of(x->state);
            candidate(a, i, &sig);
        }
    }
    return pruned;
}

bool cg_arg_open(const cg_arg *a, unsigned n)
{
    const cg_node *x = &a->nodes[n];
    return x->state && x->covered_by < 0 && !x->expanded;
}

bool cg_arg_has_child(const cg_arg *a, unsigned n, const cg_action *act)
{
    for (int i = a->nodes[n].first_child; i >= 0; i = a->nodes[i].next_sibling) {
        const cg_node *x = &a->nodes[i];
        if (x->state && x->action.thread == act->thread && x->action.edge == act->edge &&
            x->action.join == act->join && x->action.pool == act->pool &&
            x->action.mutex == act->mutex)
            return true;
    }
    return false;
}

void cg_arg_path(const cg_arg *a, unsigned n, cg_action **actions, const cg_state ***states,
                 unsigned *n_steps)
{
    unsigned k = 0;
    for (int i = (int)n; a->nodes[i].parent >= 0; i = a->nodes[i].parent)
        k++;
    *actions = xmalloc((k + 1) * sizeof **actions);
    *states = xmalloc((k + 1) * sizeof **states);
    *n_steps = k;
    (*states)[k] = a->nodes[n].state;
    for (int i = (int)n; a->nodes[i].parent >= 0; i = a->nodes[i].parent) {
        k--;
        (*actions)[k] = a->nodes[i].action;
        (*states)[k] = a->nodes[a->nodes[i].parent].state;
    }
}
