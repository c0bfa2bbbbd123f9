/* The cegar engine's loop (cg_verify) for unit tests: every UNSAFE's
 * trace is replayed on the program (a test fails when it does not). */
#ifndef ORDO_TEST_CEGAR_VERIFY_H
#define ORDO_TEST_CEGAR_VERIFY_H

#include "../../engines/cegar/cegar.h"

/* Runs cg_verify(p, cfg) without a deadline; c is cleared first. */
cg_outcome cegar_verify_replayed(const ordo_program *p, const cg_config *cfg,
                                 const ordo_solver_factory *solvers, cg_counters *c);

#endif
