/*
 * The fixed SMT workload of the interface-overhead benchmark, built and
 * solved once by raw Z3 C API calls and once through <ordo/smt.h>:
 * pigeonhole 8 (Booleans), 150 incremental 16-bit factorisation checks
 * with push/pop and model reads (bit-vectors), a 300-step difference chain
 * (integers, sat and unsat), a 60-store array chain. Both return a
 * checksum of all answers, equal when both sides answered alike. Shared by
 * tests/bench/smt_overhead.c (callgrind) and the smtbench engine
 * (configs/smt-overhead.yml).
 */
#ifndef ORDO_TESTS_SMT_WORKLOAD_H
#define ORDO_TESTS_SMT_WORKLOAD_H

#include <stdint.h>

#include <ordo/smt.h>

/* 32 bits, so that a statistic (a double, %.10g in the CSV) holds it
 * exactly. */
typedef uint32_t smt_checksum;

smt_checksum smt_workload_raw(void);

/* Through a solver of F. false, with *error (malloc'ed), when no solver
 * could be made or it failed. */
bool smt_workload_ordo(const ordo_solver_factory *f, smt_checksum *sum, char **error);

#endif
