/*
 * Test and benchmark support: loads a solver plugin from the build tree
 * (BUILD/lib/ordo/NAME.so, found relative to the running executable in
 * BUILD/tests or BUILD/bin) and makes a factory without a deadline.
 */
#ifndef ORDO_TESTS_SMT_LOAD_H
#define ORDO_TESTS_SMT_LOAD_H

#include <ordo/smt.h>

/* false (and *f untouched) when the plugin is not built. Exits on a plugin
 * that is present but broken. */
bool smt_load_plugin(const char *name, ordo_solver_factory *f);

#endif
