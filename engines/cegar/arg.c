/* The abstract reachability graph (arg.h). */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "arg.h"

void cg_arg_init(cg_arg *a)
{
    *a = (cg_arg){ .n_buckets = 1u << 12 };
    a->bucket = xmalloc(a->n_buckets * sizeof *a->bucket);
    memset(a->bucket, -1, a->n_buckets * sizeof *a->bucket);
}

void cg_arg_free(cg_arg *a)
{
    for (unsigned i = 0; i < a->n; i++)
        cg_state_free(a->nodes[i].state);
    free(a->nodes);
    free(a->bucket);
    free(a->chain);
    *a = (cg_arg){ 0 };
}

static void rehash(cg_arg *a)
{
    a->n_buckets *= 2;
    a->bucket = xrealloc(a->bucket, a->n_buckets * sizeof *a->bucket);
    memset(a->bucket, -1, a->n_buckets * sizeof *a->bucket);
    for (unsigned i = 0; i < a->n; i++)
        if (a->nodes[i].covered_by < 0 && a->nodes[i].state) {
            unsigned b = cg_state_control_hash(a->nodes[i].state) & (a->n_buckets - 1);
            a->chain[i] = a->bucket[b];
            a->bucket[b] = (int)i;
        }
}

static int covering(const cg_arg *a, const cg_state *s, unsigned b)
{
    for (int i = a->bucket[b]; i >= 0; i = a->chain[i])
        if (a->nodes[i].state && cg_state_same_control(s, a->nodes[i].state) &&
            expl_leq(s, a->nodes[i].state))
            return i;
    return -1;
}

/* Node id becomes a coverage candidate of later nodes. */
static void candidate(cg_arg *a, unsigned id)
{
    unsigned b = cg_state_control_hash(a->nodes[id].state) & (a->n_buckets - 1);
    a->chain[id] = a->bucket[b];
    a->bucket[b] = (int)id;
}

unsigned cg_arg_add(cg_arg *a, cg_state *s, int parent, cg_action action)
{
    if (a->n >= 2 * a->n_buckets)
        rehash(a);
    unsigned cap = a->cap;
    XGROW(a->nodes, a->n, a->cap);
    if (a->cap != cap)
        a->chain = xrealloc(a->chain, a->cap * sizeof *a->chain);
    unsigned id = a->n++, b = cg_state_control_hash(s) & (a->n_buckets - 1);
    a->nodes[id] = (cg_node){ .state = s, .parent = parent, .action = action,
                              .covered_by = covering(a, s, b), .first_child = -1,
                              .next_sibling = parent >= 0 ? a->nodes[parent].first_child : -1 };
    if (parent >= 0)
        a->nodes[parent].first_child = (int)id;
    a->chain[id] = -1;
    if (a->nodes[id].covered_by >= 0)
        a->covered++;
    else
        candidate(a, id);
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
            candidate(a, i);
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
            x->action.join == act->join && x->action.pool == act->pool)
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
