/*
 * The facts of a source state that PRED's transfer checks depend on
 * (thesis Section 2.2.2, Cartesian abstraction). The known values of an
 * abstract state are all entailed by one satisfiable formula (the path
 * that reached it), so their conjunction is satisfiable; a subset of them
 * that shares no place (variable, or memory as one place) with the
 * action and the open predicate instances, nor with the facts that do,
 * can neither make the action infeasible nor decide an open instance.
 * Leaving it out makes the checks smaller and lets states that differ
 * only there share the cached result (pred_cache.h): interleavings of
 * threads that write unrelated variables ask the same questions.
 * Variables are places by index: the copies of one local in different
 * threads count as one (more facts are kept, never fewer).
 */
#ifndef CEGAR_PRED_SLICE_H
#define CEGAR_PRED_SLICE_H

#include "transfer.h"

/* keep[i] (s->n_vals entries) tells whether s->vals[i] is relevant to the
 * action executing st and to the open predicates preds[0..n): the facts
 * connected to their places through shared places. Everything is kept
 * when st is a call or a return (not inlined: places unknown). */
void cg_pred_relevant(const cg_model *m, const cg_state *s, const ordo_stmt *st,
                      const ordo_expr *const *preds, unsigned n, bool *keep);

#endif
