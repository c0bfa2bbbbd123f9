/*
 * Cross-check of configurations against each other (issues 29 to 31): on
 * every task two or more configurations answered with a verdict, do their
 * answers agree? An answer is the scoring's (scoring.h: a proof, a bounded
 * SAFE or a violation, read from the run alone, whatever the --scoring
 * policy); a run without a verdict (unknown, timeout, error, ...) is no
 * answer. Configuration against configuration: whether an answer is right
 * w.r.t. the label is the summary's business.
 */
#ifndef ORDO_ANALYSIS_AGREEMENT_H
#define ORDO_ANALYSIS_AGREEMENT_H

#include <stddef.h>

#include "results.h"

typedef enum {
    AGREE_NONE,              /* fewer than two answers: nothing to cross-check */
    AGREE_SAME,              /* all proofs, all bounded SAFEs or all violations */
    AGREE_PROOF_BOUNDED,     /* proofs and bounded SAFEs: one proves what another only bounds */
    AGREE_BOUNDED_VIOLATION, /* bounded SAFEs and violations, no proof: a bug of neither */
    AGREE_CONFLICT,          /* a proof and a violation: one of them (or the label) is wrong */
} agreement;
#define N_AGREEMENTS 5

/* The agreement of the N answers to one task (ANSWER_NONE is skipped). The
 * strongest disagreement wins: a proof, a bounded SAFE and a violation are
 * a conflict. */
agreement agreement_of(const answer_kind *answers, size_t n);

/* The runs to cross-check: RUNS[task * n_configs + config] (NULL: no run)
 * of N_CONFIGS named configurations on N_TASKS named tasks. A report's
 * results give one (run_grid_of); the HTML page's columns another, where
 * the same configuration in two result sets is two columns. */
typedef struct {
    const char *const *configs, *const *tasks;
    unsigned n_configs, n_tasks;
    const result_row **runs;
} run_grid;

/* R's configurations and tasks (borrowed from R); run_grid_free frees
 * the runs. */
void run_grid_of(const results *r, run_grid *out);
void run_grid_free(run_grid *g);
const result_row *run_grid_cell(const run_grid *g, unsigned config, unsigned task);

/* The cross-check of every configuration of a grid. */
typedef struct {
    agreement *of_task;            /* per task */
    unsigned count[N_AGREEMENTS];  /* tasks per agreement */
    unsigned *proofs_over_bounded; /* per configuration: its proofs of AGREE_PROOF_BOUNDED tasks */
} cross_check;

void cross_check_build(const run_grid *g, cross_check *out);
void cross_check_free(cross_check *c);
/* Tasks two or more configurations answered. */
unsigned cross_check_answered(const cross_check *c);

#endif
