/*
 * The refiner's side of the mutex case split (mutex_cells.h): the
 * candidates a feasible outside case shows, and the predicate that rules
 * the outside case out once the precision holds it.
 */
#ifndef CEGAR_MUTEX_LEARN_H
#define CEGAR_MUTEX_LEARN_H

#include "mutex_cells.h"
#include "path.h"
#include "refine_loops.h"

/* pf's last action is the outside case of edge `edge` of proc: the
 * address of a model of pf without the labels of the loop guards in
 * relaxed (refine_loops.h; NULL: with every label), and of every further
 * model once the earlier addresses are excluded, until the path allows no
 * other, become candidates. false, none added, when CG_MUTEX_CELLS_MAX
 * addresses (or a model without the address' value) stopped that first,
 * or when none was new. pf's formula is left as it was, unchecked. */
bool cg_mutex_learn_cells(cg_mutex_cells *mc, cg_path *pf, const cg_loop_guards *relaxed,
                          unsigned proc, unsigned edge);
/* The predicate "addr is one of cells[0..n)" (ascending, n > 0): a range
 * with a stride when they are evenly spaced, else their disjunction. */
const ordo_expr *cg_mutex_member(ordo_program *p, const ordo_expr *addr, const uint64_t *cells,
                                 unsigned n);

#endif
