/* Test and benchmark support: formulas of known difficulty. */
#ifndef ORDO_TESTS_SMT_PROBLEMS_H
#define ORDO_TESTS_SMT_PROBLEMS_H

#include <ordo/smt.h>

/* Asserts the pigeonhole principle for holes + 1 pigeons in `holes` holes
 * (Boolean variables x_PIGEON_HOLE): unsat, and exponentially hard for
 * resolution, so from about 12 holes on a reliable way to keep a solver
 * busy. */
void smt_assert_pigeonhole(ordo_smt *s, unsigned holes);

#endif
