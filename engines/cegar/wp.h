/*
 * PRED refinement from an unsat core without interpolants: the atoms of
 * the core's conditions, carried backwards along the path through the
 * assignments before them (weakest preconditions, x := e turns φ into
 * φ[e/x]), become predicates (or their conjuncts, or the conditions
 * whole: --pred-split, pred_split.h); so does x == e for each assignment
 * a condition was carried through (e not reading x), which relates the
 * predicate on x after it to the one on e before it. Each predicate keeps
 * the thread whose locals it reads; one that would need the locals of
 * two threads is dropped (no instance could hold it). When no predicate
 * is new, the places of the core (and of its slice) become tracked
 * explicitly instead (refine.h): the predicate domain keeps their values
 * beside its predicates, as it does for mutex addresses.
 */
#ifndef CEGAR_WP_H
#define CEGAR_WP_H

#include "path.h"
#include "pred_split.h"

/* After UNSAT: adds the predicates (or places) to prec (built in p, the
 * analysed program); returns how many were new. */
unsigned cg_refine_pred_wp(cg_path *pf, cg_prec *prec, ordo_program *p, cg_pred_split split);

/* Adds the atoms of a condition as predicates; returns how many were new. */
unsigned cg_prec_add_atoms(cg_prec *prec, ordo_program *p, const ordo_expr *cond);

/* e with every read of var replaced by r (built in p; e itself when it
 * does not read var). */
const ordo_expr *cg_subst_var(ordo_program *p, const ordo_expr *e, unsigned var,
                              const ordo_expr *r);

#endif
