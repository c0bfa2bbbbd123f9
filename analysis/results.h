/*
 * The results model: the rows of one or more results.csv files (format in
 * BRIEF.md "Results format"), indexed by configuration (the `run` column)
 * and task. Rows are validated when loaded: a result that contradicts its
 * expected verdict and verdict is an input error, because every number ordo
 * reports is computed from these columns.
 */
#ifndef ORDO_ANALYSIS_RESULTS_H
#define ORDO_ANALYSIS_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include <ordo/arena.h>

#include "../common/results_format.h"
#include "../common/scoring.h"

typedef enum {
    STATUS_TRUE, STATUS_FALSE, STATUS_UNKNOWN, STATUS_TIMEOUT, STATUS_MEMOUT,
    STATUS_CRASH, STATUS_ERROR, STATUS_UNSUPPORTED,
} run_status;

typedef struct {
    const char *benchmark, *run, *engine, *options, *task, *status_text, *bound, *reason;
    bool expected;          /* expected verdict */
    run_status status;
    int verdict;            /* EXPECT_* (scoring.h) */
    answer_kind answer;     /* from verdict and completeness, never the label */
    result_class result;    /* classify(answer, expected) */
    judgement judged;       /* by the results' scoring policy */
    int points;             /* by the results' scoring policy */
    double cputime_s, walltime_s, memory_mb; /* NAN when empty */
    const double *stats;    /* n_stats values, NAN when empty */
    size_t n_stats;
    unsigned config, task_id;
    const char *file;       /* where the row came from */
    unsigned line;
} result_row;

typedef struct {
    ordo_arena *arena;
    scoring_policy scoring; /* how rows are judged: results_rescore() */
    result_row *rows;
    size_t n_rows, cap_rows;
    char **stat_names;      /* statistic columns, union over the files */
    size_t n_stats, cap_stats;
    char **configs;         /* `run` names in order of first appearance */
    size_t n_configs, cap_configs;
    char **tasks;           /* task names in order of first appearance */
    size_t n_tasks, cap_tasks;
    unsigned *task_slots;   /* hash table: task_id + 1, 0 = free */
    size_t n_slots;
    int *cell;              /* n_configs x n_tasks: row index or -1 */
    char **dirs;            /* result directories given (for metadata) */
    size_t n_dirs, cap_dirs;
} results;

/* A file written before the `complete` column existed (README, "Scoring")
 * is still read: its SAFE is complete only when its bound is empty and the
 * engine's own ENGINE.complete statistic is 1 (oc.complete for oc), else
 * bounded. */

void results_init(results *r);
void results_free(results *r);

/* Loads PATH (a results directory holding results.csv, or a CSV file) into
 * R, after the rows loaded before. Prints one line and returns an exit
 * status (ORDO_EXIT_INPUT) on a missing or malformed file or a row that
 * repeats a configuration and task already loaded; returns 0 on success. */
int results_load(results *r, const char *path);

/* The row of CONFIG on TASK, or NULL when that run is missing. */
const result_row *results_cell(const results *r, unsigned config, unsigned task);

/* Index of a configuration or a task by name, or -1. */
int results_find_config(const results *r, const char *run);
int results_find_task(const results *r, const char *task);

/* Column index of a statistic, or -1. */
int results_stat_index(const results *r, const char *name);

/* Value of the statistic or measured column NAME ("cputime_s",
 * "walltime_s", "memory_mb" or a statistic) in ROW; NAN when missing.
 * STAT is the index from results_value_index(). */
double results_value(const result_row *row, int stat);

/* Index for results_value(): -1, -2, -3 for cputime_s, walltime_s,
 * memory_mb, else the statistic's column; RESULTS_NO_VALUE when unknown. */
#define RESULTS_NO_VALUE (-100)
int results_value_index(const results *r, const char *name);

/* The CPU time of ROW, at least FLOOR_S (a missing time counts as 0):
 * ratios and log scales need positive times. */
double results_cputime_floor(const result_row *row, double floor_s);

/* Sorts N doubles ascending. */
void sort_doubles(double *values, size_t n);

/* Judges every row under POLICY (scoring.h); results_load judges under
 * the default policy. */
void results_rescore(results *r, scoring_policy policy);

#endif
