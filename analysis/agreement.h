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

/* The cross-check of every configuration of R. */
typedef struct {
    agreement *of_task;            /* per task */
    unsigned count[N_AGREEMENTS];  /* tasks per agreement */
    unsigned *proofs_over_bounded; /* per configuration: its proofs of AGREE_PROOF_BOUNDED tasks */
} cross_check;

void cross_check_build(const results *r, cross_check *out);
void cross_check_free(cross_check *c);
/* Tasks two or more configurations answered. */
unsigned cross_check_answered(const cross_check *c);

#endif
