/*
 * The figures of `ordo report` (each written with gnuplot.h as
 * OUT/NAME.png and OUT/NAME.svg): CPU times are drawn on log scales, as
 * SV-COMP draws them; times below FIGURE_MIN_TIME_S are drawn at it.
 * Each returns 0 or an exit status (one line printed).
 */
#ifndef ORDO_ANALYSIS_FIGURES_H
#define ORDO_ANALYSIS_FIGURES_H

#include "summary.h"

#define FIGURE_MIN_TIME_S 0.01

/* quantile-cputime: the CPU time of the n-th fastest correct result of
 * each configuration (SV-COMP's quantile plot). */
int figure_quantile(const results *r, const char *out_dir);

/* scatter-X-vs-Y: per task, the CPU time of configuration X against Y,
 * log-log with the diagonal (thesis Figure 5.5); a task one side did not
 * solve correctly is drawn on that side's border at LIMIT_S (the CPU limit
 * from metadata.yml; NAN: the decade above the largest time). */
int figure_scatter(const results *r, const char *out_dir, const char *x_config, const char *y_config,
                   double limit_s);

/* scaling: CPU time against the family parameter N that REGEX's first
 * capture group extracts from the task name (thesis Figures 3.6 and 4.3);
 * one line per configuration, unsolved members on the top border. */
int figure_scaling(const results *r, const char *out_dir, const char *regex, double limit_s);

/* bar-VALUE: one bar per configuration: "solved", "score", or the average
 * of a value (cputime_s, a statistic) over the common set of the
 * configuration's family in G. */
int figure_bar(const results *r, const config_groups *g, const char *out_dir, const char *value);

#endif
