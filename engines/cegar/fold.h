/*
 * Constant offsets folded in predicates that weakest preconditions
 * (wp.c) build: carried back through x := x + 1 and x := x - 1, g <= 0
 * becomes ((g + 1) - 1) <= 0, which no structural comparison finds equal
 * to g <= 0, and the precision fills with copies of its predicates, one
 * more per loop iteration of each spurious path (13-privatized_49: 206
 * predicates, most of them such copies). Also the rebuilding of an
 * expression from new operands, which the folding and wp.c's
 * substitution share.
 */
#ifndef CEGAR_FOLD_H
#define CEGAR_FOLD_H

#include <ordo/ir.h>

/* e with its operands replaced by k[0..3) (e itself when they are its
 * own, or e is a leaf). */
const ordo_expr *cg_expr_with_kids(ordo_program *p, const ordo_expr *e, const ordo_expr *const k[3]);

/* e with (a + c1) - c2 and its kin over an integer type as a + c (or
 * a - c, or a when c is 0), when c1 +- c2 is a value of the type: then
 * the two sides are equal in wrapping (bv) and in exact (int) arithmetic.
 * Other expressions are left alone. */
const ordo_expr *cg_fold_offsets(ordo_program *p, const ordo_expr *e);

#endif
