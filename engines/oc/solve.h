/*
 * Deciding ψ_ssa ∧ ψ_ord (thesis Section 5.3): the SMT solver decides
 * ψ_ssa, the event graph decides the orders.
 *  - BASIC (seed 002, thesis Section 5.5 "BASIC"): solve without orders;
 *    check the model's event graph; on cycles add the negated core kernel
 *    reasons and solve again (incrementally).
 *  - PROP: the event graph runs inside the solver as a user propagator
 *    (fixed / push / pop / final) and reports conflicts with their reasons
 *    (Definition 16). Its models are checked the same way, so a conflict
 *    the propagator missed is still refined away.
 */
#ifndef OC_SOLVE_H
#define OC_SOLVE_H

#include <ordo/plugin.h>
#include <ordo/smt.h>

#include "encoding.h"
#include "graph.h"

typedef struct {
    size_t refinements;        /* BASIC iterations that found a cycle */
    size_t refinement_clauses; /* clauses they added */
    size_t prop_conflicts;     /* conflicts PROP reported */
    size_t propagated_clauses; /* conflict clauses PROP handed to the solver */
    size_t prevented;          /* literals PROP propagated false (preventive) */
    double solver_time_s;
    const char *error;         /* an internal failure, when set */
} oc_solve_stats;

/* Installs the ordering propagator (the solver must have the capability);
 * prevent: also propagate the order literals that would close a cycle. */
typedef struct oc_propagator oc_propagator;
oc_propagator *oc_prop_attach(oc_encoding *enc, bool prevent, oc_solve_stats *st);
void oc_prop_free(oc_propagator *p);

/* Checks until a model is consistent (SAT), UNSAT or UNKNOWN (also once
 * the deadline passes: the solver's own, which also ends its checks). */
ordo_smt_result oc_solve(oc_encoding *enc, const ordo_deadline *deadline, oc_solve_stats *st);

/* The event graph of the current model with every literal assigned;
 * *n_conflicts conflicts (at most max) were found. */
oc_graph *oc_model_graph(oc_encoding *enc, size_t max_conflicts, size_t *n_conflicts);

#endif
