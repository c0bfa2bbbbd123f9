/*
 * --pred-split (thesis Section 2.2.4, PRED refinement; the thesis uses
 * atoms): how a formula a refinement learns (an interpolant, or a
 * condition of the unsat core carried backwards) becomes predicates.
 *   atoms:     every atom (comparison, Bool variable) is a predicate;
 *   conjuncts: every top-level conjunct is one predicate;
 *   whole:     the formula is one predicate.
 */
#ifndef CEGAR_PRED_SPLIT_H
#define CEGAR_PRED_SPLIT_H

typedef enum { CG_SPLIT_ATOMS, CG_SPLIT_CONJUNCTS, CG_SPLIT_WHOLE } cg_pred_split;

#endif
