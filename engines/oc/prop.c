/* The ordering-consistency theory as a user propagator (thesis Section
 * 5.3.2, "PROP"): the solver's partial assignment drives the event graph;
 * a self-loop is reported as a conflict over the literals of its reason.
 * With preventive propagation (Sun, Fan and He [82]; not in the thesis'
 * Table 5.1), an order literal that would close a cycle is propagated
 * false by the reason of the path it would close. */
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "solve.h"

struct oc_propagator {
    oc_encoding *enc;
    oc_graph *g;
    oc_lit *id_lit;       /* solver id -> literal */
    unsigned *lit_id;     /* literal -> solver id */
    size_t n_ids;
    ordo_term *lit_not;   /* literal -> its negation, made when first needed */
    bool prevent;
    oc_solve_stats *st;
};

/* Events a preventive search visits on either side of a new order: a
 * bound per assignment, so that a long thread costs no sweep of it. */
#define PREVENT_BUDGET 64

static void prop_push(void *user)
{
    oc_graph_push(((oc_propagator *)user)->g);
}

static void prop_pop(void *user, unsigned levels)
{
    oc_graph_pop(((oc_propagator *)user)->g, levels);
}

/* The solver ids of the literals r[0..n) (malloc'ed). */
static unsigned *ids_of(const oc_propagator *p, const oc_lit *r, size_t n)
{
    unsigned *ids = xmalloc((n + 1) * sizeof *ids);
    for (size_t i = 0; i < n; i++)
        ids[i] = p->lit_id[r[i]];
    return ids;
}

typedef struct {
    oc_propagator *p;
    ordo_smt_prop_cb *cb;
} prevent_ctx;

/* A literal the graph found cycle-closing: its negation is a consequence
 * of the reason's literals. */
static void propagate_false(void *ud, oc_lit l, const oc_lit *reason, size_t n)
{
    prevent_ctx *c = ud;
    oc_propagator *p = c->p;
    ordo_smt *s = p->enc->ar.s;
    if (l == p->enc->false_lit)
        return;
    if (!p->lit_not[l])
        p->lit_not[l] = ordo_smt_app1(s, ORDO_OP_NOT, p->enc->lit_term[l]);
    unsigned *ids = ids_of(p, reason, n);
    s->ops->prop_consequence(c->cb, (unsigned)n, ids, p->lit_not[l]);
    free(ids);
    p->st->prevented++;
}

/* Derives to a fixpoint; a cycle becomes a conflict over its reason,
 * else (preventing) the literals that would close one are propagated. */
static void check(oc_propagator *p, ordo_smt_prop_cb *cb)
{
    if (oc_graph_propagate(p->g, 1) == 0) {
        if (p->prevent)
            oc_graph_prevent(p->g, PREVENT_BUDGET, propagate_false, &(prevent_ctx){ p, cb });
        return;
    }
    size_t n;
    const oc_lit *r = oc_graph_conflict(p->g, 0, &n);
    unsigned *ids = ids_of(p, r, n);
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

oc_propagator *oc_prop_attach(oc_encoding *enc, bool prevent, oc_solve_stats *st)
{
    ordo_smt *s = enc->ar.s;
    oc_propagator *p = xcalloc(1, sizeof *p);
    p->enc = enc;
    p->prevent = prevent;
    p->st = st;
    p->lit_not = xcalloc(enc->es.n_lits + 1, sizeof *p->lit_not);
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
    free(p->lit_not);
    free(p);
}
