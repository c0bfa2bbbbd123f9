/*
 * Regression comparison of two results of the same matrix (BASE, NEW):
 * runs are matched by configuration name and task. What a verifier's CI
 * needs to know: new wrong verdicts, lost and gained solves, and how CPU
 * time changed on the runs both solved.
 */
#ifndef ORDO_ANALYSIS_COMPARE_H
#define ORDO_ANALYSIS_COMPARE_H

#include "results.h"

typedef struct {
    const result_row *base, *new; /* base is NULL for a run only NEW has, and vice versa */
    double ratio;                  /* NEW/BASE CPU time (both solved), else NAN */
} run_pair;

typedef struct {
    run_pair *new_wrong, *still_wrong, *lost, *gained, *solved_both;
    size_t n_new_wrong, n_still_wrong, n_lost, n_gained, n_solved_both;
    size_t n_matched, n_only_base, n_only_new;
    double median_ratio, geomean_ratio; /* over solved_both; NAN when empty */
} comparison;

/* CPU times below MIN_TIME_S count as MIN_TIME_S in ratios, so that the
 * noise of very short runs does not dominate. */
void compare_results(const results *base, const results *new, double min_time_s, comparison *out);
void comparison_free(comparison *c);

/* Geometric mean of NEW/BASE CPU ratios of one configuration (NAN when
 * it has no run both solved). */
double comparison_config_geomean(const comparison *c, const char *run);

/* The median and the geometric mean of N positive values (NAN if N = 0). */
double median_of(const double *values, size_t n);
double geomean_of(const double *values, size_t n);

#endif
