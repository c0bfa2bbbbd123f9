/* The ordering-consistency theory as a user propagator (thesis Section
 * 5.3.2, "PROP"): the solver's partial assignment drives the event graph;
 * a self-loop is reported as a conflict over the literals of its reason. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "solve.h"

struct oc_propagator {
    oc_encoding *enc;
    oc_graph *g;
    oc_lit *id_lit;       /* solver id -> literal */
    unsigned *lit_id;     /* literal -> solver id */
    size_t n_ids;
    oc_solve_stats *st;
};

static void prop_push(void *user)
{
    oc_graph_push(((oc_propagator *)user)->g);
}

static void prop_pop(void *user, unsigned levels)
{
    oc_graph_pop(((oc_propagator *)user)->g, levels);
}

/* Derives to a fixpoint; a cycle becomes a conflict over its reason. */
static void check(oc_propagator *p, ordo_smt_prop_cb *cb)
{
    if (oc_graph_propagate(p->g, 1) == 0)
        return;
    size_t n;
    const oc_lit *r = oc_graph_conflict(p->g, 0, &n);
    unsigned *ids = xmalloc((n + 1) * sizeof *ids);
    for (size_t i = 0; i < n; i++)
        ids[i] = p->lit_id[r[i]];
    p->enc->ar.s->ops->prop_conflict(cb, (unsigned)n, ids);
    free(ids);
    p->st->prop_conflicts++;
    p->st->propagated_clauses++;
}

static void prop_fixed(void *user, ordo_smt_prop_cb *cb, unsigned id, bool value)
{
    oc_propagator *p = user;
    if (id >= p->n_ids || !p->id_lit[id])
        return;
    oc_lit l = p->id_lit[id];
    oc_graph_assign(p->g, l, value);
    if (value && oc_graph_lit_adds_order(p->g, l))
        check(p, cb);
}

static void prop_final(void *user, ordo_smt_prop_cb *cb)
{
    check(user, cb);
}

oc_propagator *oc_prop_attach(oc_encoding *enc, oc_solve_stats *st)
{
    ordo_smt *s = enc->ar.s;
    oc_propagator *p = xcalloc(1, sizeof *p);
    p->enc = enc;
    p->st = st;
    p->g = oc_graph_new(&enc->es, enc->po);
    p->lit_id = xcalloc(enc->es.n_lits + 1, sizeof *p->lit_id);
    ordo_smt_propagator ops = { p, prop_push, prop_pop, prop_fixed, prop_final };
    s->ops->prop_init(s, &ops);
    for (oc_lit l = 1; l <= enc->es.n_lits; l++) {
        if (l == enc->false_lit)
            continue;
        unsigned id = s->ops->prop_register(s, enc->lit_term[l]);
        p->lit_id[l] = id;
        if (id >= p->n_ids) {
            size_t n = 2 * (size_t)id + 16;
            p->id_lit = xrealloc(p->id_lit, n * sizeof *p->id_lit);
            for (size_t k = p->n_ids; k < n; k++)
                p->id_lit[k] = 0;
            p->n_ids = n;
        }
        p->id_lit[id] = l;
    }
    return p;
}

void oc_prop_free(oc_propagator *p)
{
    if (!p)
        return;
    oc_graph_free(p->g);
    free(p->id_lit);
    free(p->lit_id);
    free(p);
}
