/*
 * IR expressions as SMT terms, for engines that build path formulas
 * (the cegar engine's refiner). The sorts: Bool for Bool, and for integers
 * and pointers a bit-vector of the type's width (ORDO_ARITH_BV) or Int
 * (ORDO_ARITH_INT). Memory is one array from cell addresses to cell values
 * (BV: 64-bit addresses to 64-bit values, each value extended from its
 * type as the interpreter stores it; INT: Int to Int).
 *
 * What C leaves undefined (division by zero, a shift out of range) makes
 * the interpreter stop; the translation does not compute it but conjoins
 * "the operation is defined" to *defined, so a path formula asserts that
 * the execution reaches no undefined operation. Int arithmetic has no
 * bit-wise operators, shifts or C division: a term of them is NULL and
 * ordo_smt_expr_error() says why.
 */
#ifndef ORDO_SMT_EXPR_H
#define ORDO_SMT_EXPR_H

#include <ordo/ir.h>
#include <ordo/smt.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    ordo_smt *smt;
    ordo_arith mode;
    /* The current term of a variable (in the evaluating thread). */
    ordo_term (*var)(void *ctx, unsigned var);
    void *ctx;
    ordo_term mem;          /* the current memory array */
    const char *error;      /* set when a term could not be made */
} ordo_smt_env;

/* The term of e's value; the conditions under which e is defined are
 * conjoined to *defined (a Bool term; NULL stands for true). NULL on
 * error (env->error says why). */
ordo_term ordo_smt_expr(ordo_smt_env *env, const ordo_expr *e, ordo_term *defined);
/* The sort of values of type t. */
ordo_sort ordo_smt_sort_of(ordo_smt_env *env, ordo_type t);
/* The sort of the memory array. */
ordo_sort ordo_smt_mem_sort(ordo_smt_env *env);
/* The constant v (as the evaluator stores it) of type t. */
ordo_term ordo_smt_const(ordo_smt_env *env, ordo_type t, int64_t v);
/* A value of type `from` converted to type `to` (C conversion). */
ordo_term ordo_smt_convert(ordo_smt_env *env, ordo_term v, ordo_type from, ordo_type to);
/* A value of type t as the Bool "t != 0". */
ordo_term ordo_smt_truth(ordo_smt_env *env, ordo_term v, ordo_type t);
/* An address value of type t as an index of the memory array. */
ordo_term ordo_smt_cell_index(ordo_smt_env *env, ordo_term addr, ordo_type t);
/* A value of type t as stored in a cell, and back. */
ordo_term ordo_smt_to_cell(ordo_smt_env *env, ordo_term v, ordo_type t);
ordo_term ordo_smt_from_cell(ordo_smt_env *env, ordo_term cell, ordo_type t);
/* The value of a constant term of type t as the evaluator stores it
 * (expr_eval.h); false when the term is not a constant. */
bool ordo_smt_value_of(ordo_smt_env *env, ordo_term c, ordo_type t, int64_t *out);

#ifdef __cplusplus
}
#endif
#endif
