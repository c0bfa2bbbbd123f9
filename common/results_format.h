/*
 * The results format (README, "Results"): the columns of results.csv and
 * how its fixed fields encode a run. The harness writes rows by it
 * (harness/results_file.c), the analysis reads them by it
 * (analysis/results.c); metadata.yml is read by metadata.h.
 */
#ifndef ORDO_COMMON_RESULTS_FORMAT_H
#define ORDO_COMMON_RESULTS_FORMAT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The fixed leading columns, in order; one column per declared statistic
 * follows them. */
enum {
    RESULTS_COL_BENCHMARK, RESULTS_COL_RUN, RESULTS_COL_ENGINE, RESULTS_COL_OPTIONS,
    RESULTS_COL_TASK, RESULTS_COL_EXPECTED, RESULTS_COL_STATUS, RESULTS_COL_VERDICT,
    RESULTS_COL_RESULT, RESULTS_COL_BOUND, RESULTS_COL_COMPLETE, RESULTS_COL_CPU,
    RESULTS_COL_WALL, RESULTS_COL_MEMORY, RESULTS_COL_REASON,
    RESULTS_N_FIXED
};
extern const char *const results_fixed_columns[RESULTS_N_FIXED];

/* Writes the header line: the fixed columns, then the statistics'. */
void results_write_header(FILE *out, char *const *stat_names, size_t n_stats);

/* The verdict column: "true", "false", or empty for no verdict (EXPECT_*,
 * scoring.h). Parsing returns false on any other text. */
const char *results_verdict_text(int verdict);
bool results_verdict_parse(const char *text, int *verdict);

/* The expected column: the task's label, "true" or "false". */
const char *results_expected_text(bool expected_true);
bool results_expected_parse(const char *text, bool *expected_true);

/* The complete column: the engine's completeness flag of a SAFE, "true" or
 * "false"; empty for other verdicts (and in files written before the
 * column existed). Parsing gives 1, 0, or -1 for empty. */
const char *results_complete_text(int verdict, bool complete);
bool results_complete_parse(const char *text, int *complete);

#endif
