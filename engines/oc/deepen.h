/*
 * Incremental unwinding: the oc engine run at growing unroll bounds, as
 * bounded model checkers deepen (CBMC's incremental unwinding, ESBMC's
 * incremental BMC). The first attempt is the thesis' (Section 5.5: static
 * trip counts in full, other loops K times); deeper attempts only follow
 * a bounded answer, so they never lose a verdict the first one gives.
 */
#ifndef OC_DEEPEN_H
#define OC_DEEPEN_H

#include "verify.h"

typedef struct {
    unsigned unroll;     /* first bound: loops without a static trip count */
    unsigned unroll_max; /* deepest bound; <= unroll: one attempt only */
    double deepen_s;     /* CPU seconds after which no deeper attempt runs
                            and a running one stops; 0 = the run's deadline */
    size_t deepen_events; /* a deeper attempt gives up beyond this many
                             events (0 = the engine's limit): a stop that,
                             unlike deepen_s, is the same for every
                             configuration and every machine */
} oc_bounds;

typedef struct {
    oc_outcome o;        /* of the reported attempt; times and solver
                            counters summed over all attempts */
    oc_work answer;      /* the work of the reported attempt alone */
    unsigned bound;      /* its unroll bound */
    unsigned attempts;
    char *error;         /* unsupported input (o is then empty) */
} oc_deepened;

/* Verifies p at bound b->unroll, then, while the answer is a bounded
 * SAFE (or the encoding too large), at doubled bounds up to
 * b->unroll_max. Reports the first UNSAFE or complete SAFE, else the
 * deepest bounded SAFE, else the first attempt's answer. */
oc_deepened oc_verify_deepening(const ordo_program *p, const ordo_solver_factory *solvers,
                                const ordo_deadline *deadline, const oc_config *cfg,
                                const oc_bounds *b);

#endif
