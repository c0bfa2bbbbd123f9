/* The lazy check loop shared by BASIC and PROP (see solve.h). */
#include "solve.h"

#include <stdlib.h>

#include "clauses.h"

/* Kernel reasons collected per refinement (seed 002 keeps all core ones;
 * a bound keeps one refinement cheap). */
#define MAX_KERNEL_REASONS 64

static bool model_true(oc_encoding *enc, ordo_term t)
{
    ordo_term v = ordo_smt_eval(enc->ar.s, t, true);
    int64_t b = 0;
    return v && enc->ar.s->ops->term_to_int64(enc->ar.s, v, &b) && b;
}

/* Assigns every literal its value in the current model and derives. */
static size_t assign_model(oc_encoding *enc, oc_graph *g, size_t max_conflicts)
{
    for (oc_lit l = 1; l <= enc->es.n_lits; l++)
        oc_graph_assign(g, l, l != enc->false_lit && model_true(enc, enc->lit_term[l]));
    return oc_graph_propagate(g, max_conflicts);
}

oc_graph *oc_model_graph(oc_encoding *enc, size_t max_conflicts, size_t *n_conflicts)
{
    oc_graph *g = oc_graph_new(&enc->es, enc->po);
    *n_conflicts = assign_model(enc, g, max_conflicts);
    return g;
}

/* Adds the negations of the subset-minimal reasons of g's conflicts. */
static bool refine(oc_encoding *enc, oc_graph *g, size_t n, oc_solve_stats *st)
{
    oc_clauses c;
    oc_clauses_init(&c);
    for (size_t i = 0; i < n; i++) {
        size_t m;
        const oc_lit *r = oc_graph_conflict(g, i, &m);
        oc_clauses_add(&c, r, m);
    }
    oc_clauses_keep_minimal(&c);
    bool ok = true;
    for (size_t i = 0; i < c.n; i++) {
        size_t m;
        const oc_lit *r = oc_clauses_get(&c, i, &m);
        if (m == 0) { /* a cycle without reason: program order itself */
            st->error = "internal error: conflict without a reason";
            ok = false;
            break;
        }
        oc_enc_assert_conflict(enc, r, m);
    }
    st->refinements++;
    st->refinement_clauses += c.n;
    oc_clauses_free(&c);
    return ok;
}

ordo_smt_result oc_solve(oc_encoding *enc, const ordo_deadline *deadline, oc_solve_stats *st)
{
    /* One graph for every model: program order (level 0) is built once,
     * each model's literals and orders are a level of their own. */
    oc_graph *g = oc_graph_new(&enc->es, enc->po);
    ordo_smt_result r = ORDO_SMT_UNKNOWN;
    while (!ordo_deadline_expired(deadline)) {
        double t0 = ordo_process_cputime_s();
        r = ordo_smt_check(enc->ar.s);
        st->solver_time_s += ordo_process_cputime_s() - t0;
        if (r != ORDO_SMT_SAT || st->error)
            break;
        oc_graph_push(g);
        size_t n = assign_model(enc, g, MAX_KERNEL_REASONS);
        bool ok = n == 0 || refine(enc, g, n, st);
        oc_graph_pop(g, 1);
        if (n == 0 || !ok)
            break;
        r = ORDO_SMT_UNKNOWN; /* refined: check again */
    }
    oc_graph_free(g);
    return st->error ? ORDO_SMT_UNKNOWN : r;
}
