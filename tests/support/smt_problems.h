/* Test and benchmark support: formulas of known difficulty. */
#ifndef ORDO_TESTS_SMT_PROBLEMS_H
#define ORDO_TESTS_SMT_PROBLEMS_H

#include <ordo/smt.h>

/* Asserts the pigeonhole principle for holes + 1 pigeons in `holes` holes
 * (Boolean variables x_PIGEON_HOLE): unsat, and exponentially hard for
 * resolution, so from about 12 holes on a reliable way to keep a solver
 * busy. */
void smt_assert_pigeonhole(ordo_smt *s, unsigned holes);

/* CPU time a solver may spend on such a problem past a stop (a timeout,
 * an interrupt, a deadline) before it notices: it looks between steps of
 * its search. Well above what Z3 and cvc5 need, far below what 14 holes
 * take without a stop. Tests bound the work past a stop in CPU time, which
 * waiting for a core on a loaded machine does not spend. */
#define SMT_REACT_CPU_S 1.0

#endif
