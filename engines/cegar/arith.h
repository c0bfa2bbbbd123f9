/*
 * --arith for the cegar engine (DESIGN.md "Semantics"): the arithmetic
 * of the SMT terms of path formulas and of PRED's transfer checks.
 *  - bv: bit-vectors, C's arithmetic exactly.
 *  - int: mathematical integers through core's translation (ir_smt.h),
 *    exact for C but for signed overflow, which C leaves undefined; a
 *    counterexample that needs it does not replay and is no UNSAFE.
 *  - auto: Int where the program's meaning does not depend on
 *    bit-vectors (ordo_program_arith_choice, the choice oc makes too).
 * Explicit values (EXPL, and the addresses and thread ids the abstract
 * state knows) are C values, computed by the interpreter's arithmetic in
 * every mode. Int runs with PRED and unsat-core refinement only: EXPL's
 * values are bit-precise, and interpolants are read back into the
 * program from bit-vector terms only (itp_read.h).
 */
#ifndef CEGAR_ARITH_H
#define CEGAR_ARITH_H

#include <stdbool.h>

#include <ordo/ir.h>

typedef enum { CG_ARITH_BV = 0, CG_ARITH_INT, CG_ARITH_AUTO } cg_arith;

/* The terms of a run on p (the analysed program) under --arith `arith`
 * with domain PRED (pred) and an interpolating refinement (itp): Int
 * (*smt_int) or bit-vectors. A reason (malloc'ed) when --arith int
 * cannot run the configuration or the program, else NULL. */
char *cg_arith_choose(cg_arith arith, bool pred, bool itp, const ordo_program *p,
                      bool *smt_int);

#endif
