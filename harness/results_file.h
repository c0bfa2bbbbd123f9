/*
 * Writing the results CSV of a benchmark (its columns: results_format.h):
 * one row per finished run,
 * appended with one write and flushed before the next run starts, so a
 * killed benchmark loses no finished run and --resume repeats none.
 */
#ifndef ORDO_HARNESS_RESULTS_FILE_H
#define ORDO_HARNESS_RESULTS_FILE_H

#include <stdbool.h>
#include <stdio.h>

#include "runner.h"
#include "../common/scoring.h"

/* What the run answered (scoring.h), from its verdict and completeness. */
answer_kind run_answer(const run_outcome *o);

typedef struct {
    char *path;
    int fd;
    size_t n_stats;
    char **stat_names;
    size_t n_done, cap_done;
    char **done;            /* "run\ttask" of the rows present, sorted */
} results_file;

/* Opens DIR/results.csv with the given statistic columns. Fresh: writes
 * the header (replacing an old file). Resume: keeps the rows present
 * (dropping a torn last line) after checking the header. On failure
 * returns false with *err. */
bool results_open(results_file *rf, const char *dir, char **stat_names, size_t n_stats,
                  bool resume, char **err);
bool results_done(const results_file *rf, const char *run, const char *task);
/* Appends and flushes one row. */
void results_append(results_file *rf, const char *benchmark, const run_config *rc,
                    const task *t, const run_outcome *o);
void results_close(results_file *rf);

#endif
