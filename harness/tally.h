/*
 * The closing counts of a benchmark (ordo bench, locally or through
 * SLURM): result classes as the CSV holds them, and the judgement and
 * score of the configured scoring policy (scoring.h).
 */
#ifndef ORDO_HARNESS_TALLY_H
#define ORDO_HARNESS_TALLY_H

#include <stdbool.h>
#include <stddef.h>

#include "../common/scoring.h"

typedef struct {
    scoring_policy scoring;
    size_t n_class[N_RESULT_CLASSES];
    size_t bounded_on_true; /* bounded SAFEs on tasks labelled true */
    size_t n_judged[3];     /* by the policy: none, correct, wrong */
    long score;             /* by the policy */
} answer_tally;

/* Counts one answer on a task labelled true (ON_TRUE) or false; returns
 * its result class. */
result_class tally_add(answer_tally *t, answer_kind a, bool on_true);
/* The two summary lines: the classes, then the policy's solved, wrong
 * and score. */
void tally_print(const answer_tally *t);

#endif
