/*
 * Constant offsets folded in predicates that weakest preconditions
 * (wp.c) build: carried back through x := x + 1 and x := x - 1, g <= 0
 * becomes ((g + 1) - 1) <= 0, which no structural comparison finds equal
 * to g <= 0, and the precision fills with copies of its predicates, one
 * more per loop iteration of each spurious path (13-privatized_49: 206
 * predicates, most of them such copies).
 */
#ifndef CEGAR_FOLD_H
#define CEGAR_FOLD_H

#include <ordo/ir.h>

/* e with (a + c1) - c2 and its kin over an integer type as a + c (or
 * a - c, or a when c is 0), when c1 +- c2 is a value of the type: then
 * the two sides are equal in wrapping (bv) and in exact (int) arithmetic.
 * Other expressions are left alone. */
const ordo_expr *cg_fold_offsets(ordo_program *p, const ordo_expr *e);

#endif
